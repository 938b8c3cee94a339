"""Blind hold-out corpus #69 for a secret-redaction engine.

What it is
----------
A fixed, self-contained test corpus for an engine that removes credentials
(passwords, API keys, tokens, private keys, connection strings with
passwords, signed-URL signatures, cookies, webhook secrets ...) from the text
a coding agent (Claude Code, Codex, Gemini CLI) saves as its working state:
goals, running notes, shell commands it ran, tool output, excerpts of files it
opened, decisions, chat messages pasted in by teammates, log lines and CI
configuration.  Each positive sample says exactly which substring must
disappear and which nearby substring must stay readable; the negative samples
are credential-free strings that a naive scanner would be tempted to redact.

Theme
-----
Construction, architecture and field engineering: BIM and CAD platforms
(Autodesk Platform Services / Forge, BIM 360 / Autodesk Construction Cloud,
Revit Server, Trimble Connect, Procore, Bentley iTwin and ProjectWise), drone
survey and photogrammetry (DroneDeploy, Pix4D), total stations and GNSS/RTK
correction services (NTRIP casters, RTKLIB, VRS networks), site cameras, NVRs
and access control, equipment telematics (AEMP / ISO 15143-3 feeds, Samsara,
Geotab, Trackunit), project document control and e-signature tools (Aconex,
DocuSign, Adobe Acrobat Sign, Dropbox Sign), concrete-maturity sensors over
MQTT, and estimating-software licence servers.  The usual developer plumbing
around them (git hosts, registries, clouds, CI systems, chat tools) is mixed in.

Provenance
----------
Written blind, from general knowledge only: no existing corpus, engine rule,
or web/search result was consulted.  Where a vendor's real credential shape
is known (for example ``ghp_``, ``glpat-``, ``xoxb-``, ``AKIA``/40-char AWS
secrets, ``AIza``, ``sk_live_``, ``SG.``, ``npm_``, ``pypi-``, PEM bodies)
that shape is imitated; where it is unknown (most construction-tech vendors)
a plausible shape was invented.  Every host, company, person, project,
mount point, identifier and value is fictitious and drawn at random; none of
the secrets is, or was ever, a working credential.

Layout
------
``SECRETS`` -- about 1,500 5-tuples ``(group, format, text, secret, visible)``:

* ``group``: one of command, tool-output, config-file, source-code,
  stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token (about 185
  each);
* ``format``: kebab-case name of the shape, each used at most three times
  (so there are 500+ distinct formats);
* ``text``: the fragment as the agent would have recorded it;
* ``secret``: the exact substring of ``text`` that must not survive
  redaction (only the key body for PEM keys, only the signature for signed
  URLs, only the password for user:password pairs, the base64 blob for HTTP
  Basic headers);
* ``visible``: a substring of ``text`` that must remain readable after
  redaction (host, user name, command ...), or ``""``.

``BENIGN`` -- about 950 distinct strings that contain no credential but look
secret-ish: commit SHAs, checksums, digests, UUIDs, request and trace ids,
IFC GlobalIds, APS URNs (base64 of ordinary text), public-key fingerprints,
public ids, placeholders and masked values, references to where a secret is
kept (vault paths, secret names, env-var names), prose about passwords and
password policy, cache keys, version strings, paths ... in the same command,
output, config, code, log, chat and CI contexts as the secrets.

Determinism
-----------
All random values come from ``_R = random.Random(SEED)`` and are drawn at
import time in a fixed order, so importing the module twice yields identical
lists.  Nothing is printed at import.  Python 3.8+, standard library only.

Measured
--------
Blind, read after all of that session's rules: recall 0.977 (1,456 of 1,491) and false positives 24
of 950 (2.5%), the same as with the engine at that session's start. Not tuned on.
"""

import base64
import json
import random
import re
import string

SEED = 69069_2025
_R = random.Random(SEED)

# ---------------------------------------------------------------------------
# low-level random helpers
# ---------------------------------------------------------------------------
_LO = string.ascii_lowercase
_UP = string.ascii_uppercase
_DG = string.digits
_AN = _LO + _UP + _DG
_HX = "0123456789abcdef"
_B64A = _UP + _LO + _DG + "+/"
_B64U = _UP + _LO + _DG + "-_"
_B32A = _UP + "234567"


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def ch(seq):
    return _R.choice(seq)


def _hex(n):
    return _s(_HX, n)


def _HEX(n):
    return _s("0123456789ABCDEF", n)


def _an(n):
    return _s(_AN, n)


def _lan(n):
    return _s(_LO + _DG, n)


def _uan(n):
    return _s(_UP + _DG, n)


def _dig(n):
    return ch("123456789") + _s(_DG, n - 1)


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(nbytes):
    return base64.b64encode(_rbytes(nbytes)).decode()


def _b64u(nbytes):
    return base64.urlsafe_b64encode(_rbytes(nbytes)).decode().rstrip("=")


def _b64s(s):
    return base64.b64encode(s.encode("utf-8")).decode()


def _b64us(s):
    return base64.urlsafe_b64encode(s.encode("utf-8")).decode().rstrip("=")


def _uuid():
    h = _hex(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], ch("89ab"), h[17:20], h[20:32])


def _UUID():
    return _uuid().upper()


def _ifcguid():
    return ch("0123") + _s(_DG + _UP + _LO + "_$", 21)


# ---------------------------------------------------------------------------
# vocabulary
# ---------------------------------------------------------------------------
_WORDS = ["Rebar", "Formwork", "Crane", "Gravel", "Granite", "Trestle", "Girder", "Gantry",
          "Plinth", "Mortar", "Lintel", "Joist", "Truss", "Scaffold", "Footing", "Culvert",
          "Caisson", "Pylon", "Harbour", "Kestrel", "Falcon", "Summit", "Quarry", "Basalt",
          "Cobalt", "Maple", "Willow", "Cedar", "Aspen", "Orchid", "Mango", "Pepper", "Tiger",
          "Otter", "Badger", "Walrus", "Comet", "Nebula", "Orbit", "Rocket", "Autumn", "Winter",
          "Summer", "Thunder", "Velvet", "Copper", "Silver", "Bronze", "Marble", "Ember",
          "Glacier", "Canyon", "Prairie", "Meadow", "Harvest", "Lantern", "Compass", "Anchor",
          "Beacon", "Sparrow", "Heron", "Pelican", "Dolphin", "Bison", "Lynx", "Puma", "Jaguar",
          "Raven", "Tundra", "Sequoia", "Monsoon", "Zephyr", "Dynamo", "Vector", "Piling",
          "Rafter", "Soffit", "Gable", "Cornice", "Buttress", "Keystone", "Bedrock", "Plumb"]
_LWORDS = ["tidal", "rebar", "lantern", "orbit", "purple", "mango", "shovel", "tiger", "copper",
           "glacier", "yellow", "kettle", "window", "basalt", "crane", "ember", "falcon", "gravel",
           "harbor", "island", "jungle", "kayak", "lemon", "meadow", "nickel", "oyster", "pepper",
           "quartz", "river", "saddle", "tunnel", "umbrella", "velvet", "walnut", "yogurt",
           "zebra", "anchor", "bucket", "cactus", "donkey", "engine", "fossil", "ginger",
           "hammer", "igloo", "jacket", "ladder", "magnet", "needle", "orange", "pickle",
           "rocket", "sunset", "timber", "violet", "wagon", "beacon", "cobalt", "dune", "forest",
           "granite", "helmet", "level", "mortar", "plumb", "trowel", "girder", "scaffold",
           "concrete", "survey", "tripod", "prism", "bulldozer", "excavator", "skyline", "marble"]
_SYL_C = "bcdfghjklmnprstvz"
_SYL_V = "aeiou"
_SEASONS = ["Winter", "Spring", "Summer", "Autumn", "January", "March", "October", "Welcome",
            "Monday", "Friday", "Sunshine", "Football", "Password", "Letmein", "Dragon"]

_UFIRST = ["aisha", "bruno", "chiara", "dmitri", "elif", "farid", "greta", "hiroshi", "ingrid",
           "jamal", "kasia", "luis", "mei", "nikhil", "olu", "priya", "quentin", "rosa", "sven",
           "tamsin", "umar", "valentina", "wen", "xavier", "yusuf", "zofia", "marco", "hannah",
           "kwame", "leila", "tomasz", "ana", "jonas", "noor", "pedro", "sakura", "gareth",
           "fatima", "lars", "paula", "rahul", "sofia", "tariq", "wiebke", "yara", "oscar"]
_ULAST = ["okafor", "lindqvist", "moreau", "schneider", "tanaka", "kowalski", "haddad",
          "fernandes", "novak", "brennan", "iyer", "vandijk", "murphy", "rossi", "nakamura",
          "osei", "petrov", "silva", "dubois", "keller", "obrien", "chen", "nguyen", "kim",
          "garcia", "hansen", "jensen", "virtanen", "yilmaz", "costa", "abara", "mbeki"]
_PEOPLE = ["Aisha", "Bruno", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hiroshi", "Ingrid",
           "Jamal", "Kasia", "Luis", "Mei", "Nikhil", "Olu", "Priya", "Quentin", "Rosa", "Sven",
           "Tamsin", "Umar", "Valentina", "Wen", "Xavier", "Yusuf", "Zofia", "Marco", "Hannah",
           "Kwame", "Leila", "Tomasz", "Ana", "Jonas", "Noor", "Pedro", "Sakura", "Björn",
           "Chloé", "José", "Zoë", "Søren", "Łukasz", "Renée", "Joaquín", "Dagný", "Mateus"]
_SVC = ["svc_bim", "svc-procore", "bimsync", "survey01", "rover03", "site_admin", "plotadmin",
        "estimator2", "svc_telematics", "ntrip_rover", "svc-docctl", "revitsvc", "camviewer",
        "acs_api", "svc_esign", "dd_uploader", "pix4d_proc", "lic_admin", "svc_vista",
        "fieldapp", "svc-itwin", "tc_sync", "gateadmin", "mqtt_gw", "reports", "svc_aconex"]
_CO = ["harbourline", "kestrelcivil", "granitepeak", "bluestonebau", "northgate-struct",
       "tidewater-eng", "ironbark-build", "ridgeway-cm", "meridian-survey", "cobalt-arch",
       "fenwick-partners", "alder-construct", "saltmarsh-geo", "oakfield-dev", "vantage-builders",
       "strata-field", "corbel-design", "keystone-infra", "palisade-works", "quarrystone",
       "lattice-studio", "arcadia-civils", "breakwater-jv", "summitline", "westbury-rail",
       "hollins-mep", "brightwater-eng", "cairn-geomatics", "fjordbygg", "solano-obras"]
_TLD = [".com", ".co.uk", ".de", ".com.au", ".nl", ".ca", ".io", ".eu", ".ie", ".no", ".fr",
        ".es", ".co.nz", ".se", ".dk", ".it", ".pl"]
_HOSTPFX = ["revit", "bim", "cad", "lic", "flexlm", "ntrip", "gnss", "nvr", "acs", "telematics",
            "docs", "dms", "pw", "vault", "sql", "db", "git", "ci", "jenkins", "files", "nas",
            "sftp", "siteoffice", "trailer", "plotter", "estimating", "survey", "drone",
            "pointcloud", "ifc", "procore-sync", "esign", "mqtt", "iot", "grafana", "reports",
            "api", "portal", "registry", "pgsql", "mssql", "redis", "rabbit", "minio", "build"]
_INTERNAL = ["corp.local", "site.lan", "internal", "ad.local", "office.lan", "hq.local"]
_PROJ = ["Riverside Tower", "Harbour Bridge Deck", "Northgate Hospital", "Elm Street Depot",
         "Canal Quarter Block C", "Westfield Interchange", "Airport Pier 4", "Maple Grove School",
         "Quayside Lofts", "Ring Road Viaduct", "Solar Farm Phase 2", "Water Treatment Works",
         "Metro Station 12", "Data Centre DC3", "Stadium East Stand", "Hillcrest Care Home",
         "Dockside Warehouse", "Tunnel Portal A", "Library Extension", "Wind Farm Access Road"]
_SITES = ["pier7", "blockc", "north-abutment", "depot", "eastyard", "tunnel-portal-a", "lot14",
          "phase2", "podium", "basement-b2", "gate3", "laydown", "batch-plant", "westwing",
          "core-a", "roofdeck", "substation", "northfield", "quay2", "canopy"]
_DBS = ["estimating", "procore_sync", "telematics", "doccontrol", "bim_audit", "site_diary",
        "timesheets", "ntrip_users", "access_ctrl", "survey_qc", "Viewpoint", "takeoff",
        "equipment", "drone_jobs", "plant_hire", "rfi_tracker", "punchlist", "submittals"]
_NS = ["field-apps", "bim-sync", "telematics", "doc-control", "survey", "site-cams", "esign",
       "estimating", "iot-sensors", "reporting"]
_REGIONS = ["eu-west-1", "eu-west-2", "eu-central-1", "us-east-1", "us-west-2", "ap-southeast-2",
            "ca-central-1", "eu-north-1", "ap-northeast-1", "sa-east-1"]
_BUCKETSFX = ["drone-orthos", "bim-exports", "site-photos", "pointclouds", "doc-archive",
              "ifc-drop", "timelapse", "survey-raw", "as-builts", "submittals"]
_FILES = ["A-101_GA_Plan.dwg", "STR_Central_R23.rvt", "Site_Topo_2024-05.las", "MEP_L03.nwc",
          "Bridge_Deck_v7.ifc", "Ortho_2025-03-14.tif", "Foundations_R2.rvt", "S-200_Sections.pdf",
          "Grid_Setout.csv", "Pile_Layout_P1.dxf", "Civil3D_Corridor.dwg", "Facade_Panels.nwd",
          "Pointcloud_North.e57", "As-Built_Basement.pdf", "Rebar_Schedule_B2.xlsx",
          "Ceiling_Coord_L5.rvt", "DTM_Final.xml", "Crane_Plan_Rev4.pdf", "Tender_BoQ.xlsx"]
_MOUNTS = ["VRS3_RTCM32", "RTCM3_MAX", "NEAR_MSM5", "KSTR_RTCM3", "AUTO_GG", "IMAX_32", "MAC_RTCM",
           "BASE01", "SITE_RTCM3", "CMRPLUS", "NRS_MSM4", "PIER7_BASE", "VRS_CMRx", "RTCM31_GPS",
           "NEAREST_MSM7", "i-MAX", "FKP_RTCM3", "SINGLE_BASE_2"]
_CASTERPFX = ["ntrip", "caster", "rtk", "vrs", "gnss", "corr"]
_CASTERDOM = ["smartvrs", "rtkhub", "netcorr", "fieldgnss", "baseline-rtk", "polar-vrs",
              "terra-corr", "geodnet-demo", "surveygrid", "satref-eu"]
_CITY = ["Leeds", "Rotterdam", "Lyon", "Bilbao", "Gdansk", "Aarhus", "Brisbane", "Calgary",
         "Porto", "Turin", "Tampere", "Bergen", "Izmir", "Osaka", "Pune", "Auckland"]


def _co():
    return ch(_CO)


def _g_domain():
    return _co() + ch(_TLD)


def _g_host():
    p = ch(_HOSTPFX) + (("%02d" % _R.randint(1, 12)) if _R.random() < 0.45 else "")
    r = _R.random()
    if r < 0.4:
        return p + "." + ch(_INTERNAL)
    if r < 0.55:
        return p + "." + ch(_SITES) + "." + _co() + ".local"
    return p + "." + _g_domain()


def _g_ip():
    r = _R.random()
    if r < 0.45:
        return "10.%d.%d.%d" % (_R.randint(0, 60), _R.randint(0, 254), _R.randint(2, 250))
    if r < 0.8:
        return "192.168.%d.%d" % (_R.randint(0, 30), _R.randint(2, 250))
    return "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 254), _R.randint(2, 250))


def _g_pip():
    return ch(["203.0.113.", "198.51.100.", "192.0.2."]) + str(_R.randint(2, 250))


def _g_user():
    r = _R.random()
    f, l = ch(_UFIRST), ch(_ULAST)
    if r < 0.25:
        return f + "." + l
    if r < 0.45:
        return f[0] + l
    if r < 0.55:
        return f + "_" + l[0]
    return ch(_SVC) + (str(_R.randint(1, 9)) if _R.random() < 0.3 else "")


def _g_email():
    return ch(_UFIRST) + "." + ch(_ULAST) + "@" + _g_domain()


def _g_caster():
    return ch(_CASTERPFX) + "." + ch(_CASTERDOM) + ch([".net", ".com", ".eu", ".co.uk", ".de", ".com.au"])


def _g_pcode():
    r = _R.random()
    if r < 0.4:
        return "P" + _dig(5)
    if r < 0.7:
        return "%s-%s" % (_s(_UP, 3), _dig(4))
    return "%d-%03d" % (_R.randint(21, 26), _R.randint(1, 999))


def _g_date():
    return "2025-%02d-%02d" % (_R.randint(1, 12), _R.randint(1, 28))


def _g_ts():
    return "%sT%02d:%02d:%02d%s" % (_g_date(), _R.randint(0, 23), _R.randint(0, 59),
                                    _R.randint(0, 59), ch(["Z", ".%03dZ" % _R.randint(0, 999), "+01:00"]))


def _g_time():
    return "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def _g_ver():
    return "%d.%d.%d" % (_R.randint(0, 9), _R.randint(0, 30), _R.randint(0, 40))


_GEN = {
    "host": _g_host, "ip": _g_ip, "pip": _g_pip, "user": _g_user, "email": _g_email,
    "person": lambda: ch(_PEOPLE), "proj": lambda: ch(_PROJ), "pcode": _g_pcode,
    "db": lambda: ch(_DBS), "ns": lambda: ch(_NS), "region": lambda: ch(_REGIONS),
    "bucket": lambda: _co() + "-" + ch(_BUCKETSFX), "file": lambda: ch(_FILES),
    "site": lambda: ch(_SITES), "mount": lambda: ch(_MOUNTS), "caster": _g_caster,
    "domain": _g_domain, "co": _co, "org": _co, "city": lambda: ch(_CITY),
    "date": _g_date, "citylow": lambda: ch(_CITY).lower(), "coflat": lambda: _co().replace("-", ""), "ts": _g_ts, "time": _g_time, "ver": _g_ver, "uuid": _uuid,
    "sha": lambda: _hex(40), "sha7": lambda: _hex(7), "ec2": lambda: "ec2-%d-%d-%d-%d" % tuple(_R.randint(3, 254) for _ in range(4)), "port": lambda: str(ch([2101, 2102, 2103, 80, 8080, 2105])),
    "cam": lambda: "cam-" + ch(_SITES) + "-" + "%02d" % _R.randint(1, 24),
    "num": lambda: str(_R.randint(100, 99999)), "n": lambda: str(_R.randint(2, 60)),
    "pid": lambda: str(_R.randint(1200, 65000)), "ifc": _ifcguid,
    "word": lambda: ch(_LWORDS), "W": lambda: ch(_WORDS),
    "svc": lambda: ch(_SVC),
}
_ARGGEN = {
    "hex": _hex, "HEX": _HEX, "an": _an, "lan": _lan, "uan": _uan, "dig": _dig,
    "b64": _b64, "b64u": _b64u, "b32": lambda n: _s(_B32A, n), "low": lambda n: _s(_LO, n),
}


class _Ctx(dict):
    def __missing__(self, key):
        if ":" in key:
            name, arg = key.split(":", 1)
            m = re.match(r"\d+", arg)
            val = _ARGGEN[name](int(m.group(0)))
        elif key in _GEN:
            val = _GEN[key]()
        else:
            val = _GEN[key.rstrip("0123456789")]()
        self[key] = val
        return val


_PH = re.compile("\u27e6([^\u27e6\u27e7]+)\u27e7")


def _fill(tpl, c):
    return _PH.sub(lambda m: str(c[m.group(1)]), tpl)


# ---------------------------------------------------------------------------
# secret generators
# ---------------------------------------------------------------------------
_SYM = "!#%*+-_=?.@^~"


def _pw_a():
    return ch(_WORDS) + _dig(_R.randint(2, 4)) + ch("!#%*?@+")


def _pw_b():
    return ch(_WORDS) + ch("#!%*_.+-@") + ch(_WORDS) + _s(_DG, 2)


def _pw_c(sep=None):
    sep = sep or ch("-._")
    ws = [ch(_LWORDS) for _ in range(_R.randint(3, 4))]
    if _R.random() < 0.5:
        ws.append(str(_R.randint(2, 99)))
    return sep.join(ws)


def _pw_d():
    syl = "".join(ch(_SYL_C) + ch(_SYL_V) + (ch("mnrst") if _R.random() < 0.3 else "")
                  for _ in range(_R.randint(3, 4)))
    return syl.capitalize() + _s(_DG, 2)


def _pw_e(alpha=_AN + "!#%*+-_=?^~"):
    n = _R.randint(14, 24)
    # never end on "." so a sentence full stop after the value stays unambiguous
    return ch(_AN) + _s(alpha, n - 2) + ch(_AN)


def _pw_f():
    w = ch(_WORDS)
    m = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}
    w = "".join(m.get(c, c) if _R.random() < 0.6 else c for c in w)
    return w + str(_R.randint(2019, 2026)) + ch("!?#*")


def _pw_g():
    return ch(_SEASONS) + str(_R.randint(2019, 2026)) + ch("!#*?") + _s(_DG, _R.randint(1, 2))


def _pw():
    return ch([_pw_a, _pw_b, _pw_c, _pw_d, _pw_e, _pw_f, _pw_g])()


def _pwu():
    r = _R.random()
    if r < 0.25:
        return ch(_WORDS) + _dig(_R.randint(3, 4)) + ch(["", "-", "_", ".", "~"]) + _s(_LO, 2)
    if r < 0.45:
        return _pw_c("-")
    if r < 0.65:
        return _pw_d()
    return _pw_e(_AN + "-_.~")


def _pwq():
    if _R.random() < 0.2:
        return " ".join(ch(_LWORDS) for _ in range(4))
    return _pw()


def _pin():
    return _dig(_R.randint(6, 8))


def _basic(user, pw):
    return _b64s(user + ":" + pw)


def _jwt(iss=None, extra=None, alg="RS256", sig_bytes=256):
    hdr = {"alg": alg, "typ": "JWT"}
    if alg.startswith("RS") or alg.startswith("ES"):
        hdr["kid"] = _an(ch([20, 27, 32]))
    pl = {"iss": iss or "https://auth.example", "sub": _uuid(),
          "iat": 1740000000 + _R.randint(0, 9000000)}
    pl["exp"] = pl["iat"] + ch([3600, 1800, 86400, 3599])
    if extra:
        pl.update(extra)
    return (_b64us(json.dumps(hdr, separators=(",", ":"))) + "." +
            _b64us(json.dumps(pl, separators=(",", ":"))) + "." + _b64u(sig_bytes))


def _aps_jwt():
    return _jwt("https://developer.api.autodesk.com",
                {"aud": "https://autodesk.com", "client_id": _an(32),
                 "scope": ch([["data:read", "data:write"], ["bucket:read", "viewables:read"],
                              ["account:read", "data:read"]])})


def _cesium_jwt():
    return _jwt(None, {"jti": _uuid(), "id": _R.randint(100000, 399999)}, alg="HS256", sig_bytes=32)


def _pem_body(kind, lines=None):
    if kind == "rsa":
        head, n = "MIIEow" + ch("IBAAKCAQEA"), lines or ch([25, 26])
    elif kind == "rsa1k":
        head, n = "MIICXQIBAAKBgQ", lines or 13
    elif kind == "pkcs8":
        head, n = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", lines or 26
    elif kind == "ec":
        head, n = "MHcCAQEEI" + ch("ABCDEFGHIJKLMNOP"), 3
    elif kind == "ec8":
        head, n = "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg", 3
    else:  # openssh ed25519
        head, n = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZWQyNTUxOQAAACA", 5
    width = 70 if kind == "openssh" else 64
    total = n * width - _R.randint(4, 40)
    body = head + _s(_B64A, total - len(head))
    if kind != "openssh":
        body = body[:-2] + ch(["==", "A=", "g=", "Q="]) if _R.random() < 0.5 else body
    return "\n".join(body[i:i + width] for i in range(0, len(body), width))


_PEM_LABEL = {"rsa": "RSA PRIVATE KEY", "rsa1k": "RSA PRIVATE KEY", "pkcs8": "PRIVATE KEY",
              "ec": "EC PRIVATE KEY", "ec8": "PRIVATE KEY", "openssh": "OPENSSH PRIVATE KEY"}


def _pem(kind):
    body = _pem_body(kind)
    lab = _PEM_LABEL[kind]
    return "-----BEGIN %s-----\n%s\n-----END %s-----" % (lab, body, lab), body


# vendor token shapes (real prefixes where known, invented otherwise)
def _ghp():
    return "ghp_" + _an(36)


def _gho():
    return "gho_" + _an(36)


def _ghs():
    return "ghs_" + _an(36)


def _ghpat():
    return "github_pat_11" + _uan(20) + "_" + _an(59)


def _glpat():
    return "glpat-" + _s(_AN + "-_", 20)


def _xoxb():
    return "xoxb-%s-%s-%s" % (_dig(12), _dig(13), _an(24))


def _xoxp():
    return "xoxp-%s-%s-%s-%s" % (_dig(12), _dig(12), _dig(13), _hex(32))


def _akid():
    return ch(["AKIA", "AKIA", "ASIA"]) + _s(_B32A, 16)


def _aws_sk():
    return _s(_UP + _LO + _DG + "+/", 40)


def _aws_sess():
    return "IQoJb3JpZ2luX2VjE" + _s(_B64A, 300) + "="


def _aiza():
    return "AIza" + _s(_AN + "-_", 35)


def _gocspx():
    return "GOCSPX-" + _s(_AN + "-_", 28)


def _ya29():
    return "ya29.a0" + _s(_AN + "-_", ch([140, 170, 200]))


def _sk_live():
    return ch(["sk_live_51", "rk_live_51"]) + _an(ch([90, 97]))


def _whsec():
    return "whsec_" + _an(32)


def _sg():
    return "SG." + _s(_AN + "-_", 22) + "." + _s(_AN + "-_", 43)


def _npm():
    return "npm_" + _an(36)


def _pypi():
    return "pypi-AgEIcHlwaS5vcmc" + _s(_AN + "-_", ch([130, 150, 170]))


def _dckr():
    return "dckr_pat_" + _s(_AN + "-_", 27)


def _az_acct_key():
    return _b64(64)


def _az_cs():
    return _an(3) + ch("678") + "Q~" + _s(_AN + "_~.-", 34)


def _ado_pat():
    return _s("abcdefghijklmnopqrstuvwxyz234567", 52)


def _hvs():
    return "hvs." + _s(_AN + "_-", ch([24, 91]))


def _mapbox_sk(user="survey"):
    body = '{"u":"%s","a":"%s"}' % (user, _lan(25))
    return "sk." + _b64us(body) + "." + _s(_AN + "-_", 22)


def _esri():
    return "AAPK" + _hex(32) + _s(_AN + "-_", 68)


def _samsara():
    return "samsara_api_" + _an(30)


def _ttn():
    return "NNSXS." + _s(_B32A, 39) + "." + _s(_B32A, 52)


def _tg():
    return _dig(10) + ":AA" + _s(_AN + "-_", 33)


def _slack_hook_parts():
    return "T" + _uan(ch([8, 10])), "B" + _uan(ch([9, 11])), _an(24)


def _cookie_sess():
    return ch([_lan(32), _hex(40), _b64u(24), "s%3A" + _an(32) + "." + _b64u(32)])


def _dd_key():
    return _lan(32)


def _procore_secret():
    return _hex(64)


def _aps_secret():
    return ch([_an(16), _an(64)])


def _aps_cid():
    return _an(32)


def _trimble_secret():
    return _hex(32)


def _itwin_secret():
    return _s(_AN + "-_", 86) + "=="


def _licence_key():
    return "-".join(_uan(5) for _ in range(5))


def _pix4d_key():
    return "-".join(_uan(4) for _ in range(6))


def _az_sig():
    return _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _x_amz_sig():
    return _hex(64)


# ---------------------------------------------------------------------------
# format registry
# ---------------------------------------------------------------------------
_FORMATS = []
_CUR = [None]


def _group(g):
    _CUR[0] = g


def T(name, tpl, sec=None, vis="", der=None, key="S", n=3):
    """Register one format: tpl is a template string (with ⟦placeholders⟧) or
    a callable(ctx) -> text; sec() draws the secret into ctx['S']; der(ctx) may
    add derived values; key names the ctx entry that is the secret."""
    _FORMATS.append((_CUR[0], name, (tpl, sec, vis, der, key), n))


def _instance(spec):
    tpl, sec, vis, der, key = spec
    c = _Ctx()
    if sec is not None:
        c["S"] = sec()
    if der is not None:
        der(c)
    text = _fill(tpl, c) if isinstance(tpl, str) else tpl(c)
    v = _fill(vis, c) if vis else ""
    return text, c[key], v


def _bas(u="user", p="S", out="B"):
    """der helper: ctx[out] = base64(ctx[u] + ':' + ctx[p])."""
    def d(c):
        c[out] = _basic(str(c[u]), str(c[p]))
    return d


def _pemder(kind, out="PEM", body="S"):
    def d(c):
        c[out], c[body] = _pem(kind)
    return d


def _esc_nl(c, src="PEM", dst="PEMJ", body="S", bdst="SJ"):
    c[dst] = c[src].replace("\n", "\\n")
    c[bdst] = c[body].replace("\n", "\\n")


# ===========================================================================
# group: command -- shell commands the agent ran (or was told to run)
# ===========================================================================
_group("command")
T("mysql-inline-dash-p",
  "mysql -h ⟦host⟧ -u ⟦user⟧ -p⟦S⟧ ⟦db⟧ -e \"SELECT bid_id, total FROM bid_items ORDER BY updated_at DESC LIMIT 20;\"",
  _pw, "mysql -h ⟦host⟧")
