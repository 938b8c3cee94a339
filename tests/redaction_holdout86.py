"""Blind hold-out corpus #86 for a secret-redaction engine.

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
Managed service providers and small-office IT support: RMM and PSA tools
(ConnectWise, Datto, NinjaOne, Kaseya, N-able, Syncro, Atera, HaloPSA),
documentation vaults (IT Glue, Hudu), Microsoft 365 and Google Workspace
tenants managed for clients, backup appliances, office firewalls and Wi-Fi,
printers and scanners (scan-to-email SMTP), VoIP desk phones, password
handoffs to clients in tickets and chats, onboarding/offboarding
checklists; notes in English, German, French, Spanish and Polish.

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
Blind, with the engine of the session that read it, before any rule from it: recall 0.952
(1,424 of 1,496) and false positives 27 of 950 (2.8%). Tuned on since by classes (a Wi-Fi profile's
<keyMaterial>, a phone's <Password_1_>, recovery and access codes, a login in parentheses, PINs set
to a value, passwords after their word in five languages, Synology's, Bitwarden's, Autologon's and
CloudHSM's positional passwords, a list of name and value pairs, a FRITZ!Box's Wi-Fi key of digits): 0.975 (1,459) and 27 (2.8%;
AWS key ids and Duo integration keys, taken on purpose).
"""
import base64 as _base64
import json as _json
import random
import re as _re
import string as _string
import unicodedata as _ud

SEED = 5820656
_R = random.Random(SEED)

_LO = _string.ascii_lowercase
_UP = _string.ascii_uppercase
_DG = _string.digits
_AN = _LO + _UP + _DG
_HX = "0123456789abcdef"
_B64 = _AN + "+/"
_URLC = _AN + "-_"
_B32 = _UP + "234567"
_KINDS = {"hex": _HX, "HEX": _HX.upper(), "an": _AN, "lonum": _LO + _DG,
          "upnum": _UP + _DG, "lo": _LO, "up": _UP, "num": _DG, "b64": _B64,
          "url": _URLC, "b32": _B32, "lb32": _LO + "234567"}
_KIND_RE = _re.compile(r"^(hex|HEX|an|lonum|upnum|lo|up|num|b64|url|b32|lb32)_?(\d+)(?:_\w+)?$")
_PH_RE = _re.compile("\u00ab([^\u00ab\u00bb]*)\u00bb")


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _c(seq):
    return _R.choice(seq)


def _i(a, b):
    return _R.randint(a, b)


def _b64e(text):
    return _base64.b64encode(text.encode()).decode()


def _b64u(text):
    return _base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def _b64raw(nbytes):
    return _base64.b64encode(bytes(_R.getrandbits(8) for _ in range(nbytes))).decode()


def _slug(text):
    t = text.replace("ł", "l").replace("Ł", "L").replace("ß", "ss")
    t = _ud.normalize("NFKD", t).encode("ascii", "ignore").decode()
    return _re.sub(r"[^a-z0-9]+", "", t.lower())


def _uuid():
    h = _s(_HX, 32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _c("89ab"), h[17:20], h[20:32])


def _ts():
    return "2025-%02d-%02dT%02d:%02d:%02d" % (_i(1, 12), _i(1, 28), _i(0, 23), _i(0, 59), _i(0, 59))


# ---------------------------------------------------------------- word pools
_FIRST = ["Anna", "Lukas", "Jonas", "Marie", "Sophie", "Felix", "Hannah", "Lena", "Tobias", "Katrin",
          "Julien", "Camille", "Chloé", "Mathieu", "Élodie", "Antoine", "Manon", "Hugo", "Lucía",
          "Javier", "Carmen", "Alejandro", "Sofía", "Diego", "Marta", "Pablo", "Katarzyna", "Piotr",
          "Tomasz", "Agnieszka", "Marek", "Zofia", "Michał", "Ewa", "Emily", "James", "Olivia",
          "Daniel", "Grace", "Ryan", "Megan", "Oscar", "Priya", "Nadia", "Kevin", "Laura"]
_LAST = ["Hoffmann", "Schneider", "Wagner", "Becker", "Krüger", "Vogel", "Brandt", "Keller",
         "Dubois", "Lefèvre", "Moreau", "Girard", "Fournier", "Lambert", "Rousseau", "García",
         "Martínez", "López", "Navarro", "Romero", "Ortega", "Castillo", "Nowak", "Kowalski",
         "Wiśniewski", "Wójcik", "Kamiński", "Zieliński", "Mazur", "Carter", "Bennett", "Hughes",
         "Palmer", "Whitaker", "Fletcher", "Doyle", "Sullivan", "Morgan", "Reyes", "Ashford"]
_ORGFORMS = {
    "de": ["{L} Steuerberatung", "Zahnarztpraxis Dr. {L}", "{L} Bau GmbH", "{L} & Partner mbB",
           "Autohaus {L}", "Bäckerei {L}", "{L} Immobilien GmbH", "Physiotherapie {L}"],
    "fr": ["Cabinet {L}", "{L} Notaires", "Pharmacie {L}", "{L} Architectes", "Garage {L} SARL",
           "Boulangerie {L}", "{L} Expertise Comptable"],
    "es": ["Clínica Dental {L}", "Asesoría {L}", "{L} Abogados", "Inmobiliaria {L}",
           "Transportes {L} S.L.", "Óptica {L}"],
    "pl": ["Kancelaria {L}", "{L} Sp. z o.o.", "Biuro Rachunkowe {L}", "Przychodnia {L}",
           "Hurtownia {L}"],
    "en": ["{L} & {M} CPA", "{L} Dental Group", "{L} Family Law", "{L} Veterinary Clinic",
           "{L} Logistics Ltd", "{L} Property Management", "{L} Engineering"],
}
_TLD = {"de": ["de", "de", "com", "eu"], "fr": ["fr", "fr", "com"], "es": ["es", "es", "com"],
        "pl": ["pl", "pl", "com.pl", "eu"], "en": ["com", "co.uk", "net", "us"]}
_MSPS = ["Northgate IT", "Bitwerk Systemhaus", "InfoSoluce", "Redes Levante", "Serwis IT Kraków",
         "Bluepeak Managed Services", "Kernwerk IT", "Atlantic Tech Partners", "Helpdesk Lumière",
         "Vistula Networks", "Cobalt Bay IT", "Nordlicht EDV", "Soporte Iberia", "Ridgeline MSP"]
_TECHS = ["mike", "sven", "karol", "aurélie", "nacho", "dominik", "jess", "bartek", "lucas",
          "tamara", "ben", "ines", "florian", "ola", "rémi", "carlos"]
_SITES = ["HQ", "Filiale Nord", "Lyon", "Warszawa", "Valencia", "Leeds", "Praxis 2", "Lager",
          "Agence Nantes", "Oddział Gdańsk", "Sede Central", "Annex", "Showroom", "Bureau Paris"]
_WORDS = ["Sommer", "Winter", "Fenster", "Drucker", "Kaffee", "Sonne", "Hafen", "Wolke", "Katze",
          "Tanne", "Soleil", "Bureau", "Fromage", "Printemps", "Chaton", "Lumiere", "Verano",
          "Oficina", "Gato", "Playa", "Luna", "Naranja", "Zima", "Kawa", "Lato", "Biuro", "Wiosna",
          "Slonce", "Jesien", "Coffee", "Tiger", "Harbor", "Maple", "Falcon", "Pebble", "Rocket",
          "Lantern", "Bison", "Orchid", "Anchor", "Kolibri", "Paloma", "Castor", "Wiewiorka"]
_PPW = ["orange", "tractor", "velvet", "canyon", "pepper", "glacier", "lemon", "walrus", "copper",
        "meadow", "pickle", "violin", "thunder", "basket", "saffron", "pirate", "nebula", "cactus",
        "ziege", "brunnen", "kerze", "pomme", "nuage", "tortuga", "cebolla", "ogórek", "rower"]
_SYM = "!*+-?._@$"


def _pw_human(c=None):
    st = _i(0, 7)
    w = _c(_WORDS)
    if st == 0:
        p = w + str(_i(2019, 2026)) + _c("!*?$.")
    elif st == 1:
        p = w + _c(_SYM) + _c(_WORDS) + str(_i(10, 99))
    elif st == 2:
        p = ".".join([w.lower(), _c(_WORDS).lower(), str(_i(100, 9999))])
    elif st == 3:
        p = _slug(_c(_LAST)).capitalize() + _c(["@", "#", "!", ""]) + str(_i(2020, 2026))
    elif st == 4:
        p = w + str(_i(1000, 9999))
    elif st == 5:
        p = w.replace("a", "@").replace("o", "0").replace("e", "3") + _c("!$") + str(_i(1, 99))
    elif st == 6:
        p = _c(_WORDS) + "-" + w.lower() + "-" + str(_i(10, 999))
    else:
        p = w.upper()[:1] + w[1:].lower() + _c(_SYM) + _s(_DG, 3) + _c(_UP)
    while len(p) < 9:
        p += str(_i(0, 9))
    return p


def _pw_strong(n=None):
    n = n or _i(12, 22)
    alpha = _AN + _SYM
    while True:
        p = _s(_AN, 1) + _s(alpha, n - 1)
        if any(ch in _SYM for ch in p) and any(ch in _DG for ch in p):
            return p


def _pw(c=None):
    return _pw_human() if _R.random() < 0.6 else _pw_strong()


def _pwu(c=None):
    """password safe inside URLs and unquoted contexts"""
    if _R.random() < 0.5:
        return _c(_WORDS) + _c("-_.") + _s(_AN, _i(4, 8)) + str(_i(10, 99))
    return _s(_AN, _i(14, 24))


def _pp(c=None):
    return _c(" -.") .join(_R.sample(_PPW, _i(3, 4)))


def _bitlocker(c=None):
    return "-".join("%06d" % (_i(0, 65535) * 11) for _ in range(8))


def _azsec(c=None):
    return _s(_AN, 3) + _s(_DG, 1) + "Q~" + _s(_AN + "_~.-", 34)


def _pem(nlines, first="MIIE"):
    body = first + _s(_B64, 64 * nlines - len(first) - _i(8, 40))
    lines = [body[k:k + 64] for k in range(0, len(body), 64)]
    return "\n".join(lines)


