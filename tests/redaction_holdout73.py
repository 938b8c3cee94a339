"""Blind hold-out corpus #73 for a secret-redaction engine.

What it is
    A fixed set of text fragments of the kind a coding agent (Claude Code,
    Codex, Gemini CLI) stores as its working state -- goals, running notes,
    shell commands it ran, tool output, excerpts of opened files, decisions,
    chat messages pasted in by teammates, log lines, CI configuration -- each
    paired with the credential it contains, plus a second set of fragments
    that contain no credential at all but look secret-ish to a naive scanner.
    It is used to measure recall (SECRETS) and false positives (BENIGN) of a
    redaction engine on text the engine was never tuned on.

Theme
    Electric-vehicle charging, mobility and fleets: OCPP 1.6 / 2.0.1
    charge-point backends (CSMS) and their basic-auth passwords and
    AuthorizationKeys, roaming hubs (OCPI credential tokens, Hubject/OICP),
    charge-point firmware and diagnostics consoles, e-scooter and bike-share
    operators, ride-hailing and dispatch APIs, fleet fuel cards and tolling,
    connected-car OEM APIs (Tesla Fleet API, Smartcar, Enode), map and
    routing APIs, payment terminals on chargers and municipal parking APIs.
    All eight groups (commands, tool output, config files, source code,
    stack traces and logs, notes and chat, CI and deployment, vendor tokens)
    are covered within that world.

Provenance
    Written blind, from general knowledge only: no existing corpus, no
    engine rule and no search result was consulted.  Where a vendor's real
    credential shape is known, that shape (prefix, length, alphabet) is
    imitated; where it is unknown, a plausible one was invented.  Every
    host, company, person, vehicle, card and value is fictitious (well-known
    public vendor API endpoints are named only as endpoints); every
    credential is a fresh random draw and works nowhere.

Layout
    SECRETS  list of 5-tuples (group, format, text, secret, visible):
             group    one of command, tool-output, config-file, source-code,
                      stack-trace-or-log, note-or-chat, ci-and-deploy,
                      vendor-token (about 185-190 entries each);
             format   kebab-case name of the shape; each format is used at
                      most three times (about 500 distinct formats);
             text     the fragment as the agent recorded it;
             secret   the exact substring of text that must not survive
                      redaction (only the key body for PEM keys, only the
                      signature for signed URLs, only the password for
                      user:password pairs);
             visible  a substring of text that must stay readable, or "".
    BENIGN   list of about 950 distinct strings without any credential
             that nevertheless resemble one: commit SHAs, checksums, UUIDs,
             trace and request ids, public keys and fingerprints, public
             key ids, placeholders and masked values, references to where
             a secret is kept, base64 of ordinary text, prose about
             passwords, password policy, cache-key hashes, and so on, in
             the same contexts as the secrets.

Determinism
    Every random value is drawn from one random.Random(SEED) instance at
    import time, in a fixed order, so importing the module twice yields
    identical lists.  Nothing is printed at import; the standard library
    is the only dependency (Python 3.8+).

Measured
--------
Blind, read after that session's first two rules, which changed none of its results: recall
0.985 (1,492 of 1,515) and false positives 7 of 950 (0.7%). Tuned on since: 0.989 and 5 of 950
(0.5%).
"""

import base64
import hashlib
import json
import random
import re
import string
import textwrap

SEED = 73073
_R = random.Random(SEED)

# ---------------------------------------------------------------------------
# primitive random helpers
# ---------------------------------------------------------------------------

_ALNUM = string.ascii_letters + string.digits
_LOWAN = string.ascii_lowercase + string.digits
_UPAN = string.ascii_uppercase + string.digits
_HEX = "0123456789abcdef"
_B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_SYM_SAFE = "!*+-.=?@^_~"
_SYM_ALL = "!#$%&*+-.=?@^_~"
_SYM_URL = "-._~"


def _rs(n, alpha=_ALNUM):
    return "".join(_R.choice(alpha) for _ in range(n))


def _hx(n):
    return _rs(n, _HEX)


def _bytes(n):
    return bytes(_R.randrange(256) for _ in range(n))


