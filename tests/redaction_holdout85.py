"""Blind hold-out corpus #85 for a secret-redaction engine.

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
Aviation and maritime operations: airline operations and maintenance (MRO
systems like AMOS and TRAX, electronic flight bags, ACARS and SITA gateways,
crew scheduling, flight planning APIs, weather briefings like METAR/TAF
providers), airports (baggage, gate and FIDS systems), ship management
(fleet systems, AIS feeds, VSAT and Starlink Maritime terminals, ECDIS
updates, port community systems, customs and EDI gateways), in English,
Spanish, Norwegian, Greek, Korean and Japanese.

Provenance
----------
Written blind, from general knowledge only: no engine rules, no other
corpus and no web material were consulted.  Where a vendor's real
credential shape is known it is imitated (prefixes, lengths, alphabets);
where it is not known a plausible shape was invented.  All hosts,
organisations, people, account names and values are fictitious
and randomly generated; none of them is a live credential.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible)
         group    one of: command, tool-output, config-file, source-code,
                  stack-trace-or-log, note-or-chat, ci-and-deploy,
                  vendor-token (equal shares)
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
Blind, with the engine of the session that read it, before any rule from it: recall 0.974
(1,457 of 1,496) and false positives 11 of 950 (1.2%). Tuned on since by classes (chrony and
IPsec keys, snmpd communities, pysnmp's USM keys, HikariCP's dot leaders, Actions debug results,
MarineTraffic keys, Greek and Japanese passwords and PINs, a masked AccountKey): 0.993 (1,486)
and 1 (0.1%).
"""

import base64 as _base64
import json as _json
import random

SEED = 850085
_R = random.Random(SEED)

# ---------------------------------------------------------------------------
# alphabets and primitive draws
# ---------------------------------------------------------------------------
_LO = "abcdefghijklmnopqrstuvwxyz"
_UP = _LO.upper()
_DG = "0123456789"
_AN = _LO + _UP + _DG
_ANL = _LO + _DG
_ANU = _UP + _DG
_HX = "0123456789abcdef"
_HXU = "0123456789ABCDEF"
_B64A = _AN + "+/"
_B64U = _AN + "-_"
_B32 = _UP + "234567"
_BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _r(alpha, n):
    return "".join([alpha[_R.randrange(len(alpha))] for _ in range(n)])


def _c(seq):
    return seq[_R.randrange(len(seq))]


def _n(a, b):
    return _R.randint(a, b)


def _hex(n):
    return _r(_HX, n)


def _HEX(n):
    return _r(_HXU, n)


def _bytes(n):
    return bytes([_R.randrange(256) for _ in range(n)])


def _b64(nbytes):
    return _base64.b64encode(_bytes(nbytes)).decode()


def _b64u(nbytes):
    return _base64.urlsafe_b64encode(_bytes(nbytes)).decode().rstrip("=")


def _b64s(s):
    return _base64.b64encode(s.encode()).decode()


def _b64us(s):
    return _base64.urlsafe_b64encode(s.encode()).decode().rstrip("=")


def _uuid():
    return "%s-%s-4%s-%s%s-%s" % (_hex(8), _hex(4), _hex(3), _c("89ab"), _hex(3), _hex(12))


def _date():
    return "20%02d-%02d-%02d" % (_n(23, 26), _n(1, 12), _n(1, 28))


def _time():
    return "%02d:%02d:%02d" % (_n(0, 23), _n(0, 59), _n(0, 59))


def _ts():
    return "%sT%sZ" % (_date(), _time())


def _tsl():
    return "%s %s,%03d" % (_date(), _time(), _n(0, 999))


def _tsms():
    return "%s %s.%03d" % (_date(), _time(), _n(0, 999))


def _ip():
    return "10.%d.%d.%d" % (_n(0, 254), _n(0, 254), _n(1, 254))


def _ip172():
    return "172.%d.%d.%d" % (_n(16, 31), _n(0, 254), _n(1, 254))


def _port():
    return _c(["8080", "8443", "9443", "5000", "7001", "8000", "3000", "9090"])


def _pid():
    return str(_n(1200, 65000))


# ---------------------------------------------------------------------------
# fictitious organisations, hosts, people, assets
# ---------------------------------------------------------------------------
_ORG_PRE = ["nordvik", "skarv", "cumbre", "helios", "kaiyo", "haedo", "ostria",
            "tsubasa", "seomun", "fjellvik", "brisa", "meltemi", "hanul", "minato",
            "kestrel", "solvik", "alkyon", "vela", "orcaline", "ternvik", "levante",
            "boreal", "kyma", "nami", "baram", "aurora-nord", "cierzo", "lofotr",
            "egeon", "shiokaze", "gaviota", "polarlys", "anemos", "hayate", "bada"]
_ORG_SUF = ["air", "aero", "mro", "lines", "shipping", "marine", "tankers",
            "ferries", "cargo", "port", "aviation", "offshore", "fleet", "ship",
            "jet", "bulk", "reederi", "naviera", "kaiun", "haeun", "technics"]
_TLDS = ["example", "example.com", "example.net", "example.org", "internal",
         "corp", "lan", "test", "no", "es", "gr", "co.kr", "co.jp", "aero",
         "io", "local"]
_SUBS = ["amos", "trax", "efb", "acars", "sita-gw", "crew", "fids", "bhs", "gate",
         "ais", "vsat", "ecdis", "pcs", "edi", "customs", "wx", "flightplan",
         "ops", "mro", "fleet", "roster", "dispatch", "ofp", "navlog", "starlink",
         "bridge", "planmaker", "cargo", "loadcontrol", "dcs", "mq", "db",
         "oracle", "pg", "api", "sftp", "as2", "portal", "chartsync", "noon"]


def _org():
    return _c(_ORG_PRE) + _c(["", "-", ""]) + _c(_ORG_SUF)


def _dom():
    return _org() + "." + _c(_TLDS)


def _host(sub=None):
    s = sub if sub else _c(_SUBS)
    return s + _c(["", "", "", str(_n(1, 9)), "-prd", "-tst", "01", "-uat", "02"]) + "." + _dom()


_PEOPLE = {
    "no": (["Ingrid", "Magnus", "Sigrid", "Eirik", "Kari", "Håkon", "Solveig",
            "Ola", "Marit", "Torbjørn", "Astrid", "Øystein", "Line", "Jørgen"],
           ["Solberg", "Haugen", "Dahl", "Berg", "Nilsen", "Lie", "Bakke",
            "Strand", "Moen", "Aas", "Fjeld", "Haaland", "Vik", "Brekke"]),
    "es": (["Lucía", "Javier", "Carmen", "Diego", "Marta", "Pablo", "Elena",
            "Sergio", "Nuria", "Álvaro", "Inés", "Raúl", "Beatriz", "Iñigo"],
           ["Martín", "Ortega", "Ruiz", "Navarro", "Gil", "Serrano", "Molina",
            "Castro", "Iglesias", "Vidal", "Peña", "Lozano", "Ibáñez", "Rubio"]),
    "el": (["Nikos", "Eleni", "Yannis", "Dimitra", "Kostas", "Maria", "Giorgos",
            "Sofia", "Petros", "Katerina", "Stavros", "Anna", "Vasilis", "Ioanna"],
           ["Papadakis", "Georgiou", "Alexiou", "Kyriakou", "Vlachos", "Dimou",
            "Stavrou", "Lambrou", "Karalis", "Economou", "Mavridis", "Zervas"]),
    "ko": (["Minjun", "Jiwoo", "Seoyeon", "Haeun", "Doyun", "Jiho", "Sooah",
            "Hyunwoo", "Yuna", "Taeyang", "Eunji", "Sungmin"],
           ["Kim", "Park", "Lee", "Choi", "Jung", "Kang", "Yoon", "Han", "Shin",
            "Oh", "Seo", "Kwon"]),
    "ja": (["Haruto", "Yui", "Sota", "Misaki", "Ren", "Aoi", "Takumi", "Hina",
            "Daiki", "Sakura", "Kenta", "Mio"],
           ["Sato", "Suzuki", "Takahashi", "Tanaka", "Watanabe", "Ito",
            "Nakamura", "Kobayashi", "Yamamoto", "Kato", "Yoshida", "Mori"]),
    "en": (["Tom", "Sarah", "James", "Priya", "Liam", "Grace", "Owen", "Chloe",
            "Ravi", "Hannah", "Callum", "Amara"],
           ["Briggs", "Okafor", "Hughes", "Patel", "Walsh", "Fraser", "Doyle",
            "Moss", "Kendall", "Ashby", "Quinn", "Mercer"]),
}
_FOLD = str.maketrans({"å": "a", "ø": "o", "æ": "ae", "á": "a", "é": "e", "í": "i",
                       "ó": "o", "ú": "u", "ñ": "n", "Å": "A", "Ø": "O", "Æ": "AE",
                       "Á": "A", "É": "E", "Í": "I", "Ó": "O", "Ú": "U", "Ñ": "N"})


def _person(lang=None):
    lg = lang if lang else _c(sorted(_PEOPLE))
    fn, ln = _PEOPLE[lg]
    f, l = _c(fn), _c(ln)
    return f + " " + l, f, (f[0] + l).lower().translate(_FOLD)


def _first(lang=None):
    return _person(lang)[1]


def _person_email(lang=None):
    full, first, _u = _person(lang)
    last = full.split(" ")[1]
    return full, first.lower().translate(_FOLD) + "." + last.lower().translate(_FOLD) + "@" + _dom()


def _uname(lang=None):
    return _person(lang)[2]


def _email(lang=None):
    p = _person(lang)
    return p[1].lower().translate(_FOLD) + "." + p[0].split(" ")[1].lower().translate(_FOLD) + "@" + _dom()


_SVC_USERS = ["svc_amos", "svc-trax", "acars_gw", "sita_b2b", "crewsync", "efb_sync",
              "fids_kiosk", "bhs_ops", "ais_reader", "vsat_admin", "ecdis_upd",
              "edi_user", "pcs_api", "wx_feed", "opsctl", "deploy", "mro_ro",
              "amos_ro", "trax_int", "dispatch", "loadctl", "noon_rpt", "fleetsync",
              "portcall", "aduana_edi", "tollvesen_edi", "sched_ro", "ofp_push"]


def _svc():
    return _c(_SVC_USERS) + _c(["", "", "", "2", "_prd", "_tst"])


_SHIP_PRE = ["MV", "MT", "MS", "M/V", "LNG", "MV", "MT"]
_SHIP_NAME = ["Skarv Viking", "Ostria Star", "Fjordbris", "Kaiyo Maru No.8",
              "Haedo Pioneer", "Nordlys Spirit", "Cierzo", "Polarlys Trader",
              "Hanul Glory", "Minato Breeze", "Alkyon", "Levante Sur",
              "Egeon Leader", "Shiokaze", "Lofotr Carrier", "Boreal Frost",
              "Anemos", "Brisa del Norte", "Gaviota II", "Bada Hope",
              "Tern Arrow", "Solvik Venture", "Meltemi Dawn", "Hayate Maru"]


def _ship():
    return _c(_SHIP_PRE) + " " + _c(_SHIP_NAME)


def _tail():
    k = _n(0, 5)
    if k == 0:
        return "LN-" + _r(_UP, 3)
    if k == 1:
        return "EC-" + _r(_UP, 3)
    if k == 2:
        return "SX-" + _r(_UP, 3)
    if k == 3:
        return "HL" + str(_n(7200, 8399))
    if k == 4:
        return "JA" + str(_n(801, 899)) + _c(["A", "J", "N", "K"])
    return "G-" + _r(_UP, 4)


def _icao():
    return _c(["ENGM", "ENBR", "ENZV", "ENVA", "ENTC", "LEMD", "LEBL", "LEPA",
               "LEMG", "LGAV", "LGTS", "LGIR", "LGRP", "RKSI", "RKPC", "RKPK",
               "RJTT", "RJAA", "RJBB", "ROAH", "EGLL", "EGKK", "ENBO", "LEVC"])


def _port_code():
    return _c(["NOOSL", "NOBGO", "NOSVG", "ESALG", "ESVLC", "ESBCN", "GRPIR",
               "GRSKG", "KRPUS", "KRINC", "KRUSN", "JPYOK", "JPUKB", "JPTYO",
               "NOHAU", "ESBIO", "GRHER", "JPNGO"])


def _flt():
    return _r(_UP, 2) + str(_n(10, 9899))


_WORDS = ["fjord", "anchor", "harbor", "gaviota", "albatros", "kestrel", "tern",
          "puffin", "sirocco", "meltemi", "bora", "nordlys", "skarv", "havn",
          "thalassa", "kyma", "limani", "aetos", "sakura", "kaze", "umi",
          "tsubasa", "haneul", "bada", "gureum", "baram", "marea", "velero",
          "timon", "brujula", "ancla", "cometa", "halcon", "condor", "vega",
          "polaris", "orion", "delta", "zulu", "tango", "bravo", "kilo",
          "sierra", "echo", "foxtrot", "whiskey", "lima", "hotel", "rudder",
          "aileron", "flap", "winglet", "piston", "turbine", "propeller",
          "ballast", "keel", "bollard", "capstan", "mooring", "quay", "pier",
          "beacon", "lighthouse", "compass", "sextant", "radar", "runway",
          "taxiway", "apron", "hangar", "cockpit", "galley", "deck", "hull",
          "mast", "rigging", "starboard", "port", "bosun", "trawler", "glacier",
          "lofoten", "cabotage", "brisa", "ola", "nube", "sol", "kumo", "tori",
          "namu", "gaeul", "thyella", "ourano", "pelagos", "ankyra"]
_CITIES = ["Bergen", "Tromso", "Stavanger", "Bodo", "Alesund", "Madrid", "Bilbao",
           "Vigo", "Malaga", "Palma", "Piraeus", "Syros", "Chania", "Patras",
           "Busan", "Incheon", "Ulsan", "Jeju", "Yokohama", "Kobe", "Osaka",
           "Naha", "Hakodate", "Oslo", "Narvik", "Valencia", "Cadiz", "Rhodes",
           "Mokpo", "Niigata", "Kirkenes", "Hammerfest", "Gijon", "Volos"]
_SEASONS = ["Summer", "Winter", "Spring", "Autumn", "Sommer", "Vinter", "Host",
            "Var", "Verano", "Invierno", "Otono", "Primavera", "Kalokairi",
            "Xeimonas", "Natsu", "Fuyu", "Haru", "Aki", "Yeoreum", "Gyeoul",
            "Bom", "Gaeul"]
_LEET = {"a": "@", "o": "0", "e": "3", "i": "1", "s": "$"}


def _pw_raw():
    k = _n(0, 11)
    if k == 0:
        return _c(_CITIES) + str(_n(2015, 2026)) + _c("!#$*.?")
    if k == 1:
        return _c(_WORDS).capitalize() + _c("#@!_.-") + str(_n(10, 9999))
    if k == 2:
        return "-".join([_c(_WORDS) for _ in range(_n(3, 4))]) + "-" + str(_n(1, 99))
    if k == 3:
        w = _c(_WORDS) + _c(_WORDS)
        w = "".join([_LEET[ch] if ch in _LEET and _n(0, 1) else ch for ch in w])
        return w[0].upper() + w[1:] + str(_n(1, 999))
    if k == 4:
        return _c(_SEASONS) + str(_n(2019, 2026)) + _c(["!!", "!", "#", "$", "*", "?", "@"])
    if k == 5:
        return _c(_WORDS).capitalize() + _c(_WORDS).capitalize() + str(_n(1, 999)) + _c("!?#%")
    if k == 6:
        return _c(_ORG_PRE).replace("-", "").capitalize() + _c(["Ops", "Mro", "Crew", "Fleet", "Ship", "Ais", "Wx", "Edi"]) + _c("!#@") + str(_n(2019, 2026))
    if k == 7:
        return _r(_AN, 3) + _c("!#$%&*@") + _r(_AN, _n(8, 14)) + _c("!#$%*-_=+") + _r(_AN, 2)
    if k == 8:
        return _c(_WORDS).capitalize() + "." + str(_n(1000, 99999))
    if k == 9:
        return _c(_SHIP_NAME).split(" ")[0].replace(".", "") + _c("#_!") + "%04d" % _n(0, 9999)
    if k == 10:
        return _c(_WORDS) + str(_n(10, 99)) + _c(_WORDS).upper() + _c("!$")
    return _r(_AN, _n(14, 22))


def _pw(bad=""):
    while True:
        p = _pw_raw()
        if len(p) >= 8 and not any(ch in p for ch in bad):
            return p


_URLBAD = "@:/?#%&+ !$*="
_SHBAD = "'\"$`\\ !&;|<>()#*?"
_CSBAD = ";'\"= "


def _pwu():
    return _pw(_URLBAD)


def _pws():
    return _pw(_SHBAD)


def _pwc():
    return _pw(_CSBAD)


def _rand_pw(n=None):
    return _r(_AN + "!#%*-_=+.", n if n else _n(16, 28))


def _pin(n=6):
    while True:
        p = _r(_DG, n)
        if len(set(p)) > 2:
            return p


# ---------------------------------------------------------------------------
# vendor-shaped tokens (shapes imitated, values random)
# ---------------------------------------------------------------------------
def _aws_id():
    return _c(["AKIA", "AKIA", "ASIA"]) + _r(_UP + "234567", 16)


def _aws_secret():
    return _r(_AN + "+/", 40)


def _ghp():
    return "ghp_" + _r(_AN, 36)


def _gh_fine():
    return "github_pat_11" + _r(_ANU, 20) + "_" + _r(_AN, 59)


def _glpat():
    return "glpat-" + _r(_AN + "-_", 20)


def _xoxb():
    return "xoxb-%d-%d-%s" % (_n(10 ** 10, 10 ** 12), _n(10 ** 12, 10 ** 13), _r(_AN, 24))


def _jwt(claims=None, alg="HS256"):
    hdr = {"alg": alg, "typ": "JWT"}
    if alg.startswith("RS"):
        hdr["kid"] = _hex(16)
    body = claims if claims else {"sub": _uname(), "iss": "https://" + _host("auth"),
                                  "iat": _n(1700000000, 1760000000)}
    body = dict(body)
    body["exp"] = body.get("iat", 1700000000) + _c([3600, 86400, 604800, 31536000])
    return (_b64us(_json.dumps(hdr, separators=(",", ":"))) + "." +
            _b64us(_json.dumps(body, separators=(",", ":"))) + "." +
            _b64u(256 if alg.startswith("RS") else 32))


def _sendgrid():
    return "SG." + _r(_B64U, 22) + "." + _r(_B64U, 43)


def _stripe(kind="sk_live_"):
    return kind + "51" + _r(_AN, _n(90, 98))


def _aiza():
    return "AIza" + _r(_B64U, 35)


def _azkey():
    return _b64(64)


def _az_client_secret():
    return _r(_AN, 3) + "8Q~" + _r(_AN + "~._-", 34)


def _hvs():
    return "hvs." + _r(_AN + "_-", _c([24, 91]))


def _openai():
    return "sk-proj-" + _r(_B64U, _c([48, 74, 132]))


def _anthropic():
    return "sk-ant-api03-" + _r(_B64U, 93) + "AA"


def _hf():
    return "hf_" + _r(_AN, 34)


def _npm():
    return "npm_" + _r(_AN, 36)


def _pypi():
    return "pypi-AgEIcHlwaS5vcmc" + _r(_B64U, _n(140, 170))


def _dop():
    return "dop_v1_" + _hex(64)


def _age_key():
    return "AGE-SECRET-KEY-1" + _r(_BECH, 58).upper()


def _mapbox(kind="sk"):
    u = _uname()
    return kind + "." + _b64us('{"u":"%s","a":"%s"}' % (u, _r(_ANL, 25))) + "." + _r(_B64U, 22)


def _pem_body(kind="rsa"):
    if kind == "rsa":
        raw = "MIIEv" + _c("QIA") + "IBADANBgkqhkiG9w0BAQEFAASCBK" + _c("cgsk") + "wggS" + _c("jkl") + "AgEAAoIBAQ" + _r(_B64A, 1560)
    elif kind == "ec":
        raw = "MHcCAQEEI" + _r(_B64A, 40) + "oAoGCCqGSM49AwEHoUQDQgAE" + _r(_B64A, 84)
    elif kind == "openssh":
        raw = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW" + "QyNTUxOQAAACA" + _r(_B64A, 230)
    else:
        raw = "MIIJ" + _r(_B64A, 500)
    lines = [raw[i:i + (70 if kind == "openssh" else 64)] for i in range(0, len(raw), 70 if kind == "openssh" else 64)]
    return "\n".join(lines)


# registry ------------------------------------------------------------------
_FMTS = []

CMD = "command"
OUT = "tool-output"
CFG = "config-file"
SRC = "source-code"
LOG = "stack-trace-or-log"
CHAT = "note-or-chat"
CI = "ci-and-deploy"
VT = "vendor-token"
_GROUPS = [CMD, OUT, CFG, SRC, LOG, CHAT, CI, VT]


def _f(group, fmt):
    def deco(fn):
        _FMTS.append((group, fmt, fn))
        return fn
    return deco


# ===========================================================================
# command: shell / Windows / PowerShell commands the agent ran
# ===========================================================================
@_f(CMD, "mysql-inline-dash-p")
def _():
    h, u, p = _host(_c(["bhs", "fids", "gate", "db"])), _svc(), _pws()
    db = _c(["bhs_sortation", "fids_core", "gate_alloc", "crew_pairing"])
    return "mysql -h %s -u %s -p%s %s -e 'SELECT COUNT(*) FROM bag_events'" % (h, u, p, db), p, h


@_f(CMD, "psql-uri-password")
def _():
    h, u, p = _host(_c(["pg", "crew", "roster"])), _svc(), _pwu()
    return 'psql "postgresql://%s:%s@%s:5432/roster?sslmode=require" -c "\\dt"' % (u, p, h), p, h


@_f(CMD, "pgpassword-env-prefix")
def _():
    h, u, p = _host(_c(["pg", "noon", "fleet"])), _svc(), _pws()
    return "PGPASSWORD='%s' pg_dump -h %s -U %s -Fc fleetdb > /tmp/fleetdb_%s.dump" % (p, h, u, _date()), p, h


@_f(CMD, "curl-basic-user-colon")
def _():
    h, u, p = _host(_c(["sita-gw", "acars", "edi"])), _svc(), _pw("'@: ")
    return "curl -sk -u %s:'%s' https://%s/api/v1/typeb/queues | jq '.[].depth'" % (u, p, h), p, h


@_f(CMD, "curl-bearer-jwt-header")
def _():
    h = _host(_c(["flightplan", "ofp", "crew"]))
    t = _jwt({"sub": _svc(), "scope": "ofp.read ofp.write", "iat": _n(1700000000, 1760000000)})
    return 'curl -s -H "Authorization: Bearer %s" https://%s/v2/ofp/%s/latest' % (t, h, _flt()), t, h


@_f(CMD, "curl-x-api-key-header")
def _():
    k = _r(_AN, 32)
    st = _icao()
    return "curl -s 'https://api.%s/metar/%s/decoded' -H 'X-API-Key: %s'" % (_dom(), st, k), k, st


@_f(CMD, "curl-query-apikey")
def _():
    k = _hex(32)
    st = _icao()
    h = _host("wx")
    return 'curl "https://%s/taf?ids=%s&format=json&apikey=%s"' % (h, st, k), k, st


@_f(CMD, "sshpass-p-quoted")
def _():
    h, p = _host(_c(["vsat", "starlink", "bridge"])), _pw("'")
    return "sshpass -p '%s' ssh -o StrictHostKeyChecking=no admin@%s 'show modem status'" % (p, h), p, h


@_f(CMD, "git-clone-token-url")
def _():
    if _n(0, 1):
        t, h = _ghp(), "github.com"
    else:
        t, h = _glpat(), "gitlab." + _dom()
    return "git clone https://oauth2:%s@%s/%s/acars-bridge.git" % (t, h, _org()), t, h


@_f(CMD, "docker-login-dash-p")
def _():
    h, u, p = "registry." + _dom(), _svc(), _pws()
    return "docker login %s -u %s -p %s" % (h, u, p), p, h


@_f(CMD, "echo-pipe-password-stdin")
def _():
    h, p = "harbor." + _dom(), _pw("'")
    return "echo '%s' | docker login --username robot$efb-ci --password-stdin %s" % (p, h), p, h


@_f(CMD, "az-login-service-principal")
def _():
    app, s, ten = _uuid(), _az_client_secret(), _uuid()
    return "az login --service-principal -u %s -p '%s' --tenant %s" % (app, s, ten), s, app


@_f(CMD, "aws-configure-set-secret")
def _():
    s = _aws_secret()
    prof = _c(["mro-prod", "efb-charts", "ais-archive", "crew-sched"])
    return "aws configure set aws_secret_access_key %s --profile %s" % (s, prof), s, prof


@_f(CMD, "export-aws-secret-env")
def _():
    i, s = _aws_id(), _aws_secret()
    return "export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 ls s3://%s-ecdis-updates/" % (i, s, _c(_ORG_PRE)), s, "aws s3 ls"


@_f(CMD, "kubectl-secret-from-literal")
def _():
    p = _pws()
    ns = _c(["acars", "fids", "crew-sched", "ais-ingest"])
    return "kubectl -n %s create secret generic db-creds --from-literal=username=%s --from-literal=password=%s" % (ns, _svc(), p), p, ns


@_f(CMD, "helm-set-password")
def _():
    p = _pws()
    return "helm upgrade --install trax-api ./charts/trax-api -n mro --set postgresql.auth.password=%s --set image.tag=%s" % (p, "1.%d.%d" % (_n(0, 20), _n(0, 9))), p, "trax-api"


@_f(CMD, "net-use-positional-password")
def _():
    dom = _c(["NORDVIK", "OPS", "HQ", "MRO"])
    u, p = _uname(), _pw('" ')
    sh = "\\\\fs%02d\\%s" % (_n(1, 9), _c(["ofp$", "crewdocs", "ecdis_upd", "manuals"]))
    return "net use %s %s /user:%s\\%s /persistent:no" % (sh, p, dom, u), p, sh


@_f(CMD, "ps-convertto-securestring")
def _():
    p = _pw("'")
    u = _svc()
    return ("$pw = ConvertTo-SecureString '%s' -AsPlainText -Force; "
            "$cred = New-Object System.Management.Automation.PSCredential('OPS\\%s', $pw); "
            "Enter-PSSession -ComputerName FIDS-PLAYER-%02d -Credential $cred" % (p, u, _n(1, 40))), p, u


@_f(CMD, "ps-invoke-restmethod-bearer")
def _():
    t = _r(_AN, 40)
    h = _host(_c(["amos", "trax"]))
    return ('Invoke-RestMethod -Uri "https://%s/api/workorders?status=open" '
            '-Headers @{ Authorization = "Bearer %s" } | ConvertTo-Json' % (h, t)), t, h


@_f(CMD, "cmdkey-add-pass")
def _():
    h, u, p = _host("ecdis"), _svc(), _pw('" ')
    return "cmdkey /add:%s /user:%s /pass:%s" % (h, u, p), p, h


@_f(CMD, "schtasks-rp-password")
def _():
    u, p = _svc(), _pw('" ')
    return ('schtasks /Create /TN "NoonReportUpload" /TR "C:\\noon\\upload.bat" /SC HOURLY '
            '/RU SHIPLAN\\%s /RP %s' % (u, p)), p, "NoonReportUpload"


@_f(CMD, "sqlcmd-dash-upper-p")
def _():
    h, p = _host(_c(["db", "bhs", "gate"])), _pw('" ')
    return 'sqlcmd -S %s,1433 -U sa -P "%s" -d GateAlloc -Q "SELECT TOP 5 * FROM dbo.Stands"' % (h, p), p, h


@_f(CMD, "mongosh-srv-uri")
def _():
    u, p = _svc(), _pwu()
    c = "cluster%d.%s.mongodb.net" % (_n(0, 9), _r(_ANL, 5))
    return 'mongosh "mongodb+srv://%s:%s@%s/ais?retryWrites=true" --eval "db.positions.countDocuments()"' % (u, p, c), p, u


@_f(CMD, "redis-cli-dash-a")
def _():
    h, p = _host(_c(["mq", "fids", "gate"])), _pws()
    return "redis-cli -h %s -p 6379 -a %s --no-auth-warning KEYS 'fids:board:*'" % (h, p), p, h


@_f(CMD, "openssl-enc-pass-arg")
def _():
    p = _pws()
    f = _c(["crew_roster", "pax_manifest", "dg_manifest", "bhs_export"])
    return "openssl enc -aes-256-cbc -pbkdf2 -salt -in %s.csv -out %s.csv.enc -pass pass:%s" % (f, f, p), p, f + ".csv"


@_f(CMD, "zip-dash-upper-p")
def _():
    p = _pws()
    return "zip -P %s techlog_%s.zip techlog/*.pdf" % (p, _tail()), p, "techlog/*.pdf"


@_f(CMD, "7z-dash-p-attached")
def _():
    p = _pw('" ')
    return '7z a -p"%s" -mhe=on C:\\exports\\ais_%s.7z C:\\ais\\archive\\*.nmea' % (p, _date()), p, "C:\\ais\\archive\\*.nmea"


@_f(CMD, "lftp-user-comma-pass")
def _():
    h, u, p = _host(_c(["customs", "edi", "sftp"])), _c(["aduana_edi", "tollvesen_edi", "edi_user"]), _pw("', ")
    return "lftp -u %s,'%s' sftp://%s -e 'mirror --only-newer /outbound ./cusdec; bye'" % (u, p, h), p, h


@_f(CMD, "smbclient-user-percent")
def _():
    h, u, p = _host("fs"), _uname(), _pw("'% ")
    return "smbclient //%s/ofp -U 'OPS\\%s%%%s' -c 'ls'" % (h, u, p), p, h


