"""Blind hold-out corpus #41 for a secret-redaction engine.

What it is
----------
A self-contained test corpus for an engine that strips credentials from the
working state a coding agent (Claude Code, Codex, Gemini CLI) saves to disk:
goals, running notes, shell commands, tool output, file excerpts, decisions,
chat messages pasted in by teammates, log lines and CI configuration.  Each
positive case names the exact substring that must disappear and a substring
that must stay readable; the negative cases are strings that look secret-ish
to a naive scanner but carry no credential and must come through untouched.

Theme
-----
Healthcare and clinical IT: hospital integration engines (Mirth Connect,
Rhapsody, Corepoint, Cloverleaf, HealthShare), HL7 v2 / FHIR / DICOM and PACS
(Orthanc, dcm4chee), EHR vendors' sandboxes, laboratory instruments and LIS
middleware (ASTM, HL7 ORU), pharmacy systems and dispensing cabinets,
e-prescribing, telehealth video platforms, medical-device firmware teams
(OTA signing, BLE pairing, Wi-Fi provisioning of pumps and monitors) and the
one-person IT departments of small clinics (fax servers, NAS, printers, VPN,
BitLocker, remote-support tools).

Provenance
----------
Written blind, from general knowledge only: no existing corpus, no engine
rule, no search tool or web page was consulted.  Where a vendor's real
credential shape is known (GitHub ghp_/github_pat_, GitLab glpat-, Slack
xox*, AWS AKIA + 40-char secret, Google AIza / ya29. / GOCSPX-, Stripe
sk_live_/rk_live_/whsec_, SendGrid SG., npm_, pypi-, hf_, Vault hvs., and so
on) it is imitated; where it is unknown (most healthcare vendors: EHR
sandboxes, integration hubs, e-prescribing, lab networks) a plausible shape
was invented.  Every host, organisation, person, identifier and value is
fictitious and every secret is a fresh random draw.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible):
         group    one of command, tool-output, config-file, source-code,
                  stack-trace-or-log, note-or-chat, ci-and-deploy,
                  vendor-token (185 entries each);
         format   kebab-case name of the shape, each used at most 3 times;
         text     the fragment as the agent would have recorded it;
         secret   the exact substring of text that must not survive
                  redaction (only the key body for PEM keys, only the
                  signature for signed URLs, only the password for
                  user:password pairs);
         visible  a substring of text that must remain readable, or "".
BENIGN   list of distinct strings with no credential in them that still
         look secret-ish: commit SHAs, checksums, UUIDs, DICOM UIDs, trace
         ids, public keys and fingerprints, public key ids, placeholders,
         masked values, references to where secrets live, base64 of
         ordinary text, prose and policy about passwords, cache keys...

Determinism
-----------
All random values come from ``_R = random.Random(4141)`` and are drawn at
import time in a fixed order; nothing iterates over a set or dict whose
order could vary, so importing the module twice yields identical lists.
Nothing is printed at import.

Measured
--------
Blind, written after the rules made for the forty-third and forty-fourth and read only
after: recall 0.952 (1,409 of 1,480) and false positives 23 of 950 (2.4%); 0.952 and 28
(2.9%) with the engine at that session's start. Tuned on since: 0.972 and 11 of 950.
"""
import base64
import json
import random
import re
import string
from urllib.parse import quote

_R = random.Random(4141)

_UP = string.ascii_uppercase
_LO = string.ascii_lowercase
_DG = string.digits
_AN = _UP + _LO + _DG
_HEXC = "0123456789abcdef"
_SYM = "!#*+-_.=?^~"
_USED = set()   # every secret value drawn so far (membership tests only)


def _s(chars, n):
    return "".join(_R.choice(chars) for _ in range(n))


def _pick(seq):
    return seq[_R.randrange(len(seq))]


def _hex(n):
    return _s(_HEXC, n)


def _an(n):
    return _s(_AN, n)


def _b64(n):
    return _s(_AN + "+/", n)


def _b64u(n):
    return _s(_AN + "-_", n)


def _dig(n):
    return _pick("123456789") + _s(_DG, n - 1)


