"""Blind hold-out corpus #93 for a secret-redaction engine.

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
Automotive retail, car rental, ride-hailing and fleet telematics: dealer
management systems (CDK, Reynolds, Dealertrack), vehicle data APIs
(Smartcar, High Mobility, OEM connected-car APIs, Tesla Fleet API),
telematics and fleet platforms (Geotab, Samsara, Verizon Connect, Webfleet,
Teltonika devices and their SMS commands), OBD-II dongles, EV charging apps,
rental and car-sharing back ends (keyless lockbox codes, key-cabinet PINs),
VIN decoders, parking and toll APIs, insurance telematics, workshop
diagnostic tools; notes and chats in English, German, Italian, Czech,
Hindi, Turkish and Japanese.

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
Blind, with the engine of the session that read it, before any rule from it: recall 0.949 (1,419 of
1,496) and false positives 26 of 950 (2.7%). Tuned on since by classes (key boxes, key cabinets and
codes set in a log, Turkish and Hindi code words, a Teltonika SMS's login, OCPP's AuthorizationKey, a
header-less `| NAME | value |` row, `<credentials user=…>`, az keyvault's shown value, `user … with
password …`, a Wi-Fi's `SSID / password`, a UUID after `für`, a URL query's parameter ending at the
next one): 0.978 (1,463) and 26 (2.7%).
"""

import base64
import json
import random
import re
import string

SEED = 5581942
_R = random.Random(SEED)

L = string.ascii_lowercase
U = string.ascii_uppercase
D = string.digits
A62 = U + L + D
A36L = L + D
A36U = U + D
HX = "0123456789abcdef"
HXU = "0123456789ABCDEF"
B64 = A62 + "+/"
B64U = A62 + "-_"
VINA = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
SYM = "!#$%&*+-=?@_."


def rs(a, n):
    if isinstance(n, tuple):
        n = _R.randint(n[0], n[1])
    return "".join(_R.choice(a) for _ in range(n))


def pick(seq):
    return _R.choice(seq)


def rnd(a, b):
    return _R.randint(a, b)


def rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def b64of(bs):
    if isinstance(bs, str):
        bs = bs.encode()
    return base64.b64encode(bs).decode()


def b64u(bs):
    if isinstance(bs, str):
        bs = bs.encode()
    return base64.urlsafe_b64encode(bs).decode().rstrip("=")


def uuid4():
    h = rs(HX, 32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], pick("89ab"), h[17:20], h[20:])


def jwt(alg="RS256", iss="https://auth.example-idp.io/", siglen=256, extra=None):
    hdr = {"alg": alg, "typ": "JWT"}
    if alg.startswith("RS") or alg.startswith("ES"):
        hdr["kid"] = rs(A62 + "-_", 22)
    now = rnd(1700000000, 1760000000)
    body = {"iss": iss, "sub": uuid4(), "aud": pick(["fleet-api", "vehicle-data", "dms", "charging"]),
            "iat": now, "exp": now + pick([900, 3600, 28800])}
    if extra:
        body.update(extra)
    sig = b64u(rbytes(siglen if not alg.startswith("HS") else 32))
    return "%s.%s.%s" % (b64u(json.dumps(hdr, separators=(",", ":"))),
                         b64u(json.dumps(body, separators=(",", ":"))), sig)


RSA_PFX = bytes.fromhex("308204a40201000282010100")
EC_PFX = bytes.fromhex("30770201010420")
P8_PFX = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7")
P8EC_PFX = bytes.fromhex("308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420")
SPKI_EC_PFX = bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004")


def pem_body(nbytes, width=64, pfx=b""):
    s = b64of(pfx + rbytes(nbytes - len(pfx)))
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


def pin(lo=6, hi=8):
    n = rnd(lo, hi)
    return str(rnd(1, 9)) + rs(D, n - 1)


SYL = ["ka", "ro", "ven", "tri", "mo", "lux", "dor", "sel", "bri", "na", "tek", "vol", "za", "mi",
       "ran", "gel", "fi", "to", "bar", "lin", "ost", "ker", "pa", "dru", "vis", "hel", "nor", "quin",
       "ber", "sta", "lo", "ta", "vik", "mar", "den", "sul", "zor", "ple", "gra", "chi"]


def word():
    return "".join(pick(SYL) for _ in range(rnd(2, 3)))


FIRST = ["Hans", "Jonas", "Lena", "Katrin", "Matthias", "Sabine", "Giulia", "Marco", "Luca",
         "Francesca", "Alessandro", "Chiara", "Jan", "Petr", "Tereza", "Lucie", "Ondrej", "Jana",
         "Rahul", "Priya", "Amit", "Sunita", "Vikram", "Anjali", "Mehmet", "Ayse", "Emre", "Zeynep",
         "Burak", "Elif", "Haruto", "Yui", "Sota", "Aoi", "Kenji", "Sakura", "Tom", "Emily", "Sam",
         "Olivia", "Dan", "Grace"]
LAST = ["Weber", "Hofmann", "Brenner", "Krause", "Rossi", "Bianchi", "Ferraro", "Esposito",
        "Novak", "Svoboda", "Dvorak", "Cerny", "Sharma", "Patel", "Iyer", "Reddy", "Yilmaz",
        "Kaya", "Demir", "Celik", "Sato", "Suzuki", "Takahashi", "Tanaka", "Watanabe", "Miller",
        "Carter", "Hughes", "Brooks"]
JA_LAST = ["佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "山本", "中村", "小林", "加藤"]
HI_FIRST = ["राहुल", "प्रिया", "अमित", "सुनीता", "विक्रम", "अंजलि", "रोहन", "नेहा"]
CITY = ["München", "Stuttgart", "Leipzig", "Torino", "Milano", "Bologna", "Brno", "Praha", "Ostrava",
        "Pune", "Bengaluru", "Chennai", "İstanbul", "Ankara", "İzmir", "Nagoya", "Osaka", "Yokohama",
        "Hamburg", "Verona"]
CITY_A = ["Munich", "Stuttgart", "Leipzig", "Torino", "Milano", "Bologna", "Brno", "Praha", "Pune",
          "Chennai", "Istanbul", "Ankara", "Izmir", "Nagoya", "Osaka", "Hamburg", "Verona"]
MODEL = ["Octavia", "Golf", "Model Y", "Model 3", "Panda", "Egea", "Corolla", "Tipo", "Fabia",
         "Nexon", "Creta", "ID.4", "Yaris", "Sprinter", "Transit", "Ducato", "Prius", "Clio"]
PWWORDS = ["Autohaus", "Werkstatt", "Garage", "Motore", "Officina", "Ruota", "Kuruma", "Araba",
           "Gaadi", "Fleet", "Rental", "Tacho", "Diesel", "Benzin", "Turbo", "Kolben", "Vettura",
           "Volante", "Silnice", "Motor", "Kolo", "Direksiyon", "Teker", "Sakura", "Fuji",
           "Garaj", "Servis", "Pitstop", "Kombi", "Spider", "Targa", "Torque", "Lenkrad",
           "Tankstelle", "Strada", "Fahrzeug", "Spojka", "Brzda", "Koleso", "Sommer", "Winter",
           "Inverno", "Estate", "Natsu", "Fuyu", "Kis", "Yaz", "Zima", "Leto", "Gaddi"]
SEASONW = ["Sommer", "Winter", "Herbst", "Inverno", "Primavera", "Zima", "Leto", "Natsu", "Fuyu",
           "Kis", "Yaz", "Bahar", "Monsoon"]


def leet(w):
    return w.replace("a", "@").replace("o", "0").replace("e", "3").replace("i", "1")


def pw_human():
    k = rnd(0, 8)
    w = pick(PWWORDS)
    if k == 0:
        return w + str(rnd(2019, 2026)) + pick("!#$.*?")
    if k == 1:
        return w.lower() + str(rnd(100, 99999))
    if k == 2:
        return w + pick("_.-#") + pick(PWWORDS) + str(rnd(1, 99))
    if k == 3:
        return leet(w) + pick("#!$") + str(rnd(10, 999))
    if k == 4:
        return pick(CITY_A) + str(rnd(2019, 2026)) + pick(["", "!", "#", "$$"])
    if k == 5:
        return pick(SEASONW) + str(rnd(2019, 2026)) + pick("!?#")
    if k == 6:
        return pick(LAST) + pick("#@") + "%02d" % rnd(1, 40) + pick(["", "!", "x"])
    if k == 7:
        return pick(MODEL).replace(" ", "").replace(".", "") + rs(D, rnd(3, 4)) + pick(SYM)
    return pick(PWWORDS).lower() + pick(PWWORDS).lower() + str(rnd(1, 9))


def pw_rand(n=(12, 20)):
    s = rs(A62 + SYM, n)
    return rs(U, 1) + s + rs(D, 1)


def passphrase():
    ws = [pick(PWWORDS).lower() for _ in range(rnd(3, 4))]
    return pick("- _.").join(ws) + pick(["", "-" + str(rnd(1, 99)), str(rnd(1, 9))])


# ---------------------------------------------------------------- fields
SUBS = ["dms", "api", "portal", "fleet", "mqtt", "ocpp", "cs", "ftp", "sftp", "db01", "pg-main",
        "sql02", "intranet", "rental", "gw", "telematics", "vpn", "dealer", "parts", "ws"]
TLDS = [".de", ".it", ".cz", ".in", ".com.tr", ".co.jp", ".com", ".eu", ".io", ".net", ".internal",
        ".local", ".cloud"]
SUFX = ["-auto", "-motors", "-fleet", "-rent", "-mobility", "-cars", "", "", "-autohaus", "-oto"]


def host():
    return "%s.%s%s%s" % (pick(SUBS), word(), pick(SUFX), pick(TLDS))


def domain():
    return word() + pick(SUFX) + pick(TLDS)


def user():
    f, l = pick(FIRST), pick(LAST)
    k = rnd(0, 6)
    if k == 0:
        return (f[0] + "." + l).lower()
    if k == 1:
        return (f + l[0]).lower()
    if k == 2:
        return "svc-" + word()
    if k == 3:
        return pick(["dms_", "rci_", "ot_", "api_", "sync_"]) + word()
    if k == 4:
        return (f + "." + l).lower()
    if k == 5:
        return l.lower() + str(rnd(1, 99))
    return pick(["fleetadmin", "werkstatt", "officina", "dispatch", "rental-ops", "kiralama"]) + str(rnd(1, 9))


def email():
    return ("%s.%s@%s" % (pick(FIRST), pick(LAST), domain())).lower()


def vin():
    return pick(["WVW", "WBA", "ZFA", "TMB", "MAT", "NMT", "JTD", "5YJ", "LRW", "VF1", "SAL"]) + rs(VINA, 14)


def plate():
    k = rnd(0, 5)
    if k == 0:
        return "%s-%s %d" % (pick(["M", "S", "L", "HH", "B"]), rs(U, 2), rnd(10, 9999))
    if k == 1:
        return rs(U, 2) + rs(D, 3) + rs(U, 2)
    if k == 2:
        return "%d%s%d %s" % (rnd(1, 9), rs(U, 1), rnd(0, 9), rs(D, 4))
    if k == 3:
        return "%02d %s %d" % (rnd(1, 81), rs(U, 3), rnd(10, 999))
    if k == 4:
        return "MH %02d %s %04d" % (rnd(1, 50), rs(U, 2), rnd(1, 9999))
    return "品川 %d さ %02d-%02d" % (rnd(300, 599), rnd(10, 99), rnd(10, 99))


def ts():
    return "%d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (rnd(2023, 2025), rnd(1, 12), rnd(1, 28), rnd(0, 23),
                                                 rnd(0, 59), rnd(0, 59), rnd(0, 999))


def lts():
    return "%d-%02d-%02d %02d:%02d:%02d,%03d" % (rnd(2023, 2025), rnd(1, 12), rnd(1, 28), rnd(0, 23),
                                                rnd(0, 59), rnd(0, 59), rnd(0, 999))


def phone():
    return pick(["+49 15", "+39 3", "+420 7", "+91 9", "+90 53", "+81 90"]) + rs(D, 8)


G = {
    "host": host, "domain": domain, "user": user, "email": email, "vin": vin, "plate": plate,
    "ts": ts, "lts": lts, "phone": phone, "word": word,
    "first": lambda: pick(FIRST), "last": lambda: pick(LAST), "jalast": lambda: pick(JA_LAST),
    "hifirst": lambda: pick(HI_FIRST), "city": lambda: pick(CITY), "model": lambda: pick(MODEL),
    "ip": lambda: pick(["10.%d.%d.%d" % (rnd(0, 255), rnd(0, 255), rnd(2, 254)),
                        "192.168.%d.%d" % (rnd(0, 20), rnd(2, 254)),
                        "172.%d.%d.%d" % (rnd(16, 31), rnd(0, 255), rnd(2, 254))]),
    "pubip": lambda: pick(["203.0.113.", "198.51.100.", "192.0.2."]) + str(rnd(2, 254)),
    "port": lambda: str(pick([5027, 8883, 1883, 443, 8443, 5432, 1433, 3306, 9000, 7001])),
    "n": lambda: str(rnd(2, 999)), "pid": lambda: str(rnd(1000, 65000)),
    "line": lambda: str(rnd(12, 880)), "ver": lambda: "%d.%d.%d" % (rnd(0, 5), rnd(0, 30), rnd(0, 20)),
    "sha": lambda: rs(HX, 40), "sha7": lambda: rs(HX, 7), "uuid": uuid4, "hex8": lambda: rs(HX, 8),
    "hex16": lambda: rs(HX, 16), "hex32": lambda: rs(HX, 32),
    "region": lambda: pick(["eu-central-1", "eu-south-1", "ap-south-1", "ap-northeast-1", "us-east-1",
                            "eu-west-1"]),
    "db": lambda: word() + "_" + pick(["fleet", "rent", "logistik", "trasporti", "doprava", "filo",
                                       "kiralama", "haiso"]),
    "acct": lambda: word() + "-" + str(rnd(100, 999)),
    "dealer": lambda: pick(["DLR", "DT", "RR", "CDK", "D"]) + str(rnd(1000, 99999)),
    "cpid": lambda: pick(["CP-", "EVB-", "WB", "ABB-", "ALP-"]) + rs(A36U, rnd(5, 8)),
    "imei": lambda: pick(["35", "86"]) + rs(D, 13), "iccid": lambda: "8949" + rs(D, 15),
    "serial": lambda: rs(A36U, 10), "slug": lambda: word() + "-" + pick(["auto", "fleet", "rent",
                                                                           "mobility", "motors"]),
    "app": lambda: word() + "-" + pick(["fleet", "rental", "dms", "ev"]) + "-" + pick(["prod", "stg"]),
    "ssid": lambda: pick(["Werkstatt-", "Officina_", "Dilna-", "Servis_", "Shop-", "Garage"]) + rs(A36U, 4),
    "date": lambda: "%d-%02d-%02d" % (rnd(2023, 2025), rnd(1, 12), rnd(1, 28)),
    "time": lambda: "%02d:%02d" % (rnd(6, 22), rnd(0, 59)),
    "pw": pw_human, "pwr": pw_rand, "pp": passphrase, "pin": pin,
    "dom": lambda: pick(["AUTOHAUS", "DEALER", "CORP", "WERKSTATT", "RENT", "FLOTTE"]),
    "proj": lambda: word() + "-" + pick(["telematics", "fleet", "dms", "ev"]) + "-" + str(rnd(100, 999)),
    "acct12": lambda: rs(D, 12), "num": lambda: str(rnd(10000, 9999999)), "num18": lambda: str(rnd(10 ** 17, 10 ** 18)), "asia": lambda: "ASIA" + rs(A36U, 16), "akid": lambda: "AKIA" + rs(A36U, 16), "b64n": lambda: b64of(rbytes(18)), "k32": lambda: b64of(rbytes(32)),
}


class Ctx(dict):
    def __missing__(self, k):
        v = G[k]() if k in G else G[k.rstrip("0123456789")]()
        self[k] = v
        return v


_ALT = re.compile(r"«\?([^«»]*)»")
_FLD = re.compile(r"«(\w+)»")


def render(tpl, c):
    t = _ALT.sub(lambda m: pick(m.group(1).split("|")), tpl)
    return _FLD.sub(lambda m: c[m.group(1)], t)


# ------------------------------------------------------ secret generators
def K(prefix="", a=A62, n=32, suffix=""):
    return lambda c: prefix + rs(a, n) + suffix


def FLD(name):
    return lambda c: c[name]


PW = FLD("pw")
PWR = FLD("pwr")
PP = FLD("pp")
UUID = lambda c: uuid4()
HEX = lambda n: (lambda c: rs(HX, n))
PIN = lambda lo=6, hi=8: (lambda c: pin(lo, hi))
JWT = lambda **kw: (lambda c: jwt(**kw))
B64R = lambda n: (lambda c: b64of(rbytes(n)))
BASIC = lambda c: b64of("%s:%s" % (c["user"], c["pw"]))
AWSK = lambda c: rs(A62 + "+/", 40)
SAMSARA = lambda c: "samsara_api_" + rs(A62, 30)
TESLA_CS = lambda c: "ta-secret." + rs(A62 + "%*", 16)
GLPAT = lambda c: "glpat-" + rs(A62 + "-_", 20)
GHP = lambda c: "ghp_" + rs(A62, 36)
SLACKHOOK = lambda c: "https://hooks.slack.com/services/T%s/B%s/%s" % (rs(A36U, 10), rs(A36U, 10), rs(A62, 24))
AZCS = lambda c: rs(A62, 3) + "8Q~" + rs(A62 + "-_.~", 31)
PEMRSA = lambda c: pem_body(rnd(1190, 1194), pfx=RSA_PFX)
PEMEC = lambda c: pem_body(121, pfx=EC_PFX)

REG = []
_SEEN = set()


def T(g, fmt, tpl, sec, vis=""):
    assert fmt not in _SEEN, fmt
    assert re.match(r"^[a-z0-9]+(-[a-z0-9]+)*$", fmt), fmt
    _SEEN.add(fmt)
    REG.append((g, fmt, tpl, sec, vis))