T("pgpassword-env-prefix",
  "PGPASSWORD='⟦S⟧' psql -h ⟦host⟧ -U ⟦user⟧ -d ⟦db⟧ -c '\\dt procore_*'",
  _pw, "psql -h ⟦host⟧ -U ⟦user⟧")
T("psql-uri-argument",
  "psql \"postgresql://⟦user⟧:⟦S⟧@⟦host⟧:5432/⟦db⟧?sslmode=require\" -f migrations/0042_add_rfi_status.sql",
  _pwu, "⟦host⟧:5432/⟦db⟧")
T("curl-basic-aemp-fleet",
  "curl -s -u ⟦user⟧:⟦S⟧ \"https://⟦host⟧/aemp/Fleet/1\" -H 'Accept: application/xml' | xmllint --format - | head -40",
  _pwu, "https://⟦host⟧/aemp/Fleet/1")
T("curl-bearer-aps-hubs",
  "curl -s -H \"Authorization: Bearer ⟦S⟧\" \"https://developer.api.autodesk.com/project/v1/hubs\" | jq '.data[].attributes.name'",
  _aps_jwt, "developer.api.autodesk.com/project/v1/hubs")
T("curl-aps-client-credentials",
  "curl -s -X POST https://developer.api.autodesk.com/authentication/v2/token \\\n  -u \"⟦an:32⟧:⟦S⟧\" \\\n  -H 'Content-Type: application/x-www-form-urlencoded' \\\n  -d 'grant_type=client_credentials&scope=data:read bucket:read'",
  _aps_secret, "authentication/v2/token")
T("curl-procore-refresh-token",
  "curl -s -X POST https://login.procore.com/oauth/token \\\n  -d grant_type=refresh_token \\\n  -d client_id=\"$PROCORE_CLIENT_ID\" \\\n  -d client_secret=\"$PROCORE_CLIENT_SECRET\" \\\n  -d refresh_token=⟦S⟧",
  lambda: _b64u(32), "login.procore.com/oauth/token")
T("str2str-ntrip-input",
  "str2str -in ntrip://⟦user⟧:⟦S⟧@⟦caster⟧:2101/⟦mount⟧ -out serial://ttyUSB0:115200:8:n:1 -b 1 -n 10000",
  _pwu, "⟦caster⟧:2101/⟦mount⟧")
T("bkg-ntripclient-flags",
  "./ntripclient -s ⟦caster⟧ -r 2101 -m ⟦mount⟧ -u ⟦user⟧ -p ⟦S⟧ -n \"$(cat gga_site.txt)\" -D /dev/ttyACM0 -B 115200",
  _pwu, "./ntripclient -s ⟦caster⟧")
T("pygnssutils-ntrip-client",
  "gnssntripclient --server ⟦caster⟧ --port 2101 --https 0 --mountpoint ⟦mount⟧ --ntripuser ⟦user⟧ --ntrippassword '⟦S⟧' --ggainterval 10 --output /dev/ttyUSB1",
  _pw, "--mountpoint ⟦mount⟧")
T("ffmpeg-rtsp-snapshot",
  "ffmpeg -rtsp_transport tcp -i \"rtsp://admin:⟦S⟧@⟦ip⟧:554/Streaming/Channels/101\" -frames:v 1 -q:v 2 /srv/timelapse/⟦site⟧/$(date +%Y%m%d_%H%M).jpg",
  _pwu, "⟦ip⟧:554/Streaming/Channels/101")
T("ffprobe-axis-stream",
  "ffprobe -v error -show_streams \"rtsp://root:⟦S⟧@⟦cam⟧.⟦site⟧.lan/axis-media/media.amp?resolution=1920x1080\"",
  _pwu, "/axis-media/media.amp")
T("docker-login-dash-p",
  "docker login ⟦host⟧ -u ⟦user⟧ -p ⟦S⟧",
  lambda: ch([_pw_e(_AN), _an(32), "dckr_pat_" + _s(_AN + "-_", 27)]), "docker login ⟦host⟧ -u ⟦user⟧")
T("git-clone-oauth2-gitlab",
  "git clone https://oauth2:⟦S⟧@gitlab.⟦domain⟧/bim/revit-addins.git && cd revit-addins && git checkout release/⟦ver⟧",
  _glpat, "gitlab.⟦domain⟧/bim/revit-addins.git")
T("git-remote-set-url-pat",
  "git remote set-url origin https://⟦user⟧:⟦S⟧@github.com/⟦org⟧/takeoff-tools.git\ngit push -u origin fix/quantity-rounding",
  _ghp, "github.com/⟦org⟧/takeoff-tools.git")
T("export-aps-secret-then-run",
  "export APS_CLIENT_ID=⟦an:32⟧\nexport APS_CLIENT_SECRET=⟦S⟧\nnode scripts/translate-model.js --bucket ⟦bucket⟧ --file \"⟦file⟧\"",
  _aps_secret, "node scripts/translate-model.js")
T("sqlcmd-uppercase-p-viewpoint",
  "sqlcmd -S ⟦host⟧\\VIEWPOINT -U ⟦user⟧ -P \"⟦S⟧\" -d Viewpoint -Q \"select top 5 JCCo, Job, Description from bJCJM order by Job desc\"",
  _pw, "sqlcmd -S ⟦host⟧\\VIEWPOINT")
T("sshpass-restart-caster",
  "sshpass -p '⟦S⟧' ssh -o StrictHostKeyChecking=no ⟦user⟧@⟦ip⟧ 'sudo systemctl restart ntripcaster && journalctl -u ntripcaster -n 20'",
  _pw, "⟦user⟧@⟦ip⟧")
T("smbclient-user-percent-password",
  "smbclient //⟦host⟧/Projects -U 'CORP\\⟦user⟧%⟦S⟧' -c 'cd \"⟦pcode⟧/03_Drawings\"; ls'",
  _pwu, "//⟦host⟧/Projects")
T("mount-cifs-password-option",
  "sudo mount -t cifs //⟦host⟧/revit_central /mnt/central -o username=⟦user⟧,password=⟦S⟧,domain=CORP,vers=3.0,uid=1000",
  _pwu, "//⟦host⟧/revit_central")
T("windows-net-use-positional",
  "net use Z: \\\\⟦host⟧\\ProjectWise$ /user:CORP\\⟦user⟧ ⟦S⟧ /persistent:no",
  _pwu, "/user:CORP\\⟦user⟧")
T("kubectl-create-secret-from-literal",
  "kubectl -n ⟦ns⟧ create secret generic procore-api \\\n  --from-literal=client_id=⟦hex:64⟧ \\\n  --from-literal=client_secret=⟦S⟧",
  _procore_secret, "create secret generic procore-api")
T("aws-configure-set-secret",
  "aws configure set aws_access_key_id ⟦K⟧ --profile drone-uploads\naws configure set aws_secret_access_key ⟦S⟧ --profile drone-uploads\naws s3 ls s3://⟦bucket⟧/ --profile drone-uploads",
  _aws_sk, "--profile drone-uploads", der=lambda c: c.__setitem__("K", _akid()))
T("az-login-service-principal",
  "az login --service-principal -u ⟦uuid⟧ -p '⟦S⟧' --tenant ⟦uuid2⟧\naz storage blob list --account-name ⟦coflat⟧docs -c submittals -o table",
  _az_cs, "az login --service-principal")
T("htpasswd-batch-create",
  "sudo htpasswd -b -c /etc/nginx/.htpasswd_plans ⟦user⟧ '⟦S⟧' && sudo nginx -s reload",
  _pw, "/etc/nginx/.htpasswd_plans")
T("openssl-pkcs12-passout",
  "openssl pkcs12 -export -in site-gateway.crt -inkey site-gateway.key -certfile ca-chain.pem -out site-gateway.p12 -passout pass:⟦S⟧",
  _pw, "openssl pkcs12 -export")
T("keytool-srcstorepass",
  "keytool -importkeystore -srckeystore docusign-jwt.p12 -srcstoretype PKCS12 -srcstorepass ⟦S⟧ -destkeystore esign.jks -deststoretype JKS -deststorepass:env JKS_PASS",
  _pwu, "keytool -importkeystore")
T("redis-cli-dash-a",
  "redis-cli -h ⟦host⟧ -p 6379 -a '⟦S⟧' --no-auth-warning --scan --pattern 'tile-cache:*' | head",
  _pw, "redis-cli -h ⟦host⟧")
T("mongosh-srv-uri",
  "mongosh \"mongodb+srv://⟦user⟧:⟦S⟧@cluster0.⟦lan:5⟧.mongodb.net/telematics?retryWrites=true&w=majority\" --eval 'db.positions.countDocuments()'",
  _pwu, "mongodb.net/telematics")
T("ldapsearch-bind-password",
  "ldapsearch -x -H ldaps://⟦host⟧ -D \"cn=⟦user⟧,ou=svc,dc=corp,dc=local\" -w '⟦S⟧' -b \"ou=Site Staff,dc=corp,dc=local\" \"(badgeNumber=*)\" cn mail badgeNumber",
  _pw, "ldaps://⟦host⟧")
T("wget-user-password-flags",
  "wget --user=⟦user⟧ --password='⟦S⟧' https://⟦host⟧/exports/⟦pcode⟧_pointcloud.laz -O /data/pc/⟦pcode⟧.laz",
  _pw, "wget --user=⟦user⟧")
T("rclone-config-create-sftp",
  "rclone config create pix4d-sftp sftp host ⟦host⟧ user ⟦user⟧ pass ⟦S⟧ --obscure\nrclone copy ./orthomosaics pix4d-sftp:/upload/⟦pcode⟧ -P",
  _pw, "rclone config create pix4d-sftp")
T("lftp-user-comma-password",
  "lftp -u ⟦user⟧,'⟦S⟧' sftp://⟦host⟧ -e \"mirror --reverse ./orthomosaics /upload/⟦pcode⟧; bye\"",
  _pw, "sftp://⟦host⟧")
T("fly-secrets-set",
  "fly secrets set DRONEDEPLOY_API_KEY=⟦S⟧ -a site-progress-sync",
  _dd_key, "-a site-progress-sync")
T("gh-secret-set-body",
  "gh secret set TRIMBLE_CLIENT_SECRET --body \"⟦S⟧\" --repo ⟦org⟧/connect-sync",
  _trimble_secret, "--repo ⟦org⟧/connect-sync")
T("vault-kv-put-ntrip",
  "vault kv put secret/ntrip/vrs-network username=⟦user⟧ password='⟦S⟧' mountpoint=⟦mount⟧",
  _pw, "secret/ntrip/vrs-network")
T("op-item-create-login",
  "op item create --category=login --title=\"Bentley iTwin service (⟦proj⟧)\" --vault Field username=⟦user⟧ 'password=⟦S⟧'",
  _pw, "op item create --category=login")
T("java-system-property-password",
  "java -Dspring.datasource.url=jdbc:postgresql://⟦host⟧:5432/⟦db⟧ -Dspring.datasource.username=⟦user⟧ -Dspring.datasource.password=⟦S⟧ -jar equipment-telemetry-⟦ver⟧.jar",
  _pwu, "-Dspring.datasource.username=⟦user⟧")
T("docker-run-env-password",
  "docker run -d --name aconex-sync --restart unless-stopped -e ACONEX_USER=⟦user⟧ -e ACONEX_PASSWORD='⟦S⟧' -e PROJECT_ID=⟦dig:10⟧ ⟦host⟧/docctl/aconex-sync:⟦ver⟧",
  _pw, "--name aconex-sync")
T("python-script-api-key-flag",
  "python3 tools/dd_export.py --api-key ⟦S⟧ --plan-id ⟦hex:24⟧ --layers ortho,dsm --out exports/⟦site⟧/",
  _dd_key, "tools/dd_export.py")
T("pix4d-cli-license-key",
  "pix4dmatic-cli --license-key ⟦S⟧ process --project \"/data/⟦pcode⟧/⟦site⟧.p4m\" --template 3d-maps --gpu 0",
  _pix4d_key, "process --project")
T("curl-kisi-login-header",
  "curl -s -H \"Authorization: KISI-LOGIN ⟦S⟧\" -H 'Accept: application/json' 'https://api.kisi.io/locks?place_id=⟦dig:5⟧' | jq '.[].name'",
  lambda: _hex(32), "https://api.kisi.io/locks")
T("curl-samsara-vehicle-locations",
  "curl --request GET 'https://api.samsara.com/fleet/vehicles/locations?tagIds=⟦dig:6⟧' --header 'Authorization: Bearer ⟦S⟧' --header 'accept: application/json'",
  _samsara, "api.samsara.com/fleet/vehicles/locations")
T("curl-geotab-authenticate-json",
  "curl -s https://my.geotab.com/apiv1 -H 'Content-Type: application/json' -d '{\"method\":\"Authenticate\",\"params\":{\"database\":\"⟦co⟧\",\"userName\":\"⟦email⟧\",\"password\":\"⟦S⟧\"}}'",
  _pw, "my.geotab.com/apiv1")
T("powershell-securestring-pssession",
  "$pw = ConvertTo-SecureString '⟦S⟧' -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential('CORP\\⟦user⟧', $pw)\nEnter-PSSession -ComputerName ⟦host⟧ -Credential $cred",
  _pw, "Enter-PSSession -ComputerName ⟦host⟧")
T("psexec-user-password",
  "PsExec.exe \\\\⟦host⟧ -u CORP\\⟦user⟧ -p ⟦S⟧ -h \"C:\\Program Files (x86)\\Autodesk\\Network License Manager\\lmutil.exe\" lmstat -a -c 27000@⟦host⟧",
  _pwu, "lmstat -a -c 27000@⟦host⟧")
T("licence-activate-product-key",
  "\"C:\\Program Files\\EstimatePro\\LicenseService\\lsadmin.exe\" /activate /server ⟦host⟧ /seats 12 /key ⟦S⟧",
  _licence_key, "/server ⟦host⟧")
T("chpasswd-echo-pipe",
  "echo '⟦user⟧:⟦S⟧' | sudo chpasswd && sudo passwd -e ⟦user⟧",
  _pw, "sudo chpasswd")
T("mysql-create-user-identified-by",
  "sudo mysql -e \"CREATE USER 'bimsync'@'10.%' IDENTIFIED BY '⟦S⟧'; GRANT SELECT ON ⟦db⟧.* TO 'bimsync'@'10.%';\"",
  _pw, "CREATE USER 'bimsync'@'10.%'")
T("psql-alter-role-password",
  "psql -h ⟦host⟧ -U postgres -c \"ALTER ROLE reporting WITH LOGIN PASSWORD '⟦S⟧' VALID UNTIL '2026-06-30';\"",
  _pw, "ALTER ROLE reporting WITH LOGIN")
T("snmpwalk-v3-auth-pass",
  "snmpwalk -v3 -l authPriv -u ⟦user⟧ -a SHA -A '⟦S⟧' -x AES -X \"$SNMP_PRIV\" ⟦ip⟧ 1.3.6.1.2.1.1",
  _pw, "snmpwalk -v3 -l authPriv -u ⟦user⟧")
T("ipmitool-lanplus-password",
  "ipmitool -I lanplus -H ⟦ip⟧ -U ADMIN -P ⟦S⟧ chassis power status",
  _pwu, "ipmitool -I lanplus -H ⟦ip⟧")
T("mosquitto-pub-maturity-sensor",
  "mosquitto_pub -h ⟦host⟧ -p 8883 --cafile ca.crt -u ⟦user⟧ -P '⟦S⟧' -t site/⟦pcode⟧/concrete/maturity -m '{\"probe\":\"SR-⟦dig:3⟧\",\"temp_c\":21.4}'",
  _pw, "-t site/⟦pcode⟧/concrete/maturity")
T("curl-docusign-jwt-assertion",
  "curl -s -X POST https://account-d.docusign.com/oauth/token \\\n  -d 'grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer' \\\n  -d 'assertion=⟦S⟧'",
  lambda: _jwt(_uuid(), {"aud": "account-d.docusign.com", "scope": "signature impersonation"}),
  "account-d.docusign.com/oauth/token")
T("npm-config-set-authtoken",
  "npm config set //registry.npmjs.org/:_authToken ⟦S⟧ && npm publish --access restricted",
  _npm, "npm publish --access restricted")
T("pip-install-private-index",
  "pip install --index-url https://⟦user⟧:⟦S⟧@⟦host⟧/repository/pypi-internal/simple/ bim-ifc-tools==⟦ver⟧",
  _pwu, "bim-ifc-tools==⟦ver⟧")
T("twine-upload-token",
  "twine upload --repository pypi -u __token__ -p ⟦S⟧ dist/ntrip_tools-⟦ver⟧*",
  _pypi, "twine upload --repository pypi")
T("curl-trimble-connect-projects",
  "curl -s \"https://app21.connect.trimble.com/tc/api/2.0/projects?fullyLoaded=false\" -H \"Authorization: Bearer ⟦S⟧\" | jq length",
  lambda: _jwt("https://id.trimble.com", {"azp": _uuid(), "scope": "openid connect"}),
  "app21.connect.trimble.com/tc/api/2.0/projects")
T("curl-itwin-client-credentials",
  "curl -s -X POST https://ims.bentley.com/connect/token \\\n  -d client_id=service-⟦an:30⟧ \\\n  -d client_secret=⟦S⟧ \\\n  -d grant_type=client_credentials -d scope=itwin-platform",
  _itwin_secret, "ims.bentley.com/connect/token")
T("7z-archive-password",
  "7z a -t7z -p⟦S⟧ -mhe=on bid_package_⟦pcode⟧.7z ./bids/⟦pcode⟧/",
  _pwu, "bid_package_⟦pcode⟧.7z")
T("zip-uppercase-p-handover",
  "zip -P '⟦S⟧' -r handover_⟦pcode⟧.zip O_and_M_manuals/ as-builts/",
  _pw, "handover_⟦pcode⟧.zip")
T("gpg-loopback-passphrase",
  "gpg --batch --yes --pinentry-mode loopback --passphrase '⟦S⟧' -o pricing.xlsx -d tenders/⟦pcode⟧_pricing.xlsx.gpg",
  _pwq, "tenders/⟦pcode⟧_pricing.xlsx.gpg")
T("curl-session-cookie-nvr",
  "curl -s -b \"PHPSESSID=⟦S⟧\" \"https://⟦host⟧/nvr/api/export?cam=⟦n⟧&from=⟦date⟧T06:00&to=⟦date⟧T18:00\" -o export.mp4",
  lambda: _lan(26), "/nvr/api/export")
T("nmcli-wifi-connect",
  "nmcli dev wifi connect \"SiteOffice-⟦site⟧\" password \"⟦S⟧\" ifname wlan0",
  _pwq, "SiteOffice-⟦site⟧")
T("sed-replace-env-password",
  "sed -i 's/^DB_PASSWORD=.*/DB_PASSWORD=⟦S⟧/' /opt/fieldapp/.env && docker compose up -d api",
  lambda: _pw_e(_AN + "-_.%+"), "/opt/fieldapp/.env")
T("ssh-keygen-new-passphrase",
  "ssh-keygen -t ed25519 -N '⟦S⟧' -f ~/.ssh/survey_rover -C rover@⟦host⟧",
  _pwq, "-f ~/.ssh/survey_rover")
T("azcopy-sas-upload",
  "azcopy copy ./orthos \"https://⟦coflat⟧drone.blob.core.windows.net/orthos?sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2025-09-30T17:00:00Z&st=2025-09-01T08:00:00Z&spr=https&sig=⟦S⟧\" --recursive",
  _az_sig, "blob.core.windows.net/orthos")
T("curl-presigned-s3-download",
  "curl -o \"⟦file⟧\" \"https://⟦bucket⟧.s3.⟦region⟧.amazonaws.com/⟦pcode⟧/⟦file⟧?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=⟦K⟧%2F20250611%2F⟦region⟧%2Fs3%2Faws4_request&X-Amz-Date=20250611T091500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=⟦S⟧\"",
  _x_amz_sig, "⟦bucket⟧.s3.⟦region⟧.amazonaws.com", der=lambda c: c.__setitem__("K", _akid()))
T("heredoc-netrc-write",
  "cat > ~/.netrc <<'EOF'\nmachine ⟦host⟧\n  login ⟦user⟧\n  password ⟦S⟧\nEOF\nchmod 600 ~/.netrc",
  _pw, "machine ⟦host⟧")
T("curl-basic-header-ntrip-sourcetable",
  "curl -s -H 'Ntrip-Version: Ntrip/2.0' -H 'User-Agent: NTRIP curl/1.0' -H 'Authorization: Basic ⟦B⟧' http://⟦caster⟧:2101/ | grep ^STR | cut -d';' -f2 | head",
  _pwu, "http://⟦caster⟧:2101/", der=_bas(), key="B")
T("sqlplus-user-slash-password",
  "sqlplus ⟦user⟧/⟦S⟧@//⟦host⟧:1521/PRJCTL @reports/cost_to_complete.sql",
  lambda: _pw_e(_AN + "_#"), "@//⟦host⟧:1521/PRJCTL")

# ===========================================================================
# group: tool-output -- what came back from commands the agent ran
# ===========================================================================
_group("tool-output")
T("env-sort-dump",
  "$ env | sort | grep -v ^LS_COLORS\nHOME=/home/⟦user⟧\nLANG=en_GB.UTF-8\nNODE_ENV=production\nPATH=/usr/local/bin:/usr/bin:/bin\nPROCORE_CLIENT_ID=⟦hex:64⟧\nPROCORE_CLIENT_SECRET=⟦S⟧\nPROCORE_COMPANY_ID=⟦dig:6⟧\nTZ=Europe/London",
  _procore_secret, "PROCORE_COMPANY_ID=⟦dig:6⟧")
T("printenv-single-var",
  "$ printenv DRONEDEPLOY_API_KEY\n⟦S⟧\n$ printenv DRONEDEPLOY_PLAN\n⟦hex:24⟧",
  _dd_key, "printenv DRONEDEPLOY_API_KEY")
T("cat-dotenv-output",
  "$ cat .env\nAPS_CLIENT_ID=⟦an:32⟧\nAPS_CLIENT_SECRET=⟦S⟧\nAPS_BUCKET=⟦bucket⟧\nAPS_CALLBACK_URL=http://localhost:8080/api/auth/callback\nPORT=8080",
  _aps_secret, "APS_BUCKET=⟦bucket⟧")
T("kubectl-get-secret-yaml-data",
  "$ kubectl -n ⟦ns⟧ get secret ntrip-creds -o yaml\napiVersion: v1\ndata:\n  password: ⟦B⟧\n  username: ⟦U⟧\nkind: Secret\nmetadata:\n  name: ntrip-creds\n  namespace: ⟦ns⟧\ntype: Opaque",
  _pw, "name: ntrip-creds",
  der=lambda c: (c.__setitem__("B", _b64s(c["S"])), c.__setitem__("U", _b64s(c["user"]))), key="B")
T("kubectl-jsonpath-base64-decode",
  "$ kubectl -n ⟦ns⟧ get secret aps-oauth -o jsonpath='{.data.client_secret}' | base64 -d\n⟦S⟧",
  _aps_secret, "get secret aps-oauth")
T("docker-inspect-env-array",
  "$ docker inspect aconex-sync --format '{{json .Config.Env}}' | jq .\n[\n  \"ACONEX_USER=⟦user⟧\",\n  \"ACONEX_PASSWORD=⟦S⟧\",\n  \"ACONEX_HOST=⟦domain⟧\",\n  \"TZ=Australia/Brisbane\"\n]",
  _pw, "ACONEX_USER=⟦user⟧")
T("git-config-list-remote-token",
  "$ git config --list --show-origin | grep url\nfile:.git/config\tremote.origin.url=https://x-access-token:⟦S⟧@github.com/⟦org⟧/bim-qa-bot.git\nfile:.git/config\tremote.upstream.url=git@github.com:⟦org⟧/bim-qa-bot.git",
  _ghs, "remote.upstream.url=git@github.com:⟦org⟧/bim-qa-bot.git")
T("cat-netrc-output",
  "$ cat ~/.netrc\nmachine ⟦host⟧ login ⟦user⟧ password ⟦S⟧\nmachine api.⟦domain⟧ login deploy password $DEPLOY_TOKEN",
  _pw, "machine ⟦host⟧ login ⟦user⟧")
T("cat-pgpass-output",
  "$ cat ~/.pgpass\n# hostname:port:database:username:password\n⟦host⟧:5432:⟦db⟧:⟦user⟧:⟦S⟧\n*:*:*:postgres:*",
  lambda: _pw_e(_AN + "!#%*+-_=?^~."), "⟦host⟧:5432:⟦db⟧:⟦user⟧")
T("cat-docker-config-auths",
  "$ cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"⟦host⟧\": {\n\t\t\t\"auth\": \"⟦B⟧\"\n\t\t}\n\t},\n\t\"credsStore\": \"\"\n}",
  _pw, "\"⟦host⟧\"", der=_bas(), key="B")
T("aws-sts-session-token-json",
  "$ aws sts get-session-token --serial-number arn:aws:iam::⟦dig:12⟧:mfa/⟦user⟧ --token-code ⟦dig:6⟧\n{\n    \"Credentials\": {\n        \"AccessKeyId\": \"ASIA⟦b32:16⟧\",\n        \"SecretAccessKey\": \"⟦S⟧\",\n        \"SessionToken\": \"IQoJb3JpZ2luX2VjE...<truncated by agent>\",\n        \"Expiration\": \"⟦ts⟧\"\n    }\n}",
  _aws_sk, "mfa/⟦user⟧")
T("vault-kv-get-table",
  "$ vault kv get secret/ntrip/⟦site⟧\n====== Secret Path ======\nsecret/data/ntrip/⟦site⟧\n\n======= Metadata =======\nKey              Value\n---              -----\ncreated_time     ⟦ts⟧\nversion          ⟦n⟧\n\n====== Data ======\nKey         Value\n---         -----\nmountpoint  ⟦mount⟧\npassword    ⟦S⟧\nusername    ⟦user⟧",
  _pw, "secret/data/ntrip/⟦site⟧")
T("terraform-output-json-sensitive",
  "$ terraform output -json\n{\n  \"db_admin_password\": {\n    \"sensitive\": true,\n    \"type\": \"string\",\n    \"value\": \"⟦S⟧\"\n  },\n  \"db_endpoint\": {\n    \"sensitive\": false,\n    \"type\": \"string\",\n    \"value\": \"⟦db⟧.⟦lan:12⟧.⟦region⟧.rds.amazonaws.com\"\n  }\n}",
  _pw_e, "\"db_endpoint\"")
T("az-ad-sp-create-for-rbac-output",
  "$ az ad sp create-for-rbac --name sp-bim-export --role Contributor --scopes /subscriptions/⟦uuid⟧/resourceGroups/rg-bim\n{\n  \"appId\": \"⟦uuid2⟧\",\n  \"displayName\": \"sp-bim-export\",\n  \"password\": \"⟦S⟧\",\n  \"tenant\": \"⟦uuid3⟧\"\n}",
  _az_cs, "\"displayName\": \"sp-bim-export\"")
T("heroku-config-output",
  "$ heroku config -a site-diary-api\n=== site-diary-api Config Vars\nDATABASE_URL:      postgres://⟦lan:14⟧:⟦S⟧@⟦ec2⟧.compute-1.amazonaws.com:5432/⟦lan:14:b⟧\nLOG_LEVEL:         info\nWEB_CONCURRENCY:   2",
  lambda: _hex(64), "=== site-diary-api Config Vars")
T("curl-aps-token-response",
  "$ curl -s -X POST https://developer.api.autodesk.com/authentication/v2/token -u \"$APS_CLIENT_ID:$APS_CLIENT_SECRET\" -d grant_type=client_credentials -d scope=data:read\n{\"access_token\":\"⟦S⟧\",\"token_type\":\"Bearer\",\"expires_in\":3599}",
  _aps_jwt, "\"token_type\":\"Bearer\"")
T("procore-oauth-response-body",
  "HTTP/1.1 200 OK\ncontent-type: application/json; charset=utf-8\n\n{\"access_token\":\"⟦S⟧\",\"token_type\":\"Bearer\",\"expires_in\":5400,\"refresh_token\":\"<stored in keyring>\",\"created_at\":⟦dig:10⟧}",
  lambda: "eyJhbGciOiJFUzUxMiJ9." + _b64u(180) + "." + _b64u(132), "\"expires_in\":5400")
T("curl-include-set-cookie",
  "$ curl -si -X POST https://⟦host⟧/login -d 'username=⟦user⟧&password=%2A%2A%2A' | head -8\nHTTP/2 302\nlocation: /dashboard\nset-cookie: fieldapp_session=⟦S⟧; Path=/; Secure; HttpOnly; SameSite=Lax\ncontent-length: 0",
  _cookie_sess, "location: /dashboard")
T("curl-verbose-basic-header",
  "$ curl -v -u \"$AEMP_USER:$AEMP_PASS\" https://⟦host⟧/aemp/Fleet/1 2>&1 | grep '^>'\n> GET /aemp/Fleet/1 HTTP/2\n> Host: ⟦host⟧\n> authorization: Basic ⟦B⟧\n> user-agent: curl/8.5.0\n> accept: */*",
  _pw, "> Host: ⟦host⟧", der=_bas(), key="B")
T("cat-npmrc-output",
  "$ cat ~/.npmrc\n@⟦org⟧:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=⟦S⟧\nfund=false",
  lambda: ch([_ghp(), _npm()]), "@⟦org⟧:registry=https://npm.pkg.github.com")
T("gcloud-print-access-token",
  "$ gcloud auth print-access-token --impersonate-service-account=pointcloud-etl@⟦co⟧-survey.iam.gserviceaccount.com\nWARNING: This command is using service account impersonation.\n⟦S⟧",
  _ya29, "pointcloud-etl@⟦co⟧-survey.iam.gserviceaccount.com")