def _b64enc(text):
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def _b64url_json(obj):
    raw = json.dumps(obj, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


# ---------------------------------------------------------------- words
_WORDS = [
    "Radiology", "Pulse", "Stetho", "Cardio", "Lotus", "Maple", "Harbor",
    "Falcon", "Orchid", "Summit", "Cedar", "Nimbus", "Tango", "Saffron",
    "Copper", "Willow", "Sparrow", "Glacier", "Velvet", "Ember", "Juniper",
    "Quartz", "Marigold", "Pepper", "Biscuit", "Otter", "Bluebird", "Scalpel",
    "Triage", "Insulin", "Dialysis", "Suture", "Plasma", "Neuron", "Aspirin",
    "Lavender", "Thunder", "Pickle", "Mango", "Rocket", "Kitten", "Hermes",
    "Gemini", "Orion", "Atlas", "Phoenix", "Sonnenblume", "Mariposa",
    "Kirschbaum", "Farfalla", "Zitrone", "Sakura", "Pinguin", "Girasol",
    "Biblioteca", "Papillon", "Fenix", "Tulip", "Heron", "Comet", "Badger",
    "Walnut", "Paprika", "Cobalt", "Meadow", "Lantern", "Oatmeal", "Pager",
    "Gurney", "Morphine", "Ventilator", "Catheter", "Bandage", "Thermo",
    "Pharmacy", "Labcoat", "Vitals", "Biopsy", "Sonogram", "Retina",
    "Kangaroo", "Panda", "Dolphin", "Cactus", "Bamboo", "Harmonica",
    "Trombone", "Velociraptor", "Sunflower", "Blueberry", "Snowfall",
]
_SEASONS = ["Spring", "Summer", "Autumn", "Winter", "Fall", "January",
            "March", "October", "Welcome", "Clinic", "Hospital", "Nurse"]


def _pron(n):
    cons = "bdfgklmnprstvz"
    vow = "aeiou"
    return "".join(_R.choice(cons) + _R.choice(vow) for _ in range(n))


def _leet(w):
    table = {"a": "@", "e": "3", "o": "0", "i": "1", "s": "5"}
    out = []
    for ch in w:
        if ch.lower() in table and _R.random() < 0.6:
            out.append(table[ch.lower()])
        else:
            out.append(ch)
    return "".join(out)


def _pw_any():
    style = _R.randrange(9)
    w = _pick(_WORDS)
    if style == 0:
        return w + _s(_DG, _pick([2, 3, 4])) + _pick("!#*?.")
    if style == 1:
        return _pick(_SEASONS) + str(_R.randint(2019, 2026)) + _pick("!#*") * _R.randint(1, 2)
    if style == 2:
        return _leet(w + _pick(_WORDS)) + _s(_DG, 2)
    if style == 3:
        return "-".join(x.lower() for x in _R.sample(_WORDS, 3)) + "-" + _s(_DG, 2)
    if style == 4:
        return _pron(_R.randint(3, 4)) + _s(_DG, _R.randint(2, 3))
    if style == 5:
        return _s(_AN + _SYM, _R.randint(14, 22))
    if style == 6:
        return w.lower() + _pick(".-_") + _pick(_WORDS).lower() + _s(_DG, 3)
    if style == 7:
        return _pick(_WORDS) + _pick("@#!") + _pick(_WORDS) + _s(_DG, 1)
    return _pick(_UP) + _s(_LO, 2) + _pick(_SYM) + _s(_AN, _R.randint(8, 12))


def _pw_without(bad):
    while True:
        p = _pw_any()
        if not any(ch in bad for ch in p):
            return p


def _pw():
    return _pw_without("@")


def _pwu():
    return _pw_without("@:/?#%&!*=+^ ")


def _pww():
    # password for places where only letters, digits, - _ . are comfortable
    return _pw_without("@:/?#%&!*=+^~ ")


def _phrase():
    return " ".join(x.lower() for x in _R.sample(_WORDS, _R.randint(4, 5)))


def _phrased():
    return _pick(["-", ".", "_"]).join(x.lower() for x in _R.sample(_WORDS, 4)) + _s(_DG, _R.randint(0, 2))


def _uuid():
    return "%s-%s-4%s-%s%s-%s" % (_hex(8), _hex(4), _hex(3), _pick("89ab"), _hex(3), _hex(12))


def _pem_body(prefix, total, width=64, pad="="):
    body = prefix + _b64(total - len(prefix) - len(pad)) + pad
    return [body[i:i + width] for i in range(0, len(body), width)]


def _pem(kind, sep="\n"):
    if kind == "rsa":
        lines = _pem_body("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", _R.randint(700, 900))
    elif kind == "rsa1":
        lines = _pem_body("MIIEpAIBAAKCAQEA", _R.randint(700, 900))
    elif kind == "ec":
        lines = _pem_body("MHcCAQEEI", 164, pad="")
    elif kind == "ec8":
        lines = _pem_body("MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg", 184, pad="")
    elif kind == "ossh":
        lines = _pem_body("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
                          "QyNTUxOQAAACA", 396, width=70, pad="")
    else:
        raise ValueError(kind)
    return sep.join(lines)


_SCOPES = ["system/Patient.read system/Observation.read", "system/*.read",
           "user/Patient.read launch openid fhirUser", "system/DiagnosticReport.read",
           "patient/*.read offline_access", "lab.results.write", "rx.submit"]


def _jwt(alg="RS256", extra=None):
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = _hex(16)
    now = 1735689600 + _R.randrange(40000000)
    claims = {
        "iss": "https://auth." + _orgd(),
        "sub": _pick(_SVCS) + "-" + _s(_DG, 4),
        "aud": _pick(["fhir-api", "ehr-gateway", "lab-results", "telehealth", "rx-hub"]),
        "iat": now,
        "exp": now + _pick([300, 900, 3600, 86400]),
        "scope": _pick(_SCOPES),
        "jti": _hex(16),
    }
    if extra:
        claims.update(extra)
    sig = _b64u(342 if alg.startswith("RS") else (43 if alg == "HS256" else 86))
    return _b64url_json(hdr) + "." + _b64url_json(claims) + "." + sig


def _twilio_jwt():
    hdr = {"typ": "JWT", "alg": "HS256", "cty": "twilio-fpa;v=1"}
    now = 1735689600 + _R.randrange(40000000)
    claims = {"jti": "SK" + _hex(32) + "-" + str(now), "iss": "SK" + _hex(32),
              "sub": "AC" + _hex(32), "exp": now + 3600,
              "grants": {"identity": "provider-" + _s(_DG, 5), "video": {"room": "visit-" + _s(_DG, 7)}}}
    return _b64url_json(hdr) + "." + _b64url_json(claims) + "." + _b64u(43)


def _HEX8():
    return _hex(8)


def _lan22():
    return _s(_LO + _DG, 22)


def _bech32(n):
    return _s("023456789ACDEFGHJKLMNPQRSTUVWXYZ", n)


# ------------------------------------------------------ secret tokens
_TOK = {
    "an": _an, "hex": _hex, "HEX": lambda n: _s("0123456789ABCDEF", n),
    "b64": _b64, "b64u": _b64u, "dig": _dig, "lan": lambda n: _s(_LO + _DG, n),
    "up": lambda n: _s(_UP + _DG, n), "lo": lambda n: _s(_LO, n),
    "bech": _bech32, "azs": lambda n: _s(_AN + "-_.~", n),
    "pw": lambda n: _pw(), "pwu": lambda n: _pwu(), "pww": lambda n: _pww(),
    "pwany": lambda n: _pw_any(),
    "phrase": lambda n: _phrase(), "phrased": lambda n: _phrased(),
    "pron": lambda n: _pron(n or 4) + _s(_DG, 2),
    "rand": lambda n: _s(_AN + _SYM, n or 20),
    "uuid": lambda n: _uuid(),
    "jwt": lambda n: _jwt(), "jwths": lambda n: _jwt("HS256"), "jwtes": lambda n: _jwt("ES256"),
    "pemrsa": lambda n: _pem("rsa"), "pemrsb": lambda n: _pem("rsa1"),
    "pemec": lambda n: _pem("ec"), "pemec8": lambda n: _pem("ec8"), "pemossh": lambda n: _pem("ossh"),
}


def _expand(spec):
    return re.sub(r"<([A-Za-z0-9_]+)(?::(\d+))?>",
                  lambda m: _TOK[m.group(1)](int(m.group(2)) if m.group(2) else 0), spec)


# ------------------------------------------------------ context fillers
_ORGS = ["maplecrest", "riverbend", "northfield", "sunvale", "cedarpoint", "bluewater",
         "oakhaven", "lakeshore", "pinegrove", "kestrel", "westbrook", "alderbank",
         "stonebridge", "larkspur", "fernhill", "silverlake", "brightwater", "hollowell",
         "ashgrove", "redwing", "copperfield", "elmstead", "marshgate", "valeview",
         "quillon", "tessaly", "brookhaven-east", "moorfield", "saltmarsh", "juniper-ridge"]
_ORGSUF = ["health", "medical", "clinic", "hospital", "imaging", "labs", "peds",
           "cardiology", "ortho", "familymed", "rehab", "oncology", "dialysis", "urgentcare"]
_TLDS = ["internal", "local", "lan", "corp", "example", "test", "example.org",
         "example.net", "intra", "hosp.example"]
_ROLES = ["mirth", "rhapsody", "corepoint", "cloverleaf", "iris", "pacs", "orthanc",
          "dcm4chee", "lis", "ris", "ehrdb", "fhir", "hl7gw", "sftp", "telehealth", "pharm",
          "omnicell-if", "pyxis-bridge", "lab-mw", "reports", "sql", "fax", "dc", "vpn",
          "mllp", "hie", "edi", "pacs-arch", "mwl", "viewer", "portal", "dose", "anesth",
          "billing", "nas", "backup", "kiosk", "epcs", "interface", "cds"]
_ENVS = ["prd", "prod", "uat", "tst", "dev", "stg", "dr", "train"]
_FIRST = ["Priya", "Tomás", "Aigerim", "Kwame", "Siobhan", "Mateus", "Yuki", "Olumide",
          "Fatima", "Henrik", "Ngozi", "Dmitri", "Lucía", "Wei", "Anjali", "Jonas", "Amara",
          "Rafael", "Ingrid", "Kenji", "Leila", "Mehmet", "Sofia", "Thabo", "Camille", "Raúl",
          "Oksana", "Bongani", "Elif", "Nikhil", "Maren", "Diego", "Hannah", "Tariq",
          "Beatriz", "Chloé", "Arjun", "Zanele", "Petra", "Kofi", "Marisol", "Bjorn",
          "Noor", "Lars", "Adaeze", "Takumi", "Valentina", "Imran", "Greta", "Joaquín",
          "Hyun-woo", "Mei", "Rosa", "Emeka", "Astrid", "Farid", "Dalia", "Ruth", "Pavel"]
_LAST = ["Okafor", "Lindqvist", "Haddad", "Nakamura", "Fernandes", "O'Brien", "Kowalski",
         "Mensah", "Castillo", "Petrov", "Iyer", "Schneider", "Adeyemi", "Moreau", "Tanaka",
         "Rossi", "Novak", "Delgado", "Chen", "Abubakar", "Larsen", "Quispe", "Varga",
         "Whitfield", "Ndlovu", "Sato", "Brennan", "Kaur", "Hoffmann", "Alvarez"]
_SVCS = ["svc_mirth", "hl7_interface", "mirth_ro", "fhir-client", "lis_bridge", "pacs_admin",
         "omnicell_if", "sa_reporting", "etl_loader", "svc-telehealth", "pharm_sync",
         "dicom_router", "backup_svc", "orthanc", "rhapsody_svc", "ehr_api", "claims_edi",
         "labcorp_ftp", "quest_sftp", "epcs_svc", "svc_scan", "fax_relay", "lab_results",
         "cds_engine", "hie_push", "svc_rcopia", "ris_reader", "dose_monitor"]
_DBS = ["mirthdb", "ehr_reporting", "lis_prod", "pacs_index", "pharmacy", "telehealth",
        "fhir_store", "orthanc", "dcm4chee", "billing", "scheduling", "radiology",
        "hl7_archive", "cds_rules", "emr_replica", "openemr", "lab_qc", "formulary"]
_APPS = ["fhir-proxy", "hl7-router", "lab-bridge", "rx-gateway", "pacs-sync", "tele-visit-api",
         "result-notifier", "orders-api", "device-telemetry", "mwl-bridge", "consent-svc",
         "claims-batcher", "dose-tracker", "kiosk-checkin", "portal-web"]
_NSS = ["integration", "clinical-apps", "imaging", "lab", "pharmacy", "telehealth", "hie",
        "devices", "ehr-sandbox", "interfaces"]
_REGIONS = ["us-east-1", "us-east-2", "us-west-2", "ca-central-1", "eu-west-1", "eu-central-1",
            "ap-southeast-2"]
_AETS = ["ORTHANC", "PACS_ARCH", "CT_SCANNER1", "US_ROOM3", "MR_SIEMENS", "MODWL", "DCM4CHEE",
         "CR_XRAY2", "VNA_MAIN", "MAMMO_1", "NUCMED", "CATHLAB"]
_FACS = ["MCH", "RBMC", "NFC", "SVH", "CPH", "BWP", "OHO", "LSI", "PGFM", "KDX", "WBC", "ABR"]
_SSIDS = ["BioMed-IoT", "ClinicalDevices", "Pumps-5G", "Clinic-Staff", "TeleRoom", "VaxFridge",
          "Imaging-WLAN", "Nurse-Station", "Lab-Instruments", "Guest-Patients"]


def _ascii(name):
    table = {"á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u", "ñ": "n", "ö": "o", "ü": "u"}
    return "".join(table.get(c, c) for c in name.lower() if c.isalnum() or c in "áéíóúñöü")


def _org():
    return _pick(_ORGS) + "-" + _pick(_ORGSUF)


def _orgd():
    return _org() + "." + _pick(_TLDS)


def _host():
    return "%s-%s%02d.%s" % (_pick(_ROLES), _pick(_ENVS), _R.randint(1, 12), _orgd())


def _ip():
    k = _R.randrange(3)
    if k == 0:
        return "10.%d.%d.%d" % (_R.randint(0, 254), _R.randint(0, 254), _R.randint(2, 250))
    if k == 1:
        return "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 254), _R.randint(2, 250))
    return "192.168.%d.%d" % (_R.randint(0, 254), _R.randint(2, 250))


def _clinic():
    return "%s %s" % (_pick(["Maplecrest", "Riverbend", "Northfield", "Sunvale", "Cedar Point",
                             "Bluewater", "Oakhaven", "Lakeshore", "Pinegrove", "Kestrel",
                             "Westbrook", "Larkspur", "Fernhill", "Silverlake"]),
                      _pick(["Family Practice", "Pediatrics", "Imaging Center", "Dialysis Unit",
                             "Urgent Care", "Cardiology Associates", "Women's Health",
                             "Community Clinic", "Orthopedics", "Oncology Center"]))


def _user():
    return _ascii(_pick(_FIRST))[:1] + _ascii(_pick(_LAST))


def _email():
    return "%s.%s@%s" % (_ascii(_pick(_FIRST)), _ascii(_pick(_LAST)), _orgd())


def _date():
    return "2025-%02d-%02d" % (_R.randint(1, 12), _R.randint(1, 28))


def _ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (_date(), _R.randint(0, 23), _R.randint(0, 59),
                                         _R.randint(0, 59), _R.randint(0, 999))


def _dicomuid():
    return "1.2.840.113619.2.%d.%d.%d.%d" % (_R.randint(1, 400), _R.randint(1000, 99999),
                                            _R.randint(10 ** 8, 10 ** 9), _R.randint(1, 999))


_FILL = {
    "host": _host, "ip": _ip, "org": _org, "orgd": _orgd, "clinic": _clinic,
    "person": lambda: _pick(_FIRST), "last": lambda: _pick(_LAST), "user": _user,
    "email": _email, "svc": lambda: _pick(_SVCS), "db": lambda: _pick(_DBS),
    "date": _date, "ts": _ts,
    "time": lambda: "%02d:%02d" % (_R.randint(6, 22), _R.randint(0, 59)),
    "ticket": lambda: _pick(["INC", "CHG", "RITM", "HLPDSK-", "INTEG-", "PACS-", "LAB-"]) + str(_R.randint(1000, 999999)),
    "uuid": _uuid, "hex8": lambda: _hex(8), "hex12": lambda: _hex(12),
    "hex16": lambda: _hex(16), "hex32": lambda: _hex(32), "sha": lambda: _hex(40),
    "sha7": lambda: _hex(7), "hex64": lambda: _hex(64),
    "num": lambda: str(_R.randint(100, 9999)), "num6": lambda: str(_R.randint(100000, 999999)),
    "port": lambda: str(_pick([2575, 6661, 6662, 7001, 8080, 8443, 9443, 5000, 11112, 4242, 104, 8042])),
    "region": lambda: _pick(_REGIONS),
    "bucket": lambda: "%s-%s-%s" % (_pick(_ORGS), _pick(["dicom", "hl7-archive", "lab-exports", "backups", "fhir-bulk", "fax-inbox"]), _pick(_ENVS)),
    "ver": lambda: "%d.%d.%d" % (_R.randint(1, 9), _R.randint(0, 20), _R.randint(0, 30)),
    "aet": lambda: _pick(_AETS), "ns": lambda: _pick(_NSS), "app": lambda: _pick(_APPS),
    "env": lambda: _pick(["prod", "staging", "uat", "test", "dev", "train"]),
    "fac": lambda: _pick(_FACS),
    "acc": lambda: "ACC" + str(_R.randint(10 ** 7, 10 ** 8)),
    "mrn": lambda: "MRN" + str(_R.randint(10 ** 6, 10 ** 7)),
    "dicomuid": _dicomuid,
    "npi": lambda: "1" + _s(_DG, 9),
    "ssid": lambda: _pick(_SSIDS),
    "akid": lambda: "AKIA" + _s(_UP + "234567", 16),
    "acsid": lambda: "AC" + _hex(32),
    "kid": lambda: _hex(8) + "-" + _hex(4),
    "lo26": lambda: _s(_LO + _DG, 26),
    "an20": lambda: _an(20),
    "HEXID": lambda: _uuid().upper(),
    "up9": lambda: _s(_UP + _DG, 9),
    "lo8": lambda: _s(_LO, 8),
    "b64u43": lambda: _b64u(43),
    "b64u79": lambda: _b64u(79),
    "n": lambda: str(_R.randint(2, 60)),
    "ms": lambda: str(_R.randint(3, 4000)),
    "pidn": lambda: str(_R.randint(300, 65000)),
    "b64t": lambda: _b64enc(_pick(["hello from the lab bridge", "MSH|^~\\&|LAB|MCH|EHR|MCH",
                                    "patient portal maintenance window", "channel deployed OK",
                                    "result batch 42 complete", "ping", "FHIR bundle accepted",
                                    "study forwarded to archive", "nightly export finished"]) + " " + str(_R.randint(1, 999))),
}


class _Ctx(dict):
    def __missing__(self, key):
        if key in _FILL:
            val = _FILL[key]()
        else:
            base = key.split("_")[0]
            val = _FILL[base]()
        self[key] = val
        return val


def _render(tpl, ctx):
    return re.sub(r"@@(\w+)@@", lambda m: ctx[m.group(1)], tpl)


_GROUPS = ["command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
           "note-or-chat", "ci-and-deploy", "vendor-token"]
_SPECS = dict((g, []) for g in _GROUPS)
_FMTNAMES = set()


def _T(group, fmt, gen, tpl, vis=""):
    if fmt in _FMTNAMES:
        raise ValueError("duplicate format name: " + fmt)
    _FMTNAMES.add(fmt)
    _SPECS[group].append((fmt, gen, tpl, vis))


def _cmd(*a):
    _T("command", *a)


def _out(*a):
    _T("tool-output", *a)


def _cfg(*a):
    _T("config-file", *a)


def _src(*a):
    _T("source-code", *a)


def _log(*a):
    _T("stack-trace-or-log", *a)


def _note(*a):
    _T("note-or-chat", *a)


def _ci(*a):
    _T("ci-and-deploy", *a)


def _vend(*a):
    _T("vendor-token", *a)


# ctx-dependent secret builders
def _basic(c, userkey="svc"):
    return _b64enc(c[userkey] + ":" + _pwu())


def _pct(c):
    while True:
        p = _pw_any()
        q = quote(p, safe="")
        if q != p:
            return q

# =====================================================================
# command: shell commands the agent ran or was asked to run
# =====================================================================
_cmd("psql-pgpassword-env-prefix", "<pw>",
     "PGPASSWORD='@@S@@' psql -h @@host@@ -U @@svc@@ -d @@db@@ -c \"select count(*) from hl7_inbound where received_at > now() - interval '1 hour'\"",
     "psql -h @@host@@")
_cmd("mysql-quoted-p-flag", "<pw>",
     "mysql -h @@host@@ -u lis_ro -p'@@S@@' lis_prod -e 'SELECT instrument_id, last_result_at FROM instruments ORDER BY 2 DESC LIMIT 20'",
     "mysql -h @@host@@ -u lis_ro")
_cmd("curl-u-user-colon-password", "<pwu>",
     "curl -sk -u @@svc@@:@@S@@ 'https://@@host@@:8443/fhir/r4/Patient?identifier=@@mrn@@&_count=5' | jq '.total'",
     "https://@@host@@:8443/fhir/r4/Patient")
_cmd("curl-bearer-jwt-fhir-observation", "<jwt>",
     "curl -s -H \"Authorization: Bearer @@S@@\" -H 'Accept: application/fhir+json' \"https://fhir.@@orgd@@/r4/Observation?patient=@@uuid@@&category=laboratory\"",
     "Accept: application/fhir+json")
_cmd("sshpass-scp-dicom-export", "<pw>",
     "sshpass -p '@@S@@' scp -P 2222 ./export/*.dcm @@user@@@@@host@@:/incoming/studies/",
     "@@host@@:/incoming/studies/")
_cmd("sqlcmd-sa-capital-p", "<pw>",
     "sqlcmd -S @@host@@,1433 -U sa -P \"@@S@@\" -d EHR_Reporting -Q \"SELECT TOP 10 * FROM dbo.InterfaceErrors ORDER BY CreatedAt DESC\"",
     "sqlcmd -S @@host@@,1433 -U sa")
_cmd("mongosh-uri-with-password", "<pwu>",
     "mongosh \"mongodb://fhiradmin:@@S@@@@@host@@:27017/fhir?authSource=admin&tls=true\" --eval 'db.Observation.countDocuments()'",
     "authSource=admin")
_cmd("redis-cli-a-flag", "<an:32>",
     "redis-cli -h @@host@@ -p 6379 -a '@@S@@' --no-auth-warning --scan --pattern 'visit-session:*' | head",
     "redis-cli -h @@host@@ -p 6379")
_cmd("docker-login-p-flag", "<pwu>",
     "docker login registry.@@orgd@@ -u ci-bot -p @@S@@ && docker push registry.@@orgd@@/integration/hl7-router:@@ver@@",
     "docker login registry.@@orgd@@ -u ci-bot")
_cmd("kubectl-create-secret-from-literal", "<pw>",
     "kubectl -n @@ns@@ create secret generic mirth-db --from-literal=username=mirth --from-literal=password='@@S@@' --dry-run=client -o yaml | kubectl apply -f -",
     "kubectl -n @@ns@@ create secret generic mirth-db")
_cmd("htpasswd-batch-create", "<pw>",
     "sudo htpasswd -b -c /etc/nginx/.htpasswd_orthanc radiology '@@S@@' && sudo nginx -s reload",
     "/etc/nginx/.htpasswd_orthanc")
_cmd("openssl-pkcs12-passout-pass", "<pww>",
     "openssl pkcs12 -export -in surescripts_@@env@@.crt -inkey surescripts_@@env@@.key -certfile chain.pem -out surescripts_@@env@@.p12 -passout pass:@@S@@",
     "openssl pkcs12 -export")
_cmd("keytool-storepass-import", "<pww>",
     "keytool -importcert -alias epic-nonprod -file epic_interconnect.cer -keystore /opt/mirthconnect/appdata/keystore.jks -storepass @@S@@ -noprompt",
     "/opt/mirthconnect/appdata/keystore.jks")
_cmd("mirth-cli-mccommand-password", "<pw>",
     "./mccommand -a https://@@host@@:8443 -u admin -p '@@S@@' -s /tmp/redeploy_lab_channels.txt",
     "./mccommand -a https://@@host@@:8443 -u admin")
_cmd("net-use-drive-map-password", "<pw>",
     "net use S: \\\\@@host@@\\Scans /user:CLINIC\\frontdesk @@S@@ /persistent:yes",
     "/user:CLINIC\\frontdesk")
_cmd("smbclient-user-percent-password", "<pw>",
     "smbclient //@@host@@/RadiologyShare -U 'CLINIC\\pacsvc%@@S@@' -c 'cd incoming; ls'",
     "smbclient //@@host@@/RadiologyShare")
_cmd("xfreerdp-slash-p", "<pw>",
     "xfreerdp /v:@@host@@ /u:itadmin /d:CLINIC /p:'@@S@@' /cert:ignore /dynamic-resolution",
     "xfreerdp /v:@@host@@ /u:itadmin")
_cmd("ldapsearch-bind-w", "<pw>",
     "ldapsearch -H ldaps://@@host@@ -D 'cn=svc-ehr-sync,ou=Service Accounts,dc=clinic,dc=local' -w '@@S@@' -b 'ou=Clinicians,dc=clinic,dc=local' '(memberOf=cn=Prescribers,ou=Groups,dc=clinic,dc=local)' mail npi",
     "ou=Clinicians,dc=clinic,dc=local")
_cmd("git-clone-oauth2-glpat-url", "glpat-<b64u:20>",
     "git clone https://oauth2:@@S@@@gitlab.@@orgd@@/firmware/infusion-pump-fw.git && cd infusion-pump-fw && git checkout release/@@ver@@",
     "firmware/infusion-pump-fw.git")
_cmd("heredoc-write-dotenv", "<an:40>",
     "cat > .env <<'EOF'\nFHIR_BASE_URL=https://fhir.@@orgd@@/r4\nFHIR_CLIENT_ID=@@app@@-backend\nFHIR_CLIENT_SECRET=@@S@@\nLOG_LEVEL=debug\nEOF",
     "FHIR_CLIENT_ID=@@app@@-backend")
_cmd("export-aws-secret-then-s3-ls", "<b64:40>",
     "export AWS_ACCESS_KEY_ID=@@akid@@\nexport AWS_SECRET_ACCESS_KEY=@@S@@\naws s3 ls s3://@@bucket@@/studies/ --region @@region@@",
     "aws s3 ls s3://@@bucket@@/studies/")
_cmd("vault-kv-put-inline-value", "<pw>",
     "vault kv put secret/clinical/lis/@@env@@ db_user=lis_app db_password='@@S@@'",
     "secret/clinical/lis/@@env@@")
_cmd("az-login-service-principal-p", "<an:3>8Q~<azs:34>",
     "az login --service-principal -u @@uuid@@ -p '@@S@@' --tenant @@uuid_b@@ && az healthcareapis workspace list -o table",
     "az healthcareapis workspace list")
_cmd("ecr-token-password-stdin-echo", "eyJwYXlsb2FkIjoi<b64:220>",
     "echo '@@S@@' | docker login --username AWS --password-stdin @@num6@@112233.dkr.ecr.@@region@@.amazonaws.com",
     "docker login --username AWS --password-stdin")
_cmd("wget-ftp-user-password-flags", "<pw>",
     "wget --user=quest_results --password='@@S@@' 'ftp://@@host@@/outbound/ORU_@@date@@_*.hl7' -P /data/inbound/quest",
     "/data/inbound/quest")
_cmd("lftp-u-comma-password", "<pw>",
     "lftp -u labcorp_edi,'@@S@@' sftp://@@host@@ -e 'mirror --only-newer /results ./inbound/labcorp; bye'",
     "sftp://@@host@@")
_cmd("curl-ftp-upload-claims", "<pwu>",
     "curl -T claims_837P_@@date@@.x12 ftp://edi_submit:@@S@@@@@host@@/inbound/ --ftp-ssl-reqd",
     "claims_837P_@@date@@.x12")
_cmd("ipmitool-lanplus-capital-p", "<pw>",
     "ipmitool -I lanplus -H @@ip@@ -U ADMIN -P '@@S@@' chassis power status   # pacs archive node",
     "chassis power status")
_cmd("snmpwalk-v2c-community", "<pron:4>",
     "snmpwalk -v2c -c @@S@@ @@ip@@ 1.3.6.1.4.1.@@num@@.2.1   # infusion pump gateway MIB",
     "1.3.6.1.4.1.@@num@@.2.1")
_cmd("snmpget-v3-auth-passphrase", "<pw>",
     "snmpget -v3 -l authNoPriv -u pumpmon -a SHA -A '@@S@@' @@ip@@ sysUpTime.0 sysDescr.0",
     "-u pumpmon -a SHA")
_cmd("sqlplus-user-slash-password-at", "<pwu>",
     "sqlplus pharm_owner/@@S@@@//@@host@@:1521/PHARMPDB @scripts/formulary_refresh.sql",
     "@scripts/formulary_refresh.sql")
_cmd("pg-dump-uri-password", "<pwu>",
     "pg_dump \"postgresql://orthanc:@@S@@@@@host@@:5432/orthanc?sslmode=require\" -Fc -f /backup/orthanc_@@date@@.dump",
     "/backup/orthanc_@@date@@.dump")
_cmd("hl7-send-tls-key-pass", "<pw>",
     "hl7send --host @@host@@ --port 6661 --tls --cert client.pem --key client.key --key-pass '@@S@@' samples/ADT_A04_@@num@@.hl7",
     "samples/ADT_A04_@@num@@.hl7")
_cmd("dcmtk-storescu-tls-use-passwd", "<pww>",
     "storescu +tls site.key site.crt --use-passwd @@S@@ +cf ca.pem -aet MODALITY1 -aec @@aet@@ @@host@@ 2762 +sd ./study_@@acc@@/",
     "-aec @@aet@@ @@host@@ 2762")
_cmd("dcmtk-findscu-user-identity-password", "<pww>",
     "findscu -aet MWL_SCU -aec @@aet@@ --user radtech --password @@S@@ -W -k 0008,0050=@@acc@@ @@host@@ 4242",
     "-aec @@aet@@ --user radtech")
_cmd("curl-orthanc-url-embedded-admin", "<pwu>",
     "curl -s http://admin:@@S@@@@@host@@:8042/tools/find -d '{\"Level\":\"Study\",\"Query\":{\"AccessionNumber\":\"@@acc@@\"}}'",
     "/tools/find")
_cmd("httpie-auth-a-flag", "<pwu>",
     "http -a @@svc@@:@@S@@ POST https://@@host@@/api/v1/orders patient_id=@@mrn@@ test_code=2345-7",
     "POST https://@@host@@/api/v1/orders")
_cmd("powershell-convertto-securestring-new-localuser", "<pw>",
     "$pw = ConvertTo-SecureString '@@S@@' -AsPlainText -Force; New-LocalUser -Name 'kiosk-checkin' -Password $pw -PasswordNeverExpires",
     "New-LocalUser -Name 'kiosk-checkin'")
_cmd("cmdkey-add-pass", "<pw>",
     "cmdkey /add:@@host@@ /user:CLINIC\\scanadmin /pass:@@S@@",
     "/user:CLINIC\\scanadmin")
_cmd("schtasks-create-rp", "<pw>",
     "schtasks /create /tn \"Nightly HL7 Archive\" /tr C:\\scripts\\archive_hl7.ps1 /sc daily /st 02:00 /ru CLINIC\\svc_backup /rp @@S@@",
     "/tn \"Nightly HL7 Archive\"")
_cmd("sc-config-service-password", "<pw>",
     "sc.exe config MirthConnect obj= CLINIC\\svc_mirth password= @@S@@ && sc.exe start MirthConnect",
     "sc.exe config MirthConnect")
_cmd("mysqldump-long-password-flag", "<pw>",
     "mysqldump --host=@@host@@ --user=openemr --password='@@S@@' --single-transaction openemr > openemr_$(date +%F).sql",
     "--single-transaction openemr")
_cmd("influx-query-token-flag", "<b64u:86>==",
     "influx query --host https://@@host@@:8086 --org clinical-eng --token @@S@@ 'from(bucket:\"infusion_pumps\") |> range(start: -1h)'",
     "--org clinical-eng")
_cmd("mosquitto-pub-capital-p", "<pw>",
     "mosquitto_pub -h @@host@@ -p 8883 --cafile ca.crt -u monitor-gw -P '@@S@@' -t 'icu/bed@@n@@/spo2' -m '97'",
     "-t 'icu/bed@@n@@/spo2'")
_cmd("openssl-enc-pass-pass", "<pw>",
     "openssl enc -aes-256-cbc -pbkdf2 -salt -in patient_export_@@date@@.csv -out patient_export_@@date@@.csv.enc -pass pass:'@@S@@'",
     "patient_export_@@date@@.csv")
_cmd("zip-encrypt-capital-p", "<pw>",
     "zip -P '@@S@@' -r referral_packet_@@mrn@@.zip referral/ && echo sent to cardiology",
     "referral_packet_@@mrn@@.zip")
_cmd("7z-archive-p-attached", "<pww>",
     "7z a -p@@S@@ -mhe=on lab_results_Q@@n@@.7z ./results/*.pdf",
     "lab_results_Q@@n@@.7z")
_cmd("gpg-batch-passphrase-decrypt", "<phrase>",
     "gpg --batch --pinentry-mode loopback --passphrase '@@S@@' -o era_835_@@date@@.txt -d era_835_@@date@@.txt.gpg",
     "era_835_@@date@@.txt.gpg")
_cmd("sshpass-ssh-restart-service", "<pw>",
     "sshpass -p '@@S@@' ssh -o StrictHostKeyChecking=no root@@@ip@@ 'systemctl restart orthanc && systemctl status orthanc --no-pager'",
     "systemctl restart orthanc")
_cmd("expect-oneliner-send-password", "<pw>",
     "expect -c 'spawn ssh pacsadm@@@host@@; expect \"assword:\"; send \"@@S@@\\r\"; interact'",
     "spawn ssh pacsadm@@@host@@")
_cmd("ansible-playbook-extra-vars-become", "<pw>",
     "ansible-playbook -i inventories/clinics.ini site.yml -e 'ansible_become_password=@@S@@' --limit @@org@@ --tags printers",
     "--limit @@org@@ --tags printers")
_cmd("echo-vault-pass-file", "<phrased>",
     "echo '@@S@@' > ~/.vault_pass && chmod 600 ~/.vault_pass && ansible-vault view group_vars/pharmacy/vault.yml --vault-password-file ~/.vault_pass",
     "group_vars/pharmacy/vault.yml")
_cmd("helm-upgrade-set-password", "<pww>",
     "helm upgrade --install hapi-fhir ./charts/hapi-fhir -n @@ns@@ --set postgresql.auth.password=@@S@@ --set image.tag=v@@ver@@",
     "helm upgrade --install hapi-fhir")
_cmd("terraform-apply-var-flag", "<pw>",
     "terraform apply -var 'db_admin_password=@@S@@' -target=module.ehr_reporting -auto-approve",
     "-target=module.ehr_reporting")
_cmd("docker-run-e-database-password", "<pww>",
     "docker run -d --name mirth -e DATABASE=postgres -e DATABASE_URL=jdbc:postgresql://@@host@@:5432/mirthdb -e DATABASE_USERNAME=mirth -e DATABASE_PASSWORD=@@S@@ -p 8443:8443 nextgenhealthcare/connect:@@ver@@",
     "nextgenhealthcare/connect:@@ver@@")
_cmd("compose-up-inline-sa-password", "<pw>",
     "MSSQL_SA_PASSWORD='@@S@@' ACCEPT_EULA=Y docker compose -f docker-compose.pharmacy.yml up -d sqlserver",
     "docker-compose.pharmacy.yml")
_cmd("minio-mc-alias-set", "<an:40>",
     "mc alias set dicomstore https://@@host@@:9000 dicom-writer @@S@@ && mc ls dicomstore/studies",
     "mc ls dicomstore/studies")
_cmd("restic-password-env-snapshots", "<phrased>",
     "RESTIC_PASSWORD='@@S@@' restic -r sftp:backup@@@host@@:/srv/restic/pacs snapshots --latest 3",
     "/srv/restic/pacs")
_cmd("borg-passphrase-export-create", "<phrase>",
     "export BORG_PASSPHRASE='@@S@@'\nborg create --stats /mnt/backup/borg::orthanc-{now:%Y-%m-%d} /var/lib/orthanc/db",
     "/var/lib/orthanc/db")
_cmd("rabbitmqctl-add-user", "<pw>",
     "rabbitmqctl add_user hl7-ingest '@@S@@' && rabbitmqctl set_permissions -p /lab hl7-ingest '.*' '.*' '.*'",
     "set_permissions -p /lab hl7-ingest")
_cmd("mysql-e-create-user-identified-by", "<pw>",
     "mysql -uroot -e \"CREATE USER 'instrument_mw'@'10.20.%' IDENTIFIED BY '@@S@@'; GRANT INSERT ON lis.results TO 'instrument_mw'@'10.20.%';\"",
     "GRANT INSERT ON lis.results")
_cmd("net-user-add-local-account", "<pw>",
     "net user frontdesk@@n@@ @@S@@ /add /fullname:\"Front Desk @@n@@\" /passwordchg:no",
     "/fullname:\"Front Desk @@n@@\"")
_cmd("set-adaccountpassword-reset", "<pw>",
     "Set-ADAccountPassword -Identity @@user@@ -Reset -NewPassword (ConvertTo-SecureString -AsPlainText '@@S@@' -Force); Set-ADUser @@user@@ -ChangePasswordAtLogon $true",
     "Set-ADUser @@user@@ -ChangePasswordAtLogon")
_cmd("echo-pipe-chpasswd", "<pw>",
     "echo 'pacsuser:@@S@@' | sudo chpasswd && sudo chage -d 0 pacsuser",
     "sudo chage -d 0 pacsuser")
_cmd("echo-pipe-sudo-capital-s", "<pw>",
     "echo '@@S@@' | sudo -S systemctl restart mirthconnect.service",
     "systemctl restart mirthconnect.service")
_cmd("nmcli-wifi-connect-password", "<pw>",
     "nmcli dev wifi connect '@@ssid@@' password '@@S@@' ifname wlan0",
     "nmcli dev wifi connect '@@ssid@@'")
_cmd("wpa-passphrase-append", "<phrased>",
     "wpa_passphrase @@ssid@@ '@@S@@' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf",
     "/etc/wpa_supplicant/wpa_supplicant.conf")
_cmd("git-credentials-echo-append", "ghp_<an:36>",
     "echo 'https://@@user@@:@@S@@@github.com' >> ~/.git-credentials && git config --global credential.helper store",
     "git config --global credential.helper store")
_cmd("npm-config-set-authtoken-scope", "ghp_<an:36>",
     "npm config set //npm.pkg.github.com/:_authToken @@S@@ && npm i @@@org@@/hl7-parser",
     "//npm.pkg.github.com/")
_cmd("pip-install-index-url-creds", "<pwu>",
     "pip install --index-url https://deploy:@@S@@@nexus.@@orgd@@/repository/pypi-clinical/simple hl7apy-ext==@@ver@@",
     "hl7apy-ext==@@ver@@")
_cmd("twine-upload-u-token-p", "pypi-AgEIcHlwaS5vcmc<b64u:120>",
     "twine upload -u __token__ -p @@S@@ dist/fhir_bulk_export-@@ver@@*",
     "twine upload -u __token__")
_cmd("curl-x-api-key-header-redox", "<an:40>",
     "curl -s -X POST https://api.redox.example/endpoint -H 'Content-Type: application/json' -H 'X-Api-Key: @@S@@' -d @scheduling_new.json",
     "https://api.redox.example/endpoint")
_cmd("kubectl-config-set-credentials-token", "<jwt>",
     "kubectl config set-credentials deployer --token=@@S@@ && kubectl config use-context clinical-@@env@@",
     "kubectl config use-context clinical-@@env@@")
_cmd("sqlcmd-bcp-export-password", "<pw>",
     "bcp \"SELECT * FROM Pharmacy.dbo.Dispenses WHERE DispensedAt >= '@@date@@'\" queryout dispenses.csv -c -t, -S @@host@@ -U rx_reader -P @@S@@",
     "queryout dispenses.csv")
_cmd("psql-conninfo-password-keyword", "<pw>",
     "psql \"host=@@host@@ port=5432 dbname=@@db@@ user=report_ro password=@@S@@ sslmode=verify-full\" -f monthly_readmissions.sql",
     "-f monthly_readmissions.sql")
_cmd("curl-data-urlencode-client-secret", "<an:48>",
     "curl -s https://login.@@orgd@@/oauth2/token -d grant_type=client_credentials -d client_id=@@app@@ --data-urlencode 'client_secret=@@S@@' -d scope=system/Patient.read",
     "-d grant_type=client_credentials")
_cmd("winrm-invoke-command-plain-cred", "<pw>",
     "Invoke-Command -ComputerName @@host@@ -Credential (New-Object PSCredential('CLINIC\\itadmin',(ConvertTo-SecureString '@@S@@' -AsPlainText -Force))) -ScriptBlock { Restart-Service RightFax }",
     "Restart-Service RightFax")
_cmd("rsync-password-env", "<pww>",
     "RSYNC_PASSWORD=@@S@@ rsync -av --delete backup@@@host@@::pacs-nightly /mnt/offsite/pacs/",
     "/mnt/offsite/pacs/")
_cmd("plink-pw-flag-windows", "<pw>",
     "plink.exe -ssh -pw \"@@S@@\" hl7admin@@@host@@ \"tail -n 50 /var/log/hl7/router.log\"",
     "/var/log/hl7/router.log")
_cmd("iris-session-login-heredoc", "<pw>",
     "iris session HEALTHSHARE -U %SYS <<EOF\n_SYSTEM\n@@S@@\ndo ##class(Ens.Director).StopProduction()\nhalt\nEOF",
     "iris session HEALTHSHARE -U %SYS")
_cmd("curl-basic-header-precomputed", lambda c: _basic(c),
     "curl -H 'Authorization: Basic @@S@@' https://@@host@@/hapi-fhir-jpaserver/fhir/metadata -o capability.json",
     "/hapi-fhir-jpaserver/fhir/metadata")
_cmd("teamviewer-cli-assign-password", "<pw>",
     "\"C:\\Program Files\\TeamViewer\\TeamViewer.exe\" setup --grant-easy-access --password @@S@@   # reception PC @@n@@",
     "--grant-easy-access")

# =====================================================================
# tool-output: what came back from commands the agent ran
# =====================================================================
_out("env-grep-output", "<pw>",
     "$ env | grep -i mirth\nMIRTH_HOME=/opt/mirthconnect\nMIRTH_DB_USER=mirth\nMIRTH_DB_PASS=@@S@@\nMIRTH_JVM_HEAP=2048m",
     "MIRTH_HOME=/opt/mirthconnect")
_out("docker-inspect-env-array", "<pww>",
     "$ docker inspect orthanc --format '{{json .Config.Env}}' | jq .\n[\n  \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\",\n  \"ORTHANC__POSTGRESQL__HOST=@@host@@\",\n  \"ORTHANC__POSTGRESQL__PASSWORD=@@S@@\",\n  \"VERBOSE_STARTUP=true\"\n]",
     "ORTHANC__POSTGRESQL__HOST=@@host@@")
_out("kubectl-get-secret-yaml-b64-data", lambda c: _b64enc(_pw()),
     "$ kubectl -n @@ns@@ get secret lis-db -o yaml\napiVersion: v1\ndata:\n  password: @@S@@\n  username: bGlzX2FwcA==\nkind: Secret\nmetadata:\n  name: lis-db\n  namespace: @@ns@@\ntype: Opaque",
     "name: lis-db")
_out("kubectl-jsonpath-base64-decoded", "<pw>",
     "$ kubectl -n @@ns@@ get secret fhir-proxy-oauth -o jsonpath='{.data.client_secret}' | base64 -d\n@@S@@",
     "get secret fhir-proxy-oauth")
_out("git-remote-v-embedded-password", "<pwu>",
     "$ git remote -v\norigin\thttps://@@user@@:@@S@@@bitbucket.org/@@org@@/lis-interfaces.git (fetch)\norigin\thttps://@@user@@:@@S@@@bitbucket.org/@@org@@/lis-interfaces.git (push)",
     "lis-interfaces.git (fetch)")
_out("cat-pgpass-output", "<pw>",
     "$ cat ~/.pgpass\n@@host@@:5432:*:report_ro:@@S@@\nlocalhost:5432:scratch:postgres:*",
     "@@host@@:5432:*:report_ro")
_out("cat-aws-credentials-profile", "<b64:40>",
     "$ cat ~/.aws/credentials\n[clinical-archive]\naws_access_key_id = @@akid@@\naws_secret_access_key = @@S@@\nregion = @@region@@",
     "[clinical-archive]")
_out("terraform-output-json-sensitive-value", "<pw>",
     "$ terraform output -json\n{\n  \"db_endpoint\": {\"sensitive\": false, \"type\": \"string\", \"value\": \"@@host@@\"},\n  \"db_password\": {\"sensitive\": true, \"type\": \"string\", \"value\": \"@@S@@\"}\n}",
     "\"db_endpoint\"")
_out("vault-kv-get-table", "<an:32>",
     "$ vault kv get secret/integration/redox\n====== Data ======\nKey              Value\n---              -----\napi_key          @@S@@\nsource_id        @@uuid@@\nenvironment      staging",
     "secret/integration/redox")
_out("aws-secretsmanager-secretstring-json", "<pw>",
     "$ aws secretsmanager get-secret-value --secret-id prod/pharmacy/app\n{\n    \"ARN\": \"arn:aws:secretsmanager:@@region@@:@@num6@@339012:secret:prod/pharmacy/app-@@sha7@@\",\n    \"Name\": \"prod/pharmacy/app\",\n    \"SecretString\": \"{\\\"username\\\":\\\"pharm_app\\\",\\\"password\\\":\\\"@@S@@\\\"}\",\n    \"VersionStages\": [\"AWSCURRENT\"]\n}",
     "\"Name\": \"prod/pharmacy/app\"")
_out("az-keyvault-secret-show-value", "<pw>",
     "$ az keyvault secret show --vault-name kv-@@org@@ --name sql-admin\n{\n  \"attributes\": {\"enabled\": true, \"recoveryLevel\": \"Recoverable+Purgeable\"},\n  \"id\": \"https://kv-@@org@@.vault.azure.net/secrets/sql-admin/@@hex32@@\",\n  \"name\": \"sql-admin\",\n  \"value\": \"@@S@@\"\n}",
     "\"name\": \"sql-admin\"")
_out("gcloud-secrets-access-raw", "<an:44>",
     "$ gcloud secrets versions access latest --secret=healthcare-api-sa-key-pass --project=@@org@@-hc\n@@S@@",
     "--secret=healthcare-api-sa-key-pass")
_out("docker-compose-config-rendered", "<pw>",
     "$ docker compose config\nservices:\n  openemr:\n    environment:\n      MYSQL_HOST: mysql\n      MYSQL_ROOT_PASS: @@S@@\n      OE_USER: admin\n    image: openemr/openemr:7.0.2",
     "image: openemr/openemr:7.0.2")
_out("ps-aux-java-cmdline-password", "<pw>",
     "$ ps aux | grep [m]ccommand\nmirth     @@pidn@@  0.3  1.2 4120332 201244 ?  Sl   @@time@@   0:04 java -jar mirth-cli-launcher.jar -a https://localhost:8443 -u admin -p @@S@@ -s nightly.txt",
     "java -jar mirth-cli-launcher.jar")
_out("systemctl-show-environment-line", "<pwu>",
     "$ systemctl show pacs-router -p Environment\nEnvironment=PACS_DB_URL=postgres://pacs:@@S@@@localhost:5432/pacs LOG_LEVEL=info",
     "systemctl show pacs-router")
_out("heroku-config-vars-listing", "<hex:32>",
     "$ heroku config -a tele-visit-api\n=== tele-visit-api Config Vars\nNODE_ENV:           production\nTWILIO_ACCOUNT_SID: @@acsid@@\nTWILIO_AUTH_TOKEN:  @@S@@\nWEB_CONCURRENCY:    2",
     "=== tele-visit-api Config Vars")
_out("grep-r-properties-hit", "<pw>",
     "$ grep -rn password /opt/mirthconnect/conf/\n/opt/mirthconnect/conf/mirth.properties:41:database.password = @@S@@\n/opt/mirthconnect/conf/mirth.properties:58:# password.minlength = 8",
     "/opt/mirthconnect/conf/mirth.properties")
_out("grep-rn-python-settings-hit", "<pw>",
     "$ grep -rn \"PASSWORD\" src/clinic_portal/\nsrc/clinic_portal/settings/base.py:88:        'PASSWORD': os.environ.get('DB_PASSWORD'),\nsrc/clinic_portal/settings/local.py:12:        'PASSWORD': '@@S@@',",
     "src/clinic_portal/settings/local.py")
_out("curl-verbose-basic-header", lambda c: _basic(c),
     "$ curl -v https://@@host@@/fhir/R4/Patient/@@uuid@@\n> GET /fhir/R4/Patient/@@uuid@@ HTTP/2\n> Host: @@host@@\n> authorization: Basic @@S@@\n> user-agent: curl/8.5.0\n> accept: */*\n< HTTP/2 200",
     "> user-agent: curl/8.5.0")
_out("curl-verbose-set-cookie-session", "<HEX:32>",
     "< HTTP/1.1 302 Found\n< Location: /ehr/dashboard\n< Set-Cookie: JSESSIONID=@@S@@; Path=/ehr; Secure; HttpOnly\n< X-Frame-Options: SAMEORIGIN",
     "< Location: /ehr/dashboard")
_out("oauth-token-response-json", "<jwt>",
     "$ curl -s -X POST https://auth.@@orgd@@/oauth2/token -d grant_type=client_credentials ...\n{\"access_token\":\"@@S@@\",\"token_type\":\"bearer\",\"expires_in\":300,\"scope\":\"system/Observation.read\"}",
     "\"token_type\":\"bearer\"")
_out("oauth-refresh-token-json-field", "<an:64>",
     "{\n  \"access_token\": \"<elided by me>\",\n  \"refresh_token\": \"@@S@@\",\n  \"patient\": \"@@uuid@@\",\n  \"scope\": \"launch/patient patient/*.read offline_access\"\n}",
     "launch/patient patient/*.read offline_access")
_out("kubectl-describe-pod-env-section", "<pw>",
     "$ kubectl -n @@ns@@ describe pod @@app@@-7f9c8d-@@hex8@@\n    Environment:\n      DB_HOST:      @@host@@\n      DB_USER:      orders\n      DB_PASSWORD:  @@S@@\n      JAVA_OPTS:    -Xmx512m",
     "DB_HOST:      @@host@@")
_out("docker-history-no-trunc-env", "<an:32>",
     "$ docker history --no-trunc registry.@@orgd@@/rx-gateway:@@ver@@ | head -3\nIMAGE          CREATED       CREATED BY\n<missing>      3 weeks ago   ENV SURESCRIPTS_API_KEY=@@S@@\n<missing>      3 weeks ago   WORKDIR /app",
     "WORKDIR /app")
_out("pip-config-list-index-creds", "<pwu>",
     "$ pip config list\nglobal.index-url='https://ci-reader:@@S@@@nexus.@@orgd@@/repository/pypi/simple'\nglobal.timeout='60'",
     "global.timeout='60'")
_out("npm-config-list-authtoken", "npm_<an:36>",
     "$ npm config list\n; \"user\" config from /home/@@user@@/.npmrc\n//registry.npmjs.org/:_authToken = \"@@S@@\"\n@@@org@@:registry = \"https://registry.npmjs.org/\"",
     "config from /home/@@user@@/.npmrc")
_out("git-config-list-extraheader", lambda c: _b64enc("x-access-token:ghs_" + _an(36)),
     "$ git config --list --show-origin | grep extraheader\nfile:.git/config\thttp.https://github.com/.extraheader=AUTHORIZATION: basic @@S@@",
     "file:.git/config")
_out("mysql-select-integration-secrets-table", "<an:40>",
     "mysql> SELECT name, endpoint, api_secret FROM integrations WHERE enabled=1;\n+-------------+----------------------------+------------------------------------------+\n| name        | endpoint                   | api_secret                               |\n+-------------+----------------------------+------------------------------------------+\n| eprescribe  | https://rx.@@orgd@@/v2    | @@S@@ |\n+-------------+----------------------------+------------------------------------------+\n1 row in set (0.00 sec)",
     "1 row in set (0.00 sec)")
_out("sqlite-dump-settings-row", "<pw>",
     "$ sqlite3 faxbridge.db .dump | grep smtp\nINSERT INTO settings VALUES('smtp_host','smtp.@@orgd@@');\nINSERT INTO settings VALUES('smtp_password','@@S@@');",
     "INSERT INTO settings VALUES('smtp_host'")
_out("strings-firmware-wifi-psk", "<pw>",
     "$ strings -n 8 pump_fw_v@@ver@@.bin | grep -A1 -i ssid\nWIFI_SSID=@@ssid@@\nWIFI_PSK=@@S@@",
     "WIFI_SSID=@@ssid@@")
_out("nvs-dump-ota-hmac-blob", "<hex:64>",
     "$ python nvs_tool.py --dump nvs.bin\nnamespace: ota\n  key: fw_channel   type: str   value: stable\n  key: ota_hmac     type: blob  value: @@S@@\n  key: boot_count   type: u32   value: @@num@@",
     "key: fw_channel")
_out("adb-shared-prefs-xml-token", "<b64u:48>",
     "$ adb shell run-as com.@@org@@.televisit cat shared_prefs/session.xml\n<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n    <string name=\"provider_id\">@@num6@@</string>\n    <string name=\"api_token\">@@S@@</string>\n</map>",
     "shared_prefs/session.xml")
_out("jq-smtp-config-block", "<pw>",
     "$ jq .smtp config/notifier.json\n{\n  \"host\": \"smtp.office365.com\",\n  \"port\": 587,\n  \"user\": \"results-noreply@@@orgd@@\",\n  \"pass\": \"@@S@@\"\n}",
     "\"host\": \"smtp.office365.com\"")
_out("ansible-debug-var-output", "<pw>",
     "TASK [debug] *******************************************************************\nok: [pacs@@n@@.@@orgd@@] => {\n    \"pacs_db_password\": \"@@S@@\"\n}",
     "TASK [debug]")
_out("helm-get-values-user-supplied", "<pww>",
     "$ helm get values hapi-fhir -n @@ns@@\nUSER-SUPPLIED VALUES:\nauth:\n  postgresPassword: @@S@@\nimage:\n  tag: v@@ver@@",
     "USER-SUPPLIED VALUES:")
_out("netsh-wlan-key-clear", "<pw>",
     "PS C:\\> netsh wlan show profile name=\"@@ssid@@\" key=clear\n...\nSecurity settings\n-----------------\n    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n    Security key           : Present\n    Key Content            : @@S@@",
     "Authentication         : WPA2-Personal")
_out("reg-query-winlogon-defaultpassword", "<pw>",
     "C:\\> reg query \"HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon\"\n    AutoAdminLogon    REG_SZ    1\n    DefaultUserName    REG_SZ    kiosk\n    DefaultPassword    REG_SZ    @@S@@\n    DefaultDomainName    REG_SZ    CLINIC",
     "DefaultUserName    REG_SZ    kiosk")
_out("cat-docker-config-json-auth", lambda c: _b64enc("ci-bot:" + _pwu()),
     "$ cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"registry.@@orgd@@\": {\n\t\t\t\"auth\": \"@@S@@\"\n\t\t}\n\t}\n}",
     "\"registry.@@orgd@@\"")
_out("cat-netrc-output", "<pw>",
     "$ cat ~/.netrc\nmachine @@host@@\n  login quest_sftp\n  password @@S@@",
     "login quest_sftp")
_out("cat-openssh-private-key", "<pemossh>",
     "$ cat ~/.ssh/id_ed25519_pacs\n-----BEGIN OPENSSH PRIVATE KEY-----\n@@S@@\n-----END OPENSSH PRIVATE KEY-----",
     "~/.ssh/id_ed25519_pacs")
_out("kubectl-config-view-raw-token", "<jwt>",
     "$ kubectl config view --raw --minify\nusers:\n- name: clinical-@@env@@-admin\n  user:\n    token: @@S@@",
     "- name: clinical-@@env@@-admin")
_out("gh-auth-status-show-token", "gho_<an:36>",
     "$ gh auth status --show-token\ngithub.com\n  ✓ Logged in to github.com account @@user@@ (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: @@S@@\n  - Token scopes: 'gist', 'read:org', 'repo'",
     "Logged in to github.com account @@user@@")
_out("python-repl-environ-lookup", "<an:48>",
     ">>> import os\n>>> os.environ['EPIC_CLIENT_SECRET']\n'@@S@@'\n>>> os.environ['EPIC_CLIENT_ID']\n'@@uuid@@'",
     "os.environ['EPIC_CLIENT_ID']")
_out("node-repl-process-env", "<b64u:40>",
     "> process.env.REDOX_API_SECRET\n'@@S@@'\n> process.env.REDOX_SOURCE_ID\n'@@uuid@@'",
     "process.env.REDOX_SOURCE_ID")
_out("rails-console-credentials", "<hex:32>",
     "irb(main):001> Rails.application.credentials.dig(:twilio, :auth_token)\n=> \"@@S@@\"\nirb(main):002> Rails.env\n=> \"production\"",
     "Rails.application.credentials.dig(:twilio, :auth_token)")
_out("django-shell-settings-print", "<pw>",
     ">>> from django.conf import settings\n>>> settings.EMAIL_HOST_USER, settings.EMAIL_HOST_PASSWORD\n('appointments@@@orgd@@', '@@S@@')",
     "from django.conf import settings")
_out("pytest-assert-diff-headers", "<jwt>",
     "E       AssertionError: assert {'Accept': 'application/fhir+json', 'Authorization': 'Bearer @@S@@'} == {'Accept': 'application/fhir+json'}\nE         Left contains 1 more item:\nE         {'Authorization': 'Bearer @@S@@'}",
     "Left contains 1 more item")
_out("mitmproxy-flow-headers", "<an:32>",
     "$ mitmdump -nr lab_portal.flow --flow-detail 2\nPOST https://@@host@@/api/results/upload\n    Host: @@host@@\n    X-Api-Key: @@S@@\n    Content-Type: application/hl7-v2\n << 202 Accepted 0b",
     "POST https://@@host@@/api/results/upload")
_out("tcpdump-ascii-basic-auth", lambda c: _b64enc("analyzer" + c["n"] + ":" + _pwu()),
     "$ sudo tcpdump -A -i eth1 port 8080 | grep -A3 POST\nPOST /lis/ingest HTTP/1.1\nHost: @@ip@@:8080\nAuthorization: Basic @@S@@\nContent-Type: text/plain",
     "POST /lis/ingest HTTP/1.1")
_out("tshark-follow-ftp-pass", "<pw>",
     "$ tshark -r ftp_capture.pcap -qz follow,tcp,ascii,0\n220 RightFax FTP gateway ready\nUSER faxdrop\n331 Password required\nPASS @@S@@\n230 Login successful",
     "220 RightFax FTP gateway ready")
_out("tshark-smtp-auth-plain", lambda c: _b64enc("\x00alerts@" + c["orgd"] + "\x00" + _pw()),
     "C: EHLO pump-gw@@n@@\nS: 250-AUTH PLAIN LOGIN\nC: AUTH PLAIN @@S@@\nS: 235 2.7.0 Authentication successful",
     "S: 250-AUTH PLAIN LOGIN")
_out("redis-config-get-requirepass", "<an:28>",
     "127.0.0.1:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"@@S@@\"",
     "CONFIG GET requirepass")
_out("consul-kv-get-recurse", "<pw>",
     "$ consul kv get -recurse config/hl7-router/\nconfig/hl7-router/db_host:@@host@@\nconfig/hl7-router/db_pass:@@S@@\nconfig/hl7-router/mllp_port:@@port@@",
     "config/hl7-router/db_host:@@host@@")
_out("etcdctl-get-value", "<an:32>",
     "$ etcdctl get /clinical/telehealth/video_api_secret\n/clinical/telehealth/video_api_secret\n@@S@@",
     "etcdctl get /clinical/telehealth/video_api_secret")
_out("orthanc-json-jq-registered-users", "<pw>",
     "$ jq .RegisteredUsers /etc/orthanc/orthanc.json\n{\n  \"admin\": \"@@S@@\"\n}",
     "/etc/orthanc/orthanc.json")
_out("aws-ssm-get-parameter-decrypted", "<pw>",
     "$ aws ssm get-parameter --name /lis/@@env@@/instrument-mw/db-password --with-decryption\n{\n    \"Parameter\": {\n        \"Name\": \"/lis/@@env@@/instrument-mw/db-password\",\n        \"Type\": \"SecureString\",\n        \"Value\": \"@@S@@\",\n        \"Version\": 4\n    }\n}",
     "\"Type\": \"SecureString\"")
_out("op-item-get-fields", "<pw>",
     "$ op item get 'Omnicell interface' --vault IT\nID:          @@lo26@@\nTitle:       Omnicell interface\nFields:\n  username:    omni_if\n  password:    @@S@@\n  website:     https://@@host@@",
     "Title:       Omnicell interface")
_out("bw-get-item-json-login", "<pw>",
     "$ bw get item 'PACS admin' | jq .login\n{\n  \"username\": \"pacsadmin\",\n  \"password\": \"@@S@@\",\n  \"totp\": null\n}",
     "\"username\": \"pacsadmin\"")
_out("pass-show-first-line", "<pw>",
     "$ pass show clinic/@@org@@/router\n@@S@@\nuser: admin\nurl: https://@@ip@@:8443",
     "pass show clinic/@@org@@/router")
_out("macos-security-find-generic-password", "<pw>",
     "$ security find-generic-password -s 'Citrix Workspace' -a @@user@@ -w\n@@S@@",
     "-s 'Citrix Workspace'")
_out("git-log-p-added-env-line", "<pw>",
     "$ git log -p -1 -- .env.staging\ncommit @@sha@@\nAuthor: @@person@@ <@@email@@>\n\n    add staging env\n\n+SURESCRIPTS_USER=rx_staging\n+SURESCRIPTS_PASSWORD=@@S@@",
     "+SURESCRIPTS_USER=rx_staging")
_out("gitleaks-finding-report", "<hex:40>",
     "Finding:     DATADOG_APP_KEY = \"@@S@@\"\nSecret:      @@S@@\nRuleID:      generic-api-key\nEntropy:     3.91\nFile:        deploy/monitoring/values.yaml\nLine:        14\nCommit:      @@sha@@",
     "File:        deploy/monitoring/values.yaml")
_out("crontab-l-inline-password", "<pw>",
     "$ crontab -l\n# m h dom mon dow command\n30 1 * * * /usr/bin/mysqldump -u backup -p'@@S@@' lis_prod | gzip > /backup/lis_$(date +\\%F).sql.gz",
     "# m h dom mon dow command")
_out("history-grep-output", "<pw>",
     "$ history | grep sqlcmd\n  412  sqlcmd -S @@host@@ -U sa -P '@@S@@' -Q \"select @@version\"\n  418  history | grep sqlcmd",
     "history | grep sqlcmd")
_out("psql-deu-user-mapping-options", "<pw>",
     "ehr=# \\deu+\n              List of user mappings\n  Server   | User name |            FDW options\n-----------+-----------+-------------------------------------\n lis_remote | report_ro | (\"user\" 'lis_ro', password '@@S@@')",
     "List of user mappings")
_out("docker-exec-printenv", "<an:40>",
     "$ docker exec rx-gateway printenv | sort\nHOSTNAME=@@hex12@@\nNODE_ENV=production\nRCOPIA_VENDOR_PASSWORD=@@S@@\nRCOPIA_VENDOR_USERNAME=vendor@@num@@",
     "RCOPIA_VENDOR_USERNAME=vendor@@num@@")
_out("wp-option-get-smtp", "<pw>",
     "$ wp option get wp_mail_smtp --format=json | jq .mail\n{\"mailer\":\"smtp\",\"from_email\":\"frontdesk@@@orgd@@\",\"smtp_pass\":\"@@S@@\"}",
     "\"mailer\":\"smtp\"")
_out("ansible-vault-view-decrypted", "<pw>",
     "$ ansible-vault view group_vars/pharmacy/vault.yml\nVault password: \nvault_omnicell_db_user: omni_ro\nvault_omnicell_db_password: @@S@@",
     "vault_omnicell_db_user: omni_ro")
_out("sops-decrypt-yaml-output", "<an:40>",
     "$ sops -d secrets/@@env@@/lab-bridge.enc.yaml\nlab_bridge:\n  sftp_user: lab_bridge\n  api_secret: @@S@@",
     "sftp_user: lab_bridge")
_out("kubectl-exec-cat-mounted-secret", "<pw>",
     "$ kubectl -n @@ns@@ exec deploy/@@app@@ -- cat /var/run/secrets/app/db-password\n@@S@@",
     "/var/run/secrets/app/db-password")
_out("powershell-get-storedcredential", "<pw>",
     "PS> Get-StoredCredential -Target 'RightFaxSvc' -AsCredentialObject\n\nFlags          : 0\nType           : Generic\nTargetName     : RightFaxSvc\nUserName       : CLINIC\\svc_fax\nPassword       : @@S@@\nPersist        : LocalMachine",
     "TargetName     : RightFaxSvc")
_out("openemr-sqlconf-cat", "<pw>",
     "$ cat /var/www/openemr/sites/default/sqlconf.php\n<?php\n$host   = 'localhost';\n$port   = '3306';\n$login  = 'openemr';\n$pass   = '@@S@@';\n$dbase  = 'openemr';",
     "$login  = 'openemr';")
_out("cat-smb-credentials-file", "<pw>",
     "$ sudo cat /root/.smbcred-scans\nusername=scanner\npassword=@@S@@\ndomain=CLINIC",
     "username=scanner")
_out("sed-n-config-excerpt-unlabeled", "<pw>",
     "$ sed -n '12,16p' interfaces/astm_cobas.ini\n[host]\naddress = @@ip@@\nport = 5100\nuser = cobas\nsecret = @@S@@",
     "interfaces/astm_cobas.ini")
_out("grep-mllp-tls-keypass-yaml", "<pw>",
     "$ grep -n -B2 -A2 key_password deploy/hl7-router/values-@@env@@.yaml\n31-  tls:\n32-    cert: /etc/hl7/tls/router.crt\n33:    key_password: \"@@S@@\"\n34-    verify_peer: true",
     "cert: /etc/hl7/tls/router.crt")

# =====================================================================
# config-file: excerpts of configuration files the agent opened
# =====================================================================
_cfg("mirth-properties-database-password", "<pw>",
     "# /opt/mirthconnect/conf/mirth.properties\ndatabase = postgres\ndatabase.url = jdbc:postgresql://@@host@@:5432/mirthdb\ndatabase.username = mirth\ndatabase.password = @@S@@\ndatabase.max-connections = 20",
     "database.url = jdbc:postgresql://@@host@@:5432/mirthdb")
_cfg("mirth-properties-keystore-storepass", "<an:12>",
     "# keystore\nkeystore.path = ${dir.appdata}/keystore.jks\nkeystore.storepass = @@S@@\nkeystore.type = JCEKS\nhttps.ciphersuites = TLS_AES_256_GCM_SHA384",
     "keystore.path = ${dir.appdata}/keystore.jks")
_cfg("orthanc-json-registered-users-block", "<pw>",
     "  \"AuthenticationEnabled\" : true,\n  \"RegisteredUsers\" : {\n    \"radiology\" : \"@@S@@\"\n  },\n  \"DicomAet\" : \"@@aet@@\",",
     "\"DicomAet\" : \"@@aet@@\"")
_cfg("orthanc-json-postgresql-plugin-password", "<pww>",
     "  \"PostgreSQL\" : {\n    \"EnableIndex\" : true,\n    \"EnableStorage\" : false,\n    \"Host\" : \"@@host@@\",\n    \"Database\" : \"orthanc\",\n    \"Username\" : \"orthanc\",\n    \"Password\" : \"@@S@@\"\n  }",
     "\"Host\" : \"@@host@@\"")
_cfg("dcm4chee-ldap-security-credentials", "<pw>",
     "# dcm4chee-arc ldap.properties\njava.naming.provider.url=ldap://@@host@@:389/dc=dcm4che,dc=org\njava.naming.security.principal=cn=admin,dc=dcm4che,dc=org\njava.naming.security.credentials=@@S@@",
     "java.naming.security.principal=cn=admin,dc=dcm4che,dc=org")
_cfg("hapi-fhir-application-yaml-datasource", "<pww>",
     "spring:\n  datasource:\n    url: 'jdbc:postgresql://@@host@@:5432/hapi'\n    username: hapi\n    password: @@S@@\n    driverClassName: org.postgresql.Driver\nhapi:\n  fhir:\n    fhir_version: R4",
     "driverClassName: org.postgresql.Driver")
_cfg("spring-properties-datasource-password", "<pw>",
     "spring.datasource.url=jdbc:sqlserver://@@host@@:1433;databaseName=Scheduling;encrypt=true\nspring.datasource.username=sched_app\nspring.datasource.password=@@S@@\nspring.jpa.hibernate.ddl-auto=validate",
     "spring.datasource.username=sched_app")
_cfg("pgpass-multi-line-file", "<pw>",
     "# ~/.pgpass  (chmod 0600)\n@@host@@:5432:ehr_reporting:report_ro:@@S@@\n*:*:scratch:@@user@@:*",
     "@@host@@:5432:ehr_reporting:report_ro")
_cfg("my-cnf-client-section", "<pw>",
     "[client]\nuser=openemr\npassword=\"@@S@@\"\nhost=@@host@@\n\n[mysqldump]\nsingle-transaction",
     "[mysqldump]")
_cfg("odbc-ini-pwd-key", "<pw>",
     "[LIS_PROD]\nDriver=ODBC Driver 18 for SQL Server\nServer=@@host@@,1433\nDatabase=LIS\nUID=lis_reader\nPWD=@@S@@\nTrustServerCertificate=yes",
     "Driver=ODBC Driver 18 for SQL Server")
_cfg("tomcat-context-resource-password-attr", "<pw>",
     "<Context>\n  <Resource name=\"jdbc/PharmacyDS\" auth=\"Container\" type=\"javax.sql.DataSource\"\n            driverClassName=\"oracle.jdbc.OracleDriver\" url=\"jdbc:oracle:thin:@//@@host@@:1521/PHARMPDB\"\n            username=\"pharm_app\" password=\"@@S@@\" maxTotal=\"30\"/>\n</Context>",
     "name=\"jdbc/PharmacyDS\"")
_cfg("tomcat-users-xml-manager", "<pw>",
     "<tomcat-users>\n  <role rolename=\"manager-gui\"/>\n  <user username=\"deploy\" password=\"@@S@@\" roles=\"manager-gui,manager-script\"/>\n</tomcat-users>",
     "<role rolename=\"manager-gui\"/>")
_cfg("web-config-connectionstrings-add", "<pw>",
     "<connectionStrings>\n  <add name=\"EHRContext\" connectionString=\"Data Source=@@host@@;Initial Catalog=EHR;User ID=ehr_web;Password=@@S@@;MultipleActiveResultSets=True\" providerName=\"System.Data.SqlClient\" />\n</connectionStrings>",
     "providerName=\"System.Data.SqlClient\"")
_cfg("appsettings-json-connectionstring", "<pw>",
     "{\n  \"ConnectionStrings\": {\n    \"Pharmacy\": \"Server=@@host@@;Database=Pharmacy;User Id=rx_api;Password=@@S@@;Encrypt=True\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } }\n}",
     "\"Logging\"")
_cfg("dotenv-multiple-vars-redox", "<an:40>",
     "# .env.local\nREDOX_ENV=staging\nREDOX_SOURCE_ID=@@uuid@@\nREDOX_API_KEY=@@uuid_b@@\nREDOX_API_SECRET=@@S@@\nPORT=3000",
     "REDOX_ENV=staging")
_cfg("docker-compose-environment-list", "<pw>",
     "services:\n  mysql:\n    image: mariadb:10.11\n    environment:\n      - MYSQL_ROOT_PASSWORD=@@S@@\n      - MYSQL_DATABASE=openemr\n    volumes:\n      - dbdata:/var/lib/mysql",
     "image: mariadb:10.11")
_cfg("k8s-secret-stringdata-yaml", "<pw>",
     "apiVersion: v1\nkind: Secret\nmetadata:\n  name: rhapsody-db\n  namespace: @@ns@@\ntype: Opaque\nstringData:\n  username: rhapsody\n  password: \"@@S@@\"",
     "name: rhapsody-db")
_cfg("k8s-secret-data-base64-token", lambda c: _b64enc("hvs." + _an(24)),
     "apiVersion: v1\nkind: Secret\nmetadata:\n  name: vault-agent-token\ndata:\n  token: @@S@@",
     "name: vault-agent-token")
_cfg("nginx-proxy-set-header-basic", lambda c: _b64enc("hl7proxy:" + _pwu()),
     "location /fhir/ {\n    proxy_pass https://@@host@@/fhir/;\n    proxy_set_header Authorization \"Basic @@S@@\";\n    proxy_ssl_verify on;\n}",
     "proxy_pass https://@@host@@/fhir/;")
_cfg("haproxy-userlist-insecure-password", "<pw>",
     "userlist stats_users\n    user admin insecure-password @@S@@\n\nlisten stats\n    bind :8404\n    stats uri /stats",
     "userlist stats_users")
_cfg("ini-hl7-router-tls-key-password", "<pw>",
     "[outbound.lab]\nhost = @@host@@\nport = @@port@@\ntls = true\ntls_key = /etc/hl7/tls/lab.key\ntls_key_password = @@S@@",
     "tls_key = /etc/hl7/tls/lab.key")
_cfg("toml-fhir-client-secret", "<an:48>",
     "[fhir]\nbase_url = \"https://fhir.@@orgd@@/r4\"\nclient_id = \"@@app@@\"\nclient_secret = \"@@S@@\"\ntoken_url = \"https://auth.@@orgd@@/oauth2/token\"",
     "client_id = \"@@app@@\"")
_cfg("tfvars-db-password", "<pw>",
     "# environments/@@env@@/terraform.tfvars\nregion          = \"@@region@@\"\ndb_instance     = \"db.r6g.large\"\ndb_username     = \"ehradmin\"\ndb_password     = \"@@S@@\"",
     "db_instance     = \"db.r6g.large\"")
_cfg("hcl-provider-azurerm-client-secret", "<an:3>8Q~<azs:34>",
     "provider \"azurerm\" {\n  features {}\n  subscription_id = \"@@uuid@@\"\n  client_id       = \"@@uuid_b@@\"\n  client_secret   = \"@@S@@\"\n  tenant_id       = \"@@uuid_c@@\"\n}",
     "provider \"azurerm\"")
_cfg("ansible-group-vars-plain-password", "<pw>",
     "# group_vars/clinic_workstations.yml\nansible_user: itadmin\nansible_password: \"@@S@@\"\nansible_connection: winrm\nansible_winrm_transport: ntlm",
     "ansible_connection: winrm")
_cfg("netrc-file-multiple-machines", "<pw>",
     "machine @@host@@ login labcorp_edi password @@S@@\nmachine api.github.com login @@user@@ password <see keychain>",
     "machine @@host@@ login labcorp_edi")
_cfg("git-credentials-file-line", "glpat-<b64u:20>",
     "https://ci-mirror:@@S@@@gitlab.@@orgd@@\n",
     "gitlab.@@orgd@@")
_cfg("npmrc-scoped-registry-token", "npm_<an:36>",
     "@@@org@@:registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=@@S@@\nalways-auth=true",
     "always-auth=true")
_cfg("pip-conf-extra-index-creds", "<pwu>",
     "[global]\nindex-url = https://pypi.org/simple\nextra-index-url = https://build:@@S@@@artifacts.@@orgd@@/api/pypi/clinical/simple\ntimeout = 60",
     "index-url = https://pypi.org/simple")
_cfg("maven-settings-server-password", "<pw>",
     "<settings>\n  <servers>\n    <server>\n      <id>clinical-releases</id>\n      <username>deployer</username>\n      <password>@@S@@</password>\n    </server>\n  </servers>\n</settings>",
     "<id>clinical-releases</id>")
_cfg("gradle-properties-repo-password", "<pw>",
     "org.gradle.jvmargs=-Xmx2g\nnexusUsername=android-ci\nnexusPassword=@@S@@\nandroid.useAndroidX=true",
     "nexusUsername=android-ci")
_cfg("nuget-config-cleartextpassword", "<pw>",
     "<packageSourceCredentials>\n  <ClinicalFeed>\n    <add key=\"Username\" value=\"build\" />\n    <add key=\"ClearTextPassword\" value=\"@@S@@\" />\n  </ClinicalFeed>\n</packageSourceCredentials>",
     "<ClinicalFeed>")
_cfg("wpa-supplicant-network-psk", "<pw>",
     "ctrl_interface=DIR=/var/run/wpa_supplicant\nnetwork={\n    ssid=\"@@ssid@@\"\n    psk=\"@@S@@\"\n    key_mgmt=WPA-PSK\n}",
     "ssid=\"@@ssid@@\"")
_cfg("hostapd-wpa-passphrase", "<phrased>",
     "interface=wlan0\nssid=@@ssid@@\nhw_mode=g\nwpa=2\nwpa_passphrase=@@S@@\nwpa_key_mgmt=WPA-PSK",
     "ssid=@@ssid@@")
_cfg("mosquitto-bridge-remote-password", "<pw>",
     "connection icu-bridge\naddress @@host@@:8883\nremote_username bedside-gw-@@n@@\nremote_password @@S@@\ntopic icu/# out 1",
     "connection icu-bridge")
_cfg("telegraf-influxdb-v2-token", "<b64u:86>==",
     "[[outputs.influxdb_v2]]\n  urls = [\"https://@@host@@:8086\"]\n  token = \"@@S@@\"\n  organization = \"clinical-eng\"\n  bucket = \"infusion_pumps\"",
     "bucket = \"infusion_pumps\"")
_cfg("grafana-ini-admin-password", "<pw>",
     "[security]\nadmin_user = admin\nadmin_password = @@S@@\ndisable_gravatar = true\n\n[auth.anonymous]\nenabled = false",
     "disable_gravatar = true")
_cfg("prometheus-basic-auth-password", "<pw>",
     "scrape_configs:\n  - job_name: 'mirth-exporter'\n    scheme: https\n    basic_auth:\n      username: prom\n      password: '@@S@@'\n    static_configs:\n      - targets: ['@@host@@:9140']",
     "job_name: 'mirth-exporter'")
_cfg("alertmanager-smtp-auth-password", "<pw>",
     "global:\n  smtp_smarthost: 'smtp.office365.com:587'\n  smtp_from: 'alerts@@@orgd@@'\n  smtp_auth_username: 'alerts@@@orgd@@'\n  smtp_auth_password: '@@S@@'",
     "smtp_smarthost: 'smtp.office365.com:587'")
_cfg("postfix-sasl-passwd-map", "<pw>",
     "# /etc/postfix/sasl_passwd\n[smtp.office365.com]:587 scan-to-email@@@orgd@@:@@S@@",
     "/etc/postfix/sasl_passwd")
_cfg("rsyncd-secrets-file", "<pww>",
     "# /etc/rsyncd.secrets (mode 600)\npacsbackup:@@S@@",
     "/etc/rsyncd.secrets")
_cfg("fstab-cifs-inline-credentials", "<pww>",
     "//@@host@@/Scans  /mnt/scans  cifs  username=scanner,password=@@S@@,domain=CLINIC,vers=3.0,uid=1000  0  0",
     "/mnt/scans  cifs")
_cfg("openvpn-auth-user-pass-file", "<pw>",
     "# /etc/openvpn/client/hie-auth.txt\nhie_vpn_@@fac@@\n@@S@@",
     "/etc/openvpn/client/hie-auth.txt")
_cfg("wireguard-interface-private-key", "<b64:42>A=",
     "[Interface]\nAddress = 10.66.@@n@@.2/32\nPrivateKey = @@S@@\nDNS = 10.66.0.1\n\n[Peer]\nPublicKey = @@b64t@@\nEndpoint = vpn.@@orgd@@:51820",
     "Endpoint = vpn.@@orgd@@:51820")
_cfg("ipsec-secrets-psk", "<rand:28>",
     "# /etc/ipsec.secrets\n@@ip@@ @@ip_b@@ : PSK \"@@S@@\"",
     "/etc/ipsec.secrets")
_cfg("cisco-wlan-wpa-psk-ascii", "<pw>",
     "wlan BIOMED 12 @@ssid@@\n security wpa psk set-key ascii 0 @@S@@\n security wpa akm psk\n no shutdown",
     "security wpa akm psk")
_cfg("cisco-snmp-community-rw", "<pron:5>",
     "snmp-server community @@S@@ RW 15\nsnmp-server location @@clinic@@ - server closet\nsnmp-server contact it@@@orgd@@",
     "snmp-server location @@clinic@@")
_cfg("php-define-db-password", "<pw>",
     "define('DB_NAME', 'clinic_site');\ndefine('DB_USER', 'wp_clinic');\ndefine('DB_PASSWORD', '@@S@@');\ndefine('DB_HOST', 'localhost');",
     "define('DB_USER', 'wp_clinic');")
_cfg("esp-idf-sdkconfig-wifi-password", "<pw>",
     "CONFIG_ESP_WIFI_SSID=\"@@ssid@@\"\nCONFIG_ESP_WIFI_PASSWORD=\"@@S@@\"\nCONFIG_ESP_MAXIMUM_RETRY=5",
     "CONFIG_ESP_MAXIMUM_RETRY=5")
_cfg("platformio-build-flags-ota-password", "<pww>",
     "[env:bedside-sensor]\nplatform = espressif32\nboard = esp32dev\nbuild_flags =\n  -DOTA_PASSWORD=\\\"@@S@@\\\"\n  -DFW_VERSION=\\\"@@ver@@\\\"",
     "board = esp32dev")
_cfg("zephyr-prj-conf-mqtt-password", "<pw>",
     "CONFIG_MQTT_LIB=y\nCONFIG_MQTT_LIB_TLS=y\nCONFIG_APP_MQTT_USERNAME=\"glucose-hub\"\nCONFIG_APP_MQTT_PASSWORD=\"@@S@@\"",
     "CONFIG_APP_MQTT_USERNAME=\"glucose-hub\"")
_cfg("yocto-local-conf-signing-passphrase", "<phrase>",
     "# build/conf/local.conf\nMACHINE = \"monitor-imx8\"\nUBOOT_SIGN_ENABLE = \"1\"\nSIGNING_KEY_PASSPHRASE = \"@@S@@\"",
     "MACHINE = \"monitor-imx8\"")
_cfg("rhapsody-properties-ldap-bind", "<pw>",
     "# rhapsody/local/rhapsody.properties\nldap.url=ldaps://@@host@@:636\nldap.bind.dn=CN=svc-rhapsody,OU=Service,DC=clinic,DC=local\nldap.bind.password=@@S@@",
     "ldap.url=ldaps://@@host@@:636")
_cfg("corepoint-xml-connection-password-attr", "<pw>",
     "<ConnectionSettings Name=\"LabOutbound\" Host=\"@@host@@\" Port=\"@@port@@\" User=\"cp_lab\" Password=\"@@S@@\" UseTls=\"true\" />",
     "Name=\"LabOutbound\"")
_cfg("lis-middleware-instrument-ftp-password", "<pw>",
     "<Instrument id=\"cobas-@@n@@\" protocol=\"ASTM\">\n  <Host address=\"@@ip@@\" port=\"5100\" />\n  <Export type=\"ftp\" server=\"@@host@@\" user=\"qc_export\" ftpPassword=\"@@S@@\" />\n</Instrument>",
     "protocol=\"ASTM\"")
_cfg("smart-on-fhir-yaml-client-secret", "<b64u:64>",
     "smart:\n  issuer: https://fhir.@@orgd@@/r4\n  client_id: growth-chart-app\n  client_secret: @@S@@\n  redirect_uri: https://apps.@@orgd@@/growth/callback",
     "client_id: growth-chart-app")
_cfg("json-ehr-sandbox-client-config", "<b64:88>",
     "{\n  \"ehr\": \"epic-nonprod\",\n  \"fhirBase\": \"https://fhir.sandbox.ehr-vendor.example/api/FHIR/R4\",\n  \"clientId\": \"@@uuid@@\",\n  \"clientSecret\": \"@@S@@\"\n}",
     "\"ehr\": \"epic-nonprod\"")
_cfg("kafka-client-ssl-keystore-password", "<pww>",
     "security.protocol=SSL\nssl.keystore.location=/etc/kafka/secrets/adt-consumer.jks\nssl.keystore.password=@@S@@\nssl.endpoint.identification.algorithm=https",
     "ssl.keystore.location=/etc/kafka/secrets/adt-consumer.jks")
_cfg("kafka-jaas-plain-login", "<pw>",
     "KafkaClient {\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n  username=\"adt-producer\"\n  password=\"@@S@@\";\n};",
     "username=\"adt-producer\"")
_cfg("logstash-elasticsearch-output-password", "<pw>",
     "output {\n  elasticsearch {\n    hosts => [\"https://@@host@@:9200\"]\n    user => \"hl7_writer\"\n    password => \"@@S@@\"\n    index => \"hl7-%{+YYYY.MM.dd}\"\n  }\n}",
     "index => \"hl7-%{+YYYY.MM.dd}\"")
_cfg("filebeat-output-elasticsearch-password", "<pw>",
     "output.elasticsearch:\n  hosts: [\"@@host@@:9200\"]\n  username: \"filebeat_mirth\"\n  password: \"@@S@@\"\n  ssl.certificate_authorities: [\"/etc/pki/clinic-ca.pem\"]",
     "username: \"filebeat_mirth\"")
_cfg("redis-conf-requirepass", "<an:32>",
     "bind 127.0.0.1 @@ip@@\nport 6379\nrequirepass @@S@@\nmaxmemory 512mb",
     "maxmemory 512mb")
_cfg("pgbouncer-userlist-plaintext", "<pw>",
     "; /etc/pgbouncer/userlist.txt\n\"pgbouncer\" \"md5@@hex32@@\"\n\"report_ro\" \"@@S@@\"",
     "/etc/pgbouncer/userlist.txt")
_cfg("sssd-conf-ldap-default-authtok", "<pw>",
     "[domain/clinic.local]\nid_provider = ldap\nldap_uri = ldaps://@@host@@\nldap_default_bind_dn = cn=sssd,ou=Service,dc=clinic,dc=local\nldap_default_authtok = @@S@@",
     "ldap_uri = ldaps://@@host@@")
_cfg("systemd-unit-environment-quoted", "<an:40>",
     "[Service]\nUser=labbridge\nEnvironment=\"LAB_API_TOKEN=@@S@@\"\nExecStart=/usr/local/bin/lab-bridge --config /etc/lab-bridge.yml\nRestart=on-failure",
     "ExecStart=/usr/local/bin/lab-bridge --config /etc/lab-bridge.yml")
_cfg("supervisord-program-environment", "<pw>",
     "[program:hl7-listener]\ncommand=/opt/hl7/bin/listener --port @@port@@\nenvironment=DB_USER=\"hl7\",DB_PASS=\"@@S@@\"\nautorestart=true",
     "[program:hl7-listener]")
_cfg("crontab-entry-inline-password", "<pw>",
     "# /etc/cron.d/lis-backup\n15 2 * * * root PGPASSWORD='@@S@@' pg_dump -h @@host@@ -U backup lis_prod | gzip > /backup/lis.sql.gz",
     "/etc/cron.d/lis-backup")
_cfg("rclone-conf-s3-secret", "<b64:40>",
     "[s3-dicom-archive]\ntype = s3\nprovider = AWS\naccess_key_id = @@akid@@\nsecret_access_key = @@S@@\nregion = @@region@@",
     "[s3-dicom-archive]")
_cfg("s3cfg-secret-key", "<b64:40>",
     "[default]\naccess_key = @@akid@@\nsecret_key = @@S@@\nhost_base = s3.@@region@@.amazonaws.com\nuse_https = True",
     "host_base = s3.@@region@@.amazonaws.com")
_cfg("azure-functions-local-settings-accountkey", "<b64:86>==",
     "{\n  \"IsEncrypted\": false,\n  \"Values\": {\n    \"AzureWebJobsStorage\": \"DefaultEndpointsProtocol=https;AccountName=@@org@@fax;AccountKey=@@S@@;EndpointSuffix=core.windows.net\",\n    \"FUNCTIONS_WORKER_RUNTIME\": \"python\"\n  }\n}",
     "\"FUNCTIONS_WORKER_RUNTIME\": \"python\"")
_cfg("fax-server-ini-smtp-password", "<pw>",
     "[SMTP]\nServer=smtp.@@orgd@@\nPort=587\nUser=fax@@@orgd@@\nPassword=@@S@@\n[Routing]\nDefaultQueue=FrontDesk",
     "DefaultQueue=FrontDesk")
_cfg("athena-sandbox-yaml-credentials", "<an:40>",
     "athenahealth:\n  environment: preview\n  practice_id: 195900\n  client_id: @@an20@@\n  client_secret: @@S@@",
     "environment: preview")
_cfg("unattend-xml-autologon-password", "<pw>",
     "<AutoLogon>\n  <Password>\n    <Value>@@S@@</Value>\n    <PlainText>true</PlainText>\n  </Password>\n  <Enabled>true</Enabled>\n  <Username>kiosk</Username>\n</AutoLogon>",
     "<Username>kiosk</Username>")
_cfg("database-yml-rails-password", "<pw>",
     "production:\n  adapter: postgresql\n  host: @@host@@\n  database: patient_portal\n  username: portal\n  password: <%= ENV.fetch('DB_PASSWORD', '@@S@@') %>",
     "database: patient_portal")
_cfg("iris-cpf-like-ecp-password", "<pw>",
     "[ECPServers]\nHSREGISTRY=@@host@@,1972,0\n[Startup]\nWebServerPort=52773\n; set by vendor during go-live, CSPSystem pw: @@S@@",
     "[ECPServers]")
_cfg("dicom-router-yaml-unlabeled-userinfo", "<pwu>",
     "routes:\n  - match: { modality: CT }\n    forward: dicomweb+https://router:@@S@@@@@host@@/dicom-web\n  - match: { modality: US }\n    forward: dimse://@@aet@@@@@host_b@@:104",
     "match: { modality: CT }")

# =====================================================================
# source-code: hard-coded credentials in files the agent opened
# =====================================================================
_src("python-requests-auth-tuple", "<pw>",
     "resp = requests.get(\n    f\"{FHIR_BASE}/DiagnosticReport\",\n    params={\"patient\": patient_id, \"_sort\": \"-date\"},\n    auth=(\"svc_fhir\", \"@@S@@\"),\n    timeout=30,\n)",
     "params={\"patient\": patient_id, \"_sort\": \"-date\"}")
_src("python-module-constant-api-secret", "<an:40>",
     "# lab_bridge/settings.py\nREDOX_ENDPOINT = \"https://api.redox.example/endpoint\"\nREDOX_SOURCE_ID = \"@@uuid@@\"\nREDOX_SECRET = \"@@S@@\"  # TODO move to vault before go-live",
     "REDOX_ENDPOINT = \"https://api.redox.example/endpoint\"")
_src("python-django-databases-dict", "<pw>",
     "DATABASES = {\n    \"default\": {\n        \"ENGINE\": \"django.db.backends.postgresql\",\n        \"NAME\": \"patient_portal\",\n        \"USER\": \"portal\",\n        \"PASSWORD\": \"@@S@@\",\n        \"HOST\": \"@@host@@\",\n    }\n}",
     "\"ENGINE\": \"django.db.backends.postgresql\"")
_src("python-psycopg2-connect-kwargs", "<pw>",
     "conn = psycopg2.connect(host=\"@@host@@\", dbname=\"@@db@@\", user=\"etl_loader\", password=\"@@S@@\", sslmode=\"require\")\ncur = conn.cursor()",
     "cur = conn.cursor()")
_src("python-sqlalchemy-url-mssql", "<pwu>",
     "engine = create_engine(\n    \"mssql+pyodbc://sa:@@S@@@@@host@@/EHR?driver=ODBC+Driver+18+for+SQL+Server&TrustServerCertificate=yes\",\n    pool_pre_ping=True,\n)",
     "pool_pre_ping=True")
_src("python-environ-get-hardcoded-default", "<an:32>",
     "PHARM_API_TOKEN = os.environ.get(\"PHARM_API_TOKEN\", \"@@S@@\")\nPHARM_API_URL = os.environ.get(\"PHARM_API_URL\", \"https://rx.@@orgd@@/api\")",
     "os.environ.get(\"PHARM_API_URL\"")
_src("python-mllp-client-tls-key-password", "<pw>",
     "client = MLLPClient(\n    host=\"@@host@@\", port=@@port@@,\n    certfile=\"certs/lab.crt\", keyfile=\"certs/lab.key\",\n    key_password=\"@@S@@\",\n)\nack = client.send_message(oru_message)",
     "ack = client.send_message(oru_message)")
_src("python-boto3-client-explicit-keys", "<b64:40>",
     "s3 = boto3.client(\n    \"s3\",\n    region_name=\"@@region@@\",\n    aws_access_key_id=\"@@akid@@\",\n    aws_secret_access_key=\"@@S@@\",\n)\ns3.upload_file(path, \"@@bucket@@\", key)",
     "s3.upload_file(path, \"@@bucket@@\", key)")
_src("python-smtplib-login-call", "<pw>",
     "with smtplib.SMTP(\"smtp.office365.com\", 587) as server:\n    server.starttls()\n    server.login(\"results@@@orgd@@\", \"@@S@@\")\n    server.send_message(msg)",
     "server.send_message(msg)")
_src("python-paramiko-connect-password", "<pw>",
     "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect(\"@@host@@\", username=\"pacs\", password=\"@@S@@\")\nsftp = ssh.open_sftp()",
     "sftp = ssh.open_sftp()")
_src("python-jwt-encode-hs256-literal-key", "<b64u:43>",
     "token = jwt.encode(\n    {\"sub\": clinician_id, \"exp\": datetime.utcnow() + timedelta(minutes=15)},\n    \"@@S@@\",\n    algorithm=\"HS256\",\n)",
     "algorithm=\"HS256\"")
_src("python-flask-secret-key-config", "<hex:48>",
     "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"@@S@@\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True",
     "app.config[\"SESSION_COOKIE_SECURE\"] = True")
_src("python-django-insecure-secret-key", "django-insecure-<rand:50>",
     "# portal/settings.py\nSECRET_KEY = '@@S@@'\nDEBUG = False\nALLOWED_HOSTS = ['portal.@@orgd@@']",
     "ALLOWED_HOSTS = ['portal.@@orgd@@']")
_src("js-axios-x-api-key-header", "<an:32>",
     "const client = axios.create({\n  baseURL: 'https://@@host@@/api/v2',\n  headers: { 'x-api-key': '@@S@@', 'Content-Type': 'application/json' },\n});",
     "baseURL: 'https://@@host@@/api/v2'")
_src("js-module-exports-config-secret", "<b64u:48>",
     "module.exports = {\n  fhir: {\n    baseUrl: 'https://fhir.@@orgd@@/r4',\n    clientId: 'scheduling-widget',\n    clientSecret: '@@S@@',\n  },\n};",
     "clientId: 'scheduling-widget'")
_src("ts-nullish-env-fallback", "<hex:32>",
     "const accountSid = process.env.TWILIO_ACCOUNT_SID ?? '@@acsid@@';\nconst authToken = process.env.TWILIO_AUTH_TOKEN ?? '@@S@@';\nexport const twilio = Twilio(accountSid, authToken);",
     "export const twilio = Twilio(accountSid, authToken);")
_src("js-fetch-btoa-basic", "<pwu>",
     "const res = await fetch(`${ORTHANC}/studies`, {\n  headers: { Authorization: 'Basic ' + btoa('viewer:@@S@@') },\n});",
     "fetch(`${ORTHANC}/studies`")
_src("java-drivermanager-getconnection", "<pw>",
     "Connection conn = DriverManager.getConnection(\n    \"jdbc:sqlserver://@@host@@:1433;databaseName=LIS\", \"lis_app\", \"@@S@@\");\nPreparedStatement ps = conn.prepareStatement(SQL_PENDING_ORDERS);",
     "conn.prepareStatement(SQL_PENDING_ORDERS)")
_src("java-spring-value-default-literal", "<pww>",
     "@Value(\"${hl7.tls.keystore-password:@@S@@}\")\nprivate String keystorePassword;",
     "private String keystorePassword;")
_src("java-static-final-api-secret", "<an:40>",
     "public final class SurescriptsConfig {\n    static final String PORTAL_ID = \"@@num6@@\";\n    private static final String API_SECRET = \"@@S@@\";\n}",
     "public final class SurescriptsConfig")
_src("csharp-sqlconnection-literal", "<pw>",
     "using var conn = new SqlConnection(\"Server=@@host@@;Database=Pharmacy;User ID=rx_svc;Password=@@S@@;TrustServerCertificate=True\");\nawait conn.OpenAsync();",
     "await conn.OpenAsync();")
_src("csharp-networkcredential-ctor", "<pw>",
     "var client = new FaxServerClient(\"@@host@@\")\n{\n    Credentials = new NetworkCredential(\"svc_fax\", \"@@S@@\", \"CLINIC\")\n};",
     "new FaxServerClient(\"@@host@@\")")
_src("csharp-apim-subscription-key-header", "<hex:32>",
     "_http.DefaultRequestHeaders.Add(\"Ocp-Apim-Subscription-Key\", \"@@S@@\");\nvar resp = await _http.GetAsync($\"{_baseUrl}/eligibility/{memberId}\");",
     "/eligibility/{memberId}")
_src("go-const-client-secret", "<an:40>",
     "const (\n\tcgmAPIBase      = \"https://sandbox-api.cgm-vendor.example\"\n\tcgmClientID     = \"@@an20@@\"\n\tcgmClientSecret = \"@@S@@\"\n)",
     "cgmAPIBase      = \"https://sandbox-api.cgm-vendor.example\"")
_src("go-sql-open-mysql-dsn", "<pwu>",
     "db, err := sql.Open(\"mysql\", \"lab:@@S@@@tcp(@@host@@:3306)/lis?parseTime=true\")\nif err != nil {\n\tlog.Fatal(err)\n}",
     "parseTime=true")
_src("go-setbasicauth-call", "<pw>",
     "req, _ := http.NewRequest(\"POST\", resultsURL, body)\nreq.SetBasicAuth(\"results\", \"@@S@@\")\nreq.Header.Set(\"Content-Type\", \"application/hl7-v2\")",
     "req.Header.Set(\"Content-Type\", \"application/hl7-v2\")")
_src("rust-byte-string-hmac-key", "<an:32>",
     "// firmware-tools/src/ota.rs\nconst OTA_HMAC_KEY: &[u8] = b\"@@S@@\";\n\npub fn sign(image: &[u8]) -> Vec<u8> {",
     "pub fn sign(image: &[u8]) -> Vec<u8>")
_src("c-define-wifi-psk", "<pw>",
     "/* provisioning defaults for the pump gateway */\n#define WIFI_SSID   \"@@ssid@@\"\n#define WIFI_PSK    \"@@S@@\"\n#define MQTT_HOST   \"@@host@@\"",
     "#define WIFI_SSID   \"@@ssid@@\"")
_src("c-uint8-aes-key-array", lambda c: ", ".join("0x" + _hex(2) for _ in range(16)),
     "/* device record encryption key (AES-128) */\nstatic const uint8_t k_record_key[16] = {\n    @@S@@\n};",
     "static const uint8_t k_record_key[16]")
_src("c-const-char-ota-signing-secret", "<hex:64>",
     "static const char *OTA_SIGNING_SECRET = \"@@S@@\";\nstatic const char *OTA_SERVER = \"https://ota.@@orgd@@/fw\";",
     "static const char *OTA_SERVER")
_src("cpp-mqtt-setcredentials", "<pw>",
     "mqtt.setServer(\"@@host@@\", 8883);\nmqtt.setCredentials(\"bedside-gw\", \"@@S@@\");\nmqtt.connect();",
     "mqtt.setServer(\"@@host@@\", 8883);")
_src("arduino-const-char-mqtt-pass", "<pron:4>",
     "const char* ssid = \"@@ssid@@\";\nconst char* mqtt_user = \"fridge-sensor-@@n@@\";\nconst char* mqtt_pass = \"@@S@@\";",
     "const char* ssid = \"@@ssid@@\";")
_src("php-new-pdo-literal-password", "<pw>",
     "$pdo = new PDO('mysql:host=@@host@@;dbname=openemr;charset=utf8mb4', 'openemr', '@@S@@', [\n    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,\n]);",
     "PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION")
_src("php-define-vendor-password", "<pw>",
     "define('RCOPIA_VENDOR_USERNAME', 'vendor@@num@@');\ndefine('RCOPIA_VENDOR_PASSWORD', '@@S@@');\ndefine('RCOPIA_PRACTICE', '@@fac@@');",
     "define('RCOPIA_VENDOR_USERNAME', 'vendor@@num@@');")
_src("ruby-constant-auth-token", "<hex:32>",
     "module Telehealth\n  TWILIO_SID = '@@acsid@@'.freeze\n  TWILIO_TOKEN = '@@S@@'.freeze\nend",
     "module Telehealth")
_src("ruby-net-http-basic-auth", "<pw>",
     "req = Net::HTTP::Post.new(uri)\nreq.basic_auth 'interface', '@@S@@'\nreq.body = hl7_message",
     "req.body = hl7_message")
_src("kotlin-gradle-buildconfigfield", "<hex:40>",
     "buildConfigField(\"String\", \"VIDEO_API_KEY\", \"\\\"@@num6@@12\\\"\")\nbuildConfigField(\"String\", \"VIDEO_API_SECRET\", \"\\\"@@S@@\\\"\")",
     "VIDEO_API_KEY")
_src("swift-let-api-key", "<b64u:40>",
     "enum Secrets {\n    static let visitAPIBase = URL(string: \"https://api.@@orgd@@/visits\")!\n    static let visitAPIKey = \"@@S@@\"\n}",
     "static let visitAPIBase")
_src("sql-create-user-with-password", "<pw>",
     "-- migrations/0042_reporting_role.sql\nCREATE USER lis_reader WITH PASSWORD '@@S@@';\nGRANT SELECT ON ALL TABLES IN SCHEMA results TO lis_reader;",
     "GRANT SELECT ON ALL TABLES IN SCHEMA results TO lis_reader;")
_src("tsql-alter-login-nvarchar", "<pw>",
     "ALTER LOGIN [svc_hl7] WITH PASSWORD = N'@@S@@', CHECK_POLICY = OFF;\nGO",
     "ALTER LOGIN [svc_hl7]")
_src("tsql-sp-addlinkedsrvlogin", "<pw>",
     "EXEC sp_addlinkedsrvlogin @rmtsrvname = N'LABSRV', @useself = N'False', @locallogin = NULL, @rmtuser = N'lab_link', @rmtpassword = N'@@S@@';",
     "@rmtsrvname = N'LABSRV'")
_src("pg-create-user-mapping-options", "<pw>",
     "CREATE SERVER lis_remote FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '@@host@@', dbname 'lis');\nCREATE USER MAPPING FOR report_ro SERVER lis_remote OPTIONS (user 'lis_ro', password '@@S@@');",
     "FOREIGN DATA WRAPPER postgres_fdw")
_src("oracle-create-database-link", "<pww>",
     "CREATE DATABASE LINK pharm_link CONNECT TO pharm_ro IDENTIFIED BY \"@@S@@\" USING 'PHARMPDB';",
     "CREATE DATABASE LINK pharm_link")
_src("powershell-script-plain-variable", "<pw>",
     "# Sync-ScanFolder.ps1\n$SqlServer = '@@host@@'\n$SqlUser = 'scan_sync'\n$SqlPassword = '@@S@@'\nInvoke-Sqlcmd -ServerInstance $SqlServer -Username $SqlUser -Password $SqlPassword -Query $q",
     "# Sync-ScanFolder.ps1")
_src("bash-script-variable-assignment", "<pw>",
     "#!/usr/bin/env bash\nset -euo pipefail\nDB_HOST=@@host@@\nDB_USER=archiver\nDB_PASS=\"@@S@@\"\nmysqldump -h \"$DB_HOST\" -u \"$DB_USER\" -p\"$DB_PASS\" hl7_archive",
     "set -euo pipefail")
_src("perl-dbi-connect-literal", "<pw>",
     "my $dbh = DBI->connect(\"dbi:Pg:dbname=lis;host=@@host@@\", \"lis_report\", \"@@S@@\", { RaiseError => 1 });",
     "RaiseError => 1")
_src("mirth-js-database-connection-factory", "<pw>",
     "// Destination transformer: write result to LIS\nvar dbConn = DatabaseConnectionFactory.createDatabaseConnection('org.postgresql.Driver', 'jdbc:postgresql://@@host@@:5432/lis', 'mirth_writer', '@@S@@');\ndbConn.executeUpdate(sql, params);",
     "Destination transformer: write result to LIS")
_src("mirth-js-channelmap-api-key", "<an:36>",
     "// preprocessor\nchannelMap.put('labApiKey', '@@S@@');\nchannelMap.put('labEndpoint', 'https://@@host@@/api/orders');",
     "channelMap.put('labEndpoint'")
_src("r-dbconnect-pwd-argument", "<pw>",
     "con <- DBI::dbConnect(odbc::odbc(), Driver = \"ODBC Driver 18 for SQL Server\",\n                      Server = \"@@host@@\", Database = \"Readmissions\",\n                      UID = \"analyst\", PWD = \"@@S@@\")",
     "Database = \"Readmissions\"")
_src("pytest-fixture-literal-api-key", "<an:40>",
     "@pytest.fixture\ndef eligibility_client():\n    return EligibilityClient(base_url=SANDBOX_URL, api_key=\"@@S@@\")",
     "def eligibility_client():")
_src("jupyter-cell-json-source-token", "<b64u:40>",
     "{\n \"cell_type\": \"code\",\n \"source\": [\n  \"import requests\\n\",\n  \"TOKEN = \\\"@@S@@\\\"\\n\",\n  \"r = requests.get(FHIR + '/Patient', headers={'Authorization': 'Bearer ' + TOKEN})\"\n ]\n}",
     "\"cell_type\": \"code\"")
_src("python-hmac-webhook-bytes-secret", "<b64u:32>",
     "WEBHOOK_SECRET = b\"@@S@@\"\n\ndef verify(body: bytes, signature: str) -> bool:\n    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(mac, signature)",
     "def verify(body: bytes, signature: str) -> bool:")
_src("node-crypto-cipher-hex-key", "<hex:64>",
     "const KEY = Buffer.from('@@S@@', 'hex');\nconst iv = crypto.randomBytes(12);\nconst cipher = crypto.createCipheriv('aes-256-gcm', KEY, iv);",
     "crypto.createCipheriv('aes-256-gcm', KEY, iv)")
_src("go-struct-literal-password-field", "<pw>",
     "cfg := pacs.Config{\n\tHost:     \"@@host@@\",\n\tAETitle:  \"@@aet@@\",\n\tUser:     \"qr_user\",\n\tPassword: \"@@S@@\",\n}",
     "AETitle:  \"@@aet@@\"")
_src("python-fhirclient-settings-dict", "<an:36>",
     "settings = {\n    'app_id': 'med-rec-tool',\n    'app_secret': '@@S@@',\n    'api_base': 'https://fhir.@@orgd@@/r4',\n}\nsmart = client.FHIRClient(settings=settings)",
     "smart = client.FHIRClient(settings=settings)")
_src("java-passwordauthentication-anon-class", "<pw>",
     "Session session = Session.getInstance(props, new Authenticator() {\n    protected PasswordAuthentication getPasswordAuthentication() {\n        return new PasswordAuthentication(\"alerts@@@orgd@@\", \"@@S@@\");\n    }\n});",
     "Session.getInstance(props, new Authenticator()")
_src("python-blob-connection-string-literal", "<b64:86>==",
     "CONN = \"DefaultEndpointsProtocol=https;AccountName=@@org@@dicom;AccountKey=@@S@@;EndpointSuffix=core.windows.net\"\nsvc = BlobServiceClient.from_connection_string(CONN)",
     "BlobServiceClient.from_connection_string(CONN)")
_src("js-stripe-require-secret", "sk_live_<an:99>",
     "// billing/copay.js\nconst stripe = require('stripe')('@@S@@');\nconst intent = await stripe.paymentIntents.create({ amount: copayCents, currency: 'usd' });",
     "stripe.paymentIntents.create")
_src("python-openai-client-literal", "sk-proj-<b64u:156>",
     "from openai import OpenAI\nclient = OpenAI(api_key=\"@@S@@\")  # summarizer prototype, de-identified notes only",
     "de-identified notes only")
_src("python-anthropic-client-literal", "sk-ant-api03-<b64u:93>AA",
     "import anthropic\nclaude = anthropic.Anthropic(api_key=\"@@S@@\")\nSYSTEM = \"You draft discharge-instruction summaries at a 6th grade reading level.\"",
     "import anthropic")
_src("vba-adodb-connection-string", "<pw>",
     "Dim cn As New ADODB.Connection\ncn.Open \"Provider=SQLOLEDB;Data Source=@@host@@;Initial Catalog=Billing;User ID=xl_report;Password=@@S@@;\"",
     "Dim cn As New ADODB.Connection")
_src("autohotkey-send-password", "<pw>",
     "; kiosk autologin for the EHR check-in screen\n#IfWinActive, Citrix Receiver\n^!l::\nSend, kiosk{Tab}\nSend, @@S@@{Enter}\nreturn",
     "#IfWinActive, Citrix Receiver")
_src("batch-file-net-use-password", "<pw>",
     "@echo off\nREM map imaging share for the ultrasound workstation\nnet use U: \\\\@@host@@\\Ultrasound @@S@@ /user:CLINIC\\us_capture\nxcopy D:\\Export\\*.dcm U:\\Inbox\\ /Y",
     "REM map imaging share for the ultrasound workstation")
_src("elixir-config-repo-password", "<pw>",
     "config :telehealth, Telehealth.Repo,\n  username: \"telehealth\",\n  password: \"@@S@@\",\n  hostname: \"@@host@@\",\n  pool_size: 10",
     "config :telehealth, Telehealth.Repo")
_src("dart-const-api-secret", "<b64u:44>",
     "class ApiConfig {\n  static const baseUrl = 'https://api.@@orgd@@/patient-app';\n  static const apiSecret = '@@S@@';\n}",
     "static const baseUrl")
_src("python-urllib-password-manager", "<pw>",
     "mgr = urllib.request.HTTPPasswordMgrWithDefaultRealm()\nmgr.add_password(None, \"https://@@host@@/ris/\", \"ris_export\", \"@@S@@\")\nopener = urllib.request.build_opener(urllib.request.HTTPBasicAuthHandler(mgr))",
     "HTTPPasswordMgrWithDefaultRealm()")
_src("go-grpc-metadata-bearer", "<jwt>",
     "ctx = metadata.AppendToOutgoingContext(ctx, \"authorization\", \"Bearer @@S@@\")\nresp, err := client.GetVitals(ctx, &pb.VitalsRequest{DeviceId: devID})",
     "client.GetVitals(ctx")
_src("python-redis-from-url-literal", "<an:32>",
     "r = redis.Redis.from_url(\"rediss://default:@@S@@@@@host@@:6380/0\")\nr.setex(f\"visit:{visit_id}\", 900, json.dumps(state))",
     "r.setex(f\"visit:{visit_id}\"")
_src("python-docstring-example-real-key", "<an:32>",
     "def fetch_formulary(plan_id, api_key=None):\n    \"\"\"Return the plan formulary.\n\n    Example:\n        >>> fetch_formulary('H1234-001', api_key='@@S@@')\n    \"\"\"",
     "def fetch_formulary(plan_id, api_key=None):")
_src("csharp-const-string-hmac-secret", "<b64:44>",
     "internal static class DeviceAuth\n{\n    // shared secret for bedside monitor handshake\n    public const string HmacSecret = \"@@S@@\";\n}",
     "internal static class DeviceAuth")
_src("python-sftp-pysftp-literal", "<pw>",
     "with pysftp.Connection('@@host@@', username='quest_results', password='@@S@@', cnopts=cnopts) as sftp:\n    sftp.get_d('/outbound', LOCAL_INBOX)",
     "sftp.get_d('/outbound', LOCAL_INBOX)")
_src("python-pem-string-constant", "<pemec>",
     "DEVICE_SIGNING_KEY = \"\"\"-----BEGIN EC PRIVATE KEY-----\n@@S@@\n-----END EC PRIVATE KEY-----\"\"\"",
     "DEVICE_SIGNING_KEY = \"\"\"")
_src("lua-nginx-set-header-token", "<an:40>",
     "-- access_by_lua_block for the lab upload vhost\nngx.req.set_header(\"X-Lab-Token\", \"@@S@@\")\nngx.req.clear_header(\"Cookie\")",
     "ngx.req.clear_header(\"Cookie\")")

# =====================================================================
# stack-trace-or-log: log lines and tracebacks that leaked a credential
# =====================================================================
_log("jdbc-sqlserver-url-in-error", "<pw>",
     "@@ts@@ ERROR [pool-3-thread-1] c.c.lab.ResultWriter - Could not open connection to jdbc:sqlserver://@@host@@:1433;databaseName=LIS;user=sa;password=@@S@@;encrypt=false",
     "c.c.lab.ResultWriter - Could not open connection")
_log("python-traceback-source-line-literal", "<pw>",
     "Traceback (most recent call last):\n  File \"/opt/etl/load_encounters.py\", line 31, in <module>\n    conn = pymssql.connect(\"@@host@@\", \"sa\", \"@@S@@\", \"EHR\")\n  File \"src/pymssql/_pymssql.pyx\", line 659, in pymssql._pymssql.connect\npymssql._pymssql.OperationalError: (20009, b'DB-Lib error message 20009, severity 9')",
     "File \"/opt/etl/load_encounters.py\", line 31")
_log("python-rich-traceback-locals", "<pw>",
     "│ /app/fax/relay.py:48 in send                                    │\n│ ╭──────────────── locals ─────────────────╮                      │\n│ │     host = 'smtp.@@orgd@@'               │                      │\n│ │ password = '@@S@@'                       │                      │\n│ │     user = 'fax@@@orgd@@'                │                      │\n│ ╰─────────────────────────────────────────╯                      │\nSMTPAuthenticationError: (535, b'5.7.3 Authentication unsuccessful')",
     "SMTPAuthenticationError: (535")
_log("mongo-uri-in-java-exception", "<pwu>",
     "com.mongodb.MongoTimeoutException: Timed out after 30000 ms while waiting to connect. Client view of cluster state is {type=UNKNOWN}\n\tat ... (connection string mongodb://fhir_app:@@S@@@@@host@@:27017/fhir)",
     "com.mongodb.MongoTimeoutException")
_log("nginx-access-log-access-token-query", "<b64u:64>",
     "@@ip@@ - - [12/Mar/2025:@@time@@:07 +0000] \"GET /api/results/@@uuid@@?access_token=@@S@@ HTTP/1.1\" 200 4182 \"-\" \"LabPortal/@@ver@@ (iPad)\"",
     "\"GET /api/results/@@uuid@@")
_log("apache-access-log-apikey-query", "<hex:32>",
     "@@ip@@ - - [03/Feb/2025:@@time@@:55 -0500] \"GET /fhir/Patient?identifier=@@mrn@@&apikey=@@S@@ HTTP/1.1\" 401 112",
     "\"GET /fhir/Patient?identifier=@@mrn@@")
_log("mirth-server-log-http-header-dump", lambda c: _basic(c),
     "[@@ts@@]  ERROR (com.mirth.connect.connectors.http.HttpDispatcher:412): Error connecting to https://@@host@@/orders\nRequest headers: {Content-Type=[application/hl7-v2], Authorization=[Basic @@S@@]}\nResponse: 503 Service Unavailable",
     "com.mirth.connect.connectors.http.HttpDispatcher")
_log("hl7-msh8-security-field", "<pw>",
     "@@ts@@ INFO inbound MLLP @@ip@@:@@port@@ >> MSH|^~\\&|LABSYS|@@fac@@|EHR|@@fac@@|20250312@@num@@||@@S@@|ORU^R01^ORU_R01|@@num6@@|P|2.5.1",
     "ORU^R01^ORU_R01")
_log("dicom-association-user-identity-passcode", "<pww>",
     "I: Association Received @@ip@@: \"@@aet@@\" -> \"PACS_ARCH\"\nD: User Identity Negotiation: Type=2 (Username and passcode)\nD:   Primary field:   radtech\nD:   Secondary field: @@S@@\nI: Association Acknowledged (Max Send PDV: 16372)",
     "User Identity Negotiation")
_log("syslog-sudo-command-mysql-p", "<pw>",
     "@@date@@T@@time@@:14 lis01 sudo[@@pidn@@]:  @@user@@ : TTY=pts/0 ; PWD=/home/@@user@@ ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p@@S@@ lis_prod",
     "USER=root ; COMMAND=/usr/bin/mysql")
_log("auditd-execve-curl-u", lambda c: _pwu(),
     "type=EXECVE msg=audit(1710234567.@@num@@:@@num6@@): argc=5 a0=\"curl\" a1=\"-s\" a2=\"-u\" a3=\"export:@@S@@\" a4=\"https://@@host@@/ris/export\"",
     "type=EXECVE")
_log("spring-debug-property-dump", "<pw>",
     "@@ts@@ DEBUG o.s.b.c.p.s.ConfigurationPropertySourcesPropertyResolver - Found key 'spring.datasource.password' in PropertySource 'applicationConfig: [file:./config/application-@@env@@.properties]' with value of type String: @@S@@",
     "ConfigurationPropertySourcesPropertyResolver")
_log("node-unhandled-rejection-config-object", "<pw>",
     "(node:@@pidn@@) UnhandledPromiseRejectionWarning: Error: connect ETIMEDOUT @@ip@@:1433\n    at Connection.socketError (/app/node_modules/tedious/lib/connection.js:1376:28)\n  config: {\n    server: '@@host@@',\n    authentication: { type: 'default', options: { userName: 'rx_api', password: '@@S@@' } }\n  }",
     "UnhandledPromiseRejectionWarning")
_log("axios-error-config-headers-dump", "<jwt>",
     "AxiosError: Request failed with status code 403\n    at settle (/srv/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://fhir.@@orgd@@/r4/MedicationRequest',\n    headers: AxiosHeaders { Accept: 'application/fhir+json', Authorization: 'Bearer @@S@@' }\n  }",
     "AxiosError: Request failed with status code 403")
_log("python-http-client-debug-send", "<an:40>",
     "send: b'POST /v1/eligibility HTTP/1.1\\r\\nHost: api.@@orgd@@\\r\\nX-Api-Key: @@S@@\\r\\nContent-Length: 212\\r\\n\\r\\n'\nreply: 'HTTP/1.1 200 OK\\r\\n'",
     "reply: 'HTTP/1.1 200 OK")
_log("urllib3-debug-url-key-param", "AIza<b64u:35>",
     "@@ts@@ DEBUG urllib3.connectionpool https://healthcare.googleapis.com:443 \"GET /v1/projects/@@org@@/locations/us/datasets/clinical/fhirStores/r4/fhir/Patient?key=@@S@@ HTTP/1.1\" 200 None",
     "urllib3.connectionpool")
_log("aws-sdk-debug-security-token-header", "IQoJb3JpZ2luX2VjE<b64:300>",
     "@@ts@@ [DEBUG] botocore.endpoint: Sending http request: <AWSPreparedRequest method=POST, url=https://healthlake.@@region@@.amazonaws.com/, headers={'X-Amz-Date': b'20250312T101500Z', 'X-Amz-Security-Token': b'@@S@@', 'Content-Type': b'application/x-amz-json-1.0'}>",
     "botocore.endpoint: Sending http request")
_log("json-structured-log-headers-field", "<an:32>",
     "{\"level\":\"debug\",\"ts\":\"@@ts@@\",\"caller\":\"outbound/client.go:88\",\"msg\":\"outbound request\",\"url\":\"https://@@host@@/v2/orders\",\"headers\":{\"X-Api-Key\":\"@@S@@\",\"X-Request-Id\":\"@@uuid@@\"}}",
     "\"caller\":\"outbound/client.go:88\"")
_log("hibernate-binding-parameter-password", "<pw>",
     "@@ts@@ TRACE org.hibernate.type.descriptor.sql.BasicBinder - binding parameter [1] as [VARCHAR] - [@@user@@]\n@@ts@@ TRACE org.hibernate.type.descriptor.sql.BasicBinder - binding parameter [2] as [VARCHAR] - [@@S@@]",
     "org.hibernate.type.descriptor.sql.BasicBinder")
_log("ldap-bind-debug-cred", "<pw>",
     "@@ts@@ DEBUG ldap3: BIND request <{'version': 3, 'name': 'cn=svc-portal,ou=Service,dc=clinic,dc=local', 'authentication': {'simple': '@@S@@', 'sasl': None}}> sent via <ldaps://@@host@@:636>",
     "'name': 'cn=svc-portal,ou=Service,dc=clinic,dc=local'")
_log("smtp-debug-auth-login-b64", lambda c: _b64enc(_pw()),
     "send: 'AUTH LOGIN\\r\\n'\nreply: b'334 VXNlcm5hbWU6\\r\\n'\nsend: 'cmVzdWx0c0BjbGluaWMubG9jYWw=\\r\\n'\nreply: b'334 UGFzc3dvcmQ6\\r\\n'\nsend: '@@S@@\\r\\n'\nreply: b'235 2.7.0 Authentication successful\\r\\n'",
     "reply: b'235 2.7.0 Authentication successful")
_log("ftp-client-verbose-pass", "<pw>",
     "---> USER lab_results\n331 Please specify the password.\n---> PASS @@S@@\n230 Login successful.\n---> TYPE I",
     "331 Please specify the password.")
_log("windows-4688-command-line-net-use", "<pw>",
     "An account was successfully logged on... \nA new process has been created.\nCreator Subject:\n\tAccount Name:\t\t@@user@@\nProcess Information:\n\tNew Process Name:\tC:\\Windows\\System32\\net.exe\n\tProcess Command Line:\tnet use \\\\@@host@@\\billing /user:CLINIC\\billing @@S@@",
     "New Process Name:\tC:\\Windows\\System32\\net.exe")
_log("powershell-transcript-pscredential", "<pw>",
     "**********************\nPowerShell transcript start\nStart time: 20250312@@num6@@\n**********************\nPS C:\\Users\\itadmin> $cred = New-Object PSCredential('CLINIC\\svc_sql', (ConvertTo-SecureString '@@S@@' -AsPlainText -Force))\nPS C:\\Users\\itadmin> Invoke-Sqlcmd -ServerInstance @@host@@ -Credential $cred -Query 'DBCC CHECKDB'",
     "PowerShell transcript start")
_log("git-fatal-unable-to-access-token-url", "ghs_<an:36>",
     "fatal: unable to access 'https://x-access-token:@@S@@@github.com/@@org@@/hl7-mappings.git/': The requested URL returned error: 403",
     "The requested URL returned error: 403")
_log("pip-retry-warning-credentialed-url", "<pwu>",
     "WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'NewConnectionError': /simple/pydicom-ext/\n  Looking in indexes: https://build:@@S@@@pypi.@@orgd@@/simple",
     "/simple/pydicom-ext/")
_log("yarn-verbose-authorization-header", "npm_<an:36>",
     "verbose 0.412 Performing \"GET\" request to \"https://registry.npmjs.org/@@@org@@%2ffhir-types\".\nverbose 0.413 Request headers: {\"authorization\":\"Bearer @@S@@\",\"accept-encoding\":\"gzip\"}",
     "Performing \"GET\" request")
_log("java-invalid-jdbc-oracle-url", "<pwu>",
     "Caused by: java.sql.SQLException: Invalid Oracle URL specified: jdbc:oracle:thin:pharm/@@S@@@//@@host@@:1521/PHARMPDB?oracle.net.ssl=true\n\tat oracle.jdbc.driver.PhysicalConnection.parseUrl(PhysicalConnection.java:1652)",
     "oracle.jdbc.driver.PhysicalConnection.parseUrl")
_log("go-panic-mysql-dsn", "<pwu>",
     "panic: dial tcp: lookup lis-db on 127.0.0.11:53: no such host (dsn=lab:@@S@@@tcp(lis-db:3306)/lis)\n\ngoroutine 1 [running]:\nmain.mustDB(...)\n\t/src/cmd/ingest/main.go:44 +0x1e5",
     "goroutine 1 [running]:")
_log("rust-error-debug-postgres-url", "<pwu>",
     "Error: Database(PgConnectError { url: \"postgres://fhir:@@S@@@@@host@@:5432/fhir\", source: Io(Os { code: 111, kind: ConnectionRefused }) })",
     "kind: ConnectionRefused")
_log("celery-banner-broker-url", "<pwu>",
     " -------------- celery@worker-@@n@@ v5.3.6 (emerald-rush)\n--- ***** -----\n-- ******* ---- Linux-5.15.0-x86_64\n- *** --- * --- \n- ** ---------- [config]\n- ** ---------- .> app:         result_notifier\n- ** ---------- .> transport:   amqp://notifier:@@S@@@@@host@@:5672//",
     ".> app:         result_notifier")
_log("hapi-fhir-request-log-basic-auth", lambda c: _basic(c),
     "@@ts@@ INFO  fhirtest.access - Path[/fhir] Source[@@ip@@] Operation[search-type Observation] UA[python-requests/2.31] Params[?patient=@@uuid@@] Headers[Authorization=Basic @@S@@]",
     "Operation[search-type Observation]")
_log("interconnect-web-service-password-log", "<pw>",
     "@@ts@@ [Interconnect] Outbound call to GetPatientDemographics WebServiceUser=EMP$@@num@@ WebServicePassword=@@S@@ Status=401",
     "Outbound call to GetPatientDemographics")
_log("astm-header-access-password", "<pron:3>",
     "@@ts@@ RX <ENQ>\n@@ts@@ RX <STX>1H|\\^&||@@S@@|cobas-@@n@@^@@ver@@|||||host^1|P|1<CR><ETX>A7<CR><LF>\n@@ts@@ TX <ACK>",
     "@@ts@@ TX <ACK>")
_log("uart-boot-log-wifi-psk", "<pw>",
     "[    1.204] wifi: scan done, 6 APs\n[    1.210] wifi: connecting ssid='@@ssid@@' psk='@@S@@'\n[    2.884] wifi: connected, rssi=-61 ip=@@ip@@",
     "wifi: scan done, 6 APs")
_log("ble-pairing-passkey-log", "<dig:6>",
     "@@ts@@ BLE: pairing request from C0:4E:@@hex8@@ (GlucoMeter-@@n@@)\n@@ts@@ BLE: static passkey in use, passkey=@@S@@\n@@ts@@ BLE: bonded, LTK stored in slot 3",
     "BLE: pairing request from C0:4E:@@hex8@@")
_log("ota-updater-hmac-key-debug", "<hex:64>",
     "D (4512) ota: manifest v@@ver@@ size=1048576\nD (4513) ota: verifying with hmac key @@S@@\nI (5120) ota: signature OK, rebooting",
     "ota: signature OK, rebooting")
_log("android-logcat-opentok-token", "T1==<b64:280>",
     "03-12 @@time@@:22.481  @@pidn@@  @@pidn_b@@ D TeleVisitSdk: joining session 2_MX40@@num6@@fg with token=@@S@@",
     "D TeleVisitSdk: joining session")
_log("ios-console-access-token-jwt", lambda c: _twilio_jwt(),
     "default\t@@time@@:03.118\tTeleVisit\t[VideoRoomController] connect(to: visit-@@num6@@) accessToken=@@S@@",
     "[VideoRoomController] connect(to: visit-@@num6@@)")
_log("nginx-error-log-upstream-userinfo", "<pwu>",
     "@@date@@ @@time@@:41 [error] 1187#1187: *4410 upstream timed out (110: Connection timed out) while reading response header from upstream, client: @@ip@@, server: pacs.@@orgd@@, request: \"GET /wado?studyUID=@@dicomuid@@ HTTP/1.1\", upstream: \"http://wado:@@S@@@@@ip_b@@:8080/wado\"",
     "upstream timed out (110: Connection timed out)")
_log("envoy-access-log-x-api-key", "<an:40>",
     "[@@ts@@] \"POST /claims/v1/submit HTTP/2\" 201 - 2041 88 412 410 \"@@ip@@\" \"claims-batcher/@@ver@@\" \"@@uuid@@\" \"x-api-key=@@S@@\" \"claims-edi.svc:8080\"",
     "\"POST /claims/v1/submit HTTP/2\" 201")
_log("journald-keystore-password-warning", "<pww>",
     "Mar 12 @@time@@:02 mirth01 mcservice[@@pidn@@]: WARN  keystore.storepass=@@S@@ is the default from the installer, change it",
     "mcservice[@@pidn@@]")
_log("cron-mail-subject-with-password", "<pw>",
     "From: root@pacs@@n@@ (Cron Daemon)\nTo: root@pacs@@n@@\nSubject: Cron <root@pacs@@n@@> PGPASSWORD=@@S@@ pg_dump -U orthanc orthanc > /backup/orthanc.sql\n\npg_dump: error: connection to server on socket \"/var/run/postgresql/.s.PGSQL.5432\" failed",
     "From: root@pacs@@n@@ (Cron Daemon)")
_log("postgres-log-alter-role-password", "<pw>",
     "@@date@@ @@time@@:09.412 UTC [@@pidn@@] postgres@ehr LOG:  statement: ALTER ROLE report_ro WITH LOGIN PASSWORD '@@S@@' VALID UNTIL '2026-01-01';",
     "postgres@ehr LOG:  statement: ALTER ROLE report_ro")
_log("mysql-general-log-identified-by", "<pw>",
     "@@ts@@\t   @@n@@ Query\tCREATE USER 'openemr_ro'@'%' IDENTIFIED BY '@@S@@'",
     "Query\tCREATE USER 'openemr_ro'@'%'")
_log("redis-monitor-auth-command", "<an:32>",
     "1710234567.@@num6@@ [0 @@ip@@:51234] \"AUTH\" \"@@S@@\"\n1710234567.@@num6@@ [0 @@ip@@:51234] \"GET\" \"visit-session:@@uuid@@\"",
     "\"GET\" \"visit-session:@@uuid@@\"")
_log("python-logging-config-dict-repr", "<an:48>",
     "@@ts@@ INFO app.startup Loaded config: {'fhir_url': 'https://fhir.@@orgd@@/r4', 'client_id': 'med-rec', 'client_secret': '@@S@@', 'timeout': 30}",
     "app.startup Loaded config")
_log("selenium-log-fill-password-field", "<pw>",
     "  pw:api => page.fill(\"#username\", \"qa_nurse\") started\n  pw:api <= page.fill succeeded\n  pw:api => page.fill(\"#password\", \"@@S@@\") started\n  pw:api <= page.fill succeeded\n  pw:api => page.click(\"text=Sign in\") started",
     "page.click(\"text=Sign in\")")
_log("form-body-debug-urlencoded-password", "<pwu>",
     "@@ts@@ DEBUG portal.auth POST /login body=username=frontdesk%40@@org@@&password=@@S@@&remember=on ip=@@ip@@",
     "portal.auth POST /login")
_log("oauth-token-request-body-client-secret", "<an:48>",
     "@@ts@@ DEBUG TokenClient - POST https://auth.@@orgd@@/oauth2/token body: grant_type=client_credentials&client_id=lab-bridge&client_secret=@@S@@&scope=system%2FObservation.write",
     "TokenClient - POST https://auth.@@orgd@@/oauth2/token")
_log("webhook-signing-secret-printed", "whsec_<an:32>",
     "@@ts@@ INFO  billing.webhooks  Verifying Stripe signature with secret whsec... ok\n@@ts@@ DEBUG billing.webhooks  secret=@@S@@ tolerance=300",
     "billing.webhooks")
_log("sentry-breadcrumb-request-data", "<pw>",
     "  {\"category\": \"http\", \"type\": \"http\", \"data\": {\"method\": \"POST\", \"url\": \"/api/staff/reset\", \"body\": \"{\\\"email\\\": \\\"@@email@@\\\", \\\"new_password\\\": \\\"@@S@@\\\"}\"}}",
     "\"url\": \"/api/staff/reset\"")
_log("ansible-loop-item-leak", "<pw>",
     "changed: [dc01.@@orgd@@] => (item={'name': 'svc_rightfax', 'password': '@@S@@', 'groups': ['Fax Operators']})",
     "changed: [dc01.@@orgd@@]")
_log("catalina-out-jndi-resource-dump", "<pw>",
     "INFO: Creating JNDI resource jdbc/RISDS: ResourceRef[className=javax.sql.DataSource, factory=org.apache.tomcat.dbcp.dbcp2.BasicDataSourceFactory, {url=jdbc:postgresql://@@host@@/ris, username=ris_app, password=@@S@@}]",
     "Creating JNDI resource jdbc/RISDS")
_log("php-pdoexception-stack-args", "<pw>",
     "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'openemr'@'@@ip@@' (using password: YES) in /var/www/openemr/library/sql.inc.php:87\nStack trace:\n#0 /var/www/openemr/library/sql.inc.php(87): PDO->__construct('mysql:host=@@host@@...', 'openemr', '@@S@@', Array)\n#1 {main}",
     "/var/www/openemr/library/sql.inc.php")
_log("ruby-connection-not-established-url", "<pwu>",
     "ActiveRecord::ConnectionNotEstablished (connection to server at \"@@ip@@\", port 5432 failed: FATAL:  no pg_hba.conf entry) \nDATABASE_URL=postgres://portal:@@S@@@@@host@@:5432/patient_portal",
     "ActiveRecord::ConnectionNotEstablished")
_log("dotnet-sqlexception-with-connstring", "<pw>",
     "System.Data.SqlClient.SqlException (0x80131904): A network-related or instance-specific error occurred\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)\nConnectionString: Server=@@host@@;Database=Pharmacy;User Id=rx_svc;Password=@@S@@;",
     "System.Data.SqlClient.SqlException (0x80131904)")
_log("java-exception-message-expired-token", "<an:64>",
     "com.clinic.rx.SurescriptsAuthException: token '@@S@@' rejected by gateway (expired)\n\tat com.clinic.rx.GatewayClient.send(GatewayClient.java:211)\n\tat com.clinic.rx.NewRxJob.run(NewRxJob.java:58)",
     "com.clinic.rx.GatewayClient.send(GatewayClient.java:211)")
_log("docker-compose-up-log-echo-password", "<pw>",
     "openemr-1  | Configuring OpenEMR - this can take a few minutes\nopenemr-1  | MYSQL_ROOT_PASS=@@S@@ OE_USER=admin\nopenemr-1  | Setup complete",
     "Configuring OpenEMR")
_log("k8s-crashloop-log-connection-string", "<pw>",
     "$ kubectl logs -n @@ns@@ @@app@@-@@hex8@@ --previous\nunhandled exception: cannot connect using 'Host=@@host@@;Port=5432;Database=fhir;Username=fhir_app;Password=@@S@@;SSL Mode=Require'",
     "unhandled exception: cannot connect using")
_log("vnc-server-log-password-set", "<pww>",
     "@@date@@ @@time@@ vncserver: password for display :1 set to '@@S@@' by setup script (ultrasound cart @@n@@)",
     "vncserver: password for display :1")
_log("rightfax-service-log-smtp-auth", "<pw>",
     "@@date@@ @@time@@ [RFSMTP] Connecting to smtp.@@orgd@@:587 as fax@@@orgd@@ pass=@@S@@\n@@date@@ @@time@@ [RFSMTP] 250 OK",
     "[RFSMTP] Connecting to smtp.@@orgd@@:587")
_log("pyxis-bridge-debug-soap-password-element", "<pw>",
     "@@ts@@ DEBUG SoapClient request: <soapenv:Header><wsse:Security><wsse:UsernameToken><wsse:Username>pyxis_if</wsse:Username><wsse:Password Type=\"#PasswordText\">@@S@@</wsse:Password></wsse:UsernameToken></wsse:Security></soapenv:Header>",
     "<wsse:Username>pyxis_if</wsse:Username>")
_log("cloud-init-output-chpasswd-echo", "<pw>",
     "Cloud-init v. 23.4 running 'modules:config' at @@date@@\n+ echo 'radiology:@@S@@' | chpasswd\n+ systemctl enable --now orthanc",
     "running 'modules:config'")
_log("gunicorn-access-log-token-path", "<b64u:43>",
     "@@ip@@ - - [@@date@@:@@time@@:18] \"GET /share/result/@@S@@/download HTTP/1.1\" 200 88213 \"-\" \"Mozilla/5.0\"",
     "/download HTTP/1.1\" 200 88213")
_log("mirth-channel-log-sftp-password-map", "<pw>",
     "[@@ts@@] DEBUG (transformer:?): channelMap = {sftpHost=@@host@@, sftpUser=quest_sftp, sftpPassword=@@S@@, batchId=@@num6@@}",
     "DEBUG (transformer:?): channelMap")

# =====================================================================
# note-or-chat: running notes, goals, decisions, pasted chat messages
# =====================================================================
_note("slack-thread-handover-password", "<pw>",
     "@@person@@ [@@time@@]: handing over the Mirth box tonight. admin login is admin / @@S@@ until we get LDAP wired up, don't change it mid-cutover pls",
     "handing over the Mirth box tonight")
_note("teams-message-wifi-pass-abbrev", "<pw>",
     "@@person@@: Wi-Fi for the telehealth rooms -> SSID @@ssid@@, pass @@S@@ (it's on the whiteboard too, I'll erase it)",
     "Wi-Fi for the telehealth rooms")
_note("spanish-note-contrasena-pacs", "<pw>",
     "Nota: la contraseña del servidor PACS (usuario pacsadmin) es @@S@@ — hay que cambiarla después de la migración del @@date@@.",
     "usuario pacsadmin")
_note("portuguese-senha-banco-lis", "<pw>",
     "Senha do banco do LIS: @@S@@ (usuário lis_app). Não compartilhar fora da equipe de TI do @@clinic@@.",
     "usuário lis_app")
_note("german-zugangsdaten-laborschnittstelle", "<pw>",
     "Zugangsdaten für die Laborschnittstelle: Benutzer labor_if, Passwort @@S@@ — bitte nach dem Test mit @@person@@ ändern.",
     "Benutzer labor_if")
_note("french-mot-de-passe-guillemets", "<pw>",
     "Le mot de passe du compte de service Orthanc est « @@S@@ » ; on le remplacera par le coffre Vault la semaine prochaine.",
     "compte de service Orthanc")
_note("italian-password-nas-radiologia", "<pw>",
     "La password dell'utente radiologia sul NAS (@@ip@@) è @@S@@, me l'ha passata @@person@@ al telefono.",
     "utente radiologia sul NAS (@@ip@@)")
_note("dutch-wachtwoord-apotheek-koppeling", "<pw>",
     "Wachtwoord voor de apotheekkoppeling (gebruiker apo_if): @@S@@ — niet in de wiki zetten a.u.b.",
     "gebruiker apo_if")
_note("polish-haslo-konto-serwisowe", "<pw>",
     "Hasło do konta svc_hl7 na serwerze integracyjnym @@host@@: @@S@@",
     "konta svc_hl7 na serwerze integracyjnym @@host@@")
_note("japanese-kensa-password", "<pw>",
     "検査システム連携用アカウント lab_link のパスワードは @@S@@ です。@@person@@さんに確認済み。",
     "検査システム連携用アカウント lab_link")
_note("chinese-his-jiekou-mima", "<pw>",
     "HIS 接口账号 his_api 的密码：@@S@@（测试环境，上线前要改）",
     "HIS 接口账号 his_api")
_note("korean-pacs-admin-bimilbeonho", "<pw>",
     "PACS 관리자 계정(pacsadmin) 비밀번호: @@S@@ — 다음 주 점검 때 변경 예정",
     "PACS 관리자 계정(pacsadmin)")
_note("russian-parol-uchetka-mirth", "<pw>",
     "Пароль от учётки mirth_admin на @@host@@: @@S@@ (временный, сменить после приёмки)",
     "учётки mirth_admin на @@host@@")
_note("ukrainian-parol-baza-reiestratury", "<pw>",
     "Пароль до бази реєстратури (користувач reg_app): @@S@@",
     "користувач reg_app")
_note("turkish-eczane-sifre", "<pw>",
     "Eczane sistemi entegrasyon kullanıcısı ecz_if, şifresi: @@S@@ — lütfen kimseyle paylaşmayın.",
     "kullanıcısı ecz_if")
_note("arabic-kalimat-al-murur-lab", "<pw>",
     "كلمة المرور لحساب خادم المختبر lab_srv هي: @@S@@",
     "lab_srv")
_note("hebrew-sisma-pacs", "<pw>",
     "הסיסמה למשתמש pacs_ro בשרת ה-PACS היא @@S@@ , לא לשלוח במייל",
     "pacs_ro")
_note("hindi-lab-server-password", "<pw>",
     "लैब सर्वर (@@host@@) का पासवर्ड @@S@@ है, यूज़र labadmin",
     "यूज़र labadmin")
_note("vietnamese-mat-khau-his", "<pw>",
     "Mật khẩu tài khoản quản trị HIS (his_admin): @@S@@ — đổi sau khi nghiệm thu.",
     "tài khoản quản trị HIS (his_admin)")
_note("indonesian-kata-sandi-simrs", "<pw>",
     "Kata sandi akun SIMRS untuk bridging BPJS: @@S@@ (user: bridging01)",
     "user: bridging01")
_note("swahili-nenosiri-seva-maabara", "<pw>",
     "Nenosiri la seva ya maabara (mtumiaji: maabara_if) ni @@S@@",
     "mtumiaji: maabara_if")
_note("tagalog-password-router-klinika", "<pw>",
     "Ang password ng admin sa router ng klinika (@@ip@@) ay @@S@@, pakipalitan pagkatapos ng install.",
     "router ng klinika (@@ip@@)")
_note("swedish-losenord-journalsystem", "<pw>",
     "Lösenordet till journalsystemets testmiljö (användare test_lakare): @@S@@",
     "användare test_lakare")
_note("greek-kodikos-ergastirio", "<pw>",
     "Ο κωδικός για τον λογαριασμό lab_sync του εργαστηρίου είναι @@S@@",
     "lab_sync")
_note("finnish-salasana-laboratorio", "<pw>",
     "Salasana laboratoriojärjestelmän rajapintatunnukselle lab_rajapinta: @@S@@",
     "lab_rajapinta")
_note("thai-rahat-phan-pacs", "<pw>",
     "รหัสผ่านบัญชี pacs_view คือ @@S@@ (ใช้ชั่วคราว)",
     "pacs_view")
_note("persian-ramz-obur-server", "<pw>",
     "رمز عبور کاربر his_link روی سرور @@host@@: @@S@@",
     "his_link")
_note("spanglish-chat-clave-vpn", "<pw>",
     "@@person@@: oye la clave del VPN de la clínica es @@S@@, user es @@user@@ — works from home too",
     "user es @@user@@")
_note("agent-running-notes-checkbox", "<an:40>",
     "## Running notes\n- [x] reproduced the 401 from the FHIR sandbox\n- [x] got sandbox client secret from @@person@@: @@S@@ (not in vault yet!)\n- [ ] update fhir-proxy deployment and rotate",
     "reproduced the 401 from the FHIR sandbox")
_note("markdown-handoff-table-password-column", "<pw>",
     "| System | User | Password | Notes |\n|---|---|---|---|\n| Omnicell IF | omni_if | @@S@@ | nightly sync 02:00 |\n| Fax server | (see IT vault) | — | |",
     "| Omnicell IF | omni_if |")
_note("forwarded-vendor-email-temp-password", "<pw>",
     "---------- Forwarded message ---------\nFrom: Sandbox Support <support@ehr-vendor.example>\nSubject: Your developer sandbox credentials\n\nUsername: @@user@@_dev\nTemporary password: @@S@@\nYou will be asked to change it at first login.",
     "Subject: Your developer sandbox credentials")
_note("unlabeled-user-slash-password", "<pw>",
     "vpn: @@user@@ / @@S@@",
     "vpn: @@user@@")
_note("creds-abbrev-colon-pair", "<pwu>",
     "creds for the lab sftp -> quest_sftp:@@S@@ (host @@host@@, port 2222)",
     "creds for the lab sftp")
_note("pw-abbrev-printer-admin", "<pw>",
     "pw for the printer admin page (@@ip@@) = @@S@@",
     "printer admin page (@@ip@@)")
_note("sticky-note-photo-transcribed", "<pw>",
     "Photo from the med room: sticky note on the Pyxis console says \"admin — @@S@@\". Need to talk to @@person@@ about this.",
     "sticky note on the Pyxis console")
_note("jira-comment-vendor-reset", "<pw>",
     "@@ticket@@ comment by @@person@@: Vendor reset the e-prescribing sandbox account. New pass: @@S@@. Expires in 90 days.",
     "Vendor reset the e-prescribing sandbox account")
_note("servicenow-work-note-local-admin", "<pw>",
     "Work notes (@@ticket@@): re-imaged FRONTDESK-@@n@@, local admin set to @@S@@ per old SOP, LAPS not enabled on this OU yet.",
     "re-imaged FRONTDESK-@@n@@")
_note("decision-log-shared-account", "<pw>",
     "Decision @@date@@: keep the shared 'radiology' viewer account for the reading room (pw @@S@@) until SSO lands in Q3. Owner: @@person@@.",
     "keep the shared 'radiology' viewer account")
_note("goal-statement-rotate-with-value", "<b64:88>",
     "Goal: rotate the EHR sandbox client secret (current value @@S@@) and roll the fhir-proxy pods in @@ns@@.",
     "roll the fhir-proxy pods in @@ns@@")
_note("meeting-notes-bullets-db-pass", "<pw>",
     "Interface huddle @@date@@\n* lab go-live moved to Monday\n* @@person@@ shared DB creds for LIS replica: lis_ro / @@S@@\n* ADT A08 volume spike still unexplained",
     "lab go-live moved to Monday")
_note("chat-pasted-env-fenced-block", "<an:40>",
     "@@person@@: here's what I have locally, works against preview:\n```\nATHENA_PRACTICE_ID=195900\nATHENA_CLIENT_SECRET=@@S@@\n```",
     "ATHENA_PRACTICE_ID=195900")
_note("whatsapp-timestamped-ultrasound-share", "<pw>",
     "[@@time@@, 12/03/2025] Dr. @@last@@: password for the ultrasound share is @@S@@\n[@@time@@, 12/03/2025] @@person@@: 👍 thanks",
     "password for the ultrasound share")
_note("passphrase-with-spaces-quoted", "<phrase>",
     "The Veeam backup encryption passphrase is: \"@@S@@\" — without it the offsite copies are useless, so print it for the safe.",
     "Veeam backup encryption passphrase")
_note("spelled-out-lowercase-hint", "<pww>",
     "admin password for the dose monitor (all lowercase, no spaces): @@S@@",
     "admin password for the dose monitor")
_note("vaccine-fridge-wifi-slash", "<pw>",
     "Wi-Fi for the vaccine fridge sensors: @@ssid@@ / @@S@@",
     "Wi-Fi for the vaccine fridge sensors")
_note("bitlocker-recovery-key-note", lambda c: "-".join(_s(_DG, 6) for _ in range(8)),
     "BitLocker recovery key for FRONTDESK-@@n@@ (key ID @@HEXID@@): @@S@@",
     "BitLocker recovery key for FRONTDESK-@@n@@")
_note("teamviewer-id-and-password", "<pww>",
     "Remote support for the lab analyzer PC: TeamViewer ID 1 @@num@@ @@num6@@, pw @@S@@",
     "Remote support for the lab analyzer PC")
_note("anydesk-unattended-password", "<pw>",
     "AnyDesk on RECEPTION-@@n@@, unattended access password set to @@S@@ so the vendor can patch tonight",
     "AnyDesk on RECEPTION-@@n@@")
_note("todo-test-with-key-backticks", "<an:32>",
     "- test against the eligibility sandbox with key `@@S@@` before Friday",
     "test against the eligibility sandbox")
_note("code-review-comment-committed-token", "<hex:32>",
     "review note on PR #@@num@@: you committed the Twilio auth token (@@S@@) in settings.py, please rotate it and use env vars",
     "review note on PR #@@num@@")
_note("incident-postmortem-revoked-key", "sk_live_<an:24>",
     "Postmortem @@date@@: the key sk_live_… leaked in the portal bundle was @@S@@; revoked at @@time@@, no fraudulent charges found.",
     "no fraudulent charges found")
_note("french-chat-root-slash", "<pw>",
     "@@person@@ : pour la VM du labo (@@ip@@) c'est root / @@S@@, je l'ai mis nulle part ailleurs",
     "pour la VM du labo (@@ip@@)")
_note("german-chat-pw-abbrev", "<pw>",
     "@@person@@: PW für den Befundserver ist @@S@@, Benutzer befund_ro",
     "Benutzer befund_ro")
_note("spanish-contra-abbrev-chat", "<pw>",
     "@@person@@: la contra del wifi de consultorios es @@S@@ jaja no la publiques",
     "wifi de consultorios")
_note("portuguese-senha-provisoria-email", "<pw>",
     "Olá @@person@@, segue a senha provisória do portal do laboratório: @@S@@ (usuário @@user@@). Troque no primeiro acesso.",
     "portal do laboratório")
_note("italian-credenziali-colon-pair", "<pwu>",
     "credenziali per il server di refertazione: referti:@@S@@",
     "server di refertazione")
_note("japanese-user-password-pair", "<pw>",
     "院内Wi-Fi（@@ssid@@）のパスワード：@@S@@ ※患者用とは別",
     "院内Wi-Fi（@@ssid@@）")
_note("malay-kata-laluan-handover", "<pw>",
     "Serahan tugas: kata laluan akaun pentadbir HIS ialah @@S@@, sila tukar selepas audit.",
     "Serahan tugas")
_note("chat-try-this-value-pyxis", "<pw>",
     "@@person@@: try `@@S@@` for the Pyxis service login, that's what the label on the back of the console says",
     "for the Pyxis service login")
_note("nurse-it-request-citrix", "<pw>",
     "Ticket from 4 West: \"my Citrix password is @@S@@ and it doesn't work since this morning, please fix\" — @@person@@ RN",
     "Ticket from 4 West")
_note("hr-new-hire-temp-password", "<pw>",
     "New hire @@person@@ @@last@@ (MA, starts Monday): AD account @@user@@, temp password @@S@@, EHR training at 9.",
     "AD account @@user@@")
_note("multiline-password-next-line", "<pw>",
     "Lab middleware admin console\nurl: https://@@host@@:8443\nuser: dimadmin\npassword:\n    @@S@@",
     "url: https://@@host@@:8443")
_note("password-with-explanation-parenthetical", "<pw>",
     "the fax server admin password is @@S@@ (the one ending in the symbol, not the old one from 2023)",
     "not the old one from 2023")
_note("voice-call-readback-note", "<pw>",
     "Called the dictation vendor; support read back our tenant admin password as @@S@@ and confirmed the account is not locked.",
     "Called the dictation vendor")
_note("decision-record-unlabeled-pair", "<pwu>",
     "ADR-@@num@@: the HL7 listener on @@host@@ will keep basic auth for now (interface:@@S@@) because the lab vendor can't do mTLS.",
     "because the lab vendor can't do mTLS")
_note("standup-notes-api-token-inline", "ntn_<an:46>",
     "standup @@date@@ — @@person@@ set up the Notion integration for the on-call runbook, token @@S@@, page shared with the integration",
     "on-call runbook")
_note("czech-heslo-laborator", "<pw>",
     "Heslo k účtu lab_import na serveru laboratoře: @@S@@",
     "lab_import")
_note("norwegian-passord-rontgen", "<pw>",
     "Passordet til røntgen-PACS brukeren pacs_vis er @@S@@",
     "pacs_vis")
_note("bengali-password-note", "<pw>",
     "ল্যাব সার্ভারের পাসওয়ার্ড: @@S@@ (ইউজার lab_bd)",
     "lab_bd")
_note("agent-decision-keep-hardcoded-temp", "<an:32>",
     "Decision: for the demo I hardcoded the interim Medplum client secret @@S@@ in .env.demo; must be removed before the repo goes public.",
     "must be removed before the repo goes public")
_note("laps-password-readout-note", "<rand:16>",
     "LAPS password for LAB-PC-@@n@@ (read from Entra, expires @@date@@): @@S@@ — used it to install the analyzer driver, will force a reset after.",
     "used it to install the analyzer driver")

# =====================================================================
# ci-and-deploy: pipelines, manifests, deploy scripts and their logs
# =====================================================================
_ci("github-actions-env-hardcoded-secret", "<an:40>",
    "jobs:\n  integration-tests:\n    runs-on: ubuntu-latest\n    env:\n      FHIR_BASE_URL: https://fhir.sandbox.ehr-vendor.example/r4\n      FHIR_CLIENT_SECRET: @@S@@\n    steps:\n      - uses: actions/checkout@v4",
    "runs-on: ubuntu-latest")
_ci("gitlab-ci-variables-block-password", "<pw>",
    "variables:\n  POSTGRES_DB: lis_test\n  POSTGRES_USER: lis\n  POSTGRES_PASSWORD: \"@@S@@\"\n\ntest:\n  services: [postgres:16]\n  script: pytest -q",
    "POSTGRES_DB: lis_test")
_ci("jenkinsfile-withenv-token", "<an:32>",
    "stage('Smoke test') {\n  steps {\n    withEnv(['LAB_API_URL=https://@@host@@', 'LAB_API_TOKEN=@@S@@']) {\n      sh './scripts/smoke.sh'\n    }\n  }\n}",
    "stage('Smoke test')")
_ci("jenkins-console-curl-u", "<pwu>",
    "[Pipeline] sh\n+ curl -sf -u deploy:@@S@@ -T target/hl7-router-@@ver@@.war https://@@host@@/manager/text/deploy?path=/hl7\nOK - Deployed application at context path [/hl7]",
    "OK - Deployed application at context path [/hl7]")
_ci("circleci-config-environment", "<an:40>",
    "jobs:\n  e2e:\n    docker:\n      - image: cimg/node:20.11\n        environment:\n          VIDEO_API_SECRET: @@S@@\n          NODE_ENV: test",
    "image: cimg/node:20.11")
_ci("azure-pipelines-variables-plain", "<pw>",
    "variables:\n  buildConfiguration: 'Release'\n  sqlAdminLogin: 'ehradmin'\n  sqlAdminPassword: '@@S@@'\n\nsteps:\n- task: DotNetCoreCLI@2",
    "buildConfiguration: 'Release'")
_ci("bitbucket-pipelines-script-export", "<pw>",
    "pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export SFTP_PASS='@@S@@'\n            - ./deploy/push_to_clinic_server.sh",
    "./deploy/push_to_clinic_server.sh")
_ci("drone-yml-environment-settings", "<pw>",
    "steps:\n- name: publish\n  image: plugins/docker\n  settings:\n    repo: registry.@@orgd@@/pharm/rx-gateway\n    username: drone\n    password: @@S@@",
    "repo: registry.@@orgd@@/pharm/rx-gateway")
_ci("buildkite-pipeline-env", "<hex:64>",
    "steps:\n  - label: \":hospital: integration\"\n    command: make test-interfaces\n    env:\n      DAILY_API_KEY: \"@@S@@\"",
    "command: make test-interfaces")
_ci("travis-yml-env-global", "<pw>",
    "env:\n  global:\n    - DB_USER=openemr\n    - DB_PASS=@@S@@\nscript:\n  - composer test",
    "- composer test")
_ci("dockerfile-env-api-key", "<an:32>",
    "FROM python:3.12-slim\nWORKDIR /app\nENV LAB_BRIDGE_ENV=production \\\n    LAB_BRIDGE_API_KEY=@@S@@\nCOPY . .\nCMD [\"python\", \"-m\", \"lab_bridge\"]",
    "FROM python:3.12-slim")
_ci("dockerfile-arg-default-token", "ghp_<an:36>",
    "ARG GITHUB_TOKEN=@@S@@\nRUN git clone https://${GITHUB_TOKEN}@github.com/@@org@@/dicom-tools.git /opt/dicom-tools",
    "/opt/dicom-tools")
_ci("ci-log-docker-build-arg", "<an:40>",
    "Step 7/14 : ARG NPM_TOKEN\n ---> Running in @@hex12@@\n#12 [build 3/8] RUN npm ci  # build-arg NPM_TOKEN=@@S@@\n#12 DONE 41.2s",
    "Step 7/14 : ARG NPM_TOKEN")
_ci("helm-values-prod-password", "<pww>",
    "# values-prod.yaml\npostgresql:\n  enabled: true\n  auth:\n    username: hapi\n    password: @@S@@\n    database: hapi\ningress:\n  host: fhir.@@orgd@@",
    "host: fhir.@@orgd@@")
_ci("kustomize-secretgenerator-literals", "<pw>",
    "secretGenerator:\n- name: orders-api-db\n  literals:\n  - DB_USER=orders\n  - DB_PASSWORD=@@S@@\ngeneratorOptions:\n  disableNameSuffixHash: true",
    "name: orders-api-db")
_ci("k8s-deployment-env-value-inline", "<an:40>",
    "      containers:\n      - name: @@app@@\n        image: registry.@@orgd@@/@@app@@:@@ver@@\n        env:\n        - name: REDOX_API_SECRET\n          value: \"@@S@@\"",
    "image: registry.@@orgd@@/@@app@@:@@ver@@")
_ci("argocd-app-helm-parameters", "<pww>",
    "spec:\n  source:\n    helm:\n      parameters:\n      - name: mirth.database.password\n        value: @@S@@\n      - name: image.tag\n        value: \"@@ver@@\"",
    "name: mirth.database.password")
_ci("terraform-plan-output-nonsensitive", "<pw>",
    "  # module.ris.azurerm_mssql_server.main will be created\n  + resource \"azurerm_mssql_server\" \"main\" {\n      + administrator_login          = \"risadmin\"\n      + administrator_login_password = \"@@S@@\"\n      + version                      = \"12.0\"",
    "module.ris.azurerm_mssql_server.main will be created")
_ci("prod-auto-tfvars-committed", "<pw>",
    "# prod.auto.tfvars\nclinic_vpn_psk     = \"@@S@@\"\nclinic_public_ip   = \"203.0.113.@@n@@\"",
    "# prod.auto.tfvars")
_ci("ansible-inventory-ssh-pass", "<pw>",
    "[pacs]\npacs01 ansible_host=@@ip@@ ansible_user=pacsadm ansible_ssh_pass=@@S@@\npacs02 ansible_host=@@ip_b@@ ansible_user=pacsadm",
    "pacs02 ansible_host=@@ip_b@@")
_ci("packer-hcl-winrm-password", "<pw>",
    "source \"vsphere-iso\" \"kiosk\" {\n  communicator   = \"winrm\"\n  winrm_username = \"Administrator\"\n  winrm_password = \"@@S@@\"\n  vm_name        = \"kiosk-win11-@@date@@\"\n}",
    "communicator   = \"winrm\"")
_ci("cloud-init-chpasswd-list", "<pw>",
    "#cloud-config\nhostname: orthanc-@@env@@\nchpasswd:\n  expire: false\n  list: |\n    radiology:@@S@@\npackages: [orthanc, orthanc-postgresql]",
    "hostname: orthanc-@@env@@")
_ci("serverless-yml-environment", "<an:40>",
    "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    FAX_PROVIDER_API_SECRET: @@S@@\n    FAX_FROM_NUMBER: \"+1555@@num6@@0\"",
    "runtime: nodejs20.x")
_ci("cloudformation-parameter-default-password", "<pw>",
    "Parameters:\n  DBMasterUsername:\n    Type: String\n    Default: ehradmin\n  DBMasterPassword:\n    Type: String\n    NoEcho: true\n    Default: '@@S@@'",
    "DBMasterUsername:")
_ci("fly-secrets-set-deploy-log", "<an:40>",
    "$ fly secrets set REDOX_API_SECRET=@@S@@ -a tele-visit-api\nSecrets are staged for the first deployment\n==> Release v@@n@@ created",
    "Secrets are staged for the first deployment")
_ci("heroku-config-set-in-deploy-script", "<hex:32>",
    "#!/bin/sh\n# deploy.sh\nheroku config:set TWILIO_AUTH_TOKEN=@@S@@ -a tele-visit-api\ngit push heroku main",
    "git push heroku main")
_ci("netlify-toml-context-env", "<an:32>",
    "[context.production.environment]\n  PORTAL_API_BASE = \"https://api.@@orgd@@\"\n  PORTAL_API_KEY = \"@@S@@\"",
    "[context.production.environment]")
_ci("compose-prod-yml-environment-map", "<pw>",
    "services:\n  rx-gateway:\n    image: registry.@@orgd@@/rx-gateway:@@ver@@\n    environment:\n      SURESCRIPTS_USER: rx_prod\n      SURESCRIPTS_PASSWORD: \"@@S@@\"",
    "SURESCRIPTS_USER: rx_prod")
_ci("github-actions-run-curl-bearer", "<an:40>",
    "      - name: Notify lab vendor\n        run: |\n          curl -fsS -X POST https://@@host@@/hooks/deploy \\\n            -H \"Authorization: Bearer @@S@@\" \\\n            -d '{\"version\": \"${{ github.sha }}\"}'",
    "name: Notify lab vendor")
_ci("github-actions-docker-login-hardcoded", "<pwu>",
    "      - uses: docker/login-action@v3\n        with:\n          registry: registry.@@orgd@@\n          username: gha-builder\n          password: @@S@@",
    "uses: docker/login-action@v3")
_ci("gitlab-ci-push-with-token-url", "glpat-<b64u:20>",
    "mirror:\n  stage: sync\n  script:\n    - git push --mirror https://mirror-bot:@@S@@@gitlab.@@orgd@@/imaging/viewer-mirror.git",
    "stage: sync")
_ci("jenkins-casc-yaml-credentials", "<pw>",
    "credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              id: pacs-deploy\n              username: deploy\n              password: \"@@S@@\"\n              scope: GLOBAL",
    "id: pacs-deploy")
_ci("sonar-project-properties-login", "squ_<hex:40>",
    "sonar.projectKey=clinical-hl7-router\nsonar.host.url=https://sonar.@@orgd@@\nsonar.login=@@S@@\nsonar.sources=src",
    "sonar.projectKey=clinical-hl7-router")
_ci("codecov-token-yaml-step", "<uuid>",
    "      - uses: codecov/codecov-action@v4\n        with:\n          token: @@S@@\n          flags: fhir-mapper",
    "uses: codecov/codecov-action@v4")
_ci("sentry-auth-token-ci-env", lambda c: "sntrys_" + _b64url_json({"iat": 1735689600 + _R.randrange(10 ** 7), "url": "https://sentry.io", "region_url": "https://us.sentry.io", "org": c["org"]}) + "_" + _b64u(43),
    "release:\n  stage: post-deploy\n  variables:\n    SENTRY_AUTH_TOKEN: @@S@@\n  script:\n    - sentry-cli releases new \"$CI_COMMIT_SHA\"",
    "sentry-cli releases new")
_ci("deploy-script-heredoc-private-key", "<pemrsb>",
    "# deploy/bootstrap.sh\ncat > ~/.ssh/deploy_key <<'KEY'\n-----BEGIN RSA PRIVATE KEY-----\n@@S@@\n-----END RSA PRIVATE KEY-----\nKEY\nchmod 600 ~/.ssh/deploy_key",
    "chmod 600 ~/.ssh/deploy_key")
_ci("k8s-dockerconfigjson-imagepullsecret", lambda c: _b64enc(json.dumps({"auths": {"registry." + c["orgd"]: {"auth": _b64enc("puller:" + _pwu())}}})),
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: regcred\n  namespace: @@ns@@\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: @@S@@",
    "type: kubernetes.io/dockerconfigjson")
_ci("argocd-repo-secret-stringdata-pat", "ghp_<an:36>",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-clinical-manifests\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://github.com/@@org@@/clinical-manifests\n  password: @@S@@\n  username: argocd",
    "argocd.argoproj.io/secret-type: repository")
_ci("flux-git-auth-secret", "glpat-<b64u:20>",
    "flux create secret git clinical-apps-auth \\\n  --url=https://gitlab.@@orgd@@/platform/clinical-apps \\\n  --username=flux \\\n  --password=@@S@@",
    "flux create secret git clinical-apps-auth")
_ci("harbor-robot-account-secret", "<an:32>",
    "# robot account for the PACS viewer pipeline\nHARBOR_USER='robot$ci-pacs-viewer'\nHARBOR_SECRET='@@S@@'\necho \"$HARBOR_SECRET\" | docker login harbor.@@orgd@@ -u \"$HARBOR_USER\" --password-stdin",
    "robot account for the PACS viewer pipeline")
_ci("maven-deploy-dpassword-flag", "<pw>",
    "mvn -B deploy -DaltDeploymentRepository=clinical::default::https://nexus.@@orgd@@/repository/releases -Dusername=ci -Dpassword=@@S@@",
    "mvn -B deploy")
_ci("gradle-publish-p-property", "<pw>",
    "./gradlew publish -PmavenUser=ci -PmavenPassword='@@S@@' -Pversion=@@ver@@",
    "./gradlew publish -PmavenUser=ci")
_ci("npm-publish-node-auth-token-inline", "npm_<an:36>",
    "      - run: npm publish --access restricted\n        env:\n          NODE_AUTH_TOKEN: @@S@@",
    "npm publish --access restricted")
_ci("twine-ci-log-echoed-password", "pypi-AgEIcHlwaS5vcmc<b64u:140>",
    "$ twine upload --repository-url https://upload.pypi.org/legacy/ -u __token__ -p @@S@@ dist/*\nUploading fhir_bulk_export-@@ver@@-py3-none-any.whl\n100% ━━━━━━━━━━━━━━━━━━━ 41.0/41.0 kB",
    "Uploading fhir_bulk_export-@@ver@@-py3-none-any.whl")
_ci("fastlane-match-password-env", "<phrased>",
    "# fastlane/.env.ci\nMATCH_GIT_URL=git@github.com:@@org@@/ios-certificates.git\nMATCH_PASSWORD=@@S@@\nAPP_IDENTIFIER=com.@@org@@.televisit",
    "APP_IDENTIFIER=com.@@org@@.televisit")
_ci("android-signing-config-storepassword", "<pw>",
    "signingConfigs {\n    release {\n        storeFile file('televisit-release.jks')\n        storePassword '@@S@@'\n        keyAlias 'televisit'\n        keyPassword System.getenv('KEY_PASSWORD')\n    }\n}",
    "storeFile file('televisit-release.jks')")
_ci("security-unlock-keychain-p", "<pw>",
    "security create-keychain -p \"@@S@@\" build.keychain\nsecurity unlock-keychain -p \"@@S@@\" build.keychain\nsecurity import dist.p12 -k build.keychain -P \"$P12_PASSWORD\" -T /usr/bin/codesign",
    "security import dist.p12 -k build.keychain")
_ci("signtool-pfx-password-flag", "<pw>",
    "signtool sign /f certs\\device-installer.pfx /p @@S@@ /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 out\\PumpConfigTool-@@ver@@.msi",
    "out\\PumpConfigTool-@@ver@@.msi")
_ci("openssl-dgst-sign-passin", "<pw>",
    "openssl dgst -sha256 -sign keys/fw_signing.key -passin pass:@@S@@ -out build/monitor-fw-@@ver@@.sig build/monitor-fw-@@ver@@.bin",
    "-out build/monitor-fw-@@ver@@.sig")
_ci("pkcs11-tool-login-pin", "<dig:8>",
    "pkcs11-tool --module /usr/lib/libykcs11.so --login --pin @@S@@ --sign --mechanism ECDSA-SHA256 --id 02 -i fw.bin -o fw.bin.sig",
    "--mechanism ECDSA-SHA256")
_ci("docker-secret-create-echo", "<pw>",
    "echo '@@S@@' | docker secret create pacs_db_password -\ndocker stack deploy -c stack.yml pacs",
    "docker stack deploy -c stack.yml pacs")
_ci("rsync-sshpass-deploy-step", "<pw>",
    "- name: Upload build to clinic intranet\n  run: rsync -az -e \"sshpass -p '@@S@@' ssh -o StrictHostKeyChecking=no\" dist/ www@@@host@@:/var/www/intranet/",
    "Upload build to clinic intranet")
_ci("lftp-mirror-reverse-action", "<pw>",
    "      - name: FTP deploy (hosting provider)\n        run: lftp -c \"open -u clinicweb,'@@S@@' ftp.@@orgd@@; mirror -R ./public /htdocs\"",
    "FTP deploy (hosting provider)")
_ci("sendemail-xp-notify-step", "<pw>",
    "after_script:\n  - sendemail -f ci@@@orgd@@ -t it@@@orgd@@ -u \"Build $CI_PIPELINE_ID\" -m done -s smtp.@@orgd@@:587 -xu ci@@@orgd@@ -xp @@S@@",
    "-u \"Build $CI_PIPELINE_ID\"")
_ci("slack-incoming-webhook-url-ci", "<an:24>",
    "notify:\n  script:\n    - 'curl -X POST -H \"Content-type: application/json\" --data \"{\\\"text\\\":\\\"HL7 router deployed\\\"}\" https://hooks.slack.com/services/T0@@up9@@/B0@@up9_b@@/@@S@@'",
    "https://hooks.slack.com/services/T0@@up9@@")
_ci("teams-webhook-url-signature-segment", "<hex:32>",
    "TEAMS_WEBHOOK=https://@@org@@.webhook.office.com/webhookb2/@@uuid@@@@@uuid_b@@/IncomingWebhook/@@S@@/@@uuid_c@@",
    "/IncomingWebhook/")
_ci("discord-webhook-token-segment", "<b64u:68>",
    "DISCORD_RELEASE_WEBHOOK: https://discord.com/api/webhooks/1@@num6@@@@num6_b@@@@num6_c@@/@@S@@",
    "https://discord.com/api/webhooks/")
_ci("pagerduty-routing-key-values", "R0<an:30>",
    "alertmanager:\n  receivers:\n    - name: clinical-oncall\n      pagerduty_configs:\n        - routing_key: @@S@@\n          severity: critical",
    "name: clinical-oncall")
_ci("datadog-helm-values-apikey", "<hex:32>",
    "datadog:\n  site: datadoghq.com\n  apiKey: @@S@@\n  clusterName: clinical-@@env@@\n  logs:\n    enabled: true",
    "clusterName: clinical-@@env@@")
_ci("newrelic-license-key-k8s-env", "<hex:36>NRAL",
    "        - name: NEW_RELIC_APP_NAME\n          value: orders-api-@@env@@\n        - name: NEW_RELIC_LICENSE_KEY\n          value: @@S@@",
    "value: orders-api-@@env@@")
_ci("fluent-bit-splunk-hec-token", "<uuid>",
    "[OUTPUT]\n    Name         splunk\n    Match        hl7.*\n    Host         splunk-hec.@@orgd@@\n    Port         8088\n    Splunk_Token @@S@@\n    TLS          On",
    "Match        hl7.*")
_ci("terraformrc-credentials-block", "<an:14>.atlasv1.<an:67>",
    "# ~/.terraformrc on the build agent\ncredentials \"app.terraform.io\" {\n  token = \"@@S@@\"\n}",
    "credentials \"app.terraform.io\"")
_ci("buildspec-env-variables-plaintext", "<pw>",
    "version: 0.2\nenv:\n  variables:\n    DB_HOST: @@host@@\n    DB_PASSWORD: @@S@@\nphases:\n  build:\n    commands:\n      - ./gradlew flywayMigrate",
    "./gradlew flywayMigrate")
_ci("cloudbuild-substitutions-password", "<pw>",
    "substitutions:\n  _DB_USER: fhir_app\n  _DB_PASS: '@@S@@'\nsteps:\n- name: gcr.io/cloud-builders/gcloud\n  args: ['run', 'deploy', 'fhir-facade', '--region=us-central1']",
    "_DB_USER: fhir_app")
_ci("gitea-actions-secret-echo-log", "<an:40>",
    "::group::Run ./scripts/configure.sh\nconfiguring lab-bridge with LAB_API_TOKEN=@@S@@\n::endgroup::",
    "::group::Run ./scripts/configure.sh")
_ci("octopus-style-deploy-variable-print", "<pw>",
    "@@time@@:14   Info     |   Deploying package Pharmacy.Api.@@ver@@\n@@time@@:14   Verbose  |   Variable ConnectionStrings:Pharmacy = Server=@@host@@;User Id=rx_api;Password=@@S@@;\n@@time@@:15   Info     |   Transforming appsettings.json",
    "Deploying package Pharmacy.Api.@@ver@@")
_ci("makefile-deploy-target-password", "<pw>",
    "deploy-mirth:\n\t./mccommand -a https://$(MIRTH_HOST):8443 -u admin -p @@S@@ -s scripts/deploy_all.txt\n\t@echo \"channels deployed\"",
    "deploy-mirth:")
_ci("vagrantfile-provision-password", "<pw>",
    "config.vm.provision \"shell\", inline: <<-SHELL\n  echo 'openemr:@@S@@' | chpasswd\n  apt-get install -y mariadb-server\nSHELL",
    "apt-get install -y mariadb-server")
_ci("nomad-job-template-password", "<pw>",
    "template {\n  data = <<EOH\nDB_USER=orthanc\nDB_PASSWORD=@@S@@\nEOH\n  destination = \"secrets/db.env\"\n  env = true\n}",
    "destination = \"secrets/db.env\"")

# =====================================================================
# vendor-token: vendor-issued tokens and keys, each in a realistic spot
# =====================================================================
_vend("github-classic-pat-ghp", "ghp_<an:36>",
      "GITHUB_TOKEN=@@S@@  # classic PAT for the hl7-mappings mirror job, repo scope",
      "hl7-mappings mirror job")
_vend("github-fine-grained-pat", "github_pat_11<up:9><an:11>_<an:59>",
      "export GH_TOKEN=@@S@@\ngh api repos/@@org@@/fhir-profiles/actions/runs --jq '.workflow_runs[0].status'",
      "repos/@@org@@/fhir-profiles/actions/runs")
_vend("github-app-installation-ghs", "ghs_<an:36>",
      "installation token for the 'clinical-bot' app (expires in 1h): @@S@@",
      "installation token for the 'clinical-bot' app")
_vend("github-oauth-gho-hosts-yml", "gho_<an:36>",
      "# ~/.config/gh/hosts.yml\ngithub.com:\n    user: @@user@@\n    oauth_token: @@S@@\n    git_protocol: https",
      "git_protocol: https")
_vend("gitlab-pat-glpat-header", "glpat-<b64u:20>",
      "curl --header \"PRIVATE-TOKEN: @@S@@\" \"https://gitlab.@@orgd@@/api/v4/projects/firmware%2Finfusion-pump-fw/pipelines?status=failed\"",
      "/api/v4/projects/firmware%2Finfusion-pump-fw/pipelines")
_vend("gitlab-runner-token-glrt", "glrt-<b64u:20>",
      "[[runners]]\n  name = \"firmware-hil-bench\"\n  url = \"https://gitlab.@@orgd@@\"\n  token = \"@@S@@\"\n  executor = \"shell\"",
      "name = \"firmware-hil-bench\"")
_vend("gitlab-deploy-token-gldt", "gldt-<b64u:20>",
      "deploy token 'pacs-viewer-pull' (read_registry): username gitlab+deploy-token-@@num@@, token @@S@@",
      "deploy token 'pacs-viewer-pull'")
_vend("slack-bot-token-xoxb", "xoxb-<dig:11>-<dig:13>-<an:24>",
      "SLACK_BOT_TOKEN=@@S@@\nSLACK_CHANNEL=#interface-alerts",
      "SLACK_CHANNEL=#interface-alerts")
_vend("slack-user-token-xoxp", "xoxp-<dig:11>-<dig:12>-<dig:13>-<hex:32>",
      "client = WebClient(token=\"@@S@@\")  # user token, needed for search.messages",
      "needed for search.messages")
_vend("slack-app-level-token-xapp", "xapp-1-A0<up:9>-<dig:13>-<hex:64>",
      "socket mode app token for the on-call bot: @@S@@",
      "socket mode app token for the on-call bot")
_vend("aws-access-key-pair-secret", "<b64:40>",
      "aws_access_key_id=@@akid@@\naws_secret_access_key=@@S@@  # healthlake-importer IAM user",
      "healthlake-importer IAM user")
_vend("aws-session-token-env", "IQoJb3JpZ2luX2VjE<b64:360>",
      "export AWS_SESSION_TOKEN=@@S@@\nexport AWS_REGION=@@region@@",
      "export AWS_REGION=@@region@@")
_vend("google-api-key-aiza", "AIza<b64u:35>",
      "const MAPS_KEY = '@@S@@'; // clinic locator page, unrestricted key!",
      "clinic locator page")
_vend("gcp-service-account-json-private-key", lambda c: _pem("rsa", sep="\\n"),
      "{\n  \"type\": \"service_account\",\n  \"project_id\": \"@@org@@-healthcare\",\n  \"private_key_id\": \"@@sha@@\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n@@S@@\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"fhir-export@@@org@@-healthcare.iam.gserviceaccount.com\"\n}",
      "\"type\": \"service_account\"")
_vend("azure-storage-account-key-cli", "<b64:86>==",
      "az storage blob upload --account-name @@org@@dicom --account-key '@@S@@' -c studies -f study_@@acc@@.zip -n study_@@acc@@.zip",
      "--account-name @@org@@dicom")
_vend("azure-sas-url-signature-only", lambda c: quote(_b64(43) + "=", safe=""),
      "https://@@org@@fax.blob.core.windows.net/inbound/fax_@@num6@@.pdf?sv=2022-11-02&ss=b&srt=o&sp=r&se=2025-04-01T00:00:00Z&st=2025-03-01T00:00:00Z&spr=https&sig=@@S@@",
      "blob.core.windows.net/inbound/fax_@@num6@@.pdf")
_vend("azure-ad-client-secret-tilde", "<an:3>8Q~<azs:34>",
      "AZURE_TENANT_ID=@@uuid@@\nAZURE_CLIENT_ID=@@uuid_b@@\nAZURE_CLIENT_SECRET=@@S@@",
      "AZURE_CLIENT_ID=@@uuid_b@@")
_vend("stripe-secret-key-live", "sk_live_51<an:97>",
      "STRIPE_SECRET_KEY=@@S@@\nSTRIPE_PRICE_COPAY=price_1@@an20@@",
      "STRIPE_PRICE_COPAY=price_1@@an20@@")
_vend("stripe-restricted-key", "rk_live_51<an:97>",
      "restricted key for the copay reconciliation job (read charges only): @@S@@",
      "copay reconciliation job")
_vend("stripe-webhook-signing-secret", "whsec_<an:32>",
      "stripe listen --forward-to localhost:4000/webhooks/stripe\n> Ready! Your webhook signing secret is @@S@@ (^C to quit)",
      "stripe listen --forward-to localhost:4000/webhooks/stripe")
_vend("twilio-auth-token-with-sid", "<hex:32>",
      "TWILIO_ACCOUNT_SID=@@acsid@@\nTWILIO_AUTH_TOKEN=@@S@@\nTWILIO_FROM=+1555@@num6@@1",
      "TWILIO_ACCOUNT_SID=@@acsid@@")
_vend("twilio-api-key-secret-pair", "<an:32>",
      "Twilio API key (appointment reminders): SID SK@@hex32@@, secret @@S@@",
      "Twilio API key (appointment reminders)")
_vend("sendgrid-api-key-sg", "SG.<b64u:22>.<b64u:43>",
      "sg = SendGridAPIClient('@@S@@')\nsg.send(reminder_email)",
      "sg.send(reminder_email)")
_vend("mailgun-private-key", "key-<hex:32>",
      "curl -s --user 'api:@@S@@' https://api.mailgun.net/v3/mg.@@orgd@@/messages -F to=@@email@@ -F subject='Lab results ready'",
      "https://api.mailgun.net/v3/mg.@@orgd@@/messages")
_vend("mailchimp-api-key-dc-suffix", lambda c: _hex(32) + "-us" + str(_R.randint(2, 21)),
      "MAILCHIMP_API_KEY=@@S@@   # patient newsletter list",
      "patient newsletter list")
_vend("openai-project-key", "sk-proj-<b64u:64>T3BlbkFJ<b64u:64>",
      "OPENAI_API_KEY=@@S@@\n# used by note-summarizer spike, de-identified data only",
      "note-summarizer spike")
_vend("anthropic-api-key", "sk-ant-api03-<b64u:93>AA",
      "export ANTHROPIC_API_KEY=@@S@@\npython triage_prompt_eval.py --dataset synthetic_notes.jsonl",
      "python triage_prompt_eval.py")
_vend("huggingface-token-hf", "hf_<an:34>",
      "huggingface-cli login --token @@S@@  # needed to pull the gated clinical NER model",
      "gated clinical NER model")
_vend("npm-automation-token", "npm_<an:36>",
      "NPM_TOKEN=@@S@@  # automation token for @@@org@@/fhir-types publish",
      "/fhir-types publish")
_vend("pypi-api-token", "pypi-AgEIcHlwaS5vcmc<b64u:150>",
      "[pypi]\n  username = __token__\n  password = @@S@@",
      "username = __token__")
_vend("docker-hub-pat", "dckr_pat_<b64u:27>",
      "echo @@S@@ | docker login -u @@org@@bot --password-stdin",
      "docker login -u @@org@@bot --password-stdin")
_vend("digitalocean-pat", "dop_v1_<hex:64>",
      "doctl auth init --access-token @@S@@ --context clinic-website",
      "--context clinic-website")
_vend("datadog-api-key-hex32", "<hex:32>",
      "DD_API_KEY=@@S@@\nDD_SITE=datadoghq.com\nDD_SERVICE=hl7-router",
      "DD_SERVICE=hl7-router")
_vend("datadog-application-key-hex40", "<hex:40>",
      "curl -G https://api.datadoghq.com/api/v1/monitor -H \"DD-API-KEY: ${DD_API_KEY}\" -H \"DD-APPLICATION-KEY: @@S@@\"",
      "https://api.datadoghq.com/api/v1/monitor")
_vend("newrelic-user-api-key-nrak", "NRAK-<up:27>",
      "NEW_RELIC_API_KEY=@@S@@ newrelic nerdgraph query '{ actor { user { name } } }'",
      "newrelic nerdgraph query")
_vend("okta-api-token-ssws", "00<b64u:40>",
      "curl -H \"Authorization: SSWS @@S@@\" https://@@org@@.okta.example/api/v1/users?filter=status+eq+%22LOCKED_OUT%22",
      "/api/v1/users?filter=status+eq+%22LOCKED_OUT%22")
_vend("hashicorp-vault-token-hvs", "hvs.<b64u:90>",
      "export VAULT_ADDR=https://vault.@@orgd@@:8200\nexport VAULT_TOKEN=@@S@@",
      "export VAULT_ADDR=https://vault.@@orgd@@:8200")
_vend("terraform-cloud-token-atlasv1", "<an:14>.atlasv1.<an:67>",
      "TF_TOKEN_app_terraform_io=@@S@@ terraform init",
      "terraform init")
_vend("doppler-service-token", "dp.st.prd.<an:40>",
      "DOPPLER_TOKEN=@@S@@ doppler run -- node server.js   # tele-visit-api prd config",
      "doppler run -- node server.js")
_vend("postman-api-key-pmak", "PMAK-<hex:24>-<hex:34>",
      "postman collection run @@uuid@@ --environment fhir-sandbox -x-api-key @@S@@",
      "--environment fhir-sandbox")
_vend("atlassian-api-token-atatt", lambda c: "ATATT3xFfGF0" + _b64u(170) + "=" + _HEX8(),
      "curl -u @@email@@:@@S@@ -H 'Accept: application/json' https://@@org@@.atlassian.example/rest/api/3/search?jql=project=INTEG",
      "/rest/api/3/search?jql=project=INTEG")
_vend("telegram-bot-token", lambda c: _dig(10) + ":AA" + _b64u(33),
      "TELEGRAM_BOT_TOKEN=@@S@@  # on-call bot for fridge temperature alarms",
      "fridge temperature alarms")
_vend("discord-bot-token", lambda c: "M" + _b64u(25) + "." + _b64u(6) + "." + _b64u(38),
      "client.run('@@S@@')  # study-group bot for the residents' Discord",
      "study-group bot for the residents' Discord")
_vend("shopify-admin-access-token", "shpat_<hex:32>",
      "X-Shopify-Access-Token: @@S@@  (clinic supplements store, admin API)",
      "clinic supplements store, admin API")
_vend("linear-api-key", "lin_api_<an:40>",
      "LINEAR_API_KEY=@@S@@  # syncs interface incidents into the Integrations team",
      "syncs interface incidents")
_vend("notion-integration-secret", "secret_<an:43>",
      "notion = Client(auth=\"@@S@@\")  # downtime-procedures wiki sync",
      "downtime-procedures wiki sync")
_vend("grafana-service-account-token", lambda c: "glsa_" + _an(32) + "_" + _hex(8),
      "GRAFANA_TOKEN=@@S@@ grafana-backup save --dashboards 'ICU*'",
      "grafana-backup save --dashboards 'ICU*'")
_vend("grafana-cloud-access-policy-token", lambda c: "glc_" + _b64enc(json.dumps({"o": _s(_DG, 6), "n": "stack-" + _s(_DG, 6) + "-hm-write", "k": _an(24), "m": {"r": "prod-us-east-0"}}, separators=(",", ":"))).rstrip("="),
      "remote_write:\n  - url: https://prometheus-prod-13-prod-us-east-0.grafana.net/api/prom/push\n    basic_auth:\n      username: @@num6@@\n      password: @@S@@",
      "prometheus-prod-13-prod-us-east-0.grafana.net")
_vend("sonarqube-user-token-squ", "squ_<hex:40>",
      "SONAR_TOKEN=@@S@@ mvn sonar:sonar -Dsonar.projectKey=pharmacy-api",
      "-Dsonar.projectKey=pharmacy-api")
_vend("artifactory-api-key-akcp", "AKCp8<an:68>",
      "curl -H 'X-JFrog-Art-Api: @@S@@' -T pump-fw-@@ver@@.bin https://artifacts.@@orgd@@/artifactory/firmware-local/",
      "/artifactory/firmware-local/")
_vend("pulumi-access-token", "pul-<hex:40>",
      "PULUMI_ACCESS_TOKEN=@@S@@ pulumi up -s clinical/prod --yes",
      "pulumi up -s clinical/prod")
_vend("supabase-personal-access-token", "sbp_<hex:40>",
      "supabase login --token @@S@@ && supabase db push --project-ref @@lo26@@",
      "supabase db push")
_vend("planetscale-password", "pscale_pw_<b64u:43>",
      "DATABASE_URL='mysql://@@lo26@@:@@S@@@aws.connect.psdb.cloud/intake-forms?sslaccept=strict'",
      "aws.connect.psdb.cloud/intake-forms")
_vend("age-secret-key", "AGE-SECRET-KEY-1<bech:58>",
      "# created: 2025-03-12T10:04:11Z\n# public key: age1@@lo26@@@@lo26_b@@\n@@S@@",
      "# public key: age1")
_vend("tailscale-auth-key", "tskey-auth-k<an:10>CNTRL-<an:33>",
      "tailscale up --authkey=@@S@@ --hostname=pacs-gw-@@fac@@ --advertise-routes=@@ip@@/32",
      "--hostname=pacs-gw-@@fac@@")
_vend("onepassword-service-account-token", lambda c: "ops_" + _b64enc(json.dumps({"signInAddress": c["org"] + ".1password.com", "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256", "iterations": 650000, "salt": _b64u(22)}, "email": _lan22() + "@1passwordserviceaccounts.com", "srpX": _hex(64), "muk": {"alg": "A256GCM", "ext": True, "k": _b64u(43), "key_ops": ["encrypt", "decrypt"], "kty": "oct", "kid": "mp"}, "secretKey": "A3-" + _an(6).upper() + "-" + _an(11).upper() + "-" + _an(5).upper() + "-" + _an(5).upper() + "-" + _an(5).upper(), "throttleSecret": {"seed": _hex(64), "uuid": _an(26).upper()}, "deviceUuid": _lan22()}, separators=(",", ":"))).rstrip("="),
      "OP_SERVICE_ACCOUNT_TOKEN=@@S@@\nop read 'op://Clinical IT/PACS admin/password' >/dev/null && echo ok",
      "op read 'op://Clinical IT/PACS admin/password'")