# ================================================================ command
def C(*a, **k):
    T("command", *a, **k)


C("mygeotab-cli-password-flag", "myg login «db» --server my«n».geotab.com -u «email» -p '«S»'", PW, "«db»")
C("curl-samsara-bearer", "curl -s -H \"Authorization: Bearer «S»\" 'https://api.samsara.com/fleet/vehicles/locations?limit=«n»' | jq .data[0]", SAMSARA, "api.samsara.com")
C("curl-smartcar-basic-client-secret", "curl -s -u «uuid»:«S» -d grant_type=authorization_code -d code=«hex16» -d redirect_uri=https://«host»/cb https://auth.smartcar.com/oauth/token", UUID, "«uuid»")
C("curl-tesla-fleet-bearer-jwt", "curl -sS --header 'Authorization: Bearer «S»' 'https://fleet-api.prd.«?eu|na».vn.cloud.tesla.com/api/1/vehicles/«vin»/vehicle_data'", JWT(iss="https://auth.tesla.com/oauth2/v3/nts"), "«vin»")
C("gammu-sendsms-teltonika-login-password", "gammu-smsd-inject TEXT «phone» -text \"«?fm|admin|fleet»«n» «S» setparam 2001:«?iot.1nce.net|internet.t-d1.de|web.omnitel.it»\"", K("", A36L, 8), "«phone»")
C("psql-uri-password", "psql \"postgresql://«?dms_sync|rental_app|fleet_ro»:«S»@«host»:5432/«db»?sslmode=require\" -c '\\dt'", PWR, "«host»")
C("mysql-p-attached", "mysql -h «host» -u «user» -p«S» «?rental_core|dealer_site|keybox» -e 'select count(*) from reservations'", PW, "«user»")
C("docker-login-stdin-echo", "echo '«S»' | docker login registry.«domain» -u «user» --password-stdin", PWR, "«user»")
C("git-clone-oauth2-gitlab-token", "git clone https://oauth2:«S»@gitlab.«domain»/telematics/obd-gateway.git", GLPAT, "obd-gateway.git")
C("export-geotab-password", "export GEOTAB_DATABASE=«db» GEOTAB_USER=«email» GEOTAB_PASSWORD='«S»'", PW, "GEOTAB_PASSWORD")
C("powershell-convertto-securestring", "$pw = ConvertTo-SecureString \"«S»\" -AsPlainText -Force; $cred = New-Object System.Management.Automation.PSCredential(\"«dom»\\«user»\", $pw)", PW, "«user»")
C("windows-net-use-password-positional", "net use Z: \\\\«host»\\dms$ /user:«dom»\\«user» «S» /persistent:no", PW, "«user»")
C("cmd-set-dealertrack-password", "set DEALERTRACK_USER=«user»&& set DEALERTRACK_PASSWORD=«S»&& dt-sync.exe --dealer «dealer»", PW, "«dealer»")
C("mosquitto-pub-capital-p", "mosquitto_pub -h mqtt.«domain» -p 8883 --cafile ca.pem -u «user» -P '«S»' -t 'fleet/«imei»/cmd' -m '{\"immobilize\":false}'", PWR, "«imei»")
C("sshpass-rut-router", "sshpass -p '«S»' ssh -o StrictHostKeyChecking=no root@«ip» 'logread | grep -i gsm | tail -n 50'", PW, "root@«ip»")
C("aws-configure-set-secret-key", "aws configure set aws_secret_access_key «S» --profile «?fleet-prod|dashcam-archive|toll-export»", AWSK, "aws_secret_access_key")
C("kubectl-create-secret-from-literal", "kubectl -n connected-car create secret generic smartcar-oauth --from-literal=client_id=«uuid» --from-literal=client_secret=«S»", UUID, "smartcar-oauth")
C("httpie-x-api-key-header", "http GET https://api.«domain»/v2/decode/«vin» X-Api-Key:«S» Accept:application/json", K("", A62, 32), "«vin»")
C("wget-vin-decoder-key-query", "wget -qO- \"https://«host»/api/v3/?vin=«vin»&key=«S»&format=json\"", K("", A36U, 16), "«vin»")
C("ocpp-cli-changeconfiguration-authkey", "ocpp-cli --cs wss://«host»/ocpp send «cpid» ChangeConfiguration key=AuthorizationKey value=«S»", HEX(40), "AuthorizationKey")
C("redis-cli-a-password", "redis-cli -h «host» -p 6379 -a '«S»' --no-auth-warning --scan --pattern 'trip:*' | head", PWR, "«host»")
C("mongosh-srv-uri", "mongosh \"mongodb+srv://«?telematics|trips|dashcam»:«S»@cluster0.«word».mongodb.net/trips?retryWrites=true\"", K("", A62, 16), "mongodb.net")
C("openssl-passout-pass", "openssl pkcs12 -export -in «cpid».crt -inkey «cpid».key -out «cpid».p12 -passout pass:«S»", PWR, "«cpid».p12")
C("keytool-srcstorepass", "keytool -importkeystore -srckeystore hm-client.p12 -srcstoretype PKCS12 -srcstorepass «S» -destkeystore truststore.jks -deststorepass «S»", PW, "hm-client.p12")
C("curl-dealertrack-opentrack-basic", "curl -s -u «user»:«S» -H 'Content-Type: text/xml' -d @GetVehicleInventory.xml https://otcert.«domain»/OpenTrack/WebService.asmx", PW, "«user»")
C("htpasswd-batch-password", "sudo htpasswd -b /etc/nginx/.htpasswd-keybox «user» «S»", PW, "«user»")
C("sqlcmd-capital-p", "sqlcmd -S «host»\\DMS -U «user» -P «S» -d DealerDB -Q \"SELECT TOP 5 * FROM ROs WHERE Status='OPEN'\"", PW, "«user»")
C("lftp-user-comma-password", "lftp -u «user»,'«S»' sftp://«host» -e 'mirror --reverse ./parts_price /inbound/parts; bye'", PW, "«user»")
C("smbclient-user-percent-password", "smbclient //«host»/scans -U «dom»/«user»%«S» -c 'ls'", PW, "«user»")
C("gh-secret-set-body", "gh secret set TESLA_CLIENT_SECRET --body \"«S»\" --repo «slug»/fleet-bridge", TESLA_CS, "TESLA_CLIENT_SECRET")
C("heroku-config-set-apikey", "heroku config:set WEBFLEET_APIKEY=«S» WEBFLEET_ACCOUNT=«acct» -a «app»", UUID, "«acct»")
C("fly-secrets-set-webhook", "fly secrets set SAMSARA_WEBHOOK_SECRET=«S» -a «app»", B64R(32), "«app»")
C("npm-config-set-authtoken", "npm config set //npm.«domain»/:_authToken «S»", K("npm_", A62, 36), "npm.«domain»")
C("pip-index-url-credentials", "pip install --index-url https://«user»:«S»@pypi.«domain»/simple/ obd-toolkit==«ver»", PW, "«user»")
C("adb-am-start-extra-key", "adb -s «serial» shell am start -n com.«word».driver/.MainActivity --es fleet_api_key «S»", K("", A62, 40), "«serial»")
C("at-command-qicsgp-apn-password", "echo -e 'AT+QICSGP=1,1,\"«?m2m.fleet|iot.telematik|m2m.veicoli».apn\",\"«user»\",\"«S»\",1\\r' > /dev/ttyUSB2", PW, "«user»")
C("nmcli-wifi-password", "nmcli dev wifi connect \"«ssid»\" password \"«S»\" ifname wlan0", PW, "«ssid»")
C("wpa-passphrase-append", "wpa_passphrase \"«ssid»\" '«S»' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf", PP, "«ssid»")
C("ssh-keygen-new-passphrase", "ssh-keygen -p -P '' -N '«S»' -f ~/.ssh/id_ed25519_fleetdeploy", PP, "id_ed25519_fleetdeploy")
C("gpg-batch-passphrase", "gpg --batch --yes --pinentry-mode loopback --passphrase '«S»' -d dealer_export_«date».csv.gpg > export.csv", PP, "dealer_export_«date».csv.gpg")
C("zip-encrypt-password", "zip -P «S» -r claims_«date».zip claims/ trips/", PW, "claims_«date».zip")
C("7z-extract-password-attached", "7z x diag_logs_«vin».7z -p«S» -o./diag", PW, "diag_logs_«vin».7z")
C("vault-kv-put-literal", "vault kv put secret/fleet/webfleet account=«acct» username=«user» password='«S»'", PW, "secret/fleet/webfleet")
C("az-login-sp-password", "az login --service-principal -u «uuid» -p «S» --tenant «uuid2»", AZCS, "«uuid2»")
C("gcloud-secret-echo-pipe", "echo -n \"«S»\" | gcloud secrets versions add hm-client-secret --data-file=- --project «proj»", K("", A62 + "-_", 43), "hm-client-secret")
C("env-prefix-tesla-control", "TESLA_AUTH_TOKEN=«S» tesla-control -vin «vin» -key-file ~/.tesla/fleet.pem unlock", JWT(iss="https://auth.tesla.com/oauth2/v3/nts", siglen=256), "«vin»")
C("curl-json-login-body", "curl -X POST https://«host»/api/v1/auth/login -H 'Content-Type: application/json' -d '{\"username\":\"«user»\",\"password\":\"«S»\"}'", PW, "«user»")
C("curl-form-client-credentials", "curl https://identity.fortellis.io/oauth2/«hex16»/v1/token -d grant_type=client_credentials -d client_id=«hex32» -d client_secret=«S» -d scope=anonymous", K("", A62 + "-_", 40), "client_id=«hex32»")
C("curl-upload-ftp-url-credentials", "curl -T parts_price_«date».csv ftp://«user»:«S»@«host»/inbound/", PW, "«host»")
C("psexec-user-password", "PsExec64.exe \\\\«host» -u «dom»\\«user» -p «S» -h cmd /c \"C:\\ODIS\\bin\\sync.bat\"", PW, "«user»")
C("schtasks-rp-password", "schtasks /Create /TN \"DMS Nightly Export\" /TR \"C:\\dms\\export.exe\" /SC DAILY /ST 02:30 /RU «dom»\\«user» /RP «S»", PW, "DMS Nightly Export")
C("cmdkey-generic-pass", "cmdkey /generic:TERMSRV/«host» /user:«dom»\\«user» /pass:«S»", PW, "TERMSRV/«host»")
C("invoke-restmethod-headers-hashtable", "Invoke-RestMethod -Uri \"https://«host»/api/keys/cabinet/«serial»\" -Headers @{ \"x-api-key\" = \"«S»\" } -Method Get", K("", A62, 40), "«serial»")
C("java-system-property-password", "java -Dreynolds.rci.user=«user» -Dreynolds.rci.password=«S» -jar rci-bridge-«ver».jar --dealer «dealer»", PW, "«dealer»")
C("python-positional-dealer-user-password", "python3 sync_dealertrack.py «dealer» «user» «S» --since «date»", PW, "«dealer»")
C("node-positional-api-key", "node scripts/backfill-vin-specs.js vins_«date».txt «S»", K("", A62, 32), "vins_«date».txt")
C("pgpassword-env-pg-dump", "PGPASSWORD='«S»' pg_dump -h «host» -U «user» -Fc fleet > fleet_«date».dump", PWR, "«user»")
C("sed-replace-apikey-in-ini", "sed -i 's/^apikey=.*/apikey=«S»/' /etc/webfleet-bridge/bridge.ini", UUID, "/etc/webfleet-bridge/bridge.ini")
C("echo-append-dotenv", "echo \"SMARTCAR_CLIENT_SECRET=«S»\" >> .env.local", UUID, "SMARTCAR_CLIENT_SECRET")
C("helm-set-password", "helm upgrade --install fleet-api ./charts/fleet-api -n fleet --set secrets.geotabPassword='«S»' --set image.tag=«ver»", PW, "secrets.geotabPassword")
C("terraform-var-token", "terraform apply -var \"samsara_token=«S»\" -var env=prod", SAMSARA, "env=prod")
C("docker-run-env-secret", "docker run -d --name hm-bridge -e HM_CLIENT_ID=«uuid» -e HM_CLIENT_SECRET=«S» -p 8080:8080 «slug»/hm-bridge:«ver»", K("", A62, 48), "HM_CLIENT_ID=«uuid»")
C("ansible-extra-vars-password", "ansible-playbook -i inventories/chargers site.yml -e \"ocpp_basic_user=«cpid» ocpp_basic_pass=«S»\"", HEX(32), "«cpid»")
C("influx-write-token-flag", "influx write -b telemetry -o «slug» -t «S» --precision s @obd_«date».lp", lambda c: b64of(rbytes(64)).replace("+", "-").replace("/", "_"), "telemetry")
C("mc-alias-set-positional-keys", "mc alias set dashcam https://s3.«domain» «akid» «S»", lambda c: rs(A62, 40), "dashcam")
C("rsync-password-env", "RSYNC_PASSWORD='«S»' rsync -avz tacho_files/ rsync://«user»@«host»/ddd/", PW, "«user»")
C("snmpwalk-community", "snmpwalk -v2c -c «S» «ip» 1.3.6.1.2.1.1", lambda c: pick(["fl33t", "rut", "gw", "tlm"]) + rs(A36L, 6) + pick(["RO", "rw", "!"]), "«ip»")
C("ipmitool-capital-p", "ipmitool -I lanplus -H «ip» -U ADMIN -P '«S»' chassis power status", PWR, "«ip»")
C("curl-cookie-session", "curl -s -b 'dms_session=«S»; lang=de' https://«host»/workshop/api/ro?status=open", K("", A36L, 40), "lang=de")
C("curl-twilio-sid-token", "curl -X POST https://api.twilio.com/2010-04-01/Accounts/AC«hex32»/Messages.json --data-urlencode 'Body=  getgps' -d To=«phone» -u AC«hex32»:«S»", HEX(32), "AC«hex32»")
C("sqlplus-user-slash-password", "sqlplus «user»/«S»@//«host»:1521/DMSPRD @export_parts.sql", PW, "«user»")
C("curl-oauth2-bearer-flag", "curl --oauth2-bearer «S» https://«host»/v1/fleets/«uuid»/vehicles", K("", A62, 64), "«uuid»")
C("winrm-invoke-command-plaintext", "Invoke-Command -ComputerName «host» -Credential (New-Object PSCredential 'xentry', (ConvertTo-SecureString '«S»' -AsPlainText -Force)) -ScriptBlock { Get-Service XENTRY* }", PW, "xentry")
C("rclone-obscure-inline", "rclone copy ./dashcam :sftp,host=«host»,user=«user»,pass=«S»:/archive/«date»", K("", A62 + "-_", 32), "«user»")
C("openvpn-askpass-heredoc", "printf '«user»\\n«S»\\n' > /tmp/auth.txt && sudo openvpn --config fleet-gw.ovpn --auth-user-pass /tmp/auth.txt", PW, "fleet-gw.ovpn")
C("docker-exec-mysql-password", "docker exec -it keybox-db mysql -uroot -p'«S»' keybox -e 'select * from cabinet_users limit 5'", PWR, "keybox-db")
C("balena-env-add-fleet", "balena env add WEBFLEET_PASSWORD '«S»' --fleet «slug»/vans", PW, "WEBFLEET_PASSWORD")


# ============================================================ tool-output
def O(*a, **k):
    T("tool-output", *a, **k)