@_f(CMD, "wget-http-password")
def _():
    h, u, p = _host("chartsync"), _svc(), _pws()
    return "wget --http-user=%s --http-password=%s https://%s/avcs/weekly/ENC_%s.zip" % (u, p, h, _date()), p, h


@_f(CMD, "ftp-url-credentials")
def _():
    h, u, p = _host(_c(["edi", "noon"])), _svc(), _pwu()
    return "curl -T noon_%s.xml ftp://%s:%s@%s/inbound/" % (_date(), u, p, h), p, h


@_f(CMD, "vault-login-token-positional")
def _():
    t = _hvs()
    return "VAULT_ADDR=https://vault.%s vault login %s" % (_dom(), t), t, "vault login"


@_f(CMD, "gh-auth-with-token-herestring")
def _():
    t = _ghp()
    return "gh auth login --hostname github.com --with-token <<< %s" % t, t, "gh auth login"


@_f(CMD, "npm-config-set-authtoken")
def _():
    t = _npm()
    return "npm config set //npm.pkg.github.com/:_authToken=%s" % t, t, "npm.pkg.github.com"


@_f(CMD, "pip-index-url-creds")
def _():
    h, u, p = "nexus." + _dom(), _svc(), _pwu()
    return "pip install --index-url https://%s:%s@%s/repository/pypi-all/simple efb-chartkit==2.%d.%d" % (u, p, h, _n(0, 9), _n(0, 9)), p, h


@_f(CMD, "twine-upload-dash-p")
def _():
    t = _pypi()
    return "twine upload -u __token__ -p %s dist/metar_parser-%d.%d.%d*" % (t, _n(0, 3), _n(0, 20), _n(0, 9)), t, "twine upload"


@_f(CMD, "mosquitto-pub-dash-upper-p")
def _():
    h, p = _host(_c(["ais", "mq"])), _pws()
    return "mosquitto_pub -h %s -p 8883 --capath /etc/ssl/certs -u ais_forwarder -P %s -t 'fleet/ais/raw' -f sample.nmea" % (h, p), p, h


@_f(CMD, "ipmitool-dash-upper-p")
def _():
    h, p = "10.%d.%d.%d" % (_n(0, 50), _n(0, 254), _n(1, 254)), _pws()
    return "ipmitool -I lanplus -H %s -U ADMIN -P %s chassis power status" % (h, p), p, h


@_f(CMD, "snmpwalk-v3-auth-priv")
def _():
    h = _host("vsat")
    a, x = _pws(), _pws()
    return "snmpwalk -v3 -l authPriv -u nms -a SHA -A %s -x AES -X %s %s 1.3.6.1.4.1" % (a, x, h), x, h


@_f(CMD, "snmpwalk-v2c-private-community")
def _():
    h = _host(_c(["vsat", "bridge"]))
    c = _c(["vsatRW", "shipNMS", "bridgeMon", "fleetSNMP"]) + _r(_AN, _n(6, 10))
    return "snmpwalk -v2c -c %s %s IF-MIB::ifOperStatus" % (c, h), c, h


@_f(CMD, "nmcli-wifi-password")
def _():
    ssid = _c(["CREW-WIFI", "BRIDGE-NET", "ECR-MAINT", "HANGAR3-OPS", "EFB-SYNC"])
    p = _pw('" ')
    return 'nmcli dev wifi connect "%s" password "%s" ifname wlan0' % (ssid, p), p, ssid


@_f(CMD, "wpa-passphrase-positional")
def _():
    ssid = _c(["CrewNet", "OfficersLounge", "GalleyAP", "EngineRoom"])
    p = _pw("' ")
    return "wpa_passphrase %s '%s' >> /etc/wpa_supplicant/wpa_supplicant.conf" % (ssid, p), p, ssid


@_f(CMD, "htpasswd-batch")
def _():
    u, p = _uname(), _pws()
    return "htpasswd -b /etc/nginx/.htpasswd_fids %s %s" % (u, p), p, u


@_f(CMD, "keytool-storepass")
def _():
    p = _pws()
    return "keytool -importcert -alias sita-root -file sita_root.cer -keystore /opt/trax/conf/truststore.jks -storepass %s -noprompt" % p, p, "sita-root"


@_f(CMD, "openssl-pkcs12-passout")
def _():
    p = _pws()
    return "openssl pkcs12 -export -in as2_%s.crt -inkey as2.key -out as2.p12 -name as2-pcs -passout pass:%s" % (_c(_ORG_PRE), p), p, "as2-pcs"


@_f(CMD, "gpg-batch-passphrase")
def _():
    p = _pw("' ")
    return "gpg --batch --yes --pinentry-mode loopback --passphrase '%s' -d cusres_%s.edi.gpg > cusres.edi" % (p, _date()), p, "cusres.edi"


@_f(CMD, "java-jar-db-password-flag")
def _():
    p = _pws()
    h = _host("oracle")
    return "java -jar amos-interface-%d.%d.jar --db.url=jdbc:oracle:thin:@%s:1521/AMOSPRD --db.user=AMOS_IF --db.password=%s" % (_n(3, 9), _n(0, 9), h, p), p, h


@_f(CMD, "python-script-positional-creds")
def _():
    h, u, p = _host("acars"), _svc(), _pws()
    return "python3 tools/acars_replay.py %s %s %s --since %s" % (h, u, p, _date()), p, h


@_f(CMD, "shell-script-positional-typeb")
def _():
    addr = _r(_UP, 3) + _c(["OP", "KO", "DD", "XH"]) + _r(_UP, 2)
    u, p = _svc(), _pws()
    return "./bin/typeb_send.sh %s %s %s msgs/MVT_%s.txt" % (addr, u, p, _flt()), p, addr


@_f(CMD, "fly-secrets-set")
def _():
    k = _r(_AN, 32)
    return "fly secrets set AEROAPI_KEY=%s -a flight-tracker-%s" % (k, _r(_ANL, 4)), k, "AEROAPI_KEY"


@_f(CMD, "terraform-var-password")
def _():
    p = _pw("' ")
    return "terraform apply -var 'db_admin_password=%s' -var env=prod -auto-approve" % p, p, "env=prod"


@_f(CMD, "ansible-become-pass-extra-var")
def _():
    p = _pw("' \"")
    return "ansible-playbook -i inventories/vessels site.yml -l %s -e 'ansible_become_pass=%s'" % (_c(["skarv_viking", "ostria_star", "hanul_glory"]), p), p, "site.yml"


@_f(CMD, "docker-run-env-password")
def _():
    p = _pws()
    return "docker run -d --name trax-db -e ORACLE_PASSWORD=%s -p 1521:1521 gvenzl/oracle-xe:21-slim" % p, p, "trax-db"


@_f(CMD, "mc-alias-set-positional")
def _():
    ak, sk = _r(_ANU, 20), _r(_AN, 40)
    h = _host("minio")
    return "mc alias set shipstore https://%s %s %s" % (h, ak, sk), sk, h


@_f(CMD, "sqlplus-user-slash-pass")
def _():
    p = _pw("/@ '\"")
    h = _host("oracle")
    return "sqlplus AMOS_ADMIN/%s@%s:1521/AMOSPRD @scripts/wo_backlog.sql" % (p, h), p, h


@_f(CMD, "expdp-userid")
def _():
    p = _pw("/@ '\"")
    return "expdp system/%s@TRAXPRD schemas=TRAX directory=DATA_PUMP_DIR dumpfile=trax_%s.dmp" % (p, _date().replace("-", "")), p, "schemas=TRAX"


@_f(CMD, "beeline-n-p")
def _():
    p = _pws()
    h = _host("hive")
    return "beeline -u jdbc:hive2://%s:10000/ais -n analytics -p %s -e 'select count(*) from positions'" % (h, p), p, h


@_f(CMD, "influx-write-token")
def _():
    t = _b64(64).replace("+", "-").replace("/", "_")
    return "influx write --bucket engine_telemetry --org fleet --token %s --file me_%s.lp" % (t, _date()), t, "engine_telemetry"


@_f(CMD, "curl-elastic-user")
def _():
    p = _pw("'@: ")
    h = _host("kibana")
    return "curl -sk -u elastic:'%s' https://%s:9200/_cat/indices/acars-*?v" % (p, h), p, h


@_f(CMD, "rabbitmqctl-change-password")
def _():
    u, p = _svc(), _pws()
    return "rabbitmqctl change_password %s %s" % (u, p), p, u


@_f(CMD, "psexec-u-p")
def _():
    u, p = _svc(), _pw('" ')
    return "PsExec.exe \\\\GATE-PC%02d -u OPS\\%s -p %s -accepteula ipconfig /all" % (_n(1, 60), u, p), p, u


@_f(CMD, "net-user-add")
def _():
    u, p = _c(["fids_kiosk", "gate_agent", "bhs_view", "sita_cute"]), _pw('" ')
    return "net user %s %s /add /expires:never" % (u, p), p, u


@_f(CMD, "reg-add-autologon-defaultpassword")
def _():
    p = _pw('" ')
    return ('reg add "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" '
            '/v DefaultPassword /t REG_SZ /d "%s" /f' % p), p, "Winlogon"


@_f(CMD, "plink-pw")
def _():
    h, p = _host(_c(["vsat", "bridge"])), _pw('" ')
    return 'plink.exe -ssh -batch admin@%s -pw "%s" "cat /var/log/modem.log"' % (h, p), p, h


@_f(CMD, "winscp-open-url")
def _():
    h, u, p = _host(_c(["pcs", "customs"])), _svc(), _pwu()
    return 'WinSCP.com /command "open sftp://%s:%s@%s/ -hostkey=*" "get /out/*.edi C:\\edi\\in\\" "exit"' % (u, p, h), p, h


@_f(CMD, "curl-client-credentials-form")
def _():
    cid, cs = _uuid(), _r(_AN + "-_", 40)
    h = _host("auth")
    return ('curl -s -X POST https://%s/oauth2/token -d grant_type=client_credentials '
            '-d client_id=%s -d client_secret=%s -d scope=flightplan.read' % (h, cid, cs)), cs, cid


@_f(CMD, "httpie-token-header")
def _():
    t = _hex(40)
    h = _host("trax")
    return "http GET https://%s/api/v3/aircraft/%s/defects 'Authorization:Token %s'" % (h, _tail(), t), t, h


@_f(CMD, "mysqldump-password-eq")
def _():
    p = _pws()
    return "mysqldump --user=gate_rw --password=%s --single-transaction gate_alloc > gate_alloc.sql" % p, p, "gate_rw"


@_f(CMD, "ibmcloud-login-apikey")
def _():
    k = _r(_AN + "-_", 44)
    return "ibmcloud login --apikey %s -r eu-de -g mro-analytics" % k, k, "mro-analytics"


@_f(CMD, "doctl-auth-init-t")
def _():
    t = _dop()
    return "doctl auth init --context wx-tiles -t %s" % t, t, "wx-tiles"


@_f(CMD, "curl-line-continuation-split-token")
def _():
    t = _r(_AN, 48)
    k = _n(15, 35)
    h = _host(_c(["crew", "roster"]))
    sec = t[:k] + "\\\n" + t[k:]
    return ('curl -s https://%s/api/pairings?base=%s \\\n  -H "X-Auth-Token: %s"' % (h, _icao(), sec)), sec, h


@_f(CMD, "ps-new-aduser-accountpassword")
def _():
    u, p = _uname(), _pw('"')
    return ('New-ADUser -Name "%s" -Path "OU=Dispatch,DC=ops,DC=local" -AccountPassword '
            '(ConvertTo-SecureString "%s" -AsPlainText -Force) -Enabled $true' % (u, p)), p, u


@_f(CMD, "ps-env-assignment")
def _():
    p = _pw('"')
    return '$env:SITA_GW_PASSWORD = "%s"; .\\TypeBBridge.exe --queue OSLKOXH' % p, p, "SITA_GW_PASSWORD"


@_f(CMD, "rclone-obscure-inline")
def _():
    p = _pws()
    return "rclone copy ./charts :sftp,host=%s,user=%s,pass=$(rclone obscure %s):/upload/charts" % (_host("ecdis"), _svc(), p), p, "./charts"


@_f(CMD, "rsync-password-env")
def _():
    p = _pws()
    h = _host("noon")
    return "RSYNC_PASSWORD=%s rsync -av --delete rsync://noonsync@%s/reports/ /srv/noon/" % (p, h), p, h


@_f(CMD, "ssh-keygen-change-passphrase")
def _():
    o, n = _pw("' "), _pw("' ")
    return "ssh-keygen -p -f ~/.ssh/id_ed25519_vsat -P '%s' -N '%s'" % (o, n), n, "id_ed25519_vsat"


@_f(CMD, "curl-sftp-user")
def _():
    h, u, p = _host("as2"), _svc(), _pw("'@: ")
    return "curl -k --user '%s:%s' sftp://%s/inbox/ -l" % (u, p, h), p, h


@_f(CMD, "kafka-console-jaas-inline")
def _():
    p = _pw('"\\ ')
    return ("kafka-console-consumer --bootstrap-server %s:9093 --topic ais.positions "
            "--consumer-property security.protocol=SASL_SSL --consumer-property sasl.mechanism=SCRAM-SHA-512 "
            "--consumer-property 'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required "
            "username=\"ais-ro\" password=\"%s\";'" % (_host("kafka"), p)), p, "ais.positions"


# ===========================================================================
# tool-output: what commands printed back
# ===========================================================================
@_f(OUT, "env-grep-output")
def _():
    p = _pw()
    return "$ env | grep -i amos\nAMOS_DB_HOST=%s\nAMOS_DB_USER=AMOS_IF\nAMOS_DB_PASSWORD=%s\nAMOS_HOME=/opt/amos" % (_host("oracle"), p), p, "AMOS_DB_USER=AMOS_IF"


@_f(OUT, "docker-inspect-env-array")
def _():
    p = _pw('"\\')
    return ('"Env": [\n    "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",\n'
            '    "FIDS_DB_USER=fids_rw",\n    "FIDS_DB_PASSWORD=%s",\n    "TZ=Europe/Oslo"\n],' % p), p, "FIDS_DB_USER=fids_rw"


@_f(OUT, "kubectl-secret-yaml-base64-data")
def _():
    p = _pw()
    b = _b64s(p)
    return ("apiVersion: v1\ndata:\n  password: %s\n  username: %s\nkind: Secret\nmetadata:\n  name: sita-gw-creds\n  namespace: acars\ntype: Opaque"
            % (b, _b64s(_svc()))), b, "sita-gw-creds"


@_f(OUT, "kubectl-describe-pod-env")
def _():
    t = _r(_AN, 40)
    return ("    Environment:\n      SPRING_PROFILES_ACTIVE:  prod\n      TRAX_API_URL:            https://%s/api\n"
            "      TRAX_API_TOKEN:          %s\n    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-%s (ro)"
            % (_host("trax"), t, _r(_ANL, 5))), t, "SPRING_PROFILES_ACTIVE"


@_f(OUT, "cat-aws-credentials-file")
def _():
    i, s = _aws_id(), _aws_secret()
    prof = _c(["ecdis-sync", "ais-lake", "mro-docs"])
    return "$ cat ~/.aws/credentials\n[%s]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-north-1" % (prof, i, s), s, prof


@_f(OUT, "git-remote-v-token")
def _():
    t = _ghp()
    r = "%s/efb-docs-sync" % _org()
    return "$ git remote -v\norigin\thttps://x-access-token:%s@github.com/%s.git (fetch)\norigin\thttps://x-access-token:%s@github.com/%s.git (push)" % (t, r, t, r), t, r


@_f(OUT, "git-config-list-extraheader")
def _():
    b = _b64s("x-access-token:" + _ghp())
    return ("$ git config --list --show-origin | grep http\nfile:.git/config\thttp.https://github.com/.extraheader=AUTHORIZATION: basic %s" % b), b, "file:.git/config"


@_f(OUT, "heroku-config-table")
def _():
    u, p = _svc(), _pwu()
    h = "ec2-%d-%d-%d-%d.eu-west-1.compute.amazonaws.com" % (_n(3, 54), _n(0, 254), _n(0, 254), _n(1, 254))
    return ("=== crew-portal-prod Config Vars\nDATABASE_URL:     postgres://%s:%s@%s:5432/d%s\nRAILS_ENV:        production\nWEB_CONCURRENCY:  3"
            % (u, p, h, _r(_ANL, 13))), p, "crew-portal-prod"


@_f(OUT, "terraform-output-json-sensitive-shown")
def _():
    p = _rand_pw(24)
    return ('$ terraform output -json\n{\n  "db_admin_password": {\n    "sensitive": true,\n    "type": "string",\n    "value": "%s"\n  },\n  "db_endpoint": {\n    "sensitive": false,\n    "type": "string",\n    "value": "%s:5432"\n  }\n}' % (p, _host("pg"))), p, "db_endpoint"


@_f(OUT, "vault-kv-get-table")
def _():
    p = _pw()
    return ("$ vault kv get secret/ops/sita-typeb\n====== Data ======\nKey         Value\n---         -----\npassword    %s\nusername    %s"
            % (p, _svc())), p, "secret/ops/sita-typeb"


@_f(OUT, "az-ad-sp-create-json")
def _():
    app, s = _uuid(), _az_client_secret()
    return ('{\n  "appId": "%s",\n  "displayName": "sp-efb-chartsync",\n  "password": "%s",\n  "tenant": "%s"\n}' % (app, s, _uuid())), s, "sp-efb-chartsync"


@_f(OUT, "aws-iam-create-access-key-json")
def _():
    i, s = _aws_id(), _aws_secret()
    return ('{\n    "AccessKey": {\n        "UserName": "ais-archiver",\n        "AccessKeyId": "%s",\n        "Status": "Active",\n        "SecretAccessKey": "%s",\n        "CreateDate": "%s"\n    }\n}' % (i, s, _ts())), s, "ais-archiver"


@_f(OUT, "gh-auth-status-show-token")
def _():
    t = "gho_" + _r(_AN, 36)
    u = _uname()
    return ("github.com\n  ✓ Logged in to github.com account %s (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: %s\n  - Token scopes: 'gist', 'read:org', 'repo'" % (u, t)), t, u


@_f(OUT, "cat-netrc")
def _():
    h, u, p = _host(_c(["edi", "chartsync", "wx"])), _svc(), _pw(" ")
    return "$ cat ~/.netrc\nmachine %s\n  login %s\n  password %s" % (h, u, p), p, h


@_f(OUT, "ps-aux-cmdline-password")
def _():
    p = _pws()
    return ("$ ps aux | grep bridge\nacars    %s  2.1  0.8 812344 66120 ?  Ssl  %s   3:12 /usr/bin/java -jar acars-bridge.jar --gw-user=acarsgw --gw-pass=%s"
            % (_pid(), _time()[:5], p)), p, "acars-bridge.jar"


@_f(OUT, "systemctl-show-environment")
def _():
    t = _r(_AN, 32)
    return "$ systemctl show ais-forwarder -p Environment\nEnvironment=AIS_UPSTREAM=tcp://%s:5631 AIS_API_KEY=%s LOG_LEVEL=info" % (_ip(), t), t, "ais-forwarder"


@_f(OUT, "docker-compose-config-output")
def _():
    p = _pw("'\"")
    return ("services:\n  gate-db:\n    environment:\n      MYSQL_DATABASE: gate_alloc\n      MYSQL_ROOT_PASSWORD: %s\n    image: mariadb:10.11" % p), p, "gate_alloc"


@_f(OUT, "helm-get-values")
def _():
    p = _pw("'\"")
    return ("$ helm get values fids-display -n airport\nUSER-SUPPLIED VALUES:\nredis:\n  auth:\n    password: %s\nreplicaCount: 4" % p), p, "fids-display"


@_f(OUT, "curl-verbose-basic-auth-header")
def _():
    u, p = _svc(), _pw()
    b = _b64s(u + ":" + p)
    h = _host("pcs")
    return ("> GET /api/portcalls?eta_from=%s HTTP/1.1\n> Host: %s\n> Authorization: Basic %s\n> User-Agent: curl/8.5.0\n> Accept: */*" % (_date(), h, b)), b, h


@_f(OUT, "curl-verbose-set-cookie-session")
def _():
    s = _r(_AN, 48)
    h = _host("crew")
    return ("< HTTP/1.1 302 Found\n< Location: https://%s/roster/home\n< Set-Cookie: CREWSESSID=%s; Path=/; Secure; HttpOnly; SameSite=Lax" % (h, s)), s, h


@_f(OUT, "oauth-token-response-json")
def _():
    t = _jwt({"sub": _svc(), "aud": "flightplan-api", "iat": _n(1700000000, 1760000000)}, "RS256")
    return '{"access_token":"%s","token_type":"Bearer","expires_in":3599,"scope":"ofp.read"}' % t, t, "ofp.read"


@_f(OUT, "cat-wpa-supplicant-psk")
def _():
    ssid = _c(["CrewNet", "BRIDGE-NET", "HANGAR-2", "RAMP-OPS"])
    p = _pw('"')
    return '$ sudo cat /etc/wpa_supplicant/wpa_supplicant.conf\nnetwork={\n    ssid="%s"\n    psk="%s"\n    key_mgmt=WPA-PSK\n}' % (ssid, p), p, ssid


@_f(OUT, "router-show-run-username-password")
def _():
    p = _pw(" ")
    return ("vsat-rtr#show running-config | include username\nusername admin privilege 15 password 0 %s\nusername noc privilege 5 secret 9 $9$%s$%s" % (p, _r(_AN, 14), _r(_AN + "./", 43))), p, "vsat-rtr"


@_f(OUT, "nvram-show-grep-pass")
def _():
    p = _pw(" ")
    return "# nvram show | grep -i passw\nhttp_passwd=%s\nhttp_username=admin\nwl0_wpa_psk_hint=\nsize: 31824 bytes (33712 left)" % p, p, "http_username=admin"


@_f(OUT, "sqlite-select-settings")
def _():
    t = _r(_AN + "-_", 43)
    return ("$ sqlite3 EFBSync.sqlite \"select key,value from settings;\"\nserver_url|https://%s/sync\ndevice_id|%s\nsync_token|%s\nlast_sync|%s" % (_host("efb"), _uuid().upper(), t, _ts())), t, "server_url"


@_f(OUT, "mysql-select-integration-table")
def _():
    p = _pw("| ")
    h = _host(_c(["sita-gw", "acars"]))
    return ("+----+------------+---------------------------+-----------+------------------+\n"
            "| id | name       | endpoint                  | username  | password         |\n"
            "+----+------------+---------------------------+-----------+------------------+\n"
            "|  3 | SITA_TYPEB | %s | sita_b2b  | %s |\n"
            "+----+------------+---------------------------+-----------+------------------+" % (h, p)), p, "SITA_TYPEB"


@_f(OUT, "proc-environ-dump")
def _():
    p = _pw()
    return "$ cat /proc/%s/environ | tr '\\0' '\\n'\nHOME=/home/bhs\nBHS_PLC_USER=opcua_ro\nBHS_PLC_PASSWORD=%s\nLANG=C.UTF-8" % (_pid(), p), p, "BHS_PLC_USER=opcua_ro"


@_f(OUT, "grep-recursive-password-hit")
def _():
    p = _pw()
    return ("$ grep -rn password /opt/trax/conf/\n/opt/trax/conf/interfaces.properties:14:sita.gateway.password=%s\n/opt/trax/conf/interfaces.properties:15:# password rotation handled by ops" % p), p, "/opt/trax/conf/interfaces.properties"


@_f(OUT, "strings-firmware-grep")
def _():
    p = _pw(" ")
    return "$ strings vsat_fw_%d.%d.bin | grep -i -A1 admin\nadmin_user=admin\nadmin_pass=%s\ndefault_gw=192.168.100.1" % (_n(3, 9), _n(0, 30), p), p, "admin_user=admin"


@_f(OUT, "ansible-inventory-list-json")
def _():
    p = _pw('"\\')
    return ('"_meta": {\n    "hostvars": {\n        "%s": {\n            "ansible_host": "%s",\n            "ansible_user": "ecdis",\n            "ansible_password": "%s"\n        }\n    }\n}' % (_c(["ecdis-a.skarv-viking", "ecdis-b.ostria-star", "vdr.hanul-glory"]), _ip(), p)), p, "ansible_user"


@_f(OUT, "az-storage-connection-string-output")
def _():
    k = _azkey()
    a = "st" + _r(_ANL, 10)
    return '{\n  "connectionString": "DefaultEndpointsProtocol=https;EndpointSuffix=core.windows.net;AccountName=%s;AccountKey=%s"\n}' % (a, k), k, a


@_f(OUT, "gcloud-print-access-token")
def _():
    t = "ya29." + _r(_B64U, _n(150, 200))
    return "$ gcloud auth print-access-token\n%s" % t, t, "gcloud auth print-access-token"


@_f(OUT, "aws-ecr-get-login-password")
def _():
    t = _b64s('{"payload":"%s","datakey":"%s","version":"2","type":"DATA_KEY","expiration":%d}' % (_b64(120), _b64(90), _n(1700000000, 1760000000)))
    return "$ aws ecr get-login-password --region eu-west-1\n%s" % t, t, "aws ecr get-login-password"


@_f(OUT, "wg-showconf-private-key")
def _():
    k = _b64(32)
    return "$ sudo wg showconf wg0\n[Interface]\nListenPort = 51820\nPrivateKey = %s\n\n[Peer]\nPublicKey = %s\nAllowedIPs = 10.60.0.0/16" % (k, _b64(32)), k, "ListenPort = 51820"


@_f(OUT, "ip-xfrm-state-keys")
def _():
    k = "0x" + _hex(64)
    return ("$ ip xfrm state\nsrc %s dst %s\n\tproto esp spi 0x%s reqid 1 mode tunnel\n\tauth-trunc hmac(sha256) 0x%s 128\n\tenc cbc(aes) %s"
            % (_ip(), _ip172(), _hex(8), _hex(64), k)), k, "proto esp"


@_f(OUT, "cmd-set-output")
def _():
    p = _pw()
    return "C:\\> set SITA\nSITA_GW_HOST=%s\nSITA_GW_PASSWORD=%s\nSITA_GW_USER=%s" % (_host("sita-gw"), p, _svc()), p, "SITA_GW_HOST"


@_f(OUT, "ps-get-childitem-env-table")
def _():
    t = _r(_AN, 32)
    return ("PS C:\\> Get-ChildItem Env: | Where-Object Name -like '*WX*'\n\nName                           Value\n----                           -----\nWX_API_KEY                     %s\nWX_PROVIDER                    metar-taf" % t), t, "WX_PROVIDER"


@_f(OUT, "ps-getnetworkcredential-password")
def _():
    p = _pw()
    return "PS C:\\> $cred.GetNetworkCredential().Password\n%s\nPS C:\\> $cred.UserName\nOPS\\%s" % (p, _svc()), p, "$cred.UserName"


@_f(OUT, "netsh-wlan-key-clear")
def _():
    ssid = _c(["BRIDGE-WIFI", "Crew-5G", "OPS-HANGAR", "GATE-B12"])
    p = _pw(" ")
    return ("Security settings\n-----------------\n    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n    Security key           : Present\n    Key Content            : %s\n\nProfile %s on interface Wi-Fi" % (p, ssid)), p, ssid


@_f(OUT, "cat-app-config-json")
def _():
    k = _r(_AN, 40)
    return ('$ cat /etc/ais-relay/config.json\n{\n  "upstream": "wss://%s/v0/stream",\n  "apiKey": "%s",\n  "mmsiFilter": [%d, %d]\n}' % (_host("ais"), k, _n(200000000, 779999999), _n(200000000, 779999999))), k, "mmsiFilter"


@_f(OUT, "redis-config-get-requirepass")
def _():
    p = _pw('"')
    return '%s:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "%s"' % (_ip(), p), p, "requirepass"


@_f(OUT, "cat-pgpass")
def _():
    p = _pw(": ")
    h = _host("pg")
    return "$ cat ~/.pgpass\n%s:5432:roster:crew_ro:%s\nlocalhost:5432:*:postgres:*" % (h, p), p, h


@_f(OUT, "cat-docker-config-auths")
def _():
    u, p = _svc(), _pw()
    b = _b64s(u + ":" + p)
    r = "registry." + _dom()
    return '$ cat ~/.docker/config.json\n{\n\t"auths": {\n\t\t"%s": {\n\t\t\t"auth": "%s"\n\t\t}\n\t}\n}' % (r, b), b, r


@_f(OUT, "cat-git-credentials")
def _():
    u, t = _uname(), _glpat()
    h = "gitlab." + _dom()
    return "$ cat ~/.git-credentials\nhttps://%s:%s@%s" % (u, t, h), t, h


@_f(OUT, "crontab-l-curl-user")
def _():
    p = _pw("'@: ")
    h = _host("noon")
    return "$ crontab -l\n# noon report push\n0 12 * * * curl -s -u master:'%s' -F file=@/srv/noon/latest.xml https://%s/upload >/dev/null 2>&1" % (p, h), p, h


@_f(OUT, "shell-history-grep")
def _():
    p = _pws()
    return "$ history | grep mysql\n  412  mysql -u root -p\n  418  mysql -h %s -u bhs_admin -p%s bhs\n  433  history | grep mysql" % (_host("bhs"), p), p, "bhs_admin"


@_f(OUT, "az-keyvault-secret-show")
def _():
    p = _pw('"\\')
    return '{\n  "attributes": {"enabled": true},\n  "id": "https://kv-%s.vault.azure.net/secrets/pcs-api-password/%s",\n  "name": "pcs-api-password",\n  "value": "%s"\n}' % (_r(_ANL, 6), _hex(32), p), p, "pcs-api-password"


@_f(OUT, "aws-secretsmanager-secretstring-escaped")
def _():
    p = _pw('"\\')
    return ('{\n    "Name": "prod/trax/oracle",\n    "SecretString": "{\\"username\\":\\"TRAX_APP\\",\\"password\\":\\"%s\\",\\"port\\":1521}",\n    "VersionStages": ["AWSCURRENT"]\n}' % p), p, "prod/trax/oracle"