_vend("heroku-api-key-hrku", "HRKU-AA<b64u:58>",
      "HEROKU_API_KEY=@@S@@ heroku ps -a tele-visit-api",
      "heroku ps -a tele-visit-api")
_vend("cloudflare-api-token", "<b64u:40>",
      "CLOUDFLARE_API_TOKEN=@@S@@  # DNS edit for portal.@@orgd@@ only",
      "DNS edit for portal.@@orgd@@ only")
_vend("mapbox-secret-token-sk", lambda c: "sk.eyJ1Ijoi" + _b64u(18) + "IiwiYSI6I" + _b64u(22) + "." + _b64u(22),
      "MAPBOX_DOWNLOADS_TOKEN=@@S@@   # ambulance tracking map SDK download",
      "ambulance tracking map SDK download")
_vend("square-access-token-eaaa", "EAAA<b64u:60>",
      "SQUARE_ACCESS_TOKEN=@@S@@\nSQUARE_LOCATION_ID=L@@up9@@",
      "SQUARE_LOCATION_ID=L@@up9@@")
_vend("paypal-client-secret", "E<b64u:79>",
      "PAYPAL_CLIENT_ID=A@@b64u79@@\nPAYPAL_CLIENT_SECRET=@@S@@",
      "PAYPAL_CLIENT_ID=A")