def _b64(n):
    return base64.b64encode(_bytes(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_bytes(n)).decode().rstrip("=")


def _b64s(s):
    return base64.b64encode(s.encode()).decode()


def _b64us(s):
    return base64.urlsafe_b64encode(s.encode()).decode().rstrip("=")


def _uuid():
    h = _hx(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _R.choice("89ab"),
                                  h[17:20], h[20:32])


def _wrap(s, width=64, sep="\n"):
    return sep.join(s[i:i + width] for i in range(0, len(s), width))


# ---------------------------------------------------------------------------
# word lists (all invented or generic)
# ---------------------------------------------------------------------------

_EN = ("amber falcon voltage harbor tulip granite meadow copper lantern orbit "
       "ember cedar willow nimbus quartz saffron badger otter pylon socket "
       "ampere dynamo summit glacier canyon maple thistle juniper cobalt "
       "basalt mango pepper walnut sparrow heron lynx bison comet nebula "
       "pixel rocket tractor scooter pedal tandem cargo depot relay anchor "
       "beacon compass mosaic velvet sable indigo crimson olive ivory onyx "
       "zephyr breeze tundra delta sierra tango kettle marble puffin walrus "
       "hazel clover fennel barley thunder river lagoon ferry tram cable "
       "piston turbine magnet photon quiver raven spruce larch birch").split()
_DE = ("Sonnenblume Ladesaeule Fahrrad Strombox Kaffeetasse Bergwerk "
       "Zugspitze Apfelbaum Eisbaer Schneeflocke Donnerwetter Autobahn "
       "Rathaus Gurke Kuckuck Feierabend Bretzel Heimweg").split()
_NL = ("fietsbel laadpaal stroomkabel tulpenveld grachtenpand stroopwafel "
       "molenwiek dijkgraaf hagelslag").split()
_FR = "soleil borne papillon croissant lavande marmotte citron velo".split()
_ES = "cargador naranja girasol bicicleta tortuga relampago".split()
_NO = "fjellbekk nordlys elbil ladekabel multebaer skiloype".split()
_PETS = ("Bella Luna Max Rocky Milo Nala Simba Kira Bruno Frida Oskar Pippa "
         "Tiger Lola Rex Mochi").split()
_SEASONS = ("Winter Summer Spring Autumn Herbst Sommer Fruehling Zomer Lente "
            "Hiver Verano Invierno Vinter Sommar").split()


def _leet(w):
    t = {"a": "@", "e": "3", "i": "1", "o": "0", "s": "$", "t": "7"}
    out = []
    for ch in w:
        if ch.lower() in t and _R.random() < 0.6:
            out.append(t[ch.lower()])
        else:
            out.append(ch)
    s = "".join(out)
    return s[0].upper() + s[1:]


def _syll(k):
    c = "bdfgklmnprstvz"
    v = "aeiou"
    return "".join(_R.choice(c) + _R.choice(v) for _ in range(k))


def _digits(a, b):
    return str(_R.randint(10 ** (a - 1), 10 ** b - 1))


def _pw(sym=_SYM_SAFE):
    s = _R.randrange(10)
    sy = _R.choice(sym)
    if s == 0:
        return (_R.choice(_EN).capitalize() + _R.choice(_EN).capitalize()
                + _digits(2, 4) + sy)
    if s == 1:
        return _leet(_R.choice(_EN) + _R.choice(_EN)) + sy + _digits(2, 4)
    if s == 2:
        return _R.choice(_SEASONS) + str(_R.randint(2019, 2026)) + sy + _digits(1, 2)
    if s == 3:
        sep = _R.choice([c for c in sym if c in "-._~"] or ["-"])
        return sep.join(_R.choice(_EN) for _ in range(_R.randint(3, 4))) + sep + _digits(1, 3)
    if s == 4:
        return _syll(3).capitalize() + _R.choice("-_.") + _syll(2) + _digits(2, 3)
    if s == 5:
        return _rs(1) + _rs(_R.randint(11, 21), _ALNUM + sym)
    if s == 6:
        sep = _R.choice("._")
        return (_R.choice(_EN).capitalize() + sep + _R.choice(_EN).capitalize()
                + sep + _digits(3, 4))
    if s == 7:
        w = _R.choice(_DE + _NL + _FR + _ES + _NO)
        return w[0].upper() + w[1:] + sy + _digits(2, 4)
    if s == 8:
        return _R.choice(_PETS) + str(_R.randint(1961, 2012)) + sy + _R.choice(_ALNUM)
    return _rs(_R.randint(10, 16), _ALNUM) + _digits(1, 2)


def _phrase():
    sep = _R.choice([" ", " ", "-"])
    return sep.join(_R.choice(_EN) for _ in range(_R.randint(4, 5)))


# ---------------------------------------------------------------------------
# context generators (placeholder name -> random value)
# ---------------------------------------------------------------------------

_SUBS = ("ocpp csms ocpp-gw cpms-api ocpi roaming fleet-api dispatch telematics "
         "tolls parking-api diag fw mqtt grafana pg-primary redis kafka "
         "billing payments emsp cpo-portal vehicles routing ops vault "
         "backoffice charge-api depot-gw sessions").split()
_DOMS = ("voltaris-ev.example chargeloop.test ampcore.internal fleetgrid.example "
         "wattlane.test kerbflow.example zapnet-ev.invalid roamwise.example "
         "curbside-mobility.test ferrowatt.internal pedalshare.example "
         "dispatchly.test trondvolt.example vanlane.internal").split()
_USERS = ("ocpp_rw csms_app cpo_admin fleet_svc dispatch grafana_ro etl_loader "
          "billing deploy svc-ocpi telemetry_writer tolls_sync parking_api "
          "ops-bot reporting fw_publisher roaming_app driver_portal "
          "chargeops backoffice_rw").split()
_FNAMES = ("Ingrid Lars Mette Sanne Joost Anouk Pieter Kasia Tomasz Giulia "
           "Matteo Lea Jonas Amelie Hugo Chloe Diego Lucia Aiko Haruto Mei "
           "Wei Priya Arjun Fatima Omar Noa Elif Emre Olga Dmytro Sven Freya "
           "Rui Ines Nikos Zofia Bram Yusuf Camille").split()
_CITIES = ("Amsterdam Utrecht Rotterdam Berlin Hamburg Munich Oslo Bergen "
           "Stockholm Gothenburg Copenhagen Aarhus Lyon Lille Madrid Valencia "
           "Milan Turin Warsaw Krakow Lisbon Porto Vienna Zurich Helsinki").split()
_DBS = "csms ocpp_prod fleet billing roaming telemetry parking dispatch tolling cdr".split()
_NS = "csms roaming fleet-prod dispatch payments ocpp-gw telematics parking".split()
_ORGS = "voltaris kerbflow ampwise-labs fleetgrid chargeloop roamwise pedalshare".split()
_APPS = ("csms-api ocpi-bridge fleet-sync dispatch-core toll-ingest parking-gw "
         "charger-fw-tools session-billing route-planner depot-ops").split()
_REGIONS = "eu-central-1 eu-west-1 eu-north-1 us-east-1 eu-west-3 ap-northeast-1".split()
_TICKETS = "EVC CPO FLT OPS DISP ROAM PARK TOLL".split()
_VENDORS = "ABB Alpitronic Kempower Wallbox Zaptec Easee Tritium Autel Ekoenergetyka Delta".split()
_MODELS = ("Terra AC W4-G-T HYC300 T-Series Pulsar Plus Go Pro RTM75 "
           "MaxiCharger DC Compact Axon Easy 100 DC Wallbox 11kW").split(" ")
_TZ = "Europe/Amsterdam Europe/Berlin Europe/Oslo Europe/Stockholm Europe/Madrid".split()
_PARTIES = "VGR CLP AMC FLG WTL KBF ZNE RWS FWT PDS".split()
_CCS = "NL DE NO SE DK FR ES IT PL AT BE CH FI PT".split()


def _g_host():
    sub = _R.choice(_SUBS)
    k = _R.randrange(4)
    if k == 1:
        sub += "-%02d" % _R.randint(1, 12)
    elif k == 2:
        sub += "." + _R.choice(["eu", "nl", "de", "no", "prod", "stg", "int"])
    return "%s.%s" % (sub, _R.choice(_DOMS))


def _g_cp():
    k = _R.randrange(7)
    if k == 0:
        return "CP-%s-%05d" % (_R.choice(["AMS", "BER", "OSL", "UTR", "HAM", "STO", "LYO"]),
                               _R.randint(1, 99999))
    if k == 1:
        return "TAC%06d" % _R.randint(0, 999999)
    if k == 2:
        return "WB%07d" % _R.randint(0, 9999999)
    if k == 3:
        return "ZAP%06d" % _R.randint(0, 999999)
    if k == 4:
        return "HYC%d-%05d" % (_R.choice([150, 300, 400]), _R.randint(0, 99999))
    if k == 5:
        return "EVB-%s" % _rs(6, "0123456789ABCDEF")
    return "%s-%s-%03d" % (_R.choice(["depot", "garage", "curb", "hub"]),
                           _R.choice(["north", "west", "harbor", "airport", "central"]),
                           _R.randint(1, 250))


def _g_vin():
    al = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
    return _R.choice(["5YJ", "LRW", "WVW", "YV1", "WBA", "VF1", "KNA", "SAL"]) + _rs(14, al)


def _g_plate():
    k = _R.randrange(4)
    if k == 0:
        return "%s-%s-%02d" % (_rs(2, string.ascii_uppercase), _rs(3, string.ascii_uppercase), _R.randint(1, 99))
    if k == 1:
        return "%s %s %d" % (_R.choice(["B", "HH", "M", "K"]), _rs(2, string.ascii_uppercase), _R.randint(100, 9999))
    if k == 2:
        return "EL %05d" % _R.randint(10000, 99999)
    return "%s%d%s" % (_rs(3, string.ascii_uppercase), _R.randint(10, 99), _rs(1, string.ascii_uppercase))


def _g_date():
    return "%d-%02d-%02d" % (_R.choice([2024, 2025]), _R.randint(1, 12), _R.randint(1, 28))


def _g_ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (_g_date(), _R.randint(0, 23), _R.randint(0, 59),
                                       _R.randint(0, 59), _R.randint(0, 999))


def _g_ver():
    return "%d.%d.%d" % (_R.randint(0, 4), _R.randint(0, 29), _R.randint(0, 40))


def _g_fw():
    return "%d.%d.%d%s" % (_R.randint(1, 6), _R.randint(0, 20), _R.randint(0, 99),
                           _R.choice(["", "-rc%d" % _R.randint(1, 5), "+b%d" % _R.randint(100, 999)]))


_G = {
    "host": _g_host,
    "dom": lambda: _R.choice(_DOMS),
    "ip": lambda: _R.choice(["10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255), _R.randint(2, 254)),
                             "192.168.%d.%d" % (_R.randint(0, 255), _R.randint(2, 254)),
                             "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 255), _R.randint(2, 254))]),
    "pubip": lambda: "%s.%d" % (_R.choice(["203.0.113", "198.51.100", "192.0.2"]), _R.randint(2, 254)),
    "port": lambda: str(_R.choice([8080, 8443, 9000, 9443, 8887, 8180, 7000, 5000])),
    "user": lambda: _R.choice(_USERS),
    "fname": lambda: _R.choice(_FNAMES),
    "email": lambda: "%s.%s@%s" % (_R.choice(_FNAMES).lower(), _rs(1, string.ascii_lowercase), _R.choice(_DOMS)),
    "cp": _g_cp,
    "evse": lambda: "%s*%s*E%d*%d" % (_R.choice(_CCS), _R.choice(_PARTIES), _R.randint(10000, 9999999), _R.randint(1, 4)),
    "emaid": lambda: "%s-%s-C%08d-%s" % (_R.choice(_CCS), _R.choice(_PARTIES), _R.randint(0, 99999999), _rs(1, string.ascii_uppercase)),
    "party": lambda: _R.choice(_PARTIES),
    "cc": lambda: _R.choice(_CCS),
    "city": lambda: _R.choice(_CITIES),
    "db": lambda: _R.choice(_DBS),
    "ns": lambda: _R.choice(_NS),
    "org": lambda: _R.choice(_ORGS),
    "app": lambda: _R.choice(_APPS),
    "region": lambda: _R.choice(_REGIONS),
    "ticket": lambda: "%s-%d" % (_R.choice(_TICKETS), _R.randint(100, 9999)),
    "vendor": lambda: _R.choice(_VENDORS),
    "model": lambda: _R.choice(_MODELS),
    "tz": lambda: _R.choice(_TZ),
    "vin": _g_vin,
    "plate": _g_plate,
    "date": _g_date,
    "ts": _g_ts,
    "time": lambda: "%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59)),
    "ver": _g_ver,
    "fw": _g_fw,
    "pid": lambda: str(_R.randint(300, 65000)),
    "acct": lambda: "%012d" % _R.randint(10 ** 10, 10 ** 12 - 1),
    "n": lambda: str(_R.randint(2, 99)),
    "uuid": _uuid,
    "sha": lambda: _hx(40),
    "sha7": lambda: _hx(7),
    "sha256": lambda: _hx(64),
    "lat": lambda: "%.5f" % _R.uniform(45.0, 60.5),
    "lon": lambda: "%.5f" % _R.uniform(-3.0, 25.0),
    "kwh": lambda: "%.2f" % _R.uniform(3, 95),
    "eur": lambda: "%.2f" % _R.uniform(2, 80),
    "bucket": lambda: "%s-%s" % (_R.choice(_ORGS), _R.choice(["fw-images", "cdr-exports", "diag-logs", "tolls-raw", "telemetry-archive"])),
    # passwords
    "pw": lambda: _pw(_SYM_SAFE),
    "pwx": lambda: _pw(_SYM_ALL),
    "pwu": lambda: _pw(_SYM_URL),
    "phrase": _phrase,
    "pin": lambda: _digits(6, 8),
    "word": lambda: _R.choice(_EN),
    "b64user": lambda: _b64s(_R.choice(_USERS)),
}


def _g_param(name, arg):
    n = int(arg) if arg else 32
    if name == "hex":
        return _hx(n)
    if name == "HEX":
        return _rs(n, "0123456789ABCDEF")
    if name == "an":
        return _rs(n)
    if name == "lo":
        return _rs(n, _LOWAN)
    if name == "up":
        return _rs(n, _UPAN)
    if name == "num":
        return _rs(1, "123456789") + _rs(n - 1, string.digits)
    if name == "b64":
        return _b64(n)
    if name == "b64u":
        return _b64u(n)
    if name == "b32":
        return _rs(n, _B32)
    if name == "alpha":
        return _rs(n, string.ascii_letters)
    raise KeyError(name)


_PARAMS = ("hex", "HEX", "an", "lo", "up", "num", "b64", "b64u", "b32", "alpha")


def _gen(key, ctx):
    if key in _G:
        return _G[key]()
    base, _, arg = key.split("/")[0].partition(":")
    if not arg and base in _G:
        return _G[base]()
    if base in _PARAMS:
        return _g_param(base, arg)
    b2 = base.rstrip("0123456789")
    if b2 in _PARAMS:
        return _g_param(b2, arg)
    if b2 in _G:
        return _G[b2]()
    raise KeyError(key)


class _Ctx(dict):
    def __missing__(self, k):
        v = _gen(k, self)
        self[k] = v
        return v


_PH = re.compile(u"\u00ab([^\u00ab\u00bb]+)\u00bb")


def _fill(tmpl, ctx):
    def rep(m):
        k = m.group(1)
        if "|" in k:
            return _R.choice(k.split("|"))
        return ctx[k]
    return _PH.sub(rep, tmpl)


def _prep(t):
    if t.startswith("\n"):
        t = textwrap.dedent(t[1:])
    return t.rstrip()


# ---------------------------------------------------------------------------
# composite secret builders
# ---------------------------------------------------------------------------

def P(prefix, spec, suffix=""):
    """secret = prefix + generated(spec) + suffix"""
    return lambda c: prefix + _gen(spec, c) + suffix


def BASIC(userkey, spec="pw"):
    """secret = base64(user:password), user taken from the context"""
    return lambda c: _b64s("%s:%s" % (c[userkey], _gen(spec, c)))


def _jwt(claims=None, alg="RS256", siglen=256):
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = _hx(8)
    now = _R.randint(1704067200, 1767225600)
    body = claims or {}
    body = dict(body)
    body.setdefault("sub", _uuid())
    body.setdefault("iat", now)
    body.setdefault("exp", now + _R.choice([900, 3600, 28800, 86400]))
    return "%s.%s.%s" % (_b64us(json.dumps(hdr, separators=(",", ":"))),
                         _b64us(json.dumps(body, separators=(",", ":"))),
                         _b64u(siglen if alg != "HS256" else 32))


def JWT(**kw):
    def f(c):
        claims = {"iss": _R.choice(["https://auth.%s" % _R.choice(_DOMS), "fleet-gateway",
                                    "https://%s/" % _g_host()]),
                  "aud": _R.choice(["fleet-api", "ocpi", "dispatch", "vehicles"]),
                  "scope": _R.choice(["vehicle_device_data vehicle_cmds", "read:sessions write:tariffs",
                                      "dispatch.rides dispatch.drivers", "charging:control"])}
        claims.update(kw)
        return _jwt(claims, alg=_R.choice(["RS256", "ES256", "HS256"]),
                    siglen=_R.choice([64, 256]))
    return f


_RSA_PREFIX = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100")
_EC_PREFIX = bytes.fromhex("30770201010420")
_EC_MID = bytes.fromhex("a00a06082a8648ce3d030107a14403420004")
_P8EC_PREFIX = bytes.fromhex("308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420")


def _pem_body(kind, sep="\n"):
    if kind == "rsa":
        raw = _RSA_PREFIX + _bytes(_R.choice([1180, 1190, 1200]))
        return _wrap(base64.b64encode(raw).decode(), 64, sep)
    if kind == "ec":
        raw = _EC_PREFIX + _bytes(32) + _EC_MID + _bytes(64)
        return _wrap(base64.b64encode(raw).decode(), 64, sep)
    if kind == "p8ec":
        raw = _P8EC_PREFIX + _bytes(32) + bytes.fromhex("a14403420004") + _bytes(64)
        return _wrap(base64.b64encode(raw).decode(), 64, sep)
    if kind == "ossh":
        pub = _bytes(32)
        raw = (b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00"
               b"\x00\x00\x00\x01\x00\x00\x00\x33\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + pub
               + b"\x00\x00\x00\x90" + _bytes(8) + b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20"
               + pub + b"\x00\x00\x00\x40" + _bytes(64) + b"\x00\x00\x00\x0cfleet@depot\x01\x02\x03")
        return _wrap(base64.b64encode(raw).decode(), 70, sep)
    raise KeyError(kind)


def PEM(kind, sep="\n"):
    return lambda c: _pem_body(kind, sep)


def GKEY(c):
    return "AIzaSy" + _rs(33, _ALNUM + "-_")


def AWSSECRET(c):
    return _rs(40, _ALNUM + "+/")


def SLACKHOOK(c):
    return _rs(24)


# ---------------------------------------------------------------------------
# spec registry
# ---------------------------------------------------------------------------

_SPECS = []


def S(group, fmt, kind, tmpl, vis=""):
    _SPECS.append((group, fmt, kind, _prep(tmpl), vis))


# ===========================================================================
# GROUP: command -- shell commands the agent ran or proposed
# ===========================================================================
_C = "command"

S(_C, "psql-uri-userinfo-password", "pwu", """
$ psql "postgresql://«user»:«S»@«host»:5432/«db»?sslmode=require" \\
    -c "select count(*) from charging_sessions where started_at > now() - interval '1 day';"
""", "«host»")

S(_C, "pgpassword-env-prefix-pg-dump", "pw", """
PGPASSWORD='«S»' pg_dump -h «host» -U «user» -Fc «db» > /tmp/«db»_«date».dump
""", "pg_dump -h «host»")

S(_C, "mysql-p-flag-attached", "pwu", """
mysql -h «host» -u «user» -p«S» fleet -e 'SELECT vin, odometer_km, soc_pct FROM vehicles ORDER BY updated_at DESC LIMIT 5'
""", "-u «user»")

S(_C, "curl-u-basic-auth-charger-status", "pwu", """
curl -sS -u «user»:«S» https://«host»/api/v1/chargepoints/«cp»/status | jq '.connectors[] | {id, status, errorCode}'
""", "«cp»")

S(_C, "curl-bearer-fleet-vehicles", JWT(), """
curl -s -H "Authorization: Bearer «S»" \\
  "https://«host»/fleet/v1/vehicles?limit=50&include=soc,location" | jq length
""", "«host»")

S(_C, "curl-ocpi-token-header-locations", lambda c: _b64s(_uuid()), """
curl -s -H 'Authorization: Token «S»' -H 'X-Request-ID: «uuid»' \\
  'https://«host»/ocpi/2.2.1/locations?offset=0&limit=100' | jq '.data | length'
""", "/ocpi/2.2.1/locations")

S(_C, "wscat-ocpp16-userinfo-url", "an:24", """
wscat -s ocpp1.6 -c 'wss://«cp»:«S»@«host»/ocpp/«cp»'
""", "-s ocpp1.6")

S(_C, "websocat-ocpp201-basic-header", BASIC("cp", "an:32"), """
websocat --protocol ocpp2.0.1 -H='Authorization: Basic «S»' wss://«host»/ocpp/«cp»
""", "--protocol ocpp2.0.1")

S(_C, "ocpp-cli-change-configuration-authkey", "hex:40", """
./ocpp-cli --csms https://«host» --cp «cp» change-configuration AuthorizationKey «S»
""", "change-configuration AuthorizationKey")

S(_C, "sshpass-root-charger-tail-log", "pw", """
sshpass -p '«S»' ssh -o StrictHostKeyChecking=no root@«ip» 'tail -n 200 /var/log/ocpp/ocppd.log'
""", "root@«ip»")

S(_C, "docker-login-p-flag-registry", "an:32", """
docker login registry.«dom» -u «user» -p «S»
""", "registry.«dom»")

S(_C, "kubectl-create-secret-from-literal", "uuid", """
kubectl -n «ns» create secret generic ocpi-credentials \\
  --from-literal=token_c=«S» --from-literal=party_id=«party» \\
  --dry-run=client -o yaml | kubectl apply -f -
""", "ocpi-credentials")

S(_C, "helm-upgrade-set-db-password", "pwu", """
helm upgrade --install csms charts/csms -n «ns» \\
  --set image.tag=«ver» --set postgresql.auth.password=«S» --wait
""", "charts/csms")

S(_C, "aws-configure-set-secret-access-key", AWSSECRET, """
aws configure set aws_access_key_id AKIA«up:16» --profile fleet-prod
aws configure set aws_secret_access_key «S» --profile fleet-prod
""", "--profile fleet-prod")

S(_C, "export-then-run-smartcar-sync", "uuid", """
export SMARTCAR_CLIENT_ID=«uuid»
export SMARTCAR_CLIENT_SECRET=«S»
python -m fleet_sync.smartcar --dry-run --since «date»
""", "python -m fleet_sync.smartcar")

S(_C, "redis-cli-a-flag-tls", "pw", """
redis-cli -h «host» -p 6380 --tls -a '«S»' --no-auth-warning --scan --pattern 'session:*' | head
""", "--pattern 'session:*'")

S(_C, "mosquitto-pub-capital-p", "pw", """
mosquitto_pub -h «host» -p 8883 --cafile /etc/ssl/fleet-ca.pem -u «user» -P '«S»' \\
  -t 'fleet/«vin»/cmd' -m '{"action":"unlock","requestId":"«uuid»"}'
""", "fleet/«vin»/cmd")

S(_C, "mongosh-srv-uri-password", "pwu", """
mongosh "mongodb+srv://«user»:«S»@cluster0.«lo:5».mongodb.net/telemetry?retryWrites=true&w=majority"
""", "cluster0.")

S(_C, "git-clone-oauth2-gitlab-token", P("glpat-", "an:20"), """
git clone https://oauth2:«S»@gitlab.«dom»/cpo/firmware-tools.git /tmp/firmware-tools
""", "cpo/firmware-tools.git")

S(_C, "htpasswd-batch-mode-password", "pw", """
sudo htpasswd -bB /etc/nginx/.htpasswd-diag «user» '«S»' && sudo nginx -s reload
""", "/etc/nginx/.htpasswd-diag")

S(_C, "openssl-pkcs12-passout-pass", "pw", """
openssl pkcs12 -export -in cpo-client.crt -inkey cpo-client.key \\
  -certfile hubject-intermediate.pem -out hubject-client.p12 -passout pass:«S»
""", "hubject-client.p12")

S(_C, "keytool-srcstorepass-inline", "pwu", """
keytool -importkeystore -srckeystore v2g-root.p12 -srcstoretype PKCS12 -srcstorepass «S» \\
  -destkeystore truststore.jks -deststorepass:env TRUSTSTORE_PW
""", "-destkeystore truststore.jks")

S(_C, "vault-kv-put-inline-field", "pw", """
vault kv put secret/cpo/prod/hubject client_cert_password='«S»' operator_id=«cc»*«party»
""", "secret/cpo/prod/hubject")

S(_C, "gh-secret-set-body-flag", P("ta-secret.", "an:16"), """
gh secret set TESLA_FLEET_CLIENT_SECRET --repo «org»/fleet-sync --body "«S»"
""", "TESLA_FLEET_CLIENT_SECRET")

S(_C, "rabbitmqadmin-list-queues", "pwu", """
rabbitmqadmin -H «host» -u «user» -p «S» list queues name messages consumers
""", "list queues name messages")

S(_C, "influx-query-token-flag", lambda c: _b64(64), """
influx query 'from(bucket:"charger-metrics") |> range(start:-1h) |> filter(fn:(r) => r.cp == "«cp»")' \\
  --org «org» --host https://«host»:8086 --token «S»
""", "charger-metrics")

S(_C, "psql-conninfo-keyword-password", "pwu", """
psql "host=«host» port=5432 dbname=«db» user=«user» password=«S» sslmode=verify-full" -f migrations/0042_tariffs.sql
""", "migrations/0042_tariffs.sql")

S(_C, "sqlcmd-capital-p-quoted", "pw", """
sqlcmd -S «host»,1433 -U «user» -P "«S»" -d Tolling -Q "SELECT TOP 10 * FROM dbo.TollTransactions ORDER BY ts DESC"
""", "dbo.TollTransactions")

S(_C, "curl-ftp-upload-userinfo", "pwu", """
curl -T build/«vendor»_«fw».bin ftp://fwupload:«S»@«ip»/upload/ --ftp-create-dirs
""", "fwupload")

S(_C, "stripe-cli-api-key-flag", P("sk_live_", "an:99"), """
stripe payment_intents list --limit 3 --api-key «S»
""", "payment_intents list")

S(_C, "httpie-auth-flag-toll-transponder", "pwu", """
http --auth «user»:«S» POST https://«host»/api/tolls/v2/transponders/«num:10»/block reason=lost
""", "/api/tolls/v2/transponders/")

S(_C, "ansible-extra-vars-become-pass", "pwu", """
ansible-playbook -i inventories/depot-«city» site.yml --limit chargers -e "ansible_become_pass=«S»"
""", "inventories/depot-«city»")

S(_C, "smbclient-user-percent-password", "pw", """
smbclient //«ip»/depot-share -U 'DEPOT\\«user»%«S»' -c 'cd reports; ls'
""", "//«ip»/depot-share")

S(_C, "wget-http-password-flag", "pw", """
wget --http-user=«user» --http-password='«S»' https://«host»/diag/export/logs-«date».tar.gz
""", "--http-user=«user»")

S(_C, "ldapsearch-bind-w", "pw", """
ldapsearch -H ldaps://«host» -D "cn=svc-fleet,ou=service,dc=fleetgrid,dc=internal" -w '«S»' \\
  -b "ou=drivers,dc=fleetgrid,dc=internal" "(depot=«city»)" mail
""", "cn=svc-fleet,ou=service")

S(_C, "az-storage-upload-account-key", lambda c: _b64(64), """
az storage blob upload --account-name «lo:8»fw --account-key «S» \\
  -c firmware -f build/fw-«fw».tar.gz -n fw-«fw».tar.gz
""", "-c firmware")

S(_C, "gcloud-sql-users-set-password", "pw", """
gcloud sql users set-password fleet_app --instance=fleet-pg-«region» --password='«S»'
""", "gcloud sql users set-password fleet_app")

S(_C, "echo-pipe-chpasswd", "pw", """
echo 'installer:«S»' | sudo chpasswd
""", "sudo chpasswd")

S(_C, "csms-admin-set-basic-auth-variable", "an:32", """
python tools/csms_admin.py set-variables --station «cp» \\
  --component SecurityCtrlr --variable BasicAuthPassword --value '«S»'
""", "SecurityCtrlr")

S(_C, "npm-config-set-authtoken", P("ghp_", "an:36"), """
npm config set //npm.pkg.github.com/:_authToken «S»
""", "npm.pkg.github.com")

S(_C, "pip-index-url-token-userinfo", "an:32", """
pip install --index-url https://__token__:«S»@pypi.«dom»/simple/ ocpp-routing==«ver»
""", "ocpp-routing==«ver»")

S(_C, "printf-openvpn-auth-file", "pw", """
printf '%s\\n' «user» '«S»' > /etc/openvpn/depot.auth && chmod 600 /etc/openvpn/depot.auth
""", "/etc/openvpn/depot.auth")

S(_C, "wg-set-private-key-process-substitution", lambda c: _b64(32), """
sudo wg set wg0 private-key <(echo «S») peer «b64:32» endpoint «pubip»:51820
""", "wg0")

S(_C, "nmcli-wifi-connect-password", "pw", """
nmcli dev wifi connect "Depot-«city»-Ops" password "«S»" ifname wlan0
""", "Depot-«city»-Ops")

S(_C, "sqlplus-user-slash-password", "pwu", """
sqlplus «user»/«S»@//«host»:1521/FLEETPDB @reports/monthly_fuel.sql
""", "FLEETPDB")

S(_C, "kcat-sasl-password-property", "pw", """
kcat -b «host»:9093 -X security.protocol=SASL_SSL -X sasl.mechanisms=SCRAM-SHA-512 \\
  -X sasl.username=«user» -X sasl.password='«S»' -t ocpp.meter-values -C -c 5 -e
""", "ocpp.meter-values")

S(_C, "curl-json-login-body", "pw", """
curl -s -X POST https://«host»/api/auth/login -H 'Content-Type: application/json' \\
  -d '{"username":"«email»","password":"«S»"}' | jq -r .accessToken
""", "/api/auth/login")

S(_C, "curl-x-api-key-routing", "an:40", """
curl -s -H "x-api-key: «S»" "https://«host»/v2/routes?origin=«lat»,«lon»&destination=«lat2»,«lon2»&vehicleType=ev&soc=62"
""", "vehicleType=ev")

S(_C, "fly-secrets-set-inline", "an:40", """
fly secrets set ENODE_CLIENT_SECRET=«S» ENODE_ENV=production -a «app»
""", "ENODE_CLIENT_SECRET")

S(_C, "terraform-apply-var-flag", P("pyt_live_", "lo:32"), """
terraform apply -var 'payter_api_key=«S»' -var-file=envs/prod.tfvars -target=module.payments
""", "envs/prod.tfvars")

S(_C, "docker-run-e-ocpi-token", "uuid", """
docker run --rm -e OCPI_TOKEN_A=«S» -e OCPI_BASE_URL=https://«host»/ocpi/versions \\
  ghcr.io/«org»/ocpi-bridge:«ver» register
""", "ghcr.io/«org»/ocpi-bridge:«ver»")

S(_C, "java-system-property-datasource-password", "pwu", """
java -Dspring.datasource.password=«S» -Dspring.profiles.active=prod -jar csms-backend-«ver».jar
""", "csms-backend-«ver».jar")

S(_C, "python-script-api-password-arg", "pwu", """
python scripts/backfill_tolls.py --api-user «user» --api-password «S» --since «date» --operator toll4eu
""", "scripts/backfill_tolls.py")

S(_C, "expect-one-liner-send-password", "pw", """
expect -c 'spawn ssh admin@«ip»; expect "assword:"; send "«S»\\r"; expect "#"; send "show ocpp status\\r"; interact'
""", "admin@«ip»")

S(_C, "mc-alias-set-minio-secret-key", "an:40", """
mc alias set depot https://s3.«dom» «up:20» «S» --api S3v4
""", "mc alias set depot")

S(_C, "psql-alter-role-with-password", "pw", """
psql -h «host» -U postgres -d «db» -c "ALTER ROLE «user» WITH LOGIN PASSWORD '«S»';"
""", "ALTER ROLE «user»")

S(_C, "ngrok-add-authtoken", lambda c: _rs(1, "123") + _rs(26) + "_" + _rs(21), """
ngrok config add-authtoken «S» && ngrok http 9000 --domain=ocpp-dev-«lo:4».ngrok.app
""", "ngrok config add-authtoken")

S(_C, "curl-tesla-fleet-api-bearer", JWT(aud="https://fleet-api.prd.eu.vn.cloud.tesla.com"), """
curl -s -H "Authorization: Bearer «S»" \\
  https://fleet-api.prd.eu.vn.cloud.tesla.com/api/1/vehicles/«vin»/vehicle_data | jq .response.charge_state
""", "vehicle_data")

S(_C, "curl-u-clientid-secret-token-exchange", "uuid", """
curl -s -X POST https://auth.smartcar.com/oauth/token -u «uuid»:«S» \\
  -d grant_type=authorization_code -d code="$CODE" -d redirect_uri=https://«host»/smartcar/callback
""", "grant_type=authorization_code")

S(_C, "nats-sub-password-flag", "pwu", """
nats sub --server tls://«host»:4222 --user «user» --password «S» 'ocpp.v16.>' --count 20
""", "ocpp.v16.>")

S(_C, "heredoc-env-file-write", "pw", """
cat > /opt/depot-gw/.env <<'EOF'
CSMS_URL=wss://«host»/ocpp
CP_ID=«cp»
CP_PASSWORD=«S»
EOF
""", "/opt/depot-gw/.env")

S(_C, "curl-data-urlencode-client-secret", "an:48", """
curl -s https://login.«dom»/oauth2/token -d grant_type=client_credentials \\
  -d client_id=dispatch-core --data-urlencode 'client_secret=«S»' | jq -r .access_token
""", "client_id=dispatch-core")

S(_C, "sudo-s-echo-password-pipe", "pw", """
echo '«S»' | sudo -S systemctl restart ocpp-proxy.service
""", "systemctl restart ocpp-proxy.service")

# ===========================================================================
# GROUP: tool-output -- what a command printed back to the agent
# ===========================================================================
_T = "tool-output"

S(_T, "env-grep-ocpp-output", "an:28", """
$ env | grep -i ocpp
OCPP_CSMS_URL=wss://«host»/ocpp
OCPP_CHARGE_POINT_ID=«cp»
OCPP_BASIC_AUTH_PASSWORD=«S»
OCPP_PROTOCOLS=ocpp1.6,ocpp2.0.1
""", "OCPP_CSMS_URL=wss://«host»/ocpp")

S(_T, "kubectl-get-secret-yaml-data-b64", lambda c: _b64s(_pw()), """
$ kubectl -n «ns» get secret csms-db -o yaml
apiVersion: v1
data:
  password: «S»
  username: «b64user»
kind: Secret
metadata:
  name: csms-db
  namespace: «ns»
type: Opaque
""", "name: csms-db")

S(_T, "kubectl-jsonpath-base64-decoded", P("", "uuid"), """
$ kubectl -n roaming get secret ocpi-credentials -o jsonpath='{.data.token_b}' | base64 -d
«S»
""", "ocpi-credentials")

S(_T, "vault-kv-get-table-output", "pw", """
$ vault kv get secret/fleet/prod/fuelcard-api
======= Secret Path =======
secret/data/fleet/prod/fuelcard-api

======= Metadata =======
Key                Value
---                -----
created_time       «ts»
version            «n»

====== Data ======
Key         Value
---         -----
password    «S»
username    «user»
""", "secret/data/fleet/prod/fuelcard-api")

S(_T, "aws-sts-assume-role-json", AWSSECRET, """
{
    "Credentials": {
        "AccessKeyId": "ASIA«up:16»",
        "SecretAccessKey": "«S»",
        "SessionToken": "(omitted from notes)",
        "Expiration": "«ts»"
    },
    "AssumedRoleUser": {
        "Arn": "arn:aws:sts::«acct»:assumed-role/tolls-ingest/agent-session"
    }
}
""", "arn:aws:sts::«acct»:assumed-role/tolls-ingest/agent-session")

S(_T, "docker-inspect-env-array", "pwx", """
$ docker inspect csms-api --format '{{json .Config.Env}}' | jq .
[
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",
  "DB_HOST=«host»",
  "DB_PASSWORD=«S»",
  "TZ=«tz»"
]
""", "DB_HOST=«host»")

S(_T, "heroku-config-database-url", "hex:64", """
$ heroku config -a «app»-prod
=== «app»-prod Config Vars
DATABASE_URL:      postgres://u«lo:13»:«S»@ec2-«num:2»-«num2:3».eu-west-1.compute.amazonaws.com:5432/d«lo2:13»
LOG_LEVEL:         info
""", "=== «app»-prod Config Vars")

S(_T, "git-remote-v-token-in-url", P("ghp_", "an:36"), """
$ git remote -v
origin	https://«user»:«S»@github.com/«org»/cpms-portal.git (fetch)
origin	https://«user»:«S»@github.com/«org»/cpms-portal.git (push)
""", "«org»/cpms-portal.git")

S(_T, "cat-netrc-machine-login-password", "pw", """
$ cat ~/.netrc
machine «host» login «user» password «S»
machine api.github.com login «user2» password $GH_TOKEN
""", "machine «host»")

S(_T, "cat-pgpass-line", "pw", """
$ cat ~/.pgpass
# host:port:db:user:password
«host»:5432:«db»:«user»:«S»
""", "«host»:5432:«db»:«user»")

S(_T, "ocpp16-getconfiguration-authkey-leak", "hex:40", """
<- [3,"«uuid»",{"configurationKey":[
  {"key":"HeartbeatInterval","readonly":false,"value":"300"},
  {"key":"AuthorizationKey","readonly":false,"value":"«S»"},
  {"key":"SecurityProfile","readonly":false,"value":"1"}],"unknownKey":[]}]
""", "HeartbeatInterval")

S(_T, "ocpp201-getvariables-basic-auth-result", "an:40", """
{"getVariableResult":[{"attributeStatus":"Accepted","attributeType":"Actual",
 "attributeValue":"«S»","component":{"name":"SecurityCtrlr"},
 "variable":{"name":"BasicAuthPassword"}}]}
""", "SecurityCtrlr")

S(_T, "charger-diag-console-show-network", "pw", """
«vendor»-diag> show network
wifi.mode      = client
wifi.ssid      = Depot-«city»
wifi.psk       = «S»
ocpp.url       = wss://«host»/ocpp/«cp»
lte.apn        = m2m.fleetgrid
«vendor»-diag>
""", "wifi.ssid      = Depot-«city»")

S(_T, "modem-at-cgauth-serial-echo", "pwu", """
> AT+CGDCONT=1,"IP","iot.«lo:5».net"
OK
> AT+CGAUTH=1,1,"«user»","«S»"
OK
> AT+CGACT=1,1
OK
""", "AT+CGACT=1,1")

S(_T, "terraform-output-json-sensitive", "pwx", """
$ terraform output -json
{
  "db_endpoint": {"sensitive": false, "type": "string", "value": "«host»:5432"},
  "db_password": {"sensitive": true, "type": "string", "value": "«S»"}
}
""", "db_endpoint")

S(_T, "terraform-plan-plain-attribute", "pw", """
  # aws_db_instance.tolling will be created
  + resource "aws_db_instance" "tolling" {
      + engine          = "postgres"
      + identifier      = "tolling-«region»"
      + master_password = "«S»"
      + username        = "«user»"
    }
""", "aws_db_instance.tolling")

S(_T, "ansible-debug-var-output", P("pyt_live_", "lo:32"), """
TASK [payments : debug] ********************************************************
ok: [charger-gw-«n»] => {
    "payter_api_key": "«S»"
}
""", "charger-gw-«n»")

S(_T, "printenv-single-var", "pw", """
$ printenv HUBJECT_KEYSTORE_PASS
«S»
""", "printenv HUBJECT_KEYSTORE_PASS")

S(_T, "docker-compose-config-resolved", "pw", """
$ docker compose config | sed -n '/db:/,/ports/p'
  db:
    environment:
      POSTGRES_DB: «db»
      POSTGRES_PASSWORD: «S»
      POSTGRES_USER: «user»
    image: postgres:16
    ports:
""", "POSTGRES_USER: «user»")

S(_T, "gcloud-secrets-access-latest", "an:44", """
$ gcloud secrets versions access latest --secret=enode-client-secret --project=«org»-prod
«S»
""", "--secret=enode-client-secret")

S(_T, "az-keyvault-secret-show-json", "pw", """
{
  "attributes": {"enabled": true, "updated": "«ts»"},
  "id": "https://kv-«org».vault.azure.net/secrets/parking-api-password/«hex:32»",
  "name": "parking-api-password",
  "value": "«S»"
}
""", "parking-api-password")

S(_T, "op-read-1password-output", JWT(), """
$ op read "op://Fleet/Tesla Fleet API/credential"
«S»
""", "op://Fleet/Tesla Fleet API/credential")

S(_T, "cat-npmrc-authtoken", P("npm_", "an:36"), """
$ cat ~/.npmrc
registry=https://registry.npmjs.org/
//registry.npmjs.org/:_authToken=«S»
""", "registry=https://registry.npmjs.org/")

S(_T, "pip-config-list-index-url", "pwu", """
$ pip config list
global.index-url='https://build:«S»@nexus.«dom»/repository/pypi-group/simple'
global.timeout='60'
""", "global.timeout='60'")

S(_T, "git-config-extraheader-basic", BASIC("user", "an:32"), """
$ git config --list --show-origin | grep extraheader
file:.git/config	http.https://git.«dom»/.extraheader=AUTHORIZATION: basic «S»
""", "file:.git/config")

S(_T, "cat-docker-config-auths", BASIC("user", "pwu"), """
$ cat ~/.docker/config.json
{
	"auths": {
		"registry.«dom»": {
			"auth": "«S»"
		}
	}
}
""", "registry.«dom»")

S(_T, "kubectl-describe-pod-env-literal", "an:40", """
    Environment:
      DISPATCH_REGION:     «city»
      DISPATCH_API_KEY:    «S»
      DB_PASSWORD:         <set to the key 'password' in secret 'dispatch-db'>  Optional: false
""", "DISPATCH_REGION:     «city»")

S(_T, "redis-cli-get-session-json", "an:64", """
127.0.0.1:6379> GET session:driver:«num:6»
"{\\"driver_id\\":«num2:6»,\\"access_token\\":\\"«S»\\",\\"expires_in\\":3600}"
""", "session:driver:")

S(_T, "psql-select-api-keys-table", P("ak_", "lo:40"), """
 id |     name      |                  api_key                     | created_at
----+---------------+----------------------------------------------+------------
 «n» | toll-partner  | «S» | «date»
(1 row)
""", "toll-partner")

S(_T, "mysql-select-roaming-partners", "uuid", """
+---------+----------+--------------------------------------+---------+
| country | party_id | token_c                              | version |
+---------+----------+--------------------------------------+---------+
| «cc»      | «party»      | «S» | 2.2.1   |
+---------+----------+--------------------------------------+---------+
1 row in set (0.01 sec)
""", "1 row in set")

S(_T, "curl-verbose-request-authorization", lambda c: _b64s(_uuid()), """
> GET /ocpi/2.2.1/sessions?date_from=«date» HTTP/2
> Host: «host»
> user-agent: curl/8.5.0
> accept: */*
> authorization: Token «S»
>
< HTTP/2 200
""", "Host: «host»")

S(_T, "curl-verbose-set-cookie-session", "b64u:32", """
< HTTP/2 302
< location: /dashboard
< set-cookie: cpo_session=«S»; Path=/; HttpOnly; Secure; SameSite=Lax
< x-request-id: «uuid»
""", "location: /dashboard")

S(_T, "oauth-token-response-json", JWT(), """
{"access_token":"«S»","token_type":"Bearer","expires_in":28800,"scope":"openid vehicle_device_data vehicle_cmds vehicle_charging_cmds"}
""", "token_type")

S(_T, "refresh-token-response-json", "b64u:48", """
HTTP/1.1 200 OK
content-type: application/json

{"refresh_token":"«S»","expires_in":7776000,"user_id":"«uuid»"}
""", "content-type: application/json")

S(_T, "cat-wpa-supplicant-conf", "pw", """
$ sudo cat /etc/wpa_supplicant/wpa_supplicant.conf
ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev
network={
    ssid="ChargeHub-«city»"
    psk="«S»"
    key_mgmt=WPA-PSK
}
""", "ChargeHub-«city»")

S(_T, "cat-ppp-chap-secrets", "pw", """
$ cat /etc/ppp/chap-secrets
# client        server  secret                  IP addresses
"«user»"   *       "«S»"        *
""", "/etc/ppp/chap-secrets")

S(_T, "openssl-rsa-print-private-key", PEM("rsa"), """
$ openssl rsa -in hubject-client.key
writing RSA key
-----BEGIN PRIVATE KEY-----
«S»
-----END PRIVATE KEY-----
""", "writing RSA key")

S(_T, "cat-openssh-private-key", PEM("ossh"), """
$ cat ~/.ssh/id_ed25519_depot
-----BEGIN OPENSSH PRIVATE KEY-----
«S»
-----END OPENSSH PRIVATE KEY-----
""", "id_ed25519_depot")

S(_T, "jq-service-account-private-key", PEM("rsa", "\\n"), """
$ jq '{client_email, private_key_id, private_key}' fleet-sa.json
{
  "client_email": "fleet-sync@«org»-prod.iam.gserviceaccount.com",
  "private_key_id": "«hex:40»",
  "private_key": "-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n"
}
""", "fleet-sync@«org»-prod.iam.gserviceaccount.com")

S(_T, "aws-iam-create-access-key-json", AWSSECRET, """
$ aws iam create-access-key --user-name toll-export
{
    "AccessKey": {
        "UserName": "toll-export",
        "AccessKeyId": "AKIA«up:16»",
        "Status": "Active",
        "SecretAccessKey": "«S»",
        "CreateDate": "«ts»"
    }
}
""", "toll-export")

S(_T, "gh-auth-token-output", P("gho_", "an:36"), """
$ gh auth token
«S»
""", "gh auth token")

S(_T, "gh-auth-status-show-token", P("gho_", "an:36"), """
$ gh auth status --show-token
github.com
  ✓ Logged in to github.com account «user» (keyring)
  - Active account: true
  - Git operations protocol: https
  - Token: «S»
  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'
""", "Token scopes")

S(_T, "docker-history-no-trunc-env", GKEY, """
$ docker history --no-trunc ghcr.io/«org»/route-planner:«ver» | grep ENV
<missing>  3 weeks ago  ENV MAPS_API_KEY=«S»   0B   buildkit.dockerfile.v0
""", "route-planner:«ver»")

S(_T, "ps-aux-cmdline-password-flag", "pwu", """
$ ps aux | grep [o]cpp-proxy
ocpp     «pid»  1.2  0.8 912344 67212 ?  Ssl  «time»  42:10 /usr/bin/ocpp-proxy --listen :9000 --upstream wss://«host» --basic-auth-pass «S»
""", "/usr/bin/ocpp-proxy")

S(_T, "proc-environ-dump", P("sk_live_", "an:99"), """
$ sudo tr '\\0' '\\n' < /proc/«pid»/environ | grep -E 'STRIPE|NODE_ENV'
NODE_ENV=production
STRIPE_SECRET_KEY=«S»
""", "NODE_ENV=production")

S(_T, "git-show-diff-added-env-line", P("sk_live_", "an:99"), """
$ git show «sha7» -- .env.production
diff --git a/.env.production b/.env.production
@@ -3,3 +3,4 @@ APP_URL=https://«host»
 LOG_LEVEL=warn
+STRIPE_TERMINAL_SECRET=«S»
 SENTRY_ENVIRONMENT=production
""", "diff --git a/.env.production b/.env.production")

S(_T, "grep-rn-config-hit", "an:32", """
$ grep -rn "api_key" config/
config/prod.yml:14:    api_key: «S»
config/staging.yml:14:    api_key: ${TOMTOM_API_KEY}
""", "config/staging.yml:14")

S(_T, "trufflehog-finding-raw-result", lambda c: "xoxb-%s-%s-%s" % (_rs(12, string.digits), _rs(13, string.digits), _rs(24)), """
Found verified result 🐷🔑
Detector Type: Slack
Decoder Type: PLAIN
Raw result: «S»
File: scripts/notify_dispatch.sh
Line: 7
""", "scripts/notify_dispatch.sh")

S(_T, "gitleaks-report-json-secret", "an:40", """
[
 {
  "Description": "Generic API Key",
  "StartLine": 22,
  "Match": "HERE_API_KEY = \\"«S»\\"",
  "Secret": "«S»",
  "File": "services/routing/settings.py",
  "RuleID": "generic-api-key"
 }
]
""", "services/routing/settings.py")

S(_T, "cat-debian-cnf-client", "an:16", """
$ sudo cat /etc/mysql/debian.cnf
# Automatically generated for Debian scripts. DO NOT TOUCH!
[client]
host     = localhost
user     = debian-sys-maint
password = «S»
socket   = /var/run/mysqld/mysqld.sock
""", "debian-sys-maint")

S(_T, "kubectl-config-view-raw-token", lambda c: _jwt({"iss": "kubernetes/serviceaccount",
                                                        "kubernetes.io/serviceaccount/namespace": "ocpp-gw"}), """
$ kubectl config view --raw --minify -o jsonpath='{.users[0]}'
{"name":"ci-deployer","user":{"token":"«S»"}}
""", "ci-deployer")

S(_T, "helm-get-values-output", "pw", """
$ helm get values csms -n «ns»
USER-SUPPLIED VALUES:
image:
  tag: «ver»
postgresql:
  auth:
    database: «db»
    password: «S»
""", "USER-SUPPLIED VALUES:")

S(_T, "consul-kv-get-output", "uuid", """
$ consul kv get cpo/ocpi/«party»/token_b
«S»
""", "cpo/ocpi/«party»/token_b")

S(_T, "etcdctl-get-key-value", GKEY, """
$ etcdctl get /config/dispatch/google_maps_key
/config/dispatch/google_maps_key
«S»
""", "/config/dispatch/google_maps_key")

S(_T, "argocd-initial-admin-password", "an:16", """
$ argocd admin initial-password -n argocd
«S»

 This password must be only used for first time login. We strongly recommend you update the password using `argocd account update-password`.
""", "argocd account update-password")

S(_T, "jenkins-initial-admin-password-cat", "hex:32", """
$ docker exec jenkins cat /var/jenkins_home/secrets/initialAdminPassword
«S»
""", "/var/jenkins_home/secrets/initialAdminPassword")

S(_T, "docker-logs-generated-admin-password", "an:20", """
$ docker logs emqx-depot 2>&1 | head -n 5
EMQX_NODE__NAME=emqx@«ip»
Listener ssl:default on 0.0.0.0:8883 started.
Dashboard default admin password generated: «S»
EMQX «ver» is running now!
""", "EMQX_NODE__NAME=emqx@«ip»")

S(_T, "python-repl-settings-attribute", "an:40", """
>>> from dispatch.conf import settings
>>> settings.NAYAX_API_TOKEN
'«S»'
>>> settings.NAYAX_BASE_URL
'https://lynx.«dom»/operational/v1'
""", "settings.NAYAX_BASE_URL")

S(_T, "sqlite-select-settings-token", "an:48", """
sqlite> select key, value from settings where key like '%token%';
ocpp_auth_token|«S»
ocpp_token_rotated_at|«ts»
""", "ocpp_token_rotated_at")

S(_T, "secretsmanager-secretstring-escaped-json", "pw", """
{
    "ARN": "arn:aws:secretsmanager:«region»:«acct»:secret:fleet/prod/db-«an:6»",
    "Name": "fleet/prod/db",
    "SecretString": "{\\"username\\":\\"fleet_app\\",\\"password\\":\\"«S»\\",\\"host\\":\\"«host»\\"}",
    "VersionStages": ["AWSCURRENT"]
}
""", "fleet/prod/db")

S(_T, "terminal-wrapped-long-token", lambda c: (lambda t: t[:80] + "\n" + t[80:])(_jwt({"iss": "kerbflow-dispatch"})), """
$ ./get-token.sh --env prod
«S»
""", "./get-token.sh --env prod")

S(_T, "systemctl-show-environment-property", "pw", """
$ systemctl show ocpp-bridge -p Environment
Environment=CSMS_URL=wss://«host»/ocpp CP_ID=«cp» CP_PASS=«S» LOG_LEVEL=debug
""", "systemctl show ocpp-bridge")

S(_T, "nmcli-show-secrets-psk", "pw", """
$ nmcli --show-secrets connection show Depot-«city» | grep psk
802-11-wireless-security.psk:           «S»
802-11-wireless-security.psk-flags:     0 (none)
""", "802-11-wireless-security.psk-flags")

# ===========================================================================
# GROUP: config-file -- excerpts of files the agent opened
# ===========================================================================
_F = "config-file"

S(_F, "dotenv-ocpi-token-c", "uuid", """
# .env (roaming-bridge)
OCPI_VERSION=2.2.1
OCPI_COUNTRY_CODE=«cc»
OCPI_PARTY_ID=«party»
OCPI_TOKEN_C=«S»
OCPI_PEER_VERSIONS_URL=https://«host»/ocpi/versions
""", "OCPI_PEER_VERSIONS_URL=https://«host»/ocpi/versions")

S(_F, "compose-environment-map", "pw", """
services:
  steve:
    image: ghcr.io/«org»/steve:«ver»
    environment:
      DB_HOST: mariadb
      DB_USERNAME: steve
      DB_PASSWORD: "«S»"
      WEBSOCKET_PATH: /steve/websocket/CentralSystemService
""", "WEBSOCKET_PATH: /steve/websocket/CentralSystemService")

S(_F, "spring-application-yml-datasource", "pw", """
spring:
  datasource:
    url: jdbc:postgresql://«host»:5432/«db»
    username: «user»
    password: '«S»'
  jpa:
    open-in-view: false
""", "jdbc:postgresql://«host»:5432/«db»")

S(_F, "spring-application-properties", "pwu", """
server.port=8180
ocpp.ws.path=/ocpp
spring.datasource.url=jdbc:mysql://«host»:3306/«db»?useSSL=true
spring.datasource.username=«user»
spring.datasource.password=«S»
""", "spring.datasource.username=«user»")

S(_F, "rails-database-yml-production", "pw", """
production:
  <<: *default
  database: parking_permits_production
  username: «user»
  password: "«S»"
  host: «host»
""", "parking_permits_production")

S(_F, "my-cnf-client-section", "pw", """
# ~/.my.cnf
[client]
host=«host»
user=«user»
password="«S»"
ssl-mode=REQUIRED
""", "ssl-mode=REQUIRED")

S(_F, "charger-ocpp-ini-basic-auth", "an:24", """
; /etc/chargerd/ocpp.ini
[ocpp]
central_system_url = wss://«host»/ocpp/«cp»
charge_point_id    = «cp»
security_profile   = 1
basic_auth_user    = «cp»
basic_auth_password = «S»
heartbeat_interval = 300
""", "security_profile   = 1")

S(_F, "everest-ocpp-json-authorization-key", "hex:40", """
{
  "Core": {"HeartbeatInterval": 300, "MeterValueSampleInterval": 60},
  "Internal": {"ChargePointId": "«cp»", "CentralSystemURI": "«host»/ocpp/"},
  "Security": {"SecurityProfile": 1, "AuthorizationKey": "«S»"}
}
""", "MeterValueSampleInterval")

S(_F, "steve-main-properties-db-password", "pw", """
# src/main/resources/config/prod/main.properties
db.ip = «host»
db.port = 3306
db.schema = stevedb
db.user = steve
db.password = «S»
auth.user = admin
""", "db.schema = stevedb")

S(_F, "nginx-proxy-set-header-basic", BASIC("user", "pwu"), """
location /ocpi/ {
    proxy_pass https://«host»;
    proxy_set_header Authorization "Basic «S»";
    proxy_ssl_server_name on;
}
""", "proxy_pass https://«host»;")

S(_F, "haproxy-userlist-insecure-password", "pw", """
userlist diag_users
    user «user» insecure-password «S»

frontend diag
    bind :8404 ssl crt /etc/haproxy/certs/diag.pem
    http-request auth realm charger-diag unless { http_auth(diag_users) }
""", "userlist diag_users")

S(_F, "mosquitto-bridge-remote-password", "pw", """
connection cloud-bridge
address «host»:8883
topic fleet/# both 1
remote_username «user»
remote_password «S»
bridge_cafile /etc/mosquitto/ca.crt
""", "connection cloud-bridge")

S(_F, "telegraf-influxdb-v2-token", lambda c: _b64(64), """
[[outputs.influxdb_v2]]
  urls = ["https://«host»:8086"]
  token = "«S»"
  organization = "«org»"
  bucket = "charger-metrics"
""", "charger-metrics")

S(_F, "grafana-ini-admin-password", "pw", """
[security]
admin_user = admin
admin_password = «S»
cookie_secure = true

[auth.anonymous]
enabled = false
""", "[auth.anonymous]")

S(_F, "prometheus-scrape-basic-auth", "pw", """
scrape_configs:
  - job_name: charger-exporter
    scheme: https
    basic_auth:
      username: prometheus
      password: «S»
    static_configs:
      - targets: ["«host»:9443"]
""", "job_name: charger-exporter")

S(_F, "alertmanager-slack-api-url", SLACKHOOK, """
receivers:
  - name: cpo-oncall
    slack_configs:
      - api_url: https://hooks.slack.com/services/T«up:8»/B«up2:10»/«S»
        channel: '#charger-alerts'
        send_resolved: true
""", "#charger-alerts")

S(_F, "kafka-client-properties-jaas", "pw", """
bootstrap.servers=«host»:9093
security.protocol=SASL_SSL
sasl.mechanism=SCRAM-SHA-512
sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="«user»" password="«S»";
""", "sasl.mechanism=SCRAM-SHA-512")

S(_F, "hibernate-cfg-xml-connection-password", "pw", """
<hibernate-configuration>
  <session-factory>
    <property name="connection.url">jdbc:postgresql://«host»/«db»</property>
    <property name="connection.username">«user»</property>
    <property name="connection.password">«S»</property>
  </session-factory>
</hibernate-configuration>
""", "connection.username")

S(_F, "tomcat-users-xml-manager", "pw", """
<tomcat-users>
  <role rolename="manager-gui"/>
  <user username="deployer" password="«S»" roles="manager-gui,manager-script"/>
</tomcat-users>
""", "manager-gui")

S(_F, "maven-settings-xml-server-password", "pw", """
<servers>
  <server>
    <id>fleetgrid-releases</id>
    <username>«user»</username>
    <password>«S»</password>
  </server>
</servers>
""", "fleetgrid-releases")

S(_F, "gradle-properties-repo-password", "an:64", """
org.gradle.jvmargs=-Xmx2g
artifactoryUser=«user»
artifactoryPassword=«S»
android.useAndroidX=true
""", "android.useAndroidX=true")

S(_F, "npmrc-scoped-registry-token", P("npm_", "an:36"), """
@«org»:registry=https://npm.«dom»/
//npm.«dom»/:_authToken=«S»
always-auth=true
""", "always-auth=true")

S(_F, "pip-conf-extra-index-userinfo", "pwu", """
[global]
extra-index-url = https://ci-reader:«S»@pypi.«dom»/simple/
timeout = 30
""", "timeout = 30")

S(_F, "netrc-multi-line-entry", "pw", """
machine «host»
  login «user»
  password «S»
""", "machine «host»")

S(_F, "git-credentials-store-line", P("glpat-", "an:20"), """
https://«user»:«S»@gitlab.«dom»
""", "gitlab.«dom»")

S(_F, "kubeconfig-user-token", lambda c: _jwt({"iss": "kubernetes/serviceaccount"}), """
users:
- name: fleet-ci
  user:
    token: «S»
contexts:
- context: {cluster: aks-fleet-weu, user: fleet-ci, namespace: «ns»}
""", "aks-fleet-weu")

S(_F, "terraform-tfvars-secrets", "an:40", """
# envs/prod.tfvars
region            = "«region»"
hubject_env       = "production"
smartcar_client_id     = "«uuid»"
enode_client_secret    = "«S»"
""", "hubject_env")

S(_F, "terraform-backend-pg-conn-str", "pwu", """
terraform {
  backend "pg" {
    conn_str    = "postgres://tf_state:«S»@«host»/terraform_backend?sslmode=require"
    schema_name = "fleet_prod"
  }
}
""", "schema_name")

S(_F, "ansible-host-vars-password", "pw", """
# inventories/depot-«city»/host_vars/charger-gw-«n».yml
ansible_host: «ip»
ansible_user: installer
ansible_password: "«S»"
ansible_become: true
""", "ansible_user: installer")

S(_F, "openvpn-static-key-block", lambda c: "\n".join(_hx(32) for _ in range(16)), """
<tls-auth>
#
# 2048 bit OpenVPN static key
#
-----BEGIN OpenVPN Static key V1-----
«S»
-----END OpenVPN Static key V1-----
</tls-auth>
key-direction 1
""", "key-direction 1")

S(_F, "wireguard-conf-private-key", lambda c: _b64(32), """
[Interface]
Address = 10.66.«n».2/32
PrivateKey = «S»
DNS = 10.66.0.1

[Peer]
PublicKey = «b64:32»
Endpoint = «pubip»:51820
AllowedIPs = 10.66.0.0/16
""", "Endpoint = «pubip»:51820")

S(_F, "strongswan-ipsec-secrets-psk", "pw", """
# /etc/ipsec.secrets
«pubip» %any : PSK "«S»"
""", "/etc/ipsec.secrets")

S(_F, "systemd-unit-environment-line", "pw", """
[Service]
ExecStart=/usr/local/bin/ocpp-bridge --config /etc/ocpp-bridge.toml
Environment="CSMS_BASIC_AUTH=«cp»:«S»"
Restart=always
""", "/etc/ocpp-bridge.toml")

S(_F, "supervisor-program-environment", "pwu", """
[program:toll-ingest]
command=/srv/toll-ingest/bin/run
environment=TOLL_API_USER="«user»",TOLL_API_PASS="«S»",PYTHONUNBUFFERED="1"
autorestart=true
""", "[program:toll-ingest]")

S(_F, "laravel-env-app-key-base64", lambda c: _b64(32), """
APP_NAME="Parking Permits"
APP_ENV=production
APP_KEY=base64:«S»
APP_URL=https://«host»
""", "APP_NAME=\"Parking Permits\"")

S(_F, "rails-master-key-file", "hex:32", """
==> config/master.key <==
«S»
""", "config/master.key")

S(_F, "appsettings-json-connection-string", "pw", """
{
  "ConnectionStrings": {
    "Tolling": "Server=tcp:«host»,1433;Initial Catalog=Tolling;User ID=«user»;Password=«S»;Encrypt=True;"
  },
  "Logging": {"LogLevel": {"Default": "Information"}}
}
""", "Initial Catalog=Tolling")

S(_F, "web-config-connection-strings", "pw", """
<connectionStrings>
  <add name="FleetDb" providerName="System.Data.SqlClient"
       connectionString="Data Source=«host»;Initial Catalog=Fleet;User Id=«user»;Password=«S»;" />
</connectionStrings>
""", "name=\"FleetDb\"")

S(_F, "toml-adyen-payments-section", P("AQE", "an:60", ""), """
[payments.adyen]
merchant_account = "«org»_EVCharging_EU"
environment = "live"
api_key = "«S»"
terminal_pool = ["V400m-«num:9»", "P400Plus-«num2:9»"]
""", "merchant_account")

S(_F, "nomad-job-template-env", "an:40", """
task "dispatch" {
  driver = "docker"
  env {
    DISPATCH_REGION = "«city»"
    RIDE_API_SECRET = "«S»"
  }
}
""", "task \"dispatch\"")

S(_F, "odbc-ini-pwd", "pw", """
[TollingDW]
Driver=ODBC Driver 18 for SQL Server
Server=«host»
Database=TollingDW
UID=«user»
PWD=«S»
""", "[TollingDW]")

S(_F, "redis-conf-requirepass", "an:48", """
bind 0.0.0.0
port 6379
requirepass «S»
maxmemory 512mb
maxmemory-policy allkeys-lru
""", "maxmemory-policy allkeys-lru")

S(_F, "pgbouncer-userlist-plain", "pw", """
; /etc/pgbouncer/userlist.txt
"«user»" "«S»"
"pgbouncer_admin" "md5«hex:32»"
""", "/etc/pgbouncer/userlist.txt")

S(_F, "rabbitmq-conf-default-pass", "pw", """
listeners.ssl.default = 5671
default_user = «user»
default_pass = «S»
management.tcp.port = 15672
""", "management.tcp.port = 15672")

S(_F, "keycloak-realm-client-secret", "an:32", """
"clients": [
  {
    "clientId": "dispatch-backoffice",
    "enabled": true,
    "clientAuthenticatorType": "client-secret",
    "secret": "«S»",
    "redirectUris": ["https://«host»/*"]
  }
]
""", "dispatch-backoffice")

S(_F, "fluent-bit-http-output-passwd", "pw", """
[OUTPUT]
    Name        http
    Match       charger.*
    Host        «host»
    Port        443
    tls         On
    http_User   fluent
    http_Passwd «S»
""", "Match       charger.*")

S(_F, "logstash-elasticsearch-output", "pw", """
output {
  elasticsearch {
    hosts => ["https://«host»:9200"]
    user => "logstash_writer"
    password => "«S»"
    index => "ocpp-%{+YYYY.MM.dd}"
  }
}
""", "logstash_writer")

S(_F, "kibana-yml-elasticsearch-password", "pw", """
server.publicBaseUrl: "https://«host»"
elasticsearch.hosts: ["https://es-01:9200"]
elasticsearch.username: "kibana_system"
elasticsearch.password: "«S»"
""", "kibana_system")

S(_F, "filebeat-cloud-auth", "an:24", """
cloud.id: "fleet-logs:«b64:48»"
cloud.auth: "elastic:«S»"
filebeat.inputs:
  - type: filestream
    paths: [/var/log/ocpp/*.log]
""", "/var/log/ocpp/*.log")

S(_F, "pypirc-password-token", lambda c: "pypi-AgEIcHlwaS5vcmc" + _b64u(60), """
[distutils]
index-servers = pypi

[pypi]
username = __token__
password = «S»
""", "index-servers = pypi")

S(_F, "aws-credentials-ini-profile", AWSSECRET, """
[fleet-prod]
aws_access_key_id = AKIA«up:16»
aws_secret_access_key = «S»
region = «region»
""", "[fleet-prod]")

S(_F, "gh-hosts-yml-oauth-token", P("gho_", "an:36"), """
github.com:
    user: «user»
    oauth_token: «S»
    git_protocol: https
""", "git_protocol: https")

S(_F, "s3cfg-secret-key", "an:40", """
[default]
access_key = «up:20»
secret_key = «S»
host_base = s3.«dom»
host_bucket = %(bucket)s.s3.«dom»
""", "host_base = s3.«dom»")

S(_F, "hocon-play-secret-key", "b64:48", """
play.http.secret.key = "«S»"
play.filters.hosts.allowed = [".«dom»", "localhost:9000"]
""", "play.filters.hosts.allowed")

S(_F, "iso15118-secc-key-password-yaml", "pw", """
iso15118:
  secc:
    cert_chain: /etc/everest/certs/secc/CPO_SUB_CA2_LEAF.pem
    private_key: /etc/everest/certs/secc/SECC_LEAF.key
    private_key_password: «S»
""", "/etc/everest/certs/secc/SECC_LEAF.key")

S(_F, "oicp-properties-keystore-password", "pw", """
oicp.endpoint=https://service-qa.«dom»/api/oicp
oicp.operatorId=«cc»*«party»
oicp.keystore.path=/opt/oicp/hubject-client.p12
oicp.keystore.password=«S»
""", "oicp.operatorId=«cc»*«party»")

S(_F, "payment-terminal-xml-apikey", "an:40", """
<TerminalConfig vendor="Nayax" model="Onyx">
  <MachineId>«num:10»</MachineId>
  <ApiBase>https://lynx.«dom»/operational/v1</ApiBase>
  <ApiKey>«S»</ApiKey>
</TerminalConfig>
""", "<MachineId>")

S(_F, "gbfs-partner-config-yaml", "an:32", """
operators:
  - system_id: «lo:6»_«city»
    gbfs_url: https://gbfs.«dom»/v3/«city»/gbfs.json
    partner_api:
      client_id: municipality-«city»
      client_secret: «S»
""", "gbfs_url")

S(_F, "cisco-ios-username-secret-0", "pw", """
hostname depot-rtr-«n»
!
username admin privilege 15 secret 0 «S»
!
interface GigabitEthernet0/1
 description uplink-to-chargers
""", "hostname depot-rtr-«n»")

S(_F, "snmpd-conf-create-user", "pw", """
# /etc/snmp/snmpd.conf
createUser fleetmon SHA "«S»" AES
rouser fleetmon priv
""", "rouser fleetmon priv")

S(_F, "keepalived-auth-pass", "an:8", """
vrrp_instance OCPP_VIP {
    state MASTER
    interface eth0
    virtual_router_id 51
    authentication {
        auth_type PASS
        auth_pass «S»
    }
}
""", "OCPP_VIP")

S(_F, "ocpp-simulator-json-config", "pw", """
{
  "stations": [
    {"id": "«cp»", "url": "wss://«host»/ocpp", "protocol": "ocpp1.6",
     "auth": {"user": "«cp»", "pass": "«S»"}, "connectors": 2}
  ]
}
""", "\"protocol\": \"ocpp1.6\"")

S(_F, "env-file-quoted-hash-password", "pwx", """
# parking-gw/.env.local
PARKING_API_BASE=https://«host»/v3
PARKING_API_USER=«user»
PARKING_API_PASSWORD="«S»"
""", "PARKING_API_BASE=https://«host»/v3")

S(_F, "ini-abbreviated-pw-key", "pw", """
[tolls.provider]
endpoint = https://«host»/soap/TollService
login = «user»
pw = «S»
""", "[tolls.provider]")

# ===========================================================================
# GROUP: source-code -- excerpts of code the agent read or wrote
# ===========================================================================
_X = "source-code"

S(_X, "python-requests-auth-tuple", "pw", """
resp = requests.get(
    f"https://«host»/api/v1/chargepoints/{cp_id}/sessions",
    auth=("«user»", "«S»"),
    timeout=10,
)
""", "/api/v1/chargepoints/")

S(_X, "python-headers-dict-bearer", JWT(), """
HEADERS = {
    "Authorization": "Bearer «S»",
    "Accept": "application/json",
}
""", "\"Accept\": \"application/json\"")

S(_X, "python-ocpp-websocket-basic-header-build", "an:24", """
token = base64.b64encode(b"«cp»:«S»").decode()
async with websockets.connect(
    "wss://«host»/ocpp/«cp»",
    subprotocols=["ocpp1.6"],
    extra_headers={"Authorization": f"Basic {token}"},
) as ws:
""", "subprotocols=[\"ocpp1.6\"]")

S(_X, "python-module-constant-client-secret", "an:40", """
ENODE_CLIENT_ID = "«uuid»"
ENODE_CLIENT_SECRET = "«S»"
ENODE_API = "https://enode-api.production.enode.io"
""", "ENODE_CLIENT_ID")

S(_X, "python-environ-get-default-fallback", P("pyt_live_", "lo:32"), """
PAYTER_API_KEY = os.environ.get("PAYTER_API_KEY", "«S»")
""", "os.environ.get(\"PAYTER_API_KEY\"")

S(_X, "python-sqlalchemy-create-engine-url", "pwu", """
engine = create_engine(
    "postgresql+psycopg2://«user»:«S»@«host»:5432/«db»",
    pool_pre_ping=True,
)
""", "pool_pre_ping=True")

S(_X, "python-boto3-client-explicit-keys", AWSSECRET, """
s3 = boto3.client(
    "s3",
    region_name="«region»",
    aws_access_key_id="AKIA«up:16»",
    aws_secret_access_key="«S»",
)
""", "region_name=\"«region»\"")

S(_X, "python-psycopg2-connect-kwargs", "pw", """
conn = psycopg2.connect(host="«host»", dbname="«db»", user="«user»",
                        password="«S»", sslmode="require")
""", "sslmode=\"require\"")

S(_X, "js-const-here-api-key", "an:43", """
const HERE_API_KEY = '«S»';
const router = new H.service.Platform({ apikey: HERE_API_KEY }).getRoutingService(null, 8);
""", "getRoutingService")

S(_X, "js-axios-create-headers", "an:40", """
export const dispatchApi = axios.create({
  baseURL: 'https://«host»/v2',
  headers: { 'X-Api-Key': '«S»', 'X-Client': 'driver-app' },
});
""", "'X-Client': 'driver-app'")

S(_X, "js-fetch-btoa-basic", "pw", """
const res = await fetch(`https://«host»/ocpp/admin/stations/${id}/reset`, {
  method: 'POST',
  headers: { Authorization: 'Basic ' + btoa('«user»:«S»') },
});
""", "method: 'POST'")

S(_X, "ts-config-object-ocpi-tokens", "uuid", """
export const config = {
  ocpi: {
    countryCode: '«cc»',
    partyId: '«party»',
    tokenA: '«S»',
    versionsUrl: 'https://«host»/ocpi/versions',
  },
};
""", "versionsUrl")

S(_X, "node-process-env-or-literal", "pw", """
const mqttPassword = process.env.MQTT_PASSWORD || '«S»';
const client = mqtt.connect('mqtts://«host»:8883', { username: '«user»', password: mqttPassword });
""", "mqtts://«host»:8883")

S(_X, "go-struct-literal-password-field", "pw", """
cfg := tolls.Config{
	BaseURL:  "https://«host»/api",
	Username: "«user»",
	Password: "«S»",
	Timeout:  15 * time.Second,
}
""", "tolls.Config")

S(_X, "go-setbasicauth-call", "pwu", """
req, _ := http.NewRequest("GET", "https://«host»/ocpp16/stations", nil)
req.SetBasicAuth("«user»", "«S»")
""", "req.SetBasicAuth(\"«user»\"")

S(_X, "java-static-final-secret", "an:48", """
public final class RideHailingClient {
    private static final String CLIENT_ID = "dispatch-«lo:6»";
    private static final String CLIENT_SECRET = "«S»";
""", "RideHailingClient")

S(_X, "java-drivermanager-getconnection", "pw", """
Connection c = DriverManager.getConnection(
    "jdbc:postgresql://«host»:5432/«db»", "«user»", "«S»");
""", "DriverManager.getConnection")

S(_X, "kotlin-gradle-buildconfigfield-maps-key", GKEY, """
android {
    defaultConfig {
        buildConfigField("String", "MAPS_API_KEY", "\\"«S»\\"")
    }
}
""", "buildConfigField(\"String\", \"MAPS_API_KEY\"")

S(_X, "swift-let-client-secret", "uuid", """
enum SmartcarConfig {
    static let clientId = "«uuid2»"
    static let clientSecret = "«S»"
    static let redirectURI = "sc«uuid3»://exchange"
}
""", "enum SmartcarConfig")

S(_X, "csharp-sqlconnection-string-literal", "pw", """
using var conn = new SqlConnection(
    "Server=«host»;Database=Tolling;User Id=«user»;Password=«S»;TrustServerCertificate=True");
""", "Database=Tolling")

S(_X, "rust-const-api-token", "an:40", """
const TOMTOM_KEY: &str = "«S»";
let url = format!("https://api.tomtom.com/routing/1/calculateRoute/{}/json?key={}", locs, TOMTOM_KEY);
""", "calculateRoute")

S(_X, "php-variable-password-pdo", "pw", """
$dsn = 'mysql:host=«host»;dbname=parking;charset=utf8mb4';
$pdo = new PDO($dsn, '«user»', '«S»', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
""", "dbname=parking")

S(_X, "ruby-hash-api-credentials", "an:40", """
FLEETCARD = {
  endpoint: "https://«host»/cards/v1",
  api_user: "«user»",
  api_secret: "«S»"
}.freeze
""", "FLEETCARD")

S(_X, "bash-script-variable-assignment", "pw", """
#!/usr/bin/env bash
set -euo pipefail
CSMS_HOST="«host»"
CSMS_ADMIN_PASS="«S»"
curl -fsS -u "admin:${CSMS_ADMIN_PASS}" "https://${CSMS_HOST}/api/health"
""", "CSMS_HOST=\"«host»\"")

S(_X, "powershell-securestring-plaintext", "pw", """
$pw = ConvertTo-SecureString "«S»" -AsPlainText -Force
$cred = New-Object System.Management.Automation.PSCredential ("DEPOT\\«user»", $pw)
Invoke-Command -ComputerName depot-srv-«n» -Credential $cred -ScriptBlock { Get-Service ChargerSync }
""", "Get-Service ChargerSync")

S(_X, "sql-migration-insert-api-client", P("sk_", "lo:40"), """
INSERT INTO api_clients (name, client_id, client_secret, scopes)
VALUES ('municipality-«city»', 'muni-«lo:6»', '«S»', '{parking:read}');
""", "INSERT INTO api_clients")

S(_X, "sql-create-user-identified-by", "pw", """
CREATE USER '«user»'@'%' IDENTIFIED BY '«S»';
GRANT SELECT, INSERT ON tolling.* TO '«user»'@'%';
""", "GRANT SELECT, INSERT ON tolling.*")

S(_X, "c-firmware-define-auth-key", "HEX:40", """
/* board/ocpp_cfg.h */
#define OCPP_CP_ID        "«cp»"
#define OCPP_AUTH_KEY     "«S»"
#define OCPP_HB_INTERVAL  300
""", "OCPP_HB_INTERVAL")

S(_X, "cpp-std-string-member-init", "pw", """
DiagConsole::DiagConsole()
    : user_("service"),
      password_("«S»"),
      port_(2323) {}
""", "DiagConsole::DiagConsole()")

S(_X, "arduino-esp32-wifi-credentials", "pw", """
const char* ssid     = "Depot-«city»-IoT";
const char* password = "«S»";

void setup() {
  WiFi.begin(ssid, password);
""", "WiFi.begin(ssid, password);")

S(_X, "micropython-umqtt-client-password", "pw", """
c = MQTTClient("scooter-«num:6»", "«host»", port=8883, user="«user»", password="«S»", ssl=True)
c.connect()
""", "c.connect()")

S(_X, "lua-openresty-upstream-auth-header", BASIC("user", "pwu"), """
ngx.req.set_header("Authorization", "Basic «S»")
return ngx.exec("@ocpi_upstream")
""", "@ocpi_upstream")

S(_X, "dart-flutter-const-key", "an:40", """
class ApiKeys {
  static const scooterFleetKey = '«S»';
  static const mapStyleUrl = 'https://tiles.«dom»/styles/v1/dark';
}
""", "mapStyleUrl")

S(_X, "scala-config-case-class-literal", "pw", """
val kafka = KafkaSettings(
  brokers = "«host»:9093",
  user = "«user»",
  password = "«S»"
)
""", "KafkaSettings(")

S(_X, "elixir-runtime-exs-config", "an:48", """
config :ocpp_hub, OcppHub.Repo,
  url: "ecto://«user»@«host»/«db»",
  password: "«S»",
  pool_size: 10
""", "config :ocpp_hub")

S(_X, "python-pytest-fixture-live-token", JWT(), """
@pytest.fixture
def tesla_token():
    # TODO: replace with a recorded cassette
    return "«S»"
""", "def tesla_token():")

S(_X, "jupyter-cell-json-source-api-key", "an:32", """
{
 "cell_type": "code",
 "source": [
  "import requests\\n",
  "TOMTOM_KEY = '«S»'\\n",
  "r = requests.get(f'https://api.tomtom.com/search/2/poiSearch/charging.json?key={TOMTOM_KEY}')\\n"
 ]
}
""", "\"cell_type\": \"code\"")

S(_X, "django-settings-secret-key", lambda c: "django-insecure-" + _rs(50, string.ascii_lowercase + string.digits + "!@#%^&*(-_=+)"), """
SECRET_KEY = "«S»"
DEBUG = False
ALLOWED_HOSTS = ["«host»"]
""", "ALLOWED_HOSTS")

S(_X, "flask-app-config-secret-key", "hex:48", """
app = Flask(__name__)
app.config["SECRET_KEY"] = "«S»"
app.config["SESSION_COOKIE_SECURE"] = True
""", "SESSION_COOKIE_SECURE")

S(_X, "express-session-secret-option", "an:32", """
app.use(session({
  secret: '«S»',
  name: 'cpo.sid',
  cookie: { secure: true, maxAge: 8 * 3600 * 1000 },
}));
""", "name: 'cpo.sid'")

S(_X, "js-jsonwebtoken-sign-literal-secret", "an:40", """
const token = jwt.sign({ sub: driver.id, role: 'driver' }, '«S»', { expiresIn: '12h' });
""", "expiresIn: '12h'")

S(_X, "go-jwt-signing-key-bytes", "an:40", """
var signingKey = []byte("«S»")

func issue(rideID string) (string, error) {
	return jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"ride": rideID}).SignedString(signingKey)
}
""", "func issue(rideID string)")

S(_X, "python-webhook-hmac-secret-bytes", P("whsec_", "an:32"), """
WEBHOOK_SECRET = b"«S»"

def verify(sig_header: str, body: bytes) -> bool:
    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()
""", "def verify(sig_header: str, body: bytes)")

S(_X, "python-stripe-api-key-assignment", P("rk_live_", "an:99"), """
import stripe
stripe.api_key = "«S»"
intent = stripe.PaymentIntent.create(amount=2500, currency="eur", payment_method_types=["card_present"])
""", "card_present")

S(_X, "python-twilio-client-auth-token", "hex:32", """
client = Client("AC«hex2:32»", "«S»")
client.messages.create(to=driver.phone, from_="+3197010«num:6»", body=f"Your charger {cp} is free")
""", "client.messages.create")

S(_X, "js-google-maps-loader-api-key", GKEY, """
const loader = new Loader({
  apiKey: "«S»",
  version: "weekly",
  libraries: ["places", "geometry"],
});
""", "libraries: [\"places\", \"geometry\"]")

S(_X, "java-kafka-props-jaas-escaped", "pw", """
props.put("security.protocol", "SASL_SSL");
props.put("sasl.jaas.config",
    "org.apache.kafka.common.security.plain.PlainLoginModule required username=\\"«user»\\" password=\\"«S»\\";");
""", "security.protocol")

S(_X, "python-paho-username-pw-set", "pw", """
client = mqtt.Client(client_id="depot-gw-«n»")
client.username_pw_set("«user»", "«S»")
client.tls_set(ca_certs="/etc/ssl/fleet-ca.pem")
""", "client.tls_set")

S(_X, "go-mqtt-opts-setpassword", "pw", """
opts := mqtt.NewClientOptions().AddBroker("ssl://«host»:8883")
opts.SetUsername("«user»")
opts.SetPassword("«S»")
""", "AddBroker(\"ssl://«host»:8883\")")

S(_X, "csharp-httpclient-default-headers-bearer", "an:64", """
_http.DefaultRequestHeaders.Authorization =
    new AuthenticationHeaderValue("Bearer", "«S»");
var resp = await _http.GetAsync("https://«host»/parking/v2/zones?city=«city»");
""", "/parking/v2/zones")

S(_X, "python-slack-webhook-url-constant", SLACKHOOK, """
SLACK_WEBHOOK = "https://hooks.slack.com/services/T«up:8»/B«up2:10»/«S»"

def notify(msg):
    requests.post(SLACK_WEBHOOK, json={"text": msg}, timeout=5)
""", "def notify(msg):")

S(_X, "python-telegram-bot-token-constant", lambda c: "%d:AA%s" % (_R.randint(5000000000, 7999999999), _rs(33, _ALNUM + "-_")), """
BOT_TOKEN = "«S»"
DISPATCH_CHAT_ID = -100«num:10»
bot = telegram.Bot(BOT_TOKEN)
""", "DISPATCH_CHAT_ID")

S(_X, "python-ocpi-credentials-dict", "uuid", """
credentials = {
    "token": "«S»",
    "url": "https://«host»/ocpi/versions",
    "roles": [{"role": "CPO", "party_id": "«party»", "country_code": "«cc»"}],
}
""", "\"role\": \"CPO\"")

S(_X, "ts-smartcar-authclient-options", "uuid", """
const client = new smartcar.AuthClient({
  clientId: '«uuid2»',
  clientSecret: '«S»',
  redirectUri: 'https://«host»/smartcar/callback',
  mode: 'live',
});
""", "smartcar.AuthClient")

S(_X, "python-tesla-partner-token-request", P("ta-secret.", "an:16"), """
resp = requests.post(
    "https://fleet-auth.prd.vn.cloud.tesla.com/oauth2/v3/token",
    data={
        "grant_type": "client_credentials",
        "client_id": "«uuid»",
        "client_secret": "«S»",
        "scope": "openid vehicle_device_data",
        "audience": "https://fleet-api.prd.eu.vn.cloud.tesla.com",
    },
)
""", "client_credentials")

S(_X, "java-spring-value-default-literal", "an:32", """
@Value("${tolls.provider.api-key:«S»}")
private String tollsApiKey;
""", "private String tollsApiKey;")

S(_X, "python-conftest-pem-private-key", PEM("ec"), """
TEST_SIGNING_KEY = \"\"\"-----BEGIN EC PRIVATE KEY-----
«S»
-----END EC PRIVATE KEY-----\"\"\"
""", "TEST_SIGNING_KEY")

S(_X, "go-raw-string-pem-key", PEM("p8ec"), """
const v2gLeafKey = `-----BEGIN PRIVATE KEY-----
«S»
-----END PRIVATE KEY-----`
""", "v2gLeafKey")

S(_X, "js-test-hardcoded-refresh-token", "b64u:48", """
it('refreshes enode token', async () => {
  const t = await refresh('«S»');
  expect(t.expires_in).toBe(3600);
});
""", "refreshes enode token")

S(_X, "python-argparse-default-password", "pw", """
parser.add_argument("--diag-user", default="service")
parser.add_argument("--diag-pass", default="«S»")
""", "--diag-user")

S(_X, "r-sys-setenv-mapbox-token", lambda c: "sk.eyJ1Ijoi" + _b64u(24) + "." + _b64u(16), """
Sys.setenv(MAPBOX_SECRET_TOKEN = "«S»")
isochrones <- mb_isochrone(depots, profile = "driving", time = c(10, 20))
""", "mb_isochrone")

S(_X, "python-execute-create-user-password", "pw", """
cur.execute("CREATE USER reporting_ro WITH PASSWORD '«S»'")
cur.execute("GRANT SELECT ON ALL TABLES IN SCHEMA cdr TO reporting_ro")
""", "GRANT SELECT ON ALL TABLES IN SCHEMA cdr")

S(_X, "yaml-in-python-test-string", "pw", """
CONFIG_YAML = \"\"\"
fuelcard:
  provider: «lo:5»card
  username: «user»
  password: «S»
\"\"\"
""", "CONFIG_YAML")

# ===========================================================================
# GROUP: stack-trace-or-log -- tracebacks, log lines, crash dumps
# ===========================================================================
_L = "stack-trace-or-log"

S(_L, "python-traceback-locals-password", "pw", """
Traceback (most recent call last):
  File "/srv/toll-ingest/ingest/client.py", line 88, in login
    resp.raise_for_status()
    self = <TollClient base='https://«host»/api'>
    username = '«user»'
    password = '«S»'
requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://«host»/api/session
""", "/srv/toll-ingest/ingest/client.py")

S(_L, "app-log-dsn-startup-line", "pwu", """
«ts» INFO  [csms.db] connecting to postgresql://«user»:«S»@«host»:5432/«db» (pool=20)
«ts» INFO  [csms.db] connected, server_version=16.3
""", "[csms.db] connected")

S(_L, "java-exception-jdbc-url-password-param", "pwu", """
java.sql.SQLNonTransientConnectionException: Could not create connection to database server. Attempted reconnect 3 times. Giving up.
	url=jdbc:mysql://«host»:3306/parking?user=«user»&password=«S»&useSSL=true
	at com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:110)
	at com.mysql.cj.jdbc.ConnectionImpl.connectWithRetries(ConnectionImpl.java:905)
""", "SQLNonTransientConnectionException")

S(_L, "node-axios-error-config-headers", JWT(), """
AxiosError: Request failed with status code 429
    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)
  config: {
    url: 'https://«host»/v1/rides/quote',
    method: 'post',
    headers: {
      Accept: 'application/json',
      Authorization: 'Bearer «S»',
      'User-Agent': 'axios/1.6.8'
    },
""", "/v1/rides/quote")

S(_L, "go-panic-struct-dump-password", "pw", """
panic: dial tcp «ip»:5432: connect: connection refused

goroutine 1 [running]:
main.mustConnect({Host:«ip» Port:5432 User:«user» Password:«S» DB:«db» SSLMode:require})
	/src/cmd/cdr-export/main.go:57 +0x1c5
""", "/src/cmd/cdr-export/main.go:57")

S(_L, "nginx-access-log-query-access-token", "an:40", """
«ip» - - [12/Mar/2025:08:14:22 +0100] "GET /api/v1/sessions/export?format=csv&access_token=«S» HTTP/1.1" 200 48213 "-" "python-requests/2.31.0"
""", "/api/v1/sessions/export?format=csv")

S(_L, "apache-combined-log-apikey-param", "hex:32", """
«pubip» - - [03/Feb/2025:17:02:11 +0000] "GET /gbfs/v2/free_bike_status.json?apikey=«S» HTTP/1.1" 200 90122 "-" "okhttp/4.12.0"
""", "free_bike_status.json")

S(_L, "charger-log-ws-connect-userinfo", "an:20", """
[«ts»] [ocpp] [INFO] connecting to wss://«cp»:«S»@«host»/ocpp/«cp» (attempt 3)
[«ts»] [ocpp] [WARN] TLS handshake took 2314 ms
""", "TLS handshake took")

S(_L, "csms-log-change-configuration-authkey", "hex:40", """
«ts» DEBUG c.v.ocpp.MessageLogger - [«cp»] -> [2,"«uuid»","ChangeConfiguration",{"key":"AuthorizationKey","value":"«S»"}]
«ts» DEBUG c.v.ocpp.MessageLogger - [«cp»] <- [3,"«uuid»",{"status":"Accepted"}]
""", "c.v.ocpp.MessageLogger")

S(_L, "csms-log-ocpp201-setvariables-password", "an:32", """
«ts» debug ocpp201 «cp» >>> SetVariablesRequest {"setVariableData":[{"component":{"name":"SecurityCtrlr"},"variable":{"name":"BasicAuthPassword"},"attributeValue":"«S»"}]}
""", "SetVariablesRequest")

S(_L, "firmware-debug-log-wifi-psk", "pw", """
I (1832) wifi:connecting ssid=Depot-«city» psk=«S» channel=6
I (2410) wifi:connected with Depot-«city», aid = 3
I (2415) ocpp: boot notification sent, fw=«fw»
""", "ocpp: boot notification sent")

S(_L, "k8s-container-log-env-dump", "an:40", """
{"level":"info","ts":"«ts»","msg":"effective configuration","config":{"region":"«city»","apiBase":"https://«host»","apiKey":"«S»","pollSeconds":15}}
""", "effective configuration")

S(_L, "sudo-auth-log-command-password", "pw", """
«date»T09:12:44 depot-gw-«n» sudo: installer : TTY=pts/0 ; PWD=/home/installer ; USER=root ; COMMAND=/usr/bin/mysql -u root -p«S» -e "show databases"
""", "TTY=pts/0")

S(_L, "bash-history-excerpt", "pw", """
==> /home/installer/.bash_history <==
cd /opt/chargerd
sudo systemctl status chargerd
export DIAG_PASS='«S»'
./diagctl --host «ip» dump --since 24h
""", "./diagctl --host «ip»")

S(_L, "django-debug-settings-unmasked-custom", "pw", """
Settings:
  ALLOWED_HOSTS = ['«host»']
  CHARGEPOINT_CRED = {'user': '«user»', 'pw': '«S»'}
  DATABASES = {'default': {'PASSWORD': '********************', 'HOST': '«host2»'}}
""", "ALLOWED_HOSTS")

S(_L, "rails-log-parameters-unfiltered", "an:32", """
Started POST "/api/partners/sync" for «ip» at «date» 10:01:55 +0100
Processing by Api::PartnersController#sync as JSON
  Parameters: {"partner"=>"«lo:6»", "cred"=>"«S»", "since"=>"«date2»"}
""", "Api::PartnersController#sync")

S(_L, "urllib3-debug-url-api-key", "an:32", """
DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): «host»:443
DEBUG:urllib3.connectionpool:https://«host»:443 "GET /v1/fuel/transactions?api_key=«S»&from=«date» HTTP/1.1" 200 None
""", "urllib3.connectionpool")

S(_L, "lambda-event-headers-authorization", lambda c: _b64s("%s:%s" % (c["user"], _pw())), """
START RequestId: «uuid» Version: $LATEST
«ts»	«uuid»	INFO	event: {"rawPath":"/webhooks/parking","headers":{"authorization":"Basic «S»","content-type":"application/json"}}
""", "/webhooks/parking")

S(_L, "json-log-request-body-password", "pwx", """
{"ts":"«ts»","level":"warn","route":"POST /api/drivers/login","status":401,"body":{"email":"«email»","password":"«S»"},"latency_ms":83}
""", "POST /api/drivers/login")

S(_L, "hikari-pool-debug-jdbc-props", "pw", """
«ts» DEBUG com.zaxxer.hikari.HikariConfig - dataSourceProperties............{password=«S», user=«user»}
«ts» DEBUG com.zaxxer.hikari.HikariConfig - jdbcUrl.........................jdbc:postgresql://«host»/«db»
""", "com.zaxxer.hikari.HikariConfig")

S(_L, "kafka-connect-config-dump-unmasked", "pw", """
[«ts»] INFO JdbcSinkConfig values:
	auto.create = true
	connection.url = jdbc:postgresql://«host»:5432/«db»
	connection.user = «user»
	connection.secret = «S»
	topics = ocpp.transactions
""", "JdbcSinkConfig values:")

S(_L, "spring-boot-env-endpoint-dump", "an:40", """
"systemEnvironment": {
  "properties": {
    "ENODE_REDIRECT_URI": {"value": "https://«host»/enode/callback"},
    "ENODE_CLIENTSECRET": {"value": "«S»"}
  }
}
""", "ENODE_REDIRECT_URI")

S(_L, "airflow-task-log-connection-uri", "pwu", """
[«ts»] {base.py:84} INFO - Using connection ID 'tolls_dw' for task execution.
[«ts»] {sql.py:418} INFO - Running statement: COPY tolls FROM 's3://«bucket»/«date»/' ... on mssql://«user»:«S»@«host»:1433/TollsDW
""", "Using connection ID 'tolls_dw'")

S(_L, "celery-worker-broker-url", "pwu", """
 -------------- celery@dispatch-worker-«n» v5.3.6 (emerald-rush)
--- ***** -----
- ** ---------- [config]
- ** ---------- .> app:         dispatch:0x7f3c2a
- ** ---------- .> transport:   amqp://«user»:«S»@«host»:5672/dispatch
""", "celery@dispatch-worker-«n»")

S(_L, "sidekiq-startup-redis-url", "an:32", """
«ts» pid=«pid» tid=1k8 INFO: Booting Sidekiq 7.2.4 with Sidekiq::RedisConnection::RedisClientAdapter options {:url=>"redis://:«S»@«host»:6379/3"}
""", "Booting Sidekiq")

S(_L, "flask-error-log-login-dict", "pw", """
[«ts»] ERROR in auth: Login failed for {'username': '«email»', 'password': '«S»', 'remember': True}
""", "ERROR in auth: Login failed")

S(_L, "mqtt-auth-plugin-debug-line", "pw", """
«ts»: mosquitto-go-auth: [debug] checking user=«user» pass=«S» clientid=scooter-«num:6» -> files backend
«ts»: mosquitto-go-auth: [debug] user «user» authenticated with backend files
""", "mosquitto-go-auth")

S(_L, "jvm-system-properties-keystore-password", "pw", """
«ts» INFO  OicpClient - JVM ssl settings: javax.net.ssl.keyStore=/opt/oicp/hubject-client.p12, javax.net.ssl.keyStorePassword=«S», javax.net.ssl.keyStoreType=PKCS12
""", "javax.net.ssl.keyStoreType=PKCS12")

S(_L, "payment-terminal-request-log-api-key", "an:40", """
«ts» [payter-bridge] -> POST https://«host»/terminals/«num:8»/sessions  headers={'X-Api-Key': '«S»', 'Content-Type': 'application/json'}
«ts» [payter-bridge] <- 201 Created (412 ms)
""", "[payter-bridge]")

S(_L, "node-debug-cookie-header", "b64u:32", """
  http:client GET https://«host»/cpo/api/stations +0ms
  http:client request headers { cookie: 'cpo_session=«S»; locale=nl', 'user-agent': 'node-fetch' } +1ms
""", "http:client GET https://«host»/cpo/api/stations")

S(_L, "websocket-frame-log-ocpi-token", "uuid", """
«ts» ocpi.registration POST /ocpi/2.2.1/credentials body={"token":"«S»","url":"https://«host»/ocpi/versions","roles":[{"role":"EMSP","party_id":"«party»","country_code":"«cc»"}]}
""", "ocpi.registration")

S(_L, "s3-presigned-url-in-error-signature", "hex:64", """
«ts» ERROR fw-updater: download failed (403): https://«bucket».s3.«region».amazonaws.com/releases/«fw».bin?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA«up:16»%2F«num:8»%2F«region»%2Fs3%2Faws4_request&X-Amz-Date=20250301T101010Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»
""", "fw-updater: download failed (403)")

S(_L, "gcs-signed-url-log-signature", "hex:256", """
«ts» WARN diag-upload: slow upload to https://storage.googleapis.com/«bucket»/«cp»/diag-«date».zip?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=diag-uploader%40«org»-prod.iam.gserviceaccount.com%2F«num:8»%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20250214T081500Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=«S»
""", "diag-upload: slow upload")

S(_L, "azure-sas-url-log-sig", lambda c: _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"), """
«ts» info exporter: uploaded cdr batch to https://«lo:8»cdr.blob.core.windows.net/exports/«date».parquet?sv=2022-11-02&ss=b&srt=o&sp=rwc&se=«date»T23:59:59Z&st=«date»T00:00:00Z&spr=https&sig=«S»
""", "exporter: uploaded cdr batch")

S(_L, "cloudfront-signed-url-log-signature", lambda c: _b64(128).replace("+", "-").replace("=", "_").replace("/", "~"), """
«ts» GET https://d«lo:13».cloudfront.net/maps/tiles/«n»/«num:4»/«num2:4».pbf?Expires=«num3:10»&Signature=«S»&Key-Pair-Id=K«up:13» 200
""", "Key-Pair-Id=K")

S(_L, "sentry-breadcrumb-authorization-header", JWT(), """
"breadcrumbs": [
  {"category": "http", "data": {"method": "GET", "url": "https://«host»/api/vehicles/«vin»/charge_state",
   "request_headers": {"Authorization": "Bearer «S»"}, "status_code": 408}}
]
""", "\"category\": \"http\"")

S(_L, "php-stack-trace-pdo-args", "pw", """
PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection timed out in /var/www/parking/src/Db.php:14
Stack trace:
#0 /var/www/parking/src/Db.php(14): PDO->__construct('mysql:host=«host»...', '«user»', '«S»', Array)
#1 /var/www/parking/public/index.php(22): Parking\\Db::connect()
""", "/var/www/parking/src/Db.php")

S(_L, "requests-httperror-url-access-token", "an:48", """
requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://«host»/v2/vehicles?access_token=«S»&fields=soc,range
""", "requests.exceptions.HTTPError: 401")

S(_L, "ruby-invalid-uri-redis-password", "an:24", """
URI::InvalidURIError: bad URI(is not URI?): "redis://:«S»@«host»:6379/0 "
  /usr/local/bundle/gems/redis-client-0.19.1/lib/redis_client/config.rb:104:in `initialize'
""", "URI::InvalidURIError")

S(_L, "java-tostring-credentials-object", "an:40", """
«ts» ERROR [main] c.f.r.RideHailingClient - token request failed for ApiCredentials{clientId='dispatch-«lo:6»', clientSecret='«S»', scope='rides.request'}
""", "c.f.r.RideHailingClient")

S(_L, "dotnet-connection-string-format-exception", "pw", """
System.ArgumentException: Format of the initialization string does not conform to specification starting at index 87.
   connectionString: "Server=«host»;Database=Fleet;User Id=«user»;Password=«S»;;Encrypt=yes"
   at System.Data.Common.DbConnectionOptions.GetKeyValuePair(String connectionString, Int32 currentPosition)
""", "System.ArgumentException")

S(_L, "systemd-journal-execstart-password-arg", "pwu", """
«date» 06:00:01 depot-gw-«n» systemd[1]: Started CDR export (cdr-export --db-pass «S» --out /var/spool/cdr).
""", "Started CDR export")

S(_L, "charger-boot-log-basic-auth-set", "an:24", """
[«ts»] SEC  SecurityProfile=1 BasicAuthPassword set to «S» (len=24) by CSMS
[«ts»] OCPP reconnecting with new credentials
""", "OCPP reconnecting with new credentials")

S(_L, "firmware-updater-url-token-param", "b64u:32", """
«ts» fwupd[«pid»]: fetching https://fw.«dom»/v1/images/«vendor»/«fw».swu?token=«S» (attempt 1/5)
""", "fwupd[«pid»]")

S(_L, "postgres-log-statement-alter-user", "pw", """
«date» 14:22:07.331 UTC [«pid»] postgres@«db» LOG:  statement: ALTER USER «user» WITH PASSWORD '«S»';
""", "LOG:  statement: ALTER USER «user»")

S(_L, "mysql-general-log-set-password", "pw", """
«ts»	   31 Query	SET PASSWORD FOR '«user»'@'%' = '«S»'
«ts»	   31 Query	FLUSH PRIVILEGES
""", "FLUSH PRIVILEGES")

S(_L, "tomcat-jndi-resource-log", "pw", """
«date» 11:04:52.118 INFO [main] org.apache.naming.factory.ResourceFactory Creating Resource jdbc/FleetDB [url=jdbc:oracle:thin:@«host»:1521/FLEET, username=«user», password=«S»]
""", "jdbc/FleetDB")

S(_L, "envoy-access-log-custom-api-key-header", "an:32", """
[«ts»] "GET /v3/parking/sessions HTTP/1.1" 200 - 0 5211 31 30 "«ip»" "MuniParking/3.2 (Android)" "«uuid»" "«host»" x-api-key="«S»"
""", "/v3/parking/sessions")

S(_L, "traefik-debug-forwarded-authorization", "an:48", """
time="«ts»" level=debug msg="vulcand/oxy/forward: request" Request="{\\"Method\\":\\"POST\\",\\"URL\\":{\\"Path\\":\\"/dispatch/assign\\"},\\"Header\\":{\\"Authorization\\":[\\"Bearer «S»\\"]}}"
""", "vulcand/oxy/forward")

S(_L, "apm-span-http-url-key-param", GKEY, """
span: GET maps.googleapis.com  duration=182ms  http.url=https://maps.googleapis.com/maps/api/directions/json?origin=«lat»,«lon»&destination=«lat2»,«lon2»&key=«S»
""", "maps.googleapis.com")

S(_L, "nginx-error-log-upstream-credentials", "pwu", """
«date» 03:12:40 [error] 1234#1234: *99 upstream timed out (110: Connection timed out) while connecting to upstream, upstream: "http://legacy:«S»@«ip»:8080/ocpp/", host: "«host»"
""", "upstream timed out")

S(_L, "python-logging-settings-repr", "pw", """
«ts» INFO depot_gw.main: starting with settings=Settings(broker='«host»', port=8883, mqtt_user='«user»', mqtt_password='«S»', topic_prefix='depot/«city»')
""", "depot_gw.main: starting")

S(_L, "browser-console-mapbox-secret-url", lambda c: "sk.eyJ1Ijoi" + _b64u(24) + "." + _b64u(16), """
GET https://api.mapbox.com/directions/v5/mapbox/driving/«lon»,«lat»;«lon2»,«lat2»?access_token=«S» 401 (Unauthorized)
   fetchRoute @ main.3f9c2a.js:1
""", "fetchRoute @ main.3f9c2a.js:1")

S(_L, "okhttp-logcat-authorization-header", JWT(), """
«date» 12:44:01.233  8821  8910 I okhttp.OkHttpClient: --> POST https://«host»/v1/scooters/«num:6»/unlock
«date» 12:44:01.233  8821  8910 I okhttp.OkHttpClient: Authorization: Bearer «S»
«date» 12:44:01.234  8821  8910 I okhttp.OkHttpClient: --> END POST (48-byte body)
""", "okhttp.OkHttpClient")

S(_L, "alamofire-curl-debug-print", "an:40", """
$ curl -v \\
	-X GET \\
	-H "Accept-Language: nb-NO;q=1.0" \\
	-H "X-Operator-Key: «S»" \\
	"https://«host»/bikes/v1/stations?lat=«lat»&lon=«lon»"
""", "Accept-Language: nb-NO;q=1.0")

S(_L, "rust-unwrap-err-database-url", "pwu", """
thread 'main' panicked at src/main.rs:41:10:
called `Result::unwrap()` on an `Err` value: Configuration("failed to connect to postgres://«user»:«S»@«host»:5432/«db»: timeout")
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
""", "src/main.rs:41:10")

S(_L, "terraform-tf-log-provider-config", "an:40", """
«ts» [DEBUG] provider.terraform-provider-cloudflare_v4.40.0: configuring client: api_token=«S» base_url=https://api.cloudflare.com/client/v4
""", "configuring client")

S(_L, "websocket-handshake-dump-basic", BASIC("cp", "an:32"), """
«ts» TRACE ws-accept: GET /ocpp/«cp» HTTP/1.1 | Sec-WebSocket-Protocol: ocpp2.0.1 | Authorization: Basic «S» | Sec-WebSocket-Key: «b64:16»
""", "Sec-WebSocket-Protocol: ocpp2.0.1")

S(_L, "syslog-vpn-client-login-line", "pw", """
«date» 07:31:09 depot-gw-«n» openvpn[«pid»]: WARNING: user/pass from cmdline: «user» / «S» (use --auth-user-pass file instead)
""", "use --auth-user-pass file instead")

S(_L, "telegram-bot-api-url-in-log", lambda c: "%d:AA%s" % (_R.randint(5000000000, 7999999999), _rs(33, _ALNUM + "-_")), """
«ts» INFO notifier: POST https://api.telegram.org/bot«S»/sendMessage chat_id=-100«num:10» -> 200 (depot «city» fault digest)
""", "notifier: POST https://api.telegram.org/bot")

S(_L, "alert-router-slack-webhook-delivery", SLACKHOOK, """
«ts» alert-router[«pid»]: delivered 3 alerts (ChargerOffline) to https://hooks.slack.com/services/T«up:8»/B«up2:10»/«S» in 212ms
""", "delivered 3 alerts (ChargerOffline)")

S(_L, "haproxy-captured-authorization-header", BASIC("cp", "an:24"), """
«date»T10:15:02 lb-ocpp-01 haproxy[«pid»]: «ip»:53211 [«date»:10:15:02.114] ocpp_wss~ csms/csms-2 0/0/1/3/4 101 187 - - ---- 912/912/3/1/0 0/0 {«cp»|Basic «S»} "GET /ocpp/«cp» HTTP/1.1"
""", "ocpp_wss~ csms/csms-2")

S(_L, "access-log-password-reset-token-query", "b64u:32", """
«ip» - - [«date»] "GET /account/password/reset?token=«S»&email=«email» HTTP/2.0" 200 3412 "-" "Mozilla/5.0 (Linux; Android 14)"
""", "/account/password/reset")

# ===========================================================================
# GROUP: note-or-chat -- running notes, goals, decisions, pasted messages
# ===========================================================================
_N = "note-or-chat"

S(_N, "slack-handover-diag-console-password", "pw", """
[Slack #cpo-field-ops] «fname»: @here the diag console on the «vendor» at the «city» depot is admin / «S» -- please change it after the site visit 🙏
""", "#cpo-field-ops")

S(_N, "chat-german-router-password", "pw", """
«fname»: Hi, das Passwort für den Router im Ladepark «city» ist «S» – bitte nicht ins Ticket schreiben.
""", "Ladepark «city»")

S(_N, "chat-dutch-backoffice-wachtwoord", "pw", """
«fname» (Teams): Het wachtwoord voor de laadpaal-backoffice is «S» (gebruiker: «user»). Morgen wijzig ik het.
""", "gebruiker: «user»")

S(_N, "chat-french-hubject-portal", "pw", """
«fname» : le mot de passe du portail Hubject (recette) c'est «S», identifiant «email»
""", "portail Hubject")

S(_N, "chat-spanish-terminal-password", "pw", """
«fname»: La contraseña del TPV del cargador de «city» es «S», el usuario es técnico.
""", "TPV del cargador")

S(_N, "chat-norwegian-easee-portal", "pw", """
«fname»: passordet til Easee-portalen for borettslaget er «S» (bruker: drift@«dom»)
""", "Easee-portalen")

S(_N, "chat-swedish-zaptec-login", "pw", """
«fname»: lösenordet till Zaptec-kontot för garaget i «city» är «S», byt gärna efter installationen.
""", "Zaptec-kontot")

S(_N, "chat-polish-panel-haslo", "pw", """
«fname»: hasło do panelu operatora hulajnóg: «S» (login: «user»)
""", "panelu operatora")

S(_N, "chat-italian-colonnina-password", "pw", """
«fname»: la password della colonnina «cp» è «S», l'utente è «user».
""", "colonnina «cp»")

S(_N, "chat-portuguese-senha-painel", "pw", """
«fname»: a senha do painel da frota é «S» — não partilhes fora da equipa, por favor.
""", "painel da frota")

S(_N, "chat-japanese-admin-password", "pw", """
«fname»: 充電器の管理画面のパスワードは «S» です。ユーザー名は admin です。
""", "ユーザー名は admin です")

S(_N, "chat-chinese-houtai-mima", "pw", """
«fname»：充电桩后台账号 «user»，密码：«S»，明天再改。
""", "充电桩后台账号")

S(_N, "chat-turkish-sifre", "pw", """
«fname»: filo yönetim paneli şifresi: «S» — kullanıcı adı «user».
""", "filo yönetim paneli")

S(_N, "chat-danish-adgangskode", "pw", """
«fname»: adgangskoden til ladeboksen i «city» er «S»
""", "ladeboksen i «city»")

S(_N, "chat-finnish-salasana", "pw", """
«fname»: latausaseman hallintapaneelin salasana on «S» (tunnus «user»)
""", "latausaseman hallintapaneelin")

S(_N, "chat-czech-heslo", "pw", """
«fname»: heslo k portálu pro dobíjecí stanice je «S», login «user».
""", "dobíjecí stanice")

S(_N, "chat-russian-parol", "pw", """
«fname»: пароль от личного кабинета зарядной станции: «S» (логин «user»)
""", "зарядной станции")

S(_N, "chat-ukrainian-parol", "pw", """
«fname»: пароль до адмінки таксопарку — «S», логін «email»
""", "адмінки таксопарку")

S(_N, "chat-greek-kodikos", "pw", """
«fname»: ο κωδικός για το portal των φορτιστών είναι «S»
""", "των φορτιστών")

S(_N, "chat-korean-bimilbeonho", "pw", """
«fname»: 충전소 관리자 페이지 비밀번호는 «S» 입니다 (ID: «user»)
""", "충전소 관리자 페이지")

S(_N, "chat-hindi-password", "pw", """
«fname»: चार्जिंग पोर्टल का पासवर्ड: «S» (यूज़र: «user»)
""", "चार्जिंग पोर्टल")

S(_N, "chat-arabic-kalimat-almurur", "pw", """
«fname»: كلمة المرور لبوابة أسطول السيارات هي «S»
""", "أسطول السيارات")

S(_N, "chat-vietnamese-mat-khau", "pw", """
«fname»: mật khẩu trang quản trị trạm sạc là «S», tài khoản «user»
""", "trạm sạc")

S(_N, "chat-indonesian-kata-sandi", "pw", """
«fname»: kata sandi dashboard armada ojek listrik: «S» (user: «user»)
""", "dashboard armada")

S(_N, "chat-hungarian-jelszo", "pw", """
«fname»: a töltőállomás admin jelszava: «S»
""", "töltőállomás admin")

S(_N, "chat-romanian-parola", "pw", """
«fname»: parola pentru portalul de taxare e «S», userul e «user».
""", "portalul de taxare")

S(_N, "chat-catalan-contrasenya", "pw", """
«fname»: la contrasenya del bicing de proves és «S»
""", "bicing de proves")

S(_N, "chat-thai-password", "pw", """
«fname»: รหัสผ่านระบบจัดการรถ คือ «S» นะครับ
""", "ระบบจัดการรถ")

S(_N, "chat-hebrew-sisma", "pw", """
«fname»: הסיסמה לממשק עמדות הטעינה היא «S»
""", "עמדות הטעינה")

S(_N, "agent-running-note-found-creds", "uuid", """
- [x] grep'd repo for hard-coded roaming creds
- found OCPI token «S» in deploy/.env.backup (peer «cc»*«party») -> must be rotated, told «fname»
- [ ] open PR removing .env.backup from history
""", "deploy/.env.backup")

S(_N, "agent-goal-statement-client-secret", "an:40", """
GOAL: migrate fleet-sync from the old Enode sandbox app to prod app «lo:8» (client secret «S»), keep webhooks working, no downtime for depot «city».
""", "migrate fleet-sync")

S(_N, "decision-log-shared-wifi-key", "pw", """
DECISION («date»): keep the shared depot wifi key «S» on all chargers until the new APs arrive; revisit in «ticket».
""", "revisit in «ticket»")

S(_N, "pasted-email-temporary-password", "pw", """
> From: noreply@«dom»
> Subject: Your account for the Toll Partner Portal
>
> Username: «email»
> Temporary password: «S»
> You will be asked to change it at first login.
""", "Toll Partner Portal")

S(_N, "jira-comment-reproduced-with-token", "an:40", """
«ticket» comment by «fname»: Reproduced on staging with the partner key «S» -- 429s start at ~40 req/s, prod limit is 100.
""", "429s start at ~40 req/s")

S(_N, "unlabeled-slash-pair-test-charger", "an:20", """
creds for the test charger in the lab: «cp» / «S» (security profile 1, ws not wss)
""", "security profile 1")

S(_N, "abbrev-pw-grafana-note", "pw", """
grafana (ops): admin pw «S» -- dashboards: Charger uptime, OCPP errors
""", "Charger uptime, OCPP errors")

S(_N, "list-pass-colon-items", "pwu", """
TODO for depot «city» onboarding:
  * toll portal: user «user», pass: «S»
  * fuel cards: ordered 12, arrive «date»
""", "fuel cards: ordered 12")

S(_N, "two-line-login-pass", "pw", """
Parking API sandbox
login: «email»
pass: «S»
""", "Parking API sandbox")

S(_N, "secret-on-own-line-after-message", "phrase", """
«fname»: here's the new passphrase for the V2G sub-CA key, don't lose it:
«S»
«fname»: (it's also in the safe in «city»)
""", "V2G sub-CA key")

S(_N, "teams-message-sas-link-sig", lambda c: _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"), """
«fname» (Teams): diag bundle for «cp» is here, link valid till Friday: https://«lo:8»diag.blob.core.windows.net/bundles/«cp».zip?sp=r&st=«date»T08:00:00Z&se=«date2»T18:00:00Z&spr=https&sv=2022-11-02&sr=b&sig=«S»
""", "diag bundle for «cp»")

S(_N, "chat-presigned-s3-link-signature", "hex:64", """
«fname»: the CDR export you asked for -> https://«bucket».s3.amazonaws.com/cdr/«date».csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA«up:16»%2F20250301%2F«region»%2Fs3%2Faws4_request&X-Amz-Date=20250301T120000Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»
""", "the CDR export you asked for")

S(_N, "todo-list-tolling-portal-creds", "pw", """
## Open items
- [ ] Toll4Europe portal creds («user» / «S») -> move to Vault
- [ ] ask «fname» about the BIP&Drive transponder invoice
""", "BIP&Drive transponder invoice")

S(_N, "totp-seed-shared-account", "b32:32", """
«fname»: TOTP secret for the shared ops@ account on the ride-hailing partner portal: «S» (add it to your authenticator)
""", "ride-hailing partner portal")

S(_N, "mattermost-webhook-url-paste", "lo:26", """
«fname»: new incoming webhook for #depot-alerts: https://chat.«dom»/hooks/«S»
""", "#depot-alerts")

S(_N, "chat-github-token-use-for-now", P("ghp_", "an:36"), """
«fname»: CI is blocked on the org SSO thing, use this for now and I'll revoke it tonight: «S»
""", "CI is blocked on the org SSO thing")

S(_N, "discord-bot-token-paste", lambda c: "%s.%s.%s" % (_b64u(18), _rs(6, _ALNUM + "-_"), _rs(38, _ALNUM + "-_")), """
«fname»: bot for the scooter-rider community server: «S»
«fname»: permissions are just send messages + embeds
""", "scooter-rider community server")

S(_N, "markdown-table-system-user-password", "pw", """
| system            | user        | password          |
|-------------------|-------------|-------------------|
| CSMS staging UI   | «user»      | «S» |
| Grafana           | (SSO)       | -                 |
""", "CSMS staging UI")

S(_N, "meeting-notes-cert-pw-equals", "pw", """
Meeting notes «date» – Hubject onboarding
- QA endpoint works with the new client cert
- cert pw = «S»
- go-live planned for week «12|18|23|35|41»
""", "Hubject onboarding")

S(_N, "sms-installer-code", "pin", """
SMS from +49 1«num:9»: Your «vendor» installer code for site «city» is «S». Valid 24h.
""", "installer code for site «city»")

S(_N, "handover-doc-root-password", "pw", """
### Handover – «city» hub
Root on the «vendor» HYC cabinet controller: «S»
Local OCPP proxy runs on :9000, logs in /var/log/ocpp-proxy/
""", "Local OCPP proxy runs on :9000")

S(_N, "emoji-key-prefix-chat", "pw", """
«fname»: 🔑 «S» ← that's the Bolt fleet portal, «city» account
""", "Bolt fleet portal")

S(_N, "note-secret-in-backticks", "an:40", """
Found the routing key in an old notebook: `«S»` (TomTom, account «email»). Don't know if it's still active.
""", "Found the routing key")

S(_N, "email-quoted-reply-pw", "pw", """
> > can you send me the login for the fuel card portal?
> user: fleetadmin@«dom»
> pw: «S»
Thanks, works!
""", "fuel card portal")

S(_N, "code-review-comment-live-key", P("sk_live_", "an:99"), """
Review comment on src/payments/terminal.py line 12: you committed the live key `«S»` — please rotate it in the Stripe dashboard and load it from env.
""", "src/payments/terminal.py")

S(_N, "support-chat-customer-password", "pw", """
Customer (chat): hi, my app says "authorization failed" when I plug in at «city» Central. my account is «email» and password «S» if that helps
Agent: Thanks, please never share your password — I've reset your session.
""", "authorization failed")

S(_N, "agent-scratchpad-1password-item", lambda c: "enode_" + _rs(40, _LOWAN), """
scratch: tried webhook replay with the sandbox key «S» from the 1Password item 'Enode sandbox' — replay returned 204, so the signature check is the problem.
""", "Enode sandbox")

S(_N, "next-steps-command-with-token", "an:32", """
Next steps:
1. run `./scripts/ocpi_handshake.sh --token-a «S» --peer https://«host»/ocpi/versions`
2. check credentials module returns 2.2.1
""", "credentials module returns 2.2.1")

S(_N, "voice-note-transcript-password", "phrase", """
[voice note transcript] «fname»: ...ok so the wifi at the bus depot, the password is «S», all lower case, and the network is the one ending in five.
""", "the wifi at the bus depot")

S(_N, "german-note-zugangsdaten-block", "pw", """
Zugangsdaten Mautportal (Toll Collect Fuhrpark):
Benutzer: «user»
Kennwort: «S»
""", "Mautportal")

S(_N, "spanish-note-credenciales-api", "an:32", """
Credenciales API aparcamiento municipal («city»): clave «S», vale hasta fin de mes.
""", "aparcamiento municipal")

S(_N, "dutch-note-api-sleutel-parkeren", "an:40", """
Notitie: API-sleutel voor het parkeerregister van de gemeente: «S» (aangevraagd door «fname»)
""", "parkeerregister van de gemeente")

S(_N, "chat-discord-webhook-paste", lambda c: _rs(68, _ALNUM + "-_"), """
«fname»: webhook for #rider-support so the bot can post outages: https://discord.com/api/webhooks/«num:18»/«S»
""", "#rider-support")

S(_N, "chat-magic-login-link-token", "b64u:32", """
«fname»: can you try logging into the fleet portal with this link? it expires in 15 min: https://portal.«dom»/auth/magic?token=«S»&next=/vehicles
""", "try logging into the fleet portal")

# ===========================================================================
# GROUP: ci-and-deploy -- pipelines, manifests, deploy scripts, CI logs
# ===========================================================================
_D = "ci-and-deploy"

S(_D, "github-actions-env-inline-mapbox", lambda c: "sk.eyJ1Ijoi" + _b64u(24) + "." + _b64u(16), """
jobs:
  build-tiles:
    runs-on: ubuntu-latest
    env:
      MAPBOX_SECRET_TOKEN: «S»
      TILESET: «org».depots-v«n»
""", "build-tiles")

S(_D, "github-actions-docker-login-password-with", "an:32", """
      - uses: docker/login-action@v3
        with:
          registry: registry.«dom»
          username: ci-pusher
          password: «S»
""", "docker/login-action@v3")

S(_D, "gitlab-ci-variables-block", "pw", """
variables:
  POSTGRES_DB: «db»_test
  POSTGRES_USER: runner
  POSTGRES_PASSWORD: "«S»"
  OCPP_TEST_PROFILE: "security-profile-1"
""", "OCPP_TEST_PROFILE")

S(_D, "gitlab-ci-script-curl-private-token", P("glpat-", "an:20"), """
release:
  stage: deploy
  script:
    - 'curl --fail --header "PRIVATE-TOKEN: «S»" --upload-file build/fw-«fw».swu "https://gitlab.«dom»/api/v4/projects/«n»/packages/generic/firmware/«fw»/fw.swu"'
""", "packages/generic/firmware")

S(_D, "circleci-job-environment", "an:40", """
  integration:
    docker:
      - image: cimg/python:3.12
    environment:
      ENODE_CLIENT_ID: «uuid»
      ENODE_CLIENT_SECRET: «S»
""", "cimg/python:3.12")

S(_D, "jenkinsfile-sh-curl-basic", "pwu", """
stage('Smoke') {
  steps {
    sh "curl -fsS -u «user»:«S» https://«host»/ocpp/admin/health"
  }
}
""", "stage('Smoke')")

S(_D, "azure-pipelines-variables-plain", "an:52", """
variables:
  buildConfiguration: 'Release'
  azureDevOpsPat: '«S»'
  tollsApiBase: 'https://«host»/v2'
""", "buildConfiguration: 'Release'")

S(_D, "bitbucket-pipelines-script-export", "pw", """
pipelines:
  branches:
    main:
      - step:
          script:
            - export DEPLOY_PASS='«S»'
            - ./deploy.sh «host»
""", "./deploy.sh «host»")

S(_D, "travis-yml-env-global", "an:40", """
env:
  global:
    - CDR_BUCKET=«bucket»
    - TOMTOM_KEY=«S»
script: make test
""", "CDR_BUCKET=«bucket»")

S(_D, "drone-yml-environment", "pw", """
steps:
  - name: migrate
    image: flyway/flyway:10
    environment:
      FLYWAY_URL: jdbc:postgresql://«host»/«db»
      FLYWAY_USER: «user»
      FLYWAY_PASSWORD: «S»
""", "flyway/flyway:10")

S(_D, "dockerfile-env-secret", "an:40", """
FROM node:20-alpine
WORKDIR /app
ENV NODE_ENV=production \\
    HERE_API_KEY=«S»
COPY . .
""", "FROM node:20-alpine")

S(_D, "dockerfile-arg-default-token", P("npm_", "an:36"), """
FROM node:20 AS build
ARG NPM_TOKEN=«S»
RUN echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci
""", "FROM node:20 AS build")

S(_D, "compose-prod-override-env", "pw", """
# docker-compose.prod.yml
services:
  ocpi:
    environment:
      - OCPI_DB_URL=postgres://ocpi:«S»@«host»:5432/ocpi
      - OCPI_LOG_LEVEL=info
""", "OCPI_LOG_LEVEL=info")

S(_D, "k8s-secret-stringdata", "uuid", """
apiVersion: v1
kind: Secret
metadata:
  name: ocpi-peer-«party»
  namespace: roaming
type: Opaque
stringData:
  token_b: «S»
""", "name: ocpi-peer-«party»")

S(_D, "k8s-secret-data-base64-value", lambda c: _b64s(_pw()), """
apiVersion: v1
kind: Secret
metadata:
  name: tolls-db
data:
  DB_USER: «b64user»
  DB_PASSWORD: «S»
""", "name: tolls-db")

S(_D, "k8s-deployment-env-literal-value", "an:40", """
        env:
          - name: DISPATCH_REGION
            value: «city»
          - name: RIDE_PARTNER_SECRET
            value: "«S»"
""", "DISPATCH_REGION")

S(_D, "helm-values-yaml-credentials", "pw", """
# values-prod.yaml
csms:
  replicas: 3
  ocpp:
    basicAuth:
      enabled: true
      defaultPassword: «S»
""", "values-prod.yaml")

S(_D, "kustomize-secretgenerator-literals", "pw", """
secretGenerator:
  - name: parking-gw
    literals:
      - PARKING_USER=«user»
      - PARKING_PASSWORD=«S»
""", "secretGenerator:")

S(_D, "argocd-application-helm-parameters", "pw", """
  source:
    repoURL: https://git.«dom»/platform/charts.git
    path: charts/fleet-api
    helm:
      parameters:
        - name: db.password
          value: «S»
""", "charts/fleet-api")

S(_D, "terraform-provider-block-token", "an:40", """
provider "cloudflare" {
  api_token = "«S»"
}

resource "cloudflare_record" "ocpp" {
  zone_id = var.zone_id
  name    = "ocpp"
""", "cloudflare_record")

S(_D, "terraform-resource-db-password", "pw", """
resource "aws_db_instance" "cdr" {
  identifier     = "cdr-prod"
  engine         = "postgres"
  username       = "cdr_admin"
  password       = "«S»"
  instance_class = "db.t4g.medium"
}
""", "identifier     = \"cdr-prod\"")

S(_D, "pulumi-stack-config-plain-value", "an:40", """
config:
  aws:region: «region»
  fleet-infra:dbUser: fleet
  fleet-infra:smartcarSecret: «S»
""", "fleet-infra:dbUser: fleet")

S(_D, "ansible-group-vars-plain", "pw", """
# group_vars/chargers.yml
ocpp_csms_url: wss://«host»/ocpp
ocpp_basic_auth_password: «S»
ntp_servers: [0.pool.ntp.org]
""", "group_vars/chargers.yml")

S(_D, "cloud-init-chpasswd-list", "pw", """
#cloud-config
chpasswd:
  expire: false
  users:
    - name: installer
      password: «S»
      type: text
""", "#cloud-config")

S(_D, "packer-variables-ssh-password", "pw", """
variable "ssh_password" {
  type    = string
  default = "«S»"
}

source "qemu" "charger-gw" {
""", "source \"qemu\" \"charger-gw\"")

S(_D, "serverless-yml-environment", "an:40", """
provider:
  name: aws
  runtime: nodejs20.x
  environment:
    PARKING_WEBHOOK_SECRET: «S»
    STAGE: ${sls:stage}
""", "runtime: nodejs20.x")

S(_D, "ecs-task-definition-environment-json", "pw", """
"containerDefinitions": [{
  "name": "toll-ingest",
  "image": "«acct».dkr.ecr.«region».amazonaws.com/toll-ingest:«ver»",
  "environment": [
    {"name": "TOLL_DB_HOST", "value": "«host»"},
    {"name": "TOLL_DB_PASSWORD", "value": "«S»"}
  ]
}]
""", "toll-ingest:«ver»")

S(_D, "cloudformation-parameter-default", "pw", """
Parameters:
  DBPassword:
    Type: String
    NoEcho: false
    Default: «S»
""", "NoEcho: false")

S(_D, "fly-toml-env-section", "an:40", """
app = "«app»"
primary_region = "ams"

[env]
  LOG_LEVEL = "info"
  OCPI_TOKEN_C = "«S»"
""", "primary_region = \"ams\"")

S(_D, "heroku-app-json-env-value", "an:32", """
{
  "name": "parking-gw",
  "env": {
    "PARKING_API_KEY": {"description": "municipal parking API", "value": "«S»"}
  }
}
""", "municipal parking API")

S(_D, "vercel-env-add-pipe", "an:40", """
echo -n "«S»" | vercel env add ROUTING_API_KEY production
""", "vercel env add ROUTING_API_KEY production")

S(_D, "netlify-toml-build-environment", "an:32", """
[build.environment]
  NODE_VERSION = "20"
  VITE_TOMTOM_KEY = "«S»"
""", "[build.environment]")

S(_D, "makefile-deploy-token-variable", "an:40", """
DEPLOY_TOKEN := «S»

deploy:
	curl -fsS -X POST -H "Authorization: Token $(DEPLOY_TOKEN)" https://deploy.«dom»/hooks/fleet-api
""", "deploy.«dom»/hooks/fleet-api")

S(_D, "deploy-sh-sshpass-scp", "pw", """
#!/bin/sh
# deploy.sh -- push gateway build to depot boxes
for h in $(cat hosts.txt); do
  sshpass -p "«S»" scp build/depot-gw.tar.gz deploy@$h:/opt/
done
""", "push gateway build to depot boxes")

S(_D, "gha-log-base64-leak-output", lambda c: _b64s("%s:%s" % (c["user"], _pw())), """
Run echo "$CREDS" | base64
  echo "$CREDS" | base64
  shell: /usr/bin/bash -e {0}
«S»
""", "shell: /usr/bin/bash -e {0}")

S(_D, "jenkins-console-xtrace-header", "an:40", """
[Pipeline] sh
+ curl -s -H 'X-Api-Key: «S»' https://«host»/v1/fuelcards/sync
{"synced": 148}
""", "/v1/fuelcards/sync")

S(_D, "gitlab-job-log-docker-login", lambda c: "gldt-" + _rs(20), """
$ docker login -u gitlab+deploy-token-«n» -p «S» registry.«dom»
WARNING! Using --password via the CLI is insecure. Use --password-stdin.
Login Succeeded
""", "Login Succeeded")

S(_D, "gha-workflow-dispatch-input-default", P("ghp_", "an:36"), """
on:
  workflow_dispatch:
    inputs:
      gh_token:
        description: token used to tag releases
        default: «S»
""", "workflow_dispatch")

S(_D, "sops-decrypted-plaintext-file", "pw", """
# secrets.dec.yaml (decrypted with sops -d, DO NOT COMMIT)
hubject:
  keystore_password: «S»
  operator_id: «cc»*«party»
""", "secrets.dec.yaml")

S(_D, "nomad-template-inline-secret", "pw", """
template {
  destination = "secrets/db.env"
  env         = true
  data        = <<EOH
DB_PASSWORD=«S»
EOH
}
""", "secrets/db.env")

S(_D, "capistrano-repo-url-token", P("ghp_", "an:36"), """
set :application, "parking_permits"
set :repo_url, "https://«S»@github.com/«org»/parking-permits.git"
set :deploy_to, "/var/www/parking_permits"
""", "/var/www/parking_permits")

S(_D, "fastlane-env-default-password", "pw", """
# fastlane/.env.default
FASTLANE_USER=release@«dom»
FASTLANE_PASSWORD=«S»
APP_IDENTIFIER=com.«org».driverapp
""", "FASTLANE_USER=release@«dom»")

S(_D, "eas-json-build-env", "an:40", """
{
  "build": {
    "production": {
      "env": {"EXPO_PUBLIC_API_URL": "https://«host»", "SCOOTER_SIGNING_SECRET": "«S»"}
    }
  }
}
""", "EXPO_PUBLIC_API_URL")

S(_D, "android-gradle-signing-config", "pw", """
signingConfigs {
    release {
        storeFile file("driver-release.jks")
        storePassword "«S»"
        keyAlias "driver"
        keyPassword System.getenv("KEY_PASSWORD")
    }
}
""", "driver-release.jks")

S(_D, "match-password-ci-env", "pw", """
    - name: iOS build
      env:
        MATCH_PASSWORD: «S»
        MATCH_GIT_URL: git@github.com:«org»/ios-certs.git
      run: bundle exec fastlane beta
""", "bundle exec fastlane beta")

S(_D, "sentry-cli-auth-token-ci", lambda c: "sntrys_" + _b64u(90), """
  - sentry-cli --auth-token «S» releases new "driver-app@«ver»"
  - sentry-cli releases set-commits "driver-app@«ver»" --auto
""", "releases set-commits")

S(_D, "codecov-token-in-workflow", "uuid", """
      - uses: codecov/codecov-action@v4
        with:
          token: «S»
          files: coverage.xml
""", "codecov/codecov-action@v4")

S(_D, "sonar-scanner-login-token", lambda c: "squ_" + _hx(40), """
sonar-scanner -Dsonar.projectKey=«org»_csms -Dsonar.host.url=https://sonar.«dom» -Dsonar.token=«S»
""", "sonar.projectKey=«org»_csms")

S(_D, "snyk-auth-token-step", "uuid", """
      - run: npx snyk auth «S» && npx snyk test --severity-threshold=high
""", "--severity-threshold=high")

S(_D, "ci-npm-publish-inline-token", P("npm_", "an:36"), """
publish:
  script:
    - npm config set //registry.npmjs.org/:_authToken «S»
    - npm publish --access public
""", "npm publish --access public")

S(_D, "twine-upload-password-flag", lambda c: "pypi-AgEIcHlwaS5vcmc" + _b64u(60), """
  - twine upload -u __token__ -p «S» dist/ocpp_toolkit-«ver»*
""", "twine upload -u __token__")

S(_D, "cosign-password-env-inline", "pw", """
      - run: cosign sign --key cosign.key ghcr.io/«org»/csms-api@sha256:«sha256»
        env:
          COSIGN_PASSWORD: «S»
""", "cosign sign --key cosign.key")

S(_D, "gpg-passphrase-ci-step", "phrase", """
  - echo "«S»" | gpg --batch --pinentry-mode loopback --passphrase-fd 0 --detach-sign dist/firmware-«fw».swu
""", "--detach-sign dist/firmware-«fw».swu")

S(_D, "vault-approle-secret-id-script", "uuid", """
export VAULT_ADDR=https://vault.«dom»
vault write -field=token auth/approle/login role_id=«uuid2» secret_id=«S» > /tmp/vt
""", "auth/approle/login")

S(_D, "firmware-release-signing-key-password", "pw", """
  sign-firmware:
    stage: release
    script:
      - ./tools/sign_fw.py --key keys/fw-signing.pem --key-pass '«S»' --in build/«vendor»-«fw».bin
""", "./tools/sign_fw.py")

S(_D, "buildkite-pipeline-env", "an:40", """
steps:
  - label: ":rocket: deploy dispatch"
    command: scripts/deploy.sh
    env:
      DISPATCH_DEPLOY_KEY: "«S»"
""", ":rocket: deploy dispatch")

S(_D, "gha-services-postgres-password", "pw", """
    services:
      postgres:
        image: postgis/postgis:16-3.4
        env:
          POSTGRES_PASSWORD: «S»
        ports: ["5432:5432"]
""", "postgis/postgis:16-3.4")

S(_D, "k8s-configmap-accidental-password", "pw", """
apiVersion: v1
kind: ConfigMap
metadata:
  name: fuelcard-sync-config
data:
  FUELCARD_API_URL: https://«host»/v2
  FUELCARD_API_PASSWORD: "«S»"
""", "fuelcard-sync-config")

S(_D, "k8s-dockerconfigjson-base64", lambda c: _b64s(json.dumps({"auths": {"registry.%s" % c["dom"]: {"auth": _b64s("ci:%s" % _pw())}}}, separators=(",", ":"))), """
apiVersion: v1
kind: Secret
metadata:
  name: regcred
type: kubernetes.io/dockerconfigjson
data:
  .dockerconfigjson: «S»
""", "type: kubernetes.io/dockerconfigjson")

S(_D, "azure-devops-pat-git-push", "lo:52", """
  - script: git push https://build:«S»@dev.azure.com/«org»/fleet/_git/fleet-api HEAD:main
    displayName: push tag
""", "displayName: push tag")

S(_D, "ansible-vault-password-file-in-ci", "phrase", """
  before_script:
    - echo "«S»" > .vault_pass
    - ansible-playbook -i inventories/prod deploy.yml --vault-password-file .vault_pass
""", "--vault-password-file .vault_pass")

S(_D, "woodpecker-settings-password", "pw", """
steps:
  publish:
    image: woodpeckerci/plugin-docker-buildx
    settings:
      repo: registry.«dom»/«org»/ocpp-gw
      username: ci
      password: «S»
""", "plugin-docker-buildx")

S(_D, "deploy-env-ssh-private-key-inline", PEM("ossh"), """
# deploy/keys/depot_deploy (committed by mistake in «sha7»)
-----BEGIN OPENSSH PRIVATE KEY-----
«S»
-----END OPENSSH PRIVATE KEY-----
""", "deploy/keys/depot_deploy")

# ===========================================================================
# GROUP: vendor-token -- recognisable vendor credential shapes in context
# ===========================================================================
_V = "vendor-token"

S(_V, "stripe-secret-key-live-env", P("sk_live_", "an:99"), """
# charger payments (Stripe Terminal readers on DC chargers)
STRIPE_SECRET_KEY=«S»
STRIPE_TERMINAL_LOCATION=tml_«an:24»
""", "STRIPE_TERMINAL_LOCATION")

S(_V, "stripe-restricted-key-yaml", P("rk_live_", "an:99"), """
stripe:
  restricted_key: «S»   # read-only: charges, payment_intents
  account: acct_«an:16»
""", "read-only: charges, payment_intents")

S(_V, "stripe-webhook-signing-secret", P("whsec_", "an:32"), """
STRIPE_WEBHOOK_SECRET=«S»  # endpoint https://«host»/webhooks/stripe
""", "/webhooks/stripe")

S(_V, "adyen-api-key-header", lambda c: "AQE" + _rs(12) + "/" + _rs(40) + "=-" + _rs(32) + "=-" + _rs(6), """
curl https://checkout-test.adyen.com/v71/paymentMethods -H "X-API-Key: «S»" -H "Content-Type: application/json" \\
  -d '{"merchantAccount":"«org»EVCharging","countryCode":"«cc»"}'
""", "v71/paymentMethods")

S(_V, "adyen-hmac-key-notification", "HEX:64", """
adyen:
  notification:
    username: adyen-webhook
    hmac_key: «S»
""", "adyen-webhook")

S(_V, "aws-secret-key-env-pair", AWSSECRET, """
AWS_ACCESS_KEY_ID=AKIA«up:16»
AWS_SECRET_ACCESS_KEY=«S»
AWS_DEFAULT_REGION=«region»
""", "AWS_DEFAULT_REGION=«region»")

S(_V, "github-classic-pat-in-note", P("ghp_", "an:36"), """
release bot token (repo scope, expires «date»): «S»
""", "release bot token")

S(_V, "github-fine-grained-pat", lambda c: "github_pat_11" + _rs(20, _UPAN) + "_" + _rs(59), """
GH_TOKEN=«S» gh release create v«ver» dist/*.swu --repo «org»/charger-firmware
""", "gh release create v«ver»")

S(_V, "gitlab-pat-header", P("glpat-", "an:20"), """
curl --header "PRIVATE-TOKEN: «S»" "https://gitlab.«dom»/api/v4/projects/«n»/pipelines?status=failed"
""", "pipelines?status=failed")

S(_V, "slack-bot-token-xoxb", lambda c: "xoxb-%s-%s-%s" % (_rs(12, string.digits), _rs(13, string.digits), _rs(24)), """
SLACK_BOT_TOKEN=«S»
SLACK_CHANNEL=#charger-faults
""", "SLACK_CHANNEL=#charger-faults")

S(_V, "slack-user-token-xoxp", lambda c: "xoxp-%s-%s-%s-%s" % (_rs(12, string.digits), _rs(12, string.digits), _rs(13, string.digits), _hx(32)), """
slack_user_token: «S»  # used by the on-call export script
""", "used by the on-call export script")

S(_V, "google-maps-api-key-url", GKEY, """
https://maps.googleapis.com/maps/api/geocode/json?address=«city»+Central+Station&key=«S»
""", "maps/api/geocode/json")

S(_V, "mapbox-secret-token-sk", lambda c: "sk.eyJ1Ijoi" + _b64u(24) + "." + _b64u(16), """
MAPBOX_UPLOAD_TOKEN=«S»
MAPBOX_USERNAME=«org»
""", "MAPBOX_USERNAME=«org»")

S(_V, "here-api-key-query", lambda c: _rs(43, _ALNUM + "-_"), """
GET https://router.hereapi.com/v8/routes?transportMode=truck&origin=«lat»,«lon»&destination=«lat2»,«lon2»&ev[initialCharge]=48&apiKey=«S»
""", "transportMode=truck")

S(_V, "tomtom-api-key-json", "an:32", """
{"tomtom": {"key": "«S»", "evSearch": true, "connectorSet": ["IEC62196Type2CCS"]}}
""", "IEC62196Type2CCS")

S(_V, "twilio-auth-token-pair", "hex:32", """
TWILIO_ACCOUNT_SID=AC«hex2:32»
TWILIO_AUTH_TOKEN=«S»
TWILIO_FROM=+3197010«num:6»
""", "TWILIO_ACCOUNT_SID")

S(_V, "twilio-api-key-secret", "an:32", """
twilio api:core:messages:list --limit 5 --api-key SK«hex:32» --api-secret «S»
""", "api:core:messages:list")

S(_V, "sendgrid-api-key", lambda c: "SG." + _rs(22, _ALNUM + "-_") + "." + _rs(43, _ALNUM + "-_"), """
sendgrid:
  api_key: «S»
  from: invoices@«dom»
""", "from: invoices@«dom»")

S(_V, "mailgun-private-key", lambda c: "key-" + _hx(32), """
curl -s --user 'api:«S»' https://api.eu.mailgun.net/v3/mg.«dom»/messages -F to=«email» -F subject='Your charging receipt'
""", "Your charging receipt")

S(_V, "openai-project-key", lambda c: "sk-proj-" + _rs(74, _ALNUM + "-_") + "T3BlbkFJ" + _rs(74, _ALNUM + "-_"), """
OPENAI_API_KEY=«S»   # support-bot summarising charger fault tickets
""", "support-bot summarising charger fault tickets")

S(_V, "anthropic-api-key", lambda c: "sk-ant-api03-" + _rs(93, _ALNUM + "-_") + "AA", """
export ANTHROPIC_API_KEY="«S»"
python triage_tickets.py --queue «ticket»
""", "python triage_tickets.py")

S(_V, "datadog-api-key-env", "hex:32", """
DD_SITE=datadoghq.eu
DD_API_KEY=«S»
DD_TAGS=team:cpo,service:ocpp-gw
""", "DD_TAGS=team:cpo,service:ocpp-gw")

S(_V, "datadog-app-key-header", "hex:40", """
curl -s "https://api.datadoghq.eu/api/v1/monitor" -H "DD-API-KEY: ${DD_API_KEY}" -H "DD-APPLICATION-KEY: «S»"
""", "api.datadoghq.eu/api/v1/monitor")

S(_V, "newrelic-user-api-key", lambda c: "NRAK-" + _rs(27, _UPAN), """
NEW_RELIC_API_KEY=«S»
NEW_RELIC_ACCOUNT_ID=«num:7»
""", "NEW_RELIC_ACCOUNT_ID")

S(_V, "pagerduty-routing-key", "hex:32", """
pagerduty_configs:
  - routing_key: «S»
    severity: critical
    description: 'OCPP gateway down in «city»'
""", "OCPP gateway down")

S(_V, "sentry-org-auth-token", lambda c: "sntrys_" + _b64u(90), """
SENTRY_AUTH_TOKEN=«S»
SENTRY_ORG=«org»
""", "SENTRY_ORG=«org»")

S(_V, "npm-granular-token-npmrc", P("npm_", "an:36"), """
//registry.npmjs.org/:_authToken=«S»
""", "registry.npmjs.org")

S(_V, "pypi-upload-token", lambda c: "pypi-AgEIcHlwaS5vcmc" + _b64u(60), """
TWINE_USERNAME=__token__
TWINE_PASSWORD=«S»
""", "TWINE_USERNAME=__token__")

S(_V, "dockerhub-pat", lambda c: "dckr_pat_" + _rs(27, _ALNUM + "-_"), """
echo '«S»' | docker login -u «org»bot --password-stdin
""", "--password-stdin")

S(_V, "vault-service-token-hvs", lambda c: "hvs." + _rs(24), """
VAULT_ADDR=https://vault.«dom»:8200
VAULT_TOKEN=«S»
""", "VAULT_ADDR=https://vault.«dom»:8200")

S(_V, "terraform-cloud-team-token", lambda c: _rs(14) + ".atlasv1." + _rs(67), """
credentials "app.terraform.io" {
  token = "«S»"
}
""", "credentials \"app.terraform.io\"")

S(_V, "digitalocean-pat", lambda c: "dop_v1_" + _hx(64), """
doctl auth init --access-token «S» --context depot-edge
""", "--context depot-edge")

S(_V, "huggingface-token", lambda c: "hf_" + _rs(34, string.ascii_letters), """
HF_TOKEN=«S» python train_eta_model.py --dataset «org»/ride-durations
""", "train_eta_model.py")

S(_V, "square-access-token", lambda c: "EAAA" + _rs(60, _ALNUM + "-_"), """
SQUARE_ACCESS_TOKEN=«S»
SQUARE_LOCATION_ID=L«up:12»
""", "SQUARE_LOCATION_ID")

S(_V, "okta-ssws-api-token", lambda c: "00" + _rs(40, _ALNUM + "-_"), """
curl -s -H "Authorization: SSWS «S»" "https://«lo:6».okta.com/api/v1/groups?q=dispatchers"
""", "groups?q=dispatchers")

S(_V, "cloudflare-api-token-bearer", lambda c: _rs(40, _ALNUM + "-_"), """
curl -s https://api.cloudflare.com/client/v4/user/tokens/verify -H "Authorization: Bearer «S»"
""", "user/tokens/verify")

S(_V, "grafana-service-account-token", lambda c: "glsa_" + _rs(32) + "_" + _hx(8), """
grafana:
  url: https://grafana.«dom»
  token: «S»
""", "url: https://grafana.«dom»")

S(_V, "azure-storage-connection-string", lambda c: _b64(64), """
AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=https;AccountName=«lo:10»;AccountKey=«S»;EndpointSuffix=core.windows.net"
""", "EndpointSuffix=core.windows.net")

S(_V, "azure-sas-token-query", lambda c: _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"), """
TELEMETRY_SAS="?sv=2022-11-02&ss=bq&srt=sco&sp=rwdlacup&se=2026-01-31T00:00:00Z&spr=https&sig=«S»"
""", "TELEMETRY_SAS")

S(_V, "gcp-service-account-json-key", PEM("rsa", "\\n"), """
{
  "type": "service_account",
  "project_id": "«org»-fleet",
  "private_key_id": "«hex:40»",
  "private_key": "-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n",
  "client_email": "routing@«org»-fleet.iam.gserviceaccount.com"
}
""", "\"type\": \"service_account\"")

S(_V, "fcm-legacy-server-key", lambda c: "AAAA" + _rs(7, _ALNUM + "-_") + ":APA91b" + _rs(134, _ALNUM + "-_"), """
FCM_SERVER_KEY=«S»
""", "FCM_SERVER_KEY")

S(_V, "tesla-fleet-refresh-token", lambda c: "NA_" + _hx(64), """
tesla:
  client_id: «uuid»
  refresh_token: «S»
  region: eu
""", "region: eu")

S(_V, "tesla-client-secret-ta-secret", P("ta-secret.", "an:16"), """
TESLA_CLIENT_ID=«uuid»
TESLA_CLIENT_SECRET=«S»
TESLA_AUDIENCE=https://fleet-api.prd.eu.vn.cloud.tesla.com
""", "TESLA_AUDIENCE")

S(_V, "smartcar-client-secret-env", "uuid", """
SMARTCAR_CLIENT_ID=«uuid2»
SMARTCAR_CLIENT_SECRET=«S»
SMARTCAR_MODE=live
""", "SMARTCAR_MODE=live")

S(_V, "smartcar-access-token-bearer", "uuid", """
curl -s https://api.smartcar.com/v2.0/vehicles/«uuid2»/battery -H "Authorization: Bearer «S»"
""", "/battery")

S(_V, "enode-client-secret-basic", "an:40", """
curl -s -X POST https://oauth.production.enode.io/oauth2/token -u "«uuid»:«S»" -d "grant_type=client_credentials"
""", "oauth.production.enode.io")

S(_V, "hubject-eroaming-api-key", lambda c: "HBJ-" + _rs(8, _UPAN) + "-" + _rs(32, _UPAN), """
hubject:
  environment: QA
  operator_id: «cc»*«party»
  api_key: «S»
""", "environment: QA")

S(_V, "ocpi-token-c-credentials-object", "uuid", """
{"data":{"token":"«S»","url":"https://«host»/ocpi/cpo/versions","roles":[{"role":"CPO","party_id":"«party»","country_code":"«cc»","business_details":{"name":"«org»"}}]},"status_code":1000}
""", "\"status_code\":1000")

S(_V, "ocpi-token-base64-header", lambda c: _b64s(_uuid()), """
GET /ocpi/emsp/2.2.1/tokens?limit=50 HTTP/1.1
Host: «host»
Authorization: Token «S»
X-Correlation-ID: «uuid»
""", "X-Correlation-ID")

S(_V, "chargepoint-api-license-key", lambda c: _hx(32) + _hx(8), """
<soapenv:Header>
  <wsse:UsernameToken>
    <wsse:Username>«hex2:32»</wsse:Username>
    <wsse:Password>«S»</wsse:Password>
  </wsse:UsernameToken>
</soapenv:Header>
""", "wsse:UsernameToken")

S(_V, "escooter-operator-partner-token", lambda c: "tier_live_" + _rs(40), """
SCOOTER_PARTNER_TOKEN=«S»  # TIER-style partner API, zone «city»
""", "partner API, zone «city»")

S(_V, "bikeshare-operator-api-secret", lambda c: "bks_" + _rs(8, _LOWAN) + "_" + _rs(40, _LOWAN), """
bikeshare_api:
  operator: «city»-bikes
  key_id: kid_«lo:10»
  secret: «S»
""", "operator: «city»-bikes")

S(_V, "ride-hailing-client-secret", lambda c: _rs(40, _ALNUM + "-_"), """
RIDES_CLIENT_ID=«lo:32»
RIDES_CLIENT_SECRET=«S»
RIDES_SCOPES="ride_request.estimate ride_request.receipt"
""", "ride_request.estimate")

S(_V, "shell-fleet-apim-subscription-key", "hex:32", """
curl -s "https://api.«dom»/fleet/cards/v1/transactions?from=«date»" -H "Ocp-Apim-Subscription-Key: «S»"
""", "/fleet/cards/v1/transactions")

S(_V, "fuelcard-provider-bearer-opaque", lambda c: "wexp_" + _rs(48), """
FUELCARD_API_BASE=https://«host»/v2
FUELCARD_API_TOKEN=«S»
""", "FUELCARD_API_BASE")

S(_V, "tolling-provider-api-key", lambda c: "T4E-" + "-".join(_rs(5, _UPAN) for _ in range(5)), """
tolling:
  provider: toll4europe
  api_key: «S»
  obu_ids_file: /srv/tolls/obus.csv
""", "provider: toll4europe")

S(_V, "municipal-parking-api-bearer", lambda c: "mpk_" + _b64u(30), """
curl -s -H "Authorization: Bearer «S»" "https://«host»/v1/permits?plate=«plate»"
""", "/v1/permits?plate=")

S(_V, "nayax-lynx-api-token", "an:64", """
NAYAX_LYNX_TOKEN=«S»
NAYAX_ACTOR_ID=«num:7»
""", "NAYAX_ACTOR_ID")

S(_V, "linear-api-key", lambda c: "lin_api_" + _rs(40), """
LINEAR_API_KEY=«S»  # creates tickets for failed OCPP boots
""", "creates tickets for failed OCPP boots")

S(_V, "notion-integration-secret", lambda c: "ntn_" + _rs(46), """
NOTION_TOKEN=«S»
NOTION_DEPOT_DB=«hex:32»
""", "NOTION_DEPOT_DB")

S(_V, "atlassian-api-token", lambda c: "ATATT3xFfGF0" + _rs(170, _ALNUM + "-_") + "=" + _rs(8, "0123456789ABCDEF"), """
jira:
  url: https://«lo:8».atlassian.net
  email: «email»
  api_token: «S»
""", ".atlassian.net")

S(_V, "age-secret-key", lambda c: "AGE-SECRET-KEY-1" + _rs(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"), """
# created: «ts»
# public key: age1«lo:58»
«S»
""", "# public key: age1")

S(_V, "heroku-api-key-hrku", lambda c: "HRKU-" + _uuid(), """
HEROKU_API_KEY=«S» heroku ps:scale worker=2 -a «app»
""", "heroku ps:scale worker=2")

# ===========================================================================
# BENIGN look-alikes -- no credential in any of these
# ===========================================================================

_TEXTS = ["charging session started", "connector 2 available", "firmware update scheduled",
          "meter values batch 17", "depot north closed for maintenance", "tariff AC-standard v3",
          "hello from the OCPP simulator", "fleet report week 12", "route cache warmup",
          "status=Available;errorCode=NoError", "scooter battery swap done", "parking zone A12 full"]

_G.update({
    "sshpub": lambda: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _rs(43, _ALNUM + "+/"),
    "rsapub": lambda: "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _rs(200, _ALNUM + "+/"),
    "fp": lambda: "SHA256:" + _b64(32).rstrip("="),
    "colonfp": lambda: ":".join(_rs(2, "0123456789ABCDEF") for _ in range(32)),
    "sha1colon": lambda: ":".join(_rs(2, "0123456789ABCDEF") for _ in range(20)),
    "certbody": lambda: _wrap("MIID" + _rs(4, _ALNUM) + "CCAm" + _rs(2, _ALNUM) + "gAwIBAgIU" + _b64(420), 64),
    "pubkeybody": lambda: _wrap("MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE" + _b64(64)[:-4], 64),
    "traceparent": lambda: "00-%s-%s-01" % (_hx(32), _hx(16)),
    "ulid": lambda: _rs(26, "0123456789ABCDEFGHJKMNPQRSTVWXYZ"),
    "b64text": lambda: _b64s(_R.choice(_TEXTS)),
    "sri": lambda: "sha384-" + _b64(48),
    "npmint": lambda: "sha512-" + _b64(64),
    "gosum": lambda: "h1:" + _b64(32),
    "gpgfp": lambda: _rs(40, "0123456789ABCDEF"),
    "kid": lambda: _hx(8) + "-" + _hx(4) + "-key",
    "mask": lambda: _R.choice(["********", "****", "••••••••", "[REDACTED]", "<redacted>", "xxxxxxxx",
                               "***REDACTED***", "[FILTERED]", "<hidden>", "(sensitive value)", "*****"]),
    "ph": lambda: _R.choice(["<your-token>", "${OCPI_TOKEN}", "$API_KEY", "{{ secrets.TOKEN }}",
                             "YOUR_API_KEY_HERE", "<paste-here>", "%(password)s", "${env:DB_PASSWORD}",
                             "<CHANGE_ME>", "REPLACE_WITH_REAL_KEY", "${{ secrets.ENODE_CLIENT_SECRET }}",
                             "<client-secret>", "{{ .Values.db.password }}", "$(PASSWORD)"]),
    "envname": lambda: _R.choice(["OCPI_TOKEN_C", "TESLA_CLIENT_SECRET", "SMARTCAR_CLIENT_SECRET",
                                  "ENODE_CLIENT_SECRET", "STRIPE_SECRET_KEY", "DB_PASSWORD",
                                  "MQTT_PASSWORD", "HERE_API_KEY", "PAYTER_API_KEY", "OCPP_BASIC_AUTH_PASSWORD",
                                  "FUELCARD_API_TOKEN", "PARKING_API_KEY", "HUBJECT_KEYSTORE_PASS"]),
    "secname": lambda: _R.choice(["ocpi-credentials", "csms-db", "tolls-db", "regcred", "enode-client",
                                  "hubject-keystore", "mqtt-broker-auth", "payter-api", "fleet-sync-oauth"]),
    "vaultpath": lambda: "secret/%s/%s/%s" % (_R.choice(["cpo", "fleet", "dispatch", "parking", "roaming"]),
                                              _R.choice(["prod", "staging", "dev"]),
                                              _R.choice(["db", "ocpi", "hubject", "smartcar", "tesla", "mqtt", "toll4eu"])),
    "podname": lambda: "%s-%s-%s" % (_R.choice(_APPS), _rs(10, "bcdfghjklmnpqrstvwxz2456789"), _rs(5, "bcdfghjklmnpqrstvwxz2456789")),
    "stripeid": lambda: _R.choice(["pi_", "ch_", "cus_", "evt_", "price_", "prod_", "tml_", "tmr_", "seti_", "in_"]) + _rs(24),
    "reqid": lambda: _R.choice(["req_", "rid-", "r-", ""]) + _rs(_R.choice([14, 20, 24]), _ALNUM),
    "acsid": lambda: "AC" + _hx(32),
    "gclientid": lambda: "%s-%s.apps.googleusercontent.com" % (_rs(12, string.digits), _rs(32, _LOWAN)),
    "kmsarn": lambda: "arn:aws:kms:%s:%s:key/%s" % (_R.choice(_REGIONS), "%012d" % _R.randint(10 ** 10, 10 ** 12 - 1), _uuid()),
    "etag": lambda: 'W/"%s"' % _hx(_R.choice([16, 32, 40])),
    "digest": lambda: "sha256:" + _hx(64),
    "vaultenc": lambda: "vault:v%d:%s" % (_R.randint(1, 4), _b64(_R.choice([24, 36, 48]))),
})

_BT = []


def B(tmpl):
    _BT.append(_prep(tmpl))


# ---- commands -------------------------------------------------------------
B("git checkout «sha» -- services/ocpp/handlers/boot_notification.py")
B("git revert --no-edit «sha7» && git push origin HEAD:hotfix/«ticket»")
B("git log --oneline -3\n«sha7» fix(ocpp): ignore duplicate StatusNotification\n«sha7/2» chore: bump ocpp-j to «ver»\n«sha7/3» feat(ocpi): tariffs module 2.2.1")
B("docker pull ghcr.io/«org»/csms-api@«digest»")
B("kubectl -n «ns» get secret «secname» -o name")
B("kubectl -n «ns» rollout restart deploy/«app» && kubectl -n «ns» get pods -l app=«app»")
B("vault kv get -field=password «vaultpath»")
B("vault kv metadata get «vaultpath»")
B("aws secretsmanager describe-secret --secret-id fleet/prod/«db» --query 'LastRotatedDate'")
B("aws ssm get-parameter --name /fleet/prod/«envname» --with-decryption --query Parameter.Version")
B("echo \"$REGISTRY_TOKEN\" | docker login registry.«dom» -u «user» --password-stdin")
B("curl -sS -u \"$OCPP_USER:$OCPP_PASS\" https://«host»/api/v1/chargepoints/«cp»/status")
B("curl -H \"Authorization: Bearer $(gcloud auth print-access-token)\" https://«host»/v1/vehicles")
B("psql \"postgresql://«user»@«host»:5432/«db»?sslmode=verify-full\" -c '\\dt cdr.*'")
B("mysql -h «host» -u «user» -p «db»   # prompts for the password")
B("ssh-keygen -lf ~/.ssh/id_ed25519.pub")
B("sha256sum build/«vendor»_«fw».bin\n«sha256»  build/«vendor»_«fw».bin")
B("gpg --verify firmware-«fw».swu.sig firmware-«fw».swu")
B("export OCPI_TOKEN_C=\"$(vault kv get -field=token_c «vaultpath»)\"")
B("kubectl create secret generic «secname» --from-file=token=./token.txt --dry-run=client -o yaml > /dev/null")
B("gh secret set «envname» --repo «org»/«app» < /dev/stdin")
B("gh secret list --repo «org»/«app»")
B("op item get 'CSMS prod DB' --fields label=username")
B("openssl x509 -in csms-ca.pem -noout -fingerprint -sha256")
B("openssl req -new -key cp-«cp».key -out cp-«cp».csr -subj '/CN=«cp»/O=«org»'")
B("pip download ocpp==«ver» --no-deps && pip hash ocpp-«ver»-py3-none-any.whl")
B("helm upgrade --install «app» charts/«app» -n «ns» --set existingSecret=«secname»")
B("terraform plan -var-file=envs/prod.tfvars -out=plan-«sha7».tfplan")
B("docker run --rm --env-file .env.local ghcr.io/«org»/ocpi-bridge:«ver» --help")
B("ansible-vault edit group_vars/chargers/vault.yml")
B("ssh -i ~/.ssh/depot_ed25519 installer@«ip» 'systemctl status chargerd'")
B("curl -s https://«host»/ocpi/versions | jq '.data[].version'")
B("curl -s 'https://gbfs.«dom»/v3/«city»/station_information.json' | jq '.data.stations | length'")
B("redis-cli -h «host» --tls --askpass GET route:cache:«sha256»")
B("git rev-parse HEAD\n«sha»")
B("npm view @«org»/ocpp-types@«ver» dist.integrity")
B("wg show wg0 public-key")
B("aws kms describe-key --key-id «uuid» --region «region»")
B("stripe listen --forward-to localhost:4242/webhooks --api-key \"$STRIPE_SECRET_KEY\"")
B("python -m fleet_sync.smartcar --client-id «uuid» --client-secret-env SMARTCAR_CLIENT_SECRET")

# ---- tool output ----------------------------------------------------------
B("NAME                  TYPE                             DATA   AGE\n«secname»      Opaque                           2      «n»d\nregcred               kubernetes.io/dockerconfigjson   1      «n»d")
B("NAME                       DIGEST\n«envname»         «hex:16»\nDATABASE_URL               «hex:16/2»")
B("NAME                     UPDATED\n«envname»       about «n» days ago\nSLACK_WEBHOOK_URL        «date»")
B("{\n    \"UserId\": \"AIDA«up:17»\",\n    \"Account\": \"«acct»\",\n    \"Arn\": \"arn:aws:iam::«acct»:user/«user»\"\n}")
B("sha256 Fingerprint=«colonfp»")
B("SHA1 Fingerprint=«sha1colon»")
B("256 «fp» installer@depot-gw-«n» (ED25519)")
B("added 412 packages, and audited 413 packages in 9s\n\"integrity\": \"«npmint»\"")
B("github.com/«org»/ocpp-go v«ver» «gosum»")
B("ocpp-«ver».tar.gz --hash=sha256:«sha256»")
B("Digest: «digest»\nStatus: Downloaded newer image for ghcr.io/«org»/«app»:«ver»")
B("Login Succeeded\nWARNING! Your credentials are stored unencrypted in '/home/«user»/.docker/config.json'.")
B("Key                Value\n---                -----\ncreated_time       «ts»\ncurrent_version    «n»\nmax_versions       0\noldest_version     0")
B("«podname»   1/1     Running   0          «n»m")
B("public key: «b64:32»")
B("interface: wg0\n  public key: «b64:32»\n  listening port: 51820")
B("-----BEGIN CERTIFICATE-----\n«certbody»\n-----END CERTIFICATE-----")
B("-----BEGIN PUBLIC KEY-----\n«pubkeybody»\n-----END PUBLIC KEY-----")
B("«sshpub» «user»@depot-gw-«n»")
B("«rsapub» ci@build-runner")
B("Good signature from \"«org» firmware signing <fw@«dom»>\"\nPrimary key fingerprint: «gpgfp»")
B("Apply complete! Resources: 3 added, 1 changed, 0 destroyed.\nOutputs:\ndb_password = <sensitive>\ndb_endpoint = \"«host»:5432\"")
B("db_password = (sensitive value)")
B("[3,\"«uuid»\",{\"configurationKey\":[{\"key\":\"AuthorizationKey\",\"readonly\":false}],\"unknownKey\":[]}]")
B("[3,\"«uuid»\",{\"status\":\"Accepted\",\"currentTime\":\"«ts»\",\"interval\":300}]")
B("{\"getVariableResult\":[{\"attributeStatus\":\"Rejected\",\"component\":{\"name\":\"SecurityCtrlr\"},\"variable\":{\"name\":\"BasicAuthPassword\"},\"statusInfo\":{\"reasonCode\":\"WriteOnly\"}}]}")
B("HTTP/2 200\ncontent-type: application/json\nx-request-id: «uuid»\netag: «etag»")
B("HTTP/1.1 401 Unauthorized\nwww-authenticate: Basic realm=\"ocpp\"\ncontent-length: 0")
B("< set-cookie: cpo_session=; Path=/; Max-Age=0; HttpOnly; Secure")
B("{\"access_token\":\"«mask»\",\"token_type\":\"Bearer\",\"expires_in\":3600}")
B("OCPI_TOKEN_C=«mask»")
B("Data\n====\nKey         Value\n---         -----\npassword    «mask»\nusername    «user»")
B("  Token: gho_************************************")
B("$ printenv | grep -c _SECRET\n«n»")
B("Found 0 verified results, 3 unverified (all placeholders in docs/)")
B("gitleaks: no leaks found (scanned «n» commits, «num:4» files)")
B("total «n»\n-rw------- 1 «user» «user»  411 «date» id_ed25519\n-rw-r--r-- 1 «user» «user»  103 «date» id_ed25519.pub")
B("Creating secret \"«secname»\" ... done (value read from stdin, not echoed)")
B("Environment:\n  DB_PASSWORD:  <set to the key 'password' in secret '«secname»'>  Optional: false\n  LOG_LEVEL:    info")
B("\"SecretString\": \"(not printed: --query excluded it)\", \"VersionId\": \"«uuid»\"")
B("Version: «n»  LastRotatedDate: «ts»  RotationEnabled: true")
B("stripe: Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is whsec_•••• (hidden)")
B("Account SID: «acsid»  (status: active, type: Full)")
B("client_id: «gclientid»")
B("KeyMetadata.Arn: «kmsarn»")

# ---- config ---------------------------------------------------------------
B("OCPI_TOKEN_C=\nOCPI_PARTY_ID=«party»\nOCPI_COUNTRY_CODE=«cc»")
B("# .env.example\n«envname»=«ph»\nLOG_LEVEL=info")
B("spring:\n  datasource:\n    url: jdbc:postgresql://«host»:5432/«db»\n    username: «user»\n    password: ${DB_PASSWORD}")
B("password_file: /run/secrets/«secname»")
B("        env:\n          - name: «envname»\n            valueFrom:\n              secretKeyRef:\n                name: «secname»\n                key: value")
B("db_password: \"{{ vault('«vaultpath»', 'password') }}\"")
B("ansible_become_pass: \"{{ vault_become_pass }}\"")
B("api_key: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  «hex:64»\n  «hex2:64»\n  «hex3:40»")
B("password: ENC[AES256_GCM,data:«b64:18»,iv:«b64:32»,tag:«b64:16»,type:str]")
B("sops:\n  kms:\n    - arn: «kmsarn»\n  lastmodified: \"«ts»\"\n  mac: ENC[AES256_GCM,data:«b64:48»,iv:«b64:32/2»,tag:«b64:16/2»,type:str]")
B("token_c: \"«vaultenc»\"   # transit-encrypted, decrypted at startup")
B("[ocpp]\ncentral_system_url = wss://«host»/ocpp/«cp»\nsecurity_profile = 2\nclient_cert = /etc/chargerd/certs/«cp».pem")
B("[Peer]\nPublicKey = «b64:32»\nEndpoint = «pubip»:51820\nAllowedIPs = 10.66.0.0/16")
B("authorized_keys:\n  - «sshpub» ops@«dom»")
B("tls:\n  ca_file: /etc/ocpp/certs/csms-ca.pem\n  cert_file: /etc/ocpp/certs/«cp».crt\n  key_file: /etc/ocpp/certs/«cp».key")
B("\"integrity\": \"«sri»\"")
B("<script src=\"https://cdn.«dom»/maps/v«ver»/maps.js\" integrity=\"«sri»\" crossorigin=\"anonymous\"></script>")
B("resolved \"https://registry.npmjs.org/ocpp-rpc/-/ocpp-rpc-«ver».tgz#«sha»\"")
B("[[package]]\nname = \"ocpp\"\nversion = \"«ver»\"\nchecksum = \"«sha256»\"")
B("oid sha256:«sha256»\nsize «num:7»")
B("version https://git-lfs.github.com/spec/v1\noid sha256:«sha256»\nsize «num:8»")
B("PASSWORD_MIN_LENGTH=12\nPASSWORD_REQUIRE_SYMBOL=true\nPASSWORD_MAX_AGE_DAYS=90")
B("session:\n  cookie_name: cpo_session\n  secure: true\n  max_age: 28800")
B("hubject:\n  operator_id: «cc»*«party»\n  keystore: /opt/oicp/hubject-client.p12\n  keystore_password_env: HUBJECT_KEYSTORE_PASS")
B("smartcar:\n  client_id: «uuid»\n  client_secret: ${SMARTCAR_CLIENT_SECRET}\n  mode: live")
B("tesla:\n  client_id: «uuid»\n  private_key_path: /etc/fleet/tesla/private-key.pem\n  public_key_url: https://«host»/.well-known/appspecific/com.tesla.3p.public-key.pem")
B("jwks_uri: https://auth.«dom»/.well-known/jwks.json\nkid: «kid»")
B("{\"keys\":[{\"kty\":\"RSA\",\"kid\":\"«kid»\",\"use\":\"sig\",\"alg\":\"RS256\",\"e\":\"AQAB\",\"n\":\"«b64u:256»\"}]}")
B("{\"kty\":\"EC\",\"crv\":\"P-256\",\"kid\":\"«kid»\",\"x\":\"«b64u:32»\",\"y\":\"«b64u:32/2»\"}")
B("OCPP_BASIC_AUTH_PASSWORD=\"\"   # set per charger by provisioning, never in git")
B("mqtt:\n  host: «host»\n  port: 8883\n  username: «user»\n  password: \"${MQTT_PASSWORD:?required}\"")
B("client_secret: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")
B("api_key: \"YOUR_TOMTOM_KEY\"")
B("STRIPE_SECRET_KEY=sk_test_XXXXXXXXXXXXXXXXXXXXXXXX")
B("AWS_SECRET_ACCESS_KEY=<from-vault>")
B("password: \"\"  # intentionally empty: peer auth over unix socket")
B("requirepass_file /run/secrets/redis_pass")
B("ssl_certificate_key /etc/nginx/ssl/«host».key;")
B("ExecStart=/usr/local/bin/ocpp-bridge --config /etc/ocpp-bridge.toml --password-file /etc/ocpp-bridge/pass")
B("EnvironmentFile=/etc/default/ocpp-bridge")
B("image: ghcr.io/«org»/«app»@«digest»")
B("cache_key: route:v3:«sha256»")
B("bucket: «bucket»\nkms_key_id: «kmsarn»")
B("apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nspec:\n  secretStoreRef: {name: vault-backend, kind: ClusterSecretStore}\n  data:\n    - secretKey: token_c\n      remoteRef: {key: «vaultpath», property: token_c}")
B("<add key=\"TollsApiKey\" value=\"\" /> <!-- injected by Key Vault reference -->")
B("[client]\nuser=«user»\n# password comes from ~/.mylogin.cnf (obfuscated by mysql_config_editor)")

# ---- source ---------------------------------------------------------------
B("api_key = os.environ[\"«envname»\"]")
B("password = getpass.getpass(\"CSMS admin password: \")")
B("const token = process.env.OCPI_TOKEN_C ?? '';")
B("token := os.Getenv(\"«envname»\")\nif token == \"\" {\n\tlog.Fatal(\"«envname» not set\")\n}")
B("@Value(\"${tolls.provider.api-key}\")\nprivate String tollsApiKey;")
B("if len(password) < 12 or not re.search(r\"[0-9]\", password):\n    raise ValueError(\"password too weak\")")
B("PASSWORD_RE = re.compile(r\"^(?=.*[A-Z])(?=.*\\d)(?=.*[^\\w\\s]).{12,}$\")")
B("cache_key = hashlib.sha256(f\"{origin}:{dest}:{soc}\".encode()).hexdigest()  # e.g. «sha256»")
B("assert resp.headers[\"ETag\"] == «etag»")
B("def redact(s: str) -> str:\n    return re.sub(r\"(password=)[^&\\s]+\", r\"\\1***\", s)")
B("FAKE_VIN = \"«vin»\"  # test fixture, not a real car")
B("EXPECTED_SHA = \"«sha»\"")
B("MESSAGE_ID = \"«uuid»\"")
B("headers = {\"Authorization\": f\"Token {base64.b64encode(token.encode()).decode()}\"}")
B("auth = HTTPBasicAuth(settings.OCPP_USER, settings.OCPP_PASSWORD)")
B("client.username_pw_set(cfg.mqtt_user, cfg.mqtt_password)")
B("req.SetBasicAuth(cfg.User, cfg.Password)")
B("let apiKey = ProcessInfo.processInfo.environment[\"HERE_API_KEY\"] ?? \"\"")
B("var secret = builder.Configuration[\"Enode:ClientSecret\"];")
B("// NOTE: never log cfg.Password -- it is the OCPP basic-auth secret")
B("# The AuthorizationKey is write-only per OCPP 1.6 security whitepaper; GetConfiguration must not return it.")
B("BOOT = [2, \"«uuid»\", \"BootNotification\", {\"chargePointVendor\": \"«vendor»\", \"chargePointModel\": \"«model»\", \"firmwareVersion\": \"«fw»\"}]")
B("payload = base64.b64decode(\"«b64text»\")")
B("SAMPLE_DATA_TRANSFER = {\"vendorId\": \"com.«org»\", \"messageId\": \"diag\", \"data\": \"«b64text»\"}")
B("IDEMPOTENCY_KEY = str(uuid.uuid4())  # e.g. «uuid»")
B("session_id = secrets.token_urlsafe(32)")
B("key = Fernet.generate_key()  # generated at runtime, stored in KMS")
B("PUBLIC_KEY_PEM = open(\"keys/fw-signing.pub.pem\").read()")
B("TESLA_PUBLIC_KEY_URL = \"https://«host»/.well-known/appspecific/com.tesla.3p.public-key.pem\"")
B("STRIPE_PRICE_ID = \"price_«an:24»\"")
B("ROUTE_CACHE_PREFIX = \"route:v3:\"  # + sha256(origin,dest,soc)")
B("EVSE_ID_RE = re.compile(r\"^[A-Z]{2}\\*[A-Z0-9]{3}\\*E[A-Z0-9\\*]{1,30}$\")")
B("mask = lambda s: s[:4] + \"*\" * (len(s) - 4)")
B("password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))")

# ---- logs -----------------------------------------------------------------
B("«ts» INFO [«cp»] <- BootNotification vendor=«vendor» model=«model» fw=«fw» serial=«up:10»")
B("«ts» INFO [«cp»] -> StartTransaction idTag=<hashed> meterStart=«num:6» transactionId=«num2:7»")
B("«ts» DEBUG ocpp: message «uuid» Heartbeat ok (rtt 41 ms)")
B("«ts» INFO ocpi: PUT /ocpi/2.2.1/sessions/«cc»/«party»/«uuid» 200 traceparent=«traceparent»")
B("«ts» WARN auth: login failed for user «email» (password mismatch, attempt 3/5)")
B("«ts» INFO auth: password changed for «email»; all sessions revoked")
B("«ts» INFO [payments] PaymentIntent «stripeid» succeeded amount=«eur» EUR")
B("«ts» ERROR fw-updater: checksum mismatch: expected sha256:«sha256» got sha256:«sha256/2»")
B("«ts» INFO fw-updater: firmware «fw» verified with key id «kid»")
B("«ts» INFO request_id=«reqid» method=GET path=/v1/vehicles status=200 duration_ms=«n»")
B("«ts» DEBUG headers={'Authorization': '«mask»', 'Content-Type': 'application/json'}")
B("«ts» INFO connecting to postgresql://«user»:«mask»@«host»:5432/«db»")
B("«ts» INFO mqtt: connected to «host»:8883 as «user» (password from env MQTT_PASSWORD)")
B("Started POST \"/api/drivers/login\" for «ip»\n  Parameters: {\"email\"=>\"«email»\", \"password\"=>\"[FILTERED]\"}")
B("«ip» - - [«date»] \"GET /api/v1/sessions/«uuid» HTTP/1.1\" 200 812 \"-\" \"okhttp/4.12.0\"")
B("«ts» trace_id=«hex:32» span_id=«hex:16» service=«app» msg=\"route computed\"")
B("sentry event_id=«hex:32» (\"DispatchTimeout: no driver within 8 km\")")
B("«ts» INFO k8s: pod «podname» pulled image ghcr.io/«org»/«app»@«digest»")
B("«ts» INFO vault: token renewed, ttl=768h accessor=«an:24»")
B("«ts» INFO secrets: loaded «n» keys from «vaultpath» (values not logged)")
B("«ts» WARN ocpp: «cp» rejected: BasicAuth header missing")
B("«ts» INFO ocpp: «cp» authenticated with security profile 2 (client cert serial «HEX:16»)")
B("«ts» INFO tolls: transponder OBU-«num:10» passed gantry «up:4»-«n» plate=«plate»")
B("«ts» INFO parking: session «ulid» started zone=«up:2»«n» plate=«plate»")
B("«ts» INFO dispatch: ride «ulid» assigned to driver d_«num:6» eta=«n»min")
B("«ts» INFO fleet: vehicle «vin» soc=«n»% range_km=«num:3»")
B("«ts» INFO cdr: exported «num:4» CDRs to s3://«bucket»/«date»/cdr.parquet (sha256 «sha256»)")
B("«ts» INFO cache hit key=route:v3:«sha256» ttl=600")
B("«ts» DEBUG idempotency-key=«uuid» replayed=false")
B("«ts» INFO webhook signature verified (t=«num:10», scheme v1)")
B("«ts» WARN webhook: signature verification failed, dropping event «stripeid»")
B("«ts» INFO emaid=«emaid» evse=«evse» contract authorised via Plug&Charge")
B("«ts» INFO ISO15118: contract cert chain validated, leaf fingerprint «colonfp»")
B("java.lang.IllegalStateException: OCPP_BASIC_AUTH_PASSWORD is not set\n\tat com.«org».ocpp.Config.require(Config.java:42)")
B("KeyError: '«envname»'\n  File \"/srv/«app»/settings.py\", line 12, in <module>")
B("Error: secret \"«secname»\" not found in namespace \"«ns»\"")
B("Error response from daemon: Get \"https://registry.«dom»/v2/\": unauthorized: authentication required")
B("FATAL:  password authentication failed for user \"«user»\"")
B("ERROR 1045 (28000): Access denied for user '«user»'@'«ip»' (using password: YES)")
B("psycopg2.OperationalError: connection to server at \"«host»\" («ip»), port 5432 failed: FATAL:  password authentication failed for user \"«user»\"")
B("401 Unauthorized: invalid_client (client authentication failed) request_id=«reqid»")
B("stripe.error.AuthenticationError: Invalid API Key provided: sk_live_****«an:4»")

# ---- notes / chat -----------------------------------------------------------
B("The OCPP basic-auth password for the «city» chargers lives in Vault at «vaultpath» -- never paste it into Slack.")
B("«fname»: rotated the OCPI token with «party» this morning, new value is in 1Password (item 'OCPI «party» prod').")
B("«fname»: das neue Passwort liegt im Tresor, nicht im Ticket. Bitte über Vault abrufen.")
B("«fname»: het wachtwoord staat in de kluis (Bitwarden, collectie 'Laadpalen').")
B("«fname»: le mot de passe est dans Vault, chemin «vaultpath».")
B("«fname»: la contraseña está en el gestor de contraseñas del equipo, no la pongas aquí.")
B("«fname»: passordet ligger i 1Password under «city»-depot.")
B("«fname»: パスワードは1Passwordの「充電器 管理」に入れました。")
B("«fname»：密码已经放到保险库里了，路径是 «vaultpath»。")
B("Password policy: at least 12 characters, one digit, one symbol; no reuse of the last 5; rotate every 90 days.")
B("Reminder: charger diag passwords are per-site and generated by the provisioning service; there is no master password.")
B("Note: the Tesla Fleet API needs the public key at /.well-known/appspecific/com.tesla.3p.public-key.pem; the private key stays in KMS.")
B("Decision («date»): move all roaming tokens (OCPI token A/B/C) into External Secrets; no token values in Helm values anymore.")
B("TODO: ask «fname» whether the Payter API key is per terminal or per merchant.")
B("Goal: make the CSMS reject chargers that send GetConfiguration responses containing AuthorizationKey.")
B("commit «sha7» removes the hard-coded key; history rewrite tracked in «ticket».")
B("Reviewed «ticket»: the string that looked like a key is a SHA-256 of the firmware image («sha256»).")
B("FYI the value in logs `«hex:32»` is the Sentry event id, not a token.")
B("Key id «kid» is the public JWKS kid; the signing key itself is in the HSM.")
B("The 'secret' in the GBFS feed URL is just the system_id («lo:6»_«city»), feeds are public.")
B("Masked card: **** **** **** «num:4» (fuel card, driver «fname»)")
B("OCPI party «cc»*«party» -- credentials exchange done, token C stored as k8s secret «secname».")
B("«fname»: I've set SMARTCAR_CLIENT_SECRET in the GitHub environment 'production'; the workflow reads ${{ secrets.SMARTCAR_CLIENT_SECRET }}.")
B("«fname»: pw reset link sent to «email», expires in 30 min.")
B("«fname»: don't use trivial passwords on the chargers, the pentest flagged three sites.")
B("Incident «ticket»: a token was pasted in #general at «time»; it was revoked within 4 minutes and replaced.")
B("«fname»: the AWS key id in that screenshot is AKIA****************, secret was never shown.")
B("EMAID «emaid» belongs to a test contract, safe to share with the eMSP.")
B("EVSE «evse» is the one with the broken CCS cable.")
B("Vehicle «vin» (plate «plate») moved to depot «city».")
B("Trace «traceparent» shows the dispatch call timing out at the routing API.")
B("Request id «uuid» – support ticket «ticket».")
B("Build «sha7» passed; image digest «digest».")
B("«fname»: la password non la scrivo qui, te la mando su Signal.")
B("«fname»: hasło wyślę SMS-em, nie na czacie.")
B("«fname»: şifreyi kasaya koydum, «vaultpath».")
B("«fname»: пароль в хранилище, путь «vaultpath».")
B("Meeting notes «date»: agreed to use mTLS (security profile 3) for all DC chargers; basic auth only for legacy AC units.")
B("Runbook step 4: fetch the DB password with `vault kv get -field=password «vaultpath»` and paste it into the prompt (do not export it).")

# ---- CI / deploy ----------------------------------------------------------
B("      - uses: actions/checkout@«sha»  # v4.1.7")
B("      - uses: docker/login-action@«sha»\n        with:\n          registry: ghcr.io\n          username: ${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}")
B("    env:\n      «envname»: ${{ secrets.«envname» }}")
B("  script:\n    - docker login -u \"$CI_REGISTRY_USER\" -p \"$CI_REGISTRY_PASSWORD\" \"$CI_REGISTRY\"")
B("variables:\n  DB_PASSWORD: $VAULT_DB_PASSWORD  # masked + protected CI variable")
B("key: ${{ runner.os }}-pip-${{ hashFiles('**/requirements.txt') }}\n# resolved: Linux-pip-«sha256»")
B("Cache restored from key: Linux-node-«sha256»")
B("Run actions/cache@«sha»\nCache hit for: «hex:64»")
B("secrets: inherit")
B("withCredentials([usernamePassword(credentialsId: 'csms-db', usernameVariable: 'DB_USER', passwordVariable: 'DB_PASS')]) {")
B("  - name: Deploy\n    run: ./deploy.sh\n    env:\n      SSH_KEY_PATH: ${{ runner.temp }}/deploy_key")
B("apiVersion: v1\nkind: Secret\nmetadata:\n  name: «secname»\ntype: Opaque\nstringData:\n  token: «ph»")
B("apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nspec:\n  encryptedData:\n    password: Ag«b64:180»")
B("imagePullSecrets:\n  - name: regcred")
B("serviceAccountName: «app»\nautomountServiceAccountToken: false")
B("resource \"aws_db_instance\" \"cdr\" {\n  manage_master_user_password = true\n  username = \"cdr_admin\"\n}")
B("variable \"db_password\" {\n  type      = string\n  sensitive = true\n}")
B("provider \"cloudflare\" {\n  # api_token read from CLOUDFLARE_API_TOKEN\n}")
B("Parameters:\n  DBPassword:\n    Type: AWS::SSM::Parameter::Value<String>\n    NoEcho: true\n    Default: /fleet/prod/db_password")
B("##[warning]«envname» is masked in logs as ***")
B("+ curl -H 'Authorization: Bearer ***' https://«host»/deploy")
B("Pushing ghcr.io/«org»/«app»:«ver»\n«ver»: digest: «digest» size: «num:4»")
B("Signed image ghcr.io/«org»/«app»@«digest» with key cosign.pub (keyless=false)")
B("tlog entry created with index: «num:9»")
B("Successfully tagged «org»/«app»:«sha7»")
B("Uploading ocpp_toolkit-«ver»-py3-none-any.whl 100% «num:2».«n» kB")
B("deploy «app» «sha7» -> «ns» ok (rollout 3/3)")
B("ARG NPM_TOKEN\nRUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci")
B("RUN --mount=type=secret,id=pip_conf,target=/etc/pip.conf pip install -r requirements.txt")
B("fastlane match readonly --git_url git@github.com:«org»/ios-certs.git  # MATCH_PASSWORD from CI secret store")

# ---- vendor look-alikes (public ids, masked, placeholders) -----------------
B("Stripe account: acct_«an:16» (Terminal location tml_«an:24/2»)")
B("STRIPE_SECRET_KEY=sk_live_...«an:4»  (last 4 only, full key in Vault)")
B("sk_live_••••••••••••••••••••••«an:4»")
B("GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")
B("xoxb-your-bot-token")
B("https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX")
B("AIzaSy... (restricted Android key, see console)")
B("Twilio Account SID «acsid» -- the auth token is in Vault.")
B("OAuth client ID: «gclientid»")
B("Smartcar client_id «uuid» (the secret is not in this repo)")
B("Enode user id «uuid» linked vehicle «uuid/2»")
B("Tesla vehicle_id «num:17» vin «vin»")
B("OCPI Token object: {\"uid\":\"«HEX:14»\",\"type\":\"RFID\",\"contract_id\":\"«emaid»\",\"valid\":true,\"whitelist\":\"ALLOWED\"}")
B("Hubject operator id «cc»*«party», provider id «cc»-«party»")
B("GBFS: https://gbfs.«dom»/v3/«city»/gbfs.json (public, no key)")
B("Mapbox style mapbox://styles/«org»/cl«lo:23»")
B("AWS account «acct», role arn:aws:iam::«acct»:role/tolls-ingest")
B("GCP project «org»-fleet, service account routing@«org»-fleet.iam.gserviceaccount.com (key id «hex:40»)")
B("Datadog monitor id «num:8», dashboard «lo:3»-«lo2:3»-«lo3:3»")
B("PagerDuty service P«up:6», escalation policy P«up2:6»")
B("Sentry DSN host o«num:6».ingest.de.sentry.io project «num2:7»")
B("npm package @«org»/ocpp-types «ver» shasum «sha»")
B("Docker image id sha256:«hex:12»")
B("Nayax machine id «num:10», terminal serial «up:12»")
B("Adyen terminal V400m-«num:9» merchant «org»EVCharging")
B("HERE app id «an:20» (the apiKey is per environment, stored in SSM)")
B("what3words ///«word».«word2».«word3» -> depot gate 2")
B("age public key: age1«lo:58»")
B("WireGuard PublicKey = «b64:32»")
B("«sshpub»")
B("JWT header only: eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9 (alg RS256)")
B("decoded claims: {\"iss\":\"https://auth.«dom»\",\"sub\":\"«uuid»\",\"aud\":\"fleet-api\",\"exp\":«num:10»}")
B("Authorization: Bearer <token>")
B("Authorization: Token ${OCPI_TOKEN_C_B64}")
B("Authorization: Basic «mask»")
B("x-api-key: {{apiKey}}")
B("Cookie: cpo_session=«mask»; locale=nl")
B("https://«bucket».s3.«region».amazonaws.com/releases/«fw».bin  (public bucket, no signature)")
B("https://storage.googleapis.com/«bucket»/public/«fw».json")
B("X-Amz-Signature=<redacted>")
B("sig=REDACTED&se=«date»T23:59:59Z")

# ===========================================================================
# build the two lists (all draws from _R, in a fixed order)
# ===========================================================================

def _build_secrets():
    used = set()
    out = []
    for group, fmt, kind, tmpl, vis in _SPECS:
        for _ in range(3):
            for _attempt in range(200):
                ctx = _Ctx()
                sec = kind(ctx) if callable(kind) else _gen(kind, ctx)
                if len(sec) >= 6 and sec not in used:
                    break
            used.add(sec)
            ctx["S"] = sec
            text = _fill(tmpl, ctx)
            visible = _fill(vis, ctx) if vis else ""
            if visible and (visible not in text or sec in visible):
                visible = ""
            out.append((group, fmt, text, sec, visible))
    return out


def _build_benign(secrets, target=950):
    long_secrets = [s[3] for s in secrets if len(s[3]) >= 6]
    seen = set()
    out = []
    for _round in range(60):
        for tmpl in _BT:
            s = _fill(tmpl, _Ctx())
            if s in seen or any(x in s for x in long_secrets):
                continue
            seen.add(s)
            out.append(s)
            if len(out) >= target:
                return out
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)