@_f(OUT, "aws-ssm-get-parameter-decrypted")
def _():
    p = _pw('"\\')
    return '{\n    "Parameter": {\n        "Name": "/ecdis/avcs/password",\n        "Type": "SecureString",\n        "Value": "%s",\n        "Version": %d\n    }\n}' % (p, _n(1, 12)), p, "/ecdis/avcs/password"


@_f(OUT, "op-item-get-reveal")
def _():
    p = _pw()
    return "$ op item get 'Starlink Maritime portal' --fields username,password --reveal\n%s,%s" % (_email(), p), p, "Starlink Maritime portal"


@_f(OUT, "pass-show-first-line")
def _():
    p = _pw()
    return "$ pass show ops/vsat/%s\n%s\nurl: https://192.168.100.1\nuser: admin" % (_c(["skarv-viking", "ostria-star", "hanul-glory"]), p), p, "user: admin"


@_f(OUT, "bw-get-password")
def _():
    p = _pw()
    item = _c(["amos-oracle-prod", "trax-admin", "fids-cms", "pcs-portal"])
    return "$ bw get password %s\n%s" % (item, p), p, item


@_f(OUT, "openssl-rsa-private-key-print")
def _():
    b = _pem_body("rsa")
    return "$ openssl rsa -in as2_private.key\nwriting RSA key\n-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----" % b, b, "writing RSA key"


@_f(OUT, "cat-openssh-private-key")
def _():
    b = _pem_body("openssh")
    return "$ cat ~/.ssh/id_ed25519_ecdis\n-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % b, b, "id_ed25519_ecdis"


@_f(OUT, "terraform-state-show-attr")
def _():
    p = _rand_pw(20)
    return ('# aws_db_instance.crew:\nresource "aws_db_instance" "crew" {\n    engine   = "postgres"\n    password = "%s"\n    username = "crewadmin"\n}' % p), p, "crewadmin"


@_f(OUT, "kubectl-exec-env")
def _():
    t = _r(_AN, 36)
    return "$ kubectl exec -n gate deploy/gate-allocator -- env | sort\nGATE_ALLOC_MODE=live\nHOSTNAME=gate-allocator-%s\nMQ_PASSWORD=%s\nMQ_USER=gatealloc" % (_r(_ANL, 5), t), t, "MQ_USER=gatealloc"


@_f(OUT, "pm2-env-output")
def _():
    t = _r(_AN, 32)
    return "$ pm2 env 3\nNODE_ENV: production\nFIDS_CMS_URL: https://%s\nFIDS_CMS_TOKEN: %s\nPORT: 3100" % (_host("fids"), t), t, "FIDS_CMS_URL"


@_f(OUT, "ldapsearch-bind-echo")
def _():
    p = _pw("' ")
    return ("$ ldapsearch -x -H ldaps://%s -D 'cn=svc_crewsync,ou=svc,dc=ops,dc=local' -w '%s' -b ou=crew,dc=ops,dc=local '(employeeType=pilot)' cn\n# numEntries: %d" % (_host("dc"), p, _n(40, 900))), p, "svc_crewsync"


@_f(OUT, "npm-config-list-authtoken")
def _():
    t = _npm()
    return "$ npm config list\n; \"user\" config from /home/ci/.npmrc\n//registry.npmjs.org/:_authToken = \"%s\"\n@%s:registry = \"https://npm.pkg.github.com\"" % (t, _c(_ORG_PRE)), t, "/home/ci/.npmrc"


@_f(OUT, "pip-config-list-index-url")
def _():
    u, p = _svc(), _pwu()
    h = "artifactory." + _dom()
    return "$ pip config list\nglobal.index-url='https://%s:%s@%s/api/pypi/pypi-remote/simple'\nglobal.timeout='60'" % (u, p, h), p, h


@_f(OUT, "http-response-body-apikey-created")
def _():
    k = "mk_" + _r(_AN, 40)
    return 'HTTP/1.1 201 Created\nContent-Type: application/json\n\n{"id":"key_%s","name":"ais-dashboard","key":"%s","created_at":"%s"}' % (_r(_ANL, 10), k, _ts()), k, "ais-dashboard"


@_f(OUT, "ipsec-secrets-cat")
def _():
    p = _pw('"')
    return '$ sudo cat /etc/ipsec.secrets\n%s %s : PSK "%s"' % (_ip(), _ip172(), p), p, "/etc/ipsec.secrets"


@_f(OUT, "starlink-router-json-dump")
def _():
    p = _pw('"\\')
    return '{"wifiConfig":{"networkName":"%s-CREW","password":"%s","band":"RF_5GHZ"},"deviceId":"Router-%s"}' % (_c(["SKARV", "OSTRIA", "HANUL", "MINATO"]), p, _HEX(24)), p, "networkName"


@_f(OUT, "jq-config-extract")
def _():
    s = _r(_AN + "-_", 40)
    return "$ jq '.auth' /etc/flightplan-client.json\n{\n  \"client_id\": \"fp-%s\",\n  \"client_secret\": \"%s\"\n}" % (_r(_ANL, 8), s), s, "client_id"


# ===========================================================================
# config-file: excerpts of files the agent opened
# ===========================================================================
@_f(CFG, "dotenv-db-password")
def _():
    p = _pw(" #'\"")
    return "# .env (crew-roster-api)\nDB_HOST=%s\nDB_PORT=5432\nDB_USER=roster_app\nDB_PASSWORD=%s\nDB_NAME=roster" % (_host("pg"), p), p, "DB_USER=roster_app"


@_f(CFG, "dotenv-quoted-api-key")
def _():
    k = _r(_AN, 32)
    return 'AEROAPI_BASE_URL="https://aeroapi.%s/aeroapi"\nAEROAPI_KEY="%s"\nPOLL_SECONDS=60' % (_dom(), k), k, "POLL_SECONDS=60"


@_f(CFG, "spring-yaml-datasource")
def _():
    p = _pw("'\"#: ")
    h = _host("oracle")
    return "spring:\n  datasource:\n    url: jdbc:oracle:thin:@//%s:1521/AMOSPRD\n    username: AMOS_RO\n    password: %s\n    hikari:\n      maximum-pool-size: 8" % (h, p), p, h


@_f(CFG, "toml-database-section")
def _():
    p = _pw('"\\')
    return '[database]\nhost = "%s"\nport = 5432\nuser = "ais_writer"\npassword = "%s"\n\n[ingest]\nbatch_size = 500' % (_host("pg"), p), p, "ais_writer"


@_f(CFG, "ini-sita-section")
def _():
    p = _pw(" ;")
    return "[sita_typeb]\nhost = %s\nport = 102\nuser = %s\npassword = %s\noriginator = %s" % (_host("sita-gw"), _svc(), p, _r(_UP, 3) + "KO" + _r(_UP, 2)), p, "[sita_typeb]"


@_f(CFG, "web-config-appsettings-key")
def _():
    p = _pw('"<>&')
    return '<appSettings>\n  <add key="AcarsGatewayUrl" value="https://%s/gw" />\n  <add key="AcarsGatewayPassword" value="%s" />\n  <add key="PollInterval" value="15" />\n</appSettings>' % (_host("acars"), p), p, "AcarsGatewayUrl"


@_f(CFG, "web-config-connectionstring")
def _():
    p = _pwc()
    h = _host("db")
    return ('<connectionStrings>\n  <add name="FidsDb" connectionString="Server=%s;Database=FIDS;User Id=fids_app;Password=%s;Encrypt=True;" providerName="System.Data.SqlClient" />\n</connectionStrings>' % (h, p)), p, "fids_app"


@_f(CFG, "java-properties-password")
def _():
    p = _pw(" ")
    return "# amos-interface.properties\namos.ws.endpoint=https://%s/amos/ws\namos.ws.user=IF_TRAX\namos.ws.password=%s\namos.ws.timeout=30000" % (_host("amos"), p), p, "amos.ws.user=IF_TRAX"


@_f(CFG, "appsettings-json-connectionstrings")
def _():
    p = _pwc()
    return ('{\n  "ConnectionStrings": {\n    "Bhs": "Server=tcp:%s,1433;Initial Catalog=bhs;User ID=bhs_svc;Password=%s;TrustServerCertificate=True"\n  },\n  "Logging": { "LogLevel": { "Default": "Information" } }\n}' % (_host("bhs"), p)), p, "bhs_svc"


@_f(CFG, "docker-compose-env-list")
def _():
    p = _pw(" '\"")
    return "services:\n  ofp-db:\n    image: postgres:16\n    environment:\n      - POSTGRES_USER=ofp\n      - POSTGRES_PASSWORD=%s\n    volumes:\n      - ofpdata:/var/lib/postgresql/data" % p, p, "POSTGRES_USER=ofp"


@_f(CFG, "k8s-secret-stringdata")
def _():
    p = _pw("'\"")
    return "apiVersion: v1\nkind: Secret\nmetadata:\n  name: pcs-edi-sftp\ntype: Opaque\nstringData:\n  SFTP_USER: %s\n  SFTP_PASSWORD: '%s'" % (_svc(), p), p, "pcs-edi-sftp"


@_f(CFG, "k8s-secret-data-base64")
def _():
    t = _r(_AN, 40)
    b = _b64s(t)
    return "apiVersion: v1\nkind: Secret\nmetadata:\n  name: marinetraffic-api\ndata:\n  api-key: %s" % b, b, "marinetraffic-api"


@_f(CFG, "nginx-proxy-basic-header")
def _():
    b = _b64s(_svc() + ":" + _pw())
    return 'location /wx/ {\n    proxy_pass https://%s/;\n    proxy_set_header Authorization "Basic %s";\n}' % (_host("wx"), b), b, "location /wx/"


@_f(CFG, "maven-settings-server")
def _():
    p = _pw("<>&")
    return "<servers>\n  <server>\n    <id>mro-releases</id>\n    <username>deployer</username>\n    <password>%s</password>\n  </server>\n</servers>" % p, p, "mro-releases"


@_f(CFG, "gradle-properties-creds")
def _():
    p = _pw(" ")
    return "org.gradle.jvmargs=-Xmx2g\nefbRepoUser=%s\nefbRepoPassword=%s\nandroid.useAndroidX=true" % (_svc(), p), p, "org.gradle.jvmargs=-Xmx2g"


@_f(CFG, "hostapd-wpa-passphrase")
def _():
    p = _pw(" ")
    return "interface=wlan0\nssid=%s-CREW\nhw_mode=g\nchannel=6\nwpa=2\nwpa_passphrase=%s\nwpa_key_mgmt=WPA-PSK" % (_c(["SKARV", "OSTRIA", "HANUL", "BOREAL"]), p), p, "wpa_key_mgmt=WPA-PSK"


@_f(CFG, "wireguard-conf-privatekey")
def _():
    k = _b64(32)
    return "[Interface]\nAddress = 10.77.%d.2/32\nPrivateKey = %s\nDNS = 10.77.0.1\n\n[Peer]\nEndpoint = %s:51820" % (_n(0, 250), k, _host("vpn")), k, "DNS = 10.77.0.1"


@_f(CFG, "openvpn-auth-user-pass-file")
def _():
    p = _pw()
    return "# /etc/openvpn/client/shore-auth.txt\n%s\n%s" % (_c(["vsl_skarvviking", "vsl_ostria", "vsl_hanul"]), p), p, "/etc/openvpn/client/shore-auth.txt"


@_f(CFG, "swanctl-secrets-ike")
def _():
    p = _pw('"')
    return 'secrets {\n    ike-shore {\n        id = vsat-%s.fleet\n        secret = "%s"\n    }\n}' % (_r(_ANL, 5), p), p, "ike-shore"


@_f(CFG, "cisco-crypto-isakmp-key")
def _():
    p = _pw(" ")
    return "crypto isakmp policy 10\n encr aes 256\n authentication pre-share\ncrypto isakmp key %s address %s\n!" % (p, _ip172()), p, "crypto isakmp policy 10"


@_f(CFG, "snmpd-conf-community")
def _():
    c = _c(["fleetRW", "vsatMon", "nmsShip"]) + _r(_AN, 8)
    return "# /etc/snmp/snmpd.conf\nsysLocation    ECR rack 2\nrwcommunity %s 10.60.0.0/16\nrocommunity public localhost" % c, c, "ECR rack 2"


@_f(CFG, "fluentbit-http-passwd")
def _():
    p = _pw(" ")
    return "[OUTPUT]\n    Name        es\n    Match       acars.*\n    Host        %s\n    HTTP_User   fluent\n    HTTP_Passwd %s" % (_host("kibana"), p), p, "HTTP_User   fluent"


@_f(CFG, "logstash-es-output")
def _():
    p = _pw('"')
    return 'output {\n  elasticsearch {\n    hosts => ["https://%s:9200"]\n    user => "logstash_bhs"\n    password => "%s"\n  }\n}' % (_host("es"), p), p, "logstash_bhs"


@_f(CFG, "telegraf-influx-token")
def _():
    t = _b64(64).replace("+", "-").replace("/", "_")
    return '[[outputs.influxdb_v2]]\n  urls = ["https://%s:8086"]\n  token = "%s"\n  organization = "fleet"\n  bucket = "engine_room"' % (_host("influx"), t), t, "engine_room"


@_f(CFG, "grafana-ini-admin")
def _():
    p = _pw(" ;")
    return "[security]\nadmin_user = admin\nadmin_password = %s\ndisable_gravatar = true\ncookie_secure = true" % p, p, "admin_user = admin"


@_f(CFG, "prometheus-basic-auth")
def _():
    p = _pw("'\"")
    return "scrape_configs:\n  - job_name: vsat_exporter\n    scheme: https\n    basic_auth:\n      username: prom\n      password: '%s'\n    static_configs:\n      - targets: ['%s:9116']" % (p, _ip()), p, "vsat_exporter"


@_f(CFG, "alertmanager-slack-api-url")
def _():
    t = _r(_AN, 24)
    return "receivers:\n  - name: ops-fids\n    slack_configs:\n      - api_url: https://hooks.slack.com/services/T%s/B%s/%s\n        channel: '#fids-alerts'" % (_r(_ANU, 8), _r(_ANU, 10), t), t, "#fids-alerts"


@_f(CFG, "rclone-conf-s3")
def _():
    s = _aws_secret()
    return "[ecdis-archive]\ntype = s3\nprovider = AWS\naccess_key_id = %s\nsecret_access_key = %s\nregion = eu-north-1" % (_aws_id(), s), s, "[ecdis-archive]"


@_f(CFG, "s3cfg-secret-key")
def _():
    s = _aws_secret()
    return "[default]\naccess_key = %s\nhost_base = s3.%s\nsecret_key = %s\nuse_https = True" % (_r(_ANU, 20), _dom(), s), s, "use_https = True"


@_f(CFG, "tfvars-literal")
def _():
    p = _pw('"\\')
    return 'environment      = "prod"\nvessel_fleet     = ["skarv-viking", "boreal-frost"]\nvsat_admin_pass  = "%s"\nalert_email      = "%s"' % (p, _email()), p, 'environment      = "prod"'


@_f(CFG, "ansible-group-vars-plain")
def _():
    p = _pw("'\"#: ")
    return "# group_vars/ecdis.yml\necdis_update_user: avcs_sync\necdis_update_password: %s\necdis_cells_dir: /data/enc/ENC_ROOT" % p, p, "ecdis_update_user: avcs_sync"


@_f(CFG, "ansible-inventory-ini-ssh-pass")
def _():
    p = _pw(" ")
    return "[vdr]\n%s ansible_host=%s ansible_user=vdr ansible_ssh_pass=%s" % (_c(["vdr-skarv", "vdr-ostria", "vdr-minato"]), _ip(), p), p, "ansible_user=vdr"


@_f(CFG, "hibernate-cfg-xml")
def _():
    p = _pw("<>&")
    return ('<property name="hibernate.connection.url">jdbc:oracle:thin:@%s:1521:TRAX</property>\n'
            '<property name="hibernate.connection.username">TRAX_APP</property>\n'
            '<property name="hibernate.connection.password">%s</property>' % (_host("oracle"), p)), p, "TRAX_APP"


@_f(CFG, "logback-smtp-appender")
def _():
    p = _pw("<>&")
    return "<appender name=\"MAIL\" class=\"ch.qos.logback.classic.net.SMTPAppender\">\n  <smtpHost>%s</smtpHost>\n  <username>alerts@%s</username>\n  <password>%s</password>\n</appender>" % (_host("smtp"), _dom(), p), p, "SMTPAppender"


@_f(CFG, "invented-acars-router-xml")
def _():
    p = _pw('"<>&')
    return ('<AcarsRouter>\n  <DatalinkProvider name="SITA-AIRCOM" host="%s" port="%d">\n    <Credentials user="%s" password="%s"/>\n  </DatalinkProvider>\n</AcarsRouter>' % (_host("acars"), _n(5000, 9000), _svc(), p)), p, "SITA-AIRCOM"


@_f(CFG, "invented-efb-mobileconfig-plist")
def _():
    p = _pw("<>&")
    return ("<key>PayloadType</key>\n<string>com.apple.wifi.managed</string>\n<key>SSID_STR</key>\n<string>EFB-SYNC</string>\n<key>Password</key>\n<string>%s</string>" % p), p, "EFB-SYNC"


@_f(CFG, "fids-player-ini-autologin")
def _():
    p = _pw(" ;")
    return "[Player]\nScreenId=GATE-%s%02d\nCmsUrl=https://%s/cms\n[AutoLogin]\nUser=fids_kiosk\nPassword=%s" % (_c("ABCD"), _n(1, 40), _host("fids"), p), p, "User=fids_kiosk"


@_f(CFG, "opcua-bhs-yaml")
def _():
    p = _pw("'\"#: ")
    return "opcua:\n  endpoint: opc.tcp://%s:4840\n  security_policy: Basic256Sha256\n  user: bhs_reader\n  password: %s\n  nodes:\n    - ns=3;s=Sorter1.Jam" % (_ip(), p), p, "bhs_reader"


@_f(CFG, "mosquitto-bridge-remote-password")
def _():
    p = _pw(" ")
    return "connection shore-bridge\naddress %s:8883\nremote_username %s\nremote_password %s\ntopic fleet/# out 1" % (_host("mq"), _c(["vsl-skarv", "vsl-ostria", "vsl-hanul"]), p), p, "shore-bridge"


@_f(CFG, "ecdis-update-service-json")
def _():
    p = _pw('"\\')
    return '{\n  "provider": "AVCS",\n  "serviceUrl": "https://%s/online",\n  "userName": "%s",\n  "password": "%s",\n  "autoApplyPermits": true\n}' % (_host("chartsync"), _svc(), p), p, "autoApplyPermits"


@_f(CFG, "vsat-terminal-export-kv")
def _():
    p = _pw(" ")
    return "# iDirect-like modem option export\n[ADMIN]\nadmin_user=admin\nadmin_pass=%s\n[NETWORK]\nrx_freq=%d\ntx_freq=%d" % (p, _n(10950, 12750), _n(13750, 14500)), p, "[NETWORK]"


@_f(CFG, "as2-partner-xml")
def _():
    p = _pw('"<>&')
    return ('<partnership name="PCS-%s">\n  <attribute name="as2_url" value="https://%s/as2"/>\n  <attribute name="http_user" value="as2_%s"/>\n  <attribute name="http_password" value="%s"/>\n</partnership>' % (_port_code(), _host("as2"), _r(_ANL, 5), p)), p, "as2_url"


@_f(CFG, "customs-sftp-yaml")
def _():
    p = _pw("'\"#: ")
    return "customs_gateway:\n  protocol: sftp\n  host: %s\n  username: %s\n  password: %s\n  inbound_dir: /CUSRES" % (_host("customs"), _c(["aduana_edi", "tollvesen_edi", "telonio_edi", "zeikan_edi"]), p), p, "inbound_dir: /CUSRES"


@_f(CFG, "postfix-sasl-passwd")
def _():
    p = _pw(" ")
    h = _host("smtp")
    return "# /etc/postfix/sasl_passwd\n[%s]:587 %s:%s" % (h, "noreply@" + _dom(), p), p, h


@_f(CFG, "msmtprc-password")
def _():
    p = _pw(" ")
    return "account noonreport\nhost %s\nport 587\nauth on\nuser noon@%s\npassword %s\ntls on" % (_host("smtp"), _dom(), p), p, "account noonreport"


@_f(CFG, "fetchmailrc-poll")
def _():
    p = _pw('"')
    h = _host("imap")
    return 'poll %s protocol IMAP user "ofp-inbox" password "%s" ssl fetchall' % (h, p), p, h


@_f(CFG, "kafka-client-properties-jaas")
def _():
    p = _pw('"\\')
    return ('bootstrap.servers=%s:9093\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\n'
            'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="ais-ingest" password="%s";' % (_host("kafka"), p)), p, "ais-ingest"


@_f(CFG, "redis-conf-requirepass")
def _():
    p = _pw(" ")
    return "bind 0.0.0.0\nprotected-mode yes\nrequirepass %s\nmaxmemory 512mb" % p, p, "maxmemory 512mb"


@_f(CFG, "systemd-unit-environment")
def _():
    t = _r(_AN, 40)
    return '[Service]\nUser=wxfeed\nEnvironment="WX_PROVIDER=avwx"\nEnvironment="WX_TOKEN=%s"\nExecStart=/usr/local/bin/wx-fetch --stations %s,%s' % (t, _icao(), _icao()), t, "User=wxfeed"


@_f(CFG, "supervisord-environment")
def _():
    p = _pw(",\" ")
    return "[program:typeb-bridge]\ncommand=/opt/typeb/bin/bridge\nenvironment=SITA_USER=\"%s\",SITA_PASS=\"%s\"\nautorestart=true" % (_svc(), p), p, "[program:typeb-bridge]"


@_f(CFG, "apache-ldap-bind-password")
def _():
    p = _pw(" \"")
    return "<Location /mro-docs>\n  AuthType Basic\n  AuthLDAPURL ldaps://%s/ou=staff,dc=mro,dc=local?uid\n  AuthLDAPBindDN cn=apache,ou=svc,dc=mro,dc=local\n  AuthLDAPBindPassword %s\n</Location>" % (_host("dc"), p), p, "/mro-docs"


@_f(CFG, "sssd-ldap-authtok")
def _():
    p = _pw(" ")
    return "[domain/ops.local]\nldap_default_bind_dn = cn=sssd,ou=svc,dc=ops,dc=local\nldap_default_authtok_type = password\nldap_default_authtok = %s" % p, p, "ldap_default_authtok_type"


@_f(CFG, "fstab-cifs-inline-password")
def _():
    p = _pw(", ")
    return "//%s/manuals  /mnt/manuals  cifs  username=%s,password=%s,vers=3.0,uid=1000  0  0" % (_host("fs"), _svc(), p), p, "/mnt/manuals"


@_f(CFG, "smbcredentials-file")
def _():
    p = _pw()
    return "# /root/.smbcredentials\nusername=%s\npassword=%s\ndomain=SHIPNET" % (_svc(), p), p, "domain=SHIPNET"


@_f(CFG, "unattend-xml-admin-password")
def _():
    p = _pw("<>&")
    return "<UserAccounts>\n  <AdministratorPassword>\n    <Value>%s</Value>\n    <PlainText>true</PlainText>\n  </AdministratorPassword>\n</UserAccounts>" % p, p, "<PlainText>true</PlainText>"


@_f(CFG, "odbc-ini-pwd")
def _():
    p = _pw(" ;")
    return "[TRAX_RPT]\nDriver=Oracle 19 ODBC driver\nServerName=%s:1521/TRAXRPT\nUserID=RPT_RO\nPassword=%s" % (_host("oracle"), p), p, "UserID=RPT_RO"


@_f(CFG, "jdbc-sqlserver-url-password-param")
def _():
    p = _pwc()
    return "gate.datasource.url=jdbc:sqlserver://%s:1433;databaseName=GateAlloc;user=gate_app;password=%s;encrypt=true" % (_host("db"), p), p, "user=gate_app"


@_f(CFG, "keepalived-auth-pass")
def _():
    p = _r(_AN, 8)
    return "vrrp_instance FIDS_VIP {\n    state MASTER\n    virtual_router_id 51\n    authentication {\n        auth_type PASS\n        auth_pass %s\n    }\n}" % p, p, "FIDS_VIP"


@_f(CFG, "haproxy-stats-auth")
def _():
    p = _pw(" ")
    return "listen stats\n    bind :8404\n    stats enable\n    stats uri /stats\n    stats auth admin:%s" % p, p, "stats uri /stats"


@_f(CFG, "chrony-keys-file")
def _():
    k = "HEX:" + _HEX(40)
    return "# /etc/chrony.keys (bridge NTP)\n%d SHA1 %s" % (_n(1, 20), k), k, "/etc/chrony.keys"


@_f(CFG, "freeradius-clients-secret")
def _():
    s = _pw(" ")
    return "client hangar-ap-%02d {\n    ipaddr = %s\n    secret = %s\n    shortname = hangar-ap\n}" % (_n(1, 30), _ip(), s), s, "shortname = hangar-ap"


@_f(CFG, "pypirc-password")
def _():
    t = _pypi()
    return "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = %s" % t, t, "index-servers = pypi"


@_f(CFG, "composer-auth-json")
def _():
    p = _pw('"\\')
    return '{\n  "http-basic": {\n    "repo.%s": {\n      "username": "ci",\n      "password": "%s"\n    }\n  }\n}' % (_dom(), p), p, '"username": "ci"'


@_f(CFG, "hocon-literal-password")
def _():
    p = _pw('"\\')
    return 'db {\n  url = "jdbc:postgresql://%s/portcalls"\n  user = "pcs"\n  password = "%s"\n  password = ${?PCS_DB_PASSWORD}\n}' % (_host("pg"), p), p, "PCS_DB_PASSWORD"


@_f(CFG, "tomcat-users-xml")
def _():
    p = _pw('"<>&')
    return '<tomcat-users>\n  <user username="manager" password="%s" roles="manager-gui,manager-script"/>\n</tomcat-users>' % p, p, 'username="manager"'


@_f(CFG, "rsyncd-secrets-file")
def _():
    p = _pw(": ")
    return "# /etc/rsyncd.secrets\nnoonsync:%s" % p, p, "noonsync"


@_f(CFG, "mongod-uri-in-yaml")
def _():
    p = _pwu()
    return "ais:\n  store:\n    uri: mongodb://ais_rw:%s@%s:27017/ais?authSource=admin&replicaSet=rs0" % (p, _host("mongo")), p, "ais_rw"


@_f(CFG, "xml-soap-client-config")
def _():
    p = _pw("<>&")
    return "<crewService>\n  <endpoint>https://%s/CrewWS/CrewService.svc</endpoint>\n  <wsUser>%s</wsUser>\n  <wsPassword>%s</wsPassword>\n</crewService>" % (_host("crew"), _svc(), p), p, "<crewService>"


@_f(CFG, "env-file-split-multiline-key")
def _():
    b = _pem_body("ec")
    return 'APP_STORE_CONNECT_KEY_ID=%s\nAPP_STORE_CONNECT_KEY="-----BEGIN EC PRIVATE KEY-----\n%s\n-----END EC PRIVATE KEY-----"' % (_r(_ANU, 10), b), b, "APP_STORE_CONNECT_KEY_ID"


@_f(CFG, "npmrc-authtoken")
def _():
    t = _npm()
    return "@%s:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%s\nalways-auth=true" % (_c(_ORG_PRE), t), t, "always-auth=true"


# ===========================================================================
# source-code: excerpts of code files
# ===========================================================================
@_f(SRC, "python-requests-auth-tuple")
def _():
    u, p = _svc(), _pw('"\\')
    h = _host(_c(["pcs", "customs"]))
    return 'resp = requests.get(\n    "https://%s/api/v1/vessel-calls",\n    auth=("%s", "%s"),\n    timeout=30,\n)' % (h, u, p), p, u


@_f(SRC, "python-psycopg2-connect-kwargs")
def _():
    p = _pw('"\\')
    return 'conn = psycopg2.connect(\n    host="%s", dbname="roster", user="crew_ro",\n    password="%s", connect_timeout=5)' % (_host("pg"), p), p, "crew_ro"


@_f(SRC, "python-positional-client-ctor")
def _():
    h, u, p = _host("amos"), _svc(), _pw('"\\')
    return 'client = AmosSoapClient("https://%s/amos/ws", "%s", "%s")\nwos = client.open_work_orders(fleet="%s")' % (h, u, p, _c(["A320", "ATR72", "B737", "DHC8"])), p, h


@_f(SRC, "python-fstring-bearer-literal")
def _():
    t = _r(_AN + "-_", 43)
    return 'HEADERS = {\n    "Authorization": f"Bearer {\'%s\'}",\n    "Accept": "application/json",\n}' % t, t, "application/json"


@_f(SRC, "python-module-constant-api-key")
def _():
    k = _hex(40)
    return '# marinetraffic.py\nBASE_URL = "https://services.%s/api"\nAPI_KEY = "%s"  # TODO move to vault\n\ndef positions(mmsi):' % (_dom(), k), k, "BASE_URL"


@_f(SRC, "python-boto3-client-keys")
def _():
    i, s = _aws_id(), _aws_secret()
    return 's3 = boto3.client(\n    "s3",\n    aws_access_key_id="%s",\n    aws_secret_access_key="%s",\n    region_name="eu-north-1",\n)' % (i, s), s, "region_name"


@_f(SRC, "python-paramiko-connect")
def _():
    h, p = _host(_c(["vsat", "ecdis", "bridge"])), _pw('"\\')
    return 'ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect("%s", username="admin", password="%s", timeout=20)' % (h, p), p, h


@_f(SRC, "python-smtplib-login")
def _():
    u, p = "noon@" + _dom(), _pw('"\\')
    return 'with smtplib.SMTP("%s", 587) as s:\n    s.starttls()\n    s.login("%s", "%s")\n    s.send_message(msg)' % (_host("smtp"), u, p), p, u