_vend("zoom-video-sdk-secret", "<an:36>",
      "ZOOM_VIDEO_SDK_KEY=@@an20@@\nZOOM_VIDEO_SDK_SECRET=@@S@@  # telehealth waiting room",
      "telehealth waiting room")
_vend("vonage-video-opentok-token", "T1==<b64:300>",
      "session: 1_MX40@@num6@@fn4@@num@@\ntoken (publisher, 24h): @@S@@",
      "token (publisher, 24h)")
_vend("vonage-video-api-secret-hex40", "<hex:40>",
      "OPENTOK_API_KEY=@@num6@@12\nOPENTOK_API_SECRET=@@S@@",
      "OPENTOK_API_KEY=@@num6@@12")
_vend("daily-co-api-key", "<hex:64>",
      "curl -H \"Authorization: Bearer @@S@@\" https://api.daily.co/v1/rooms -d '{\"name\":\"visit-@@num6@@\",\"privacy\":\"private\"}'",
      "https://api.daily.co/v1/rooms")
_vend("twilio-video-access-token-jwt", lambda c: _twilio_jwt(),
      "{\"identity\":\"provider-@@num@@\",\"room\":\"visit-@@num6@@\",\"token\":\"@@S@@\"}",
      "\"room\":\"visit-@@num6@@\"")