TESLA_RT = lambda c: pick(["EU_", "NA_"]) + rs(HX, 64)
O("env-grep-output", "$ env | grep -i geotab\nGEOTAB_SERVER=my«n».geotab.com\nGEOTAB_DATABASE=«db»\nGEOTAB_PASSWORD=«S»\nGEOTAB_USER=«email»", PW, "GEOTAB_SERVER=my«n».geotab.com")
O("docker-inspect-env-array", "        \"Env\": [\n            \"TZ=Europe/Berlin\",\n            \"SAMSARA_API_TOKEN=«S»\",\n            \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\"\n        ],", SAMSARA, "TZ=Europe/Berlin")
O("kubectl-jsonpath-base64-decoded", "$ kubectl -n rental get secret keybox-db -o jsonpath='{.data.password}' | base64 -d\n«S»", PWR, "keybox-db")
O("kubectl-get-secret-yaml-data", "apiVersion: v1\ndata:\n  client_id: «b64n»\n  client_secret: «S»\nkind: Secret\nmetadata:\n  name: hm-oauth\n  namespace: connected-car", lambda c: b64of(rs(A62, 40)), "hm-oauth")
O("aws-sts-assume-role-secret", "{\n    \"Credentials\": {\n        \"AccessKeyId\": \"«asia»\",\n        \"SecretAccessKey\": \"«S»\",\n        \"Expiration\": \"«ts»\"\n    }\n}", AWSK, "AccessKeyId")
O("aws-sts-session-token", "        \"SessionToken\": \"«S»\",", lambda c: "IQoJb3JpZ2luX2Vj" + rs(B64, 280) + "==", "SessionToken")
O("az-ad-sp-create-for-rbac-json", "{\n  \"appId\": \"«uuid»\",\n  \"displayName\": \"sp-fleet-telemetry\",\n  \"password\": \"«S»\",\n  \"tenant\": \"«uuid2»\"\n}", AZCS, "sp-fleet-telemetry")
O("gh-auth-token-output", "$ gh auth token\n«S»", lambda c: "gho_" + rs(A62, 36), "gh auth token")
O("terraform-output-json-sensitive", "{\n  \"samsara_token\": {\n    \"sensitive\": true,\n    \"type\": \"string\",\n    \"value\": \"«S»\"\n  }\n}", SAMSARA, "samsara_token")
O("mygeotab-authenticate-session-id", "{\"result\":{\"credentials\":{\"database\":\"«db»\",\"sessionId\":\"«S»\",\"userName\":\"«email»\"},\"path\":\"my«n».geotab.com\"},\"jsonrpc\":\"2.0\"}", K("", A62, 22), "«db»")
O("smartcar-token-response-access", "{\"access_token\":\"«S»\",\"token_type\":\"Bearer\",\"expires_in\":7200,\"refresh_token\":\"<redacted>\",\"refresh_expiration\":\"«ts»\"}", UUID, "token_type")
O("smartcar-token-response-refresh", "{\"access_token\":\"(omitted)\",\"token_type\":\"Bearer\",\"expires_in\":7200,\"refresh_token\":\"«S»\"}", UUID, "expires_in")
O("tesla-token-response-refresh", "{\"access_token\":\"eyJ…(truncated)\",\"refresh_token\":\"«S»\",\"id_token\":\"eyJ…\",\"expires_in\":28800,\"token_type\":\"Bearer\"}", TESLA_RT, "expires_in")
O("high-mobility-token-response", "HTTP/1.1 200 OK\ncontent-type: application/json\n\n{\"access_token\":\"«S»\",\"expires_in\":3600,\"token_type\":\"bearer\",\"scope\":\"vehicle:location vehicle:odometer\"}", K("", A62 + "-_", 64), "vehicle:location")
O("docker-compose-config-env", "services:\n  webfleet-sync:\n    environment:\n      WEBFLEET_ACCOUNT: «acct»\n      WEBFLEET_PASSWORD: «S»\n      WEBFLEET_USER: «user»", PW, "WEBFLEET_ACCOUNT: «acct»")
O("cmd-set-output", "C:\\>set DMS\nDMS_HOST=«host»\nDMS_PASSWORD=«S»\nDMS_USER=«user»", PW, "DMS_HOST=«host»")
O("powershell-env-table", "Name                           Value\n----                           -----\nCDK_CLIENT_ID                  «hex32»\nCDK_CLIENT_SECRET              «S»\nCOMPUTERNAME                   WS-«serial»", K("", A62, 32), "CDK_CLIENT_ID")
O("git-config-list-remote-token", "core.bare=false\nremote.origin.url=https://x-access-token:«S»@github.com/«slug»/fleet-bridge.git\nbranch.main.remote=origin", lambda c: "ghs_" + rs(A62, 36), "github.com/«slug»/fleet-bridge.git")
O("cat-netrc-output", "$ cat ~/.netrc\nmachine «host» login «user» password «S»", PW, "«host»")
O("cat-pgpass-output", "$ cat ~/.pgpass\n«host»:5432:*:«user»:«S»\nlocalhost:5432:fleet:postgres:<ask-ops>", PWR, "«user»")
O("cat-npmrc-output", "$ cat ~/.npmrc\n@«word»:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«S»", GHP, "npm.pkg.github.com")
O("pip-config-list-index-url", "global.index-url='https://«user»:«S»@nexus.«domain»/repository/pypi/simple'", PW, "«user»")
O("curl-verbose-basic-header", "> GET /api/v2/vehicles HTTP/2\n> Host: «host»\n> authorization: Basic «S»\n> user-agent: curl/8.4.0\n> accept: */*", BASIC, "Host: «host»")
O("curl-verbose-api-key-header", "> POST /v1/trips/score HTTP/1.1\n> Host: api.«domain»\n> X-Api-Key: «S»\n> Content-Type: application/json", K("", A62, 40), "/v1/trips/score")
O("http-set-cookie-session", "< HTTP/1.1 302 Found\n< Location: /dms/home\n< Set-Cookie: DMSSESSIONID=«S»; Path=/; Secure; HttpOnly", K("", HXU, 32), "Location: /dms/home")
O("teltonika-configurator-dump-sms", "GPRS: APN=«?internet|m2m.iot» APN user=«user» APN pass=«S»\nServer: «host»:5027 TCP\nSMS login=(empty) SMS password=(empty)", PW, "«host»:5027")
O("teltonika-getparam-reply", "[SMS IN «phone»] Param ID:2003 Value:«S»", lambda c: rs(A62, 10), "Param ID:2003")
O("ocpp-getconfiguration-authkey-leak", "[3,\"«uuid»\",{\"configurationKey\":[{\"key\":\"HeartbeatInterval\",\"readonly\":false,\"value\":\"300\"},{\"key\":\"AuthorizationKey\",\"readonly\":false,\"value\":\"«S»\"}]}]", HEX(40), "HeartbeatInterval")
O("ocpi-credentials-response-token", "{\"data\":{\"token\":\"«S»\",\"url\":\"https://«host»/ocpi/versions\",\"roles\":[{\"role\":\"CPO\",\"party_id\":\"«?ABC|EVX|TLK»\",\"country_code\":\"DE\"}]},\"status_code\":1000}", UUID, "https://«host»/ocpi/versions")
O("jq-config-client-secret", "$ jq .auth config/prod.json\n{\n  \"clientId\": \"«uuid»\",\n  \"clientSecret\": \"«S»\"\n}", K("", A62 + "-_", 40), "clientId")
O("sqlite-pipe-row-credentials", "sqlite> select * from integrations;\n1|webfleet|«acct»|«user»|«S»\n2|geotab|«db»|«email»|<sso>", PW, "«acct»")
O("psql-table-api-key-column", " id | provider  | api_key                          | active\n----+-----------+----------------------------------+--------\n  3 | vinaudit  | «S» | t", K("", A36U, 32), "vinaudit")
O("mysql-box-password-column", "+----+------------+------------------+\n| id | login      | pass             |\n+----+------------+------------------+\n|  7 | «user» | «S» |\n+----+------------+------------------+", PW, "«user»")
O("grep-rn-hardcoded-token", "src/fleet/settings.py:«line»:SAMSARA_TOKEN = \"«S»\"", SAMSARA, "src/fleet/settings.py")
O("rg-yaml-password-hit", "config/dealers/«dealer».yml\n«line»:  password: «S»", PW, "config/dealers/«dealer».yml")
O("bash-history-curl-basic", "  «n»  curl -u «user»:«S» https://«host»/api/reservations?date=«date»", PW, "«user»")
O("journalctl-mqtt-uri", "«?Mar|Apr|Okt» 1«?1|4|7» «time»:01 gw-«serial» obd-bridge[«pid»]: connecting to mqtts://«user»:«S»@«host»:8883", PWR, "gw-«serial»")
O("pm2-env-table-row", "│ SMARTCAR_CLIENT_ID     │ «uuid» │\n│ SMARTCAR_CLIENT_SECRET │ «S» │", UUID, "SMARTCAR_CLIENT_ID")
O("heroku-config-output", "=== «app» Config Vars\nLOG_LEVEL:         info\nTZ:                Europe/Rome\nWEBFLEET_APIKEY:   «S»", UUID, "«app» Config Vars")
O("vault-kv-get-table", "====== Data ======\nKey         Value\n---         -----\npassword    «S»\nusername    «user»", PW, "username    «user»")
O("op-item-get-output", "ID:          «hex16»\nTitle:       Reynolds RCI prod\nFields:\n  username:    «user»\n  password:    «S»", PW, "Reynolds RCI prod")
O("gcloud-secrets-access-raw", "$ gcloud secrets versions access latest --secret=enode-client-secret\n«S»", K("", A62, 40), "enode-client-secret")
O("az-keyvault-secret-show-value", "{\n  \"attributes\": {\"enabled\": true},\n  \"id\": \"https://kv-«word».vault.azure.net/secrets/dealertrack-pw/«hex32»\",\n  \"value\": \"«S»\"\n}", PW, "dealertrack-pw")
O("secretsmanager-secretstring-escaped", "\"SecretString\": \"{\\\"username\\\":\\\"«user»\\\",\\\"password\\\":\\\"«S»\\\",\\\"host\\\":\\\"«host»\\\"}\",", PWR, "SecretString")
O("kubectl-describe-pod-env", "    Environment:\n      HM_CLIENT_ID:      «uuid»\n      HM_CLIENT_SECRET:  «S»\n      LOG_LEVEL:         debug", K("", A62, 48), "LOG_LEVEL")
O("docker-logs-using-token", "hm-bridge-1  | «ts» INFO using token «S» for tenant «slug»", K("", A62 + "-_", 56), "«slug»")
O("tshark-follow-http-bearer", "GET /api/1/vehicles HTTP/1.1\\r\\nHost: «host»\\r\\nAuthorization: Bearer «S»\\r\\n", JWT(), "Host: «host»")
O("strace-write-redis-auth", "write(7, \"*2\\r\\n$4\\r\\nAUTH\\r\\n$24\\r\\n«S»\\r\\n\", 41) = 41", K("", A62, 24), "AUTH")
O("python-repl-tesla-client-secret", ">>> from app import settings\n>>> settings.TESLA_CLIENT_SECRET\n'«S»'", TESLA_CS, "settings.TESLA_CLIENT_SECRET")
O("node-repl-process-env", "> process.env.SMARTCAR_CLIENT_SECRET\n'«S»'", UUID, "process.env.SMARTCAR_CLIENT_SECRET")
O("nmcli-show-secrets-psk", "$ nmcli -s connection show «ssid» | grep psk\n802-11-wireless-security.psk:           «S»", PW, "«ssid»")
O("cat-wpa-supplicant-psk", "network={\n\tssid=\"«ssid»\"\n\tpsk=\"«S»\"\n\tkey_mgmt=WPA-PSK\n}", PP, "«ssid»")
O("logcat-sdk-init-api-key", "«date» «time»:11.204  «pid»  «pid»  D FleetSdk: init(apiKey=«S», env=PROD, vin=«vin»)", K("", A62, 36), "«vin»")
O("newman-request-body-secret", "→ POST https://«host»/oauth/token\n  grant_type=client_credentials&client_id=«hex16»&client_secret=«S»\n  200 OK ★ 312ms", K("", A62, 40), "client_id=«hex16»")
O("openssl-rsa-output-key-body", "$ openssl rsa -in dealer-sso.key\nwriting RSA key\n-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----", lambda c: pem_body(1217, pfx=P8_PFX), "dealer-sso.key")
O("cat-tesla-fleet-ec-key", "$ cat ~/.tesla/fleet-key.pem\n-----BEGIN EC PRIVATE KEY-----\n«S»\n-----END EC PRIVATE KEY-----", PEMEC, "fleet-key.pem")
O("cat-openssh-private-key", "-----BEGIN OPENSSH PRIVATE KEY-----\n«S»\n-----END OPENSSH PRIVATE KEY-----", lambda c: "b3BlbnNzaC1rZXktdjEAAAAA" + pem_body(380, 70)[24:], "OPENSSH")
O("git-diff-added-dotenv-line", "diff --git a/.env.example b/.env.example\n@@ -3,3 +3,4 @@\n GEOTAB_USER=\n+GEOTAB_PASSWORD=«S»\n GEOTAB_DATABASE=", PW, ".env.example")
O("git-log-patch-yaml-api-key", "commit «sha»\n    add vinaudit key for staging\n\n+  vinaudit:\n+    api_key: \"«S»\"", K("", A36U, 32), "add vinaudit key")
O("terraform-plan-unmasked-env", "      ~ environment {\n          ~ variables = {\n              + \"SAMSARA_TOKEN\" = \"«S»\"\n                \"STAGE\"         = \"prod\"\n            }", SAMSARA, "\"STAGE\"")
O("doppler-secrets-get-plain", "$ doppler secrets get PARKING_PARTNER_SECRET --plain\n«S»", K("", A62, 48), "PARKING_PARTNER_SECRET")
O("redis-monitor-auth-line", "17«n»3456.4«n» [0 «ip»:5«n»] \"AUTH\" \"default\" \"«S»\"", PWR, "\"default\"")
O("tcpdump-ascii-form-password", "E..@..@.@..v....POST /login HTTP/1.1\nHost: «host»\n\nusername=«user»&password=«S»&dealer=«dealer»", PW, "«dealer»")
O("ldapsearch-userpassword-b64", "dn: uid=«user»,ou=workshop,dc=«word»,dc=local\nuserPassword:: «S»", lambda c: b64of(c["pw"]), "uid=«user»")
O("netsh-wlan-key-content", "Security settings\n-----------------\n    Authentication         : WPA2-Personal\n    Key Content            : «S»", PW, "WPA2-Personal")
O("cat-chap-secrets", "# client\tserver\tsecret\tIP addresses\n\"«user»\"\t*\t\"«S»\"\t*", PW, "«user»")
O("macos-security-find-password-w", "$ security find-generic-password -s 'ISTA Login' -w\n«S»", PW, "ISTA Login")
O("soap-response-echo-password", "<GetDealerConfigResult><DealerCode>«dealer»</DealerCode><UserName>«user»</UserName><Password>«S»</Password></GetDealerConfigResult>", PW, "«dealer»")
O("python-keyring-get-output", "$ keyring get dealertrack «user»\n«S»", PW, "dealertrack «user»")
O("supabase-status-service-role-key", "        API URL: http://127.0.0.1:54321\n  anon key: (public)\nservice_role key: «S»", JWT(alg="HS256", extra={"role": "service_role"}), "API URL")
O("wrangler-kv-get-output", "$ wrangler kv key get --binding=CONFIG lockbox_master\n«S»", PIN(8, 8), "lockbox_master")
O("firebase-functions-config-get", "{\n  \"easypark\": {\n    \"partner_secret\": \"«S»\",\n    \"partner_id\": \"«n»\"\n  }\n}", K("", A62, 40), "partner_id")


# ============================================================ config-file
def CF(*a, **k):
    T("config-file", *a, **k)