@_f(SRC, "python-ftplib-positional")
def _():
    h, u, p = _host("edi"), _svc(), _pw("'\\")
    return "ftp = FTP_TLS('%s', '%s', '%s')\nftp.prot_p()\nftp.cwd('/IFTMIN')" % (h, u, p), p, h


@_f(SRC, "python-pymongo-uri")
def _():
    p = _pwu()
    return 'client = MongoClient("mongodb://ais_app:%s@%s:27017/?authSource=ais")\npositions = client.ais.positions' % (p, _host("mongo")), p, "ais_app"


@_f(SRC, "python-sqlalchemy-oracle-url")
def _():
    p = _pwu()
    h = _host("oracle")
    return 'engine = create_engine("oracle+oracledb://TRAX_RPT:%s@%s:1521/?service_name=TRAXPRD")' % (p, h), p, h


@_f(SRC, "python-environ-setdefault")
def _():
    t = _r(_AN, 40)
    return 'os.environ.setdefault("CHECKWX_API_KEY", "%s")\nos.environ.setdefault("WX_STATIONS", "%s,%s")' % (t, _icao(), _icao()), t, "WX_STATIONS"


@_f(SRC, "js-client-ctor-object")
def _():
    k = _r(_AN, 32)
    return "const sita = new SitaFlightClient({\n  baseUrl: 'https://%s/flightinfo/v2',\n  apiKey: '%s',\n  airport: '%s',\n});" % (_host("api"), k, _icao()), k, "baseUrl"


@_f(SRC, "js-fetch-header-literal")
def _():
    k = _hex(32)
    return "const res = await fetch(`https://%s/v1/stands?airport=${icao}`, {\n  headers: { 'x-api-key': '%s' },\n});" % (_host("gate"), k), k, "stands"


@_f(SRC, "js-axios-auth-object")
def _():
    p = _pw("'\\")
    return "await axios.post(url, payload, {\n  auth: { username: 'bhs_events', password: '%s' },\n  timeout: 5000,\n});" % p, p, "bhs_events"


@_f(SRC, "ts-exported-config-object")
def _():
    k = _r(_AN, 32)
    return 'export const environment = {\n  production: true,\n  apiUrl: "https://%s/api",\n  windyApiKey: "%s",\n};' % (_host("efb"), k), k, "apiUrl"


@_f(SRC, "js-template-literal-mongo")
def _():
    p = _pwu()
    return "await mongoose.connect(`mongodb+srv://fleet_app:%s@cluster0.%s.mongodb.net/fleet?retryWrites=true`);" % (p, _r(_ANL, 5)), p, "fleet_app"


@_f(SRC, "java-drivermanager-positional")
def _():
    p = _pw('"\\')
    return 'Connection c = DriverManager.getConnection(\n    "jdbc:oracle:thin:@%s:1521/AMOSPRD", "AMOS_RO", "%s");' % (_host("oracle"), p), p, "AMOS_RO"


@_f(SRC, "java-static-final-secret")
def _():
    s = _r(_AN, 32)
    return 'public final class NavblueConfig {\n    private static final String CLIENT_ID = "efb-%s";\n    private static final String CLIENT_SECRET = "%s";\n}' % (_r(_ANL, 6), s), s, "CLIENT_ID"


@_f(SRC, "spring-value-default-literal")
def _():
    p = _pw('"}:\\$')
    return '@Value("${sita.typeb.password:%s}")\nprivate String typebPassword;' % p, p, "sita.typeb.password"


@_f(SRC, "csharp-networkcredential")
def _():
    u, p = _svc(), _pw('"\\')
    return 'var handler = new HttpClientHandler {\n    Credentials = new NetworkCredential("%s", "%s", "OPS")\n};' % (u, p), p, u


@_f(SRC, "csharp-sqlconnection-literal")
def _():
    p = _pwc()
    return 'using var conn = new SqlConnection("Server=%s;Database=GateAlloc;User Id=gate_app;Password=%s;");' % (_host("db"), p), p, "gate_app"


@_f(SRC, "csharp-apim-subscription-header")
def _():
    k = _hex(32)
    return 'client.DefaultRequestHeaders.Add("Ocp-Apim-Subscription-Key", "%s");\nvar flights = await client.GetFromJsonAsync<FlightDto[]>("flights/departures");' % k, k, "flights/departures"


@_f(SRC, "go-const-token")
def _():
    t = _r(_AN, 40)
    return 'const (\n\tspireEndpoint = "https://ais.%s/graphql"\n\tspireToken    = "%s"\n)' % (_dom(), t), t, "spireEndpoint"


@_f(SRC, "go-sql-open-dsn")
def _():
    p = _pwu()
    return 'db, err := sql.Open("postgres", "postgres://noon:%s@%s:5432/noon?sslmode=disable")\nif err != nil {\n\treturn err\n}' % (p, _host("pg")), p, "sslmode=disable"


@_f(SRC, "go-setbasicauth")
def _():
    p = _pw('"\\')
    return 'req, _ := http.NewRequest("GET", pcsURL+"/portcalls", nil)\nreq.SetBasicAuth("pcs_api", "%s")' % p, p, "pcs_api"


@_f(SRC, "rust-reqwest-bearer")
def _():
    t = _r(_AN, 40)
    return 'let resp = client\n    .get("https://%s/api/v1/taf")\n    .bearer_auth("%s")\n    .send()\n    .await?;' % (_host("wx"), t), t, "/api/v1/taf"


@_f(SRC, "gradle-buildconfigfield-escaped")
def _():
    k = _aiza()
    return 'buildConfigField "String", "MAPS_API_KEY", "\\"%s\\""\nbuildConfigField "String", "ENV", "\\"prod\\""' % k, k, "MAPS_API_KEY"


@_f(SRC, "swift-let-api-key")
def _():
    k = _r(_AN, 32)
    return 'enum Secrets {\n    static let aeroApiKey = "%s"\n    static let baseURL = URL(string: "https://%s")!\n}' % (k, _host("efb")), k, "baseURL"


@_f(SRC, "swift-urlcredential")
def _():
    p = _pw('"\\')
    return 'let cred = URLCredential(user: "efb_sync", password: "%s", persistence: .forSession)' % p, p, "efb_sync"


@_f(SRC, "php-pdo-ctor")
def _():
    p = _pw("'\\")
    return "$pdo = new PDO('mysql:host=%s;dbname=bhs', 'bhs_web', '%s', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);" % (_host("bhs"), p), p, "bhs_web"


@_f(SRC, "php-define-constant")
def _():
    p = _pw("'\\")
    return "define('DB_HOST', '%s');\ndefine('DB_USER', 'fids');\ndefine('DB_PASSWORD', '%s');" % (_host("db"), p), p, "DB_USER"


@_f(SRC, "ruby-basic-auth")
def _():
    p = _pw("'\\")
    return "req = Net::HTTP::Get.new(uri)\nreq.basic_auth 'crew_export', '%s'\nres = http.request(req)" % p, p, "crew_export"


@_f(SRC, "ruby-initializer-api-key")
def _():
    k = _r(_AN, 32)
    return "AviationData.configure do |config|\n  config.api_key = '%s'\n  config.timeout = 10\nend" % k, k, "config.timeout"


@_f(SRC, "bash-script-token-var")
def _():
    t = _r(_AN, 40)
    return '#!/usr/bin/env bash\nset -euo pipefail\nTRAX_TOKEN="%s"\ncurl -sf -H "Authorization: Token ${TRAX_TOKEN}" "$TRAX_URL/api/defects"' % t, t, "set -euo pipefail"


@_f(SRC, "powershell-script-plaintext")
def _():
    p = _pw('"`$')
    return '$User = "OPS\\svc_ofp"\n$Password = "%s"\n$Secure = ConvertTo-SecureString $Password -AsPlainText -Force\n$Cred = [pscredential]::new($User, $Secure)' % p, p, "svc_ofp"


@_f(SRC, "sql-oracle-identified-by")
def _():
    p = _pw("\" ;'")
    return "CREATE USER trax_if IDENTIFIED BY \"%s\"\n  DEFAULT TABLESPACE trax_data QUOTA UNLIMITED ON trax_data;\nGRANT CONNECT TO trax_if;" % p, p, "trax_if"


@_f(SRC, "sql-alter-login")
def _():
    p = _pw("'")
    return "ALTER LOGIN [fids_app] WITH PASSWORD = N'%s', CHECK_POLICY = ON;" % p, p, "fids_app"


@_f(SRC, "sql-database-link")
def _():
    p = _pw("\" ;'")
    return "CREATE DATABASE LINK amos_link CONNECT TO amos_ro IDENTIFIED BY \"%s\" USING 'AMOSPRD';" % p, p, "amos_link"


@_f(SRC, "sql-postgres-create-role")
def _():
    p = _pw("'")
    return "CREATE ROLE ais_reader WITH LOGIN PASSWORD '%s' VALID UNTIL '%s';" % (p, _date()), p, "ais_reader"


@_f(SRC, "pytest-fixture-credentials")
def _():
    p = _pw('"\\')
    return '@pytest.fixture\ndef typeb_gateway():\n    return TypeBGateway(host="%s", user="it_test", password="%s")' % (_host("sita-gw"), p), p, "it_test"


@_f(SRC, "django-databases-dict")
def _():
    p = _pw("'\\")
    return "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'portcalls',\n        'USER': 'pcs',\n        'PASSWORD': '%s',\n    }\n}" % p, p, "'NAME': 'portcalls'"


@_f(SRC, "django-secret-key")
def _():
    k = "django-insecure-" + _r(_LO + _DG + "!@#%^&*(-_=+)", 50) if _n(0, 1) else _r(_LO + _DG + "!@#%^&*(-_=+)", 50)
    return "# settings/prod.py\nSECRET_KEY = '%s'\nDEBUG = False" % k, k, "DEBUG = False"


@_f(SRC, "flask-secret-key-config")
def _():
    k = _hex(48)
    return "app = Flask(__name__)\napp.config['SECRET_KEY'] = '%s'\napp.config['SESSION_COOKIE_SECURE'] = True" % k, k, "SESSION_COOKIE_SECURE"


@_f(SRC, "notebook-json-escaped-cell")
def _():
    k = _r(_AN, 32)
    return '  "source": [\n    "import requests\\n",\n    "API_KEY = \\"%s\\"\\n",\n    "r = requests.get(f\\"https://api.%s/v1/flights?key={API_KEY}\\")"\n  ]' % (k, _dom()), k, "import requests"


@_f(SRC, "terraform-hcl-password-attr")
def _():
    p = _pw('"\\$')
    return 'resource "azurerm_mssql_server" "bhs" {\n  name                         = "sql-bhs-%s"\n  administrator_login          = "bhsadmin"\n  administrator_login_password = "%s"\n}' % (_r(_ANL, 4), p), p, "bhsadmin"


@_f(SRC, "dockerfile-env-literal")
def _():
    t = _r(_AN, 40)
    return "FROM python:3.12-slim\nENV WX_PROVIDER=checkwx \\\n    WX_API_KEY=%s\nCOPY . /app" % t, t, "WX_PROVIDER=checkwx"


@_f(SRC, "makefile-variable")
def _():
    p = _pw(" $#")
    return "DB_USER ?= crew\nDB_PASS ?= %s\n\nmigrate:\n\tpsql -U $(DB_USER) -f sql/migrate.sql" % p, p, "DB_USER ?= crew"


@_f(SRC, "c-define-mqtt-password")
def _():
    p = _pw('"\\')
    return '#define MQTT_HOST "%s"\n#define MQTT_USER "tanklevel"\n#define MQTT_PASS "%s"' % (_host("mq"), p), p, "MQTT_USER"


@_f(SRC, "cpp-const-char-psk")
def _():
    k = _hex(32)
    return 'static const char* kGatewayPsk = "%s";  // shore link PSK\nstatic const uint16_t kPort = 4500;' % k, k, "kPort"


@_f(SRC, "arduino-wifi-begin")
def _():
    ssid = _c(["ER-SENSORS", "TANKNET", "BALLAST-IOT", "HOLD-MON"])
    p = _pw('"\\')
    return 'void setup() {\n  Serial.begin(115200);\n  WiFi.begin("%s", "%s");\n}' % (ssid, p), p, ssid


@_f(SRC, "python-paho-username-pw-set")
def _():
    p = _pw('"\\')
    return 'client = mqtt.Client(client_id="ais-fwd-%s")\nclient.username_pw_set("ais_fwd", "%s")\nclient.tls_set()' % (_r(_ANL, 4), p), p, "ais_fwd"


@_f(SRC, "lua-openresty-header")
def _():
    t = _r(_AN, 40)
    return 'ngx.req.set_header("Authorization", "Bearer %s")\nngx.var.upstream = "fids_cms"' % t, t, "fids_cms"


@_f(SRC, "java-usernamepasswordcredentials")
def _():
    p = _pw('"\\')
    return 'provider.setCredentials(AuthScope.ANY,\n    new UsernamePasswordCredentials("trax_if", "%s".toCharArray()));' % p, p, "trax_if"


@_f(SRC, "pyspark-jdbc-option")
def _():
    p = _pw('"\\')
    return 'df = (spark.read.format("jdbc")\n      .option("url", "jdbc:postgresql://%s/ais")\n      .option("user", "spark")\n      .option("password", "%s")\n      .option("dbtable", "positions").load())' % (_host("pg"), p), p, '"user", "spark"'


@_f(SRC, "vba-connection-string")
def _():
    p = _pwc()
    return 'cn.ConnectionString = "Provider=MSOLEDBSQL;Data Source=%s;Initial Catalog=CrewPlan;User ID=excel_ro;Password=%s;"\ncn.Open' % (_host("db"), p), p, "excel_ro"


@_f(SRC, "python-jwt-encode-hs-secret")
def _():
    s = _r(_AN, 48)
    return 'token = jwt.encode({"sub": gate_id, "exp": exp}, "%s", algorithm="HS256")' % s, s, "HS256"


@_f(SRC, "node-createhmac-secret")
def _():
    s = "whsec_" + _r(_AN, 32)
    return "const sig = crypto.createHmac('sha256', '%s').update(rawBody).digest('hex');" % s, s, "rawBody"


@_f(SRC, "python-hmac-bytes-key")
def _():
    s = _r(_AN, 40)
    return 'WEBHOOK_KEY = b"%s"\nexpected = hmac.new(WEBHOOK_KEY, body, hashlib.sha256).hexdigest()' % s, s, "hexdigest"


@_f(SRC, "go-ssh-password-auth")
def _():
    p = _pw('"\\')
    return 'cfg := &ssh.ClientConfig{\n\tUser: "ecdis",\n\tAuth: []ssh.AuthMethod{ssh.Password("%s")},\n}' % p, p, 'User: "ecdis"'


@_f(SRC, "python-zeep-usernametoken")
def _():
    p = _pw('"\\')
    return 'client = Client(WSDL, wsse=UsernameToken("%s", "%s"))\nres = client.service.GetCrewRoster(base="%s")' % (_svc(), p, _icao()), p, "GetCrewRoster"


@_f(SRC, "soap-envelope-wsse-password")
def _():
    p = _pw("<>&")
    return ('<wsse:UsernameToken>\n  <wsse:Username>%s</wsse:Username>\n  <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">%s</wsse:Password>\n</wsse:UsernameToken>' % (_svc(), p)), p, "wsse:Username"


@_f(SRC, "python-pysnmp-usm")
def _():
    a, x = _pw("'\\"), _pw("'\\")
    return "user = UsmUserData('nms', '%s', '%s',\n                   authProtocol=usmHMACSHAAuthProtocol,\n                   privProtocol=usmAesCfb128Protocol)" % (a, x), a, "usmHMACSHAAuthProtocol"


@_f(SRC, "python-ldap3-connection")
def _():
    p = _pw("'\\")
    return "conn = Connection(server, 'cn=svc_crewsync,ou=svc,dc=ops,dc=local', '%s', auto_bind=True)" % p, p, "svc_crewsync"


@_f(SRC, "csharp-rabbitmq-factory")
def _():
    p = _pw('"\\')
    return 'var factory = new ConnectionFactory {\n    HostName = "%s",\n    UserName = "bhs_events",\n    Password = "%s"\n};' % (_host("mq"), p), p, "bhs_events"


@_f(SRC, "java-properties-put-mail")
def _():
    p = _pw('"\\')
    return 'props.put("mail.smtp.user", "ofp@%s");\nprops.put("mail.smtp.password", "%s");' % (_dom(), p), p, "mail.smtp.user"


@_f(SRC, "python-redis-ctor")
def _():
    p = _pw('"\\')
    return 'r = redis.Redis(host="%s", port=6380, password="%s", ssl=True)' % (_host("redis"), p), p, "port=6380"


@_f(SRC, "python-oracledb-positional")
def _():
    p = _pw('"\\')
    return 'con = oracledb.connect("AMOS_RO", "%s", "%s/AMOSPRD")' % (p, _host("oracle")), p, "AMOS_RO"


@_f(SRC, "python-pyodbc-connstr")
def _():
    p = _pwc()
    return 'cnxn = pyodbc.connect("DRIVER={ODBC Driver 18 for SQL Server};SERVER=%s;DATABASE=BHS;UID=bhs_rpt;PWD=%s")' % (_host("bhs"), p), p, "UID=bhs_rpt"


@_f(SRC, "twilio-client-sid-and-token")
def _():
    sid, tok = "AC" + _hex(32), _hex(32)
    return 'client = Client("%s", "%s")\nclient.messages.create(to=duty_phone, from_=OPS_NUMBER, body=alert)' % (sid, tok), tok, sid


@_f(SRC, "amadeus-client-id-secret-kwargs")
def _():
    cid, cs = _r(_AN, 32), _r(_AN, 16)
    return "amadeus = Client(client_id='%s', client_secret='%s', hostname='production')" % (cid, cs), cs, cid


@_f(SRC, "kotlin-okhttp-interceptor")
def _():
    k = _r(_AN, 36)
    return 'val request = chain.request().newBuilder()\n    .addHeader("X-Api-Key", "%s")\n    .build()' % k, k, "newBuilder"


# ===========================================================================
# stack-trace-or-log
# ===========================================================================
@_f(LOG, "python-traceback-psycopg2-dsn")
def _():
    p = _pw("' ")
    h = _host("pg")
    return ('Traceback (most recent call last):\n  File "/srv/roster/sync.py", line 88, in <module>\n    conn = psycopg2.connect(DSN)\n'
            '  File "/usr/lib/python3/dist-packages/psycopg2/__init__.py", line 122, in connect\n    conn = _connect(dsn, connection_factory=connection_factory, **kwasync)\n'
            'psycopg2.OperationalError: connection to server at "%s" failed: FATAL:  password authentication failed for user "crew_ro"\n'
            "DEBUG DSN was: host=%s dbname=roster user=crew_ro password=%s" % (h, h, p)), p, "crew_ro"


@_f(LOG, "java-sqlexception-url-echo")
def _():
    p = _pwc()
    return ("java.sql.SQLException: Login failed for user 'gate_app'. ClientConnectionId:%s\n"
            "\tat com.microsoft.sqlserver.jdbc.SQLServerException.makeFromDatabaseError(SQLServerException.java:265)\n"
            "\tat com.ops.gate.Db.open(Db.java:41) [url=jdbc:sqlserver://%s:1433;databaseName=GateAlloc;user=gate_app;password=%s]" % (_uuid(), _host("db"), p)), p, "Db.java:41"


@_f(LOG, "spring-debug-datasource-dump")
def _():
    p = _pw(" ,}")
    return ("%s DEBUG 1 --- [main] o.s.b.c.p.PropertySourcesLoader : spring.datasource={url=jdbc:oracle:thin:@%s:1521/AMOSPRD, username=AMOS_IF, password=%s, driver-class-name=oracle.jdbc.OracleDriver}" % (_tsms(), _host("oracle"), p)), p, "username=AMOS_IF"


@_f(LOG, "node-axios-error-config-dump")
def _():
    t = _r(_AN, 40)
    return ("AxiosError: Request failed with status code 502\n    at settle (/app/node_modules/axios/dist/node/axios.cjs:1966:12)\n  config: {\n    url: 'https://%s/v2/departures',\n    method: 'get',\n    headers: Object [AxiosHeaders] {\n      Accept: 'application/json',\n      Authorization: 'Bearer %s'\n    },\n  }" % (_host("fids"), t)), t, "status code 502"


@_f(LOG, "python-requests-connectionerror-url")
def _():
    k = _hex(32)
    return ("requests.exceptions.ConnectionError: HTTPSConnectionPool(host='%s', port=443): Max retries exceeded with url: /api/metar?ids=%s&apiKey=%s (Caused by NewConnectionError('Failed to establish a new connection: [Errno 101] Network is unreachable'))" % (_host("wx"), _icao(), k)), k, "Max retries exceeded"


@_f(LOG, "nginx-access-log-query-token")
def _():
    t = _r(_AN, 32)
    return '%s - - [%s +0000] "GET /fids/feed.json?airport=%s&token=%s HTTP/1.1" 200 18231 "-" "FIDSPlayer/4.2"' % (_ip(), _date(), _icao(), t), t, "FIDSPlayer/4.2"


@_f(LOG, "json-structured-log-headers")
def _():
    k = _r(_AN, 32)
    return '{"ts":"%s","level":"debug","svc":"ofp-fetcher","msg":"outbound request","url":"https://%s/ofp","headers":{"x-api-key":"%s","accept":"application/xml"}}' % (_ts(), _host("flightplan"), k), k, "ofp-fetcher"


@_f(LOG, "syslog-cron-cmd-echo")
def _():
    p = _pw("' @:")
    return "%s fleet-gw CRON[%s]: (noon) CMD (curl -s -u noon:'%s' -T /srv/noon/out.xml https://%s/in/)" % (_date(), _pid(), p, _host("noon")), p, "fleet-gw"


@_f(LOG, "go-panic-struct-dump")
def _():
    p = _pw('" }')
    return ('panic: pcs: dial failed\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/cmd/pcsync/main.go:57 +0x1f4\nconfig: &{Host:%s Port:5432 User:pcs Password:%s SSLMode:require}' % (_host("pg"), p)), p, "main.go:57"


@_f(LOG, "dotnet-connectionstring-format-exception")
def _():
    p = _pwc()
    return ("System.ArgumentException: Format of the initialization string does not conform to specification starting at index 112.\n"
            "   at System.Data.Common.DbConnectionOptions.GetKeyValuePair(String connectionString, Int32 currentPosition)\n"
            "   connectionString='Server=%s;Database=FIDS;User Id=fids_app;Password=%s;;Timeout'" % (_host("db"), p)), p, "fids_app"


@_f(LOG, "acars-gateway-login-log")
def _():
    p = _pw(" ")
    d = _date() + " " + _time()
    return "%s,%03d INFO  [GwSession-3] LOGIN user=%s pass=%s remote=%s:%d\n%s,%03d WARN  [GwSession-3] login rejected: invalid credentials" % (d, _n(0, 499), _svc(), p, _ip(), _n(2000, 9000), d, _n(500, 999)), p, "GwSession-3"


@_f(LOG, "smtp-auth-plain-base64-trace")
def _():
    u, p = "alerts@" + _dom(), _pw()
    b = _b64s("\0" + u + "\0" + p)
    return "C: EHLO ofp-mailer\nS: 250-AUTH PLAIN LOGIN\nC: AUTH PLAIN %s\nS: 235 2.7.0 Authentication successful" % b, b, "ofp-mailer"


@_f(LOG, "ftp-verbose-pass-line")
def _():
    p = _pw(" ")
    return "Connected to %s.\n220 EDI gateway ready\n---> USER %s\n331 Password required\n---> PASS %s\n230 Login successful." % (_host("edi"), _svc(), p), p, "EDI gateway ready"


@_f(LOG, "imap-login-trace")
def _():
    p = _pw(' "')
    return '* OK IMAP4rev1 ready\na001 LOGIN ofp-inbox "%s"\na001 OK LOGIN completed' % p, p, "ofp-inbox"


@_f(LOG, "mqtt-client-debug-connect")
def _():
    p = _pw(" ")
    return "%s DEBUG paho: CONNECT client_id=ais-fwd-%s username=ais_fwd password=%s keepalive=60 clean=True" % (_tsl(), _r(_ANL, 4), p), p, "keepalive=60"


@_f(LOG, "rails-params-unfiltered")
def _():
    p = _pin(6)
    return 'Started POST "/crew/sessions" for %s at %s %s +0000\nProcessing by Crew::SessionsController#create as HTML\n  Parameters: {"authenticity_token"=>"[FILTERED]", "crew"=>{"staff_no"=>"%d", "pin"=>"%s"}}' % (_ip(), _date(), _time(), _n(10000, 99999), p), p, "Crew::SessionsController#create"


@_f(LOG, "php-pdo-stacktrace-args")
def _():
    p = _pw("' ")
    return ("PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/bhs/db.php:12\n"
            "Stack trace:\n#0 /var/www/bhs/db.php(12): PDO->__construct('mysql:host=%s...', 'bhs_web', '%s')\n#1 {main}" % (_host("bhs"), p)), p, "/var/www/bhs/db.php"


@_f(LOG, "hikari-pool-config-debug")
def _():
    p = _pw(" ")
    t = _tsl()
    return ("%s DEBUG com.zaxxer.hikari.HikariConfig - password........................%s\n"
            "%s DEBUG com.zaxxer.hikari.HikariConfig - username........................\"TRAX_APP\"" % (t, p, t)), p, "TRAX_APP"


@_f(LOG, "ansible-verbose-task-args")
def _():
    p = _pw('"\\')
    return 'fatal: [ecdis-a.skarv]: FAILED! => {"changed": false, "invocation": {"module_args": {"login_user": "avcs", "login_password": "%s", "url": "https://%s"}}, "msg": "401"}' % (p, _host("chartsync")), p, "ecdis-a.skarv"


@_f(LOG, "terraform-debug-authorization-header")
def _():
    t = _r(_AN, 14) + ".atlasv1." + _r(_AN, 67)
    return "%s [DEBUG] provider.terraform-provider-tfe: GET /api/v2/organizations/%s/workspaces HTTP/1.1\nAuthorization: Bearer %s\nUser-Agent: go-tfe" % (_ts(), _c(_ORG_PRE), t), t, "go-tfe"


@_f(LOG, "s3-presigned-url-signature")
def _():
    sig = _hex(64)
    b = "%s-ecdis-updates" % _c(_ORG_PRE)
    return ("%s INFO download url https://%s.s3.eu-north-1.amazonaws.com/weekly/ENC_%s.zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=%s%%2F%s%%2Feu-north-1%%2Fs3%%2Faws4_request&X-Amz-Date=%sT101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=%s"
            % (_tsl(), b, _date(), _aws_id(), _date().replace("-", ""), _date().replace("-", ""), sig)), sig, b


@_f(LOG, "azure-sas-url-sig")
def _():
    sig = _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    a = "st" + _r(_ANL, 10)
    return "%s upload ok -> https://%s.blob.core.windows.net/techlog/%s.pdf?sv=2022-11-02&ss=b&srt=o&sp=rw&se=%sT23:59:59Z&spr=https&sig=%s" % (_tsl(), a, _tail(), _date(), sig), sig, a


@_f(LOG, "gcs-signed-url-signature")
def _():
    sig = _hex(512)
    return "INFO signed url: https://storage.googleapis.com/%s-ofp-archive/%s.pdf?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=ofp-signer%%40proj.iam.gserviceaccount.com%%2F%s%%2Fauto%%2Fstorage%%2Fgoog4_request&X-Goog-Date=%sT080000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=%s" % (_c(_ORG_PRE), _flt(), _date().replace("-", ""), _date().replace("-", ""), sig), sig, "ofp-archive"


@_f(LOG, "cloudfront-signed-url")
def _():
    sig = _r(_AN + "-~", 172) + "__"
    return "GET https://d%s.cloudfront.net/manuals/FCOM_%s.pdf?Expires=%d&Signature=%s&Key-Pair-Id=K%s -> 403" % (_r(_ANL, 13), _c(["A320", "ATR72", "B738"]), _n(1700000000, 1800000000), sig, _r(_ANU, 13)), sig, "manuals/FCOM_"


@_f(LOG, "airflow-connection-uri-log")
def _():
    p = _pwu()
    t = _tsl()
    return "[%s] {base.py:73} INFO - Using connection ID 'amos_oracle' for task execution.\n[%s] {sync.py:40} INFO - uri=oracle://AMOS_RO:%s@%s:1521/AMOSPRD" % (t, t, p, _host("oracle")), p, "amos_oracle"


@_f(LOG, "celery-broker-url-banner")
def _():
    p = _pwu()
    return " -------------- celery@worker-wx v5.3.6\n--- ***** -----\n- ** ---------- .> transport:   amqp://wx:%s@%s:5672//\n- ** ---------- .> results:     redis://%s:6379/1" % (p, _host("mq"), _host("redis")), p, "celery@worker-wx"


@_f(LOG, "redis-url-password-only")
def _():
    p = _pwu()
    return "%s ERROR sidekiq: Error connecting to Redis on redis://:%s@%s:6379/0 (Errno::ECONNREFUSED)" % (_ts(), p, _host("redis")), p, "Errno::ECONNREFUSED"


@_f(LOG, "docker-daemon-registry-url-creds")
def _():
    p = _pwu()
    return 'Error response from daemon: Get "https://ci:%s@registry.%s/v2/": x509: certificate signed by unknown authority' % (p, _dom()), p, "x509"


@_f(LOG, "git-fatal-unable-to-access")
def _():
    t = _glpat()
    return "fatal: unable to access 'https://gitlab-ci-token:%s@gitlab.%s/mro/trax-adapters.git/': The requested URL returned error: 403" % (t, _dom()), t, "trax-adapters.git"