_vend("redox-api-secret-invented", "rdx_sk_<an:44>",
      "Redox staging destination: source id @@uuid@@, secret @@S@@",
      "Redox staging destination")
_vend("ehr-nonprod-client-secret-invented", "<b64:86>==",
      "EHR app orchard non-production client secret for 'Rounding List': @@S@@",
      "'Rounding List'")
_vend("athenahealth-client-secret-invented", "<an:40>",
      "ATHENA_CLIENT_ID=0oa@@an20@@\nATHENA_CLIENT_SECRET=@@S@@\nATHENA_ENV=preview",
      "ATHENA_ENV=preview")
_vend("medplum-client-secret-hex64", "<hex:64>",
      "MEDPLUM_CLIENT_ID=@@uuid@@\nMEDPLUM_CLIENT_SECRET=@@S@@\nMEDPLUM_BASE_URL=https://api.medplum.com/",
      "MEDPLUM_BASE_URL=https://api.medplum.com/")
_vend("hie-network-api-key-invented", "hgn_live_<an:40>",
      "HIE query gateway key (record locator, prod): @@S@@",
      "HIE query gateway key")
_vend("clearinghouse-client-secret-invented", "<an:32>",
      "clearinghouse eligibility API: client_id=@@lo26@@ client_secret=@@S@@ (270/271 real-time)",
      "(270/271 real-time)")
