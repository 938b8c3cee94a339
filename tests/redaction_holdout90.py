"""Blind hold-out corpus #90 for a secret-redaction engine.

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
Makers, 3D-printing farms, print shops and makerspaces: OctoPrint and
Moonraker/Klipper API keys, Bambu Lab LAN access codes and cloud tokens,
Prusa Connect and PrusaLink, Mainsail/Fluidd, Obico/Spaghetti Detective,
laser cutters and CNC (LightBurn, GRBL, UGS), Thingiverse/Printables/
MakerWorld APIs, Etsy/Shopify/Tindie shop integrations, Raspberry Pi and
ESP32/Arduino sketches with Wi-Fi and MQTT credentials, commercial print
shops (print MIS, web-to-print, CUPS/IPP, RIP software, large-format
printers), member badge/door systems and booking tools at makerspaces;
notes in English, German, Dutch, Czech and Japanese.

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
Blind, with the engine of the session that read it, before any rule from it: recall 0.924 (1,383 of
1,496) and false positives 7 of 950 (0.7%). Tuned on since by classes (G-code passwords (M551,
M587), printer access codes of eight digits, door and lock codes in German, Dutch, Czech and
Japanese, Pushover tokens, notifier URLs' tokens, smb URLs with a workgroup, lftp's `open -u`,
PowerShell's -SNMPCommunity, FTP's PASS after a 331, two words and a number joined by hyphens in
prose, CUPS' `lpadmin -p`): 0.958 (1,434) and 2 (0.2%).
"""
import base64 as _b64
import json as _json
import random
import re as _re

SEED = 7390418
_R = random.Random(SEED)

_HEX = "0123456789abcdef"
_UHEX = "0123456789ABCDEF"
_DIG = "0123456789"
_LOW = "abcdefghijklmnopqrstuvwxyz"
_UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_B62 = _UP + _LOW + _DIG
_B64 = _B62 + "+/"
_B64U = _B62 + "-_"
_SYM = "!#%&*+-=?@^_.$"


def _len(arg, default=16):
    if not arg:
        return default
    if "-" in arg:
        a, b = arg.split("-", 1)
        return _R.randint(int(a), int(b))
    return int(arg)


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _pick(seq):
    return seq[_R.randrange(len(seq))]


_EN = ["filament", "nozzle", "hotend", "extruder", "spool", "gantry", "stepper",
       "benchy", "voron", "plotter", "toner", "magenta", "duplex", "laser",
       "spindle", "solder", "bridge", "raft", "brim", "purple", "orange",
       "walrus", "maple", "copper", "harbor", "granite", "pixel", "badger",
       "lantern", "rocket", "biscuit", "cobalt", "falcon", "thistle"]
_DE = ["Werkstatt", "Schraube", "Loetzinn", "Drucker", "Fraese", "Duese",
       "Zange", "Hobel", "Sommer", "Bastler", "Brezel", "Kaffee", "Zollstock",
       "Feile", "Amboss", "Rakel", "Tischler", "Eichhorn", "Bergfex", "Kuckuck"]
_NL = ["drukker", "fiets", "molen", "zolder", "werkplaats", "boormachine",
       "tulp", "kaas", "stroopwafel", "hamer", "zaag", "gracht", "polder",
       "kabouter", "dijk", "klompen", "haring", "vlieger"]
_CS = ["tiskarna", "pajka", "vrtacka", "dilna", "kocka", "pivo", "knedlik",
       "sroubek", "tramvaj", "hrnek", "kladivo", "jezek", "svicka", "houba",
       "vltava", "zelezo"]
_JA = ["sakura", "monozukuri", "kaizen", "tanuki", "fuji", "hanabi", "neko",
       "tamago", "kikai", "koubou", "momiji", "kitsune", "sora", "yama",
       "hikari", "daruma"]
_LANGW = {"en": _EN, "de": _DE, "nl": _NL, "cs": _CS, "ja": _JA}

_FIRST = ["alex", "priya", "sam", "morgan", "jonas", "lena", "lukas", "mia",
          "daan", "sanne", "bram", "femke", "jakub", "tereza", "ondrej",
          "petra", "haruto", "yui", "ren", "aoi", "noah", "elif", "tomas",
          "ines", "ruben", "marta", "kenji", "hana", "felix", "julia"]
_LAST = ["vermeer", "novak", "kowalski", "tanaka", "schreiber", "bakker",
         "dvorak", "okafor", "lindqvist", "hoffmann", "jansen", "svoboda",
         "nakamura", "brennan", "fischer", "visser", "horak", "sato"]
_SYL = ["vel", "mor", "tri", "kan", "zel", "dor", "bri", "lum", "fen", "ost",
        "quar", "ny", "sar", "ket", "vox", "ril", "pla", "gund", "hav", "tor",
        "mex", "lin", "dra", "wem", "col", "bix", "sto", "ran"]
_TLD = ["de", "nl", "cz", "jp", "io", "com", "org", "net", "eu", "example",
        "test", "be", "at"]


def _org(_=""):
    return "".join(_pick(_SYL) for _ in range(_R.randint(2, 3))).capitalize()


def _dom(_=""):
    o = _org().lower()
    return o + _pick(["", "-print", "-fablab", "-makers", "-druck", "-drukwerk",
                      "-3d", "lab", "-tisk", "-works"]) + "." + _pick(_TLD)


def _pw(lang=""):
    if not lang or lang == "any":
        lang = _pick(list(_LANGW))
    w = _LANGW[lang]
    a, b = _pick(w), _pick(w)
    if lang == "de" and _R.random() < 0.3:
        a = a.replace("oe", "\u00f6").replace("ue", "\u00fc").replace("ae", "\u00e4")
    f = _R.randrange(8)
    y = str(_R.choice([_R.randint(1, 99), _R.randint(2015, 2026), _R.randint(100, 9999)]))
    sym = _pick("!#?*.%@-_+")
    if f == 0:
        return a.capitalize() + y + sym
    if f == 1:
        return a.capitalize() + b.capitalize() + y
    if f == 2:
        return a.lower() + "-" + b.lower() + "-" + y
    if f == 3:
        t = a.lower().replace("a", "4").replace("e", "3").replace("o", "0")
        return t.capitalize() + sym + y
    if f == 4:
        return a.capitalize() + sym + y + b.lower()
    if f == 5:
        return a.capitalize() + "." + b.capitalize() + "." + y
    if f == 6:
        return y + a.capitalize() + sym
    return a.lower() + b.capitalize() + sym + y


def _pwu(lang=""):
    while True:
        v = _pw(lang)
        if not set(v) & set("@/#?%:+"):
            return v


def _upw(arg=""):
    n = _len(arg, 16)
    while True:
        v = _s(_B62 + "-_.~", n)
        if any(c in "-_.~" for c in v) and any(c in _DIG for c in v):
            return v


def _phrase(n=""):
    k = _len(n, 4)
    w = _EN + [x.lower() for x in _DE + _NL]
    return _pick(["-", " ", ".", "_"]).join(_pick(w) for _ in range(k))


def _rpw(arg=""):
    n = _len(arg, 16)
    while True:
        v = _s(_B62 + _SYM, n)
        if any(c in _SYM for c in v) and any(c in _DIG for c in v):
            return v


def _uuid(_=""):
    h = _s(_HEX, 32)
    h = h[:12] + "4" + h[13:16] + _pick("89ab") + h[17:]
    return "-".join([h[:8], h[8:12], h[12:16], h[16:20], h[20:]])


def _b64b(arg):
    return _b64.b64encode(bytes(_R.randrange(256) for _ in range(_len(arg, 32)))).decode()


def _b64ub(arg):
    v = _b64.urlsafe_b64encode(bytes(_R.randrange(256) for _ in range(_len(arg, 32))))
    return v.decode().rstrip("=")


def _b64t(obj):
    raw = obj if isinstance(obj, str) else _json.dumps(obj, separators=(",", ":"))
    return _b64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def _jwt(arg=""):
    alg = _pick(["HS256", "HS256", "RS256", "ES256"])
    hd = _b64t({"alg": alg, "typ": "JWT"})
    now = _R.randint(1700000000, 1790000000)
    body = {"sub": _pick([str(_R.randint(1000, 99999999)), _uuid(), _pick(_FIRST)]),
            "iat": now, "exp": now + _pick([3600, 86400, 2592000, 315360000])}
    if arg == "ha":
        body = {"iss": _s(_HEX, 32), "iat": now, "exp": now + 315360000}
    elif _R.random() < 0.5:
        body["scope"] = _pick(["print", "read write", "printer:control", "shop"])
    sig = _b64ub("64" if alg == "ES256" else ("256" if alg == "RS256" else "32"))
    return hd + "." + _b64t(body) + "." + sig


def _pem(arg=""):
    nb = _len(arg, 900)
    raw = _b64.b64encode(bytes(_R.randrange(256) for _ in range(nb))).decode()
    return "\n".join(raw[i:i + 64] for i in range(0, len(raw), 64))


