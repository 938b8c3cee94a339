"""Blind hold-out corpus #51 for a secret-redaction engine.

What it is
----------
A labelled test corpus of text fragments of the kind a coding agent (Claude
Code, Codex, Gemini CLI) writes into its saved working state: goals, running
notes, shell commands it ran, tool output, excerpts of files it opened,
decisions, chat messages pasted in by teammates, log lines and CI config.
Each entry in SECRETS carries one credential that a redaction engine must
remove; each entry in BENIGN carries none, although it looks secret-ish to a
naive scanner.  The corpus is meant to be run against the engine without the
engine ever having been tuned on it.

Theme
-----
Logistics, shipping and warehousing: parcel, LTL/freight, ocean and air cargo
carrier APIs; customs brokers and declarations; warehouse management systems
and RF handheld scanners; transport management; fleet telematics and
tachograph downloads; EDI with trading partners (AS2, VAN mailboxes, X12 and
EDIFACT interchanges); label printers; last-mile delivery apps; port community
systems; 3PL integrations.  All eight groups (command, tool-output,
config-file, source-code, stack-trace-or-log, note-or-chat, ci-and-deploy,
vendor-token) are covered inside this theme.

Provenance
----------
Written blind, from general knowledge only: no existing corpus, no rules of
the engine and no search or web look-up were consulted.  Where a vendor's real
credential shape is known (GitHub, GitLab, Slack, Stripe, AWS, Google, ...)
that shape was imitated with fresh random characters; where it is unknown
(most logistics vendors) a plausible shape was invented.  All hosts, domains,
companies, people, accounts and values are fictitious; no real credential is
contained here.

Layout
------
SECRETS is a list of 5-tuples (group, format, text, secret, visible):

    group    one of the eight groups named above (about 185 entries each)
    format   kebab-case name of the shape; no format is used more than 3 times
    text     the fragment as the agent would have recorded it
    secret   the exact substring of text that must not survive redaction
             (only the key body for PEM/PPK private keys, only the signature
             for signed URLs, only the password for user:password pairs)
    visible  a substring of text that must stay readable, or ""

BENIGN is a list of distinct strings (about 950) in the same contexts that
contain no credential at all: commit SHAs, checksums, digests, UUIDs, request
and trace ids, tracking and container numbers, public keys, certificate
fingerprints, public key ids, placeholders, masked values, references to where
a secret is stored, encrypted blobs, prose about passwords, and so on.

Determinism
-----------
Every random value is drawn from _R = random.Random(SEED) while the module is
imported, in a fixed order, so importing the module twice yields identical
lists.  Nothing is printed at import time.

Measured
--------
Blind, measured before any rule was written for it: recall 0.976 (1,444 of 1,480) and false
positives 19 of 950 (2.0%), with the engine at that session's start. Tuned on since: 0.976 and
14 of 950.
"""
import base64
import hashlib
import json
import random
import re
import string

SEED = 51051
_R = random.Random(SEED)

# ---------------------------------------------------------------- primitives
_LO = string.ascii_lowercase
_UP = string.ascii_uppercase
_DG = string.digits
_AN = string.ascii_letters + string.digits
_ALO = _LO + _DG
_AUP = _UP + _DG
_HEX = "0123456789abcdef"
_B64 = _AN + "+/"
_B64U = _AN + "-_"
_SYM = "!@#%^*-_+=.?~"


def _rs(chars, n):
    return "".join(_R.choice(chars) for _ in range(n))


def _hex(n):
    return _rs(_HEX, n)


def _pick(seq):
    return _R.choice(seq)


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_rbytes(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_rbytes(n)).decode().rstrip("=")


def _b64s(text):
    return base64.b64encode(text.encode("utf-8")).decode()


def _uuid():
    h = _hex(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _pick("89ab"), h[17:20], h[20:32])


def _digits(n):
    return str(_R.randint(1, 9)) + _rs(_DG, n - 1)


# ---------------------------------------------------------------- vocabulary
_FIRST = ["Ana", "Bjorn", "Chidi", "Dagny", "Emeka", "Fatima", "Goran", "Hana", "Ines", "Jonas",
          "Kenji", "Leila", "Mateus", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Sanjay",
          "Tomasz", "Ulla", "Viktor", "Wen", "Ximena", "Yusuf", "Zofia", "Marek", "Aiko", "Lars",
          "Carmen", "Dmitri", "Eunji", "Farid", "Greta", "Hugo", "Ivana", "Jamal", "Kaisa", "Luca",
          "Mei", "Nils", "Olga", "Pedro", "Rania", "Sven", "Tariq", "Valentina", "Wiktor", "Yara",
          "Bongani", "Thanh", "Siobhan", "Arjun", "Mirela", "Kwame", "Noa", "Ruairi", "Svetlana"]
_LAST = ["Okafor", "Lindqvist", "Moreau", "Tanaka", "Kowalski", "Haddad", "Ferreira", "Nguyen",
         "Schulte", "Castillo", "Brennan", "Petrov", "Yilmaz", "de Vries", "Rossi", "Chen",
         "Mensah", "Kaur", "Johansson", "Novak", "Hoffmann", "Silva", "Park", "Dubois", "Eriksen",
         "Abara", "Vargas", "Kuznetsova", "Oduya", "Bauer", "Sato", "Fitzgerald", "Iqbal"]
_WORDS = ["harbor", "pallet", "forklift", "anchor", "tundra", "mango", "copper", "falcon", "cedar",
          "violet", "ember", "glacier", "summit", "meadow", "river", "lantern", "orbit", "pepper",
          "quartz", "rocket", "saffron", "thunder", "walrus", "zephyr", "maple", "otter", "cobalt",
          "dune", "fjord", "hazel", "juniper", "kayak", "lagoon", "marble", "nectar", "oasis",
          "pebble", "quiver", "raven", "sable", "tango", "umber", "velvet", "willow", "yonder",
          "crate", "dock", "freight", "cargo", "parcel", "manifest", "convoy", "ballast", "tugboat",
          "gantry", "reefer", "chassis", "trailer", "depot", "berth", "bollard", "hawser", "lighthouse",
          "compass", "pilot", "trawler", "barge", "skipper", "mooring", "keel", "spinnaker", "tiller",
          "biscuit", "pumpkin", "kestrel", "heron", "badger", "lynx", "puffin", "mistral", "sirocco"]
_CITIES = ["Rotterdam", "Hamburg", "Antwerp", "Felixstowe", "Gdansk", "Valencia", "Genoa", "Piraeus",
           "Singapore", "Busan", "Shenzhen", "Yokohama", "Santos", "Durban", "Mombasa", "Savannah",
           "Oakland", "Memphis", "Louisville", "Leipzig", "Liege", "Dubai", "Mumbai", "Lagos"]
_SEASONS = ["Winter", "Spring", "Summer", "Autumn", "Fall", "Sommer", "Herbst", "Primavera", "Invierno"]
_DOMAINS = ["kestrel-freight.net", "halden3pl.internal", "bluewater-cargo.io", "nordlys-parcel.eu",
            "tidemark-logistics.com", "ferrovia-log.it", "ostrander-wh.local", "corvid-fleet.co",
            "saltmarsh-shipping.com", "quayline.nl", "marlowe-customs.co.uk", "pinecrest-dist.com",
            "amberroute.de", "longreach-haulage.com.au", "sakura-butsuryu.jp", "riozinho-transportes.com.br",
            "meridian-forwarding.sg", "vantage3pl.us", "polderhaven.nl", "kranich-spedition.de",
            "larkspur-lastmile.app", "drydock-edi.net", "cinder-yard.io", "pelican-air-cargo.com"]
_SUBS = ["db", "wms-db", "tms-db", "edi", "sftp", "as2", "api", "tms", "wms", "redis", "mq", "vault",
         "kafka", "ftp", "gw", "telematics", "labels", "print", "yard", "dock", "customs", "portal",
         "erp", "rf", "mdm", "rating", "tracking", "pod", "van", "broker"]
_PARTNERS = ["acme-retail", "northwind", "globex", "brightmart", "hollis-grocers", "vela-pharma",
             "orbis-auto", "tessera-home", "quillon-books", "saguaro-outdoor", "miramar-fashion",
             "copperleaf-foods", "helix-medical", "wexford-tools", "ostara-garden", "tamarind-spice"]
_CARRIERS = ["Kestrel Parcel", "Nordlys Express", "Bluewater Line", "Tidemark LTL", "Corvid Air Cargo",
             "Saltmarsh Ocean", "Amberroute Freight", "Polder Post", "Longreach Haulage", "Meridian Air",
             "Fennec Couriers", "Granite State LTL", "Isar Kurier", "Quokka Express", "Harrow Haulage"]
_DBS = ["wms_prod", "tms", "edi_archive", "yard", "telematics", "customs", "labels", "billing",
        "dispatch", "inventory", "returns", "rates", "tracking_events", "dock_schedule"]
_USERS = ["svc_wms", "svc_edi", "edi_loader", "tms_app", "rf_gateway", "label_svc", "dispatch_ro",
          "yard_admin", "customs_sync", "telematics_ingest", "pod_uploader", "van_out", "as2_gw",
          "report_ro", "scanner_sync", "wave_planner", "ci_deploy", "3pl_feed", "rates_bot"]
_LANG_NOTE = ["handover", "night shift", "peak week", "cutover", "go-live", "hypercare"]


def _person():
    return _pick(_FIRST) + " " + _pick(_LAST)


def _first():
    return _pick(_FIRST)


def _user():
    k = _R.randrange(5)
    if k == 0:
        return _pick(_USERS)
    if k == 1:
        return _pick(_FIRST).lower() + "." + _pick(_LAST).lower().replace(" ", "")
    if k == 2:
        return _pick(_FIRST)[0].lower() + _pick(_LAST).lower().replace(" ", "")[:7]
    if k == 3:
        return _pick(_USERS) + str(_R.randint(1, 9))
    return _pick(["picker", "driver", "loader", "clerk", "disp", "yard"]) + "%02d" % _R.randint(1, 99)


def _host():
    sub = _pick(_SUBS)
    if _R.random() < 0.4:
        sub += "-%02d" % _R.randint(1, 12)
    if _R.random() < 0.3:
        sub += "." + _pick(["prod", "stg", "eu", "us-east", "dc2", "int"])
    return sub + "." + _pick(_DOMAINS)


def _email():
    return _pick(_FIRST).lower() + "." + _pick(_LAST).lower().replace(" ", "") + "@" + _pick(_DOMAINS)


def _ip():
    return "10.%d.%d.%d" % (_R.randint(0, 254), _R.randint(0, 254), _R.randint(2, 250))


def _date():
    return "2%03d%02d%02d" % (_R.randint(23, 25), _R.randint(1, 12), _R.randint(1, 28))


def _isodate():
    return "20%02d-%02d-%02d" % (_R.randint(23, 25), _R.randint(1, 12), _R.randint(1, 28))


def _ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (_isodate(), _R.randint(0, 23), _R.randint(0, 59),
                                       _R.randint(0, 59), _R.randint(0, 999))


def _logts():
    return "%s %02d:%02d:%02d,%03d" % (_isodate(), _R.randint(0, 23), _R.randint(0, 59),
                                      _R.randint(0, 59), _R.randint(0, 999))


def _hhmm():
    return "%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59))


def _ver():
    return "%d.%d.%d" % (_R.randint(1, 9), _R.randint(0, 30), _R.randint(0, 20))


def _vin():
    chars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
    return _pick(["WDB", "YV2", "XLR", "VF6", "1FU", "3AK", "WMA", "ZCF"]) + _rs(chars, 14)


def _wh():
    return "DC-%s-%02d" % (_pick(["ATL", "RTM", "HAM", "LEJ", "DFW", "MEM", "SIN", "VLC", "GDN", "MKE"]),
                           _R.randint(1, 9))


def _isa_id():
    return (_pick(["ACME", "NWIND", "GLBX", "BMART", "HOLLIS", "VELA", "KESTREL", "HALDEN"]) + _rs(_AUP, 3))


def _scac():
    return _rs(_UP, 4)


def _container():
    owner = _pick(["MSKU", "TGHU", "CMAU", "HLXU", "OOLU", "BMOU", "TCNU", "SEGU", "GESU", "FSCU"])
    return owner + _rs(_DG, 7)


def _ups():
    return "1Z" + _rs(_AUP, 6) + _rs(_DG, 10)


def _awb():
    return "%03d-%s" % (_R.choice([20, 57, 74, 125, 176, 160, 235, 618, 988]), _rs(_DG, 8))


def _sscc():
    return "00" + _rs(_DG, 18)


def _serial():
    return _pick(["21", "19", "S", "HW", "ZB", "TC"]) + _rs(_AUP, 8)


def _img():
    return "registry.%s/%s:%s" % (_pick(_DOMAINS), _pick(["wms-api", "label-svc", "edi-bridge", "rate-shopper",
                                                         "yard-mgr", "tacho-sync", "pod-upload", "as2-gw"]), _ver())


def _mbox():
    return _pick(["MBX", "VAN", "EDI", "MB"]) + _rs(_DG, 6)


# ---------------------------------------------------------------- passwords
def _cap(w):
    return w[0].upper() + w[1:]


def _leet(w):
    table = {"a": "@", "o": "0", "e": "3", "i": "1", "s": "5", "t": "7"}
    return "".join(table.get(c, c) if _R.random() < 0.6 else c for c in w)


def _syl(n):
    return "".join(_pick("bcdfghjklmnprstvz") + _pick("aeiou") + ("" if _R.random() < 0.7 else _pick("nrsx"))
                   for _ in range(n))


def _pw():
    """A password a person or an admin would have set (never starts with a symbol)."""
    k = _R.randrange(10)
    if k == 0:
        return _cap(_pick(_WORDS)) + str(_R.randint(10, 9999)) + _pick("!#%*?.")
    if k == 1:
        return _pick(_WORDS) + _cap(_pick(_WORDS)) + "%02d" % _R.randint(0, 99) + _pick(_SYM)
    if k == 2:
        w = [_pick(_WORDS) for _ in range(4)]
        w[_R.randrange(4)] = _cap(w[_R.randrange(4)])
        return _pick("-_.").join(w) + str(_R.randint(1, 99))
    if k == 3:
        return _pick(_AN) + _rs(_AN + _SYM, _R.randint(13, 21))
    if k == 4:
        return _cap(_syl(_R.randint(3, 4))) + _pick("-.#") + str(_R.randint(100, 9999))
    if k == 5:
        return _cap(_leet(_pick(_WORDS) + _pick(_WORDS))) + str(_R.randint(1, 99)) + _pick("!?*")
    if k == 6:
        return _pick(_SEASONS) + str(_R.randint(2019, 2025)) + _pick("!#.") + _pick(_WORDS)
    if k == 7:
        return _pick(_CITIES) + _pick("#@*_") + str(_R.randint(100, 99999))
    if k == 8:
        return _rs(_AN, _R.randint(12, 18))
    return _cap(_pick(_WORDS)) + _pick(_SYM) + _cap(_pick(_WORDS)) + _pick(_SYM) + str(_R.randint(1, 999))


def _pwa():
    return _pick(_AN) + _rs(_AN, _R.randint(13, 25))


def _pwu():
    k = _R.randrange(3)
    if k == 0:
        return _rs(_AN, _R.randint(14, 24))
    if k == 1:
        return _cap(_pick(_WORDS)) + _pick("-._~") + _pick(_WORDS) + str(_R.randint(10, 999))
    return _rs(_AN, 8) + _pick("-_.") + _rs(_AN, 8)


def _pwsp():
    n = _R.randint(4, 5)
    return " ".join(_pick(_WORDS) for _ in range(n)) + (" " + str(_R.randint(1, 99)) if _R.random() < 0.5 else "")


def _pwenc():
    """Password written percent-encoded inside a URL."""
    return _cap(_pick(_WORDS)) + _pick(["%21", "%40", "%23", "%24", "%26"]) + str(_R.randint(10, 9999)) + \
        _pick(["%2F", "%3A", "%3F", "%25", "%2B"]) + _pick(_WORDS)


def _pin():
    return _rs(_DG, _R.randint(6, 7))


def _edipw():
    return _rs(_AUP, 10)


# ---------------------------------------------------------------- key material
_PEM_PREFIX = {
    "rsa": "MIIEowIBAAKCAQEA",
    "pkcs8": "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ",
    "ec": "MHcCAQEEI",
    "openssh": "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACA",
    "encrsa": "MIIFHzBJBgkqhkiG9w0BBQ0wPDAbBgkqhkiG9w0BBQwwDgQI",
}
_PEM_LINES = {"rsa": 25, "pkcs8": 26, "ec": 3, "openssh": 7, "encrsa": 27}


def _pem(kind, width=64):
    prefix = _PEM_PREFIX[kind]
    n = _PEM_LINES[kind]
    if kind == "openssh":
        width = 70
    flat = prefix.replace("\n", "")
    total = width * (n - 1) + _R.randint(8, width - 4)
    flat = flat + _rs(_B64, total - len(flat))
    if kind != "openssh":
        flat = flat[:-2] + _pick(["==", "=", "AB", "Q="])
    lines = [flat[i:i + width] for i in range(0, len(flat), width)]
    return "\n".join(lines)


def _ppk():
    body = _rs(_B64, 64 * 13 + 44) + "="
    return "\n".join(body[i:i + 64] for i in range(0, len(body), 64))