_vend("cgm-vendor-client-secret-invented", "<an:40>",
      "CGM partner sandbox (EGV read) client secret: @@S@@ — redirect https://app.@@orgd@@/cgm/callback",
      "CGM partner sandbox")
_vend("google-oauth-access-token-ya29", "ya29.a0<b64u:170>",
      "curl -H \"Authorization: Bearer @@S@@\" https://healthcare.googleapis.com/v1/projects/@@org@@/locations/us-central1/datasets/ehr/fhirStores/main/fhir/Patient",
      "https://healthcare.googleapis.com/v1/projects/@@org@@")
_vend("google-oauth-client-secret-gocspx", "GOCSPX-<b64u:28>",
      "{\"web\":{\"client_id\":\"@@num6@@-@@lo26@@.apps.googleusercontent.com\",\"client_secret\":\"@@S@@\",\"redirect_uris\":[\"https://portal.@@orgd@@/oauth2/callback\"]}}",
      "apps.googleusercontent.com")
_vend("aws-sigv4-authorization-signature", "<hex:64>",
      "Authorization: AWS4-HMAC-SHA256 Credential=@@akid@@/20250312/@@region@@/healthlake/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=@@S@@",
      "SignedHeaders=content-type;host;x-amz-date")
_vend("s3-presigned-url-signature", "<hex:64>",
      "https://@@bucket@@.s3.@@region@@.amazonaws.com/exports/ccda_@@mrn@@.xml?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=@@akid@@%2F20250312%2F@@region@@%2Fs3%2Faws4_request&X-Amz-Date=20250312T101500Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=@@S@@",
      "/exports/ccda_@@mrn@@.xml")