T("sqlcmd-select-config-table",
  "$ sqlcmd -S ⟦host⟧ -d ⟦db⟧ -Q \"select Name, Value from dbo.IntegrationSettings\"\nName                         Value\n---------------------------- ----------------------------------------\nProcoreBaseUrl               https://api.procore.com\nProcoreClientSecret          ⟦S⟧\nSyncIntervalMinutes          15\n\n(3 rows affected)",
  _procore_secret, "ProcoreBaseUrl")
T("mysql-legacy-cleartext-users",
  "mysql> SELECT login, pass, role FROM caster_users WHERE active = 1 LIMIT 3;\n+-------------+------------------+--------+\n| login       | pass             | role   |\n+-------------+------------------+--------+\n| ⟦user⟧ | ⟦S⟧ | rover  |\n+-------------+------------------+--------+\n1 row in set (0.00 sec)",
  _pw, "caster_users")
T("grep-recursive-password-hit",
  "$ grep -rn -i 'password' config/ --include=*.ini\nconfig/legacy/site.ini:12:db_password = ⟦S⟧\nconfig/legacy/site.ini:13:; password_expiry_days = 90",
  _pw, "config/legacy/site.ini")
T("ansible-vault-view-output",
  "$ ansible-vault view group_vars/survey/vault.yml\nVault password:\nvault_ntrip_user: ⟦user⟧\nvault_ntrip_password: ⟦S⟧\nvault_ntrip_mount: ⟦mount⟧",
  _pw, "vault_ntrip_user: ⟦user⟧")
T("sops-decrypt-yaml-output",
  "$ sops -d deploy/secrets.enc.yaml\ntrackunit:\n    api_token: ⟦S⟧\n    account_id: \"⟦dig:7⟧\"\nsops_version: 3.8.1",
  lambda: _an(40), "account_id: \"⟦dig:7⟧\"")
T("kubectl-get-configmap-token",
  "$ kubectl -n ⟦ns⟧ get cm verkada-bridge -o yaml | grep -A4 '^data'\ndata:\n  VERKADA_API_KEY: ⟦S⟧\n  VERKADA_ORG_ID: ⟦uuid⟧\n  POLL_SECONDS: \"30\"",
  lambda: "vkd_api_" + _an(40), "VERKADA_ORG_ID: ⟦uuid⟧")
T("docker-compose-config-resolved",
  "$ docker compose config | sed -n '/environment/,/image/p'\n    environment:\n      POSTGRES_DB: ⟦db⟧\n      POSTGRES_PASSWORD: ⟦S⟧\n      POSTGRES_USER: ⟦user⟧\n    image: postgres:16-alpine",
  _pw_e, "POSTGRES_USER: ⟦user⟧")
T("systemctl-show-environment",
  "$ systemctl show trackunit-poller -p Environment\nEnvironment=TRACKUNIT_TOKEN=⟦S⟧ NODE_ENV=production POLL_INTERVAL=60",
  lambda: _an(40), "systemctl show trackunit-poller")
T("ps-aux-leaked-cmdline",
  "$ ps aux | grep [s]tr2str\nroot      ⟦pid⟧  0.3  0.1  88412  5120 ?  Ssl  06:01   0:42 /usr/local/bin/str2str -in ntrip://⟦user⟧:⟦S⟧@⟦caster⟧:2101/⟦mount⟧ -out tcpsvr://:2102",
  _pwu, "/usr/local/bin/str2str")
T("bash-history-output",
  "$ history | tail -4\n  509  cd /opt/revit-sync\n  510  mysql -u root -p⟦S⟧ revit_audit < dump.sql\n  511  ls -la\n  512  history | tail -4",
  _pw, "cd /opt/revit-sync")
T("cat-wpa-supplicant-conf",
  "$ sudo cat /etc/wpa_supplicant/wpa_supplicant.conf\nctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\ncountry=GB\nnetwork={\n    ssid=\"⟦co⟧-site-⟦site⟧\"\n    psk=\"⟦S⟧\"\n    key_mgmt=WPA-PSK\n}",
  _pwq, "ssid=\"⟦co⟧-site-⟦site⟧\"")
T("axis-param-cgi-list",
  "$ curl -s --digest -u root:\"$CAM_PASS\" 'http://⟦ip⟧/axis-cgi/param.cgi?action=list&group=root.Network.FTP'\nroot.Network.FTP.Enabled=yes\nroot.Network.FTP.Server=⟦host⟧\nroot.Network.FTP.User=⟦user⟧\nroot.Network.FTP.Password=⟦S⟧",
  _pw, "root.Network.FTP.Server=⟦host⟧")
T("jq-credentials-json-output",
  "$ jq . ~/.config/procore-cli/credentials.json\n{\n  \"company_id\": ⟦dig:6⟧,\n  \"client_id\": \"⟦hex:64⟧\",\n  \"client_secret\": \"⟦S⟧\",\n  \"env\": \"sandbox\"\n}",
  _procore_secret, "\"env\": \"sandbox\"")
T("gh-auth-token-output",
  "$ gh auth token\n⟦S⟧\n$ gh api user --jq .login\n⟦user⟧",
  _gho, "gh api user --jq .login")
T("aws-secretsmanager-secretstring",
  "$ aws secretsmanager get-secret-value --secret-id prod/vista/sql --query SecretString --output text\n{\"username\":\"⟦user⟧\",\"password\":\"⟦S⟧\",\"host\":\"⟦host⟧\",\"port\":1433}",
  _pw_e, "--secret-id prod/vista/sql")
T("az-keyvault-secret-show",
  "$ az keyvault secret show --vault-name kv-⟦co⟧-prod --name docusign-secret-key\n{\n  \"attributes\": {\"enabled\": true, \"expires\": null},\n  \"id\": \"https://kv-⟦co⟧-prod.vault.azure.net/secrets/docusign-secret-key/⟦hex:32⟧\",\n  \"name\": \"docusign-secret-key\",\n  \"value\": \"⟦S⟧\"\n}",
  _uuid, "--name docusign-secret-key")
T("gcloud-secrets-access-output",
  "$ gcloud secrets versions access latest --secret=cesium-ion-token\n⟦S⟧",
  _cesium_jwt, "--secret=cesium-ion-token")
T("python-repl-settings-echo",
  ">>> from fieldsync import settings\n>>> settings.TRIMBLE_CLIENT_ID\n'⟦uuid⟧'\n>>> settings.TRIMBLE_CLIENT_SECRET\n'⟦S⟧'",
  _trimble_secret, "settings.TRIMBLE_CLIENT_ID")
T("node-repl-process-env",
  "> process.env.CESIUM_ION_TOKEN\n'⟦S⟧'\n> process.env.CESIUM_ASSET_ID\n'⟦dig:6⟧'",
  _cesium_jwt, "process.env.CESIUM_ASSET_ID")
T("dotnet-user-secrets-list",
  "$ dotnet user-secrets list --project src/RevitCloudSync\nProcore:CompanyId = ⟦dig:6⟧\nProcore:ClientSecret = ⟦S⟧\nAps:Region = EMEA",
  _procore_secret, "dotnet user-secrets list")
T("git-diff-added-secret-line",
  "$ git diff HEAD~1 -- appsettings.json\n@@ -12,7 +12,7 @@\n   \"Aps\": {\n     \"ClientId\": \"⟦an:32⟧\",\n-    \"ClientSecret\": \"\",\n+    \"ClientSecret\": \"⟦S⟧\",\n     \"Bucket\": \"⟦bucket⟧\"",
  _aps_secret, "\"Bucket\": \"⟦bucket⟧\"")
T("git-show-removed-secret",
  "$ git show ⟦sha⟧ -- .env.staging\ncommit ⟦sha⟧\nAuthor: ⟦person⟧ <⟦email⟧>\n\n    remove hardcoded key (rotated)\n\n-DRONEDEPLOY_API_KEY=⟦S⟧\n+DRONEDEPLOY_API_KEY=",
  _dd_key, "remove hardcoded key (rotated)")
T("cat-aws-credentials-output",
  "$ cat ~/.aws/credentials\n[default]\naws_access_key_id = ⟦K⟧\naws_secret_access_key = ⟦S⟧\n\n[survey-archive]\nsource_profile = default\nrole_arn = arn:aws:iam::⟦dig:12⟧:role/SurveyArchive",
  _aws_sk, "[survey-archive]", der=lambda c: c.__setitem__("K", _akid()))
T("cat-rclone-conf-output",
  "$ cat ~/.config/rclone/rclone.conf\n[egnyte]\ntype = webdav\nurl = https://⟦co⟧.egnyte.com/webdav\nvendor = other\nuser = ⟦user⟧\npass = ⟦S⟧",
  lambda: _b64u(ch([30, 36, 42])), "url = https://⟦co⟧.egnyte.com/webdav")
T("cat-chap-secrets-router",
  "$ sudo cat /etc/ppp/chap-secrets\n# client\tserver\tsecret\t\t\tIP addresses\n\"⟦user⟧\"\t*\t\"⟦S⟧\"\t*",
  _pw, "/etc/ppp/chap-secrets")
T("macos-keychain-find-password",
  "$ security find-generic-password -a ⟦user⟧ -s 'Trimble Business Center licence' -w\n⟦S⟧",
  _pw, "-s 'Trimble Business Center licence'")
T("secret-tool-lookup-output",
  "$ secret-tool lookup service bluebeam-studio user ⟦email⟧\n⟦S⟧",
  _pw, "service bluebeam-studio")
T("netsh-wlan-key-clear",
  "PS> netsh wlan show profile name=\"⟦co⟧-Site-⟦site⟧\" key=clear | Select-String 'SSID name','Key Content'\n    SSID name              : \"⟦co⟧-Site-⟦site⟧\"\n    Key Content            : ⟦S⟧",
  _pwq, "SSID name")
T("cat-private-key-rsa-output",
  "$ cat deploy/keys/rover_rsa\n⟦PEM⟧",
  None, "deploy/keys/rover_rsa", der=_pemder("rsa1k"))
T("openssl-pkey-dump-output",
  "$ openssl pkey -in esign/docusign_private.pem\n⟦PEM⟧",
  None, "openssl pkey -in esign/docusign_private.pem", der=_pemder("pkcs8"))
T("strings-grep-embedded-key",
  "$ strings SiteCamUploader.exe | grep -i -E 'apikey|secret' | head -3\nApiKeyHeader=X-OxCam-Key\nApiKey=⟦S⟧\nSecretStoragePath=%APPDATA%\\SiteCam\\cache",
  lambda: _an(32), "SiteCamUploader.exe")
T("curl-verbose-ntrip-basic",
  "$ curl -v -H 'Ntrip-Version: Ntrip/2.0' http://⟦caster⟧:2101/⟦mount⟧ -u ⟦user⟧ -o /dev/null 2>&1 | head\n> GET /⟦mount⟧ HTTP/1.1\n> Host: ⟦caster⟧:2101\n> Authorization: Basic ⟦B⟧\n> Ntrip-Version: Ntrip/2.0\n< HTTP/1.1 200 OK",
  _pwu, "> Host: ⟦caster⟧:2101", der=_bas(), key="B")
T("har-entry-authorization-header",
  "\"request\": {\n  \"method\": \"GET\",\n  \"url\": \"https://api.procore.com/rest/v1.0/projects?company_id=⟦dig:6⟧\",\n  \"headers\": [\n    {\"name\": \"Authorization\", \"value\": \"Bearer ⟦S⟧\"},\n    {\"name\": \"Procore-Company-Id\", \"value\": \"⟦dig:6⟧\"}\n  ]\n}",
  lambda: "eyJhbGciOiJFUzUxMiJ9." + _b64u(150) + "." + _b64u(132), "\"Procore-Company-Id\"")
T("helm-get-values-output",
  "$ helm get values fieldapp -n ⟦ns⟧\nUSER-SUPPLIED VALUES:\nimage:\n  tag: ⟦ver⟧\npostgresql:\n  auth:\n    password: ⟦S⟧\n    username: ⟦user⟧",
  _pw_e, "helm get values fieldapp")
T("terraform-state-pull-jq",
  "$ terraform state pull | jq '.resources[] | select(.type==\"random_password\") | .instances[0].attributes.result'\n\"⟦S⟧\"",
  lambda: _pw_e(_AN + "!#%&*()-_=+[]{}<>:?"), "random_password")
T("pulumi-show-secrets",
  "$ pulumi stack output --show-secrets\nCurrent stack outputs (3):\n    OUTPUT            VALUE\n    apiUrl            https://api.⟦domain⟧\n    dbPassword        ⟦S⟧\n    bucketName        ⟦bucket⟧",
  _pw_e, "apiUrl            https://api.⟦domain⟧")
T("sqlite3-select-tokens",
  "$ sqlite3 ~/.local/share/sitecam/state.db 'select id, vendor, token, expires from tokens;'\n1|earthcam|⟦S⟧|⟦ts⟧\n2|oxblue|(revoked)|",
  lambda: _hex(48), "sitecam/state.db")
T("redis-get-session-json",
  "⟦host⟧:6379> GET sess:⟦hex:24⟧\n\"{\\\"user\\\":\\\"⟦user⟧\\\",\\\"aps_token\\\":\\\"⟦S⟧\\\",\\\"hub\\\":\\\"b.⟦uuid⟧\\\"}\"",
  _aps_jwt, "GET sess:⟦hex:24⟧")
T("jupyter-cell-output-dict",
  "In [7]: cfg\nOut[7]:\n{'server': '⟦caster⟧',\n 'port': 2101,\n 'mountpoint': '⟦mount⟧',\n 'user': '⟦user⟧',\n 'password': '⟦S⟧'}",
  _pw, "'mountpoint': '⟦mount⟧'")
T("systemctl-cat-unit-environment",
  "$ systemctl cat revit-sync.service\n# /etc/systemd/system/revit-sync.service\n[Service]\nEnvironment=\"APS_CLIENT_ID=⟦an:32⟧\"\nEnvironment=\"APS_CLIENT_SECRET=⟦S⟧\"\nExecStart=/opt/revit-sync/bin/sync --interval 300",
  _aps_secret, "/etc/systemd/system/revit-sync.service")
T("crontab-list-password-flag",
  "$ crontab -l\n# m h dom mon dow command\n15 2 * * * /opt/backup/pgdump.sh --host ⟦host⟧ --user backup --password=⟦S⟧ >> /var/log/pgdump.log 2>&1",
  _pwu, "/opt/backup/pgdump.sh --host ⟦host⟧")
T("docker-exec-env-grep",
  "$ docker exec ntrip-bridge env | grep -i ntrip\nNTRIP_HOST=⟦caster⟧\nNTRIP_PORT=2101\nNTRIP_USER=⟦user⟧\nNTRIP_PASS=⟦S⟧",
  _pw, "NTRIP_HOST=⟦caster⟧")
T("cat-dev-vars-matterport",
  "$ cat .dev.vars\nMATTERPORT_TOKEN_ID=⟦hex:24⟧\nMATTERPORT_TOKEN_SECRET=⟦S⟧",
  lambda: _hex(32), "cat .dev.vars")
T("mc-alias-list-minio",
  "$ mc alias list site-minio\nsite-minio\n  URL       : http://⟦ip⟧:9000\n  AccessKey : survey-ingest\n  SecretKey : ⟦S⟧\n  API       : s3v4\n  Path      : auto",
  lambda: _an(40), "URL       : http://⟦ip⟧:9000")

# ===========================================================================
# group: config-file -- excerpts of files the agent opened
# ===========================================================================
_group("config-file")
T("dotenv-double-quoted",
  "# .env (procore-sync)\nPROCORE_ENV=production\nPROCORE_CLIENT_ID=\"⟦hex:64⟧\"\nPROCORE_CLIENT_SECRET=\"⟦S⟧\"\nPROCORE_REDIRECT_URI=\"urn:ietf:wg:oauth:2.0:oob\"",
  _procore_secret, "PROCORE_ENV=production")
T("dotenv-export-prefix",
  "# source me: . ./env.sh\nexport NTRIP_CASTER=⟦caster⟧\nexport NTRIP_MOUNT=⟦mount⟧\nexport NTRIP_USER=⟦user⟧\nexport NTRIP_PASS=⟦S⟧",
  _pw, "export NTRIP_CASTER=⟦caster⟧")
T("yaml-nested-database-password",
  "# config/production.yml\ndatabase:\n  host: ⟦host⟧\n  port: 5432\n  name: ⟦db⟧\n  user: ⟦user⟧\n  password: \"⟦S⟧\"\n  pool: 10",
  _pw, "host: ⟦host⟧")
T("yaml-ntrip-casters-list",
  "gnss:\n  receiver: /dev/ttyUSB0\n  casters:\n    - name: primary\n      host: ⟦caster⟧\n      port: 2101\n      mountpoint: ⟦mount⟧\n      username: ⟦user⟧\n      password: ⟦S⟧\n    - name: fallback\n      host: ⟦caster2⟧\n      mountpoint: NEAREST\n      password_env: NTRIP_FALLBACK_PASS",
  _pwu, "mountpoint: ⟦mount⟧")
T("toml-section-secret",
  "[dronedeploy]\nbase_url = \"https://www.dronedeploy.com/api/v2\"\napi_key = \"⟦S⟧\"\nplan_ids = [\"⟦hex:24⟧\", \"⟦hex:24:b⟧\"]\n\n[export]\nlayers = [\"orthomosaic\", \"dsm\"]",
  _dd_key, "base_url = \"https://www.dronedeploy.com/api/v2\"")
T("odbc-ini-dsn-password",
  "[VistaReporting]\nDriver      = ODBC Driver 18 for SQL Server\nServer      = tcp:⟦host⟧,1433\nDatabase    = Viewpoint\nUID         = ⟦user⟧\nPWD         = ⟦S⟧\nEncrypt     = yes\nTrustServerCertificate = yes",
  _pw, "[VistaReporting]")
T("web-config-connection-string",
  "<connectionStrings>\n  <add name=\"EstimatingDb\"\n       connectionString=\"Data Source=⟦host⟧\\SQLEXPRESS;Initial Catalog=⟦db⟧;User ID=⟦user⟧;Password=⟦S⟧;MultipleActiveResultSets=True\"\n       providerName=\"System.Data.SqlClient\" />\n</connectionStrings>",
  _pw, "name=\"EstimatingDb\"")
T("maven-settings-server-password",
  "<servers>\n  <server>\n    <id>⟦co⟧-releases</id>\n    <username>⟦user⟧</username>\n    <password>⟦S⟧</password>\n  </server>\n</servers>",
  _pw_e, "<id>⟦co⟧-releases</id>")
T("appsettings-json-client-secret",
  "{\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } },\n  \"Aps\": {\n    \"ClientId\": \"⟦an:32⟧\",\n    \"ClientSecret\": \"⟦S⟧\",\n    \"CallbackUrl\": \"https://⟦host⟧/signin-aps\"\n  }\n}",
  _aps_secret, "\"CallbackUrl\": \"https://⟦host⟧/signin-aps\"")
T("spring-properties-datasource",
  "# application-prod.properties\nspring.datasource.url=jdbc:postgresql://⟦host⟧:5432/⟦db⟧\nspring.datasource.username=⟦user⟧\nspring.datasource.password=⟦S⟧\nspring.jpa.hibernate.ddl-auto=validate",
  _pw, "spring.datasource.username=⟦user⟧")
T("terraform-tfvars-password",
  "# prod.auto.tfvars\nregion            = \"⟦region⟧\"\ndb_instance_class = \"db.t4g.medium\"\ndb_username       = \"⟦user⟧\"\ndb_password       = \"⟦S⟧\"\nsite_cidr         = \"⟦ip⟧/32\"",
  _pw, "db_instance_class = \"db.t4g.medium\"")
T("pgpass-file-content",
  "# ~/.pgpass  (chmod 0600)\n⟦host⟧:5432:*:⟦user⟧:⟦S⟧\n# localhost uses peer auth, no entry needed",
  _pw, "⟦host⟧:5432:*:⟦user⟧")
T("netrc-multiline-file",
  "machine ⟦host⟧\nlogin ⟦user⟧\npassword ⟦S⟧\n\nmachine api.github.com\nlogin ⟦user2⟧\npassword ${GITHUB_TOKEN}",
  _pw, "machine ⟦host⟧")
T("npmrc-legacy-auth-base64",
  "registry=https://⟦host⟧/repository/npm-group/\nalways-auth=true\n_auth=⟦B⟧\nemail=⟦email⟧",
  _pw, "registry=https://⟦host⟧/repository/npm-group/", der=_bas(), key="B")
T("pip-conf-index-url-credentials",
  "[global]\ntimeout = 60\nindex-url = https://⟦user⟧:⟦S⟧@⟦host⟧/artifactory/api/pypi/pypi-virtual/simple\ntrusted-host = ⟦host⟧",
  _pwu, "trusted-host = ⟦host⟧")
T("pypirc-password",
  "[distutils]\nindex-servers =\n    internal\n\n[internal]\nrepository = https://⟦host⟧/pypi/\nusername = ⟦user⟧\npassword = ⟦S⟧",
  _pw, "repository = https://⟦host⟧/pypi/")
T("gradle-properties-repo-password",
  "org.gradle.jvmargs=-Xmx2g\nartifactoryUrl=https://⟦host⟧/artifactory\nartifactoryUser=⟦user⟧\nartifactoryPassword=⟦S⟧\nandroid.useAndroidX=true",
  lambda: "AKCp" + _an(69), "artifactoryUser=⟦user⟧")
T("rtklib-conf-ntrip-path",
  "# rtkrcv.conf (rover, ⟦site⟧)\ninpstr1-type       =serial\ninpstr1-path       =ttyACM0:115200:8:n:1:off\ninpstr2-type       =ntripcli\ninpstr2-path       =⟦user⟧:⟦S⟧@⟦caster⟧:2101/⟦mount⟧\ninpstr2-format     =rtcm3\npos1-posmode       =kinematic",
  _pwu, "inpstr2-type       =ntripcli")
T("ntripcaster-conf-encoder-password",
  "# ntripcaster.conf\nlocation ⟦city⟧ site office\nrp_email ⟦email⟧\nserver_url http://⟦caster⟧\nmax_clients 100\nencoder_password ⟦S⟧\nserver_name ⟦caster⟧\nport 2101",
  _pw, "server_name ⟦caster⟧")
T("ntrip-users-aut-file",
  "# users.aut  user:password  (one per line)\nrover01:⟦S⟧\n# groups.aut\nrovers:rover01",
  _pwu, "users.aut")
T("emlid-reach-corrections-json",
  "\"correction_input\": {\n  \"ntrip\": {\n    \"enabled\": true,\n    \"address\": \"⟦caster⟧\",\n    \"port\": 2101,\n    \"mount_point\": \"⟦mount⟧\",\n    \"username\": \"⟦user⟧\",\n    \"password\": \"⟦S⟧\",\n    \"send_position_to_base\": true\n  }\n}",
  _pw, "\"mount_point\": \"⟦mount⟧\"")
T("frigate-camera-rtsp-input",
  "cameras:\n  ⟦site⟧_gate:\n    ffmpeg:\n      inputs:\n        - path: rtsp://viewer:⟦S⟧@⟦ip⟧:554/cam/realmonitor?channel=1&subtype=0\n          roles: [record, detect]\n    detect:\n      width: 1280\n      height: 720",
  _pwu, "realmonitor?channel=1&subtype=0")
T("motion-conf-netcam-userpass",
  "# /etc/motion/camera-⟦site⟧.conf\ncamera_name ⟦cam⟧\nnetcam_url rtsp://⟦ip⟧:554/stream1\nnetcam_userpass admin:⟦S⟧\ntarget_dir /var/lib/motion/⟦site⟧\nsnapshot_interval 600",
  _pwu, "netcam_url rtsp://⟦ip⟧:554/stream1")
T("milestone-hardware-xml-credentials",
  "<Hardware name=\"⟦cam⟧\" address=\"http://⟦ip⟧/\" driver=\"ONVIF Conformant Device\">\n  <Credentials userName=\"onvif_rec\" password=\"⟦S⟧\" />\n  <Camera channel=\"0\" enabled=\"true\" />\n</Hardware>",
  _pw, "driver=\"ONVIF Conformant Device\"")
T("access-gateway-yaml-brivo",
  "access_control:\n  provider: brivo\n  account_id: ⟦dig:7⟧\n  api_key: ⟦K⟧\n  client_id: ⟦uuid⟧\n  client_secret: ⟦S⟧\n  doors:\n    - {id: ⟦dig:6⟧, name: \"⟦site⟧ turnstile 1\"}",
  lambda: _an(40), "provider: brivo", der=lambda c: c.__setitem__("K", _an(32)))
T("wpa-supplicant-network-block",
  "network={\n\tssid=\"⟦co⟧-Cabin\"\n\tpsk=\"⟦S⟧\"\n\tpriority=10\n}\nnetwork={\n\tssid=\"⟦co⟧-Guest\"\n\tkey_mgmt=NONE\n}",
  _pwq, "ssid=\"⟦co⟧-Guest\"")
T("hostapd-wpa-passphrase",
  "interface=wlan0\nssid=SITE-⟦site⟧-IOT\nhw_mode=g\nchannel=6\nwpa=2\nwpa_key_mgmt=WPA-PSK\nwpa_passphrase=⟦S⟧\nrsn_pairwise=CCMP",
  _pw, "ssid=SITE-⟦site⟧-IOT")
T("openvpn-auth-user-pass-file",
  "# /etc/openvpn/client/site-⟦site⟧.auth  (referenced by auth-user-pass)\n⟦user⟧\n⟦S⟧",
  _pw, "/etc/openvpn/client/site-⟦site⟧.auth")
T("wireguard-interface-private-key",
  "[Interface]\nAddress = 10.99.⟦n⟧.2/32\nPrivateKey = ⟦S⟧\nDNS = 10.99.0.1\n\n[Peer]\nPublicKey = ⟦PUB⟧\nEndpoint = ⟦pip⟧:51820\nAllowedIPs = 10.0.0.0/8",
  lambda: _b64(32), "Endpoint = ⟦pip⟧:51820", der=lambda c: c.__setitem__("PUB", _b64(32)))
T("ipsec-secrets-psk",
  "# /etc/ipsec.secrets - site cabin to HQ\n⟦pip⟧ %any : PSK \"⟦S⟧\"",
  lambda: _pw_e(_AN + "-_.+"), "/etc/ipsec.secrets")
T("wp-config-define-db-password",
  "define( 'DB_NAME', 'tenders_portal' );\ndefine( 'DB_USER', '⟦user⟧' );\ndefine( 'DB_PASSWORD', '⟦S⟧' );\ndefine( 'DB_HOST', '⟦host⟧' );",
  _pw, "define( 'DB_USER', '⟦user⟧' );")
T("docker-compose-environment-map",
  "services:\n  db:\n    image: mariadb:11\n    environment:\n      MARIADB_DATABASE: ⟦db⟧\n      MARIADB_USER: ⟦user⟧\n      MARIADB_PASSWORD: ⟦S⟧\n    volumes:\n      - dbdata:/var/lib/mysql",
  _pw_e, "MARIADB_USER: ⟦user⟧")
T("ansible-inventory-inline-password",
  "[site_gateways]\ngw-⟦site⟧ ansible_host=⟦ip⟧ ansible_user=⟦user⟧ ansible_password=⟦S⟧ ansible_become=true",
  _pwu, "gw-⟦site⟧ ansible_host=⟦ip⟧")
T("ansible-group-vars-plain",
  "# group_vars/cameras.yml\ncamera_admin_user: admin\ncamera_admin_password: \"⟦S⟧\"\ncamera_ntp_server: ⟦ip⟧\ncamera_timezone: Europe/Berlin",
  _pw, "camera_admin_user: admin")
T("odbc-file-dsn-pwd",
  "[ODBC]\nDRIVER=SQL Server\nUID=⟦user⟧\nPWD=⟦S⟧\nDATABASE=⟦db⟧\nWSID=ESTIMATOR-PC07\nAPP=Estimating Suite\nSERVER=⟦host⟧",
  _pw, "SERVER=⟦host⟧")
T("autodesk-vault-settings-xml",
  "<VaultSettings>\n  <Server>⟦host⟧</Server>\n  <Vault>⟦proj⟧</Vault>\n  <UserName>⟦user⟧</UserName>\n  <Password>⟦S⟧</Password>\n  <AutoLogin>true</AutoLogin>\n</VaultSettings>",
  _pw, "<Server>⟦host⟧</Server>")
T("procore-app-config-json",
  "{\n  \"procore\": {\n    \"base_url\": \"https://sandbox.procore.com\",\n    \"company_id\": ⟦dig:6⟧,\n    \"client_id\": \"⟦hex:64⟧\",\n    \"client_secret\": \"⟦S⟧\"\n  }\n}",
  _procore_secret, "\"base_url\": \"https://sandbox.procore.com\"")
T("trimble-sync-ini",
  "[TrimbleConnect]\nRegion=EU\nProjectId=⟦an:22⟧\nClientId=⟦uuid⟧\nClientSecret=⟦S⟧\nScopes=openid ⟦pcode⟧-sync\n\n[Logging]\nLevel=Info",
  _trimble_secret, "[TrimbleConnect]")
T("itwin-service-env",
  "# .env.local  (iTwin.js backend)\nIMJS_ITWIN_ID=⟦uuid⟧\nIMJS_IMODEL_ID=⟦uuid2⟧\nIMJS_SERVICE_CLIENT_ID=service-⟦an:30⟧\nIMJS_SERVICE_CLIENT_SECRET=⟦S⟧\nIMJS_AUTHORITY=https://ims.bentley.com",
  _itwin_secret, "IMJS_AUTHORITY=https://ims.bentley.com")
T("pix4d-engine-license-cfg",
  "; pix4d.cfg\n[license]\nemail = ⟦email⟧\nkey = ⟦S⟧\nfloating_server = ⟦host⟧:7777\n[processing]\ngpu = auto",
  _pix4d_key, "floating_server = ⟦host⟧:7777")
