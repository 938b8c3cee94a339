"""Blind hold-out corpus no. 20 for a secret-redaction engine.

What this is
------------
A test corpus for the engine that scrubs the free-text fields of a coding
agent's saved working state (goal, notes, commands run, excerpts of files and
tool output, decisions, next steps) before they are written to disk.  The
theme is enterprise and regulated shops around the world: Windows / Active
Directory / .NET / PowerShell / IIS / SQL Server, Java application servers,
Oracle and DB2, SAP, Salesforce, ServiceNow, Jenkins / TeamCity / Bamboo /
Azure DevOps, Nexus / Artifactory, Kerberos / LDAP / SAML / ADFS / Okta /
Ping, HSMs and PKI, banking (SWIFT, ISO 8583, EMV, payment HSM keys),
telecom (SIP, RADIUS, Diameter, SNMP), government and healthcare
integrations, IBM MQ, TIBCO, BizTalk, mainframe batch, VMware / Citrix and
network gear (Cisco, Juniper, Fortinet, Palo Alto, F5).

How it was written
------------------
Blind: written from general knowledge of what real credentials and real
engineering text look like, without reading the engine, its rules, its tests,
any other corpus, or any public secret-scanner rule set.  The emphasis is on
shapes that are hard for a scanner: secrets in log lines and tool output far
from the command that produced them, device configuration dumps, XML /
.properties / .ini / registry exports, PowerShell objects printed as tables
and lists, batch files, configuration management code, tokens wrapped across
two lines, secrets in prose notes (about a third of them not in English),
human-chosen passwords, unlabelled secrets next to an id or user name, and
obfuscated-but-reversible values (base64, Cisco type 7, WebSphere {xor},
Jenkins {AQAAABAAAA...}, GPP cpassword, unattend.xml).

SECRETS
-------
A list of 5-tuples ``(group, format, text, secret, visible)``:

* group   - one of command (~13%), tool-output (~16%), config-file (~17%),
            source-code (~12%), stack-trace-or-log (~11%), note-or-chat (~17%,
            about a third in other languages, formats named note-<lang>-...),
            ci-and-deploy (~7%), vendor-token (~7%).
* format  - kebab-case name of the shape; each used at most three times.
* text    - what the agent would record, with realistic surrounding noise.
* secret  - exact substring of text that must not survive (password only for
            user:password pairs and connection strings, base64 body only for
            private keys, signature only for signed URLs, one line's part for
            a wrapped token).
* visible - a substring that should stay readable, or "".

BENIGN
------
Strings of the same kinds that contain no credential but look like one to a
naive scanner: commit SHAs, GUIDs, SIDs, certificate thumbprints and serial
numbers, public keys and fingerprints, digests, correlation / trace / request
ids, ticket numbers, IBANs and card numbers marked as test data, object ids,
cursors, placeholders and variable references, pointers to where a secret is
stored (vault paths, env var names, credential manager targets, keystore
aliases), fixtures marked fake, base64 of ordinary text, masked values,
password policies and password error messages (several languages),
public-by-design keys, free licence keys marked as such, MAC addresses, hex
dumps, key check values and BitLocker recovery key ids.

All values are synthetic, generated deterministically from random.Random(2020).

It measured 0.829 recall and 2.2% false positives blind, and is regression
data now (tests/test_redaction_holdouts_recent.py holds its recall per group and
its false positives).
"""

import base64
import hashlib
import json
import re
import random
import string

R = random.Random(2020)

_AN = string.ascii_letters + string.digits
_UP = string.ascii_uppercase + string.digits
_LO = string.ascii_lowercase + string.digits
_B64C = _AN + "+/"
_URLC = _AN + "-_"


def rs(n, alphabet=_AN):
    return "".join(R.choice(alphabet) for _ in range(n))


def hx(n):
    return rs(n, "0123456789abcdef")


def HX(n):
    return rs(n, "0123456789ABCDEF")


def dg(n):
    return str(R.randint(1, 9)) + rs(n - 1, string.digits)


def rb(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(n):
    return base64.b64encode(rb(n)).decode()


def b64u(n):
    return base64.urlsafe_b64encode(rb(n)).decode().rstrip("=")


def guid():
    h = hx(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], R.choice("89ab"), h[17:20], h[20:32])


def enc64(s, enc="utf-8"):
    return base64.b64encode(s.encode(enc)).decode()


def pem_body(prefix, nchars, width=64):
    body = prefix + rs(nchars - len(prefix), _B64C)
    lines = [body[i:i + width] for i in range(0, len(body), width)]
    return "\n".join(lines)


def jwt(alg="RS256", claims=None, sig=64):
    hdr = {"alg": alg, "typ": "JWT", "kid": hx(16)}
    now = 1700000000 + R.randint(0, 60000000)
    pl = {"iss": "https://login.example-corp.net/%s/" % guid(), "sub": guid(),
          "aud": "api://%s" % guid(), "iat": now, "exp": now + 3600}
    if claims:
        pl.update(claims)
    e = lambda o: base64.urlsafe_b64encode(json.dumps(o, separators=(",", ":")).encode()).decode().rstrip("=")
    return "%s.%s.%s" % (e(hdr), e(pl), b64u(sig))


# ---------------------------------------------------------------- passwords
_SEASONS = ["Winter", "Summer", "Spring", "Autumn", "Sommer", "Herbst", "Fruehling", "Hiver",
            "Printemps", "Verano", "Invierno", "Inverno", "Outono", "Zima", "Lato", "Jesien",
            "Vinter", "Sommar", "Hosten", "Zomer", "Lente", "Herfst", "Natsu", "Fuyu", "Haru"]
_ORGS = ["Contoso", "Fabrikam", "Northwind", "Tailspin", "Globex", "Initech", "Nordbank",
         "Vandelay", "Cyberdyne", "Hooli", "Tyrell", "Umbrella", "Soylent", "Acme", "Adatum",
         "Litware", "Proseware", "Woodgrove", "Wingtip", "Lamna", "Treyresearch", "Alpenbank",
         "Sakuragi", "Brasilcred", "Telenordic", "Ankatel", "Vistula", "Hanbit", "Zhongtai"]
_CITIES = ["Muenchen", "Frankfurt", "Hamburg", "Paris", "Lyon", "Osaka", "Tokyo", "Nagoya",
           "Recife", "SaoPaulo", "Curitiba", "Pune", "Bangalore", "Chennai", "Krakow", "Gdansk",
           "Warszawa", "Madrid", "Sevilla", "Busan", "Seoul", "Incheon", "Shenzhen", "Hangzhou",
           "Ankara", "Izmir", "Istanbul", "Utrecht", "Rotterdam", "Malmo", "Goteborg", "Uppsala"]
_NAMES = ["Marta", "Kenji", "Priya", "Joao", "Ayse", "Lukas", "Camille", "Sakura", "Rafael",
          "Anika", "Piotr", "Lucia", "Minji", "WeiLing", "Emre", "Sanne", "Elin", "Thomas",
          "Yuki", "Fernanda", "Rohit", "Kasia", "Javier", "Jiwoo", "Mehmet", "Daan", "Oskar"]
_WALKS = ["1qaz2wsx", "1qaz@WSX", "!QAZ2wsx", "zaq1@WSX", "Zaq12wsx", "Qwerty", "Qwertz",
          "Azerty", "asdfgh", "Asdf", "qweASD", "1q2w3e4r", "1Q2w3e4r", "q1w2e3r4", "P0o9i8u7",
          "zxcvbn", "Qazwsx", "qwe123QWE", "Pass1234", "123qweASD", "!QAZxsw2", "Mnbvcx"]
_WORDS = ["Dragon", "Falcon", "Tiger", "Kaffee", "Fussball", "Bonjour", "Futebol", "Cricket",
          "Pierogi", "Paella", "Kimchi", "Panda", "Simit", "Tulpen", "Fika", "Monkey",
          "Sunshine", "Orange", "Galaxy", "Phoenix", "Matrix", "Rocket", "Anchor", "Lotus"]
_LEET = ["W3lc0me", "Welcome", "Willkommen", "Bienvenue", "Welkom", "Bemvindo", "P@ssw0rd",
         "Passw0rt", "Adm1n", "S3cur1ty", "Ch@ngeMe", "Start", "Initial", "Geheim", "Secreto",
         "Haslo", "Sifre", "Mudar", "Motdepasse", "Kennwort"]
_SYM = "!@#$%*?+."


def _pw_once():
    f = R.randint(0, 9)
    y = str(R.randint(2016, 2026))
    s = R.choice(_SYM)
    if f == 0:
        return R.choice(_SEASONS) + y + s
    if f == 1:
        return R.choice(_ORGS) + R.choice(["", s, "_", "#"]) + R.choice([y, dg(3), dg(4), "2k" + y[-2:]]) + R.choice(["", s])
    if f == 2:
        w = R.choice(_WALKS)
        return w + R.choice(["", s]) + R.choice([dg(2), dg(3), y, "#EDC", "3edc", "$RFV"]) + R.choice(["", s])
    if f == 3:
        return R.choice(_NAMES) + R.choice(["", s, "."]) + str(R.randint(1962, 2005)) + R.choice(["", s])
    if f == 4:
        return R.choice(_WORDS) + R.choice(_WORDS).lower() + dg(2) + R.choice(["", s])
    if f == 5:
        return R.choice(_LEET) + R.choice(["", s, "@", "#"]) + R.choice([y, dg(2), dg(3), "01", "123"]) + R.choice(["", s])
    if f == 6:
        return R.choice(_CITIES) + R.choice([s, "@", ""]) + R.choice([y, dg(2), "34", "06", "0" + dg(2)]) + R.choice(["", s])
    if f == 7:
        return R.choice(_ORGS)[:3].upper() + "_" + R.choice(["prod", "prd", "uat", "svc", "batch", "sys"]) + "_" + y
    if f == 8:
        return R.choice(_WORDS) + s + R.choice(_SEASONS) + y[-2:]
    return rs(R.randint(3, 5), string.ascii_uppercase) + rs(R.randint(4, 7), string.ascii_lowercase) + dg(R.randint(2, 4)) + s


def pw():
    while True:
        p = _pw_once()
        if len(p) >= 9:
            return p


def strong(n=None):
    n = n or R.randint(16, 24)
    return rs(n, _AN + "!#%*-_+=.^@")


def cisco7(p):
    xl = "dsfd;kfoA,.iyewrkldJKDHSUBsgvca69834ncxv9873254k;fg87"
    seed = R.randint(0, 15)
    return "%02d" % seed + "".join("%02X" % (ord(c) ^ ord(xl[(seed + i) % len(xl)])) for i, c in enumerate(p))


def jenkins_secret():
    data = rb(R.choice([16, 32, 48]))
    raw = b"\x01" + (16).to_bytes(4, "big") + len(data).to_bytes(4, "big") + rb(16) + data
    return base64.b64encode(raw).decode()


def luhn_ok(num):
    total = 0
    for i, ch in enumerate(reversed(num)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def test_card(prefix):
    while True:
        n = prefix + rs(15 - len(prefix), string.digits)
        for last in string.digits:
            if luhn_ok(n + last):
                return n + last


def iban(cc, blen):
    bban = rs(blen, string.digits)
    num = "".join(str(int(c, 36)) for c in bban + cc + "00")
    chk = 98 - int(num) % 97
    return "%s%02d%s" % (cc, chk, bban)


def _ts():
    return "20%02d-%02d-%02dT%02d:%02d:%02d" % (R.randint(23, 25), R.randint(1, 12), R.randint(1, 28),
                                              R.randint(0, 23), R.randint(0, 59), R.randint(0, 59))


# --------------------------------------------------------- secret generators
V = {
    "ghp": lambda: "ghp_" + rs(36),
    "gho": lambda: "gho_" + rs(36),
    "ghs": lambda: "ghs_" + rs(36),
    "ghu": lambda: "ghu_" + rs(36),
    "ghpat": lambda: "github_pat_11" + rs(20, _UP) + "_" + rs(59),
    "glpat": lambda: "glpat-" + rs(20, _URLC),
    "glrt": lambda: "glrt-" + rs(20, _URLC),
    "gldt": lambda: "gldt-" + rs(20, _URLC),
    "xoxb": lambda: "xoxb-%s-%s-%s" % (dg(11), dg(13), rs(24)),
    "xoxp": lambda: "xoxp-%s-%s-%s-%s" % (dg(11), dg(11), dg(13), hx(32)),
    "xapp": lambda: "xapp-1-A%s-%s-%s" % (rs(10, _UP), dg(13), hx(64)),
    "akia": lambda: "AKIA" + rs(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"),
    "asia": lambda: "ASIA" + rs(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"),
    "awssk": lambda: rs(40, _B64C),
    "awsst": lambda: "IQoJb3JpZ2luX2VjE" + rs(20, _B64C) + "aCXVzLWVhc3QtMSJHMEUCI" + rs(150, _B64C),
    "azkey88": lambda: b64(64),
    "azkey44": lambda: b64(32),
    "aadsec": lambda: rs(3) + str(R.randint(0, 9)) + "Q~" + rs(34, _AN + "_.~-"),
    "aiza": lambda: "AIza" + rs(35, _URLC),
    "gocspx": lambda: "GOCSPX-" + rs(28, _URLC),
    "sklive": lambda: "sk_live_51" + rs(97),
    "rklive": lambda: "rk_live_51" + rs(97),
    "whsec": lambda: "whsec_" + rs(32),
    "sg": lambda: "SG." + rs(22, _URLC) + "." + rs(43, _URLC),
    "mgkey": lambda: "key-" + hx(32),
    "npm": lambda: "npm_" + rs(36),
    "pypi": lambda: "pypi-AgEIcHlwaS5vcmcCJG" + rs(130, _URLC),
    "dckr": lambda: "dckr_pat_" + rs(27, _URLC),
    "atatt": lambda: "ATATT3xFfGF0" + rs(170, _URLC) + "=" + HX(8),
    "okta": lambda: "00" + rs(40, _URLC),
    "sfsid": lambda: "00D" + rs(12) + "!AQ" + rs(4) + "AQ" + rs(90, _AN + "._"),
    "nrak": lambda: "NRAK-" + rs(27, _UP),
    "shpat": lambda: "shpat_" + hx(32),
    "sq": lambda: "EAAA" + rs(60, _URLC),
    "bt": lambda: "access_token$production$" + rs(16, _LO) + "$" + hx(32),
    "akcp": lambda: "AKCp8" + rs(68),
    "jfref": lambda: "cmVmdGtuOjAxOjE3" + rs(48, _AN),
    "adopat": lambda: rs(52, "abcdefghijklmnopqrstuvwxyz234567"),
    "adopat84": lambda: rs(76) + "AZDO" + rs(4),
    "octo": lambda: "API-" + rs(26, _UP),
    "tctok": lambda: "eyJ0eXAiOiAiVENWMiJ9." + rs(36, _URLC) + "." + rs(48, _URLC),
    "jkapi": lambda: "11" + hx(32),
    "squ": lambda: "squ_" + hx(40),
    "sqp": lambda: "sqp_" + hx(40),
    "sqa": lambda: "sqa_" + hx(40),
    "hvs": lambda: "hvs.CAESI" + rs(80, _URLC),
    "hvsshort": lambda: "hvs." + rs(24),
    "tfc": lambda: rs(14) + ".atlasv1." + rs(67),
    "pul": lambda: "pul-" + hx(40),
    "dop": lambda: "dop_v1_" + hx(64),
    "oai": lambda: "sk-proj-" + rs(74, _URLC) + "T3BlbkFJ" + rs(74, _URLC),
    "ant": lambda: "sk-ant-api03-" + rs(93, _URLC) + "AA",
    "hf": lambda: "hf_" + rs(34),
    "tg": lambda: dg(10) + ":AA" + rs(33, _URLC),
    "ltai": lambda: "LTAI5t" + rs(18),
    "akid": lambda: "AKID" + rs(32),
    "ding": lambda: hx(64),
    "kakao": lambda: hx(32),
    "apim": lambda: hx(32),
    "line": lambda: rs(171, _B64C) + "=",
    "glsa": lambda: "glsa_" + rs(32) + "_" + hx(8),
    "glc": lambda: "glc_eyJvIjoi" + rs(100, _AN) + "In19",
    "cfat": lambda: rs(40, _URLC),
    "mbsk": lambda: "sk.eyJ1Ijoi" + rs(40) + "IiwiYSI6Im" + rs(22) + "." + rs(22, _URLC),
    "pmak": lambda: "PMAK-" + hx(24) + "-" + hx(34),
    "figd": lambda: "figd_" + rs(40, _URLC),
    "ntn": lambda: "ntn_" + dg(11) + rs(35),
    "dopp": lambda: "dp.st.prd." + rs(40),
    "nfp": lambda: "nfp_" + rs(36),
    "age": lambda: "AGE-SECRET-KEY-1" + rs(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"),
    "tskey": lambda: "tskey-auth-k" + rs(10) + "CNTRL-" + rs(33),
    "dapi": lambda: "dapi" + hx(32),
    "dt": lambda: "dt0c01." + rs(24, _UP) + "." + rs(64, _UP),
    "mc": lambda: hx(32) + "-us" + str(R.randint(2, 21)),
    "lin": lambda: "lin_api_" + rs(40),
    "hrku": lambda: "HRKU-AA" + rs(58, _URLC),
    "fcm": lambda: "AAAA" + rs(7, _URLC) + ":APA91b" + rs(134, _URLC),
    "acr": lambda: rs(44, _B64C) + "+ACR" + rs(4),
    "eskey": lambda: enc64(rs(20, _URLC) + ":" + rs(22, _URLC)),
    "sfcs": lambda: HX(64),
    "jwt": lambda: jwt(),
    "jwths": lambda: jwt("HS256", sig=32),
    "pal": lambda: "LUFRPT" + rs(70, _B64C) + "==",
    "fortienc": lambda: "ENC " + b64(R.choice([48, 60, 72])),
    "jnpr9": lambda: "$9$" + rs(R.randint(18, 34), _AN + "./-"),
    "c7": lambda: cisco7(pw()),
    "jenkins": jenkins_secret,
    "wasxor": lambda: "".join(base64.b64encode(bytes(ord(c) ^ 0x5F for c in pw())).decode()),
    "fz": lambda: enc64(pw()),
    "wlaes": lambda: b64(48),
    "zxx": lambda: "zxx" + hx(R.choice([32, 48, 64])),
    "bamboo": lambda: "BAMSCRT@0@0@" + b64(32),
    "cpass": lambda: b64(R.choice([32, 48])).rstrip("="),
    "unattend": lambda: enc64(pw() + "AdministratorPassword", "utf-16-le"),
    "unattendu": lambda: enc64(pw() + "Password", "utf-16-le"),
    "vnchex": lambda: hx(16),
    "winscp": lambda: "A35C" + HX(R.choice([60, 76, 92])),
    "dpapi": lambda: "01000000d08c9ddf0115d1118c7a00c04fc297eb01000000" + hx(R.choice([140, 172])),
    "mvnenc": lambda: b64(32),
    "tibems": lambda: "#!" + rs(R.choice([24, 32, 36]), _B64C),
    "basicup": lambda: enc64(R.choice(["svc_", "sys_", "deploy_", "app_", ""]) + rs(6, string.ascii_lowercase) + ":" + pw()),
    "ntlm": lambda: hx(32),
    "krbaes": lambda: hx(64),
    "mkval": lambda: HX(128),
    "mkdec": lambda: HX(64),
    "zmkc": lambda: " ".join(HX(4) for _ in range(8)),
    "lmk": lambda: "U" + HX(32),
    "lmkx": lambda: "X" + HX(32),
    "k32": lambda: HX(32),
    "k48": lambda: HX(48),
    "bitlk": lambda: "-".join(dg(6) for _ in range(8)),
    "sesstok": lambda: "FwoGZXIvYXdzE" + rs(200, _B64C),
    "sapass": lambda: rs(3, string.ascii_uppercase) + rs(5, string.ascii_lowercase) + dg(2) + R.choice("!#$"),
    "pin8": lambda: dg(8),
    "snmp": lambda: R.choice(_ORGS).lower() + R.choice(["RO", "rw", "Mon", "_ro", "-snmp"]) + dg(3),
    "radius": lambda: R.choice(_WORDS) + R.choice(["-", "_", ""]) + R.choice(_CITIES).lower() + dg(2),
    "emvmk": lambda: HX(32),
    "oauthsec": lambda: rs(40, _URLC),
    "auth0": lambda: rs(64, _URLC),
    "uuidsec": guid,
    "GUIDSEC": lambda: guid().upper(),
    "sshpk": lambda: pem_body("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", 280, 70),
    "rsapk": lambda: pem_body("MIIEowIBAAKCAQEA", 448),
    "p8pk": lambda: pem_body("MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ", 448),
    "ecpk": lambda: pem_body("MHcCAQEEI", 164),
    "gcpk": lambda: pem_body("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", 320).replace("\n", "\\n"),
}


def _kind(kind):
    if callable(kind):
        v = kind()
    elif kind == "pw":
        v = pw()
    elif kind == "pwu":
        v = pw().replace("@", "!").replace("#", "*").replace("%", "+").replace("?", ".")
    elif kind == "strong":
        v = strong()
    elif kind == "strongu":
        v = strong().replace("@", "_")
    elif kind == "guid":
        v = guid()
    elif kind in V:
        v = V[kind]()
    else:
        m = re.match(r"^(an|lo|up|hex|HEX|b64|b64u|dig|b64c|url)(\d+)$", kind)
        if not m:
            raise ValueError(kind)
        k, n = m.group(1), int(m.group(2))
        v = {"an": lambda: rs(n), "lo": lambda: rs(n, _LO), "up": lambda: rs(n, _UP),
             "hex": lambda: hx(n), "HEX": lambda: HX(n), "b64": lambda: b64(n),
             "b64u": lambda: b64u(n), "dig": lambda: dg(n), "b64c": lambda: rs(n, _B64C),
             "url": lambda: rs(n, _URLC)}[k]()
    return v if isinstance(v, dict) else {"S": v}


def wrap(kind, cut=None):
    """A token that the text shows broken across two lines; S is the first line's part."""
    def g():
        full = _kind(kind)["S"]
        c = cut or max(8, len(full) // 2 + R.randint(-4, 4))
        return {"S": full[:c], "R": full[c:]}
    return g


def b64pw(enc="utf-8"):
    def g():
        p = pw()
        return {"S": enc64(p, enc), "P": p}
    return g


# ------------------------------------------------------------------ fillers
_DOCIP = ["10.%d.%d.%d", "172.%d.%d.%d", "192.168.%d.%d"]


def _filler(name):
    m = re.match(r"^([A-Z]+?)(\d*)$", name)
    base, n = m.group(1), int(m.group(2) or 0)
    if base == "G":
        return guid()
    if base == "GU":
        return guid().upper()
    if base == "H":
        return hx(n or 8)
    if base == "HU":
        return HX(n or 8)
    if base == "N":
        return dg(n or 4)
    if base == "A":
        return rs(n or 8)
    if base == "L":
        return rs(n or 8, string.ascii_lowercase)
    if base == "TS":
        return _ts()
    if base == "TSZ":
        return _ts() + "." + dg(3) + "Z"
    if base == "LT":
        return _ts().replace("T", " ") + "," + rs(3, string.digits)
    if base == "D":
        return _ts()[:10]
    if base == "T":
        return _ts()[11:]
    if base == "IP":
        return "10.%d.%d.%d" % (R.randint(0, 254), R.randint(0, 254), R.randint(2, 254))
    if base == "SID":
        return "S-1-5-21-%d-%d-%d-%d" % (R.randint(10 ** 9, 4 * 10 ** 9), R.randint(10 ** 9, 4 * 10 ** 9),
                                          R.randint(10 ** 8, 4 * 10 ** 9), R.randint(1100, 99999))
    if base == "MAC":
        return ":".join(HX(2) for _ in range(6))
    if base == "TP":
        return HX(40)
    if base == "SHA":
        return hx(40)
    if base == "SHB":
        return hx(64)
    if base == "SER":
        return HX(n or 32)
    if base == "B":
        return b64(n or 24)
    if base == "BT":
        return enc64(R.choice(["Authorized access only", "ora-scan.prd.local", "Willkommen im Intranet",
                               "maintenance window Sat 22:00", "jdbc:postgresql://pgclaims:5432/claims",
                               "Hello from the HL7 test harness", "claims-api readiness ok",
                               "Bienvenue sur le portail", "uat banner - test system"]) + " " + dg(3))
    if base == "FP":
        return ":".join(HX(2) for _ in range(n or 32))
    if base == "KID":
        return rs(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    if base == "AU":
        return rs(n or 5, "BCDFGHJKMPQRTVWXY2346789")
    if base == "PORT":
        return str(R.choice([1433, 1521, 50000, 8443, 9443, 7002, 1414, 389, 636, 443, 5432, 3306, 30015]))
    if base == "IBANDE":
        return iban("DE", 18)
    if base == "IBANNL":
        return iban("NL", 14)[:4] + "TEST" + rs(10, string.digits)
    if base == "IBANFR":
        return iban("FR", 23)
    if base == "IBANES":
        return iban("ES", 20)
    if base == "IBANPL":
        return iban("PL", 24)
    if base == "IBANTR":
        return iban("TR", 22)
    if base == "IBANBR":
        return iban("BR", 25)
    if base == "CARDV":
        return test_card("4000")
    if base == "CARDM":
        return test_card("5555")
    raise ValueError(name)


_MARK = re.compile(u"\u00a7([A-Za-z0-9_]+)\u00a7")


def render(tpl, sd):
    cache = dict(sd)

    def rep(m):
        k = m.group(1)
        if k not in cache:
            cache[k] = _filler(k.split("_")[0])
        return cache[k]
    return _MARK.sub(rep, tpl)


_T = []
_B = []


def t(group, fmt, text, kind, vis=""):
    if kind in ("pw", "strong") and u"\u00a7S\u00a7@" in text:
        kind += "u"     # a password written before "@" in a URL or user/pw@tns is URL-safe
    _T.append((group, fmt, text.strip("\n"), kind, vis))


def b(text):
    _B.append(text.strip("\n"))


# =================================================================== COMMAND
C = "command"
t(C, "sqlcmd-sql-auth-p-flag", r"""
PS C:\deploy\fin> sqlcmd -S SQLPRD01\FINANCE,1433 -U sa_report -P §S§ -d GL_Reporting -Q "EXEC dbo.usp_RebuildMonthEnd @Period='2024-09'" -b -o C:\deploy\fin\monthend.log
""", "pw", "sa_report")
t(C, "invoke-sqlcmd-password-param", r"""
Invoke-Sqlcmd -ServerInstance 'SQLCLU02\HR' -Database PayrollDW -Username 'etl_payroll' -Password '§S§' -InputFile .\migrations\V2024_11__add_cost_center.sql -QueryTimeout 600 -Verbose
""", "pw", "etl_payroll")
t(C, "bcp-export-with-credentials", r"""
bcp "SELECT * FROM Claims.dbo.ClaimLine WHERE LoadDate >= '2024-10-01'" queryout D:\extract\claimline.dat -c -t"|" -S SQLHC03 -U hl7_extract -P §S§ -e D:\extract\bcp_err.txt
""", "pw", "hl7_extract")
t(C, "convertto-securestring-asplaintext-inline", r"""
$sec = ConvertTo-SecureString '§S§' -AsPlainText -Force
$cred = New-Object System.Management.Automation.PSCredential('CORP\svc_iisdeploy', $sec)
Invoke-Command -ComputerName WEBFE01,WEBFE02 -Credential $cred -ScriptBlock { iisreset /noforce }
""", "pw", "CORP\\svc_iisdeploy")
t(C, "net-user-add-local-admin", r"""
C:\Windows\system32> net user svc_backup §S§ /add /comment:"Veeam proxy account - CHG0048213" /passwordchg:no /expires:never
The command completed successfully.
""", "pw", "svc_backup")
t(C, "net-use-map-drive-password-positional", r"""
net use Z: \\fs-muc-02.corp.contoso.de\Transfer$ §S§ /user:CONTOSO\sa-transfer /persistent:no
""", "pw", "sa-transfer")
t(C, "cmdkey-add-generic-pass", r"""
cmdkey /add:nexus.build.internal /user:ci-publisher /pass:§S§
CMDKEY: Credential added successfully.
""", "pw", "ci-publisher")
t(C, "schtasks-create-ru-rp", r"""
schtasks /Create /TN "\Finance\NightlyGLExport" /TR "C:\Jobs\GLExport\run.cmd" /SC DAILY /ST 02:30 /RU FINANCE\svc_glexport /RP §S§ /RL HIGHEST /F
SUCCESS: The scheduled task "\Finance\NightlyGLExport" has successfully been created.
""", "pw", "svc_glexport")
t(C, "sc-config-obj-password", r"""
sc.exe \\APPSRV07 config "TomcatHL7" obj= "HOSPITAL\svc_hl7engine" password= "§S§"
[SC] ChangeServiceConfig SUCCESS
""", "pw", "svc_hl7engine")
t(C, "psexec-remote-user-password", r"""
PsExec64.exe \\db2win01 -u DB2ADMIN\db2inst1 -p §S§ -h -accepteula cmd /c "db2 get dbm cfg | findstr SVCENAME"
""", "pw", "db2inst1")
t(C, "wmic-node-user-password", r"""
wmic /node:"PRTSRV-KRK-01" /user:"EUROPE\adm.nowak" /password:"§S§" process call create "cmd /c net stop spooler && net start spooler"
""", "pw", "adm.nowak")
t(C, "set-adaccountpassword-reset", r"""
Set-ADAccountPassword -Identity svc_sharepoint_farm -Reset -NewPassword (ConvertTo-SecureString -AsPlainText "§S§" -Force) -Server dc01.emea.corp.local
Set-ADUser svc_sharepoint_farm -PasswordNeverExpires $true
""", "pw", "svc_sharepoint_farm")
t(C, "ktpass-keytab-generation", r"""
ktpass /princ HTTP/sso.intra.bank.local@INTRA.BANK.LOCAL /mapuser INTRA\svc_sso_http /pass §S§ /crypto AES256-SHA1 /ptype KRB5_NT_PRINCIPAL /out C:\temp\sso_http.keytab
""", "pw", "svc_sso_http")
t(C, "export-pfxcertificate-password", r"""
$pfxPwd = ConvertTo-SecureString -String "§S§" -Force -AsPlainText
Get-ChildItem Cert:\LocalMachine\My\§TP§ | Export-PfxCertificate -FilePath D:\certs\adfs-signing-2025.pfx -Password $pfxPwd
""", "pw", "adfs-signing-2025.pfx")
t(C, "certutil-importpfx-p", r"""
certutil -f -p "§S§" -importpfx My C:\install\wildcard_corp_kr_2025.pfx NoExport
""", "pw", "wildcard_corp_kr_2025.pfx")
t(C, "keytool-genkeypair-storepass-keypass", r"""
keytool -genkeypair -alias tomcat-prd -keyalg RSA -keysize 3072 -validity 730 -dname "CN=portal.versicherung.de, OU=IT, O=Allgemeine Versicherung AG, C=DE" -keystore /opt/tomcat/conf/portal.jks -storepass §S§ -keypass §S§
""", "pw", "tomcat-prd")
t(C, "keytool-importkeystore-dest-pass", r"""
keytool -importkeystore -srckeystore esb-client.p12 -srcstoretype PKCS12 -srcstorepass:env P12_PASS -destkeystore esb-client.jks -deststoretype JKS -deststorepass §S§ -noprompt
""", "pw", "esb-client.jks")
t(C, "openssl-pkcs12-export-passout", r"""
openssl pkcs12 -export -in swift-gw.crt -inkey swift-gw.key -certfile corp-issuing-ca.pem -name swiftgw -out swift-gw.p12 -passout pass:§S§
""", "pw", "swift-gw.p12")
t(C, "jarsigner-storepass-tsa", r"""
jarsigner -keystore /secure/codesign.jks -storepass §S§ -tsa http://timestamp.digicert.com -signedjar build/libs/teller-client-signed.jar build/libs/teller-client.jar codesign2024
""", "pw", "codesign2024")
t(C, "sqlplus-user-slash-password-at-tns", r"""
[oracle@orabill01 ~]$ sqlplus billing_app/§S§@BILLPRD @/home/oracle/scripts/fix_invoice_seq.sql
""", "pw", "billing_app")
t(C, "expdp-userid-system", r"""
expdp system/§S§@CRMPDB1 schemas=CRM_OWNER directory=DPUMP_DIR dumpfile=crm_owner_%U.dmp logfile=crm_owner_exp.log parallel=4 compression=ALL
""", "pw", "CRM_OWNER")
t(C, "rman-target-sys-catalog", r"""
rman target sys/§S§@ORAFIN catalog rcat_owner/RcatOwner_2022@RMANCAT cmdfile=/u01/scripts/level0.rcv log=/u01/logs/level0_$(date +%F).log
""", "pw", "rcat_owner")
t(C, "db2-connect-using", r"""
db2 connect to LOANDB user db2svc using §S§ && db2 "select count(*) from LOAN.REPAYMENT where STATUS='OPEN'"
""", "pw", "db2svc")
t(C, "ldapsearch-bind-w", r"""
ldapsearch -H ldaps://ldap.ad.telco.com.tr:636 -D "CN=svc_ldapread,OU=Service,DC=ad,DC=telco,DC=com,DC=tr" -w '§S§' -b "DC=ad,DC=telco,DC=com,DC=tr" "(sAMAccountName=ayilmaz)" memberOf
""", "pw", "svc_ldapread")
t(C, "ldappasswd-set-new", r"""
ldappasswd -x -H ldap://openldap01.kr.local -D "cn=admin,dc=kr,dc=local" -W -s §S§ "uid=jenkins,ou=services,dc=kr,dc=local"
""", "pw", "uid=jenkins")
t(C, "curl-basic-auth-servicenow-table-api", r"""
curl -s -u 'integration.sap:§S§' -H "Accept: application/json" "https://contosoprod.service-now.com/api/now/table/incident?sysparm_query=assignment_group.name=SAP-Basis^active=true&sysparm_limit=50"
""", "pw", "integration.sap")
t(C, "curl-bearer-header-dynamics", r"""
curl -X GET "https://fabrikam-prod.crm4.dynamics.com/api/data/v9.2/accounts?$top=5" -H "Authorization: Bearer §S§" -H "OData-MaxVersion: 4.0"
""", "jwt", "fabrikam-prod.crm4.dynamics.com")
t(C, "mvn-deploy-system-prop-password", r"""
mvn -B deploy -DskipTests -DaltDeploymentRepository=releases::default::https://nexus.bank.intra/repository/maven-releases/ -Dnexus.username=deployer -Dnexus.password=§S§
""", "pw", "deployer")
t(C, "gradle-project-prop-artifactory-password", r"""
./gradlew publish -PartifactoryUser=svc-gradle -PartifactoryPassword=§S§ --no-daemon --stacktrace
""", "akcp", "svc-gradle")
t(C, "docker-login-p-inline", r"""
docker login harbor.mfg.local -u robot$payments+ci -p §S§
WARNING! Using --password via the CLI is insecure. Use --password-stdin.
""", "an32", "harbor.mfg.local")
t(C, "helm-repo-add-password", r"""
helm repo add internal-charts https://artifactory.corp.local/artifactory/api/helm/helm-virtual --username svc_helm --password §S§
""", "strong", "svc_helm")
t(C, "kinit-password-piped", r"""
echo '§S§' | kinit svc_hadoop_etl@DATALAKE.CORP.COM && klist
""", "pw", "svc_hadoop_etl@DATALAKE.CORP.COM")
t(C, "hdbsql-system-user-p", r"""
hdbadm@s4hana01:/usr/sap/HDB/HDB00> hdbsql -i 00 -d SYSTEMDB -u SYSTEM -p §S§ "SELECT DATABASE_NAME, ACTIVE_STATUS FROM M_DATABASES"
""", "sapass", "SYSTEMDB")
t(C, "hdbuserstore-set-key", r"""
hdbuserstore -i SET BWBACKUP s4hana01:30013@SYSTEMDB BACKUP_OPERATOR §S§
""", "pw", "BACKUP_OPERATOR")
t(C, "az-login-service-principal-p", r"""
az login --service-principal -u 7d1f5c2e-4b1a-4f0e-9a77-2c6e3b8d9f10 -p §S§ --tenant contosobank.onmicrosoft.com
""", "aadsec", "contosobank.onmicrosoft.com")
t(C, "connect-viserver-password", r"""
Connect-VIServer -Server vcsa-dc2.infra.local -User 'administrator@vsphere.local' -Password '§S§' -Force | Out-Null; Get-VM -Location 'Cluster-Citrix' | Select Name, PowerState
""", "pw", "administrator@vsphere.local")
t(C, "vault-login-token-positional", r"""
export VAULT_ADDR=https://vault.sec.corp:8200
vault login §S§
""", "hvs", "vault.sec.corp")
t(C, "mysql-p-attached", r"""
mysql -h mysql-otrs.support.local -u otrs -p'§S§' otrs -e "SELECT id, tn FROM ticket ORDER BY id DESC LIMIT 3;"
""", "pw", "mysql-otrs.support.local")
t(C, "pgpassword-env-psql", r"""
PGPASSWORD='§S§' psql -h pg-fhir-prd.health.local -U fhir_app -d fhir -c "\dt fhir.*"
""", "pw", "fhir_app")
t(C, "tf-workspace-login-comma", r"""
tf workspace /new /collection:http://tfs2018.corp.local:8080/tfs/DefaultCollection /login:CORP\buildsvc,§S§ WS_BUILD01
""", "pw", "buildsvc")
t(C, "nuget-sources-add-password", r"""
nuget sources add -Name InternalFeed -Source https://proget.corp.local/nuget/internal/v3/index.json -Username svc-nuget -Password §S§ -StorePasswordInClearText
""", "pw", "svc-nuget")
t(C, "dotnet-nuget-add-source-ado-pat", r"""
dotnet nuget add source "https://pkgs.dev.azure.com/fabrikam/_packaging/core-libs/nuget/v3/index.json" --name core-libs --username az --password §S§ --store-password-in-clear-text
""", "adopat", "core-libs")
t(C, "npm-config-set-authtoken", r"""
npm config set //nexus.retail.local/repository/npm-private/:_authToken §S§
""", "npm", "nexus.retail.local")
t(C, "git-clone-https-user-token", r"""
git clone https://jenkins-bot:§S§@bitbucket.corp.local/scm/pay/iso8583-switch.git
""", "an32", "jenkins-bot")
t(C, "git-remote-set-url-ado-pat", r"""
git remote set-url origin https://build:§S§@dev.azure.com/contoso/Core%20Banking/_git/ledger-service
""", "adopat", "ledger-service")
t(C, "sshpass-p-scp", r"""
sshpass -p '§S§' scp -o StrictHostKeyChecking=no settlement_20241031.csv sftpuser@sftp.clearing-partner.es:/inbound/
""", "pw", "sftpuser")
t(C, "plink-pw-batch", r"""
plink.exe -batch -ssh admin@10.20.1.1 -pw §S§ "show running-config | include snmp"
""", "pw", "admin@10.20.1.1")
t(C, "pscp-pw-upload", r"""
pscp -pw §S§ -P 22 C:\build\out\cbs-batch-1.14.2.tar.gz batchops@aixprd03:/opt/cbs/releases/
""", "pw", "batchops@aixprd03")
t(C, "winrs-remote-user-p", r"""
winrs -r:http://biztalk02:5985 -u:CORP\btsadmin -p:§S§ "BTSTask ListApps"
""", "pw", "btsadmin")
t(C, "reg-add-winlogon-defaultpassword", r"""
reg add "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon" /v DefaultPassword /t REG_SZ /d "§S§" /f
reg add "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon" /v AutoAdminLogon /t REG_SZ /d 1 /f
""", "pw", "AutoAdminLogon")
t(C, "setx-machine-env-password", r"""
setx /M DB_PASSWORD "§S§"
SUCCESS: Specified value was saved.
""", "pw", "DB_PASSWORD")
t(C, "cmd-set-quoted-variable", r"""
set "SQLPASS=§S§" && call D:\batch\load_stage.cmd SQLDW02 STAGE_SAP
""", "pw", "SQLDW02")
t(C, "powershell-env-arm-client-secret", r"""
$env:ARM_CLIENT_ID = "3c9a1f7e-0b2d-4e55-8c1a-6f0d2b9e4a73"; $env:ARM_CLIENT_SECRET = "§S§"; terraform plan -out=tfplan
""", "aadsec", "ARM_CLIENT_ID")
t(C, "export-oracle-pwd-docker-run", r"""
export ORACLE_PWD='§S§'; docker run -d --name ora19 -p 1521:1521 -e ORACLE_PWD=$ORACLE_PWD container-registry.oracle.com/database/enterprise:19.3.0.0
""", "pw", "ora19")
t(C, "java-d-keystorepassword", r"""
java -Djavax.net.ssl.keyStore=/opt/mqclient/ssl/client.jks -Djavax.net.ssl.keyStorePassword=§S§ -Dcom.ibm.mq.cfg.useIBMCipherMappings=false -jar mq-probe.jar QM_PAY01 DEV.APP.SVRCONN
""", "pw", "QM_PAY01")
t(C, "spring-boot-cli-datasource-password", r"""
java -jar claims-api-3.2.1.jar --spring.profiles.active=prod --spring.datasource.url=jdbc:sqlserver://sqlclaims:1433;databaseName=Claims --spring.datasource.username=claims_api --spring.datasource.password=§S§
""", "pw", "claims_api")
t(C, "wlst-connect-positional", r"""
/u01/oracle/middleware/oracle_common/common/bin/wlst.sh -i -loadProperties env.props
wls:/offline> connect('weblogic','§S§','t3://wlsadm-prd.corp.local:7001')
""", "pw", "wlsadm-prd.corp.local")
t(C, "wsadmin-user-password", r"""
/opt/IBM/WebSphere/AppServer/profiles/Dmgr01/bin/wsadmin.sh -lang jython -user wasadmin -password §S§ -f /tmp/redeploy_ear.py PolicyAdminEAR
""", "pw", "wasadmin")
t(C, "jboss-cli-user-password", r"""
$JBOSS_HOME/bin/jboss-cli.sh --connect --controller=remote+http://eap-node2:9990 --user=mgmtadmin --password='§S§' --command="/subsystem=datasources/data-source=PatientDS:test-connection-in-pool"
""", "pw", "mgmtadmin")
t(C, "jboss-add-user-sh", r"""
./add-user.sh -m -u hawtio -p '§S§' -g admin -s
""", "pw", "hawtio")
t(C, "curl-tomcat-manager-deploy", r"""
curl -T target/portal.war -u deployer:§S§ "http://tomcat-prd02:8080/manager/text/deploy?path=/portal&update=true"
""", "pw", "tomcat-prd02")
t(C, "mqsisetdbparms-ace", r"""
mqsisetdbparms -n jdbc::ORADSN -u ace_pay -p §S§ -w /var/mqsi/components/ACENODE01/servers/PayServer
""", "pw", "ace_pay")
t(C, "runmqakm-create-kdb-pw", r"""
runmqakm -keydb -create -db /var/mqm/qmgrs/QMGW01/ssl/key.kdb -pw §S§ -type cms -stash
""", "pw", "QMGW01")
t(C, "tibemsadmin-password-flag", r"""
tibemsadmin -server "ssl://ems-prd-1:7243" -user admin -password §S§ -script /opt/tibco/scripts/create_queues.txt -ssl_noverifyhostname
""", "pw", "ems-prd-1")
t(C, "sapcontrol-user-space-password", r"""
sapcontrol -nr 00 -host sapapp01 -user pr1adm §S§ -function GetProcessList
""", "pw", "pr1adm")
t(C, "sf-cli-access-token-env", r"""
export SF_ACCESS_TOKEN='§S§'
sf org login access-token --instance-url https://globex.my.salesforce.com --no-prompt --alias globex-prod
""", "sfsid", "globex-prod")
t(C, "snmpwalk-v2c-community", r"""
snmpwalk -v2c -c §S§ 10.44.0.1 1.3.6.1.2.1.2.2.1.2
""", "snmp", "1.3.6.1.2.1.2.2.1.2")
t(C, "snmpget-v3-auth-priv", r"""
snmpget -v3 -l authPriv -u nms-poller -a SHA -A §S§ -x AES -X Pr1v-§A6§ 10.60.1.254 sysUpTime.0
""", "pw", "nms-poller")
t(C, "radtest-shared-secret", r"""
radtest testuser01 Test1234 nas-radius01.telco.local 10 §S§
Sent Access-Request Id 214 from 0.0.0.0:41920 to 10.9.0.12:1812 length 81
""", "radius", "testuser01")
t(C, "ipmitool-lanplus-p", r"""
ipmitool -I lanplus -H 10.250.3.41 -U ADMIN -P §S§ chassis power status
""", "pw", "10.250.3.41")
t(C, "racadm-remote-p", r"""
racadm -r idrac-esx07.dc1.local -u root -p §S§ serveraction powercycle
""", "pw", "idrac-esx07.dc1.local")
t(C, "govc-env-password", r"""
GOVC_URL=https://vcenter.mfg.local/sdk GOVC_USERNAME='svc-govc@vsphere.local' GOVC_PASSWORD='§S§' GOVC_INSECURE=1 govc ls /DC-Lodz/vm/Templates
""", "pw", "svc-govc@vsphere.local")
t(C, "ovftool-vi-url-credentials", r"""
ovftool --noSSLVerify --name=win2022-golden ./win2022.ova "vi://svc_ovf:§S§@vcsa01.corp.local/Datacenter/host/Cluster01"
""", "pw", "svc_ovf")
t(C, "invoke-webrequest-basic-header", r"""
Invoke-WebRequest -Uri "https://jira.corp.local/rest/api/2/issue/FIN-4412" -Headers @{ Authorization = "Basic §S§" } -UseBasicParsing
""", "basicup", "FIN-4412")
t(C, "invoke-restmethod-api-key-hashtable", r"""
Invoke-RestMethod -Method Post -Uri https://api.fx-rates.intra/v2/quotes -Headers @{'X-API-Key'='§S§'; 'Content-Type'='application/json'} -Body $body
""", "an40", "X-API-Key")
t(C, "openssl-enc-k-passphrase", r"""
openssl enc -aes-256-cbc -salt -pbkdf2 -in customer_export.csv -out customer_export.csv.enc -k '§S§'
""", "pw", "customer_export.csv.enc")
t(C, "7zip-archive-password", r"""
"C:\Program Files\7-Zip\7z.exe" a -tzip -mem=AES256 -p§S§ D:\outbox\gkv_abrechnung_2024Q3.zip D:\export\gkv\*.xml
""", "pw", "gkv_abrechnung_2024Q3.zip")
t(C, "zip-p-flag", r"""
zip -P '§S§' -r payroll_nl_okt.zip ./loonstroken/
""", "pw", "payroll_nl_okt.zip")
t(C, "gpg-batch-passphrase", r"""
gpg --batch --yes --pinentry-mode loopback --passphrase '§S§' -d /data/inbound/EBICS_C53_20241105.xml.gpg > /data/work/c53.xml
""", "pw", "EBICS_C53_20241105.xml.gpg")
t(C, "pkcs11-tool-pin", r"""
pkcs11-tool --module /usr/lib/libcs_pkcs11_R3.so --login --pin §S§ --list-objects --type privkey
""", "pin8", "libcs_pkcs11_R3.so")
t(C, "lunacm-partition-login", r"""
lunacm:> partition login -password §S§
		Command Result : No Error
""", "pw", "partition login")
t(C, "ansible-playbook-extra-vars-password", r"""
ansible-playbook -i inventories/prod/hosts.ini site_iis.yml -l webfarm_fra -e "ansible_user=CORP\\svc_ansible ansible_password=§S§ ansible_winrm_transport=ntlm"
""", "pw", "svc_ansible")
t(C, "echo-vault-password-file", r"""
echo '§S§' > ~/.vault_pass.txt && chmod 600 ~/.vault_pass.txt && ansible-vault view group_vars/prod/vault.yml --vault-password-file ~/.vault_pass.txt
""", "strong", "group_vars/prod/vault.yml")
t(C, "knife-data-bag-secret-inline", r"""
knife data bag show db_creds oracle_prod --secret '§S§' -F json
""", "an32", "oracle_prod")
t(C, "svn-checkout-username-password", r"""
svn checkout https://svn.corp.local/repos/mainframe-jcl/trunk jcl --username rkowalski --password §S§ --non-interactive --trust-server-cert
""", "pw", "rkowalski")
t(C, "lftp-user-comma-password", r"""
lftp -u edi_partner,§S§ -e "set ftp:ssl-force true; mirror -R ./outbound /in; bye" ftp.edi-hub.nl
""", "pw", "edi_partner")
t(C, "smbclient-domain-user-percent", r"""
smbclient //nas-arch01/scans -U 'EMEA\scanner_svc%§S§' -c 'ls 2024-11*'
""", "pw", "scanner_svc")
t(C, "mount-cifs-options-password", r"""
sudo mount -t cifs //winfs01.corp.local/SAPTRANS /usr/sap/trans -o username=sapservice,password=§S§,domain=CORP,vers=3.0,uid=pr1adm
""", "pw", "sapservice")
t(C, "xfreerdp-u-p", r"""
xfreerdp /v:ctx-xa-fra01.corp.local /u:CORP\\citrix.admin /p:'§S§' /cert:ignore /size:1600x900
""", "pw", "citrix.admin")
t(C, "cmdkey-termsrv-generic", r"""
cmdkey /generic:TERMSRV/jump-host-02.prod.local /user:PROD\t1_mueller /pass:§S§
""", "pw", "t1_mueller")
t(C, "redis-cli-a-flag", r"""
redis-cli -h redis-session.web.local -p 6380 --tls -a '§S§' --no-auth-warning INFO keyspace
""", "strong", "redis-session.web.local")
t(C, "mongosh-uri-password", r"""
mongosh "mongodb://claims_ro:§S§@mongo-01.hc.local:27017,mongo-02.hc.local:27017/claims?replicaSet=rs0&authSource=admin"
""", "pw", "claims_ro")
t(C, "kafka-producer-sasl-jaas-inline", r"""
kafka-console-producer.sh --bootstrap-server kafka-b1.core:9093 --topic pix.settlement --producer-property security.protocol=SASL_SSL --producer-property sasl.mechanism=SCRAM-SHA-512 --producer-property 'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="pix-producer" password="§S§";'
""", "strong", "pix-producer")
t(C, "az-storage-account-key-flag", r"""
az storage blob upload --account-name stfinarchiveweu --account-key "§S§" --container-name gl-exports --file ./gl_2024_10.parquet --name 2024/10/gl.parquet
""", "azkey88", "stfinarchiveweu")
t(C, "aws-configure-set-secret", r"""
aws configure set aws_access_key_id AKIA§KID§ --profile edi-s3
aws configure set aws_secret_access_key §S§ --profile edi-s3
""", "awssk", "edi-s3")
t(C, "set-itemproperty-registry-password", r"""
Set-ItemProperty -Path 'HKLM:\SOFTWARE\Vendor\LabInterface\Connection' -Name 'DbPassword' -Value '§S§'
""", "pw", "LabInterface")
t(C, "dsmod-user-pwd", r"""
dsmod user "CN=svc_scan,OU=Service Accounts,DC=corp,DC=local" -pwd §S§ -mustchpwd no
""", "pw", "svc_scan")
t(C, "new-aduser-accountpassword", r"""
New-ADUser -Name "svc_kofax" -SamAccountName svc_kofax -Path "OU=Service,OU=Tier1,DC=ins,DC=local" -AccountPassword (ConvertTo-SecureString "§S§" -AsPlainText -Force) -Enabled $true -PasswordNeverExpires $true
""", "pw", "svc_kofax")
t(C, "new-localuser-password", r"""
$p = ConvertTo-SecureString "§S§" -AsPlainText -Force; New-LocalUser -Name "kiosk" -Password $p -FullName "Lobby Kiosk" -AccountNeverExpires
""", "pw", "Lobby Kiosk")
t(C, "install-addsforest-dsrm", r"""
Install-ADDSForest -DomainName "bank.intra" -DomainNetbiosName BANK -ForestMode WinThreshold -SafeModeAdministratorPassword (ConvertTo-SecureString '§S§' -AsPlainText -Force) -InstallDns -Force
""", "pw", "bank.intra")
t(C, "sql-server-setup-sapwd", r"""
setup.exe /Q /ACTION=Install /FEATURES=SQLENGINE,FullText /INSTANCENAME=CLAIMS /SQLSVCACCOUNT="INS\svc_sqlclaims" /SQLSVCPASSWORD="§S§" /SQLSYSADMINACCOUNTS="INS\grp_dba" /SECURITYMODE=SQL /SAPWD="Sa!§N6§" /IACCEPTSQLSERVERLICENSETERMS
""", "pw", "svc_sqlclaims")
t(C, "sqlpackage-targetpassword", r"""
SqlPackage.exe /Action:Publish /SourceFile:bin\Release\Ledger.dacpac /TargetServerName:sqlledger-uat /TargetDatabaseName:Ledger /TargetUser:dacpac_deploy /TargetPassword:§S§ /p:BlockOnPossibleDataLoss=true
""", "pw", "dacpac_deploy")
t(C, "msdeploy-dest-password", r"""
msdeploy.exe -verb:sync -source:package="obj\Release\Package\Intranet.zip" -dest:auto,computerName="https://web-int-03:8172/msdeploy.axd?site=Intranet",userName="deploy_web",password="§S§",authType="Basic" -allowUntrusted
""", "pw", "deploy_web")
t(C, "nssm-set-objectname", r"""
nssm set FhirBridge ObjectName .\svc_fhirbridge "§S§"
""", "pw", "FhirBridge")
t(C, "curl-client-credentials-form", r"""
curl -s -X POST https://login.microsoftonline.com/2b6c0f3e-1a9d-4c27-b8f4-6d3e0a9c5b12/oauth2/v2.0/token -d grant_type=client_credentials -d client_id=91d2e0a4-6c3b-4f8e-a1d7-0b5c9e2f4a61 -d client_secret=§S§ -d scope=https://graph.microsoft.com/.default
""", "aadsec", "client_credentials")
t(C, "keytool-list-storepass", r"""
keytool -list -v -keystore $JAVA_HOME/lib/security/cacerts.corp -storepass §S§ | grep -A2 "Alias name: corp-root-g2"
""", "pw", "corp-root-g2")
t(C, "jf-config-add-access-token", r"""
jf config add artifactory-prd --url=https://jfrog.bank.local --access-token=§S§ --interactive=false
""", "jwt", "artifactory-prd")
t(C, "glab-auth-login-token", r"""
glab auth login --hostname gitlab.mfg.local --token §S§
""", "glpat", "gitlab.mfg.local")
t(C, "gh-auth-herestring", r"""
gh auth login --hostname github.corp-enterprise.com --with-token <<< "§S§"
""", "ghp", "github.corp-enterprise.com")
t(C, "ssh-keygen-change-passphrase", r"""
ssh-keygen -p -f ~/.ssh/id_ed25519_deploy -P '' -N '§S§'
""", "pw", "id_ed25519_deploy")
t(C, "sqlldr-userid-inline", r"""
sqlldr userid=stg_loader/§S§@DWHSTG control=/etl/ctl/sap_bseg.ctl log=/etl/log/sap_bseg.log direct=true
""", "pw", "stg_loader")
t(C, "dsmadmc-tsm-id-password", r"""
dsmadmc -id=admin -password=§S§ -dataonly=yes "query session format=detailed"
""", "pw", "query session")
t(C, "sybase-isql-sa", r"""
isql -Usa -P§S§ -SSYB_TRADE -w2000 -i /home/sybase/check_locks.sql
""", "pw", "SYB_TRADE")
t(C, "cf-login-password", r"""
cf login -a https://api.sys.pcf.bank.local -u ci-deployer -p '§S§' -o payments -s production --skip-ssl-validation
""", "pw", "ci-deployer")
t(C, "oc-login-u-p", r"""
oc login https://api.ocp4.telco.local:6443 -u kubeadmin -p §S§ --insecure-skip-tls-verify
""", lambda: "-".join(rs(5) for _ in range(4)), "api.ocp4.telco.local")
t(C, "kubectl-create-secret-from-literal", r"""
kubectl -n hl7 create secret generic mirth-db --from-literal=username=mirth --from-literal=password='§S§' --dry-run=client -o yaml | kubectl apply -f -
""", "pw", "mirth-db")
t(C, "amqsputc-password-piped", r"""
export MQSAMP_USER_ID=app_swift; export MQSERVER='SWIFT.SVRCONN/TCP/mqswift01(1414)'
echo '§S§' | /opt/mqm/samp/bin/amqsputc SWIFT.OUT.MT103 QMSWIFT
""", "pw", "app_swift")
t(C, "ftp-heredoc-mainframe-user", r"""
ftp -n zos1.mainframe.local <<EOF
quote USER BATCH01
quote PASS §S§
quote SITE FILETYPE=JES
put ./jcl/PAYROLL.jcl
bye
EOF
""", lambda: rs(8, string.ascii_uppercase + string.digits), "BATCH01")
t(C, "zowe-profile-create-zosmf", r"""
zowe profiles create zosmf-profile lpar3 --host zosmf.lpar3.corp --port 443 --user TSOADM1 --password '§S§' --reject-unauthorized false
""", "pw", "TSOADM1")
t(C, "sqlcmd-aad-password-g", r"""
sqlcmd -S tcp:sql-dw-neu.database.windows.net,1433 -d edw -G -U etl.runner@contosobank.com -P '§S§' -Q "SELECT TOP 5 * FROM sys.dm_exec_requests"
""", "pw", "etl.runner@contosobank.com")
t(C, "sudo-s-echo-password", r"""
echo "§S§" | sudo -S systemctl restart ibm-mq@QMGW01
""", "pw", "ibm-mq@QMGW01")
t(C, "vmrun-guest-credentials", r"""
vmrun -T ws -gu Administrator -gp §S§ runProgramInGuest "D:\VMs\Win2019-BizTalk\Win2019.vmx" "C:\Windows\System32\cmd.exe" "/c ipconfig"
""", "pw", "Win2019-BizTalk")
t(C, "netdom-join-passwordd", r"""
netdom join %COMPUTERNAME% /domain:corp.local /userd:CORP\svc_domainjoin /passwordd:§S§ /ou:"OU=Servers,OU=Tier1,DC=corp,DC=local" /reboot:10
""", "pw", "svc_domainjoin")
t(C, "add-computer-credential-oneliner", r"""
Add-Computer -DomainName emea.corp.local -Credential (New-Object PSCredential("EMEA\svc_join", (ConvertTo-SecureString "§S§" -AsPlainText -Force))) -Restart
""", "pw", "svc_join")
t(C, "impacket-style-secretsdump-hashes", r"""
python3 ntlmrelayx.py --no-smb-server -t ldaps://dc02.lab.local --escalate-user pentest01 -smb2support -hashes aad3b435b51404eeaad3b435b51404ee:§S§
""", "ntlm", "pentest01")
t(C, "svn-propset-vsphere-ignore", r"""
C:\agents\_work\12> "C:\Program Files\TortoiseSVN\bin\svn.exe" export --force https://svn.insurer.local/repos/policy/tags/4.2.0 D:\drop --username build.agent --password §S§
""", "pw", "build.agent")
t(C, "openssl-pkcs12-in-passin", r"""
openssl pkcs12 -in NFe_A1_CNPJ_12345678000190.pfx -nocerts -nodes -passin pass:§S§ -out nfe_key.pem
""", "pw", "NFe_A1_CNPJ_12345678000190.pfx")
t(C, "f5-tmsh-modify-user-password", r"""
tmsh modify auth user svc_ansible password §S§ partition-access replace-all-with { all-partitions { role admin } }
""", "pw", "svc_ansible")
t(C, "cisco-conf-t-username-secret", r"""
RTR-IST-EDGE01(config)# username netops privilege 15 secret 0 §S§
RTR-IST-EDGE01(config)# end
""", "pw", "netops")
t(C, "fortigate-cli-set-psksecret", r"""
FGT-MAD-01 (vpn-ph1) # set psksecret §S§
FGT-MAD-01 (vpn-ph1) # next
""", "strong", "FGT-MAD-01")
t(C, "paloalto-keygen-curl", r"""
curl -sk "https://pa-fw01.corp.local/api/?type=keygen&user=api-readonly&password=§S§"
""", "pw", "api-readonly")
t(C, "junos-set-authentication-plain", r"""
[edit]
netadmin@mx480-fra# set system login user automation authentication plain-text-password-value "§S§"
""", "pw", "automation")
t(C, "citrix-netscaler-add-server-cred", r"""
> add authentication ldapAction LDAP_CORP -serverIP 10.1.5.10 -serverPort 636 -secType SSL -ldapBase "DC=corp,DC=local" -ldapBindDn svc_ns_ldap@corp.local -ldapBindDnPassword §S§ -ldapLoginName sAMAccountName
""", "pw", "svc_ns_ldap@corp.local")
t(C, "esxcli-account-set-password", r"""
[root@esx-ams-04:~] esxcli system account set -i monitoring -p '§S§' -c '§S§'
""", "pw", "esx-ams-04")
t(C, "sfdx-jwt-grant-with-password-fallback", r"""
# web login is blocked on the build agent, so the password + security token grant was used
curl https://login.salesforce.com/services/oauth2/token -d grant_type=password -d client_id=3MVG9§A40§ -d client_secret=§HU64§ -d username=integration@globex.com -d password=§S§
""", lambda: pw() + rs(25), "integration@globex.com")
t(C, "ssms-connection-string-sqlcmd-v", r"""
sqlcmd -S LISTENER-AG1 -E -v SourcePwd="§S§" -i .\linked_server_sap.sql
""", "pw", "LISTENER-AG1")
t(C, "sp-addlinkedsrvlogin-exec", r"""
sqlcmd -S SQLINT01 -E -Q "EXEC sp_addlinkedsrvlogin @rmtsrvname=N'ORA_SAPBW', @useself=N'False', @locallogin=NULL, @rmtuser=N'BWREADER', @rmtpassword=N'§S§'"
""", "pw", "BWREADER")
t(C, "create-login-with-password-tsql", r"""
sqlcmd -S SQLPRD04 -E -Q "CREATE LOGIN [app_kiosk] WITH PASSWORD=N'§S§', CHECK_POLICY=ON, DEFAULT_DATABASE=[Kiosk]"
""", "pw", "app_kiosk")
t(C, "alter-user-identified-by-sqlplus", r"""
SQL> ALTER USER swift_adapter IDENTIFIED BY "§S§" ACCOUNT UNLOCK;

User altered.
""", "pw", "swift_adapter")
t(C, "db2-update-password-change", r"""
db2 "connect to DWPRD user dwload using OldPw_§A6§ new §S§ confirm §S§"
""", "pw", "dwload")

# =============================================================== TOOL-OUTPUT
O = "tool-output"
t(O, "get-lapsadpassword-list", r"""
PS C:\Users\t1_admin> Get-LapsADPassword -Identity FIN-WS-0142 -AsPlainText

ComputerName        : FIN-WS-0142
DistinguishedName   : CN=FIN-WS-0142,OU=Workstations,OU=Finance,DC=corp,DC=local
Account             : Administrator
Password            : §S§
PasswordUpdateTime  : 11/4/2024 3:12:45 AM
ExpirationTimestamp : 12/4/2024 3:12:45 AM
Source              : EncryptedPassword
DecryptionStatus    : Success
AuthorizedDecryptor : CORP\LAPS-Readers
""", "strong", "FIN-WS-0142")
t(O, "legacy-laps-ms-mcs-admpwd-table", r"""
Name          ms-Mcs-AdmPwd        ms-Mcs-AdmPwdExpirationTime
----          -------------        ---------------------------
KRK-SRV-FS01  §S§   133768416000000000
""", "strong", "KRK-SRV-FS01")
t(O, "get-bitlockervolume-recoverypassword", r"""
PS C:\> (Get-BitLockerVolume -MountPoint C:).KeyProtector

KeyProtectorId      : {§GU§}
AutoUnlockProtector :
KeyProtectorType    : RecoveryPassword
KeyFileName         :
RecoveryPassword    : §S§
KeyCertificateType  :
Thumbprint          :

KeyProtectorId      : {§GU_2§}
KeyProtectorType    : Tpm
""", "bitlk", "KeyProtectorType")
t(O, "manage-bde-numerical-password", r"""
BitLocker Drive Encryption: Configuration Tool version 10.0.20348
Volume C: [OS]
All Key Protectors

    TPM:
      ID: {§GU§}
      PCR Validation Profile:
        7, 11
    Numerical Password:
      ID: {§GU_2§}
      Password:
        §S§
""", "bitlk", "Numerical Password")
t(O, "az-ad-sp-create-for-rbac-json", r"""
Creating 'Contributor' role assignment under scope '/subscriptions/§G§/resourceGroups/rg-payments-prd'
The output includes credentials that you must protect. Be sure that you do not include these credentials in your code or check the credentials into your source control.
{
  "appId": "§G_2§",
  "displayName": "sp-gha-payments-deploy",
  "password": "§S§",
  "tenant": "§G_3§"
}
""", "aadsec", "sp-gha-payments-deploy")
t(O, "az-ad-app-credential-reset", r"""
$ az ad app credential reset --id §G§ --append --display-name jenkins-2025 --years 1
{
  "appId": "§G§",
  "password": "§S§",
  "tenant": "§G_2§"
}
""", "aadsec", "jenkins-2025")
t(O, "az-storage-account-keys-list-table", r"""
KeyName    Permissions    Value
---------  -------------  ----------------------------------------------------------------------------------------
key1       FULL           §S§
key2       FULL           §azkey88_x§
""", lambda: {"S": b64(64), "azkey88_x": b64(64)}, "KeyName")
t(O, "az-keyvault-secret-show-json", r"""
{
  "attributes": {
    "created": "2024-06-11T08:14:22+00:00",
    "enabled": true,
    "recoveryLevel": "Recoverable+Purgeable"
  },
  "contentType": "sql-login",
  "id": "https://kv-hr-weu-prd.vault.azure.net/secrets/sql-hrapp-password/§H32§",
  "name": "sql-hrapp-password",
  "tags": {"owner": "hr-platform"},
  "value": "§S§"
}
""", "pw", "sql-hrapp-password")
t(O, "vault-kv-get-table", r"""
======= Secret Path =======
secret/data/banking/swift/alliance

======= Metadata =======
Key                Value
---                -----
created_time       §TSZ§
version            7

====== Data ======
Key              Value
---              -----
lau_left         §S§
operator         swiftop01
""", "an16", "swiftop01")
t(O, "kubectl-get-secret-yaml-data", r"""
apiVersion: v1
data:
  DB_HOST: b3JhLXNjYW4ucHJkLmxvY2Fs
  DB_PASSWORD: §S§
  DB_USER: cG9saWN5X2FwcA==
kind: Secret
metadata:
  name: policy-admin-db
  namespace: insurance-core
type: Opaque
""", b64pw(), "policy-admin-db")
t(O, "kubectl-jsonpath-base64-decoded", r"""
$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath="{.data.password}" | base64 -d
§S§$ 
""", lambda: rs(16, _AN + "-_"), "argocd-initial-admin-secret")
t(O, "docker-inspect-env-array", r"""
        "Env": [
            "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
            "JAVA_HOME=/opt/java/openjdk",
            "MIRTH_DB_URL=jdbc:postgresql://pg-mirth:5432/mirthdb",
            "MIRTH_DB_USER=mirth",
            "MIRTH_DB_PASS=§S§",
            "TZ=Europe/Amsterdam"
        ],
""", "pw", "MIRTH_DB_USER")
t(O, "env-sorted-output-password-deep", r"""
HOSTNAME=batch-runner-7f9c
HOME=/home/batch
JAVA_OPTS=-Xms512m -Xmx2g
LANG=de_DE.UTF-8
LOGNAME=batch
ORACLE_HOME=/u01/app/oracle/product/19.0.0/client_1
ORACLE_SID=DWHPRD
PWD=/opt/batch
SAP_RFC_PASSWD=§S§
SAP_RFC_USER=RFC_BATCH
SHELL=/bin/bash
TNS_ADMIN=/etc/oracle
""", "pw", "SAP_RFC_USER")
t(O, "get-childitem-env-table", r"""
PS C:\agent> Get-ChildItem Env: | Where-Object Name -like '*SQL*'

Name                           Value
----                           -----
SQL_CONN_REPORTING             Server=sqlrpt01;Database=Reporting;User Id=rpt_reader;Password=§S§;
SQLCMDSERVER                   sqlrpt01
""", "pw", "rpt_reader")
t(O, "systemctl-show-environment", r"""
$ systemctl show tomcat-portal -p Environment
Environment=JAVA_HOME=/usr/lib/jvm/java-17 CATALINA_BASE=/opt/tomcat/portal LDAP_BIND_PW=§S§ SPRING_PROFILES_ACTIVE=prod
""", "pw", "tomcat-portal")
t(O, "ps-ef-java-system-property", r"""
UID        PID  PPID  C STIME TTY          TIME CMD
wlsadm   §N5§     1 12 Nov04 ?        09:14:33 /u01/jdk/bin/java -server -Xms4g -Xmx4g -Dweblogic.Name=ms_claims01 -Dweblogic.management.username=weblogic -Dweblogic.management.password=§S§ -Djava.security.egd=file:/dev/./urandom weblogic.Server
wlsadm   §N5_2§ §N5_3§  0 09:02 pts/1    00:00:00 grep --color=auto java
""", "pw", "ms_claims01")
t(O, "win32-process-commandline-list", r"""
PS C:\> Get-CimInstance Win32_Process -Filter "name='java.exe'" | Select-Object ProcessId, CommandLine | Format-List

ProcessId   : §N4§
CommandLine : "C:\Program Files\Java\jre8\bin\java.exe" -jar C:\TIBCO\bw\connector.jar -user tibadmin -pass §S§ -domain PROD_DOMAIN
""", "pw", "PROD_DOMAIN")
t(O, "wmic-process-get-commandline", r"""
CommandLine                                                                                                   ProcessId
"C:\Windows\system32\svchost.exe -k netsvcs -p"                                                              1284
C:\Tools\datasync\DataSync.exe --src "Data Source=ORAHR;User Id=hr_sync;Password=§S§" --dst sqlhr01 --mode delta   §N4§
""", "pw", "hr_sync")
t(O, "get-itemproperty-winlogon-list", r"""
AutoAdminLogon    : 1
DefaultDomainName : KIOSK
DefaultUserName   : kioskuser
DefaultPassword   : §S§
LastUsedUsername  : kioskuser
PSPath            : Microsoft.PowerShell.Core\Registry::HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon
""", "pw", "kioskuser")
t(O, "reg-query-output-reg-sz", r"""
HKEY_LOCAL_MACHINE\SOFTWARE\WOW6432Node\Sectra\PACS\Gateway
    ServerName    REG_SZ    pacs-gw01.radiologie.local
    ServiceUser    REG_SZ    pacs_svc
    ServicePwd    REG_SZ    §S§
    Port    REG_DWORD    0x68
""", "pw", "pacs_svc")
t(O, "get-storedcredential-ascredentialobject", r"""
PS C:\> Get-StoredCredential -Target 'git:https://dev.azure.com' -AsCredentialObject

Flags          : 0
Type           : Generic
TargetName     : git:https://dev.azure.com
Comment        :
LastWritten    : 10/28/2024 9:41:03 AM
PaswordSize    : 104
Password       : §S§
Persist        : LocalMachine
UserName       : PersonalAccessToken
""", "adopat", "PersonalAccessToken")
t(O, "openssl-pkcs12-info-nodes-key", r"""
MAC: sha256, Iteration 2048
PKCS7 Data
Shrouded Keybag: PBES2, PBKDF2, AES-256-CBC, Iteration 2048, PRF hmacWithSHA256
Bag Attributes
    localKeyID: §HU8§ 01 00 00
    friendlyName: adfs-token-signing
Key Attributes: <No Attributes>
-----BEGIN PRIVATE KEY-----
§S§
-----END PRIVATE KEY-----
""", "p8pk", "adfs-token-signing")
t(O, "cat-id-rsa-output", r"""
[deploy@jump01 ~]$ cat ~/.ssh/id_rsa_mainframe
-----BEGIN RSA PRIVATE KEY-----
§S§
-----END RSA PRIVATE KEY-----
[deploy@jump01 ~]$
""", "rsapk", "id_rsa_mainframe")
t(O, "type-appsettings-production-json", r"""
PS D:\inetpub\ClaimsApi> Get-Content .\appsettings.Production.json
{
  "Logging": { "LogLevel": { "Default": "Warning" } },
  "ConnectionStrings": {
    "Claims": "Server=tcp:sqlclaims-ag.ins.local,1433;Database=Claims;User ID=claims_api;Password=§S§;Encrypt=True;TrustServerCertificate=True"
  },
  "AllowedHosts": "*"
}
""", "pw", "claims_api")
t(O, "findstr-connectionstring-webconfig", r"""
C:\inetpub\wwwroot\Portal>findstr /si "connectionString" web.config
web.config:    <add name="PortalDb" connectionString="Data Source=SQLWEB02;Initial Catalog=Portal;User ID=portal_web;Password=§S§;MultipleActiveResultSets=True" providerName="System.Data.SqlClient" />
""", "pw", "portal_web")
t(O, "grep-r-password-tomcat-conf", r"""
$ grep -rn -i "password" /opt/tomcat/conf/
/opt/tomcat/conf/server.xml:92:               keystoreFile="conf/portal.jks" keystorePass="§S§"
/opt/tomcat/conf/tomcat-users.xml:21:<!--  <user username="admin" password="<must-be-changed>" roles="manager-gui"/> -->
/opt/tomcat/conf/context.xml:30:    <!-- password is pulled from the JNDI resource below -->
""", "pw", "conf/portal.jks")
t(O, "findstr-si-password-multi-file", r"""
C:\ProgramData\Vendor>findstr /si password *.xml *.ini *.config
LabSync\settings.ini:Password=§S§
LabSync\settings.ini:PasswordHint=ask servicedesk
Reporting\rpt.config:<add key="PasswordPolicy" value="Strong" />
""", "pw", "LabSync\\settings.ini")
t(O, "select-string-ps1-hit", r"""
PS C:\scripts> Select-String -Path .\*.ps1 -Pattern 'pwd|password' -SimpleMatch:$false

backup_sharepoint.ps1:14:$spPwd = "§S§"
backup_sharepoint.ps1:15:$cred = New-Object PSCredential("CORP\sp_farm", (ConvertTo-SecureString $spPwd -AsPlainText -Force))
rotate_logs.ps1:3:# no password needed here
""", "pw", "backup_sharepoint.ps1")
t(O, "git-log-p-removed-line", r"""
commit §SHA§
Author: Mehmet Kaya <mehmet.kaya@ankatel.com.tr>
Date:   Tue Oct 8 14:22:10 2024 +0300

    remove hardcoded radius secret, read from vault instead

diff --git a/radius/clients.conf b/radius/clients.conf
@@ -12,7 +12,7 @@ client bras-ank-01 {
        ipaddr = 10.80.4.1
-       secret = §S§
+       secret = $ENV{RADIUS_BRAS_SECRET}
        nas_type = other
""", "radius", "bras-ank-01")
t(O, "git-diff-added-appsettings", r"""
diff --git a/src/Ledger.Api/appsettings.Development.json b/src/Ledger.Api/appsettings.Development.json
index §H7§..§H7_2§ 100644
--- a/src/Ledger.Api/appsettings.Development.json
+++ b/src/Ledger.Api/appsettings.Development.json
@@ -4,6 +4,9 @@
   "Serilog": { "MinimumLevel": "Debug" },
+  "ServiceBus": {
+    "ConnectionString": "Endpoint=sb://sb-ledger-dev.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=§S§"
+  },
""", "azkey44", "sb-ledger-dev.servicebus.windows.net")
t(O, "git-show-old-revision-properties", r"""
$ git show 3f1c2aa~1:src/main/resources/application-prod.properties | head -8
server.port=8443
spring.datasource.url=jdbc:oracle:thin:@//orascan-prd:1521/TRADESVC
spring.datasource.username=TRADE_APP
spring.datasource.password=§S§
spring.jpa.open-in-view=false
""", "pw", "TRADE_APP")
t(O, "aws-sts-assume-role-credentials-json", r"""
{
    "Credentials": {
        "AccessKeyId": "ASIA§KID§",
        "SecretAccessKey": "§S§",
        "SessionToken": "FwoGZXIvYXdzE§A40§...",
        "Expiration": "§TS§+00:00"
    },
    "AssumedRoleUser": {
        "AssumedRoleId": "AROA§KID§:jenkins-edi",
        "Arn": "arn:aws:sts::§N12§:assumed-role/edi-transfer/jenkins-edi"
    }
}
""", "awssk", "jenkins-edi")
t(O, "aws-iam-create-access-key", r"""
{
    "AccessKey": {
        "UserName": "svc-sftp-bridge",
        "AccessKeyId": "AKIA§KID§",
        "Status": "Active",
        "SecretAccessKey": "§S§",
        "CreateDate": "§TS§+00:00"
    }
}
""", "awssk", "svc-sftp-bridge")
t(O, "cat-gcp-service-account-json", r"""
$ cat sa-bq-loader.json
{
  "type": "service_account",
  "project_id": "retail-analytics-prd",
  "private_key_id": "§H40§",
  "private_key": "-----BEGIN PRIVATE KEY-----\n§S§\n-----END PRIVATE KEY-----\n",
  "client_email": "bq-loader@retail-analytics-prd.iam.gserviceaccount.com",
  "client_id": "§N21§",
""", "gcpk", "bq-loader@retail-analytics-prd.iam.gserviceaccount.com")
t(O, "terraform-output-json-sensitive", r"""
$ terraform output -json
{
  "sql_admin_login": { "sensitive": false, "type": "string", "value": "sqladmin_pay" },
  "sql_admin_password": { "sensitive": true, "type": "string", "value": "§S§" },
  "sql_fqdn": { "sensitive": false, "type": "string", "value": "sql-pay-weu.database.windows.net" }
}
""", "strong", "sqladmin_pay")
t(O, "terraform-state-show-db-instance", r"""
# azurerm_mssql_server.core:
resource "azurerm_mssql_server" "core" {
    administrator_login          = "coreadmin"
    administrator_login_password = (sensitive value)
    fully_qualified_domain_name  = "sql-core-neu.database.windows.net"
}
# random_password.sql_admin:
resource "random_password" "sql_admin" {
    id      = "none"
    length  = 24
    result  = "§S§"
    special = true
}
""", lambda: strong(24), "random_password.sql_admin")
t(O, "helm-get-values-output", r"""
$ helm get values keycloak -n iam
USER-SUPPLIED VALUES:
auth:
  adminUser: kcadmin
  adminPassword: §S§
postgresql:
  enabled: false
externalDatabase:
  host: pg-iam.prd.local
""", "pw", "kcadmin")
t(O, "ansible-debug-var-output", r"""
TASK [debug] *******************************************************************
ok: [sql-bi-02.corp.local] => {
    "sql_sa_password": "§S§"
}
""", "pw", "sql-bi-02.corp.local")
t(O, "ansible-vault-view-output", r"""
$ ansible-vault view group_vars/iis_prod/vault.yml --vault-id prod@prompt
Vault password (prod):
vault_iis_apppool_user: "CORP\\svc_apppool_claims"
vault_iis_apppool_password: "§S§"
vault_cert_pfx_password: "§A14§"
""", "pw", "svc_apppool_claims")
t(O, "vault-read-database-creds-lease", r"""
Key                Value
---                -----
lease_id           database/creds/readonly/§A24§
lease_duration     1h
lease_renewable    true
password           §S§
username           v-token-readonly-§A20§-§N10§
""", lambda: "A1a-" + rs(20), "lease_renewable")
t(O, "jenkins-script-console-secret-decrypt", r"""
Result
println(hudson.util.Secret.decrypt("{AQAAABAAAAAg§A40§}"))

§S§
""", "pw", "hudson.util.Secret.decrypt")
t(O, "jenkins-groovy-credentials-dump", r"""
id=nexus-deploy  desc=Nexus deployer  user=deployer  pass=§S§
id=github-app    desc=GitHub App key  (SSHUserPrivateKey, not printed)
id=sonar-token   desc=Sonar           secret=<StringCredentials>
Result: [com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl@§H8§]
""", "pw", "nexus-deploy")
t(O, "sfdx-force-user-display", r"""
=== User Description

 key          label
 ──────────── ──────────────────────────────────────────────────────────
 Username     integration.user@globex.com.uat
 Id           005§A15§
 Org Id       00D§A15§
 Access Token §S§
 Instance Url https://globex--uat.sandbox.my.salesforce.com
 Login Url    https://test.salesforce.com
 Password     §pw_x§
""", lambda: {"S": V["sfsid"](), "pw_x": pw()}, "integration.user@globex.com.uat")
t(O, "sf-org-display-verbose-sfdx-auth-url", r"""
 Alias            globex-prod
 Client Id        PlatformCLI
 Connected Status Connected
 Instance Url     https://globex.my.salesforce.com
 Sfdx Auth Url    force://PlatformCLI::§S§@globex.my.salesforce.com
 Username         release.manager@globex.com
""", lambda: "5Aep861" + rs(80, _AN + "._"), "release.manager@globex.com")
t(O, "oc-whoami-t-output", r"""
$ oc whoami
system:serviceaccount:cicd:pipeline
$ oc whoami -t
§S§
""", lambda: "sha256~" + rs(43, _URLC), "system:serviceaccount:cicd:pipeline")
t(O, "kubectl-config-view-raw-token", r"""
users:
- name: aks-payments-prd-admin
  user:
    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t...
    token: §S§
""", lambda: hx(64) + rs(0), "aks-payments-prd-admin")
t(O, "az-account-get-access-token-json", r"""
{
  "accessToken": "§S§",
  "expiresOn": "2024-11-06 18:22:41.000000",
  "subscription": "§G§",
  "tenant": "§G_2§",
  "tokenType": "Bearer"
}
""", "jwt", "tokenType")
t(O, "get-azaccesstoken-list", r"""
Token     : §S§
ExpiresOn : 11/6/2024 5:48:12 PM +00:00
Type      : Bearer
TenantId  : §G§
UserId    : ops-automation@fabrikam.com
""", "jwt", "ops-automation@fabrikam.com")
t(O, "get-azstorageaccountkey-table", r"""
KeyName Value                                                                                    Permissions CreationTime
------- -----                                                                                    ----------- ------------
key1    §S§ Full        3/11/2024 10:02:11 AM
key2    §azkey88_x§ Full        3/11/2024 10:02:11 AM
""", lambda: {"S": b64(64), "azkey88_x": b64(64)}, "Permissions")
t(O, "get-azkeyvaultsecret-asplaintext", r"""
PS /home/azureops> Get-AzKeyVaultSecret -VaultName kv-tr-einvoice -Name gib-portal-password -AsPlainText
§S§
PS /home/azureops>
""", "pw", "gib-portal-password")
t(O, "get-secret-secretmanagement", r"""
PS C:\> Get-Secret -Name 'SAP-RFC-PR1' -Vault CorpStore -AsPlainText
§S§
""", "sapass", "SAP-RFC-PR1")
t(O, "docker-exec-cat-run-secrets", r"""
$ docker exec -it ldap-proxy cat /run/secrets/ldap_bind_password
§S§
""", "pw", "ldap_bind_password")
t(O, "cisco-show-run-username-type7", r"""
RTR-FRA-CORE01#show running-config | include username|enable
enable secret 9 $9$§A14§$§A43§
username netadmin privilege 15 password 7 §S§
username backup privilege 1 secret 9 $9$§A14_2§$§A43_2§
""", "c7", "netadmin")
t(O, "cisco-show-run-snmp-section", r"""
SW-ACC-3F-12#show run | section snmp
snmp-server group NMS v3 priv
snmp-server community §S§ RO 99
snmp-server location Gebaeude B, 3. OG, Raum 3.12
snmp-server contact noc@stadtwerke.de
""", "snmp", "snmp-server location")
t(O, "cisco-tacacs-server-key7", r"""
tacacs server ISE-PRIMARY
 address ipv4 10.10.20.15
 key 7 §S§
 timeout 5
""", "c7", "ISE-PRIMARY")
t(O, "cisco-isakmp-key-address", r"""
crypto isakmp policy 10
 encr aes 256
 authentication pre-share
 group 14
crypto isakmp key §S§ address 203.0.113.18
""", "strong", "crypto isakmp policy 10")
t(O, "junos-show-configuration-display-set", r"""
set system host-name srx-ams-dc1
set system root-authentication encrypted-password "$6$§A8§$§A86§"
set security ike gateway GW-PARTNER-BANK ike-policy IKE-POL-PARTNER
set security ike policy IKE-POL-PARTNER pre-shared-key ascii-text "§S§"
set security ike gateway GW-PARTNER-BANK address 198.51.100.77
""", "jnpr9", "GW-PARTNER-BANK")
t(O, "junos-radius-server-secret", r"""
radius-server {
    10.9.0.12 {
        port 1812;
        secret "§S§"; ## SECRET-DATA
        source-address 10.9.1.1;
    }
}
""", "jnpr9", "source-address")
t(O, "fortigate-show-full-configuration-user", r"""
FGT-BCN-01 # show full-configuration user local
config user local
    edit "vpn.ext.garcia"
        set status enable
        set type password
        set passwd ENC §S§
        set two-factor fortitoken
    next
end
""", lambda: b64(R.choice([48, 60, 72])), "vpn.ext.garcia")
t(O, "fortigate-vpn-ipsec-phase1-psk", r"""
config vpn ipsec phase1-interface
    edit "to-AWS-euc1"
        set interface "port1"
        set proposal aes256-sha256
        set remote-gw 3.124.§N2§.§N2_2§
        set psksecret ENC §S§
    next
end
""", lambda: b64(R.choice([60, 72, 96])), "to-AWS-euc1")
t(O, "f5-tmsh-list-ltm-monitor-password", r"""
[admin@bigip-lb01:Active:In Sync] ~ # tmsh list ltm monitor https mon_sap_portal
ltm monitor https mon_sap_portal {
    adaptive disabled
    defaults-from https
    destination *:*
    interval 5
    password §S§
    recv "HTTP/1.1 200"
    send "GET /irj/portal HTTP/1.1\r\nHost: portal.sap.local\r\nConnection: Close\r\n\r\n"
    username monitor_f5
}
""", lambda: "$M$" + rs(2) + "$" + b64(24), "mon_sap_portal")
t(O, "panos-show-config-api-key-element", r"""
admin@PA-5220-FRA> show config running xpath devices/entry/deviceconfig/system
<system>
  <hostname>PA-5220-FRA</hostname>
  <panorama-server>10.2.0.40</panorama-server>
  <auth-key>§S§</auth-key>
</system>
""", lambda: rs(6) + "-" + rs(16), "panorama-server")
t(O, "netsh-wlan-show-profile-key-clear", r"""
Security settings
-----------------
    Authentication         : WPA2-Personal
    Cipher                 : CCMP
    Security key           : Present
    Key Content            : §S§

Cost settings
-------------
""", "pw", "WPA2-Personal")
t(O, "sqlcmd-result-config-table-row", r"""
SettingKey                       SettingValue
-------------------------------- ------------------------------------------------
Smtp.Host                        smtp-relay.corp.local
Smtp.User                        noreply-claims
Smtp.Password                    §S§
Smtp.Port                        587

(4 rows affected)
""", "pw", "noreply-claims")
t(O, "sqlplus-select-app-config-row", r"""
PARAM_NAME                     PARAM_VALUE
------------------------------ --------------------------------------------------
ISO8583.HOST                   10.30.2.14
ISO8583.PORT                   7001
TMK.CLEAR                      §S§

3 rows selected.
""", "k32", "ISO8583.HOST")
t(O, "servicenow-background-script-decrypted", r"""
*** Script: mid.user=mid_onprem_fra
*** Script: decrypted=§S§
[0:00:00.042] Total Time
""", "pw", "mid_onprem_fra")
t(O, "curl-oauth-token-response-json", r"""
{"access_token":"§S§","token_type":"Bearer","expires_in":3599,"scope":"claims.read claims.write"}
""", "jwt", "claims.read")
t(O, "curl-verbose-request-basic-header", r"""
*   Trying 10.40.1.22:443...
* Connected to sap-po.corp.local (10.40.1.22) port 443 (#0)
> POST /XISOAPAdapter/MessageServlet?channel=:BS_BANK:CC_SOAP_Sender HTTP/1.1
> Host: sap-po.corp.local
> Authorization: Basic §S§
> Content-Type: text/xml;charset=UTF-8
< HTTP/1.1 200 OK
""", "basicup", "sap-po.corp.local")
t(O, "curl-verbose-set-cookie-jsessionid", r"""
< HTTP/1.1 302 Found
< Server: Apache-Coyote/1.1
< Set-Cookie: JSESSIONID=§S§; Path=/ebanking; Secure; HttpOnly
< Location: https://ebank.nordbank.local/ebanking/home
""", "HEX32", "ebank.nordbank.local")
t(O, "oauth-response-refresh-token", r"""
HTTP/1.1 200 OK
Content-Type: application/json;charset=UTF-8

{
  "access_token" : "§AT_x§",
  "expires_in" : 300,
  "refresh_expires_in" : 1800,
  "refresh_token" : "§S§",
  "token_type" : "Bearer",
  "session_state" : "§G§"
}
""", lambda: {"S": jwt("HS512", sig=64), "AT_x": jwt()}, "session_state")
t(O, "invoke-restmethod-token-list", r"""
token_type     : Bearer
scope          : api://erp-gateway/.default
expires_in     : 3599
ext_expires_in : 3599
access_token   : §S§
""", "jwt", "api://erp-gateway/.default")
t(O, "klist-ktk-keytab-with-keys", r"""
Keytab name: FILE:/etc/security/keytabs/hive.service.keytab
KVNO Timestamp           Principal
---- ------------------- ------------------------------------------------------
   3 05/14/2024 09:12:44 hive/hdp-m01.corp.local@CORP.LOCAL (aes256-cts-hmac-sha1-96)  (0x§S§)
   3 05/14/2024 09:12:44 hive/hdp-m01.corp.local@CORP.LOCAL (aes128-cts-hmac-sha1-96)  (0x§H32§)
""", "krbaes", "hive/hdp-m01.corp.local@CORP.LOCAL")
t(O, "dsinternals-get-adreplaccount-nthash", r"""
DistinguishedName: CN=svc_mssql_prd,OU=Service,DC=corp,DC=local
SamAccountName: svc_mssql_prd
Secrets
  NTHash: §S§
  LMHash:
  NTHashHistory:
""", "ntlm", "svc_mssql_prd")
t(O, "openssl-rsa-text-private-exponent", r"""
Private-Key: (2048 bit, 2 primes)
modulus:
    00:c4:1f:§H2§:§H2_2§:...
publicExponent: 65537 (0x10001)
privateExponent:
    §S§
prime1:
""", lambda: ":".join(hx(2) for _ in range(15)), "publicExponent")
t(O, "wg-showconf-private-key", r"""
[Interface]
ListenPort = 51820
PrivateKey = §S§

[Peer]
PublicKey = §B32§
AllowedIPs = 10.99.0.2/32
""", "azkey44", "ListenPort")
t(O, "cat-ipsec-secrets-psk", r"""
# /etc/ipsec.secrets - strongSwan IPsec secrets file
203.0.113.10 198.51.100.44 : PSK "§S§"
: RSA gw-pl.key
""", "strong", "gw-pl.key")
t(O, "cat-freeradius-clients-conf", r"""
client wlc-seoul-hq {
	ipaddr		= 10.120.0.5
	secret		= §S§
	shortname	= wlc-seoul
	require_message_authenticator = yes
}
""", "radius", "wlc-seoul-hq")
t(O, "asterisk-pjsip-show-auth", r"""
 Auth:  <AuthId/UserName.............................................................>
==========================================================================================
 Auth:  trunk-telco-auth/0312345678
        ParameterName              : ParameterValue
        auth_type                  : userpass
        password                   : §S§
        realm                      : sip.telco-carrier.de
        username                   : 0312345678
""", "pw", "sip.telco-carrier.de")
t(O, "appcmd-list-apppool-processmodel-password", r"""
C:\Windows\System32\inetsrv>appcmd list apppool "ClaimsPool" /text:processModel.password
§S§
""", "pw", "ClaimsPool")
t(O, "appcmd-list-vdir-text-all", r"""
VDIR
  VDIR.NAME:"Default Web Site/scans/"
  APP.NAME:"Default Web Site/"
  path:"/scans"
  physicalPath:"\\nas-arch01\scans"
  userName:"CORP\svc_iis_unc"
  password:"§S§"
  logonMethod:"ClearText"
""", "pw", "svc_iis_unc")
t(O, "aspnet-regiis-pdf-decrypted-section", r"""
Decrypting configuration section...
Succeeded!
  <connectionStrings>
    <add name="PolicyDb" connectionString="Data Source=ORAPOL;User Id=POLICY_WEB;Password=§S§;" providerName="Oracle.ManagedDataAccess.Client" />
  </connectionStrings>
""", "pw", "POLICY_WEB")
t(O, "sccm-network-access-account-blob", r"""
__CLASS                  : CCM_NetworkAccessAccount
NetworkAccessUsername    : <PolicySecret Version="1"><![CDATA[§HU40§]]></PolicySecret>
NetworkAccessPassword    : <PolicySecret Version="1"><![CDATA[§S§]]></PolicySecret>
""", lambda: "0601000001000000D08C9DDF0115D1118C7A00C04FC297EB" + HX(120), "CCM_NetworkAccessAccount")
t(O, "get-gpppassword-output", r"""
Changed   : {2019-03-14 11:02:51}
UserNames : {LocalSupport}
NewName   : [BLANK]
Passwords : {§S§}
File      : \\corp.local\SYSVOL\corp.local\Policies\{§GU§}\Machine\Preferences\Groups\Groups.xml
""", "pw", "LocalSupport")
t(O, "get-aduser-description-password", r"""
PS C:\> Get-ADUser svc_scanner_3og -Properties Description,PasswordLastSet | fl Name,Description,PasswordLastSet

Name            : svc_scanner_3og
Description     : Kyocera Scan-to-Folder 3.OG - PW: §S§ (nicht aendern!)
PasswordLastSet : 02.03.2021 10:14:55
""", "pw", "svc_scanner_3og")
t(O, "net-user-domain-comment-field", r"""
User name                    svc_kiosk_lobby
Full Name                    Kiosk Lobby
Comment                      autologon kiosk, pwd §S§
User's comment
Country/region code          000 (System Default)
Account active               Yes
""", "pw", "svc_kiosk_lobby")
t(O, "ldapsearch-ldif-userpassword-base64", r"""
# svc-confluence, services, corp.kr
dn: uid=svc-confluence,ou=services,dc=corp,dc=kr
objectClass: inetOrgPerson
uid: svc-confluence
userPassword:: §S§
""", b64pw(), "svc-confluence")
t(O, "slapcat-olcrootpw", r"""
dn: olcDatabase={2}mdb,cn=config
objectClass: olcMdbConfig
olcSuffix: dc=hospital,dc=local
olcRootDN: cn=Manager,dc=hospital,dc=local
olcRootPW:: §S§
""", b64pw(), "cn=Manager,dc=hospital,dc=local")
t(O, "mvn-help-effective-settings-server", r"""
[INFO] Effective user-specific configuration settings:
<servers>
  <server>
    <username>deploy-ci</username>
    <password>§S§</password>
    <id>bank-releases</id>
  </server>
</servers>
""", "pw", "bank-releases")
t(O, "pip-config-list-index-url", r"""
$ pip config list
global.index-url='https://pypi-proxy:§S§@nexus.lab.local/repository/pypi-all/simple'
global.trusted-host='nexus.lab.local'
""", "pw", "pypi-proxy")
t(O, "git-config-list-extraheader", r"""
core.autocrlf=true
remote.origin.url=https://dev.azure.com/fabrikam/ERP/_git/sap-connectors
http.https://dev.azure.com/.extraheader=AUTHORIZATION: basic §S§
branch.main.remote=origin
""", lambda: enc64(":" + V["adopat"]()), "sap-connectors")
t(O, "git-credential-fill-output", r"""
$ printf "protocol=https\nhost=git.telco.local\n" | git credential fill
protocol=https
host=git.telco.local
username=svc-release
password=§S§
""", "glpat", "svc-release")
t(O, "cat-docker-config-json-auths", r"""
{
	"auths": {
		"registry.bank.intra": {
			"auth": "§S§"
		}
	},
	"credsStore": ""
}
""", "basicup", "registry.bank.intra")
t(O, "az-pipelines-variable-list-unmarked", r"""
Name                 Allow Override    Is Secret    Value
-------------------  ----------------  -----------  ----------------------------------
BuildConfiguration   False             False        Release
SqlAdminPassword     False             False        §S§
SonarToken           False             True
""", "pw", "BuildConfiguration")
t(O, "az-webapp-appsettings-list", r"""
[
  { "name": "WEBSITE_RUN_FROM_PACKAGE", "slotSetting": false, "value": "1" },
  { "name": "Okta__ClientSecret", "slotSetting": false, "value": "§S§" },
  { "name": "Okta__Domain", "slotSetting": false, "value": "https://fabrikam.okta.com" }
]
""", "oauthsec", "Okta__Domain")
t(O, "az-webapp-publishing-profile-userpwd", r"""
  {
    "publishMethod": "MSDeploy",
    "publishUrl": "app-hr-portal-prd.scm.azurewebsites.net:443",
    "userName": "$app-hr-portal-prd",
    "userPWD": "§S§",
    "destinationAppUrl": "https://app-hr-portal-prd.azurewebsites.net"
  },
""", lambda: rs(60), "$app-hr-portal-prd")
t(O, "az-functionapp-keys-list", r"""
{
  "functionKeys": {
    "default": "§S§"
  },
  "masterKey": "§azfn_x§",
  "systemKeys": {}
}
""", lambda: {"S": rs(54) + "==", "azfn_x": rs(54) + "=="}, "functionKeys")
t(O, "az-cosmosdb-keys-list", r"""
{
  "primaryMasterKey": "§S§",
  "primaryReadonlyMasterKey": "§azkey88_x§",
  "secondaryMasterKey": "§azkey88_y§"
}
""", lambda: {"S": b64(64), "azkey88_x": b64(64), "azkey88_y": b64(64)}, "primaryReadonlyMasterKey")
t(O, "az-servicebus-keys-connection-string", r"""
{
  "keyName": "SendOnly",
  "primaryConnectionString": "Endpoint=sb://sb-hl7-prd.servicebus.windows.net/;SharedAccessKeyName=SendOnly;SharedAccessKey=§S§;EntityPath=adt-events",
  "primaryKey": "...",
}
""", "azkey44", "SendOnly")
t(O, "az-acr-credential-show", r"""
{
  "passwords": [
    { "name": "password", "value": "§S§" },
    { "name": "password2", "value": "§acr_x§" }
  ],
  "username": "acrpaymentsweu"
}
""", lambda: {"S": V["acr"](), "acr_x": V["acr"]()}, "acrpaymentsweu")
t(O, "az-redis-list-keys", r"""
{
  "primaryKey": "§S§",
  "secondaryKey": "§azkey44_x§"
}
""", lambda: {"S": b64(32), "azkey44_x": b64(32)}, "secondaryKey")
t(O, "aws-secretsmanager-get-secret-value", r"""
{
    "ARN": "arn:aws:secretsmanager:eu-central-1:§N12§:secret:prod/sap/rfc-§A6§",
    "Name": "prod/sap/rfc",
    "VersionId": "§G§",
    "SecretString": "{\"user\":\"RFC_PI\",\"password\":\"§S§\",\"ashost\":\"sapapp01\",\"sysnr\":\"00\"}",
    "VersionStages": ["AWSCURRENT"]
}
""", "sapass", "RFC_PI")
t(O, "aws-ssm-get-parameter-decrypted", r"""
{
    "Parameter": {
        "Name": "/ebanking/prod/hsm/partition-pin",
        "Type": "SecureString",
        "Value": "§S§",
        "Version": 4,
        "LastModifiedDate": "2024-09-02T11:20:53.114000+02:00"
    }
}
""", "strong", "/ebanking/prod/hsm/partition-pin")
t(O, "aws-rds-generate-db-auth-token", r"""
$ aws rds generate-db-auth-token --hostname claims.cluster-§L12§.eu-west-1.rds.amazonaws.com --port 5432 --username iam_claims
claims.cluster-§L12§.eu-west-1.rds.amazonaws.com:5432/?Action=connect&DBUser=iam_claims&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=ASIA§KID§%2F20241106%2Feu-west-1%2Frds-db%2Faws4_request&X-Amz-Date=20241106T101522Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Security-Token=IQoJb3JpZ2luX2Vj§A30§&X-Amz-Signature=§S§
""", "hex64", "iam_claims")
t(O, "aws-s3-presign-output-url", r"""
https://edi-outbound-prd.s3.eu-central-1.amazonaws.com/partners/dhl/ORDERS_20241105.edi?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA§KID§%2F20241105%2Feu-central-1%2Fs3%2Faws4_request&X-Amz-Date=20241105T154210Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=§S§
""", "hex64", "ORDERS_20241105.edi")
t(O, "az-storage-blob-generate-sas-full-uri", r"""
"https://stclaimsdocs.blob.core.windows.net/scans/2024/11/claim-§N7§.pdf?se=2024-11-13T00%3A00Z&sp=r&spr=https&sv=2022-11-02&sr=b&sig=§S§"
""", lambda: b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"), "stclaimsdocs")
t(O, "gsutil-signurl-output", r"""
URL	HTTP Method	Expiration	Signed URL
gs://bkt-lab-results/2024/11/HL7_ORU_§N6§.hl7	GET	2024-11-07 10:14:02	https://storage.googleapis.com/bkt-lab-results/2024/11/HL7_ORU_§N6§.hl7?x-goog-signature=§S§&x-goog-algorithm=GOOG4-RSA-SHA256&x-goog-credential=signer%40lab-prd.iam.gserviceaccount.com%2F20241106%2Feurope-west3%2Fstorage%2Fgoog4_request&x-goog-date=20241106T101402Z&x-goog-expires=86400&x-goog-signedheaders=host
""", "hex128", "bkt-lab-results")
t(O, "thales-payshield-fk-form-key-console", r"""
Online-AUTH> FK
Key length [S/D/T]: D
Key Type: 000
Key Scheme: U
Component type [X,H,T,E,S]: H
Enter number of components (2-9): 3
Enter component #1: §S§
Component 1 check value: §HU6§
Continue? [Y/N]: Y
""", "k32", "Component 1 check value")
t(O, "payshield-gc-generate-component-output", r"""
Online-AUTH> GC
Enter key length [1,2,3]: 2
Enter key type: 001
Enter key scheme: U
Clear component: §S§
Encrypted component: U§HU32§
Key check value: §HU6§
""", lambda: " ".join(HX(4) for _ in range(8)), "Key check value")
t(O, "cat-nexus-admin-password", r"""
$ docker exec nexus3 cat /nexus-data/admin.password
§S§$
""", "uuidsec", "/nexus-data/admin.password")
t(O, "cat-jenkins-initialadminpassword", r"""
root@jenkins-ci:~# cat /var/lib/jenkins/secrets/initialAdminPassword
§S§
""", "hex32", "initialAdminPassword")
t(O, "cat-artifactory-master-key", r"""
[artifactory@jfrog01 security]$ cat master.key
§S§
[artifactory@jfrog01 security]$ cat join.key
§hex32_x§
""", lambda: {"S": hx(64), "hex32_x": hx(32)}, "jfrog01")
t(O, "cat-gitlab-initial-root-password", r"""
# WARNING: This value is valid only in the following conditions
#          1. If provided manually (either via `GITLAB_ROOT_PASSWORD` environment variable or via `gitlab_rails['initial_root_password']` setting in `gitlab.rb`, it was provided before database was seeded for the first time (usually, the first reconfigure run).
Password: §S§
""", lambda: rs(44, _B64C) + "=", "initial_root_password")
t(O, "cat-splunk-secret", r"""
[splunk@idx01 auth]$ cat /opt/splunk/etc/auth/splunk.secret
§S§
""", lambda: rs(254, _B64C + "."), "splunk.secret")
t(O, "cyberark-get-pasaccountpassword", r"""
PS C:\> Get-PASAccount -search "svc_oracle_dwh" | Get-PASAccountPassword -Reason "INC0082211 batch rerun"

Password          : §S§
""", "strong", "svc_oracle_dwh")
t(O, "kpcli-show-f-entry", r"""
kpcli:/Infra/Network> show -f 3
 Path: /Infra/Network/
Title: Palo Alto Panorama admin
Uname: admin
 Pass: §S§
  URL: https://panorama.corp.local
Notes: rotated after pentest 2024-Q2
""", "pw", "Palo Alto Panorama admin")
t(O, "bitwarden-cli-get-item-json", r"""
{"object":"item","id":"§G§","organizationId":"§G_2§","type":1,"name":"Dynamics 365 sandbox - integration user","login":{"username":"crm.integration@fabrikam.onmicrosoft.com","password":"§S§","totp":null}}
""", "pw", "crm.integration@fabrikam.onmicrosoft.com")
t(O, "okta-apps-api-oauthclient-secret", r"""
  "credentials": {
    "userNameTemplate": { "template": "${source.login}", "type": "BUILT_IN" },
    "oauthClient": {
      "autoKeyRotation": true,
      "client_id": "0oa§A17§",
      "client_secret": "§S§",
      "token_endpoint_auth_method": "client_secret_basic"
    }
  },
""", "oauthsec", "token_endpoint_auth_method")
t(O, "kcadm-get-client-secret", r"""
$ ./kcadm.sh get clients/§G§/client-secret -r hospital
{
  "type" : "secret",
  "value" : "§S§"
}
""", lambda: rs(32), "client-secret")
t(O, "add-adfsserverapplication-generated-secret", r"""
PS C:\> Add-AdfsServerApplication -Name "PowerBI-Gateway - Server app" -ApplicationGroupIdentifier PowerBI -Identifier §G§ -GenerateClientSecret

Name                    : PowerBI-Gateway - Server app
Identifier              : §G§
ClientSecret            : §S§
RedirectUri             : {}
ADUserPrincipalName     :
""", lambda: rs(40, _URLC), "PowerBI-Gateway - Server app")
t(O, "add-mgapplicationpassword-secrettext", r"""
CustomKeyIdentifier DisplayName      EndDateTime           Hint KeyId                                SecretText                               StartDateTime
------------------- -----------      -----------           ---- -----                                ----------                               -------------
                    ServiceNow-Graph 11/6/2026 10:12:44 AM §A3§  §G§ §S§ 11/6/2024 10:12:44 AM
""", "aadsec", "ServiceNow-Graph")
t(O, "new-azadserviceprincipal-passwordcredentials", r"""
PS> $sp.PasswordCredentials | fl

CustomKeyIdentifier :
DisplayName         :
EndDateTime         : 11/6/2025 9:51:02 AM
KeyId               : §G§
SecretText          : §S§
StartDateTime       : 11/6/2024 9:51:02 AM
""", "aadsec", "CustomKeyIdentifier")
t(O, "jfrog-cli-config-export-base64", r"""
$ jf config export artifactory-prd
§S§
""", lambda: enc64(json.dumps({"version": "6", "url": "https://jfrog.bank.local/", "user": "ci", "accessToken": jwt(), "serverId": "artifactory-prd"})), "artifactory-prd")
t(O, "mimikatz-style-lsa-output-wdigest", r"""
Authentication Id : 0 ; §N7§ (00000000:§H8§)
Session           : Service from 0
User Name         : svc_sqlagent
Domain            : CORP
         * Username : svc_sqlagent
         * Domain   : CORP
         * Password : §S§
""", "pw", "svc_sqlagent")
t(O, "openssl-genrsa-stdout-pem", r"""
$ openssl genrsa 2048 2>/dev/null | tee /tmp/hl7-mllp-tls.key
-----BEGIN PRIVATE KEY-----
§S§
-----END PRIVATE KEY-----
""", "p8pk", "/tmp/hl7-mllp-tls.key")
t(O, "wpa-supplicant-psk-dump", r"""
network={
	ssid="PLANT-OT-MES"
	psk="§S§"
	key_mgmt=WPA-PSK
}
""", "pw", "PLANT-OT-MES")
t(O, "mysql-select-user-api-keys-vertical", r"""
*************************** 1. row ***************************
        id: 14
   partner: DHL Freight
   api_key: §S§
   enabled: 1
created_at: 2023-06-02 10:14:51
""", "an32", "DHL Freight")
t(O, "db2-select-result-jdbc-table", r"""
DS_NAME              DS_USER      DS_PASSWORD
-------------------- ------------ --------------------
CLAIMSDB             CLMAPP       §S§

  1 record(s) selected.
""", "pw", "CLAIMSDB")
t(O, "mqsc-display-authinfo-ldap-password", r"""
AMQ8566I: Display authentication information details.
   AUTHINFO(SYSTEM.LDAP.AUTHINFO)          AUTHTYPE(IDPWLDAP)
   CONNAME(ldap.corp.local(636))           LDAPUSER(CN=svc_mqldap,OU=Svc,DC=corp,DC=local)
   LDAPPWD(§S§)
   SECCOMM(YES)                            SHORTUSR(sAMAccountName)
""", "pw", "svc_mqldap")
t(O, "sap-rfc-destination-export-sm59", r"""
RFC Destination  Z_BANK_CONNECT
Connection Type  3   ABAP Connection
Target Host      sapbank01.corp.local   System Number 10
Logon            Client 100   User RFC_BANKCON   Language EN
                 PW Status: saved   Password: §S§
""", "sapass", "Z_BANK_CONNECT")
t(O, "ibm-mq-runmqakm-stashpw-output", r"""
$ runmqakm -keydb -stashpw -db /var/mqm/qmgrs/QMPAY/ssl/key.kdb -pw §S§
$ ls -l /var/mqm/qmgrs/QMPAY/ssl/
-rw-------. 1 mqm mqm  88 Nov  5 10:12 key.kdb
""", "pw", "/var/mqm/qmgrs/QMPAY/ssl/")
t(O, "tibco-obfuscate-tool-output", r"""
$ /opt/tibco/tra/5.11/bin/obfuscate -password 'Hidden' ...
Obfuscated value for BW_GLOBAL_TRUSTED_CA_STORE password:
§S§
""", "tibems", "BW_GLOBAL_TRUSTED_CA_STORE")
t(O, "weblogic-encrypt-utility-output", r"""
$ java -cp $WL_HOME/server/lib/weblogic.jar weblogic.security.Encrypt 
Password:
{AES256}§S§
""", "wlaes", "weblogic.security.Encrypt")
t(O, "websphere-propfilepasswordencoder-diff", r"""
$ cat soap.client.props | grep loginPassword
com.ibm.SOAP.loginPassword={xor}§S§
""", "wasxor", "com.ibm.SOAP.loginPassword")
t(O, "jboss-elytron-credential-store-list-secret", r"""
$ elytron-tool.sh credential-store --location=standalone/configuration/cs.jceks --password CSPass_§A6§ --list-aliases
Credential store contains following aliases: dbpassword ldappw
$ elytron-tool.sh credential-store --location=... --exists ldappw --secret §S§
""", "pw", "Credential store contains following aliases")
t(O, "vmware-get-vicredentialstoreitem", r"""
Host     : vcsa-dc1.infra.local
User     : svc_veeam@vsphere.local
Password : §S§
File     : C:\Users\svc_veeam\AppData\Roaming\VMware\credstore\vicredentials.xml
""", "pw", "svc_veeam@vsphere.local")
t(O, "citrix-storefront-export-config", r"""
<ServiceAccount>
  <Domain>CTX</Domain>
  <UserName>svc_sf_xml</UserName>
  <Password>§S§</Password>
</ServiceAccount>
""", "pw", "svc_sf_xml")
t(O, "hp-ilo-show-user-output", r"""
</>hpiLO-> show /map1/accounts1/Administrator
status=0
status_tag=COMMAND COMPLETED
/map1/accounts1/Administrator
  Properties
    username=Administrator
    password=§S§
    name=Administrator
""", lambda: rs(8, _UP), "/map1/accounts1/Administrator")
t(O, "psql-select-pg-settings-dblink", r"""
            srvname            |                        srvoptions                         
-------------------------------+----------------------------------------------------------
 legacy_oracle                 | {host=ora-legacy,port=1521,dbname=LEGACY}
(1 row)
 umuser | umoptions
--------+-----------------------------------------
 etl    | {user=LEGACY_RO,password=§S§}
""", "pw", "LEGACY_RO")
t(O, "sqlite-select-browser-logins", r"""
sqlite> SELECT origin_url, username_value, password_value FROM logins_export;
https://portal.gkv-datenaustausch.de|praxis0815|§S§
""", "pw", "praxis0815")
t(O, "python-repr-settings-dict", r"""
>>> from django.conf import settings; settings.DATABASES['default']
{'ENGINE': 'django.db.backends.oracle', 'NAME': 'HISPRD', 'USER': 'his_web', 'PASSWORD': '§S§', 'HOST': 'ora-his-scan', 'PORT': '1521', 'OPTIONS': {}}
""", "pw", "his_web")
t(O, "java-debugger-variables-view", r"""
this = {DataSourceConfig@9127}
 url = "jdbc:db2://db2zos.bank.local:446/DSNP"
 user = "TSOAPP1"
 password = "§S§"
 maxPool = 20
""", lambda: rs(8, _UP + "#@$"), "TSOAPP1")
t(O, "dotnet-user-secrets-list", r"""
PS C:\src\Hr.Api> dotnet user-secrets list
Workday:TenantUser = ISU_HR_Api
Workday:TenantPassword = §S§
Smtp:Port = 25
""", "pw", "ISU_HR_Api")
t(O, "docker-compose-config-resolved", r"""
services:
  sonarqube:
    environment:
      SONAR_JDBC_PASSWORD: §S§
      SONAR_JDBC_URL: jdbc:postgresql://db:5432/sonar
      SONAR_JDBC_USERNAME: sonar
    image: sonarqube:10.6-community
""", "pw", "SONAR_JDBC_USERNAME")
t(O, "nmcli-show-secrets-8021x", r"""
802-1x.identity:                        host/wks-pz-2231.corp.local
802-1x.password:                        §S§
802-1x.phase2-auth:                     mschapv2
""", "pw", "802-1x.identity")
t(O, "hashicorp-consul-kv-get-recurse", r"""
config/payments/hsm/host:10.50.0.21
config/payments/hsm/port:1500
config/payments/hsm/lmk_password:§S§
config/payments/iso8583/timeout_ms:4500
""", "strong", "config/payments/hsm/host")
t(O, "redis-cli-get-cached-token", r"""
127.0.0.1:6379> GET "oauth:client:erp-connector:token"
"§S§"
127.0.0.1:6379> TTL "oauth:client:erp-connector:token"
(integer) 2871
""", "jwt", "oauth:client:erp-connector:token")
t(O, "etcdctl-get-secret-value", r"""
$ etcdctl get /config/teller-gw/ldap/bind_password --print-value-only
§S§
""", "pw", "/config/teller-gw/ldap/bind_password")
t(O, "zookeeper-get-acl-digest-config", r"""
[zk: zk1.kafka.local:2181(CONNECTED) 3] get /kafka/config/users/etl
{"version":1,"config":{"SCRAM-SHA-512":"salt=§B16§,stored_key=§B64§,server_key=§B64_2§,iterations=4096"}}
[zk: zk1.kafka.local:2181(CONNECTED) 4] get /app/reconciler/credentials
svc_recon:§S§
""", "pw", "/app/reconciler/credentials")
t(O, "hl7-mirth-channel-export-password", r"""
      <properties class="com.mirth.connect.connectors.jdbc.DatabaseReceiverProperties" version="4.4.0">
        <driver>oracle.jdbc.driver.OracleDriver</driver>
        <url>jdbc:oracle:thin:@oralab01:1521/LIS</url>
        <username>lis_mirth</username>
        <password>§S§</password>
""", "pw", "lis_mirth")

# =============================================================== CONFIG-FILE
F = "config-file"
t(F, "webconfig-connectionstrings-sql-auth", r"""
  <connectionStrings>
    <add name="DefaultConnection" connectionString="Data Source=SQLPRD01\WEB;Initial Catalog=Intranet;Persist Security Info=True;User ID=intranet_app;Password=§S§" providerName="System.Data.SqlClient" />
  </connectionStrings>
""", "pw", "intranet_app")
t(F, "webconfig-appsettings-smtp-password", r"""
  <appSettings>
    <add key="webpages:Version" value="3.0.0.0" />
    <add key="SmtpHost" value="mailrelay.corp.local" />
    <add key="SmtpUser" value="noreply-portal" />
    <add key="SmtpPassword" value="§S§" />
    <add key="ClientValidationEnabled" value="true" />
  </appSettings>
""", "pw", "noreply-portal")
t(F, "webconfig-machinekey-validationkey", r"""
    <machineKey validationKey="§S§" decryptionKey="§mkdec_x§" validation="HMACSHA256" decryption="AES" />
""", lambda: {"S": HX(128), "mkdec_x": HX(64)}, "HMACSHA256")
t(F, "webconfig-machinekey-decryptionkey-only", r"""
<system.web>
  <compilation debug="false" targetFramework="4.8" />
  <machineKey decryption="AES" decryptionKey="§S§" validation="SHA1" validationKey="AutoGenerate,IsolateApps" />
</system.web>
""", "mkdec", "AutoGenerate,IsolateApps")
t(F, "webconfig-identity-impersonate", r"""
    <identity impersonate="true" userName="CORP\svc_docgen" password="§S§" />
""", "pw", "svc_docgen")
t(F, "webconfig-mailsettings-network-password", r"""
  <system.net>
    <mailSettings>
      <smtp from="claims@versicherung.de" deliveryMethod="Network">
        <network host="smtp.office365.com" port="587" enableSsl="true" userName="claims@versicherung.de" password="§S§" />
      </smtp>
    </mailSettings>
  </system.net>
""", "pw", "smtp.office365.com")
t(F, "webconfig-appsettings-ida-clientsecret", r"""
    <add key="ida:ClientId" value="§G§" />
    <add key="ida:ClientSecret" value="§S§" />
    <add key="ida:AADInstance" value="https://login.microsoftonline.com/{0}" />
""", "aadsec", "ida:AADInstance")
t(F, "applicationhost-config-processmodel-plain", r"""
            <add name="HrSelfService" autoStart="true" managedRuntimeVersion="v4.0" startMode="AlwaysRunning">
                <processModel identityType="SpecificUser" userName="CORP\svc_hrss" password="§S§" idleTimeout="00:00:00" />
            </add>
""", "pw", "svc_hrss")
t(F, "applicationhost-config-enc-aesprovider", r"""
                <processModel identityType="SpecificUser" userName="CORP\svc_ebank" password="[enc:IISWASOnlyAesProvider:§S§:enc]" />
""", lambda: b64(R.choice([48, 64])), "svc_ebank")
t(F, "applicationhost-virtualdirectory-unc-password", r"""
<virtualDirectory path="/docs" physicalPath="\\fs-docs02\publish$" userName="CORP\svc_iisunc" password="§S§" logonMethod="Network" />
""", "pw", "svc_iisunc")
t(F, "tomcat-server-xml-connector-keystorepass", r"""
    <Connector port="8443" protocol="org.apache.coyote.http11.Http11NioProtocol"
               maxThreads="400" SSLEnabled="true" scheme="https" secure="true">
        <SSLHostConfig protocols="TLSv1.2,TLSv1.3">
            <Certificate certificateKeystoreFile="conf/ebanking.p12"
                         certificateKeystorePassword="§S§"
                         type="RSA" />
        </SSLHostConfig>
    </Connector>
""", "pw", "conf/ebanking.p12")
t(F, "tomcat-server-xml-jndirealm-connectionpassword", r"""
      <Realm className="org.apache.catalina.realm.JNDIRealm"
             connectionURL="ldaps://dc01.corp.local:636"
             connectionName="CN=svc_tomcat_ldap,OU=Service,DC=corp,DC=local"
             connectionPassword="§S§"
             userBase="OU=Users,DC=corp,DC=local"
             userSearch="(sAMAccountName={0})" />
""", "pw", "svc_tomcat_ldap")
t(F, "tomcat-context-xml-resource-password", r"""
<Context>
    <Resource name="jdbc/TellerDS" auth="Container" type="javax.sql.DataSource"
              driverClassName="oracle.jdbc.OracleDriver"
              url="jdbc:oracle:thin:@//ora-teller-scan:1521/TELLER"
              username="TELLER_APP" password="§S§"
              maxTotal="50" maxIdle="10" validationQuery="SELECT 1 FROM DUAL"/>
</Context>
""", "pw", "TELLER_APP")
t(F, "tomcat-users-xml-manager-script", r"""
<tomcat-users xmlns="http://tomcat.apache.org/xml" version="1.0">
  <role rolename="manager-script"/>
  <user username="jenkins-deploy" password="§S§" roles="manager-script"/>
</tomcat-users>
""", "pw", "jenkins-deploy")
t(F, "jboss-standalone-datasource-security", r"""
                <datasource jndi-name="java:jboss/datasources/PatientDS" pool-name="PatientDS" enabled="true">
                    <connection-url>jdbc:sqlserver://sqlhis01:1433;databaseName=Patients</connection-url>
                    <driver>mssql</driver>
                    <security>
                        <user-name>his_eap</user-name>
                        <password>§S§</password>
                    </security>
                </datasource>
""", "pw", "his_eap")
t(F, "jboss-security-realm-secret-value-base64", r"""
            <security-realm name="SlaveRealm">
                <server-identities>
                    <secret value="§S§"/>
                </server-identities>
            </security-realm>
""", b64pw(), "SlaveRealm")
t(F, "jboss-elytron-credential-reference-clear-text", r"""
                <key-store name="httpsKS">
                    <credential-reference clear-text="§S§"/>
                    <implementation type="JKS"/>
                    <file path="server.keystore" relative-to="jboss.server.config.dir"/>
                </key-store>
""", "pw", "httpsKS")
t(F, "maven-settings-xml-server-password", r"""
  <servers>
    <server>
      <id>nexus-releases</id>
      <username>ci-deployer</username>
      <password>§S§</password>
    </server>
  </servers>
""", "pw", "nexus-releases")
t(F, "maven-settings-encrypted-password-braces", r"""
    <server>
      <id>artifactory-snapshots</id>
      <username>svc-maven</username>
      <password>{§S§}</password>
    </server>
""", "mvnenc", "artifactory-snapshots")
t(F, "maven-settings-security-master", r"""
<settingsSecurity>
  <master>{§S§}</master>
</settingsSecurity>
""", "mvnenc", "settingsSecurity")
t(F, "persistence-xml-jdbc-password-property", r"""
    <persistence-unit name="claimsPU" transaction-type="RESOURCE_LOCAL">
        <properties>
            <property name="javax.persistence.jdbc.url" value="jdbc:postgresql://pgclaims:5432/claims"/>
            <property name="javax.persistence.jdbc.user" value="claims_jpa"/>
            <property name="javax.persistence.jdbc.password" value="§S§"/>
        </properties>
    </persistence-unit>
""", "pw", "claims_jpa")
t(F, "hibernate-cfg-xml-connection-password", r"""
<hibernate-configuration>
  <session-factory>
    <property name="hibernate.connection.driver_class">com.ibm.db2.jcc.DB2Driver</property>
    <property name="hibernate.connection.url">jdbc:db2://db2prd:50000/LOANS</property>
    <property name="hibernate.connection.username">loanapp</property>
    <property name="hibernate.connection.password">§S§</property>
""", "pw", "loanapp")
t(F, "log4j2-xml-smtp-appender-password", r"""
    <SMTP name="Mail" subject="[PROD] Batch failure" to="batch-ops@bank.local" from="log4j@bank.local"
          smtpHost="smtp.bank.local" smtpPort="587" smtpUsername="log4j-alerts" smtpPassword="§S§" bufferSize="50">
      <ThresholdFilter level="ERROR"/>
    </SMTP>
""", "pw", "log4j-alerts")
t(F, "logback-xml-dbappender-password", r"""
  <appender name="DB" class="ch.qos.logback.classic.db.DBAppender">
    <connectionSource class="ch.qos.logback.core.db.DriverManagerConnectionSource">
      <driverClass>org.postgresql.Driver</driverClass>
      <url>jdbc:postgresql://pglog:5432/audit</url>
      <user>audit_writer</user>
      <password>§S§</password>
    </connectionSource>
  </appender>
""", "pw", "audit_writer")
t(F, "spring-beans-xml-datasource-property", r"""
    <bean id="dataSource" class="org.apache.commons.dbcp2.BasicDataSource" destroy-method="close">
        <property name="driverClassName" value="oracle.jdbc.OracleDriver"/>
        <property name="url" value="jdbc:oracle:thin:@orabatch:1521/BATCH"/>
        <property name="username" value="BATCH_OWNER"/>
        <property name="password" value="§S§"/>
    </bean>
""", "pw", "BATCH_OWNER")
t(F, "weblogic-config-xml-credential-encrypted", r"""
  <security-configuration>
    <name>base_domain</name>
    <credential-encrypted>{AES256}§S§</credential-encrypted>
    <node-manager-username>nmadmin</node-manager-username>
    <node-manager-password-encrypted>{AES256}§wlaes_x§</node-manager-password-encrypted>
  </security-configuration>
""", lambda: {"S": b64(48), "wlaes_x": b64(32)}, "nmadmin")
t(F, "weblogic-boot-properties-aes", r"""
# Generated by Node Manager on Tue Nov 05 03:14:22 CET 2024
username={AES256}§wlaes_x§
password={AES256}§S§
""", lambda: {"S": b64(32), "wlaes_x": b64(32)}, "Generated by Node Manager")
t(F, "weblogic-jdbc-module-password-encrypted", r"""
  <jdbc-driver-params>
    <url>jdbc:oracle:thin:@//orafin-scan:1521/FINPRD</url>
    <driver-name>oracle.jdbc.xa.client.OracleXADataSource</driver-name>
    <properties><property><name>user</name><value>FIN_WLS</value></property></properties>
    <password-encrypted>{AES}§S§</password-encrypted>
  </jdbc-driver-params>
""", "wlaes", "FIN_WLS")
t(F, "websphere-security-xml-xor", r"""
  <authDataEntries xmi:id="JAASAuthData_1508412" alias="CellMgr01/DB2_CLAIMS" userId="db2clm" password="{xor}§S§" description="claims db"/>
""", "wasxor", "CellMgr01/DB2_CLAIMS")
t(F, "websphere-soap-client-props-xor", r"""
com.ibm.SOAP.securityEnabled=true
com.ibm.SOAP.loginUserid=wasadmin
com.ibm.SOAP.loginPassword={xor}§S§
com.ibm.SOAP.requestTimeout=180
""", "wasxor", "com.ibm.SOAP.loginUserid")
t(F, "websphere-ssl-client-props-keystore-xor", r"""
com.ibm.ssl.keyStoreName=ClientDefaultKeyStore
com.ibm.ssl.keyStore=${user.root}/etc/key.p12
com.ibm.ssl.keyStorePassword={xor}§S§
com.ibm.ssl.keyStoreType=PKCS12
""", "wasxor", "ClientDefaultKeyStore")
t(F, "nuget-config-cleartextpassword", r"""
  <packageSourceCredentials>
    <InternalFeed>
      <add key="Username" value="svc-nuget" />
      <add key="ClearTextPassword" value="§S§" />
    </InternalFeed>
  </packageSourceCredentials>
""", "pw", "InternalFeed")
t(F, "nuget-config-dpapi-password", r"""
    <Corp_x0020_Feed>
      <add key="Username" value="CORP\buildsvc" />
      <add key="Password" value="§S§" />
    </Corp_x0020_Feed>
""", lambda: "AQAAANCMnd8BFdERjHoAwE/Cl+sBAAAA" + rs(200, _B64C) + "==", "Corp_x0020_Feed")
t(F, "gpp-groups-xml-cpassword", r"""
<?xml version="1.0" encoding="utf-8"?>
<Groups clsid="{3125E937-EB16-4b4c-9934-544FC6D24D26}"><User clsid="{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}" name="LocalAdminHelpdesk" image="2" changed="2018-06-14 09:21:12" uid="{§GU§}"><Properties action="U" newName="" fullName="" description="" cpassword="§S§" changeLogon="0" noChange="1" neverExpires="1" acctDisabled="0" userName="LocalAdminHelpdesk"/></User>
</Groups>
""", "cpass", "LocalAdminHelpdesk")
t(F, "gpp-scheduledtasks-xml-cpassword", r"""
<ScheduledTasks clsid="{CC63F200-7309-4ba0-B154-A71CD118DBCC}"><Task clsid="{2DEECB1C-261F-4e13-9B21-16FB83BC03BD}" name="InventoryUpload" image="2" changed="2017-11-02 14:05:33" uid="{§GU§}"><Properties action="U" name="InventoryUpload" appName="\\corp.local\NETLOGON\inv\upload.cmd" runAs="CORP\svc_inventory" cpassword="§S§" enabled="1"/></Task></ScheduledTasks>
""", "cpass", "svc_inventory")
t(F, "unattend-xml-administratorpassword-base64", r"""
            <UserAccounts>
                <AdministratorPassword>
                    <Value>§S§</Value>
                    <PlainText>false</PlainText>
                </AdministratorPassword>
            </UserAccounts>
""", "unattend", "AdministratorPassword")
t(F, "unattend-xml-autologon-plaintext", r"""
            <AutoLogon>
                <Password>
                    <Value>§S§</Value>
                    <PlainText>true</PlainText>
                </Password>
                <Enabled>true</Enabled>
                <LogonCount>3</LogonCount>
                <Username>deploy</Username>
            </AutoLogon>
""", "pw", "LogonCount")
t(F, "unattend-xml-localaccount-password-base64", r"""
                    <LocalAccount wcm:action="add">
                        <Password>
                            <Value>§S§</Value>
                            <PlainText>false</PlainText>
                        </Password>
                        <Name>support</Name>
                        <Group>Administrators</Group>
                    </LocalAccount>
""", "unattendu", "LocalAccount")
t(F, "filezilla-sitemanager-pass-base64", r"""
		<Server>
			<Host>sftp.bundesbank-partner.de</Host>
			<Port>22</Port>
			<Protocol>1</Protocol>
			<Type>0</Type>
			<User>meldewesen</User>
			<Pass encoding="base64">§S§</Pass>
			<Name>BBk Meldewesen PROD</Name>
		</Server>
""", "fz", "meldewesen")
t(F, "mremoteng-confcons-password-attr", r"""
    <Node Name="SAP-APP-01" Type="Connection" Descr="" Icon="mRemoteNG" Panel="SAP" Id="§G§" Username="pr1adm" Domain="" Password="§S§" Hostname="sapapp01.corp.local" Protocol="SSH2" Port="22" />
""", lambda: b64(R.choice([48, 64])), "SAP-APP-01")
t(F, "ssis-dtsconfig-configuredvalue", r"""
  <Configuration ConfiguredType="Property" Path="\Package.Connections[OLEDB_SAPBW].Properties[Password]" ValueType="String">
    <ConfiguredValue>§S§</ConfiguredValue>
  </Configuration>
""", "pw", "OLEDB_SAPBW")
t(F, "ssis-dtsx-connectionstring-password", r"""
      <DTS:ConnectionManager DTS:refId="Package.ConnectionManagers[ORA_GL]" DTS:CreationName="OLEDB" DTS:ObjectName="ORA_GL">
        <DTS:ObjectData>
          <DTS:ConnectionManager DTS:ConnectionString="Data Source=ORAGL;User ID=GL_EXTRACT;Password=§S§;Provider=OraOLEDB.Oracle.1;Persist Security Info=True;" />
""", "pw", "GL_EXTRACT")
t(F, "biztalk-bindings-transporttypedata-escaped", r"""
          <TransportTypeData>&lt;CustomProps&gt;&lt;AdapterConfig vt="8"&gt;&amp;lt;Config&amp;gt;&amp;lt;uri&amp;gt;sftp://sftp.kfw-partner.de:22/in&amp;lt;/uri&amp;gt;&amp;lt;userName&amp;gt;bt_kfw&amp;lt;/userName&amp;gt;&amp;lt;password&amp;gt;§S§&amp;lt;/password&amp;gt;&amp;lt;/Config&amp;gt;&lt;/AdapterConfig&gt;&lt;/CustomProps&gt;</TransportTypeData>
""", "pw", "bt_kfw")
t(F, "jenkins-credentials-xml-secret-braces", r"""
      <com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
        <scope>GLOBAL</scope>
        <id>oracle-dwh-etl</id>
        <description>DWH ETL user</description>
        <username>DWH_ETL</username>
        <password>{§S§}</password>
      </com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
""", "jenkins", "oracle-dwh-etl")
t(F, "jenkins-credentials-stringcredentials-secret", r"""
      <org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>
        <scope>GLOBAL</scope>
        <id>sonar-token</id>
        <secret>{§S§}</secret>
      </org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>
""", "jenkins", "sonar-token")
t(F, "jenkins-publish-over-ssh-secretpassword", r"""
  <jenkins.plugins.publish__over__ssh.BapSshHostConfiguration>
    <name>aix-batch-prd</name>
    <hostname>aixprd03.corp.local</hostname>
    <username>batchops</username>
    <secretPassword>{§S§}</secretPassword>
    <remoteRootDir>/opt/cbs/releases</remoteRootDir>
""", "jenkins", "aix-batch-prd")
t(F, "teamcity-project-config-secure-zxx", r"""
  <parameters>
    <param name="env.SQL_USER" value="tc_migrator" />
    <param name="secure:env.SQL_PASSWORD" value="§S§" spec="password display='hidden'" />
  </parameters>
""", "zxx", "tc_migrator")
t(F, "teamcity-vcs-root-secure-password", r"""
<vcs-root xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" uuid="§G§" type="jetbrains.git">
  <name>CoreBanking git</name>
  <param name="authMethod" value="PASSWORD" />
  <param name="secure:password" value="§S§" />
  <param name="url" value="https://git.bank.local/core/cbs.git" />
  <param name="username" value="teamcity" />
</vcs-root>
""", "zxx", "CoreBanking git")
t(F, "bamboo-cfg-xml-hibernate-password", r"""
    <property name="hibernate.connection.url">jdbc:postgresql://pgbamboo:5432/bamboo</property>
    <property name="hibernate.connection.username">bamboouser</property>
    <property name="hibernate.connection.password">§S§</property>
""", "pw", "bamboouser")
t(F, "bamboo-encrypted-variable-bamscrt", r"""
  <variableDefinition>
    <key>nexus.password</key>
    <value>§S§</value>
    <variableType>GLOBAL</variableType>
  </variableDefinition>
""", "bamboo", "nexus.password")
t(F, "confluence-cfg-xml-hibernate-password", r"""
    <property name="hibernate.connection.username">confluence</property>
    <property name="hibernate.connection.password">§S§</property>
    <property name="hibernate.connection.url">jdbc:sqlserver://sqlatl01:1433;databaseName=confluence</property>
""", "pw", "sqlatl01")
t(F, "jira-dbconfig-xml-password", r"""
  <jdbc-datasource>
    <url>jdbc:postgresql://pgjira:5432/jiradb</url>
    <driver-class>org.postgresql.Driver</driver-class>
    <username>jiradbuser</username>
    <password>§S§</password>
    <pool-min-size>20</pool-min-size>
""", "pw", "jiradbuser")
t(F, "servicenow-mid-config-xml-instance-password", r"""
   <parameter name="url" value="https://fabrikamprod.service-now.com/"/>
   <parameter name="mid.instance.username" value="mid.server.fra01"/>
   <parameter name="mid.instance.password" value="§S§"/>
   <parameter name="name" value="MID-FRA-01"/>
""", "pw", "mid.server.fra01")
t(F, "mqccred-ini-qmgr-password", r"""
AllQueueManagers:
  User=app_claims
  Password=§S§
QueueManager:
  Name=QMCLM01
  User=app_claims_adm
""", "pw", "QMCLM01")
t(F, "tibemsd-conf-obfuscated-password", r"""
server                  = EMS-PRD-1
password                = §S§
users                   = users.conf
ssl_server_identity     = /opt/tibco/ems/certs/ems-prd-1.p12
ssl_password            = §tibems_x§
""", lambda: {"S": V["tibems"](), "tibems_x": V["tibems"]()}, "EMS-PRD-1")
t(F, "tibco-bw-tra-clientvar-password", r"""
tibco.clientVar.JDBC/Claims/UserName=CLAIMS_BW
tibco.clientVar.JDBC/Claims/Password=§S§
tibco.clientVar.JMS/ProviderURL=ssl://ems-prd-1:7243
""", "tibems", "CLAIMS_BW")
t(F, "dotnet-appconfig-appsettings-apikey", r"""
<configuration>
  <appSettings>
    <add key="ExchangeRateApi.BaseUrl" value="https://fx.partnerbank.com.tr/api/v3/" />
    <add key="ExchangeRateApi.Key" value="§S§" />
  </appSettings>
</configuration>
""", "hex32", "ExchangeRateApi.BaseUrl")
t(F, "azure-cscfg-storage-connection-setting", r"""
    <ConfigurationSettings>
      <Setting name="Microsoft.WindowsAzure.Plugins.Diagnostics.ConnectionString" value="DefaultEndpointsProtocol=https;AccountName=stdiagclaims;AccountKey=§S§;EndpointSuffix=core.windows.net" />
    </ConfigurationSettings>
""", "azkey88", "stdiagclaims")
t(F, "shibboleth-sp-key-pem-file", r"""
# /etc/shibboleth/sp-signing-key.pem
-----BEGIN PRIVATE KEY-----
§S§
-----END PRIVATE KEY-----
""", "p8pk", "/etc/shibboleth/sp-signing-key.pem")
t(F, "okta-yaml-client-token", r"""
okta:
  client:
    orgUrl: "https://fabrikam.okta.com"
    token: §S§
    connectionTimeout: 30
""", "okta", "https://fabrikam.okta.com")
t(F, "asterisk-sip-conf-peer-secret", r"""
[telco-trunk]
type=peer
host=sip.carrier-trunk.es
username=34911234567
secret=§S§
fromdomain=sip.carrier-trunk.es
insecure=port,invite
""", "pw", "34911234567")
t(F, "asterisk-pjsip-conf-auth-password", r"""
[2001-auth]
type=auth
auth_type=userpass
username=2001
password=§S§

[2001]
type=aor
max_contacts=2
""", "an16", "2001-auth")
t(F, "freeswitch-directory-user-xml", r"""
<include>
  <user id="1042">
    <params>
      <param name="password" value="§S§"/>
      <param name="vm-password" value="1042"/>
    </params>
    <variables><variable name="effective_caller_id_name" value="Callcenter Recife 42"/></variables>
  </user>
</include>
""", "an12", "Callcenter Recife 42")
t(F, "freeradius-proxy-conf-home-server-secret", r"""
home_server radius-roaming-01 {
	type = auth+acct
	ipaddr = 192.0.2.44
	port = 1812
	secret = §S§
	response_window = 20
}
""", "radius", "radius-roaming-01")
t(F, "diameter-gx-client-keystore-password", r"""
<DiameterPeer name="pcrf-gx-01">
  <Realm>epc.mnc005.mcc286.3gppnetwork.org</Realm>
  <Transport protocol="tls" port="3868">
    <KeyStore path="/opt/pcef/tls/gx-client.jks" password="§S§"/>
  </Transport>
</DiameterPeer>
""", "pw", "pcrf-gx-01")
t(F, "cisco-startup-config-enable-password7", r"""
!
hostname RTR-BR-REC-01
!
boot-start-marker
boot-end-marker
!
enable password 7 §S§
!
aaa new-model
""", "c7", "RTR-BR-REC-01")
t(F, "cisco-key-chain-key-string7", r"""
key chain EIGRP-KEYS
 key 1
  key-string 7 §S§
  accept-lifetime 00:00:00 Jan 1 2024 infinite
""", "c7", "EIGRP-KEYS")
t(F, "cisco-ntp-authentication-key-md5-plain", r"""
ntp authentication-key 10 md5 §S§
ntp trusted-key 10
ntp server 10.0.0.123 key 10
""", "an16", "ntp trusted-key 10")
t(F, "cisco-ospf-message-digest-key", r"""
interface GigabitEthernet0/0/1
 description *** MPLS to DC2 ***
 ip address 10.255.1.1 255.255.255.252
 ip ospf message-digest-key 1 md5 §S§
 ip ospf authentication message-digest
""", "an12", "MPLS to DC2")
t(F, "cisco-wlc-radius-shared-secret", r"""
config radius auth add 1 10.10.20.15 1812 ascii §S§
config radius auth network 1 enable
config radius auth management 1 disable
""", "radius", "10.10.20.15")
t(F, "cisco-asa-tunnel-group-psk", r"""
tunnel-group 198.51.100.23 type ipsec-l2l
tunnel-group 198.51.100.23 ipsec-attributes
 ikev2 remote-authentication pre-shared-key §S§
 ikev2 local-authentication pre-shared-key §S§
""", "strong", "tunnel-group 198.51.100.23")
t(F, "junos-config-hierarchical-encrypted-psk", r"""
security {
    ike {
        policy IKE-POL-SWIFT {
            mode main;
            proposals IKE-PROP-AES256;
            pre-shared-key ascii-text "§S§"; ## SECRET-DATA
        }
    }
}
""", "jnpr9", "IKE-POL-SWIFT")
t(F, "junos-snmp-community-block", r"""
snmp {
    location "DC Poznan rack B07";
    community §S§ {
        authorization read-only;
        clients {
            10.60.0.0/24;
        }
    }
}
""", "snmp", "DC Poznan rack B07")
t(F, "fortigate-config-ldap-server-password", r"""
config user ldap
    edit "AD-CORP"
        set server "10.1.5.10"
        set cnid "sAMAccountName"
        set dn "DC=corp,DC=local"
        set type regular
        set username "CN=svc_fgt_ldap,OU=Service,DC=corp,DC=local"
        set password ENC §S§
    next
end
""", lambda: b64(R.choice([60, 72])), "svc_fgt_ldap")
t(F, "paloalto-xml-bind-password-encrypted", r"""
          <ldap>
            <entry name="LDAP-CORP">
              <server><entry name="dc01"><address>10.1.5.10</address><port>636</port></entry></server>
              <bind-dn>svc_pan_ldap@corp.local</bind-dn>
              <bind-password>-AQ==§S§</bind-password>
              <base>DC=corp,DC=local</base>
""", lambda: b64(20) + b64(24), "svc_pan_ldap@corp.local")
t(F, "f5-bigip-conf-sys-snmp-communities", r"""
sys snmp {
    communities {
        /Common/comm-nms {
            community-name §S§
            source 10.60.0.10
        }
    }
}
""", "snmp", "/Common/comm-nms")
t(F, "netscaler-ns-conf-encrypted-bind", r"""
add authentication ldapAction LDAP_AD -serverIP 10.1.5.11 -serverPort 636 -ldapBase "DC=corp,DC=local" -ldapBindDn svc_ns@corp.local -ldapBindDnPassword §S§ -encrypted -encryptmethod ENCMTHD_3 -kek -suffix 2024_03_11_09_22_10 -ldapLoginName sAMAccountName
""", lambda: hx(64), "svc_ns@corp.local")
t(F, "odbc-ini-password", r"""
[DWH_PROD]
Driver=/opt/microsoft/msodbcsql18/lib64/libmsodbcsql-18.3.so.2.1
Server=tcp:sqldwh-ag,1433
Database=EDW
UID=etl_informatica
PWD=§S§
TrustServerCertificate=yes
""", "pw", "etl_informatica")
t(F, "my-cnf-client-section", r"""
[client]
user=backup_xtra
password="§S§"
host=mysql-otrs.support.local
socket=/var/lib/mysql/mysql.sock
""", "pw", "backup_xtra")
t(F, "pgpass-line", r"""
# hostname:port:database:username:password
pg-fhir-prd.health.local:5432:fhir:fhir_app:§S§
pg-fhir-prd.health.local:5432:*:postgres:*
""", "pw", "fhir_app")
t(F, "netrc-machine-login-password", r"""
machine nexus.bank.intra
  login ci-deployer
  password §S§
machine ftp.swift-bureau.be login anonymous password guest@
""", "pw", "ci-deployer")
t(F, "s3cfg-secret-key", r"""
[default]
access_key = AKIA§KID§
host_base = s3.eu-central-1.amazonaws.com
secret_key = §S§
use_https = True
""", "awssk", "host_base")
t(F, "rclone-conf-obscured-pass", r"""
[sharepoint-archiv]
type = webdav
url = https://contoso.sharepoint.com/sites/Archiv/Shared Documents
vendor = sharepoint
user = archiv.sync@contoso.de
pass = §S§
""", lambda: b64u(R.choice([24, 30, 36])), "archiv.sync@contoso.de")
t(F, "wgetrc-password", r"""
user=buildbot
password=§S§
check_certificate=off
""", "pw", "buildbot")
t(F, "npmrc-auth-base64", r"""
registry=https://nexus.retail.local/repository/npm-group/
_auth=§S§
always-auth=true
email=build@retail.local
""", "basicup", "build@retail.local")
t(F, "npmrc-password-base64-scoped", r"""
@retail:registry=https://nexus.retail.local/repository/npm-private/
//nexus.retail.local/repository/npm-private/:username=svc-npm
//nexus.retail.local/repository/npm-private/:_password=§S§
//nexus.retail.local/repository/npm-private/:email=svc-npm@retail.local
""", b64pw(), "svc-npm")
t(F, "pypirc-password", r"""
[distutils]
index-servers = internal

[internal]
repository = https://devpi.lab.local/lab/prod/
username = release-bot
password = §S§
""", "pw", "release-bot")
t(F, "gradle-properties-signing-and-nexus", r"""
org.gradle.jvmargs=-Xmx2g
signing.keyId=§HU8§
signing.password=§S§
signing.secretKeyRingFile=/home/ci/.gnupg/secring.gpg
nexusUsername=svc-gradle
""", "pw", "signing.keyId")
t(F, "dotenv-file-db-and-smtp", r"""
APP_ENV=production
APP_DEBUG=false
DB_CONNECTION=sqlsrv
DB_HOST=sqlweb02
DB_DATABASE=portal
DB_USERNAME=portal_web
DB_PASSWORD=§S§
MAIL_MAILER=smtp
""", "pw", "portal_web")
t(F, "aws-credentials-ini-profile", r"""
[default]
region = eu-central-1

[edi-prod]
aws_access_key_id = AKIA§KID§
aws_secret_access_key = §S§
""", "awssk", "edi-prod")
t(F, "boto-cfg-gs-secret", r"""
[Credentials]
gs_access_key_id = GOOG1E§HU54§
gs_secret_access_key = §S§
""", "awssk", "gs_access_key_id")
t(F, "sapnwrfc-ini-passwd", r"""
DEST=PR1
ASHOST=sapapp01.corp.local
SYSNR=00
CLIENT=100
USER=RFC_PYTHON
PASSWD=§S§
LANG=EN
""", "sapass", "RFC_PYTHON")
t(F, "sap-jco-properties-passwd", r"""
jco.client.ashost=sapbw01.corp.local
jco.client.sysnr=10
jco.client.client=200
jco.client.user=RFC_BWLOAD
jco.client.passwd=§S§
jco.client.lang=de
""", "sapass", "RFC_BWLOAD")
t(F, "citrix-ica-file-clearpassword", r"""
[ApplicationServers]
Desktop=
[Desktop]
Address=ctx-xa-fra01.corp.local:1494
Username=kiosk_ctx
Domain=CORP
ClearPassword=§S§
TransportDriver=TCP/IP
""", "pw", "kiosk_ctx")
t(F, "rdp-file-password-51-b-dpapi", r"""
full address:s:termsrv-krk-03.corp.local
username:s:CORP\t1_wisniewski
password 51:b:§S§
screen mode id:i:2
""", lambda: "01000000D08C9DDF0115D1118C7A00C04FC297EB01000000" + HX(220), "t1_wisniewski")
t(F, "sysprep-inf-adminpassword", r"""
[GuiUnattended]
    AdminPassword="§S§"
    EncryptedAdminPassword=NO
    OEMSkipRegional=1
    TimeZone=110
""", "pw", "EncryptedAdminPassword")
t(F, "mdt-customsettings-ini-domainadminpassword", r"""
[Default]
OSInstall=Y
JoinDomain=corp.local
DomainAdmin=svc_mdt_join
DomainAdminDomain=CORP
DomainAdminPassword=§S§
MachineObjectOU=OU=Workstations,DC=corp,DC=local
""", "pw", "svc_mdt_join")
t(F, "mdt-bootstrap-ini-userpassword", r"""
[Settings]
Priority=Default

[Default]
DeployRoot=\\mdt01\DeploymentShare$
UserDomain=CORP
UserID=svc_mdt_ro
UserPassword=§S§
SkipBDDWelcome=YES
""", "pw", "svc_mdt_ro")
t(F, "azure-functions-local-settings-json", r"""
{
  "IsEncrypted": false,
  "Values": {
    "AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=stfuncclaims;AccountKey=§S§;EndpointSuffix=core.windows.net",
    "FUNCTIONS_WORKER_RUNTIME": "dotnet-isolated"
  }
}
""", "azkey88", "stfuncclaims")
t(F, "appsettings-json-jwt-signing-key", r"""
  "Jwt": {
    "Issuer": "https://auth.bank.intra",
    "Audience": "teller-api",
    "Key": "§S§",
    "ExpiryMinutes": 30
  },
""", lambda: b64(48), "teller-api")
t(F, "launchsettings-json-environment-variables", r"""
    "Ledger.Api": {
      "commandName": "Project",
      "environmentVariables": {
        "ASPNETCORE_ENVIRONMENT": "Development",
        "Ledger__Sql__Password": "§S§"
      },
      "applicationUrl": "https://localhost:7211"
    }
""", "pw", "Ledger.Api")
t(F, "runsettings-test-parameter-password", r"""
  <TestRunParameters>
    <Parameter name="BaseUrl" value="https://uat.portal.bank.local" />
    <Parameter name="TestUser" value="uat_tester07" />
    <Parameter name="TestUserPassword" value="§S§" />
  </TestRunParameters>
""", "pw", "uat_tester07")
t(F, "ldap-conf-bindpw", r"""
BASE    dc=hospital,dc=local
URI     ldaps://ldap01.hospital.local ldaps://ldap02.hospital.local
BINDDN  cn=readonly,dc=hospital,dc=local
BINDPW  §S§
TLS_CACERT /etc/pki/tls/certs/hospital-ca.pem
""", "pw", "cn=readonly,dc=hospital,dc=local")
t(F, "nslcd-conf-bindpw", r"""
uri ldaps://dc01.corp.local
base dc=corp,dc=local
binddn CN=svc_linux_ldap,OU=Service,DC=corp,DC=local
bindpw §S§
ssl on
""", "pw", "svc_linux_ldap")
t(F, "sssd-conf-ldap-default-authtok", r"""
[domain/corp.local]
id_provider = ldap
ldap_uri = ldaps://dc02.corp.local
ldap_default_bind_dn = CN=svc_sssd,OU=Service,DC=corp,DC=local
ldap_default_authtok_type = password
ldap_default_authtok = §S§
""", "pw", "svc_sssd")
t(F, "rsyncd-secrets-user-colon", r"""
# /etc/rsyncd.secrets
backup:§S§
""", "pw", "/etc/rsyncd.secrets")
t(F, "fstab-cifs-inline-password", r"""
//winfs01/Scans$  /mnt/scans  cifs  username=svc_scan_linux,password=§S§,domain=CORP,uid=1001,gid=1001,vers=3.0  0  0
""", "pw", "svc_scan_linux")
t(F, "cifs-credentials-file", r"""
username=svc_backup_lnx
password=§S§
domain=EMEA
""", "pw", "svc_backup_lnx")
t(F, "postfix-sasl-passwd", r"""
[smtp.office365.com]:587 relay-erp@fabrikam.com:§S§
""", "pw", "relay-erp@fabrikam.com")
t(F, "msmtprc-password", r"""
account alerts
host smtp.gmail.com
port 587
auth on
user nagios.alerts.pune@gmail.com
password §S§
tls on
""", lambda: rs(16, string.ascii_lowercase), "nagios.alerts.pune@gmail.com")
t(F, "squid-conf-cache-peer-login", r"""
cache_peer proxy-upstream.telco.local parent 3128 0 no-query default login=svc_squid:§S§
never_direct allow all
""", "pw", "proxy-upstream.telco.local")
t(F, "haproxy-cfg-stats-auth", r"""
listen stats
    bind *:8404
    stats enable
    stats uri /haproxy?stats
    stats auth admin:§S§
""", "pw", "/haproxy?stats")
t(F, "haproxy-userlist-insecure-password", r"""
userlist dataplane_users
    user dataplaneapi insecure-password §S§
""", "pw", "dataplaneapi")
t(F, "nginx-proxy-set-header-basic", r"""
    location /sap/opu/odata/ {
        proxy_pass https://sapgw01.corp.local:44300;
        proxy_set_header Authorization "Basic §S§";
        proxy_ssl_verify off;
    }
""", "basicup", "sapgw01.corp.local:44300")
t(F, "httpd-authldapbindpassword", r"""
<Location /svn>
  AuthType Basic
  AuthBasicProvider ldap
  AuthLDAPURL "ldaps://dc01.corp.local/DC=corp,DC=local?sAMAccountName?sub?(objectClass=user)"
  AuthLDAPBindDN "svc_apache@corp.local"
  AuthLDAPBindPassword "§S§"
  Require ldap-group CN=SVN-Users,OU=Groups,DC=corp,DC=local
</Location>
""", "pw", "svc_apache@corp.local")
t(F, "openvpn-static-key-v1", r"""
-----BEGIN OpenVPN Static key V1-----
§S§
§hex32_b§
-----END OpenVPN Static key V1-----
""", lambda: {"S": hx(32) + "\n" + hx(32) + "\n" + hx(32), "hex32_b": hx(32) + "\n" + hx(32)}, "OpenVPN Static key V1")
t(F, "swanctl-conf-secrets-ike", r"""
secrets {
    ike-partner-sgp {
        id = 203.0.113.45
        secret = "§S§"
    }
}
""", "strong", "ike-partner-sgp")
t(F, "chrony-keys-hex", r"""
# /etc/chrony.keys
10 SHA1 HEX:§S§
""", "HEX40", "/etc/chrony.keys")
t(F, "bind-named-conf-tsig-key", r"""
key "xfer-dc2.corp.local." {
    algorithm hmac-sha256;
    secret "§S§";
};
""", "azkey44", "xfer-dc2.corp.local.")
t(F, "dhcpd-omapi-key", r"""
omapi-port 7911;
omapi-key omapi_key;
key omapi_key {
     algorithm hmac-md5;
     secret §S§;
}
""", lambda: b64(64), "omapi_key")
t(F, "keepalived-auth-pass", r"""
vrrp_instance VI_DB {
    state MASTER
    interface ens192
    virtual_router_id 51
    authentication {
        auth_type PASS
        auth_pass §S§
    }
}
""", lambda: rs(8), "VI_DB")
t(F, "snmpd-conf-createuser-authpriv", r"""
createUser nmsv3 SHA "§S§" AES "§priv_x§"
rouser nmsv3 priv
sysLocation Bursa DC / Kabin 14
""", lambda: {"S": pw(), "priv_x": pw()}, "sysLocation Bursa DC")
t(F, "zabbix-server-conf-dbpassword", r"""
DBHost=pg-zabbix.mon.local
DBName=zabbix
DBUser=zabbix
DBPassword=§S§
StartPollers=50
""", "pw", "pg-zabbix.mon.local")
t(F, "nagios-resource-cfg-user-macro", r"""
# Sets $USER1$ to be the path to the plugins
$USER1$=/usr/lib64/nagios/plugins
# Windows domain account used by check_wmi_plus
$USER3$=CORP/svc_nagios
$USER4$=§S§
""", "pw", "svc_nagios")
t(F, "icinga-api-users-conf", r"""
object ApiUser "director" {
  password = "§S§"
  permissions = [ "*" ]
}
""", "an20", "director")
t(F, "cloud-init-chpasswd-list", r"""
#cloud-config
chpasswd:
  expire: false
  list: |
    root:§S§
    ansible:§pw_x§
ssh_pwauth: true
""", lambda: {"S": pw(), "pw_x": pw()}, "ssh_pwauth")
t(F, "kickstart-rootpw-plaintext", r"""
lang de_DE.UTF-8
keyboard --vckeymap=de-nodeadkeys
timezone Europe/Berlin --utc
rootpw --plaintext §S§
user --name=ansible --groups=wheel --password=$6$§A16§$§A86§ --iscrypted
""", "pw", "Europe/Berlin")
t(F, "debian-preseed-root-password", r"""
d-i passwd/root-login boolean true
d-i passwd/root-password password §S§
d-i passwd/root-password-again password §S§
d-i passwd/make-user boolean false
""", "pw", "passwd/root-login")
t(F, "esxi-ks-cfg-rootpw", r"""
vmaccepteula
install --firstdisk --overwritevmfs
rootpw §S§
network --bootproto=static --ip=10.250.3.57 --netmask=255.255.255.0 --gateway=10.250.3.1 --hostname=esx-ams-07 --nameserver=10.1.5.10
""", "pw", "esx-ams-07")
t(F, "registry-export-winlogon-defaultpassword", r"""
Windows Registry Editor Version 5.00

[HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon]
"AutoAdminLogon"="1"
"DefaultUserName"="infoscreen"
"DefaultPassword"="§S§"
"DefaultDomainName"="FACTORY"
""", "pw", "infoscreen")
t(F, "registry-export-realvnc-password-hex", r"""
[HKEY_LOCAL_MACHINE\SOFTWARE\RealVNC\vncserver]
"Authentication"="VncAuth"
"Password"="§S§"
"Encryption"="PreferOn"
""", "vnchex", "VncAuth")
t(F, "registry-export-tightvnc-binary", r"""
[HKEY_LOCAL_MACHINE\SOFTWARE\TightVNC\Server]
"ExtraPorts"=""
"Password"=hex:§S§
"ControlPassword"=hex:§c_x§
""", lambda: {"S": ",".join(hx(2) for _ in range(8)), "c_x": ",".join(hx(2) for _ in range(8))}, "TightVNC")
t(F, "registry-export-winscp-session-password", r"""
[HKEY_CURRENT_USER\Software\Martin Prikryl\WinSCP 2\Sessions\edi%40sftp.partner-logistik.de]
"HostName"="sftp.partner-logistik.de"
"UserName"="edi"
"Password"="§S§"
"FSProtocol"=dword:00000000
""", "winscp", "sftp.partner-logistik.de")
t(F, "registry-export-putty-proxypassword", r"""
[HKEY_CURRENT_USER\Software\SimonTatham\PuTTY\Sessions\aix-prd-via-proxy]
"HostName"="aixprd03.corp.local"
"ProxyHost"="proxy.corp.local"
"ProxyUsername"="CORP\\t1_santos"
"ProxyPassword"="§S§"
""", "pw", "aix-prd-via-proxy")
t(F, "registry-export-odbc-ini-pwd", r"""
[HKEY_LOCAL_MACHINE\SOFTWARE\ODBC\ODBC.INI\AS400_PROD]
"Driver"="C:\\Program Files\\IBM\\Client Access\\cwbodbc.dll"
"System"="as400prd.corp.local"
"UserID"="QODBCUSR"
"Password"="§S§"
""", lambda: rs(9, _UP), "AS400_PROD")
t(F, "registry-export-dpapi-hex-wrapped", r"""
[HKEY_LOCAL_MACHINE\SOFTWARE\Vendor\HisConnector\Db]
"Server"="sqlhis01"
"EncryptedPassword"=hex:01,00,00,00,d0,8c,9d,df,01,15,d1,11,8c,7a,00,c0,4f,c2,97,\
  eb,01,00,00,00,§S§,\
  §R§
""", lambda: {"S": ",".join(hx(2) for _ in range(22)), "R": ",".join(hx(2) for _ in range(24))}, "HisConnector")
t(F, "registry-export-teamviewer-aes-hex", r"""
[HKEY_LOCAL_MACHINE\SOFTWARE\WOW6432Node\TeamViewer]
"ClientID"=dword:§H8§
"SecurityPasswordAES"=hex:§S§
""", lambda: ",".join(hx(2) for _ in range(32)), "ClientID")
t(F, "spring-application-properties-datasource", r"""
spring.application.name=loan-origination
spring.datasource.url=jdbc:oracle:thin:@//ora-loans-scan:1521/LOANSVC
spring.datasource.username=LOAN_APP
spring.datasource.password=§S§
spring.datasource.hikari.maximum-pool-size=30
management.endpoints.web.exposure.include=health,info
""", "pw", "LOAN_APP")
t(F, "jasypt-encryptor-password-properties", r"""
jasypt.encryptor.algorithm=PBEWITHHMACSHA512ANDAES_256
jasypt.encryptor.password=§S§
spring.datasource.password=ENC(§B48§)
""", "strong", "PBEWITHHMACSHA512ANDAES_256")
t(F, "kafka-client-properties-jaas", r"""
bootstrap.servers=kafka-b1.core:9093,kafka-b2.core:9093
security.protocol=SASL_SSL
sasl.mechanism=PLAIN
sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="svc-claims-consumer" password="§S§";
ssl.truststore.location=/etc/kafka/truststore.jks
""", "strong", "svc-claims-consumer")
t(F, "kafka-ssl-truststore-keystore-passwords", r"""
ssl.keystore.location=/etc/kafka/secrets/broker1.keystore.jks
ssl.keystore.password=§S§
ssl.key.password=§S§
ssl.truststore.location=/etc/kafka/secrets/truststore.jks
""", "pw", "broker1.keystore.jks")
t(F, "jndi-properties-security-credentials", r"""
java.naming.factory.initial=weblogic.jndi.WLInitialContextFactory
java.naming.provider.url=t3://wls-claims-01:7001,wls-claims-02:7001
java.naming.security.principal=jms_client
java.naming.security.credentials=§S§
""", "pw", "jms_client")
t(F, "quartz-properties-datasource-password", r"""
org.quartz.jobStore.dataSource=quartzDS
org.quartz.dataSource.quartzDS.driver=com.microsoft.sqlserver.jdbc.SQLServerDriver
org.quartz.dataSource.quartzDS.URL=jdbc:sqlserver://sqlbatch01:1433;databaseName=Quartz
org.quartz.dataSource.quartzDS.user=quartz
org.quartz.dataSource.quartzDS.password=§S§
""", "pw", "quartzDS")
t(F, "mail-properties-smtp-password", r"""
mail.smtp.host=smtp.kpn-zakelijk.nl
mail.smtp.port=587
mail.smtp.starttls.enable=true
mail.smtp.user=facturen@grossier.nl
mail.smtp.password=§S§
""", "pw", "facturen@grossier.nl")
t(F, "artifactory-db-properties", r"""
type=postgresql
driver=org.postgresql.Driver
url=jdbc:postgresql://pg-art:5432/artifactory
username=artifactory
password=§S§
""", "pw", "pg-art")
t(F, "sonar-properties-jdbc-password", r"""
sonar.jdbc.username=sonar
sonar.jdbc.password=§S§
sonar.jdbc.url=jdbc:postgresql://pgsonar/sonarqube
sonar.web.javaAdditionalOpts=-server
""", "pw", "pgsonar")
t(F, "tanuki-wrapper-conf-additional-password", r"""
wrapper.java.additional.1=-Xms512m
wrapper.java.additional.2=-Dlab.hl7.user=lis_gw
wrapper.java.additional.3=-Dlab.hl7.pass=§S§
wrapper.java.additional.4=-Dfile.encoding=UTF-8
""", "pw", "lis_gw")
t(F, "spring-cloud-config-bootstrap-encrypt-key", r"""
spring.cloud.config.server.git.uri=https://git.bank.local/platform/config-repo.git
spring.cloud.config.server.git.username=config-server
encrypt.key=§S§
""", "an32", "config-server")
t(F, "nifi-properties-sensitive-props-key", r"""
nifi.sensitive.props.key=§S§
nifi.sensitive.props.algorithm=NIFI_PBKDF2_AES_GCM_256
nifi.security.keystore=./conf/keystore.p12
""", "an24", "NIFI_PBKDF2_AES_GCM_256")
t(F, "flyway-conf-password", r"""
flyway.url=jdbc:sqlserver://sqlledger-uat:1433;databaseName=Ledger
flyway.user=flyway_migrator
flyway.password=§S§
flyway.locations=filesystem:sql/migrations
""", "pw", "flyway_migrator")
t(F, "liquibase-properties-password", r"""
changeLogFile=db/changelog/db.changelog-master.xml
url=jdbc:db2://db2prd:50000/CRM
username=crmlb
password=§S§
""", "pw", "crmlb")
t(F, "application-yml-spring-datasource", r"""
spring:
  datasource:
    url: jdbc:sqlserver://sqlpay01:1433;databaseName=Payments;encrypt=true
    username: payments_svc
    password: §S§
  jpa:
    hibernate:
      ddl-auto: validate
""", "pw", "payments_svc")
t(F, "application-yml-ldap-manager-password", r"""
ldap:
  urls: ldaps://ad.corp.pl:636
  base: DC=corp,DC=pl
  manager-dn: CN=svc_portal_ldap,OU=Uslugi,DC=corp,DC=pl
  manager-password: "§S§"
""", "pw", "svc_portal_ldap")
t(F, "k8s-secret-stringdata", r"""
apiVersion: v1
kind: Secret
metadata:
  name: sap-rfc
  namespace: integration
type: Opaque
stringData:
  RFC_USER: RFC_K8S
  RFC_PASSWORD: "§S§"
""", "sapass", "RFC_K8S")
t(F, "helm-values-yaml-external-db", r"""
externalDatabase:
  host: pg-keycloak.iam.local
  port: 5432
  user: keycloak
  database: keycloak
  password: "§S§"
""", "pw", "pg-keycloak.iam.local")
t(F, "ansible-group-vars-plain-password", r"""
# group_vars/weblogic_prod.yml
wls_admin_user: weblogic
wls_admin_password: §S§
wls_domain_home: /u01/domains/claims
""", "pw", "wls_domain_home")
t(F, "ansible-inventory-become-password", r"""
[oracle_db]
orafin01.corp.local ansible_user=oracle ansible_become_password=§S§
orafin02.corp.local ansible_user=oracle
""", "pw", "orafin01.corp.local")
t(F, "puppet-hiera-yaml-plain", r"""
---
profile::mssql::sa_password: '§S§'
profile::mssql::instance: 'MSSQLSERVER'
profile::mssql::collation: 'Latin1_General_CI_AS'
""", "pw", "profile::mssql::instance")
t(F, "gitlab-runner-config-toml-token", r"""
[[runners]]
  name = "win-build-04"
  url = "https://gitlab.mfg.local/"
  token = "§S§"
  executor = "shell"
  shell = "pwsh"
""", "glrt", "win-build-04")
t(F, "filebeat-yml-elasticsearch-password", r"""
output.elasticsearch:
  hosts: ["https://es01.siem.local:9200"]
  username: "beats_writer"
  password: "§S§"
  ssl.certificate_authorities: ["/etc/pki/siem-ca.pem"]
""", "pw", "beats_writer")
t(F, "logstash-jdbc-input-password", r"""
input {
  jdbc {
    jdbc_connection_string => "jdbc:oracle:thin:@orahis:1521/HIS"
    jdbc_user => "LOGSTASH_RO"
    jdbc_password => "§S§"
    schedule => "*/5 * * * *"
    statement => "SELECT * FROM audit_log WHERE id > :sql_last_value"
  }
}
""", "pw", "LOGSTASH_RO")
t(F, "alertmanager-smtp-auth-password", r"""
global:
  smtp_smarthost: 'smtp.telco.local:587'
  smtp_from: 'alertmanager@telco.local'
  smtp_auth_username: 'alertmanager'
  smtp_auth_password: '§S§'
""", "pw", "alertmanager@telco.local")
t(F, "grafana-ini-admin-password", r"""
[security]
admin_user = admin
admin_password = §S§
secret_key = §A20§
disable_gravatar = true
""", "pw", "disable_gravatar")
t(F, "kibana-yml-elasticsearch-password", r"""
server.host: "0.0.0.0"
elasticsearch.hosts: ["https://es01.siem.local:9200"]
elasticsearch.username: "kibana_system"
elasticsearch.password: "§S§"
""", "pw", "kibana_system")
t(F, "jpos-channel-deploy-xml-property", r"""
<channel-adaptor name="visa-channel" class="org.jpos.q2.iso.ChannelAdaptor" logger="Q2">
  <channel class="org.jpos.iso.channel.NACChannel" packager="org.jpos.iso.packager.GenericPackager" header="6000000000">
    <property name="packager-config" value="cfg/visa-base1.xml" />
    <property name="host" value="10.30.2.14" />
    <property name="port" value="7001" />
  </channel>
  <property name="zpk.clear" value="§S§" />
</channel-adaptor>
""", "k32", "visa-channel")
t(F, "emv-perso-profile-imk-ac", r"""
[ISSUER_PROFILE_VISA_DEBIT_TR]
BIN=§N6§
CVN=18
IMK_AC=§S§
IMK_SMI=§k32_x§
KCV_AC=§HU6§
""", lambda: {"S": HX(32), "k32_x": HX(32)}, "ISSUER_PROFILE_VISA_DEBIT_TR")
t(F, "dukpt-bdk-config-ini", r"""
[DUKPT]
; test lane 3 - POS terminals Sevilla
KSN_PREFIX=FFFF§HU6§
BDK=§S§
""", "k32", "KSN_PREFIX")
t(F, "swift-alliance-lau-key-properties", r"""
saa.host=saa-prd.bank.local
saa.mq.queue=SWIFT.TO.SAA
saa.lau.algorithm=HMAC-SHA256
saa.lau.key.left=§S§
saa.lau.key.right=§an16_x§
""", lambda: {"S": rs(16), "an16_x": rs(16)}, "saa.lau.algorithm")
t(F, "hl7-cloverleaf-site-ini-password", r"""
[ODBC_LAB]
dsn=LABDB
uid=clover_lab
pwd=§S§
timeout=30
""", "pw", "clover_lab")
t(F, "tr-efatura-properties-gib-password", r"""
efatura.entegrator=GIB_PORTAL
efatura.vkn=§N10§
efatura.gib.kullanici=§N10_2§
efatura.gib.sifre=§S§
efatura.ortam=CANLI
""", "pw", "efatura.ortam")
t(F, "br-nfe-properties-certificado-senha", r"""
nfe.ambiente=1
nfe.uf=PE
nfe.certificado.caminho=/opt/nfe/certs/A1_§N14§.pfx
nfe.certificado.senha=§S§
nfe.cnpj.emitente=§N14_2§
""", "pw", "nfe.ambiente")
t(F, "in-gst-gsp-client-secret-properties", r"""
gsp.base.url=https://gsp.partner-asp.in/gstn/v1.0
gsp.client.id=GSPCL§HU10§
gsp.client.secret=§S§
gst.gstin=29§HU13§
""", "an32", "gsp.base.url")
t(F, "pl-ksef-token-yaml", r"""
ksef:
  srodowisko: produkcyjne
  nip: "§N10§"
  token: "§S§"
  timeout-sekundy: 60
""", lambda: HX(64), "srodowisko")
t(F, "es-sii-certificado-password-conf", r"""
[SII_AEAT]
endpoint=https://www1.agenciatributaria.gob.es/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP
certificado=C:\sii\certs\empresa_§N8§.p12
clave_certificado=§S§
""", "pw", "SII_AEAT")
t(F, "fr-chorus-pro-piste-credentials", r"""
piste:
  token-url: https://oauth.piste.gouv.fr/api/oauth/token
  client-id: §G§
  client-secret: §S§
chorus:
  technical-account: TECH_§N6§@cpro.fr
""", "uuidsec", "oauth.piste.gouv.fr")
t(F, "de-elster-eric-pin-ini", r"""
[ERIC]
Zertifikat=D:\elster\softpse\firma_gmbh.pfx
PIN=§S§
Hersteller-ID=§N5§
Datenlieferant=Firma GmbH, Lohnbuchhaltung
""", "pw", "Lohnbuchhaltung")
t(F, "cn-wechatpay-apiv3-key-yaml", r"""
wechat:
  pay:
    mch-id: "§N10§"
    api-v3-key: §S§
    merchant-serial-number: §HU40§
    private-key-path: /data/cert/apiclient_key.pem
""", "an32", "mch-id")
t(F, "kr-npki-signpri-password-properties", r"""
npki.cert.dir=C:/NPKI/yessign/USER/cn=corp-§N6§
npki.signcert=signCert.der
npki.signpri=signPri.key
npki.signpri.password=§S§
""", "pw", "npki.signcert")
t(F, "jp-egov-api-client-secret-json", r"""
{
  "egov": {
    "endpoint": "https://api.e-gov.go.jp/shinsei/v2",
    "software_id": "§N10§",
    "client_secret": "§S§"
  }
}
""", "an40", "software_id")
t(F, "nl-digipoort-pkio-pfx-password", r"""
digipoort.url=https://cs-bedrijven.procesinfrastructuur.nl/cpl/aanleverservice/1.2
digipoort.pkio.keystore=/etc/digipoort/pkio-servercert.pfx
digipoort.pkio.wachtwoord=§S§
""", "pw", "digipoort.pkio.keystore")
t(F, "se-bankid-rp-certificate-password", r"""
bankid:
  environment: production
  rp-certificate: file:/etc/bankid/FPTestcert4_prod_rp.p12
  rp-certificate-password: "§S§"
""", "pw", "rp-certificate")
t(F, "fhir-server-smart-backend-client-secret", r"""
hapi:
  fhir:
    auth:
      smart:
        token-endpoint: https://auth.ehealth.local/realms/fhir/protocol/openid-connect/token
        client-id: lab-results-bot
        client-secret: §S§
""", lambda: rs(32), "lab-results-bot")
t(F, "sql-server-linked-server-script-file", r"""
-- linked_server_sap.sql
EXEC master.dbo.sp_addlinkedserver @server = N'SAPHANA', @srvproduct=N'HANA', @provider=N'MSDASQL', @datasrc=N'HANA_PRD'
EXEC master.dbo.sp_addlinkedsrvlogin @rmtsrvname=N'SAPHANA', @useself=N'False', @locallogin=NULL, @rmtuser=N'BI_READER', @rmtpassword='§S§'
GO
""", "sapass", "BI_READER")
t(F, "oracle-create-database-link-script", r"""
CREATE DATABASE LINK LNK_BILLING
  CONNECT TO BILL_RO IDENTIFIED BY "§S§"
  USING '(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=orabill01)(PORT=1521))(CONNECT_DATA=(SERVICE_NAME=BILLPRD)))';
""", "pw", "LNK_BILLING")
t(F, "db2-cli-ini-pwd", r"""
[LOANDB]
Database=LOANDB
Protocol=TCPIP
Hostname=db2prd.bank.local
ServiceName=50000
UID=db2svc
PWD=§S§
""", "pw", "db2prd.bank.local")
t(F, "jcl-ftp-sysin-pass", r"""
//FTPSTEP  EXEC PGM=FTP,PARM='(EXIT'
//SYSPRINT DD SYSOUT=*
//INPUT    DD *
ftp.clearing.bank.local
BATCHFTP
§S§
PUT 'PROD.SETTLE.DAILY(0)' settle_daily.txt
QUIT
/*
""", lambda: rs(8, _UP), "BATCHFTP")
t(F, "jcl-db2-dsnuproc-password-parm", r"""
//UNLOAD   EXEC PGM=IKJEFT01,DYNAMNBR=20
//SYSTSIN  DD *
  DSN SYSTEM(DB2P)
  RUN PROGRAM(DSNTIAUL) PLAN(DSNTIAUL) -
      LIB('DB2P.RUNLIB.LOAD') PARMS('SQL')
//* CONNECT AS TSOBAT1 USING §S§
""", lambda: rs(8, _UP + "#@"), "DSNTIAUL")
t(F, "xml-config-hsm-partition-pin", r"""
<HsmConfig>
  <Library>/usr/safenet/lunaclient/lib/libCryptoki2_64.so</Library>
  <Slot label="PAY-PART-01" index="0" />
  <PartitionPassword>§S§</PartitionPassword>
  <KeyLabel>pin-translation-zpk</KeyLabel>
</HsmConfig>
""", "strong", "PAY-PART-01")
t(F, "pkcs11-conf-pin-nss", r"""
name = nCipher
library = /opt/nfast/toolkits/pkcs11/libcknfast.so
slot = 761406613
# OCS passphrase for card set "codesign"
attributes(*,CKO_PRIVATE_KEY,*) = { CKA_SIGN = true }
pin = §S§
""", "pw", "codesign")
t(F, "ini-vendor-software-dbpass-obfuscated-base64", r"""
[Database]
Server=SQLLAB02
Database=LabInfo
User=labinfo
PasswordB64=§S§
Encrypt=false
""", b64pw(), "LabInfo")
t(F, "xml-ivr-telephony-config-password", r"""
<Trunk id="TRK-ISTANBUL-01" provider="Turkcell" registrar="sip.turkcell-kurumsal.com.tr">
  <Auth user="902121234567" password="§S§" realm="turkcell-kurumsal.com.tr"/>
</Trunk>
""", "an16", "TRK-ISTANBUL-01")

# =============================================================== SOURCE-CODE
S = "source-code"
t(S, "csharp-const-connection-string", r"""
    internal static class Db
    {
        // TODO move to Key Vault before go-live (JIRA FIN-2291)
        public const string Ledger = "Server=sqlledger-prd;Database=Ledger;User Id=ledger_svc;Password=§S§;TrustServerCertificate=true";
    }
""", "pw", "ledger_svc")
t(S, "csharp-networkcredential-ctor", r"""
var handler = new HttpClientHandler
{
    Credentials = new NetworkCredential("svc_sharepoint_sync", "§S§", "CORP"),
    PreAuthenticate = true
};
""", "pw", "svc_sharepoint_sync")
t(S, "csharp-basic-auth-base64-getbytes", r"""
var raw = Encoding.ASCII.GetBytes("svc_tosca:§S§");
client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Basic", Convert.ToBase64String(raw));
""", "pw", "svc_tosca")
t(S, "csharp-x509certificate2-pfx-password", r"""
var cert = new X509Certificate2(@"C:\certs\ebics_bank_auth.pfx", "§S§", X509KeyStorageFlags.MachineKeySet | X509KeyStorageFlags.PersistKeySet);
""", "pw", "ebics_bank_auth.pfx")
t(S, "csharp-private-readonly-encryption-key", r"""
public sealed class TokenProtector
{
    private static readonly string EncryptionKey = "§S§";
    private static readonly byte[] Salt = Encoding.UTF8.GetBytes("Ivan Medvedev");
""", lambda: rs(32), "TokenProtector")
t(S, "csharp-directoryentry-ldap-credentials", r"""
using (var entry = new DirectoryEntry("LDAP://OU=Users,DC=corp,DC=local", "CORP\\svc_hrsync", "§S§", AuthenticationTypes.Secure))
using (var searcher = new DirectorySearcher(entry, "(employeeID=" + id + ")"))
""", "pw", "svc_hrsync")
t(S, "csharp-smtpclient-credentials", r"""
using var smtp = new SmtpClient("smtp.office365.com", 587)
{
    EnableSsl = true,
    Credentials = new NetworkCredential("rechnungen@fabrikam.de", "§S§")
};
""", "pw", "rechnungen@fabrikam.de")
t(S, "csharp-clientsecretcredential-literal", r"""
var credential = new ClientSecretCredential(
    tenantId: "§G§",
    clientId: "§G_2§",
    clientSecret: "§S§");
var graph = new GraphServiceClient(credential);
""", "aadsec", "GraphServiceClient")
t(S, "csharp-cloudstorageaccount-parse", r"""
var account = CloudStorageAccount.Parse("DefaultEndpointsProtocol=https;AccountName=stscanarchive;AccountKey=§S§");
var blobClient = account.CreateCloudBlobClient();
""", "azkey88", "stscanarchive")
t(S, "csharp-aes-key-byte-array-literal", r"""
// key for legacy card-token vault (do NOT rotate without migrating tokens)
private static readonly byte[] VaultKey = new byte[] { §S§ };
""", lambda: ", ".join("0x" + HX(2) for _ in range(16)), "card-token vault")
t(S, "csharp-ssh-net-sftpclient", r"""
using (var sftp = new SftpClient("sftp.clearing-partner.es", 22, "sftpuser", "§S§"))
{
    sftp.Connect();
    sftp.UploadFile(stream, "/inbound/" + fileName);
}
""", "pw", "sftp.clearing-partner.es")
t(S, "csharp-dynamics-plugin-client-credential", r"""
var conn = new CrmServiceClient($"AuthType=ClientSecret;Url=https://fabrikam-prod.crm4.dynamics.com;ClientId={appId};ClientSecret=§S§");
""", "aadsec", "fabrikam-prod.crm4.dynamics.com")
t(S, "csharp-securestring-appendchar-loop", r"""
var ss = new SecureString();
foreach (var c in "§S§") ss.AppendChar(c);
ss.MakeReadOnly();
var cred = new PSCredential(@"HOSPITAL\svc_pacs", ss);
""", "pw", "svc_pacs")
t(S, "vbnet-sqlconnection-dim", r"""
Dim conn As New SqlConnection("Data Source=SQLHR01;Initial Catalog=Payroll;User ID=payroll_rpt;Password=§S§")
conn.Open()
""", "pw", "payroll_rpt")
t(S, "java-drivermanager-getconnection", r"""
try (Connection con = DriverManager.getConnection(
        "jdbc:oracle:thin:@//ora-scan-prd:1521/CLAIMS", "CLAIMS_RO", "§S§")) {
    PreparedStatement ps = con.prepareStatement(SQL_OPEN_CLAIMS);
""", "pw", "CLAIMS_RO")
t(S, "java-keystore-load-tochararray", r"""
KeyStore ks = KeyStore.getInstance("PKCS12");
try (InputStream in = new FileInputStream("/opt/swift/certs/swiftnet-pki.p12")) {
    ks.load(in, "§S§".toCharArray());
}
""", "pw", "swiftnet-pki.p12")
t(S, "java-jndi-security-credentials-put", r"""
Hashtable<String, String> env = new Hashtable<>();
env.put(Context.INITIAL_CONTEXT_FACTORY, "com.sun.jndi.ldap.LdapCtxFactory");
env.put(Context.PROVIDER_URL, "ldaps://ldap.gov-intra.kr:636");
env.put(Context.SECURITY_PRINCIPAL, "uid=svc_minwon,ou=system,dc=gov,dc=kr");
env.put(Context.SECURITY_CREDENTIALS, "§S§");
""", "pw", "svc_minwon")
t(S, "java-mqenvironment-static-password", r"""
MQEnvironment.hostname = "mqswift01";
MQEnvironment.channel = "SWIFT.SVRCONN";
MQEnvironment.port = 1414;
MQEnvironment.userID = "app_swift";
MQEnvironment.password = "§S§";
""", "pw", "SWIFT.SVRCONN")
t(S, "java-jco-destination-properties", r"""
Properties p = new Properties();
p.setProperty(DestinationDataProvider.JCO_ASHOST, "sapapp01.corp.local");
p.setProperty(DestinationDataProvider.JCO_CLIENT, "100");
p.setProperty(DestinationDataProvider.JCO_USER, "RFC_JAVA");
p.setProperty(DestinationDataProvider.JCO_PASSWD, "§S§");
""", "sapass", "RFC_JAVA")
t(S, "java-static-final-hmac-secret", r"""
public final class WebhookVerifier {
    private static final String HMAC_SECRET = "§S§";
    private static final String ALGO = "HmacSHA256";
""", "hex64", "WebhookVerifier")
t(S, "java-value-annotation-default-secret", r"""
    @Value("${fx.partner.api-key:§S§}")
    private String apiKey;
""", "an32", "fx.partner.api-key")
t(S, "java-secretkeyspec-literal-bytes", r"""
SecretKeySpec keySpec = new SecretKeySpec("§S§".getBytes(StandardCharsets.UTF_8), "AES");
Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
""", lambda: rs(32), "AES/GCM/NoPadding")
t(S, "java-hex-decode-3des-zpk", r"""
// ZPK for acquirer test host (clear, double length)
byte[] zpk = Hex.decode("§S§");
byte[] pinBlock = PinBlock.format0(pan, pin);
""", "k32", "acquirer test host")
t(S, "java-spring-security-inmemory-noop", r"""
auth.inMemoryAuthentication()
    .withUser("actuator").password("{noop}§S§").roles("ACTUATOR")
    .and()
    .withUser("ops").password("{noop}§pw_x§").roles("OPS");
""", lambda: {"S": pw(), "pw_x": pw()}, "ACTUATOR")
t(S, "java-httpclient-usernamepasswordcredentials", r"""
CredentialsProvider provider = new BasicCredentialsProvider();
provider.setCredentials(AuthScope.ANY, new UsernamePasswordCredentials("svc_nexus_read", "§S§"));
""", "pw", "svc_nexus_read")
t(S, "java-jsch-session-setpassword", r"""
Session session = jsch.getSession("batchops", "aixprd03.corp.local", 22);
session.setPassword("§S§");
session.setConfig("StrictHostKeyChecking", "no");
""", "pw", "aixprd03.corp.local")
t(S, "java-javamail-props-password", r"""
props.put("mail.smtp.auth", "true");
props.put("mail.smtp.user", "noreply@sigorta.com.tr");
Session s = Session.getInstance(props, new Authenticator() {
    protected PasswordAuthentication getPasswordAuthentication() {
        return new PasswordAuthentication("noreply@sigorta.com.tr", "§S§");
    }
});
""", "pw", "noreply@sigorta.com.tr")
t(S, "kotlin-val-api-key", r"""
object PartnerConfig {
    const val BASE_URL = "https://api.logistics-partner.pl/v2/"
    const val API_KEY = "§S§"
}
""", "an40", "PartnerConfig")
t(S, "groovy-shared-lib-hardcoded-token", r"""
def call(String repo) {
    def token = '§S§'
    sh "curl -sf -H 'Authorization: token ${token}' https://github.corp-enterprise.com/api/v3/repos/${repo}/releases/latest"
}
""", "ghp", "releases/latest")
t(S, "scala-spark-jdbc-password-option", r"""
val df = spark.read.format("jdbc")
  .option("url", "jdbc:sqlserver://sqldwh-ag:1433;databaseName=EDW")
  .option("user", "spark_reader")
  .option("password", "§S§")
  .option("dbtable", "dbo.FactClaims")
  .load()
""", "pw", "spark_reader")
t(S, "pyspark-adls-account-key-conf", r"""
spark.conf.set(
    "fs.azure.account.key.adlsclaimsprd.dfs.core.windows.net",
    "§S§")
df = spark.read.parquet("abfss://raw@adlsclaimsprd.dfs.core.windows.net/claims/2024/")
""", "azkey88", "adlsclaimsprd")
t(S, "python-cx-oracle-connect-positional", r"""
import cx_Oracle
conn = cx_Oracle.connect("HR_REPORT", "§S§", "orahr-scan:1521/HRPRD", encoding="UTF-8")
""", "pw", "HR_REPORT")
t(S, "python-pyodbc-connection-string", r"""
cnxn = pyodbc.connect(
    "DRIVER={ODBC Driver 18 for SQL Server};SERVER=sqlbi01;DATABASE=Sales;"
    "UID=bi_loader;PWD=§S§;TrustServerCertificate=yes"
)
""", "pw", "bi_loader")
t(S, "python-requests-auth-tuple", r"""
resp = requests.get(
    f"{SN_BASE}/api/now/table/cmdb_ci_server",
    auth=("cmdb.discovery", "§S§"),
    params={"sysparm_limit": 1000},
    timeout=60,
)
""", "pw", "cmdb.discovery")
t(S, "python-hvac-client-token-literal", r"""
client = hvac.Client(url="https://vault.sec.corp:8200", token="§S§", verify="/etc/pki/corp-ca.pem")
secret = client.secrets.kv.v2.read_secret_version(path="payments/hsm")
""", "hvs", "payments/hsm")
t(S, "python-ldap3-connection-password", r"""
server = Server("ldaps://dc01.corp.local", get_info=ALL)
conn = Connection(server, user="CORP\\svc_offboarding", password="§S§", authentication=NTLM, auto_bind=True)
""", "pw", "svc_offboarding")
t(S, "python-paramiko-connect-password", r"""
ssh = paramiko.SSHClient()
ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
ssh.connect("10.44.0.1", username="backup", password="§S§", look_for_keys=False)
""", "pw", "10.44.0.1")
t(S, "python-pysnmp-communitydata", r"""
iterator = getCmd(SnmpEngine(), CommunityData('§S§', mpModel=1),
                  UdpTransportTarget(('10.60.1.254', 161)), ContextData(),
                  ObjectType(ObjectIdentity('SNMPv2-MIB', 'sysDescr', 0)))
""", "snmp", "sysDescr")
t(S, "python-simple-salesforce-login", r"""
sf = Salesforce(username="integration@globex.com", password="§S§",
                security_token="§A25§", domain="login")
""", "pw", "integration@globex.com")
t(S, "python-pyrfc-connection-kwargs", r"""
conn = Connection(ashost="sapapp01.corp.local", sysnr="00", client="100",
                  user="RFC_PY", passwd="§S§", lang="DE")
""", "sapass", "RFC_PY")
t(S, "python-boto3-client-explicit-keys", r"""
s3 = boto3.client(
    "s3",
    region_name="eu-central-1",
    aws_access_key_id="AKIA§KID§",
    aws_secret_access_key="§S§",
)
""", "awssk", "eu-central-1")
t(S, "python-azure-blob-from-connection-string", r"""
svc = BlobServiceClient.from_connection_string(
    "DefaultEndpointsProtocol=https;AccountName=stedihub;AccountKey=§S§;EndpointSuffix=core.windows.net")
""", "azkey88", "stedihub")
t(S, "python-jwt-encode-hs256-literal", r"""
token = jwt.encode({"sub": "batch-runner", "exp": datetime.utcnow() + timedelta(minutes=5)},
                   "§S§", algorithm="HS256")
""", lambda: rs(48, _URLC), "batch-runner")
t(S, "python-django-settings-secret-key", r"""
# settings/production.py
SECRET_KEY = "§S§"
DEBUG = False
ALLOWED_HOSTS = ["portal.hastane.gov.tr"]
""", lambda: rs(50, string.ascii_lowercase + string.digits + "!@#$%^&*(-_=+)"), "portal.hastane.gov.tr")
t(S, "python-flask-secret-key-assignment", r"""
app = Flask(__name__)
app.secret_key = "§S§"
app.config["SESSION_COOKIE_SECURE"] = True
""", "hex48", "SESSION_COOKIE_SECURE")
t(S, "python-pymqi-connect-password", r"""
cd = pymqi.CD(ChannelName=b"CLAIMS.SVRCONN", ConnectionName=b"mqclm01(1414)")
qmgr = pymqi.QueueManager(None)
qmgr.connect_with_options("QMCLM01", user="app_claims", password="§S§", cd=cd)
""", "pw", "QMCLM01")
t(S, "python-kafka-sasl-plain-password", r"""
consumer = KafkaConsumer("pix.settlement", bootstrap_servers=["kafka-b1.core:9093"],
                         security_protocol="SASL_SSL", sasl_mechanism="SCRAM-SHA-512",
                         sasl_plain_username="pix-recon", sasl_plain_password="§S§")
""", "strong", "pix-recon")
t(S, "python-smtplib-login", r"""
with smtplib.SMTP("smtp.naver.com", 587) as s:
    s.starttls()
    s.login("alerts_billing@naver.com", "§S§")
""", "pw", "alerts_billing@naver.com")
t(S, "python-netmiko-device-dict", r"""
device = {
    "device_type": "cisco_ios",
    "host": "SW-ACC-3F-12",
    "username": "netops",
    "password": "§S§",
    "secret": "§pw_x§",
}
""", lambda: {"S": pw(), "pw_x": pw()}, "SW-ACC-3F-12")
t(S, "python-ncclient-manager-connect", r"""
with manager.connect(host="mx480-fra", port=830, username="automation", password="§S§", hostkey_verify=False) as m:
    print(m.get_config("running").data_xml[:200])
""", "pw", "mx480-fra")
t(S, "python-binascii-unhexlify-key", r"""
BDK_TEST_LANE = binascii.unhexlify("§S§")  # DUKPT BDK, lane 3
""", "k32", "BDK_TEST_LANE")
t(S, "powershell-param-default-password", r"""
param(
    [string]$Server = 'SQLPRD01\FINANCE',
    [string]$User = 'sa_report',
    [string]$Password = '§S§'
)
""", "pw", "sa_report")
t(S, "powershell-networkcredential-new", r"""
$nc = [System.Net.NetworkCredential]::new('svc_ssrs', '§S§', 'CORP')
$wc = New-Object System.Net.WebClient; $wc.Credentials = $nc
""", "pw", "svc_ssrs")
t(S, "powershell-ado-pat-base64-header", r"""
$pat = '§S§'
$b64 = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes(":$pat"))
Invoke-RestMethod -Uri "https://dev.azure.com/contoso/_apis/projects?api-version=7.1" -Headers @{Authorization = "Basic $b64"}
""", "adopat", "api-version=7.1")
t(S, "powershell-splat-hashtable-password", r"""
$sqlParams = @{
    ServerInstance = 'SQLCLU02\HR'
    Database       = 'PayrollDW'
    Username       = 'etl_payroll'
    Password       = '§S§'
}
Invoke-Sqlcmd @sqlParams -Query $q
""", "pw", "etl_payroll")
t(S, "powershell-dsc-plain-credential", r"""
Configuration SqlAgentService {
    $pw = ConvertTo-SecureString '§S§' -AsPlainText -Force
    $svcCred = New-Object PSCredential ('CORP\svc_sqlagent', $pw)
    Node $AllNodes.NodeName {
        Service SqlAgent { Name = 'SQLSERVERAGENT'; Credential = $svcCred; State = 'Running' }
    }
}
""", "pw", "SQLSERVERAGENT")
t(S, "powershell-securestring-key-bytes", r"""
# key shared with the scheduled task on BATCH02 - decrypts creds.txt
$Key = [byte[]](§S§)
$pw = Get-Content C:\Jobs\creds.txt | ConvertTo-SecureString -Key $Key
""", lambda: ",".join(str(R.randint(0, 255)) for _ in range(24)), "creds.txt")
t(S, "batch-set-variable-then-sqlcmd", r"""
@echo off
set DBUSER=etl_stage
set DBPASS=§S§
sqlcmd -S SQLDW02 -U %DBUSER% -P %DBPASS% -i load_stage.sql -o load_stage.log
if errorlevel 1 goto :fail
""", "pw", "etl_stage")
t(S, "batch-net-use-with-variable", r"""
:: map archive share for nightly copy
set ARCH_PW=§S§
net use \\nas-arch01\scans %ARCH_PW% /user:EMEA\scanner_svc /persistent:no
robocopy D:\scans \\nas-arch01\scans /MIR /R:2 /W:5 /LOG+:D:\logs\robocopy.log
""", "pw", "scanner_svc")
t(S, "vbscript-adodb-connection-open", r"""
Set conn = CreateObject("ADODB.Connection")
conn.Open "Provider=SQLOLEDB;Data Source=SQLLEGACY01;Initial Catalog=Lager;User ID=lager_vbs;Password=§S§;"
Set rs = conn.Execute("SELECT Artikel, Bestand FROM dbo.Bestand")
""", "pw", "lager_vbs")
t(S, "vbscript-sendkeys-password", r"""
WshShell.Run "C:\Legacy\Terminal\tn3270.exe /host=zos1"
WScript.Sleep 3000
WshShell.SendKeys "OPER07{TAB}"
WshShell.SendKeys "§S§{ENTER}"
""", lambda: rs(8, _UP), "OPER07")
t(S, "excel-vba-odbc-connection", r"""
Sub RefreshGL()
    Dim cn As Object: Set cn = CreateObject("ADODB.Connection")
    cn.Open "DSN=ORA_GL;UID=GL_EXCEL;PWD=§S§;"
    Sheets("Daten").Range("A2").CopyFromRecordset cn.Execute("SELECT * FROM GL_BALANCES WHERE PERIOD='" & Range("B1").Value & "'")
End Sub
""", "pw", "GL_EXCEL")
t(S, "access-vba-transferdatabase-pwd", r"""
DoCmd.TransferDatabase acLink, "ODBC Database", _
    "ODBC;DRIVER=SQL Server;SERVER=SQLHR01;DATABASE=Urlaub;UID=access_link;PWD=§S§", _
    acTable, "dbo.Antraege", "Antraege"
""", "pw", "access_link")
t(S, "perl-dbi-connect-oracle", r"""
my $dbh = DBI->connect("dbi:Oracle:host=orabill01;sid=BILLPRD;port=1521", "BILL_BATCH", "§S§",
                       { RaiseError => 1, AutoCommit => 0 }) or die $DBI::errstr;
""", "pw", "BILL_BATCH")
t(S, "php-pdo-constructor", r"""
$pdo = new PDO('sqlsrv:Server=sqlweb02;Database=Intranet', 'intranet_php', '§S§', [
    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
]);
""", "pw", "intranet_php")
t(S, "php-wp-config-define-db-password", r"""
define( 'DB_NAME', 'wp_karriere' );
define( 'DB_USER', 'wp_karriere' );
define( 'DB_PASSWORD', '§S§' );
define( 'DB_HOST', 'mysql-web01' );
""", "pw", "mysql-web01")
t(S, "php-wp-config-auth-key-salt", r"""
define( 'AUTH_KEY',         '§S§' );
define( 'SECURE_AUTH_KEY',  '§salt_x§' );
""", lambda: {"S": rs(64, _AN + "!@#%^&*()-_[]{}<>~+=,.;:/?|"), "salt_x": rs(64, _AN + "!@#%^&*()-_[]{}<>~+=,.;:/?|")}, "SECURE_AUTH_KEY")
t(S, "ruby-activerecord-establish-connection", r"""
ActiveRecord::Base.establish_connection(
  adapter:  "sqlserver",
  host:     "sqlredmine01",
  database: "redmine",
  username: "redmine",
  password: "§S§"
)
""", "pw", "sqlredmine01")
t(S, "go-sql-open-sqlserver-url", r"""
db, err := sql.Open("sqlserver", "sqlserver://recon_svc:§S§@sqlrecon01:1433?database=Recon&encrypt=true")
if err != nil {
	log.Fatalf("open: %v", err)
}
""", "pw", "recon_svc")
t(S, "go-ldap-bind-literal", r"""
l, err := ldap.DialURL("ldaps://dc01.corp.local:636")
if err != nil { return err }
if err := l.Bind("CN=svc_goapp,OU=Service,DC=corp,DC=local", "§S§"); err != nil {
	return fmt.Errorf("bind: %w", err)
}
""", "pw", "svc_goapp")
t(S, "go-hmac-key-byte-slice", r"""
var webhookKey = []byte("§S§")

func sign(body []byte) string {
	m := hmac.New(sha256.New, webhookKey)
""", lambda: rs(40), "webhookKey")
t(S, "c-define-hsm-pin", r"""
#define HSM_SLOT     0
#define HSM_USER_PIN "§S§"
#define KEY_LABEL    "pin-translation-zpk"
""", "strong", "pin-translation-zpk")
t(S, "cpp-const-char-zmk-component", r"""
// TODO(kpark): remove before PCI audit - test ZMK component for lab HSM
static const char* kZmkComponent1 = "§S§";
""", "k32", "kZmkComponent1")
t(S, "node-mssql-connectionpool-config", r"""
const pool = new sql.ConnectionPool({
  server: 'sqlkiosk01',
  database: 'Kiosk',
  user: 'kiosk_node',
  password: '§S§',
  options: { encrypt: true, trustServerCertificate: true },
});
""", "pw", "kiosk_node")
t(S, "typescript-environment-prod-secret", r"""
export const environment = {
  production: true,
  apiBaseUrl: 'https://api.ebank.nordbank.local',
  mapsKey: 'public-maps-key-see-wiki',
  backendClientSecret: '§S§',
};
""", "oauthsec", "apiBaseUrl")
t(S, "node-nodemailer-auth-pass", r"""
const transporter = nodemailer.createTransport({
  host: 'smtp.sendgrid.net', port: 587,
  auth: { user: 'apikey', pass: '§S§' },
});
""", "sg", "smtp.sendgrid.net")
t(S, "node-ldapjs-client-bind", r"""
client.bind('cn=svc_intranet,ou=services,dc=corp,dc=kr', '§S§', (err) => {
  if (err) return reject(err);
""", "pw", "svc_intranet")
t(S, "tsql-open-symmetric-key-password", r"""
OPEN SYMMETRIC KEY SK_CardData DECRYPTION BY PASSWORD = '§S§';
SELECT CONVERT(varchar(19), DecryptByKey(PanEncrypted)) AS Pan FROM dbo.Cards WHERE CardId = @id;
CLOSE SYMMETRIC KEY SK_CardData;
""", "pw", "SK_CardData")
t(S, "tsql-create-master-key-password", r"""
USE Claims;
CREATE MASTER KEY ENCRYPTION BY PASSWORD = '§S§';
CREATE CERTIFICATE TDE_Claims_2024 WITH SUBJECT = 'TDE cert claims';
""", "pw", "TDE_Claims_2024")
t(S, "tsql-create-credential-sas-secret", r"""
CREATE CREDENTIAL [https://stsqlbackupweu.blob.core.windows.net/backups]
WITH IDENTITY = 'SHARED ACCESS SIGNATURE',
SECRET = 'sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2025-12-31T23:59:59Z&st=2024-01-01T00:00:00Z&spr=https&sig=§S§';
""", lambda: b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"), "stsqlbackupweu")
t(S, "tsql-backup-certificate-encryption-password", r"""
BACKUP CERTIFICATE TDE_Claims_2024 TO FILE = 'D:\keys\TDE_Claims_2024.cer'
WITH PRIVATE KEY (FILE = 'D:\keys\TDE_Claims_2024.pvk', ENCRYPTION BY PASSWORD = '§S§');
""", "pw", "TDE_Claims_2024.pvk")
t(S, "plsql-utl-http-set-authentication", r"""
  l_req := UTL_HTTP.begin_request('https://sapgw01.corp.local:44300/sap/opu/odata/sap/ZFI_OPEN_ITEMS_SRV/Items', 'GET', 'HTTP/1.1');
  UTL_HTTP.set_authentication(l_req, 'ODATA_ORA', '§S§');
""", "sapass", "ZFI_OPEN_ITEMS_SRV")
t(S, "plsql-utl-http-set-wallet", r"""
BEGIN
  UTL_HTTP.set_wallet('file:/u01/app/oracle/wallets/https', '§S§');
END;
/
""", "pw", "/u01/app/oracle/wallets/https")
t(S, "plsql-dbms-crypto-raw-key", r"""
  l_key RAW(32) := HEXTORAW('§S§');
  l_enc := DBMS_CRYPTO.encrypt(UTL_I18N.string_to_raw(p_iban, 'AL32UTF8'), DBMS_CRYPTO.ENCRYPT_AES256 + DBMS_CRYPTO.CHAIN_CBC + DBMS_CRYPTO.PAD_PKCS5, l_key);
""", "HEX64", "DBMS_CRYPTO.ENCRYPT_AES256")
t(S, "abap-data-password-literal", r"""
  DATA: lv_user     TYPE string VALUE 'SFTP_DATEV',
        lv_password TYPE string VALUE '§S§'.
  CALL METHOD zcl_sftp=>upload EXPORTING iv_user = lv_user iv_password = lv_password iv_file = lv_file.
""", "pw", "SFTP_DATEV")
t(S, "abap-http-client-authenticate", r"""
    lo_client->authenticate( username = 'ARIBA_INT'
                             password = '§S§' ).
    lo_client->request->set_method( if_http_request=>co_request_method_post ).
""", "pw", "ARIBA_INT")
t(S, "cobol-working-storage-value-password", r"""
       01  WS-DB-CONNECT.
           05  WS-DB-USER      PIC X(8)  VALUE 'BATCHDB2'.
           05  WS-DB-PASSWORD  PIC X(8)  VALUE '§S§'.
           05  WS-DB-LOCATION  PIC X(16) VALUE 'DB2PLOC'.
""", lambda: rs(8, _UP + "#@"), "BATCHDB2")
t(S, "apex-client-secret-string", r"""
public with sharing class SapOrderCallout {
    private static final String CLIENT_ID = '§G§';
    private static final String CLIENT_SECRET = '§S§';
    private static final String TOKEN_URL = 'https://api.globex-erp.com/oauth/token';
""", "oauthsec", "SapOrderCallout")
t(S, "apex-setheader-bearer-literal", r"""
HttpRequest req = new HttpRequest();
req.setEndpoint('https://hooks.partner-crm.com.br/v1/leads');
req.setHeader('Authorization', 'Bearer §S§');
""", "an40", "hooks.partner-crm.com.br")
t(S, "servicenow-restmessagev2-setbasicauth", r"""
var r = new sn_ws.RESTMessageV2();
r.setEndpoint('https://jira.corp.local/rest/api/2/issue');
r.setHttpMethod('post');
r.setBasicAuth('snow_integration', '§S§');
""", "pw", "snow_integration")
t(S, "servicenow-script-include-api-key", r"""
var PagerBridge = Class.create();
PagerBridge.prototype = {
    API_KEY: '§S§',
    initialize: function() {},
""", "an32", "PagerBridge")
t(S, "sap-cpi-groovy-script-password", r"""
import com.sap.gateway.ip.core.customdev.util.Message
def Message processData(Message message) {
    def pwd = "§S§"
    message.setHeader("Authorization", "Basic " + "CPI_USER:${pwd}".bytes.encodeBase64().toString())
    return message
}
""", "pw", "processData")
t(S, "xslt-variable-password-literal", r"""
<xsl:variable name="wsUser" select="'EDI_TIBCO'"/>
<xsl:variable name="wsPass" select="'§S§'"/>
<xsl:template match="/">
""", "pw", "EDI_TIBCO")
t(S, "lua-openresty-shared-secret", r"""
local HMAC_SECRET = "§S§"
local digest = ngx.hmac_sha1(HMAC_SECRET, ngx.var.request_uri .. ngx.var.arg_ts)
""", lambda: rs(32), "ngx.hmac_sha1")
t(S, "expect-script-send-password", r"""
spawn ssh admin@10.20.1.1
expect "Password:"
send "§S§\r"
expect "#"
send "copy running-config tftp://10.20.0.5/backup.cfg\r"
""", "pw", "admin@10.20.1.1")
t(S, "autoit-send-password", r"""
Run("C:\Program Files (x86)\BankClient\BankClient.exe")
WinWaitActive("Anmeldung")
Send("zahlungsverkehr{TAB}")
Send("§S§{ENTER}")
""", "pw", "zahlungsverkehr")
t(S, "bash-script-variable-then-curl", r"""
#!/usr/bin/env bash
set -euo pipefail
NEXUS_USER=svc-upload
NEXUS_PASS='§S§'
curl -fsS -u "$NEXUS_USER:$NEXUS_PASS" --upload-file "$1" "https://nexus.bank.intra/repository/raw-releases/$(basename "$1")"
""", "pw", "svc-upload")
t(S, "bash-heredoc-sqlplus-connect", r"""
sqlplus -s /nolog <<EOF
CONNECT REPORT_OWNER/§S§@DWHPRD
SET PAGESIZE 0 FEEDBACK OFF
@/opt/reports/daily_positions.sql
EXIT
EOF
""", "pw", "REPORT_OWNER")
t(S, "rust-const-api-token", r"""
const PARTNER_TOKEN: &str = "§S§";
const PARTNER_URL: &str = "https://api.tms-carrier.se/v1";
""", "an40", "PARTNER_URL")
t(S, "csharp-biztalk-helper-ftp-credentials", r"""
public static class FtpHelper
{
    public static NetworkCredential Credentials => new NetworkCredential("bt_edi", "§S§");
}
""", "pw", "FtpHelper")
t(S, "java-ebics-keystore-password-constant", r"""
    static final String EBICS_HOST_ID = "BANKDEFF";
    static final String KEYSTORE_PW = "§S§";
""", "pw", "BANKDEFF")
t(S, "python-pysnow-client-password", r"""
c = pysnow.Client(instance="contosoprod", user="svc.cmdb.sync", password="§S§")
incident = c.resource(api_path="/table/incident")
""", "pw", "svc.cmdb.sync")
t(S, "python-hl7-mllp-tls-keyfile-passphrase", r"""
ctx = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cafile="/etc/hl7/ca.pem")
ctx.load_cert_chain("/etc/hl7/client.pem", "/etc/hl7/client.key", password="§S§")
""", "pw", "/etc/hl7/client.key")
t(S, "csharp-iso8583-mac-key-field", r"""
    private const string TerminalMacKey = "§S§"; // clear TAK, test terminal 40012345
""", "k32", "test terminal 40012345")
t(S, "java-radius-client-shared-secret", r"""
RadiusClient rc = new RadiusClient("10.9.0.12", "§S§");
AccessRequest ar = new AccessRequest(user, pass);
""", "radius", "AccessRequest")
t(S, "python-sip-register-digest-password", r"""
ua = SipUserAgent(registrar="sip.telco-carrier.de", user="0312345678",
                  password="§S§", transport="tls")
""", "an16", "sip.telco-carrier.de")
t(S, "csharp-okta-api-token-header", r"""
_http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("SSWS", "§S§");
var users = await _http.GetFromJsonAsync<List<OktaUser>>("https://fabrikam.okta.com/api/v1/users?limit=200");
""", "okta", "fabrikam.okta.com")
t(S, "java-pingfederate-client-secret-constant", r"""
private static final String PF_TOKEN_URL = "https://sso.bank.local:9031/as/token.oauth2";
private static final String PF_CLIENT_SECRET = "§S§";
""", "auth0", "PF_TOKEN_URL")
t(S, "python-requests-session-headers-apikey", r"""
s = requests.Session()
s.headers.update({"X-Gravitee-Api-Key": "§S§", "Accept": "application/fhir+json"})
r = s.get("https://api.ehealth.gov.local/fhir/Patient", params={"identifier": nhs_no})
""", "uuidsec", "X-Gravitee-Api-Key")
t(S, "csharp-ebics-init-letter-password-param", r"""
var client = EbicsClient.Create(new EbicsParams {
    HostId = "HVBDEMM", PartnerId = "P§N6§", UserId = "U§N6_2§",
    KeystorePassword = "§S§"
});
""", "pw", "HVBDEMM")
t(S, "kotlin-okhttp-credentials-basic", r"""
val credential = Credentials.basic("sap_odata_reader", "§S§")
val request = Request.Builder().url(url).header("Authorization", credential).build()
""", "sapass", "sap_odata_reader")
t(S, "java-weblogic-env-security-credentials", r"""
Properties h = new Properties();
h.put(Context.INITIAL_CONTEXT_FACTORY, "weblogic.jndi.WLInitialContextFactory");
h.put(Context.PROVIDER_URL, "t3://wls-claims-01:7001");
h.put(Context.SECURITY_PRINCIPAL, "weblogic");
h.put(Context.SECURITY_CREDENTIALS, "§S§");
""", "pw", "wls-claims-01:7001")

# ======================================================== STACK-TRACE-OR-LOG
L = "stack-trace-or-log"
t(L, "catalina-out-sqlexception-thin-url-userpass", r"""
§LT§ SEVERE [main] org.apache.catalina.core.StandardContext.listenerStart Exception sending context initialized event to listener instance of class [com.bank.teller.BootListener]
java.sql.SQLException: Listener refused the connection with the following error:
ORA-12514, TNS:listener does not currently know of service requested in connect descriptor
  url=jdbc:oracle:thin:TELLER_APP/§S§@//ora-teller-scan:1521/TELLERX
	at oracle.jdbc.driver.T4CConnection.logon(T4CConnection.java:854)
	at oracle.jdbc.driver.PhysicalConnection.connect(PhysicalConnection.java:793)
""", "pw", "TELLER_APP")
t(L, "spring-boot-debug-property-source-dump", r"""
§LT§ DEBUG 4412 --- [           main] o.s.b.c.c.ConfigDataEnvironment          : Property source 'applicationConfig: [classpath:/application-prod.yml]':
    spring.datasource.url=jdbc:sqlserver://sqlpay01:1433;databaseName=Payments
    spring.datasource.username=payments_svc
    spring.datasource.password=§S§
    server.port=8443
""", "pw", "payments_svc")
t(L, "hibernate-debug-connection-properties", r"""
§LT§ DEBUG [org.hibernate.engine.jdbc.connections.internal.DriverManagerConnectionProviderImpl] Connection properties: {user=loanapp, password=§S§}
§LT_2§ INFO  [org.hibernate.engine.jdbc.connections.internal.DriverManagerConnectionProviderImpl] HHH10001005: using driver [com.ibm.db2.jcc.DB2Driver] at URL [jdbc:db2://db2prd:50000/LOANS]
""", "pw", "loanapp")
t(L, "jboss-server-log-datasource-connection-url", r"""
§LT§ WARN  [org.jboss.jca.core.connectionmanager.pool.strategy.OnePool] (JCA PoolFiller) IJ000610: Unable to fill pool: java:jboss/datasources/PatientDS: javax.resource.ResourceException: IJ031084: Unable to create connection
Caused by: com.microsoft.sqlserver.jdbc.SQLServerException: Login failed for user 'his_eap'. ClientConnectionId:§G§
	connection-url=jdbc:sqlserver://sqlhis01:1433;databaseName=Patients;user=his_eap;password=§S§
""", "pw", "his_eap")
t(L, "weblogic-log-jdbc-error-properties", r"""
####<Nov 5, 2024 3:14:22,018 AM CET> <Error> <JDBC> <wls-claims-01> <ms_claims01> <[ACTIVE] ExecuteThread: '12' for queue: 'weblogic.kernel.Default (self-tuning)'> <<WLS Kernel>> <> <§G§> <§N13§> <[severity-value: 8]> <BEA-001129> <Received exception while creating connection for pool "ClaimsDS": ORA-28000: The account is locked. Properties: {user=CLAIMS_WLS, password=§S§, oracle.net.CONNECT_TIMEOUT=10000}>
""", "pw", "ClaimsDS")
t(L, "websphere-systemout-j2ca-authdata", r"""
[11/5/24 3:14:22:018 CET] 0000012a ConnectionFac E   J2CA0045E: Connection not available while invoking method createOrWaitForConnection for resource jdbc/ClaimsDB2.
[11/5/24 3:14:22:019 CET] 0000012a AuthDataFacto I   loaded authDataEntry CellMgr01/DB2_CLAIMS user=db2clm password=§S§
""", "pw", "jdbc/ClaimsDB2")
t(L, "iis-w3c-log-query-password", r"""
#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) sc-status sc-substatus sc-win32-status time-taken
§D§ §T§ 10.40.2.11 GET /legacy/login.asp user=kasse07&password=§S§&lang=de 443 - 10.40.88.17 Mozilla/5.0+(Windows+NT+10.0) 302 0 0 46
""", "pw", "kasse07")
t(L, "iis-w3c-log-apikey-query", r"""
§D§ §T§ 10.40.2.12 POST /api/v1/orders apikey=§S§ 443 - 203.0.113.9 Apache-HttpClient/4.5.13 201 0 0 212
""", "hex32", "/api/v1/orders")
t(L, "windows-event-4688-process-commandline", r"""
Log Name:      Security
Source:        Microsoft-Windows-Security-Auditing
Event ID:      4688
Task Category: Process Creation
Process Information:
	New Process Name:	C:\Windows\System32\net.exe
	Process Command Line:	net  use \\fs-muc-02\Transfer$ /user:CONTOSO\sa-transfer §S§
	Creator Process Name:	C:\Windows\System32\cmd.exe
""", "pw", "sa-transfer")
t(L, "powershell-4104-scriptblock-logging", r"""
Event ID 4104 (Microsoft-Windows-PowerShell/Operational) - Creating Scriptblock text (1 of 1):
$cred = New-Object PSCredential('CORP\svc_exch_mig', (ConvertTo-SecureString '§S§' -AsPlainText -Force))
New-MoveRequest -Identity $mbx -Remote -RemoteHostName mail.contoso.de -RemoteCredential $cred -TargetDeliveryDomain contoso.mail.onmicrosoft.com
ScriptBlock ID: §G§
""", "pw", "svc_exch_mig")
t(L, "sysmon-event1-commandline", r"""
Event 1 - Process Create: RuleName: technique_id=T1059 UtcTime: §D§ §T§.§N3§ ProcessGuid: {§G§} Image: C:\Program Files\Microsoft SQL Server\Client SDK\ODBC\170\Tools\Binn\SQLCMD.EXE CommandLine: sqlcmd -S SQLPRD04 -U sa -P §S§ -Q "BACKUP DATABASE Kiosk TO DISK='E:\bak\kiosk.bak'" User: CORP\svc_backup
""", "pw", "CORP\\svc_backup")
t(L, "jenkins-console-unmasked-curl", r"""
[Pipeline] sh
+ set +x
+ curl -sf -u deployer:§S§ -T build/libs/teller-client-4.1.0.jar https://nexus.bank.intra/repository/maven-releases/com/bank/teller-client/4.1.0/teller-client-4.1.0.jar
[Pipeline] }
""", "pw", "teller-client-4.1.0.jar")
t(L, "azure-devops-log-base64-not-masked", r"""
2024-11-05T10:22:13.4418811Z ##[section]Starting: Register private feed
2024-11-05T10:22:13.9011272Z Generated auth header: Basic §S§
2024-11-05T10:22:14.0013371Z ##[section]Finishing: Register private feed
""", lambda: enc64("build:" + V["adopat"]()), "Register private feed")
t(L, "ansible-vvv-module-args-password", r"""
<sql-bi-02.corp.local> ESTABLISH WINRM CONNECTION FOR USER: CORP\svc_ansible on PORT 5986 TO sql-bi-02.corp.local
The full traceback is:
fatal: [sql-bi-02.corp.local]: FAILED! => {"changed": false, "invocation": {"module_args": {"login_user": "sa", "login_password": "§S§", "name": "BI_STAGE", "state": "present"}}, "msg": "unable to connect"}
""", "pw", "BI_STAGE")
t(L, "puppet-agent-show-diff-password", r"""
Notice: /Stage[main]/Profile::Mssql/File[C:/ProgramData/mssql/setup.ini]/content:
--- C:/ProgramData/mssql/setup.ini	2024-10-01 09:14:02
+++ C:/ProgramData/mssql/setup.ini20241105-4412-1x9k2z	2024-11-05 03:14:22
@@ -4 +4 @@
-SAPWD="Sa!old-rotated"
+SAPWD="§S§"
Notice: /Stage[main]/Profile::Mssql/File[C:/ProgramData/mssql/setup.ini]/content: content changed '{sha256}§SHB§' to '{sha256}§SHB_2§'
""", "pw", "setup.ini")
t(L, "chef-client-log-template-diff", r"""
  * template[/etc/odbc.ini] action create
    - update content in file /etc/odbc.ini from 3c1d2a to 7f9e4b
    --- /etc/odbc.ini	2024-11-04 22:10:01.000000000 +0100
    +++ /etc/.chef-odbc20241105-1291-1mbdk4.ini	2024-11-05 03:14:22.000000000 +0100
    @@ -6,1 +6,1 @@
    -PWD=
    +PWD=§S§
""", "pw", "/etc/odbc.ini")
t(L, "sql-profiler-sp-setapprole", r"""
RPC:Completed	exec sp_setapprole 'ReportsApp', '§S§'	.Net SqlClient Data Provider	CORP\svc_reports	SQLRPT01	§N4§	0
""", "pw", "ReportsApp")
t(L, "oracle-sqlnet-trace-connect-descriptor", r"""
(§N5§) [05-NOV-2024 03:14:22:018] nsc2addr: (DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=orabill01)(PORT=1521))(CONNECT_DATA=(SERVICE_NAME=BILLPRD)(CID=(PROGRAM=sqlplus)(HOST=batch01)(USER=batch))))
(§N5§) [05-NOV-2024 03:14:22:019] niotns: cmdline: sqlplus -L billing_app/§S§@BILLPRD
""", "pw", "billing_app")
t(L, "tibco-bw-log-global-variables", r"""
§LT§ GMT+1 BW.ClaimsIntake-ClaimsIntake User [BW-User] - Job-§N6§ [Processes/Main.process/Log]: Global variables loaded: JDBC/Claims/UserName=CLAIMS_BW, JDBC/Claims/Password=§S§, JMS/ProviderURL=ssl://ems-prd-1:7243
""", "pw", "CLAIMS_BW")
t(L, "sap-pi-message-log-authorization-header", r"""
§D§ §T§ Information  SOAP: request message entering the adapter with user J2EE_GUEST
§D§ §T§ Information  HTTP header: authorization=Basic §S§
§D§ §T§ Success      Message successfully put into the queue
""", "basicup", "J2EE_GUEST")
t(L, "java-stacktrace-db2-url-password-param", r"""
com.ibm.db2.jcc.am.SqlInvalidAuthorizationSpecException: [jcc][t4][2013][11249][4.33.31] Connection authorization failure occurred.  Reason: User ID or Password invalid. ERRORCODE=-4214, SQLSTATE=28000
	at com.ibm.db2.jcc.am.b7.a(b7.java:815)
	at com.bank.loans.Db.open(Db.java:42) url=jdbc:db2://db2prd:50000/LOANS:user=loanapp;password=§S§;
""", "pw", "loanapp")
t(L, "dotnet-exception-connection-string-keyword", r"""
Unhandled exception. System.ArgumentException: Keyword not supported: 'pasword'.
   at System.Data.Common.DbConnectionOptions.ParseInternal(Dictionary`2 parsetable, String connectionString, Boolean buildChain, Dictionary`2 synonyms, Boolean firstKey)
   at Ledger.Worker.Program.Main(String[] args) in D:\a\1\s\src\Ledger.Worker\Program.cs:line 31
ConnectionString was: Server=sqlledger-prd;Database=Ledger;User Id=ledger_worker;pasword=§S§
""", "pw", "ledger_worker")
t(L, "serilog-json-structured-connection", r"""
{"@t":"§TSZ§","@mt":"Opening connection {ConnectionString}","@l":"Debug","ConnectionString":"Host=pg-fhir-prd;Database=fhir;Username=fhir_app;Password=§S§","SourceContext":"Fhir.Store.NpgsqlStore"}
""", "pw", "fhir_app")
t(L, "python-traceback-locals-password", r"""
Traceback (most recent call last):
  File "/opt/etl/sync_sap.py", line 88, in <module>
    conn = Connection(**params)
  File "src/pyrfc/_cyrfc.pyx", line 400, in pyrfc._cyrfc.Connection.__init__
pyrfc._exception.LogonError: RFC_LOGON_FAILURE (rc=2): key=RFC_LOGON_FAILURE, message=Name or password is incorrect (repeat logon)
    params = {'ashost': 'sapapp01', 'sysnr': '00', 'client': '100', 'user': 'RFC_PY', 'passwd': '§S§'}
""", "sapass", "RFC_LOGON_FAILURE")
t(L, "python-httpclient-debuglevel-send", r"""
send: b'POST /api/now/table/incident HTTP/1.1\r\nHost: contosoprod.service-now.com\r\nUser-Agent: python-requests/2.31.0\r\nAuthorization: Basic §S§\r\nContent-Type: application/json\r\n\r\n'
reply: 'HTTP/1.1 201 Created\r\n'
""", "basicup", "contosoprod.service-now.com")
t(L, "urllib3-debug-url-with-token", r"""
§LT§ DEBUG urllib3.connectionpool: https://api.telegram.org:443 "POST /bot§S§/sendMessage HTTP/1.1" 200 278
""", "tg", "sendMessage")
t(L, "node-error-config-object-dump", r"""
ConnectionError: Failed to connect to sqlkiosk01:1433 - self-signed certificate
    at /srv/kiosk/node_modules/mssql/lib/tedious/connection-pool.js:85:17
  config: {
    server: 'sqlkiosk01',
    user: 'kiosk_node',
    password: '§S§',
    database: 'Kiosk'
  },
  code: 'ESOCKET'
""", "pw", "kiosk_node")
t(L, "go-panic-struct-print", r"""
panic: ldap bind failed: LDAP Result Code 49 "Invalid Credentials": 80090308: LdapErr: DSID-0C090447, comment: AcceptSecurityContext error, data 52e, v3839
cfg=&{URL:ldaps://dc01.corp.local:636 BindDN:CN=svc_goapp,OU=Service,DC=corp,DC=local BindPassword:§S§ BaseDN:DC=corp,DC=local}
goroutine 1 [running]:
main.main()
	/src/cmd/provisioner/main.go:57 +0x3a5
""", "pw", "svc_goapp")
t(L, "kubectl-logs-env-dump-on-start", r"""
2024/11/05 03:14:22 starting reconciler v2.3.1
2024/11/05 03:14:22 env: RECON_DB_HOST=sqlrecon01 RECON_DB_USER=recon_svc RECON_DB_PASSWORD=§S§ RECON_BATCH=500
2024/11/05 03:14:23 connected to sqlrecon01
""", "pw", "recon_svc")
t(L, "docker-build-log-env-step", r"""
Step 7/14 : ENV SONAR_TOKEN=§S§
 ---> Running in §H12§
Removing intermediate container §H12_2§
 ---> §H12_3§
Step 8/14 : RUN mvn -B verify sonar:sonar
""", "squ", "Step 8/14")
t(L, "buildkit-log-build-arg", r"""
#9 [build 4/7] RUN --mount=type=cache,target=/root/.m2 mvn -s settings.xml -Dnexus.password=§S§ -B package
#9 0.812 [INFO] Scanning for projects...
""", "pw", "settings.xml")
t(L, "nginx-error-log-upstream-credentials", r"""
§D§ §T§ [error] 1291#1291: *§N6§ upstream timed out (110: Connection timed out) while reading response header from upstream, client: 10.40.88.17, server: portal.local, request: "GET /sap/ HTTP/1.1", upstream: "https://sap_proxy:§S§@sapgw01.corp.local:44300/sap/", host: "portal.local"
""", "pw", "sapgw01.corp.local:44300")
t(L, "apache-access-log-userinfo-url", r"""
10.40.88.17 - - [05/Nov/2024:03:14:22 +0100] "GET ftp://edi:§S§@ftp.edi-hub.nl/in/ HTTP/1.1" 200 1042 "-" "Wget/1.21.1"
""", "pw", "ftp.edi-hub.nl")
t(L, "squid-access-log-token-query", r"""
1730772862.018    412 10.50.3.22 TCP_MISS/200 5120 GET https://graph.facebook.com/v19.0/me/messages?access_token=§S§ - HIER_DIRECT/157.240.0.35 application/json
""", lambda: "EAA" + rs(180), "graph.facebook.com")
t(L, "haproxy-log-captured-authorization", r"""
Nov  5 03:14:22 lb01 haproxy[2231]: 10.40.88.17:51022 [05/Nov/2024:03:14:22.018] fe_api~ be_claims/claims02 0/0/1/12/13 200 824 - - ---- 41/41/2/1/0 0/0 {Basic §S§} "GET /claims/v2/status HTTP/1.1"
""", "basicup", "be_claims/claims02")
t(L, "kong-gateway-log-apikey-query", r"""
{"request":{"uri":"/fx/v2/quotes?apikey=§S§&base=EUR","method":"GET","headers":{"host":"api-gw.bank.local"}},"response":{"status":200},"latencies":{"proxy":31}}
""", "an32", "/fx/v2/quotes")
t(L, "cisco-syslog-parser-cfglog-loggedcmd", r"""
Nov  5 03:14:22 RTR-IST-EDGE01 1342: Nov  5 02:14:21.018 UTC: %PARSER-5-CFGLOG_LOGGEDCMD: User:netops  logged command:username backup privilege 1 password 0 §S§
""", "pw", "RTR-IST-EDGE01")
t(L, "junos-ui-cmdline-read-line", r"""
Nov  5 03:14:22  mx480-fra mgd[4412]: UI_CMDLINE_READ_LINE: User 'netadmin', command 'set snmp community §S§ authorization read-only '
""", "snmp", "mx480-fra")
t(L, "f5-audit-log-tmsh-command", r"""
Nov  5 03:14:22 bigip-lb01 notice tmsh[21877]: 01420002:5: AUDIT - pid=21877 user=admin folder=/Common module=(tmos)# status=[Command OK] cmd_data=modify auth user svc_monitor password §S§
""", "pw", "svc_monitor")
t(L, "freeradius-debug-user-password-attr", r"""
(12) Received Access-Request Id 214 from 10.9.1.1:41920 to 10.9.0.12:1812 length 81
(12)   User-Name = "ayilmaz"
(12)   User-Password = "§S§"
(12)   NAS-IP-Address = 10.9.1.1
(12)   NAS-Port = 10
""", "pw", "ayilmaz")
t(L, "freeradius-auth-badpass-log", r"""
Tue Nov  5 03:14:22 2024 : Auth: (4412) Login incorrect (pap: Cleartext password does not match "known good" password): [dsouza/§S§] (from client wlc-pune-hq port 0 cli 00-1B-63-84-45-E6)
""", "pw", "wlc-pune-hq")
t(L, "389ds-audit-log-userpassword-change", r"""
time: 20241105031422
dn: uid=jenkins,ou=services,dc=kr,dc=local
result: 0
changetype: modify
replace: userPassword
userPassword: §S§
-
""", "pw", "uid=jenkins,ou=services,dc=kr,dc=local")
t(L, "saml-response-logged-base64", r"""
§LT§ DEBUG [SAMLProcessingFilter] Received SAMLResponse=§S§
§LT_2§ INFO  [SAMLProcessingFilter] assertion consumer: user=k.nakamura@sakuragi.co.jp
""", lambda: "PHNhbWxwOlJlc3BvbnNlIHhtbG5zOnNhbWxwPSJ1cm46b2FzaXM6bmFtZXM6dGM6U0FNTDoyLjA6cHJvdG9jb2wi" + rs(160, _B64C), "k.nakamura@sakuragi.co.jp")
t(L, "oauth-authorization-code-in-access-log", r"""
10.40.88.17 - - [05/Nov/2024:03:14:22 +0100] "GET /signin-oidc?code=§S§&state=§A40§&session_state=§G§ HTTP/1.1" 302 0
""", lambda: "0.A" + rs(300, _URLC), "/signin-oidc")
t(L, "salesforce-debug-log-session-id", r"""
03:14:22.018 (18443112)|USER_DEBUG|[27]|DEBUG|calling ERP with sid=§S§
03:14:22.019 (18450021)|CALLOUT_REQUEST|[31]|System.HttpRequest[Endpoint=callout:ERP_Gateway/orders, Method=POST]
""", "sfsid", "CALLOUT_REQUEST")
t(L, "servicenow-outbound-http-log", r"""
§D§ §T§ (018) worker.3 worker.3 txid=§H32§ Outbound REST: POST https://api.pagerduty.com/incidents headers={Authorization=Token token=§S§, Accept=application/vnd.pagerduty+json;version=2}
""", lambda: "u+" + rs(18, _URLC), "api.pagerduty.com")
t(L, "dynamics-plugin-trace-connection", r"""
[2024-11-05 03:14:22] PluginTrace: Fabrikam.Plugins.SyncToSap.Execute entered
[2024-11-05 03:14:22] PluginTrace: using SAP gateway creds user=CRM_SAP pw=§S§
[2024-11-05 03:14:23] PluginTrace: HTTP 401 from sapgw01
""", "sapass", "Fabrikam.Plugins.SyncToSap.Execute")
t(L, "gitlab-ci-log-echo-base64-variable", r"""
$ echo "$CI_REGISTRY_USER:$REGISTRY_PASSWORD" | base64
§S§
$ docker login -u "$CI_REGISTRY_USER" -p "[MASKED]" $CI_REGISTRY
""", "basicup", "CI_REGISTRY_USER")
t(L, "teamcity-service-message-setparameter", r"""
[03:14:22] : [Step 2/5] ##teamcity[setParameter name='env.DEPLOY_TOKEN' value='§S§']
[03:14:22] : [Step 2/5] Process exited with code 0
""", "octo", "env.DEPLOY_TOKEN")
t(L, "maven-debug-wagon-server-config", r"""
[DEBUG] Using connector BasicRepositoryConnector with priority 0.0 for https://nexus.bank.intra/repository/maven-releases/ with username=deployer, password=§S§
[DEBUG] Writing tracking file /home/jenkins/.m2/repository/com/bank/teller-client/4.1.0/_remote.repositories
""", "pw", "BasicRepositoryConnector")
t(L, "gradle-debug-credentials-log", r"""
2024-11-05T03:14:22.018+0100 [DEBUG] [org.gradle.internal.resource.transport.http.HttpClientConfigurer] Using Credentials [username: svc-gradle, password: §S§] for authenticating against 'artifactory.corp.local:443:null'
""", "akcp", "svc-gradle")
t(L, "git-trace-curl-custom-tool-header", r"""
03:14:22.018201 http.c:725  => Send header: Authorization: Bearer §S§
03:14:22.018297 http.c:725  => Send header: Git-Protocol: version=2
""", "ghs", "Git-Protocol")
t(L, "terraform-tf-log-debug-request-body", r"""
2024-11-05T03:14:22.018+0100 [DEBUG] provider.terraform-provider-azurerm_v3.110.0_x5: AzureRM Request: 
PUT /subscriptions/§G§/resourceGroups/rg-core/providers/Microsoft.Sql/servers/sql-core-neu?api-version=2023-05-01-preview HTTP/1.1
{"location":"northeurope","properties":{"administratorLogin":"coreadmin","administratorLoginPassword":"§S§","version":"12.0"}}
""", "strong", "coreadmin")
t(L, "packer-log-winrm-password", r"""
==> azure-arm.win2022: Getting the VM's IP address ...
==> azure-arm.win2022:  -> IP Address    : '10.10.44.12'
==> azure-arm.win2022: Waiting for WinRM to become available...
    azure-arm.win2022: WinRM connected. user=packer password=§S§
""", lambda: rs(32), "azure-arm.win2022")
t(L, "sccm-smsts-log-net-use", r"""
<![LOG[Set command line: net use \\sccm01\Deploy$ /user:CORP\svc_sccm_na §S§]LOG]!><time="03:14:22.018-60" date="11-05-2024" component="InstallSoftware" context="" type="1" thread="4412" file="runcommandline.cpp:155">
""", "pw", "svc_sccm_na")
t(L, "mdt-bdd-log-property-value", r"""
<![LOG[Property DomainAdmin is now = svc_mdt_join]LOG]!><time="03:14:22.000+000" date="11-05-2024" component="ZTIGather" context="" type="1" thread="" file="ZTIGather">
<![LOG[Property DomainAdminPassword is now = §S§]LOG]!><time="03:14:22.000+000" date="11-05-2024" component="ZTIGather" context="" type="1" thread="" file="ZTIGather">
""", "pw", "ZTIGather")
t(L, "intune-ime-log-script-body", r"""
[Win32App] ExecManager: processing script 8f1e..., body: $u='.\kioskadmin'; $p='§S§'; net user kioskadmin $p /add
<![LOG[[PowerShell] Exit code 0]LOG]!>
""", "pw", "kioskadmin")
t(L, "elmah-xml-server-variable-authorization", r"""
<error host="WEB-INT-03" type="System.Web.HttpException" message="Request timed out." time="2024-11-05T02:14:22.0180000Z">
  <serverVariables>
    <item name="HTTP_AUTHORIZATION"><value string="Basic §S§" /></item>
    <item name="REMOTE_ADDR"><value string="10.40.88.17" /></item>
""", "basicup", "WEB-INT-03")
t(L, "kafka-connect-rest-error-config-json", r"""
§LT§ ERROR [Worker clientId=connect-1, groupId=connect-cluster] Failed to start connector jdbc-sink-claims (org.apache.kafka.connect.runtime.Worker)
 config: {"connector.class":"io.confluent.connect.jdbc.JdbcSinkConnector","connection.url":"jdbc:sqlserver://sqlclaims:1433;databaseName=Claims","connection.user":"kc_sink","connection.password":"§S§","topics":"claims.v1"}
""", "pw", "jdbc-sink-claims")
t(L, "spark-environment-log-account-key", r"""
24/11/05 03:14:22 INFO SparkContext: Spark configuration:
spark.app.name=claims-daily
spark.hadoop.fs.azure.account.key.adlsclaimsprd.dfs.core.windows.net=§S§
spark.executor.memory=8g
""", "azkey88", "claims-daily")
t(L, "airflow-task-log-connection-uri", r"""
[2024-11-05, 03:14:22 UTC] {base.py:83} INFO - Using connection ID 'oracle_dwh' for task execution.
[2024-11-05, 03:14:22 UTC] {oracle.py:142} INFO - conn uri: oracle://DWH_AIRFLOW:§S§@orascan-dwh:1521/DWHPRD
""", "pw", "DWH_AIRFLOW")
t(L, "informatica-session-log-connection", r"""
READER_1_1_1> DBG_21438 Reader: Source is [ORA_GL], user [GL_EXTRACT], password [§S§]
READER_1_1_1> BLKR_16003 Initialization completed successfully.
""", "pw", "GL_EXTRACT")
t(L, "sql-agent-job-history-step-command", r"""
Date		05.11.2024 03:14:22
Log		Job History (NightlyGLExport)
Step ID		2
Message
Executed as user: CORP\svc_sqlagent. ... dtexec /F "D:\SSIS\GLExport.dtsx" /SET "\Package.Variables[User::SapPwd].Properties[Value]";"§S§" /REP E  The step failed.
""", "sapass", "NightlyGLExport")
t(L, "cron-mail-log-command-line", r"""
From: root@orafin01 (Cron Daemon)
Subject: Cron <oracle@orafin01> /u01/scripts/stats.sh system/§S§@ORAFIN
ORA-20000: Unable to analyze TABLE "FIN"."GL_LINES", insufficient privileges
""", "pw", "orafin01")
t(L, "powershell-transcript-header-and-command", r"""
**********************
Windows PowerShell transcript start
Start time: 20241105031422
Username: CORP\t1_admin
Machine: MGMT01 (Microsoft Windows NT 10.0.20348.0)
**********************
PS C:\> Connect-VIServer vcsa-dc2.infra.local -User administrator@vsphere.local -Password '§S§'
""", "pw", "MGMT01")
t(L, "payment-switch-log-clear-tpk", r"""
§LT§ [KEYXCHG] terminal=40012345 acquirer=TRPOS new TPK (clear)=§S§ kcv=§HU6§
§LT_2§ [KEYXCHG] terminal=40012345 key exchange completed
""", "k32", "terminal=40012345")
t(L, "emv-kernel-debug-session-key", r"""
§LT§ EMV  DEBUG  ATC=00§HU2§ UN=§HU8§ derived SK_AC=§S§
§LT_2§ EMV  DEBUG  ARQC verified OK for PAN 476173******0119
""", "k32", "ARQC verified OK")
t(L, "smpp-bind-log-password", r"""
§LT§ INFO  [smpp-client] bind_transceiver system_id=bankotp password=§S§ system_type=OTP interface_version=0x34
§LT_2§ INFO  [smpp-client] bind_transceiver_resp status=ESME_ROK
""", lambda: rs(8), "bankotp")
t(L, "snmptrapd-log-community", r"""
§D§ §T§ 10.44.0.1(via UDP: [10.44.0.1]:161->[10.60.0.10]:162) TRAP, SNMP v1, community §S§
	SNMPv2-SMI::enterprises.9.9.41.2 Cold Start Trap (0) Uptime: 0:00:42.18
""", "snmp", "Cold Start Trap")
t(L, "tl1-act-user-echo", r"""
   "OLT-ANK-07 24-11-05 03:14:22
M  1 COMPLD
;
ACT-USER:OLT-ANK-07:nmsadmin:100::§S§;
""", "pw", "OLT-ANK-07")
t(L, "fhir-server-request-log-bearer", r"""
§LT§ INFO  [http-nio-8080-exec-7] c.u.f.j.r.s.i.RequestLoggingInterceptor - GET /fhir/Observation?patient=§N7§ Authorization=Bearer §S§ 200 41ms
""", "jwt", "RequestLoggingInterceptor")
t(L, "jes2-joblog-job-card-password", r"""
 1 //PAYR01   JOB (ACCT01),'PAYROLL NIGHT',CLASS=A,MSGCLASS=X,
   //             USER=PAYBAT,PASSWORD=§S§
 IEF236I ALLOC. FOR PAYR01 STEP010
""", lambda: rs(8, _UP + "#@$"), "PAYBAT")
t(L, "controlm-sysout-command-echo", r"""
+ /opt/ctm/scripts/run_extract.sh -u EXTRACT_USR -p §S§ -d DWHPRD
ORA-01017: invalid username/password; logon denied
Job ended with rc=1
""", "pw", "EXTRACT_USR")
t(L, "jenkins-agent-jnlp-secret", r"""
Nov 05, 2024 3:14:22 AM hudson.remoting.jnlp.Main createEngine
INFO: Setting up agent: win-build-04
java -jar agent.jar -url https://jenkins.corp.local/ -secret §S§ -name win-build-04 -workDir "D:\jenkins"
""", "hex64", "win-build-04")
t(L, "tomcat-access-log-jsessionid-url", r"""
10.40.88.17 - - [05/Nov/2024:03:14:22 +0100] "GET /ebanking/accounts;jsessionid=§S§?tab=overview HTTP/1.1" 200 18233
""", "HEX32", "/ebanking/accounts")
t(L, "spring-actuator-configprops-unsanitized", r"""
"sap.rfc-com.corp.SapProperties": {
  "prefix": "sap.rfc",
  "properties": { "ashost": "sapapp01", "user": "RFC_SPRING", "passwd": "§S§", "sysnr": "00" }
}
""", "sapass", "RFC_SPRING")
t(L, "sshd-auth-log-password-as-username", r"""
Nov  5 03:14:22 jump01 sshd[4412]: Failed password for invalid user §S§ from 10.40.88.17 port 51022 ssh2
Nov  5 03:14:31 jump01 sshd[4412]: Accepted password for t1_santos from 10.40.88.17 port 51022 ssh2
""", "pw", "t1_santos")
t(L, "windows-event-4625-password-in-username", r"""
An account failed to log on.
Account For Which Logon Failed:
	Security ID:		NULL SID
	Account Name:		§S§
	Account Domain:		CORP
Failure Information:
	Failure Reason:		Unknown user name or bad password.
	Status:			0xC000006D
Network Information:
	Workstation Name:	FIN-WS-0142
""", "pw", "FIN-WS-0142")
t(L, "linux-auth-log-sudo-command-password", r"""
Nov  5 03:14:22 db01 sudo:  dbadmin : TTY=pts/1 ; PWD=/home/dbadmin ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p§S§ -e SHOW SLAVE STATUS
""", "pw", "dbadmin")
t(L, "postgres-log-alter-role-password", r"""
§LT§ CET [4412] postgres@fhir LOG:  statement: ALTER ROLE fhir_app WITH PASSWORD '§S§';
""", "pw", "fhir_app")
t(L, "mysql-general-log-grant-identified", r"""
2024-11-05T02:14:22.018441Z	   41 Query	GRANT SELECT ON otrs.* TO 'report'@'10.%' IDENTIFIED BY '§S§'
""", "pw", "otrs.*")
t(L, "sap-icm-trace-authorization-header", r"""
[Thr 139811] Tue Nov  5 03:14:22:018 2024
[Thr 139811] IcmHandleRequest: header authorization: Basic §S§
[Thr 139811] IcmHandleRequest: url=/sap/opu/odata/sap/API_BUSINESS_PARTNER
""", "basicup", "API_BUSINESS_PARTNER")
t(L, "mid-server-agent0-log-credential-test", r"""
§D§ §T§ (018) Worker-Standard:CredentialTest Testing credential type=windows user=CORP\svc_discovery password=§S§ against 10.40.2.11
""", "pw", "svc_discovery")
t(L, "windows-setupact-log-autologon", r"""
2024-11-05 03:14:22, Info                  [windeploy.exe] Process exited with exit code [0x00000000]
2024-11-05 03:14:22, Info                  [Shell Unattend] AutoLogon: user=deploy password=§S§ count=3
""", "pw", "windeploy.exe")
t(L, "log4j-startup-system-properties-dump", r"""
§LT§ INFO  [main] c.b.swift.Bootstrap - JVM args: [-Xmx2g, -Dswift.lau.key=§S§, -Dfile.encoding=UTF-8]
""", lambda: rs(32), "c.b.swift.Bootstrap")
t(L, "ace-integration-server-log-dbparms", r"""
§LT§ BIP2155I: About to 'Start' the deployed resource 'PayFlows' of type 'Application'.
§LT_2§ BIP2866E: IBM App Connect Enterprise ODBC/JDBC failure: user 'ace_pay' password '§S§' rejected by data source 'ORADSN'.
""", "pw", "ace_pay")
t(L, "vcenter-vpxd-log-plain-password-soap", r"""
2024-11-05T03:14:22.018Z info vpxd[04412] [Originator@6876 sub=vpxLro opID=§H8§] [VpxLRO] -- BEGIN lro-§N6§ -- SessionManager -- vim.SessionManager.login -- userName=svc_backup@vsphere.local password=§S§
""", "pw", "svc_backup@vsphere.local")
t(L, "citrix-broker-log-storefront-passthrough", r"""
§LT§ StoreFront XML service: authenticating user CTX\kiosk_ctx with password §S§ (ExplicitForms)
""", "pw", "kiosk_ctx")
t(L, "mq-client-trace-mqcsp-password", r"""
03:14:22.018441  4412.1  MQCSP: AuthenticationType=1 CSPUserId='app_swift' CSPPassword='§S§'
""", "pw", "app_swift")
t(L, "hl7-interface-log-connection-string", r"""
§LT§ [Rhapsody] Communication Point 'LAB_ORU_OUT' started: jdbc:sqlserver://sqllab02:1433;databaseName=LabInfo;user=labinfo;password=§S§
""", "pw", "LAB_ORU_OUT")
t(L, "keycloak-log-ldap-bind-failure-config", r"""
§LT§ WARN  [org.keycloak.storage.ldap.LDAPIdentityStoreRegistry] (executor-thread-12) LDAP Config: {bindDn=[CN=svc_keycloak,OU=Service,DC=corp,DC=local], bindCredential=[§S§], connectionUrl=[ldaps://dc01.corp.local]}
""", "pw", "svc_keycloak")
t(L, "okta-workflow-log-token-echo", r"""
[03:14:22] Step 4 "HTTP Raw Request" input: {"headers":{"Authorization":"SSWS §S§"},"url":"https://fabrikam.okta.com/api/v1/groups"}
""", "okta", "HTTP Raw Request")
t(L, "wildfly-cli-history-log", r"""
[standalone@localhost:9990 /] /subsystem=datasources/data-source=PatientDS:write-attribute(name=password, value=§S§)
{"outcome" => "success"}
""", "pw", "PatientDS")
t(L, "biztalk-event-log-adapter-error", r"""
The adapter "SFTP" raised an error message. Details "Authentication failed for user bt_kfw with password '§S§' on sftp.kfw-partner.de:22".
""", "pw", "bt_kfw")
t(L, "activemq-log-broker-connect", r"""
§LT§ | WARN  | Transport Connection to: tcp://10.60.2.14:51022 failed: java.lang.SecurityException: User name [claims_mq] or password [§S§] is invalid. | org.apache.activemq.broker.TransportConnection.Transport
""", "pw", "claims_mq")
t(L, "python-sqlalchemy-echo-url-unmasked", r"""
§LT§ INFO sqlalchemy.engine.Engine connect url=mssql+pyodbc://bi_loader:§S§@sqlbi01/Sales?driver=ODBC+Driver+18+for+SQL+Server
""", "pw", "bi_loader")

# ============================================================= CI-AND-DEPLOY
D = "ci-and-deploy"
t(D, "jenkinsfile-environment-block-literal", r"""
pipeline {
    agent { label 'win-build' }
    environment {
        NEXUS_URL  = 'https://nexus.bank.intra'
        NEXUS_PASS = '§S§'
    }
""", "pw", "win-build")
t(D, "jenkinsfile-withenv-token", r"""
stage('Publish') {
    steps {
        withEnv(["OCTO_API_KEY=§S§", "OCTO_URL=https://octopus.corp.local"]) {
            bat 'octo push --package build\\Claims.Api.4.2.0.nupkg --server %OCTO_URL% --apiKey %OCTO_API_KEY%'
        }
    }
}
""", "octo", "Claims.Api.4.2.0.nupkg")
t(D, "jenkinsfile-sh-curl-literal-credentials", r"""
        stage('Smoke') {
            steps {
                sh "curl -fsS -u smoke_tester:§S§ https://uat.portal.bank.local/api/health/deep"
            }
        }
""", "pw", "smoke_tester")
t(D, "azure-pipelines-yml-variables-plain", r"""
variables:
  buildConfiguration: 'Release'
  sqlServer: 'sqlledger-uat'
  sqlUser: 'dacpac_deploy'
  sqlPassword: '§S§'
""", "pw", "dacpac_deploy")
t(D, "azure-pipelines-inline-script-pat", r"""
- powershell: |
    $env:AZURE_DEVOPS_EXT_PAT = '§S§'
    az devops configure --defaults organization=https://dev.azure.com/contoso project="Core Banking"
    az pipelines run --name ledger-nightly
  displayName: 'Trigger nightly'
""", "adopat", "ledger-nightly")
t(D, "github-actions-env-literal-token", r"""
jobs:
  release:
    runs-on: [self-hosted, windows, corp]
    env:
      ARTIFACTORY_TOKEN: §S§
    steps:
      - uses: actions/checkout@v4
""", "akcp", "self-hosted")
t(D, "github-actions-docker-login-literal", r"""
      - name: Login to Harbor
        uses: docker/login-action@v3
        with:
          registry: harbor.mfg.local
          username: robot$payments+ci
          password: §S§
""", "an32", "Login to Harbor")
t(D, "gitlab-ci-yml-variables-password", r"""
variables:
  MAVEN_OPTS: "-Dmaven.repo.local=.m2/repository"
  NEXUS_USER: "gitlab-ci"
  NEXUS_PASSWORD: "§S§"

deploy:
  stage: deploy
""", "pw", "gitlab-ci")
t(D, "teamcity-kotlin-dsl-param", r"""
object DeployUat : BuildType({
    name = "Deploy UAT"
    params {
        param("env.OCTOPUS_SERVER", "https://octopus.corp.local")
        param("env.OCTOPUS_API_KEY", "§S§")
    }
""", "octo", "Deploy UAT")
t(D, "bamboo-specs-java-variable", r"""
        return new Plan(project, "Teller Client", "TC")
            .variables(new Variable("nexus_user", "svc-bamboo"),
                       new Variable("nexus_pw", "§S§"))
""", "pw", "svc-bamboo")
t(D, "octopus-variable-export-json-unsensitive", r"""
    {
      "Id": "§G§",
      "Name": "Sql.Password",
      "Value": "§S§",
      "Type": "String",
      "IsSensitive": false,
      "Scope": { "Environment": [ "Environments-41" ] }
    },
""", "pw", "Sql.Password")
t(D, "ansible-task-win-user-password", r"""
- name: Create local kiosk account
  ansible.windows.win_user:
    name: kioskadmin
    password: "§S§"
    groups: [Administrators]
    password_never_expires: yes
""", "pw", "Create local kiosk account")
t(D, "ansible-win-domain-membership", r"""
- name: Join to corp.local
  microsoft.ad.membership:
    dns_domain_name: corp.local
    domain_admin_user: svc_domainjoin@corp.local
    domain_admin_password: §S§
    domain_ou_path: "OU=Servers,OU=Tier1,DC=corp,DC=local"
    state: domain
""", "pw", "svc_domainjoin@corp.local")
t(D, "ansible-mssql-db-login-password", r"""
- name: Restore BI_STAGE
  community.general.mssql_db:
    name: BI_STAGE
    state: import
    target: /tmp/bi_stage.sql
    login_host: sql-bi-02.corp.local
    login_user: sa
    login_password: '§S§'
""", "pw", "Restore BI_STAGE")
t(D, "puppet-manifest-user-password", r"""
  user { 'svc_backup':
    ensure   => present,
    password => '§S§',
    groups   => ['Backup Operators'],
  }
""", "pw", "Backup Operators")
t(D, "puppet-mysql-db-resource-password", r"""
mysql::db { 'otrs':
  user     => 'otrs',
  password => '§S§',
  host     => 'localhost',
  grant    => ['ALL'],
}
""", "pw", "mysql::db")
t(D, "chef-recipe-resource-password", r"""
windows_service 'FhirBridge' do
  action :configure
  run_as_user '.\svc_fhirbridge'
  run_as_password '§S§'
  startup_type :automatic
end
""", "pw", "FhirBridge")
t(D, "chef-data-bag-json-unencrypted", r"""
{
  "id": "oracle_prod",
  "user": "APP_OWNER",
  "password": "§S§",
  "tns": "ORAPRD"
}
""", "pw", "oracle_prod")
t(D, "terraform-tfvars-admin-password", r"""
location            = "westeurope"
sql_admin_login     = "sqladmin_pay"
sql_admin_password  = "§S§"
vnet_address_space  = ["10.120.0.0/16"]
""", "strong", "sqladmin_pay")
t(D, "terraform-resource-literal-password", r"""
resource "azurerm_windows_virtual_machine" "jump" {
  name                = "vm-jump-weu-01"
  admin_username      = "localadm"
  admin_password      = "§S§"
  size                = "Standard_B2ms"
""", "pw", "vm-jump-weu-01")
t(D, "terraform-vsphere-provider-password", r"""
provider "vsphere" {
  user                 = "svc-terraform@vsphere.local"
  password             = "§S§"
  vsphere_server       = "vcsa01.corp.local"
  allow_unverified_ssl = true
}
""", "pw", "svc-terraform@vsphere.local")
t(D, "terraform-backend-azurerm-access-key", r"""
terraform {
  backend "azurerm" {
    storage_account_name = "sttfstatecorp"
    container_name       = "tfstate"
    key                  = "payments/prod.tfstate"
    access_key           = "§S§"
  }
}
""", "azkey88", "sttfstatecorp")
t(D, "dockerfile-env-password-default", r"""
FROM mcr.microsoft.com/dotnet/aspnet:8.0
ENV ASPNETCORE_URLS=http://+:8080 \
    ConnectionStrings__Kiosk="Server=sqlkiosk01;Database=Kiosk;User Id=kiosk_web;Password=§S§;TrustServerCertificate=true"
COPY publish/ /app
""", "pw", "kiosk_web")
t(D, "dockerfile-arg-default-token", r"""
ARG NPM_TOKEN=§S§
RUN echo "//nexus.retail.local/repository/npm-private/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci && rm -f .npmrc
""", "npm", "npm-private")
t(D, "docker-compose-environment-list", r"""
  mssql:
    image: mcr.microsoft.com/mssql/server:2022-latest
    environment:
      - ACCEPT_EULA=Y
      - MSSQL_SA_PASSWORD=§S§
      - MSSQL_PID=Developer
""", "pw", "MSSQL_PID")
t(D, "helm-install-set-password", r"""
helm upgrade --install sonarqube sonarqube/sonarqube -n tools \
  --set postgresql.enabled=false \
  --set jdbcOverwrite.jdbcUrl=jdbc:postgresql://pgsonar/sonarqube \
  --set jdbcOverwrite.jdbcPassword=§S§
""", "pw", "jdbcOverwrite.jdbcUrl")
t(D, "kustomize-secretgenerator-literals", r"""
secretGenerator:
- name: hl7-bridge
  literals:
  - MLLP_TLS_PASSPHRASE=§S§
  - FHIR_BASE=https://fhir.hospital.local/fhir
""", "pw", "hl7-bridge")
t(D, "argocd-repository-secret-yaml", r"""
apiVersion: v1
kind: Secret
metadata:
  name: repo-core-banking
  labels:
    argocd.argoproj.io/secret-type: repository
stringData:
  url: https://git.bank.local/platform/gitops.git
  username: argocd
  password: §S§
""", "glpat", "repo-core-banking")
t(D, "packer-hcl-winrm-password", r"""
source "vsphere-iso" "win2022" {
  vcenter_server = "vcsa01.corp.local"
  username       = "svc-packer@vsphere.local"
  password       = "§S§"
  communicator   = "winrm"
  winrm_username = "Administrator"
""", "pw", "svc-packer@vsphere.local")
t(D, "vagrantfile-winrm-password", r"""
Vagrant.configure("2") do |config|
  config.vm.box = "corp/win2019-biztalk"
  config.winrm.username = "vagrant"
  config.winrm.password = "§S§"
end
""", "pw", "corp/win2019-biztalk")
t(D, "powershell-dsc-configdata-psd1", r"""
@{
    AllNodes = @(
        @{ NodeName = 'SQLBI02'; PSDscAllowPlainTextPassword = $true; SqlSvcUser = 'CORP\svc_sqlbi'; SqlSvcPassword = '§S§' }
    )
}
""", "pw", "SQLBI02")
t(D, "wix-property-sqlpassword", r"""
<Property Id="SQLSERVER" Value="SQLLAB02" />
<Property Id="SQLUSER" Value="labinfo_setup" />
<Property Id="SQLPASSWORD" Value="§S§" Hidden="yes" />
""", "pw", "labinfo_setup")
t(D, "msiexec-deploy-script-properties", r"""
start /wait msiexec /i LabInfoClient_5.2.msi /qn SQLSERVER=SQLLAB02 SQLUSER=labinfo_setup SQLPASSWORD="§S§" /l*v C:\Temp\labinfo_install.log
""", "pw", "LabInfoClient_5.2.msi")
t(D, "octopus-tentacle-register-apikey", r"""
Tentacle.exe register-with --instance "Tentacle" --server "https://octopus.corp.local" --apiKey="§S§" --role "web-claims" --environment "Production" --comms-style TentaclePassive
""", "octo", "web-claims")
t(D, "github-runner-config-token", r"""
.\config.cmd --url https://github.corp-enterprise.com/payments --token §S§ --name win-runner-07 --labels windows,corp --runasservice
""", lambda: "A" + rs(28, _UP), "win-runner-07")
t(D, "ado-agent-config-pat", r"""
.\config.cmd --unattended --url https://tfs.corp.local/tfs/DefaultCollection --auth pat --token §S§ --pool OnPrem-Win --agent BUILD04 --runAsService
""", "adopat", "OnPrem-Win")
t(D, "jenkins-casc-yaml-credentials", r"""
credentials:
  system:
    domainCredentials:
      - credentials:
          - usernamePassword:
              id: "svn-build"
              username: "build.agent"
              password: "§S§"
              scope: GLOBAL
""", "pw", "svn-build")
t(D, "jenkins-job-dsl-password-param", r"""
job('db-refresh-uat') {
    parameters {
        nonStoredPasswordParam('DUMMY', '')
        stringParam('ORA_SYS_PW', '§S§', 'sys password for UAT refresh')
    }
}
""", "pw", "db-refresh-uat")
t(D, "nexus-groovy-provision-user", r"""
security.addUser('ci-deployer', 'CI', 'Deployer', 'ci@bank.intra', true, '§S§', ['nx-deploy'])
repository.createMavenHosted('maven-releases')
""", "pw", "ci-deployer")
t(D, "artifactory-system-yaml-db-password", r"""
shared:
  database:
    type: postgresql
    driver: org.postgresql.Driver
    url: jdbc:postgresql://pg-art:5432/artifactory
    username: artifactory
    password: §S§
""", "pw", "pg-art:5432")
t(D, "sonar-project-properties-login-token", r"""
sonar.projectKey=bank:teller-client
sonar.host.url=https://sonar.bank.local
sonar.login=§S§
sonar.sources=src/main/java
""", "squ", "bank:teller-client")
t(D, "rundeck-job-option-default-password", r"""
- name: Restart TIBCO EMS
  options:
  - name: ems_admin_password
    value: §S§
    secure: false
  sequence:
    commands:
    - exec: tibemsadmin -server ssl://ems-prd-1:7243 -user admin -password ${option.ems_admin_password}
""", "pw", "Restart TIBCO EMS")
t(D, "awx-survey-spec-default", r"""
{"name": "Oracle password reset", "spec": [{"question_name": "New password", "variable": "new_pw", "type": "text", "default": "§S§", "required": true}]}
""", "pw", "Oracle password reset")
t(D, "salt-pillar-sls-password", r"""
sqlserver:
  sa_password: §S§
  instance: MSSQLSERVER
  tcp_port: 1433
""", "pw", "MSSQLSERVER")
t(D, "arm-parameters-json-adminpassword", r"""
{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",
  "contentVersion": "1.0.0.0",
  "parameters": {
    "adminUsername": { "value": "azadmin" },
    "adminPassword": { "value": "§S§" }
  }
}
""", "pw", "azadmin")
t(D, "bicepparam-file-secret", r"""
using './main.bicep'
param environmentName = 'prd'
param sqlAdministratorLogin = 'sqladmin_hr'
param sqlAdministratorPassword = '§S§'
""", "strong", "sqladmin_hr")
t(D, "cloudformation-parameters-json", r"""
[
  { "ParameterKey": "DBInstanceClass", "ParameterValue": "db.r6g.large" },
  { "ParameterKey": "MasterUsername", "ParameterValue": "claimsadmin" },
  { "ParameterKey": "MasterUserPassword", "ParameterValue": "§S§" }
]
""", "strong", "claimsadmin")
t(D, "ado-variable-group-export-json", r"""
{
  "name": "vg-ledger-prod",
  "variables": {
    "SqlUser": { "value": "ledger_deploy" },
    "SqlPassword": { "value": "§S§", "isSecret": false }
  }
}
""", "pw", "vg-ledger-prod")
t(D, "makefile-deploy-credentials", r"""
DEPLOY_USER ?= deployer
DEPLOY_PASS ?= §S§

deploy:
	curl -T target/portal.war -u $(DEPLOY_USER):$(DEPLOY_PASS) "http://tomcat-prd02:8080/manager/text/deploy?path=/portal&update=true"
""", "pw", "DEPLOY_USER")
t(D, "fabfile-env-password", r"""
from fabric import Connection
c = Connection("aixprd03.corp.local", user="batchops", connect_kwargs={"password": "§S§"})
c.run("/opt/cbs/bin/restart_batch.sh")
""", "pw", "restart_batch.sh")
t(D, "pubxml-publish-profile-password", r"""
    <MSDeployServiceURL>https://web-int-03:8172/msdeploy.axd</MSDeployServiceURL>
    <DeployIisAppPath>Intranet</DeployIisAppPath>
    <UserName>deploy_web</UserName>
    <Password>§S§</Password>
    <AllowUntrustedCertificate>True</AllowUntrustedCertificate>
""", "pw", "deploy_web")
t(D, "dotnet-publish-msbuild-password-property", r"""
dotnet publish src/Intranet.Web -c Release /p:PublishProfile=WebDeploy /p:UserName=deploy_web /p:Password=§S§ /p:AllowUntrustedCertificate=true
""", "pw", "src/Intranet.Web")
t(D, "azure-pipelines-sqlazuredacpac-inline-password", r"""
- task: SqlAzureDacpacDeployment@1
  inputs:
    azureSubscription: 'sc-payments-prd'
    ServerName: 'sql-pay-weu.database.windows.net'
    DatabaseName: 'Payments'
    SqlUsername: 'sqladmin_pay'
    SqlPassword: '§S§'
""", "strong", "sc-payments-prd")
t(D, "jenkins-credentials-binding-fallback-literal", r"""
def sonarToken = env.SONAR_TOKEN ?: '§S§'   // fallback for local runs
sh "mvn sonar:sonar -Dsonar.token=${sonarToken}"
""", "squ", "SONAR_TOKEN")
t(D, "gitlab-ci-before-script-npmrc", r"""
before_script:
  - echo "@retail:registry=https://nexus.retail.local/repository/npm-private/" > .npmrc
  - echo "//nexus.retail.local/repository/npm-private/:_authToken=§S§" >> .npmrc
""", "npm", "before_script")
t(D, "ansible-vars-hsm-partition-password", r"""
luna_client_version: "10.7.2"
luna_partition_label: "PAY-PART-01"
luna_partition_password: "§S§"
luna_server: "hsm01.pay.local"
""", "strong", "PAY-PART-01")
t(D, "terraform-keycloak-provider-client-secret", r"""
provider "keycloak" {
  client_id     = "terraform"
  client_secret = "§S§"
  url           = "https://sso.hospital.local"
  realm         = "master"
}
""", lambda: rs(32), "https://sso.hospital.local")
t(D, "helmfile-values-inline-secret", r"""
releases:
  - name: grafana
    namespace: monitoring
    chart: grafana/grafana
    values:
      - adminUser: admin
        adminPassword: §S§
""", "pw", "grafana/grafana")
t(D, "k8s-deployment-env-value-literal", r"""
        env:
        - name: SPRING_PROFILES_ACTIVE
          value: prod
        - name: SPRING_DATASOURCE_PASSWORD
          value: "§S§"
""", "pw", "SPRING_PROFILES_ACTIVE")

# ============================================================== VENDOR-TOKEN
VT = "vendor-token"
t(VT, "github-classic-pat-git-credentials", r"""
https://svc-release:§S§@github.corp-enterprise.com
""", "ghp", "svc-release")
t(VT, "github-fine-grained-pat-env-export", r"""
export GH_TOKEN=§S§   # fine-grained, repo: payments/iso8583-switch, expires 2025-03-01
""", "ghpat", "payments/iso8583-switch")
t(VT, "github-oauth-gho-gh-hosts-yml", r"""
github.corp-enterprise.com:
    user: mkaya
    oauth_token: §S§
    git_protocol: https
""", "gho", "mkaya")
t(VT, "github-app-installation-ghs-log", r"""
Generated installation token for app 'release-bot' (installation §N8§): §S§ (expires in 60 min)
""", "ghs", "release-bot")
t(VT, "github-user-to-server-ghu", r"""
{"access_token":"§S§","expires_in":28800,"refresh_token":"ghr_§A76§","token_type":"bearer"}
""", "ghu", "expires_in")
t(VT, "gitlab-pat-private-token-header", r"""
curl --header "PRIVATE-TOKEN: §S§" "https://gitlab.mfg.local/api/v4/projects/412/pipelines?status=failed"
""", "glpat", "gitlab.mfg.local")
t(VT, "gitlab-deploy-token-gldt", r"""
deploy token for registry pulls (project mes/plc-gateway): username gitlab+deploy-token-17, token §S§
""", "gldt", "gitlab+deploy-token-17")
t(VT, "slack-bot-token-xoxb", r"""
SLACK_BOT_TOKEN=§S§
SLACK_CHANNEL=#ops-sap-alerts
""", "xoxb", "#ops-sap-alerts")
t(VT, "slack-user-token-xoxp", r"""
"slack": {"token": "§S§", "channel": "C04§HU8§"}
""", "xoxp", "channel")
t(VT, "slack-incoming-webhook-url", r"""
https://hooks.slack.com/services/T0§HU8§/B0§HU8_2§/§S§
""", lambda: rs(24), "hooks.slack.com")
t(VT, "slack-app-level-token-xapp", r"""
socket mode: SLACK_APP_TOKEN=§S§
""", "xapp", "socket mode")
t(VT, "teams-incoming-webhook-url", r"""
https://contoso.webhook.office.com/webhookb2/§G§@§G_2§/IncomingWebhook/§S§/§G_3§/V2§A40§
""", "hex32", "IncomingWebhook")
t(VT, "aws-access-key-pair-colon", r"""
AKIA§KID§:§S§
""", "awssk", "")
t(VT, "aws-session-token-env", r"""
AWS_SESSION_TOKEN=§S§
""", "sesstok", "AWS_SESSION_TOKEN")
t(VT, "azure-sas-token-querystring", r"""
?sv=2022-11-02&ss=bfqt&srt=sco&sp=rwdlacupiytfx&se=2025-06-30T16:00:00Z&st=2024-11-05T08:00:00Z&spr=https&sig=§S§
""", lambda: b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"), "sp=rwdlacupiytfx")
t(VT, "azure-ad-client-secret-value", r"""
client secret (app reg 'sap-cpi-graph', expires 2026-05-01): §S§
""", "aadsec", "sap-cpi-graph")
t(VT, "google-api-key-aiza", r"""
GOOGLE_MAPS_SERVER_KEY=§S§
""", "aiza", "GOOGLE_MAPS_SERVER_KEY")
t(VT, "google-oauth-client-secret-gocspx", r"""
{"web":{"client_id":"§N12§-§L32§.apps.googleusercontent.com","project_id":"hr-portal-prd","client_secret":"§S§"}}
""", "gocspx", "hr-portal-prd")
t(VT, "stripe-live-secret-key", r"""
STRIPE_SECRET_KEY=§S§
STRIPE_PUBLISHABLE_KEY=pk_live_51§A40§
""", "sklive", "STRIPE_PUBLISHABLE_KEY")
t(VT, "stripe-restricted-key", r"""
stripe restricted key (read charges only): §S§
""", "rklive", "read charges only")
t(VT, "stripe-webhook-signing-secret", r"""
endpointSecret = "§S§"
""", "whsec", "endpointSecret")
t(VT, "twilio-account-sid-auth-token", r"""
TWILIO_ACCOUNT_SID=AC§H32§
TWILIO_AUTH_TOKEN=§S§
""", "hex32", "TWILIO_ACCOUNT_SID")
t(VT, "sendgrid-api-key", r"""
SENDGRID_API_KEY='§S§'
""", "sg", "SENDGRID_API_KEY")
t(VT, "mailgun-private-api-key", r"""
curl -s --user 'api:§S§' https://api.eu.mailgun.net/v3/mg.fabrikam.de/messages
""", "mgkey", "mg.fabrikam.de")
t(VT, "npm-automation-token-npmrc", r"""
//registry.npmjs.org/:_authToken=§S§
""", "npm", "registry.npmjs.org")
t(VT, "pypi-api-token", r"""
TWINE_USERNAME=__token__
TWINE_PASSWORD=§S§
""", "pypi", "TWINE_USERNAME")
t(VT, "dockerhub-pat", r"""
echo "§S§" | docker login -u fabrikamci --password-stdin
""", "dckr", "fabrikamci")
t(VT, "atlassian-api-token-atatt", r"""
JIRA_USER=svc.jira.sync@fabrikam.com
JIRA_API_TOKEN=§S§
""", "atatt", "svc.jira.sync@fabrikam.com")
t(VT, "okta-api-token-ssws", r"""
Authorization: SSWS §S§
""", "okta", "Authorization")
t(VT, "salesforce-session-id-bare", r"""
sid=§S§
""", "sfsid", "")
t(VT, "newrelic-user-api-key", r"""
NEW_RELIC_API_KEY=§S§
""", "nrak", "NEW_RELIC_API_KEY")
t(VT, "datadog-api-and-app-key-headers", r"""
-H "DD-API-KEY: §S§" -H "DD-APPLICATION-KEY: §H40§"
""", "hex32", "DD-API-KEY")
t(VT, "shopify-admin-access-token", r"""
X-Shopify-Access-Token: §S§
""", "shpat", "X-Shopify-Access-Token")
t(VT, "square-production-access-token", r"""
SQUARE_ACCESS_TOKEN=§S§
SQUARE_ENVIRONMENT=production
""", "sq", "SQUARE_ENVIRONMENT")
t(VT, "braintree-access-token", r"""
BT_ACCESS_TOKEN="§S§"
""", "bt", "BT_ACCESS_TOKEN")
t(VT, "jfrog-api-key-akcp", r"""
X-JFrog-Art-Api: §S§
""", "akcp", "X-JFrog-Art-Api")
t(VT, "jfrog-reference-token", r"""
jf rt ping --url https://jfrog.bank.local/artifactory --access-token §S§
""", "jfref", "jfrog.bank.local")
t(VT, "azure-devops-pat-52", r"""
AZURE_DEVOPS_EXT_PAT=§S§
""", "adopat", "AZURE_DEVOPS_EXT_PAT")
t(VT, "azure-devops-pat-84-new-format", r"""
ADO PAT (Code R/W, Packaging Read) for svc-build: §S§
""", "adopat84", "svc-build")
t(VT, "octopus-api-key", r"""
X-Octopus-ApiKey: §S§
""", "octo", "X-Octopus-ApiKey")
t(VT, "teamcity-access-token", r"""
Authorization: Bearer §S§
""", "tctok", "Authorization")
t(VT, "jenkins-api-token-user-colon", r"""
curl -X POST -u svc-trigger:§S§ https://jenkins.corp.local/job/ledger-nightly/buildWithParameters?ENV=uat
""", "jkapi", "svc-trigger")
t(VT, "sonarqube-user-token-squ", r"""
SONAR_TOKEN=§S§
""", "squ", "SONAR_TOKEN")
t(VT, "sonarqube-project-and-global-tokens", r"""
project analysis token: §S§ / global analysis token: sqa_§H40§
""", "sqp", "project analysis token")
t(VT, "vault-service-token-hvs", r"""
VAULT_TOKEN=§S§
""", "hvs", "VAULT_TOKEN")
t(VT, "terraform-cloud-token-atlasv1", r"""
credentials "app.terraform.io" {
  token = "§S§"
}
""", "tfc", "app.terraform.io")
t(VT, "pulumi-access-token", r"""
PULUMI_ACCESS_TOKEN=§S§
""", "pul", "PULUMI_ACCESS_TOKEN")
t(VT, "digitalocean-pat", r"""
doctl auth init --access-token §S§
""", "dop", "doctl auth init")
t(VT, "openai-project-key", r"""
OPENAI_API_KEY=§S§
""", "oai", "OPENAI_API_KEY")
t(VT, "anthropic-api-key", r"""
ANTHROPIC_API_KEY=§S§
""", "ant", "ANTHROPIC_API_KEY")
t(VT, "huggingface-user-access-token", r"""
huggingface-cli login --token §S§
""", "hf", "huggingface-cli login")
t(VT, "telegram-bot-token-url", r"""
https://api.telegram.org/bot§S§/getUpdates
""", "tg", "getUpdates")
t(VT, "alibaba-accesskey-pair", r"""
ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI5t§A18§
ALIBABA_CLOUD_ACCESS_KEY_SECRET=§S§
""", "an30", "ALIBABA_CLOUD_ACCESS_KEY_ID")
t(VT, "tencent-cloud-secretid-secretkey", r"""
TENCENTCLOUD_SECRET_ID=AKID§A32§
TENCENTCLOUD_SECRET_KEY=§S§
""", "an32", "TENCENTCLOUD_SECRET_ID")
t(VT, "dingtalk-robot-webhook-access-token", r"""
https://oapi.dingtalk.com/robot/send?access_token=§S§
""", "ding", "oapi.dingtalk.com")
t(VT, "wecom-group-robot-webhook-key", r"""
https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=§S§
""", "uuidsec", "qyapi.weixin.qq.com")
t(VT, "feishu-bot-webhook-hook-id", r"""
https://open.feishu.cn/open-apis/bot/v2/hook/§S§
""", "uuidsec", "open.feishu.cn")
t(VT, "line-channel-access-token", r"""
LINE_CHANNEL_ACCESS_TOKEN=§S§
""", "line", "LINE_CHANNEL_ACCESS_TOKEN")
t(VT, "kakao-rest-api-key-header", r"""
Authorization: KakaoAK §S§
""", "kakao", "KakaoAK")
t(VT, "naver-client-id-secret-headers", r"""
X-Naver-Client-Id: §A20§
X-Naver-Client-Secret: §S§
""", lambda: rs(10), "X-Naver-Client-Id")
t(VT, "grafana-service-account-token", r"""
GRAFANA_TOKEN=§S§
""", "glsa", "GRAFANA_TOKEN")
t(VT, "cloudflare-api-token-bearer", r"""
CLOUDFLARE_API_TOKEN=§S§
""", "cfat", "CLOUDFLARE_API_TOKEN")
t(VT, "mapbox-secret-token", r"""
MAPBOX_DOWNLOADS_TOKEN=§S§
""", "mbsk", "MAPBOX_DOWNLOADS_TOKEN")
t(VT, "postman-api-key", r"""
x-api-key: §S§
""", "pmak", "x-api-key")
t(VT, "figma-personal-access-token", r"""
X-Figma-Token: §S§
""", "figd", "X-Figma-Token")
t(VT, "notion-integration-secret", r"""
NOTION_TOKEN=§S§
""", "ntn", "NOTION_TOKEN")
t(VT, "doppler-service-token", r"""
DOPPLER_TOKEN=§S§
""", "dopp", "DOPPLER_TOKEN")
t(VT, "netlify-personal-token", r"""
NETLIFY_AUTH_TOKEN=§S§
""", "nfp", "NETLIFY_AUTH_TOKEN")
t(VT, "age-secret-key-file", r"""
# created: 2024-11-05T03:14:22+01:00
# public key: age1§L58§
§S§
""", "age", "public key")
t(VT, "tailscale-auth-key", r"""
tailscale up --authkey=§S§ --advertise-tags=tag:ot-gateway
""", "tskey", "tag:ot-gateway")
t(VT, "databricks-pat", r"""
DATABRICKS_HOST=https://adb-§N16§.12.azuredatabricks.net
DATABRICKS_TOKEN=§S§
""", "dapi", "DATABRICKS_HOST")
t(VT, "dynatrace-api-token", r"""
Authorization: Api-Token §S§
""", "dt", "Api-Token")
t(VT, "mailchimp-api-key", r"""
MAILCHIMP_API_KEY=§S§
""", "mc", "MAILCHIMP_API_KEY")
t(VT, "linear-api-key", r"""
LINEAR_API_KEY=§S§
""", "lin", "LINEAR_API_KEY")
t(VT, "heroku-api-key", r"""
HEROKU_API_KEY=§S§
""", "hrku", "HEROKU_API_KEY")
t(VT, "firebase-fcm-legacy-server-key", r"""
Authorization: key=§S§
""", "fcm", "Authorization")
t(VT, "acr-admin-password", r"""
docker login acrpaymentsweu.azurecr.io -u acrpaymentsweu -p §S§
""", "acr", "acrpaymentsweu.azurecr.io")
t(VT, "elastic-api-key-header", r"""
Authorization: ApiKey §S§
""", "eskey", "ApiKey")
t(VT, "salesforce-connected-app-consumer-secret", r"""
SF_CONSUMER_KEY=3MVG9§A80§
SF_CONSUMER_SECRET=§S§
""", "sfcs", "SF_CONSUMER_KEY")
t(VT, "confluent-cloud-api-secret", r"""
sasl.username=§HU16§
sasl.password=§S§
""", "b64c64", "sasl.username")
t(VT, "splunk-hec-token", r"""
Authorization: Splunk §S§
""", "GUIDSEC", "Splunk")
t(VT, "vault-batch-token-short", r"""
export VAULT_TOKEN="§S§"
""", "hvsshort", "export")
t(VT, "jwt-bearer-k8s-serviceaccount", r"""
TOKEN=§S§
""", lambda: jwt("RS256", {"kubernetes.io/serviceaccount/namespace": "payments", "kubernetes.io/serviceaccount/service-account.name": "ci-deployer"}, sig=256), "TOKEN")
t(VT, "azure-function-key-query", r"""
https://func-hl7-ingest.azurewebsites.net/api/adt?code=§S§
""", lambda: rs(54, _URLC) + "==", "func-hl7-ingest.azurewebsites.net")
t(VT, "apim-subscription-key-header", r"""
Ocp-Apim-Subscription-Key: §S§
""", "apim", "Ocp-Apim-Subscription-Key")
t(VT, "gitlab-runner-auth-token-glrt", r"""
gitlab-runner register --non-interactive --url https://gitlab.mfg.local --token §S§ --executor docker
""", "glrt", "gitlab.mfg.local")
t(VT, "aws-akia-id-only-unlabelled", r"""
§S§ §awssk_x§
""", lambda: {"S": V["akia"](), "awssk_x": V["awssk"]()}, "")

# ============================================================== NOTE-OR-CHAT
N = "note-or-chat"
t(N, "note-en-handover-sa-password-until-change", r"""
Handover for Friday: SQLPRD01\FINANCE still uses SQL auth for the month-end job. sa_report password is §S§ until CHG0048311 rotates it on the 15th. Don't touch the linked server to ORA_SAPBW.
""", "pw", "CHG0048311")
t(N, "note-en-decision-keep-legacy-bind-account", r"""
Decision: keep the legacy LDAP bind account (svc_ldapread, pw §S§) for the Tomcat JNDIRealm until the ADFS cutover in Q1; new apps must use Kerberos.
""", "pw", "svc_ldapread")
t(N, "note-en-next-steps-numbered-rotate", r"""
Next steps:
1. rotate the Nexus deployer password (currently §S§) - it leaked into build #1842 console log
2. purge build #1842 log from Jenkins
3. update credential id nexus-deploy
""", "pw", "nexus-deploy")
t(N, "note-en-teams-chat-paste-deployer", r"""
[10:42] Priya Nair
try with deployer / §S§ on tomcat-prd02, the manager-script role is there
[10:43] Tomasz Lewandowski
works, thx
""", "pw", "tomcat-prd02")
t(N, "note-en-slack-paste-keystore-pass", r"""
kenji.sato  11:02 AM
btw the UAT keystore pass for esb-client.jks is §S§ - same as PROD was before the audit lol
""", "pw", "esb-client.jks")
t(N, "note-en-email-excerpt-credentials-block", r"""
From: Service Desk <servicedesk@fabrikam.com>
Subject: RE: Access to Dynamics sandbox
Hi Ana, your integration user is ready.
  Username: crm.integration@fabrikam.onmicrosoft.com
  Password: §S§
Please change it at first login.
""", "pw", "crm.integration@fabrikam.onmicrosoft.com")
t(N, "note-en-servicenow-work-note-temp-password", r"""
Work notes (INC0091877): AD account j.oliveira unlocked and reset. Temp pw §S§ given to user over phone, must change at next logon.
""", "pw", "INC0091877")
t(N, "note-en-jira-comment-uat-creds", r"""
Comment on PAY-3318 by Emre Aydin: for the UAT regression use uat_tester07 / §S§, the other test users are locked after yesterday's pen test.
""", "pw", "uat_tester07")
t(N, "note-en-runbook-excerpt-weblogic-login", r"""
Runbook WLS-07 step 4: log into the admin console https://wlsadm-prd.corp.local:7002/console as weblogic (§S§), go to Environment > Servers > ms_claims01 > Control and force shutdown.
""", "pw", "wlsadm-prd.corp.local")
t(N, "note-en-unlabelled-user-password-line", r"""
Accounts checked on APPSRV07:
svc_glexport §S§
svc_hl7engine (no change)
""", "pw", "svc_glexport")
t(N, "note-en-goal-with-new-password", r"""
Goal: get the nightly SAP BW extract (job NightlyGLExport) green again after the RFC_BWLOAD password change - new value §S§ has to go into the SSIS config and the Jenkins credential.
""", "sapass", "NightlyGLExport")
t(N, "note-en-agent-finding-jenkins-decrypt", r"""
Finding: credential id oracle-dwh-etl decrypts to §S§ in the script console, but the job still passes the old value via a hardcoded -P flag in run_etl.cmd line 22. That is why it fails since Tuesday.
""", "pw", "oracle-dwh-etl")
t(N, "note-en-found-hardcoded-ghp-revoke", r"""
Found a hardcoded token in scripts/release.ps1 line 14 ($token = '§S§'). It belongs to the svc-release account. Needs revoking in GitHub Enterprise before we push the fix.
""", "ghp", "scripts/release.ps1")
t(N, "note-en-hsm-key-component-custodian", r"""
Key ceremony 2024-11-05: ZMK component 2 entered by custodian A. Costa = §S§, KCV §HU6§. Component 1 and 3 in their sealed envelopes.
""", "zmkc", "A. Costa")
t(N, "note-en-sap-support-suser-temp", r"""
SAP support (incident 0020751259) asked for a logon to PR1. Opened the service connection and gave them SUPPORT01 / §S§ valid until Friday 18:00, remove afterwards!
""", "sapass", "SUPPORT01")
t(N, "note-en-wifi-plant-floor", r"""
FYI plant floor Wi-Fi for the MES tablets: SSID PLANT-OT-MES, key §S§ (WPA2-PSK, not the corp 802.1X one).
""", "pw", "PLANT-OT-MES")
t(N, "note-en-dsrm-password-set", r"""
New forest bank.intra promoted on DC01/DC02. DSRM password used on both: §S§ -> must go to the safe, currently only in this note.
""", "pw", "bank.intra")
t(N, "note-en-bitlocker-key-for-user", r"""
User at FIN-WS-0142 stuck at BitLocker recovery after BIOS update; read recovery key over the phone: §S§
""", "bitlk", "FIN-WS-0142")
t(N, "note-en-laps-retrieved", r"""
Retrieved LAPS pw for KRK-SRV-FS01 to fix the broken trust: §S§ (will expire automatically in 24h after I trigger reset).
""", "strong", "KRK-SRV-FS01")
t(N, "note-en-totp-seed-break-glass", r"""
Break-glass account emergency.admin@bank.intra - MFA TOTP seed (for the second safe): §S§
""", lambda: rs(32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"), "emergency.admin@bank.intra")
t(N, "note-en-recovery-codes-org-admin", r"""
GitHub Enterprise org admin recovery codes (printed, but also here until printed):
§S§
§rc_x§
""", lambda: {"S": "%s-%s" % (hx(5), hx(5)), "rc_x": "%s-%s" % (hx(5), hx(5))}, "recovery codes")
t(N, "note-en-adfs-pfx-export-password", r"""
Exported ADFS token-signing cert for the SAML test with Ping (adfs-signing-2025.pfx), pfx password §S§. Delete the file from C:\temp after import.
""", "pw", "adfs-signing-2025.pfx")
t(N, "note-en-okta-token-created-today", r"""
Created a new Okta API token for the provisioning script (name: provisioning-2024-11, owner svc.okta.prov): §S§. The old one is revoked.
""", "okta", "provisioning-2024-11")
t(N, "note-en-new-joiner-temp-password", r"""
New joiner Lucía Fernández (l.fernandez) starts Monday - temp password §S§, laptop FIN-WS-0188 already enrolled.
""", "pw", "l.fernandez")
t(N, "note-en-standup-uat-db-creds", r"""
Stand-up 05/11: UAT DB is back. creds uat_app/§S§ on sqluat02, refresh from PROD done at 02:00. Rahul to rerun the reconciliation.
""", "pw", "uat_app")
t(N, "note-en-pr-review-remove-keys", r"""
Review comment on PR !412: please remove `aws_secret_access_key="§S§"` from tests/test_upload.py and use moto instead.
""", "awssk", "tests/test_upload.py")
t(N, "note-en-markdown-table-host-user-pass", r"""
| host            | user     | password           |
|-----------------|----------|--------------------|
| idrac-esx07     | root     | §S§ |
| ilo-db01        | Administrator | (see KeePass) |
""", "pw", "idrac-esx07")
t(N, "note-en-csv-excerpt-credentials", r"""
host,username,password,notes
sftp.partner-logistik.de,edi,§S§,rotated 2024-10
sftp.clearing-partner.es,sftpuser,(key auth),
""", "pw", "sftp.partner-logistik.de")
t(N, "note-en-cisco-type7-from-config", r"""
The old RTR-BR-REC-01 config still has "username backup password 7 §S§" - type 7 is reversible, treat it as plain text and rotate.
""", "c7", "RTR-BR-REC-01")
t(N, "note-en-base64-in-ticket-is-userpass", r"""
Note: the "token" the vendor put in ticket VND-2231 (§S§) is just base64 of user:password for their API - not a real token.
""", "basicup", "VND-2231")
t(N, "note-en-jenkins-encrypted-blob-copied", r"""
Copied the <password> from credentials.xml for nexus-deploy ({§S§}) to the new controller; it will only decrypt with the old master.key + hudson.util.Secret, so copy those too.
""", "jenkins", "nexus-deploy")
t(N, "note-en-mainframe-tso-password-expiry", r"""
TSO user BATCH01 password expires every 30 days; current one is §S§ (set 28.10). Batch JCL FTP step uses it as well.
""", lambda: rs(8, _UP + "#@"), "BATCH01")
t(N, "note-en-swift-lau-key-halves", r"""
SWIFT LAU key for SAA-PRD rotated. Left half (my custody): §S§. Right half with Maria in the envelope. Don't put either in Confluence.
""", lambda: rs(16), "SAA-PRD")
t(N, "note-en-radius-secret-new-nas", r"""
New NAS in Pune (wlc-pune-hq, 10.121.0.5) added to clients.conf, shared secret §S§. Same needs to go on the WLC side.
""", "radius", "wlc-pune-hq")
t(N, "note-en-snmp-community-changed", r"""
SNMP community on the access switches changed from public to §S§ (RO, ACL 99). PRTG sensors updated.
""", "snmp", "ACL 99")
t(N, "note-en-kerberos-keytab-regenerated", r"""
svc_sso_http password reset to §S§ and keytab regenerated (kvno 4). Copied to /etc/security/keytabs on both SSO nodes.
""", "pw", "svc_sso_http")
t(N, "note-en-teams-dont-paste-earlier-msg", r"""
[09:14] Oskar Lindqvist: here is the vCenter admin pw for the migration: §S§
[09:15] Anika Müller: pls don't paste passwords in this channel, use the vault link
[09:15] Oskar Lindqvist: sorry, will rotate after
""", "pw", "vCenter admin")
t(N, "note-en-aws-keys-from-vendor-email", r"""
Vendor (logistics portal) sent IAM keys for the S3 drop by e-mail: AKIA§KID§ / §S§. Requested they switch to a role, added to risk register.
""", "awssk", "risk register")
t(N, "note-en-azure-sp-secret-for-terraform", r"""
SP sp-gha-payments-deploy new secret (valid 12 months): §S§ - put in GitHub environment secret AZURE_CLIENT_SECRET, not in tfvars.
""", "aadsec", "sp-gha-payments-deploy")
t(N, "note-en-pfx-password-nfe-certificate", r"""
Remember: the A1 certificate for NF-e (CNPJ 12.345.678/0001-90) is protected with §S§; accountant has a copy of the pfx.
""", "pw", "NF-e")
t(N, "note-en-iis-apppool-identity-password", r"""
IIS app pool ClaimsPool runs as CORP\svc_claimsweb; password §S§ - needs to match AD or the pool stops with 1069.
""", "pw", "svc_claimsweb")
t(N, "note-en-weblogic-boot-properties-plain", r"""
Put plain-text creds into boot.properties on ms_claims02 (weblogic / §S§) so Node Manager can start it; WLS encrypts them on first start.
""", "pw", "ms_claims02")
t(N, "note-en-websphere-xor-decoded", r"""
The {xor} value in soap.client.props for wasadmin decodes to §S§ (xor 0x5F), so it's effectively plain text.
""", "pw", "wasadmin")
t(N, "note-en-gpp-cpassword-audit-finding", r"""
Audit finding: SYSVOL still has a Groups.xml with cpassword="§S§" for LocalAdminHelpdesk. The AES key is public, so this is a cleartext password; delete the GPO preference.
""", "cpass", "LocalAdminHelpdesk")
t(N, "note-en-ticket-update-with-api-key", r"""
Update to CS0041223: partner FX API key rotated, new key §S§, old key disabled at 16:00 CET.
""", "hex32", "CS0041223")
t(N, "note-en-vpn-psk-partner-bank", r"""
IPsec to partner bank (peer 198.51.100.23): PSK agreed on the call with their network team is §S§. IKEv2, AES256/SHA256, DH14.
""", "strong", "198.51.100.23")
t(N, "note-en-hl7-interface-credentials-from-vendor", r"""
Lab vendor confirmed the MLLP TLS client key passphrase: §S§. Cert CN lis-gw.hospital.local, expires 2026-02.
""", "pw", "lis-gw.hospital.local")
t(N, "note-en-servicenow-mid-password-reset", r"""
MID server MID-FRA-01 went down because mid.server.fra01 password expired. New pw §S§ set in the instance and in config.xml, MID is back up.
""", "pw", "MID-FRA-01")
t(N, "note-en-db2-instance-owner", r"""
db2inst1 on db2win01 - pw §S§ (from the old wiki page, still valid as of today).
""", "pw", "db2win01")
t(N, "note-en-oracle-sys-password-refresh", r"""
UAT refresh: after the RMAN duplicate, SYS on ORAUAT has the PROD password §S§. Change it before handing over to the testers.
""", "pw", "ORAUAT")
t(N, "note-en-citrix-kiosk-account", r"""
The lobby kiosks auto-logon with CTX\kiosk_ctx / §S§ via the .ica file - worth moving to a published desktop with smart card instead.
""", "pw", "CTX\\kiosk_ctx")
t(N, "note-en-f5-admin-credentials-for-vendor", r"""
F5 partner engineer needs admin on bigip-lb01 for the upgrade window Sat 22:00-02:00. Local account f5partner created with password §S§, disable Sunday.
""", "pw", "f5partner")
t(N, "note-en-palo-alto-api-key-generated", r"""
Generated PAN-OS API key for the read-only automation user on PA-5220-FRA: §S§. Stored in the automation vault, key is tied to the user's password.
""", "pal", "PA-5220-FRA")
t(N, "note-en-sip-trunk-credentials", r"""
SIP trunk from carrier activated: registrar sip.carrier-trunk.es, user 34911234567, password §S§. Test call to the IVR OK.
""", "pw", "sip.carrier-trunk.es")
t(N, "note-en-mq-channel-auth-user", r"""
QMSWIFT now enforces CONNAUTH; app_swift must send user+password. Password I set for app_swift: §S§ (also in the mqccred.ini on the adapter host).
""", "pw", "QMSWIFT")
t(N, "note-en-ldap-bind-password-in-question", r"""
Q for Kasia: is the bind password for CN=svc_portal_ldap really §S§? The portal log says invalid credentials (data 52e).
""", "pw", "svc_portal_ldap")
t(N, "note-en-artifactory-token-expiry", r"""
Artifactory access token for svc-gradle expires 2024-12-01. Current token: §S§ - renew via the Access API, not the UI.
""", "jwt", "svc-gradle")
t(N, "note-en-tibco-obfuscated-is-reversible", r"""
TIBCO #! obfuscation isn't encryption: the EMS admin password in tibemsd.conf (§S§) can be decoded with the tibco tools. Move it to the tibemsd.json with a proper key.
""", "tibems", "tibemsd.json")
t(N, "note-en-cyberark-checked-out", r"""
Checked out svc_oracle_dwh from CyberArk for INC0082211: §S§ - check-in done at 04:10, CPM will rotate.
""", "strong", "INC0082211")
t(N, "note-en-vnc-password-hex", r"""
The RealVNC on the old MES HMI uses VncAuth; registry Password value is §S§ (DES with the fixed VNC key, i.e. reversible).
""", "vnchex", "MES HMI")
t(N, "note-en-dpapi-blob-not-portable", r"""
The vendor app stores the DB password as a DPAPI blob (§S§...) under HKLM; only decryptable on APPSRV07 as LocalSystem.
""", lambda: "01000000d08c9ddf0115d1118c7a00c04fc297eb01000000" + hx(40), "APPSRV07")
t(N, "note-en-kubeadmin-password-ocp", r"""
OCP4 install finished. kubeadmin password (from auth/kubeadmin-password): §S§ - remove kubeadmin once the LDAP IdP is configured.
""", lambda: "-".join(rs(5) for _ in range(4)), "kubeadmin")
t(N, "note-en-salesforce-security-token-appended", r"""
For the Informatica Salesforce connector the password field needs password+security token concatenated: §S§ (integration@globex.com).
""", lambda: pw() + rs(25), "integration@globex.com")
t(N, "note-en-shared-mailbox-password", r"""
Shared mailbox rechnungen@fabrikam.de still has a password because of the old scanner SMTP auth: §S§. Plan: move scanner to SMTP relay and block sign-in.
""", "pw", "rechnungen@fabrikam.de")
t(N, "note-en-git-remote-url-with-token", r"""
Why does the agent machine push as bot? -> remote url is https://jenkins-bot:§S§@bitbucket.corp.local/scm/pay/iso8583-switch.git (set by someone in 2022).
""", "an32", "jenkins-bot")
t(N, "note-en-postmortem-timeline-secret", r"""
Post-mortem timeline:
02:10 batch fails with ORA-01017
02:35 on-call finds the DWH_ETL password was changed to §S§ by the quarterly rotation but not in Jenkins
03:05 credential updated, rerun OK
""", "pw", "DWH_ETL")
t(N, "note-en-license-vs-password-confusion", r"""
Careful: the string in the installer readme (§S§) is NOT the license key, it is the password for the encrypted zip from the vendor portal.
""", "pw", "installer readme")
t(N, "note-en-payment-tmk-clear-lab", r"""
Lab POS terminal 40012345: TMK loaded in clear for testing = §S§. Never use this in PROD; PROD TMKs come via RKI.
""", "k32", "40012345")
t(N, "note-en-emv-imk-test-issuer", r"""
Test issuer profile for the EMV cert run: IMK-AC §S§ (MC test keys from the card scheme test kit, not production).
""", "k32", "EMV cert run")
t(N, "note-en-ebics-keystore-password", r"""
EBICS keystore for HVB (HostID HVBDEMM) is in D:\ebics\keys, password §S§. INI/HIA letters already sent to the bank.
""", "pw", "HVBDEMM")
t(N, "note-en-zowe-mainframe-profile", r"""
Created zowe profile lpar3 for the agent with TSOADM1 - password in profile is §S§, switch to secure credential manager plugin.
""", "pw", "TSOADM1")
t(N, "note-en-chat-hinglish-style-english", r"""
Rohit: bhai UAT pe login nahi ho raha, password kya hai?
Sneha: uat_ops / §S§ ... aur please isko kisi ko forward mat karna
""", "pw", "uat_ops")
t(N, "note-en-decision-log-secret-in-rationale", r"""
Decision log #14: We will not rotate the TIBCO EMS admin password (§S§) before the migration weekend, because 23 BW engines have it baked into their .tra files. Risk accepted by J. Becker.
""", "pw", "J. Becker")
t(N, "note-en-voice-call-summary", r"""
Call summary with the DHL EDI team: they will send ORDERS via SFTP from 12.11; our account edi / §S§ stays, their IP 203.0.113.9 to be whitelisted.
""", "pw", "203.0.113.9")
t(N, "note-en-vault-unseal-key", r"""
Vault unseal key share 3 of 5 (mine): §S§
""", lambda: b64(33), "3 of 5")
t(N, "note-en-nexus-initial-admin-password", r"""
Nexus 3 on nexus-new01 installed; initial admin password from /nexus-data/admin.password is §S§ - change during onboarding wizard.
""", "uuidsec", "nexus-new01")
t(N, "note-en-jenkins-initial-admin", r"""
Jenkins controller jenkins-ci2: unlock key §S§ (initialAdminPassword), set up admin user afterwards.
""", "hex32", "jenkins-ci2")
t(N, "note-en-pgp-private-key-passphrase", r"""
PGP key for the EBICS/ SEPA file signing (0x§HU16§) passphrase: §S§.
""", "pw", "SEPA file signing")
t(N, "note-en-storage-key-in-notes", r"""
Temporary: stclaimsdocs key1 = §S§ (needed for the AzCopy migration, rotate key1 after).
""", "azkey88", "stclaimsdocs")
t(N, "note-en-idrac-default-changed", r"""
Changed iDRAC default root password on esx-ams-01..08 to §S§ (same for all, yes, I know).
""", "pw", "esx-ams-01..08")
t(N, "note-en-snmpv3-auth-priv", r"""
SNMPv3 user nmsv3: auth SHA §S§, priv AES (separate value in KeePass). Configured on core and distribution.
""", "pw", "nmsv3")
t(N, "note-en-ansible-vault-password", r"""
ansible-vault password for the prod inventory is §S§. It is NOT in the repo; share via 1:1 only.
""", "strong", "prod inventory")
t(N, "note-en-followup-question-to-user", r"""
Question for you before I continue: should I keep using ci-deployer with §S§ for the Nexus upload, or do you want me to switch to the token-based user?
""", "pw", "ci-deployer")
t(N, "note-en-sharepoint-farm-account", r"""
SharePoint farm account CORP\sp_farm password is §S§ (Managed Account, auto change disabled).
""", "pw", "CORP\\sp_farm")
t(N, "note-en-tfs-collection-admin", r"""
TFS 2018 collection admin for the migration to ADO Services: CORP\tfsadmin / §S§, used by the data migration tool dry run.
""", "pw", "CORP\\tfsadmin")
t(N, "note-en-pagerduty-integration-key", r"""
PagerDuty Events v2 integration key for the SAP alerts service: §S§
""", "hex32", "SAP alerts service")
t(N, "note-en-grafana-admin-reset", r"""
grafana-cli admin reset-admin-password done on mon01. new admin pw: §S§
""", "pw", "mon01")
t(N, "note-en-partner-portal-login", r"""
Partner portal of the clearing house (https://portal.clearing-partner.es): user ops_bank_es, password §S§, OTP to the shared mobile.
""", "pw", "ops_bank_es")
t(N, "note-en-env-var-in-todo", r"""
TODO: remove ORACLE_PWD='§S§' from /etc/profile.d/oracle.sh on orabill01 (found while checking env).
""", "pw", "orabill01")

# --------------------------------------------------------- non-English notes
t(N, "note-de-uebergabe-passwort-sqlserver", r"""
Übergabe an Frau Schneider: Der SQL-Login für das Monatsabschluss-Reporting (sa_report) hat jetzt das Passwort §S§. Bitte erst nach dem Change am 15. ändern, sonst bricht der GL-Export ab.
""", "pw", "sa_report")
t(N, "note-de-teams-chat-kennwort", r"""
[08:51] Jürgen Becker: Kennwort vom svc_scanner_3og ist übrigens §S§, steht auch in der AD-Beschreibung (ja, ich weiß...)
[08:52] Lena Vogel: ok danke, trage ich im Kyocera ein
""", "pw", "svc_scanner_3og")
t(N, "note-de-notiz-zugangsdaten-elster", r"""
Notiz Lohnbuchhaltung: ELSTER-Zertifikat firma_gmbh.pfx liegt auf D:\elster\softpse, PIN lautet §S§. Nicht per Mail verschicken!
""", "pw", "firma_gmbh.pfx")
t(N, "note-de-denglish-deploy-password", r"""
Kurzer Status: Deployment auf tomcat-prd02 hat gefailed weil der manager-script User ein neues PW hat. Neues PW ist §S§, habe es im Jenkins Credential aktualisiert, rerun läuft.
""", "pw", "tomcat-prd02")
t(N, "note-de-naechste-schritte-zertifikat", r"""
Nächste Schritte:
- PFX für portal.versicherung.de importieren (Passwort: §S§)
- Bindung in IIS auf neues Zertifikat umstellen
- alte Zertifikate nach 2 Wochen löschen
""", "pw", "portal.versicherung.de")
t(N, "note-de-ticket-kommentar-vpn-psk", r"""
Kommentar zu CHG0051234: PSK für den Tunnel zur Partnerbank wurde telefonisch mit Herrn Wagner abgestimmt: §S§ – bitte nur im Tresor ablegen.
""", "strong", "CHG0051234")
t(N, "note-de-ldap-bind-hinweis", r"""
Hinweis: Der LDAP-Bind-User CN=svc_tomcat_ldap läuft mit Kennwort §S§, Ablauf ist deaktiviert (Ausnahme genehmigt bis 31.03.).
""", "pw", "svc_tomcat_ldap")
t(N, "note-fr-passation-mot-de-passe-oracle", r"""
Passation : le mot de passe du compte BILLING_APP sur BILLPRD a été changé ce matin, nouveau mot de passe §S§. Penser à mettre à jour le job Control-M avant 22h.
""", "pw", "BILLING_APP")
t(N, "note-fr-chat-identifiants-recette", r"""
[14:02] Camille Martin : pour la recette tu peux utiliser recette_ops / §S§ sur l'appli de gestion des sinistres
[14:03] Hugo Bernard : top merci, ça marche
""", "pw", "recette_ops")
t(N, "note-fr-decision-secret-client-piste", r"""
Décision : on garde le client PISTE actuel pour Chorus Pro jusqu'à fin janvier. Secret client (à ne pas diffuser) : §S§
""", "uuidsec", "Chorus Pro")
t(N, "note-fr-franglais-keystore", r"""
Le keystore du connecteur SWIFT (swiftnet-pki.p12) a le password §S§, j'ai check avec l'équipe sécurité, c'est bien la valeur de prod.
""", "pw", "swiftnet-pki.p12")
t(N, "note-fr-ticket-cle-api-partenaire", r"""
Mise à jour du ticket INC0077312 : la clé API du partenaire de paiement a été régénérée → §S§. L'ancienne est révoquée depuis 10h.
""", "hex32", "INC0077312")
t(N, "note-ja-hikitsugi-password", r"""
引き継ぎメモ：本番DB（ORAFIN）の system ユーザーのパスワードは §S§ です。月次バッチ前に変更しないでください。
""", "pw", "ORAFIN")
t(N, "note-ja-chat-keystore-pass", r"""
佐藤: UAT の keystore パスワードって何でしたっけ？
田中: §S§ です。本番とは別なので注意してください。
""", "pw", "UAT")
t(N, "note-ja-mixed-english-token", r"""
明日のリリース用に GitHub の PAT を発行しました（svc-release、期限 90日）：§S§ 。Jenkins の credential にも登録済みです。
""", "ghp", "svc-release")
t(N, "note-ja-vpn-shared-secret", r"""
大阪拠点との IPsec VPN の事前共有鍵は §S§ に更新済み。相手側（ネットワークチーム）にも電話で伝えました。
""", "strong", "IPsec VPN")
t(N, "note-ja-todo-rotate-sap", r"""
TODO: SAP の RFC ユーザー RFC_JAVA のパスワード（現在 §S§）を来週ローテーション。JCo の設定ファイルも忘れずに。
""", "sapass", "RFC_JAVA")
t(N, "note-pt-passagem-turno-senha", r"""
Passagem de turno: a senha do usuário integracao_sefaz foi trocada hoje, nova senha §S§. O job da NF-e das 23h já está com a senha nova.
""", "pw", "integracao_sefaz")
t(N, "note-pt-chat-certificado-a1", r"""
[16:20] Fernanda Lima: a senha do certificado A1 da filial Recife é §S§
[16:21] Rafael Souza: valeu, vou instalar no servidor da NF-e
""", "pw", "filial Recife")
t(N, "note-pt-pix-client-secret", r"""
Credenciais do PIX (produção) recebidas do banco: client_id pix-bank-§N6§, client_secret §S§. Certificado mTLS chega amanhã.
""", "oauthsec", "client_id")
t(N, "note-pt-decisao-banco-de-dados", r"""
Decisão: manter o usuário app_faturamento com senha §S§ até a migração para o Vault em março. Risco aceito pelo gestor.
""", "pw", "app_faturamento")
t(N, "note-pt-ticket-resposta-fornecedor", r"""
Resposta do fornecedor no chamado 88213: "O acesso ao portal é usuario suporte_ti e senha §S§, favor alterar no primeiro login."
""", "pw", "suporte_ti")
t(N, "note-pl-przekazanie-haslo", r"""
Przekazanie zmiany: hasło do konta svc_ksef na serwerze KSEF-APP01 to §S§. Token do KSeF jest osobno w sejfie.
""", "pw", "svc_ksef")
t(N, "note-pl-czat-dane-logowania", r"""
[11:05] Piotr Wiśniewski: dane do testowego środowiska: test_ksiegowosc / §S§
[11:06] Kasia Zielińska: dzięki, działa
""", "pw", "test_ksiegowosc")
t(N, "note-pl-decyzja-klucz-api", r"""
Decyzja: klucz API od przewoźnika (§S§) zostaje w konfiguracji do końca miesiąca, potem rotacja przez portal partnera.
""", "an40", "przewoźnika")
t(N, "note-pl-todo-zmiana-hasla-root", r"""
Do zrobienia: zmienić hasło root na esx-waw-03 (obecnie §S§) i wpisać do KeePassa.
""", "pw", "esx-waw-03")
t(N, "note-es-traspaso-contrasena", r"""
Traspaso de turno: la contraseña del usuario sftpuser para el servidor de compensación es §S§. Cambia el día 30, avisar a Tesorería.
""", "pw", "sftpuser")
t(N, "note-es-chat-credenciales-sii", r"""
[09:12] Lucía Fernández: la clave del certificado para el SII es §S§
[09:13] Javier Ruiz: gracias, lo subo al servidor de facturación
""", "pw", "SII")
t(N, "note-es-decision-token-bizum", r"""
Decisión: el token de la API de pagos (entorno producción) queda así hasta la migración: §S§. Responsable: equipo de Medios de Pago.
""", "an40", "Medios de Pago")
t(N, "note-es-ticket-comentario-radius", r"""
Comentario en INC0066120: nuevo secreto RADIUS para el WLC de Sevilla: §S§. Ya configurado en FreeRADIUS.
""", "radius", "INC0066120")
t(N, "note-es-spanglish-deploy", r"""
Ojo: el deploy a PRE falló porque el password del keystore cambió. El nuevo es §S§, ya lo puse en el pipeline como secret.
""", "pw", "PRE")
t(N, "note-ko-inkye-password", r"""
인계 메모: 운영 DB(ORAHR) 계정 HR_REPORT 비밀번호는 §S§ 입니다. 월말 배치 전에는 변경하지 마세요.
""", "pw", "HR_REPORT")
t(N, "note-ko-chat-npki-password", r"""
[10:31] 김민지: 공인인증서(signPri.key) 비밀번호가 §S§ 맞나요?
[10:32] 박지우: 네 맞아요. 홈택스 연동 서버에만 설치해 주세요.
""", "pw", "signPri.key")
t(N, "note-ko-kakao-api-key", r"""
카카오 알림톡 REST API 키 재발급 완료: §S§ (이전 키는 폐기됨)
""", "kakao", "REST API")
t(N, "note-ko-mixed-english-vpn", r"""
부산 지사 VPN pre-shared key를 §S§ 로 변경했습니다. 방화벽 FGT-BUS-01 에도 반영 완료.
""", "strong", "FGT-BUS-01")
t(N, "note-zh-jiaojie-mima", r"""
交接说明：生产环境数据库账号 pay_app 的密码已改为 §S§，请在周五发布前同步到配置中心。
""", "pw", "pay_app")
t(N, "note-zh-chat-wechatpay-key", r"""
[15:02] 王伟: 微信支付 APIv3 密钥是 §S§ 吗？
[15:03] 李娜: 对的，证书序列号我稍后发你。
""", "an32", "APIv3")
t(N, "note-zh-dingtalk-webhook-token", r"""
钉钉告警机器人 access_token 已更换：§S§ ，旧的已删除。
""", "ding", "access_token")
t(N, "note-zh-mixed-aliyun-secret", r"""
阿里云 RAM 用户 oss-backup 的 AccessKey Secret：§S§（AccessKey ID 见工单 #4471）
""", "an30", "oss-backup")
t(N, "note-tr-devir-sifre", r"""
Vardiya devri: e-Fatura entegrasyonu için GİB portal şifresi değişti, yeni şifre §S§. Gece 02:00 gönderim işi güncellendi.
""", "pw", "e-Fatura")
t(N, "note-tr-chat-radius-secret", r"""
[13:44] Mehmet Kaya: Ankara BRAS için RADIUS secret: §S§
[13:45] Ayşe Yılmaz: tamam, clients.conf'a ekledim
""", "radius", "Ankara BRAS")
t(N, "note-tr-karar-servis-hesabi", r"""
Karar: svc_bankasurans hesabının şifresi (§S§) göç tamamlanana kadar değiştirilmeyecek. Risk, BT güvenlik tarafından kabul edildi.
""", "pw", "svc_bankasurans")
t(N, "note-tr-todo-ldap-parola", r"""
Yapılacak: svc_ldapread parolası §S§ olarak güncellendi, Tomcat realm ve Jenkins LDAP ayarları da değişmeli.
""", "pw", "svc_ldapread")
t(N, "note-nl-overdracht-wachtwoord", r"""
Overdracht: het wachtwoord van de Digipoort PKIo-keystore is §S§. Het certificaat verloopt in maart, aanvraag loopt via Wouter.
""", "pw", "Digipoort")
t(N, "note-nl-chat-inloggegevens", r"""
[10:18] Sanne de Vries: inlog voor de testomgeving is test_facturatie / §S§
[10:19] Daan Jansen: top, werkt. Ik zet het in de testnotities.
""", "pw", "test_facturatie")
t(N, "note-nl-besluit-api-sleutel", r"""
Besluit: de API-sleutel van de loonstrokenleverancier (§S§) blijft tot de contractverlenging in gebruik. Risico geaccepteerd.
""", "an32", "loonstrokenleverancier")
t(N, "note-nl-todo-snmp-community", r"""
Nog doen: SNMP-community op de kernswitches Utrecht veranderen van public naar §S§ en PRTG bijwerken.
""", "snmp", "kernswitches Utrecht")
t(N, "note-sv-overlamning-losenord", r"""
Överlämning: lösenordet för BankID RP-certifikatet i produktion är §S§. Certifikatet förnyas i april, Elin äger ärendet.
""", "pw", "BankID RP")
t(N, "note-sv-chat-inloggning", r"""
[09:40] Oskar Lindqvist: inloggning till lönesystemet i test: test_lon / §S§
[09:41] Elin Karlsson: tack, det fungerar nu
""", "pw", "test_lon")
t(N, "note-sv-beslut-api-nyckel", r"""
Beslut: vi behåller fraktbolagets API-nyckel §S§ tills integrationen flyttas till Azure i Q2. Rotation därefter.
""", "an40", "fraktbolagets")
t(N, "note-hi-hinglish-sftp-password", r"""
Ravi: bhai GST portal ka SFTP password change hua hai kya? ₹ reconciliation file upload fail ho raha hai
Sneha: haan, naya password §S§ hai, user gst_upload
""", "pw", "gst_upload")
t(N, "note-hi-devanagari-mixed-token", r"""
नोट: GSP client secret बदल दिया गया है — नया secret §S§ है, पुराना कल से बंद।
""", "an32", "GSP client secret")
t(N, "note-de-passwort-im-ticket-base64", r"""
Achtung: der „Token“ im Lieferanten-Ticket (§S§) ist nur base64 von user:passwort für deren REST-API – also praktisch Klartext.
""", "basicup", "Lieferanten-Ticket")
t(N, "note-fr-cle-zmk-composante", r"""
Cérémonie de clés du 05/11 : composante ZMK n°1 saisie par J. Moreau = §S§ (KCV §HU6§). Les autres composantes restent sous enveloppe.
""", "zmkc", "J. Moreau")
t(N, "note-ja-cisco-type7", r"""
旧ルータの設定に「enable password 7 §S§」が残っています。type 7 は簡単に復号できるので平文と同じ扱いでローテーションしてください。
""", "c7", "enable password 7")
t(N, "note-pt-jenkins-credencial", r"""
O credential nexus-deploy no Jenkins antigo ({§S§}) só decifra com o master.key antigo, copiei os dois arquivos para o servidor novo.
""", "jenkins", "nexus-deploy")
t(N, "note-es-laps-equipo", r"""
Contraseña LAPS recuperada para MAD-SRV-APP04: §S§ (caduca mañana, la rotación es automática).
""", "strong", "MAD-SRV-APP04")
t(N, "note-ko-bitlocker-recovery", r"""
FIN-WS-0210 사용자 BitLocker 복구 키 안내함: §S§
""", "bitlk", "FIN-WS-0210")
t(N, "note-zh-ldap-bind", r"""
LDAP 绑定账号 CN=svc_minwon 的密码为 §S§，请勿写入代码仓库。
""", "pw", "CN=svc_minwon")
t(N, "note-pl-sap-rfc", r"""
Hasło użytkownika RFC_BWLOAD w SAP BW zostało zmienione na §S§ – trzeba poprawić konfigurację SSIS i poświadczenie w Jenkinsie.
""", "sapass", "RFC_BWLOAD")
t(N, "note-tr-dpapi-ve-laps", r"""
MAD yerine IST-SRV-FS02 için LAPS parolası: §S§ (yarın otomatik değişecek).
""", "strong", "IST-SRV-FS02")
t(N, "note-nl-jenkins-token", r"""
Jenkins API-token voor svc-trigger opnieuw aangemaakt: §S§ (oude token ingetrokken).
""", "jkapi", "svc-trigger")
t(N, "note-sv-vault-token", r"""
Vault-token för migreringsskriptet (TTL 24h): §S§ – återkalla när körningen är klar.
""", "hvs", "migreringsskriptet")
t(N, "note-de-hsm-partition", r"""
Luna-Partition PAY-PART-01: Partitionspasswort (Crypto Officer) ist §S§. Zweites Team-Mitglied kennt nur die Hälfte des Challenge-Werts.
""", "strong", "PAY-PART-01")
t(N, "note-fr-okta-jeton", r"""
Jeton API Okta pour le script de provisioning (créé aujourd'hui) : §S§ — l'ancien a été révoqué.
""", "okta", "provisioning")
t(N, "note-ja-aws-keys", r"""
ベンダーからメールで IAM アクセスキーが届きました：AKIA§KID§ / §S§ 。ロールに切り替えるよう依頼済み。
""", "awssk", "IAM")
t(N, "note-pt-ado-pat", r"""
PAT do Azure DevOps para o agente on-prem (escopo Agent Pools): §S§ – expira em 30 dias.
""", "adopat", "Agent Pools")
t(N, "note-es-mq-password", r"""
El canal SWIFT.SVRCONN ahora exige usuario y contraseña: app_swift / §S§ (también en mqccred.ini).
""", "pw", "SWIFT.SVRCONN")
t(N, "note-ko-jenkins-secret", r"""
Jenkins 에이전트 win-build-04 JNLP secret: §S§ (컨트롤러에서 재발급함)
""", "hex64", "win-build-04")
t(N, "note-zh-github-token", r"""
发布机器人账号的 GitHub token 已更新为 §S§，旧 token 已撤销。
""", "ghp", "GitHub token")
t(N, "note-pl-teams-vcenter", r"""
[14:20] Tomasz Lewandowski: hasło do vCenter (administrator@vsphere.local) na czas migracji: §S§
[14:21] Anna Nowak: proszę nie wklejać haseł na kanale...
""", "pw", "administrator@vsphere.local")
t(N, "note-de-mixed-git-remote-token", r"""
Grund für die Pushes als Bot-User: Remote-URL enthält einen Token (https://ci-bot:§S§@git.stadtwerke.local/netz/scada-export.git). Muss raus.
""", "glpat", "ci-bot")


# ------------------------------------------- wrapped, unlabelled, base64-obfuscated
t(O, "powershell-format-list-wrapped-token", r"""
PS C:\> $resp | Format-List

token_type   : Bearer
expires_in   : 3599
access_token : §S§
               §R§
""", wrap("jwt", 140), "token_type")
t(O, "az-cli-table-storage-key-wrapped", r"""
Name       Value
---------  ------------------------------------------------
key1       §S§
           §R§
key2       (rotated)
""", wrap("azkey88", 48), "key2")
t(L, "log-line-wrapped-sas-signature", r"""
§LT§ WARN  [BlobUploader] upload failed, url=https://stedihub.blob.core.windows.net/in/ORDERS.edi?sv=2022-11-02&sr=b&sp=cw&se=2024-11-06T00%3A00Z&sig=§S§
    §R§ (HTTP 403 AuthenticationFailed)
""", wrap(lambda: b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"), 20), "BlobUploader")
t(N, "note-en-chat-token-split-by-client", r"""
[11:20] Lukas Weber: here's the new PAT for the build agent, teams broke it into two lines sorry:
§S§
§R§
[11:21] Yuki Tanaka: got it, thanks
""", wrap("ghpat", 45), "Yuki Tanaka")
t(N, "note-de-email-umbruch-token", r"""
Hallo Herr Nowak, anbei der API-Schlüssel für die Schnittstelle (bitte beide Zeilen ohne
Leerzeichen zusammenfügen): §S§
§R§
Viele Grüße, IT-Service
""", wrap("an64", 32), "IT-Service")
t(C, "powershell-backtick-continued-pat", r"""
$env:AZURE_DEVOPS_EXT_PAT = "§S§" + `
    "§R§"
az artifacts universal download --organization https://dev.azure.com/contoso --feed tools --name dbtools --version 1.4.0 --path .
""", wrap("adopat", 26), "dbtools")
t(F, "properties-backslash-continued-secret", r"""
saml.sp.signing.key.password=§S§\
    §R§
saml.sp.entity-id=https://portal.bank.local/saml/metadata
""", wrap(lambda: strong(28), 14), "saml.sp.entity-id")
t(S, "java-string-concat-split-key", r"""
    // split so the scanner does not find it (!)
    private static final String API_KEY = "§S§"
            + "§R§";
""", wrap("an48", 24), "API_KEY")
t(L, "syslog-continuation-jwt-wrapped", r"""
Nov  5 03:14:22 apigw01 gw[4412]: rejected token for client erp-connector: §S§
Nov  5 03:14:22 apigw01 gw[4412]: (cont) §R§ reason=audience mismatch
""", wrap("jwt", 150), "erp-connector")
t(O, "openssl-base64-wrapped-76-output", r"""
$ cat client_secret.txt | openssl base64
§S§
§R§
""", wrap(lambda: b64(80), 64), "client_secret.txt")
t(N, "note-en-unlabelled-host-user-secret-triplet", r"""
scan-to-folder fix on the 3rd floor printers:
KYO-3F-01  svc_scanner_3og  §S§
KYO-3F-02  svc_scanner_3og  (same)
""", "pw", "KYO-3F-01")
t(O, "ldif-export-unlabelled-comment-password", r"""
dn: CN=svc_kofax,OU=Service,OU=Tier1,DC=ins,DC=local
sAMAccountName: svc_kofax
info: §S§
whenChanged: 20241105031422.0Z
""", "pw", "svc_kofax")
t(L, "application-log-user-and-password-positional", r"""
§LT§ DEBUG [LegacyAuth] login attempt kasse07 §S§ terminal=KASSE-07 result=OK
""", "pw", "KASSE-07")
t(N, "note-en-whiteboard-photo-transcription", r"""
Transcribed from the whiteboard photo in the war room (for the record):
  "QMSWIFT  app_swift  §S§  - until Monday"
""", "pw", "war room")
t(VT, "vendor-key-in-csv-export-no-header", r"""
§N6§,fx-partner-tr,§S§,2024-11-05,active
""", "hex32", "fx-partner-tr")
t(S, "powershell-frombase64-obfuscated-password", r"""
# obfuscated so helpdesk can't read it
$p = [Text.Encoding]::UTF8.GetString([Convert]::FromBase64String('§S§'))
net user kioskadmin $p
""", b64pw(), "kioskadmin")
t(F, "properties-password-base64-encoded-key", r"""
ftp.host=ftp.clearing.bank.local
ftp.user=BATCHFTP
ftp.password.b64=§S§
""", b64pw(), "BATCHFTP")
t(S, "python-b64decode-hardcoded-password", r"""
PASSWORD = base64.b64decode("§S§").decode()  # not really hidden, I know
conn = cx_Oracle.connect("LIMS_RO", PASSWORD, "oralims:1521/LIMS")
""", b64pw(), "LIMS_RO")
t(D, "ansible-b64decode-filter-literal", r"""
- name: Configure MQ client
  ansible.builtin.template:
    src: mqccred.ini.j2
    dest: /var/mqm/mqccred.ini
  vars:
    mq_password: "{{ '§S§' | b64decode }}"
""", b64pw(), "mqccred.ini.j2")
t(O, "jwt-decoded-payload-with-embedded-password", r"""
$ echo "$TOKEN" | cut -d. -f2 | base64 -d
{"sub":"svc_reporting","legacy_pw":"§S§","iat":1730772862}
""", "pw", "svc_reporting")

# ==================================================================== BENIGN
b(r"""
$ git log --oneline -5
§H7§ (HEAD -> release/4.2) bump teller-client to 4.2.0
§H7_2§ fix NPE in PinBlockFormatter when PAN < 13 digits
§H7_3§ Merge pull request #412 from feature/iso8583-field-55
§H7_4§ add EMV tag 9F6E to auth request
""")
b(r"""
PS C:\src\ledger> git rev-parse HEAD
§SHA§
""")
b(r"""
Fixed in commit §SHA§ on main (cherry-picked to release/2024.11 as §SHA_2§).
""")
b(r"""
x-ms-correlation-request-id: §G§
x-ms-request-id: §G_2§
x-ms-routing-request-id: WESTEUROPE:§TS§Z:§G_3§
""")
b(r"""
AADSTS50126: Error validating credentials due to invalid username or password.
Trace ID: §G§
Correlation ID: §G_2§
Timestamp: §TS§Z
""")
b(r"""
AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '§G§'.
Trace ID: §G_2§ Correlation ID: §G_3§
""")
b(r"""
Tenant ID       : §G§
Subscription ID : §G_2§
Application (client) ID : §G_3§
Object ID       : §G_4§
""")
b(r"""
PS C:\> Get-ADUser svc_glexport | Select Name, SID, ObjectGUID

Name         SID                                              ObjectGUID
----         ---                                              ----------
svc_glexport §SID§ §G§
""")
b(r"""
C:\>whoami /user

USER INFORMATION
----------------

User Name          SID
================== ==============================================
corp\t1_admin      §SID§
""")
b(r"""
D:\Shares\Finance CORP\GRP-Finance-RW:(OI)(CI)(M)
                  §SID§:(OI)(CI)(F)
                  BUILTIN\Administrators:(OI)(CI)(F)
Successfully processed 1 files; Failed processing 0 files
""")
b(r"""
PS C:\> Get-ChildItem Cert:\LocalMachine\My

   PSParentPath: Microsoft.PowerShell.Security\Certificate::LocalMachine\My

Thumbprint                                Subject
----------                                -------
§TP§  CN=portal.versicherung.de, O=Allgemeine Versicherung AG, C=DE
§TP_2§  CN=WEB-INT-03.corp.local
""")
b(r"""
SSL Certificate bindings:
-------------------------
    IP:port                      : 0.0.0.0:443
    Certificate Hash             : §H40§
    Application ID               : {§G§}
    Certificate Store Name       : My
""")
b(r"""
================ Certificate 0 ================
Serial Number: §SER20§
Issuer: CN=Corp Issuing CA 02, DC=corp, DC=local
 NotBefore: 11/5/2024 3:14 AM
 NotAfter: 11/5/2026 3:14 AM
Subject: CN=adfs.corp.local
Cert Hash(sha1): §H40§
""")
b(r"""
Alias name: corp-root-g2
Creation date: Nov 5, 2024
Entry type: trustedCertEntry
Certificate fingerprints:
	 SHA1: §FP20§
	 SHA256: §FP32§
""")
b(r"""
$ openssl x509 -in swift-gw.crt -noout -serial -fingerprint -sha256
serial=§HU32§
sha256 Fingerprint=§FP32§
""")
b(r"""
ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI§A43§ deploy@jump01
""")
b(r"""
# authorized_keys for batchops on aixprd03
ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ§A120§ jenkins@ci01.corp.local
""")
b(r"""
$ ssh-keygen -lf ~/.ssh/id_ed25519_deploy.pub
256 SHA256:§A43§ deploy@jump01 (ED25519)
""")
b(r"""
The authenticity of host 'sftp.partner-logistik.de (203.0.113.44)' can't be established.
ECDSA key fingerprint is SHA256:§A43§.
Are you sure you want to continue connecting (yes/no/[fingerprint])?
""")
b(r"""
-----BEGIN CERTIFICATE-----
MIIF§A60§
§A64§
§A64_2§
-----END CERTIFICATE-----
(public signing certificate of the IdP, from https://adfs.corp.local/FederationMetadata/2007-06/FederationMetadata.xml)
""")
b(r"""
-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA§A40§
§A64§
-----END PUBLIC KEY-----
""")
b(r"""
{"keys":[{"kty":"RSA","use":"sig","kid":"§A27§","x5t":"§A27_2§","n":"§A86§","e":"AQAB"}]}
""")
b(r"""
$ sha256sum cbs-batch-1.14.2.tar.gz
§SHB§  cbs-batch-1.14.2.tar.gz
""")
b(r"""
Algorithm       Hash                                                                   Path
---------       ----                                                                   ----
SHA256          §SHB§       D:\drop\Claims.Api.4.2.0.nupkg
""")
b(r"""
Digest: sha256:§SHB§
Status: Downloaded newer image for harbor.mfg.local/payments/pix-gateway:2.3.1
""")
b(r"""
"node_modules/iso-8583": {
  "version": "2.1.4",
  "resolved": "https://nexus.retail.local/repository/npm-group/iso-8583/-/iso-8583-2.1.4.tgz",
  "integrity": "sha512-§B64§"
}
""")
b(r"""
"Newtonsoft.Json": { "type": "Direct", "requested": "[13.0.3, )", "resolved": "13.0.3", "contentHash": "§B64§" }
""")
b(r"""
github.com/go-ldap/ldap/v3 v3.4.8 h1:§B32§
github.com/go-ldap/ldap/v3 v3.4.8/go.mod h1:§B32_2§
""")
b(r"""
cryptography==43.0.1 \
    --hash=sha256:§SHB§ \
    --hash=sha256:§SHB_2§
""")
b(r"""
Cached Tickets: (2)

#0>	Client: t1_admin @ CORP.LOCAL
	Server: krbtgt/CORP.LOCAL @ CORP.LOCAL
	KerbTicket Encryption Type: AES-256-CTS-HMAC-SHA1-96
	Ticket Flags 0x40e10000 -> forwardable renewable initial pre_authent name_canonicalize
	Start Time: 11/5/2024 3:14:22 (local)
	Session Key Type: AES-256-CTS-HMAC-SHA1-96
""")
b(r"""
<ds:Reference URI="#_§H32§"><ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/></ds:Transforms><ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><ds:DigestValue>§B32§</ds:DigestValue></ds:Reference>
""")
b(r"""
<samlp:Response ID="_§H32§" InResponseTo="_§H32_2§" Version="2.0" IssueInstant="§TS§Z" Destination="https://sp.hospital.local/Shibboleth.sso/SAML2/POST">
""")
b(r"""
traceparent: 00-§H32§-§H16§-01
tracestate: rojo=§H16_2§
""")
b(r"""
x-amzn-RequestId: §G§
x-amz-id-2: §B48§
x-amz-cf-id: §A56§==
""")
b(r"""
arn:aws:iam::§N12§:role/edi-transfer
arn:aws:kms:eu-central-1:§N12§:key/§G§
""")
b(r"""
/subscriptions/§G§/resourceGroups/rg-payments-prd/providers/Microsoft.KeyVault/vaults/kv-pay-weu-prd
""")
b(r"""
NAME                          READY   STATUS    RESTARTS   AGE   UID
claims-api-7c9d5f6b8-§L5§     1/1     Running   0          3d    §G§
""")
b(r"""
CONTAINER ID   IMAGE                         COMMAND                  CREATED       STATUS
§H12§   mcr.microsoft.com/mssql/server:2022-latest   "/opt/mssql/bin/perm…"   2 days ago    Up 2 days
""")
b(r"""
$ docker inspect --format '{{.Id}}' mssql
§SHB§
""")
b(r"""
query_hash         query_plan_hash      plan_handle
0x§HU16§ 0x§HU16_2§ 0x06000500§HU40§0000000000000000000000000000000000000000
""")
b(r"""
SQL_ID        CHILD_NUMBER PLAN_HASH_VALUE ROWID
------------- ------------ --------------- ------------------
§L13§            0      §N10§ AAAR3s§A12§
""")
b(r"""
MsgId    : X'414D5120514D5357494654202020202020§HU30§'
CorrelId : X'000000000000000000000000000000000000000000000000'
PutDate  : '20241105'  PutTime : '03142201'
""")
b(r"""
{1:F01NORDDEFFAXXX§N10§}{2:I103BANKESMMXXXXN}{3:{108:§A16§}{121:§G§}}{4:
:20:REF§N10§
:23B:CRED
:32A:241105EUR12500,00
:50K:/§IBANDE§
""")
b(r"""
UETR: §G§  status ACCC  (gpi tracker, end-to-end ref E2E-§N12§)
""")
b(r"""
ISO8583 0200 STAN=§N6§ RRN=§N12§ F2=476173******0119 F4=000000012500 F41=40012345 F52=**************** F64=§HU16§
""")
b(r"""
EMV TLV: 9F02 06 000000012500 9F1A 02 0792 95 05 0000008000 9A 03 241105 9C 01 00 9F37 04 §HU8§ 9F26 08 §HU16§ 9F36 02 00§HU2§ 9F10 12 0110A000002200000000000000000000FF
""")
b(r"""
Key check values after FK: ZMK KCV §HU6§, ZPK KCV §HU6_2§ (KCVs are safe to share with the partner for verification).
""")
b(r"""
Key alias: zpk-acq-visa-2024   slot: 3   label: ZPK_VISA_ACQ   KCV: §HU6§
""")
b(r"""
Test card for UAT (scheme test range, not a real card): §CARDV§, exp 12/30, CVC 123
""")
b(r"""
Mastercard test PAN from the acquirer's certification pack: §CARDM§ (TEST ONLY)
""")
b(r"""
SEPA sandbox test IBAN (generated for unit tests, not a real account): §IBANDE§
""")
b(r"""
Beneficiary IBAN in the test fixture: §IBANFR§ (fictitious, checksum-valid)
""")
b(r"""
Konto testowe (dane fikcyjne): §IBANPL§
""")
b(r"""
Cuenta de pruebas del banco sandbox: §IBANES§
""")
b(r"""
Ethernet adapter Ethernet0:
   Physical Address. . . . . . . . . : §MAC§
   DHCP Enabled. . . . . . . . . . . : No
   IPv4 Address. . . . . . . . . . . : §IP§(Preferred)
""")
b(r"""
lease §IP§ {
  starts 2 2024/11/05 02:14:22;
  hardware ethernet §MAC§;
  client-hostname "FIN-WS-0142";
}
""")
b(r"""
00000000: 1603 0102 0001 0001 fc03 03§H2§ §H4§ §H4_2§  ................
00000010: §H4_3§ §H4_4§ §H4_5§ §H4_6§ §H4_7§ §H4_8§ §H4_9§ §H4_10§  ................
""")
b(r"""
BitLocker recovery: Key ID {§GU§} - the recovery key itself is stored in AD (msFVE-RecoveryInformation) and was NOT copied here.
""")
b(r"""
KeyProtectorId   : {§GU§}
KeyProtectorType : Tpm
""")
b(r"""
password=${DB_PASSWORD}
""")
b(r"""
spring.datasource.password=${SPRING_DATASOURCE_PASSWORD}
spring.datasource.username=${SPRING_DATASOURCE_USERNAME:claims_api}
""")
b(r"""
sqlcmd -S %SQLSERVER% -U %SQLUSER% -P %SQLPASS% -i load_stage.sql
""")
b(r"""
SqlPassword: $(SqlPassword)
""")
b(r"""
"ConnectionString": "Server=#{Sql.Server};Database=Ledger;User Id=#{Sql.User};Password=#{Sql.Password}"
""")
b(r"""
    ansible_password: "{{ vault_winrm_password }}"
    ansible_user: "CORP\\svc_ansible"
""")
b(r"""
$cred = Get-Secret -Name 'SAP-RFC-PR1' -Vault CorpStore
Invoke-Sqlcmd -ServerInstance $srv -Credential $cred -Query $q
""")
b(r"""
        env:
          NEXUS_PASSWORD: ${{ secrets.NEXUS_PASSWORD }}
          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}
""")
b(r"""
withCredentials([usernamePassword(credentialsId: 'nexus-deploy', usernameVariable: 'NX_USER', passwordVariable: 'NX_PASS')]) {
    sh 'mvn -s settings.xml deploy'
}
""")
b(r"""
"adminPassword": { "value": "[parameters('adminPassword')]" }
""")
b(r"""
Okta__ClientSecret = @Microsoft.KeyVault(SecretUri=https://kv-hr-weu-prd.vault.azure.net/secrets/okta-client-secret/)
""")
b(r"""
"id": "https://kv-hr-weu-prd.vault.azure.net/secrets/sql-hrapp-password/§H32§"
""")
b(r"""
<password>${VAULT::ds_PatientDS::password::1}</password>
""")
b(r"""
<credential-reference store="cs" alias="dbpassword"/>
""")
b(r"""
profile::mssql::sa_password: >
    ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEhMIIBHQIBADAFMAACAQEw§A120§]
""")
b(r"""
$ANSIBLE_VAULT;1.1;AES256
§H64§
§H64_2§
§H64_3§
""")
b(r"""
Password: ********
""")
b(r"""
password = ****************
""")
b(r"""
[Pipeline] sh
+ docker login -u ci -p **** harbor.mfg.local
Login Succeeded
""")
b(r"""
2024-11-05T10:22:14.0013371Z ##[command]"C:\hostedtoolcache\windows\jfrog\2.56.0\x64\jf.exe" rt ping --access-token=***
""")
b(r"""
Looking in indexes: https://pypi-proxy:****@nexus.lab.local/repository/pypi-all/simple
""")
b(r"""
; userconfig C:\Users\build\.npmrc
//nexus.retail.local/repository/npm-private/:_authToken = (protected)
registry = "https://nexus.retail.local/repository/npm-group/"
""")
b(r"""
  * Name       : trunk-telco
  Secret       : <Set>
  MD5Secret    : <Not set>
  Remote Secret: <Not set>
""")
b(r"""
"spring.datasource.password": { "value": "******", "origin": "class path resource [application-prod.yml] - 4:15" }
""")
b(r"""
  administrator_login_password = (sensitive value)
""")
b(r"""
Name:         policy-admin-db
Namespace:    insurance-core
Type:  Opaque
Data
====
DB_PASSWORD:  16 bytes
DB_USER:      10 bytes
""")
b(r"""
--*CREATE LOGIN-------------------------------------------------------------------------------------------------------------
""")
b(r"""
"client_secret": "[REDACTED]",
"client_id": "§G§"
""")
b(r"""
Password policy (CORP domain): minimum length 14, complexity enabled, history 24, max age 90 days, lockout after 5 attempts for 30 minutes.
""")
b(r"""
The password does not meet the password policy requirements. Check the minimum password length, password complexity and password history requirements.
""")
b(r"""
Das Kennwort entspricht nicht den Anforderungen der Kennwortrichtlinie. Überprüfen Sie die minimale Kennwortlänge, die Komplexität und den Kennwortverlauf.
""")
b(r"""
Le mot de passe doit contenir au moins 12 caractères, dont une majuscule, un chiffre et un caractère spécial.
""")
b(r"""
パスワードは12文字以上で、英大文字・英小文字・数字・記号のうち3種類以上を含めてください。
""")
b(r"""
A senha deve ter no mínimo 10 caracteres e não pode repetir as últimas 5 senhas.
""")
b(r"""
La contraseña ha caducado. Debe cambiarla antes de iniciar sesión.
""")
b(r"""
Hasło musi mieć co najmniej 12 znaków i zawierać cyfrę oraz znak specjalny.
""")
b(r"""
비밀번호는 8~16자의 영문 대/소문자, 숫자, 특수문자를 조합하여 입력하세요.
""")
b(r"""
密码长度至少为12位，必须包含大小写字母、数字和特殊字符，且90天内必须修改。
""")
b(r"""
Şifreniz en az 8 karakter olmalı ve son 3 şifrenizden farklı olmalıdır.
""")
b(r"""
Het wachtwoord moet minimaal 12 tekens bevatten en mag niet gelijk zijn aan de gebruikersnaam.
""")
b(r"""
Lösenordet måste innehålla minst 12 tecken och får inte ha använts tidigare.
""")
b(r"""
ORA-01017: invalid username/password; logon denied
""")
b(r"""
ORA-28001: the password has expired
ORA-28002: the password will expire within 7 days
""")
b(r"""
Login failed for user 'app_kiosk'. Reason: Password did not match that for the login provided. [CLIENT: §IP§]
""")
b(r"""
SQL30082N  Security processing failed with reason "24" ("USERNAME AND/OR PASSWORD INVALID").  SQLSTATE=08001
""")
b(r"""
javax.naming.AuthenticationException: [LDAP: error code 49 - 80090308: LdapErr: DSID-0C09044E, comment: AcceptSecurityContext error, data 52e, v4563]
""")
b(r"""
AMQ5534E: User ID 'app_swift' authentication failed
AMQ5542I: The failed authentication check was caused by the queue manager CONNAUTH CHCKCLNT(REQDADM) configuration.
""")
b(r"""
System error 1326 has occurred.

The user name or password is incorrect.
""")
b(r"""
Anmeldung fehlgeschlagen: unbekannter Benutzername oder falsches Kennwort.
""")
b(r"""
ログオン失敗: ユーザー名を認識できないか、またはパスワードが間違っています。
""")
b(r"""
Event 4740: A user account was locked out. Account Name: svc_glexport  Caller Computer Name: APPSRV07
""")
b(r"""
passwd: all authentication tokens updated successfully.
""")
b(r"""
Vault path: secret/data/banking/swift/alliance (keys: lau_left, lau_right, operator)
""")
b(r"""
Credential Manager target: git:https://dev.azure.com/contoso (type Generic, persisted LocalMachine) - value not shown
""")
b(r"""
CyberArk safe FIN-DB-PROD, object Oracle-svc_oracle_dwh-orafin01, platform OracleDB-90d
""")
b(r"""
arn:aws:secretsmanager:eu-central-1:§N12§:secret:prod/sap/rfc-§A6§
""")
b(r"""
keystore alias: tomcat-prd   keystore: /opt/tomcat/conf/portal.jks   type: PKCS12
""")
b(r"""
Set the environment variables ORACLE_PWD and SAP_RFC_PASSWD from the Key Vault before running the job.
""")
b(r"""
FAKE_PAT = "fake-pat-for-unit-tests-only"   # fixture, not a real token
""")
b(r"""
    def test_login_rejects_wrong_password(self):
        self.assertFalse(login("uat_tester", "definitely-wrong-password"))
""")
b(r"""
// dummy credentials for the local mock server (docker-compose.mock.yml)
const MOCK_USER = 'mock';
const MOCK_PASS = 'mock';
""")
b(r"""
password: <your-password-here>
""")
b(r"""
DB_PASSWORD=changeme   # placeholder, overwritten by the deploy pipeline
""")
b(r"""
apiVersion: v1
kind: Secret
data:
  DB_HOST: §BT§
""")
b(r"""
echo "§BT§" | base64 -d   # -> just the motd banner text
""")
b(r"""
JWT header only: eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9 -> {"alg":"RS256","typ":"JWT"}
""")
b(r"""
STRIPE_PUBLISHABLE_KEY=pk_live_51§A40§   # publishable key, meant for the browser
""")
b(r"""
mapboxgl.accessToken = 'pk.eyJ1Ijoi§A40§In0.§A22§'; // public token, URL-restricted
""")
b(r"""
<div class="g-recaptcha" data-sitekey="6L§A38§"></div>
""")
b(r"""
okta.oauth2.client-id=0oa§A17§
okta.oauth2.issuer=https://fabrikam.okta.com/oauth2/default
""")
b(r"""
KMS client setup key (public GVLK for Windows Server 2022 Datacenter, published for volume activation): §AU5§-§AU5_2§-§AU5_3§-§AU5_4§-§AU5_5§
""")
b(r"""
Product ID: 00§N3§-§N5§-§N5_2§-AA§N3_2§
""")
b(r"""
"sys_id": "§H32§", "number": "INC00§N5§", "state": "2"
""")
b(r"""
Account Id: 001§A15§   Opportunity: 006§A15_2§
""")
b(r"""
Transport request PR1K9§N5§ released; SAP Note §N7§ implemented in PR1.
""")
b(r"""
Azure DevOps build §N6§ (artifact id §N7§), pipeline run https://dev.azure.com/contoso/Core%20Banking/_build/results?buildId=§N6§
""")
b(r"""
ETag: "0x8DC§HU12§"
Last-Modified: Tue, 05 Nov 2024 02:14:22 GMT
""")
b(r"""
$ setspn -L svc_sso_http
Registered ServicePrincipalNames for CN=svc_sso_http,OU=Service,DC=intra,DC=bank,DC=local:
        HTTP/sso.intra.bank.local
        HTTP/sso
""")
b(r"""
corp.local. 3600 IN DS §N5§ 8 2 §HU64§
""")
b(r"""
selector1._domainkey.fabrikam.de. 3600 IN TXT "v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA§A80§"
""")
b(r"""
pub   rsa4096 2023-02-14 [SC] [expires: 2026-02-13]
      §HU40§
uid           [ultimate] SEPA File Signing <sepa-signing@bank.local>
""")
b(r"""
version https://git-lfs.github.com/spec/v1
oid sha256:§SHB§
size §N7§
""")
b(r"""
  "lineage": "§G§",
  "serial": §N3§,
  "terraform_version": "1.9.8"
""")
b(r"""
Image: C:\Windows\System32\cmd.exe
Hashes: SHA1=§HU40§,MD5=§HU32§,SHA256=§HU64§,IMPHASH=§HU32_2§
""")
b(r"""
ID                          NAME                  DRIVER    CREATED        UPDATED
§L25§   mssql_sa_password                       3 weeks ago    3 weeks ago
""")
b(r"""
type=response time=§TSZ§ auth.client_token=hmac-sha256:§H64§ auth.accessor=hmac-sha256:§H64_2§ request.path=secret/data/payments/hsm
""")
b(r"""
lease_id: database/creds/readonly/§A24§ (revoked)
""")
b(r"""
X509v3 Subject Key Identifier:
    §FP20§
""")
b(r"""
Serial Number:
    33:00:00:§H2§:§H2_2§:§H2_3§:§H2_4§:§H2_5§:§H2_6§:§H2_7§:00:00:00:00:00:§H2_8§
""")
b(r"""
<Assertion ID="_§H32§" IssueInstant="§TS§Z" Version="2.0"><Issuer>http://adfs.corp.local/adfs/services/trust</Issuer>
""")
b(r"""
GET /authorize?response_type=code&client_id=§G§&state=§A22§&nonce=§A22_2§&redirect_uri=https%3A%2F%2Fportal.local%2Fsignin-oidc
""")
b(r"""
IMSI 28601§N10§, IMEI 35§N13§, ICCID 8990§N15§ attached to APN iot.ankatel.com.tr
""")
b(r"""
Call-ID: §H32§@10.9.1.1
CSeq: 102 REGISTER
Via: SIP/2.0/TLS 10.9.1.1:5061;branch=z9hG4bK§H16§
""")
b(r"""
Session-Id: pcef01.epc.mnc005.mcc286.3gppnetwork.org;§N10§;§N8§
Origin-Host: pcef01.epc.mnc005.mcc286.3gppnetwork.org
""")
b(r"""
(12) Received Access-Accept Id 214 from 10.9.0.12:1812 to 10.9.1.1:41920 length 62
(12)   Acct-Session-Id = "§HU16§"
(12)   Message-Authenticator = 0x§H32§
""")
b(r"""
Code:  Access-Request  Identifier: 214  Authenticator: §H32§
""")
b(r"""
§LT§ INFO  [http-nio-8443-exec-4] c.b.t.TellerController - request id=§G§ session=§A8§**** user=kasse07 status=200
""")
b(r"""
Request ID: §G§ - The operation completed successfully. Reference: REF-§HU10§
""")
b(r"""
INC00§N5§ / CHG00§N5_2§ / PRB00§N5_3§ linked; RITM00§N5_4§ closed.
""")
b(r"""
Jira: PAY-§N4§, FIN-§N4_2§, SAPBASIS-§N3§
""")
b(r"""
Kafka consumer group pix-recon: partition 3 offset §N8§ lag 0 (topic pix.settlement)
""")
b(r"""
Checksum of the vendor ISO (published on the download page): SHA-256 §SHB§
""")
b(r"""
"Id": "Packages-§N3§", "PackageId": "Claims.Api", "Version": "4.2.0", "Hash": "§H40§"
""")
b(r"""
Update KB§N7§ (UpdateID §G§) installed on §N2§ servers.
""")
b(r"""
SCCM package PR1§HU5§, deployment id PR1§N5§, collection SMS§N5_2§
""")
b(r"""
HKEY_CLASSES_ROOT\CLSID\{§GU§}\InprocServer32
    (Default)    REG_SZ    C:\Program Files\Vendor\LabInfo\labshell.dll
""")
b(r"""
ProductCode={§GU§} UpgradeCode={§GU_2§} Version=5.2.0.§N4§
""")
b(r"""
Windows Registry Editor Version 5.00

[HKEY_LOCAL_MACHINE\SOFTWARE\Vendor\HisConnector\Db]
"Server"="sqlhis01"
"Database"="HIS"
"UseIntegratedSecurity"=dword:00000001
""")
b(r"""
ms-Mcs-AdmPwdExpirationTime : §N18§
msLAPS-PasswordExpirationTime : §N18_2§
""")
b(r"""
Password last set       §D§ 09:12:44
Password expires        Never
Password changeable     §D_2§ 09:12:44
""")
b(r"""
PasswordLastSet      : 11/5/2024 3:14:22 AM
PasswordNeverExpires : True
PasswordNotRequired  : False
""")
b(r"""
crypto pki trustpoint TP-CORP-CA
 enrollment url http://10.1.5.20:80
 fingerprint §HU32§
 revocation-check crl
""")
b(r"""
snmp-server community <removed> RO 99
""")
b(r"""
set system root-authentication encrypted-password /* SECRET-DATA */
""")
b(r"""
config system global
    set hostname "FGT-BCN-01"
    set admintimeout 15
    set timezone 28
end
""")
b(r"""
RTR-FRA-CORE01#show crypto key mypubkey rsa
% Key pair was generated at: 03:14:22 UTC Nov 5 2024
Key name: RTR-FRA-CORE01.corp.local
 Key type: RSA KEYS
 Storage Device: private-config
 Usage: General Purpose Key
 Key is not exportable. Redundancy enabled.
 Key Data:
  30820122 300D0609 2A864886 F70D0101 01050003 82010F00 3082010A 02820101
  00§HU6§ §HU8§ §HU8_2§ §HU8_3§ §HU8_4§ §HU8_5§ §HU8_6§ §HU8_7§
""")
b(r"""
Interface GigabitEthernet0/0/1 MAC §MAC§, VLAN 120, port-security maximum 2
""")
b(r"""
Encryption key hash for the JKS (keytool -list): SHA-256 §HU2§:§HU2_2§:§HU2_3§:§HU2_4§:... (fingerprint only)
""")
b(r"""
Windows Hello / TPM: EKpub hash §H64§ registered for device §G§
""")
b(r"""
Intune device id §G§, Entra device id §G_2§, serial §HU10§
""")
b(r"""
Threat ID 2147§N6§ (Trojan:Win32/Wacatac) remediated, detection id {§GU§}
""")
b(r"""
IOC list (from CERT-PL advisory): §SHB§ §SHB_2§ §H32§
""")
b(r"""
User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0
""")
b(r"""
The HSM master key (LMK) is in the HSM only; host config references it by slot number 2 and variant scheme. No key material in files.
""")
b(r"""
LMK check value: §HU16§ (printed on the ceremony sheet, used to verify the LMK load)
""")
b(r"""
jco.client.passwd=${sap.rfc.password}
""")
b(r"""
com.ibm.SOAP.loginPassword=
com.ibm.SOAP.loginUserid=
# left empty on purpose - use the prompt
""")
b(r"""
<add key="ClearTextPassword" value="%NUGET_FEED_PASSWORD%" />
""")
b(r"""
<password>${env.NEXUS_PASSWORD}</password>
""")
b(r"""
sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="${KAFKA_USER}" password="${KAFKA_PASSWORD}";
""")
b(r"""
PGPASSFILE=/home/etl/.pgpass  (file mode 0600, owned by etl)
""")
b(r"""
Connection string: Server=sqlrpt01;Database=Reporting;Integrated Security=SSPI;Encrypt=True
""")
b(r"""
jdbc:sqlserver://sqlclaims:1433;databaseName=Claims;authentication=ActiveDirectoryManagedIdentity
""")
b(r"""
Data Source=ORAPOL;User Id=/;  (OS authentication via wallet, see sqlnet.ora WALLET_LOCATION)
""")
b(r"""
WALLET_LOCATION = (SOURCE = (METHOD = FILE) (METHOD_DATA = (DIRECTORY = /u01/app/oracle/wallets/tns)))
SQLNET.WALLET_OVERRIDE = TRUE
""")
b(r"""
The keytab /etc/security/keytabs/hive.service.keytab has 2 entries (kvno 3, aes256 and aes128); keys not displayed.
""")
b(r"""
Rotation done: svc_glexport password changed in AD, CyberArk and the scheduled task. New value only in CyberArk.
""")
b(r"""
Reminder: never paste passwords in this channel - use the vault link https://vault.sec.corp:8200/ui/vault/secrets/secret/show/banking/swift/alliance
""")
b(r"""
Der Passwort-Reset für j.oliveira wurde durchgeführt; das Initialkennwort wurde per SMS zugestellt (nicht hier dokumentiert).
""")
b(r"""
Le mot de passe a été transmis par téléphone à l'utilisateur, il n'est pas consigné dans le ticket.
""")
b(r"""
パスワードは金庫（CyberArk）に登録済みです。ここには記載しません。
""")
b(r"""
A senha foi enviada por cofre (Vault), não está no chamado.
""")
b(r"""
비밀번호는 보안상 이 문서에 기록하지 않습니다. Vault 경로: secret/hr/db
""")
b(r"""
密码已存入密码保险箱（CyberArk），此处不记录。
""")
b(r"""
Şifre kasaya (CyberArk) kaydedildi, burada paylaşılmıyor.
""")
b(r"""
Het wachtwoord staat in de kluis (KeePass, map Netwerk/Firewalls).
""")
b(r"""
Lösenordet finns i valvet under Infra/BankID, inte här.
""")
b(r"""
Hasło jest w sejfie KeePass (Infra/Sieć), nie wpisuję go tutaj.
""")
b(r"""
La contraseña está en el baúl de CyberArk, objeto Oracle-sftpuser.
""")
b(r"""
Commit §H7§ removed the hardcoded password from run_etl.cmd; history rewritten with git filter-repo, old SHA §SHA§ no longer reachable.
""")
b(r"""
HL7: MSH|^~\&|LIS|LAB01|HIS|HOSP01|§N14§||ORU^R01|MSG§N10§|P|2.5.1
PID|1||§N8§^^^HOSP01^MR||DOE^JANE||19800101|F
""")
b(r"""
FHIR Observation id §G§, meta.versionId 3, meta.lastUpdated §TSZ§
""")
b(r"""
X-Request-ID: §H32§
X-Correlation-ID: §G§
""")
b(r"""
PrincipalId : §G§
Thumbprint  : §TP§
NotAfter    : 2026-11-05
""")
b(r"""
Salesforce Org ID 00D§A12§ (sandbox globex--uat), instance CS§N3§
""")
b(r"""
GitHub App ID §N6§, installation §N8§, client id Iv1.§H16§
""")
b(r"""
npm notice package: iso-8583@2.1.4
npm notice shasum: §H40§
npm notice integrity: sha512-§A20§[...]§A10§==
""")
b(r"""
Maven: teller-client-4.2.0.jar.sha1 = §H40§, .md5 = §H32§
""")
b(r"""
Snapshot: vm-jump-weu-01_snap_§N8§ (id §G§)
""")
b(r"""
vCenter MoRef: vm-§N4§, host-§N3§, datastore-§N3_2§; instanceUuid §G§
""")
b(r"""
Citrix Machine SID §SID§, VDA registration id §G§
""")
b(r"""
F5 iRule checksum: §H32§ (signature verified)
""")
b(r"""
Palo Alto commit job §N4§: serial §N12§, config version §N3§, commit hash §H40§
""")
b(r"""
Juniper: JUNOS 22.4R3-S2.11, serial number JN§HU10§AFA, chassis MX480
""")
b(r"""
Base64 of the banner text (decoded for reference: "Authorized access only"): QXV0aG9yaXplZCBhY2Nlc3Mgb25seQ==
""")
b(r"""
Content-MD5: §B16§
""")
b(r"""
Set-Cookie: ARRAffinity=§H64§; Path=/; HttpOnly; Secure; Domain=app-hr-portal-prd.azurewebsites.net
""")
b(r"""
"next_cursor": "§B24§", "has_more": true
""")
b(r"""
?page_token=§A32§&page_size=100
""")
b(r"""
Idempotency-Key: §G§
""")
b(r"""
Azure Storage account stclaimsdocs: keys rotated via Key Vault managed storage (key1 active, key2 regenerated), no key values in this note.
""")
b(r"""
GitHub token scopes for svc-release: repo, read:packages (token stored in Jenkins credential id github-release, expires 2025-03-01).
""")
b(r"""
Token prefix check: ghp_ (classic PAT) found in scan report SR-§N4§, value already revoked and shown masked as ghp_****************************§A4§.
""")
b(r"""
Sonar analysis id §A20§ (task §A20_2§) finished: quality gate passed
""")
b(r"""
SonarQube token name: jenkins-ci (type: Global Analysis), last used 2024-11-05; value not retrievable after creation.
""")
b(r"""
keytool error: java.io.IOException: keystore password was incorrect
""")
b(r"""
Caused by: java.security.UnrecoverableKeyException: Get Key failed: Given final block not properly padded. Such issues can arise if a bad key is used during decryption.
""")
b(r"""
WARNING: Using --password via the CLI is insecure. Use --password-stdin.
""")
b(r"""
Error: The password for 'svc_kofax' does not meet the length, complexity, or history requirement of the domain.
""")
b(r"""
RFC_LOGON_FAILURE: Name or password is incorrect (repeat logon)
""")
b(r"""
SAP: Password logon no longer possible - too many failed attempts (user RFC_BWLOAD locked, lock reason 64)
""")
b(r"""
hvac.exceptions.Forbidden: permission denied, on get https://vault.sec.corp:8200/v1/secret/data/payments/hsm
""")
b(r"""
Error: unauthorized: authentication required (registry harbor.mfg.local, request id §G§)
""")
b(r"""
HTTP/1.1 401 Unauthorized
WWW-Authenticate: Basic realm="Sonatype Nexus Repository Manager"
X-Content-Type-Options: nosniff
""")
b(r"""
WWW-Authenticate: Negotiate
WWW-Authenticate: NTLM
""")
b(r"""
Authorization: Negotiate <SPNEGO token omitted, §N4§ bytes>
""")
b(r"""
GUID of the BitLocker recovery password protector (msFVE-RecoveryGuid): {§GU§}
""")
b(r"""
Object GUID of the key in the HSM partition: §G§ (handle §N5§)
""")
b(r"""
Card reader serial §HU12§, PIN pad id PP-§N8§, terminal id 4001§N4§
""")
b(r"""
SWIFT BIC: NORDDEFFXXX, LAU enabled: yes, PKI certificate DN o=norddeff,o=swift (public cert fingerprint §H40§)
""")
b(r"""
ISO 8583 bitmap: §HU16§ (primary), §HU16_2§ (secondary)
""")
b(r"""
Luna HSM serial §N6§, partition serial §N12§, firmware 7.8.4
""")


# ===================================================================== BUILD
_LANGS = {"de", "fr", "es", "pt", "ja", "zh", "ko", "pl", "tr", "nl", "sv", "hi", "it", "ru"}
_TARGET = {"command": 208, "tool-output": 256, "config-file": 272, "source-code": 192,
           "stack-trace-or-log": 176, "note-or-chat": 272, "ci-and-deploy": 112, "vendor-token": 112}
_NOTE_INTL = 92


def _bucket(g, f):
    if g == N:
        return "note-intl" if f.split("-")[1] in _LANGS else "note-en"
    return g


def _counts():
    targets = dict(_TARGET)
    targets.pop(N)
    targets["note-intl"] = _NOTE_INTL
    targets["note-en"] = _TARGET[N] - _NOTE_INTL
    by = {}
    for i, tp in enumerate(_T):
        by.setdefault(_bucket(tp[0], tp[1]), []).append(i)
    n = [1] * len(_T)
    for bk in sorted(by):
        idx = list(by[bk])
        R.shuffle(idx)
        extra = targets[bk] - len(idx)
        k = 0
        while extra > 0 and k < 2 * len(idx):
            n[idx[k % len(idx)]] += 1
            extra -= 1
            k += 1
    return n


def _build():
    used = set()
    out = []
    for (g, f, tpl, kind, vis), n in zip(_T, _counts()):
        for _ in range(n):
            for _try in range(50):
                sd = _kind(kind)
                if sd["S"] not in used and len(sd["S"]) >= 8:
                    break
            used.add(sd["S"])
            out.append((g, f, render(tpl, sd), sd["S"], vis))
    return out


def _build_benign(secrets, target=800):
    vals = [s[3] for s in secrets]
    seen = set()
    out = []
    alive = list(range(len(_B)))
    rounds = 0
    while len(out) < target and alive and rounds < 12:
        nxt = []
        for i in alive:
            if len(out) >= target:
                break
            txt = render(_B[i], {})
            if txt in seen or any(v in txt for v in vals):
                continue
            seen.add(txt)
            out.append(txt)
            nxt.append(i)
        alive = nxt
        rounds += 1
    return out


SECRETS = _build()
BENIGN = _build_benign(SECRETS)