_vend("gcs-signed-url-goog-signature", "<hex:512>",
      "https://storage.googleapis.com/@@bucket@@/bulk/Patient.ndjson?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=fhir-export%40@@org@@.iam.gserviceaccount.com%2F20250312%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20250312T101500Z&X-Goog-Expires=3600&X-Goog-SignedHeaders=host&X-Goog-Signature=@@S@@",
      "/bulk/Patient.ndjson")
_vend("cloudfront-signed-url-signature", lambda c: _s(_AN + "-~", 172) + "__",
      "https://d@@lo26@@.cloudfront.net/education/videos/post-op-knee.mp4?Expires=1741800000&Signature=@@S@@&Key-Pair-Id=K@@up9@@",
      "/education/videos/post-op-knee.mp4")
_vend("elastic-cloud-api-key-header", lambda c: _b64enc(_b64u(20) + ":" + _b64u(22)),
      "curl -H \"Authorization: ApiKey @@S@@\" https://@@org@@.es.us-east-1.aws.elastic-cloud.example:443/hl7-*/_search?q=MSH.9:ADT*",
      "/hl7-*/_search?q=MSH.9:ADT*")
_vend("mongodb-atlas-api-private-key", "<uuid>",
      "atlas config set public_api_key @@lo8@@\natlas config set private_api_key @@S@@",
      "atlas config set public_api_key")
_vend("circleci-personal-token", "CCIPAT_<an:22>_<hex:40>",
      "CIRCLE_TOKEN=@@S@@ circleci pipeline trigger gh/@@org@@/dose-tracker",
      "circleci pipeline trigger gh/@@org@@/dose-tracker")
_vend("buildkite-agent-api-token", "bkua_<hex:40>",
      "export BUILDKITE_API_TOKEN=@@S@@\nbk build list --pipeline firmware-hil",
      "bk build list --pipeline firmware-hil")
_vend("netlify-personal-token", "nfp_<an:36>",
      "NETLIFY_AUTH_TOKEN=@@S@@ netlify deploy --prod --dir=dist  # clinic marketing site",
      "clinic marketing site")
_vend("render-api-key", "rnd_<an:32>",
      "RENDER_API_KEY=@@S@@ curl -s https://api.render.com/v1/services -H \"Authorization: Bearer $RENDER_API_KEY\"",
      "https://api.render.com/v1/services")
_vend("fly-io-deploy-token", "FlyV1 fm2_<b64:180>",
      "FLY_API_TOKEN=\"@@S@@\" flyctl deploy -a intake-forms",
      "flyctl deploy -a intake-forms")
_vend("snyk-api-token-uuid", "<uuid>",
      "snyk auth @@S@@ && snyk test --all-projects --org=clinical-eng",
      "snyk test --all-projects --org=clinical-eng")
_vend("pagerduty-rest-api-key", "u+<b64u:18>",
      "curl -H 'Authorization: Token token=@@S@@' -H 'Accept: application/vnd.pagerduty+json;version=2' https://api.pagerduty.com/oncalls",
      "https://api.pagerduty.com/oncalls")
_vend("algolia-admin-api-key", "<hex:32>",
      "ALGOLIA_APP_ID=@@up9@@1\nALGOLIA_ADMIN_KEY=@@S@@  # provider directory search index",
      "provider directory search index")
_vend("fcm-legacy-server-key", lambda c: "AAAA" + _b64u(7) + ":APA91b" + _b64u(134),
      "Authorization: key=@@S@@\nContent-Type: application/json\n{\"to\": \"/topics/appointment-reminders\", ...}",
      "/topics/appointment-reminders")
_vend("apple-apns-p8-auth-key", "<pemec8>",
      "AuthKey_@@up9@@.p8 (team @@up9_b@@, push for the patient app):\n-----BEGIN PRIVATE KEY-----\n@@S@@\n-----END PRIVATE KEY-----",
      "push for the patient app")
_vend("sentry-user-auth-token-sntryu", "sntryu_<hex:64>",
      "SENTRY_AUTH_TOKEN=@@S@@ sentry-cli issues list -o @@org@@ -p portal-web",
      "sentry-cli issues list -o @@org@@")
_vend("jwt-bearer-ehr-backend-service", "<jwtes>",
      "backend-services access token for the bulk export job (exp in 5 min): @@S@@",
      "backend-services access token")

# =====================================================================
# BENIGN look-alikes
# =====================================================================
def _thumb():
    return ":".join(_s("0123456789ABCDEF", 2) for _ in range(20))


def _pubpem():
    return "\n".join(_pem_body("MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE", 124, pad=""))


def _certpem():
    return "\n".join(_pem_body("MIIDdzCCAl+gAwIBAgIU", 420, pad="="))