@_f(LOG, "npm-err-authtoken-echo")
def _():
    t = _npm()
    return "npm ERR! code E401\nnpm ERR! Unable to authenticate, your authentication token seems to be invalid.\nnpm ERR! //registry.npmjs.org/:_authToken=%s" % t, t, "npm ERR! code E401"


@_f(LOG, "kafka-app-log-sasl")
def _():
    p = _pw(" ")
    return "%s WARN  [ais-consumer] Connecting to %s:9093 with SASL/SCRAM user=ais-ro password=%s (retry 3/5)" % (_tsl(), _host("kafka"), p), p, "ais-consumer"


@_f(LOG, "vsat-webui-debug-auth-payload")
def _():
    p = _pw('"\\')
    return '%s webui[%s]: DEBUG POST /api/login payload={"user":"admin","password":"%s","remember":true}' % (_date(), _pid(), p), p, "/api/login"


@_f(LOG, "efb-ios-crash-log-token")
def _():
    t = _r(_AN + "-_", 43)
    return "Thread 3 name:  com.efb.sync\n*** Terminating app due to uncaught exception 'SyncError', reason: 'HTTP 401 for /v3/packages token=%s'" % t, t, "com.efb.sync"


@_f(LOG, "ais-websocket-subscribe-log")
def _():
    k = _hex(40)
    t = _tsl()
    return '%s INFO ws connected wss://stream.%s/v0/stream\n%s DEBUG send {"APIKey":"%s","BoundingBoxes":[[[59.0,4.5],[61.5,11.0]]]}' % (t, _dom(), t, k), k, "BoundingBoxes"


@_f(LOG, "oauth-token-request-body-log")
def _():
    cs = _r(_AN, 40)
    return "%s DEBUG http POST https://%s/oauth/token body=grant_type=client_credentials&client_id=lido-%s&client_secret=%s" % (_tsl(), _host("auth"), _r(_ANL, 6), cs), cs, "grant_type=client_credentials"


@_f(LOG, "jwt-bearer-in-access-log")
def _():
    t = _jwt({"sub": _uname(), "roles": ["dispatcher"], "iat": _n(1700000000, 1760000000)})
    return "%s INFO  request GET /api/flights/%s/loadsheet auth=\"Bearer %s\" 200 41ms" % (_tsl(), _flt(), t), t, "loadsheet"


@_f(LOG, "windows-event-4688-cmdline")
def _():
    p = _pw(" \"")
    return "EventID: 4688\nNew Process Name: C:\\Windows\\System32\\net.exe\nProcess Command Line: net use \\\\fs01\\ofp$ %s /user:OPS\\svc_ofp" % p, p, "EventID: 4688"


@_f(LOG, "powershell-transcript-line")
def _():
    p = _pw("'")
    return "**********************\nPowerShell transcript start\nUsername: OPS\\%s\n**********************\nPS C:\\ops> $pass = '%s'\nPS C:\\ops> .\\Sync-Roster.ps1 -Password $pass" % (_uname(), p), p, "PowerShell transcript start"


@_f(LOG, "journald-service-echo-env")
def _():
    p = _pw(" ")
    return "%s fleet01 amos-sync[%s]: starting with AMOS_DB_USER=AMOS_IF AMOS_DB_PASSWORD=%s" % (_date(), _pid(), p), p, "amos-sync"


@_f(LOG, "postgres-log-alter-role")
def _():
    p = _pw("'")
    return "%s UTC [%s] LOG:  statement: ALTER ROLE crew_ro WITH PASSWORD '%s';" % (_tsms(), _pid(), p), p, "crew_ro"


@_f(LOG, "mysql-general-log-identified-by")
def _():
    p = _pw("'")
    return "%s\t   %d Query\tCREATE USER 'fids_ro'@'10.%%' IDENTIFIED BY '%s'" % (_ts(), _n(10, 900), p), p, "fids_ro"


@_f(LOG, "python-logging-dict-repr")
def _():
    p = _pw("'\\")
    return "%s INFO noon.config: loaded {'host': '%s', 'user': 'noon', 'password': '%s', 'port': 21}" % (_tsl(), _host("noon"), p), p, "noon.config"


@_f(LOG, "basic-auth-header-in-debug-log")
def _():
    b = _b64s(_svc() + ":" + _pw())
    return "%s DEBUG o.a.http.headers - http-outgoing-3 >> Authorization: Basic %s" % (_tsl(), b), b, "http-outgoing-3"


@_f(LOG, "wrapped-console-line-token")
def _():
    t = _r(_AN, 64)
    k = _n(20, 44)
    sec = t[:k] + "\n" + t[k:]
    return "[ofp-sync] retrying with header X-Api-Key: %s (attempt 2)" % sec, sec, "[ofp-sync]"


@_f(LOG, "rust-panic-debug-struct")
def _():
    t = _r(_AN, 40)
    return 'thread \'main\' panicked at src/main.rs:42:10:\ncalled `Result::unwrap()` on an `Err` value: Config { endpoint: "https://%s", token: "%s" }' % (_host("wx"), t), t, "src/main.rs:42:10"


@_f(LOG, "go-url-parse-error")
def _():
    p = _pw("@/?#\" ")
    return 'error: parse "postgres://pcs:%s@%s:5432x/pcs": invalid port ":5432x" after host' % (p, _host("pg")), p, "invalid port"


@_f(LOG, "node-url-object-dump")
def _():
    p, h = _pwu(), _host("bhs")
    return "URL {\n  href: 'https://bhs:%s@%s/events',\n  origin: 'https://%s',\n  username: 'bhs',\n  password: '%s',\n}" % (p, h, h, p), p, "username: 'bhs'"


@_f(LOG, "javamail-debug-auth-login")
def _():
    b = _b64s(_pw())
    return "DEBUG SMTP: Attempt to authenticate using mechanisms: LOGIN PLAIN DIGEST-MD5 NTLM\nAUTH LOGIN\n334 VXNlcm5hbWU6\n%s\n334 UGFzc3dvcmQ6\n%s\n235 2.7.0 Authentication successful" % (_b64s("ofp@" + _dom()), b), b, "DEBUG SMTP"


@_f(LOG, "soap-fault-request-dump")
def _():
    p = _pw("<>&")
    return ("%s ERROR CrewWsClient - SOAP fault: Invalid security token. Request was:\n<soap:Header><wsse:Security><wsse:UsernameToken><wsse:Username>%s</wsse:Username><wsse:Password>%s</wsse:Password></wsse:UsernameToken></wsse:Security></soap:Header>" % (_tsl(), _svc(), p)), p, "CrewWsClient"


@_f(LOG, "crew-sync-url-key-log")
def _():
    k = _r(_AN, 32)
    return "%s INFO roster-sync: GET https://%s/api/v1/roster?from=%s&key=%s -> 200 (1214 duties)" % (_tsl(), _host("crew"), _date(), k), k, "roster-sync"


@_f(LOG, "metar-provider-token-url")
def _():
    t = _r(_AN + "-_", 43)
    return "%s WARN wx-fetch: 429 from https://avwx.%s/api/metar/%s?token=%s, backing off 30s" % (_tsl(), _dom(), _icao(), t), t, "backing off 30s"


@_f(LOG, "sentry-breadcrumb-header")
def _():
    t = _r(_AN, 40)
    return '{"category":"http","data":{"method":"GET","url":"https://%s/api/workorders","request_headers":{"Authorization":"Token %s"}},"level":"info"}' % (_host("trax"), t), t, '"category":"http"'


@_f(LOG, "cloudwatch-secret-key-leak")
def _():
    s = _aws_secret()
    return "%s\t%s\tINFO\tboto config: region=eu-west-1 access_key=%s secret_key=%s" % (_ts(), _uuid(), _aws_id(), s), s, "region=eu-west-1"


@_f(LOG, "ansible-fatal-cmd-mysql")
def _():
    p = _pws()
    return 'fatal: [bhs-db01]: FAILED! => {"changed": true, "cmd": "mysql -ubhs_admin -p%s -e \\"FLUSH PRIVILEGES\\"", "rc": 1, "stderr": "ERROR 1045 (28000)"}' % p, p, "bhs-db01"


@_f(LOG, "docker-build-step-env")
def _():
    t = _npm()
    return "Step 6/14 : ENV NPM_TOKEN=%s\n ---> Running in %s\n ---> %s" % (t, _hex(12), _hex(12)), t, "Step 6/14"


@_f(LOG, "curl-trace-ascii-header")
def _():
    t = _r(_AN, 40)
    return "=> Send header, 212 bytes (0xd4)\n0000: GET /api/v2/vessels/%d/noon HTTP/1.1\n002a: Host: %s\n0046: Authorization: Bearer %s" % (_n(9100000, 9899999), _host("fleet"), t), t, "Send header"


@_f(LOG, "kiosk-app-rsyslog-password")
def _():
    p = _pw(" ")
    return "%s gate-b%02d kiosk[%s]: cms login attempt user=fids_kiosk password=%s result=OK" % (_date(), _n(1, 40), _pid(), p), p, "user=fids_kiosk"


@_f(LOG, "python-traceback-locals-api-key")
def _():
    k = _r(_AN, 32)
    return ('  File "/opt/flightplan/client.py", line 61, in fetch_ofp\n    r.raise_for_status()\n    api_key = \'%s\'\n    flight = \'%s\'\nrequests.exceptions.HTTPError: 403 Client Error: Forbidden' % (k, _flt())), k, "fetch_ofp"


@_f(LOG, "k8s-event-image-pull-creds")
def _():
    p = _pwu()
    return "Warning  Failed  12s  kubelet  Failed to pull image \"registry.%s/acars/bridge:2.4\": failed to resolve reference: unexpected status from HEAD request to https://robot:%s@registry.%s/v2/acars/bridge/manifests/2.4: 401" % (_dom(), p, _dom()), p, "kubelet"


# ===========================================================================
# ci-and-deploy
# ===========================================================================
@_f(CI, "gha-env-literal-token")
def _():
    t = _r(_AN, 32)
    return "jobs:\n  sync-charts:\n    runs-on: ubuntu-latest\n    env:\n      AVCS_USER: %s\n      AVCS_TOKEN: %s\n    steps:\n      - uses: actions/checkout@v4" % (_svc(), t), t, "sync-charts"


@_f(CI, "gha-run-curl-token-header")
def _():
    t = _ghp()
    return '      - name: Trigger docs rebuild\n        run: |\n          curl -X POST -H "Authorization: token %s" \\\n            https://api.github.com/repos/%s/efb-docs/dispatches -d \'{"event_type":"rebuild"}\'' % (t, _org()), t, "Trigger docs rebuild"


@_f(CI, "gitlab-ci-variables-literal")
def _():
    p = _pw("'\"#: ")
    return "variables:\n  DOCKER_DRIVER: overlay2\n  TRAX_DB_USER: trax_ci\n  TRAX_DB_PASSWORD: %s\n\nstages: [test, deploy]" % p, p, "TRAX_DB_USER: trax_ci"


@_f(CI, "gitlab-ci-script-docker-login")
def _():
    p = _pws()
    return "build-image:\n  stage: build\n  script:\n    - docker login -u deploy -p %s registry.%s\n    - docker build -t acars-bridge:$CI_COMMIT_SHORT_SHA ." % (p, _dom()), p, "build-image"


@_f(CI, "jenkinsfile-environment-literal")
def _():
    t = _r(_AN, 40)
    return "pipeline {\n  agent { label 'linux' }\n  environment {\n    SONAR_HOST = 'https://sonar.%s'\n    AMOS_API_TOKEN = '%s'\n  }" % (_dom(), t), t, "SONAR_HOST"


@_f(CI, "jenkinsfile-sh-sshpass")
def _():
    p = _pw("' \"")
    return "stage('Deploy FIDS') {\n  steps {\n    sh \"sshpass -p '%s' scp build/fids.war deploy@%s:/opt/tomcat/webapps/\"\n  }\n}" % (p, _host("fids")), p, "Deploy FIDS"


@_f(CI, "azure-pipelines-variables-literal")
def _():
    p = _pw("'\"#: ")
    return "variables:\n  buildConfiguration: 'Release'\n  sqlAdminUser: 'bhsadmin'\n  sqlAdminPassword: '%s'\n\npool:\n  vmImage: windows-latest" % p, p, "sqlAdminUser"


@_f(CI, "bitbucket-pipelines-script")
def _():
    p = _pws()
    return "pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - lftp -u pcs_deploy,%s sftp://%s -e 'mirror -R dist /www; bye'" % (p, _host("pcs")), p, "pcs_deploy"


@_f(CI, "circleci-environment-block")
def _():
    k = _hex(32)
    return "jobs:\n  test:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n      AVIATIONSTACK_KEY: %s\n      PYTEST_ADDOPTS: -q" % k, k, "PYTEST_ADDOPTS"


@_f(CI, "travis-env-global")
def _():
    t = _r(_AN, 40)
    return "env:\n  global:\n    - METAR_API_TOKEN=%s\n    - PYTHONUNBUFFERED=1" % t, t, "PYTHONUNBUFFERED=1"


@_f(CI, "drone-settings-password")
def _():
    p = _pw("'\"#: ")
    return "steps:\n  - name: publish\n    image: plugins/docker\n    settings:\n      registry: registry.%s\n      username: drone\n      password: %s\n      repo: registry.%s/ops/gate-alloc" % (_dom(), p, _dom()), p, "plugins/docker"


@_f(CI, "argocd-helm-parameter")
def _():
    p = _pw("'\"#: ")
    return "spec:\n  source:\n    helm:\n      parameters:\n        - name: postgresql.auth.password\n          value: %s\n        - name: image.tag\n          value: %s" % (p, _hex(7)), p, "postgresql.auth.password"


@_f(CI, "helm-values-prod-literal")
def _():
    p = _pw("'\"#: ")
    return "# values-prod.yaml (crew-portal)\ningress:\n  host: crew.%s\nsmtp:\n  user: crew-portal@%s\n  password: %s" % (_dom(), _dom(), p), p, "crew-portal"


@_f(CI, "kustomize-secretgenerator-literals")
def _():
    p = _pw(" '\"")
    return "secretGenerator:\n  - name: ais-ingest-secrets\n    literals:\n      - MQ_USER=ais_ingest\n      - MQ_PASSWORD=%s" % p, p, "ais-ingest-secrets"


@_f(CI, "dockerfile-arg-default-token")
def _():
    t = _npm()
    return "FROM node:20-alpine AS build\nARG NPM_TOKEN=%s\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci" % t, t, "node:20-alpine"


@_f(CI, "compose-prod-override")
def _():
    p = _pw(" '\"#:")
    return "# docker-compose.prod.yml\nservices:\n  typeb-bridge:\n    environment:\n      SITA_GW_HOST: %s\n      SITA_GW_PASSWORD: %s" % (_host("sita-gw"), p), p, "typeb-bridge"


@_f(CI, "terraform-backend-access-key")
def _():
    k = _azkey()
    return 'terraform {\n  backend "azurerm" {\n    storage_account_name = "sttfstate%s"\n    container_name       = "tfstate"\n    access_key           = "%s"\n  }\n}' % (_r(_ANL, 6), k), k, "tfstate"


@_f(CI, "gha-log-echo-unmasked")
def _():
    t = _r(_AN, 40)
    return "Run echo \"using token ${TOKEN:0:40}\"\n  echo \"using token ${TOKEN:0:40}\"\n  shell: /usr/bin/bash -e {0}\nusing token %s" % t, t, "shell: /usr/bin/bash"


@_f(CI, "gitlab-job-log-curl-u")
def _():
    p = _pw("'@: ")
    return "$ curl -sf -u deploy:'%s' -X POST https://%s/api/deploy?ref=$CI_COMMIT_SHA\n{\"status\":\"queued\"}\nCleaning up project directory and file based variables" % (p, _host("pcs")), p, "Cleaning up project directory"


@_f(CI, "jenkins-console-set-x-echo")
def _():
    p = _pws()
    return "[Pipeline] sh\n+ docker login -u svc_jenkins -p %s nexus.%s:8443\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded" % (p, _dom()), p, "svc_jenkins"


@_f(CI, "buildkite-pipeline-env")
def _():
    t = _r(_AN, 40)
    return "steps:\n  - label: \":airplane: ofp contract tests\"\n    command: make contract-test\n    env:\n      LIDO_CLIENT_SECRET: \"%s\"" % t, t, "make contract-test"


@_f(CI, "fastlane-env-default")
def _():
    p = _pw(" '\"#")
    return "# fastlane/.env.default (EFB iPad app)\nFASTLANE_USER=%s\nFASTLANE_PASSWORD=%s\nMATCH_GIT_URL=git@github.com:%s/certs.git" % (_email(), p, _org()), p, "FASTLANE_USER"


@_f(CI, "fastlane-match-password")
def _():
    p = _pw(" '\"#")
    return "MATCH_TYPE=appstore\nMATCH_PASSWORD=%s\nMATCH_READONLY=true" % p, p, "MATCH_TYPE=appstore"


@_f(CI, "app-store-connect-p8-in-ci-var")
def _():
    b = _pem_body("ec")
    return "ASC_KEY_ID: %s\nASC_ISSUER_ID: %s\nASC_KEY_CONTENT: |\n  -----BEGIN PRIVATE KEY-----\n  %s\n  -----END PRIVATE KEY-----" % (_r(_ANU, 10), _uuid(), b.replace("\n", "\n  ")), b.replace("\n", "\n  "), "ASC_KEY_ID"


@_f(CI, "gradle-signing-config")
def _():
    p = _pw('"\\$')
    return 'signingConfigs {\n    release {\n        storeFile file("efb-release.jks")\n        storePassword "%s"\n        keyAlias "efb"\n        keyPassword "%s"\n    }\n}' % (p, p), p, 'keyAlias "efb"'


@_f(CI, "k8s-deployment-env-value")
def _():
    p = _pw("'\"#: ")
    return "        env:\n          - name: BHS_PLC_USER\n            value: opcua_ro\n          - name: BHS_PLC_PASSWORD\n            value: %s" % p, p, "BHS_PLC_USER"


@_f(CI, "serverless-yml-environment")
def _():
    k = _hex(40)
    return "provider:\n  name: aws\n  runtime: python3.12\n  environment:\n    MT_API_KEY: %s\n    STAGE: ${sls:stage}" % k, k, "python3.12"


@_f(CI, "codebuild-buildspec-env")
def _():
    p = _pw("'\"#: ")
    return "version: 0.2\nenv:\n  variables:\n    ORACLE_USER: AMOS_CI\n    ORACLE_PASSWORD: %s\nphases:\n  build:\n    commands:\n      - mvn -B verify" % p, p, "ORACLE_USER: AMOS_CI"


@_f(CI, "cloudbuild-substitutions")
def _():
    k = _aiza()
    return "substitutions:\n  _REGION: europe-north1\n  _MAPS_KEY: %s\nsteps:\n  - name: gcr.io/cloud-builders/docker" % k, k, "_REGION: europe-north1"


@_f(CI, "heroku-app-json-env-value")
def _():
    k = _r(_AN, 32)
    return '{\n  "name": "gate-display",\n  "env": {\n    "FLIGHTSTATS_APP_ID": {"value": "%s"},\n    "FLIGHTSTATS_APP_KEY": {"value": "%s"}\n  }\n}' % (_hex(8), k), k, "gate-display"


@_f(CI, "netlify-toml-build-env")
def _():
    t = _r(_AN, 40)
    return '[build]\n  command = "npm run build"\n[build.environment]\n  NODE_VERSION = "20"\n  CMS_PREVIEW_TOKEN = "%s"' % t, t, 'NODE_VERSION = "20"'


@_f(CI, "octopus-variable-export-json")
def _():
    p = _pw('"\\')
    return '{\n  "Name": "Trax.Db.Password",\n  "Value": "%s",\n  "Type": "String",\n  "IsSensitive": false,\n  "Scope": { "Environment": ["Production"] }\n}' % p, p, "Trax.Db.Password"


@_f(CI, "awx-extra-vars")
def _():
    p = _pw("'\"#: ")
    return "---\n# AWX job template: Patch vessel servers\ntarget_fleet: north_sea\nvessel_admin_password: %s\nreboot_window: '02:00-04:00'" % p, p, "target_fleet: north_sea"


@_f(CI, "hiera-yaml-literal")
def _():
    p = _pw("'\"#: ")
    return "---\nprofile::fids::cms_url: 'https://%s'\nprofile::fids::cms_password: '%s'" % (_host("fids"), p), p, "profile::fids::cms_url"


@_f(CI, "chef-data-bag-json")
def _():
    p = _pw('"\\')
    return '{\n  "id": "sita_gateway",\n  "user": "%s",\n  "password": "%s"\n}' % (_svc(), p), p, '"id": "sita_gateway"'


@_f(CI, "salt-pillar-literal")
def _():
    p = _pw("'\"#: ")
    return "vsat:\n  modem:\n    host: 192.168.%d.1\n    admin_password: %s" % (_n(0, 254), p), p, "modem:"


@_f(CI, "cloud-init-chpasswd")
def _():
    p = _pw(": ")
    return "#cloud-config\nchpasswd:\n  expire: false\n  list: |\n    ubuntu:%s\nssh_pwauth: true" % p, p, "#cloud-config"


@_f(CI, "packer-winrm-password")
def _():
    p = _pw('"\\')
    return 'source "vsphere-iso" "fids-player" {\n  communicator   = "winrm"\n  winrm_username = "Administrator"\n  winrm_password = "%s"\n}' % p, p, "fids-player"


@_f(CI, "vagrantfile-ssh-password")
def _():
    p = _pw("'\\")
    return "Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"ecdis-sim\"\n  config.ssh.username = \"ecdis\"\n  config.ssh.password = '%s'\nend" % p, p, "ecdis-sim"


@_f(CI, "gha-services-postgres-password")
def _():
    p = _pw(" '\"#:")
    return "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_USER: roster\n          POSTGRES_PASSWORD: %s\n        ports: ['5432:5432']" % p, p, "POSTGRES_USER: roster"


@_f(CI, "concourse-params")
def _():
    p = _pw("'\"#: ")
    return "- task: smoke-test-pcs\n  params:\n    PCS_URL: https://%s\n    PCS_USER: smoke\n    PCS_PASSWORD: %s" % (_host("pcs"), p), p, "smoke-test-pcs"


@_f(CI, "teamcity-param-xml")
def _():
    p = _pw('"<>&')
    return '<parameters>\n  <param name="env.SITA_USER" value="%s" />\n  <param name="env.SITA_PASSWORD" value="%s" />\n</parameters>' % (_svc(), p), p, "env.SITA_USER"


@_f(CI, "nomad-template-env")
def _():
    p = _pw('"\\')
    return 'template {\n  data = <<EOH\nAIS_DB_URL="postgres://ais@%s/ais"\nAIS_DB_PASSWORD="%s"\nEOH\n  destination = "secrets/ais.env"\n  env = true\n}' % (_host("pg"), p), p, "secrets/ais.env"


@_f(CI, "set-x-export-log")
def _():
    t = _r(_AN, 40)
    return "+ export DEPLOY_TOKEN=%s\n+ ./scripts/deploy.sh --env prod --service gate-alloc" % t, t, "--service gate-alloc"


@_f(CI, "teams-incoming-webhook-url")
def _():
    s = _hex(32)
    return "      - name: Notify ops channel\n        run: curl -H 'Content-Type: application/json' -d @msg.json 'https://%s.webhook.office.com/webhookb2/%s@%s/IncomingWebhook/%s/%s'" % (_c(_ORG_PRE).replace("-", ""), _uuid(), _uuid(), s, _uuid()), s, "Notify ops channel"


@_f(CI, "pulumi-config-plain-value")
def _():
    p = _pw(" '\"#:")
    return "config:\n  aws:region: eu-north-1\n  crew-infra:dbUser: crewadmin\n  crew-infra:dbPassword: %s" % p, p, "crew-infra:dbUser"


@_f(CI, "kubeconfig-user-token")
def _():
    t = _jwt({"iss": "kubernetes/serviceaccount", "sub": "system:serviceaccount:ci:deployer", "iat": _n(1700000000, 1760000000)}, "RS256")
    return "users:\n- name: ci-deployer\n  user:\n    token: %s\ncontexts:\n- context: {cluster: ops-aks, user: ci-deployer}" % t, t, "ci-deployer"


@_f(CI, "kubeconfig-client-key-data")
def _():
    k = _b64s("-----BEGIN EC PRIVATE KEY-----\n" + _pem_body("ec") + "\n-----END EC PRIVATE KEY-----\n")
    return "users:\n- name: admin@fleet-k3s\n  user:\n    client-certificate-data: %s\n    client-key-data: %s" % (_b64s("-----BEGIN CERTIFICATE-----\n" + _b64(200) + "\n-----END CERTIFICATE-----"), k), k, "admin@fleet-k3s"


@_f(CI, "docker-auth-config-ci-var")
def _():
    b = _b64s("gitlab-ci:" + _pw())
    return 'DOCKER_AUTH_CONFIG: \'{"auths":{"registry.%s":{"auth":"%s"}}}\'' % (_dom(), b), b, "DOCKER_AUTH_CONFIG"


@_f(CI, "docker-login-action-literal")
def _():
    p = _pw("'\"#: ")
    return "      - uses: docker/login-action@v3\n        with:\n          registry: harbor.%s\n          username: robot$ofp\n          password: %s" % (_dom(), p), p, "docker/login-action@v3"


@_f(CI, "azure-devops-service-connection-json")
def _():
    s = _az_client_secret()
    return '{\n  "authorization": {\n    "scheme": "ServicePrincipal",\n    "parameters": {\n      "serviceprincipalid": "%s",\n      "serviceprincipalkey": "%s",\n      "tenantid": "%s"\n    }\n  }\n}' % (_uuid(), s, _uuid()), s, "ServicePrincipal"


@_f(CI, "sonar-project-properties-login")
def _():
    t = "sqp_" + _hex(40)
    return "sonar.projectKey=acars-bridge\nsonar.host.url=https://sonar.%s\nsonar.login=%s" % (_dom(), t), t, "sonar.projectKey=acars-bridge"


@_f(CI, "codecov-token-yml")
def _():
    t = _uuid()
    return "      - uses: codecov/codecov-action@v4\n        with:\n          token: %s\n          flags: metar-parser" % t, t, "flags: metar-parser"


@_f(CI, "maven-deploy-dpassword")
def _():
    p = _pws()
    return "mvn -B deploy -DaltDeploymentRepository=mro::default::https://nexus.%s/repository/releases -Dusername=ci -Dpassword=%s" % (_dom(), p), p, "-Dusername=ci"


@_f(CI, "gradle-publish-project-prop")
def _():
    p = _pws()
    return "./gradlew publish -PmavenUser=ci-efb -PmavenPassword=%s --no-daemon" % p, p, "-PmavenUser=ci-efb"


@_f(CI, "helm-repo-add-password")
def _():
    p = _pws()
    return "helm repo add ops-charts https://charts.%s --username ci --password %s" % (_dom(), p), p, "ops-charts"


@_f(CI, "oc-login-sha256-token")
def _():
    t = "sha256~" + _r(_B64U, 43)
    return "oc login --token=%s --server=https://api.ocp.%s:6443" % (t, _dom()), t, "--server="


@_f(CI, "rancher-bearer-token")
def _():
    t = "token-%s:%s" % (_r(_ANL, 5), _r(_ANL, 54))
    return "rancher login https://rancher.%s --token %s --context c-%s:p-%s" % (_dom(), t, _r(_ANL, 5), _r(_ANL, 5)), t, "rancher login"


@_f(CI, "argocd-login-password")
def _():
    p = _pws()
    return "argocd login argocd.%s --username admin --password %s --grpc-web" % (_dom(), p), p, "--grpc-web"


@_f(CI, "msdeploy-dest-password")
def _():
    p = _pw(",' \"")
    return "msdeploy.exe -verb:sync -source:contentPath=.\\publish -dest:contentPath=FidsWeb,computerName=https://%s:8172/msdeploy.axd,userName=deploy,password=%s,authType=Basic" % (_host("fids"), p), p, "userName=deploy"


@_f(CI, "publish-profile-userpwd")
def _():
    p = _r(_AN, 60)
    return '<publishProfile profileName="crew-portal - Web Deploy" publishMethod="MSDeploy" userName="$crew-portal" userPWD="%s" destinationAppUrl="https://crew-portal.azurewebsites.net" />' % p, p, "crew-portal - Web Deploy"


@_f(CI, "gitlab-ci-trigger-token-curl")
def _():
    t = "glptt-" + _hex(40)
    return "curl -X POST --fail -F token=%s -F ref=main https://gitlab.%s/api/v4/projects/%d/trigger/pipeline" % (t, _dom(), _n(10, 999)), t, "ref=main"


@_f(CI, "vercel-json-env")
def _():
    k = _r(_AN, 32)
    return '{\n  "env": {\n    "NEXT_PUBLIC_MAP_STYLE": "dark",\n    "FLIGHT_API_KEY": "%s"\n  }\n}' % k, k, "NEXT_PUBLIC_MAP_STYLE"


# ===========================================================================
# note-or-chat: goals, running notes, decisions, pasted chat (6 languages)
# ===========================================================================
@_f(CHAT, "chat-en-inline-db-password")
def _():
    p = _pw()
    n = _first("en")
    return "@%s the AMOS test DB pw is %s, pls don't paste it in #ops-general" % (n.lower(), p), p, "#ops-general"


@_f(CHAT, "chat-es-contrasena-sftp")
def _():
    p, u = _pw(), _c(["aduana_edi", "edi_user", "pcs_api"])
    return "Oye, la contraseña del SFTP de aduanas es %s. El usuario es %s, ¿vale?" % (p, u), p, u


@_f(CHAT, "chat-no-passordet-vsat")
def _():
    p, s = _pw(), _ship()
    return "Passordet til VSAT-modemet på %s er %s (bruker admin). Husk å logge ut etterpå." % (s, p), p, s


@_f(CHAT, "chat-el-kodikos-ecdis")
def _():
    p, u = _pw(), _svc()
    return "Ο κωδικός για το portal ενημερώσεων ECDIS είναι %s, χρήστης %s." % (p, u), p, u


