"""Blind hold-out corpus no. 21 for a secret-redaction engine.

What this is
------------
Test data for the engine that scrubs the free-text fields of a coding
agent's saved working state (goal, notes, commands it ran, excerpts of files
and tool output, decisions, next steps) before they are written to disk.
The theme is teams that are not web start-ups: game studios and engine
tooling, mobile apps, embedded / IoT / robotics, hosting and datacenter
operations, scientific labs and universities, legal and finance back
offices, and open-source maintainers.

How it was written
------------------
Blind: written from general knowledge of what real credentials and real
engineering text look like, without reading the engine, its rule set, any
other corpus, or any published secret-scanner rule set.  Weight is put on
shapes that are hard for a scanner: secrets in log lines and tool output far
from the command that printed them, uncommon config formats (plist,
.xcconfig, gradle.properties, desktop-app .ini, JSON with comments, Lua /
TOML / YAML game configs, PLC and HMI exports), tokens wrapped across two
lines, prose and chat (about a quarter of it in other languages), passwords
chosen by people, and values with no label at all.

SECRETS
-------
A list of 5-tuples ``(group, format, text, secret, visible)``:

* group   -- one of command (~13%), tool-output (~16%), config-file (~16%),
             source-code (~12%), stack-trace-or-log (~11%), note-or-chat
             (~18%, about a quarter not in English, formats named
             ``note-<lang>-...``), ci-and-deploy (~7%), vendor-token (~7%).
* format  -- kebab-case name of the shape, each used at most three times.
* text    -- what the agent would record, with the noise real text has.
* secret  -- the exact contiguous substring of ``text`` that must not
             survive (password only for user:password and connection
             strings, base64 body only for private keys, the signature only
             for signed URLs, one line's part for a wrapped token).
* visible -- a short substring that should stay readable, or "".

BENIGN
------
Strings of the same kinds that hold no credential but look like one to a
naive scanner: build hashes, asset GUIDs, bundle ids, provisioning profile
UUIDs, certificate fingerprints, device serials and MAC addresses, firmware
checksums, commit SHAs, digests, request / trace ids, object ids, cursors,
placeholders, references to where a secret is kept (keychain items, vault
paths, env var names, CI secret names), fixtures marked fake, base64 of
ordinary text, masked values, password policies and password error messages
(several languages), public-by-design keys, license text, DOIs and ORCID
iDs, hex dumps.

All values are synthetic, drawn from random.Random(2121); none is a real
credential or a documented example key.

It measured 0.897 recall and 2.2% false positives blind, and is regression
data now (tests/test_redaction_holdouts_recent.py holds its recall per group and
its false positives).
"""
import base64
import random
import re
import string

R = random.Random(2121)

LOW = string.ascii_lowercase
UP = string.ascii_uppercase
DIG = string.digits
ALNUM = LOW + UP + DIG
B64C = ALNUM + "+/"
B64U = ALNUM + "-_"
HEXC = "0123456789abcdef"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def hexs(n):
    return rs(HEXC, n)


def b64b(nbytes):
    return base64.b64encode(rbytes(nbytes)).decode()


def b64u(n):
    s = rs(B64U, n)
    while "-" not in s[:-1] and "_" not in s[:-1] and n > 12:
        s = rs(B64U, n)
    return s


def an(n):
    s = rs(ALNUM, n)
    while n >= 8 and not (any(c in DIG for c in s) and any(c in UP for c in s) and any(c in LOW for c in s)):
        s = rs(ALNUM, n)
    return s


def uan(n):
    return rs(UP + DIG, n)


def lan(n):
    return rs(LOW + DIG, n)


def dig(n):
    return R.choice("123456789") + rs(DIG, n - 1)


def uuid4():
    h = hexs(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], R.choice("89ab"), h[17:20], h[20:32])


def b64url_json(s):
    return base64.urlsafe_b64encode(s.encode()).decode().rstrip("=")


def jwt(claims=None, alg="HS256", siglen=43):
    hdr = b64url_json('{"alg":"%s","typ":"JWT"}' % alg)
    if claims is None:
        claims = '{"sub":"%s","iat":%d,"exp":%d}' % (uuid4(), 1690000000 + R.randint(0, 40000000), 1750000000 + R.randint(0, 40000000))
    return hdr + "." + b64url_json(claims) + "." + b64u(siglen)


def wrap64(s, width=64):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


PEM_HEAD = {
    "rsa": "MIIEowIBAAKCAQEA",
    "pkcs8": "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ",
    "ec": "MHcCAQEEI",
    "p8": "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg",
    "ssh": "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
    "pgp": "lQdGBGV",
}
PEM_LEN = {"rsa": 600, "pkcs8": 620, "ec": 160, "p8": 200, "ssh": 340, "pgp": 520}


def pem_body(kind="rsa", sep="\n", total=None):
    n = total or PEM_LEN[kind]
    head = PEM_HEAD[kind]
    body = head + rs(B64C, n - len(head))
    if kind in ("ec", "p8", "ssh"):
        body = body[:-2] + "=="[:R.choice([0, 1, 2])] if False else body
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return sep.join(lines)


FIRST = ["Anna", "Jonas", "Lukas", "Marie", "Sofia", "Mateo", "Lucia", "Yuki", "Haruto", "Mei", "Wei",
         "Minji", "Jisoo", "Olga", "Dmitri", "Giulia", "Marco", "Zofia", "Kacper", "Tereza", "Jakub",
         "Linh", "Minh", "Omar", "Layla", "Noa", "Eitan", "Chloe", "Louis", "Camille", "Joao", "Beatriz",
         "Priya", "Arjun", "Emeka", "Amara", "Sven", "Ingrid", "Mikko", "Aino", "Tom", "Rachel", "Kevin",
         "Grace", "Diego", "Valentina", "Hannah", "Felix", "Ines", "Rafael", "Svetlana", "Pavel"]
LAST = ["Schneider", "Weber", "Kowalski", "Novak", "Tanaka", "Sato", "Kim", "Park", "Nguyen", "Tran",
        "Rossi", "Bianchi", "Dubois", "Moreau", "Garcia", "Lopez", "Silva", "Santos", "Ivanov", "Petrova",
        "Cohen", "Levi", "Haddad", "Okafor", "Larsen", "Virtanen", "Patel", "Shah", "Murphy", "Walsh",
        "Fischer", "Horvath", "Dvorak", "Lindqvist", "Oliveira", "Chen", "Wang", "Li", "Zhang", "Yamamoto"]
ORGS = ["larkspur-games.com", "brightforge.gg", "hollowpine.io", "tidewater-labs.org", "kestrel-robotics.de",
        "nordlicht-studio.de", "quillmark-legal.com", "ferrohost.net", "polderdc.nl", "aurora-ota.io",
        "mossgrove.app", "biolab.uni-altmark.de", "chem.uni-hollandsfeld.edu", "redpine-accounting.co.uk",
        "oakshade.dev", "sparrowmesh.io", "atelier-pixel.fr", "lumen-hpc.ac.uk", "vireo-mobile.com",
        "tessellate.games", "hanse-hosting.de", "saltmarsh.cloud", "kappa-instruments.jp", "cedar-ledger.com"]
USERS = ["build", "deploy", "ci", "jenkins", "admin", "root", "svc_backup", "gameci", "p4build", "steam_builder",
         "ota-uploader", "lims_api", "labadmin", "hpcuser", "payroll_sync", "release-bot", "pi", "ubuntu",
         "operator", "monitor", "svc-docusign", "finance_ro", "mqtt_gw01", "plc_eng", "robot", "techsupport"]
HOSTS = ["build-mac-03", "ci-win-07", "gpu-render-12", "bmc-r12-u07", "idrac-db02", "ilo-esx04", "pxe01",
         "ns2", "mx1", "backup-nas01", "mqtt.plant3.local", "ota.aurora-ota.io", "lims-app01", "hpc-login2",
         "node117", "gw-modbus-04", "ros-master", "yocto-builder", "p4.larkspur-games.com", "whm01.ferrohost.net",
         "plesk03.hanse-hosting.de", "sftp.payrollpartner.com", "jenkins.brightforge.gg", "gitlab.oakshade.dev",
         "vault.internal", "nas-lab2", "scope-pc-07", "hmi-line2", "edge-gw-17", "rack41-pdu"]
WORDS = ["falcon", "harbor", "copper", "maple", "violet", "thunder", "pixel", "nebula", "walnut", "glacier",
         "orbit", "saffron", "cobalt", "meadow", "ember", "lantern", "quartz", "willow", "rocket", "tundra",
         "biscuit", "pepper", "mango", "koala", "banjo", "tiger", "sunset", "river", "castle", "dragon"]
SEASONS = ["Summer", "Winter", "Spring", "Autumn", "Fall", "Sommer", "Herbst", "Fruehling", "Hiver", "Printemps",
           "Verano", "Invierno", "Estate", "Inverno", "Lato", "Zima", "Jesien", "Primavera", "Leto", "Podzim"]
WALKS = ["1qaz2wsx3edc", "1qaz@WSX3edc", "!QAZ2wsx#EDC", "zaq12wsxcde3", "qweasdzxc", "1q2w3e4r5t", "qwertz",
         "azerty", "asdfjkl", "zxcvbnm", "poiuytrewq", "qazwsxedc", "1234qwer", "q1w2e3r4t5", "ytrewq",
         "Qwerty", "Asdf", "mnbvcxz", "0okm9ijn", "xsw2zaq1"]
PHRASE_W = ["kaffee", "tasse", "blau", "fenster", "chat", "lune", "verde", "gato", "sole", "mare", "kot",
            "pivo", "sakura", "neko", "bamboo", "lemon", "sofa", "piano", "rocket", "castle", "horse", "cloud",
            "winter", "apple", "tiger", "river", "stone", "candle", "purple", "orange"]
PETS = ["Bella", "Luna", "Max", "Rocky", "Mochi", "Simba", "Nala", "Bruno", "Kira", "Ollie", "Pepper", "Coco"]
CORPS = ["Larkspur", "Brightforge", "Kestrel", "Tidewater", "Ferro", "Polder", "Quillmark", "Aurora", "Mossgrove",
         "Hanse", "Vireo", "Lumen", "Cedar", "Sparrow", "Nordlicht", "Welcome", "Studio", "Robot", "Plant", "Lab"]
SYM = ["!", "#", "$", "?", "*", "!!", "@", "%", "&", ".", "_"]

LEET = {"a": "@", "e": "3", "i": "1", "o": "0", "s": "$", "t": "7", "l": "1"}


def leet(w):
    out = []
    for ch in w:
        if ch.lower() in LEET and R.random() < 0.6:
            out.append(LEET[ch.lower()])
        else:
            out.append(ch)
    return "".join(out)


def pw_season():
    return R.choice(SEASONS) + str(R.randint(2018, 2025)) + R.choice(SYM + ["", ""])


def pw_name():
    f = R.choice(FIRST + PETS)
    k = R.randint(0, 3)
    if k == 0:
        return f + str(R.randint(1960, 2012)) + R.choice(SYM + [""])
    if k == 1:
        return f.lower() + "." + R.choice(LAST).lower() + str(R.randint(1, 99))
    if k == 2:
        return f + R.choice(["123", "1234", "12345", "2010", "01", "99"]) + R.choice(SYM)
    return f.lower() + R.choice(["_", "", "."]) + R.choice(PETS).lower() + str(R.randint(10, 99))


def pw_walk():
    w = R.choice(WALKS)
    return w + R.choice(["", "!", "#", "123", str(R.randint(10, 99)), "$%"]) + str(R.randint(0, 9))


def pw_leet():
    w = R.choice(WORDS + ["robotics", "firmware", "production", "password", "welcome", "studio", "ledger",
                          "payroll", "gradient", "telescope", "sequencer", "network", "backup", "console"])
    return leet(w.capitalize()) + R.choice(SYM) + str(R.randint(1, 2025))


def pw_phrase():
    k = R.randint(3, 4)
    sep = R.choice(["-", ".", "_", " ", ""])
    ws = [R.choice(PHRASE_W) for _ in range(k)]
    if sep == "":
        ws = [w.capitalize() for w in ws]
    return sep.join(ws) + R.choice(["", str(R.randint(1, 99)), "!"])


def pw_corp():
    return R.choice(CORPS) + R.choice(["", "@", "#", "_", "-"]) + str(R.randint(2015, 2025)) + R.choice(SYM + [""])


def pw_human():
    return R.choice([pw_season, pw_name, pw_walk, pw_leet, pw_phrase, pw_corp])()


def pw_rand(n=16):
    s = rs(ALNUM + "!#%&*+-_=?@^~", n)
    return s


def pw_rand_safe(n=16):
    return rs(ALNUM + "!#%*-_@", n)


def mac():
    return ":".join("%02x" % R.getrandbits(8) for _ in range(6))


def ip_priv():
    k = R.randint(0, 2)
    if k == 0:
        return "10.%d.%d.%d" % (R.randint(0, 254), R.randint(0, 254), R.randint(2, 250))
    if k == 1:
        return "192.168.%d.%d" % (R.randint(0, 30), R.randint(2, 250))
    return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 254), R.randint(2, 250))


def ip_pub():
    return R.choice(["203.0.113.", "198.51.100.", "192.0.2."]) + str(R.randint(2, 250))


def date():
    return "20%02d-%02d-%02d" % (R.randint(22, 25), R.randint(1, 12), R.randint(1, 28))


def tm():
    return "%02d:%02d:%02d" % (R.randint(0, 23), R.randint(0, 59), R.randint(0, 59))


def ts():
    return "%sT%s.%03dZ" % (date(), tm(), R.randint(0, 999))


def tsl():
    return "%s %s,%03d" % (date(), tm(), R.randint(0, 999))


def azure_secret():
    return rs(ALNUM, 3) + R.choice("0123456789") + "Q~" + rs(ALNUM + "_.~-", 34)


def sas_sig():
    raw = b64b(32)
    return raw.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def discord_bot():
    uid = dig(18)
    return base64.b64encode(uid.encode()).decode().rstrip("=") + "." + b64u(6) + "." + b64u(38)


def slack_bot():
    return "xoxb-" + dig(12) + "-" + dig(13) + "-" + an(24)


def slack_user():
    return "xoxp-" + dig(12) + "-" + dig(12) + "-" + dig(13) + "-" + hexs(32)


def atlassian():
    body = b64u(170)
    return "ATATT3xFfGF0" + body + "=" + uan(8)


def stripe_live(prefix="sk_live_"):
    return prefix + "51" + an(R.choice([22, 97]))


GEN = {
    "hex": lambda a: hexs(int(a)),
    "HEX": lambda a: rs("0123456789ABCDEF", int(a)),
    "an": lambda a: an(int(a)),
    "uan": lambda a: uan(int(a)),
    "lan": lambda a: lan(int(a)),
    "low": lambda a: rs(LOW, int(a)),
    "dig": lambda a: dig(int(a)),
    "b64": lambda a: b64b(int(a)),
    "b64u": lambda a: b64u(int(a)),
    "b64n": lambda a: rs(B64C, int(a)),
    "uuid": lambda a=None: uuid4(),
    "UUID": lambda a=None: uuid4().upper(),
    "jwt": lambda a=None: jwt(),
    "jwtrs": lambda a=None: jwt(alg="RS256", siglen=342),
    "pem": lambda a="rsa": pem_body(a or "rsa"),
    "pemesc": lambda a="pkcs8": pem_body(a or "pkcs8", sep="\\n"),
    "pemshort": lambda a="rsa": pem_body(a or "rsa", total=320),
    "pw": lambda a=None: pw_human(),
    "pwseason": lambda a=None: pw_season(),
    "pwname": lambda a=None: pw_name(),
    "pwwalk": lambda a=None: pw_walk(),
    "pwleet": lambda a=None: pw_leet(),
    "pwphrase": lambda a=None: pw_phrase(),
    "pwcorp": lambda a=None: pw_corp(),
    "rpw": lambda a="16": pw_rand(int(a or 16)),
    "spw": lambda a="16": pw_rand_safe(int(a or 16)),
    "akid": lambda a=None: "AKIA" + rs(UP + "234567", 16),
    "asia": lambda a=None: "ASIA" + rs(UP + "234567", 16),
    "awssk": lambda a=None: rs(ALNUM + "/+", 40),
    "awsst": lambda a=None: "IQoJb3JpZ2luX2VjE" + rs(ALNUM + "/+", 280),
    "ghp": lambda a=None: "ghp_" + an(36),
    "gho": lambda a=None: "gho_" + an(36),
    "ghs": lambda a=None: "ghs_" + an(36),
    "ghu": lambda a=None: "ghu_" + an(36),
    "ghpat": lambda a=None: "github_pat_11" + uan(20) + "_" + an(59),
    "glpat": lambda a=None: "glpat-" + b64u(20),
    "glrt": lambda a=None: "glrt-" + b64u(20),
    "npm": lambda a=None: "npm_" + an(36),
    "pypi": lambda a=None: "pypi-AgEIcHlwaS5vcmc" + b64u(150),
    "pypitest": lambda a=None: "pypi-AgENdGVzdC5weXBpLm9yZw" + b64u(140),
    "xoxb": lambda a=None: slack_bot(),
    "xoxp": lambda a=None: slack_user(),
    "xapp": lambda a=None: "xapp-1-A0" + uan(9) + "-" + dig(13) + "-" + hexs(64),
    "dbot": lambda a=None: discord_bot(),
    "tg": lambda a=None: dig(10) + ":AA" + rs(ALNUM + "_-", 33),
    "sklive": lambda a=None: stripe_live(),
    "rklive": lambda a=None: stripe_live("rk_live_"),
    "whsec": lambda a=None: "whsec_" + an(32),
    "sg": lambda a=None: "SG." + b64u(22) + "." + b64u(43),
    "mgkey": lambda a=None: "key-" + hexs(32),
    "mgkey2": lambda a=None: hexs(32) + "-" + hexs(8) + "-" + hexs(8),
    "mailchimp": lambda a=None: hexs(32) + "-us" + str(R.randint(2, 21)),
    "oai": lambda a=None: "sk-proj-" + b64u(74) + "T3BlbkFJ" + b64u(74),
    "oaiold": lambda a=None: "sk-" + an(20) + "T3BlbkFJ" + an(20),
    "ant": lambda a=None: "sk-ant-api03-" + b64u(93) + "AA",
    "hf": lambda a=None: "hf_" + rs(LOW + UP, 34),
    "dckr": lambda a=None: "dckr_pat_" + b64u(27),
    "hvs": lambda a=None: "hvs." + an(24),
    "hvslong": lambda a=None: "hvs.CAESI" + b64u(84) + "Gh4KHGh2cy5" + an(24),
    "tfc": lambda a=None: an(14) + ".atlasv1." + an(67),
    "dop": lambda a=None: "dop_v1_" + hexs(64),
    "shpat": lambda a=None: "shpat_" + hexs(32),
    "atl": lambda a=None: atlassian(),
    "lin": lambda a=None: "lin_api_" + an(40),
    "notion": lambda a=None: "ntn_" + dig(11) + an(35),
    "sntryu": lambda a=None: "sntryu_" + hexs(64),
    "nrak": lambda a=None: "NRAK-" + uan(27),
    "nrlic": lambda a=None: hexs(36) + "NRAL",
    "glsa": lambda a=None: "glsa_" + an(32) + "_" + hexs(8),
    "cftok": lambda a=None: b64u(40),
    "azkey": lambda a=None: b64b(64),
    "azsecret": lambda a=None: azure_secret(),
    "sas": lambda a=None: sas_sig(),
    "aiza": lambda a=None: "AIza" + rs(ALNUM + "-_", 35),
    "gocspx": lambda a=None: "GOCSPX-" + b64u(28),
    "g1": lambda a=None: "1//0" + rs(ALNUM, 1) + b64u(98),
    "ya29": lambda a=None: "ya29.a0" + b64u(160),
    "fcm": lambda a=None: "AAAA" + b64u(7) + ":APA91b" + b64u(134),
    "asp": lambda a=None: "-".join(rs(LOW, 4) for _ in range(4)),
    "steamkey": lambda a=None: rs("0123456789ABCDEF", 32),
    "shared": lambda a=None: b64b(20),
    "playfab": lambda a=None: uan(40),
    "eos": lambda a=None: b64u(43),
    "unityserial": lambda a=None: R.choice(["E3", "SC", "U3", "F4"]) + "-" + "-".join(uan(4) for _ in range(5)),
    "p4t": lambda a=None: rs("0123456789ABCDEF", 32),
    "b2key": lambda a=None: "K00" + str(R.randint(1, 5)) + rs(ALNUM + "/+", 27),
    "tsig": lambda a=None: b64b(32),
    "ghaclient": lambda a=None: hexs(40),
    "rubygems": lambda a=None: "rubygems_" + hexs(48),
    "nuget": lambda a=None: "oy2" + lan(43),
    "cio": lambda a=None: "cio" + an(32),
    "squ": lambda a=None: "squ_" + hexs(40),
    "syt": lambda a=None: "syt_" + b64url_json(R.choice(USERS)) + "_" + an(20) + "_" + an(6),
    "laravel": lambda a=None: "base64:" + b64b(32),
    "django": lambda a=None: rs(LOW + DIG + "!@#%^&*(-_+)", 50),
    "minisign": lambda a=None: "RWRTY0Iy" + rs(B64C, 204),
    "agekey": lambda a=None: "AGE-SECRET-KEY-1" + rs("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58),
    "tskey": lambda a=None: "tskey-auth-k" + an(16) + "CNTRL-" + an(33),
    "dpst": lambda a=None: "dp.st." + R.choice(["prd", "dev", "stg"]) + "." + an(43),
    "pul": lambda a=None: "pul-" + hexs(40),
    "figd": lambda a=None: "figd_" + b64u(40),
    "pmak": lambda a=None: "PMAK-" + hexs(24) + "-" + hexs(34),
    "sgp": lambda a=None: "sgp_" + hexs(40),
    "shippo": lambda a=None: "shippo_live_" + hexs(40),
    "cfpat": lambda a=None: "CFPAT-" + b64u(43),
    "hubspot": lambda a=None: "pat-" + R.choice(["na1", "eu1"]) + "-" + uuid4(),
    "pscale": lambda a=None: "pscale_pw_" + b64u(43),
    "sbp": lambda a=None: "sbp_" + hexs(40),
    "rnd": lambda a=None: "rnd_" + an(32),
    "fo1": lambda a=None: "fo1_" + b64u(43),
    "dapi": lambda a=None: "dapi" + hexs(32),
    "bkua": lambda a=None: "bkua_" + hexs(40),
    "lnd": lambda a=None: hexs(64),
    "vultr": lambda a=None: uan(36),
    "awssecret": lambda a=None: rs(ALNUM + "/+", 40),
    "pgpbody": lambda a=None: pem_body("pgp", total=400),
}


def _int(a):
    lo, hi = a.split("-")
    return str(R.randint(int(lo), int(hi)))


CTX = {
    "user": lambda a=None: R.choice(USERS),
    "first": lambda a=None: R.choice(FIRST),
    "last": lambda a=None: R.choice(LAST),
    "flow": lambda a=None: R.choice(FIRST).lower(),
    "uname": lambda a=None: R.choice(FIRST).lower()[0] + R.choice(LAST).lower(),
    "email": lambda a=None: "%s.%s@%s" % (R.choice(FIRST).lower(), R.choice(LAST).lower(), R.choice(ORGS)),
    "org": lambda a=None: R.choice(ORGS),
    "host": lambda a=None: R.choice(HOSTS),
    "ip": lambda a=None: ip_priv(),
    "pubip": lambda a=None: ip_pub(),
    "port": lambda a=None: str(R.choice([8080, 8443, 1883, 8883, 5432, 3306, 6379, 9000, 2087, 8443, 5000, 8000, 27017, 5672])),
    "date": lambda a=None: date(),
    "time": lambda a=None: tm(),
    "ts": lambda a=None: ts(),
    "tsl": lambda a=None: tsl(),
    "pid": lambda a=None: str(R.randint(1200, 65000)),
    "int": lambda a: _int(a),
    "pick": lambda a: R.choice(a.split("|")),
    "mac": lambda a=None: mac(),
    "MAC": lambda a=None: mac().upper(),
    "sha": lambda a=None: hexs(40),
    "short": lambda a=None: hexs(7),
    "ver": lambda a=None: "%d.%d.%d" % (R.randint(0, 9), R.randint(0, 30), R.randint(0, 40)),
    "word": lambda a=None: R.choice(WORDS),
}
CTX.update(GEN)

PH = re.compile(r"@\{(\w+)(?::([^}#]*))?(?:#(\w+))?\}")
TEMPLATES = []
BTEMPLATES = []
_G = [None]


def group(g):
    _G[0] = g


def t(fmt, skind, vis, text, n=2):
    TEMPLATES.append((_G[0], fmt, skind, vis, text, n))


def b(text, n=5):
    BTEMPLATES.append((text, n))

GEN["jwe"] = lambda a=None: "eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0.." + b64u(22) + "." + b64u(380) + "." + b64u(22)
GEN["akcp"] = lambda a=None: "AKCp8" + an(68)
GEN["wgkey"] = lambda a=None: b64b(32)
CTX.update(GEN)

# ---------------------------------------------------------------- command
group("command")
t("cmd-ipmitool-lanplus-password", "pw", "ADMIN", r"""ipmitool -I lanplus -H @{ip} -U ADMIN -P '@{S}' chassis power status""")
t("cmd-racadm-remote-powercycle", "pw", "serveraction", r"""racadm -r idrac-@{pick:db02|web07|gpu11}.mgmt.@{org} -u root -p @{S} serveraction powercycle""")
t("cmd-ilorest-login-pulltab", "uan:8", "Administrator", r"""ilorest login @{ip} -u Administrator -p @{S} && ilorest serverinfo --all""")
t("cmd-redfishtool-systems", "pw", "Systems get", r"""redfishtool -r @{ip} -u admin -p '@{S}' Systems get""")
t("cmd-snmpwalk-v3-authnopriv", "pw", "nmsuser", r"""snmpwalk -v3 -l authNoPriv -u nmsuser -a SHA -A '@{S}' @{ip} 1.3.6.1.2.1.2.2.1.2""")
t("cmd-snmpget-community", "pwleet", "sysUpTime.0", r"""snmpget -v2c -c @{S} @{ip} sysUpTime.0 ifHCInOctets.12""")
t("cmd-smbclient-user-percent", "pw", "//nas-lab2/instruments", r"""smbclient //nas-lab2/instruments -U 'LAB\@{uname}%@{S}' -c 'cd Orbitrap; ls'""")
t("cmd-mount-cifs-options", "pw", "username=msuser", r"""sudo mount -t cifs //@{ip}/rawdata /mnt/rawdata -o username=msuser,password=@{S},vers=3.0,uid=1000,gid=1000""")
t("cmd-net-use-windows", "pw", "/user:SCOPE-PC-07\operator", r"""net use Z: \\SCOPE-PC-07\Export @{S} /user:SCOPE-PC-07\operator /persistent:no""")
t("cmd-sshpass-p-ssh", "pw", "modbus-bridge", r"""sshpass -p '@{S}' ssh -o StrictHostKeyChecking=no pi@@{ip} 'sudo systemctl restart modbus-bridge'""")
t("cmd-xfreerdp-p", "pw", "labuser", r"""xfreerdp /v:@{ip} /u:labuser /p:'@{S}' /cert:ignore /dynamic-resolution +clipboard""")
t("cmd-mosquitto-pub-tls", "pw", "plant3/line2/cmd", r"""mosquitto_pub -h mqtt.plant3.local -p 8883 --cafile ca.crt -u @{pick:line2-hmi|press04|gw-modbus-04} -P '@{S}' -t plant3/line2/cmd -m '{"reset":true}'""")
t("cmd-mosquitto-sub-url", "spw:20", "sensor-ingest", r"""mosquitto_sub -L mqtts://sensor-ingest:@{S}@broker.@{org}:8883/telemetry/# -v""")
t("cmd-mosquitto-passwd-batch", "pw", "edge-gw-17", r"""sudo mosquitto_passwd -b /etc/mosquitto/passwd edge-gw-17 @{S}""")
t("cmd-htpasswd-batch-bcrypt", "pw", "/etc/nginx/.htpasswd-grafana", r"""htpasswd -bB /etc/nginx/.htpasswd-grafana @{flow} @{S}""")
t("cmd-chroot-chpasswd", "pw", "chpasswd", r"""echo 'root:@{S}' | sudo chroot build/rootfs chpasswd""")
t("cmd-yocto-extra-users-inline", "pw", "core-image-minimal", r"""EXTRA_USERS_PARAMS="usermod -P '@{S}' root;" bitbake core-image-minimal""", 1)
t("cmd-mysql-p-attached", "pw", "cpanel_wp", r"""mysql -h @{ip} -u cpanel_wp -p'@{S}' wp_shop -e "SELECT option_value FROM wp_options WHERE option_name='siteurl'" """)
t("cmd-mysqldump-password-long", "spw:18", "--user=backup", r"""mysqldump --host=db01 --user=backup --password=@{S} --single-transaction --all-databases | gzip > /backup/db01-$(date +%F).sql.gz""")
t("cmd-pgpassword-env-prefix", "pw", "lims_ro", r"""PGPASSWORD='@{S}' psql -h lims-db.internal -U lims_ro -d lims -c '\dt sample*'""")
t("cmd-psql-uri-sslmode", "spw:22", "grafana", r"""psql "postgresql://grafana:@{S}@@{ip}:5432/grafana?sslmode=require" -c 'select count(*) from dashboard'""")
t("cmd-mongosh-srv-uri", "an:16", "playfab_sync", r"""mongosh "mongodb+srv://playfab_sync:@{S}@cluster0.x7k2p.mongodb.net/leaderboards" --eval 'db.scores.countDocuments()'""")
t("cmd-redis-cli-a", "spw:24", "INFO keyspace", r"""redis-cli -h @{ip} -p 6379 -a '@{S}' --no-auth-warning INFO keyspace""")
t("cmd-sqlcmd-sa", "pw", "-U sa", r"""sqlcmd -S tcp:sql-acct01,1433 -U sa -P "@{S}" -Q "BACKUP DATABASE [Ledger] TO DISK='D:\bak\ledger.bak' WITH COMPRESSION" """)
t("cmd-influx-v1-password", "pw", "telegraf", r"""influx -host @{ip} -username telegraf -password '@{S}' -database plc_metrics -execute 'SHOW MEASUREMENTS'""")
t("cmd-curl-whm-basic", "pw", "listaccts", r"""curl -sk -u root:@{S} "https://whm0@{int:1-4}.ferrohost.net:2087/json-api/listaccts?api.version=1" | jq '.data.acct | length'""")
t("cmd-curl-whm-token-header", "uan:32", "Authorization: whm root", r"""curl -sk -H "Authorization: whm root:@{S}" "https://whm01.ferrohost.net:2087/json-api/version?api.version=1" """)
t("cmd-curl-cpanel-uapi-token", "uan:32", "Email/list_pops", r"""curl -s -H 'Authorization: cpanel @{pick:shopuser|acmeweb|kanzlei}:@{S}' 'https://server.ferrohost.net:2083/execute/Email/list_pops'""")
t("cmd-curl-plesk-api-key", "uuid", "X-API-Key", r"""curl -sk -H "X-API-Key: @{S}" https://plesk03.hanse-hosting.de:8443/api/v2/domains | jq -r '.[].name'""")
t("cmd-curl-telegram-bot-path", "tg", "sendMessage", r"""curl -s "https://api.telegram.org/bot@{S}/sendMessage" -d chat_id=-100@{dig:10} -d text="OTA rollout @{ver} done on fleet eu-2" """)
t("cmd-curl-slack-webhook-post", "an:24", "nightly build green", r"""curl -X POST -H 'Content-type: application/json' --data '{"text":"nightly build green"}' https://hooks.slack.com/services/T0@{uan:8}/B0@{uan:9}/@{S}""")
t("cmd-curl-discord-webhook", "b64u:68", "Steam beta branch", r"""curl -H "Content-Type: application/json" -d '{"content":"Build @{int:4000-9000} uploaded to Steam beta branch"}' https://discord.com/api/webhooks/@{dig:19}/@{S}""")
t("cmd-curl-steam-partner-key", "steamkey", "CheckAppOwnership", r"""curl "https://partner.steam-api.com/ISteamUser/CheckAppOwnership/v2/?key=@{S}&steamid=7656119@{dig:10}&appid=@{int:1000000-2999999}" """)
t("cmd-steamcmd-login-inline", "pw", "run_app_build", r"""steamcmd +login @{pick:larkspur_build|bf_ci_builder|steam_builder} @{S} +run_app_build ..\scripts\app_build_@{int:1000000-2999999}.vdf +quit""")
t("cmd-eos-buildpatchtool", "eos", "BuildPatchTool.exe", r"""Engine\Binaries\Win64\BuildPatchTool.exe -OrganizationId=o-@{lan:22} -ProductId=@{hex:32} -ArtifactId=@{hex:32} -ClientId=xyza7891@{an:24} -ClientSecret=@{S} -mode=UploadBinary -BuildRoot=D:\Builds\Win64 -CloudDir=D:\BPT\cloud -BuildVersion=@{ver}-win""")
t("cmd-p4-login-pipe", "pw", "p4build", r"""echo '@{S}' | p4 -p ssl:p4.larkspur-games.com:1666 -u p4build login -a""")
t("cmd-p4-ticket-flag", "p4t", "build_ws_win64", r"""p4 -u p4build -P @{S} -c build_ws_win64 sync //depot/Main/...@@{int:400000-500000}""")
t("cmd-git-clone-oauth2-gitlab", "glpat", "stm32-bootloader", r"""git clone https://oauth2:@{S}@gitlab.oakshade.dev/firmware/stm32-bootloader.git""")
t("cmd-git-remote-x-access-token", "ghs", "x-access-token", r"""git remote set-url origin https://x-access-token:@{S}@github.com/@{pick:tessellate-games|kestrel-robotics}/@{pick:engine-tools|ros2-drivers}.git""")
t("cmd-docker-login-p-flag", "dckr", "larkspurci", r"""docker login -u larkspurci -p @{S} && docker push larkspurci/dedicated-server:@{ver}""")
t("cmd-helm-repo-add-password", "spw:20", "charts", r"""helm repo add internal https://charts.@{org}/ --username ci --password @{S}""")
t("cmd-twine-upload-token", "pypi", "__token__", r"""twine upload -u __token__ -p @{S} dist/*""")
t("cmd-cargo-login-token", "cio", "cargo publish", r"""cargo login @{S} && cargo publish -p modbus-rtu-async""")
t("cmd-gem-push-env", "rubygems", "gem push", r"""GEM_HOST_API_KEY=@{S} gem push pkg/serialport-ng-@{ver}.gem""")
t("cmd-dotnet-nuget-push", "nuget", "api.nuget.org", r"""dotnet nuget push bin/Release/Ledger.Core.@{ver}.nupkg -k @{S} -s https://api.nuget.org/v3/index.json""")
t("cmd-npm-config-set-authtoken", "npm", "registry.npmjs.org", r"""npm config set //registry.npmjs.org/:_authToken @{S}""")
t("cmd-mvn-gpg-passphrase", "pwphrase", "-P release", r"""mvn -B deploy -P release -Dgpg.passphrase='@{S}' -DskipTests""")
t("cmd-gpg-batch-passphrase", "pwphrase", "--detach-sign", r"""gpg --batch --pinentry-mode loopback --passphrase '@{S}' --detach-sign --armor dist/@{pick:hexdump-ng|modbus-cli|lims-client}-@{ver}.tar.gz""")
t("cmd-keytool-genkeypair-storepass", "pw", "release.jks", r"""keytool -genkeypair -v -keystore release.jks -alias upload -keyalg RSA -keysize 2048 -validity 10000 -storepass @{S} -keypass @{S} -dname "CN=Vireo Mobile, O=Vireo, C=DE" """)
t("cmd-apksigner-ks-pass", "pw", "--ks-key-alias upload", r"""apksigner sign --ks release.jks --ks-key-alias upload --ks-pass pass:@{S} --out app-release-signed.apk app-release-unsigned.apk""")
t("cmd-bundletool-ks-pass", "pw", "bundletool.jar", r"""java -jar bundletool.jar build-apks --bundle=app-release.aab --output=app.apks --ks=upload.jks --ks-pass=pass:@{S} --ks-key-alias=upload --key-pass=pass:@{S}""")
t("cmd-jarsigner-storepass", "pw", "legacy.keystore", r"""jarsigner -verbose -sigalg SHA256withRSA -digestalg SHA-256 -keystore ~/keys/legacy.keystore -storepass '@{S}' app-release-unsigned.apk legacy""")
t("cmd-altool-upload-app-specific", "asp", "--upload-app", r"""xcrun altool --upload-app -f build/Mossgrove.ipa -t ios -u @{email} -p @{S}""")
t("cmd-notarytool-store-credentials", "asp", "AC_NOTARY", r"""xcrun notarytool store-credentials "AC_NOTARY" --apple-id @{email} --team-id @{uan:10} --password @{S}""")
t("cmd-security-add-generic-password", "pw", "fastlane_match", r"""security add-generic-password -a ci -s fastlane_match -w '@{S}' ~/Library/Keychains/build.keychain-db""")
t("cmd-security-unlock-keychain", "spw:20", "build.keychain-db", r"""security unlock-keychain -p "@{S}" ~/Library/Keychains/build.keychain-db && security set-keychain-settings -t 3600 -l ~/Library/Keychains/build.keychain-db""")
t("cmd-openssl-pkcs12-passout", "pw", "apns-prod.p12", r"""openssl pkcs12 -export -inkey apns.key -in aps.cer -out apns-prod.p12 -passout pass:@{S}""")
t("cmd-openssl-enc-pass", "pwphrase", "payroll.csv.enc", r"""openssl enc -aes-256-cbc -pbkdf2 -salt -in payroll_@{date}.csv -out payroll.csv.enc -pass pass:@{S}""")
t("cmd-7z-archive-password", "pw", "-mem=AES256", r"""7z a -tzip -p'@{S}' -mem=AES256 Lohnabrechnung_@{pick:Jan|Feb|Mar|Apr}.zip export\*.pdf""")
t("cmd-zip-capital-p-flag", "pw", "grant-submission.zip", r"""zip -r -P @{S} grant-submission.zip budget/ narrative/ letters/""")
t("cmd-unrar-p-attached", "pwleet", "vendor_sdk_drop", r"""unrar x -p@{S} vendor_sdk_drop_@{date}.rar sdk/""", 1)
t("cmd-fastlane-env-password", "pw", "fastlane ios beta", r"""FASTLANE_PASSWORD='@{S}' FASTLANE_USER=@{email} bundle exec fastlane ios beta""")
t("cmd-match-password-env", "pwphrase", "--readonly", r"""MATCH_PASSWORD='@{S}' bundle exec fastlane match appstore --readonly""")
t("cmd-firebase-deploy-token", "g1", "mossgrove-prod", r"""firebase deploy --only functions --project mossgrove-prod --token "@{S}" """)
t("cmd-eas-secret-create", "sntryu", "SENTRY_AUTH_TOKEN", r"""eas secret:create --scope project --name SENTRY_AUTH_TOKEN --value @{S} --type string""")
t("cmd-sentry-cli-auth-token", "sntryu", "upload-sourcemaps", r"""sentry-cli --auth-token @{S} releases files "ios@@{ver}" upload-sourcemaps ./dist""")
t("cmd-gh-secret-set-body", "pw", "STEAM_CONFIG_VDF_PASSWORD", r"""gh secret set STEAM_CONFIG_VDF_PASSWORD --repo @{pick:tessellate|larkspur}/game-ci --body '@{S}'""")
t("cmd-kubectl-create-secret-literal", "spw:24", "lims-db", r"""kubectl -n lims create secret generic lims-db --from-literal=username=lims_app --from-literal=password='@{S}'""")
t("cmd-docker-run-env-pass", "spw:16", "BRIDGE_USER=cloudlink", r"""docker run -d --name mosquitto-bridge -e BRIDGE_USER=cloudlink -e BRIDGE_PASS=@{S} -p 1883:1883 eclipse-mosquitto:2""")
t("cmd-heroku-config-set-webhook", "hex:40", "release-notes-bot", r"""heroku config:set -a release-notes-bot GITHUB_APP_WEBHOOK_SECRET=@{S}""")
t("cmd-fly-secrets-set-matrix", "syt", "matrix-bridge", r"""fly secrets set -a matrix-bridge MATRIX_ACCESS_TOKEN=@{S}""")
t("cmd-vault-login-token", "hvs", "vault kv get", r"""vault login -no-print @{S} && vault kv get -field=password secret/dc2/idrac""")
t("cmd-aws-configure-set-secret", "awssk", "ota-uploader", r"""aws configure set aws_secret_access_key @{S} --profile ota-uploader""")
t("cmd-mc-alias-set", "awssk", "labminio", r"""mc alias set labminio http://@{ip}:9000 minio-lab @{S}""")
t("cmd-s3cmd-wasabi", "awssk", "seq-archive", r"""s3cmd --access_key=@{akid} --secret_key=@{S} --host=s3.wasabisys.com --host-bucket='%(bucket)s.s3.wasabisys.com' sync ./raw s3://seq-archive/run42/""")
t("cmd-az-storage-account-key", "azkey", "auroraotafw", r"""az storage blob upload-batch -d firmware -s ./deploy --account-name auroraotafw --account-key "@{S}" """)
t("cmd-rclone-config-create-b2", "b2key", "b2lab", r"""rclone config create b2lab b2 account 00@{hex:23} key @{S}""")
t("cmd-restic-password-env", "pwphrase", "restic -r", r"""RESTIC_PASSWORD='@{S}' restic -r sftp:backup@nas01:/srv/restic/hpc backup /home --exclude-caches""")
t("cmd-borg-passphrase-export", "pwphrase", "borg create", r"""export BORG_PASSPHRASE='@{S}'; borg create --stats ssh://borg@@{ip}/./mail-server::'{hostname}-{now}' /var/vmail""")
t("cmd-duplicity-passphrase", "pwphrase", "duplicity", r"""PASSPHRASE=@{S} duplicity --full-if-older-than 1M /srv/lims file:///mnt/usb/lims-offsite""", 1)
t("cmd-nmcli-wifi-connect", "pwphrase", "Plant3-OT", r"""nmcli dev wifi connect "Plant3-OT" password "@{S}" ifname wlan0""")
t("cmd-wpa-passphrase-tee", "pw", "LabNet-5G", r"""wpa_passphrase "LabNet-5G" '@{S}' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf""")
t("cmd-iwctl-passphrase", "pw", "RobotArena", r"""iwctl --passphrase '@{S}' station wlan0 connect RobotArena""")
t("cmd-wp-core-install-admin", "pw", "kadmin", r"""wp core install --url=https://kanzlei-@{pick:mueller|berger|vogel}.de --title="Kanzlei" --admin_user=kadmin --admin_password='@{S}' --admin_email=it@@{org}""")
t("cmd-ldapsearch-bind-w", "pw", "cn=svc-lims", r"""ldapsearch -x -H ldaps://ldap.@{org} -D "cn=svc-lims,ou=services,dc=lab,dc=local" -w '@{S}' -b "ou=people,dc=lab,dc=local" "(uid=@{flow})" """)
t("cmd-rabbitmqctl-add-user", "spw:20", "telemetry_ingest", r"""rabbitmqctl add_user telemetry_ingest '@{S}' && rabbitmqctl set_permissions -p / telemetry_ingest ".*" ".*" ".*" """)
t("cmd-psql-create-role-password", "pw", "grafana_ro", r"""sudo -u postgres psql -c "CREATE ROLE grafana_ro LOGIN PASSWORD '@{S}';" """)
t("cmd-mysql-create-user-identified", "spw:16", "roundcube", r"""mysql -e "CREATE USER 'roundcube'@'localhost' IDENTIFIED BY '@{S}'; GRANT ALL ON roundcube.* TO 'roundcube'@'localhost';" """)
t("cmd-lftp-sftp-upload", "pw", "payroll_upload", r"""lftp -u payroll_upload,'@{S}' sftp://sftp.payrollpartner.com -e "put ADP_export_@{date}.csv; bye" """)
t("cmd-wget-recursive-password", "pw", "seqcore", r"""wget --user=seqcore --password='@{S}' -r -np https://ngs-core.@{org}/runs/@{int:230101-250930}_A0@{int:1000-9999}/""")
t("cmd-rsync-password-env", "spw:14", "rsync://mirror", r"""RSYNC_PASSWORD=@{S} rsync -av rsync://mirror@@{ip}/releases/ /srv/mirror/""")
t("cmd-globus-client-env", "b64:32", "globus transfer", r"""GLOBUS_CLI_CLIENT_ID=@{uuid} GLOBUS_CLI_CLIENT_SECRET=@{S} globus transfer @{uuid#a}:/scratch/run42 @{uuid#b}:/archive/run42 --recursive --label run42""")
t("cmd-iinit-pipe", "pw", "/labZone/home/imaging", r"""echo '@{S}' | iinit && iput -r ./microscopy/2024-Q3 /labZone/home/imaging""")
t("cmd-ssh-tunnel-jupyter-token", "hex:48", "8888:node117:8888", r"""ssh -L 8888:node117:8888 hpc-login2   # then open http://localhost:8888/lab?token=@{S}""")
t("cmd-wandb-login-key", "hex:40", "wandb login", r"""singularity exec --nv pytorch.sif wandb login @{S} && sbatch train_unet.slurm""")
t("cmd-kaggle-env-download", "hex:32", "kaggle datasets download", r"""KAGGLE_USERNAME=@{flow}lab KAGGLE_KEY=@{S} kaggle datasets download -d @{flow}lab/cryo-em-particles""")
t("cmd-curl-particle-access-token", "hex:40", "setRelay", r"""curl https://api.particle.io/v1/devices/@{hex:24}/setRelay -d arg="on" -d access_token=@{S}""")
t("cmd-balena-login-token", "an:32", "edge-fleet", r"""balena login --token @{S} && balena push edge-fleet""")
t("cmd-curl-thingsboard-telemetry", "an:20", "/telemetry", r"""curl -v -X POST http://tb.@{org}:8080/api/v1/@{S}/telemetry -H "Content-Type:application/json" -d '{"temp":21.4,"rpm":1320}'""")
t("cmd-az-iot-simulate-login", "b64:32", "iothubowner", r"""az iot device simulate -n plant3-hub -d press04 --data '{"p":4.2}' --login "HostName=plant3-hub.azure-devices.net;SharedAccessKeyName=iothubowner;SharedAccessKey=@{S}" """)
t("cmd-curl-lims-api-key", "an:40", "status=received", r"""curl -s -H "X-API-Key: @{S}" "https://lims-app01.@{org}/api/v2/samples?status=received&limit=50" """)
t("cmd-curl-redcap-export", "HEX:32", "content=record", r"""curl -s -F token=@{S} -F content=record -F format=csv -F type=flat https://redcap.@{org}/api/ > records.csv""")
t("cmd-curl-zenodo-upload", "an:60", "dataset.tar.zst", r"""curl -H "Authorization: Bearer @{S}" --upload-file dataset.tar.zst https://zenodo.org/api/files/@{uuid}/dataset.tar.zst""")
t("cmd-sshpass-scp-instrument", "pw", "operator@scope-pc-07", r"""sshpass -p @{S} scp -r operator@scope-pc-07:/D/Export/@{date} ./raw/""")
t("cmd-ipmitool-user-set-password", "pw", "user set password 3", r"""ipmitool -I lanplus -H @{ip} -U ADMIN -E user set password 3 '@{S}'""")
t("cmd-racadm-set-user-password", "pw", "iDRAC.Users.2.Password", r"""racadm set iDRAC.Users.2.Password @{S}""")
t("cmd-junos-bgp-authentication-key", "pw", "transit-a", r"""set protocols bgp group transit-a neighbor 192.0.2.@{int:1-250} authentication-key "@{S}" """)
t("cmd-ios-bgp-neighbor-password", "pw", "remote-as", r"""conf t
router bgp 6@{int:4512-4999}
 neighbor @{pubip} remote-as 6@{int:5000-5999}
 neighbor @{pubip} password 0 @{S}
end""")
t("cmd-routeros-user-add", "pw", "group=full", r"""/user add name=noc group=full password="@{S}" comment="NOC shared" """)
t("cmd-vyos-ipsec-psk", "spw:32", "pre-shared-secret", r"""set vpn ipsec site-to-site peer @{pubip} authentication pre-shared-secret '@{S}'""")
t("cmd-wg-set-private-key", "wgkey", "wg0", r"""sudo wg set wg0 private-key <(echo @{S}) listen-port 51820""")
t("cmd-nsupdate-tsig-y", "tsig", "acme-dns01", r"""nsupdate -y hmac-sha256:acme-dns01:@{S} <<'EOF'
server ns2.@{org}
update add _acme-challenge.@{org}. 60 TXT "@{b64u:43}"
send
EOF""")
t("cmd-echo-certbot-cloudflare-ini", "cftok", "dns_cloudflare_api_token", r"""echo "dns_cloudflare_api_token = @{S}" > ~/.secrets/cf.ini && chmod 600 ~/.secrets/cf.ini""")
t("cmd-acme-sh-hetzner-export", "an:32", "dns_hetzner", r"""export HETZNER_Token="@{S}" && acme.sh --issue --dns dns_hetzner -d '*.@{org}'""")
t("cmd-hcloud-token-env", "an:64", "hcloud server list", r"""HCLOUD_TOKEN=@{S} hcloud server list -o columns=name,status,ipv4""")
t("cmd-linode-cli-token-env", "lnd", "linodes list", r"""LINODE_CLI_TOKEN=@{S} linode-cli linodes list --text""")
t("cmd-doctl-auth-init", "dop", "--context ferrohost", r"""doctl auth init --access-token @{S} --context ferrohost""")
t("cmd-curl-vultr-bearer", "vultr", "api.vultr.com", r"""curl "https://api.vultr.com/v2/instances?per_page=50" -H "Authorization: Bearer @{S}" """)
t("cmd-curl-powerdns-key", "an:24", "/api/v1/servers/localhost/zones", r"""curl -s -H 'X-API-Key: @{S}' http://127.0.0.1:8081/api/v1/servers/localhost/zones | jq -r '.[].name'""")
t("cmd-curl-quickbooks-bearer-jwe", "jwe", "quickbooks.api.intuit.com", r"""curl -H "Authorization: Bearer @{S}" -H "Accept: application/json" "https://quickbooks.api.intuit.com/v3/company/@{dig:19}/query?query=select%20*%20from%20Invoice%20maxresults%2010" """)
t("cmd-curl-xero-client-credentials", "b64u:48", "grant_type=client_credentials", r"""curl -u @{HEX:32}:@{S} -d grant_type=client_credentials https://identity.xero.com/connect/token""")
t("cmd-stripe-listen-api-key", "rklive", "--forward-to", r"""stripe listen --api-key @{S} --forward-to localhost:4242/webhooks""")
t("cmd-curl-plaid-json-secret", "hex:30", "client_id", r"""curl -X POST https://production.plaid.com/institutions/get -H 'Content-Type: application/json' -d '{"client_id":"@{hex:24}","secret":"@{S}","count":10,"offset":0,"country_codes":["US"]}'""")
t("cmd-curl-hellosign-key-as-user", "hex:64", "signature_request/list", r"""curl -u '@{S}:' 'https://api.hellosign.com/v3/signature_request/list?page_size=20'""")
t("cmd-curl-mailgun-api-user", "mgkey", "api.eu.mailgun.net", r"""curl -s --user 'api:@{S}' https://api.eu.mailgun.net/v3/mg.@{org}/messages -F from='Lab Notifier <noreply@mg.@{org}>' -F to=@{email} -F subject='Run finished' -F text='Run 42 completed'""")
t("cmd-swaks-auth-password", "pw", "--auth LOGIN", r"""swaks --to postmaster@@{org} --server mx1.@{org} --port 587 --tls --auth LOGIN --auth-user relay@@{org} --auth-password '@{S}'""")
t("cmd-postfix-sasl-passwd-echo", "sg", "smtp.sendgrid.net", r"""echo "[smtp.sendgrid.net]:587 apikey:@{S}" > /etc/postfix/sasl_passwd && postmap /etc/postfix/sasl_passwd""")
t("cmd-uals-opcua-url-creds", "pw", "DB_Line2", r"""uals -u opc.tcp://engineer:@{S}@@{ip}:4840 -n "ns=3;s=DB_Line2" -d 2""")
t("cmd-curl-swupdate-upload", "pw", "fw-", r"""curl -F "file=@fw-@{ver}.swu" -u ota:@{S} http://@{ip}:8080/upload""")
t("cmd-eas-build-expo-token", "b64u:40", "--non-interactive", r"""EXPO_TOKEN=@{S} npx eas-cli build --platform android --profile production --non-interactive""")
t("cmd-unity-batchmode-activate", "pw", "-batchmode", r""""C:\Program Files\Unity\Hub\Editor\2022.3.@{int:10-40}f1\Editor\Unity.exe" -batchmode -quit -nographics -username "build@@{org}" -password "@{S}" -serial %UNITY_SERIAL% -logFile activate.log""")
t("cmd-curl-playfab-secret-header", "playfab", "GetPlayerStatistics", r"""curl -X POST "https://@{HEX:5}.playfabapi.com/Server/GetPlayerStatistics" -H "X-SecretKey: @{S}" -H "Content-Type: application/json" -d '{"PlayFabId":"@{HEX:16}"}'""")
t("cmd-ansible-extra-vars-idrac", "pw", "idrac_user=root", r"""ansible-playbook -i inventory/dc2.ini idrac.yml -e "idrac_user=root idrac_password=@{S}" --limit rack12""")
t("cmd-ansible-become-password", "pw", "plc-gateways", r"""ansible-playbook site.yml -e ansible_become_password='@{S}' -l plc-gateways --diff""")
t("cmd-vncpasswd-f", "pw", "vncpasswd -f", r"""echo '@{S}' | vncpasswd -f > ~/.vnc/passwd && chmod 600 ~/.vnc/passwd""")
t("cmd-x11vnc-passwd", "pw", "-forever", r"""x11vnc -display :0 -passwd @{S} -forever -shared -bg""")
t("cmd-teamviewer-passwd", "pw", "teamviewer", r"""sudo teamviewer passwd '@{S}' && teamviewer info""", 1)
t("cmd-anydesk-set-password", "pw", "anydesk", r"""echo @{S} | sudo anydesk --set-password""", 1)
t("cmd-powershell-pscredential", "pw", "LAB\svc-instrument", r"""$cred = New-Object PSCredential('LAB\svc-instrument', (ConvertTo-SecureString '@{S}' -AsPlainText -Force)); Enter-PSSession -ComputerName SCOPE-PC-07 -Credential $cred""")
t("cmd-cmdkey-termsrv", "pw", "LAB\operator", r"""cmdkey /generic:TERMSRV/@{ip} /user:LAB\operator /pass:@{S}""")
t("cmd-schtasks-create-rp", "pw", "LIMS Export", r"""schtasks /Create /TN "LIMS Export" /TR "C:\lims\export.bat" /SC DAILY /ST 02:00 /RU LAB\svc-lims /RP @{S}""")
t("cmd-sc-config-service-password", "pw", "InstrumentBridge", r"""sc.exe config "InstrumentBridge" obj= "LAB\svc-bridge" password= "@{S}" """)
t("cmd-git-credential-approve-printf", "glpat", "release-bot", r"""printf 'protocol=https\nhost=gitlab.oakshade.dev\nusername=release-bot\npassword=@{S}\n' | git credential approve""")
t("cmd-curl-jfrog-api-header", "akcp", "native-libs", r"""curl -H "X-JFrog-Art-Api: @{S}" -T build/libengine-@{ver}.so "https://artifacts.@{org}/artifactory/native-libs/" """)
t("cmd-conan-remote-login", "spw:24", "conan remote login", r"""conan remote login artifactory ci -p @{S}""")
t("cmd-pip-index-url-token", "glpat", "labdevices", r"""pip install --index-url https://__token__:@{S}@gitlab.oakshade.dev/api/v4/projects/412/packages/pypi/simple labdevices""")
t("cmd-poetry-http-basic", "spw:20", "http-basic.internal", r"""poetry config http-basic.internal deploy @{S}""")
t("cmd-uv-index-password-env", "spw:22", "uv sync", r"""UV_INDEX_INTERNAL_USERNAME=deploy UV_INDEX_INTERNAL_PASSWORD=@{S} uv sync --frozen""")
t("cmd-bundle-config-github-packages", "ghp", "rubygems.pkg.github.com", r"""bundle config set --local rubygems.pkg.github.com @{flow}:@{S}""")
t("cmd-yarn-npmscope-token", "ghp", "npmScopes.kestrel", r"""yarn config set npmScopes.kestrel.npmAuthToken @{S}""")
t("cmd-composer-github-oauth", "gho", "github-oauth.github.com", r"""composer config --global --auth github-oauth.github.com @{S}""")
t("cmd-codecov-uploader-t", "uuid", "-F unittests", r"""./codecov -t @{S} -f coverage.xml -F unittests""")
t("cmd-sonar-scanner-token", "squ", "labdevices", r"""sonar-scanner -Dsonar.projectKey=labdevices -Dsonar.host.url=https://sonar.@{org} -Dsonar.token=@{S}""")
t("cmd-snyk-auth-npx", "uuid", "snyk test", r"""npx snyk auth @{S} && npx snyk test --all-projects""", 1)
t("cmd-coveralls-repo-token-env", "an:33", "--service=github", r"""COVERALLS_REPO_TOKEN=@{S} coveralls --service=github""", 1)

GEN["b64pw"] = lambda a=None: base64.b64encode(pw_human().encode()).decode()
GEN["b64up"] = lambda a=None: base64.b64encode(("%s:%s" % (R.choice(USERS), "glpat-" + b64u(20))).encode()).decode()
GEN["type7"] = lambda a=None: "%02d" % R.randint(0, 15) + rs("0123456789ABCDEF", 2 * R.randint(8, 14))
GEN["junos9"] = lambda a=None: "$9$" + rs(ALNUM + "./-", R.randint(22, 34))
GEN["ulfdev"] = lambda a=None: "AAAAA" + rs(B64C, 90)
GEN["steamcc"] = lambda a=None: "02000000" + rs("0123456789abcdef", 224)
CTX.update(GEN)

# ---------------------------------------------------------------- tool-output
group("tool-output")
t("out-printenv-sorted-steam", "pw", "STEAM_USERNAME=", r"""$ printenv | sort | sed -n '1,40p'
BUILD_NUMBER=@{int:1000-9999}
HOME=/home/gameci
HOSTNAME=@{host}
JAVA_HOME=/usr/lib/jvm/temurin-17
LANG=C.UTF-8
PATH=/opt/steamcmd:/usr/local/bin:/usr/bin:/bin
PWD=/workspace/@{pick:cozy-farm|starbound-rally|deepwell}
SHLVL=2
STEAM_APP_ID=@{int:1000000-2999999}
STEAM_DEPOT_WIN64=@{int:1000000-2999999}
STEAM_PASSWORD=@{S}
STEAM_USERNAME=larkspur_build
TERM=xterm
UNITY_VERSION=2022.3.@{int:10-40}f1
_=/usr/bin/printenv""")
t("out-docker-inspect-env-array", "spw:20", "MQTT_USERNAME=edge", r"""$ docker inspect edge-bridge --format '{{json .Config.Env}}' | jq .
[
  "MQTT_HOST=mqtt.plant3.local",
  "MQTT_PORT=8883",
  "MQTT_USERNAME=edge",
  "MQTT_PASSWORD=@{S}",
  "MODBUS_TARGETS=@{ip}:502,@{ip#2}:502",
  "LOG_LEVEL=info",
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
]""")
t("out-kubectl-get-secret-yaml-data", "b64pw", "name: lims-db", r"""$ kubectl -n lims get secret lims-db -o yaml
apiVersion: v1
data:
  password: @{S}
  username: bGltc19hcHA=
kind: Secret
metadata:
  creationTimestamp: "@{ts}"
  name: lims-db
  namespace: lims
  resourceVersion: "@{dig:8}"
  uid: @{uuid}
type: Opaque""")
t("out-terraform-output-json-sensitive", "spw:24", "db_password", r"""$ terraform output -json
{
  "bmc_subnet": {
    "sensitive": false,
    "type": "string",
    "value": "10.40.12.0/24"
  },
  "db_password": {
    "sensitive": true,
    "type": "string",
    "value": "@{S}"
  },
  "pxe_server_ip": {
    "sensitive": false,
    "type": "string",
    "value": "@{ip}"
  }
}""")
t("out-terraform-output-raw-nolabel", "spw:20", "terraform output -raw", r"""$ terraform output -raw idrac_admin_password
@{S}$ terraform output -raw bmc_vlan
412""")
t("out-heroku-config-db-url", "lan:64", "release-notes-bot Config Vars", r"""$ heroku config -a release-notes-bot
=== release-notes-bot Config Vars
DATABASE_URL:      postgres://u@{lan:12}:@{S}@ec2-@{int:3-54}-@{int:1-250}-@{int:1-250}-@{int:1-250}.eu-west-1.compute.amazonaws.com:5432/d@{lan:13}
GITHUB_APP_ID:     @{int:100000-999999}
LOG_LEVEL:         info
NODE_ENV:          production""")
t("out-aws-iam-create-access-key", "awssk", "ota-uploader", r"""$ aws iam create-access-key --user-name ota-uploader
{
    "AccessKey": {
        "UserName": "ota-uploader",
        "AccessKeyId": "@{akid}",
        "Status": "Active",
        "SecretAccessKey": "@{S}",
        "CreateDate": "@{ts}"
    }
}""")
t("out-vault-kv-get-table", "pw", "secret/dc2/idrac", r"""$ vault kv get secret/dc2/idrac
====== Secret Path ======
secret/data/dc2/idrac

======= Metadata =======
Key                Value
---                -----
created_time       @{ts}
custom_metadata    <nil>
deletion_time      n/a
destroyed          false
version            @{int:2-14}

====== Data ======
Key         Value
---         -----
password    @{S}
username    root""")
t("out-git-config-list-credential-url", "ghp", "remote.origin.fetch", r"""$ git config --list --show-origin | grep -v alias
file:/home/ci/.gitconfig        user.name=ci-bot
file:/home/ci/.gitconfig        user.email=ci@@{org}
file:.git/config        core.repositoryformatversion=0
file:.git/config        core.filemode=true
file:.git/config        core.bare=false
file:.git/config        remote.origin.url=https://ci-bot:@{S}@github.com/@{pick:tessellate-games|oakshade}/@{pick:save-format|tilemap-tools}.git
file:.git/config        remote.origin.fetch=+refs/heads/*:refs/remotes/origin/*
file:.git/config        branch.main.remote=origin""")
t("out-git-remote-v-token", "glpat", "(fetch)", r"""$ git remote -v
origin  https://gitlab-ci-token:@{S}@gitlab.oakshade.dev/robotics/ros2-arm-driver.git (fetch)
origin  https://gitlab-ci-token:@{S}@gitlab.oakshade.dev/robotics/ros2-arm-driver.git (push)
upstream        https://github.com/ros-drivers/placeholder-driver.git (fetch)""")
t("out-pip-config-list-index", "spw:20", "global.index-url", r"""$ pip config list
global.extra-index-url='https://download.pytorch.org/whl/cu121'
global.index-url='https://deploy:@{S}@pypi.@{org}/simple'
global.timeout='60'""")
t("out-cat-npmrc", "npm", "always-auth", r"""$ cat ~/.npmrc
registry=https://registry.npmjs.org/
@kestrel:registry=https://npm.pkg.github.com/
//registry.npmjs.org/:_authToken=@{S}
always-auth=true
fund=false""")
t("out-cat-netrc-multi", "hex:40", "machine api.wandb.ai", r"""$ cat ~/.netrc
machine api.wandb.ai
  login user
  password @{S}
machine urs.earthdata.nasa.gov
  login @{flow}_lab
  password $(cat ~/.earthdata)""")
t("out-security-find-generic-password-w", "asp", "AC_PASSWORD", r"""$ security find-generic-password -s "AC_PASSWORD" -a "@{email}" -w
@{S}
$ xcrun notarytool history --keychain-profile AC_NOTARY | head -3""")
t("out-op-read-nolabel", "pw", "op://Infra/idrac-dc2/password", r"""$ op read "op://Infra/idrac-dc2/password"
@{S}
$ op read "op://Infra/idrac-dc2/username"
root""")
t("out-redis-cli-config-get", "spw:28", "requirepass", r"""127.0.0.1:6379> CONFIG GET requirepass
1) "requirepass"
2) "@{S}"
127.0.0.1:6379> CONFIG GET maxmemory
1) "maxmemory"
2) "2147483648" """)
t("out-docker-compose-config-render", "pw", "MYSQL_USER: roundcube", r"""$ docker compose config
name: mailstack
services:
  db:
    environment:
      MYSQL_DATABASE: roundcube
      MYSQL_PASSWORD: @{S}
      MYSQL_USER: roundcube
    image: mariadb:10.11
    networks:
      default: null
    volumes:
      - type: volume
        source: dbdata
        target: /var/lib/mysql
  webmail:
    image: roundcube/roundcubemail:1.6.x-apache
    ports:
      - mode: ingress
        target: 80
        published: "8081" """)
t("out-helm-get-values-auth", "spw:24", "USER-SUPPLIED VALUES", r"""$ helm get values mqtt -n plant3
USER-SUPPLIED VALUES:
auth:
  enabled: true
  users:
  - name: ingest
    password: @{S}
persistence:
  size: 8Gi
service:
  type: LoadBalancer""")
t("out-systemctl-show-environment", "pw", "Environment=", r"""$ systemctl show lims-worker -p Environment -p ExecStart
Environment=LIMS_DB_URL=postgresql://lims:@{S}@db01.lab.local/lims LIMS_QUEUE=instrument-events PYTHONUNBUFFERED=1
ExecStart={ path=/opt/lims/venv/bin/python ; argv[]=/opt/lims/venv/bin/python -m lims.worker ; ignore_errors=no }""")
t("out-ps-auxww-args", "spw:16", "modbus2mqtt", r"""$ ps auxww | grep -v grep | grep -E 'modbus|mqtt'
mosquitto   @{pid}  0.1  0.2  24512  6120 ?        Ss   Mar03   4:12 /usr/sbin/mosquitto -c /etc/mosquitto/mosquitto.conf
robot       @{pid#2}  1.4  1.1 812344 45112 ?        Sl   Mar03  61:09 /usr/bin/node /opt/modbus2mqtt/index.js --mqtt-url mqtt://localhost --mqtt-user bridge --mqtt-password @{S} --poll 500
root        @{pid#3}  0.0  0.0   6432   720 pts/0    S+   10:14   0:00 tail -f /var/log/modbus2mqtt.log""")
t("out-fw-printenv-uboot", "pwphrase", "bootcmd=", r"""# fw_printenv
arch=arm
baudrate=115200
board=imx8mm-edge
bootcmd=run mmcboot
bootdelay=1
ethaddr=@{mac}
mmcdev=2
ota_server=https://ota.aurora-ota.io/api/v1
serial#=@{uan:12}
wifi_ssid=Plant3-OT
wifi_psk=@{S}
ver=U-Boot 2022.04-edge+g@{short}""")
t("out-uci-show-wireless", "pwphrase", "wireless.default_radio0.ssid", r"""root@OpenWrt:~# uci show wireless
wireless.radio0=wifi-device
wireless.radio0.type='mac80211'
wireless.radio0.channel='36'
wireless.radio0.htmode='VHT80'
wireless.default_radio0=wifi-iface
wireless.default_radio0.device='radio0'
wireless.default_radio0.network='lan'
wireless.default_radio0.mode='ap'
wireless.default_radio0.ssid='RoboLab-5G'
wireless.default_radio0.encryption='psk2'
wireless.default_radio0.key='@{S}'""")
t("out-nvram-show-grep", "pw", "wl0_ssid", r"""# nvram show | grep -E '^wl0_(ssid|wpa_psk|akm)'
size: 31244 bytes (34292 left)
wl0_akm=psk2
wl0_ssid=Instrumente
wl0_wpa_psk=@{S}""")
t("out-nmcli-show-secrets", "pw", "802-11-wireless.ssid", r"""$ nmcli -s -g 802-11-wireless.ssid,802-11-wireless-security.key-mgmt,802-11-wireless-security.psk connection show LabNet
LabNet-5G
wpa-psk
@{S}""")
t("out-cisco-show-run-tacacs", "type7", "tacacs-server host", r"""core-sw1#show running-config | include tacacs|snmp|ntp
tacacs-server host @{ip}
tacacs-server key 7 @{S}
snmp-server location DC2-Row4-Rack12
ntp server 10.0.0.1 prefer""")
t("out-junos-show-bgp-config", "junos9", "group transit-b", r"""noc@edge2> show configuration protocols bgp group transit-b
type external;
peer-as 6@{int:4512-4999};
neighbor @{pubip} {
    description "Transit B primary";
    authentication-key "@{S}"; ## SECRET-DATA
    import TRANSIT-IN;
}""")
t("out-routeros-export-sensitive", "pw", "security-profiles", r"""[admin@rack41-gw] > /interface wireless security-profiles export show-sensitive
# @{date} @{time} by RouterOS 7.@{int:10-16}
# software id = @{uan:4}-@{uan:4}
/interface wireless security-profiles
set [ find default=yes ] supplicant-identity=MikroTik
add authentication-types=wpa2-psk mode=dynamic-keys name=ipmi-wifi wpa2-pre-shared-key="@{S}" """)
t("out-wp-config-get-nolabel", "spw:20", "wp config get DB_USER", r"""$ wp config get DB_NAME --path=/home/kanzlei/public_html
kanzlei_wp
$ wp config get DB_USER --path=/home/kanzlei/public_html
kanzlei_wpusr
$ wp config get DB_PASSWORD --path=/home/kanzlei/public_html
@{S}""")
t("out-rails-credentials-show", "hex:128", "aws:", r"""$ bin/rails credentials:show
# aws:
#   access_key_id: 123
#   secret_access_key: 345

secret_key_base: @{S}""")
t("out-ansible-vault-view", "pw", "vault_idrac_user", r"""$ ansible-vault view group_vars/dc2/vault.yml
Vault password:
---
vault_idrac_user: root
vault_idrac_password: @{S}
vault_snmp_location: "DC2 Row 4" """)
t("out-sops-decrypt-yaml", "spw:24", "instrument_share", r"""$ sops -d secrets/lab.enc.yaml
instrument_share:
    user: LAB\svc-instrument
    password: @{S}
notify:
    channel: '#lab-ops'""")
t("out-whmapi1-api-token-create", "uan:32", "token_name=ansible-dc2", r"""$ whmapi1 api_token_create token_name=ansible-dc2
---
data:
  create_time: @{int:1690000000-1740000000}
  name: ansible-dc2
  token: @{S}
metadata:
  command: api_token_create
  reason: OK
  result: 1
  version: 1""")
t("out-uapi-tokens-create-full-access", "uan:32", "create_full_access", r"""$ uapi --user=shopuser Tokens create_full_access name=deploy-bot --output=jsonpretty
{
   "apiversion" : 3,
   "func" : "create_full_access",
   "module" : "Tokens",
   "result" : {
      "data" : {
         "create_time" : @{int:1690000000-1740000000},
         "name" : "deploy-bot",
         "token" : "@{S}"
      },
      "errors" : null,
      "status" : 1
   }
}""")
t("out-plesk-secret-key-create", "uuid", "plesk bin secret_key", r"""# plesk bin secret_key --create -ip-address @{ip} -description "ansible"
@{S}
# plesk bin secret_key --list | tail -n 2""")
t("out-particle-token-create", "hex:40", "particle token create", r"""$ particle token create --expires-in 7776000
? Please enter your password: [hidden]
New access token expires on Sun @{pick:Jan|Mar|Jun|Sep} @{int:10-28} @{int:2025-2026}
    @{S}""")
t("out-aws-iot-create-keys-json-escaped", "pemesc:rsa", "certificateArn", r"""$ aws iot create-keys-and-certificate --set-as-active
{
    "certificateArn": "arn:aws:iot:eu-central-1:@{dig:12}:cert/@{hex:64}",
    "certificateId": "@{hex:64#c}",
    "keyPair": {
        "PublicKey": "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA@{b64n:40}\n-----END PUBLIC KEY-----\n",
        "PrivateKey": "-----BEGIN RSA PRIVATE KEY-----\n@{S}\n-----END RSA PRIVATE KEY-----\n"
    }
}""")
t("out-az-iot-connection-string-show", "b64:32", "DeviceId=press04", r"""$ az iot hub device-identity connection-string show -n plant3-hub -d press04
{
  "connectionString": "HostName=plant3-hub.azure-devices.net;DeviceId=press04;SharedAccessKey=@{S}"
}""")
t("out-globus-credentials-create", "b64:32", "flow-runner", r"""$ globus api auth POST /v2/api/clients/@{uuid}/credentials --body '{"credential": {"name": "flow-runner"}}'
{
  "credential": {
    "client": "@{uuid}",
    "created": "@{ts}",
    "id": "@{uuid#c}",
    "name": "flow-runner",
    "secret": "@{S}"
  }
}""")
t("out-jupyter-server-list", "hex:48", "Currently running servers", r"""$ jupyter server list
Currently running servers:
http://node117:8888/?token=@{S} :: /home/@{flow}/projects/cryo""")
t("out-docker-history-no-trunc-arg", "npm", "docker history", r"""$ docker history --no-trunc --format '{{.CreatedBy}}' registry.@{org}/dashboard:@{short} | head -5
/bin/sh -c #(nop)  CMD ["node" "server.js"]
|1 NPM_TOKEN=@{S} /bin/sh -c npm ci --omit=dev
/bin/sh -c #(nop)  ARG NPM_TOKEN
/bin/sh -c #(nop) WORKDIR /app""")
t("out-env-grep-ipe", "akcp", "ARTIFACTORY_USER", r"""$ env | grep -iE 'token|pass|key|user' | sort
ARTIFACTORY_API_KEY=@{S}
ARTIFACTORY_USER=ci-native
SSH_AUTH_SOCK=/tmp/ssh-@{an:10}/agent.@{pid}
USER=jenkins""")
t("out-gradlew-properties-signing", "pw", "signing.keyId", r"""$ ./gradlew -q properties | grep -i sign
signing.keyId: @{HEX:8}
signing.secretKeyRingFile: /home/ci/.gnupg/secring.gpg
signing.password: @{S}
signingConfigs: SigningConfig container""")
t("out-xcodebuild-showbuildsettings", "sntryu", "PRODUCT_BUNDLE_IDENTIFIER", r"""$ xcodebuild -scheme Mossgrove -showBuildSettings | grep -E 'BUNDLE|TEAM|SENTRY|CONFIGURATION'
    CONFIGURATION = Release
    CONFIGURATION_BUILD_DIR = /Users/ci/Library/Developer/Xcode/DerivedData/Mossgrove-@{low:28}/Build/Products/Release-iphoneos
    DEVELOPMENT_TEAM = @{uan:10}
    PRODUCT_BUNDLE_IDENTIFIER = com.mossgrove.app
    SENTRY_AUTH_TOKEN = @{S}
    SENTRY_ORG = mossgrove""")
t("out-supabase-status-service-role", "jwt", "service_role key", r"""$ supabase status
         API URL: http://127.0.0.1:54321
     GraphQL URL: http://127.0.0.1:54321/graphql/v1
          DB URL: postgresql://postgres:postgres@127.0.0.1:54322/postgres
      Studio URL: http://127.0.0.1:54323
    Inbucket URL: http://127.0.0.1:54324
service_role key: @{S}""")
t("out-firebase-functions-config-get", "sklive", "functions:config:get", r"""$ firebase functions:config:get --project mossgrove-prod
{
  "stripe": {
    "secret": "@{S}",
    "currency": "eur"
  },
  "app": {
    "env": "prod"
  }
}""")
t("out-mysql-select-integrations", "an:40", "lims_bot", r"""mysql> SELECT id, name, api_key, created_at FROM integrations WHERE active = 1;
+----+-----------+------------------------------------------+---------------------+
| id | name      | api_key                                  | created_at          |
+----+-----------+------------------------------------------+---------------------+
|  3 | lims_bot  | @{S} | @{date} 09:14:02 |
+----+-----------+------------------------------------------+---------------------+
1 row in set (0.00 sec)""")
t("out-sqlite-settings-rows", "pw", "smtp_user|", r"""$ sqlite3 /var/lib/ledgerd/app.db "select key, value from settings where key like 'smtp%'"
smtp_host|mail.@{org}
smtp_port|587
smtp_user|invoices@@{org}
smtp_password|@{S}""")
t("out-strings-firmware-grep", "pw", "mqtt.aurora-ota.io", r"""$ strings -n 6 build/edge-fw-@{ver}.bin | grep -A3 -i 'mqtt.aurora'
mqtt.aurora-ota.io
fleet-eu2
@{S}
/devices/%s/telemetry""")
t("out-adb-shared-prefs-xml", "jwt", "auth_token", r"""$ adb shell run-as com.vireo.field cat shared_prefs/session.xml
<?xml version='1.0' encoding='utf-8' standalone='yes' ?>
<map>
    <string name="user_id">@{uuid}</string>
    <string name="auth_token">@{S}</string>
    <boolean name="onboarding_done" value="true" />
</map>""")
t("out-plutil-p-config", "an:32", "BackendURL", r"""$ plutil -p Mossgrove/Config/Secrets.plist
{
  "BackendURL" => "https://api.mossgrove.app/v2"
  "RevenueCatServerKey" => "@{S}"
  "UseStaging" => 0
}""")
t("out-defaults-read-instrument", "pw", "ServerUser", r"""$ defaults read com.kappa.spectra.acquire
{
    AutoExport = 1;
    ExportPath = "/Volumes/LabShare/spectra";
    ServerHost = "lims-app01.lab.local";
    ServerPassword = "@{S}";
    ServerUser = "spectra";
}""")
t("out-reg-query-instrument", "pw", "REG_SZ", r"""C:\> reg query "HKLM\SOFTWARE\WOW6432Node\Kappa\SpectraLink\Database"

HKEY_LOCAL_MACHINE\SOFTWARE\WOW6432Node\Kappa\SpectraLink\Database
    Server    REG_SZ    SQL-LAB01\SQLEXPRESS
    User    REG_SZ    spectra_app
    Password    REG_SZ    @{S}
    Timeout    REG_DWORD    0x1e""")
t("out-vault-token-create-table", "hvs", "token_policies", r"""$ vault token create -policy=ci-read -ttl=72h
Key                  Value
---                  -----
token                @{S}
token_accessor       @{an:24}
token_duration       72h
token_renewable      true
token_policies       ["ci-read" "default"]
identity_policies    []
policies             ["ci-read" "default"]""")
t("out-consul-acl-token-create", "uuid", "AccessorID", r"""$ consul acl token create -description "pxe-agent" -policy-name pxe
AccessorID:       @{uuid}
SecretID:         @{S}
Description:      pxe-agent
Local:            false
Create Time:      @{date} @{time}.@{dig:6} +0000 UTC
Policies:
   @{uuid#p} - pxe""")
t("out-nomad-acl-bootstrap", "uuid", "Accessor ID", r"""$ nomad acl bootstrap
Accessor ID  = @{uuid}
Secret ID    = @{S}
Name         = Bootstrap Token
Type         = management
Global       = true
Create Time  = @{date} @{time} +0000 UTC
Policies     = n/a""")
t("out-openstack-app-credential-create", "b64u:86", "hpc-portal", r"""$ openstack application credential create hpc-portal --expiration @{date}T00:00:00
+--------------+----------------------------------------------------------------------------------------+
| Field        | Value                                                                                  |
+--------------+----------------------------------------------------------------------------------------+
| description  | None                                                                                   |
| id           | @{hex:32}                                                       |
| name         | hpc-portal                                                                             |
| secret       | @{S} |
| unrestricted | False                                                                                  |
+--------------+----------------------------------------------------------------------------------------+""")
t("out-gcloud-print-access-token", "ya29", "print-access-token", r"""$ gcloud auth print-access-token --impersonate-service-account=ota-signer@aurora-fw.iam.gserviceaccount.com
WARNING: This command is using service account impersonation. All API calls will be executed as [ota-signer@aurora-fw.iam.gserviceaccount.com].
@{S}""")
t("out-az-ad-sp-create-for-rbac", "azsecret", "appId", r"""$ az ad sp create-for-rbac --name gh-actions-backup --role Contributor --scopes /subscriptions/@{uuid}/resourceGroups/rg-backup
{
  "appId": "@{uuid#a}",
  "displayName": "gh-actions-backup",
  "password": "@{S}",
  "tenant": "@{uuid#t}"
}""")
t("out-racadm-get-snmp-community", "pwleet", "AgentEnable", r"""$ racadm get iDRAC.SNMP
[Key=iDRAC.Embedded.1#SNMP.1]
AgentCommunity=@{S}
AgentEnable=Enabled
AlertPort=162
DiscoveryPort=161
SNMPProtocol=All
TrapFormat=SNMPv1""")
t("out-cat-bind-private-key-file", "b64:32", "Algorithm: 13", r"""$ sudo cat /etc/bind/keys/K@{org}.+013+@{int:10000-65000}.private
Private-key-format: v1.3
Algorithm: 13 (ECDSAP256SHA256)
PrivateKey: @{S}
Created: 20@{int:22-25}0@{int:1-9}1@{int:0-9}083211
Publish: 20@{int:22-25}0@{int:1-9}1@{int:0-9}083211
Activate: 20@{int:22-25}0@{int:1-9}1@{int:0-9}083211""")
t("out-tsig-keygen-stanza", "tsig", "algorithm hmac-sha256", r"""$ tsig-keygen -a hmac-sha256 xfr-ns2
key "xfr-ns2" {
	algorithm hmac-sha256;
	secret "@{S}";
};""")
t("out-wg-showconf-private", "wgkey", "ListenPort = 51820", r"""$ sudo wg showconf wg0
[Interface]
ListenPort = 51820
FwMark = 0xca6c
PrivateKey = @{S}

[Peer]
PublicKey = @{b64:32}
AllowedIPs = 10.99.0.2/32
Endpoint = @{pubip}:51820""")
t("out-gitea-admin-random-password", "an:20", "has been successfully created", r"""$ sudo -u git gitea admin user create --username release-bot --email bot@@{org} --random-password --must-change-password=false
generated random password is '@{S}'
New user 'release-bot' has been successfully created!""")
t("out-cat-jenkins-initial-admin", "hex:32", "initialAdminPassword", r"""$ docker exec jenkins cat /var/jenkins_home/secrets/initialAdminPassword
@{S}""")
t("out-elasticsearch-reset-password", "an:20", "elasticsearch-reset-password", r"""$ bin/elasticsearch-reset-password -u elastic -b
Password for the [elastic] user successfully reset.
New value: @{S}""")
t("out-argocd-initial-password", "an:16", "first time login", r"""$ argocd admin initial-password -n argocd
@{S}

 This password must be only used for first time login. We strongly recommend you update the password using `argocd account update-password`.""")
t("out-cat-unity-ulf", "ulfdev", "SerialMasked", r"""$ cat "/Library/Application Support/Unity/Unity_lic.ulf" | head -12
<?xml version="1.0" encoding="UTF-8"?><root>
    <License id="Terms">
        <MachineBindings>
            <Binding Key="1" Value="@{uuid}"/>
            <Binding Key="2" Value="@{uan:12}"/>
        </MachineBindings>
        <MachineID Value="@{b64:20}"/>
        <SerialHash Value="@{hex:40}"/>
        <SerialMasked Value="E3-@{uan:4}-@{uan:4}-@{uan:4}-XXXX-XXXX"/>
        <DeveloperData Value="@{S}"/>""", 1)
t("out-cat-steam-config-vdf-connectcache", "steamcc", "ConnectCache", r"""$ cat ~/Steam/config/config.vdf | sed -n '1,20p'
"InstallConfigStore"
{
	"Software"
	{
		"Valve"
		{
			"Steam"
			{
				"ConnectCache"
				{
					"@{hex:8}"		"@{S}"
				}
				"CellIDServerOverride"		"@{int:1-99}"
			}
		}
	}
}""")
t("out-cat-p4tickets", "p4t", "p4build", r"""$ cat ~/.p4tickets
ssl:p4.larkspur-games.com:1666=p4build:@{S}""")
t("out-p4-login-p-nolabel", "p4t", "p4build", r"""$ p4 -u p4build login -p
Enter password:
@{S}""")
t("out-cat-steamguard-mafile", "shared", "account_name", r"""$ jq '{account_name, shared_secret, device_id, server_time}' maFiles/@{dig:17}.maFile
{
  "account_name": "larkspur_build",
  "shared_secret": "@{S}",
  "device_id": "android:@{uuid}",
  "server_time": @{int:1690000000-1740000000}
}""")
t("out-eas-credentials-keystore", "pw", "Key Alias", r"""$ eas credentials -p android
Android Credentials
Project                 @vireo/field-app
Application Identifier  com.vireo.field

Keystore
Type                JKS
Key Alias           upload
MD5 Fingerprint     @{HEX:2}:@{HEX:2}:@{HEX:2}:@{HEX:2}:@{HEX:2}:@{HEX:2}:@{HEX:2}:@{HEX:2}:@{HEX:2}:@{HEX:2}:@{HEX:2}:@{HEX:2}:@{HEX:2}:@{HEX:2}:@{HEX:2}:@{HEX:2}
Keystore Password   @{S}
Key Password        @{S}""")
t("out-openssl-pkcs12-nodes", "pem:pkcs8", "friendlyName", r"""$ openssl pkcs12 -in apns-prod.p12 -nodes -passin env:P12_PASS | sed -n '1,14p'
Bag Attributes
    friendlyName: Apple Push Services: com.mossgrove.app
    localKeyID: @{HEX:2} @{HEX:2} @{HEX:2} @{HEX:2} @{HEX:2} @{HEX:2} @{HEX:2} @{HEX:2}
Key Attributes: <No Attributes>
-----BEGIN PRIVATE KEY-----
@{S}
-----END PRIVATE KEY-----""")
t("out-cat-id-ed25519", "pem:ssh", "BEGIN OPENSSH PRIVATE KEY", r"""$ cat ~/.ssh/id_ed25519_deploy
-----BEGIN OPENSSH PRIVATE KEY-----
@{S}
-----END OPENSSH PRIVATE KEY-----""")
t("out-gpg-export-secret-armor", "pgpbody", "BEGIN PGP PRIVATE KEY BLOCK", r"""$ gpg --export-secret-keys --armor @{HEX:16} | head -12
-----BEGIN PGP PRIVATE KEY BLOCK-----

@{S}""")
t("out-age-keygen", "agekey", "public key: age1", r"""$ age-keygen
# created: @{date}T@{time}+02:00
# public key: age1@{lan:58}
@{S}""")
t("out-cat-minisign-key", "minisign", "untrusted comment", r"""$ cat ~/.minisign/minisign.key
untrusted comment: minisign encrypted secret key
@{S}""")
t("out-curl-oauth-token-response", "jwt", "token_type", r"""$ curl -s -X POST https://auth.@{org}/oauth/token -H 'Content-Type: application/json' -d @client.json | jq .
{
  "access_token": "@{S}",
  "token_type": "Bearer",
  "expires_in": 86400,
  "scope": "read:samples write:results"
}""")
t("out-gh-api-installation-token", "ghs", "expires_at", r"""$ gh api -X POST /app/installations/@{int:10000000-59999999}/access_tokens --jq '{token, expires_at}'
{
  "expires_at": "@{ts}",
  "token": "@{S}"
}""")
t("out-gitlab-api-create-pat", "glpat", "release-2025", r"""$ curl -s --request POST --header "PRIVATE-TOKEN: $GL_ADMIN_TOKEN" --data "name=release-2025" --data "scopes[]=api" "https://gitlab.oakshade.dev/api/v4/users/@{int:10-99}/personal_access_tokens" | jq .
{
  "id": @{int:100-999},
  "name": "release-2025",
  "revoked": false,
  "created_at": "@{ts}",
  "scopes": [
    "api"
  ],
  "user_id": @{int:10-99},
  "active": true,
  "expires_at": "@{date}",
  "token": "@{S}"
}""")
t("out-npm-token-create-table", "npm", "cidr_whitelist", r"""$ npm token create --read-only=false
┌────────────────┬──────────────────────────────────────────┐
│ token          │ @{S} │
├────────────────┼──────────────────────────────────────────┤
│ readonly       │ false                                    │
├────────────────┼──────────────────────────────────────────┤
│ cidr_whitelist │                                          │
├────────────────┼──────────────────────────────────────────┤
│ created        │ @{ts}                 │
└────────────────┴──────────────────────────────────────────┘""")
t("out-cat-docker-config-auth", "b64up", "registry.gitlab.com", r"""$ cat ~/.docker/config.json
{
	"auths": {
		"registry.gitlab.com": {
			"auth": "@{S}"
		}
	},
	"credsStore": ""
}""")
t("out-cat-pgpass-lines", "pw", "lims_ro", r"""$ cat ~/.pgpass
db01.lab.local:5432:lims:lims_ro:@{S}
localhost:5432:*:postgres:*""")
t("out-cat-my-cnf-client", "spw:18", "[mysqldump]", r"""$ sudo cat /root/.my.cnf
[client]
user=root
password="@{S}"

[mysqldump]
quick
max_allowed_packet=512M""")
t("out-cat-aws-credentials-profiles", "awssk", "[ota-uploader]", r"""$ cat ~/.aws/credentials
[default]
region = eu-central-1

[ota-uploader]
aws_access_key_id = @{akid}
aws_secret_access_key = @{S}""")
t("out-cat-rclone-conf-obscured", "b64u:46", "type = sftp", r"""$ cat ~/.config/rclone/rclone.conf
[labnas]
type = sftp
host = nas-lab2.lab.local
user = rclone
pass = @{S}
shell_type = unix
md5sum_command = md5sum""")
t("out-cat-wpa-supplicant", "pwphrase", "key_mgmt=WPA-PSK", r"""$ sudo cat /etc/wpa_supplicant/wpa_supplicant.conf
ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev
update_config=1
country=DE

network={
	ssid="Werkhalle-IoT"
	psk="@{S}"
	key_mgmt=WPA-PSK
}""")
t("out-cat-chap-secrets", "pw", "chap-secrets", r"""$ sudo cat /etc/ppp/chap-secrets
# Secrets for authentication using CHAP
# client        server  secret                  IP addresses
lte-modem@{int:1-9}       *       "@{S}"        *""")
t("out-cat-cifs-credentials", "pw", "domain=LAB", r"""$ sudo cat /root/.smbcredentials-rawdata
username=msuser
password=@{S}
domain=LAB""")
t("out-cat-fetchmailrc", "pw", "poll imap", r"""$ cat ~/.fetchmailrc
set daemon 300
poll imap.@{org} protocol IMAP
  user 'invoices@@{org}' there with password '@{S}' is 'invoices' here
  ssl
  keep""")
t("out-cat-msmtprc", "pw", "account default", r"""$ cat ~/.msmtprc
defaults
auth           on
tls            on
tls_trust_file /etc/ssl/certs/ca-certificates.crt
account        lab
host           smtp.@{org}
port           587
from           hpc-notify@@{org}
user           hpc-notify@@{org}
password       @{S}
account default : lab""")
t("out-cat-ipsec-secrets", "spw:32", "ipsec.secrets", r"""$ sudo cat /etc/ipsec.secrets
# /etc/ipsec.secrets - strongSwan IPsec secrets file
@{pubip} @{pubip#2} : PSK "@{S}" """)
t("out-ldapsearch-userpassword-b64", "b64pw", "uid=svc-backup", r"""$ ldapsearch -LLL -x -H ldap://ldap.lab.local -b "ou=services,dc=lab,dc=local" "(uid=svc-backup)" uid userPassword
dn: uid=svc-backup,ou=services,dc=lab,dc=local
uid: svc-backup
userPassword:: @{S}""")
t("out-tcpdump-mqtt-connect", "pw", "MQTT", r"""$ sudo tcpdump -i eth0 -A -s0 'tcp port 1883' -c 4
14:02:11.104522 IP @{ip}.51244 > @{ip#b}.1883: Flags [P.], seq 1:61, ack 1, win 502, length 60
E..d..@.@.....
.....MQTT..."..<..press04-@{hex:6}..line2-press..@{S}
14:02:11.106911 IP @{ip#b}.1883 > @{ip}.51244: Flags [P.], seq 1:5, ack 61, win 509, length 4
E..,..@.@....
........ ....""")
t("out-tshark-http-authbasic", "pw", "http.authbasic", r"""$ tshark -r hmi-capture.pcapng -Y 'http.authorization' -T fields -e ip.src -e http.request.uri -e http.authbasic
@{ip}	/cgi-bin/setpoints.cgi	plc_eng:@{S}
@{ip}	/cgi-bin/alarms.cgi	plc_eng:@{S}""")
t("out-tshark-ftp-pass", "pw", "instrument", r"""$ tshark -r ftp.pcap -Y ftp.request -T fields -e ftp.request.command -e ftp.request.arg
USER	instrument
PASS	@{S}
TYPE	I
PASV	
STOR	run_@{date}.raw""")
t("out-curl-verbose-basic-header", "b64pw", "> Authorization: Basic", r"""$ curl -v http://@{ip}/api/v1/config -u admin
Enter host password for user 'admin':
*   Trying @{ip}:80...
* Connected to @{ip} (@{ip}) port 80
> GET /api/v1/config HTTP/1.1
> Host: @{ip}
> Authorization: Basic @{S}
> User-Agent: curl/8.5.0
> Accept: */*
>
< HTTP/1.1 200 OK
< Content-Type: application/json""")
t("out-httpie-print-headers-bearer", "jwt", "X-Request-Id", r"""$ http --print=Hh GET https://api.@{org}/v1/ledger/accounts "Authorization:Bearer $TOKEN"
GET /v1/ledger/accounts HTTP/1.1
Accept: */*
Authorization: Bearer @{S}
Host: api.@{org}
User-Agent: HTTPie/3.2.2

HTTP/1.1 200 OK
Content-Type: application/json
X-Request-Id: @{uuid}""")
t("out-grep-rn-password-config", "pw", "config/plc.yaml", r"""$ grep -rn -i "password" config/
config/hmi.yaml:22:  # password is set per-station, see docs/hmi.md
config/plc.yaml:14:  password: @{S}
config/README.md:7:Never commit the password in plain text.""")
t("out-git-log-p-added-key", "hex:32", "diff --git", r"""$ git log -p -1 -- settings/production.ini
commit @{sha}
Author: @{first} @{last} <@{email}>
Date:   @{pick:Mon|Tue|Wed|Thu|Fri} Mar @{int:10-28} 14:@{int:10-59}:02 2025 +0100

    temp: hardcode datadog key until vault is back

diff --git a/settings/production.ini b/settings/production.ini
index @{short}..@{short#b} 100644
--- a/settings/production.ini
+++ b/settings/production.ini
@@ -12,3 +12,3 @@
 [metrics]
-dd_api_key = ${DD_API_KEY}
+dd_api_key = @{S}
 dd_site = datadoghq.eu""")
t("out-pytest-assert-config-dict", "spw:20", "AssertionError", r"""$ pytest tests/test_config.py -q
F                                                                        [100%]
=================================== FAILURES ===================================
___________________________ test_loads_instrument_db ___________________________

    def test_loads_instrument_db():
        cfg = load_config("config/site-b.toml")
>       assert cfg["instrument_db"] == {"host": "sql-lab01", "user": "spectra_app"}
E       AssertionError: assert {'host': 'sql-lab01', 'user': 'spectra_app', 'password': '@{S}'} == {'host': 'sql-lab01', 'user': 'spectra_app'}
E         Left contains 1 more item:
E         {'password': '@{S}'}

tests/test_config.py:18: AssertionError
1 failed in 0.21s""")
t("out-ansible-vvv-module-args", "pw", "idrac_redfish_command", r"""TASK [Reboot host via Redfish] *************************************************
fatal: [rack12-u07]: FAILED! => {"changed": false, "invocation": {"module_args": {"baseuri": "@{ip}", "category": "Systems", "command": ["PowerGracefulRestart"], "password": "@{S}", "resource_id": "System.Embedded.1", "timeout": 10, "username": "root"}}, "msg": "HTTP Error 401 on POST request to 'https://@{ip}/redfish/v1/Systems/System.Embedded.1/Actions/ComputerSystem.Reset'"}
module: dellemc.openmanage.idrac_redfish_command""")
t("out-terraform-plan-plain-password", "pw", "proxmox_vm_qemu", r"""  # proxmox_vm_qemu.pxe will be created
  + resource "proxmox_vm_qemu" "pxe" {
      + agent       = 1
      + ciuser      = "ops"
      + cipassword  = "@{S}"
      + cores       = 2
      + memory      = 4096
      + name        = "pxe02"
      + target_node = "pve-r4"
    }

Plan: 1 to add, 0 to change, 0 to destroy.""")
t("out-pulumi-stack-output-secrets", "spw:24", "show-secrets", r"""$ pulumi stack output --show-secrets -s prod
Current stack outputs (4):
    OUTPUT            VALUE
    bucketName        lab-archive-@{hex:7}
    dbEndpoint        lims-prod.@{lan:12}.eu-central-1.rds.amazonaws.com
    dbPassword        @{S}
    vpcId             vpc-@{hex:17}""")
t("out-kubectl-exec-env", "spw:26", "REDCAP_URL", r"""$ kubectl -n lab exec deploy/redcap-sync -- env | sort
HOME=/root
HOSTNAME=redcap-sync-@{lan:10}-@{lan:5}
KUBERNETES_PORT=tcp://10.96.0.1:443
REDCAP_API_TOKEN=@{S}
REDCAP_URL=https://redcap.@{org}/api/
TZ=Europe/Berlin""")
t("out-docker-exec-cat-run-secret", "spw:24", "/run/secrets/db_root_password", r"""$ docker exec mailstack-db-1 cat /run/secrets/db_root_password
@{S}
$ docker exec mailstack-db-1 mariadb -uroot -p"$(cat db_root)" -e 'select 1'""")
t("out-jenkins-script-console-decrypt", "ghp", "hudson.util.Secret", r"""println(hudson.util.Secret.decrypt("{AQAAABAAAAAw@{b64n:60}}"))

Result
@{S}""")
t("out-heroku-pg-credentials-url", "lan:64", "Connection URL", r"""$ heroku pg:credentials:url DATABASE -a release-notes-bot
Connection information for default credential.
Connection info string:
   "dbname=d@{lan:13} host=ec2-@{int:3-54}-@{int:1-250}-@{int:1-250}-@{int:1-250}.eu-west-1.compute.amazonaws.com port=5432 user=u@{lan:12} sslmode=require"
Connection URL:
   postgres://u@{lan:12#x}:@{S}@ec2-@{int:3-54#y}-@{int:1-250#y}-@{int:1-250#y}-@{int:1-250#y}.eu-west-1.compute.amazonaws.com:5432/d@{lan:13#x}""")
t("out-redis-monitor-auth", "spw:22", "MONITOR", r"""$ redis-cli -h @{ip} MONITOR
OK
1710@{dig:6}.@{dig:6} [0 @{ip#c}:51880] "AUTH" "@{S}"
1710@{dig:6#b}.@{dig:6#b} [0 @{ip#c}:51880] "SELECT" "2"
1710@{dig:6#c}.@{dig:6#c} [2 @{ip#c}:51880] "LPUSH" "jobs:render" "{\"scene\":\"forest_07\"}" """)
t("out-pg-stat-activity-alter-role", "pw", "pg_stat_activity", r"""lims=# SELECT pid, usename, state, query FROM pg_stat_activity WHERE state <> 'idle';
  pid  | usename  | state  |                     query
-------+----------+--------+-----------------------------------------------
 @{pid} | postgres | active | ALTER ROLE lims_app WITH PASSWORD '@{S}'
 @{pid#2} | postgres | active | SELECT pid, usename, state, query FROM pg_stat_activity WHERE state <> 'idle';
(2 rows)""")
t("out-bash-history-tail", "pw", ".bash_history", r"""$ tail -n 6 ~/.bash_history
cd /opt/instrument-bridge
vim config.ini
sudo systemctl restart instrument-bridge
mysql -u bridge -p@{S} bridge_db
journalctl -u instrument-bridge -n 50
exit""")
t("out-crontab-l-backup", "spw:16", "crontab -l", r"""$ crontab -l
# m h  dom mon dow   command
15 2 * * * /usr/local/bin/backup-mail.sh >> /var/log/backup-mail.log 2>&1
30 3 * * 0 mysqldump -u backup -p'@{S}' --all-databases | gzip > /srv/backup/weekly.sql.gz
*/5 * * * * /usr/local/bin/check-raid.sh""")
t("out-kibana-enrollment-token", "b64:180", "elasticsearch-create-enrollment-token", r"""$ bin/elasticsearch-create-enrollment-token -s kibana
@{S}""", 1)
t("out-cosign-key-cat", "pem:pkcs8", "ENCRYPTED SIGSTORE PRIVATE KEY", r"""$ cat cosign.key
-----BEGIN ENCRYPTED SIGSTORE PRIVATE KEY-----
@{S}
-----END ENCRYPTED SIGSTORE PRIVATE KEY-----""", 1)
t("out-az-ad-app-credential-reset", "azsecret", "credential reset", r"""$ az ad app credential reset --id @{uuid} --display-name docusign-connector --years 1
The output includes credentials that you must protect. Be sure that you do not include these credentials in your code or check the credentials into your source control. For more information, see https://aka.ms/azadsp-cli
{
  "appId": "@{uuid}",
  "password": "@{S}",
  "tenant": "@{uuid#t}"
}""")

GEN["pemind"] = lambda a="p8": pem_body(a or "p8", sep="\n    ")
GEN["accesshash"] = lambda a=None: "\n".join(hexs(32) for _ in range(4))
GEN["winscp"] = lambda a=None: "A35C" + rs("0123456789ABCDEF", R.choice([44, 52, 60]))
GEN["influxtok"] = lambda a=None: b64b(64)
CTX.update(GEN)

# ---------------------------------------------------------------- config-file
group("config-file")
t("cfg-plist-backend-client-secret", "an:40", "BackendClientID", r"""Mossgrove/Supporting Files/Backend.plist
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>BackendClientID</key>
	<string>ios-@{lan:8}</string>
	<key>BackendClientSecret</key>
	<string>@{S}</string>
	<key>Environment</key>
	<string>production</string>
</dict>
</plist>""")
t("cfg-xcconfig-release-sentry", "sntryu", "SENTRY_ORG", r"""// Config/Release.xcconfig
#include "Shared.xcconfig"
API_BASE_URL = https:/$()/api.mossgrove.app/v2
SENTRY_ORG = mossgrove
SENTRY_PROJECT = ios
SENTRY_AUTH_TOKEN = @{S}
CODE_SIGN_STYLE = Manual
PROVISIONING_PROFILE_SPECIFIER = match AppStore com.mossgrove.app""")
t("cfg-xcconfig-shared-client-secret", "b64u:43", "OAUTH_CLIENT_ID", r"""// Shared.xcconfig -- values end up in Info.plist via $(VAR)
OAUTH_CLIENT_ID = field-ios
OAUTH_CLIENT_SECRET = @{S}
OAUTH_REDIRECT = com.vireo.field:/$()/oauth""")
t("cfg-gradle-properties-release-signing", "pw", "RELEASE_KEY_ALIAS", r"""# android/gradle.properties
org.gradle.jvmargs=-Xmx4g -Dfile.encoding=UTF-8
android.useAndroidX=true
android.nonTransitiveRClass=true
RELEASE_STORE_FILE=../keystores/release.jks
RELEASE_STORE_PASSWORD=@{S}
RELEASE_KEY_ALIAS=upload
RELEASE_KEY_PASSWORD=@{S}""")
t("cfg-local-properties-sentry-token", "sntryu", "sdk.dir", r"""## This file must *NOT* be checked into Version Control Systems,
# as it contains information specific to your local configuration.
sdk.dir=/Users/@{flow}/Library/Android/sdk
sentry.auth.token=@{S}""")
t("cfg-keystore-properties-flutter", "pwname", "keyAlias=upload", r"""android/key.properties
storePassword=@{S}
keyPassword=@{S}
keyAlias=upload
storeFile=/Users/@{flow}/keys/upload-keystore.jks""")
t("cfg-fastlane-env-default-asp", "asp", "FASTLANE_USER", r"""fastlane/.env.default
FASTLANE_USER=@{email}
FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=@{S}
FASTLANE_ITC_TEAM_ID=@{dig:9}
FASTLANE_SKIP_UPDATE_CHECK=1""")
t("cfg-matchfile-git-basic-auth", "b64up", "git_url", r"""# fastlane/Matchfile
git_url("https://gitlab.oakshade.dev/mobile/certificates.git")
git_basic_authorization("@{S}")
storage_mode("git")
type("appstore")
app_identifier(["com.mossgrove.app", "com.mossgrove.app.widget"])""")
t("cfg-asc-authkey-p8", "pem:p8", "AuthKey_", r"""AuthKey_@{uan:10}.p8
-----BEGIN PRIVATE KEY-----
@{S}
-----END PRIVATE KEY-----""")
t("cfg-fastlane-api-key-json", "pemesc:p8", "issuer_id", r"""fastlane/asc_api_key.json
{
  "key_id": "@{uan:10}",
  "issuer_id": "@{uuid}",
  "key": "-----BEGIN PRIVATE KEY-----\n@{S}\n-----END PRIVATE KEY-----",
  "duration": 1200,
  "in_house": false
}""")
t("cfg-play-service-account-json", "pemesc:pkcs8", "client_email", r"""{
  "type": "service_account",
  "project_id": "api-@{dig:16}-@{dig:6}",
  "private_key_id": "@{hex:40}",
  "private_key": "-----BEGIN PRIVATE KEY-----\n@{S}\n-----END PRIVATE KEY-----\n",
  "client_email": "fastlane-supply@api-@{dig:16}-@{dig:6}.iam.gserviceaccount.com",
  "client_id": "1@{dig:20}",
  "auth_uri": "https://accounts.google.com/o/oauth2/auth",
  "token_uri": "https://oauth2.googleapis.com/token"
}""")
t("cfg-firebase-adminsdk-json", "pemesc:pkcs8", "universe_domain", r"""mossgrove-prod-firebase-adminsdk-@{lan:5}-@{hex:10}.json
{"type":"service_account","project_id":"mossgrove-prod","private_key_id":"@{hex:40}","private_key":"-----BEGIN PRIVATE KEY-----\n@{S}\n-----END PRIVATE KEY-----\n","client_email":"firebase-adminsdk-@{lan:5}@mossgrove-prod.iam.gserviceaccount.com","universe_domain":"googleapis.com"}""")
t("cfg-unity-playfab-shared-settings-asset", "playfab", "TitleId", r"""Assets/PlayFabSDK/Shared/Public/Resources/PlayFabSharedSettings.asset
%YAML 1.1
%TAG !u! tag:unity3d.com,2011:
--- !u!114 &11400000
MonoBehaviour:
  m_ObjectHideFlags: 0
  m_Script: {fileID: 11500000, guid: @{hex:32}, type: 3}
  m_Name: PlayFabSharedSettings
  TitleId: @{HEX:5}
  DeveloperSecretKey: @{S}
  ProductionEnvironmentUrl: 
  RequestType: 0
  RequestTimeout: 2000""")
t("cfg-unreal-defaultengine-eos-artifact", "eos", "OnlineSubsystemEOS", r"""Config/DefaultEngine.ini
[/Script/OnlineSubsystemEOS.EOSSettings]
CacheDir=CacheDir
DefaultArtifactName=CozyFarmLive
bEnableOverlay=True
+Artifacts=(ArtifactName="CozyFarmLive",ClientId="xyza7891@{an:24}",ClientSecret="@{S}",ProductId="@{hex:32}",SandboxId="@{hex:32#s}",DeploymentId="@{hex:32#d}",EncryptionKey="")""")
t("cfg-unreal-crypto-json-pak-key", "b64:32", "bEnablePakSigning", r"""Config/Crypto.json (generated by Project Settings > Crypto)
{
  "EncryptionKey": {
    "Name": null,
    "Guid": null,
    "Key": "@{S}"
  },
  "SecondaryEncryptionKeys": [],
  "bEnablePakIndexEncryption": true,
  "bEnablePakIniEncryption": true,
  "bEnablePakUAssetEncryption": false,
  "bEnablePakSigning": false
}""")
t("cfg-godot-export-credentials", "pw", "keystore/release_user", r"""; .godot/export_credentials.cfg
[preset.0]

script_export_mode=2

[preset.0.options]

keystore/debug=""
keystore/release="res://keys/release.keystore"
keystore/release_user="upload"
keystore/release_password="@{S}" """)
t("cfg-lua-dedicated-server", "pwleet", "max_players", r"""-- server/config.lua
return {
  server_name   = "Tessellate EU #@{int:1-9}",
  max_players   = 64,
  tick_rate     = 60,
  rcon = {
    enabled  = true,
    port     = 27015,
    password = "@{S}",
  },
  motd = "Welcome! Be nice.",
}""")
t("cfg-toml-game-backend", "an:40", "[matchmaking]", r"""# backend/config/prod.toml
[server]
bind = "0.0.0.0:7777"
region = "eu-central"

[matchmaking]
queue = "ranked-2v2"

[photon]
app_id = "@{uuid}"
custom_auth_secret = "@{S}"
""")
t("cfg-yaml-game-live-ops", "playfab", "title_id", r"""live-ops/config/production.yaml
playfab:
  title_id: "@{HEX:5}"
  secret_key: "@{S}"
  cloudscript_revision: @{int:40-220}
discord:
  announce_channel: "1@{dig:18}" """)
t("cfg-minecraft-server-properties-rcon", "pw", "enable-rcon=true", r"""server.properties
#Minecraft server properties
enable-rcon=true
rcon.port=25575
rcon.password=@{S}
motd=Lab outreach server
max-players=40
online-mode=true""")
t("cfg-ark-gameusersettings-ini", "pwname", "SessionName", r"""ShooterGame/Saved/Config/WindowsServer/GameUserSettings.ini
[ServerSettings]
ServerAdminPassword=@{S}
DifficultyOffset=1.0
RCONEnabled=True
RCONPort=27020

[SessionSettings]
SessionName=Studio Friday Night""")
t("cfg-jsonc-vscode-sqltools", "pw", "sqltools.connections", r"""// .vscode/settings.json
{
  "editor.formatOnSave": true,
  // TODO move to env before pushing!!
  "sqltools.connections": [
    {
      "driver": "PostgreSQL",
      "name": "lims-staging",
      "server": "lims-db-stg.lab.local",
      "port": 5432,
      "database": "lims",
      "username": "lims_dev",
      "password": "@{S}"
    }
  ]
}""")
t("cfg-jsonc-devcontainer-remoteenv", "playfab", "remoteEnv", r"""// .devcontainer/devcontainer.json
{
  "name": "live-ops",
  "image": "mcr.microsoft.com/devcontainers/typescript-node:20",
  // secrets for local testing only
  "remoteEnv": {
    "PLAYFAB_TITLE_ID": "@{HEX:5}",
    "PLAYFAB_SECRET_KEY": "@{S}"
  },
  "postCreateCommand": "npm ci"
}""")
t("cfg-json5-renovate-hostrules", "ghp", "hostRules", r"""// renovate.json5
{
  extends: ['config:recommended'],
  hostRules: [
    {
      matchHost: 'npm.pkg.github.com',
      hostType: 'npm',
      token: '@{S}', // FIXME encrypt
    },
  ],
}""")
t("cfg-ros2-params-mqtt-bridge", "pw", "ros__parameters", r"""config/mqtt_bridge.yaml
mqtt_client:
  ros__parameters:
    broker:
      host: mqtt.plant3.local
      port: 8883
      user: agv-@{int:1-30}
      pass: @{S}
      tls:
        enabled: true
        ca_certificate: /etc/ssl/plant3-ca.pem""")
t("cfg-ros-launch-xml-arg-default", "pw", "rosbridge", r"""<launch>
  <arg name="mqtt_user" default="arm_cell_2"/>
  <arg name="mqtt_password" default="@{S}"/>
  <include file="$(find-pkg-share rosbridge_server)/launch/rosbridge_websocket_launch.xml"/>
</launch>""")
t("cfg-mosquitto-bridge-conf", "spw:24", "remote_username", r"""# /etc/mosquitto/conf.d/bridge-cloud.conf
connection cloud-bridge
address broker.@{org}:8883
bridge_cafile /etc/mosquitto/certs/ca.pem
remote_clientid plant3-edge
remote_username plant3-edge
remote_password @{S}
topic telemetry/# out 1 plant3/ cloud/plant3/""")
t("cfg-nodered-settings-credential-secret", "hex:32", "flowFile", r"""// ~/.node-red/settings.js
module.exports = {
    flowFile: 'flows.json',
    credentialSecret: "@{S}",
    uiPort: process.env.PORT || 1880,
    adminAuth: require("./user-authentication"),
}""")
t("cfg-telegraf-influxdb-v2-token", "influxtok", "outputs.influxdb_v2", r"""# /etc/telegraf/telegraf.d/output.conf
[[outputs.influxdb_v2]]
  urls = ["https://influx.plant3.local:8086"]
  token = "@{S}"
  organization = "plant3"
  bucket = "plc"

[[inputs.modbus]]
  name = "press04"
  controller = "tcp://@{ip}:502" """)
t("cfg-hmi-user-export-csv", "pw", "Administrators", r"""HMI_Users_Export_Line2.csv
User;Password;Group;Logoff time;Authorization level
Operator;;Operators;5;100
Engineer;@{S};Administrators;15;1000
Service;;Service;10;500""")
t("cfg-scada-gateway-db-connection-xml", "pw", "<username>historian</username>", r"""<!-- gateway_backup/db_connections.xml -->
<connection name="Historian" driver="MSSQL JTDS">
  <connectUrl>jdbc:jtds:sqlserver://sql-ot01:1433/historian</connectUrl>
  <username>historian</username>
  <password>@{S}</password>
  <validationQuery>SELECT 1</validationQuery>
</connection>""")
t("cfg-serial-gateway-backup-ini", "pw", "[admin]", r"""; MGate backup @{date} (gw-modbus-04)
[network]
ip=@{ip}
netmask=255.255.255.0
[serial1]
baud=19200
parity=even
mode=RTU
[admin]
user=admin
password=@{S}""")
t("cfg-yocto-local-conf-mender-tenant", "jwt", "MENDER_SERVER_URL", r"""# build/conf/local.conf (excerpt)
MACHINE ??= "imx8mm-edge"
DISTRO ?= "poky"
INHERIT += "mender-full"
MENDER_SERVER_URL = "https://eu.hosted.mender.io"
MENDER_TENANT_TOKEN = "@{S}"
IMAGE_FSTYPES:append = " sdimg.bmap" """)
t("cfg-yocto-site-conf-premirrors-token", "glpat", "PREMIRRORS", r"""# conf/site.conf
DL_DIR = "/srv/yocto/downloads"
SSTATE_DIR = "/srv/yocto/sstate"
PREMIRRORS:prepend = "\
    git://.*/.* https://ci:@{S}@gitlab.oakshade.dev/mirrors/yocto-dl/-/raw/main/ \
"
""")
t("cfg-mender-conf-json", "jwt", "ServerURL", r"""/etc/mender/mender.conf
{
  "InventoryPollIntervalSeconds": 28800,
  "RetryPollIntervalSeconds": 300,
  "ServerURL": "https://eu.hosted.mender.io",
  "TenantToken": "@{S}",
  "UpdatePollIntervalSeconds": 1800
}""")
t("cfg-swupdate-libconfig-suricatta", "hex:32", "tenant", r"""/etc/swupdate.cfg
globals: {
	verbose = true;
	loglevel = 5;
};
suricatta: {
	url = "https://hawkbit.@{org}";
	tenant = "default";
	id = "edge-@{hex:6}";
	gatewaytoken = "@{S}";
	polldelay = 300;
};""")
t("cfg-wpa-supplicant-psk-hex", "hex:64", "ssid=", r"""network={
    ssid="Werkhalle-IoT"
    psk=@{S}
    key_mgmt=WPA-PSK
    priority=10
}""")
t("cfg-netplan-wifi-password", "pwphrase", "access-points", r"""# /etc/netplan/50-wifi.yaml
network:
  version: 2
  wifis:
    wlan0:
      dhcp4: true
      access-points:
        "RoboLab-5G":
          password: "@{S}" """)
t("cfg-hostapd-conf-passphrase", "pwphrase", "wpa_key_mgmt=WPA-PSK", r"""interface=wlan0
driver=nl80211
ssid=agv-maint
hw_mode=g
channel=6
wpa=2
wpa_passphrase=@{S}
wpa_key_mgmt=WPA-PSK
rsn_pairwise=CCMP""")
t("cfg-networkmanager-keyfile-psk", "pw", "key-mgmt=wpa-psk", r"""/etc/NetworkManager/system-connections/LabNet.nmconnection
[connection]
id=LabNet
uuid=@{uuid}
type=wifi

[wifi]
mode=infrastructure
ssid=LabNet-5G

[wifi-security]
key-mgmt=wpa-psk
psk=@{S}""")
t("cfg-ttn-device-root-keys-yaml", "HEX:32", "join_eui", r"""# devices/soil-probe-@{int:10-99}.yaml (ttn-lw-cli end-devices get --root-keys)
ids:
  device_id: soil-probe-@{int:10-99}
  dev_eui: @{HEX:16}
  join_eui: @{HEX:16#j}
lorawan_version: MAC_V1_0_3
root_keys:
  app_key:
    key: @{S}""")
t("cfg-esphome-secrets-yaml", "b64:32", "wifi_ssid", r"""# esphome/secrets.yaml
wifi_ssid: "Werkhalle-IoT"
api_encryption_key: "@{S}"
ota_password: !secret_from_env OTA_PW""")
t("cfg-platformio-ini-ota-auth", "pw", "upload_protocol = espota", r"""[env:press-monitor-ota]
platform = espressif32
board = esp32dev
framework = arduino
upload_protocol = espota
upload_port = @{ip}
upload_flags =
    --port=3232
    --auth=@{S}""")
t("cfg-whm-accesshash-file", "accesshash", "/root/.accesshash", r"""# /root/.accesshash on whm01 (legacy WHM remote access key, first lines)
@{S}""", 1)
t("cfg-idrac-scp-xml-user-password", "pw", "Users.3#UserName", r"""<SystemConfiguration Model="PowerEdge R750" ServiceTag="@{uan:7}" TimeStamp="@{date}T10:02:11">
<Component FQDD="iDRAC.Embedded.1">
  <Attribute Name="Users.3#UserName">ops</Attribute>
  <Attribute Name="Users.3#Password">@{S}</Attribute>
  <Attribute Name="Users.3#Privilege">511</Attribute>
  <Attribute Name="Users.3#Enable">Enabled</Attribute>
</Component>
</SystemConfiguration>""")
t("cfg-ilo-ribcl-login", "pw", "USER_LOGIN", r"""<!-- set_ntp.xml, run with hponcfg -f -->
<RIBCL VERSION="2.0">
  <LOGIN USER_LOGIN="Administrator" PASSWORD="@{S}">
    <RIB_INFO MODE="write">
      <MOD_NETWORK_SETTINGS>
        <SNTP_SERVER1 value="10.0.0.1"/>
      </MOD_NETWORK_SETTINGS>
    </RIB_INFO>
  </LOGIN>
</RIBCL>""")
t("cfg-kickstart-rootpw-plaintext", "pw", "timezone Europe/Berlin", r"""# pxe/ks/rocky9-compute.cfg
text
lang en_US.UTF-8
keyboard de
timezone Europe/Berlin --utc
rootpw --plaintext @{S}
network --bootproto=dhcp --device=link --activate
%packages
@^minimal-environment
%end""")
t("cfg-preseed-root-password", "pw", "passwd/root-password-again", r"""# preseed/bookworm-node.cfg
d-i passwd/root-login boolean true
d-i passwd/root-password password @{S}
d-i passwd/root-password-again password @{S}
d-i passwd/make-user boolean false""")
t("cfg-cloud-init-chpasswd-list", "pw", "chpasswd:", r"""#cloud-config
hostname: pxe-node-@{int:10-99}
ssh_pwauth: false
chpasswd:
  expire: false
  users:
    - name: ubuntu
      password: @{S}
      type: text""")
t("cfg-autounattend-admin-password", "pw", "AdministratorPassword", r"""<UserAccounts>
  <AdministratorPassword>
    <Value>@{S}</Value>
    <PlainText>true</PlainText>
  </AdministratorPassword>
</UserAccounts>
<AutoLogon><Username>Administrator</Username><Enabled>true</Enabled><LogonCount>1</LogonCount></AutoLogon>""")
t("cfg-ipxe-script-credentials", "pw", "set username pxe", r"""#!ipxe
dhcp
set username pxe
set password @{S}
chain http://pxe01.mgmt.@{org}/boot/menu.ipxe""")
t("cfg-rndc-key-file", "tsig", "rndc-key", r"""/etc/bind/rndc.key
key "rndc-key" {
	algorithm hmac-sha256;
	secret "@{S}";
};""")
t("cfg-pdns-conf-api-key", "an:24", "webserver-port", r"""# /etc/powerdns/pdns.conf
launch=gmysql
gmysql-socket=/run/mysqld/mysqld.sock
api=yes
api-key=@{S}
webserver=yes
webserver-address=127.0.0.1
webserver-port=8081""")
t("cfg-octodns-yaml-cloudflare", "cftok", "CloudflareProvider", r"""# octodns/config.yaml
providers:
  config:
    class: octodns.provider.yaml.YamlProvider
    directory: ./zones
  cloudflare:
    class: octodns_cloudflare.CloudflareProvider
    token: @{S}
zones:
  @{org}.:
    sources: [config]
    targets: [cloudflare]""")
t("cfg-dnscontrol-creds-json", "cftok", "CLOUDFLAREAPI", r"""creds.json
{
  "cloudflare": {
    "TYPE": "CLOUDFLAREAPI",
    "accountid": "@{hex:32}",
    "apitoken": "@{S}"
  },
  "bind": { "TYPE": "BIND" }
}""")
t("cfg-bird-bgp-password", "pw", "protocol bgp transit1", r"""protocol bgp transit1 {
	local @{pubip} as 6@{int:4512-4999};
	neighbor @{pubip#n} as 1@{int:1000-9999};
	password "@{S}";
	ipv4 { import filter transit_in; export filter announce_out; };
}""")
t("cfg-frr-neighbor-password", "pw", "router bgp", r"""! /etc/frr/frr.conf
router bgp 6@{int:4512-4999}
 bgp router-id @{ip}
 neighbor IX-RS peer-group
 neighbor IX-RS password @{S}
 neighbor @{pubip} peer-group IX-RS
!""")
t("cfg-keepalived-auth-pass", "an:8", "virtual_router_id", r"""vrrp_instance VI_LB {
    state MASTER
    interface bond0
    virtual_router_id 51
    priority 150
    authentication {
        auth_type PASS
        auth_pass @{S}
    }
    virtual_ipaddress { @{ip}/24 }
}""")
t("cfg-postfix-sasl-passwd-file", "pw", "smtp.office365.com", r"""/etc/postfix/sasl_passwd
[smtp.office365.com]:587 scanner@@{org}:@{S}""")
t("cfg-dovecot-ldap-dnpass", "pw", "dn = cn=dovecot", r"""# /etc/dovecot/dovecot-ldap.conf.ext
uris = ldaps://ldap.@{org}
dn = cn=dovecot,ou=services,dc=mail,dc=local
dnpass = @{S}
auth_bind = yes
base = ou=people,dc=mail,dc=local""")
t("cfg-opendkim-private-key", "pem:rsa", "mail.private", r"""/etc/opendkim/keys/@{org}/mail.private
-----BEGIN RSA PRIVATE KEY-----
@{S}
-----END RSA PRIVATE KEY-----""")
t("cfg-roundcube-config-dsn", "spw:18", "db_dsnw", r"""<?php
// config/config.inc.php
$config['db_dsnw'] = 'mysql://roundcube:@{S}@localhost/roundcube';
$config['imap_host'] = 'ssl://mx1.@{org}:993';
$config['smtp_host'] = 'tls://mx1.@{org}:587';
$config['product_name'] = 'Webmail';""")
t("cfg-pve-priv-storage-pw", "spw:20", "pbs-offsite.pw", r"""# cat /etc/pve/priv/storage/pbs-offsite.pw
@{S}""")
t("cfg-bacula-director-password", "b64u:44", "Director {", r"""# bacula-fd.conf
Director {
  Name = backup01-dir
  Password = "@{S}"
}
FileDaemon {
  Name = lims-app01-fd
  FDport = 9102
}""")
t("cfg-restic-env-file", "pwphrase", "B2_ACCOUNT_ID", r"""# /etc/restic/hpc-home.env
RESTIC_REPOSITORY=b2:lab-hpc-backup:/home
RESTIC_PASSWORD=@{S}
B2_ACCOUNT_ID=00@{hex:23}
B2_ACCOUNT_KEY_FILE=/etc/restic/b2.key""")
t("cfg-borgmatic-passphrase", "pwphrase", "source_directories", r"""# /etc/borgmatic/config.yaml
source_directories:
    - /var/vmail
    - /etc
repositories:
    - path: ssh://borg@backup01/./mail
      label: backup01
encryption_passphrase: "@{S}"
keep_daily: 7""")
t("cfg-nut-upsd-users", "pw", "upsmon primary", r"""# /etc/nut/upsd.users
[upsmon]
	password = @{S}
	upsmon primary
[admin]
	actions = SET
	instcmds = ALL""")
t("cfg-snmpd-rocommunity", "pwleet", "sysLocation", r"""# /etc/snmp/snmpd.conf
sysLocation    DC2 Row 4 Rack 12
sysContact     noc@@{org}
rocommunity @{S} 10.40.0.0/16
agentAddress udp:161""")
t("cfg-zabbix-psk-file", "hex:64", "zabbix_agentd.psk", r"""$ sudo cat /etc/zabbix/zabbix_agentd.psk
@{S}
# referenced by TLSPSKFile in zabbix_agentd.conf, TLSPSKIdentity=PSK-@{host}""")
t("cfg-nagios-resource-cfg", "pw", "$USER1$", r"""# /usr/local/nagios/etc/resource.cfg
$USER1$=/usr/local/nagios/libexec
$USER3$=monitor
$USER4$=@{S}""")
t("cfg-grafana-ini-admin", "pw", "[security]", r"""# /etc/grafana/grafana.ini
[server]
http_port = 3000
root_url = https://grafana.@{org}/
[security]
admin_user = admin
admin_password = @{S}
cookie_secure = true""")
t("cfg-prometheus-basic-auth", "spw:20", "job_name: pdu", r"""scrape_configs:
  - job_name: pdu
    metrics_path: /metrics
    basic_auth:
      username: prom
      password: @{S}
    static_configs:
      - targets: ['rack41-pdu:9116']""")
t("cfg-alertmanager-slack-url", "an:24", "slack_configs", r"""receivers:
  - name: noc
    slack_configs:
      - api_url: https://hooks.slack.com/services/T0@{uan:8}/B0@{uan:9}/@{S}
        channel: '#dc-alerts'
        send_resolved: true""")
t("cfg-lims-application-properties", "pw", "spring.datasource.username", r"""# lims-app/src/main/resources/application-prod.properties
spring.datasource.url=jdbc:postgresql://lims-db01:5432/lims
spring.datasource.username=lims_app
spring.datasource.password=@{S}
lims.storage.root=/srv/lims/attachments""")
t("cfg-instrument-desktop-ini-connstring", "pw", "Data Source=SQL-LAB01", r"""C:\ProgramData\SpectraLink\SpectraLink.ini
[General]
Language=DE
AutoExport=1
[Database]
ConnectionString=Provider=SQLOLEDB;Data Source=SQL-LAB01\SQLEXPRESS;Initial Catalog=Spectra;User ID=spectra;Password=@{S};
[Export]
Path=\\nas-lab2\instruments\Spectra""")
t("cfg-slurmdbd-storagepass", "pw", "StorageUser=slurm", r"""# /etc/slurm/slurmdbd.conf
AuthType=auth/munge
DbdHost=hpc-mgmt1
StorageType=accounting_storage/mysql
StorageHost=localhost
StorageUser=slurm
StoragePass=@{S}
LogFile=/var/log/slurm/slurmdbd.log""")
t("cfg-jupyterhub-oauth-client-secret", "b64u:32", "GenericOAuthenticator", r"""# /etc/jupyterhub/jupyterhub_config.py
c.JupyterHub.authenticator_class = "generic-oauth"
c.GenericOAuthenticator.client_id = "jupyterhub-hpc"
c.GenericOAuthenticator.client_secret = "@{S}"
c.GenericOAuthenticator.oauth_callback_url = "https://jupyter.@{org}/hub/oauth_callback"
c.SlurmSpawner.req_partition = "gpu" """)
t("cfg-gcs-deployment-key-json", "b64:32", "client_id", r"""deployment-key.json (Globus Connect Server, keep off git!)
{"client_id": "@{uuid}", "secret": "@{S}", "deployment_key": "@{uuid#k}"}""")
t("cfg-renviron-redcap", "HEX:32", "REDCAP_URL", r"""~/.Renviron
R_LIBS_USER=~/R/library
REDCAP_URL=https://redcap.@{org}/api/
REDCAP_TOKEN_COHORT=@{S}""")
t("cfg-condarc-channel-token", "uuid", "channel_priority", r"""# ~/.condarc
channels:
  - https://conda.anaconda.org/t/@{low:2}-@{S}/lab-private
  - conda-forge
channel_priority: strict""")
t("cfg-pip-conf-extra-index", "pw", "extra-index-url", r"""# /etc/pip.conf on hpc-login2
[global]
timeout = 60
extra-index-url = https://hpcpkg:@{S}@nexus.@{org}/repository/pypi-lab/simple""")
t("cfg-pypirc-token", "pypi", "[distutils]", r"""~/.pypirc
[distutils]
index-servers =
    pypi
    testpypi

[pypi]
username = __token__
password = @{S}""")
t("cfg-cargo-credentials-toml", "cio", "[registry]", r"""# ~/.cargo/credentials.toml
[registry]
token = "@{S}" """)
t("cfg-gem-credentials-yaml", "rubygems", "rubygems_api_key", r"""~/.gem/credentials
---
:rubygems_api_key: @{S}""")
t("cfg-nuget-config-cleartext", "ghp", "packageSourceCredentials", r"""<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <add key="github" value="https://nuget.pkg.github.com/cedar-ledger/index.json" />
  </packageSources>
  <packageSourceCredentials>
    <github>
      <add key="Username" value="ci-cedar" />
      <add key="ClearTextPassword" value="@{S}" />
    </github>
  </packageSourceCredentials>
</configuration>""")
t("cfg-maven-settings-server", "b64:33", "<id>ossrh</id>", r"""<!-- ~/.m2/settings.xml -->
<settings>
  <servers>
    <server>
      <id>ossrh</id>
      <username>@{an:8}</username>
      <password>@{S}</password>
    </server>
  </servers>
</settings>""")
t("cfg-gradle-user-home-properties", "pwphrase", "signing.keyId", r"""# ~/.gradle/gradle.properties
signing.keyId=@{HEX:8}
signing.password=@{S}
signing.secretKeyRingFile=/home/@{flow}/.gnupg/secring.gpg
ossrhUsername=@{flow}""")
t("cfg-sbt-credentials-file", "spw:24", "s01.oss.sonatype.org", r"""~/.sbt/sonatype_credentials
realm=Sonatype Nexus Repository Manager
host=s01.oss.sonatype.org
user=@{an:8}
password=@{S}""")
t("cfg-composer-auth-json", "spw:32", "repo.packagist.com", r"""auth.json
{
    "http-basic": {
        "repo.packagist.com": {
            "username": "token",
            "password": "@{S}"
        }
    }
}""")
t("cfg-npmrc-project-github-packages", "ghp", "@kestrel:registry", r"""# .npmrc (project root)
@kestrel:registry=https://npm.pkg.github.com
//npm.pkg.github.com/:_authToken=@{S}
engine-strict=true""")
t("cfg-yarnrc-yml-scope-token", "ghp", "npmRegistryServer", r"""# .yarnrc.yml
nodeLinker: node-modules
npmScopes:
  kestrel:
    npmRegistryServer: "https://npm.pkg.github.com"
    npmAuthToken: "@{S}"
yarnPath: .yarn/releases/yarn-4.1.1.cjs""")
t("cfg-git-credentials-store", "glpat", "gitlab.oakshade.dev", r"""$ cat ~/.git-credentials
https://release-bot:@{S}@gitlab.oakshade.dev
https://@{flow}:$(gh auth token)@github.com""")
t("cfg-gh-hosts-yml", "gho", "git_protocol", r"""# ~/.config/gh/hosts.yml
github.com:
    users:
        ci-cedar:
            oauth_token: @{S}
    git_protocol: https
    user: ci-cedar""")
t("cfg-glab-config-hosts", "glpat", "api_protocol", r"""# ~/.config/glab-cli/config.yml
hosts:
  gitlab.oakshade.dev:
    token: @{S}
    api_host: gitlab.oakshade.dev
    git_protocol: ssh
    api_protocol: https""")
t("cfg-tea-config-logins", "hex:40", "logins:", r"""# ~/.config/tea/config.yml
logins:
- name: gitea-lab
  url: https://git.@{org}
  token: @{S}
  default: true
  ssh_host: git.@{org}
  user: @{flow}""")
t("cfg-docusign-appsettings-private-key", "pemesc:rsa", "IntegrationKey", r"""appsettings.Production.json
{
  "DocuSign": {
    "BasePath": "https://eu.docusign.net/restapi",
    "IntegrationKey": "@{uuid}",
    "ImpersonatedUserId": "@{uuid#u}",
    "PrivateKey": "-----BEGIN RSA PRIVATE KEY-----\n@{S}\n-----END RSA PRIVATE KEY-----"
  }
}""")
t("cfg-quickbooks-appsettings-client-secret", "an:40", "Environment", r"""{
  "QuickBooks": {
    "ClientId": "AB@{an:48}",
    "ClientSecret": "@{S}",
    "RedirectUrl": "https://finance.@{org}/callback/qbo",
    "Environment": "production"
  }
}""")
t("cfg-xero-dotenv", "b64u:48", "XERO_CLIENT_ID", r"""# invoicing-sync/.env
XERO_CLIENT_ID=@{HEX:32}
XERO_CLIENT_SECRET=@{S}
XERO_TENANT=Redpine Accounting Ltd""")
t("cfg-netsuite-ini-token-secret", "hex:64", "[netsuite]", r"""; sync/netsuite.ini
[netsuite]
account = @{dig:7}_SB1
consumer_key = @{hex:64}
token_id = @{hex:64#t}
token_secret = @{S}""")
t("cfg-winscp-ini-obfuscated", "winscp", "UserName=payroll_upload", r"""; WinSCP.ini (portable, on the payroll PC)
[Sessions\payroll_upload@sftp.payrollpartner.com]
HostName=sftp.payrollpartner.com
UserName=payroll_upload
Password=@{S}
FSProtocol=2""")
t("cfg-filezilla-sitemanager-b64", "b64pw", "<User>", r"""<?xml version="1.0" encoding="UTF-8"?>
<FileZilla3 version="3.66.4" platform="windows">
  <Servers>
    <Server>
      <Host>ftp.grant-portal.@{org}</Host>
      <Port>21</Port>
      <Protocol>0</Protocol>
      <Type>0</Type>
      <User>grants_upload</User>
      <Pass encoding="base64">@{S}</Pass>
      <Name>Grant portal</Name>
    </Server>
  </Servers>
</FileZilla3>""")
t("cfg-putty-reg-proxy-password", "pw", "ProxyUsername", r"""Windows Registry Editor Version 5.00

[HKEY_CURRENT_USER\Software\SimonTatham\PuTTY\Sessions\bmc-jump]
"HostName"="@{ip}"
"ProxyMethod"=dword:00000002
"ProxyHost"="proxy.mgmt.local"
"ProxyUsername"="noc"
"ProxyPassword"="@{S}" """)
t("cfg-odoo-conf-admin-passwd", "pw", "db_user = odoo", r"""[options]
; /etc/odoo/odoo.conf
admin_passwd = @{S}
db_host = False
db_port = False
db_user = odoo
db_password = False
addons_path = /opt/odoo/addons,/opt/odoo/custom""")
t("cfg-nextcloud-config-php-dbpassword", "spw:30", "dbuser", r"""  'dbtype' => 'mysql',
  'version' => '28.0.3.2',
  'dbname' => 'nextcloud',
  'dbhost' => 'localhost',
  'dbuser' => 'nc_lab',
  'dbpassword' => '@{S}',
  'installed' => true,""")
t("cfg-gitlab-rb-smtp-password", "pw", "smtp_user_name", r"""# /etc/gitlab/gitlab.rb
gitlab_rails['smtp_enable'] = true
gitlab_rails['smtp_address'] = "mx1.@{org}"
gitlab_rails['smtp_port'] = 587
gitlab_rails['smtp_user_name'] = "gitlab@@{org}"
gitlab_rails['smtp_password'] = "@{S}"
gitlab_rails['smtp_authentication'] = "login" """)
t("cfg-gitlab-runner-config-toml", "glrt", "[[runners]]", r"""concurrent = 4
check_interval = 0

[[runners]]
  name = "@{host}"
  url = "https://gitlab.oakshade.dev"
  id = @{int:100-999}
  token = "@{S}"
  executor = "docker"
  [runners.docker]
    image = "ubuntu:22.04"
    privileged = true""")
t("cfg-buildkite-agent-cfg-token", "hex:50", "tags=", r"""# /etc/buildkite-agent/buildkite-agent.cfg
token="@{S}"
name="%hostname-%spawn"
tags="queue=unreal,os=windows"
build-path="D:\buildkite\builds" """)
t("cfg-teamcity-buildagent-properties", "hex:32", "serverUrl", r"""# buildAgent.properties
serverUrl=https://teamcity.brightforge.gg
name=@{host}
workDir=../work
authorizationToken=@{S}""")
t("cfg-jenkins-casc-credentials", "pw", "usernamePassword", r"""credentials:
  system:
    domainCredentials:
      - credentials:
          - usernamePassword:
              scope: GLOBAL
              id: "steam-builder"
              username: "larkspur_build"
              password: "@{S}"
              description: "steamcmd login" """)
t("cfg-p4config-file", "pw", "P4CLIENT", r"""# D:\ws\main\.p4config
P4PORT=ssl:p4.larkspur-games.com:1666
P4USER=p4build
P4CLIENT=build_ws_win64
P4PASSWD=@{S}""")
t("cfg-rn-env-production", "sntryu", "SENTRY_PROJECT", r"""# .env.production (React Native)
API_URL=https://api.vireo-mobile.com
SENTRY_ORG=vireo
SENTRY_PROJECT=field-app
SENTRY_AUTH_TOKEN=@{S}""")
t("cfg-apns-p8-yaml-block", "pemind:p8", "team_id", r"""# push-service/config/apns.yaml
apns:
  team_id: @{uan:10}
  key_id: @{uan:10#k}
  topic: com.mossgrove.app
  key: |
    -----BEGIN PRIVATE KEY-----
    @{S}
    -----END PRIVATE KEY-----""")
t("cfg-expo-app-json-extra-secret", "sklive", "extra", r"""app.json
{
  "expo": {
    "name": "Vireo Field",
    "slug": "vireo-field",
    "extra": {
      "eas": { "projectId": "@{uuid}" },
      "stripeSecret": "@{S}"
    }
  }
}""")
t("cfg-orcid-properties-client-secret", "uuid", "orcid.client-id", r"""# dspace/config/modules/orcid.cfg
orcid.domain-url = https://orcid.org
orcid.client-id = APP-@{uan:16}
orcid.client-secret = @{S}
orcid.synchronization-enabled = true""")
t("cfg-dspace-local-cfg-db", "pw", "db.username", r"""# [dspace]/config/local.cfg
dspace.server.url = https://repo.@{org}/server
db.url = jdbc:postgresql://localhost:5432/dspace
db.username = dspace
db.password = @{S}""")
t("cfg-ojs-config-inc-ini", "pw", "driver = mysqli", r"""; config.inc.php (OJS)
[database]
driver = mysqli
host = localhost
username = ojs
password = @{S}
name = ojs_journal""")
t("cfg-benchling-yaml-api-key", "an:32", "tenant", r"""# integrations/benchling.yaml
benchling:
  tenant: @{pick:kappa|tidewater|altmark}.benchling.com
  api_key: sk_@{S}
  registry_id: src_@{an:8}""")
t("cfg-omero-config-db-pass", "pw", "omero.db.user", r"""$ omero config get
omero.data.dir=/OMERO
omero.db.name=omero
omero.db.pass=@{S}
omero.db.user=omero
omero.web.server_list=[["localhost", 4064, "omero"]]""")
t("cfg-redcap-database-php", "pw", "$username", r"""<?php
// redcap/database.php
global $log_all_errors;
$log_all_errors = FALSE;
$hostname   = 'localhost';
$db         = 'redcap';
$username   = 'redcap_app';
$password   = '@{S}';
$salt = '@{hex:8}';""")
t("cfg-influx-token-toml-chronograf", "influxtok", "[[inputs.mqtt_consumer]]", r"""[[inputs.mqtt_consumer]]
  servers = ["ssl://mqtt.plant3.local:8883"]
  topics = ["plant3/+/telemetry"]
  data_format = "json"

[[outputs.influxdb_v2]]
  urls = ["http://127.0.0.1:8086"]
  token = "@{S}"
  bucket = "plant3" """, 1)
t("cfg-docker-compose-env-inline", "pw", "MARIADB_DATABASE", r"""# docker-compose.yml (kanzlei-wiki)
services:
  db:
    image: mariadb:11
    environment:
      MARIADB_ROOT_PASSWORD: "@{S}"
      MARIADB_DATABASE: bookstack
    volumes:
      - ./db:/var/lib/mysql""")
t("cfg-k8s-secret-stringdata", "spw:24", "stringData", r"""apiVersion: v1
kind: Secret
metadata:
  name: ota-server-db
  namespace: ota
type: Opaque
stringData:
  POSTGRES_USER: ota
  POSTGRES_PASSWORD: "@{S}" """)
t("cfg-ansible-inventory-ini-vars", "pw", "ansible_user=pi", r"""# inventory/plant3.ini
[edge_gateways]
gw-modbus-0[1:6].plant3.local

[edge_gateways:vars]
ansible_user=pi
ansible_password=@{S}
ansible_python_interpreter=/usr/bin/python3""")
t("cfg-hcl-terraform-tfvars", "pw", "proxmox_api_url", r"""# terraform.tfvars  (NOT in git - .gitignore'd? check!)
proxmox_api_url      = "https://pve-r4.mgmt.local:8006/api2/json"
proxmox_user         = "terraform@pve"
proxmox_password     = "@{S}"
default_ssh_key_file = "~/.ssh/id_ed25519.pub" """)
t("cfg-nix-module-plaintext", "pw", "services.mosquitto", r"""  # hosts/edge-gw/configuration.nix
  services.mosquitto = {
    enable = true;
    listeners = [{
      users.telegraf = {
        acl = [ "read plant3/#" ];
        password = "@{S}";
      };
    }];
  };""")
t("cfg-supervisord-env", "spw:20", "[program:instrument-bridge]", r"""[program:instrument-bridge]
command=/opt/bridge/venv/bin/python -m bridge
directory=/opt/bridge
environment=BRIDGE_DB_USER="bridge",BRIDGE_DB_PASS="@{S}",PYTHONUNBUFFERED="1"
autorestart=true""")
t("cfg-systemd-unit-environment", "spw:20", "[Service]", r"""# /etc/systemd/system/ota-publisher.service
[Unit]
Description=OTA artifact publisher
[Service]
User=ota
Environment="OTA_S3_BUCKET=aurora-fw-prod"
Environment="OTA_SIGNING_KEY_PASS=@{S}"
ExecStart=/usr/local/bin/ota-publisher --watch /srv/artifacts""")
t("cfg-php-fpm-pool-env", "pw", "env[DB_USER]", r"""; /etc/php/8.2/fpm/pool.d/kanzlei.conf
[kanzlei]
user = kanzlei
listen = /run/php/kanzlei.sock
env[DB_USER] = kanzlei_wpusr
env[DB_PASS] = @{S}""")
t("cfg-apache-proxy-basic-auth-header", "b64pw", "RequestHeader set Authorization", r"""<Location /lims-api/>
    ProxyPass https://lims-app01.lab.local/api/
    RequestHeader set Authorization "Basic @{S}"
</Location>""")
t("cfg-nginx-proxy-set-header-key", "an:40", "proxy_set_header X-Api-Key", r"""location /sync/ {
    proxy_pass https://lims-app01.lab.local/api/v2/;
    proxy_set_header X-Api-Key "@{S}";
    proxy_set_header Host lims-app01.lab.local;
}""")

# ==== END TEMPLATES ====
TARGET = {"command": 208, "tool-output": 256, "config-file": 256, "source-code": 192,
          "stack-trace-or-log": 176, "note-or-chat": 288, "ci-and-deploy": 112, "vendor-token": 112}
B_TARGET = 800
_B64RE = re.compile(r"^[A-Za-z0-9+/]{16,}=*$")


def _gen(skind):
    if callable(skind):
        return skind()
    name, _, arg = skind.partition(":")
    f = GEN[name]
    return f(arg) if arg else f()


def _fill(tpl, extra, cache):
    def rep(m):
        key = m.group(0)
        if key not in cache:
            name, arg = m.group(1), m.group(2)
            f = CTX[name]
            cache[key] = f(arg) if arg is not None else f()
        return cache[key]
    return PH.sub(rep, tpl)


def _alloc(items, target_of, cap_of):
    counts = [1] * len(items)
    groups = {}
    for i, it in enumerate(items):
        groups.setdefault(target_of(it), []).append(i)
    for g, idx in groups.items():
        need = g[1] - len(idx) if isinstance(g, tuple) else 0
        while need > 0:
            moved = False
            for i in idx:
                if need > 0 and counts[i] < cap_of(items[i]):
                    counts[i] += 1
                    need -= 1
                    moved = True
            if not moved:
                break
    return counts


_USED = set()
_ERRORS = []


def _render_secret(tpl, skind, vis):
    for _ in range(200):
        cache = {}
        if "@{S1}" in tpl:
            full = _gen(skind)
            cut = R.randint(int(len(full) * 0.4), int(len(full) * 0.6))
            cache["@{S1}"], cache["@{S2}"] = full[:cut], full[cut:]
            sec = cache["@{S1}"]
        else:
            sec = _gen(skind)
            cache["@{S}"] = sec
        text = _fill(tpl, None, cache)
        v = _fill(vis, None, cache)
        flat = sec.replace("\n", "").replace("\\n", "")
        if len(sec) < 8 or sec in _USED or sec not in text:
            continue
        if v and (v not in text or v in sec or sec in v):
            continue
        if _B64RE.match(flat) and "=" in flat.rstrip("="):
            continue
        _USED.add(sec)
        return text, sec, v
    return None


def _build():
    counts = _alloc(TEMPLATES, lambda tp: (tp[0], TARGET[tp[0]]), lambda tp: 1 if tp[5] == 1 else 3)
    out = []
    for tp, k in zip(TEMPLATES, counts):
        g, fmt, skind, vis, text, _n = tp
        for _ in range(k):
            r = _render_secret(text, skind, vis)
            if r is None:
                _ERRORS.append(fmt)
                break
            out.append((g, fmt, r[0], r[1], r[2]))
    bout = []
    seen = set()
    made = [0] * len(BTEMPLATES)
    alive = [True] * len(BTEMPLATES)
    while len(bout) < B_TARGET and any(alive):
        for i, bt in enumerate(BTEMPLATES):
            if len(bout) >= B_TARGET:
                break
            if not alive[i]:
                continue
            if made[i] >= bt[1]:
                alive[i] = False
                continue
            ok = False
            for _ in range(30):
                s = _fill(bt[0], None, {})
                if s in seen or any(x in s for x in _USED if x[:4] in s):
                    continue
                ok = True
                break
            if not ok:
                alive[i] = False
                continue
            seen.add(s)
            bout.append(s)
            made[i] += 1
    return out, bout



GEN["pemline"] = lambda a="ec": (PEM_HEAD[a or "ec"] + rs(B64C, 64))[:64]
CTX.update(GEN)

# ---------------------------------------------------------------- source-code
group("source-code")
t("src-c-firmware-mqtt-defines", "pw", "MQTT_USER", r"""/* main/app_config.h -- press monitor firmware */
#pragma once
#define WIFI_SSID        "Werkhalle-IoT"
#define MQTT_URI         "mqtts://mqtt.plant3.local:8883"
#define MQTT_USER        "press04"
#define MQTT_PASS        "@{S}"
#define TELEMETRY_PERIOD_MS  1000""")
t("src-c-pem-string-array-line", "pemline:ec", "client_key_pem", r"""// certs.c -- generated by tools/embed_certs.py, do not edit
const char client_key_pem[] =
"-----BEGIN EC PRIVATE KEY-----\n"
"@{S}\n"
"@{b64n:64}\n"
"@{b64n:48}==\n"
"-----END EC PRIVATE KEY-----\n";""")
t("src-arduino-ino-wifi-ota", "pw", "ArduinoOTA.setHostname", r"""#include <WiFi.h>
#include <ArduinoOTA.h>

const char* ssid = "RoboLab-5G";
const char* password = WIFI_PASS;  // from secrets.h (gitignored)

void setup() {
  WiFi.begin(ssid, password);
  ArduinoOTA.setHostname("conveyor-@{int:1-9}");
  ArduinoOTA.setPassword("@{S}");
  ArduinoOTA.begin();
}""", 1)
t("src-arduino-lorawan-appkey-bytes", "HEX:32", "APPEUI", r"""// LoRaWAN OTAA keys (MSB) -- soil probe rev C
static const u1_t PROGMEM APPEUI[8] = { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00 };
static const char APPKEY_HEX[] = "@{S}";
void os_getArtEui (u1_t* buf) { memcpy_P(buf, APPEUI, 8); }""")
t("src-plc-structured-text-constant", "pw", "VAR CONSTANT", r"""(* FB_RemoteAccess.st -- TwinCAT / IEC 61131-3 *)
VAR CONSTANT
    cHmiUser     : STRING(20) := 'hmi_service';
    cHmiPassword : STRING(32) := '@{S}';
    cPort        : UINT := 4840;
END_VAR""")
t("src-plc-st-ftp-upload-fb", "pw", "fbFtpUpload", r"""fbFtpUpload(
    sHost     := '@{ip}',
    sUser     := 'recipes',
    sPassword := '@{S}',
    sRemote   := '/recipes/line2/current.csv',
    bExecute  := bUploadRecipes);""")
t("src-python-modbus-gateway-login", "pw", "ModbusTcpClient", r"""from pymodbus.client import ModbusTcpClient
import requests

GW = "http://@{ip}"
# gateway web UI needs a session before Modbus TCP is enabled
s = requests.Session()
s.post(f"{GW}/login.cgi", data={"user": "admin", "pass": "@{S}"}, timeout=5)
client = ModbusTcpClient("@{ip}", port=502)""")
t("src-python-paho-username-pw-set", "spw:20", "username_pw_set", r"""import paho.mqtt.client as mqtt

client = mqtt.Client(client_id="agv-@{int:1-30}")
client.tls_set("/etc/ssl/plant3-ca.pem")
client.username_pw_set("agv-fleet", "@{S}")
client.connect("mqtt.plant3.local", 8883)""")
t("src-python-ros2-node-param-default", "pw", "declare_parameter", r"""class CloudUploader(Node):
    def __init__(self):
        super().__init__("cloud_uploader")
        self.declare_parameter("bucket", "agv-rosbags")
        self.declare_parameter("minio_secret", "@{S}")
        self.declare_parameter("minio_access", "agv-uploader")""")
t("src-cpp-ros-hardcoded-ws-token", "jwt", "rosbridge", r"""// src/teleop_bridge.cpp
static const std::string kBridgeUrl = "wss://teleop.kestrel-robotics.de/rosbridge";
static const std::string kBridgeToken =
    "@{S}";
ws_.set_header("Authorization", "Bearer " + kBridgeToken);""")
t("src-csharp-unity-playfab-settings", "playfab", "PlayFabSettings.staticSettings.TitleId", r"""// Assets/Scripts/Backend/ServerBootstrap.cs
#if UNITY_SERVER
void Awake()
{
    PlayFabSettings.staticSettings.TitleId = "@{HEX:5}";
    PlayFabSettings.staticSettings.DeveloperSecretKey = "@{S}";
}
#endif""")
t("src-csharp-unity-const-analytics-secret", "b64u:43", "GameAnalytics", r"""public static class AnalyticsKeys
{
    public const string GameKey = "@{hex:32}";
    // GameAnalytics secret key -- must not ship in client builds!
    public const string SecretKey = "@{S}";
}""")
t("src-csharp-unity-wrapped-string-concat", "b64:48", "Convert.FromBase64String", r"""    // save-game encryption key (AES-256), split so it is not one literal in the binary
    private static readonly byte[] SaveKey = Convert.FromBase64String(
        "@{S1}" +
        "@{S2}");""")
t("src-cpp-unreal-steam-web-api-key", "steamkey", "ISteamUserAuth", r"""// Source/CozyFarm/Private/SteamAuthSubsystem.cpp
static const FString PublisherWebApiKey = TEXT("@{S}");

void USteamAuthSubsystem::ValidateTicket(const FString& Ticket)
{
    const FString Url = FString::Printf(TEXT("https://partner.steam-api.com/ISteamUserAuth/AuthenticateUserTicket/v1/?key=%s&appid=%d&ticket=%s"),
        *PublisherWebApiKey, AppId, *Ticket);""")
t("src-cpp-unreal-ini-getter-fallback", "eos", "GetString", r"""FString ClientSecret;
if (!GConfig->GetString(TEXT("EOS"), TEXT("ClientSecret"), ClientSecret, GGameIni))
{
    ClientSecret = TEXT("@{S}"); // fallback for local dedicated server
}""")
t("src-gdscript-leaderboard-key", "hex:64", "HTTPRequest", r"""# leaderboard.gd
extends Node

const LB_URL := "https://api.tessellate.games/lb/v1/submit"
const LB_HMAC_KEY := "@{S}"

func submit(score: int) -> void:
	var req := HTTPRequest.new()""")
t("src-lua-love2d-telemetry", "an:32", "love.load", r"""-- telemetry.lua (LOVE2D)
local http = require("socket.http")
local API = "https://telemetry.tessellate.games/v1/events"
local API_KEY = "@{S}"

function love.load()
  telemetry.session = os.time()
end""")
t("src-swift-hardcoded-revenuecat-secret", "sklive", "Purchases.configure", r"""// Mossgrove/Services/Payments.swift
enum PaymentKeys {
    static let revenueCatPublic = "appl_@{an:27}"
    static let stripeSecret = "@{S}"   // TODO: move to backend!!
}
Purchases.configure(withAPIKey: PaymentKeys.revenueCatPublic)""")
t("src-swift-basic-auth-header", "pw", "staging", r"""var request = URLRequest(url: URL(string: "https://staging.api.mossgrove.app/admin/flags")!)
let creds = "qa:@{S}".data(using: .utf8)!.base64EncodedString()
request.setValue("Basic \(creds)", forHTTPHeaderField: "Authorization")""")
t("src-objc-define-api-secret", "hex:40", "#define kAPIBaseURL", r"""// LegacyConfig.h (Objective-C, v1 app)
#define kAPIBaseURL    @"https://api.vireo-mobile.com/v1"
#define kAPIClientID   @"ios-legacy"
#define kAPIClientSecret @"@{S}" """)
t("src-kotlin-buildconfig-field", "an:40", "buildConfigField", r"""// app/build.gradle.kts
android {
    defaultConfig {
        applicationId = "com.vireo.field"
        buildConfigField("String", "API_URL", "\"https://api.vireo-mobile.com\"")
        buildConfigField("String", "API_SECRET", "\"@{S}\"")
    }
}""")
t("src-kotlin-signing-config-inline", "pw", "signingConfigs", r"""signingConfigs {
    create("release") {
        storeFile = file("../keystores/release.jks")
        storePassword = "@{S}"
        keyAlias = "upload"
        keyPassword = "@{S}"
    }
}""")
t("src-groovy-gradle-signing-legacy", "pwname", "storeFile file", r"""    signingConfigs {
        release {
            storeFile file('release.keystore')
            storePassword '@{S}'
            keyAlias 'vireo'
            keyPassword '@{S}'
        }
    }""")
t("src-java-android-fcm-server-key", "fcm", "HttpURLConnection", r"""// LegacyPushSender.java (admin tool, not in app)
private static final String FCM_URL = "https://fcm.googleapis.com/fcm/send";
private static final String SERVER_KEY = "@{S}";

HttpURLConnection conn = (HttpURLConnection) new URL(FCM_URL).openConnection();
conn.setRequestProperty("Authorization", "key=" + SERVER_KEY);""")
t("src-dart-flutter-const-key", "an:40", "static const", r"""// lib/config/env.dart
class Env {
  static const apiBase = 'https://api.vireo-mobile.com';
  static const adminApiKey = '@{S}';
  static const enableLogs = false;
}""")
t("src-python-lims-client-default-arg", "an:40", "def __init__", r"""class LimsClient:
    def __init__(self, base_url="https://lims-app01.lab.local/api/v2",
                 api_key="@{S}", timeout=30):
        self.base_url = base_url
        self.session = requests.Session()
        self.session.headers["X-API-Key"] = api_key""")
t("src-python-wrapped-paren-concat", "b64u:86", "OPENSTACK_APP_CRED_ID", r"""OPENSTACK_APP_CRED_ID = "@{hex:32}"
OPENSTACK_APP_CRED_SECRET = ("@{S1}"
                             "@{S2}")""")
t("src-python-redcap-pycap", "HEX:32", "redcap.Project", r"""import redcap

URL = "https://redcap.@{org}/api/"
TOKEN = "@{S}"  # cohort B export token
project = redcap.Project(URL, TOKEN)
df = project.export_records(format_type="df")""")
t("src-python-globus-confidential-client", "b64:32", "ConfidentialAppAuthClient", r"""import globus_sdk

CLIENT_ID = "@{uuid}"
CLIENT_SECRET = "@{S}"
client = globus_sdk.ConfidentialAppAuthClient(CLIENT_ID, CLIENT_SECRET)
tokens = client.oauth2_client_credentials_tokens()""")
t("src-python-smtp-login-notebook", "pw", "smtplib.SMTP", r"""# notebook cell [14]
import smtplib
server = smtplib.SMTP("smtp.@{org}", 587)
server.starttls()
server.login("hpc-notify@@{org}", "@{S}")
server.sendmail("hpc-notify@@{org}", ["@{email}"], msg.as_string())""")
t("src-ipynb-cell-source-json", "hex:40", "cell_type", r"""{
 "cell_type": "code",
 "execution_count": 3,
 "metadata": {},
 "outputs": [],
 "source": [
  "import wandb\n",
  "wandb.login(key=\"@{S}\")\n",
  "run = wandb.init(project=\"cryo-unet\")"
 ]
}""")
t("src-r-script-api-token", "HEX:32", "library(REDCapR)", r"""library(REDCapR)
uri   <- "https://redcap.@{org}/api/"
token <- "@{S}"
ds <- redcap_read(redcap_uri = uri, token = token)$data""")
t("src-matlab-database-call", "pw", "database(", r"""% load_runs.m
conn = database('LabRuns', 'analysis', '@{S}', ...
    'Vendor', 'PostgreSQL', 'Server', 'lims-db01', 'PortNumber', 5432);
runs = fetch(conn, 'SELECT * FROM runs WHERE instrument = ''orbitrap''');""")
t("src-julia-env-fallback", "an:60", "get(ENV", r"""const ZENODO_TOKEN = get(ENV, "ZENODO_TOKEN", "@{S}")
headers = ["Authorization" => "Bearer $ZENODO_TOKEN"]""")
t("src-slurm-script-export-token", "hex:40", "#SBATCH --gres", r"""#!/bin/bash
#SBATCH --job-name=unet-train
#SBATCH --partition=gpu
#SBATCH --gres=gpu:a100:2
#SBATCH --time=24:00:00
module load cuda/12.2 python/3.11
export WANDB_API_KEY=@{S}
srun python train.py --config configs/unet_large.yaml""")
t("src-bash-instrument-sync-script", "pw", "smbclient", r"""#!/usr/bin/env bash
# sync_orbitrap.sh -- runs every 15 min from cron on nas-lab2
set -euo pipefail
SHARE=//SCOPE-PC-07/Export
USER='SCOPE-PC-07\operator'
PASS='@{S}'
smbclient "$SHARE" -U "$USER%$PASS" -c "prompt OFF; recurse ON; mget *"
""")
t("src-bash-idrac-loop", "pw", "for h in", r"""#!/bin/bash
IDRAC_PW='@{S}'
for h in $(cat racks/row4.txt); do
  racadm -r "$h" -u root -p "$IDRAC_PW" get BIOS.SysProfileSettings.SysProfile
done""")
t("src-powershell-securestring-plain", "pw", "Get-Credential", r"""# Export-Ledger.ps1
$user = "CEDAR\svc-ledger"
$pw = ConvertTo-SecureString "@{S}" -AsPlainText -Force
$cred = New-Object System.Management.Automation.PSCredential($user, $pw)
# was: $cred = Get-Credential
Invoke-Sqlcmd -ServerInstance SQL-ACCT01 -Credential $cred -Query "EXEC dbo.ExportMonthEnd" """)
t("src-vba-excel-adodb-connstring", "pw", "ADODB.Connection", r"""' Modul1 (Lohnjournal.xlsm)
Sub LadeBuchungen()
    Dim cn As Object
    Set cn = CreateObject("ADODB.Connection")
    cn.Open "Provider=SQLOLEDB;Data Source=SQL-ACCT01;Initial Catalog=Fibu;User ID=excel_ro;Password=@{S};"
End Sub""")
t("src-google-apps-script-property", "sg", "UrlFetchApp", r"""// Code.gs (grant deadline reminder sheet)
const SENDGRID_KEY = '@{S}';
function sendReminder(row) {
  UrlFetchApp.fetch('https://api.sendgrid.com/v3/mail/send', {
    method: 'post',
    headers: { Authorization: 'Bearer ' + SENDGRID_KEY },""")
t("src-php-docusign-jwt-config", "uuid", "DS_IMPERSONATED_USER", r"""<?php
// config/docusign.php
return [
    'integration_key' => env('DS_INTEGRATION_KEY', '@{uuid#ik}'),
    'secret_key' => '@{S}',
    'user_id' => env('DS_IMPERSONATED_USER'),
];""")
t("src-php-wp-config-define", "spw:24", "DB_USER", r"""define( 'DB_NAME', 'kanzlei_wp' );
define( 'DB_USER', 'kanzlei_wpusr' );
define( 'DB_PASSWORD', '@{S}' );
define( 'DB_HOST', 'localhost' );""")
t("src-php-wp-config-auth-key", "rpw:64", "NONCE_SALT", r"""define('AUTH_KEY',         '@{S}');
define('SECURE_AUTH_KEY',  'put your unique phrase here');
define('NONCE_SALT',       'put your unique phrase here');""")
t("src-ruby-rails-initializer-secret", "hex:64", "Rails.application.config", r"""# config/initializers/payroll_export.rb
Rails.application.config.payroll_export = {
  sftp_host: "sftp.payrollpartner.com",
  sftp_user: "payroll_upload",
  hmac_secret: "@{S}"
}""")
t("src-go-const-token", "dop", "godo.NewFromToken", r"""package main

const doToken = "@{S}"

func main() {
	client := godo.NewFromToken(doToken)""")
t("src-rust-const-webhook-secret", "whsec", "verify_signature", r"""// src/webhooks.rs
const STRIPE_WEBHOOK_SECRET: &str = "@{S}";

pub fn verify_signature(payload: &[u8], header: &str) -> bool {""")
t("src-rust-test-mod-real-key", "npm", "#[cfg(test)]", r"""#[cfg(test)]
mod tests {
    // real token, used to reproduce #212 -- remove before merge
    const TOKEN: &str = "@{S}";
    #[test]
    fn publishes() { assert!(publish("left-pad-rs", TOKEN).is_ok()); }
}""")
t("src-ts-node-octokit-auth", "ghp", "new Octokit", r"""// scripts/release-notes.ts
import { Octokit } from "@octokit/rest";

const octokit = new Octokit({ auth: process.env.GH_TOKEN ?? "@{S}" });""")
t("src-js-discord-bot-login", "dbot", "client.login", r"""// bot/index.js
const { Client, GatewayIntentBits } = require('discord.js');
const client = new Client({ intents: [GatewayIntentBits.Guilds] });
client.once('ready', () => console.log(`Logged in as ${client.user.tag}`));
client.login('@{S}');""")
t("src-python-telegram-bot-builder", "tg", "ApplicationBuilder", r"""from telegram.ext import ApplicationBuilder, CommandHandler

app = ApplicationBuilder().token("@{S}").build()
app.add_handler(CommandHandler("status", status))
app.run_polling()""")
t("src-python-slack-bolt-app", "xoxb", "signing_secret", r"""from slack_bolt import App

app = App(
    token="@{S}",
    signing_secret=os.environ["SLACK_SIGNING_SECRET"],
)""")
t("src-python-matrix-nio-login", "syt", "AsyncClient", r"""client = AsyncClient("https://matrix.@{org}", "@release-bot:@{org}")
client.access_token = "@{S}"
client.device_id = "RELBOT@{uan:4}" """)
t("src-python-mastodon-py", "b64u:43", "api_base_url", r"""from mastodon import Mastodon

m = Mastodon(access_token="@{S}", api_base_url="https://fosstodon.org")
m.status_post(f"Released v{version} - changelog: {url}")""")
t("src-python-django-settings-secret-key", "django", "DEBUG = False", r"""# ledger/settings/production.py
from .base import *

DEBUG = False
SECRET_KEY = '@{S}'
ALLOWED_HOSTS = ["ledger.@{org}"]""")
t("src-python-flask-app-secret", "hex:48", "app.config", r"""app = Flask(__name__)
app.config["SECRET_KEY"] = "@{S}"
app.config["SQLALCHEMY_DATABASE_URI"] = os.environ["DATABASE_URL"]""")
t("src-python-sqlalchemy-url-literal", "pw", "create_engine", r"""engine = create_engine(
    "mssql+pyodbc://excel_ro:@{S}@SQL-ACCT01/Fibu?driver=ODBC+Driver+18+for+SQL+Server&TrustServerCertificate=yes"
)""")
t("src-python-boto3-client-literal", "awssk", "aws_access_key_id", r"""s3 = boto3.client(
    "s3",
    endpoint_url="https://s3.eu-central-2.wasabisys.com",
    aws_access_key_id="@{akid}",
    aws_secret_access_key="@{S}",
)""")
t("src-python-azure-blob-conn-string", "azkey", "BlobServiceClient", r"""CONN = ("DefaultEndpointsProtocol=https;AccountName=auroraotafw;"
        "AccountKey=@{S};EndpointSuffix=core.windows.net")
svc = BlobServiceClient.from_connection_string(CONN)""")
t("src-python-stripe-api-key-assign", "sklive", "stripe.api_key", r"""import stripe
stripe.api_key = "@{S}"
invoices = stripe.Invoice.list(limit=100, status="open")""")
t("src-python-plaid-configuration", "hex:30", "plaid.Environment.Production", r"""configuration = plaid.Configuration(
    host=plaid.Environment.Production,
    api_key={"clientId": "@{hex:24}", "secret": "@{S}"},
)""")
t("src-python-xero-oauth2-session", "b64u:48", "OAuth2Session", r"""xero = OAuth2Session(
    client_id="@{HEX:32}",
    client_secret="@{S}",
    scope=["accounting.transactions.read", "offline_access"],
)""")
t("src-python-hellosign-client", "hex:64", "dropbox_sign.Configuration", r"""configuration = dropbox_sign.Configuration(username="@{S}")
with dropbox_sign.ApiClient(configuration) as api_client:
    signature_request_api = apis.SignatureRequestApi(api_client)""")
t("src-csharp-connection-string-const", "pw", "SqlConnection", r"""private const string ConnStr = "Server=SQL-ACCT01;Database=Payroll;User Id=payroll_app;Password=@{S};TrustServerCertificate=True";
using var conn = new SqlConnection(ConnStr);""")
t("src-csharp-docusign-rsa-literal", "pemline:rsa", "RequestJWTUserToken", r"""private static readonly string PrivateKeyPem = string.Join("\n",
    "-----BEGIN RSA PRIVATE KEY-----",
    "@{S}",
    "@{b64n:64}",
    // ... 22 more lines ...
    "-----END RSA PRIVATE KEY-----");
var token = apiClient.RequestJWTUserToken(IntegrationKey, UserId, "account-d.docusign.com", Encoding.UTF8.GetBytes(PrivateKeyPem), 1);""")
t("src-java-jdbc-getconnection", "pw", "DriverManager.getConnection", r"""Connection c = DriverManager.getConnection(
        "jdbc:postgresql://lims-db01:5432/lims", "lims_app", "@{S}");""")
t("src-java-spring-value-default", "spw:24", "@Value", r"""@Value("${hawkbit.gateway-token:@{S}}")
private String gatewayToken;""")
t("src-scala-sbt-credentials-inline", "spw:24", "Credentials(", r"""credentials += Credentials("Sonatype Nexus Repository Manager", "s01.oss.sonatype.org", "@{an:8}", "@{S}")""")
t("src-dockerfile-env-token", "ghp", "ENV GITHUB_TOKEN", r"""FROM python:3.11-slim
WORKDIR /app
ENV GITHUB_TOKEN=@{S}
RUN pip install git+https://${GITHUB_TOKEN}@github.com/kestrel-robotics/labdevices.git""")
t("src-dockerfile-arg-default", "npm", "ARG NPM_TOKEN", r"""ARG NPM_TOKEN=@{S}
RUN echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci && rm .npmrc""")
t("src-makefile-upload-target", "pw", "upload:", r"""OTA_HOST ?= @{ip}
OTA_USER ?= ota
OTA_PASS ?= @{S}

upload: build/fw.swu
	curl -F "file=@$<" -u $(OTA_USER):$(OTA_PASS) http://$(OTA_HOST):8080/upload""")
t("src-cmake-cache-var", "an:32", "set(BALENA_API_KEY", r"""# cmake/deploy.cmake
set(BALENA_API_KEY "@{S}" CACHE STRING "balena key for deploy target")
add_custom_target(deploy COMMAND balena push edge-fleet)""")
t("src-sql-migration-insert-key", "an:40", "INSERT INTO integrations", r"""-- migrations/0042_seed_integrations.sql
INSERT INTO integrations (name, base_url, api_key, active)
VALUES ('lims_bot', 'https://lims-app01.lab.local/api/v2', '@{S}', true);""")
t("src-sql-create-login-password", "pw", "CREATE LOGIN", r"""USE master;
CREATE LOGIN [payroll_app] WITH PASSWORD = N'@{S}', CHECK_POLICY = ON;
USE Payroll;
CREATE USER [payroll_app] FOR LOGIN [payroll_app];""")
t("src-perl-dbi-connect", "pw", "DBI->connect", r"""my $dbh = DBI->connect("DBI:mysql:database=radius;host=localhost",
                       "radius", "@{S}", { RaiseError => 1 });""")
t("src-python-netmiko-device-dict", "pw", "cisco_ios", r"""core_sw = {
    "device_type": "cisco_ios",
    "host": "@{ip}",
    "username": "netops",
    "password": "@{S}",
}
net_connect = ConnectHandler(**core_sw)""")
t("src-python-pyghmi-ipmi", "pw", "ipmi_command.Command", r"""from pyghmi.ipmi import command as ipmi_command
bmc = ipmi_command.Command(bmc="@{ip}", userid="ADMIN", password="@{S}")
print(bmc.get_power())""")
t("src-python-redfish-session", "pw", "redfish_client", r"""REDFISH_OBJ = redfish.redfish_client(base_url="https://@{ip}", username="Administrator",
                                     password="@{S}", default_prefix="/redfish/v1")
REDFISH_OBJ.login(auth="session")""")
t("src-python-cpanel-uapi-client", "uan:32", "cpanel", r"""HEADERS = {"Authorization": "cpanel shopuser:@{S}"}
r = requests.get("https://server.ferrohost.net:2083/execute/DomainInfo/list_domains", headers=HEADERS)""")
t("src-python-cloudflare-client", "cftok", "CloudFlare.CloudFlare", r"""cf = CloudFlare.CloudFlare(token="@{S}")
zones = cf.zones.get(params={"name": "@{org}"})""")
t("src-ansible-task-inline-password", "pw", "community.mysql.mysql_user", r"""- name: create replication user
  community.mysql.mysql_user:
    name: repl
    host: "10.40.%"
    password: "@{S}"
    priv: "*.*:REPLICATION SLAVE"
    state: present""")
t("src-salt-pillar-plain", "pw", "pillar", r"""# /srv/pillar/bmc.sls
bmc:
  user: ADMIN
  password: @{S}
  ntp: 10.0.0.1""")
t("src-puppet-hiera-yaml", "pw", "profile::mysql::root_password", r"""# data/nodes/mx1.yaml
profile::mysql::root_password: '@{S}'
profile::postfix::relayhost: '[smtp.sendgrid.net]:587'""")
t("src-js-k6-load-test", "jwt", "http.get", r"""import http from 'k6/http';
const TOKEN = '@{S}';
export default function () {
  http.get('https://api.tessellate.games/lb/v1/top?n=100', { headers: { Authorization: `Bearer ${TOKEN}` } });
}""")
t("src-js-playwright-login-fixture", "pw", "page.fill", r"""test('ops can open billing', async ({ page }) => {
  await page.goto('https://ledger.@{org}/login');
  await page.fill('#email', 'ops@@{org}');
  await page.fill('#password', '@{S}');
  await page.click('button[type=submit]');
});""")
t("src-python-selenium-grant-portal", "pw", "send_keys", r"""driver.get("https://grants.@{org}/login")
driver.find_element(By.ID, "username").send_keys("@{flow}.pi")
driver.find_element(By.ID, "password").send_keys("@{S}")
driver.find_element(By.ID, "submit").click()""")
t("src-python-imaplib-invoices", "pw", "IMAP4_SSL", r"""M = imaplib.IMAP4_SSL("imap.@{org}")
M.login("invoices@@{org}", "@{S}")
M.select("INBOX/Rechnungen")""")
t("src-python-paramiko-instrument", "pw", "set_missing_host_key_policy", r"""ssh = paramiko.SSHClient()
ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
ssh.connect("scope-pc-07", username="operator", password="@{S}")
sftp = ssh.open_sftp()""")
t("src-python-pysnmp-usm", "pw", "UsmUserData", r"""auth = UsmUserData("nmsuser", authKey="@{S}", authProtocol=usmHMACSHAAuthProtocol)
errorIndication, errorStatus, errorIndex, varBinds = next(getCmd(SnmpEngine(), auth, UdpTransportTarget(("@{ip}", 161)), ContextData(), ObjectType(ObjectIdentity("SNMPv2-MIB", "sysUpTime", 0))))""")
t("src-csharp-steamworks-server-login-token", "hex:32", "SteamGameServer.LogOn", r"""// DedicatedServer.cs
const string GSLT = "@{S}"; // game server login token, app @{int:1000000-2999999}
SteamGameServer.LogOn(GSLT);""")
t("src-cpp-photon-custom-auth", "an:32", "AuthenticationValues", r"""ExitGames::LoadBalancing::AuthenticationValues auth;
auth.setType(ExitGames::LoadBalancing::CustomAuthenticationType::CUSTOM);
auth.setParameters(L"user=" + userId + L"&secret=@{S}");""")
t("src-python-esptool-nvs-csv", "pwphrase", "namespace", r"""# tools/nvs_factory.csv -> nvs_partition_gen.py generate nvs_factory.csv nvs.bin 0x6000
key,type,encoding,value
wifi,namespace,,
ssid,data,string,Werkhalle-IoT
pass,data,string,@{S}
mqtt,namespace,,
uri,data,string,mqtts://mqtt.plant3.local:8883""")
t("src-c-zephyr-kconfig-default", "pw", "CONFIG_NET_CONFIG_PEER_IPV4_ADDR", r"""# prj.conf
CONFIG_WIFI=y
CONFIG_NET_CONFIG_PEER_IPV4_ADDR="@{ip}"
CONFIG_APP_WIFI_SSID="RoboLab-5G"
CONFIG_APP_WIFI_PSK="@{S}"
CONFIG_MQTT_LIB_TLS=y""")
t("src-yocto-recipe-bbappend-password", "pw", "inherit extrausers", r"""# meta-edge/recipes-core/images/edge-image.bbappend
inherit extrausers
EXTRA_USERS_PARAMS = "\
    useradd -p '' service; \
    usermod -P '@{S}' service; \
"
""")
t("src-swift-keychain-seed-debug", "pw", "#if DEBUG", r"""#if DEBUG
// seeded for TestFlight reviewers
KeychainHelper.save(account: "review@mossgrove.app", password: "@{S}")
#endif""")
t("src-kotlin-okhttp-interceptor", "jwt", "addHeader", r"""class AuthInterceptor : Interceptor {
    override fun intercept(chain: Interceptor.Chain): Response =
        chain.proceed(chain.request().newBuilder()
            .addHeader("Authorization", "Bearer @{S}")
            .build())
}""")
t("src-python-hmac-webhook-verify", "hex:40", "hmac.new", r"""WEBHOOK_SECRET = b"@{S}"

def verify(req):
    sig = hmac.new(WEBHOOK_SECRET, req.data, hashlib.sha256).hexdigest()
    return hmac.compare_digest("sha256=" + sig, req.headers["X-Hub-Signature-256"])""")
t("src-python-github-app-private-key-triple-quoted", "pem:rsa", "APP_ID", r"""APP_ID = @{int:100000-999999}
PRIVATE_KEY = '''-----BEGIN RSA PRIVATE KEY-----
@{S}
-----END RSA PRIVATE KEY-----'''""", 1)
t("src-lua-openresty-hmac-secret", "hex:64", "ngx.hmac_sha1", r"""-- /etc/nginx/lua/download_auth.lua
local secret = "@{S}"
local expected = ngx.encode_base64(ngx.hmac_sha1(secret, ngx.var.uri .. ngx.var.arg_e))""")
t("src-twig-hardcoded-recaptcha-secret", lambda: "6L" + b64u(6) + "AAAAA" + b64u(27), "contact_submit", r"""{# templates/contact.html.twig -- verify happens server side, but someone pasted it here #}
{% set recaptcha_secret = '@{S}' %}
<form action="{{ path('contact_submit') }}" method="post">""", 1)

# ---------------------------------------------------------------- stack-trace-or-log
group("stack-trace-or-log")
t("log-tomcat-version-logger-jvm-args", "pw", "VersionLoggerListener", r"""@{date} 07:12:44.102 INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Command line argument: -Djava.util.logging.manager=org.apache.juli.ClassLoaderLogManager
@{date} 07:12:44.102 INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Command line argument: -Dlims.db.user=lims_app
@{date} 07:12:44.103 INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Command line argument: -Dlims.db.password=@{S}
@{date} 07:12:44.103 INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Command line argument: -Xmx2g""")
t("log-mariadb-docker-generated-root", "b64u:32", "GENERATED ROOT PASSWORD", r"""@{date} 09:01:12+00:00 [Note] [Entrypoint]: Initializing database files
@{date} 09:01:15+00:00 [Note] [Entrypoint]: Database files initialized
@{date} 09:01:15+00:00 [Note] [Entrypoint]: Starting temporary server
@{date} 09:01:16+00:00 [Note] [Entrypoint]: GENERATED ROOT PASSWORD: @{S}
@{date} 09:01:16+00:00 [Note] [Entrypoint]: Creating database bookstack""")
t("log-jupyter-startup-token", "hex:48", "ServerApp", r"""[I @{date} 11:03:52.611 ServerApp] Jupyter Server 2.14.0 is running at:
[I @{date} 11:03:52.611 ServerApp] http://node117:8888/lab?token=@{S}
[I @{date} 11:03:52.611 ServerApp]     http://127.0.0.1:8888/lab?token=@{S}
[I @{date} 11:03:52.611 ServerApp] Use Control-C to stop this server and shut down all kernels (twice to skip confirmation).""")
t("log-rancher-bootstrap-password", "an:20", "Bootstrap Password", r"""@{date}T08:14:02.511Z INFO Rancher version v2.8.@{int:1-5} (@{short}) is starting
@{date}T08:14:02.901Z INFO Listening on /tmp/log.sock
@{date}T08:14:05.213Z INFO Bootstrap Password: @{S}
@{date}T08:14:06.004Z INFO Starting API controllers""")
t("log-pihole-install-web-password", "an:8", "Web Interface password", r"""  [i] Pi-hole blocking is enabled
  [i] Web Interface password: @{S}
  [i] This can be changed using 'pihole -a -p'
  [i] View the web interface at http://pi.hole/admin or http://@{ip}/admin""")
t("log-openvpn-as-auto-generated", "an:12", "Auto-generated pass", r"""@{date} 10:22:14+0000 [-] OVPN 0 OUT: 'Mon @{date} 10:22:14 OpenVPN 2.5.9 x86_64-pc-linux-gnu'
@{date} 10:22:16+0000 [-] Auto-generated pass = "@{S}". Setting in db...
@{date} 10:22:16+0000 [-] Server Agent started""")
t("log-code-server-password", "hex:24", "code-server", r"""[@{date}T09:00:11.221Z] info  code-server 4.22.1 @{short}
[@{date}T09:00:11.223Z] info  Using config file ~/.config/code-server/config.yaml
[@{date}T09:00:11.231Z] info  HTTP server listening on http://0.0.0.0:8080/
[@{date}T09:00:11.231Z] info    - Authentication is enabled
[@{date}T09:00:11.231Z] info      - Using password from ~/.config/code-server/config.yaml
[@{date}T09:00:11.232Z] info  password: @{S}""")
t("log-minio-startup-banner", "an:40", "RootUser", r"""MinIO Object Storage Server
Copyright: 2015-2024 MinIO, Inc.
License: GNU AGPLv3 <https://www.gnu.org/licenses/agpl-3.0.html>
Version: RELEASE.2024-03-15T01-07-19Z (go1.21.8 linux/amd64)

Status:         1 Online, 0 Offline.
S3-API: http://@{ip}:9000  http://127.0.0.1:9000
RootUser: labminio
RootPass: @{S}""")
t("log-python-traceback-locals-password", "pw", "Traceback (most recent call last)", r"""Traceback (most recent call last):
  File "/opt/lims/sync/instrument_pull.py", line 88, in pull
    conn = smb.connect(host, user, password)
        host = 'scope-pc-07'
        user = 'LAB\\operator'
        password = '@{S}'
  File "/opt/lims/venv/lib/python3.11/site-packages/smb/SMBConnection.py", line 112, in connect
    raise NotConnectedError('Not connected to remote server')
smb.base.NotConnectedError: Not connected to remote server""")
t("log-java-dbcp-url-password", "spw:18", "Cannot create PoolableConnectionFactory", r"""org.apache.commons.dbcp2.SQLExceptionList: Cannot create PoolableConnectionFactory (Access denied for user 'ojs'@'10.20.3.14' (using password: YES))
	at org.apache.commons.dbcp2.BasicDataSource.createPoolableConnectionFactory(BasicDataSource.java:653)
	... 42 more
Caused by: java.sql.SQLException: url=jdbc:mysql://db-journals:3306/ojs?user=ojs&password=@{S}&useSSL=false
	at com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)""")
t("log-unity-editor-log-upload", "steamkey", "Editor.log", r"""[Editor.log]
Refreshing native plugins compatible for Editor in 1.42 ms, found 7 plugins.
[BuildUploader] POST https://partner.steam-api.com/ISteamApps/SetAppBuildLive/v2/?key=@{S}&appid=@{int:1000000-2999999}&buildid=@{int:10000000-19999999}&betakey=beta
[BuildUploader] response 200 OK (812 ms)
Unloading 12 Unused Serialized files (Serialized files now loaded: 0)""")
t("log-unreal-logonline-eos", "eos", "LogEOS", r"""[@{date}-18.22.41:511][  0]LogEOS: Verbose: [LogEOSSDK] Initializing with ProductId=@{hex:32}
[@{date}-18.22.41:512][  0]LogEOS: Verbose: [LogEOSSDK] ClientCredentials ClientId=xyza7891@{an:24} ClientSecret=@{S}
[@{date}-18.22.41:530][  0]LogOnline: OSS: Created online subsystem instance for: EOS""")
t("log-unity-cloud-build-steam-error", "pw", "steamcmd", r"""[2025-0@{int:1-9}-1@{int:0-9}T03:11:0@{int:0-9}Z] - 6.4.2 - INFO: Running post-build script upload_steam.sh
[2025-0@{int:1-9}-1@{int:0-9}T03:11:09Z] - 6.4.3 - INFO: + steamcmd +login larkspur_build @{S} +run_app_build /BUILD_PATH/steam/app_build.vdf +quit
[2025-0@{int:1-9}-1@{int:0-9}T03:11:40Z] - 6.4.4 - ERROR: Steam Guard code required""")
t("log-xcode-build-phase-echo", "sntryu", "PhaseScriptExecution", r"""PhaseScriptExecution Upload\ Debug\ Symbols /Users/ci/Library/Developer/Xcode/DerivedData/Mossgrove-@{low:28}/Build/Intermediates.noindex/Mossgrove.build/Release-iphoneos/Mossgrove.build/Script-@{HEX:24}.sh (in target 'Mossgrove' from project 'Mossgrove')
    cd /Users/ci/builds/mossgrove-ios
    export SENTRY_AUTH_TOKEN\=@{S}
    export SENTRY_ORG\=mossgrove
    /bin/sh -c /Users/ci/Library/Developer/Xcode/DerivedData/Mossgrove-@{low:28}/Build/Intermediates.noindex/Mossgrove.build/Release-iphoneos/Mossgrove.build/Script-@{HEX:24}.sh""")
t("log-gradle-info-signing-task", "pw", "validateSigningRelease", r"""> Task :app:validateSigningRelease
Signing config 'release': storeFile=/home/ci/keystores/release.jks, storePassword=@{S}, keyAlias=upload
> Task :app:packageRelease
BUILD SUCCESSFUL in 3m 12s""")
t("log-fastlane-verbose-env", "pw", "pilot upload", r"""[@{time}]: ▸ Running `pilot upload`
[@{time}]: Login to App Store Connect (@{email})
[@{time}]: DEBUG [@{date} @{time}]: ENV FASTLANE_PASSWORD=@{S}
[@{time}]: Two-factor Authentication (6 digits code) is enabled for account '@{email}'""")
t("log-logcat-okhttp-authorization", "jwt", "okhttp.OkHttpClient", r"""@{date} 14:21:07.318  @{pid}  @{pid#t} I okhttp.OkHttpClient: --> GET https://api.vireo-mobile.com/v2/jobs?assigned=me
@{date} 14:21:07.318  @{pid}  @{pid#t} I okhttp.OkHttpClient: Authorization: Bearer @{S}
@{date} 14:21:07.318  @{pid}  @{pid#t} I okhttp.OkHttpClient: --> END GET
@{date} 14:21:07.512  @{pid}  @{pid#t} I okhttp.OkHttpClient: <-- 200 https://api.vireo-mobile.com/v2/jobs?assigned=me (193ms)""")
t("log-ios-console-urlsession-debug", "an:40", "[Network]", r"""default	14:02:11.774812+0200	Mossgrove	[Network] request POST https://api.mossgrove.app/v2/sync headers=["Content-Type": "application/json", "X-Api-Secret": "@{S}"]
default	14:02:11.901221+0200	Mossgrove	[Network] response 201 in 126ms""")
t("log-uboot-serial-console-env", "pw", "U-Boot", r"""U-Boot 2022.04-edge+g@{short} (@{date} - 12:01:44 +0000)

CPU:   i.MX8MMQ rev1.0 at 1200 MHz
DRAM:  2 GiB
Hit any key to stop autoboot:  0
=> printenv ota_user ota_pass
ota_user=device-@{uan:8}
ota_pass=@{S}
=> boot""")
t("log-kernel-cmdline-serial", "pw", "Kernel command line", r"""[    0.000000] Booting Linux on physical CPU 0x0000000000 [0x410fd034]
[    0.000000] Linux version 6.1.55-edge (oe-user@oe-host) (aarch64-poky-linux-gcc (GCC) 12.3.0) #1 SMP PREEMPT
[    0.000000] Kernel command line: console=ttymxc1,115200 root=/dev/mmcblk2p2 rootwait rw edge.provision_user=factory edge.provision_pass=@{S}
[    0.000000] Dentry cache hash table entries: 262144 (order: 9, 2097152 bytes, linear)""")
t("log-bitbake-fetch-url-token", "glpat", "do_fetch", r"""ERROR: edge-agent-1.4-r0 do_fetch: Bitbake Fetcher Error: FetchError('Unable to fetch URL from any source.', 'git://gitlab.oakshade.dev/edge/agent.git;protocol=https;branch=main;user=ci:@{S}')
ERROR: Logfile of failure stored in: /srv/yocto/build/tmp/work/cortexa53-poky-linux/edge-agent/1.4-r0/temp/log.do_fetch.@{pid}
ERROR: Task (/srv/yocto/meta-edge/recipes-apps/edge-agent/edge-agent_1.4.bb:do_fetch) failed with exit code '1'""")
t("log-rosout-param-dump", "pw", "cloud_uploader", r"""[INFO] [1710@{dig:6}.@{dig:9}] [cloud_uploader]: parameters: bucket=agv-rosbags endpoint=https://minio.kestrel-robotics.de
[INFO] [1710@{dig:6}.@{dig:9}] [cloud_uploader]: minio_access=agv-uploader minio_secret=@{S}
[WARN] [1710@{dig:6}.@{dig:9}] [cloud_uploader]: bag /data/bags/run_@{int:100-999}.mcap exceeds 2 GiB, splitting""")
t("log-modbus-bridge-debug-config", "spw:16", "modbus2mqtt", r"""@{tsl} DEBUG modbus2mqtt.config loaded: {'mqtt': {'host': 'localhost', 'port': 1883, 'user': 'bridge', 'password': '@{S}'}, 'devices': [{'name': 'press04', 'unit': 1, 'host': '@{ip}'}]}
@{tsl} INFO modbus2mqtt.poller polling 1 device(s) every 500 ms""")
t("log-hawkbit-ddi-url-token", "hex:32", "GatewayToken", r"""@{tsl} DEBUG [suricatta] : Polling https://hawkbit.@{org}/default/controller/v1/edge-@{hex:6}
@{tsl} TRACE [suricatta] : Header: Authorization: GatewayToken @{S}
@{tsl} DEBUG [suricatta] : Server returned 200, sleep 300 s""")
t("log-apache-access-query-key", "an:32", "GET /api/export", r"""@{pubip} - - [1@{int:0-9}/Mar/2025:10:4@{int:0-9}:12 +0100] "GET /api/export?format=csv&key=@{S} HTTP/1.1" 200 48211 "-" "python-requests/2.31.0"
@{pubip#2} - - [1@{int:0-9}/Mar/2025:10:4@{int:0-9}:15 +0100] "GET /favicon.ico HTTP/1.1" 404 196 "-" "Mozilla/5.0" """)
t("log-nginx-access-token-path", "tg", "api.telegram.org", r"""@{ip} - - [0@{int:1-9}/Apr/2025:06:00:0@{int:0-9} +0000] "POST /bot@{S}/sendMessage HTTP/1.1" 200 311 "-" "curl/7.88.1" rt=0.212 upstream=api.telegram.org""")
t("log-cpanel-error-log-php-dsn", "spw:16", "PHP Warning", r"""[1@{int:0-9}-Mar-2025 09:12:44 UTC] PHP Warning:  PDO::__construct(): MySQL server has gone away in /home/shopuser/public_html/lib/db.php on line 12
[1@{int:0-9}-Mar-2025 09:12:44 UTC] PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2006] MySQL server has gone away (dsn=mysql:host=localhost;dbname=shopuser_shop user=shopuser_app pass=@{S}) in /home/shopuser/public_html/lib/db.php:12""")
t("log-dovecot-auth-debug-passwords", "pw", "auth: Debug", r"""Mar 1@{int:0-9} 08:41:0@{int:0-9} mx1 dovecot: auth: Debug: client in: AUTH	1	PLAIN	service=imap	secured	session=@{b64u:16}	lip=@{ip}	rip=@{pubip}	lport=993	rport=51812
Mar 1@{int:0-9} 08:41:0@{int:0-9} mx1 dovecot: auth: Debug: passwd-file(invoices@@{org},@{pubip}): Password mismatch
Mar 1@{int:0-9} 08:41:0@{int:0-9} mx1 dovecot: auth: Debug: passwd-file(invoices@@{org},@{pubip}): PLAIN(@{S}) != '{SHA512-CRYPT}$6$@{an:16}$...'""")
t("log-rclone-vv-config-dump", "awssk", "rclone", r"""@{date} 02:00:01 DEBUG : rclone: Version "v1.66.0" starting with parameters ["rclone" "sync" "/srv/lims" "wasabi:lims-offsite" "-vv"]
@{date} 02:00:01 DEBUG : Creating backend with remote "wasabi:lims-offsite"
@{date} 02:00:01 DEBUG : wasabi: detected overridden config - adding "{secret_access_key=@{S}}" suffix to name
@{date} 02:00:02 INFO  : S3 bucket lims-offsite: Waiting for checks to finish""")
t("log-slurm-job-out-env-dump", "hex:40", "slurm-", r"""==> slurm-@{int:1000000-9999999}.out <==
SLURM_JOB_ID=@{int:1000000-9999999}
SLURM_JOB_NODELIST=gpu-node[07-08]
SLURM_NTASKS=2
WANDB_API_KEY=@{S}
WANDB_PROJECT=cryo-unet
Epoch 1/200: 100%|██████████| 412/412 [03:11<00:00,  2.15it/s, loss=0.412]""")
t("log-lims-app-startup-settings", "pw", "lims.settings", r"""@{tsl} INFO  [main] lims.settings - Effective configuration:
@{tsl} INFO  [main] lims.settings -   storage.root = /srv/lims/attachments
@{tsl} INFO  [main] lims.settings -   instrument.share.user = LAB\svc-instrument
@{tsl} INFO  [main] lims.settings -   instrument.share.password = @{S}
@{tsl} INFO  [main] lims.settings -   mail.enabled = true""")
t("log-instrument-pc-event-viewer", "pw", "SpectraLink", r"""Log Name:      Application
Source:        SpectraLink Export Service
Event ID:      1002
Level:         Error
Description:
Export to \\nas-lab2\instruments failed: logon failure for LAB\svc-instrument (password '@{S}'). Retrying in 300 s.""")
t("log-jenkins-console-groovy-leak", "pw", "[Pipeline]", r"""[Pipeline] sh
+ echo 'connecting to p4 as p4build'
connecting to p4 as p4build
[Pipeline] sh
+ p4 -u p4build -P @{S} -c build_ws_win64 info
User name: p4build
Client name: build_ws_win64
Server address: ssl:p4.larkspur-games.com:1666""")
t("log-git-curl-verbose-basic", "b64up", "GIT_CURL_VERBOSE", r"""$ GIT_CURL_VERBOSE=1 GIT_TRACE_REDACT=0 git fetch origin 2>&1 | grep -i -E '^(> |< )' | head
> GET /robotics/ros2-arm-driver.git/info/refs?service=git-upload-pack HTTP/1.1
> Host: gitlab.oakshade.dev
> Authorization: Basic @{S}
> User-Agent: git/2.43.0
< HTTP/1.1 200 OK""")
t("log-docker-daemon-debug-env", "pw", "containers/create", r"""time="@{date}T10:02:11.332Z" level=debug msg="Calling POST /v1.44/containers/create?name=edge-bridge"
time="@{date}T10:02:11.333Z" level=debug msg="form data: {\"Env\":[\"MQTT_USERNAME=edge\",\"MQTT_PASSWORD=@{S}\"],\"Image\":\"registry.@{org}/edge-bridge:@{ver}\"}"
time="@{date}T10:02:11.401Z" level=debug msg="container mounted via layerStore" """)
t("log-k8s-event-failed-probe-url", "an:24", "Readiness probe failed", r"""LAST SEEN   TYPE      REASON      OBJECT                          MESSAGE
2m11s       Warning   Unhealthy   pod/ota-server-6d9f7c-@{lan:5}       Readiness probe failed: Get "http://10.244.1.17:8080/health?token=@{S}": context deadline exceeded
2m01s       Normal    Pulled      pod/ota-server-6d9f7c-@{lan:5#b}       Container image "registry.aurora-ota.io/ota-server:@{ver}" already present on machine""")
t("log-syslog-snmp-trap-community", "pwleet", "snmptrapd", r"""Mar 1@{int:0-9} 03:14:0@{int:0-9} nms01 snmptrapd[@{pid}]: @{date} 03:14:0@{int:0-9} rack41-pdu [UDP: [@{ip}]:161->[@{ip#b}]:162]: community=@{S} .1.3.6.1.4.1.318.0.5 outletOff 14""")
t("log-windows-task-scheduler-cmdline", "pw", "Task Scheduler", r"""Task Scheduler launched action "C:\Windows\System32\cmd.exe /c net use Z: \\nas-lab2\instruments @{S} /user:LAB\svc-instrument && robocopy D:\Export Z:\Spectra /MIR" in instance "{@{UUID}}" of task "\LIMS Export".""")
t("log-sentry-breadcrumb-json", "jwt", "breadcrumbs", r"""{"breadcrumbs":[{"timestamp":"@{ts}","category":"http","data":{"method":"GET","url":"https://api.vireo-mobile.com/v2/jobs","status_code":401,"request_headers":{"Authorization":"Bearer @{S}"}}}],"level":"error","message":"Unauthorized"}""")
t("log-celery-task-args", "pw", "export_to_sftp", r"""[@{date} 02:00:00,014: INFO/MainProcess] Task ledger.tasks.export_to_sftp[@{uuid}] received
[@{date} 02:00:00,016: INFO/ForkPoolWorker-2] ledger.tasks.export_to_sftp[@{uuid}]: args=('sftp.payrollpartner.com', 'payroll_upload', '@{S}') kwargs={'period': '2025-0@{int:1-9}'}""")
t("log-aiohttp-client-debug-url-creds", "pw", "aiohttp.client", r"""DEBUG:aiohttp.client:Request GET https://seqcore:@{S}@ngs-core.@{org}/runs/index.json
DEBUG:aiohttp.client:Response 200 OK (content-length: 18231)""")
t("log-requests-urllib3-debug-query", "HEX:32", "urllib3.connectionpool", r"""DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): redcap.@{org}:443
DEBUG:urllib3.connectionpool:https://redcap.@{org}:443 "POST /api/?token=@{S}&content=record&format=json HTTP/1.1" 200 None""")
t("log-spring-boot-actuator-env-unsanitized", "spw:24", "activeProfiles", r"""{"activeProfiles":["prod"],"propertySources":[{"name":"applicationConfig: [classpath:/application-prod.yml]","properties":{"spring.datasource.url":{"value":"jdbc:postgresql://ota-db:5432/ota"},"spring.datasource.username":{"value":"ota"},"spring.datasource.password":{"value":"@{S}"}}}]}""")
t("log-mosquitto-bridge-verbose", "spw:24", "Connecting bridge", r"""1710@{dig:6}: Connecting bridge cloud-bridge (broker.@{org}:8883)
1710@{dig:6}: Bridge plant3-edge sending CONNECT
1710@{dig:6}: [debug] bridge auth: remote_username=plant3-edge remote_password=@{S}
1710@{dig:6}: Received CONNACK on connection cloud-bridge.""")
t("log-home-assistant-integration-error", "pw", "homeassistant.components", r"""@{tsl} ERROR (MainThread) [homeassistant.components.modbus] Pymodbus: modbus_gateway: Error: device: 1 address: 40001 -> Modbus Error: [Connection] Failed to connect[ModbusTcpClient admin:@{S}@@{ip}:502]""")
t("log-ansible-no-log-missing", "pw", "changed:", r"""TASK [mysql : set root password] ***********************************************
changed: [mx1] => (item={'name': 'root', 'host': 'localhost', 'password': '@{S}'})""")
t("log-terraform-debug-provider", "cftok", "api.cloudflare.com", r"""@{date}T09:12:44.101+0100 [DEBUG] provider.terraform-provider-cloudflare_v4.26.0: Cloudflare API Request Details:
---[ REQUEST ]---------------------------------------
GET /client/v4/zones?name=@{org} HTTP/1.1
Host: api.cloudflare.com
Authorization: Bearer @{S}
-----------------------------------------------------""")
t("log-php-var-dump-config", "pw", "array(4)", r"""array(4) {
  ["host"]=>
  string(9) "localhost"
  ["user"]=>
  string(13) "kanzlei_wpusr"
  ["pass"]=>
  string(@{int:8-20}) "@{S}"
  ["name"]=>
  string(10) "kanzlei_wp"
}""")
t("log-node-unhandled-rejection-config", "mgkey", "UnhandledPromiseRejection", r"""(node:@{pid}) UnhandledPromiseRejectionWarning: Error: Unauthorized
    at IncomingMessage.<anonymous> (/srv/notifier/node_modules/mailgun.js/lib/request.js:88:19)
  config: {
    url: 'https://api.eu.mailgun.net/v3/mg.@{org}/messages',
    auth: { username: 'api', password: '@{S}' }
  }""")
t("log-go-panic-dsn", "pw", "goroutine 1 [running]", r"""panic: dial tcp 10.40.12.5:5432: connect: connection refused (dsn="host=10.40.12.5 user=pxe password=@{S} dbname=pxe sslmode=disable")

goroutine 1 [running]:
main.mustDB(...)
	/src/pxe-api/main.go:41 +0x1c5""")
t("log-rust-debug-struct-print", "spw:20", "Config {", r"""[2025-0@{int:1-9}-1@{int:0-9}T08:00:00Z DEBUG ota_agent] loaded Config { server: "https://ota.aurora-ota.io", device_id: "edge-@{hex:6}", device_secret: "@{S}", poll_interval: 300s }""")
t("log-dotnet-ef-connection-log", "pw", "Microsoft.EntityFrameworkCore", r"""info: Microsoft.EntityFrameworkCore.Database.Connection[20000]
      Opening connection to database 'Payroll' on server 'SQL-ACCT01' (ConnectionString: Server=SQL-ACCT01;Database=Payroll;User Id=payroll_app;Password=@{S};)""")
t("log-veeam-job-log-share-creds", "pw", "Veeam", r"""[@{date} 22:00:14] <01> Info     [Veeam] Job 'NAS Offsite' started
[@{date} 22:00:15] <01> Info     [SmbFileShare] Connecting to \\backup-nas01\offsite as BACKUP\veeam-svc with password @{S}
[@{date} 22:00:17] <01> Info     [SmbFileShare] Connected""")
t("log-synology-hyper-backup-debug", "pw", "img_backup", r"""@{date}T01:00:03+01:00 backup-nas01 img_backup: (@{pid}) [dest] target="offsite" user="hb_target" passwd="@{S}" port=6281""")
t("log-postgres-log-statement-alter", "pw", "LOG:  statement", r"""@{date} 14:22:01.212 CET [@{pid}] postgres@lims LOG:  statement: ALTER ROLE lims_app WITH PASSWORD '@{S}';
@{date} 14:22:01.214 CET [@{pid}] postgres@lims LOG:  duration: 1.911 ms""")
t("log-mysql-general-log-grant", "spw:16", "Query", r"""@{date}T11:02:44.512Z	   41 Connect	root@localhost on  using Socket
@{date}T11:02:44.513Z	   41 Query	CREATE USER 'repl'@'10.40.%' IDENTIFIED BY '@{S}'
@{date}T11:02:44.520Z	   41 Query	GRANT REPLICATION SLAVE ON *.* TO 'repl'@'10.40.%'""")
t("log-github-actions-unmasked-derived", "b64up", "##[group]", r"""##[group]Run echo "auth=$(echo -n "$REG_USER:$REG_TOKEN" | base64)" >> $GITHUB_OUTPUT
echo "auth=$(echo -n "$REG_USER:$REG_TOKEN" | base64)" >> $GITHUB_OUTPUT
##[endgroup]
Warning: Skip output 'auth' since it may contain secret.
auth=@{S}""")
t("log-gitlab-ci-set-x-token", "glpat", "$ ", r"""$ set -x
$ curl --header "PRIVATE-TOKEN: $RELEASE_TOKEN" ...
+ curl --header 'PRIVATE-TOKEN: @{S}' --data name=v@{ver} https://gitlab.oakshade.dev/api/v4/projects/412/releases
{"message":"201 Created"}""")
t("log-buildkite-agent-env-dump", "hex:80", "BUILDKITE_AGENT_NAME", r"""~~~ Preparing working directory
$ env | grep -v ^BUILDKITE_AGENT_ACCESS_TOKEN
BUILDKITE_AGENT_NAME=@{host}-1
BUILDKITE_BRANCH=main
CROWDIN_PERSONAL_TOKEN=@{S}
BUILDKITE_PIPELINE_SLUG=cozy-farm-l10n""")
t("log-playfab-cloudscript-error", "playfab", "PlayFab", r"""[PlayFab] CloudScript error in handler 'GrantDailyReward': Request failed: 401
  request: {"url":"https://@{HEX:5}.playfabapi.com/Server/GrantItemsToUser","headers":{"X-SecretKey":"@{S}","Content-Type":"application/json"}}""")
t("log-photon-server-log-auth", "an:32", "Photon", r"""@{tsl} [17] INFO  Photon.LoadBalancing.Custom - CustomAuth request https://auth.tessellate.games/photon?user=@{int:10000-99999}&secret=@{S} -> 200""")
t("log-steam-content-builder-log", "pw", "ContentBuilder", r"""ContentBuilder> Logging in user 'steam_builder' to Steam Public...
ContentBuilder> [debug] login args: user=steam_builder pass=@{S} guard=cached
ContentBuilder> Login Failure: Rate Limit Exceeded""")
t("log-iis-log-query-string", "an:40", "#Fields", r"""#Software: Microsoft Internet Information Services 10.0
#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) sc-status
@{date} 08:14:11 @{ip} GET /Timesheet/api/export apikey=@{S}&month=2025-0@{int:1-9} 443 - @{ip#c} PowerShell/7.4 200""")
t("log-exim-mainlog-auth-fail", "pw", "authenticator failed", r"""@{date} 10:44:12 dovecot_plain authenticator failed for (kanzlei-pc) [@{pubip}]:51022: 535 Incorrect authentication data (set_id=scanner@@{org}) [debug: plain "scanner@@{org}" "@{S}"]""")
t("log-roundcube-imap-debug", "pw", "A0001 OK Logged in", r"""[1@{int:0-9}-Mar-2025 07:11:12 +0100]: <@{lan:8}> [@{int:1-9}F3A] C: A0001 LOGIN "kanzlei@@{org}" "@{S}"
[1@{int:0-9}-Mar-2025 07:11:12 +0100]: <@{lan:8}> [@{int:1-9}F3A] S: A0001 OK Logged in""")
t("log-ftp-server-xferlog-cmd", "pw", "USER instrument", r"""Mon Mar 1@{int:0-9} 06:10:02 2025 [pid @{pid}] CONNECT: Client "::ffff:@{ip}"
Mon Mar 1@{int:0-9} 06:10:02 2025 [pid @{pid}] FTP command: Client "::ffff:@{ip}", "USER instrument"
Mon Mar 1@{int:0-9} 06:10:02 2025 [pid @{pid}] FTP command: Client "::ffff:@{ip}", "PASS @{S}"
Mon Mar 1@{int:0-9} 06:10:02 2025 [pid @{pid}] [instrument] OK LOGIN: Client "::ffff:@{ip}" """)
t("log-ipmi-sel-audit-setpw", "pw", "ipmievd", r"""Mar 1@{int:0-9} 12:00:01 bmc-r12-u07 ipmievd: Audit: user ADMIN via lanplus from @{ip} executed 'user set password 3 @{S}'""")
t("log-idrac-lclog-export", "pw", "LC Log", r"""LC Log export (iDRAC.Embedded.1), @{date}
USR0030  The session for root from @{ip} using RACADM is logged off.
SYS1003  System CPU Resetting.
USR0032  racadm set iDRAC.Users.4.Password @{S} by root from @{ip} succeeded.""")
t("log-pxe-dnsmasq-tftp-url", "pw", "dnsmasq-tftp", r"""Mar 1@{int:0-9} 06:00:12 pxe01 dnsmasq-tftp[@{pid}]: sent /srv/tftp/ipxe.efi to @{ip}
Mar 1@{int:0-9} 06:00:14 pxe01 nginx: @{ip} - - "GET /boot/menu.ipxe?user=pxe&password=@{S} HTTP/1.1" 200 812""")
t("log-acme-sh-debug-dns-api", "an:32", "dns.hetzner.com", r"""[@{date} 04:00:03] _hetzner_rest(): GET https://dns.hetzner.com/api/v1/zones?name=@{org}
[@{date} 04:00:03] _H1='Auth-API-Token: @{S}'
[@{date} 04:00:04] response='{"zones":[{"id":"@{an:22}","name":"@{org}"'""")
t("log-certbot-dns-plugin-debug", "tsig", "certbot_dns_rfc2136", r"""@{tsl}:DEBUG:certbot_dns_rfc2136._internal.dns_rfc2136:Using TSIG key acme-dns01 (hmac-sha256) secret=@{S}
@{tsl}:DEBUG:certbot_dns_rfc2136._internal.dns_rfc2136:Successfully added TXT record _acme-challenge.@{org}""")
t("log-odoo-werkzeug-db-manager", "pw", "odoo.service.db", r"""@{tsl} @{pid} INFO ? odoo.service.db: Create database `kanzlei_prod` (master password check: '@{S}')
@{tsl} @{pid} INFO ? werkzeug: 10.0.0.5 - - [..] "POST /web/database/create HTTP/1.1" 303 - 12 0.012 2.119""")
t("log-quickbooks-sdk-trace", "jwe", "Intuit.Ipp", r"""@{tsl} TRACE Intuit.Ipp.Core.Rest.SyncRestHandler - Request URI: https://quickbooks.api.intuit.com/v3/company/@{dig:19}/query
@{tsl} TRACE Intuit.Ipp.Core.Rest.SyncRestHandler - Authorization: Bearer @{S}""")
t("log-docusign-sdk-debug-jwt-assertion", "jwtrs", "grant_type", r"""DEBUG docusign_esign.client.api_client: POST https://account.docusign.com/oauth/token body=grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=@{S}""")
t("log-payroll-sftp-paramiko-debug", "pw", "paramiko.transport", r"""DEBUG:paramiko.transport:Authentication type (password) - user payroll_upload
DEBUG:export:retrying with fallback password '@{S}' (primary expired)
INFO:paramiko.transport:Authentication (password) successful!""")
t("log-hpc-module-load-license-server", "an:16", "LM_LICENSE_FILE", r"""$ module load matlab/R2024a
Loading matlab/R2024a
  Loading requirement: license-server
LM_LICENSE_FILE=27000@flexlm.@{org}
MATHWORKS_PORTAL_PASSWORD=@{S}""")
t("log-globus-sdk-debug-basic", "b64up", "globus_sdk.transport", r"""DEBUG:globus_sdk.transport.requests:request will try 5 times; Authorization: Basic @{S}
DEBUG:urllib3.connectionpool:https://auth.globus.org:443 "POST /v2/oauth2/token HTTP/1.1" 200 1012""")
t("log-zenodo-upload-script-output", "an:60", "Uploading", r"""Uploading dataset.tar.zst (41.2 GB) to deposition @{int:1000000-9999999}
PUT https://zenodo.org/api/files/@{uuid}/dataset.tar.zst?access_token=@{S}
  [##########------------] 46%  19.0 GB  112 MB/s""")
t("log-npm-publish-verbose-token", "npm", "npm verb", r"""npm verb publish [ '.' ]
npm verb getPublishConfig { registry: 'https://registry.npmjs.org/' }
npm http fetch PUT 401 https://registry.npmjs.org/@kestrel%2fmodbus-web (token=@{S}) 612ms
npm ERR! code E401""")
t("log-twine-debug-env", "pypi", "TWINE_PASSWORD", r"""DEBUG  Using configuration from /home/runner/.pypirc
DEBUG  repository: https://upload.pypi.org/legacy/
DEBUG  username: __token__
DEBUG  password from env TWINE_PASSWORD: @{S}
Uploading labdevices-@{ver}-py3-none-any.whl""")
t("log-dependabot-proxy-log", "ghp", "proxy", r"""@{date}T10:11:02Z proxy | 2025/0@{int:1-9}/1@{int:0-9} 10:11:02 [004] GET https://npm.pkg.github.com:443/@kestrel%2fmodbus-web
@{date}T10:11:02Z proxy | 2025/0@{int:1-9}/1@{int:0-9} 10:11:02 [004] * authenticating npm registry request (host: npm.pkg.github.com) with token @{S}""")
t("log-conan-trace-remote-auth", "akcp", "conan", r"""conan.api: POST https://artifacts.@{org}/artifactory/api/conan/native/v1/users/authenticate
conan.api: headers={'X-JFrog-Art-Api': '@{S}', 'User-Agent': 'Conan/2.2.1'}""")
t("log-chromeleon-audit-trail", "pw", "Audit Trail", r"""Audit Trail - Instrument: HPLC-03   Date: @{date}
10:12:04  admin     Instrument Configuration Manager: Data Vault credentials changed (user: cmadmin, password: @{S})
10:12:09  admin     Server restarted""", 1)

# ---------------------------------------------------------------- note-or-chat (English)
group("note-or-chat")
t("note-handover-bmc-slash-pair", "pwseason", "bmc-r12-u07", r"""Handover: bmc-r12-u07 is reachable again after the PSU swap. Login ADMIN / @{S} (yes, still the old one, ticket DC-@{int:1000-4000} to rotate). Fans were at 100% because of the missing baffle.""")
t("note-slack-paste-wifi", "pwphrase", "#plant3-ops", r"""[#plant3-ops] @{first}: the new AGVs need the maintenance SSID: agv-maint, passphrase @{S} -- please don't post it in #general again :sweat_smile:""")
t("note-agent-next-steps-steam", "pw", "steamcmd", r"""Next steps:
1. re-run steamcmd upload once Steam Guard email arrives (account larkspur_build, pw @{S})
2. set beta branch live
3. ping @{first} about depot @{int:1000000-2999999} size jump""")
t("note-decision-log-idrac-default", "pw", "root", r"""Decision: keep iDRAC local user `root` enabled until LDAP works on the new R760s; temporary password @{S} set on all 12 units via racadm, to be rotated in sprint 14.""")
t("note-email-vendor-sdk-portal", "pw", "devportal", r"""From: @{first} @{last} <@{email}>
Subject: Re: console dev portal access

Hi, the shared login for the devportal is studio-build@@{org} and the password is @{S}. 2FA goes to the build phone in the server room.""")
t("note-ticket-comment-lims", "pw", "lims_admin", r"""#@{int:2000-9000} comment by @{first}: reset lims_admin to "@{S}" so the auditors can log in tomorrow; please change after the audit closes.""")
t("note-goal-restore-backup", "pwphrase", "restic", r"""Goal: restore /home/@{flow} from last Sunday's restic snapshot on nas01. The repo password is "@{S}" (from the paper in the safe, per @{first}).""")
t("note-teams-chat-payroll-sftp", "pw", "payroll_upload", r"""@{first} @{last} 09:14
the payroll SFTP password changed, new one is @{S}
@{first#b} @{last#b} 09:15
thx, updating the export job for payroll_upload now""")
t("note-standup-apple-id", "asp", "app-specific", r"""standup: TestFlight upload blocked, Apple ID 2FA. Workaround: use app-specific password @{S} for altool until we move to the ASC API key.""")
t("note-pr-review-comment-token", "ghp", "release.yml", r"""Review on #@{int:100-900}: you committed a real token in .github/workflows/release.yml line 31 (`@{S}`) -- please revoke it on GitHub and use secrets.GH_RELEASE_TOKEN instead.""")
t("note-wiki-mqtt-accounts-table", "spw:16", "press04", r"""| device  | mqtt user | password          |
|---------|-----------|-------------------|
| press04 | press04   | @{S}  |
| press05 | press05   | (see vault)       |""")
t("note-commit-message-creds", "pw", "fix(ci)", r"""fix(ci): use shared builder account for nightly

temporarily hardcoding the builder password (@{S}) until the Jenkins credential store migration is done.""")
t("note-plain-user-pw-line", "pwwalk", "hmi-line2", r"""hmi-line2 remote access: user service, pw @{S}""")
t("note-agent-observation-no-label", "pwleet", "ops@", r"""Found the credentials the old contractor used in a README on the NAS: ops@@{org} @{S} -- still valid, I tested login at 14:02. Flag for rotation.""")
t("note-discord-mod-channel", "dbot", "#mod-only", r"""[#mod-only] @{flow}: ok I regenerated the bot token, it's @{S} -- update the VPS .env pls""")
t("note-next-step-cpanel", "pw", "cPanel", r"""Next: log into cPanel for kanzlei-@{pick:mueller|berger|vogel}.de (user kanzlei, pass @{S}) and add the SPF include for the new mail relay.""")
t("note-lab-notebook-instrument-pc", "pwname", "SCOPE-PC-07", r"""Lab notebook @{date}: SCOPE-PC-07 local admin password reset by IT to @{S}; acquisition software reinstalled, calibration file restored from backup.""")
t("note-grant-portal-shared-login", "pwcorp", "grants office", r"""The grants office shares one portal account: @{flow}.pi@@{org} / @{S}. Budget justification is due Friday, upload as PDF/A.""")
t("note-jira-description-vpn", "spw:32", "IPsec", r"""Description: site-to-site IPsec to the contract manufacturer is down since the firewall swap. Peer @{pubip}, PSK "@{S}", IKEv2, AES256/SHA256, DH group 14.""")
t("note-agent-memory-sudo", "pw", "sudo", r"""Remember: on yocto-builder the build user can sudo; password is @{S}. Needed for `bitbake-layers` cleanup of /srv/yocto/sstate.""")
t("note-retro-postmortem", "pw", "OTA outage", r"""Post-mortem (OTA outage): root cause was the expired signing cert. During recovery @{first} pasted the HSM partition password (@{S}) into the incident channel; rotated at 16:40.""")
t("note-email-accountant-zip", "pw", "Jahresabschluss", r"""Hi @{first}, attached the encrypted Jahresabschluss package. The zip password is @{S} -- I'll call you to confirm. Best, @{first#b}""")
t("note-todo-list-inline", "pwseason", "wp-admin", r"""TODO
- [x] update PHP to 8.2
- [ ] wp-admin: change admin pw (currently @{S})
- [ ] renew Let's Encrypt on the old domain""")
t("note-chat-stream-of-consciousness", "pwwalk", "ilo-esx04", r"""ok so ilo-esx04 finally answers on https, tried Administrator with the pull-tab pw, didn't work, then @{S} which is what @{first} set last year and that worked lol""")
t("note-issue-body-oss-bot", "ghp", "release-drafter", r"""Our release-drafter bot started failing with 401. I checked the PAT in the org secrets, it's `@{S}`, expiry shows 2024-12-31 so that's probably it.""")
t("note-signal-msg-bgp", "pw", "BGP session", r"""BGP session with transit B flaps every 90s. MD5 key on our side is "@{S}" -- can you confirm yours matches? (edge2, neighbor @{pubip})""")
t("note-printout-router-label", "uan:10", "Serial", r"""Photo of the label on the LTE router in cabinet 3:
Model: RUT@{int:200-999}  Serial: @{dig:10}
WiFi: RUT_@{HEX:4}_2G  Key: @{S}""")
t("note-decisions-section-sentry", "sntryu", "decided", r"""Decisions: decided to keep sourcemap upload in the Xcode build phase for now; token used is @{S} (org-level, scope project:releases).""")
t("note-investigation-pgpass", "pw", "db01", r"""Investigation: cron job fails because ~/.pgpass has the old password for lims_ro@db01. Old: (unknown) New: @{S} -- updated the file and the job ran fine.""")
t("note-email-forward-chain", "pw", "Forwarded message", r"""---------- Forwarded message ---------
From: Hosting Support <support@ferrohost.net>
Your new WHM login for whm02: root / @{S}
Please change it after first login.""")
t("note-slack-thread-quote", "xoxb", "SLACK_BOT_TOKEN", r"""> @{first}: what token is the build-notifier using?
it's the bot token, SLACK_BOT_TOKEN=@{S}, scope chat:write only""")
t("note-agent-plan-ssh-pass", "pw", "operator", r"""Plan: ssh to scope-pc-07 as operator (password @{S} from the sticky note), copy D:\Export to nas-lab2, then verify checksums with the manifest.""")
t("note-meeting-minutes-ota", "pwphrase", "HSM", r"""Meeting minutes @{date}: OTA signing key passphrase was shared verbally; for the record it is "@{S}". Action: move into HSM by end of month (@{first}).""")
t("note-kb-article-printer-scan", "pw", "scanner@", r"""KB: Scan-to-email on the Kyocera in room 2.14 authenticates as scanner@@{org}, SMTP pw @{S}, port 587 STARTTLS.""")
t("note-changelog-oops", "pwname", "CHANGELOG", r"""CHANGELOG
- seed admin user for demo instance (admin / @{S})
- fix CSV export encoding""")
t("note-irc-log-nickserv", "pw", "NickServ", r"""[21:04] <@{flow}> /msg NickServ IDENTIFY @{S}
[21:04] -NickServ- Password accepted - you are now recognized.""")
t("note-support-reply-isp", "pw", "PPPoE", r"""Your PPPoE credentials for the lab uplink: username lab-@{dig:6}@isp-business.net, password @{S}. Static range @{pubip}/29.""")
t("note-mail-draft-onboarding", "pwcorp", "Welcome", r"""Welcome @{first}! Your first-day login for the studio PC is @{flow}.@{last} with temporary password @{S} -- you'll be asked to change it.""")
t("note-agent-summary-mqtt", "spw:20", "telemetry_ingest", r"""Summary: created RabbitMQ user telemetry_ingest with password @{S} and permissions on vhost /. Grafana datasource updated.""")
t("note-bug-report-steps", "pw", "Steps to reproduce", r"""Steps to reproduce:
1. open https://ledger.@{org}/login
2. log in as qa-finance / @{S}
3. export Q3 VAT report -> 500""")
t("note-whatsapp-export", "pwname", "danke", r"""[@{date}, 18:22:41] @{first}: kannst du mir das wlan pw schicken
[@{date}, 18:23:05] @{first#b}: @{S}
[@{date}, 18:23:10] @{first}: danke!!""")
t("note-ops-diary-racadm", "pw", "racadm", r"""ops diary: racadm jobqueue stuck on idrac-db02. cleared with `racadm -r idrac-db02 -u root -p @{S} jobqueue delete -i JID_CLEARALL_FORCE`, then reboot. Fine now.""")
t("note-pasted-keepass-entry", "rpw:20", "KeePass", r"""From KeePass (Infra/DNS):
Title: Hetzner Robot
User: K@{dig:10}
Password: @{S}
URL: https://robot.hetzner.com""")
t("note-pasted-1password-item", "rpw:24", "1Password", r"""1Password item "Plesk admin (plesk03)":
username: admin
password: @{S}
website: https://plesk03.hanse-hosting.de:8443""")
t("note-agent-blocked-on", "pw", "Blocked on", r"""Blocked on: the Modbus gateway web UI wants a password; tried admin/admin, then @{S} from the commissioning doc, second one works.""")
t("note-voice-transcript", "pwphrase", "transcript", r"""(transcript) "...yeah the passphrase for the signing key is @{S}, all lowercase, and then it should just sign."
""")
t("note-ticket-customer-provided", "pw", "acct-srv01", r"""Customer provided RDP credentials for their accounting server: acct-srv01\itsupport @{S}. Session window Tue 18:00-20:00.""")
t("note-agent-scratch-token-compare", "glpat", "runner", r"""scratch: runner registration failed with old token; new project token glpat from settings -> @{S} (expires in 30d)""")
t("note-okr-doc-oops", "pw", "staging", r"""Q3 OKR: migrate staging to k3s. (Staging admin login while we're at it: admin@@{org} / @{S})""")
t("note-mailing-list-oss", "pwphrase", "signing key", r"""On the -dev list: "the release signing key's passphrase is in the shared vault, but for the emergency release @{first} used '@{S}' directly, please rotate after 2.4.1".""")
t("note-forum-post-support", "pw", "forum", r"""Posted on the vendor forum (oops): "my gateway says auth failed, config is user=admin pass=@{S} port=502, what am I doing wrong?" -- asked mods to delete.""")
t("note-shift-log-hmi", "pwwalk", "Shift log", r"""Shift log line 2, night: HMI locked out after 3 attempts. Supervisor unlocked with engineer pw @{S}. Recipe 14 loaded at 02:10.""")
t("note-agent-found-in-history", "hex:40", "bash_history", r"""Found in root's bash_history on ota-01: `export OTA_ADMIN_TOKEN=@{S}` from 3 weeks ago. The token is still active per /api/tokens.""")
t("note-sticky-paste-no-context", "pwseason", "gw-modbus-04", r"""gw-modbus-04
admin
@{S}""")
t("note-sms-2fa-backup", "dig:8", "DNS provider", r"""Last unused backup code for the DNS provider account: @{S} -- stored here until we get the hardware keys.""", 1)
t("note-release-checklist-gpg", "pwphrase", "Release checklist", r"""Release checklist v@{ver}
- [x] tag signed (gpg key @{HEX:16}, passphrase @{S})
- [ ] upload to PyPI
- [ ] announce on Mastodon""")
t("note-agent-diff-summary", "an:40", "Diff summary", r"""Diff summary: replaced hardcoded LIMS key '@{S}' in sync.py with os.environ['LIMS_API_KEY']; old key must be revoked in the LIMS admin UI.""")
t("note-customer-email-domain-transfer", "rpw:16", "EPP", r"""Dear customer, the EPP/auth code for the transfer of @{org} is: @{S}. It is valid for 30 days.""")
t("note-pentest-finding", "pwseason", "Finding", r"""Finding H-2: default credentials on the backup appliance web UI (admin / @{S}) allow full restore of any VM. Recommendation: change and enable MFA.""")
t("note-agent-quoting-user", "pw", "user said", r"""The user said: "the password for the instrument share is @{S}, use the svc-instrument account". Saved for the sync job config.""")
t("note-handwritten-scan-ocr", "pwname", "OCR", r"""OCR of handwritten note taped to the NAS: "NAS admin: admin   PW: @{S}   (changed 03/24)" """)
t("note-kanban-card", "pw", "card", r"""[card] Move payroll export to SFTP key auth -- current password auth (payroll_upload / @{S}) keeps expiring every 90 days.""")
t("note-email-signature-oops", "pw", "Regards", r"""Please use the guest wifi "Kanzlei-Gast", password @{S}.

Regards,
@{first} @{last}
Office Management""")
t("note-config-review-comment", "an:40", "QuickBooks", r"""Config review: appsettings.Production.json still contains the QuickBooks ClientSecret "@{S}". This must come from Key Vault.""")
t("note-chat-discord-modpack", "pwleet", "rcon", r"""@{flow}: server's back up, rcon pw is @{S} if you need to kick someone
@{flow#b}: ty""")
t("note-hpc-allocation-email", "pw", "allocation", r"""Your HPC allocation is active. Initial password for @{flow}@hpc-login2: @{S} (must be changed at first login with `passwd`).""")
t("note-agent-reasoning-aside", "pwseason", "cmdkey", r"""I'll reuse the same credentials that cmdkey already stored on SCOPE-PC-07 -- the operator account with @{S} -- rather than creating a new service account.""")
t("note-vendor-rma-form", "pw", "RMA", r"""RMA form for the backup appliance: admin login for remote diagnostics is support / @{S}. Please remove after the firmware fix.""")
t("note-partial-wrapped-email", "b64u:60", "API key", r"""Here is the API key for the sequencing core portal (it wrapped in my mail client):
@{S1}
@{S2}""")
t("note-agent-wrapped-token-note", "ghpat", "fine-grained", r"""fine-grained PAT for the docs bot, copied from the GitHub page in two parts:
@{S1}
@{S2}""")
t("note-chat-wrapped-slack-token", "xoxp", "user token", r"""@{first}: here's the user token, sorry my terminal wrapped it
@{S1}
@{S2}""")
t("note-zoom-chat-saved", "pw", "From", r"""From @{first} @{last} to Everyone 10:42 AM:
the iLO for the new box is 10.40.12.@{int:10-99}, Administrator, @{S}""")
t("note-agent-compare-old-new", "spw:20", "secret/grafana/admin", r"""Rotated the Grafana admin password: old value unknown, new value @{S} stored in vault at secret/grafana/admin.""")
t("note-qa-test-account-list", "pwname", "Test accounts", r"""Test accounts for App Review:
- reviewer@mossgrove.app / @{S}
- demo content is preloaded, no 2FA""")
t("note-unity-license-serial-email", "unityserial", "serial", r"""From Unity Sales: your Pro seat serial is @{S}. Activate via Unity Hub > Preferences > Licenses > Add.""")
t("note-pasted-env-snippet-in-chat", "sklive", "STRIPE_SECRET_KEY", r"""@{first}: which key is prod?
@{first#b}: STRIPE_SECRET_KEY=@{S} is prod, the sk_test one is staging""")
t("note-security-incident-timeline", "awssk", "Timeline", r"""Timeline:
14:02 GuardDuty alert for access key @{akid} used from unusual ASN
14:04 found the matching secret (@{S}) in a public gist by a contractor
14:05 key deactivated
14:20 CloudTrail review started""", 1)

# ---------------------------------------------------------------- note-or-chat (other languages)
t("note-de-uebergabe-bmc", "pwseason", "bmc-r12-u07", r"""Übergabe Nachtschicht: bmc-r12-u07 wieder erreichbar, Login ADMIN, Passwort lautet @{S} (bitte nach dem Wartungsfenster ändern!). Lüfter laufen wieder normal.""")
t("note-de-teams-kanzlei-wlan", "pwname", "Kanzlei-Gast", r"""@{first} @{last} 08:52: Das WLAN-Passwort für Mandanten (Kanzlei-Gast) ist ab heute @{S} – das alte bitte nicht mehr rausgeben.""")
t("note-de-ticket-lohn-sftp", "pw", "payroll_upload", r"""Ticket #@{int:2000-9000}: Der Lohnexport schlägt fehl, weil das SFTP-Kennwort abgelaufen ist. Neues Kennwort für payroll_upload: @{S}. Job um 02:00 neu gestartet, läuft.""")
t("note-de-laborbuch-messrechner", "pwname", "SCOPE-PC-07", r"""Laborbuch @{date}: Messrechner SCOPE-PC-07 neu aufgesetzt. Lokaler Admin: labadmin / @{S}. Kalibrierdatei aus dem Backup zurückgespielt, Messung läuft wieder.""")
t("note-fr-passation-serveur", "pw", "whm02", r"""Passation : le mot de passe root du WHM (whm02) a été changé, c'est maintenant « @{S} ». Pense à mettre à jour le coffre-fort avant vendredi.""")
t("note-fr-chat-studio-build", "pw", "larkspur_build", r"""@{first} : le compte Steam du build (larkspur_build) a un nouveau mdp : @{S}, le code Steam Guard arrive sur le téléphone de la salle serveur.""")
t("note-fr-courriel-comptable", "pwphrase", "Cordialement", r"""Bonjour @{first},
Le fichier des salaires est chiffré, mot de passe : @{S}
Cordialement,
@{first#b}""")
t("note-es-traspaso-turno", "pwseason", "hmi-line2", r"""Traspaso de turno: el HMI de la línea 2 (hmi-line2) quedó bloqueado; la clave de ingeniería es @{S}. Receta 14 cargada a las 02:10.""")
t("note-es-slack-vpn", "spw:24", "VPN", r"""@{first}: la clave precompartida de la VPN con el fabricante es @{S}, IKEv2, grupo 14. No la pongáis en el ticket, porfa.""")
t("note-es-correo-portal-subvenciones", "pwcorp", "portal", r"""Hola @{first}, para subir la memoria al portal de subvenciones usa la cuenta del grupo: grupo.@{flow}@@{org} y contraseña @{S}. Plazo: viernes 14:00.""")
t("note-pt-passagem-plantao", "pw", "ilo-esx04", r"""Passagem de plantão: o iLO do ilo-esx04 voltou. Usuário Administrator, senha @{S}. Falta atualizar o firmware do controlador RAID.""")
t("note-pt-whatsapp-wifi", "pwname", "RoboLab", r"""[@{date} 19:02] @{first}: qual é a senha do wifi do RoboLab?
[@{date} 19:03] @{first#b}: @{S}""")
t("note-ja-hikitsugi-nas", "pw", "nas-lab2", r"""引き継ぎメモ：nas-lab2 の管理者パスワードを変更しました。新しいパスワードは @{S} です。来週中に保管庫へ登録してください。""")
t("note-ja-slack-mqtt", "spw:20", "press04", r"""@{first}さん、press04 の MQTT パスワードは @{S} です。ブローカーは mqtt.plant3.local:8883 です。よろしくお願いします。""")
t("note-ja-lab-notebook", "pwname", "HPLC-03", r"""実験ノート @{date}：HPLC-03 の PC を再インストール。ログインは analyst、パスワード @{S}。データ保存先は \\nas-lab2\instruments に変更。""")
t("note-zh-jiaojie-server", "pw", "idrac-db02", r"""交接说明：idrac-db02 的 root 密码已重置为 @{S}，请在维护窗口结束后修改。RAID 重建预计明天早上完成。""")
t("note-zh-wechat-token", "ghp", "GitHub", r"""@{first}：发布脚本用的 GitHub 令牌是 @{S}，只给了 repo 权限，月底过期，记得续。""")
t("note-zh-tw-lab", "pwseason", "LIMS", r"""實驗室公告：LIMS 共用帳號 labtech 的密碼改為 @{S}，請勿外傳。""")
t("note-ko-insu-inkye", "pw", "ota-01", r"""인수인계: ota-01 서버의 관리자 비밀번호는 @{S} 입니다. 다음 주 배포 전에 꼭 변경해 주세요.""")
t("note-ko-kakao-wifi", "pwphrase", "와이파이", r"""@{first}: 스튜디오 와이파이 비번 @{S} 이에요~ 손님용은 따로 있어요""")
t("note-ru-peredacha-smeny", "pw", "gw-modbus-04", r"""Передача смены: шлюз gw-modbus-04 снова в сети, логин admin, пароль @{S}. Прошивку не обновляли.""")
t("note-ru-telegram-chat", "tg", "бот", r"""@{first}: вот токен бота для уведомлений о сборке: @{S} — не публикуйте в общем чате, пожалуйста""")
t("note-it-consegna-turno", "pw", "backup-nas01", r"""Consegna turno: la password dell'interfaccia web di backup-nas01 è stata cambiata in @{S}. Il job notturno è ripartito alle 23:10.""")
t("note-it-email-commercialista", "pwname", "Saluti", r"""Ciao @{first}, l'archivio con i cedolini è protetto, la password è @{S}.
Saluti, @{first#b}""")
t("note-pl-przekazanie-zmiany", "pw", "rack41-pdu", r"""Przekazanie zmiany: hasło do panelu rack41-pdu zmienione na @{S}. Listwa w szafie 41 znowu raportuje pobór mocy.""")
t("note-pl-czat-steam", "pwleet", "serwer", r"""@{first}: hasło rcon do serwera testowego to @{S}, tylko nie wrzucaj go na discorda""")
t("note-cs-predavka-smeny", "pw", "plesk03", r"""Předávka směny: heslo do Plesku na plesk03 je teď @{S}. Zákazník kanzlei má znovu funkční poštu.""")
t("note-vi-ban-giao-ca", "pw", "hpc-login2", r"""Bàn giao ca: mật khẩu tài khoản hpcuser trên hpc-login2 đã đổi thành @{S}. Nhớ cập nhật script sao lưu.""")
t("note-ar-taslim-nawba", "pw", "mx1", r"""تسليم المناوبة: تم تغيير كلمة المرور لحساب البريد على mx1 إلى @{S} . يرجى تحديث الطابعة الماسحة.""")
t("note-he-hamasara", "pw", "lims-app01", r"""העברת משמרת: הסיסמה של lims_admin ב-lims-app01 שונתה ל- @{S} , נא לעדכן את הכספת.""")
t("note-nl-overdracht-dienst", "pwseason", "Plant3-OT", r"""Overdracht: het wifi-wachtwoord van Plant3-OT is gewijzigd naar @{S}. De AGV's zijn opnieuw gekoppeld.""")
t("note-tr-vardiya-devri", "pw", "idrac", r"""Vardiya devri: idrac-db02 root şifresi @{S} olarak değiştirildi. Bakım penceresinden sonra tekrar değiştirin lütfen.""")
t("note-sv-overlamning", "pwname", "backup-nas01", r"""Överlämning: nytt lösenord för admin på backup-nas01 är @{S}. Nattjobbet körde utan fel.""")
t("note-de-wrapped-token-mail", "b64u:64", "API-Schlüssel", r"""Hier der API-Schlüssel für das Sequenzierportal (mein Mailprogramm hat umgebrochen):
@{S1}
@{S2}
Gruß @{first}""")
t("note-ja-wrapped-token", "glpat", "トークン", r"""GitLab のデプロイ用トークン（コピー時に改行が入りました）：
@{S1}
@{S2}""", 1)
t("note-fr-ticket-sans-libelle", "pwwalk", "gw-modbus-04", r"""gw-modbus-04 -> admin @{S} (testé ce matin, ça marche)""")
t("note-es-decision-registro", "pw", "Decisión", r"""Decisión: mantenemos el usuario local root del iDRAC hasta que funcione LDAP; contraseña temporal @{S} en los 12 servidores.""")

# ---------------------------------------------------------------- ci-and-deploy
group("ci-and-deploy")
t("ci-gha-env-hardcoded-steam", "pw", "game-ci/steam-deploy", r"""# .github/workflows/release.yml
jobs:
  deploy-steam:
    runs-on: ubuntu-latest
    env:
      STEAM_USERNAME: larkspur_build
      STEAM_PASSWORD: "@{S}"   # TODO secrets.STEAM_PASSWORD
    steps:
      - uses: game-ci/steam-deploy@v3
        with:
          username: ${{ env.STEAM_USERNAME }}""")
t("ci-gha-with-token-literal", "ghp", "softprops/action-gh-release", r"""      - name: Publish release
        uses: softprops/action-gh-release@v2
        with:
          token: @{S}
          files: dist/*.zip""")
t("ci-gha-run-curl-webhook", "an:24", "Notify Slack", r"""      - name: Notify Slack
        if: failure()
        run: |
          curl -X POST -H 'Content-type: application/json' \
            --data "{\"text\":\"firmware build failed on ${GITHUB_REF_NAME}\"}" \
            https://hooks.slack.com/services/T0@{uan:8}/B0@{uan:9}/@{S}""")
t("ci-gitlab-ci-variables-block", "glpat", "RELEASE_TOKEN", r"""# .gitlab-ci.yml
variables:
  DOCKER_DRIVER: overlay2
  RELEASE_TOKEN: "@{S}"
  YOCTO_MACHINE: imx8mm-edge

release:
  stage: deploy
  script:
    - release-cli create --name "v$CI_COMMIT_TAG" --tag-name $CI_COMMIT_TAG""")
t("ci-gitlab-ci-script-sshpass", "pw", "deploy_ota", r"""deploy_ota:
  stage: deploy
  script:
    - sshpass -p "@{S}" scp build/edge-fw.swu ota@ota.aurora-ota.io:/srv/artifacts/
  only:
    - tags""")
t("ci-jenkinsfile-environment-block", "p4t", "environment {", r"""pipeline {
  agent { label 'win64-ue5' }
  environment {
    P4PORT   = 'ssl:p4.larkspur-games.com:1666'
    P4USER   = 'p4build'
    P4PASSWD = '@{S}'
  }
  stages {
    stage('Sync') { steps { bat 'p4 sync //depot/Main/...' } }""")
t("ci-jenkinsfile-withenv-literal", "pw", "withEnv", r"""stage('Upload to Steam') {
  steps {
    withEnv(["STEAM_PASS=@{S}"]) {
      bat 'steamcmd +login steam_builder %STEAM_PASS% +run_app_build app_build.vdf +quit'
    }
  }
}""")
t("ci-bitrise-yml-app-env", "asp", "bitrise.yml", r"""# bitrise.yml
app:
  envs:
  - BITRISE_PROJECT_PATH: Mossgrove.xcworkspace
  - BITRISE_SCHEME: Mossgrove
  - FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD: @{S}
workflows:
  deploy:
    steps:
    - fastlane@3:
        inputs:
        - lane: ios release""")
t("ci-codemagic-yaml-vars", "pw", "codemagic.yaml", r"""# codemagic.yaml
workflows:
  android-release:
    environment:
      vars:
        CM_KEYSTORE_PATH: /tmp/keystore.jks
        CM_KEYSTORE_PASSWORD: "@{S}"
        CM_KEY_ALIAS: upload
      flutter: stable
    scripts:
      - flutter build appbundle --release""")
t("ci-circleci-config-environment", "dckr", "docker login", r"""# .circleci/config.yml
jobs:
  build-server:
    docker:
      - image: cimg/base:2024.02
    environment:
      DOCKERHUB_USER: larkspurci
      DOCKERHUB_PASS: @{S}
    steps:
      - checkout
      - setup_remote_docker
      - run: echo "$DOCKERHUB_PASS" | docker login -u "$DOCKERHUB_USER" --password-stdin""")
t("ci-azure-pipelines-variables", "azkey", "azure-pipelines.yml", r"""# azure-pipelines.yml
variables:
  storageAccount: auroraotafw
  storageKey: '@{S}'
steps:
- script: az storage blob upload-batch -d firmware -s $(Build.ArtifactStagingDirectory) --account-name $(storageAccount) --account-key $(storageKey)""")
t("ci-buildkite-pipeline-env", "hex:80", "buildkite", r"""# .buildkite/pipeline.yml
env:
  CROWDIN_PROJECT_ID: "@{int:100000-999999}"
  CROWDIN_PERSONAL_TOKEN: "@{S}"
steps:
  - label: ":earth_africa: sync translations"
    command: crowdin download --verbose""")
t("ci-drone-yml-settings", "pw", "plugins/docker", r"""# .drone.yml
kind: pipeline
name: default
steps:
- name: publish
  image: plugins/docker
  settings:
    registry: registry.@{org}
    repo: registry.@{org}/lims-sync
    username: drone
    password: @{S}""")
t("ci-woodpecker-yml-env", "cio", "cargo publish", r"""# .woodpecker.yml
steps:
  publish:
    image: rust:1.77
    environment:
      CARGO_REGISTRY_TOKEN: @{S}
    commands:
      - cargo publish -p modbus-rtu-async
    when:
      event: tag""")
t("ci-teamcity-kotlin-dsl-param", "pw", "params {", r"""object BuildWin64 : BuildType({
    name = "Build Win64"
    params {
        param("env.STEAM_USER", "steam_builder")
        param("env.STEAM_PASS", "@{S}")
    }
})""")
t("ci-fastfile-lane-inline", "asp", "upload_to_testflight", r"""# fastlane/Fastfile
lane :beta do
  ENV["FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD"] = "@{S}"
  build_app(scheme: "Mossgrove")
  upload_to_testflight(skip_waiting_for_build_processing: true)
end""")
t("ci-fastfile-match-password-inline", "pwphrase", "sync_code_signing", r"""lane :certs do
  sync_code_signing(type: "appstore", readonly: true, git_url: "git@gitlab.oakshade.dev:mobile/certificates.git",
                    keychain_password: "@{S}")
end""")
t("ci-eas-json-build-env", "sntryu", "eas.json", r"""// eas.json
{
  "build": {
    "production": {
      "env": {
        "SENTRY_AUTH_TOKEN": "@{S}",
        "APP_VARIANT": "production"
      },
      "android": { "buildType": "app-bundle" }
    }
  }
}""")
t("ci-firebase-app-distribution-step", "g1", "appdistribution:distribute", r"""- name: Distribute to testers
  run: firebase appdistribution:distribute app-release.apk --app 1:@{dig:12}:android:@{hex:16} --groups qa --token "@{S}" """)
t("ci-unity-cloud-build-env-export", "pw", "UNITY_PASSWORD", r"""# ci/unity-license.sh (runs in Unity build container)
export UNITY_EMAIL=build@@{org}
export UNITY_PASSWORD='@{S}'
unity-editor -batchmode -nographics -username "$UNITY_EMAIL" -password "$UNITY_PASSWORD" -serial "$UNITY_SERIAL" -quit""")
t("ci-game-ci-secrets-doc-leak", "unityserial", "UNITY_SERIAL", r"""# docs/ci-setup.md (committed)
Repository secrets needed by game-ci:
- UNITY_EMAIL = build@@{org}
- UNITY_SERIAL = @{S}
- UNITY_PASSWORD = (ask @{first})""")
t("ci-steam-app-build-vdf-plus-script", "pw", "run_app_build", r"""# ci/upload_steam.bat
set STEAMCMD=C:\steamcmd\steamcmd.exe
%STEAMCMD% +login steam_builder @{S} +run_app_build C:\ci\steam\app_build_@{int:1000000-2999999}.vdf +quit
if errorlevel 1 exit /b 1""")
t("ci-google-play-upload-json-inline", "pemesc:pkcs8", "r0adkll/upload-google-play", r"""      - uses: r0adkll/upload-google-play@v1
        with:
          serviceAccountJsonPlainText: '{"type":"service_account","client_email":"ci@vireo-play.iam.gserviceaccount.com","private_key":"-----BEGIN PRIVATE KEY-----\n@{S}\n-----END PRIVATE KEY-----\n"}'
          packageName: com.vireo.field
          releaseFiles: app/build/outputs/bundle/release/app-release.aab""", 1)
t("ci-mender-artifact-upload-script", "jwt", "mender-cli", r"""#!/bin/sh
# ci/publish-mender.sh
MENDER_TOKEN="@{S}"
mender-cli --server https://eu.hosted.mender.io --token-value "$MENDER_TOKEN" artifacts upload build/edge-@{ver}.mender""")
t("ci-hawkbit-upload-curl-deploy", "pw", "softwaremodules", r"""deploy-hawkbit:
  script:
    - curl -u "DEFAULT\\ci:@{S}" -F "file=@build/edge.swu" https://hawkbit.@{org}/rest/v1/softwaremodules/@{int:10-99}/artifacts""")
t("ci-yocto-ci-sstate-s3", "awssk", "sstate", r"""# ci/yocto-build.sh
export AWS_ACCESS_KEY_ID=@{akid}
export AWS_SECRET_ACCESS_KEY=@{S}
aws s3 sync s3://aurora-yocto-sstate/ /srv/yocto/sstate --only-show-errors
kas build kas/edge.yml""")
t("ci-goreleaser-env-inline", "ghp", "goreleaser", r"""# .goreleaser.yaml
env:
  - GITHUB_TOKEN=@{S}
builds:
  - main: ./cmd/modbus-cli
    goos: [linux, windows, darwin]""")
t("ci-releaserc-json-token", "npm", "@semantic-release/npm", r"""// .releaserc.json
{
  "branches": ["main"],
  "plugins": [
    "@semantic-release/commit-analyzer",
    ["@semantic-release/npm", { "npmPublish": true }],
    "@semantic-release/github"
  ],
  "env": { "NPM_TOKEN": "@{S}" }
}""")
t("ci-travis-yml-plain-api-key", "rubygems", "provider: rubygems", r"""# .travis.yml
language: ruby
deploy:
  provider: rubygems
  api_key: "@{S}"
  on:
    tags: true""")
t("ci-netlify-toml-build-env", "an:40", "[build.environment]", r"""# netlify.toml (docs site)
[build]
  command = "mkdocs build"
  publish = "site"
[build.environment]
  PYTHON_VERSION = "3.11"
  ALGOLIA_ADMIN_KEY = "@{S}" """)
t("ci-wrangler-toml-vars", "cftok", "wrangler.toml", r"""# wrangler.toml
name = "ota-manifest"
main = "src/index.ts"
compatibility_date = "2024-03-01"

[vars]
CF_API_TOKEN = "@{S}"
MANIFEST_BUCKET = "aurora-fw-prod" """)
t("ci-vercel-env-pull-file", "jwt", ".env.production.local", r"""# .env.production.local (created by `vercel env pull`, committed by mistake)
VERCEL="1"
VERCEL_ENV="production"
SUPABASE_SERVICE_ROLE_KEY="@{S}"
VERCEL_URL="" """)
t("ci-helm-values-prod-override", "spw:24", "values-prod.yaml", r"""# deploy/values-prod.yaml
image:
  tag: "@{ver}"
postgresql:
  auth:
    username: ota
    password: "@{S}"
    database: ota""")
t("ci-argocd-repo-secret-yaml", "glpat", "argocd.argoproj.io/secret-type", r"""apiVersion: v1
kind: Secret
metadata:
  name: repo-infra
  namespace: argocd
  labels:
    argocd.argoproj.io/secret-type: repository
stringData:
  url: https://gitlab.oakshade.dev/infra/k8s.git
  username: argocd
  password: @{S}""")
t("ci-capistrano-deploy-rb", "pw", "set :ssh_options", r"""# config/deploy/production.rb
server "ledger-app01.@{org}", user: "deploy", roles: %w{app db web}
set :ssh_options, {
  user: "deploy",
  password: "@{S}",
  auth_methods: %w(password)
}""")
t("ci-deploy-sh-rsync-sshpass", "pw", "deploy.sh", r"""#!/usr/bin/env bash
# deploy.sh -- push static site to cPanel host
set -e
npm run build
sshpass -p '@{S}' rsync -avz --delete dist/ kanzlei@server.ferrohost.net:public_html/""")
t("ci-lftp-mirror-deploy", "pw", "mirror -R", r"""# deploy_ftp.sh
lftp -c "set ftp:ssl-force true; open -u shopuser,@{S} ftp.ferrohost.net; mirror -R --delete ./public /public_html" """)
t("ci-docker-compose-prod-env", "spw:20", "docker-compose.prod.yml", r"""# docker-compose.prod.yml
services:
  ota-server:
    image: registry.aurora-ota.io/ota-server:@{ver}
    environment:
      - DATABASE_URL=postgres://ota:@{S}@ota-db:5432/ota
      - LOG_LEVEL=info""")
t("ci-k8s-deployment-env-value", "an:40", "valueFrom", r"""        env:
        - name: LIMS_API_URL
          value: https://lims-app01.lab.local/api/v2
        - name: LIMS_API_KEY
          value: "@{S}"
        - name: DB_PASSWORD
          valueFrom:
            secretKeyRef: {name: lims-db, key: password}""")
t("ci-ansible-deploy-vars-file", "pw", "group_vars/production.yml", r"""# group_vars/production.yml
app_user: ledger
app_db_host: sql-acct01
app_db_password: "@{S}"
app_release: "{{ lookup('env', 'CI_COMMIT_TAG') }}" """)
t("ci-terraform-cloud-variable-hcl", "tfc", "credentials", r"""# ~/.terraformrc on the CI runner
credentials "app.terraform.io" {
  token = "@{S}"
}""")
t("ci-pulumi-config-plain", "spw:22", "config:", r"""# Pulumi.prod.yaml
config:
  aws:region: eu-central-1
  lab-infra:dbPassword: @{S}
  lab-infra:instanceType: t3.medium""")
t("ci-pypi-publish-password-input", "pypi", "pypa/gh-action-pypi-publish", r"""      - name: Publish to PyPI
        uses: pypa/gh-action-pypi-publish@release/v1
        with:
          user: __token__
          password: @{S}""")
t("ci-docker-buildx-secret-inline", "npm", "--secret", r"""      - run: |
          echo "@{S}" > /tmp/npm_token
          docker buildx build --secret id=npm,src=/tmp/npm_token -t registry.@{org}/dashboard:${GITHUB_SHA::7} .""")
t("ci-sentry-release-step", "sntryu", "getsentry/action-release", r"""      - uses: getsentry/action-release@v1
        env:
          SENTRY_AUTH_TOKEN: @{S}
          SENTRY_ORG: vireo
          SENTRY_PROJECT: field-app
        with:
          environment: production""")
t("ci-codecov-action-token", "uuid", "codecov/codecov-action", r"""      - uses: codecov/codecov-action@v4
        with:
          token: @{S}
          files: ./coverage.xml
          fail_ci_if_error: true""")
t("ci-gha-matrix-bot-notify", "syt", "matrix", r"""      - name: Announce on Matrix
        run: |
          curl -s -X PUT "https://matrix.@{org}/_matrix/client/v3/rooms/!@{an:18}:@{org}/send/m.room.message/$GITHUB_RUN_ID" \
            -H "Authorization: Bearer @{S}" \
            -d "{\"msgtype\":\"m.text\",\"body\":\"Released ${GITHUB_REF_NAME}\"}" """)
t("ci-mkdocs-deploy-gh-token-url", "ghp", "gh-deploy", r"""      - run: |
          git remote set-url origin https://x-access-token:@{S}@github.com/${GITHUB_REPOSITORY}.git
          mkdocs gh-deploy --force""")
t("ci-nuget-push-step-literal", "nuget", "dotnet nuget push", r"""    - name: Push package
      run: dotnet nuget push "src/Ledger.Core/bin/Release/*.nupkg" --api-key @{S} --source https://api.nuget.org/v3/index.json --skip-duplicate""")
t("ci-gradle-publish-env-inline", "pwphrase", "ORG_GRADLE_PROJECT_signingPassword", r"""    - name: Publish to Maven Central
      env:
        ORG_GRADLE_PROJECT_signingInMemoryKeyPassword: "@{S}"
        ORG_GRADLE_PROJECT_mavenCentralUsername: @{an:8}
      run: ./gradlew publishAndReleaseToMavenCentral --no-configuration-cache
      # ORG_GRADLE_PROJECT_signingPassword kept for the old plugin""")

# ---------------------------------------------------------------- vendor-token
group("vendor-token")
t("tok-github-classic-pat-export", "ghp", "GH_TOKEN", r"""export GH_TOKEN=@{S}""")
t("tok-github-oauth-gho", "gho", "oauth_token", r"""oauth_token=@{S}&scope=repo%2Cgist&token_type=bearer""")
t("tok-github-app-installation-ghs", "ghs", "x-access-token", r"""x-access-token:@{S}""")
t("tok-github-user-to-server-ghu", "ghu", "refresh_token_expires_in", r"""access_token=@{S}&expires_in=28800&refresh_token_expires_in=15724800&scope=&token_type=bearer""")
t("tok-github-fine-grained-pat", "ghpat", "Authorization: token", r"""Authorization: token @{S}""")
t("tok-gitlab-pat-header", "glpat", "PRIVATE-TOKEN", r"""PRIVATE-TOKEN: @{S}""")
t("tok-gitlab-runner-auth", "glrt", "runner_token", r"""runner_token: @{S}   # gitlab-runner register --token""")
t("tok-npm-automation", "npm", "NPM_TOKEN", r"""NPM_TOKEN=@{S}""")
t("tok-pypi-api-token", "pypi", "TWINE_PASSWORD", r"""TWINE_USERNAME=__token__ TWINE_PASSWORD=@{S}""")
t("tok-testpypi-api-token", "pypitest", "testpypi", r"""[testpypi]
password = @{S}""")
t("tok-slack-bot-xoxb", "xoxb", "SLACK_BOT_TOKEN", r"""SLACK_BOT_TOKEN="@{S}" """)
t("tok-slack-user-xoxp", "xoxp", "Authorization: Bearer", r"""Authorization: Bearer @{S}""")
t("tok-slack-app-level-xapp", "xapp", "socket mode", r"""SLACK_APP_TOKEN=@{S}  # socket mode""")
t("tok-discord-bot-header", "dbot", "Authorization: Bot", r"""Authorization: Bot @{S}""")
t("tok-telegram-bot-env", "tg", "TELEGRAM_BOT_TOKEN", r"""TELEGRAM_BOT_TOKEN=@{S}""")
t("tok-stripe-secret-live", "sklive", "Bearer", r"""-H "Authorization: Bearer @{S}" """)
t("tok-stripe-restricted-live", "rklive", "STRIPE_RESTRICTED_KEY", r"""STRIPE_RESTRICTED_KEY=@{S}""")
t("tok-stripe-webhook-signing", "whsec", "endpoint_secret", r"""endpoint_secret = '@{S}'""")
t("tok-twilio-auth-token", "hex:32", "TWILIO_ACCOUNT_SID", r"""TWILIO_ACCOUNT_SID=AC@{hex:32}
TWILIO_AUTH_TOKEN=@{S}""")
t("tok-twilio-api-key-secret", "an:32", "api_key_sid", r"""api_key_sid: SK@{hex:32}
api_key_secret: @{S}""")
t("tok-sendgrid-api-key", "sg", "SENDGRID_API_KEY", r"""SENDGRID_API_KEY=@{S}""")
t("tok-mailgun-legacy-key", "mgkey", "MAILGUN_API_KEY", r"""MAILGUN_API_KEY=@{S}""")
t("tok-mailgun-new-key", "mgkey2", "mailgun", r"""mailgun:
  api_key: @{S}
  domain: mg.@{org}""")
t("tok-mailchimp-dc-suffix", "mailchimp", "MAILCHIMP_KEY", r"""MAILCHIMP_KEY=@{S}""")
t("tok-openai-project-key", "oai", "OPENAI_API_KEY", r"""OPENAI_API_KEY=@{S}""")
t("tok-openai-legacy-key", "oaiold", "openai.api_key", r"""openai.api_key = "@{S}" """)
t("tok-anthropic-api-key", "ant", "x-api-key", r"""x-api-key: @{S}""")
t("tok-huggingface-hf", "hf", "HF_TOKEN", r"""HF_TOKEN=@{S}""")
t("tok-docker-hub-pat", "dckr", "DOCKERHUB_TOKEN", r"""DOCKERHUB_TOKEN: @{S}""")
t("tok-vault-service-token", "hvs", "VAULT_TOKEN", r"""VAULT_TOKEN=@{S}""")
t("tok-vault-batch-long", "hvslong", "X-Vault-Token", r"""X-Vault-Token: @{S}""")
t("tok-terraform-cloud-atlasv1", "tfc", "TF_TOKEN_app_terraform_io", r"""TF_TOKEN_app_terraform_io=@{S}""")
t("tok-digitalocean-dop", "dop", "DIGITALOCEAN_TOKEN", r"""DIGITALOCEAN_TOKEN=@{S}""")
t("tok-shopify-admin-shpat", "shpat", "X-Shopify-Access-Token", r"""X-Shopify-Access-Token: @{S}""")
t("tok-atlassian-api-token", "atl", "JIRA_API_TOKEN", r"""JIRA_API_TOKEN=@{S}""")
t("tok-linear-api-key", "lin", "LINEAR_API_KEY", r"""LINEAR_API_KEY=@{S}""")
t("tok-notion-integration", "notion", "NOTION_TOKEN", r"""NOTION_TOKEN=@{S}""")
t("tok-sentry-user-token", "sntryu", "SENTRY_AUTH_TOKEN", r"""SENTRY_AUTH_TOKEN=@{S}""")
t("tok-datadog-api-key", "hex:32", "DD_API_KEY", r"""DD_API_KEY=@{S} DD_SITE="datadoghq.eu" bash -c "$(curl -L https://install.datadoghq.com/scripts/install_script_agent7.sh)" """)
t("tok-datadog-app-key", "hex:40", "DD-APPLICATION-KEY", r"""DD-APPLICATION-KEY: @{S}""")
t("tok-newrelic-user-key", "nrak", "API-Key", r"""API-Key: @{S}""")
t("tok-newrelic-license-key", "nrlic", "license_key", r"""license_key: @{S}""")
t("tok-grafana-service-account", "glsa", "GRAFANA_TOKEN", r"""GRAFANA_TOKEN=@{S}""")
t("tok-cloudflare-api-token", "cftok", "CLOUDFLARE_API_TOKEN", r"""CLOUDFLARE_API_TOKEN=@{S}""")
t("tok-cloudflare-global-key", "hex:37", "X-Auth-Key", r"""X-Auth-Email: noc@@{org}
X-Auth-Key: @{S}""")
t("tok-azure-storage-conn-string", "azkey", "AccountName=", r"""DefaultEndpointsProtocol=https;AccountName=labarchive@{lan:4};AccountKey=@{S};EndpointSuffix=core.windows.net""")
t("tok-azure-sas-sig", "sas", "sv=2022-11-02", r"""https://auroraotafw.blob.core.windows.net/firmware/edge-@{ver}.swu?sv=2022-11-02&ss=b&srt=o&sp=r&se=@{date}T23:59:59Z&st=@{date}T00:00:00Z&spr=https&sig=@{S}""")
t("tok-azure-client-secret", "azsecret", "AZURE_CLIENT_SECRET", r"""AZURE_CLIENT_SECRET=@{S}""")
t("tok-aws-secret-access-key-pair", "awssk", "aws_access_key_id", r"""aws_access_key_id=@{akid}
aws_secret_access_key=@{S}""")
t("tok-aws-s3-presigned-signature", "hex:64", "X-Amz-Algorithm", r"""https://aurora-fw-prod.s3.eu-central-1.amazonaws.com/edge-@{ver}.swu?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=@{akid}%2F@{int:20240101-20251231}%2Feu-central-1%2Fs3%2Faws4_request&X-Amz-Date=@{int:20240101-20251231}T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=@{S}""")
t("tok-gcs-signed-url-signature", "hex:512", "X-Goog-Algorithm", r"""https://storage.googleapis.com/lab-archive/run42.tar?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=signer%40lab-archive.iam.gserviceaccount.com%2F@{int:20240101-20251231}%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=@{int:20240101-20251231}T090000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=@{S}""", 1)
t("tok-google-api-key-server", "aiza", "youtube/v3", r"""GET https://www.googleapis.com/youtube/v3/videos?part=statistics&id=@{b64u:11}&key=@{S}""")
t("tok-google-oauth-client-secret", "gocspx", "client_secret", r"""client_secret=@{S}""")
t("tok-google-refresh-token", "g1", "refresh_token", r"""refresh_token: @{S}""")
t("tok-google-access-token-ya29", "ya29", "Bearer", r"""Authorization: Bearer @{S}""")
t("tok-fcm-legacy-server-key", "fcm", "Authorization: key=", r"""Authorization: key=@{S}""")
t("tok-postman-api-key", "pmak", "X-Api-Key", r"""X-Api-Key: @{S}""")
t("tok-figma-pat", "figd", "X-Figma-Token", r"""X-Figma-Token: @{S}""")
t("tok-sourcegraph-access", "sgp", "SRC_ACCESS_TOKEN", r"""SRC_ACCESS_TOKEN=@{S}""")
t("tok-shippo-live", "shippo", "ShippoToken", r"""Authorization: ShippoToken @{S}""")
t("tok-contentful-cma", "cfpat", "CONTENTFUL_MANAGEMENT_TOKEN", r"""CONTENTFUL_MANAGEMENT_TOKEN=@{S}""")
t("tok-hubspot-private-app", "hubspot", "HUBSPOT_ACCESS_TOKEN", r"""HUBSPOT_ACCESS_TOKEN=@{S}""")
t("tok-planetscale-password", "pscale", "mysql://", r"""mysql://@{lan:12}:@{S}@aws.connect.psdb.cloud/ledger?sslaccept=strict""")
t("tok-supabase-management", "sbp", "SUPABASE_ACCESS_TOKEN", r"""SUPABASE_ACCESS_TOKEN=@{S}""")
t("tok-render-api-key", "rnd", "RENDER_API_KEY", r"""RENDER_API_KEY=@{S}""")
t("tok-flyio-token", "fo1", "FLY_API_TOKEN", r"""FLY_API_TOKEN=@{S}""")
t("tok-databricks-pat", "dapi", "DATABRICKS_TOKEN", r"""DATABRICKS_TOKEN=@{S}""")
t("tok-buildkite-user-token", "bkua", "BUILDKITE_API_TOKEN", r"""BUILDKITE_API_TOKEN=@{S}""")
t("tok-rubygems-api-key", "rubygems", "GEM_HOST_API_KEY", r"""GEM_HOST_API_KEY=@{S}""")
t("tok-nuget-api-key", "nuget", "NUGET_API_KEY", r"""NUGET_API_KEY=@{S}""")
t("tok-crates-io-token", "cio", "CARGO_REGISTRY_TOKEN", r"""CARGO_REGISTRY_TOKEN=@{S}""")
t("tok-sonarqube-user-token", "squ", "SONAR_TOKEN", r"""SONAR_TOKEN=@{S}""")
t("tok-jfrog-api-key", "akcp", "X-JFrog-Art-Api", r"""X-JFrog-Art-Api: @{S}""")
t("tok-matrix-synapse-access", "syt", "access_token", r"""{"user_id":"@release-bot:@{org}","access_token":"@{S}","home_server":"@{org}","device_id":"@{uan:10}"}""")
t("tok-tailscale-auth-key", "tskey", "TS_AUTHKEY", r"""TS_AUTHKEY=@{S}""")
t("tok-doppler-service-token", "dpst", "DOPPLER_TOKEN", r"""DOPPLER_TOKEN=@{S}""")
t("tok-pulumi-access-token", "pul", "PULUMI_ACCESS_TOKEN", r"""PULUMI_ACCESS_TOKEN=@{S}""")
t("tok-age-secret-key", "agekey", "# public key", r"""# public key: age1@{lan:58}
@{S}""")
t("tok-steam-web-api-key", "steamkey", "steam_web_api_key", r"""steam_web_api_key = "@{S}" """)
t("tok-playfab-secret-key", "playfab", "X-SecretKey", r"""X-SecretKey: @{S}""")
t("tok-apple-app-specific-password", "asp", "APPLE_APP_SPECIFIC_PASSWORD", r"""APPLE_APP_SPECIFIC_PASSWORD=@{S}""")
t("tok-particle-access-token", "hex:40", "PARTICLE_TOKEN", r"""PARTICLE_TOKEN=@{S}""")
t("tok-hetzner-cloud-token", "an:64", "HCLOUD_TOKEN", r"""HCLOUD_TOKEN=@{S}""")
t("tok-linode-pat", "lnd", "LINODE_TOKEN", r"""LINODE_TOKEN=@{S}""")
t("tok-vultr-api-key", "vultr", "VULTR_API_KEY", r"""VULTR_API_KEY=@{S}""")
t("tok-b2-application-key", "b2key", "B2_APPLICATION_KEY_ID", r"""B2_APPLICATION_KEY_ID=00@{hex:23}
B2_APPLICATION_KEY=@{S}""")
t("tok-laravel-app-key", "laravel", "APP_KEY", r"""APP_KEY=@{S}""")
t("tok-jwt-bearer-generic", "jwt", "Authorization", r"""Authorization: Bearer @{S}""")
t("tok-perforce-ticket-env", "p4t", "P4TICKETS", r"""P4TICKETS=/tmp/p4t; P4PASSWD=@{S}""")
t("tok-wireguard-private-key", "wgkey", "[Interface]", r"""[Interface]
PrivateKey = @{S}
Address = 10.99.0.@{int:2-250}/32""")

# ---------------------------------------------------------------- BENIGN
PHRASES = ["Report for Q3 2024", "user:U061NFTT2", "offset=200&limit=50", "{\"page\":3,\"size\":100}",
           "Hello from the build farm", "plate=PL-0042;well=B7", "cursor:v2:2024-03-12T10:00:00Z",
           "Lohnjournal Maerz", "run_2024_11_05_A01234", "scene=forest_07;lod=2", "sample S-10442 received",
           "{\"region\":\"eu-2\",\"fleet\":\"agv\"}", "invoice 2024-0917 paid", "shift=night;line=2"]
CTX["b64text"] = lambda a=None: base64.b64encode(R.choice(PHRASES).encode()).decode()
CTX["b64sha256"] = lambda a=None: base64.b64encode(rbytes(32)).decode()
CTX["b64sha512"] = lambda a=None: base64.b64encode(rbytes(64)).decode()
CTX["fp"] = lambda a=None: ":".join(rs("0123456789ABCDEF", 2) for _ in range(int(a or 20)))
CTX["sshfp"] = lambda a=None: "SHA256:" + base64.b64encode(rbytes(32)).decode().rstrip("=")
CTX["pubssh"] = lambda a=None: "AAAAC3NzaC1lZDI1NTE5AAAAI" + rs(B64C, 43)
CTX["pubrsa"] = lambda a=None: "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + rs(B64C, 300) + "IDAQAB"
CTX["cert"] = lambda a=None: wrap64("MIID" + rs(B64C, 380))
CTX["pgppub"] = lambda a=None: wrap64("mQINBG" + rs(B64C, 314))
CTX["orcid"] = lambda a=None: "0000-000%d-%04d-%03d%s" % (R.randint(1, 3), R.randint(0, 9999), R.randint(0, 999), R.choice("0123456789X"))
CTX["doi"] = lambda a=None: "10.%d/%s" % (R.randint(1000, 9999), R.choice(["zenodo.", "s41586-0", "j.cell.20", "nar/gk", "jacs.", "elife."]) + str(R.randint(10000, 9999999)))
CTX["traceparent"] = lambda a=None: "00-%s-%s-01" % (hexs(32), hexs(16))
CTX["pbx"] = lambda a=None: rs("0123456789ABCDEF", 24)
CTX["iccid"] = lambda a=None: "8949" + rs(DIG, 15)
CTX["imei"] = lambda a=None: "35" + rs(DIG, 13)
CTX["mask"] = lambda a=None: "*" * R.choice([6, 8, 10, 12, 16])
CTX["pkl"] = lambda a=None: "pk_live_51" + an(97)
CTX["sitekey"] = lambda a=None: "6L" + rs(ALNUM + "-_", 6) + "AAAAA" + rs(ALNUM + "-_", 27)
CTX["gclient"] = lambda a=None: dig(12) + "-" + lan(32) + ".apps.googleusercontent.com"
CTX["mapboxpk"] = lambda a=None: "pk.eyJ1IjoiIiwiYSI6I" + b64u(24) + "." + b64u(22)
CTX["steamid"] = lambda a=None: "7656119" + rs(DIG, 10)
CTX["snow"] = lambda a=None: dig(19)
CTX["nixhash"] = lambda a=None: rs("0123456789abcdfghijklmnpqrsvwxyz", 32)
CTX["gosum"] = lambda a=None: "h1:" + base64.b64encode(rbytes(32)).decode()
CTX["wwn"] = lambda a=None: "naa.600" + hexs(29)
CTX["amzid2"] = lambda a=None: rs(B64C, 76) + "="
CTX["bignum"] = lambda a=None: rs(DIG, int(a))
CTX.update(GEN)

# games
b(r"""fileFormatVersion: 2
guid: @{hex:32}
MonoImporter:
  externalObjects: {}
  serializedVersion: 2
  defaultReferences: []
  executionOrder: 0
  icon: {instanceID: 0}""")
b(r"""  m_Script: {fileID: 11500000, guid: @{hex:32}, type: 3}
  m_Name: PlayerController
  m_EditorClassIdentifier: 
  moveSpeed: 6.5""")
b(r"""LogAssetRegistry: Display: Asset registry cache written as 41.2 MiB to ../../../CozyFarm/Intermediate/CachedAssetRegistry_0.bin
LogPackageName: PackageGuid=@{UUID} /Game/Maps/Farm_Persistent""")
b(r"""Successfully finished AppID @{int:1000000-2999999} build (BuildID @{int:10000000-19999999}).
Depot @{int:1000000-2999999} manifest @{bignum:19} (compressed 1.2 GB)""")
b(r"""steam_appid.txt: @{int:1000000-2999999}
SteamID of test account: @{steamid}""")
b(r"""PlayFab login ok: PlayFabId=@{HEX:16} TitleId=@{HEX:5} SessionTicket=<redacted by SDK>""")
b(r"""version https://git-lfs.github.com/spec/v1
oid sha256:@{hex:64}
size @{int:100000-900000000}""")
b(r"""Change @{int:400000-500000} on @{date} by p4build@build_ws_win64 'Nightly: bump build number'
... //depot/Main/Game/Config/DefaultGame.ini#@{int:20-400} edit
md5 @{HEX:32}""")
b(r"""Crash uploaded: minidump @{UUID}.dmp, Backtrace object id @{hex:16}, event id @{hex:32}""")
b(r"""[ShaderCompileWorker] DDC key: GLOBALSHADERMAP_SM6_@{HEX:40}_0""")
b(r"""Photon realtime: connected to region "eu", cluster default, UserId @{uuid} (AppVersion 1.4.2)""")
b(r"""Unity Cloud project id: @{uuid}; organization id: @{dig:12}""")
b(r"""# steamworks: depot_build_@{int:1000000-2999999}.vdf
"DepotBuildConfig"
{
	"DepotID" "@{int:1000000-2999999}"
	"ContentRoot" "..\content\win64\"
	"FileMapping" { "LocalPath" "*" "DepotPath" "." "recursive" "1" }
}""")
b(r"""EOS: product @{hex:32}, sandbox @{hex:32}, deployment @{hex:32} -- client credentials read from EOS_CLIENT_SECRET env""")
# mobile
b(r"""PRODUCT_BUNDLE_IDENTIFIER = com.@{pick:mossgrove|vireo|tessellate}.@{pick:app|field|companion}
PROVISIONING_PROFILE_SPECIFIER = match AppStore com.mossgrove.app
DEVELOPMENT_TEAM = @{uan:10}""")
b(r"""Provisioning profile: @{UUID} (match AppStore com.mossgrove.app), expires @{date}""")
b(r"""  1) @{HEX:40} "Apple Distribution: Vireo Mobile GmbH (@{uan:10})"
     1 valid identities found""")
b(r"""Executable=/Users/ci/build/Mossgrove.app/Mossgrove
Identifier=com.mossgrove.app
CDHash=@{hex:40}
TeamIdentifier=@{uan:10}
Sealed Resources version=2 rules=13 files=212""")
b(r"""Certificate fingerprints:
	 SHA1: @{fp:20}
	 SHA256: @{fp:32}
Signature algorithm name: SHA384withRSA""")
b(r"""Variant: release
Config: release
Store: /home/ci/keystores/release.jks
Alias: upload
MD5: @{fp:16}
SHA1: @{fp:20}
SHA-256: @{fp:32}
Valid until: @{pick:Monday|Friday}, @{int:1-28} March 2050""")
b(r"""		@{pbx} /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = @{pbx#r} /* AppDelegate.swift */; };""")
b(r"""      "identity" : "sentry-cocoa",
      "kind" : "remoteSourceControl",
      "location" : "https://github.com/getsentry/sentry-cocoa",
      "state" : {
        "revision" : "@{hex:40}",
        "version" : "8.@{int:10-30}.0"
      }""")
b(r"""SPEC CHECKSUMS:
  Firebase: @{hex:40}
  GoogleUtilities: @{hex:40}

PODFILE CHECKSUM: @{hex:40}""")
b(r"""api_key(key_id: "@{uan:10}", issuer_id: "@{uuid}", key_filepath: ENV["ASC_KEY_PATH"])""")
b(r"""xcrun altool --upload-app -f build/Mossgrove.ipa -t ios -u @{email} -p "@keychain:AC_PASSWORD" """)
b(r"""[@{time}]: Cloning remote git repo...
[@{time}]: Decrypting files with MATCH_PASSWORD from environment
[@{time}]: Installed certificate @{HEX:40} (Apple Distribution)""")
b(r"""storePassword System.getenv("KEYSTORE_PASSWORD")
keyPassword System.getenv("KEY_PASSWORD")""")
b(r"""<component group="com.squareup.okhttp3" name="okhttp" version="4.12.0">
   <artifact name="okhttp-4.12.0.jar">
      <sha256 value="@{hex:64}" origin="Generated by Gradle"/>
   </artifact>
</component>""")
b(r"""    "project_info": { "project_number": "@{dig:12}", "project_id": "vireo-field-prod" },
    "client_info": { "mobilesdk_app_id": "1:@{dig:12}:android:@{hex:16}", "android_client_info": { "package_name": "com.vireo.field" } }""")
b(r"""RevenueCat public SDK key (safe to ship in the app): appl_@{an:27}""")
b(r"""EXPO_TOKEN is set (value hidden). Logged in as @vireo-ci. Build id @{uuid}.""")
b(r"""APNs device registered: installation id @{uuid}, environment production""")
# embedded / iot / robotics
b(r"""eth0: flags=4163<UP,BROADCAST,RUNNING,MULTICAST>  mtu 1500
        inet @{ip}  netmask 255.255.255.0  broadcast 10.40.12.255
        ether @{mac}  txqueuelen 1000  (Ethernet)""")
b(r"""Device: press04  serial @{uan:12}  MAC @{MAC}  fw @{ver} (build @{short})""")
b(r"""@{hex:64}  edge-fw-@{ver}.bin
@{hex:64#b}  edge-fw-@{ver}.bin.sig""")
b(r"""00000000: 7f45 4c46 0201 0100 0000 0000 0000 0000  .ELF............
00000010: 0300 b700 0100 0000 @{hex:4} 0000 0000 0000  ........@.......
00000020: 4000 0000 0000 0000 @{hex:4} 0300 0000 0000  @...............""")
b(r"""Modbus read holding registers unit=1 start=40001 count=8 -> [0x@{hex:4}, 0x@{hex:4#b}, 0x0000, 0x@{hex:4#c}, 0x0001, 0x00@{hex:2}, 0x0000, 0x@{hex:4#d}]""")
b(r"""  can0  18FF@{HEX:4}   [8]  @{HEX:2} @{HEX:2} @{HEX:2} @{HEX:2} 00 00 FF FF""")
b(r"""espefuse.py v4.7.0
MAC (BLOCK0)                                       MAC address = @{mac} (OK) R/W
WR_DIS (BLOCK0)                                    Efuse write disable mask = 0 R/W (0x0000)
BLOCK_KEY0 (BLOCK4)                                Purpose: XTS_AES_128_KEY = ?? ?? ?? ?? ?? ?? ?? ?? -/-""")
b(r"""LoRaWAN device soil-probe-@{int:10-99}: DevEUI @{HEX:16}, JoinEUI @{HEX:16#j}, AppKey stored in TTN (not exported)""")
b(r"""SIM: ICCID @{iccid}, IMEI @{imei}, APN iot.telco.example""")
b(r"""sw-description:
  images: ({
    filename = "rootfs.ext4.gz";
    sha256 = "@{hex:64}";
    device = "/dev/mmcblk2p2";
  });""")
b(r"""NOTE: Running task 2411 of 4120 (/srv/yocto/poky/meta/recipes-core/busybox/busybox_1.36.1.bb:do_compile)
sstate: busybox:do_populate_sysroot @{hex:64}""")
b(r"""[INFO] [rosbag2_storage]: Opened database 'run_@{int:100-999}_0.mcap' for READ_WRITE, uuid @{uuid}""")
b(r"""participant guid prefix 01.0f.@{hex:2}.@{hex:2}.@{hex:2}.@{hex:2}.01.00.00.00.00.00 (domain 42)""")
b(r"""mosquitto: New client connected from @{ip}:51244 as press04-@{hex:6} (p2, c1, k60, u'press04').""")
b(r"""PCR[0] sha256: @{hex:64}
PCR[7] sha256: @{hex:64#b}""")
b(r"""[Peer]
PublicKey = @{b64sha256}
AllowedIPs = 10.99.0.@{int:2-250}/32
PersistentKeepalive = 25""")
b(r"""ED25519 key fingerprint is @{sshfp}.
This key is not known by any other names.""")
b(r"""ssh-ed25519 @{pubssh} @{flow}@@{host}""")
b(r"""mender-artifact read edge-@{ver}.mender
  Checksum: @{hex:64}
  Signature: signed and verified correctly""")
b(r"""Kernel: Build ID: @{hex:40}  Linux 6.1.55-edge aarch64""")
b(r"""U-Boot env: ethaddr=@{mac}  serial#=@{uan:12}  bootcmd=run mmcboot  ota_pass=<set at provisioning>""")
# hosting / dc
b(r"""@{org}. 3600 IN DS @{int:10000-65000} 13 2 @{HEX:64}""")
b(r"""@{org}. 3600 IN DNSKEY 257 3 13 @{b64sha512}""")
b(r"""mail._domainkey.@{org}. 3600 IN TXT "v=DKIM1; k=rsa; p=@{pubrsa}" """)
b(r"""DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=@{org}; s=mail; t=@{int:1700000000-1740000000};
	bh=@{b64sha256};
	b=@{b64sha512}""")
b(r"""Message-ID: <@{hex:16}.@{hex:8}@mx1.@{org}>
Received: from mx1.@{org} (mx1.@{org} [@{pubip}]) by mail.@{org} (Postfix) with ESMTPS id @{HEX:10}""")
b(r"""_25._tcp.mx1.@{org}. IN TLSA 3 1 1 @{hex:64}""")
b(r"""IPMI user list (bmc-r12-u07):
ID  Name         Callin  Link Auth  IPMI Msg   Channel Priv Limit
2   ADMIN        false   false      true       ADMINISTRATOR
3   ops          true    true       true       OPERATOR
Password for user 3: @{mask}""")
b(r"""[Key=iDRAC.Embedded.1#Users.2]
Enable=Enabled
Password=******** (Write-Only)
UserName=root""")
b(r"""whmapi1 api_token_list: tokens: - name: ansible-dc2  create_time: @{int:1690000000-1740000000}  has_full_access: 1""")
b(r"""Let's Encrypt account: https://acme-v02.api.letsencrypt.org/acme/acct/@{int:100000000-999999999}
Certificate serial: @{hex:36}""")
b(r"""-----BEGIN CERTIFICATE-----
@{cert}
-----END CERTIFICATE-----""")
b(r"""-----BEGIN PUBLIC KEY-----
@{pubrsa}
-----END PUBLIC KEY-----""")
b(r"""route:          @{pubip}/24
origin:         AS6@{int:4512-4999}
mnt-by:         FERRO-MNT
source:         RIPE""")
b(r"""BGP neighbor is @{pubip}, remote AS 1@{int:1000-9999}, external link
  BGP state = Established, up for 12w3d
  MD5 authentication: enabled (key hidden)""")
b(r"""disk /dev/sdb: WWN @{wwn}, serial @{uan:8}, SMART overall-health: PASSED""")
b(r"""/dev/nvme0n1p2: UUID="@{uuid}" TYPE="ext4" PARTUUID="@{uuid#p}" """)
b(r"""Veeam session @{uuid} finished: 14 VMs, 0 failed, transferred 212.4 GB""")
b(r"""postfix/qmgr[@{pid}]: @{HEX:10}: from=<scanner@@{org}>, size=@{int:10000-900000}, nrcpt=1 (queue active)""")
b(r"""PXE: client @{MAC} got @{ip}, next-server 10.40.0.5, filename ipxe.efi (xid 0x@{hex:8})""")
b(r"""cf-ray: @{hex:16}-FRA
x-amz-request-id: @{HEX:16}
x-amz-id-2: @{amzid2}""")
b(r"""traceparent: @{traceparent}
x-request-id: @{uuid}""")
b(r"""docker ps: @{hex:12}  registry.@{org}/lims-sync:@{ver}  "python -m sync"  Up 3 hours""")
b(r"""Image digest: sha256:@{hex:64}""")
b(r"""arn:aws:iam::@{dig:12}:role/ota-uploader
arn:aws:kms:eu-central-1:@{dig:12}:key/@{uuid}""")
b(r"""subscription: @{uuid}  tenant: @{uuid#t}  (Azure, backup-prod)""")
# labs / universities
b(r"""doi: https://doi.org/@{doi}
ORCID: https://orcid.org/@{orcid}""")
b(r"""Author: @{first} @{last} (ORCID @{orcid}), funded by grant R01GM@{int:100000-199999}""")
b(r"""Globus collection: @{uuid} ("Lab Archive (HPC)"), endpoint @{uuid#e}""")
b(r"""@{hex:32}  run42/R1.fastq.gz
@{hex:32#b}  run42/R2.fastq.gz""")
b(r"""@A0@{int:1000-9999}:@{int:100-999}:H@{uan:5}DSX@{int:2-7}:1:1101:@{int:1000-9999}:1000 1:N:0:@{pick:ACGTACGT|TTAGGCAT|GATCAGCG}+@{pick:CGATGTTT|AGTCAACA|ACTTGAAT}""")
b(r"""JobID           JobName  Partition    Account  AllocCPUS      State ExitCode
@{int:1000000-9999999}     unet-train        gpu   lab-@{flow}          32  COMPLETED      0:0""")
b(r"""Sample S-@{int:10000-99999} (plate PL-@{int:100-999}, well @{pick:A|B|C|D}@{int:1-12}) barcode @{uan:10} received @{date}""")
b(r"""zenodo record @{int:1000000-9999999}, concept DOI @{doi}, files checksum md5:@{hex:32}""")
b(r"""singularity: pulled docker://nvcr.io/nvidia/pytorch:24.02-py3 -> pytorch.sif (sha256.@{hex:64})""")
b(r"""Jupyter kernel @{uuid} started (python3), connection file kernel-@{uuid#k}.json""")
b(r"""ROR: https://ror.org/0@{lan:6}@{int:10-99} -- Universität Altmark, Institut für Biochemie""")
b(r"""PubMed PMID: @{int:30000000-39999999}; PMCID: PMC@{int:7000000-11999999}""")
b(r"""REDCap project @{int:100-999}: API token stored in vault at secret/redcap/cohort-b (not in repo)""")
b(r"""#SBATCH --account=lab-@{flow}
#SBATCH --mail-user=@{email}
export WANDB_API_KEY=$(cat ~/.config/wandb/key)""")
# legal / finance
b(r"""DocuSign envelope @{uuid} status=completed, recipients 3, template @{uuid#t}""")
b(r"""Stripe: customer cus_@{an:14}, payment_intent pi_@{an:24}, invoice in_@{an:24}, charge ch_@{an:24}""")
b(r"""STRIPE_PUBLISHABLE_KEY=@{pkl}""")
b(r"""Plaid request_id @{an:15}, item_id @{an:37}""")
b(r"""QuickBooks realmId @{dig:19}, Xero tenant @{uuid}""")
b(r"""Invoice RE-2025-@{int:1000-9999}, Kundennr. @{int:10000-99999}, Mandant @{int:1000-9999}, Belegdatum @{date}""")
b(r"""Payroll export batch @{uuid} — 142 employees, checksum sha256:@{hex:64}""")
b(r"""Webhook event evt_@{an:24} (invoice.paid) verified with the signing secret from STRIPE_WEBHOOK_SECRET""")
b(r"""DocuSign Connect: HMAC key configured (key id @{uuid}), value kept in Azure Key Vault 'kv-legal-prod'""")
# open source
b(r"""commit @{sha}
Merge: @{short} @{short#b}
Author: @{first} @{last} <@{email}>""")
b(r"""gpg: Signature made @{pick:Tue|Wed|Thu} @{date} 10:@{int:10-59}:11 CET
gpg:                using RSA key @{HEX:40}
gpg: Good signature from "@{first} @{last} <@{email}>" [ultimate]""")
b(r"""-----BEGIN PGP PUBLIC KEY BLOCK-----

@{pgppub}
-----END PGP PUBLIC KEY BLOCK-----""")
b(r"""untrusted comment: minisign public key @{HEX:16}
RWQ@{b64n:53}""")
b(r"""Verified OK
tlog entry verified with uuid: @{hex:64} index: @{int:10000000-99999999}""")
b(r"""labdevices-@{ver}-py3-none-any.whl --hash=sha256:@{hex:64}""")
b(r"""    "node_modules/@kestrel/modbus-web": {
      "version": "@{ver}",
      "resolved": "https://npm.pkg.github.com/download/@kestrel/modbus-web/@{ver}/@{hex:40}",
      "integrity": "sha512-@{b64sha512}"
    }""")
b(r"""github.com/goburrow/modbus v0.1.0 @{gosum}""")
b(r"""[[package]]
name = "tokio-modbus"
version = "0.@{int:5-14}.0"
source = "registry+https://github.com/rust-lang/crates.io-index"
checksum = "@{hex:64}" """)
b(r"""/nix/store/@{nixhash}-python3.11-numpy-1.26.4""")
b(r"""      - uses: actions/checkout@@{hex:40} # v4.1.1""")
b(r"""      - run: twine upload dist/*
        env:
          TWINE_USERNAME: __token__
          TWINE_PASSWORD: ${{ secrets.PYPI_API_TOKEN }}""")
b(r"""$ gh secret list
NAME                     UPDATED
NPM_TOKEN                about 2 months ago
PYPI_API_TOKEN           about 14 days ago
STEAM_CONFIG_VDF         about 1 year ago""")
b(r"""Run npm publish --provenance
npm notice Publishing to https://registry.npmjs.org/ with tag latest and default access
//registry.npmjs.org/:_authToken=***""")
b(r"""SPDX-License-Identifier: Apache-2.0
Copyright @{int:2015-2025} @{first} @{last} and contributors""")
b(r"""Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights""", 1)
b(r"""Dependabot: bump @{pick:serde|tokio|axum} from 1.0.@{int:100-200} to 1.0.@{int:201-220} (#@{int:100-999}), head sha @{sha}""")
b(r"""Release v@{ver} -- tag object @{hex:40}, tarball sha256 @{hex:64}""")
# references to stored secrets
b(r"""vault kv get -field=password secret/dc2/idrac""")
b(r"""op read "op://Infra/idrac-@{pick:dc2|dc3}/password" """)
b(r"""aws secretsmanager get-secret-value --secret-id prod/lims/db --query SecretString --output text | jq -r .password""")
b(r"""security find-generic-password -s "fastlane_match" -a ci -w""")
b(r"""withCredentials([usernamePassword(credentialsId: 'steam-builder', usernameVariable: 'STEAM_USER', passwordVariable: 'STEAM_PASS')]) {""")
b(r"""ansible_password: "{{ vault_idrac_password }}" """)
b(r"""        env:
        - name: DB_PASSWORD
          valueFrom:
            secretKeyRef:
              name: lims-db
              key: password""")
b(r"""export IPMI_PASSWORD=$(pass show dc2/bmc/ADMIN); ipmitool -I lanplus -H @{ip} -U ADMIN -E sensor""")
b(r"""sshpass -e ssh pi@@{ip}   # password comes from $SSHPASS set by the wrapper""")
b(r"""echo "$DOCKERHUB_TOKEN" | docker login -u larkspurci --password-stdin""")
b(r"""password_file /etc/mosquitto/passwd
acl_file /etc/mosquitto/acl""")
b(r"""TLSPSKIdentity=PSK-@{host}
TLSPSKFile=/etc/zabbix/zabbix_agentd.psk""")
b(r"""signing.secretKeyRingFile=/home/ci/.gnupg/secring.gpg   # passphrase via ORG_GRADLE_PROJECT_signingPassword""")
b(r"""MATCH_PASSWORD: $(MATCH_PASSWORD)
UNITY_SERIAL: $(UNITY_SERIAL)""")
b(r"""set UNITY_PASSWORD=%UNITY_PASSWORD%""")
b(r"""B2_ACCOUNT_KEY_FILE=/etc/restic/b2.key
RESTIC_PASSWORD_FILE=/etc/restic/password""")
b(r"""[client]
user=backup
# password in ~/.mylogin.cnf (mysql_config_editor)""")
b(r"""storage.cfg: pbs: pbs-offsite  datastore offsite  server 10.40.9.20  username backup@pbs  fingerprint @{fp:32}""")
b(r"""Keychain item "AC_PASSWORD" (account @{email}) used by notarytool profile AC_NOTARY""")
b(r"""AZURE_CLIENT_SECRET is read from Key Vault reference @Microsoft.KeyVault(SecretUri=https://kv-backup.vault.azure.net/secrets/gh-actions/)""")
# placeholders / fake / masked
b(r"""STEAM_PASSWORD=<your steam password here>""")
b(r"""export OPENAI_API_KEY="sk-...your key..." """)
b(r"""GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx""")
b(r"""aws_secret_access_key = YOUR_SECRET_ACCESS_KEY""")
b(r"""PLAYFAB_SECRET_KEY=REPLACE_ME_IN_CI""")
b(r"""# .env.example
MQTT_PASSWORD=
LIMS_API_KEY=
REDCAP_TOKEN=""")
b(r"""FAKE_STRIPE_KEY = "sk_test_FAKE_for_unit_tests_only"  # not a real key""")
b(r"""TEST_JWT = "header.payload.signature"  # placeholder for tests""")
b(r"""password: ${MQTT_PASSWORD:?MQTT_PASSWORD must be set}""")
b(r"""token: "@{mask}" """)
b(r"""ghp_@{mask}@{mask}@{an:4}  (last 4 shown)""")
b(r"""Stripe key: sk_live_…@{an:4} (masked in dashboard)""")
b(r"""AccountKey=***; EndpointSuffix=core.windows.net""")
b(r"""2025-0@{int:1-9}-1@{int:0-9}T10:02:11Z ##[group]Run steamcmd +login *** *** +run_app_build app_build.vdf +quit""")
b(r"""DATABASE_URL=postgres://ota:********@ota-db:5432/ota""")
b(r"""Looking in indexes: https://deploy:****@pypi.@{org}/simple""")
b(r"""fixtures/users.json: {"username": "alice", "password": "fixture-password-not-real", "_comment": "fake fixture"}""", 1)
b(r"""API_KEY = "dummy"  # overridden in settings_local.py""")
b(r"""mosquitto_passwd -c /etc/mosquitto/passwd <user>   # prompts for the password""")
b(r"""Placeholder in README: `curl -H "Authorization: Bearer $TOKEN" https://api.@{org}/v1/status`""")
# public-by-design keys
b(r"""<div class="g-recaptcha" data-sitekey="@{sitekey}"></div>""")
b(r"""GOOGLE_CLIENT_ID=@{gclient}""")
b(r"""mapboxgl.accessToken = '@{mapboxpk}'; // public token, URL-restricted""")
b(r"""posthog.init('phc_@{an:43}', { api_host: 'https://eu.posthog.com' })""")
b(r"""ALGOLIA_APP_ID=@{uan:10}
ALGOLIA_SEARCH_ONLY_KEY=@{hex:32}   # search-only, safe for the docs frontend""")
b(r"""{"keys":[{"kty":"RSA","kid":"@{hex:16}","use":"sig","alg":"RS256","n":"@{b64u:342}","e":"AQAB"}]}""")
b(r"""age recipient (public): age1@{lan:58}""")
# cursors / ids / base64 text
b(r"""{"ok":true,"members":[...],"response_metadata":{"next_cursor":"@{b64text}"}}""")
b(r"""pageInfo { endCursor: "@{b64text}", hasNextPage: true }""")
b(r"""X-GitHub-Request-Id: @{HEX:4}:@{HEX:5}:@{HEX:7}:@{HEX:7}:@{HEX:8}""")
b(r"""Slack: channel C0@{uan:9}, team T0@{uan:8}, user U0@{uan:9}, ts @{int:1700000000-1740000000}.@{dig:6}""")
b(r"""Discord guild @{snow}, channel @{snow#c}, message @{snow#m}""")
b(r"""Telegram chat_id -100@{dig:10}, message_id @{int:100-99999}""")
b(r"""Content-Security-Policy: script-src 'self' 'sha256-@{b64sha256}'""")
b(r"""<script src="/js/app.js" integrity="sha384-@{b64n:64}" crossorigin="anonymous"></script>""")
b(r"""ETag: "@{hex:32}"
Last-Modified: @{pick:Mon|Tue|Wed}, 1@{int:0-9} Mar 2025 10:00:00 GMT""")
b(r"""data:text/plain;base64,@{b64text}""")
b(r"""Kubernetes: pod uid @{uuid}, resourceVersion @{dig:8}""")
b(r"""md5sum: @{hex:32}  payroll_2025-0@{int:1-9}.csv.gpg""")
b(r"""request failed (request id: req_@{an:14}, idempotency key @{uuid})""")
b(r"""session cookie name: sessionid; CSRF header: X-CSRFToken (value set per request)""")
# password policies and error messages
b(r"""Password must be at least 12 characters and include an upper-case letter, a digit and a symbol.""")
b(r"""Das Passwort muss mindestens 10 Zeichen lang sein und darf den Benutzernamen nicht enthalten.""")
b(r"""Le mot de passe doit contenir au moins 12 caractères, dont un chiffre et un caractère spécial.""")
b(r"""La contraseña debe tener al menos 8 caracteres y no puede coincidir con las últimas 5.""")
b(r"""A senha expirou. Escolha uma nova senha com pelo menos 10 caracteres.""")
b(r"""パスワードは8文字以上で、英大文字・数字・記号をそれぞれ1文字以上含めてください。""")
b(r"""密码错误，请重试。连续输错 5 次后账号将被锁定 30 分钟。""")
b(r"""비밀번호가 일치하지 않습니다. 다시 입력해 주세요.""")
b(r"""Неверный логин или пароль. Осталось попыток: 2.""")
b(r"""La password è scaduta: sceglierne una nuova di almeno 12 caratteri.""")
b(r"""Hasło musi mieć co najmniej 12 znaków i zawierać cyfrę.""")
b(r"""Heslo je příliš krátké (minimum 10 znaků).""")
b(r"""psql: error: connection to server at "lims-db01" (@{ip}), port 5432 failed: FATAL:  password authentication failed for user "lims_ro" """)
b(r"""ERROR 1045 (28000): Access denied for user 'backup'@'localhost' (using password: YES)""")
b(r"""Login failed for user 'payroll_app'. Reason: Password did not match that for the login provided. [CLIENT: @{ip}]""")
b(r"""@{flow}@@{host}: Permission denied (publickey,password).""")
b(r"""Error: Unable to establish IPMI v2 / RMCP+ session""")
b(r"""Enter passphrase for key '/home/ci/.ssh/id_ed25519':""")
b(r"""[sudo] password for build:""")
b(r"""remote: HTTP Basic: Access denied. If a password was provided for Git authentication, the password was incorrect or you're required to use a token instead of a password.""")
b(r"""Error: Cannot perform an interactive login from a non TTY device""")
b(r"""Steam Guard code required: check the email for account larkspur_build""")
b(r"""WARNING! Using --password via the CLI is insecure. Use --password-stdin.""")
b(r"""passwd: password updated successfully""")
b(r"""Password policy (LIMS): min length 14, history 10, lockout after 5 failures, expiry 180 days""")
b(r"""Your password will expire in 7 days. Ihr Kennwort läuft in 7 Tagen ab.""")
b(r"""NT_STATUS_LOGON_FAILURE connecting to //nas-lab2/instruments as LAB\svc-instrument""")
b(r"""mosquitto: Client press04-@{hex:6} disconnected, not authorised.""")
b(r"""HTTP/1.1 401 Unauthorized
WWW-Authenticate: Basic realm="MGate"
Content-Length: 0""")
b(r"""Authentication failed: the API key provided is invalid or has been revoked (code 40102).""")
# misc tricky
b(r"""Build @{int:1000-9999} (@{short}) artifact edge-fw-@{ver}.swu sha1 @{hex:40}""")
b(r"""unity: Library/ShaderCache hash @{hex:32}, asset bundle CRC @{int:1000000000-4294967295}""")
b(r"""Unreal: CookedHash=@{HEX:40} Platform=Windows Chunk=0""")
b(r"""Perforce server fingerprint: @{fp:20}""")
b(r"""TOTP secret enrolled for @{flow} (QR shown once, not stored here)""")
b(r"""The signing key lives on the YubiKey (slot 9c); touch required for each signature.""")
b(r"""ssh-keygen -lf ~/.ssh/id_ed25519.pub
256 @{sshfp} @{flow}@@{host} (ED25519)""")
b(r"""Hashcat-style benchmark ids and salts are not stored; see policy SEC-12.""", 1)
b(r"""uuidgen: @{UUID}""")
b(r"""openssl rand -hex 32 > /etc/ota/hmac.key   # generated on the host, never printed""")
b(r"""Base64 of the CSV header: @{b64text}""")
b(r"""x-ms-request-id: @{uuid}
x-ms-version: 2023-11-03""")
b(r"""PowerEdge R750 service tag @{uan:7}, express service code @{bignum:11}""")
b(r"""HPE iLO 6 serial @{uan:10}, product id P@{int:10000-99999}-B21""")
b(r"""usb 1-1.3: New USB device found, idVendor=0403, idProduct=6001, SerialNumber=@{uan:8}""")
b(r"""Kubeadm join: discovery-token-ca-cert-hash sha256:@{hex:64}""", 2)
b(r"""Cosign public key: cosign.pub (ECDSA P-256), fingerprint SHA256:@{hex:64}""")
b(r"""NuGet package hash: "packageHash": "@{b64sha512}", "packageHashAlgorithm": "SHA512" """)
b(r"""grant number 2024-@{int:100000-999999}-ERC, project acronym ROBOFARM""")
b(r"""ISBN 978-3-@{int:10-99}-@{int:100000-999999}-@{int:0-9}""")
b(r"""Ticket LAB-@{int:1000-9999}: rotate instrument share password (owner: @{first}) -- done, value in vault""")
b(r"""Note: the WHM token was revoked on @{date}; new token is in 1Password under "WHM ansible-dc2".""")
b(r"""Notiz: Das neue Passwort liegt im Tresor (KeePass, Ordner Infra/BMC), nicht hier eintragen.""")
b(r"""Remarque : le mot de passe est dans le coffre Bitwarden « Serveurs », entrée whm02.""")
b(r"""メモ：パスワードは金庫（1Password の Infra）に保存済み。ここには書かない。""")
b(r"""备注：密码已存入 Vault（secret/dc2/idrac），请勿写在工单里。""")
b(r"""$ heroku config -a release-notes-bot --shell | sed 's/=.*/=<hidden>/'
DATABASE_URL=<hidden>
GITHUB_APP_ID=<hidden>
GITHUB_APP_WEBHOOK_SECRET=<hidden>""", 2)
b(r"""$ vault kv metadata get secret/@{pick:dc2/idrac|lab/instrument_share|ota/signing|mail/relay}
current_version    @{int:2-30}
created_time       @{ts}
max_versions       0""")
b(r"""$ kubectl -n @{pick:lims|ota|plant3|ledger} get secret @{pick:lims-db|ota-server-db|mqtt-auth|ledger-app} -o jsonpath='{.data}' | jq 'keys'
[
  "password",
  "username"
]""")
b(r"""$ terraform output idrac_admin_password
idrac_admin_password = <sensitive>""")
b(r"""  # random_password.@{pick:db|bmc|mqtt}: Creating...
  # random_password.@{pick:db|bmc|mqtt}: Creation complete after 0s [id=none]
      + result      = (sensitive value)""")
b(r"""$ pulumi config
KEY                  VALUE
aws:region           eu-central-1
lab-infra:dbPassword [secret]
lab-infra:instanceType t3.@{pick:medium|large|xlarge}""")
b(r"""$ docker inspect edge-bridge --format '{{range .Config.Env}}{{println .}}{{end}}' | cut -d= -f1
MQTT_HOST
MQTT_PASSWORD
MQTT_USERNAME
PATH""")
b(r"""$ env | grep -c -i token
@{int:2-9}""")
b(r"""$ git log --oneline -3
@{short} fix(ci): read STEAM_PASSWORD from secrets instead of hardcoding
@{short#b} chore: bump Unity to 2022.3.@{int:10-40}f1
@{short#c} feat: PlayFab title @{HEX:5} leaderboards""")
b(r"""$ git show --stat @{short}
commit @{sha}
    revert: remove leaked token from settings (token revoked @{date})
 settings/production.ini | 2 +-""")
b(r"""$ sha256sum -c SHA256SUMS
edge-fw-@{ver}.bin: OK
edge-fw-@{ver}.swu: OK""")
b(r"""$ md5sum *.uasset | head -2
@{hex:32}  T_Farm_Grass_D.uasset
@{hex:32#b}  T_Farm_Grass_N.uasset""")
b(r"""$ xxd -l 48 build/edge-fw-@{ver}.bin
00000000: 4544 4745 @{hex:4} 0100 @{hex:4} @{hex:4} 0000  EDGE............
00000010: @{hex:4} @{hex:4} @{hex:4} @{hex:4} @{hex:4} @{hex:4} @{hex:4} @{hex:4}  ................
00000020: ffff ffff ffff ffff ffff ffff ffff ffff  ................""")
b(r"""$ ipmitool -I lanplus -H @{ip} -U ADMIN -E fru print 0 | grep -i serial
 Chassis Serial        : @{uan:10}
 Board Serial          : @{uan:12}
 Product Serial        : @{uan:10#p}""")
b(r"""$ racadm getsysinfo | grep -E 'Service Tag|MAC'
Service Tag             = @{uan:7}
Current IP Address      = @{ip}
MAC Address             = @{MAC}""")
b(r"""$ nmcli -g 802-11-wireless.ssid,802-11-wireless-security.key-mgmt connection show @{pick:LabNet|Plant3-OT|RoboLab}
@{pick:LabNet-5G|Plant3-OT|RoboLab-5G}
wpa-psk""")
b(r"""$ openssl x509 -in apns.pem -noout -subject -fingerprint -sha256
subject=UID = com.mossgrove.app, CN = Apple Push Services: com.mossgrove.app, OU = @{uan:10}, O = Mossgrove GmbH, C = DE
sha256 Fingerprint=@{fp:32}""")
b(r"""$ gpg --list-secret-keys --keyid-format long
sec   ed25519/@{HEX:16} @{date} [SC]
      @{HEX:40}
uid                 [ultimate] @{first} @{last} (release signing) <@{email}>""")
b(r"""$ p4 tickets
ssl:p4.larkspur-games.com:1666 (p4build) [ticket hidden]""")
b(r"""$ security find-identity -v -p codesigning | head -1
  1) @{HEX:40} "Apple Development: @{first} @{last} (@{uan:10})"
""")
b(r"""$ eas secret:list
Secrets for this account and project:
┌──────────────┬───────────────────┬─────────┬──────────────────────────────────────┐
│ Name         │ Type              │ Scope   │ ID                                   │
├──────────────┼───────────────────┼─────────┼──────────────────────────────────────┤
│ SENTRY_AUTH_TOKEN │ string       │ project │ @{uuid} │
└──────────────┴───────────────────┴─────────┴──────────────────────────────────────┘""")
b(r"""$ fly secrets list -a matrix-bridge
NAME                  DIGEST            CREATED AT
MATRIX_ACCESS_TOKEN   @{hex:16}  @{int:2-30}d ago""")
b(r"""$ aws sts get-caller-identity
{
    "UserId": "AIDA@{uan:17}",
    "Account": "@{dig:12}",
    "Arn": "arn:aws:iam::@{dig:12#a}:user/ota-uploader"
}""")
b(r"""$ consul acl token list | grep -A1 Description
Description:      pxe-agent
AccessorID:       @{uuid}""")
b(r"""$ jupyter server list --json | jq '.[] | {url, root_dir, pid}'
{
  "url": "http://node@{int:100-199}:8888/",
  "root_dir": "/home/@{flow}/projects",
  "pid": @{pid}
}""")
b(r"""$ sacct -j @{int:1000000-9999999} --format=JobID,Elapsed,MaxRSS,State
JobID           Elapsed     MaxRSS      State
@{int:1000000-9999999}        05:12:44               COMPLETED""")
b(r"""$ globus endpoint show @{uuid}
Display Name:    Lab Archive (HPC)
ID:              @{uuid}
Owner:           @{flow}@@{org}""")
b(r"""$ certbot certificates
  Certificate Name: @{org}
    Serial Number: @{hex:36}
    Key Type: ECDSA
    Expiry Date: @{date} 08:11:02+00:00 (VALID: 61 days)""")
b(r"""$ dig +short TXT _dmarc.@{org}
"v=DMARC1; p=quarantine; rua=mailto:dmarc@@{org}; pct=100" """)
b(r"""$ restic snapshots --compact | tail -3
@{hex:8}  @{date} 02:00:11  hpc-login2  /home
@{hex:8#b}  @{date} 02:00:09  hpc-login2  /home""")
b(r"""$ borg list ssh://borg@backup01/./mail | tail -2
mx1-@{date}T02:00:01                 @{date} 02:00:04 [@{hex:64}]""")
b(r"""$ mosquitto_sub -h mqtt.plant3.local -t 'plant3/+/telemetry' -C 1 -v
plant3/press04/telemetry {"ts":@{int:1700000000-1740000000},"p":4.@{int:10-99},"rpm":13@{int:10-99},"seq":@{int:1000-99999}}""")
b(r"""$ candump can0 -n 2
  can0  0CF004@{HEX:2}   [8]  @{HEX:2} 7D 7D @{HEX:2} 1A 00 F0 7D
  can0  18FEF1@{HEX:2}   [8]  F3 @{HEX:2} @{HEX:2} C0 00 00 00 FF""")
b(r"""$ ros2 topic echo /diagnostics --once | head -6
header:
  stamp:
    sec: @{int:1700000000-1740000000}
    nanosec: @{int:0-999999999}
  frame_id: ''
status: []""")
b(r"""$ steamcmd +login anonymous +app_info_print @{int:1000000-2999999} +quit | grep buildid
				"buildid"		"@{int:10000000-19999999}" """)
b(r"""$ cat ~/.ssh/config
Host bmc-*
  User ADMIN
  IdentityFile ~/.ssh/id_ed25519_dc
  ProxyJump jump.mgmt.@{org}""")
b(r"""$ cat .env.template
# copy to .env and fill in from 1Password (vault "Lab")
LIMS_API_KEY=
REDCAP_TOKEN_COHORT=
WANDB_API_KEY=""")
b(r"""$ grep -n api_key config/*.yaml
config/lims.yaml:4:  api_key: ${LIMS_API_KEY}
config/redcap.yaml:3:  api_key: !env REDCAP_TOKEN""")
b(r"""Decision: all instrument PCs authenticate with the gMSA LAB\gmsa-instr$ -- no stored passwords on the PCs anymore.""")
b(r"""Next steps: ask @{first} to rotate the iDRAC root password and put the new one in vault (secret/dc2/idrac); do NOT paste it in this ticket.""")
b(r"""Entscheidung: Das SFTP-Konto payroll_upload nutzt ab sofort Schlüssel-Authentifizierung (ed25519), kein Passwort mehr.""")
b(r"""Nota: el token de Steam se guarda como secreto del repositorio (STEAM_CONFIG_VDF), no en el código.""")
b(r"""Observação: a chave do App Store Connect (AuthKey_@{uan:10}.p8) está no cofre, não no repositório.""")
b(r"""참고: 배포 토큰은 GitLab CI 변수(RELEASE_TOKEN, masked)로만 관리합니다.""")
b(r"""Примечание: пароль от BMC хранится в Vault по пути secret/dc2/bmc, в тикет не копировать.""")
b(r"""Nota: la chiave API di REDCap è nella variabile d'ambiente REDCAP_TOKEN sul server, non nel notebook.""")
b(r"""Uwaga: hasło do iDRAC jest w KeePass (Infra/BMC), nie wklejaj go na czat.""")
b(r"""@{first}: the token in the screenshot is already revoked, the new one is only in the CI variables""")
b(r"""Summary: moved PlayFab DeveloperSecretKey out of PlayFabSharedSettings.asset into the server build's env (PLAYFAB_SECRET_KEY); client builds no longer contain it.""")

# ---------------------------------------------------------------- extra wrapped / unlabelled shapes
group("tool-output")
t("out-terminal-wrap-80-columns", "glpat", "ros2-arm-driver", r"""$ kubectl -n ci logs deploy/mirror-sync --tail=3
2025/03/1@{int:0-9} 06:00:01 mirror: cloning https://mirror:@{S1}
@{S2}@gitlab.oakshade.dev/robotics/ros2-arm-driver.git
2025/03/1@{int:0-9} 06:00:04 mirror: pushed 3 refs""")
t("out-psql-expanded-wrapped-cell", "b64u:120", "integration_id", r"""lims=# \x on
Expanded display is on.
lims=# select * from vendor_credentials where vendor = 'seqcore';
-[ RECORD 1 ]--+---------------------------------------------------
integration_id | @{int:10-99}
vendor         | seqcore
api_token      | @{S1}+
               | @{S2}
created_at     | @{date} 09:12:44.5121+01""")
t("out-long-startup-dump-far", "spw:24", "docker compose up", r"""$ docker compose up ota-server
[+] Running 2/2
 ✔ Container ota-db-1      Running                                         0.0s
 ✔ Container ota-server-1  Recreated                                       0.4s
Attaching to ota-server-1
ota-server-1  |   .   ____          _            __ _ _
ota-server-1  |  /\\ / ___'_ __ _ _(_)_ __  __ _ \ \ \ \
ota-server-1  | ( ( )\___ | '_ | '_| | '_ \/ _` | \ \ \ \
ota-server-1  |  \\/  ___)| |_)| | | | | || (_| |  ) ) ) )
ota-server-1  | :: Spring Boot ::                (v3.2.4)
ota-server-1  | INFO  o.h.ota.OtaServerApplication : Starting OtaServerApplication v@{ver} using Java 21.0.2
ota-server-1  | INFO  o.h.ota.OtaServerApplication : The following 1 profile is active: "prod"
ota-server-1  | INFO  o.s.b.w.embedded.tomcat.TomcatWebServer : Tomcat initialized with port 8080 (http)
ota-server-1  | INFO  com.zaxxer.hikari.HikariDataSource : HikariPool-1 - Starting...
ota-server-1  | DEBUG o.h.ota.config.DbConfig : jdbcUrl=jdbc:postgresql://ota-db:5432/ota user=ota password=@{S}
ota-server-1  | INFO  com.zaxxer.hikari.HikariDataSource : HikariPool-1 - Start completed.
ota-server-1  | INFO  o.h.ota.OtaServerApplication : Started OtaServerApplication in 4.112 seconds""")
t("out-ansible-debug-var-far", "pw", "TASK [debug]", r"""$ ansible-playbook -i inventory/dc2.ini bmc.yml --tags debug -l rack12-u07

PLAY [bmc] *********************************************************************

TASK [Gathering Facts] *********************************************************
ok: [rack12-u07]

TASK [include_vars] ************************************************************
ok: [rack12-u07]

TASK [debug] *******************************************************************
ok: [rack12-u07] => {
    "bmc_credentials": {
        "host": "@{ip}",
        "password": "@{S}",
        "user": "ADMIN"
    }
}

PLAY RECAP *********************************************************************
rack12-u07                 : ok=3    changed=0    unreachable=0    failed=0""")
group("config-file")
t("cfg-yaml-double-quoted-line-continuation", "hex:64", "hawkbit", r"""# edge-agent/config.yaml
hawkbit:
  url: https://hawkbit.@{org}
  tenant: default
  target_token: "@{S1}\
    @{S2}"
poll_seconds: 300""")
t("cfg-ini-csv-accounts-no-header", "pw", "bmc-r12-u07", r"""; handover/bmc_accounts.csv (imported into the DCIM, then deleted?)
bmc-r12-u07,@{ip},ADMIN,@{S}
bmc-r12-u08,@{ip#b},ADMIN,(same)""")
group("stack-trace-or-log")
t("log-quoted-printable-email-soft-break", "b64u:72", "Content-Transfer-Encoding: quoted-printable", r"""Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: quoted-printable

Hello, your new API key for the sequencing portal is: @{S1}=
@{S2}
Please store it securely.""")
t("log-java-exception-wrapped-message", "azkey", "StorageException", r"""com.microsoft.azure.storage.StorageException: Server failed to authenticate the request. connection=DefaultEndpointsProtocol=https;AccountName=auroraotafw;AccountKey=@{S1}
	@{S2};EndpointSuffix=core.windows.net
	at com.microsoft.azure.storage.StorageException.translateException(StorageException.java:87)""")
group("command")
t("cmd-curl-backslash-continuation-in-token", "jwt", "ledger", r"""curl -s https://api.@{org}/v1/ledger/close-month \
  -H "Authorization: Bearer @{S1}\
@{S2}" \
  -d '{"period":"2025-0@{int:1-9}"}'""")
t("cmd-powershell-backtick-continuation", "azsecret", "Connect-AzAccount", r"""$sec = ConvertTo-SecureString "@{S}" -AsPlainText -Force
Connect-AzAccount -ServicePrincipal -Tenant @{uuid} `
  -Credential (New-Object PSCredential("@{uuid#a}", $sec))""")
group("source-code")
t("src-go-string-concat-wrapped", "hex:64", "hmacKey", r"""var hmacKey = []byte("@{S1}" +
	"@{S2}")""")
t("src-java-string-concat-wrapped", "b64u:80", "GRANT_PORTAL_TOKEN", r"""    private static final String GRANT_PORTAL_TOKEN =
        "@{S1}"
        + "@{S2}";""")
group("note-or-chat")
t("note-fr-cle-coupee-mail", "b64u:64", "clé API", r"""Voici la clé API du portail (mon client mail l'a coupée en deux) :
@{S1}
@{S2}
Bonne journée, @{first}""")
t("note-pt-sem-rotulo", "pwseason", "edge-gw-17", r"""edge-gw-17 / root / @{S}""")
t("note-ko-no-label-slack", "pwname", "ilo-esx04", r"""@{first}: ilo-esx04 Administrator @{S} 로 들어가면 됩니다""")
SECRETS, BENIGN = _build()