T("lmadmin-server-xml-user",
  "<server>\n  <webServer port=\"8090\" />\n  <users>\n    <user name=\"admin\" password=\"⟦S⟧\" role=\"administrator\" />\n  </users>\n  <license path=\"C:\\Licenses\\adsk_server.lic\" />\n</server>",
  _pw, "<webServer port=\"8090\" />")
T("estimating-suite-connection-config",
  "<appSettings>\n  <add key=\"LicenseServer\" value=\"⟦host⟧\" />\n  <add key=\"Database\" value=\"Server=⟦host2⟧;Database=⟦db⟧;Uid=⟦user⟧;Pwd=⟦S⟧;\" />\n</appSettings>",
  _pw, "key=\"LicenseServer\"")
T("geotab-ini-credentials",
  "[geotab]\nserver = my.geotab.com\ndatabase = ⟦co⟧\nusername = ⟦email⟧\npassword = ⟦S⟧\nfeeds = LogRecord,StatusData",
  _pw, "server = my.geotab.com")
T("aemp-poller-yaml-basic",
  "feeds:\n  - oem: cat\n    url: https://⟦host⟧/ISO15143/v2/Fleet/1\n    auth:\n      type: basic\n      username: ⟦user⟧\n      password: ⟦S⟧\n    interval: 15m",
  _pw, "url: https://⟦host⟧/ISO15143/v2/Fleet/1")
T("mosquitto-bridge-remote-password",
  "# /etc/mosquitto/conf.d/bridge.conf\nconnection site-to-cloud\naddress ⟦host⟧:8883\ntopic site/# out 1\nremote_username ⟦user⟧\nremote_password ⟦S⟧\nbridge_cafile /etc/mosquitto/certs/ca.crt",
  _pw, "connection site-to-cloud")
T("node-red-flows-cred-plain",
  "{\n  \"⟦hex:16⟧\": {\n    \"user\": \"⟦user⟧\",\n    \"password\": \"⟦S⟧\"\n  }\n}",
  _pw, "\"user\": \"⟦user⟧\"")
T("grafana-ini-admin-password",
  "[security]\nadmin_user = admin\nadmin_password = ⟦S⟧\ndisable_gravatar = true\n\n[server]\nroot_url = https://⟦host⟧/grafana/",
  _pw, "root_url = https://⟦host⟧/grafana/")
T("telegraf-influx-token",
  "[[outputs.influxdb_v2]]\n  urls = [\"http://⟦ip⟧:8086\"]\n  token = \"⟦S⟧\"\n  organization = \"⟦co⟧\"\n  bucket = \"site-sensors\"",
  lambda: _b64u(64) + "==", "bucket = \"site-sensors\"")
T("telegraf-mqtt-consumer-password",
  "[[inputs.mqtt_consumer]]\n  servers = [\"ssl://⟦host⟧:8883\"]\n  topics = [\"site/+/concrete/#\"]\n  username = \"⟦user⟧\"\n  password = \"⟦S⟧\"\n  data_format = \"json\"",
  _pw, "topics = [\"site/+/concrete/#\"]")
T("smtp-report-mailer-yaml",
  "mailer:\n  smtp_host: smtp.⟦domain⟧\n  smtp_port: 587\n  smtp_user: site-reports@⟦domain2⟧\n  smtp_password: '⟦S⟧'\n  from: \"Daily Site Report <site-reports@⟦domain2⟧>\"",
  _pw, "smtp_port: 587")
T("git-credentials-store-line",
  "# ~/.git-credentials\nhttps://⟦user⟧:⟦S⟧@github.com\nhttps://oauth2:${GITLAB_TOKEN}@gitlab.⟦domain⟧",
  _ghp, "~/.git-credentials")
T("spring-yaml-aconex-block",
  "aconex:\n  base-url: https://⟦citylow⟧.aconex.com/api\n  project-id: ⟦dig:10⟧\n  username: ⟦user⟧\n  password: ⟦S⟧\n  page-size: 250",
  _pw, "project-id: ⟦dig:10⟧")
T("kubeconfig-user-token",
  "users:\n- name: ci-deployer@⟦ns⟧\n  user:\n    token: ⟦S⟧\ncontexts:\n- context:\n    cluster: site-k3s\n    user: ci-deployer@⟦ns⟧",
  lambda: _jwt("kubernetes/serviceaccount", {"kubernetes.io/serviceaccount/namespace": "field-apps"}),
  "cluster: site-k3s")
T("s3cfg-secret-key",
  "[default]\naccess_key = ⟦K⟧\nsecret_key = ⟦S⟧\nhost_base = s3.⟦region⟧.amazonaws.com\nhost_bucket = %(bucket)s.s3.⟦region⟧.amazonaws.com\nuse_https = True",
  _aws_sk, "use_https = True", der=lambda c: c.__setitem__("K", _akid()))
T("aws-credentials-file-profile",
  "[pointcloud-etl]\naws_access_key_id     = ⟦K⟧\naws_secret_access_key = ⟦S⟧\nregion                = ⟦region⟧",
  _aws_sk, "[pointcloud-etl]", der=lambda c: c.__setitem__("K", _akid()))
T("cargo-credentials-toml",
  "# ~/.cargo/credentials.toml\n[registry]\ntoken = \"⟦S⟧\"\n\n[registries.⟦co⟧]\ntoken = \"Bearer ${CARGO_REGISTRIES_TOKEN}\"",
  lambda: "cio" + _an(32), "~/.cargo/credentials.toml")
T("filezilla-sitemanager-base64-pass",
  "<Server>\n  <Host>⟦host⟧</Host>\n  <Port>22</Port>\n  <Protocol>1</Protocol>\n  <User>⟦user⟧</User>\n  <Pass encoding=\"base64\">⟦B⟧</Pass>\n  <Name>Pix4D upload</Name>\n</Server>",
  _pw, "<Name>Pix4D upload</Name>", der=lambda c: c.__setitem__("B", _b64s(c["S"])), key="B")
T("vscode-sqltools-connection",
  "\"sqltools.connections\": [\n  {\n    \"name\": \"Telematics RO\",\n    \"driver\": \"PostgreSQL\",\n    \"server\": \"⟦host⟧\",\n    \"database\": \"⟦db⟧\",\n    \"username\": \"⟦user⟧\",\n    \"password\": \"⟦S⟧\"\n  }\n]",
  _pw, "\"name\": \"Telematics RO\"")
T("my-cnf-client-password",
  "# ~/.my.cnf\n[client]\nuser=⟦user⟧\npassword=\"⟦S⟧\"\nhost=⟦host⟧\n\n[mysqldump]\nsingle-transaction",
  _pw, "host=⟦host⟧")
T("flyway-conf-password",
  "flyway.url=jdbc:sqlserver://⟦host⟧:1433;databaseName=⟦db⟧;encrypt=true\nflyway.user=⟦user⟧\nflyway.password=⟦S⟧\nflyway.locations=filesystem:sql/migrations",
  _pw, "flyway.user=⟦user⟧")
T("alembic-ini-sqlalchemy-url",
  "[alembic]\nscript_location = migrations\nsqlalchemy.url = postgresql+psycopg2://⟦user⟧:⟦S⟧@⟦host⟧/⟦db⟧\n\n[loggers]\nkeys = root,sqlalchemy,alembic",
  _pwu, "script_location = migrations")
T("hibernate-cfg-connection-password",
  "<property name=\"connection.url\">jdbc:mysql://⟦host⟧:3306/⟦db⟧</property>\n<property name=\"connection.username\">⟦user⟧</property>\n<property name=\"connection.password\">⟦S⟧</property>\n<property name=\"dialect\">org.hibernate.dialect.MySQL8Dialect</property>",
  _pw, "connection.username\">⟦user⟧")
T("fstab-cifs-inline-password",
  "# /etc/fstab\nUUID=⟦uuid⟧  /  ext4  defaults  0 1\n//⟦host⟧/scans  /mnt/scans  cifs  username=⟦user⟧,password=⟦S⟧,iocharset=utf8,_netdev  0 0",
  _pwu, "//⟦host⟧/scans  /mnt/scans")
T("cifs-credentials-file",
  "# /root/.smbcred-projectwise\nusername=⟦user⟧\npassword=⟦S⟧\ndomain=CORP",
  _pw, "/root/.smbcred-projectwise")
T("revit-server-accelerator-ini-proxy",
  "; RSN.ini companion: proxy.ini for Revit Server Accelerator\n[Proxy]\nAddress=⟦ip⟧:3128\nUser=CORP\\⟦user⟧\nPassword=⟦S⟧\nBypass=*.⟦co⟧.local",
  _pw, "Address=⟦ip⟧:3128")
T("liquibase-properties-password",
  "changeLogFile: db/changelog/master.xml\nurl: jdbc:postgresql://⟦host⟧:5432/⟦db⟧\nusername: ⟦user⟧\npassword: ⟦S⟧\nliquibase.hub.mode: off",
  _pw, "changeLogFile: db/changelog/master.xml")

# ===========================================================================
# group: source-code -- code the agent read or wrote
# ===========================================================================
_group("source-code")
T("python-requests-auth-tuple",
  "resp = requests.get(\n    f\"https://{AEMP_HOST}/aemp/Fleet/{page}\",\n    auth=(\"⟦user⟧\", \"⟦S⟧\"),\n    timeout=30,\n)",
  _pw, "https://{AEMP_HOST}/aemp/Fleet/{page}")
T("python-headers-dict-bearer",
  "HEADERS = {\n    \"Authorization\": \"Bearer ⟦S⟧\",\n    \"Procore-Company-Id\": \"⟦dig:6⟧\",\n    \"Accept\": \"application/json\",\n}",
  lambda: "eyJhbGciOiJFUzUxMiJ9." + _b64u(120) + "." + _b64u(132), "\"Procore-Company-Id\": \"⟦dig:6⟧\"")
T("python-module-constant-key",
  "# dd_client.py\nDD_BASE = \"https://www.dronedeploy.com/api/v2\"\nDD_API_KEY = \"⟦S⟧\"  # TODO: move to env before merging\n\ndef plans():\n    return _get(\"/plans\", key=DD_API_KEY)",
  _dd_key, "DD_BASE = \"https://www.dronedeploy.com/api/v2\"")
T("dynamo-python-node-procore",
  "# Dynamo Python Script node: push sheet list to Procore\nimport clr, json, urllib2\ntoken = \"⟦S⟧\"\nreq = urllib2.Request(\"https://api.procore.com/rest/v1.0/projects/%s/drawing_uploads\" % IN[0])\nreq.add_header(\"Authorization\", \"Bearer \" + token)\nOUT = json.loads(urllib2.urlopen(req).read())",
  lambda: _b64u(48), "Dynamo Python Script node")
T("pyrevit-script-sql-connstr",
  "# pyRevit: export room data to estimating DB\nfrom pyrevit import revit, DB\nimport clr\nclr.AddReference('System.Data')\nfrom System.Data.SqlClient import SqlConnection\nconn = SqlConnection(\"Server=⟦host⟧;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧;\")\nconn.Open()",
  _pw, "from pyrevit import revit, DB")
T("csharp-revit-addin-const-secret",
  "namespace ⟦co⟧.RevitSync\n{\n    internal static class ApsConfig\n    {\n        public const string ClientId = \"⟦an:32⟧\";\n        private const string ClientSecret = \"⟦S⟧\";\n        public const string Scope = \"data:read data:write\";\n    }\n}",
  _aps_secret, "public const string Scope = \"data:read data:write\";")
T("csharp-sqlconnection-literal",
  "using var conn = new SqlConnection(\n    \"Server=tcp:⟦host⟧,1433;Initial Catalog=Viewpoint;Persist Security Info=False;User ID=⟦user⟧;Password=⟦S⟧;Encrypt=True;\");\nawait conn.OpenAsync();",
  _pw, "Initial Catalog=Viewpoint")
T("csharp-basic-auth-header-literal",
  "var client = new HttpClient { BaseAddress = new Uri(\"https://⟦host⟧/\") };\nclient.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue(\n    \"Basic\", Convert.ToBase64String(Encoding.ASCII.GetBytes(\"⟦user⟧:⟦S⟧\")));",
  _pw, "BaseAddress = new Uri(\"https://⟦host⟧/\")")
T("java-drivermanager-getconnection",
  "Connection conn = DriverManager.getConnection(\n        \"jdbc:sqlserver://⟦host⟧:1433;databaseName=⟦db⟧;encrypt=true\",\n        \"⟦user⟧\",\n        \"⟦S⟧\");",
  _pw, "databaseName=⟦db⟧")
T("java-spring-value-default",
  "@Value(\"${telematics.samsara.token:⟦S⟧}\")\nprivate String samsaraToken;\n\n@Value(\"${telematics.samsara.base-url:https://api.samsara.com}\")\nprivate String baseUrl;",
  _samsara, "telematics.samsara.base-url")
T("kotlin-const-val-api-key",
  "object KisiConfig {\n    const val BASE_URL = \"https://api.kisi.io/\"\n    const val API_KEY = \"⟦S⟧\"\n    const val PLACE_ID = ⟦dig:5⟧\n}",
  lambda: _hex(32), "const val BASE_URL = \"https://api.kisi.io/\"")
T("swift-let-api-key",
  "enum Secrets {\n    static let matterportTokenId = \"⟦hex:24⟧\"\n    static let matterportTokenSecret = \"⟦S⟧\"\n}\n// used by ScanUploader.swift",
  lambda: _hex(32), "ScanUploader.swift")
T("go-const-caster-password",
  "const (\n\tcasterHost = \"⟦caster⟧:2101\"\n\tcasterUser = \"⟦user⟧\"\n\tcasterPass = \"⟦S⟧\"\n\tmountPoint = \"⟦mount⟧\"\n)",
  _pw, "casterHost = \"⟦caster⟧:2101\"")
T("rust-bearer-auth-literal",
  "let client = reqwest::Client::new();\nlet res = client\n    .get(\"https://app.connect.trimble.com/tc/api/2.0/projects\")\n    .bearer_auth(\"⟦S⟧\")\n    .send()\n    .await?;",
  lambda: _jwt("https://id.trimble.com", {"azp": _uuid()}), ".get(\"https://app.connect.trimble.com/tc/api/2.0/projects\")")
T("js-fetch-authorization-header",
  "const res = await fetch(`https://api.samsara.com/fleet/vehicles/stats?types=engineStates`, {\n  headers: { Authorization: 'Bearer ⟦S⟧' },\n});",
  _samsara, "fleet/vehicles/stats?types=engineStates")
T("ts-export-config-object",
  "export const apsConfig = {\n  clientId: '⟦an:32⟧',\n  clientSecret: '⟦S⟧',\n  bucketKey: '⟦bucket⟧',\n  region: 'EMEA',\n};",
  _aps_secret, "bucketKey: '⟦bucket⟧'")
T("react-env-fallback-token",
  "Ion.defaultAccessToken =\n  process.env.REACT_APP_CESIUM_TOKEN ||\n  \"⟦S⟧\";\nconst viewer = new Viewer(\"cesiumContainer\", { terrain: Terrain.fromWorldTerrain() });",
  _cesium_jwt, "new Viewer(\"cesiumContainer\"")
T("php-pdo-constructor",
  "$pdo = new PDO(\n    'mysql:host=⟦host⟧;dbname=⟦db⟧;charset=utf8mb4',\n    '⟦user⟧',\n    '⟦S⟧',\n    [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]\n);",
  _pw, "mysql:host=⟦host⟧;dbname=⟦db⟧")
T("ruby-faraday-basic-auth",
  "conn = Faraday.new(url: 'https://⟦host⟧') do |f|\n  f.request :authorization, :basic, '⟦user⟧', '⟦S⟧'\n  f.response :json\nend",
  _pw, "Faraday.new(url: 'https://⟦host⟧')")
T("powershell-headers-hashtable",
  "$headers = @{\n    Authorization = \"Bearer ⟦S⟧\"\n    'Content-Type' = 'application/json'\n}\nInvoke-RestMethod -Uri \"https://developer.api.autodesk.com/construction/issues/v1/projects/$projectId/issues\" -Headers $headers",
  _aps_jwt, "construction/issues/v1/projects")
T("bash-script-variable",
  "#!/usr/bin/env bash\nset -euo pipefail\nCASTER=⟦caster⟧\nNTRIP_USER=⟦user⟧\nNTRIP_PASS=\"⟦S⟧\"\nexec str2str -in \"ntrip://${NTRIP_USER}:${NTRIP_PASS}@${CASTER}:2101/⟦mount⟧\" -out tcpsvr://:2102",
  _pwu, "CASTER=⟦caster⟧")
T("tsql-create-login",
  "USE [master];\nGO\nCREATE LOGIN [svc_estimating] WITH PASSWORD = N'⟦S⟧', CHECK_POLICY = ON, DEFAULT_DATABASE = [⟦db⟧];\nGO",
  _pw, "CREATE LOGIN [svc_estimating]")
T("sql-insert-api-credentials",
  "INSERT INTO integration_credentials (vendor, client_id, client_secret, created_by)\nVALUES ('trimble_connect', '⟦uuid⟧', '⟦S⟧', '⟦user⟧');",
  _trimble_secret, "INSERT INTO integration_credentials")
T("autolisp-ado-connection-string",
  "(defun c:PUSHQTY (/ conn)\n  (setq conn (vlax-create-object \"ADODB.Connection\"))\n  (vlax-invoke conn 'Open \"Provider=SQLOLEDB;Data Source=⟦host⟧;Initial Catalog=⟦db⟧;User ID=⟦user⟧;Password=⟦S⟧;\")\n  (princ))",
  _pw, "(defun c:PUSHQTY")
T("vba-excel-odbc-pwd",
  "Sub RefreshRates()\n    Dim conn As New ADODB.Connection\n    conn.Open \"Driver={ODBC Driver 17 for SQL Server};Server=⟦host⟧;Database=⟦db⟧;Uid=⟦user⟧;Pwd=⟦S⟧;\"\n    ' pull labour rates into sheet Rates\nEnd Sub",
  _pw, "Sub RefreshRates()")
T("cpp-const-char-license",
  "// licence_check.cpp\nstatic const char* kLicenceServer = \"⟦host⟧:27000\";\nstatic const char* kActivationKey = \"⟦S⟧\";",
  _licence_key, "kLicenceServer = \"⟦host⟧:27000\"")
T("dart-static-const-key",
  "class Env {\n  static const apiBase = 'https://api.⟦domain⟧/v1';\n  static const _siteDiaryKey = '⟦S⟧';\n  static String get key => _siteDiaryKey;\n}",
  lambda: "sd_live_" + _an(32), "static const apiBase = 'https://api.⟦domain⟧/v1';")
T("lua-nvr-script-password",
  "-- nvr_export.lua\nlocal nvr = require(\"nvrapi\")\nlocal session = nvr.login(\"⟦ip⟧\", \"exporter\", \"⟦S⟧\")\nsession:export(\"⟦cam⟧\", os.time() - 3600, os.time())",
  _pw, "nvr.login(\"⟦ip⟧\", \"exporter\"")
T("ipynb-source-line-token",
  "{\n \"cell_type\": \"code\",\n \"execution_count\": 3,\n \"source\": [\n  \"dd = DroneDeployClient(api_key=\\\"⟦S⟧\\\")\\n\",\n  \"plans = dd.list_plans()\"\n ]\n}",
  _dd_key, "plans = dd.list_plans()")
T("python-paramiko-connect",
  "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect(\"⟦ip⟧\", username=\"⟦user⟧\", password=\"⟦S⟧\", timeout=10)\nstdin, stdout, _ = ssh.exec_command(\"cat /var/log/rtkrcv.log | tail -50\")",
  _pw, "ssh.connect(\"⟦ip⟧\", username=\"⟦user⟧\"")
T("python-pymssql-connect-kwargs",
  "conn = pymssql.connect(\n    server=\"⟦host⟧\",\n    user=\"⟦user⟧\",\n    password=\"⟦S⟧\",\n    database=\"⟦db⟧\",\n)",
  _pw, "server=\"⟦host⟧\"")
T("sqlalchemy-create-engine-url",
  "engine = create_engine(\n    \"mssql+pyodbc://⟦user⟧:⟦S⟧@⟦host⟧/⟦db⟧?driver=ODBC+Driver+18+for+SQL+Server\",\n    pool_pre_ping=True,\n)",
  _pwu, "driver=ODBC+Driver+18+for+SQL+Server")
T("boto3-client-inline-keys",
  "s3 = boto3.client(\n    \"s3\",\n    region_name=\"⟦region⟧\",\n    aws_access_key_id=\"⟦K⟧\",\n    aws_secret_access_key=\"⟦S⟧\",\n)\ns3.upload_file(\"ortho.tif\", \"⟦bucket⟧\", \"⟦pcode⟧/ortho.tif\")",
  _aws_sk, "region_name=\"⟦region⟧\"", der=lambda c: c.__setitem__("K", _akid()))
T("node-mqtt-connect-options",
  "const client = mqtt.connect('mqtts://⟦host⟧:8883', {\n  clientId: 'maturity-gw-⟦site⟧',\n  username: '⟦user⟧',\n  password: '⟦S⟧',\n  rejectUnauthorized: true,\n});",
  _pw, "clientId: 'maturity-gw-⟦site⟧'")
T("go-setbasicauth",
  "req, _ := http.NewRequest(\"GET\", aempURL+\"/Fleet/1\", nil)\nreq.SetBasicAuth(\"⟦user⟧\", \"⟦S⟧\")\nreq.Header.Set(\"Accept\", \"application/xml\")",
  _pw, "aempURL+\"/Fleet/1\"")
T("java-basic-header-precomputed",
  "HttpURLConnection con = (HttpURLConnection) new URL(aconexUrl).openConnection();\ncon.setRequestProperty(\"Authorization\", \"Basic ⟦B⟧\");\ncon.setRequestProperty(\"X-Application-Key\", appKey);",
  _pw, "new URL(aconexUrl).openConnection()", der=_bas(), key="B")
T("csharp-verbatim-rsa-private-key",
  lambda c: ("// DocuSign JWT grant - integration key " + c["uuid"] + "\nprivate const string RsaPrivateKey = @\"" + c["PEM"] + "\";"),
  None, "DocuSign JWT grant", der=_pemder("rsa1k"))
T("python-todo-remove-token",
  "# TODO(⟦user⟧): remove before merge, this is the sandbox token from ⟦person⟧\nTEST_TOKEN = \"⟦S⟧\"\n\ndef test_list_rfis(client):\n    assert client.get(\"/rfis\", token=TEST_TOKEN).status_code == 200",
  lambda: _b64u(40), "def test_list_rfis(client):")
T("js-axios-create-auth",
  "export const aconex = axios.create({\n  baseURL: 'https://⟦citylow⟧.aconex.com/api/',\n  auth: { username: '⟦user⟧', password: '⟦S⟧' },\n  headers: { 'X-Application-Key': process.env.ACONEX_APP_KEY },\n});",
  _pw, "baseURL: 'https://⟦citylow⟧.aconex.com/api/'")
T("unity-serializefield-token",
  "public class SiteTilesLoader : MonoBehaviour\n{\n    [SerializeField] private string cesiumIonToken = \"⟦S⟧\";\n    [SerializeField] private long assetId = ⟦dig:7⟧;\n}",
  _cesium_jwt, "public class SiteTilesLoader : MonoBehaviour")
T("flask-secret-key-assignment",
  "app = Flask(__name__)\napp.secret_key = \"⟦S⟧\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True",
  lambda: _hex(48), "app = Flask(__name__)")
T("django-secret-key-insecure-prefix",
  "# settings/base.py\nSECRET_KEY = \"django-insecure-⟦S0⟧\"\nDEBUG = False\nALLOWED_HOSTS = [\"punchlist.⟦domain⟧\"]",
  None, "ALLOWED_HOSTS = [\"punchlist.⟦domain⟧\"]",
  der=lambda c: (c.__setitem__("S0", _s(_LO + _DG + "!@#%^&*(-_=+)", 50)), c.__setitem__("S", "django-insecure-" + c["S0"])))
T("express-session-secret",
  "app.use(session({\n  name: 'sitediary.sid',\n  secret: '⟦S⟧',\n  resave: false,\n  saveUninitialized: false,\n}));",
  lambda: _pw_e(_AN + "-_!"), "name: 'sitediary.sid'")
T("jwt-sign-literal-secret",
  "const token = jwt.sign({ sub: user.id, site: user.siteId }, '⟦S⟧', { expiresIn: '8h' });",
  lambda: _b64(32), "{ expiresIn: '8h' }")
T("python-hmac-webhook-secret",
  "WEBHOOK_SECRET = b\"⟦S⟧\"\n\ndef verify(body: bytes, signature: str) -> bool:\n    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(mac, signature)",
  lambda: _an(40), "def verify(body: bytes, signature: str) -> bool:")
T("mygeotab-api-kwargs",
  "import mygeotab\napi = mygeotab.API(username=\"⟦email⟧\", password=\"⟦S⟧\", database=\"⟦co⟧\")\napi.authenticate()\ndevices = api.get(\"Device\", resultsLimit=500)",
  _pw, "devices = api.get(\"Device\", resultsLimit=500)")
T("python-ntrip-client-ctor",
  "client = NtripClient(\n    caster=\"⟦caster⟧\", port=2101, mountpoint=\"⟦mount⟧\",\n    user=\"⟦user⟧\", password=\"⟦S⟧\",\n    lat=⟦n⟧.4821, lon=-1.5512, height=42.0,\n)",
  _pw, "mountpoint=\"⟦mount⟧\"")
T("itwin-service-authorization-client",
  "const authClient = new ServiceAuthorizationClient({\n  clientId: \"service-⟦an:30⟧\",\n  clientSecret: \"⟦S⟧\",\n  scope: \"itwin-platform\",\n  authority: \"https://ims.bentley.com\",\n});",
  _itwin_secret, "authority: \"https://ims.bentley.com\"")
T("ts-aps-two-legged-call",
  "const auth = new AuthenticationClient();\nconst creds = await auth.getTwoLeggedToken(\n  '⟦an:32⟧',\n  '⟦S⟧',\n  [Scopes.DataRead, Scopes.BucketRead],\n);",
  _aps_secret, "new AuthenticationClient()")
T("go-struct-literal-apikey",
  "cfg := polaris.Config{\n\tAPIKey:   \"⟦S⟧\",\n\tUniqueID: \"rover-⟦site⟧\",\n\tServer:   \"polaris.pointonenav.com:2102\",\n}",
  lambda: _lan(32), "UniqueID: \"rover-⟦site⟧\"")
T("scala-jdbc-options",
  "val df = spark.read.format(\"jdbc\")\n  .option(\"url\", \"jdbc:postgresql://⟦host⟧:5432/⟦db⟧\")\n  .option(\"user\", \"⟦user⟧\")\n  .option(\"password\", \"⟦S⟧\")\n  .option(\"dbtable\", \"machine_hours\")\n  .load()",
  _pw, ".option(\"dbtable\", \"machine_hours\")")
T("r-dbconnect-pwd",
  "con <- DBI::dbConnect(odbc::odbc(),\n  Driver = \"ODBC Driver 18 for SQL Server\",\n  Server = \"⟦host⟧\",\n  Database = \"⟦db⟧\",\n  UID = \"⟦user⟧\",\n  PWD = \"⟦S⟧\")",
  _pw, "Server = \"⟦host⟧\"")
T("matlab-weboptions-password",
  "opts = weboptions('Username','⟦user⟧','Password','⟦S⟧','Timeout',60);\nobs = webread('https://⟦host⟧/api/rinex/⟦site⟧?day=162', opts);",
  _pw, "'Timeout',60")
T("arduino-esp32-wifi-mqtt",
  "const char* ssid     = \"⟦co⟧-IOT\";\nconst char* password = \"⟦S⟧\";\nconst char* mqttHost = \"⟦host⟧\";\nvoid setup() { WiFi.begin(ssid, password); }",
  _pw, "const char* mqttHost = \"⟦host⟧\";")
T("micropython-wlan-connect",
  "import network\nwlan = network.WLAN(network.STA_IF)\nwlan.active(True)\nwlan.connect('SITE-⟦site⟧', '⟦S⟧')",
  _pwq, "wlan.active(True)")
T("jakarta-mail-password-authentication",
  "Session session = Session.getInstance(props, new Authenticator() {\n    protected PasswordAuthentication getPasswordAuthentication() {\n        return new PasswordAuthentication(\"site-reports@⟦domain⟧\", \"⟦S⟧\");\n    }\n});",
  _pw, "getPasswordAuthentication()")
T("python-smtplib-login",
  "with smtplib.SMTP(\"smtp.⟦domain⟧\", 587) as s:\n    s.starttls()\n    s.login(\"diary-bot@⟦domain⟧\", \"⟦S⟧\")\n    s.send_message(msg)",
  _pw, "s.send_message(msg)")
T("laravel-env-default-fallback",
  "'mysql' => [\n    'driver' => 'mysql',\n    'host' => env('DB_HOST', '⟦host⟧'),\n    'username' => env('DB_USERNAME', '⟦user⟧'),\n    'password' => env('DB_PASSWORD', '⟦S⟧'),\n],",
  _pw, "'driver' => 'mysql'")
T("elixir-repo-config",
  "config :site_diary, SiteDiary.Repo,\n  username: \"⟦user⟧\",\n  password: \"⟦S⟧\",\n  hostname: \"⟦host⟧\",\n  database: \"⟦db⟧_prod\"",
  _pw, "config :site_diary, SiteDiary.Repo")
T("perl-dbi-connect",
  "my $dbh = DBI->connect(\"dbi:Pg:dbname=⟦db⟧;host=⟦host⟧\", \"⟦user⟧\", \"⟦S⟧\", { RaiseError => 1 })\n    or die $DBI::errstr;",
  lambda: _pw_e(_AN + "_-.!#"), "dbi:Pg:dbname=⟦db⟧")
T("browser-console-localstorage",
  "// pasted into DevTools console on the field app to skip login\nlocalStorage.setItem('procore.accessToken', '⟦S⟧');\nlocation.reload();",
  lambda: "eyJhbGciOiJFUzUxMiJ9." + _b64u(120) + "." + _b64u(132), "location.reload();")