@_f(CHAT, "chat-ko-starlink-admin-password")
def _():
    p, s = _pw(), _ship()
    return "%s 스타링크 라우터 관리자 비밀번호는 %s 입니다. 변경하지 마세요." % (s, p), p, s


@_f(CHAT, "chat-ja-test-env-password")
def _():
    p, u = _pw(), _svc()
    return "AMOSのテスト環境のパスワードは %s です。ユーザーは %s。" % (p, u), p, u


@_f(CHAT, "note-slash-separated-creds")
def _():
    p, u = _pw(" /"), _svc()
    return "SITA gw creds: %s / %s" % (u, p), p, u


@_f(CHAT, "agent-note-tried-key-401")
def _():
    k = _r(_AN, 32)
    return "Tried the key %s from the old README -> 401 Unauthorized. Asking ops for a fresh AeroAPI key." % k, k, "401 Unauthorized"


@_f(CHAT, "goal-rotate-named-key")
def _():
    k = _hex(40)
    return "Goal: rotate the MarineTraffic key %s before Friday's audit, then update ais-relay/config.json and redeploy." % k, k, "ais-relay/config.json"


@_f(CHAT, "decision-keep-legacy-key")
def _():
    k = _r(_AN, 32)
    t = "OPS-%d" % _n(1000, 9999)
    return "Decision: keep using the legacy weather key %s until the OAuth migration lands (%s)." % (k, t), k, t


@_f(CHAT, "chat-crew-wifi-ssid-pass")
def _():
    s, p = _c(["CREW-WIFI", "CrewNet-5G", "MESS-ROOM", "OFFICERS"]), _pw()
    return "Crew Wi-Fi on %s: SSID %s / pass %s" % (_ship(), s, p), p, s


@_f(CHAT, "jira-comment-password-reset")
def _():
    p, u = _pw(), _uname()
    return "[~%s] I reset the svc_trax password to %s, please update the TRAX interface config and restart the adapter." % (u, p), p, "svc_trax"


@_f(CHAT, "email-username-password-lines")
def _():
    p, u = _pw(), _svc()
    return "Hi,\n\nYour access to the port community portal has been created.\nUsername: %s\nPassword: %s\n\nPlease change it at first login.\n\nBR, PCS Helpdesk" % (u, p), p, u


@_f(CHAT, "chat-captain-whatsapp-export")
def _():
    p = _pw()
    n = _person(_c(["no", "el", "en"]))[0]
    return "[%s, %s] Capt. %s: starlink admin pw is %s if you need to reboot it from shore" % (_date(), _time()[:5], n, p), p, n


@_f(CHAT, "shift-handover-kiosk-admin")
def _():
    p = _pw()
    return "Night shift handover %s:\n- FIDS kiosk at gate B%d frozen, rebooted twice\n- kiosk local admin: fidsadmin / %s\n- BHS sorter 2 jam cleared 03:40" % (_date(), _n(1, 40), p), p, "fidsadmin"


@_f(CHAT, "efb-ipad-passcode-pin")
def _():
    pin, t = _pin(6), _tail()
    return "EFB iPad for %s: passcode changed to %s after the MDM wipe, tell the crew at briefing." % (t, pin), pin, t


@_f(CHAT, "hangar-door-keypad-code")
def _():
    pin = _pin(_c([6, 7, 8]))
    return "FYI hangar 3 side door keypad code is now %s# (old code disabled)" % pin, pin, "hangar 3"


@_f(CHAT, "ja-initial-password")
def _():
    p = _pw()
    return "乗員ポータルのアカウントを作成しました。\nID：%s\n初期パスワード：%s\n初回ログイン時に必ず変更してください。" % (_uname("ja"), p), p, "初期パスワード"


@_f(CHAT, "ko-weather-api-key-share")
def _():
    k = _r(_AN, 32)
    return "날씨 API 키 공유드립니다: %s (외부 공유 금지)" % k, k, "날씨 API"


@_f(CHAT, "el-wifi-bridge-password")
def _():
    p = _pw()
    return "Καπετάνιε, ο κωδικός του Wi-Fi στη γέφυρα είναι %s — μην τον δώσετε στους επιβάτες." % p, p, "Wi-Fi"


@_f(CHAT, "no-brukernavn-passord")
def _():
    p, u = _pw(","), _svc()
    return "brukernavn: %s, passord: %s — gjelder testmiljøet til crew-planleggeren" % (u, p), p, u


@_f(CHAT, "es-usuario-clave-slash")
def _():
    p, u = _pw(" /"), _svc()
    return "usuario %s / clave %s (entorno de pruebas de TRAX, no producción)" % (u, p), p, u


@_f(CHAT, "no-pin-kode-drivstoffkort")
def _():
    pin = _pin(6)
    return "PIN-koden til drivstoffkortet for bakkeutstyret er %s. Ikke skriv den på kortet!" % pin, pin, "drivstoffkortet"


@_f(CHAT, "es-pin-ipad-efb")
def _():
    pin = _pin(6)
    return "el PIN de los iPad EFB de la flota ATR es %s hasta que MDM lo cambie" % pin, pin, "flota ATR"


@_f(CHAT, "ja-vpn-passphrase-brackets")
def _():
    p = "-".join([_c(_WORDS) for _ in range(4)]) + str(_n(10, 99))
    return "本船VPNのパスフレーズは「%s」です。メールでは送らないでください。" % p, p, "本船VPN"


@_f(CHAT, "agent-note-found-hardcoded")
def _():
    p = _pw("'")
    return "Found hardcoded password '%s' in legacy/acars_bridge.py:42 (GW_PASS). Flagging for removal, not touching it yet." % p, p, "legacy/acars_bridge.py:42"


@_f(CHAT, "markdown-todo-revoke-token")
def _():
    t = _ghp()
    return "- [x] move workflow secrets to environments\n- [ ] revoke %s (leaked in #mro-dev on %s)\n- [ ] enable push protection" % (t, _date()), t, "#mro-dev"


@_f(CHAT, "markdown-table-runbook-creds")
def _():
    p = _pw("|")
    return "| System  | User     | Password |\n|---------|----------|----------|\n| BHS HMI | operator | %s |\n| PLC     | -        | see vault |" % p, p, "BHS HMI"


@_f(CHAT, "incident-note-aws-pair")
def _():
    i, s = _aws_id(), _aws_secret()
    return "IR-%d timeline: 02:14Z attacker used key %s with secret %s (from the leaked ecdis-sync .env) to list s3://*-charts" % (_n(100, 999), i, s), s, "IR-"


@_f(CHAT, "onboarding-temp-password")
def _():
    p = _pw()
    return "Welcome aboard %s! Your temporary password for the crew portal is %s — you'll be asked to change it." % (_first(), p), p, "crew portal"


@_f(CHAT, "decision-shared-mailbox-password")
def _():
    p, d = _pw(), _dom()
    return "Decision: until SSO is live we keep the shared mailbox wx-alerts@%s (password %s) for METAR/TAF alerting." % (d, p), p, "wx-alerts@" + d


@_f(CHAT, "email-quote-reply-pw")
def _():
    p = _pw()
    n = _person()[0]
    return "> On %s, %s wrote:\n> pw for the customs test account: %s\n> let me know if it works\n\nThanks, works now." % (_date(), n, p), p, n


@_f(CHAT, "prose-login-as-with-no-label")
def _():
    p = _pw()
    return "log in as ops with %s and then open Fleet > Noon reports > Resend" % p, p, "Noon reports"


@_f(CHAT, "mfa-backup-codes-list")
def _():
    codes = " ".join(["%s-%s" % (_r(_ANL, 4), _r(_ANL, 4)) for _ in range(5)])
    return "Backup codes for the VSAT portal (ops account), keep offline:\n%s" % codes, codes, "VSAT portal"


@_f(CHAT, "otpauth-uri-secret")
def _():
    s = _r(_B32, 32)
    return "QR didn't scan, use this: otpauth://totp/VSAT%%20Portal:noc?secret=%s&issuer=VSAT%%20Portal&digits=6" % s, s, "issuer=VSAT%20Portal"


@_f(CHAT, "chat-pasted-openssh-key")
def _():
    b = _pem_body("openssh")
    return "pasted from %s's DM:\n-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----\nthat's the deploy key for the ECDIS jump host" % (_first(), b), b, "ECDIS jump host"


@_f(CHAT, "chat-token-wrapped-two-lines")
def _():
    t = _r(_AN, 56)
    k = _n(20, 36)
    sec = t[:k] + "\n" + t[k:]
    return "token is\n%s\n(copy both lines, Teams wraps it)" % sec, sec, "Teams wraps it"


@_f(CHAT, "ja-amos-db-password-arrow")
def _():
    p = _pw()
    return "整備システム(AMOS)のDBパスワード変更しました → %s\n夜間バッチの設定も更新済みです。" % p, p, "夜間バッチ"


@_f(CHAT, "ko-vsat-admin-bibeon")
def _():
    p = _pw()
    return "선박 VSAT 관리자 비번: %s\n포트: 443, 계정: admin" % p, p, "계정: admin"


@_f(CHAT, "el-synthimatiko-booking")
def _():
    p = _pw()
    return "Συνθηματικό για το σύστημα κρατήσεων θέσεων πρόσδεσης: %s (ισχύει μέχρι %s)" % (p, _date()), p, "θέσεων πρόσδεσης"


@_f(CHAT, "es-wifi-sala-tripulaciones")
def _():
    s, p = _c(["TRIPULACION", "CREW-BCN", "SALA-TCP", "BRIEFING"]), _pw()
    return "La wifi de la sala de tripulaciones: red %s, contraseña %s" % (s, p), p, s


@_f(CHAT, "no-api-nokkel-vaer")
def _():
    k = _r(_AN, 32)
    return "API-nøkkelen til værtjenesten er %s, ikke del den utenfor teamet." % k, k, "værtjenesten"


@_f(CHAT, "chat-word-passphrase-usb")
def _():
    p = " ".join([_c(_WORDS) for _ in range(5)])
    return "passphrase for the encrypted chart USB stick: %s (all lowercase, spaces included)" % p, p, "chart USB stick"


@_f(CHAT, "agent-note-env-in-working-tree")
def _():
    p = _pw(" ")
    return "Note: .env in repo root has SITA_GW_PASSWORD=%s; it's gitignored but present in the working tree." % p, p, "SITA_GW_PASSWORD"


@_f(CHAT, "note-kv-inline-creds")
def _():
    p, h = _pw(" "), _host("pg")
    return "db=roster host=%s user=crew_rw pw=%s (read/write, use sparingly)" % (h, p), p, h


@_f(CHAT, "chat-iridium-sim-puk")
def _():
    puk = _pin(8)
    return "SIM PUK for the Iridium handset on the bridge is %s, PIN is locked after the crew change" % puk, puk, "Iridium handset"


@_f(CHAT, "ko-security-card-pin")
def _():
    pin = _pin(6)
    return "정비 격납고 출입 보안카드 PIN 번호: %s" % pin, pin, "보안카드"


@_f(CHAT, "ja-pin-anshou-bangou")
def _():
    pin = _pin(6)
    return "燃料カードの暗証番号は%sです。他言無用でお願いします。" % pin, pin, "燃料カード"


@_f(CHAT, "el-email-credentials-lines")
def _():
    p, u = _pw(), _svc()
    return "Καλησπέρα σας,\nΌνομα χρήστη: %s\nΚωδικός: %s\nΠαρακαλούμε αλλάξτε τον κωδικό μετά την πρώτη σύνδεση." % (u, p), p, u


@_f(CHAT, "es-email-credenciales-portal")
def _():
    p, u = _pw(), _svc()
    return "Estimado cliente:\nSus credenciales de acceso al portal EDI son:\nUsuario: %s\nContraseña: %s\nUn saludo, Soporte Aduanas" % (u, p), p, u


@_f(CHAT, "no-overlevering-root-passord")
def _():
    p = _pw()
    return "Overlevering: root-passordet på VDR-en er fortsatt %s, må byttes ved neste havneopphold i %s." % (p, _c(["Bergen", "Tromsø", "Ålesund", "Hammerfest"])), p, "VDR-en"


@_f(CHAT, "ja-slack-bot-token-paste")
def _():
    t = _xoxb()
    return "Slackのボットトークン貼っておきます %s\n#fids-alerts 用です" % t, t, "#fids-alerts"


@_f(CHAT, "ko-meeting-notes-db-info")
def _():
    p, h, u = _pw(), _host("db"), _svc()
    return "회의록 - DB 접속정보: 호스트 %s, 계정 %s, 비밀번호 %s" % (h, u, p), p, h


@_f(CHAT, "chat-oops-committed-key")
def _():
    k = _hex(32)
    return "oops, committed the Datadog API key %s in %s on main, rotating now" % (k, _hex(7)), k, "on main"


@_f(CHAT, "adr-decision-service-account")
def _():
    p = _pw()
    return "## Decision\nThe ECDIS update proxy authenticates with the shared service account (avcs_proxy / %s) until per-vessel accounts exist.\n## Consequences\nRotation every 90 days." % p, p, "avcs_proxy"


@_f(CHAT, "goal-with-connection-string")
def _():
    p = _pwc()
    return "Goal: migrate the roster DB off \"Server=%s;Database=Roster;User Id=roster;Password=%s\" to managed Postgres by Q3." % (_host("db"), p), p, "managed Postgres"


@_f(CHAT, "agent-plan-step-header")
def _():
    k = _r(_AN, 36)
    return "Plan:\n1. reproduce the 403 locally\n2. call /ofp/latest with header X-Api-Key: %s (from %s's message)\n3. compare with prod config" % (k, _first()), k, "reproduce the 403"


@_f(CHAT, "es-ticket-contrasena-restablecida")
def _():
    p, u = _pw(), _uname("es")
    return "Ticket INC%07d: El usuario %s no puede acceder a TRAX. Contraseña restablecida a %s." % (_n(1, 9999999), u, p), p, u


@_f(CHAT, "greeklish-chat-kwdikos")
def _():
    p = _pw()
    return "o kwdikos gia to wifi tou mhxanostasiou einai %s, allakse ton otan fygoun oi texnikoi" % p, p, "mhxanostasiou"


@_f(CHAT, "no-chat-informal-passord-e")
def _():
    p = _pw()
    return "passord e %s btw, funka ikke for meg først pga caps lock" % p, p, "caps lock"


@_f(CHAT, "chat-emoji-new-portal-pw")
def _():
    p = _pw()
    return "🔑 new Starlink portal pw: %s\n✅ tested from the bridge laptop" % p, p, "bridge laptop"


@_f(CHAT, "note-nested-bullets-creds")
def _():
    p, h, u = _pw(), _host("trax"), _svc()
    return "* TRAX UAT\n  * url: https://%s/trax\n  * user: %s\n  * pass: %s" % (h, u, p), p, h


@_f(CHAT, "chat-bios-password-laptop")
def _():
    p = _pw()
    return "gangway laptop BIOS password is %s, needed it to enable USB boot" % p, p, "gangway laptop"


@_f(CHAT, "ko-mixed-pw-case-sensitive")
def _():
    p = _pw()
    return "PW: %s (대소문자 구분해서 입력하세요)" % p, p, "대소문자"


@_f(CHAT, "ja-crew-wifi-ssid-password")
def _():
    s, p = _c(["CREW-NET", "SEAFARER-WIFI", "KAIYO-CREW"]), _pw()
    return "乗組員用Wi-Fi: SSID %s / パスワード %s" % (s, p), p, s


@_f(CHAT, "el-pin-karta-kausimon")
def _():
    pin = _pin(6)
    return "Το PIN της κάρτας καυσίμων για το όχημα ράμπας είναι %s" % pin, pin, "όχημα ράμπας"


@_f(CHAT, "es-relevo-guardia-clave")
def _():
    p = _pw()
    return "Relevo de guardia: la clave del portátil del muelle es %s, el usuario sigue siendo 'muelle'." % p, p, "'muelle'"


@_f(CHAT, "chat-correction-real-password")
def _():
    p = _pw()
    return "ignore my last message, wrong env. password for bhs_ops in prod is %s" % p, p, "bhs_ops"


@_f(CHAT, "chat-hardcoded-until-vault")
def _():
    k = _r(_AN, 40)
    return "we'll move the Spire token into Vault tomorrow, for now it's hardcoded: %s" % k, k, "Spire"


@_f(CHAT, "voice-memo-transcript-password")
def _():
    p = _c(_CITIES).lower() + str(_n(100, 9999))
    return "[transcript] ...yeah so the password for the loading computer is %s all lowercase, and the user is chief officer..." % p, p, "loading computer"


@_f(CHAT, "ko-email-credentials")
def _():
    p, u = _pw(), _svc()
    return "안녕하세요,\n항만 포털 계정 정보입니다.\n아이디: %s\n비밀번호: %s\n감사합니다." % (u, p), p, u


# ===========================================================================
# vendor-token: vendor-shaped tokens in varied surroundings
# ===========================================================================
_IMAGES = ["ghcr.io/%s/acars-bridge:2.%d", "registry.%s/ofp-fetcher:1.%d",
           "harbor.%s/ais/relay:0.%d", "nexus.%s/fids/player-sync:4.%d"]


def _vt(var, tok, label):
    text, sec, vis = _vt0(var, tok, label)
    if vis and (vis in sec or sec in vis):
        vis = ""
    return text, sec, vis


def _vt0(var, tok, label):
    k = _n(0, 9)
    slug = label.lower().replace(" ", "_").replace(".", "_")
    if k == 0:
        return "export %s=%s" % (var, tok), tok, var
    if k == 1:
        return "# %s\n%s=%s\nLOG_LEVEL=info" % (label, var, tok), tok, "LOG_LEVEL=info"
    if k == 2:
        return '{"service": "%s", "%s": "%s", "timeout_s": 20}' % (label, var.lower(), tok), tok, label
    if k == 3:
        return "%s:\n  enabled: true\n  %s: %s" % (slug, var.lower(), tok), tok, slug
    if k == 4:
        return '$env:%s = "%s"' % (var, tok), tok, var
    if k == 5:
        return "setx %s %s" % (var, tok), tok, var
    if k == 6:
        return "new %s token (old one revoked): %s" % (label, tok), tok, label
    if k == 7:
        tpl = _c(_IMAGES)
        img = tpl % (_org() if tpl.startswith("ghcr") else _dom(), _n(0, 30))
        return "docker run --rm -e %s=%s %s" % (var, tok, img), tok, var
    if k == 8:
        return 'os.environ["%s"] = "%s"' % (var, tok), tok, var
    return "stringData:\n  %s: %s" % (var, tok), tok, var


def _either(var, tok, label, specific):
    if _n(0, 1):
        return specific
    return _vt(var, tok, label)


@_f(VT, "aws-secret-access-key")
def _():
    i, s = _aws_id(), _aws_secret()
    return _either("AWS_SECRET_ACCESS_KEY", s, "AWS",
                   ("[ais-archive]\naws_access_key_id = %s\naws_secret_access_key = %s" % (i, s), s, "[ais-archive]"))


@_f(VT, "aws-access-key-id")
def _():
    i = _aws_id()
    return _either("AWS_ACCESS_KEY_ID", i, "AWS",
                   ("aws_access_key_id=%s region=eu-north-1 profile=ecdis-sync" % i, i, "profile=ecdis-sync"))


@_f(VT, "github-classic-pat")
def _():
    t = _ghp()
    return _either("GITHUB_TOKEN", t, "GitHub", ("git push https://%s@github.com/%s/efb-docs.git HEAD:main" % (t, _org()), t, "HEAD:main"))


@_f(VT, "github-fine-grained-pat")
def _():
    t = _gh_fine()
    return _either("GH_PAT", t, "GitHub", ('curl -H "Authorization: Bearer %s" https://api.github.com/repos/%s/acars-bridge/releases' % (t, _org()), t, "api.github.com"))


@_f(VT, "github-app-installation-token")
def _():
    t = "ghs_" + _r(_AN, 36)
    return _either("GITHUB_APP_TOKEN", t, "GitHub App", ("x-access-token:%s" % t, t, "x-access-token"))


@_f(VT, "github-oauth-token")
def _():
    t = "gho_" + _r(_AN, 36)
    return _either("GH_OAUTH", t, "GitHub OAuth", ("oauth_token: %s\nuser: %s\ngit_protocol: https" % (t, _uname()), t, "git_protocol: https"))


@_f(VT, "gitlab-personal-access-token")
def _():
    t = _glpat()
    return _either("GITLAB_TOKEN", t, "GitLab", ('curl --header "PRIVATE-TOKEN: %s" https://gitlab.%s/api/v4/projects' % (t, _dom()), t, "PRIVATE-TOKEN"))


@_f(VT, "gitlab-runner-auth-token")
def _():
    t = "glrt-" + _r(_AN + "-_", 20)
    return _either("RUNNER_TOKEN", t, "GitLab runner", ('[[runners]]\n  name = "ship-runner-%s"\n  url = "https://gitlab.%s"\n  token = "%s"' % (_r(_ANL, 4), _dom(), t), t, "[[runners]]"))


@_f(VT, "gitlab-deploy-token")
def _():
    t = "gldt-" + _r(_AN + "-_", 20)
    return _either("CI_DEPLOY_PASSWORD", t, "GitLab deploy", ("docker login -u gitlab+deploy-token-%d -p %s registry.gitlab.%s" % (_n(10, 999), t, _dom()), t, "gitlab+deploy-token"))


@_f(VT, "slack-bot-token")
def _():
    t = _xoxb()
    return _either("SLACK_BOT_TOKEN", t, "Slack", ('client = WebClient(token="%s")\nclient.chat_postMessage(channel="#ops-fids", text=msg)' % t, t, "#ops-fids"))


@_f(VT, "slack-user-token")
def _():
    t = "xoxp-%d-%d-%d-%s" % (_n(10 ** 10, 10 ** 12), _n(10 ** 10, 10 ** 12), _n(10 ** 12, 10 ** 13), _hex(32))
    return _either("SLACK_USER_TOKEN", t, "Slack", ("curl -H 'Authorization: Bearer %s' https://slack.com/api/conversations.history?channel=C%s" % (t, _r(_ANU, 10)), t, "conversations.history"))


@_f(VT, "slack-app-level-token")
def _():
    t = "xapp-1-A%s-%d-%s" % (_r(_ANU, 10), _n(10 ** 12, 10 ** 13), _hex(64))
    return _either("SLACK_APP_TOKEN", t, "Slack socket mode", ("app = App(token=BOT, app_token=\"%s\")" % t, t, "app_token"))


@_f(VT, "slack-incoming-webhook")
def _():
    t = _r(_AN, 24)
    u = "https://hooks.slack.com/services/T%s/B%s/%s" % (_r(_ANU, 8), _r(_ANU, 10), t)
    return "SLACK_WEBHOOK_URL=%s" % u, t, "SLACK_WEBHOOK_URL"


@_f(VT, "discord-webhook-url")
def _():
    t = _r(_B64U, 68)
    return "curl -X POST -H 'Content-Type: application/json' -d '{\"content\":\"AOG %s\"}' https://discord.com/api/webhooks/%d/%s" % (_tail(), _n(10 ** 17, 10 ** 18), t), t, "Content-Type"


@_f(VT, "discord-bot-token")
def _():
    t = _b64us(str(_n(10 ** 17, 10 ** 18))) + "." + _r(_B64U, 6) + "." + _r(_B64U, 38)
    return _either("DISCORD_TOKEN", t, "Discord", ("bot.run('%s')" % t, t, "bot.run"))


@_f(VT, "telegram-bot-token")
def _():
    t = "%d:AA%s" % (_n(10 ** 9, 8 * 10 ** 9), _r(_B64U, 33))
    return _either("TELEGRAM_BOT_TOKEN", t, "Telegram", ("https://api.telegram.org/bot%s/sendMessage?chat_id=-100%d" % (t, _n(10 ** 9, 10 ** 10)), t, "sendMessage"))


@_f(VT, "stripe-live-secret-key")
def _():
    t = _stripe("sk_live_")
    return _either("STRIPE_SECRET_KEY", t, "Stripe", ("stripe.api_key = \"%s\"" % t, t, "stripe.api_key"))


@_f(VT, "stripe-restricted-key")
def _():
    t = _stripe("rk_live_")
    return _either("STRIPE_RESTRICTED_KEY", t, "Stripe", ("curl https://api.stripe.com/v1/charges -u %s:" % t, t, "api.stripe.com"))


@_f(VT, "stripe-webhook-signing-secret")
def _():
    t = "whsec_" + _r(_AN, 32)
    return _either("STRIPE_WEBHOOK_SECRET", t, "Stripe webhook", ("event = stripe.Webhook.construct_event(payload, sig_header, '%s')" % t, t, "construct_event"))


@_f(VT, "twilio-api-key-secret")
def _():
    sk, sec = "SK" + _hex(32), _r(_AN, 32)
    return ("TWILIO_API_KEY=%s\nTWILIO_API_SECRET=%s" % (sk, sec), sec, sk)


@_f(VT, "twilio-auth-token")
def _():
    sid, t = "AC" + _hex(32), _hex(32)
    return ("curl -X POST https://api.twilio.com/2010-04-01/Accounts/%s/Messages.json -u %s:%s --data-urlencode 'Body=Crew call-out %s'" % (sid, sid, t, _flt()), t, "Messages.json")


@_f(VT, "sendgrid-api-key")
def _():
    t = _sendgrid()
    return _either("SENDGRID_API_KEY", t, "SendGrid", ("sg = SendGridAPIClient('%s')" % t, t, "SendGridAPIClient"))


@_f(VT, "mailgun-private-key")
def _():
    t = "key-" + _hex(32)
    return _either("MAILGUN_API_KEY", t, "Mailgun", ("curl -s --user 'api:%s' https://api.eu.mailgun.net/v3/mg.%s/messages" % (t, _dom()), t, "api.eu.mailgun.net"))


@_f(VT, "mailchimp-api-key")
def _():
    t = _hex(32) + "-us" + str(_n(1, 21))
    return _either("MAILCHIMP_KEY", t, "Mailchimp", ('client.set_config({"api_key": "%s", "server": "%s"})' % (t, t.split("-")[1]), t, "set_config"))


@_f(VT, "google-api-key")
def _():
    t = _aiza()
    return _either("GOOGLE_MAPS_KEY", t, "Google Maps", ("https://maps.googleapis.com/maps/api/staticmap?center=%s&zoom=12&size=640x400&key=%s" % (_icao(), t), t, "staticmap"))


@_f(VT, "google-oauth-client-secret")
def _():
    t = "GOCSPX-" + _r(_B64U, 28)
    cid = "%d-%s.apps.googleusercontent.com" % (_n(10 ** 11, 10 ** 12), _r(_ANL, 32))
    return ('{"web":{"client_id":"%s","client_secret":"%s","redirect_uris":["https://crew.%s/oauth2/callback"]}}' % (cid, t, _dom()), t, cid)


@_f(VT, "gcp-service-account-private-key-json")
def _():
    b = _pem_body("rsa").replace("\n", "\\n")
    proj = "%s-%d" % (_c(["efb-charts", "ais-lake", "ofp-archive", "crew-bi"]), _n(100000, 999999))
    return ('{\n  "type": "service_account",\n  "project_id": "%s",\n  "private_key_id": "%s",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "ofp-signer@%s.iam.gserviceaccount.com"\n}' % (proj, _hex(40), b, proj), b, "ofp-signer@%s.iam.gserviceaccount.com" % proj)


@_f(VT, "azure-storage-account-key")
def _():
    k = _azkey()
    return _either("AZURE_STORAGE_KEY", k, "Azure Storage", ("az storage blob upload --account-name st%s --account-key %s -c techlog -f wo.pdf" % (_r(_ANL, 8), k), k, "-c techlog"))


@_f(VT, "azure-ad-client-secret")
def _():
    s = _az_client_secret()
    return _either("AZURE_CLIENT_SECRET", s, "Entra ID", ("ClientSecretCredential(tenant_id=\"%s\", client_id=\"%s\", client_secret=\"%s\")" % (_uuid(), _uuid(), s), s, "ClientSecretCredential"))


@_f(VT, "azure-sas-token-query")
def _():
    sig = _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    return ("AZURE_SAS=?sv=2022-11-02&ss=bfqt&srt=sco&sp=rwdlacupiytfx&se=%sT00:00:00Z&st=%sT00:00:00Z&spr=https&sig=%s" % (_date(), _date(), sig), sig, "AZURE_SAS")


@_f(VT, "openai-project-key")
def _():
    t = _openai()
    return _either("OPENAI_API_KEY", t, "OpenAI", ("client = OpenAI(api_key=\"%s\")" % t, t, "OpenAI("))


@_f(VT, "anthropic-api-key")
def _():
    t = _anthropic()
    return _either("ANTHROPIC_API_KEY", t, "Anthropic", ("curl https://api.anthropic.com/v1/messages -H 'x-api-key: %s' -H 'anthropic-version: 2023-06-01'" % t, t, "anthropic-version"))


@_f(VT, "huggingface-token")
def _():
    t = _hf()
    return _either("HF_TOKEN", t, "Hugging Face", ("huggingface-cli login --token %s" % t, t, "huggingface-cli"))


@_f(VT, "npm-granular-token")
def _():
    t = _npm()
    return _either("NPM_TOKEN", t, "npm registry", ("//registry.npmjs.org/:_authToken=%s" % t, t, "registry.npmjs.org"))


@_f(VT, "pypi-upload-token")
def _():
    t = _pypi()
    return _either("TWINE_PASSWORD", t, "PyPI", ("[pypi]\n  username = __token__\n  password = %s" % t, t, "__token__"))


@_f(VT, "datadog-api-key")
def _():
    t = _hex(32)
    return _either("DD_API_KEY", t, "Datadog", ("curl -X POST 'https://api.datadoghq.eu/api/v2/series' -H 'DD-API-KEY: %s' -d @metrics.json" % t, t, "api.datadoghq.eu"))