CF("dotenv-samsara-token", "# fleet-sync/.env\nSAMSARA_API_TOKEN=«S»\nSAMSARA_ORG_ID=«num»", SAMSARA, "SAMSARA_ORG_ID")
CF("dotenv-double-quoted-hash-password", "DMS_HOST=«host»\nDMS_USER=«user»\nDMS_PASSWORD=\"«S»\"", lambda c: rs(A62, 5) + "#" + rs(A62, 4) + pick("!$%") + rs(D, 3), "DMS_HOST=«host»")
CF("yaml-geotab-block", "geotab:\n  server: my«n».geotab.com\n  database: «db»\n  username: «email»\n  password: «S»\n  poll_seconds: 30", PW, "«db»")
CF("yaml-smartcar-client-secret", "smartcar:\n  client_id: «uuid»\n  client_secret: «S»\n  redirect_uri: https://«host»/smartcar/callback\n  mode: live", UUID, "client_id: «uuid»")
CF("toml-webfleet-section", "[webfleet]\naccount = \"«acct»\"\nusername = \"«user»\"\npassword = \"«S»\"\napikey = \"<see vault>\"", PW, "account = \"«acct»\"")
CF("ini-reynolds-section", "[reynolds]\nendpoint=https://«host»/rci/v2\ndealer_number=«dealer»\nuser=«user»\npassword=«S»", PW, "dealer_number=«dealer»")
CF("xml-appsettings-add-key", "<appSettings>\n  <add key=\"DealertrackUser\" value=\"«user»\" />\n  <add key=\"DealertrackPassword\" value=\"«S»\" />\n</appSettings>", PW, "DealertrackUser")
CF("webconfig-connectionstring-password", "<connectionStrings>\n  <add name=\"DMS\" connectionString=\"Data Source=«host»;Initial Catalog=DealerDB;User ID=«user»;Password=«S»;Encrypt=True\" />\n</connectionStrings>", PWR, "Initial Catalog=DealerDB")
CF("java-properties-fortellis-secret", "cdk.fortellis.client-id=«hex32»\ncdk.fortellis.client-secret=«S»\ncdk.fortellis.subscription-id=«uuid»", K("", A62 + "-_", 40), "cdk.fortellis.subscription-id")
CF("spring-yaml-datasource-password", "spring:\n  datasource:\n    url: jdbc:postgresql://«host»:5432/rental\n    username: «user»\n    password: '«S»'", PWR, "jdbc:postgresql://«host»:5432/rental")
CF("appsettings-json-api-key", "{\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } },\n  \"VinDecoder\": {\n    \"BaseUrl\": \"https://«host»/api/\",\n    \"ApiKey\": \"«S»\"\n  }\n}", K("", A62, 32), "VinDecoder")
CF("compose-postgres-password", "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: rental\n      POSTGRES_PASSWORD: «S»\n      POSTGRES_DB: rental", PW, "POSTGRES_USER: rental")
CF("k8s-secret-stringdata", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: verizon-connect\ntype: Opaque\nstringData:\n  username: «user»\n  password: «S»", PW, "verizon-connect")
CF("nginx-proxy-set-header-basic", "location /dms/ {\n    proxy_pass https://«host»/;\n    proxy_set_header Authorization \"Basic «S»\";\n}", BASIC, "proxy_pass https://«host»/")
CF("pypirc-token-password", "[distutils]\nindex-servers = internal\n\n[internal]\nrepository = https://pypi.«domain»/\nusername = __token__\npassword = «S»", lambda c: "pypi-AgEIcHlwaS5vcmc" + rs(B64U, 120), "username = __token__")
CF("aws-credentials-file", "[fleet-prod]\naws_access_key_id = «akid»\naws_secret_access_key = «S»\nregion = «region»", AWSK, "[fleet-prod]")
CF("docker-config-json-auth", "{\n  \"auths\": {\n    \"registry.«domain»\": {\n      \"auth\": \"«S»\"\n    }\n  }\n}", BASIC, "registry.«domain»")
CF("netrc-multi-machine", "machine api.«domain»\n  login «user»\n  password «S»\nmachine github.com login «user2» password <keychain>", PW, "api.«domain»")
CF("openwrt-uci-mobile-password", "config interface 'mob1s1a1'\n\toption proto 'wwan'\n\toption apn '«?m2m.fleet|iot.1nce.net»'\n\toption auth 'chap'\n\toption username '«user»'\n\toption password '«S»'", PW, "mob1s1a1")
CF("openwrt-wireless-key", "config wifi-iface 'default_radio0'\n\toption ssid 'VAN-«serial»'\n\toption encryption 'psk2'\n\toption key '«S»'", PW, "VAN-«serial»")
CF("ocpp-charger-ini-basic-auth", "[ocpp]\ncentral_system_url = wss://«host»/ocpp16/«cpid»\nsecurity_profile = 2\nbasic_auth_password = «S»", HEX(32), "security_profile = 2")
CF("ocpi-env-token-a", "OCPI_PARTY_ID=«?TLK|EVX|ABC»\nOCPI_COUNTRY=DE\nOCPI_TOKEN_A=«S»\nOCPI_VERSIONS_URL=https://«host»/ocpi/versions", UUID, "OCPI_COUNTRY=DE")
CF("tfvars-samsara-token", "environment       = \"prod\"\nsamsara_api_token = \"«S»\"\nalert_email       = \"«email»\"", SAMSARA, "alert_email")
CF("ansible-group-vars-become-password", "ansible_user: «user»\nansible_become_password: «S»\nocpp_gateway_port: 9220", PW, "ocpp_gateway_port")
CF("php-array-config-password", "return [\n    'dms' => [\n        'host' => '«host»',\n        'user' => '«user»',\n        'password' => '«S»',\n    ],\n];", PW, "'host' => '«host»'")
CF("wp-config-db-password", "define( 'DB_NAME', 'haendler_site' );\ndefine( 'DB_USER', '«user»' );\ndefine( 'DB_PASSWORD', '«S»' );", PWR, "haendler_site")
CF("rails-database-yml-password", "production:\n  adapter: postgresql\n  database: carshare_production\n  username: carshare\n  password: «S»\n  host: «host»", PWR, "carshare_production")
CF("filebeat-output-password", "output.elasticsearch:\n  hosts: [\"https://«host»:9200\"]\n  username: \"filebeat_writer\"\n  password: \"«S»\"", PWR, "filebeat_writer")
CF("telegraf-influx-token", "[[outputs.influxdb_v2]]\n  urls = [\"https://«host»:8086\"]\n  token = \"«S»\"\n  organization = \"«slug»\"\n  bucket = \"can_bus\"", lambda c: b64of(rbytes(64)), "bucket = \"can_bus\"")
CF("grafana-ini-admin-password", "[security]\nadmin_user = admin\nadmin_password = «S»\nsecret_key = <generated-at-install>", PW, "admin_user = admin")
CF("mosquitto-bridge-remote-password", "connection fleet-bridge\naddress «host»:8883\nremote_username «user»\nremote_password «S»\ntopic telemetry/# out 1", PWR, "connection fleet-bridge")
CF("node-red-flow-credentials", "\"credentials\": {\n    \"«hex16»\": {\n        \"user\": \"«user»\",\n        \"password\": \"«S»\"\n    }\n}", PW, "\"user\": \"«user»\"")
CF("home-assistant-secrets-yaml", "# secrets.yaml\nwallbox_username: «email»\nwallbox_password: «S»\nlatitude_home: 4«?5|7|8».«n»", PW, "wallbox_username")
CF("dotenv-jwt-signing-secret", "NODE_ENV=production\nJWT_SECRET=«S»\nJWT_TTL=15m", K("", A62, 64), "JWT_TTL=15m")
CF("systemd-environment-line", "[Service]\nEnvironment=\"HM_CLIENT_ID=«uuid»\"\nEnvironment=\"HM_CLIENT_SECRET=«S»\"\nExecStart=/opt/hm-bridge/bin/hm-bridge", K("", A62, 48), "HM_CLIENT_ID=«uuid»")
CF("supervisor-environment-api-key", "[program:toll-export]\ncommand=/usr/bin/python3 /srv/toll/export.py\nenvironment=TOLL_API_KEY=\"«S»\",TZ=\"Europe/Prague\"", K("", A62, 32), "[program:toll-export]")
CF("pppd-peers-password", "/dev/ttyUSB3\n460800\nuser \"«user»\"\npassword \"«S»\"\nconnect \"/usr/sbin/chat -v -f /etc/chatscripts/fleet\"", PW, "/dev/ttyUSB3")
CF("ipsec-secrets-psk", "# /etc/ipsec.secrets\n«pubip» %any : PSK \"«S»\"", PWR, "«pubip»")
CF("wireguard-private-key", "[Interface]\nAddress = 10.«n».0.2/32\nPrivateKey = «S»\n\n[Peer]\nPublicKey = «k32»\nEndpoint = «pubip»:51820", lambda c: b64of(rbytes(32)), "Endpoint = «pubip»:51820")
CF("odbc-ini-password", "[DealerDB]\nDriver=ODBC Driver 18 for SQL Server\nServer=«host»,1433\nUID=«user»\nPWD=«S»", PW, "[DealerDB]")
CF("git-credentials-store", "https://«user»:«S»@bitbucket.«domain»", K("ATBB", A62, 28), "bitbucket.«domain»")
CF("maven-settings-server-password", "<server>\n  <id>dealer-nexus</id>\n  <username>«user»</username>\n  <password>«S»</password>\n</server>", PW, "dealer-nexus")
CF("gradle-properties-repo-password", "org.gradle.jvmargs=-Xmx2g\nfleetRepoUser=«user»\nfleetRepoPassword=«S»", PW, "fleetRepoUser")
CF("nuget-config-cleartextpassword", "<packageSourceCredentials>\n  <dealer-feed>\n    <add key=\"Username\" value=\"«user»\" />\n    <add key=\"ClearTextPassword\" value=\"«S»\" />\n  </dealer-feed>\n</packageSourceCredentials>", PW, "dealer-feed")
CF("composer-auth-json-http-basic", "{\n  \"http-basic\": {\n    \"repo.«domain»\": {\n      \"username\": \"«user»\",\n      \"password\": \"«S»\"\n    }\n  }\n}", PW, "repo.«domain»")
CF("yarnrc-npmauthtoken", "npmRegistryServer: \"https://npm.«domain»\"\nnpmAuthToken: \"«S»\"", K("npm_", A62, 36), "npmRegistryServer")
CF("info-plist-client-secret", "<key>SmartcarClientId</key>\n<string>«uuid»</string>\n<key>SmartcarClientSecret</key>\n<string>«S»</string>", UUID, "SmartcarClientId")
CF("android-local-properties-secret", "sdk.dir=/Users/«user»/Library/Android/sdk\ntesla.clientId=«uuid»\ntesla.clientSecret=«S»", TESLA_CS, "tesla.clientId")
CF("xml-attribute-webfleet-connector", "<connector type=\"webfleet\" account=\"«acct»\" username=\"«user»\" password=\"«S»\" lang=\"de\" />", PW, "account=\"«acct»\"")
CF("csv-key-cabinet-user-import", "badge_id;name;branch;pin\n«hex8»;«first» «last»;«city»;«S»", PIN(6, 8), "«first» «last»")
CF("json-key-cabinet-admin-pin", "{\n  \"cabinet\": \"«serial»\",\n  \"slots\": 48,\n  \"adminPin\": \"«S»\",\n  \"timezone\": \"Europe/Berlin\"\n}", PIN(6, 8), "«serial»")
CF("yaml-lockbox-master-code", "lockboxes:\n  - id: LB-«n»\n    location: «city» Hbf P2\n    master_code: \"«S»\"\n    rotate_days: 30", PIN(6, 8), "LB-«n»")
CF("yaml-invers-carsharing-api-key", "invers:\n  base_url: https://api.invers.«?example-tenant|cloudboxx-demo».com\n  fleet_id: «n»\n  api_key: «S»", K("", A62, 40), "fleet_id")
CF("yaml-parking-partner-secret", "parking:\n  provider: easypark\n  partner_id: «n»\n  partner_secret: \"«S»\"", K("", HX, 48), "provider: easypark")
CF("ini-toll-certificate-password", "[tollcollect]\ncertificate=/etc/toll/«dealer».p12\ncertificate_password=«S»\ncustomer_no=«num»", PW, "customer_no")
CF("gradle-zendrive-sdk-key", "android {\n  defaultConfig {\n    buildConfigField \"String\", \"ZENDRIVE_SDK_KEY\", '\"«S»\"'\n  }\n}", K("", A62, 32), "ZENDRIVE_SDK_KEY")
CF("ini-geko-diag-login", "[GeKo]\nUser=«user»\nPassword=«S»\nDealerNo=«dealer»", PW, "DealerNo=«dealer»")
CF("properties-ista-login", "ISTA.Login.User=«user»\nISTA.Login.Password=«S»\nISTA.Language=de-DE", PW, "ISTA.Language=de-DE")
CF("pgbouncer-userlist", "\"«user»\" \"«S»\"\n\"stats\" \"md5«hex32»\"", PWR, "\"stats\"")
CF("redis-conf-requirepass", "bind 0.0.0.0\nport 6379\nrequirepass «S»\nmaxmemory 2gb", PWR, "maxmemory 2gb")
CF("rabbitmq-conf-default-pass", "listeners.tcp.default = 5672\ndefault_user = telematics\ndefault_pass = «S»", PW, "default_user = telematics")
CF("kafka-jaas-plain-password", "KafkaClient {\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n  username=\"«user»\"\n  password=\"«S»\";\n};", PWR, "PlainLoginModule")
CF("yaml-folded-password-next-line", "verizon_connect:\n  app_id: fleetmatics-p-«?us|eu»-«hex8»\n  password: >-\n    «S»", PWR, "app_id")
CF("json-escaped-nested-config", "{\"name\":\"toll-sync\",\"config\":\"{\\\"user\\\":\\\"«user»\\\",\\\"password\\\":\\\"«S»\\\"}\"}", PW, "toll-sync")
CF("toml-inline-table-auth", "[sources.dealertrack]\nurl = \"https://«host»/OpenTrack\"\nauth = { user = \"«user»\", pass = \"«S»\" }", PW, "[sources.dealertrack]")
CF("ini-obd-dongle-wifi-ap", "[wifi]\nmode=ap\nssid=OBDII-«hex8»\npassphrase=«S»\nchannel=6", PW, "ssid=OBDII-«hex8»")
CF("env-ev-charging-app", "EXPO_PUBLIC_API_URL=https://«host»/v2\nCHARGE_BACKEND_SECRET=«S»\nSTRIPE_PUBLISHABLE_KEY=pk_test_<placeholder>", K("", A62, 40), "EXPO_PUBLIC_API_URL")
CF("yaml-tesla-fleet-telemetry-key", "tesla:\n  fleet_api_base: https://fleet-api.prd.eu.vn.cloud.tesla.com\n  partner_client_id: «uuid»\n  partner_client_secret: \"«S»\"", TESLA_CS, "partner_client_id")
CF("xml-soap-endpoint-credentials", "<endpoint name=\"RCI\" url=\"https://«host»/rci\">\n  <credentials user=\"«user»\">«S»</credentials>\n</endpoint>", PW, "name=\"RCI\"")
CF("openvpn-auth-user-pass-file", "# /etc/openvpn/fleet-auth.txt\n«user»\n«S»", PW, "/etc/openvpn/fleet-auth.txt")


# ============================================================ source-code
def SC(*a, **k):
    T("source-code", *a, **k)


SC("python-mygeotab-api-positional", "import mygeotab\n\napi = mygeotab.API(\"«email»\", \"«S»\", \"«db»\", server=\"my«n».geotab.com\")\napi.authenticate()", PW, "«db»")
SC("python-smartcar-authclient-kwargs", "client = smartcar.AuthClient(\n    client_id=\"«uuid»\",\n    client_secret=\"«S»\",\n    redirect_uri=\"https://«host»/exchange\",\n    mode=\"live\",\n)", UUID, "client_id=\"«uuid»\"")
SC("python-requests-bearer-headers", "HEADERS = {\"Authorization\": \"Bearer «S»\", \"Accept\": \"application/json\"}\nr = requests.get(f\"{BASE}/fleet/drivers\", headers=HEADERS, timeout=10)", SAMSARA, "/fleet/drivers")
SC("python-requests-auth-tuple", "resp = requests.post(url, data=xml_body, auth=(\"«user»\", \"«S»\"), timeout=30)", PW, "«user»")
SC("python-environ-get-fallback", "TOKEN = os.environ.get(\"SAMSARA_TOKEN\", \"«S»\")", SAMSARA, "SAMSARA_TOKEN")
SC("python-module-constant-apikey", "WEBFLEET_ACCOUNT = \"«acct»\"\nWEBFLEET_APIKEY = \"«S»\"  # TODO move to vault", UUID, "WEBFLEET_ACCOUNT")
SC("js-axios-x-api-key", "const api = axios.create({\n  baseURL: 'https://«host»/v1',\n  headers: { 'X-Api-Key': '«S»' },\n});", K("", A62, 40), "baseURL: 'https://«host»/v1'")
SC("js-smartcar-authclient-object", "const client = new smartcar.AuthClient({\n  clientId: '«uuid»',\n  clientSecret: '«S»',\n  redirectUri: 'https://«host»/callback',\n});", UUID, "clientId: '«uuid»'")
SC("ts-config-object-tesla-secret", "export const teslaConfig = {\n  clientId: \"«uuid»\",\n  clientSecret: \"«S»\",\n  audience: \"https://fleet-api.prd.eu.vn.cloud.tesla.com\",\n};", TESLA_CS, "teslaConfig")
SC("java-string-field-password", "private static final String RCI_USER = \"«user»\";\nprivate static final String RCI_PASSWORD = \"«S»\";", PW, "RCI_USER")
SC("java-drivermanager-positional", "Connection conn = DriverManager.getConnection(\n    \"jdbc:sqlserver://«host»:1433;databaseName=DealerDB\", \"«user»\", \"«S»\");", PW, "databaseName=DealerDB")
SC("csharp-networkcredential-positional", "var cred = new NetworkCredential(\"«user»\", \"«S»\", \"«dom»\");\nvar handler = new HttpClientHandler { Credentials = cred };", PW, "«dom»")
SC("csharp-connection-string-literal", "private const string Cs = \"Server=«host»;Database=Workshop;User Id=«user»;Password=«S»;TrustServerCertificate=true\";", PWR, "Database=Workshop")
SC("go-struct-literal-password", "cfg := geotab.Config{\n\tServer:   \"my«n».geotab.com\",\n\tDatabase: \"«db»\",\n\tUsername: \"«email»\",\n\tPassword: \"«S»\",\n}", PW, "Database: \"«db»\"")
SC("go-header-set-bearer", "req.Header.Set(\"Authorization\", \"Bearer «S»\")\nreq.Header.Set(\"Content-Type\", \"application/json\")", K("", A62, 64), "Content-Type")
SC("kotlin-const-val-api-key", "object ChargeApi {\n    const val BASE_URL = \"https://«host»/api/\"\n    const val API_KEY = \"«S»\"\n}", K("", A62, 40), "BASE_URL")
SC("swift-let-client-secret", "let highMobilityClientId = \"«uuid»\"\nlet highMobilityClientSecret = \"«S»\"", K("", A62, 48), "highMobilityClientId")
SC("php-soapclient-login-password", "$client = new SoapClient($wsdl, [\n    'login'    => '«user»',\n    'password' => '«S»',\n    'trace'    => 1,\n]);", PW, "'login'    => '«user»'")
SC("ruby-faraday-basic-auth-positional", "conn = Faraday.new(url: \"https://«host»\") do |f|\n  f.request :authorization, :basic, \"«user»\", \"«S»\"\nend", PW, "«user»")
SC("rust-let-token-literal", "let token = \"«S»\";\nlet client = reqwest::Client::new();", K("", A62, 48), "reqwest::Client")
SC("c-define-wifi-psk", "#define OBD_AP_SSID \"OBD-«hex8»\"\n#define OBD_AP_PSK  \"«S»\"", PW, "OBD_AP_SSID")
SC("arduino-mqtt-pass-const", "const char* mqtt_server = \"«host»\";\nconst char* mqtt_user = \"«user»\";\nconst char* mqtt_pass = \"«S»\";", PWR, "mqtt_server")
SC("arduino-wifi-begin-positional", "void setup() {\n  WiFi.begin(\"«ssid»\", \"«S»\");\n  while (WiFi.status() != WL_CONNECTED) delay(500);\n}", PW, "«ssid»")
SC("micropython-sta-connect", "sta = network.WLAN(network.STA_IF)\nsta.active(True)\nsta.connect('«ssid»', '«S»')", PW, "«ssid»")
SC("python-paho-username-pw-set", "client = mqtt.Client(client_id=\"«imei»\")\nclient.username_pw_set(\"«user»\", \"«S»\")\nclient.connect(\"«host»\", 8883)", PWR, "«imei»")
SC("js-mqtt-connect-options", "const client = mqtt.connect('mqtts://«host»:8883', {\n  username: '«user»',\n  password: '«S»',\n  clientId: 'dash-' + vin,\n});", PWR, "username: '«user»'")
SC("python-boto3-secret-kwarg", "s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"«akid»\",\n    aws_secret_access_key=\"«S»\",\n    region_name=\"«region»\",\n)", AWSK, "region_name=\"«region»\"")
SC("python-jwt-encode-positional-key", "token = jwt.encode({\"sub\": driver_id, \"fleet\": fleet_id}, \"«S»\", algorithm=\"HS256\")", K("", A62 + "!@#%^&*", 32), "algorithm=\"HS256\"")
SC("node-jwt-sign-positional", "const token = jwt.sign({ rid: reservation.id }, '«S»', { expiresIn: '2h' });", lambda c: pick(["rental", "keyless", "carshare"]) + "-" + rs(A62, 24), "expiresIn")
SC("python-hmac-webhook-secret", "WEBHOOK_SECRET = base64.b64decode(\"«S»\")\nexpected = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()", B64R(32), "hashlib.sha256")
SC("python-psycopg2-dsn-url", "conn = psycopg2.connect(\"postgresql://«user»:«S»@«host»:5432/telematics\")", PWR, "«host»")
SC("python-sqlalchemy-mssql-url", "engine = create_engine(\"mssql+pyodbc://«user»:«S»@«host»/DealerDB?driver=ODBC+Driver+18+for+SQL+Server\")", PW, "DealerDB")
SC("java-properties-put-password", "Properties props = new Properties();\nprops.put(\"user\", \"«user»\");\nprops.put(\"password\", \"«S»\");", PW, "props.put(\"user\"")
SC("csharp-apim-subscription-header", "client.DefaultRequestHeaders.Add(\"Ocp-Apim-Subscription-Key\", \"«S»\");", HEX(32), "Ocp-Apim-Subscription-Key")
SC("python-teltonika-sms-string", "SMS_LOGIN = \"«?fm|fleet|tlt»\"\nSMS_PASS = \"«S»\"\nmodem.send_sms(number, f\"{SMS_LOGIN} {SMS_PASS} setdigout 1?\")", K("", A36L, 8), "setdigout")
SC("python-test-fixture-creds-dict", "@pytest.fixture\ndef dms_creds():\n    return {\"username\": \"«user»\", \"password\": \"«S»\", \"dealer\": \"«dealer»\"}", PW, "«dealer»")
SC("pytest-monkeypatch-setenv", "monkeypatch.setenv(\"GEOTAB_PASSWORD\", \"«S»\")\nmonkeypatch.setenv(\"GEOTAB_DATABASE\", \"«db»\")", PW, "GEOTAB_DATABASE")
SC("js-test-process-env-assign", "beforeAll(() => {\n  process.env.WEBFLEET_PASSWORD = '«S»';\n  process.env.WEBFLEET_ACCOUNT = '«acct»';\n});", PW, "WEBFLEET_ACCOUNT")
SC("java-value-annotation-default", "@Value(\"${cdk.fortellis.secret:«S»}\")\nprivate String fortellisSecret;", K("", A62 + "-_", 40), "cdk.fortellis.secret")
SC("java-testpropertysource-inline", "@TestPropertySource(properties = {\"tesla.client-id=«uuid»\", \"tesla.client-secret=«S»\"})", TESLA_CS, "tesla.client-id=«uuid»")
SC("go-os-setenv", "os.Setenv(\"VERIZON_CONNECT_PASSWORD\", \"«S»\")", PW, "VERIZON_CONNECT_PASSWORD")
SC("python-fstring-amqp-url", "url = f\"amqps://fleet:«S»@{host}:5671/telemetry\"", PWR, "/telemetry")
SC("bash-script-variable", "#!/usr/bin/env bash\nset -euo pipefail\nDMS_USER=«user»\nDMS_PASS=\"«S»\"\nsqlcmd -S «host» -U \"$DMS_USER\" -P \"$DMS_PASS\" -i nightly.sql", PW, "DMS_USER=«user»")
SC("powershell-script-apikey", "$ApiKey = '«S»'\n$Headers = @{ Authorization = \"Token $ApiKey\" }\nInvoke-RestMethod \"https://«host»/api/v1/trips\" -Headers $Headers", K("", HX, 40), "Authorization = \"Token $ApiKey\"")
SC("vba-adodb-connection-password", "cn.Open \"Provider=SQLOLEDB;Data Source=«host»;Initial Catalog=Teile;User ID=«user»;Password=«S»;\"", PW, "Initial Catalog=Teile")
SC("sql-create-user-password", "CREATE USER rental_api WITH PASSWORD '«S»';\nGRANT SELECT, INSERT ON reservations TO rental_api;", PWR, "rental_api")
SC("sql-alter-login-password", "ALTER LOGIN dms_reader WITH PASSWORD = '«S»';", PW, "dms_reader")
SC("sql-insert-api-key-row", "INSERT INTO partner_keys (partner, api_key, created_at) VALUES ('«?parkopedia|easypark|spothero»', '«S»', now());", K("", A62, 40), "partner_keys")
SC("python-basic-header-constant", "AUTH = {\"Authorization\": \"Basic «S»\"}  # «user»", BASIC, "# «user»")
SC("csharp-const-webfleet-apikey", "internal static class WebfleetDefaults\n{\n    public const string Account = \"«acct»\";\n    public const string ApiKey = \"«S»\";\n}", UUID, "public const string Account")
SC("dart-const-charge-api-key", "const String kChargeApiBase = 'https://«host»';\nconst String kChargeApiKey = '«S»';", K("", A62, 40), "kChargeApiBase")
SC("gradle-buildconfigfield-escaped", "buildConfigField(\"String\", \"HM_CLIENT_SECRET\", \"\\\"«S»\\\"\")", K("", A62, 48), "HM_CLIENT_SECRET")
SC("swift-urlrequest-bearer", "request.setValue(\"Bearer «S»\", forHTTPHeaderField: \"Authorization\")", K("", A62 + "-_", 56), "forHTTPHeaderField")
SC("python-ocpp-basic-auth-bytes", "auth = base64.b64encode(b\"«cpid»:«S»\").decode()\nws = await websockets.connect(url, subprotocols=[\"ocpp1.6\"], extra_headers={\"Authorization\": f\"Basic {auth}\"})", HEX(32), "«cpid»")
SC("node-ocpp-rpcclient-password", "const cli = new RPCClient({\n  endpoint: 'wss://«host»/ocpp',\n  identity: '«cpid»',\n  protocols: ['ocpp1.6'],\n  password: '«S»',\n});", HEX(40), "identity: '«cpid»'")
SC("python-triple-quoted-pem", "TESLA_PRIVATE_KEY = \"\"\"-----BEGIN EC PRIVATE KEY-----\n«S»\n-----END EC PRIVATE KEY-----\"\"\"", PEMEC, "TESLA_PRIVATE_KEY")
SC("go-backtick-rsa-pem", "const dealerSSOKey = `-----BEGIN RSA PRIVATE KEY-----\n«S»\n-----END RSA PRIVATE KEY-----`", PEMRSA, "dealerSSOKey")
SC("python-split-string-concat", "API_TOKEN = (\n    \"«S»\"\n)", lambda c: (lambda t: t[:30] + "\"\n    \"" + t[30:])(rs(A62, 60)), "API_TOKEN")
SC("rust-reqwest-basic-auth", "let resp = client.get(url).basic_auth(\"«user»\", Some(\"«S»\")).send().await?;", PW, "«user»")
SC("java-okhttp-credentials-basic", "String credential = Credentials.basic(\"«user»\", \"«S»\");", PW, "«user»")
SC("kotlin-retrofit-headers-annotation", "@Headers(\"X-Api-Key: «S»\")\n@GET(\"v1/vin/{vin}\")\nsuspend fun decode(@Path(\"vin\") vin: String): VinResponse", K("", A62, 32), "v1/vin/{vin}")
SC("csharp-clientsecretcredential-positional", "var credential = new ClientSecretCredential(\"«uuid»\", \"«uuid2»\", \"«S»\");", AZCS, "«uuid2»")
SC("python-ftplib-login-positional", "ftp = FTP(\"«host»\")\nftp.login(\"«user»\", \"«S»\")", PW, "«host»")
SC("python-smtplib-app-password", "server.login(\"«email»\", \"«S»\")", lambda c: " ".join(rs(L, 4) for _ in range(4)), "«email»")
SC("python-redis-password-kwarg", "r = redis.Redis(host=\"«host»\", port=6379, password=\"«S»\", ssl=True)", PWR, "«host»")
SC("node-stripe-require-positional", "const stripe = require('stripe')('«S»');", lambda c: "sk_live_" + rs(A62, 99), "require('stripe')")
SC("python-twilio-client-positional", "client = Client(\"AC«hex32»\", \"«S»\")", HEX(32), "AC«hex32»")
SC("php-pdo-positional", "$pdo = new PDO('mysql:host=«host»;dbname=haendler', '«user»', '«S»');", PW, "dbname=haendler")
SC("ruby-env-fetch-default", "API_KEY = ENV.fetch(\"VINAUDIT_KEY\") { \"«S»\" }", K("", A36U, 16), "VINAUDIT_KEY")
SC("go-sarama-sasl-password", "config.Net.SASL.Enable = true\nconfig.Net.SASL.User = \"«user»\"\nconfig.Net.SASL.Password = \"«S»\"", PWR, "config.Net.SASL.User")
SC("lua-openresty-shared-secret", "local LOCKBOX_SECRET = \"«S»\"\nlocal sig = ngx.hmac_sha1(LOCKBOX_SECRET, ngx.var.arg_code)", K("", A62, 32), "ngx.hmac_sha1")
SC("typescript-enode-oauth", "const enode = new EnodeClient({ clientId: '«uuid»', clientSecret: '«S»', env: 'production' });", K("", A62, 40), "env: 'production'")


# ===================================================== stack-trace-or-log
def SL(*a, **k):
    T("stack-trace-or-log", *a, **k)


SL("rich-traceback-locals-password", "│ /srv/geotab_sync/client.py:«line» in authenticate\n│ ╭──────── locals ────────╮\n│ │ database = '«db»'      │\n│ │ password = '«S»'       │\n│ │ username = '«email»'   │", PW, "database = '«db»'")
SL("java-sqlexception-jdbc-url", "java.sql.SQLException: Login failed for url=jdbc:sqlserver://«host»:1433;databaseName=DMS;user=«user»;password=«S»\n\tat com.microsoft.sqlserver.jdbc.SQLServerException.makeFromDatabaseError(SQLServerException.java:265)", PW, "databaseName=DMS")
SL("requests-connectionerror-url-apikey", "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='«host»', port=443): Max retries exceeded with url: /v1/decode/«vin»?apikey=«S» (Caused by NewConnectionError('Failed to establish a new connection'))", K("", A62, 32), "host='«host»'")
SL("axios-error-config-headers", "AxiosError: Request failed with status code 401\n  config: {\n    url: 'https://«host»/fleet/vehicles',\n    headers: { Accept: 'application/json', Authorization: 'Bearer «S»' }\n  }", SAMSARA, "status code 401")
SL("nginx-access-log-access-token-query", "«pubip» - - [«?12|17|23»/Mar/2025:«time»:11 +0100] \"GET /api/vehicles?access_token=«S»&fields=odometer HTTP/1.1\" 200 «n»4 \"-\" \"okhttp/4.12.0\"", K("", A62, 40), "fields=odometer")
SL("squid-log-url-userinfo", "«ts» TCP_MISS/200 «n»12 GET http://«user»:«S»@«host»/export/stock.csv - HIER_DIRECT/«ip» text/csv", PW, "«user»")
SL("json-log-client-secret-field", "{\"level\":\"debug\",\"ts\":\"«ts»\",\"msg\":\"smartcar token exchange\",\"client_id\":\"«uuid»\",\"client_secret\":\"«S»\"}", UUID, "smartcar token exchange")
SL("logfmt-broker-password", "time=«ts» level=info msg=\"connecting to broker\" broker=tls://«host»:8883 user=«user» password=«S» client=«imei»", PWR, "client=«imei»")
SL("django-debug-settings-tuple", "DMS_LOGIN\n('«user»', '«S»')\nDMS_URL\n'https://«host»/soap'", PW, "DMS_URL")
SL("spring-startup-jdbc-query-password", "«lts»  INFO 1 --- [main] c.f.rental.DataSourceConfig : Using jdbc:postgresql://«host»:5432/rental?user=«user»&password=«S»&ssl=true", PWR, "DataSourceConfig")
SL("k8s-event-container-args", "Warning  Failed  3m  kubelet  Error: failed to start container \"bridge\": exec: \"/app/bridge --hm-client-secret=«S»\": permission denied", K("", A62, 48), "kubelet")
SL("systemctl-status-execstart-token", "● obd-bridge.service - OBD telemetry bridge\n     Loaded: loaded (/etc/systemd/system/obd-bridge.service; enabled)\n    Process: «pid» ExecStart=/usr/local/bin/obd-bridge --token «S» (code=exited, status=1/FAILURE)", K("", A62, 40), "obd-bridge.service")
SL("ocpp-log-changeconfiguration-call", "«lts» [OCPP] >> «cpid» [2,\"«n»\",\"ChangeConfiguration\",{\"key\":\"AuthorizationKey\",\"value\":\"«S»\"}]", HEX(40), "«cpid»")
SL("ocpp-ws-upgrade-basic-header", "«lts» DEBUG ws upgrade /ocpp/«cpid» headers={'Sec-WebSocket-Protocol': 'ocpp1.6', 'Authorization': 'Basic «S»'}", lambda c: b64of("%s:%s" % (c["cpid"], rs(HX, 32))), "/ocpp/«cpid»")
SL("sms-gateway-log-teltonika", "«lts» SMS OUT to=«phone» text=\"«?fm|fleet» «S» setparam 2004:«host»;2005:5027\" status=SENT", K("", A36L, 8), "status=SENT")
SL("emqx-auth-failure-password", "«ts» [warning] clientid: «imei», username: «user», password: «S», msg: authentication_failed, reason: bad_username_or_password", PW, "clientid: «imei»")
SL("php-pdo-stack-trace-args", "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user '«user»'@'«ip»' in /var/www/haendler/db.php:14\nStack trace:\n#0 /var/www/haendler/db.php(14): PDO->__construct('mysql:host=«host»...', '«user»', '«S»')\n#1 {main}", PW, "/var/www/haendler/db.php")
SL("python-traceback-source-line", "Traceback (most recent call last):\n  File \"/opt/toll/export.py\", line «line», in <module>\n    portal.login(\"«user»\", \"«S»\")\n  File \"/opt/toll/portal.py\", line 88, in login\n    raise LoginError(r.status_code)\nportal.LoginError: 403", PW, "/opt/toll/export.py")
SL("java-caused-by-message-password", "Caused by: com.«word».rci.AuthException: Invalid credentials for user «user» with password «S»\n\tat com.«word».rci.RciClient.login(RciClient.java:«line»)", PW, "RciClient.java")
SL("dotnet-sqlexception-connectionstring", "System.Data.SqlClient.SqlException (0x80131904): Login failed for user '«user»'.\n   ConnectionString: Server=«host»;Database=Workshop;User Id=«user»;Password=«S»;", PW, "Database=Workshop")
SL("go-panic-struct-dump", "panic: dial tcp «ip»:5432: connect: connection refused\n\ngoroutine 1 [running]:\nmain.mustConnect(0xc000132000, {Host:«host» User:fleet Password:«S» DB:telemetry})", PWR, "DB:telemetry")
SL("ruby-faraday-error-token-header", "Faraday::UnauthorizedError: the server responded with status 401\n  request headers: {\"Authorization\"=>\"Token token=\\\"«S»\\\"\", \"User-Agent\"=>\"Faraday v2.9.0\"}", HEX(32), "Faraday v2.9.0")
SL("okhttp-logcat-bearer", "«date» «time»:41.«n» «pid»-«pid» I/okhttp.OkHttpClient: Authorization: Bearer «S»", JWT(), "okhttp.OkHttpClient")
SL("ios-os-log-api-key-header", "«ts» EVCharge[«pid»:«hex8»] [Network] request headers: [\"x-api-key\": \"«S»\", \"Accept\": \"application/json\"]", K("", A62, 40), "EVCharge")
SL("celery-task-args-positional", "[«lts»: INFO/MainProcess] Task dms.sync_dealer[«uuid»] received: args=('«dealer»', '«user»', '«S»') kwargs={}", PW, "dms.sync_dealer")
SL("sentry-breadcrumb-query-key", "{\"category\":\"httplib\",\"data\":{\"method\":\"GET\",\"url\":\"https://«host»/v2/parking/zones?lat=48.1&lon=11.5&key=«S»\",\"status_code\":403}}", K("", A62, 32), "\"status_code\":403")
SL("lambda-log-event-authorization", "«ts»\t«uuid»\tINFO\tevent: {\"headers\":{\"authorization\":\"Bearer «S»\",\"host\":\"«host»\"}}", K("", A62 + "-_.", 80), "\"host\":\"«host»\"")
SL("postgres-log-alter-user-password", "«lts» UTC [«pid»] LOG:  statement: ALTER USER rental_api WITH PASSWORD '«S»';", PWR, "rental_api")
SL("mysql-general-log-set-password", "«ts»\t   «n» Query\tSET PASSWORD FOR 'keybox'@'%' = '«S»'", PW, "'keybox'@'%'")
SL("haproxy-captured-auth-header", "«ip»:5«n» [«time»:11.«n»] fe_api be_fleet/s1 0/0/1/«n»/«n2» 200 812 - - ---- {Bearer «S»} \"GET /v1/trips HTTP/1.1\"", K("", A62, 48), "be_fleet/s1")
SL("webhook-debug-prints-secret", "«lts» DEBUG webhooks.samsara: verifying signature with secret=«S» sig=«hex32»", B64R(32), "webhooks.samsara")
SL("telemetry-server-config-dump", "«lts» loaded config: {\"host\":\"0.0.0.0\",\"port\":443,\"partner_token\":\"«S»\",\"log_level\":\"info\"}", JWT(iss="https://auth.tesla.com/oauth2/v3/nts"), "\"log_level\":\"info\"")
SL("geotab-adapter-auth-log", "«lts» [GeotabAdapter] authenticating server=my«n».geotab.com db=«db» user=«email» pw=«S»", PW, "db=«db»")
SL("webfleet-extern-url-password", "«lts» GET https://csv.webfleet.com/extern?account=«acct»&username=«user»&password=«S»&apikey=<set>&lang=de&action=showObjectReportExtern", PW, "account=«acct»")
SL("webfleet-extern-url-apikey", "«lts» GET https://csv.webfleet.com/extern?lang=en&account=«acct»&apikey=«S»&action=showVehicleReportExtern&outputformat=json", UUID, "showVehicleReportExtern")
SL("verizon-token-request-basic", "«lts» [reveal-client] POST https://fim.api.«?us|eu».fleetmatics.com/token Authorization: Basic «S»", BASIC, "[reveal-client]")
SL("fortellis-debug-client-secret", "«lts» DEBUG FortellisAuth - requesting token subscription=«uuid» client_id=«hex32» client_secret=«S»", K("", A62 + "-_", 40), "subscription=«uuid»")
SL("soap-wsse-password-log", "<wsse:UsernameToken><wsse:Username>«user»</wsse:Username><wsse:Password Type=\"http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText\">«S»</wsse:Password></wsse:UsernameToken>", PW, "<wsse:Username>«user»</wsse:Username>")
SL("opentrack-soap-body-log", "«lts» TRACE OpenTrackClient request: <Username>«user»</Username><Password>«S»</Password><EnterpriseCode>«?ZE|AA|QT»</EnterpriseCode><DealerCode>«dealer»</DealerCode>", PW, "<DealerCode>«dealer»</DealerCode>")
SL("ev-app-session-start-token", "«ts» I ChargeApp: POST /v2/sessions/start evse=DE*«?EVX|TLK»*E«n»*1 token=«S»", K("", A62, 40), "/v2/sessions/start")
SL("ocpi-authorization-token-log", "«lts» ocpi.client: GET https://«host»/ocpi/2.2.1/locations Authorization: Token «S»", lambda c: b64of(uuid4()), "/ocpi/2.2.1/locations")
SL("parking-sdk-init-key-log", "«lts» INFO parking-sdk initialised provider=«?easypark|parkmobile|parkopedia» key=«S» region=«region»", K("", A62, 32), "region=«region»")
SL("toll-portal-login-log", "«lts» [toll-sync] login to portal user=«user» pass=«S» -> 302 /dashboard", PW, "/dashboard")
SL("insurance-sdk-register-log", "«ts» CMTSDK: registering device «uuid» with api key «S»", K("", A62, 36), "registering device")
SL("lockbox-code-set-log", "«lts» LOCKBOX «serial»: code set to «S» for reservation R-«num» valid until «date» 23:59", PIN(6, 8), "LOCKBOX «serial»")
SL("key-cabinet-pin-changed-log", "«lts» KeyCabinet «serial»: user «first» «last» (badge «hex8») PIN changed to «S»", PIN(6, 8), "badge «hex8»")
SL("urllib3-debug-token-query", "DEBUG:urllib3.connectionpool:https://«host»:443 \"GET /api/v1/positions?token=«S»&since=«date» HTTP/1.1\" 200 None", K("", A62, 40), "urllib3.connectionpool")
SL("rabbitmq-client-uri-log", "«lts» [pika] connecting to amqps://telemetry:«S»@«host»:5671/%2F", PWR, "[pika]")
SL("tomcat-command-line-argument", "«lts» INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Command line argument: -Ddb.password=«S»", PWR, "VersionLoggerListener")
SL("hs-err-jvm-args", "jvm_args: -Xmx2g -Dspring.profiles.active=prod -Dspring.datasource.password=«S» -Dfile.encoding=UTF-8", PWR, "spring.profiles.active=prod")
SL("pppd-pap-authreq-debug", "«?Jan|Feb|Mar» «?3|14|27» «time»:09 rut955 pppd[«pid»]: sent [PAP AuthReq id=0x1 user=\"«user»\" password=\"«S»\"]", PW, "rut955")
SL("obd-dongle-firmware-ap-log", "[wifi] AP mode ssid=OBD-«hex8» pass=«S» ch=6", PW, "ssid=OBD-«hex8»")
SL("morgan-log-api-key-query", "«ip» - - [«date»] \"GET /charge/points?api_key=«S» HTTP/1.1\" 200 «n»31 - «n» ms", K("", A62, 32), "/charge/points")
SL("go-log-postgres-dsn", "«date» «time»:01 dialing postgres://fleet:«S»@«host»:5432/telemetry?sslmode=require", PWR, "sslmode=require")
SL("rust-tracing-client-secret", "«ts}  INFO hm_bridge::auth: using client_secret=\"«S»\" client_id=«uuid»".replace("«ts}", "«ts»"), K("", A62, 48), "hm_bridge::auth")
SL("serilog-json-clientsecret", "{\"@t\":\"«ts»\",\"@mt\":\"Loaded options {@Options}\",\"Options\":{\"BaseUrl\":\"https://«host»\",\"ClientSecret\":\"«S»\"}}", K("", A62, 40), "Loaded options")
SL("python-httperror-url-api-key", "requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://«host»/api/v1/vehicles?api_key=«S»", K("", A62, 40), "401 Client Error")
SL("aiohttp-clientresponseerror-headers", "aiohttp.client_exceptions.ClientResponseError: 403, message='Forbidden', url=URL('https://«host»/v1/score'), headers=<CIMultiDictProxy('X-Api-Key': '«S»')>", K("", A62, 36), "message='Forbidden'")
SL("node-mongo-bad-auth-uri", "MongoServerError: bad auth : authentication failed\n    at Connection.onMessage (/app/node_modules/mongodb/lib/cmap/connection.js:«line»:«n»)\n  uri: 'mongodb+srv://rental:«S»@cluster1.«word».mongodb.net/rental'", K("", A62, 16), "bad auth")
SL("smtplib-debug-auth-plain", "send: 'AUTH PLAIN «S»\\r\\n'\nreply: b'235 2.7.0 Authentication successful\\r\\n'", lambda c: b64of("\0%s\0%s" % (c["email"], c["pw"])), "Authentication successful")
SL("imap-login-debug", "  «time»:07.33 > ABCD1 LOGIN «user» «S»\n  < ABCD1 OK LOGIN completed", PW, "LOGIN completed")
SL("ftp-client-pass-log", "Command:\tUSER «user»\nResponse:\t331 Password required\nCommand:\tPASS «S»\nResponse:\t230 Logged on", PW, "USER «user»")
SL("log-line-wrapped-token", "«lts» WARN token refresh failed for Bearer «S» (len=96)", lambda c: (lambda t: t[:50] + "\n" + t[50:])(rs(A62, 96)), "token refresh failed")
SL("docker-build-env-step-log", "Step 6/14 : ENV PARKING_API_KEY=«S»\n ---> Running in «hex8»«hex4»", K("", A62, 32), "Step 6/14")


# =========================================================== note-or-chat
def N(*a, **k):
    T("note-or-chat", *a, **k)


N("slack-en-geotab-password", "@«first» the Geotab password for «db» is «S» — pls don't forward, I'll rotate it after the audit", PW, "«db»")
N("chat-de-dms-passwort-lautet", "Hi «first», das DMS-Passwort für die Filiale «city» lautet «S». Benutzer ist «user».", PW, "«user»")
N("note-de-webfleet-zugang", "Zugang Webfleet: Konto «acct», Benutzer «user», Kennwort «S»", PW, "Konto «acct»")
N("chat-it-password-gestionale", "Ciao «first», la password del gestionale è «S» (utente «user»), cambiala al primo accesso", PW, "utente «user»")
N("note-it-credenziali-slash", "Credenziali Dealertrack: utente «user» / pwd «S» – concessionaria «dealer»", PW, "concessionaria «dealer»")
N("chat-cs-heslo-samsara", "Heslo k Samsara účtu je «S», nikomu ho prosím neposílej. Login: «email»", PW, "Login: «email»")
N("note-cs-diagnostika-udaje", "přihlašovací údaje k diagnostice (dílna «city»): «user» / «S»", PW, "«user»")
N("chat-hi-devanagari-password", "«hifirst» जी, टेलीमैटिक्स पोर्टल का पासवर्ड «S» है। यूज़र: «user»", PW, "यूज़र: «user»")
N("chat-hinglish-password-hai", "bhai fleet portal ka password «S» hai, login id «user» hai. kisi ko mat bhejna", PW, "«user»")
N("chat-tr-sifre-arac-takip", "Merhaba «first», araç takip sistemi şifresi: «S» — kullanıcı adı «user»", PW, "kullanıcı adı «user»")
N("chat-tr-anahtar-dolabi-pin", "«city» şubesi kiralık araç anahtar dolabı PIN kodu «S», gece vardiyası için", PIN(6, 8), "gece vardiyası")
N("chat-ja-password-kakko", "«jalast»さん、車両管理システムのパスワードは「«S»」です。ユーザー名は«user»です。", PW, "ユーザー名は«user»")
N("note-ja-api-key-honban", "VINデコーダのAPIキー: «S»（本番用、共有禁止）", K("", A62, 32), "本番用")
N("chat-en-lockbox-after-hours", "Lockbox code for the «city» branch after hours: «S» (changes Monday)", PIN(6, 8), "«city» branch")
N("chat-en-keytrak-night-pin", "new key cabinet PIN for night shift is «S», old one stops working at «time»", PIN(6, 8), "night shift")
N("note-teltonika-sms-command", "to reboot the tracker send SMS to «phone»: `«?fm|fleet» «S» cpureset` (login/pass from installer sheet)", K("", A36L, 8), "«phone»")
N("decision-rotate-samsara-token", "Decision («date»): rotate the Samsara token; current one «S» gets revoked Friday after the cutover", SAMSARA, "Decision («date»)")
N("todo-move-smartcar-secret", "TODO: move the hardcoded Smartcar secret («S») out of config.py into Vault before release", UUID, "config.py")
N("goal-fix-tesla-401-token", "Goal: fix 401 from Tesla Fleet API for VIN «vin». Token currently in use: «S»", JWT(iss="https://auth.tesla.com/oauth2/v3/nts"), "«vin»")
N("pasted-email-vin-decoder-key", "From: support@«domain»\nSubject: Your VIN decoder API key\n\nHello «first»,\nyour production API key is: «S»\nKeep it safe.", K("", A36U, 16), "Subject: Your VIN decoder API key")
N("pasted-hm-welcome-credentials", "High Mobility sandbox credentials\nClient ID: «uuid»\nClient Secret: «S»\nApp ID: «hex16»", K("", A62, 48), "App ID: «hex16»")
N("support-ticket-charger-basic-pw", "Ticket #«num»: customer says charger «cpid» keeps getting rejected by the backend; they gave us the basic auth pw «S» to test", HEX(32), "«cpid»")
N("whatsapp-de-wlan-werkstatt", "[«time»] «first»: wlan werkstatt: «ssid» / «S»", PW, "«ssid»")
N("teams-de-pruefstand-login", "Kannst du dich mit «user» / «S» einloggen? Ist der Prüfstand-Rechner in Halle 2.", PW, "Halle 2")
N("note-fleet-key-passphrase", "passphrase for the fleet signing key backup (USB in safe): «S»", PP, "fleet signing key backup")
N("markdown-accounts-table-row", "| System | User | Password |\n|---|---|---|\n| Geotab | «user» | «S» |", PW, "| Geotab |")
N("note-de-toll-collect-pin", "Toll Collect Kundenportal: Kunden-Nr. «num», PIN «S»", PIN(6, 8), "Kundenportal")
N("note-it-telepass-area-riservata", "Telepass Business – codice cliente «num», password area riservata «S»", PW, "codice cliente")
N("note-cs-myto-portal-heslo", "heslo do portálu mýtného systému: «S» (účet «acct»)", PW, "účet «acct»")
N("chat-hinglish-fastag-mpin", "FASTag wallet login ka MPIN «S» hai, fleet card ke liye", PIN(6, 6), "FASTag wallet")
N("note-tr-hgs-hesap-sifresi", "HGS hesabı: «email» şifresi «S»", PW, "HGS hesabı")
N("note-ja-etc-mileage-password", "ETCマイレージサービスのID：«user»、パスワード：«S»", PW, "ID：«user»")
N("chat-de-geko-zugang", "GeKo-Zugang für «first»: Benutzer «user», Passwort «S» – bitte nicht weitergeben, ist personalisiert.", PW, "GeKo-Zugang")
N("chat-en-autel-account", "Autel account for the shop tablet: «email» pw «S»", PW, "shop tablet")
N("chat-en-keyless-booking-code", "Booking B-«num» ({model}): keyless access code «S», valid «date» 08:00–20:00".replace("{model}", "«model»"), PIN(6, 8), "valid «date»")
N("commit-message-leaked-key", "fix: remove leaked parking partner key «S» from config (rotated)", K("", A62, 40), "fix: remove leaked")
N("handover-key-safe-combo", "Night-shift handover: key safe combo «S», fuel card drawer is unlocked", PIN(6, 8), "fuel card drawer")
N("jira-comment-staging-creds", "Reproduced on staging with user «user» pw «S» — see screenshot, odometer shows 0 km", PW, "odometer shows 0 km")
N("decision-shared-service-account", "Decision: we keep the shared service account fleet-ro / «S» until SSO lands (owner: «first»)", PW, "fleet-ro")
N("meeting-notes-de-master-passwort", "Protokoll «date»\n- Wichtig: Das neue Master-Passwort für die Schlüsselschränke lautet «S» (gültig bis Ende Q3)", PW, "Protokoll «date»")
N("chat-it-chiave-api-samsara", "mi mandi la chiave API di Samsara? -> eccola: «S»", SAMSARA, "eccola")
N("chat-cs-api-klic-vin", "API klíč pro VIN dekodér: «S» (limit 5000 dotazů/den)", K("", A62, 32), "VIN dekodér")
N("chat-tr-api-anahtari-test", "Park API anahtarı: «S» (test ortamı, prod'a koyma)", K("", A62, 32), "test ortamı")
N("note-ja-kanri-gamen-id-pw", "管理画面 ID: «user» / PW: «S»", PW, "ID: «user»")
N("chat-hinglish-permanent-password", "OTP nahi hai, ye permanent password hai: «S» — diagnostics laptop ke liye", PW, "diagnostics laptop")
N("chat-en-password-next-line", "ok the dealertrack password is\n«S»\n(capital first letter)", PW, "(capital first letter)")
N("chat-en-quoted-trailing-period", "The Reynolds test user's pw is \"«S»\".", PW, "Reynolds test user")
N("chat-en-backticked-bearer", "use `«S»` as the bearer for now, Smartcar will send the prod one tomorrow", UUID, "Smartcar")
N("chat-en-keysafe-dashed-code", "key safe at «city» is 2nd from left, code «S»", lambda c: "-".join(rs(D, 2) for _ in range(3)), "2nd from left")
N("chat-en-staff-wifi-key", "Guest wifi is open; staff wifi «ssid» key «S»", PW, "«ssid»")
N("note-ev-app-login-pool-car", "pool car «plate» – charging app login «email» / «S», RFID card in glovebox", PW, "«plate»")
N("note-bitwarden-entry-tried-key", "Notes: tried api key «S» from Bitwarden entry 'VINaudit' -> still 403", K("", A36U, 16), "Bitwarden entry")
N("pasted-1password-share", "Title: Reynolds RCI prod\nUsername: «user»\nPassword: «S»\nWebsite: https://«host»", PW, "Reynolds RCI prod")
N("chat-de-grosses-o-hinweis", "PW: «S» (großes O, nicht Null)", lambda c: rs(A62, 4) + "O" + rs(A62, 5) + str(rnd(10, 99)), "großes O")
N("chat-it-password-concessionaria-anno", "la nuova password è il nome della concessionaria + anno: «S»", lambda c: c["word"].capitalize() + str(rnd(2023, 2026)), "concessionaria")
N("chat-cs-trezor-pin", "PIN k trezoru na klíče v «city»: «S»", PIN(6, 8), "trezoru na klíče")
N("chat-ja-keybox-anshou-bangou", "キーボックスの暗証番号は«S»です。返却後は必ず閉めてください。", PIN(6, 8), "キーボックス")
N("chat-tr-kasa-sifresi", "ofisteki kasa şifresi «S», yedek anahtarlar içinde", PIN(6, 8), "yedek anahtarlar")
N("chat-hi-chabi-box-code", "गाड़ी की चाबी वाले बॉक्स का कोड «S» है", PIN(6, 8), "चाबी वाले बॉक्स")
N("email-temporary-password", "Dear «first» «last»,\nyour account for the dealer portal has been created.\nTemporary password: «S»\nYou will be asked to change it at first login.", PWR, "dealer portal")
N("decision-keep-ocpi-token-a", "Decision: keep OCPI token A «S» for the roaming hub until cutover on «date»", UUID, "roaming hub")
N("chat-psql-creds-backticks", "psql creds: `«user»` / `«S»` on «host»", PWR, "«host»")
N("goal-reynolds-sync-login", "Goal: get the Reynolds sync working for dealer «dealer» (login «user», password «S»)", PW, "dealer «dealer»")
N("note-mygeotab-triple-slash", "mygeotab: «db» / «email» / «S»", PW, "«db»")
N("chat-ja-tesla-refresh-token", "Teslaのリフレッシュトークン：«S»（期限切れたら教えて）", lambda c: pick(["EU_", "NA_"]) + rs(HX, 64), "リフレッシュトークン")
N("chat-de-smartcar-client-secret", "Client-Secret für Smartcar (Prod): «S», Client-ID steht im Confluence", UUID, "Client-ID steht im Confluence")
N("note-verizon-reveal-creds", "Verizon Connect Reveal API: user REST_«user» / «S» / app id fleetmatics-p-eu-«hex8»", PW, "fleetmatics-p-eu-«hex8»")
N("chat-it-wifi-officina", "La password del wifi dell'officina è «S» (rete «ssid»)", PW, "rete «ssid»")
N("chat-cs-heslo-webfleet-nahrazeni", "nové heslo do Webfleetu: «S», staré už nefunguje", PW, "Webfleetu")
N("note-en-insurance-portal", "Insurer telematics portal ({host}) – fleet admin «user», password «S»".replace("{host}", "«host»"), PW, "fleet admin «user»")


# ========================================================== ci-and-deploy
def CI(*a, **k):
    T("ci-and-deploy", *a, **k)


CI("gha-env-inline-samsara", "jobs:\n  sync:\n    runs-on: ubuntu-latest\n    env:\n      SAMSARA_API_TOKEN: «S»\n      FLEET_REGION: eu", SAMSARA, "FLEET_REGION: eu")
CI("gitlab-ci-variables-block", "variables:\n  DOCKER_DRIVER: overlay2\n  GEOTAB_USER: «email»\n  GEOTAB_PASSWORD: \"«S»\"", PW, "DOCKER_DRIVER: overlay2")
CI("jenkinsfile-withenv-password", "withEnv([\"DMS_USER=«user»\", \"DMS_PASSWORD=«S»\"]) {\n    sh './gradlew integrationTest'\n}", PW, "./gradlew integrationTest")
CI("jenkinsfile-sh-curl-basic", "stage('Notify DMS') {\n  steps {\n    sh \"curl -fsS -u «user»:«S» https://«host»/api/builds -d status=ok\"\n  }\n}", PW, "Notify DMS")
CI("circleci-environment-key", "jobs:\n  test:\n    docker:\n      - image: cimg/python:3.12\n        environment:\n          HM_CLIENT_SECRET: «S»", K("", A62, 48), "cimg/python:3.12")
CI("azure-pipelines-variables-password", "variables:\n  buildConfiguration: 'Release'\n  dealertrackPassword: '«S»'", PW, "buildConfiguration")
CI("bitbucket-pipelines-docker-login", "script:\n  - docker login -u «user» -p «S» registry.«domain»\n  - docker push registry.«domain»/keybox-api:$BITBUCKET_COMMIT", PWR, "keybox-api")
CI("dockerfile-env-literal", "FROM node:20-alpine\nENV NODE_ENV=production\nENV SMARTCAR_CLIENT_SECRET=«S»\nCOPY . /app", UUID, "NODE_ENV=production")
CI("dockerfile-arg-default", "ARG NPM_TOKEN=«S»\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci", K("npm_", A62, 36), "npm ci")
CI("ci-log-build-arg", "#8 [build 3/7] RUN --mount=type=cache docker build --build-arg VINAUDIT_KEY=«S» -t vin-svc .\n#8 DONE 0.4s", K("", A36U, 16), "vin-svc")
CI("ci-log-set-x-curl-bearer", "+ curl -fsS -H 'Authorization: Bearer «S»' https://«host»/api/deploy/hooks/«n»\n{\"status\":\"queued\"}", K("", A62, 40), "\"status\":\"queued\"")
CI("gha-log-run-docker-login", "Run docker login -u «user» -p «S» ghcr.io\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded", lambda c: "ghp_" + rs(A62, 36), "Login Succeeded")
CI("helm-values-prod-secrets", "secrets:\n  webfleetAccount: «acct»\n  webfleetPassword: «S»\n  webfleetApiKey: \"\"  # injected by ESO", PW, "webfleetAccount")
CI("k8s-deployment-env-value", "        env:\n          - name: GEOTAB_DATABASE\n            value: «db»\n          - name: GEOTAB_PASSWORD\n            value: \"«S»\"", PW, "GEOTAB_DATABASE")
CI("kustomize-secretgenerator-literals", "secretGenerator:\n  - name: reynolds-rci\n    literals:\n      - username=«user»\n      - password=«S»", PW, "reynolds-rci")
CI("argocd-helm-parameters", "    helm:\n      parameters:\n        - name: smartcar.clientId\n          value: «uuid»\n        - name: smartcar.clientSecret\n          value: «S»", UUID, "smartcar.clientId")
CI("terraform-provider-password", "provider \"postgresql\" {\n  host     = \"«host»\"\n  username = \"terraform\"\n  password = \"«S»\"\n}", PWR, "provider \"postgresql\"")
CI("terraform-aws-provider-secret-key", "provider \"aws\" {\n  region     = \"«region»\"\n  access_key = \"«akid»\"\n  secret_key = \"«S»\"\n}", AWSK, "region     = \"«region»\"")
CI("ansible-inventory-password", "[workshop_pcs]\n«host» ansible_user=«user» ansible_password=«S» ansible_connection=winrm", PW, "[workshop_pcs]")
CI("serverless-yml-environment", "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    TESLA_CLIENT_SECRET: «S»", TESLA_CS, "runtime: nodejs20.x")
CI("netlify-toml-build-environment", "[build.environment]\n  NODE_VERSION = \"20\"\n  PARKING_API_KEY = \"«S»\"", K("", A62, 32), "NODE_VERSION")
CI("vercel-json-env", "{\n  \"env\": {\n    \"NEXT_PUBLIC_MAP_STYLE\": \"streets\",\n    \"CHARGE_BACKEND_SECRET\": \"«S»\"\n  }\n}", K("", A62, 40), "NEXT_PUBLIC_MAP_STYLE")
CI("fly-toml-env-secret", "app = \"«app»\"\n\n[env]\n  PORT = \"8080\"\n  WEBFLEET_APIKEY = \"«S»\"", UUID, "app = \"«app»\"")
CI("gae-app-yaml-env-variables", "runtime: python312\nenv_variables:\n  GEOTAB_DB: «db»\n  GEOTAB_PW: \"«S»\"", PW, "runtime: python312")
CI("cloudbuild-substitutions-password", "substitutions:\n  _REGION: «region»\n  _DB_PASS: '«S»'\nsteps:\n  - name: gcr.io/cloud-builders/gcloud", PWR, "_REGION")
CI("buildspec-plaintext-env", "version: 0.2\nenv:\n  variables:\n    STAGE: prod\n    OCPI_TOKEN: \"«S»\"", UUID, "STAGE: prod")
CI("drone-settings-password", "steps:\n  - name: publish\n    image: plugins/docker\n    settings:\n      username: «user»\n      password: «S»\n      repo: «slug»/toll-api", PWR, "plugins/docker")
CI("travis-env-global", "env:\n  global:\n    - DT_ENTERPRISE=«?ZE|QT»\n    - DT_PASSWORD=«S»", PW, "DT_ENTERPRISE")
CI("packer-ssh-password", "{\n  \"builders\": [{\n    \"type\": \"qemu\",\n    \"ssh_username\": \"fleetimg\",\n    \"ssh_password\": \"«S»\"\n  }]\n}", PW, "fleetimg")
CI("compose-prod-deploy-env", "# docker-compose.prod.yml\n  ocpp-gateway:\n    image: «slug»/ocpp-gw:«ver»\n    environment:\n      - CSMS_BASIC_PASSWORD=«S»", HEX(32), "ocpp-gw:«ver»")
CI("gha-docker-login-action-literal", "      - uses: docker/login-action@v3\n        with:\n          registry: registry.«domain»\n          username: «user»\n          password: «S»", PWR, "docker/login-action@v3")
CI("gitlab-script-sshpass-scp", "deploy:\n  script:\n    - sshpass -p \"«S»\" scp -o StrictHostKeyChecking=no dist/*.war deploy@«host»:/opt/tomcat/webapps/", PWR, "deploy@«host»")
CI("jenkins-console-mvn-password", "[Pipeline] sh\n+ mvn -B deploy -Drepo.user=«user» -Drepo.password=«S»\n[INFO] Scanning for projects...", PW, "[INFO] Scanning for projects")
CI("gha-log-echo-npmrc", "Run echo \"//registry.npmjs.org/:_authToken=«S»\" > ~/.npmrc\n  echo \"//registry.npmjs.org/:_authToken=«S»\" > ~/.npmrc\n  shell: /usr/bin/bash -e {0}", K("npm_", A62, 36), "shell: /usr/bin/bash")
CI("fastlane-env-password", "# fastlane/.env.default\nFASTLANE_USER=«email»\nFASTLANE_PASSWORD=«S»\nMATCH_GIT_URL=git@github.com:«slug»/certs.git", PW, "FASTLANE_USER")
CI("fastlane-match-password", "MATCH_PASSWORD='«S»' bundle exec fastlane ios beta", PP, "fastlane ios beta")
CI("gradle-signingconfig-passwords", "signingConfigs {\n    release {\n        storeFile file('chargeapp.jks')\n        storePassword '«S»'\n        keyAlias 'upload'\n    }\n}", PW, "chargeapp.jks")
CI("gradle-injected-signing-log", "> ./gradlew assembleRelease -Pandroid.injected.signing.store.file=app.jks -Pandroid.injected.signing.store.password=«S»", PW, "assembleRelease")
CI("deploy-repo-k8s-secret-stringdata", "# deploy/overlays/prod/tesla-secret.yaml\nkind: Secret\nstringData:\n  TESLA_PARTNER_TOKEN: «S»", JWT(iss="https://auth.tesla.com/oauth2/v3/nts"), "deploy/overlays/prod")
CI("dotenv-ci-committed", "# .env.ci\nDB_HOST=postgres\nDB_PASS=«S»\nREDIS_URL=redis://redis:6379/0", PWR, "DB_HOST=postgres")
CI("argocd-diff-secret-value", "===== /Secret rental/keybox-api ======\n-  LOCKBOX_MASTER: '*** (before)'\n+  LOCKBOX_MASTER: «S»", PIN(8, 8), "rental/keybox-api")
CI("nomad-job-env-block", "task \"collector\" {\n  env {\n    FLESPI_TOKEN = \"«S»\"\n    CHANNEL_ID   = \"«num»\"\n  }\n}", K("", A62, 64), "CHANNEL_ID")
CI("consul-kv-put-deploy-script", "consul kv put config/toll-sync/password '«S»'\nconsul kv put config/toll-sync/user «user»", PW, "config/toll-sync/user")
CI("pulumi-stack-plaintext-config", "config:\n  fleet:region: «region»\n  fleet:samsaraToken: «S»", SAMSARA, "fleet:region")
CI("ci-log-slack-webhook-url", "Posting deploy notification to «S»\n  -> 200 ok", SLACKHOOK, "deploy notification")
CI("teams-webhook-url-in-yaml", "notify:\n  teams_webhook: https://«word».webhook.office.com/webhookb2/«uuid»@«uuid2»/IncomingWebhook/«S»/«uuid3»", HEX(32), "IncomingWebhook")
CI("discord-webhook-deploy-script", "curl -H 'Content-Type: application/json' -d '{\"content\":\"deployed «ver»\"}' https://discord.com/api/webhooks/«num18»/«S»", K("", A62 + "-_", 68), "deployed «ver»")
CI("sentry-dsn-legacy-secret", "SENTRY_DSN=https://«hex32»:«S»@o«num».ingest.sentry.io/«num2»", HEX(32), "ingest.sentry.io")
CI("helm-values-datadog-api-key", "datadog:\n  site: datadoghq.eu\n  apiKey: «S»\n  clusterName: fleet-«region»", HEX(32), "datadoghq.eu")
CI("newrelic-license-key-env", "NEW_RELIC_APP_NAME=rental-api\nNEW_RELIC_LICENSE_KEY=«S»", lambda c: rs(HX, 36) + "NRAL", "NEW_RELIC_APP_NAME")
CI("gha-services-postgres-password", "    services:\n      postgres:\n        image: postgres:15\n        env:\n          POSTGRES_PASSWORD: «S»\n        ports: ['5432:5432']", PWR, "image: postgres:15")
CI("jenkins-config-xml-default-value", "<hudson.model.StringParameterDefinition>\n  <name>DMS_PASSWORD</name>\n  <defaultValue>«S»</defaultValue>\n</hudson.model.StringParameterDefinition>", PW, "<name>DMS_PASSWORD</name>")
CI("azure-devops-debug-log", "##[debug]Evaluating: variables.ocppAuthKey\n##[debug]Result: '«S»'", HEX(40), "variables.ocppAuthKey")
CI("teamcity-setparameter-message", "##teamcity[setParameter name='env.HERE_API_KEY' value='«S»']", K("", A62 + "-_", 43), "env.HERE_API_KEY")
CI("gha-ftp-deploy-action", "      - uses: SamKirkland/FTP-Deploy-Action@v4.3.5\n        with:\n          server: ftp.«domain»\n          username: «user»\n          password: «S»", PW, "ftp.«domain»")
CI("ci-var-ssh-private-key-block", "SSH_PRIVATE_KEY: |\n  -----BEGIN OPENSSH PRIVATE KEY-----\n  «S»\n  -----END OPENSSH PRIVATE KEY-----", lambda c: "\n  ".join(pem_body(300, 70).split("\n")), "SSH_PRIVATE_KEY")
CI("jenkins-groovy-def-token", "def vinToken = \"«S»\"\nnode('linux') {\n  sh \"./scripts/refresh-vin-cache.sh ${vinToken}\"\n}", K("", A62, 32), "refresh-vin-cache.sh")
CI("makefile-deploy-curl-admin", "deploy:\n\tcurl -fsS -u admin:«S» -F war=@target/dms.war https://«host»/manager/text/deploy?path=/dms", PW, "path=/dms")
CI("k8s-configmap-misplaced-secret", "kind: ConfigMap\nmetadata:\n  name: telemetry-config\ndata:\n  LOG_LEVEL: info\n  WIALON_TOKEN: «S»", HEX(72), "telemetry-config")
CI("env-staging-file-deploy", "# deploy/.env.staging\nENODE_CLIENT_ID=«uuid»\nENODE_CLIENT_SECRET=«S»", K("", A62, 40), "ENODE_CLIENT_ID")
CI("swarm-stack-inline-env", "  keybox:\n    image: «slug»/keybox:«ver»\n    environment:\n      KEYBOX_ADMIN_PIN: \"«S»\"\n    deploy:\n      replicas: 2", PIN(6, 8), "replicas: 2")
CI("cloud-init-chpasswd-list", "#cloud-config\nchpasswd:\n  list: |\n    root:«S»\n  expire: false", PW, "expire: false")
CI("cloud-init-user-plain-passwd", "users:\n  - name: fleetgw\n    plain_text_passwd: «S»\n    lock_passwd: false", PW, "name: fleetgw")
CI("gha-workflow-with-token-literal", "      - uses: actions/checkout@v4\n        with:\n          repository: «slug»/dbc-files\n          token: «S»", lambda c: "github_pat_11" + rs(A36U, 20) + "_" + rs(A62, 59), "«slug»/dbc-files")
CI("octopus-variable-json", "{ \"Name\": \"Geotab.Password\", \"Value\": \"«S»\", \"IsSensitive\": false }", PW, "Geotab.Password")
CI("ci-log-gradle-mavenpassword", "> Task :publish\nUsing credentials mavenUser=«user» mavenPassword=«S»", PW, "> Task :publish")


# =========================================================== vendor-token
def V(*a, **k):
    T("vendor-token", *a, **k)


V("aws-secret-access-key-pair", "«akid» / «S»", AWSK, "«akid»")
V("aws-session-token-iqoj", "AWS_SESSION_TOKEN=«S»", lambda c: "IQoJb3JpZ2luX2VjE" + rs(B64, 300) + "=", "AWS_SESSION_TOKEN")
V("github-classic-pat", "token: «S»", GHP, "")
V("github-fine-grained-pat", "«S»", lambda c: "github_pat_11" + rs(A36U, 20) + "_" + rs(A62, 59), "")
V("github-app-installation-token", "GH_TOKEN=«S»", lambda c: "ghs_" + rs(A62, 36), "GH_TOKEN")
V("github-refresh-token", "refresh: «S»", lambda c: "ghr_" + rs(A62, 76), "")
V("gitlab-pat", "PRIVATE-TOKEN: «S»", GLPAT, "PRIVATE-TOKEN")
V("gitlab-runner-auth-token", "token = \"«S»\"", lambda c: "glrt-" + rs(A62 + "-_", 20), "")
V("slack-bot-token", "SLACK_BOT_TOKEN=«S»", lambda c: "xoxb-%d-%d-%s" % (rnd(10 ** 10, 10 ** 12), rnd(10 ** 12, 10 ** 13), rs(A62, 24)), "SLACK_BOT_TOKEN")
V("slack-incoming-webhook", "«S»", SLACKHOOK, "")
V("stripe-live-secret-key", "stripe.api_key = \"«S»\"", lambda c: "sk_live_" + rs(A62, 24), "stripe.api_key")
V("stripe-restricted-key", "«S»", lambda c: "rk_live_" + rs(A62, 99), "")
V("stripe-webhook-signing-secret", "STRIPE_WEBHOOK_SECRET=«S»", lambda c: "whsec_" + rs(A62, 32), "STRIPE_WEBHOOK_SECRET")
V("twilio-api-key-sid-secret", "SK«hex32»:«S»", lambda c: rs(A62, 32), "SK«hex32»")
V("sendgrid-api-key", "«S»", lambda c: "SG." + rs(B64U, 22) + "." + rs(B64U, 43), "")
V("mailgun-private-key", "api:«S»", lambda c: "key-" + rs(HX, 32), "")
V("google-api-key-aiza", "«S»", lambda c: "AIza" + rs(A62 + "-_", 35), "")
V("google-maps-key-in-url", "https://maps.googleapis.com/maps/api/directions/json?origin=«city»&destination=«city2»&key=«S»", lambda c: "AIza" + rs(A62 + "-_", 35), "maps.googleapis.com")
V("google-oauth-client-secret", "client_secret: «S»", lambda c: "GOCSPX-" + rs(A62 + "-_", 28), "")
V("azure-storage-account-key", "DefaultEndpointsProtocol=https;AccountName=dashcam«hex8»;AccountKey=«S»;EndpointSuffix=core.windows.net", lambda c: b64of(rbytes(64)), "AccountName=dashcam«hex8»")
V("azure-sas-signature-only", "https://dashcam«hex8».blob.core.windows.net/clips/«vin».mp4?sv=2022-11-02&ss=b&srt=o&sp=r&se=«date»T18:00:00Z&sig=«S»", lambda c: b64of(rbytes(32)).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"), "blob.core.windows.net")
V("aws-presigned-url-signature", "https://«word»-tacho.s3.«region».amazonaws.com/ddd/«vin».ddd?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«akid»%2F«date»%2F«region»%2Fs3%2Faws4_request&X-Amz-Date=20250101T000000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»", HEX(64), "amazonaws.com")
V("gcs-signed-url-signature", "https://storage.googleapis.com/«word»-exports/claims.csv?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=exporter%40«proj».iam.gserviceaccount.com&X-Goog-Expires=600&X-Goog-SignedHeaders=host&X-Goog-Signature=«S»", HEX(512), "storage.googleapis.com")
V("npm-access-token", "//registry.npmjs.org/:_authToken=«S»", K("npm_", A62, 36), "registry.npmjs.org")
V("pypi-upload-token", "TWINE_PASSWORD=«S»", lambda c: "pypi-AgEIcHlwaS5vcmcCJ" + rs(B64U, 150), "TWINE_PASSWORD")
V("docker-hub-pat", "«S»", lambda c: "dckr_pat_" + rs(A62 + "-_", 27), "")
V("openai-project-key", "OPENAI_API_KEY=«S»", lambda c: "sk-proj-" + rs(A62 + "-_", 156), "OPENAI_API_KEY")
V("anthropic-api-key", "«S»", lambda c: "sk-ant-api03-" + rs(A62 + "-_", 93) + "AA", "")
V("huggingface-token", "HF_TOKEN=«S»", K("hf_", A62, 34), "HF_TOKEN")
V("datadog-api-key-labelled", "DD_API_KEY=«S»", HEX(32), "DD_API_KEY")
V("newrelic-user-api-key", "«S»", lambda c: "NRAK-" + rs(A36U, 27), "")
V("sentry-org-auth-token", "SENTRY_AUTH_TOKEN=«S»", lambda c: "sntrys_" + b64u(json.dumps({"iat": rnd(1700000000, 1750000000), "url": "https://sentry.io", "org": c["slug"]})) + "_" + rs(A62 + "+/", 43), "SENTRY_AUTH_TOKEN")
V("mapbox-secret-token", "MAPBOX_DOWNLOADS_TOKEN=«S»", lambda c: "sk.eyJ1Ijoi" + b64u(c["slug"] + '","a":"')[:20] + rs(A62, 16) + "." + rs(A62 + "-_", 22), "MAPBOX_DOWNLOADS_TOKEN")
V("here-api-key", "apiKey=«S»", K("", A62 + "-_", 43), "")
V("tomtom-api-key", "https://api.tomtom.com/routing/1/calculateRoute/52.50931,13.42936:52.50274,13.43872/json?key=«S»", K("", A62, 32), "api.tomtom.com")
V("telegram-bot-token", "«S»", lambda c: "%d:AA%s" % (rnd(10 ** 9, 8 * 10 ** 9), rs(A62 + "-_", 33)), "")
V("discord-webhook-url", "«S»", lambda c: "https://discord.com/api/webhooks/%d/%s" % (rnd(10 ** 17, 10 ** 18), rs(A62 + "-_", 68)), "")
V("fcm-legacy-server-key", "Authorization: key=«S»", lambda c: "AAAA" + rs(A62 + "-_", 7) + ":APA91b" + rs(A62 + "-_", 134), "Authorization: key=")
V("digitalocean-pat", "«S»", lambda c: "dop_v1_" + rs(HX, 64), "")
V("atlassian-api-token", "JIRA_API_TOKEN=«S»", lambda c: "ATATT3xFfGF0" + rs(A62 + "-_", 180) + "=" + rs(HXU, 8), "JIRA_API_TOKEN")
V("okta-ssws-token", "Authorization: SSWS «S»", lambda c: "00" + rs(A62 + "-_", 40), "Authorization: SSWS")
V("auth0-client-secret", "AUTH0_CLIENT_SECRET=«S»", K("", A62 + "-_", 64), "AUTH0_CLIENT_SECRET")
V("rsa-private-key-pem-body", "-----BEGIN RSA PRIVATE KEY-----\n«S»\n-----END RSA PRIVATE KEY-----", PEMRSA, "BEGIN RSA PRIVATE KEY")
V("pkcs8-ec-private-key-body", "-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----", lambda c: pem_body(138, pfx=P8EC_PFX), "BEGIN PRIVATE KEY")
V("pgp-private-key-block-body", "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n«S»\n=«b4»\n-----END PGP PRIVATE KEY BLOCK-----".replace("«b4»", "«hex8»"), lambda c: "lQ" + pem_body(900)[2:], "PGP PRIVATE KEY BLOCK")
V("jwt-hs256-generic", "session_jwt=«S»", JWT(alg="HS256"), "session_jwt")
V("samsara-api-token", "«S»", SAMSARA, "")
V("tesla-owner-api-qts-token", "access_token=«S»", lambda c: "qts-" + rs(HX, 64), "")
V("tesla-developer-client-secret", "«S»", TESLA_CS, "")
V("tesla-partner-token-jwt", "partner_token: «S»", JWT(iss="https://auth.tesla.com/oauth2/v3/nts", extra={"scp": ["vehicle_device_data", "vehicle_cmds"]}), "partner_token")
V("smartcar-client-secret-labelled", "SMARTCAR_CLIENT_SECRET=«S»", UUID, "SMARTCAR_CLIENT_SECRET")
V("smartcar-management-token", "SMARTCAR_MANAGEMENT_TOKEN=«S»", HEX(64), "SMARTCAR_MANAGEMENT_TOKEN")
V("high-mobility-client-secret", "HM_CLIENT_SECRET=«S»", K("", A62, 48), "HM_CLIENT_SECRET")
V("geotab-session-id", "sessionId=«S»", K("", A62, 22), "")
V("webfleet-apikey-uuid", "apikey=«S»", UUID, "")
V("fortellis-client-secret", "FORTELLIS_CLIENT_SECRET=«S»", K("", A62 + "-_", 40), "FORTELLIS_CLIENT_SECRET")
V("ocpi-token-base64-uuid", "Authorization: Token «S»", lambda c: b64of(uuid4()), "Authorization: Token")
V("ocpp-authorization-key-hex", "AuthorizationKey=«S»", HEX(40), "AuthorizationKey")
V("vinaudit-api-key", "vinaudit key: «S»", K("", A36U, 16), "")
V("marketcheck-api-key", "api_key=«S»", K("", A62, 32), "")
V("flespi-token", "Authorization: FlespiToken «S»", K("", A62, 64), "Authorization: FlespiToken")
V("wialon-token-hex72", "wialon token «S»", HEX(72), "wialon token")
V("navixy-session-hash", "hash=«S»", HEX(32), "")
V("motive-api-key", "X-Api-Key: «S»", UUID, "X-Api-Key")
V("fleetio-account-and-token", "Account-Token: «hex8»\nAuthorization: Token «S»", HEX(40), "Account-Token: «hex8»")
V("traccar-api-token", "traccar.token=«S»", lambda c: "RzBFAiE" + rs(B64U, 130), "traccar.token")
V("enode-client-secret", "ENODE_CLIENT_SECRET=«S»", K("", A62, 40), "ENODE_CLIENT_SECRET")
V("chargepoint-api-password", "cp.api.password=«S»", K("", A62, 30), "cp.api.password")
V("verizon-reveal-app-token", "«S»", lambda c: "fleetmatics-p-eu-" + rs(HX, 8) + "." + rs(B64U, 48), "")
V("zendrive-sdk-key", "ZENDRIVE_SDK_KEY=«S»", K("", A62, 32), "ZENDRIVE_SDK_KEY")
V("azure-ad-client-secret-8q", "AZURE_CLIENT_SECRET=«S»", AZCS, "AZURE_CLIENT_SECRET")


# ================================================================ benign
PLAIN = ["dealer nightly export finished", "trip summary for van 12", "odometer sync ok",
         "Werkstatttermin bestaetigt", "prenotazione confermata", "rezervace potvrzena",
         "arac teslim edildi", "shaken yoyaku kanryou", "gaadi service due", "charging session closed",
         "key returned to cabinet", "fleet report week 14", "no DTC stored", "toll batch uploaded"]
G.update({
    "hex64": lambda: rs(HX, 64), "HEX16": lambda: rs(HXU, 16), "hex4": lambda: rs(HX, 4),
    "b64txt": lambda: b64of(pick(PLAIN) + pick(["", ".", "\n", " (%d)" % rnd(1, 99)])),
    "pubkey": lambda: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + rs(B64, 43),
    "fp": lambda: "SHA256:" + rs(B64, 43),
    "colonfp": lambda: ":".join(rs(HXU, 2) for _ in range(20)),
    "evse": lambda: "%s*%s*E%s*%d" % (pick(["DE", "IT", "CZ", "TR"]), rs(U, 3), rs(D, 7), rnd(1, 4)),
    "idtag": lambda: rs(HXU, pick([8, 14])),
    "dtc": lambda: " ".join(pick("PCBU") + rs(D, 4) for _ in range(rnd(1, 4))),
    "can": lambda: " ".join(rs(HXU, 2) for _ in range(8)),
    "part": lambda: "%s%d %s %s %s" % (rs(D, 1), rnd(0, 9), rs(A36U, 1) + rs(D, 2), rs(D, 3), rs(U, 2)),
    "ticket": lambda: pick(["FLEET-", "DMS-", "RENT-", "OPS-", "INC"]) + str(rnd(100, 99999)),
    "b43": lambda: rs(B64U, 43), "sri": lambda: b64of(rbytes(64)), "num18": lambda: str(rnd(10 ** 17, 10 ** 18)),
    "envname": lambda: pick(["GEOTAB_PASSWORD", "SAMSARA_API_TOKEN", "SMARTCAR_CLIENT_SECRET",
                             "WEBFLEET_APIKEY", "TESLA_CLIENT_SECRET", "HM_CLIENT_SECRET", "DMS_PASSWORD",
                             "OCPP_AUTH_KEY", "LOCKBOX_MASTER_CODE", "FORTELLIS_CLIENT_SECRET"]),
})

BENIGN_T = [
    "commit «sha»\nAuthor: «first» «last» <«email»>\n\n    fix geotab session refresh on 401",
    "«sha7» bump teltonika codec8e parser to «ver»",
    "sha256sum FMB920_«ver».xim\n«hex64»  FMB920_«ver».xim",
    "\"vehicle_id\": \"«uuid»\", \"make\": \"«?VW|FIAT|SKODA|TATA|TOYOTA»\", \"model\": \"«model»\"",
    "X-Request-Id: «uuid»",
    "traceparent: 00-«hex32»-«hex16»-01",
    "«pubkey» «user»@«host»",
    "ED25519 key fingerprint is «fp».",
    "pub   rsa4096/«HEX16» «date» [SC]\n      Key fingerprint = «colonfp»",
    "SHA1 Fingerprint=«colonfp»",
    "SAMSARA_API_TOKEN=<your-token-here>",
    "GEOTAB_PASSWORD=${GEOTAB_PASSWORD}",
    "password: changeme  # template only, the real value is injected from Vault at deploy time",
    "client_secret: \"{{ .Values.smartcar.clientSecret }}\"",
    "api_key: REPLACE_ME   # ask «first» for the VINaudit key, never commit it",
    "Authorization: Bearer ****************",
    "password=******** (masked by logger)",
    "«envname»=*** (set in CI)",
    "samsara_api_••••••••••••••••••••«hex4»",
    "vault kv get -field=password secret/dealers/«dealer»/dms",
    "valueFrom:\n  secretKeyRef:\n    name: webfleet-creds\n    key: password",
    "password_file: /run/secrets/geotab_password",
    "op://Fleet/Samsara API/credential",
    "arn:aws:secretsmanager:«region»:«acct12»:secret:fleet/tesla-client-«hex8»",
    "token: ${{ secrets.TESLA_CLIENT_SECRET }}",
    "-p $(GEOTAB_PASSWORD)",
    "echo «b64txt» | base64 -d",
    "payload=«b64txt»",
    "/var/lib/obd-bridge/keys/public-key.pem",
    "C:\\ProgramData\\ODIS\\logs\\«date»_diag_«vin».log",
    "teltonika firmware «?03.28|03.29|04.00».«n».Rev.«n2» installed on «imei»",
    "mygeotab==«ver»  smartcar==«ver2»  paho-mqtt==2.1.0",
    "Passwörter müssen mindestens 12 Zeichen lang sein und dürfen nicht wiederverwendet werden.",
    "La password deve contenere almeno un numero e una maiuscola; scade ogni «n» giorni.",
    "Heslo musí mít alespoň 12 znaků a nesmí obsahovat jméno uživatele.",
    "Şifre en az 12 karakter olmalı ve son 5 şifreden farklı olmalıdır.",
    "パスワードは12文字以上で、英大文字・数字・記号を含めてください。",
    "पासवर्ड कम से कम 12 अक्षरों का होना चाहिए और हर 90 दिन में बदलना ज़रूरी है।",
    "VIN «vin» decoded: «model» «?2019|2021|2023|2024», plant «?Wolfsburg|Mladá Boleslav|Melfi|Pune|Bursa|Toyota City»",
    "device «imei» ICCID «iccid» online, last fix «ts»",
    "EVSE «evse» status=Available",
    "[2,\"«uuid»\",\"Authorize\",{\"idTag\":\"«idtag»\"}]",
    "[3,\"«uuid»\",{\"status\":\"Accepted\",\"currentTime\":\"«ts»\",\"interval\":300}]",
    "Stored DTCs: «dtc» (freeze frame saved)",
    "can0  7E8   [8]  «can»",
    "27 01 -> 67 01 «can» (seed, SecurityAccess level 1)",
    "«ticket»: Geotab adapter returns 401 after password rotation",
    "image: registry.«domain»/fleet-api@sha256:«hex64»",
    "\"integrity\": \"sha512-«sri»\"",
    "oid sha256:«hex64»\nsize «num»",
    "ETag: \"«hex32»\"",
    "Sentry event «hex32» captured",
    "x-amz-request-id: «HEX16»",
    "Samsara vehicle id «num18», name \"«plate»\"",
    "\"id\": «num18», \"vehicle_id\": «num», \"vin\": \"«vin»\", \"state\": \"asleep\"",
    "arn:aws:kms:«region»:«acct12»:key/«uuid»",
    "-----BEGIN PUBLIC KEY-----\n«pemp»\n-----END PUBLIC KEY-----",
    "https://«host»/.well-known/appspecific/com.tesla.3p.public-key.pem",
    "Serial Number: «colonfp»",
    "nonce=«hex16» ts=«ts»",
    "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9 (just the JWT header, no token)",
    "https://auth.tesla.com/oauth2/v3/authorize?response_type=code&client_id=«uuid»&redirect_uri=https%3A%2F%2F«host»%2Fcb&scope=openid%20vehicle_device_data&state=«hex16»&code_challenge=«b43»&code_challenge_method=S256",
    "https://connect.smartcar.com/oauth/authorize?response_type=code&client_id=«uuid»&scope=read_vehicle_info%20read_odometer&redirect_uri=https://«host»/exchange&mode=live",
    "git remote add origin https://github.com/«slug»/fleet-bridge.git",
    "Server=«host»;Database=DMS;User Id=«user»;Password=<from-keyvault>;",
    "postgresql://«user»@«host»:5432/fleet?sslmode=verify-full",
    "ERROR 1045 (28000): Access denied for user '«user»'@'«ip»' (using password: YES)",
    "Rotate the Samsara token every 90 days; the current one lives in 1Password under 'Fleet / Samsara'.",
    "La chiave API è salvata nel vault, non incollarla in chat.",
    "Heslo najdeš v trezoru Bitwarden, sdílená složka Flotila.",
    "Şifreyi Slack'e yazma, kasada duruyor.",
    "Das Passwort steht im KeePass unter 'DMS/Filiale «city»'.",
    "पासवर्ड वॉल्ट में है, चैट में मत भेजो।",
    "APIキーはSecrets Managerに保存済みです（fleet/prod/vin-decoder）。",
    "Lockbox code: sent to the renter by SMS 2h before pickup, not stored here",
    "key cabinet «serial», slot «n», fob #«num» returned «ts»",
    "PIN expired for badge «hex8», ask dispatcher to issue a new one",
    "Password reset link sent to «email»",
    "Required env: GEOTAB_USER, GEOTAB_PASSWORD, GEOTAB_DATABASE, GEOTAB_SERVER",
    "  -p, --password TEXT   MyGeotab password (or set GEOTAB_PASSWORD)",
    "SMS format: <login> <password> setparam <id>:<value>  (empty login/password = two leading spaces)",
    "  getinfo",
    "Part no. «part» (Bremsbelagsatz), qty 2",
    "SW «?0001|0002|0003».«n».«n2» HW H«n3» Serial «serial»",
    "trip_id=«b43»",
    "password=<redacted> user=«user» host=«host»",
    "token=[FILTERED] path=/api/v1/vehicles/«vin»",
    "secret_ref: projects/«proj»/secrets/hm-client-secret/versions/latest",
    "Reservation R-«num» · pickup «time» · key box «n» · plate «plate»",
    "plate «plate» / VIN «vin» / km «num»",
    "X-Amz-Credential=«akid»%2F«date»%2F«region»%2Fs3%2Faws4_request (signature stripped)",
    "FASTag tag id 34161FA82033«HEX16»",
    "OCPP transactionId «num» stopped, meterStop «num» Wh",
    "Smartcar webhook verify: challenge=«hex32» (echo back as HMAC)",
    "ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 «fp» «user»@«host» (ED25519)",
    "md5 «hex32»  dealer_export_«date».csv",
    "«?Tesla|Smartcar|Geotab|Samsara» client id: «uuid» (public, safe to share)",
    "crc32=«hex8» frame=«n»",
    "uuid «uuid» assigned to cpid «cpid»",
    "ODIS session «uuid» started, GeKo online check OK",
]


G["pemp"] = lambda: pem_body(91, pfx=SPKI_EC_PFX)


def _build_benign():
    out, seen = [], set()
    rounds = 0
    while len(out) < 950 and rounds < 40:
        rounds += 1
        for tpl in BENIGN_T:
            if len(out) >= 950:
                break
            s = render(tpl, Ctx())
            if s in seen:
                continue
            seen.add(s)
            out.append(s)
    return out


# ================================================================= build
GROUPS = ["command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
          "note-or-chat", "ci-and-deploy", "vendor-token"]
PER_GROUP = 187


def _build_secrets():
    out = []
    for g in GROUPS:
        fmts = [r for r in REG if r[0] == g]
        n = 0
        for rnd_i in range(3):
            for (_g, fmt, tpl, sec, vis) in fmts:
                if n >= PER_GROUP:
                    break
                c = Ctx()
                s = sec(c)
                c["S"] = s
                text = render(tpl, c)
                v = render(vis, c) if vis else ""
                if v and (v in s or s in v or v not in text):
                    v = ""
                out.append((g, fmt, text, s, v))
                n += 1
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign()