T("python-service-account-dict-private-key",
  lambda c: ("SA_INFO = {\n    \"type\": \"service_account\",\n    \"project_id\": \"" + c["co"] + "-survey\",\n"
             "    \"private_key_id\": \"" + c["hex:40"] + "\",\n    \"private_key\": \"" + c["PEMJ"] + "\\n\",\n"
             "    \"client_email\": \"pc-etl@" + c["co"] + "-survey.iam.gserviceaccount.com\",\n}"),
  None, "\"type\": \"service_account\"", der=lambda c: (_pemder("pkcs8")(c), _esc_nl(c)), key="SJ")

# ===========================================================================
# group: stack-trace-or-log -- log lines, tracebacks, debug dumps
# ===========================================================================
_group("stack-trace-or-log")
T("python-traceback-with-locals",
  "Traceback (most recent call last):\n  File \"/opt/aemp/poll.py\", line 88, in fetch_page\n    r.raise_for_status()\n    ╭──── locals ────╮\n    │     page = 3   │\n    │ password = '⟦S⟧' │\n    │     user = '⟦user⟧' │\n    ╰────────────────╯\nrequests.exceptions.HTTPError: 503 Server Error: Service Unavailable for url: https://⟦host⟧/aemp/Fleet/3",
  _pw, "File \"/opt/aemp/poll.py\", line 88, in fetch_page")
T("app-log-connecting-dsn",
  "⟦ts⟧ INFO  [db] connecting to postgres://⟦user⟧:⟦S⟧@⟦host⟧:5432/⟦db⟧ (pool=10)\n⟦ts2⟧ INFO  [db] connected in 41ms",
  _pwu, "[db] connected in 41ms")
T("java-stacktrace-jdbc-url-password",
  "com.microsoft.sqlserver.jdbc.SQLServerException: The TCP/IP connection to the host ⟦host⟧, port 1433 has failed.\n\tat com.microsoft.sqlserver.jdbc.SQLServerConnection.connectHelper(SQLServerConnection.java:3806)\n\tat com.⟦co⟧.vista.DbPool.open(DbPool.java:57)\nCaused by: connect url=jdbc:sqlserver://⟦host⟧:1433;databaseName=Viewpoint;user=⟦user⟧;password=⟦S⟧",
  _pw, "SQLServerConnection.java:3806")
T("axios-error-config-dump",
  "AxiosError: Request failed with status code 401\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://api.procore.com/rest/v1.0/companies',\n    method: 'get',\n    headers: Object [AxiosHeaders] {\n      Accept: 'application/json, text/plain, */*',\n      Authorization: 'Bearer ⟦S⟧',\n      'User-Agent': 'axios/1.6.8'\n    }\n  }",
  lambda: "eyJhbGciOiJFUzUxMiJ9." + _b64u(110) + "." + _b64u(132), "settle.js:19:12")
T("http-client-debug-send-line",
  "DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): ⟦host⟧:443\nsend: b'GET /aemp/Fleet/1 HTTP/1.1\\r\\nHost: ⟦host⟧\\r\\nAuthorization: Basic ⟦B⟧\\r\\nAccept: */*\\r\\n\\r\\n'\nreply: 'HTTP/1.1 200 OK\\r\\n'",
  _pw, "Starting new HTTPS connection (1): ⟦host⟧:443", der=_bas(), key="B")
T("nginx-access-log-token-query",
  "⟦pip⟧ - - [11/Jun/2025:07:14:02 +0000] \"GET /api/v1/snapshot?cam=⟦n⟧&token=⟦S⟧ HTTP/1.1\" 200 48213 \"-\" \"TimelapseFetcher/2.1\"",
  lambda: _an(40), "TimelapseFetcher/2.1")
T("str2str-stream-log-url",
  "⟦date⟧ 05:58:12 [str2str] stream server start\n⟦date⟧ 05:58:12 [str2str] input: ntrip://⟦user⟧:⟦S⟧@⟦caster⟧:2101/⟦mount⟧\n⟦date⟧ 05:58:14 [str2str] ntrip connected, 1 clients",
  _pwu, "stream server start")
T("ntrip-client-request-dump",
  "[ntrip] connecting to ⟦caster⟧:2101\n[ntrip] >>> GET /⟦mount⟧ HTTP/1.0\n[ntrip] >>> User-Agent: NTRIP RTKLIB/2.4.3\n[ntrip] >>> Authorization: Basic ⟦B⟧\n[ntrip] <<< ICY 200 OK",
  _pwu, "[ntrip] connecting to ⟦caster⟧:2101", der=_bas(), key="B")
T("spring-boot-debug-datasource-props",
  "⟦ts⟧ DEBUG 1 --- [main] o.s.b.c.p.PropertySourcesDeducer : spring.datasource.url=jdbc:mysql://⟦host⟧:3306/⟦db⟧\n⟦ts⟧ DEBUG 1 --- [main] o.s.b.c.p.PropertySourcesDeducer : spring.datasource.password=⟦S⟧",
  _pw, "o.s.b.c.p.PropertySourcesDeducer")
T("dotnet-sqlexception-connection-string",
  "Unhandled exception. System.Data.SqlClient.SqlException (0x80131904): Login failed for user '⟦user⟧'.\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)\n   at RevitCloudSync.Db.Open() in C:\\src\\RevitCloudSync\\Db.cs:line 22\nConnectionString: Server=⟦host⟧;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧;",
  _pw, "Login failed for user '⟦user⟧'.")
T("k8s-pod-log-config-json",
  "$ kubectl logs deploy/telematics-ingest -n ⟦ns⟧ | head -3\n{\"level\":\"info\",\"msg\":\"starting ingest\",\"version\":\"⟦ver⟧\"}\n{\"level\":\"debug\",\"msg\":\"effective config\",\"cfg\":{\"samsara\":{\"token\":\"⟦S⟧\",\"poll\":\"30s\"}}}",
  _samsara, "\"msg\":\"starting ingest\"")
T("docker-build-arg-step-log",
  "#7 [build 3/8] RUN --mount=type=cache,target=/root/.npm npm ci\n#6 [build 2/8] ARG NPM_TOKEN=⟦S⟧\n#6 DONE 0.0s\n#7 DONE 41.3s",
  _npm, "npm ci")
T("gha-log-unmasked-derived-value",
  "2025-06-11T09:14:22.1840912Z ##[group]Run echo \"auth=$(echo -n $REG_USER:$REG_PASS | base64)\" >> $GITHUB_OUTPUT\n2025-06-11T09:14:22.2011455Z auth=⟦B⟧\n2025-06-11T09:14:22.2020113Z ##[endgroup]",
  _pw, "##[endgroup]", der=_bas(), key="B")
T("camera-syslog-debug-auth",
  "⟦date⟧T04:12:55 ⟦cam⟧ onvifd[311]: DEBUG auth ok user=admin pass=⟦S⟧ from ⟦ip⟧\n⟦date⟧T04:12:56 ⟦cam⟧ onvifd[311]: INFO GetStreamUri profile=main",
  _pw, "GetStreamUri profile=main")
T("access-control-oauth-body-debug",
  "⟦ts⟧ DEBUG brivo.client POST https://auth.brivo.com/oauth/token body=grant_type=password&username=⟦user⟧&password=⟦S⟧\n⟦ts2⟧ INFO  brivo.client token acquired, expires_in=300",
  _pwu, "token acquired, expires_in=300")
T("python-logging-kwargs-repr",
  "⟦ts⟧ WARNING sync.tasks retrying upload_orthomosaic args=('⟦pcode⟧',) kwargs={'plan_id': '⟦hex:24⟧', 'api_key': '⟦S⟧', 'layer': 'ortho'}",
  _dd_key, "retrying upload_orthomosaic")
T("celery-task-failure-args",
  "[⟦ts⟧: ERROR/ForkPoolWorker-3] Task fieldsync.tasks.push_rfi[⟦uuid⟧] raised unexpected: HTTPError('401 Client Error')\nargs: ['⟦pcode⟧', 'Bearer ⟦S⟧']",
  lambda: _b64u(48), "fieldsync.tasks.push_rfi")
T("sentry-breadcrumb-json",
  "{\"category\":\"http\",\"data\":{\"url\":\"https://⟦host⟧/api/sync?apikey=⟦S⟧\",\"method\":\"POST\",\"status_code\":502},\"level\":\"error\",\"timestamp\":⟦dig:10⟧.412}",
  lambda: _an(32), "\"category\":\"http\"")
T("laravel-pdo-stacktrace-args",
  "[⟦date⟧ 09:02:11] production.ERROR: SQLSTATE[HY000] [2002] Connection refused\n#0 /var/www/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php(65): PDO->__construct('mysql:host=⟦host⟧;port=3306;dbname=⟦db⟧', '⟦user⟧', '⟦S⟧', Array)\n#1 /var/www/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php(44): Illuminate\\Database\\Connectors\\Connector->createPdoConnection(...)",
  _pw, "SQLSTATE[HY000] [2002] Connection refused")
T("php-fatal-mysqli-connect-args",
  "PHP Warning:  mysqli_connect(): (HY000/1045): Access denied for user '⟦user⟧'@'⟦ip⟧' (using password: YES) in /var/www/tenders/db.php on line 4\nPHP Stack trace:\nPHP   1. {main}() /var/www/tenders/index.php:0\nPHP   2. mysqli_connect($hostname = '⟦host⟧', $username = '⟦user⟧', $password = '⟦S⟧') /var/www/tenders/db.php:4",
  _pw, "/var/www/tenders/db.php on line 4")
T("spring-bind-error-property-value",
  "***************************\nAPPLICATION FAILED TO START\n***************************\n\nDescription:\n\nFailed to bind properties under 'aconex.password' to java.lang.Integer:\n\n    Property: aconex.password\n    Value: \"⟦S⟧\"\n    Origin: class path resource [application.yml] - 14:15",
  _pw, "APPLICATION FAILED TO START")
T("go-panic-struct-dump",
  "panic: dial tcp ⟦ip⟧:2101: connect: connection refused\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/rover/main.go:41 +0x2c5\ncfg=&{Caster:⟦caster⟧ Port:2101 Mount:⟦mount⟧ User:⟦user⟧ Password:⟦S⟧}",
  _pw, "/src/rover/main.go:41")
T("rust-debug-config-print",
  "[2025-06-11T06:03:12Z DEBUG licsrv] loaded Config { listen: \"0.0.0.0:7777\", admin_user: \"admin\", admin_password: \"⟦S⟧\", seats: 25 }",
  _pw, "listen: \"0.0.0.0:7777\"")
T("rails-log-unfiltered-params",
  "Started POST \"/users/sign_in\" for ⟦ip⟧ at ⟦date⟧ 08:11:02 +0100\nProcessing by Users::SessionsController#create as HTML\n  Parameters: {\"authenticity_token\"=>\"[FILTERED]\", \"user\"=>{\"email\"=>\"⟦email⟧\", \"pwd\"=>\"⟦S⟧\"}}",
  _pw, "Users::SessionsController#create")
T("iis-log-querystring-apikey",
  "⟦date⟧ 06:41:18 ⟦ip⟧ GET /EstimatingApi/rates apikey=⟦S⟧&region=NW 443 - ⟦ip2⟧ Mozilla/5.0 - 200 0 0 134",
  lambda: _hex(32), "/EstimatingApi/rates")
T("haproxy-captured-auth-header",
  "Jun 11 07:22:41 lb01 haproxy[1432]: ⟦pip⟧:51822 [11/Jun/2025:07:22:41.102] fe_https~ be_docs/docs02 0/0/1/24/25 200 1832 - - ---- 12/12/0/0/0 0/0 {Bearer ⟦S⟧} \"GET /api/v2/transmittals HTTP/1.1\"",
  lambda: _an(48), "be_docs/docs02")
T("lambda-event-headers-log",
  "START RequestId: ⟦uuid⟧ Version: $LATEST\n⟦ts⟧\t⟦uuid⟧\tINFO\tevent: {\"headers\": {\"x-webhook-token\": \"⟦S⟧\", \"content-type\": \"application/json\"}, \"body\": \"{\\\"event\\\":\\\"dm.version.added\\\"}\"}",
  lambda: _hex(40), "START RequestId: ⟦uuid⟧")
T("azure-function-storage-connstr-log",
  "[⟦ts⟧] Executing 'Functions.IngestScans' (Reason='New blob detected', Id=⟦uuid⟧)\n[⟦ts⟧] Using storage: DefaultEndpointsProtocol=https;AccountName=⟦coflat⟧scans;AccountKey=⟦S⟧;EndpointSuffix=core.windows.net",
  _az_acct_key, "Executing 'Functions.IngestScans'")
T("revit-journal-password-edit",
  "' 0:< ::141:: Delta VM: Avail -1 -> 52012 MB\nJrn.Edit \"Modal , Cloud Credentials , Dialog_Revit_CloudLogin\" _\n    , \"Control_Password\" _\n    , \"ReplaceContents\" , \"⟦S⟧\"\nJrn.PushButton \"Modal , Cloud Credentials , Dialog_Revit_CloudLogin\" , \"OK, IDOK\"",
  _pw, "Dialog_Revit_CloudLogin")
T("bluebeam-studio-session-log",
  "⟦ts⟧ [Studio] Joining session ⟦dig:3:a⟧-⟦dig:3:b⟧-⟦dig:3:c⟧ as ⟦email⟧\n⟦ts2⟧ [Studio] session password supplied: ⟦S⟧\n⟦ts2⟧ [Studio] joined, 6 attendees",
  _pw, "[Studio] joined, 6 attendees")
T("trimble-sync-agent-token-debug",
  "⟦ts⟧ DBG TokenCache: refreshed access_token=⟦S⟧ exp=3600 scope=\"openid ⟦pcode⟧-sync\"",
  lambda: _jwt("https://id.trimble.com", {"azp": _uuid()}), "TokenCache: refreshed")
T("dronedeploy-upload-presigned-log",
  "⟦ts⟧ INFO upload part 3/12 PUT https://dd-uploads-⟦region⟧.s3.amazonaws.com/⟦hex:24⟧/IMG_0⟦dig:3⟧.JPG?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=⟦K⟧%2F20250611%2F⟦region⟧%2Fs3%2Faws4_request&X-Amz-Date=20250611T081200Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=⟦S⟧ -> 200",
  _x_amz_sig, "upload part 3/12", der=lambda c: c.__setitem__("K", _akid()))
T("pix4d-license-check-log",
  "[⟦time⟧] Pix4Dmatic ⟦ver⟧ starting\n[⟦time⟧] License: validating key ⟦S⟧ against ⟦host⟧:7777\n[⟦time⟧] License: OK (floating, 3/5 seats in use)",
  _pix4d_key, "Pix4Dmatic ⟦ver⟧ starting")
T("licence-web-admin-login-log",
  "⟦ts⟧ [http-8090] INFO  POST /api/login user=admin password=⟦S⟧ client=⟦ip⟧ result=SUCCESS",
  _pw, "[http-8090] INFO  POST /api/login")
T("gnss-receiver-ntrip-log",
  "⟦date⟧ 06:00:03 NTRIP: client connect ⟦caster⟧:2101 mount=⟦mount⟧ user=⟦user⟧ pwd=⟦S⟧\n⟦date⟧ 06:00:04 NTRIP: RTCM 1005,1074,1084,1094,1124 received\n⟦date⟧ 06:00:09 RTK: fix (age 1.0s)",
  _pw, "RTK: fix (age 1.0s)")
T("emqx-auth-debug-log",
  "⟦ts⟧ [debug] clientid: maturity-⟦site⟧, username: ⟦user⟧, msg: authentication_request, password: ⟦S⟧, peername: ⟦ip⟧:51244",
  _pw, "msg: authentication_request")
T("aemp-poller-url-apikey-log",
  "⟦ts⟧ INFO poller GET https://⟦host⟧/iso15143/Fleet/1?apikey=⟦S⟧ -> 200 (42 equipment records)",
  lambda: _an(36), "(42 equipment records)")
T("okhttp-logging-interceptor",
  "D/OkHttp: --> GET https://api.⟦domain⟧/v2/site-diary/⟦pcode⟧/entries\nD/OkHttp: Authorization: Bearer ⟦S⟧\nD/OkHttp: --> END GET\nD/OkHttp: <-- 200 https://api.⟦domain⟧/v2/site-diary/⟦pcode⟧/entries (312ms)",
  lambda: _b64u(36), "D/OkHttp: --> END GET")
T("urllib3-debug-access-token-query",
  "DEBUG:urllib3.connectionpool:https://api.cesium.com:443 \"GET /v1/assets/⟦dig:6⟧/endpoint?access_token=⟦S⟧ HTTP/1.1\" 200 1312",
  _cesium_jwt, "https://api.cesium.com:443")
T("pino-json-request-headers",
  "{\"level\":30,\"time\":⟦dig:13⟧,\"pid\":⟦pid⟧,\"hostname\":\"docs-api-7c9f\",\"req\":{\"method\":\"POST\",\"url\":\"/transmittals\",\"headers\":{\"host\":\"⟦host⟧\",\"authorization\":\"Basic ⟦B⟧\"}},\"msg\":\"incoming request\"}",
  _pw, "\"msg\":\"incoming request\"", der=_bas(), key="B")
T("terraform-tf-log-http-request",
  "⟦ts⟧ [DEBUG] provider.terraform-provider-grafana: ---[ REQUEST ]---------------------------------------\n⟦ts⟧ [DEBUG] provider.terraform-provider-grafana: GET /api/folders HTTP/1.1\n⟦ts⟧ [DEBUG] provider.terraform-provider-grafana: Authorization: Bearer ⟦S⟧",
  lambda: "glsa_" + _an(32) + "_" + _hex(8), "GET /api/folders HTTP/1.1")
T("ansible-vvv-module-args",
  "<⟦ip⟧> ESTABLISH SSH CONNECTION FOR USER: ⟦user⟧\nok: [gw-⟦site⟧] => {\"changed\": false, \"invocation\": {\"module_args\": {\"login_host\": \"localhost\", \"login_user\": \"root\", \"login_password\": \"⟦S⟧\", \"name\": \"ntrip_users\"}}}",
  _pw, "ESTABLISH SSH CONNECTION FOR USER: ⟦user⟧")
T("jenkins-console-leaked-secret",
  "[Pipeline] sh\n+ ./deploy.sh --env prod\nDeploying fieldapp ⟦ver⟧ to prod\nusing registry password ⟦S⟧ (from REGISTRY_PASS_B)\nFinished: SUCCESS",
  _pw_e, "Deploying fieldapp ⟦ver⟧ to prod")
T("pytest-assertion-header-diff",
  "E       AssertionError: assert {'Authorization': 'Bearer ⟦S⟧'} == {'Authorization': 'Bearer <redacted>'}\nE         Differing items:\ntests/test_client.py:58: AssertionError",
  lambda: _b64u(30), "tests/test_client.py:58: AssertionError")
T("browser-console-cesium-401",
  "GET https://api.cesium.com/v1/assets/⟦dig:6⟧/endpoint?access_token=⟦S⟧ 401 (Unauthorized)\nRequestErrorEvent {statusCode: 401, response: '{\"code\":\"InvalidCredentials\"}'}",
  _cesium_jwt, "RequestErrorEvent {statusCode: 401")
T("powershell-transcript-securestring",
  "**********************\nWindows PowerShell transcript start\nUsername: CORP\\⟦user⟧\nMachine: ⟦host⟧ (Microsoft Windows NT 10.0.20348.0)\n**********************\nPS C:\\> $sec = ConvertTo-SecureString \"⟦S⟧\" -AsPlainText -Force\nPS C:\\> Set-ADAccountPassword svc_plotter -NewPassword $sec -Reset",
  _pw, "Windows PowerShell transcript start")
T("bash-xtrace-curl-user",
  "+ TOKEN_URL=https://⟦host⟧/oauth/token\n+ curl -sf -u admin:⟦S⟧ https://⟦host⟧/api/licences/usage\n+ jq '.seats_in_use'",
  _pwu, "+ jq '.seats_in_use'")
T("make-echoed-deploy-command",
  "make[1]: Entering directory '/builds/field/sync'\nscp -i ~/.ssh/deploy build/sync.tar.gz deploy@⟦host⟧:/opt/sync/\nsshpass -p ⟦S⟧ ssh deploy@⟦host⟧ 'cd /opt/sync && ./restart.sh'\nmake[1]: Leaving directory '/builds/field/sync'",
  _pwu, "make[1]: Entering directory '/builds/field/sync'")
T("postgres-log-statement-password",
  "⟦date⟧ 10:31:07.402 UTC [⟦pid⟧] postgres@⟦db⟧ LOG:  statement: ALTER USER reporting WITH PASSWORD '⟦S⟧';",
  _pw, "postgres@⟦db⟧ LOG:  statement: ALTER USER reporting")
T("mariadb-general-log-identified-by",
  "⟦date⟧ 11:02:44\t   ⟦n⟧ Query\tCREATE USER 'tc_sync'@'%' IDENTIFIED BY '⟦S⟧'",
  _pw, "CREATE USER 'tc_sync'@'%'")
T("redis-monitor-auth",
  "1718090412.118234 [0 ⟦ip⟧:51522] \"AUTH\" \"⟦S⟧\"\n1718090412.119011 [0 ⟦ip⟧:51522] \"GET\" \"tile-cache:z18:⟦dig:6⟧:⟦dig:6⟧\"",
  lambda: _pw_e(_AN), "\"GET\" \"tile-cache:z18:")
T("requests-connectionerror-url-secret",
  "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='⟦host⟧', port=443): Max retries exceeded with url: /oauth/token?client_id=fieldapp&client_secret=⟦S⟧ (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f3b2c1d5e10>: Failed to establish a new connection: [Errno 111] Connection refused'))",
  lambda: _an(40), "HTTPSConnectionPool(host='⟦host⟧', port=443)")
T("node-fetcherror-key-in-url",
  "FetchError: request to https://maps.googleapis.com/maps/api/elevation/json?locations=⟦n⟧.41,-2.98&key=⟦S⟧ failed, reason: getaddrinfo ENOTFOUND maps.googleapis.com\n    at ClientRequest.<anonymous> (/app/node_modules/node-fetch/lib/index.js:1505:11)",
  _aiza, "getaddrinfo ENOTFOUND maps.googleapis.com")
T("dotnet-httprequestexception-sas",
  "System.Net.Http.HttpRequestException: Response status code does not indicate success: 403 (Server failed to authenticate the request.).\n   Uri: https://⟦coflat⟧docs.blob.core.windows.net/transmittals/⟦pcode⟧.zip?sv=2023-01-03&se=2025-06-12T00%3A00%3A00Z&sr=b&sp=r&sig=⟦S⟧",
  _az_sig, "Server failed to authenticate the request.")
T("s3-server-access-log-signature",
  "⟦hex:64⟧ ⟦bucket⟧ [11/Jun/2025:08:14:55 +0000] ⟦pip⟧ - ⟦HEX:16⟧ REST.GET.OBJECT ⟦pcode⟧/⟦file⟧ \"GET /⟦pcode⟧/⟦file⟧?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20250611T081400Z&X-Amz-Expires=600&X-Amz-SignedHeaders=host&X-Amz-Signature=⟦S⟧ HTTP/1.1\" 200 - 5242880",
  _x_amz_sig, "REST.GET.OBJECT")
T("winrm-ansible-error-password",
  "fatal: [estim-ws07]: UNREACHABLE! => {\"changed\": false, \"msg\": \"ntlm: the specified credentials were rejected by the server\", \"unreachable\": true}\nvars: ansible_user=CORP\\⟦user⟧ ansible_winrm_password=⟦S⟧ ansible_winrm_transport=ntlm",
  _pw, "fatal: [estim-ws07]: UNREACHABLE!")
T("android-logcat-token-debug",
  "06-11 07:41:22.517  ⟦pid⟧  ⟦pid2⟧ D ProcoreAuth: onTokenReceived token=⟦S⟧ expiresIn=5400\n06-11 07:41:22.519  ⟦pid⟧  ⟦pid2⟧ I ProjectList: loading company ⟦dig:6⟧",
  lambda: _b64u(42), "I ProjectList: loading company")
T("xcode-console-print-token",
  "2025-06-11 08:02:13.221 SiteScan[⟦pid⟧:⟦hex:6⟧] [Auth] matterport token secret = ⟦S⟧\n2025-06-11 08:02:13.540 SiteScan[⟦pid⟧:⟦hex:6⟧] [Upload] queued 14 scans",
  lambda: _hex(32), "[Upload] queued 14 scans")
T("cron-mail-command-password",
  "From: root@⟦host⟧ (Cron Daemon)\nSubject: Cron <root@⟦host⟧> /usr/local/bin/backup-vault.sh --password '⟦S⟧'\n\n/usr/local/bin/backup-vault.sh: line 12: pg_dump: command not found",
  _pw, "From: root@⟦host⟧ (Cron Daemon)")
T("git-fatal-url-with-credentials",
  "Cloning into 'survey-scripts'...\nfatal: unable to access 'https://⟦user⟧:⟦S⟧@git.⟦domain⟧/survey/survey-scripts.git/': Could not resolve host: git.⟦domain⟧",
  _ghp, "Cloning into 'survey-scripts'...")
T("debug-log-dumped-private-key",
  "⟦ts⟧ DEBUG esign.jwt: DOCUSIGN_PRIVATE_KEY not a path, treating as inline key:\n⟦PEM⟧\n⟦ts2⟧ DEBUG esign.jwt: requesting token for user ⟦uuid⟧",
  None, "esign.jwt: requesting token for user", der=_pemder("ec"))

# ===========================================================================
# group: note-or-chat -- agent notes, goals, decisions, pasted chat and email
# ===========================================================================
_group("note-or-chat")
T("slack-thread-handover-password",
  "⟦person⟧  9:14 AM\nhanding over the Revit server box before I go on leave. local admin is `⟦user⟧`, password `⟦S⟧` - please change it once you've logged in\n⟦person2⟧  9:16 AM\n👍 got it, will rotate today",
  _pw, "handing over the Revit server box")
T("teams-message-german-ntrip",
  "[⟦person⟧] Moin! Für den Rover auf ⟦site⟧: NTRIP-Zugang läuft über ⟦caster⟧:2101, Mountpoint ⟦mount⟧, Benutzer ⟦user⟧, Passwort ⟦S⟧. Bitte nicht ins Wiki kopieren.",
  _pw, "Mountpoint ⟦mount⟧")
T("french-note-mot-de-passe-revit",
  "Note chantier ⟦proj⟧ : le mot de passe du compte de service Revit Server (⟦user⟧) est ⟦S⟧ — à changer après la réception.",
  _pw, "Note chantier ⟦proj⟧")
T("spanish-whatsapp-caster-password",
  "[07:32, ⟦date⟧] ⟦person⟧ (topografía): la contraseña del caster para la estación base es ⟦S⟧, usuario ⟦user⟧ 👌",
  _pw, "(topografía)")
T("portuguese-note-senha-procore",
  "Obs.: a senha da conta de integração do Procore (⟦email⟧) é ⟦S⟧. Não compartilhar fora da equipe de BIM.",
  _pw, "Não compartilhar fora da equipe de BIM.")
T("italian-chat-password-nvr",
  "⟦person⟧: la password dell'NVR del cantiere ⟦site⟧ è ⟦S⟧ (utente admin), l'IP è ⟦ip⟧",
  _pw, "l'IP è ⟦ip⟧")
T("dutch-note-wachtwoord-bouwcamera",
  "Bouwcamera ⟦cam⟧: gebruikersnaam admin, wachtwoord ⟦S⟧. Graag na oplevering resetten. — ⟦person⟧",
  _pw, "Bouwcamera ⟦cam⟧")
T("polish-chat-haslo-telematics",
  "⟦person⟧: hasło do portalu telematyki koparek: ⟦S⟧ (login ⟦user⟧). Zmieniam je co kwartał.",
  _pw, "portalu telematyki koparek")
T("swedish-note-losenord-wifi",
  "Byggbodens wifi \"⟦co⟧-bod\" – lösenordet är ⟦S⟧. Gäst-nätet har inget lösenord.",
  _pwq, "Byggbodens wifi")
T("norwegian-chat-passord-dokumentkontroll",
  "⟦person⟧ skrev: passordet til dokumentkontroll-kontoen (⟦user⟧) er ⟦S⟧, men bruk helst SSO.",
  _pw, "dokumentkontroll-kontoen (⟦user⟧)")
T("danish-note-adgangskode-drone",
  "Drone-PC i skurvognen: brugernavn ⟦user⟧, adgangskode ⟦S⟧. DroneDeploy-appen er logget ind i forvejen.",
  _pw, "Drone-PC i skurvognen")
T("finnish-chat-salasana-lisenssi",
  "⟦person⟧: lisenssipalvelimen (⟦host⟧) hallintasalasana on ⟦S⟧ – älä jaa eteenpäin.",
  _pw, "lisenssipalvelimen (⟦host⟧)")
T("japanese-chat-password-desu",
  "⟦person⟧さん: 現場カメラ管理画面のパスワードは ⟦S⟧ です。ユーザー名は admin、URLは http://⟦ip⟧/ です。",
  _pw, "URLは http://⟦ip⟧/ です")
T("chinese-chat-mima",
  "⟦person⟧：测量基站的NTRIP账号是 ⟦user⟧，密码是 ⟦S⟧，挂载点 ⟦mount⟧。",
  _pw, "挂载点 ⟦mount⟧")
T("korean-chat-bimilbeonho",
  "⟦person⟧: 현장 출입통제 관리자 비밀번호는 ⟦S⟧ 입니다. 서버 주소: ⟦host⟧",
  _pw, "서버 주소: ⟦host⟧")
T("turkish-chat-sifre",
  "⟦person⟧: şantiye kamerası için kullanıcı adı admin, şifre: ⟦S⟧ — yarın değiştireceğim.",
  _pw, "şantiye kamerası için kullanıcı adı admin")