def _lip(_=""):
    return _pick(["192.168.%d.%d" % (_pick([0, 1, 1, 2, 10, 50, 178]), _R.randint(2, 254)),
                  "10.%d.%d.%d" % (_R.randint(0, 40), _R.randint(0, 255), _R.randint(2, 254)),
                  "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 255), _R.randint(2, 254))])


def _host(_=""):
    base = _pick(["octopi", "voron", "ender3", "mk4", "xl", "p1s", "x1c", "a1mini",
                  "klipper", "mainsail", "fluidd", "prusa", "sovol", "ratrig",
                  "trident", "switchwire", "k1max", "laser", "cnc", "plotter"])
    return "%s%s%s.%s" % (base, _pick(["-", "", "-farm-"]), _R.randint(1, 40),
                          _pick(["local", "lan", "home.arpa", "farm.internal",
                                 "makerlab.lan", "fritz.box", "werkstatt.local"]))


def _serial(_=""):
    return _pick(["00M09A", "01P00A", "01S00C", "03919C", "0309DA", "00W00A"]) + _s(_DIG + "ABC", 9)


def _mac(_=""):
    return ":".join(_s(_UHEX, 2) for _ in range(6))


def _user(_=""):
    f = _pick(_FIRST)
    return _pick([f, f + "." + _pick(_LAST), f[0] + _pick(_LAST), f + str(_R.randint(1, 99)),
                  _pick(["maker", "printfarm", "octo", "pi", "prepress", "admin",
                         "shopbot", "klipper", "operator", "werkstatt", "drukwerk"])])


def _email(_=""):
    return "%s.%s@%s" % (_pick(_FIRST), _pick(_LAST), _dom())


def _ssid(_=""):
    return _pick(["Makerspace", "FabLab", "Werkstatt", "Drukkerij", "Dilna",
                  "PrintFarm", "Koubou", "HackLab", _org()]) + _pick(
        ["-Guest", "-IoT", "_2G4", "-Members", "-5G", "", "-Printers", "_Lab"])


def _date(_=""):
    return "20%02d-%02d-%02d" % (_R.randint(23, 26), _R.randint(1, 12), _R.randint(1, 28))


def _ts(_=""):
    return "%sT%02d:%02d:%02d%s" % (_date(), _R.randint(0, 23), _R.randint(0, 59),
                                   _R.randint(0, 59), _pick(["Z", ".%03dZ" % _R.randint(0, 999), "+01:00", "+09:00"]))


def _hm(_=""):
    return "%02d:%02d" % (_R.randint(7, 23), _R.randint(0, 59))


_K = {
    "hex": lambda a: _s(_HEX, _len(a, 32)),
    "HEX": lambda a: _s(_UHEX, _len(a, 32)),
    "an": lambda a: _s(_LOW + _DIG, _len(a)),
    "AN": lambda a: _s(_UP + _DIG, _len(a)),
    "aN": lambda a: _s(_B62, _len(a)),
    "al": lambda a: _s(_LOW, _len(a, 8)),
    "AL": lambda a: _s(_UP, _len(a, 8)),
    "b64": lambda a: _s(_B64, _len(a)),
    "b64u": lambda a: _s(_B64U, _len(a)),
    "dig": lambda a: _s(_DIG, _len(a, 8)),
    "pin": lambda a: str(_R.randint(1, 9)) + _s(_DIG, _len(a, 6) - 1),
    "num": lambda a: str(_R.randint(*[int(x) for x in a.split("-")])),
    "b64b": _b64b, "b64ub": _b64ub, "uuid": _uuid,
    "UUID": lambda a: _uuid().upper(), "pw": _pw, "phrase": _phrase,
    "rpw": _rpw, "pwu": _pwu, "upw": _upw, "pick": lambda a: _pick(a.split("|")), "org": _org,
    "dom": _dom, "host": _host, "lip": _lip, "user": _user, "email": _email,
    "first": lambda a: _pick(_FIRST), "First": lambda a: _pick(_FIRST).capitalize(),
    "last": lambda a: _pick(_LAST), "Last": lambda a: _pick(_LAST).capitalize(),
    "ssid": _ssid, "serial": _serial, "mac": _mac, "jwt": _jwt, "pem": _pem,
    "date": _date, "ts": _ts, "hm": _hm, "word": lambda a: _pick(_LANGW[a or "en"]),
    "port": lambda a: str(_pick([80, 443, 7125, 5000, 8080, 8443, 8883, 1883, 3000, 9000])),
}

_PH = _re.compile("\u27e8([^\u27e8\u27e9]*)\u27e9")
_SM = _re.compile("\u00ab(.*?)\u00bb", _re.S)
_VM = _re.compile("\u2039(.*?)\u203a", _re.S)


def _fill(t):
    env = {}

    def rep(m):
        body = m.group(1)
        if body.startswith("="):
            return env[body[1:]]
        name = None
        if "=" in body.split(":", 1)[0]:
            name, body = body.split("=", 1)
        kind, _, arg = body.partition(":")
        v = _K[kind](arg)
        if name:
            env[name] = v
        return v
    return _PH.sub(rep, t)


def _strip(t):
    for c in "\u00ab\u00bb\u2039\u203a":
        t = t.replace(c, "")
    return t


def _make(t):
    for _ in range(12):
        x = _fill(t)
        s = _SM.search(x).group(1)
        vm = _VM.search(x)
        v = vm.group(1) if vm else ""
        clean = _strip(x)
        if len(s) >= 6 and s in clean and not (v and (v in s or v not in clean)):
            return clean, s, v
    raise ValueError("template never valid: %r" % t[:60])


_TPL = {}
_GROUP = ["command"]


def T(fmt, text):
    _TPL.setdefault(_GROUP[0], []).append((fmt, text))


def G(name):
    _GROUP[0] = name

_BEN = []


def B(text):
    _BEN.append(text)


def _cftun(_=""):
    raw = _json.dumps({"a": _s(_HEX, 32), "t": _uuid(), "s": _b64b("32")}, separators=(",", ":"))
    return _b64.b64encode(raw.encode()).decode().rstrip("=")


def _tg(_=""):
    return "%d:AA%s" % (_R.randint(100000000, 7999999999), _s(_B64U, 33))


_K["cftun"] = _cftun
_K["tg"] = _tg
_K["dhook"] = lambda a: _s(_DIG, 19) + "/" + _s(_B64U, 68)

# ---------------------------------------------------------------- command
G("command")
T("octoprint-curl-x-api-key-header", r'''curl -s -H "X-Api-Key: «⟨HEX:32⟩»" http://‹⟨host⟩›/api/job | jq '.progress.completion' ''')
T("octoprint-curl-apikey-query-param", r'''curl "http://‹⟨lip⟩›/api/printer?apikey=«⟨HEX:32⟩»&exclude=temperature,sd"''')
T("octoprint-cli-client-apikey-flag", r'''octoprint client --host ‹⟨lip⟩› --port 5000 --apikey «⟨HEX:32⟩» get /api/version''')
T("moonraker-curl-x-api-key-lowerhex", r'''curl -sS -H 'X-Api-Key: «⟨hex:32⟩»' "http://‹⟨host⟩›:7125/printer/objects/query?print_stats&heater_bed"''')
T("moonraker-curl-bearer-jwt", r'''curl -X POST "http://‹⟨host⟩›:7125/printer/gcode/script?script=G28" -H "Authorization: Bearer «⟨jwt⟩»"''')
T("moonraker-access-login-json-body", r'''curl -s -X POST http://⟨host⟩:7125/access/login -H 'Content-Type: application/json' -d '{"username": "‹⟨user⟩›", "password": "«⟨pw:any⟩»", "source": "moonraker"}' ''')
T("bambu-mqtt-sub-access-code", r'''mosquitto_sub -h ⟨lip⟩ -p 8883 --insecure -u bblp -P «⟨dig:8⟩» -t "device/‹⟨serial⟩›/report" -v''')
T("bambu-mqtt-pub-alnum-access-code", r'''mosquitto_pub -h ‹⟨lip⟩› -p 8883 --cafile ca_cert.pem --insecure -u bblp -P '«⟨AN:8⟩»' -t device/⟨serial⟩/request -m '{"pushing":{"sequence_id":"0","command":"pushall"}}' ''')
T("bambu-ftps-curl-userpass", r'''curl -k --ftp-ssl -u bblp:«⟨dig:8⟩» ftps://‹⟨lip⟩›:990/cache/ --list-only''')
T("bambu-rtsps-ffplay-url", r'''ffplay -rtsp_transport tcp "rtsps://bblp:«⟨dig:8⟩»@‹⟨lip⟩›:322/streaming/live/1"''')
T("prusalink-curl-digest-maker", r'''curl --digest -u ‹maker›:«⟨aN:15⟩» http://⟨lip⟩/api/v1/status''')
T("prusalink-put-upload-x-api-key", r'''curl -X PUT -H "X-Api-Key: «⟨aN:16⟩»" -H "Print-After-Upload: ?1" --data-binary @⟨pick:benchy|cube|gear|bracket|clip⟩.bgcode "http://‹⟨host⟩›/api/v1/files/usb/job.bgcode"''')
T("prusa-connect-camera-token-header", r'''curl -X PUT "https://‹connect.prusa3d.com›/c/snapshot" -H "accept: */*" -H "content-type: image/jpg" -H "fingerprint: ⟨hex:16⟩" -H "token: «⟨aN:20⟩»" --data-binary "@/tmp/cam⟨num:1-6⟩.jpg"''')
T("duet-rr-connect-password-query", r'''curl "http://‹⟨host⟩›/rr_connect?password=«⟨pwu⟩»&time=⟨date⟩T10:00:00"''')
T("duet-rr-gcode-m587-wifi-urlencoded", r'''curl "http://‹⟨lip⟩›/rr_gcode?gcode=M587%20S%22⟨ssid⟩%22%20P%22«⟨pwu⟩»%22"''')
T("repetier-server-apikey-uuid", r'''curl "http://‹⟨lip⟩›:3344/printer/api/⟨pick:ender|mk3s|cr10|anet⟩?a=listPrinter&apikey=«⟨uuid⟩»"''')
T("obico-token-authorization-header", r'''curl -s -H "Authorization: Token «⟨hex:40⟩»" https://‹obico.⟨dom⟩›/api/v1/octo/printer/''')
T("thingiverse-curl-bearer-hex", r'''curl -H "Authorization: Bearer «⟨hex:32⟩»" "https://‹api.thingiverse.com›/things/⟨num:1000000-6900000⟩/files"''')
T("etsy-v3-bearer-userid-dot-token", r'''curl -H "x-api-key: ⟨an:24⟩" -H "Authorization: Bearer «⟨num:10000000-999999999⟩.⟨b64u:60⟩»" https://‹openapi.etsy.com›/v3/application/shops/⟨num:10000000-40000000⟩/receipts''')
T("shopify-admin-graphql-shpat-header", r'''curl -X POST https://‹⟨al:8⟩-shop.myshopify.com›/admin/api/2024-07/graphql.json -H 'Content-Type: application/json' -H 'X-Shopify-Access-Token: «shpat_⟨hex:32⟩»' -d '{"query":"{ orders(first:5){ edges { node { name } } } }"}' ''')
T("tindie-orders-api-key-query", r'''curl "https://‹www.tindie.com›/api/v1/order/?format=json&username=⟨user⟩&api_key=«⟨hex:40⟩»&shipped=false"''')
T("woocommerce-curl-ck-cs-basic", r'''curl https://⟨dom⟩/‹wp-json/wc/v3/orders›?status=processing -u ck_⟨hex:40⟩:«cs_⟨hex:40⟩»''')
T("mosquitto-pub-user-password-flags", r'''mosquitto_pub -h ‹⟨host⟩› -u ⟨pick:esp32|enclosure|sensors|iot|chamber⟩ -P «⟨pw:any⟩» -t ⟨pick:farm|werkstatt|lab|koubou⟩/enclosure/temp -m 41.5''')
T("lftp-user-comma-password", r'''lftp -u ‹⟨user⟩›,«⟨pw:any⟩» ftp.⟨dom⟩ -e "mirror -R ./proofs /incoming; bye"''')
T("smbclient-user-percent-password", r'''smbclient //⟨pick:fs01|rip-01|prepress|nas⟩/Hotfolder -U ‹PRINTSHOP\⟨user⟩›%«⟨pw:any⟩» -c "put job_⟨num:10000-99999⟩.pdf"''')
T("lpadmin-ipps-device-uri-password", r'''sudo lpadmin -p ‹⟨pick:DesignJet_T650|Plotter_A0|Canon_TM300|Epson_P9500⟩› -E -v "ipps://⟨user⟩:«⟨pwu⟩»@⟨lip⟩/ipp/print" -m everywhere''')
T("snmpwalk-v2c-custom-community", r'''snmpwalk -v2c -c «⟨pick:prn|rip|print|lfp⟩-⟨al:4⟩-⟨dig:4⟩» ‹⟨lip⟩› 1.3.6.1.2.1.43.11.1.1.9''')
T("snmpget-v3-auth-passphrase", r'''snmpget -v3 -l authNoPriv -u ‹⟨pick:monitor|nagios|lfpmon|zabbix⟩› -a SHA -A «⟨upw:14⟩» ⟨lip⟩ sysUpTime.0''')
T("sshpass-p-ssh-pi", r'''sshpass -p '«⟨pw:any⟩»' ssh ‹pi@⟨host⟩› 'sudo systemctl restart klipper moonraker' ''')
T("nmcli-wifi-connect-password", r'''sudo nmcli dev wifi connect "‹⟨ssid⟩›" password "«⟨pw:any⟩»" ifname wlan0''')
T("raspi-config-nonint-wifi-positional", r'''sudo raspi-config nonint do_wifi_ssid_passphrase ‹⟨ssid⟩› «⟨pw:any⟩» 0 0''')
T("wpa-passphrase-quoted-phrase", r'''wpa_passphrase "‹⟨ssid⟩›" '«⟨phrase:4⟩»' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf''')
T("chpasswd-echo-user-colon-pass", r'''echo '‹⟨pick:pi|klipper|biqu|mks|octo⟩›:«⟨pw:any⟩»' | sudo chpasswd''')
T("docker-login-ghcr-p-flag", r'''docker login ghcr.io -u ‹⟨user⟩› -p «ghp_⟨aN:36⟩»''')
T("git-clone-user-token-url", r'''git clone https://‹⟨user⟩›:«ghp_⟨aN:36⟩»@github.com/⟨al:7⟩/klipper-config.git ~/printer_data/config''')
T("git-remote-oauth2-glpat-url", r'''git remote set-url origin https://oauth2:«glpat-⟨b64u:20⟩»@‹gitlab.⟨dom⟩›/farm/printer-configs.git''')
T("espota-auth-flag", r'''python3 ~/.arduino15/packages/esp32/hardware/esp32/2.0.14/tools/espota.py -i ‹⟨lip⟩› -p 3232 --auth=«⟨pw:any⟩» -f build/door_controller.ino.bin''')
T("arduino-cli-upload-field-password", r'''arduino-cli upload -p ‹⟨lip⟩› --fqbn esp32:esp32:esp32 --upload-field password=«⟨pw:any⟩» ./filament_scale''')
T("mysql-p-attached-password", r'''mysql -h ‹⟨pick:db01|mis-db|pace-db|w2p-db⟩.⟨dom⟩› -u ⟨pick:printmis|webshop|pace_ro|w2p⟩ -p«⟨pw:any⟩» jobs -e "select count(*) from orders where status='proof'"''')
T("psql-postgres-uri-password", r'''psql "postgresql://‹⟨pick:spoolman|obico|fabman|inventory|booking⟩›:«⟨pwu⟩»@⟨lip⟩:5432/makerspace" -c '\dt' ''')
T("mongosh-uri-octofarm", r'''mongosh "mongodb://octofarm:«⟨upw:20⟩»@‹⟨lip⟩›:27017/octofarm?authSource=admin"''')
T("redis-cli-a-password", r'''redis-cli -h ‹⟨lip⟩› -a '«⟨rpw:24⟩»' --no-auth-warning KEYS 'queue:*' ''')
T("powershell-irm-headers-x-api-key", r'''Invoke-RestMethod -Uri "http://‹⟨host⟩›/api/files/local" -Headers @{ "X-Api-Key" = "«⟨HEX:32⟩»" }''')
T("powershell-securestring-asplaintext", r'''$pw = ConvertTo-SecureString "«⟨pw:any⟩»" -AsPlainText -Force; $cred = New-Object System.Management.Automation.PSCredential("‹⟨pick:PRINTSHOP|FABLAB|DRUKKERIJ⟩\⟨user⟩›", $pw)''')
T("net-use-positional-password", r'''net use P: \\‹⟨pick:rip01|fiery-e45|onyx-rip|caldera⟩›\Hotfolders «⟨pw:any⟩» /user:⟨pick:PREPRESS|SHOP⟩\⟨user⟩ /persistent:yes''')
T("cmdkey-add-pass-flag", r'''cmdkey /add:‹⟨pick:nas01|fileserver|mis|fiery⟩.⟨pick:printshop.local|druckerei.lan|tisk.local⟩› /user:⟨user⟩ /pass:«⟨pw:any⟩»''')
T("add-printerport-snmp-community", r'''Add-PrinterPort -Name "‹IP_⟨ip=lip⟩›" -PrinterHostAddress "⟨=ip⟩" -SNMP 1 -SNMPCommunity "«⟨al:5⟩⟨dig:3⟩»"''')
T("powershell-env-assign-access-code", r'''$env:BAMBU_ACCESS_CODE = "«⟨dig:8⟩»"; python .\farm_status.py --printer ‹⟨serial⟩›''')
T("setx-token-positional", r'''setx ‹THINGIVERSE_TOKEN› «⟨hex:32⟩»''')
T("export-env-then-run", r'''export MOONRAKER_API_KEY=«⟨hex:32⟩» && python3 farm_dash.py --host ‹⟨host⟩›''')
T("gh-secret-set-body-flag", r'''gh secret set ‹SHOPIFY_ADMIN_TOKEN› --repo ⟨al:6⟩/storefront --body "«shpat_⟨hex:32⟩»"''')
T("kubectl-secret-from-literal", r'''kubectl -n ‹printfarm› create secret generic octoprint-keys --from-literal=api-key=«⟨HEX:32⟩»''')
T("htpasswd-b-batch-password", r'''sudo htpasswd -b /etc/nginx/.htpasswd ‹⟨user⟩› '«⟨pw:any⟩»' ''')
T("zip-capital-p-password", r'''zip -P «⟨pw:any⟩» ‹proofs_⟨num:1000-9999⟩.zip› *.pdf''')
T("sevenzip-p-attached-password", r'''7z a -p«⟨upw:14⟩» -mhe=on ‹⟨pick:kunde|klant|zakaznik|customer⟩_⟨num:100-999⟩_druckdaten.7z› ./export/''')
T("qpdf-password-decrypt", r'''qpdf --password='«⟨pw:any⟩»' --decrypt ‹⟨pick:Flyer|Catalogus|Katalog|Brozura⟩_A5_final.pdf› out.pdf''')
T("tailscale-up-authkey", r'''sudo tailscale up --authkey=«tskey-auth-k⟨aN:10⟩CNTRL-⟨aN:30⟩» --hostname=‹⟨pick:farm-gw|octopi-gw|klipper-hub|door-pi⟩›''')
T("ngrok-add-authtoken", r'''ngrok config add-authtoken «2⟨aN:26⟩_⟨aN:21⟩» && ‹ngrok http 80›''')
T("cloudflared-service-install-token", r'''sudo cloudflared service install «⟨cftun⟩»   # ‹tunnel for mainsail›''')
T("npm-config-set-authtoken", r'''npm config set //‹registry.npmjs.org›/:_authToken «npm_⟨aN:36⟩»''')
T("twine-upload-pypi-token", r'''twine upload -u __token__ -p «pypi-AgEIcHlwaS5vcmc⟨b64u:120⟩» dist/‹octoprint_⟨al:6⟩-0.⟨num:1-9⟩.0.tar.gz›''')
T("stripe-cli-api-key-flag", r'''stripe listen --api-key «sk_live_51⟨aN:97⟩» --forward-to ‹localhost:8000/webhooks/stripe›''')
T("aws-configure-set-secret", r'''aws configure set aws_secret_access_key «⟨b64:40⟩» --profile ‹printshop-backup›''')
T("rclone-config-create-b2-key", r'''rclone config create ‹b2-timelapse› b2 account 00⟨hex:10⟩0000000001 key «K00⟨b64:28⟩»''')
T("restic-password-inline-env", r'''RESTIC_PASSWORD='«⟨phrase:5⟩»' restic -r sftp:backup@‹⟨lip⟩›:/srv/restic/octopi backup ~/printer_data''')
T("httpie-bearer-printful", r'''http POST https://‹api.printful.com›/orders Authorization:"Bearer «⟨aN:40⟩»" < order_⟨num:1000-9999⟩.json''')
T("python-script-positional-token", r'''python3 upload_timelapse.py ‹⟨host⟩› «⟨hex:32⟩» --since 24h''')
T("node-script-positional-shpat", r'''node scripts/sync-listings.js --shop ‹⟨al:8⟩› «shpat_⟨hex:32⟩»''')
T("flash-script-positional-wifi", r'''./flash_esp32.sh /dev/ttyUSB0 "‹⟨ssid⟩›" "«⟨pw:any⟩»"''')
T("docker-run-e-django-secret", r'''docker run -d --name obico -e DJANGO_SECRET_KEY='«⟨rpw:50⟩»' -p 3334:3334 ‹obico-server:local›''')
T("docker-run-e-influx-admin-token", r'''docker run -d -p 8086:8086 -e DOCKER_INFLUXDB_INIT_ADMIN_TOKEN=«⟨b64b:64⟩» -e DOCKER_INFLUXDB_INIT_ORG=‹⟨org⟩› influxdb:2.7''')
T("helm-set-admin-password", r'''helm upgrade --install ‹keycloak› bitnami/keycloak -n doors --set auth.adminPassword='«⟨pw:any⟩»' ''')
T("terraform-var-hcloud-token", r'''terraform apply -var "hcloud_token=«⟨aN:64⟩»" -var 'location=‹nbg1›' ''')
T("openssl-enc-pass-pass", r'''openssl enc -aes-256-cbc -pbkdf2 -in ‹members.csv› -out members.csv.enc -pass pass:«⟨pw:any⟩»''')
T("ldapsearch-w-bind-password", r'''ldapsearch -x -H ldaps://‹ldap.⟨dom⟩› -D "cn=doorbot,ou=services,dc=⟨al:6⟩,dc=org" -w '«⟨rpw:18⟩»' "(memberOf=cn=laser-trained,ou=groups)"''')
T("wget-user-password-flags", r'''wget --user=‹⟨user⟩› --password='«⟨pw:any⟩»' https://⟨dom⟩/downloads/firmware_⟨num:1-9⟩.bin''')
T("rsync-password-env-prefix", r'''RSYNC_PASSWORD=«⟨upw:16⟩» rsync -av ./gcodes/ rsync://‹farmsync@⟨lip⟩›/gcodes/''')
T("sqlcmd-capital-p-password", r'''sqlcmd -S ‹⟨pick:MIS-SQL01|PRINTVIS|SQL01⟩\SQLEXPRESS› -U sa -P «⟨pw:any⟩» -Q "SELECT TOP 10 * FROM Jobs"''')
T("schtasks-rp-run-password", r'''schtasks /Create /TN "‹RIP Hotfolder Sync›" /TR "C:\Scripts\sync.bat" /SC MINUTE /MO 5 /RU PRINTSHOP\svc_rip /RP «⟨pw:any⟩»''')
T("sc-config-obj-password", r'''sc.exe config ‹PrintNodeService› obj= ".\printsvc" password= "«⟨pw:any⟩»"''')
T("curl-u-admin-fdm-monster", r'''curl -u ‹admin›:«⟨pw:any⟩» http://⟨lip⟩:4000/api/printer''')
T("curl-telegram-bot-url", r'''curl -s "https://api.telegram.org/bot«⟨tg⟩»/sendMessage" -d chat_id=‹-100⟨dig:10⟩› -d text="Print done on ⟨host⟩"''')
T("curl-discord-webhook-post", r'''curl -H "Content-Type: application/json" -d '{"content":"X1C finished plate ⟨num:1-9⟩"}' https://discord.com/api/webhooks/‹⟨dig:19⟩›/«⟨b64u:68⟩»''')
T("curl-slack-incoming-webhook", r'''curl -X POST --data-urlencode "payload={\"text\": \"Spool low on ⟨host⟩\"}" https://hooks.slack.com/services/‹T⟨AN:10⟩›/B⟨AN:10⟩/«⟨aN:24⟩»''')
T("curl-pushover-form-token", r'''curl -s -F "token=«a⟨an:29⟩»" -F "user=u⟨an:29⟩" -F "message=Spaghetti detected on ‹⟨host⟩›" https://api.pushover.net/1/messages.json''')
T("curl-ntfy-tk-bearer", r'''curl -H "Authorization: Bearer «tk_⟨an:29⟩»" -d "Print failed" https://‹ntfy.⟨dom⟩›/farm-alerts''')
T("curl-home-assistant-llat", r'''curl -X POST -H "Authorization: Bearer «⟨jwt:ha⟩»" -H "Content-Type: application/json" -d '{"entity_id":"switch.enclosure_fan"}' http://‹homeassistant.local:8123›/api/services/switch/turn_on''')
T("balena-login-token-flag", r'''balena login --token «⟨aN:32⟩» && balena push ‹printfarm-kiosk›''')
T("particle-login-token", r'''particle login --token «⟨hex:40⟩» && particle call ‹filament-scale-⟨num:1-9⟩› tare''')
T("curl-printnode-basic-apikey-user", r'''curl -u «⟨b64u:43⟩»: https://‹api.printnode.com›/printers''')


def _b64tok(arg=""):
    inner = _pick(["HEX", "hex", "pw"]) if not arg else arg
    raw = _K[inner]("32" if inner != "pw" else "any")
    return _b64.b64encode(raw.encode()).decode()


def _dockerauth(_=""):
    raw = "%s:%s" % (_user(), _pick(["ghp_" + _s(_B62, 36), "dckr_pat_" + _s(_B64U, 27), _pw()]))
    return _b64.b64encode(raw.encode()).decode()


def _osshkey(_=""):
    raw = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW" + \
        _b64.b64encode(bytes(_R.randrange(256) for _ in range(340))).decode()
    return "\n".join(raw[i:i + 70] for i in range(0, len(raw), 70))


def _pkcs8(_=""):
    raw = "MIIEv" + _pick("QAgEwIQ") + "IBADANBgkqhkiG9w0BAQEFAASC" + \
        _b64.b64encode(bytes(_R.randrange(256) for _ in range(_R.randint(880, 1000)))).decode()
    return "\n".join(raw[i:i + 64] for i in range(0, len(raw), 64))


def _sasig(_=""):
    v = _b64b("32")
    return v.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _flasksess(_=""):
    return ".eJw" + _s(_B64U, _R.randint(60, 120)) + "." + _s(_B64U, 6) + "." + _s(_B64U, 27)


_K.update({"b64tok": _b64tok, "dockerauth": _dockerauth, "osshkey": _osshkey,
           "pkcs8": _pkcs8, "sasig": _sasig, "flasksess": _flasksess})

# ---------------------------------------------------------------- tool-output
G("tool-output")
T("cat-moonraker-secrets-ini", '''$ cat ~/printer_data/moonraker.secrets
[mqtt_credentials]
username: ‹⟨pick:klipper|moonraker|farm|voron⟩›
password: «⟨pw:any⟩»''')
T("cat-moonraker-secrets-json", '''pi@⟨host⟩:~ $ cat printer_data/moonraker.secrets
{
    "home_assistant": {
        "url": "‹http://⟨lip⟩:8123›",
        "token": "«⟨jwt:ha⟩»"
    }
}''')
T("env-grep-octoprint-vars", '''$ env | grep -i octo
OCTOPRINT_URL=http://‹⟨host⟩›
OCTOPRINT_API_KEY=«⟨HEX:32⟩»
OCTOPRINT_TIMEOUT=10''')
T("printenv-single-value-prompt", '''⟨pick:pi|klipper|biqu⟩@‹⟨host⟩›:~ $ printenv SPOOLMAN_DB_PASSWORD
«⟨pw:any⟩»''')
T("docker-inspect-env-array", '''$ docker inspect obico-web --format '{{json .Config.Env}}' | jq .
[
  "SITE_USES_HTTPS=False",
  "EMAIL_HOST=‹smtp.⟨dom⟩›",
  "EMAIL_HOST_USER=⟨email⟩",
  "EMAIL_HOST_PASSWORD=«⟨pw:any⟩»",
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin"
]''')
T("kubectl-get-secret-yaml-data-b64", '''$ kubectl -n printfarm get secret moonraker-keys -o yaml
apiVersion: v1
data:
  api-key: «⟨b64tok:hex⟩»
kind: Secret
metadata:
  name: ‹moonraker-keys›
  namespace: printfarm
type: Opaque''')
T("git-config-list-remote-token", '''$ git config --list | grep url
remote.origin.url=https://‹⟨user⟩›:«ghp_⟨aN:36⟩»@github.com/⟨al:6⟩/voron-config.git
branch.main.remote=origin''')
T("cat-git-credentials-glpat", '''$ cat ~/.git-credentials
https://‹⟨user⟩›:«glpat-⟨b64u:20⟩»@gitlab.⟨dom⟩''')
T("cat-netrc-machine-login-password", '''$ cat ~/.netrc
machine ‹api.⟨dom⟩›
  login ⟨user⟩
  password «⟨pw:any⟩»''')
T("nmcli-show-secrets-psk-line", '''$ nmcli --show-secrets connection show "‹⟨ssid⟩›" | grep psk
802-11-wireless-security.psk-flags:     0 (none)
802-11-wireless-security.psk:           «⟨pw:any⟩»''')
T("netsh-wlan-key-clear-content", '''C:\\> netsh wlan show profile name="⟨sn=ssid⟩" key=clear
    Name                   : ‹⟨=sn⟩›
Security settings
-----------------
    Authentication         : WPA2-Personal
    Cipher                 : CCMP
    Security key           : Present
    Key Content            : «⟨pw:any⟩»''')
T("curl-verbose-request-api-key", '''> GET /api/printer HTTP/1.1
> Host: ‹⟨host⟩›
> User-Agent: curl/8.5.0
> Accept: */*
> X-Api-Key: «⟨HEX:32⟩»
>
< HTTP/1.1 200 OK
< Content-Type: application/json''')
T("moonraker-access-api-key-result", '''$ curl -s http://localhost:7125/‹access/api_key›
{"result": "«⟨hex:32⟩»"}''')
T("moonraker-oneshot-token-result", '''$ curl -s -H "X-Api-Key: $MR_KEY" http://⟨host⟩:7125/‹access/oneshot_token›
{"result": "«⟨AN:32⟩»"}''')
T("moonraker-login-response-tokens", '''{"result": {"username": "‹⟨user⟩›", "token": "«⟨jwt⟩»", "refresh_token": "⟨jwt⟩", "action": "user_logged_in", "source": "moonraker"}}''')
T("octoprint-appkeys-poll-api-key", '''$ curl -s http://⟨host⟩/plugin/appkeys/request/⟨aN:22⟩
HTTP/1.1 200 OK
{"api_key": "«⟨HEX:32⟩»"}
# approved by ‹⟨user⟩› in the OctoPrint UI''')
T("octoprint-config-get-plugin-yaml", '''(oprint) pi@⟨host⟩:~ $ octoprint config get plugins.obico
auth_token: «⟨hex:32⟩»
endpoint_prefix: ‹https://obico.⟨dom⟩›
disable_video_streaming: false''')
T("ha-core-config-entries-bambu", '''$ jq '.data.entries[] | select(.domain=="bambu_lab") | .data' /config/.storage/core.config_entries
{
  "device_type": "⟨pick:X1C|P1S|P1P|A1|A1MINI⟩",
  "serial": "‹⟨serial⟩›",
  "host": "⟨lip⟩",
  "local_mqtt": true,
  "access_code": "«⟨dig:8⟩»"
}''')
T("bambu-cloud-login-response", '''$ curl -s -X POST https://api.bambulab.com/v1/user-service/user/login -d @login.json
{"accessToken":"«⟨jwt⟩»","refreshToken":"","expiresIn":7776000,"refreshExpiresIn":0,"tfaKey":"","accessMethod":"","loginType":"‹password›"}''')
T("bambu-studio-conf-user-access-code", '''$ grep -A2 user_access_code ~/.config/BambuStudio/BambuStudio.conf
    "user_access_code": {
        "‹⟨serial⟩›": "«⟨dig:8⟩»"
    },''')
T("pip-config-list-index-url", '''$ pip config list
global.extra-index-url='https://‹⟨user⟩›:«⟨pwu⟩»@pypi.⟨dom⟩/simple'
global.timeout='60' ''')
T("cat-npmrc-authtoken-line", '''$ cat ~/.npmrc
@⟨al:6⟩:registry=https://‹npm.pkg.github.com›
//npm.pkg.github.com/:_authToken=«ghp_⟨aN:36⟩»''')
T("docker-config-json-auths-b64", '''$ cat ~/.docker/config.json
{
	"auths": {
		"‹ghcr.io›": {
			"auth": "«⟨dockerauth⟩»"
		}
	}
}''')
T("gh-auth-token-output", '''$ gh auth status && gh auth token
github.com
  ✓ Logged in to github.com account ‹⟨user⟩› (keyring)
«gho_⟨aN:36⟩»''')
T("aws-sts-session-json", '''{
    "Credentials": {
        "AccessKeyId": "ASIA⟨AN:16⟩",
        "SecretAccessKey": "«⟨b64:40⟩»",
        "Expiration": "‹⟨ts⟩›"
    }
}''')
T("terraform-output-json-tunnel-token", '''$ terraform output -json
{
  "tunnel_token": {
    "sensitive": false,
    "type": "string",
    "value": "«⟨cftun⟩»"
  },
  "tunnel_name": {"sensitive": false, "type": "string", "value": "‹⟨pick:mainsail|farm|fluidd⟩-tunnel›"}
}''')
T("heroku-config-database-url", '''=== ‹print-orders-api› Config Vars
DATABASE_URL: postgres://u⟨an:12⟩:«⟨hex:64⟩»@ec2-⟨num:10-99⟩-⟨num:10-99⟩.eu-west-1.compute.amazonaws.com:5432/d⟨an:13⟩
NODE_ENV:     production''')
T("systemctl-show-environment-prop", '''$ systemctl show bambu-bridge -p Environment
Environment=BRIDGE_SERIAL=‹⟨serial⟩› BRIDGE_ACCESS_CODE=«⟨dig:8⟩» PYTHONUNBUFFERED=1''')
T("ps-aux-cmdline-access-code", '''pi        ⟨num:500-9999⟩  2.1  1.4  45812 28340 ?  Ssl  ⟨hm⟩  0:12 /usr/bin/python3 /home/pi/bambu_bridge.py --access-code «⟨dig:8⟩» --serial ‹⟨serial⟩›''')
T("bash-history-listing-mosquitto", '''$ history | tail -3
  ⟨num:100-999⟩  mosquitto_pub -h ‹⟨lip⟩› -u farm -P «⟨pw:any⟩» -t farm/cmd -m pause
  ⟨num:100-999⟩  sudo systemctl restart mosquitto
  ⟨num:100-999⟩  history | tail -3''')
T("cat-wpa-supplicant-psk-quoted", '''$ sudo cat /etc/wpa_supplicant/wpa_supplicant.conf
ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev
country=⟨pick:DE|NL|CZ|JP|GB⟩
network={
    ssid="‹⟨ssid⟩›"
    psk="«⟨pw:any⟩»"
    key_mgmt=WPA-PSK
}''')
T("wpa-supplicant-raw-hex-psk", '''network={
	ssid="‹⟨ssid⟩›"
	psk=«⟨hex:64⟩»
}''')
T("strings-nvs-sta-pswd", '''$ strings nvs_dump.bin | grep -A1 -E 'sta\\.(ssid|pswd)'
sta.ssid
‹⟨ssid⟩›
sta.pswd
«⟨pw:any⟩»''')
T("sqlite-select-member-pin", '''$ sqlite3 /opt/doorctl/door.db "select id,name,pin from members where id=⟨mid=num:10-400⟩"
⟨=mid⟩|‹⟨First⟩ ⟨Last⟩›|«⟨pin:6⟩»''')
T("mysql-table-settings-api-key", '''mysql> select name, value from settings where name like '%key%';
+------------------+------------------------------------------+
| name             | value                                    |
+------------------+------------------------------------------+
| ‹printify_shop›    | ⟨num:1000000-9999999⟩                                  |
| printify_token   | «⟨jwt⟩» |
+------------------+------------------------------------------+''')
T("powershell-get-childitem-env", '''PS C:\\Users\\⟨user⟩> Get-ChildItem Env:PRINTNODE*

Name                           Value
----                           -----
PRINTNODE_API_KEY              «⟨b64u:43⟩»
‹PRINTNODE_COMPUTER›             ⟨pick:PREPRESS-01|RIP-PC|FRONTDESK⟩''')
T("macos-security-find-generic-w", '''$ security find-generic-password -s "octoprint-farm" -a ‹⟨user⟩› -w
«⟨HEX:32⟩»''')
T("secret-tool-lookup-output", '''$ secret-tool lookup service ‹lightburn-sync› user ⟨user⟩
«⟨pw:any⟩»''')
T("lpstat-v-smb-uri-password", '''$ lpstat -v
device for ‹⟨pick:Plotter_A0|DesignJet|Mimaki_CJV|Roland_VG3⟩›: smb://PRINTSHOP/⟨user⟩:«⟨pwu⟩»@fs01/⟨pick:Designjet|LFP1|Vinyl⟩
device for Office_Laser: ipp://⟨lip⟩/ipp/print''')
T("jq-oauth-response-shopify", '''$ curl -s -X POST https://⟨al:8⟩.myshopify.com/admin/oauth/access_token -d @code.json | jq .
{
  "access_token": "«shpca_⟨hex:32⟩»",
  "scope": "‹write_orders,read_products›"
}''')
T("etsy-oauth-token-response", '''{"access_token":"«⟨num:10000000-999999999⟩.⟨b64u:56⟩»","token_type":"Bearer","expires_in":3600,"refresh_token":"⟨num:10000000-999999999⟩.⟨b64u:56⟩"}  <- ‹openapi.etsy.com/v3/public/oauth/token›''')
T("python-repl-environ-lookup", '''>>> import os
>>> os.environ["PRUSALINK_PASSWORD"]
'«⟨aN:15⟩»'
>>> os.environ["PRUSALINK_HOST"]
'‹⟨lip⟩›' ''')
T("node-repl-process-env", '''> process.env.ETSY_SHARED_SECRET
'«⟨an:10⟩»'
> process.env.ETSY_SHOP_ID
'‹⟨num:10000000-40000000⟩›' ''')
T("cat-dotenv-shopify-app", '''$ cat .env
SHOPIFY_APP_URL=‹https://⟨al:6⟩-app.⟨dom⟩›
SHOPIFY_API_SECRET=«⟨hex:32⟩»
SCOPES=write_products,read_orders''')
T("cat-openssh-private-key-body", '''$ cat ~/.ssh/‹id_ed25519_farmbackup›
-----BEGIN OPENSSH PRIVATE KEY-----
«⟨osshkey⟩»
-----END OPENSSH PRIVATE KEY-----''')
T("cat-pkcs8-private-key-body", '''$ cat ‹/etc/ssl/private/w2p.⟨dom⟩.key›
-----BEGIN PRIVATE KEY-----
«⟨pkcs8⟩»
-----END PRIVATE KEY-----''')
T("kubectl-jsonpath-base64-decoded", '''$ kubectl get secret ‹etsy-oauth› -o jsonpath='{.data.refresh}' | base64 -d
«⟨num:10000000-999999999⟩.⟨b64u:56⟩»''')
T("vault-kv-get-table", '''$ vault kv get secret/farm/x1c-⟨num:1-12⟩
====== Data ======
Key            Value
---            -----
access_code    «⟨dig:8⟩»
serial         ‹⟨serial⟩›''')
T("op-read-reference-output", '''$ op read "‹op://Farm/X1C-⟨num:1-9⟩/access code›"
«⟨dig:8⟩»''')
T("bw-get-password-output", '''$ bw get password "‹Makerspace Door Controller›"
«⟨pw:any⟩»''')
T("pass-show-multiline-entry", '''$ pass show printshop/fiery-admin
«⟨pw:any⟩»
url: https://‹⟨pick:fiery|rip|efi⟩-⟨num:1-9⟩.⟨pick:printshop.local|druckerei.lan⟩›
user: Administrator''')
T("doppler-secrets-get-plain", '''$ doppler secrets get MOLLIE_API_KEY --plain --config ‹prd›
«live_⟨aN:30⟩»''')
T("http-set-cookie-flask-session", '''< HTTP/1.1 200 OK
< Server: ‹⟨pick:nginx/1.22.1|Werkzeug/3.0.1|haproxy⟩›
< Set-Cookie: session_P80=«⟨flasksess⟩»; HttpOnly; Path=/; SameSite=Lax''')
T("esphome-config-resolved-wifi", '''$ esphome config ‹door-controller.yaml›
INFO Reading configuration door-controller.yaml...
wifi:
  ssid: ⟨ssid⟩
  password: «⟨pw:any⟩»
  power_save_mode: LIGHT''')
T("docker-compose-config-resolved-env", '''$ docker compose config
services:
  spoolman:
    environment:
      SPOOLMAN_DB_TYPE: postgres
      SPOOLMAN_DB_HOST: ‹⟨pick:db|postgres|pgsql⟩›
      SPOOLMAN_DB_PASSWORD: «⟨pw:any⟩»''')
T("kubectl-exec-env-grep", '''$ kubectl exec deploy/w2p-api -- env | grep PRINTIFY
PRINTIFY_SHOP_ID=‹⟨num:1000000-9999999⟩›
PRINTIFY_API_TOKEN=«⟨jwt⟩»''')
T("ansible-vault-view-yaml", '''$ ansible-vault view group_vars/‹printshop›/vault.yml
vault_fiery_admin_password: «⟨pw:any⟩»
vault_fiery_host: ⟨lip⟩''')
T("git-log-p-added-key-line", '''$ git log -p -1 -- octoprint/config.yaml
commit ⟨hex:40⟩
Author: ‹⟨First⟩ ⟨Last⟩› <⟨email⟩>
@@ -12,3 +12,4 @@ api:
   enabled: true
+  key: «⟨HEX:32⟩»
   allowCrossOrigin: false''')
T("git-show-removed-dotenv-line", '''$ git show HEAD~⟨num:1-9⟩ -- .env
diff --git a/.env b/.env
--- a/.env
+++ /dev/null
-‹STRIPE_SECRET_KEY›=«sk_live_51⟨aN:97⟩»''')
T("grep-r-file-line-password", '''$ grep -rn password ~/printer_data/config/
‹/home/pi/printer_data/config/moonraker.conf›:⟨num:20-300⟩:password: «⟨pw:any⟩»''')
T("ripgrep-match-bot-token", '''$ rg -n BOT_TOKEN
‹scripts/notify.py›:⟨num:5-40⟩:BOT_TOKEN = "«⟨tg⟩»"''')
T("gcloud-print-access-token", '''$ gcloud auth print-access-token --account=‹⟨user⟩@⟨dom⟩›
«ya29.⟨b64u:150⟩»''')
T("cat-rclone-conf-obscured-pass", '''$ cat ~/.config/rclone/rclone.conf
[‹nas-timelapse›]
type = sftp
host = ⟨lip⟩
user = ⟨user⟩
pass = «⟨b64u:43⟩»''')
T("nvs-csv-wifi-pass-row", '''$ cat nvs.csv
key,type,encoding,value
wifi,namespace,,
ssid,data,string,‹⟨ssid⟩›
pass,data,string,«⟨pw:any⟩»''')
T("curl-head-s3-presigned-signature", '''< HTTP/1.1 302 Found
< Location: https://‹⟨al:8⟩-timelapse.s3.eu-central-1.amazonaws.com›/farm/⟨date⟩/plate.mp4?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA⟨AN:16⟩%2F2025⟨pick:01|02|03|04|05|06|07|08|09|10|11|12⟩⟨pick:03|11|17|24|28⟩%2Feu-central-1%2Fs3%2Faws4_request&X-Amz-Date=20250301T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=«⟨hex:64⟩»''')
T("az-generate-sas-sig-output", '''$ az storage blob generate-sas --account-name ⟨al:10⟩ -c ‹proofs› -n job.pdf --permissions r --expiry ⟨ex=date⟩ -o tsv
se=⟨=ex⟩&sp=r&sv=2022-11-02&sr=b&sig=«⟨sasig⟩»''')
T("wg-showconf-private-key", '''$ sudo wg showconf wg0
[Interface]
ListenPort = 51820
PrivateKey = «⟨b64b:32⟩»

[Peer]
PublicKey = ⟨b64b:32⟩
Endpoint = ‹⟨dom⟩:51820›''')
T("influx-auth-list-token-column", '''$ influx auth list --user ‹⟨iu=user⟩›
ID			Description		Token												User Name	Permissions
0c⟨hex:14⟩	telegraf-farm		«⟨b64b:64⟩»	⟨=iu⟩		[write:orgs/⟨hex:16⟩/buckets/⟨hex:16⟩]''')
T("kcadm-client-secret-json", '''$ ./kcadm.sh get clients/⟨uuid⟩/client-secret -r ‹makerspace›
{
  "type" : "secret",
  "value" : "«⟨aN:32⟩»"
}''')
T("git-config-url-token-as-user", '''$ cat ~/klipper_config/.git/config
[remote "origin"]
	url = https://«ghp_⟨aN:36⟩»@github.com/‹⟨al:7⟩/klipper_config›.git
	fetch = +refs/heads/*:refs/remotes/origin/*''')
T("wpa-passphrase-output-commented-plain", '''$ wpa_passphrase ‹⟨sn=ssid⟩›
# reading passphrase from stdin
network={
	ssid="⟨=sn⟩"
	#psk="«⟨pw:any⟩»"
	psk=⟨hex:64⟩
}''')
T("az-get-access-token-json", '''{
  "accessToken": "«⟨jwt⟩»",
  "expiresOn": "⟨date⟩ 17:04:11.000000",
  "subscription": "‹⟨uuid⟩›",
  "tokenType": "Bearer"
}''')
T("pm2-env-dump-line", '''$ pm2 env 0 | grep -i key
‹SENDCLOUD_PUBLIC_KEY›: ⟨uuid⟩
SENDCLOUD_SECRET_KEY: «⟨hex:32⟩»''')
T("httpie-print-request-headers-bearer", '''$ http --print=H GET https://api.printful.com/stores "Authorization:Bearer $PF_TOKEN"
GET /stores HTTP/1.1
Accept: */*
Authorization: Bearer «⟨aN:40⟩»
Host: ‹api.printful.com›
User-Agent: HTTPie/3.2.2''')
T("moonraker-database-item-json", '''$ curl -s "http://⟨host⟩:7125/server/database/item?namespace=‹fluidd›&key=uiSettings.camera"
{"result": {"namespace": "fluidd", "key": "uiSettings.camera", "value": {"url": "rtsp://admin:«⟨pwu⟩»@⟨lip⟩:554/stream1"}}}''')
T("octoprint-settings-api-plugin-json", '''$ curl -s -H "X-Api-Key: $OP" http://⟨host⟩/api/settings | jq .plugins.telegram
{
  "chats": {"‹⟨num:10000000-999999999⟩›": {"notify": true}},
  "token": "«⟨tg⟩»"
}''')
T("klipperscreen-conf-grep-moonraker-key", '''$ grep -n moonraker_api_key ~/printer_data/config/‹KlipperScreen.conf›
⟨num:3-40⟩:moonraker_api_key: «⟨hex:32⟩»''')
T("tasmota-status-backlog-response", '''$ curl "http://‹⟨lip⟩›/cm?user=admin&password=«⟨pwu⟩»&cmnd=Status%200"
{"Status":{"Module":0,"DeviceName":"Enclosure-Plug","FriendlyName":["Enclosure-Plug"],"Power":1}}''')


def _discbot(_=""):
    uid = str(_R.randint(10 ** 17, 10 ** 19 - 1))
    return _b64.b64encode(uid.encode()).decode().rstrip("=") + "." + _s(_B64U, 6) + "." + _s(_B64U, 38)


_K["discbot"] = _discbot

# ---------------------------------------------------------------- config-file
G("config-file")
T("octoprint-config-yaml-api-key", '''api:
  key: «⟨HEX:32⟩»
webcam:
  stream: http://‹⟨host⟩›/webcam/?action=stream''')
T("octoprint-config-server-secretkey", '''server:
  firstRun: false
  secretKey: «⟨aN:32⟩»
  ‹onlineCheck›:
    enabled: true''')
T("octoprint-plugin-telegram-token-yaml", '''plugins:
  telegram:
    chats:
      '‹⟨num:10000000-999999999⟩›':
        notify: true
    token: «⟨tg⟩»''')
T("octoprint-plugin-octoeverywhere-printerkey", '''plugins:
  octoeverywhere:
    PrinterKey: «⟨aN:40⟩»
    ‹HasConnectedToServer›: true''')
T("octoprint-plugin-discordremote-bottoken", '''plugins:
  discordremote:
    bottoken: «⟨discbot⟩»
    channelid: '‹⟨dig:19⟩›' ''')
T("octoprint-plugin-pushbullet-access-token", '''plugins:
  pushbullet:
    access_token: «o.⟨aN:32⟩»
    ‹push_channel›: ⟨pick:farm|werkstatt|lab⟩-prints''')
T("octoprint-plugin-mqtt-broker-password", '''plugins:
  mqtt:
    broker:
      url: ‹⟨host⟩›
      port: 1883
      username: octoprint
      password: «⟨pw:any⟩»''')
T("moonraker-power-tasmota-password", '''[power enclosure_light]
type: tasmota
address: ‹⟨lip⟩›
user: admin
password: «⟨pw:any⟩»''')
T("moonraker-power-homeassistant-token", '''[power printer_psu]
type: homeassistant
address: ‹homeassistant.local›
port: 8123
device: switch.⟨pick:printer|voron|ender|x1c⟩_plug
token: «⟨jwt:ha⟩»''')
T("moonraker-notifier-apprise-tgram", '''[notifier print_done]
url: tgram://«⟨tg⟩»/‹⟨num:10000000-999999999⟩›
events: complete, error''')
T("moonraker-notifier-apprise-discord", '''[notifier discord_farm]
url: discord://‹⟨dig:19⟩›/«⟨b64u:68⟩»
events: error, pause''')
T("moonraker-notifier-apprise-pover", '''[notifier phone]
url: pover://‹u⟨an:29⟩›@«a⟨an:29⟩»
events: complete''')
T("moonraker-notifier-ntfys-userpass", '''[notifier ntfy]
url: ntfys://‹⟨pick:farm|voron|klipper⟩›:«⟨pwu⟩»@ntfy.⟨dom⟩/prints
events: *''')
T("moonraker-notifier-gotifys-token", '''[notifier gotify]
url: gotifys://‹gotify.⟨dom⟩›/«A⟨aN:5⟩.⟨aN:8⟩»
events: error''')
T("moonraker-notifier-mailtos-userpass", '''[notifier mail]
url: mailtos://‹⟨user⟩›:«⟨pwu⟩»@smtp.⟨dom⟩?to=farm@⟨dom⟩
events: error''')
T("moonraker-mqtt-inline-password", '''[mqtt]
address: ‹⟨lip⟩›
port: 1883
username: moonraker
password: «⟨pw:any⟩»
enable_moonraker_api: True''')
T("moonraker-webcam-rtsp-credentials", '''[webcam ipcam]
service: ipstream
stream_url: rtsp://‹admin›:«⟨pwu⟩»@⟨lip⟩:554/h264Preview_01_main''')
T("klipperscreen-printer-section-api-key", '''[printer ‹⟨pick:Voron 2.4|Trident|Ender 3 S1|RatRig V-Core⟩›]
moonraker_host: ⟨lip⟩
moonraker_port: 7125
moonraker_api_key: «⟨hex:32⟩»''')
T("prusaslicer-physical-printer-apikey", '''host_type = octoprint
print_host = ‹⟨host⟩›
printhost_apikey = «⟨HEX:32⟩»
printhost_cafile = ''')
T("prusaslicer-prusalink-user-password", '''host_type = prusalink
print_host = ‹⟨lip⟩›
printhost_authorization_type = user
printhost_user = maker
printhost_password = «⟨aN:15⟩»''')
T("orcaslicer-json-printhost-apikey", '''{
    "host_type": "octoprint",
    "print_host": "‹⟨host⟩:7125›",
    "printhost_apikey": "«⟨hex:32⟩»",
    "printhost_port": ""
}''')
T("cura-cfg-octoprint-keys-cache", '''[octoprint]
manual_instances = ⟨lip⟩:80
keys_cache = {"‹⟨pick:octopi|ender|mk3s⟩_⟨hex:6⟩›": "«⟨HEX:32⟩»"}''')
T("prusa-printer-settings-connect-token", '''[service::connect]
hostname = ‹connect.prusa3d.com›
tls = True
port = 0
token = «⟨aN:20⟩»''')
T("prusa-printer-settings-local-password", '''[service::local]
enable = 1
username = ‹maker›
password = «⟨aN:15⟩»''')
T("esphome-secrets-wifi-password", '''# secrets.yaml
wifi_ssid: "‹⟨ssid⟩›"
wifi_password: "«⟨pw:any⟩»"''')
T("esphome-api-encryption-key", '''api:
  encryption:
    key: "«⟨b64b:32⟩»"
ota:
  - platform: esphome
    password: !secret ‹ota_password›''')
T("esphome-ota-password-hex-inline", '''ota:
  - platform: esphome
    password: "«⟨hex:32⟩»"
logger:
  ‹level: DEBUG›''')
T("esphome-ap-fallback-password", '''  ap:
    ssid: "‹⟨pick:Door|Scale|Dryer|Enclosure⟩ Fallback Hotspot›"
    password: "«⟨aN:12⟩»"''')
T("rpi-imager-custom-toml-wlan", '''[wlan]
ssid = "‹⟨ssid⟩›"
password = "«⟨pw:any⟩»"
password_encrypted = false
hidden = false
country = "⟨pick:DE|NL|CZ|JP|AT⟩"''')
T("rpi-firstrun-sh-hex-psk", '''cat >/etc/wpa_supplicant/wpa_supplicant.conf <<'WPAEOF'
country=⟨pick:DE|NL|CZ|JP|AT⟩
network={
	ssid="‹⟨ssid⟩›"
	psk=«⟨hex:64⟩»
}
WPAEOF''')
T("hostapd-conf-wpa-passphrase", '''interface=wlan0
ssid=‹⟨pick:OctoPi|Klipper|FarmGW|LaserLab⟩-Setup›
wpa=2
wpa_passphrase=«⟨pw:any⟩»''')
T("mosquitto-bridge-remote-password", '''connection ‹farm-to-cloud›
address mqtt.⟨dom⟩:8883
remote_username farm⟨num:1-20⟩
remote_password «⟨rpw:18⟩»
topic farm/# out 1''')
T("node-red-settings-credential-secret", '''module.exports = {
    uiPort: process.env.PORT || ‹1880›,
    credentialSecret: "«⟨rpw:24⟩»",
    flowFile: 'flows.json',''')
T("home-assistant-secrets-access-code", '''bambu_access_code: "«⟨dig:8⟩»"
bambu_printer_ip: ‹⟨lip⟩›''')
T("home-assistant-rest-command-header", '''rest_command:
  octoprint_pause:
    url: "http://‹⟨host⟩›/api/job"
    method: POST
    headers:
      X-Api-Key: «⟨HEX:32⟩»
    payload: '{"command":"pause","action":"pause"}' ''')
T("docker-compose-environment-list-item", '''  obico-web:
    image: ‹obico-web:latest›
    environment:
      - EMAIL_HOST=smtp.⟨dom⟩
      - EMAIL_HOST_PASSWORD=«⟨pw:any⟩»''')
T("docker-compose-mysql-root-password", '''  db:
    image: mariadb:11
    environment:
      MYSQL_ROOT_PASSWORD: «⟨rpw:20⟩»
      MYSQL_DATABASE: ‹⟨pick:webshop|w2p|printmis|booking⟩›''')
T("dotenv-octofarm-mongo-uri", '''MONGO=mongodb://‹octofarm›:«⟨upw:20⟩»@mongo:27017/octofarm?authSource=admin
OCTOFARM_PORT=4000''')
T("dotenv-double-quoted-etsy-secret", '''ETSY_KEYSTRING="⟨an:24⟩"
ETSY_SHARED_SECRET="«⟨an:10⟩»"
ETSY_SHOP_ID=‹⟨num:10000000-40000000⟩›''')
T("dotenv-single-quoted-shpss", '''SHOPIFY_API_SECRET='«shpss_⟨hex:32⟩»'
HOST=‹https://⟨al:6⟩.⟨dom⟩›''')
T("pgpass-line", '''‹db.⟨dom⟩›:5432:mis:pace_ro:«⟨pw:any⟩»''')
T("my-cnf-client-section", '''[client]
user=‹⟨pick:printvis|webshop|avanti|pace⟩›
password="«⟨pw:any⟩»"
host=⟨lip⟩''')
T("npmrc-underscore-auth-b64", '''registry=https://‹nexus.⟨d=dom⟩›/repository/npm-group/
//nexus.⟨=d⟩/repository/npm-group/:_auth=«⟨b64tok:pw⟩»
always-auth=true''')
T("pypirc-token-password", '''[distutils]
index-servers = pypi
[pypi]
username = ‹__token__›
password = «pypi-AgEIcHlwaS5vcmc⟨b64u:140⟩»''')
T("rclone-conf-b2-key", '''[b2-‹timelapse›]
type = b2
account = 00⟨hex:10⟩0000000002
key = «K00⟨b64:28⟩»
hard_delete = true''')
T("cups-printers-conf-device-uri", '''<Printer ‹⟨pick:Designjet_T1700|Plotter_A0|Mutoh_VJ|Epson_F570⟩›>
Info Large format
DeviceURI smb://⟨user⟩:«⟨pwu⟩»@fs01/Designjet
State Idle
</Printer>''')
T("papercut-properties-auth-token", '''# server.properties
server.port=9191
‹papercut.webservices.host›=⟨lip⟩
auth.webservices.auth-token=«⟨aN:32⟩»''')
T("spring-datasource-password-properties", '''spring.datasource.url=jdbc:postgresql://‹mis-db:5432/pace›
spring.datasource.username=pace
spring.datasource.password=«⟨pw:any⟩»''')
T("appsettings-json-connection-string", '''"ConnectionStrings": {
    "DefaultConnection": "Server=‹SQL01\\\\SQLEXPRESS›;Database=PrintVis;User Id=pv_app;Password=«⟨pw:any⟩»;TrustServerCertificate=True"
}''')
T("web-config-connection-string-xml", '''<connectionStrings>
  <add name="MIS" connectionString="Data Source=‹mis-sql01›;Initial Catalog=Jobs;User ID=webshop;Password=«⟨pw:any⟩»" providerName="System.Data.SqlClient" />
</connectionStrings>''')
T("wp-config-db-password-define", '''define( 'DB_NAME', 'shop' );
define( 'DB_USER', '‹wp_⟨al:5⟩›' );
define( 'DB_PASSWORD', '«⟨pw:any⟩»' );''')
T("wp-config-auth-key-salt", '''define('AUTH_KEY',         '«⟨rpw:64⟩»');
define('‹WP_DEBUG›', false);''')
T("magento-env-php-crypt-key", '''    'crypt' => [
        'key' => '«⟨hex:32⟩»'
    ],
    '‹MAGE_MODE›' => 'production',''')
T("prestashop-parameters-cookie-key", '''    'database_user' => '‹ps_⟨al:5⟩›',
    'cookie_key' => '«⟨aN:56⟩»',
    'cookie_iv' => '⟨aN:8⟩',''')
T("laravel-env-app-key-base64", '''APP_NAME="‹⟨org⟩ Web2Print›"
APP_KEY=base64:«⟨b64b:32⟩»
APP_DEBUG=false''')
T("grafana-ini-admin-password", '''[security]
admin_user = ‹⟨pick:admin|farmadmin|grafana⟩›
admin_password = «⟨pw:any⟩»''')
T("telegraf-conf-influxdb-v2-token", '''[[outputs.influxdb_v2]]
  urls = ["http://‹⟨lip⟩:8086›"]
  token = "«⟨b64b:64⟩»"
  organization = "farm"
  bucket = "klipper"''')
T("prometheus-scrape-basic-auth", '''  - job_name: ‹octoprint›
    metrics_path: /plugin/prometheus_exporter/metrics
    basic_auth:
      username: prom
      password: «⟨pw:any⟩»''')
T("compose-env-cf-dns-api-token", '''    environment:
      - CF_DNS_API_TOKEN=«⟨b64u:40⟩»
      - ‹TRAEFIK_CERTIFICATESRESOLVERS_LE_ACME_EMAIL›=⟨email⟩''')
T("caddyfile-header-up-api-key", '''‹kiosk.⟨dom⟩› {
	reverse_proxy ⟨host⟩:80 {
		header_up X-Api-Key «⟨HEX:32⟩»
	}
}''')
T("nginx-proxy-set-header-api-key", '''location /printer/ {
    proxy_pass http://‹⟨lip⟩:7125›/;
    proxy_set_header X-Api-Key "«⟨hex:32⟩»";
}''')
T("nginx-proxy-basic-authorization-b64", '''location /rip/ {
    proxy_pass https://‹⟨pick:fiery|onyx|caldera⟩-01.⟨dom⟩›;
    proxy_set_header Authorization "Basic «⟨dockerauth⟩»";
}''')
T("sssd-conf-ldap-authtok", '''[domain/‹⟨al:6⟩.makerspace›]
ldap_default_bind_dn = cn=sssd,ou=services,dc=makerspace,dc=lan
ldap_default_authtok = «⟨rpw:18⟩»''')
T("freeradius-clients-conf-secret", '''client ‹door-ap-⟨num:1-9⟩› {
    ipaddr = ⟨lip⟩
    secret = «⟨upw:20⟩»
}''')
T("keycloak-realm-json-client-secret", '''    {
      "clientId": "‹⟨pick:fabman-sso|booking|wiki|doorbot⟩›",
      "secret": "«⟨aN:32⟩»",
      "publicClient": false,''')
T("esp-rfid-config-json-network-pswd", '''{"command":"configfile","network":{"bssid":"","ssid":"‹⟨ssid⟩›","pswd":"«⟨pw:any⟩»","dhcp":"1"},"general":{"hstnm":"door-⟨num:1-5⟩","restart":"0"}}''')
T("ansible-inventory-become-password", '''[printers]
‹⟨host⟩› ansible_user=pi ansible_become_password=«⟨pwu⟩»''')
T("systemd-unit-environment-quoted", '''[Service]
Environment="OBICO_AUTH_TOKEN=«⟨hex:32⟩»"
ExecStart=/home/pi/moonraker-obico-env/bin/python -m ‹moonraker_obico.app› -c /home/pi/printer_data/config/moonraker-obico.cfg''')
T("crontab-line-inline-password", '''*/30 * * * * /usr/local/bin/backup_printer_cfg.sh --nas ‹⟨lip⟩› --nas-pass '«⟨pw:any⟩»' >> /var/log/cfgbackup.log 2>&1''')
T("supervisord-environment-token", '''[program:‹etsy-sync›]
command=/opt/sync/venv/bin/python sync.py
environment=SHOPIFY_TOKEN="«shpat_⟨hex:32⟩»",PORT="8080"''')
T("gitconfig-url-insteadof-token", '''[url "https://oauth2:«glpat-⟨b64u:20⟩»@gitlab.⟨d=dom⟩/"]
	insteadOf = https://‹gitlab.⟨=d⟩›/''')
T("k3s-config-yaml-node-token", '''server: https://‹⟨lip⟩:6443›
token: «K10⟨hex:64⟩::server:⟨hex:32⟩»''')
T("wireguard-conf-interface-privatekey", '''[Interface]
Address = ‹10.8.0.⟨num:2-250⟩/24›
PrivateKey = «⟨b64b:32⟩»
DNS = 10.8.0.1''')
T("platformio-build-flags-escaped-pass", r'''[env:esp32dev]
build_flags =
  -DWIFI_SSID=\"‹⟨ssid⟩›\"
  -DWIFI_PASS=\"«⟨pw:any⟩»\"''')
T("platformio-upload-flags-auth", '''upload_protocol = espota
upload_port = ‹⟨lip⟩›
upload_flags =
    --auth=«⟨pw:any⟩»''')
T("lightburn-license-ini-invented", '''[License]
Owner=‹⟨First⟩ ⟨Last⟩›
Key=«LB⟨AN:4⟩-⟨AN:4⟩-⟨AN:4⟩-⟨AN:4⟩-⟨AN:4⟩»''')
T("esp3d-ini-sta-password", '''[network]
STA_SSID = ‹⟨ssid⟩›
STA_Password = «⟨pw:any⟩»
STA_IP_Mode = DHCP''')
T("moonraker-obico-cfg-auth-token", '''[server]
url = ‹https://obico.⟨dom⟩›
auth_token = «⟨hex:32⟩»''')
T("rip-hotfolder-xml-ftp-password", '''<HotFolder name="‹⟨pick:Banner_440|Vinyl_137|Canvas_160⟩›">
  <FtpServer host="ftp.⟨dom⟩" user="rip" password="«⟨pw:any⟩»" passive="true"/>
</HotFolder>''')
T("toml-tindie-api-key", '''[shop.tindie]
username = "‹⟨user⟩›"
api_key = "«⟨hex:40⟩»"''')
T("ini-farm-manager-access-code", '''[printer.⟨pick:x1c|p1s|a1|p1p⟩_0⟨num:1-9⟩]
ip = ⟨lip⟩
serial = ‹⟨serial⟩›
access_code = «⟨dig:8⟩»''')
T("samba-credentials-file", '''username=‹⟨pick:prepress|rip|hotfolder|scan⟩›
password=«⟨pw:any⟩»
domain=PRINTSHOP''')
T("fstab-cifs-inline-password", '''//‹fs01›/Hotfolders /mnt/hot cifs username=rip,password=«⟨pwu⟩»,uid=1000,vers=3.0 0 0''')
T("xml-user-config-api-token-attr", '''<Integration type="‹PrintNode›" enabled="true" apiKey="«⟨b64u:43⟩»" computerId="⟨num:100000-999999⟩"/>''')


def _django(_=""):
    return "django-insecure-" + _s(_LOW + _DIG + "!@#$%^&*(-_=+)", 50)


_K["django"] = _django

# ---------------------------------------------------------------- source-code
G("source-code")
T("arduino-const-char-ssid-password", '''const char* ssid     = "‹⟨ssid⟩›";
const char* password = "«⟨pw:any⟩»";''')
T("arduino-wifi-begin-positional", '''  Serial.println("connecting...");
  WiFi.begin("‹⟨ssid⟩›", "«⟨pw:any⟩»");''')
T("arduino-pubsubclient-connect-positional", '''  if (client.connect("‹enclosure-⟨hex:4⟩›", "⟨pick:farm|sensors|esp|iot⟩", "«⟨pw:any⟩»")) {
    client.subscribe("farm/enclosure/cmd");''')
T("arduino-define-mqtt-pass", '''#define MQTT_SERVER "⟨lip⟩"
#define MQTT_USER   "‹⟨user⟩›"
#define MQTT_PASS   "«⟨pw:any⟩»"''')
T("arduino-secrets-h-secret-pass", '''// arduino_secrets.h
#define SECRET_SSID "‹⟨ssid⟩›"
#define SECRET_PASS "«⟨pw:any⟩»"''')
T("tasmota-user-config-override-sta-pass", '''#undef  STA_SSID1
#define STA_SSID1         "‹⟨ssid⟩›"
#undef  STA_PASS1
#define STA_PASS1         "«⟨pw:any⟩»"''')
T("blynk-auth-token-define", '''#define BLYNK_TEMPLATE_ID "‹TMPL⟨aN:8⟩›"
#define BLYNK_TEMPLATE_NAME "Filament Dryer"
#define BLYNK_AUTH_TOKEN "«⟨b64u:32⟩»"''')
T("adafruit-io-key-define", '''#define IO_USERNAME  "‹⟨user⟩›"
#define IO_KEY       "«aio_⟨aN:28⟩»"''')
T("thingspeak-write-api-key-const", '''unsigned long channelID = ‹⟨num:1000000-2999999⟩›;
const char* writeAPIKey = "«⟨AN:16⟩»";''')
T("esp32-preferences-putstring-pass", '''  prefs.begin("‹wifi›", false);
  prefs.putString("ssid", "⟨ssid⟩");
  prefs.putString("pass", "«⟨pw:any⟩»");''')
T("arduino-ota-set-password", '''  ArduinoOTA.setHostname("‹⟨pick:door-ctrl|scale|dryer|badge-reader⟩›");
  ArduinoOTA.setPassword("«⟨pw:any⟩»");''')
T("arduino-ota-set-password-hash-md5", '''  ArduinoOTA.setPort(‹3232›);
  ArduinoOTA.setPasswordHash("«⟨hex:32⟩»");''')
T("micropython-wlan-connect-positional", '''wlan = network.WLAN(network.STA_IF)
wlan.active(True)
wlan.connect('‹⟨ssid⟩›', '«⟨pw:any⟩»')''')
T("micropython-umqtt-password-kwarg", '''c = MQTTClient("‹scale-0⟨num:1-9⟩›", "⟨lip⟩", user="scale", password="«⟨pw:any⟩»", keepalive=60)''')
T("circuitpython-settings-toml-wifi", '''CIRCUITPY_WIFI_SSID = "‹⟨ssid⟩›"
CIRCUITPY_WIFI_PASSWORD = "«⟨pw:any⟩»"''')
T("python-requests-headers-dict-x-api-key", '''headers = {"X-Api-Key": "«⟨HEX:32⟩»"}
r = requests.get("http://‹⟨host⟩›/api/job", headers=headers, timeout=5)''')
T("python-paho-username-pw-set-bambu", '''client.username_pw_set("bblp", "«⟨dig:8⟩»")
client.tls_set(cert_reqs=ssl.CERT_NONE)
client.connect("‹⟨lip⟩›", 8883)''')
T("python-bambu-client-positional-args", '''printer = BambuClient("‹⟨lip⟩›", "⟨serial⟩", "«⟨dig:8⟩»")
printer.connect(callback=on_update)''')
T("python-ftplib-login-positional", '''ftp = ImplicitFTP_TLS()
ftp.connect("‹⟨lip⟩›", 990)
ftp.login("bblp", "«⟨dig:8⟩»")''')
T("python-octorest-kwargs", '''client = OctoRest(url="http://‹⟨host⟩›", apikey="«⟨HEX:32⟩»")''')
T("python-websocket-url-oneshot-token", '''ws = websocket.create_connection(f"ws://‹⟨host⟩›:7125/websocket?token=«⟨AN:32⟩»")''')
T("python-smtplib-login-positional", '''with smtplib.SMTP_SSL("smtp.⟨dom⟩", 465) as server:
    server.login("‹⟨email⟩›", "«⟨pw:any⟩»")''')
T("python-stripe-api-key-assignment", '''import stripe
stripe.api_key = "«sk_live_51⟨aN:97⟩»"
‹stripe.api_version› = "2024-06-20"''')
T("python-shopify-session-positional", '''session = shopify.Session("‹⟨al:8⟩.myshopify.com›", "2024-07", "«shpat_⟨hex:32⟩»")
shopify.ShopifyResource.activate_session(session)''')
T("python-etsy-client-token-kwarg", '''etsy = EtsyAPI(keystring="⟨an:24⟩", token="«⟨num:10000000-999999999⟩.⟨b64u:56⟩»", shop_id=‹⟨num:10000000-40000000⟩›)''')
T("python-class-constant-token", '''class Thingiverse:
    BASE = "https://‹api.thingiverse.com›"
    TOKEN = "«⟨hex:32⟩»"''')
T("python-django-insecure-secret-key", '''# settings.py
SECRET_KEY = '«⟨django⟩»'
DEBUG = False
ALLOWED_HOSTS = ["‹obico.⟨dom⟩›"]''')
T("python-flask-config-secret-key", '''app = Flask(__name__)
app.config["SECRET_KEY"] = "«⟨hex:48⟩»"
app.config["‹BOOKING_TZ›"] = "Europe/⟨pick:Berlin|Amsterdam|Prague⟩"''')
T("python-jwt-encode-positional-secret", '''token = jwt.encode({"member": member_id, "tool": "‹laser-⟨num:1-3⟩›"}, "«⟨upw:24⟩»", algorithm="HS256")''')
T("python-ldap3-connection-positional", '''conn = Connection(server, "cn=doorbot,ou=svc,dc=‹makerspace›,dc=lan", "«⟨pw:any⟩»", auto_bind=True)''')
T("python-psycopg2-connect-kwargs", '''conn = psycopg2.connect(host="‹⟨lip⟩›", dbname="spoolman", user="spoolman", password="«⟨pw:any⟩»")''')
T("python-pysnmp-communitydata", '''errInd, errStat, errIdx, varBinds = next(getCmd(SnmpEngine(),
    CommunityData('«⟨al:4⟩-⟨pick:ro|mon|lfp⟩-⟨dig:3⟩»', mpModel=1),
    UdpTransportTarget(('‹⟨lip⟩›', 161)), ContextData(), ObjectType(ObjectIdentity(OID_TONER))))''')
T("python-boto3-client-secret-kwarg", '''s3 = boto3.client("s3", aws_access_key_id="AKIA⟨AN:16⟩", aws_secret_access_key="«⟨b64:40⟩»", region_name="‹eu-central-1›")''')
T("python-pytest-fixture-return-key", '''@pytest.fixture
def moonraker_key():
    return "«⟨hex:32⟩»"  # copied from ‹⟨host⟩›''')
T("python-dict-literal-printer-list", '''PRINTERS = [
    {"name": "‹⟨pick:X1C|P1S|A1|P1P⟩-0⟨num:1-9⟩›", "ip": "⟨lip⟩", "serial": "⟨serial⟩", "access_code": "«⟨dig:8⟩»"},
]''')
T("python-environ-get-default-token", '''API_KEY = os.environ.get("PRUSA_CONNECT_TOKEN", "«⟨aN:20⟩»")
PRINTER_UUID = "‹⟨uuid⟩›"''')
T("python-implicit-concat-split-token", '''TOKEN = ("«⟨b64u:30⟩"
         "⟨b64u:30⟩»")  # ‹cults3d› graphql''')
T("js-fetch-bearer-header", '''const res = await fetch("https://‹api.printify.com›/v1/shops.json", {
  headers: { Authorization: "Bearer «⟨jwt⟩»" },
});''')
T("js-shopify-rest-client-session", '''const client = new shopify.clients.Rest({
  session: { shop: "‹⟨al:8⟩.myshopify.com›", accessToken: "«shpat_⟨hex:32⟩»" },
});''')
T("js-mqtt-connect-options-password", '''const client = mqtt.connect("mqtts://‹⟨lip⟩›:8883", {
  username: "bblp",
  password: "«⟨dig:8⟩»",
  rejectUnauthorized: false,
});''')
T("ts-constructor-positional-api-key", '''const op = new OctoPrintClient("http://‹⟨host⟩›", "«⟨HEX:32⟩»");''')
T("js-discord-client-login-token", '''client.on("‹ready›", () => console.log("farm bot online"));
client.login("«⟨discbot⟩»");''')
T("js-telegraf-bot-constructor", '''const bot = new Telegraf("«⟨tg⟩»");
bot.command("‹status›", (ctx) => ctx.reply(farmStatus()));''')
T("js-nodemailer-auth-object", '''const transporter = nodemailer.createTransport({
  host: "smtp.⟨dom⟩", port: 587,
  auth: { user: "‹⟨email⟩›", pass: "«⟨pw:any⟩»" },
});''')
T("js-axios-auth-username-password", '''const { data } = await axios.get("https://‹⟨dom⟩›/wp-json/wc/v3/products", {
  auth: { username: "ck_⟨hex:40⟩", password: "«cs_⟨hex:40⟩»" },
});''')
T("go-mqtt-options-set-password", '''opts := mqtt.NewClientOptions().AddBroker("tcp://‹⟨lip⟩›:1883")
opts.SetUsername("farm")
opts.SetPassword("«⟨pw:any⟩»")''')
T("go-request-header-set-api-key", '''req, _ := http.NewRequest("GET", "http://‹⟨host⟩›:7125/printer/info", nil)
req.Header.Set("X-Api-Key", "«⟨hex:32⟩»")''')
T("go-struct-literal-access-code", '''cfg := bambu.Config{Host: "‹⟨lip⟩›", Serial: "⟨serial⟩", AccessCode: "«⟨dig:8⟩»"}''')
T("csharp-networkcredential-positional", '''client.Credentials = new NetworkCredential("‹⟨user⟩›", "«⟨pw:any⟩»");
client.UploadFile("ftp://⟨lip⟩/hotfolder/job.pdf", localPath);''')
T("csharp-default-request-headers-add", '''http.BaseAddress = new Uri("http://‹⟨lip⟩›/");
http.DefaultRequestHeaders.Add("X-Api-Key", "«⟨aN:16⟩»");''')
T("csharp-sql-connection-string-literal", '''var cs = "Server=‹⟨pick:MIS-SQL01|PRINTVIS01|SQL02⟩›;Database=MIS;User Id=mis_app;Password=«⟨pw:any⟩»;";''')
T("java-drivermanager-positional", '''Connection c = DriverManager.getConnection("jdbc:mysql://‹⟨pick:w2p-db|db01|mariadb⟩›:3306/w2p", "w2p", "«⟨pw:any⟩»");''')
T("java-static-final-key", '''public final class PrintNodeConfig {
    private static final String ‹BASE_URL› = "https://api.printnode.com";
    private static final String API_KEY = "«⟨b64u:43⟩»";''')
T("kotlin-okhttp-add-header-bearer", '''val req = Request.Builder()
    .url("https://‹api.printful.com›/orders")
    .addHeader("Authorization", "Bearer «⟨aN:40⟩»")
    .build()''')
T("php-pdo-constructor-positional", '''$pdo = new PDO('mysql:host=‹localhost›;dbname=shop', 'shop', '«⟨pw:any⟩»');''')
T("php-woocommerce-client-positional", '''$woo = new Client('https://‹⟨dom⟩›', 'ck_⟨hex:40⟩', '«cs_⟨hex:40⟩»', ['version' => 'wc/v3']);''')
T("php-curl-userpwd-colon", '''curl_setopt($ch, CURLOPT_URL, "https://‹pace.⟨dom⟩›/rpc/rest/services/job");
curl_setopt($ch, CURLOPT_USERPWD, "api:«⟨pw:any⟩»");''')
T("rust-reqwest-bearer-auth", '''let resp = client.get("https://‹api.thingiverse.com›/users/me")
    .bearer_auth("«⟨hex:32⟩»")
    .send().await?;''')
T("ruby-net-http-basic-auth", '''req = Net::HTTP::Get.new(URI("https://‹⟨dom⟩›/api/bookings"))
req.basic_auth "⟨user⟩", "«⟨pw:any⟩»"''')
T("bash-script-variable-assignment", '''#!/usr/bin/env bash
OCTO_HOST="‹⟨host⟩›"
OCTO_KEY="«⟨HEX:32⟩»"
curl -s -H "X-Api-Key: $OCTO_KEY" "http://$OCTO_HOST/api/job"''')
T("bash-heredoc-json-password", '''curl -s -X POST "$MR/access/login" -H 'Content-Type: application/json' -d @- <<EOF
{"username":"‹⟨user⟩›","password":"«⟨pw:any⟩»"}
EOF''')
T("powershell-param-default-api-key", '''param(
  [string]$PrinterHost = "‹⟨host⟩›",
  [string]$ApiKey = "«⟨HEX:32⟩»"
)''')
T("vba-cdo-sendpassword-field", '''.Item("http://schemas.microsoft.com/cdo/configuration/sendusername") = "‹⟨email⟩›"
.Item("http://schemas.microsoft.com/cdo/configuration/sendpassword") = "«⟨pw:any⟩»"''')
T("batch-set-pass-then-net-use", r'''@echo off
set RIP_USER=‹⟨pick:rip|prepress|hotfolder⟩›
set RIP_PASS=«⟨pw:any⟩»
net use Q: \\fs01\hot %RIP_PASS% /user:PRINTSHOP\%RIP_USER%''')
T("gcode-m551-web-password", '''M550 P"‹⟨pick:Voron|Railcore|Jubilee|BLV⟩-⟨num:1-9⟩›"   ; machine name
M551 P"«⟨pw:any⟩»"   ; web/ftp password''')
T("gcode-m587-wifi-password", '''M552 S0
M587 S"‹⟨ssid⟩›" P"«⟨pw:any⟩»"
M552 S1''')
T("klipper-shell-command-telegram-url", '''[gcode_shell_command notify_tg]
command: curl -s -X POST https://api.telegram.org/bot«⟨tg⟩»/sendMessage -d chat_id=‹⟨num:10000000-999999999⟩›
timeout: 5.''')
T("sql-create-user-identified-by", '''CREATE USER '‹⟨pick:w2p_app|mis_ro|booking⟩›'@'%' IDENTIFIED BY '«⟨pw:any⟩»';''')
T("sql-alter-role-password", '''ALTER ROLE ‹⟨pick:spoolman|obico|fabman⟩› WITH LOGIN PASSWORD '«⟨pw:any⟩»';''')
T("sql-insert-integration-api-key", '''INSERT INTO integrations (name, api_key) VALUES ('‹printful›', '«⟨aN:40⟩»');''')
T("lua-nodemcu-wifi-sta-config", '''wifi.setmode(wifi.STATION)
wifi.sta.config({ssid="‹⟨ssid⟩›", pwd="«⟨pw:any⟩»"})''')
T("swift-urlrequest-setvalue-bearer", '''request.setValue("Bearer «⟨jwt⟩»", forHTTPHeaderField: "Authorization")
request.url = URL(string: "https://‹⟨dom⟩›/api/v1/jobs")''')
T("python-http-digest-auth-positional", '''r = requests.get("http://‹⟨lip⟩›/api/v1/status", auth=HTTPDigestAuth("maker", "«⟨aN:15⟩»"))''')
T("js-env-fallback-or-literal", '''const TOKEN = process.env.THINGIVERSE_TOKEN || "«⟨hex:32⟩»";
const ‹BASE› = "https://api.thingiverse.com";''')
T("python-argparse-default-api-key", '''parser.add_argument("‹--api-key›", default="«⟨hex:32⟩»", help="moonraker api key")''')
T("c-esp-idf-wifi-config-struct", '''wifi_config_t wifi_config = {
    .sta = {
        .ssid = "‹⟨ssid⟩›",
        .password = "«⟨pw:any⟩»",
    },
};''')
T("c-esp-idf-mqtt-credentials-password", '''esp_mqtt_client_config_t mqtt_cfg = {
    .broker.address.uri = "mqtt://‹⟨lip⟩›",
    .credentials.username = "door",
    .credentials.authentication.password = "«⟨pw:any⟩»",
};''')
T("python-b64encode-basic-user-pass", '''auth = base64.b64encode(b"‹admin›:«⟨pwu⟩»").decode()
headers = {"Authorization": f"Basic {auth}"}''')
T("js-test-setup-env-assign", '''// jest.setup.js
process.env.SHOPIFY_ACCESS_TOKEN = "«shpat_⟨hex:32⟩»";
process.env.‹SHOPIFY_SHOP› = "⟨al:8⟩.myshopify.com";''')
T("python-gelato-client-api-key-kwarg", '''gelato = GelatoClient(api_key="«⟨uuid⟩-⟨uuid⟩:⟨uuid⟩»", ‹sandbox=False›)''')
T("ts-default-config-object", '''export const DEFAULT_CONFIG: FarmConfig = {
  host: "‹⟨host⟩›",
  moonrakerKey: "«⟨hex:32⟩»",
};''')


def _authplain(_=""):
    raw = "\0%s\0%s" % (_email(), _pw())
    return _b64.b64encode(raw.encode()).decode()


def _logts(_=""):
    return "%s %02d:%02d:%02d,%03d" % (_date(), _R.randint(0, 23), _R.randint(0, 59),
                                        _R.randint(0, 59), _R.randint(0, 999))


_K["authplain"] = _authplain
_K["logts"] = _logts

# ---------------------------------------------------------------- stack-trace-or-log
G("stack-trace-or-log")
T("python-requests-connectionerror-apikey-url", '''requests.exceptions.ConnectionError: HTTPConnectionPool(host='‹⟨host⟩›', port=80): Max retries exceeded with url: /api/job?apikey=«⟨HEX:32⟩» (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0x7f⟨hex:10⟩>: Failed to establish a new connection: [Errno 113] No route to host'))''')
T("log-line-using-database-url", '''⟨logts⟩ INFO  spoolman.database: Using database postgresql://‹spoolman›:«⟨pwu⟩»@db:5432/spoolman''')
T("java-hikari-jdbc-url-password-param", '''⟨logts⟩ INFO  com.zaxxer.hikari.HikariDataSource - HikariPool-1 - Starting... jdbcUrl=jdbc:mysql://‹w2p-db:3306›/w2p?user=w2p&password=«⟨pwu⟩»&useSSL=false
Caused by: java.sql.SQLNonTransientConnectionException: Could not create connection to database server.''')
T("node-error-options-object-dump", '''Error: connect ECONNREFUSED ⟨ip=lip⟩:8883
    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16) {
  errno: -111,
  code: 'ECONNREFUSED',
  options: { host: '‹⟨=ip⟩›', port: 8883, username: 'bblp', password: '«⟨dig:8⟩»' }
}''')
T("php-stack-trace-pdo-construct-args", '''PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'shop'@'localhost' in /var/www/shop/lib/db.php:12
Stack trace:
#0 /var/www/shop/lib/db.php(12): PDO->__construct('mysql:host=‹loc...', 'shop', '«⟨pw:any⟩»')
#1 {main}''')
T("go-log-printf-struct-plus-v", '''⟨date⟩ ⟨hm⟩:0⟨num:0-9⟩ config: {Host:‹⟨lip⟩› Serial:⟨serial⟩ AccessCode:«⟨dig:8⟩» Debug:true}''')
T("python-logging-dict-repr-password", '''⟨logts⟩ DEBUG bambu.mqtt: connecting with {'host': '‹⟨lip⟩›', 'port': 8883, 'username': 'bblp', 'password': '«⟨dig:8⟩»'}''')
T("tornado-access-log-apikey-query", '''⟨logts⟩ - tornado.access - WARNING - 403 GET /api/job?apikey=«⟨HEX:32⟩» (‹⟨lip⟩›) 2.51ms''')
T("nginx-access-log-query-token", '''‹⟨lip⟩› - - [0⟨num:1-9⟩/Mar/2025:10:15:02 +0100] "GET /printer/objects/query?token=«⟨AN:32⟩»&print_stats HTTP/1.1" 200 512 "-" "Mozilla/5.0"''')
T("moonraker-verbose-log-login-body", '''⟨logts⟩ [application.py:log_request()] - 401 POST /access/login (‹⟨lip⟩›) [No User] 12.41ms body={"username": "⟨user⟩", "password": "«⟨pw:any⟩»"}''')
T("klipper-log-config-dump-shell-command", '''===== Config file =====
[gcode_shell_command push_backup]
command: git -C /home/pi/printer_data/config push https://‹⟨user⟩›:«ghp_⟨aN:36⟩»@github.com/⟨al:6⟩/printer-cfg.git
timeout: 30.''')
T("esp32-serial-log-connecting-with-password", '''[  ⟨num:1000-9999⟩][I][main.cpp:42] setup(): Connecting to ‹⟨ssid⟩› with password «⟨pw:any⟩»
[  ⟨num:10000-19999⟩][I][main.cpp:57] setup(): WiFi connected, IP ⟨lip⟩''')
T("esp-idf-log-mqtt-user-pass", '''I (⟨num:1000-9999⟩) MQTT: connecting to mqtt://‹⟨lip⟩›:1883 user=door pass=«⟨pw:any⟩»''')
T("ha-custom-component-debug-headers", '''⟨logts⟩ DEBUG (MainThread) [custom_components.octoprint] request headers: {'X-Api-Key': '«⟨HEX:32⟩»', 'User-Agent': 'HomeAssistant/2025.⟨num:1-12⟩'} url=http://‹⟨host⟩›/api/printer''')
T("compose-logs-set-x-export", '''‹obico-web-1›  | + export EMAIL_HOST_PASSWORD=«⟨pw:any⟩»
obico-web-1  | + exec ./manage.py runserver 0.0.0.0:3334''')
T("bash-set-x-trace-curl-header", '''+ curl -s -H 'X-Api-Key: «⟨hex:32⟩»' http://‹⟨host⟩›:7125/server/info
{"result": {"klippy_connected": true, "klippy_state": "ready"}}''')
T("cups-error-log-smb-uri", '''E [0⟨num:1-9⟩/Mar/2025:10:15:02 +0100] [Job ‹⟨num:1000-9999⟩›] Unable to connect to "smb://prepress:«⟨pwu⟩»@fs01/Designjet": NT_STATUS_LOGON_FAILURE''')
T("syslog-sudo-command-mysql-p", '''Mar  ⟨num:1-28⟩ 10:15:02 ‹⟨pick:octopi|farm-gw|mis01|voron⟩› sudo:       pi : TTY=pts/0 ; PWD=/home/pi ; USER=root ; COMMAND=/usr/bin/mysql -u root -p«⟨pw:any⟩» spoolman''')
T("auditd-execve-sshpass-args", '''type=EXECVE msg=audit(17⟨dig:8⟩.⟨dig:3⟩:⟨num:100-999⟩): argc=5 a0="sshpass" a1="-p" a2="«⟨pw:any⟩»" a3="ssh" a4="pi@‹⟨host⟩›"''')
T("git-fatal-unable-to-access-token-url", '''fatal: unable to access 'https://‹⟨user⟩›:«ghp_⟨aN:36⟩»@github.com/⟨al:6⟩/farm-dashboard.git/': The requested URL returned error: 403''')
T("java-log-hmac-secret-key", '''⟨logts⟩ ERROR [SiteFlowClient] HMAC sign failed: key='‹⟨hex:24⟩›' secret='«⟨aN:40⟩»' path=/api/order''')
T("rich-traceback-locals-token", '''│ │    shop = '‹⟨al:8⟩.myshopify.com›'                 │
│ │   token = '«shpat_⟨hex:32⟩»'       │
│ │ version = '2024-07'                              │''')
T("python-traceback-source-line-positional", '''Traceback (most recent call last):
  File "/opt/sync/tindie_sync.py", line 42, in <module>
    client = TindieClient("‹⟨user⟩›", "«⟨hex:40⟩»")
  File "/opt/sync/tindie.py", line 18, in __init__
    raise ValueError("username/api_key mismatch")
ValueError: username/api_key mismatch''')
T("laravel-log-context-secret-key", '''[⟨date⟩ ⟨hm⟩:11] production.ERROR: Sendcloud auth failed {"‹public_key›":"⟨uuid⟩","secret_key":"«⟨hex:32⟩»","status":401}''')
T("rails-log-parameters-unfiltered", '''Started POST "/members/sign_in" for ⟨lip⟩ at ⟨date⟩ 19:02:11 +0100
  Parameters: {"member"=>{"email"=>"‹⟨email⟩›", "password"=>"«⟨pw:any⟩»"}, "commit"=>"Log in"}''')
T("gunicorn-access-log-auth-token-query", '''‹⟨lip⟩› - - [0⟨num:1-9⟩/Apr/2025:08:01:44 +0000] "GET /api/v1/octo/pic/?auth_token=«⟨hex:32⟩» HTTP/1.1" 200 17 "-" "python-requests/2.31.0"''')
T("powershell-error-record-uri-apikey", '''Invoke-WebRequest : The remote server returned an error: (401) Unauthorized.
At C:\\scripts\\poll.ps1:12 char:1
+ Invoke-WebRequest -Uri "http://‹⟨host⟩›/api/printer?apikey=«⟨HEX:32⟩»"
+ ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~''')
T("obico-agent-log-auth-failed-token", '''⟨logts⟩ - moonraker_obico.server_conn - ERROR - Obico server auth failed for token «⟨hex:32⟩» (‹obico.⟨dom⟩›)''')
T("octoprint-telegram-log-bot-url", '''⟨logts⟩ - octoprint.plugins.telegram - ERROR - Exception: HTTPSConnectionPool(host='‹api.telegram.org›', port=443): Max retries exceeded with url: /bot«⟨tg⟩»/getUpdates?offset=0&timeout=30''')
T("discord-webhook-429-log-url", '''⟨logts⟩ WARNING notify: discord webhook failed 429 for https://discord.com/api/webhooks/‹⟨dig:19⟩›/«⟨b64u:68⟩»''')
T("ha-bambu-debug-connect-password", '''⟨logts⟩ DEBUG (Thread-⟨num:2-9⟩) [custom_components.bambu_lab.pybambu] Connect: username='bblp' password='«⟨dig:8⟩»' host=‹⟨lip⟩›''')
T("http-client-debug-send-influx-token", '''send: b'POST /api/v2/write?org=farm&bucket=klipper&precision=ns HTTP/1.1\\r\\nHost: ‹⟨lip⟩:8086›\\r\\nAuthorization: Token «⟨b64b:64⟩»\\r\\nContent-Length: 212\\r\\n\\r\\n'
reply: 'HTTP/1.1 204 No Content\\r\\n' ''')
T("http-client-debug-send-x-api-key", '''send: b'GET /api/job HTTP/1.1\\r\\nHost: ‹⟨host⟩›\\r\\nX-Api-Key: «⟨HEX:32⟩»\\r\\nAccept: */*\\r\\n\\r\\n'
reply: 'HTTP/1.1 200 OK\\r\\n' ''')
T("curl-trace-ascii-basic-header", '''=> Send header, 148 bytes (0x94)
0000: GET /api/v1/status HTTP/1.1
001d: Host: ‹⟨lip⟩›
0030: Authorization: Basic «⟨dockerauth⟩»
0071: User-Agent: curl/8.5.0''')
T("logfmt-dsn-field", '''time=⟨ts⟩ level=info msg="starting booking api" dsn="postgres://fabman:«⟨pwu⟩»@pg:5432/fabman?sslmode=disable" ‹listen=:8080›''')
T("json-log-headers-authorization", '''{"level":"debug","ts":17⟨dig:8⟩.⟨dig:4⟩,"msg":"printful request","url":"https://‹api.printful.com›/orders","headers":{"Authorization":"Bearer «⟨aN:40⟩»"}}''')
T("winston-log-meta-password", '''info: Connecting to Bambu cloud {"email":"‹⟨email⟩›","password":"«⟨pw:any⟩»","region":"eu","service":"farm-sync"}''')
T("serilog-structured-ftp-password", '''[10:15:02 INF] Connecting to FTP {Host: "‹ftp.⟨dom⟩›", User: "rip", Password: "«⟨pw:any⟩»", Passive: true}''')
T("log4j-config-dump-api-key", '''⟨logts⟩ INFO  [main] c.p.w.Config - ‹printnode.computerId›=⟨num:100000-999999⟩ printnode.apiKey=«⟨b64u:43⟩»''')
T("wifimanager-verbose-using-password", '''*wm:[2] Connecting to SAVED AP: ‹⟨ssid⟩›
*wm:[3] Using Password: «⟨pw:any⟩»
*wm:[2] Connection result: WL_CONNECTED''')
T("farm-scheduler-log-access-code-field", '''⟨logts⟩ INFO farm.scheduler: dispatch job ‹job-⟨num:1000-9999⟩› to X1C-0⟨num:1-9⟩ (ip=⟨lip⟩, access_code=«⟨dig:8⟩»)''')
T("apprise-debug-telegram-post-url", '''⟨logts⟩ - DEBUG - Telegram POST URL: https://‹api.telegram.org›/bot«⟨tg⟩»/sendMessage (cert_verify=True)''')
T("shopify-webhook-hmac-debug-secret", '''⟨logts⟩ DEBUG webhooks: hmac mismatch topic=‹orders/create› secret=«shpss_⟨hex:32⟩» computed=⟨b64b:32⟩''')
T("pm2-axios-error-config-headers", '''0|etsy-sync | AxiosError: Request failed with status code 401
0|etsy-sync |     at settle (/opt/etsy-sync/node_modules/axios/lib/core/settle.js:19:12)
0|etsy-sync |   config: { headers: { 'x-api-key': '⟨an:24⟩', Authorization: 'Bearer «⟨num:10000000-999999999⟩.⟨b64u:56⟩»' }, url: '‹https://openapi.etsy.com/v3/application/shops›' }''')
T("httpx-info-log-access-token-query", '''⟨logts⟩ INFO httpx: HTTP Request: GET https://‹api.thingiverse.com›/things/⟨num:100000-6900000⟩?access_token=«⟨hex:32⟩» "HTTP/1.1 401 Unauthorized"''')
T("aiohttp-client-response-error-url", '''aiohttp.client_exceptions.ClientResponseError: 401, message='Unauthorized', url=URL('https://‹www.tindie.com›/api/v1/order/?username=⟨user⟩&api_key=«⟨hex:40⟩»')''')
T("dotnet-sqlexception-with-connstring", '''System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'mis_app'.
   at PrintShop.Mis.Db.Open() in C:\\src\\Mis\\Db.cs:line 31
   ConnectionString: Server=‹⟨pick:MIS-SQL01|PRINTVIS01⟩›;Database=MIS;User Id=mis_app;Password=«⟨pw:any⟩»;''')
T("door-ldap-debug-bind-pw", '''⟨logts⟩ DEBUG doorctl.ldap: bind dn="cn=doorbot,ou=svc,dc=‹⟨al:6⟩›,dc=lan" pw="«⟨rpw:18⟩»"''')
T("door-keypad-log-pin-entered", '''⟨logts⟩ door[⟨num:100-999⟩]: keypad: member=‹⟨num:1000-1999⟩› pin=«⟨pin:6⟩» -> GRANTED (front door)''')
T("booking-mail-log-reset-token-url", '''⟨logts⟩ INFO mail: sent password reset link https://‹book.⟨dom⟩›/reset?token=«⟨b64u:43⟩» to ⟨email⟩''')
T("wiki-invite-url-token-log", '''⟨logts⟩ INFO invites: created https://‹wiki.⟨dom⟩›/invite/«⟨hex:40⟩» (expires in 7d)''')
T("smtplib-debug-auth-plain-b64", '''send: 'ehlo [127.0.1.1]\\r\\n'
send: 'AUTH PLAIN «⟨authplain⟩»\\r\\n'
reply: b'535 5.7.8 Username and Password not accepted'  ‹smtp.⟨dom⟩›''')
T("curl-verbose-ftp-pass-command", '''< 331 Password required for ‹⟨pick:rip|proofs|kunde|klant⟩›
> PASS «⟨pw:any⟩»
< 230 User logged in''')
T("sentry-event-request-headers", '''"request": {"url": "https://‹api.gelato.com›/v4/orders", "method": "POST", "headers": {"Content-Type": "application/json", "X-API-KEY": "«⟨uuid⟩-⟨uuid⟩:⟨uuid⟩»"}}''')
T("powershell-transcript-env-assign", '''**********************
Windows PowerShell transcript start
Username: ‹PRINTSHOP\\⟨user⟩›
**********************
PS>$env:PRINTOS_SECRET = "«⟨aN:40⟩»"''')
T("moonraker-update-manager-remote-url", '''⟨logts⟩ [git_deploy.py:refresh()] - Git Repo ‹klipper_config›: remote url https://oauth2:«glpat-⟨b64u:20⟩»@gitlab.⟨dom⟩/farm/klipper_config.git''')
T("python-keyerror-traceback-config-dict", '''Traceback (most recent call last):
  File "/home/pi/bridge.py", line 88, in on_connect
    cfg = {"serial": "‹⟨serial⟩›", "code": "«⟨dig:8⟩»"}["host"]
KeyError: 'host' ''')
T("uvicorn-access-log-api-key-query", '''INFO:     ⟨lip⟩:⟨num:40000-65000⟩ - "GET /api/spools?api_key=«⟨b64u:32⟩» HTTP/1.1" 200 OK  ‹spoolman›''')
T("rtsp-client-error-url-creds", '''[rtsp @ 0x5⟨hex:9⟩] method DESCRIBE failed: 401 Unauthorized
rtsps://bblp:«⟨dig:8⟩»@‹⟨lip⟩›:322/streaming/live/1: Server returned 401 Unauthorized (authorization failed)''')
T("ffmpeg-input-url-creds-log", '''Input #0, rtsp, from 'rtsp://‹admin›:«⟨pwu⟩»@⟨lip⟩:554/Streaming/Channels/101':
  Metadata:
    title           : Media Presentation''')
T("mjpg-streamer-log-credentials", '''MJPG Streamer Version: git rev: ⟨hex:10⟩
 o: www-folder-path......: ./www/
 o: HTTP TCP port........: 8080
 o: username:password....: ‹octo›:«⟨pw:any⟩»''')
T("systemd-journal-exec-cmdline", '''⟨date⟩ ⟨hm⟩:12 ‹⟨host⟩› python3[⟨num:500-9999⟩]: bridge started argv=['bridge.py', '--serial', '⟨serial⟩', '--access-code', '«⟨dig:8⟩»']''')
T("kotlin-android-logcat-header", '''D/OkHttp: --> GET https://‹api.printables-mirror.⟨dom⟩›/v1/models
D/OkHttp: Authorization: Bearer «⟨jwt⟩»
D/OkHttp: --> END GET''')
T("okhttp-logging-interceptor-x-api-key", '''I/okhttp.OkHttpClient: --> POST http://‹⟨lip⟩›/api/files/local
I/okhttp.OkHttpClient: X-Api-Key: «⟨HEX:32⟩»
I/okhttp.OkHttpClient: --> END POST (1834221-byte body)''')
T("python-warning-insecure-url-password", '''/usr/lib/python3/dist-packages/urllib3/connectionpool.py:1045: InsecureRequestWarning: Unverified HTTPS request is being made to host '‹⟨lip⟩›'.
⟨logts⟩ WARNING prusalink: retrying with password=«⟨aN:15⟩» user=maker''')
T("celery-task-args-repr", '''[⟨logts⟩: INFO/MainProcess] Task sync.push_listing[⟨uuid⟩] received
[⟨logts⟩: ERROR/ForkPoolWorker-2] Task sync.push_listing raised: args=('‹⟨num:1000000000-1999999999⟩›', 'shpat_⟨hex:32⟩') kwargs={'webhook_secret': '«shpss_⟨hex:32⟩»'}''')
T("traefik-debug-forward-auth-header", '''time="⟨ts⟩" level=debug msg="vulcand/oxy/forward: round trip: http://‹⟨lip⟩:7125›, code: 200" Request="{\\"Header\\":{\\"X-Api-Key\\":[\\"«⟨hex:32⟩»\\"]}}"''')
T("php-warning-ldap-bind-args", '''PHP Warning:  ldap_bind(): Unable to bind to server: Invalid credentials in /var/www/booking/auth.php on line 27
#0 /var/www/booking/auth.php(27): ldap_bind(Resource id #4, 'cn=‹booking›,ou=svc,dc=lan', '«⟨pw:any⟩»')''')
T("octoprint-serial-log-m551-echo", '''⟨t=logts⟩ - Send: N⟨num:10-999⟩ M551 P"«⟨pw:any⟩»"*⟨num:10-120⟩
⟨=t⟩ - ‹Recv: ok›''')
T("gelato-client-debug-kwargs", '''DEBUG:gelato.client:init(api_key='«⟨uuid⟩-⟨uuid⟩:⟨uuid⟩»', base_url='‹https://order.gelatoapis.com›')''')
T("ruby-exception-inspect-config", '''Faraday::UnauthorizedError: the server responded with status 401
  #<Config shop="‹⟨al:8⟩.myshopify.com›" access_token="«shpat_⟨hex:32⟩»" api_version="2024-07">''')
T("ups-api-oauth-debug-client-secret", '''⟨logts⟩ DEBUG shipping.ups: POST /security/v1/oauth/token client_id=‹⟨aN:48⟩› client_secret=«⟨aN:64⟩»''')
T("mollie-client-debug-live-key", '''⟨logts⟩ DEBUG mollie: creating payment for order ‹#⟨num:1000-9999⟩› with key «live_⟨aN:30⟩»''')
T("packeta-soap-fault-api-password", '''zeep.exceptions.Fault: Incorrect API password.
  request: <packetAttributesValid><apiPassword>«⟨hex:32⟩»</apiPassword><attributes><number>‹⟨num:100000-999999⟩›</number>''')
T("esphome-logs-wifi-connecting-psk", '''[⟨t=hm⟩:01][D][wifi:290]: Starting scan...
[⟨=t⟩:02][C][wifi:⟨num:300-600⟩]:   SSID: '‹⟨ssid⟩›'
[⟨=t⟩:04][V][wifi_esp32:⟨num:100-400⟩]: Connecting with password '«⟨pw:any⟩»' ''')
T("stack-trace-http-basic-url", '''urllib.error.HTTPError: HTTP Error 401: Unauthorized
  while fetching http://admin:«⟨pwu⟩»@‹⟨lip⟩›/cgi-bin/snapshot.cgi?channel=1''')


# ---------------------------------------------------------------- note-or-chat
G("note-or-chat")
T("chat-slack-access-code-changed", '''[⟨hm⟩] ‹⟨first⟩›: X1C #⟨num:1-9⟩ access code changed after the firmware update, new one is «⟨dig:8⟩»''')
T("note-goal-moonraker-key-inline", '''Goal: get the farm dashboard polling ‹⟨host⟩› via Moonraker; api key is «⟨hex:32⟩» (copied from the Mainsail settings page)''')
T("decision-rotate-old-key-quoted", '''Decision: rotate the OctoPrint global key on ‹⟨host⟩› - the old one («⟨HEX:32⟩») was pasted in #general last week.''')
T("note-login-slash-password", '''note: ‹⟨host⟩› login is pi / «⟨pw:any⟩» (changed from the image default)''')
T("announcement-guest-wifi-password", '''@everyone guest wifi for the open day: ‹⟨ssid⟩›  pw «⟨pw:en⟩»''')
T("dm-shopify-token-dont-commit", '''⟨First⟩ (DM): here's the shopify admin token for the ‹⟨al:7⟩› store, don't commit it: «shpat_⟨hex:32⟩»''')
T("todo-comment-door-keypad-code", '''TODO(‹#⟨num:100-999⟩›): front door keypad code is «⟨pin:6⟩» until the new badge reader is installed''')
T("handover-fiery-admin-password", '''Handover: Fiery E⟨num:100-900⟩ admin password = «⟨pw:any⟩» (ask ‹⟨First⟩› before changing it)''')
T("note-prusa-connect-camera-token", '''PrusaConnect camera for ‹MK4-0⟨num:1-9⟩›: token «⟨aN:20⟩», fingerprint ⟨hex:16⟩''')
T("note-restic-passphrase-quoted", '''the restic repo passphrase is "«⟨phrase:5⟩»" - it's also in the ‹red binder› in the office''')
T("email-quote-ftp-credentials", '''> Hi, you can upload the artwork via FTP: host ‹ftp.⟨dom⟩›, user kunde⟨num:100-999⟩, password «⟨pw:any⟩». Thanks!''')
T("chat-lan-only-mode-code", '''switched the ‹P1S-0⟨num:1-9⟩› to LAN only mode. code: «⟨dig:8⟩»''')
T("chat-two-lines-shared-secret", '''[⟨t=hm⟩] ‹⟨f=first⟩›: ok the etsy keystring is ⟨an:24⟩
[⟨=t⟩] ⟨=f⟩: and the shared secret «⟨an:10⟩»''')
T("issue-comment-curl-repro-key", '''@‹⟨user⟩› I still get 401 with this:
curl -H "X-Api-Key: «⟨HEX:32⟩»" http://⟨host⟩/api/connection''')
T("meeting-notes-laser-pc-login", '''- Laser PC (‹LightBurn station›) Windows login: «⟨pw:any⟩»
- new air assist compressor arrives Thursday''')
T("prose-password-all-one-word", '''password is «⟨pw:any⟩», all one word, for the ‹⟨pick:vinyl cutter|UV printer|plotter|resin station⟩› PC''')
T("markdown-table-wifi-row", '''| SSID | Password | Used by |
|------|----------|---------|
| ‹⟨ssid⟩› | «⟨pw:any⟩» | printers, ESPs |''')
T("note-label-colon-tindie-key", '''Tindie API key (‹shop ⟨user⟩›): «⟨hex:40⟩»''')
T("chat-ha-long-lived-token", '''use this long-lived token for the enclosure dashboard: «⟨jwt:ha⟩» (made it under the ‹farm› user)''')
T("de-chat-passwort-drucker-pi", '''Passwort für den Drucker-Pi (‹⟨host⟩›) ist jetzt «⟨pw:de⟩»''')
T("de-note-zugangscode-bambu", '''Zugangscode der ‹X1C im Keller›: «⟨dig:8⟩» - bitte nicht ins Wiki schreiben''')
T("de-wlan-schluessel-prose", '''WLAN ‹⟨ssid⟩›, Schlüssel: «⟨pw:de⟩»''')
T("de-tuercode-hash-suffix", '''Türcode Werkstatt ab Montag: «⟨pin:6⟩»#  (‹Hinterausgang› bleibt wie gehabt)''')
T("de-mail-zitat-ftp-kennwort", '''> Ihre FTP-Zugangsdaten: Benutzer ‹kunde_⟨num:100-999⟩›, Kennwort «⟨pw:de⟩»''')
T("de-api-schluessel-octoprint", '''API-Schlüssel für OctoPrint auf ‹⟨host⟩›: «⟨HEX:32⟩»''')
T("de-kennwort-lautet-rip", '''Kennwort vom Caldera-RIP lautet «⟨pw:de⟩», Benutzer ‹rip-admin›''')
T("de-entscheidung-token-getauscht", '''Entscheidung: Shopify-Token getauscht, der neue Token «shpat_⟨hex:32⟩» liegt vorerst hier, später im ‹Vault›''')
T("nl-wachtwoord-printserver", '''wachtwoord van de printserver (‹⟨host⟩›) is «⟨pw:nl⟩»''')
T("nl-toegangscode-bambu-balie", '''toegangscode van de ‹A1 mini› bij de balie: «⟨dig:8⟩»''')
T("nl-gasten-wifi-wachtwoord", '''Gasten-wifi ‹⟨ssid⟩› - wachtwoord: «⟨pw:nl⟩»''')
T("nl-api-sleutel-etsy-winkel", '''De API-sleutel voor de Etsy-winkel (‹⟨org⟩ Makers›) is «⟨an:24⟩»''')
T("nl-deurcode-werkplaats", '''deurcode ‹werkplaats›: «⟨pin:6⟩», niet doorgeven aan niet-leden''')
T("nl-chat-mollie-live-key", '''[⟨hm⟩] ‹⟨First⟩›: mollie live key voor de webshop: «live_⟨aN:30⟩»''')
T("nl-inloggegevens-ww-afkorting", '''inloggegevens Onyx RIP: gebruiker ‹operator›, ww «⟨pw:nl⟩»''')
T("cs-heslo-k-octoprintu", '''heslo k OctoPrintu na ‹⟨host⟩› je «⟨pw:cs⟩»''')
T("cs-pristupovy-kod-tiskarny", '''Přístupový kód k tiskárně ‹P1S #⟨num:1-9⟩›: «⟨dig:8⟩»''')
T("cs-wifi-heslo-carka", '''Wi-Fi ‹⟨ssid⟩›, heslo: «⟨pw:cs⟩»''')
T("cs-api-heslo-zasilkovna", '''API heslo pro Zásilkovnu (‹e-shop ⟨org⟩›): «⟨hex:32⟩»''')
T("cs-kod-ke-dverim", '''kód ke dveřím dílny: «⟨pin:6⟩» (‹od pondělí›)''')
T("cs-chat-token-prusa-connect", '''[⟨hm⟩] ‹⟨First⟩›: token pro Prusa Connect kameru je «⟨aN:20⟩»''')
T("ja-password-wa-desu", '''‹⟨host⟩› のパスワードは «⟨pw:ja⟩» です''')
T("ja-access-code-colon", '''‹X1C ⟨num:1-9⟩号機› のアクセスコード: «⟨dig:8⟩»''')
T("ja-wifi-kagikakko-password", '''Wi-Fi「‹⟨ssid⟩›」のパスワード：«⟨pw:ja⟩»''')
T("ja-apikey-arrow-octoprint", '''OctoPrint の APIキー → «⟨HEX:32⟩»（‹⟨host⟩›）''')
T("ja-discord-webhook-note", '''Discord通知用のWebhook: https://discord.com/api/webhooks/‹⟨dig:19⟩›/«⟨b64u:68⟩»''')
T("ja-door-anshou-bangou", '''工房の入口の暗証番号は «⟨pin:6⟩» に変更しました（‹⟨date⟩›から）''')
T("chat-quote-reply-prusalink", '''> can someone share the PrusaLink pw for ‹MK4-0⟨num:1-9⟩›?
sure: maker / «⟨aN:15⟩»''')
T("note-temporarily-hardcoded-key", '''Hardcoded the tindie key in sync.py for now («⟨hex:40⟩»), move it to env before merging ‹PR #⟨num:10-300⟩›''')
T("agent-observation-key-in-file", '''Found a Moonraker API key in ‹~/printer_data/config/notes.txt›: «⟨hex:32⟩» - will not use it without asking''')
T("agent-plan-step-ssh-password", '''Step 3: ssh into ‹⟨host⟩› (password «⟨pw:any⟩») and run ./kiauh/kiauh.sh to update Klipper''')
T("note-parenthesised-admin-pair", '''Logged into the EWS of the ‹DesignJet T⟨num:200-1700⟩› (admin, «⟨pw:any⟩») and set the ink alert threshold''')
T("sms-lock-code-forward", '''from ‹⟨First⟩›: code for the filament storage lock is «⟨dig:6⟩»''')
T("note-skedda-admin-login", '''Skedda admin login for ‹⟨dom⟩›: ⟨email⟩ / «⟨pw:any⟩»''')
T("wiki-section-laser-login", '''== Laser cutter ==
PC login: ‹laser› / «⟨pw:any⟩»
LightBurn licence is on the sticker under the desk''')
T("irc-log-mqtt-password", '''<‹⟨user⟩›> the mqtt password for the farm broker is «⟨pw:any⟩»''')
T("matrix-chat-gotify-token-emoji", '''‹@⟨first⟩:matrix.⟨dom⟩›: 🔑 new gotify token «A⟨aN:5⟩.⟨aN:8⟩» for the laser alerts''')
T("whatsapp-export-kassen-pin", '''⟨date⟩, 21:14 - ‹⟨First⟩›: Kassensystem PIN: «⟨pin:6⟩»''')
T("note-cloudflare-tunnel-token", '''tunnel token for mainsail (‹farm-gw›): «⟨cftun⟩»''')
T("note-tailscale-reusable-authkey", '''reusable tailscale auth key for new printers: «tskey-auth-k⟨aN:10⟩CNTRL-⟨aN:30⟩» (expires ‹⟨date⟩›)''')
T("email-body-w2p-admin-login", '''Hi ‹⟨First⟩›,
the web-to-print admin is now set up. Login: ⟨email⟩  Password: «⟨pw:any⟩»
Best, ⟨First⟩''')
T("note-three-word-passphrase-ap", '''Door controller fallback AP passphrase: «⟨phrase:3⟩» (exactly as written, ‹all lowercase›)''')
T("jira-comment-qa-creds-arrow", '''‹PRINT-⟨num:100-999⟩›: repro creds for staging MIS -> user: qa_bot pass: «⟨pw:any⟩»''')
T("chat-pasted-env-block", '''here's my .env, maybe I'm missing something:
OCTOPRINT_URL=http://‹⟨host⟩›
OCTOPRINT_API_KEY=«⟨HEX:32⟩»''')
T("chat-token-wrapped-line-break", '''token (slack wrapped it): «ghp_⟨aN:20⟩
⟨aN:16⟩» ← for ‹farm-bot› CI''')
T("cs-sdileny-ucet-printables", '''sdílený účet Printables: ‹⟨email⟩›, heslo «⟨pw:cs⟩»''')
T("de-mqtt-zugang-benutzer-passwort", '''MQTT-Zugang für die Gehäuse-Sensoren: Benutzer ‹sensor›, Passwort «⟨pw:de⟩»''')
T("nl-ssh-wachtwoord-daarna-sudo", '''ssh naar ‹⟨host⟩›, wachtwoord «⟨pw:nl⟩», daarna sudo -i''')
T("ja-mqtt-broker-user-password", '''MQTTブローカー（‹⟨lip⟩›）のユーザーは farm、パスワードは «⟨pw:ja⟩»''')
T("ja-shopify-access-token-note", '''Shopifyのアクセストークン：«shpat_⟨hex:32⟩»（‹管理画面›で再発行済み）''')
T("cs-rozhodnuti-gitlab-token", '''Rozhodnutí: přístupový token GitLabu «glpat-⟨b64u:20⟩» platí do ‹⟨date⟩›''')
T("de-markdown-zugangsdaten-liste", '''### Zugangsdaten Fiery
- Benutzer: ‹Administrator›
- Passwort: «⟨pw:de⟩»''')
T("note-kiosk-admin-pin8", '''Booking kiosk admin PIN: «⟨pin:8⟩»; restart via ‹Ctrl+Alt+K›''')
T("retro-note-leaked-discord-bot-token", '''Retro: the Discord bot token «⟨discbot⟩» leaked via a screenshot of ‹OctoPrint settings›, regenerated since''')
T("nl-chat-bambu-cloud-wachtwoord", '''[⟨hm⟩] ‹⟨First⟩›: bambu cloud account van de zaak: ⟨email⟩, wachtwoord «⟨pw:nl⟩»''')
T("en-note-snmp-community-prose", '''the large-format printers answer SNMP on community «⟨al:4⟩-⟨pick:mon|ro|lfp⟩-⟨dig:3⟩», not public (‹Zabbix template›)''')
T("cs-poznamka-ssh-heslo-pi", '''SSH na ‹⟨host⟩›: uživatel pi, heslo «⟨pw:cs⟩»''')
T("ja-prusalink-password", '''PrusaLink（‹MK4 ⟨num:1-9⟩号機›）: ユーザー maker / パスワード «⟨aN:15⟩»''')
T("de-chat-thingiverse-token", '''[⟨hm⟩] ‹⟨First⟩›: hier der Thingiverse App-Token für den Import: «⟨hex:32⟩»''')


def _osshkeyi(_=""):
    return _osshkey().replace("\n", "\n          ")


def _ghats(_=""):
    return "2025-0%d-%02dT%02d:%02d:%02d.%07dZ" % (_R.randint(1, 9), _R.randint(1, 28), _R.randint(0, 23),
                                               _R.randint(0, 59), _R.randint(0, 59), _R.randint(0, 9999999))


_K["osshkeyi"] = _osshkeyi
_K["ghats"] = _ghats

# ---------------------------------------------------------------- ci-and-deploy
G("ci-and-deploy")
T("gha-job-env-hardcoded-api-key", '''jobs:
  upload:
    runs-on: self-hosted
    env:
      OCTOPRINT_API_KEY: «⟨HEX:32⟩»
      OCTOPRINT_URL: http://‹⟨host⟩›''')
T("gha-step-run-curl-bearer-ha", '''      - name: Notify farm
        run: curl -X POST -H "Authorization: Bearer «⟨jwt:ha⟩»" https://‹ha.⟨dom⟩›/api/services/notify/farm''')
T("gha-ssh-action-with-password", '''      - uses: appleboy/ssh-action@v1
        with:
          host: ‹⟨host⟩›
          username: pi
          password: «⟨pw:any⟩»
          script: sudo systemctl restart klipper''')
T("gha-log-group-run-token-arg", '''⟨t=ghats⟩ ##[group]Run ./deploy.sh --token «⟨aN:40⟩» --target ‹⟨pick:printful|gelato|printify⟩›
⟨=t⟩ ##[endgroup]''')
T("gitlab-ci-variables-theme-token", '''variables:
  SHOPIFY_FLAG_STORE: "‹⟨al:8⟩.myshopify.com›"
  SHOPIFY_CLI_THEME_TOKEN: "«shptka_⟨hex:32⟩»"''')
T("gitlab-ci-docker-login-deploy-token", '''build:
  script:
    - docker login -u gitlab+deploy-token-⟨num:10-99⟩ -p «gldt-⟨b64u:20⟩» ‹registry.⟨dom⟩›''')
T("jenkinsfile-environment-literal-secret", '''    environment {
        PRINTOS_KEY    = '⟨hex:24⟩'
        ‹PRINTOS_SECRET› = '«⟨aN:40⟩»'
    }''')
T("jenkinsfile-sh-sshpass-scp", '''        stage('Flash') {
            steps {
                sh "sshpass -p '«⟨pw:any⟩»' scp build/firmware.bin pi@‹⟨host⟩›:/tmp/"
            }''')
T("dockerfile-env-token-literal", '''FROM ‹python:3.12-slim›
ENV THINGIVERSE_TOKEN=«⟨hex:32⟩»
COPY . /app''')
T("dockerfile-arg-default-npm-token", '''ARG NPM_TOKEN=«npm_⟨aN:36⟩»
RUN echo "//‹registry.npmjs.org›/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci''')
T("dockerfile-run-git-clone-token", '''RUN git clone --depth 1 https://«ghp_⟨aN:36⟩»@github.com/‹⟨al:6⟩/farm-ui›.git /app''')
T("compose-command-redis-requirepass", '''  redis:
    image: redis:7-alpine
    command: redis-server --requirepass «⟨upw:24⟩» --appendonly yes
    ‹restart: unless-stopped›''')
T("k8s-secret-stringdata-access-code", '''apiVersion: v1
kind: Secret
metadata:
  name: ‹bambu-bridge›
stringData:
  ACCESS_CODE: "«⟨dig:8⟩»"''')
T("k8s-secret-data-b64-password", '''kind: Secret
metadata:
  name: ‹spoolman-db›
data:
  password: «⟨b64tok:pw⟩»''')
T("k8s-deployment-env-value-literal", '''        env:
          - name: ‹MOONRAKER_API_KEY›
            value: "«⟨hex:32⟩»"''')
T("helm-values-postgresql-auth-password", '''postgresql:
  auth:
    username: spoolman
    password: «⟨pw:any⟩»
    database: ‹spoolman›''')
T("ansible-group-vars-plaintext-key", '''octoprint_host: ‹⟨host⟩›
octoprint_api_key: «⟨HEX:32⟩»''')
T("ansible-uri-task-headers", '''- name: Upload gcode
  ansible.builtin.uri:
    url: "http://‹{{ inventory_hostname }}›/api/files/local"
    method: POST
    headers:
      X-Api-Key: "«⟨HEX:32⟩»"''')
T("terraform-tfvars-cloudflare-token", '''cloudflare_api_token = "«⟨b64u:40⟩»"
zone_name            = "‹⟨dom⟩›"''')
T("terraform-provider-inline-token", '''‹provider "hcloud"› {
  token = "«⟨aN:64⟩»"
}''')
T("circleci-environment-sentry-org-token", '''    environment:
      SENTRY_ORG: ‹⟨al:6⟩-print›
      SENTRY_AUTH_TOKEN: «sntrys_eyJ⟨b64u:120⟩»''')
T("bitbucket-pipelines-curl-ftp-upload", '''        script:
          - curl -u ‹deploy›:«⟨pw:any⟩» -T dist/web2print.zip ftp://ftp.⟨dom⟩/releases/''')
T("azure-pipelines-variables-api-key", '''variables:
  PrintNodeApiKey: '«⟨b64u:43⟩»'
  ‹buildConfiguration›: 'Release' ''')
T("drone-docker-plugin-settings-password", '''  settings:
    repo: ‹registry.⟨dom⟩/farm/ui›
    username: ci
    password: «⟨pw:any⟩»''')
T("woodpecker-environment-tailscale-authkey", '''    environment:
      TAILSCALE_AUTHKEY: «tskey-auth-k⟨aN:10⟩CNTRL-⟨aN:30⟩»
      ‹TS_HOSTNAME›: ci-runner''')
T("netlify-toml-build-environment", '''[build.environment]
  NODE_VERSION = "20"
  ‹PRINTFUL_STORE_ID› = "⟨num:1000000-9999999⟩"
  PRINTFUL_TOKEN = "«⟨aN:40⟩»"''')
T("vercel-json-env-block", '''{
  "env": {
    "‹ETSY_SHOP_ID›": "⟨num:10000000-40000000⟩",
    "ETSY_SHARED_SECRET": "«⟨an:10⟩»"
  }
}''')
T("fly-toml-env-plaintext-password", '''[env]
  MQTT_HOST = "‹mqtt.⟨dom⟩›"
  MQTT_PASSWORD = "«⟨pw:any⟩»"''')
T("gha-log-expanded-discord-webhook", '''⟨t=ghats⟩ ##[group]Run curl -fsS -X POST "$WEBHOOK" -d @payload.json
⟨=t⟩ curl -fsS -X POST "https://discord.com/api/webhooks/‹⟨dig:19⟩›/«⟨b64u:68⟩»" -d @payload.json''')
T("gitlab-job-log-set-x-shopify", '''$ ./scripts/deploy-theme.sh
+ curl -fsS -H 'X-Shopify-Access-Token: «shpat_⟨hex:32⟩»' https://‹⟨al:8⟩.myshopify.com›/admin/api/2024-07/themes.json''')
T("jenkins-console-sh-mosquitto-pub", '''[Pipeline] sh
+ mosquitto_pub -h ‹⟨host⟩› -u ci -P «⟨pw:any⟩» -t farm/deploy -m ok
[Pipeline] }''')
T("gha-env-platformio-auth-token", '''    env:
      PLATFORMIO_AUTH_TOKEN: «⟨b64u:60⟩»
    steps:
      - run: pio remote run -e ‹esp32dev› -t upload''')
T("gha-run-heredoc-esphome-secrets", '''      - run: |
          cat > ‹secrets.yaml› <<EOF
          wifi_ssid: "⟨ssid⟩"
          wifi_password: "«⟨pw:any⟩»"
          EOF''')
T("gha-with-balena-api-token", '''      - uses: balena-io/deploy-to-balena-action@master
        with:
          balena_token: «⟨aN:32⟩»
          fleet: ‹⟨al:6⟩/printfarm-kiosk›''')
T("provision-script-mender-tenant-token", '''#!/bin/sh
# provision new farm Pi
MENDER_SERVER_URL="https://‹mender.⟨dom⟩›"
MENDER_TENANT_TOKEN="«⟨jwt⟩»"''')
T("deploy-script-sed-secret-into-file", '''ssh pi@⟨host⟩ "sed -i 's/^password: .*/password: «⟨pwu⟩»/' ‹/home/pi/printer_data/moonraker.secrets›"''')
T("makefile-deploy-target-curl-u", '''deploy:
	curl -F "firmware=@build/door.bin" -u ‹admin›:«⟨pwu⟩» http://$(DOOR_HOST)/update''')
T("gradle-properties-signing-password", '''signing.keyId=‹⟨HEX:8⟩›
signing.password=«⟨pw:any⟩»
signing.secretKeyRingFile=/home/ci/.gnupg/secring.gpg''')
T("android-keystore-properties", '''storePassword=«⟨pw:any⟩»
keyAlias=‹farmapp›
storeFile=release.jks''')
T("fastlane-env-match-password", '''MATCH_GIT_URL="git@github.com:‹⟨al:6⟩/certificates›.git"
MATCH_PASSWORD="«⟨pw:any⟩»"''')
T("ci-docker-build-arg-npm-token", '''  - docker build --build-arg NPM_TOKEN=«npm_⟨aN:36⟩» -t ‹ghcr.io/⟨al:6⟩/web2print:latest› .''')
T("kustomize-secret-generator-literal", '''secretGenerator:
- name: ‹printnode›
  literals:
  - apiKey=«⟨b64u:43⟩»''')
T("ci-helm-upgrade-set-password", '''  - helm upgrade --install spoolman ./chart --set db.password=«⟨upw:20⟩» --namespace ‹farm›''')
T("gha-service-container-postgres-password", '''    services:
      postgres:
        image: ‹postgres:16›
        env:
          POSTGRES_PASSWORD: «⟨pw:any⟩»''')
T("gha-matrix-printer-access-codes", '''    strategy:
      matrix:
        printer:
          - { name: ‹x1c-0⟨num:1-9⟩›, code: "«⟨dig:8⟩»" }''')
T("ci-log-cat-npmrc-token", '''$ cat .npmrc
//‹registry.npmjs.org›/:_authToken=«npm_⟨aN:36⟩»
npm notice Publishing to https://registry.npmjs.org/ with tag latest''')
T("cloud-init-network-config-wifi", '''network:
  version: 2
  wifis:
    wlan0:
      dhcp4: true
      access-points:
        "‹⟨ssid⟩›":
          password: "«⟨pw:any⟩»"''')
T("cloud-init-chpasswd-list", '''chpasswd:
  list: |
    pi:«⟨pw:any⟩»
  ‹expire: false›''')
T("packer-json-wifi-psk-var", '''  "variables": {
    "wifi_ssid": "‹⟨ssid⟩›",
    "wifi_psk": "«⟨pw:any⟩»"
  },''')
T("pi-gen-config-first-user-pass", '''IMG_NAME='‹farmos›'
FIRST_USER_NAME='pi'
FIRST_USER_PASS='«⟨pw:any⟩»'
ENABLE_SSH=1''')
T("deploy-octoprint-config-set-token", '''  - ssh pi@⟨host⟩ "~/oprint/bin/octoprint config set ‹plugins.obico.auth_token› «⟨hex:32⟩»"''')
T("ansible-rendered-moonraker-secrets", '''# Managed by Ansible - do not edit
[mqtt_credentials]
username: ‹farm›
password: «⟨pw:any⟩»''')
T("gha-env-ssh-key-block-body", '''    env:
      ‹DEPLOY_HOST›: ⟨host⟩
      SSH_KEY: |
          -----BEGIN OPENSSH PRIVATE KEY-----
          «⟨osshkeyi⟩»
          -----END OPENSSH PRIVATE KEY-----''')
T("travis-env-global-etsy-key", '''env:
  global:
    - ETSY_API_KEY=«⟨an:24⟩»
    - ‹ETSY_SHOP›=⟨org⟩Makers''')
T("ci-log-docker-login-p-warning", '''+ docker login -u ‹ci-bot› -p «dckr_pat_⟨b64u:27⟩»
WARNING! Using --password via the CLI is insecure. Use --password-stdin.
Login Succeeded''')
T("render-yaml-envvars-whsec", '''    envVars:
      - key: ‹STRIPE_WEBHOOK_SECRET›
        value: «whsec_⟨aN:32⟩»''')
T("gha-workflow-dispatch-input-default", '''on:
  workflow_dispatch:
    inputs:
      ‹access_code›:
        default: "«⟨dig:8⟩»"''')
T("goreleaser-env-github-token", '''env:
  - GITHUB_TOKEN=«ghp_⟨aN:36⟩»
‹project_name›: farmctl''')
T("buildkite-step-command-bearer", '''steps:
  - label: ":package: ‹sync printful›"
    command: "curl -fsS -H 'Authorization: Bearer «⟨aN:40⟩»' https://api.printful.com/sync/products"''')
T("ci-sentry-cli-auth-token-hex", '''  - sentry-cli --auth-token «⟨hex:64⟩» releases new ‹farm-ui@1.⟨num:0-9⟩.⟨num:0-9⟩›''')
T("gha-codecov-with-token", '''      - uses: codecov/codecov-action@v4
        with:
          token: «⟨uuid⟩»
          ‹flags: firmware›''')
T("nomad-job-env-stanza", '''      env {
        ‹OBICO_SERVER› = "https://obico.⟨dom⟩"
        OBICO_AUTH_TOKEN = "«⟨hex:32⟩»"
      }''')
T("ci-printf-docker-secret-create", '''  - printf '«⟨pw:any⟩»' | docker secret create ‹mqtt_pw› -''')
T("ci-echo-arduino-secrets-header", '''      - run: echo '#define SECRET_PASS "«⟨pw:any⟩»"' >> ‹door/arduino_secrets.h›''')
T("render-deploy-hook-url-key", '''deploy_hook: https://api.render.com/deploy/‹srv-⟨an:20⟩›?key=«⟨aN:11⟩»''')
T("ci-yaml-anchor-creds-block", '''.creds: ‹&creds›
  MQTT_USER: farm
  MQTT_PASS: «⟨pw:any⟩»''')
T("gitlab-job-log-curl-private-token", '''$ curl -v --header "PRIVATE-TOKEN: $RELEASE_TOKEN" "https://‹gitlab.⟨dom⟩›/api/v4/projects/⟨num:10-999⟩/releases"
> PRIVATE-TOKEN: «glpat-⟨b64u:20⟩»''')
T("azure-pipelines-pwsh-securestring", '''  - pwsh: |
      $pass = ConvertTo-SecureString '«⟨pw:any⟩»' -AsPlainText -Force
      New-PSDrive -Name H -PSProvider FileSystem -Root ‹\\\\fs01\\hot› -Credential (New-Object PSCredential('PRINTSHOP\\ci', $pass))''')
T("gha-ftp-deploy-action-password", '''      - uses: SamKirkland/FTP-Deploy-Action@v4.3.5
        with:
          server: ‹ftp.⟨dom⟩›
          username: deploy
          password: «⟨pw:any⟩»''')
T("ci-sshpass-env-rsync-deploy", '''  - SSHPASS=«⟨upw:18⟩» sshpass -e rsync -az dist/ deploy@‹⟨host⟩›:/var/www/w2p/''')
T("gha-log-ntfy-token-unmasked", '''⟨t=ghats⟩ Run ./notify.sh
⟨=t⟩ posting to https://‹ntfy.⟨dom⟩›/deploys with token «tk_⟨an:29⟩»''')
T("docker-compose-override-env-file-inline", '''# docker-compose.override.yml (prod)
services:
  octofarm:
    environment:
      - MONGO=mongodb://octofarm:«⟨upw:20⟩»@mongo:27017/octofarm
      - ‹OCTOFARM_PORT›=4000''')


_BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
_K["bech"] = lambda a: _s(_BECH, _len(a, 58))
_K["age"] = lambda a: "AGE-SECRET-KEY-1" + _s(_BECH.upper(), 58)
_K["fcm"] = lambda a: "AAAA" + _s(_B64U, 7) + ":APA91b" + _s(_B64U, 134)

# ---------------------------------------------------------------- vendor-token
G("vendor-token")
T("vendor-github-classic-pat", '''rotated the farm bot PAT, new one: «ghp_⟨aN:36⟩» (‹scope: repo›)''')
T("vendor-github-fine-grained-pat", '''GH_TOKEN=«github_pat_11⟨AN:22⟩_⟨aN:59⟩»  # ‹read-only on klipper-configs›''')
T("vendor-github-oauth-gho", '''"oauth_token": "«gho_⟨aN:36⟩»", "user": "‹⟨user⟩›"''')
T("vendor-github-app-installation-ghs", '''installation token (1h): «ghs_⟨aN:36⟩» for ‹⟨al:6⟩/print-queue›''')
T("vendor-github-refresh-ghr", '''refresh_token=«ghr_⟨aN:76⟩»&‹grant_type=refresh_token›''')
T("vendor-gitlab-runner-glrt", '''gitlab-runner register --url https://‹gitlab.⟨dom⟩› --token «glrt-⟨b64u:20⟩»''')
T("vendor-gitlab-pipeline-trigger-glptt", '''curl -X POST -F token=«glptt-⟨hex:40⟩» -F ref=main https://‹gitlab.⟨dom⟩›/api/v4/projects/⟨num:10-999⟩/trigger/pipeline''')
T("vendor-slack-bot-xoxb", '''SLACK_BOT_TOKEN «xoxb-⟨dig:11⟩-⟨dig:13⟩-⟨aN:24⟩» -> ‹#print-farm›''')
T("vendor-slack-user-xoxp", '''legacy user token «xoxp-⟨dig:11⟩-⟨dig:11⟩-⟨dig:13⟩-⟨hex:32⟩» (owner ‹⟨first⟩›)''')
T("vendor-slack-app-level-xapp", '''socket mode: «xapp-1-A⟨AN:10⟩-⟨dig:13⟩-⟨hex:64⟩» ‹connections:write›''')
T("vendor-stripe-restricted-rk-live", '''restricted key for the ‹label printer service›: «rk_live_51⟨aN:97⟩»''')
T("vendor-stripe-webhook-whsec", '''endpoint ‹we_⟨aN:24⟩› signing secret «whsec_⟨aN:32⟩»''')
T("vendor-stripe-secret-test-key", '''sk for ‹staging shop›: «sk_test_51⟨aN:97⟩»''')
T("vendor-shopify-private-app-shppa", '''legacy private app password «shppa_⟨hex:32⟩» for ‹⟨al:8⟩.myshopify.com›''')
T("vendor-shopify-admin-shpat-bare", '''«shpat_⟨hex:32⟩»  ‹<- admin api, custom app "label-sync"›''')
T("vendor-aws-secret-access-key-pair", '''aws_access_key_id = AKIA⟨AN:16⟩
aws_secret_access_key = «⟨b64:40⟩»
‹region = eu-central-1›''')
T("vendor-google-api-key-aiza", '''maps key for the ‹pickup page›: «AIza⟨b64u:35⟩»''')
T("vendor-google-oauth-client-secret-gocspx", '''{"web":{"client_id":"‹⟨dig:12⟩-⟨an:32⟩.apps.googleusercontent.com›","client_secret":"«GOCSPX-⟨b64u:28⟩»"}}''')
T("vendor-openai-project-key", '''OPENAI_API_KEY=«sk-proj-⟨b64u:74⟩T3BlbkFJ⟨b64u:74⟩»  # ‹listing copywriter›''')
T("vendor-anthropic-api-key", '''ANTHROPIC_API_KEY=«sk-ant-api03-⟨b64u:93⟩AA»  # ‹support-bot›''')
T("vendor-huggingface-hf", '''hf token for the ‹defect classifier›: «hf_⟨aN:34⟩»''')
T("vendor-npm-granular-token", '''//registry.npmjs.org/:_authToken=«npm_⟨aN:36⟩» ‹# publish @farm/moonraker-client›''')
T("vendor-pypi-api-token", '''TWINE_PASSWORD=«pypi-AgEIcHlwaS5vcmcCJ⟨b64u:150⟩» ‹TWINE_USERNAME=__token__›''')
T("vendor-dockerhub-pat", '''docker hub token ‹(read/write, farm-ci)›: «dckr_pat_⟨b64u:27⟩»''')
T("vendor-sendgrid-api-key", '''SENDGRID_API_KEY=«SG.⟨b64u:22⟩.⟨b64u:43⟩» ‹from=shop@⟨dom⟩›''')
T("vendor-mailgun-legacy-key", '''api: «key-⟨hex:32⟩» domain ‹mg.⟨dom⟩›''')
T("vendor-postmark-server-token-header", '''X-Postmark-Server-Token: «⟨uuid⟩»
‹From: orders@⟨dom⟩›''')
T("vendor-twilio-auth-token-with-sid", '''Account SID ‹AC⟨hex:32⟩›  Auth Token «⟨hex:32⟩»''')
T("vendor-twilio-api-key-secret", '''TWILIO_API_KEY=SK⟨hex:32⟩ TWILIO_API_SECRET=«⟨aN:32⟩» ‹sms pickup alerts›''')
T("vendor-telegram-bot-token-bare", '''BotFather: Use this token to access the HTTP API: «⟨tg⟩»  ‹@⟨al:8⟩_farm_bot›''')
T("vendor-discord-bot-token-bare", '''discord bot ‹PrintQueue#⟨dig:4⟩› token: «⟨discbot⟩»''')
T("vendor-slack-webhook-url-bare", '''https://hooks.slack.com/services/‹T⟨AN:10⟩›/B⟨AN:10⟩/«⟨aN:24⟩»''')
T("vendor-pushover-user-app-pair", '''pushover app: «a⟨an:29⟩» user: ‹u⟨an:29⟩›''')
T("vendor-ntfy-access-token", '''ntfy token add ‹farm-ci› -> «tk_⟨an:29⟩»''')
T("vendor-gotify-client-token", '''gotify client token «C⟨aN:5⟩.⟨aN:8⟩» (‹android phone›)''')
T("vendor-home-assistant-llat-bare", '''HA_TOKEN=«⟨jwt:ha⟩» ‹HA_URL=http://homeassistant.local:8123›''')
T("vendor-tailscale-api-key", '''TS_API_KEY=«tskey-api-k⟨aN:10⟩CNTRL-⟨aN:30⟩» ‹tailnet ⟨al:6⟩.ts.net›''')
T("vendor-ngrok-api-key", '''NGROK_API_KEY=«2⟨aN:26⟩_⟨aN:21⟩» ‹(edge management)›''')
T("vendor-cloudflare-api-token-bare", '''cf token (‹Zone.DNS edit, ⟨dom⟩›): «⟨b64u:40⟩»''')
T("vendor-digitalocean-dop-v1", '''DIGITALOCEAN_TOKEN=«dop_v1_⟨hex:64⟩» ‹# droplet for obico›''')
T("vendor-hetzner-cloud-token", '''hcloud context create ‹printfarm› then paste token: «⟨aN:64⟩»''')
T("vendor-netlify-nfp-token", '''NETLIFY_AUTH_TOKEN=«nfp_⟨aN:36⟩» ‹site: ⟨al:6⟩-shop›''')
T("vendor-vercel-token-bare", '''VERCEL_TOKEN=«⟨aN:24⟩» ‹VERCEL_ORG_ID=team_⟨aN:24⟩›''')
T("vendor-sentry-user-auth-sntryu", '''SENTRY_AUTH_TOKEN=«sntryu_⟨hex:64⟩» ‹org: ⟨al:6⟩›''')
T("vendor-grafana-service-account-glsa", '''grafana SA ‹farm-dashboards›: «glsa_⟨aN:32⟩_⟨hex:8⟩»''')
T("vendor-grafana-cloud-glc", '''GRAFANA_CLOUD_TOKEN=«glc_eyJ⟨b64u:140⟩» ‹stack ⟨al:6⟩.grafana.net›''')
T("vendor-influxdb-all-access-token", '''INFLUX_TOKEN=«⟨b64b:64⟩» ‹INFLUX_ORG=farm›''')
T("vendor-adafruit-io-aio-key", '''AIO key for ‹⟨user⟩›: «aio_⟨aN:28⟩»''')
T("vendor-blynk-auth-token-bare", '''Blynk device ‹Filament Dryer #⟨num:1-9⟩› auth token: «⟨b64u:32⟩»''')
T("vendor-thingspeak-write-key", '''ThingSpeak channel ‹⟨num:1000000-2999999⟩› write key «⟨AN:16⟩»''')
T("vendor-particle-access-token", '''PARTICLE_TOKEN=«⟨hex:40⟩» ‹device: scale-⟨num:1-9⟩›''')
T("vendor-balena-api-key", '''balena api key ‹(CI, fleet printfarm-kiosk)›: «⟨aN:32⟩»''')
T("vendor-backblaze-b2-application-key", '''‹B2_APPLICATION_KEY_ID›=00⟨hex:10⟩0000000003
B2_APPLICATION_KEY=«K00⟨b64:28⟩»''')
T("vendor-mollie-test-key", '''mollie test key for ‹staging.⟨dom⟩›: «test_⟨aN:30⟩»''')
T("vendor-square-access-token-eaaa", '''SQUARE_ACCESS_TOKEN=«EAAA⟨b64u:60⟩» ‹SQUARE_LOCATION_ID=L⟨AN:12⟩›''')
T("vendor-paypal-client-secret", '''PAYPAL_CLIENT_ID=‹A⟨b64u:79⟩›
PAYPAL_CLIENT_SECRET=«E⟨b64u:79⟩»''')
T("vendor-sumup-secret-key", '''SumUp ‹pop-up market reader›: «sup_sk_⟨aN:32⟩»''')
T("vendor-easypost-production-key", '''EASYPOST_API_KEY=«EZAK⟨hex:54⟩» ‹carrier: DHL Express›''')
T("vendor-shippo-live-token", '''Authorization: ShippoToken «shippo_live_⟨hex:40⟩»
‹Shippo-API-Version: 2018-02-08›''')
T("vendor-sendcloud-public-secret-pair", '''‹sendcloud› public ⟨hex:32⟩ / secret «⟨hex:32⟩»''')
T("vendor-packeta-api-password-bare", '''Packeta apiPassword «⟨hex:32⟩» (‹sender ⟨org⟩›)''')
T("vendor-dhl-api-key-header", '''DHL-API-Key: «⟨aN:32⟩»
‹Accept: application/json›''')
T("vendor-printful-private-token", '''printful private token (‹store ⟨num:1000000-9999999⟩›): «⟨aN:40⟩»''')
T("vendor-printify-personal-access-token", '''PRINTIFY_TOKEN=«⟨jwt⟩» ‹shop_id=⟨num:1000000-9999999⟩›''')
T("vendor-gelato-api-key-triple-uuid", '''X-API-KEY: «⟨uuid⟩-⟨uuid⟩:⟨uuid⟩»  ‹# gelato prod›''')
T("vendor-woocommerce-consumer-secret", '''consumer_key=ck_⟨hex:40⟩&consumer_secret=«cs_⟨hex:40⟩»&‹per_page=50›''')
T("vendor-octoprint-global-key-bare", '''OctoPrint ‹Settings > API› global key: «⟨HEX:32⟩»''')
T("vendor-moonraker-api-key-bare", '''moonraker [authorization] api key on ‹⟨host⟩›: «⟨hex:32⟩»''')
T("vendor-bambu-lan-access-code-bare", '''‹⟨serial⟩› / «⟨dig:8⟩»''')
T("vendor-obico-auth-token-bare", '''obico printer ‹⟨pick:Voron|Ender|MK3S|K1⟩ ⟨num:1-9⟩› auth_token=«⟨hex:32⟩»''')
T("vendor-printnode-api-key-bare", '''PrintNode API key (‹account ⟨num:10000-99999⟩›): «⟨b64u:43⟩»''')
T("vendor-hp-printos-key-secret", '''‹PrintOS Site Flow› key ⟨hex:24⟩ secret «⟨aN:40⟩»''')
T("vendor-brevo-xkeysib", '''BREVO_API_KEY=«xkeysib-⟨hex:64⟩-⟨aN:16⟩» ‹newsletter: makerspace-news›''')
T("vendor-mailchimp-api-key-dc", '''mailchimp: «⟨hex:32⟩-us⟨num:1-21⟩» ‹list "Open Day ⟨num:2024-2026⟩"›''')
T("vendor-airtable-pat", '''AIRTABLE_PAT=«pat⟨aN:14⟩.⟨hex:64⟩» ‹base app⟨aN:14⟩›''')
T("vendor-notion-ntn-token", '''notion integration ‹"Tool sign-off"›: «ntn_⟨dig:11⟩⟨aN:35⟩»''')
T("vendor-linear-api-key", '''LINEAR_API_KEY=«lin_api_⟨aN:40⟩» ‹team PRINT›''')
T("vendor-trello-token-atta", '''‹trello› key ⟨hex:32⟩ token «ATTA⟨hex:64⟩⟨HEX:8⟩»''')
T("vendor-figma-personal-token", '''FIGMA_TOKEN=«figd_⟨b64u:40⟩» ‹(label templates file)›''')
T("vendor-dropbox-short-lived", '''dropbox access_token «sl.⟨b64u:135⟩» ‹expires_in 14400›''')
T("vendor-age-secret-key", '''# created: ⟨ts⟩
# ‹public key: age1⟨bech:58⟩›
«⟨age⟩»''')
T("vendor-azure-storage-account-key", '''DefaultEndpointsProtocol=https;AccountName=‹⟨al:12⟩›;AccountKey=«⟨b64b:64⟩»;EndpointSuffix=core.windows.net''')
T("vendor-fcm-legacy-server-key", '''FCM server key (‹member app›): «⟨fcm⟩»''')
T("vendor-cloudinary-url-api-secret", '''CLOUDINARY_URL=cloudinary://⟨dig:15⟩:«⟨b64u:27⟩»@‹⟨al:8⟩›''')
T("vendor-mapbox-secret-sk", '''MAPBOX_SECRET=«sk.eyJ1Ijoi⟨b64u:60⟩.⟨b64u:22⟩» ‹(delivery radius map)›''')
T("vendor-algolia-admin-key", '''ALGOLIA_APP_ID=‹⟨AN:10⟩› ALGOLIA_ADMIN_KEY=«⟨hex:32⟩»''')
T("vendor-keycloak-client-secret-bare", '''client ‹door-portal› secret: «⟨aN:32⟩»''')
T("vendor-wild-apricot-api-key", '''Wild Apricot API key ‹(account ⟨num:100000-999999⟩)›: «⟨an:30⟩»''')
T("vendor-unifi-api-key", '''UniFi ‹Access controller› API key: «⟨b64u:32⟩»''')


_PLAIN = ["M104 S%d\nM140 S60\nG28", "Druckauftrag %d fertig", "print finished on plate %d",
          "Filament runout on tool %d", "hello from the makerspace #%d", "Layer %d/412",
          "Klaar met printen, bak %d", "Tisk %d dokoncen", "job %d queued by front desk",
          "{\"event\": \"print_done\", \"plate\": %d}", "SKU PLA-BLK-%d restocked"]


def _b64text(_=""):
    return _b64.b64encode((_pick(_PLAIN) % _R.randint(1, 999)).encode()).decode()


def _pngb64(_=""):
    raw = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + (_pick(_PLAIN) % _R.randint(1, 999)).encode()
    return _b64.b64encode(raw).decode()


def _fpr(_=""):
    return " ".join(_s(_UHEX, 4) for _ in range(10))


def _certfp(_=""):
    return ":".join(_s(_UHEX, 2) for _ in range(32))


def _fl(a=""):
    lo, hi = (a or "0-250").split("-")
    return "%.3f" % _R.uniform(float(lo), float(hi))


_K.update({"b64text": _b64text, "pngb64": _pngb64, "fpr": _fpr, "certfp": _certfp, "fl": _fl})

# ---------------------------------------------------------------- BENIGN
B('''commit ⟨hex:40⟩
Author: ⟨First⟩ ⟨Last⟩ <⟨email⟩>
    printer.cfg: tune pressure advance for ⟨pick:PLA|PETG|ASA|TPU⟩''')
B('''Merge pull request #⟨num:10-900⟩ from ⟨user⟩/fix-⟨pick:bed-mesh|z-offset|input-shaper|macros⟩ (⟨hex:7⟩)''')
B('''Klipper version: v0.12.0-⟨num:1-400⟩-g⟨hex:8⟩''')
B('''moonraker: v0.9.3-⟨num:1-120⟩-g⟨hex:7⟩ (dirty)''')
B('''$ git rev-parse HEAD
⟨hex:40⟩''')
B('''Updating ⟨hex:7⟩..⟨hex:7⟩
Fast-forward
 printer.cfg | ⟨num:2-30⟩ ++--''')
B('''⟨hex:64⟩  ⟨pick:klipper.bin|firmware_MK4_6.1.3.bbf|octopi-1.0.0.img.xz|door_controller.ino.bin|mainsailos.img.xz⟩''')
B('''MD5 (⟨pick:benchy|gear|bracket|clip|hinge⟩_v⟨num:1-9⟩.stl) = ⟨hex:32⟩''')
B('''sha1: ⟨hex:40⟩  file: ⟨pick:plate|part|cube|vase⟩_⟨num:1-99⟩.gcode''')
B('''CRC32 of ⟨pick:firmware.bin|nvs.bin|spiffs.bin⟩: 0x⟨HEX:8⟩''')
B('''"hash": "⟨hex:40⟩", "display": "⟨pick:Benchy|Voron_cube|calibration|spool_holder⟩_⟨num:1-99⟩.gcode"''')
B('''"integrity": "sha512-⟨b64b:64⟩"''')
B('''github.com/eclipse/paho.mqtt.golang v1.4.⟨num:0-3⟩ h1:⟨b64b:32⟩''')
B('''ghcr.io/⟨al:6⟩/moonraker:v0.9.⟨num:0-3⟩@sha256:⟨hex:64⟩''')
B('''octoprint==1.10.⟨num:0-3⟩ --hash=sha256:⟨hex:64⟩''')
B('''"job_id": "⟨HEX:6⟩", "filename": "⟨pick:benchy|cube|spool|clip⟩.gcode", "status": "completed"''')
B('''print job ⟨uuid⟩ finished in ⟨num:1-14⟩h⟨num:10-59⟩m on ⟨host⟩''')
B('''traceparent: 00-⟨hex:32⟩-⟨hex:16⟩-01''')
B('''X-Request-Id: ⟨uuid⟩''')
B('''Sentry event ⟨hex:32⟩ captured for farm-dashboard@1.⟨num:0-9⟩.⟨num:0-9⟩''')
B('''https://connect.prusa3d.com/printer/⟨uuid⟩/dashboard''')
B('''gid://shopify/Order/⟨num:5000000000000-5999999999999⟩''')
B('''receipt_id: ⟨num:1000000000-3999999999⟩  listing_id: ⟨num:100000000-1999999999⟩''')
B('''https://www.thingiverse.com/thing:⟨num:100000-6900000⟩/files''')
B('''https://www.printables.com/model/⟨num:10000-1200000⟩-⟨pick:voron-stealthburner|filament-clip|cable-chain|spool-holder⟩''')
B('''https://makerworld.com/en/models/⟨num:10000-900000⟩#profileId-⟨num:10000-900000⟩''')
B('''Serial: ⟨serial⟩  Firmware: 01.0⟨num:4-9⟩.0⟨num:0-2⟩.00  AMS: 00.00.06.⟨num:10-49⟩''')
B('''serial: /dev/serial/by-id/usb-Klipper_stm32f446xx_⟨HEX:24⟩-if00''')
B('''canbus_uuid: ⟨hex:12⟩''')
B('''ESP32 chip ID: ⟨HEX:12⟩, MAC ⟨mac⟩''')
B('''door[⟨num:100-999⟩]: badge ****⟨HEX:4⟩ member #⟨num:1000-1999⟩ -> GRANTED (⟨pick:front door|wood shop|laser room⟩)''')
B('''"tray_uuid": "⟨HEX:32⟩", "tray_type": "⟨pick:PLA|PETG|ABS|PLA-S⟩", "tray_color": "⟨HEX:8⟩"''')
B('''"tag_uid": "⟨HEX:16⟩", "remain": ⟨num:0-100⟩''')
B('''spool #⟨num:1-400⟩ lot_nr ⟨AN:8⟩ (⟨pick:Prusament|Polymaker|eSun|Bambu⟩ ⟨pick:PLA|PETG|ASA⟩)''')
B('''Tracking: 1Z⟨AN:6⟩⟨dig:10⟩ (UPS Standard)''')
B('''DHL Sendungsnummer JJD⟨dig:18⟩''')
B('''PostNL track & trace 3S⟨AN:4⟩⟨dig:9⟩''')
B('''Zásilkovna: zásilka Z ⟨dig:10⟩ je připravena k vyzvednutí''')
B('''EAN 40⟨dig:11⟩ - ⟨pick:Filament PLA 1kg schwarz|Druckbett PEI 235x235|Duese 0.4 mm⟩''')
B('''Rechnung RE-⟨num:2023-2026⟩-⟨num:10000-99999⟩ vom ⟨date⟩''')
B('''Factuur F⟨num:2023-2026⟩⟨num:1000-9999⟩ - 500x visitekaartjes 350g mat''')
B('''PRINT-⟨num:100-2000⟩: banner 3x1m eyelets every 50cm, proof approved''')
B('''Output intent: ISOcoated_v2_300_eci.icc, job ⟨num:24000-26999⟩''')
B('''C⟨num:0-100⟩ M⟨num:0-100⟩ Y⟨num:0-100⟩ K⟨num:0-100⟩ (Pantone ⟨num:100-7700⟩ C approx.)''')
B('''Auftrag ⟨num:24000-26999⟩ / 5000x Flyer A5 4/4 135g Bilderdruck matt''')
B('''<JDF ID="n_⟨hex:8⟩" JobID="⟨num:10000-99999⟩" Type="Product" Version="1.4">''')
B('''ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI⟨b64:43⟩ ⟨user⟩@⟨host⟩''')
B('''ED25519 key fingerprint is SHA256:⟨b64:43⟩.''')
B('''256 SHA256:⟨b64:43⟩ pi@⟨host⟩ (ED25519)''')
B('''Key fingerprint = ⟨fpr⟩''')
B('''[Peer]
PublicKey = ⟨b64b:32⟩
AllowedIPs = 10.8.0.⟨num:2-250⟩/32''')
B('''# public key: age1⟨bech:58⟩''')
B('''-----BEGIN PUBLIC KEY-----
⟨pem:294⟩
-----END PUBLIC KEY-----''')
B('''-----BEGIN CERTIFICATE-----
⟨pem:700⟩
-----END CERTIFICATE-----''')
B('''SHA-256 fingerprint: ⟨certfp⟩''')
B('''subject=CN = ⟨serial⟩, O = BBL Technologies Co., Ltd''')
B('''client_id=⟨dig:12⟩-⟨an:32⟩.apps.googleusercontent.com''')
B('''https://⟨al:8⟩.myshopify.com/admin/oauth/authorize?client_id=⟨hex:32⟩&scope=write_orders&redirect_uri=https://app.⟨dom⟩/auth/callback''')
B('''https://www.etsy.com/oauth/connect?response_type=code&client_id=⟨an:24⟩&code_challenge=⟨b64u:43⟩&code_challenge_method=S256&state=⟨an:10⟩''')
B('''X-Api-Key: <your-api-key>''')
B('''OCTOPRINT_API_KEY=${OCTOPRINT_API_KEY}''')
B('''password: {secrets.mqtt_credentials.password}''')
B('''wifi_password: !secret wifi_password''')
B('''token: ${{ secrets.MOONRAKER_TOKEN }}''')
B('''python farm_status.py --code $env:BAMBU_ACCESS_CODE --printer ⟨serial⟩''')
B('''curl -u maker:%PRUSALINK_PASSWORD% http://⟨lip⟩/api/v1/status''')
B('''api_key: "YOUR_API_KEY_HERE"   # get one at Settings > Application Keys''')
B('''password = changeme  # template only, the real value is injected from Vault at deploy''')
B('''const char* password = "********";  // set in arduino_secrets.h''')
B('''network={
    ssid="<SSID>"
    psk="<PSK>"
}''')
B('''Authorization: Bearer <token>''')
B('''url: tgram://{bot_token}/{chat_id}''')
B('''mqtt://user:pass@host:1883 is just the format from the docs, use your own values''')
B('''upload_flags = --auth=$OTA_PASSWORD''')
B('''mosquitto_sub -h ⟨lip⟩ -p 8883 -u bblp -P "$BAMBU_CODE" -t "device/⟨serial⟩/report"''')
B('''docker run --env-file .env.⟨pick:prod|farm|shop⟩ ghcr.io/⟨al:6⟩/spoolman:latest''')
B('''X-Api-Key: ****************************⟨HEX:4⟩''')
B('''access_code: ********  (printer ⟨serial⟩)''')
B('''Secret key  sk_live_••••••••••••••••⟨aN:4⟩   Reveal''')
B('''token: [REDACTED]   host: ⟨host⟩''')
B('''"password": "***", "username": "⟨user⟩"''')
B('''Looking in indexes: https://⟨user⟩:****@pypi.⟨dom⟩/simple''')
B('''stripe.error.AuthenticationError: Invalid API Key provided: sk_live_********************⟨aN:4⟩''')
B('''EMAIL_HOST_PASSWORD = '********************' ''')
B('''curl -H "X-Api-Key: ***" http://⟨host⟩/api/job''')
B('''//registry.npmjs.org/:_authToken = (protected)''')

B('''$ fly secrets list
NAME             DIGEST            CREATED AT
MQTT_PASSWORD    ⟨hex:16⟩  ⟨num:2-59⟩m ago''')
B('''Data
====
password:  ⟨num:8-32⟩ bytes
username:  ⟨num:4-12⟩ bytes''')
B('''vault kv get -field=access_code secret/farm/x1c-0⟨num:1-9⟩''')
B('''op://⟨pick:Makerspace|Print Farm|Werkstatt|Drukkerij⟩/⟨pick:Bambu X1C|Fiery admin|Door controller|OctoPrint⟩/password''')
B('''aws secretsmanager get-secret-value --secret-id prod/printshop/⟨pick:pace-db|printnode|shopify|w2p-api⟩''')
B('''password_file: /run/secrets/⟨pick:mqtt_password|db_password|smtp_password⟩''')
B('''          valueFrom:
            secretKeyRef:
              name: ⟨pick:octoprint-keys|bambu-bridge|spoolman-db⟩
              key: ⟨pick:api-key|access-code|password⟩''')
B('''Ask ⟨First⟩ for the Fiery admin password, it's in the safe, not in chat.''')
B('''credentials are in Bitwarden -> collection "⟨pick:Print farm|Shop|Doors⟩" -> "⟨pick:Bambu LAN codes|Etsy API|Door PINs⟩"''')
B('''Der Zugangscode steht auf dem Display unter Einstellungen > WLAN > Nur-LAN-Modus (Drucker ⟨serial⟩).''')
B('''Het wachtwoord staat in de kluis (1Password, kluis "⟨pick:Werkplaats|Drukkerij|Balie⟩"), niet in Slack zetten.''')
B('''Heslo najdeš v KeePassu, položka "OctoPrint ⟨pick:dílna|farma|tiskárna ⟨num:1-9⟩⟩".''')
B('''パスワードは1Passwordの「⟨pick:工房|印刷|ファーム⟩」ボールトにあります。チャットには貼らないでください。''')
B('''Settings -> API -> "Global API Key" (don't paste it here, use the appkeys flow)''')
B('''Password policy: at least ⟨num:12-16⟩ characters, no reuse of the last 5, rotate printer admin passwords every ⟨num:60-180⟩ days.''')
B('''Passwörter müssen mindestens ⟨num:10-16⟩ Zeichen lang sein und gehören nicht ins Wiki, sondern in den Passwortmanager.''')
B('''Wachtwoorden minimaal ⟨num:10-16⟩ tekens, elke ⟨num:3-12⟩ maanden vervangen, nooit delen via WhatsApp.''')
B('''Hesla musí mít alespoň ⟨num:10-16⟩ znaků a mění se každých ⟨num:60-180⟩ dní; nikdy je neposílej e-mailem.''')
B('''パスワードは⟨num:10-16⟩文字以上にしてください。⟨num:3-12⟩か月ごとに変更します。''')
B('''The access code is the 8-digit number shown on the printer screen under Network; it changes when you toggle LAN-only mode on ⟨pick:X1C|P1S|A1|P1P⟩ #⟨num:1-12⟩.''')
B('''Door PINs are 6 digits and expire after ⟨num:14-90⟩ days; reset them in the admin panel, never by e-mail.''')
B('''Forgot your password? Use "Reset password" on ⟨dom⟩/login - staff will never ask for it.''')
B('''rotated the Shopify token yesterday; the new one is in the vault, old one revoked at ⟨hm⟩ (ticket PRINT-⟨num:100-999⟩)''')
B('''echo ⟨b64text⟩ | base64 -d''')
B('''data:text/plain;base64,⟨b64text⟩''')
B('''; thumbnail begin 16x16 ⟨num:200-900⟩
; ⟨pngb64⟩
; thumbnail end''')
B('''moved credentials to ~/printer_data/moonraker.secrets (chmod 600) on ⟨host⟩''')
B('''~/.octoprint/config.yaml was backed up to /mnt/nas/backup/⟨host⟩/⟨date⟩/''')
B('''C:\\Users\\⟨user⟩\\AppData\\Roaming\\BambuStudio\\BambuStudio.conf''')
B('''OctoPrint 1.10.⟨num:0-3⟩ / Python 3.11.⟨num:2-9⟩ / OctoPi 1.0.0 on ⟨host⟩''')
B('''PrusaLink 0.7.⟨num:0-3⟩, firmware 6.⟨num:0-2⟩.⟨num:0-4⟩+⟨num:1000-9999⟩''')
B('''Mainsail v2.⟨num:8-14⟩.⟨num:0-3⟩ / Fluidd v1.⟨num:28-32⟩.⟨num:0-3⟩''')
B('''ESPHome 2024.⟨num:1-12⟩.⟨num:0-5⟩ compiled door-controller in ⟨num:20-200⟩s''')
B('''G1 X⟨fl:0-250⟩ Y⟨fl:0-250⟩ E⟨fl:0-2⟩ F⟨num:600-12000⟩''')
B('''SET_PRESSURE_ADVANCE ADVANCE=0.0⟨num:10-80⟩ SMOOTH_TIME=0.040''')
B('''M117 Layer ⟨num:1-400⟩/⟨num:400-900⟩''')
B('''[tmc2209 stepper_⟨pick:x|y|z|z1⟩]
uart_pin: PC1⟨num:0-9⟩
run_current: 0.⟨num:5-9⟩''')
B('''[authorization]
trusted_clients:
    192.168.⟨num:0-99⟩.0/24
cors_domains:
    *.local
force_logins: ⟨pick:True|False⟩''')
B('''accessControl:
  autologinLocal: true
  autologinAs: ⟨user⟩
  localNetworks:
  - 127.0.0.0/8
  - 192.168.⟨num:0-99⟩.0/24''')
B('''oneshot tokens expire after 5 seconds; api_key_ttl: ⟨num:600-7200⟩''')
B('''X-Shopify-Hmac-Sha256 is computed over the raw body with the app's webhook secret - compare with hmac.compare_digest''')
B('''SKU: PLA-⟨AN:4⟩-⟨dig:4⟩-1KG-⟨AN:3⟩''')
B('''HP part no. ⟨AN:5⟩A - DesignJet ⟨pick:T650|T830|Z9+|T1700⟩ printhead''')
B('''Serial No. CN⟨dig:2⟩⟨AN:6⟩⟨dig:2⟩ (⟨pick:DesignJet T650|imagePROGRAF TM-300|SureColor P9500⟩)''')
B('''"color_hex": "⟨HEX:8⟩", "material": "⟨pick:PLA Matte|PETG HF|ASA|PLA Silk⟩"''')
B('''timelapse_⟨hex:8⟩_⟨date⟩.mp4''')
B('''/static/js/main.⟨hex:8⟩.chunk.js''')
B('''Listing: "⟨pick:Voron Stealthburner kit|Filament dry box|Benchy keychain|Spool holder⟩" - ⟨num:1-40⟩ sold, ⟨num:1-5⟩.⟨num:0-9⟩ stars''')
B('''SSID: ⟨ssid⟩ (WPA2-Personal) - password is on the sign by the door''')
B('''    Security key           : Present
    Key Content            : (hidden - run as admin with key=clear)''')
B('''if (password.length < ⟨num:8-16⟩) throw new Error("password too short");''')
B('''Login failed for user '⟨pick:mis_app|webshop|pace_ro|w2p⟩'. (Microsoft SQL Server, Error: 18456)''')
B('''smbclient: NT_STATUS_LOGON_FAILURE connecting to //fs01/⟨pick:Hotfolder|Proofs|Archive⟩''')
B('''⟨logts⟩ WARNING octoprint.server.api: 401 Unauthorized: invalid API key from ⟨lip⟩''')
B('''-----BEGIN PGP SIGNATURE-----

⟨pem:560⟩
-----END PGP SIGNATURE-----''')
B('''Caldera job 0x⟨HEX:8⟩ printed on ⟨pick:Mimaki JV150|Roland VG3|Epson S80600⟩''')
B('''ESPHome: new API encryption key generated and stored in secrets.yaml (not shown)''')
B('''"instancesDB": "moonraker", "instances": [{"hostname": "⟨host⟩", "port": 7125}]''')
B('''obico printer id ⟨num:10000-99999⟩ linked (status: online)''')
B('''0 3 * * * /usr/local/bin/backup_printer_cfg.sh --nas ⟨lip⟩ >> /var/log/cfgbackup.log 2>&1''')
B('''apikey=REDACTED&exclude=temperature''')
B('''⟨lip⟩ - - [0⟨num:1-9⟩/Mar/2025:10:15:02 +0100] "GET /api/job?apikey=[FILTERED] HTTP/1.1" 200 1341''')
B('''"access_code": "<8-digit code from the printer screen>"''')
B('''ATTENTION: do not use the example key 0123456789ABCDEF0123456789ABCDEF from the docs''')
B('''Backlog SSID1 ⟨ssid⟩; Password1 %WIFI_PASS%; WifiConfig 4''')
B('''M587 S"⟨ssid⟩" P"<wifi password>"   ; replace before running''')
B('''$ pio pkg install -l "knolleary/PubSubClient@^2.8"  # lib hash ⟨hex:12⟩''')
B('''tailscale: node ⟨host⟩ key expiry disabled, node key ends in …⟨hex:4⟩''')
B('''API rate limit: ⟨num:60-1000⟩ requests/min per key; 429 returned with Retry-After''')
B('''Discord webhook id ⟨dig:19⟩ (channel #farm-alerts) - token stored in Vault''')
B('''Telegram chat_id: -100⟨dig:10⟩''')
B('''X1C access code rotation: done ⟨date⟩ by ⟨First⟩ (new code in 1Password, not here)''')
B('''Moonraker API key regenerated via POST /access/api_key on ⟨host⟩ - updated KlipperScreen.conf from vault''')
B('''git-crypt: config/secrets.env is encrypted (GITCRYPT header), key fingerprint ⟨fpr⟩''')
B('''ENC[AES256_GCM,data:⟨b64:24⟩,iv:⟨b64b:32⟩,tag:⟨b64b:16⟩,type:str]''')
B('''$ openssl rand -hex 32 > /dev/null   # how we generate moonraker secrets (never echo the output)''')
B('''pin 0x⟨HEX:4⟩ on GPIO ⟨num:2-39⟩ - keypad row ⟨num:1-4⟩ / column ⟨num:1-4⟩''')
B('''Etsy rate limit headers: x-remaining-this-second: ⟨num:1-10⟩, x-limit-per-day: 10000''')
B('''user_id ⟨num:10000000-999999999⟩ (Etsy) = shop owner ⟨First⟩ ⟨Last⟩''')
B('''Bambu MQTT topic: device/⟨serial⟩/report  (user bblp, password = LAN access code)''')
B('''Printful store ID ⟨num:1000000-9999999⟩, template ID ⟨num:10000000-99999999⟩''')
B('''PaperCut job log: user ⟨user⟩ printed ⟨num:1-400⟩ pages on ⟨pick:Plotter_A0|Canon_C5840|Konica_C300i⟩ (cost ⟨num:0-90⟩.⟨num:10-99⟩)''')
B('''IPP attributes: printer-uuid urn:uuid:⟨uuid⟩, printer-make-and-model "HP DesignJet T⟨num:200-1700⟩"''')
B('''lpadmin -p ⟨pick:Plotter_A0|Canon_TM300|Epson_P9500⟩ -E -v ipps://⟨lip⟩/ipp/print -m everywhere''')
B('''snmpwalk -v3 -l authPriv -u monitor -a SHA -A "$SNMP_AUTH" -x AES -X "$SNMP_PRIV" ⟨lip⟩ sysDescr''')
B('''"badge": {"uid_hash": "sha256:⟨hex:64⟩", "member": ⟨num:1000-1999⟩}''')
B('''Booking #⟨num:10000-99999⟩ confirmed: ⟨pick:Laser cutter|CNC router|Prusa XL|Resin station⟩ on ⟨date⟩ ⟨hm⟩-⟨hm⟩ for ⟨First⟩''')
B('''Fabman resource ⟨num:1000-9999⟩ "⟨pick:Trotec Speedy 300|Shaper Origin|Bambu X1C⟩" requires training T-⟨num:10-99⟩''')
B('''LightBurn 1.⟨num:4-7⟩.0⟨num:0-9⟩ license: active (expires ⟨date⟩), seat ⟨num:1-3⟩/3''')
B('''GRBL 1.1h ['$' for help]  $10=⟨num:0-3⟩ $30=⟨num:1000-24000⟩ $32=1''')
B('''UGS: connected to /dev/ttyUSB0 @ 115200, firmware Grbl 1.1h, WPos: ⟨fl:0-300⟩,⟨fl:0-300⟩,⟨fl:0-50⟩''')
B('''K1C Creality OS ⟨num:1-2⟩.⟨num:0-3⟩.⟨num:0-9⟩.⟨num:1-30⟩ - root login over SSH enabled (password set during onboarding)''')
B('''wpa_supplicant: wlan0: WPA: Key negotiation completed with ⟨mac⟩ [PTK=CCMP GTK=CCMP]''')
B('''mosquitto[⟨num:400-900⟩]: New client connected from ⟨lip⟩:⟨num:40000-60000⟩ as enclosure-⟨hex:4⟩ (p2, c1, k60, u'farm').''')
B('''⟨logts⟩ INFO moonraker: Loading secrets file /home/pi/printer_data/moonraker.secrets (⟨num:2-12⟩ keys)''')
B('''WARNING! Your password will be stored unencrypted in /home/ci/.docker/config.json.''')
B('''Login Succeeded (credentials from credential helper "pass")''')
B('''The token must have the repo and workflow scopes; classic tokens start with ghp_ and are 40 characters long.''')
B('''Shopify Admin API tokens start with shpat_ followed by 32 hex characters - store it in SHOPIFY_ADMIN_TOKEN.''')
B('''OctoPrint API keys are 32 uppercase hex characters; Moonraker keys are 32 lowercase hex.''')
B('''Bambu LAN access codes are 8 characters; PrusaLink generates a 15 character password for user "maker".''')
B('''jwt header: {"alg":"HS256","typ":"JWT"} - payload claims: sub, iat, exp (no signature shown)''')
B('''Etsy keystring rotation scheduled for ⟨date⟩ - see runbook RB-⟨num:10-99⟩''')
B('''Duet: M551 sets the web password - we keep the default empty one off the network and rely on VLAN ⟨num:10-99⟩''')
B('''hash of the old key for the audit log: sha256:⟨hex:64⟩''')
B('''uuid v4 regex: [0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}''')
B('''Thingiverse thing ⟨num:100000-6900000⟩ license: CC BY-NC-SA 4.0, remix of thing:⟨num:100000-6900000⟩''')
B('''Bambu Studio 1.⟨num:8-10⟩.⟨num:0-3⟩.⟨num:50-99⟩ - print sent via LAN to ⟨serial⟩ (plate ⟨num:1-9⟩)''')
B('''プリンター ⟨serial⟩ の印刷が完了しました（所要時間 ⟨num:1-9⟩時間⟨num:1-59⟩分）''')
B('''Druck auf ⟨host⟩ abgeschlossen, Filamentverbrauch ⟨fl:1-300⟩ g''')
B('''Print op ⟨host⟩ voltooid, laag ⟨num:100-900⟩ van ⟨num:900-1200⟩''')
B('''Tisk na ⟨host⟩ dokončen, spotřeba filamentu ⟨fl:1-300⟩ g''')


# ---------------------------------------------------------------- build
_ORDER = ["command", "tool-output", "config-file", "source-code",
          "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 187
_N_BENIGN = 950


def _build_secrets():
    out = []
    for g in _ORDER:
        tpls = _TPL.get(g, [])
        base, extra = divmod(_PER_GROUP, len(tpls))
        idx = list(range(len(tpls)))
        _R.shuffle(idx)
        bonus = set(idx[:extra])
        for i, (fmt, t) in enumerate(tpls):
            for _ in range(base + (1 if i in bonus else 0)):
                text, s, v = _make(t)
                out.append((g, fmt, text, s, v))
    return out


def _build_benign(secrets):
    long_secrets = [e[3] for e in secrets if len(e[3]) >= 8]
    out, seen = [], set()
    for _ in range(60):
        for t in _BEN:
            if len(out) >= _N_BENIGN:
                return out
            b = _strip(_fill(t))
            if b in seen or any(s in b for s in long_secrets):
                continue
            seen.add(b)
            out.append(b)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)