@_f(VT, "datadog-application-key")
def _():
    t = _hex(40)
    return _either("DD_APP_KEY", t, "Datadog", ("-H 'DD-APPLICATION-KEY: %s'" % t, t, "DD-APPLICATION-KEY"))


@_f(VT, "newrelic-user-api-key")
def _():
    t = "NRAK-" + _r(_ANU, 27)
    return _either("NEW_RELIC_API_KEY", t, "New Relic", ("curl -X POST https://api.eu.newrelic.com/graphql -H 'API-Key: %s'" % t, t, "graphql"))


@_f(VT, "newrelic-license-key")
def _():
    t = "eu01xx" + _hex(34)
    return _either("NEW_RELIC_LICENSE_KEY", t, "New Relic", ("license_key: %s\napp_name: gate-allocator" % t, t, "app_name: gate-allocator"))


@_f(VT, "sentry-org-auth-token")
def _():
    t = "sntrys_" + _b64us('{"iat":%d.0,"url":"https://sentry.io","region_url":"https://de.sentry.io","org":"%s"}' % (_n(1700000000, 1760000000), _org())) + "_" + _r(_AN + "/+", 43)
    return _either("SENTRY_AUTH_TOKEN", t, "Sentry", ("[auth]\ntoken=%s" % t, t, "[auth]"))


@_f(VT, "sentry-user-auth-token")
def _():
    t = "sntryu_" + _hex(64)
    return _either("SENTRY_TOKEN", t, "Sentry", ("sentry-cli --auth-token %s releases new efb-ios@%d.%d" % (t, _n(3, 9), _n(0, 20)), t, "releases new"))


@_f(VT, "digitalocean-token")
def _():
    t = _dop()
    return _either("DIGITALOCEAN_TOKEN", t, "DigitalOcean", ('provider "digitalocean" {\n  token = "%s"\n}' % t, t, 'provider "digitalocean"'))


@_f(VT, "vault-service-token")
def _():
    t = _hvs()
    return _either("VAULT_TOKEN", t, "Vault", ("curl -H 'X-Vault-Token: %s' https://vault.%s/v1/secret/data/ops/sita" % (t, _dom()), t, "X-Vault-Token"))


@_f(VT, "vault-legacy-token")
def _():
    t = "s." + _r(_AN, 24)
    return _either("VAULT_TOKEN", t, "Vault", ("vault_token: %s\nvault_addr: https://vault.%s" % (t, _dom()), t, "vault_addr"))


@_f(VT, "terraform-cloud-token")
def _():
    t = _r(_AN, 14) + ".atlasv1." + _r(_AN, 67)
    return _either("TFE_TOKEN", t, "Terraform Cloud", ('credentials "app.terraform.io" {\n  token = "%s"\n}' % t, t, "app.terraform.io"))


@_f(VT, "postman-api-key")
def _():
    t = "PMAK-" + _hex(24) + "-" + _hex(34)
    return _either("POSTMAN_API_KEY", t, "Postman", ("newman run https://api.getpostman.com/collections/%s?apikey=%s" % (_uuid(), t), t, "newman run"))


@_f(VT, "notion-integration-token")
def _():
    t = "ntn_" + _r(_AN, 46) if _n(0, 1) else "secret_" + _r(_AN, 43)
    return _either("NOTION_TOKEN", t, "Notion", ("notion = Client(auth=\"%s\")" % t, t, "Client(auth"))


@_f(VT, "atlassian-api-token")
def _():
    t = "ATATT3xFfGF0" + _r(_B64U, 170) + "=" + _HEX(8)
    e = _email()
    return _either("JIRA_API_TOKEN", t, "Jira", ("curl -u %s:%s https://%s.atlassian.net/rest/api/3/search?jql=project=MRO" % (e, t, _c(_ORG_PRE).replace("-", "")), t, "project=MRO"))


@_f(VT, "cloudflare-api-token")
def _():
    t = _r(_B64U, 40)
    return _either("CLOUDFLARE_API_TOKEN", t, "Cloudflare", ('curl -H "Authorization: Bearer %s" https://api.cloudflare.com/client/v4/user/tokens/verify' % t, t, "tokens/verify"))


@_f(VT, "mapbox-secret-token")
def _():
    t = _mapbox("sk")
    return _either("MAPBOX_SECRET_TOKEN", t, "Mapbox", ("mapbox upload %s.ais-density tracks.mbtiles --token %s" % (_uname(), t), t, "tracks.mbtiles"))


@_f(VT, "okta-api-token")
def _():
    t = "00" + _r(_B64U, 40)
    return _either("OKTA_API_TOKEN", t, "Okta", ('curl -H "Authorization: SSWS %s" https://%s.okta.com/api/v1/users?limit=200' % (t, _c(_ORG_PRE).replace("-", "")), t, "SSWS"))


@_f(VT, "pagerduty-routing-key")
def _():
    t = _hex(32)
    return _either("PD_ROUTING_KEY", t, "PagerDuty", ('{"routing_key":"%s","event_action":"trigger","payload":{"summary":"AIS feed stale","severity":"critical"}}' % t, t, "AIS feed stale"))


@_f(VT, "braintree-access-token")
def _():
    t = "access_token$production$%s$%s" % (_r(_ANL, 16), _hex(32))
    return _either("BRAINTREE_ACCESS_TOKEN", t, "Braintree", ("gateway = braintree.BraintreeGateway(access_token=\"%s\")" % t, t, "BraintreeGateway"))


@_f(VT, "firebase-fcm-server-key")
def _():
    t = "AAAA" + _r(_B64U, 7) + ":APA91b" + _r(_B64U, 134)
    return _either("FCM_SERVER_KEY", t, "FCM", ("Authorization: key=%s" % t, t, "Authorization: key="))


@_f(VT, "age-secret-key")
def _():
    t = _age_key()
    return ("# created: %s\n# public key: age1%s\n%s" % (_ts(), _r(_BECH, 58), t), t, "# public key")


@_f(VT, "docker-hub-pat")
def _():
    t = "dckr_pat_" + _r(_B64U, 27)
    return _either("DOCKERHUB_TOKEN", t, "Docker Hub", ("echo %s | docker login -u %s --password-stdin" % (t, _uname()), t, "--password-stdin"))


@_f(VT, "grafana-service-account-token")
def _():
    t = "glsa_" + _r(_AN, 32) + "_" + _hex(8)
    return _either("GRAFANA_TOKEN", t, "Grafana", ('curl -H "Authorization: Bearer %s" https://grafana.%s/api/dashboards/uid/vsat-links' % (t, _dom()), t, "vsat-links"))


@_f(VT, "grafana-cloud-access-policy-token")
def _():
    t = "glc_" + _b64us('{"o":"%d","n":"stack-%d-alloy","k":"%s","m":{"r":"prod-eu-west-2"}}' % (_n(100000, 999999), _n(100000, 999999), _r(_AN, 24)))
    return _either("GCLOUD_RW_API_KEY", t, "Grafana Cloud", ("prometheus.remote_write \"default\" {\n  endpoint { basic_auth { username = \"%d\" password = \"%s\" } }\n}" % (_n(100000, 999999), t), t, "remote_write"))


@_f(VT, "pulumi-access-token")
def _():
    t = "pul-" + _hex(40)
    return _either("PULUMI_ACCESS_TOKEN", t, "Pulumi", ("pulumi login --cloud-url https://api.pulumi.com # token %s" % t, t, "pulumi login"))


@_f(VT, "databricks-pat")
def _():
    t = "dapi" + _hex(32)
    return _either("DATABRICKS_TOKEN", t, "Databricks", ("[DEFAULT]\nhost = https://adb-%d.%d.azuredatabricks.net\ntoken = %s" % (_n(10 ** 15, 10 ** 16), _n(1, 9), t), t, "[DEFAULT]"))


@_f(VT, "airtable-pat")
def _():
    t = "pat" + _r(_AN, 14) + "." + _hex(64)
    return _either("AIRTABLE_TOKEN", t, "Airtable", ('curl "https://api.airtable.com/v0/app%s/Crew%%20Training" -H "Authorization: Bearer %s"' % (_r(_AN, 14), t), t, "api.airtable.com"))


@_f(VT, "supabase-service-role-jwt")
def _():
    t = _jwt({"iss": "supabase", "ref": _r(_ANL, 20), "role": "service_role", "iat": _n(1700000000, 1760000000)})
    return _either("SUPABASE_SERVICE_ROLE_KEY", t, "Supabase", ("createClient(SUPABASE_URL, '%s')" % t, t, "createClient"))


@_f(VT, "supabase-management-token")
def _():
    t = "sbp_" + _hex(40)
    return _either("SUPABASE_ACCESS_TOKEN", t, "Supabase", ("supabase login --token %s" % t, t, "supabase login"))


@_f(VT, "doppler-service-token")
def _():
    t = "dp.st.prd." + _r(_AN, 43)
    return _either("DOPPLER_TOKEN", t, "Doppler", ("doppler run --token %s -- ./ofp-fetcher" % t, t, "./ofp-fetcher"))


@_f(VT, "netlify-pat")
def _():
    t = "nfp_" + _r(_AN, 36)
    return _either("NETLIFY_AUTH_TOKEN", t, "Netlify", ("netlify deploy --prod --auth %s --site %s" % (t, _uuid()), t, "netlify deploy"))


@_f(VT, "circleci-personal-token")
def _():
    t = "CCIPAT_" + _r(_AN, 22) + "_" + _hex(40)
    return _either("CIRCLE_TOKEN", t, "CircleCI", ("curl -H 'Circle-Token: %s' https://circleci.com/api/v2/me" % t, t, "Circle-Token"))


@_f(VT, "buildkite-api-token")
def _():
    t = "bkua_" + _hex(40)
    return _either("BUILDKITE_API_TOKEN", t, "Buildkite", ("bk configure --org %s --token %s" % (_c(_ORG_PRE), t), t, "bk configure"))


@_f(VT, "line-channel-access-token")
def _():
    t = _r(_AN + "/+", 171) + "="
    return _either("LINE_CHANNEL_ACCESS_TOKEN", t, "LINE Messaging", ("curl -X POST https://api.line.me/v2/bot/message/push -H 'Authorization: Bearer %s'" % t, t, "api.line.me"))


@_f(VT, "kakao-rest-api-key")
def _():
    t = _hex(32)
    return _either("KAKAO_REST_API_KEY", t, "Kakao", ('curl -H "Authorization: KakaoAK %s" "https://dapi.kakao.com/v2/local/search/address.json?query=%s"' % (t, _c(["부산항", "인천공항", "울산항"])), t, "KakaoAK"))


@_f(VT, "naver-client-secret")
def _():
    cid, s = _r(_AN, 20), _r(_AN, 10)
    return ('-H "X-Naver-Client-Id: %s" -H "X-Naver-Client-Secret: %s"' % (cid, s), s, cid)


@_f(VT, "alibaba-accesskey-secret")
def _():
    i, s = "LTAI" + _r(_AN, 20), _r(_AN, 30)
    return ("aliyun configure set --access-key-id %s --access-key-secret %s --region cn-hangzhou" % (i, s), s, "cn-hangzhou")


@_f(VT, "tencent-cloud-secret-key")
def _():
    i, s = "AKID" + _r(_AN, 32), _r(_AN, 32)
    return ("TENCENTCLOUD_SECRET_ID=%s\nTENCENTCLOUD_SECRET_KEY=%s" % (i, s), s, "TENCENTCLOUD_SECRET_KEY")


@_f(VT, "duffel-live-token")
def _():
    t = "duffel_live_" + _r(_B64U, 43)
    return _either("DUFFEL_ACCESS_TOKEN", t, "Duffel", ('curl https://api.duffel.com/air/offer_requests -H "Authorization: Bearer %s" -H "Duffel-Version: v2"' % t, t, "Duffel-Version"))


@_f(VT, "flightaware-aeroapi-key")
def _():
    t = _r(_AN, 32)
    return _either("AEROAPI_KEY", t, "AeroAPI", ("curl -H 'x-apikey: %s' https://aeroapi.flightaware.com/aeroapi/flights/%s" % (t, _flt()), t, "aeroapi.flightaware.com"))


@_f(VT, "checkwx-api-key")
def _():
    t = _r(_ANL, 32)
    return _either("CHECKWX_KEY", t, "CheckWX", ("curl -H 'X-API-Key: %s' https://api.checkwx.com/metar/%s/decoded" % (t, _icao()), t, "api.checkwx.com"))


@_f(VT, "avwx-bearer-token")
def _():
    t = _r(_B64U, 43)
    return _either("AVWX_TOKEN", t, "AVWX", ("curl -H 'Authorization: BEARER %s' 'https://avwx.rest/api/taf/%s?options=summary'" % (t, _icao()), t, "options=summary"))


@_f(VT, "stormglass-api-key")
def _():
    t = _uuid() + "-" + _uuid()
    return _either("STORMGLASS_KEY", t, "Stormglass", ("requests.get('https://api.stormglass.io/v2/weather/point', params={'lat': %.3f, 'lng': %.3f, 'params': 'waveHeight'}, headers={'Authorization': '%s'})" % (_n(55000, 71000) / 1000.0, _n(3000, 30000) / 1000.0, t), t, "waveHeight"))


@_f(VT, "marinetraffic-key-in-path")
def _():
    t = _hex(40)
    return ("GET https://services.marinetraffic.com/api/exportvessel/v:5/%s/timespan:20/mmsi:%d/protocol:jsono" % (t, _n(200000000, 779999999)), t, "protocol:jsono")


@_f(VT, "aisstream-api-key")
def _():
    t = _hex(40)
    return _either("AISSTREAM_API_KEY", t, "aisstream", ('ws.send(json.dumps({"APIKey": "%s", "BoundingBoxes": [[[-90, -180], [90, 180]]]}))' % t, t, "BoundingBoxes"))


@_f(VT, "spire-maritime-token")
def _():
    t = _r(_AN, 32)
    return _either("SPIRE_TOKEN", t, "Spire Maritime", ('curl -H "Authorization: Bearer %s" https://api.spire.com/graphql -d @vessels.graphql' % t, t, "vessels.graphql"))


@_f(VT, "datalastic-api-key")
def _():
    t = _uuid()
    return ("https://api.datalastic.com/api/v0/vessel_pro?api-key=%s&imo=%d" % (t, _n(9100000, 9899999)), t, "vessel_pro")


@_f(VT, "apim-subscription-key-airport")
def _():
    t = _hex(32)
    return _either("FLIGHTINFO_SUBSCRIPTION_KEY", t, "airport flight info API", ("curl -H 'Ocp-Apim-Subscription-Key: %s' https://api.%s/flightinfo/v1/departures?airport=%s" % (t, _dom(), _icao()), t, "flightinfo/v1/departures"))


@_f(VT, "amadeus-api-secret")
def _():
    cid, s = _r(_AN, 32), _r(_AN, 16)
    return ("curl https://api.amadeus.com/v1/security/oauth2/token -d 'grant_type=client_credentials&client_id=%s&client_secret=%s'" % (cid, s), s, cid)


@_f(VT, "flightradar-sanctum-token")
def _():
    t = "%d|%s" % (_n(1000, 99999), _r(_AN, 40))
    return _either("FR24_API_TOKEN", t, "FR24 API", ('curl -H "Accept-Version: v1" -H "Authorization: Bearer %s" "https://fr24api.flightradar24.com/api/live/flight-positions/light?bounds=%s"' % (t, "71.2,55.0,3.0,31.5"), t, "flight-positions"))


@_f(VT, "aviationstack-access-key")
def _():
    t = _hex(32)
    return ("http://api.aviationstack.com/v1/flights?access_key=%s&dep_iata=%s" % (t, _c(["OSL", "BGO", "MAD", "ATH", "ICN", "HND"])), t, "dep_iata")


@_f(VT, "openweather-appid")
def _():
    t = _hex(32)
    return _either("OWM_APPID", t, "OpenWeather", ("https://api.openweathermap.org/data/2.5/weather?lat=%.2f&lon=%.2f&appid=%s" % (_n(3500, 7000) / 100.0, _n(-500, 14000) / 100.0, t), t, "data/2.5/weather"))


@_f(VT, "windy-point-forecast-key")
def _():
    t = _r(_AN, 32)
    return _either("WINDY_API_KEY", t, "Windy", ('{"lat": 60.39, "lon": 5.32, "model": "gfsWave", "parameters": ["waves"], "key": "%s"}' % t, t, "gfsWave"))


@_f(VT, "invented-amos-ws-token")
def _():
    t = "amosws_" + _r(_AN, 40)
    return _either("AMOS_WS_TOKEN", t, "AMOS web services", ("X-AMOS-Token: %s" % t, t, "X-AMOS-Token"))


@_f(VT, "invented-trax-api-token")
def _():
    t = "TRX-%s-%s" % (_r(_ANU, 8), _hex(24))
    return _either("TRAX_API_TOKEN", t, "TRAX eMRO", ("Authorization: TraxToken %s" % t, t, "TraxToken"))


@_f(VT, "invented-sita-apikey")
def _():
    t = _hex(32)
    return _either("SITA_APIKEY", t, "SITA developer", ("curl -H 'x-apikey: %s' https://api.%s/sita/flifo/v3/flights/airport/%s" % (t, _dom(), _c(["OSL", "MAD", "ATH", "ICN"])), t, "flifo"))


@_f(VT, "invented-lido-client-secret")
def _():
    t = _r(_AN, 48)
    return _either("LIDO_CLIENT_SECRET", t, "Lido flight planning", ("lido:\n  oauth:\n    client-id: ofp-%s\n    client-secret: %s" % (_r(_ANL, 6), t), t, "client-id"))


@_f(VT, "invented-starlink-enterprise-client-secret")
def _():
    t = "sl-ent-" + _r(_B64U, 48)
    return _either("STARLINK_CLIENT_SECRET", t, "Starlink enterprise API", ("client_id=%s client_secret=%s grant_type=client_credentials" % (_uuid(), t), t, "grant_type=client_credentials"))


@_f(VT, "invented-vessel-portal-userkey")
def _():
    t = "WS-" + _HEX(8) + "-" + _HEX(6)
    return ("https://api.%s/vesselfinder/positions?userkey=%s&format=json" % (_dom(), t), t, "format=json")


@_f(VT, "shopify-admin-token")
def _():
    t = "shpat_" + _hex(32)
    return _either("SHOPIFY_ADMIN_TOKEN", t, "Shopify (crew shop)", ("X-Shopify-Access-Token: %s" % t, t, "X-Shopify-Access-Token"))


@_f(VT, "square-production-token")
def _():
    t = "EAAA" + _r(_B64U, 60)
    return _either("SQUARE_ACCESS_TOKEN", t, "Square (duty free)", ("client = Client(access_token='%s', environment='production')" % t, t, "environment='production'"))


@_f(VT, "linear-api-key")
def _():
    t = "lin_api_" + _r(_AN, 40)
    return _either("LINEAR_API_KEY", t, "Linear", ('curl https://api.linear.app/graphql -H "Authorization: %s"' % t, t, "api.linear.app"))


# ---------------------------------------------------------------------------
# more stack-trace-or-log
# ---------------------------------------------------------------------------
@_f(LOG, "log4j-line-apikey-field")
def _():
    k = _r(_AN, 32)
    return "%s INFO  [ofp-worker-2] c.n.ofp.OfpClient - fetching OFP flight=%s apikey=%s" % (_tsl(), _flt(), k), k, "c.n.ofp.OfpClient"


@_f(LOG, "squid-access-log-ftp-url")
def _():
    p = _pwu()
    return "%d.%03d    %d %s TCP_MISS/226 4180 RETR ftp://edi_user:%s@%s/outbound/IFTSTA_%s.edi - HIER_DIRECT/%s -" % (_n(1700000000, 1760000000), _n(0, 999), _n(50, 900), _ip(), p, _host("edi"), _date().replace("-", ""), _ip172()), p, "TCP_MISS/226"


@_f(LOG, "iis-w3c-log-query-key")
def _():
    k = _hex(32)
    return "%s %s W3SVC2 %s GET /fids/api/flights apikey=%s&airport=%s 443 - %s FIDSPlayer/4.2 - 200 0 0 47" % (_date(), _time(), _ip(), k, _icao(), _ip()), k, "W3SVC2"


@_f(LOG, "tomcat-jndi-resource-dump")
def _():
    p = _pw(" ,]")
    return "%s SEVERE [main] org.apache.catalina.core.NamingContextListener.addResource Cannot create resource instance: ResourceRef[className=javax.sql.DataSource, name=jdbc/trax, url=jdbc:oracle:thin:@%s:1521/TRAX, username=TRAX_APP, password=%s]" % (_tsms(), _host("oracle"), p), p, "jdbc/trax"


@_f(LOG, "gunicorn-worker-environ-dump")
def _():
    p = _pw("'\\")
    return "[%s] [%s] [ERROR] Exception in worker process\nenviron={'SITA_USER': 'sita_b2b', 'SITA_PASS': '%s', 'SERVER_SOFTWARE': 'gunicorn/21.2.0'}" % (_ts(), _pid(), p), p, "SERVER_SOFTWARE"


@_f(LOG, "gelf-json-full-message")
def _():
    p = _pw('"\\')
    return '{"version":"1.1","host":"pcs-gw-01","short_message":"login failed","full_message":"AS2 partner login failed: user=as2_%s password=%s","level":4}' % (_r(_ANL, 5), p), p, "pcs-gw-01"


@_f(LOG, "systemd-failed-execstart-echo")
def _():
    p = _pw(" ")
    d = _c(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]) + " %02d %s" % (_n(1, 28), _time())
    return "%s acars01 systemd[1]: acars-bridge.service: Main process exited, code=exited, status=1/FAILURE\n%s acars01 systemd[1]: acars-bridge.service: ExecStart=/opt/acars/bin/bridge --gw %s --password %s" % (d, d, _host("acars"), p), p, "acars-bridge.service"


@_f(LOG, "pytest-assertion-diff-token")
def _():
    t = _r(_AN, 40)
    return "E       AssertionError: assert {'Authorization': 'Bearer %s'} == {'Authorization': 'Bearer <redacted>'}\ntests/test_wx_client.py:58: AssertionError" % t, t, "tests/test_wx_client.py:58"


@_f(LOG, "laravel-log-pdo-dsn")
def _():
    p = _pw("' ")
    return "[%s] production.ERROR: SQLSTATE[HY000] [1045] Access denied for user 'gate'@'%s' (using password: YES) (Connection: mysql, SQL: select * from stands) {\"exception\":\"...\"} DB_PASSWORD=%s" % (_tsms(), _ip(), p), p, "production.ERROR"


@_f(LOG, "openvpn-verbose-auth-echo")
def _():
    p = _pw("' ")
    return "%s us=%d WARNING: auth-user-pass read from /etc/openvpn/shore.txt: username='vsl_%s' password='%s'" % (_date(), _n(100000, 999999), _r(_ANL, 6), p), p, "/etc/openvpn/shore.txt"


# ---------------------------------------------------------------------------
# more ci-and-deploy
# ---------------------------------------------------------------------------
@_f(CI, "gitlab-include-remote-token-url")
def _():
    t = _glpat()
    return "include:\n  - remote: 'https://oauth2:%s@gitlab.%s/platform/ci-templates/-/raw/main/python.yml'\n  - local: ci/deploy.yml" % (t, _dom()), t, "ci/deploy.yml"


@_f(CI, "gha-debug-log-evaluated-env")
def _():
    p = _pw()
    return "##[debug]Evaluating: secrets.TRAX_DB_PASSWORD\n##[debug]Result: '***'\n##[debug]Evaluating: env.LEGACY_TRAX_PW\n##[debug]Result: '%s'" % p, p, "secrets.TRAX_DB_PASSWORD"


@_f(CI, "skaffold-setvalues")
def _():
    p = _pw("'\"#: ")
    return "deploy:\n  helm:\n    releases:\n      - name: fids-cms\n        setValues:\n          mysql.auth.rootPassword: %s" % p, p, "fids-cms"


@_f(CI, "jenkins-script-console-dump")
def _():
    p = _pw()
    return "Result: [id=sita-gw-creds, username=%s, password=%s, description=SITA Type B gateway]" % (_svc(), p), p, "sita-gw-creds"


# ---------------------------------------------------------------------------
# more tool-output
# ---------------------------------------------------------------------------
@_f(OUT, "docker-history-no-trunc-arg")
def _():
    t = _npm()
    return "IMAGE          CREATED BY\n%s   RUN |1 NPM_TOKEN=%s /bin/sh -c npm ci --omit=dev\n<missing>      ARG NPM_TOKEN" % (_hex(12), t), t, "npm ci --omit=dev"


@_f(OUT, "git-log-p-added-line")
def _():
    k = _r(_AN, 32)
    pn, pe = _person_email()
    return "commit %s\nAuthor: %s <%s>\n\n    wip weather client\n\n+WX_API_KEY = \"%s\"\n+WX_STATIONS = [\"%s\"]" % (_hex(40), pn, pe, k, _icao()), k, "wip weather client"


@_f(OUT, "git-show-removed-password-line")
def _():
    p = _pw("'\"#: ")
    return "diff --git a/config/ecdis.yml b/config/ecdis.yml\n@@ -3,3 +3,3 @@ ecdis:\n   user: avcs_sync\n-  password: %s\n+  password: ${ECDIS_PASSWORD}" % p, p, "config/ecdis.yml"


@_f(OUT, "kubectl-get-pod-yaml-env")
def _():
    p = _pw("'\"#: ")
    return "    env:\n    - name: AMOS_WS_USER\n      value: IF_CREW\n    - name: AMOS_WS_PASSWORD\n      value: %s\n    image: registry.%s/crew/amos-adapter:3.1" % (p, _dom()), p, "AMOS_WS_USER"


# ===========================================================================
# BENIGN generators: secret-looking strings that hold no credential
# ===========================================================================
_BG = []


def _b(fn):
    _BG.append(fn)
    return fn


def _cell():
    return "%s%d%s%s.000" % (_c(["NO", "ES", "GR", "KR", "JP", "GB"]), _n(1, 6), _r(_ANU, 3), _r(_DG, 2))


@_b
def _():
    pn, pe = _person_email()
    return "commit %s\nAuthor: %s <%s>\nDate:   %s\n\n    %s" % (_hex(40), pn, pe, _ts(), _c(["fix METAR parser for RMK section", "bump AMOS adapter to 3.%d" % _n(0, 9), "ais: drop duplicate type 5 messages", "fids: gate change banner", "edi: handle CUSRES with empty FTX"]))


@_b
def _():
    return "fixed in %s, cherry-picked to release/2.%d as %s" % (_hex(7), _n(0, 30), _hex(7))


@_b
def _():
    return "%s  ENC_ROOT/%s/%s" % (_hex(64), _r(_ANU, 2), _cell())


@_b
def _():
    return "MD5 (AVCS_weekly_%s.zip) = %s" % (_date().replace("-", ""), _hex(32))


@_b
def _():
    return "Work order %s closed by %s (task card %s-%02d-%02d)" % (_uuid(), _person()[0], _c(["05", "12", "21", "32", "71"]), _n(0, 99), _n(0, 99))


@_b
def _():
    return "traceparent: 00-%s-%s-01" % (_hex(32), _hex(16))


@_b
def _():
    return "X-Request-Id: %s" % _c([_uuid(), _hex(32), "req_" + _r(_AN, 24)])


@_b
def _():
    return "REPORT RequestId: %s\tDuration: %d.%d ms\tBilled Duration: %d ms\tMemory Size: 512 MB" % (_uuid(), _n(10, 3000), _n(0, 9), _n(10, 3000))


@_b
def _():
    return "image: registry.%s/%s@sha256:%s" % (_dom(), _c(["acars/bridge", "fids/player", "ais/relay", "crew/roster-api", "edi/translator"]), _hex(64))


@_b
def _():
    return '"integrity": "sha512-%s"' % _b64(64)


@_b
def _():
    return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@%s" % (_b64(32)[:43], _uname(), _c(["ecdis-a", "vsat-jump", "bridge-pc", "ops-laptop"]))


@_b
def _():
    return "ED25519 key fingerprint is SHA256:%s." % _b64(32)[:43]


@_b
def _():
    fp = _HEX(40)
    return "Key fingerprint = %s" % " ".join([fp[i:i + 4] for i in range(0, 40, 4)])


@_b
def _():
    return "gpg: Signature made %s\ngpg:                using RSA key 0x%s\ngpg: Good signature from \"Chart Distribution <charts@%s>\"" % (_ts(), _HEX(16), _dom())


@_b
def _():
    return "Thumbprint                                Subject\n----------                                -------\n%s  CN=%s" % (_HEX(40), _host(_c(["sita-gw", "as2", "pcs", "acars"])))


@_b
def _():
    return "STRIPE_PUBLISHABLE_KEY=pk_live_51%s  # publishable key, shipped to the crew-shop frontend by design" % _r(_AN, 60)


@_b
def _():
    return "MAPBOX_PUBLIC_TOKEN=%s  (public pk. token, URL-restricted to the FIDS domain)" % _mapbox("pk")


@_b
def _():
    return "%s: %s" % (_c(["password", "db_password", "Password", "admin_pass", "sita.gateway.password", "PASSWORD"]), _c(["********", "************", "•••••••••", "[hidden]", "<redacted>", "(not shown)", "xxxxxxxx"]))


@_b
def _():
    return "token=%s%s%s" % (_c(["ghp_", "glpat-", "xoxb-", "sk_live_", "hvs."]), "*" * _n(16, 30), _r(_AN, 4))


@_b
def _():
    return "DefaultEndpointsProtocol=https;AccountName=st%s;AccountKey=****;EndpointSuffix=core.windows.net" % _r(_ANL, 10)


