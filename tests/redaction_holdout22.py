"""Blind hold-out corpus no. 22 for the secret-redaction engine.

What this is
    Test data for the scrubber that cleans the free-text fields of a coding
    agent's saved working state (goal, notes, commands run, excerpts of files
    and tool output, decisions, next steps) before they are written to disk.
    Every credential that would let someone log in, call an API, decrypt, sign
    or impersonate must be removed; everything else should stay readable.

Theme
    People and places far from the usual developer laptop, and text that has
    already been through other tools: incident-response and forensics notes,
    on-call handoffs, helpdesk resets and onboarding mails, quoted and
    forwarded e-mail, pasted chats (Slack, Teams, Mattermost, WeChat, Telegram,
    LINE), password-manager exports, diffs, HAR files, curl -v traces, SQL,
    CSV, Helm/Terraform/Ansible/kubectl/docker output, env dumps and core-file
    strings; from retail POS, logistics, telecom/VoIP, broadcasting, schools,
    hospitals, municipal IT, agriculture and energy SCADA and small NGOs, with
    about a quarter of the notes and chats written in languages other than
    English.

How it was written
    Blind: from general knowledge of what real credentials and real
    engineering text look like, without reading the engine, its rules, its
    other corpora or any secret scanner's rule set.

Layout
    SECRETS is a list of 5-tuples (group, format, text, secret, visible):
      group    one of command, tool-output, config-file, source-code,
               stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
      format   kebab-case name of the shape (each used at most three times)
      text     what the agent would record, with the usual surrounding noise
      secret   the exact substring of text that must not survive
      visible  a substring of text that must stay readable, or ""
    BENIGN is a list of strings of the same kinds that hold no credential but
    look like one to a naive scanner.

All values are synthetic, drawn from random.Random(2222) at import time; none
is a real credential or a documented example key.  Vendor prefixes are put
together from parts so the file holds no realistic credential literally.

It measured 0.907 recall and 1.7% false positives blind (0.915 and 1.7% with the rules
written before it in the same session), and is regression data now
(tests/test_redaction_holdouts_recent.py holds its recall per group and its false
positives).
"""

import base64
import json
import random
import re
import string
import urllib.parse

_R = random.Random(2222)

# ---------------------------------------------------------------------------
# random helpers
# ---------------------------------------------------------------------------
_HEX = "0123456789abcdef"
_AN = string.ascii_letters + string.digits
_LAN = string.ascii_lowercase + string.digits
_UAN = string.ascii_uppercase + string.digits
_B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_B64C = string.ascii_letters + string.digits + "+/"


def _ch(seq):
    return _R.choice(seq)


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def hx(n):
    return _s(_HEX, n)


def HX(n):
    return _s("0123456789ABCDEF", n)


def an(n):
    return _s(_AN, n)


def lan(n):
    return _s(_LAN, n)


def uan(n):
    return _s(_UAN, n)


def dg(n):
    return str(_R.randint(1, 9)) + _s(string.digits, n - 1)


def b32(n):
    return _s(_B32, n)


def rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def b64(n):
    return base64.b64encode(rbytes(n)).decode()


def b64u(n):
    return base64.urlsafe_b64encode(rbytes(n)).decode().rstrip("=")


def b64s(s):
    if isinstance(s, str):
        s = s.encode("utf-8")
    return base64.b64encode(s).decode()


def b64us(s):
    if isinstance(s, str):
        s = s.encode("utf-8")
    return base64.urlsafe_b64encode(s).decode().rstrip("=")


def uid():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + _ch("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def P(*parts):
    """Join prefix parts (keeps vendor prefixes out of the file literally)."""
    return "".join(parts)


def jwt(alg="HS256", claims=None):
    hdr = {"alg": alg, "typ": "JWT"}
    if alg.startswith("RS"):
        hdr["kid"] = hx(16)
    if claims is None:
        iat = _R.randint(1690000000, 1740000000)
        claims = {"sub": _ch(["svc-pos-sync", "courier-app", "hl7-bridge", "scada-ro", "kiosk-17",
                               "agent-" + dg(4), "u" + dg(6)]),
                  "iss": "https://" + _ch(["login", "sso", "auth", "idp"]) + "." + _ch(_DOMAINS),
                  "iat": iat, "exp": iat + _ch([900, 3600, 86400, 2592000])}
    body = b64us(json.dumps(hdr, separators=(",", ":"))) + "." + b64us(json.dumps(claims, separators=(",", ":")))
    sig = b64u(256) if alg.startswith("RS") else b64u(32)
    return body + "." + sig


# ---------------------------------------------------------------------------
# pools
# ---------------------------------------------------------------------------
_DOMAINS = ["kraemer-logistik.de", "santalucia-hosp.org", "valverde.gob.es", "coop-agricola.pt",
            "radiokanal7.cz", "fjordtel.no", "sunfield-energy.co.za", "freshmart-retail.com",
            "clearwater-ngo.org", "oakridge-city.gov", "baan-school.ac.th", "nordvik-kommune.se",
            "lagos-freight.ng", "tanaka-butsuryu.jp", "hanriver-media.kr", "hoa-binh-tel.vn",
            "mercado-sol.com.br", "ostrava-teplo.cz", "anatolia-kargo.com.tr", "kyiv-metro-it.ua",
            "riverbend-schools.us", "agro-pampa.com.ar", "delta-voip.nl", "porto-ferry.pt",
            "wielkopolska-med.pl", "mumbai-dabba.in", "jakarta-kurir.id", "suomen-vesi.fi",
            "milano-bus.it", "lyon-maternite.fr"]
_HPRE = ["pos-gw", "erp", "db", "sbc", "pbx", "ldap", "dc", "radius", "vault", "scada-hmi",
         "historian", "pacs", "hl7", "wms", "tms", "kiosk", "encoder", "ingest", "icecast",
         "mail", "vpn", "backup", "nas", "git", "ci", "k8s-node", "mqtt", "rtu-gw", "intranet",
         "sso", "idp", "print", "sftp", "edi", "label-srv", "drac", "ilo", "wifi-ctl"]
_FIRST = ["Anna", "Jörg", "Fatima", "Ngozi", "Hiroshi", "Wei", "Priya", "Oleksandr", "Ayşe", "Lucas",
          "Sofía", "Matteo", "Sanne", "Jan", "Mikko", "Elin", "Lan", "Siti", "Somchai", "Yael",
          "Omar", "Min-jun", "Ivan", "Amara", "Rahul", "Chloé", "Kwame", "Ingrid", "Tomasz", "Zuzana",
          "Pedro", "Leila", "Diego", "Aino", "Dewi", "Noa", "Emeka", "Giulia", "Thijs", "Marta"]
_LAST = ["Kowalska", "Baumann", "Zahra", "Okafor", "Tanaka", "Zhang", "Raman", "Petrenko", "Yılmaz",
         "Oliveira", "Martínez", "Rossi", "de Vries", "Novák", "Virtanen", "Lindqvist", "Nguyen",
         "Rahmawati", "Prasert", "Cohen", "Haddad", "Kim", "Sokolov", "Diallo", "Verma", "Bernard",
         "Mensah", "Hansen", "Wiśniewski", "Dvořáková", "Santos", "Farahani", "Gómez", "Korhonen"]
_LOGIN = ["akowalska", "j.baumann", "fzahra", "nokafor", "h.tanaka", "wzhang", "praman", "opetrenko",
          "ayilmaz", "loliveira", "smartinez", "mrossi", "sdevries", "jnovak", "mvirtanen", "elindqvist",
          "lan.nguyen", "siti.r", "somchai.p", "ycohen", "ohaddad", "mjkim", "isokolov", "adiallo",
          "rverma", "cbernard", "kmensah", "ihansen", "twisniewski", "zdvorakova", "psantos",
          "svc_pos_sync", "svc-backup", "svc_hl7", "scada_ro", "helpdesk2", "nurse.station4",
          "kiosk17", "radio_ops", "wms-import", "edi_partner", "courier_api", "noc-oncall"]
_CITIES = ["Bremen", "Porto", "Lagos", "Ostrava", "Osaka", "Busan", "Hanoi", "Jakarta", "Kyiv",
           "Izmir", "Rosario", "Tromsø", "Durban", "Lyon", "Poznań", "Pune", "Tampere", "Turin",
           "Curitiba", "Valencia", "Chiang Mai", "Haifa", "Casablanca", "Nairobi", "Umeå"]

_WORDS = ["tractor", "harbor", "copper", "lantern", "meadow", "falcon", "biscuit", "violet", "thunder",
          "pepper", "orchard", "glacier", "saddle", "marble", "compass", "cobalt", "willow", "ember",
          "nugget", "rocket", "banjo", "pickle", "walnut", "sparrow", "canyon", "velvet", "pumpkin",
          "mango", "zebra", "raven", "tundra", "cactus", "dolphin", "hazel", "juniper", "kettle",
          "lemon", "maple", "nectar", "olive", "parrot", "quartz", "ribbon", "saffron", "tiger",
          "umbrella", "walrus", "zephyr", "anchor", "bishop", "cheddar", "dragon", "eagle", "forest",
          "goblin", "hammer", "island", "jasmine", "koala", "lobster", "monkey", "nebula", "oyster",
          "penguin", "rhubarb", "salmon", "turnip", "badger", "sunset", "blossom", "cricket", "shadow",
          "sailor", "pirate", "coffee", "muffin", "cookie", "tulip", "garden", "river", "window"]
_LOCALW = ["Frühling", "Sonnenblume", "Kätzchen", "Schmetterling", "Bärchen", "Mariposa", "Corazón",
           "Pingüino", "Cigüeña", "Mañana", "Coração", "Limão", "Café", "Étoile", "Château", "Soleil",
           "Fraise", "Papillon", "Gelato", "Farfalla", "Słoneczko", "Żyrafa", "Kočička", "Jahoda",
           "Çiçek", "Güneş", "Köpek", "Lumi", "Kärlek", "Sjöstjärna", "Fiets", "Appeltaart",
           "Sakura", "Neko", "Hoa", "Matahari", "Solnyshko", "Kotik", "Zorya", "Ølhund"]
_PNAMES = ["Lucia", "Marco", "Ahmed", "Yuki", "Olena", "Bartek", "Mehmet", "Ingrid", "Kofi", "Ananya",
           "Diego", "Chiara", "Thijs", "Pavla", "Aino", "Linnea", "Minh", "Dewi", "Somsak", "Noa",
           "Jihoon", "Sasha", "Fatou", "Emeka", "Bruno", "Rex", "Luna", "Max", "Bella", "Simba"]
_KBD = ["1qaz2wsx", "qwerty", "asdfgh", "zxcvbn", "1q2w3e4r", "qazwsx", "!QAZ2wsx", "1qaz@WSX",
        "zaq12wsx", "poiuyt", "qwertz", "azerty", "ytrewq", "mnbvcx", "qweasdzxc", "1234qwer",
        "Qwer1234", "Asdf1234", "q1w2e3r4", "1qazxsw2", "zxcasdqwe", "Zaq1@wsx", "qwe123QWE", "a1s2d3f4"]
_TEAMS = ["Barca", "Juve", "Galatasaray", "Flamengo", "Ajax", "Benfica", "Boca", "Legia", "Sparta",
          "Liverpool", "Bayern", "Dynamo", "Celtic", "Corinthians", "Feyenoord", "Fenerbahce"]
_SEASONS = ["Summer", "Winter", "Spring", "Autumn", "Sommer", "Herbst", "Verano", "Invierno",
            "Primavera", "Estate", "Inverno", "Lato", "Zima", "Kesa", "Talvi", "Printemps", "Hiver"]
_WELCOME = ["Welcome", "Start", "Temp", "Changeme", "Bienvenue", "Willkommen", "Bienvenido",
            "Benvenuto", "Witaj", "Welkom", "Tervetuloa", "Valkommen", "BemVindo", "Hosgeldin", "Vitejte"]
_SYM = "!@#$&*?+-_.="


def _yr():
    return str(_R.randint(1961, 2025))


def _pw_word():
    return _ch(_WORDS).capitalize() + _yr() + _ch("!#$?*.")


def _pw_two():
    return _ch(_WORDS).capitalize() + _ch(_WORDS).capitalize() + dg(_R.randint(2, 3))


def _pw_leet():
    w = _ch(_WORDS) + _ch(_WORDS)
    t = {"a": "@", "o": "0", "e": "3", "i": "1", "s": "$", "t": "7"}
    w = "".join(t[c] if c in t and _R.random() < 0.7 else c for c in w)
    return w[0].upper() + w[1:] + dg(2)


def _pw_kbd():
    return _ch(_KBD) + _ch(["", "!", "#", "$", "@"]) + dg(_R.randint(2, 4))


def _pw_name():
    n = _ch(_PNAMES)
    d = "%02d%02d%s" % (_R.randint(1, 28), _R.randint(1, 12), _yr())
    return _ch([n + d, n.lower() + "." + d, n + "_" + _yr() + _ch("!#"), n + "&" + _ch(_PNAMES) + dg(2)])


def _pw_phrase():
    k = _R.randint(3, 5)
    ws = [_ch(_WORDS) for _ in range(k)]
    if _R.random() < 0.5:
        ws.insert(_R.randint(0, k), dg(_R.randint(1, 3)))
    s = " ".join(ws)
    return s[0].upper() + s[1:] if _R.random() < 0.5 else s


def _pw_dice():
    return _ch("-._").join(_ch(_WORDS) for _ in range(_R.randint(4, 5))) + dg(1)


def _pw_local():
    return _ch(_LOCALW) + _ch(["", ".", "_", "!"]) + _yr() + _ch(["", "!", "?", "#"])


def _pw_season():
    return _ch(_SEASONS) + _yr() + _ch(_SYM) + lan(2)


def _pw_team():
    return _ch(_TEAMS) + _ch(["", "_", "."]) + _yr() + _ch(["", "!", "fc", "#"]) + dg(1)


def _pw_temp():
    return _ch(_WELCOME) + _ch(["", "-", "."]) + dg(4) + _ch(_SYM) + lan(2)


def pw_human():
    f = _ch([_pw_word, _pw_two, _pw_leet, _pw_kbd, _pw_name, _pw_phrase, _pw_dice, _pw_local,
             _pw_season, _pw_team])
    s = f()
    while len(s) < 8:
        s += dg(2)
    return s


def pw_simple():
    """Human password with no quote, space, backslash or percent sign (safe in most syntaxes)."""
    f = _ch([_pw_word, _pw_two, _pw_leet, _pw_kbd, _pw_name, _pw_season, _pw_team, _pw_temp])
    s = f()
    while len(s) < 8:
        s += dg(2)
    return s


def pw_gen(n=None):
    n = n or _R.randint(16, 26)
    alpha = string.ascii_letters + string.digits + "!#$%&*+-=?@^_~"
    while True:
        s = _s(alpha, n)
        if any(c in "!#$%&*+-=?@^_~" for c in s) and any(c.isdigit() for c in s):
            return s


def pw_gen_safe(n=None):
    n = n or _R.randint(16, 24)
    alpha = string.ascii_letters + string.digits + "!#*+-=@^_~."
    return _s(alpha, n)


def pw_url():
    """a human password with specials, as it appears URL-encoded"""
    base = _ch(_WORDS).capitalize() + _ch("!@#$&+/ ") + _yr() + _ch("!?%=")
    return urllib.parse.quote(base, safe="")


def pem_lines(kind="rsa", n=None):
    starts = {"rsa": "MIIEpAIBAAKCAQEA", "pkcs8": "MIIEvgIBADANBgkqhkiG9w0BAQEFAASC",
              "ec": "MHcCAQEEI", "openssh": "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAA",
              "encrsa": "MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI"}
    n = n or {"rsa": 25, "pkcs8": 26, "ec": 3, "openssh": 7, "encrsa": 27}[kind]
    body = starts[kind] + _s(_B64C, 64 * n - len(starts[kind]) - _R.randint(4, 40))
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    if kind == "ec":
        lines[-1] = lines[-1][:-2] + "=="
    return lines


def pem_block(kind="rsa", n=None, trunc=False):
    labels = {"rsa": "RSA PRIVATE KEY", "pkcs8": "PRIVATE KEY", "ec": "EC PRIVATE KEY",
              "openssh": "OPENSSH PRIVATE KEY", "encrsa": "ENCRYPTED PRIVATE KEY"}
    lines = pem_lines(kind, n)
    sec = lines[1] if len(lines) > 2 else lines[0]
    shown = lines if not trunc else lines[:4] + ["[... %d lines trimmed ...]" % (len(lines) - 5)] + lines[-1:]
    block = "-----BEGIN %s-----\n%s\n-----END %s-----" % (labels[kind], "\n".join(shown), labels[kind])
    return block, sec


# ---------------------------------------------------------------------------
# template machinery
# ---------------------------------------------------------------------------
def _ts():
    return "2%03d-%02d-%02dT%02d:%02d:%02dZ" % (_R.randint(23, 25), _R.randint(1, 12), _R.randint(1, 28),
                                               _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def _dt():
    return "2%03d-%02d-%02d %02d:%02d:%02d" % (_R.randint(23, 25), _R.randint(1, 12), _R.randint(1, 28),
                                              _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def _host():
    return "%s%02d.%s" % (_ch(_HPRE), _R.randint(1, 24), _ch(_DOMAINS))


def _trk():
    return _ch(["1Z" + uan(16), dg(12), "JD0146" + dg(12), _ch(["RR", "CP", "LX", "EE"]) + dg(9) + _ch(["DE", "PT", "CN", "GB", "PL"]),
                dg(22), "TBA" + dg(12)])


_TOK = {
    "host": _host,
    "h": lambda: "%s%02d" % (_ch(_HPRE), _R.randint(1, 24)),
    "dom": lambda: _ch(_DOMAINS),
    "ip": lambda: _ch(["10.%d.%d.%d" % (_R.randint(0, 254), _R.randint(0, 254), _R.randint(2, 254)),
                       "192.168.%d.%d" % (_R.randint(0, 254), _R.randint(2, 254)),
                       "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 254), _R.randint(2, 254))]),
    "pubip": lambda: _ch(["203.0.113.%d", "198.51.100.%d", "192.0.2.%d"]) % _R.randint(2, 250),
    "port": lambda: _ch(["5432", "3306", "8443", "1433", "27017", "6379", "5060", "8080", "9443", "1812", "5671", "8883"]),
    "user": lambda: _ch(_LOGIN),
    "first": lambda: _ch(_FIRST),
    "name": lambda: _ch(_FIRST) + " " + _ch(_LAST),
    "email": lambda: _ch(_LOGIN).replace("_", ".") + "@" + _ch(_DOMAINS),
    "city": lambda: _ch(_CITIES),
    "date": lambda: "2%03d-%02d-%02d" % (_R.randint(23, 25), _R.randint(1, 12), _R.randint(1, 28)),
    "time": lambda: "%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59)),
    "ts": _ts,
    "dt": _dt,
    "tkt": lambda: _ch(["INC", "REQ", "CHG", "SEC", "RITM", "TASK"]) + dg(7),
    "jira": lambda: _ch(["OPS", "NOC", "POS", "WMS", "SEC", "HIS", "VOIP", "SCADA", "IT", "BCAST"]) + "-" + dg(_R.randint(3, 4)),
    "hex7": lambda: hx(7), "hex8": lambda: hx(8), "hex12": lambda: hx(12), "hex16": lambda: hx(16),
    "hex32": lambda: hx(32), "hex40": lambda: hx(40), "hex64": lambda: hx(64),
    "uuid": uid,
    "n2": lambda: dg(2), "n3": lambda: dg(3), "n4": lambda: dg(4), "n5": lambda: dg(5),
    "n6": lambda: dg(6), "n8": lambda: dg(8), "n10": lambda: dg(10),
    "ver": lambda: "%d.%d.%d" % (_R.randint(1, 9), _R.randint(0, 30), _R.randint(0, 20)),
    "pid": lambda: str(_R.randint(300, 65000)),
    "store": lambda: "%04d" % _R.randint(1, 999),
    "order": lambda: _ch(["SO", "PO", "ORD", "WO"]) + "-" + _yr() + "-" + dg(6),
    "trk": _trk,
    "a8": lambda: lan(8), "a6": lambda: lan(6),
    "an16": lambda: an(16), "an24": lambda: an(24), "an40": lambda: an(40), "uan20": lambda: uan(20),
    "b64u": lambda: b64u(16), "b64ca": lambda: "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM" + b64(30) + "...",
    "b64pub": lambda: b64(32), "aws_id": lambda: _V["aws_id"](),
    "HEX8": lambda: HX(8), "UAN8": lambda: uan(8), "UAN10": lambda: uan(10), "hex24": lambda: hx(24),
    "an32": lambda: an(32), "b64": lambda: b64(24), "n7": lambda: dg(7), "n9": lambda: dg(9),
}

_ENTRIES = []
_USED = set()


def T(group, fmt, kind, text, vis="", n=2):
    """register a template; text holds %%S%% for the secret and %%tok%% for noise"""
    _ENTRIES.append((group, fmt, kind, text, vis, n))


def F(group, fmt, n=2):
    """decorator form: the function gets the instance index and returns (text, secret, visible)"""
    def deco(fn):
        _ENTRIES.append((group, fmt, None, fn, "", n))
        return fn
    return deco


def _fill(tpl, cache):
    def rep(m):
        key = m.group(1)
        if key not in cache:
            cache[key] = _TOK[key.split(".")[0]]()
        return cache[key]
    return re.sub(r"%%([A-Za-z0-9_.]+)%%", rep, tpl)


_KINDS = {}


def kind(name):
    def deco(fn):
        _KINDS[name] = fn
        return fn
    return deco


_KINDS.update({
    "pw": pw_human, "pws": pw_simple, "pwword": _pw_word, "pwtwo": _pw_two, "pwleet": _pw_leet,
    "pwkbd": _pw_kbd, "pwname": _pw_name, "pwphrase": _pw_phrase, "pwdice": _pw_dice,
    "pwlocal": _pw_local, "pwseason": _pw_season, "pwteam": _pw_team, "pwtemp": _pw_temp,
    "pwgen": pw_gen, "pwsafe": pw_gen_safe, "pwurl": pw_url,
    "hex16": lambda: hx(16), "hex20": lambda: hx(20), "hex24": lambda: hx(24), "hex32": lambda: hx(32),
    "hex40": lambda: hx(40), "hex48": lambda: hx(48), "hex64": lambda: hx(64), "HEX32": lambda: HX(32),
    "HEX40": lambda: HX(40),
    "b64_16": lambda: b64(16), "b64_24": lambda: b64(24), "b64_32": lambda: b64(32),
    "b64_48": lambda: b64(48), "b64_64": lambda: b64(64), "b64u_32": lambda: b64u(32),
    "b64u_48": lambda: b64u(48),
    "an16": lambda: an(16), "an20": lambda: an(20), "an24": lambda: an(24), "an32": lambda: an(32),
    "an40": lambda: an(40), "an48": lambda: an(48), "an64": lambda: an(64), "lan32": lambda: lan(32),
    "lan24": lambda: lan(24), "uan20": lambda: uan(20), "uan32": lambda: uan(32),
    "uuid": uid, "jwt": jwt, "jwtrs": lambda: jwt("RS256"), "b32": lambda: b32(32),
    "b32_16": lambda: b32(16), "b32_26": lambda: b32(26),
})


@kind("basic")
def _k_basic():
    u = _ch(_LOGIN)
    p = pw_simple()
    return {"S": b64s(u + ":" + p), "bu": u}


@kind("b64pw")
def _k_b64pw():
    return b64s(pw_human())


@kind("b64gen")
def _k_b64gen():
    return b64s(pw_gen_safe())


@kind("b64tok")
def _k_b64tok():
    return b64s(an(32))


def _build():
    out = []
    for group, fmt, kd, text, vis, n in _ENTRIES:
        for i in range(n):
            for _attempt in range(30):
                if kd is None:
                    t, s, v = text(i)
                else:
                    cache = {}
                    if isinstance(kd, str):
                        val = _KINDS[kd]()
                    else:
                        val = kd()
                    if isinstance(val, dict):
                        cache.update(val)
                    else:
                        cache["S"] = val
                    s = cache["S"]
                    tpl = text[i % len(text)] if isinstance(text, (list, tuple)) else text
                    t = _fill(tpl, cache)
                    v = _fill(vis, cache) if vis else ""
                if s not in _USED and s in t and len(s) >= 8:
                    break
            else:
                raise ValueError("could not build " + fmt)
            _USED.add(s)
            if v and (v not in t or v in s or s in v):
                v = ""
            out.append((group, fmt, t, s, v))
    return out


def pw_urlsafe():
    s = pw_simple()
    s = "".join(c if (c.isalnum() and c.isascii()) or c in "-._~!*" else "." for c in s)
    while len(s) < 8:
        s += dg(2)
    return s


_KINDS["pwu"] = pw_urlsafe

# ---------------------------------------------------------------------------
# vendor-shaped token generators (prefixes joined from parts)
# ---------------------------------------------------------------------------
_AND = _AN + "-_"
_V = {
    "gh_classic": lambda: P("gh", "p_") + an(36),
    "gh_fine": lambda: P("github", "_pat_") + "11" + uan(20) + "_" + an(59),
    "gh_oauth": lambda: P("gh", "o_") + an(36),
    "gh_app": lambda: P("gh", "s_") + an(36),
    "gh_refresh": lambda: P("gh", "r_") + an(76),
    "glpat": lambda: P("gl", "pat-") + _s(_AND, 20),
    "glrt": lambda: P("gl", "rt-") + _s(_AND, 20),
    "gldeploy": lambda: P("gl", "dt-") + _s(_AND, 20),
    "slack_bot": lambda: P("xo", "xb-") + dg(12) + "-" + dg(13) + "-" + an(24),
    "slack_user": lambda: P("xo", "xp-") + dg(12) + "-" + dg(12) + "-" + dg(13) + "-" + hx(32),
    "slack_app": lambda: P("xa", "pp-") + "1-A" + uan(10) + "-" + dg(13) + "-" + hx(64),
    "stripe_sk": lambda: P("sk", "_li", "ve_") + an(_ch([24, 99])),
    "stripe_rk": lambda: P("rk", "_li", "ve_") + an(99),
    "stripe_wh": lambda: P("wh", "sec_") + an(32),
    "aws_id": lambda: P("AK", "IA") + _s("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16),
    "aws_sid": lambda: P("AS", "IA") + _s("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16),
    "aws_secret": lambda: _s(_AN + "+/", 40),
    "aws_session": lambda: P("IQoJb3JpZ2lu", "X2Vj") + _s(_AN + "+/", 340),
    "gapi": lambda: P("AI", "za") + _s(_AND, 35),
    "goauth": lambda: P("GOC", "SPX-") + _s(_AND, 28),
    "gaccess": lambda: P("ya", "29.") + _s(_AND, 160),
    "twilio_tok": lambda: hx(32),
    "twilio_sid": lambda: P("A", "C") + hx(32),
    "twilio_sk": lambda: P("S", "K") + hx(32),
    "sendgrid": lambda: P("S", "G.") + _s(_AND, 22) + "." + _s(_AND, 43),
    "mailgun": lambda: P("key", "-") + hx(32),
    "mailchimp": lambda: hx(32) + "-us" + str(_R.randint(2, 21)),
    "shopify_at": lambda: P("shp", "at_") + hx(32),
    "shopify_ss": lambda: P("shp", "ss_") + hx(32),
    "shopify_ca": lambda: P("shp", "ca_") + hx(32),
    "square_at": lambda: P("EAA", "A") + _s(_AND, 60),
    "square_old": lambda: P("sq0", "atp-") + _s(_AND, 22),
    "braintree": lambda: P("access_token", "$production$") + lan(16) + "$" + hx(32),
    "adyen": lambda: P("AQE", "") + an(38) + "=-" + an(43) + "=-" + an(18),
    "telegram": lambda: dg(10) + ":" + P("AA") + _s(_AND, 33),
    "discord_bot": lambda: b64us(dg(18)) + "." + _s(_AND, 6) + "." + _s(_AND, 38),
    "discord_wh": lambda: _s(_AND, 68),
    "npm": lambda: P("np", "m_") + an(36),
    "pypi": lambda: P("py", "pi-") + "AgEIcHlwaS5vcmcCJ" + b64u(70),
    "dockerhub": lambda: P("dckr", "_pat_") + _s(_AND, 27),
    "vault": lambda: P("hv", "s.") + an(_ch([24, 90])),
    "vault_batch": lambda: P("hv", "b.") + _s(_AND, 120),
    "tfc": lambda: an(14) + P(".atlas", "v1.") + _s(_AND, 67),
    "do": lambda: P("dop", "_v1_") + hx(64),
    "azure_key": lambda: b64(64),
    "azure_sig": lambda: urllib.parse.quote(b64(32), safe=""),
    "azure_cs": lambda: an(3) + P("8Q", "~") + _s(_AN + "~._-", 34),
    "openai": lambda: P("sk", "-proj-") + _s(_AND, 64) + "T3Blbk" + "FJ" + _s(_AND, 64),
    "anthropic": lambda: P("sk-", "ant-", "api03-") + _s(_AND, 93) + "AA",
    "hf": lambda: P("h", "f_") + an(34),
    "dd_api": lambda: hx(32),
    "dd_app": lambda: hx(40),
    "newrelic": lambda: P("NR", "AK-") + uan(27),
    "sentry_tok": lambda: P("sntry", "s_") + b64us(json.dumps({"iat": _R.randint(1700000000, 1740000000), "url": "https://sentry.io", "org": "ngo"})) + "_" + b64u(32),
    "pd_routing": lambda: hx(32),
    "pd_api": lambda: P("u", "+") + _s(_AND, 18),
    "atlassian": lambda: P("ATAT", "T3x") + _s(_AND, 180) + "=" + HX(8),
    "linear": lambda: P("lin", "_api_") + an(40),
    "notion": lambda: P("nt", "n_") + dg(11) + an(35),
    "airtable": lambda: P("p", "at") + an(14) + "." + hx(64),
    "asana": lambda: "2/" + dg(16) + "/" + dg(16) + ":" + hx(32),
    "figma": lambda: P("fig", "d_") + _s(_AND, 40),
    "dropbox": lambda: P("s", "l.") + _s(_AND, 130),
    "okta": lambda: P("00", "") + _s(_AND, 40),
    "auth0": lambda: _s(_AND, 64),
    "cf_token": lambda: _s(_AND, 40),
    "cf_origin": lambda: P("v1.0", "-") + hx(24) + "-" + hx(146),
    "algolia": lambda: hx(32),
    "mapbox": lambda: P("s", "k.") + b64us(json.dumps({"u": _ch(_LOGIN), "a": lan(25)}, separators=(",", ":"))) + "." + _s(_AND, 22),
    "fcm": lambda: P("AA", "AA") + _s(_AND, 7) + ":" + P("APA91", "b") + _s(_AND, 134),
    "doppler": lambda: P("dp", ".st.") + "prd." + an(40),
    "pulumi": lambda: P("pu", "l-") + hx(40),
    "grafana_sa": lambda: P("gl", "sa_") + an(32) + "_" + hx(8),
    "netlify": lambda: P("nf", "p_") + an(36),
    "vercel": lambda: an(24),
    "supabase": lambda: P("sb", "p_") + hx(40),
    "planetscale": lambda: P("pscale", "_pw_") + _s(_AND, 43),
    "postman": lambda: P("PM", "AK-") + hx(24) + "-" + hx(34),
    "buildkite": lambda: P("bk", "ua_") + hx(40),
    "circleci": lambda: P("CCI", "PAT_") + an(22) + "_" + hx(40),
    "age": lambda: P("AGE-SECRET", "-KEY-1") + _s("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58),
    "shippo": lambda: P("shippo", "_live_") + hx(40),
    "easypost": lambda: P("EZ", "AK") + hx(54),
    "hubspot": lambda: P("pat", "-na1-") + uid(),
    "ytkey": lambda: "-".join(lan(4) for _ in range(5)),
    "fb_page": lambda: P("EA", "AG") + an(170),
    "line": lambda: b64(128).replace("/", "+"),
    "wechat": lambda: hx(32),
    "razorpay": lambda: an(24),
    "flutterwave": lambda: P("FLWSECK", "-") + hx(32) + "-X",
    "mercadopago": lambda: P("APP", "_USR-") + dg(16) + "-" + dg(6) + "-" + hx(32) + "-" + dg(9),
    "tencent": lambda: an(32),
    "alibaba": lambda: an(30),
    "yandex": lambda: P("y0", "_") + _s(_AND, 55),
    "kakao": lambda: hx(32),
    "paystack": lambda: P("sk", "_li", "ve_") + hx(40),
    "aftership": lambda: P("asat", "_") + hx(32),
    "samsara": lambda: P("samsara", "_api_") + an(30),
    "webex": lambda: an(64) + "_" + an(4) + "_" + uid(),
    "plivo": lambda: an(40),
    "vonage": lambda: an(16),
    "cloudinary": lambda: _s(_AND, 27),
    "mux": lambda: _s(_AN + "+/", 75),
    "jenkins": lambda: "11" + hx(32),
    "gitea": lambda: hx(40),
    "bitbucket": lambda: P("ATB", "B") + an(28) + HX(8),
    "argocd": lambda: jwt("HS256", {"iss": "argocd", "sub": "ci:apiKey", "nbf": _R.randint(1700000000, 1740000000), "iat": _R.randint(1700000000, 1740000000), "jti": uid()}),
    "k8s_sa": lambda: jwt("RS256", {"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": _ch(["pos", "pacs", "wms", "scada"]), "kubernetes.io/serviceaccount/secret.name": "deployer-token-" + lan(5), "sub": "system:serviceaccount:ci:deployer"}),
    "kubeadm": lambda: lan(6) + "." + lan(16),
    "swarm": lambda: P("SWMTKN", "-1-") + lan(50) + "-" + lan(25),
    "k3s": lambda: "K10" + hx(64) + "::server:" + hx(32),
    "oc": lambda: P("sha256", "~") + _s(_AND, 43),
    "consul": lambda: uid(),
    "nomad": lambda: uid(),
    "rails_key": lambda: hx(128),
    "laravel": lambda: "base64:" + b64(32),
    "django": lambda: "django-insecure-" + _s(string.ascii_lowercase + string.digits + "!@#$^&*(-_=+)", 50) if _R.random() < 0.3 else _s(string.ascii_lowercase + string.digits + "!@#$^&*(-_=+)", 50),
    "fernet": lambda: b64us(rbytes(32)) + "=",
    "wg": lambda: b64(32),
    "tsig": lambda: b64(32),
    "totp": lambda: b32(32),
}
for _k, _fn in _V.items():
    _KINDS["v_" + _k] = _fn

# ---------------------------------------------------------------------------
# group: command
# ---------------------------------------------------------------------------
_C = "command"
T(_C, "psql-pgpassword-inline", "pws",
  "PGPASSWORD='%%S%%' psql -h %%host%% -U pos_report -d pos_sales -c \"select store_id, sum(total) from receipts where day = current_date group by 1\"",
  "pos_sales")
T(_C, "mysql-dash-p-glued", "pwu",
  "mysql -h %%ip%% -u wms_app -p%%S%% wms -e 'SHOW FULL PROCESSLIST'", "SHOW FULL PROCESSLIST")
T(_C, "mysqldump-password-long-opt", "pws",
  "mysqldump --single-transaction --user=magento --password='%%S%%' --host=%%host%% magento_prod | gzip > /backup/magento-%%date%%.sql.gz",
  "magento_prod")
T(_C, "sqlcmd-capital-p-windows", "pws",
  r"""sqlcmd -S %%h%%\SQLEXPRESS -U sa -P "%%S%%" -Q "BACKUP DATABASE [OpenEMR] TO DISK='D:\bak\openemr_%%date%%.bak' WITH COMPRESSION" """,
  "BACKUP DATABASE")
T(_C, "mongosh-uri-authsource", "pwu",
  "mongosh \"mongodb://tracking_rw:%%S%%@%%ip%%:27017/parcels?authSource=admin\" --quiet --eval 'db.scans.countDocuments({hub:\"%%city%%\"})'",
  "db.scans.countDocuments")
T(_C, "redis-cli-a-flag", "pwsafe",
  "redis-cli -h %%ip%% -p 6379 -a '%%S%%' --no-auth-warning INFO keyspace", "INFO keyspace")
T(_C, "influx-v1-cli-password", "pws",
  "influx -host %%ip%% -username grafana -password '%%S%%' -database scada -execute 'SHOW MEASUREMENTS'",
  "SHOW MEASUREMENTS")
T(_C, "cqlsh-u-p", "pws",
  "cqlsh %%ip%% 9042 -u cassandra -p '%%S%%' -e \"DESCRIBE KEYSPACES\"", "DESCRIBE KEYSPACES")
T(_C, "clickhouse-client-password", "pwsafe",
  "clickhouse-client --host %%host%% --user analytics --password %%S%% --query \"SELECT count() FROM cdr.calls WHERE toDate(start) = today()\"",
  "cdr.calls")
T(_C, "sqlplus-slash-connect", "pwu",
  "sqlplus hisadm/%%S%%@//%%host%%:1521/HISPROD @nightly_census.sql", "nightly_census.sql")
T(_C, "db2-connect-using", "pwu",
  "db2 connect to TMSDB user db2inst1 using %%S%% && db2 \"select count(*) from tms.shipment where status='OPEN'\"",
  "tms.shipment")
T(_C, "hdbsql-p-flag", "pwu",
  "/usr/sap/hdbclient/hdbsql -n %%h%%:30015 -u SYSTEM -p %%S%% \"SELECT SERVICE_NAME, ACTIVE_STATUS FROM M_SERVICES\"",
  "M_SERVICES")
T(_C, "curl-u-user-colon-pass", "pws",
  "curl -sk -u 'api_shipping:%%S%%' 'https://%%host%%/api/v2/labels?date=%%date%%&carrier=dpd' -o labels.json",
  "carrier=dpd")
T(_C, "curl-bearer-opaque", "an48",
  "curl -s -H \"Authorization: Bearer %%S%%\" https://api.%%dom%%/v1/pos/stores/%%store%%/drawers | jq '.[] | {id, float}'",
  "drawers")
T(_C, "wget-http-password", "pws",
  "wget --http-user=fieldtech --http-password='%%S%%' https://%%host%%/firmware/rtu-%%ver%%.bin", "fieldtech")
T(_C, "lftp-u-comma", "pws",
  "lftp -u edi_partner,'%%S%%' sftp://%%host%% -e \"mirror --only-newer /outbound/ASN ./asn; bye\"",
  "/outbound/ASN")
T(_C, "smbclient-user-percent-pass", "pwu",
  r"smbclient //%%h%%/scans -U 'HOSP\radiology%%%S%%' -c 'cd 2024; ls'", "radiology")
T(_C, "mount-cifs-password-option", "pwu",
  "sudo mount -t cifs //%%ip%%/payroll /mnt/payroll -o username=hr_sync,password=%%S%%,domain=RATHAUS,vers=3.0,uid=1001",
  "domain=RATHAUS")
T(_C, "xfreerdp-p-flag", "pws",
  "xfreerdp /v:%%ip%% /u:scada_eng /p:'%%S%%' /cert:ignore /size:1600x900 +clipboard", "scada_eng")
T(_C, "sshpass-p-switch", "pws",
  "sshpass -p '%%S%%' ssh -o StrictHostKeyChecking=no admin@%%ip%% 'show running-config | include snmp'",
  "show running-config")
T(_C, "snmpwalk-v3-authkey", "pws",
  "snmpwalk -v3 -l authNoPriv -u noc_ro -a SHA -A '%%S%%' %%ip%% IF-MIB::ifOperStatus", "IF-MIB::ifOperStatus")
T(_C, "snmpget-v2c-community", "pwleet",
  "snmpget -v2c -c '%%S%%' %%ip%% 1.3.6.1.2.1.1.3.0 1.3.6.1.2.1.1.5.0", "1.3.6.1.2.1.1.3.0")
T(_C, "ldapsearch-w-bindpw", "pws",
  "ldapsearch -x -H ldaps://%%host%% -D \"cn=svc-moodle,ou=service,dc=schule,dc=local\" -w '%%S%%' -b \"ou=schueler,dc=schule,dc=local\" \"(uid=%%user%%)\" memberOf",
  "ou=schueler")
T(_C, "kinit-echo-pipe", "pws",
  "echo '%%S%%' | kinit svc_hl7@HOSP.LOCAL && klist -e", "svc_hl7@HOSP.LOCAL")
T(_C, "net-use-drive-password", "pws",
  r"net use Z: \\%%h%%\Radiologie /user:KLINIK\pacs_export %%S%% /persistent:no", "pacs_export")
T(_C, "radtest-user-password", "pws",
  "radtest %%user%% '%%S%%' %%ip%% 0 \"$RADIUS_SHARED\"", "radtest")
T(_C, "radclient-shared-secret-arg", "pwsafe",
  "echo \"User-Name=%%user%%,NAS-IP-Address=%%ip%%\" | radclient -x %%ip.b%%:1813 acct '%%S%%'", "radclient")
T(_C, "ipmitool-lanplus-cap-p", "pws",
  "ipmitool -I lanplus -H %%ip%% -U ADMIN -P '%%S%%' chassis power status", "chassis power status")
T(_C, "racadm-remote-p", "pws",
  "racadm -r %%ip%% -u root -p '%%S%%' getsysinfo | grep -i 'service tag'", "getsysinfo")
T(_C, "ffmpeg-rtmp-stream-key", "v_ytkey",
  "ffmpeg -re -i /media/playout/news_%%date%%.mp4 -c:v libx264 -preset veryfast -b:v 4500k -c:a aac -f flv rtmp://a.rtmp.youtube.com/live2/%%S%%",
  "libx264")
T(_C, "ffmpeg-rtsp-camera-creds", "pwu",
  "ffmpeg -rtsp_transport tcp -i \"rtsp://viewer:%%S%%@%%ip%%:554/Streaming/Channels/101\" -frames:v 1 gate3_%%time%%.jpg",
  "Streaming/Channels/101")
T(_C, "srt-listener-passphrase", "an24",
  "srt-live-transmit \"srt://:9000?mode=listener&passphrase=%%S%%&pbkeylen=32&latency=400\" udp://239.1.1.10:5000 -v",
  "latency=400")
T(_C, "openssl-enc-pass-arg", "pwu",
  "openssl enc -aes-256-cbc -pbkdf2 -salt -in patients_export.csv -out patients_export.csv.enc -pass pass:%%S%%",
  "patients_export.csv")
T(_C, "zip-cap-p-password", "pw",
  "zip -P '%%S%%' -r lab_results_%%date%%.zip ./export/ && ls -lh lab_results_*.zip", "lab_results_")
T(_C, "7z-p-glued-mhe", "pws",
  "7z a -p\"%%S%%\" -mhe=on evidence_%%jira%%.7z ./triage/ ./memdump/", "-mhe=on")
T(_C, "gpg-batch-passphrase", "pw",
  "gpg --batch --yes --pinentry-mode loopback --passphrase '%%S%%' -d payroll_%%date%%.csv.gpg > payroll.csv",
  "payroll.csv")
T(_C, "openssl-pkcs12-passout", "pwu",
  "openssl pkcs12 -export -in pos.crt -inkey pos.key -certfile chain.pem -out pos-terminal.p12 -passout pass:%%S%%",
  "pos-terminal.p12")
T(_C, "keytool-storepass", "pwu",
  "keytool -importcert -alias hl7-partner -file partner.cer -keystore /opt/mirth/appdata/keystore.jks -storepass %%S%% -noprompt",
  "hl7-partner")
T(_C, "docker-login-p-robot", "an32",
  "docker login registry.%%dom%% -u 'robot$ci-bot' -p %%S%%", "robot$ci-bot")
T(_C, "helm-repo-add-password", "an24",
  "helm repo add internal https://charts.%%dom%% --username deploy --password %%S%% && helm repo update",
  "helm repo update")
T(_C, "git-clone-oauth2-token-url", "v_glpat",
  "git clone https://oauth2:%%S%%@git.%%dom%%/retail/pos-firmware.git --depth 1", "pos-firmware.git")
T(_C, "npm-config-set-authtoken", "v_npm",
  "npm config set //npm.%%dom%%/:_authToken %%S%% && npm whoami --registry https://npm.%%dom%%/",
  "npm whoami")
T(_C, "pip-index-url-with-creds", "an24",
  "pip install --index-url https://deploy:%%S%%@pypi.%%dom%%/simple/ hl7apy==1.3.4 pydicom", "hl7apy==1.3.4")
T(_C, "az-login-service-principal", "v_azure_cs",
  "az login --service-principal -u %%uuid%% -p '%%S%%' --tenant %%uuid.t%% && az account show -o table",
  "az account show")
T(_C, "aws-configure-set-secret", "v_aws_secret",
  "aws configure set aws_secret_access_key %%S%% --profile fleet-telematics", "fleet-telematics")
T(_C, "vault-login-token-arg", "v_vault",
  "vault login -no-print -method=token %%S%%", "vault login")
T(_C, "mc-alias-set-minio", "an40",
  "mc alias set nas https://%%host%%:9000 backup-writer %%S%% --api S3v4", "backup-writer")
T(_C, "restic-password-env-prefix", "pw",
  "RESTIC_PASSWORD='%%S%%' restic -r sftp:backup@%%host%%:/srv/restic/school backup /srv/moodledata --tag nightly",
  "/srv/moodledata")
T(_C, "borg-passphrase-env-prefix", "pws",
  "BORG_PASSPHRASE=\"%%S%%\" borg create --stats --compression zstd ssh://borg@%%host%%/./ngo-files::{hostname}-{now} /home/shared",
  "ngo-files")
T(_C, "mosquitto-pub-cap-p", "pws",
  "mosquitto_pub -h %%host%% -p 8883 --cafile ca.pem -u rtu_gw -P '%%S%%' -t 'farm/pivot7/valve' -m 'close' -q 1",
  "farm/pivot7/valve")
T(_C, "nmcli-wifi-connect-password", "pw",
  "nmcli dev wifi connect \"Schule-Verwaltung\" password '%%S%%' ifname wlan0", "Schule-Verwaltung")
T(_C, "wpa-passphrase-append", "pw",
  "wpa_passphrase \"LAB-IOT-5G\" '%%S%%' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf", "LAB-IOT-5G")
T(_C, "chpasswd-echo-pipe", "pws",
  "echo 'kiosk:%%S%%' | sudo chpasswd && sudo chage -d 0 kiosk", "chage -d 0")
T(_C, "net-user-add-windows", "pws",
  "net user pos_tech %%S%% /add /expires:never /comment:\"Vendor tech - terminal swap\"", "pos_tech")
T(_C, "ps-set-adaccountpassword-reset", "pwtemp",
  "Set-ADAccountPassword -Identity %%user%% -Reset -NewPassword (ConvertTo-SecureString \"%%S%%\" -AsPlainText -Force); Set-ADUser %%user%% -ChangePasswordAtLogon $true",
  "-ChangePasswordAtLogon")
T(_C, "ps-new-localuser-securestring", "pws",
  "New-LocalUser -Name \"broadcast_ops\" -Password (ConvertTo-SecureString '%%S%%' -AsPlainText -Force) -FullName \"Playout Operator\"",
  "Playout Operator")
T(_C, "ldappasswd-s-newpass", "pws",
  "ldappasswd -H ldap://%%host%% -x -D \"cn=admin,dc=ngo,dc=org\" -W -s '%%S%%' \"uid=%%user%%,ou=people,dc=ngo,dc=org\"",
  "ou=people")
T(_C, "samba-tool-setpassword", "pwtemp",
  "samba-tool user setpassword %%user%% --newpassword='%%S%%' --must-change-at-next-login", "--must-change-at-next-login")
T(_C, "htpasswd-b-batch", "pws",
  "htpasswd -b /etc/nginx/.htpasswd_grafana ops '%%S%%' && nginx -s reload", "nginx -s reload")
T(_C, "rabbitmqctl-change-password", "pwsafe",
  "rabbitmqctl change_password tms_consumer '%%S%%'", "tms_consumer")
T(_C, "rabbitmqctl-add-user-perms", "pwsafe",
  "rabbitmqctl add_user pos_events '%%S%%' && rabbitmqctl set_permissions -p /retail pos_events \".*\" \".*\" \".*\"",
  "set_permissions")
T(_C, "psql-c-alter-role-password", "pws",
  "psql -U postgres -c \"ALTER ROLE report_ro WITH LOGIN PASSWORD '%%S%%' VALID UNTIL '2026-01-01';\"", "report_ro")
T(_C, "mysql-e-alter-user-identified", "pws",
  "mysql -uroot -e \"ALTER USER 'odoo'@'%' IDENTIFIED BY '%%S%%'; FLUSH PRIVILEGES;\"", "FLUSH PRIVILEGES")
T(_C, "redis-config-set-requirepass", "pwsafe",
  "redis-cli -h %%ip%% CONFIG SET requirepass \"%%S%%\" && redis-cli -h %%ip%% CONFIG REWRITE", "CONFIG REWRITE")
T(_C, "kubectl-create-secret-from-literal", "pws",
  "kubectl -n pacs create secret generic orthanc-db --from-literal=username=orthanc --from-literal=password='%%S%%' --dry-run=client -o yaml | kubectl apply -f -",
  "orthanc-db")
T(_C, "kubectl-set-env-deploy", "pws",
  "kubectl -n pos set env deploy/receipt-mailer SMTP_USER=receipts@%%dom%% SMTP_PASSWORD='%%S%%'", "receipt-mailer")
T(_C, "docker-run-e-postgres-password", "pwu",
  "docker run -d --name zabbix-server -e DB_SERVER_HOST=%%ip%% -e POSTGRES_USER=zabbix -e POSTGRES_PASSWORD=%%S%% zabbix/zabbix-server-pgsql:alpine-6.4-latest",
  "zabbix-server")
T(_C, "helm-upgrade-set-password", "pws",
  "helm upgrade --install moodle bitnami/moodle -n school --set moodleUsername=admin --set moodlePassword='%%S%%' --wait",
  "bitnami/moodle")
T(_C, "terraform-apply-var-password", "pws",
  "terraform apply -var 'db_password=%%S%%' -var-file=prod.tfvars -target=module.wms_db", "module.wms_db")
T(_C, "ansible-playbook-become-pass", "pws",
  "ansible-playbook -i inventory/clinics site.yml -e 'ansible_become_pass=%%S%%' --limit clinic-%%n2%% --tags nginx",
  "inventory/clinics")
T(_C, "plink-pw-remote-cmd", "pwu",
  "plink -ssh -batch -pw %%S%% root@%%ip%% \"tail -n 200 /var/log/asterisk/full\"", "/var/log/asterisk/full")
T(_C, "pscp-pw-upload", "pws",
  r'pscp -pw "%%S%%" C:\exports\ASN_%%date%%.xml edi@%%host%%:/inbound/', "/inbound/")
T(_C, "winscp-open-sftp-url", "pwu",
  r'winscp.com /log=C:\temp\sepa.log /command "open sftp://bank_upload:%%S%%@%%host%%/ -hostkey=*" "put C:\SEPA\pain001_%%date%%.xml" "exit"',
  "pain001_")
T(_C, "psexec-u-p", "pws",
  r'PsExec.exe \\%%h%% -u KASSE\posadmin -p %%S%% cmd /c "ipconfig /all"', "ipconfig /all")
T(_C, "wmic-node-password", "pws",
  r'wmic /node:%%ip%% /user:"STADT\itadmin" /password:"%%S%%" process call create "cmd /c gpupdate /force"',
  "gpupdate /force")
T(_C, "schtasks-create-rp", "pws",
  r'schtasks /Create /TN "NightlyEOD" /TR "C:\POS\eod.exe" /SC DAILY /ST 23:45 /RU KASSE\svc_eod /RP %%S%%',
  "NightlyEOD")
T(_C, "sc-config-obj-password", "pws",
  r'sc.exe config "MirthConnect" obj= "HOSP\svc_mirth" password= "%%S%%"', "MirthConnect")
T(_C, "cmdkey-add-pass", "pws",
  r"cmdkey /add:%%h%% /user:SCHULE\drucker /pass:%%S%%", "cmdkey /add")
T(_C, "ps-pscredential-invoke-command", "pws",
  r"""$c = New-Object System.Management.Automation.PSCredential('MUNI\svc_gis', (ConvertTo-SecureString '%%S%%' -AsPlainText -Force)); Invoke-Command -ComputerName %%h%% -Credential $c -ScriptBlock { Restart-Service ArcGISServer }""",
  "Restart-Service ArcGISServer")
T(_C, "twilio-messages-basic-u", lambda: {"S": _V["twilio_tok"](), "sid": _V["twilio_sid"]()},
  "curl -X POST https://api.twilio.com/2010-04-01/Accounts/%%sid%%/Messages.json \\\n  --data-urlencode \"Body=Truck 14 delayed at border, ETA +3h\" \\\n  -d To=+2348%%n8%% -d From=+1415%%n6%%0 \\\n  -u %%sid%%:%%S%%",
  "Truck 14 delayed")
T(_C, "sms-gateway-apikey-query", "an32",
  "curl \"https://sms.%%dom%%/http/send?apikey=%%S%%&to=62812%%n6%%&text=Paket+Anda+sedang+diantar\"",
  "Paket+Anda+sedang+diantar")
T(_C, "curl-dhl-api-key-header", "an32",
  "curl -s -H 'DHL-API-Key: %%S%%' 'https://api-eu.dhl.com/track/shipments?trackingNumber=%%trk%%' | jq .shipments[0].status",
  "%%trk%%")
T(_C, "icecast-source-put", "pws",
  "curl -u source:%%S%% -X PUT -H \"Content-Type: audio/mpeg\" -H \"Ice-Name: Radio Kanal 7\" -T - http://%%host%%:8000/live.mp3",
  "Radio Kanal 7")
T(_C, "sipp-register-ap", "pws",
  "sipp -sf uac_register.xml -s 2001 -au 2001 -ap '%%S%%' %%ip%%:5060 -m 1 -trace_err", "uac_register.xml")
T(_C, "pjsua-password-flag", "pwu",
  "pjsua --id sip:1042@%%dom%% --registrar sip:%%ip%% --realm '*' --username 1042 --password %%S%% --auto-answer 200 --null-audio",
  "--auto-answer 200")
T(_C, "opcua-cli-user-password", "pws",
  "python -m opcua_cli read --url opc.tcp://%%ip%%:4840 --user operator --password '%%S%%' -n \"ns=2;s=Pump07.Flow\"",
  "Pump07.Flow")
T(_C, "history-grep-mysql-p", "pwu",
  " 1041  cd /var/www/shop\n 1042  mysql -u root -p%%S%% -h %%ip%% shop_prod\n 1043  vim app/etc/env.php\n 1044  history | grep mysql",
  "history | grep mysql")
T(_C, "expect-one-liner-send", "pws",
  "expect -c 'spawn ssh admin@%%ip%%; expect \"assword:\"; send \"%%S%%\\r\"; expect \"#\"; send \"show ip int brief\\r\"; interact'",
  "show ip int brief")
T(_C, "printf-pipe-passwd-stdin", "pws",
  "printf '%s\\n%s\\n' '%%S%%' '%%S%%' | passwd nurse.station4", "nurse.station4")
T(_C, "sudo-cap-s-echo-password", "pws",
  "echo \"%%S%%\" | sudo -S systemctl restart freeswitch && sudo -k", "systemctl restart freeswitch")
T(_C, "curl-ftp-upload-creds-url", "pwu",
  "curl -T label_batch_%%n4%%.zpl ftp://zebra:%%S%%@%%ip%%/ --ftp-create-dirs", "label_batch_")
T(_C, "rsync-password-env", "pwu",
  "RSYNC_PASSWORD=%%S%% rsync -av --progress rsync://media@%%host%%/archive/2019/ /mnt/lto/2019/", "/mnt/lto/2019/")
T(_C, "rclone-obscure-inline", "pws",
  "rclone copy /srv/playout ftp-archive: --ftp-host %%host%% --ftp-user playout --ftp-pass $(rclone obscure '%%S%%') -P",
  "/srv/playout")
T(_C, "vault-kv-put-password", "pws",
  "vault kv put secret/erp/db user=odoo password='%%S%%' host=%%host%%", "secret/erp/db")
T(_C, "aws-ssm-put-parameter-value", "pws",
  "aws ssm put-parameter --name /tms/prod/db_password --type SecureString --value '%%S%%' --overwrite --region eu-central-1",
  "/tms/prod/db_password")
T(_C, "gh-secret-set-body", "hex32",
  "gh secret set SHIPSTATION_API_SECRET --body \"%%S%%\" --repo ops/label-bot", "ops/label-bot")
T(_C, "op-item-create-password-field", "pws",
  "op item create --category login --title \"Router %%city%% branch\" --vault NOC username=admin password='%%S%%' url=https://%%ip%%",
  "--vault NOC")
T(_C, "mysqlsh-uri-sql", "pwu",
  "mysqlsh --uri 'clinic_app:%%S%%@%%host%%:3306/emr' --sql -e \"select count(*) from appointments where day=curdate()\"",
  "appointments")
T(_C, "usql-sqlserver-dsn", "pwu",
  "usql \"sqlserver://sa:%%S%%@%%ip%%/POS?encrypt=disable\" -c \"select top 10 * from dbo.Tenders\"", "dbo.Tenders")
T(_C, "pg-dump-keyword-dsn", "pwu",
  "pg_dump \"host=%%host%% dbname=gis user=gis_reader password=%%S%% sslmode=require\" -t public.parcels -Fc > parcels.dump",
  "public.parcels")
T(_C, "java-keystore-password-sysprop", "pwu",
  "java -Xmx512m -Djavax.net.ssl.keyStore=/opt/hl7/keystore.p12 -Djavax.net.ssl.keyStorePassword=%%S%% -jar hl7-listener-%%ver%%.jar",
  "hl7-listener-")
T(_C, "jenkins-cli-auth-token", "v_jenkins",
  "java -jar jenkins-cli.jar -s https://ci.%%dom%%/ -auth deploy:%%S%% build pos-release -p VERSION=%%ver%% -s",
  "pos-release")
T(_C, "sqlcipher-pragma-key", "pws",
  "sqlcipher wallet.db \"PRAGMA key = '%%S%%'; SELECT count(*) FROM loyalty_cards;\"", "loyalty_cards")
T(_C, "cryptsetup-luksopen-stdin", "pw",
  "echo -n '%%S%%' | sudo cryptsetup luksOpen /dev/sdb1 evidence_disk - && sudo mount -o ro /dev/mapper/evidence_disk /mnt/evidence",
  "/mnt/evidence")
T(_C, "veracrypt-text-mount-password", "pw",
  "veracrypt --text --mount /media/usb/case-%%n4%%.hc /mnt/case --password='%%S%%' --pim=0 --keyfiles= --protect-hidden=no",
  "--protect-hidden=no")
T(_C, "printf-defaults-extra-file", "pws",
  "printf '[client]\\nuser=backup\\npassword=%%S%%\\n' > /tmp/.my.cnf && mysqldump --defaults-extra-file=/tmp/.my.cnf --all-databases | gzip > all.sql.gz",
  "--all-databases")
T(_C, "curl-form-urlencoded-login", "pwurl",
  "curl -c jar.txt -X POST https://%%host%%/api/login -d 'username=%%user%%&password=%%S%%&remember=1'", "remember=1")
T(_C, "curl-json-login-body", "pws",
  "curl -s https://%%host%%/api/v1/auth -H 'Content-Type: application/json' -d '{\"login\":\"%%user%%\",\"password\":\"%%S%%\"}' | jq -r .token",
  "jq -r .token")
T(_C, "httpie-a-basic", "pws",
  "http -a %%user%%:%%S%% GET https://%%host%%/api/dicom/studies date==%%date%% modality==CT", "modality==CT")
T(_C, "grpcurl-authorization-metadata", "jwtrs",
  "grpcurl -H 'authorization: Bearer %%S%%' %%host%%:443 fleet.v1.TelemetryService/ListVehicles",
  "fleet.v1.TelemetryService")
T(_C, "nc-asterisk-ami-login", "pws",
  "printf 'Action: Login\\r\\nUsername: crm\\r\\nSecret: %%S%%\\r\\n\\r\\nAction: CoreShowChannels\\r\\n\\r\\n' | nc %%ip%% 5038",
  "CoreShowChannels")
T(_C, "fs-cli-esl-password", "pwu",
  "fs_cli -H %%ip%% -P 8021 -p %%S%% -x \"show registrations\"", "show registrations")
T(_C, "kamctl-add-subscriber", "pwu",
  "kamctl add 2002@%%dom%% %%S%% && kamctl ul show 2002@%%dom%%", "kamctl ul show")


def fx(tpl, **kw):
    return _fill(tpl, dict(kw))


# ---------------------------------------------------------------------------
# group: tool-output
# ---------------------------------------------------------------------------
_O = "tool-output"
T(_O, "kubectl-get-secret-yaml-b64-password", "b64pw",
  """$ kubectl -n pacs get secret orthanc-db -o yaml
apiVersion: v1
data:
  password: %%S%%
  username: b3J0aGFuYw==
kind: Secret
metadata:
  creationTimestamp: "%%ts%%"
  name: orthanc-db
  namespace: pacs
  resourceVersion: "%%n8%%"
  uid: %%uuid%%
type: Opaque""", "orthanc-db")


@F(_O, "kubectl-secret-dockerconfigjson-b64")
def _o_dockercfg(i):
    reg = "registry." + _ch(_DOMAINS)
    u = _ch(["robot$pos-ci", "deploy", "harbor-pull"])
    p = an(32)
    inner = json.dumps({"auths": {reg: {"username": u, "password": p, "auth": b64s(u + ":" + p)}}}, separators=(",", ":"))
    s = b64s(inner)
    t = ("$ kubectl get secret regcred -n wms -o yaml\napiVersion: v1\ndata:\n  .dockerconfigjson: %s\nkind: Secret\n"
         "metadata:\n  name: regcred\n  namespace: wms\ntype: kubernetes.io/dockerconfigjson") % s
    return t, s, "kubernetes.io/dockerconfigjson"


T(_O, "kubectl-jsonpath-base64-decode-glued-prompt", "pwgen",
  "ops@bastion-%%n2%%:~$ kubectl -n monitoring get secret grafana -o jsonpath='{.data.admin-password}' | base64 -d\n%%S%%ops@bastion-%%n2%%:~$ ",
  "jsonpath")


@F(_O, "kubectl-secret-json-sa-token-b64")
def _o_satok(i):
    tok = _V["k8s_sa"]()
    s = b64s(tok)
    ca = b64(60)
    t = ('$ kubectl -n ci get secret deployer-token -o json | jq .data\n{\n  "ca.crt": "%s...",\n  "namespace": "%s",\n  "token": "%s"\n}'
         % (ca, b64s("ci"), s))
    return t, s, "deployer-token"


T(_O, "kubectl-describe-pod-env-plain", "pws",
  """$ kubectl -n his describe pod hl7-bridge-%%a6%%-%%a6.b%%
Name:         hl7-bridge-%%a6%%-%%a6.b%%
Namespace:    his
Node:         k8s-node-%%n2%%/%%ip%%
Containers:
  bridge:
    Image:      registry.%%dom%%/his/hl7-bridge:%%ver%%
    Environment:
      MLLP_PORT:        2575
      DB_HOST:          %%host%%
      DB_USER:          hl7
      DB_PASSWORD:      %%S%%
      TZ:               Europe/Warsaw
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-%%a6.c%% (ro)""", "MLLP_PORT")
T(_O, "kubectl-get-configmap-embedded-ini", "pws",
  """$ kubectl -n voip get cm asterisk-conf -o yaml
apiVersion: v1
data:
  pjsip.conf: |
    [trunk-auth]
    type=auth
    auth_type=userpass
    username=4420%%n6%%
    password=%%S%%
    [trunk]
    type=registration
    outbound_auth=trunk-auth
    server_uri=sip:sip.%%dom%%
kind: ConfigMap
metadata:
  name: asterisk-conf""", "asterisk-conf")
T(_O, "docker-inspect-format-json-env", "an40",
  "$ docker inspect pos-sync --format '{{json .Config.Env}}'\n[\"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\",\"STORE_ID=%%store%%\",\"SYNC_API_KEY=%%S%%\",\"LANG=C.UTF-8\"]",
  "STORE_ID=")
T(_O, "docker-inspect-config-env-block", "pwu",
  """$ docker inspect moodle-db
[
    {
        "Id": "%%hex64%%",
        "Created": "%%ts%%",
        "Config": {
            "Hostname": "%%hex12%%",
            "Env": [
                "MARIADB_ROOT_PASSWORD=%%S%%",
                "MARIADB_DATABASE=moodle",
                "GOSU_VERSION=1.17"
            ],
            "Image": "mariadb:10.11",
""", "MARIADB_DATABASE=moodle")
T(_O, "printenv-full-listing", "v_sendgrid",
  """$ printenv | sort
HOME=/home/svc-notify
HOSTNAME=%%h%%
LANG=pt_BR.UTF-8
MAIL_FROM=no-reply@%%dom%%
PATH=/usr/local/bin:/usr/bin:/bin
PWD=/opt/notify
SENDGRID_KEY=%%S%%
SHLVL=1
TZ=America/Sao_Paulo""", "MAIL_FROM=")
T(_O, "cmd-set-output-windows", "pws",
  r"""C:\POS> set
ALLUSERSPROFILE=C:\ProgramData
COMPUTERNAME=KASSE-%%store%%-01
FISCAL_PRINTER=COM3
POS_DB=Server=.\SQLEXPRESS;Database=POS
POS_SMTP_PASS=%%S%%
POS_SMTP_USER=alerts@%%dom%%
SystemRoot=C:\WINDOWS""", "FISCAL_PRINTER=COM3")
T(_O, "powershell-gci-env-table", "v_azure_cs",
  """PS C:\\deploy> Get-ChildItem env: | Where-Object Name -like 'AZURE*'

Name                           Value
----                           -----
AZURE_CLIENT_ID                %%uuid%%
AZURE_CLIENT_SECRET            %%S%%
AZURE_TENANT_ID                %%uuid.b%%""", "AZURE_TENANT_ID")
T(_O, "systemctl-show-environment-prop", "an32",
  "$ systemctl show pos-bridge.service -p Environment\nEnvironment=API_BASE=https://hq.%%dom%%/api STORE=%%store%% API_TOKEN=%%S%% LOG_LEVEL=info",
  "LOG_LEVEL=info")
T(_O, "strings-proc-environ", "pws",
  "$ sudo strings /proc/%%pid%%/environ\nUSER=scada\nMQTT_HOST=%%ip%%\nMQTT_USER=historian\nMQTT_PASS=%%S%%\nINVOCATION_ID=%%hex32%%\nJOURNAL_STREAM=8:%%n5%%",
  "MQTT_HOST=")
T(_O, "proc-environ-caret-at-separators", "hex32",
  "$ sudo cat -v /proc/%%pid%%/environ\nLANG=C.UTF-8^@PATH=/usr/bin:/bin^@OCPP_CP_ID=CP-%%n4%%^@OCPP_AUTH_KEY=%%S%%^@HOME=/var/lib/ocpp^@",
  "OCPP_CP_ID=")
T(_O, "heroku-config-database-url", "pwu",
  "$ heroku config -a ngo-donations\n=== ngo-donations Config Vars\nDATABASE_URL:  postgres://u%%a8%%:%%S%%@ec2-%%n3%%-%%n2%%.eu-west-1.compute.amazonaws.com:5432/d%%a8.b%%\nNODE_ENV:      production\nTZ:            Africa/Nairobi",
  "ngo-donations")


@F(_O, "aws-sts-session-token-json")
def _o_sts(i):
    sec = _V["aws_secret"]()
    t = ('$ aws sts get-session-token --serial-number arn:aws:iam::%s:mfa/%s --token-code %s\n{\n    "Credentials": {\n'
         '        "AccessKeyId": "%s",\n        "SecretAccessKey": "%s",\n        "SessionToken": "%s",\n'
         '        "Expiration": "%s"\n    }\n}') % (dg(12), _ch(_LOGIN), dg(6), _V["aws_sid"](), sec,
                                                _V["aws_session"]()[:120] + "...", _ts())
    return t, sec, "Expiration"


@F(_O, "aws-iam-create-access-key-json")
def _o_iamkey(i):
    sec = _V["aws_secret"]()
    t = ('$ aws iam create-access-key --user-name svc-label-printer\n{\n    "AccessKey": {\n        "UserName": "svc-label-printer",\n'
         '        "AccessKeyId": "%s",\n        "Status": "Active",\n        "SecretAccessKey": "%s",\n        "CreateDate": "%s"\n    }\n}'
         % (_V["aws_id"](), sec, _ts()))
    return t, sec, "svc-label-printer"


T(_O, "gcloud-print-access-token", "v_gaccess",
  "$ gcloud auth print-access-token --impersonate-service-account=etl@agro-pampa-prod.iam.gserviceaccount.com\nWARNING: This command is using service account impersonation.\n%%S%%",
  "service account impersonation")
T(_O, "az-get-access-token-json", "jwtrs",
  '$ az account get-access-token --resource https://graph.microsoft.com\n{\n  "accessToken": "%%S%%",\n  "expiresOn": "%%dt%%.000000",\n  "subscription": "%%uuid%%",\n  "tenant": "%%uuid.b%%",\n  "tokenType": "Bearer"\n}',
  '"tokenType": "Bearer"')
T(_O, "vault-read-database-creds-table", lambda: "A1a-" + an(16),
  """$ vault read database/creds/pos-readonly
Key                Value
---                -----
lease_id           database/creds/pos-readonly/%%an16%%
lease_duration     1h
lease_renewable    true
password           %%S%%
username           v-token-pos-read-%%a8%%-%%n10%%""", "lease_renewable")
T(_O, "vault-kv-get-data-table", "pws",
  """$ vault kv get secret/scada/historian
======= Secret Path =======
secret/data/scada/historian

======= Metadata =======
Key                Value
---                -----
created_time       %%ts%%
version            4

====== Data ======
Key         Value
---         -----
password    %%S%%
username    hist_writer""", "hist_writer")
T(_O, "pass-show-first-line-bare", "pw",
  "$ pass show infra/ups-mgmt-%%city%%\n%%S%%\nuser: apc\nurl: https://%%ip%%/\nnotes: Smart-UPS 3000, card firmware 6.9",
  "Smart-UPS 3000")
T(_O, "bw-get-item-json-login", "pwgen",
  '$ bw get item "Fortigate HQ" | jq .login\n{\n  "fido2Credentials": [],\n  "uris": [\n    {\n      "match": null,\n      "uri": "https://%%ip%%:10443"\n    }\n  ],\n  "username": "admin",\n  "password": "%%S%%",\n  "totp": null,\n  "passwordRevisionDate": "%%ts%%"\n}',
  "Fortigate HQ")
T(_O, "keepassxc-cli-show-s", "pw",
  '$ keepassxc-cli show -s ~/noc.kdbx "Network/Core switch %%city%%"\nEnter password to unlock /home/noc/noc.kdbx:\nTitle: Core switch %%city%%\nUserName: netadmin\nPassword: %%S%%\nURL: ssh://%%ip%%\nNotes: console cable in rack B4\nUuid: {%%uuid%%}',
  "console cable in rack B4")
T(_O, "op-item-get-fields", "pwgen",
  "$ op item get 'SIP trunk DTAG' --fields label=username,label=password --reveal\n4420%%n6%%,%%S%%",
  "SIP trunk DTAG")
T(_O, "lpass-show-entry", "pw",
  "$ lpass show 'Shared-Helpdesk/Printer scan-to-folder'\nShared-Helpdesk/Printer scan-to-folder [id: %%n10%%]\nUsername: scan\nPassword: %%S%%\nURL: smb://%%h%%/scans",
  "scan-to-folder")
T(_O, "bitwarden-csv-export-row", "pw",
  "folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp\nFinance,,login,Bank portal (SEPA upload),,,0,https://ebanking.%%dom%%,%%user%%,%%S%%,\nIT,,login,Router Lager,,,0,http://%%ip%%,admin,,",
  "Bank portal (SEPA upload)")
T(_O, "onepassword-csv-export-row", "pwgen",
  'Title,Url,Username,Password,OTPAuth,Favorite,Archived,Tags,Notes\n"Radio automation (Zetta)","https://%%host%%","playout","%%S%%",,false,false,"broadcast","backup operator"',
  "Radio automation (Zetta)")
T(_O, "chrome-passwords-csv-export", "pw",
  "name,url,username,password,note\n%%host%%,https://%%host%%/login,%%email%%,%%S%%,\nportal.dpd.com,https://portal.dpd.com/,versand@%%dom%%,,",
  "portal.dpd.com")
T(_O, "keepass-xml-export-protected-value", "pw",
  """<Entry>
	<UUID>%%b64u%%</UUID>
	<String><Key>Title</Key><Value>PACS admin (Orthanc)</Value></String>
	<String><Key>UserName</Key><Value>orthanc</Value></String>
	<String><Key>Password</Key><Value ProtectInMemory="True">%%S%%</Value></String>
	<String><Key>URL</Key><Value>http://%%ip%%:8042</Value></String>
</Entry>""", "PACS admin (Orthanc)")
T(_O, "firefox-logins-csv-quoted", "pws",
  '"url","username","password","httpRealm","formActionOrigin","guid","timeCreated","timeLastUsed","timePasswordChanged"\n"https://%%host%%","%%user%%","%%S%%",,"https://%%host%%","{%%uuid%%}","17%%n10%%","17%%n10.b%%","17%%n10.c%%"',
  '"httpRealm"')
T(_O, "macos-security-find-generic-password-w", "pw",
  '$ security find-generic-password -s "EduRoam-Staff" -a %%user%% -w\n%%S%%', "EduRoam-Staff")
T(_O, "secret-tool-lookup-output", "pwgen",
  "$ secret-tool lookup service remmina server %%ip%%\n%%S%%\n$ ", "secret-tool lookup")
T(_O, "netsh-wlan-key-clear", "pw",
  """C:\\> netsh wlan show profile name="Klinik-Gast" key=clear
...
Security settings
-----------------
    Authentication         : WPA2-Personal
    Cipher                 : CCMP
    Security key           : Present
    Key Content            : %%S%%

Cost settings
-------------
    Cost                   : Unrestricted""", "WPA2-Personal")
T(_O, "nmcli-show-secrets-psk", "pw",
  '$ nmcli -s -g 802-11-wireless-security.psk connection show "Lager-WLAN"\n%%S%%', "Lager-WLAN")
T(_O, "terraform-output-json-revealed", "pwgen",
  '$ terraform output -json\n{\n  "db_endpoint": {\n    "sensitive": false,\n    "type": "string",\n    "value": "%%host%%:5432"\n  },\n  "db_password": {\n    "sensitive": true,\n    "type": "string",\n    "value": "%%S%%"\n  }\n}',
  "db_endpoint")
T(_O, "terraform-state-show-random-password", "pwgen",
  '$ terraform state show random_password.pacs_db\n# random_password.pacs_db:\nresource "random_password" "pacs_db" {\n    bcrypt_hash      = (sensitive value)\n    id               = "none"\n    length           = 24\n    lower            = true\n    result           = "%%S%%"\n    special          = true\n}',
  "random_password.pacs_db")
T(_O, "terraform-state-pull-attributes", "pwsafe",
  '$ terraform state pull | jq \'.resources[] | select(.type=="azurerm_mssql_server") | .instances[0].attributes\'\n{\n  "administrator_login": "sqladmin",\n  "administrator_login_password": "%%S%%",\n  "fully_qualified_domain_name": "muni-gis-sql.database.windows.net",\n  "version": "12.0"\n}',
  "muni-gis-sql")
T(_O, "ansible-vvv-module-args", "pws",
  """<%%ip%%> (0, '\\r\\n{"changed": true, "invocation": {"module_args": {"name": "radius_app", "password": "%%S%%", "host": "localhost", "login_user": "root", "priv": "radius.*:ALL", "state": "present"}}}\\r\\n', 'Shared connection to %%ip%% closed.\\r\\n')
changed: [radius-%%n2%%]""", "radius.*:ALL")
T(_O, "helm-get-values-user-supplied", "pws",
  "$ helm get values erpnext -n erp\nUSER-SUPPLIED VALUES:\nmariadb:\n  auth:\n    rootPassword: %%S%%\njobs:\n  createSite:\n    enabled: true\n    siteName: erp.%%dom%%",
  "USER-SUPPLIED VALUES")
T(_O, "docker-compose-config-rendered", "pwu",
  "$ docker compose config\nname: glpi\nservices:\n  db:\n    environment:\n      MARIADB_DATABASE: glpi\n      MARIADB_PASSWORD: %%S%%\n      MARIADB_USER: glpi\n    image: mariadb:10.11\n    restart: unless-stopped",
  "MARIADB_DATABASE: glpi")
T(_O, "git-log-p-added-env-line", "v_shopify_at",
  """commit %%hex40%%
Author: %%name%% <%%email%%>
Date:   Tue %%date%% 22:14:07 +0100

    quick fix for webhook retries

diff --git a/.env.production b/.env.production
index %%hex7%%..%%hex7.b%% 100644
--- a/.env.production
+++ b/.env.production
@@ -3,3 +3,4 @@ SHOP_DOMAIN=mercado-sol.myshopify.com
 WEBHOOK_RETRIES=3
+SHOPIFY_ADMIN_TOKEN=%%S%%
 LOG_LEVEL=debug""", "quick fix for webhook retries")
T(_O, "git-show-removed-password-line", "pws",
  """$ git show %%hex7%% -- config/hl7.yml
@@ -12,7 +12,7 @@ mllp:
   host: %%host%%
   port: 2575
 database:
-  password: %%S%%
+  password: ${HL7_DB_PASSWORD}
   user: hl7""", "${HL7_DB_PASSWORD}")
T(_O, "git-diff-staged-yaml", "an32",
  """$ git diff --cached
diff --git a/ansible/group_vars/stores.yml b/ansible/group_vars/stores.yml
--- a/ansible/group_vars/stores.yml
+++ b/ansible/group_vars/stores.yml
@@ -8,6 +8,7 @@ pos_timezone: Europe/Lisbon
 pos_printer_model: epson-tm-m30
+pos_cloud_api_key: %%S%%
 pos_sync_interval: 300""", "epson-tm-m30")
T(_O, "grep-rn-etc-results", "pws",
  "$ sudo grep -rn 'pass' /etc/freeradius/3.0/mods-enabled/\n/etc/freeradius/3.0/mods-enabled/ldap:19:\tidentity = 'cn=radius,ou=svc,dc=uni,dc=local'\n/etc/freeradius/3.0/mods-enabled/ldap:20:\tpassword = %%S%%\n/etc/freeradius/3.0/mods-enabled/sql:42:#\tpassword = \"radpass\"",
  "mods-enabled/ldap")
T(_O, "strings-core-grep-auth", "pws",
  "$ strings -n 6 core.posd.%%pid%% | grep -i -A2 'auth'\nauth_mode=basic\nPOST /api/v2/settle HTTP/1.1\nauth_user=terminal%%n3%%\nauth_pass=%%S%%\nX-Terminal-Id: T%%n6%%",
  "X-Terminal-Id")
T(_O, "gdb-print-config-struct", "pws",
  '(gdb) p *cfg\n$1 = {host = 0x55d1c2a0 "%%host%%", port = 5432, user = 0x55d1c2c0 "billing", password = 0x55d1c2e0 "%%S%%", timeout_ms = 3000, tls = true}',
  "timeout_ms = 3000")


@F(_O, "xxd-dump-password-ascii-column")
def _o_xxd(i):
    pw = pw_gen_safe(20)
    data = ("user=scada_eng\npass=" + pw + "\nport=502\n").encode()
    lines = []
    for off in range(0, len(data), 16):
        chunk = data[off:off + 16]
        hx_ = " ".join(chunk[j:j + 2].hex() for j in range(0, len(chunk), 2))
        asc = "".join(chr(c) if 32 <= c < 127 else "." for c in chunk)
        lines.append("%08x: %-39s  %s" % (off, hx_, asc))
    # 'pass=' starts at byte 15; the password's first 12 bytes sit on line 2
    sec = pw[:12]
    return "$ xxd /mnt/evidence/plc-backup.cfg\n" + "\n".join(lines), sec, "plc-backup.cfg"


T(_O, "curl-v-basic-authorization-header", "basic",
  "$ curl -v https://%%host%%/api/manifest/%%order%% -u %%bu%%:****\n*   Trying %%ip%%:443...\n* Connected to %%host%% (%%ip%%) port 443\n> GET /api/manifest/%%order%% HTTP/1.1\n> Host: %%host%%\n> Authorization: Basic %%S%%\n> User-Agent: curl/8.5.0\n> Accept: */*\n>\n< HTTP/1.1 200 OK",
  "User-Agent: curl/8.5.0")
T(_O, "curl-v-set-cookie-session", "an32",
  "< HTTP/2 302\n< location: /dashboard\n< set-cookie: WMSSESSID=%%S%%; path=/; secure; HttpOnly; SameSite=Lax\n< x-request-id: %%uuid%%\n< content-length: 0",
  "location: /dashboard")
T(_O, "curl-v-x-api-key-request", "hex32",
  "> POST /v1/shipments HTTP/1.1\n> Host: api.%%dom%%\n> X-Api-Key: %%S%%\n> Content-Type: application/json\n> Content-Length: 412\n>\n} [412 bytes data]\n< HTTP/1.1 201 Created\n< X-Request-Id: %%uuid%%",
  "201 Created")
T(_O, "har-entry-authorization-header", "jwtrs",
  '''        "request": {
          "method": "GET",
          "url": "https://portal.%%dom%%/api/patients/%%n6%%/appointments",
          "httpVersion": "HTTP/2",
          "headers": [
            {"name": "accept", "value": "application/json"},
            {"name": "authorization", "value": "Bearer %%S%%"},
            {"name": "x-correlation-id", "value": "%%uuid%%"}
          ],''', "x-correlation-id")
T(_O, "har-postdata-urlencoded-password", "pwurl",
  '''          "postData": {
            "mimeType": "application/x-www-form-urlencoded",
            "text": "csrf=%%hex32%%&username=%%user%%&password=%%S%%&login=Anmelden",
            "params": []
          }''', "login=Anmelden")
T(_O, "har-cookies-array-session", "hex40",
  '''          "cookies": [
            {"name": "_ga", "value": "GA1.2.%%n10%%.17%%n8%%"},
            {"name": "PHPSESSID", "value": "%%S%%", "path": "/", "httpOnly": true, "secure": true}
          ],''', '"_ga"')
T(_O, "devtools-copy-as-curl-cookie", "an48",
  "curl 'https://backoffice.%%dom%%/orders/export?from=%%date%%' \\\n  -H 'accept: text/csv' \\\n  -H 'cookie: _locale=pt-BR; bo_session=%%S%%; _hjid=%%uuid%%' \\\n  -H 'user-agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64)' \\\n  --compressed",
  "_locale=pt-BR")
T(_O, "devtools-copy-as-fetch-bearer", "jwt",
  'fetch("https://api.%%dom%%/v2/routes/today", {\n  "headers": {\n    "accept": "application/json",\n    "authorization": "Bearer %%S%%",\n    "sec-fetch-mode": "cors"\n  },\n  "referrer": "https://dispatch.%%dom%%/",\n  "method": "GET",\n  "mode": "cors",\n  "credentials": "include"\n});',
  "sec-fetch-mode")
T(_O, "devtools-copy-as-powershell-cookie", "b64u_48",
  '$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession\n$session.Cookies.Add((New-Object System.Net.Cookie("laravel_session", "%%S%%", "/", "intranet.%%dom%%")))\nInvoke-WebRequest -UseBasicParsing -Uri "https://intranet.%%dom%%/hr/payslips" -WebSession $session',
  "hr/payslips")
T(_O, "mitmproxy-flow-json-body", "pws",
  "POST https://auth.%%dom%%/api/mobile/login\n    Content-Type: application/json\n    User-Agent: okhttp/4.12.0\n    {\n        \"device\": \"TC52-%%n6%%\",\n        \"username\": \"courier.%%n4%%\",\n        \"password\": \"%%S%%\"\n    }\n << 200 OK 1.2k",
  "okhttp/4.12.0")
T(_O, "tcpdump-ascii-http-basic", "basic",
  "$ sudo tcpdump -i eth1 -A -s0 'tcp port 80 and host %%ip%%'\n%%time%%:31.204411 IP %%ip.b%%.51234 > %%ip%%.80: Flags [P.], seq 1:236, ack 1, win 502, length 235: HTTP: GET /cgi-bin/status.cgi HTTP/1.1\nE.....@.@.\nGET /cgi-bin/status.cgi HTTP/1.1\nHost: %%ip%%\nAuthorization: Basic %%S%%\nUser-Agent: inverter-poller/1.3",
  "inverter-poller/1.3")
T(_O, "tshark-fields-ftp-pass", "pwu",
  "$ tshark -r uplink_%%date%%.pcapng -Y 'ftp.request.command == \"PASS\" || ftp.request.command == \"USER\"' -T fields -e ip.src -e ftp.request.command -e ftp.request.arg\n%%ip%%\tUSER\tmeter_upload\n%%ip%%\tPASS\t%%S%%",
  "meter_upload")
T(_O, "ngrep-smtp-auth-login-b64", "b64pw",
  "$ sudo ngrep -d any -q -W byline port 587\nT %%ip%%:41712 -> %%ip.b%%:587 [AP]\nAUTH LOGIN.\nT %%ip.b%%:587 -> %%ip%%:41712 [AP]\n334 VXNlcm5hbWU6.\nT %%ip%%:41712 -> %%ip.b%%:587 [AP]\n%%b64u%%.\nT %%ip.b%%:587 -> %%ip%%:41712 [AP]\n334 UGFzc3dvcmQ6.\nT %%ip%%:41712 -> %%ip.b%%:587 [AP]\n%%S%%.",
  "AUTH LOGIN")
T(_O, "asterisk-pjsip-show-auth", "pwu",
  """pbx*CLI> pjsip show auth trunk-auth

 Auth:  <AuthId/UserName.................................................................>
==========================================================================================
 Auth:  trunk-auth/4420%%n6%%

 ParameterName        : ParameterValue
 ====================================================
 auth_type            : userpass
 md5_cred             :
 nonce_lifetime       : 32
 password             : %%S%%
 realm                :
 username             : 4420%%n6%%""", "nonce_lifetime")
T(_O, "asterisk-manager-show-user", "pws",
  "pbx*CLI> manager show user crm\n\n          username: crm\n            secret: %%S%%\n               acl: yes\n         read perm: system,call,log,verbose,agent,user,config,dtmf,reporting,cdr,dialplan\n        write perm: originate\n   displayconnects: yes",
  "displayconnects")
T(_O, "freeswitch-eval-default-password", "pwu",
  "freeswitch@%%h%%> eval $${default_password}\n%%S%%\nfreeswitch@%%h%%> ", "default_password")
T(_O, "ldapsearch-userpassword-double-colon", "b64pw",
  "# %%user%%, people, stadt.local\ndn: uid=%%user%%,ou=people,dc=stadt,dc=local\nobjectClass: inetOrgPerson\ncn: %%name%%\nmail: %%email%%\nuserPassword:: %%S%%\n\n# search result\nsearch: 2\nresult: 0 Success",
  "objectClass: inetOrgPerson")
T(_O, "mysql-table-output-api-key-column", "hex32",
  """mysql> SELECT id, name, api_key, active FROM carriers;
+----+-----------------+----------------------------------+--------+
| id | name            | api_key                          | active |
+----+-----------------+----------------------------------+--------+
|  1 | DPD Portugal    | NULL                             |      0 |
|  2 | CTT Expresso    | %%S%% |      1 |
|  3 | Own fleet       | NULL                             |      1 |
+----+-----------------+----------------------------------+--------+
3 rows in set (0.00 sec)""", "CTT Expresso")
T(_O, "psql-expanded-record-smtp", "pws",
  "erp=# \\x\nExpanded display is on.\nerp=# select * from ir_mail_server where id = 1;\n-[ RECORD 1 ]---+---------------------------\nid              | 1\nname            | Office365 relay\nsmtp_host       | smtp.office365.com\nsmtp_port       | 587\nsmtp_user       | erp@%%dom%%\nsmtp_pass       | %%S%%\nsmtp_encryption | starttls",
  "Office365 relay")
T(_O, "redis-config-get-requirepass", "pwsafe",
  '%%ip%%:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "%%S%%"\n%%ip%%:6379> CONFIG GET maxmemory\n1) "maxmemory"\n2) "2147483648"',
  "maxmemory")
T(_O, "docker-history-no-trunc-env", "v_npm",
  "$ docker history --no-trunc registry.%%dom%%/shop/storefront:%%ver%% | head -4\nIMAGE          CREATED        CREATED BY                                                                 SIZE\nsha256:%%hex64%%   2 days ago     /bin/sh -c npm ci --omit=dev                                                156MB\n<missing>      2 days ago     /bin/sh -c #(nop)  ENV NPM_TOKEN=%%S%%                                   0B",
  "npm ci --omit=dev")
T(_O, "git-remote-v-x-access-token", "v_gh_app",
  "$ git remote -v\norigin\thttps://x-access-token:%%S%%@github.com/clearwater-ngo/field-survey.git (fetch)\norigin\thttps://x-access-token:%%S%%@github.com/clearwater-ngo/field-survey.git (push)",
  "field-survey.git")
T(_O, "git-config-list-remote-url-creds", "v_glpat",
  "$ git config --list --show-origin | grep url\nfile:.git/config\tremote.origin.url=https://deploy-bot:%%S%%@git.%%dom%%/bcast/playout-scheduler.git\nfile:/home/ops/.gitconfig\turl.ssh://git@git.%%dom%%/.insteadof=https://git.%%dom%%/",
  "playout-scheduler.git")
T(_O, "cat-git-credentials-file", "v_gh_classic",
  "$ cat ~/.git-credentials\nhttps://%%user%%:%%S%%@github.com\n$ ls -la ~/.git-credentials\n-rw------- 1 ops ops 61 %%date%% ~/.git-credentials",
  "ls -la")
T(_O, "ps-auxww-cmdline-password", "pwu",
  "$ ps auxww | grep [j]ava\ntomcat    %%pid%%  3.1 12.4 6123456 2034512 ?   Sl   %%time%%  41:02 /usr/bin/java -Dcatalina.base=/opt/ehr -Ddb.url=jdbc:postgresql://%%host%%/ehr -Ddb.user=ehr -Ddb.password=%%S%% -Xmx4g org.apache.catalina.startup.Bootstrap start",
  "org.apache.catalina.startup.Bootstrap")
T(_O, "aws-ssm-get-parameter-decrypted", "pwgen",
  '$ aws ssm get-parameter --name /wms/prod/sftp_password --with-decryption\n{\n    "Parameter": {\n        "Name": "/wms/prod/sftp_password",\n        "Type": "SecureString",\n        "Value": "%%S%%",\n        "Version": 7,\n        "LastModifiedDate": "%%ts%%",\n        "ARN": "arn:aws:ssm:eu-west-1:%%n10%%12:parameter/wms/prod/sftp_password"\n    }\n}',
  '"Type": "SecureString"')
T(_O, "gcloud-secrets-versions-access", "pwgen",
  "$ gcloud secrets versions access latest --secret=dicom-router-db --project=santalucia-imaging\n%%S%%", "dicom-router-db")
T(_O, "az-keyvault-secret-show-value", "pwgen",
  '$ az keyvault secret show --vault-name kv-muni-prod --name gis-sql-admin --query "{name:name, value:value}"\n{\n  "name": "gis-sql-admin",\n  "value": "%%S%%"\n}',
  "kv-muni-prod")
T(_O, "hydra-found-login", "pw",
  "Hydra v9.5 (c) 2023 by van Hauser/THC & David Maciejak\n[DATA] attacking ssh://%%ip%%:22/\n[22][ssh] host: %%ip%%   login: pi   password: %%S%%\n1 of 1 target successfully completed, 1 valid password found",
  "1 valid password found")
T(_O, "john-show-cracked", "pws",
  "$ john --show --format=NT hashes_%%jira%%.txt\n%%user%%:%%S%%:1107:::\nsvc_scan:???:1120:::\n\n1 password hash cracked, 11 left",
  "1 password hash cracked")
T(_O, "mimikatz-wdigest-password", "pws",
  """Authentication Id : 0 ; %%n6%% (00000000:%%hex8%%)
Session           : Interactive from 1
User Name         : %%user%%
Domain            : KLINIK
Logon Server      : DC01
	wdigest :
	 * Username : %%user%%
	 * Domain   : KLINIK
	 * Password : %%S%%""", "Logon Server      : DC01")
T(_O, "mimikatz-msv-ntlm-hash", "hex32",
  """	msv :
	 [00000003] Primary
	 * Username : svc_backup
	 * Domain   : STADT
	 * NTLM     : %%S%%
	 * SHA1     : %%hex40%%
	 * DPAPI    : %%hex32%%""", "Primary")
T(_O, "secretsdump-ntds-line", "hex32",
  "[*] Dumping Domain Credentials (domain\\uid:rid:lmhash:nthash)\n[*] Using the DRSUAPI method to get NTDS.DIT secrets\nSCHULE.local\\%%user%%:1143:aad3b435b51404eeaad3b435b51404ee:%%S%%:::",
  "DRSUAPI")
T(_O, "responder-basic-cleartext", "pws",
  "[+] Listening for events...\n[HTTP] Sending BASIC authentication request to %%ip%%\n[HTTP] Basic Clear Text Client   : %%ip%%\n[HTTP] Basic Clear Text Username : %%user%%\n[HTTP] Basic Clear Text Password : %%S%%",
  "Listening for events")
T(_O, "crackmapexec-pwned-line", "pws",
  "SMB         %%ip%%   445    FS01             [*] Windows Server 2016 Standard 14393 x64 (name:FS01) (domain:hosp.local) (signing:False) (SMBv1:True)\nSMB         %%ip%%   445    FS01             [+] hosp.local\\svc_backup:%%S%% (Pwn3d!)",
  "signing:False")
T(_O, "reg-query-winlogon-defaultpassword", "pws",
  r"""C:\> reg query "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon"
    AutoAdminLogon    REG_SZ    1
    DefaultUserName    REG_SZ    kiosk
    DefaultDomainName    REG_SZ    BIBLIOTHEK
    DefaultPassword    REG_SZ    %%S%%
    Shell    REG_SZ    explorer.exe""", "AutoAdminLogon")
T(_O, "volatility-envars-plugin", "pwu",
  "PID\tProcess\tBlock\tVariable\tValue\n%%pid%%\tsqlservr.exe\t0x1e4c2a01ef0\tCOMPUTERNAME\tSRV-ERP\n%%pid%%\tsqlservr.exe\t0x1e4c2a01ef0\tSQL_SA_PASSWORD\t%%S%%\n%%pid%%\tsqlservr.exe\t0x1e4c2a01ef0\tTEMP\tC:\\Windows\\TEMP",
  "sqlservr.exe")
T(_O, "gsutil-signurl-signature", lambda: hx(512),
  "$ gsutil signurl -d 2h sa-key.json gs://hanriver-media-raw/ep%%n3%%/master.mxf\nURL\tHTTP Method\tExpiration\tSigned URL\ngs://hanriver-media-raw/ep%%n3%%/master.mxf\tGET\t%%dt%%\thttps://storage.googleapis.com/hanriver-media-raw/ep%%n3%%/master.mxf?x-goog-signature=%%S%%&x-goog-algorithm=GOOG4-RSA-SHA256&x-goog-credential=signer%40hanriver.iam.gserviceaccount.com%2F20240312%2Fauto%2Fstorage%2Fgoog4_request&x-goog-date=20240312T101500Z&x-goog-expires=7200&x-goog-signedheaders=host",
  "GOOG4-RSA-SHA256")
T(_O, "aws-s3-presign-output", "hex64",
  "$ aws s3 presign s3://tanaka-pod-images/%%date%%/%%trk%%.jpg --expires-in 3600\nhttps://tanaka-pod-images.s3.ap-northeast-1.amazonaws.com/%%date%%/%%trk%%.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=%%aws_id%%%2F20240312%2Fap-northeast-1%2Fs3%2Faws4_request&X-Amz-Date=20240312T021500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=%%S%%",
  "X-Amz-Expires=3600")
T(_O, "az-storage-generate-sas-output", "v_azure_sig",
  '$ az storage container generate-sas --account-name stmunirecords --name scans --permissions rl --expiry %%date%%T23:59Z -o tsv\nse=%%date%%T23%3A59Z&sp=rl&sv=2022-11-02&sr=c&sig=%%S%%',
  "stmunirecords")
T(_O, "cat-docker-config-json-auth", "basic",
  '$ cat ~/.docker/config.json\n{\n\t"auths": {\n\t\t"harbor.%%dom%%": {\n\t\t\t"auth": "%%S%%"\n\t\t}\n\t},\n\t"credsStore": ""\n}',
  '"credsStore"')
T(_O, "kubectl-config-view-raw-token", "v_k8s_sa",
  "$ kubectl config view --raw --minify\napiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: %%b64ca%%\n    server: https://%%ip%%:6443\n  name: edge-farm\nusers:\n- name: ci-deployer\n  user:\n    token: %%S%%",
  "edge-farm")


@F(_O, "kubectl-config-view-raw-client-key-data")
def _o_ckd(i):
    blk, _ = pem_block("ec")
    s = b64s(blk + "\n")
    t = ("$ kubectl config view --raw -o jsonpath='{.users[0].user}'\n{\"client-certificate-data\":\"%s...\",\"client-key-data\":\"%s\"}"
         % (b64(90), s))
    return t, s, "client-certificate-data"


T(_O, "argocd-admin-initial-password", "an16",
  "$ argocd admin initial-password -n argocd\n%%S%%\n\n This password must be only used for first time login. We strongly recommend you update the password using `argocd account update-password`.",
  "argocd account update-password")
T(_O, "gh-auth-token-print", "v_gh_oauth",
  "$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account %%user%% (keyring)\n  - Active account: true\n$ gh auth token\n%%S%%",
  "Active account: true")
T(_O, "glab-auth-status-show-token", "v_glpat",
  "$ glab auth status -t\ngit.%%dom%%\n  ✓ Logged in to git.%%dom%% as %%user%% (/home/ops/.config/glab-cli/config.yml)\n  ✓ Git operations for git.%%dom%% configured to use https protocol.\n  ✓ API calls for git.%%dom%% are made over https protocol.\n  ✓ REST API Endpoint: https://git.%%dom%%/api/v4/\n  ✓ Token: %%S%%",
  "REST API Endpoint")
T(_O, "vault-token-create-table", "v_vault",
  "$ vault token create -policy=pos-deploy -ttl=72h\nKey                  Value\n---                  -----\ntoken                %%S%%\ntoken_accessor       %%an24%%\ntoken_duration       72h\ntoken_renewable      true\ntoken_policies       [\"default\" \"pos-deploy\"]",
  "token_duration")
T(_O, "consul-acl-token-create-secretid", "v_consul",
  "$ consul acl token create -description \"telemetry agent %%city%%\" -policy-name telemetry\nAccessorID:       %%uuid%%\nSecretID:         %%S%%\nDescription:      telemetry agent %%city%%\nLocal:            false\nCreate Time:      %%dt%%.1 +0000 UTC\nPolicies:\n   %%uuid.p%% - telemetry",
  "AccessorID")
T(_O, "nomad-acl-bootstrap-output", "v_nomad",
  "$ nomad acl bootstrap\nAccessor ID  = %%uuid%%\nSecret ID    = %%S%%\nName         = Bootstrap Token\nType         = management\nGlobal       = true\nCreate Time  = %%dt%%",
  "Bootstrap Token")
T(_O, "openstack-token-issue-table", lambda: "gAAAAAB" + _s(_AND, 176),
  "$ openstack token issue\n+------------+------------------------------------------+\n| Field      | Value                                    |\n+------------+------------------------------------------+\n| expires    | %%ts%%                     |\n| id         | %%S%% |\n| project_id | %%hex32%%         |\n| user_id    | %%hex32.u%%         |\n+------------+------------------------------------------+",
  "project_id")
T(_O, "kubeadm-token-create-print-join", "v_kubeadm",
  "$ kubeadm token create --print-join-command\nkubeadm join %%ip%%:6443 --token %%S%% --discovery-token-ca-cert-hash sha256:%%hex64%%",
  "--discovery-token-ca-cert-hash")
T(_O, "k3s-node-token-cat", "v_k3s",
  "root@farm-edge-01:~# cat /var/lib/rancher/k3s/server/node-token\n%%S%%\nroot@farm-edge-01:~# ", "node-token")
T(_O, "docker-swarm-join-token-worker", "v_swarm",
  "$ docker swarm join-token worker\nTo add a worker to this swarm, run the following command:\n\n    docker swarm join --token %%S%% %%ip%%:2377\n",
  "To add a worker to this swarm")
T(_O, "minio-admin-svcacct-add", "an40",
  "$ mc admin user svcacct add nas backup-writer\nAccess Key: %%uan20%%\nSecret Key: %%S%%\nExpiration: no-expiry",
  "no-expiry")
T(_O, "rails-credentials-show-secret-key-base", "v_rails_key",
  "$ EDITOR=cat bin/rails credentials:show\n# aws:\n#   access_key_id: 123\nsecret_key_base: %%S%%\nactive_record_encryption:\n  primary_key: <see 1Password: pharmacy-app AR keys>",
  "active_record_encryption")
T(_O, "php-artisan-key-generate-show", "v_laravel",
  "$ php artisan key:generate --show\n%%S%%\n$ php artisan config:cache\n   INFO  Configuration cached successfully.",
  "Configuration cached successfully")
T(_O, "wp-config-list-table", "pws",
  "$ wp config list --fields=name,value,type\n+------------------+----------------------------+----------+\n| name             | value                      | type     |\n+------------------+----------------------------+----------+\n| DB_NAME          | wp_ngo                     | constant |\n| DB_USER          | wp_ngo                     | constant |\n| DB_PASSWORD      | %%S%% | constant |\n| DB_HOST          | localhost                  | constant |",
  "wp_ngo")
T(_O, "drush-sql-connect-output", "pwu",
  "$ drush sql:connect\nmysql --user=drupal --password=%%S%% --database=drupal_school --host=%%host%% --port=3306 -A",
  "drupal_school")
T(_O, "jenkins-initial-admin-password-cat", "hex32",
  "$ sudo cat /var/lib/jenkins/secrets/initialAdminPassword\n%%S%%", "initialAdminPassword")
T(_O, "oc-whoami-show-token", "v_oc",
  "$ oc whoami\n%%user%%\n$ oc whoami -t\n%%S%%\n$ oc project\nUsing project \"lab-results\" on server \"https://api.ocp.%%dom%%:6443\".",
  "lab-results")
T(_O, "firebase-login-ci-token", lambda: "1//0" + _s(_AND, 99),
  "✔  Success! Use this token to login on a CI server:\n\n%%S%%\n\nExample: firebase deploy --token \"$FIREBASE_TOKEN\"",
  "firebase deploy --token")
T(_O, "cf-oauth-token-bearer", "jwtrs",
  "$ cf oauth-token\nbearer %%S%%", "cf oauth-token")
T(_O, "nmap-http-default-accounts", "pws",
  "PORT   STATE SERVICE\n80/tcp open  http\n| http-default-accounts:\n|   [Hikvision DVR] at /\n|     admin:%%S%%\n|_  [Apache Tomcat] at /manager/html/ (no valid default credentials found)\nMAC Address: 44:19:B6:%%n2%%:%%n2.b%%:%%n2.c%% (Hangzhou Hikvision)",
  "Hikvision DVR")
T(_O, "mikrotik-security-profiles-print", "pw",
  '[admin@MikroTik-Lager] > /interface wireless security-profiles print\nFlags: * - default\n 0 * name="default" mode=none\n 1   name="lager" mode=dynamic-keys authentication-types=wpa2-psk unicast-ciphers=aes-ccm group-ciphers=aes-ccm wpa2-pre-shared-key="%%S%%"',
  "authentication-types=wpa2-psk")
T(_O, "cisco-show-run-username-password-0", "pwu",
  "SW-CORE-01#show running-config | include username|enable\nenable secret 9 $9$%%hex16%%$%%an40%%\nusername netops privilege 15 password 0 %%S%%\nusername backup privilege 1 secret 9 $9$%%hex16.b%%$%%an40.b%%",
  "SW-CORE-01#show running-config")
T(_O, "cisco-type7-key-string", lambda: "0" + str(_R.randint(0, 9)) + HX(_R.randint(16, 24)),
  "RTR-BRANCH-%%n2%%#show run | sec key chain\nkey chain OSPF-KEYS\n key 1\n  key-string 7 %%S%%\n  cryptographic-algorithm hmac-sha-256",
  "key chain OSPF-KEYS")
T(_O, "cisco-snmp-community-show-run", "pwleet",
  "RTR-%%city%%#sh run | i snmp\nsnmp-server community %%S%% RO 10\nsnmp-server location %%city%% depot, rack 2\nsnmp-server contact noc@%%dom%%",
  "depot, rack 2")
T(_O, "juniper-dollar9-auth-key", lambda: "$9$" + _s(_AN + "./", 40),
  'admin@mx204-edge> show configuration protocols bgp | display set\nset protocols bgp group ISP-UPSTREAM type external\nset protocols bgp group ISP-UPSTREAM authentication-key "%%S%%"\nset protocols bgp group ISP-UPSTREAM neighbor %%pubip%% peer-as 64%%n3%%',
  "ISP-UPSTREAM")
T(_O, "unifi-dump-cfg-x-passphrase", "pw",
  '$ mca-ctrl -t dump-cfg | grep -B2 -A2 x_passphrase\n        "name": "Pfarrei-Gast",\n        "security": "wpapsk",\n        "x_passphrase": "%%S%%",\n        "wpa_mode": "wpa2",',
  "Pfarrei-Gast")
T(_O, "wg-showconf-private-key", "v_wg",
  "$ sudo wg showconf wg0\n[Interface]\nListenPort = 51820\nPrivateKey = %%S%%\n\n[Peer]\nPublicKey = %%b64pub%%\nAllowedIPs = 10.77.0.%%n2%%/32\nEndpoint = %%pubip%%:51820",
  "ListenPort = 51820")
T(_O, "ip-xfrm-state-enc-key", lambda: "0x" + hx(64),
  "$ sudo ip xfrm state\nsrc %%pubip%% dst %%ip%%\n\tproto esp spi 0x%%hex8%% reqid 1 mode tunnel\n\treplay-window 0 flag af-unspec\n\tauth-trunc hmac(sha256) 0x%%hex64%% 128\n\tenc cbc(aes) %%S%%\n\tanti-replay context: seq 0x0, oseq 0x2a1, bitmap 0x00000000",
  "anti-replay context")


@F(_O, "openssl-rsa-text-private-exponent")
def _o_rsatext(i):
    def hexline():
        return ":".join(hx(2) for _ in range(15)) + ":"
    lines = [hexline() for _ in range(6)]
    sec = lines[2]
    t = ("$ openssl rsa -in recovered.key -noout -text | sed -n '1,40p'\nPrivate-Key: (2048 bit, 2 primes)\nmodulus:\n    00:%s\n    %s\npublicExponent: 65537 (0x10001)\nprivateExponent:\n    %s\n    %s\n    %s\n    %s\n    %s"
         % (hexline(), hexline(), lines[0], lines[1], lines[2], lines[3], lines[4]))
    return t, sec, "publicExponent: 65537"


T(_O, "sslkeylogfile-client-random-line", lambda: hx(96),
  "$ head -3 /tmp/sslkeys.log\n# SSL/TLS secrets log file, generated by NSS\nCLIENT_RANDOM %%hex64.r%% %%S%%",
  "generated by NSS")
T(_O, "openssl-s-client-master-key", lambda: HX(96),
  "SSL-Session:\n    Protocol  : TLSv1.2\n    Cipher    : ECDHE-RSA-AES256-GCM-SHA384\n    Session-ID: %%hex64%%\n    Session-ID-ctx: \n    Master-Key: %%S%%\n    PSK identity: None\n    TLS session ticket lifetime hint: 7200 (seconds)",
  "ECDHE-RSA-AES256-GCM-SHA384")
T(_O, "env-grep-i-pass-output", "pws",
  "$ env | grep -i pass\nPGPASSFILE=/home/etl/.pgpass\nSAP_RFC_PASSWD=%%S%%\nPASSENGER_APP_ENV=production",
  "PGPASSFILE=/home/etl/.pgpass")
T(_O, "docker-exec-env-output", "an32",
  "$ docker exec -it wowza env\nPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\nHOSTNAME=%%hex12%%\nWSC_LICENSE=ET1E4-%%a6%%-...\nWOWZA_REST_PASSWORD=%%S%%\nJAVA_HOME=/usr/local/WowzaStreamingEngine/java",
  "JAVA_HOME=")
T(_O, "crontab-l-mysqldump-inline", "pwu",
  "$ crontab -l\n# m h  dom mon dow   command\n15 2 * * * /usr/bin/mysqldump -u root -p%%S%% --all-databases | gzip > /srv/backup/db-$(date +\\%F).sql.gz\n0 3 * * 0 /usr/local/bin/prune-backups.sh",
  "prune-backups.sh")
T(_O, "cat-pgpass-lines", "pwu",
  "$ cat ~/.pgpass\n# hostname:port:database:username:password\n%%host%%:5432:census:etl:%%S%%\n*:*:*:replicator:*see-vault*",
  "hostname:port:database:username:password")
T(_O, "ansible-inventory-list-json", "pws",
  '$ ansible-inventory -i inventory/schools --list --vault-id @prompt | jq ._meta.hostvars["\\"lab-%%n2%%\\""]\n{\n  "ansible_host": "%%ip%%",\n  "ansible_user": "Administrator",\n  "ansible_password": "%%S%%",\n  "ansible_connection": "winrm"\n}',
  '"ansible_connection": "winrm"')
T(_O, "salt-call-pillar-items", "pws",
  "$ salt-call pillar.items mysql\nlocal:\n    ----------\n    mysql:\n        ----------\n        host:\n            %%host%%\n        password:\n            %%S%%\n        user:\n            billing",
  "salt-call pillar.items")
T(_O, "knife-data-bag-show", "pwsafe",
  "$ knife data bag show credentials sftp_partner --secret-file ~/.chef/encrypted_data_bag_secret\nWARNING: Encrypted data bag detected, decrypting with provided secret.\nhost:     %%host%%\nid:       sftp_partner\npassword: %%S%%\nuser:     edi",
  "Encrypted data bag detected")
T(_O, "etcdctl-get-prefix-kv", "pws",
  "$ etcdctl get --prefix /config/billing/\n/config/billing/db_host\n%%host%%\n/config/billing/db_pass\n%%S%%\n/config/billing/db_user\nbilling_rw",
  "/config/billing/db_host")
T(_O, "az-webapp-publishing-profile-userpwd", "an48",
  '$ az webapp deployment list-publishing-profiles -g rg-ngo -n ngo-volunteers --query "[?publishMethod==\'MSDeploy\']"\n[\n  {\n    "profileName": "ngo-volunteers - Web Deploy",\n    "publishMethod": "MSDeploy",\n    "publishUrl": "ngo-volunteers.scm.azurewebsites.net:443",\n    "userName": "$ngo-volunteers",\n    "userPWD": "%%S%%"\n  }\n]',
  "ngo-volunteers - Web Deploy")
T(_O, "az-functionapp-keys-list", lambda: _s(_AND, 54) + "==",
  '$ az functionapp keys list -g rg-logistics -n fa-label-render\n{\n  "functionKeys": {},\n  "masterKey": "%%S%%",\n  "systemKeys": {}\n}',
  "fa-label-render")
T(_O, "firebase-functions-config-get", "v_stripe_sk",
  '$ firebase functions:config:get\n{\n  "stripe": {\n    "secret": "%%S%%",\n    "currency": "brl"\n  },\n  "mail": {\n    "from": "doacoes@%%dom%%"\n  }\n}',
  '"currency": "brl"')
T(_O, "supabase-status-service-role", lambda: jwt("HS256", {"iss": "supabase-demo", "role": "service_role", "exp": _R.randint(1900000000, 2000000000)}),
  "$ supabase status\n         API URL: http://127.0.0.1:54321\n          DB URL: postgresql://postgres:postgres@127.0.0.1:54322/postgres\n      Studio URL: http://127.0.0.1:54323\nservice_role key: %%S%%",
  "Studio URL")
T(_O, "stripe-listen-webhook-secret", "v_stripe_wh",
  "$ stripe listen --forward-to localhost:8000/webhooks/stripe\n> Ready! You are using Stripe API Version [2023-10-16]. Your webhook signing secret is %%S%% (^C to quit)",
  "forward-to localhost:8000")
T(_O, "pm2-env-process-dump", "v_telegram",
  "$ pm2 env 3\nNODE_ENV: production\nBOT_NAME: pedidos_bot\nTELEGRAM_TOKEN: %%S%%\nPORT: 3007\nunique_id: %%uuid%%",
  "pedidos_bot")
T(_O, "cat-ppp-chap-secrets", "pws",
  '# cat /etc/ppp/chap-secrets\n# Secrets for authentication using CHAP\n# client\t\tserver\tsecret\t\t\tIP addresses\n"0%%n8%%@dsl.%%dom%%"\t*\t"%%S%%"\t*',
  "Secrets for authentication using CHAP")
T(_O, "cat-etc-ppp-peers-password", "pwu",
  "root@lte-router:~# cat /etc/ppp/peers/provider\nuser \"scada-apn\"\npassword \"%%S%%\"\nconnect \"/usr/sbin/chat -v -f /etc/chatscripts/gprs -T iot.apn\"\n/dev/ttyUSB2\n115200\nnoipdefault\nusepeerdns",
  "/etc/chatscripts/gprs")
T(_O, "vault-operator-init-root-token", "v_vault",
  "$ kubectl exec -n vault vault-0 -- vault operator init -key-shares=5 -key-threshold=3 -format=table | tail -4\n\nInitial Root Token: %%S%%\n\nVault initialized with 5 key shares and a key threshold of 3.",
  "key threshold of 3")

# ---------------------------------------------------------------------------
# group: config-file
# ---------------------------------------------------------------------------
_G = "config-file"
T(_G, "dotenv-pos-backoffice", "pwu",
  "# /opt/backoffice/.env  (store %%store%%, copied from USB by tech)\nAPP_ENV=production\nDB_HOST=%%ip%%\nDB_DATABASE=backoffice\nDB_USERNAME=bo_app\nDB_PASSWORD=%%S%%\nFISCAL_PRINTER_PORT=/dev/ttyS0",
  "FISCAL_PRINTER_PORT")
T(_G, "dotenv-quoted-with-comment", "pw",
  '# shipping bridge\nCARRIER=ctt\nCTT_CLIENT_ID=%%n8%%\nCTT_PASSWORD="%%S%%"  # rotated after the March audit\nLABEL_FORMAT=ZPL', "LABEL_FORMAT=ZPL")
T(_G, "dotenv-export-prefixed", "v_mailgun",
  "export MAILGUN_DOMAIN=mg.%%dom%%\nexport MAILGUN_API_KEY=%%S%%\nexport MAIL_FROM='Clearwater Volunteers <hello@%%dom%%>'",
  "Clearwater Volunteers")
T(_G, "spring-application-yml-datasource", "pws",
  "spring:\n  datasource:\n    url: jdbc:postgresql://%%host%%:5432/tms\n    username: tms_app\n    password: %%S%%\n    hikari:\n      maximum-pool-size: 20\n  jpa:\n    open-in-view: false",
  "maximum-pool-size")
T(_G, "spring-application-properties", "pwu",
  "server.port=8443\nspring.datasource.url=jdbc:sqlserver://%%ip%%:1433;databaseName=LIS;encrypt=false\nspring.datasource.username=lis_app\nspring.datasource.password=%%S%%\nlogging.level.org.hibernate.SQL=warn",
  "databaseName=LIS")
T(_G, "appsettings-json-connectionstrings", "pws",
  '{\n  "Logging": { "LogLevel": { "Default": "Information" } },\n  "ConnectionStrings": {\n    "Pos": "Server=%%h%%\\\\SQLEXPRESS;Database=PosCentral;User Id=pos_api;Password=%%S%%;TrustServerCertificate=True"\n  },\n  "AllowedHosts": "*"\n}',
  "TrustServerCertificate=True")
T(_G, "web-config-connectionstrings-add", "pws",
  '<connectionStrings>\n  <add name="SchoolDb" connectionString="Data Source=%%h%%;Initial Catalog=Schulverwaltung;User ID=sv_web;Password=%%S%%;MultipleActiveResultSets=True" providerName="System.Data.SqlClient" />\n</connectionStrings>',
  "Schulverwaltung")
T(_G, "wp-config-define-db-password", "pws",
  "/** MySQL database password */\ndefine( 'DB_PASSWORD', '%%S%%' );\n\n/** MySQL hostname */\ndefine( 'DB_HOST', 'localhost' );\ndefine( 'DB_CHARSET', 'utf8mb4' );",
  "DB_CHARSET")
T(_G, "wp-config-auth-salt", lambda: _s(_AN + "!@#$%^&*()-_[]{}<>~`+=,.;:/?|", 64),
  "define( 'AUTH_KEY',         '%%S%%' );\n/* remaining salts regenerated via api.wordpress.org/secret-key/1.1/salt/ on %%date%% */",
  "remaining salts regenerated")
T(_G, "django-settings-databases-dict", "pws",
  "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'clinic_booking',\n        'USER': 'booking',\n        'PASSWORD': '%%S%%',\n        'HOST': '%%host%%',\n        'PORT': '5432',\n    }\n}",
  "clinic_booking")
T(_G, "django-settings-secret-key", "v_django",
  "# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = '%%S%%'\n\nDEBUG = False\nALLOWED_HOSTS = ['intranet.%%dom%%']",
  "ALLOWED_HOSTS")
T(_G, "rails-database-yml-production", "pws",
  "production:\n  <<: *default\n  database: pharmacy_production\n  username: pharmacy\n  password: %%S%%\n  host: <%= ENV.fetch('DB_HOST', '%%ip%%') %>",
  "pharmacy_production")
T(_G, "pgpass-single-line", "pwu",
  "%%host%%:5432:*:replicator:%%S%%", "replicator")
T(_G, "my-cnf-client-section", "pws",
  "[client]\nuser=backup\npassword=\"%%S%%\"\nhost=%%ip%%\n\n[mysqldump]\nsingle-transaction\nquick",
  "single-transaction")
T(_G, "netrc-machine-login-password", "pwu",
  "machine ftp.%%dom%%\n  login edi_%%n4%%\n  password %%S%%\nmachine api.heroku.com\n  login %%email%%\n  password <use heroku auth:token>",
  "heroku auth:token")
T(_G, "npmrc-scoped-authtoken", "v_npm",
  "@pos:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%%S%%\nalways-auth=true",
  "always-auth=true")
T(_G, "npmrc-legacy-auth-base64", "basic",
  "registry=https://nexus.%%dom%%/repository/npm-group/\n_auth=%%S%%\nemail=%%email%%\nstrict-ssl=false",
  "npm-group")
T(_G, "pypirc-password", "v_pypi",
  "[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\npassword = %%S%%",
  "index-servers")
T(_G, "pip-conf-index-url-creds", "an24",
  "[global]\ntimeout = 60\nindex-url = https://pip-reader:%%S%%@nexus.%%dom%%/repository/pypi-all/simple\ntrusted-host = nexus.%%dom%%",
  "pypi-all")
T(_G, "maven-settings-xml-server", "pws",
  "<servers>\n  <server>\n    <id>nexus-releases</id>\n    <username>deployment</username>\n    <password>%%S%%</password>\n  </server>\n</servers>",
  "nexus-releases")
T(_G, "gradle-properties-signing", "pws",
  "org.gradle.jvmargs=-Xmx2048m\nsigning.keyId=%%HEX8%%\nsigning.password=%%S%%\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg",
  "signing.keyId")
T(_G, "nuget-config-cleartextpassword", "an32",
  '<packageSourceCredentials>\n  <Internal>\n    <add key="Username" value="build" />\n    <add key="ClearTextPassword" value="%%S%%" />\n  </Internal>\n</packageSourceCredentials>',
  "packageSourceCredentials")
T(_G, "composer-auth-json-http-basic", "an32",
  '{\n    "http-basic": {\n        "repo.magento.com": {\n            "username": "%%hex32%%",\n            "password": "%%S%%"\n        }\n    }\n}',
  "repo.magento.com")
T(_G, "kubeconfig-user-token", "v_k8s_sa",
  "apiVersion: v1\nkind: Config\ncurrent-context: hospital-prod\nusers:\n- name: ci\n  user:\n    token: %%S%%\ncontexts:\n- context:\n    cluster: hospital-prod\n    user: ci\n  name: hospital-prod",
  "current-context: hospital-prod")


@F(_G, "kubeconfig-client-key-data-decoded-pem")
def _g_kcpem(i):
    blk, sec = pem_block("rsa", trunc=True)
    t = "# base64 -d of users[0].user.client-key-data from the edge cluster kubeconfig\n" + blk
    return t, sec, "edge cluster kubeconfig"


T(_G, "helm-values-yaml-nested-auth", "pws",
  "postgresql:\n  enabled: true\n  auth:\n    username: keycloak\n    password: %%S%%\n    database: keycloak\nproxy: edge\nproduction: true",
  "proxy: edge")
T(_G, "terraform-tfvars-password", "pws",
  'region          = "eu-north-1"\ninstance_class  = "db.t3.medium"\ndb_username     = "gis_admin"\ndb_password     = "%%S%%"\nbackup_window   = "01:00-02:00"',
  "db.t3.medium")
T(_G, "ansible-inventory-ini-password", "pws",
  "[pos_terminals]\nkasse-%%store%%-01 ansible_host=%%ip%% ansible_user=posadmin ansible_password='%%S%%'\n\n[pos_terminals:vars]\nansible_connection=winrm\nansible_winrm_transport=ntlm",
  "ansible_winrm_transport=ntlm")
T(_G, "ansible-group-vars-unencrypted", "pws",
  "---\n# group_vars/pbx.yml   TODO: move to vault before merge\nasterisk_ami_user: crm\nasterisk_ami_secret: %%S%%\nasterisk_rtp_start: 10000\nasterisk_rtp_end: 20000",
  "asterisk_rtp_start")
T(_G, "hiera-yaml-plain-password", "pws",
  "---\nprofile::icinga::db_host: '%%host%%'\nprofile::icinga::db_password: '%%S%%'\nprofile::icinga::api_user: 'director'",
  "profile::icinga::api_user")
T(_G, "salt-pillar-sls", "pws",
  "smtp:\n  relay: smtp.%%dom%%\n  user: scanner@%%dom%%\n  password: |\n    %%S%%\n  port: 587", "relay: smtp.")
T(_G, "haproxy-stats-auth", "pwu",
  "listen stats\n    bind :8404\n    stats enable\n    stats uri /haproxy?stats\n    stats auth admin:%%S%%\n    stats refresh 10s",
  "stats refresh 10s")
T(_G, "sssd-conf-ldap-default-authtok", "pws",
  "[domain/schule.local]\nid_provider = ldap\nldap_uri = ldaps://%%host%%\nldap_default_bind_dn = cn=sssd,ou=svc,dc=schule,dc=local\nldap_default_authtok_type = password\nldap_default_authtok = %%S%%\ncache_credentials = True",
  "cache_credentials = True")
T(_G, "nslcd-conf-bindpw", "pws",
  "uri ldap://%%ip%%/\nbase dc=kommune,dc=se\nbinddn cn=nslcd,ou=system,dc=kommune,dc=se\nbindpw %%S%%\nssl start_tls",
  "ssl start_tls")
T(_G, "freeradius-clients-conf-secret", "pwsafe",
  "client wlc-%%city%% {\n\tipaddr = %%ip%%\n\tsecret = %%S%%\n\tshortname = wlc-%%city%%\n\tnas_type = cisco\n}",
  "nas_type = cisco")
T(_G, "freeradius-mods-ldap-password", "pws",
  "ldap {\n\tserver = 'ldaps://%%host%%'\n\tidentity = 'cn=radius,ou=svc,dc=uni,dc=local'\n\tpassword = %%S%%\n\tbase_dn = 'ou=people,dc=uni,dc=local'\n}",
  "base_dn")
T(_G, "hostapd-conf-wpa-passphrase", "pw",
  "interface=wlan0\nssid=Biblioteca-Publica\nhw_mode=g\nchannel=6\nwpa=2\nwpa_key_mgmt=WPA-PSK\nwpa_passphrase=%%S%%\nrsn_pairwise=CCMP",
  "Biblioteca-Publica")
T(_G, "hostapd-radius-shared-secret", "pwsafe",
  "ieee8021x=1\nauth_server_addr=%%ip%%\nauth_server_port=1812\nauth_server_shared_secret=%%S%%\nwpa_key_mgmt=WPA-EAP",
  "WPA-EAP")
T(_G, "wpa-supplicant-network-psk", "pw",
  'network={\n\tssid="Estufa-Sensores"\n\tpsk="%%S%%"\n\tkey_mgmt=WPA-PSK\n\tpriority=5\n}', "Estufa-Sensores")
T(_G, "networkmanager-nmconnection-psk", "pw",
  "[connection]\nid=Lager-WLAN\nuuid=%%uuid%%\ntype=wifi\n\n[wifi-security]\nauth-alg=open\nkey-mgmt=wpa-psk\npsk=%%S%%\n\n[ipv4]\nmethod=auto",
  "key-mgmt=wpa-psk")
T(_G, "ipsec-secrets-psk-line", "pwsafe",
  '# /etc/ipsec.secrets\n%%pubip%% %%pubip.b%% : PSK "%%S%%"', "/etc/ipsec.secrets")
T(_G, "wireguard-conf-private-key", "v_wg",
  "[Interface]\nAddress = 10.77.0.%%n2%%/24\nPrivateKey = %%S%%\nDNS = 10.77.0.1\n\n[Peer]\nPublicKey = %%b64pub%%\nEndpoint = vpn.%%dom%%:51820\nAllowedIPs = 10.20.0.0/16\nPersistentKeepalive = 25",
  "PersistentKeepalive = 25")


@F(_G, "openvpn-static-key-hex-line")
def _g_ovpn(i):
    lines = [hx(32) for _ in range(16)]
    t = ("<tls-auth>\n#\n# 2048 bit OpenVPN static key\n#\n-----BEGIN OpenVPN Static key V1-----\n%s\n-----END OpenVPN Static key V1-----\n</tls-auth>\nkey-direction 1"
         % "\n".join(lines))
    return t, lines[3], "key-direction 1"


T(_G, "openvpn-auth-user-pass-file", "pw",
  "%%user%%\n%%S%%\n", "")
T(_G, "asterisk-sip-conf-peer-secret", "pwu",
  "[trunk-voipfone]\ntype=peer\nhost=sip.%%dom%%\nusername=4930%%n6%%\nsecret=%%S%%\nfromuser=4930%%n6%%\ninsecure=invite\ncontext=from-trunk\ndisallow=all\nallow=alaw",
  "context=from-trunk")
T(_G, "asterisk-pjsip-endpoint-auth", "pwu",
  "[1042]\ntype=endpoint\ncontext=internal\nauth=1042-auth\naors=1042\n\n[1042-auth]\ntype=auth\nauth_type=userpass\nusername=1042\npassword=%%S%%",
  "context=internal")
T(_G, "asterisk-manager-conf-secret", "pws",
  "[general]\nenabled = yes\nport = 5038\nbindaddr = 127.0.0.1\n\n[crm]\nsecret = %%S%%\ndeny = 0.0.0.0/0.0.0.0\npermit = %%ip%%/255.255.255.255\nread = call,cdr\nwrite = originate",
  "bindaddr = 127.0.0.1")
T(_G, "freeswitch-directory-user-xml", "pwu",
  '<include>\n  <user id="1017">\n    <params>\n      <param name="password" value="%%S%%"/>\n      <param name="vm-password" value="1017"/>\n    </params>\n    <variables>\n      <variable name="effective_caller_id_name" value="Recepção"/>\n    </variables>\n  </user>\n</include>',
  "effective_caller_id_name")
T(_G, "freeswitch-gateway-xml-password", "pwu",
  '<gateway name="dtag">\n  <param name="username" value="+49%%n10%%"/>\n  <param name="password" value="%%S%%"/>\n  <param name="realm" value="tel.t-online.de"/>\n  <param name="register" value="true"/>\n</gateway>',
  "tel.t-online.de")
T(_G, "kamailio-cfg-dburl", "pwu",
  '#!define DBURL "mysql://kamailio:%%S%%@localhost/kamailio"\n#!define WITH_AUTH\n#!define WITH_USRLOCDB', "WITH_USRLOCDB")
T(_G, "icecast-xml-authentication", "pws",
  "<authentication>\n    <source-password>%%S%%</source-password>\n    <relay-password>set-me-too</relay-password>\n    <admin-user>admin</admin-user>\n    <admin-password>see-keepass-radio</admin-password>\n</authentication>",
  "<admin-user>admin</admin-user>")
T(_G, "nginx-rtmp-push-key", "v_ytkey",
  "rtmp {\n  server {\n    listen 1935;\n    application live {\n      live on;\n      record off;\n      push rtmp://a.rtmp.youtube.com/live2/%%S%%;\n    }\n  }\n}",
  "record off;")
T(_G, "mosquitto-bridge-remote-password", "pws",
  "connection bridge-to-cloud\naddress mqtt.%%dom%%:8883\nremote_username farm-%%n3%%\nremote_password %%S%%\ntopic sensors/# out 1\nbridge_cafile /etc/mosquitto/ca.crt",
  "topic sensors/# out 1")
T(_G, "node-red-settings-credential-secret", "an32",
  "module.exports = {\n    flowFile: 'flows.json',\n    credentialSecret: \"%%S%%\",\n    uiPort: process.env.PORT || 1880,\n    adminAuth: { type: \"credentials\", users: [] },\n}",
  "flowFile: 'flows.json'")
T(_G, "grafana-ini-security-admin", "pws",
  "[security]\nadmin_user = admin\nadmin_password = %%S%%\ndisable_gravatar = true\n\n[auth.anonymous]\nenabled = true\norg_role = Viewer",
  "disable_gravatar")
T(_G, "alertmanager-smtp-auth-password", "pws",
  "global:\n  smtp_smarthost: 'smtp.%%dom%%:587'\n  smtp_from: 'alertmanager@%%dom%%'\n  smtp_auth_username: 'alerts'\n  smtp_auth_password: '%%S%%'\nroute:\n  receiver: noc-mail",
  "receiver: noc-mail")
T(_G, "alertmanager-slack-api-url", lambda: an(24),
  "receivers:\n- name: scada-oncall\n  slack_configs:\n  - channel: '#scada-alarms'\n    api_url: 'https://hooks.slack.com/services/T%%UAN8%%/B%%UAN10%%/%%S%%'\n    send_resolved: true",
  "#scada-alarms")
T(_G, "alertmanager-pagerduty-routing-key", "v_pd_routing",
  "- name: pbx-critical\n  pagerduty_configs:\n  - routing_key: %%S%%\n    severity: critical\n    description: '{{ .CommonAnnotations.summary }}'",
  "pbx-critical")
T(_G, "zabbix-server-conf-dbpassword", "pws",
  "LogFile=/var/log/zabbix/zabbix_server.log\nDBHost=%%ip%%\nDBName=zabbix\nDBUser=zabbix\nDBPassword=%%S%%\nStartPollers=10", "StartPollers=10")
T(_G, "nagios-resource-cfg-user-macro", "pws",
  "# Sets $USER1$ to be the path to the plugins\n$USER1$=/usr/lib/nagios/plugins\n# SNMPv3 auth for the substation RTUs\n$USER5$=%%S%%",
  "substation RTUs")
T(_G, "icinga-api-users-conf", "pwsafe",
  'object ApiUser "director" {\n  password = "%%S%%"\n  permissions = [ "*" ]\n}', 'ApiUser "director"')
T(_G, "telegraf-conf-influx-token", "b64u_48",
  '[[outputs.influxdb_v2]]\n  urls = ["https://influx.%%dom%%:8086"]\n  token = "%%S%%=="\n  organization = "sunfield"\n  bucket = "inverters"',
  'bucket = "inverters"')
T(_G, "filebeat-yml-es-password", "pws",
  "output.elasticsearch:\n  hosts: [\"https://%%host%%:9200\"]\n  username: \"filebeat_writer\"\n  password: \"%%S%%\"\n  ssl.verification_mode: certificate",
  "filebeat_writer")
T(_G, "fluent-bit-output-http-passwd", "pws",
  "[OUTPUT]\n    Name         es\n    Match        kube.*\n    Host         %%host%%\n    HTTP_User    fluentbit\n    HTTP_Passwd  %%S%%\n    tls          On",
  "Match        kube.*")
T(_G, "postfix-sasl-passwd-map", "pws",
  "[smtp.office365.com]:587 scanner@%%dom%%:%%S%%", "smtp.office365.com")
T(_G, "msmtprc-account-password", "pw",
  "account default\nhost smtp.%%dom%%\nport 587\nauth on\ntls on\nuser alerts@%%dom%%\npassword %%S%%\nfrom alerts@%%dom%%",
  "auth on")
T(_G, "fetchmailrc-poll-password", "pws",
  'poll imap.%%dom%% protocol IMAP\n    user "pedidos@%%dom%%" there with password "%%S%%" is pedidos here\n    ssl\n    keep',
  "protocol IMAP")
T(_G, "odoo-conf-admin-and-db", "pws",
  "[options]\naddons_path = /opt/odoo/addons,/opt/odoo/custom\nadmin_passwd = %%S%%\ndb_host = %%ip%%\ndb_user = odoo\nproxy_mode = True",
  "proxy_mode = True")
T(_G, "erpnext-site-config-json", "an16",
  '{\n "db_name": "_%%hex16%%",\n "db_password": "%%S%%",\n "db_type": "mariadb",\n "encryption_key": "<kept in bench vault>",\n "host_name": "https://erp.%%dom%%"\n}',
  '"db_type": "mariadb"')
T(_G, "magento-env-php-crypt-key", "hex32",
  "return [\n    'backend' => ['frontName' => 'admin_%%a6%%'],\n    'crypt' => [\n        'key' => '%%S%%'\n    ],\n    'db' => [ 'table_prefix' => '' ],",
  "table_prefix")
T(_G, "prestashop-parameters-php", "pwu",
  "<?php return array (\n  'parameters' =>\n  array (\n    'database_host' => '127.0.0.1',\n    'database_name' => 'prestashop',\n    'database_user' => 'ps_user',\n    'database_password' => '%%S%%',\n    'database_prefix' => 'ps_',",
  "database_prefix")
T(_G, "woocommerce-rest-keys-env", lambda: P("cs", "_") + hx(40),
  "WC_URL=https://loja.%%dom%%\nWC_CONSUMER_KEY=ck_%%hex40%%\nWC_CONSUMER_SECRET=%%S%%\nWC_VERSION=wc/v3",
  "WC_VERSION=wc/v3")
T(_G, "moodle-config-php-dbpass", "pws",
  "$CFG->dbtype    = 'pgsql';\n$CFG->dbhost    = '%%host%%';\n$CFG->dbname    = 'moodle';\n$CFG->dbuser    = 'moodleuser';\n$CFG->dbpass    = '%%S%%';\n$CFG->prefix    = 'mdl_';",
  "$CFG->prefix")
T(_G, "openemr-sqlconf-php", "pws",
  "$host   = 'localhost';\n$port   = '3306';\n$login  = 'openemr';\n$pass   = '%%S%%';\n$dbase  = 'openemr';\n$config = 1;",
  "$dbase  = 'openemr'")
T(_G, "orthanc-json-registered-users", "pws",
  '{\n  "Name" : "PACS %%city%%",\n  "DicomAet" : "ORTHANC",\n  "AuthenticationEnabled" : true,\n  "RegisteredUsers" : {\n    "radiologia" : "%%S%%"\n  }\n}',
  '"DicomAet" : "ORTHANC"')
T(_G, "mirth-properties-keystore-storepass", "an24",
  "# Mirth Connect configuration\nhttps.port = 8443\nkeystore.path = ${dir.appdata}/keystore.jks\nkeystore.storepass = %%S%%\nkeystore.keypass = ${keystore.storepass}\ndatabase = postgres",
  "keystore.path")
T(_G, "glpi-config-db-php", "pws",
  "class DB extends DBmysql {\n   public $dbhost = 'localhost';\n   public $dbuser = 'glpi';\n   public $dbpassword = '%%S%%';\n   public $dbdefault = 'glpi';\n}",
  "public $dbdefault")
T(_G, "osticket-ost-config-secret-salt", lambda: an(32),
  "define('SECRET_SALT','%%S%%');\ndefine('ADMIN_EMAIL','helpdesk@%%dom%%');\ndefine('DBTYPE','mysql');",
  "ADMIN_EMAIL")
T(_G, "nextcloud-config-php-dbpassword", "an32",
  "$CONFIG = array (\n  'instanceid' => 'oc%%a8%%%%a6%%',\n  'dbtype' => 'pgsql',\n  'dbname' => 'nextcloud',\n  'dbuser' => 'oc_admin',\n  'dbpassword' => '%%S%%',\n  'overwrite.cli.url' => 'https://cloud.%%dom%%',",
  "overwrite.cli.url")
T(_G, "keycloak-realm-export-client-secret", "an32",
  '      "clientId": "moodle",\n      "name": "Moodle LMS",\n      "enabled": true,\n      "clientAuthenticatorType": "client-secret",\n      "secret": "%%S%%",\n      "redirectUris": ["https://lms.%%dom%%/*"],',
  '"clientId": "moodle"')
T(_G, "authelia-configuration-jwt-secret", "an64",
  "identity_validation:\n  reset_password:\n    jwt_secret: '%%S%%'\ndefault_2fa_method: totp\nsession:\n  cookies:\n    - domain: '%%dom%%'",
  "default_2fa_method: totp")
T(_G, "dex-config-static-client-secret", "an32",
  "staticClients:\n- id: grafana\n  redirectURIs:\n  - 'https://grafana.%%dom%%/login/generic_oauth'\n  name: 'Grafana'\n  secret: %%S%%",
  "login/generic_oauth")
T(_G, "oauth2-proxy-cfg-cookie-secret", lambda: b64u(32) + "=",
  'provider = "oidc"\nclient_id = "nurse-rota"\ncookie_secret = "%%S%%"\nemail_domains = ["%%dom%%"]\nupstreams = ["http://127.0.0.1:8080/"]',
  'provider = "oidc"')


@F(_G, "saml-sp-settings-private-key-line")
def _g_samlkey(i):
    lines = pem_lines("pkcs8", 12)
    s = lines[4]
    dom = _ch(_DOMAINS)
    t = ('{\n  "sp": {\n    "entityId": "https://portal.%s/saml/metadata",\n    "assertionConsumerService": {"url": "https://portal.%s/saml/acs"},\n    "privateKey": "%s"\n  }\n}'
         % (dom, dom, "".join(lines)))
    return t, s, "assertionConsumerService"


T(_G, "oidc-client-json-client-secret", "an40",
  '{\n  "issuer": "https://sso.%%dom%%/realms/municipio",\n  "client_id": "licencias-obra",\n  "client_secret": "%%S%%",\n  "scope": "openid profile email"\n}',
  "licencias-obra")
T(_G, "rclone-conf-obscured-pass", lambda: _s(_AND, 40),
  "[archive]\ntype = sftp\nhost = %%host%%\nuser = playout\npass = %%S%%\nshell_type = unix\nmd5sum_command = md5sum",
  "shell_type = unix")
T(_G, "s3cfg-secret-key", "v_aws_secret",
  "[default]\naccess_key = %%aws_id%%\nhost_base = s3.eu-central-1.amazonaws.com\nsecret_key = %%S%%\nuse_https = True",
  "use_https = True")
T(_G, "aws-credentials-ini-profile", "v_aws_secret",
  "[default]\nregion = eu-west-1\n\n[fleet-telematics]\naws_access_key_id = %%aws_id%%\naws_secret_access_key = %%S%%",
  "[fleet-telematics]")


@F(_G, "gcp-service-account-json-private-key")
def _g_gsa(i):
    lines = pem_lines("pkcs8", 26)
    sec = lines[5]
    pk = "-----BEGIN PRIVATE KEY-----\\n" + "\\n".join(lines) + "\\n-----END PRIVATE KEY-----\\n"
    proj = _ch(["agro-pampa-etl", "hanriver-vod", "santalucia-imaging", "mercado-sol-prod"])
    t = ('{\n  "type": "service_account",\n  "project_id": "%s",\n  "private_key_id": "%s",\n  "private_key": "%s",\n  "client_email": "etl@%s.iam.gserviceaccount.com",\n  "client_id": "%s"\n}'
         % (proj, hx(40), pk, proj, dg(21)))
    return t, sec, '"type": "service_account"'


T(_G, "azure-publish-profile-xml", "an48",
  '<publishData><publishProfile profileName="ngo-portal - Web Deploy" publishMethod="MSDeploy" publishUrl="ngo-portal.scm.azurewebsites.net:443" msdeploySite="ngo-portal" userName="$ngo-portal" userPWD="%%S%%" destinationAppUrl="https://ngo-portal.azurewebsites.net"/></publishData>',
  'publishMethod="MSDeploy"')
T(_G, "android-gradle-signing-config", "pws",
  "signingConfigs {\n    release {\n        storeFile file('../keys/courier-release.jks')\n        storePassword '%%S%%'\n        keyAlias 'courier'\n        keyPassword System.getenv('KEY_PASSWORD')\n    }\n}",
  "courier-release.jks")
T(_G, "jenkins-casc-yaml-credentials", "pws",
  "credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              scope: GLOBAL\n              id: nexus-deploy\n              username: deployment\n              password: \"%%S%%\"",
  "nexus-deploy")
T(_G, "gitlab-runner-config-toml-token", "v_glrt",
  'concurrent = 4\n\n[[runners]]\n  name = "pos-build-%%n2%%"\n  url = "https://git.%%dom%%/"\n  token = "%%S%%"\n  executor = "docker"\n  [runners.docker]\n    image = "alpine:3.19"',
  'executor = "docker"')
T(_G, "harbor-yml-admin-password", "pws",
  "hostname: harbor.%%dom%%\nhttps:\n  port: 443\n  certificate: /data/cert/harbor.crt\nharbor_admin_password: %%S%%\ndatabase:\n  password: <generated at install, see /data/secret>",
  "/data/cert/harbor.crt")
T(_G, "sonar-properties-jdbc-password", "pws",
  "sonar.jdbc.username=sonar\nsonar.jdbc.password=%%S%%\nsonar.jdbc.url=jdbc:postgresql://%%ip%%/sonarqube\nsonar.web.port=9000",
  "sonar.web.port")
T(_G, "kibana-yml-elasticsearch-password", "pws",
  'server.host: "0.0.0.0"\nelasticsearch.hosts: ["https://%%host%%:9200"]\nelasticsearch.username: "kibana_system"\nelasticsearch.password: "%%S%%"',
  "kibana_system")
T(_G, "redis-conf-requirepass-masterauth", "an32",
  "bind 0.0.0.0\nprotected-mode yes\nport 6379\nrequirepass %%S%%\nmaxmemory 2gb\nmaxmemory-policy allkeys-lru",
  "allkeys-lru")
T(_G, "pgbouncer-userlist-txt", "pwu",
  '"pos_api" "%%S%%"\n"stats_reader" "md5%%hex32%%"', "stats_reader")
T(_G, "powerdns-gmysql-password", "pws",
  "launch=gmysql\ngmysql-host=127.0.0.1\ngmysql-user=pdns\ngmysql-password=%%S%%\ngmysql-dbname=pdns\napi=yes\napi-key=<see vault ops/pdns>",
  "gmysql-dbname=pdns")
T(_G, "bind-tsig-key-secret", "v_tsig",
  'key "ddns-dhcp" {\n\talgorithm hmac-sha256;\n\tsecret "%%S%%";\n};\nzone "schule.local" { type master; allow-update { key "ddns-dhcp"; }; };',
  "hmac-sha256")
T(_G, "isc-dhcpd-omapi-key", "v_tsig",
  'key omapi_key {\n    algorithm HMAC-MD5;\n    secret "%%S%%";\n};\nomapi-port 7911;\nomapi-key omapi_key;', "omapi-port 7911")
T(_G, "cisco-ios-username-password-0-config", "pwu",
  "hostname SW-ACCESS-%%n2%%\n!\nusername fieldtech privilege 15 password 0 %%S%%\n!\nline vty 0 4\n login local\n transport input ssh",
  "transport input ssh")
T(_G, "mikrotik-export-ppp-secret", "pwu",
  '/ppp secret\nadd name=branch-%%city%% password=%%S%% profile=default-encryption remote-address=10.99.0.%%n2%% service=l2tp',
  "default-encryption")
T(_G, "pfsense-config-xml-ipsec-psk", "pwsafe",
  "<phase1>\n\t<ikeid>3</ikeid>\n\t<iketype>ikev2</iketype>\n\t<remote-gateway>%%pubip%%</remote-gateway>\n\t<authentication_method>pre_shared_key</authentication_method>\n\t<pre-shared-key>%%S%%</pre-shared-key>\n\t<descr><![CDATA[Tunnel to %%city%% depot]]></descr>\n</phase1>",
  "pre_shared_key")
T(_G, "dlms-meter-security-keys", "HEX32",
  "[meter:%%n8%%]\nclient_address = 1\nsecurity_suite = 0\nauthentication = HIGH_GMAC\nsystem_title = 4B464D%%HEX8%%\nglobal_unicast_encryption_key = %%S%%\nauthentication_key = (same as GUEK on this batch, see %%jira%%)",
  "HIGH_GMAC")
T(_G, "lorawan-device-appkey", "HEX32",
  '{\n  "devEUI": "70B3D57ED00%%HEX8%%",\n  "appEUI": "0000000000000000",\n  "appKey": "%%S%%",\n  "name": "soil-moisture-field-%%n2%%",\n  "class": "A"\n}',
  "soil-moisture-field")
T(_G, "esphome-yaml-api-encryption", "v_wg",
  "esphome:\n  name: greenhouse-vent-%%n2%%\napi:\n  encryption:\n    key: \"%%S%%\"\nota:\n  - platform: esphome\n    password: !secret ota_password",
  "greenhouse-vent")
T(_G, "home-assistant-secrets-yaml", "pw",
  "# secrets.yaml - farm office\nwifi_ssid: \"Hof-Buero\"\nwifi_password: \"%%S%%\"\nlatitude_home: 52.%%n4%%",
  "Hof-Buero")
T(_G, "tasmota-backlog-mqtt-password", "pws",
  "Backlog MqttHost %%ip%%; MqttUser pump%%n2%%; MqttPassword %%S%%; Topic pump_%%n2%%; SetOption19 1",
  "SetOption19 1")
T(_G, "open5gs-subscriber-k-opc", "HEX32",
  "imsi: 00101%%n10%%\nsecurity:\n  k: %%S%%\n  amf: '8000'\n  op_type: OPc\n  opc: (provisioned separately by SIM vendor batch %%n5%%)",
  "op_type: OPc")
T(_G, "ocpp-charger-config-authorization-key", "hex40",
  "ChargePointId=CP-%%city%%-%%n3%%\nCentralSystemUrl=wss://csms.%%dom%%/ocpp/CP-%%n3%%\nSecurityProfile=2\nAuthorizationKey=%%S%%\nHeartbeatInterval=300",
  "HeartbeatInterval=300")
T(_G, "inverter-cloud-api-config", "an32",
  "[cloud]\nvendor = sungrow\nplant_id = %%n6%%\napi_key = %%S%%\npoll_seconds = 60\n\n[modbus]\nhost = %%ip%%\nunit_id = 1",
  "poll_seconds = 60")
T(_G, "ignition-gateway-db-connection-xml", "pws",
  '<dbconnection name="Historian" driver="MSSQL JTDS">\n  <connecturl>jdbc:jtds:sqlserver://%%ip%%/HISTORIAN</connecturl>\n  <username>ign_hist</username>\n  <password>%%S%%</password>\n</dbconnection>',
  'driver="MSSQL JTDS"')
T(_G, "hl7-interface-engine-yaml", "pws",
  "channels:\n  - name: ADT_IN_LAB\n    source: { type: mllp, port: 6661 }\n    destination:\n      type: sftp\n      host: %%host%%\n      user: lab_hl7\n      password: %%S%%",
  "ADT_IN_LAB")
T(_G, "fhir-client-properties-secret", "an40",
  "fhir.server.base=https://fhir.%%dom%%/R4\nfhir.oauth.token-url=https://sso.%%dom%%/oauth2/token\nfhir.oauth.client-id=lab-connector\nfhir.oauth.client-secret=%%S%%",
  "lab-connector")
T(_G, "unattend-xml-autologon-plain", "pws",
  "<AutoLogon>\n    <Password>\n        <Value>%%S%%</Value>\n        <PlainText>true</PlainText>\n    </Password>\n    <Enabled>true</Enabled>\n    <Username>kiosk</Username>\n</AutoLogon>",
  "<PlainText>true</PlainText>")
T(_G, "docker-compose-environment-list", "pwu",
  "services:\n  unifi:\n    image: lscr.io/linuxserver/unifi-network-application:latest\n    environment:\n      - MONGO_USER=unifi\n      - MONGO_PASS=%%S%%\n      - MONGO_HOST=unifi-db\n      - TZ=Europe/Helsinki",
  "MONGO_HOST=unifi-db")
T(_G, "systemd-unit-environment-line", "an32",
  "[Service]\nUser=pos\nEnvironment=\"PAYMENT_TERMINAL_HOST=%%ip%%\" \"PAYMENT_API_KEY=%%S%%\"\nExecStart=/opt/pos/bin/pos-bridge\nRestart=on-failure",
  "Restart=on-failure")
T(_G, "cups-printers-conf-smb-uri", "pwu",
  "<Printer Radiologie-Farbe>\nInfo Konica C300i Radiologie\nDeviceURI smb://KLINIK/druck_svc:%%S%%@%%h%%/RAD-C300i\nState Idle\n</Printer>",
  "Konica C300i")
T(_G, "ngrok-yml-authtoken", lambda: dg(1) + an(26) + "_" + an(21),
  'version: "2"\nauthtoken: %%S%%\ntunnels:\n  pos-demo:\n    proto: http\n    addr: 8080', "pos-demo")
T(_G, "git-credentials-store-line-gitlab", "v_glpat",
  "https://oauth2:%%S%%@git.%%dom%%", "")
T(_G, "cloudflared-tunnel-credentials-json", lambda: b64(32),
  '{"AccountTag":"%%hex32%%","TunnelSecret":"%%S%%","TunnelID":"%%uuid%%"}', "AccountTag")
T(_G, "veeam-style-job-xml-password", "pws",
  '<BackupJob name="Rathaus-Fileserver">\n  <Target type="smb" path="\\\\%%h%%\\veeam">\n    <Credentials user="RATHAUS\\veeam_svc" password="%%S%%" />\n  </Target>\n</BackupJob>',
  "Rathaus-Fileserver")
T(_G, "ldap-conf-rootpw-plain", "pws",
  "database\tmdb\nsuffix\t\t\"dc=ngo,dc=org\"\nrootdn\t\t\"cn=admin,dc=ngo,dc=org\"\nrootpw\t\t%%S%%\ndirectory\t/var/lib/ldap",
  "directory\t/var/lib/ldap")
T(_G, "krb5-kdc-stash-note-conf", "pw",
  "[realms]\n HOSP.LOCAL = {\n  kdc = %%host%%\n  admin_server = %%host%%\n  # master key password for kdb5_util (ask Jörg before changing): %%S%%\n }",
  "admin_server")

# ---------------------------------------------------------------------------
# group: source-code
# ---------------------------------------------------------------------------
_SC = "source-code"
T(_SC, "python-psycopg2-connect-kwargs", "pws",
  "conn = psycopg2.connect(\n    host=\"%%host%%\",\n    dbname=\"census\",\n    user=\"etl\",\n    password=\"%%S%%\",  # TODO env var\n    connect_timeout=5,\n)",
  "connect_timeout=5")
T(_SC, "python-requests-auth-tuple", "pws",
  "resp = requests.get(\n    f\"{BASE}/api/v1/stock/{sku}\",\n    auth=(\"erp_sync\", \"%%S%%\"),\n    timeout=15,\n)\nresp.raise_for_status()",
  "resp.raise_for_status()")
T(_SC, "python-boto3-client-keys", "v_aws_secret",
  "s3 = boto3.client(\n    \"s3\",\n    region_name=\"ap-southeast-1\",\n    aws_access_key_id=\"%%aws_id%%\",\n    aws_secret_access_key=\"%%S%%\",\n)",
  "ap-southeast-1")
T(_SC, "python-paramiko-connect-password", "pws",
  "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect(\"%%ip%%\", username=\"rtu\", password=\"%%S%%\", timeout=10)\nstdin, stdout, stderr = ssh.exec_command(\"cat /var/log/modbus.log\")",
  "AutoAddPolicy")
T(_SC, "python-smtplib-login", "pw",
  "with smtplib.SMTP(\"smtp.%%dom%%\", 587) as s:\n    s.starttls()\n    s.login(\"boletines@%%dom%%\", \"%%S%%\")\n    s.send_message(msg)",
  "s.starttls()")
T(_SC, "python-ftplib-login", "pwu",
  "ftp = ftplib.FTP_TLS(\"%%host%%\")\nftp.login(user=\"meter_upload\", passwd=\"%%S%%\")\nftp.prot_p()\nftp.cwd(\"/incoming/ami\")",
  "/incoming/ami")
T(_SC, "python-pymysql-connect-positional", "pws",
  "db = pymysql.connect(\"%%ip%%\", \"wms\", \"%%S%%\", \"warehouse\", charset=\"utf8mb4\")", "warehouse")
T(_SC, "python-jwt-encode-secret", "an48",
  "JWT_SECRET = \"%%S%%\"\n\ndef issue(driver_id):\n    return jwt.encode({\"sub\": driver_id, \"exp\": time.time() + 43200}, JWT_SECRET, algorithm=\"HS256\")",
  "def issue(driver_id)")
T(_SC, "python-flask-secret-key-config", "hex48",
  "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"%%S%%\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True",
  "SESSION_COOKIE_SECURE")
T(_SC, "python-fernet-key-literal", "v_fernet",
  "from cryptography.fernet import Fernet\n\n# key for patient export files (shared with the lab)\nFERNET_KEY = b\"%%S%%\"\nf = Fernet(FERNET_KEY)",
  "patient export files")
T(_SC, "python-aes-key-bytes-fromhex", "hex64",
  "KEY = bytes.fromhex(\"%%S%%\")\nIV_LEN = 12\ncipher = AESGCM(KEY)", "IV_LEN = 12")
T(_SC, "python-telegram-bot-builder", "v_telegram",
  "application = ApplicationBuilder().token(\"%%S%%\").build()\napplication.add_handler(CommandHandler(\"status\", status))",
  "CommandHandler(\"status\", status)")
T(_SC, "python-stripe-api-key-assign", "v_stripe_sk",
  "import stripe\nstripe.api_key = \"%%S%%\"\nintent = stripe.PaymentIntent.create(amount=2500, currency=\"eur\")",
  "PaymentIntent.create")
T(_SC, "python-pysnmp-usm-authkey", "pws",
  "UsmUserData('noc_ro', authKey='%%S%%', authProtocol=usmHMACSHAAuthProtocol)", "usmHMACSHAAuthProtocol")
T(_SC, "python-paho-username-pw-set", "pws",
  "client = mqtt.Client(client_id=\"pivot-%%n2%%\")\nclient.username_pw_set(\"pivot\", \"%%S%%\")\nclient.tls_set(ca_certs=\"/etc/ssl/farm-ca.pem\")",
  "farm-ca.pem")
T(_SC, "python-opcua-set-password", "pws",
  "client = Client(\"opc.tcp://%%ip%%:4840\")\nclient.set_user(\"operator\")\nclient.set_password(\"%%S%%\")\nclient.connect()",
  "client.set_user")
T(_SC, "python-zeep-usernametoken", "pws",
  "client = Client(WSDL, wsse=UsernameToken(\"%%user%%\", \"%%S%%\"))\nrate = client.service.getRates(origin=\"%%city%%\", weight=12.5)",
  "getRates")
T(_SC, "python-dict-config-nested", "pwgen",
  "CONFIG = {\n    \"hl7\": {\"host\": \"%%host%%\", \"port\": 2575},\n    \"pacs\": {\"aet\": \"LAB01\", \"user\": \"orthanc\", \"pw\": \"%%S%%\"},\n}",
  "\"aet\": \"LAB01\"")
T(_SC, "js-axios-create-headers", "an40",
  "const api = axios.create({\n  baseURL: 'https://api.%%dom%%/v2',\n  headers: { 'X-Api-Key': '%%S%%', 'Accept-Language': 'es-AR' },\n  timeout: 8000,\n});",
  "Accept-Language")
T(_SC, "js-fetch-authorization-template", "v_shopify_at",
  "const res = await fetch(`https://${shop}/admin/api/2024-01/orders.json?status=any`, {\n  headers: { 'X-Shopify-Access-Token': '%%S%%' },\n});",
  "orders.json?status=any")
T(_SC, "js-const-api-key", "v_gapi",
  "// maps for the delivery tracker (restricted? check!)\nconst GOOGLE_MAPS_SERVER_KEY = '%%S%%';\nexport default GOOGLE_MAPS_SERVER_KEY;",
  "delivery tracker")
T(_SC, "js-nodemailer-transport-auth", "pw",
  "const transporter = nodemailer.createTransport({\n  host: 'smtp.%%dom%%',\n  port: 465,\n  secure: true,\n  auth: { user: 'recepcion@%%dom%%', pass: '%%S%%' },\n});",
  "secure: true")
T(_SC, "js-mongoose-connect-uri", "pwu",
  "await mongoose.connect('mongodb+srv://app:%%S%%@cluster0.%%a6%%.mongodb.net/tracking?retryWrites=true&w=majority');",
  "retryWrites=true")
T(_SC, "js-jsonwebtoken-sign-secret", "an32",
  "const token = jwt.sign({ sub: user.id, role: user.role }, '%%S%%', { expiresIn: '12h' });", "expiresIn")
T(_SC, "js-express-session-secret", "pwgen",
  "app.use(session({\n  secret: '%%S%%',\n  resave: false,\n  saveUninitialized: false,\n  cookie: { secure: true, maxAge: 8 * 3600 * 1000 },\n}));",
  "saveUninitialized")
T(_SC, "ts-firebase-admin-cert-inline", lambda: pem_lines("pkcs8", 26)[3],
  "admin.initializeApp({\n  credential: admin.credential.cert({\n    projectId: 'ngo-field-app',\n    clientEmail: 'firebase-adminsdk-x1@ngo-field-app.iam.gserviceaccount.com',\n    privateKey: '-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC%%an16%%\\n%%S%%\\n...\\n-----END PRIVATE KEY-----\\n',\n  }),\n});",
  "ngo-field-app")
T(_SC, "java-drivermanager-getconnection", "pws",
  "Connection c = DriverManager.getConnection(\n    \"jdbc:oracle:thin:@//%%host%%:1521/HISPROD\", \"his_ro\", \"%%S%%\");",
  "jdbc:oracle:thin")
T(_SC, "java-mail-password-authentication", "pw",
  "Session session = Session.getInstance(props, new Authenticator() {\n    protected PasswordAuthentication getPasswordAuthentication() {\n        return new PasswordAuthentication(\"laudos@%%dom%%\", \"%%S%%\");\n    }\n});",
  "getPasswordAuthentication")
T(_SC, "java-spring-value-default", "pws",
  "@Value(\"${tms.sftp.password:%%S%%}\")\nprivate String sftpPassword;", "private String sftpPassword")
T(_SC, "java-keystore-load-chararray", "pwu",
  "KeyStore ks = KeyStore.getInstance(\"PKCS12\");\nks.load(new FileInputStream(\"/opt/pos/terminal.p12\"), \"%%S%%\".toCharArray());",
  "KeyStore.getInstance")
T(_SC, "java-jsch-setpassword", "pws",
  "Session s = jsch.getSession(\"edi\", \"%%host%%\", 22);\ns.setPassword(\"%%S%%\");\ns.setConfig(\"StrictHostKeyChecking\", \"no\");",
  "StrictHostKeyChecking")
T(_SC, "csharp-sqlconnection-string", "pws",
  "using var conn = new SqlConnection(\"Server=%%ip%%;Database=Farmacia;User Id=farm_app;Password=%%S%%;Encrypt=False\");\nawait conn.OpenAsync();",
  "Database=Farmacia")
T(_SC, "csharp-networkcredential", "pws",
  "var client = new SmtpClient(\"smtp.%%dom%%\", 587) {\n    Credentials = new NetworkCredential(\"noreply@%%dom%%\", \"%%S%%\"),\n    EnableSsl = true\n};",
  "EnableSsl = true")
T(_SC, "csharp-httpclient-default-headers", "an40",
  "_http.DefaultRequestHeaders.Add(\"Ocp-Apim-Subscription-Key\", \"%%S%%\");\nvar r = await _http.GetAsync($\"tracking/v1/{awb}\");",
  "tracking/v1/")
T(_SC, "csharp-azure-storage-connection-string", "v_azure_key",
  "var blob = new BlobServiceClient(\"DefaultEndpointsProtocol=https;AccountName=stschoolphotos;AccountKey=%%S%%;EndpointSuffix=core.windows.net\");",
  "stschoolphotos")
T(_SC, "go-sql-open-dsn", "pwu",
  "db, err := sql.Open(\"mysql\", \"kargo:%%S%%@tcp(%%ip%%:3306)/kargo?parseTime=true\")\nif err != nil {\n\tlog.Fatal(err)\n}",
  "parseTime=true")
T(_SC, "go-header-set-api-key", "hex32",
  "req.Header.Set(\"Content-Type\", \"application/json\")\nreq.Header.Set(\"X-Auth-Token\", \"%%S%%\")\nresp, err := http.DefaultClient.Do(req)",
  "http.DefaultClient.Do")
T(_SC, "go-jwt-hmac-key-bytes", "an32",
  "var signingKey = []byte(\"%%S%%\")\n\nfunc sign(c jwt.Claims) (string, error) {\n\treturn jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(signingKey)\n}",
  "SigningMethodHS256")
T(_SC, "php-mysqli-connect", "pws",
  "$link = mysqli_connect('localhost', 'biblioteca', '%%S%%', 'koha_opac');\nif (!$link) { die('Erro de ligação: ' . mysqli_connect_error()); }",
  "koha_opac")
T(_SC, "php-pdo-new", "pws",
  "$pdo = new PDO('pgsql:host=%%host%%;dbname=licencias', 'licencias', '%%S%%', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);",
  "dbname=licencias")
T(_SC, "php-curl-userpwd", "pws",
  "curl_setopt($ch, CURLOPT_URL, 'https://ssapi.shipstation.com/orders');\ncurl_setopt($ch, CURLOPT_USERPWD, '%%hex32%%:%%S%%');",
  "ssapi.shipstation.com")
T(_SC, "php-define-api-key", "hex32",
  "define('CORREIOS_TOKEN', '%%S%%');\ndefine('CORREIOS_CONTRATO', '99%%n8%%');", "CORREIOS_CONTRATO")
T(_SC, "ruby-net-smtp-start", "pw",
  "Net::SMTP.start('smtp.%%dom%%', 587, 'localhost', 'avisos@%%dom%%', '%%S%%', :login) do |smtp|\n  smtp.send_message msg, from, to\nend",
  "smtp.send_message")
T(_SC, "ruby-octokit-access-token", "v_gh_classic",
  "client = Octokit::Client.new(access_token: '%%S%%')\nclient.create_issue('clearwater-ngo/field-survey', 'Sync failed', body)",
  "Sync failed")
T(_SC, "rust-const-token", "v_slack_bot",
  "const SLACK_TOKEN: &str = \"%%S%%\";\nconst CHANNEL: &str = \"C0%%UAN8%%\";", "const CHANNEL")
T(_SC, "bash-script-export-block", "pws",
  "#!/usr/bin/env bash\nset -euo pipefail\nexport PGHOST=%%host%%\nexport PGUSER=gis\nexport PGPASSWORD=%%S%%\npg_dump -Fc gis > \"/backup/gis_$(date +%F).dump\"",
  "set -euo pipefail")
T(_SC, "powershell-script-plain-securestring", "pws",
  "$User = 'STADT\\svc_report'\n$Pass = ConvertTo-SecureString -String '%%S%%' -AsPlainText -Force\n$Cred = [pscredential]::new($User, $Pass)\nInvoke-Sqlcmd -ServerInstance SQL01 -Credential $Cred -Query 'EXEC dbo.NightlyReport'",
  "dbo.NightlyReport")
T(_SC, "sql-insert-users-plaintext-password", "pws",
  "INSERT INTO users (id, login, display_name, password, role) VALUES\n  (%%n3%%, '%%user%%', '%%name%%', '%%S%%', 'cashier');",
  "'cashier'")
T(_SC, "sql-update-api-clients-secret", "an40",
  "UPDATE api_clients SET client_secret = '%%S%%', rotated_at = now() WHERE client_id = 'carrier-gateway';",
  "carrier-gateway")
T(_SC, "sql-create-user-identified-by", "pws",
  "CREATE USER 'grafana_ro'@'10.%' IDENTIFIED BY '%%S%%';\nGRANT SELECT ON scada.* TO 'grafana_ro'@'10.%';",
  "GRANT SELECT ON scada.*")
T(_SC, "tsql-alter-login-with-password", "pws",
  "ALTER LOGIN [pos_sync] WITH PASSWORD = N'%%S%%', CHECK_POLICY = OFF;\nGO", "CHECK_POLICY = OFF")
T(_SC, "oracle-create-database-link", "pwu",
  "CREATE DATABASE LINK lab_link CONNECT TO lab_ro IDENTIFIED BY \"%%S%%\" USING 'LABPROD';", "lab_link")
T(_SC, "vba-excel-adodb-connection", "pws",
  "cn.Open \"Provider=SQLOLEDB;Data Source=%%h%%;Initial Catalog=Inventario;User ID=excel;Password=%%S%%;\"\nSet rs = cn.Execute(\"SELECT * FROM Stock WHERE Almacen = 3\")",
  "Initial Catalog=Inventario")
T(_SC, "autohotkey-send-password", "pws",
  "; login to the old dispatch terminal\n#IfWinActive, Dispatch 3270\n^!l::\nSend, dispatch{Tab}\nSend, %%S%%{Enter}\nreturn",
  "Dispatch 3270")
T(_SC, "arduino-wifi-mqtt-sketch", "pw",
  "const char* ssid = \"Granja-IoT\";\nconst char* password = \"%%S%%\";\nconst char* mqtt_server = \"%%ip%%\";\n\nvoid setup() {\n  WiFi.begin(ssid, password);\n}",
  "Granja-IoT")
T(_SC, "lua-freeswitch-script-api-key", "an32",
  "local api = freeswitch.API()\nlocal key = \"%%S%%\"\nlocal url = \"https://crm.%%dom%%/api/callerid?key=\" .. key .. \"&n=\" .. session:getVariable(\"caller_id_number\")",
  "caller_id_number")
T(_SC, "kotlin-buildconfig-field", "an40",
  "buildConfigField(\"String\", \"COURIER_API_KEY\", \"\\\"%%S%%\\\"\")\nbuildConfigField(\"String\", \"API_BASE\", \"\\\"https://api.%%dom%%/\\\"\")",
  "API_BASE")
T(_SC, "swift-let-secret", "v_mapbox",
  "enum Secrets {\n    static let mapboxDownloadToken = \"%%S%%\"\n}", "enum Secrets")
T(_SC, "dart-flutter-const-key", "an32",
  "class Env {\n  static const apiBase = 'https://api.%%dom%%';\n  static const apiKey = '%%S%%';\n}", "class Env")
T(_SC, "perl-dbi-connect", "pws",
  "my $dbh = DBI->connect(\"DBI:Pg:dbname=billing;host=%%host%%\", \"billing\", \"%%S%%\", { RaiseError => 1 });",
  "RaiseError => 1")
T(_SC, "r-dbconnect-password", "pws",
  "con <- dbConnect(RPostgres::Postgres(), dbname = \"vigilancia\", host = \"%%host%%\",\n                 user = \"epi\", password = \"%%S%%\")",
  "vigilancia")
T(_SC, "apps-script-urlfetch-key", "an32",
  "function syncDonations() {\n  var resp = UrlFetchApp.fetch('https://api.%%dom%%/donations?since=' + since, {\n    headers: { 'Authorization': 'Token %%S%%' }\n  });\n}",
  "syncDonations")


@F(_SC, "jupyter-notebook-cell-json-escaped")
def _sc_ipynb(i):
    pw = pw_simple()
    src = ['import pandas as pd\n', 'import sqlalchemy as sa\n',
           'eng = sa.create_engine("postgresql://analyst:' + urllib.parse.quote(pw, safe="") + '@' + _ch(_HPRE) + '.' + _ch(_DOMAINS) + '/harvest")\n',
           'df = pd.read_sql("select * from yield_by_field", eng)']
    cell = {"cell_type": "code", "execution_count": _R.randint(3, 40), "metadata": {}, "outputs": [], "source": src}
    t = json.dumps(cell, indent=1, ensure_ascii=False)
    return t, urllib.parse.quote(pw, safe=""), "yield_by_field"


T(_SC, "patch-added-line-hardcoded-key", "an40",
  "--- a/src/integrations/carrier.py\n+++ b/src/integrations/carrier.py\n@@ -11,7 +11,8 @@ class CarrierClient:\n     def __init__(self, base_url):\n         self.base_url = base_url\n-        self.api_key = os.environ[\"CARRIER_API_KEY\"]\n+        # temporary for the Lagos hub demo\n+        self.api_key = \"%%S%%\"\n         self.session = requests.Session()",
  "Lagos hub demo")
T(_SC, "patch-removed-line-still-leaks", "pws",
  "@@ -3,5 +3,5 @@\n LDAP_HOST = \"%%host%%\"\n LDAP_BIND_DN = \"cn=svc-portal,ou=svc,dc=muni,dc=local\"\n-LDAP_BIND_PW = \"%%S%%\"\n+LDAP_BIND_PW = os.getenv(\"LDAP_BIND_PW\")\n LDAP_BASE = \"ou=staff,dc=muni,dc=local\"",
  "os.getenv(\"LDAP_BIND_PW\")")
T(_SC, "python-settings-far-from-label", "an32",
  "# --- carrier settings ---------------------------------------------------\n# The value below is the \"shared key\" the carrier's portal shows on the\n# integrations page. Do not confuse it with the account number above.\n# (Account number: %%n8%%)\n\n\n\nCARRIER_SK = (\n    \"%%S%%\"\n)",
  "integrations page")
T(_SC, "c-define-default-credentials", "pws",
  "/* factory defaults for the RTU web UI - field units ship with these */\n#define RTU_WEB_USER   \"engineer\"\n#define RTU_WEB_PASS   \"%%S%%\"\n#define RTU_WEB_PORT   8080",
  "RTU_WEB_PORT")
T(_SC, "cpp-std-string-hmac-key", "hex64",
  "static const std::string kHmacKey = \"%%S%%\";\n// signs receipts before upload to the tax authority gateway",
  "tax authority gateway")
T(_SC, "typescript-env-fallback", "an40",
  "export const config = {\n  carrierUrl: process.env.CARRIER_URL ?? 'https://api.%%dom%%',\n  carrierKey: process.env.CARRIER_KEY ?? '%%S%%',\n};",
  "carrierUrl")
T(_SC, "python-base64-obfuscated-password", "b64pw",
  "# not in plain text so the auditors stop complaining\n_P = base64.b64decode(\"%%S%%\").decode()\nconn = pyodbc.connect(f\"DSN=LIS;UID=lis_app;PWD={_P}\")",
  "DSN=LIS")
T(_SC, "python-urlencoded-dsn-in-code", "pwurl",
  "SQLALCHEMY_DATABASE_URI = \"mysql+pymysql://dispatch:%%S%%@%%host%%/dispatch?charset=utf8mb4\"", "charset=utf8mb4")
T(_SC, "yaml-in-python-string", "pws",
  "DEFAULT_CONFIG = \"\"\"\nsftp:\n  host: %%host%%\n  user: asn\n  password: %%S%%\n  path: /inbound\n\"\"\"\ncfg = yaml.safe_load(DEFAULT_CONFIG)",
  "yaml.safe_load")
T(_SC, "java-properties-in-test-resource", "pws",
  "# src/test/resources/it.properties  (points at the REAL staging box!)\nit.db.url=jdbc:postgresql://%%host%%/tms_staging\nit.db.user=tms\nit.db.password=%%S%%",
  "tms_staging")
T(_SC, "dockerfile-env-hardcoded", "v_npm",
  "FROM node:20-alpine\nWORKDIR /app\nENV NPM_TOKEN=%%S%%\nCOPY package*.json .npmrc ./\nRUN npm ci --omit=dev && rm -f .npmrc",
  "node:20-alpine")
T(_SC, "makefile-variable-password", "pws",
  "DB_USER ?= report\nDB_PASS ?= %%S%%\n\nreport:\n\tpsql \"postgresql://$(DB_USER):$(DB_PASS)@%%host%%/pos\" -f sql/daily.sql",
  "sql/daily.sql")
T(_SC, "csharp-const-app-secret", "an32",
  "public static class PosCloud\n{\n    public const string AppId = \"%%uuid%%\";\n    public const string AppSecret = \"%%S%%\";\n}",
  "public static class PosCloud")
T(_SC, "go-struct-literal-config", "pws",
  "cfg := Config{\n\tBroker:   \"tcp://%%ip%%:1883\",\n\tUsername: \"substation-%%n2%%\",\n\tPassword: \"%%S%%\",\n\tQoS:      1,\n}",
  "QoS:      1")
T(_SC, "php-array-config-mail", "pw",
  "'mail' => [\n    'host' => 'smtp.%%dom%%',\n    'username' => 'secretaria@%%dom%%',\n    'password' => '%%S%%',\n    'encryption' => 'tls',\n],",
  "'encryption' => 'tls'")
T(_SC, "js-object-twilio-client", lambda: {"S": _V["twilio_tok"](), "sid": _V["twilio_sid"]()},
  "const client = require('twilio')('%%sid%%', '%%S%%');\nawait client.messages.create({ to, from: '+1415%%n6%%0', body: 'Your pharmacy order is ready' });",
  "Your pharmacy order is ready")
T(_SC, "python-hmac-webhook-secret", "v_stripe_wh",
  "WEBHOOK_SECRET = \"%%S%%\"\n\ndef verify(payload, header):\n    return stripe.Webhook.construct_event(payload, header, WEBHOOK_SECRET)",
  "construct_event")

# ---------------------------------------------------------------------------
# group: stack-trace-or-log
# ---------------------------------------------------------------------------
_L = "stack-trace-or-log"
T(_L, "python-traceback-showlocals", "pws",
  """Traceback (most recent call last):
  File "/opt/edi/sync.py", line 88, in push_asn
    sftp = connect(host, user, password)
        host       = '%%host%%'
        user       = 'asn_upload'
        password   = '%%S%%'
  File "/opt/edi/sync.py", line 41, in connect
    t.connect(username=user, password=password)
paramiko.ssh_exception.AuthenticationException: Authentication failed.""", "AuthenticationException")
T(_L, "pytest-showlocals-fixture", "v_gh_app",
  "self = <tests.test_sync.TestSync object at 0x7f3a%%hex8%%>\ntoken = '%%S%%'\n\n    def test_push(self, token):\n>       assert push(token).status_code == 201\nE       assert 401 == 201\n\ntests/test_sync.py:27: AssertionError",
  "AssertionError")
T(_L, "django-debug-page-settings", "pws",
  "Settings\nUsing settings module intranet.settings\nSetting\tValue\nALLOWED_HOSTS\t['*']\nEMAIL_HOST\t'smtp.%%dom%%'\nEMAIL_HOST_PASSWORD\t'%%S%%'\nEMAIL_HOST_USER\t'intranet@%%dom%%'",
  "Using settings module")
T(_L, "java-exception-jdbc-url-password", "pwu",
  "org.postgresql.util.PSQLException: Connection to %%host%%:5432 refused. Check that the hostname and port are correct\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:342)\nCaused by: connecting with url=jdbc:postgresql://%%host%%:5432/lis?user=lis_app&password=%%S%%&ssl=false",
  "ConnectionFactoryImpl.java:342")
T(_L, "dotnet-exception-connection-string", "pws",
  "System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'pos_api'.\n   at PosCentral.Data.Db.Open() in C:\\src\\PosCentral\\Data\\Db.cs:line 31\nConnectionString: Server=%%h%%;Database=PosCentral;User Id=pos_api;Password=%%S%%;\nClientConnectionId:%%uuid%%",
  "Login failed for user 'pos_api'")
T(_L, "node-unhandled-rejection-config-dump", "pws",
  "(node:%%pid%%) UnhandledPromiseRejectionWarning: MongoServerError: bad auth : authentication failed\n    at Connection.onMessage (/app/node_modules/mongodb/lib/cmap/connection.js:207:30)\nconfig: { uri: 'mongodb://dispatch:%%S%%@%%ip%%:27017/dispatch', poolSize: 10 }",
  "bad auth : authentication failed")
T(_L, "go-panic-struct-print", "pws",
  "panic: dial tcp %%ip%%:5432: connect: connection refused\n\ngoroutine 1 [running]:\nmain.mustDB(...)\n\t/src/cmd/meterd/main.go:58\nconfig: &{Host:%%ip%% Port:5432 User:meterd Password:%%S%% SSLMode:disable}",
  "connect: connection refused")
T(_L, "php-fatal-pdo-construct-args", "pws",
  "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'loja'@'localhost' (using password: YES) in /var/www/loja/lib/db.php:14\nStack trace:\n#0 /var/www/loja/lib/db.php(14): PDO->__construct('mysql:host=loca...', 'loja', '%%S%%')\n#1 /var/www/loja/index.php(6): Db::get()",
  "Access denied for user 'loja'")
T(_L, "ruby-error-params-filtered-miss", "pws",
  "Started POST \"/admin/users\" for %%ip%% at %%dt%% +0200\nProcessing by Admin::UsersController#create as HTML\n  Parameters: {\"authenticity_token\"=>\"[FILTERED]\", \"user\"=>{\"email\"=>\"%%email%%\", \"initial_pw\"=>\"%%S%%\", \"role\"=>\"nurse\"}}\nCompleted 500 Internal Server Error in 41ms",
  "Admin::UsersController#create")
T(_L, "urllib3-debug-header-send", "v_gaccess",
  "DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): sheets.googleapis.com:443\nsend: b'GET /v4/spreadsheets/%%an32%%/values/Stock!A1:F200 HTTP/1.1\\r\\nHost: sheets.googleapis.com\\r\\nauthorization: Bearer %%S%%\\r\\n\\r\\n'\nreply: 'HTTP/1.1 200 OK\\r\\n'",
  "reply: 'HTTP/1.1 200 OK")
T(_L, "nginx-access-log-query-token", "an40",
  '%%pubip%% - - [12/Mar/2024:%%time%%:41 +0000] "GET /api/v1/export/orders.csv?access_token=%%S%%&from=2024-03-01 HTTP/1.1" 200 48213 "-" "Go-http-client/1.1"',
  "Go-http-client/1.1")
T(_L, "apache-access-log-userinfo-url", "pwu",
  '%%ip%% - - [03/Feb/2024:%%time%%:02 +0100] "GET http://scan:%%S%%@%%ip.b%%/cgi-bin/scan.cgi HTTP/1.1" 401 381 "-" "curl/7.68.0"',
  "scan.cgi")
T(_L, "iis-log-query-apikey", "hex32",
  "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip sc-status\n%%date%% %%time%%:17 %%ip%% GET /WebServices/Label.asmx apikey=%%S%%&shipment=%%order%% 443 - %%ip.b%% 200",
  "Label.asmx")
T(_L, "celery-broker-url-startup", "pwu",
  "[%%dt%%,512: INFO/MainProcess] Connected to amqp://reports:%%S%%@%%host%%:5672//\n[%%dt%%,530: INFO/MainProcess] mingle: searching for neighbors\n[%%dt%%,571: INFO/MainProcess] celery@worker-2 ready.",
  "mingle: searching for neighbors")
T(_L, "airflow-task-log-connection-uri", "pwu",
  "[%%dt%%,112] {base.py:73} INFO - Using connection ID 'gis_pg' for task execution.\n[%%dt%%,113] {taskinstance.py:1171} INFO - Dependencies all met\n[%%dt%%,301] {sql.py:418} INFO - Running statement: COPY parcels FROM STDIN, conn uri postgresql://gis:%%S%%@%%host%%:5432/gis",
  "Dependencies all met")
T(_L, "auth-log-password-as-username", "pw",
  "%%date%%T02:14:09.331+01:00 %%h%% sshd[%%pid%%]: Failed password for invalid user %%S%% from %%ip%% port 51144 ssh2\n%%date%%T02:14:15.902+01:00 %%h%% sshd[%%pid%%]: Accepted password for %%user%% from %%ip%% port 51150 ssh2",
  "Accepted password for")
T(_L, "windows-4625-targetusername-typo", "pws",
  "An account failed to log on.\n\nAccount For Which Logon Failed:\n\tSecurity ID:\t\tNULL SID\n\tAccount Name:\t\t%%S%%\n\tAccount Domain:\t\tKLINIK\n\nFailure Information:\n\tFailure Reason:\t\tUnknown user name or bad password.\n\tStatus:\t\t\t0xC000006D",
  "0xC000006D")
T(_L, "freeradius-login-incorrect-badpass", "pws",
  "Thu Mar 14 07:58:12 2024 : Auth: (%%n5%%) Login incorrect (mschap: MS-CHAP2-Response is incorrect): [%%user%%/%%S%%] (from client wlc-%%city%% port 1 cli %%hex12%%)",
  "MS-CHAP2-Response is incorrect")
T(_L, "freeradius-debug-user-password-attr", "pws",
  "(7) Received Access-Request Id 142 from %%ip%%:41723 to %%ip.b%%:1812 length 189\n(7)   User-Name = \"%%user%%\"\n(7)   User-Password = \"%%S%%\"\n(7)   NAS-IP-Address = %%ip%%\n(7)   Called-Station-Id = \"%%hex12%%:Biblioteca\"",
  "Received Access-Request")
T(_L, "asterisk-full-log-ami-login-secret", "pws",
  "[%%dt%%] VERBOSE[%%pid%%] manager.c: <-- Examining AMI action: -->\nAction: Login\nUsername: crm\nSecret: %%S%%\nActionID: %%n6%%\n[%%dt%%] NOTICE[%%pid%%] manager.c: 127.0.0.1 tried to authenticate with nonexistent user 'crm'",
  "Examining AMI action")
T(_L, "kamailio-xlog-auth-debug", "pwu",
  "%%dt%% sbc01 /usr/sbin/kamailio[%%pid%%]: DEBUG: <script>: auth_check failed for 2002@%%dom%% (ha1 src=plain pw=%%S%%)",
  "auth_check failed")
T(_L, "dovecot-auth-debug-passwords", "pw",
  "%%dt%% auth: Debug: client in: AUTH\t1\tPLAIN\tservice=imap\tsecured\tsession=%%a8%%\n%%dt%% auth: Debug: passwd-file(%%email%%,%%ip%%): Password mismatch\n%%dt%% auth: Debug: passwd-file(%%email%%,%%ip%%): PLAIN(%%S%%) != '{SHA512-CRYPT}$6$...'",
  "Password mismatch")
T(_L, "mysql-general-log-alter-user", "pws",
  "%%ts%%\t   %%n3%% Query\tALTER USER 'wms_app'@'%' IDENTIFIED BY '%%S%%'\n%%ts%%\t   %%n3%% Query\tFLUSH PRIVILEGES",
  "FLUSH PRIVILEGES")
T(_L, "postgres-log-statement-alter-role", "pws",
  "%%dt%%.114 UTC [%%pid%%] postgres@hisdb LOG:  statement: ALTER ROLE lab_reader PASSWORD '%%S%%';\n%%dt%%.120 UTC [%%pid%%] postgres@hisdb LOG:  disconnection: session time: 0:00:04.211",
  "disconnection: session time")
T(_L, "mongodb-log-json-connection-string", "pwu",
  '{"t":{"$date":"%%ts%%"},"s":"I","c":"NETWORK","id":4333208,"ctx":"ReplicaSetMonitor-TaskExecutor","msg":"RSM host selection timeout","attr":{"replicaSet":"rs0","error":"FailedToSatisfyReadPreference","uri":"mongodb://app:%%S%%@%%ip%%:27017/?replicaSet=rs0"}}',
  "FailedToSatisfyReadPreference")
T(_L, "k8s-pod-log-env-printed-at-startup", "v_sendgrid",
  "%%ts%% INFO  starting notifier v%%ver%%\n%%ts%% DEBUG effective config: {\"smtp\":\"sendgrid\",\"from\":\"alerts@%%dom%%\",\"key\":\"%%S%%\",\"retries\":3}\n%%ts%% INFO  listening on :8080",
  "starting notifier")
T(_L, "docker-build-log-arg-echo", "v_gh_classic",
  "#7 [builder 3/6] RUN echo \"//npm.pkg.github.com/:_authToken=%%S%%\" > .npmrc && npm ci\n#7 1.204 npm warn deprecated inflight@1.0.6\n#7 DONE 38.1s",
  "npm warn deprecated")
T(_L, "gha-log-base64-unmasked", "b64tok",
  "Run echo \"$DEPLOY_KEY\" | base64\n  echo \"$DEPLOY_KEY\" | base64\n  shell: /usr/bin/bash -e {0}\n  env:\n    DEPLOY_KEY: ***\n%%S%%",
  "shell: /usr/bin/bash -e {0}")
T(_L, "tf-log-debug-provider-request-body", "pwgen",
  '%%ts%% [DEBUG] provider.terraform-provider-azurerm: AzureRM Request: \nPUT /subscriptions/%%uuid%%/resourceGroups/rg-muni/providers/Microsoft.Sql/servers/muni-gis-sql?api-version=2021-11-01 HTTP/1.1\n{"properties":{"administratorLogin":"sqladmin","administratorLoginPassword":"%%S%%","version":"12.0"}}',
  "Microsoft.Sql/servers")
T(_L, "jenkins-console-echo-credential", "pws",
  "[Pipeline] sh\n+ echo 'connecting as deploy / %%S%%'\nconnecting as deploy / %%S%%\n[Pipeline] sh\n+ ./deploy.sh clinic-%%n2%%",
  "./deploy.sh clinic-")
T(_L, "json-lines-app-log-password-field", "pws",
  '{"ts":"%%ts%%","level":"warn","svc":"pos-auth","msg":"login failed","store":"%%store%%","user":"%%user%%","password":"%%S%%","reason":"locked"}',
  '"reason":"locked"')
T(_L, "android-logcat-okhttp-bearer", "jwt",
  "%%date%% %%time%%:22.413 %%pid%% %%pid.t%% I okhttp.OkHttpClient: --> GET https://api.%%dom%%/v1/stops?route=%%n4%%\n%%date%% %%time%%:22.413 %%pid%% %%pid.t%% I okhttp.OkHttpClient: Authorization: Bearer %%S%%\n%%date%% %%time%%:22.414 %%pid%% %%pid.t%% I okhttp.OkHttpClient: --> END GET",
  "okhttp.OkHttpClient")
T(_L, "windows-minidump-strings", "pws",
  "$ strings -el POSClient.exe.%%pid%%.dmp | grep -i -B1 -A1 pwd\nProvider=SQLNCLI11;Server=KASSE-%%store%%\\SQLEXPRESS;UID=pos;PWD=%%S%%;Database=POS\nSELECT TOP 1 * FROM Shift WHERE Closed = 0",
  "SELECT TOP 1 * FROM Shift")
T(_L, "browser-console-log-object", "jwt",
  "main.4f1c2.js:1 [auth] session restored {user: '%%user%%', roles: Array(2), accessToken: '%%S%%', expiresIn: 3600}\nmain.4f1c2.js:1 [router] navigating to /dispatch/board",
  "navigating to /dispatch/board")
T(_L, "nginx-error-log-upstream-creds", "pwu",
  '%%dt%% [error] %%pid%%#0: *8841 upstream timed out (110: Connection timed out) while reading response header from upstream, client: %%ip%%, server: tracking.%%dom%%, request: "GET /status HTTP/1.1", upstream: "http://svc:%%S%%@%%ip.b%%:8080/status"',
  "upstream timed out")
T(_L, "squid-access-log-ftp-userinfo", "pwu",
  "17%%n8%%.412    611 %%ip%% TCP_MISS/200 48102 GET ftp://agro:%%S%%@ftp.%%dom%%/precos/diario.csv - HIER_DIRECT/%%pubip%% text/csv",
  "HIER_DIRECT")
T(_L, "smtp-session-auth-plain-b64", lambda: b64s("\0" + _ch(_LOGIN) + "@" + _ch(_DOMAINS) + "\0" + pw_simple()),
  "<- 220 mail.%%dom%% ESMTP Postfix\n-> EHLO scanner-%%n2%%\n<- 250-AUTH PLAIN LOGIN\n-> AUTH PLAIN %%S%%\n<- 235 2.7.0 Authentication successful",
  "Authentication successful")
T(_L, "imap-cleartext-login-trace", "pw",
  "C: a001 CAPABILITY\nS: * CAPABILITY IMAP4rev1 AUTH=PLAIN\nC: a002 LOGIN \"%%email%%\" \"%%S%%\"\nS: a002 OK Logged in",
  "a002 OK Logged in")
T(_L, "vsftpd-protocol-log-pass", "pwu",
  "%%dt%% [pid %%pid%%] CONNECT: Client \"%%ip%%\"\n%%dt%% [pid %%pid%%] FTP command: Client \"%%ip%%\", \"USER scanner\"\n%%dt%% [pid %%pid%%] FTP command: Client \"%%ip%%\", \"PASS %%S%%\"\n%%dt%% [pid %%pid%%] [scanner] OK LOGIN: Client \"%%ip%%\"",
  "OK LOGIN")
T(_L, "telnet-session-capture-plc", "pws",
  "Trying %%ip%%...\nConnected to %%ip%%.\nEscape character is '^]'.\n\nPLC-PUMPSTATION-%%n2%% login: engineer\nPassword: %%S%%\n\nWelcome to VxWorks",
  "Welcome to VxWorks")
T(_L, "payment-terminal-log-api-key", "hex32",
  "%%dt%%.201 [T%%n6%%] INFO  EcrBridge - init acquirer=host.%%dom%% merchant=%%n10%%\n%%dt%%.202 [T%%n6%%] DEBUG EcrBridge - apiKey=%%S%% terminalId=T%%n6%%\n%%dt%%.480 [T%%n6%%] INFO  EcrBridge - ready",
  "EcrBridge - ready")
T(_L, "ocpp-websocket-log-basic", "basic",
  "%%ts%% csms INFO  [CP-%%n3%%] upgrade request from %%pubip%%\n%%ts%% csms DEBUG [CP-%%n3%%] headers: {'Sec-WebSocket-Protocol': 'ocpp1.6', 'Authorization': 'Basic %%S%%'}\n%%ts%% csms INFO  [CP-%%n3%%] BootNotification vendor=ABB model=Terra AC",
  "BootNotification")
T(_L, "pppd-debug-pap-authreq", "pwu",
  "%%dt%% lte-router pppd[%%pid%%]: sent [PAP AuthReq id=0x1 user=\"scada-apn\" password=\"%%S%%\"]\n%%dt%% lte-router pppd[%%pid%%]: rcvd [PAP AuthAck id=0x1 \"\"]\n%%dt%% lte-router pppd[%%pid%%]: PAP authentication succeeded",
  "PAP authentication succeeded")
T(_L, "baresip-log-sip-account-line", "pwu",
  "baresip v3.10.1 Copyright (C) 2010 - 2024 Alfred E. Heggestad et al.\nLocal network addresses:\n   eth0|%%ip%%\naccount: <sip:1042@%%dom%%>;auth_pass=%%S%%;regint=600\nua: sip:1042@%%dom%%: 200 OK",
  "Local network addresses")
T(_L, "wowza-log-publish-query-key", "an32",
  "%%date%%\t%%time%%:12\tCET\tpublish\tstream\tINFO\t200\tmatch_day_%%n2%%?key=%%S%%\t_defaultVHost_\tlive\t_definst_",
  "_defaultVHost_")
T(_L, "nginx-rtmp-access-log-stream-key", "v_ytkey",
  "%%ip%% [%%date%%T%%time%%:44+09:00] PUBLISH \"live\" \"sermon?key=%%S%%\" \"\" - 1428 41293 \"\" \"FMLE/3.0 (compatible; FMSc/1.0)\" (1m 12s)",
  "FMLE/3.0")
T(_L, "pacs-ldap-bind-log", "pws",
  "%%dt%% WARN  [LdapAuthProvider] bind failed for cn=pacs-svc,ou=svc,dc=hosp,dc=local using credentials '%%S%%' : [LDAP: error code 49 - 80090308: LdapErr: DSID-0C09044E, comment: AcceptSecurityContext error, data 52e]",
  "AcceptSecurityContext error")
T(_L, "mfp-scan-to-smb-error-log", "pws",
  "%%date%% %%time%% SCAN ERR 0x8203 SMB auth failed \\\\%%h%%\\scans user=KLINIK\\scan pwd=%%S%% (job %%n5%%)",
  "SMB auth failed")
T(_L, "hl7-engine-error-db-url", "pwu",
  "ERROR [%%dt%%] [Channel: ADT_IN_LAB] DatabaseDispatcher: Failed to write message %%n6%% to jdbc:sqlserver://%%ip%%;databaseName=LIS;user=lis_app;password=%%S%% - Login failed",
  "Channel: ADT_IN_LAB")
T(_L, "java-naming-exception-credentials", "pws",
  "javax.naming.AuthenticationException: [LDAP: error code 49 - Invalid Credentials]\n\tat com.sun.jndi.ldap.LdapCtx.mapErrorCode(LdapCtx.java:3261)\nenv={java.naming.security.principal=uid=svc-wiki,ou=system,dc=school,dc=edu, java.naming.security.credentials=%%S%%, java.naming.provider.url=ldaps://%%host%%:636}",
  "LdapCtx.mapErrorCode")
T(_L, "ansible-vvv-log-become-pass", "pws",
  "<%%ip%%> ESTABLISH SSH CONNECTION FOR USER: deploy\n<%%ip%%> SSH: EXEC sshpass -d12 ssh -o ControlMaster=auto ... \n<%%ip%%> (0, b'', b'')\nTASK [set facts] ***\nok: [clinic-%%n2%%] => {\"ansible_facts\": {\"ansible_become_password\": \"%%S%%\"}, \"changed\": false}",
  "ESTABLISH SSH CONNECTION")
T(_L, "sentry-breadcrumb-http-data", "an40",
  '{"category":"http","data":{"method":"POST","url":"https://api.%%dom%%/v2/shipments?api_key=%%S%%","status_code":422},"level":"warning","timestamp":%%n10%%.21}',
  '"status_code":422')
T(_L, "kafka-connect-config-dump-unmasked", "pws",
  "[%%dt%%,004] INFO JdbcSourceConnectorConfig values:\n\tbatch.max.rows = 100\n\tconnection.password = %%S%%\n\tconnection.url = jdbc:mysql://%%ip%%:3306/wms\n\tconnection.user = cdc\n\tmode = timestamp+incrementing",
  "JdbcSourceConnectorConfig values")
T(_L, "syslog-cron-mail-body-password", "pwu",
  "From: root@%%h%% (Cron Daemon)\nSubject: Cron <root@%%h%%> /usr/local/bin/backup.sh\n\n+ mysqldump -uroot -p%%S%% --all-databases\nmysqldump: [Warning] Using a password on the command line interface can be insecure.",
  "Using a password on the command line")
T(_L, "uwsgi-log-request-vars", "hex40",
  "[pid: %%pid%%|app: 0|req: 41/212] %%ip%% () {44 vars in 912 bytes} [%%dt%%] GET /api/partner/stock?partner=coop&token=%%S%% => generated 2211 bytes in 38 msecs (HTTP/1.1 200)",
  "generated 2211 bytes")
T(_L, "haproxy-log-captured-header", "an32",
  "%%dt%% lb01 haproxy[%%pid%%]: %%ip%%:41212 [12/Mar/2024:%%time%%:02.118] fe_api be_pos/pos2 0/0/1/12/13 200 812 - - ---- 4/4/1/1/0 0/0 {api.%%dom%%|%%S%%} \"GET /v1/prices HTTP/1.1\"",
  "be_pos/pos2")
T(_L, "traefik-access-log-json-headers", "jwt",
  '{"ClientHost":"%%ip%%","DownstreamStatus":200,"RequestMethod":"GET","RequestPath":"/api/classes/today","request_Authorization":"Bearer %%S%%","time":"%%ts%%"}',
  "/api/classes/today")
T(_L, "envoy-access-log-x-api-key", "an40",
  '[%%ts%%] "POST /ingest HTTP/2" 204 - 1532 0 4 3 "%%ip%%" "meter-gw/2.1" "%%uuid%%" "ingest.%%dom%%" "%%ip.b%%:9000" x-api-key="%%S%%"',
  "meter-gw/2.1")
T(_L, "windows-powershell-transcript", "pws",
  "**********************\nWindows PowerShell transcript start\nStart time: 2024031%%n3%%\nUsername: STADT\\itadmin\n**********************\nPS C:\\> $pw = '%%S%%'\nPS C:\\> Set-LocalUser -Name Administrator -Password (ConvertTo-SecureString $pw -AsPlainText -Force)",
  "Windows PowerShell transcript start")
T(_L, "bash-xtrace-curl-with-token", "v_dd_api",
  "+ DD_API_KEY=%%S%%\n+ curl -sS -X POST 'https://api.datadoghq.eu/api/v1/series' -H 'Content-Type: application/json' -H 'DD-API-KEY: ***' -d @metrics.json\n{\"status\":\"ok\"}",
  "api.datadoghq.eu")
T(_L, "systemd-journal-service-argv", "pwu",
  "%%date%%T%%time%%:11+0300 %%h%% systemd[1]: Started hl7-mllp.service - HL7 MLLP listener.\n%%date%%T%%time%%:11+0300 %%h%% hl7-mllp[%%pid%%]: argv: /opt/hl7/bin/mllp --db postgres://hl7:%%S%%@%%ip%%/hl7 --port 2575",
  "HL7 MLLP listener")
T(_L, "gitlab-ci-job-log-set-x", "v_glpat",
  "$ set -x\n$ git push https://ci:%%S%%@git.%%dom%%/pos/firmware.git HEAD:release\n+ git push https://ci:%%S%%@git.%%dom%%/pos/firmware.git HEAD:release\nremote: GitLab: You are not allowed to push code to protected branches on this project.",
  "protected branches")
T(_L, "dicom-router-log-aet-password", "pws",
  "%%dt%% INFO  StoreSCU - Association request to ORTHANC@%%ip%%:4242 as LAB01\n%%dt%% DEBUG HttpForwarder - forwarding to https://orthanc:%%S%%@pacs.%%dom%%/instances",
  "Association request to ORTHANC")
T(_L, "sap-rfc-trace-passwd", "pws",
  "**** Trace file opened at %%dt%%\nRfcOpenConnection: ASHOST=%%host%% SYSNR=00 CLIENT=100 USER=RFC_WMS PASSWD=%%S%% LANG=DE\nRFC_ERROR_LOGON_FAILURE: Name or password is incorrect",
  "RFC_ERROR_LOGON_FAILURE")
T(_L, "elasticsearch-slowlog-source-with-key", "an40",
  '[%%dt%%][WARN ][index.search.slowlog.query] [es-2] [orders][1] took[2.1s], source[{"query":{"term":{"partner_key":"%%S%%"}}}]',
  "index.search.slowlog.query")
T(_L, "logstash-pipeline-error-password", "pws",
  '[%%dt%%][ERROR][logstash.outputs.elasticsearch] Failed to install template {:message=>"Got response code \'401\' contacting Elasticsearch at URL \'https://logstash_writer:%%S%%@%%host%%:9200/_index_template\'"}',
  "Failed to install template")
T(_L, "python-logging-dict-repr", "pwgen",
  "%%dt%%,771 INFO  sync.sftp  connecting with {'hostname': '%%host%%', 'port': 22, 'username': 'asn', 'password': '%%S%%', 'look_for_keys': False}",
  "look_for_keys")
T(_L, "java-log4j-properties-dump", "pws",
  "%%dt%% INFO  [main] c.t.b.App - Loaded properties: {db.url=jdbc:mysql://%%ip%%/tickets, db.user=tickets, db.pass=%%S%%, http.port=8080}",
  "Loaded properties")
T(_L, "crash-report-env-section", "v_slack_bot",
  "*** Crash report for alertbot %%ver%% ***\nSignal: SIGSEGV (11)\nBacktrace:\n  #0 0x00007f%%hex8%% in json_parse ()\n  #1 0x0000561%%hex8.b%% in handle_event ()\nEnvironment:\n  SLACK_BOT_TOKEN=%%S%%\n  CHANNEL=#noc-alarms",
  "Signal: SIGSEGV (11)")
T(_L, "core-strings-http-request-cookie", "an48",
  "$ strings core.kiosk.%%pid%% | grep -A3 '^GET /'\nGET /patron/holds HTTP/1.1\nHost: opac.%%dom%%\nCookie: CGISESSID=%%S%%; KohaOpacLanguage=pt-PT\nUser-Agent: KioskBrowser/2.3",
  "KohaOpacLanguage=pt-PT")
T(_L, "ldap-audit-log-modify-userpassword", "pws",
  "# modify %%n10%% dc=ngo,dc=org cn=admin,dc=ngo,dc=org IP=%%ip%%:51124 conn=1042\ndn: uid=%%user%%,ou=people,dc=ngo,dc=org\nchangetype: modify\nreplace: userPassword\nuserPassword: %%S%%\n-",
  "changetype: modify")
T(_L, "sudo-log-command-with-password", "pwu",
  "%%date%% %%time%%:09 %%h%% sudo:   %%user%% : TTY=pts/1 ; PWD=/home/%%user%% ; USER=root ; COMMAND=/usr/bin/mysql -u root -p%%S%% -e SHOW DATABASES",
  "TTY=pts/1")
T(_L, "azure-function-log-connection-string", "v_azure_key",
  "%%ts%% [Error] Executed 'Functions.LabelRender' (Failed, Id=%%uuid%%)\nSystem.InvalidOperationException: Storage account misconfigured: DefaultEndpointsProtocol=https;AccountName=stlabels;AccountKey=%%S%%;EndpointSuffix=core.windows.net",
  "Functions.LabelRender")
T(_L, "lambda-cloudwatch-log-event-dump", "pwgen",
  'START RequestId: %%uuid%% Version: $LATEST\n%%ts%%\t%%uuid%%\tINFO\tevent: {"body":"{\\"username\\":\\"driver_%%n4%%\\",\\"password\\":\\"%%S%%\\"}","path":"/login"}\nEND RequestId: %%uuid%%',
  "Version: $LATEST")
T(_L, "fastapi-validation-error-echo", "pws",
  '%%dt%% ERROR app.main: 422 on /token: [{"type":"missing","loc":["body","grant_type"],"msg":"Field required","input":{"username":"%%user%%","password":"%%S%%"}}]',
  "Field required")
T(_L, "scada-historian-log-opc-connect", "pws",
  "%%dt%% [Collector-3] INFO  Connecting to opc.tcp://%%ip%%:4840 as operator/%%S%% (SecurityPolicy=None)\n%%dt%% [Collector-3] WARN  BadUserAccessDenied",
  "BadUserAccessDenied")
T(_L, "modem-at-command-log-apn-password", "pwu",
  "> AT+CGDCONT=1,\"IP\",\"m2m.%%dom%%\"\n< OK\n> AT$QCPDPP=1,1,\"%%S%%\",\"scada01\"\n< OK\n> AT+CGACT=1,1\n< OK",
  "AT+CGACT=1,1")
T(_L, "voip-phone-provisioning-log", "pwu",
  "%%dt%% provd[%%pid%%]: served cfg%%hex12%%.xml to %%ip%% (Yealink T46U)\n%%dt%% provd[%%pid%%]: account.1.user_name=2043 account.1.password=%%S%% account.1.sip_server.1.address=%%ip.b%%",
  "Yealink T46U")
T(_L, "mobile-crashlytics-custom-keys", "jwt",
  "Crashlytics - Custom keys\n  app_version     4.12.0 (412)\n  courier_id      %%n6%%\n  last_token      %%S%%\n  network         LTE",
  "Crashlytics - Custom keys")
T(_L, "ups-nut-upsd-users-log", "pws",
  "%%dt%% upsmon[%%pid%%]: Login on UPS [apc@localhost] failed - got [ERR ACCESS-DENIED]\n%%dt%% upsmon[%%pid%%]: config: MONITOR apc@localhost 1 upsmon %%S%% primary",
  "ERR ACCESS-DENIED")
T(_L, "graylog-gelf-message-full", "pwu",
  '{"version":"1.1","host":"%%h%%","short_message":"sync failed","full_message":"requests.exceptions.ConnectionError: HTTPSConnectionPool(host=\'api.%%dom%%\', port=443): Max retries exceeded with url: /v1/sync?user=pos&pass=%%S%%","level":3,"_store":"%%store%%"}',
  "Max retries exceeded")
T(_L, "wazuh-alert-full-log-command", "pws",
  '{"rule":{"level":7,"description":"Command with password on the command line"},"agent":{"name":"%%h%%"},"full_log":"%%dt%% %%h%% bash: HISTORY: PID=%%pid%% UID=0 sshpass -p %%S%% scp backup.tar root@%%ip%%:/srv"}',
  "Command with password on the command line")
T(_L, "suricata-eve-http-authorization", "basic",
  '{"timestamp":"%%ts%%","event_type":"http","src_ip":"%%ip%%","dest_ip":"%%ip.b%%","http":{"hostname":"%%ip.b%%","url":"/ISAPI/System/deviceInfo","http_user_agent":"python-requests/2.31","request_headers":[{"name":"Authorization","value":"Basic %%S%%"}]}}',
  "/ISAPI/System/deviceInfo")
T(_L, "zeek-http-log-uri-password", "pwurl",
  "%%n10%%.114822\tC%%a8%%%%a6%%\t%%ip%%\t51442\t%%ip.b%%\t80\t1\tGET\t%%ip.b%%\t/login.cgi?user=admin&pwd=%%S%%\t-\t1.1\tcurl/7.81.0\t200",
  "login.cgi?user=admin")
T(_L, "fail2ban-log-with-raw-line", "pw",
  "%%dt%%,220 fail2ban.filter  [%%pid%%]: INFO    [dovecot] Found %%ip%% - %%dt%%\n  matched line: auth: passwd-file(%%email%%,%%ip%%): unknown user (given password: %%S%%)",
  "fail2ban.filter")
T(_L, "openldap-slapd-stats-bind-simple-debug", "pws",
  "%%date%%T%%time%%:31 ldap01 slapd[%%pid%%]: conn=1204 op=0 BIND dn=\"uid=%%user%%,ou=people,dc=schule,dc=local\" method=128\n%%date%%T%%time%%:31 ldap01 slapd[%%pid%%]: conn=1204 op=0 DEBUG cred=\"%%S%%\"\n%%date%%T%%time%%:31 ldap01 slapd[%%pid%%]: conn=1204 op=0 RESULT tag=97 err=49 text=",
  "RESULT tag=97 err=49")
T(_L, "windows-setupact-log-unattend-password", "pws",
  "%%dt%%, Info       [Shell Unattend] Running 'specialize' pass\n%%dt%%, Info       [Shell Unattend] AutoLogon: user=kiosk password=%%S%% count=1\n%%dt%%, Info       [Shell Unattend] Exiting 'specialize' pass with status 0x00000000",
  "Running 'specialize' pass")
T(_L, "nodejs-stack-with-request-options", "an32",
  "Error: Request failed with status code 403\n    at createError (/srv/app/node_modules/axios/lib/core/createError.js:16:15)\n  config: {\n    url: 'https://api.%%dom%%/v1/manifest',\n    headers: { 'X-Partner-Key': '%%S%%', 'User-Agent': 'axios/0.27.2' },\n  }",
  "createError.js:16:15")
T(_L, "cups-error-log-device-uri", "pwu",
  "E [%%date%%:%%time%%:12 +0100] [Job %%n4%%] Unable to connect to ipp://druck:%%S%%@%%ip%%/ipp/print: Connection refused",
  "Unable to connect to ipp")
T(_L, "rsyslog-remote-forward-log-url", "an32",
  "%%dt%% %%h%% rsyslogd: omhttp: POST https://logs.%%dom%%/ingest?token=%%S%% returned 503 - suspending action",
  "suspending action")

# ---------------------------------------------------------------------------
# group: note-or-chat (English)
# ---------------------------------------------------------------------------
_N = "note-or-chat"
T(_N, "oncall-handoff-markdown", "pws",
  "## Handoff %%date%% night -> day (%%name%%)\n- PBX: SIP trunk flapped 3x between 02:10 and 02:40, carrier ticket %%tkt%% open\n- SBC web UI still on the vendor's temp admin pw `%%S%%` until they rotate it Monday\n- Nothing else on fire. Coffee machine on 3rd floor broken again.",
  "Coffee machine on 3rd floor")
T(_N, "postmortem-timeline-excerpt", "v_gh_classic",
  "### Timeline (UTC)\n- %%time%% build bot posts failing job log to #releases\n- +4 min  someone notices the log contains `GITHUB_TOKEN=%%S%%` in the env dump\n- +9 min  token revoked? -> NO, only the message deleted (see action item 3)\n- +41 min token revoked by %%first%%",
  "action item 3")
T(_N, "helpdesk-ticket-reset-resolution", "pwtemp",
  "Ticket %%tkt%%  | Caller: %%name%% (Ward 4B)\nShort description: locked out of EHR after holiday\nWork notes: verified via callback to ward phone ext. 4%%n3%%. AD unlock + reset.\nResolution: password reset to %%S%% - user must change at next logon. Closed.",
  "verified via callback")
T(_N, "email-reply-gt-quoted-password", "pw",
  "Thanks, that worked!\n\nOn Tue, %%date%% at 09:12, %%name%% <%%email%%> wrote:\n> Hi,\n> the SFTP account for the ASN files is ready.\n> Host: sftp.%%dom%%  User: asn_%%n4%%\n> Password: %%S%%\n> Please confirm once you have uploaded the test file.\n>\n> Kind regards",
  "Please confirm once you have uploaded")
T(_N, "email-forwarded-message-header", "pwgen",
  "---------- Forwarded message ---------\nFrom: Carrier Onboarding <onboarding@%%dom%%>\nDate: %%date%% 16:02\nSubject: Your API access - Account %%n8%%\nTo: <logistics@%%dom.b%%>\n\nDear customer,\nyour API credentials for the production environment:\nClient ID: %%uuid%%\nClient Secret: %%S%%\nPlease keep them confidential.",
  "Forwarded message")
T(_N, "email-double-quoted-nested", "pws",
  "Can we please stop sending passwords by mail?\n\n> On %%date%%, IT wrote:\n>> new admin login for the school library system:\n>> user: bibadmin\n>> pass: %%S%%\n>> (changed because the old one was on a post-it)",
  "stop sending passwords by mail")
T(_N, "outlook-reply-header-block", "pws",
  "Done, VPN works again.\n\nFrom: %%name%% <%%email%%>\nSent: Monday, %%date%% 07:41\nTo: IT Service Desk <servicedesk@%%dom%%>\nSubject: RE: [%%tkt%%] VPN not connecting from home\n\nHi, I tried again with the new password %%S%% and it says 'authentication failed'.",
  "VPN works again")
T(_N, "email-secret-above-signature", "pw",
  "Hi %%first%%,\n\nas discussed on the phone, the temporary password for the SCADA historian viewer account is:\n\n%%S%%\n\n--\n%%name%%\nOperations Engineer | Sunfield Energy\nTel. +27 31 %%n3%% %%n4%%\nThis e-mail may contain confidential information.",
  "Operations Engineer")
T(_N, "slack-paste-bare-value-reply", "pw",
  "[9:14 AM] %%name%%: does anyone have the router pw for the %%city%% depot?\n[9:15 AM] %%name.b%%: %%S%%\n[9:15 AM] %%name.b%%: delete after use pls\n[9:16 AM] %%name%%: :+1: in",
  "delete after use pls")
T(_N, "teams-paste-name-time-lines", "pwgen",
  "%%name%% 10:02\nhere you go, that's the lab kiosk local admin\n%%name%% 10:02\n%%S%%\n%%name.b%% 10:05\nthanks, got in. changing it now",
  "changing it now")
T(_N, "mattermost-thread-copy", "v_glpat",
  "**%%user%%** 11:47 AM\nci is broken, the deploy token expired\n**%%user.b%%** 11:52 AM\nmade a new one with api scope: `%%S%%`\nput it in the CI var pls, I'm off at 12",
  "put it in the CI var pls")
T(_N, "telegram-json-export-message", "v_telegram",
  '{\n "id": %%n5%%,\n "type": "message",\n "date": "%%date%%T21:14:02",\n "from": "%%name%%",\n "text": "new bot token for the orders group: %%S%%"\n}',
  '"type": "message"')
T(_N, "whatsapp-export-line-en", "pw",
  "%%n2%%/03/2024, 22:10 - %%first%%: the wifi in the warehouse office is %%S%%\n%%n2%%/03/2024, 22:11 - %%first.b%%: ok thx\n%%n2%%/03/2024, 22:11 - %%first%%: <Media omitted>",
  "<Media omitted>")
T(_N, "break-glass-envelope-log", "pwgen",
  "BREAK-GLASS LOG\nEnvelope #%%n2%% opened %%date%% %%time%% by %%name%% (witness: %%name.b%%)\nReason: domain controller replication broken, no DA account working\nAccount: HOSP\\bg-admin-01\nPassword: %%S%%\nResealed in envelope #%%n2.b%% after rotation: NOT YET - TODO",
  "Resealed in envelope")
T(_N, "onboarding-mail-temporary-password", "pwtemp",
  "Welcome to Riverbend Schools, %%first%%!\n\nYour staff account has been created.\n  Username: %%user%%@riverbend-schools.us\n  Temporary password: %%S%%\n\nYou will be asked to choose a new password the first time you sign in at https://portal.riverbend-schools.us.\nIT Help: ext. 4400",
  "IT Help: ext. 4400")
T(_N, "sms-reset-notification-copy", "pwtemp",
  "SMS to +44 7%%n3%% %%n6%% (sent %%dt%%):\n\"%%city%% Council IT: your new password is %%S%% . Please change it within 24h. Never share it.\"",
  "Please change it within 24h")
T(_N, "recovery-code-single-line", lambda: lan(5) + "-" + lan(5),
  "GitHub org owner recovery codes (ops@%%dom%%) - one used on %%date%%\nnext unused: %%S%%\nthe rest are in the fireproof safe, envelope R-2",
  "fireproof safe")
T(_N, "totp-seed-in-note", "b32",
  "Shared NOC account MFA: if the phone dies, re-add the TOTP seed %%S%% in Aegis/Authy (issuer NOC-VPN, 6 digits, 30s).",
  "issuer NOC-VPN")
T(_N, "otpauth-uri-pasted", "b32",
  "otpauth://totp/Hospital%20VPN:breakglass?secret=%%S%%&issuer=Hospital%20VPN&algorithm=SHA1&digits=6&period=30",
  "algorithm=SHA1")
T(_N, "sticky-note-transcription", "pw",
  "Photo from the pharmacy back office (transcribed by %%first%%):\n  \"WiFi: PharmaStaff\n   pw: %%S%%\n   printer IP .%%n2%%\"\nSticky note removed and user briefed.",
  "user briefed")
T(_N, "ir-notes-gpp-credential-found", "pws",
  "IR %%jira%% - day 2 notes\n* Found Groups.xml in SYSVOL (GPP, 2014) with cpassword for local admin\n* decrypted with gpp-decrypt -> %%S%%\n* same local admin pw still valid on 41/60 workstations (CME sweep)\n* recommend LAPS rollout this week",
  "recommend LAPS rollout")
T(_N, "forensic-notes-bash-history-finding", "pwu",
  "Evidence item E-%%n3%% (/home/deploy/.bash_history), lines 212-214:\n  212  export PGPASSWORD=%%S%%\n  213  psql -h %%host%% -U deploy payroll\nAssessment: attacker had the payroll DB password from this file.",
  "Assessment: attacker had")
T(_N, "decision-log-keep-old-key", "hex32",
  "Decision %%date%%: keep the old carrier API key (%%S%%) active in parallel until all 14 depots run label-service >= %%ver%%. Owner: %%first%%. Revisit: end of month.",
  "Revisit: end of month")
T(_N, "next-steps-checklist-token", "v_shopify_at",
  "Next steps:\n- [x] move storefront to new theme\n- [ ] rotate the Shopify admin token %%first%% pasted in #ops yesterday (%%S%%)\n- [ ] ask accountant about VAT on gift cards",
  "VAT on gift cards")
T(_N, "jira-comment-code-block", "pws",
  "%%name%% added a comment - %%date%% 14:20\nRepro on staging:\n{code}\ncurl -u svc_hl7:%%S%% https://hl7.%%dom%%/api/messages?status=error\n{code}\nReturns 500 for ORU^R01 with OBX > 99.",
  "ORU^R01")
T(_N, "github-issue-repro-with-key", "v_gapi",
  "**Describe the bug**\nMap tiles don't load in the driver app.\n\n**To Reproduce**\n1. set `MAPS_KEY=%%S%%` in `.env`\n2. run `npm start`\n3. open /route/today\n\n**Expected behavior**\nTiles load.",
  "Expected behavior")
T(_N, "confluence-table-copy", "pws",
  "| System | URL | User | Password | Owner |\n|---|---|---|---|---|\n| Zabbix | https://%%host%% | Admin | %%S%% | NOC |\n| UPS web | http://%%ip%% | apc | (see KeePass) | Facilities |",
  "(see KeePass)")
T(_N, "shared-sheet-csv-copy", "pws",
  "Site,Device,IP,User,Password,Last checked\n%%city%% depot,Fortigate 60F,%%ip%%,admin,%%S%%,%%date%%\n%%city.b%% depot,Fortigate 40F,%%ip.b%%,admin,rotated - ask NOC,%%date.b%%",
  "rotated - ask NOC")
T(_N, "call-transcript-auto", "pw",
  "[Auto transcript, call with field tech, %%date%%]\nTech: ok I'm at the pump station panel.\nNOC: the HMI login is operator, and the password is %%S%%, exactly like that.\nTech: in. thanks.",
  "pump station panel")
T(_N, "ticket-user-includes-own-password", "pw",
  "Subject: cannot log in!!!\n\nhello IT, since this morning I cannot log into the cash register back office. my user is %%user%% and my password is %%S%% , I did not change anything. please urgent, inventory tomorrow.\n\nsent from my phone",
  "inventory tomorrow")
T(_N, "remote-support-teamviewer-note", lambda: an(_R.randint(8, 10)),
  "Vendor remote session for the label printers: TeamViewer ID 1 %%n3%% %%n3.b%% %%n3.c%%, password %%S%% (valid until the session ends). Vendor tech: %%name%%.",
  "Vendor remote session")
T(_N, "anydesk-unattended-password-note", "pws",
  "Clinic reception PC: AnyDesk address %%n3%% %%n3.b%% %%n3.c%%, unattended access password %%S%%. Set up by previous IT contractor, to be removed.",
  "to be removed")
T(_N, "change-request-rollback-creds", "pws",
  "CHG%%n7%% - Upgrade FreePBX 16 -> 17\nImplementation: 22:00-23:30 Sat\nRollback: restore snapshot, then log in to the web UI with admin / %%S%% and re-enable trunks.\nApprovers: %%name%%, %%name.b%%",
  "Approvers")
T(_N, "runbook-step-inline-password", "pws",
  "Runbook: EOD failure at a store\n1. RDP to KASSE-<store>-01\n2. open services.msc, restart \"POS EOD\"\n3. if still failing, run `eodfix.exe /user:eodadmin /pw:%%S%%`\n4. call the store to confirm Z-report printed",
  "Z-report printed")
T(_N, "meeting-minutes-action-items", "pw",
  "Minutes - IT steering, %%date%%\nAttendees: %%name%%, %%name.b%%, %%name.c%%\n- new guest WiFi password from 1st: %%S%% (reception will print cards)\n- ACTION %%first%%: order 20 new badge printers\n- next meeting in 2 weeks",
  "order 20 new badge printers")
T(_N, "postmortem-root-cause-key-in-log", "v_stripe_rk",
  "Root cause: the payment worker logged the full request headers at DEBUG, including the restricted key %%S%%. DEBUG had been enabled on %%date%% for the refund investigation and never turned off.",
  "refund investigation")


@F(_N, "email-quoted-printable-password")
def _n_qp(i):
    pw = _pw_local()
    while not any(ord(c) > 127 for c in pw):
        pw = _pw_local()
    enc = "".join(c if (c.isalnum() and ord(c) < 128) or c in "!?#_." else "".join("=%02X" % b for b in c.encode("utf-8")) for c in pw)
    t = ("Content-Type: text/plain; charset=\"UTF-8\"\nContent-Transfer-Encoding: quoted-printable\n\nHallo zusammen,=20\nder neue Zugang f=C3=BCr das Kassensystem:\nBenutzer: filialleitung%02d\nPasswort: %s\nViele Gr=C3=BC=C3=9Fe" % (_R.randint(1, 40), enc))
    return t, enc, "Content-Transfer-Encoding: quoted-printable"


@F(_N, "email-attachment-base64-credentials-txt")
def _n_att(i):
    body = "host: sftp.%s\nuser: asn_%s\npassword: %s\n" % (_ch(_DOMAINS), dg(4), pw_gen_safe())
    enc = b64s(body)
    lines = [enc[k:k + 76] for k in range(0, len(enc), 76)]
    bnd = hx(12)
    t = ('--b1_%s\nContent-Type: text/plain; name="credentials.txt"\nContent-Disposition: attachment; filename="credentials.txt"\nContent-Transfer-Encoding: base64\n\n%s\n--b1_%s--'
         % (bnd, "\n".join(lines), bnd))
    # the password bytes sit in the second base64 line
    return t, lines[1], 'filename="credentials.txt"'


T(_N, "email-html-table-cell-password", "pws",
  '<p>Dear %%first%%,</p><p>your access to the parent portal:</p><table><tr><td>Login</td><td>%%user%%</td></tr><tr><td>Initial password</td><td>%%S%%</td></tr></table><p>Kind regards,<br>School office</p>',
  "parent portal")
T(_N, "meeting-invite-passcode", lambda: an(10),
  "Topic: Municipal council budget session (livestream backstage)\nJoin Zoom Meeting\nhttps://us06web.zoom.us/j/8%%n10%%\nMeeting ID: 8%%n2%% %%n4%% %%n4.b%%\nPasscode: %%S%%\nPlease do not forward outside the council office.",
  "Municipal council budget session")
T(_N, "ocr-letter-initial-password", "pwtemp",
  "Dear Parent/Guardian,\n\nYour child's login for the learn1ng platform (OCR scan, page 1/2):\nUsername : s%%n6%%\nInitial passw0rd : %%S%%\nPIease keep this letter safe.\n\nRiverbend Primary - IT Office",
  "Riverbend Primary")
T(_N, "hospital-downtime-account-note", "pws",
  "EHR DOWNTIME PROCEDURE (ward binder, page 3)\nIf EHR is unavailable > 15 min, use the read-only downtime viewer:\n  https://%%host%%/downtime\n  account: downtime.ward\n  password: %%S%%\nLog all orders on paper form DT-7.",
  "paper form DT-7")
T(_N, "council-livestream-key-email", "v_ytkey",
  "Hi %%first%%, for tonight's council meeting use the backup YouTube stream key %%S%% in OBS (Settings > Stream). The primary is tied to the old channel. - Comms",
  "Settings > Stream")
T(_N, "ob-van-encoder-note", "an24",
  "OB van 2 / derby coverage: SRT caller to %%pubip%%:9710, latency 1200 ms, passphrase %%S%%, AES-256. Backup path via bonded LTE.",
  "bonded LTE")
T(_N, "store-manager-email-backoffice-login", "pwtemp",
  "Hi all, store %%store%% has a new back office login after the break-in: manager / %%S%% . Old codes are disabled. Regional IT",
  "after the break-in")
T(_N, "driver-tablet-mdm-unlock-note", "pws",
  "Driver tablets (Samsung Tab Active): if a tablet is stuck in kiosk mode, MDM exit password is %%S%% - do NOT tell the drivers.",
  "stuck in kiosk mode")
T(_N, "substation-rtu-maintenance-note", "pws",
  "Substation NORD-%%n2%%: RTU maintenance port (RS-232 via Moxa %%ip%%), login maint / %%S%%. Do not share with the contractor, escort them.",
  "escort them")
T(_N, "irrigation-controller-handwritten", "pw",
  "Field notes %%date%%: pivot 7 controller web UI http://%%ip%% admin / %%S%% ; pressure sensor replaced; valve 3 sticks below 2 bar.",
  "valve 3 sticks")
T(_N, "ngo-shared-account-note", "pw",
  "Shared accounts (board only): Mailchimp newsletter@%%dom%% / %%S%% ; PayPal donations -> ask treasurer. Please don't save in browser on the office laptop.",
  "ask treasurer")
T(_N, "carrier-sip-trunk-welcome-email", "pwgen",
  "Subject: Your SIP trunk is live\n\nRegistrar: sip.%%dom%%:5060 (UDP/TCP), 5061 TLS\nAuth username: 4420%%n6%%\nAuth password: %%S%%\nChannels: 30\nCLI: +44 20 %%n4%% %%n4.b%%\n\nSupport: noc@%%dom%%",
  "Channels: 30")


@F(_N, "chat-token-split-two-messages")
def _n_split(i):
    tok = _V["gh_classic"]()
    a, b = tok[:22], tok[22:]
    h, m = _R.randint(8, 18), _R.randint(0, 55)
    who = _ch(_FIRST)
    t = ("[%02d:%02d] %s: can't paste it whole, the bridge to Teams mangles it\n[%02d:%02d] %s: %s\n[%02d:%02d] %s: %s\n[%02d:%02d] %s: ^ join those two, no space"
         % (h, m, who, h, m + 1, who, a, h, m + 1, who, b, h, m + 2, who))
    return t, a, "join those two, no space"


@F(_N, "note-token-wrapped-at-80-cols")
def _n_wrap(i):
    tok = _V["slack_user"]()
    line1 = "Slack user token for the old alert script (revoke after migration): " + tok
    cut = 80
    t = line1[:cut] + "\n" + line1[cut:] + "\n-- %s" % _ch(_FIRST)
    sec = line1[cut:]
    return t, sec, "revoke after migration"


T(_N, "secret-far-below-its-label", "pwgen",
  "NAS creds (long story, see the thread with the vendor; the user is nasadmin, the box is %%ip%%, we wiped the old one after the flood in the basement, new disks arrived %%date%%, RAID rebuilt overnight, scrub scheduled monthly)\n\n\n\n\n\n%%S%%",
  "scrub scheduled monthly")
T(_N, "lookalike-uuid-next-to-heroku-key", "uuid",
  "Heroku app: ngo-donations (app id %%uuid.a%%)\nRelease %%hex7%% deployed by %%email%%\nAPI key used by the deploy script: %%S%%\nrequest id of the failed build: %%uuid.r%%",
  "deployed by")
T(_N, "commit-message-with-password", "pws",
  "commit %%hex40%%\nAuthor: %%name%% <%%email%%>\n\n    hotfix: switch hl7 listener to new db user\n\n    new pw is %%S%% (will move to vault later)",
  "switch hl7 listener")
T(_N, "code-review-comment-hardcoded", "an32",
  "%%user%% commented on src/pos/cloud.ts line 14:\n> nit: please don't hardcode `%%S%%` here - that's the prod POS cloud key, use `process.env.POS_CLOUD_KEY`",
  "process.env.POS_CLOUD_KEY")
T(_N, "standup-notes-with-creds", "pws",
  "Standup %%date%%\n- %%first%%: finished the label printer driver; test account zpl_test/%%S%% on the staging print server\n- %%first.b%%: blocked on carrier API sandbox\n- %%first.c%%: on leave tomorrow",
  "on leave tomorrow")
T(_N, "internal-advisory-leaked-key", "v_sendgrid",
  "SECURITY ADVISORY (internal) %%date%%\nA SendGrid key was found in a public repo fork: %%S%%\nStatus: revocation requested, waiting for marketing to confirm nothing breaks.\nAffected: newsletter sign-up, password reset mails",
  "waiting for marketing")
T(_N, "incident-channel-is-it-valid", "v_aws_secret",
  "#inc-%%n4%%-s3-exposure\n%%time%% %%first%%: is this still valid? found in the wiki export: aws_secret_access_key = %%S%%\n%%time%% %%first.b%%: checking CloudTrail for the key id now",
  "checking CloudTrail")
T(_N, "assistant-prompt-pasted-script", "v_openai",
  "User: can you tell me why this gives 401?\n```\nimport openai\nclient = openai.OpenAI(api_key=\"%%S%%\")\nclient.chat.completions.create(model=\"gpt-4o-mini\", messages=msgs)\n```",
  "why this gives 401")
T(_N, "voicemail-transcript-password", "pws",
  "Voicemail from +351 2%%n8%% (0:41): \"Hi, it's %%first%% from the Porto warehouse, the new password for the scanner gun portal is %%S%%, call me back if it doesn't work, thanks.\"",
  "scanner gun portal")
T(_N, "wifi-voucher-code-email", lambda: dg(4) + "-" + dg(4) + "-" + dg(4),
  "Dear guest, your Wi-Fi voucher for the conference (valid 3 days): %%S%% - network 'Rathaus-Event'.",
  "network 'Rathaus-Event'")
T(_N, "new-hire-account-sheet", "pwtemp",
  "NEW STARTER - %%name%% (Dispatch, start %%date%%)\nWindows: %%user%% / %%S%% (change at first login)\nEmail: %%email%%\nDispatch app: SSO\nBadge: collect at reception",
  "collect at reception")
T(_N, "keepass-notes-field-copy", "pws",
  "Notes (copied from KeePass entry 'Old ERP'):\n  DB direct access if the app is down: sa / %%S%% on %%h%%\\ERP2012\n  decommission after the migration!",
  "decommission after the migration")
T(_N, "signal-message-copy", "pwdice",
  "Signal > %%first%%: the passphrase for the evidence drive is \"%%S%%\" (all lowercase, dashes)",
  "all lowercase, dashes")
T(_N, "discord-message-webhook-shared", "v_discord_wh",
  "%%user%% — Today at %%time%%\nhere's the webhook for the match-day alerts https://discord.com/api/webhooks/1%%n10%%%%n8%%/%%S%%",
  "match-day alerts")
T(_N, "pager-alert-text-with-dsn", "pwu",
  "[P2] %%h%% DBConnectionError: could not connect to postgres://reporting:%%S%%@%%host%%:5432/bi (timeout) - ack by %%first%%",
  "DBConnectionError")
T(_N, "ticket-vendor-credentials-delivery", "pwgen",
  "%%tkt%% - Vendor delivered the admin credentials for the new nurse-call system:\nWeb: https://%%ip%%:8443  user: installer  pw: %%S%%\nAsked vendor to disable the installer account after acceptance test.",
  "acceptance test")
T(_N, "postmortem-action-items-table", "pws",
  "| # | Action | Owner | Due |\n|---|--------|-------|-----|\n| 1 | Rotate svc_scan password (currently %%S%%) | %%first%% | %%date%% |\n| 2 | Remove scan-to-email SMTP auth from MFPs | %%first.b%% | %%date.b%% |",
  "Remove scan-to-email")
T(_N, "email-chain-creds-three-levels-down", "pw",
  "Sorry, forgot to attach.\n\n> > > From: %%name%%\n> > > the test login for the tender portal is tender_%%n4%% / %%S%%\n> > Received, thanks.\n> Any update?",
  "forgot to attach")
T(_N, "psk-read-aloud-note", "pwphrase",
  "Guest WLAN passphrase this term (staff room noticeboard): \"%%S%%\"",
  "staff room noticeboard")
T(_N, "ir-timeline-attacker-typed-password", "pws",
  "%%time%%:14Z attacker RDP session to %%h%% (keystroke logs from EDR):\n  typed into cmd: net user backup_adm %%S%% /add\n%%time%%:16Z added backup_adm to Domain Admins",
  "keystroke logs from EDR")
T(_N, "handoff-email-vpn-psk", "pwsafe",
  "Handover to %%first%% for the weekend: site-to-site VPN to the %%city%% clinic uses IKEv2 PSK %%S%% (peer %%pubip%%). If it drops, bounce the tunnel from the Fortigate, not the clinic side.",
  "bounce the tunnel")
T(_N, "chat-password-with-trailing-emoji", "pw",
  "%%time%% %%first%%: wifi for the volunteers is %%S%% 🙂\n%%time%% %%first.b%%: 👍",
  "wifi for the volunteers")
T(_N, "ticket-escalation-email-with-api-key", "hex32",
  "Escalation to vendor (Tier 2): our key %%S%% returns 403 on /v2/rates since %%date%%, account %%n8%%, tracking example %%trk%%. Please check urgently, 14 depots affected.",
  "14 depots affected")
T(_N, "radio-station-handwritten-log", "pws",
  "Studio B logbook %%date%%: streaming encoder rebooted 05:50, Icecast source password re-entered (%%S%%), back on air 05:54. - %%first%%",
  "back on air")
T(_N, "sim-puk-note", lambda: dg(8),
  "Router in pump house 3: SIM %%n10%%%%n8%% (APN iot.%%dom%%) locked after wrong PINs - PUK from the carrier portal: %%S%%",
  "pump house 3")
T(_N, "email-ldap-bind-for-vendor", "pws",
  "To the LMS vendor:\nbind DN: cn=lms-sync,ou=svc,dc=uni,dc=local\nbind password: %%S%%\nbase: ou=students,dc=uni,dc=local\nPlease use LDAPS (636) only.",
  "Please use LDAPS")
T(_N, "kanban-card-description", "pwgen",
  "Card: Migrate donor DB to managed Postgres\nChecklist:\n ☐ dump with pg_dump (user donors_admin, pw %%S%%)\n ☐ restore on new instance\n ☐ switch DNS",
  "switch DNS")
T(_N, "chat-secret-in-code-fence", "an40",
  "%%first%%: try with this header\n```\nX-Api-Key: %%S%%\n```\n%%first.b%%: works!",
  "try with this header")

# ---------------------------------------------------------------------------
# group: note-or-chat (other languages)
# ---------------------------------------------------------------------------
_intl_start = len(_ENTRIES)
# de
T(_N, "note-de-ticket-reset", "pwtemp",
  "Ticket %%tkt%%: Kennwort für %%user%% zurückgesetzt (Station 3, Nachtdienst).\nNeues Initialkennwort: %%S%% – muss bei der nächsten Anmeldung geändert werden.\nIdentität per Rückruf über das Stationstelefon bestätigt.",
  "Rückruf über das Stationstelefon")
T(_N, "note-de-uebergabe-rufbereitschaft", "pws",
  "Übergabe Rufbereitschaft %%date%%\n- Kasse Filiale %%store%%: Bondrucker offline, Techniker kommt morgen 8 Uhr\n- Zugang Wartungsportal Kassenhersteller: user service, PW %%S%%\n- sonst ruhig, keine weiteren Störungen",
  "keine weiteren Störungen")
T(_N, "note-de-mail-zitat-zugangsdaten", "pwlocal",
  "Hallo Herr %%first%%,\n\n> Können Sie mir bitte die Zugangsdaten für das Schulnetz schicken?\n\ngerne: Benutzer lehrer.%%n3%%, Passwort %%S%%\nBitte nach dem ersten Login ändern.\n\nMit freundlichen Grüßen\nIhre Schul-IT",
  "Mit freundlichen Grüßen")
T(_N, "note-de-chat-wlan-lager", "pw",
  "[08:12] Jörg: Wie ist eigentlich das WLAN-Passwort im Lager?\n[08:13] Anna: %%S%%\n[08:13] Anna: aber bitte nicht weitergeben 😉",
  "bitte nicht weitergeben")
T(_N, "note-de-notfallumschlag", "pwgen",
  "Notfallumschlag Nr. %%n2%% geöffnet am %%date%% um %%time%% durch %%name%% (Zeuge: %%name.b%%)\nGrund: kein Domänen-Admin-Konto funktionsfähig\nKonto: RATHAUS\\notfall-admin\nKennwort: %%S%%\nUmschlag nach Kennwortwechsel neu versiegeln!",
  "neu versiegeln")
# fr
T(_N, "note-fr-ticket-reinitialisation", "pwtemp",
  "Ticket %%tkt%% – Réinitialisation du mot de passe de %%name%% (maternité, 2e étage).\nMot de passe provisoire : %%S%% – à changer à la première connexion.\nIdentité vérifiée par rappel au poste du service.",
  "Identité vérifiée par rappel")
T(_N, "note-fr-passation-astreinte", "pws",
  "Passation d'astreinte du %%date%% :\n- le serveur SIP a redémarré à 03h12, cause inconnue\n- identifiants du portail opérateur : noc-lyon / %%S%%\n- rien d'autre à signaler",
  "rien d'autre à signaler")
T(_N, "note-fr-mail-transfere-cle-api", "an40",
  "-------- Message transféré --------\nDe : Support Transporteur <support@%%dom%%>\nDate : %%date%% 11:04\nObjet : Vos identifiants API\n\nBonjour,\nVoici votre clé API de production : %%S%%\nMerci de ne pas la partager.\nCordialement",
  "Message transféré")
T(_N, "note-fr-chat-teams-wifi", "pwlocal",
  "Chloé Bernard 14:05\nle code wifi de la salle de réunion c'est %%S%%\nMatteo Rossi 14:06\nmerci !",
  "salle de réunion")
T(_N, "note-fr-compte-rendu-incident", "pws",
  "Compte rendu d'incident %%jira%% : le mot de passe du compte de service svc_sauvegarde (%%S%%) apparaissait en clair dans le script de sauvegarde partagé sur le NAS. Rotation prévue vendredi.",
  "Rotation prévue vendredi")
# es
T(_N, "note-es-ticket-restablecer", "pwtemp",
  "Ticket %%tkt%%: se restableció la contraseña de %%user%% (Ayuntamiento, Registro Civil).\nContraseña temporal: %%S%% — deberá cambiarla al iniciar sesión.",
  "Registro Civil")
T(_N, "note-es-whatsapp-almacen", "pw",
  "14/3/24, 22:10 - Diego: la contraseña del wifi del almacén es %%S%%\n14/3/24, 22:11 - Sofía: gracias!!\n14/3/24, 22:11 - Diego: no la pases a los de la subcontrata",
  "no la pases a los de la subcontrata")
T(_N, "note-es-correo-credenciales-portal", "pwgen",
  "Estimado cliente:\nLe enviamos las credenciales de acceso al portal de envíos.\nUsuario: %%user%%\nClave: %%S%%\nPor favor, no responda a este correo.\nAtentamente, Atención al Cliente",
  "no responda a este correo")
T(_N, "note-es-traspaso-guardia", "pwu",
  "Traspaso de guardia %%date%%:\n* la centralita Asterisk se reinició dos veces (03:05 y 03:40)\n* acceso al panel del proveedor SIP: usuario 3491%%n6%%, contraseña %%S%%\n* pendiente: revisar grabaciones de la noche",
  "revisar grabaciones")
T(_N, "note-es-acta-reunion-ti", "pwlocal",
  "Acta de la reunión de TI (%%date%%)\n- Nueva clave del wifi de invitados a partir del lunes: %%S%%\n- Aprobado el pedido de 12 lectores de códigos de barras\n- Próxima reunión: en dos semanas",
  "lectores de códigos de barras")
# pt
T(_N, "note-pt-chamado-redefinicao", "pwtemp",
  "Chamado %%tkt%%: senha do usuário %%user%% redefinida a pedido da coordenação.\nSenha provisória: %%S%% (trocar no primeiro acesso). Atendido por %%first%%.",
  "trocar no primeiro acesso")
T(_N, "note-pt-whatsapp-galpao", "pw",
  "14/03/2024 22:10 - Lucas: a senha do wi-fi do galpão é %%S%%\n14/03/2024 22:11 - Pedro: valeu!\n14/03/2024 22:11 - Lucas: não passa pros motoristas",
  "não passa pros motoristas")
T(_N, "note-pt-email-encaminhado-token", "v_mercadopago",
  "---------- Mensagem encaminhada ---------\nDe: Integrações <integracoes@%%dom%%>\nData: %%date%%\nAssunto: Token de acesso à API\n\nOlá, segue o access token de produção: %%S%%\nAtenciosamente",
  "Mensagem encaminhada")
T(_N, "note-pt-passagem-plantao", "pws",
  "Passagem de plantão (%%date%%)\n- balança rodoviária sem comunicação desde 02h\n- acesso ao supervisório: operador / %%S%%\n- ligar para o técnico às 8h",
  "balança rodoviária")
T(_N, "note-pt-nota-secretaria-escola", "pwtemp",
  "Nota para a secretaria: a palavra-passe do portal dos encarregados de educação do aluno n.º %%n4%% foi reposta para %%S%%. Pedir ao encarregado que a altere.",
  "encarregados de educação")
# it
T(_N, "note-it-ticket-reset-password", "pwtemp",
  "Ticket %%tkt%%: reimpostata la password di %%user%% (reparto radiologia).\nPassword temporanea: %%S%% – da cambiare al primo accesso.",
  "reparto radiologia")
T(_N, "note-it-consegne-reperibilita", "pws",
  "Consegne reperibilità %%date%%:\n- il centralino ha perso la registrazione alle 04:10\n- credenziali del portale dell'operatore: utente %%user%%, password %%S%%\n- nient'altro da segnalare",
  "nient'altro da segnalare")
T(_N, "note-it-mail-inoltrata", "pwgen",
  "---------- Messaggio inoltrato ---------\nDa: Assistenza Gestionale <assistenza@%%dom%%>\nOggetto: Credenziali accesso gestionale\n\nUtente: amministrazione\nPassword: %%S%%\nCordiali saluti",
  "Messaggio inoltrato")
T(_N, "note-it-chat-telegram-router", "pw",
  "Giulia, [14.03.24 21:40]\nla password del router della sede di Torino è %%S%%\nMatteo, [14.03.24 21:41]\ngrazie, entro adesso",
  "entro adesso")
# nl
T(_N, "note-nl-ticket-wachtwoord-reset", "pwtemp",
  "Melding %%tkt%%: wachtwoord van %%user%% gereset na telefonische verificatie.\nTijdelijk wachtwoord: %%S%% – moet bij eerste aanmelding worden gewijzigd.",
  "telefonische verificatie")
T(_N, "note-nl-overdracht-storingsdienst", "pwu",
  "Overdracht storingsdienst %%date%%:\n- SIP-trunk viel weg om 01:30, provider gebeld\n- inlog providerportaal: %%user%% / %%S%%\n- verder rustig",
  "verder rustig")
T(_N, "note-nl-mail-doorgestuurd-kassa", "pws",
  "---------- Doorgestuurd bericht ---------\nVan: Leverancier kassasysteem\nOnderwerp: Toegang onderhoudsportaal\n\nGebruikersnaam: winkel%%store%%\nWachtwoord: %%S%%\nMet vriendelijke groet",
  "Doorgestuurd bericht")
T(_N, "note-nl-chat-wifi-kantine", "pw",
  "[10:02] Thijs: wat is het wifi-wachtwoord van de kantine?\n[10:03] Sanne: %%S%%\n[10:03] Sanne: niet doorsturen aub",
  "niet doorsturen aub")
# pl
T(_N, "note-pl-zgloszenie-reset-hasla", "pwtemp",
  "Zgłoszenie %%tkt%%: zresetowano hasło użytkownika %%user%% (izba przyjęć).\nHasło tymczasowe: %%S%% – należy je zmienić przy pierwszym logowaniu.",
  "izba przyjęć")
T(_N, "note-pl-przekazanie-dyzuru", "pws",
  "Przekazanie dyżuru %%date%%:\n- centrala VoIP restartowała się o 03:20\n- dostęp do panelu operatora: login %%user%%, hasło %%S%%\n- poza tym spokojnie",
  "poza tym spokojnie")
T(_N, "note-pl-mail-przekazany-pacs", "pwgen",
  "---------- Przekazana wiadomość ---------\nOd: Dział IT szpitala\nTemat: Dostęp do systemu PACS\n\nLogin: radiologia%%n2%%\nHasło: %%S%%\nPozdrawiam",
  "Przekazana wiadomość")
T(_N, "note-pl-czat-haslo-wifi", "pwlocal",
  "Tomasz 08:40\njakie jest hasło do wifi w magazynie?\nMarta 08:41\n%%S%%\nTomasz 08:41\ndzięki",
  "jakie jest hasło do wifi")
# cs
T(_N, "note-cs-pozadavek-reset-hesla", "pwtemp",
  "Požadavek %%tkt%%: heslo uživatele %%user%% bylo resetováno.\nDočasné heslo: %%S%% – při prvním přihlášení je nutné ho změnit.",
  "při prvním přihlášení")
T(_N, "note-cs-predani-sluzby-vysilac", "pws",
  "Předání služby %%date%%:\n- vysílač Ostrava hlásil výpadek streamu ve 4:15\n- přístup k enkodéru: admin / %%S%%\n- jinak klid",
  "výpadek streamu")
T(_N, "note-cs-email-pristupove-udaje", "pwgen",
  "Dobrý den,\nposílám přístupové údaje k portálu dopravce:\nuživatel: %%user%%\nheslo: %%S%%\nS pozdravem, dispečink",
  "přístupové údaje")
# ru
T(_N, "note-ru-zayavka-sbros-parolya", "pwtemp",
  "Заявка %%tkt%%: пароль пользователя %%user%% сброшен по звонку из бухгалтерии.\nВременный пароль: %%S%% — сменить при первом входе.",
  "сменить при первом входе")
T(_N, "note-ru-peredacha-smeny", "pws",
  "Передача смены %%date%%:\n- АТС перезагружалась в 03:40\n- доступ к панели оператора: логин %%user%%, пароль %%S%%\n- больше ничего",
  "Передача смены")
T(_N, "note-ru-telegram-chat-wifi", "pw",
  "Иван, [14.03.2024 22:10]\nпароль от вайфая на складе %%S%%\nОлег, [14.03.2024 22:11]\nспасибо",
  "пароль от вайфая на складе")
T(_N, "note-ru-pismo-postavshchika", "pwgen",
  "Добрый день!\nНаправляем доступ к личному кабинету:\nЛогин: %%user%%\nПароль: %%S%%\nС уважением, служба поддержки",
  "служба поддержки")
# uk
T(_N, "note-uk-zapyt-skydannya-parolya", "pwtemp",
  "Запит %%tkt%%: пароль користувача %%user%% скинуто.\nТимчасовий пароль: %%S%% — змінити під час першого входу.",
  "Тимчасовий пароль")
T(_N, "note-uk-peredacha-cherguvannya", "pws",
  "Передача чергування %%date%%:\n- сервер SCADA перезавантажувався о 02:50\n- доступ до HMI: оператор / %%S%%\n- решта без змін",
  "решта без змін")
T(_N, "note-uk-viber-router-ukryttya", "pw",
  "Оксана 21:15\nось пароль від роутера в укритті: %%S%%\nОлександр 21:16\nдякую",
  "роутера в укритті")
# tr
T(_N, "note-tr-talep-sifre-sifirlama", "pwtemp",
  "Talep %%tkt%%: %%user%% kullanıcısının şifresi sıfırlandı.\nGeçici şifre: %%S%% — ilk girişte değiştirilmeli.",
  "ilk girişte değiştirilmeli")
T(_N, "note-tr-nobet-devri", "pws",
  "Nöbet devri %%date%%:\n- kargo etiket yazıcısı gece hata verdi\n- kargo firması portalı: kullanıcı %%user%%, şifre %%S%%\n- başka sorun yok",
  "başka sorun yok")
T(_N, "note-tr-whatsapp-depo-wifi", "pw",
  "14.03.2024 22:10 - Mehmet: depo wifi şifresi %%S%%\n14.03.2024 22:11 - Ayşe: teşekkürler",
  "teşekkürler")
# ar
T(_N, "note-ar-tadhkira-iadat-kalimat-sir", "pwtemp",
  "تذكرة %%tkt%%: تمت إعادة تعيين كلمة المرور للمستخدم %%user%%.\nكلمة المرور المؤقتة: %%S%% — يجب تغييرها عند أول تسجيل دخول.",
  "يجب تغييرها")
T(_N, "note-ar-taslim-munawaba", "pws",
  "تسليم المناوبة %%date%%:\n- توقف خادم الهاتف الداخلي الساعة 03:10\n- بيانات الدخول إلى بوابة المزود: %%user%% / %%S%%\n- لا شيء آخر.",
  "تسليم المناوبة")
T(_N, "note-ar-whatsapp-mustawda", "pw",
  "14/03/2024، 22:10 - عمر: كلمة سر الواي فاي في المستودع %%S%%\n14/03/2024، 22:11 - ليلى: شكراً",
  "شكراً")
# he
T(_N, "note-he-kria-ipus-sisma", "pwtemp",
  "קריאה %%tkt%%: הסיסמה של המשתמש %%user%% אופסה.\nסיסמה זמנית: %%S%% – יש להחליף בכניסה הראשונה.",
  "סיסמה זמנית")
T(_N, "note-he-haavarat-toranut", "pws",
  "העברת תורנות %%date%%:\n- מרכזיית ה-VoIP נפלה ב-02:30\n- כניסה לפורטל הספק: %%user%% / %%S%%\n- שאר המערכות תקינות",
  "שאר המערכות תקינות")
T(_N, "note-he-whatsapp-mahsan", "pw",
  "14.3.2024, 22:10 - יעל: הסיסמה של הוויי-פיי במחסן היא %%S%%\n14.3.2024, 22:11 - נועה: תודה",
  "נועה: תודה")
# hi
T(_N, "note-hi-ticket-password-reset", "pwtemp",
  "टिकट %%tkt%%: उपयोगकर्ता %%user%% का पासवर्ड रीसेट किया गया।\nअस्थायी पासवर्ड: %%S%% — पहली बार लॉगिन पर बदलें।",
  "पहली बार लॉगिन पर बदलें")
T(_N, "note-hi-shift-handover-godam", "pws",
  "शिफ्ट हैंडओवर %%date%%:\n- गोदाम का लेबल प्रिंटर रात में बंद था\n- कूरियर पोर्टल लॉगिन: %%user%% / पासवर्ड %%S%%\n- बाकी सब ठीक",
  "बाकी सब ठीक")
T(_N, "note-hi-whatsapp-office-wifi", "pw",
  "14/03/24, 10:10 pm - राहुल: ऑफिस का वाईफाई पासवर्ड %%S%% है\n14/03/24, 10:11 pm - प्रिया: धन्यवाद",
  "धन्यवाद")
# ja
T(_N, "note-ja-toiawase-password-reset", "pwtemp",
  "問い合わせ %%tkt%%：%%user%% さんのパスワードをリセットしました。\n仮パスワード：%%S%%\n初回ログイン時に必ず変更してください。",
  "初回ログイン時に必ず変更してください")
T(_N, "note-ja-hikitsugi-memo", "pws",
  "引き継ぎメモ %%date%%\n・倉庫のラベルプリンタが03:10に停止（再起動で復旧）\n・運送会社ポータルのログイン：%%user%% / %%S%%\n・その他異常なし",
  "その他異常なし")
T(_N, "note-ja-line-chat-wifi", "pw",
  "[LINE] 2024/03/14(木)\n22:10 田中 倉庫のWi-Fiのパスワードは %%S%% です\n22:11 佐藤 ありがとうございます",
  "ありがとうございます")
T(_N, "note-ja-mail-account-hakko", "pwgen",
  "件名：アカウント発行のお知らせ\n%%name%% 様\n\n放送設備管理システムのアカウントを発行しました。\nID：%%user%%\n初期パスワード：%%S%%\nよろしくお願いいたします。",
  "アカウント発行のお知らせ")
# zh
T(_N, "note-zh-gongdan-chongzhi-mima", "pwtemp",
  "工单 %%tkt%%：已为用户 %%user%% 重置密码。\n临时密码：%%S%%，首次登录后请立即修改。",
  "首次登录后请立即修改")
T(_N, "note-zh-jiaojieban-jilu", "pws",
  "交接班记录 %%date%%：\n1. 仓库扫码枪 03:10 掉线，已重启\n2. 快递平台账号：%%user%%，密码 %%S%%\n3. 其他正常",
  "交接班记录")
T(_N, "note-zh-wechat-mendian-it", "pw",
  "【微信群：门店IT】\n王伟 22:10\n收银机后台密码改成 %%S%% 了\n李娜 22:11\n收到👌",
  "收银机后台密码改成")
T(_N, "note-zh-youjian-zhuanfa-appsecret", "v_wechat",
  "-------- 转发的邮件 --------\n发件人：物流平台技术支持\n主题：API 接入信息\n\nAppKey：%%n8%%\nAppSecret：%%S%%\n请妥善保管，勿外传。",
  "请妥善保管")
# ko
T(_N, "note-ko-munui-bimilbeonho-chogihwa", "pwtemp",
  "문의 %%tkt%%: %%user%% 사용자의 비밀번호를 초기화했습니다.\n임시 비밀번호: %%S%% — 첫 로그인 시 변경하세요.",
  "첫 로그인 시 변경하세요")
T(_N, "note-ko-insugyeol-encoder", "pws",
  "인수인계 %%date%%\n- 방송 송출 인코더 04:20 재부팅\n- 인코더 관리자 계정: admin / %%S%%\n- 그 외 특이사항 없음",
  "그 외 특이사항 없음")
T(_N, "note-ko-kakaotalk-wifi", "pw",
  "[김민준] [오후 10:10] 창고 와이파이 비번 %%S%% 이에요\n[박지훈] [오후 10:11] 감사합니다",
  "감사합니다")
# vi
T(_N, "note-vi-yeu-cau-dat-lai-mat-khau", "pwtemp",
  "Yêu cầu %%tkt%%: đã đặt lại mật khẩu cho người dùng %%user%%.\nMật khẩu tạm thời: %%S%% — cần đổi khi đăng nhập lần đầu.",
  "cần đổi khi đăng nhập lần đầu")
T(_N, "note-vi-ban-giao-ca", "pws",
  "Bàn giao ca %%date%%:\n- tổng đài mất kết nối lúc 03:00\n- tài khoản cổng nhà mạng: %%user%% / %%S%%\n- còn lại bình thường",
  "còn lại bình thường")
T(_N, "note-vi-zalo-chat-wifi-kho", "pw",
  "Lan 22:10: mật khẩu wifi kho là %%S%%\nMinh 22:11: cảm ơn chị",
  "cảm ơn chị")
# id
T(_N, "note-id-tiket-reset-kata-sandi", "pwtemp",
  "Tiket %%tkt%%: kata sandi pengguna %%user%% sudah direset.\nKata sandi sementara: %%S%% — wajib diganti saat login pertama.",
  "wajib diganti saat login pertama")
T(_N, "note-id-serah-terima-shift", "pws",
  "Serah terima shift %%date%%:\n- printer label gudang error jam 03.10\n- akun portal kurir: %%user%% / %%S%%\n- lainnya aman",
  "lainnya aman")
T(_N, "note-id-whatsapp-gudang", "pw",
  "14/03/24 22.10 - Dewi: password wifi gudang %%S%%\n14/03/24 22.11 - Siti: makasih",
  "makasih")
# th
T(_N, "note-th-kham-kho-reset-rahat", "pwtemp",
  "คำขอ %%tkt%%: รีเซ็ตรหัสผ่านของผู้ใช้ %%user%% แล้ว\nรหัสผ่านชั่วคราว: %%S%% กรุณาเปลี่ยนเมื่อเข้าสู่ระบบครั้งแรก",
  "กรุณาเปลี่ยนเมื่อเข้าสู่ระบบครั้งแรก")
T(_N, "note-th-song-wen", "pws",
  "ส่งเวร %%date%%:\n- เครื่องพิมพ์ฉลากคลังสินค้าขัดข้อง 03:10\n- บัญชีพอร์ทัลขนส่ง: %%user%% / %%S%%\n- อื่น ๆ ปกติ",
  "อื่น ๆ ปกติ")
T(_N, "note-th-line-chat-wifi-khru", "pw",
  "22:10 สมชาย: รหัสไวไฟห้องพักครู %%S%%\n22:11 สมศักดิ์: ขอบคุณครับ",
  "ขอบคุณครับ")
# sv
T(_N, "note-sv-arende-losenord", "pwtemp",
  "Ärende %%tkt%%: lösenordet för %%user%% har återställts.\nTillfälligt lösenord: %%S%% – måste bytas vid första inloggningen.",
  "måste bytas vid första inloggningen")
T(_N, "note-sv-overlamning-jour", "pws",
  "Överlämning jour %%date%%:\n- växeln tappade registreringen 02:40\n- inloggning till operatörsportalen: %%user%% / %%S%%\n- i övrigt lugnt",
  "i övrigt lugnt")
T(_N, "note-sv-chatt-wifi-personalrum", "pwlocal",
  "[08:12] Elin: vad är wifi-lösenordet i personalrummet?\n[08:13] Ingrid: %%S%%",
  "personalrummet")
# fi
T(_N, "note-fi-tiketti-salasanan-nollaus", "pwtemp",
  "Tiketti %%tkt%%: käyttäjän %%user%% salasana nollattu.\nVäliaikainen salasana: %%S%% – vaihdettava ensimmäisellä kirjautumisella.",
  "Väliaikainen salasana")
T(_N, "note-fi-vuoronvaihto-vesilaitos", "pws",
  "Vuoronvaihto %%date%%:\n- vesilaitoksen SCADA-palvelin käynnistyi uudelleen klo 3.15\n- HMI-tunnus: operaattori / %%S%%\n- muuten rauhallista",
  "muuten rauhallista")
T(_N, "note-fi-sahkoposti-tunnukset", "pwgen",
  "Hei,\ntässä tunnukset kunnan varausjärjestelmään:\nkäyttäjä: %%user%%\nsalasana: %%S%%\nTerveisin, ICT-tuki",
  "kunnan varausjärjestelmään")
# others
T(_N, "note-da-overlevering-vagt", "pws",
  "Overlevering vagt %%date%%:\n- IP-telefonerne på skolen mistede forbindelsen kl. 02.30\n- login til udbyderens portal: %%user%% / %%S%%\n- ellers roligt",
  "ellers roligt")
T(_N, "note-no-sak-tilbakestilling-passord", "pwtemp",
  "Sak %%tkt%%: passordet til %%user%% er tilbakestilt.\nMidlertidig passord: %%S%% – må endres ved første pålogging.",
  "må endres ved første pålogging")
T(_N, "note-no-chat-fjordtel-ruter", "pw",
  "[21:02] Ingrid: passordet til ruteren på kaia er %%S%%\n[21:03] Mikko: takk!",
  "ruteren på kaia")
T(_N, "note-ro-tichet-resetare-parola", "pwtemp",
  "Tichet %%tkt%%: parola utilizatorului %%user%% a fost resetată.\nParolă temporară: %%S%% – trebuie schimbată la prima autentificare.",
  "trebuie schimbată la prima autentificare")
T(_N, "note-hu-jegy-jelszo-visszaallitas", "pwtemp",
  "Jegy %%tkt%%: %%user%% jelszava visszaállítva.\nIdeiglenes jelszó: %%S%% – az első bejelentkezéskor meg kell változtatni.",
  "Ideiglenes jelszó")
T(_N, "note-el-aitima-epanafora-kodikou", "pwtemp",
  "Αίτημα %%tkt%%: ο κωδικός του χρήστη %%user%% επαναφέρθηκε.\nΠροσωρινός κωδικός: %%S%% – αλλάξτε τον στην πρώτη σύνδεση.",
  "Προσωρινός κωδικός")
T(_N, "note-sw-ujumbe-nenosiri-wifi", "pw",
  "[20:14] Amara: nenosiri la wifi ya ofisi ya shamba ni %%S%%\n[20:15] Kwame: asante sana",
  "asante sana")
T(_N, "note-fa-tiket-bazneshani-ramz", "pwtemp",
  "تیکت %%tkt%%: رمز عبور کاربر %%user%% بازنشانی شد.\nرمز موقت: %%S%% — در اولین ورود باید تغییر کند.",
  "رمز موقت")
T(_N, "note-ms-serahan-syif", "pws",
  "Serahan syif %%date%%:\n- pelayan PBX dimulakan semula pada 03:00\n- log masuk portal pembekal: %%user%% / %%S%%\n- lain-lain normal",
  "lain-lain normal")

for _k in range(_intl_start, len(_ENTRIES)):
    _e = _ENTRIES[_k]
    _ENTRIES[_k] = (_e[0], _e[1], _e[2], _e[3], _e[4], 1)

# ---------------------------------------------------------------------------
# group: ci-and-deploy
# ---------------------------------------------------------------------------
_D = "ci-and-deploy"
T(_D, "github-actions-env-hardcoded", "v_dockerhub",
  "jobs:\n  build:\n    runs-on: ubuntu-latest\n    env:\n      DOCKERHUB_USER: ngobuild\n      DOCKERHUB_TOKEN: %%S%%\n    steps:\n      - uses: actions/checkout@v4\n      - run: echo \"$DOCKERHUB_TOKEN\" | docker login -u \"$DOCKERHUB_USER\" --password-stdin",
  "actions/checkout@v4")
T(_D, "gitlab-ci-variables-block", "pws",
  "variables:\n  POSTGRES_DB: pos_test\n  POSTGRES_USER: runner\n  POSTGRES_PASSWORD: \"%%S%%\"\n  DEPLOY_HOST: %%host%%\n\ntest:\n  stage: test\n  services: [postgres:15]\n  script: pytest -q",
  "services: [postgres:15]")
T(_D, "jenkinsfile-environment-literal", "v_jenkins",
  "pipeline {\n  agent { label 'linux' }\n  environment {\n    NEXUS_URL = 'https://nexus.%%dom%%'\n    JENKINS_API = '%%S%%'\n  }\n  stages { stage('Build') { steps { sh './gradlew build' } } }\n}",
  "./gradlew build")
T(_D, "circleci-config-environment", "v_npm",
  "jobs:\n  publish:\n    docker:\n      - image: cimg/node:20.11\n    environment:\n      NPM_TOKEN: %%S%%\n    steps:\n      - checkout\n      - run: npm publish --access restricted",
  "npm publish --access restricted")
T(_D, "azure-pipelines-variables", "v_azure_cs",
  "variables:\n  azureSubscription: 'sc-muni-prod'\n  ARM_CLIENT_ID: '%%uuid%%'\n  ARM_CLIENT_SECRET: '%%S%%'\n\nsteps:\n- script: terraform init && terraform plan -out tfplan",
  "sc-muni-prod")
T(_D, "bitbucket-pipelines-script-inline", "pws",
  "pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - lftp -u deploy,%%S%% sftp://%%host%% -e \"mirror -R dist/ /var/www/loja; bye\"",
  "mirror -R dist/")
T(_D, "drone-yml-settings-password", "pws",
  "steps:\n- name: publish\n  image: plugins/docker\n  settings:\n    repo: registry.%%dom%%/radio/playout\n    username: drone\n    password: %%S%%",
  "plugins/docker")
T(_D, "ci-log-docker-build-arg", "v_gh_classic",
  "$ docker build --build-arg GITHUB_TOKEN=%%S%% -t registry.%%dom%%/pos/api:%%hex7%% .\nSending build context to Docker daemon  41.2MB\nStep 1/14 : FROM python:3.12-slim",
  "Sending build context")
T(_D, "ci-log-helm-upgrade-set", "pws",
  "+ helm upgrade --install pacs ./chart -n pacs --set orthanc.password=%%S%% --set image.tag=%%ver%% --atomic --timeout 10m\nRelease \"pacs\" has been upgraded. Happy Helming!",
  "Happy Helming!")


@F(_D, "ci-log-helm-values-yaml-dump")
def _d_helmdump(i):
    pw = pw_simple()
    ts = _ts()
    t = ("[%s] ##[group]Render values\n[%s] ---\n[%s] # Source: values-prod.yaml\n[%s] erpnext:\n[%s]   mariadb:\n[%s]     auth:\n[%s]       rootPassword: %s\n[%s]       username: erpnext\n[%s] ##[endgroup]"
         % tuple([ts] * 7 + [pw] + [ts] * 2))
    return t, pw, "Render values"


T(_D, "argocd-application-helm-parameters", "pws",
  "spec:\n  source:\n    repoURL: https://git.%%dom%%/ops/charts.git\n    path: moodle\n    helm:\n      parameters:\n        - name: moodlePassword\n          value: %%S%%\n        - name: replicaCount\n          value: \"2\"",
  "replicaCount")
T(_D, "k8s-manifest-stringdata", "pwgen",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: asterisk-ami\n  namespace: voip\ntype: Opaque\nstringData:\n  AMI_USER: crm\n  AMI_SECRET: \"%%S%%\"",
  "namespace: voip")
T(_D, "k8s-manifest-data-b64-in-ci-log", "b64gen",
  "+ kubectl apply -f - <<EOF\napiVersion: v1\nkind: Secret\nmetadata:\n  name: sftp-partner\ndata:\n  password: %%S%%\nEOF\nsecret/sftp-partner configured",
  "secret/sftp-partner configured")
T(_D, "fastlane-env-match-password", "pwdice",
  "# fastlane/.env.default\nMATCH_GIT_URL=git@git.%%dom%%:mobile/certs.git\nMATCH_PASSWORD=%%S%%\nFASTLANE_USER=ci@%%dom%%",
  "MATCH_GIT_URL")
T(_D, "maven-deploy-cli-password", "pws",
  "mvn -B deploy -DaltDeploymentRepository=nexus::default::https://nexus.%%dom%%/repository/releases -Dnexus.user=deployment -Dnexus.password=%%S%%",
  "altDeploymentRepository")
T(_D, "sonar-scanner-login-token", lambda: P("sq", "p_") + hx(40),
  "sonar-scanner -Dsonar.projectKey=pos-api -Dsonar.host.url=https://sonar.%%dom%% -Dsonar.login=%%S%%",
  "sonar.projectKey=pos-api")
T(_D, "codecov-upload-token-flag", "uuid",
  "- run: ./codecov -t %%S%% -f coverage.xml -F unittests", "coverage.xml")
T(_D, "netlify-deploy-auth-flag", "v_netlify",
  "npx netlify deploy --prod --dir=public --site %%uuid%% --auth %%S%%", "--dir=public")
T(_D, "vercel-deploy-token-flag", "v_vercel",
  "vercel deploy --prod --token=%%S%% --scope clearwater-ngo --yes", "--scope clearwater-ngo")
T(_D, "firebase-deploy-token-flag", lambda: "1//0" + _s(_AND, 99),
  "firebase deploy --only hosting,functions --project ngo-field-app --token \"%%S%%\"", "--only hosting,functions")
T(_D, "wrangler-env-cloudflare-token", "v_cf_token",
  "- name: Publish worker\n  run: npx wrangler deploy\n  env:\n    CLOUDFLARE_API_TOKEN: %%S%%\n    CLOUDFLARE_ACCOUNT_ID: %%hex32%%",
  "Publish worker")
T(_D, "pipeline-slack-webhook-notify", lambda: an(24),
  "notify:\n  stage: .post\n  script:\n    - 'curl -X POST -H \"Content-type: application/json\" --data \"{\\\"text\\\":\\\"Deploy $CI_COMMIT_SHORT_SHA done\\\"}\" https://hooks.slack.com/services/T%%UAN8%%/B%%UAN10%%/%%S%%'",
  "stage: .post")
T(_D, "teams-incoming-webhook-url", lambda: hx(32),
  "TEAMS_WEBHOOK=https://ngo.webhook.office.com/webhookb2/%%uuid%%@%%uuid.t%%/IncomingWebhook/%%S%%/%%uuid.u%%",
  "IncomingWebhook")
T(_D, "sentry-release-auth-token", "v_sentry_tok",
  "export SENTRY_AUTH_TOKEN=%%S%%\nsentry-cli releases new \"driver-app@%%ver%%\"\nsentry-cli releases files \"driver-app@%%ver%%\" upload-sourcemaps ./dist",
  "upload-sourcemaps")
T(_D, "packer-hcl-variable-default", "pws",
  'variable "winrm_password" {\n  type    = string\n  default = "%%S%%"\n}\n\nsource "vsphere-iso" "pos-golden" {\n  communicator = "winrm"\n}',
  "pos-golden")
T(_D, "cloud-init-chpasswd-list", "pws",
  "#cloud-config\nssh_pwauth: true\nchpasswd:\n  expire: false\n  users:\n    - name: fieldtech\n      password: %%S%%\n      type: text\npackages: [mosquitto, chrony]",
  "packages: [mosquitto, chrony]")
T(_D, "kickstart-rootpw-plaintext", "pws",
  "lang en_US.UTF-8\nkeyboard us\ntimezone Africa/Lagos --utc\nrootpw --plaintext %%S%%\nreboot", "timezone Africa/Lagos")
T(_D, "debian-preseed-root-password", "pws",
  "d-i passwd/root-login boolean true\nd-i passwd/root-password password %%S%%\nd-i passwd/root-password-again password %%S%%\nd-i netcfg/get_hostname string kiosk",
  "netcfg/get_hostname")
T(_D, "windows-unattend-administrator-password", "pws",
  "<UserAccounts>\n  <AdministratorPassword>\n    <Value>%%S%%</Value>\n    <PlainText>true</PlainText>\n  </AdministratorPassword>\n</UserAccounts>",
  "AdministratorPassword")
T(_D, "nomad-job-env-block", "pwu",
  'task "hl7" {\n  driver = "docker"\n  env {\n    DB_URL = "postgres://hl7:%%S%%@%%ip%%:5432/hl7"\n    MLLP_PORT = "2575"\n  }\n}',
  'driver = "docker"')
T(_D, "ecs-task-definition-environment", "pwgen",
  '"containerDefinitions": [{\n  "name": "label-service",\n  "environment": [\n    {"name": "CARRIER_USER", "value": "api_%%n4%%"},\n    {"name": "CARRIER_PASS", "value": "%%S%%"}\n  ]\n}]',
  "label-service")
T(_D, "sam-template-lambda-env", "v_stripe_sk",
  "Resources:\n  DonationFn:\n    Type: AWS::Serverless::Function\n    Properties:\n      Handler: app.handler\n      Environment:\n        Variables:\n          STRIPE_KEY: %%S%%",
  "AWS::Serverless::Function")
T(_D, "serverless-yml-provider-environment", "an32",
  "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    TRACKING_API_KEY: %%S%%\n    STAGE: ${sls:stage}",
  "nodejs20.x")
T(_D, "arm-parameters-json-admin-password", "pwgen",
  '{\n  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",\n  "parameters": {\n    "adminUsername": {"value": "gisadmin"},\n    "adminPassword": {"value": "%%S%%"}\n  }\n}',
  "deploymentParameters.json")
T(_D, "cloudformation-parameter-default", "pws",
  "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: %%S%%\n  DBInstanceClass:\n    Type: String\n    Default: db.t3.small",
  "NoEcho: true")
T(_D, "gha-log-add-mask-missed-derived", "basic",
  "Run curl -s -H \"Authorization: Basic $(echo -n \"$U:$P\" | base64)\" https://repo.%%dom%%/api/ping\n+ curl -s -H 'Authorization: Basic %%S%%' https://repo.%%dom%%/api/ping\nOK",
  "api/ping")
T(_D, "gitlab-job-log-terraform-plan-var", "pws",
  '  # module.db.aws_db_instance.main will be updated in-place\n  ~ resource "aws_db_instance" "main" {\n        id       = "wms-prod"\n      ~ password = "%%S%%" -> (sensitive value)\n    }',
  "will be updated in-place")
T(_D, "terraform-plan-output-non-sensitive-var", "pwgen",
  '  + resource "kubernetes_secret" "grafana" {\n      + data = {\n          + "admin-password" = "%%S%%"\n          + "admin-user"     = "admin"\n        }\n      + type = "Opaque"\n    }\n\nPlan: 1 to add, 0 to change, 0 to destroy.',
  "Plan: 1 to add")
T(_D, "awx-job-output-extra-vars", "pws",
  "Identity added: /runner/artifacts/%%n3%%/ssh_key_data\nPLAY [clinic servers] ***\nextra_vars: {\"db_root_password\": \"%%S%%\", \"clinic_id\": %%n2%%}\nTASK [Gathering Facts] ***",
  "Gathering Facts")
T(_D, "octopus-variables-json-export", "pwgen",
  '{"Variables":[{"Name":"Smtp.Password","Value":"%%S%%","Type":"String","IsSensitive":false,"Scope":{"Environment":["Environments-2"]}}]}',
  '"IsSensitive":false')
T(_D, "capistrano-deploy-rb-set", "pws",
  "set :application, 'loja'\nset :repo_url, 'git@git.%%dom%%:loja/app.git'\nset :ssh_options, { user: 'deploy', password: '%%S%%', auth_methods: %w(password) }",
  "set :application, 'loja'")
T(_D, "docker-compose-prod-override", "pwu",
  "# docker-compose.prod.yml (deployed by ci to store servers)\nservices:\n  backoffice:\n    environment:\n      DATABASE_URL: mysql://bo:%%S%%@db:3306/backoffice\n      APP_DEBUG: \"false\"",
  "deployed by ci to store servers")
T(_D, "imagepullsecret-dockerconfigjson-in-ci", "basic",
  "kubectl create secret docker-registry harbor-pull --docker-server=harbor.%%dom%% --dry-run=client -o json\n{\"data\":{\".dockerconfigjson\":\"...\"}}\n# decoded auth field: %%S%%",
  "harbor-pull")
T(_D, "heroku-api-key-deploy-step", "uuid",
  "- name: Deploy to Heroku\n  uses: akhileshns/heroku-deploy@v3.13.15\n  with:\n    heroku_api_key: %%S%%\n    heroku_app_name: ngo-donations\n    heroku_email: %%email%%",
  "heroku_app_name: ngo-donations")
T(_D, "gradle-publish-env-in-log", "pws",
  "> Task :publishMavenPublicationToNexusRepository\nUsing credentials nexus.user=deployment nexus.password=%%S%% from gradle.properties\nBUILD SUCCESSFUL in 41s",
  "BUILD SUCCESSFUL")
T(_D, "npm-publish-log-npmrc-cat", "v_npm",
  "$ cat .npmrc\n//registry.npmjs.org/:_authToken=%%S%%\n$ npm publish\nnpm notice Publishing to https://registry.npmjs.org/ with tag latest and public access",
  "npm notice Publishing")
T(_D, "ansible-playbook-vars-prompt-default", "pws",
  "- hosts: pbx\n  vars_prompt:\n    - name: ami_secret\n      prompt: AMI secret\n      default: \"%%S%%\"\n      private: yes",
  "vars_prompt")
T(_D, "systemd-deploy-dropin-override", "pwu",
  "# /etc/systemd/system/pos-bridge.service.d/override.conf (pushed by ansible)\n[Service]\nEnvironment=DB_DSN=sqlserver://pos:%%S%%@%%ip%%:1433?database=POS",
  "override.conf")
T(_D, "flyway-conf-password", "pws",
  "flyway.url=jdbc:postgresql://%%host%%:5432/donors\nflyway.user=migrator\nflyway.password=%%S%%\nflyway.locations=filesystem:sql",
  "flyway.locations")
T(_D, "liquibase-properties-password", "pws",
  "changeLogFile=db/changelog.xml\nurl=jdbc:mysql://%%ip%%:3306/wms\nusername=liquibase\npassword=%%S%%", "changeLogFile")
T(_D, "skaffold-helm-setvalues", "pws",
  "deploy:\n  helm:\n    releases:\n    - name: dispatch\n      chartPath: charts/dispatch\n      setValues:\n        postgresql.auth.password: %%S%%",
  "chartPath: charts/dispatch")
T(_D, "kustomize-secret-generator-literals", "pws",
  "secretGenerator:\n- name: radius-db\n  literals:\n  - username=radius\n  - password=%%S%%\ngeneratorOptions:\n  disableNameSuffixHash: true",
  "disableNameSuffixHash")
T(_D, "ci-yaml-ssh-deploy-sshpass", "pws",
  "deploy_store_servers:\n  script:\n    - for h in $(cat stores.txt); do sshpass -p '%%S%%' rsync -a build/ posadmin@$h:/opt/pos/; done\n  when: manual",
  "when: manual")
T(_D, "gha-workflow-dispatch-default-input", "v_telegram",
  "on:\n  workflow_dispatch:\n    inputs:\n      bot_token:\n        description: 'Telegram bot token'\n        default: '%%S%%'",
  "workflow_dispatch")
T(_D, "buildkite-pipeline-env", "v_buildkite",
  "env:\n  BUILDKITE_API_TOKEN: \"%%S%%\"\nsteps:\n  - label: \":docker: build\"\n    command: make image",
  "make image")
T(_D, "tekton-pipelinerun-param", "pws",
  "apiVersion: tekton.dev/v1\nkind: PipelineRun\nspec:\n  params:\n    - name: registry-password\n      value: \"%%S%%\"\n  pipelineRef:\n    name: build-and-push",
  "build-and-push")
T(_D, "gocd-pipeline-yaml-secure-miss", "pws",
  "pipelines:\n  playout:\n    environment_variables:\n      FTP_PASS: %%S%%\n    materials:\n      repo: { git: 'https://git.%%dom%%/radio/playout.git' }",
  "environment_variables")
T(_D, "deploy-script-curl-webhook-token", "an40",
  "#!/bin/sh\n# called by the CI after tagging\ncurl -fsS -X POST \"https://deploy.%%dom%%/hooks/redeploy-pos?token=%%S%%\" -d \"tag=$CI_COMMIT_TAG\"",
  "called by the CI after tagging")

# ---------------------------------------------------------------------------
# group: vendor-token
# ---------------------------------------------------------------------------
_VT = "vendor-token"
T(_VT, "github-classic-pat-in-remote-note", "v_gh_classic",
  "remote for the survey app mirror: https://%%user%%:%%S%%@github.com/clearwater-ngo/field-survey.git", "field-survey.git")
T(_VT, "github-fine-grained-pat-env", "v_gh_fine",
  "GH_TOKEN=%%S%%\nGH_REPO=riverbend-schools/timetable", "riverbend-schools/timetable")
T(_VT, "github-oauth-token-hosts-yml", "v_gh_oauth",
  "github.com:\n    users:\n        %%user%%:\n            oauth_token: %%S%%\n    git_protocol: https\n    user: %%user%%",
  "git_protocol: https")
T(_VT, "github-refresh-token-json", "v_gh_refresh",
  '{"access_token":"<rotated>","expires_in":28800,"refresh_token":"%%S%%","refresh_token_expires_in":15811200,"token_type":"bearer"}',
  "refresh_token_expires_in")
T(_VT, "gitlab-deploy-token-compose", "v_gldeploy",
  "x-registry: &reg\n  REGISTRY_USER: gitlab+deploy-token-%%n3%%\n  REGISTRY_PASS: %%S%%", "gitlab+deploy-token-")
T(_VT, "slack-bot-token-config-json", "v_slack_bot",
  '{"slack": {"token": "%%S%%", "channel": "#pos-alerts", "username": "pos-monitor"}}', "#pos-alerts")
T(_VT, "slack-app-level-token-socket", "v_slack_app",
  "SLACK_APP_TOKEN=%%S%%  # socket mode, for the on-call bot", "socket mode")
T(_VT, "slack-user-token-script-arg", "v_slack_user",
  "python3 export_channel.py --channel C0%%UAN8%% --token %%S%% --out noc_history.json", "export_channel.py")
T(_VT, "stripe-secret-key-env-comment", "v_stripe_sk",
  "# donations - LIVE (not test!)\nSTRIPE_SECRET_KEY=%%S%%\nSTRIPE_CURRENCY=eur", "STRIPE_CURRENCY=eur")
T(_VT, "stripe-restricted-key-php", "v_stripe_rk",
  "\\Stripe\\Stripe::setApiKey('%%S%%'); // restricted: charges read, refunds write", "refunds write")
T(_VT, "aws-access-key-pair-csv", "v_aws_secret",
  "User name,Password,Access key ID,Secret access key,Console login link\nsvc-pod-upload,,%%aws_id%%,%%S%%,https://%%n10%%12.signin.aws.amazon.com/console",
  "Console login link")
T(_VT, "aws-session-token-env", "v_aws_session",
  "AWS_ACCESS_KEY_ID=%%aws_id%%\nAWS_SECRET_ACCESS_KEY=<same session>\nAWS_SESSION_TOKEN=%%S%%", "<same session>")
T(_VT, "google-api-key-html-script", "v_gapi",
  '<script src="https://maps.googleapis.com/maps/api/js?key=%%S%%&libraries=places&callback=initMap" async></script>',
  "callback=initMap")
T(_VT, "google-oauth-client-secret-json", "v_goauth",
  '{"installed":{"client_id":"%%n10%%%%n2%%-%%a8%%%%a8.b%%.apps.googleusercontent.com","project_id":"school-drive-sync","client_secret":"%%S%%","redirect_uris":["http://localhost"]}}',
  "school-drive-sync")
T(_VT, "twilio-auth-token-env-pair", lambda: {"S": _V["twilio_tok"](), "sid": _V["twilio_sid"]()},
  "TWILIO_ACCOUNT_SID=%%sid%%\nTWILIO_AUTH_TOKEN=%%S%%\nTWILIO_FROM=+1415%%n6%%0", "TWILIO_FROM")
T(_VT, "twilio-api-key-secret-pair", lambda: {"S": an(32), "sk": _V["twilio_sk"]()},
  "twilio:\n  api_key: %%sk%%\n  api_secret: %%S%%\n  messaging_service: MG%%hex32%%", "messaging_service")
T(_VT, "sendgrid-key-header", "v_sendgrid",
  "Authorization: Bearer %%S%%\nContent-Type: application/json", "Content-Type: application/json")
T(_VT, "mailgun-key-curl", "v_mailgun",
  "curl -s --user 'api:%%S%%' https://api.eu.mailgun.net/v3/mg.%%dom%%/messages -F to=%%email%% -F subject='Receipt'",
  "subject='Receipt'")
T(_VT, "mailchimp-key-with-dc-suffix", "v_mailchimp",
  "MAILCHIMP_KEY=%%S%%\nMAILCHIMP_LIST=%%hex8%%%%a6%%", "MAILCHIMP_LIST")
T(_VT, "shopify-shared-secret-toml", "v_shopify_ss",
  '[app]\nclient_id = "%%hex32%%"\nclient_secret = "%%S%%"\nscopes = "read_orders,write_fulfillments"', "write_fulfillments")
T(_VT, "shopify-custom-app-token-note", "v_shopify_ca",
  "custom app 'ERP connector' token (installed by agency): %%S%%", "ERP connector")
T(_VT, "square-access-token-header", "v_square_at",
  "curl https://connect.squareup.com/v2/locations -H 'Square-Version: 2024-02-22' -H 'Authorization: Bearer %%S%%'",
  "Square-Version")
T(_VT, "square-legacy-token-config", "v_square_old",
  "square:\n  environment: production\n  access_token: %%S%%\n  location_id: L%%UAN10%%", "environment: production")
T(_VT, "braintree-access-token-env", "v_braintree",
  "BT_ACCESS_TOKEN=%%S%%", "")
T(_VT, "adyen-api-key-x-header", "v_adyen",
  "curl https://checkout-live.adyenpayments.com/checkout/v71/payments -H 'x-API-key: %%S%%' -H 'content-type: application/json' -d @payment.json",
  "payment.json")
T(_VT, "telegram-bot-token-url", "v_telegram",
  "https://api.telegram.org/bot%%S%%/sendMessage?chat_id=-100%%n10%%&text=Lieferung+verspaetet", "sendMessage")
T(_VT, "discord-bot-token-env", "v_discord_bot",
  "DISCORD_TOKEN=%%S%%\nGUILD_ID=%%n10%%%%n8%%", "GUILD_ID")
T(_VT, "npm-token-ci-var-list", "v_npm",
  "Variable            Value                                      Protected  Masked\nNPM_TOKEN           %%S%%   false      false",
  "Protected  Masked")
T(_VT, "pypi-token-twine-env", "v_pypi",
  "TWINE_USERNAME=__token__ TWINE_PASSWORD=%%S%% twine upload dist/*", "twine upload dist/*")
T(_VT, "dockerhub-pat-login-stdin", "v_dockerhub",
  "echo %%S%% | docker login -u ngobuild --password-stdin", "--password-stdin")
T(_VT, "vault-batch-token-header", "v_vault_batch",
  "curl -H \"X-Vault-Token: %%S%%\" https://vault.%%dom%%:8200/v1/secret/data/pos", "v1/secret/data/pos")
T(_VT, "terraform-cloud-credentials-tfrc", "v_tfc",
  '{\n  "credentials": {\n    "app.terraform.io": {\n      "token": "%%S%%"\n    }\n  }\n}', "app.terraform.io")
T(_VT, "digitalocean-token-doctl-config", "v_do",
  "access-token: %%S%%\ncontext: default\noutput: text", "context: default")
T(_VT, "azure-storage-account-key-cli", "v_azure_key",
  "az storage blob upload --account-name stschoolphotos --account-key '%%S%%' -c yearbook -f class5b.zip", "class5b.zip")
T(_VT, "azure-sas-url-sig", "v_azure_sig",
  "https://stmunirecords.blob.core.windows.net/scans/permit_%%n6%%.pdf?sv=2022-11-02&ss=b&srt=o&sp=r&se=%%date%%T18:00:00Z&spr=https&sig=%%S%%",
  "permit_")
T(_VT, "openai-project-key-env", "v_openai",
  "OPENAI_API_KEY=%%S%%\nOPENAI_MODEL=gpt-4o-mini", "OPENAI_MODEL")
T(_VT, "anthropic-key-x-api-header", "v_anthropic",
  "curl https://api.anthropic.com/v1/messages -H \"x-api-key: %%S%%\" -H \"anthropic-version: 2023-06-01\" -d @req.json",
  "anthropic-version")
T(_VT, "huggingface-token-cli-login", "v_hf",
  "huggingface-cli login --token %%S%% --add-to-git-credential", "--add-to-git-credential")
T(_VT, "datadog-app-key-header", "v_dd_app",
  "-H \"DD-API-KEY: ${DD_API_KEY}\" -H \"DD-APPLICATION-KEY: %%S%%\"", "${DD_API_KEY}")
T(_VT, "newrelic-user-key-graphql", "v_newrelic",
  "curl https://api.eu.newrelic.com/graphql -H 'API-Key: %%S%%' -d '{\"query\":\"{ actor { user { name } } }\"}'", "actor { user { name } }")
T(_VT, "pagerduty-api-token-header", "v_pd_api",
  "Authorization: Token token=%%S%%\nAccept: application/vnd.pagerduty+json;version=2", "vnd.pagerduty+json")
T(_VT, "atlassian-api-token-basic-pair", "v_atlassian",
  "JIRA_USER=%%email%%\nJIRA_API_TOKEN=%%S%%\nJIRA_URL=https://ngo-ops.atlassian.net", "ngo-ops.atlassian.net")
T(_VT, "linear-api-key-graphql", "v_linear",
  "Authorization: %%S%%", "")
T(_VT, "notion-integration-secret", "v_notion",
  "NOTION_TOKEN=%%S%%\nNOTION_DB_VOLUNTEERS=%%hex32%%", "NOTION_DB_VOLUNTEERS")
T(_VT, "airtable-pat-bearer", "v_airtable",
  "curl \"https://api.airtable.com/v0/app%%an16%%/Donors?maxRecords=3\" -H \"Authorization: Bearer %%S%%\"", "maxRecords=3")
T(_VT, "asana-pat-env", "v_asana", "ASANA_PAT=%%S%%", "")
T(_VT, "figma-token-header", "v_figma",
  "X-Figma-Token: %%S%%", "")
T(_VT, "dropbox-short-lived-token", "v_dropbox",
  "dbx = dropbox.Dropbox(\"%%S%%\")", "dropbox.Dropbox")
T(_VT, "okta-ssws-header", "v_okta",
  "curl -H \"Authorization: SSWS %%S%%\" https://%%a8%%.okta.com/api/v1/users?limit=200", "api/v1/users?limit=200")
T(_VT, "cloudflare-origin-ca-key", "v_cf_origin",
  "CF_ORIGIN_CA_KEY=%%S%%", "")
T(_VT, "algolia-admin-key-js", "v_algolia",
  "const client = algoliasearch('%%UAN10%%', '%%S%%'); // admin key - server side only!", "server side only")
T(_VT, "mapbox-secret-token-netrc", "v_mapbox",
  "machine api.mapbox.com\n  login mapbox\n  password %%S%%", "login mapbox")
T(_VT, "fcm-legacy-server-key-header", "v_fcm",
  "Authorization: key=%%S%%\nContent-Type: application/json\n{\"to\":\"/topics/drivers\",\"notification\":{\"title\":\"Route updated\"}}",
  "Route updated")
T(_VT, "doppler-service-token-env", "v_doppler",
  "DOPPLER_TOKEN=%%S%% doppler run -- ./start.sh", "doppler run")
T(_VT, "pulumi-access-token-env", "v_pulumi",
  "export PULUMI_ACCESS_TOKEN=%%S%%\npulumi up --stack ngo/prod --yes", "pulumi up")
T(_VT, "grafana-service-account-token", "v_grafana_sa",
  "curl -H 'Authorization: Bearer %%S%%' https://grafana.%%dom%%/api/dashboards/uid/scada-overview", "scada-overview")
T(_VT, "supabase-management-token", "v_supabase",
  "SUPABASE_ACCESS_TOKEN=%%S%% supabase link --project-ref %%a8%%%%a8.b%%%%a6%%", "supabase link")
T(_VT, "planetscale-password-dsn", "v_planetscale",
  "DATABASE_URL=mysql://%%a8%%:%%S%%@aws.connect.psdb.cloud/shop?sslaccept=strict", "sslaccept=strict")
T(_VT, "postman-api-key-header", "v_postman",
  "X-Api-Key: %%S%%", "")
T(_VT, "circleci-personal-token-curl", "v_circleci",
  "curl -H \"Circle-Token: %%S%%\" https://circleci.com/api/v2/me", "api/v2/me")
T(_VT, "age-secret-key-file", "v_age",
  "# created: %%ts%%\n# public key: age1%%a8%%%%a8.b%%%%a8.c%%%%a8.d%%%%a8.e%%%%a6%%%%a6.b%%%%a6.c%%\n%%S%%", "# public key: age1")
T(_VT, "shippo-live-token-header", "v_shippo",
  "Authorization: ShippoToken %%S%%", "")
T(_VT, "easypost-api-key-client", "v_easypost",
  "client = easypost.EasyPostClient(\"%%S%%\")\nshipment = client.shipment.create(to_address=to, from_address=frm, parcel=parcel)", "client.shipment.create")
T(_VT, "hubspot-private-app-token", "v_hubspot",
  "HUBSPOT_TOKEN=%%S%%  # private app 'volunteer-sync'", "volunteer-sync")
T(_VT, "facebook-page-access-token", "v_fb_page",
  "GRAPH_PAGE_TOKEN=%%S%%\nGRAPH_PAGE_ID=%%n10%%%%n5%%", "GRAPH_PAGE_ID")
T(_VT, "line-channel-access-token", "v_line",
  "LINE_CHANNEL_ACCESS_TOKEN=%%S%%\nLINE_CHANNEL_SECRET=<see vault>", "LINE_CHANNEL_SECRET")
T(_VT, "razorpay-key-secret-pair", lambda: {"S": _V["razorpay"](), "kid": P("rzp", "_live_") + an(14)},
  "RAZORPAY_KEY_ID=%%kid%%\nRAZORPAY_KEY_SECRET=%%S%%", "RAZORPAY_KEY_ID")
T(_VT, "flutterwave-secret-key-env", "v_flutterwave",
  "FLW_SECRET_KEY=%%S%%\nFLW_ENCRYPTION_KEY=<vault:payments/flw>", "vault:payments/flw")
T(_VT, "mercadopago-access-token-sdk", "v_mercadopago",
  "sdk = mercadopago.SDK(\"%%S%%\")", "mercadopago.SDK")
T(_VT, "tencent-cloud-secretkey-pair", lambda: {"S": _V["tencent"](), "akid": P("AK", "ID") + an(32)},
  "TENCENTCLOUD_SECRET_ID=%%akid%%\nTENCENTCLOUD_SECRET_KEY=%%S%%\nTENCENTCLOUD_REGION=ap-guangzhou", "ap-guangzhou")
T(_VT, "alibaba-accesskey-secret-pair", lambda: {"S": _V["alibaba"](), "ak": P("LT", "AI") + an(20)},
  "ALIBABA_CLOUD_ACCESS_KEY_ID=%%ak%%\nALIBABA_CLOUD_ACCESS_KEY_SECRET=%%S%%", "ALIBABA_CLOUD_ACCESS_KEY_ID")
T(_VT, "yandex-oauth-token-header", "v_yandex",
  "Authorization: OAuth %%S%%", "")
T(_VT, "paystack-secret-key-header", "v_paystack",
  "curl https://api.paystack.co/transaction/verify/%%a8%% -H \"Authorization: Bearer %%S%%\"", "transaction/verify")
T(_VT, "aftership-api-key-header", "v_aftership",
  "as-api-key: %%S%%", "")
T(_VT, "samsara-fleet-token", "v_samsara",
  "curl -H 'Authorization: Bearer %%S%%' 'https://api.samsara.com/fleet/vehicles/locations'", "fleet/vehicles/locations")
T(_VT, "webex-bot-access-token", "v_webex",
  "WEBEX_BOT_TOKEN=%%S%%", "")
T(_VT, "cloudinary-url-secret", "v_cloudinary",
  "CLOUDINARY_URL=cloudinary://%%n10%%%%n5%%:%%S%%@ngo-media", "@ngo-media")
T(_VT, "bitbucket-app-password-basic", "v_bitbucket",
  "git clone https://%%user%%:%%S%%@bitbucket.org/radio-kanal7/automation.git", "automation.git")
T(_VT, "gitea-token-api-header", "v_gitea",
  "curl -H \"Authorization: token %%S%%\" https://git.%%dom%%/api/v1/repos/search?q=firmware", "repos/search?q=firmware")
T(_VT, "argocd-api-token-env", "v_argocd",
  "ARGOCD_SERVER=argocd.%%dom%%\nARGOCD_AUTH_TOKEN=%%S%%", "ARGOCD_SERVER")
T(_VT, "kakao-rest-api-key-header", "v_kakao",
  "Authorization: KakaoAK %%S%%", "")
T(_VT, "plivo-auth-token-pair", lambda: {"S": _V["plivo"](), "aid": "MA" + uan(18)},
  "PLIVO_AUTH_ID=%%aid%%\nPLIVO_AUTH_TOKEN=%%S%%", "PLIVO_AUTH_ID")
T(_VT, "vonage-api-secret-query", "v_vonage",
  "https://rest.nexmo.com/sms/json?api_key=%%hex8%%&api_secret=%%S%%&from=ClinicaSol&to=34%%n9%%&text=Cita+confirmada", "Cita+confirmada")
T(_VT, "mux-token-secret-pair", lambda: {"S": _V["mux"](), "tid": uid()},
  "MUX_TOKEN_ID=%%tid%%\nMUX_TOKEN_SECRET=%%S%%", "MUX_TOKEN_ID")

# fewer instances for a third of the vendor shapes (keeps the group near 8%)
_vt_idx = [k for k, e in enumerate(_ENTRIES) if e[0] == _VT]
for _j, _k in enumerate(_vt_idx):
    if _j % 3 == 1:
        _e = _ENTRIES[_k]
        _ENTRIES[_k] = (_e[0], _e[1], _e[2], _e[3], _e[4], 1)

# a few more logs
T(_L, "python-requests-httperror-url-key", "an32",
  "Traceback (most recent call last):\n  File \"/srv/tracker/poll.py\", line 51, in poll\n    r.raise_for_status()\nrequests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://api.%%dom%%/v1/track?apikey=%%S%%&awb=%%trk%%",
  "401 Client Error: Unauthorized")
T(_L, "spring-boot-config-data-debug", "pws",
  "%%dt%%.114 DEBUG 1 --- [main] o.s.b.c.c.ConfigDataEnvironment : Property spring.mail.password=%%S%% resolved from 'application-prod.yml'\n%%dt%%.120  INFO 1 --- [main] c.s.l.LabReportsApplication : Started in 6.41 seconds",
  "Started in 6.41 seconds")
T(_L, "dotnet-ilogger-options-dump", "an40",
  "info: Dispatch.SyncWorker[0]\n      Using options {\"BaseUrl\": \"https://api.%%dom%%\", \"ApiKey\": \"%%S%%\", \"IntervalSeconds\": 60}\ninfo: Microsoft.Hosting.Lifetime[0]\n      Application started.",
  "Microsoft.Hosting.Lifetime")
T(_L, "laravel-log-exception-context", "pws",
  "[%%dt%%] production.ERROR: SQLSTATE[HY000] [2002] Connection refused {\"exception\":\"[object] (PDOException(code: 2002))\",\"connection\":{\"host\":\"%%ip%%\",\"username\":\"loja\",\"password\":\"%%S%%\"}}",
  "production.ERROR")
T(_L, "helm-install-failed-values-echo", "pwgen",
  "Error: INSTALLATION FAILED: execution error at (keycloak/templates/secrets.yaml:12:4): \nVALUES VALIDATION:\nkeycloak: auth.adminPassword \"%%S%%\" must be at least 32 characters when production=true",
  "VALUES VALIDATION")
T(_L, "pjsip-outbound-auth-debug", "pwu",
  "[%%dt%%] DEBUG[%%pid%%] res_pjsip_outbound_authenticator_digest.c: Using auth trunk-auth user 4420%%n6%% password '%%S%%' for realm 'sip.%%dom%%'",
  "res_pjsip_outbound_authenticator_digest.c")
T(_L, "openvpn-log-auth-verify-env", "pw",
  "%%dt%% %%ip%%:51922 WARNING: Failed running command (--auth-user-pass-verify): external program exited with error status: 1\n%%dt%% %%ip%%:51922 env: username=%%user%% password=%%S%% untrusted_ip=%%ip%%",
  "external program exited")
T(_L, "radius-detail-file-auth-record", "pws",
  "%%dt%%\n\tPacket-Type = Access-Request\n\tUser-Name = \"%%user%%\"\n\tUser-Password = \"%%S%%\"\n\tNAS-IP-Address = %%ip%%\n\tCalled-Station-Id = \"%%hex12%%:Rathaus-Mitarbeiter\"",
  "Packet-Type = Access-Request")
T(_L, "cisco-asa-aaa-reject-password-as-user", "pws",
  "%%date%% %%time%%:41 fw01 : %ASA-6-113015: AAA user authentication Rejected : reason = Invalid password : local database : user = %%S%% : user IP = %%pubip%%",
  "AAA user authentication Rejected")
T(_L, "oauth2-proxy-redeem-error-body", "an32",
  "[%%dt%%] [oauthproxy.go:823] Error redeeming code during OAuth2 callback: token exchange failed: 401 Unauthorized; request body: client_id=nurse-rota&client_secret=%%S%%&code=%%an24%%&grant_type=authorization_code",
  "Error redeeming code")
T(_L, "git-trace-curl-basic-header", "basic",
  "%%time%%:02.114812 http.c:703              => Send header, 0000000210 bytes (0x000000d2)\n%%time%%:02.114818 http.c:715              => Send header: GET /ops/ansible.git/info/refs?service=git-upload-pack HTTP/1.1\n%%time%%:02.114822 http.c:715              => Send header: Authorization: Basic %%S%%",
  "git-upload-pack")
T(_L, "npm-debug-log-config-token", "v_npm",
  "12 verbose config //registry.npmjs.org/:_authToken=%%S%%\n13 verbose cwd /builds/pos/storefront\n14 verbose Linux 5.15.0-101-generic\n15 verbose node v20.11.1",
  "verbose cwd")


# ---------------------------------------------------------------------------
# more English notes and chats
# ---------------------------------------------------------------------------
T(_N, "slack-export-json-message", "pw",
  '{\n    "type": "message",\n    "user": "U0%%UAN8%%",\n    "text": "router at the %%city%% depot: admin \\/ %%S%%",\n    "ts": "17%%n8%%.%%n6%%",\n    "reactions": [{"name": "white_check_mark", "count": 2}]\n}',
  '"name": "white_check_mark"')
T(_N, "teams-html-fragment-copy", "pws",
  '<div itemprop="copy-paste-block"><p><strong>%%name%%</strong> 09:41</p><p>kiosk admin is now <code>%%S%%</code>, reception knows</p></div>',
  "reception knows")
T(_N, "email-sent-from-iphone-short", "pw",
  "pw for the van tablet is %%S%%\n\nSent from my iPhone", "Sent from my iPhone")
T(_N, "helpdesk-phone-call-readback", "pwtemp",
  "Call log %%dt%% - caller %%name%% (pharmacy, store %%store%%)\nReset done, temp pw given over the phone: %%S%% (read back OK). Advised to change on first login.",
  "read back OK")
T(_N, "irc-log-line-bastion", "pwgen",
  "[02:14] <noc_%%first%%> bastion root pw until the LDAP fix: %%S%%\n[02:15] <ops_bot> reminder: this channel is logged",
  "this channel is logged")
T(_N, "matrix-element-quote-reply", "pws",
  "%%name%%\n> In reply to %%name.b%%: what's the Grafana admin pw after the reinstall?\nit's %%S%% for now, I'll switch it to SSO tomorrow",
  "switch it to SSO tomorrow")
T(_N, "zendesk-public-reply-quoting-customer", "v_shopify_at",
  "Hi %%first%%,\n\nthanks for reaching out. For your safety please never share your access token with support.\n\n----\n%%first%%, %%date%%:\n> the app stopped syncing orders. my token is %%S%% if you need it",
  "never share your access token with support")
T(_N, "freshdesk-private-note", "pws",
  "Private note by %%name%%:\nCustomer's POS back office login (they insisted we use it): manager / %%S%%. Logged in, cleared stuck Z-report, logged out.",
  "cleared stuck Z-report")
T(_N, "servicenow-work-notes-journal", "pwtemp",
  "%%dt%% - %%name%% (Work notes)\nUser verified via manager. Password reset in AD; temporary password %%S%% communicated to the manager by phone.\n\n%%dt.b%% - System (Additional comments)\nState changed to Resolved",
  "State changed to Resolved")
T(_N, "github-pr-review-suggestion", "pws",
  "**%%user%%** reviewed `config/scanner.yml`\n```diff\n-  password: %%S%%\n```\n```suggestion\n  password: ${SCANNER_PASSWORD}\n```\nplease also rotate it, this repo is mirrored to the vendor",
  "mirrored to the vendor")
T(_N, "gitlab-mr-discussion-diff-context", "v_dd_api",
  "%%name%% started a thread on the diff:\n> +datadog:\n> +  api_key: %%S%%\nThis will end up in the image. Use the CI variable DATADOG_API_KEY.",
  "Use the CI variable")
T(_N, "sms-driver-app-login", "pws",
  "SMS to driver %%n4%% (+234 80%%n8%%): \"Lagos Freight: your app login is D%%n4%% / %%S%% . Route starts 06:00.\"",
  "Route starts 06:00")
T(_N, "school-staff-notice-wifi", "pwphrase",
  "STAFF NOTICE - from Monday the staff WiFi (RB-Staff) passphrase is: %%S%%\nPlease do not share it with students. - IT office",
  "do not share it with students")
T(_N, "library-public-pc-admin-note", "pws",
  "Public PCs (reading room): Deep Freeze is ON. To install updates, thaw with the console password %%S%%, reboot, update, re-freeze.",
  "re-freeze")
T(_N, "biomed-infusion-pump-service-menu", "pws",
  "Biomed note: infusion pumps ward 6 - service menu password %%S%% (from the vendor training, not in the manual). Only biomed staff!",
  "Only biomed staff")
T(_N, "municipal-gis-contractor-handover", "pwgen",
  "Contractor handover (GIS portal): ArcGIS Server site admin 'siteadmin', password %%S%%, primary site administrator - disable after go-live per %%tkt%%.",
  "disable after go-live")
T(_N, "ngo-field-satellite-terminal-note", "pw",
  "Field kit #3 (Turkana): Starlink router admin %%S%% ; solar controller has no password ; spare SIM in the blue box.",
  "spare SIM in the blue box")
T(_N, "farm-coop-weather-station-mail", "hex32",
  "Hi all, the weather station API key for the co-op dashboard is %%S%% - same account for all 12 farms, please don't post it on Facebook.",
  "don't post it on Facebook")
T(_N, "control-room-logbook-entry", "pws",
  "%%date%% 03:40 Control room log: remote access to WTG-%%n2%% controller via vendor VPN, used local login service/%%S%%, reset pitch fault, turbine back online 03:58.",
  "turbine back online")
T(_N, "playout-vendor-remote-access-mail", "pws",
  "Dear Radio Kanal 7 team, for tonight's update we will connect via the jump host. Please enable the account 'vendor2' (password %%S%%) between 22:00 and 02:00 only.",
  "between 22:00 and 02:00 only")
T(_N, "number-porting-portal-creds", "pwgen",
  "NOC wiki scrap: number porting portal (carrier B2B) - login porting@%%dom%% / %%S%% ; MFA goes to the shared NOC phone.",
  "MFA goes to the shared NOC phone")
T(_N, "franchise-newsletter-pos-admin", "pwtemp",
  "FRANCHISE NEWSLETTER #%%n2%%\n... Tech corner: after the update, the back office admin password for all stores is reset to %%S%% - change it in Settings > Users before Friday!",
  "Tech corner")
T(_N, "customs-broker-portal-email", "pw",
  "From: Customs Broker <ops@%%dom%%>\nSubject: Portal access\n\nYour login for the clearance portal: user %%user%%, password %%S%%. Entries for shipments to Izmir can be tracked there.",
  "clearance portal")
T(_N, "incident-bridge-call-notes", "v_gh_app",
  "Bridge notes %%time%% UTC: %%first%% read out the installation token from the runner logs (%%S%%) so the vendor could verify scope - token expires in 1h anyway.",
  "token expires in 1h anyway")
T(_N, "forensic-report-appendix-table", "pws",
  "Appendix C - Credentials observed during the investigation\n| Host | Account | Value | Source |\n| %%h%% | svc_sql | %%S%% | unattend.xml |\n| %%h.b%% | - | (hash only) | NTDS |",
  "Credentials observed during the investigation")
T(_N, "audit-finding-plaintext-service-password", "pws",
  "Finding 4 (High): the service account password '%%S%%' for svc_backup is stored in plain text in \\\\%%h%%\\scripts\\backup.cmd, readable by Domain Users.",
  "readable by Domain Users")
T(_N, "pentest-report-excerpt-default-creds", "pws",
  "4.2 Default credentials on building management system\nThe BMS web interface at http://%%ip%%/ accepted the credentials admin:%%S%%, granting full control over HVAC schedules.",
  "full control over HVAC schedules")
T(_N, "bug-bounty-report-leaked-key", "v_algolia",
  "Summary: Algolia admin API key exposed in the JS bundle of shop.%%dom%%\nSteps: open /static/js/main.%%hex8%%.js and search for 'adminKey' -> %%S%%\nImpact: attacker can delete indices.",
  "attacker can delete indices")
T(_N, "support-widget-transcript-customer-key", "v_stripe_sk",
  "[Chat widget] Visitor (%%email%%): hi, payments fail on my shop, here is my key %%S%%\n[Chat widget] Agent %%first%%: please revoke that key right away, we never need it.",
  "we never need it")
T(_N, "vendor-quote-email-demo-creds", "pws",
  "Attached is the quote for the WMS licences. You can try the demo at https://demo.%%dom%% with demo_%%n3%% / %%S%% (note: connected to your test data import).",
  "quote for the WMS licences")
T(_N, "notebook-scan-ocr-noisy", "pw",
  "[OCR p.12] Mon 4/3 - vpn for the clinic: user c1inic_adm pw %%S%% | call Omar re: UPS batteries | order toner",
  "order toner")
T(_N, "shift-log-csv-notes-column", "pws",
  "date,shift,operator,notes\n%%date%%,night,%%first%%,\"HMI froze 02:10; logged in with eng account (pw %%S%%) to restart runtime\"\n%%date.b%%,day,%%first.b%%,\"no issues\"",
  "date,shift,operator,notes")
T(_N, "email-top-posted-thread-pw-at-bottom", "pw",
  "Still not working, see below.\n\n-----Original Message-----\nFrom: %%name%%\nSent: %%date%%\nSubject: RE: scanner login\n\nok now?\n\n-----Original Message-----\nFrom: IT Support\nSent: %%date.b%%\n\nNew password for scanner%%n2%%: %%S%%",
  "Original Message")
T(_N, "email-subject-line-password", "pws",
  "Subject: new pw = %%S%% (projector room 2)\nFrom: %%email%%\n\n(no body)", "(no body)")
T(_N, "calendar-event-notes-admin-pw", "pws",
  "Event: Parents' evening setup\nLocation: Hall / Room 2\nNotes: projector web admin pw %%S%% if the input is stuck; mic batteries in drawer",
  "mic batteries in drawer")
T(_N, "dictation-note-voice-assistant", "pwphrase",
  "Note (dictated %%time%%): remember the new wifi for the cold store is %%S%% full stop order more pallets",
  "order more pallets")
T(_N, "phone-notes-app-passwords-list", "pw",
  "Notes > 'work stuff'\n- locker 114\n- parking level -2\n- EHR: %%S%%\n- bring lunch thursday", "bring lunch thursday")
T(_N, "agent-state-yaml-decisions", "pws",
  "goal: restore label printing at the Porto depot\ndecisions:\n  - used the printer's local admin (admin / %%S%%) to reset the queue\n  - did not change firmware\nnext_steps:\n  - ask depot lead to change the printer password",
  "did not change firmware")
T(_N, "agent-scratchpad-json-notes", "v_gh_classic",
  '{"goal": "fix nightly export", "notes": ["export fails with 401", "found token %%S%% in old cron file", "token belongs to a former employee"], "next": ["revoke token", "use deploy key"]}',
  "former employee")
T(_N, "agent-next-steps-quoting-tool-output", "pwgen",
  "Next steps\n1. The `vault read` output above showed password=%%S%% for the readonly role; lease is 1h, so re-read before running the report.\n2. Run `make report STORE=%%store%%`.",
  "re-read before running the report")
T(_N, "readme-troubleshooting-default-creds", "pws",
  "## Troubleshooting\nIf the dashboard shows 'unauthorized', log in to the appliance UI at https://%%ip%%:8443 with `admin` / `%%S%%` (set during install) and re-issue the API token.",
  "re-issue the API token")
T(_N, "wiki-page-history-diff", "pws",
  "Page history: 'Printer setup' (rev %%n3%% -> %%n3.b%%)\n- SMB scan user: scan / %%S%%\n+ SMB scan user: scan / (see KeePass 'Scanner')",
  "(see KeePass 'Scanner')")
T(_N, "chat-parenthetical-creds", "pws",
  "%%time%% %%first%%: restarted the Zabbix proxy at the water plant (user ops, pw %%S%%), alarms should clear in 5 min",
  "alarms should clear in 5 min")
T(_N, "postmortem-quote-from-chat-export", "v_slack_bot",
  "From the chat export attached to the postmortem:\n  > [14:02] bot-admin: new token for the alerting bot is %%S%%\n  > [14:03] bot-admin: (oops wrong channel)\nThe channel had 240 members including external guests.",
  "240 members including external guests")
T(_N, "runbook-excerpt-two-factor-backup", lambda: " ".join(dg(4) for _ in range(2)),
  "Runbook: if the on-call phone is lost, use the Okta backup code printed in the NOC safe (current one: %%S%%), then re-enroll the new phone.",
  "re-enroll the new phone")


# ---------------------------------------------------------------------------
# BENIGN: look-alikes that hold no credential
# ---------------------------------------------------------------------------
_MSGS = ["fix receipt rounding for CHF", "add DPD label template v3", "bump asterisk image to 20.7",
         "hl7: handle ORU^R01 with empty OBX-5", "scada: debounce pump alarms", "retry carrier API on 429",
         "school timetable export to CSV", "move secrets to vault (no values in repo)", "nightly backup: prune after 30d",
         "translate kiosk UI to Ukrainian", "fix timezone for Chiang Mai depot", "remove hardcoded password, read from env",
         "update Icecast mountpoints", "pin pydicom to 2.4", "add Modbus register map for inverter SG110CX",
         "ansible: no_log on user creation tasks", "ocpp: accept BootNotification without serial",
         "rotate keys procedure doc", "add LINE notify fallback", "fix Hebrew RTL in receipts"]


def _b_git():
    out = []
    for _ in range(30):
        out.append("commit %s\nAuthor: %s <%s>\nDate:   %s +0200\n\n    %s" % (
            hx(40), _TOK["name"](), _TOK["email"](), _dt(), _ch(_MSGS)))
    for _ in range(20):
        out.append("%s (HEAD -> main, origin/main) %s" % (hx(7), _ch(_MSGS)) if _R.random() < 0.3 else "%s %s" % (hx(7), _ch(_MSGS)))
    for _ in range(15):
        out.append("diff --git a/roles/pos/tasks/main.yml b/roles/pos/tasks/main.yml\nindex %s..%s 100644" % (hx(7), hx(7)))
    for _ in range(10):
        out.append("Merge pull request #%s from %s/feature/%s\n\nreviewed-by: %s  range %s..%s" % (
            dg(3), _ch(_LOGIN), _ch(["label-v3", "ocpp-16", "hl7-oru", "kiosk-ua"]), _ch(_LOGIN), hx(7), hx(7)))
    return out


def _b_digests():
    out = []
    imgs = ["pos/api", "radio/playout", "pacs/orthanc", "wms/scanner-gw", "scada/historian", "school/moodle", "voip/asterisk"]
    for _ in range(30):
        im = _ch(imgs)
        out.append(_ch(["registry.%s/%s@sha256:%s" % (_ch(_DOMAINS), im, hx(64)),
                        "Digest: sha256:%s\nStatus: Downloaded newer image for registry.%s/%s:%s" % (hx(64), _ch(_DOMAINS), im, _TOK["ver"]()),
                        "%s: digest: sha256:%s size: %s" % (_TOK["ver"](), hx(64), dg(4))]))
    for _ in range(25):
        out.append("%s  %s" % (hx(64), _ch(["firmware-rtu-", "pos-client-setup-", "kiosk-image-", "encoder-fw-", "orthanc-"]) + _TOK["ver"]() + _ch([".bin", ".exe", ".img.xz", ".tar.gz", ".deb"])))
    for _ in range(15):
        out.append(_ch(['ETag: "%s"' % hx(32), "md5: %s  label_template.zpl" % hx(32), "Content-MD5: %s" % b64(16),
                        "sha1sum: %s  backup_%s.tar" % (hx(40), _TOK["date"]())]))
    for _ in range(10):
        out.append("BuildID[sha1]=%s, for GNU/Linux 3.2.0, stripped" % hx(40))
    return out


def _b_ids():
    out = []
    for _ in range(30):
        out.append(_ch(["X-Request-Id: %s" % uid(), "correlation_id=%s status=200 dur_ms=%d" % (uid(), _R.randint(3, 900)),
                        "trace_id=%s span_id=%s service=label-render" % (hx(32), hx(16)),
                        "request %s failed after 3 retries (carrier timeout)" % uid(),
                        '{"requestId":"%s","level":"info","msg":"manifest uploaded"}' % uid()]))
    for _ in range(15):
        out.append("traceparent: 00-%s-%s-01" % (hx(32), hx(16)))
    for _ in range(30):
        out.append(_ch(["%s - printer offline at store %s" % (_TOK["tkt"](), _TOK["store"]()),
                        "Order #%s shipped via %s" % (_TOK["order"](), _ch(["DPD", "CTT", "DHL", "Yamato", "PostNL"])),
                        "PO %s approved by %s" % ("45000" + dg(5), _TOK["name"]()),
                        "%s: SIP trunk one-way audio after carrier maintenance" % _TOK["jira"](),
                        "Case %s-%s closed: patient portal timeout" % (_yr(), dg(6))]))
    for _ in range(40):
        t = _trk()
        out.append(_ch(["Tracking number: %s" % t, "Sendungsnummer %s zugestellt" % t, "Rastreamento: %s - objeto postado" % t,
                        "追跡番号 %s 配達完了" % t, "AWB %s out for delivery (%s hub)" % (t, _TOK["city"]()),
                        "kargo takip no: %s" % t]))
    for _ in range(30):
        out.append(_ch(["IBAN: %s%s %s %s %s %s %s" % (_ch(["DE", "NL", "PT", "ES", "PL", "FR"]), dg(2), dg(4), dg(4), dg(4), dg(4), dg(2)),
                        "Invoice INV-%s-%s due %s, amount EUR %d.%02d" % (_yr(), dg(5), _TOK["date"](), _R.randint(40, 9000), _R.randint(0, 99)),
                        "Rechnung Nr. RE-%s vom %s" % (dg(7), _TOK["date"]()),
                        "Factura F%s-%s (NIF B%s)" % (_yr(), dg(6), dg(8)),
                        "SEPA mandate ref MNDT-%s-%s" % (uan(6), dg(6))]))
    for _ in range(30):
        out.append(_ch(["Call-ID: %s@%s" % (hx(24), _TOK["ip"]()),
                        "Via: SIP/2.0/UDP %s:5060;branch=z9hG4bK%s;rport" % (_TOK["ip"](), hx(12)),
                        "From: <sip:1042@%s>;tag=%s" % (_ch(_DOMAINS), hx(8)),
                        "Call-ID: %s-%s-%s" % (hx(8), hx(4), hx(12)),
                        "  -- Executing [%s@from-trunk:1] Dial(\"PJSIP/trunk-%s\", \"PJSIP/1042,30\")" % (dg(10), hx(8))]))
    for _ in range(20):
        out.append(_ch(["MAC %s" % ":".join(hx(2) for _ in range(6)), "IMEI %s" % dg(15), "ICCID 8944%s" % dg(15),
                        "S/N %s%s" % (uan(4), dg(8)), "Serial: %s-%s-%s" % (uan(4), uan(4), uan(4)),
                        "SID S-1-5-21-%s-%s-%s-%s" % (dg(10), dg(9), dg(10), dg(4)),
                        "GTIN %s" % dg(13), "SKU %s-%s-%s" % (uan(3), dg(4), _ch(["BLK", "WHT", "XL", "M"]))]))
    for _ in range(15):
        out.append(_ch(["customer %s created" % P("cus", "_") + an(14), "PaymentIntent %s succeeded" % (P("pi", "_") + an(24)),
                        "event %s delivered to webhook" % (P("evt", "_") + an(24)), "charge %s refunded" % (P("ch", "_") + an(24)),
                        "Message SM%s delivered" % hx(32)]))
    for _ in range(10):
        out.append("channel C0%s (#noc-alarms), user U0%s" % (uan(8), uan(8)))
    return out


_PHRASES = ["Hello from the Lagos depot night shift", "print job 44 finished", "Bom dia equipe do galpão",
            "temperature ok in cold room 2", "route 17 completed", "Guten Morgen Station 4B",
            "reboot scheduled for 02:00", "Schule fällt heute aus", "match day stream starts at 19:30",
            "pump 7 pressure nominal", "inventory count done for aisle 12", "ありがとうございました",
            "Pedido entregue ao cliente", "backup completed without errors", "Звіт надіслано"]


def _b_encoded():
    out = []
    for _ in range(30):
        ph = _ch(_PHRASES) + " " + dg(3)
        out.append(_ch(["payload (base64): %s" % b64s(ph), "X-Debug-Note: %s" % b64s(ph),
                        '{"type":"note","data":"%s"}' % b64s(ph), "echo %s | base64 -d" % b64s(ph)]))
    for _ in range(20):
        data = (_ch(_PHRASES) + "\n").encode("utf-8")[:16]
        hx_ = " ".join(data[j:j + 2].hex() for j in range(0, len(data), 2))
        asc = "".join(chr(c) if 32 <= c < 127 else "." for c in data)
        out.append("%08x: %-39s  %s" % (_R.randint(0, 4096) * 16, hx_, asc))
    for _ in range(15):
        out.append("0x%016x in %s () at %s:%d" % (_R.getrandbits(48), _ch(["json_parse", "handle_event", "mllp_read", "modbus_poll", "sip_parse_uri"]),
                                                  _ch(["parser.c", "event.c", "mllp.c", "poll.c", "uri.c"]), _R.randint(10, 900)))
    for _ in range(25):
        out.append(_ch(['"integrity": "sha512-%s"' % b64(64), "github.com/%s/%s %s h1:%s" % (_ch(["eclipse", "goburrow", "pion"]), _ch(["paho.mqtt.golang", "modbus", "webrtc"]), "v1." + dg(1) + ".0", b64(32)),
                        "<script src=\"/js/app.js\" integrity=\"sha384-%s\" crossorigin=\"anonymous\"></script>" % b64(48),
                        "Content-Security-Policy: script-src 'self' 'sha256-%s'" % b64(32)]))
    return out


def _b_masked():
    out = []
    for _ in range(45):
        out.append(_ch(["password: ********", "DB_PASSWORD=**********  (masked by CI)", "token=****%s" % hx(4),
                        "%s…%s" % (P("sk", "_li", "ve_"), an(4)), "Authorization: Bearer [REDACTED]", "api_key: ***",
                        "%s…%s" % (P("xo", "xb-"), uan(4)), "secret_key = <redacted>", "AKIA****************",
                        "Password: [hidden]", "client_secret: ••••••••%s" % an(3), "PGPASSWORD=*** psql -h %s" % _TOK["host"](),
                        "card ending %s, exp %02d/%d" % (dg(4), _R.randint(1, 12), _R.randint(25, 30)),
                        "%s***%s" % (P("gh", "p_"), an(3)), "Key Content            : (hidden, run as admin)",
                        "Passwort: ******** (siehe KeePass)", "contraseña: ******", "пароль: ******"]) + " " + _ch(["", "#" + dg(3), "(%s)" % _TOK["host"](), "at %s" % _TOK["time"]()]))
    return out


def _b_placeholders():
    out = []
    items = ["${DB_PASSWORD}", "{{ .Values.db.password }}", "<your-api-key>", "%(password)s", "$env:API_KEY",
             "os.environ['SMTP_PASS']", "process.env.STRIPE_SECRET_KEY", "${{ secrets.DOCKERHUB_TOKEN }}",
             "{{ vault_ami_secret }}", "<PASSWORD>", "REPLACE_ME", "xxxxxxxxxxxxxxxx", "your_token_here",
             "${env:CARRIER_KEY}", "$(cat /run/secrets/db_password)", "!secret wifi_password", "@Value(\"${mail.password}\")",
             "lookup('community.hashi_vault.hashi_vault', 'secret=secret/data/pbx:ami_secret')",
             "{{ lookup('env', 'SMTP_PASSWORD') }}", "ENV['SHOPIFY_TOKEN']", "getenv(\"MQTT_PASS\")",
             "<insert password>", "<ask NOC for the password>", "[PASSWORD REMOVED]", "(set in the vendor portal)"]
    ctx = ["password: %s", "DB_PASSWORD=%s", "api_key = %s", "token: %s", "export SMTP_PASS=%s", "\"secret\": \"%s\"",
           "-p %s", "auth_token=%s", "set password to %s in the template", "Passwort: %s"]
    seen = set()
    while len(out) < 50:
        s = _ch(ctx) % _ch(items)
        if s not in seen:
            seen.add(s)
            out.append(s)
    return out


def _b_refs():
    out = []
    for _ in range(60):
        out.append(_ch([
            "vault kv get -field=password secret/%s/%s" % (_ch(["pos", "pacs", "scada", "wms", "school"]), _ch(["db", "smtp", "sftp", "ami"])),
            "valueFrom:\n  secretKeyRef:\n    name: %s\n    key: password" % _ch(["orthanc-db", "moodle-db", "asterisk-ami", "grafana"]),
            "arn:aws:secretsmanager:eu-west-1:%s:secret:%s-%s" % (dg(12), _ch(["tms/prod/db", "pos/carrier", "ngo/stripe"]), an(6)),
            "az keyvault secret show --vault-name kv-muni-prod --name %s --query id" % _ch(["gis-sql-admin", "smtp-relay", "sftp-bank"]),
            "op://NOC/%s/password" % _ch(["Fortigate HQ", "Core switch", "SIP trunk DTAG"]),
            "pass show infra/%s" % _ch(["ups-mgmt", "idrac-%s" % dg(2), "wifi-guest"]),
            "gcloud secrets versions access latest --secret=%s > /dev/null && echo ok" % _ch(["dicom-router-db", "etl-sa"]),
            "The SFTP password is in KeePass under 'Partners/%s'." % _ch(["DPD", "Bank", "Lab"]),
            "credentials: see 1Password item '%s' (vault: Ops)" % _ch(["Radio automation", "PACS admin", "UPS web"]),
            "kms key id: %s" % uid(), "arn:aws:kms:eu-central-1:%s:key/%s" % (dg(12), uid()),
            '"kid": "%s"' % hx(16), "gpg: using RSA key %s" % HX(40), "token_accessor    %s" % an(24),
            "AccessorID: %s" % uid(), "SecretID: <stored in vault at secret/consul/telemetry>",
            "sops: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64(18), b64(32), b64(16)),
            "$ANSIBLE_VAULT;1.1;AES256\n%s\n%s" % (hx(80), hx(80)),
            "LAPS password for %s read by %s at %s (value not logged)" % (_TOK["h"](), _ch(_LOGIN), _TOK["time"]()),
            "The break-glass envelopes are in the safe in room %s; log every opening." % dg(3),
            "aws sts get-caller-identity\n{\"UserId\": \"AIDA%s\", \"Account\": \"%s\", \"Arn\": \"arn:aws:iam::%s:user/svc-pod-upload\"}" % (uan(17), dg(12), dg(12)),
        ]))
    return out


_POLICIES = [
    "Password must be at least %d characters and contain upper case, lower case and a digit.",
    "Das Passwort muss mindestens %d Zeichen lang sein und darf den Benutzernamen nicht enthalten.",
    "Le mot de passe doit contenir au moins %d caractères, dont un chiffre et un caractère spécial.",
    "La contraseña debe tener al menos %d caracteres y no puede repetir las últimas 5.",
    "A senha deve ter no mínimo %d caracteres, incluindo letras e números.",
    "La password deve contenere almeno %d caratteri e scade ogni 90 giorni.",
    "Het wachtwoord moet minimaal %d tekens bevatten.",
    "Hasło musi mieć co najmniej %d znaków i zawierać cyfrę.",
    "Heslo musí mít alespoň %d znaků.",
    "Пароль должен содержать не менее %d символов, включая цифры и буквы.",
    "Пароль має містити щонайменше %d символів.",
    "Şifre en az %d karakter olmalı ve bir rakam içermelidir.",
    "يجب أن تتكون كلمة المرور من %d أحرف على الأقل.",
    "הסיסמה חייבת להכיל לפחות %d תווים.",
    "पासवर्ड कम से कम %d अक्षरों का होना चाहिए।",
    "パスワードは%d文字以上で、英大文字・小文字・数字を含めてください。",
    "密码长度至少为 %d 位，且必须包含字母和数字。",
    "비밀번호는 %d자 이상이어야 합니다.",
    "Mật khẩu phải có ít nhất %d ký tự.",
    "Kata sandi minimal %d karakter.",
    "รหัสผ่านต้องมีอย่างน้อย %d ตัวอักษร",
    "Lösenordet måste innehålla minst %d tecken.",
    "Salasanan on oltava vähintään %d merkkiä pitkä.",
]
_ERRORS = [
    "Invalid username or password.", "Ungültiger Benutzername oder ungültiges Passwort.",
    "Identifiant ou mot de passe incorrect.", "Usuario o contraseña incorrectos.", "Usuário ou senha inválidos.",
    "Nome utente o password non validi.", "Onjuiste gebruikersnaam of wachtwoord.", "Nieprawidłowy login lub hasło.",
    "Neplatné uživatelské jméno nebo heslo.", "Неверный логин или пароль.", "Невірний логін або пароль.",
    "Kullanıcı adı veya şifre hatalı.", "اسم المستخدم أو كلمة المرور غير صحيحة.", "שם משתמש או סיסמה שגויים.",
    "उपयोगकर्ता नाम या पासवर्ड गलत है।", "ユーザー名またはパスワードが正しくありません。", "用户名或密码错误。",
    "아이디 또는 비밀번호가 올바르지 않습니다.", "Tên đăng nhập hoặc mật khẩu không đúng.", "Nama pengguna atau kata sandi salah.",
    "ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง", "Fel användarnamn eller lösenord.", "Virheellinen käyttäjätunnus tai salasana.",
    "FATAL:  password authentication failed for user \"%s\"", "ERROR 1045 (28000): Access denied for user '%s'@'localhost' (using password: YES)",
    "Login failed for user '%s'. Reason: Password did not match that for the login provided.",
    "pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser= rhost=%s user=%s",
]
_RESETS = [
    "Your password was reset by the service desk on %(date)s. You will be asked to choose a new one at next sign-in.",
    "Ihr Kennwort wurde am %(date)s zurückgesetzt. Das Initialkennwort erhalten Sie telefonisch.",
    "Votre mot de passe a été réinitialisé le %(date)s. Le nouveau mot de passe vous sera communiqué par SMS.",
    "Su contraseña fue restablecida el %(date)s. Recibirá la clave temporal por un canal separado.",
    "Sua senha foi redefinida em %(date)s. A senha provisória será enviada por SMS.",
    "La tua password è stata reimpostata il %(date)s.",
    "Uw wachtwoord is op %(date)s opnieuw ingesteld.",
    "Hasło zostało zresetowane %(date)s. Hasło tymczasowe przekażemy telefonicznie.",
    "Ваш пароль был сброшен %(date)s. Временный пароль отправлен руководителю.",
    "Şifreniz %(date)s tarihinde sıfırlandı.",
    "パスワードは %(date)s にリセットされました。仮パスワードは別途お知らせします。",
    "您的密码已于 %(date)s 重置，临时密码将通过短信发送。",
    "비밀번호가 %(date)s에 초기화되었습니다.",
    "Lösenordet återställdes %(date)s. Det tillfälliga lösenordet skickas via SMS.",
    "Password for %(user)s rotated on %(date)s; new value stored in vault, not in this ticket.",
    "Reset done for %(user)s, temp password given by phone (not written here).",
    "Your password will expire in %(days)s days. Change it at https://passwordreset.%(dom)s",
]


def _b_policy():
    out = []
    for _ in range(35):
        out.append(_ch(_POLICIES) % _ch([8, 10, 12, 14, 15, 16]) + _ch(["", " (%s)" % _TOK["tkt"](), " -- %s" % _ch(_DOMAINS), ""]))
    for _ in range(35):
        e = _ch(_ERRORS)
        n = e.count("%s")
        args = (_TOK["ip"](), _ch(_LOGIN)) if n == 2 else tuple(_ch(_LOGIN) for _ in range(n))
        out.append(_TOK["dt"]() + " " + (e % args if n else e))
    for _ in range(35):
        out.append(_ch(_RESETS) % _slots())
    return out


def _b_public():
    out = []
    for _ in range(25):
        out.append(_ch(["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@%s" % (b64(32)[:43], _ch(_LOGIN), _TOK["h"]()),
                        "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ%s %s@%s" % (b64(200)[:120] + "...", _ch(_LOGIN), _TOK["h"]()),
                        "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB%s root@%s" % (b64(64)[:86], _TOK["h"]())]))
    for _ in range(15):
        lines = [b64(48) for _ in range(4)]
        out.append("-----BEGIN CERTIFICATE-----\nMIID%s\n%s\n%s\n-----END CERTIFICATE-----" % (lines[0][:60], lines[1], lines[2]))
    for _ in range(10):
        out.append("-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE%s\n%s\n-----END PUBLIC KEY-----" % (b64(21), b64(33)[:40]))
    for _ in range(15):
        out.append(_ch(["[Peer]\nPublicKey = %s\nAllowedIPs = 10.77.0.%d/32" % (b64(32), _R.randint(2, 250)),
                        "peer: %s\n  endpoint: %s:51820\n  latest handshake: 41 seconds ago" % (b64(32), _TOK["pubip"]())]))
    for _ in range(30):
        out.append(_ch(["256 SHA256:%s root@%s (ED25519)" % (b64(32)[:43], _TOK["h"]()),
                        "Key fingerprint = %s" % " ".join(HX(4) for _ in range(10)),
                        "SHA1 Fingerprint=%s" % ":".join(HX(2) for _ in range(20)),
                        "sha256 Fingerprint=%s" % ":".join(HX(2) for _ in range(32)),
                        "The ECDSA key fingerprint is SHA256:%s." % b64(32)[:43],
                        "discovery-token-ca-cert-hash sha256:%s" % hx(64)]))
    for _ in range(10):
        out.append('{"keys":[{"kty":"RSA","use":"sig","kid":"%s","alg":"RS256","e":"AQAB","n":"%s"}]}' % (hx(16), b64u(256)[:200]))
    return out


_LICENSES = [
    "Licensed under the Apache License, Version 2.0 (the \"License\");\nyou may not use this file except in compliance with the License.",
    "Permission is hereby granted, free of charge, to any person obtaining a copy\nof this software and associated documentation files (the \"Software\")",
    "This program is free software: you can redistribute it and/or modify\nit under the terms of the GNU General Public License as published by",
    "SPDX-License-Identifier: MIT", "SPDX-License-Identifier: GPL-3.0-or-later", "SPDX-License-Identifier: Apache-2.0",
    "SPDX-License-Identifier: MPL-2.0", "SPDX-License-Identifier: BSD-3-Clause", "SPDX-License-Identifier: AGPL-3.0-only",
    "THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR\nIMPLIED",
    "This Source Code Form is subject to the terms of the Mozilla Public\nLicense, v. 2.0.",
    "Redistribution and use in source and binary forms, with or without\nmodification, are permitted provided that the following conditions are met:",
]


def _b_tools():
    out = []
    for l in _LICENSES:
        out.append("# " + l.replace("\n", "\n# ") + "\n# Copyright (c) %s %s" % (_yr(), _ch(["Clearwater NGO", "Radio Kanal 7", "Mercado Sol", "Sunfield Energy"])))
    for _ in range(15):
        out.append("$ kubectl get secret -n %s\nNAME                  TYPE                             DATA   AGE\n%s   Opaque                           %d      %dd\nregcred               kubernetes.io/dockerconfigjson   1      %dd" % (
            _ch(["pacs", "voip", "pos", "wms"]), _ch(["orthanc-db        ", "asterisk-ami      ", "carrier-api       "]), _R.randint(1, 4), _R.randint(2, 300), _R.randint(2, 300)))
    for _ in range(10):
        out.append("Name:         %s\nNamespace:    %s\nType:  Opaque\n\nData\n====\npassword:  %d bytes\nusername:  %d bytes" % (
            _ch(["orthanc-db", "moodle-db", "grafana"]), _ch(["pacs", "school", "monitoring"]), _R.randint(12, 40), _R.randint(4, 12)))
    for _ in range(20):
        out.append(_ch(['  ~ resource "aws_db_instance" "main" {\n        id       = "%s"\n      ~ password = (sensitive value)\n    }' % _ch(["wms-prod", "tms-prod", "gis"]),
                        'Outputs:\n\ndb_endpoint = "%s:5432"\ndb_password = <sensitive>' % _TOK["host"](),
                        '      + administrator_login_password = (sensitive value)\n      + administrator_login          = "sqladmin"',
                        '  # random_password.%s will be created\n  + resource "random_password" "%s" {\n      + result = (sensitive value)\n      + length = 24\n    }' % ((_ch(["pacs_db", "wifi_psk"]),) * 2)]))
    for _ in range(10):
        out.append("changed: [%s] => {\"censored\": \"the output has been hidden due to the fact that 'no_log: true' was specified for this result\", \"changed\": true}" % (_ch(["clinic-", "pbx-", "store-"]) + dg(2)))
    for _ in range(10):
        out.append("$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile         fleet-telematics           manual    --profile\naccess_key     ****************%s shared-credentials-file\nsecret_key     ****************%s shared-credentials-file" % (uan(4), an(4)))
    for _ in range(10):
        out.append("$ npm config list\n; \"user\" config from /home/ci/.npmrc\n//npm.pkg.github.com/:_authToken = (protected)\n@pos:registry = \"https://npm.pkg.github.com\"")
    for _ in range(10):
        out.append("%s:  %s=(set)  PGPASSFILE=/home/etl/.pgpass  DB_PASSWORD=  LOG_LEVEL=info" % (_TOK["h"](), _ch(["SMTP_PASS", "API_TOKEN", "MQTT_PASS"])))
    return out


_NOTES = [
    "Rotated the %(sys)s key after the leak; new value is only in %(store)s. Old key revoked at %(time)s.",
    "Postmortem %(jira)s: credentials were exposed in a CI log for 41 minutes; rotated, no misuse found in the access logs.",
    "Handoff: %(sys)s password changed today, ask %(first)s for it by phone - not in chat please.",
    "Reminder: never paste tokens in #%(chan)s. Use the vault link instead.",
    "Übergabe: Zugangsdaten für %(sys)s liegen im Passwort-Safe, nicht per Mail versenden. Ticket %(tkt)s.",
    "Passation : le mot de passe du %(sys)s a été changé, il est dans le coffre (KeePass). Voir %(tkt)s.",
    "Traspaso: la clave de %(sys)s se cambió hoy; está en el gestor de contraseñas. Ticket %(tkt)s.",
    "Passagem de plantão: senha do %(sys)s trocada, consultar o cofre. Chamado %(tkt)s.",
    "引き継ぎ：%(sys)s のパスワードは変更済み。値はパスワード管理ツールを参照。チケット %(tkt)s",
    "交接：%(sys)s 的密码已修改，请在密码库中查看，不要在群里发送。工单 %(tkt)s",
    "Передача смены: пароль от %(sys)s сменён, лежит в хранилище. Заявка %(tkt)s.",
    "Decision: %(sys)s stays on the old API version until %(date)s; no secret changes needed.",
    "Next steps: 1) move %(sys)s credentials to vault 2) add no_log to the ansible task 3) close %(jira)s",
    "IR note: attacker enumerated %(sys)s accounts but no credentials were recovered from memory (see %(jira)s).",
    "The %(sys)s key id is %(hex)s (public identifier only, the secret is in vault).",
    "Credentials for %(sys)s were revoked on %(date)s after %(first)s left; nothing to rotate on our side.",
    "Decision record %(jira)s: passwords for %(sys)s are only given by phone, never written in tickets.",
]


def _slots():
    return {"sys": _ch(["Stripe", "SendGrid", "carrier API", "SIP trunk", "PACS", "SCADA HMI", "Moodle", "Icecast",
                        "guest WiFi", "Fortigate", "Orthanc", "Zabbix", "ERP", "label printer"]),
            "store": _ch(["vault", "1Password", "KeePass", "the NOC safe"]), "time": _TOK["time"](),
            "jira": _TOK["jira"](), "first": _TOK["first"](), "chan": _ch(["ops", "general", "random", "noc", "releases"]),
            "tkt": _TOK["tkt"](), "hex": hx(16), "date": _TOK["date"](), "city": _TOK["city"](), "sha": hx(7),
            "uuid": uid(), "ver": _TOK["ver"](), "user": _ch(_LOGIN), "dom": _ch(_DOMAINS), "days": str(_R.randint(2, 14))}


def _b_notes():
    out = []
    for _ in range(70):
        out.append(_ch(_NOTES) % _slots())
    return out


def _b_chat():
    out = []
    lines = ["can someone check why the label printer in %(city)s is offline?", "deploy of pos-api %(ver)s done, all green",
             "SIP trunk back up, carrier said maintenance", "who has the vault access for %(sys)s? asking for the auditor",
             "pls don't send the password here, I'll call you", "ticket %(tkt)s created for the scanner guns",
             "commit %(sha)s reverted, sorry", "request id %(uuid)s in the logs, can you check?",
             "new password set via the self-service portal, works now", "Heute keine Störungen im Lager %(city)s",
             "la impresora de %(city)s ya funciona", "o leitor do depósito de %(city)s voltou", "%(city)s 倉庫のプリンタ復旧しました",
             "rotated the %(sys)s token, the new one is in vault", "%(first)s reset the kiosk password, told the store by phone"]
    for _ in range(55):
        out.append("[%s] %s: %s" % (_TOK["time"](), _TOK["first"](), _ch(lines) % _slots()))
    return out


def _benign():
    out, seen = [], set()
    for fam in (_b_git, _b_digests, _b_ids, _b_encoded, _b_masked, _b_placeholders, _b_refs, _b_policy,
                _b_public, _b_tools, _b_notes, _b_chat):
        for s in fam():
            if s not in seen and not re.search(r"\{\{[A-Z][A-Z0-9_]*\}\}", s):
                seen.add(s)
                out.append(s)
    return out


SECRETS = _build()
BENIGN = [b for b in _benign() if not any(s[3] in b for s in SECRETS)]