_FILL.update({
    "md5": lambda: _hex(32),
    "sri": lambda: "sha512-" + _b64(86) + "==",
    "h1": lambda: "h1:" + _b64(43) + "=",
    "sshpub": lambda: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _b64(43),
    "rsapub": lambda: "AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _b64(160),
    "fp": lambda: "SHA256:" + _b64(43),
    "thumb": _thumb,
    "tp": lambda: "00-" + _hex(32) + "-" + _hex(16) + "-01",
    "ndc": lambda: "%05d-%04d-%02d" % (_R.randint(0, 99999), _R.randint(0, 9999), _R.randint(0, 99)),
    "loinc": lambda: "%d-%d" % (_R.randint(1000, 99999), _R.randint(0, 9)),
    "snomed": lambda: str(_R.randint(10 ** 7, 10 ** 9)),
    "udi": lambda: "(01)0%s(17)%02d%02d%02d(10)LOT%s" % (_s(_DG, 13), _R.randint(25, 29), _R.randint(1, 12), _R.randint(1, 28), _s(_UP + _DG, 5)),
    "serial": lambda: _pick(["SN", "PMP", "MON", "ANL"]) + _s(_UP + _DG, 10),
    "pubpem": _pubpem, "certpem": _certpem,
    "pct": lambda: str(_R.randint(1, 99)),
    "b64blob": lambda: _b64enc(_pick(["{\"resourceType\":\"Bundle\",\"type\":\"batch\"}",
                                        "Patient education leaflet v2",
                                        "OBX|1|NM|2345-7^Glucose^LN||98|mg/dL",
                                        "<ClinicalDocument xmlns=\"urn:hl7-org:v3\">",
                                        "Hello from the Lakeshore kiosk"]) + " #" + str(_R.randint(1, 99999))),
    "ver4": lambda: "%d.%d.%d-rc.%d+build.%d" % (_R.randint(1, 9), _R.randint(0, 30), _R.randint(0, 30), _R.randint(1, 9), _R.randint(100, 99999)),
    "objid": lambda: _hex(24),
    "ulid": lambda: _s("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26),
    "ksuid": lambda: _an(27),
    "hl7id": lambda: "MSG" + _s(_DG, 12),
    "digest": lambda: "sha256:" + _hex(64),
    "pgp": lambda: _s("0123456789ABCDEF", 16),
    "kms": lambda: "arn:aws:kms:%s:%s:key/%s" % (_pick(_REGIONS), _s(_DG, 12), _uuid()),
    "vaultpath": lambda: "secret/data/%s/%s/%s" % (_pick(["clinical", "integration", "imaging", "pharmacy", "lab"]), _pick(_APPS), _pick(["db", "oauth", "sftp", "smtp", "api"])),
    "envvar": lambda: _pick(["MIRTH_DB_PASSWORD", "FHIR_CLIENT_SECRET", "REDOX_API_SECRET", "PACS_ADMIN_PASSWORD",
                             "TWILIO_AUTH_TOKEN", "LAB_API_TOKEN", "SURESCRIPTS_PASSWORD", "ORTHANC_PASSWORD",
                             "DB_PASSWORD", "SMTP_PASS", "AWS_SECRET_ACCESS_KEY", "OPENTOK_API_SECRET"]),
})

_BSPECS = []


def _B(tpl):
    _BSPECS.append(tpl)


# -- commands
_B("git log --oneline -5\n@@sha7@@ fix ORU^R01 OBX-5 parsing for numeric ranges\n@@sha7_b@@ bump hapi-fhir to @@ver@@\n@@sha7_c@@ add ADT A08 filter")
_B("git checkout @@sha@@ -- channels/lab_results_inbound.xml")
_B("git revert --no-edit @@sha@@")
_B("sha256sum mirth-connect-@@ver@@-linux.tar.gz\n@@hex64@@  mirth-connect-@@ver@@-linux.tar.gz")
_B("md5sum study_@@acc@@.zip  # @@md5@@ matches the vendor's manifest")
_B("docker pull registry.@@orgd@@/integration/hl7-router@@@digest@@")
_B("kubectl -n @@ns@@ get secret @@app@@-db -o jsonpath='{.metadata.creationTimestamp}'")
_B("kubectl -n @@ns@@ create secret generic @@app@@-db --from-literal=password=\"$DB_PASSWORD\"")
_B("export PGPASSFILE=~/.pgpass && psql -h @@host@@ -U report_ro -d @@db@@ -c 'select 1'")
_B("echo \"$REGISTRY_TOKEN\" | docker login registry.@@orgd@@ -u ci-bot --password-stdin")
_B("vault kv get -field=password @@vaultpath@@ > /dev/null && echo 'secret present'")
_B("vault kv metadata get @@vaultpath@@")
_B("aws secretsmanager describe-secret --secret-id prod/@@app@@/db --query 'LastRotatedDate'")
_B("aws kms describe-key --key-id @@kms@@")
_B("gpg --recv-keys @@pgp@@ && gpg --verify orthanc-@@ver@@.tar.gz.asc")
_B("ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 @@fp@@ @@user@@@@@host@@ (ED25519)")
_B("ssh-keyscan -t ed25519 @@host@@ 2>/dev/null | ssh-keygen -lf -\n256 @@fp@@ @@host@@ (ED25519)")
_B("openssl x509 -in lab-interface.crt -noout -fingerprint -sha1\nSHA1 Fingerprint=@@thumb@@")
_B("curl -s -H \"Authorization: Bearer $FHIR_TOKEN\" https://fhir.@@orgd@@/r4/metadata | jq .fhirVersion")
_B("curl -s -u \"$ORTHANC_USER:$ORTHANC_PASSWORD\" http://@@host@@:8042/system | jq .Version")
_B("mysql -h @@host@@ -u lis_ro -p lis_prod   # prompts for the password, nothing on the command line")
_B("sqlcmd -S @@host@@ -E -Q \"SELECT name FROM sys.sql_logins WHERE is_expiration_checked = 0\"")
_B("storescu -aet MODALITY1 -aec @@aet@@ @@host@@ 104 +sd ./study_@@acc@@/  # StudyInstanceUID @@dicomuid@@")
_B("findscu -S -aec @@aet@@ -k QueryRetrieveLevel=STUDY -k AccessionNumber=@@acc@@ @@host@@ 4242")
_B("helm upgrade hapi-fhir ./charts/hapi-fhir -n @@ns@@ --set postgresql.auth.existingSecret=hapi-db --reuse-values")
_B("terraform apply -var-file=environments/@@env@@.tfvars -var 'db_password_secret_arn=arn:aws:secretsmanager:@@region@@:@@num6@@123456:secret:@@app@@-db'")
_B("htpasswd -B -C 12 /etc/nginx/.htpasswd_orthanc radiology   # interactive prompt, not stored in history")
_B("openssl rand -base64 32 | vault kv put @@vaultpath@@ value=-")
_B("pwgen -sy 20 1 | gpg -e -r it-vault@@@orgd@@ > new_pacs_admin.gpg")
_B("npm ci --prefer-offline   # uses NPM_TOKEN from the CI environment")
_B("pip download hl7apy==1.3.4 --no-deps -d wheels/ && pip hash wheels/hl7apy-1.3.4.tar.gz\n--hash=sha256:@@hex64@@")
_B("git config --global credential.helper 'cache --timeout=3600'")
_B("grep -rn 'password' /opt/mirthconnect/conf | grep -v '^#'   # check nothing is hard-coded")
_B("unzip -l referral_packet_@@mrn@@.zip")
_B("xxd -l 64 pump_fw_v@@ver@@.bin\n00000000: 7f45 4c46 0101 0100 0000 0000 0000 0000  .ELF............")
_B("az keyvault secret list --vault-name kv-@@org@@ --query '[].name' -o tsv")
_B("gcloud secrets versions list fhir-proxy-client-secret --project=@@org@@-hc")
_B("docker image inspect --format '{{.Id}}' orthancteam/orthanc:@@ver@@\n@@digest@@")
_B("az storage account keys renew --account-name @@org@@dicom --key key2   # rotation drill, output not captured")
_B("systemctl status mirthconnect --no-pager | head -3")

# -- tool output
_B("commit @@sha@@\nAuthor: @@person@@ <@@email@@>\nDate:   Wed Mar 12 @@time@@:11 2025 +0100\n\n    rotate lab sftp password (value now in vault, see @@ticket@@)")
_B("Successfully tagged registry.@@orgd@@/rx-gateway:@@ver@@\n@@digest@@")
_B("$ kubectl -n @@ns@@ get secrets\nNAME                TYPE                                  DATA   AGE\n@@app@@-db          Opaque                                2      41d\nregcred             kubernetes.io/dockerconfigjson        1      200d")
_B("$ vault kv get @@vaultpath@@\n====== Metadata ======\nKey                Value\n---                -----\ncreated_time       @@ts@@\nversion            @@n@@")
_B("$ aws sts get-caller-identity\n{\n    \"UserId\": \"AROA@@up9@@EXAMPLE:@@user@@\",\n    \"Account\": \"@@num6@@123456\",\n    \"Arn\": \"arn:aws:sts::@@num6@@123456:assumed-role/ClinicalReadOnly/@@user@@\"\n}")
_B("$ env | grep -i pass\nPGPASSFILE=/home/@@user@@/.pgpass\nPASSWORD_MIN_LENGTH=14")
_B("$ docker compose config | grep -i password\n      MYSQL_ROOT_PASSWORD_FILE: /run/secrets/mysql_root\n      OE_PASS_FILE: /run/secrets/openemr_admin")
_B("DB_PASSWORD=******** (masked)\nDB_USER=lis_app\nDB_HOST=@@host@@")
_B("$ heroku config -a tele-visit-api | grep -c TOKEN\n3")
_B("$ gh secret list\nFHIR_CLIENT_SECRET    Updated @@date@@\nREDOX_API_SECRET      Updated @@date_b@@\nSENTRY_AUTH_TOKEN     Updated @@date_c@@")
_B("$ op item list --vault 'Clinical IT' --format json | jq -r '.[].title'\nPACS admin\nOmnicell interface\nFax server SMTP")
_B("$ trufflehog git file://. --only-verified\n🐷🔑🐷  TruffleHog. Unearth your secrets. 🐷🔑🐷\n\nfound 0 verified results, 0 unverified results")
_B("$ gitleaks detect -v\n    ○\n    │╲\n    │ ○\n    ○ ░\n    ░    gitleaks\n\n@@time@@ INF scanned ~@@num6@@ bytes in 1.2s\n@@time@@ INF no leaks found")
_B("$ pip hash dist/fhir_bulk_export-@@ver@@.tar.gz\ndist/fhir_bulk_export-@@ver@@.tar.gz:\n--hash=sha256:@@hex64@@")
_B("$ npm view @@@org@@/hl7-parser dist.integrity\n@@sri@@")
_B("$ openssl x509 -in /etc/orthanc/tls/server.crt -noout -serial -subject\nserial=@@HEXID@@\nsubject=CN = pacs.@@orgd@@")
_B("$ ssh-add -l\n256 @@fp@@ @@user@@@laptop (ED25519)")
_B("$ kubectl get sealedsecret @@app@@-db -o jsonpath='{.spec.encryptedData.password}' | head -c 40\nAgB@@b64t@@")
_B("$ curl -sI https://@@host@@/fhir/r4/metadata\nHTTP/2 401\nwww-authenticate: Bearer realm=\"fhir\", error=\"invalid_token\"\nx-request-id: @@uuid@@")
_B("$ dcmdump +P 0020,000d study/IM0001\n(0020,000d) UI [@@dicomuid@@]                # 56, 1 StudyInstanceUID")
_B("$ aws s3api head-object --bucket @@bucket@@ --key studies/@@acc@@.zip\n{\n    \"ETag\": \"\\\"@@md5@@\\\"\",\n    \"ServerSideEncryption\": \"aws:kms\",\n    \"SSEKMSKeyId\": \"@@kms@@\"\n}")
_B("$ cat ~/.aws/config\n[profile clinical-archive]\nregion = @@region@@\nsso_start_url = https://@@org@@.awsapps.com/start\nsso_role_name = ReadOnly")
_B("$ git remote -v\norigin\tgit@github.com:@@org@@/lis-interfaces.git (fetch)\norigin\tgit@github.com:@@org@@/lis-interfaces.git (push)")
_B("$ cat ~/.pgpass | wc -l\n3")
_B("$ base64 -d <<< '@@b64blob@@'")
_B("$ echo -n 'channel deployed' | base64\nY2hhbm5lbCBkZXBsb3llZA==")
_B("$ uuidgen\n@@uuid@@")
_B("$ mirth-cli> status\n@@uuid@@  STARTED  LAB_RESULTS_INBOUND\n@@uuid_b@@  STOPPED  ADT_TO_PACS")
_B("$ docker ps --format '{{.ID}} {{.Image}}'\n@@hex12@@ orthancteam/orthanc:@@ver@@\n@@hex12_b@@ postgres:16-alpine")
_B("$ netsh wlan show profile name=\"@@ssid@@\"\n    Authentication         : WPA2-Enterprise\n    Security key           : Absent")

# -- config
_B("database.password = ${MIRTH_DB_PASSWORD}")
_B("spring.datasource.password=${DB_PASSWORD:}")
_B("password: \"{{ .Values.postgresql.auth.password }}\"")
_B("        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: @@app@@-db\n              key: password")
_B("environment:\n  MYSQL_ROOT_PASSWORD_FILE: /run/secrets/mysql_root\nsecrets:\n  mysql_root:\n    external: true")
_B("[client]\nuser=openemr\n# password comes from ~/.mylogin.cnf (mysql_config_editor)")
_B("  \"RegisteredUsers\" : {},\n  \"AuthenticationEnabled\" : false,  // behind the reverse proxy with SSO")
_B("keystore.storepass = <set by installer>")
_B("REDOX_API_SECRET=\nREDOX_API_KEY=\n# fill these from 1Password 'Redox staging'")
_B("FHIR_CLIENT_SECRET=<your-client-secret>")
_B("client_secret = \"${var.fhir_client_secret}\"")
_B("db_password = data.aws_secretsmanager_secret_version.ehr_db.secret_string")
_B("variable \"db_password\" {\n  type      = string\n  sensitive = true\n}")
_B("ansible_password: \"{{ vault_clinic_ws_password }}\"")
_B("$ANSIBLE_VAULT;1.1;AES256\n@@hex64@@\n@@hex64_b@@")
_B("password_file = /run/secrets/pacs_db_password")
_B("token_path = \"/var/run/secrets/kubernetes.io/serviceaccount/token\"")
_B("[[outputs.influxdb_v2]]\n  urls = [\"https://@@host@@:8086\"]\n  token = \"$INFLUX_TOKEN\"\n  organization = \"clinical-eng\"")
_B("smtp_auth_password_file: /etc/alertmanager/secrets/smtp_password")
_B("wpa_passphrase=CHANGE_ME_BEFORE_DEPLOY")
_B("CONFIG_ESP_WIFI_PASSWORD=\"\"\n# provisioned over BLE at first boot")
_B("<password>${env.NEXUS_PASSWORD}</password>")
_B("<add key=\"ClearTextPassword\" value=\"%NUGET_FEED_PAT%\" />")
_B("//registry.npmjs.org/:_authToken=${NPM_TOKEN}")
_B("index-url = https://${PIP_USER}:${PIP_PASSWORD}@nexus.@@orgd@@/repository/pypi/simple")
_B("[Peer]\nPublicKey = @@b64blob@@\nAllowedIPs = 10.66.0.0/16\nEndpoint = vpn.@@orgd@@:51820")
_B("ssh-ed25519 @@sshpub@@ @@user@@@@@host@@")
_B("@@host@@ ssh-ed25519 @@sshpub@@")
_B("ssh-rsa @@rsapub@@ deploy@@@org@@")
_B("-----BEGIN PUBLIC KEY-----\n@@pubpem@@\n-----END PUBLIC KEY-----")
_B("-----BEGIN CERTIFICATE-----\n@@certpem@@\n-----END CERTIFICATE-----")
_B("\"jwks_uri\": \"https://auth.@@orgd@@/.well-known/jwks.json\",\n\"kid\": \"@@kid@@\"")
_B("{\"keys\":[{\"kty\":\"EC\",\"crv\":\"P-256\",\"kid\":\"@@hex16@@\",\"use\":\"sig\",\"x\":\"@@b64u43@@\",\"y\":\"@@b64u43_b@@\"}]}")
_B("client_id: @@app@@\nclient_secret: \"\"  # public client, PKCE only")
_B("smart:\n  client_id: growth-chart-app\n  auth: pkce\n  scopes: launch/patient patient/Observation.read")
_B("ssl.keystore.location=/etc/kafka/secrets/adt-consumer.jks\nssl.keystore.password=${file:/etc/kafka/secrets/creds.properties:keystore_password}")
_B("AccountName=@@org@@fax;AccountKey=<from key vault>;EndpointSuffix=core.windows.net")
_B("\"AzureWebJobsStorage\": \"UseDevelopmentStorage=true\"")
_B("password_policy:\n  min_length: 14\n  require_symbol: true\n  history: 24\n  max_age_days: 90")
_B("sops:\n    kms:\n    -   arn: @@kms@@\n        enc: AQICAHh@@b64t@@\n    mac: ENC[AES256_GCM,data:@@b64t_b@@,type:str]")
_B("apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nspec:\n  encryptedData:\n    password: AgB@@b64u43@@@@b64u43_b@@")
_B("# orthanc.json\n\"DicomModalities\" : {\n  \"ct1\" : [ \"CT_SCANNER1\", \"@@ip@@\", 104 ]\n}")
_B("MSH|^~\\&|LABSYS|@@fac@@|EHR|@@fac@@|20250312@@num@@||ORU^R01^ORU_R01|@@hl7id@@|P|2.5.1")
_B("[outbound.lab]\nhost = @@host@@\nport = @@port@@\ntls_key_password_env = HL7_TLS_KEY_PASS")

# -- source
_B("password = os.environ[\"DB_PASSWORD\"]")
_B("api_key = settings.REDOX_API_KEY  # loaded from vault at startup")
_B("const token = await getSecret('fhir-proxy/client-secret');")
_B("if len(password) < 14:\n    raise ValueError(\"password must be at least 14 characters\")")
_B("def mask(secret: str) -> str:\n    return secret[:2] + \"*\" * (len(secret) - 2)")
_B("PASSWORD_FIELD = \"password\"\nTOKEN_HEADER = \"Authorization\"")
_B("assert resp.headers['Authorization'] == 'Bearer <redacted>'")
_B("log.info(\"connecting to %s as %s\", host, user)  # never log the password")
_B("cache_key = f\"formulary:{plan_id}:{hashlib.sha256(query.encode()).hexdigest()}\"  # e.g. @@hex64@@")
_B("CACHE_KEY = \"results-v2-@@hex16@@\"")
_B("EXPECTED_SHA256 = \"@@hex64@@\"  # firmware image digest, published in release notes")
_B("#define FW_BUILD_ID \"@@sha@@\"")
_B("static const char *BLE_SERVICE_UUID = \"@@uuid@@\";")
_B("const DEVICE_SERIAL_PREFIX = '@@serial@@';")
_B("public static final String LOINC_GLUCOSE = \"@@loinc@@\";")
_B("@Value(\"${hl7.tls.keystore-password}\")\nprivate String keystorePassword;")
_B("conn = psycopg2.connect(dsn=os.environ[\"LIS_DSN\"])")
_B("client = OpenAI()  # reads OPENAI_API_KEY from env")
_B("stripe.api_key = os.getenv(\"STRIPE_SECRET_KEY\")")
_B("var creds = Environment.GetEnvironmentVariable(\"RIGHTFAX_PASSWORD\") ?? throw new InvalidOperationException(\"RIGHTFAX_PASSWORD not set\");")
_B("// TODO: move password to Key Vault (see @@ticket@@)")
_B("password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))")
_B("if not hmac.compare_digest(expected_sig, received_sig):\n    abort(401)")
_B("SAMPLE_TOKEN = \"eyJhbGciOiJub25lIn0.eyJzdWIiOiJ0ZXN0In0.\"  # unsigned test fixture, alg=none")
_B("ENCODED_GREETING = \"@@b64blob@@\"")
_B("mllp_frame = b\"\\x0b\" + message.encode() + b\"\\x1c\\x0d\"")
_B("-- password column is hashed with argon2id\nALTER TABLE staff ADD COLUMN password_hash text NOT NULL;")
_B("CREATE USER lis_reader WITH PASSWORD :'lis_reader_password';  -- psql variable from the runbook")
_B("ALTER LOGIN [svc_hl7] WITH PASSWORD = @NewPassword;  -- parameter supplied by the rotation job")
_B("private readonly Guid _tenantId = Guid.Parse(\"@@uuid@@\");")
_B("study_uid = \"@@dicomuid@@\"")
_B("OBJECT_ID = ObjectId(\"@@objid@@\")")

# -- logs
_B("@@ts@@ INFO  hl7.router  Accepted ORU^R01 control_id=@@hl7id@@ from @@ip@@ ack=AA")
_B("@@ts@@ INFO  req_id=@@uuid@@ GET /fhir/r4/Patient/@@uuid_b@@ 200 @@ms@@ms")
_B("traceparent: @@tp@@")
_B("@@ts@@ WARN  auth  login failed for user '@@user@@' from @@ip@@ (bad password, attempt 3/5)")
_B("@@ts@@ INFO  auth  password changed for user '@@user@@' (self-service), next expiry in 90 days")
_B("@@ts@@ ERROR db  FATAL: password authentication failed for user \"report_ro\"")
_B("Access denied for user 'openemr'@'@@ip@@' (using password: YES)")
_B("@@ts@@ INFO  oauth token issued client_id=@@app@@ scope=\"system/Observation.read\" expires_in=300 jti=@@hex16@@")
_B("@@ts@@ DEBUG headers={'Authorization': '[FILTERED]', 'Content-Type': 'application/fhir+json'}")
_B("@@ts@@ DEBUG Authorization: Bearer ***")
_B("password=REDACTED user=pacs host=@@host@@")
_B("@@ts@@ INFO  vault  renewed lease @@vaultpath@@/@@hex8@@ ttl=768h")
_B("@@ts@@ INFO  secrets  rotated secret 'lab-bridge/api' version @@n@@ -> @@n_b@@")
_B("ETag: W/\"@@hex32@@\"")
_B("X-Request-Id: @@uuid@@\nX-Correlation-Id: @@ulid@@")
_B("@@ts@@ I: Received Store Request: MsgID @@n@@, (CT) SOPInstanceUID @@dicomuid@@")
_B("@@ts@@ INFO  dicom  association @@aet@@ -> PACS_ARCH accepted, 1 presentation context")
_B("@@ts@@ INFO  ota  image sha256=@@hex64@@ verified against manifest")
_B("@@ts@@ INFO  device  registered serial=@@serial@@ udi=@@udi@@")
_B("@@ts@@ INFO  ble  bonded with @@hex12@@ using LE Secure Connections (numeric comparison)")
_B("@@ts@@ INFO  session  created session_id_hash=@@hex16@@ (raw id not logged)")
_B("Caused by: java.net.SocketTimeoutException: Read timed out\n\tat com.mirth.connect.connectors.tcp.TcpReceiver.run(TcpReceiver.java:418)")
_B("Traceback (most recent call last):\n  File \"/opt/etl/load.py\", line 31, in <module>\n    conn = pymssql.connect(server, user, password, database)\nKeyError: 'LIS_PASSWORD'")
_B("ValueError: FHIR_CLIENT_SECRET is not set; refusing to start")
_B("@@ts@@ WARN  config  SMTP_PASS is empty, e-mail notifications disabled")
_B("@@ts@@ INFO  build @@ver4@@ commit=@@sha7@@ started")
_B("@@ts@@ INFO  mirth  Channel LAB_RESULTS_INBOUND (@@uuid@@) deployed, revision @@n@@")
_B("@@ts@@ INFO  cache  hit key=formulary:@@hex32@@")
_B("@@ts@@ INFO  fax  job @@ksuid@@ delivered to +1555@@num6@@ pages=@@n@@")

# -- notes / chat
_B("The password for the PACS admin account is in 1Password under 'PACS admin' — ask @@person@@ if you can't see it.")
_B("Reminder: never paste patient data or passwords into the team chat. Use the vault link instead.")
_B("Rotated the lab SFTP password today (@@ticket@@); new value is only in Vault at @@vaultpath@@.")
_B("@@person@@: I reset your EHR password, you'll get a one-time link by e-mail. Don't reply with the new one here!")
_B("Note to self: the Redox secret lives in AWS Secrets Manager as prod/redox/api, not in the repo.")
_B("Password policy (clinic IT): 14+ characters, no reuse of the last 24, passphrases encouraged, MFA for remote access.")
_B("Política de contraseñas: mínimo 14 caracteres, sin reutilizar las últimas 24.")
_B("Passwortrichtlinie: mindestens 14 Zeichen, Wechsel nur bei Verdacht auf Kompromittierung.")
_B("パスワードはチャットに書かないでください。保管庫を使ってください。")
_B("Mot de passe : voir le coffre-fort, entrée « Serveur de fax ».")
_B("Senha: ******** (no cofre da TI)")
_B("The token in the screenshot was already revoked and replaced; nothing to rotate.")
_B("Decision @@date@@: move all interface credentials to Vault; app reads them via the agent sidecar.")
_B("Goal: replace the shared 'radiology' login with per-user SSO accounts before the audit.")
_B("TODO: ask the vendor whether the sandbox client secret can be scoped to read-only.")
_B("Key ID for the firmware signing key is @@pgp@@ (public part published on the release page).")
_B("The commit that introduced the bug is @@sha@@ — bisected on the HIL bench.")
_B("Accession @@acc@@ / StudyInstanceUID @@dicomuid@@ stuck in the router queue since @@time@@.")
_B("NDC @@ndc@@ was missing from the formulary sync; LOINC @@loinc@@ mapped to the wrong OBX.")
_B("Patient ID in the test message is a synthetic MRN (@@mrn@@), not real PHI.")
_B("The Wi-Fi password for guests is printed on the sign at reception; staff Wi-Fi uses 802.1X, no shared key.")
_B("@@person@@: the password is the same format as before — ask me on the phone, not here.")
_B("Incident @@ticket@@: credential exposure suspected, all keys rotated, see postmortem for details (no values listed).")
_B("Hint for the kiosk account password: 'the street name + year' (ask the clinic manager).")
_B("BitLocker recovery keys are escrowed in Entra ID; look them up by key ID @@HEXID@@.")
_B("TeamViewer ID for the lab PC: 1 @@num@@ @@num6@@ (password set per session by the user).")
_B("Masked value from the portal: sk_live_****************@@lo8@@")
_B("API key: xxxx-xxxx-xxxx-xxxx (placeholder, the real one is in the vendor portal)")
_B("token: <REDACTED>")
_B("client_secret: ••••••••••••")
_B("Use `$(cat /run/secrets/db_password)` instead of typing the password on the command line.")
_B("We hash cache keys with SHA-256, e.g. @@hex64@@, so no PHI ends up in Redis key names.")
_B("The base64 in that HL7 OBX-5 is just an embedded PDF header: JVBERi0xLjcKJeLjz9M=")
_B("@@person@@: commit @@sha7@@ fixes the MLLP framing; tag v@@ver@@ when CI is green.")

# -- CI / deploy
_B("env:\n  FHIR_CLIENT_SECRET: ${{ secrets.FHIR_CLIENT_SECRET }}\n  REDOX_API_SECRET: ${{ secrets.REDOX_API_SECRET }}")
_B("      - uses: docker/login-action@v3\n        with:\n          registry: registry.@@orgd@@\n          username: ${{ vars.REGISTRY_USER }}\n          password: ${{ secrets.REGISTRY_PASSWORD }}")
_B("      - uses: actions/cache@v4\n        with:\n          path: ~/.m2\n          key: maven-${{ runner.os }}-${{ hashFiles('**/pom.xml') }}")
_B("Cache restored from key: maven-Linux-@@hex64@@")
_B("Run actions/checkout@@@sha@@\nSyncing repository: @@org@@/lis-interfaces")
_B("variables:\n  DB_PASSWORD: $CI_DB_PASSWORD  # masked & protected project variable")
_B("withCredentials([usernamePassword(credentialsId: 'pacs-deploy', usernameVariable: 'U', passwordVariable: 'P')]) {\n  sh 'curl -u \"$U:$P\" ...'\n}")
_B("[Pipeline] sh\n+ curl -sf -u ****:**** -T target/hl7-router-@@ver@@.war https://@@host@@/manager/text/deploy")
_B("DB_PASSWORD=*** ./gradlew flywayMigrate")
_B("uses: actions/upload-artifact@@@sha@@ # v4.3.1")
_B("image: registry.@@orgd@@/@@app@@@@@digest@@")
_B("go.sum: github.com/@@org@@/hl7 v@@ver@@ @@h1@@")
_B("\"node_modules/@@@org@@/fhir-types\": {\n  \"version\": \"@@ver@@\",\n  \"integrity\": \"@@sri@@\"\n}")
_B("provider \"registry.terraform.io/hashicorp/azurerm\" {\n  version = \"@@ver@@\"\n  hashes = [\n    \"@@h1@@\",\n    \"zh:@@hex64@@\",\n  ]\n}")
_B("Step 5/12 : ARG NPM_TOKEN\n ---> Using cache\n ---> @@hex12@@")
_B("kind: ExternalSecret\nspec:\n  secretStoreRef:\n    name: vault-backend\n  data:\n  - secretKey: password\n    remoteRef:\n      key: @@vaultpath@@")
_B("sealed-secrets controller public cert fingerprint: @@thumb@@")
_B("signing: cosign verify --key cosign.pub registry.@@orgd@@/@@app@@@@@digest@@")
_B("Codesigning identity: Developer ID Application: @@clinic@@ (@@up9@@X)")
_B("Artifact: PumpConfigTool-@@ver@@.msi  SHA256=@@hex64@@")
_B("release @@ver4@@ published, SBOM digest @@digest@@")
_B("deploy id @@ulid@@ for @@app@@ finished in @@ms@@ms")
_B("fly secrets list -a tele-visit-api\nNAME              DIGEST            CREATED AT\nREDOX_API_SECRET  @@hex16@@  @@date@@")
_B("Secrets are staged for the next deployment (values hidden)")
_B("helm secrets decrypt values-@@env@@.enc.yaml  # requires KMS access, output not shown")

# -- vendor-ish identifiers that are public
_B("TWILIO_ACCOUNT_SID=@@acsid@@  # account id, the auth token is in Vault")
_B("Stripe publishable key for the copay widget: pk_live_@@an20@@@@an20_b@@ (safe to ship in the browser)")
_B("Google OAuth client id: @@num6@@-@@lo26@@.apps.googleusercontent.com")
_B("Key-Pair-Id=K@@up9@@ (CloudFront public key id)")
_B("Azure tenant id @@uuid@@, app (client) id @@uuid_b@@ — no secret configured, uses workload identity")
_B("Okta org: https://@@org@@.okta.example, client id 0oa@@an20@@ (PKCE)")
_B("Sentry DSN for the browser bundle is public by design; project id @@num6@@.")
_B("Redox source id @@uuid@@ (identifies our system, not a credential)")
_B("Datadog site: datadoghq.com, org id @@hex8@@, no keys in this file")
_B("Slack channel id C0@@up9@@, workspace T0@@up9_b@@")
_B("GPG fingerprint of the release key: @@pgp@@@@pgp_b@@@@hex8@@")
_B("AWS account @@num6@@123456, KMS key @@kms@@")
_B("NPI @@npi@@ (public registry)")
_B("UDI-DI printed on the pump label: @@udi@@")
_B("Device serial @@serial@@, firmware @@ver4@@")
_B("FHIR resource id Patient/@@uuid@@ version 3, meta.versionId=@@n@@")
_B("MongoDB ObjectId @@objid@@ for the consent record")
_B("Mailchimp audience id @@hex8@@@@lo8@@")

# =====================================================================
# build the two public lists
# =====================================================================
_PER_GROUP = 185
_BENIGN_TARGET = 950


def _draw_secret(gen, ctx):
    for _ in range(200):
        val = gen(ctx) if callable(gen) else _expand(gen)
        if val not in _USED and len(val) >= 6:
            _USED.add(val)
            return val
    raise RuntimeError("could not draw a fresh secret")


def _build_secrets():
    out = []
    for group in _GROUPS:
        specs = _SPECS[group]
        nfmt = len(specs)
        if nfmt * 3 < _PER_GROUP:
            raise RuntimeError("not enough formats in " + group)
        base, extra = divmod(_PER_GROUP, nfmt)
        for i, (fmt, gen, tpl, vis) in enumerate(specs):
            count = base + (1 if i < extra else 0)
            for _ in range(count):
                ctx = _Ctx()
                ctx["S"] = _draw_secret(gen, ctx)
                text = _render(tpl, ctx)
                visible = _render(vis, ctx)
                out.append((group, fmt, text, ctx["S"], visible))
    return out


def _build_benign(secrets):
    long_secrets = [s for (_, _, _, s, _) in secrets if len(s) >= 8]
    out = []
    seen = set()
    i = 0
    misses = 0
    while len(out) < _BENIGN_TARGET and misses < 20000:
        tpl = _BSPECS[i % len(_BSPECS)]
        i += 1
        text = _render(tpl, _Ctx())
        if text in seen or any(s in text for s in long_secrets):
            misses += 1
            continue
        seen.add(text)
        out.append(text)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)