@_b
def _():
    return _c(["Authorization: Bearer <token>", "X-API-Key: <YOUR_CHECKWX_KEY>", "x-apikey: <AEROAPI_KEY>", "Ocp-Apim-Subscription-Key: {subscription-key}",
               "password: <set-in-vault>", "AMOS_DB_PASSWORD=<fill me>", "api_key: YOUR_API_KEY_HERE", "SITA_GW_PASSWORD=__REPLACE_ME__"]) + _c(["", "  # %s" % _c(["see runbook", "do not commit a real value", "template"]), " (%s)" % _date()])


@_b
def _():
    return _c(["${%s}", "$%s", "%%%s%%", "$env:%s", "{{ env \"%s\" }}", "os.environ[\"%s\"]", "process.env.%s", "${{ secrets.%s }}"]) % _c(["SITA_GW_PASSWORD", "AMOS_DB_PASSWORD", "AEROAPI_KEY", "WX_API_KEY", "VSAT_ADMIN_PASSWORD", "PCS_SFTP_PASSWORD", "TRAX_API_TOKEN", "MARINETRAFFIC_KEY", "ECDIS_UPDATE_PASSWORD", "CREW_DB_PASSWORD"]) + _c(["", "", " is empty in this shell", " must be set before running ./deploy.sh"])


@_b
def _():
    return "vault kv get -field=password secret/%s/%s" % (_c(["ops", "mro", "fleet", "airport"]), _c(["sita-typeb", "amos/oracle", "vsat/%s" % _c(["skarv-viking", "ostria-star"]), "pcs/sftp", "fids/cms", "crew/roster-db"]))


@_b
def _():
    return "        - name: %s\n          valueFrom:\n            secretKeyRef:\n              name: %s\n              key: password" % (_c(["DB_PASSWORD", "SITA_PASSWORD", "MQ_PASSWORD", "PLC_PASSWORD"]), _c(["roster-db", "sita-gw-creds", "bhs-mq", "opcua-bhs"]) + "-" + _r(_ANL, 5))


@_b
def _():
    return "arn:aws:secretsmanager:%s:%s:secret:%s-%s" % (_c(["eu-north-1", "eu-west-1", "ap-northeast-2", "ap-northeast-1", "eu-south-2"]), _r(_DG, 12), _c(["prod/trax/oracle", "prod/sita/typeb", "ais/marinetraffic", "crew/roster-db"]), _r(_AN, 6))


@_b
def _():
    return "https://kv-%s.vault.azure.net/secrets/%s/%s" % (_r(_ANL, 6), _c(["pcs-api-password", "bhs-sql-admin", "fids-cms-token", "gate-mq-password"]), _hex(32))


@_b
def _():
    return "op://%s/%s/%s" % (_c(["Ops", "MRO", "Fleet IT", "Airport Systems"]), _c(["SITA Type B", "AMOS Oracle", "Starlink portal", "VSAT %s" % _ship()]), _c(["password", "credential", "api key", "username"])) + _c(["", "  <- the script reads it at runtime"])


@_b
def _():
    return "%s = %s" % (_c(["password_file", "PasswordFile", "passwd_file", "token_path", "key_file"]), _c(["/etc/sita/gw.pass", "/run/secrets/amos_db_password", "C:\\ProgramData\\FIDS\\cms.key", "/var/lib/ais/.token", "file:/etc/ecdis/avcs.cred"]))


_POLICY = {
    "en": "Passwords for %s must be at least %d characters, rotated every %d days and never pasted into chat or tickets; request access through the vault.",
    "es": "Las contraseñas de %s deben tener al menos %d caracteres, se cambian cada %d días y nunca se comparten por chat ni por correo.",
    "no": "Passord til %s må ha minst %d tegn, byttes hver %d. dag og skal aldri deles i Teams eller e-post.",
    "el": "Οι κωδικοί πρόσβασης για το %s πρέπει να έχουν τουλάχιστον %d χαρακτήρες και αλλάζουν κάθε %d ημέρες.",
    "ko": "%s 비밀번호는 최소 %d자 이상이어야 하며 %d일마다 변경해야 합니다. 메신저로 공유하지 마세요.",
    "ja": "%sのパスワードは%d文字以上とし、%d日ごとに変更してください。チャットでの共有は禁止です。",
}


@_b
def _():
    lg = _c(sorted(_POLICY))
    return _POLICY[lg] % (_c(["AMOS", "TRAX", "the EFB portal", "FIDS CMS", "the VSAT web UI", "the port community system", "ECDIS update accounts", "crew scheduling"]), _c([12, 14, 16, 20]), _c([60, 90, 180, 365]))


_PLAIN = ["MVT %s/%02d.%s.%s AD%02d%02d/%02d%02d", "noon report %s pos 59-12.%dN 004-33.%dE speed %d.%d kn",
          "LDM %s crew 2/4 pax %d bags %d", "CPM %s ULD AKE%05d%s pos 1%dL", "ETA %s %sT%02d:00Z berth %d"]


@_b
def _():
    k = _n(0, 4)
    if k == 0:
        s = _PLAIN[0] % (_flt(), _n(1, 28), _tail().replace("-", ""), _c(["OSL", "BGO", "MAD", "ATH", "ICN"]), _n(0, 23), _n(0, 59), _n(0, 23), _n(0, 59))
    elif k == 1:
        s = _PLAIN[1] % (_ship(), _n(0, 9), _n(0, 9), _n(8, 18), _n(0, 9))
    elif k == 2:
        s = _PLAIN[2] % (_flt(), _n(20, 180), _n(10, 200))
    elif k == 3:
        s = _PLAIN[3] % (_flt(), _n(1, 99999), _r(_ANU, 2), _n(1, 9))
    else:
        s = _PLAIN[4] % (_port_code(), _date(), _n(0, 23), _n(1, 40))
    return "payload (base64 of %r): %s" % (s[:18] + "...", _b64s(s)) if _n(0, 1) else _b64s(s)


@_b
def _():
    return "QU %s\n.%s %02d%02d%02d\nM1\nFI %s/AN %s\nDT DDL XCX %02d%02d%02d M%02dA\n- POS N59%03d E010%03d,%02d%02d,%d" % (
        _r(_UP, 3) + "KO" + _r(_UP, 2), _r(_UP, 7), _n(1, 28), _n(0, 23), _n(0, 59), _flt(), _tail(), _n(1, 28), _n(0, 23), _n(0, 59), _n(1, 99), _n(0, 999), _n(0, 999), _n(0, 23), _n(0, 59), _n(100, 390))


@_b
def _():
    st = _icao()
    return "METAR %s %02d%02d%02dZ %03d%02dKT %s %s%03d %s%02d/M%02d Q%d NOSIG=" % (st, _n(1, 28), _n(0, 23), _c([20, 50]), _n(0, 35) * 10, _n(2, 30), _c(["9999", "CAVOK", "4000 -SN", "6000 RA"]), _c(["FEW", "SCT", "BKN", "OVC"]), _n(5, 40), _c(["", "M"]), _n(0, 20), _n(0, 20), _n(985, 1035))


@_b
def _():
    d, h = _n(1, 27), _c([0, 6, 12, 18])
    return "TAF %s %02d%02d00Z %02d%02d/%02d%02d %03d%02dG%02dKT 9999 BKN0%02d TEMPO %02d%02d/%02d%02d 3000 SHRA BKN012CB" % (_icao(), d, (h + 19) % 24, d, h, d + 1, h, _n(0, 35) * 10, _n(10, 25), _n(26, 45), _n(10, 50), d, (h + 3) % 24, d, (h + 9) % 24)


@_b
def _():
    st = _icao()
    return "%s%04d/%02d NOTAMN\nQ) %s/QMRLC/IV/NBO/A/000/999/%04dN%05dE005\nA) %s B) %s C) %s\nE) RWY %02d/%02d CLSD DUE TO SNOW REMOVAL" % (
        _c("ABC"), _n(1, 9999), _n(23, 26), st[:2] + "XX", _n(3500, 7000), _n(100, 14000), st, _date().replace("-", "")[2:] + "%02d00" % _n(0, 11), _date().replace("-", "")[2:] + "%02d00" % _n(12, 23), _n(1, 18), _n(19, 36))


def _aivdm():
    payload = "".join([_c("0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVW`abcdefghijklmnopqrstuvw") for _ in range(28)])
    body = "AIVDM,1,1,,%s,%s,0" % (_c("AB"), payload)
    cs = 0
    for ch in body:
        cs ^= ord(ch)
    return "!%s*%02X" % (body, cs)


@_b
def _():
    return _aivdm() + _c(["", "\n" + _aivdm(), " (raw from AIS feed, port %d)" % _n(4000, 12000)])


@_b
def _():
    return "%s  MMSI %d  IMO %d  call sign %s" % (_ship(), _n(200000000, 779999999), _n(9100000, 9899999), _c(["LA", "EA", "SV", "DS", "JD"]) + _r(_ANU, 3))


@_b
def _():
    return "PNR %s, e-ticket %s, seat %d%s" % (_r(_ANU, 6), _c(["257", "075", "390", "180", "131"]) + _r(_DG, 10), _n(1, 40), _c("ABCDEF"))


@_b
def _():
    return "bag tag %s%s %s->%s, BSM received %s" % (_c(["0257", "0075", "0390", "0180"]), _r(_DG, 6), _c(["OSL", "BGO", "ATH", "MAD"]), _c(["ICN", "HND", "BCN", "SKG", "TOS"]), _ts())


@_b
def _():
    return "ULD %s%05d%s loaded at %s, weight %d kg" % (_c(["AKE", "AKH", "PMC", "PAG", "AKN"]), _n(1, 99999), _r(_ANU, 2), _c(["11L", "12R", "21P", "31L", "41R"]), _n(80, 4500))


def _iso6346(owner):
    vals = {}
    v = 10
    for ch in _UP:
        if v % 11 == 0:
            v += 1
        vals[ch] = v
        v += 1
    code = owner + "U" + _r(_DG, 6)
    tot = 0
    for i, ch in enumerate(code):
        tot += (vals[ch] if ch in vals else int(ch)) * (2 ** i)
    return code + str(tot % 11 % 10)


@_b
def _():
    return "container %s (%s) gate-in %s, seal %s" % (_iso6346(_c(["NVK", "SKV", "KYL", "HAE", "OST", "MNT"])), _c(["22G1", "45G1", "45R1", "22T6"]), _date(), _r(_ANU, 2) + _r(_DG, 7))


@_b
def _():
    return "P/N %d-%d-%d  S/N %s  removed from %s pos %d" % (_n(100, 99999), _n(100, 9999), _n(1, 99), _r(_ANU, 2) + _r(_DG, 5), _tail(), _n(1, 4))


@_b
def _():
    return "%s-%d-%06d %s" % (_c(["WO", "TC", "DEF", "MEL", "NRC"]), _n(2023, 2026), _n(1, 999999), _c(["deferred (MEL 34-11-01)", "closed", "awaiting parts", "released to service"]))


@_b
def _():
    return "%s-%d: %s" % (_c(["OPS", "MRO", "EFB", "AIS", "FIDS", "EDI", "BHS"]), _n(100, 9999), _c(["rotate SITA credentials (done, stored in vault)", "TRAX token expired again", "move AMOS DB password to Key Vault", "remove hardcoded weather key from legacy script", "ECDIS update account locked"]))


@_b
def _():
    return "%s %d.%d.%d build %s.%d" % (_c(["AMOS", "TRAX eMRO", "EFB Pro", "FIDS Player", "ECDIS", "NavSuite", "BHS SCADA"]), _n(1, 30), _n(0, 12), _n(0, 20), _date().replace("-", ""), _n(1, 9))


@_b
def _():
    return "%s EDTN %d UPDN %d ISDT %s" % (_cell(), _n(1, 30), _n(0, 20), _date().replace("-", ""))


@_b
def _():
    return "ADS-B %s icao24=%s squawk %04o alt %d" % (_tail(), _hex(6), _n(0, 4095), _n(100, 410) * 100)


@_b
def _():
    s = "".join(sorted(_r("ABCDEFGHJKLMPQRS", 4)))
    return "SELCAL %s-%s %s" % (s[:2], s[2:], _tail())


@_b
def _():
    return "  uid: %s\n  resourceVersion: \"%d\"" % (_uuid(), _n(100000, 99999999))


@_b
def _():
    return "version https://git-lfs.github.com/spec/v1\noid sha256:%s\nsize %d" % (_hex(64), _n(10000, 90000000))


@_b
def _():
    return 'ETag: %s"%s"' % (_c(["", "W/"]), _c([_hex(32), _hex(16) + "-" + _hex(8), "0x8DC" + _HEX(12)]))


@_b
def _():
    return '{"keys":[{"kty":"RSA","use":"sig","kid":"%s","alg":"RS256","n":"%s","e":"AQAB"}]}' % (_hex(16), _b64u(256))


@_b
def _():
    body = "MII" + _c(["D", "E", "F", "G"]) + _r(_B64A, 700)
    return "-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % "\n".join([body[i:i + 64] for i in range(0, len(body), 64)])


@_b
def _():
    body = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _r(_B64A, 348) + "IDAQAB"
    return "-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % "\n".join([body[i:i + 64] for i in range(0, len(body), 64)])


@_b
def _():
    return '{"token_type":"Bearer","expires_in":%d,"scope":"%s","issued_at":"%s"}' % (_c([3599, 7199, 86399]), _c(["ofp.read", "roster.read roster.write", "flifo", "ais.stream"]), _ts())


@_b
def _():
    return _c(["the %s token expired at %sZ; the vault agent fetched a new one and the adapter recovered",
               "%s credentials now come from the vault sidecar (renewed %s), nothing is stored on disk",
               "rotated the %s key on schedule (%s); old key revoked, new one only in the secret store"]) % (_c(["TRAX", "AeroAPI", "SITA", "AVCS", "Spire", "PCS"]), _c([_time()[:5], _date()]))


@_b
def _():
    return "required env: %s" % ", ".join(_R.sample(["AMOS_DB_PASSWORD", "SITA_GW_TOKEN", "WX_API_KEY", "PCS_SFTP_PASSWORD", "VSAT_ADMIN_PASSWORD", "AEROAPI_KEY", "TRAX_API_TOKEN", "MQ_PASSWORD", "ECDIS_UPDATE_PASSWORD"], _n(2, 5)))


@_b
def _():
    return 'export %s="$(vault kv get -field=%s secret/%s)"' % (_c(["SITA_PASSWORD", "AMOS_PW", "PCS_TOKEN", "WX_KEY"]), _c(["password", "token", "api_key"]), _c(["ops/sita", "mro/amos", "port/pcs", "ops/wx"]))


@_b
def _():
    return "docker login %s -u %s --password-stdin < %s" % ("registry." + _dom(), _svc(), _c(["/run/secrets/registry_pw", "$HOME/.registry-token", "./token.txt"]))


@_b
def _():
    lines = [_hex(80)[:80] for _ in range(_n(3, 6))]
    return "%s: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          %s" % (_c(["vsat_admin_password", "sita_password", "amos_db_password"]), "\n          ".join(lines))


@_b
def _():
    return "password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (_b64(_n(10, 24)), _b64(32), _b64(16))


@_b
def _():
    return "spec:\n  encryptedData:\n    password: AgB%s" % _r(_B64A, 300)


@_b
def _():
    return "%s %s crc32=%s size=%d" % (_c(["upload", "download", "verify"]), _c(["charts.zip", "ofp_%s.pdf" % _flt(), "noon.xml", "ENC_%s.zip" % _date()]), _hex(8), _n(1000, 90000000))


@_b
def _():
    return "(FPL-%s-IS\n-%s/M-SDE2E3FGHIJ1RWXY/LB1\n-%s%04d\n-N0%d0F%d %s\n-%s0%d)" % (_flt(), _c(["A20N", "B738", "AT76", "DH8D", "A321"]), _icao(), _n(0, 2359), _n(30, 48), _n(20, 41) * 10, _c(["DCT GM UL996 BLF", "SID1A ELBAL T333", "DCT ADOMI UN873"]), _icao(), _n(100, 900))


@_b
def _():
    return "Crew ID %d (%s, base %s) rostered %s" % (_n(100000, 999999), _c(["CPT", "FO", "SO", "CCM", "PUR"]), _c(["OSL", "BGO", "MAD", "ATH", "ICN", "HND"]), _c(["standby", "FLT %s" % _flt(), "OFF", "SIM %s" % _date()]))


@_b
def _():
    return "https://github.com/%s/%s/actions/runs/%d/job/%d" % (_org(), _c(["acars-bridge", "efb-docs", "metar-parser", "fids-player"]), _n(10 ** 9, 10 ** 10), _n(10 ** 10, 10 ** 11))


@_b
def _():
    return "%s: changeme  # placeholder only: the %s installer refuses to start until this is replaced from the vault" % (_c(["admin_password", "default_password", "initial_password"]), _c(["FIDS", "BHS HMI", "VSAT", "ECDIS kiosk"]))


@_b
def _():
    return "ARINC429 label %03o word 0x%s SSM=%d parity ok" % (_n(1, 255), _HEX(8), _n(0, 3))


@_b
def _():
    return _c(["MAC %s" % ":".join([_hex(2) for _ in range(6)]), "IMEI %s" % _r(_DG, 15), "ICCID 89%s" % _r(_DG, 17), "Iridium SBD IMEI %s" % _r(_DG, 15)]) + " (%s)" % _c(["bridge terminal", "VSAT modem", "EFB iPad", "gate kiosk"])


@_b
def _():
    return "Starlink kit %s, terminal id ut%s-%s-%s, status ONLINE" % (_r(_ANU, 12), _hex(8), _hex(8), _hex(8))


@_b
def _():
    return "signature verified with key id %s (%s)" % (_c(["k-%d-%02d" % (_n(2023, 2026), _n(1, 12)), _hex(16), "ofp-signing-%d" % _n(1, 9)]), _c(["RS256", "ES256", "Ed25519"]))


@_b
def _():
    return _c(["$cred = Get-Credential -UserName 'OPS\\%s' -Message 'VSAT admin'", "$pw = Read-Host -AsSecureString 'Password for %s'", "PS> $cred.Password\nSystem.Security.SecureString  # user %s"]) % _svc()


@_b
def _():
    return "%s=${%s:?%s}" % (_c(["password", "DB_PASS", "token"]), _c(["DB_PASSWORD", "SITA_TOKEN", "PCS_PASS"]), _c(["missing", "set it in the environment", "not set"]))


@_b
def _():
    return "withCredentials([usernamePassword(credentialsId: '%s', usernameVariable: 'U', passwordVariable: 'P')]) {" % _c(["sita-gw-creds", "amos-oracle", "pcs-sftp", "vsat-admin"])


@_b
def _():
    return "$ gh secret list\nNAME                    UPDATED\n%s  %s\n%s  %s" % (_c(["AVCS_PASSWORD", "SITA_GW_TOKEN", "AEROAPI_KEY"]).ljust(22), _date(), _c(["DOCKER_PASSWORD", "NPM_TOKEN", "MT_API_KEY"]).ljust(22), _date())


@_b
def _():
    return "$ kubectl get secrets -n %s\nNAME                TYPE     DATA   AGE\n%s   Opaque   %d      %dd" % (_c(["acars", "fids", "ais-ingest"]), _c(["sita-gw-creds", "db-creds", "ais-api-key"]).ljust(16), _n(1, 4), _n(1, 400))


@_b
def _():
    return "      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile               %s           manual    --profile\naccess_key     ****************%s shared-credentials-file\nsecret_key     ****************%s shared-credentials-file" % (_c(["ecdis-sync", "ais-lake", "mro-docs"]), _r(_ANU, 4), _r(_AN, 4))


@_b
def _():
    return "WARNING! Your password will be stored unencrypted in /home/%s/.docker/config.json.\nConfigure a credential helper to remove this warning.\nLogin Succeeded" % _uname()


@_b
def _():
    return '"%s": %s' % (_c(["password", "api_key", "token", "client_secret"]), _c(["null", '""', '"REDACTED"', '"[FILTERED]"', '"***"', '"<hidden>"']))


@_b
def _():
    return "- name: %s\n  %s:\n    %s\n  no_log: true" % (_c(["set VSAT admin password", "configure SITA gateway", "push AVCS credentials"]), _c(["ansible.builtin.uri", "community.general.ini_file"]), _c(["password: \"{{ vsat_admin_password }}\"", "value: \"{{ vault_sita_password }}\""]))


_WHERE = {
    "ko": ("%s 비밀번호는 Vault의 %s 경로에 있습니다. 채팅으로 보내지 마세요.", ["secret/ops/sita-typeb", "secret/fleet/vsat", "secret/airport/fids"]),
    "ja": ("%sのパスワードは1Passwordの「%s」保管庫を参照してください。", ["運航システム", "整備システム", "船舶IT"]),
    "es": ("La contraseña de %s está en el gestor de secretos (entrada '%s'), no la pegues aquí.", ["SFTP Aduanas", "TRAX producción", "Portal PCS"]),
    "el": ("Ο κωδικός για το %s βρίσκεται στο Vault (%s), μην τον στέλνετε με email.", ["secret/fleet/ecdis", "secret/port/pcs", "secret/ops/vsat"]),
    "no": ("Passordet til %s ligger i Vault under %s, ikke del det i Teams.", ["secret/fleet/vsat", "secret/mro/amos-db", "secret/ops/ais"]),
    "en": ("the %s password lives in the vault at %s; ask in #ops-access if you need it", ["secret/ops/sita-typeb", "secret/mro/amos-db", "secret/airport/fids"]),
}


@_b
def _():
    lg = _c(sorted(_WHERE))
    tpl, places = _WHERE[lg]
    return tpl % (_c(["AMOS", "TRAX", "SITA", "VSAT", "ECDIS", "PCS", "FIDS"]), _c(places))


@_b
def _():
    return "UNB+UNOA:2+%s:ZZ+%s:ZZ+%s:%02d%02d+%d'\nUNH+%d+CUSDEC:D:96B:UN'\nBGM+929+%s+9'" % (_r(_ANU, 10), _r(_ANU, 8), _date().replace("-", "")[2:], _n(0, 23), _n(0, 59), _n(10000, 999999), _n(1, 999), _r(_ANU, 2) + _r(_DG, 8))


@_b
def _():
    return "MVT\n%s/%02d.%s.%s\nAD%02d%02d/%02d%02d EA%02d%02d %s\nPX%d" % (_flt(), _n(1, 28), _tail().replace("-", ""), _c(["OSL", "BGO", "MAD", "ATH", "ICN", "HND"]), _n(0, 23), _n(0, 59), _n(0, 23), _n(0, 59), _n(0, 23), _n(0, 59), _c(["TOS", "BCN", "SKG", "PUS", "ITM"]), _n(20, 190))


@_b
def _():
    return '  # aws_db_instance.%s will be updated in-place\n  ~ password = (sensitive value)\n  ~ tags     = {\n      + "rotated" = "%s"\n    }' % (_c(["crew", "trax", "fids", "pcs"]), _date())


@_b
def _():
    return "Build ID: %s (%s, stripped)" % (_hex(40), _c(["acars-bridge", "ais-relay", "fids-player", "vsat-agent"]))


@_b
def _():
    return "%s==%d.%d.%d \\\n    --hash=sha256:%s" % (_c(["metar-taf-parser", "pyais", "python-edifact", "requests", "paramiko"]), _n(0, 5), _n(0, 30), _n(0, 9), _hex(64))


@_b
def _():
    return '[[package]]\nname = "%s"\nversion = "%d.%d.%d"\nchecksum = "%s"' % (_c(["nmea-parser", "serde", "tokio", "rustls", "chrono"]), _n(0, 2), _n(0, 40), _n(0, 20), _hex(64))


@_b
def _():
    return "github.com/%s/%s v%d.%d.%d h1:%s=" % (_c(["adrianmo", "BertoldVdb", "spf13", "nats-io"]), _c(["go-nmea", "go-ais", "cobra", "nats.go"]), _n(0, 2), _n(0, 20), _n(0, 9), _b64(32)[:43])


@_b
def _():
    return "POST https://%s/api/v1/devices/%s/register 201 (device cert CN=%s)" % (_host("efb"), _uuid(), _tail())


@_b
def _():
    cfg = {"station": _icao(), "refresh_s": _c([60, 300, 600]), "units": "metric", "layers": ["metar", "taf", "sigmet"]}
    return "configmap binaryData.settings.json: %s" % _b64s(_json.dumps(cfg))


@_b
def _():
    return "ESN %d  EGT margin %d C  N2 %d.%d%%  oil %d.%d qt  (%s, %s)" % (_n(100000, 999999), _n(5, 60), _n(90, 101), _n(0, 9), _n(8, 20), _n(0, 9), _tail(), _date())


@_b
def _():
    return "Noon %s: LAT %02d-%02d.%dN LON %03d-%02d.%dE, SOG %d.%d kn, ROB HFO %d.%d t" % (_ship(), _n(30, 70), _n(0, 59), _n(0, 9), _n(0, 30), _n(0, 59), _n(0, 9), _n(5, 18), _n(0, 9), _n(100, 2000), _n(0, 9))


@_b
def _():
    sysn = _c(["FIDS", "PCS", "Starlink", "Ofp", "AMOS", "Bhs"])
    return _c(["webhook signature header X-%s-Signature uses HMAC-SHA256 over the raw body" % sysn,
               "%s webhook signing algorithm: %s, key id rotates monthly" % (sysn, _c(["HMAC-SHA256", "Ed25519", "RS256"])),
               "the %s API accepts either a bearer token or mTLS; we use mTLS from the vessel side" % sysn])


@_b
def _():
    k = _n(0, 2)
    if k == 0:
        return 'curl -H "X-API-Key: $%s" https://%s/metar/%s' % (_c(["WX_API_KEY", "CHECKWX_KEY"]), _host("wx"), _icao())
    if k == 1:
        return 'curl -u "$PCS_USER:$PCS_PASS" https://%s/api/portcalls?c=%s' % (_host("pcs"), _port_code())
    return 'http GET https://%s/api/defects Authorization:"Bearer ${TRAX_TOKEN}"  # %s' % (_host("trax"), _date())


@_b
def _():
    k = _n(0, 2)
    if k == 0:
        return "$ mysql -h %s -u bhs_ro -p\nEnter password:" % _host("bhs")
    if k == 1:
        return "$ psql -h %s -U crew_ro roster\nPassword for user crew_ro:" % _host("pg")
    h = _host("vsat")
    return "$ ssh admin@%s\nadmin@%s's password:" % (h, h)


@_b
def _():
    return "sshpass -f %s ssh admin@%s 'show modem status'" % (_c(["~/.vsat_pass", "/run/secrets/vsat", "$HOME/.config/vsat/pw"]), _host("vsat"))


@_b
def _():
    return '{\n    "UserId": "AIDA%s",\n    "Account": "%s",\n    "Arn": "arn:aws:iam::%s:user/%s"\n}' % (_r(_ANU, 17), _r(_DG, 12), _r(_DG, 12), _c(["ais-archiver", "ecdis-sync", "ci-efb"]))


@_b
def _():
    return "%s %s-%s %s" % (_c(["IATA Resolution 753 scan", "ARINC 633 loadsheet", "ARINC 424 nav DB cycle", "AIRAC cycle"]), _n(2300, 2613), _c(["01", "02", "07", "13"]), _c(["P/N 822-%04d-%03d" % (_n(0, 9999), _n(0, 999)), "NDB %s" % _r(_ANU, 8), ""]))


@_b
def _():
    return "mounted /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-%s (ro)" % _r(_ANL, 5)


@_b
def _():
    return "sha1 %s  %s" % (_hex(40), _c(["CATALOG.031", "PRODUCTS.TXT", "SERIAL.ENC", "README.TXT", "%s" % _cell()]))


@_b
def _():
    return "Session %s established with %s (cipher TLS_AES_256_GCM_SHA384, session id %s)" % (_r(_DG, 6), _host(_c(["sita-gw", "as2", "acars"])), _HEX(64))


@_b
def _():
    return "nonce=%s ts=%d (replay protection, not a key)" % (_hex(24), _n(1700000000, 1760000000))


@_b
def _():
    return "%s %s %s%s" % (_c(["AVCS unit", "ENC permit request for", "chart order"]), _cell()[:-4], _c(["qty 1", "edition %d" % _n(1, 20), "weekly"]), _c(["", " (order ref %s)" % _r(_ANU, 10)]))


@_b
def _():
    return "Ticket %s: user reports password expired on %s; reset via self-service portal, no password exchanged" % (_c(["INC", "REQ", "SR"]) + _r(_DG, 7), _c(["TRAX", "AMOS", "crew portal", "EFB"]))


@_b
def _():
    return "GET /api/flights?page=%d&cursor=%s 200" % (_n(1, 50), _b64us(_json.dumps({"last_id": _n(1, 10 ** 7), "ts": _ts()})))


@_b
def _():
    return "%s seal %s intact; cargo manifest %s" % (_c(["reefer", "hold 3", "tank 2P", "container"]), _r(_ANU, 3) + _r(_DG, 6), _r(_ANU, 4) + _r(_DG, 8))


# ===========================================================================
# assembly
# ===========================================================================
_PER_GROUP = 187
_N_BENIGN = 950


def _build_secrets():
    out = []
    for g in _GROUPS:
        fl = [(f, fn) for gg, f, fn in _FMTS if gg == g]
        rows = []
        i = 0
        while len(rows) < _PER_GROUP:
            f, fn = fl[i % len(fl)]
            i += 1
            text, sec, vis = fn()
            rows.append((g, f, text, sec, vis))
        out.extend(rows)
    return out


def _build_benign(secrets):
    long_secrets = [s for s in set(e[3] for e in secrets) if len(s) >= 6]
    seen = set()
    out = []
    i = 0
    while len(out) < _N_BENIGN and i < _N_BENIGN * 20:
        s = _BG[i % len(_BG)]()
        i += 1
        if s in seen:
            continue
        if any(x in s for x in long_secrets):
            continue
        seen.add(s)
        out.append(s)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)

del _build_secrets, _build_benign
