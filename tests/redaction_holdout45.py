"""Blind hold-out corpus #45 for a secret-redaction engine.

What it is
----------
A fixed, importable test corpus for an engine that scrubs credentials out of
the working state a coding agent (Claude Code, Codex, Gemini CLI) writes to
disk: goals, running notes, shell commands it ran, tool output, excerpts of
files it opened, decisions, chat messages pasted in by teammates, log lines
and CI configuration.  Every positive sample names the exact substring that
must disappear and, where it makes sense, a nearby substring that must stay
readable; every negative sample is text that merely *looks* secret-ish.

Theme
-----
Industrial, automotive and OT engineering: PLCs and SCADA (Siemens S7/TIA,
WinCC, Rockwell/FactoryTalk, Modbus, OPC UA, Ignition, Kepware), vehicle
telematics and CAN/UDS tooling, fleet management back ends, building
management systems (BACnet, Niagara), MQTT brokers on the factory floor, edge
gateways and cellular routers, test benches and field service laptops.

Provenance
----------
Written blind from general knowledge only, without looking at the engine, its
rules, its other corpora or any web/search resource.  Where a vendor's real
credential shape is known it is imitated (prefixes such as ghp_, glpat-,
xoxb-, AKIA, AIza, sk_live_, SG., hvs., npm_, pypi-, dckr_pat_ ...); where it
is not known, a plausible shape was invented.  All hosts, companies, people,
devices, VINs, IMEIs and values are fictitious and generated at import time.

Layout
------
SECRETS : list of 5-tuples (group, format, text, secret, visible)
    group    one of command, tool-output, config-file, source-code,
             stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
             (185 entries each)
    format   kebab-case name of the shape; each format is used at most 3 times
    text     the fragment as the agent recorded it (1 to ~12 lines)
    secret   exact substring of text that must not survive redaction (only the
             key body of a PEM key, only the signature of a signed URL, only
             the password of a user:password pair)
    visible  substring of text that must stay readable, or ""
BENIGN  : list of distinct strings that contain no credential but resemble
          one to a naive scanner (hashes, ids, public keys, certificates,
          placeholders, masked values, secret references, policy prose ...),
          drawn from the same contexts as SECRETS.

Determinism
-----------
All random values come from ``_R = random.Random(4545)`` and are drawn at
import time in a fixed order, so importing the module twice yields identical
lists.  Nothing is printed at import.

Measured
--------
Blind, written after the rules made for the forty-third and forty-fourth and read only
after: recall 0.961 (1,422 of 1,480) and false positives 24 of 950 (2.5%), the same with
the engine at that session's start. Tuned on since: 0.983 and 23 of 950.
"""

import base64
import json
import random
import re
import string

_R = random.Random(4545)

# ---------------------------------------------------------------------------
# primitive random helpers
# ---------------------------------------------------------------------------
_LOW = string.ascii_lowercase
_UPP = string.ascii_uppercase
_DIG = string.digits
_ALNUM = _LOW + _UPP + _DIG
_HEXS = "0123456789abcdef"
_B64A = _ALNUM + "+/"
_B64U = _ALNUM + "-_"


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def pick(seq):
    return _R.choice(seq)


def hx(n):
    return _s(_HEXS, n)


def HX(n):
    return _s("0123456789ABCDEF", n)


def an(n):
    return _s(_ALNUM, n)


def lo(n):
    return _s(_LOW + _DIG, n)


def up(n):
    return _s(_UPP + _DIG, n)


def dg(n):
    return _R.choice("123456789") + _s(_DIG, n - 1)


def b64(n):
    return _s(_B64A, n)


def b64u(n):
    return _s(_B64U, n)


def b64raw(nbytes):
    return base64.b64encode(bytes(_R.getrandbits(8) for _ in range(nbytes))).decode()


def b64of(text):
    return base64.b64encode(text.encode()).decode()


def b64urlof(text):
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def uuid4():
    h = hx(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], pick("89ab"), h[17:20], h[20:32])


def L(f, *a):
    return lambda: f(*a)


def C(*choices):
    return lambda: pick(choices)


class D(object):
    """A derived placeholder value computed from the other values."""

    def __init__(self, f):
        self.f = f


# ---------------------------------------------------------------------------
# vocabulary
# ---------------------------------------------------------------------------
_WORDS = ("anvil amber badger basalt beacon birch bolt cactus cobalt comet copper coral cypress "
          "delta ember falcon fjord flint forge gantry garnet glacier granite harbor hazel heron "
          "indigo iron jasper juniper kestrel lantern lathe lever lynx magnet maple marble meadow "
          "mercury nickel nimbus oak onyx orbit osprey otter pebble pine piston pulley quartz radar "
          "raven reactor rivet saddle sapphire servo sierra spindle spruce summit tangent thistle "
          "timber tundra turbine valve vapor walnut willow winch zephyr conveyor gasket hopper relay "
          "sprocket torque gearbox bearing ratchet crane boiler chiller damper furnace ladle mandrel "
          "nozzle pallet ramp shaft tappet welder yoke").split()
_DEWORDS = ("Schaltschrank Kuehlturm Drehmoment Foerderband Stellwerk Hallenkran Pumpwerk Nockenwelle "
            "Zahnrad Kesselhaus Spindel Lagerhalle Werkbank Druckluft Schweissroboter Leitstand Ventil "
            "Regelkreis Pruefstand Kupplung Getriebe Abkantpresse").split()
_INTLWORDS = ("Chaudiere Bomba Caldaia Sprezarka Kompresor Turbina Valvula Cinta Moteur Pompa Dynamo "
              "Tornillo Engrenage Horno Kociol Vaerksted Verkstad Tehdas Fabrika Usine Fabbrica").split()
_CITIES = ("Ingolstadt Wolfsburg Brno Lyon Katowice Pune Toluca Ulm Gyor Salzgitter Queretaro Zwickau "
           "Bratislava Eindhoven Gothenburg Turin Porto Izmir Chennai Nagoya Ulsan Monterrey").split()
_FIRST = ("Markus Jana Luca Sofia Hiroshi Mei Priya Raj Olga Tomasz Pierre Camille Diego Lucia Ahmet "
          "Elif Kenji Yuki Lars Ingrid Mateus Ana Wei Minjun Fatima Omar Noah Emma Piotr Katarzyna "
          "Jiri Petra Ravi Ananya Erik Anneli Giulia Marco Sven Bart Femke Thanh Dmitri Irina Balazs "
          "Zsofia Ioana Mihai Stefan Lena Jonas Chiara Rafael Beatriz Aiko Jae").split()
_LAST = ("Weber Schmidt Nowak Novak Rossi Dubois Garcia Tanaka Sato Patel Sharma Ivanov Kowalski "
         "Yilmaz Jensen Johansson Silva Chen Wang Kim Park Nguyen Horvath Popescu Virtanen Janssen "
         "Moreau Lopez Bianchi Hoffmann Becker Fischer Dvorak Svoboda Costa Ferreira Mori Suzuki").split()
_USERS = ("admin operator engineer svc_historian mes_app opcua_client scada_ro plcprog fieldsvc maint "
          "kepsvc ignition nodered telegraf grafana edge root bmsadmin tech01 integrator reporting "
          "fleet_ingest etl_user wincc_ro factorytalk svc-backup hist_writer line_lead qa_bench "
          "bench_ctl diag_user ota_agent").split()
_HPRE = ("plc hmi scada hist edge-gw mqtt opcua bms ews rtu kepware ignition mes nas bench tcu-lab "
         "fleet-api wincc panel gw historian broker testbench iot-hub").split()
_SITES = "ing gdl brno lyon kato pune tlx ulm wob szg qro gyr tmw zwk ehv".split()
_DOMS = ("plant.example acme-mfg.local ot.example.net fab.internal werk.example.de corp.example "
         "factory.example.org motorworks.example").split()
_COMPANIES = ("Acme Drives, Nordwerk Automation, Baltic Fleet Services, Orion Motors, Kestrel Packaging, "
              "Vega Robotics, Helios Building Systems, Tundra Logistics, Granite Castings, Meridian Rail, "
              "Silverline Foods, Juniper Pumps").split(", ")


def first():
    return pick(_FIRST)


def lastname():
    return pick(_LAST)


def fullname():
    return "%s %s" % (first(), lastname())


def email():
    return "%s.%s@%s" % (first().lower(), lastname().lower(), pick(["acme-mfg.example", "nordwerk.example",
                                                                    "orion-motors.example", "fleet.example.com"]))


def host():
    sep = pick(["-", "", "-l%d-" % _R.randint(1, 9)])
    return "%s%s%02d.%s.%s" % (pick(_HPRE), sep, _R.randint(1, 40), pick(_SITES), pick(_DOMS))


def shorthost():
    return "%s-%02d" % (pick(_HPRE), _R.randint(1, 60))


def ip():
    k = _R.randint(0, 2)
    if k == 0:
        return "10.%d.%d.%d" % (_R.randint(0, 250), _R.randint(0, 250), _R.randint(2, 250))
    if k == 1:
        return "192.168.%d.%d" % (_R.randint(0, 250), _R.randint(2, 250))
    return "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 250), _R.randint(2, 250))


def user():
    if _R.random() < 0.3:
        return "%s.%s" % (first()[0].lower(), lastname().lower())
    return pick(_USERS)


def ts():
    return "%d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (_R.randint(2023, 2025), _R.randint(1, 12), _R.randint(1, 28),
                                                  _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59),
                                                  _R.randint(0, 999))


def date():
    return "%d-%02d-%02d" % (_R.randint(2023, 2025), _R.randint(1, 12), _R.randint(1, 28))


def tm():
    return "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def vin():
    a = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
    return pick(["WVW", "WBA", "VF1", "ZFA", "TMB", "YV1", "SAL", "JTD", "KMH", "1FT", "3VW"]) + _s(a, 14)


def imei():
    return "35" + _s(_DIG, 13)


def iccid():
    return "8949" + _s(_DIG, 15)


def mac():
    return ":".join(hx(2) for _ in range(6))


def ssid():
    return pick(["PLANT-OT-", "Werk-IoT-", "FleetDepot-", "SVC-VAN-", "BMS-", "Halle", "LINE"]) + up(3)


def site():
    return "%s %s" % (pick(["Plant", "Werk", "Site", "Depot", "Hall"]), pick(_CITIES))


def line_no():
    return "Line %d" % _R.randint(1, 12)


def port():
    return str(pick([1883, 8883, 4840, 502, 5432, 1433, 3306, 8086, 8443, 443, 44818, 102, 47808, 9001, 6379]))


def db():
    return pick(["historian", "mes_prod", "wincc_archive", "fleet_telemetry", "bms_trend", "qa_bench",
                 "recipes", "oee", "energy_meter", "tcu_ingest", "andon", "maintenance"])


def tag():
    return "%s.%s.%s" % (pick(["Line%d" % _R.randint(1, 9), "Press%d" % _R.randint(1, 9), "AHU%02d" % _R.randint(1, 20),
                                "Oven%d" % _R.randint(1, 5), "Robot%d" % _R.randint(1, 12)]),
                          pick(["Drive", "Motor", "Valve", "Zone", "Cell"]),
                          pick(["Temp", "Speed", "Pressure", "Torque", "State", "Count"]))


def ver():
    return "%d.%d.%d" % (_R.randint(0, 9), _R.randint(0, 30), _R.randint(0, 99))


def pid():
    return str(_R.randint(300, 65000))


def city():
    return pick(_CITIES)


def company():
    return pick(_COMPANIES)


# ---------------------------------------------------------------------------
# passwords as people choose them
# ---------------------------------------------------------------------------
_CONS = "bcdfghjklmnprstvz"
_VOW = "aeiou"
_SYM_ALL = "!@#$%^&*-_+=.?~"
_SYM_SAFE = "!@-_."
_SYM_URL = "-_."


def _pw_word(sy):
    return pick(_WORDS).capitalize() + dg(pick([2, 3, 4])) + pick(sy)


def _pw_two(sy):
    return pick(_WORDS) + pick(sy) + pick(_WORDS).capitalize() + dg(2)


def _pw_phrase(sy):
    sep = pick([c for c in sy if c in "-._"] or ["-"])
    return sep.join(pick(_WORDS) for _ in range(pick([3, 4, 4, 5])))


def _pw_rand(sy):
    n = pick([12, 14, 16, 16, 18, 20, 24])
    alpha = _ALNUM * 3 + sy
    while True:
        v = _s(alpha, n)
        if any(c.isdigit() for c in v) and any(c.isupper() for c in v):
            return v


def _pw_pron(sy):
    v = "".join(pick(_CONS) + pick(_VOW) for _ in range(pick([3, 4])))
    return v.capitalize() + dg(2) + (pick(sy) if _R.random() < 0.6 else "")


def _pw_leet(sy):
    w = pick(_WORDS + [x.lower() for x in _DEWORDS])
    t = {"a": "@", "o": "0", "e": "3", "i": "1", "s": "$"}
    if "$" not in sy:
        t["s"] = "5"
    if "@" not in sy:
        t["a"] = "4"
    w = "".join(t.get(c, c) if _R.random() < 0.7 else c for c in w)
    return w[0].upper() + w[1:] + dg(2) + pick(sy)


def _pw_de(sy):
    return pick(_DEWORDS + _INTLWORDS) + pick(sy) + dg(pick([2, 3, 4]))


def _pw_site(sy):
    return pick(_CITIES) + pick(sy) + dg(4) + pick(["", up(1), pick(sy)])


def _pw_kbd(sy):
    return pick(["Qwertz", "Asdfgh", "Yxcvb", "Qaywsx", "Zaq1Xsw2", "1qaz2wsx", "Poiuz"]) + pick(sy) + dg(3) + up(2)


def _pw_name(sy):
    return first() + pick(sy) + str(_R.randint(1960, 2005)) + pick(["", pick(sy) + up(2)])


_PW_STYLES = [_pw_word, _pw_two, _pw_phrase, _pw_rand, _pw_pron, _pw_leet, _pw_de, _pw_site, _pw_kbd,
              _pw_rand, _pw_name, _pw_rand]


def pw():
    return pick(_PW_STYLES)(_SYM_ALL)


def pws():
    return pick(_PW_STYLES)(_SYM_SAFE)


def pwu():
    return pick(_PW_STYLES)(_SYM_URL)


def pwphrase():
    return _pw_phrase("-._")


def pwspace():
    return " ".join(pick(_WORDS) for _ in range(pick([3, 4, 5])))


def pin(n=None):
    return dg(n or pick([6, 7, 8]))


# ---------------------------------------------------------------------------
# key / token material
# ---------------------------------------------------------------------------
def pem_body(prefix, nlines):
    body = prefix + b64(64 * nlines - len(prefix) - _R.randint(4, 40))
    if len(body) % 4:
        body = body[:len(body) - len(body) % 4]
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return "\n".join(lines)


def rsa_body():
    return pem_body("MIIEpAIBAAKCAQEA", pick([6, 8, 10]))


def pkcs8_body():
    return pem_body("MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ", pick([6, 8, 10]))


def ec_body():
    return pem_body("MHcCAQEEI", 2)


def openssh_body():
    return pem_body("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAA", pick([5, 7]))


def jwt():
    hdr = b64urlof(json.dumps({"alg": pick(["HS256", "RS256", "ES256"]), "typ": "JWT"}, separators=(",", ":")))
    claims = {"sub": pick([uuid4(), "svc-" + lo(6), "device:" + imei()]),
              "iat": _R.randint(1690000000, 1740000000), "scope": pick(["telemetry:read", "fleet", "ingest write"])}
    body = b64urlof(json.dumps(claims, separators=(",", ":")))
    return "%s.%s.%s" % (hdr, body, b64u(43))


def aws_akid():
    return pick(["AKIA", "ASIA"]) + _s(_UPP + "234567", 16)


def aws_secret():
    return _s(_ALNUM + "+/", 40)


def ghp():
    return "ghp_" + an(36)


def gho():
    return "gho_" + an(36)


def ghs():
    return "ghs_" + an(36)


def ghpat():
    return "github_pat_" + up(11) + "0" + an(10) + "_" + an(59)


def glpat():
    return "glpat-" + _s(_ALNUM + "-_", 20)


def xoxb():
    return "xoxb-%s-%s-%s" % (dg(12), dg(13), an(24))


def xoxp():
    return "xoxp-%s-%s-%s-%s" % (dg(12), dg(12), dg(13), hx(32))


def aiza():
    return "AIza" + _s(_ALNUM + "-_", 35)


def npm_tok():
    return "npm_" + an(36)


def hvs():
    return "hvs." + _s(_ALNUM + "-_", 90)


def influx_tok():
    return b64(86) + "=="


def sas_sig():
    return b64(43).replace("+", "%2B").replace("/", "%2F") + "%3D"


def azkey():
    return b64(86) + "=="


def azshort():
    return b64(43) + "="


def wgkey():
    return b64(43) + "="


def tgbot():
    return "%s:AA%s" % (dg(10), _s(_ALNUM + "-_", 33))


# ---------------------------------------------------------------------------
# template engine
# ---------------------------------------------------------------------------
_PH = re.compile(u"\u00ab(\\w+)\u00bb")
_GEN_RE = re.compile(r"(hx|HX|an|lo|up|dg|b64u|b64|s)_?(\d+)$")

_DEFAULTS = {
    "host": host, "shost": shorthost, "ip": ip, "user": user, "person": first, "last": lastname,
    "fullname": fullname, "email": email, "pw": pw, "pws": pws, "pwu": pwu, "phrase": pwphrase,
    "pwsp": pwspace, "pin": pin, "uuid": uuid4, "ts": ts, "date": date, "time": tm, "vin": vin,
    "imei": imei, "iccid": iccid, "mac": mac, "ssid": ssid, "site": site, "line": line_no,
    "n": lambda: str(_R.randint(2, 48)), "nn": lambda: str(_R.randint(100, 9999)), "port": port,
    "db": db, "tag": tag, "ver": ver, "pid": pid, "city": city, "company": company,
    "sha": L(hx, 40), "sha7": L(hx, 7), "sha256": L(hx, 64), "md5": L(hx, 32), "jwt": jwt,
    "rsa": rsa_body, "pkcs8": pkcs8_body, "eckey": ec_body, "sshkey": openssh_body,
    "akid": aws_akid, "awssec": aws_secret, "ghp": ghp, "glpat": glpat, "xoxb": xoxb,
    "aiza": aiza, "npm": npm_tok, "hvs": hvs, "influx": influx_tok, "sig": sas_sig,
    "azkey": azkey, "azshort": azshort, "wgkey": wgkey, "tg": tgbot,
}


def _default(k):
    m = _GEN_RE.match(k)
    if m:
        f = {"hx": hx, "HX": HX, "an": an, "lo": lo, "up": up, "dg": dg, "b64": b64, "b64u": b64u,
             "s": lambda n: _s(_ALNUM + "-_", n)}[m.group(1)]
        return f(int(m.group(2)))
    if k in _DEFAULTS:
        return _DEFAULTS[k]()
    base = re.sub(r"_?\d+$", "", k)
    if base in _DEFAULTS:
        return _DEFAULTS[base]()
    raise KeyError(k)