T("russian-chat-parol",
  "⟦person⟧: пароль от лицензионного сервера сметной программы: ⟦S⟧ (логин ⟦user⟧)",
  _pw, "лицензионного сервера сметной программы")
T("arabic-chat-kalimat-murur",
  "⟦person⟧: كلمة المرور لحساب Procore الخاص بالموقع هي ⟦S⟧ واسم المستخدم ⟦email⟧",
  _pw, "واسم المستخدم ⟦email⟧")
T("hindi-chat-password-hai",
  "⟦person⟧: साइट ऑफिस के वाई-फ़ाई का पासवर्ड ⟦S⟧ है, नेटवर्क का नाम ⟦co⟧-SITE है।",
  _pw, "नेटवर्क का नाम ⟦co⟧-SITE है।")
T("vietnamese-chat-mat-khau",
  "⟦person⟧: mật khẩu tài khoản DroneDeploy của công trường là ⟦S⟧, email đăng nhập ⟦email⟧",
  _pw, "email đăng nhập ⟦email⟧")
T("indonesian-chat-kata-sandi",
  "⟦person⟧: kata sandi untuk server gambar (⟦host⟧) adalah ⟦S⟧ ya, usernya ⟦user⟧",
  _pw, "server gambar (⟦host⟧)")
T("czech-note-heslo",
  "Poznámka ⟦date⟧: heslo k totální stanici (Bluetooth párování a web rozhraní) je ⟦S⟧.",
  _pw, "Poznámka ⟦date⟧")
T("hungarian-chat-jelszo",
  "⟦person⟧: a jelszó a gépkövető rendszerhez: ⟦S⟧ (felhasználó: ⟦user⟧)",
  _pw, "gépkövető rendszerhez")
T("greek-chat-kodikos",
  "⟦person⟧: ο κωδικός για το NVR του εργοταξίου είναι ⟦S⟧, χρήστης admin.",
  _pw, "NVR του εργοταξίου")
T("hebrew-chat-sisma",
  "⟦person⟧: הסיסמה לשרת הרישיונות היא ⟦S⟧ , שם משתמש ⟦user⟧",
  _pw, "שם משתמש ⟦user⟧")
T("romanian-chat-parola",
  "⟦person⟧: parola pentru contul de Aconex al șantierului este ⟦S⟧, userul e ⟦user⟧.",
  _pw, "contul de Aconex al șantierului")
T("ukrainian-chat-parol",
  "⟦person⟧: пароль до камери на ⟦site⟧ — ⟦S⟧, логін admin.",
  _pw, "логін admin")
T("thai-chat-rahat-phan",
  "⟦person⟧: รหัสผ่านของเซิร์ฟเวอร์ BIM คือ ⟦S⟧ ชื่อผู้ใช้ ⟦user⟧",
  _pw, "ชื่อผู้ใช้ ⟦user⟧")
T("tagalog-chat-password-ay",
  "⟦person⟧: ang password ng site wifi ay ⟦S⟧, pakisabi na lang sa mga subcon.",
  _pwq, "pakisabi na lang sa mga subcon")
T("agent-running-notes-checklist",
  "## Progress\n- [x] cloned revit-addins, built Release\n- [x] logged in to BIM 360 with the svc account (⟦user⟧ / pw ⟦S⟧)\n- [ ] publish add-in bundle to ⟦host⟧\n- [ ] ask ⟦person⟧ about the ACC hub id",
  _pw, "cloned revit-addins, built Release")
T("agent-decision-log-legacy-key",
  "Decision ⟦date⟧: keep using the legacy DroneDeploy key ⟦S⟧ until ⟦person⟧ creates an org-scoped key; documented in DECISIONS.md #14.",
  _dd_key, "documented in DECISIONS.md #14")
T("pasted-email-vrs-credentials",
  "From: Support <support@⟦caster⟧>\nSubject: Your VRS subscription is active\n\nDear ⟦person⟧,\nYour NTRIP login for ⟦proj⟧ is:\n  Username: ⟦user⟧\n  Password: ⟦S⟧\n  Caster: ⟦caster⟧ port 2101\nKind regards",
  _pw, "Subject: Your VRS subscription is active")
T("jira-comment-gate-controller-reset",
  "⟦person⟧ commented on SITE-⟦dig:4⟧:\nReset the gate controller web admin password to ⟦S⟧ for the commissioning visit. Please change after handover!",
  _pw, "commented on SITE-")
T("sms-site-office-wifi",
  "SMS from ⟦person⟧ (+44 7700 9⟦dig:5⟧): wifi code for site office is ⟦S⟧ see you at 7",
  _pwq, "see you at 7")
T("whatsapp-forward-camera-pw",
  "[10:42, ⟦date⟧] ⟦person⟧ Site Eng: cam pw for the tower crane camera → ⟦S⟧\n[10:43, ⟦date⟧] ⟦person2⟧: thanks",
  _pw, "tower crane camera")
T("meeting-minutes-action-password",
  "Minutes – weekly BIM coordination (⟦proj⟧)\n3. Access: ⟦person⟧ to send ⟦person2⟧ the Trimble Connect service login (⟦email⟧ / ⟦S⟧) by Friday.\n4. Clash run: next Tuesday.",
  _pw, "weekly BIM coordination")
T("handover-markdown-table-row",
  "| System | URL | User | Password |\n|---|---|---|---|\n| Site NVR | http://⟦ip⟧ | admin | ⟦S⟧ |\n| Gate controller | http://⟦ip2⟧ | installer | (see sealed envelope) |",
  _pw, "| Site NVR | http://⟦ip⟧ | admin |")
T("agent-goal-statement-with-token",
  "GOAL: connect the RFI sync to the Procore sandbox using the token ⟦person⟧ pasted (⟦S⟧), list projects for company ⟦dig:6⟧, then write the mapping table.",
  lambda: _b64u(43), "list projects for company")
T("todo-rotate-key-note",
  "TODO (security): rotate the Matterport API secret ⟦S⟧ — it was in the old README for two years.",
  lambda: _hex(32), "TODO (security): rotate the Matterport API secret")
T("chat-unlabelled-revit-guess",
  "⟦person⟧: try ⟦S⟧ for the revit server, it's the same as last year's one with the year bumped",
  _pw_g, "for the revit server")
T("creds-shorthand-slash",
  "creds: ⟦user⟧ / ⟦S⟧ (survey laptop, Trimble Business Center licence)",
  _pw, "(survey laptop, Trimble Business Center licence)")
T("u-p-shorthand-lines",
  "Pix4D cloud acct\nu: ⟦email⟧\np: ⟦S⟧",
  _pw, "Pix4D cloud acct")
T("login-space-separated-no-labels",
  "estimating licence portal login ⟦user⟧ ⟦S⟧ (shared by the QS team)",
  _pw, "(shared by the QS team)")
T("sticker-photo-transcription",
  "Transcribed from photo of the sticker on the NVR in the site cabin:\n  Model DS-7616NI  S/N ⟦uan:12⟧\n  admin / ⟦S⟧",
  _pw, "S/N ⟦uan:12⟧")
T("voice-memo-transcript-passphrase",
  "Voice memo (auto-transcript): \"...the passphrase for the handover zip is ⟦S⟧, all lower case with dashes...\"",
  lambda: _pw_c("-"), "Voice memo (auto-transcript)")
T("two-line-user-then-password",
  "⟦person⟧ 14:02\nuser for the plotter admin page: plotadmin\n⟦S⟧",
  _pw_e, "user for the plotter admin page: plotadmin")
T("vendor-support-temporary-password",
  "Ticket #⟦dig:6⟧ update from vendor support: \"We have reset the account ⟦email⟧. Your temporary password is ⟦S⟧ and must be changed at next login.\"",
  _pw_d, "must be changed at next login.")
T("onboarding-email-aconex-temp",
  "Welcome to Aconex, ⟦person⟧!\nOrganization: ⟦co⟧\nUser name: ⟦user⟧\nTemporary password: ⟦S⟧\nLog in at https://⟦citylow⟧.aconex.com within 7 days.",
  _pw_e, "Organization: ⟦co⟧")
T("agent-scratchpad-password-attempts",
  "scratch: first attempt with the documented password failed (401). ⟦person⟧ says the real one is ⟦S⟧ — worked, got 200 from ⟦host⟧/api/status.",
  _pw, "got 200 from ⟦host⟧/api/status")
T("github-pr-review-leaked-token",
  "⟦user⟧ reviewed: ⚠️ line 14 of viewer/config.js contains the Cesium ion token (`⟦S⟧`). Please revoke it in the ion dashboard and load it from env instead.",
  _cesium_jwt, "line 14 of viewer/config.js")
T("confluence-service-accounts-excerpt",
  "Service accounts (⟦proj⟧)\n• Bentley ProjectWise: ⟦user⟧ — password ⟦S⟧ — owner ⟦person⟧\n• Procore API: see Vault path kv/procore/prod",
  _pw, "see Vault path kv/procore/prod")
T("german-zugangsdaten-baustellenkamera",
  "Zugangsdaten Baustellenkamera ⟦cam⟧ – Benutzer: admin, PW: ⟦S⟧ (Stand ⟦date⟧)",
  _pw, "Zugangsdaten Baustellenkamera ⟦cam⟧")
T("spanish-clave-wifi-obra",
  "⟦person⟧: la clave del wifi de obra es ⟦S⟧ (red ⟦co⟧-OBRA)",
  _pwq, "(red ⟦co⟧-OBRA)")
T("brazilian-login-senha-inline",
  "acesso ao portal de telemetria: login ⟦user⟧ senha ⟦S⟧ — valeu!",
  _pw, "acesso ao portal de telemetria")
T("french-mdp-abbreviation",
  "NVR chantier ⟦site⟧ : id admin / mdp : ⟦S⟧",
  _pw, "NVR chantier ⟦site⟧")
T("dutch-ww-abbreviation",
  "Licentieserver ⟦host⟧ – gebr: ⟦user⟧ ww: ⟦S⟧",
  _pw, "Licentieserver ⟦host⟧")
T("italian-pwd-abbreviation",
  "Accesso BIM 360 cantiere ⟦proj⟧ → user ⟦email⟧ pwd: ⟦S⟧",
  _pw, "Accesso BIM 360 cantiere ⟦proj⟧")
T("japanese-id-pw-slash",
  "Trimble Connect 共有アカウント ID: ⟦email⟧ / PW: ⟦S⟧ （社外秘）",
  _pw, "Trimble Connect 共有アカウント")
T("chinese-zhanghao-mima-pair",
  "无人机航测平台 账号：⟦user⟧ 密码：⟦S⟧（项目 ⟦proj⟧）",
  _pw, "无人机航测平台")
T("alarm-panel-code-note",
  "Site cabin alarm: set code is the same as unset, ⟦S⟧, then press # twice. Key safe is by the door.",
  _pin, "Key safe is by the door.")
T("pinned-message-api-key-reference",
  "⟦person⟧: the API key is the long one in the pinned msg, here it is again: ⟦S⟧",
  lambda: "vkd_api_" + _an(40), "the long one in the pinned msg")
T("standup-note-mentions-token",
  "Standup ⟦date⟧ – ⟦person⟧: yesterday got the Samsara feed working with token ⟦S⟧; today wiring it to the plant-hire dashboard.",
  _samsara, "plant-hire dashboard")
T("incident-channel-revoke-now",
  "#inc-⟦dig:4⟧ ⟦person⟧: pls revoke ASAP, this was pushed to a public gist: ⟦S⟧",
  _ghp, "pushed to a public gist")
T("agent-note-staging-only-creds",
  "Creds from ⟦person⟧ (ok to use in staging only): Geotab db ⟦co⟧, user ⟦email⟧, password ⟦S⟧.",
  _pw, "ok to use in staging only")
T("korean-id-pw-abbrev",
  "현장 드론 PC 계정 - ID: ⟦user⟧, PW: ⟦S⟧",
  _pw, "현장 드론 PC 계정")
T("swahili-chat-nenosiri",
  "⟦person⟧: nenosiri la kamera ya lango kuu ni ⟦S⟧, mtumiaji admin.",
  _pw, "mtumiaji admin")

# ===========================================================================
# group: ci-and-deploy -- pipelines, manifests, deploy scripts
# ===========================================================================
_group("ci-and-deploy")
T("github-actions-env-hardcoded",
  "jobs:\n  sync:\n    runs-on: ubuntu-latest\n    env:\n      APS_CLIENT_ID: ${{ vars.APS_CLIENT_ID }}\n      APS_CLIENT_SECRET: ⟦S⟧\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci && npm run sync",
  _aps_secret, "APS_CLIENT_ID: ${{ vars.APS_CLIENT_ID }}")
T("github-actions-with-password-literal",
  "      - name: Log in to registry\n        uses: docker/login-action@v3\n        with:\n          registry: ⟦host⟧\n          username: ⟦user⟧\n          password: ⟦S⟧",
  _pw_e, "uses: docker/login-action@v3")
T("gitlab-ci-variables-hardcoded",
  "variables:\n  DOCKER_DRIVER: overlay2\n  PROCORE_CLIENT_SECRET: \"⟦S⟧\"\n  PROCORE_ENV: sandbox\n\nsync:\n  stage: deploy\n  script:\n    - python -m rfi_sync",
  _procore_secret, "DOCKER_DRIVER: overlay2")
T("gitlab-ci-script-curl-user",
  "deploy_docs:\n  stage: deploy\n  script:\n    - curl -sf -u deploy:⟦S⟧ -T site/index.tar.gz https://⟦host⟧/upload/\n  only:\n    - main",
  _pwu, "deploy_docs:")
T("jenkinsfile-environment-block",
  "pipeline {\n  agent { label 'windows-revit' }\n  environment {\n    VAULT_SERVER = '⟦host⟧'\n    VAULT_PASSWORD = '⟦S⟧'\n  }\n  stages { stage('Build') { steps { bat 'msbuild RevitSync.sln /p:Configuration=Release' } } }\n}",
  _pw, "agent { label 'windows-revit' }")
T("jenkinsfile-sh-docker-login",
  "stage('Push') {\n  steps {\n    sh 'docker login -u ⟦user⟧ -p ⟦S⟧ ⟦host⟧'\n    sh 'docker push ⟦host⟧/field/sitecam:${BUILD_NUMBER}'\n  }\n}",
  _pwu, "docker push ⟦host⟧/field/sitecam:${BUILD_NUMBER}")
T("azure-pipelines-variables",
  "variables:\n  buildConfiguration: 'Release'\n  trimbleClientSecret: '⟦S⟧'\n\nsteps:\n- task: DotNetCoreCLI@2\n  inputs:\n    command: 'publish'",
  _trimble_secret, "buildConfiguration: 'Release'")
T("circleci-environment-key",
  "jobs:\n  deploy:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n      GEOTAB_DATABASE: ⟦co⟧\n      GEOTAB_PASSWORD: ⟦S⟧\n    steps:\n      - checkout",
  _pw, "image: cimg/python:3.12")
T("bitbucket-pipelines-script-export",
  "pipelines:\n  branches:\n    main:\n      - step:\n          name: Deploy estimating API\n          script:\n            - export DB_PASSWORD='⟦S⟧'\n            - ./scripts/deploy.sh prod",
  _pw, "name: Deploy estimating API")
T("dockerfile-env-secret",
  "FROM python:3.12-slim\nWORKDIR /app\nENV DRONEDEPLOY_API_KEY=⟦S⟧ \\\n    TZ=Europe/London\nCOPY . .\nCMD [\"python\", \"-m\", \"dd_sync\"]",
  _dd_key, "FROM python:3.12-slim")
T("dockerfile-arg-default-token",
  "FROM node:20-alpine AS build\nARG NPM_TOKEN=⟦S⟧\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci && rm .npmrc",
  _npm, "FROM node:20-alpine AS build")
T("compose-environment-list-style",
  "  telematics:\n    image: ⟦host⟧/plant/telematics:⟦ver⟧\n    environment:\n      - SAMSARA_TOKEN=⟦S⟧\n      - POLL_SECONDS=60\n    restart: unless-stopped",
  _samsara, "- POLL_SECONDS=60")
T("k8s-secret-stringdata",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: aconex-credentials\n  namespace: ⟦ns⟧\ntype: Opaque\nstringData:\n  username: ⟦user⟧\n  password: ⟦S⟧",
  _pw, "name: aconex-credentials")
T("k8s-secret-data-base64",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: geotab\ntype: Opaque\ndata:\n  GEOTAB_USER: ⟦U⟧\n  GEOTAB_PASSWORD: ⟦B⟧",
  _pw, "name: geotab",
  der=lambda c: (c.__setitem__("B", _b64s(c["S"])), c.__setitem__("U", _b64s(c["email"]))), key="B")
T("k8s-deployment-env-literal",
  "      containers:\n        - name: ntrip-bridge\n          image: ⟦host⟧/survey/ntrip-bridge:⟦ver⟧\n          env:\n            - name: NTRIP_USER\n              value: ⟦user⟧\n            - name: NTRIP_PASS\n              value: \"⟦S⟧\"",
  _pw, "- name: ntrip-bridge")
T("helm-values-yaml-password",
  "# values-prod.yaml\nreplicaCount: 2\npostgresql:\n  auth:\n    username: fieldapp\n    password: \"⟦S⟧\"\n    database: ⟦db⟧\ningress:\n  host: ⟦host⟧",
  _pw_e, "replicaCount: 2")
T("helm-upgrade-set-flag",
  "helm upgrade --install sitecam ./charts/sitecam -n ⟦ns⟧ \\\n  --set image.tag=⟦ver⟧ \\\n  --set camera.adminPassword='⟦S⟧' \\\n  --set ingress.host=⟦host⟧",
  _pw, "helm upgrade --install sitecam")
T("terraform-variable-default",
  "variable \"db_password\" {\n  type        = string\n  description = \"Master password for the estimating RDS instance\"\n  default     = \"⟦S⟧\"\n  sensitive   = true\n}",
  _pw, "variable \"db_password\"")
T("terraform-provider-block-password",
  "provider \"postgresql\" {\n  host     = \"⟦host⟧\"\n  port     = 5432\n  username = \"tf_admin\"\n  password = \"⟦S⟧\"\n  sslmode  = \"require\"\n}",
  _pw, "provider \"postgresql\"")
T("ansible-playbook-vars-plain",
  "- hosts: site_gateways\n  become: true\n  vars:\n    ntrip_user: ⟦user⟧\n    ntrip_password: ⟦S⟧\n  roles:\n    - rtk-bridge",
  _pw, "- hosts: site_gateways")
T("cloud-init-chpasswd-list",
  "#cloud-config\nhostname: ⟦site⟧-edge\nchpasswd:\n  expire: false\n  users:\n    - name: fieldops\n      password: ⟦S⟧\n      type: text\nssh_pwauth: true",
  _pw, "hostname: ⟦site⟧-edge")
T("packer-winrm-password",
  "{\n  \"builders\": [{\n    \"type\": \"vsphere-iso\",\n    \"vm_name\": \"revit-worker-⟦ver⟧\",\n    \"communicator\": \"winrm\",\n    \"winrm_username\": \"Administrator\",\n    \"winrm_password\": \"⟦S⟧\"\n  }]\n}",
  _pw, "\"communicator\": \"winrm\"")
T("vagrantfile-ssh-password",
  "Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"bento/ubuntu-22.04\"\n  config.ssh.username = \"caster\"\n  config.ssh.password = \"⟦S⟧\"\nend",
  _pw, "config.vm.box = \"bento/ubuntu-22.04\"")
T("serverless-yml-environment",
  "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    DOCUSIGN_INTEGRATION_KEY: ⟦uuid⟧\n    DOCUSIGN_SECRET_KEY: ⟦S⟧\n    STAGE: ${sls:stage}",
  _uuid, "runtime: nodejs20.x")
T("sam-template-parameter-default",
  "Parameters:\n  KisiApiKey:\n    Type: String\n    NoEcho: true\n    Default: ⟦S⟧\n  Stage:\n    Type: String\n    Default: prod",
  lambda: _hex(32), "NoEcho: true")
T("cloudformation-master-user-password",
  "  EstimatingDb:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      Engine: sqlserver-se\n      MasterUsername: estimadmin\n      MasterUserPassword: ⟦S⟧\n      DBInstanceClass: db.m6i.large",
  _pw_e, "Type: AWS::RDS::DBInstance")
T("argocd-repo-secret-password",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-field-apps\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://git.⟦domain⟧/field/apps.git\n  username: argocd\n  password: ⟦S⟧",
  _glpat, "argocd.argoproj.io/secret-type: repository")
T("ci-docker-build-arg-secret",
  "docker build \\\n  --build-arg PIX4D_LICENSE_KEY=⟦S⟧ \\\n  -t ⟦host⟧/photogrammetry/worker:⟦ver⟧ .",
  _pix4d_key, "-t ⟦host⟧/photogrammetry/worker:⟦ver⟧ .")
T("makefile-deploy-target-password",
  "deploy:\n\tscp dist/app.zip deploy@⟦host⟧:/srv/app/\n\tssh deploy@⟦host⟧ 'cd /srv/app && DB_PASS=⟦S⟧ ./migrate.sh'\n.PHONY: deploy",
  _pwu, ".PHONY: deploy")
T("deploy-sh-sshpass",
  "#!/bin/sh\n# deploy.sh - push new caster config\nsshpass -p \"⟦S⟧\" scp ntripcaster.conf root@⟦ip⟧:/etc/ntripcaster/\nsshpass -p \"⟦S⟧\" ssh root@⟦ip⟧ systemctl restart ntripcaster",
  _pw, "deploy.sh - push new caster config")
T("teamcity-kotlin-param",
  "params {\n    param(\"env.APS_BUCKET\", \"⟦bucket⟧\")\n    param(\"env.APS_CLIENT_SECRET\", \"⟦S⟧\")\n    password(\"env.APS_REFRESH\", \"credentialsJSON:⟦uuid⟧\")\n}",
  _aps_secret, "param(\"env.APS_BUCKET\", \"⟦bucket⟧\")")
T("drone-ci-yml-environment",
  "kind: pipeline\nname: default\nsteps:\n- name: publish\n  image: plugins/docker\n  settings:\n    repo: ⟦host⟧/survey/rinex-tools\n    username: ci\n    password: ⟦S⟧",
  _pw_e, "image: plugins/docker")
T("travis-yml-env-global",
  "language: python\npython: \"3.11\"\nenv:\n  global:\n    - TRACKUNIT_TOKEN=⟦S⟧\n    - PYTHONUNBUFFERED=1\nscript: pytest -q",
  lambda: _an(40), "language: python")
T("buildkite-pipeline-env",
  "env:\n  HILTI_ONTRACK_CLIENT_SECRET: \"⟦S⟧\"\n  HILTI_ONTRACK_CLIENT_ID: \"⟦uuid⟧\"\nsteps:\n  - label: \":hammer: sync tools\"\n    command: \"make sync\"",
  lambda: _b64u(32), "label: \":hammer: sync tools\"")
T("netlify-toml-build-environment",
  "[build]\n  command = \"npm run build\"\n  publish = \"dist\"\n\n[build.environment]\n  NODE_VERSION = \"20\"\n  VITE_MAPBOX_SECRET = \"⟦S⟧\"",
  lambda: _mapbox_sk(), "publish = \"dist\"")
T("vercel-json-env",
  "{\n  \"buildCommand\": \"pnpm build\",\n  \"env\": {\n    \"PROCORE_WEBHOOK_SECRET\": \"⟦S⟧\",\n    \"NEXT_PUBLIC_REGION\": \"eu\"\n  }\n}",
  lambda: _an(32), "\"buildCommand\": \"pnpm build\"")
T("fly-toml-env-secret-by-mistake",
  "app = \"punchlist-api\"\nprimary_region = \"lhr\"\n\n[env]\n  LOG_LEVEL = \"info\"\n  DATABASE_URL = \"postgres://punch:⟦S⟧@punchlist-db.flycast:5432/punch\"",
  _pwu, "primary_region = \"lhr\"")
T("gae-app-yaml-env-variables",
  "runtime: python312\nentrypoint: gunicorn -b :$PORT main:app\nenv_variables:\n  EGNYTE_DOMAIN: \"⟦co⟧\"\n  EGNYTE_TOKEN: \"⟦S⟧\"",
  lambda: _lan(24), "entrypoint: gunicorn -b :$PORT main:app")
T("nomad-job-env-block",
  "task \"caster\" {\n  driver = \"docker\"\n  config { image = \"⟦host⟧/gnss/caster:⟦ver⟧\" }\n  env {\n    ADMIN_USER = \"admin\"\n    ADMIN_PASS = \"⟦S⟧\"\n  }\n}",
  _pw, "driver = \"docker\"")
T("systemd-unit-environment-deploy",
  "[Unit]\nDescription=Timelapse uploader (⟦site⟧)\n[Service]\nEnvironment=EARTHCAM_API_KEY=⟦S⟧\nExecStart=/usr/local/bin/tl-upload --camera ⟦cam⟧\nRestart=always",
  lambda: _an(32), "Description=Timelapse uploader (⟦site⟧)")
T("supervisor-conf-environment",
  "[program:aemp-poller]\ncommand=/opt/aemp/venv/bin/python poll.py\nenvironment=AEMP_USER=\"⟦user⟧\",AEMP_PASS=\"⟦S⟧\"\nautorestart=true",
  _pw, "[program:aemp-poller]")
T("pm2-ecosystem-env",
  "module.exports = {\n  apps: [{\n    name: 'access-sync',\n    script: 'dist/index.js',\n    env_production: { OPENPATH_PASSWORD: '⟦S⟧', OPENPATH_EMAIL: '⟦email⟧' },\n  }],\n};",
  _pw, "name: 'access-sync'")
T("capistrano-set-password",
  "set :application, 'tenders_portal'\nset :repo_url, 'git@git.⟦domain⟧:web/tenders.git'\nset :db_password, '⟦S⟧'\nserver '⟦host⟧', user: 'deploy', roles: %w{app db web}",
  _pw, "set :application, 'tenders_portal'")
T("fastlane-env-password",
  "lane :beta do\n  ENV[\"FASTLANE_USER\"] = \"⟦email⟧\"\n  ENV[\"FASTLANE_PASSWORD\"] = \"⟦S⟧\"\n  build_app(scheme: \"SiteDiary\")\n  upload_to_testflight\nend",
  _pw, "build_app(scheme: \"SiteDiary\")")
T("gradle-signing-config-store-password",
  "signingConfigs {\n    release {\n        storeFile file('fieldapp-release.jks')\n        storePassword '⟦S⟧'\n        keyAlias 'fieldapp'\n        keyPassword System.getenv('KEY_PASSWORD')\n    }\n}",
  _pw, "storeFile file('fieldapp-release.jks')")
T("gitlab-docker-auth-config-json",
  "variables:\n  DOCKER_AUTH_CONFIG: '{\"auths\":{\"⟦host⟧\":{\"auth\":\"⟦B⟧\"}}}'\nbuild:\n  image: ⟦host⟧/base/dotnet-revit:8.0",
  _pw, "build:", der=_bas(), key="B")
T("azure-cli-task-account-key",
  "- task: AzureCLI@2\n  inputs:\n    scriptType: bash\n    inlineScript: |\n      az storage blob upload-batch -d as-builts -s ./out --account-name ⟦coflat⟧docs --account-key \"⟦S⟧\"",
  _az_acct_key, "scriptType: bash")
T("kustomize-secret-generator-literal",
  "secretGenerator:\n  - name: matterport\n    literals:\n      - MATTERPORT_TOKEN_ID=⟦hex:24⟧\n      - MATTERPORT_TOKEN_SECRET=⟦S⟧\ngeneratorOptions:\n  disableNameSuffixHash: true",
  lambda: _hex(32), "disableNameSuffixHash: true")
T("pulumi-stack-config-plain",
  "config:\n  aws:region: ⟦region⟧\n  fieldapp:dbUser: fieldapp\n  fieldapp:dbPassword: ⟦S⟧\n  fieldapp:apiKey:\n    secure: AAABA⟦b64:40⟧",
  _pw, "fieldapp:dbUser: fieldapp")
T("chef-data-bag-json",
  "{\n  \"id\": \"licence_server\",\n  \"admin_user\": \"lmadmin\",\n  \"admin_password\": \"⟦S⟧\",\n  \"port\": 27000\n}",
  _pw, "\"id\": \"licence_server\"")
T("puppet-hiera-yaml",
  "---\nprofile::nvr::admin_user: 'admin'\nprofile::nvr::admin_password: '⟦S⟧'\nprofile::nvr::retention_days: 30",
  _pw, "profile::nvr::retention_days: 30")
T("salt-pillar-sls",
  "mqtt:\n  broker: ⟦host⟧\n  user: ⟦user⟧\n  password: ⟦S⟧\n  topics:\n    - site/⟦site⟧/#",
  _pw, "broker: ⟦host⟧")
T("gha-run-step-curl-token-header",
  "      - name: Notify document control\n        run: |\n          curl -sf -X POST https://⟦host⟧/api/transmittals/notify \\\n            -H \"Authorization: token ⟦S⟧\" \\\n            -d \"sha=${GITHUB_SHA}\"",
  _ghpat, "name: Notify document control")
T("heroku-release-log-database-url",
  "remote: -----> Running release command...\nremote: Migrating using DATABASE_URL=postgres://⟦lan:12⟧:⟦S⟧@⟦ec2⟧.eu-west-1.compute.amazonaws.com:5432/⟦lan:12:b⟧\nremote: Released v⟦n⟧",
  lambda: _hex(64), "Running release command...")
T("dotenv-production-committed",
  "# .env.production  (committed by accident in ⟦sha7⟧)\nNEXT_PUBLIC_API=https://api.⟦domain⟧\nDOCUSIGN_ACCOUNT_ID=⟦uuid⟧\nDOCUSIGN_HMAC_KEY=⟦S⟧",
  lambda: _b64(32), "NEXT_PUBLIC_API=https://api.⟦domain⟧")