def _jwt(alg="HS256", claims=None):
    head = _b64u(_json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")))
    body = {"sub": _uuid(), "iat": _i(1700000000, 1760000000)}
    body.update(claims or {})
    pay = _b64u(_json.dumps(body, separators=(",", ":")))
    sig = _s(_URLC, 43 if alg.startswith("HS") else 342)
    return head + "." + pay + "." + sig


# ------------------------------------------------------- placeholder engine
def _org(c):
    lang = c.get("lang") or _c(list(_ORGFORMS))
    c["lang"] = lang
    last = c.get("last") or _c(_LAST)
    form = _c(_ORGFORMS[lang])
    org = form.replace("{L}", last).replace("{M}", _c(_LAST))
    suf = _slug(form.split()[0] if form[0] != "{" else form.split()[-1])
    c["orgslug"] = _slug(last) + (_c(["", "", "-" + suf]) if len(suf) > 2 else "")
    return org


def _dom(c):
    _get(c, "org")
    return c["orgslug"].strip("-") + "." + _c(_TLD[c["lang"]])


def _adom(c):
    return _c([_get(c, "slug") + ".local", "corp." + _get(c, "dom"), "ad." + _get(c, "dom"),
               _get(c, "slug") + ".lan", _get(c, "dom")])


def _host(c):
    return _c(["dc01", "srv-file01", "nas01", "fw01", "vpn", "rds01", "app01", "sql01", "backup01",
               "pbx", "print01", "srv01", "hv01", "ts02", "dc02"]) + "." + _get(c, "adom")


def _private_ip(c):
    k = _i(0, 2)
    if k == 0:
        return "192.168.%d.%d" % (_c([0, 1, 2, 10, 20, 50, 100, 178]), _i(2, 250))
    if k == 1:
        return "10.%d.%d.%d" % (_i(0, 40), _i(0, 30), _i(2, 250))
    return "172.%d.%d.%d" % (_i(16, 31), _i(0, 20), _i(2, 250))


def _pub_ip(c):
    return "%d.%d.%d.%d" % (_c([31, 37, 46, 62, 77, 78, 80, 81, 84, 85, 88, 91, 94, 145, 176, 185, 212, 213, 217]),
                            _i(0, 255), _i(0, 255), _i(2, 254))


def _ticket(c):
    k = _i(0, 4)
    if k == 0:
        return "T2025%02d%02d.%04d" % (_i(1, 12), _i(1, 28), _i(1, 120))
    if k == 1:
        return "#%d" % _i(100000, 999999)
    if k == 2:
        return "HALO-%d" % _i(10000, 99999)
    if k == 3:
        return "CW-%d" % _i(1000000, 2999999)
    return "Ticket %d" % _i(20000, 89999)


_P = {
    "first": lambda c: _c(_FIRST),
    "first2": lambda c: _c(_FIRST),
    "last": lambda c: _c(_LAST),
    "org": _org,
    "slug": lambda c: (_get(c, "org"), c["orgslug"].replace("-", ""))[1],
    "SLUG": lambda c: _get(c, "slug").upper()[:10],
    "DOM": lambda c: _get(c, "slug").upper()[:12],
    "dom": _dom,
    "adom": _adom,
    "email": lambda c: _slug(_get(c, "first")) + "." + _slug(_get(c, "last")) + "@" + _get(c, "dom"),
    "email2": lambda c: _c(["info", "buchhaltung", "contabilidad", "biuro", "accueil", "office", "scan",
                            "reception", "admin", "sekretariat"]) + "@" + _get(c, "dom"),
    "u": lambda c: _c([_slug(_get(c, "first"))[0] + _slug(_get(c, "last")),
                       _slug(_get(c, "first")) + "." + _slug(_get(c, "last")),
                       _slug(_get(c, "last")) + _slug(_get(c, "first"))[:2]]),
    "svc": lambda c: _c(["svc_scan", "svc_backup", "svc-veeam", "svc_rmm", "scanner", "svc.sql",
                         "svc_ldap", "svc-printer", "svc_sync", "svc_docs"]),
    "ladmin": lambda c: _c(["itadmin", "support", _get(c, "slug")[:8] + "admin", "localadmin",
                            "msp.admin", "techadmin", "helpdesk"]),
    "tech": lambda c: _c(_TECHS),
    "tech2": lambda c: _c(_TECHS),
    "msp": lambda c: _c(_MSPS),
    "mspslug": lambda c: _slug("".join(_get(c, "msp").split()[:2])),
    "mspdom": lambda c: _get(c, "mspslug") + _c([".com", ".de", ".fr", ".es", ".pl", ".net", ".io"]),
    "host": _host,
    "host2": _host,
    "pc": lambda c: _c([_get(c, "SLUG")[:6] + "-PC%03d" % _i(1, 80), "DESKTOP-" + _s(_UP + _DG, 7),
                        "LT-" + _slug(_get(c, "first"))[:3].upper() + "-%02d" % _i(1, 40),
                        "WS-" + _get(c, "SLUG")[:4] + "-%02d" % _i(1, 60)]),
    "nas": lambda c: _c(["nas01", _get(c, "slug")[:10] + "-nas", "ds920", "qnap-backup",
                         "nas." + _get(c, "adom"), "syno-" + _get(c, "slug")[:6]]),
    "ip": _private_ip,
    "ip2": _private_ip,
    "pubip": _pub_ip,
    "port": lambda c: str(_c([443, 8443, 4443, 10443, 9443, 8080])),
    "ssid": lambda c: _c([_get(c, "slug")[:10].capitalize() + "-Office", "Gast-WLAN", "Bureau_5G",
                          _get(c, "slug")[:8].upper() + "_STAFF", "Invitados", "Goscie", "Guest-" +
                          _get(c, "slug")[:6], "Praxis-Intern", "WIFI-" + _s(_UP + _DG, 4), "Livebox-" + _s(_HX.upper(), 4),
                          "FRITZ!Box 7590 " + _s(_UP, 2)]),
    "site": lambda c: _c(_SITES),
    "ticket": _ticket,
    "date": lambda c: "2025-%02d-%02d" % (_i(1, 12), _i(1, 28)),
    "dedate": lambda c: "%02d.%02d.2025" % (_i(1, 28), _i(1, 12)),
    "ts": lambda c: _ts(),
    "time": lambda c: "%02d:%02d" % (_i(7, 19), _i(0, 59)),
    "ext": lambda c: str(_i(101, 899)),
    "phone": lambda c: _c(["+49 30 ", "+33 1 ", "+34 91 ", "+48 22 ", "+44 113 "]) + "%d %d" % (_i(100, 999), _i(1000, 9999)),
    "mac": lambda c: ":".join(_s(_HX.upper(), 2) for _ in range(6)),
    "serial": lambda c: _c(["VNB", "CN", "JPB", "W", "E7"]) + _s(_UP + _DG, 8),
    "printer": lambda c: _c(["HP LaserJet M428fdw", "Kyocera TASKalfa 2553ci", "Ricoh IM C3000",
                             "Brother MFC-L8900CDW", "Canon iR-ADV C3826", "Xerox VersaLink C405",
                             "Konica Minolta bizhub C258", "Epson WF-C579R", "Sharp MX-3071"]),
    "fw": lambda c: _c(["FortiGate 60F", "SonicWall TZ370", "WatchGuard T45", "pfSense", "UniFi UDM Pro",
                        "Sophos XGS 2100", "Meraki MX68", "OPNsense", "MikroTik RB5009", "Zyxel USG Flex 200"]),
    "db": lambda c: _c(["lexware", "datev_sync", "praxis", "ventas", "ksiegowosc", "compta", "crm",
                        "inventory", "sage50", "optimo"]),
    "tenant": lambda c: _get(c, "slug")[:14] + _c(["", "", "corp", "group", "365"]) + ".onmicrosoft.com",
    "tid": lambda c: _uuid(),
    "uuid": lambda c: _uuid(),
    "uuid2": lambda c: _uuid(),
    "uuid3": lambda c: _uuid(),
    "UUID": lambda c: _uuid().upper(),
    "UUID2": lambda c: _uuid().upper(),
    "region": lambda c: _c(["eu", "na", "au", "eu"]),
    "cwsite": lambda c: _c(["api-eu.myconnectwise.net", "api-na.myconnectwise.net", "api-au.myconnectwise.net",
                            "cw." + _get(c, "mspdom")]),
    "dz": lambda c: _c(["zinfandel", "merlot", "pinotage", "concord", "vidal", "syrah"]),
    "ninja": lambda c: _c(["eu.ninjarmm.com", "app.ninjarmm.com", "ca.ninjarmm.com", "oc.ninjarmm.com"]),
    "n": lambda c: str(_i(2, 60)),
    "n3": lambda c: str(_i(100, 999)),
    "n5": lambda c: str(_i(10000, 99999)),
    "ver": lambda c: "%d.%d.%d" % (_i(1, 12), _i(0, 20), _i(0, 9999)),
    "pw": _pw,
    "pwh": _pw_human,
    "pws": lambda c: _pw_strong(),
    "pwu": _pwu,
    "pp": _pp,
    "bitlocker": _bitlocker,
    "azsec": _azsec,
    "pin6": lambda c: "%06d" % _i(0, 999999),
    "pin8": lambda c: "%08d" % _i(0, 99999999),
    "gapp": lambda c: " ".join(_s(_LO, 4) for _ in range(4)),
    "bucket": lambda c: _get(c, "slug")[:12] + _c(["-backup", "-veeam", "-b2", "-offsite", "-nas"]),
    "lang": lambda c: _c(list(_ORGFORMS)),
}


def _get(c, name):
    if name in c:
        return c[name]
    if name in _P:
        v = _P[name](c)
    else:
        m = _KIND_RE.match(name)
        if m:
            v = _s(_KINDS[m.group(1)], int(m.group(2)))
        else:
            base = _re.sub(r"_\w+$", "", name)
            if base in _P and base != name:
                v = _P[base](c)
            else:
                raise KeyError(name)
    c[name] = v
    return v


def _fill(tpl, c):
    def rep(m):
        inner = m.group(1)
        if "|" in inner:
            return _c(inner.split("|"))
        return _get(c, inner)
    prev = None
    while prev != tpl:
        prev = tpl
        tpl = _PH_RE.sub(rep, tpl, count=1)
    return tpl


def _make(spec):
    fmt, tpl = spec[0], spec[1]
    sec = spec[2] if len(spec) > 2 else None
    vis = spec[3] if len(spec) > 3 else ""
    for _attempt in range(40):
        if callable(tpl):
            t, s, v = tpl()
        else:
            s = sec() if callable(sec) else _fill(sec, {})
            c = {"S": s}
            t = _fill(tpl, c)
            if vis.startswith("@"):
                v = c[vis[1:]]
            else:
                v = vis
        if s in t and len(s) >= 6 and (not v or (v in t and v not in s and s not in v)):
            return t, s, v
    raise ValueError("cannot build " + fmt)


# ------------------------------------------------------------------ commands
def _cmd_basic_header():
    c = {}
    u = "scanner@" + _get(c, "dom")
    p = _pwu()
    tok = _b64e(u + ":" + p)
    t = _fill("curl -sk -H 'Authorization: Basic " + tok + "' https://«ip»/api/v1/smtp/test -d '{\"to\":\"«email»\"}'", c)
    return t, tok, c["ip"]


def _cmd_split_ps():
    c = {}
    s = _azsec()
    t = _fill("Connect-MgGraph -TenantId «tid» `\n  -ClientSecretCredential (New-Object PSCredential('«uuid»', `\n  (ConvertTo-SecureString '" + s + "' -AsPlainText -Force)))", c)
    return t, s, c["tid"]


def _cmd_s1():
    c = {}
    tok = _b64e(_json.dumps({"url": "https://euce1-" + _s(_LO + _DG, 4) + ".sentinelone.net", "site_key": _s(_HX, 16)}))
    t = _fill('SentinelOneInstaller_windows_64bit_v«ver».exe -t "' + tok + '" -q', c)
    return t, tok, c["ver"]


_CMD = [
    ("cw-manage-basic-auth-curl", "curl -s -u '«mspslug»+«an16»:«S»' -H 'clientId: «uuid»' 'https://«cwsite»/v4_6_release/apis/3.0/service/tickets?conditions=status/name=\"New\"&pageSize=50'", "«an16»", "@cwsite"),
    ("datto-rmm-password-grant-curl", "curl -s -X POST https://«dz»-api.centrastage.net/auth/oauth/token -u public-client:public -d grant_type=password -d username=«upnum32» -d 'password=«S»'", "«upnum32»", "@dz"),
    ("ninjaone-client-credentials-curl", "curl -s -X POST https://«ninja»/ws/oauth/token -d grant_type=client_credentials -d client_id=«url27» -d client_secret=«S» -d scope=monitoring", "«url50»", "@ninja"),
    ("itglue-x-api-key-curl", "curl -s -H \"x-api-key: «S»\" -H 'Content-Type: application/vnd.api+json' \"https://api.«eu.|»itglue.com/organizations?filter[name]=«org»\"", "ITG.«hex32».«url64»", "@org"),
    ("hudu-api-key-curl", "curl -s https://docs.«mspdom»/api/v1/companies?name=«slug» -H 'x-api-key: «S»' | jq '.companies[0].id'", "«an24»", "@mspdom"),
    ("syncro-api-key-query-curl", "curl -s \"https://«mspslug».syncromsp.com/api/v1/customers?query=«slug»&api_key=«S»\"", "T«hex15»-«an22»", "@mspslug"),
    ("atera-api-key-header-curl", "curl -s -H \"X-API-KEY: «S»\" -H 'Accept: application/json' 'https://app.atera.com/api/v3/agents?itemsInPage=50&page=«n»'", "«hex32»", ""),
    ("halopsa-client-secret-curl", "curl -X POST https://«mspslug».halopsa.com/auth/token -H 'Content-Type: application/x-www-form-urlencoded' -d \"grant_type=client_credentials&client_id=«uuid»&client_secret=«S»&scope=all\"", "«uuid»-«uuid2»", "@uuid"),
    ("powershell-clientsecretcredential-split", _cmd_split_ps),
    ("net-user-add-domain", "net user «u» «S» /add /domain /fullname:\"«first» «last»\"", "«pwh»", "@u"),
    ("net-use-map-drive-password", r"net use S: \\«nas»\scans /user:«DOM»\«svc» «S» /persistent:yes", "«pw»", "@nas"),
    ("set-adaccountpassword-reset", "Set-ADAccountPassword -Identity «u» -Reset -NewPassword (ConvertTo-SecureString \"«S»\" -AsPlainText -Force); Set-ADUser «u» -ChangePasswordAtLogon $true", "«pwh»", "@u"),
    ("new-localuser-plaintext", "New-LocalUser -Name '«ladmin»' -Password (ConvertTo-SecureString '«S»' -AsPlainText -Force) -PasswordNeverExpires -Description 'MSP break-glass'", "«pws»", "@ladmin"),
    ("cmdkey-add-pass", r"cmdkey /add:«host» /user:«DOM»\«svc» /pass:«S»", "«pw»", "@host"),
    ("psexec-u-p", r'''PsExec64.exe \\«pc» -u «DOM»\Administrator -p «S» -s -h cmd /c "gpupdate /force"''', "«pw»", "@pc"),
    ("sshpass-ssh-firewall", "sshpass -p '«S»' ssh -o StrictHostKeyChecking=no admin@«ip» 'get system status'", "«pw»", "@ip"),
    ("mysql-cli-attached-p", "mysql -h «ip» -u «db»_ro -p«S» «db» -e 'SELECT COUNT(*) FROM rechnungen;'", "«pwu»", "@ip"),
    ("sqlcmd-sa-password", r'''sqlcmd -S «host»\SQLEXPRESS -U sa -P "«S»" -Q "BACKUP DATABASE [«db»] TO DISK='D:\Backup\«db».bak' WITH COMPRESSION"''', "«pw»", "@host"),
    ("smbclient-user-percent-pass", "smbclient //«nas»/scans -U «svc»%«S» -c 'ls; get test.pdf'", "«pwu»", "@nas"),
    ("mount-cifs-password-option", "sudo mount -t cifs //«ip»/backup /mnt/backup -o username=«svc»,password=«S»,vers=3.0,uid=1000", "«pwu»", "@ip"),
    ("swaks-smtp-auth-password", "swaks --to «email» --from scanner@«dom» --server smtp.office365.com:587 --tls --auth LOGIN --auth-user scanner@«dom» --auth-password '«S»' --header 'Subject: scan2mail test'", "«pw»", "@email"),
    ("curl-smtps-google-app-password", "curl --ssl-reqd --url 'smtps://smtp.gmail.com:465' --user 'scan@«dom»:«S»' --mail-from scan@«dom» --mail-rcpt «email» --upload-file test.eml", "«gapp»", "@email"),
    ("wpa-passphrase-positional", "wpa_passphrase \"«ssid»\" '«S»' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf", "«pw»", "@ssid"),
    ("nmcli-wifi-connect-password", "nmcli dev wifi connect \"«ssid»\" password \"«S»\" ifname wlan0", "«pw»", "@ssid"),
    ("unifi-controller-login-curl", "curl -sk -c /tmp/unifi.cookie -X POST https://«ip»:8443/api/login -H 'Content-Type: application/json' -d '{\"username\":\"«ladmin»\",\"password\":\"«S»\",\"remember\":false}'", "«pws»", "@ip"),
    ("fortigate-rest-bearer-curl", "curl -sk -H 'Authorization: Bearer «S»' 'https://«pubip»:«port»/api/v2/monitor/system/status'", "«lonum30»", "@pubip"),
    ("meraki-dashboard-key-curl", "curl -L -s -H 'X-Cisco-Meraki-API-Key: «S»' https://api.meraki.com/api/v1/organizations/«num6»/networks", "«hex40»", ""),
    ("restic-password-env-inline", "RESTIC_PASSWORD='«S»' restic -r b2:«bucket»:/«pc» snapshots --latest 3", "«pp»", "@bucket"),
    ("b2-authorize-account-positional", "b2 account authorize 005«hex22»«num3» «S»", "K005«an27»", ""),
    ("aws-configure-set-wasabi-secret", "aws configure set aws_secret_access_key «S» --profile wasabi-«slug» && aws s3 ls --profile wasabi-«slug» --endpoint-url=https://s3.eu-central-1.wasabisys.com", "«b64_40»", "@slug"),
    ("rclone-config-create-s3-secret", "rclone config create wasabi-«slug» s3 provider Wasabi access_key_id «upnum20» secret_access_key «S» endpoint s3.wasabisys.com", "«an40»", "@slug"),
    ("veeam-add-vbrcredentials", r'''Add-VBRCredentials -User "«DOM»\svc_veeam" -Password "«S»" -Description "«org» NAS repo"''', "«pw»", "@org"),
    ("synouser-setpw-positional", "sudo synouser --setpw «u» '«S»'", "«pwh»", "@u"),
    ("htpasswd-batch-mode", "htpasswd -b -c /etc/nginx/.htpasswd-«slug» «u» '«S»'", "«pw»", "@u"),
    ("docker-login-password-flag", "docker login «mspslug».azurecr.io -u «mspslug»-pull -p «S»", "«an52»", "@mspslug"),
    ("git-clone-oauth2-token-url", "git clone https://oauth2:«S»@gitlab.«mspdom»/automation/rmm-scripts.git", "glpat-«url20»", "@mspdom"),
    ("enter-pssession-securestring", r'''$pw = ConvertTo-SecureString "«S»" -AsPlainText -Force; Enter-PSSession -ComputerName «pc» -Credential (New-Object System.Management.Automation.PSCredential("«DOM»\«ladmin»", $pw))''', "«pw»", "@pc"),
    ("msiexec-huntress-account-key", r'''msiexec /i HuntressAgent.msi /qn ACCT_KEY="«S»" ORG_KEY="«slug»" TAGS="«site»"''', "«hex32»", "@slug"),
    ("sentinelone-installer-site-token", _cmd_s1),
    ("snmpwalk-v3-same-auth-priv", "snmpwalk -v3 -l authPriv -u monitor -a SHA -A '«S»' -x AES -X '«S»' «ip» 1.3.6.1.2.1.43.10.2.1.4", "«pws»", "@ip"),
    ("snmpwalk-v2c-community", "snmpwalk -v2c -c «S» «ip» 1.3.6.1.2.1.43.11.1.1.9", "«lo6»-«lonum6»", "@ip"),
    ("ldapsearch-bind-w", "ldapsearch -x -H ldap://«host» -D 'CN=«svc»,OU=Service Accounts,DC=«slug»,DC=local' -w '«S»' -b 'DC=«slug»,DC=local' '(sAMAccountName=«u»)' memberOf", "«pw»", "@host"),
    ("psql-connection-uri-password", "psql \"postgresql://«db»_app:«S»@«ip»:5432/«db»?sslmode=require\" -c '\\dt'", "«pwu»", "@ip"),
    ("redis-cli-a-flag", "redis-cli -h «ip» -p 6379 -a «S» --no-auth-warning info keyspace", "«an32»", "@ip"),
    ("wget-user-password-flags", "wget --user=«ladmin» --password='«S»' https://«ip»:«port»/backup/config-«date».xml", "«pw»", "@ip"),
    ("lftp-user-comma-pass", "lftp -u scanner,«S» ftp://«ip» -e 'ls scans; bye'", "«pwu»", "@ip"),
    ("ipmitool-lanplus-password-flag", "ipmitool -I lanplus -H «ip» -U ADMIN -P «S» chassis power status", "«upnum10»", "@ip"),
    ("racadm-remote-p", "racadm -r «ip» -u root -p '«S»' getsysinfo", "«pw»", "@ip"),
    ("curl-printer-ews-basic", "curl -sk -u admin:«S» https://«ip»/DevMgmt/ProductConfigDyn.xml | xmllint --format -", "«pwu»", "@ip"),
    ("az-login-service-principal-p", "az login --service-principal -u «uuid» -p «S» --tenant «tenant»", "«azsec»", "@tenant"),
    ("gam-update-user-password", "gam update user «email» password '«S»' changepassword on", "«pwh»", "@email"),
    ("gam-create-user-positional-password", "gam create user «email» firstname «first» lastname «last» password «S» org /Staff/«Office|Praxis|Buero|Biuro»", "«pwu»", "@email"),
    ("set-msoluserpassword-newpassword", "Set-MsolUserPassword -UserPrincipalName «email» -NewPassword \"«S»\" -ForceChangePassword $true", "«pwh»", "@email"),
    ("update-mguser-passwordprofile", "Update-MgUser -UserId «email» -PasswordProfile @{ Password = '«S»'; ForceChangePasswordNextSignIn = $true }", "«pw»", "@email"),
    ("openssl-pkcs12-passout-pass", "openssl pkcs12 -export -in «host».crt -inkey «host».key -certfile chain.pem -out «host».pfx -passout pass:«S»", "«pw»", "@host"),
    ("certutil-importpfx-p", "certutil -f -p \"«S»\" -importpfx My wildcard-«dom».pfx", "«pw»", "@dom"),
    ("7z-archive-p-attached", "7z a -p«S» -mhe=on «slug»-mailbox-export-«date».7z .\\export\\*.pst", "«pwu»", "@slug"),
    ("zip-capital-p-flag-handoff", "zip -P '«S»' «slug»-zugangsdaten.zip zugangsdaten.xlsx", "«pw»", "@slug"),
    ("gh-secret-set-piped-echo", "echo -n '«S»' | gh secret set NINJA_CLIENT_SECRET --repo «mspslug»/rmm-automation", "«url52»", "@mspslug"),
    ("vault-kv-put-password", "vault kv put secret/clients/«slug»/m365 username=admin@«tenant» password='«S»'", "«pws»", "@tenant"),
    ("op-item-create-assignment", "op item create --category login --title \"«org» firewall\" --vault Clients username=admin 'password=«S»' url=https://«pubip»:«port»", "«pws»", "@org"),
    ("bw-unlock-master-positional", "bw unlock '«S»' --raw > ~/.bw_session", "«pp»", ""),
    ("reg-add-winlogon-defaultpassword", r'''reg add "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon" /v DefaultPassword /t REG_SZ /d "«S»" /f''', "«pwh»", ""),
    ("sysinternals-autologon-positional", "Autologon64.exe kiosk «DOM» «S» /accepteula", "«pwh»", "@DOM"),
    ("splashtop-deploy-code-msiexec", "msiexec /i Splashtop_Streamer_Windows_DEPLOY_INSTALLER_v«ver».msi USERINFO=\"dcode=«S»,hidewindow=1,confirm_d=0\" /qn", "«upnum12»", "@ver"),
    ("teamviewer-assignment-id", "\"C:\\Program Files\\TeamViewer\\TeamViewer.exe\" assignment --id «S» --device-alias=«pc» --retries=3", "0001CoABChB«url38»EigIACAAAgAJ«url24»", "@pc"),
    ("invoke-restmethod-hudu-header", "Invoke-RestMethod -Uri 'https://docs.«mspdom»/api/v1/assets?company_id=«n3»' -Headers @{'x-api-key'='«S»'}", "«an24»", "@mspdom"),
    ("add-itglueapikey-cmdlet", "Add-ITGlueBaseURI -base_uri 'https://api.eu.itglue.com'; Add-ITGlueAPIKey -Api_Key \"«S»\"", "ITG.«hex32».«url64»", ""),
    ("connect-haloapi-clientsecret", "Connect-HaloAPI -URL 'https://«mspslug».halopsa.com' -ClientId '«uuid»' -ClientSecret '«S»' -Scopes 'all'", "«uuid»-«uuid2»", "@mspslug"),
    ("pgpassword-env-pg-dump", "PGPASSWORD='«S»' pg_dump -h «ip» -U «db»_backup -Fc «db» > /srv/backup/«db»-«date».dump", "«pw»", "@ip"),
    ("zendesk-email-token-basic", "curl https://«mspslug».zendesk.com/api/v2/tickets.json -u «email»/token:«S»", "«an40»", "@email"),
    ("twilio-sid-token-curl", "curl -X POST https://api.twilio.com/2010-04-01/Accounts/AC«hex32»/Messages.json --data-urlencode 'Body=Server «host» down' --data-urlencode 'To=«phone»' -u AC«hex32»:«S»", "«hex32»", "@host"),
    ("yealink-digest-reboot", "curl --digest -u admin:«S» 'http://«ip»/cgi-bin/ConfigManApp.com?key=REBOOT'", "«pwu»", "@ip"),
    ("wp-cli-user-pass", "wp user update «u» --user_pass='«S»' --path=/var/www/«dom»", "«pw»", "@u"),
    ("curl-basic-header-base64", _cmd_basic_header),
    ("install-addsforest-dsrm", "Install-ADDSForest -DomainName «slug».local -DomainNetbiosName «DOM» -SafeModeAdministratorPassword (ConvertTo-SecureString '«S»' -AsPlainText -Force) -InstallDns -Force", "«pws»", "@DOM"),
    ("schtasks-create-ru-rp", r'''schtasks /create /tn "«org» Nightly Sync" /tr "C:\Scripts\sync.cmd" /sc daily /st 02:00 /ru «DOM»\«svc» /rp «S»''', "«pw»", "@svc"),
]


# --------------------------------------------------------------- tool output
def _to_kubectl_b64():
    c = {}
    pw = _pw()
    b = _b64e(pw)
    t = _fill("$ kubectl get secret «slug»-smtp -n mail -o yaml\napiVersion: v1\ndata:\n  password: " + b +
              "\n  username: " + _b64e("scanner") + "\nkind: Secret\nmetadata:\n  name: «slug»-smtp\n  namespace: mail\ntype: Opaque", c)
    return t, b, c["slug"] + "-smtp"


def _to_curl_v_basic():
    c = {}
    u = _get(c, "ladmin")
    p = _pwu()
    tok = _b64e(u + ":" + p)
    t = _fill("* Connected to «ip» («ip») port 443 (#0)\n> GET /api/v2/cmdb/system/interface HTTP/1.1\n> Host: «ip»\n> Authorization: Basic " + tok +
              "\n> User-Agent: curl/8.5.0\n> Accept: */*\n>\n< HTTP/1.1 200 OK", c)
    return t, tok, c["ip"]


def _to_pkcs12_info():
    c = {}
    body = _pem(_i(8, 14), "MIIEv")
    t = _fill("$ openssl pkcs12 -in wildcard-«dom».pfx -nodes -passin pass:$PFX_PASS\nBag Attributes\n    localKeyID: " +
              " ".join(_s(_HX.upper(), 2) for _ in range(20)) + "\nKey Attributes: <No Attributes>\n-----BEGIN PRIVATE KEY-----\n" +
              body + "\n-----END PRIVATE KEY-----", c)
    return t, body, "wildcard-" + c["dom"] + ".pfx"


def _to_cat_id_ed25519():
    c = {}
    body = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n" + _pem(_i(3, 4), _s(_B64, 2))
    t = _fill("$ cat ~/.ssh/id_ed25519_«slug»\n-----BEGIN OPENSSH PRIVATE KEY-----\n" + body + "\n-----END OPENSSH PRIVATE KEY-----", c)
    return t, body, "id_ed25519_" + c["slug"]


def _to_secretsmanager():
    c = {}
    pw = _pwu()
    t = _fill('$ aws secretsmanager get-secret-value --secret-id clients/«slug»/sql --query SecretString --output text\n'
              '{"username":"«db»_app","password":"' + pw + '","host":"«ip»","port":1433}', c)
    return t, pw, "clients/" + c["slug"] + "/sql"


def _to_escaped_secretstring():
    c = {}
    pw = _pws()
    t = _fill('{\n    "ARN": "arn:aws:secretsmanager:eu-central-1:«num12»:secret:«slug»-smtp-«an6»",\n    "Name": "«slug»-smtp",\n'
              '    "SecretString": "{\\"user\\":\\"scanner@«dom»\\",\\"password\\":\\"' + pw + '\\"}",\n    "VersionStages": ["AWSCURRENT"]\n}', c)
    return t, pw, c["slug"] + "-smtp"


def _to_mgapppw():
    c = {}
    sec = _azsec()
    t = _fill("PS> Add-MgApplicationPassword -ApplicationId «uuid» -PasswordCredential @{DisplayName='rmm-sync'}\n\n"
              "CustomKeyIdentifier DisplayName EndDateTime         Hint KeyId                                SecretText\n"
              "------------------- ----------- -----------         ---- -----                                ----------\n"
              "                    rmm-sync    «date» 10:14:55 " + sec[:3] + "  «uuid2» " + sec, c)
    return t, sec, c["uuid2"]


def _pws():
    return _pw_strong()


_TOOL = [
    ("netsh-wlan-key-content", "$ netsh wlan show profile name=\"«ssid»\" key=clear\n\nSecurity settings\n-----------------\n    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n    Security key           : Present\n    Key Content            : «S»\n", "«pw»", "@ssid"),
    ("ninjaone-token-response-json", "{\"access_token\":\"«S»\",\"expires_in\":3600,\"scope\":\"monitoring management\",\"token_type\":\"Bearer\"}", "«url86»", "Bearer"),
    ("datto-rmm-token-response", "HTTP/1.1 200\ncontent-type: application/json\n\n{\"access_token\":\"«S»\",\"token_type\":\"bearer\",\"expires_in\":359999,\"scope\":\"default\",\"jti\":\"«uuid2»\"}", "«uuid»", "@uuid2"),
    ("get-itgluepasswords-list", "PS> (Get-ITGluePasswords -organization_id «num7» -filter_name 'Firewall').data.attributes | fl name,username,password\n\nname     : «org» - «fw» admin\nusername : admin\npassword : «S»", "«pws»", "@org"),
    ("hudu-asset-password-json", "{\"asset_password\":{\"id\":«n3»,\"company_id\":«n3»,\"name\":\"«org» - Router\",\"username\":\"admin\",\"password\":\"«S»\",\"url\":\"https://«ip»\",\"password_folder_name\":\"Network\"}}", "«pw»", "@org"),
    ("bw-get-item-login-json", "$ bw get item \"«org» M365 Global Admin\" | jq .login\n{\n  \"username\": \"admin@«tenant»\",\n  \"password\": \"«S»\",\n  \"totp\": null,\n  \"passwordRevisionDate\": \"«ts».000Z\"\n}", "«pws»", "@tenant"),
    ("op-read-reveal-bare-line", "$ op item get '«printer» «site»' --vault Clients --fields label=password --reveal\n«S»\n$ ", "«pw»", "@site"),
    ("docker-inspect-env-array", "$ docker inspect «slug»-app --format '{{json .Config.Env}}'\n[\"TZ=Europe/Berlin\",\"DB_HOST=«ip»\",\"DB_PASSWORD=«S»\",\"PATH=/usr/local/sbin:/usr/local/bin\"]", "«pwu»", "@ip"),
    ("printenv-azure-client-secret", "$ printenv | grep -i azure\nAZURE_TENANT_ID=«tid»\nAZURE_CLIENT_ID=«uuid»\nAZURE_CLIENT_SECRET=«S»", "«azsec»", "@tid"),
    ("kubectl-secret-yaml-base64", _to_kubectl_b64),
    ("new-mgapplicationpassword-output", _to_mgapppw),
    ("az-ad-sp-credential-reset-json", "$ az ad sp credential reset --id «uuid» --years 1\n{\n  \"appId\": \"«uuid»\",\n  \"password\": \"«S»\",\n  \"tenant\": \"«tid»\"\n}", "«azsec»", "@tid"),
    ("cat-wpa-supplicant-psk", "$ sudo cat /etc/wpa_supplicant/wpa_supplicant.conf\nctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\ncountry=DE\nnetwork={\n\tssid=\"«ssid»\"\n\tpsk=\"«S»\"\n\tkey_mgmt=WPA-PSK\n}", "«pw»", "@ssid"),
    ("unifi-wlanconf-x-passphrase", "  {\n    \"_id\": \"«hex24»\",\n    \"name\": \"«ssid»\",\n    \"security\": \"wpapsk\",\n    \"wpa_mode\": \"wpa2\",\n    \"x_passphrase\": \"«S»\",\n    \"site_id\": \"«hex24_b»\"\n  }", "«pw»", "@ssid"),
    ("cisco-type7-password-show-run", "«SLUG»-SW01#show running-config | include username|enable\nenable secret 9 $9$«url14»$«url43»\nusername «ladmin» privilege 15 password 7 «S»", "«num2»«HEX20»", "@ladmin"),
    ("cisco-snmp-community-show-run", "«SLUG»-CORE#sh run | i snmp\nsnmp-server community «S» RO 10\nsnmp-server location «site»\nsnmp-server contact noc@«mspdom»", "«an12»", "@site"),
    ("reg-query-winlogon-defaultpassword", r'''C:\> reg query "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon"
    AutoAdminLogon    REG_SZ    1
    DefaultUserName    REG_SZ    kiosk
    DefaultDomainName    REG_SZ    «DOM»
    DefaultPassword    REG_SZ    «S»''', "«pwh»", "@DOM"),
    ("select-string-unattend-value", "PS C:\\> Select-String -Path C:\\Windows\\Panther\\unattend.xml -Pattern '<Value>'\n\nC:\\Windows\\Panther\\unattend.xml:41:                    <Value>«S»</Value>", "«pw»", "unattend.xml"),
    ("grep-share-zugangsdaten-txt", "$ grep -ri passw /mnt/share/IT/Kunden/«slug»/\n/mnt/share/IT/Kunden/«slug»/zugangsdaten.txt:3:WLAN Passwort: «S»\n/mnt/share/IT/Kunden/«slug»/zugangsdaten.txt:7:Passwort Router: siehe Hudu", "«pw»", "zugangsdaten.txt"),
    ("findstr-si-ini-smtppassword", "C:\\ProgramData\\ScanToMail>findstr /si password *.ini *.xml\nscan_settings.ini:SMTPUser=scanner@«dom»\nscan_settings.ini:SMTPPassword=«S»", "«pw»", "scan_settings.ini"),
    ("az-keyvault-secret-show-value", "$ az keyvault secret show --vault-name kv-«slug» --name datto-api-secret --query '{name:name,value:value}'\n{\n  \"name\": \"datto-api-secret\",\n  \"value\": \"«S»\"\n}", "«upnum32»", "datto-api-secret"),
    ("terraform-output-json-sensitive", "$ terraform output -json\n{\n  \"vm_admin_password\": {\n    \"sensitive\": true,\n    \"type\": \"string\",\n    \"value\": \"«S»\"\n  },\n  \"vm_public_ip\": {\"sensitive\": false, \"type\": \"string\", \"value\": \"«pubip»\"}\n}", "«pws»", "@pubip"),
    ("vault-kv-get-table", "$ vault kv get secret/clients/«slug»/firewall\n====== Data ======\nKey         Value\n---         -----\npassword    «S»\nurl         https://«pubip»:«port»\nusername    admin", "«pws»", "@pubip"),
    ("aws-secretsmanager-text", _to_secretsmanager),
    ("env-grep-hudu-key", "$ env | grep -E 'HUDU|ITGLUE'\nHUDU_BASE_URL=https://docs.«mspdom»\nHUDU_API_KEY=«S»", "«an24»", "@mspdom"),
    ("cat-git-credentials", "$ cat ~/.git-credentials\nhttps://«tech»:«S»@github.com\nhttps://oauth2:****@gitlab.com", "ghp_«an36»", "@tech"),
    ("cat-netrc-machine", "$ cat ~/.netrc\nmachine «host» login «svc» password «S»\nmachine api.github.com login «tech» password $GH_TOKEN", "«pwu»", "@host"),
    ("cat-pgpass-line", "$ cat ~/.pgpass\n«ip»:5432:*:«db»_backup:«S»", "«pwu»", "@ip"),
    ("docker-compose-config-env", "$ docker compose config\nservices:\n  db:\n    environment:\n      MARIADB_DATABASE: «db»\n      MARIADB_ROOT_PASSWORD: «S»\n    image: mariadb:11.4", "«pwu»", "@db"),
    ("curl-verbose-basic-request", _to_curl_v_basic),
    ("curl-verbose-x-api-key", "> GET /api/v3/customers HTTP/2\n> Host: app.atera.com\n> user-agent: curl/8.4.0\n> accept: application/json\n> x-api-key: «S»\n>\n< HTTP/2 401", "«hex32»", "app.atera.com"),
    ("curl-verbose-set-cookie-session", "< HTTP/1.1 302 Found\n< Location: /hp/device/DeviceStatus/Index\n< Set-Cookie: sessionId=«S»; path=/; HttpOnly; Secure\n< Server: «printer»", "«lonum32»", "@printer"),
    ("invoke-restmethod-token-fl", "PS> $t = Invoke-RestMethod -Method Post -Uri https://login.microsoftonline.com/«tid»/oauth2/v2.0/token -Body $body; $t | fl\n\ntoken_type     : Bearer\nexpires_in     : 3599\next_expires_in : 3599\naccess_token   : «S»", "eyJ0eXAiOiJKV1QiLCJub25jZSI6Ij«url40».«url180».«url86»", "@tid"),
    ("openssl-pkcs12-info-key-body", _to_pkcs12_info),
    ("cat-openssh-private-key-body", _to_cat_id_ed25519),
    ("cat-wireguard-privatekey", "$ sudo cat /etc/wireguard/wg-«slug».conf\n[Interface]\nAddress = 10.«n».0.2/24\nPrivateKey = «S»\nDNS = «ip»\n\n[Peer]\nPublicKey = «b64_43»=\nEndpoint = «pubip»:51820", "«b64_43»=", "@pubip"),
    ("git-log-p-added-env", "$ git log -p -1 -- .env.example\ncommit «hex40»\nAuthor: «tech» <«tech»@«mspdom»>\n\n+SMTP_HOST=smtp.office365.com\n+SMTP_USER=scanner@«dom»\n+SMTP_PASSWORD=«S»", "«pw»", "@dom"),
    ("git-show-removed-json-key", "$ git show «hex7» -- config/prod.json\n@@ -3,7 +3,7 @@\n   \"psa\": \"halo\",\n-  \"apiKey\": \"«S»\",\n+  \"apiKey\": \"${HALO_API_KEY}\",\n   \"region\": \"eu\"", "«an40»", "${HALO_API_KEY}"),
    ("get-lapsadpassword-astext", "PS C:\\> Get-LapsADPassword -Identity «pc» -AsPlainText\n\nComputerName        : «pc»\nDistinguishedName   : CN=«pc»,OU=Workstations,DC=«slug»,DC=local\nAccount             : Administrator\nPassword            : «S»\nPasswordUpdateTime  : «dedate» 03:12:44\nExpirationTimestamp : «dedate» 03:12:44\nSource              : EncryptedPassword", "«pws»", "@pc"),
    ("get-admpwdpassword-legacy", "PS> Get-AdmPwdPassword -ComputerName «pc»\n\nComputerName         DistinguishedName                             Password           ExpirationTimestamp\n------------         -----------------                             --------           -------------------\n«pc»    CN=«pc»,OU=Clients,DC=«slug»,DC=local   «S»     «dedate» 11:04:21", "«an14»", "@pc"),
    ("get-bitlockervolume-recoverypassword", "PS C:\\> (Get-BitLockerVolume -MountPoint C:).KeyProtector\n\nKeyProtectorId      : {«UUID»}\nAutoUnlockProtector :\nKeyProtectorType    : RecoveryPassword\nKeyFileName         :\nRecoveryPassword    : «S»", "«bitlocker»", "RecoveryPassword"),
    ("manage-bde-protectors-numerical", "C:\\>manage-bde -protectors -get C:\nBitLocker Drive Encryption: Configuration Tool version 10.0.22621\n\nVolume C: [OS]\nAll Key Protectors\n\n    Numerical Password:\n      ID: {«UUID»}\n      Password:\n        «S»\n\n    TPM:\n      ID: {«UUID2»}", "«bitlocker»", "Numerical Password"),
    ("graph-bitlocker-recoverykeys-key", "GET https://graph.microsoft.com/v1.0/informationProtection/bitlocker/recoveryKeys/«uuid»?$select=key\n{\n  \"id\": \"«uuid»\",\n  \"createdDateTime\": \"«ts»Z\",\n  \"deviceId\": \"«uuid2»\",\n  \"key\": \"«S»\",\n  \"volumeType\": \"1\"\n}", "«bitlocker»", "@uuid2"),
    ("meraki-ssid-psk-json", "[\n  {\n    \"number\": 1,\n    \"name\": \"«ssid»\",\n    \"enabled\": true,\n    \"authMode\": \"psk\",\n    \"encryptionMode\": \"wpa\",\n    \"psk\": \"«S»\",\n    \"wpaEncryptionMode\": \"WPA2 only\"\n  }\n]", "«pw»", "@ssid"),
    ("autotask-udf-admin-password", "\"userDefinedFields\": [\n  {\"name\": \"Server Room Code\", \"value\": null},\n  {\"name\": \"Local Admin Password\", \"value\": \"«S»\"},\n  {\"name\": \"Backup Vendor\", \"value\": \"Datto SIRIS\"}\n]", "«pws»", "Backup Vendor"),
    ("cw-manage-configuration-password", "{\"id\":«n5»,\"name\":\"«org» «fw»\",\"type\":{\"name\":\"Firewall\"},\"ipAddress\":\"«pubip»\",\"username\":\"admin\",\"password\":\"«S»\",\"vendorNotes\":\"\"}", "«pws»", "@pubip"),
    ("itglue-api-password-attributes", "{\"data\":{\"id\":\"«num8»\",\"type\":\"passwords\",\"attributes\":{\"organization-name\":\"«org»\",\"name\":\"Synology DSM\",\"username\":\"«ladmin»\",\"password\":\"«S»\",\"url\":\"https://«ip»:5001\"}}}", "«pw»", "@org"),
    ("cat-cifs-credentials-file", "$ sudo cat /etc/samba/creds-«slug»\nusername=«svc»\npassword=«S»\ndomain=«DOM»", "«pw»", "@DOM"),
    ("pip-config-list-index-url", "$ pip config list\nglobal.index-url='https://«tech»:«S»@pypi.«mspdom»/simple'\nglobal.timeout='30'", "«an32»", "@mspdom"),
    ("git-remote-v-x-access-token", "$ git remote -v\norigin\thttps://x-access-token:«S»@github.com/«mspslug»/client-scripts.git (fetch)\norigin\thttps://x-access-token:«S»@github.com/«mspslug»/client-scripts.git (push)", "ghs_«an36»", "@mspslug"),
    ("crontab-l-mysqldump-p", "$ crontab -l\n# m h  dom mon dow   command\n30 1 * * * /usr/bin/mysqldump -u backup -p'«S»' --all-databases | gzip > /backup/mysql-$(date +\\%F).sql.gz", "«pw»", "/backup/mysql-"),
    ("ps-aux-cmdline-password", "$ ps aux | grep sync\nroot      «n5»  0.3  1.1 812344 44120 ?  Ssl  «time»   0:12 /opt/psa-sync/bin/psa-sync --psa halo --client-id «uuid» --client-secret «S»", "«url48»", "@uuid"),
    ("get-ciminstance-process-commandline", "PS> Get-CimInstance Win32_Process -Filter \"name='rmmagent.exe'\" | select -expand CommandLine\n\"C:\\Program Files\\«msp»\\rmmagent.exe\" --register --site «uuid» --token «S»", "«an40»", "@uuid"),
    ("systemctl-cat-environment", "$ systemctl cat backup-sync.service\n[Service]\nType=oneshot\nEnvironment=\"B2_ACCOUNT_ID=005«hex22»\"\nEnvironment=\"B2_ACCOUNT_KEY=«S»\"\nExecStart=/usr/local/bin/backup-sync.sh", "K005«an27»", "backup-sync.service"),
    ("bash-history-sshpass", "$ history | tail -4\n  511  ping «ip»\n  512  sshpass -p «S» ssh admin@«ip»\n  513  exit", "«pwu»", "@ip"),
    ("aws-secret-escaped-json", _to_escaped_secretstring),
    ("get-content-psd1-config", "PS> Get-Content .\\ClientConfig.psd1\n@{\n    ClientName = '«org»'\n    HuduApiKey = '«S»'\n    HuduBaseUrl = 'https://docs.«mspdom»'\n}", "«an24»", "@org"),
    ("jq-datto-component-variables", "$ jq '.variables' component.json\n[\n  {\"name\": \"SiteName\", \"value\": \"«org»\"},\n  {\"name\": \"AdminPass\", \"value\": \"«S»\"}\n]", "«pws»", "@org"),
    ("ncentral-jwt-in-ui-export", "N-central User Profile: API Access\nUser: api-«mspslug»\nJWT: «S»\nGenerated: «dedate»", lambda: _jwt("HS512", {"iss": "N-able N-central", "given_name": "api"}), "User: api-"),
    ("keeper-ksm-profile-init-output", "$ ksm profile init --token US:«S»\nAdded profile _default to INI config file located at /root/keeper.ini", "«url43»", "keeper.ini"),
    ("winscp-log-password-option", "$ winscp.com /command \"open sftp://«svc»:«S»@«ip»/ -hostkey=*\" \"ls\" \"exit\"\nSearching for host...\nConnecting to host...\nAuthenticating...", "«pwu»", "@ip"),
    ("nmap-http-default-accounts", "| http-default-accounts:\n|   [«printer»] at /\n|_    admin:«S»", "«pwu»", "@printer"),
    ("type-unc-wlan-txt", "C:\\> type \\\\«nas»\\it$\\«slug»\\wlan.txt\nSSID: «ssid»\nWPA2 Key: «S»", "«pw»", "@ssid"),
    ("sqlcmd-select-app-settings-row", "1> SELECT SettingKey, SettingValue FROM dbo.AppSettings WHERE SettingKey LIKE 'Smtp%'\n2> GO\nSettingKey          SettingValue\n------------------- ----------------------\nSmtpServer          smtp.«dom»\nSmtpUser            «email2»\nSmtpPassword        «S»\n\n(3 rows affected)", "«pw»", "@email2"),
    ("get-content-exported-wlan-profile", "PS> netsh wlan export profile name=\"«ssid»\" key=clear folder=C:\\Temp | Out-Null; Get-Content \"C:\\Temp\\WLAN-«ssid».xml\" | Select-String keyMaterial\n\n                <keyMaterial>«S»</keyMaterial>", "«pw»", "@ssid"),
]


# -------------------------------------------------------------- config files
def _cf_gsa_json():
    c = {}
    body = _pem(_i(6, 10), "MIIEvg").replace("\n", "\\n")
    t = _fill('{\n  "type": "service_account",\n  "project_id": "«slug»-gws-admin",\n  "private_key_id": "«hex40»",\n'
              '  "private_key": "-----BEGIN PRIVATE KEY-----\\n' + body + '\\n-----END PRIVATE KEY-----\\n",\n'
              '  "client_email": "gam-«n3»@«slug»-gws-admin.iam.gserviceaccount.com",\n  "client_id": "«num21»"\n}', c)
    return t, body, "gam-" + c["n3"] + "@" + c["slug"] + "-gws-admin.iam.gserviceaccount.com"


def _cf_openvpn_tls_auth():
    c = {}
    body = "\n".join(_s(_HX, 32) for _ in range(16))
    t = _fill("client\ndev tun\nremote «pubip» 1194 udp\nauth-user-pass\nkey-direction 1\n<tls-auth>\n#\n# 2048 bit OpenVPN static key\n#\n"
              "-----BEGIN OpenVPN Static key V1-----\n" + body + "\n-----END OpenVPN Static key V1-----\n</tls-auth>", c)
    return t, body, c["pubip"]


def _cf_filezilla_b64():
    c = {}
    pw = _pwu()
    b = _b64e(pw)
    t = _fill('<Server>\n    <Host>«ip»</Host>\n    <Port>21</Port>\n    <Protocol>0</Protocol>\n    <User>scanner</User>\n'
              '    <Pass encoding="base64">' + b + '</Pass>\n    <Name>«org» scan FTP</Name>\n</Server>', c)
    return t, b, c["org"]


def _cf_nginx_basic():
    c = {}
    tok = _b64e("monitor:" + _pwu())
    t = _fill("location /unifi-export/ {\n    proxy_pass https://«ip»:8443/;\n    proxy_set_header Authorization \"Basic " + tok + "\";\n    proxy_ssl_verify off;\n}", c)
    return t, tok, c["ip"]


_CONF = [
    ("dotenv-smtp-office365", "# scan-to-mail relay for «org»\nSMTP_HOST=smtp.office365.com\nSMTP_PORT=587\nSMTP_USER=scanner@«dom»\nSMTP_PASS=«S»\nSMTP_STARTTLS=true", "«pw»", "SMTP_HOST"),
    ("kyocera-smtp-auth-xml", "<SmtpSetting>\n  <ServerName>smtp.office365.com</ServerName>\n  <Port>587</Port>\n  <SmtpAuth>On</SmtpAuth>\n  <SmtpAuthUserName>scan@«dom»</SmtpAuthUserName>\n  <SmtpAuthPassword>«S»</SmtpAuthPassword>\n</SmtpSetting>", "«pw»", "@dom"),
    ("scanner-ini-authpassword", "[SMTP]\nServer=smtp.«dom»\nPort=465\nSSL=1\nAuthUser=scanner\nAuthPassword=«S»\n[Folder]\nPath=\\\\«nas»\\scans", "«pw»", "@nas"),
    ("unattend-autologon-password", "<AutoLogon>\n    <Password>\n        <Value>«S»</Value>\n        <PlainText>true</PlainText>\n    </Password>\n    <Enabled>true</Enabled>\n    <LogonCount>3</LogonCount>\n    <Username>«ladmin»</Username>\n</AutoLogon>", "«pws»", "@ladmin"),
    ("wpa-supplicant-network-psk", "network={\n    ssid=\"«ssid»\"\n    scan_ssid=1\n    psk=\"«S»\"\n    key_mgmt=WPA-PSK\n    priority=10\n}", "«pw»", "@ssid"),
    ("hostapd-wpa-passphrase", "interface=wlan0\nssid=«ssid»\nhw_mode=g\nchannel=6\nwpa=2\nwpa_key_mgmt=WPA-PSK\nwpa_passphrase=«S»\nrsn_pairwise=CCMP", "«pw»", "@ssid"),
    ("openvpn-auth-user-pass-file", "# /etc/openvpn/client/«slug».auth\n«u»\n«S»", "«pw»", "@u"),
    ("strongswan-ipsec-secrets-psk", "# /etc/ipsec.secrets - site-to-site «site»\n%any «pubip» : PSK \"«S»\"", "«an32»", "@pubip"),
    ("fortios-phase1-psksecret", "config vpn ipsec phase1-interface\n    edit \"to-«site»\"\n        set interface \"wan1\"\n        set peertype any\n        set remote-gw «pubip»\n        set psksecret «S»\n    next\nend", "«an28»", "@pubip"),
    ("pfsense-config-xml-psk", "<phase1>\n\t<ikeid>«n»</ikeid>\n\t<iketype>ikev2</iketype>\n\t<remote-gateway>«pubip»</remote-gateway>\n\t<authentication_method>pre_shared_key</authentication_method>\n\t<pre-shared-key>«S»</pre-shared-key>\n\t<descr><![CDATA[«org» «site»]]></descr>\n</phase1>", "«url40»", "@pubip"),
    ("mikrotik-wpa2-pre-shared-key", "/interface wireless security-profiles\nset [ find default=yes ] supplicant-identity=MikroTik\nadd authentication-types=wpa2-psk mode=dynamic-keys name=«slug» wpa2-pre-shared-key=«S»", "«pw»", "@slug"),
    ("cisco-isakmp-key-address", "crypto isakmp policy 10\n encr aes 256\n authentication pre-share\n group 14\ncrypto isakmp key «S» address «pubip»", "«an24»", "@pubip"),
    ("yealink-cfg-account-password", "#!version:1.0.0.1\naccount.1.enable = 1\naccount.1.label = «ext»\naccount.1.auth_name = «ext»\naccount.1.user_name = «ext»\naccount.1.password = «S»\naccount.1.sip_server.1.address = pbx.«dom»", "«an16»", "pbx."),
    ("polycom-xml-reg-auth-password", "<reg reg.1.address=\"«ext»@pbx.«dom»\" reg.1.auth.userId=\"«ext»\" reg.1.auth.password=\"«S»\" reg.1.label=\"«first»\" reg.1.server.1.address=\"pbx.«dom»\"/>", "«an14»", "@first"),
    ("grandstream-pvalue-p34", "# Grandstream GXP2170 config «mac»\nP270 = «first» «last»\nP47 = pbx.«dom»\nP35 = «ext»\nP36 = «ext»\nP34 = «S»\nP3 = «first»", "«an12»", "@mac"),
    ("asterisk-pjsip-auth-password", "[«ext»-auth]\ntype=auth\nauth_type=userpass\nusername=«ext»\npassword=«S»\n\n[«ext»]\ntype=aor\nmax_contacts=2", "«hex24»", "auth_type=userpass"),
    ("sip-conf-secret", "[«ext»]\ntype=friend\nhost=dynamic\nsecret=«S»\ncontext=from-internal\ncallerid=\"«first» «last»\" <«ext»>", "«an16»", "@first"),
    ("cisco-spa-xml-password-1", "<flat-profile>\n  <User_ID_1_ ua=\"na\">«ext»</User_ID_1_>\n  <Password_1_ ua=\"na\">«S»</Password_1_>\n  <Proxy_1_ ua=\"na\">pbx.«dom»</Proxy_1_>\n</flat-profile>", "«an12»", "<User_ID_1_ ua=\"na\">"),
    ("rclone-conf-s3-secret", "[wasabi-«slug»]\ntype = s3\nprovider = Wasabi\naccess_key_id = «upnum20»\nsecret_access_key = «S»\nendpoint = s3.eu-central-2.wasabisys.com", "«an40»", "@slug"),
    ("restic-env-file-b2", "export B2_ACCOUNT_ID=005«hex22»\nexport B2_ACCOUNT_KEY=«S»\nexport RESTIC_REPOSITORY=b2:«bucket»:/\nexport RESTIC_PASSWORD_FILE=/root/.restic-pass", "K005«an27»", "@bucket"),
    ("msmtprc-password-line", "defaults\nauth on\ntls on\nlogfile ~/.msmtp.log\n\naccount scanner\nhost smtp.gmail.com\nport 587\nfrom scan@«dom»\nuser scan@«dom»\npassword «S»\n\naccount default : scanner", "«gapp»", "@dom"),
    ("postfix-sasl-passwd-map", "# /etc/postfix/sasl_passwd\n[smtp.office365.com]:587 relay@«dom»:«S»", "«pw»", "@dom"),
    ("ssmtp-conf-authpass", "root=postmaster\nmailhub=smtp.«dom»:587\nAuthUser=alerts@«dom»\nAuthPass=«S»\nUseSTARTTLS=YES\nFromLineOverride=YES", "«pw»", "@dom"),
    ("fetchmailrc-poll-password", "poll outlook.office365.com protocol IMAP\n  user \"«email2»\" there with password \"«S»\" is \"«u»\" here\n  ssl\n  keep", "«pw»", "@email2"),
    ("appsettings-connectionstring-sa", "{\n  \"ConnectionStrings\": {\n    \"DefaultConnection\": \"Server=«host»\\\\SQLEXPRESS;Database=«db»;User Id=sa;Password=«S»;TrustServerCertificate=True\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Warning\" } }\n}", "«pwu»", "@host"),
    ("web-config-appsettings-smtppassword", "<appSettings>\n  <add key=\"SmtpServer\" value=\"smtp.«dom»\" />\n  <add key=\"SmtpUser\" value=\"«email2»\" />\n  <add key=\"SmtpPassword\" value=\"«S»\" />\n</appSettings>", "«pwu»", "@email2"),
    ("compose-mysql-root-password", "services:\n  db:\n    image: mysql:8.0\n    restart: unless-stopped\n    environment:\n      MYSQL_ROOT_PASSWORD: «S»\n      MYSQL_DATABASE: «db»\n    volumes:\n      - ./data:/var/lib/mysql", "«pwu»", "@db"),
    ("zabbix-agent-psk-file", "# cat /etc/zabbix/zabbix_agent2.psk\n«S»\n# zabbix_agent2.conf\nTLSPSKIdentity=PSK_«SLUG»_«n»\nTLSPSKFile=/etc/zabbix/zabbix_agent2.psk", "«hex64»", "@SLUG"),
    ("grafana-ini-admin-password", "[security]\nadmin_user = «ladmin»\nadmin_password = «S»\ndisable_gravatar = true", "«pw»", "@ladmin"),
    ("npmrc-github-packages-authtoken", "@«mspslug»:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«S»\nalways-auth=true", "ghp_«an36»", "@mspslug"),
    ("pypirc-pypi-token", "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = «S»", "pypi-AgEIcHlwaS5vcmcC«url60»", "__token__"),
    ("aws-credentials-wasabi-profile", "[wasabi-«slug»]\naws_access_key_id = «upnum20»\naws_secret_access_key = «S»", "«b64_40»", "@slug"),
    ("ansible-ini-winrm-password", "[«slug»_servers]\n«host» ansible_host=«ip»\n\n[«slug»_servers:vars]\nansible_user=«DOM»\\Administrator\nansible_password=«S»\nansible_connection=winrm\nansible_winrm_server_cert_validation=ignore", "«pw»", "@ip"),
    ("ansible-group-vars-plain-yaml", "# group_vars/«slug».yml  (TODO: move to vault!)\nm365_admin_user: admin@«tenant»\nm365_admin_pass: \"«S»\"\nsite_code: «SLUG»", "«pws»", "@tenant"),
    ("terraform-tfvars-meraki-key", "org_id        = \"«num6»\"\nmeraki_api_key = \"«S»\"\nnetwork_name  = \"«org» «site»\"", "«hex40»", "@org"),
    ("psd1-hashtable-hudu-key", "@{\n    HuduBaseDomain = 'https://docs.«mspdom»'\n    HuduApiKey     = '«S»'\n    DefaultCompany = '«org»'\n}", "«an24»", "@mspdom"),
    ("toml-itglue-section", "[itglue]\napi_key = \"«S»\"\nregion = \"eu\"\n\n[hudu]\nbase_url = \"https://docs.«mspdom»\"", "ITG.«hex32».«url64»", "@mspdom"),
    ("ini-autotask-secret-integration-code", "[autotask]\nusername = «lonum16»@«mspslug».com\nsecret = «S»\nintegration_code = «upnum27»\nzone = webservices«n».autotask.net", "«pws»", "integration_code"),
    ("dotenv-connectwise-keys", "CW_SITE=«cwsite»\nCW_COMPANY=«mspslug»\nCW_PUBLIC_KEY=«an16»\nCW_PRIVATE_KEY=«S»\nCW_CLIENT_ID=«uuid»", "«an16»", "@cwsite"),
    ("dotenv-datto-rmm-secret", "DATTO_API_URL=https://«dz»-api.centrastage.net\nDATTO_API_KEY=«upnum32»\nDATTO_API_SECRET=«S»", "«upnum32»", "@dz"),
    ("appsettings-azuread-clientsecret", "\"AzureAd\": {\n    \"Instance\": \"https://login.microsoftonline.com/\",\n    \"TenantId\": \"«tid»\",\n    \"ClientId\": \"«uuid»\",\n    \"ClientSecret\": \"«S»\"\n}", "«azsec»", "@tid"),
    ("google-sa-json-private-key", _cf_gsa_json),
    ("google-oauth-client-secret-json", "{\"installed\":{\"client_id\":\"«num12»-«lonum32».apps.googleusercontent.com\",\"project_id\":\"«slug»-gam\",\"auth_uri\":\"https://accounts.google.com/o/oauth2/auth\",\"client_secret\":\"«S»\",\"redirect_uris\":[\"http://localhost\"]}}", "GOCSPX-«url28»", "@slug"),
    ("fstab-cifs-password-option", "# /etc/fstab\n//«nas»/scans  /srv/scans  cifs  username=«svc»,password=«S»,iocharset=utf8,vers=3.0,_netdev  0  0", "«pwu»", "@nas"),
    ("nextcloud-config-php-dbpassword", "  'dbtype' => 'mysql',\n  'dbname' => 'nextcloud',\n  'dbhost' => 'localhost',\n  'dbuser' => 'nc_«slug»',\n  'dbpassword' => '«S»',\n  'installed' => true,", "«pwu»", "@slug"),
    ("wp-config-define-db-password", "define( 'DB_NAME', 'wp_«slug»' );\ndefine( 'DB_USER', 'wp_«slug»' );\ndefine( 'DB_PASSWORD', '«S»' );\ndefine( 'DB_HOST', 'localhost' );", "«pws»", "DB_HOST"),
    ("nginx-proxy-basic-header", _cf_nginx_basic),
    ("sssd-ldap-default-authtok", "[domain/«slug».local]\nid_provider = ldap\nldap_uri = ldaps://«host»\nldap_default_bind_dn = CN=«svc»,OU=Service,DC=«slug»,DC=local\nldap_default_authtok_type = password\nldap_default_authtok = «S»", "«pw»", "@host"),
    ("my-cnf-client-password", "[client]\nuser=backup\npassword=\"«S»\"\nhost=«ip»", "«pw»", "@ip"),
    ("borg-env-passphrase", "BORG_REPO=ssh://borg@«pubip»:2222/./«slug»\nBORG_PASSPHRASE='«S»'\nBORG_RSH='ssh -i /root/.ssh/borg_«slug»'", "«pp»", "@pubip"),
    ("mremoteng-confcons-password", "<Node Name=\"«host»\" Type=\"Connection\" Descr=\"«org»\" Username=\"«ladmin»\" Domain=\"«DOM»\" Password=\"«S»\" Hostname=\"«ip»\" Protocol=\"RDP\" Port=\"3389\" />", "«b64_64»", "@ip"),
    ("filezilla-sitemanager-base64-pass", _cf_filezilla_b64),
    ("openvpn-inline-tls-auth-key", _cf_openvpn_tls_auth),
    ("syncro-yaml-api-key", "syncro:\n  subdomain: «mspslug»\n  api_key: «S»\n  default_customer: \"«org»\"", "T«hex15»-«an22»", "@org"),
    ("java-properties-mail-password", "mail.smtp.host=smtp.«dom»\nmail.smtp.port=587\nmail.smtp.user=«email2»\nmail.smtp.password=«S»\nmail.smtp.starttls.enable=true", "«pw»", "@email2"),
    ("spring-yaml-datasource-password", "spring:\n  datasource:\n    url: jdbc:sqlserver://«host»:1433;databaseName=«db»\n    username: «db»_svc\n    password: «S»", "«pwu»", "@host"),
    ("toml-multiline-basic-string-password", "[smtp]\nhost = \"smtp.«dom»\"\nuser = \"«email2»\"\npassword = \"\"\"«S»\"\"\"", "«pw»", "@email2"),
    ("reg-export-defaultpassword", "Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n\"AutoAdminLogon\"=\"1\"\n\"DefaultUserName\"=\"«ladmin»\"\n\"DefaultPassword\"=\"«S»\"", "«pwh»", "@ladmin"),
    ("gpp-groups-xml-cpassword", "<Groups clsid=\"{3125E937-EB16-4b4c-9934-544FC6D24D26}\"><User clsid=\"{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}\" name=\"«ladmin»\" image=\"2\" changed=\"«date» 09:12:44\" uid=\"{«UUID»}\"><Properties action=\"U\" newName=\"\" fullName=\"\" description=\"MSP\" cpassword=\"«S»\" changeLogon=\"0\" noChange=\"1\" neverExpires=\"1\" acctDisabled=\"0\" userName=\"«ladmin»\"/></User></Groups>", "«b64_43»", "@ladmin"),
    ("kickstart-rootpw-plaintext", "lang de_DE.UTF-8\nkeyboard de\ntimezone Europe/Berlin --utc\nrootpw --plaintext «S»\nuser --name=«ladmin» --groups=wheel --password=«S» --plaintext", "«pw»", "@ladmin"),
    ("ovpn-embedded-askpass-file", "client\nremote vpn.«dom» 1194\nauth-user-pass /etc/openvpn/«slug».creds\naskpass /etc/openvpn/«slug».key-pass\n# key-pass content: «S»", "«pp»", "@dom"),
    ("uptime-monitor-yaml-basic-auth", "monitors:\n  - name: «org» NAS\n    url: https://«ip»:5001\n    basic_auth_user: monitor\n    basic_auth_pass: «S»\n    interval: 60", "«pw»", "@org"),
    ("hp-printer-xml-ldap-bind", "<ldapSettings>\n  <server>«host»</server>\n  <bindPrefix>CN</bindPrefix>\n  <bindUser>«svc»</bindUser>\n  <bindPassword>«S»</bindPassword>\n  <searchRoot>OU=Users,DC=«slug»,DC=local</searchRoot>\n</ldapSettings>", "«pw»", "@host"),
]


# --------------------------------------------------------------- source code
def _sc_ps_b64_cw():
    c = {}
    pk = _s(_AN, 16)
    t = _fill('$Company = "«mspslug»"\n$PublicKey = "«an16»"\n$PrivateKey = "' + pk + '"\n'
              '$auth = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes("$Company+$PublicKey:$PrivateKey"))\n'
              '$headers = @{ Authorization = "Basic $auth"; clientId = "«uuid»" }', c)
    return t, pk, "$Company"


def _sc_py_split_string():
    c = {}
    a, b = _s(_AN, 20), _s(_AN, 20)
    t = _fill('# key split so the scanner in CI does not flag it (yes, really)\nAUVIK_API_KEY = (\n    "' + a + '"\n    "' + b + '"\n)\nAUVIK_USER = "api@«mspdom»"', c)
    return t, a, "AUVIK_USER"


def _sc_django_secret():
    v = "django-insecure-" + _s(_LO + _DG + "!@#%^&*(-_=+)", 50)
    t = "# portal/settings.py\nSECRET_KEY = '" + v + "'\nDEBUG = False\nALLOWED_HOSTS = ['portal." + _get({}, "mspdom") + "']"
    return t, v, "ALLOWED_HOSTS"


_SRC = [
    ("ps-variable-hudu-apikey", "# Sync-HuduAssets.ps1\n$HuduBaseURL = 'https://docs.«mspdom»'\n$HuduAPIKey  = '«S»'\nImport-Module HuduAPI\nNew-HuduAPIKey $HuduAPIKey\nNew-HuduBaseURL $HuduBaseURL", "«an24»", "@mspdom"),
    ("ps-headers-hashtable-itglue", "$headers = @{\n    'x-api-key'    = \"«S»\"\n    'Content-Type' = 'application/vnd.api+json'\n}\n$orgs = Invoke-RestMethod -Uri \"$base/organizations\" -Headers $headers", "ITG.«hex32».«url64»", "application/vnd.api+json"),
    ("ps-ninja-oauth-body", "$ClientId = '«url27»'\n$ClientSecret = '«S»'\n$body = \"grant_type=client_credentials&client_id=$ClientId&client_secret=$ClientSecret&scope=monitoring%20management\"\n$token = Invoke-RestMethod -Method Post -Uri 'https://«ninja»/ws/oauth/token' -Body $body -ContentType 'application/x-www-form-urlencoded'", "«url50»", "@ninja"),
    ("ps-onboarding-securestring", "# New-ClientUser.ps1 - onboarding for «org»\n$DefaultPassword = ConvertTo-SecureString \"«S»\" -AsPlainText -Force\nNew-ADUser -Name \"$First $Last\" -SamAccountName $Sam -AccountPassword $DefaultPassword -Enabled $true -ChangePasswordAtLogon $true", "«pwh»", "@org"),
    ("ps-graph-token-body-hashtable", "$body = @{\n    grant_type    = 'client_credentials'\n    client_id     = '«uuid»'\n    client_secret = '«S»'\n    scope         = 'https://graph.microsoft.com/.default'\n}\n$tok = Invoke-RestMethod \"https://login.microsoftonline.com/«tenant»/oauth2/v2.0/token\" -Method POST -Body $body", "«azsec»", "@tenant"),
    ("ps-send-mailmessage-credential", "$cred = New-Object System.Management.Automation.PSCredential('alerts@«dom»', (ConvertTo-SecureString '«S»' -AsPlainText -Force))\nSend-MailMessage -SmtpServer smtp.office365.com -Port 587 -UseSsl -Credential $cred -From alerts@«dom» -To «email» -Subject 'Backup failed'", "«pw»", "@email"),
    ("ps-here-string-json-body", "$payload = @\"\n{\n  \"username\": \"«ladmin»\",\n  \"password\": \"«S»\",\n  \"remember\": true\n}\n\"@\nInvoke-RestMethod -Uri https://«ip»:8443/api/login -Method Post -Body $payload -SkipCertificateCheck", "«pws»", "@ip"),
    ("py-module-constant-atera", "import requests\n\nATERA_API_KEY = \"«S»\"\nBASE = \"https://app.atera.com/api/v3\"\n\ndef agents(page=1):\n    return requests.get(f\"{BASE}/agents\", headers={\"X-API-KEY\": ATERA_API_KEY}, params={\"page\": page}).json()", "«hex32»", "https://app.atera.com/api/v3"),
    ("py-requests-auth-tuple-cw", "resp = requests.get(\n    f\"https://{CW_SITE}/v4_6_release/apis/3.0/company/companies\",\n    auth=(\"«mspslug»+«an16»\", \"«S»\"),\n    headers={\"clientId\": \"«uuid»\"},\n)", "«an16»", "@uuid"),
    ("py-halo-client-positional", "from halo import HaloClient\n\nclient = HaloClient(\"https://«mspslug».halopsa.com\", \"«uuid»\", \"«S»\", scope=\"all\")\ntickets = client.tickets.list(client_id=«n3»)", "«uuid»-«uuid2»", "@mspslug"),
    ("py-smtplib-login-positional", "with smtplib.SMTP(\"smtp.office365.com\", 587) as s:\n    s.starttls()\n    s.login(\"scanner@«dom»\", \"«S»\")\n    s.send_message(msg)", "«pw»", "@dom"),
    ("py-pymssql-connect-positional", "conn = pymssql.connect(\"«host»\", \"sa\", \"«S»\", \"«db»\")\ncur = conn.cursor()", "«pw»", "@host"),
    ("py-environ-setdefault-secret", "os.environ.setdefault(\"NINJA_CLIENT_ID\", \"«url27»\")\nos.environ.setdefault(\"NINJA_CLIENT_SECRET\", \"«S»\")", "«url50»", "NINJA_CLIENT_ID"),
    ("py-msal-client-credential", "app = msal.ConfidentialClientApplication(\n    \"«uuid»\",\n    authority=\"https://login.microsoftonline.com/«tid»\",\n    client_credential=\"«S»\",\n)", "«azsec»", "@tid"),
    ("py-nested-dict-datto-secret", "CONFIG = {\n    \"datto\": {\n        \"url\": \"https://«dz»-api.centrastage.net\",\n        \"api_key\": \"«upnum32»\",\n        \"api_secret\": \"«S»\",\n    },\n    \"dry_run\": False,\n}", "«upnum32»", "@dz"),
    ("bash-token-var-then-curl", "#!/usr/bin/env bash\nset -euo pipefail\nTOKEN=\"«S»\"\ncurl -fsS -H \"Authorization: Bearer ${TOKEN}\" \"https://«pubip»:«port»/api/v2/monitor/vpn/ipsec\" | jq .", "«lonum30»", "@pubip"),
    ("bash-export-itglue-key", "# ~/.bashrc on jump host\nexport ITGLUE_API_KEY='«S»'\nexport ITGLUE_REGION=eu", "ITG.«hex32».«url64»", "ITGLUE_REGION"),
    ("bash-heredoc-msmtprc", "cat > /etc/msmtprc <<EOF\naccount default\nhost smtp.«dom»\nport 587\nauth on\nuser alerts@«dom»\npassword «S»\ntls on\nEOF\nchmod 600 /etc/msmtprc", "«pw»", "@dom"),
    ("js-autotask-client-options", "const at = new AutotaskRestApi({\n  user: '«lonum16»@«mspslug».com',\n  secret: '«S»',\n  code: '«upnum27»',\n});", "«pws»", "@mspslug"),
    ("js-fetch-bearer-header", "const res = await fetch(`https://${HOST}/api/v1/devices`, {\n  headers: { Authorization: 'Bearer «S»', Accept: 'application/json' },\n});", "«url64»", "application/json"),
    ("js-axios-auth-object", "const hudu = axios.create({\n  baseURL: 'https://«ip»:5001/webapi',\n  auth: { username: '«svc»', password: '«S»' },\n  timeout: 10000,\n});", "«pw»", "@ip"),
    ("ts-const-meraki-key", "export const MERAKI_ORG_ID = '«num6»';\nexport const MERAKI_API_KEY: string = \"«S»\";", "«hex40»", "MERAKI_ORG_ID"),
    ("cs-networkcredential-positional", "var cred = new NetworkCredential(\"scan@«dom»\", \"«S»\");\nusing var smtp = new SmtpClient(\"smtp.office365.com\", 587) { EnableSsl = true, Credentials = cred };", "«pw»", "@dom"),
    ("cs-sqlconnection-string-literal", "private const string Conn = \"Data Source=«host»\\\\SQLEXPRESS;Initial Catalog=«db»;User ID=app_«db»;Password=«S»;Encrypt=False\";", "«pwu»", "@host"),
    ("cs-default-request-headers-apikey", "_http.DefaultRequestHeaders.Add(\"ApiKey\", \"«S»\");\n_http.BaseAddress = new Uri(\"https://api.«mspdom»/v2/\");", "«an40»", "@mspdom"),
    ("go-const-token", "package rmm\n\nconst (\n\tbaseURL  = \"https://«ninja»/v2\"\n\tapiToken = \"«S»\"\n)", "«url64»", "@ninja"),
    ("vbscript-cdo-sendpassword", "Set objEmail = CreateObject(\"CDO.Message\")\nobjEmail.From = \"scanner@«dom»\"\nobjEmail.Configuration.Fields.Item(\"http://schemas.microsoft.com/cdo/configuration/sendusername\") = \"scanner@«dom»\"\nobjEmail.Configuration.Fields.Item(\"http://schemas.microsoft.com/cdo/configuration/sendpassword\") = \"«S»\"\nobjEmail.Configuration.Fields.Update", "«pw»", "@dom"),
    ("batch-set-pass-net-use", "@echo off\nset USER=«DOM»\\«svc»\nset PASS=«S»\nnet use P: \\\\«nas»\\public %PASS% /user:%USER% /persistent:no", "«pwu»", "@nas"),
    ("autoit-send-password", "WinWaitActive(\"Windows Security\")\nSend(\"«ladmin»{TAB}\")\nSend(\"«S»{ENTER}\")", "«pwu»", "Windows Security"),
    ("py-pysnmp-communitydata", "errorIndication, errorStatus, errorIndex, varBinds = next(getCmd(\n    SnmpEngine(), CommunityData('«S»', mpModel=1),\n    UdpTransportTarget(('«ip»', 161)), ContextData(),\n    ObjectType(ObjectIdentity('1.3.6.1.2.1.43.10.2.1.4.1.1'))))", "«lo6»«num4»", "@ip"),
    ("py-paramiko-connect-kwarg", "client = paramiko.SSHClient()\nclient.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nclient.connect(\"«ip»\", username=\"admin\", password=\"«S»\", timeout=10)", "«pw»", "@ip"),
    ("py-ftplib-positional", "ftp = ftplib.FTP(\"«ip»\", \"scanner\", \"«S»\")\nftp.cwd(\"/scans\")", "«pwu»", "@ip"),
    ("py-pyodbc-pwd-in-string", "conn = pyodbc.connect(\n    \"DRIVER={ODBC Driver 18 for SQL Server};SERVER=«host»;DATABASE=«db»;UID=«db»_ro;PWD=«S»;TrustServerCertificate=yes\"\n)", "«pwu»", "@host"),
    ("py-ldap3-connection-positional", "server = Server('ldaps://«host»', get_info=ALL)\nconn = Connection(server, 'CN=«svc»,OU=Service,DC=«slug»,DC=local', '«S»', auto_bind=True)", "«pw»", "@host"),
    ("php-phpmailer-password", "$mail->isSMTP();\n$mail->Host = 'smtp.office365.com';\n$mail->SMTPAuth = true;\n$mail->Username = 'web@«dom»';\n$mail->Password = '«S»';\n$mail->Port = 587;", "«pw»", "@dom"),
    ("perl-my-pass-dbi", "my $dsn  = \"DBI:mysql:database=«db»;host=«ip»\";\nmy $pass = '«S»';\nmy $dbh  = DBI->connect($dsn, 'report', $pass) or die $DBI::errstr;", "«pwu»", "@ip"),
    ("ps-splat-bearer-header", "$params = @{\n    Uri     = 'https://api.«mspdom»/v1/tickets'\n    Headers = @{ Authorization = 'Bearer «S»' }\n    Method  = 'GET'\n}\nInvoke-RestMethod @params", "«url48»", "@mspdom"),
    ("ps-setenvironmentvariable-machine", "[System.Environment]::SetEnvironmentVariable('DATTO_API_SECRET', '«S»', 'Machine')", "«upnum32»", "DATTO_API_SECRET"),
    ("ps-pscredential-new-pipe", "$cred = [pscredential]::new('«DOM»\\«ladmin»', ('«S»' | ConvertTo-SecureString -AsPlainText -Force))\nInvoke-Command -ComputerName «pc» -Credential $cred -ScriptBlock { Restart-Service Spooler }", "«pw»", "@pc"),
    ("ps-base64-auth-cw-concat", _sc_ps_b64_cw),
    ("py-fstring-apikey-query", "def customers(q):\n    url = f\"https://«mspslug».syncromsp.com/api/v1/customers?query={q}&api_key=«S»\"\n    return requests.get(url, timeout=30).json()", "T«hex15»-«an22»", "@mspslug"),
    ("bash-curl-form-password", "curl -s -c jar -d \"username=admin&password=«S»\" http://«ip»/login.cgi\ncurl -s -b jar http://«ip»/status.cgi", "«pwu»", "@ip"),
    ("py-todo-remove-sophos-secret", "# TODO remove before commit!!\nSOPHOS_CLIENT_ID = \"«uuid»\"\nSOPHOS_CLIENT_SECRET = \"«S»\"", "«hex86»", "@uuid"),
    ("js-module-exports-sendgrid", "module.exports = {\n  mailFrom: 'noreply@«mspdom»',\n  sendgridKey: '«S»',\n};", "SG.«url22».«url43»", "@mspdom"),
    ("py-twilio-client-positional", "from twilio.rest import Client\nclient = Client(\"AC«hex32»\", \"«S»\")\nclient.messages.create(to=ONCALL, from_=\"«phone»\", body=alert)", "«hex32»", "ONCALL"),
    ("py-slack-webhook-url-constant", "SLACK_WEBHOOK = \"https://hooks.slack.com/services/T«upnum8»/B«upnum10»/«S»\"", "«an24»", "SLACK_WEBHOOK"),
    ("ps-teams-webhook-uri", "$uri = 'https://«slug».webhook.office.com/webhookb2/«uuid»@«tid»/IncomingWebhook/«S»/«uuid2»/V2«an43»'\nInvoke-RestMethod -Uri $uri -Method Post -Body $json -ContentType 'application/json'", "«hex32»", "@tid"),
    ("py-discord-webhook-url", "WEBHOOK = \"https://discord.com/api/webhooks/«num19»/«S»\"\nrequests.post(WEBHOOK, json={\"content\": f\"Backup failed on {host}\"})", "«url68»", "requests.post"),
    ("py-keyring-set-password-positional", "keyring.set_password(\"itglue\", \"api\", \"«S»\")", "ITG.«hex32».«url64»", "keyring.set_password"),
    ("cs-smtpclient-object-initializer", "var smtp = new SmtpClient(\"smtp.«dom»\", 587)\n{\n    EnableSsl = true,\n    Credentials = new NetworkCredential(\"«email2»\", \"«S»\")\n};", "«pw»", "@email2"),
    ("java-props-put-password", "Properties props = new Properties();\nprops.put(\"mail.smtp.auth\", \"true\");\nprops.put(\"mail.smtp.user\", \"«email2»\");\nprops.put(\"mail.smtp.password\", \"«S»\");", "«pw»", "@email2"),
    ("rust-let-api-key", "let client = reqwest::Client::new();\nlet api_key = \"«S»\";\nlet resp = client.get(\"https://api.«mspdom»/v1/alerts\").header(\"x-api-key\", api_key).send().await?;", "«an32»", "@mspdom"),
    ("py-fernet-key-literal", "from cryptography.fernet import Fernet\nf = Fernet(b\"«S»\")\ntoken = f.encrypt(password.encode())", "«url43»=", "token = f.encrypt"),
    ("py-jwt-encode-positional-secret", "token = jwt.encode({\"sub\": tech_id, \"exp\": exp}, \"«S»\", algorithm=\"HS256\")", "«an48»", "HS256"),
    ("py-flask-secret-key-config", "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"«S»\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True", "«hex48»", "SESSION_COOKIE_SECURE"),
    ("py-django-insecure-secret-key", _sc_django_secret),
    ("ps-connect-pnponline-clientsecret", "Connect-PnPOnline -Url \"https://«slug».sharepoint.com/sites/IT\" -ClientId «uuid» -ClientSecret \"«S»\" -WarningAction Ignore", "«b64_43»=", "@uuid"),
    ("ps-invoke-sqlcmd-password", "Invoke-Sqlcmd -ServerInstance '«host»' -Database «db» -Username 'report' -Password '«S»' -Query 'SELECT TOP 10 * FROM dbo.Belege'", "«pw»", "@host"),
    ("bash-mysqldump-password-eq", "#!/bin/sh\nmysqldump --user=backup --password=\"«S»\" --single-transaction «db» | gzip > /backup/«db»-$(date +%F).sql.gz", "«pw»", "@db"),
    ("py-headers-token-prefix", "HEADERS = {\"Authorization\": \"Token «S»\", \"Accept\": \"application/json\"}\nr = requests.get(\"https://netbox.«mspdom»/api/dcim/devices/\", headers=HEADERS)", "«hex40»", "@mspdom"),
    ("js-pg-pool-connection-string", "const pool = new Pool({\n  connectionString: 'postgres://portal:«S»@«ip»:5432/portal',\n  max: 5,\n});", "«pwu»", "@ip"),
    ("py-boto3-wasabi-client", "s3 = boto3.client(\n    \"s3\",\n    endpoint_url=\"https://s3.eu-central-1.wasabisys.com\",\n    aws_access_key_id=\"«upnum20»\",\n    aws_secret_access_key=\"«S»\",\n)", "«b64_40»", "https://s3.eu-central-1.wasabisys.com"),
    ("py-split-literal-concatenation", _sc_py_split_string),
    ("ps-escaped-backtick-in-password", "$p = \"«S»\"\n$sec = ConvertTo-SecureString $p -AsPlainText -Force", lambda: _c(_WORDS) + "`$" + str(_i(100, 9999)) + _c(["!", "?", "#"]), "ConvertTo-SecureString"),
    ("py-escaped-quote-in-password", "DB_PASS = \"«S»\"", lambda: _c(_WORDS) + "\\\"" + _s(_AN, 6) + str(_i(10, 99)), "DB_PASS"),
]


# ------------------------------------------------------- stack traces / logs
def _lg_smtp_auth_plain():
    c = {}
    u = "scan@" + _get(c, "dom")
    p = _pw()
    b = _base64.b64encode(("\0" + u + "\0" + p).encode()).decode()
    t = _fill("«ts» smtp debug: S: 250-AUTH LOGIN PLAIN XOAUTH2\n«ts» smtp debug: C: AUTH PLAIN " + b +
              "\n«ts» smtp debug: S: 535 5.7.3 Authentication unsuccessful", c)
    return t, b, "535 5.7.3 Authentication unsuccessful"


def _lg_smtp_auth_login():
    c = {}
    u = "scanner@" + _get(c, "dom")
    p = _pw()
    b = _b64e(p)
    t = _fill("[«printer»] SMTP session log\n< 220 smtp.office365.com Microsoft ESMTP MAIL Service ready\n> EHLO «printer»\n> AUTH LOGIN\n< 334 VXNlcm5hbWU6\n> " +
              _b64e(u) + "\n< 334 UGFzc3dvcmQ6\n> " + b + "\n< 235 2.7.0 Authentication successful", c)
    return t, b, "AUTH LOGIN"


def _lg_wrapped_token():
    c = {}
    tok = _jwt("RS256", {"iss": "https://sts.windows.net/" + _uuid() + "/", "appid": _uuid()})
    cut = _i(60, 90)
    t = _fill("«ts» DEBUG graph.client request headers={'Authorization': 'Bearer " + tok[:cut] + "\n" + tok[cut:] + "', 'ConsistencyLevel': 'eventual'}", c)
    return t, tok[:cut] + "\n" + tok[cut:], "ConsistencyLevel"


def _lg_json_basic():
    c = {}
    tok = _b64e(_get(c, "svc") + ":" + _pwu())
    t = _fill('{"ts":"«ts»Z","level":"debug","logger":"http","msg":"outgoing request","method":"GET","url":"https://«ip»/webapi/entry.cgi","headers":{"authorization":"Basic ' + tok + '","user-agent":"nas-exporter/1.4"}}', c)
    return t, tok, c["ip"]


_LOG = [
    ("py-httperror-url-api-key", "Traceback (most recent call last):\n  File \"/opt/syncro-sync/sync.py\", line 88, in <module>\n    r.raise_for_status()\n  File \"/usr/lib/python3/dist-packages/requests/models.py\", line 1021, in raise_for_status\n    raise HTTPError(http_error_msg, response=self)\nrequests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://«mspslug».syncromsp.com/api/v1/tickets?status=New&api_key=«S»", "T«hex15»-«an22»", "@mspslug"),
    ("ps-error-echoes-body-secret", "Invoke-RestMethod : {\"error\":\"invalid_client\",\"error_description\":\"Client authentication failed\"}\nAt C:\\Scripts\\Sync-Ninja.ps1:14 char:10\n+ $token = Invoke-RestMethod -Method Post -Uri $uri -Body \"grant_type=client_credentials&client_id=«url27»&client_secret=«S»&scope=monitoring\"\n+          ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n    + CategoryInfo          : InvalidOperation: (System.Net.HttpWebRequest:HttpWebRequest) [Invoke-RestMethod], WebException", "«url50»", "Sync-Ninja.ps1"),
    ("java-jdbc-url-password-exception", "com.microsoft.sqlserver.jdbc.SQLServerException: Login failed for user '«db»_svc'. ClientConnectionId:«uuid»\n\tat com.microsoft.sqlserver.jdbc.SQLServerException.makeFromDatabaseError(SQLServerException.java:265)\nCaused by: connection url jdbc:sqlserver://«host»:1433;databaseName=«db»;user=«db»_svc;password=«S»;encrypt=false", "«pwu»", "@host"),
    ("dotnet-exception-connectionstring", "System.Data.SqlClient.SqlException (0x80131904): A network-related or instance-specific error occurred while establishing a connection to SQL Server.\n   at LobApp.Data.Repo..ctor(String cs) in C:\\src\\LobApp\\Repo.cs:line 31\n   ConnectionString='Server=«host»\\SQLEXPRESS;Database=«db»;User Id=sa;Password=«S»;'", "«pwu»", "@host"),
    ("smtp-auth-plain-transcript", _lg_smtp_auth_plain),
    ("smtp-auth-login-transcript", _lg_smtp_auth_login),
    ("nginx-access-log-token-query", "«ip» - - [«dedate»:10:22:31 +0100] \"GET /api/export?format=csv&token=«S» HTTP/1.1\" 200 18234 \"-\" \"PowerShell/7.4\"", "«url40»", "/api/export?format=csv"),
    ("iis-log-apikey-query", "«date» 08:14:02 «ip» GET /portal/api/devices apikey=«S»&site=«n3» 443 - «ip2» Mozilla/5.0 - 200 0 0 187", "«hex32»", "/portal/api/devices"),
    ("docker-mysql-generated-root-password", "db-1  | «ts»+00:00 [Note] [Entrypoint]: Initializing database files\ndb-1  | «ts»+00:00 [Note] [Entrypoint]: GENERATED ROOT PASSWORD: «S»\ndb-1  | «ts»+00:00 [Note] [Entrypoint]: Database files initialized", "«url32»", "[Entrypoint]"),
    ("jenkins-initial-admin-password-log", "*************************************************************\n\nJenkins initial setup is required. An admin user has been created and a password generated.\nPlease use the following password to proceed to installation:\n\n«S»\n\nThis may also be found at: /var/jenkins_home/secrets/initialAdminPassword", "«hex32»", "/var/jenkins_home/secrets/initialAdminPassword"),
    ("veeam-debug-share-credentials", "[«dedate» 02:00:14] <01> Info     [SmbShare] Connecting to \\\\«nas»\\veeam as «DOM»\\svc_veeam (password: «S»)", "«pw»", "@nas"),
    ("datto-agent-register-token-log", "«ts» INFO  [Registration] Registering device «pc» with site «uuid» using token=«S»", "«an40»", "@pc"),
    ("ninja-script-output-echo-password", "[«ts»] Script 'Create local admin' on «pc» finished (exit 0)\nOutput:\nCreating account «ladmin»...\nSetting password to «S»\nAdding to Administrators group... done", "«pws»", "@pc"),
    ("kaseya-procedure-log-password", "«dedate» 14:03:55  Execute Powershell Command (64-bit, Run As System)  Success THEN  «pc».«slug»\n  Command: Set-LocalUser -Name «ladmin» -Password (ConvertTo-SecureString '«S»' -AsPlainText -Force)", "«pws»", "@pc"),
    ("automate-script-log-variable", "Script 'Onboard - M365 user' [«n5»] Step 12: Variable Set @TempPassword@ = «S»\nScript 'Onboard - M365 user' [«n5»] Step 13: Shell Execute (user: «email»)", "«pwh»", "@email"),
    ("datto-component-stdout-bios", "Component: Set BIOS Admin Password (Dell)\nStdOut:\n[+] Dell Command | Configure found\n[+] BIOS password set to «S»\n[+] Reboot not required", "«pws»", "Dell Command | Configure"),
    ("powershell-transcript-command", "**********************\nWindows PowerShell transcript start\nStart time: 2025031«num1»«num6»\nUsername: «DOM»\\«ladmin»\nMachine: «pc» (Microsoft Windows NT 10.0.19045.0)\n**********************\nPS C:\\> $pw = '«S»'\nPS C:\\> Set-ADAccountPassword -Identity «u» -NewPassword (ConvertTo-SecureString $pw -AsPlainText -Force) -Reset", "«pwh»", "@pc"),
    ("event-4688-net-user-commandline", "Log Name: Security\nSource: Microsoft-Windows-Security-Auditing\nEvent ID: 4688\nNew Process Name: C:\\Windows\\System32\\net.exe\nProcess Command Line: net  user «ladmin» «S» /add", "«pw»", "Event ID: 4688"),
    ("sysmon-event1-commandline", "Event 1 (Sysmon) «ts»\nImage: C:\\Windows\\System32\\cmdkey.exe\nCommandLine: cmdkey /generic:TERMSRV/«host» /user:«DOM»\\«ladmin» /pass:«S»\nUser: «DOM»\\«ladmin»", "«pw»", "@host"),
    ("urllib3-debug-form-body", "«ts» DEBUG urllib3.connectionpool https://login.microsoftonline.com:443 \"POST /«tid»/oauth2/v2.0/token HTTP/1.1\" 401 1220\n«ts» DEBUG sync.auth body=grant_type=client_credentials&client_id=«uuid»&client_secret=«S»&scope=https%3A%2F%2Fgraph.microsoft.com%2F.default", "«azsec»", "@tid"),
    ("python-logging-config-dict-repr", "DEBUG:root:config loaded: {'hudu_url': 'https://docs.«mspdom»', 'hudu_key': '«S»', 'dry_run': False}", "«an24»", "@mspdom"),
    ("axios-error-config-headers-dump", "AxiosError: Request failed with status code 403\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://«ninja»/v2/devices',\n    method: 'get',\n    headers: AxiosHeaders {\n      Accept: 'application/json',\n      Authorization: 'Bearer «S»'\n    }\n  }", "«url86»", "@ninja"),
    ("unifi-server-log-authkey", "[«ts»,123] <inform-«n»> WARN  inform - inform from «mac» failed, authkey=«S» mismatch, resetting to default", "«hex32»", "@mac"),
    ("spring-generated-security-password", "«ts».412  WARN 1 --- [           main] .s.s.UserDetailsServiceAutoConfiguration :\n\nUsing generated security password: «S»\n\nThis generated password is for development use only.", "«uuid»", "UserDetailsServiceAutoConfiguration"),
    ("php-pdoexception-trace-args", "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'root'@'localhost' (using password: YES) in /var/www/«slug»/inc/db.php:12\nStack trace:\n#0 /var/www/«slug»/inc/db.php(12): PDO->__construct('mysql:host=loca...', 'root', '«S»')\n#1 /var/www/«slug»/index.php(4): require_once('/var/www/...')", "«pwu»", "/var/www/"),
    ("py-traceback-source-line-password", "Traceback (most recent call last):\n  File \"C:\\Scripts\\lob_export.py\", line 44, in connect\n    conn = pymssql.connect(\"«host»\", \"report\", \"«S»\", \"«db»\")\n  File \"src\\pymssql\\_pymssql.pyx\", line 659, in pymssql._pymssql.connect\npymssql.exceptions.OperationalError: (18456, b\"Login failed for user 'report'.\")", "«pw»", "@host"),
    ("syslog-cron-cmd-mysqldump", "«dedate» 01:30:01 «slug»-web CRON[«n5»]: (root) CMD (/usr/bin/mysqldump -uroot -p«S» --all-databases > /backup/all.sql)", "«pwu»", "CRON"),
    ("auditd-execve-password-arg", "type=EXECVE msg=audit(1712«num6».512:«n5»): argc=6 a0=\"sshpass\" a1=\"-p\" a2=\"«S»\" a3=\"ssh\" a4=\"admin@«ip»\" a5=\"uptime\"", "«pwu»", "@ip"),
    ("bash-xtrace-curl-bearer", "+ curl -fsS -H 'Authorization: Bearer «S»' https://«pubip»:«port»/api/v2/cmdb/firewall/policy\n+ jq '.results | length'", "«lonum30»", "@pubip"),
    ("ps-verbose-connecting-with-key", "VERBOSE: Loading module HuduAPI 2.4.«n»\nVERBOSE: Connecting to https://docs.«mspdom» with key «S»\nVERBOSE: GET https://docs.«mspdom»/api/v1/companies with 0-byte payload", "«an24»", "@mspdom"),
    ("teams-webhook-error-log-url", "«ts» ERROR notify: POST https://«slug».webhook.office.com/webhookb2/«uuid»@«tid»/IncomingWebhook/«S»/«uuid2» failed: 400 Bad Request", "«hex32»", "@tid"),
    ("json-log-basic-authorization", _lg_json_basic),
    ("logfmt-api-key-field", "time=«ts»Z level=info msg=\"sync start\" psa=atera tenant=«slug» api_key=«S» pages=«n»", "«hex32»", "@slug"),
    ("intune-ime-log-commandline", "<![LOG[[Win32App] Launch Win32AppInstaller in machine session. command line = \"C:\\Windows\\IMECache\\«uuid»_1\\install.cmd\" /S /ACCOUNTKEY=«S»]LOG]!><time=\"10:14:22.1234567\" date=\"03-1«num1»-2025\" component=\"AppWorkload\">", "«hex32»", "AppWorkload"),
    ("syncro-script-log-ruby-hash", "«ts» Running script \"Map Drives\" on «pc» with variables {\"share_user\"=>\"«DOM»\\\\«svc»\", \"share_password\"=>\"«S»\"}", "«pw»", "@pc"),
    ("halo-integrator-log-request", "«ts» [Integrator] Outbound request to https://login.microsoftonline.com/«tenant»/oauth2/v2.0/token body: client_id=«uuid»&client_secret=«S»&grant_type=client_credentials", "«azsec»", "@tenant"),
    ("mongodb-uri-in-log", "«ts» ERROR [db] MongoServerSelectionError: connection to mongodb+srv://portal:«S»@cluster0.«lonum5».mongodb.net/?retryWrites=true timed out", "«pwu»", "MongoServerSelectionError"),
    ("redis-monitor-auth-command", "1712«num6».«num6» [0 «ip»:«n5»] \"AUTH\" \"«S»\"\n1712«num6».«num6» [0 «ip»:«n5»] \"PING\"", "«an32»", "PING"),
    ("mysql-general-log-identified-by", "«ts».000000Z\t   «n» Query\tCREATE USER 'app_«db»'@'%' IDENTIFIED BY '«S»'", "«pwu»", "CREATE USER"),
    ("postgres-log-alter-role-password", "«date» 11:02:17.221 CET [«n5»] LOG:  statement: ALTER ROLE «db»_app WITH LOGIN PASSWORD '«S»';", "«pwu»", "ALTER ROLE"),
    ("terraform-debug-request-body", "«ts» [DEBUG] provider.terraform-provider-meraki: HTTP Request: GET /api/v1/organizations HTTP/1.1\nHost: api.meraki.com\nX-Cisco-Meraki-Api-Key: «S»\nUser-Agent: terraform-provider-meraki", "«hex40»", "api.meraki.com"),
    ("ansible-vvv-debug-var", "TASK [debug] ******************************************************************\nok: [«host»] => {\n    \"ansible_password\": \"«S»\"\n}", "«pw»", "@host"),
    ("printer-web-log-query-pass", "«dedate» 09:41:12 HTTP GET /scan/upload.cgi?user=scan&pass=«S»&folder=inbox from «ip»", "«pwu»", "/scan/upload.cgi"),
    ("git-fatal-unable-to-access-creds", "fatal: unable to access 'https://«tech»:«S»@git.«mspdom»/clients/«slug»-scripts.git/': Could not resolve host: git.«mspdom»", "«pwu»", "Could not resolve host"),
    ("siris-agent-log-passphrase-mismatch", "«ts» siris-«n3» dattocmd[«n5»]: ERROR agent «pc»: encryption passphrase mismatch (tried '«S»')", "«pp»", "@pc"),
    ("long-jwt-wrapped-debug-line", _lg_wrapped_token),
    ("nodejs-unhandled-rejection-env", "(node:«n5») UnhandledPromiseRejectionWarning: Error: connect ECONNREFUSED «ip»:5432\n    at TCPConnectWrap.afterConnect [as oncomplete] (net.js:1146:16)\n  env: { PGHOST: '«ip»', PGUSER: 'portal', PGPASSWORD: '«S»' }", "«pwu»", "ECONNREFUSED"),
    ("gam-log-refresh-token-dump", "«ts» gam DEBUG oauth2.txt loaded: {'client_id': '«num12»-«lonum32».apps.googleusercontent.com', 'refresh_token': '«S»', 'token_uri': 'https://oauth2.googleapis.com/token'}", "1//0«url100»", "https://oauth2.googleapis.com/token"),
    ("rmm-webhook-log-hmac-secret", "«ts» webhook: verifying signature for alert «n5» with secret «S» -> mismatch", "whsec_«an32»", "webhook: verifying signature"),
    ("ps-exception-securestring-line", "ConvertTo-SecureString : Cannot bind argument to parameter 'String' because it is null.\nAt C:\\ProgramData\\«msp»\\Scripts\\set-wifi.ps1:7 char:1\n+ netsh wlan add profile filename=\"$xml\"; $key = '«S»'\n+ ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~", "«pw»", "set-wifi.ps1"),
    ("apache-access-basic-url-creds", "«pubip» - - [«dedate»:13:02:55 +0200] \"GET https://«tech»:«S»@«dom»/wp-admin/ HTTP/1.1\" 400 226 \"-\" \"curl/7.81.0\"", "«pwu»", "wp-admin"),
    ("k8s-event-env-secret-dump", "«ts» Warning  Failed  pod/«slug»-sync-«lonum5»  Error: container env: HUDU_API_KEY=«S» (invalid value for header)", "«an24»", "invalid value for header"),
    ("windows-setupact-autologon-password", "«date» 10:22:31, Info   [Shell Unattend] Autologon: set username «ladmin» password «S»", "«pwh»", "[Shell Unattend]"),
    ("sql-error-log-login-string", "Error: 18456, Severity: 14, State: 8.\nLogin failed for user 'sa'. Reason: Password did not match that for the login provided. [CLIENT: «ip»]\nlast attempted connection string: Data Source=«host»;User ID=sa;Password=«S»", "«pw»", "Error: 18456"),
    ("cloudflared-log-tunnel-token-arg", "«ts» INF Starting tunnel tunnelID=«uuid»\n«ts» DBG cmdline: cloudflared tunnel --no-autoupdate run --token «S»", lambda: _b64e(_json.dumps({"a": _s(_HX, 32), "t": _uuid(), "s": _b64raw(32)}, separators=(",", ":"))), "Starting tunnel"),
    ("github-actions-log-unmasked-echo", "«date»T09:12:44.1234567Z ##[group]Run ./scripts/deploy.sh --token «S»\n«date»T09:12:44.1244567Z ./scripts/deploy.sh --token «S»\n«date»T09:12:44.1254567Z shell: /usr/bin/bash -e {0}", "«an40»", "##[group]Run ./scripts/deploy.sh"),
    ("npm-verbose-authtoken-config", "npm verb config //npm.pkg.github.com/:_authToken=«S»\nnpm verb title npm ci\nnpm verb argv \"ci\"", "ghp_«an36»", "npm verb title npm ci"),
    ("laps-event-log-password-plain", "«ts» [laps-helper] rotated local admin on «pc»: new password «S» (exp «dedate»)", "«pws»", "@pc"),
    ("freeradius-debug-user-password", "(«n») Received Access-Request Id «n3» from «ip»:«n5» to «ip2»:1812 length 180\n(«n»)   User-Name = \"«u»\"\n(«n»)   User-Password = \"«S»\"\n(«n»)   NAS-Identifier = \"«ssid»\"", "«pw»", "Access-Request"),
    ("openvpn-verb-5-auth-user-pass", "«ts» us=«n5» TCP/UDP: Preserving recently used remote address: [AF_INET]«pubip»:1194\n«ts» us=«n5» [DEBUG] auth-user-pass: username=«u» password=«S»", "«pw»", "auth-user-pass"),
    ("stack-trace-config-repr-smtp", "Traceback (most recent call last):\n  File \"/srv/alerts/notify.py\", line 52, in send\n    server.login(cfg.user, cfg.password)\nsmtplib.SMTPAuthenticationError: (535, b'5.7.139 Authentication unsuccessful')\ncfg = SmtpConfig(host='smtp.office365.com', port=587, user='alerts@«dom»', password='«S»')", "«pw»", "SMTPAuthenticationError"),
    ("msiexec-verbose-log-property-value", "MSI (s) (A4:1C) [10:22:31:512]: PROPERTY CHANGE: Adding ACCT_KEY property. Its value is '«S»'.\nMSI (s) (A4:1C) [10:22:31:512]: PROPERTY CHANGE: Adding ORG_KEY property. Its value is '«slug»'.", "«hex32»", "PROPERTY CHANGE"),
    ("rclone-debug-starting-parameters", "«ts» DEBUG : rclone: Version \"v1.66.0\" starting with parameters [\"rclone\" \"sync\" \"/data\" \":s3:«bucket»\" \"--s3-access-key-id\" \"«upnum20»\" \"--s3-secret-access-key\" \"«S»\" \"-vv\"]", "«an40»", "@bucket"),
    ("ftp-server-log-pass-command", "«ts» [«n5»] «ip» > USER scanner\n«ts» [«n5»] «ip» > PASS «S»\n«ts» [«n5»] «ip» < 230 Login successful.", "«pwu»", "230 Login successful."),
    ("iis-freb-header-value", "<Data Name=\"HeaderName\">X-Api-Key</Data>\n<Data Name=\"HeaderValue\">«S»</Data>\n<Data Name=\"Replace\">false</Data>", "«an32»", "X-Api-Key"),
]


# ------------------------------------------------------------ notes and chat
def _nc_split_halves():
    c = {}
    p = _pw_strong(_i(14, 18))
    h = len(p) // 2
    t = _fill("Sent «first» the first half of the VPN password by SMS (" + p[:h] + "...). Second half goes in the ticket per policy: ..." + p[h:], c)
    return t, p[h:], c["first"]


_NOTE = [
    ("en-ticket-reset-told-user", "«ticket»: reset password for «first» at «org» to «S» - told her to change it at next login.", "«pwh»", "@ticket"),
    ("de-neues-passwort-fuer", "Neues Passwort für «email»: «S» (bitte beim ersten Login ändern)", "«pwh»", "@email"),
    ("fr-wifi-invite-mot-de-passe", "Le mot de passe du Wi-Fi invité («ssid») est «S», à changer tous les mois.", "«pwh»", "@ssid"),
    ("es-contrasena-escaner", "La contraseña del escáner es «S»; usuario escaner@«dom». Lo dejo anotado en Hudu también.", "«pw»", "@dom"),
    ("pl-haslo-do-routera", "Hasło do routera u klienta «org»: «S» (login admin)", "«pw»", "@org"),
    ("teams-chat-wifi-pw", "[«time»] «tech»: hey, wifi pw for the new «site» office is «S»\n[«time»] «tech2»: 👍 thx", "«pw»", "@site"),
    ("slack-firewall-creds-slash", "@«tech» can you log into the «fw» at «org»? creds admin / «S»", "«pws»", "@org"),
    ("onboarding-checklist-temp-pw", "## Onboarding «first» «last» («org»)\n- [x] AD account created\n- [x] M365 licence assigned: «email» / temp pw «S»\n- [ ] Add to Teams channel", "«pwh»", "@email"),
    ("offboarding-shared-mailbox-pw", "## Offboarding «first» («org»)\n- [x] Block sign-in\n- [x] Convert mailbox to shared\n- [ ] Change shared mailbox password (currently «S»)\n- [ ] Collect laptop «pc»", "«pwh»", "@pc"),
    ("client-email-temporary-password", "Hi «first»,\n\nyour account is ready. Username: «email»\nYour temporary password is: «S»\nYou'll be asked to set a new one after logging in.\n\nThanks,\n«tech» @ «msp»", "«pwh»", "@email"),
    ("voicemail-pin-note", "VM PIN for ext «ext» («first») set to «S» - user was told by phone.", "«pin6»", "@first"),
    ("alarm-code-onsite-note", "Onsite «dedate»: alarm panel code for «site» is «S», key safe left of the door.", "«pin6»", "@site"),
    ("agent-note-found-datto-secret", "Note: found the Datto RMM API secret hard-coded in old script deploy.ps1: «S» -> needs rotation after we migrate.", "«upnum32»", "deploy.ps1"),
    ("decision-break-glass-account", "Decision: keep using the break-glass account (admin@«tenant», pw «S») until the MFA rollout at «org» is finished.", "«pws»", "@tenant"),
    ("goal-rotate-meraki-key", "Goal: rotate the Meraki dashboard key «S» for «org» before Friday and update the n8n flow.", "«hex40»", "@org"),
    ("de-chat-nas-kennwort", "Kannst du mal auf das NAS bei «org» schauen? Kennwort vom admin ist «S», der Login geht über https://«ip»:5001", "«pw»", "@ip"),
    ("fr-identifiants-freebox", "Identifiants Freebox du cabinet : admin / «S» (ne pas partager avec le client)", "«pw»", "Freebox"),
    ("es-whatsapp-clave-wifi", "[«dedate» «time»] «first»: Te paso la clave del wifi de la oficina: «S»", "«pw»", "@first"),
    ("pl-haslo-tymczasowe-login", "Login: «u», hasło tymczasowe: «S». Proszę zmienić po pierwszym logowaniu.", "«pwh»", "@u"),
    ("en-passphrase-with-spaces", "the passphrase for the Veeam config backup is \"«S»\" (all lowercase, spaces included)", lambda: " ".join(_R.sample(_PPW, 4)), "Veeam config backup"),
    ("chat-pw-in-single-quotes-hint", "pw is '«S»' (capital first letter, no spaces)", "«pwh»", "capital first letter"),
    ("bitlocker-key-next-to-id", "BitLocker key for «pc» (ID «HEX8»): «S»", "«bitlocker»", "@pc"),
    ("mfa-recovery-code-note", "If the admin loses the phone: recovery code for «email» is «S», stored nowhere else.", "«num4»-«num4_b»-«num4_c»", "@email"),
    ("totp-seed-shared-mailbox", "MFA secret for the shared mailbox info@«dom» (add to your authenticator): «S»", "«b32_32»", "@dom"),
    ("totp-seed-grouped-by-four", "Authenticator setup key for «email»: «S»", lambda: " ".join(_s(_LO + "234567", 4) for _ in range(8)), "@email"),
    ("customer-email-pasted-password", "From: «first» «last» <«email»>\nSubject: Re: Zugang DATEV\n\nHallo,\ndas neue Passwort für die Buchhaltungssoftware ist «S».\nViele Grüße", "«pwh»", "@email"),
    ("time-entry-reset-arrow", "«time» called «first», verified identity via callback, reset pw -> «S»", "«pwh»", "verified identity via callback"),
    ("unifi-url-creds-in-parens", "UniFi controller for «org»: https://«ip»:8443 (admin/«S»)", "«pws»", "@ip"),
    ("markdown-table-device-password", "| Device | IP | User | Password |\n|---|---|---|---|\n| «fw» | «ip» | admin | «S» |\n| Switch | «ip2» | admin | see Hudu |", "«pws»", "@ip"),
    ("fritzbox-wlan-key-20-digits", "Router WLAN-Schlüssel (steht hinten auf der FRITZ!Box): «S»", "«num20»", "FRITZ!Box"),
    ("livebox-cle-wpa-hex", "Clé WPA de la Livebox du cabinet («ssid») : «S»", "«HEX26»", "@ssid"),
    ("es-centralita-3cx-extension", "Contraseña de la centralita (3CX) para la extensión «ext»: «S»", "«an10»", "@ext"),
    ("pl-pin-drukarka-secure-print", "PIN do drukarki (secure print) dla «first»: «S»", "«pin6»", "@first"),
    ("copier-admin-code-kyocera", "«printer» admin login at «site»: user «num4», password «S»", "«pin8»", "@printer"),
    ("onetimesecret-link-key", "Shared the new global admin pw with «first» via OTS: https://onetimesecret.com/secret/«S»", "«lonum31»", "@first"),
    ("split-password-halves-note", _nc_split_halves),
    ("sticky-note-chat-lol", "lol the server room pw was literally «S» on a sticky note under the keyboard", "«pwh»", "server room"),
    ("de-entscheidung-gastnetz-rotation", "Entscheidung: Gastnetz-Passwort wird monatlich rotiert, aktuell «S» (gültig bis «dedate»).", "«pwh»", "Gastnetz-Passwort"),
    ("escalation-local-admin-tried", "Escalating to T2. Tried local admin .\\«ladmin» with «S» on «pc», access denied.", "«pws»", "@pc"),
    ("es-email-credenciales-acceso", "Estimado/a «first»:\nSus credenciales de acceso son: usuario «email», contraseña «S»\nUn saludo", "«pwh»", "@email"),
    ("fr-chat-compte-test-mdp", "tu peux tester avec le compte de test stagiaire@«dom» ? mdp : «S»", "«pwh»", "@dom"),
    ("temp-pw-next-line", "temp pw for «first»:\n«S»\n(expires in 24h)", "«pwh»", "@first"),
    ("pl-teams-dane-vpn", "@«tech» wrzucam dane do VPN: użytkownik «u», hasło «S»", "«pw»", "@u"),
    ("de-email-kopierer-zugang", "Anbei die Zugangsdaten für den Kopierer («printer»):\nBenutzer: Admin\nKennwort: «S»", "«pw»", "@printer"),
    ("es-puse-como-contrasena", "Le puse «S» como contraseña temporal a «first», que la cambie el lunes.", "«pwh»", "@first"),
    ("ipad-passcode-six-digit", "Gave «first» the passcode for the reception iPad: «S»", "«pin6»", "reception iPad"),
    ("gws-super-admin-goal", "Goal: migrate «org» off Google Workspace. GWS super admin is «email» / «S»", "«pws»", "@email"),
    ("apple-id-shared-ipads", "Apple ID for the shared iPads at «site»: ipads@«dom» pw «S»", "«pwh»", "@dom"),
    ("pasted-pat-for-clone", "pasting my PAT so you can clone the scripts repo: «S»  (delete after)", "ghp_«an36»", "scripts repo"),
    ("fr-code-acces-portail", "Voici le code d'accès au portail de sauvegarde : «S»", "«upnum4»-«upnum4_b»-«upnum4_c»", "portail de sauvegarde"),
    ("sage50-admin-kennwort", "Sage 50 Admin-Kennwort bei «org»: «S»", "«pwh»", "@org"),
    ("note-hudu-key-in-notes-decision", "We will not put the Hudu key in the repo; for now it lives here: «S» (move to Key Vault, «ticket»)", "«an24»", "@ticket"),
    ("pl-klient-podal-haslo-poczta", "Klient podał hasło do poczty: «S» - zmieniłem na nowe i zapisałem w IT Glue.", "«pwh»", "IT Glue"),
    ("es-pin-buzon-de-voz", "PIN del buzón de voz de la extensión «ext»: «S»", "«pin6»", "buzón de voz"),
    ("fr-puk-carte-sim-secours", "Code PUK de la carte SIM du routeur 4G de secours : «S»", "«pin8»", "routeur 4G"),
    ("de-puk-diensthandy", "PUK der Diensthandy-SIM von «first»: «S»", "«pin8»", "@first"),
    ("signal-pw-case-sensitive", "The password: «S» (no spaces, case sensitive)", "«pws»", "case sensitive"),
    ("wifi-ssid-slash-minimal", "WiFi: «ssid» / «S»", "«pw»", "@ssid"),
    ("de-mitschrift-telefonat", "Telefonat mit «first» («org»): Router neu gestartet, WLAN-Kennwort auf «S» geändert.", "«pwh»", "Router neu gestartet"),
    ("en-running-note-sql-sa", "Running notes: SQL Express on «host» still uses sa with «S»; app vendor says they need it. Flagged to account manager.", "«pw»", "@host"),
    ("pl-notatka-konto-serwisowe", "Konto serwisowe «svc» na «host» - hasło: «S» (nie wygasa)", "«pws»", "@host"),
    ("fr-ticket-note-mot-de-passe-ldap", "Note interne «ticket» : compte LDAP du copieur = «svc», mot de passe «S»", "«pw»", "@svc"),
    ("es-nota-router-4g", "Router 4G de respaldo: http://«ip» usuario admin clave «S»", "«pw»", "@ip"),
    ("chat-quote-reply-password", "> what's the pw for the scanner account again?\nit's «S» - same as last year, I know...", "«pwh»", "scanner account"),
]


# ------------------------------------------------------------ CI and deploy
def _ci_k8s_data_b64():
    c = {}
    pw = _pwu()
    b = _b64e(pw)
    t = _fill("apiVersion: v1\nkind: Secret\nmetadata:\n  name: «slug»-ldap-bind\n  namespace: «slug»\ntype: Opaque\ndata:\n  bind_dn: " +
              _b64e("CN=svc_ldap,OU=Service,DC=" + _get(c, "slug") + ",DC=local") + "\n  bind_pw: " + b, c)
    return t, b, c["slug"] + "-ldap-bind"


def _ci_cf_tunnel():
    c = {}
    tok = _b64e(_json.dumps({"a": _s(_HX, 32), "t": _uuid(), "s": _b64raw(32)}, separators=(",", ":")))
    t = _fill("# /opt/«slug»-tunnel/.env (deployed by Ansible)\nTUNNEL_TOKEN=" + tok + "\nTUNNEL_HOSTNAME=nas.«dom»", c)
    return t, tok, "nas." + c["dom"]


_CI = [
    ("gha-env-hardcoded-hudu-key", "name: sync-hudu\non:\n  schedule:\n    - cron: '15 3 * * *'\njobs:\n  sync:\n    runs-on: ubuntu-latest\n    env:\n      HUDU_BASE_URL: https://docs.«mspdom»\n      HUDU_API_KEY: «S»\n    steps:\n      - uses: actions/checkout@v4\n      - run: pwsh ./Sync-Hudu.ps1", "«an24»", "@mspdom"),
    ("gha-run-curl-bearer-inline", "      - name: Post alert to PSA\n        run: |\n          curl -sf -X POST https://«mspslug».halopsa.com/api/tickets \\\n            -H \"Authorization: Bearer «S»\" \\\n            -d @ticket.json", "«url120»", "@mspslug"),
    ("gitlab-ci-variables-plain-secret", "variables:\n  DATTO_API_URL: \"https://«dz»-api.centrastage.net\"\n  DATTO_API_KEY: \"«upnum32»\"\n  DATTO_API_SECRET: \"«S»\"\n\nsync:\n  image: python:3.12\n  script:\n    - python sync_datto.py", "«upnum32»", "@dz"),
    ("azure-pipelines-variable-value", "variables:\n- name: graphTenantId\n  value: '«tid»'\n- name: graphClientSecret\n  value: '«S»'\n\nsteps:\n- pwsh: ./scripts/Report-Licenses.ps1", "«azsec»", "@tid"),
    ("jenkinsfile-environment-secret", "pipeline {\n  agent { label 'windows' }\n  environment {\n    NINJA_CLIENT_ID = '«url27»'\n    NINJA_SECRET    = '«S»'\n  }\n  stages { stage('Sync') { steps { pwsh './sync.ps1' } } }\n}", "«url50»", "NINJA_CLIENT_ID"),
    ("bitbucket-pipelines-export-key", "pipelines:\n  default:\n    - step:\n        name: Push docs\n        script:\n          - export ITGLUE_KEY=«S»\n          - python push_docs.py --org \"«org»\"", "ITG.«hex32».«url64»", "@org"),
    ("ci-log-docker-login-p-warning", "+ docker login «mspslug».azurecr.io -u «mspslug»-ci -p «S»\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded", "«an52»", "Login Succeeded"),
    ("ansible-playbook-vars-smtp", "- hosts: print_servers\n  vars:\n    smtp_relay: smtp.office365.com\n    smtp_user: scanner@«dom»\n    smtp_password: \"«S»\"\n  roles:\n    - scan2mail", "«pw»", "@dom"),
    ("terraform-provider-meraki-api-key", "provider \"meraki\" {\n  meraki_base_url = \"https://api.meraki.com/\"\n  meraki_dashboard_api_key = \"«S»\"\n}", "«hex40»", "https://api.meraki.com/"),
    ("terraform-provider-azuread-secret", "provider \"azuread\" {\n  tenant_id     = \"«tid»\"\n  client_id     = \"«uuid»\"\n  client_secret = \"«S»\"\n}", "«azsec»", "@tid"),
    ("packer-json-winrm-password", "{\n  \"builders\": [{\n    \"type\": \"hyperv-iso\",\n    \"communicator\": \"winrm\",\n    \"winrm_username\": \"Administrator\",\n    \"winrm_password\": \"«S»\",\n    \"vm_name\": \"«slug»-w11-gold\"\n  }]\n}", "«pws»", "@slug"),
    ("packer-hcl-winrm-password", "source \"vsphere-iso\" \"win2022\" {\n  vcenter_server = \"vcenter.«adom»\"\n  communicator   = \"winrm\"\n  winrm_username = \"Administrator\"\n  winrm_password = \"«S»\"\n}", "«pws»", "@adom"),
    ("dockerfile-env-atera-key", "FROM mcr.microsoft.com/powershell:7.4-ubuntu-22.04\nENV ATERA_API_KEY=«S»\nCOPY ./scripts /scripts\nENTRYPOINT [\"pwsh\", \"/scripts/report.ps1\"]", "«hex32»", "ENTRYPOINT"),
    ("dockerfile-run-pip-index-creds", "FROM python:3.12-slim\nRUN pip install --no-cache-dir --index-url https://ci:«S»@pypi.«mspdom»/simple msp-toolkit==«ver»", "«an32»", "@mspdom"),
    ("deploy-sh-docker-run-e", "#!/bin/bash\ndocker run -d --name «slug»-portal --restart unless-stopped \\\n  -e DB_HOST=«ip» -e DB_PASSWORD=«S» \\\n  -p 8080:8080 registry.«mspdom»/portal:«ver»", "«pwu»", "@ip"),
    ("helm-values-smtp-password", "smtp:\n  enabled: true\n  host: smtp.office365.com\n  port: 587\n  username: alerts@«dom»\n  password: «S»\n  from: alerts@«dom»", "«pw»", "@dom"),
    ("k8s-secret-stringdata", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: psa-sync\ntype: Opaque\nstringData:\n  HALO_CLIENT_ID: «uuid»\n  HALO_CLIENT_SECRET: «S»", "«uuid»-«uuid2»", "@uuid"),
    ("k8s-secret-data-base64", _ci_k8s_data_b64),
    ("intune-win32-install-cmd-key", "@echo off\nREM install.cmd - packaged with IntuneWinAppUtil for «org»\n\"%~dp0WindowsAgentSetup.exe\" /s /v\" /qn CUSTOMERID=«n3» CUSTOMERSPECIFIC=1 REGISTRATION_TOKEN=«S» SERVERPROTOCOL=HTTPS SERVERADDRESS=ncentral.«mspdom»\"", "«uuid»", "@org"),
    ("ninja-script-parameters-apikey", "Script: Deploy-Huntress.ps1\nRun as: SYSTEM\nParameters: -AccountKey «S» -OrgKey «slug» -Tags \"«site»\"", "«hex32»", "@slug"),
    ("datto-component-variables-json", "{\n  \"componentName\": \"Map Network Drives\",\n  \"variables\": [\n    {\"name\": \"ShareUser\", \"value\": \"«DOM»\\\\«svc»\"},\n    {\"name\": \"SharePassword\", \"value\": \"«S»\"}\n  ]\n}", "«pw»", "Map Network Drives"),
    ("pdq-deploy-step-msiexec-password", "PDQ Deploy package «org» - Sage client\nStep 2 Install: msiexec.exe /i \"\\\\«nas»\\deploy\\SageClient.msi\" /qn SQLSERVER=«host» SQLUSER=sage SQLPASSWORD=«S»", "«pw»", "@host"),
    ("gpo-startup-bat-net-use", "\\\\«adom»\\SYSVOL\\«adom»\\Policies\\{«UUID»}\\Machine\\Scripts\\Startup\\map.bat:\nnet use T: \\\\«nas»\\team «S» /user:«DOM»\\«svc»", "«pwu»", "map.bat"),
    ("choco-apikey-command-log", "PS> choco apikey --key «S» --source https://push.chocolatey.org/\nAdded ApiKey for https://push.chocolatey.org/", "«uuid»", "https://push.chocolatey.org/"),
    ("choco-install-params-password", "choco install «slug»-lob-client -y --source=\"'https://nuget.«mspdom»/v3/index.json'\" --params \"'/DbUser:lob /DbPassword:«S»'\"", "«pwu»", "@mspdom"),
    ("gha-docker-login-action-with-password", "      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: «mspslug»-bot\n          password: «S»", "ghp_«an36»", "ghcr.io"),
    ("gitlab-ci-log-curl-user-token", "$ curl --user \"gitlab-ci-token:«S»\" --upload-file build/rmm-agent.zip \"${CI_API_V4_URL}/projects/«n3»/packages/generic/agent/«ver»/rmm-agent.zip\"", "glcbt-«url20»", "${CI_API_V4_URL}"),
    ("heroku-config-set-log", "$ heroku config:set SMTP_PASS=«S» -a «slug»-portal\nSetting SMTP_PASS and restarting ⬢ «slug»-portal... done, v«n»", "«pw»", "SMTP_PASS and restarting"),
    ("wrangler-secret-put-echo", "echo \"«S»\" | npx wrangler secret put HUDU_API_KEY --env production", "«an24»", "HUDU_API_KEY"),
    ("gha-env-slack-webhook-url", "env:\n  SLACK_WEBHOOK_URL: https://hooks.slack.com/services/T«upnum8»/B«upnum10»/«S»\n  CLIENT: «slug»", "«an24»", "SLACK_WEBHOOK_URL"),
    ("ado-log-command-az-login", "##[command]az login --service-principal -u «uuid» -p «S» --tenant «tid» --allow-no-subscriptions\n[\n  {\n    \"cloudName\": \"AzureCloud\",", "«azsec»", "##[command]az login"),
    ("bicep-parameters-admin-password", "{\n  \"$schema\": \"https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#\",\n  \"parameters\": {\n    \"vmName\": { \"value\": \"«SLUG»-RDS01\" },\n    \"adminPassword\": { \"value\": \"«S»\" }\n  }\n}", "«pws»", "@SLUG"),
    ("cloud-init-chpasswd-list", "#cloud-config\nhostname: «slug»-monitor\nchpasswd:\n  expire: false\n  list: |\n    ubuntu:«S»\nssh_pwauth: true", "«pwu»", "ssh_pwauth"),
    ("netplan-wifi-access-point-password", "network:\n  version: 2\n  wifis:\n    wlan0:\n      dhcp4: true\n      access-points:\n        \"«ssid»\":\n          password: \"«S»\"", "«pw»", "@ssid"),
    ("kickstart-user-password-plaintext", "user --name=«ladmin» --groups=wheel --password=«S» --plaintext\nnetwork --bootproto=dhcp --hostname=«slug»-kiosk", "«pwu»", "@ladmin"),
    ("preseed-root-password", "d-i passwd/root-password password «S»\nd-i passwd/root-password-again password «S»\nd-i passwd/user-fullname string «msp» Admin", "«pwu»", "passwd/user-fullname"),
    ("mdt-customsettings-domainadminpassword", "[Default]\nOSInstall=Y\nJoinDomain=«adom»\nDomainAdmin=svc_mdtjoin\nDomainAdminDomain=«DOM»\nDomainAdminPassword=«S»\nMachineObjectOU=OU=Workstations,DC=«slug»,DC=local", "«pw»", "@DOM"),
    ("mdt-bootstrap-userpassword", "[Settings]\nPriority=Default\n\n[Default]\nDeployRoot=\\\\«host»\\DeploymentShare$\nUserDomain=«DOM»\nUserID=svc_mdt\nUserPassword=«S»\nSkipBDDWelcome=YES", "«pw»", "@host"),
    ("sccm-ts-variable-osdjoinpassword", "Task Sequence variables («org» Win11 23H2):\nOSDJoinAccount = «DOM»\\svc_join\nOSDJoinPassword = «S»\nOSDDomainName = «adom»", "«pw»", "@adom"),
    ("ansible-inventory-become-password", "all:\n  children:\n    «slug»_linux:\n      hosts:\n        «ip»:\n      vars:\n        ansible_user: «ladmin»\n        ansible_become_password: «S»", "«pwu»", "@ip"),
    ("salt-pillar-smb-password", "# /srv/pillar/«slug»/backup.sls\nbackup:\n  smb_share: //«nas»/backup\n  smb_user: «svc»\n  smb_password: «S»", "«pwu»", "@nas"),
    ("puppet-hiera-backup-password", "---\nprofile::backup::target: '«nas»'\nprofile::backup::user: '«svc»'\nprofile::backup::password: '«S»'", "«pw»", "@nas"),
    ("drone-secret-add-data", "$ drone secret add --repository «mspslug»/rmm-scripts --name atera_key --data «S»", "«hex32»", "atera_key"),
    ("gh-secret-set-body-flag", "$ gh secret set SOPHOS_CLIENT_SECRET --body \"«S»\" --repo «mspslug»/security-reports\n✓ Set Actions secret SOPHOS_CLIENT_SECRET for «mspslug»/security-reports", "«hex86»", "@mspslug"),
    ("jenkins-console-sshpass-scp", "[Pipeline] sh\n+ sshpass -p «S» scp -o StrictHostKeyChecking=no build/config.xml admin@«ip»:/tmp/\n[Pipeline] }", "«pwu»", "@ip"),
    ("compose-env-cloudflare-tunnel-token", _ci_cf_tunnel),
    ("tailscale-up-authkey-deploy", "#!/bin/sh\n# bootstrap remote support box at «org»\ncurl -fsSL https://tailscale.com/install.sh | sh\ntailscale up --authkey «S» --hostname «slug»-rsb --advertise-routes=«ip»/32", "tskey-auth-«an12»CNTRL-«an33»", "@slug"),
    ("gitlab-ci-rclone-secret-arg", "backup:\n  script:\n    - rclone sync ./exports :s3:«bucket» --s3-provider Wasabi --s3-access-key-id «upnum20» --s3-secret-access-key «S» --s3-endpoint s3.wasabisys.com", "«an40»", "@bucket"),
    ("vagrantfile-winrm-password", "Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"gusztavvargadr/windows-server\"\n  config.vm.communicator = \"winrm\"\n  config.winrm.username = \"vagrant\"\n  config.winrm.password = \"«S»\"\nend", "«pwu»", "gusztavvargadr/windows-server"),
    ("gae-app-yaml-env-variables", "runtime: python312\nenv_variables:\n  HALO_URL: \"https://«mspslug».halopsa.com\"\n  HALO_SECRET: \"«S»\"", "«uuid»-«uuid2»", "@mspslug"),
    ("ansible-vault-view-output", "$ ansible-vault view group_vars/«slug»/vault.yml\nVault password: \nvault_m365_admin_user: admin@«tenant»\nvault_m365_admin_password: «S»", "«pws»", "@tenant"),
    ("install-addsdc-safemode-deploy", "# Deploy-DC02.ps1\nInstall-ADDSDomainController -DomainName «adom» -Credential $cred -SafeModeAdministratorPassword (ConvertTo-SecureString '«S»' -AsPlainText -Force) -NoRebootOnCompletion", "«pws»", "@adom"),
    ("rmm-policy-export-wifi-profile", "<WLANProfile xmlns=\"http://www.microsoft.com/networking/WLAN/profile/v1\">\n  <name>«ssid»</name>\n  <MSM><security>\n    <authEncryption><authentication>WPA2PSK</authentication><encryption>AES</encryption></authEncryption>\n    <sharedKey><keyType>passPhrase</keyType><protected>false</protected><keyMaterial>«S»</keyMaterial></sharedKey>\n  </security></MSM>\n</WLANProfile>", "«pw»", "@ssid"),
    ("octopus-variable-json-sensitive-leak", "{\n  \"Name\": \"Portal.DbPassword\",\n  \"Value\": \"«S»\",\n  \"Type\": \"Sensitive\",\n  \"Scope\": { \"Environment\": [\"«slug»-prod\"] }\n}", "«pwu»", "Portal.DbPassword"),
    ("gha-log-step-env-unmasked", "Run ./deploy/push-config.sh\n  ./deploy/push-config.sh\n  shell: /usr/bin/bash -e {0}\n  env:\n    FORTI_HOST: «pubip»\n    FORTI_TOKEN: «S»", "«lonum30»", "@pubip"),
    ("winget-configure-dsc-password", "properties:\n  resources:\n    - resource: PSDscResources/User\n      settings:\n        UserName: «ladmin»\n        Password: «S»\n        Ensure: Present", "«pws»", "@ladmin"),
    ("ps-dsc-configuration-data-password", "$ConfigData = @{\n    AllNodes = @(@{ NodeName = '«pc»'; PSDscAllowPlainTextPassword = $true })\n}\n$cred = [pscredential]::new('«ladmin»', (ConvertTo-SecureString '«S»' -AsPlainText -Force))", "«pws»", "PSDscAllowPlainTextPassword"),
    ("github-actions-secrets-in-repo-file", "# .github/workflows/backup.yml (secret committed by mistake)\n      - run: restic -r s3:s3.wasabisys.com/«bucket» backup ./data\n        env:\n          RESTIC_PASSWORD: «S»", "«pp»", "@bucket"),
    ("docker-compose-env-file-smtp", "# .env next to docker-compose.yml on «host»\nCOMPOSE_PROJECT_NAME=«slug»\nSMTP_USERNAME=noreply@«dom»\nSMTP_PASSWORD=«S»", "«pw»", "COMPOSE_PROJECT_NAME"),
    ("gitlab-ci-deploy-sshpass-log", "$ sshpass -p \"«S»\" rsync -az ./dist/ deploy@«ip»:/var/www/«slug»/\nsending incremental file list", "«pwu»", "sending incremental file list"),
    ("terraform-module-block-admin-password", "module \"rds_host\" {\n  source         = \"./modules/windows-vm\"\n  name           = \"«SLUG»-RDS02\"\n  admin_username = \"«ladmin»\"\n  admin_password = \"«S»\"\n}", "«pws»", "./modules/windows-vm"),
    ("gha-matrix-include-client-key", "    strategy:\n      matrix:\n        include:\n          - client: «slug»\n            hudu_key: «S»", "«an24»", "@slug"),
    ("gha-workflow-dispatch-default-password", "on:\n  workflow_dispatch:\n    inputs:\n      client:\n        default: «slug»\n      admin_password:\n        description: 'local admin pw'\n        default: '«S»'", "«pws»", "workflow_dispatch"),
    ("ado-variable-group-json-not-secret", "{\n  \"name\": \"«slug»-prod\",\n  \"variables\": {\n    \"smtpUser\": { \"value\": \"alerts@«dom»\" },\n    \"smtpPassword\": { \"isSecret\": false, \"value\": \"«S»\" }\n  }\n}", "«pw»", "@dom"),
    ("helm-upgrade-set-password-log", "$ helm upgrade --install «slug»-portal ./chart -n «slug» --set smtp.password=«S» --set image.tag=«ver»\nRelease \"«slug»-portal\" has been upgraded. Happy Helming!", "«pwu»", "Happy Helming!"),
    ("ansible-playbook-extra-vars-password", "$ ansible-playbook -i inventories/«slug» site.yml -e \"ansible_password=«S» ansible_user=«ladmin»\" --limit «host»", "«pwu»", "@host"),
]


# ------------------------------------------------------------ vendor tokens
def _vt_gh_fine_grained():
    return "github_pat_11" + _s(_UP + _DG, 20) + "_" + _s(_AN, 59)


def _vt_ado_pat():
    return _s(_LO + "234567", 52)


def _vt_telegram():
    return str(_i(5000000000, 7999999999)) + ":AA" + _s(_URLC, 33)


def _vt_ops():
    return "ops_" + _b64u(_json.dumps({"signInAddress": "my.1password.eu", "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256", "iterations": 650000, "salt": _s(_URLC, 22)}, "email": _s(_LO, 12) + "@1passwordserviceaccounts.eu", "srpX": _s(_HX, 64), "muk": {"alg": "A256GCM", "ext": True, "k": _s(_URLC, 43), "key_ops": ["encrypt", "decrypt"], "kty": "oct", "kid": "mp"}, "secretKey": "A3-" + _s(_UP + _DG, 6) + "-" + _s(_UP + _DG, 6), "throttleSecret": {"seed": _s(_HX, 64), "deviceUuid": _s(_LO + _DG, 26)}, "deviceUuid": _s(_LO + _DG, 26)}, separators=(",", ":")))


def _vt_azure_storage_key():
    return _b64raw(64)


def _vt_sas():
    c = {}
    sig = _base64.b64encode(bytes(_R.getrandbits(8) for _ in range(32))).decode().replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    t = _fill("https://«slug»backup.blob.core.windows.net/veeam-offsite?sp=racwdl&st=«date»T08:00:00Z&se=2026-12-31T23:00:00Z&spr=https&sv=2022-11-02&sr=c&sig=" + sig, c)
    return t, sig, c["slug"] + "backup.blob.core.windows.net"


_VT = [
    ("connectwise-manage-private-key-pair", "CW API member «mspslug»-sync\npublic key:  «an16»\nprivate key: «S»", "«an16»", "@mspslug"),
    ("datto-rmm-api-secret-key", "Datto RMM > Setup > Users > api-«mspslug» > API Keys\nAPI Key: «upnum32»\nSecret Key: «S»", "«upnum32»", "Datto RMM"),
    ("autotask-api-user-secret", "Autotask API user «lonum16»@«mspslug».com  secret=«S»  tracking identifier=«upnum27»", "«pws»", "tracking identifier"),
    ("ninjaone-api-client-secret", "NinjaOne API client «mspslug»-automation: client_id=«url27» client_secret=«S»", "«url50»", "@mspslug"),
    ("kaseya-vsa-api-token-uuid", "Kaseya VSA X token for «mspslug»: Bearer «S»", "«uuid»", "@mspslug"),
    ("ncentral-user-api-jwt", "N-central JWT (api-«mspslug»): «S»", lambda: _jwt("HS512", {"iss": "N-able N-central"}), "@mspslug"),
    ("nsight-rmm-api-key-hex", "N-sight RMM API key: «S» (service=list_clients)", "«hex32»", "service=list_clients"),
    ("syncro-api-token-t-prefix", "Syncro API token «S» (permissions: Customers - Read)", "T«hex15»-«an22»", "Customers - Read"),
    ("atera-api-key-32hex", "Atera API key: «S»", "«hex32»", "Atera API key"),
    ("halopsa-client-secret-double-uuid", "HaloPSA client «uuid»: secret «S»", "«uuid2»-«uuid3»", "@uuid"),
    ("itglue-api-key-itg-prefix", "IT Glue API key: «S»", "ITG.«hex32».«url64»", "IT Glue API key"),
    ("hudu-api-key-24char", "Hudu API key («mspdom»): «S»", "«an24»", "@mspdom"),
    ("liongard-access-key-secret", "Liongard access key id «hex20», secret «S»", "«an44»", "access key id"),
    ("auvik-api-key", "Auvik API user api@«mspdom» key «S»", "«an40»", "@mspdom"),
    ("rewst-webhook-trigger-secret", "Rewst webhook: https://engine.rewst.io/webhooks/custom/trigger/«uuid»/«uuid2»?secret=«S»", "«url32»", "engine.rewst.io"),
    ("huntress-api-key-secret-pair", "Huntress API key hk_«hex20» / secret «S»", "hs_«an40»", "hk_"),
    ("sentinelone-api-token-80", "SentinelOne ApiToken «S»", "«an80»", "SentinelOne"),
    ("crowdstrike-falcon-client-secret", "Falcon API client «hex32»  secret: «S»", "«an40»", "Falcon API client"),
    ("sophos-central-client-secret-hex", "Sophos Central API credential: client_secret=«S»", "«hex86»", "Sophos Central"),
    ("gravityzone-api-key-hex64", "GravityZone API key «S»", "«hex64»", "GravityZone"),
    ("duo-admin-skey-with-ikey", "Duo Admin API: ikey DI«upnum18» skey «S» host api-«lonum8».duosecurity.com", "«an40»", "duosecurity.com"),
    ("okta-ssws-api-token", "Authorization: SSWS «S»", "00«url40»", "SSWS"),
    ("azure-ad-client-secret-q-tilde", "App registration «slug»-graph secret value: «S»", "«azsec»", "@slug"),
    ("m365-refresh-token-0a", "Partner Center refresh token (GDAP app): «S»", "0.A«url3»«url240»", "Partner Center"),
    ("google-api-key-aiza", "Maps key for the client portal: «S»", "AIza«url35»", "client portal"),
    ("google-oauth-gocspx-secret", "GAM OAuth client secret: «S»", "GOCSPX-«url28»", "GAM"),
    ("google-app-password-spaced", "App password (Gmail, scanner): «S»", "«gapp»", "Gmail, scanner"),
    ("slack-bot-token-xoxb", "slack bot: «S»", "xoxb-«num12»-«num13»-«an24»", "slack bot"),
    ("slack-user-token-xoxp", "SLACK_USER_TOKEN=«S»", "xoxp-«num12»-«num12_b»-«num13»-«hex32»", "SLACK_USER_TOKEN"),
    ("twilio-api-key-secret-sk", "Twilio API key SK«hex32» secret «S»", "«an32»", "Twilio API key"),
    ("sendgrid-api-key-sg", "SENDGRID_API_KEY='«S»'", "SG.«url22».«url43»", "SENDGRID_API_KEY"),
    ("mailgun-key-prefix-hex", "mailgun: «S»", "key-«hex32»", "mailgun"),
    ("mailchimp-api-key-dc-suffix", "Mailchimp newsletter key for «org»: «S»", "«hex32»-us«n»", "@org"),
    ("postmark-server-token-uuid", "X-Postmark-Server-Token: «S»", "«uuid»", "X-Postmark-Server-Token"),
    ("aws-secret-with-akia-id", "AKIA«upnum16» / «S»", "«b64_40»", "AKIA"),
    ("wasabi-access-secret-pair", "Wasabi sub-user «slug»-backup keys: access «upnum20» secret «S»", "«an40»", "@slug"),
    ("backblaze-b2-application-key", "B2 keyID 005«hex22»00000000«num2» applicationKey «S»", "K005«an27»", "keyID"),
    ("cloudflare-api-token-40", "Cloudflare token (DNS edit, «dom»): «S»", "«url40»", "DNS edit"),
    ("cloudflare-global-api-key-37hex", "X-Auth-Key: «S»", "«hex37»", "X-Auth-Key"),
    ("meraki-dashboard-key-40hex", "meraki key «S»", "«hex40»", "meraki key"),
    ("fortigate-rest-api-admin-token", "FortiGate «pubip» REST API admin 'api-rmm' token: «S»", "«lonum30»", "@pubip"),
    ("unifi-site-manager-api-key", "UniFi Site Manager API key: «S»", "«url32»", "UniFi Site Manager"),
    ("github-classic-pat-ghp", "GH_TOKEN=«S»", "ghp_«an36»", "GH_TOKEN"),
    ("github-fine-grained-pat", "fine-grained token for «mspslug»/rmm-scripts: «S»", _vt_gh_fine_grained, "@mspslug"),
    ("gitlab-personal-token-glpat", "PRIVATE-TOKEN: «S»", "glpat-«url20»", "PRIVATE-TOKEN"),
    ("dropbox-short-lived-sl", "Dropbox token (scan archive app): «S»", "sl.B«url130»", "scan archive"),
    ("onepassword-service-account-ops", "OP_SERVICE_ACCOUNT_TOKEN=«S»", _vt_ops, "OP_SERVICE_ACCOUNT_TOKEN"),
    ("bitwarden-api-client-secret", "BW_CLIENTID=user.«uuid»\nBW_CLIENTSECRET=«S»", "«an30»", "BW_CLIENTID"),
    ("keeper-ksm-one-time-token", "KSM one-time access token: EU:«S»", "«url43»", "KSM one-time"),
    ("pax8-api-client-secret", "Pax8 API client_secret «S»", "«url64»", "Pax8"),
    ("stripe-live-secret-key", "stripe (billing portal): «S»", "sk_live_51«an24»«an75»", "billing portal"),
    ("zendesk-api-token-40", "Zendesk «email»/token «S»", "«an40»", "@email"),
    ("freshdesk-api-key-20", "Freshdesk API key «S»:X", "«an20»", "Freshdesk"),
    ("atlassian-api-token-atatt", "Jira API token for «email»: «S»", "ATATT3xFfGF0«url160»=«HEX8»", "@email"),
    ("pagerduty-rest-api-key", "PagerDuty REST key: «S»", "u+«url18»", "PagerDuty"),
    ("datadog-api-and-app-key", "DD_API_KEY=«hex32_a» DD_APP_KEY=«S»", "«hex40»", "DD_API_KEY"),
    ("npm-granular-token", "//registry.npmjs.org/:_authToken=«S»", "npm_«an36»", "registry.npmjs.org"),
    ("pypi-upload-token", "TWINE_PASSWORD=«S»", "pypi-AgEIcHlwaS5vcmcCJG«url50»", "TWINE_PASSWORD"),
    ("dockerhub-pat-dckr", "Docker Hub PAT (ci-«mspslug»): «S»", "dckr_pat_«url27»", "@mspslug"),
    ("tailscale-auth-key", "TS_AUTHKEY=«S»", "tskey-auth-«an11»CNTRL-«an32»", "TS_AUTHKEY"),
    ("ngrok-authtoken", "ngrok config add-authtoken «S»", "2«an26»_«an21»", "add-authtoken"),
    ("telegram-bot-token-alerts", "alert bot token: «S»", _vt_telegram, "alert bot"),
    ("discord-webhook-token-segment", "https://discord.com/api/webhooks/«num19»/«S»", "«url68»", "discord.com/api/webhooks"),
    ("openai-project-key", "OPENAI_API_KEY=«S»", "sk-proj-«url74»T3BlbkFJ«url74_b»", "OPENAI_API_KEY"),
    ("anthropic-api-key", "ANTHROPIC_API_KEY=«S»", "sk-ant-api03-«url93»AA", "ANTHROPIC_API_KEY"),
    ("teamviewer-script-token", "TeamViewer API script token (Rollout): «S»", "«num8»-«an20»", "Rollout"),
    ("splashtop-deployment-code", "Splashtop deployment code for «org»: «S»", "«upnum12»", "@org"),
    ("knowbe4-reporting-api-jwt", "KnowBe4 reporting token: «S»", lambda: _jwt("HS256", {"site": "training.knowbe4.com", "scopes": ["elvis"]}), "KnowBe4"),
    ("mimecast-access-and-secret-key", "Mimecast app «uuid» accessKey «url76» secretKey «S»", "«b64_86»==", "@uuid"),
    ("papercut-webservices-auth-token", "auth.webservices.auth-token = «S»", "«an32»", "auth.webservices.auth-token"),
    ("acronis-api-client-secret", "Acronis Cyber Protect API client «uuid» secret «S»", "«lonum32»", "@uuid"),
    ("azure-storage-account-key-88", "AccountKey=«S»", _vt_azure_storage_key, "AccountKey="),
    ("azure-sas-signature-only", _vt_sas),
    ("azure-devops-pat-52", "ADO PAT (build agent «pc»): «S»", _vt_ado_pat, "@pc"),
    ("sharepoint-app-only-secret", "SharePoint app-only ClientSecret=«S»", "«b64_43»=", "SharePoint app-only"),
    ("apple-app-specific-password", "App-specific password for «email» (Outlook on the Mac): «S»", "«lo4»-«lo4_b»-«lo4_c»-«lo4_d»", "@email"),
    ("google-refresh-token-1slash", "refresh_token: «S»", "1//0«url6»CgYIARAAGA8SNwF-L9Ir«url60»", "refresh_token"),
    ("hubspot-private-app-token", "HubSpot private app token: «S»", "pat-eu1-«uuid»", "HubSpot"),
    ("shopify-admin-token", "X-Shopify-Access-Token: «S»", "shpat_«hex32»", "X-Shopify-Access-Token"),
    ("vonage-api-secret", "Vonage api_key=«hex8» api_secret=«S»", "«an16»", "api_key="),
    ("jamf-pro-api-client-secret", "Jamf Pro API client «uuid» secret «S»", "«url64»", "Jamf Pro"),
    ("zoho-desk-refresh-token", "Zoho refresh token: «S»", "1000.«hex32».«hex32_b»", "Zoho"),
]


# ------------------------------------------------------------------- benign
def _bn_b64_text():
    c = {}
    txt = _fill(_c(["Hello from the scan-to-email test on «printer»", "Backup job «slug»-nightly finished OK",
                    "Ticket «ticket» closed by «tech»", "Wi-Fi survey «site» «date»", "printer «serial» toner low"]), c)
    return _c(["base64 of the test body: ", "Content-Transfer-Encoding: base64\n\n", "decoded this, it is just text: "]) + _b64e(txt)


def _bn_pem_cert():
    return "-----BEGIN CERTIFICATE-----\nMIIF" + _pem(_i(3, 6), _s(_B64, 4))[4:] + "\n-----END CERTIFICATE-----"


def _bn_pub_key():
    body = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _s(_B64, 342) + "IDAQAB"
    return "-----BEGIN PUBLIC KEY-----\n" + "\n".join(body[k:k + 64] for k in range(0, len(body), 64)) + "\n-----END PUBLIC KEY-----"


def _bn_jwt_header():
    h = _b64u(_json.dumps({"alg": _c(["RS256", "HS256", "ES256"]), "typ": "JWT", "kid": _s(_URLC, _i(8, 20))}, separators=(",", ":")))
    return "JWT header only (no payload/signature pasted): " + h


def _bn_masked_last4():
    pre = _c(["ghp_", "glpat-", "sk_live_", "xoxb-", "SG.", "npm_", "dckr_pat_", "AKIA", "ITG."])
    return _c(["token ", "key: ", "current value ", "API key on file: "]) + pre + "*" * _i(16, 32) + _s(_AN, 4) + _c(["", " (masked)", " - last 4 shown only"])


_BENIGN_T = [
    "git checkout «hex40»", "fixed in «hex7» (merge of PR #«n3»)", "commit «hex40»\nAuthor: «tech» <«tech»@«mspdom»>\nDate:   «ts»\n\n    rmm: add «slug» to onboarding script",
    "«hex64»  NinjaOneAgent-x86.msi", "Algorithm       Hash                                                                   Path\n---------       ----                                                                   ----\nSHA256          «HEX64»       C:\\Temp\\AteraAgentSetup.msi",
    "MD5 (DattoRMM_Setup_«ver».exe) = «hex32»", "SHA1 checksum of WindowsAgentSetup.exe: «hex40»",
    "Datto site UID: «uuid»", "Tenant ID: «uuid» (not a secret, safe to give to Microsoft support)", "Application (client) ID: «uuid»",
    "Object ID «uuid» / Directory (tenant) ID «uuid2»", "clientId header for ConnectWise: «uuid» (identifies the integration, not secret)",
    "Secret ID (not the value!): «uuid»", "Request Id: «uuid»\nCorrelation Id: «uuid2»\nTimestamp: «ts»Z\nMessage: AADSTS50126: Error validating credentials due to invalid username or password.",
    "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '«uuid»'.",
    "x-ms-request-id: «uuid»", "traceparent: 00-«hex32»-«hex16»-01", "X-Correlation-ID: «uuid» (HaloPSA support asked for this)",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI«b64_43» «tech»@«mspslug»", "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ«b64_200» backup@«host»",
    "ED25519 key fingerprint is SHA256:«b64_43».", "The authenticity of host '«ip» («ip»)' can't be established.\nECDSA key fingerprint is SHA256:«b64_43».",
    "Thumbprint: «HEX40»  Subject: CN=*.«dom»  NotAfter: «dedate»", "PublicKey = «b64_43»=", "[Peer]\nPublicKey = «b64_43»=\nAllowedIPs = 10.«n».0.0/24\nEndpoint = «pubip»:51820",
    "Key fingerprint = «HEX4» «HEX4_b» «HEX4_c» «HEX4_d» «HEX4_e»  «HEX4_f» «HEX4_g» «HEX4_h» «HEX4_i» «HEX4_j»",
    "Integration key: DI«upnum18» (the secret key is in Keeper, not here)", "Stripe publishable key for the payment page: pk_live_51«an24»«an20»",
    "Access key ID AKIA«upnum16» (secret rotated «dedate», stored in vault)", "B2 keyID 005«hex22»0000000«num3» - applicationKey is in 1Password",
    "ConnectWise API public key «an16» (private key lives in IT Glue)", "Meraki network ID L_«num18», org ID «num6»",
    "password: <your-password>", "API_KEY=your_api_key_here", "HUDU_API_KEY=${HUDU_API_KEY}", "client_secret: ${{ secrets.NINJA_CLIENT_SECRET }}",
    "$headers = @{ 'X-API-KEY' = $env:ATERA_API_KEY }", "net use S: \\\\«nas»\\scans /user:«DOM»\\«svc» %SMTP_PASSWORD%",
    "password: changeme  # template default, the deploy pipeline replaces it", "DATTO_API_SECRET=REPLACE_WITH_DATTO_SECRET",
    "api_key = \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"  # example only", "Authorization: Bearer <token>", "Password: [REDACTED]",
    "ITG.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.yyyyyyyy is the IT Glue key format", "Password: ********", "Key Content            : (hidden by policy)",
    "client_secret=***", "AccountKey=****;EndpointSuffix=core.windows.net", "WLAN-Schlüssel: ●●●●●●●●●● (siehe IT Glue)",
    "Hint: «an3» (first three characters of the client secret, shown by Entra)", "##[debug]Evaluating: secrets.HUDU_API_KEY\n##[debug]Result: '***'",
    "Looking in indexes: https://«tech»:****@pypi.«mspdom»/simple", "sqlalchemy engine url: postgresql://portal:***@«ip»:5432/portal",
    "Stored in IT Glue -> «org» -> Passwords -> «fw» admin", "See Hudu asset 'Router' for «org» for creds", "op://Clients/«org» Firewall/password",
    "vault kv get -field=password secret/clients/«slug»/wifi", "Keeper record UID «url22» (shared folder «slug»)",
    "az keyvault secret show --vault-name kv-«slug» --name smtp-password --query value -o tsv", "Get-Secret -Name HuduApiKey -Vault MSP -AsPlainText",
    "file: C:\\ProgramData\\«msp»\\creds\\smtp.xml (DPAPI-protected, machine scope)", "Das Passwort liegt im versiegelten Umschlag im Tresor im Serverraum.",
    "password: ${{ secrets.DOCKERHUB_TOKEN }}", "env:\n  FORTI_TOKEN: ${{ secrets.FORTI_TOKEN_«SLUG» }}", "smtp_password: \"{{ vault_smtp_password }}\"",
    "C:\\Program Files (x86)\\CentraStage\\Gui.exe", "/opt/NinjaRMMAgent/programdata/logs/ninjarmm-agent.log", "Datto RMM agent «ver» installed on «pc»",
    "N-able Take Control «ver» (build «n5»)", "HaloPSA version «ver», ConnectWise Manage v2025.«n»",
    "Passwords must be at least 14 characters and are checked against a breached-password list.",
    "Das Kennwort muss mindestens 12 Zeichen lang sein und darf den Benutzernamen nicht enthalten.",
    "Le mot de passe doit contenir au moins 12 caractères, dont une majuscule et un chiffre.",
    "La contraseña debe tener al menos 12 caracteres y no puede repetir las últimas 5.",
    "Hasło musi mieć co najmniej 12 znaków i nie może zawierać nazwy użytkownika.",
    "535 5.7.139 Authentication unsuccessful, SmtpClientAuthentication is disabled for the Tenant. Visit https://aka.ms/smtp_auth_disabled",
    "401 Unauthorized: invalid api key (check the key in Hudu > Admin > API Keys)", "Login failed for user 'sa'. Reason: Password did not match that for the login provided. [CLIENT: «ip»]",
    "«dedate» 03:12:10 sshd[«n5»]: Failed password for invalid user admin from «pubip» port «n5» ssh2",
    "An account failed to log on.\nAccount Name: «u»\nFailure Reason: Unknown user name or bad password.\nStatus: 0xC000006D",
    "S/N «serial» («printer»)", "Service Tag «upnum7», warranty until «dedate»", "Datto SIRIS serial «mac», model S5-«n»T",
    "«ticket» - Printer offline at «site»", "«ticket»: user cannot log in, password expired, sent SSPR link", "DHCP reservation «mac» -> «ip» («printer»)",
    "MSI ProductCode {«UUID»}", "Part number JL«num3»A, SKU «upnum4»-«num5»", "S-1-5-21-«num10»-«num10_b»-«num9»-«n3»",
    "GPO {«UUID»} 'Drive Maps - «org»'", "Key Protector ID: {«UUID»}", "BitLocker recovery key ID: «HEX8»", "Password expiration (LAPS): «dedate» 03:00",
    "sha512-«b64_86»==", "docker pull ghcr.io/«mspslug»/portal@sha256:«hex64»", "TLSPSKIdentity=PSK_«SLUG»_«n»", "zerotier-cli join «hex16»",
    "\"@odata.etag\": \"W/\\\"«b64_20»\\\"\"", "https://kv-«slug».vault.azure.net/secrets/graph-client-secret/«hex32»",
    "https://«slug»backup.blob.core.windows.net/veeam?sp=r&se=2026-01-01&sig=<redacted>", "WPA2 passphrase must be 8 to 63 printable ASCII characters.",
    "I reset the password and sent it to «first» by SMS, not writing it here.", "Kennwort wurde telefonisch durchgegeben (nicht ins Ticket schreiben!).",
    "Mot de passe envoyé séparément par SMS au client.", "Contraseña enviada por canal seguro (enlace OTS de un solo uso).", "Hasło przekazane telefonicznie, nie zapisuję go w zgłoszeniu.",
    "TOTP enabled for «email»: yes (seed stored in Keeper)", "User forgot password again, reset via SSPR, ticket «ticket»", "Password last set: «dedate» 09:14:02",
    "PasswordNeverExpires : False\nPasswordLastSet      : «dedate» 08:01:55", "Windows product ID 00330-«num5»-«num5_b»-AAOEM",
    "$ANSIBLE_VAULT;1.1;AES256\n«hex80»\n«hex80_b»\n«hex40»", "smtp_password: ENC[AES256_GCM,data:«b64_24»,iv:«b64_43»=,tag:«b64_22»==,type:str]",
    "build «n5» («hex12») deployed to «slug»-prod", "v«ver»-«hex7»", "SMTP_PASS=\n# leave empty: the relay accepts anonymous mail from «ip»",
    "Wi-Fi: «ssid» (WPA3-Personal, passphrase in Hudu)", "New-Guid\n\nGuid\n----\n«uuid»", "Veeam job '«slug»-offsite' session id «uuid»",
    "Autotask ticket T2025«num4».«num4_b» linked to CW config «n5»", "NinjaOne device id «n5», organization id «n3», location «site»",
    "ImmyBot deployment «uuid» (target: «pc»)", "Rewst workflow id «uuid»", "Huntress org key: «slug» (this is just a label, not a secret)",
    "X-Datto-Request-Id: «hex32»", "Kaseya agent GUID «num15»", "N-central customer ID «n3», SO ID 50", "Syncro customer «n5» («org»)",
    "Hudu asset layout 'Wireless' id «n3»", "IT Glue organization id «num7»", "Datto BCDR agent «uuid» protected volumes C:, D:",
]

_BENIGN_F = [_bn_b64_text, _bn_pem_cert, _bn_pub_key, _bn_jwt_header, _bn_masked_last4]


# -------------------------------------------------------------------- build
_GROUPS = [("command", _CMD), ("tool-output", _TOOL), ("config-file", _CONF), ("source-code", _SRC),
           ("stack-trace-or-log", _LOG), ("note-or-chat", _NOTE), ("ci-and-deploy", _CI), ("vendor-token", _VT)]
_PER_GROUP = 187
_N_BENIGN = 950


def _build_secrets():
    out = []
    for group, specs in _GROUPS:
        k = 0
        while k < _PER_GROUP:
            spec = specs[k % len(specs)]
            t, s, v = _make(spec)
            out.append((group, spec[0], t, s, v))
            k += 1
    return out


def _build_benign(secrets):
    long_secrets = [e[3] for e in secrets if len(e[3]) >= 8]
    seen = set()
    out = []
    pool = list(_BENIGN_T) + list(_BENIGN_F)
    rounds = 0
    while len(out) < _N_BENIGN and rounds < 40:
        rounds += 1
        for item in pool:
            if len(out) >= _N_BENIGN:
                break
            b = item() if callable(item) else _fill(item, {})
            if b in seen or any(s in b for s in long_secrets):
                continue
            seen.add(b)
            out.append(b)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)