def _later(stamp):
    # same day, a few seconds after an earlier ts() value
    secs = int(stamp[11:13]) * 3600 + int(stamp[14:16]) * 60 + int(stamp[17:19]) + _R.randint(0, 4)
    secs = min(secs, 86399)
    return "%s%02d:%02d:%02d.%03dZ" % (stamp[:11], secs // 3600, secs // 60 % 60, secs % 60, _R.randint(0, 999))


class _V(dict):
    def __missing__(self, k):
        if k in ("ts2", "ts3") and ("ts2" if k == "ts3" else "ts") in self:
            v = _later(self["ts2" if k == "ts3" else "ts"])
            self[k] = v
            return v
        v = _default(k)
        self[k] = v
        return v


def _render(tpl, gens):
    vals = _V()
    if isinstance(tpl, (list, tuple)):
        tpl = pick(tpl)
    for k, g in gens.items():
        if isinstance(g, D):
            continue
        if callable(g):
            vals[k] = g()
        else:
            vals[k] = g
    for k, g in gens.items():
        if isinstance(g, D):
            vals[k] = g.f(vals)
    text = _PH.sub(lambda m: vals[m.group(1)], tpl)
    return text, vals


GROUPS = ["command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
          "note-or-chat", "ci-and-deploy", "vendor-token"]
_TPL = dict((g, []) for g in GROUPS)
_BTPL = []


def S(group, fmt, tpl, sec="pw", vis="", **gens):
    _TPL[group].append((fmt, tpl, sec, vis, gens))


def CMD(fmt, tpl, sec="pw", vis="", **g):
    S("command", fmt, tpl, sec, vis, **g)


def OUT(fmt, tpl, sec="pw", vis="", **g):
    S("tool-output", fmt, tpl, sec, vis, **g)


def CONF(fmt, tpl, sec="pw", vis="", **g):
    S("config-file", fmt, tpl, sec, vis, **g)


def SRC(fmt, tpl, sec="pw", vis="", **g):
    S("source-code", fmt, tpl, sec, vis, **g)


def LOG(fmt, tpl, sec="pw", vis="", **g):
    S("stack-trace-or-log", fmt, tpl, sec, vis, **g)


def NOTE(fmt, tpl, sec="pw", vis="", **g):
    S("note-or-chat", fmt, tpl, sec, vis, **g)


def CI(fmt, tpl, sec="pw", vis="", **g):
    S("ci-and-deploy", fmt, tpl, sec, vis, **g)


def VEND(fmt, tpl, sec="tok", vis="", **g):
    S("vendor-token", fmt, tpl, sec, vis, **g)


def B(tpl, n=4, **gens):
    _BTPL.append((tpl, n, gens))


# ===========================================================================
# group: command  (shell commands the agent ran or proposed)
# ===========================================================================
CMD("mysql-cli-glued-p-flag",
    "$ mysql -h «host» -u «user» -p«pwu» «db» -e \"SELECT line_id, COUNT(*) FROM downtime_events GROUP BY 1\"",
    "pwu", "host")
CMD("psql-pgpassword-env-prefix",
    "PGPASSWORD='«pw»' psql -h «host» -U hist_reader -d «db» -c \"select tag, max(ts) from samples group by tag limit 20;\"",
    "pw", "hist_reader")
CMD("mosquitto-pub-tls-user-pass",
    "mosquitto_pub -h «host» -p 8883 --cafile /etc/ot-ca/ca.crt -u «user» -P '«pw»' -t 'plant/«site_t»/press/temp' -m '{\"v\":71.2}'",
    "pw", "host", site_t=C("ing", "brno", "lyon", "pune"))
CMD("mosquitto-sub-debug-password-last",
    "mosquitto_sub -d -h «ip» -t 'bms/ahu/+/status' -v -u bms-reader -P «pwu»",
    "pwu", "bms-reader")
CMD("curl-basic-user-colon-pass",
    "curl -sk -u admin:«pwu» https://«ip»/api/v1/diagnostics/buffer | jq '.entries[:5]'",
    "pwu", "/api/v1/diagnostics/buffer")
CMD("curl-bearer-authorization-header",
    "curl -s -H \"Authorization: Bearer «tok»\" \"https://«host»/api/v2/vehicles?fleet=north&limit=50\"",
    "tok", "host", tok=L(b64u, 48))
CMD("curl-x-api-key-header",
    "curl -sS https://fleet-api.«dom»/v1/trips -H 'Accept: application/json' -H 'X-API-Key: «tok»' -o trips.json",
    "tok", "trips.json", tok=L(hx, 40), dom=C("orion-motors.example", "fleet.example.com"))
CMD("sshpass-ssh-restart-service",
    "sshpass -p '«pw»' ssh -o StrictHostKeyChecking=no root@«ip» 'systemctl restart node-red && journalctl -u node-red -n 30'",
    "pw", "systemctl restart node-red")
CMD("sshpass-scp-firmware-upload",
    "sshpass -p «pwu» scp ./build/gw-fw-«ver».swu admin@«shost»:/tmp/",
    "pwu", "gw-fw-")
CMD("smbclient-percent-password",
    "smbclient //«shost»/TIA_Projects -U PLANT/engineering%«pwu» -c 'cd Line3; get Line3_V17.zap17'",
    "pwu", "TIA_Projects")
CMD("mount-cifs-inline-options",
    "sudo mount -t cifs //«ip»/plc-backups /mnt/plc -o username=svc_backup,password=«pwu»,domain=PLANT,vers=3.0",
    "pwu", "/mnt/plc")
CMD("windows-net-use-drive",
    r"net use Z: \\«shost»\Projects «pwu» /user:PLANT\«user» /persistent:no",
    "pwu", "net use Z:")
CMD("wget-user-password-flags",
    "wget --user=«user» --password='«pw»' http://«ip»/backup/config_«date».tar.gz",
    "pw", "wget --user=")
CMD("docker-login-echo-password-stdin",
    "echo \"«pw»\" | docker login registry.«dom» -u ci-bot --password-stdin",
    "pw", "ci-bot", dom=C("plant.example", "acme-mfg.local", "motorworks.example"))
CMD("docker-run-env-admin-password",
    "docker run -d --name influx -p 8086:8086 -e DOCKER_INFLUXDB_INIT_MODE=setup -e DOCKER_INFLUXDB_INIT_USERNAME=admin -e DOCKER_INFLUXDB_INIT_PASSWORD=«pwu» -e DOCKER_INFLUXDB_INIT_ORG=«org» influxdb:2.7",
    "pwu", "influxdb:2.7", org=C("plant", "fleet", "bms"))
CMD("influx-cli-token-flag",
    "influx query --host http://«ip»:8086 --org plant --token «influx» 'from(bucket:\"line1\") |> range(start: -1h) |> limit(n:5)'",
    "influx", "--org plant")
CMD("redis-cli-a-password",
    "redis-cli -h «ip» -p 6379 -a '«pw»' --no-auth-warning KEYS 'andon:*'",
    "pw", "andon:*")
CMD("mongosh-connection-uri",
    "mongosh \"mongodb://mes_app:«pwu»@«host»:27017/mes?authSource=admin&tls=true\" --eval 'db.orders.countDocuments()'",
    "pwu", "mes_app")
CMD("sqlcmd-sa-password",
    r'sqlcmd -S «shost»\WINCC -U sa -P «pws» -Q "SELECT TOP 10 * FROM AlarmLog ORDER BY DateTime DESC"',
    "pws", "AlarmLog")
CMD("git-clone-oauth2-token-url",
    "git clone https://oauth2:«glpat»@gitlab.«dom»/ot/plc-code.git",
    "glpat", "plc-code.git", dom=C("plant.example", "acme-mfg.local"))
CMD("ipmitool-lanplus-password",
    "ipmitool -I lanplus -H «ip» -U ADMIN -P '«pw»' chassis power status",
    "pw", "chassis power status")
CMD("snmpwalk-v2c-community",
    "snmpwalk -v2c -c «comm» «ip» 1.3.6.1.2.1.1",
    "comm", "1.3.6.1.2.1.1", comm=lambda: pick(["ot", "plant", "bms", "netops"]) + "_" + an(10))
CMD("snmpget-v3-auth-pass",
    "snmpget -v3 -l authNoPriv -u monitor -a SHA -A '«pw»' «ip» SNMPv2-MIB::sysUpTime.0",
    "pw", "SNMPv2-MIB::sysUpTime.0")
CMD("openssl-pkcs12-passout",
    "openssl pkcs12 -export -in opcua-client.crt -inkey opcua-client.key -out opcua-client.pfx -name kepware-client -passout pass:«pws»",
    "pws", "opcua-client.pfx")
CMD("keytool-storepass-import",
    "keytool -importcert -noprompt -keystore /usr/local/ignition/webserver/ssl.key -storepass «pws» -alias plant-root -file plant-root-ca.pem",
    "pws", "plant-root-ca.pem")
CMD("mosquitto-passwd-batch",
    "sudo mosquitto_passwd -b /etc/mosquitto/pwfile «dev» «pws»",
    "pws", "/etc/mosquitto/pwfile", dev=lambda: "line%d-plc%02d" % (_R.randint(1, 9), _R.randint(1, 20)))
CMD("htpasswd-batch-create",
    "htpasswd -bB /etc/nginx/.htpasswd grafana-viewer '«pw»'",
    "pw", "grafana-viewer")
CMD("nmcli-wifi-connect-password",
    "nmcli dev wifi connect \"«ssid»\" password \"«pws»\" ifname wlan0",
    "pws", "ssid")
CMD("wpa-passphrase-append",
    "wpa_passphrase «ssid» '«pw»' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf",
    "pw", "ssid")
CMD("printf-openvpn-auth-file",
    "printf 'fieldsvc-«n»\\n«pws»\\n' > /etc/openvpn/client/auth.txt && chmod 600 /etc/openvpn/client/auth.txt",
    "pws", "/etc/openvpn/client/auth.txt")
CMD("export-env-password-var",
    "export MODBUS_GW_ADMIN_PASSWORD='«pw»'\npython3 tools/push_config.py --gateway «ip» --map maps/line«n».csv",
    "pw", "tools/push_config.py")
CMD("powershell-env-assignment",
    "PS C:\\work\\fleet> $env:FLEET_API_KEY = \"«tok»\"\nPS C:\\work\\fleet> .\\sync-trips.ps1 -Depot «city»",
    "tok", "sync-trips.ps1", tok=lambda: "fk_live_" + an(32))
CMD("powershell-securestring-plaintext",
    "$sec = ConvertTo-SecureString '«pw»' -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential('PLANT\\svc_wincc', $sec)\nEnter-PSSession -ComputerName «shost» -Credential $cred",
    "pw", "svc_wincc")
CMD("kubectl-create-secret-from-literal",
    "kubectl -n edge create secret generic mqtt-creds --from-literal=username=edge-ingest --from-literal=password='«pw»'",
    "pw", "mqtt-creds")
CMD("helm-install-set-dashboard-password",
    "helm upgrade --install emqx emqx/emqx -n mqtt --set emqxConfig.EMQX_DASHBOARD__DEFAULT_PASSWORD=«pwu» --set replicaCount=3",
    "pwu", "emqx/emqx")
CMD("ansible-playbook-become-pass-extra-var",
    "ansible-playbook -i inventories/werk.ini site.yml -l edge_gateways -e \"ansible_become_pass=«pws»\"",
    "pws", "edge_gateways")
CMD("az-iot-device-simulate-login",
    "az iot device simulate -n «hub» -d «dev» --login \"HostName=«hub».azure-devices.net;SharedAccessKeyName=iothubowner;SharedAccessKey=«azshort»\"",
    "azshort", "iothubowner", hub=lambda: "iothub-" + pick(_SITES) + "-prod", dev=lambda: "press-" + dg(3))
CMD("aws-configure-set-secret",
    "aws configure set aws_secret_access_key «awssec» --profile telematics-prod",
    "awssec", "telematics-prod")
CMD("opcua-cli-username-password",
    "uaread -u opc.tcp://«ip»:4840 --user operator --password '«pw»' -n \"ns=3;s=«tag»\"",
    "pw", "uaread")
CMD("uds-unlock-script-secret-key",
    "python3 bench/uds_unlock.py --channel can0 --ecu 0x7E0 --level 0x11 --sa-secret 0x«HX8»«HX8b»",
    "sk", "--level 0x11", sk=D(lambda v: "0x" + v["HX8"] + v["HX8b"]), HX8=L(HX, 8), HX8b=L(HX, 8))
CMD("pscp-pw-flag-upload",
    "pscp -scp -pw «pws» recipe_«date».csv root@«ip»:/data/recipes/",
    "pws", "/data/recipes/")
CMD("plink-pw-remote-command",
    "plink -ssh -batch -pw «pws» admin@«shost» \"show interfaces status\"",
    "pws", "show interfaces status")
CMD("xfreerdp-user-pass",
    "xfreerdp /v:«shost» /u:operator /p:«pws» /cert:ignore /size:1600x900",
    "pws", "/u:operator")
CMD("x11vnc-storepasswd",
    "x11vnc -storepasswd «pws» ~/.vnc/passwd && x11vnc -rfbauth ~/.vnc/passwd -forever -display :0",
    "pws", "~/.vnc/passwd")
CMD("rsync-password-env-daemon",
    "RSYNC_PASSWORD=«pwu» rsync -av rsync://backup@«ip»/plc-archive/ ./archive/",
    "pwu", "plc-archive")
CMD("lftp-user-comma-password",
    "lftp -u plcftp,«pws» ftp://«ip» -e 'mirror /logs ./plc-logs; bye'",
    "pws", "plcftp")
CMD("curl-ftp-upload-userinfo",
    "curl -T line«n»_recipe.csv ftp://ftpuser:«pwu»@«ip»/recipes/",
    "pwu", "ftpuser")
CMD("openssl-enc-pass-arg",
    "tar czf - ./TIA_Backups | openssl enc -aes-256-cbc -pbkdf2 -salt -pass pass:«pws» -out tia_backup_«date».tgz.enc",
    "pws", "TIA_Backups")
CMD("7z-archive-p-flag",
    "7z a -p«pwu» -mhe=on plc_backup_«date».7z ./Projects/«site_d»",
    "pwu", "-mhe=on", site_d=C("Ingolstadt", "Brno", "Pune"))
CMD("zip-encrypt-capital-p-flag",
    "zip -P «pwu» -r diag_«vin».zip ./dumps/can0_*.log",
    "pwu", "diag_")
CMD("gpg-batch-passphrase-decrypt",
    "gpg --batch --yes --pinentry-mode loopback --passphrase '«phrase»' -d field-creds.gpg > field-creds.txt",
    "phrase", "field-creds.gpg")
CMD("psexec-user-password",
    r'PsExec.exe \\«shost» -u PLANT\svc_deploy -p «pws» -h cmd /c "C:\Tools\update_hmi.bat"',
    "pws", "svc_deploy")
CMD("schtasks-run-as-password",
    r'schtasks /create /tn "HistorianExport" /tr C:\scripts\export.cmd /sc daily /st 02:00 /ru PLANT\svc_hist /rp «pws»',
    "pws", "HistorianExport")
CMD("sc-config-service-obj-password",
    "sc.exe config \"KEPServerEXV6\" obj= \".\\kepsvc\" password= \"«pws»\"",
    "pws", "KEPServerEXV6")
CMD("influx-setup-force",
    "influx setup --username admin --password «pwu» --org «company_s» --bucket plant --retention 30d --force",
    "pwu", "--bucket plant", company_s=C("acme", "nordwerk", "orion"))
CMD("grafana-cli-reset-admin-password",
    "sudo grafana-cli admin reset-admin-password «pws»",
    "pws", "reset-admin-password")
CMD("mqttx-cli-connect-flags",
    "mqttx sub -h «host» -p 1883 -u «user» -P «pwu» -t 'fleet/+/gps' --output-mode clean",
    "pwu", "fleet/+/gps")
CMD("vault-kv-put-inline-value",
    "vault kv put secret/ot/scada historian_user=svc_hist historian_pw='«pw»'",
    "pw", "secret/ot/scada")
CMD("gh-secret-set-body",
    "gh secret set FLEET_API_TOKEN --repo orion-motors/telematics-ingest --body \"«tok»\"",
    "tok", "FLEET_API_TOKEN", tok=lambda: "ft_" + an(40))
CMD("curl-json-login-body",
    "curl -s -X POST https://«host»/api/auth/login -H 'Content-Type: application/json' -d '{\"username\":\"facility\",\"password\":\"«pw»\"}'",
    "pw", "facility")
CMD("curl-form-urlencoded-cgi-login",
    "curl -s -c cookies.txt -d 'username=tech&password=«pwu»' http://«ip»/cgi-bin/luci",
    "pwu", "cgi-bin/luci")
CMD("httpie-key-value-auth",
    "http POST «host»:8080/api/v1/auth username=bmsadmin password='«pw»'",
    "pw", "bmsadmin")
CMD("openconnect-passwd-on-stdin",
    "echo '«pw»' | sudo openconnect --user=fieldsvc.«last_l» --passwd-on-stdin vpn.«dom»",
    "pw", "openconnect", last_l=lambda: lastname().lower(), dom=C("acme-mfg.example", "nordwerk.example"))
CMD("teamviewer-set-password",
    "sudo teamviewer passwd «pws» && teamviewer info",
    "pws", "teamviewer info")
CMD("anydesk-set-password-pipe",
    "echo «pwu» | sudo anydesk --set-password && anydesk --get-id",
    "pwu", "anydesk --get-id")
CMD("pg-dump-connection-uri",
    "pg_dump \"postgresql://hist_backup:«pwu»@«host»:5432/«db»?sslmode=require\" -Fc -f «db»_«date».dump",
    "pwu", "hist_backup")
CMD("mysqldump-password-equals",
    "mysqldump --host=«ip» --user=mes_backup --password=«pwu» --single-transaction mes_prod > mes_prod.sql",
    "pwu", "mes_backup")
CMD("curl-query-param-api-key",
    "curl \"https://telematics.«dom»/api/v2/positions?api_key=«tok»&since=«date»\"",
    "tok", "api/v2/positions", tok=L(an, 32), dom=C("orion-motors.example", "fleet.example.com"))
CMD("netsh-hostednetwork-key",
    "netsh wlan set hostednetwork mode=allow ssid=ServiceAP-«n» key=«pwu»",
    "pwu", "netsh wlan")
CMD("tailscale-up-authkey-flag",
    "sudo tailscale up --authkey=tskey-auth-«a1»-«a2» --hostname=edge-«shost» --advertise-routes=«ip»/32",
    "tk", "--hostname=", tk=D(lambda v: "tskey-auth-" + v["a1"] + "-" + v["a2"]), a1=L(an, 12), a2=L(an, 33))
CMD("mender-cli-login-password",
    "mender-cli login --server https://mender.«dom» --username ota@«dom» --password '«pw»'",
    "pw", "mender-cli login", dom=C("orion-motors.example", "plant.example"))
CMD("curl-digest-auth-ip-camera",
    "curl --digest -u admin:«pwu» 'http://«ip»/ISAPI/System/deviceInfo'",
    "pwu", "ISAPI/System/deviceInfo")
CMD("cmdkey-add-generic",
    r"cmdkey /generic:TERMSRV/«shost» /user:PLANT\«user» /pass:«pws»",
    "pws", "cmdkey /generic")
CMD("echo-pipe-sudo-stdin-flag",
    "echo '«pw»' | sudo -S systemctl stop codesyscontrol",
    "pw", "codesyscontrol")
CMD("mosquitto-rr-heredoc-env",
    "cat > .env <<'EOF'\nMQTT_HOST=«host»\nMQTT_USER=line-bridge\nMQTT_PASS=«pw»\nEOF\ndocker compose up -d bridge",
    "pw", "MQTT_HOST")
CMD("git-remote-set-url-token",
    "git remote set-url origin https://«user_n»:«ghp»@github.com/orion-motors/can-tools.git",
    "ghp", "can-tools.git", user_n=C("jweber", "mtanaka", "pnowak"))
CMD("node-opcua-commander-credentials",
    "npx opcua-commander -e opc.tcp://«ip»:4840 -s SignAndEncrypt -P Basic256Sha256 -u engineer -p «pws»",
    "pws", "opcua-commander")
CMD("odbc-isql-dsn-password",
    "isql -v FactoryTalkHist svc_ft «pws»",
    "pws", "FactoryTalkHist")
CMD("adb-shell-setprop-apn-password",
    "adb -s «an12» shell \"setprop persist.tcu.apn.user telem; setprop persist.tcu.apn.pass «pwu»\"",
    "pwu", "persist.tcu.apn.user")

# ===========================================================================
# group: tool-output  (what a command printed back)
# ===========================================================================
OUT("env-grep-output-lines",
    "$ env | grep -i -E 'pass|user'\nHISTORIAN_DB_USER=svc_hist\nHISTORIAN_DB_PASSWORD=«pw»\nUSER=«user_l»",
    "pw", "HISTORIAN_DB_USER=svc_hist", user_l=C("fieldsvc", "engineer", "ubuntu"))
OUT("docker-inspect-env-array",
    "$ docker inspect -f '{{json .Config.Env}}' node-red | jq .\n[\n  \"TZ=Europe/Berlin\",\n  \"MQTT_BROKER=«host»\",\n  \"MQTT_PASSWORD=«pw»\",\n  \"NODE_RED_ENABLE_PROJECTS=true\"\n]",
    "pw", "NODE_RED_ENABLE_PROJECTS=true")
OUT("kubectl-get-secret-yaml-data-b64",
    "$ kubectl -n scada get secret ignition-db -o yaml\napiVersion: v1\ndata:\n  password: «b»\n  username: «bu»\nkind: Secret\nmetadata:\n  name: ignition-db\n  namespace: scada\ntype: Opaque",
    "b", "ignition-db", b=D(lambda v: b64of(v["pws"])), bu=lambda: b64of(pick(["ignition", "ign_gw", "scada"])))
OUT("kubectl-describe-pod-env-section",
    "$ kubectl describe pod telegraf-7d9c5-«lo5» -n edge\n...\n    Environment:\n      INFLUX_URL:       http://influxdb.edge.svc:8086\n      INFLUX_TOKEN:     «influx»\n      MQTT_SERVERS:     tcp://«ip»:1883\n    Mounts:\n      /etc/telegraf from config (ro)",
    "influx", "INFLUX_URL")
OUT("git-config-list-remote-with-token",
    "$ git config --list --show-origin | grep url\nfile:.git/config        remote.origin.url=https://ci-runner:«glpat»@gitlab.«dom»/bms/niagara-modules.git",
    "glpat", "remote.origin.url", dom=C("plant.example", "acme-mfg.local"))
OUT("cat-netrc-output",
    "$ cat ~/.netrc\nmachine «host»\n  login fieldsvc\n  password «pws»\nmachine «host2»\n  login anonymous",
    "pws", "login fieldsvc")
OUT("pip-config-list-index-url",
    "$ pip config list\nglobal.index-url='https://«user»:«pwu»@nexus.«dom»/repository/pypi-group/simple'\nglobal.trusted-host='nexus.«dom»'",
    "pwu", "global.trusted-host", dom=C("plant.example", "motorworks.example"))
OUT("npm-config-get-authtoken",
    "$ npm config list\n; \"user\" config from /home/ci/.npmrc\n//npm.«dom»/:_authToken = \"«npm»\"\nregistry = \"https://npm.«dom»/\"",
    "npm", "registry =", dom=C("acme-mfg.local", "orion-motors.example"))
OUT("cat-aws-credentials-file",
    "$ cat ~/.aws/credentials\n[telematics-prod]\naws_access_key_id = «akid»\naws_secret_access_key = «awssec»\nregion = eu-central-1",
    "awssec", "[telematics-prod]")
OUT("cat-docker-config-json-auths",
    "$ cat ~/.docker/config.json\n{\n  \"auths\": {\n    \"registry.«dom»\": {\n      \"auth\": \"«b»\"\n    }\n  }\n}",
    "b", "registry.", b=D(lambda v: b64of("ci-bot:" + v["pwu"])), dom=C("plant.example", "fab.internal"))
OUT("nmcli-show-secrets-psk",
    "$ nmcli --show-secrets connection show \"«ssid»\" | grep -E 'ssid|psk'\n802-11-wireless.ssid:                    «ssid»\n802-11-wireless-security.psk:            «pws»\n802-11-wireless-security.psk-flags:      0 (none)",
    "pws", "psk-flags")
OUT("netsh-wlan-show-profile-key-clear",
    "C:\\> netsh wlan show profile name=\"«ssid»\" key=clear\n...\nSecurity settings\n-----------------\n    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n    Security key           : Present\n    Key Content            : «pws»",
    "pws", "WPA2-Personal")
OUT("systemctl-cat-environment-line",
    "$ systemctl cat opcua-bridge.service\n# /etc/systemd/system/opcua-bridge.service\n[Service]\nExecStart=/opt/opcua-bridge/bin/bridge --config /etc/opcua-bridge.yml\nEnvironment=OPCUA_USER=bridge\nEnvironment=OPCUA_PASSWORD=«pws»\nRestart=always",
    "pws", "opcua-bridge.service")
OUT("ps-aux-cmdline-password",
    "$ ps aux | grep kep\nroot      «pid»  2.1  1.4 812344 118220 ?  Ssl  06:12  3:41 /opt/kep-agent/bin/agent --endpoint opc.tcp://«ip»:49320 --user admin --password «pws»",
    "pws", "/opt/kep-agent/bin/agent")
OUT("crontab-l-with-credentials",
    "$ crontab -l\n# nightly export of OEE data\n15 2 * * * /usr/bin/curl -s -u reporter:«pwu» https://«host»/api/oee/export?day=yesterday -o /data/oee/$(date +\\%F).csv",
    "pwu", "nightly export of OEE data")
OUT("bash-history-output",
    "$ history | tail -4\n  511  cd /opt/historian\n  512  mysql -u root -p'«pw»' -e 'show databases'\n  513  systemctl status historian\n  514  history | tail -4",
    "pw", "cd /opt/historian")
OUT("strings-firmware-grep-pass",
    "$ strings gw_fw_«ver».bin | grep -i pass\ndefault_admin_pass=«pws»\nPasswordAuthentication no\n%s: password too short",
    "pws", "PasswordAuthentication no")
OUT("sqlite3-config-row-pipe",
    "$ sqlite3 /var/lib/edge/config.db 'select * from mqtt_profiles'\n1|plant-broker|«host»|8883|«dev»|«pws»|1",
    "pws", "plant-broker", dev=lambda: "gw-" + dg(4))
OUT("sql-result-ascii-table-password-column",
    "mysql> SELECT id, device, username, password FROM hmi_accounts WHERE line = 4;\n+----+-----------+----------+--------------------+\n| id | device    | username | password           |\n+----+-----------+----------+--------------------+\n|  7 | KTP700-L4 | operator | «pws» |\n+----+-----------+----------+--------------------+",
    "pws", "KTP700-L4")
OUT("redis-config-get-requirepass",
    "«ip»:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"«pw»\"",
    "pw", "CONFIG GET requirepass")
OUT("vault-kv-get-table",
    "$ vault kv get secret/plant/historian\n====== Data ======\nKey         Value\n---         -----\npassword    «pw»\nusername    svc_hist",
    "pw", "secret/plant/historian")
OUT("terraform-output-raw-value",
    "$ terraform output -raw bms_db_admin_password\n«pw»",
    "pw", "terraform output -raw")
OUT("az-iot-connection-string-show-json",
    "$ az iot hub device-identity connection-string show -n «hub» -d «dev»\n{\n  \"connectionString\": \"HostName=«hub».azure-devices.net;DeviceId=«dev»;SharedAccessKey=«azshort»\"\n}",
    "azshort", "connectionString", hub=lambda: "fleet-hub-" + lo(4), dev=lambda: "tcu-" + imei())
OUT("aws-iot-create-keys-json-private-key",
    "$ aws iot create-keys-and-certificate --set-as-active\n{\n    \"certificateArn\": \"arn:aws:iot:eu-west-1:«dg12»:cert/«hx64»\",\n    \"keyPair\": {\n        \"PrivateKey\": \"-----BEGIN RSA PRIVATE KEY-----\\n«kj»\\n-----END RSA PRIVATE KEY-----\\n\"\n    }\n}",
    "kj", "certificateArn", kj=D(lambda v: v["rsa"].replace("\n", "\\n")))
OUT("aws-sts-assume-role-credentials",
    "$ aws sts assume-role --role-arn arn:aws:iam::«dg12»:role/fleet-etl --role-session-name etl\n{\n    \"Credentials\": {\n        \"AccessKeyId\": \"«akid»\",\n        \"SecretAccessKey\": \"«awssec»\",\n        \"Expiration\": \"«ts»\"\n    }\n}",
    "awssec", "role/fleet-etl")
OUT("gcloud-print-access-token",
    "$ gcloud auth print-access-token\n«tok»",
    "tok", "print-access-token", tok=lambda: "ya29." + b64u(150))
OUT("kubectl-config-view-raw-token",
    "$ kubectl config view --raw --minify\nusers:\n- name: edge-admin\n  user:\n    token: «jwt»",
    "jwt", "edge-admin")
OUT("chap-secrets-cat",
    "$ sudo cat /etc/ppp/chap-secrets\n# client        server  secret                  IP addresses\n\"telematics\"     *       \"«pws»\"        *",
    "pws", "/etc/ppp/chap-secrets")
OUT("uci-show-mobile-password",
    "root@RUTX11:~# uci show network | grep mob\nnetwork.mob1s1a1.apn='iot.«apn»'\nnetwork.mob1s1a1.auth='chap'\nnetwork.mob1s1a1.username='fleet'\nnetwork.mob1s1a1.password='«pws»'",
    "pws", "network.mob1s1a1.auth", apn=C("telekom", "vodafone", "orange", "tim"))
OUT("uci-show-wireless-key",
    "root@edge:~# uci show wireless.default_radio0\nwireless.default_radio0=wifi-iface\nwireless.default_radio0.ssid='«ssid»'\nwireless.default_radio0.encryption='psk2'\nwireless.default_radio0.key='«pws»'",
    "pws", "psk2")
OUT("cisco-ie-running-config-username",
    "IE3300#show running-config | include username|snmp\nusername admin privilege 15 password 0 «pws»\nsnmp-server location «site»",
    "pws", "privilege 15")
OUT("cisco-snmp-community-running-config",
    "IE4000#sh run | i community\nsnmp-server community «comm» RW 10\nsnmp-server community public RO",
    "comm", "snmp-server community public RO", comm=lambda: "ot" + an(12))
OUT("registry-winlogon-defaultpassword",
    "PS> Get-ItemProperty 'HKLM:\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon' | Select AutoAdminLogon, DefaultUserName, DefaultPassword\n\nAutoAdminLogon DefaultUserName DefaultPassword\n-------------- --------------- ---------------\n1              HMI-OPERATOR    «pws»",
    "pws", "HMI-OPERATOR")
OUT("reg-query-reg-sz-password",
    "C:\\> reg query \"HKLM\\SOFTWARE\\WOW6432Node\\VendorX\\DataCollector\" /v DbPassword\n\nHKEY_LOCAL_MACHINE\\SOFTWARE\\WOW6432Node\\VendorX\\DataCollector\n    DbPassword    REG_SZ    «pws»",
    "pws", "DataCollector")
OUT("grep-recursive-password-hits",
    "$ grep -rn password /opt/ignition/data/ 2>/dev/null | head -3\n/opt/ignition/data/db/mes.properties:4:password=«pws»\n/opt/ignition/data/logback.xml:12:<!-- password masking disabled -->",
    "pws", "mes.properties")
OUT("jq-provisioning-response-device-key",
    "$ curl -s -X POST https://«host»/provision -d @req.json | jq .\n{\n  \"deviceId\": \"«uuid»\",\n  \"deviceKey\": \"«tok»\",\n  \"mqttHost\": \"«host2»\"\n}",
    "tok", "deviceId", tok=L(b64u, 40))
OUT("pytest-assertion-diff-bearer",
    "E       AssertionError: assert {'Authorization': 'Bearer «tok»'} == {'Authorization': 'Bearer <redacted>'}\nE         Differing items:\ntests/test_fleet_client.py:88: AssertionError",
    "tok", "tests/test_fleet_client.py", tok=L(b64u, 40))
OUT("curl-verbose-basic-header",
    "$ curl -v -u monitor:«pwu» http://«ip»:8080/status\n> GET /status HTTP/1.1\n> Host: «ip»:8080\n> Authorization: Basic «b»\n> User-Agent: curl/8.5.0\n< HTTP/1.1 200 OK",
    "b", "User-Agent", b=D(lambda v: b64of("monitor:" + v["pwu"])))
OUT("curl-verbose-set-cookie-session",
    "< HTTP/1.1 302 Found\n< Location: /webvisu/webvisu.htm\n< Set-Cookie: SESSIONID=«tok»; Path=/; HttpOnly\n< Content-Length: 0",
    "tok", "webvisu.htm", tok=L(hx, 48))
OUT("mqtt-sub-provisioning-payload",
    "$ mosquitto_sub -t 'provision/#' -v\nprovision/gw-«n» {\"ssid\":\"«ssid»\",\"wifi_psk\":\"«pws»\",\"ntp\":\"«ip»\"}",
    "pws", "provision/gw-")
OUT("docker-compose-config-rendered",
    "$ docker compose config\nservices:\n  historian:\n    environment:\n      PGHOST: timescale\n      PGPASSWORD: «pws»\n      PGUSER: historian\n    image: registry.plant.example/historian:«ver»",
    "pws", "PGUSER: historian")
OUT("helm-get-values-output",
    "$ helm get values hivemq -n mqtt\nUSER-SUPPLIED VALUES:\nhivemq:\n  adminUser: admin\n  adminPassword: «pws»\n  replicas: 3",
    "pws", "adminUser: admin")
OUT("openssl-pkcs12-info-nodes-key",
    "$ openssl pkcs12 -in opcua-client.pfx -nodes -passin pass: -info\nMAC: sha256, Iteration 2048\nBag Attributes\n    friendlyName: kepware-client\nKey Attributes: <No Attributes>\n-----BEGIN PRIVATE KEY-----\n«pkcs8»\n-----END PRIVATE KEY-----",
    "pkcs8", "friendlyName: kepware-client")
OUT("cat-id-ed25519-private",
    "$ cat ~/.ssh/id_fieldsvc\n-----BEGIN OPENSSH PRIVATE KEY-----\n«sshkey»\n-----END OPENSSH PRIVATE KEY-----",
    "sshkey", "cat ~/.ssh/id_fieldsvc")
OUT("wg-showconf-private-key",
    "$ sudo wg showconf wg0\n[Interface]\nListenPort = 51820\nPrivateKey = «wgkey»\n\n[Peer]\nPublicKey = «wgpub»\nAllowedIPs = 10.99.0.0/24\nEndpoint = vpn.«dom»:51820",
    "wgkey", "AllowedIPs", wgpub=lambda: b64(43) + "=", dom=C("plant.example", "fleet.example.com"))
OUT("pm2-env-output",
    "$ pm2 env 0\nNODE_ENV: production\nBACNET_IFACE: eth1\nCLOUD_API_SECRET: «tok»\nname: bms-bridge",
    "tok", "BACNET_IFACE", tok=L(an, 40))
OUT("heroku-config-database-url",
    "$ heroku config -a fleet-dash\n=== fleet-dash Config Vars\nDATABASE_URL: postgres://u«lo8»:«pwu»@ec2-«n»-«nn».compute-1.amazonaws.com:5432/d«lo10»\nNODE_ENV:     production",
    "pwu", "fleet-dash Config Vars")
OUT("get-content-appsettings-json",
    "PS C:\\inetpub\\mes> Get-Content .\\appsettings.Production.json\n{\n  \"ConnectionStrings\": {\n    \"Mes\": \"Server=«shost»;Database=MES;User Id=mes_web;Password=«pws»;TrustServerCertificate=True\"\n  }\n}",
    "pws", "User Id=mes_web")
OUT("git-log-p-added-password-line",
    "$ git log -p -1 -- config/broker.yml\ncommit «sha»\nAuthor: «fullname» <«email»>\n\n    point bridge at new broker\n\n-  password: ${BROKER_PASSWORD}\n+  password: «pws»",
    "pws", "point bridge at new broker")
OUT("git-show-removed-api-key-line",
    "$ git show «sha7» -- .env.example\n@@ -3,3 +3,3 @@\n-SAMSARA_API_TOKEN=«tok»\n+SAMSARA_API_TOKEN=\n GEOFENCE_RADIUS_M=250",
    "tok", "GEOFENCE_RADIUS_M", tok=lambda: "samsara_api_" + an(30))
OUT("gitleaks-finding-secret-line",
    "Finding:     password: «pws»\nSecret:      «pws»\nRuleID:      generic-api-key\nEntropy:     3.91\nFile:        deploy/edge/values-ulm.yaml\nLine:        41\nCommit:      «sha»",
    "pws", "deploy/edge/values-ulm.yaml")
OUT("docker-history-no-trunc-run",
    "$ docker history --no-trunc registry.plant.example/opc-collector:«ver» | head -3\nIMAGE          CREATED BY\n<missing>      RUN /bin/sh -c pip install --index-url https://build:«pwu»@nexus.plant.example/simple opc-collector\n<missing>      WORKDIR /app",
    "pwu", "WORKDIR /app")
OUT("ansible-vault-view-decrypted",
    "$ ansible-vault view group_vars/plc_gateways/vault.yml\nVault password:\nvault_gw_root_password: «pws»\nvault_gw_snmp_user: monitor",
    "pws", "vault_gw_snmp_user")
OUT("sops-decrypt-output",
    "$ sops -d secrets/scada.enc.yaml\nhistorian:\n    user: svc_hist\n    password: «pws»\nopcua:\n    security_mode: SignAndEncrypt",
    "pws", "security_mode")
OUT("balena-env-ls-table",
    "$ balena env ls --fleet orion/tcu-bench\nID      NAME              VALUE                         FLEET\n«nn»    CAN_BITRATE       500000                        orion/tcu-bench\n«nn2»   CLOUD_INGEST_KEY  «tok»  orion/tcu-bench",
    "tok", "CAN_BITRATE", tok=L(an, 32))
OUT("nvram-show-grep-passwd",
    "# nvram show 2>/dev/null | grep passwd\nhttp_passwd=«pws»\nsize: 31244 bytes (34292 left)",
    "pws", "size: 31244 bytes")
OUT("fw-printenv-uboot-mqtt",
    "root@tcu:~# fw_printenv | grep -E 'mqtt|serial'\nserial#=«up10»\nmqtt_user=tcu\nmqtt_pass=«pws»",
    "pws", "mqtt_user=tcu")
OUT("sqlite-dump-insert-token",
    "sqlite> .dump api_keys\nCREATE TABLE api_keys(id INTEGER PRIMARY KEY, vendor TEXT, token TEXT);\nINSERT INTO api_keys VALUES(1,'webfleet','«tok»');",
    "tok", "CREATE TABLE api_keys", tok=L(an, 36))
OUT("argocd-initial-admin-secret-decode",
    "$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath='{.data.password}' | base64 -d\n«an16»",
    "an16", "argocd-initial-admin-secret")
OUT("spring-actuator-env-unmasked",
    "$ curl -s http://«ip»:8081/actuator/env | jq '.propertySources[1].properties'\n{\n  \"spring.datasource.url\": { \"value\": \"jdbc:postgresql://«host»:5432/mes\" },\n  \"spring.datasource.password\": { \"value\": \"«pws»\" }\n}",
    "pws", "spring.datasource.url")
OUT("mosquitto-ctrl-create-client-echo",
    "$ mosquitto_ctrl -u admin -P «pwu» dynsec createClient press-line«n»\nNew password for press-line«n»:\nOK",
    "pwu", "dynsec createClient")
OUT("get-wmiobject-service-startname",
    "PS> wmic service where name='HistorianCollector' get Name,StartName\nName                StartName\nHistorianCollector  PLANT\\svc_hist\nPS> $cfg = Get-Content C:\\ProgramData\\Collector\\collector.ini\nPassword=«pws»",
    "pws", "HistorianCollector")
OUT("ignition-gwcmd-passwd-reset-output",
    "$ ./gwcmd.sh --passwd\nResetting gateway admin password...\nNew temporary password: «an12»\nRestart the gateway to apply.",
    "an12", "Resetting gateway admin password")
OUT("k8s-configmap-leaked-password",
    "$ kubectl get cm edge-agent-config -o yaml | grep -A3 broker\n  broker.yaml: |\n    url: ssl://«host»:8883\n    username: edge-agent\n    password: «pws»",
    "pws", "edge-agent-config")
OUT("printenv-single-variable",
    "$ printenv PLC_FTP_PASSWORD\n«pws»",
    "pws", "printenv PLC_FTP_PASSWORD")
OUT("dotnet-user-secrets-list",
    "$ dotnet user-secrets list\nOpcUa:Password = «pws»\nOpcUa:Endpoint = opc.tcp://«ip»:4840",
    "pws", "OpcUa:Endpoint")
OUT("security-find-generic-password-output",
    "$ security find-generic-password -s 'FieldLaptop-VPN' -w\n«pw»",
    "pw", "find-generic-password")
OUT("secret-tool-lookup-output",
    "$ secret-tool lookup service mqtt-explorer host «host»\n«pw»",
    "pw", "secret-tool lookup")
OUT("cat-openvpn-auth-two-lines",
    "$ sudo cat /etc/openvpn/client/auth.txt\nfieldsvc.«last_l»\n«pws»",
    "pws", "/etc/openvpn/client/auth.txt", last_l=lambda: lastname().lower())
OUT("node-red-flows-cred-decrypted",
    "$ node decrypt-creds.js flows_cred.json\n{\n  \"a3f1c2e4.9b7d\": {\n    \"user\": \"nodered\",\n    \"password\": \"«pws»\"\n  }\n}",
    "pws", "flows_cred.json")

# ===========================================================================
# group: config-file  (excerpts of files the agent opened)
# ===========================================================================
CONF("pgpass-line",
    "# ~/.pgpass  (chmod 600)\n«host»:5432:«db»:hist_reader:«pwu»\n# postgres superuser: peer auth only, no entry",
    "pwu", "hist_reader")
CONF("my-cnf-client-section",
    "[client]\nhost     = «host»\nuser     = mes_report\npassword = \"«pw»\"\n\n[mysqldump]\nsingle-transaction",
    "pw", "mes_report")
CONF("dotenv-file-mixed",
    "# .env  -- line 4 andon board\nANDON_PORT=8080\nPLC_IP=«ip»\nPLC_RACK=0\nPLC_SLOT=1\nDB_URL=postgresql://andon:«pwu»@«host»:5432/andon\nLOG_LEVEL=info",
    "pwu", "PLC_RACK=0")
CONF("docker-compose-environment-list",
    "services:\n  grafana:\n    image: grafana/grafana:10.4.2\n    environment:\n      - GF_SECURITY_ADMIN_USER=admin\n      - GF_SECURITY_ADMIN_PASSWORD=«pws»\n    ports:\n      - \"3000:3000\"",
    "pws", "GF_SECURITY_ADMIN_USER=admin")
CONF("mosquitto-bridge-remote-password",
    "# /etc/mosquitto/conf.d/bridge.conf\nconnection cloud-bridge\naddress «host»:8883\nremote_clientid werk-«site_s»-bridge\nremote_username werk-bridge\nremote_password «pws»\nbridge_cafile /etc/mosquitto/certs/ca.crt\ntopic plant/# out 1",
    "pws", "remote_username werk-bridge", site_s=C("ulm", "brno", "gyr"))
CONF("telegraf-mqtt-consumer-toml",
    "[[inputs.mqtt_consumer]]\n  servers = [\"ssl://«host»:8883\"]\n  topics = [\"plant/+/energy/#\"]\n  username = \"telegraf\"\n  password = \"«pw»\"\n  data_format = \"json\"",
    "pw", "plant/+/energy/#")
CONF("telegraf-influxdb-v2-token-toml",
    "[[outputs.influxdb_v2]]\n  urls = [\"http://«ip»:8086\"]\n  token = \"«influx»\"\n  organization = \"plant\"\n  bucket = \"energy\"",
    "influx", "organization = \"plant\"")
CONF("kepware-style-ini-opcua-section",
    "[OPCUA_CLIENT_1]\nEndpoint=opc.tcp://«ip»:4840\nSecurityPolicy=Basic256Sha256\nMessageMode=SignAndEncrypt\nUserName=kep_ua\nUserPassword=«pws»",
    "pws", "SecurityPolicy=Basic256Sha256")
CONF("opcua-client-yaml-credentials",
    "opcua:\n  endpoint: opc.tcp://«host»:4840\n  security_policy: Basic256Sha256\n  security_mode: SignAndEncrypt\n  auth:\n    type: username\n    username: historian\n    password: \"«pw»\"",
    "pw", "security_mode: SignAndEncrypt")
CONF("spring-application-properties-datasource",
    "spring.datasource.url=jdbc:sqlserver://«shost»:1433;databaseName=MES\nspring.datasource.username=mes_app\nspring.datasource.password=«pws»\nspring.jpa.hibernate.ddl-auto=validate",
    "pws", "spring.datasource.username=mes_app")
CONF("appsettings-json-connection-string",
    "{\n  \"ConnectionStrings\": {\n    \"Historian\": \"Data Source=«shost»\\\\SQLEXPRESS;Initial Catalog=Trend;User ID=trend_rw;Password=«pws»;\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Warning\" } }\n}",
    "pws", "Initial Catalog=Trend")
CONF("web-config-connectionstrings-xml",
    "<connectionStrings>\n  <add name=\"MesDb\" connectionString=\"Server=«shost»;Database=MES_PROD;User Id=mes_iis;Password=«pws»;\" providerName=\"System.Data.SqlClient\" />\n</connectionStrings>",
    "pws", "providerName=\"System.Data.SqlClient\"")
CONF("terraform-tfvars-hcl",
    "# prod.auto.tfvars\nregion                 = \"eu-central-1\"\nhistorian_admin_user   = \"histadmin\"\nhistorian_admin_password = \"«pw»\"\nedge_fleet_size        = «n»",
    "pw", "historian_admin_user")
CONF("cifs-credentials-file",
    "# /root/.smbcred-plcbackup\nusername=svc_plcbackup\npassword=«pws»\ndomain=PLANT",
    "pws", "svc_plcbackup")
CONF("netrc-file-entry",
    "machine nexus.«dom» login deployer password «pws»\nmachine ftp.«dom» login anonymous password guest@",
    "pws", "login deployer", dom=C("plant.example", "motorworks.example"))
CONF("wpa-supplicant-network-block",
    "ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\ncountry=DE\nnetwork={\n    ssid=\"«ssid»\"\n    psk=\"«pws»\"\n    key_mgmt=WPA-PSK\n}",
    "pws", "key_mgmt=WPA-PSK")
CONF("hostapd-conf-wpa-passphrase",
    "interface=wlan0\nssid=«ssid»\nhw_mode=g\nchannel=6\nwpa=2\nwpa_key_mgmt=WPA-PSK\nwpa_passphrase=«pws»\nrsn_pairwise=CCMP",
    "pws", "rsn_pairwise=CCMP")
CONF("openvpn-auth-user-pass-file-unlabeled",
    "==> /etc/openvpn/client/werk-ulm.auth <==\nfieldtech-«n»\n«pws»\n\n==> /etc/openvpn/client/werk-ulm.conf <==\nauth-user-pass /etc/openvpn/client/werk-ulm.auth",
    "pws", "auth-user-pass")
CONF("ppp-chap-secrets-file",
    "# Secrets for authentication using CHAP\n# client\tserver\tsecret\tIP addresses\nm2m-«n»\t*\t«pws»\t*",
    "pws", "Secrets for authentication using CHAP")
CONF("wireguard-interface-conf",
    "[Interface]\nAddress = 10.99.0.«n»/32\nPrivateKey = «wgkey»\nDNS = 10.99.0.1\n\n[Peer]\nPublicKey = «wgpub»\nEndpoint = «ip»:51820\nPersistentKeepalive = 25",
    "wgkey", "PersistentKeepalive = 25", wgpub=lambda: b64(43) + "=")
CONF("pip-conf-index-url-creds",
    "[global]\nindex-url = https://pypi-ro:«pwu»@nexus.«dom»/repository/pypi/simple\ntimeout = 60",
    "pwu", "timeout = 60", dom=C("acme-mfg.local", "plant.example"))
CONF("npmrc-auth-token-line",
    "registry=https://npm.«dom»/\n//npm.«dom»/:_authToken=«npm»\nalways-auth=true",
    "npm", "always-auth=true", dom=C("acme-mfg.local", "orion-motors.example"))
CONF("maven-settings-server-password",
    "<settings>\n  <servers>\n    <server>\n      <id>plant-releases</id>\n      <username>deployer</username>\n      <password>«pws»</password>\n    </server>\n  </servers>\n</settings>",
    "pws", "plant-releases")
CONF("nuget-config-cleartextpassword",
    "<packageSourceCredentials>\n  <PlantFeed>\n    <add key=\"Username\" value=\"build\" />\n    <add key=\"ClearTextPassword\" value=\"«pws»\" />\n  </PlantFeed>\n</packageSourceCredentials>",
    "pws", "PlantFeed")
CONF("gradle-properties-repo-password",
    "org.gradle.jvmargs=-Xmx2g\nplantRepoUser=gradle-ci\nplantRepoPassword=«pws»\nandroid.useAndroidX=true",
    "pws", "plantRepoUser=gradle-ci")
CONF("kubeconfig-user-token",
    "apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    server: https://«ip»:6443\n  name: k3s-edge-«site_s»\nusers:\n- name: edge-admin\n  user:\n    token: K10«hx64»::server:«hx32»",
    "tk", "k3s-edge-", tk=D(lambda v: "K10" + v["hx64"] + "::server:" + v["hx32"]), site_s=C("ulm", "brno", "pune"))
CONF("k8s-secret-stringdata-yaml",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: opcua-collector\n  namespace: scada\ntype: Opaque\nstringData:\n  OPCUA_USERNAME: collector\n  OPCUA_PASSWORD: \"«pw»\"",
    "pw", "opcua-collector")
CONF("ansible-group-vars-password",
    "# group_vars/bms_controllers.yml\nansible_user: bmsadmin\nansible_password: \"«pw»\"\nansible_connection: ssh\nbacnet_port: 47808",
    "pw", "bacnet_port: 47808")
CONF("ansible-inventory-ini-ssh-pass",
    "[edge_gateways]\ngw-«n» ansible_host=«ip» ansible_user=root ansible_ssh_pass=«pws»\n\n[edge_gateways:vars]\nansible_python_interpreter=/usr/bin/python3",
    "pws", "ansible_python_interpreter")
CONF("systemd-unit-environment-line",
    "[Unit]\nDescription=Modbus to MQTT bridge\n\n[Service]\nEnvironment=\"MQTT_URL=mqtts://bridge:«pwu»@«host»:8883\"\nExecStart=/usr/local/bin/mbmqtt --map /etc/mbmqtt/map.yml",
    "pwu", "Modbus to MQTT bridge")
CONF("supervisord-program-environment",
    "[program:bacnet-poller]\ncommand=/opt/bms/venv/bin/python poller.py\nenvironment=NIAGARA_USER=\"poller\",NIAGARA_PASS=\"«pw»\"\nautorestart=true",
    "pw", "program:bacnet-poller")
CONF("nginx-proxy-set-header-basic",
    "location /historian/ {\n    proxy_pass http://«ip»:8080/;\n    proxy_set_header Authorization \"Basic «b»\";\n}",
    "b", "proxy_pass", b=D(lambda v: b64of("proxy:" + v["pwu"])))
CONF("haproxy-userlist-insecure-password",
    "userlist stats_users\n    user opsview insecure-password «pws»\n\nlisten stats\n    bind :8404\n    stats enable",
    "pws", "userlist stats_users")
CONF("grafana-ini-security-section",
    "[security]\nadmin_user = admin\nadmin_password = «pws»\ncookie_secure = true\ndisable_gravatar = true",
    "pws", "disable_gravatar")
CONF("grafana-datasource-provisioning-securejson",
    "apiVersion: 1\ndatasources:\n  - name: Historian\n    type: postgres\n    url: «host»:5432\n    user: grafana_ro\n    secureJsonData:\n      password: «pws»",
    "pws", "grafana_ro")
CONF("prometheus-scrape-basic-auth",
    "scrape_configs:\n  - job_name: edge-gateways\n    basic_auth:\n      username: prom\n      password: «pws»\n    static_configs:\n      - targets: ['«ip»:9100']",
    "pws", "job_name: edge-gateways")
CONF("alertmanager-smtp-auth-password",
    "global:\n  smtp_smarthost: 'smtp.«dom»:587'\n  smtp_from: 'ot-alerts@«dom»'\n  smtp_auth_username: 'ot-alerts@«dom»'\n  smtp_auth_password: '«pw»'",
    "pw", "smtp_smarthost", dom=C("acme-mfg.example", "nordwerk.example"))
CONF("fluent-bit-http-passwd",
    "[OUTPUT]\n    Name        http\n    Match       plc.*\n    Host        «host»\n    Port        443\n    tls         On\n    HTTP_User   fluent\n    HTTP_Passwd «pws»",
    "pws", "HTTP_User   fluent")
CONF("logstash-output-elasticsearch-password",
    "output {\n  elasticsearch {\n    hosts => [\"https://«host»:9200\"]\n    user => \"logstash_ot\"\n    password => \"«pw»\"\n    index => \"scada-alarms-%{+YYYY.MM}\"\n  }\n}",
    "pw", "logstash_ot")
CONF("s3cfg-secret-key",
    "[default]\naccess_key = «akid»\nsecret_key = «awssec»\nhost_base = s3.eu-central-1.amazonaws.com\nuse_https = True",
    "awssec", "host_base")
CONF("aws-credentials-ini-profile",
    "[fleet-archive]\naws_access_key_id=«akid»\naws_secret_access_key=«awssec»\n",
    "awssec", "[fleet-archive]")
CONF("aziot-config-toml-connection-string",
    "## /etc/aziot/config.toml\nhostname = \"edge-«site_s»-01\"\n\n[provisioning]\nsource = \"manual\"\nconnection_string = \"HostName=«hub».azure-devices.net;DeviceId=edge-«site_s»-01;SharedAccessKey=«azshort»\"",
    "azshort", "[provisioning]", hub=lambda: "iot-" + lo(6), site_s=C("ulm", "qro", "pune"))
CONF("tb-gateway-yaml-access-token",
    "thingsboard:\n  host: «host»\n  port: 1883\n  security:\n    accessToken: «an20»\nstorage:\n  type: memory",
    "an20", "storage:")
CONF("emqx-conf-dashboard-password",
    "dashboard {\n  listeners.http.bind = 18083\n  default_username = \"admin\"\n  default_password = \"«pw»\"\n}",
    "pw", "listeners.http.bind")
CONF("hivemq-file-realm-credentials-xml",
    "<file-rbac>\n  <users>\n    <user>\n      <name>line-«n»-press</name>\n      <password>«pws»</password>\n      <roles><id>publisher</id></roles>\n    </user>\n  </users>\n</file-rbac>",
    "pws", "<roles><id>publisher</id></roles>")
CONF("rabbitmq-conf-default-pass",
    "listeners.tcp.default = 5672\ndefault_user = mes\ndefault_pass = «pws»\nmanagement.tcp.port = 15672",
    "pws", "default_user = mes")
CONF("kafka-client-properties-sasl-jaas",
    "security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"«up16»\" password=\"«tok»\";",
    "tok", "sasl.mechanism=PLAIN", tok=lambda: b64(64))
CONF("winccoa-config-section",
    "[general]\nproj_path = \"C:/WinCC_OA_Proj/Tunnel«n»\"\nuserName = \"para\"\npassword = \"«pw»\"\npmonPort = 4999",
    "pw", "pmonPort = 4999")
CONF("openwrt-network-config-option-password",
    "config interface 'wan'\n\toption proto 'pppoe'\n\toption username 'ot-uplink@isp.example'\n\toption password '«pws»'\n\toption ipv6 'auto'",
    "pws", "option proto 'pppoe'")
CONF("openwrt-wireless-config-option-key",
    "config wifi-iface 'service'\n\toption device 'radio0'\n\toption mode 'ap'\n\toption ssid '«ssid»'\n\toption encryption 'psk2+ccmp'\n\toption key '«pws»'",
    "pws", "option mode 'ap'")
CONF("remote-access-router-comcfg-text",
    "AccountName:«company_u»\nVPNDriver:1\nTalk2MUser:ops-«n»\nTalk2MPassword:«pws»\nWANItfProt:2",
    "pws", "VPNDriver:1", company_u=C("ACMEDRIVES", "NORDWERK", "KESTRELPACK"))
CONF("bms-gateway-ini-cloud-secret",
    "[bacnet]\ninterface = eth1\ndevice_instance = 3«dg5»\n\n[cloud]\nendpoint = https://«host»/ingest\napi_key = bms-gw-«n»\napi_secret = «tok»",
    "tok", "device_instance", tok=L(hx, 48))
CONF("modbus-gateway-json-cloud-password",
    "{\n  \"serial\": {\"port\": \"/dev/ttyS1\", \"baud\": 19200, \"parity\": \"E\"},\n  \"cloud\": {\"host\": \"«host»\", \"user\": \"mbgw-«n»\", \"password\": \"«pw»\"}\n}",
    "pw", "/dev/ttyS1")
CONF("opcua-client-pem-private-key-file",
    "==> pki/own/private/opcua-client.pem <==\n-----BEGIN RSA PRIVATE KEY-----\n«rsa»\n-----END RSA PRIVATE KEY-----",
    "rsa", "pki/own/private/opcua-client.pem")
CONF("rust-edge-agent-toml-mqtt",
    "[mqtt]\nhost = \"«host»\"\nport = 8883\nclient_id = \"edge-agent-«n»\"\nusername = \"edge\"\npassword = \"«pw»\"\n\n[modbus]\nunit_id = 1",
    "pw", "[modbus]")
CONF("pypirc-repository-password",
    "[distutils]\nindex-servers = plant\n\n[plant]\nrepository = https://nexus.acme-mfg.local/repository/pypi-internal/\nusername = uploader\npassword = «pws»",
    "pws", "index-servers = plant")
CONF("git-credentials-store-line",
    "https://«user_n»:«ghp»@github.com\n# gitlab: uses ssh keys now",
    "ghp", "github.com", user_n=C("pnowak", "lweber", "ktanaka"))
CONF("tomcat-users-xml-user-password",
    "<tomcat-users>\n  <role rolename=\"manager-gui\"/>\n  <user username=\"mes-deploy\" password=\"«pw»\" roles=\"manager-gui,manager-script\"/>\n</tomcat-users>",
    "pw", "manager-script")
CONF("tomcat-server-xml-keystorepass",
    "<Connector port=\"8443\" protocol=\"org.apache.coyote.http11.Http11NioProtocol\" SSLEnabled=\"true\"\n           keystoreFile=\"conf/mes.p12\" keystorePass=\"«pws»\" keystoreType=\"PKCS12\" />",
    "pws", "conf/mes.p12")
CONF("fstab-cifs-inline-password",
    "# /etc/fstab\n//«ip»/Recipes  /mnt/recipes  cifs  username=recipes,password=«pwu»,uid=1000,_netdev  0  0",
    "pwu", "/mnt/recipes")
CONF("odbc-ini-dsn-pwd",
    "[FactoryTalkHistorian]\nDriver=/opt/pi/lib/libpiodbc.so\nServer=«shost»\nUID=pi_reader\nPWD=«pws»",
    "pws", "FactoryTalkHistorian")
CONF("redis-conf-requirepass",
    "bind 0.0.0.0\nport 6379\nrequirepass «pw»\nmaxmemory 512mb",
    "pw", "maxmemory 512mb")
CONF("pgbouncer-userlist-txt",
    "\"mes_app\" \"«pws»\"\n;; reporting connects with cert auth, no entry",
    "pws", "\"mes_app\"")
CONF("sssd-conf-ldap-default-authtok",
    "[domain/plant.example]\nid_provider = ldap\nldap_uri = ldaps://«host»\nldap_default_bind_dn = cn=svc-sssd,ou=svc,dc=plant,dc=example\nldap_default_authtok = «pws»",
    "pws", "ldap_default_bind_dn")
CONF("msmtprc-account-password",
    "account plant-alerts\nhost smtp.«dom»\nport 587\nauth on\nuser alarms@«dom»\npassword «pws»\nfrom alarms@«dom»",
    "pws", "account plant-alerts", dom=C("acme-mfg.example", "helios-bms.example"))
CONF("telematics-gateway-yaml-can-cloud",
    "can:\n  iface: can0\n  bitrate: 500000\n  dbc: /etc/tcu/j1939.dbc\ncloud:\n  url: https://ingest.«dom»/v1\n  device_id: «imei»\n  api_key: «tok»",
    "tok", "bitrate: 500000", tok=L(b64u, 40), dom=C("fleet.example.com", "orion-motors.example"))
CONF("ignition-gateway-db-properties",
    "# data/db/connections/MES.properties\nconnectURL=jdbc:mysql://«host»:3306/mes\nusername=ignition\npassword=«pws»\nvalidationQuery=SELECT 1",
    "pws", "validationQuery=SELECT 1")
CONF("codesys-style-cfg-section",
    "[CmpUserMgr]\nSECURITY.UserMgmtEnforce=YES\n[CmpOpenSSL]\nWebServerCertPassword=«pws»\n[SysSocket]\nAdapter.0.Name=\"eth0\"",
    "pws", "UserMgmtEnforce")
CONF("influxdb-v1-http-auth-conf",
    "[http]\n  auth-enabled = true\n  shared-secret = \"«an32»\"\n  bind-address = \":8086\"",
    "an32", "auth-enabled = true")
CONF("rclone-conf-s3-remote",
    "[plant-archive]\ntype = s3\nprovider = Minio\naccess_key_id = minio-archive\nsecret_access_key = «an40»\nendpoint = http://«ip»:9000",
    "an40", "provider = Minio")
CONF("minio-env-root-password",
    "# /etc/default/minio\nMINIO_ROOT_USER=archive-admin\nMINIO_ROOT_PASSWORD=«pws»\nMINIO_VOLUMES=\"/mnt/data\"",
    "pws", "MINIO_VOLUMES")
CONF("node-red-settings-credential-secret-env",
    "# /data/.config.runtime.json\n{\n    \"instanceId\": \"«hx16»\",\n    \"_credentialSecret\": \"«hx64»\"\n}",
    "hx64", "instanceId")
CONF("docker-compose-yaml-mapping-env",
    "  timescale:\n    image: timescale/timescaledb:2.14.2-pg15\n    environment:\n      POSTGRES_USER: historian\n      POSTGRES_PASSWORD: '«pw»'\n    volumes:\n      - tsdata:/var/lib/postgresql/data",
    "pw", "timescale/timescaledb")

# ===========================================================================
# group: source-code
# ===========================================================================
SRC("python-paho-username-pw-set",
    "client = mqtt.Client(client_id=\"press-line-«n»\", protocol=mqtt.MQTTv311)\nclient.tls_set(ca_certs=\"certs/plant-ca.pem\")\nclient.username_pw_set(\"press«n»\", \"«pw»\")\nclient.connect(\"«host»\", 8883, keepalive=30)",
    "pw", "client.tls_set")
SRC("python-asyncua-set-user-password",
    "async with Client(url=\"opc.tcp://«ip»:4840\") as client:\n    client.set_user(\"opc_reader\")\n    client.set_password(\"«pw»\")\n    node = client.get_node(\"ns=2;s=«tag»\")\n    print(await node.read_value())",
    "pw", "opc_reader")
SRC("python-opcua-url-embedded-credentials",
    "from opcua import Client\n\nclient = Client(\"opc.tcp://engineer:«pwu»@«ip»:4840/freeopcua/server/\")\nclient.connect()",
    "pwu", "freeopcua/server")
SRC("python-requests-auth-tuple",
    "resp = requests.get(f\"https://{GATEWAY}/api/v1/modbus/registers\",\n                    auth=(\"admin\", \"«pw»\"), verify=False, timeout=5)\nresp.raise_for_status()",
    "pw", "modbus/registers")
SRC("python-headers-dict-bearer",
    "HEADERS = {\n    \"Authorization\": \"Bearer «tok»\",\n    \"Accept\": \"application/json\",\n}\nr = requests.get(BASE + \"/vehicles/locations\", headers=HEADERS)",
    "tok", "vehicles/locations", tok=L(b64u, 44))
SRC("python-psycopg2-connect-kwargs",
    "conn = psycopg2.connect(\n    host=\"«host»\",\n    dbname=\"«db»\",\n    user=\"trend_writer\",\n    password=\"«pw»\",\n    connect_timeout=3,\n)",
    "pw", "trend_writer")
SRC("python-sqlalchemy-create-engine-url",
    "engine = create_engine(\n    \"mssql+pyodbc://mes_ro:«pwu»@«shost»/MES?driver=ODBC+Driver+18+for+SQL+Server\",\n    pool_pre_ping=True,\n)",
    "pwu", "pool_pre_ping=True")
SRC("python-influxdb-client-token-kwarg",
    "from influxdb_client import InfluxDBClient\n\nclient = InfluxDBClient(url=\"http://«ip»:8086\", token=\"«influx»\", org=\"plant\")\nwrite_api = client.write_api()",
    "influx", "write_api")
SRC("python-boto3-client-explicit-keys",
    "s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"«akid»\",\n    aws_secret_access_key=\"«awssec»\",\n    region_name=\"eu-west-1\",\n)",
    "awssec", "region_name")
SRC("js-mqtt-connect-options-object",
    "const client = mqtt.connect('mqtts://«host»:8883', {\n  clientId: 'andon-' + Math.random().toString(16).slice(2, 8),\n  username: 'andon',\n  password: '«pw»',\n  rejectUnauthorized: true,\n});",
    "pw", "rejectUnauthorized")
SRC("js-node-opcua-user-identity",
    "const session = await client.createSession({\n  type: UserTokenType.UserName,\n  userName: \"hmi_bridge\",\n  password: \"«pw»\",\n});",
    "pw", "UserTokenType.UserName")
SRC("node-red-settings-credential-secret",
    "module.exports = {\n    flowFile: 'flows.json',\n    credentialSecret: \"«pw»\",\n    uiPort: process.env.PORT || 1880,\n}",
    "pw", "flowFile: 'flows.json'")
SRC("js-axios-create-default-headers",
    "const bms = axios.create({\n  baseURL: 'https://«host»/api',\n  headers: { 'X-Auth-Token': '«tok»' },\n  timeout: 4000,\n});",
    "tok", "timeout: 4000", tok=L(hx, 40))
SRC("ts-exported-const-api-key",
    "// src/config.ts\nexport const GEOCODER_URL = 'https://geo.«dom»/v2';\nexport const TELEMATICS_API_KEY = '«tok»';",
    "tok", "GEOCODER_URL", tok=lambda: "tk_" + an(40), dom=C("fleet.example.com", "orion-motors.example"))
SRC("c-define-wifi-password-esp32",
    "#define WIFI_SSID \"«ssid»\"\n#define WIFI_PASS \"«pws»\"\n#define MQTT_HOST \"«ip»\"\n#define MQTT_PORT 1883",
    "pws", "MQTT_PORT 1883")
SRC("c-static-const-char-mqtt-password",
    "static const char *mqtt_user = \"sensor-node\";\nstatic const char *mqtt_password = \"«pw»\";\n\nvoid mqtt_start(void) {\n    esp_mqtt_client_config_t cfg = { .broker.address.uri = BROKER_URI };",
    "pw", "esp_mqtt_client_config_t")
SRC("arduino-secrets-h-define",
    "// arduino_secrets.h\n#define SECRET_SSID \"«ssid»\"\n#define SECRET_OPTIONAL_PASS \"«pws»\"\n#define SECRET_DEVICE_KEY \"«an24»\"",
    "pws", "arduino_secrets.h")
SRC("cpp-std-string-member-init",
    "class HistorianWriter {\n  std::string host_ = \"«host»\";\n  std::string user_ = \"hist_writer\";\n  std::string password_ = \"«pw»\";\n};",
    "pw", "HistorianWriter")
SRC("csharp-sql-connection-string-literal",
    "private const string ConnStr =\n    \"Server=«shost»\\\\WINCC;Database=CC_Archive;User Id=wincc_ro;Password=«pws»;Encrypt=false\";\nusing var conn = new SqlConnection(ConnStr);",
    "pws", "CC_Archive")
SRC("csharp-opc-foundation-user-identity",
    "var identity = new UserIdentity(\"operator\", \"«pw»\");\nvar session = await Session.Create(config, endpoint, false, \"KepBridge\", 60000, identity, null);",
    "pw", "KepBridge")
SRC("java-jdbc-drivermanager-getconnection",
    "Connection c = DriverManager.getConnection(\n        \"jdbc:postgresql://«host»:5432/«db»\",\n        \"etl_user\",\n        \"«pw»\");",
    "pw", "etl_user")
SRC("java-paho-set-password-chararray",
    "MqttConnectOptions opts = new MqttConnectOptions();\nopts.setUserName(\"mes-bridge\");\nopts.setPassword(\"«pw»\".toCharArray());\nopts.setCleanSession(true);",
    "pw", "setCleanSession")
SRC("go-paho-client-options-set-password",
    "opts := mqtt.NewClientOptions().\n\tAddBroker(\"tls://«host»:8883\").\n\tSetClientID(\"fleet-ingest\").\n\tSetUsername(\"ingest\").\n\tSetPassword(\"«pw»\")",
    "pw", "SetClientID")
SRC("go-const-api-token",
    "const (\n\tgeotabServer = \"my.geotab.example\"\n\tgeotabToken  = \"«tok»\"\n)",
    "tok", "geotabServer", tok=L(b64u, 32))
SRC("rust-const-str-token",
    "const INGEST_URL: &str = \"https://ingest.«dom»/v1/can\";\nconst INGEST_TOKEN: &str = \"«tok»\";",
    "tok", "INGEST_URL", tok=lambda: "ing_" + lo(40), dom=C("fleet.example.com", "orion-motors.example"))
SRC("rust-rumqttc-set-credentials",
    "let mut opts = MqttOptions::new(\"tcu-bench\", \"«host»\", 1883);\nopts.set_keep_alive(Duration::from_secs(15));\nopts.set_credentials(\"bench\", \"«pw»\");",
    "pw", "set_keep_alive")
SRC("iec-61131-structured-text-constant",
    "VAR CONSTANT\n    sFtpServer   : STRING := '«ip»';\n    sFtpUser     : STRING := 'plcftp';\n    sFtpPassword : STRING(32) := '«pws»';\nEND_VAR",
    "pws", "sFtpUser")
SRC("siemens-scl-assignment-password",
    "// FB_MqttClient, network 3\n#mqttConfig.broker := '«ip»';\n#mqttConfig.user := 'line«n»';\n#mqttConfig.password := '«pws»';\n#mqttConfig.port := 1883;",
    "pws", "FB_MqttClient")
SRC("python-ftplib-login",
    "with ftplib.FTP(\"«ip»\") as ftp:\n    ftp.login(\"plcuser\", \"«pw»\")\n    ftp.cwd(\"/recipes\")\n    ftp.storbinary(\"STOR recipe.csv\", fh)",
    "pw", "STOR recipe.csv")
SRC("python-paramiko-connect-password",
    "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect(\"«ip»\", username=\"root\", password=\"«pw»\", timeout=10)",
    "pw", "AutoAddPolicy")
SRC("python-smtplib-login-alerts",
    "with smtplib.SMTP(\"smtp.«dom»\", 587) as s:\n    s.starttls()\n    s.login(\"alarms@«dom»\", \"«pw»\")\n    s.send_message(msg)",
    "pw", "starttls", dom=C("acme-mfg.example", "nordwerk.example"))
SRC("bash-script-variable-assignment",
    "#!/usr/bin/env bash\nset -euo pipefail\nGW_HOST=«ip»\nGW_USER=admin\nGW_PASS=\"«pw»\"\ncurl -su \"$GW_USER:$GW_PASS\" \"http://$GW_HOST/backup.cgi\" -o backup.tgz",
    "pw", "backup.cgi")
SRC("powershell-pscredential-script",
    "$user = 'PLANT\\svc_tia'\n$pass = ConvertTo-SecureString -String '«pw»' -AsPlainText -Force\n$cred = [pscredential]::new($user, $pass)\nInvoke-Command -ComputerName $Ews -Credential $cred -ScriptBlock { Get-Service TIA* }",
    "pw", "svc_tia")
SRC("php-mysqli-connect-literal",
    "<?php\n$db = new mysqli('«host»', 'andon_web', '«pw»', 'andon');\nif ($db->connect_errno) { die('db down'); }",
    "pw", "andon_web")
SRC("ruby-net-http-basic-auth",
    "req = Net::HTTP::Get.new(URI(\"https://#{host}/api/meters\"))\nreq.basic_auth(\"meter-reader\", \"«pw»\")\nres = http.request(req)",
    "pw", "meter-reader")
SRC("kotlin-const-val-api-key",
    "object FleetConfig {\n    const val BASE_URL = \"https://api.«dom»/\"\n    const val API_KEY = \"«tok»\"\n}",
    "tok", "FleetConfig", tok=L(an, 40), dom=C("fleet.example.com", "orion-motors.example"))
SRC("swift-let-api-key",
    "enum Secrets {\n    static let chargerAPIKey = \"«tok»\"\n}\nlet client = ChargerClient(baseURL: base, apiKey: Secrets.chargerAPIKey)",
    "tok", "ChargerClient", tok=L(b64u, 40))
SRC("sql-postgres-create-role-password",
    "CREATE ROLE historian_ro WITH LOGIN PASSWORD '«pw»';\nGRANT CONNECT ON DATABASE «db» TO historian_ro;\nGRANT USAGE ON SCHEMA public TO historian_ro;",
    "pw", "GRANT CONNECT ON DATABASE")
SRC("sql-mssql-alter-login-password",
    "USE master;\nGO\nALTER LOGIN [wincc_report] WITH PASSWORD = N'«pw»', CHECK_POLICY = OFF;\nGO",
    "pw", "CHECK_POLICY = OFF")
SRC("sql-mysql-create-user-identified-by",
    "CREATE USER 'oee_collector'@'10.%' IDENTIFIED BY '«pw»';\nGRANT INSERT, SELECT ON oee.* TO 'oee_collector'@'10.%';",
    "pw", "oee_collector")
SRC("sql-insert-device-config-row",
    "INSERT INTO device_config (device_id, cfg_key, cfg_value) VALUES\n  ('gw-«n»', 'mqtt_user', 'gw«n»'),\n  ('gw-«n»', 'mqtt_password', '«pws»');",
    "pws", "device_config")
SRC("python-pytest-fixture-token",
    "@pytest.fixture\ndef api_client():\n    return FleetClient(base_url=\"https://sandbox.fleet.example.com\", token=\"«tok»\")",
    "tok", "sandbox.fleet.example.com", tok=lambda: "fk_test_" + an(32))
SRC("jupyter-notebook-cell-json-source",
    "{\n \"cell_type\": \"code\",\n \"source\": [\n  \"HIST_URL = \\\"https://«host»/piwebapi\\\"\\n\",\n  \"HIST_PASSWORD = \\\"«pw»\\\"\\n\"\n ]\n}",
    "pw", "piwebapi")
SRC("python-dict-config-literal",
    "CONFIG = {\n    \"broker\": \"«host»\",\n    \"port\": 8883,\n    \"username\": \"oven-line\",\n    \"password\": \"«pw»\",\n    \"topic\": \"plant/oven/+/temp\",\n}",
    "pw", "plant/oven/+/temp")
SRC("js-env-or-hardcoded-fallback",
    "const pw = process.env.BMS_PASSWORD || '«pw»';\nconst niagara = new NiagaraClient({ host: '«ip»', user: 'bmsread', password: pw });",
    "pw", "NiagaraClient")
SRC("python-os-getenv-default-value",
    "SCADA_USER = os.getenv(\"SCADA_USER\", \"scada_ro\")\nSCADA_PASS = os.getenv(\"SCADA_PASS\", \"«pw»\")",
    "pw", "SCADA_USER")
SRC("java-properties-put-smtp-password",
    "Properties props = new Properties();\nprops.put(\"mail.smtp.host\", \"smtp.plant.example\");\nprops.put(\"mail.smtp.user\", \"andon\");\nprops.put(\"mail.smtp.password\", \"«pw»\");",
    "pw", "mail.smtp.host")
SRC("csharp-httpclient-bearer-header",
    "_http.DefaultRequestHeaders.Authorization =\n    new AuthenticationHeaderValue(\"Bearer\", \"«tok»\");\nvar resp = await _http.GetAsync(\"api/v1/assets\");",
    "tok", "api/v1/assets", tok=L(b64u, 52))
SRC("go-http-header-set-api-key",
    "req, _ := http.NewRequest(\"GET\", baseURL+\"/trucks\", nil)\nreq.Header.Set(\"X-Api-Key\", \"«tok»\")\nresp, err := client.Do(req)",
    "tok", "/trucks", tok=L(hx, 32))
SRC("python-jwt-encode-hs256-secret",
    "token = jwt.encode({\"sub\": device_id, \"exp\": exp}, \"«tok»\", algorithm=\"HS256\")",
    "tok", "algorithm=\"HS256\"", tok=L(an, 32))
SRC("python-flask-secret-key-config",
    "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"«tok»\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True",
    "tok", "SESSION_COOKIE_SECURE", tok=L(hx, 48))
SRC("django-settings-secret-key",
    "# mes_portal/settings.py\nDEBUG = False\nSECRET_KEY = \"django-insecure-«tok»\"\nALLOWED_HOSTS = [\"mes.plant.example\"]",
    "tk", "ALLOWED_HOSTS", tok=lambda: _s(_LOW + _DIG + "!@#%^&*(-_=+)", 50), tk=D(lambda v: "django-insecure-" + v["tok"]))
SRC("python-hmac-key-from-hex",
    "HMAC_KEY = bytes.fromhex(\"«hx64»\")\nsig = hmac.new(HMAC_KEY, payload, hashlib.sha256).hexdigest()",
    "hx64", "hashlib.sha256")
SRC("c-uint8-aes-key-array",
    "/* AES-128 key for CAN frame MAC (SecOC bench) */\nstatic const uint8_t secoc_key[16] = { «kb» };",
    "kb", "SecOC bench", kb=lambda: ", ".join("0x" + HX(2) for _ in range(16)))
SRC("python-uds-security-access-constant",
    "# seed/key for level 0x27 0x11 on the bench ECU\nSA_SECRET = 0x«HX8»\n\ndef compute_key(seed: int) -> int:\n    return ((seed ^ SA_SECRET) * 0x343FD + 0x269EC3) & 0xFFFFFFFF",
    "kk", "compute_key", kk=D(lambda v: "0x" + v["HX8"]), HX8=L(HX, 8))
SRC("vba-adodb-connection-open",
    "Dim conn As New ADODB.Connection\nconn.Open \"Provider=SQLOLEDB;Data Source=«shost»;Initial Catalog=Quality;User ID=qa_excel;Password=«pws»;\"\nSet rs = conn.Execute(\"SELECT * FROM SPC_Samples\")",
    "pws", "SPC_Samples")
SRC("matlab-database-connect-call",
    "conn = database('benchdb', 'bench_analyst', '«pw»', ...\n    'Vendor', 'PostgreSQL', 'Server', '«host»');\ndata = fetch(conn, 'SELECT * FROM dyno_runs LIMIT 100');",
    "pw", "bench_analyst")
SRC("python-selenium-hmi-login",
    "driver.get(\"http://«ip»/webvisu.htm\")\ndriver.find_element(By.ID, \"user\").send_keys(\"Service\")\ndriver.find_element(By.ID, \"pwd\").send_keys(\"«pw»\")\ndriver.find_element(By.ID, \"login\").click()",
    "pw", "webvisu.htm")
SRC("js-fetch-basic-btoa",
    "const res = await fetch(`http://${plcIp}/api/jsonrpc`, {\n  method: 'POST',\n  headers: { Authorization: 'Basic ' + btoa('webapi:«pws»') },\n});",
    "pws", "api/jsonrpc")
SRC("python-base64-basic-header-build",
    "auth = base64.b64encode(b\"bmsadmin:«pws»\").decode()\nheaders = {\"Authorization\": f\"Basic {auth}\"}",
    "pws", "bmsadmin")
SRC("r-dbconnect-password-arg",
    "con <- DBI::dbConnect(RPostgres::Postgres(), host = \"«host»\", dbname = \"energy\",\n                      user = \"analyst\", password = \"«pw»\")",
    "pw", "RPostgres::Postgres()")
SRC("csharp-tia-openness-credentials",
    "var umac = new UmacCredentials { Name = \"engineer\", Type = UmacUserType.Project };\numac.SetPassword(ToSecureString(\"«pw»\"));\nvar project = tia.Projects.Open(new FileInfo(path), new UmacDelegate(c => c = umac));",
    "pw", "UmacCredentials")
SRC("python-pysnmp-community-data",
    "errInd, errStat, errIdx, varBinds = next(getCmd(\n    SnmpEngine(), CommunityData(\"«comm»\", mpModel=1),\n    UdpTransportTarget((\"«ip»\", 161)), ContextData(),\n    ObjectType(ObjectIdentity(\"SNMPv2-MIB\", \"sysDescr\", 0))))",
    "comm", "sysDescr", comm=lambda: "bms" + an(10))
SRC("csharp-network-credential-ctor",
    "var handler = new HttpClientHandler { Credentials = new NetworkCredential(\"svc_report\", \"«pw»\", \"PLANT\") };",
    "pw", "svc_report")
SRC("java-password-authentication-authenticator",
    "Authenticator.setDefault(new Authenticator() {\n    protected PasswordAuthentication getPasswordAuthentication() {\n        return new PasswordAuthentication(\"proxyuser\", \"«pw»\".toCharArray());\n    }\n});",
    "pw", "proxyuser")
SRC("go-struct-literal-config-password",
    "cfg := modbusbridge.Config{\n\tBroker:   \"tcp://«ip»:1883\",\n\tUsername: \"mbbridge\",\n\tPassword: \"«pw»\",\n\tSlaveID:  1,\n}",
    "pw", "SlaveID")
SRC("python-redis-from-url-password",
    "r = redis.Redis.from_url(\"redis://:«pwu»@«ip»:6379/2\")\nr.xadd(\"andon:events\", {\"line\": line, \"state\": state})",
    "pwu", "andon:events")
SRC("lua-openwrt-script-password-local",
    "local uci = require(\"luci.model.uci\").cursor()\nlocal api_user = \"rms\"\nlocal api_pass = \"«pw»\"\nuci:set(\"rms\", \"main\", \"enabled\", \"1\")",
    "pw", "luci.model.uci")
SRC("yaml-embedded-in-python-test",
    "CFG = yaml.safe_load(\"\"\"\nbroker: «host»\nuser: tester\npassword: «pws»\n\"\"\")",
    "pws", "yaml.safe_load")
SRC("ewon-basic-script-ftp-password",
    "REM upload csv to FTP every hour\nftpUser$ = \"ewonftp\"\nftpPass$ = \"«pws»\"\nPUTFTP \"/logs/hist.csv\", \"[$dtHL$ftT$fnlog]\"",
    "pws", "upload csv to FTP")

# ===========================================================================
# group: stack-trace-or-log
# ===========================================================================
LOG("python-traceback-source-line-dsn",
    "Traceback (most recent call last):\n  File \"/opt/oee/collector.py\", line 42, in <module>\n    engine = create_engine(\"postgresql://oee:«pwu»@«host»/oee\")\n  File \"/opt/oee/venv/lib/python3.11/site-packages/sqlalchemy/engine/create.py\", line 600, in create_engine\nModuleNotFoundError: No module named 'psycopg2'",
    "pwu", "ModuleNotFoundError")
LOG("java-exception-jdbc-url-password-param",
    "com.microsoft.sqlserver.jdbc.SQLServerException: The TCP/IP connection to the host «shost», port 1433 has failed.\n\tat com.microsoft.sqlserver.jdbc.SQLServerConnection.connect(SQLServerConnection.java:1410)\nCaused by: url=jdbc:sqlserver://«shost»:1433;databaseName=MES;user=mes_app;password=«pws»;encrypt=false",
    "pws", "SQLServerConnection.java:1410")
LOG("node-error-config-object-dump",
    "Error: connect ECONNREFUSED «ip»:1883\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)\n  config: {\n    host: '«ip»',\n    username: 'line-sensor',\n    password: '«pw»',\n    keepalive: 30\n  }",
    "pw", "ECONNREFUSED")
LOG("gateway-debug-mqtt-connect-line",
    "«ts» DEBUG mqtt.client: CONNECT client_id=gw-«n» clean=1 keepalive=60 user=gw«n» pass=«pws»\n«ts2» INFO  mqtt.client: CONNACK rc=0",
    "pws", "CONNACK rc=0")
LOG("nginx-access-log-access-token-query",
    "«ip» - - [«d»] \"GET /api/v1/telemetry?vin=«vin»&access_token=«tok» HTTP/1.1\" 200 5312 \"-\" \"okhttp/4.12.0\"",
    "tok", "okhttp/4.12.0", tok=L(b64u, 40), d=lambda: "%02d/Mar/2024:%s +0100" % (_R.randint(1, 28), tm()))
LOG("apache-access-log-apikey-param",
    "«ip» - - [«d»] \"POST /ingest.php?device=«imei»&apikey=«tok» HTTP/1.1\" 204 - \"-\" \"Teltonika-FMB/03.28\"",
    "tok", "Teltonika-FMB", tok=L(hx, 32), d=lambda: "%02d/Oct/2024:%s +0200" % (_R.randint(1, 28), tm()))
LOG("http-debug-request-headers-dump",
    "DEBUG http.client  >>> POST https://«host»/oauth/token\nDEBUG http.client  >>> Content-Type: application/x-www-form-urlencoded\nDEBUG http.client  >>> Authorization: Bearer «jwt»\nDEBUG http.client  <<< 200 OK (182 ms)",
    "jwt", "Content-Type: application/x-www-form-urlencoded")
LOG("sudo-auth-log-command-password",
    "«d» edge-gw-«n» sudo:  fieldsvc : TTY=pts/0 ; PWD=/home/fieldsvc ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p«pwu» -e SHOW SLAVE STATUS",
    "pwu", "TTY=pts/0", d=lambda: "Jun %2d %s" % (_R.randint(1, 28), tm()))
LOG("journald-service-printing-env",
    "«d» hist-collector[«pid»]: starting with HIST_HOST=«host» HIST_USER=collector HIST_PASSWORD=«pws» BATCH=500",
    "pws", "BATCH=500", d=lambda: "Jan %2d %s" % (_R.randint(1, 28), tm()))
LOG("k8s-pod-log-startup-config-json",
    "{\"level\":\"info\",\"ts\":\"«ts»\",\"msg\":\"starting\",\"config\":{\"broker\":\"ssl://«host»:8883\",\"user\":\"ingest\",\"password\":\"«pw»\",\"qos\":1}}",
    "pw", "\"msg\":\"starting\"")
LOG("jenkins-initial-admin-password-banner",
    "*************************************************************\n\nJenkins initial setup is required. An admin user has been created and a password generated.\nPlease use the following password to proceed to installation:\n\n«hx32»\n\nThis may also be found at: /var/jenkins_home/secrets/initialAdminPassword",
    "hx32", "initialAdminPassword")
LOG("container-log-generated-admin-password",
    "«ts» [init] No admin password supplied, generated one.\n«ts2» [init] admin password: «an20»\n«ts3» [init] dashboard listening on :18083",
    "an20", "dashboard listening on :18083")
LOG("go-panic-struct-printf",
    "panic: dial tcp «ip»:5432: connect: connection refused\n\ngoroutine 1 [running]:\nmain.mustDB({Host:«ip» Port:5432 User:fleet Password:«pwu» DB:telemetry})\n\t/src/cmd/ingest/main.go:57 +0x1a5",
    "pwu", "goroutine 1 [running]")
LOG("rust-debug-struct-print",
    "[«ts» ERROR edge_agent] failed to connect: Config { host: \"«host»\", port: 8883, username: \"edge\", password: \"«pw»\", tls: true }",
    "pw", "edge_agent")
LOG("dotnet-sqlexception-with-connstring",
    "fail: Mes.Data.DbFactory[0]\n      Could not open connection 'Server=«shost»;Database=MES;User Id=mes_svc;Password=«pws»;'\n      Microsoft.Data.SqlClient.SqlException (0x80131904): Login failed for user 'mes_svc'.",
    "pws", "Login failed for user")
LOG("python-http-client-send-body-debug",
    "send: b'POST /oauth2/token HTTP/1.1\\r\\nHost: «host»\\r\\nContent-Type: application/x-www-form-urlencoded\\r\\n\\r\\ngrant_type=client_credentials&client_id=fleet-etl&client_secret=«tok»'\nreply: 'HTTP/1.1 200 OK\\r\\n'",
    "tok", "grant_type=client_credentials", tok=L(b64u, 40))
LOG("urllib3-debug-url-with-key",
    "DEBUG:urllib3.connectionpool:https://api.«dom»:443 \"GET /v1/vehicles/«vin»/odometer?key=«tok» HTTP/1.1\" 200 412",
    "tok", "urllib3.connectionpool", tok=L(an, 32), dom=C("fleet.example.com", "motorworks.example"))
LOG("opcua-server-debug-activate-session",
    "«ts» [DEBUG] ua.server: ActivateSession endpoint=opc.tcp://0.0.0.0:4840 policy=None user=«user» password=«pws»\n«ts2» [WARN ] ua.server: SecurityPolicy None is enabled",
    "pws", "SecurityPolicy None is enabled")
LOG("ignition-wrapper-log-line",
    "INFO   | jvm 1    | «d» | I [g.DatabaseManager] Reconnecting datasource MES: jdbc:mysql://«host»:3306/mes?user=ignition&password=«pwu»",
    "pwu", "g.DatabaseManager", d=lambda: "2024/05/%02d %s" % (_R.randint(1, 28), tm()))
LOG("windows-event-4688-command-line",
    "Log Name: Security\nEvent ID: 4688\nA new process has been created.\nProcess Command Line: net use \\\\«shost»\\Archive /user:PLANT\\svc_arch «pws»\nCreator Process Name: C:\\Windows\\System32\\cmd.exe",
    "pws", "Event ID: 4688")
LOG("powershell-transcript-parameter-line",
    "**********************\nPowerShell transcript start\nPS C:\\Tools> .\\Set-HmiAutologon.ps1 -User HMI-OPERATOR -Password '«pw»'\nAutologon configured for HMI-OPERATOR",
    "pw", "PowerShell transcript start")
LOG("ansible-verbose-invocation-module-args",
    "changed: [gw-«n»] => {\"changed\": true, \"invocation\": {\"module_args\": {\"name\": \"mqtt\", \"password\": \"«pw»\", \"update_password\": \"always\"}}}",
    "pw", "update_password")
LOG("terraform-debug-http-authorization",
    "«ts» [DEBUG] provider.terraform-provider-grafana: GET /api/folders HTTP/1.1\n«ts2» [DEBUG] provider.terraform-provider-grafana: Authorization: Bearer glsa_«an32»_«hx8»",
    "tk", "terraform-provider-grafana", tk=D(lambda v: "glsa_" + v["an32"] + "_" + v["hx8"]))
LOG("bash-xtrace-curl-user",
    "+ GW=«ip»\n+ curl -fsS -u admin:«pwu» http://«ip»/cgi-bin/export.cgi -o gw.cfg\n+ echo 'export done'",
    "pwu", "export done")
LOG("cron-mail-output-with-url",
    "From: root@hist-«n» (Cron Daemon)\nSubject: Cron <root@hist-«n»> /opt/sync.sh\n\nrsync: failed to connect to rsync://archive:«pwu»@«ip»/hist: Connection timed out (110)",
    "pwu", "Cron Daemon")
LOG("gateway-audit-log-config-set",
    "«ts» AUDIT user=admin src=«ip» action=set key=cloud.password value=\"«pw»\" result=ok",
    "pw", "action=set")
LOG("tcu-serial-console-apn-credentials",
    "[   12.418231] tcu-modem: apn=iot.«apn».example user=telem pass=«pws»\n[   12.502117] tcu-modem: PDP context 1 activated",
    "pws", "PDP context 1 activated", apn=C("m2m", "fleet", "corp"))
LOG("modem-at-command-log-qicsgp",
    ">> AT+QICSGP=1,1,\"fleet.apn.example\",\"tcu\",\"«pws»\",1\n<< OK\n>> AT+QIACT=1\n<< OK",
    "pws", "AT+QIACT=1")
LOG("esp32-serial-monitor-wifi-credentials",
    "I (512) wifi_mgr: loaded creds from nvs: ssid=«ssid» psk=«pws»\nI (1534) wifi_mgr: connected, ip=«ip»",
    "pws", "wifi_mgr")
LOG("requests-connectionerror-url-token",
    "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='telematics.«dom»', port=443): Max retries exceeded with url: /v2/positions?token=«tok»&since=0 (Caused by NameResolutionError(\"Failed to resolve 'telematics.«dom»'\"))",
    "tok", "Max retries exceeded", tok=L(hx, 40), dom=C("fleet.example.com", "orion-motors.example"))
LOG("axios-error-config-headers-dump",
    "AxiosError: Request failed with status code 502\n  config: {\n    url: 'https://«host»/api/points',\n    headers: AxiosHeaders {\n      Accept: 'application/json',\n      Authorization: 'Bearer «tok»'\n    }\n  }",
    "tok", "status code 502", tok=L(b64u, 48))
LOG("aiohttp-403-signed-url-signature",
    "aiohttp.client_exceptions.ClientResponseError: 403, message='Forbidden', url=URL('https://fleet-dumps.s3.eu-central-1.amazonaws.com/can/«vin».mf4?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«akid»%2F2024%2Feu-central-1%2Fs3%2Faws4_request&X-Amz-Date=20240611T101500Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=«hx64»')",
    "hx64", "fleet-dumps.s3.eu-central-1.amazonaws.com")
LOG("git-trace-remote-https-url",
    "«t».«n»123 run-command.c:659        trace: run_command: git remote-https origin https://build:«glpat»@gitlab.plant.example/ot/scada-hmi.git",
    "glpat", "run-command.c", t=tm)
LOG("git-curl-verbose-basic-header",
    "=> Send header, 176 bytes (0xb0)\n=> Send header: GET /ot/firmware.git/info/refs?service=git-upload-pack HTTP/1.1\n=> Send header: Host: git.plant.example\n=> Send header: Authorization: Basic «b»",
    "b", "git-upload-pack", b=D(lambda v: b64of("deploy:" + v["pwu"])))
LOG("bms-syslog-cloud-login-token",
    "<134>1 «ts» bms-gw-«n» bacnetd 431 - - cloud session established token=«tok» expires_in=3600",
    "tok", "bacnetd", tok=L(an, 40))
LOG("fleet-server-ingest-log-key",
    "«ts» INFO ingest: POST /v1/ingest device=«imei» key=«tok» frames=128 dropped=0",
    "tok", "frames=128", tok=L(hx, 32))
LOG("json-log-authorization-header-field",
    "{\"@timestamp\":\"«ts»\",\"service\":\"asset-api\",\"http.request.method\":\"GET\",\"url.path\":\"/assets/«n»\",\"http.request.headers.authorization\":\"Bearer «tok»\",\"status\":200}",
    "tok", "asset-api", tok=L(b64u, 40))
LOG("mysql-general-log-create-user",
    "«ts»\t  «n» Query\tCREATE USER 'line_report'@'%' IDENTIFIED BY '«pw»'\n«ts2»\t  «n» Query\tGRANT SELECT ON mes.* TO 'line_report'@'%'",
    "pw", "GRANT SELECT ON mes.*")
LOG("postgres-log-alter-role-statement",
    "«d» UTC [«pid»] LOG:  statement: ALTER ROLE grafana_ro WITH PASSWORD '«pw»';",
    "pw", "grafana_ro", d=lambda: date() + " " + tm() + ".%03d" % _R.randint(0, 999))
LOG("redis-monitor-auth-command",
    "1718099012.184213 [0 «ip»:51244] \"AUTH\" \"«pw»\"\n1718099012.185003 [0 «ip»:51244] \"XADD\" \"andon:events\" \"*\" \"line\" \"4\"",
    "pw", "andon:events")
LOG("jvm-start-system-property-keystore-password",
    "«ts» INFO  Launcher - JVM args: -Xmx2g -Djavax.net.ssl.keyStore=/opt/mes/mes.p12 -Djavax.net.ssl.keyStorePassword=«pws» -Duser.timezone=UTC",
    "pws", "javax.net.ssl.keyStore=")
LOG("azure-function-log-sas-url",
    "«ts» [Information] Uploading report to https://plantreports.blob.core.windows.net/oee/«date».csv?sv=2022-11-02&ss=b&srt=o&sp=rwc&se=2025-01-01T00:00:00Z&st=2024-01-01T00:00:00Z&spr=https&sig=«sig»",
    "sig", "Uploading report to")
LOG("node-red-log-broker-url-creds",
    "«d» - [info] [mqtt-broker:plant] Connection failed to broker: plant@mqtt://line-bridge:«pwu»@«host»:1883",
    "pwu", "[mqtt-broker:plant]", d=lambda: "%d %s" % (_R.randint(1, 28), "May " + tm()))
LOG("kepware-event-log-csv-line",
    "«date» «t»,Warning,KEPServerEX\\Runtime,\"MQTT Client agent 'cloud': connect failed (user='kep', password='«pw»')\"",
    "pw", "KEPServerEX", t=tm)
LOG("telegraf-log-http-output-error-url",
    "«ts» E! [outputs.http] When writing to [https://ingest:«pwu»@«host»/write]: Post \"https://ingest:«pwu»@«host»/write\": context deadline exceeded",
    "pwu", "outputs.http")
LOG("python-keyerror-after-dict-repr",
    "cfg loaded: {'site': 'ulm', 'plc_ip': '«ip»', 'ftp_user': 'plcftp', 'ftp_pass': '«pw»'}\nTraceback (most recent call last):\n  File \"sync.py\", line 18, in <module>\n    line = cfg['line']\nKeyError: 'line'",
    "pw", "KeyError: 'line'")
LOG("rich-traceback-locals-panel",
    "│ ╭──────────── locals ─────────────╮\n│ │     host = '«host»'               │\n│ │ password = '«pw»'                 │\n│ │     user = 'svc_hist'             │\n│ ╰─────────────────────────────────╯",
    "pw", "svc_hist")
LOG("lib-pq-dsn-in-error",
    "«ts» ERROR store: open db \"host=«host» port=5432 user=fleet password=«pwu» dbname=telemetry sslmode=disable\": pq: no pg_hba.conf entry for host",
    "pwu", "pg_hba.conf")
LOG("kafka-client-config-values-dump",
    "«ts» INFO  ProducerConfig values:\n\tbootstrap.servers = [«host»:9093]\n\tsasl.mechanism = SCRAM-SHA-512\n\tsasl.jaas.config = org.apache.kafka.common.security.scram.ScramLoginModule required username=\"plant-events\" password=\"«pw»\";",
    "pw", "SCRAM-SHA-512")
LOG("sentry-breadcrumb-cookie-header",
    "{\"category\":\"http\",\"data\":{\"method\":\"GET\",\"url\":\"/dashboard/line/«n»\",\"headers\":{\"Cookie\":\"sessionid=«tok»; theme=dark\"}},\"level\":\"info\"}",
    "tok", "/dashboard/line/", tok=L(lo, 32))
LOG("ci-runner-job-log-docker-login-p",
    "$ docker login -u gitlab-ci-token -p «glpat» registry.plant.example\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded",
    "glpat", "Login Succeeded")
LOG("plc-webserver-access-log-basic",
    "«ip» «date» «t» GET /awp/Diag/diag.html 401 -\n«ip» «date» «t» GET /awp/Diag/diag.html 200 Authorization=Basic «b»",
    "b", "/awp/Diag/diag.html", t=tm, b=D(lambda v: b64of("service:" + v["pwu"])))
LOG("odoo-style-log-db-password",
    "«ts» «pid» INFO ? odoo.service.server: Initiating with options db_host=«host» db_user=odoo db_password=«pwu» workers=4",
    "pwu", "odoo.service.server")
LOG("vehicle-diag-tool-log-security-key",
    "«ts» [UDS] 27 11 -> seed 4F 2A 91 C3\n«ts2» [UDS] using static key secret «sk» for level 0x11\n«ts3» [UDS] 67 12 positive response, ECU unlocked",
    "sk", "ECU unlocked", sk=lambda: "0x" + HX(16))
LOG("mosquitto-auth-plugin-debug",
    "«ts»: mosquitto-go-auth: [DEBUG] checking user «user» with password «pws» against backend files",
    "pws", "mosquitto-go-auth")
LOG("grafana-log-datasource-url-creds",
    "logger=tsdb.influxdb t=«ts» level=error msg=\"query failed\" url=http://reader:«pwu»@«ip»:8086/query err=\"EOF\"",
    "pwu", "tsdb.influxdb")
LOG("spring-boot-startup-property-echo",
    "«ts»  INFO 1 --- [main] c.p.mes.ConfigEcho : mes.opcua.endpoint=opc.tcp://«ip»:4840\n«ts2»  INFO 1 --- [main] c.p.mes.ConfigEcho : mes.opcua.password=«pws»",
    "pws", "c.p.mes.ConfigEcho")
LOG("wsgi-error-environ-dump",
    "[wsgi:error] [pid «pid»] environ: {'REQUEST_METHOD': 'POST', 'HTTP_X_API_KEY': '«tok»', 'PATH_INFO': '/bms/setpoints'}",
    "tok", "/bms/setpoints", tok=L(hx, 40))
LOG("systemd-failed-unit-execstart-line",
    "× bench-recorder.service - Dyno bench recorder\n     Loaded: loaded (/etc/systemd/system/bench-recorder.service; enabled)\n    Process: «pid» ExecStart=/opt/bench/rec --db postgres://bench:«pwu»@«ip»/bench (code=exited, status=1/FAILURE)",
    "pwu", "Dyno bench recorder")
LOG("hmi-panel-runtime-log-ftp-login",
    "«date» «t» [FTP] USER hmi_upload\n«date» «t» [FTP] PASS «pws»\n«date» «t» [FTP] 230 Login successful.",
    "pws", "230 Login successful", t=tm)
LOG("java-stacktrace-ldap-bind-credentials",
    "javax.naming.AuthenticationException: [LDAP: error code 49 - Invalid Credentials]\n\tat com.sun.jndi.ldap.LdapCtx.mapErrorCode(LdapCtx.java:3261)\n\tbindDN=cn=svc-mes,ou=svc,dc=plant,dc=example bindPassword=«pw»",
    "pw", "LdapCtx.java:3261")
LOG("uvicorn-access-log-query-token",
    "INFO:     «ip»:51832 - \"GET /ws/fleet?token=«jwt» HTTP/1.1\" 101",
    "jwt", "/ws/fleet")
LOG("fluentd-record-with-password-field",
    "«ts» plc.audit: {\"user\":\"engineer\",\"action\":\"download\",\"project\":\"Line«n»_V17\",\"protect_pw\":\"«pws»\"}",
    "pws", "plc.audit")
LOG("docker-compose-up-log-echoed-secret",
    "historian-1  | + echo 'connecting as hist with «pw»'\nhistorian-1  | connecting as hist with «pw»\nhistorian-1  | ready on :8080",
    "pw", "ready on :8080")
LOG("airflow-task-log-connection-uri",
    "[«ts»] {base.py:83} INFO - Using connection ID 'mes_db' for task execution.\n[«ts2»] {sql.py:418} INFO - Running statement on mssql://etl:«pwu»@«shost»:1433/MES",
    "pwu", "Using connection ID 'mes_db'")

# ===========================================================================
# group: note-or-chat  (agent notes, goals, decisions, pasted chat)
# ===========================================================================
NOTE("slack-thread-handover-password",
    "«person» (Slack, #ot-line«n»): handing over the Line «n» edge box to you. root pw is «pw» until we get it into Vault. don't change the IP, the PLCs talk to it directly.",
    "pw", "handing over the Line")
NOTE("german-shift-handover-kennwort",
    "Schichtübergabe Linie «n» ({d}): HMI-Benutzer 'Einrichter' hat jetzt das Kennwort «pw» – bitte nicht weitergeben, Service kommt Montag.".replace("{d}", "Spätschicht"),
    "pw", "Schichtübergabe")
NOTE("french-site-note-mot-de-passe",
    "Note d'intervention – site «city»: l'automate de la ligne «n» est joignable en 10.x via le VPN. Identifiant: maintenance / mot de passe: «pw»",
    "pw", "Note d'intervention")
NOTE("spanish-chat-contrasena",
    "«person»: oye, la contraseña del SCADA de la planta es «pw», el usuario es operador1. Cámbiala después de la puesta en marcha.",
    "pw", "el usuario es operador1")
NOTE("italian-ticket-credenziali",
    "Ticket #«nn» – Credenziali pannello HMI linea «n»: utente «user», password «pw». Il cliente chiede di cambiarla dopo il collaudo.",
    "pw", "Credenziali pannello HMI")
NOTE("portuguese-whatsapp-senha",
    "[«t»] «person»: a senha do roteador da van de serviço é «pw» (rede «ssid»)",
    "pw", "a senha do roteador", t=lambda: tm()[:5])
NOTE("polish-note-haslo",
    "Notatka z serwisu: sterownik S7-1500 na linii «n», hasło do poziomu ochrony: «pw». Nie zmieniać bez zgody utrzymania ruchu.",
    "pw", "Notatka z serwisu")
NOTE("czech-chat-heslo",
    "«person»: Heslo na WinCC server je «pw», uživatel Administrator. Prosím, nikam to nepiš.",
    "pw", "uživatel Administrator")
NOTE("dutch-chat-wachtwoord",
    "«person»: het wachtwoord voor de gebouwbeheer-PC (Niagara) is «pw» — gebruiker admin.",
    "pw", "gebouwbeheer-PC")
NOTE("swedish-note-losenord",
    "Anteckning: routern i servicebilen «n» – lösenord «pw», användare admin. Byt efter leverans.",
    "pw", "servicebilen")
NOTE("turkish-chat-sifre",
    "«person»: hat «n» PLC panelinin şifresi «pw», kullanıcı adı teknisyen. Devreye alma bitince değiştirelim.",
    "pw", "kullanıcı adı teknisyen")
NOTE("japanese-chat-password",
    "«person»さん: ライン«n»のHMIのパスワードは「«pw»」です。ユーザーはoperatorです。",
    "pw", "ユーザーはoperatorです")
NOTE("chinese-chat-mima",
    "«person»：三号车间网关的登录密码是 «pw» ，用户名 admin，调试完记得改掉。",
    "pw", "用户名 admin")
NOTE("korean-chat-bimilbeonho",
    "«person»: 라인«n» 게이트웨이 비밀번호: «pw» / 아이디: root",
    "pw", "아이디: root")
NOTE("russian-note-parol",
    "Заметка: доступ к SCADA на участке «n» — логин operator, пароль «pw». Сменить после приёмки.",
    "pw", "логин operator")
NOTE("hungarian-chat-jelszo",
    "«person»: a «n»-es sor HMI jelszava «pw», felhasználó: karbantartas",
    "pw", "felhasználó: karbantartas")
NOTE("romanian-note-parola",
    "Notă service: parola pentru gateway-ul Modbus din hala «n» este «pw» (utilizator admin).",
    "pw", "Notă service")
NOTE("finnish-chat-salasana",
    "«person»: salasana kiinteistöautomaation palvelimelle on «pw», käyttäjä hvac",
    "pw", "käyttäjä hvac")
NOTE("agent-running-note-creds-from-user",
    "NOTE (running): user supplied staging broker creds in chat -> u: «user» / pw: «pw». Using them only for the smoke test, not writing to repo.",
    "pw", "staging broker creds")
NOTE("agent-goal-with-inline-token",
    "GOAL: pull last 24h of GPS breadcrumbs for vans in depot «city» from the fleet API (token «tok») and plot idle time per vehicle.",
    "tok", "GOAL: pull last 24h", tok=lambda: "flt_" + an(36))
NOTE("teams-message-pasted-wlan-key",
    "[«t»] «fullname»: the new WLAN key for the service vans is «pws» — SSID stays «ssid»",
    "pws", "the new WLAN key", t=lambda: tm()[:5])
NOTE("email-forward-credentials-block",
    "---------- Forwarded message ---------\nFrom: «fullname» <«email»>\nSubject: Zugang BMS Halle «n»\n\nHi, here are the access details for the BMS supervisor:\nURL: https://«ip»/\nUser: integrator\nPassword: «pw»",
    "pw", "Forwarded message")
NOTE("jira-comment-reset-password",
    "JIRA OT-«nn» comment by «fullname»: Reset the BMS admin password to «pw». Please rotate after commissioning and close this ticket.",
    "pw", "Please rotate after commissioning")
NOTE("sms-style-terse-pw",
    "SMS from «person» «t»: gw-«n» root → «pws» thx",
    "pws", "SMS from", t=lambda: tm()[:5])
NOTE("unlabeled-user-slash-password-pair",
    "login for the Niagara station on «ip»: admin / «pws» (the one on the sticker is outdated)",
    "pws", "the one on the sticker is outdated")
NOTE("markdown-handover-table",
    "| Device | IP | User | Password |\n|---|---|---|---|\n| Edge GW Line «n» | «ip» | root | «pws» |\n| Switch IE-2 | «ip2» | admin | (see KeePass) |",
    "pws", "| Device | IP | User | Password |")
NOTE("commissioning-checklist-paste",
    "Commissioning checklist – «site»\n[x] firmware «ver» flashed\n[x] NTP set to «ip»\n[ ] change default creds (current: admin/«pws»)\n[ ] backup project to NAS",
    "pws", "Commissioning checklist")
NOTE("decision-log-temporary-password",
    "DECISION «date»: keep temporary broker password «pw» for the FAT week, rotate before SAT. Owner: «fullname».",
    "pw", "Owner:")
NOTE("voice-memo-transcript-spoken-code",
    "Transcript of voice memo («person»): \"...and the code for the diag laptop is «pws», all one word, capital first letter...\"",
    "pws", "Transcript of voice memo")
NOTE("wiki-page-credentials-section",
    "== Access ==\n* Historian web UI: https://«host»/\n* Service account: svc_hist\n* Password: «pw»\n* MFA: none (OT network)",
    "pw", "== Access ==")
NOTE("sticker-photo-ocr-transcription",
    "OCR of photo from cabinet door (IMG_«nn».jpg):\nWLAN: «ssid»\nKey: «pws»\nIP: «ip»",
    "pws", "OCR of photo")
NOTE("agent-todo-rotate-token",
    "- [ ] rotate the remote-access token «tok» after handover (it was pasted in #ot-support)",
    "tok", "after handover", tok=lambda: "t2m_" + an(32))
NOTE("chat-password-in-next-message",
    "«person» «t»: user is fieldtech\n«person» «t»: pw in the next msg\n«person» «t2»: «pws»\n«person» «t2»: delete after reading pls",
    "pws", "delete after reading pls", t=lambda: "%02d:%02d" % (_R.randint(7, 21), _R.randint(0, 50)),
    t2=D(lambda v: v["t"][:3] + "%02d" % (int(v["t"][3:]) + _R.randint(1, 9))))
NOTE("german-formal-email-zugangsdaten",
    "Sehr geehrter Herr «last»,\n\nanbei die Zugangsdaten für den Fernwartungszugang:\nBenutzer: service-«n»\nPasswort: «pw»\n\nMit freundlichen Grüßen\n«fullname»",
    "pw", "Fernwartungszugang")
NOTE("abbreviated-creds-label",
    "creds for bench «n» DAQ: daq / «pws» (ask «person» before changing)",
    "pws", "creds for bench")
NOTE("pwd-label-standup-note",
    "standup «date»: KUKA cell «n» remote access works again, pwd «pws», vendor will call at 14:00",
    "pws", "KUKA cell")
NOTE("immobilizer-pin-workshop-note",
    "Workshop note VIN «vin»: immobilizer PIN for key learning is «pin», valid for this vehicle only.",
    "pin", "immobilizer PIN for key learning")
NOTE("bitlocker-recovery-key-field-laptop",
    "BitLocker recovery key for field laptop FSL-«n» (ID «HX8»): «rk»",
    "rk", "BitLocker recovery key", rk=lambda: "-".join(dg(6) for _ in range(8)))
NOTE("wifi-qr-code-content",
    "decoded the QR on the gateway label: WIFI:T:WPA;S:«ssid»;P:«pws»;;",
    "pws", "WIFI:T:WPA;S:")
NOTE("spanish-whatsapp-clave-wifi",
    "«person» (WhatsApp): la clave del wifi de la nave «n» es «pws», la red se llama «ssid»",
    "pws", "la red se llama")
NOTE("vietnamese-chat-mat-khau",
    "«person»: mật khẩu của máy HMI dây chuyền «n» là «pw», tài khoản operator.",
    "pw", "tài khoản operator")
NOTE("indonesian-chat-kata-sandi",
    "«person»: kata sandi gateway di line «n» adalah «pw», pengguna admin.",
    "pw", "pengguna admin")
NOTE("hindi-chat-password",
    "«person»: लाइन «n» के PLC का पासवर्ड «pw» है, यूज़र engineer है।",
    "pw", "यूज़र engineer")
NOTE("greek-note-kodikos",
    "Σημείωση: κωδικός για το SCADA του αντλιοστασίου: «pw» (χρήστης: operator)",
    "pw", "αντλιοστασίου")
NOTE("arabic-chat-kalimat-al-murur",
    "«person»: كلمة المرور لبوابة المصنع هي «pw» واسم المستخدم admin",
    "pw", "واسم المستخدم admin")
NOTE("norwegian-chat-passord",
    "«person»: passordet til PLS-en på pumpestasjon «n» er «pw», bruker drift",
    "pw", "bruker drift")
NOTE("danish-note-adgangskode",
    "Note: adgangskode til CTS-anlægget (bygning «n»): «pw», bruger: vvs",
    "pw", "CTS-anlægget")
NOTE("ukrainian-chat-parol",
    "«person»: пароль до панелі оператора лінії «n» — «pw», користувач master",
    "pw", "користувач master")
NOTE("thai-chat-rahat-phan",
    "«person»: รหัสผ่าน HMI ไลน์ «n» คือ «pw» ผู้ใช้ operator",
    "pw", "ผู้ใช้ operator")
NOTE("croatian-chat-lozinka",
    "«person»: lozinka za SCADA poslužitelj je «pw», korisnik nadzor",
    "pw", "korisnik nadzor")
NOTE("slovak-note-heslo-servis",
    "Servisná poznámka: heslo do rozvádzača RM-«n» panelu je «pw», meno servis.",
    "pw", "Servisná poznámka")
NOTE("meeting-minutes-action-item",
    "Minutes – OT security sync «date»\n- Rockwell vendor access via Secomea, account ra-support\n- AI: «person» to change the shared password («pw») by Friday\n- next sync in 2 weeks",
    "pw", "OT security sync")
NOTE("postmortem-leaked-token-quote",
    "Postmortem excerpt: the webhook token «tok» was committed in tools/alarm_relay.py on «date» and used from an unknown IP two days later.",
    "tok", "Postmortem excerpt", tok=L(b64u, 40))
NOTE("vendor-support-remote-session-teamviewer",
    "Rockwell TechConnect session: TeamViewer ID «tvid», password «tvpw» – engineer «person» will connect at 15:30.",
    "tvpw", "TeamViewer ID", tvid=lambda: "%s %s %s" % (dg(3), dg(3), dg(3)), tvpw=lambda: lo(4) + dg(2) + lo(2))
NOTE("anydesk-address-and-password-chat",
    "«person»: AnyDesk «adid» / «pws» – I'm on the bench PC now",
    "pws", "I'm on the bench PC now", adid=lambda: "%s %s %s" % (dg(3), dg(3), dg(3)))
NOTE("brazilian-portuguese-note-senha-wifi",
    "Obs: senha do Wi-Fi da linha de pintura: «pws»; usuário do painel: pintura",
    "pws", "linha de pintura")
NOTE("mixed-german-english-chat",
    "«person»: kurz FYI – das neue PW für den OPC-Server ist «pw», user bleibt opc_admin. cheers",
    "pw", "user bleibt opc_admin")
NOTE("chinese-traditional-note-mima",
    "備註：廠區BMS主機帳號 bmsadmin，密碼 «pw»，請勿外流。",
    "pw", "帳號 bmsadmin")
NOTE("japanese-fullwidth-colon-note",
    "メモ：ゲートウェイ管理画面 ユーザー：admin パスワード：«pws»",
    "pws", "ゲートウェイ管理画面")
NOTE("agent-user-said-use-this-token",
    "User said: \"use this token for the test, it expires tomorrow: «tok»\"",
    "tok", "it expires tomorrow", tok=lambda: "gw_" + an(40))
NOTE("github-issue-comment-pasted-creds",
    "> **«user_n»** commented on «date»\n> Works for me with `MQTT_USER=tester MQTT_PASS=«pws»` against the demo broker.",
    "pws", "against the demo broker", user_n=C("kweber-ot", "jnovak", "priya-s"))
NOTE("code-review-comment-quoting-password",
    "Review comment on config/plant.yml L«n»: you left the real password `«pw»` in here, please move it to the sealed secret.",
    "pw", "please move it to the sealed secret")
NOTE("ssh-key-passphrase-note",
    "fieldsvc laptop: ~/.ssh/id_ot is protected, passphrase: «phrase»",
    "phrase", "fieldsvc laptop")
NOTE("german-zugangsdaten-block",
    "Zugangsdaten Prüfstand «n»:\nRechner: «shost»\nBenutzer: pruefer\nPasswort: «pw»\nAnmerkung: nur für Messkampagne KW «n2»",
    "pw", "Zugangsdaten Prüfstand")
NOTE("postit-u-p-shorthand",
    "post-it on monitor: U: hmi_admin  P: «pws»",
    "pws", "post-it on monitor")
NOTE("lithuanian-chat-slaptazodis",
    "«person»: valdiklio slaptažodis yra «pw», vartotojas admin",
    "pw", "vartotojas admin")
NOTE("bulgarian-chat-parola",
    "«person»: паролата за SCADA сървъра е «pw», потребител operator",
    "pw", "потребител operator")
NOTE("hebrew-chat-sisma",
    "«person»: הסיסמה לבקר בקו «n» היא «pw», משתמש admin",
    "pw", "משתמש admin")
NOTE("estonian-note-parool",
    "Märkus: hoone automaatika serveri parool on «pw», kasutaja hooldus",
    "pw", "kasutaja hooldus")
NOTE("agent-scratchpad-password-spaces",
    "scratch: customer's BMS passphrase has spaces -> \"«pwsp»\" (typed exactly like that, lowercase)",
    "pwsp", "typed exactly like that")
NOTE("incident-channel-api-key-paste",
    "#inc-fleet-«nn» «person»: for repro, hit the staging endpoint with X-API-Key «tok», prod key is different",
    "tok", "prod key is different", tok=L(hx, 40))
NOTE("french-email-identifiants-vpn",
    "Bonjour,\nvoici vos identifiants VPN pour la télémaintenance :\nidentifiant : «user»\nmot de passe : «pw»\nCordialement, «fullname»",
    "pw", "télémaintenance")

# ===========================================================================
# group: ci-and-deploy
# ===========================================================================
CI("github-actions-env-hardcoded-token",
    "jobs:\n  sync:\n    runs-on: ubuntu-latest\n    env:\n      FLEET_API_URL: https://api.fleet.example.com\n      FLEET_API_TOKEN: «tok»\n    steps:\n      - uses: actions/checkout@v4",
    "tok", "actions/checkout@v4", tok=lambda: "flt_" + an(36))
CI("gitlab-ci-variables-block-password",
    "variables:\n  PLC_SIM_IMAGE: registry.plant.example/plcsim:«ver»\n  HIST_DB_USER: ci_hist\n  HIST_DB_PASSWORD: \"«pw»\"\n\ntest:integration:\n  stage: test\n  script: pytest -m hist",
    "pw", "test:integration")
CI("jenkinsfile-withenv-hardcoded",
    "stage('Deploy HMI') {\n  steps {\n    withEnv(['HMI_HOST=«ip»', 'HMI_PASS=«pws»']) {\n      sh './deploy_hmi.sh'\n    }\n  }\n}",
    "pws", "Deploy HMI")
CI("jenkinsfile-sh-curl-basic",
    "stage('Upload firmware') {\n  steps {\n    sh \"curl -fsS -u ota-upload:«pwu» -T build/tcu-«ver».bin https://ota.«dom»/upload/\"\n  }\n}",
    "pwu", "Upload firmware", dom=C("orion-motors.example", "motorworks.example"))
CI("azure-pipelines-variables-plaintext",
    "variables:\n  buildConfiguration: 'Release'\n  sqlAdminPassword: '«pw»'\n\nsteps:\n- task: SqlAzureDacpacDeployment@1",
    "pw", "SqlAzureDacpacDeployment@1")
CI("bitbucket-pipelines-script-export",
    "pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export NEXUS_PASS=«pwu»\n            - ./gradlew publish -PnexusPassword=$NEXUS_PASS",
    "pwu", "./gradlew publish")
CI("circleci-environment-map",
    "jobs:\n  build:\n    docker:\n      - image: cimg/python:3.11\n    environment:\n      INFLUX_TOKEN: «influx»\n      INFLUX_ORG: plant",
    "influx", "cimg/python:3.11")
CI("dockerfile-env-password",
    "FROM eclipse-temurin:17-jre\nENV MES_DB_USER=mes_app\nENV MES_DB_PASSWORD=«pws»\nCOPY target/mes.jar /app/mes.jar\nENTRYPOINT [\"java\",\"-jar\",\"/app/mes.jar\"]",
    "pws", "eclipse-temurin:17-jre")
CI("dockerfile-arg-default-token",
    "FROM python:3.11-slim\nARG GITLAB_TOKEN=«glpat»\nRUN pip install --extra-index-url https://__token__:${GITLAB_TOKEN}@gitlab.plant.example/api/v4/projects/42/packages/pypi/simple plc-tools",
    "glpat", "python:3.11-slim")
CI("dockerfile-run-pip-index-url-creds",
    "RUN pip install --no-cache-dir \\\n    --index-url https://ci-reader:«pwu»@nexus.acme-mfg.local/repository/pypi/simple \\\n    opcua-collector==«ver»",
    "pwu", "opcua-collector==")
CI("docker-compose-ci-postgres-service",
    "# docker-compose.ci.yml\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: «pws»\n      POSTGRES_DB: historian_test",
    "pws", "historian_test")
CI("k8s-deployment-env-value-literal",
    "        env:\n          - name: OPCUA_ENDPOINT\n            value: opc.tcp://«ip»:4840\n          - name: OPCUA_PASSWORD\n            value: \"«pw»\"",
    "pw", "OPCUA_ENDPOINT")
CI("helm-values-prod-yaml",
    "# values-prod.yaml\ningest:\n  replicas: 4\n  mqtt:\n    host: «host»\n    username: ingest\n    password: «pws»",
    "pws", "replicas: 4")
CI("terraform-provider-block-password",
    "provider \"grafana\" {\n  url  = \"https://grafana.plant.example\"\n  auth = \"admin:«pwu»\"\n}",
    "pwu", "grafana.plant.example")
CI("terraform-state-json-attribute",
    "{\n  \"type\": \"azurerm_mssql_server\",\n  \"name\": \"mes\",\n  \"instances\": [{\n    \"attributes\": {\n      \"administrator_login\": \"mesadmin\",\n      \"administrator_login_password\": \"«pw»\"\n    }\n  }]\n}",
    "pw", "azurerm_mssql_server")
CI("ansible-playbook-inline-vars",
    "- hosts: edge_gateways\n  vars:\n    mqtt_user: edge\n    mqtt_password: \"«pw»\"\n  roles:\n    - mosquitto_client",
    "pw", "mosquitto_client")
CI("packer-hcl-variable-default-password",
    "variable \"winrm_password\" {\n  type    = string\n  default = \"«pw»\"\n}\n\nsource \"vsphere-iso\" \"hmi_image\" {",
    "pw", "vsphere-iso")
CI("cloud-init-chpasswd-list",
    "#cloud-config\nhostname: edge-«n»\nssh_pwauth: true\nchpasswd:\n  expire: false\n  list: |\n    root:«pws»",
    "pws", "ssh_pwauth: true")
CI("cloud-init-user-plain-text-passwd",
    "#cloud-config\nusers:\n  - name: fieldsvc\n    groups: sudo\n    lock_passwd: false\n    plain_text_passwd: «pws»",
    "pws", "lock_passwd: false")
CI("kickstart-rootpw-plaintext",
    "lang en_US.UTF-8\nkeyboard de\ntimezone Europe/Berlin --utc\nrootpw --plaintext «pws»\nnetwork --bootproto=static --ip=«ip»",
    "pws", "timezone Europe/Berlin")
CI("debian-preseed-root-password",
    "d-i passwd/root-login boolean true\nd-i passwd/root-password password «pws»\nd-i passwd/root-password-again password «pws»\nd-i netcfg/get_hostname string hist-«n»",
    "pws", "passwd/root-login")
CI("makefile-deploy-target-password",
    "GW ?= «ip»\n\ndeploy:\n\tsshpass -p '«pw»' scp build/edge-agent root@$(GW):/usr/local/bin/\n\tsshpass -p '«pw»' ssh root@$(GW) systemctl restart edge-agent",
    "pw", "build/edge-agent")
CI("deploy-shell-script-sshpass-loop",
    "#!/bin/sh\n# deploy.sh -- push config to all gateways\nfor gw in $(cat gateways.txt); do\n  sshpass -p «pwu» scp gw.conf admin@$gw:/etc/gw/\ndone",
    "pwu", "push config to all gateways")
CI("fabfile-connect-kwargs-password",
    "from fabric import Connection\n\nc = Connection(\"«ip»\", user=\"deploy\", connect_kwargs={\"password\": \"«pw»\"})\nc.put(\"dist/bms-bridge.tar.gz\", \"/opt/\")",
    "pw", "dist/bms-bridge.tar.gz")
CI("argocd-application-helm-parameter",
    "spec:\n  source:\n    chart: timescaledb-single\n    helm:\n      parameters:\n        - name: secrets.credentials.PATRONI_SUPERUSER_PASSWORD\n          value: «pws»",
    "pws", "timescaledb-single")
CI("kustomize-secretgenerator-literals",
    "secretGenerator:\n  - name: opcua-bridge\n    literals:\n      - username=bridge\n      - password=«pws»",
    "pws", "secretGenerator")
CI("github-actions-docker-login-hardcoded",
    "      - uses: docker/login-action@v3\n        with:\n          registry: registry.plant.example\n          username: ci\n          password: «pws»",
    "pws", "docker/login-action@v3")
CI("travis-yml-env-global",
    "language: python\nenv:\n  global:\n    - PLC_SIM_PASSWORD=«pwu}\nscript: pytest".replace("«pwu}", "«pwu»"),
    "pwu", "language: python")
CI("drone-yml-plugin-settings-password",
    "steps:\n- name: publish\n  image: plugins/docker\n  settings:\n    repo: registry.plant.example/andon\n    username: drone\n    password: «pws»",
    "pws", "plugins/docker")
CI("balena-compose-environment",
    "version: '2.1'\nservices:\n  can-logger:\n    build: ./can-logger\n    privileged: true\n    environment:\n      - UPLOAD_KEY=«tok»",
    "tok", "can-logger", tok=L(an, 40))
CI("iot-edge-deployment-registry-credentials",
    "\"registryCredentials\": {\n  \"plantacr\": {\n    \"username\": \"plantacr\",\n    \"password\": \"«azshort»\",\n    \"address\": \"plantacr.azurecr.io\"\n  }\n}",
    "azshort", "plantacr.azurecr.io")
CI("aws-codebuild-buildspec-plaintext-env",
    "version: 0.2\nenv:\n  variables:\n    FLEET_DB_PASSWORD: \"«pw»\"\nphases:\n  build:\n    commands:\n      - make test",
    "pw", "version: 0.2")
CI("vagrantfile-ssh-password",
    "Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"generic/debian12\"\n  config.ssh.username = \"vagrant\"\n  config.ssh.password = \"«pw»\"\nend",
    "pw", "generic/debian12")
CI("github-actions-run-curl-token-header",
    "      - name: notify fleet ops\n        run: |\n          curl -sS -X POST -H \"Authorization: token «ghp»\" \\\n            https://api.github.com/repos/orion-motors/fleet-ops/dispatches -d '{\"event_type\":\"deploy\"}'",
    "ghp", "notify fleet ops")
CI("mender-cli-upload-ci-step",
    "ota:upload:\n  script:\n    - mender-cli login --server https://hosted.mender.io --username ci@orion-motors.example --password «pws»\n    - mender-cli artifacts upload tcu-«ver».mender",
    "pws", "ota:upload:")
CI("balena-login-token-ci-step",
    "- name: push to balena\n  run: |\n    balena login --token «tok»\n    balena push orion/tcu-bench",
    "tok", "balena push orion/tcu-bench", tok=L(an, 32))
CI("openssl-sign-passin-ci",
    "sign:\n  script:\n    - openssl dgst -sha256 -sign keys/ota-signing.key -passin pass:«pws» -out fw.sig build/fw.bin",
    "pws", "keys/ota-signing.key")
CI("signtool-pfx-password",
    "- powershell: |\n    & signtool sign /fd SHA256 /f certs\\codesign.pfx /p «pws» /tr http://timestamp.example.com /td SHA256 .\\out\\HmiSetup.msi",
    "pws", "HmiSetup.msi")
CI("jarsigner-storepass-keypass",
    "jarsigner -keystore release.jks -storepass «pws» -keypass «pws» build/libs/mes-client.jar mesrelease",
    "pws", "mes-client.jar")
CI("gradle-android-injected-signing-password",
    "./gradlew assembleRelease \\\n  -Pandroid.injected.signing.store.file=$PWD/keys/driverapp.jks \\\n  -Pandroid.injected.signing.store.password=«pws» \\\n  -Pandroid.injected.signing.key.alias=driverapp",
    "pws", "assembleRelease")
CI("fastfile-match-password-env",
    "lane :beta do\n  ENV[\"MATCH_PASSWORD\"] = \"«pw»\"\n  match(type: \"appstore\", readonly: true)\n  build_app(scheme: \"DriverApp\")\nend",
    "pw", "DriverApp")
CI("twine-upload-pypi-token",
    "python -m twine upload -u __token__ -p pypi-AgEIcHlwaS5vcmc«b» dist/plc_tools-«ver»-py3-none-any.whl",
    "tk", "dist/plc_tools-", b=L(b64u, 120), tk=D(lambda v: "pypi-AgEIcHlwaS5vcmc" + v["b"]))
CI("npm-publish-inline-token-env",
    "NPM_TOKEN=«npm» npm publish --access restricted ./packages/node-red-contrib-plant",
    "npm", "node-red-contrib-plant")
CI("nuget-push-api-key",
    "dotnet nuget push bin/Release/Plant.OpcUa.«ver».nupkg --api-key oy2«lo43» --source https://api.nuget.org/v3/index.json",
    "tk", "Plant.OpcUa.", tk=D(lambda v: "oy2" + v["lo43"]))
CI("sonar-scanner-login-token",
    "sonar-scanner -Dsonar.projectKey=scada-hmi -Dsonar.host.url=https://sonar.plant.example -Dsonar.login=squ_«hx40»",
    "tk", "sonar.projectKey=scada-hmi", tk=D(lambda v: "squ_" + v["hx40"]))
CI("codecov-token-uuid-flag",
    "bash <(curl -s https://codecov.io/bash) -t «uuid» -f coverage.xml -F edge-agent",
    "uuid", "coverage.xml")
CI("helm-repo-add-password",
    "helm repo add plant-charts https://charts.plant.example --username helm-ci --password «pws»",
    "pws", "plant-charts")
CI("az-login-service-principal-secret",
    "az login --service-principal -u «uuid» -p «sp» --tenant «uuid2»",
    "sp", "--service-principal", sp=lambda: an(3) + "8Q~" + _s(_ALNUM + "_.~-", 34))
CI("gcp-service-account-json-private-key",
    "{\n  \"type\": \"service_account\",\n  \"project_id\": \"fleet-analytics-«lo4»\",\n  \"private_key_id\": \"«hx40»\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n«kj»\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"etl@fleet-analytics-«lo4».iam.gserviceaccount.com\"\n}",
    "kj", "service_account", kj=D(lambda v: v["pkcs8"].replace("\n", "\\n")))
CI("cosign-password-env-sign",
    "COSIGN_PASSWORD='«pw»' cosign sign --key cosign.key registry.plant.example/edge-agent@sha256:«hx64»",
    "pw", "cosign sign --key cosign.key")
CI("terraform-apply-var-flag-password",
    "terraform apply -auto-approve -var 'bms_admin_password=«pw»' -var 'site=«city»'",
    "pw", "-auto-approve")
CI("pulumi-stack-yaml-plaintext-config",
    "config:\n  azure-native:location: westeurope\n  fleet:dbPassword: «pws»\n  fleet:replicas: \"3\"",
    "pws", "azure-native:location")
CI("serverless-yml-environment",
    "provider:\n  name: aws\n  runtime: python3.11\n  environment:\n    TELEMATICS_SECRET: «tok»\n    STAGE: ${sls:stage}",
    "tok", "runtime: python3.11", tok=L(an, 40))
CI("kubectl-token-flag-in-ci",
    "kubectl --server=https://«ip»:6443 --token=«jwt» --insecure-skip-tls-verify -n edge rollout restart deploy/opc-bridge",
    "jwt", "rollout restart")
CI("argocd-login-password-flag",
    "argocd login argocd.plant.example --username admin --password «pws» --grpc-web",
    "pws", "argocd.plant.example")
CI("ci-ssh-private-key-heredoc",
    "before_script:\n  - |\n    cat > ~/.ssh/id_deploy <<'KEY'\n    -----BEGIN OPENSSH PRIVATE KEY-----\n«sshkey»\n    -----END OPENSSH PRIVATE KEY-----\n    KEY",
    "sshkey", "before_script")
CI("git-push-x-access-token-url",
    "git push https://x-access-token:«ghs»@github.com/orion-motors/tcu-firmware.git HEAD:release/«ver»",
    "ghs", "tcu-firmware.git", ghs=ghs)
CI("docker-build-arg-password",
    "docker build --build-arg NEXUS_USER=ci --build-arg NEXUS_PASSWORD=«pwu» -t registry.plant.example/mes-api:«sha7» .",
    "pwu", "NEXUS_USER=ci")
CI("heroku-api-key-env-ci",
    "HEROKU_API_KEY=HRKU-«uuid» heroku container:release web -a fleet-dash",
    "tk", "container:release", tk=D(lambda v: "HRKU-" + v["uuid"]))
CI("puppet-hiera-yaml-plaintext",
    "---\nprofile::historian::db_user: 'historian'\nprofile::historian::db_password: '«pw»'\nprofile::historian::port: 5432",
    "pw", "profile::historian::port")
CI("salt-pillar-sls-password",
    "opcua_gateway:\n  endpoint: opc.tcp://«ip»:4840\n  user: saltgw\n  password: «pws»",
    "pws", "opcua_gateway:")
CI("nomad-job-env-stanza",
    "task \"ingest\" {\n  driver = \"docker\"\n  env {\n    MQTT_URL      = \"ssl://«host»:8883\"\n    MQTT_PASSWORD = \"«pw»\"\n  }\n}",
    "pw", "driver = \"docker\"")
CI("consul-http-token-export",
    "export CONSUL_HTTP_ADDR=https://consul.plant.example:8501\nexport CONSUL_HTTP_TOKEN=«uuid»\nconsul kv get ot/edge/config",
    "uuid", "consul kv get")
CI("vault-token-env-inline",
    "VAULT_ADDR=https://vault.plant.example:8200 VAULT_TOKEN=«hvs» vault kv get -field=password secret/ot/historian",
    "hvs", "VAULT_ADDR")
CI("github-actions-log-unmasked-password",
    "Run ./scripts/provision_gw.sh\n  ./scripts/provision_gw.sh\n  shell: /usr/bin/bash -e {0}\nProvisioning gw-«n» with admin password «pws»\nDone.",
    "pws", "shell: /usr/bin/bash -e {0}")
CI("jenkins-console-output-mysql-p",
    "[Pipeline] sh\n+ mysql -h «host» -u deploy -p«pwu» mes < migrations/0042_add_shift.sql\nmysql: [Warning] Using a password on the command line interface can be insecure.",
    "pwu", "0042_add_shift.sql")
CI("octopus-style-deploy-variables-json",
    "{\n  \"Variables\": [\n    { \"Name\": \"Historian.Password\", \"Value\": \"«pw»\", \"IsSensitive\": false },\n    { \"Name\": \"Historian.Host\", \"Value\": \"«shost»\" }\n  ]\n}",
    "pw", "Historian.Host")
CI("ansible-awx-survey-default",
    "survey_spec:\n  spec:\n    - question_name: Gateway admin password\n      variable: gw_admin_password\n      type: text\n      default: «pws»",
    "pws", "question_name: Gateway admin password")
CI("goreleaser-env-github-token",
    "env:\n  - GITHUB_TOKEN=«ghp»\nbuilds:\n  - main: ./cmd/candump-uploader",
    "ghp", "candump-uploader")
CI("ci-yaml-sas-artifact-upload",
    "- script: azcopy copy build/hmi.zip \"https://plantartifacts.blob.core.windows.net/hmi/hmi-«ver».zip?sv=2022-11-02&sp=cw&se=2025-06-30T00:00:00Z&sr=c&sig=«sig»\"",
    "sig", "azcopy copy")

# ===========================================================================
# group: vendor-token  (recognisable vendor credential shapes in context)
# ===========================================================================
VEND("github-classic-pat-env",
    "# ~/.bashrc on the field laptop\nexport GITHUB_TOKEN=«tok»\nexport GH_HOST=github.com",
    tok=ghp, vis="GH_HOST=github.com")
VEND("github-fine-grained-pat-note",
    "fine-grained PAT for orion-motors/can-dbc (read-only, expires in 30 days): «tok»",
    tok=ghpat, vis="orion-motors/can-dbc")
VEND("github-oauth-token-hosts-yml",
    "# ~/.config/gh/hosts.yml\ngithub.com:\n    user: «user_n»\n    oauth_token: «tok»\n    git_protocol: https",
    tok=gho, vis="git_protocol: https", user_n=C("fieldsvc-ot", "pnowak", "kweber"))
VEND("github-app-installation-token-json",
    "{\"token\": \"«tok»\", \"expires_at\": \"«ts»\", \"permissions\": {\"contents\": \"read\"}}",
    tok=ghs, vis="expires_at")
VEND("gitlab-pat-header",
    "curl --header \"PRIVATE-TOKEN: «tok»\" \"https://gitlab.plant.example/api/v4/projects/«n»/repository/files/plc%2Fmain.scl/raw?ref=main\"",
    tok=glpat, vis="PRIVATE-TOKEN")
VEND("gitlab-runner-token-config-toml",
    "[[runners]]\n  name = \"plc-build-runner\"\n  url = \"https://gitlab.plant.example\"\n  token = \"«tok»\"\n  executor = \"docker\"",
    tok=lambda: "glrt-" + _s(_ALNUM + "-_", 20), vis="plc-build-runner")
VEND("gitlab-deploy-token-url",
    "git clone https://gitlab+deploy-token-«n»:«tok»@gitlab.plant.example/bms/niagara-stations.git",
    tok=lambda: "gldt-" + _s(_ALNUM + "-_", 20), vis="niagara-stations.git")
VEND("slack-bot-token-env",
    "SLACK_BOT_TOKEN=«tok»\nSLACK_CHANNEL=#andon-line-«n»",
    tok=xoxb, vis="SLACK_CHANNEL")
VEND("slack-user-token-script-arg",
    "python3 post_shift_report.py --channel ot-shift --slack-token «tok»",
    tok=xoxp, vis="post_shift_report.py")
VEND("slack-incoming-webhook-url",
    "ALARM_WEBHOOK=https://hooks.slack.com/services/T«up8»/B«up10»/«tok»",
    tok=L(an, 24), vis="hooks.slack.com")
VEND("discord-webhook-url-token",
    "webhook for #plant-alerts: https://discord.com/api/webhooks/«dg18»/«tok»",
    tok=lambda: _s(_ALNUM + "-_", 68), vis="#plant-alerts")
VEND("telegram-bot-token-send-message",
    "curl -s \"https://api.telegram.org/bot«tg»/sendMessage?chat_id=-100«dg10»&text=Compressor%203%20fault\"",
    "tg", vis="Compressor%203%20fault")
VEND("teams-workflow-webhook-sig",
    "TEAMS_URL=\"https://prod-«n».westeurope.logic.azure.com:443/workflows/«hx32»/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=«tok»\"",
    tok=L(b64u, 43), vis="triggers/manual/paths/invoke")
VEND("aws-access-key-pair-env",
    "AWS_ACCESS_KEY_ID=«akid»\nAWS_SECRET_ACCESS_KEY=«awssec»\nAWS_DEFAULT_REGION=eu-central-1",
    "awssec", vis="AWS_DEFAULT_REGION")
VEND("aws-session-token-export",
    "export AWS_SESSION_TOKEN=«tok»",
    tok=lambda: "IQoJb3JpZ2luX2VjE" + b64(300), vis="export AWS_SESSION_TOKEN")
VEND("google-maps-api-key-html",
    "<script src=\"https://maps.googleapis.com/maps/api/js?key=«aiza»&callback=initFleetMap\" async></script>",
    "aiza", vis="initFleetMap")
VEND("google-oauth-client-secret-json",
    "{\"installed\":{\"client_id\":\"«dg12»-«lo32».apps.googleusercontent.com\",\"client_secret\":\"«tok»\",\"redirect_uris\":[\"http://localhost\"]}}",
    tok=lambda: "GOCSPX-" + _s(_ALNUM + "-_", 28), vis="apps.googleusercontent.com")
VEND("azure-storage-connection-string",
    "DefaultEndpointsProtocol=https;AccountName=plantarchive«lo4»;AccountKey=«azkey»;EndpointSuffix=core.windows.net",
    "azkey", vis="EndpointSuffix=core.windows.net")
VEND("azure-iot-hub-sas-token",
    "Authorization: SharedAccessSignature sr=fleet-hub.azure-devices.net%2Fdevices%2Ftcu-«n»&sig=«sig»&se=17«dg8»",
    "sig", vis="fleet-hub.azure-devices.net")
VEND("azure-ad-client-secret-env",
    "AZURE_TENANT_ID=«uuid»\nAZURE_CLIENT_ID=«uuid2»\nAZURE_CLIENT_SECRET=«tok»",
    tok=lambda: an(3) + "8Q~" + _s(_ALNUM + "_.~-", 34), vis="AZURE_CLIENT_ID")
VEND("stripe-secret-key-live",
    "STRIPE_SECRET_KEY=«tok»  # charging-station billing",
    tok=lambda: "sk_live_" + an(pick([24, 99])), vis="charging-station billing")
VEND("twilio-auth-token-sms-alerts",
    "TWILIO_ACCOUNT_SID=AC«hx32»\nTWILIO_AUTH_TOKEN=«tok»\nALERT_TO=+49151«dg8»",
    tok=L(hx, 32), vis="TWILIO_ACCOUNT_SID")
VEND("sendgrid-api-key-python",
    "sg = SendGridAPIClient(\"«tok»\")  # shift report mails",
    tok=lambda: "SG." + b64u(22) + "." + b64u(43), vis="shift report mails")
VEND("mailgun-api-key-curl",
    "curl -s --user 'api:«tok»' https://api.eu.mailgun.net/v3/mg.plant.example/messages -F to=ops@plant.example -F subject='Chiller 2 alarm'",
    tok=lambda: "key-" + hx(32), vis="Chiller 2 alarm")
VEND("mapbox-secret-token-env",
    "MAPBOX_DOWNLOADS_TOKEN=«tok»",
    tok=lambda: "sk.eyJ1Ijoib3Jpb24tZmxlZXQiLCJhIjoi" + an(24) + "In0." + b64u(22), vis="MAPBOX_DOWNLOADS_TOKEN")
VEND("openai-project-key-env",
    "OPENAI_API_KEY=«tok»  # used by the maintenance-log summariser",
    tok=lambda: "sk-proj-" + _s(_ALNUM + "-_", 120), vis="maintenance-log summariser")
VEND("anthropic-api-key-env",
    "export ANTHROPIC_API_KEY=«tok»",
    tok=lambda: "sk-ant-api03-" + _s(_ALNUM + "-_", 93) + "AA", vis="export ANTHROPIC_API_KEY")
VEND("huggingface-token-cli-login",
    "huggingface-cli login --token «tok»  # pulling the defect-detection model",
    tok=lambda: "hf_" + an(34), vis="defect-detection model")
VEND("npm-automation-token-npmrc",
    "//registry.npmjs.org/:_authToken=«npm»",
    "npm", vis="registry.npmjs.org")
VEND("pypi-api-token-pypirc",
    "[pypi]\nusername = __token__\npassword = «tok»",
    tok=lambda: "pypi-AgEIcHlwaS5vcmc" + b64u(140), vis="username = __token__")
VEND("docker-hub-pat-login",
    "echo «tok» | docker login -u plantbuild --password-stdin",
    tok=lambda: "dckr_pat_" + _s(_ALNUM + "-_", 27), vis="plantbuild")
VEND("datadog-api-key-agent-yaml",
    "# /etc/datadog-agent/datadog.yaml\napi_key: «tok»\nsite: datadoghq.eu\ntags:\n  - site:«site_s»",
    tok=L(hx, 32), vis="site: datadoghq.eu", site_s=C("ulm", "brno", "qro"))
VEND("newrelic-user-api-key",
    "NEW_RELIC_API_KEY=«tok»",
    tok=lambda: "NRAK-" + up(27), vis="NEW_RELIC_API_KEY")
VEND("grafana-cloud-access-policy-token",
    "GRAFANA_CLOUD_TOKEN=«tok»",
    tok=lambda: "glc_" + b64(120) + "==", vis="GRAFANA_CLOUD_TOKEN")
VEND("sentry-auth-token-sentryclirc",
    "[auth]\ntoken=«tok»\n[defaults]\norg=orion-motors\nproject=driver-app",
    tok=lambda: "sntryu_" + hx(64), vis="project=driver-app")
VEND("vault-service-token-note",
    "temporary vault token for the edge bootstrap (ttl 1h): «hvs»",
    "hvs", vis="edge bootstrap")
VEND("terraform-cloud-token-credentials-tfrc",
    "credentials \"app.terraform.io\" {\n  token = \"«tok»\"\n}",
    tok=lambda: an(14) + ".atlasv1." + an(67), vis="app.terraform.io")
VEND("digitalocean-pat-doctl",
    "doctl auth init --access-token «tok»",
    tok=lambda: "dop_v1_" + hx(64), vis="doctl auth init")
VEND("cloudflare-api-token-header",
    "curl -s https://api.cloudflare.com/client/v4/zones -H \"Authorization: Bearer «tok»\"",
    tok=lambda: _s(_ALNUM + "-_", 40), vis="api.cloudflare.com")
VEND("tailscale-auth-key-env",
    "TS_AUTHKEY=«tok»\nTS_HOSTNAME=edge-«shost»",
    tok=lambda: "tskey-auth-k" + an(10) + "CNTRL-" + an(32), vis="TS_HOSTNAME")
VEND("ngrok-authtoken-config",
    "version: \"2\"\nauthtoken: «tok»\ntunnels:\n  hmi:\n    proto: http\n    addr: «ip»:80",
    tok=lambda: "2" + an(26) + "_" + an(21), vis="proto: http")
VEND("particle-access-token-cli",
    "particle call tracker-«n» setConfig \"interval=60\" --auth «tok»",
    tok=L(hx, 40), vis="setConfig")
VEND("balena-api-key-env",
    "BALENA_API_KEY=«tok»",
    tok=L(an, 32), vis="BALENA_API_KEY")
VEND("samsara-api-token-bearer",
    "curl -s https://api.samsara.com/fleet/vehicles/locations -H 'Authorization: Bearer «tok»'",
    tok=lambda: "samsara_api_" + an(30), vis="fleet/vehicles/locations")
VEND("geotab-session-id-json",
    "{\"method\":\"Get\",\"params\":{\"typeName\":\"Device\",\"credentials\":{\"database\":\"orion_fleet\",\"userName\":\"api@orion-motors.example\",\"sessionId\":\"«tok»\"}}}",
    tok=L(b64u, 22), vis="orion_fleet")
VEND("thingsboard-device-access-token-url",
    "curl -v -X POST http://«host»:8080/api/v1/«tok»/telemetry --header Content-Type:application/json --data '{\"temperature\":42}'",
    tok=L(an, 20), vis="/telemetry")
VEND("azure-dps-group-symmetric-key",
    "DPS_ID_SCOPE=0ne00«HX6»\nDPS_GROUP_KEY=«azkey»",
    "azkey", vis="DPS_ID_SCOPE")
VEND("hivemq-cloud-credentials-pair",
    "HiveMQ Cloud cluster «hx32».s1.eu.hivemq.cloud:8883 — user fleet-ingest, pass «pws»",
    "pws", vis="fleet-ingest")
VEND("emqx-cloud-api-key-secret",
    "EMQX_API_KEY=«hx16»\nEMQX_API_SECRET=«tok»",
    tok=lambda: an(3) + "9" + an(28), vis="EMQX_API_KEY")
VEND("talk2m-developer-id-and-token",
    "t2mdeveloperid=«uuid»\nt2mtoken=«tok»\nt2maccount=«company_u»",
    tok=lambda: an(32), vis="t2mdeveloperid", company_u=C("ACMEDRIVES", "NORDWERK"))
VEND("industrial-iot-platform-client-secret",
    "INSIGHTS_CLIENT_ID=plantanalytics-svc\nINSIGHTS_CLIENT_SECRET=«tok»\nINSIGHTS_TENANT=«company_l»",
    tok=L(b64u, 48), vis="plantanalytics-svc", company_l=C("acmedrives", "nordwerk"))
VEND("thingworx-appkey-header-uuid",
    "curl -H \"appKey: «uuid»\" -H 'Accept: application/json' https://twx.plant.example/Thingworx/Things/Line«n»/Properties",
    "uuid", vis="Thingworx/Things")
VEND("losant-access-key-secret",
    "LOSANT_ACCESS_KEY=«uuid»\nLOSANT_ACCESS_SECRET=«tok»",
    tok=L(hx, 64), vis="LOSANT_ACCESS_KEY")
VEND("ubidots-token-header",
    "curl -X POST -H \"X-Auth-Token: «tok»\" -H 'Content-Type: application/json' -d '{\"flow\": 12.4}' https://industrial.api.ubidots.com/api/v1.6/devices/pump-«n»",
    tok=lambda: "BBUS-" + an(30), vis="industrial.api.ubidots.com")
VEND("blynk-auth-token-firmware",
    "#define BLYNK_TEMPLATE_ID \"TMPL«an8»\"\n#define BLYNK_AUTH_TOKEN \"«tok»\"",
    tok=lambda: _s(_ALNUM + "-_", 32), vis="BLYNK_TEMPLATE_ID")
VEND("adafruit-io-key",
    "AIO_USERNAME = \"bench_lab\"\nAIO_KEY = \"«tok»\"",
    tok=lambda: "aio_" + an(28), vis="bench_lab")
VEND("atlassian-api-token-basic",
    "JIRA_USER=«email»\nJIRA_API_TOKEN=«tok»",
    tok=lambda: "ATATT3xFfGF0" + _s(_ALNUM + "-_", 170) + "=" + HX(8), vis="JIRA_USER")
VEND("linear-api-key-env",
    "LINEAR_API_KEY=«tok»",
    tok=lambda: "lin_api_" + an(40), vis="LINEAR_API_KEY")
VEND("notion-integration-secret",
    "NOTION_TOKEN=«tok»  # maintenance wiki sync",
    tok=lambda: "ntn_" + dg(11) + an(35), vis="maintenance wiki sync")
VEND("postman-api-key-env",
    "POSTMAN_API_KEY=«tok»",
    tok=lambda: "PMAK-" + hx(24) + "-" + hx(34), vis="POSTMAN_API_KEY")
VEND("okta-api-token-ssws",
    "Authorization: SSWS «tok»",
    tok=lambda: "00" + _s(_ALNUM + "-_", 40), vis="Authorization: SSWS")
VEND("databricks-pat-cfg",
    "[DEFAULT]\nhost  = https://adb-«dg16».«n».azuredatabricks.net\ntoken = «tok»",
    tok=lambda: "dapi" + hx(32), vis="azuredatabricks.net")
VEND("doppler-service-token",
    "DOPPLER_TOKEN=«tok» doppler run -- ./start-ingest.sh",
    tok=lambda: "dp.st.prd." + an(43), vis="start-ingest.sh")
VEND("pulumi-access-token-env",
    "PULUMI_ACCESS_TOKEN=«tok»",
    tok=lambda: "pul-" + hx(40), vis="PULUMI_ACCESS_TOKEN")
VEND("supabase-access-token",
    "SUPABASE_ACCESS_TOKEN=«tok»",
    tok=lambda: "sbp_" + hx(40), vis="SUPABASE_ACCESS_TOKEN")
VEND("jwt-bearer-fleet-portal",
    "Cookie copied from the fleet portal devtools: auth=«jwt»; Path=/",
    "jwt", vis="fleet portal devtools")
VEND("azure-devops-pat-git-url",
    "git clone https://pat:«tok»@dev.azure.com/orionmotors/Telematics/_git/tcu-firmware",
    tok=lambda: _s("abcdefghijklmnopqrstuvwxyz234567", 52), vis="dev.azure.com/orionmotors")
VEND("bitbucket-app-password",
    "BITBUCKET_USER=plant-ci\nBITBUCKET_APP_PASSWORD=«tok»",
    tok=lambda: "ATBB" + an(28) + HX(8), vis="BITBUCKET_USER=plant-ci")
VEND("jfrog-artifactory-api-key",
    "curl -H \"X-JFrog-Art-Api: «tok»\" -T edge-agent-«ver».deb https://artifactory.plant.example/artifactory/debian-local/pool/",
    tok=lambda: "AKCp8" + an(68), vis="debian-local")
VEND("sonarqube-user-token-env",
    "SONAR_TOKEN=«tok»",
    tok=lambda: "squ_" + hx(40), vis="SONAR_TOKEN")
VEND("snyk-token-uuid-env",
    "SNYK_TOKEN=«uuid» snyk test --all-projects",
    "uuid", vis="snyk test --all-projects")
VEND("confluent-cloud-api-key-secret",
    "confluent api-key store «up16» «tok» --resource lkc-«lo6»",
    tok=lambda: b64(64), vis="confluent api-key store")
VEND("twilio-api-key-sid-secret",
    "TWILIO_API_KEY=SK«hx32»\nTWILIO_API_SECRET=«tok»",
    tok=L(an, 32), vis="TWILIO_API_KEY")
VEND("pushover-app-token-curl",
    "curl -s -F \"token=«tok»\" -F \"user=«user_k»\" -F \"message=Line «n» stopped\" https://api.pushover.net/1/messages.json",
    tok=lambda: "a" + lo(29), vis="api.pushover.net", user_k=lambda: "u" + lo(29))
VEND("opsgenie-genie-key-header",
    "Authorization: GenieKey «uuid»",
    "uuid", vis="Authorization: GenieKey")
VEND("pagerduty-routing-key-json",
    "{\"routing_key\": \"«tok»\", \"event_action\": \"trigger\", \"payload\": {\"summary\": \"Boiler 2 pressure high\", \"severity\": \"critical\", \"source\": \"bms-«n»\"}}",
    tok=L(hx, 32), vis="Boiler 2 pressure high")
VEND("firebase-fcm-legacy-server-key",
    "Authorization: key=«tok»",
    tok=lambda: "AAAA" + b64u(7) + ":APA91b" + b64u(134), vis="Authorization: key=")
VEND("algolia-admin-api-key",
    "ALGOLIA_APP_ID=«up10»\nALGOLIA_ADMIN_KEY=«tok»",
    tok=L(hx, 32), vis="ALGOLIA_APP_ID")
VEND("tuya-iot-access-secret",
    "TUYA_ACCESS_ID=«lo20»\nTUYA_ACCESS_SECRET=«tok»\nTUYA_ENDPOINT=https://openapi.tuyaeu.com",
    tok=L(hx, 32), vis="TUYA_ENDPOINT")
VEND("shelly-cloud-auth-key",
    "curl -X POST https://shelly-«n»-eu.shelly.cloud/device/status -d \"id=«hx12»&auth_key=«tok»\"",
    tok=lambda: b64u(60) + "==", vis="device/status")
VEND("arduino-iot-cloud-client-secret",
    "ARDUINO_CLIENT_ID=«an32»\nARDUINO_CLIENT_SECRET=«tok»",
    tok=L(an, 64), vis="ARDUINO_CLIENT_ID")
VEND("fleetio-account-token-headers",
    "-H 'Authorization: Token «tok»' -H 'Account-Token: «acct»'",
    tok=L(hx, 40), vis="Account-Token", acct=L(hx, 10))
VEND("motive-x-api-key-header",
    "curl https://api.gomotive.com/v1/vehicle_locations -H 'X-Api-Key: «tok»'",
    tok=uuid4, vis="vehicle_locations")
VEND("webfleet-connect-apikey-param",
    "https://csv.webfleet.com/extern?account=«company_l»&username=api&password=${WF_PASSWORD}&apikey=«tok»&lang=de&action=showObjectReportExtern",
    tok=uuid4, vis="showObjectReportExtern", company_l=C("orionfleet", "tundralog"))
VEND("teltonika-rms-api-token",
    "RMS_TOKEN=«tok»\ncurl -H \"Authorization: Bearer $RMS_TOKEN\" https://rms.teltonika-networks.com/api/devices",
    tok=L(an, 64), vis="rms.teltonika-networks.com")
VEND("cumulocity-tenant-basic-credentials",
    "C8Y_BASEURL=https://«company_l».eu-latest.cumulocity.com\nC8Y_USER=t«dg8»/device_gw-«n»\nC8Y_PASSWORD=«pws»",
    "pws", vis="C8Y_BASEURL", company_l=C("orion", "nordwerk"))
VEND("golioth-psk-device-credentials",
    "golioth:\n  psk_id: gw-«n»@plant-fleet\n  psk: «tok»",
    tok=L(hx, 32), vis="psk_id")
VEND("aws-iot-device-private-key-pem",
    "==> certs/«hx10»-private.pem.key <==\n-----BEGIN RSA PRIVATE KEY-----\n«rsa»\n-----END RSA PRIVATE KEY-----",
    "rsa", vis="-private.pem.key")
VEND("ec-private-key-pem-tcu",
    "tcu_provisioning/ecu_«n».key:\n-----BEGIN EC PRIVATE KEY-----\n«eckey»\n-----END EC PRIVATE KEY-----",
    "eckey", vis="tcu_provisioning")
VEND("shopify-admin-access-token",
    "SHOPIFY_ADMIN_TOKEN=«tok»  # spare parts webshop",
    tok=lambda: "shpat_" + hx(32), vis="spare parts webshop")
VEND("heroku-platform-api-key",
    "HEROKU_API_KEY=«tok»",
    tok=lambda: "HRKU-AA" + _s(_ALNUM + "-_", 58), vis="HEROKU_API_KEY")
VEND("figma-personal-access-token",
    "FIGMA_TOKEN=«tok»  # HMI screen mockups export",
    tok=lambda: "figd_" + _s(_ALNUM + "-_", 40), vis="HMI screen mockups export")
VEND("planetscale-password-url",
    "DATABASE_URL=mysql://«lo12»:«tok»@aws.connect.psdb.cloud/fleet?sslaccept=strict",
    tok=lambda: "pscale_pw_" + _s(_ALNUM + "-_", 43), vis="aws.connect.psdb.cloud")
VEND("fly-io-deploy-token",
    "FLY_API_TOKEN=\"«tok»\"",
    tok=lambda: "FlyV1 fm2_" + b64(200), vis="FLY_API_TOKEN")
VEND("netlify-personal-access-token",
    "NETLIFY_AUTH_TOKEN=«tok»",
    tok=lambda: "nfp_" + an(36), vis="NETLIFY_AUTH_TOKEN")
VEND("gitlab-feed-token-rss",
    "https://gitlab.plant.example/ot/scada-hmi/-/commits/main?format=atom&feed_token=«tok»",
    tok=lambda: "glft-" + _s(_ALNUM + "-_", 20), vis="format=atom")

# ===========================================================================
# BENIGN look-alikes (no credential inside)
# ===========================================================================
def _b64text():
    return b64of(pick(["line 3 press cycle ok", "shift B started", "oven zone 2 at setpoint",
                       "conveyor jam cleared", "AHU-07 filter change due", "tcu heartbeat",
                       "recipe 118 loaded", "door open cabinet 4", "battery SoC 87%",
                       "ECU flashed ok", "compressor 2 standby"]) + " " + str(_R.randint(1, 999)))


def _certbody():
    return pem_body("MIID" + pick(["zTCCArWgAwIBAgIU", "lzCCAn+gAwIBAgIJ", "xTCCAq2gAwIBAgIQ"]), pick([4, 6]))


def _pubbody():
    return pem_body("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA", 5)


def _sshpub():
    return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + b64(43)


def _fp():
    return "SHA256:" + b64(43)


def _colonhex(n):
    return ":".join(HX(2) for _ in range(n))


def _masked():
    return pick(["********", "****", "••••••••", "[hidden]", "<redacted>", "REDACTED", "xxxxxxxx", "***"])


def _envname():
    return pick(["MQTT_PASSWORD", "HISTORIAN_DB_PASSWORD", "OPCUA_PASSWORD", "FLEET_API_TOKEN", "BMS_API_KEY",
                 "PLC_FTP_PASSWORD", "INFLUX_TOKEN", "SAMSARA_API_TOKEN", "GRAFANA_ADMIN_PASSWORD",
                 "EDGE_DEVICE_KEY", "NEXUS_PASSWORD", "TCU_UPLOAD_KEY"])


def _canframe():
    return " ".join(HX(2) for _ in range(8))


# ---- commands -------------------------------------------------------------
B("git rev-parse HEAD\n«sha»")
B("git checkout «sha7» -- plc/Line«n»/main.scl")
B("git log --oneline -3\n«sha7» fix: debounce e-stop input on «line»\n«sha7b» chore: bump opcua-collector to «ver»\n«sha7c» docs: wiring diagram for cabinet «n»",
  sha7b=L(hx, 7), sha7c=L(hx, 7))
B("sha256sum gw-fw-«ver».swu\n«sha256»  gw-fw-«ver».swu")
B("md5sum TIA_Backup_«date».zap17\n«md5»  TIA_Backup_«date».zap17")
B("docker pull registry.plant.example/opc-collector@sha256:«sha256»")
B("mosquitto_pub -h «host» -u «user» -P \"$MQTT_PASSWORD\" -t plant/line«n»/cmd -m reset")
B("psql \"host=«host» dbname=«db» user=hist_reader\"   # password comes from ~/.pgpass")
B("mysql -h «host» -u mes_report -p «db»   # prompts for the password")
B("sshpass -f /root/.secrets/gw_pass ssh root@«ip» uptime")
B("curl --netrc-file ~/.netrc-ot -s https://«host»/api/v1/status")
B("docker login registry.plant.example -u ci-bot --password-stdin < /run/secrets/registry_pw")
B("kubectl -n edge create secret generic mqtt-creds --from-file=password=./mqtt.pass")
B("kubectl -n scada get secret ignition-db -o jsonpath='{.metadata.name}'")
B("vault kv get -field=password secret/ot/historian > /dev/null && echo ok")
B("export MQTT_PASSWORD=\"$(cat /run/secrets/mqtt_password)\"")
B("export OPCUA_PASSWORD_FILE=/etc/opcua/password.txt")
B("aws secretsmanager get-secret-value --secret-id plant/historian/db --query SecretString --output text | jq -r .username")
B("op read \"op://OT-Shared/Historian DB/password\" >/dev/null && echo 'item exists'")
B("candump -tA can0 | grep 18FEF1«HX2»")
B("cansend can0 7DF#0201«HX2»0000000000")
B("modpoll -m tcp -a 1 -r 40001 -c 10 «ip»")
B("snap7-cli read --ip «ip» --rack 0 --slot 1 --db «n» --start 0 --size 32")
B("openssl x509 -in opcua-server.der -inform der -noout -fingerprint -sha256\nsha256 Fingerprint=«fph»", fph=L(_colonhex, 32))
B("ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 «fp» fieldsvc@fsl-«n» (ED25519)", fp=_fp)
B("ssh-keyscan -t ed25519 «ip» >> ~/.ssh/known_hosts")
B("git clone git@github.com:orion-motors/can-dbc.git && cd can-dbc && git checkout v«ver»")
B("pip install opcua-collector==«ver» --index-url https://nexus.acme-mfg.local/repository/pypi/simple")
B("helm upgrade --install emqx emqx/emqx -n mqtt -f values-prod.yaml --set emqxConfig.EMQX_DASHBOARD__DEFAULT_PASSWORD=${EMQX_DASH_PW}")
B("ansible-playbook site.yml -l edge_gateways --ask-become-pass")
B("ansible-vault edit group_vars/plc_gateways/vault.yml")
B("gpg --list-keys --keyid-format long\npub   ed25519/«HX16» «date» [SC]\n      «HX40»\nuid   [ultimate] OT Release Signing <release@acme-mfg.example>")
B("uuidgen\n«uuid»")
B("openssl rand -hex 16 > /dev/null  # only testing that openssl works on the panel PC")
B("influx auth list --json | jq '.[].description'")
B("teamviewer info | grep 'TeamViewer ID'")
B("netsh wlan show profile name=\"«ssid»\"   # without key=clear")
B("certutil -hashfile C:\\Install\\WinCC_V18_Upd«n».exe SHA256\n«sha256»")
B("Get-FileHash .\\FactoryTalk_View_«ver».iso -Algorithm SHA256 | Format-List")
B("echo «b64t» | base64 -d", b64t=_b64text)
B("python3 -c \"import uuid; print(uuid.uuid4())\"\n«uuid»")
B("mosquitto_passwd -U /etc/mosquitto/pwfile   # converts plain entries to hashes")
B("grep -c '^' /etc/mosquitto/pwfile")
B("sudo systemctl restart mosquitto && journalctl -u mosquitto -n 5 --no-pager")

# ---- tool output ----------------------------------------------------------
B("$ kubectl get secrets -n scada\nNAME                 TYPE                                  DATA   AGE\nignition-db          Opaque                                2      «n»d\ndefault-token-«lo5»  kubernetes.io/service-account-token   3      «n2»d")
B("$ vault kv metadata get secret/plant/historian\n======= Metadata =======\ncreated_time    «ts»\ncurrent_version «n»\ndestroy_version none")
B("$ aws secretsmanager describe-secret --secret-id plant/fleet/api\n{\n  \"ARN\": \"arn:aws:secretsmanager:eu-central-1:«dg12»:secret:plant/fleet/api-«an6»\",\n  \"Name\": \"plant/fleet/api\",\n  \"LastRotatedDate\": \"«ts»\"\n}")
B("$ fly secrets list\nNAME              DIGEST                  CREATED AT\nDATABASE_URL      «hx16»        «n»h ago\nFLEET_API_TOKEN   «hx16b»        «n»h ago", hx16b=L(hx, 16))
B("$ docker images\nREPOSITORY                                   TAG      IMAGE ID       CREATED\nregistry.plant.example/opc-collector         «ver»    «hx12»   «n» days ago")
B("$ docker ps\nCONTAINER ID   IMAGE                 STATUS        NAMES\n«hx12»   eclipse-mosquitto:2   Up «n» hours  mosquitto")
B("$ git status\nOn branch feature/rotate-mqtt-secret\nYour branch is up to date with 'origin/feature/rotate-mqtt-secret'.")
B("$ aws configure list\n      Name                    Value             Type    Location\n   profile           telematics-prod           manual    --profile\naccess_key     ****************«up4»   shared-credentials-file\nsecret_key     ****************«up4b»   shared-credentials-file", up4b=L(up, 4))
B("$ gh secret list\nFLEET_API_TOKEN    Updated «date»\nNEXUS_PASSWORD     Updated «date2»")
B("$ nmcli connection show «ssid» | grep psk\n802-11-wireless-security.psk:            <hidden>")
B("$ env | grep -i pass\nMQTT_PASSWORD_FILE=/run/secrets/mqtt_password\nPGPASSFILE=/home/hist/.pgpass")
B("$ printenv | grep TOKEN\nFLEET_API_TOKEN=${FLEET_API_TOKEN}\nINFLUX_TOKEN=\"\"")
B("$ ls -l /etc/ssl/private/\n-rw------- 1 root root 1704 «date» opcua-server.key\n-rw------- 1 root root 3243 «date» mqtt-bridge.key")
B("$ openssl x509 -in plant-root-ca.pem -noout -serial -subject\nserial=«HX32»\nsubject=CN = Plant Root CA «n», O = Acme Drives")
B("$ cat ~/.ssh/id_fieldsvc.pub\n«sshpub» fieldsvc@fsl-«n»", sshpub=_sshpub)
B("$ cat plant-root-ca.pem\n-----BEGIN CERTIFICATE-----\n«cert»\n-----END CERTIFICATE-----", cert=_certbody)
B("$ openssl rsa -in opcua-client.key -pubout\nwriting RSA key\n-----BEGIN PUBLIC KEY-----\n«pub»\n-----END PUBLIC KEY-----", pub=_pubbody)
B("$ wg show wg0\ninterface: wg0\n  public key: «wgpub»\n  private key: (hidden)\n  listening port: 51820", wgpub=lambda: b64(43) + "=")
B("$ mosquitto_sub -t 'plant/+/status' -v -C 2\nplant/line«n»/status {\"state\":\"RUN\",\"seq\":«nn»}\nplant/line«n2»/status {\"state\":\"IDLE\",\"seq\":«nn2»}")
B("$ candump can0 -n 3\n  can0  18FEF100   [8]  «cf»\n  can0  0CF00400   [8]  «cf2»\n  can0  18FEEE00   [8]  «cf3»", cf=_canframe, cf2=_canframe, cf3=_canframe)
B("$ python3 -m can.viewer -c can0\nCount  Time      dt     ID          DLC  Data\n«n»     «time»   0.100  0x7E8       8    «cf»", cf=_canframe)
B("$ uds-tool read-did 0xF190 --ecu 0x7E0\nVIN: «vin»")
B("$ uds-tool read-did 0xF18C --ecu 0x7E0\nECU serial: «up12»")
B("$ at-tool AT+CGSN\n«imei»\nOK")
B("$ at-tool AT+CCID\n+CCID: «iccid»\nOK")
B("$ ip link show eth0\n2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500\n    link/ether «mac» brd ff:ff:ff:ff:ff:ff")
B("$ pip hash dist/plc_tools-«ver».tar.gz\n--hash=sha256:«sha256»")
B("$ npm view node-red-contrib-s7 dist.integrity\nsha512-«b64_86»==")
B("$ sqlite3 config.db 'select key, length(value) from settings'\nmqtt_password|0\nmqtt_user|6\nsite|3")
B("$ redis-cli -h «ip» CONFIG GET requirepass\n1) \"requirepass\"\n2) \"\"")
B("$ grep -rn 'password' config/\nconfig/broker.yml:7:  password: ${BROKER_PASSWORD}\nconfig/opcua.yml:12:  password_file: /run/secrets/opcua")
B("$ gitleaks detect --no-git -v\nINF scan completed in «n»ms\nINF no leaks found")
B("$ trufflehog filesystem ./plc-repo --only-verified\n🐷🔑🐷  TruffleHog. Unearth your secrets. 🐷🔑🐷\nfinished scanning chunks=«nn» verified_secrets=0 unverified_secrets=0")
B("$ terraform output\nhistorian_db_password = <sensitive>\nhistorian_endpoint = \"«host»\"")
B("$ helm get values hivemq -n mqtt\nUSER-SUPPLIED VALUES:\nhivemq:\n  adminPasswordSecretRef: hivemq-admin\n  replicas: 3")
B("$ kubectl get sealedsecret mqtt-creds -o yaml | grep -A2 encryptedData\n  encryptedData:\n    password: AgB«b64_200»", )
B("$ sops secrets/scada.enc.yaml | head -3\nhistorian:\n    user: ENC[AES256_GCM,data:«b64_12»,iv:«b64_43»=,tag:«b64_22»==,type:str]")
B("$ ansible-vault view vault.yml --vault-password-file ~/.vault_pass.txt | wc -l\n«n»")
B("$ cat group_vars/all/vault.yml\n$ANSIBLE_VAULT;1.1;AES256\n«hx64»\n«hx64b»", hx64b=L(hx, 64))
B("$ cat flows_cred.json\n{\"$\":\"«hx32»«b64_120»\"}")
B("$ jq .id device.json\n\"«uuid»\"")
B("$ curl -sI https://«host»/api/health\nHTTP/2 200\nx-request-id: «uuid»\netag: W/\"«hx16»\"")
B("$ openssl s_client -connect «host»:8883 -brief </dev/null\nCONNECTION ESTABLISHED\nProtocol version: TLSv1.3\nCiphersuite: TLS_AES_256_GCM_SHA384\nPeer certificate: CN = «host»")
B("$ systemctl show mosquitto -p ExecStart\nExecStart={ path=/usr/sbin/mosquitto ; argv[]=/usr/sbin/mosquitto -c /etc/mosquitto/mosquitto.conf }")
B("$ ps aux | grep telegraf\ntelegraf  «pid»  0.4  0.9 /usr/bin/telegraf -config /etc/telegraf/telegraf.conf -config-directory /etc/telegraf/telegraf.d")
B("$ stat -c '%a %U' /etc/mosquitto/pwfile\n600 mosquitto")

# ---- config files ---------------------------------------------------------
B("mqtt:\n  host: «host»\n  port: 8883\n  username: ${MQTT_USER}\n  password: ${MQTT_PASSWORD}")
B("opcua:\n  endpoint: opc.tcp://«ip»:4840\n  security_policy: Basic256Sha256\n  certificate: pki/own/certs/client.der\n  private_key: pki/own/private/client.pem")
B("[client]\nhost = «host»\nuser = mes_report\n# password lives in ~/.mylogin.cnf (mysql_config_editor)")
B("spring.datasource.password=${MES_DB_PASSWORD}\nspring.datasource.username=mes_app")
B("DB_PASSWORD=<your-db-password>\nDB_HOST=«host»")
B("FLEET_API_TOKEN=<paste-token-here>\nFLEET_API_URL=https://api.fleet.example.com")
B("SLACK_BOT_TOKEN=xoxb-your-token-here\nSLACK_CHANNEL=#andon")
B("GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX   # placeholder, set in CI")
B("AWS_ACCESS_KEY_ID=AKIAXXXXXXXXXXXXXXXX\nAWS_SECRET_ACCESS_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")
B("password: \"«mask»\"   # masked in the export", mask=_masked)
B("remote_password «mask»\nremote_username werk-bridge", mask=_masked)
B("env:\n  - name: OPCUA_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: opcua-collector\n        key: password")
B("variable \"historian_admin_password\" {\n  type      = string\n  sensitive = true\n}")
B("resource \"random_password\" \"bms_admin\" {\n  length  = 24\n  special = true\n}")
B("password_file /etc/mosquitto/pwfile\nacl_file /etc/mosquitto/acl\nallow_anonymous false")
B("[Interface]\nAddress = 10.99.0.«n»/32\nPrivateKey = {{ wg_private_key }}\n\n[Peer]\nPublicKey = «wgpub»", wgpub=lambda: b64(43) + "=")
B("# ~/.pgpass format: hostname:port:database:username:password\n# (file intentionally left empty on the build agent)")
B("[OPCUA_CLIENT_1]\nEndpoint=opc.tcp://«ip»:4840\nUserName=kep_ua\nUserPassword=%KEP_UA_PASSWORD%")
B("<add key=\"ClearTextPassword\" value=\"%NUGET_PASSWORD%\" />")
B("<password>${env.NEXUS_PASSWORD}</password>")
B("token = \"${INFLUX_TOKEN}\"\norganization = \"plant\"\nbucket = \"energy\"")
B("connection_string = \"$(cat /etc/aziot/device-connection-string)\"")
B("[cloud]\nendpoint = https://«host»/ingest\napi_key_file = /etc/bms-gw/api.key")
B("thingsboard:\n  host: «host»\n  security:\n    accessToken: YOUR_ACCESS_TOKEN")
B("admin_password = $__file{/etc/grafana/secrets/admin_password}")
B("auth:\n  type: certificate\n  cert: /etc/edge/certs/«uuid».crt\n  key: /etc/edge/certs/«uuid».key")
B("ssl_cert_fingerprint: «fph»", fph=L(_colonhex, 20))
B("known_hosts:\n  - «ip» «sshpub»", sshpub=_sshpub)
B("authorized_keys:\n  - «sshpub» fieldsvc@fsl-«n»", sshpub=_sshpub)
B("trusted_ca_thumbprint = \"«HX40»\"")
B("device_id = \"«uuid»\"\nsite = \"«city»\"\nline = «n»")
B("vin_allowlist = [\"«vin»\", \"«vin2»\"]")
B("imei = «imei»\niccid = «iccid»\napn = iot.m2m.example")
B("firmware:\n  version: «ver»\n  sha256: «sha256»\n  url: https://ota.orion-motors.example/tcu/«ver»/fw.bin")
B("[cache]\nkey = \"deps-«sha256»\"\npaths = [\"~/.cache/pip\"]")
B("password_policy:\n  min_length: 14\n  require_symbols: true\n  max_age_days: 90\n  history: 12")
B("# Passwords must be set via the HMI user admin, never in this file.\nhmi_users_source: umc")
B("grafana_admin_password_secret: grafana/admin    # name of the k8s secret, not the value")
B("vault_path: secret/data/ot/«site_s»/historian#password", site_s=C("ulm", "brno", "qro", "pune"))
B("credentials_ref: \"op://OT-Shared/MQTT «city»/password\"")
B("secret_arn: arn:aws:secretsmanager:eu-central-1:«dg12»:secret:fleet/ingest-«an6»")
B("keyvault_secret_id: https://kv-plant-«lo4».vault.azure.net/secrets/historian-db/«hx32»")
B("bacnet:\n  device_instance: «dg6»\n  network_number: «n»\n  bbmd: «ip»:47808")
B("modbus:\n  unit_id: «n»\n  registers:\n    - {addr: 40001, name: flow, scale: 0.1}\n    - {addr: 40003, name: pressure, scale: 0.01}")
B("s7:\n  ip: «ip»\n  rack: 0\n  slot: 1\n  protection_level: 3   # set in TIA, password held by maintenance lead")
B("# CODESYS runtime: user management enforced, credentials in the runtime's user DB\nSECURITY.UserMgmtEnforce=YES")
B("listener 8883\ncafile /etc/mosquitto/certs/ca.crt\ncertfile /etc/mosquitto/certs/server.crt\nkeyfile /etc/mosquitto/certs/server.key\nrequire_certificate true")
B("SharedAccessKeyName=iothubowner;SharedAccessKey=<from-key-vault>")
B("DefaultEndpointsProtocol=https;AccountName=plantarchive;AccountKey=****;EndpointSuffix=core.windows.net")
B("MAPBOX_PUBLIC_TOKEN=pk.eyJ1Ijoib3Jpb24tZmxlZXQiLCJhIjoi«an24»In0.«b64u_22»   # public, URL-restricted")
B("STRIPE_PUBLISHABLE_KEY=pk_test_«an24»")
B("sentry_dsn: https://«hx32»@o«dg6».ingest.sentry.io/«dg7»   # DSN key is public by design")
B("google_maps_key: ${GOOGLE_MAPS_KEY}   # restricted to *.fleet.example.com")

# ---- source code ----------------------------------------------------------
B("password = os.environ[\"MQTT_PASSWORD\"]")
B("client.username_pw_set(cfg.mqtt.user, cfg.mqtt.password)")
B("token = keyring.get_password(\"fleet-api\", getpass.getuser())")
B("pw = getpass.getpass(\"Historian password: \")")
B("const token = process.env.SAMSARA_API_TOKEN ?? '';\nif (!token) throw new Error('SAMSARA_API_TOKEN not set');")
B("if len(password) < 12:\n    raise ValueError(\"password too short (min 12 characters)\")")
B("def mask(secret: str) -> str:\n    return secret[:2] + \"*\" * (len(secret) - 4) + secret[-2:]")
B("PASSWORD_FIELD = \"password\"\nTOKEN_HEADER = \"X-Auth-Token\"")
B("assert hashlib.sha256(fw).hexdigest() == \"«sha256»\"")
B("EXPECTED_CRC = 0x«HX8»  # CRC32 of the calibration block")
B("static const uint8_t PGN_EEC1[3] = {0x00, 0xF0, 0x04};")
B("#define DEVICE_UUID \"«uuid»\"")
B("#define FW_BUILD_ID \"«sha»\"")
B("CACHE_KEY = f\"tags-{site}-{hashlib.md5(tag_list.encode()).hexdigest()}\"  # e.g. tags-ulm-«md5»")
B("NODE_ID = \"ns=2;g=«uuid»\"")
B("nodeId: 'ns=3;s=«tag»'")
B("PUBLIC_KEY_PEM = \"\"\"-----BEGIN PUBLIC KEY-----\n«pub»\n-----END PUBLIC KEY-----\"\"\"", pub=_pubbody)
B("CA_CERT = \"\"\"-----BEGIN CERTIFICATE-----\n«cert»\n-----END CERTIFICATE-----\"\"\"", cert=_certbody)
B("secret_name = \"plant/historian/db\"\nsecret = sm.get_secret_value(SecretId=secret_name)")
B("opts.SetPassword(os.Getenv(\"MQTT_PASSWORD\"))")
B("let token = std::env::var(\"INGEST_TOKEN\").expect(\"INGEST_TOKEN must be set\");")
B("var pw = Environment.GetEnvironmentVariable(\"OPCUA_PASSWORD\");")
B("String pw = System.getenv(\"MES_DB_PASSWORD\");")
B("sFtpPassword : STRING(32);  (* filled from the HMI at runtime, not hard-coded *)")
B("# TODO: move the broker password out of settings.js into credentialSecret from env\ncredentialSecret: process.env.NODE_RED_CREDENTIAL_SECRET")
B("test_password = \"changeme-in-test\"  # fixture value, rejected by the policy check on purpose\nassert not policy.accepts(test_password)")
B("REDACT_KEYS = {\"password\", \"passwd\", \"pwd\", \"token\", \"secret\", \"api_key\"}")
B("re.compile(r\"(?i)(password|passwd|pwd)\\s*[:=]\\s*\\S+\")")
B("log.info(\"login ok for user=%s (password not logged)\", user)")
B("headers = {\"Authorization\": f\"Bearer {token}\"}")
B("auth=(cfg[\"user\"], cfg[\"password\"])")
B("SELECT usename, passwd IS NOT NULL AS has_password FROM pg_shadow;")
B("ALTER ROLE grafana_ro WITH PASSWORD NULL;  -- switch to cert auth")
B("CREATE USER historian_ro WITH LOGIN PASSWORD :'hist_pw';  -- psql variable supplied at runtime")
B("git_sha = \"«sha»\"\nbuild_date = \"«date»\"")
B("SECOC_KEY_SLOT = 3  # key lives in the HSM, not in firmware")
B("seed = bytes.fromhex(resp[2:6].hex())  # SecurityAccess seed from ECU, e.g. «HX8»")

# ---- logs -----------------------------------------------------------------
B("«ts» INFO mqtt: connected to «host»:8883 as gw-«n» (tls, user=gw«n»)")
B("«ts» WARN auth: login failed for user «user» from «ip» (bad password)")
B("psql: error: connection to server at \"«host»\" («ip»), port 5432 failed: FATAL:  password authentication failed for user \"hist_reader\"")
B("Microsoft.Data.SqlClient.SqlException (0x80131904): Login failed for user 'mes_svc'.")
B("«ts» New client connected from «ip»:«nn» as gw-«n» (p2, c1, k60, u'edge').")
B("Looking in indexes: https://ci-reader:****@nexus.acme-mfg.local/repository/pypi/simple")
B("WARNING! Using --password via the CLI is insecure. Use --password-stdin.")
B("mysql: [Warning] Using a password on the command line interface can be insecure.")
B("«ts» INFO request_id=«uuid» method=GET path=/api/v1/assets status=200 dur_ms=«n»")
B("traceparent: 00-«hx32»-«hx16»-01")
B("X-Amzn-Trace-Id: Root=1-«hx8»-«hx24»")
B("«ts» DEBUG jwt: verified token kid=«hx16» sub=«uuid» exp=«nn»")
B("«ts» INFO tokens: issued token id «uuid» for device «imei» (value not logged)")
B("«ts» INFO auth: password changed for user «user» by admin")
B("«ts» INFO secrets: rotated secret plant/historian/db version «n»")
B("«ts» WARN vault: token ttl below 10m, renewing (accessor «an24»)")
B("X-Hub-Signature-256: sha256=«hx64»")
B("«ts» INFO webhook: delivery «uuid» signature verified")
B("GET /api/v1/vehicles?vin=«vin»&fields=odometer,fuel HTTP/1.1\" 200 «nn»")
B("«ts» [ERROR] opcua: BadUserAccessDenied (0x801F0000) for session «uuid»")
B("«ts» [WARN] opcua: BadCertificateUntrusted, thumbprint «HX40»")
B("«ts» ignition: Gateway started, version «ver» (b«dg10»)")
B("«ts» kepware: Channel 'S7_Line«n»' Device 'PLC1' communications established")
B("«ts» telegraf: [inputs.modbus] reading registers 40001..40010 from «ip»:502")
B("«ts» bacnetd: I-Am device «dg6» from «ip»:47808")
B("«ts» tcu: GNSS fix 3D sats=«n» hdop=0.«n2» vin=«vin»")
B("«ts» tcu: DTC P0«dg3» stored, freeze frame «cf»", cf=_canframe)
B("«ts» ota: artifact tcu-«ver».mender checksum «sha256» ok")
B("«ts» build: cache hit key=node-modules-«sha256»")
B("«ts» sshd[«pid»]: Accepted publickey for fieldsvc from «ip» port «nn» ssh2: ED25519 «fp»", fp=_fp)
B("«ts» sshd[«pid»]: Failed password for invalid user admin from «ip» port «nn» ssh2")
B("«ts» sudo: pam_unix(sudo:auth): authentication failure; logname=fieldsvc uid=1000 euid=0 tty=/dev/pts/0 ruser=fieldsvc rhost=  user=fieldsvc")
B("Traceback (most recent call last):\n  File \"/opt/oee/collector.py\", line 42, in <module>\n    engine = create_engine(os.environ[\"OEE_DB_URL\"])\nKeyError: 'OEE_DB_URL'")
B("java.lang.IllegalStateException: Property 'mes.opcua.password' is not set\n\tat com.plant.mes.Config.require(Config.java:88)")
B("Error: MQTT_PASSWORD is empty; refusing to start with anonymous login")
B("«ts» ERROR fleet-sync: 401 Unauthorized from api.fleet.example.com (token expired at «ts2»)")
B("«ts» INFO config: loaded config {'broker': '«host»', 'user': 'ingest', 'password': '«mask»'}", mask=_masked)
B("«ts» DEBUG http: Authorization: Bearer ***")
B("«ts» DEBUG http: Cookie: sessionid=<redacted>")
B("«ts» INFO crypto: generated new RSA-2048 key pair for OPC UA application «uuid» (stored in pki/own/private)")
B("«ts» INFO git: HEAD is now at «sha7» Merge branch 'fix/secret-scan-false-positive'")
B("##[debug]Evaluating: secrets.FLEET_API_TOKEN\n##[debug]Result: '***'")

# ---- notes and chat --------------------------------------------------------
B("NOTE: the historian password is in Vault at secret/ot/historian, ask «person» for access if you need it.")
B("«person»: I rotated the broker password this morning, new one is in KeePass under 'OT / MQTT «city»'.")
B("Decision: never store PLC protection passwords in the repo; the maintenance lead keeps them in the safe.")
B("Reminder: default credentials on the new gateways must be changed before they go on the OT VLAN.")
B("Policy: passwords ≥ 14 chars, no reuse of the last 12, rotate service accounts every 180 days.")
B("Passwort-Richtlinie: mindestens 12 Zeichen, Groß-/Kleinbuchstaben, Ziffern und Sonderzeichen.")
B("Politique de mots de passe : 12 caractères minimum, renouvellement tous les 90 jours.")
B("パスワードは共有しないでください。必要な場合は保全課に問い合わせてください。")
B("密码请不要写在工单里，统一放在公司密码库中。")
B("Hasło do sterownika jest w sejfie u kierownika utrzymania ruchu.")
B("La contraseña del SCADA está en el gestor de contraseñas, carpeta OT.")
B("«person»: can you send me the gateway password? — «person2»: it's in 1Password, vault 'Field Service', item 'gw-«n»'.")
B("«person»: token expired again, I requested a new one via ticket OT-«nn».")
B("TODO: replace the hard-coded password in tools/backup.sh with a read from /run/secrets before the audit.")
B("GOAL: rotate all MQTT credentials at «site» without stopping «line»; new values go to Vault only.")
B("Plan: 1) add secretKeyRef to the deployment 2) delete the literal from values.yaml 3) rotate the password.")
B("Found: commit «sha7» added a .env file; checked it — only placeholders (<your-token>), no real values.")
B("Commit «sha» is the last one before the credential cleanup.")
B("The sticker on cabinet «n» only has the MAC («mac») and serial «up10», no password.")
B("Handover: VIN «vin» on bench «n», UDS session 0x03 works, security access still needs the seed/key DLL from the supplier.")
B("TeamViewer session ended. ID «dg3» «dg3b» «dg3c» is the bench PC, password is set to random per session.", dg3b=L(dg, 3), dg3c=L(dg, 3))
B("Remember: the SIM PIN is disabled on all TCUs in the «city» fleet.")
B("BitLocker is enabled on FSL-«n»; the recovery key is escrowed in Entra ID (key ID «HX8»).")
B("| Device | IP | User | Password |\n|---|---|---|---|\n| Edge GW Line «n» | «ip» | root | see Vault |")
B("«person»: password for the HMI? — «person2»: not over chat please, call me.")
B("Meeting note: agreed to use certificate auth for OPC UA (Basic256Sha256) and drop username/password.")
B("The leaked token from last week (prefix ghp_, ending …«an4») was revoked at «time».")
B("Secret scan flagged «sha7»:config/plant.yml:«n» — false positive, it's a SHA-256 of the recipe file.")
B("«person» wrote: \"whatever you do, don't paste the PSK in Teams\" 👍")
B("Wi-Fi for visitors: SSID «ssid», the password is printed on the reception desk card (changes weekly).")
B("Note to self: API key for the weather service is in the team vault entry 'OpenWeather – energy forecast'.")
B("Changed the admin password on bms-«n» (new value handed to «person» in person).")
B("Der Schlüssel für den Schaltschrank liegt beim Pförtner, das HMI-Passwort kennt nur die Instandhaltung.")
B("Licence dongle serial «up12» moved from EWS-«n» to EWS-«n2».")
B("ECU part number «up10», software version «ver», calibration ID CAL«up8».")
B("Hash of the golden image (for the checklist): «sha256»")

# ---- CI / deploy ------------------------------------------------------------
B("env:\n  FLEET_API_TOKEN: ${{ secrets.FLEET_API_TOKEN }}\n  NEXUS_PASSWORD: ${{ secrets.NEXUS_PASSWORD }}")
B("- uses: docker/login-action@v3\n  with:\n    registry: registry.plant.example\n    username: ci\n    password: ${{ secrets.REGISTRY_PASSWORD }}")
B("variables:\n  HIST_DB_PASSWORD: $CI_HIST_DB_PASSWORD   # masked & protected project variable")
B("withCredentials([usernamePassword(credentialsId: 'plc-ftp', usernameVariable: 'U', passwordVariable: 'P')]) {\n  sh 'lftp -u \"$U,$P\" ftp://«ip» -e \"mirror /logs; bye\"'\n}")
B("FROM python:3.11-slim\nRUN --mount=type=secret,id=pip_conf,target=/etc/pip.conf pip install plc-tools==«ver»")
B("docker build --secret id=npmrc,src=$HOME/.npmrc -t registry.plant.example/andon:«sha7» .")
B("kubectl create secret generic opcua-collector --from-env-file=<(vault kv get -format=json secret/ot/opcua | jq -r '.data.data|to_entries[]|\"\\(.key)=\\(.value)\"') --dry-run=client -o yaml")
B("image: registry.plant.example/edge-agent@sha256:«sha256»")
B("- name: verify firmware\n  run: echo \"«sha256»  build/fw.bin\" | sha256sum -c -")
B("cache:\n  key: ${CI_COMMIT_REF_SLUG}-«sha7»\n  paths: [.venv/]")
B("Run actions/cache@v4\nCache restored from key: Linux-pip-«sha256»")
B("Job «dg9» finished: SUCCESS (pipeline «dg6», commit «sha7»)")
B("Deploying edge-agent «ver» (commit «sha») to 42 gateways in «city»")
B("argocd app sync edge-agent --revision «sha»")
B("terraform plan -var-file=prod.tfvars -out=plan.bin\n  + administrator_login_password = (sensitive value)")
B("Plan: 3 to add, 1 to change, 0 to destroy.\n  ~ password = (sensitive value)")
B("cosign verify --key cosign.pub registry.plant.example/edge-agent@sha256:«sha256»")
B("signtool sign /fd SHA256 /sha1 «HX40» /tr http://timestamp.example.com /td SHA256 HmiSetup.msi")
B("jarsigner -keystore release.jks -storepass:env KS_PASS build/libs/mes-client.jar mesrelease")
B("./gradlew assembleRelease -Pandroid.injected.signing.store.password=$KEYSTORE_PASSWORD")
B("COSIGN_PASSWORD=${COSIGN_PASSWORD:?must be set} cosign sign --key cosign.key $IMAGE")
B("#cloud-config\nssh_pwauth: false\nusers:\n  - name: fieldsvc\n    ssh_authorized_keys:\n      - «sshpub»", sshpub=_sshpub)
B("secretGenerator:\n  - name: opcua-bridge\n    envs:\n      - secrets.env   # generated by CI from Vault, not committed")
B("helm upgrade --install ingest ./chart -f values-prod.yaml --set-file mqtt.caCert=ca.pem")
B("- name: Upload coverage\n  uses: codecov/codecov-action@v4\n  with:\n    token: ${{ secrets.CODECOV_TOKEN }}")
B("sonar-scanner -Dsonar.projectKey=scada-hmi -Dsonar.token=$SONAR_TOKEN")
B("twine upload -u __token__ -p \"$PYPI_TOKEN\" dist/*")
B("npm publish --access restricted   # NPM_TOKEN provided via .npmrc in CI")
B("az login --service-principal -u $AZ_CLIENT_ID -p $AZ_CLIENT_SECRET --tenant $AZ_TENANT_ID")
B("vault login -method=jwt role=ci jwt=$CI_JOB_JWT_V2")
B("export VAULT_TOKEN=$(vault write -field=token auth/approle/login role_id=$ROLE_ID secret_id=$SECRET_ID)")
B("ansible-playbook deploy.yml --vault-password-file /run/secrets/vault_pass")
B("mender-cli login --server https://hosted.mender.io --username ci@orion-motors.example   # password read from stdin")
B("balena login --token \"$BALENA_TOKEN\" && balena push orion/tcu-bench")
B("git push https://x-access-token:${GITHUB_TOKEN}@github.com/orion-motors/tcu-firmware.git HEAD:main")
B("Release «ver» — artifacts:\n  tcu-«ver».mender  sha256 «sha256»\n  tcu-«ver».sig    sha256 «sha256b»", sha256b=L(hx, 64))

# ---- vendor look-alikes -----------------------------------------------------
B("GitLab personal access tokens start with glpat- followed by 20 characters; ours are created with 30-day expiry.")
B("Slack bot tokens look like xoxb-…; never paste them in #ot-general.")
B("AWS access key IDs (AKIA…) identify the key; the secret half is never shown again after creation.")
B("\"KeyId\": \"arn:aws:kms:eu-central-1:«dg12»:key/«uuid»\"")
B("{\"keys\":[{\"kty\":\"RSA\",\"kid\":\"«hx16»\",\"use\":\"sig\",\"n\":\"«b64u_86»\",\"e\":\"AQAB\"}]}")
B("\"private_key_id\": \"<removed>\", \"client_email\": \"etl@fleet-analytics-«lo4».iam.gserviceaccount.com\"")
B("Azure tenant «uuid», subscription «uuid2», app (client) id «uuid3» — IDs only, the client secret is in Key Vault.")
B("ThingWorx appKey name: 'LineDashboard-RO' (created «date», expires «date2»)")
B("OPC UA ApplicationUri: urn:«shost»:Acme:OpcUaCollector:«uuid»")
B("OPC UA server certificate thumbprint: «HX40»")
B("Talk2M account: «company» — device serial «dg4»-«dg4b»-«dg2»", dg4b=L(dg, 4))
B("Particle device ID: «hx24»")
B("balena device UUID: «hx32»")
B("Samsara vehicle id «dg15», asset «dg12»")
B("Teltonika RUTX11 serial «dg10», MAC «mac», firmware RUTX_R_00.07.«n».«n2»")
B("stripe webhook endpoint id we_«an24» (signing secret stored in Vault)")
B("ghp_****************************«an4»  (revoked)")
B("sk_live_…«an4» — last four only, from the Stripe dashboard")
B("xoxb-****-****-«an4» (token masked by Slack audit log)")
B("glpat-… token named 'plc-build-ro', scopes: read_repository, expires «date»")
B("api key fingerprint: «hx8»…«hx4» (shown instead of the key)")
B("HiveMQ Cloud cluster URL: «hx32».s1.eu.hivemq.cloud:8883 (credentials managed in the console)")
B("Azure IoT Hub: fleet-hub.azure-devices.net, device tcu-«imei», auth type: X.509 CA signed")
B("Mapbox style URL: mapbox://styles/orion-fleet/«lo25»")
B("Tailscale node key fingerprint: nodekey:«hx64»")
B("WireGuard peer public key: «wgpub»", wgpub=lambda: b64(43) + "=")
B("ed25519 host key fingerprint for «ip»: «fp»", fp=_fp)
B("DBC checksum: «md5», BO_ «dg4» EEC1: 8 Vector__XXX")
B("JWT header decoded: {\"alg\":\"RS256\",\"kid\":\"«hx16»\",\"typ\":\"JWT\"} (payload redacted)")
B("base64 payload from plant/line«n»/event: «b64t»", b64t=_b64text)
B("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA«b64_60»")
B("go.sum: github.com/eclipse/paho.mqtt.golang v1.4.«n» h1:«b64_43»=")
B("Cargo.lock: checksum = \"«sha256»\"")
B("\"integrity\": \"sha512-«b64_86»==\"")
B("«HX8»-«HX4»-«HX4b»-«HX4c»-«HX12»  (BACnet device GUID)", HX4b=L(HX, 4), HX4c=L(HX, 4))

# ===========================================================================
# assembly
# ===========================================================================
_PER_GROUP = 185
_BENIGN_TARGET = 950


def _counts(n_templates, target):
    counts = [0] * n_templates
    total = 0
    for level in (1, 2, 3):
        for i in range(n_templates):
            if total >= target:
                return counts
            if counts[i] < level:
                counts[i] += 1
                total += 1
    return counts


def _build_secrets():
    out = []
    used = set()
    for group in GROUPS:
        tpls = _TPL[group]
        for (fmt, tpl, sec, vis, gens), c in zip(tpls, _counts(len(tpls), _PER_GROUP)):
            for _ in range(c):
                for _attempt in range(200):
                    text, vals = _render(tpl, gens)
                    secret = vals[sec]
                    visible = vals[vis] if vis in vals else vis
                    if (secret not in used and len(secret) >= 6 and secret in text
                            and (not visible or secret not in visible)):
                        break
                used.add(secret)
                out.append((group, fmt, text, secret, visible))
    return out


def _build_benign(secrets):
    out = []
    seen = set()
    long_secrets = [s for s in secrets if len(s) >= 8]
    rounds = max(n for _t, n, _g in _BTPL)
    for r in range(rounds):
        for tpl, n, gens in _BTPL:
            if r >= n:
                continue
            text, _vals = _render(tpl, gens)
            if text in seen or any(s in text for s in long_secrets):
                continue
            seen.add(text)
            out.append(text)
    return out[:_BENIGN_TARGET]


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])