T("windows-deploy-bat-msdeploy",
  "@echo off\nREM deploy estimating web\nmsdeploy -verb:sync -source:contentPath=.\\publish -dest:contentPath=\"Default Web Site/Estimating\",computerName=https://⟦host⟧:8172/msdeploy.axd,userName=deploy,password=⟦S⟧,authType=Basic -allowUntrusted",
  _pwu, "REM deploy estimating web")
T("azure-publish-settings-userpwd",
  "<publishData>\n  <publishProfile profileName=\"site-diary-api - Web Deploy\" publishMethod=\"MSDeploy\" publishUrl=\"site-diary-api.scm.azurewebsites.net:443\" msdeploySite=\"site-diary-api\" userName=\"$site-diary-api\" userPWD=\"⟦S⟧\" destinationAppUrl=\"https://site-diary-api.azurewebsites.net\" />\n</publishData>",
  lambda: _an(60), "publishMethod=\"MSDeploy\"")
T("appcmd-apppool-password",
  "%windir%\\system32\\inetsrv\\appcmd set apppool /apppool.name:EstimatingPool /processModel.identityType:SpecificUser /processModel.userName:CORP\\⟦user⟧ /processModel.password:⟦S⟧",
  _pwu, "/apppool.name:EstimatingPool")
T("signtool-pfx-password",
  "signtool sign /f certs\\⟦co⟧-codesign.pfx /p ⟦S⟧ /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 build\\RevitSyncSetup.msi",
  _pwu, "build\\RevitSyncSetup.msi")
T("jarsigner-storepass",
  "jarsigner -keystore release.jks -storepass ⟦S⟧ -sigalg SHA256withRSA -digestalg SHA-256 app-release-unsigned.apk fieldapp",
  _pwu, "app-release-unsigned.apk fieldapp")
T("helm-repo-add-password",
  "helm repo add ⟦co⟧-charts https://⟦host⟧/chartrepo/field --username robot$ci --password ⟦S⟧\nhelm repo update",
  lambda: _an(32), "helm repo update")
T("concourse-pipeline-params",
  "- name: deploy-caster\n  plan:\n  - get: caster-src\n    trigger: true\n  - put: caster-vm\n    params:\n      host: ⟦host⟧\n      user: deploy\n      password: ⟦S⟧",
  _pw, "- name: deploy-caster")
T("bamboo-spec-variables",
  "variables:\n  aconex.user: ⟦user⟧\n  aconex.password: ⟦S⟧\n\nstages:\n  - Publish transmittals:\n      jobs: [Publish]",
  _pw, "Publish transmittals")

# ===========================================================================
# group: vendor-token -- recognisable vendor credential shapes in context
# ===========================================================================
_group("vendor-token")
T("github-classic-pat-export",
  "export GITHUB_TOKEN=⟦S⟧   # classic PAT, repo + workflow scopes, for the takeoff-tools release script",
  _ghp, "for the takeoff-tools release script")
T("github-fine-grained-pat-note",
  "fine-grained PAT for ⟦org⟧/bim-qa-bot (contents:read, issues:write), expires ⟦date⟧:\n⟦S⟧",
  _ghpat, "(contents:read, issues:write)")
T("github-oauth-token-hosts-yml",
  "# ~/.config/gh/hosts.yml\ngithub.com:\n    user: ⟦user⟧\n    oauth_token: ⟦S⟧\n    git_protocol: https",
  _gho, "git_protocol: https")
T("github-app-installation-token-json",
  "{\"token\":\"⟦S⟧\",\"expires_at\":\"⟦ts⟧\",\"permissions\":{\"contents\":\"read\",\"metadata\":\"read\"},\"repository_selection\":\"selected\"}",
  _ghs, "\"repository_selection\":\"selected\"")
T("gitlab-pat-header",
  "curl --header \"PRIVATE-TOKEN: ⟦S⟧\" \"https://gitlab.⟦domain⟧/api/v4/projects/⟦dig:3⟧/pipelines?ref=main\"",
  _glpat, "/api/v4/projects/")
T("gitlab-runner-token-config-toml",
  "[[runners]]\n  name = \"revit-builder-⟦n⟧\"\n  url = \"https://gitlab.⟦domain⟧/\"\n  token = \"⟦S⟧\"\n  executor = \"shell\"",
  lambda: "glrt-" + _s(_AN + "-_", 20), "executor = \"shell\"")
T("slack-bot-token-env",
  "SLACK_BOT_TOKEN=⟦S⟧\nSLACK_CHANNEL=#site-⟦site⟧-alerts",
  _xoxb, "SLACK_CHANNEL=#site-⟦site⟧-alerts")
T("slack-user-token-script-arg",
  "python post_daily_report.py --slack-token ⟦S⟧ --channel C0⟦uan:9⟧ --project \"⟦proj⟧\"",
  _xoxp, "post_daily_report.py")
T("slack-incoming-webhook-url",
  "SITE_ALERT_WEBHOOK=https://hooks.slack.com/services/⟦T⟧/⟦Bk⟧/⟦S⟧",
  None, "SITE_ALERT_WEBHOOK=https://hooks.slack.com/services/",
  der=lambda c: [c.__setitem__(k, v) for k, v in zip(("T", "Bk", "S"), _slack_hook_parts())])
T("teams-incoming-webhook-url",
  "teams_webhook: https://⟦co⟧.webhook.office.com/webhookb2/⟦uuid⟧@⟦uuid2⟧/IncomingWebhook/⟦S⟧/⟦uuid3⟧",
  lambda: _hex(32), "/IncomingWebhook/")
T("discord-webhook-url",
  "DISCORD_WEBHOOK=https://discord.com/api/webhooks/⟦dig:19⟧/⟦S⟧",
  lambda: _s(_AN + "-_", 68), "https://discord.com/api/webhooks/")
T("aws-key-pair-env-lines",
  "AWS_ACCESS_KEY_ID=⟦K⟧\nAWS_SECRET_ACCESS_KEY=⟦S⟧\nAWS_DEFAULT_REGION=⟦region⟧",
  _aws_sk, "AWS_DEFAULT_REGION=⟦region⟧", der=lambda c: c.__setitem__("K", _akid()))
T("aws-session-token-env",
  "export AWS_ACCESS_KEY_ID=ASIA⟦b32:16⟧\nexport AWS_SECRET_ACCESS_KEY=\"$(cat /run/secrets/aws_sk)\"\nexport AWS_SESSION_TOKEN=⟦S⟧",
  _aws_sess, "/run/secrets/aws_sk")
T("google-maps-api-key-html",
  "<script async src=\"https://maps.googleapis.com/maps/api/js?key=⟦S⟧&libraries=drawing&callback=initSiteMap\"></script>",
  _aiza, "callback=initSiteMap")
T("google-oauth-client-secret-json",
  "{\"installed\":{\"client_id\":\"⟦dig:12⟧-⟦lan:32⟧.apps.googleusercontent.com\",\"project_id\":\"⟦co⟧-sheets\",\"client_secret\":\"⟦S⟧\",\"redirect_uris\":[\"http://localhost\"]}}",
  _gocspx, "\"project_id\":\"⟦co⟧-sheets\"")
T("stripe-secret-key-env",
  "# billing for the subcontractor portal\nSTRIPE_SECRET_KEY=⟦S⟧\nSTRIPE_PRICE_ID=price_⟦an:24⟧",
  _sk_live, "billing for the subcontractor portal")
T("stripe-webhook-signing-secret",
  "stripe listen --forward-to localhost:4242/webhooks\n> Ready! Your webhook signing secret is ⟦S⟧ (^C to quit)",
  _whsec, "--forward-to localhost:4242/webhooks")
T("sendgrid-api-key-settings",
  "EMAIL_BACKEND = \"sendgrid_backend.SendgridBackend\"\nSENDGRID_API_KEY = \"⟦S⟧\"",
  _sg, "sendgrid_backend.SendgridBackend")
T("mailgun-key-curl",
  "curl -s --user 'api:⟦S⟧' https://api.eu.mailgun.net/v3/mg.⟦domain⟧/messages -F from='Site Diary <diary@mg.⟦domain⟧>' -F to=⟦email⟧ -F subject='Daily report'",
  lambda: "key-" + _hex(32), "https://api.eu.mailgun.net/v3/mg.⟦domain⟧/messages")
T("twilio-auth-token-with-sid",
  "TWILIO_ACCOUNT_SID=AC⟦hex:32⟧\nTWILIO_AUTH_TOKEN=⟦S⟧\nTWILIO_FROM=+1555⟦dig:7⟧   # SMS alerts for crane wind speed",
  lambda: _hex(32), "SMS alerts for crane wind speed")
T("twilio-api-key-secret-pair",
  "client = Client(\"SK⟦hex:32⟧\", \"⟦S⟧\", account_sid=\"AC⟦hex:32:b⟧\")",
  lambda: _an(32), "client = Client(")
T("npm-token-npmrc-ci",
  "//registry.npmjs.org/:_authToken=⟦S⟧",
  _npm, "//registry.npmjs.org/:_authToken=")
T("pypi-token-pypirc",
  "[pypi]\n  username = __token__\n  password = ⟦S⟧",
  _pypi, "username = __token__")
T("dockerhub-pat-login-stdin",
  "echo ⟦S⟧ | docker login -u ⟦user⟧ --password-stdin",
  _dckr, "docker login -u ⟦user⟧ --password-stdin")
T("digitalocean-token-doctl",
  "doctl auth init --context field-sandbox --access-token ⟦S⟧",
  lambda: "dop_v1_" + _hex(64), "doctl auth init --context field-sandbox")
T("huggingface-token-env",
  "HF_TOKEN=⟦S⟧  # read-only, used to pull the crack-detection model",
  lambda: "hf_" + _s(_LO + _UP, 34), "used to pull the crack-detection model")
T("openai-project-key-env",
  "OPENAI_API_KEY=⟦S⟧\n# used by the spec-section summariser",
  lambda: "sk-proj-" + _s(_AN + "-_", 48) + "T3BlbkFJ" + _s(_AN + "-_", 48), "spec-section summariser")
T("anthropic-key-env",
  "ANTHROPIC_API_KEY=⟦S⟧ npm run summarise-rfis",
  lambda: "sk-ant-api03-" + _s(_AN + "-_", 93) + "AA", "npm run summarise-rfis")
T("datadog-api-app-keys",
  "DD_SITE=datadoghq.eu\nDD_API_KEY=⟦S⟧\nDD_APP_KEY=${DD_APP_KEY:?set in vault}",
  lambda: _hex(32), "DD_SITE=datadoghq.eu")
T("newrelic-user-key-header",
  "curl -X POST https://api.eu.newrelic.com/graphql -H 'API-Key: ⟦S⟧' -H 'Content-Type: application/json' -d '{\"query\":\"{ actor { user { name } } }\"}'",
  lambda: "NRAK-" + _uan(27), "https://api.eu.newrelic.com/graphql")
T("sentry-auth-token-sentryclirc",
  "[auth]\ntoken=⟦S⟧\n\n[defaults]\norg=⟦co⟧\nproject=site-diary-mobile",
  lambda: "sntrys_" + _b64u(60) + "_" + _s(_AN, 43), "project=site-diary-mobile")
T("atlassian-api-token-basic",
  "jira_user = \"⟦email⟧\"\njira_token = \"⟦S⟧\"  # id.atlassian.com API token",
  lambda: "ATATT3xFfGF0" + _s(_AN + "-_", 170) + "=" + _HEX(8), "# id.atlassian.com API token")
T("azure-storage-connection-string",
  "AZURE_STORAGE_CONNECTION_STRING=\"DefaultEndpointsProtocol=https;AccountName=⟦coflat⟧scans;AccountKey=⟦S⟧;EndpointSuffix=core.windows.net\"",
  _az_acct_key, "AccountName=⟦coflat⟧scans")
T("azure-ad-client-secret-json",
  "{\n  \"tenantId\": \"⟦uuid⟧\",\n  \"clientId\": \"⟦uuid2⟧\",\n  \"clientSecret\": \"⟦S⟧\",\n  \"sharepointSite\": \"https://⟦co⟧.sharepoint.com/sites/⟦pcode⟧\"\n}",
  _az_cs, "\"sharepointSite\"")
T("azure-devops-pat-git-extraheader",
  "git -c http.extraheader=\"AUTHORIZATION: basic ⟦B⟧\" clone https://dev.azure.com/⟦co⟧/Estimating/_git/RateBook",
  _ado_pat, "https://dev.azure.com/⟦co⟧/Estimating/_git/RateBook",
  der=lambda c: c.__setitem__("B", _b64s(":" + c["S"])), key="B")
T("mapbox-secret-token-env",
  "MAPBOX_DOWNLOADS_TOKEN=⟦S⟧  # sk. token with DOWNLOADS:READ for the iOS SDK",
  lambda: _mapbox_sk(ch(_UFIRST)), "DOWNLOADS:READ for the iOS SDK")
T("esri-arcgis-api-key-js",
  "esriConfig.apiKey = \"⟦S⟧\";\nconst map = new Map({ basemap: \"arcgis/imagery\" });",
  _esri, "basemap: \"arcgis/imagery\"")
T("cesium-ion-token-js",
  "Cesium.Ion.defaultAccessToken = '⟦S⟧';",
  _cesium_jwt, "Cesium.Ion.defaultAccessToken")
T("aps-client-secret-labelled",
  "APS app \"⟦co⟧-model-derivative\" (EMEA)\nClient ID: ⟦an:32⟧\nClient Secret: ⟦S⟧",
  lambda: _an(64), "(EMEA)")
T("aps-bearer-token-viewer-init",
  "Autodesk.Viewing.Initializer({ env: 'AutodeskProduction2', api: 'streamingV2', getAccessToken: cb => cb('⟦S⟧', 3599) }, start);",
  _aps_jwt, "env: 'AutodeskProduction2'")
T("procore-access-token-header",
  "Authorization: Bearer ⟦S⟧\nProcore-Company-Id: ⟦dig:6⟧",
  lambda: "eyJhbGciOiJFUzUxMiJ9." + _b64u(140) + "." + _b64u(132), "Procore-Company-Id: ⟦dig:6⟧")
T("trimble-identity-client-secret",
  "Trimble Identity app: ⟦co⟧-connect-sync\n  Application ID: ⟦uuid⟧\n  Client secret: ⟦S⟧",
  lambda: _uuid().replace("-", "") + _hex(8), "Trimble Identity app: ⟦co⟧-connect-sync")
T("bentley-itwin-client-secret-yaml",
  "itwin:\n  client_id: service-⟦an:30⟧\n  client_secret: ⟦S⟧\n  scopes: [itwin-platform]",
  _itwin_secret, "scopes: [itwin-platform]")
T("dronedeploy-api-key-query",
  "GET https://www.dronedeploy.com/api/v1/plan?api_key=⟦S⟧&limit=50",
  _dd_key, "https://www.dronedeploy.com/api/v1/plan")
T("pix4d-cloud-client-secret",
  "PIX4D_CLIENT_ID=⟦an:24⟧\nPIX4D_CLIENT_SECRET=⟦S⟧\nPIX4D_API=https://cloud.pix4d.com/common/api/v4",
  lambda: _an(48), "PIX4D_API=https://cloud.pix4d.com/common/api/v4")
T("samsara-api-token-header",
  "curl -s https://api.eu.samsara.com/fleet/equipment -H \"Authorization: Bearer ⟦S⟧\"",
  _samsara, "https://api.eu.samsara.com/fleet/equipment")
T("geotab-session-credentials-json",
  "{\"credentials\":{\"database\":\"⟦co⟧\",\"sessionId\":\"⟦S⟧\",\"userName\":\"⟦email⟧\"},\"path\":\"my⟦n⟧.geotab.com\"}",
  lambda: _b64u(16), "\"path\":\"my⟦n⟧.geotab.com\"")
T("verkada-api-key-header",
  "curl -s 'https://api.verkada.com/cameras/v1/devices' -H 'x-api-key: ⟦S⟧' | jq '.cameras[].name'",
  lambda: "vkd_api_" + _an(40), "https://api.verkada.com/cameras/v1/devices")
T("brivo-api-key-and-secret",
  "BRIVO_API_KEY=⟦K⟧\nBRIVO_CLIENT_SECRET=⟦S⟧",
  lambda: _an(40), "BRIVO_API_KEY=", der=lambda c: c.__setitem__("K", _an(32)))
T("openpath-api-token",
  "Authorization: Bearer ⟦S⟧   (Openpath/Alta org ⟦dig:5⟧, door-unlock scope)",
  lambda: _jwt("https://api.openpath.com", {"o": _R.randint(10000, 99999)}, alg="HS256", sig_bytes=32),
  "door-unlock scope")
T("docusign-secret-key-labelled",
  "DocuSign app \"Subcontract e-sign\"\nIntegration Key: ⟦uuid⟧\nSecret Key: ⟦S⟧\nRedirect URI: https://⟦host⟧/ds/callback",
  _uuid, "Integration Key: ⟦uuid⟧")
T("adobe-sign-integration-key",
  "ADOBE_SIGN_INTEGRATION_KEY=⟦S⟧\nADOBE_SIGN_API=https://api.eu1.adobesign.com/api/rest/v6",
  lambda: "3AAABLblqZh" + _s(_AN + "-_*", 75), "ADOBE_SIGN_API=https://api.eu1.adobesign.com/api/rest/v6")
T("dropbox-sign-api-key-basic",
  "curl -u '⟦S⟧:' https://api.hellosign.com/v3/signature_request/list",
  lambda: _hex(64), "https://api.hellosign.com/v3/signature_request/list")
T("matterport-token-id-secret",
  "matterport:\n  token_id: ⟦hex:24⟧\n  token_secret: ⟦S⟧",
  lambda: _hex(32), "matterport:")
T("point-one-polaris-api-key",
  "polaris_client --api_key=⟦S⟧ --unique_id=rover-⟦site⟧ --receiver_port=/dev/ttyACM0",
  lambda: _lan(32), "--receiver_port=/dev/ttyACM0")
T("ttn-api-key-lorawan",
  "TTN_API_KEY=⟦S⟧  # gateway + application rights, concrete sensors on ⟦site⟧",
  _ttn, "concrete sensors on ⟦site⟧")
T("particle-access-token-cli",
  "particle call ⟦hex:24⟧ resetLogger --token ⟦S⟧",
  lambda: _hex(40), "particle call ⟦hex:24⟧ resetLogger")
T("telegram-bot-token-url",
  "https://api.telegram.org/bot⟦S⟧/sendMessage?chat_id=-100⟦dig:10⟧&text=Pour+started+on+⟦site⟧",
  _tg, "/sendMessage?chat_id=-100")
T("vault-service-token-env",
  "VAULT_ADDR=https://vault.⟦domain⟧:8200\nVAULT_TOKEN=⟦S⟧",
  _hvs, "VAULT_ADDR=https://vault.⟦domain⟧:8200")
T("terraform-cloud-token-credentials",
  "credentials \"app.terraform.io\" {\n  token = \"⟦S⟧\"\n}",
  lambda: _an(14) + ".atlasv1." + _an(67), "credentials \"app.terraform.io\"")
T("okta-ssws-header",
  "curl -H \"Authorization: SSWS ⟦S⟧\" https://⟦co⟧.okta.com/api/v1/users?filter=status+eq+%22ACTIVE%22",
  lambda: "00" + _s(_AN + "-_", 40), "https://⟦co⟧.okta.com/api/v1/users")
T("cloudflare-api-token-wrangler",
  "CLOUDFLARE_API_TOKEN=⟦S⟧ wrangler deploy --env production",
  lambda: _s(_AN + "-_", 40), "wrangler deploy --env production")
T("pagerduty-integration-key",
  "routing_key: ⟦S⟧   # PagerDuty Events v2, service: Site Power Monitoring",
  lambda: _hex(32), "service: Site Power Monitoring")
T("postman-api-key-env",
  "POSTMAN_API_KEY=⟦S⟧",
  lambda: "PMAK-" + _hex(24) + "-" + _hex(34), "POSTMAN_API_KEY=")
T("airtable-pat-header",
  "Authorization: Bearer ⟦S⟧  (Airtable base app⟦an:14⟧ – snag list)",
  lambda: "pat" + _an(14) + "." + _hex(64), "snag list")
T("notion-integration-secret",
  "NOTION_TOKEN=⟦S⟧\nNOTION_DB_ID=⟦hex:32⟧  # lessons-learned database",
  lambda: ch(["secret_" + _an(43), "ntn_" + _dig(11) + _an(35)]), "# lessons-learned database")
T("grafana-service-account-token",
  "grafana_auth: ⟦S⟧\ngrafana_url: https://⟦host⟧/grafana",
  lambda: "glsa_" + _an(32) + "_" + _hex(8), "grafana_url: https://⟦host⟧/grafana")
T("jfrog-reference-token",
  "ARTIFACTORY_ACCESS_TOKEN=⟦S⟧",
  lambda: "cmVmdGtuOjAxOjE3" + _an(48), "ARTIFACTORY_ACCESS_TOKEN=")
T("firebase-fcm-server-key",
  "FCM_SERVER_KEY=⟦S⟧  # push notifications for the site diary app",
  lambda: "AAAA" + _s(_AN + "-_", 7) + ":APA91b" + _s(_AN + "-_", 134), "push notifications for the site diary app")
T("algolia-admin-api-key",
  "ALGOLIA_APP_ID=⟦uan:10⟧\nALGOLIA_ADMIN_KEY=⟦S⟧   # indexes the product submittal library",
  lambda: _hex(32), "indexes the product submittal library")
T("doppler-service-token",
  "DOPPLER_TOKEN=⟦S⟧ doppler run -- ./start.sh",
  lambda: "dp.st.prd." + _an(40), "doppler run -- ./start.sh")
T("trackunit-api-token-header",
  "GET https://api.trackunit.com/public/machines?limit=100\nAuthorization: Bearer ⟦S⟧",
  lambda: _an(40), "https://api.trackunit.com/public/machines")
T("box-developer-token",
  "box configure:environments:update --developer-token ⟦S⟧  # 60-minute dev token",
  lambda: _an(32), "# 60-minute dev token")


# ===========================================================================
# BENIGN look-alikes: no credential inside, but secret-ish to a naive scanner
# ===========================================================================
def _g_urn():
    return _b64us("urn:adsk.objects:os.object:%s/%s" % (_co() + "-" + ch(_BUCKETSFX), ch(_FILES)))


def _g_fpc():
    return ":".join(_HEX(2) for _ in range(32))


def _g_mac():
    return ":".join(_hex(2) for _ in range(6))


def _g_vin():
    return _s("ABCDEFGHJKLMNPRSTUVWXYZ0123456789", 17)


def _g_sshpub():
    return "AAAAC3NzaC1lZDI1NTE5AAAAI" + _b64(32)[:43]


def _g_b64txt():
    txt = ch(["Pour complete on %s, slump 110mm, 6 cubes taken" % ch(_SITES),
              "Level 3 slab inspected by %s, no defects" % ch(_PEOPLE),
              "RFI %d: clarify lintel bearing at grid C/4" % _R.randint(100, 999),
              "crane %d out of service until %s" % (_R.randint(1, 4), _g_date()),
              "drawing %s superseded by rev %s" % (ch(_FILES), ch("BCDEFG")),
              "survey control point CP%02d re-observed" % _R.randint(1, 40)])
    return _b64s(txt)


_GEN.update({"urn": _g_urn, "fpc": _g_fpc, "mac": _g_mac, "vin": _g_vin,
             "sshpub": _g_sshpub, "b64txt": _g_b64txt, "UUID": _UUID,
             "lic": lambda: ch(["87545ACD_2025_0F", "86974RVT_2025_0F", "87048NAVSIM_2024_0F",
                                "87535C3D_2025_0F", "86987ARCH_2025_0F", "87622ACDLT_2025_0F"]),
             "env": lambda: ch(["APS_CLIENT_SECRET", "PROCORE_CLIENT_SECRET", "NTRIP_PASS",
                                "DRONEDEPLOY_API_KEY", "SAMSARA_TOKEN", "GEOTAB_PASSWORD",
                                "DOCUSIGN_PRIVATE_KEY", "ACONEX_PASSWORD", "TRIMBLE_CLIENT_SECRET",
                                "CESIUM_ION_TOKEN", "ITWIN_CLIENT_SECRET", "KISI_API_KEY"])})

_BENIGN_T = []


def B(tpl):
    _BENIGN_T.append(tpl)


# --- commands ---------------------------------------------------------------
B("sha256sum ⟦file⟧\n⟦hex:64⟧  ⟦file⟧")
B("docker pull ⟦host⟧/survey/ntrip-bridge@sha256:⟦hex:64⟧")
B("export APS_CLIENT_SECRET=\"$(vault kv get -field=client_secret kv/aps/⟦co⟧)\"")
B("curl -s -H \"Authorization: Bearer $APS_TOKEN\" https://developer.api.autodesk.com/oss/v2/buckets/⟦bucket⟧/details | jq .policyKey")
B("psql \"host=⟦host⟧ dbname=⟦db⟧ user=⟦user⟧ sslmode=require\"   # password is read from ~/.pgpass")
B("mysql -h ⟦host⟧ -u ⟦user⟧ -p ⟦db⟧   # -p with no value: prompts for the password")
B("docker login ⟦host⟧ -u ⟦user⟧ --password-stdin < /run/secrets/registry_token")
B("kubectl -n ⟦ns⟧ create secret generic ntrip-creds --from-env-file=./ntrip.env --dry-run=client -o yaml | kubeseal -o yaml > ntrip-sealed.yaml")
B("gpg --keyserver hkps://keys.openpgp.org --recv-keys ⟦HEX:40⟧")
B("str2str -in \"ntrip://${NTRIP_USER}:${NTRIP_PASS}@⟦caster⟧:2101/⟦mount⟧\" -out file://./rtcm_%Y%m%d%h.rtcm3::S=1")
B("git checkout ⟦sha⟧ -- models/⟦file⟧")
B("aws s3 cp ./orthos s3://⟦bucket⟧/⟦pcode⟧/ --recursive --sse aws:kms --sse-kms-key-id arn:aws:kms:⟦region⟧:⟦dig:12⟧:key/⟦uuid⟧")
B("az keyvault secret show --vault-name kv-⟦co⟧-prod --name ⟦word⟧-client-secret --query id -o tsv")
B("NTRIP_PASS=\"$(op read 'op://Survey/VRS ⟦city⟧/password')\" ./start-rover.sh --mount ⟦mount⟧")
B("gh secret list --repo ⟦org⟧/connect-sync\nAPS_CLIENT_SECRET        Updated ⟦date⟧\nPROCORE_CLIENT_SECRET    Updated ⟦date2⟧")
B("openssl rand -hex 32 | sudo tee /etc/fieldapp/webhook_secret > /dev/null   # generated on the box, never echoed")
B("certutil -hashfile \"⟦file⟧\" SHA256\nSHA256 hash of ⟦file⟧:\n⟦hex:64⟧\nCertUtil: -hashfile command completed successfully.")
B("git rev-parse HEAD\n⟦sha⟧")
B("docker image inspect --format '{{.Id}}' ⟦host⟧/field/sitecam:⟦ver⟧\nsha256:⟦hex:64⟧")
B("lmutil lmstat -a -c 27000@⟦host⟧ | grep 'Users of ⟦lic⟧'")
B("curl -s http://⟦caster⟧:2101/ | grep '^STR;⟦mount⟧'")
B("npm view @⟦org⟧/viewer-ext@⟦ver⟧ dist.integrity\nsha512-⟦b64:64⟧")
B("uuidgen | tr a-f A-F\n⟦UUID⟧")
B("echo -n 'urn:adsk.objects:os.object:⟦bucket⟧/⟦file⟧' | base64 | tr '+/' '-_' | tr -d '='")
B("ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:⟦b64u:32⟧ ⟦user⟧@⟦host⟧ (ED25519)")
B("read -s -p 'Caster password: ' NTRIP_PASS && export NTRIP_PASS")
B("vault kv get -field=password secret/ntrip/⟦site⟧ > /dev/null && echo 'secret present'")
B("git log --oneline -n 3\n⟦sha7⟧ fix: round rebar weights to 0.1 kg\n⟦hex:7⟧ feat: export IFC4 property sets\n⟦hex:7:b⟧ chore: bump Revit API to 2025")
B("aws ssm get-parameter --name /field/⟦ns⟧/⟦word⟧ --with-decryption --query Parameter.Version")
B("kubectl -n ⟦ns⟧ rollout restart deploy/procore-sync   # picks up the rotated secret")
B("curl -sf \"https://⟦host⟧/healthz?build=⟦sha7⟧\" && echo up")
B("sqlcmd -S ⟦host⟧ -E -d ⟦db⟧ -Q \"select count(*) from dbo.BidItems\"   # -E = Windows auth, no password")
B("htpasswd -B /etc/nginx/.htpasswd_plans ⟦user⟧   # prompts twice for the new password")