def _jwt():
    alg = _pick(["HS256", "RS256", "ES256", "RS512"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = _hex(16)
    iat = _R.randint(1690000000, 1760000000)
    body = {"sub": _pick(_USERS + ["driver-%d" % _R.randint(100, 999)]),
            "iss": "https://auth." + _pick(_DOMAINS),
            "aud": _pick(["tms-api", "wms", "carrier-gw", "driver-app", "edi-portal"]),
            "scope": _pick(["shipments:read labels:write", "tracking:read", "loads:write stops:read",
                            "inventory:read", "pod:write"]),
            "iat": iat, "exp": iat + _pick([900, 3600, 28800, 86400])}
    enc = lambda o: base64.urlsafe_b64encode(json.dumps(o, separators=(",", ":")).encode()).decode().rstrip("=")
    return enc(hdr) + "." + enc(body) + "." + _b64u(32 if alg == "HS256" else 64)


def _awssk():
    return _rs(_AN + "+/", 40)


def _sas_sig():
    raw = base64.b64encode(_rbytes(32)).decode()
    return raw.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _rclone_obscured():
    return _b64u(24 + _R.randint(0, 12))


def _django():
    return "django-insecure-" + _rs(_LO + _DG + "!@#%^*(-_=+)", 50)


G = {
    # identity / context
    "host": _host, "user": _user, "email": _email, "person": _person, "first": _first, "ip": _ip,
    "date": _date, "isodate": _isodate, "ts": _ts, "logts": _logts, "hhmm": _hhmm, "ver": _ver,
    "vin": _vin, "wh": _wh, "isa_id": _isa_id, "scac": _scac, "container": _container,
    "ups": _ups, "awb": _awb, "sscc": _sscc, "serial": _serial, "img": _img, "mbox": _mbox,
    "domain": lambda: _pick(_DOMAINS), "partner": lambda: _pick(_PARTNERS),
    "carrier": lambda: _pick(_CARRIERS), "cslug": lambda: _pick(_CARRIERS).lower().replace(" ", "-"),
    "db": lambda: _pick(_DBS), "city": lambda: _pick(_CITIES), "word": lambda: _pick(_WORDS),
    "org": lambda: _pick(["halden-3pl", "kestrel-freight", "nordlys-it", "tidemark-eng", "quayline",
                          "pinecrest-dist", "amberroute", "larkspur-lastmile"]),
    "acct": lambda: _pick(["pod", "labels", "edi", "tacho", "customs"]) + _rs(_ALO, 6) + "sa",
    "num3": lambda: _digits(3), "num4": lambda: _digits(4), "num5": lambda: _digits(5),
    "num6": lambda: _digits(6), "num7": lambda: _digits(7), "num8": lambda: _digits(8),
    "num10": lambda: _digits(10), "num12": lambda: _digits(12),
    "hex4": lambda: _hex(4), "hex5": lambda: _hex(5), "hex6": lambda: _hex(6), "hex7": lambda: _hex(7),
    "hex8": lambda: _hex(8), "hex10": lambda: _hex(10), "hex12": lambda: _hex(12), "hex16": lambda: _hex(16),
    "hex20": lambda: _hex(20), "hex24": lambda: _hex(24), "hex32": lambda: _hex(32), "hex40": lambda: _hex(40),
    "hex48": lambda: _hex(48), "hex64": lambda: _hex(64), "hex128": lambda: _hex(128),
    "up16": lambda: _rs(_AUP, 16), "up20": lambda: _rs(_AUP, 20), "up6": lambda: _rs(_AUP, 6),
    "an5": lambda: _rs(_ALO, 5), "an10": lambda: _rs(_ALO, 10),
    "alnum20": lambda: _rs(_AN, 20), "alnum24": lambda: _rs(_AN, 24), "alnum32": lambda: _rs(_AN, 32),
    "alnum40": lambda: _rs(_AN, 40), "alnum48": lambda: _rs(_AN, 48), "alnum64": lambda: _rs(_AN, 64),
    "b64_16": lambda: _b64(16), "b64_24": lambda: _b64(24), "b64_32": lambda: _b64(32),
    "b64_48": lambda: _b64(48), "b64_64": lambda: _b64(64), "b64u32": lambda: _b64u(32),
    "b64u48": lambda: _b64u(48), "uuid": _uuid,
    # passwords
    "pw": _pw, "pwa": _pwa, "pwu": _pwu, "pwsp": _pwsp, "pwenc": _pwenc, "pin": _pin, "edipw": _edipw,
    # key material and tokens
    "jwt": _jwt, "awssk": _awssk, "sassig": _sas_sig, "rclone": _rclone_obscured, "django": _django,
    "pem_rsa": lambda: _pem("rsa"), "pem_pkcs8": lambda: _pem("pkcs8"), "pem_ec": lambda: _pem("ec"),
    "pem_openssh": lambda: _pem("openssh"), "pem_enc": lambda: _pem("encrsa"), "ppk": _ppk,
    "akid": lambda: "AKIA" + _rs(_AUP, 16), "asia": lambda: "ASIA" + _rs(_AUP, 16),
    "t_ghp": lambda: "ghp_" + _rs(_AN, 36), "t_gho": lambda: "gho_" + _rs(_AN, 36),
    "t_ghs": lambda: "ghs_" + _rs(_AN, 36), "t_ghu": lambda: "ghu_" + _rs(_AN, 36),
    "t_ghr": lambda: "ghr_" + _rs(_AN, 36),
    "t_ghpat": lambda: "github_pat_11" + _rs(_AUP, 20) + "_" + _rs(_AN, 59),
    "t_glpat": lambda: "glpat-" + _rs(_AN + "-_", 20), "t_glrt": lambda: "glrt-" + _rs(_AN + "-_", 20),
    "t_gldt": lambda: "gldt-" + _rs(_AN + "-_", 20),
    "t_xoxb": lambda: "xoxb-%s-%s-%s" % (_digits(12), _digits(13), _rs(_AN, 24)),
    "t_xoxp": lambda: "xoxp-%s-%s-%s-%s" % (_digits(12), _digits(12), _digits(13), _hex(32)),
    "t_xapp": lambda: "xapp-1-A0%s-%s-%s" % (_rs(_AUP, 9), _digits(13), _hex(64)),
    "slackhook": lambda: _rs(_AN, 24),
    "t_sklive": lambda: "sk_live_51" + _rs(_AN, 97), "t_rklive": lambda: "rk_live_51" + _rs(_AN, 97),
    "t_whsec": lambda: "whsec_" + _rs(_AN, 32),
    "t_sg": lambda: "SG." + _rs(_B64U, 22) + "." + _rs(_B64U, 43),
    "t_twilio": lambda: _hex(32), "t_npm": lambda: "npm_" + _rs(_AN, 36),
    "t_pypi": lambda: "pypi-AgEIcHlwaS5vcmc" + _rs(_B64U, 120),
    "t_aiza": lambda: "AIza" + _rs(_B64U, 35), "t_gocspx": lambda: "GOCSPX-" + _rs(_B64U, 28),
    "t_g_refresh": lambda: "1//0" + _rs(_B64U, 99), "t_ya29": lambda: "ya29.a0" + _rs(_B64U, 150),
    "t_hvs": lambda: "hvs.CAESI" + _rs(_B64U, 82), "t_hvb": lambda: "hvb.AAAAAQ" + _rs(_B64U, 120),
    "t_dop": lambda: "dop_v1_" + _hex(64), "t_dckr": lambda: "dckr_pat_" + _rs(_B64U, 27),
    "t_atatt": lambda: "ATATT3xFfGF0" + _rs(_B64U, 170) + "=" + _rs("0123456789ABCDEF", 8),
    "t_nrak": lambda: "NRAK-" + _rs(_AUP, 27), "t_glsa": lambda: "glsa_" + _rs(_AN, 32) + "_" + _hex(8),
    "t_hf": lambda: "hf_" + _rs(string.ascii_letters, 34), "t_shpat": lambda: "shpat_" + _hex(32),
    "t_shpss": lambda: "shpss_" + _hex(32), "t_linapi": lambda: "lin_api_" + _rs(_AN, 40),
    "t_pmak": lambda: "PMAK-" + _hex(24) + "-" + _hex(34),
    "t_skant": lambda: "sk-ant-api03-" + _rs(_B64U, 93) + "AA",
    "t_skproj": lambda: "sk-proj-" + _rs(_B64U, 156),
    "t_dd": lambda: _hex(32), "t_ddapp": lambda: _hex(40),
    "t_azkey": lambda: _b64(64), "t_mailgun": lambda: "key-" + _hex(32),
    "t_mailchimp": lambda: _hex(32) + "-us" + str(_R.randint(2, 21)),
    "t_okta": lambda: "00" + _rs(_B64U, 40),
    "t_heroku": lambda: "HRKU-AA" + _rs(_B64U, 58),
    "t_tfc": lambda: _rs(_AN, 14) + ".atlasv1." + _rs(_AN, 67),
    "t_doppler": lambda: "dp.st.prd." + _rs(_AN, 43), "t_pulumi": lambda: "pul-" + _hex(40),
    "t_sbp": lambda: "sbp_" + _hex(40), "t_age": lambda: "AGE-SECRET-KEY-1" + _rs("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58),
    "t_telegram": lambda: "%s:AA%s" % (_digits(10), _rs(_B64U, 33)),
    "discordhook": lambda: _rs(_B64U, 68),
    "t_pd": lambda: "u+" + _rs(_B64U, 18), "t_dapi": lambda: "dapi" + _hex(32),
    "t_azdo": lambda: _rs("abcdefghijklmnopqrstuvwxyz234567", 52), "t_nuget": lambda: "oy2" + _rs(_ALO, 43),
    "t_rubygems": lambda: "rubygems_" + _hex(48), "t_squ": lambda: "squ_" + _hex(40),
    "t_sqp": lambda: "sqp_" + _hex(40), "t_bk": lambda: "bkua_" + _hex(40),
    "t_netlify": lambda: "nfp_" + _rs(_AN, 36), "t_fly": lambda: "fo1_" + _rs(_B64U, 43),
    "t_influx": lambda: _rs(_B64U, 86) + "==", "t_sntryu": lambda: "sntryu_" + _hex(64),
    "t_figd": lambda: "figd_" + _rs(_B64U, 40), "t_ntn": lambda: "ntn_" + _rs(_AN, 46),
    "t_airtable": lambda: "pat" + _rs(_AN, 14) + "." + _hex(64),
    "t_mapbox": lambda: "sk.eyJ1IjoiaGFsZGVuIiwiYSI6I" + _rs(_B64U, 40) + "." + _rs(_B64U, 22),
    "t_square": lambda: "EAAA" + _rs(_B64U, 60), "t_hubspot": lambda: "pat-eu1-" + _uuid(),
    "t_ghrunner": lambda: "A" + _rs(_AUP, 28), "t_asana": lambda: "2/%s/%s:%s" % (_digits(16), _digits(16), _hex(32)),
    "t_openai_old": lambda: "sk-" + _rs(_AN, 20) + "T3BlbkFJ" + _rs(_AN, 20),
    "t_cfapi": lambda: _rs(_B64U, 40), "t_algolia": lambda: _hex(32),
    "t_confluent": lambda: _rs(_B64 , 64),
    # logistics vendors: real shapes where known, invented where not
    "t_shippo": lambda: "shippo_live_" + _hex(40), "t_shippo_test": lambda: "shippo_test_" + _hex(40),
    "t_easypost": lambda: "EZAK" + _hex(54), "t_easypost_test": lambda: "EZTK" + _hex(54),
    "t_shipengine": lambda: _rs(_B64U, 43), "t_samsara": lambda: "samsara_api_" + _rs(_AN, 30),
    "t_aftership": lambda: "asat_" + _hex(32), "t_shipbob": lambda: _rs(_AUP, 64),
    "t_webfleet": lambda: _uuid(), "t_motive": lambda: _uuid(),
    "t_p44": lambda: _rs(_AN, 40), "t_fourkites": lambda: _hex(40), "t_flexport": lambda: "fpk_" + _rs(_AN, 40),
    "t_kfr": lambda: "kfr_live_" + _rs(_AN, 32), "t_nlp": lambda: "nlp.sk." + _rs(_B64U, 40),
    "t_tive": lambda: "tive_sk_" + _rs(_AN, 36), "t_cbx": lambda: "cbx_live_" + _hex(48),
    "t_zebra": lambda: "zbr_" + _rs(_AN, 40), "t_portbase": lambda: "pcs-" + _rs(_AUP, 8) + "-" + _rs(_AN, 32),
    "t_geotab_sid": lambda: _rs(_AN, 22), "t_onfleet": lambda: _hex(32), "t_route4me": lambda: _hex(32).upper(),
    "t_freightos": lambda: "frt_sk_" + _rs(_AN, 40), "t_bringg": lambda: _rs(_AN, 20) + "-" + _rs(_AN, 20),
    "t_cw1": lambda: _pw(), "t_btp": lambda: _uuid() + "$" + _rs(_B64U, 43) + "=",
    "t_descartes": lambda: "dsc_" + _hex(48), "t_transporeon": lambda: "trp." + _rs(_B64U, 48),
    "t_ucs": lambda: "ucsk_" + _rs(_AN, 44), "t_lmd": lambda: "lmd_pk_live_" + _rs(_AN, 32),
    "t_tachob": lambda: "tdl_" + _rs(_AUP, 8) + "_" + _rs(_AN, 32), "t_hwoi": lambda: "hwoi-" + _rs(_AN, 48),
    "t_yard": lambda: "yms_" + _hex(40), "t_ais": lambda: _hex(40), "t_edicloud": lambda: "edc_sk_" + _rs(_AN, 36),
}


# ---------------------------------------------------------------- machinery
_PH = re.compile(r"«([a-z][a-z0-9_]*)(?::[a-z0-9]+)?»")


class _Draw(object):
    """Caches one random value per placeholder key while one fragment is built."""

    def __init__(self):
        self.c = {}

    def __call__(self, key):
        if key not in self.c:
            self.c[key] = G[key.split(":")[0]]()
        return self.c[key]

    def put(self, key, value):
        self.c[key] = value
        return value

    def fill(self, tpl):
        return _PH.sub(lambda m: self(m.group(0)[1:-1]), tpl)


_T = []
_CUR = [None]


def _grp(name):
    _CUR[0] = name


def S(fmt, tpl, key, vis="", pre=None):
    """Register a secret template; key names the placeholder holding the secret."""
    _T.append((_CUR[0], fmt, tpl, key, vis, pre))


_USED = set()


def _one(group, fmt, tpl, key, vis, pre):
    for _ in range(60):
        d = _Draw()
        if pre is not None:
            pre(d)
        secret = d(key)
        if secret in _USED or len(secret) < 6:
            continue
        text = d.fill(tpl)
        visible = d.c.get(vis, vis) if vis else ""
        if secret not in text or (visible and (visible not in text or secret in visible)):
            raise ValueError("bad template %s" % fmt)
        _USED.add(secret)
        return (group, fmt, text, secret, visible)
    raise ValueError("could not draw a fresh secret for %s" % fmt)


def _b64pair(user_key, pw_key, out_key, sep=":"):
    def pre(d):
        d.put(out_key, _b64s(d(user_key) + sep + d(pw_key)))
    return pre


# ====================================================================== command
_grp("command")
S("pgpass-line-append", "echo '«host»:5432:«db»:«user»:«pw»' >> ~/.pgpass && chmod 600 ~/.pgpass", "pw", "host")
S("psql-uri-sslmode", """psql "postgresql://«user»:«pwu»@«host»:5432/«db»?sslmode=require" -c "select status, count(*) from shipments where created_at > now() - interval '1 day' group by 1;\"""", "pwu", "host")
S("pgpassword-env-pg-dump", "PGPASSWORD='«pw»' pg_dump -h «host» -U «user» -d «db» -t public.consignments -Fc -f /tmp/consignments_«date».dump", "pw", "pg_dump")
S("mysql-p-attached-quoted", """mysql -h «host» -u «user» -p'«pw»' «db» -e "SELECT sku, bin, qty FROM stock_levels WHERE bin LIKE 'A-12-%' ORDER BY qty" """, "pw", "user")
S("curl-su-basic-auth", "curl -su «user»:«pw» 'https://«host»/api/v2/shipments?status=EXCEPTION&since=«isodate»' | jq '.items | length'", "pw", "host")
S("curl-bearer-jwt-loads", 'curl -sS -H "Authorization: Bearer «jwt»" https://«host»/tms/v1/loads/LD-«num6»/stops | jq .', "jwt", "host")
S("curl-x-api-key-rate-request", "curl -X POST https://«host»/rates/v3/quote \\\n  -H 'x-api-key: «alnum32»' \\\n  -H 'content-type: application/json' \\\n  -d @rate_request_«num5».json", "alnum32", "rate_request_")
S("sshpass-scp-asn-upload", "sshpass -p '«pw»' scp -P 2222 outbound/856_*.edi «user»@«host»:/inbound/asn/", "pw", "host")
S("lftp-sftp-mirror", 'lftp -u «user»,«pw» sftp://«host» -e "mirror --only-newer /outbound/edi ./edi_in; bye"', "pw", "host")
S("docker-login-p-flag", "docker login registry.«domain» -u «user» -p «pwa»", "pwa", "docker login")
S("docker-run-env-carrier-secret", "docker run -d --name label-svc -e ZPL_PRINTER_HOST=«ip» -e CARRIER_API_SECRET=«hex40» -p 8085:8080 «img»", "hex40", "label-svc")
S("kubectl-create-secret-from-literal", "kubectl -n tms create secret generic parcel-oauth \\\n  --from-literal=client_id=«hex32:cid» \\\n  --from-literal=client_secret=«alnum48»", "alnum48", "parcel-oauth")
S("export-shippo-token", "export SHIPPO_API_TOKEN=«t_shippo»\npython scripts/backfill_labels.py --since «isodate» --dry-run", "t_shippo", "backfill_labels.py")
S("aws-configure-set-secret", "aws configure set aws_access_key_id «akid» --profile edi-archive\naws configure set aws_secret_access_key «awssk» --profile edi-archive", "awssk", "edi-archive")
S("az-storage-blob-account-key", "az storage blob upload --account-name «acct» --account-key «t_azkey» -c pod-images -f POD_«num6».jpg -n «isodate»/POD_«num6».jpg", "t_azkey", "pod-images")
S("redis-cli-tls-a", "redis-cli -h «host» -p 6380 --tls -a '«pw»' --no-auth-warning GET route:cache:«hex8»", "pw", "host")
S("mongosh-srv-uri", """mongosh "mongodb+srv://«user»:«pwu»@«host»/telematics?retryWrites=true" --eval 'db.pings.countDocuments({vin: "«vin»"})'""", "pwu", "telematics")
S("git-clone-oauth2-glpat", "git clone https://oauth2:«t_glpat»@gitlab.«domain»/integrations/edi-maps.git", "t_glpat", "edi-maps.git")
S("htpasswd-batch-create", "sudo htpasswd -b -c /etc/nginx/.htpasswd «user» '«pw»'", "pw", "/etc/nginx/.htpasswd")
S("openssl-pkcs12-passout", "openssl pkcs12 -export -in as2_«partner».crt -inkey as2_«partner».key -out as2_«partner».p12 -name «partner» -passout pass:«pw»", "pw", "as2_")
S("keytool-importkeystore-storepass", "keytool -importkeystore -srckeystore as2_gw.p12 -srcstoretype PKCS12 -srcstorepass «pwa» -destkeystore as2_gw.jks -deststorepass «pwa» -noprompt", "pwa", "keytool")
S("smbclient-domain-user-percent", "smbclient //«host»/labels -U 'WAREHOUSE\\«user»%«pw»' -c 'put shipping_labels_«date».pdf'", "pw", "smbclient")
S("mount-cifs-password-option", "sudo mount -t cifs //«host»/scans /mnt/scans -o username=«user»,password=«pw»,vers=3.0,uid=wms", "pw", "/mnt/scans")
S("ldapsearch-bind-w", """ldapsearch -x -H ldaps://«host» -D "cn=svc-wms,ou=service,dc=corp,dc=local" -w '«pw»' -b "ou=warehouse,dc=corp,dc=local" "(sAMAccountName=«user»)" memberOf""", "pw", "cn=svc-wms")
S("snmpwalk-v3-auth-pass", "snmpwalk -v3 -l authNoPriv -u «user» -a SHA -A '«pw»' «ip» 1.3.6.1.2.1.43.11.1.1.9", "pw", "1.3.6.1.2.1.43.11.1.1.9")
S("ipmitool-lanplus-p", "ipmitool -I lanplus -H «ip» -U ADMIN -P «pwa» chassis power cycle", "pwa", "chassis power cycle")
S("httpie-auth-wave-release", "http --auth «user»:'«pw»' POST https://«host»/wms/api/waves/W«num6»/release force:=true", "pw", "host")
S("wget-user-password-flags", "wget --user=«user» --password='«pw»' https://«host»/reports/daily_dock_schedule_«date».csv", "pw", "daily_dock_schedule_")
S("curl-ftp-url-credentials", "curl -T manifest_«num6».xml ftp://«user»:«pwu»@«host»/inbound/manifests/", "pwu", "manifest_")
S("rsync-password-env", "RSYNC_PASSWORD=«pwa» rsync -av --delete archive/«date»/ rsync://«user»@«host»/edi-archive/«date»/", "pwa", "rsync")
S("vault-kv-put-carrier", "vault kv put secret/tms/carriers/«cslug» api_key=«hex32» account=«num6» env=production", "hex32", "secret/tms/carriers/")
S("gh-secret-set-body", 'gh secret set EASYPOST_API_KEY --body "«t_easypost»" --repo «org»/rate-shopper', "t_easypost", "EASYPOST_API_KEY")
S("heroku-config-set-onfleet", "heroku config:set ONFLEET_API_KEY=«t_onfleet» ROUTE_OPTIMIZER=on -a lastmile-dispatch", "t_onfleet", "lastmile-dispatch")
S("npm-config-set-authtoken", "npm config set //npm.«domain»/:_authToken «t_npm»\nnpm publish --access restricted", "t_npm", "npm publish")
S("pip-install-index-url-creds", "pip install --index-url https://«user»:«pwu»@pypi.«domain»/simple/ wms-sdk==«ver»", "pwu", "wms-sdk")
S("java-d-datasource-password", "java -Dspring.datasource.username=«user» -Dspring.datasource.password=«pw» -jar tms-core-«ver».jar --spring.profiles.active=prod", "pw", "tms-core-")
S("psql-alter-role-password", """psql -h «host» -U postgres -c "ALTER ROLE «user» WITH LOGIN PASSWORD '«pw»';\"""", "pw", "ALTER ROLE")
S("mysql-create-user-identified-by", """mysql -uroot -e "CREATE USER 'scanner_sync'@'10.%' IDENTIFIED BY '«pw»'; GRANT SELECT, INSERT ON «db».* TO 'scanner_sync'@'10.%';\"""", "pw", "scanner_sync")
S("sqlcmd-p-release-wave", """sqlcmd -S «host»,1433 -U «user» -P '«pw»' -d WMS -Q "EXEC dbo.usp_ReleaseWave @WaveId=«num5», @Dock='D-«num3»'\"""", "pw", "usp_ReleaseWave")
S("chpasswd-echo-pipe", "echo '«user»:«pw»' | sudo chpasswd && sudo chage -d 0 «user»", "pw", "chpasswd")
S("nmcli-wifi-connect-password", 'nmcli dev wifi connect "WH-SCANNERS-5G" password "«pw»" ifname wlan0', "pw", "WH-SCANNERS-5G")
S("wpa-passphrase-spaces", "wpa_passphrase \"DOCK-HANDHELD\" '«pwsp»' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf", "pwsp", "DOCK-HANDHELD")
S("adb-broadcast-admin-pin", "adb -s «serial» shell am broadcast -a com.halden.mdm.SET_ADMIN_PIN --es pin «pin» --ez lock_settings true", "pin", "serial")
S("zebra-sgd-setvar-wlan-psk", "printf '! U1 setvar \"wlan.wpa.psk\" \"«pw»\"\\r\\n! U1 do \"device.reset\" \"\"\\r\\n' | nc «ip» 9100", "pw", "wlan.wpa.psk")
S("mosquitto-pub-user-p", """mosquitto_pub -h «host» -p 8883 --cafile ca.pem -u «user» -P '«pw»' -t fleet/«vin»/cmd -m '{"action":"immobilizer_off"}'""", "pw", "mosquitto_pub")
S("kafka-producer-sasl-jaas", """kafka-console-producer --bootstrap-server «host»:9094 --topic tracking-events \\
  --producer-property security.protocol=SASL_SSL --producer-property sasl.mechanism=PLAIN \\
  --producer-property 'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="«user»" password="«pw»";'""", "pw", "tracking-events")
S("rabbitmqctl-add-user", "rabbitmqctl add_user «user» '«pw»' && rabbitmqctl set_permissions -p /edi «user» '.*' '.*' '.*'", "pw", "rabbitmqctl")
S("influx-write-t-flag", "influx write -b tachograph -o fleet -t «t_influx» -f readings_«date».lp", "t_influx", "tachograph")
S("grpcurl-authorization-metadata", "grpcurl -H 'authorization: Bearer «t_samsara»' «host»:443 fleet.v1.Vehicles/ListPositions", "t_samsara", "fleet.v1.Vehicles/ListPositions")
S("terraform-apply-var-flag", "terraform apply -var 'as2_cert_password=«pw»' -target=module.as2_gateway", "pw", "module.as2_gateway")
S("helm-upgrade-set-password", "helm upgrade --install wms ./charts/wms -n wms --set postgresql.auth.password=«pw» --set image.tag=«ver»", "pw", "./charts/wms")
S("ansible-playbook-extra-vars-token", 'ansible-playbook site.yml -l rf_scanners -e "mdm_enroll_token=«alnum40» mdm_group=«wh»"', "alnum40", "site.yml")
S("powershell-securestring-psdrive", r"""$sec = ConvertTo-SecureString '«pw»' -AsPlainText -Force
New-PSDrive -Name L -PSProvider FileSystem -Root \\«host»\labels -Credential (New-Object PSCredential('CORP\«user»', $sec))""", "pw", "New-PSDrive")
S("net-use-drive-mapping", r"net use Z: \\«host»\edi$ /user:CORP\«user» «pw» /persistent:no", "pw", "net use Z:")
S("cmdkey-add-pass", r"cmdkey /add:«host» /user:CORP\«user» /pass:«pw»", "pw", "cmdkey")
S("git-credentials-printf-token", "printf 'https://«user»:%s@git.«domain»\\n' '«t_ghp»' >> ~/.git-credentials", "t_ghp", ".git-credentials")
S("curl-client-credentials-form", "curl -s -X POST https://«host»/oauth2/token -d grant_type=client_credentials -d client_id=«hex16» -d client_secret=«alnum48» -d scope=track", "alnum48", "grant_type=client_credentials")
S("curl-json-login-body", """curl -s https://«host»/api/auth/login -H 'Content-Type: application/json' -d '{"username":"«user»","password":"«pw»","device":"RF-«num4»"}'""", "pw", "/api/auth/login")
S("expect-sftp-send-password", """expect -c 'spawn sftp -P 22 «user»@«host»; expect "assword:"; send "«pwa»\\r"; expect "sftp>"; send "put 214_*.x12 /in\\r"; send "bye\\r"; expect eof'""", "pwa", "spawn sftp")
S("openssl-enc-pass-pass", "openssl enc -aes-256-cbc -pbkdf2 -salt -in customs_export_«date».csv -out customs_export_«date».csv.enc -pass pass:'«pw»'", "pw", "customs_export_")
S("gpg-batch-passphrase", "gpg --batch --pinentry-mode loopback --passphrase '«pwsp»' -d «partner»_remit_«date».edi.gpg > remit_«date».edi", "pwsp", "remit_")
S("zip-p-customs-docs", "zip -P '«pw»' customs_docs_«num6».zip commercial_invoice.pdf packing_list.pdf certificate_of_origin.pdf", "pw", "commercial_invoice.pdf")
S("7z-p-attached-tacho", "7z a -p«pwa» -mhe=on tacho_ddd_«date».7z ./ddd/*.ddd", "pwa", "tacho_ddd_")
S("unzip-p-rate-tables", "unzip -o -P «pwa» carrier_rates_2025_Q«num3».zip -d rates/", "pwa", "carrier_rates_2025_Q")
S("sqlplus-user-slash-password", "sqlplus «user»/«pwa»@//«host»:1521/TMSPRD @purge_old_tenders.sql", "pwa", "purge_old_tenders.sql")
S("aws-ssm-put-parameter-value", "aws ssm put-parameter --name /wms/prod/scanner-api-key --type SecureString --value «alnum40» --overwrite", "alnum40", "/wms/prod/scanner-api-key")
S("curl-u-twilio-sms", "curl -X POST https://sms.«domain»/2010-04-01/Accounts/AC«hex32»/Messages.json --data-urlencode 'Body=Your parcel «ups» is out for delivery' -u AC«hex32»:«t_twilio»", "t_twilio", "out for delivery")
S("mc-alias-set-minio", "mc alias set pod-store https://«host» «up20» «alnum40»\nmc ls pod-store/pod-images/«isodate»/", "alnum40", "pod-store")
S("restic-password-env", "RESTIC_PASSWORD='«pw»' restic -r sftp:backup@«host»:/srv/restic/wms backup /var/lib/wms --tag nightly", "pw", "restic")
S("compose-inline-env-db-password", "DB_PASSWORD=«pw» REDIS_URL=redis://«host»:6379/2 docker compose -f compose.prod.yml up -d wms-api", "pw", "compose.prod.yml")
S("curl-query-apikey-tracking", "curl 'https://«host»/track/v1/status?apikey=«alnum32»&awb=«awb»&lang=en'", "alnum32", "awb=")
S("wscat-token-query", "wscat -c 'wss://«host»/live/vehicles?fleet=«num4»&token=«hex40»'", "hex40", "wscat")
S("sftp-oidentityfile-and-sshpass-f", "echo '«pw»' > /tmp/.vp && sshpass -f /tmp/.vp sftp -oBatchMode=no «user»@«host»:/outbound <<< 'get *.edi'", "pw", "sshpass -f")
S("ssh-keygen-change-passphrase", "ssh-keygen -p -f ~/.ssh/van_id_rsa -P '«pw:old»' -N '«pw»'", "pw", "van_id_rsa")
S("winrm-invoke-command-password", "python -m pywinrm_cli --host «host» --user 'CORP\\«user»' --password '«pw»' --cmd 'Restart-Service LabelSpooler'", "pw", "Restart-Service LabelSpooler")
S("curl-h-cookie-session", "curl 'https://«host»/rf/api/tasks/next?zone=B' -H 'Cookie: JSESSIONID=«hex32:a»; WMS_AUTH=«alnum48»'", "alnum48", "/rf/api/tasks/next")
S("newman-env-var-override", "newman run carrier_contract_tests.json --env-var 'ucs_api_key=«t_ucs»' --env-var base_url=https://«host»", "t_ucs", "carrier_contract_tests.json")
S("psql-conninfo-password-keyword", """psql "host=«host» port=6432 dbname=«db» user=«user» password=«pwa» sslmode=verify-full" -f reconcile_pod.sql""", "pwa", "reconcile_pod.sql")
S("bcp-export-u-p", "bcp \"SELECT * FROM WMS.dbo.Shipments WHERE ShipDate >= '«isodate»'\" queryout shipments.csv -c -t, -S «host» -U «user» -P «pwa»", "pwa", "queryout")


# ================================================================== tool-output
_grp("tool-output")
S("env-grep-carrier-block", """$ env | grep -i ^CARRIER_
CARRIER_ENV=production
CARRIER_API_BASE=https://«host»/v2
CARRIER_ACCOUNT=«num8»
CARRIER_API_SECRET=«alnum40»""", "alnum40", "CARRIER_API_BASE")
S("kubectl-jsonpath-base64-decoded", """$ kubectl -n wms get secret wms-db -o jsonpath='{.data.password}' | base64 -d
«pw»""", "pw", "wms-db")
S("kubectl-get-secret-yaml-data-b64", """$ kubectl -n edi get secret van-mailbox -o yaml
apiVersion: v1
data:
  password: «b64pw»
  username: «b64user»
kind: Secret
metadata:
  name: van-mailbox
  namespace: edi
type: Opaque""", "b64pw", "van-mailbox", pre=lambda d: (d.put("b64pw", _b64s(d("pw"))), d.put("b64user", _b64s(d("user")))))
S("docker-inspect-env-array", """$ docker inspect edi-bridge --format '{{json .Config.Env}}' | jq .
[
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",
  "AS2_LOCAL_ID=«isa_id»",
  "AS2_KEYSTORE_PASSWORD=«pw»",
  "JAVA_OPTS=-Xmx768m"
]""", "pw", "AS2_LOCAL_ID")
S("aws-sts-assume-role-json", """$ aws sts assume-role --role-arn arn:aws:iam::«num12»:role/edi-archive-writer --role-session-name agent
{
    "Credentials": {
        "AccessKeyId": "«asia»",
        "SecretAccessKey": "«awssk»",
        "SessionToken": "IQoJb3JpZ2luX2VjE«b64_48»",
        "Expiration": "«ts»"
    }
}""", "awssk", "edi-archive-writer")
S("git-config-list-remote-token", """$ git config --list --show-origin | grep url
file:.git/config	remote.origin.url=https://«user»:«t_ghp»@git.«domain»/«org»/wms-rf-ui.git""", "t_ghp", "wms-rf-ui.git")
S("heroku-config-database-url", """$ heroku config -a lastmile-dispatch
=== lastmile-dispatch Config Vars
DATABASE_URL:       postgres://«user»:«pwa»@«host»:5432/«db»
MAPS_TILE_STYLE:    streets-v12
ROUTE_OPTIMIZER:    on""", "pwa", "lastmile-dispatch")
S("printenv-single-value", """$ printenv SAMSARA_API_TOKEN
«t_samsara»""", "t_samsara", "printenv SAMSARA_API_TOKEN")
S("vault-kv-get-table", """$ vault kv get secret/edi/van/«partner»
======= Secret Path =======
secret/data/edi/van/«partner»

======= Metadata =======
Key                Value
---                -----
created_time       «ts»
version            4

====== Data ======
Key         Value
---         -----
mailbox     «mbox»
password    «pw»""", "pw", "secret/data/edi/van/")
S("terraform-output-json-sensitive", """$ terraform output -json as2_gateway
{
  "keystore_password": "«pw»",
  "endpoint": "https://«host»/as2/receive",
  "local_as2_id": "«isa_id»"
}""", "pw", "/as2/receive")
S("cat-env-production", """$ cat .env.production
NODE_ENV=production
ROUTE4ME_API_KEY=«t_route4me»
MAP_DEFAULT_CENTER=51.92,4.47
LOG_LEVEL=info""", "t_route4me", "MAP_DEFAULT_CENTER")
S("psql-select-integration-credentials", """wms=> select carrier, account_no, api_user, api_password from integration_credentials where active;
   carrier     | account_no |  api_user   |  api_password
---------------+------------+-------------+-----------------
 «cslug» | «num7»    | «user» | «pw»
(1 row)""", "pw", "integration_credentials")
S("mysql-vertical-row-api-secret", """mysql> SELECT * FROM carrier_accounts WHERE carrier_code='NLP'\\G
*************************** 1. row ***************************
          id: «num3»
carrier_code: NLP
  account_no: «num8»
  api_secret: «alnum32»
   is_active: 1
1 row in set (0.00 sec)""", "alnum32", "carrier_code: NLP")
S("cat-netrc-single-line", """$ cat ~/.netrc
machine «host» login «user» password «pw»""", "pw", "host")
S("docker-compose-config-rendered", """$ docker compose config | sed -n '/tms-worker:/,/image:/p'
  tms-worker:
    environment:
      GEOTAB_DATABASE: «word»_fleet
      GEOTAB_PASSWORD: «pw»
      GEOTAB_USERNAME: «email»
    image: «img»""", "pw", "GEOTAB_DATABASE")
S("helm-get-values-user-supplied", """$ helm get values wms -n wms
USER-SUPPLIED VALUES:
image:
  tag: «ver»
postgresql:
  auth:
    password: «pw»
    username: wms""", "pw", "USER-SUPPLIED VALUES")
S("gcloud-secrets-access-raw", """$ gcloud secrets versions access latest --secret=parcel-api-key --project=«word»-logistics-prod
«alnum32»""", "alnum32", "parcel-api-key")
S("az-keyvault-secret-show-json", """$ az keyvault secret show --vault-name kv-tms-prod --name portbase-client-secret
{
  "attributes": { "enabled": true, "updated": "«ts»" },
  "id": "https://kv-tms-prod.vault.azure.net/secrets/portbase-client-secret/«hex32»",
  "name": "portbase-client-secret",
  "value": "«t_portbase»"
}""", "t_portbase", "kv-tms-prod")
S("aws-secretsmanager-escaped-json", """$ aws secretsmanager get-secret-value --secret-id prod/edi/van-mailbox --query SecretString --output text
{"username":"«user»","password":"«pw»","host":"«host»","port":22}""", "pw", "prod/edi/van-mailbox")
S("curl-verbose-basic-header", """$ curl -v -u «user»:****** https://«host»/edi/status
*   Trying «ip»:443...
* Connected to «host» («ip») port 443
> GET /edi/status HTTP/1.1
> Host: «host»
> Authorization: Basic «bas»
> User-Agent: curl/8.5.0
>
< HTTP/1.1 200 OK""", "bas", "/edi/status", pre=_b64pair("user", "pw", "bas"))
S("curl-verbose-set-cookie", """< HTTP/2 302
< location: /rf/menu
< set-cookie: WMSSESSION=«alnum40»; Path=/rf; Secure; HttpOnly; SameSite=Strict
< x-request-id: «uuid»""", "alnum40", "/rf/menu")
S("token-endpoint-response-access-token", """$ curl -s -X POST https://«host»/oauth/token -d @creds.form | jq .
{
  "access_token": "«jwt»",
  "token_type": "Bearer",
  "expires_in": 3599,
  "scope": "track rate ship"
}""", "jwt", "token_type")
S("token-endpoint-response-refresh-token", """{
  "access_token": "«alnum40:a»",
  "refresh_token": "«alnum64»",
  "expires_in": 7200,
  "token_type": "bearer",
  "created_at": «num10»
}""", "alnum64", "expires_in")
S("kubectl-describe-pod-env-literal", """$ kubectl describe pod tacho-sync-«hex10»-«an5» -n fleet
...
    Environment:
      TACHO_API_URL:       https://«host»/ddd/v2
      TACHO_API_KEY:       «t_tachob»
      TZ:                  Europe/Berlin
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-«an5» (ro)""", "t_tachob", "TACHO_API_URL")
S("ps-aux-java-arg-password", """$ ps aux | grep edi-bridge
edi       2231  3.1  9.8 4021356 798212 ?      Sl   03:14  41:22 /usr/bin/java -Xmx1g -jar /opt/edi-bridge/edi-bridge.jar --as2.keystore.password=«pw» --spring.profiles.active=prod""", "pw", "/opt/edi-bridge/edi-bridge.jar")
S("shell-history-mysql-p", """$ history | tail -4
  510  cd /opt/wms
  511  vim conf/app.properties
  512  mysql -u root -p«pwa» «db»
  513  history | tail -4""", "pwa", "vim conf/app.properties")
S("sqlite3-pipe-separated-row", """$ sqlite3 ~/.config/edi-tool/partners.db 'select * from partners limit 3'
1|«partner»|sftp|«host»|«user»|«pw»|«isodate»
2|northwind|as2|as2.northwind.example|-|-|2024-11-02""", "pw", "partners.db")
S("jq-smtp-password-field", """$ jq '.notifications.smtp' config/prod.json
{
  "host": "smtp.«domain»",
  "port": 587,
  "username": "noreply@«domain»",
  "smtp_password": "«pw»"
}""", "pw", "smtp_password")
S("npm-config-list-authtoken", """$ npm config list
; "user" config from /home/ci/.npmrc
//npm.«domain»/:_authToken = "«t_npm»"
; node bin location = /usr/local/bin/node""", "t_npm", "/home/ci/.npmrc")
S("pip-config-list-index-url", """$ pip config list
global.index-url='https://«user»:«pwu»@nexus.«domain»/repository/pypi-all/simple'
global.timeout='60'""", "pwu", "global.timeout")
S("git-log-p-added-password", """$ git log -p -1 -- config/van.yml
commit «hex40»
Author: «person» <«email»>

    switch VAN mailbox to new host

diff --git a/config/van.yml b/config/van.yml
@@ -3,3 +3,3 @@ van:
-  host: van-old.«domain»
+  host: «host»
   user: «user»
-  password: ${VAN_PASSWORD}
+  password: «pw»""", "pw", "switch VAN mailbox to new host")
S("git-diff-removed-token-line", """$ git diff HEAD~1 -- .env.example
-SHIPSTATION_API_KEY=«hex32:k»
-SHIPSTATION_API_SECRET=«hex32»
+SHIPSTATION_API_KEY=
+SHIPSTATION_API_SECRET=""", "hex32", ".env.example")
S("grep-rn-config-api-key", """$ grep -rn "api_key" config/
config/carriers.yml:14:    api_key: «alnum32»
config/carriers.yml:27:    api_key: ${NORDLYS_API_KEY}""", "alnum32", "config/carriers.yml:14")
S("strings-firmware-wifi-pass", """$ strings -n 8 scanner_fw_«ver».bin | grep -iE 'pass|psk'
wifi_ssid=WH-RF-5G
wifi_pass=«pw»
ota_url=https://«host»/fw/""", "pw", "wifi_ssid=WH-RF-5G")
S("cat-wpa-supplicant-psk", """$ sudo cat /etc/wpa_supplicant/wpa_supplicant.conf
ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev
network={
    ssid="DOCK-RF-«num3»"
    psk="«pw»"
    key_mgmt=WPA-PSK
}""", "pw", "ctrl_interface")
S("mdm-export-csv-admin-pin", """$ head -3 mdm_export_«date».csv
device_name,serial,model,site,admin_pin
RF-«num4»,«serial»,TC52,«wh»,«pin»
RF-«num4:b»,«serial:b»,TC52,«wh»,unset""", "pin", "device_name,serial,model,site,admin_pin")
S("cat-openssh-private-key", """$ cat ~/.ssh/van_ed25519
-----BEGIN OPENSSH PRIVATE KEY-----
«pem_openssh»
-----END OPENSSH PRIVATE KEY-----""", "pem_openssh", "-----BEGIN OPENSSH PRIVATE KEY-----")
S("openssl-pkcs12-info-nodes-key", """$ openssl pkcs12 -in as2_«partner».p12 -nodes -passin env:P12PASS | sed -n '/BEGIN PRIVATE KEY/,/END PRIVATE KEY/p'
-----BEGIN PRIVATE KEY-----
«pem_pkcs8»
-----END PRIVATE KEY-----""", "pem_pkcs8", "-----END PRIVATE KEY-----")
S("python-repl-environ-lookup", """>>> import os
>>> os.environ["FLEET_API_TOKEN"]
'«t_motive»'
>>> len(_)
36""", "t_motive", "FLEET_API_TOKEN")
S("node-repl-process-env", """> process.env.GEOTAB_PASSWORD
'«pw»'
> process.env.GEOTAB_USERNAME
'«email»'""", "pw", "process.env.GEOTAB_PASSWORD")
S("redis-cli-config-get-requirepass", """«ip»:6379> CONFIG GET requirepass
1) "requirepass"
2) "«pw»"
«ip»:6379>""", "pw", "CONFIG GET requirepass")
S("redis-monitor-auth-command", """$ redis-cli -h «host» MONITOR
OK
1718112034.112233 [0 «ip»:51234] "AUTH" "«pw»"
1718112034.113001 [0 «ip»:51234] "HGETALL" "wave:«num6»\"""", "pw", "MONITOR")
S("docker-exec-env-output", """$ docker exec yard-mgr env | sort | head -6
HOME=/root
HOSTNAME=«hex12»
YMS_API_TOKEN=«t_yard»
YMS_GATE_CAMERA_URL=rtsp://«ip»/gate1
YMS_SITE=«wh»""", "t_yard", "YMS_GATE_CAMERA_URL")
S("systemctl-show-environment", """$ systemctl show edi-bridge -p Environment
Environment=AS2_KEYSTORE=/etc/as2/keys.p12 AS2_KEYSTORE_PASS=«pwa» JAVA_OPTS=-Xmx1g""", "pwa", "AS2_KEYSTORE=/etc/as2/keys.p12")
S("proc-environ-tr-nul", """$ sudo cat /proc/$(pgrep -f pod-upload)/environ | tr '\\0' '\\n' | grep -i key
POD_BUCKET=pod-images-prod
POD_STORAGE_KEY=«t_azkey»""", "t_azkey", "POD_BUCKET")
S("cat-aws-credentials-file", """$ cat ~/.aws/credentials
[default]
region = eu-central-1

[edi-archive]
aws_access_key_id = «akid»
aws_secret_access_key = «awssk»""", "awssk", "[edi-archive]")
S("gh-auth-status-show-token", """$ gh auth status -t
github.com
  ✓ Logged in to github.com account «user» (keyring)
  - Active account: true
  - Git operations protocol: https
  - Token: «t_gho»
  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'""", "t_gho", "Token scopes")
S("az-get-access-token-json", """$ az account get-access-token --resource https://«host»
{
  "accessToken": "«jwt»",
  "expiresOn": "«isodate» 14:02:11.000000",
  "subscription": "«uuid»",
  "tokenType": "Bearer"
}""", "jwt", "tokenType")
S("gcloud-print-access-token", """$ gcloud auth print-access-token --impersonate-service-account=customs-sync@«word».iam.gserviceaccount.com
WARNING: This command is using service account impersonation.
«t_ya29»""", "t_ya29", "service account impersonation")
S("vault-token-create-table", """$ vault token create -policy=edi-read -ttl=24h
Key                  Value
---                  -----
token                «t_hvs»
token_accessor       «an10»«hex12»
token_duration       24h
token_renewable      true
token_policies       ["default" "edi-read"]""", "t_hvs", "token_policies")
S("vault-approle-secret-id-output", """$ vault write -f auth/approle/role/edi-bridge/secret-id
Key                   Value
---                   -----
secret_id             «uuid»
secret_id_accessor    «uuid:acc»
secret_id_num_uses    0
secret_id_ttl         0s""", "uuid", "secret_id_accessor")
S("op-item-get-field-password", """$ op item get "VAN mailbox «partner»" --vault Logistics --fields label=password --reveal
«pw»""", "pw", "--vault Logistics")
S("macos-security-find-generic-password", """$ security find-generic-password -s edi-sftp -a «user» -w
«pw»""", "pw", "find-generic-password")
S("pm2-env-output", """$ pm2 env 3
NODE_ENV: production
DISPATCH_PORT: 8088
BRINGG_ACCESS_TOKEN: «t_bringg»
BRINGG_COMPANY_ID: «num5»""", "t_bringg", "DISPATCH_PORT")
S("ansible-debug-var-json", """ok: [wms-app-02] => {
    "carrier_creds": {
        "account": "«num8»",
        "client_id": "«hex16»",
        "client_secret": "«alnum40»"
    }
}""", "alnum40", "wms-app-02")
S("newman-run-request-headers", """→ Create shipment
  POST https://«host»/ship/v1/shipments [201 Created, 1.9kB, 812ms]
  ┌ request headers
  │ x-api-key: «t_kfr»
  │ content-type: application/json
  └""", "t_kfr", "Create shipment")
S("cat-gcp-service-account-json", """$ cat customs-sync-sa.json
{
  "type": "service_account",
  "project_id": "«word»-customs-prod",
  "private_key_id": "«hex40»",
  "private_key": "-----BEGIN PRIVATE KEY-----\\n«pkj»\\n-----END PRIVATE KEY-----\\n",
  "client_email": "customs-sync@«word»-customs-prod.iam.gserviceaccount.com"
}""", "pkj", "service_account", pre=lambda d: d.put("pkj", d("pem_pkcs8").replace("\n", "\\n")))
S("cat-chap-secrets-modem", """$ sudo cat /etc/ppp/chap-secrets
# client        server  secret                  IP addresses
"fleetgw"       *       "«pw»"       *""", "pw", "# client        server")
S("kubectl-get-configmap-leaked-password", """$ kubectl -n yard get cm yard-mgr-config -o yaml | grep -A3 gate
  gate_camera_user: «user»
  gate_camera_password: «pw»
  gate_camera_url: rtsp://«ip»:554/stream1""", "pw", "gate_camera_user")
def _xxd_pre(d):
    pw = d.put("pwx", _rs(_AN, 16))
    hx = pw.encode().hex()
    d.put("hexdump", " ".join(hx[i:i + 4] for i in range(0, 32, 4)) + "  " + pw)


S("xxd-printer-config-ascii-column", """$ xxd -s 0x40 -l 32 printer_cfg.bin
00000040: 7770 615f 7073 6b3d 0000 0000 0000 0000  wpa_psk=........
00000050: «hexdump»""", "pwx", "printer_cfg.bin", pre=_xxd_pre)
S("env-output-windows-set", r"""C:\edi> set VAN
VAN_HOST=«host»
VAN_MAILBOX=«mbox»
VAN_PASSWORD=«pw»""", "pw", "VAN_MAILBOX")
S("powershell-get-childitem-env", """PS C:\\> Get-ChildItem Env: | Where-Object Name -like '*CW1*'

Name                           Value
----                           -----
CW1_EADAPTOR_URL               https://«host»/eAdaptor
CW1_EADAPTOR_PASSWORD          «pw»
CW1_EADAPTOR_USER              «user»""", "pw", "CW1_EADAPTOR_URL")
S("firebase-functions-config-get", """$ firebase functions:config:get
{
  "lastmile": {
    "maps_server_key": "«t_aiza»",
    "region": "europe-west1"
  }
}""", "t_aiza", "europe-west1")
S("dotnet-user-secrets-list", """$ dotnet user-secrets list
Carriers:Kestrel:ClientId = «hex16»
Carriers:Kestrel:ClientSecret = «alnum40»
ConnectionStrings:Wms = Server=localhost;Database=Wms;Trusted_Connection=True""", "alnum40", "Carriers:Kestrel:ClientId")
S("rails-credentials-show", """$ bin/rails credentials:show -e production
aftership:
  api_key: «t_aftership»""", "t_aftership", "aftership:")


# ================================================================== config-file
_grp("config-file")
S("dotenv-carrier-block", """# --- carrier integrations (prod) ---
KESTREL_API_URL=https://«host»/v2
KESTREL_ACCOUNT=«num8»
KESTREL_API_KEY=«t_kfr»
KESTREL_LABEL_FORMAT=ZPL_4x6""", "t_kfr", "KESTREL_LABEL_FORMAT")
S("spring-yaml-datasource", """spring:
  datasource:
    url: jdbc:postgresql://«host»:5432/tms
    username: «user»
    password: «pw»
    hikari:
      maximum-pool-size: 20""", "pw", "jdbc:postgresql://")
S("properties-rabbitmq-password", """# application-prod.properties
spring.rabbitmq.host=«host»
spring.rabbitmq.username=«user»
spring.rabbitmq.password=«pw»
spring.rabbitmq.virtual-host=/edi""", "pw", "spring.rabbitmq.host")
S("toml-carrier-section", """[carriers.nordlys]
base_url = "https://«host»/api"
account = "«num7»"
api_secret = "«t_nlp»"
timeout_s = 20""", "t_nlp", "[carriers.nordlys]")
S("ini-sftp-partner-section", """[sftp:«partner»]
host = «host»
port = 22
user = «user»
pass = «pw»
remote_dir = /outbound/856""", "pw", "remote_dir = /outbound/856")
S("tomcat-context-resource-password", """<Context>
  <Resource name="jdbc/wms" auth="Container" type="javax.sql.DataSource"
            driverClassName="oracle.jdbc.OracleDriver"
            url="jdbc:oracle:thin:@//«host»:1521/WMSPRD"
            username="«user»" password="«pw»" maxTotal="40"/>
</Context>""", "pw", "jdbc/wms")
S("xml-as2-partner-keystore-password", """<as2Partner name="«partner»">
  <as2Id>«isa_id»</as2Id>
  <url>https://«host»/as2</url>
  <signingAlgorithm>SHA256</signingAlgorithm>
  <keystorePassword>«pw»</keystorePassword>
</as2Partner>""", "pw", "signingAlgorithm")
S("tfvars-db-password", """region            = "eu-west-1"
wms_db_instance   = "db.r6g.large"
wms_db_username   = "wms_admin"
wms_db_password   = "«pw»"
""", "pw", "wms_db_instance")
S("appsettings-json-connection-string", """{
  "ConnectionStrings": {
    "Wms": "Server=«host»;Database=WMS;User Id=«user»;Password=«pw»;TrustServerCertificate=True"
  },
  "Logging": { "LogLevel": { "Default": "Warning" } }
}""", "pw", "ConnectionStrings")
S("npmrc-scoped-auth-token", """@halden:registry=https://npm.«domain»/
//npm.«domain»/:_authToken=«t_npm»
always-auth=true""", "t_npm", "always-auth=true")
S("pypirc-token-password", """[distutils]
index-servers = pypi internal

[pypi]
username = __token__
password = «t_pypi»""", "t_pypi", "index-servers")
S("docker-config-json-auths", """{
  "auths": {
    "registry.«domain»": {
      "auth": "«dauth»"
    }
  },
  "credsStore": ""
}""", "dauth", "auths", pre=_b64pair("user", "pwa", "dauth"))
S("netrc-multiline-machine", """machine «host»
  login «user»
  password «pw»

machine api.github.com
  login ci-bot""", "pw", "host")
S("pgpass-multiple-lines", """# hostname:port:database:username:password
«host»:5432:«db»:«user»:«pw»
localhost:5432:*:postgres:*""", "pw", "hostname:port:database:username:password")
S("my-cnf-client-section", """[client]
host=«host»
user=«user»
password="«pw»"
default-character-set=utf8mb4""", "pw", "[client]")
S("odbc-ini-dsn-pwd", """[WMSPROD]
Driver=ODBC Driver 18 for SQL Server
Server=«host»,1433
Database=WMS
UID=«user»
PWD=«pw»
Encrypt=yes""", "pw", "[WMSPROD]")
S("maven-settings-server-password", """<servers>
  <server>
    <id>halden-releases</id>
    <username>«user»</username>
    <password>«pw»</password>
  </server>
</servers>""", "pw", "halden-releases")
S("gradle-properties-artifactory", """org.gradle.jvmargs=-Xmx2g
artifactoryUser=«user»
artifactoryPassword=«pwa»
artifactoryContextUrl=https://«host»/artifactory""", "pwa", "artifactoryContextUrl")
S("nginx-proxy-set-header-basic", """location /edi/ {
    proxy_pass https://«host»/;
    proxy_set_header Authorization "Basic «bas»";
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
}""", "bas", "proxy_pass", pre=_b64pair("user", "pw", "bas"))
S("haproxy-userlist-insecure-password", """userlist stats_users
    user admin insecure-password «pw»

listen stats
    bind *:8404
    stats uri /stats
    stats auth admin:«pw»""", "pw", "listen stats")
S("redis-conf-requirepass", """# redis.conf (route cache)
bind 0.0.0.0
port 6379
requirepass «pw»
maxmemory 2gb""", "pw", "maxmemory 2gb")
S("pgbouncer-userlist", """; /etc/pgbouncer/userlist.txt
"«user»" "«pw»"
"pgbouncer_admin" "md5«hex32»\"""", "pw", "userlist.txt")
S("mosquitto-bridge-remote-password", """connection fleet-cloud
address «host»:8883
topic fleet/# out 1
remote_username «user»
remote_password «pw»
bridge_cafile /etc/mosquitto/ca.crt""", "pw", "connection fleet-cloud")
S("k8s-secret-stringdata", """apiVersion: v1
kind: Secret
metadata:
  name: customs-broker-api
  namespace: customs
type: Opaque
stringData:
  CBX_API_KEY: «t_cbx»
  CBX_ENDPOINT: https://«host»/declarations""", "t_cbx", "customs-broker-api")
S("compose-postgres-password", """services:
  wms-db:
    image: postgres:16
    environment:
      POSTGRES_USER: wms
      POSTGRES_PASSWORD: «pw»
      POSTGRES_DB: «db»""", "pw", "postgres:16")
S("ansible-inventory-become-password", """[rf_gateways]
rfgw-01 ansible_host=«ip» ansible_user=ops ansible_become_password=«pw»
rfgw-02 ansible_host=«ip:b» ansible_user=ops""", "pw", "[rf_gateways]")
S("rclone-conf-obscured-pass", """[pod-archive]
type = sftp
host = «host»
user = «user»
pass = «rclone»
shell_type = unix""", "rclone", "[pod-archive]")
S("rclone-conf-s3-secret", """[tacho-s3]
type = s3
provider = AWS
access_key_id = «akid»
secret_access_key = «awssk»
region = eu-central-1""", "awssk", "[tacho-s3]")
S("s3cfg-secret-key", """[default]
access_key = «akid»
secret_key = «awssk»
host_base = s3.eu-west-1.amazonaws.com
use_https = True""", "awssk", "host_base")
S("logstash-output-es-password", """output {
  elasticsearch {
    hosts => ["https://«host»:9200"]
    user => "logstash_writer"
    password => "«pw»"
    index => "tracking-events-%{+YYYY.MM.dd}"
  }
}""", "pw", "logstash_writer")
S("fluent-bit-http-passwd", """[OUTPUT]
    Name        http
    Match       scanner.*
    Host        «host»
    Port        443
    HTTP_User   «user»
    HTTP_Passwd «pw»
    tls         On""", "pw", "scanner.*")
S("telegraf-influxdb-v2-token", """[[outputs.influxdb_v2]]
  urls = ["https://«host»:8086"]
  token = "«t_influx»"
  organization = "fleet"
  bucket = "reefer-temps\"""", "t_influx", "reefer-temps")
S("grafana-ini-admin-password", """[security]
admin_user = admin
admin_password = «pw»
cookie_secure = true""", "pw", "cookie_secure")
S("prometheus-basic-auth-scrape", """scrape_configs:
  - job_name: label-printers
    scheme: https
    basic_auth:
      username: «user»
      password: «pw»
    static_configs:
      - targets: ['«ip»:9100']""", "pw", "label-printers")
S("alertmanager-slack-api-url", """receivers:
  - name: dock-ops
    slack_configs:
      - api_url: https://hooks.slack.com/services/T«up6»«num3»/B«up6»«num4»/«slackhook»
        channel: '#dock-ops-alerts'""", "slackhook", "#dock-ops-alerts")
S("zebra-provisioning-json-wifi", """{
  "printerModel": "ZT411",
  "site": "«wh»",
  "wlan": { "essid": "WH-PRN", "security": "wpa2-psk", "psk": "«pw»" },
  "labelSize": "4x6"
}""", "pw", "ZT411")
S("mdm-enrollment-json-wifi-password", """{
  "android.app.extra.PROVISIONING_WIFI_SSID": "WH-RF-«num3»",
  "android.app.extra.PROVISIONING_WIFI_SECURITY_TYPE": "WPA",
  "android.app.extra.PROVISIONING_WIFI_PASSWORD": "«pw»",
  "android.app.extra.PROVISIONING_DEVICE_ADMIN_COMPONENT_NAME": "com.halden.mdm/.AdminReceiver"
}""", "pw", "PROVISIONING_WIFI_SSID")
S("scanner-xml-setting-admin-password", """<Settings device="CK65">
  <Setting Name="Wifi.SSID">WH-RF</Setting>
  <Setting Name="Launcher.AdminPassword">«pw»</Setting>
  <Setting Name="Scanner.Symbologies">GS1-128,QR,DataMatrix</Setting>
</Settings>""", "pw", "Launcher.AdminPassword")
S("rf-app-properties-device-secret", """server.url=https://«host»/rf
device.id=RF-«num4»
device.auth.secret=«hex32»
scan.beep=true""", "hex32", "device.id=RF-")
S("openas2-certificates-password", """<openas2>
  <certificates classname="org.openas2.cert.PKCS12CertificateFactory"
      filename="%home%/as2_certs.p12"
      password="«pw»"
      interval="300"/>
  <partnerships classname="org.openas2.partner.XMLPartnershipFactory" filename="%home%/partnerships.xml"/>
</openas2>""", "pw", "PKCS12CertificateFactory")
S("van-mailbox-ini", """; VAN connection for X12 traffic
[van]
provider = drydock
mailbox = «mbox»
password = «pw»
poll_interval = 300""", "pw", "poll_interval = 300")
S("customs-broker-yaml-client-secret", """customs:
  broker: marlowe
  endpoint: https://«host»/cds/v1
  oauth:
    client_id: «hex16»
    client_secret: «alnum40»
  eori: GB«num12»""", "alnum40", "broker: marlowe")
S("wp-config-define-db-password", """define( 'DB_NAME', 'tracking_portal' );
define( 'DB_USER', '«user»' );
define( 'DB_PASSWORD', '«pw»' );
define( 'DB_HOST', '«host»' );""", "pw", "tracking_portal")
S("laravel-env-mail-password", """MAIL_MAILER=smtp
MAIL_HOST=smtp.«domain»
MAIL_PORT=587
MAIL_USERNAME=notifications@«domain»
MAIL_PASSWORD=«pw»
MAIL_ENCRYPTION=tls""", "pw", "MAIL_MAILER=smtp")
S("rails-credentials-yml-decrypted", """# config/credentials/production.yml (decrypted)
shipengine:
  api_key: «t_shipengine»
easypost:
  mode: production""", "t_shipengine", "config/credentials/production.yml")
S("symfony-env-database-url", """###> doctrine/doctrine-bundle ###
DATABASE_URL="mysql://«user»:«pwu»@«host»:3306/returns?serverVersion=8.0&charset=utf8mb4"
###< doctrine/doctrine-bundle ###""", "pwu", "doctrine/doctrine-bundle")
S("systemd-unit-environment-token", """[Service]
User=tms
Environment="TMS_API_TOKEN=«t_p44»"
Environment="TMS_REGION=eu"
ExecStart=/opt/tms-sync/bin/tms-sync --interval 60""", "t_p44", "ExecStart=/opt/tms-sync/bin/tms-sync")
S("crontab-script-password-flag", """# m h  dom mon dow   command
*/15 * * * * /opt/edi/bin/pull_van.sh --mailbox «mbox» --password '«pw»' >> /var/log/edi/pull.log 2>&1
30 2 * * *   /opt/edi/bin/archive.sh""", "pw", "/opt/edi/bin/archive.sh")
S("supervisord-environment-password", """[program:geotab-sync]
command=/opt/fleet/venv/bin/python -m geotab_sync
environment=GEOTAB_DATABASE="«word»fleet",GEOTAB_USER="«email»",GEOTAB_PASSWORD="«pw»"
autorestart=true""", "pw", "[program:geotab-sync]")
S("kafka-client-properties-jaas", """bootstrap.servers=«host»:9094
security.protocol=SASL_SSL
sasl.mechanism=SCRAM-SHA-512
sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="«user»" password="«pw»";""", "pw", "SCRAM-SHA-512")
S("jdbc-sqlserver-url-password-param", "wms.datasource.url=jdbc:sqlserver://«host»:1433;databaseName=WMS;user=«user»;password=«pw»;encrypt=true", "pw", "databaseName=WMS")
S("jdbc-oracle-thin-user-slash-pw", "tms.jdbc.url=jdbc:oracle:thin:«user»/«pwa»@//«host»:1521/TMSPRD", "pwa", "TMSPRD")
S("hibernate-cfg-connection-password", """<hibernate-configuration>
  <session-factory>
    <property name="hibernate.connection.url">jdbc:mysql://«host»/yard</property>
    <property name="hibernate.connection.username">«user»</property>
    <property name="hibernate.connection.password">«pw»</property>
  </session-factory>
</hibernate-configuration>""", "pw", "hibernate.connection.url")
S("appsettings-nested-carrier-apikey", """{
  "Carriers": {
    "Nordlys": { "BaseUrl": "https://«host»", "ApiKey": "«alnum32»" },
    "Polder":  { "BaseUrl": "https://api.polderpost.example", "ApiKey": "" }
  }
}""", "alnum32", "Carriers")
S("web-config-appsettings-add-key", """<appSettings>
  <add key="VanMailboxId" value="«mbox»" />
  <add key="VanMailboxPassword" value="«pw»" />
  <add key="PollSeconds" value="300" />
</appSettings>""", "pw", "VanMailboxId")
S("flyway-conf-password", """flyway.url=jdbc:postgresql://«host»:5432/«db»
flyway.user=«user»
flyway.password=«pw»
flyway.schemas=public,edi""", "pw", "flyway.schemas")
S("liquibase-properties-password", """changeLogFile: db/changelog/master.xml
url: jdbc:postgresql://«host»:5432/dock_schedule
username: «user»
password: «pw»""", "pw", "changeLogFile")
S("keepalived-auth-pass", """vrrp_instance VI_LABELS {
    state MASTER
    interface eth0
    virtual_router_id 51
    authentication {
        auth_type PASS
        auth_pass «pw8»
    }
}""", "pw8", "vrrp_instance", pre=lambda d: d.put("pw8", _rs(_AN, 8)))
S("sip-conf-dispatch-secret", """[dispatch-desk-«num3»]
type=friend
host=dynamic
secret=«pw»
context=dispatch""", "pw", "context=dispatch")
S("openvpn-auth-user-pass-file", """# /etc/openvpn/client/yard-vpn.auth
«user»
«pw»""", "pw", "yard-vpn.auth")
S("ipsec-secrets-psk", """# /etc/ipsec.secrets  (site-to-site to the Rotterdam terminal)
«ip» «ip:b» : PSK "«pw»"
""", "pw", "/etc/ipsec.secrets")
S("samba-credentials-file", """username=«user»
password=«pw»
domain=WAREHOUSE""", "pw", "domain=WAREHOUSE")
S("zabbix-psk-file-with-header", """# /etc/zabbix/zabbix_agent2.psk  (identity: PSK-«wh»)
«hex64»""", "hex64", "/etc/zabbix/zabbix_agent2.psk")
S("hcl-nomad-template-env", """template {
  data        = <<EOH
ONFLEET_API_KEY=«t_onfleet»
DISPATCH_REGION=nl
EOH
  destination = "secrets/app.env"
  env         = true
}""", "t_onfleet", "secrets/app.env")
S("ssh-config-with-proxy-password-comment", """Host van-sftp
    HostName «host»
    User «user»
    Port 2222
    # password for the first login was «pw» (changed? ask Kenji)
    IdentityFile ~/.ssh/van_ed25519""", "pw", "van-sftp")
S("yaml-label-printer-cloud-token", """printing:
  provider: zebra-cloud
  tenant: «wh»
  api_token: «t_zebra»
  default_printer: ZT411-DOCK«num3»""", "t_zebra", "zebra-cloud")
S("yaml-telematics-multi-line-label", """telematics:
  provider: webfleet
  account: «word»-logistics
  username: «user»
  password:
    «pw»
  apikey_ref: vault:secret/fleet/webfleet#apikey""", "pw", "provider: webfleet")
S("yaml-block-scalar-pem", """as2:
  local_id: «isa_id»
  private_key: |
    -----BEGIN RSA PRIVATE KEY-----
    «pemind»
    -----END RSA PRIVATE KEY-----""", "pemind", "local_id", pre=lambda d: d.put("pemind", d("pem_rsa").replace("\n", "\n    ")))
S("ini-portbase-client-credentials", """[portcommunity]
endpoint = https://«host»/pcs/api
client_id = «user»
client_secret = «t_portbase»""", "t_portbase", "[portcommunity]")
S("env-file-quoted-geotab", """GEOTAB_SERVER="my.«domain»"
GEOTAB_DATABASE="«word»_fleet"
GEOTAB_USERNAME="«email»"
GEOTAB_PASSWORD="«pw»\"""", "pw", "GEOTAB_SERVER")
S("xml-edi-translator-ftp-password", """<Channel id="OUT_«partner»" protocol="FTPS">
  <Host>«host»</Host>
  <Port>990</Port>
  <User>«user»</User>
  <Password>«pw»</Password>
  <RemoteDir>/in/810</RemoteDir>
</Channel>""", "pw", "/in/810")


# ================================================================== source-code
_grp("source-code")
S("python-requests-auth-tuple", """def fetch_exceptions(since):
    resp = requests.get(f"{BASE}/shipments", params={"status": "EXCEPTION", "since": since},
                        auth=("«user»", "«pw»"), timeout=30)
    resp.raise_for_status()
    return resp.json()["items"]""", "pw", "fetch_exceptions")
S("python-headers-dict-api-key", """HEADERS = {
    "Accept": "application/json",
    "X-API-Key": "«alnum32»",
    "User-Agent": "halden-rate-shopper/«ver»",
}""", "alnum32", "halden-rate-shopper/")
S("python-psycopg2-connect-kwargs", """conn = psycopg2.connect(
    host="«host»",
    dbname="«db»",
    user="«user»",
    password="«pw»",
    connect_timeout=5,
)""", "pw", "psycopg2.connect")
S("python-boto3-client-static-keys", """s3 = boto3.client(
    "s3",
    region_name="eu-central-1",
    aws_access_key_id="«akid»",
    aws_secret_access_key="«awssk»",
)
s3.upload_file(path, "pod-images-prod", key)""", "awssk", "pod-images-prod")
S("python-module-constant-todo", """# TODO(«first»): move to vault before go-live
SHIPSTATION_API_KEY = "«hex32:k»"
SHIPSTATION_API_SECRET = "«hex32»"
STORE_ID = «num6»""", "hex32", "STORE_ID")
S("python-environ-get-default-leak", """API_KEY = os.environ.get("FLEET_API_KEY", "«t_samsara»")
BASE_URL = os.environ.get("FLEET_API_URL", "https://«host»/v1")""", "t_samsara", "FLEET_API_URL")
S("python-paramiko-connect-password", """ssh = paramiko.SSHClient()
ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
ssh.connect("«host»", port=22, username="«user»", password="«pw»", look_for_keys=False)
sftp = ssh.open_sftp()""", "pw", "AutoAddPolicy")
S("python-ftplib-login", """with ftplib.FTP_TLS("«host»") as ftp:
    ftp.login("«user»", "«pw»")
    ftp.prot_p()
    ftp.cwd("/outbound/214")""", "pw", "/outbound/214")
S("python-zeep-username-token", """from zeep.wsse.username import UsernameToken

client = Client("https://«host»/ncts/ws?wsdl",
                wsse=UsernameToken("«user»", "«pw»"))
resp = client.service.SubmitTransitDeclaration(mrn=mrn, xml=payload)""", "pw", "SubmitTransitDeclaration")
S("python-sqlalchemy-create-engine-url", """engine = create_engine(
    "mssql+pyodbc://«user»:«pwu»@«host»/WMS?driver=ODBC+Driver+18+for+SQL+Server",
    pool_pre_ping=True,
)""", "pwu", "pool_pre_ping")
S("js-fetch-x-api-key", """const res = await fetch(`https://«host»/v2/track/${awb}`, {
  headers: { 'X-Api-Key': '«alnum32»', Accept: 'application/json' },
});""", "alnum32", "/v2/track/")
S("js-axios-basic-auth-object", """const client = axios.create({
  baseURL: 'https://«host»/wms/api',
  auth: { username: '«user»', password: '«pw»' },
  timeout: 15000,
});""", "pw", "/wms/api")
S("ts-exported-const-key", """// rate-shopper/src/config.ts
export const EASYPOST_API_KEY = '«t_easypost»';
export const DEFAULT_PARCEL = { length: 30, width: 20, height: 15, weight: 1200 };""", "t_easypost", "DEFAULT_PARCEL")
S("node-pg-pool-config", """const pool = new Pool({
  host: '«host»',
  database: '«db»',
  user: '«user»',
  password: '«pw»',
  max: 10,
});""", "pw", "new Pool")
S("js-mongoose-connect-uri", """mongoose.connect('mongodb://«user»:«pwu»@«host»:27017/lastmile?authSource=admin', {
  serverSelectionTimeoutMS: 5000,
});""", "pwu", "serverSelectionTimeoutMS")
S("java-drivermanager-getconnection", """try (Connection c = DriverManager.getConnection(
        "jdbc:postgresql://«host»:5432/yard", "«user»", "«pw»")) {
    yardRepo.refreshSlots(c, LocalDate.now());
}""", "pw", "refreshSlots")
S("java-value-annotation-default", """@Value("${carrier.nordlys.secret:«alnum32»}")
private String nordlysSecret;""", "alnum32", "carrier.nordlys.secret")
S("java-static-final-password", """public final class VanClient {
    private static final String VAN_HOST = "«host»";
    private static final String VAN_USER = "«user»";
    private static final String VAN_PASSWORD = "«pw»";""", "pw", "VanClient")
S("kotlin-okhttp-credentials-basic", """val request = Request.Builder()
    .url("https://«host»/api/v1/routes/today")
    .header("Authorization", Credentials.basic("«user»", "«pw»"))
    .build()""", "pw", "/api/v1/routes/today")
S("csharp-connection-string-literal", """var cs = "Server=«host»;Database=Customs;User Id=«user»;Password=«pw»;Encrypt=True;";
using var conn = new SqlConnection(cs);""", "pw", "SqlConnection")
S("csharp-networkcredential", """var handler = new HttpClientHandler
{
    Credentials = new NetworkCredential("«user»", "«pw»", "CORP")
};""", "pw", "HttpClientHandler")
S("go-struct-literal-apikey", """cfg := carrier.Config{
	BaseURL: "https://«host»/v3",
	APIKey:  "«t_freightos»",
	Timeout: 20 * time.Second,
}""", "t_freightos", "carrier.Config")
S("go-sql-open-mysql-dsn", """db, err := sql.Open("mysql", "«user»:«pw»@tcp(«host»:3306)/wms?parseTime=true")
if err != nil {
	log.Fatal(err)
}""", "pw", "parseTime=true")
S("rust-const-str-token", """const TELEMATICS_URL: &str = "https://«host»/v2/positions";
const TELEMATICS_TOKEN: &str = "«t_tive»";""", "t_tive", "TELEMATICS_URL")
S("ruby-net-http-basic-auth", """req = Net::HTTP::Get.new(URI("https://«host»/edi/inbox"))
req.basic_auth "«user»", "«pw»"
res = Net::HTTP.start(req.uri.host, 443, use_ssl: true) { |h| h.request(req) }""", "pw", "/edi/inbox")
S("php-pdo-constructor", """$pdo = new PDO('mysql:host=«host»;dbname=returns;charset=utf8mb4', '«user»', '«pw»', [
    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
]);""", "pw", "dbname=returns")
S("php-curl-userpwd", """curl_setopt($ch, CURLOPT_URL, "https://«host»/api/labels");
curl_setopt($ch, CURLOPT_USERPWD, "«user»:«pw»");
curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);""", "pw", "CURLOPT_RETURNTRANSFER")
S("bash-script-vars", """#!/usr/bin/env bash
set -euo pipefail
VAN_HOST="«host»"
VAN_USER="«user»"
VAN_PASS="«pw»"
sshpass -p "$VAN_PASS" sftp -oBatchMode=no "$VAN_USER@$VAN_HOST" <<< 'mget /out/*.edi'""", "pw", "set -euo pipefail")
S("powershell-script-plain-password", """$User = "CORP\\«user»"
$Pass = ConvertTo-SecureString "«pw»" -AsPlainText -Force
$Cred = New-Object System.Management.Automation.PSCredential($User, $Pass)
Invoke-Command -ComputerName «host» -Credential $Cred -ScriptBlock { Restart-Service ZebraSpooler }""", "pw", "Restart-Service ZebraSpooler")
S("sql-insert-carrier-credentials", """INSERT INTO carrier_credentials (carrier_code, account_no, api_key, created_by)
VALUES ('KFR', '«num8»', '«t_kfr»', 'migration_0042');""", "t_kfr", "migration_0042")
S("sql-create-login-with-password", """CREATE LOGIN edi_loader WITH PASSWORD = '«pw»', CHECK_POLICY = OFF;
CREATE USER edi_loader FOR LOGIN edi_loader;
ALTER ROLE db_datawriter ADD MEMBER edi_loader;""", "pw", "db_datawriter")
S("swift-static-let-apikey", """enum DriverAPI {
    static let baseURL = URL(string: "https://«host»/driver/v1")!
    static let apiKey = "«t_lmd»"
}""", "t_lmd", "DriverAPI")
S("gradle-buildconfigfield-maps-key", """defaultConfig {
    applicationId "com.larkspur.driver"
    buildConfigField "String", "MAPS_API_KEY", "\\"«t_aiza»\\""
}""", "t_aiza", "com.larkspur.driver")
S("dart-const-onfleet-key", """// lib/env.dart
const onfleetApiKey = '«t_onfleet»';
const dispatchBaseUrl = 'https://«host»';""", "t_onfleet", "lib/env.dart")
S("pytest-fixture-client-token", """@pytest.fixture
def shippo_client():
    return ShippoClient(api_token="«t_shippo»", timeout=10)""", "t_shippo", "shippo_client")
S("js-jwt-sign-literal-secret", """const token = jwt.sign({ driverId, routeId }, '«pw»', { expiresIn: '12h' });""", "pw", "driverId")
S("flask-secret-key-config", """app = Flask(__name__)
app.config["SECRET_KEY"] = "«hex48»"
app.config["SESSION_COOKIE_SECURE"] = True""", "hex48", "SESSION_COOKIE_SECURE")
S("django-settings-secret-key", """# settings/production.py
SECRET_KEY = '«django»'
DEBUG = False
ALLOWED_HOSTS = ['portal.«domain»']""", "django", "ALLOWED_HOSTS")
S("python-webhook-secret-bytes", """WEBHOOK_SECRET = b"«t_whsec»"

def verify(sig_header, body):
    return stripe.Webhook.construct_event(body, sig_header, WEBHOOK_SECRET)""", "t_whsec", "construct_event")
S("go-http-header-set-bearer", """req, _ := http.NewRequest("GET", "https://«host»/api/v1/vehicles", nil)
req.Header.Set("Authorization", "Bearer «t_webfleet»")""", "t_webfleet", "/api/v1/vehicles")
S("c-define-firmware-credentials", """/* tracker_fw/config.h */
#define MQTT_HOST  "«host»"
#define MQTT_USER  "trk-«num6»"
#define MQTT_PASS  "«pw»"
#define GPS_INTERVAL_S 30""", "pw", "GPS_INTERVAL_S")
S("arduino-const-char-wifi", """const char* ssid     = "REEFER-MON";
const char* password = "«pw»";
const char* mqttHost = "«host»";""", "pw", "REEFER-MON")
S("lua-openresty-local-key", """local api_key = "«t_descartes»"
ngx.req.set_header("X-Descartes-Key", api_key)""", "t_descartes", "ngx.req.set_header")
S("perl-dbi-connect", """my $dbh = DBI->connect("dbi:Pg:dbname=edi_archive;host=«host»", "«user»", "«pw»",
                       { RaiseError => 1, AutoCommit => 0 });""", "pw", "RaiseError")
S("scala-val-password", """val vanUser = "«user»"
val vanPassword = "«pw»"
val session = VanSession.open(host = "«host»", vanUser, vanPassword)""", "pw", "VanSession.open")
S("elixir-repo-config", """config :tms, Tms.Repo,
  username: "«user»",
  password: "«pw»",
  hostname: "«host»",
  pool_size: 15""", "pw", "Tms.Repo")
S("jupyter-cell-json-source", """{
 "cell_type": "code",
 "source": [
  "client = P44Client(client_id=\\"«hex16»\\", client_secret=\\"«t_p44»\\")\\n",
  "df = client.shipments(since=\\"«isodate»\\")"
 ]
}""", "t_p44", "cell_type")
S("vba-adodb-connection-string", """Set conn = CreateObject("ADODB.Connection")
conn.Open "Provider=SQLOLEDB;Data Source=«host»;Initial Catalog=Customs;User ID=«user»;Password=«pw»;"
Set rs = conn.Execute("SELECT * FROM Declarations WHERE Status='HELD'")""", "pw", "ADODB.Connection")
S("abap-hardcoded-password", """DATA: lv_user     TYPE string VALUE '«user»',
      lv_password TYPE string VALUE '«pw»'.
CALL METHOD lo_http_client->authenticate
  EXPORTING username = lv_user password = lv_password.""", "pw", "lo_http_client")
S("python-smtplib-login", """with smtplib.SMTP("smtp.«domain»", 587) as server:
    server.starttls()
    server.login("dispatch@«domain»", "«pw»")
    server.send_message(msg)""", "pw", "starttls")
S("nodemailer-transport-auth", """const transporter = nodemailer.createTransport({
  host: 'smtp.«domain»',
  port: 465,
  secure: true,
  auth: { user: 'pod-notify@«domain»', pass: '«pw»' },
});""", "pw", "createTransport")
S("csharp-apim-subscription-header", """client.DefaultRequestHeaders.Add("Ocp-Apim-Subscription-Key", "«hex32»");
var resp = await client.GetAsync($"track/v1/shipments/{trackingNumber}");""", "hex32", "Ocp-Apim-Subscription-Key")
S("java-keystore-load-password", """KeyStore ks = KeyStore.getInstance("PKCS12");
try (InputStream in = Files.newInputStream(Path.of("/etc/as2/as2_gw.p12"))) {
    ks.load(in, "«pw»".toCharArray());
}""", "pw", "/etc/as2/as2_gw.p12")
S("python-pysftp-connection", """with pysftp.Connection("«host»", username="«user»", password="«pw»", cnopts=cnopts) as sftp:
    sftp.put(local_path, f"/in/{os.path.basename(local_path)}")""", "pw", "cnopts=cnopts")
S("go-aws-static-credentials", """sess := session.Must(session.NewSession(&aws.Config{
	Region:      aws.String("eu-west-1"),
	Credentials: credentials.NewStaticCredentials("«akid»", "«awssk»", ""),
}))""", "awssk", "NewStaticCredentials")
S("python-redis-password-kwarg", """cache = redis.Redis(host="«host»", port=6380, password="«pw»", ssl=True, db=3)""", "pw", "ssl=True")
S("python-basic-header-constant", """HEADERS = {"Authorization": "Basic «bas»", "Content-Type": "application/edi-x12"}""", "bas", "application/edi-x12", pre=_b64pair("user", "pw", "bas"))
S("js-websocket-token-query", """const ws = new WebSocket(`wss://«host»/live/positions?token=«hex40»&fleet=${fleetId}`);""", "hex40", "/live/positions")
S("python-docstring-example-real-key", '''class Tracker:
    """Thin wrapper over the AfterShip-style tracking API.

    Example:
        >>> t = Tracker(api_key="«t_aftership»")
        >>> t.get("«ups»")
    """''', "t_aftership", "class Tracker")
S("ts-nullish-fallback-password", """const as2Pass = process.env.AS2_KEYSTORE_PASS ?? '«pw»';""", "pw", "AS2_KEYSTORE_PASS")
S("java-jsch-setpassword", """Session session = jsch.getSession("«user»", "«host»", 22);
session.setPassword("«pw»");
session.setConfig("StrictHostKeyChecking", "no");""", "pw", "StrictHostKeyChecking")
S("python-dict-literal-creds-map", """CARRIER_CREDS = {
    "KFR": {"account": "«num8»", "key": "«t_kfr»"},
    "NLP": {"account": "«num8:b»", "key": os.getenv("NLP_KEY")},
}""", "t_kfr", "CARRIER_CREDS")
S("kotlin-companion-object-secret", """companion object {
    private const val PORTAL_CLIENT_ID = "«hex16»"
    private const val PORTAL_CLIENT_SECRET = "«alnum40»"
}""", "alnum40", "companion object")
S("python-fstring-url-with-password", """url = f"amqp://«user»:«pwu»@«host»:5672/edi"
conn = pika.BlockingConnection(pika.URLParameters(url))""", "pwu", "pika.BlockingConnection")
S("csharp-geotab-api-ctor", """var api = new API("«email»", "«pw»", null, "«word»_fleet", "my.«domain»");
await api.AuthenticateAsync();""", "pw", "AuthenticateAsync")
S("r-script-dbconnect", """con <- DBI::dbConnect(RPostgres::Postgres(), host = "«host»", dbname = "«db»",
                      user = "«user»", password = "«pw»")""", "pw", "RPostgres::Postgres()")


# ========================================================== stack-trace-or-log
_grp("stack-trace-or-log")


def _isa_pre(d):
    d.put("isa_s", (d("isa_id") + " " * 15)[:15])
    d.put("isa_r", (d("isa_id:r") + " " * 15)[:15])
    d.put("isa_ctl", "%09d" % _R.randint(1, 999999999))


def _smtp_plain(d):
    d.put("plain", _b64s("\0" + d("email") + "\0" + d("pw")))


S("python-traceback-psycopg2-dsn-line", """Traceback (most recent call last):
  File "/opt/tms/sync/dock_slots.py", line 41, in <module>
    conn = psycopg2.connect("host=«host» dbname=«db» user=«user» password=«pw»")
  File "/opt/tms/venv/lib/python3.11/site-packages/psycopg2/__init__.py", line 122, in connect
    conn = _connect(dsn, connection_factory=connection_factory, **kwasync)
psycopg2.OperationalError: connection to server at "«host»" («ip»), port 5432 failed: timeout expired""", "pw", "psycopg2.OperationalError")
S("java-stacktrace-jdbc-url-message", """«logts» ERROR [main] o.s.boot.SpringApplication - Application run failed
org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'dataSource': Cannot connect to jdbc:mysql://«host»:3306/yard?user=«user»&password=«pwu»&useSSL=true
	at org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.initializeBean(AbstractAutowireCapableBeanFactory.java:1786)
	at org.springframework.beans.factory.support.AbstractBeanFactory.doGetBean(AbstractBeanFactory.java:330)
Caused by: java.sql.SQLNonTransientConnectionException: Could not create connection to database server.""", "pwu", "BeanCreationException")
S("nginx-access-log-apikey-query", """«ip» - - [«isodate»:08:14:22 +0000] "GET /api/track?apikey=«alnum32»&awb=«awb» HTTP/1.1" 200 1432 "-" "okhttp/4.12.0\"""", "alnum32", "okhttp/4.12.0")
S("apache-log-rf-login-get-password", """«ip» - - [«isodate»:05:51:03 +0100] "GET /rf/login.asp?user=«user»&password=«pw»&term=RF«num4» HTTP/1.0" 302 0 "-" "Mozilla/4.0 (compatible; MSIE 6.0; Windows CE)\"""", "pw", "/rf/login.asp")
S("python-http-client-debug-send", """send: b'GET /v1/loads/LD-«num6» HTTP/1.1\\r\\nHost: «host»\\r\\nAuthorization: Bearer «jwt»\\r\\nAccept: */*\\r\\n\\r\\n'
reply: 'HTTP/1.1 200 OK\\r\\n'""", "jwt", "reply: 'HTTP/1.1 200 OK")
S("urllib3-debug-access-token-query", """DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): «host»:443
DEBUG:urllib3.connectionpool:https://«host»:443 "GET /v1/vehicles/locations?access_token=«hex40»&limit=500 HTTP/1.1" 200 None""", "hex40", "urllib3.connectionpool")
S("json-log-login-body-password", """{"level":"info","ts":"«ts»","msg":"login attempt","path":"/api/auth/login","body":{"username":"«user»","password":"«pw»","device":"RF-«num4»"}}""", "pw", "login attempt")
S("python-dict-repr-startup-config", """«logts» INFO edi_bridge.main: starting with config {'van_host': '«host»', 'van_user': '«user»', 'van_password': '«pw»', 'poll_seconds': 300}""", "pw", "edi_bridge.main")
S("spring-log-datasource-url-password", """«logts»  INFO 1 --- [           main] c.h.tms.config.DataSourceConfig          : Configured datasource jdbc:postgresql://«host»:5432/tms?user=«user»&password=«pwu»""", "pwu", "DataSourceConfig")
S("node-mongo-server-selection-error", """MongoServerSelectionError: connect ETIMEDOUT «ip»:27017
    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38)
    at listOnTimeout (node:internal/timers:573:17) {
  uri: 'mongodb://«user»:«pwu»@«host»:27017/lastmile?authSource=admin',
  reason: TopologyDescription { type: 'Unknown' }
}""", "pwu", "MongoServerSelectionError")
S("go-log-fatal-dsn", """«isodate» 03:12:09 failed to open db "«user»:«pw»@tcp(«host»:3306)/wms?parseTime=true": dial tcp «ip»:3306: connect: connection refused
exit status 1""", "pw", "connection refused")
S("syslog-cron-cmd-password", """«isodate»T02:15:01.412+00:00 edi-01 CRON[22831]: (edi) CMD (/opt/edi/pull.sh --mailbox «mbox» -p «pwa» >> /var/log/edi/pull.log 2>&1)""", "pwa", "CRON[22831]")
S("as2-server-keystore-log", """«logts» INFO  [as2-receiver] c.h.as2.KeystoreLoader - Loaded keystore /etc/as2/keys.p12 (alias=«partner», password=«pw»)""", "pw", "KeystoreLoader")
S("edi-translator-isa-security-info", """«logts» DEBUG x12.Envelope - outbound interchange:
ISA*00*          *01*«edipw»*ZZ*«isa_s»*ZZ*«isa_r»*«date»*1204*U*00401*«isa_ctl»*0*P*>~
GS*SH*«isa_id»*«isa_id:r»*20«date»*1204*«num4»*X*004010~""", "edipw", "outbound interchange", pre=_isa_pre)
S("edifact-unb-password-log", """«logts» INFO edifact.Writer - UNB+UNOC:3+«isa_id»:ZZ+«isa_id:r»:ZZ+«date»:0930+«num8»+«pwa»:AA++IFTMIN'""", "pwa", "edifact.Writer")
S("carrier-client-debug-headers-dict", """«logts» DEBUG carrier.kestrel.client >>> POST https://«host»/ship/v1/shipments
«logts» DEBUG carrier.kestrel.client >>> headers={'Authorization': 'Bearer «t_kfr»', 'x-customer-transaction-id': '«uuid»'}""", "t_kfr", "x-customer-transaction-id")
S("webhook-secret-loaded-log", """«logts» INFO webhooks: registered endpoint /hooks/carrier-events, signing secret «t_whsec» (rotate quarterly)""", "t_whsec", "/hooks/carrier-events")
S("celery-task-args-password", """[«logts»: INFO/MainProcess] Task tms.tasks.sync_geotab[«uuid»] received: args=('«word»_fleet', '«email»', '«pw»') kwargs={}""", "pw", "tms.tasks.sync_geotab")
S("android-logcat-rf-login-token", """«isodate» 06:02:17.331  2231  2290 D ScannerAuth: login ok user=«user» site=«wh» token=«hex32»""", "hex32", "ScannerAuth")
S("android-logcat-mdm-enroll-token", """«isodate» 06:00:02.114  1187  1187 I EnrollService: enrolling device «serial» with token «alnum40»""", "alnum40", "EnrollService")
S("telematics-gateway-mqtt-connect", """«ts» gw[811]: MQTT CONNECT client_id=trk-«num6» user=«user» pass=«pw» keepalive=60 clean=1""", "pw", "MQTT CONNECT")
S("tacho-download-service-log", """[«logts»] [DDD] company card auth ok, remote download session for «vin», api_key=«t_tachob»""", "t_tachob", "remote download session")
S("buildkit-log-npmrc-echo", """#8 [build 4/9] RUN echo "//npm.«domain»/:_authToken=«t_npm»" > .npmrc && npm ci
#8 0.412 npm WARN deprecated inflight@1.0.6
#8 DONE 38.2s""", "t_npm", "npm WARN deprecated")
S("squid-access-log-ftp-creds", """«num10».123    842 «ip» TCP_MISS/226 5120 GET ftp://«user»:«pwu»@«host»/outbound/214_«date».x12 - HIER_DIRECT/«ip:b» text/plain""", "pwu", "TCP_MISS/226")
S("php-pdo-stack-trace-args", """PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user '«user»'@'«ip»' (using password: YES) in /var/www/returns/src/Db.php:14
Stack trace:
#0 /var/www/returns/src/Db.php(14): PDO->__construct('mysql:host=«host»...', '«user»', '«pw»', Array)
#1 /var/www/returns/public/index.php(9): Db::connect()
#2 {main}""", "pw", "Access denied for user")
S("rails-log-unfiltered-param", """Started POST "/carrier_accounts" for «ip» at «isodate» 10:02:11 +0000
Processing by CarrierAccountsController#create as JSON
  Parameters: {"carrier_account"=>{"carrier"=>"NLP", "account_no"=>"«num8»", "api_token"=>"«t_nlp»"}}""", "t_nlp", "CarrierAccountsController#create")
S("dotnet-sqlexception-connection-string", """System.Data.SqlClient.SqlException (0x80131904): Login failed for user '«user»'.
   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)
ClientConnectionId:«uuid»
Error Number:18456,State:1,Class:14
ConnectionString: Server=«host»;Database=WMS;User Id=«user»;Password=«pw»;""", "pw", "Login failed for user")
S("airflow-task-log-sftp-uri", """[«logts»] {logging_mixin.py:188} INFO - resolved connection van_sftp -> sftp://«user»:«pwu»@«host»:22
[«logts»] {sftp.py:112} INFO - 12 files in /outbound""", "pwu", "logging_mixin.py")
S("kafka-connect-config-dump-unmasked", """[«logts»] INFO JdbcSourceConnectorConfig values:
	connection.url = jdbc:postgresql://«host»:5432/tracking_events
	connection.user = «user»
	connection.password = «pw»
	mode = timestamp+incrementing""", "pw", "JdbcSourceConnectorConfig")
S("postgres-log-statement-alter-user", """«isodate» 11:40:02.118 UTC [4121] postgres@wms LOG:  statement: ALTER USER edi_loader PASSWORD '«pw»';""", "pw", "ALTER USER edi_loader")
S("mysql-general-log-set-password", """«ts»	   23 Query	SET PASSWORD FOR 'label_svc'@'%' = '«pw»'""", "pw", "SET PASSWORD FOR")
S("requests-connectionerror-url-apikey", """requests.exceptions.ConnectionError: HTTPSConnectionPool(host='«host»', port=443): Max retries exceeded with url: /v2/track?api_key=«t_ucs»&ref=«ups» (Caused by NewConnectionError('Failed to establish a new connection: [Errno 111] Connection refused'))""", "t_ucs", "Max retries exceeded")
S("java-illegal-argument-key-echo", """java.lang.IllegalArgumentException: carrier rejected credentials (key=«t_freightos», account=«num7»)
	at com.halden.rates.FreightosClient.quote(FreightosClient.java:88)""", "t_freightos", "FreightosClient.java:88")
S("go-log-client-secret-printed", """«isodate» 09:14:55 rates: using oauth client_id=«hex16» client_secret=«alnum48» token_url=https://«host»/oauth2/token""", "alnum48", "token_url=")
S("bash-xtrace-curl-u", """+ curl -sf -u edi:«pw» https://«host»/edi/ack -T 997_«num6».x12
+ echo 'ack uploaded'
ack uploaded""", "pw", "ack uploaded")
S("bash-xtrace-export-password", """+ export GEOTAB_PASSWORD=«pw»
+ GEOTAB_PASSWORD=«pw»
+ python -m geotab_sync --since «isodate»""", "pw", "geotab_sync")
S("lambda-log-event-headers", """START RequestId: «uuid» Version: $LATEST
«ts»	«uuid»	INFO	event: {"path":"/label","headers":{"x-api-key":"«alnum40»","content-type":"application/json"}}
END RequestId: «uuid»""", "alnum40", "START RequestId")
S("otel-span-azure-sas-url", """span name=blob.upload kind=client http.url=https://«acct».blob.core.windows.net/pod-images/«isodate»/POD_«num6».jpg?sv=2022-11-02&ss=b&srt=o&sp=rwc&se=«isodate»T23:59:59Z&spr=https&sig=«sassig» http.status_code=201""", "sassig", "blob.upload")
S("log-s3-presigned-url-signature", """«logts» INFO label-svc: label ready at https://labels-prod.s3.eu-west-1.amazonaws.com/«date»/«ups».pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«akid»%2F«date»%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=«date»T101500Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=«hex64»""", "hex64", "label ready at")
S("log-gcs-signed-url-signature", """«logts» DEBUG customs-docs: signed url https://storage.googleapis.com/customs-docs-prod/MRN«num12».pdf?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=customs-sync%40«word».iam.gserviceaccount.com%2F«date»%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=«date»T080000Z&X-Goog-Expires=3600&X-Goog-SignedHeaders=host&X-Goog-Signature=«gsig»""", "gsig", "customs-docs-prod", pre=lambda d: d.put("gsig", _hex(512)))
S("log-cloudfront-signed-url", """«logts» INFO pod-portal: redirect to https://pod.«domain»/«isodate»/POD_«num6».jpg?Expires=«num10»&Signature=«cfsig»&Key-Pair-Id=K«up16»""", "cfsig", "pod-portal", pre=lambda d: d.put("cfsig", _rs(_AN + "-~", 172) + "__"))
S("wms-log-plaintext-rf-password", """«logts» WARN rf.session - user «user» logged in from RF-«num4» with password «pw» (legacy auth path)""", "pw", "legacy auth path")
S("van-connector-log-credentials", """«logts» INFO van.Connector - connecting to mailbox «mbox» at «host»:5022 as «user» / «pw»""", "pw", "van.Connector")
S("ftp-client-transcript-pass", """Connected to «host».
220 Drydock VAN FTP ready
---> USER «user»
331 Password required for «user».
---> PASS «pw»
230 User «user» logged in.
---> CWD /outbound""", "pw", "220 Drydock VAN FTP ready")
S("smtp-debug-auth-plain", """send: 'ehlo dispatch-01\\r\\n'
reply: b'250-AUTH PLAIN LOGIN\\r\\n'
send: 'AUTH PLAIN «plain»\\r\\n'
reply: b'235 2.7.0 Authentication successful\\r\\n'""", "plain", "Authentication successful", pre=_smtp_plain)
S("imap-debug-login", """  10:02.11 > b'MMLK1 LOGIN «email» "«pw»"'
  10:02.31 < b'MMLK1 OK LOGIN completed'""", "pw", "LOGIN completed")
S("hibernate-trace-binding-parameter", """«logts» TRACE o.h.type.descriptor.sql.BasicBinder - binding parameter [1] as [VARCHAR] - [«user»]
«logts» TRACE o.h.type.descriptor.sql.BasicBinder - binding parameter [2] as [VARCHAR] - [«pw»]""", "pw", "BasicBinder")
S("sqlalchemy-echo-insert-params", """INFO sqlalchemy.engine.Engine INSERT INTO carrier_account (code, account_no, api_secret) VALUES (%(code)s, %(account_no)s, %(api_secret)s)
INFO sqlalchemy.engine.Engine [generated in 0.00031s] {'code': 'AMB', 'account_no': '«num8»', 'api_secret': '«alnum32»'}""", "alnum32", "sqlalchemy.engine.Engine")
S("gunicorn-access-log-cookie", """«ip» - - [«isodate»:13:01:44 +0000] "GET /portal/shipments HTTP/1.1" 200 18231 "-" "Mozilla/5.0" cookie="portal_session=«alnum48»; lang=de\"""", "alnum48", "/portal/shipments")
S("iis-log-cs-uri-query-token", """#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip sc-status
«isodate» 07:12:40 «ip» GET /CustomsApi/declarations token=«hex40»&status=HELD 443 - «ip:b» 200""", "hex40", "/CustomsApi/declarations")
S("tf-log-provider-http-request", """«ts» [DEBUG] provider.terraform-provider-datadog: HTTP Request: GET /api/v1/validate HTTP/1.1
Host: api.datadoghq.eu
Dd-Api-Key: «t_dd»
User-Agent: terraform-provider-datadog/«ver»""", "t_dd", "terraform-provider-datadog")
S("rf-terminal-session-capture", """[RF-«num4» «hhmm»] LOGIN: «user»
[RF-«num4» «hhmm»] PASSWORD: «pw»
[RF-«num4» «hhmm»] MENU> 1 RECEIVING  2 PUTAWAY  3 PICKING""", "pw", "1 RECEIVING")
S("driver-app-crash-report-auth-token", """{"app":"driver","ver":"«ver»","exception":"java.net.SocketTimeoutException","device":"«serial»","session":{"driverId":"D«num5»","authToken":"«jwt»"}}""", "jwt", "SocketTimeoutException")
S("sentry-event-request-headers", """"request": {
  "url": "https://«host»/api/rates",
  "method": "POST",
  "headers": [["Content-Type", "application/json"], ["X-Api-Key", "«t_ucs»"]]
}""", "t_ucs", "/api/rates")
S("log-basic-auth-header-logged", """«logts» DEBUG http.outgoing - PUT https://«host»/as2/out/«partner» headers: Authorization=Basic «bas», AS2-Version=1.2""", "bas", "AS2-Version=1.2", pre=_b64pair("user", "pw", "bas"))
S("journald-unit-start-env-echo", """«isodate»T04:00:01+0000 yard-01 yard-mgr[1412]: env YMS_GATE_CAMERA_PASSWORD=«pw» YMS_SITE=«wh»""", "pw", "yard-mgr[1412]")
S("k8s-pod-log-panic-with-token", """panic: route-optimizer: upstream 401 for token «t_route4me»

goroutine 1 [running]:
main.mustAuth(...)
	/src/cmd/optimizer/main.go:57 +0x1c5""", "t_route4me", "goroutine 1 [running]")
S("wms-audit-log-password-change-plain", """«ts» AUDIT user=«user» action=PASSWORD_RESET target=«user:t» new_password=«pw» source=admin-console""", "pw", "action=PASSWORD_RESET")
S("python-logging-repr-settings-object", """«logts» DEBUG customs.settings Settings(broker='marlowe', endpoint='https://«host»/cds', client_id='«hex16»', client_secret='«alnum40»', eori='GB«num12»')""", "alnum40", "customs.settings")
S("portcall-integration-log-pcs-token", """«logts» INFO pcs.portcall - submitting ETA for IMO «num7» to port community, bearer=«t_portbase»""", "t_portbase", "pcs.portcall")
S("windows-task-scheduler-event-args", """Log Name: Microsoft-Windows-TaskScheduler/Operational
Event ID: 129
Task Scheduler launched "\\EDI\\PullVan" task, command line: "C:\\edi\\vanpull.exe /mailbox «mbox» /password «pw» /out D:\\edi\\in\"""", "pw", "Microsoft-Windows-TaskScheduler/Operational")
S("ansible-verbose-module-args", """ok: [wms-db-01] => {"changed": false, "invocation": {"module_args": {"login_host": "«host»", "login_user": "postgres", "login_password": "«pw»", "name": "«db»"}}}""", "pw", "module_args")
S("haproxy-log-captured-authorization", """«isodate»T12:01:44 lb-01 haproxy[913]: «ip»:51522 [«isodate»:12:01:44.120] fe_api be_rates/rates-02 0/0/1/38/39 200 812 - - ---- 12/12/0/0/0 0/0 {Bearer «t_p44»} "POST /rates/quote HTTP/1.1\"""", "t_p44", "be_rates/rates-02")
S("traefik-json-access-log-header", """{"ClientHost":"«ip»","RequestMethod":"POST","RequestPath":"/v1/pod","DownstreamStatus":201,"request_X-Api-Key":"«t_lmd»","time":"«ts»"}""", "t_lmd", "RequestPath")
S("python-redis-connectionerror-url", """redis.exceptions.ConnectionError: Error 111 connecting to redis://:«pwu»@«host»:6379/0. Connection refused.""", "pwu", "redis.exceptions.ConnectionError")


# ================================================================= note-or-chat
_grp("note-or-chat")
S("slack-thread-handover-password", """«first» [«hhmm»]: @«first:b» handover for night shift: VAN mailbox pw is «pw» , user is «user». rotate after peak pls""", "pw", "handover for night shift")
S("teams-german-printer-password", """«first»: Hi «first:b», das Passwort für den Zebra-Drucker im Lager Hamburg ist «pw» – bitte nicht weitergeben.""", "pw", "Zebra-Drucker")
S("chat-french-forwarder-portal", """Salut «first:b», pour le portail du transitaire : identifiant «user», mot de passe «pw». Je le change lundi.""", "pw", "portail du transitaire")
S("chat-spanish-customs-sftp", """Oye, la contraseña del SFTP de aduanas es «pw» (usuario «user»). No la pongas en el ticket porfa.""", "pw", "SFTP de aduanas")
S("chat-portuguese-carrier-panel", """A senha do painel da transportadora é «pw» e o login é «email». Qualquer coisa me chama.""", "pw", "painel da transportadora")
S("chat-dutch-port-portal", """Wachtwoord voor het havenportaal (account «user»): «pw» — graag na de release wijzigen.""", "pw", "havenportaal")
S("chat-polish-scanner-password", """Hasło do skanerów w magazynie B: «pw». Login: «user».""", "pw", "magazynie B")
S("chat-italian-wms-password", """Ciao «first», la password del gestionale di magazzino è «pw», utente «user». Cambiala al primo accesso.""", "pw", "gestionale di magazzino")
S("chat-japanese-wms-admin", """倉庫のWMS管理者パスワードは «pw» です。明日変更します。（ユーザー: «user»）""", "pw", "WMS管理者パスワード")
S("chat-chinese-customs-account", """报关系统的账号是 «user»，密码 «pw»，别外传。""", "pw", "报关系统")
S("chat-korean-scanner-admin", """물류센터 스캐너 관리자 비밀번호: «pw» (내일 변경 예정)""", "pw", "물류센터 스캐너")
S("chat-russian-carrier-cabinet", """Пароль от личного кабинета перевозчика: «pw», логин «email».""", "pw", "личного кабинета перевозчика")
S("chat-turkish-customs-portal", """Gümrük portalı şifresi «pw», kullanıcı adı «user». Lütfen kimseyle paylaşma.""", "pw", "Gümrük portalı")
S("chat-swedish-tms-password", """Lösenordet till TMS:et är «pw» – användare «user».""", "pw", "TMS:et")
S("chat-vietnamese-shipping-line", """Mật khẩu tài khoản hãng tàu: «pw» (user «user»)""", "pw", "hãng tàu")
S("chat-indonesian-fleet-dashboard", """Kata sandi dashboard armada: «pw», username «user». Jangan disebar ya.""", "pw", "dashboard armada")
S("chat-arabic-customs-clearance", """كلمة المرور لنظام التخليص الجمركي: «pw» واسم المستخدم «user»""", "pw", "التخليص الجمركي")
S("chat-hindi-warehouse-server", """वेयरहाउस सर्वर का पासवर्ड «pw» है, यूज़र «user»""", "pw", "वेयरहाउस सर्वर")
S("chat-greek-port-portal", """Ο κωδικός για το portal του λιμανιού είναι «pw» (χρήστης «user»)""", "pw", "portal του λιμανιού")
S("chat-czech-tacho-portal", """Heslo k tachografovému portálu: «pw», uživatel «user».""", "pw", "tachografovému portálu")
S("chat-finnish-transport-portal", """Kuljetusportaalin salasana on «pw» ja tunnus «user».""", "pw", "Kuljetusportaalin")
S("chat-danish-label-printer", """Adgangskoden til labelprinteren på lager 3 er «pw»""", "pw", "labelprinteren")
S("chat-norwegian-api-secret", """Hemmeligheten til frakt-API-et er «alnum40», ligger ikke i vault ennå.""", "alnum40", "frakt-API-et")
S("agent-note-sandbox-creds-readme", """NOTE: carrier sandbox creds are in README.md of rate-shopper: key «t_easypost_test», account «num8». They work against the test endpoint only.""", "t_easypost_test", "rate-shopper")
S("agent-goal-401-with-key", """Goal: fix the 401 from the rate API. The key in .env.local («alnum32») looks like a sandbox key; prod should come from vault path secret/tms/rates.""", "alnum32", "Goal: fix the 401")
S("decision-log-shared-service-account", """Decision («isodate»): keep using the shared svc account «user» (pw «pw») on the WMS until SSO lands in Q3. Owner: «person».""", "pw", "until SSO lands")
S("email-new-edi-mailbox", """From: onboarding@drydock-edi.net
Subject: Your new EDI mailbox

Dear «person»,
your VAN mailbox has been created.
  Mailbox ID: «mbox»
  Password:   «pw»
Please change the password at first login.""", "pw", "Your new EDI mailbox")
S("jira-comment-customer-login-repro", """«person» commented on WMS-«num4»:
Customer gave us their 3PL portal login for the repro: «email» / «pw» — please delete this comment once done.""", "pw", "3PL portal login")
S("whatsapp-dispatcher-van-login", """[«hhmm», «isodate»] Dispatcher «first»: app login for the new van (plate «up6») is driver«num3» / «pw»""", "pw", "app login for the new van")
S("meeting-notes-p12-passphrase", """## Weekly EDI sync
- «first» shared the staging AS2 p12 passphrase: «pwsp»
- next: swap certs with «partner» before «isodate»""", "pwsp", "Weekly EDI sync")
S("markdown-handover-table", """| System | User | Password | Notes |
|---|---|---|---|
| WMS RF | «user» | «pw» | shared by night shift |
| Yard cams | viewer | (ask security) | |""", "pw", "WMS RF")
S("sticky-note-transcription", """(photo of sticker on print server, dock 4) admin / «pw» — written in marker, clearly still valid""", "pw", "print server, dock 4")
S("agent-scratchpad-tried-password", """tried «pw» from the wiki page 'Label printers', still 403 -> probably rotated; asking «first» in #wh-it""", "pw", "Label printers")
S("chat-creds-colon-pair", """creds: «user»:«pw» (old tacho portal, still used for the monthly export)""", "pw", "old tacho portal")
S("chat-pw-arrow-abbreviation", """pw for the yard mgmt kiosk → «pw»""", "pw", "yard mgmt kiosk")
S("chat-pass-label-short", """pass: «pw»   (scanner wifi, building C)""", "pw", "building C")
S("chat-no-label-from-context", """Login worked with «user» and «pw» (the one from «first»'s email), the dock schedule export is running now.""", "pw", "dock schedule export")
S("chat-emoji-key-wifi", """🔑 «pw» (RF wifi, dock 3) — don't post in #general""", "pw", "RF wifi, dock 3")
S("chat-typo-label-passwrod", """passwrod for customs sandbox is «pw» fyi""", "pw", "customs sandbox")
S("irc-log-password-reply", """<«first»> what's the pw for the label server again?
<«first:b»> «pw»
<«first»> ty""", "pw", "label server")
S("pr-review-comment-leaked-password", """«first» reviewed src/telematics/geotab.py:
> nit: you committed the real Geotab password here ("«pw»"), please rotate it and read it from env instead.""", "pw", "src/telematics/geotab.py")
S("runbook-print-server-admin", """### Label queue stuck
1. RDP to «host»
2. Log in as local admin (pw: «pw»)
3. Restart the "Zebra Spooler" service""", "pw", "Label queue stuck")
S("incident-timeline-rotated-secret", """14:02 rotated ShipStation secret; new one is «hex32» (will move to 1Password after the incident)
14:05 label printing recovered at «wh»""", "hex32", "label printing recovered")
S("agent-todo-replace-hardcoded-token", """- [ ] replace hardcoded token «t_samsara» in jobs/sync_vehicles.py with env lookup
- [x] bump telematics client to «ver»""", "t_samsara", "jobs/sync_vehicles.py")
S("chat-gpg-passphrase-quoted", """the gpg passphrase for the customs exports is "«pwsp»" (same as last year, yes I know)""", "pwsp", "customs exports")
S("slack-paste-env-block", """«first»: here's what I have locally, copy it:
```
TIVE_API_URL=https://«host»
TIVE_API_KEY=«t_tive»
```""", "t_tive", "TIVE_API_URL")
S("chat-spanglish-tracking-token", """el token del API de tracking es «t_aftership», lo saqué del portal ayer""", "t_aftership", "API de tracking")
S("teams-user-at-host-password", """can you check «user»@«host»? password is «pw», it's the box that runs the 214 export""", "pw", "214 export")
S("ticket-german-zugangsdaten-block", """Zugangsdaten Spediteursportal:
Benutzer: «user»
Kennwort: «pw»
Bitte nach dem Test ändern.""", "pw", "Spediteursportal")
S("chat-guest-wifi-psk-note", """Visitor drivers use WIFI «word»-GUEST, key «pw», it's on the board at gate 2""", "pw", "gate 2")
S("chat-key-safe-code", """Schlüsseltresor am Tor 3, Code «pin», bitte nach Schichtende wieder verstellen.""", "pin", "Schlüsseltresor")
S("chat-yard-gate-code", """gate code for the overflow yard is «pin» (changes monthly)""", "pin", "overflow yard")
S("agent-summary-hardcoded-sftp", """Summary: the failing job used the hardcoded SFTP password «pw» in edi/pull.py; I moved it to the VAN_SFTP_PASSWORD env var and opened a ticket to rotate it.""", "pw", "edi/pull.py")
S("wechat-driver-test-account", """司机App测试账号 driver_test / «pw» ，正式环境不要用""", "pw", "司机App测试账号")
S("chat-thai-password", """รหัสผ่านระบบคลังสินค้า: «pw»""", "pw", "ระบบคลังสินค้า")
S("chat-hebrew-customs-password", """הסיסמה למערכת המכס היא «pw»""", "pw", "למערכת המכס")
S("chat-romanian-customs-portal", """Parola pentru portalul vamal este «pw», utilizator «user».""", "pw", "portalul vamal")
S("chat-hungarian-password", """A raktárrendszer jelszava: «pw»""", "pw", "raktárrendszer")
S("chat-tagalog-dispatch-password", """Ang password ng dispatch app ay «pw», username «user».""", "pw", "dispatch app")
S("chat-ukrainian-tms-password", """Пароль до TMS: «pw», логін «user»""", "pw", "Пароль до TMS")
S("chat-swahili-warehouse-password", """Nenosiri la mfumo wa ghala ni «pw» (mtumiaji «user»)""", "pw", "mfumo wa ghala")
S("voice-note-transcript-password", """[voice note, auto-transcribed] ...so for the tachograph download the login is the fleet account and the password is «pw» okay talk later""", "pw", "tachograph download")
S("agent-running-note-api-secret-found", """Running notes:
* found Portbase-style client secret in old docker-compose.override.yml: «t_portbase»
* that file is gitignored but was copied to the shared drive""", "t_portbase", "docker-compose.override.yml")
S("chat-multiline-label-next-line", """«first»: ok the cargo portal creds
«first»: user «email»
«first»: pass
«first»: «pw»""", "pw", "cargo portal creds")
S("email-forwarded-3pl-onboarding", """---------- Forwarded message ---------
From: «person» <«email»>
Subject: API access for «partner»

Hi team, your production API key is «t_ucs». The sandbox key will follow separately.""", "t_ucs", "API access for")
S("chat-signal-geotab-login", """geotab: db «word»_fleet / «email» / «pw»""", "pw", "geotab: db")
S("standup-note-creds-inline", """standup: «first» blocked on customs broker API — their support sent client secret «alnum48» by email, need to vault it""", "alnum48", "customs broker API")
S("chat-creds-in-parentheses", """try the cold-store WMS (creds «user» / «pw») if the main one is down""", "pw", "cold-store WMS")


# ================================================================ ci-and-deploy
_grp("ci-and-deploy")
S("github-actions-env-hardcoded-token", """jobs:
  label-smoke:
    runs-on: ubuntu-latest
    env:
      SHIPPO_API_TOKEN: «t_shippo»
      LABEL_FORMAT: ZPLII
    steps:
      - uses: actions/checkout@v4""", "t_shippo", "label-smoke")
S("gitlab-ci-variables-hardcoded", """variables:
  POSTGRES_DB: «db»
  POSTGRES_USER: wms
  POSTGRES_PASSWORD: "«pw»"
  DATABASE_URL: "postgres://wms:${POSTGRES_PASSWORD}@postgres:5432/«db»\"""", "pw", "POSTGRES_DB")
S("jenkinsfile-environment-block", """pipeline {
  agent { label 'edi' }
  environment {
    VAN_HOST = '«host»'
    VAN_PASS = '«pw»'
  }
  stages { stage('Pull') { steps { sh './pull_van.sh' } } }
}""", "pw", "agent { label 'edi' }")
S("circleci-environment-key", """jobs:
  deploy-dispatch:
    docker:
      - image: cimg/node:20.11
    environment:
      ONFLEET_API_KEY: «t_onfleet»
    steps:
      - checkout""", "t_onfleet", "deploy-dispatch")
S("azure-pipelines-variables-plain", """variables:
  buildConfiguration: 'Release'
  customsApiSecret: '«alnum40»'
steps:
- script: dotnet test --configuration $(buildConfiguration)""", "alnum40", "buildConfiguration")
S("bitbucket-pipelines-docker-login", """pipelines:
  branches:
    main:
      - step:
          script:
            - docker login -u «user» -p «pwa» registry.«domain»
            - docker push registry.«domain»/yard-mgr:$BITBUCKET_COMMIT""", "pwa", "BITBUCKET_COMMIT")
S("dockerfile-env-api-key", """FROM python:3.12-slim
WORKDIR /app
ENV CARRIER_API_KEY=«alnum32» \\
    CARRIER_ENV=production
COPY . .
CMD ["python", "-m", "rate_shopper"]""", "alnum32", "rate_shopper")
S("dockerfile-arg-npm-token-default", """FROM node:20-alpine AS build
ARG NPM_TOKEN=«t_npm»
RUN echo "//npm.«domain»/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci && rm .npmrc""", "t_npm", "node:20-alpine")
S("docker-build-arg-index-url", """docker build \\
  --build-arg PIP_EXTRA_INDEX_URL=https://«user»:«pwu»@nexus.«domain»/repository/pypi/simple \\
  -t «img» .""", "pwu", "docker build")
S("k8s-deployment-env-value-literal", """      containers:
        - name: tacho-sync
          image: «img»
          env:
            - name: TACHO_DB_PASSWORD
              value: "«pw»"
            - name: TACHO_REGION
              value: eu""", "pw", "TACHO_REGION")
S("helm-values-prod-yaml", """# values-prod.yaml
replicaCount: 3
externalDatabase:
  host: «host»
  user: wms
  password: «pw»
ingress:
  host: wms.«domain»""", "pw", "externalDatabase")
S("terraform-aws-db-instance-password", """resource "aws_db_instance" "tms" {
  identifier          = "tms-prod"
  engine              = "postgres"
  instance_class      = "db.r6g.xlarge"
  username            = "tms_admin"
  password            = "«pw»"
  skip_final_snapshot = false
}""", "pw", "aws_db_instance")
S("terraform-provider-datadog-api-key", """provider "datadog" {
  api_key = "«t_dd»"
  app_key = var.datadog_app_key
  api_url = "https://api.datadoghq.eu/"
}""", "t_dd", "var.datadog_app_key")
S("pulumi-stack-config-plaintext", """config:
  aws:region: eu-west-1
  tms:geotabUser: «email»
  tms:geotabPassword: «pw»
  tms:dbPassword:
    secure: v1:«b64_16»:«b64_32»""", "pw", "aws:region")
S("ansible-group-vars-plaintext", """# group_vars/edi.yml
van_mailbox: «mbox»
van_password: "«pw»"
as2_local_id: «isa_id»""", "pw", "group_vars/edi.yml")
S("argocd-app-helm-parameter", """spec:
  source:
    helm:
      parameters:
        - name: carrier.apiSecret
          value: «t_nlp»
        - name: image.tag
          value: «ver»""", "t_nlp", "carrier.apiSecret")
S("github-actions-step-curl-token", """      - name: Notify dispatch
        run: |
          curl -sf -X POST https://«host»/hooks/deploy \\
            -H "Authorization: token «t_ghs»" \\
            -d '{"service":"lastmile","sha":"${{ github.sha }}"}'""", "t_ghs", "Notify dispatch")
S("travis-env-global", """language: python
env:
  global:
    - EASYPOST_API_KEY=«t_easypost»
    - LABEL_DPI=203
script: pytest -q""", "t_easypost", "LABEL_DPI=203")
S("drone-yml-environment", """kind: pipeline
name: edi-maps
steps:
  - name: test
    image: golang:1.22
    environment:
      AS2_TEST_P12_PASS: «pw»
    commands: [go test ./...]""", "pw", "edi-maps")
S("serverless-yml-environment", """provider:
  name: aws
  runtime: nodejs20.x
  environment:
    LABEL_BUCKET: labels-prod
    UCS_API_KEY: «t_ucs»""", "t_ucs", "labels-prod")
S("compose-prod-env-mixed", """services:
  edi-bridge:
    image: «img»
    environment:
      - VAN_MAILBOX=«mbox»
      - VAN_PASSWORD=«pw»
      - AS2_KEYSTORE=/run/secrets/as2.p12""", "pw", "/run/secrets/as2.p12")
S("ecs-task-definition-environment", """"containerDefinitions": [{
  "name": "rate-shopper",
  "image": "«img»",
  "environment": [
    {"name": "FREIGHTOS_API_KEY", "value": "«t_freightos»"},
    {"name": "LOG_LEVEL", "value": "info"}
  ]
}]""", "t_freightos", "containerDefinitions")
S("cloud-init-chpasswd-list", """#cloud-config
hostname: rfgw-«num3»
chpasswd:
  list: |
    ops:«pw»
  expire: false
ssh_pwauth: true""", "pw", "#cloud-config")
S("packer-variables-default", """variable "winrm_password" {
  type    = string
  default = "«pw»"
}
source "amazon-ebs" "label-print-server" { communicator = "winrm" }""", "pw", "label-print-server")
S("kustomize-secret-generator-literals", """secretGenerator:
  - name: yard-mgr-secrets
    literals:
      - GATE_CAMERA_PASSWORD=«pw»
      - YMS_SITE=«wh»""", "pw", "secretGenerator")
S("gae-app-yaml-env-variables", """runtime: python312
env_variables:
  CUSTOMS_CLIENT_ID: "«hex16»"
  CUSTOMS_CLIENT_SECRET: "«alnum40»"
  EORI: "GB«num12»\"""", "alnum40", "runtime: python312")
S("netlify-toml-build-environment", """[build.environment]
  NODE_VERSION = "20"
  MAPBOX_SECRET_TOKEN = "«t_mapbox»"
""", "t_mapbox", "[build.environment]")
S("github-actions-log-unmasked-transform", """Run echo "token prefix check: $(echo $TOKEN | rev)"
token prefix check: «revtok»
##[warning]Secret value was transformed; masking does not apply""", "revtok", "token prefix check", pre=lambda d: d.put("revtok", d("t_glpat")[::-1]))
S("deploy-sh-sshpass-rollout", """#!/bin/sh
# deploy.sh - roll label-svc to print servers
for h in prn-01 prn-02 prn-03; do
  sshpass -p '«pw»' ssh deploy@$h.«domain» 'sudo systemctl restart label-svc'
done""", "pw", "roll label-svc to print servers")
S("capistrano-deploy-rb-password", """set :application, "returns-portal"
set :repo_url, "git@git.«domain»:«org»/returns-portal.git"
set :ssh_options, { user: "deploy", password: "«pw»", auth_methods: %w(password) }""", "pw", "returns-portal")
S("fabfile-env-password", """from fabric import Connection

c = Connection("«host»", user="deploy", connect_kwargs={"password": "«pw»"})
c.sudo("systemctl restart tms-worker")""", "pw", "tms-worker")
S("teamcity-param-plain-value", """<parameters>
  <param name="env.AS2_PASS" value="«pw»" />
  <param name="env.AS2_PARTNER" value="«partner»" />
</parameters>""", "pw", "env.AS2_PARTNER")
S("makefile-deploy-curl-u", """deploy-labels:
\tcurl -fsS -u admin:«pw» -T build/label-templates.zip https://«host»/api/templates/upload
\t@echo uploaded""", "pw", "deploy-labels:")
S("helmfile-set-values", """releases:
  - name: yard-mgr
    chart: charts/yard-mgr
    set:
      - name: camera.password
        value: «pw»""", "pw", "charts/yard-mgr")
S("github-actions-docker-login-hardcoded", """      - uses: docker/login-action@v3
        with:
          registry: registry.«domain»
          username: ci-bot
          password: «t_dckr»""", "t_dckr", "docker/login-action@v3")
S("gitlab-ci-echo-token-password-stdin", """deploy:
  stage: deploy
  script:
    - echo "«t_glpat»" | docker login -u gitlab-ci-token --password-stdin registry.«domain»
    - docker push registry.«domain»/edi-bridge:$CI_COMMIT_SHORT_SHA""", "t_glpat", "CI_COMMIT_SHORT_SHA")
S("jenkins-job-password-parameter-default", """<hudson.model.PasswordParameterDefinition>
  <name>VAN_PASSWORD</name>
  <defaultValue>«pw»</defaultValue>
</hudson.model.PasswordParameterDefinition>""", "pw", "PasswordParameterDefinition")
S("nomad-job-env-stanza", """task "route-optimizer" {
  driver = "docker"
  env {
    ROUTE4ME_API_KEY = "«t_route4me»"
    REGION           = "nl"
  }
}""", "t_route4me", "route-optimizer")
S("msdeploy-dest-password", """msdeploy.exe -verb:sync -source:package=CustomsPortal.zip -dest:auto,computerName="https://«host»:8172/msdeploy.axd?site=customs",userName="«user»",password="«pw»",authType="Basic" -allowUntrusted""", "pw", "CustomsPortal.zip")
S("argocd-repo-secret-password", """apiVersion: v1
kind: Secret
metadata:
  name: repo-edi-maps
  labels: { argocd.argoproj.io/secret-type: repository }
stringData:
  url: https://git.«domain»/«org»/edi-maps.git
  username: argocd
  password: «t_glpat»""", "t_glpat", "repo-edi-maps")
S("netlify-deploy-auth-flag", """netlify deploy --prod --dir=dist --site «uuid» --auth «t_netlify»""", "t_netlify", "--dir=dist")
S("flyctl-deploy-inline-token", """FLY_API_TOKEN=«t_fly» flyctl deploy --app larkspur-tracking --remote-only""", "t_fly", "larkspur-tracking")
S("sentry-cli-inline-auth-token", """SENTRY_AUTH_TOKEN=«t_sntryu» sentry-cli releases new -p driver-app «ver»""", "t_sntryu", "driver-app")
S("buildspec-env-variables-plain", """version: 0.2
env:
  variables:
    VAN_MAILBOX: «mbox»
    VAN_PASSWORD: «pw»
phases:
  build:
    commands: [make edi-test]""", "pw", "make edi-test")
S("cloudbuild-substitutions-password", """substitutions:
  _REGION: europe-west4
  _DB_PASS: '«pw»'
steps:
- name: gcr.io/cloud-builders/gcloud
  args: ['run', 'deploy', 'customs-api', '--set-env-vars=DB_PASS=${_DB_PASS}']""", "pw", "customs-api")
S("azure-cli-inline-sas-token", """- task: AzureCLI@2
  inputs:
    inlineScript: |
      az storage blob upload-batch -d pod-images -s ./out --account-name «acct» --sas-token "sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=«isodate»T00:00:00Z&sig=«sassig»\"""", "sassig", "upload-batch")
S("github-actions-services-postgres-password", """    services:
      postgres:
        image: postgres:16
        env:
          POSTGRES_PASSWORD: «pw»
        ports: ['5432:5432']""", "pw", "services:")
S("flyway-ci-password-flag", """  - flyway -url=jdbc:postgresql://«host»:5432/«db» -user=«user» -password=«pw» -locations=filesystem:sql migrate""", "pw", "filesystem:sql migrate")
S("sonar-scanner-login-token", """sonar-scanner -Dsonar.projectKey=wms-rf-ui -Dsonar.host.url=https://sonar.«domain» -Dsonar.login=«t_squ»""", "t_squ", "wms-rf-ui")
S("twine-upload-u-p", """twine upload --repository-url https://pypi.«domain»/ -u __token__ -p «t_pypi» dist/*""", "t_pypi", "dist/*")
S("gem-push-host-api-key", """GEM_HOST_API_KEY=«t_rubygems» gem push edi_x12-«ver».gem""", "t_rubygems", "gem push")
S("dotnet-nuget-push-k", """dotnet nuget push Halden.Carriers.«ver».nupkg -k «t_nuget» -s https://api.nuget.org/v3/index.json""", "t_nuget", "dotnet nuget push")
S("mvn-deploy-repo-password", """mvn -B deploy -DskipTests -Drepo.username=ci -Drepo.password=«pw» -DaltDeploymentRepository=halden::https://«host»/maven""", "pw", "-DskipTests")
S("gradle-publish-p-nexus-password", """./gradlew publish -PnexusUsername=ci -PnexusPassword=«pwa» --no-daemon""", "pwa", "./gradlew publish")
S("codecov-upload-t-uuid", """codecov -t «uuid» -F unit -f coverage.xml""", "uuid", "coverage.xml")
S("renovate-hostrules-password", """{
  "hostRules": [
    { "matchHost": "npm.«domain»", "username": "renovate", "password": "«pw»" }
  ]
}""", "pw", "hostRules")
S("buildkite-agent-token-env", """# /etc/buildkite-agent/buildkite-agent.cfg
token="«hex48»"
name="label-builder-%spawn"
tags="queue=labels\"""", "hex48", "buildkite-agent.cfg")
S("github-runner-config-registration-token", """./config.sh --url https://github.com/«org» --token «t_ghrunner» --labels self-hosted,edi --unattended""", "t_ghrunner", "self-hosted,edi")
S("gitlab-runner-register-token", """gitlab-runner register --non-interactive --url https://gitlab.«domain» --token «t_glrt» --executor docker --docker-image alpine:3.20""", "t_glrt", "gitlab-runner register")
S("terraform-backend-azurerm-access-key", """terraform {
  backend "azurerm" {
    storage_account_name = "«acct»"
    container_name       = "tfstate"
    key                  = "tms.tfstate"
    access_key           = "«t_azkey»"
  }
}""", "t_azkey", "tms.tfstate")
S("kubeconfig-user-token", """users:
- name: ci-deployer
  user:
    token: «jwt»
contexts:
- context: { cluster: wms-prod, user: ci-deployer }""", "jwt", "ci-deployer")
S("kubeconfig-client-key-data", """users:
- name: edi-admin
  user:
    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t«b64_24»
    client-key-data: «kdata»""", "kdata", "edi-admin", pre=lambda d: d.put("kdata", "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQo" + _rs(_B64, 200) + "="))
S("release-notes-draft-with-key", """## Deploy checklist v«ver»
- [x] migrate dock_schedule
- [x] set FOURKITES_API_KEY=«t_fourkites» on prod workers
- [ ] smoke test ETA webhook""", "t_fourkites", "Deploy checklist")
S("octopus-variable-json-plain", """{ "Name": "Portbase.ClientSecret", "Value": "«t_portbase»", "Type": "String", "IsSensitive": false }""", "t_portbase", "Portbase.ClientSecret")
S("ci-script-curl-basic-upload-mapping", """  script:
    - curl --fail -u edi-ci:«pwa» -F file=@maps/850_to_idoc.xsl https://«host»/api/maps""", "pwa", "850_to_idoc.xsl")


# ================================================================= vendor-token
_grp("vendor-token")
S("github-classic-pat", """GITHUB_TOKEN=«t_ghp»  # used by the edi-maps sync bot""", "t_ghp", "edi-maps sync bot")
S("github-fine-grained-pat", """gh auth login --with-token <<< '«t_ghpat»'""", "t_ghpat", "gh auth login")
S("github-app-installation-token", """installation token for halden-ci app (expires in 1h): «t_ghs»""", "t_ghs", "halden-ci app")
S("github-user-to-server-token", """{"access_token":"«t_ghu»","expires_in":28800,"refresh_token":"«t_ghr»","token_type":"bearer"}""", "t_ghu", "token_type")
S("gitlab-personal-access-token", """curl --header "PRIVATE-TOKEN: «t_glpat»" "https://gitlab.«domain»/api/v4/projects/«num3»/pipelines?ref=main\"""", "t_glpat", "PRIVATE-TOKEN")
S("gitlab-deploy-token", """git clone https://gitlab+deploy-token-«num5»:«t_gldt»@gitlab.«domain»/«org»/label-templates.git""", "t_gldt", "label-templates.git")
S("slack-bot-token", """SLACK_BOT_TOKEN=«t_xoxb»
SLACK_CHANNEL=#dock-ops-alerts""", "t_xoxb", "SLACK_CHANNEL")
S("slack-user-token", """slack_user_token: «t_xoxp»   # legacy, posts as «first»""", "t_xoxp", "slack_user_token")
S("slack-app-level-token", """SOCKET_MODE_APP_TOKEN=«t_xapp»""", "t_xapp", "SOCKET_MODE_APP_TOKEN")
S("slack-incoming-webhook-path", """webhook: https://hooks.slack.com/services/T«up6»AB/B«up6»«num3»/«slackhook»""", "slackhook", "hooks.slack.com/services/T")
S("stripe-live-secret-key", """STRIPE_SECRET_KEY=«t_sklive»   # COD / cash-on-delivery settlement""", "t_sklive", "cash-on-delivery settlement")
S("stripe-restricted-key", """billing-sync uses restricted key «t_rklive» (read:charges only)""", "t_rklive", "billing-sync")
S("sendgrid-api-key", """SENDGRID_API_KEY='«t_sg»'  # delivery notification emails""", "t_sg", "delivery notification emails")
S("twilio-auth-token-pair", """TWILIO_ACCOUNT_SID=AC«hex32»
TWILIO_AUTH_TOKEN=«t_twilio»""", "t_twilio", "TWILIO_ACCOUNT_SID")
S("npm-automation-token", """NPM_TOKEN=«t_npm» npm publish --tag next""", "t_npm", "npm publish --tag next")
S("pypi-api-token", """export TWINE_PASSWORD=«t_pypi»
export TWINE_USERNAME=__token__""", "t_pypi", "TWINE_USERNAME")
S("google-api-key-maps", """<meta-data android:name="com.google.android.geo.API_KEY" android:value="«t_aiza»"/>""", "t_aiza", "com.google.android.geo.API_KEY")
S("google-oauth-client-secret", """{"installed":{"client_id":"«num12»-«an10»«an10:b».apps.googleusercontent.com","client_secret":"«t_gocspx»","redirect_uris":["http://localhost"]}}""", "t_gocspx", "apps.googleusercontent.com")
S("google-oauth-refresh-token", """refresh_token = "«t_g_refresh»"  # sheets export of dock KPIs""", "t_g_refresh", "dock KPIs")
S("google-oauth-access-token", """Authorization: Bearer «t_ya29»""", "t_ya29", "Authorization: Bearer")
S("aws-access-key-pair-secret", """AWS_ACCESS_KEY_ID=«akid»
AWS_SECRET_ACCESS_KEY=«awssk»
AWS_DEFAULT_REGION=eu-west-1""", "awssk", "AWS_DEFAULT_REGION")
S("aws-session-token", """AWS_SESSION_TOKEN=«awstok»""", "awstok", "AWS_SESSION_TOKEN", pre=lambda d: d.put("awstok", "IQoJb3JpZ2luX2VjE" + _rs(_B64, 340) + "=="))
S("azure-storage-connection-string", """DefaultEndpointsProtocol=https;AccountName=«acct»;AccountKey=«t_azkey»;EndpointSuffix=core.windows.net""", "t_azkey", "DefaultEndpointsProtocol=https")
S("azure-service-bus-sas-key", """Endpoint=sb://«word»-edi.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=«b64_32»""", "b64_32", "SharedAccessKeyName")
S("hashicorp-vault-service-token", """VAULT_TOKEN=«t_hvs» vault kv get secret/tms/carriers""", "t_hvs", "vault kv get")
S("hashicorp-vault-batch-token", """X-Vault-Token: «t_hvb»""", "t_hvb", "X-Vault-Token")
S("digitalocean-pat", """doctl auth init -t «t_dop»""", "t_dop", "doctl auth init")
S("docker-hub-pat", """echo «t_dckr» | docker login -u halden --password-stdin""", "t_dckr", "--password-stdin")
S("atlassian-api-token", """JIRA_API_TOKEN=«t_atatt»
JIRA_USER=«email»""", "t_atatt", "JIRA_USER")
S("newrelic-user-api-key", """NEW_RELIC_API_KEY=«t_nrak»""", "t_nrak", "NEW_RELIC_API_KEY")
S("grafana-service-account-token", """grafana_auth = "«t_glsa»"  # dashboard provisioning for the yard""", "t_glsa", "dashboard provisioning")
S("huggingface-token", """HF_TOKEN=«t_hf» python tools/classify_damage_photos.py""", "t_hf", "classify_damage_photos.py")
S("shopify-admin-access-token", """X-Shopify-Access-Token: «t_shpat»""", "t_shpat", "X-Shopify-Access-Token")
S("shopify-shared-secret", """SHOPIFY_WEBHOOK_SECRET=«t_shpss»  # fulfilment webhooks from the merchant store""", "t_shpss", "fulfilment webhooks")
S("linear-api-key", """LINEAR_API_KEY=«t_linapi»""", "t_linapi", "LINEAR_API_KEY")
S("postman-api-key", """postman login --with-api-key «t_pmak»""", "t_pmak", "postman login")
S("anthropic-api-key", """ANTHROPIC_API_KEY=«t_skant»  # customs description classifier""", "t_skant", "customs description classifier")
S("openai-project-key", """OPENAI_API_KEY=«t_skproj»""", "t_skproj", "OPENAI_API_KEY")
S("datadog-api-and-app-key", """DD_API_KEY=«t_dd»
DD_SITE=datadoghq.eu""", "t_dd", "DD_SITE")
S("mailgun-private-key", """MAILGUN_API_KEY=«t_mailgun»
MAILGUN_DOMAIN=mg.«domain»""", "t_mailgun", "MAILGUN_DOMAIN")
S("mailchimp-api-key-dc-suffix", """mailchimp: «t_mailchimp» (shipper newsletter list)""", "t_mailchimp", "shipper newsletter list")
S("okta-ssws-api-token", """Authorization: SSWS «t_okta»""", "t_okta", "Authorization: SSWS")
S("heroku-api-key-new-format", """HEROKU_API_KEY=«t_heroku»""", "t_heroku", "HEROKU_API_KEY")
S("terraform-cloud-team-token", """credentials "app.terraform.io" {
  token = "«t_tfc»"
}""", "t_tfc", "app.terraform.io")
S("doppler-service-token", """DOPPLER_TOKEN=«t_doppler» doppler run -- ./start.sh""", "t_doppler", "doppler run")
S("pulumi-access-token", """PULUMI_ACCESS_TOKEN=«t_pulumi»""", "t_pulumi", "PULUMI_ACCESS_TOKEN")
S("supabase-access-token", """supabase login --token «t_sbp»""", "t_sbp", "supabase login")
S("age-secret-key", """# created: «ts»
# public key: age1«an10»«an10:b»«an10:c»«an10:d»«an10:e»«an5»«hex4»
«t_age»""", "t_age", "# public key: age1")
S("telegram-bot-token", """TELEGRAM_BOT_TOKEN=«t_telegram»  # driver ETA bot""", "t_telegram", "driver ETA bot")
S("discord-webhook-url-token", """https://discord.com/api/webhooks/«num12»«num6»/«discordhook»""", "discordhook", "discord.com/api/webhooks/")
S("pagerduty-user-api-token", """Authorization: Token token=«t_pd»""", "t_pd", "Authorization: Token token=")
S("databricks-pat", """DATABRICKS_TOKEN=«t_dapi»
DATABRICKS_HOST=https://adb-«num12».«num2x».azuredatabricks.net""", "t_dapi", "DATABRICKS_HOST", pre=lambda d: d.put("num2x", str(_R.randint(1, 19))))
S("azure-devops-pat", """git clone https://pat:«t_azdo»@dev.azure.com/«org»/Customs/_git/customs-portal""", "t_azdo", "_git/customs-portal")
S("shippo-live-token", """Authorization: ShippoToken «t_shippo»""", "t_shippo", "Authorization: ShippoToken")
S("easypost-production-key", """EasyPost::Client.new(api_key: '«t_easypost»')""", "t_easypost", "EasyPost::Client.new")
S("shipengine-api-key-header", """API-Key: «t_shipengine»
Content-Type: application/json""", "t_shipengine", "Content-Type: application/json")
S("samsara-api-token", """SAMSARA_API_TOKEN=«t_samsara»""", "t_samsara", "SAMSARA_API_TOKEN")
S("aftership-api-key-header", """as-api-key: «t_aftership»""", "t_aftership", "as-api-key")
S("shipbob-personal-access-token", """ShipBob PAT (channel «num6»): «t_shipbob»""", "t_shipbob", "ShipBob PAT")
S("geotab-session-credentials", """{"credentials":{"database":"«word»_fleet","userName":"«email»","sessionId":"«t_geotab_sid»"},"path":"my3.«domain»"}""", "t_geotab_sid", "credentials")
S("webfleet-extern-url-password", """https://csv.«domain»/extern?account=«word»&username=«user»&password=«pw»&apikey=«t_webfleet»&action=showObjectReportExtern""", "pw", "showObjectReportExtern")
S("motive-x-api-key", """X-Api-Key: «t_motive»   # ELD / HOS logs""", "t_motive", "ELD / HOS logs")
S("project44-client-secret", """P44_CLIENT_ID=«hex16»
P44_CLIENT_SECRET=«t_p44»""", "t_p44", "P44_CLIENT_ID")
S("fourkites-api-key", """fourkites: { apiKey: «t_fourkites», region: eu }""", "t_fourkites", "region: eu")
S("flexport-api-token", """FLEXPORT_API_TOKEN=«t_flexport»""", "t_flexport", "FLEXPORT_API_TOKEN")
S("kestrel-parcel-live-key", """KESTREL_LIVE_KEY=«t_kfr»""", "t_kfr", "KESTREL_LIVE_KEY")
S("nordlys-secret-key", """Authorization: NLP-Key «t_nlp»""", "t_nlp", "NLP-Key")
S("tive-tracker-secret", """tive_secret_key = "«t_tive»\"""", "t_tive", "tive_secret_key")
S("customs-broker-live-key", """CBX_LIVE_KEY=«t_cbx»  # declarations for EU import""", "t_cbx", "declarations for EU import")
S("zebra-cloud-api-token", """zebra_cloud_token: «t_zebra»""", "t_zebra", "zebra_cloud_token")
S("port-community-client-secret", """PCS_CLIENT_SECRET=«t_portbase»""", "t_portbase", "PCS_CLIENT_SECRET")
S("onfleet-api-key-basic-username", """curl -u «t_onfleet»: https://«host»/api/v2/tasks/all?from=«num10»000""", "t_onfleet", "/api/v2/tasks/all")
S("route4me-api-key-query", """https://«host»/api.v4/optimization_problem.php?api_key=«t_route4me»&optimization_problem_id=«hex32»""", "t_route4me", "optimization_problem.php")
S("freightos-secret-key", """x-freightos-key: «t_freightos»""", "t_freightos", "x-freightos-key")
S("bringg-access-token", """BRINGG_ACCESS_TOKEN=«t_bringg»""", "t_bringg", "BRINGG_ACCESS_TOKEN")
S("sap-btp-client-secret", """"uaa": {"clientid": "sb-ewm-integration!t«num5»", "clientsecret": "«t_btp»", "url": "https://«word».authentication.eu10.hana.ondemand.com"}""", "t_btp", "clientid")
S("descartes-api-key", """DESCARTES_API_KEY=«t_descartes»""", "t_descartes", "DESCARTES_API_KEY")
S("transporeon-api-token", """Authorization: Bearer «t_transporeon»   # slot booking API""", "t_transporeon", "slot booking API")
S("honeywell-oi-token", """hw_oi_token: «t_hwoi»""", "t_hwoi", "hw_oi_token")
S("yard-mgmt-api-token", """YMS_API_TOKEN=«t_yard»""", "t_yard", "YMS_API_TOKEN")
S("ais-vessel-data-api-key", """curl 'https://ais.«domain»/v1/vessels?imo=«num7»&key=«t_ais»'""", "t_ais", "/v1/vessels")
S("edi-cloud-secret-key", """EDICLOUD_SECRET=«t_edicloud»""", "t_edicloud", "EDICLOUD_SECRET")
S("lastmile-live-publishable-looking-secret", """LMD_SECRET=«t_lmd»  # note: despite the pk in the name this is the server secret""", "t_lmd", "server secret")
S("tacho-download-api-key", """TACHO_API_KEY=«t_tachob»""", "t_tachob", "TACHO_API_KEY")
S("confluent-cloud-api-secret", """CONFLUENT_API_KEY=«up16»
CONFLUENT_API_SECRET=«t_confluent»""", "t_confluent", "CONFLUENT_API_KEY")
S("sonarqube-project-token", """SONAR_TOKEN=«t_sqp»""", "t_sqp", "SONAR_TOKEN")
S("buildkite-api-token", """BUILDKITE_API_TOKEN=«t_bk»""", "t_bk", "BUILDKITE_API_TOKEN")
S("figma-personal-token", """X-Figma-Token: «t_figd»""", "t_figd", "X-Figma-Token")
S("notion-integration-token", """NOTION_TOKEN=«t_ntn»  # runbook sync""", "t_ntn", "runbook sync")
S("airtable-pat", """AIRTABLE_PAT=«t_airtable»""", "t_airtable", "AIRTABLE_PAT")
S("square-access-token", """SQUARE_ACCESS_TOKEN=«t_square»""", "t_square", "SQUARE_ACCESS_TOKEN")
S("hubspot-private-app-token", """HUBSPOT_TOKEN=«t_hubspot»""", "t_hubspot", "HUBSPOT_TOKEN")
S("asana-pat", """ASANA_PAT=«t_asana»""", "t_asana", "ASANA_PAT")
S("openai-legacy-key", """openai.api_key = "«t_openai_old»\"""", "t_openai_old", "openai.api_key")
S("cloudflare-api-token", """CLOUDFLARE_API_TOKEN=«t_cfapi»""", "t_cfapi", "CLOUDFLARE_API_TOKEN")
S("algolia-admin-api-key", """ALGOLIA_APP_ID=«up6»«num4»
ALGOLIA_ADMIN_KEY=«t_algolia»""", "t_algolia", "ALGOLIA_APP_ID")
S("pem-ec-private-key-body", """-----BEGIN EC PRIVATE KEY-----
«pem_ec»
-----END EC PRIVATE KEY-----""", "pem_ec", "-----BEGIN EC PRIVATE KEY-----")
S("pem-encrypted-private-key-body", """-----BEGIN ENCRYPTED PRIVATE KEY-----
«pem_enc»
-----END ENCRYPTED PRIVATE KEY-----""", "pem_enc", "-----END ENCRYPTED PRIVATE KEY-----")
S("putty-ppk-private-lines", """PuTTY-User-Key-File-3: ssh-rsa
Encryption: none
Comment: van-sftp-«partner»
Public-Lines: 6
AAAAB3NzaC1yc2EAAAADAQABAAABAQ«b64_48»
Private-Lines: 14
«ppk»
Private-MAC: «hex64»""", "ppk", "PuTTY-User-Key-File-3")
S("cargowise-eadaptor-credentials", """eAdaptor endpoint https://«host»/eAdaptor  user «user»  password «t_cw1»""", "t_cw1", "eAdaptor endpoint")


# ================================================================ build SECRETS
_GROUP_ORDER = ["command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
                "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 185


def _build_secrets():
    out = []
    for g in _GROUP_ORDER:
        tpls = [t for t in _T if t[0] == g]
        made = []
        rnd = 0
        while len(made) < _PER_GROUP and rnd < 3:
            for t in tpls:
                if len(made) >= _PER_GROUP:
                    break
                made.append(_one(*t))
            rnd += 1
        out.extend(made)
    return out


SECRETS = _build_secrets()


# ======================================================================= BENIGN
def _colon_fp(nbytes):
    return ":".join(_rs("0123456789ABCDEF", 2) for _ in range(nbytes))


def _pub_pem():
    body = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _rs(_B64, 64 * 6 - 44 + 8) + "IDAQAB"
    return "\n".join(body[i:i + 64] for i in range(0, len(body), 64))


def _cert_pem():
    body = "MIID" + _rs(_B64, 64 * 14 + 20) + "=="
    return "\n".join(body[i:i + 64] for i in range(0, len(body), 64))


def _ansible_vault_blob():
    raw = _hex(320)
    return "\n".join("          " + raw[i:i + 80] for i in range(0, len(raw), 80))


G.update({
    "fp32": lambda: _colon_fp(32), "fp20": lambda: _colon_fp(20),
    "sshfp": lambda: "SHA256:" + _b64(32).rstrip("="),
    "pub_ed": lambda: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _rs(_B64, 43),
    "pub_rsa": lambda: "AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _rs(_B64, 180),
    "pubpem": _pub_pem, "certpem": _cert_pem,
    "sri": lambda: "sha512-" + _b64(64), "gosum": lambda: "h1:" + _b64(32), "mic": lambda: _b64(32),
    "amzid2": lambda: _b64(56), "gpgid": lambda: _rs("0123456789ABCDEF", 16),
    "imei": lambda: "35" + _rs(_DG, 13), "mmsi": lambda: "2" + _rs(_DG, 8),
    "gtin": lambda: "0" + _rs(_DG, 13), "gln": lambda: "40" + _rs(_DG, 11),
    "fedex": lambda: _digits(12), "usps": lambda: "9400" + _rs(_DG, 18), "dhl": lambda: _digits(10),
    "pro": lambda: _digits(9), "mrn": lambda: "%02d%s%s" % (_R.randint(23, 25), _pick(["DE", "NL", "BE", "FR", "PL", "IT"]), _rs(_AUP, 14)),
    "eori": lambda: _pick(["GB", "DE", "NL", "FR"]) + _rs(_DG, 12),
    "hs": lambda: "%04d.%02d.%02d" % (_R.randint(100, 9700), _R.randint(0, 99), _R.randint(0, 99)),
    "unloc": lambda: _pick(["NLRTM", "DEHAM", "BEANR", "GBFXT", "PLGDN", "ESVLC", "SGSIN", "KRPUS", "CNSZX", "USSAV", "BRSSZ"]),
    "sops": lambda: "ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (_b64(18), _b64(32), _b64(16)),
    "avault": _ansible_vault_blob,
    "sealed": lambda: "AgB" + _rs(_B64, 300) + "==",
    "jenkins_enc": lambda: "{AQAAABAAAAAQ" + _rs(_B64, 44) + "=}",
    "pulumi_sec": lambda: "v1:" + _b64(12) + ":" + _b64(36),
    "kms_ct": lambda: "AQICAHi" + _rs(_B64, 160) + "==",
    "traceparent": lambda: "00-%s-%s-01" % (_hex(32), _hex(16)),
    "xray": lambda: "Root=1-%s-%s;Parent=%s;Sampled=1" % (_hex(8), _hex(24), _hex(16)),
    "etag": lambda: '"%s"' % _hex(32), "mask4": lambda: "*" * _R.randint(12, 16) + _rs(_AN, 4),
    "k8suid": _uuid, "sha7": lambda: _hex(7), "sha40": lambda: _hex(40), "sha256": lambda: _hex(64),
    "md5": lambda: _hex(32), "crc": lambda: _hex(8), "ulid": lambda: "01" + _rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 24),
    "objid": lambda: _hex(24), "b64text": lambda: _b64s(_pick([
        "shipment %s delivered" % _digits(6), "dock door %d open" % _R.randint(1, 40),
        "wave %s released" % _digits(5), '{"pallet":"%s","qty":%d}' % (_sscc(), _R.randint(1, 60)),
        "route %s: 14 stops" % _rs(_AUP, 4), "hello from %s" % _pick(_CITIES)])),
    "kid": lambda: _hex(8) + "-" + _hex(4) + "-" + _hex(4) + "-" + _hex(4) + "-" + _hex(12),
    "semver": _ver, "policy_len": lambda: str(_R.randint(10, 16)),
    "ghrun": lambda: _digits(10), "buildno": lambda: str(_R.randint(100, 9999)),
})

_B = []


def B(tpl, n=6):
    _B.append((tpl, n))


# ---- commands
B("git checkout «sha40»")
B("git revert --no-edit «sha7» && git push origin HEAD:hotfix/label-dpi")
B("git log --oneline «sha7»..HEAD -- src/edi/x12/")
B("git cherry-pick «sha40» «sha40:b»")
B("sha256sum label-templates-«semver».tar.gz\n«sha256»  label-templates-«semver».tar.gz")
B("docker pull registry.«domain»/wms-api@sha256:«sha256»")
B("kubectl -n tms logs wms-api-«hex10»-«an5» --since=15m | grep -i 'carrier timeout'")
B('curl -sS -H "Authorization: Bearer $CARRIER_TOKEN" https://«host»/v2/track/«ups»')
B('curl -u "$VAN_USER:$VAN_PASS" -T 856_«num6».edi sftp://«host»/inbound/')
B("mysql -h «host» -u «user» -p «db»   # prompts for the password")
B('psql "host=«host» dbname=«db» user=«user» sslmode=require"  # password from ~/.pgpass')
B("export CARRIER_API_KEY=$(vault kv get -field=api_key secret/tms/carriers/«cslug»)")
B("aws secretsmanager get-secret-value --secret-id prod/edi/van-mailbox --query SecretString --output text | jq -r .username")
B("kubectl -n edi create secret generic van-mailbox --from-file=password=./van_password.txt --dry-run=client -o yaml | kubeseal > van-sealed.yaml")
B("ssh-keygen -lf ~/.ssh/van_ed25519.pub\n256 «sshfp» «user»@«host» (ED25519)")
B("gpg --keyserver hkps://keys.openpgp.org --recv-keys «gpgid»")
B("docker login -u ci-bot --password-stdin registry.«domain» < /run/secrets/registry_password")
B("openssl x509 -in as2_«partner».crt -noout -fingerprint -sha256\nsha256 Fingerprint=«fp32»")
B("echo -n 'shipment-«num6»' | sha1sum\n«sha40»  -")
B("sshpass -f ~/.config/van/passfile sftp -oPort=2222 «user»@«host»")
B("read -rs -p 'VAN password: ' VAN_PASS && export VAN_PASS")
B("./bin/track --carrier kestrel «ups» «ups:b» «ups:c»")
B("gh secret set SHIPPO_API_TOKEN < ~/secrets/shippo.token")
B('op read "op://Logistics/VAN mailbox «partner»/password" | sshpass -d 0 sftp «user»@«host»')
B("htpasswd -B /etc/nginx/.htpasswd «user»   # will prompt twice")
B("vault kv metadata get secret/tms/carriers/«cslug»")
B("aws s3 cp s3://pod-images-prod/«isodate»/POD_«num6».jpg . --sse aws:kms --sse-kms-key-id alias/pod-images")
B("helm upgrade wms ./charts/wms --reuse-values --set image.digest=sha256:«sha256»")
B("terraform state show module.as2_gateway.random_password.keystore  # value is (sensitive)")
B("python -c 'import secrets; print(len(secrets.token_urlsafe(32)))'")
B("keytool -list -v -keystore as2_gw.jks -storepass:env AS2_STOREPASS | grep SHA256")
B("edi-cli parse --file inbound/850_«num6».x12 --control «num9x»", 6)
B("zpl-send --printer ZT411-DOCK«num3» --file labels/«sscc».zpl")
B("kubectl rollout restart deploy/label-svc -n labels && kubectl rollout status deploy/label-svc -n labels")
B("git tag -s v«semver» -m 'release v«semver»' && git push --tags")
B("curl -s https://«host»/health | jq '.build.commit' # «sha40»")

# ---- tool output
B("$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile              edi-archive           manual    --profile\naccess_key     «mask4» shared-credentials-file\nsecret_key     «mask4:b» shared-credentials-file")
B("commit «sha40»\nAuthor: «person» <«email»>\nDate:   «isodate»\n\n    rotate carrier API key (new value stored in vault, not in repo)")
B("$ kubectl -n edi get secrets\nNAME              TYPE                 DATA   AGE\nvan-mailbox       Opaque               2      «num2»d\nas2-keystore      Opaque               1      «num2:b»d\nregistry-creds    kubernetes.io/dockerconfigjson   1   «num2:c»d")
B("$ kubectl -n edi describe secret van-mailbox\nName:         van-mailbox\nType:  Opaque\n\nData\n====\npassword:  «num2» bytes\nusername:  7 bytes")
B("$ npm config get //registry.npmjs.org/:_authToken\n(protected)")
B("$ docker images --digests | grep wms-api\nregistry.«domain»/wms-api   «semver»   sha256:«sha256»   «hex12»   2 days ago   312MB")
B("$ vault kv metadata get secret/edi/van/«partner»\n========== Metadata ==========\nKey                     Value\n---                     -----\ncurrent_version         «num2»\ncreated_time            «ts»\ndelete_version_after    0s")
B("  # aws_db_instance.tms will be updated in-place\n  ~ resource \"aws_db_instance\" \"tms\" {\n      ~ password = (sensitive value)\n        id       = \"tms-prod\"\n    }")
B("$ gh secret list --repo «org»/rate-shopper\nEASYPOST_API_KEY      Updated «isodate»\nSHIPPO_API_TOKEN      Updated «isodate:b»\nVAN_SFTP_PASSWORD     Updated «isodate:c»")
B("Received-Content-MIC: «mic», sha-256\nDisposition: automatic-action/MDN-sent-automatically; processed")
B("$ env | grep CARRIER\nCARRIER_ENV=production\nCARRIER_API_KEY=****************\nCARRIER_API_BASE=https://«host»/v2")
B("> GET /v2/shipments HTTP/1.1\n> Host: «host»\n> Authorization: Bearer [REDACTED]\n> X-Request-Id: «uuid»")
B("$ pip freeze | grep -i -E 'zeep|paramiko|edi'\nparamiko==«semver»\npython-x12==«semver:b»\nzeep==«semver:c»")
B("        Serial Number:\n            «fp20»\n        Signature Algorithm: sha256WithRSAEncryption\n        Issuer: CN=Drydock EDI Issuing CA «num2», O=Drydock EDI")
B("            X509v3 Subject Key Identifier:\n                «fp20»\n            X509v3 Authority Key Identifier:\n                «fp20:b»")
B("$ vault token lookup -accessor «an10»«hex12»\nKey                 Value\n---                 -----\naccessor            «an10»«hex12»\ndisplay_name        approle\npolicies            [default edi-read]")
B("$ kubectl get secret van-mailbox -o jsonpath='{.metadata.uid}'\n«k8suid»")
B("$ terraform output\nas2_endpoint = \"https://«host»/as2/receive\"\nkeystore_password = <sensitive>")
B("$ gcloud secrets versions list parcel-api-key\nNAME  STATE     CREATED              DESTROYED\n«num1»     enabled   «ts»  -")
B("$ az keyvault secret list --vault-name kv-tms-prod --query '[].name' -o tsv\nportbase-client-secret\ngeotab-password\nvan-mailbox-password")
B("$ openssl s_client -connect «host»:443 </dev/null 2>/dev/null | openssl x509 -noout -serial -dates\nserial=«fp20»\nnotBefore=Jan  3 00:00:00 2025 GMT\nnotAfter=Feb  1 23:59:59 2026 GMT")
B("$ git rev-parse HEAD\n«sha40»")
B("$ docker inspect --format '{{.Id}}' edi-bridge\nsha256:«sha256»")
B("$ md5sum rates_2025_Q«num1».csv\n«md5»  rates_2025_Q«num1».csv")
B("$ cat ~/.ssh/id_ed25519.pub\nssh-ed25519 «pub_ed» «user»@«host»")
B("$ helm get values wms -n wms\nUSER-SUPPLIED VALUES:\npostgresql:\n  auth:\n    existingSecret: wms-db\n    secretKeys:\n      userPasswordKey: password")
B("$ aws sts get-caller-identity\n{\n    \"UserId\": \"AROA«up16»:agent\",\n    \"Account\": \"«num12»\",\n    \"Arn\": \"arn:aws:sts::«num12»:assumed-role/edi-archive-reader/agent\"\n}")
B("$ redis-cli -h «host» INFO server | head -3\n# Server\nredis_version:7.2.4\nrun_id:«sha40»")
B("$ kubectl get pods -n fleet -o wide\nNAME                          READY   STATUS    RESTARTS   AGE\ntacho-sync-«hex10»-«an5»   1/1     Running   0          «num2»h")

# ---- config files
B("KESTREL_API_URL=https://«host»/v2\nKESTREL_API_KEY=<your-api-key>\nKESTREL_ACCOUNT=<account-number>")
B("CARRIER_API_SECRET=${CARRIER_API_SECRET}\nCARRIER_ACCOUNT=${CARRIER_ACCOUNT:-«num8»}")
B("spring:\n  datasource:\n    url: jdbc:postgresql://«host»:5432/tms\n    username: ${DB_USER}\n    password: ${DB_PASSWORD}")
B("van:\n  mailbox: «mbox»\n  password: \"{{ vault_van_password }}\"\n  poll_interval: 300")
B("db:\n  host: «host»\n  passwordFile: /run/secrets/db_password")
B("van_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n«avault»")
B("geotab_password: «sops»\nsops:\n    kms:\n    -   arn: arn:aws:kms:eu-west-1:«num12»:key/«uuid»\n    lastmodified: '«ts»'")
B("config:\n  tms:dbPassword:\n    secure: «pulumi_sec»\n  aws:region: eu-west-1")
B("spec:\n  encryptedData:\n    password: «sealed»\n  template:\n    metadata:\n      name: van-mailbox")
B("<hudson.util.Secret>«jenkins_enc»</hudson.util.Secret>")
B("env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: wms-db\n        key: password")
B("auth_token_file = \"/etc/tms/token\"\napi_base = \"https://«host»\"")
B("<partner name=\"«partner»\" as2_id=\"«isa_id»\" x509_alias=\"«partner»_pub\" sign=\"SHA256\" encrypt=\"AES256_CBC\"/>")
B("ISA*00*          *00*          *ZZ*«isa_s»*ZZ*«isa_r»*«date»*0812*U*00401*«num9x»*0*P*>~")
B("UNB+UNOC:3+«isa_id»:ZZ+«isa_id:r»:ZZ+«date»:0815+«num8»++IFTSTA'")
B("# public key id only; the secret half lives in AWS SM prod/carrier/kestrel\napi_key_id: «uuid»")
B("  \"node_modules/axios\": {\n    \"version\": \"«semver»\",\n    \"integrity\": \"«sri»\"\n  }")
B("checksum: sha256:«sha256»\nurl: https://artifacts.«domain»/edi-maps/edi-maps-«semver».tar.gz")
B("github.com/«org»/edi-x12 v«semver» «gosum»")
B("[[package]]\nname = \"zebra-zpl\"\nversion = \"«semver»\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"«sha256»\"")
B("\"@halden/label-kit@«semver»\":\n  resolved \"https://npm.«domain»/@halden/label-kit/-/label-kit-«semver».tgz#«sha40»\"")
B("      - uses: actions/checkout@«sha40» # v4.1.7")
B("password_policy:\n  min_length: «policy_len»\n  require_digit: true\n  require_symbol: true\n  max_age_days: 90\n  history: 5")
B("[security]\nadmin_user = admin\nadmin_password = $__file{/etc/grafana/admin_password}")
B("requirepass \"\"  # auth disabled on the loopback-only dev cache")
B("<add key=\"VanMailboxPassword\" value=\"#{VanMailboxPassword}#\" />")
B("MAIL_PASSWORD=\nMAIL_USERNAME=\n# fill from 1Password item 'SMTP relay (notifications)'")
B("[client]\nuser=«user»\n# password comes from mysql_config_editor login-path=wms")
B("export PGPASSFILE=/etc/tms/pgpass  # 0600, owned by tms")
B("credentials_file: /etc/edi/van.cred\ncredentials_mode: \"0400\"")
B("kms_key_id = \"arn:aws:kms:eu-central-1:«num12»:key/«uuid»\"")
B("ciphertext_blob = \"«kms_ct»\"  # KMS-encrypted, decrypted at boot by the instance role")
B("tls:\n  certFile: /etc/as2/certs/«partner».crt\n  keyFile: /etc/as2/private/«partner».key\n  caFile: /etc/as2/certs/ca.pem")
B("wlan.wpa.psk : \"********\"\nwlan.essid : \"WH-PRN\"\nwlan.ip.addr : \"«ip»\"")
B("[van]\nmailbox = «mbox»\npassword = <set via EDI_VAN_PASSWORD>\nprovider = drydock")
B("GEOTAB_PASSWORD=xxxxxxxx\nGEOTAB_USERNAME=xxxxxxxx@example.com")
B("-----BEGIN PUBLIC KEY-----\n«pubpem»\n-----END PUBLIC KEY-----")
B("-----BEGIN CERTIFICATE-----\n«certpem»\n-----END CERTIFICATE-----")
B("ssh-rsa «pub_rsa» edi-bridge@«host»")
B("authorized_keys:\n  - ssh-ed25519 «pub_ed» «first»@laptop")
B("SHIPPO_API_TOKEN=shippo_test_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  # placeholder, see README")
B("AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY   # values from the AWS docs", 1)
B("STRIPE_PUBLISHABLE_KEY=pk_live_«alnum24»«alnum24:b»  # publishable, shipped to the browser")
B("TWILIO_ACCOUNT_SID=AC«hex32»  # account id, not the auth token")
B("SLACK_CHANNEL_ID=C0«up6»«num3»\nSLACK_TEAM_ID=T0«up6»«num2»")

# ---- source code
B('api_key = os.environ["SHIPPO_API_TOKEN"]')
B('password = getpass.getpass("VAN password for %s: " % mailbox)')
B("PASSWORD_MIN_LENGTH = «policy_len»\nPASSWORD_HISTORY = 5")
B('const TOKEN_HEADER = "X-Api-Key";\nconst TOKEN_ENV = "KESTREL_API_KEY";')
B('if (password.length < «policy_len») throw new Error("password too short");')
B("hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))")
B('FAKE_KEY = "sk_test_' + "x" * 24 + '"  # used by unit tests only', 1)
B('TOKEN_RE = re.compile(r"^(ghp|gho|ghs)_[A-Za-z0-9]{36}$")', 1)
B('EVENT_TYPE_DELIVERED = UUID("«uuid»")')
B('etag = \'W/"«hex32»"\'')
B("def gs1_check_digit(digits: str) -> int:\n    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(digits)))\n    return (10 - total % 10) % 10\n\nassert gs1_check_digit(\"«num17»\") in range(10)")
B("cache_key = hashlib.sha256(f\"{origin}|{dest}|{weight}\".encode()).hexdigest()  # e.g. «sha256»")
B("SSCC_PREFIX = \"«gln»\"  # our GS1 company prefix")
B("const secret = await secretsClient.getSecretValue({ SecretId: 'prod/carrier/ups' });")
B("String pw = System.getenv(\"AS2_KEYSTORE_PASS\");\nks.load(in, pw.toCharArray());")
B("var apiKey = configuration[\"Carriers:Kestrel:ApiKey\"]; // from user-secrets / Key Vault")
B("token := os.Getenv(\"SAMSARA_API_TOKEN\")\nif token == \"\" {\n\tlog.Fatal(\"SAMSARA_API_TOKEN not set\")\n}")
B("headers = {\"Authorization\": f\"Bearer {self._token}\", \"Idempotency-Key\": \"«uuid»\"}")
B("self.assertEqual(mask(\"«alnum20»\"), \"****************\" + \"«alnum20»\"[-4:])".replace("«alnum20»", "abcdefghijklmnopqrst"), 1)
B("# NOTE: never log request.headers['Authorization']; see SEC-«num3»")
B("MIGRATION_ID = \"«sha7»_add_carrier_account_ref\"")
B("def rotate_api_key(carrier: str) -> None:\n    \"\"\"Request a new key from the carrier portal and store it in vault.\"\"\"")
B("ZPL = \"^XA^FO50,50^BCN,100,Y,N,N^FD«sscc»^FS^XZ\"")
B("@pytest.mark.parametrize(\"tracking\", [\"«ups»\", \"«fedex»\", \"«usps»\"])")
B("const DEVICE_ID = '«imei»'; // IMEI of the test handheld")
B("SECRET_KEY = env(\"DJANGO_SECRET_KEY\")")
B("password = models.CharField(max_length=128)  # stores a PBKDF2 hash, never plaintext")
B("ENCODED_HELLO = \"«b64text»\"  # base64 fixture for the EDI attachment decoder")
B("public_key_pem = open(\"keys/carrier_webhook_pub.pem\").read()")
B("retry_token = str(uuid.uuid4())  # e.g. «uuid»")
B("REDACTED = \"[REDACTED]\"\nMASK_KEYS = {\"password\", \"api_key\", \"client_secret\", \"token\"}", 1)

# ---- logs and traces
B("«logts» INFO  tracking.poller - polled 412 shipments, trace_id=«hex32» span_id=«hex16»")
B("traceparent: «traceparent»")
B("X-Amzn-Trace-Id: «xray»")
B("«logts» INFO http - 200 GET /v2/track/«ups» request_id=«uuid» took=«num3»ms")
B("«logts» INFO auth - token issued for client_id=«hex16» (secret not logged), expires_in=3600")
B("«logts» WARN carrier.kestrel - 401 Unauthorized: Authorization header missing (request_id=«uuid»)")
B("«logts» INFO notify - password reset link sent to «email» for user «user»")
B("«logts» INFO secrets - loaded 3 carrier credentials from vault path secret/data/tms/carriers (values masked)")
B("x-amz-request-id: «up16»\nx-amz-id-2: «amzid2»")
B("«logts» DEBUG s3 - PUT pod-images-prod/«isodate»/POD_«num6».jpg ETag=«etag»")
B("«logts» INFO edi.ack - 997 accepted for ISA control «num9x» from «partner»")
B("«logts» INFO ocean.tracking - container «container» gated in at «unloc», vessel MMSI «mmsi»")
B("«logts» INFO air - AWB «awb» status RCF at LEJ, pieces 4/4")
B("«logts» INFO customs - declaration MRN «mrn» released, EORI «eori»")
B("«logts» WARN dhl.adapter - shipment «dhl» delayed: weather at hub")
B("«logts» INFO ltl - PRO «pro» picked up, SCAC «scac», BOL «num10»")
B("Traceback (most recent call last):\n  File \"/opt/tms/sync/tenders.py\", line «num2», in poll\n    resp.raise_for_status()\nrequests.exceptions.HTTPError: 429 Client Error: Too Many Requests for url: https://«host»/v1/tenders?page=«num1»")
B("java.net.SocketTimeoutException: Read timed out\n\tat com.halden.carriers.KestrelClient.rate(KestrelClient.java:«num3»)\n\tat com.halden.rates.RateShopper.quote(RateShopper.java:«num2»)")
B("«logts» ERROR as2 - MDN signature verification failed for message-id <«uuid»@«host»> (cert serial «fp20»)")
B("«logts» INFO kafka - consumer group tracking-events-«an5» assigned partitions [0,1,2], offsets {0: «num7», 1: «num7:b»}")
B("«logts» INFO label-svc - printed label «sscc» on ZT411-DOCK«num3» (dpi=203)")
B("«logts» WARN auth - login failed for user «user» from RF-«num4» (bad password, attempt 2/5)")
B("«logts» INFO mdm - device «serial» enrolled, IMEI «imei», policy wh-rf-v«num1»")
B("«logts» INFO tacho - downloaded card file C_«date»_«up6».ddd sha1=«sha40»")
B("«logts» INFO yard - trailer «up6»«num3» moved to door D-«num2», event_id=«ulid»")
B("«logts» INFO lastmile - route «up6» optimized: 38 stops, job_id=«objid»")
B("«ts» level=info msg=\"webhook delivered\" delivery_id=«uuid» attempt=1 status=200")
B("«logts» INFO cache - HIT rates:«md5» (ttl 300s)")
B("«logts» INFO config - using credentials from env CARRIER_API_KEY (len=32, fingerprint=«hex8»)")
B("«logts» INFO build - version «semver» commit «sha7» built «ts»")
B("Caused by: javax.net.ssl.SSLHandshakeException: PKIX path building failed: unable to find valid certification path to requested target (host «host»)")
B("«logts» INFO api - 201 POST /shipments idempotency_key=«uuid» shipment_id=shp_«hex24»")

# ---- notes and chat
B("I rotated the VAN password; the new one is in 1Password under 'EDI / VAN mailbox «partner»'. «first»")
B("Password policy for RF guns: min «policy_len» chars, no reuse of the last 5, lockout after 5 failed attempts.")
B("Please don't paste tokens in #ops-logistics, use the vault link instead: secret/tms/carriers/«cslug»")
B("The carrier says our API key expired on «isodate»; «first» requested a new one through their developer portal.")
B("Das neue Passwort für den Spediteursportal-Zugang liegt im Tresor (Eintrag «wh»), bitte nicht per Mail schicken.")
B("Le mot de passe du portail douane a été changé ; demande-le à «first» en privé, pas sur le canal.")
B("La contraseña del SFTP ya está en el gestor de secretos, ruta prod/edi/sftp-«partner».")
B("In the docs use <your-token> and <account-number> as placeholders, never a real value.")
B("The key id «kid» is public (it's in the JWKS); only the private half is secret and that sits in KMS.")
B("screenshot shows password: ******** (masked), so nothing leaked in the ticket.")
B("Tracking «ups» shows 'exception: address correction' since «isodate», customer notified.")
B("Commit «sha7» fixed the label DPI issue on the ZT411s at «wh».")
B("Reminder: rotate the ShipStation API secret every 90 days (next due «isodate»). Owner «person».")
B("Decision: store the AS2 keystore passphrase in Key Vault (kv-tms-prod/as2-keystore-pass) and mount it, no env vars.")
B("Container «container» is on hold at «unloc» for customs exam, MRN «mrn».")
B("Goal: make the rate-shopper read EASYPOST_API_KEY from the environment instead of config.ts; the old hardcoded key was already revoked.")
B("Note to self: the 401s were caused by the clock skew on rfgw-«num2», not by the password.")
B("tracking number for the replacement scanner: «fedex» (FedEx-style 12 digits), ETA «isodate»")
B("倉庫のWMSパスワードは来週変更予定です。新しいパスワードは金庫に保管します。")
B("密码已经更新，请在密码管理器里查看，不要在群里发。")
B("Пароль от портала перевозчика сменили, новый лежит в Vault, путь secret/tms/carriers.")
B("Hasło do skanerów zmieniamy co 90 dni — nowe będzie w sejfie KeePass.")
B("O token da API de rastreio está no cofre (prod/tracking/aftership), não no repositório.")
B("«first»: the hash in the error («sha256») is the cache key of the rate table, not a secret.")
B("the value of VAN_PASSWORD in CI shows as *** in the logs, that's GitHub masking, fine.")
B("We need the partner's AS2 certificate (public) and their AS2 ID «isa_id»; no password involved for receiving.")
B("handover: printer ZT411-DOCK«num3» jams on 4x6 stock, creds unchanged, see wiki page 'Label printers'.")
B("Pallet «sscc» short-shipped: 36 of 40 cartons, GTIN «gtin».")
B("Driver app login now uses SSO; the old shared password was disabled on «isodate».")
B("HS code for the scanners is «hs»; EORI on the declaration «eori».")
B("IMO «num7» / MMSI «mmsi» arriving «unloc» «isodate», berth «num2».")
B("the secret name is `carrier-kestrel-oauth` in namespace tms; the key inside is `client_secret`.")
B("Q: is the token in the PR real? A: no, it's `ghp_` followed by 36 x's, a placeholder from the docs.")

# ---- CI / deploy
B("password: ${{ secrets.REGISTRY_PASSWORD }}\nusername: ${{ secrets.REGISTRY_USER }}")
B("env:\n  SHIPPO_API_TOKEN: ${{ secrets.SHIPPO_API_TOKEN }}\n  LABEL_FORMAT: ZPLII")
B("- script: az storage blob upload-batch -d pod-images -s ./out --auth-mode login\n  env:\n    SYSTEM_ACCESSTOKEN: $(System.AccessToken)")
B("withCredentials([usernamePassword(credentialsId: 'van-sftp', usernameVariable: 'VAN_USER', passwordVariable: 'VAN_PASS')]) {\n  sh './pull_van.sh'\n}")
B("environment {\n  VAN_PASS = credentials('van-sftp-password')\n}")
B("Run docker login -u ci-bot -p *** registry.«domain»\nLogin Succeeded")
B("#12 writing image sha256:«sha256» done\n#12 naming to registry.«domain»/edi-bridge:«sha7» done")
B("envFrom:\n  - secretRef:\n      name: tacho-sync-env\n  - configMapRef:\n      name: tacho-sync-config")
B("cosign verify registry.«domain»/label-svc@sha256:«sha256» --key cosign.pub")
B("      - name: Cache pip\n        uses: actions/cache@v4\n        with:\n          key: pip-${{ hashFiles('**/requirements.txt') }}-«hex8»")
B("variables:\n  DB_PASSWORD: $CI_DB_PASSWORD  # masked & protected variable in GitLab settings")
B("script:\n  - echo \"$CI_JOB_TOKEN\" | docker login -u gitlab-ci-token --password-stdin $CI_REGISTRY")
B("resource \"random_password\" \"keystore\" {\n  length  = 32\n  special = true\n}\npassword = random_password.keystore.result")
B("password = var.db_password  # set via TF_VAR_db_password in the pipeline")
B("\"lineage\": \"«uuid»\",\n\"serial\": «num3»,\n\"terraform_version\": \"1.«num1».«num1:b»\"")
B("RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci")
B("##[group]Run actions/checkout@«sha40»\nwith:\n  repository: «org»/edi-maps\n  token: ***")
B("Build #«buildno» (commit «sha7») deployed to prod by «first»; image digest sha256:«sha256»")
B("Pipeline «ghrun»: job 'integration' used GITHUB_TOKEN with permissions contents:read, packages:write")
B("sigstore bundle: «sha256».sig uploaded to rekor, log index «num8»")
B("# secrets are injected by External Secrets from vault path secret/data/tms/prod\napiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret")
B("helm secrets upgrade wms ./charts/wms -f secrets.prod.yaml  # sops-encrypted values")
B("deploy:\n  provider: script\n  script: ./deploy.sh --tag «semver»\n  on:\n    tags: true")

# ---- vendor-ish look-alikes
B("Example header from the carrier docs: `Authorization: Bearer <ACCESS_TOKEN>`")
B("SLACK_BOT_TOKEN=xoxb-your-token-here")
B("GITHUB_TOKEN=ghp_" + "X" * 36, 1)
B("API-Key: TEST_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  (sandbox placeholder)", 1)
B("EasyPost keys look like EZAK... (production) or EZTK... (test); ours live in vault, not here.", 1)
B("Webhook signing secrets begin with whsec_; we rotate them from the dashboard.", 1)
B("tracking: «usps» (USPS-style 22 digits)")
B("UPS tracking «ups», container «container», AWB «awb»")
B("VIN «vin», IMEI «imei», plate «up6»")
B("GTIN «gtin», GLN «gln», SSCC «sscc»")
B("object id «objid»; ULID «ulid»; CRC32 «crc»")
B("order ref «up6»-«num8», shipment shp_«hex24», label lbl_«hex24»")
B("Shopify store: «word»-outdoor.myshopify.com, location id «num10»")
B("age public key: age1«an10»«an10:b»«an10:c»«an10:d»«an10:e»«an5»«hex4»")
B("«b64text»")
B("Base64 of the sample payload: «b64text» (decodes to plain text)")
B("JWKS: {\"keys\":[{\"kty\":\"RSA\",\"kid\":\"«hex16»\",\"use\":\"sig\",\"alg\":\"RS256\",\"e\":\"AQAB\",\"n\":\"«b64u48»«b64u48:b»\"}]}")
B("sha256:«sha256»")
B("«sha40»")
B("«uuid»")

G.update({
    "num1": lambda: str(_R.randint(1, 9)), "num2": lambda: str(_R.randint(10, 99)),
    "num9x": lambda: "%09d" % _R.randint(1, 999999999), "num17": lambda: _rs(_DG, 17),
    "isa_s": lambda: (_isa_id() + " " * 15)[:15], "isa_r": lambda: (_isa_id() + " " * 15)[:15],
})

_BENIGN_TARGET = 950


def _build_benign():
    out, seen = [], set()
    rounds = max(n for _, n in _B)
    for rnd in range(rounds):
        for tpl, n in _B:
            if rnd >= n or len(out) >= _BENIGN_TARGET:
                continue
            for _ in range(4):
                text = _Draw().fill(tpl)
                if text not in seen:
                    seen.add(text)
                    out.append(text)
                    break
    return out


BENIGN = _build_benign()