# --- tool output ------------------------------------------------------------
B("$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account ⟦user⟧ (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo'")
B("$ kubectl get secrets -n ⟦ns⟧\nNAME                 TYPE     DATA   AGE\naconex-credentials   Opaque   2      ⟦n⟧d\nprocore-api          Opaque   2      ⟦n2⟧d\nregistry-pull        kubernetes.io/dockerconfigjson   1   ⟦n3⟧d")
B("$ aws sts get-caller-identity\n{\n    \"UserId\": \"AROA⟦b32:17⟧:⟦user⟧\",\n    \"Account\": \"⟦dig:12⟧\",\n    \"Arn\": \"arn:aws:sts::⟦dig:12⟧:assumed-role/SurveyUploader/⟦user⟧\"\n}")
B("$ terraform plan\n  # aws_db_instance.estimating will be updated in-place\n  ~ resource \"aws_db_instance\" \"estimating\" {\n      ~ password = (sensitive value)\n        id       = \"⟦db⟧-prod\"\n    }")
B("$ vault kv metadata get secret/ntrip/⟦site⟧\n======= Metadata Path =======\nsecret/metadata/ntrip/⟦site⟧\ncurrent_version         ⟦n⟧\ncreated_time            ⟦ts⟧\nmax_versions            0")
B("$ env | grep -iE 'token|secret|pass'\nAPS_CLIENT_SECRET=<set>\nNTRIP_PASS=********\nPROCORE_TOKEN_FILE=/run/secrets/procore_token")
B("$ docker images --digests ⟦host⟧/field/sitecam\nREPOSITORY                TAG      DIGEST                                                                    IMAGE ID\n⟦host⟧/field/sitecam   ⟦ver⟧   sha256:⟦hex:64⟧   ⟦hex:12⟧")
B("$ openssl x509 -in site-gateway.crt -noout -subject -fingerprint -sha256\nsubject=CN = gw-⟦site⟧.⟦co⟧.local\nsha256 Fingerprint=⟦fpc⟧")
B("$ ssh-keyscan -t ed25519 ⟦host⟧\n# ⟦host⟧:22 SSH-2.0-OpenSSH_9.6\n⟦host⟧ ssh-ed25519 ⟦sshpub⟧")
B("$ curl -sI https://⟦bucket⟧.s3.⟦region⟧.amazonaws.com/⟦pcode⟧/⟦file⟧\nHTTP/1.1 200 OK\nETag: \"⟦hex:32⟧\"\nx-amz-request-id: ⟦HEX:16⟧\nx-amz-version-id: ⟦an:32⟧")
B("$ az account show --query '{tenant:tenantId, sub:id, user:user.name}'\n{\n  \"sub\": \"⟦uuid⟧\",\n  \"tenant\": \"⟦uuid2⟧\",\n  \"user\": \"⟦email⟧\"\n}")
B("$ pip hash dist/ntrip_tools-⟦ver⟧-py3-none-any.whl\ndist/ntrip_tools-⟦ver⟧-py3-none-any.whl:\n--hash=sha256:⟦hex:64⟧")
B("$ lmutil lmstat -a -c 27000@⟦host⟧\nUsers of ⟦lic⟧:  (Total of 25 licenses issued;  Total of ⟦n⟧ licenses in use)\n    ⟦user⟧ ESTIM-PC⟦dig:2⟧ ESTIM-PC⟦dig:2⟧ (v1.000) (⟦host⟧/27000 ⟦num⟧), start Wed 6/11 8:02")
B("$ kubectl describe secret procore-api -n ⟦ns⟧\nName:         procore-api\nType:  Opaque\n\nData\n====\nclient_id:      64 bytes\nclient_secret:  64 bytes")
B("$ aws secretsmanager list-secrets --query 'SecretList[].Name'\n[\n    \"prod/vista/sql\",\n    \"prod/procore/oauth\",\n    \"prod/⟦word⟧/api-key\"\n]")
B("$ gcloud secrets list --format='value(name)'\ncesium-ion-token\ndronedeploy-api-key\nntrip-⟦site⟧-password")
B("$ git check-ignore -v .env\n.gitignore:4:.env*\t.env")
B("$ curl -s http://⟦caster⟧:2101/ | head -3\nSOURCETABLE 200 OK\nSTR;⟦mount⟧;⟦city⟧;RTCM 3.2;1004(1),1005(10),1012(1);2;GPS+GLO;SNIP;GBR;53.80;-1.55;1;0;sNTRIP;none;B;N;4800;\nENDSOURCETABLE")
B("$ teqc +meta ⟦site⟧1620.25o | head -5\nfilename:     ⟦site⟧1620.25o\nreceiver type: TRIMBLE R12i\nreceiver s/n: ⟦dig:10⟧\nantenna type: TRM105000.10    NONE\nantenna s/n:  ⟦dig:10:b⟧")
B("$ curl -s -H \"Authorization: Bearer $APS_TOKEN\" .../designdata/⟦urn⟧/manifest | jq '{status, progress}'\n{\n  \"status\": \"success\",\n  \"progress\": \"complete\"\n}")
B("$ az ad app credential list --id ⟦uuid⟧ -o table\nCustomKeyIdentifier    DisplayName    EndDateTime            Hint    KeyId\n---------------------  -------------  ---------------------  ------  ------------------------------------\n                       ci-2025        ⟦ts⟧   ⟦an:3⟧     ⟦uuid2⟧")
B("$ npm ls --all --json | jq -r '.dependencies[\"@⟦org⟧/viewer-ext\"].resolved'\nhttps://npm.pkg.github.com/download/@⟦org⟧/viewer-ext/⟦ver⟧/⟦hex:40⟧")
B("$ docker inspect fieldapp --format '{{json .Config.Env}}'\n[\"DB_PASSWORD_FILE=/run/secrets/db_password\",\"APS_SECRET_NAME=aps-oauth\",\"TZ=UTC\"]")
B("$ cat .env.example\nAPS_CLIENT_ID=\nAPS_CLIENT_SECRET=\nNTRIP_USER=<your-ntrip-user>\nNTRIP_PASS=<your-ntrip-password>")
B("$ git log -1 --format='%H %an %ad'\n⟦sha⟧ ⟦person⟧ Wed Jun 11 ⟦time⟧ 2025 +0100")
B("$ cosign verify ⟦host⟧/field/sitecam@sha256:⟦hex:64⟧ --key cosign.pub\nVerification for ⟦host⟧/field/sitecam@sha256:⟦hex:64⟧ --\n  - The signatures were verified against the specified public key")

# --- config -----------------------------------------------------------------
B("# .env.example\nPROCORE_CLIENT_ID=\nPROCORE_CLIENT_SECRET=CHANGE_ME\nPROCORE_COMPANY_ID=⟦dig:6⟧")
B("database:\n  host: ⟦host⟧\n  user: ⟦user⟧\n  password: ${DB_PASSWORD}\n  name: ⟦db⟧")
B("postgres:\n  image: postgres:16\n  environment:\n    POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n  secrets:\n    - pg_password")
B("{\n  \"Aps\": {\n    \"ClientId\": \"\",\n    \"ClientSecret\": \"<set via dotnet user-secrets>\",\n    \"Bucket\": \"⟦bucket⟧\"\n  }\n}")
B("<add key=\"ProcoreClientSecret\" value=\"********\" />  <!-- real value injected by Octopus -->")
B("[caster]\nhost = ⟦caster⟧\nport = 2101\nmountpoint = ⟦mount⟧\nuser = ⟦user⟧\npassword =\n; leave empty: read from keyring at runtime")
B("env:\n  - name: NTRIP_PASS\n    valueFrom:\n      secretKeyRef:\n        name: ntrip-creds\n        key: password")
B("resource \"random_password\" \"db\" {\n  length  = 24\n  special = true\n}\n\nresource \"aws_db_instance\" \"estimating\" {\n  password = random_password.db.result\n}")
B("SERVER ⟦host⟧ ⟦hex:12⟧ 27000\nUSE_SERVER\nVENDOR adskflex port=2080")
B("# adskflex.opt\nGROUP estimators ⟦user⟧ ⟦user2⟧ ⟦user3⟧\nINCLUDE ⟦lic⟧ GROUP estimators\nTIMEOUTALL 7200")
B("[Servers]\n⟦host⟧\n⟦host2⟧\n; RSN.ini - Revit Server names, one per line")
B("location /plans/ {\n    auth_basic           \"Drawing register\";\n    auth_basic_user_file /etc/nginx/.htpasswd_plans;\n}")
B("password: ENC[AES256_GCM,data:⟦b64:12⟧,iv:⟦b64:32⟧,tag:⟦b64:16⟧,type:str]\nsops:\n    kms:\n        - arn: arn:aws:kms:⟦region⟧:⟦dig:12⟧:key/⟦uuid⟧")
B("$ANSIBLE_VAULT;1.1;AES256\n⟦hex:64⟧\n⟦hex:64:b⟧\n⟦hex:32⟧")
B("#12= IFCWALL('⟦ifc⟧',#5,'Basic Wall:EW-200:⟦num⟧',$,'Basic Wall:EW-200',#40,#58,'⟦num2⟧',.STANDARD.);")
B("#7= IFCPROJECT('⟦ifc⟧',#5,'⟦proj⟧',$,$,$,$,(#20),#9);")
B("# authorized_keys on the rover gateway\nssh-ed25519 ⟦sshpub⟧ ⟦user⟧@⟦host⟧")
B("⟦host⟧ ssh-ed25519 ⟦sshpub⟧\n# known_hosts entry added after verifying the fingerprint by phone")
B("-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA⟦b64:32⟧\n-----END PUBLIC KEY-----\n# DocuSign Connect HMAC verification uses the shared secret; this public key is for webhook JWS")
B("spring:\n  datasource:\n    url: jdbc:postgresql://⟦host⟧:5432/⟦db⟧\n    username: ${DB_USER}\n    password: ${DB_PASSWORD:}")
B("aps:\n  scopes: [data:read, data:write, bucket:read]\n  token_url: https://developer.api.autodesk.com/authentication/v2/token\n  client_secret_env: APS_CLIENT_SECRET")
B("services:\n  sync:\n    env_file: .env   # not committed, see .env.example\n    image: ⟦host⟧/bim/procore-sync:⟦ver⟧")
B("# .gitignore\n.env\n.env.*\n!.env.example\n*.pfx\n*.p12\nsecrets/\nterraform.tfvars")
B("\"resolved\": \"https://registry.npmjs.org/@itwin/core-backend/-/core-backend-⟦ver⟧.tgz\",\n\"integrity\": \"sha512-⟦b64:64⟧\"")
B("[[package]]\nname = \"pyproj\"\nversion = \"⟦ver⟧\"\nfiles = [\n    {file = \"pyproj-⟦ver⟧-cp312-cp312-manylinux.whl\", hash = \"sha256:⟦hex:64⟧\"},\n]")
B("revit:\n  shared_parameter_guid: ⟦uuid⟧\n  element_unique_id: ⟦uuid2⟧-⟦hex:8⟧")
B("ntrip:\n  caster: ⟦caster⟧\n  mountpoint: ⟦mount⟧\n  credentials: vault:secret/data/ntrip/⟦site⟧   # username + password live here")
B("externalSecret:\n  refreshInterval: 1h\n  secretStoreRef: {name: aws-sm, kind: ClusterSecretStore}\n  data:\n    - secretKey: password\n      remoteRef: {key: prod/aconex, property: password}")
B("apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: geotab\nspec:\n  encryptedData:\n    GEOTAB_PASSWORD: AgB⟦b64:120⟧")
B("[license]\nserver = ⟦host⟧:7777\nseat_pool = photogrammetry\n# key is activated per machine with the licence tool; do not put it here")
B("password_policy:\n  min_length: 14\n  require_symbol: true\n  history: 12\n  max_age_days: 365")
B("<Credentials userName=\"onvif_rec\" password=\"\" passwordRef=\"vault://cams/⟦site⟧/onvif\" />")
B("wifi:\n  ssid: ⟦co⟧-Cabin\n  psk_file: /etc/wifi/cabin.psk   # provisioned by MDM")
B("[[outputs.influxdb_v2]]\n  urls = [\"http://⟦ip⟧:8086\"]\n  token = \"$INFLUX_TOKEN\"\n  organization = \"⟦co⟧\"")
B("smtp:\n  host: smtp.⟦domain⟧\n  port: 587\n  user: site-reports@⟦domain⟧\n  password: \"{{ lookup('env', 'SMTP_PASSWORD') }}\"")

# --- source code ------------------------------------------------------------
B("client_secret = os.environ[\"⟦env⟧\"]  # KeyError if unset is intentional")
B("password = getpass.getpass(\"NTRIP password for %s: \" % mountpoint)")
B("digest = hashlib.sha256(ifc_bytes).hexdigest()\nassert digest == \"⟦hex:64⟧\", \"model changed since QA sign-off\"")
B("CACHE_KEY = f\"tiles:{z}:{x}:{y}:⟦hex:12⟧\"  # hash of the ortho source, not a secret")
B("TOKEN_URL = \"https://developer.api.autodesk.com/authentication/v2/token\"\nSCOPES = [\"data:read\", \"bucket:read\", \"viewables:read\"]")
B("var secret = Environment.GetEnvironmentVariable(\"⟦env⟧\")\n    ?? throw new InvalidOperationException(\"⟦env⟧ is not set\");")
B("const token = process.env.CESIUM_ION_TOKEN;\nif (!token) throw new Error('CESIUM_ION_TOKEN missing - see README#tokens');")
B("fixture = {\"username\": \"⟦user⟧\", \"password\": \"<redacted>\", \"mount\": \"⟦mount⟧\"}")
B("GH_TOKEN_RE = re.compile(r\"^gh[pousr]_[A-Za-z0-9]{36}$\")\nAPS_SECRET_RE = re.compile(r\"^[A-Za-z0-9]{16}$|^[A-Za-z0-9]{64}$\")")
B("password_hash = Column(String(60), nullable=False)  # bcrypt\napi_key_prefix = Column(String(8), index=True)")
B("SAMPLE_URN = \"⟦urn⟧\"  # base64url of the OSS object id, safe to log")
B("private static readonly Guid RoomAreaParam = new Guid(\"⟦uuid⟧\");")
B("const ELEMENT_UID = '⟦uuid⟧-⟦hex:8⟧'; // Revit UniqueId of the level-3 slab")
B("IFC_CHARS = \"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$\"\nassert compress(uuid.UUID(\"⟦uuid⟧\")) == \"⟦ifc⟧\"")
B("if len(api_key) != 32:\n    raise ValueError(\"DroneDeploy API keys are 32 characters; got %d\" % len(api_key))")
B("pass := os.Getenv(\"NTRIP_PASS\")\nif pass == \"\" {\n\tlog.Fatal(\"NTRIP_PASS not set\")\n}")
B("SELECT id, vendor, token_sha256 FROM integration_tokens WHERE token_sha256 = ?  -- we only store hashes")
B("const PROJECTION = \"EPSG:⟦dig:5⟧\";\nconst GEOID = \"OSGM15\";")
B("def mask(secret: str) -> str:\n    return secret[:4] + \"*\" * (len(secret) - 4)")
B("headers = {\"Authorization\": f\"Bearer {token}\", \"x-ads-region\": \"EMEA\"}")
B("conn = psycopg2.connect(host=\"⟦host⟧\", dbname=\"⟦db⟧\", user=\"⟦user⟧\", password=os.environ[\"PGPASSWORD\"])")
B("# Tokens expire after 3599 s; refresh 60 s early.\nREFRESH_MARGIN = 60")
B("KEY_ID = \"⟦an:20⟧\"  # public 'kid' from the JWKS, used to pick the verification key")
B("expect(mask('abcd1234efgh')).toBe('abcd********');")
B("assert response.headers[\"ETag\"] == '\"⟦hex:32⟧\"'")
B("const IDEMPOTENCY_KEY = crypto.randomUUID(); // e.g. ⟦uuid⟧")
B("public const string TokenEndpoint = \"https://ims.bentley.com/connect/token\";\npublic const string Scope = \"itwin-platform\";")
B("rfi_title_b64 = \"⟦b64txt⟧\"  # base64 of the plain-text RFI title, decoded by the webhook consumer")

# --- logs -------------------------------------------------------------------
B("⟦ts⟧ INFO  http GET /rest/v1.0/projects 200 Authorization: Bearer [REDACTED] request_id=⟦uuid⟧")
B("⟦ts⟧ DEBUG aps.auth token refreshed expires_in=3599 token=*** scope=\"data:read\"")
B("⟦ts⟧ INFO request_id=⟦uuid⟧ trace_id=⟦hex:32⟧ span_id=⟦hex:16⟧ route=/api/rfis status=200 dur_ms=⟦n⟧")
B("ERROR 1045 (28000): Access denied for user '⟦user⟧'@'⟦ip⟧' (using password: YES)")
B("⟦ts⟧ WARN  Login failed for user '⟦user⟧'. Reason: Password did not match that for the login provided. [CLIENT: ⟦ip⟧]")
B("Looking in indexes: https://⟦user⟧:****@⟦host⟧/repository/pypi-internal/simple/")
B("Parameters: {\"authenticity_token\"=>\"[FILTERED]\", \"user\"=>{\"email\"=>\"⟦email⟧\", \"password\"=>\"[FILTERED]\"}}")
B("⟦ts⟧ INFO webhook verified X-Procore-Signature sha256=⟦hex:64⟧ delivery=⟦uuid⟧")
B("⟦ts⟧ INFO model-derivative urn=⟦urn⟧ status=success progress=complete")
B("⟦date⟧ 06:00:04 NTRIP: HTTP/1.1 401 Unauthorized for user ⟦user⟧ on ⟦mount⟧ (check password in vault)")
B("⟦time⟧ (adskflex) OUT: \"⟦lic⟧\" ⟦user⟧@ESTIM-PC⟦dig:2⟧")
B("2025-06-11T09:14:22.2011455Z env:\n2025-06-11T09:14:22.2011601Z   APS_CLIENT_SECRET: ***\n2025-06-11T09:14:22.2011702Z   PROCORE_CLIENT_SECRET: ***")
B("Sentry: captured event ⟦hex:32⟧ (release fieldapp@⟦ver⟧)")
B("Normal  Pulled  ⟦n⟧s  kubelet  Successfully pulled image \"⟦host⟧/field/sitecam@sha256:⟦hex:64⟧\" in 2.1s")
B("⟦ts⟧ ERROR password policy check failed for ⟦user⟧: must be at least 14 characters and not reuse the last 12")
B("⟦ts⟧ DEBUG outgoing Cookie: fieldapp_session=<redacted>; csrftoken=<redacted>")
B("⟦ts⟧ WARN  JWT validation failed: kid=⟦an:20⟧ not found in JWKS, refetching https://⟦host⟧/.well-known/jwks.json")
B("⟦ts⟧ INFO docusign envelope ⟦uuid⟧ status=completed recipients=3")
B("⟦ts⟧ INFO adobe-sign agreement CBJCHBCAABAA⟦an:34⟧ status=SIGNED participant=⟦email⟧")
B("⟦ts⟧ INFO trimble-connect file ⟦an:22⟧ version ⟦n⟧ uploaded to folder ⟦an:22:b⟧")
B("⟦ts⟧ INFO aws request_id=⟦HEX:16⟧ extended_request_id=⟦b64:54⟧ op=PutObject key=⟦pcode⟧/⟦file⟧")
B("⟦ts⟧ INFO dronedeploy plan=⟦hex:24⟧ map=⟦hex:24:b⟧ status=processing images=⟦num⟧")
B("⟦ts⟧ WARN  ntrip client: password for ⟦user⟧ expires in 7 days, renew at the caster portal")
B("⟦ts⟧ INFO  secrets: loaded 4 values from vault path kv/data/procore/prod (version ⟦n⟧)")
B("⟦ts⟧ INFO  samsara vehicle ⟦dig:15⟧ vin=⟦vin⟧ engine=On fuel=⟦n⟧%")
B("⟦ts⟧ INFO  access-control door=⟦dig:6⟧ badge=⟦dig:8⟧ event=ACCESS_GRANTED site=⟦site⟧")
B("⟦ts⟧ INFO  gnss rx serial=⟦dig:10⟧ mac=⟦mac⟧ fw=⟦ver⟧ fix=RTK_FIXED hdop=0.7")
B("fatal: Authentication failed for 'https://git.⟦domain⟧/survey/survey-scripts.git/'")
B("⟦ts⟧ INFO upload complete etag=\"⟦hex:32⟧-⟦n⟧\" parts=⟦n2⟧ bucket=⟦bucket⟧")

# --- notes and chat -----------------------------------------------------------
B("The NTRIP caster password is in 1Password under 'Survey / VRS ⟦city⟧' - ask ⟦person⟧ for access.")
B("Rotated the Procore client secret on ⟦date⟧; the new one is in Vault at kv/procore/prod (don't paste it here).")
B("Password policy reminder: at least 14 characters, no reuse of the last 12, rotate service accounts yearly.")
B("Please don't paste tokens into Slack; use the #secrets-request workflow and share via Vault.")
B("⟦person⟧: Das Passwort liegt im Tresor (Ordner Baustelle ⟦site⟧), bitte nicht per Mail schicken.")
B("⟦person⟧ : le mot de passe est dans Bitwarden, collection « Chantier ⟦proj⟧ ».")
B("⟦person⟧: la contraseña está en el gestor de contraseñas, no la pongas en el chat.")
B("⟦person⟧さん: パスワードはBitwardenに保存済みです。チャットに貼らないでください。")
B("⟦person⟧：密码已经放在保险库里了，路径 kv/site/⟦site⟧，不要发在群里。")
B("⟦person⟧: het wachtwoord staat in de kluis, vraag ⟦person2⟧ om toegang.")
B("⟦person⟧: a senha foi trocada ontem e está no cofre da equipe; não mande por WhatsApp.")
B("⟦person⟧: hasło jest w menedżerze haseł, w folderze ⟦proj⟧.")
B("⟦person⟧: пароль лежит в Vault, путь secret/ntrip/⟦site⟧, в чат не пишите.")
B("Decision ⟦date⟧: APS tokens are kept in memory only and refreshed every 55 minutes; nothing is written to disk.")
B("The gate code changes every Monday; ask the site manager on arrival rather than writing it down.")
B("Commit ⟦sha7⟧ removed the hard-coded key; it was revoked on ⟦date⟧ so the history is harmless.")
B("Handover zip checksum (sha256): ⟦hex:64⟧ — verify before unpacking.")
B("Ticket #⟦dig:6⟧: ⟦person⟧ forgot the Aconex password, reset link sent to ⟦email⟧; no password shared in the ticket.")
B("Mountpoint ⟦mount⟧ on ⟦caster⟧:2101, credentials are in vault under secret/ntrip/⟦site⟧.")
B("Revit element id ⟦num⟧ (UniqueId ⟦uuid⟧-⟦hex:8⟧) is the slab that clashes with duct run D-⟦n⟧.")
B("Use the token that `gh auth token` prints at runtime; don't create another PAT for the bot.")
B("Note: the ArcGIS key starts with AAPK and the Mapbox secret with sk. — neither belongs in the repo, both come from env.")
B("Reminder for ⟦person⟧: the licence server admin password was changed; get it from the IT vault, not from me.")
B("GOAL: rotate the DroneDeploy key (owner ⟦person⟧), update DRONEDEPLOY_API_KEY in Vault, redeploy dd-sync.")
B("Security review ⟦date⟧: no credentials found in the ⟦pcode⟧ repo; .env is ignored and CI uses masked variables.")
B("BIM 360 hub id b.⟦uuid⟧, project id b.⟦uuid2⟧ — both are just identifiers, fine to share.")
B("Trace for the failed sync: trace_id=⟦hex:32⟧ (Grafana Tempo), request id ⟦uuid⟧.")
B("What makes a good site-wifi password? Four random words is fine; avoid the company name and the year.")
B("⟦person⟧: I reset my password, it's now 16+ characters per the new policy - no need to send it to anyone.")
B("DocuSign integration key ⟦uuid⟧ is the public client id; the RSA private key stays in Key Vault.")
B("Twilio account SID AC⟦hex:32⟧ is fine to put in the runbook; the auth token is not.")
B("The AWS account id is ⟦dig:12⟧ and the role is SurveyUploader; keys are issued by SSO, never long-lived.")
B("Photo ids from the site camera: IMG_⟦dig:4⟧.JPG .. IMG_⟦dig:4:b⟧.JPG, ortho tile hash ⟦hex:16⟧.")
B("The token header decodes to {\"alg\":\"RS256\",\"typ\":\"JWT\"} (eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9) - the payload and signature were not shared.")
B("Masked in the screenshot: ghp_************************************ and sk_live_••••••••••••4242 — nothing recoverable.")
B("⟦person⟧: xxxx-xxxx-xxxx is just the placeholder in the vendor docs, the real licence key is on the purchase order.")
B("Equipment VIN ⟦vin⟧, telematics unit IMEI ⟦dig:15⟧, AEMP serial ⟦uan:10⟧.")
B("base64 of the RFI title: ⟦b64txt⟧")

# --- CI and deploy ------------------------------------------------------------
B("      - run: ./sync.sh\n        env:\n          APS_CLIENT_SECRET: ${{ secrets.APS_CLIENT_SECRET }}\n          PROCORE_CLIENT_SECRET: ${{ secrets.PROCORE_CLIENT_SECRET }}")
B("deploy:\n  script:\n    - echo \"$CI_JOB_TOKEN\" | docker login -u gitlab-ci-token --password-stdin $CI_REGISTRY\n    - docker push $CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA")
B("withCredentials([usernamePassword(credentialsId: 'aconex-api', usernameVariable: 'ACONEX_USER', passwordVariable: 'ACONEX_PASSWORD')]) {\n  sh './publish-transmittals.sh'\n}")
B("environment {\n  PROCORE = credentials('procore-oauth')\n}")
B("RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci --omit=dev")
B("Cache restored from key: Linux-nuget-⟦hex:64⟧")
B("image: ⟦host⟧/base/python@sha256:⟦hex:64⟧")
B("- name: Configure NTRIP\n  template: src=str2str.service.j2 dest=/etc/systemd/system/str2str.service\n  vars:\n    ntrip_password: \"{{ vault_ntrip_password }}\"\n  no_log: true")
B("postgresql:\n  auth:\n    existingSecret: fieldapp-db\n    secretKeys:\n      userPasswordKey: password")
B("variables:\n- group: trimble-connect-prod   # holds trimbleClientSecret (secret variable)\nsteps:\n- script: dotnet run -- --secret \"$(trimbleClientSecret)\"")
B("variable \"db_password\" {\n  type      = string\n  sensitive = true\n}\n# supplied via TF_VAR_db_password from the pipeline")
B("2025-06-11T09:20:01.118Z ##[warning]Secret source: Actions; masked 3 values in the log")
B("Run docker/login-action@v3\n  with:\n    registry: ⟦host⟧\n    username: ${{ github.actor }}\n    password: ${{ secrets.GITHUB_TOKEN }}")
B("Successfully built ⟦hex:12⟧\nSuccessfully tagged ⟦host⟧/photogrammetry/worker:⟦ver⟧\nThe push refers to repository [⟦host⟧/photogrammetry/worker]\n⟦ver⟧: digest: sha256:⟦hex:64⟧ size: 2417")
B("SLSA provenance: subject ⟦host⟧/field/sitecam digest sha256:⟦hex:64⟧ builder https://github.com/⟦org⟧/ci/.github/workflows/build.yml@refs/heads/main")
B("deploy:\n  stage: deploy\n  environment: production\n  rules:\n    - if: $CI_COMMIT_TAG =~ /^v\\d+/\n  script: helm upgrade fieldapp charts/fieldapp --set image.tag=$CI_COMMIT_TAG --reuse-values")
B("kubectl -n ⟦ns⟧ apply -f https://raw.githubusercontent.com/⟦org⟧/infra/⟦sha⟧/k8s/external-secrets.yaml")
B("terraform {\n  backend \"s3\" {\n    bucket = \"⟦bucket⟧-tfstate\"\n    key    = \"field/⟦ns⟧.tfstate\"\n    region = \"⟦region⟧\"\n  }\n}")
B("# Jenkins build #⟦num⟧ parameters\nBRANCH=release/⟦ver⟧\nGIT_COMMIT=⟦sha⟧\nDEPLOY_ENV=staging")
B("serverless deploy --stage prod --param=\"docusignSecretArn=arn:aws:secretsmanager:⟦region⟧:⟦dig:12⟧:secret:prod/docusign-⟦an:6⟧\"")
B("Publishing build artifact: RevitSync-⟦ver⟧.msi (sha1 ⟦hex:40⟧) signed with certificate thumbprint ⟦HEX:40⟧")
B("# fly.toml\n[env]\n  LOG_LEVEL = \"info\"\n# DATABASE_URL is set with `fly secrets set`, not here")
B("STRIPE_PUBLISHABLE_KEY=pk_live_51⟦an:90⟧   # publishable (client-side) key, safe in the web bundle")
B("GOOGLE_OAUTH_CLIENT_ID=⟦dig:12⟧-⟦lan:32⟧.apps.googleusercontent.com   # public client id")
B("helm upgrade --install procore-sync ./chart --set secret.existingSecretName=procore-api --set image.digest=sha256:⟦hex:64⟧")
B("on:\n  push:\n    branches: [main]\npermissions:\n  id-token: write   # OIDC to AWS, no stored keys\n  contents: read")


# ===========================================================================
# build the two public lists (deterministic, at import time)
# ===========================================================================
_GROUP_ORDER = ["command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
                "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 187
_N_BENIGN = 950


def _balance():
    plan = []
    for g in _GROUP_ORDER:
        fs = [f for f in _FORMATS if f[0] == g]
        counts = [f[3] for f in fs]
        i = len(counts) - 1
        while sum(counts) > _PER_GROUP and i >= 0:
            if counts[i] > 2:
                counts[i] = 2
            i -= 1
        plan.extend((f[0], f[1], f[2], n) for f, n in zip(fs, counts))
    return plan


def _build_secrets():
    out, seen = [], set()
    for grp, name, spec, n in _balance():
        made, tries = 0, 0
        while made < n:
            tries += 1
            if tries > 60:
                raise RuntimeError("cannot draw fresh values for format %s" % name)
            text, sec, vis = _instance(spec)
            if (len(sec) < 6 or sec in seen or sec not in text
                    or (vis and (vis not in text or sec in vis))):
                continue
            seen.add(sec)
            out.append((grp, name, text, sec, vis))
            made += 1
    return out


def _build_benign(secrets):
    long_secrets = [s for s in secrets if len(s) >= 8]
    out, seen = [], set()
    idx, misses = 0, 0
    while len(out) < _N_BENIGN:
        tpl = _BENIGN_T[idx % len(_BENIGN_T)]
        idx += 1
        s = _fill(tpl, _Ctx())
        if s in seen or any(x in s for x in long_secrets):
            misses += 1
            if misses > 20000:
                raise RuntimeError("cannot draw enough distinct benign strings")
            continue
        seen.add(s)
        out.append(s)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])

del _build_secrets, _build_benign
