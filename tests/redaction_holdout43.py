"""Blind hold-out corpus #43 for a secret-redaction engine.

What it is
----------
A test corpus of text fragments of the kind a coding agent (Claude Code,
Codex, Gemini CLI) saves as its working state: goals, running notes, shell
commands it ran, tool output, excerpts of files it opened, decisions, chat
messages pasted in by teammates, log lines and CI/deploy configuration.
Every entry of SECRETS holds exactly one credential that a redaction engine
must remove; every entry of BENIGN holds none, although it looks secret-ish
to a naive scanner (hashes, ids, placeholders, references to secret stores,
masked values, public key material, prose about passwords, ...).

Theme
-----
Legacy enterprise systems: mainframe (JCL, TSO, RACF, CICS, DB2 for z/OS,
z/OSMF, Zowe, FTP to MVS), IBM i / AS400 (CL, RPG, user profiles, ODBC,
JT400), SAP (ABAP, RFC, JCo, sapnwrfc.ini, HANA, sapcontrol, saprouter),
Oracle DBAs (sqlplus, expdp, RMAN, wallets, mkstore, tnsnames, GoldenGate,
EBS), COBOL shops, Informatica / DataStage / SSIS style ETL, schedulers
(Control-M, Autosys), and old Java EE app servers (WebLogic, WebSphere,
JBoss, Tomcat), plus the CI, vendor tokens and chat that surround them.

Provenance
----------
Written blind, from general knowledge only: no other corpus, no rule set of
the engine and no web or code search was consulted.  Where the real shape
of a vendor's credential is known it is imitated (prefixes, lengths,
alphabets); where it is not known a plausible shape was invented.  All
hosts, people, companies, account names and values are fictitious; every
random value is a fresh draw from a seeded generator.

Layout
------
SECRETS : list of 5-tuples (group, format, text, secret, visible)
    group    one of: command, tool-output, config-file, source-code,
             stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
             (about 185 entries each)
    format   kebab-case name of the shape; each format is used at most
             three times
    text     the fragment as the agent would have recorded it
    secret   the exact substring of text that must not survive redaction
             (only the key body for PEM keys, only the signature for
             signed URLs, only the password for user:password pairs)
    visible  a substring of text that must remain readable, or ""
BENIGN  : list of distinct strings, in the same kinds of contexts, that
          contain no credential at all.

Determinism
-----------
All values are drawn from _R = random.Random(4343) at import time, in a
fixed order, so importing the module twice yields identical lists.  Nothing
is printed at import.

Measured
--------
Blind, written after the rules made for the forty-fourth and read only after: recall
0.892 (1,335 of 1,496) and false positives 15 of 950 (1.6%), the same with the engine at
that session's start. Tuned on since: 0.937 and 5 of 950.
"""
import base64
import random
import re
import string

_R = random.Random(4343)
_USED = set()

_DIG = string.digits
_UPP = string.ascii_uppercase
_LOW = string.ascii_lowercase
_ALN = string.ascii_letters + string.digits
_HEXD = "0123456789abcdef"
_B64C = _ALN + "+/"
_B64U = _ALN + "-_"


def _c(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _p(seq):
    return _R.choice(seq)


def _ri(a, b):
    return _R.randint(a, b)


def _rb(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(bs):
    return base64.b64encode(bs).decode("ascii")


def _b64u(bs):
    return base64.urlsafe_b64encode(bs).decode("ascii").rstrip("=")


def _fresh(fn):
    for _ in range(1000):
        v = fn()
        if len(v) >= 6 and v not in _USED:
            _USED.add(v)
            return v
    raise RuntimeError("could not draw a fresh value")


# ---------------------------------------------------------------- passwords
_WORDS = (
    "amber anchor apple aspen atlas autumn badger bamboo banjo basil beacon "
    "birch bison blossom bramble breeze bronze cactus canyon cedar cherry "
    "cobalt comet copper coral cosmos cricket crimson dahlia delta desert "
    "dolphin dragon eagle ember falcon fennel fern fjord forest fossil galaxy "
    "garnet geyser ginger glacier granite harbor hazel heron hickory horizon "
    "indigo iris island ivory jasmine juniper kestrel lagoon lantern lemon "
    "lilac linden lotus lynx magnet mango maple marble meadow mercury meteor "
    "mint monsoon mosaic nectar nimbus nutmeg oasis ocean olive onyx orbit "
    "orchid otter palm panther papaya pebble pepper phoenix pine planet plum "
    "polar poppy prairie prism puffin quartz quasar raven reef river robin "
    "rocket saffron salmon sapphire shadow sierra silver spruce summit sunset "
    "tango thistle thunder tiger topaz tundra tulip valley velvet violet "
    "walnut willow zebra zephyr ledger spool tape vsam payroll batch cobol "
    "kettle harvest lighthouse compass marmot walrus pelican saddle biscuit "
    "carousel chimney domino ferret gazebo hammock igloo jigsaw kayak lobster"
).split()
_SEASONS = ["Spring", "Summer", "Autumn", "Winter", "Herbst", "Sommer",
            "Invierno", "Verano", "Hiver", "Printemps", "Inverno", "Lato"]
_SYM = "!#%*+=._-~^?"
_USYM = "-._~"


def _pw_word(sym, at):
    return _p(_WORDS).capitalize() + str(_ri(1, 9999)) + _p(sym)


def _pw_two(sym, at):
    return (_p(_WORDS).capitalize() + _p(sym) + _p(_WORDS).capitalize()
            + str(_ri(1, 99)))


def _pw_season(sym, at):
    return _p(_SEASONS) + str(_ri(2019, 2026)) + _p(sym) + str(_ri(0, 99))


def _pw_leet(sym, at):
    w = _p(_WORDS) + _p(_WORDS)
    tr = {"a": "@" if at else "4", "e": "3", "i": "1", "o": "0", "s": "5"}
    out = []
    for ch in w:
        out.append(tr[ch] if ch in tr and _R.random() < 0.6 else ch)
    s = "".join(out)
    return s[0].upper() + s[1:] + _p(sym) + str(_ri(10, 99))


def _pw_phrase(sym, at):
    sep = _p("-._")
    ws = [_p(_WORDS) for _ in range(_ri(3, 4))]
    if _R.random() < 0.5:
        ws.append(str(_ri(1, 999)))
    return sep.join(ws)


def _pw_pron(sym, at):
    cons = "bdfgklmnprstvz"
    vow = "aeiou"
    s = "".join(_p(cons) + _p(vow) for _ in range(_ri(3, 5)))
    return s.capitalize() + str(_ri(10, 999)) + _p(sym)


def _pw_rand(sym, at):
    n = _ri(12, 22)
    return _c(_ALN, 2) + _p(_DIG) + _c(_ALN + sym, n - 3)


def _pw_corp(sym, at):
    return (_p(["Fin", "Gl", "Pay", "Hr", "Sap", "Ora", "Was", "Mf", "Ach",
                "Edi", "Clm", "Infa", "Ctm"])
            + _p(["Prd", "Prod", "Uat", "Batch", "Admin", "Sys", "Live"])
            + _p(sym) + str(_ri(10, 9999)))


def _pw_kbd(sym, at):
    return _p(["Welcome", "Zaq1xsw2", "Qwerty", "Asdfgh", "Letmein",
               "Changeit", "Passw0rd", "Start", "Monday", "Mainfr4me"]) + \
        _p(sym) + str(_ri(100, 99999))


_PW_STYLES = [_pw_word, _pw_two, _pw_season, _pw_leet, _pw_phrase, _pw_pron,
              _pw_rand, _pw_rand, _pw_corp, _pw_kbd, _pw_word, _pw_two]


def _pw():
    return _p(_PW_STYLES)(_SYM, True)


def _upw():
    return _p(_PW_STYLES)(_USYM, False)


def _racf():
    st = _R.random()
    if st < 0.4:
        w = _p(_WORDS).upper()[:_ri(3, 5)]
        return w + _c(_DIG + "#@$" + _DIG, 8 - len(w))
    if st < 0.7:
        return _c(_UPP, 1) + _c(_UPP + _DIG, _ri(5, 7))
    return _c(_UPP, 2) + _c(_DIG, 2) + _p("#@$") + _c(_UPP + _DIG, _ri(1, 3))


def _racfa():
    # alphanumeric only, for places where # @ $ would be awkward
    return _c(_UPP, 1) + _c(_UPP + _DIG, _ri(5, 7))


def _phrase():
    ws = [_p(_WORDS) for _ in range(_ri(4, 6))]
    if _R.random() < 0.5:
        ws.append(str(_ri(2, 99)))
    return " ".join(ws)


def _pin():
    return _c(_DIG, _ri(6, 8))


def _uuid():
    h = _c(_HEXD, 32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _p("89ab"),
                                  h[17:20], h[20:32])


def _hexn(n):
    return lambda: _c(_HEXD, n)


def _alnn(n):
    return lambda: _c(_ALN, n)


def _basic():
    u = _p(["svc_deploy", "wasadmin", "ci-bot", "etl_user", "RFC_BATCH",
            "nexus-upload", "admin", "jenkins", "IBMUSER", "soa_client",
            "portal_svc", "PI_APPL"])
    return _b64((u + ":" + _pw()).encode())


def _b64pw():
    return _b64(_pw().encode())


def _wasxor():
    return _b64(bytes(ord(ch) ^ 0x5F for ch in _pw()))


def _wlsaes():
    return _b64(_rb(_p([32, 48])))


def _jenc():
    return "AQAAABAAAAA" + _p("gQw") + _b64(_rb(_p([32, 48, 64])))


def _encb64():
    return _b64(_rb(_p([16, 24, 32])))


def _jwt():
    hdr = '{"alg":"%s","typ":"JWT","kid":"%s"}' % (
        _p(["RS256", "HS256", "ES256", "PS256"]), _c(_ALN, 16))
    now = _ri(1690000000, 1760000000)
    pl = '{"sub":"%s","iss":"https://%s","aud":"%s","iat":%d,"exp":%d,"jti":"%s"}' % (
        _p(["svc-claims", "etl-runner", "portal", "jdoe", "sap-int", "ci"]),
        _p(["sso.acme-ins.example/auth/realms/corp", "login.globex.example",
            "idp.northwind-bank.example/oauth2", "keycloak.initech.internal"]),
        _p(["api://gl", "claims-api", "account", "sap-btp", "mq-rest"]),
        now, now + _p([300, 3600, 28800]), _uuid())
    return (_b64u(hdr.encode()) + "." + _b64u(pl.encode()) + "."
            + _b64u(_rb(_p([32, 64, 128]))))


def _wrap(s, w):
    return "\n".join(s[i:i + w] for i in range(0, len(s), w))


def _pem_rsa():
    return _wrap("MIIEpAIBAAKCAQEA" + _b64(_rb(_p([360, 480, 600]))), 64)


def _pem_pk8():
    return _wrap("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ"
                 + _b64(_rb(_p([330, 420, 540]))), 64)


def _pem_ec():
    return _wrap("MHcCAQEEI" + _b64(_rb(_p([84, 87, 90]))), 64)


def _pem_ossh():
    return _wrap("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
                 + _b64(_rb(_p([240, 300]))), 70)


def _pem_dsa():
    return _wrap("MIIBuwIBAAKBgQ" + _b64(_rb(_p([300, 330]))), 64)


def _pem_enc():
    return _wrap(_b64(_rb(_p([600, 900]))), 64)


def _gcp_pk():
    return "\\n".join(_pem_pk8().split("\n"))


_SG = {
    "pw": _pw, "upw": _upw, "racf": _racf, "racfa": _racfa,
    "phrase": _phrase, "pin": _pin, "uuid": _uuid,
    "hex16": _hexn(16), "hex20": _hexn(20), "hex24": _hexn(24),
    "hex32": _hexn(32), "hex40": _hexn(40), "hex48": _hexn(48),
    "hex64": _hexn(64),
    "an16": _alnn(16), "an20": _alnn(20), "an24": _alnn(24),
    "an32": _alnn(32), "an40": _alnn(40), "an64": _alnn(64),
    "b64_32": lambda: _b64(_rb(32)), "b64_24": lambda: _b64(_rb(24)),
    "b64_48": lambda: _b64(_rb(48)), "b64_64": lambda: _b64(_rb(64)),
    "b64u_32": lambda: _b64u(_rb(32)), "b64u_48": lambda: _b64u(_rb(48)),
    "basic": _basic, "b64pw": _b64pw, "wasxor": _wasxor, "wlsaes": _wlsaes,
    "jenc": _jenc, "encb64": _encb64, "jwt": _jwt,
    "pem_rsa": _pem_rsa, "pem_pk8": _pem_pk8, "pem_ec": _pem_ec,
    "pem_ossh": _pem_ossh, "pem_dsa": _pem_dsa, "pem_enc": _pem_enc,
    "gcp_pk": _gcp_pk,
    # vendor tokens
    "ghp": lambda: "ghp_" + _c(_ALN, 36),
    "gho": lambda: "gho_" + _c(_ALN, 36),
    "ghs": lambda: "ghs_" + _c(_ALN, 36),
    "ghu": lambda: "ghu_" + _c(_ALN, 36),
    "ghr": lambda: "ghr_" + _c(_ALN, 76),
    "ghpat": lambda: "github_pat_11" + _c(_UPP + _DIG, 22) + "_" + _c(_ALN, 59),
    "glpat": lambda: "glpat-" + _c(_ALN + "-_", 20),
    "glrt": lambda: "glrt-" + _c(_ALN + "-_", 20),
    "gldt": lambda: "gldt-" + _c(_ALN + "-_", 20),
    "glptt": lambda: "glptt-" + _c(_HEXD, 40),
    "xoxb": lambda: "xoxb-%d-%d-%s" % (_ri(10 ** 10, 10 ** 12), _ri(10 ** 11, 10 ** 13), _c(_ALN, 24)),
    "xoxp": lambda: "xoxp-%d-%d-%d-%s" % (_ri(10 ** 10, 10 ** 12), _ri(10 ** 10, 10 ** 12), _ri(10 ** 11, 10 ** 13), _c(_HEXD, 32)),
    "xapp": lambda: "xapp-1-A%s-%d-%s" % (_c(_UPP + _DIG, 10), _ri(10 ** 11, 10 ** 13), _c(_HEXD, 64)),
    "slackhook": lambda: _c(_ALN, 24),
    "awssec": lambda: _c(_ALN + "+/", 40),
    "awssts": lambda: "IQoJb3JpZ2luX2VjE" + _c(_B64C, 280),
    "sklive": lambda: "sk_live_51" + _c(_ALN, 62),
    "rklive": lambda: "rk_live_51" + _c(_ALN, 62),
    "whsec": lambda: "whsec_" + _c(_ALN, 32),
    "sg": lambda: "SG." + _c(_B64U, 22) + "." + _c(_B64U, 43),
    "mailgun": lambda: "key-" + _c(_HEXD, 32),
    "npm": lambda: "npm_" + _c(_ALN, 36),
    "pypi": lambda: "pypi-AgEIcHlwaS5vcmcCJ" + _c(_B64U, 130),
    "dckr": lambda: "dckr_pat_" + _c(_B64U, 27),
    "hvs": lambda: "hvs.CAESI" + _c(_B64U, 86),
    "hvb": lambda: "hvb.AAAAAQ" + _c(_B64U, 120),
    "tfc": lambda: _c(_ALN, 14) + ".atlasv1." + _c(_ALN, 67),
    "atl": lambda: "ATATT3xFfGF0" + _c(_B64U, 160) + "=" + _c("0123456789ABCDEF", 8),
    "aiza": lambda: "AIza" + _c(_B64U, 35),
    "gocspx": lambda: "GOCSPX-" + _c(_B64U, 28),
    "ya29": lambda: "ya29.a0A" + _c(_B64U, 150),
    "azkey": lambda: _b64(_rb(64)),
    "azsig": lambda: _b64(_rb(32)).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
    "azdo": lambda: _c(_LOW + "234567", 52),
    "azcs": lambda: _c(_ALN, 3) + _p(_DIG) + "Q~" + _c(_ALN + "~._-", 34),
    "jfref": lambda: "cmVmdGtuOjAxOjE3" + _c(_ALN, 48),
    "akcp": lambda: "AKCp8" + _c(_ALN, 68),
    "okta": lambda: "00" + _c(_ALN + "-_", 40),
    "dt": lambda: "dt0c01." + _c(_UPP + _DIG, 24) + "." + _c(_UPP + _DIG, 64),
    "nrak": lambda: "NRAK-" + _c(_UPP + _DIG, 27),
    "pdu": lambda: "u+" + _c(_ALN + "_-", 18),
    "sntrys": lambda: "sntrys_eyJpYXQiOj" + _c(_B64U, 110) + "_" + _c(_B64U, 43),
    "glsa": lambda: "glsa_" + _c(_ALN, 32) + "_" + _c(_HEXD, 8),
    "doppler": lambda: "dp.st.prd." + _c(_ALN, 40),
    "pulumi": lambda: "pul-" + _c(_HEXD, 40),
    "bkua": lambda: "bkua_" + _c(_HEXD, 40),
    "tskey": lambda: "tskey-auth-k" + _c(_ALN, 10) + "CNTRL-" + _c(_ALN, 32),
    "ops": lambda: "ops_eyJzaWduSW5BZGRyZXNzIjoi" + _c(_B64U, 190),
    "dapi": lambda: "dapi" + _c(_HEXD, 32),
    "figd": lambda: "figd_" + _c(_B64U, 40),
    "ntn": lambda: "ntn_" + _c(_ALN, 46),
    "oai": lambda: "sk-proj-" + _c(_B64U, 74) + "T3BlbkFJ" + _c(_B64U, 74),
    "ant": lambda: "sk-ant-api03-" + _c(_B64U, 93) + "AA",
    "hf": lambda: "hf_" + _c(_ALN, 34),
    "pmak": lambda: "PMAK-" + _c(_HEXD, 24) + "-" + _c(_HEXD, 34),
    "shpat": lambda: "shpat_" + _c(_HEXD, 32),
    "dop": lambda: "dop_v1_" + _c(_HEXD, 64),
    "lin": lambda: "lin_api_" + _c(_ALN, 40),
    "age": lambda: "AGE-SECRET-KEY-1" + _c("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58),
    "squ": lambda: "squ_" + _c(_HEXD, 40),
    "ibmkey": lambda: _c(_B64U, 44),
    "btpsec": lambda: _uuid() + "$" + _c(_B64U, 43) + "=",
    "ociauth": lambda: _c(_ALN + "()[]<>:;_+-.#", 20),
    "sfrt": lambda: "5Aep861" + _c(_ALN + "._", 80),
    "sfat": lambda: "00D" + _c(_ALN, 12) + "!" + _c(_ALN + "._", 96),
    "tg": lambda: "%d:AA%s" % (_ri(10 ** 8, 10 ** 10), _c(_B64U, 33)),
    "discord": lambda: _c(_B64U, 68),
    "mailchimp": lambda: _c(_HEXD, 32) + "-us" + str(_ri(1, 21)),
    "hrku": lambda: "HRKU-" + _uuid(),
    "rubygems": lambda: "rubygems_" + _c(_HEXD, 48),
    "nuget": lambda: "oy2" + _c(_LOW + _DIG, 43),
    "sqat": lambda: "EAAA" + _c(_B64U, 60),
    "braintree": lambda: "access_token$production$" + _c(_LOW + _DIG, 16) + "$" + _c(_HEXD, 32),
    "ccipat": lambda: "CCIPAT_" + _c(_ALN, 22) + "_" + _c(_HEXD, 40),
    "atbb": lambda: "ATBB" + _c(_ALN, 32) + _c("0123456789ABCDEF", 8),
    "octo": lambda: "API-" + _c(_UPP + _DIG, 27),
    "cfpat": lambda: "CFPAT-" + _c(_B64U, 43),
    "cftok": lambda: _c(_B64U, 40),
    "mapbox": lambda: "sk.eyJ1Ijoi" + _c(_B64U, 60) + "." + _c(_B64U, 22),
    "dropbox": lambda: "sl.B" + _c(_B64U, 130),
    "asana": lambda: "2/%d/%d:%s" % (_ri(10 ** 15, 10 ** 16), _ri(10 ** 15, 10 ** 16), _c(_HEXD, 32)),
    "jiradc": lambda: _b64(_rb(33)).replace("+", "A").replace("/", "z"),
    "confl": lambda: _c(_ALN + "+/", 64),
    "fastly": lambda: _c(_B64U, 32),
    "snyk": _uuid,
    "twsk": lambda: _c(_ALN, 32),
    "hcp": lambda: _c(_ALN + "-_", 64),
    "sumo": lambda: _c(_ALN, 64),
    "newrelic_lic": lambda: _c(_HEXD, 36) + "NRAL",
    "launchdarkly": lambda: "sdk-" + _uuid(),
    "algolia": lambda: _c(_HEXD, 32),
    "cohere": lambda: _c(_ALN, 40),
    "rollbar": lambda: _c(_HEXD, 32),
    "pagerduty_rk": lambda: "R0" + _c(_UPP + _DIG, 30),
    "gitea": lambda: _c(_HEXD, 40),
    "vercel": lambda: _c(_ALN, 24),
    "netlify": lambda: "nfp_" + _c(_ALN, 36),
    "supabase": lambda: "sbp_" + _c(_HEXD, 40),
    "planetscale": lambda: "pscale_pw_" + _c(_B64U, 43),
    "sendinblue": lambda: "xkeysib-" + _c(_HEXD, 64) + "-" + _c(_ALN, 16),
    "iicsid": lambda: _c(_ALN, 22),
    "ctmtok": lambda: _c(_ALN + "-_", 56),
    "cyberark": lambda: _c(_ALN, 16) + "=" + _c(_ALN, 8),
}


# ------------------------------------------------------------ context fills
_DOMAINS = ["acme-ins.example", "northwind-bank.example", "globex-corp.example",
            "initech.internal", "umbrella-re.example", "contoso-fin.example",
            "hooli-mfg.example", "vandelay.example", "wayne-ent.example",
            "stark-ind.example", "oceanic-air.example", "tyrell-corp.internal"]
_PEOPLE = ["Anja", "Bogdan", "Chidi", "Dmitri", "Elena", "Farhan", "Giulia",
           "Hiroshi", "Ingrid", "Javier", "Kwame", "Lucia", "Mei", "Nikhil",
           "Olga", "Priya", "Quentin", "Rafael", "Sanna", "Tomasz", "Uma",
           "Viktor", "Wen", "Xavier", "Yuki", "Zeynep", "Marek", "Aisha",
           "Bruno", "Carmen", "Deepa", "Emeka", "Fatima", "Gunnar", "Hana",
           "Ilse", "Jorge", "Keiko", "Lars", "Mateus", "Nadia", "Oskar"]


def _dom():
    return _p(_DOMAINS)


_F = {
    "domain": _dom,
    "dom": lambda: _p(["CORP", "ACMEINS", "NWBANK", "GLOBEX", "FINANCE", "EMEA", "HQ", "AD"]),
    "mfhost": lambda: "%s%d.%s" % (_p(["mvs", "zos", "sysa", "sysb", "lpar", "plex"]), _ri(1, 9), _dom()),
    "lpar": lambda: _p(["SYSA", "SYSB", "PRD1", "DEV1", "TST2", "PLX1", "MVSP"]),
    "racfid": lambda: (_p(["PAYBAT", "GLBAT", "TSO", "ETLUSR", "CICSRG", "DB2ADM", "ACHXF",
                           "BATCH", "OPSUSR", "IBMUSR", "FTPUSR", "CTMAGT", "ZOSMF"]) + str(_ri(1, 99)))[:8],
    "hlq": lambda: _p(["PROD", "PAYR", "FIN", "SYS2", "GL", "ACH", "CLAIMS", "HR"]),
    "dsn": lambda: "%s.%s.%s" % (_p(["PROD", "PAYR", "FIN", "GL", "ACH"]),
                                 _p(["PAYROLL", "LEDGER", "BATCH", "EXTRACT", "ACH"]),
                                 _p(["CNTL", "JCL", "DATA", "OUTPUT", "G0012V00", "PARMLIB"])),
    "job": lambda: _p(["PAYR", "GLPS", "ACHX", "CLMB", "DWHL", "HRFD"]) + "%02d%s" % (_ri(0, 99), _p("ABCDXZ")),
    "db2db": lambda: _p(["DSNP", "DB2P", "DWHPRD", "DSN1", "LOCDB2P", "DB2T"]),
    "ibmihost": lambda: "%s%s%d.%s" % (_p(["as400", "iseries", "ibmi", "pwr"]), _p(["prd", "dev", "qa"]), _ri(1, 9), _dom()),
    "ibmiuser": lambda: _p(["ETLUSER", "JDEPRD", "ODBCUSR", "EDIUSER", "WEBSVC", "BPCSADM", "MAPICS", "RPGDEV", "QRYUSR"]),
    "lib": lambda: _p(["PAYLIB", "ARLIB", "GLDTA", "PRODDTA", "EDIFILES", "BPCSF"]),
    "saphost": lambda: "%s%s%s.%s" % (_p(["sap", "s4h", "ecc", "bw"]), _p(["prd", "qas", "dev"]), _p(["ci", "app1", "db", "ascs"]), _dom()),
    "sid": lambda: _p(["PRD", "QAS", "DEV", "ECP", "BWP", "S4P", "P01", "Q01", "GRC", "SOL"]),
    "client": lambda: _p(["100", "200", "300", "400", "500", "800", "010"]),
    "nr": lambda: _p(["00", "01", "02", "10", "20"]),
    "sapuser": lambda: _p(["RFC_BATCH", "ALEREMOTE", "WF-BATCH", "BTC_USER", "SAPJSF", "RFC_BW",
                           "PI_APPL", "ZINT_USER", "TMSADM", "RFC_GRC"]),
    "orahost": lambda: "%s%s%02d.%s" % (_p(["ora", "db", "exa", "rac"]), _p(["prd", "dev", "uat"]), _ri(1, 12), _dom()),
    "orasid": lambda: _p(["FINPRD", "HRDEV", "EBSPRD", "DWH01", "CRMPROD", "GLUAT", "CLMPRD", "BILLP"]),
    "tns": lambda: _p(["FINPRD", "HRDEV", "EBSPRD", "DWH01", "CRMPROD", "GLUAT", "CLMPRD", "BILLP"])
    + _p(["", "_RW", "_RO", ".WORLD", "_DG"]),
    "orauser": lambda: _p(["apps", "scott", "system", "gl_etl", "dwh_load", "rpt_ro", "ggadmin",
                           "hr_app", "claims_app", "ar_interface", "xxcus", "batch_ops"]),
    "schema": lambda: _p(["GL", "AR", "AP", "HR", "CLAIMS", "POLICY", "BILLING", "DWH_STAGE"]),
    "tbl": lambda: _p(["gl_journal", "ap_invoices", "claims_hdr", "policy_master", "fx_rates", "emp_hist"]),
    "oraport": lambda: _p(["1521", "1522", "1526", "1531"]),
    "washost": lambda: "%s%s%d.%s" % (_p(["was", "wls", "jboss", "app", "esb", "portal"]), _p(["prd", "uat", "dev"]), _ri(1, 9), _dom()),
    "winhost": lambda: _p(["FS01", "ETLWIN02", "SQLLEGACY01", "RPTSRV3", "CTXFARM07", "BIZTALK02", "COGNOS01", "SSIS04"]),
    "svc": lambda: _p(["svc_etl", "svc_ctm", "svc_cognos", "svc_infa", "svc_sapbo", "svc_backup", "svc_ftp", "svc_biztalk"]),
    "user": lambda: _p(["oracle", "etlops", "infa", "batchops", "deploy", "wasadmin", "jboss", "sapadm",
                        "ftpuser", "ach_xfer", "edi", "mqm", "db2inst1", "ctmagent"]),
    "host": lambda: "%s%s%02d.%s" % (_p(["etl", "ftp", "sftp", "batch", "app", "jump", "edi", "file"]), _p(["prd", "uat", "dev"]), _ri(1, 20), _dom()),
    "ip": lambda: "10.%d.%d.%d" % (_ri(0, 255), _ri(0, 255), _ri(1, 254)),
    "bmc": lambda: "%s-%s%02d.oob.%s" % (_p(["ilo", "idrac", "imm", "bmc"]), _p(["db", "app", "mf"]), _ri(1, 30), _dom()),
    "ldaphost": lambda: "ldap%d.%s" % (_ri(1, 4), _dom()),
    "sybsrv": lambda: _p(["SYB_PRD", "TRADE_ASE", "LEGACY_ASE", "RISK_ASE"]),
    "tdpid": lambda: _p(["tdprod", "tdedw", "tddev"]),
    "tduser": lambda: _p(["etl_batch", "dwh_load", "rpt_user"]),
    "env": lambda: _p(["PRD", "UAT", "DEV", "QA", "SIT"]),
    "folder": lambda: _p(["FIN_GL", "HR_FEEDS", "CLAIMS_DW", "SAP_EXTRACT", "AR_AGING"]),
    "wf": lambda: "wf_" + _p(["load_gl_daily", "hr_delta", "claims_fact", "sap_vendor_master", "ar_snapshot"]),
    "infauser": lambda: _p(["Administrator", "infa_admin", "repo_owner"]),
    "person": lambda: _p(_PEOPLE),
    "ticket": lambda: _p(["CHG", "INC", "RITM", "PRB", "TASK"]) + "%07d" % _ri(10000, 999999),
    "date": lambda: "%d-%02d-%02d" % (_ri(2023, 2025), _ri(1, 12), _ri(1, 28)),
    "date_c": lambda: "%d%02d%02d" % (_ri(2023, 2025), _ri(1, 12), _ri(1, 28)),
    "time": lambda: "%02d:%02d:%02d" % (_ri(0, 23), _ri(0, 59), _ri(0, 59)),
    "num": lambda: str(_ri(100, 99999)),
    "pid": lambda: str(_ri(1000, 65000)),
    "ver": lambda: "%d.%d.%d" % (_ri(1, 12), _ri(0, 9), _ri(0, 30)),
    "region": lambda: _p(["eu-central-1", "us-east-1", "us-west-2", "eu-west-1", "ap-southeast-2"]),
    "bucket": lambda: _p(["acme-etl-landing", "nw-bank-archive", "globex-sap-exports", "initech-batch-out"]),
    "app": lambda: _p(["claims-portal", "glpost", "payroll-web", "policy-admin", "edi-gateway", "ar-aging"]),
    "word": lambda: _p(_WORDS),
    "hex8": lambda: _c(_HEXD, 8),
    "uuid_ctx": _uuid,
    "akid": lambda: "AKIA" + _c(_UPP + "234567", 16),
    "acct": lambda: str(_ri(10 ** 11, 10 ** 12 - 1)),
    "slackT": lambda: "T" + _c(_UPP + _DIG, 9),
    "slackB": lambda: "B" + _c(_UPP + _DIG, 10),
    "sftime": lambda: "%d%02d%02dT%02d%02d%02dZ" % (_ri(2023, 2025), _ri(1, 12), _ri(1, 28), _ri(0, 23), _ri(0, 59), _ri(0, 59)),
}

_PH = re.compile(r"\{=([A-Za-z][A-Za-z0-9_]*)\}")
_CH = re.compile(r"\{\?((?:[^{}]|\{=[A-Za-z0-9_]+\})*)\}")


def _val(name, vals):
    if name in vals:
        return vals[name]
    if name in _F:
        v = _F[name]()
    elif name.endswith("_l") or name.endswith("_u"):
        v = _val(name[:-2], vals)
        v = v.lower() if name.endswith("_l") else v.upper()
    elif name.endswith("_b64"):
        v = _b64(_val(name[:-4], vals).encode())
    else:
        v = _F[name.rstrip(_DIG).rstrip("_")]()
    vals[name] = v
    return v


def _render(tpl, vals):
    tpl = _CH.sub(lambda m: _p(m.group(1).split("|")), tpl)
    return _PH.sub(lambda m: _val(m.group(1), vals), tpl)


# group names
C, TO, CF, SC = "command", "tool-output", "config-file", "source-code"
LG, NC, CI, VT = "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token"
_GROUPS = [C, TO, CF, SC, LG, NC, CI, VT]
_TPL = {g: [] for g in _GROUPS}


def _t(group, fmt, kind, text, vis=""):
    _TPL[group].append((fmt, kind, text, vis))


# ================================================================ command
_t(C, "sqlplus-user-slash-pass-at-tns", "upw",
   "sqlplus -s {=orauser}/{=S}@{=tns} @/u01/app/oracle/scripts/{?refresh_mv|purge_audit|gather_stats|close_period}.sql",
   "{=tns}")
_t(C, "sqlplus-quoted-ezconnect", "pw",
   'sqlplus -L {=orauser}/"{=S}"@//{=orahost}:{=oraport}/{=orasid}',
   "{=orahost}")
_t(C, "sqlplus-nolog-heredoc-conn", "upw",
   """sqlplus /nolog <<EOF
whenever sqlerror exit failure
conn {=orauser}/{=S}@{=tns}
@/home/oracle/bin/{?kill_blockers|rebuild_idx|sync_seq}.sql
exit
EOF""", "sqlplus /nolog")
_t(C, "expdp-system-inline", "upw",
   "expdp system/{=S}@{=tns} schemas={=schema} directory=DATA_PUMP_DIR dumpfile={=schema}_%U.dmp parallel=4 logfile=exp_{=schema}.log",
   "schemas={=schema}")
_t(C, "impdp-parfile-heredoc", "upw",
   """cat > /tmp/imp_{=schema}.par <<'EOF'
userid=system/{=S}@{=tns}
directory=DATA_PUMP_DIR
dumpfile={=schema}_01.dmp
remap_schema={=schema}:{=schema}_COPY
table_exists_action=replace
EOF
impdp parfile=/tmp/imp_{=schema}.par""", "impdp parfile=")
_t(C, "rman-target-sys-inline", "upw",
   "rman target sys/{=S}@{=tns} nocatalog cmdfile=/home/oracle/rman/l0_backup.rcv log=/tmp/rman_l0_{=date_c}.log",
   "nocatalog")
_t(C, "dgmgrl-sys-connect", "upw",
   'dgmgrl sys/{=S}@{=orasid}_PRIM "show configuration verbose"',
   "show configuration verbose")
_t(C, "orapwd-password-flag", "pw",
   "orapwd file=$ORACLE_HOME/dbs/orapw{=orasid} password={=S} entries=10 format=12 force=y",
   "orapwd file=")
_t(C, "mkstore-create-credential-positional", "pw",
   "mkstore -wrl /u01/app/oracle/wallet/{=orasid_l} -createCredential {=tns} {=orauser} '{=S}'",
   "-createCredential {=tns}")
_t(C, "orapki-wallet-create-pwd", "pw",
   "orapki wallet create -wallet /u01/app/oracle/admin/{=orasid}/tde_wallet -pwd '{=S}' -auto_login_local",
   "orapki wallet create")
_t(C, "sqlldr-userid-direct", "upw",
   "sqlldr userid={=orauser}/{=S}@{=tns} control=/data/ctl/{=tbl}.ctl log=/data/log/{=tbl}.log bad=/data/bad/{=tbl}.bad direct=true",
   "control=/data/ctl/{=tbl}.ctl")
_t(C, "emcli-login-password", "pw",
   "emcli login -username=sysman -password='{=S}' && emcli sync && emcli get_targets -targets=oracle_database",
   "emcli get_targets")
_t(C, "ggsci-credentialstore-add", "upw",
   """$ ./ggsci
GGSCI (ggprd01) 1> ALTER CREDENTIALSTORE ADD USER ggadmin@{=tns} PASSWORD {=S} ALIAS ggsrc DOMAIN OracleGoldenGate
GGSCI (ggprd01) 2> INFO CREDENTIALSTORE""", "INFO CREDENTIALSTORE")
_t(C, "fndload-apps-password-arg", "upw",
   'FNDLOAD apps/{=S} 0 Y DOWNLOAD $FND_TOP/patch/115/import/afcpprog.lct XX_{=schema}_CONC.ldt PROGRAM APPLICATION_SHORT_NAME="XXCUS"',
   "afcpprog.lct")
_t(C, "ebs-adstrtal-apps-arg", "upw",
   "cd $ADMIN_SCRIPTS_HOME && ./adstrtal.sh apps/{=S} -nopromptmsg",
   "adstrtal.sh")
_t(C, "db2-connect-user-using", "upw",
   "db2 connect to {=db2db} user {=racfid} using {=S}",
   "connect to {=db2db}")
_t(C, "db2-catalog-then-connect", "upw",
   """db2 catalog tcpip node MVSNODE remote {=mfhost} server 446
db2 catalog dcs db {=db2db} as {=db2db}
db2 catalog db {=db2db} at node MVSNODE authentication server
db2 "CONNECT TO {=db2db} USER {=racfid} USING {=S}"
""", "db2 catalog tcpip node MVSNODE")
_t(C, "zowe-profile-create-password", "racf",
   "zowe profiles create zosmf-profile {=lpar_l} --host {=mfhost} --port 443 --user {=racfid} --password '{=S}' --reject-unauthorized false",
   "--host {=mfhost}")
_t(C, "zowe-files-list-inline-pass", "racf",
   'zowe zos-files list data-set "{=hlq}.**" --host {=mfhost} --port 10443 --user {=racfid} --pass "{=S}" --ru false',
   "zos-files list data-set")
_t(C, "curl-zosmf-basic-u", "racf",
   'curl -sk -u {=racfid}:{=S} -H "X-CSRF-ZOSMF-HEADER: true" "https://{=mfhost}/zosmf/restjobs/jobs?owner={=racfid}&prefix=*"',
   "/zosmf/restjobs/jobs")
_t(C, "ftp-mainframe-heredoc-user-line", "racf",
   """ftp -n {=mfhost} <<END_FTP
user {=racfid} {=S}
quote site lrecl=80 recfm=fb blksize=27920
ascii
put /data/out/payroll_{=date_c}.txt '{=dsn}'
bye
END_FTP""", "quote site lrecl=80")
_t(C, "lftp-user-comma-password", "upw",
   'lftp -u {=user},{=S} sftp://{=host} -e "mirror -R /outbound/ach /in; bye"',
   "sftp://{=host}")
_t(C, "sshpass-ibmi-system-command", "pw",
   """sshpass -p '{=S}' ssh -o StrictHostKeyChecking=no {=user}@{=ibmihost} 'system "WRKACTJOB SBS(QBATCH)"'""",
   "{=ibmihost}")
_t(C, "plink-pw-remote-command", "pw",
   'plink -ssh -batch -pw "{=S}" {=user}@{=host} "cd /opt/infa && ./infaservice.sh startup"',
   "infaservice.sh startup")
_t(C, "pscp-pw-upload", "pw",
   r'pscp -pw "{=S}" C:\exports\gl_{=date_c}.csv {=user}@{=host}:/landing/gl/',
   "/landing/gl/")
_t(C, "psexec-user-password", "pw",
   r'psexec \\{=winhost} -u {=dom}\{=svc} -p "{=S}" -h cmd /c "net stop InformaticaService10.5"',
   "net stop InformaticaService10.5")
_t(C, "net-use-positional-password", "pw",
   r"net use Z: \\{=winhost}\etl$ {=S} /user:{=dom}\{=svc} /persistent:no",
   r"/user:{=dom}\{=svc}")
_t(C, "schtasks-create-rp", "pw",
   r'schtasks /create /tn "NightlyGLExtract" /tr "D:\jobs\gl_extract.cmd" /sc daily /st 02:00 /ru {=dom}\{=svc} /rp "{=S}"',
   "NightlyGLExtract")
_t(C, "sc-config-obj-password", "pw",
   r'sc.exe config "IBM Cognos" obj= "{=dom}\{=svc}" password= "{=S}"',
   "IBM Cognos")
_t(C, "smbclient-user-percent-password", "upw",
   "smbclient //{=winhost}/finance -U '{=dom}/{=svc}%{=S}' -c 'cd month_end; get close_{=date_c}.xlsx'",
   "//{=winhost}/finance")
_t(C, "mount-cifs-password-option", "upw",
   "sudo mount -t cifs //{=winhost}/sapmnt /mnt/sapmnt -o username={=svc},password={=S},domain={=dom},vers=2.1,uid=sapadm",
   "/mnt/sapmnt")
_t(C, "xfreerdp-p-flag", "pw",
   r"xfreerdp /v:{=winhost}.{=domain} /u:{=dom}\{=svc} /p:'{=S}' /cert:ignore /size:1600x900",
   "/cert:ignore")
_t(C, "ipmitool-lanplus-capital-p", "upw",
   "ipmitool -I lanplus -H {=bmc} -U ADMIN -P '{=S}' chassis power status",
   "chassis power status")
_t(C, "racadm-remote-p", "upw",
   "racadm -r {=bmc} -u root -p '{=S}' serveraction powercycle",
   "serveraction powercycle")
_t(C, "ldapsearch-bind-w", "pw",
   """ldapsearch -x -H ldaps://{=ldaphost}:636 -D "cn=Directory Manager" -w '{=S}' -b "ou=people,dc=corp" "(uid={=user})" memberOf""",
   "ldaps://{=ldaphost}:636")
_t(C, "sybase-isql-attached-capital-p", "upw",
   "isql -Usa -P{=S} -S{=sybsrv} -w 200 -i /sybase/scripts/dbcc_checkdb.sql -o /tmp/dbcc.out",
   "-S{=sybsrv}")
_t(C, "osql-sa-capital-p", "pw",
   r"""osql -S {=winhost}\LEGACY -U sa -P "{=S}" -Q "EXEC msdb.dbo.sp_start_job N'ETL_Load_GL'" """,
   "sp_start_job")
_t(C, "bcp-queryout-capital-p", "pw",
   r"""bcp "SELECT * FROM Claims.dbo.ClaimHeader WHERE LoadDate >= '{=date}'" queryout D:\out\clm.dat -S {=winhost} -U etl_reader -P "{=S}" -c -t"|" """,
   "queryout")
_t(C, "bteq-logon-heredoc", "upw",
   """bteq <<EOF
.LOGON {=tdpid}/{=tduser},{=S};
SELECT COUNT(*) FROM EDW.FACT_CLAIMS WHERE LOAD_DT = DATE '{=date}';
.LOGOFF;
.QUIT;
EOF""", ".LOGON {=tdpid}/{=tduser},")
_t(C, "hdbsql-system-p", "pw",
   """hdbsql -n {=saphost}:3{=nr}13 -i {=nr} -u SYSTEM -p '{=S}' -d SYSTEMDB "SELECT DATABASE_NAME, ACTIVE_STATUS FROM M_DATABASES" """,
   "M_DATABASES")
_t(C, "hdbuserstore-set-key-positional", "pw",
   "hdbuserstore SET BACKUPKEY {=saphost}:3{=nr}13@SYSTEMDB BACKUP_OPERATOR '{=S}'",
   "hdbuserstore SET BACKUPKEY")
_t(C, "sapcontrol-user-adm-password", "pw",
   "sapcontrol -nr {=nr} -host {=saphost} -user {=sid_l}adm '{=S}' -function GetProcessList",
   "-function GetProcessList")
_t(C, "rsecssfx-put-plain", "pw",
   "sudo -u {=sid_l}adm rsecssfx put DB_CONNECT/DEFAULT_DB_PASSWORD '{=S}' -plain",
   "DB_CONNECT/DEFAULT_DB_PASSWORD")
_t(C, "startrfc-p-flag", "upw",
   "startrfc -3 -h {=saphost} -s {=nr} -c {=client} -u {=sapuser} -p {=S} -l EN -F RFC_SYSTEM_INFO",
   "-F RFC_SYSTEM_INFO")
_t(C, "pmcmd-startworkflow-p", "pw",
   "pmcmd startworkflow -sv IS_{=env} -d Dom_{=env} -u Administrator -p '{=S}' -f {=folder} -wait {=wf}",
   "-f {=folder}")
_t(C, "pmrep-connect-x", "pw",
   "pmrep connect -r REP_{=env} -d Dom_{=env} -n {=infauser} -x '{=S}' && pmrep listobjects -o folder",
   "pmrep listobjects")
_t(C, "infacmd-isp-pd", "pw",
   "infacmd.sh isp ListServices -dn Dom_{=env} -un Administrator -pd '{=S}' -sdn Native",
   "ListServices")
_t(C, "infasetup-update-gateway-dp", "upw",
   "./infasetup.sh updateGatewayNode -da {=orahost}:1521 -du infa_dom -dp {=S} -dt Oracle -ds {=orasid}",
   "updateGatewayNode")
_t(C, "dsjob-run-password", "pw",
   "dsjob -domain {=host}:9443 -user dsadm -password '{=S}' -server DSENGINE01 -run -jobstatus DWH_PROJ LoadFactSales",
   "LoadFactSales")
_t(C, "dtexec-decrypt-package", "pw",
   r'dtexec /F "D:\SSIS\LoadGL.dtsx" /DECRYPT "{=S}" /REP EW /CHECKPOINTING OFF',
   "LoadGL.dtsx")
_t(C, "wlst-echo-connect-pipe", "pw",
   """echo "connect('weblogic','{=S}','t3://{=washost}:7001'); ls('Servers'); exit()" | $MW_HOME/oracle_common/common/bin/wlst.sh""",
   "t3://{=washost}:7001")
_t(C, "weblogic-deployer-password", "pw",
   "java weblogic.Deployer -adminurl t3://{=washost}:7001 -username weblogic -password '{=S}' -deploy -name {=app} -source /stage/{=app}.ear -targets cluster1",
   "-name {=app}")
_t(C, "wsadmin-user-password-script", "pw",
   "./wsadmin.sh -lang jython -conntype SOAP -host {=washost} -port 8879 -user wasadmin -password '{=S}' -f /tmp/deploy_ear.py {=app}",
   "deploy_ear.py")
_t(C, "jboss-cli-password-reload", "pw",
   """$JBOSS_HOME/bin/jboss-cli.sh --connect --controller={=washost}:9990 --user=admin --password='{=S}' --command=":reload" """,
   "--controller={=washost}:9990")
_t(C, "jboss-add-user-p", "pw",
   "./add-user.sh -a -u jmsuser -p '{=S}' -g guest,jms",
   "add-user.sh")
_t(C, "keytool-importcert-storepass", "pw",
   "keytool -importcert -alias zos-root-ca -file zos_root.cer -keystore /opt/IBM/WebSphere/AppServer/profiles/AppSrv01/etc/trust.p12 -storetype PKCS12 -storepass '{=S}' -noprompt",
   "zos-root-ca")
_t(C, "gskcapicmd-keydb-create-pw", "pw",
   "gskcapicmd -keydb -create -db /opt/IBM/HTTPServer/ssl/key.kdb -pw '{=S}' -type cms -stash",
   "/opt/IBM/HTTPServer/ssl/key.kdb")
_t(C, "openssl-pkcs12-passout", "upw",
   "openssl pkcs12 -export -in {=app}.crt -inkey {=app}.key -certfile chain.pem -out {=app}.p12 -name default -passout pass:{=S}",
   "-name default")
_t(C, "java-truststore-password-property", "pw",
   "java -Djavax.net.ssl.trustStore=/etc/pki/mf/cacerts.jks -Djavax.net.ssl.trustStorePassword='{=S}' -jar mq-bridge-{=ver}.jar",
   "mq-bridge-{=ver}.jar")
_t(C, "mysql-attached-p", "upw",
   "mysql -h {=host} -u crm_ro -p{=S} crm -e 'SELECT COUNT(*) FROM accounts WHERE updated_at > NOW() - INTERVAL 1 DAY'",
   "crm_ro")
_t(C, "export-db2password-then-run", "pw",
   "export DB2USER={=racfid}; export DB2PASSWORD='{=S}'; ./unload_{=schema_l}.sh {=db2db}",
   "DB2USER={=racfid}")
_t(C, "ctm-env-add-positional", "pw",
   "ctm env add prod https://{=host}:8443/automation-api emuser '{=S}' && ctm env set prod",
   "automation-api")
_t(C, "connect-direct-cli-snodeid", "racf",
   """direct <<EOF
submit maxdelay=unlimited ACHPUT process snode=CD.{=lpar}.NODE snodeid=(ACHXF01,{=S})
  step01 copy from (file=/data/ach/out/ach_{=date_c}.txt) to (dsn={=dsn} disp=rpl)
pend;
EOF""", "snode=CD.{=lpar}.NODE")
_t(C, "expect-inline-send-password", "pw",
   """expect -c 'spawn ssh {=user}@{=host}; expect "assword:"; send "{=S}\\r"; expect "$ "; send "tail -50 /var/log/etl/run.log\\r"; interact'""",
   "spawn ssh {=user}@{=host}")
_t(C, "wget-ftp-password", "upw",
   "wget --ftp-user={=user} --ftp-password={=S} ftp://{=host}/pub/rates/fx_{=date_c}.dat",
   "--ftp-user={=user}")
_t(C, "curl-ftp-url-userinfo", "upw",
   "curl -T ach_{=date_c}.txt ftp://{=user}:{=S}@{=host}/inbound/",
   "/inbound/")
_t(C, "winscp-open-sftp-url", "upw",
   r'winscp.com /command "open sftp://{=user}:{=S}@{=host}/ -hostkey=*" "put D:\out\*.csv /in/" "exit"',
   "winscp.com")
_t(C, "svn-checkout-password", "pw",
   "svn checkout https://svn.{=domain}/repos/cobol-src/trunk cobol-src --username {=user} --password '{=S}' --non-interactive --no-auth-cache",
   "repos/cobol-src")
_t(C, "cvs-pserver-cvsroot-password", "upw",
   "cvs -d :pserver:{=user}:{=S}@cvs.{=domain}:/cvsroot/legacy checkout billing-cobol",
   "billing-cobol")
_t(C, "rdesktop-p-flag", "pw",
   "rdesktop -u {=svc} -d {=dom} -p '{=S}' -g 1440x900 {=winhost}",
   "-g 1440x900")
_t(C, "s3270-scripted-logon", "racf",
   """printf 'Connect({=mfhost})\\nWait(InputField)\\nString("{=racfid}")\\nTab()\\nString("{=S}")\\nEnter()\\n' | s3270 -trace""",
   "s3270 -trace")
_t(C, "tsocmd-altuser-password", "racf",
   """tsocmd "ALTUSER {=racfid} PASSWORD({=S}) NOEXPIRED RESUME" """,
   "ALTUSER {=racfid}")
_t(C, "ssh-ibmi-chgusrprf-password", "racfa",
   """ssh qsecofr@{=ibmihost} "system 'CHGUSRPRF USRPRF({=ibmiuser}) PASSWORD({=S}) PWDEXP(*NO)'" """,
   "USRPRF({=ibmiuser})")
_t(C, "unixodbc-isql-positional", "pw",
   "isql -v AS400PRD {=ibmiuser} '{=S}' < /tmp/count_orders.sql",
   "isql -v AS400PRD")
_t(C, "docker-login-p-flag", "pw",
   "docker login -u {=user} -p '{=S}' artifactory.{=domain}",
   "artifactory.{=domain}")
_t(C, "git-clone-https-userinfo", "upw",
   "git clone https://{=user}:{=S}@git.{=domain}/mainframe/cobol-copybooks.git",
   "cobol-copybooks.git")
_t(C, "mvn-deploy-repo-password-property", "pw",
   "mvn -B deploy -DskipTests -DaltDeploymentRepository=legacy::default::https://nexus.{=domain}/repository/releases -Drepo.username=deploy -Drepo.password='{=S}'",
   "-DskipTests")
_t(C, "ant-wls-password-property", "pw",
   "ant -f build-wls.xml deploy -Dwls.url=t3://{=washost}:7001 -Dwls.user=weblogic -Dwls.password='{=S}'",
   "build-wls.xml")
_t(C, "snmpwalk-community", "an16",
   "snmpwalk -v2c -c {=S} {=bmc} 1.3.6.1.4.1.232.6.2.6",
   "1.3.6.1.4.1.232.6.2.6")
_t(C, "redis-cli-a-flag", "an32",
   "redis-cli -h {=host} -p 6379 -a {=S} --no-auth-warning INFO replication",
   "INFO replication")
_t(C, "mongosh-uri-password", "upw",
   'mongosh "mongodb://audit_ro:{=S}@{=host}:27017/audit?authSource=admin" --eval "db.events.countDocuments()"',
   "authSource=admin")
_t(C, "psql-pgpassword-prefix", "pw",
   "PGPASSWORD='{=S}' psql -h {=host} -U report -d billing -c 'VACUUM ANALYZE invoices;'",
   "VACUUM ANALYZE invoices")


# ============================================================ tool-output
_t(TO, "printenv-dump-apps-pwd", "upw",
   """$ printenv | sort | head -20
APPLTMP=/u01/app/ebs/inst/apps/{=orasid}_{=host}/appltmp
APPS_PWD={=S}
CONTEXT_NAME={=orasid}_ebsapp01
ORACLE_SID={=orasid}
PATH=/u01/app/ebs/fs1/EBSapps/10.1.2/bin:/usr/bin:/bin""", "CONTEXT_NAME={=orasid}_ebsapp01")
_t(TO, "ps-aux-sqlplus-argv", "upw",
   """$ ps aux | grep [s]qlplus
oracle   {=pid}  0.3  0.1 248812 31220 ?  S    02:00   0:04 sqlplus -s {=orauser}/{=S}@{=tns} @/u01/scripts/nightly_close.sql""",
   "nightly_close.sql")
_t(TO, "ps-ef-pmcmd-argv", "pw",
   """$ ps -ef | grep pmcmd
infa     {=pid}     1  0 02:00 ?        00:00:00 pmcmd startworkflow -sv IS_{=env} -d Dom_{=env} -u Administrator -p {=S} -f {=folder} {=wf}
infa     {=pid2} {=pid3}  0 02:03 pts/1    00:00:00 grep pmcmd""", "grep pmcmd")
_t(TO, "bash-history-listing", "upw",
   """$ history | tail -4
  512  cd /u01/app/oracle/admin/{=orasid}
  513  sqlplus system/{=S}@{=tns}
  514  tail -f alert_{=orasid}.log
  515  history | tail -4""", "tail -f alert_{=orasid}.log")
_t(TO, "kubectl-get-secret-yaml-data", "b64pw",
   """$ kubectl -n {=app} get secret db2-creds -o yaml
apiVersion: v1
data:
  password: {=S}
  username: {=racfid_b64}
kind: Secret
metadata:
  name: db2-creds
  namespace: {=app}
type: Opaque""", "name: db2-creds")
_t(TO, "kubectl-jsonpath-base64-decode", "pw",
   """$ kubectl -n legacy get secret wls-admin -o jsonpath='{.data.password}' | base64 -d
{=S}
$ """, "wls-admin")
_t(TO, "docker-inspect-env-array", "pw",
   """$ docker inspect was90-dmgr --format '{{json .Config.Env}}' | jq .
[
  "WAS_ADMIN_USER=wasadmin",
  "WAS_ADMIN_PASSWORD={=S}",
  "PROFILE_NAME=Dmgr01",
  "JAVA_HOME=/opt/IBM/WebSphere/AppServer/java/8.0"
]""", "PROFILE_NAME=Dmgr01")
_t(TO, "env-grep-pass-output", "upw",
   """$ env | grep -i pass
DB2_PASS={=S}
HISTCONTROL=ignorespace
PASS_FILE_DIR=/opt/etl/etc""", "PASS_FILE_DIR=/opt/etl/etc")
_t(TO, "sqlplus-query-interface-config", "pw",
   """SQL> SELECT param_name, param_value FROM xx_interface_config WHERE interface_code = 'BANK_ACH';

PARAM_NAME                     PARAM_VALUE
------------------------------ ----------------------------------------
FTP_HOST                       {=host}
FTP_USER                       ach_xfer
FTP_PASSWORD                   {=S}
REMOTE_DIR                     /inbound/ach

4 rows selected.""", "FTP_HOST")
_t(TO, "sap-se16-ztable-display", "pw",
   """Table ZINT_SFTP_CFG   Displayed Fields: 4 of 4  Fixed Columns: 1  List Width 0250
|MANDT|PARTNER   |SFTP_USER     |SFTP_PWD                        |
|{=client}  |BANK_DE01 |sap_pay_de    |{=S}|""", "BANK_DE01")
_t(TO, "vault-kv-get-table", "pw",
   """$ vault kv get secret/mainframe/batch/{=racfid_l}
======= Secret Path =======
secret/data/mainframe/batch/{=racfid_l}

======= Metadata =======
Key                Value
---                -----
created_time       {=date}T{=time}.114Z
version            7

====== Data ======
Key         Value
---         -----
password    {=S}
username    {=racfid}""", "secret/data/mainframe/batch/{=racfid_l}")
_t(TO, "aws-secretsmanager-get-secret-value", "upw",
   """$ aws secretsmanager get-secret-value --secret-id prod/hr/etl --region {=region}
{
    "ARN": "arn:aws:secretsmanager:{=region}:{=acct}:secret:prod/hr/etl-Ab12Cd",
    "Name": "prod/hr/etl",
    "SecretString": "{\\"username\\":\\"hr_etl\\",\\"password\\":\\"{=S}\\",\\"engine\\":\\"oracle\\"}",
    "VersionStages": ["AWSCURRENT"]
}""", "prod/hr/etl")
_t(TO, "terraform-output-json-sensitive", "pw",
   """$ terraform output -json
{
  "adb_admin_password": {
    "sensitive": true,
    "type": "string",
    "value": "{=S}"
  },
  "adb_connection_string": {
    "sensitive": false,
    "type": "string",
    "value": "{=orasid_l}_high"
  }
}""", "adb_connection_string")
_t(TO, "cyberark-clipasswordsdk-output", "pw",
   """C:\\Program Files (x86)\\CyberArk\\ApplicationPasswordSdk> CLIPasswordSDK.exe GetPassword /p AppDescs.AppID=ETL_PRD /p Query="Safe=MF-BATCH;Folder=Root;Object={=racfid}" /o Password
{=S}""", "Safe=MF-BATCH")
_t(TO, "maven-debug-mojo-password-param", "pw",
   """[DEBUG] Configuring mojo 'com.oracle.weblogic:weblogic-maven-plugin:12.2.1-0-0:deploy' with basic configurator -->
[DEBUG]   (f) adminurl = t3://{=washost}:7001
[DEBUG]   (f) user = weblogic
[DEBUG]   (f) password = {=S}
[DEBUG]   (f) targets = ClaimsCluster""", "weblogic-maven-plugin")
_t(TO, "ansible-debug-var-output", "pw",
   """TASK [oracle_db : show connection vars] ****************************************
ok: [{=orahost}] => {
    "ora_sys_password": "{=S}"
}""", "oracle_db : show connection vars")
_t(TO, "git-diff-added-password-line", "pw",
   """$ git diff HEAD~1 -- src/main/resources/applicationContext.xml
@@ -41,7 +41,7 @@
     <bean id="claimsDataSource" class="oracle.jdbc.pool.OracleDataSource">
       <property name="URL" value="jdbc:oracle:thin:@//{=orahost}:1521/{=orasid}"/>
       <property name="user" value="claims_app"/>
-      <property name="password" value="${claims.db.password}"/>
+      <property name="password" value="{=S}"/>""", "claimsDataSource")
_t(TO, "grep-recursive-properties-hit", "pw",
   """$ grep -rn "password" conf/
conf/jdbc.properties:12:jdbc.password={=S}
conf/jdbc.properties:13:jdbc.password.encrypted=false
conf/ldap.properties:4:# password comes from the wallet, see README""", "conf/ldap.properties")
_t(TO, "strings-binary-connection-string", "pw",
   """$ strings -n 8 /usr/local/bin/gl_loader | grep -i -n pwd
2241:Server={=winhost};Database=GL;Uid=gl_loader;Pwd={=S};
2245:pwdlen check failed""", "/usr/local/bin/gl_loader")
_t(TO, "wlst-ls-password-encrypted", "wlsaes",
   """wls:/claims_domain/serverConfig/JDBCSystemResources/ClaimsDS/JDBCResource/ClaimsDS/JDBCDriverParams/ClaimsDS> ls()
-r--   DriverName                                   oracle.jdbc.xa.client.OracleXADataSource
-r--   Password                                     ******
-r--   PasswordEncrypted                            {AES256}{=S}
-r--   Url                                          jdbc:oracle:thin:@//{=orahost}:1521/{=orasid}""",
   "oracle.jdbc.xa.client.OracleXADataSource")
_t(TO, "jboss-cli-read-resource-dmr", "pw",
   """[standalone@{=washost}:9990 /] /subsystem=datasources/data-source=OracleDS:read-resource
{
    "outcome" => "success",
    "result" => {
        "connection-url" => "jdbc:oracle:thin:@{=orahost}:1521:{=orasid}",
        "driver-name" => "ojdbc8",
        "jndi-name" => "java:jboss/datasources/OracleDS",
        "password" => "{=S}",
        "user-name" => "{=orauser}"
    }
}""", "java:jboss/datasources/OracleDS")
_t(TO, "wsadmin-adminconfig-show-authdata", "wasxor",
   """wsadmin>print AdminConfig.show(AdminConfig.getid('/Cell:{=lpar}Cell01/Security:/JAASAuthData:/'))
[alias {=lpar}CellManager01/db2zAuth]
[description "DB2 z/OS for claims"]
[password {xor}{=S}]
[userId {=racfid}]""", "db2zAuth")
_t(TO, "ftp-debug-pass-echo", "racf",
   """ftp> debug
Debugging on (debug=1).
ftp> open {=mfhost}
Connected to {=mfhost}.
220-FTPD1 IBM FTP CS V2R5 at {=lpar}, {=time} on {=date}.
---> USER {=racfid}
331 Send password please.
---> PASS {=S}
230 {=racfid} is logged on.  Working directory is "{=racfid}.".""", "IBM FTP CS V2R5")
_t(TO, "curl-verbose-basic-header", "basic",
   """$ curl -v https://{=washost}:9443/ibm/console/ 2>&1 | grep '^>'
> GET /ibm/console/ HTTP/1.1
> Host: {=washost}:9443
> Authorization: Basic {=S}
> User-Agent: curl/7.61.1""", "/ibm/console/")
_t(TO, "oauth-token-endpoint-response", "jwt",
   """$ curl -s -X POST https://{=app}.authentication.eu10.hana.ondemand.com/oauth/token -d grant_type=client_credentials | jq .
{
  "access_token": "{=S}",
  "token_type": "bearer",
  "expires_in": 43199,
  "scope": "uaa.resource",
  "jti": "{=hex8}"
}""", '"token_type": "bearer"')
_t(TO, "cmd-set-output", "pw",
   r"""C:\jobs> set
COMPUTERNAME={=winhost}
ProgramData=C:\ProgramData
SQLPWD={=S}
SQLSERVER={=winhost}\LEGACY
USERDOMAIN={=dom}""", "COMPUTERNAME={=winhost}")
_t(TO, "powershell-env-table", "pw",
   """PS C:\\> Get-ChildItem Env: | Where-Object Name -like 'INFA*'

Name                           Value
----                           -----
INFA_DOMAINS_FILE              D:\\Informatica\\10.5\\domains.infa
INFA_DEFAULT_DOMAIN_USER       Administrator
INFA_DEFAULT_DOMAIN_PASSWORD   {=S}""", "INFA_DOMAINS_FILE")
_t(TO, "docker-compose-config-render", "pw",
   """$ docker compose config
services:
  oracle-xe:
    environment:
      ORACLE_PASSWORD: {=S}
      APP_USER: claims
    image: gvenzl/oracle-xe:21-slim""", "gvenzl/oracle-xe:21-slim")
_t(TO, "helm-get-values-output", "pw",
   """$ helm get values claims -n legacy
USER-SUPPLIED VALUES:
oracle:
  host: {=orahost}
  password: {=S}
  service: {=orasid}""", "USER-SUPPLIED VALUES")
_t(TO, "ispf-browse-parm-member", "racf",
   """ BROWSE    {=hlq}.ETL.PARMS(SFTPCFG) - 01.02             Line 0000000000 Col 001 080
 ********************************* Top of Data **********************************
HOST={=host}
USER=ACHXFER
PASS={=S}
REMOTEDIR=/inbound
 ******************************** Bottom of Data ********************************""",
   "{=hlq}.ETL.PARMS(SFTPCFG)")
_t(TO, "jes-joblog-exec-parm-positional", "racf",
   """ J E S 2  J O B  L O G  --  S Y S T E M  {=lpar}  --  N O D E  N1
 02.00.11 JOB{=num} ---- {=date} ----
 02.00.11 JOB{=num}  $HASP373 {=job} STARTED - INIT 3    - CLASS A        - SYS {=lpar}
         2 //UNLOAD   EXEC PGM=DBLOADR,PARM='{=db2db},ETLUSR,{=S}'""",
   "$HASP373 {=job} STARTED")
_t(TO, "ibmi-joblog-runrmtcmd", "racfa",
   """  5770SS1 V7R4M0  190412                 Display Job Log                    {=ibmihost}  {=date}
  Job name . . . . . . . . . . :   QPADEV0012      User  . . . . . . :   {=ibmiuser}
  RUNRMTCMD CMD('cmd /c D:\\scripts\\push_edi.cmd') RMTLOCNAME('{=winhost}' *IP) RMTUSER({=svc}) RMTPWD('{=S}')
  Command RUNRMTCMD completed successfully.""", "Display Job Log")
_t(TO, "crontab-list-output", "pw",
   """$ crontab -l
# m h dom mon dow command
0 2 * * * /opt/etl/bin/run_extract.sh -u etl -p '{=S}' >> /var/log/etl/extract.log 2>&1
30 6 * * 1 /opt/etl/bin/weekly_report.sh""", "weekly_report.sh")
_t(TO, "systemctl-cat-unit-environment", "pw",
   """$ systemctl cat wls-nodemanager.service
# /etc/systemd/system/wls-nodemanager.service
[Service]
Type=simple
User=oracle
Environment=NM_USER=nodemgr
Environment=NM_PASS={=S}
ExecStart=/u01/domains/claims/bin/startNodeManager.sh""", "wls-nodemanager.service")
_t(TO, "proc-environ-java-opts", "pw",
   """$ sudo cat /proc/{=pid}/environ | tr '\\0' '\\n' | grep JAVA_OPTS
JAVA_OPTS=-Xms2g -Xmx4g -Dweblogic.Name=claims_ms1 -Dweblogic.management.username=weblogic -Dweblogic.management.password={=S}""",
   "-Dweblogic.Name=claims_ms1")
_t(TO, "jps-v-jvm-args", "pw",
   """$ jps -v | grep Server
{=pid} Server -Xms1024m -Xmx2048m -Dwls.admin.pass={=S} -Dweblogic.home=/u01/oracle/wlserver/server""",
   "-Dweblogic.home=")
_t(TO, "python-repl-config-dict", "pw",
   """>>> cfg = load_cfg("prd")
>>> cfg
{'ashost': '{=saphost}', 'sysnr': '{=nr}', 'client': '{=client}', 'user': '{=sapuser}', 'passwd': '{=S}', 'lang': 'EN'}""",
   "'ashost': '{=saphost}'")
_t(TO, "git-show-env-file-added", "pw",
   """$ git show {=hex8} -- .env
commit {=hex8}{=hex8_2}{=hex8_3}{=hex8_4}{=hex8_5}
Author: {=person} <{=person_l}@{=domain}>

    wip sap connector

diff --git a/.env b/.env
+SAP_ASHOST={=saphost}
+SAP_PASSWORD={=S}""", "wip sap connector")
_t(TO, "diff-config-versions-new-literal", "pw",
   """$ diff gl.properties.bak gl.properties
7c7
< db.password=${GL_DB_PASSWORD}
---
> db.password={=S}""", "gl.properties.bak")
_t(TO, "mkstore-viewentry-output", "pw",
   """$ mkstore -wrl /u01/app/oracle/wallet -viewEntry oracle.security.client.password1
Oracle Secret Store Tool Release 19.0.0.0.0 - Production
Enter wallet password:
oracle.security.client.password1 = {=S}""", "Oracle Secret Store Tool")
_t(TO, "openssl-pkcs12-info-nodes-key", "pem_pk8",
   """$ openssl pkcs12 -in {=app}.p12 -nodes -passin env:P12PASS | sed -n '/BEGIN PRIVATE/,/END PRIVATE/p'
-----BEGIN PRIVATE KEY-----
{=S}
-----END PRIVATE KEY-----""", "openssl pkcs12 -in {=app}.p12")
_t(TO, "cat-id-rsa-output", "pem_ossh",
   """$ cat ~{=user}/.ssh/id_ed25519
-----BEGIN OPENSSH PRIVATE KEY-----
{=S}
-----END OPENSSH PRIVATE KEY-----""", "-----BEGIN OPENSSH PRIVATE KEY-----")
_t(TO, "az-get-access-token-json", "jwt",
   """$ az account get-access-token --resource https://database.windows.net
{
  "accessToken": "{=S}",
  "expiresOn": "{=date} {=time}.000000",
  "subscription": "{=uuid_ctx}",
  "tokenType": "Bearer"
}""", '"tokenType": "Bearer"')
_t(TO, "gcloud-print-access-token", "ya29",
   """$ gcloud auth print-access-token --impersonate-service-account=etl-runner@legacy-dw.iam.gserviceaccount.com
WARNING: This command is using service account impersonation.
{=S}""", "etl-runner@legacy-dw.iam.gserviceaccount.com")
_t(TO, "kubectl-config-view-raw-token", "jwt",
   """$ kubectl config view --raw --minify
users:
- name: deploy-bot
  user:
    token: {=S}""", "name: deploy-bot")
_t(TO, "strace-write-pass", "pw",
   """$ strace -f -e trace=write -p {=pid} 2>&1 | head -3
write(3, "USER ach_xfer\\r\\n", 15)         = 15
write(3, "PASS {=S}\\r\\n", 40) = 40""", 'write(3, "USER ach_xfer')
_t(TO, "tcpdump-ascii-ftp-pass", "upw",
   """$ sudo tcpdump -A -i eth0 port 21 | grep -E 'USER|PASS'
E..C..@.@.......{=ip} USER ach_xfer
E..K..@.@.......{=ip2} PASS {=S}""", "port 21")
_t(TO, "redis-config-get-requirepass", "an40",
   """{=host}:6379> CONFIG GET requirepass
1) "requirepass"
2) "{=S}"
""", "CONFIG GET requirepass")
_t(TO, "docker-history-no-trunc-env", "pw",
   """$ docker history --no-trunc registry.{=domain}/legacy/claims-was:{=ver} | grep ENV
<missing>   3 months ago   /bin/sh -c #(nop)  ENV ORACLE_PWD={=S}   0B""",
   "legacy/claims-was:{=ver}")
_t(TO, "pip-config-list-index-url", "upw",
   """$ pip config list
global.index-url='https://{=user}:{=S}@nexus.{=domain}/repository/pypi-all/simple'
global.trusted-host='nexus.{=domain}'""", "global.trusted-host")
_t(TO, "git-config-list-remote-creds", "upw",
   """$ git config --list --show-origin | grep url
file:.git/config        remote.origin.url=https://svc-build:{=S}@bitbucket.{=domain}/scm/mf/jcl-library.git""",
   "jcl-library.git")
_t(TO, "pmpasswd-encrypted-output", "encb64",
   """$ ./pmpasswd 'not-shown' -e CRYPT_DATA

Informatica PowerMart Encryption Utility, 64-bit
Copyright (c) Informatica Corporation 1996-2021
All Rights Reserved

Encrypted string -->{=S}<--""", "Informatica PowerMart Encryption Utility")
_t(TO, "jenkins-script-console-decrypt", "pw",
   """Script Console  (https://jenkins.{=domain}/script)
println(hudson.util.Secret.fromString(c.password.encryptedValue).getPlainText())

Result
{=S}""", "Script Console")
_t(TO, "cisco-show-run-username", "upw",
   """mf-core-sw01#show running-config | include username
username admin privilege 15 password 0 {=S}
username netops privilege 15 view ops""", "mf-core-sw01")
_t(TO, "reg-query-winlogon-defaultpassword", "pw",
   r"""C:\> reg query "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon" /v DefaultPassword

HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon
    DefaultPassword    REG_SZ    {=S}""", "Winlogon")
_t(TO, "consul-kv-get-raw", "pw",
   """$ consul kv get config/etl/{=env_l}/ftp_password
{=S}""", "consul kv get")
_t(TO, "macos-security-find-generic-password", "pw",
   """$ security find-generic-password -s "AS400-{=env}" -a {=ibmiuser} -w
{=S}""", "find-generic-password")
_t(TO, "set-command-ksh-variables", "racf",
   """$ set | grep -E '^(MVS|TSO)'
MVSHOST={=mfhost}
TSOPW={=S}
TSOUSER={=racfid}""", "MVSHOST={=mfhost}")
_t(TO, "sqlcmd-query-linked-server-cfg", "pw",
   """1> SELECT name, remote_user, remote_pwd FROM dbo.etl_endpoints WHERE name = 'SAPBW';
2> GO
name       remote_user     remote_pwd
---------- --------------- ------------------------------
SAPBW      RFC_BW          {=S}

(1 rows affected)""", "dbo.etl_endpoints")
_t(TO, "hdbsql-select-remote-source-config", "pw",
   """hdbsql SYSTEMDB=> SELECT SOURCE_NAME, CONNECTION_INFO FROM Z_ADMIN.REMOTE_SOURCE_NOTES;
SOURCE_NAME,CONNECTION_INFO
"ECC_PRD","user=SDA_READ;password={=S};host={=saphost}"
1 row selected (overall time 3211 usec)""", "Z_ADMIN.REMOTE_SOURCE_NOTES")
_t(TO, "cat-netrc-output", "racf",
   """$ cat ~/.netrc
machine {=mfhost}
  login {=racfid}
  password {=S}""", "login {=racfid}")
_t(TO, "ctm-config-output-json", "pw",
   """$ ctm config server:agent::get ctmsrv01 {=host}
{
  "nodeid": "{=host}",
  "runAs": "ctmagent",
  "runAsPassword": "{=S}",
  "operatingSystem": "Linux-x86_64"
}""", '"operatingSystem": "Linux-x86_64"')
_t(TO, "nmap-http-brute-found", "pw",
   """PORT     STATE SERVICE
7001/tcp open  afs3-callback
| http-form-brute:
|   Accounts:
|     weblogic:{=S} - Valid credentials
|_  Statistics: Performed 112 guesses in 41 seconds""", "7001/tcp open")
_t(TO, "wmic-process-commandline-sapshcut", "pw",
   r"""C:\> wmic process where "name='sapshcut.exe'" get commandline
CommandLine
"C:\Program Files (x86)\SAP\FrontEnd\SAPgui\sapshcut.exe" -sysname={=sid} -client={=client} -user=FIREFIGHT01 -pw={=S} -language=EN""",
   "-sysname={=sid}")
_t(TO, "ldapsearch-output-userpassword-plain", "pw",
   """# svc_portal, services, corp
dn: uid=svc_portal,ou=services,dc=corp
objectClass: inetOrgPerson
uid: svc_portal
userPassword: {=S}
description: WebSphere portal LDAP bind (legacy)""", "uid=svc_portal,ou=services,dc=corp")
_t(TO, "select-string-webconfig-hit", "pw",
   r"""PS D:\inetpub\claims> Select-String -Path .\web.config -Pattern "Password="

web.config:14:    <add name="ClaimsDb" connectionString="Data Source={=winhost}\LEGACY;Initial Catalog=Claims;User ID=claims_web;Password={=S}" providerName="System.Data.SqlClient" />""",
   'Initial Catalog=Claims')
_t(TO, "aws-configure-export-credentials", "awssec",
   """$ aws configure export-credentials --profile legacy-dw --format env
export AWS_ACCESS_KEY_ID={=akid}
export AWS_SECRET_ACCESS_KEY={=S}""", "--profile legacy-dw")
_t(TO, "cf-env-vcap-services", "pw",
   """$ cf env claims-api
System-Provided:
VCAP_SERVICES: {
  "user-provided": [
   {
    "credentials": {
     "host": "{=orahost}",
     "password": "{=S}",
     "service": "{=orasid}",
     "user": "claims_app"
    },
    "name": "claims-oracle"
   }
  ]
}""", '"name": "claims-oracle"')


# ============================================================ config-file
_t(CF, "pgpass-line", "pw",
   """# ~/.pgpass  (mode 0600)
{=host}:5432:billing:report:{=S}
*:5432:*:postgres:*""", "{=host}:5432:billing:report:")
_t(CF, "netrc-machine-single-line", "racf",
   "machine {=mfhost} login {=racfid} password {=S}\nmachine {=host} login anonymous",
   "machine {=mfhost} login {=racfid}")
_t(CF, "weblogic-boot-properties-plain", "pw",
   """# /u01/domains/claims/servers/AdminServer/security/boot.properties
username=weblogic
password={=S}""", "servers/AdminServer/security/boot.properties")
_t(CF, "weblogic-config-xml-nodemanager-encrypted", "wlsaes",
   """  <security-configuration>
    <name>claims_domain</name>
    <node-manager-username>nodemgr</node-manager-username>
    <node-manager-password-encrypted>{AES256}{=S}</node-manager-password-encrypted>
  </security-configuration>""", "<name>claims_domain</name>")
_t(CF, "weblogic-jdbc-module-password-encrypted", "wlsaes",
   """<jdbc-driver-params>
  <url>jdbc:oracle:thin:@//{=orahost}:1521/{=orasid}</url>
  <driver-name>oracle.jdbc.OracleDriver</driver-name>
  <properties><property><name>user</name><value>{=orauser}</value></property></properties>
  <password-encrypted>{AES}{=S}</password-encrypted>
</jdbc-driver-params>""", "oracle.jdbc.OracleDriver")
_t(CF, "websphere-security-xml-authdata-xor", "wasxor",
   """<authDataEntries xmi:id="JAASAuthData_1" alias="{=lpar}CellManager01/claimsDb2" userId="{=racfid}" password="{xor}{=S}" description="DB2 for z/OS - claims"/>""",
   'alias="{=lpar}CellManager01/claimsDb2"')
_t(CF, "websphere-soap-client-props-plain", "pw",
   """com.ibm.SOAP.securityEnabled=true
com.ibm.SOAP.loginUserid=wasadmin
com.ibm.SOAP.loginPassword={=S}
com.ibm.SOAP.requestTimeout=180""", "com.ibm.SOAP.requestTimeout=180")
_t(CF, "websphere-sas-client-props-xor", "wasxor",
   """com.ibm.CORBA.securityServerHost={=washost}
com.ibm.CORBA.loginUserid=wasadmin
com.ibm.CORBA.loginPassword={xor}{=S}""", "com.ibm.CORBA.securityServerHost={=washost}")
_t(CF, "jboss-standalone-datasource-security", "pw",
   """<datasource jndi-name="java:jboss/datasources/ClaimsDS" pool-name="ClaimsDS">
    <connection-url>jdbc:oracle:thin:@{=orahost}:1521:{=orasid}</connection-url>
    <driver>oracle</driver>
    <security>
        <user-name>claims_app</user-name>
        <password>{=S}</password>
    </security>
</datasource>""", "java:jboss/datasources/ClaimsDS")
_t(CF, "tomcat-users-xml-manager", "pw",
   """<tomcat-users>
  <role rolename="manager-gui"/>
  <user username="manager" password="{=S}" roles="manager-gui,manager-script"/>
</tomcat-users>""", 'username="manager"')
_t(CF, "tomcat-server-xml-resource-password", "pw",
   """<Resource name="jdbc/LegacyDB" auth="Container" type="javax.sql.DataSource"
          driverClassName="oracle.jdbc.OracleDriver"
          url="jdbc:oracle:thin:@{=orahost}:1521:{=orasid}"
          username="{=orauser}" password="{=S}" maxTotal="20"/>""", "jdbc/LegacyDB")
_t(CF, "tomcat-connector-keystorepass", "pw",
   """<Connector port="8443" protocol="org.apache.coyote.http11.Http11NioProtocol" SSLEnabled="true"
           keystoreFile="conf/{=app}.jks" keystorePass="{=S}"
           clientAuth="false" sslProtocol="TLS"/>""", 'port="8443"')
_t(CF, "webconfig-connectionstrings-password", "pw",
   """<connectionStrings>
  <add name="PolicyDb" connectionString="Data Source={=winhost};Initial Catalog=Policy;User ID=policy_web;Password={=S};" providerName="System.Data.SqlClient" />
</connectionStrings>""", 'name="PolicyDb"')
_t(CF, "webconfig-machinekey-decryptionkey", "hex48",
   """<system.web>
  <machineKey validation="HMACSHA256" decryption="AES" validationKey="AutoGenerate,IsolateApps" decryptionKey="{=S}" />
</system.web>""", 'decryption="AES"')
_t(CF, "sapnwrfc-ini-dest", "pw",
   """DEST={=sid}
ASHOST={=saphost}
SYSNR={=nr}
CLIENT={=client}
USER={=sapuser}
PASSWD={=S}
LANG=EN
TRACE=0""", "ASHOST={=saphost}")
_t(CF, "jco-destination-file", "pw",
   """#for tests only !
jco.client.lang=en
jco.client.client={=client}
jco.client.passwd={=S}
jco.client.user={=sapuser}
jco.client.sysnr={=nr}
jco.client.ashost={=saphost}""", "jco.client.ashost={=saphost}")
_t(CF, "odbc-ini-ibmi-dsn", "racfa",
   """[AS400PRD]
Description = IBM i production
Driver      = IBM i Access ODBC Driver 64-bit
System      = {=ibmihost}
UserID      = {=ibmiuser}
Password    = {=S}
DefaultLibraries = {=lib},QGPL""", "System      = {=ibmihost}")
_t(CF, "db2cli-ini-section", "upw",
   """[{=db2db}]
Database={=db2db}
Protocol=TCPIP
Hostname={=mfhost}
ServiceName=446
UID={=racfid}
PWD={=S}""", "Hostname={=mfhost}")
_t(CF, "informatica-parameter-file-ftp-pass", "pw",
   """[{=folder}.WF:{=wf}.ST:s_m_push_to_bank]
$DBConnection_SRC=ORA_{=orasid}
$$FTP_HOST={=host}
$$FTP_USER=ach_xfer
$$FTP_PASS={=S}
$$RUN_DATE={=date}""", "$DBConnection_SRC=ORA_{=orasid}")
_t(CF, "jcl-job-card-password", "racf",
   """//{=job} JOB (4711,PAY),'PAYROLL RUN',CLASS=A,MSGCLASS=X,
//         USER=PAYBAT1,PASSWORD={=S},NOTIFY=&SYSUID
//STEP010  EXEC PGM=PAYCALC
//PAYIN    DD DSN={=dsn},DISP=SHR""", "EXEC PGM=PAYCALC")
_t(CF, "jcl-ftp-sysin-unlabelled", "racf",
   """//FTPSTEP  EXEC PGM=FTP,PARM='(EXIT TIMEOUT 60'
//SYSPRINT DD SYSOUT=*
//INPUT    DD *
{=host}
ACHXFER
{=S}
ascii
put '{=dsn}' ach_{=date_c}.txt
quit
/*""", "EXEC PGM=FTP")
_t(CF, "ctg-ini-keyringpw", "pw",
   """SECTION GATEWAY
   protocol@ssl.handler=com.ibm.ctg.server.SslHandler
   protocol@ssl.parameters=port=8573;keyring=/opt/ibm/cicstg/ctg.jks;keyringpw={=S};clientauth=on;
ENDSECTION""", "com.ibm.ctg.server.SslHandler")
_t(CF, "mqweb-liberty-basic-registry", "pw",
   """<basicRegistry id="basic" realm="defaultRealm">
    <user name="mqadmin" password="{=S}"/>
    <group name="MQWebAdminGroup"><member name="mqadmin"/></group>
</basicRegistry>""", "MQWebAdminGroup")
_t(CF, "liberty-server-xml-keystore-password", "pw",
   """<server description="claims liberty">
    <keyStore id="defaultKeyStore" location="key.p12" type="PKCS12" password="{=S}"/>
    <httpEndpoint id="defaultHttpEndpoint" httpsPort="9443"/>
</server>""", 'httpsPort="9443"')
_t(CF, "liberty-datasource-db2jcc-properties", "racf",
   """<dataSource id="claimsDB" jndiName="jdbc/claims">
    <jdbcDriver libraryRef="DB2JCCLib"/>
    <properties.db2.jcc databaseName="{=db2db}" serverName="{=mfhost}" portNumber="446"
                        user="{=racfid}" password="{=S}" currentSchema="CLAIMS"/>
</dataSource>""", 'jndiName="jdbc/claims"')
_t(CF, "liberty-bootstrap-properties", "pw",
   """# bootstrap.properties
default.http.port=9080
keystore_password={=S}
com.ibm.ws.logging.trace.specification=*=info""", "default.http.port=9080")
_t(CF, "persistence-xml-jdbc-password", "pw",
   """<persistence-unit name="policyPU" transaction-type="RESOURCE_LOCAL">
  <properties>
    <property name="javax.persistence.jdbc.url" value="jdbc:db2://{=mfhost}:446/{=db2db}"/>
    <property name="javax.persistence.jdbc.user" value="{=racfid}"/>
    <property name="javax.persistence.jdbc.password" value="{=S}"/>
  </properties>
</persistence-unit>""", 'name="policyPU"')
_t(CF, "spring-applicationcontext-bean-password", "pw",
   """<bean id="glDataSource" class="org.apache.commons.dbcp.BasicDataSource" destroy-method="close">
    <property name="driverClassName" value="oracle.jdbc.OracleDriver"/>
    <property name="url" value="jdbc:oracle:thin:@{=orahost}:1521:{=orasid}"/>
    <property name="username" value="gl_app"/>
    <property name="password" value="{=S}"/>
</bean>""", 'id="glDataSource"')
_t(CF, "hibernate-cfg-connection-password", "pw",
   """<session-factory>
    <property name="connection.driver_class">com.ibm.as400.access.AS400JDBCDriver</property>
    <property name="connection.url">jdbc:as400://{=ibmihost};naming=system;libraries={=lib}</property>
    <property name="connection.username">{=ibmiuser}</property>
    <property name="connection.password">{=S}</property>
</session-factory>""", "com.ibm.as400.access.AS400JDBCDriver")
_t(CF, "log4j-smtpappender-password", "pw",
   """<appender name="MAIL" class="org.apache.log4j.net.SMTPAppender">
    <param name="SMTPHost" value="smtp.{=domain}"/>
    <param name="SMTPUsername" value="alerts-claims"/>
    <param name="SMTPPassword" value="{=S}"/>
    <param name="To" value="claims-ops@{=domain}"/>
</appender>""", "org.apache.log4j.net.SMTPAppender")
_t(CF, "spring-application-properties", "pw",
   """spring.datasource.url=jdbc:oracle:thin:@//{=orahost}:1521/{=orasid}
spring.datasource.username={=orauser}
spring.datasource.password={=S}
spring.jpa.hibernate.ddl-auto=none""", "spring.jpa.hibernate.ddl-auto=none")
_t(CF, "spring-application-yml-nested", "pw",
   """spring:
  datasource:
    url: jdbc:db2://{=mfhost}:446/{=db2db}
    username: {=racfid}
    password: "{=S}"
  jpa:
    open-in-view: false""", "open-in-view: false")
_t(CF, "dotenv-sap-rfc-passwd", "pw",
   """# .env  (local dev against QAS)
SAP_ASHOST={=saphost}
SAP_SYSNR={=nr}
SAP_CLIENT={=client}
SAP_USER={=sapuser}
SAP_RFC_PASSWD={=S}""", "SAP_ASHOST={=saphost}")
_t(CF, "docker-compose-environment-list", "pw",
   """services:
  db:
    image: container-registry.oracle.com/database/enterprise:19.3.0.0
    environment:
      - ORACLE_SID={=orasid}
      - ORACLE_PWD={=S}
    ports:
      - "1521:1521\"""", "ORACLE_SID={=orasid}")
_t(CF, "ansible-group-vars-plaintext", "pw",
   """# group_vars/oracle_prod.yml
oracle_base: /u01/app/oracle
oracle_sid: {=orasid}
oracle_sys_password: "{=S}"
oracle_listener_port: 1521""", "oracle_listener_port: 1521")
_t(CF, "ansible-inventory-ssh-pass", "pw",
   """[aix_batch]
{=host} ansible_user=batchops ansible_ssh_pass={=S} ansible_python_interpreter=/opt/freeware/bin/python3""",
   "[aix_batch]")
_t(CF, "terraform-tfvars-db-admin-password", "pw",
   """region            = "eu-frankfurt-1"
adb_display_name  = "DWH_{=env}"
db_admin_password = "{=S}"
cpu_core_count    = 2""", 'adb_display_name  = "DWH_{=env}"')
_t(CF, "hcl-provider-oci-private-key-password", "pw",
   """provider "oci" {
  tenancy_ocid         = var.tenancy_ocid
  user_ocid            = var.user_ocid
  fingerprint          = var.fingerprint
  private_key_path     = "~/.oci/oci_api_key.pem"
  private_key_password = "{=S}"
  region               = "eu-frankfurt-1"
}""", 'provider "oci"')
_t(CF, "toml-database-section", "pw",
   """[database]
driver = "oracle"
dsn = "{=orahost}:1521/{=orasid}"
user = "{=orauser}"
password = "{=S}"

[export]
path = "/data/export\"""", 'driver = "oracle"')
_t(CF, "vb6-app-ini-connection", "pw",
   r"""[Connection]
Provider=MSDAORA.1
DataSource={=tns}
UserID=clm_client
Pwd={=S}
[Paths]
Reports=\\{=winhost}\reports""", "Provider=MSDAORA.1")
_t(CF, "peoplesoft-psappsrv-cfg-userpswd", "pw",
   """[Startup]
;=========================================================================
; Database Signon settings
;=========================================================================
DBName=HR{=env}
DBType=ORACLE
UserId=PS
UserPswd={=S}
ConnectId=people""", "DBType=ORACLE")
_t(CF, "oracle-formsweb-cfg-userid", "upw",
   """[claims]
form=CLM001.fmx
userid=clm_app/{=S}@{=tns}
envFile=claims.env
lookAndFeel=oracle""", "form=CLM001.fmx")
_t(CF, "oracle-reports-cgicmd-dat-key", "upw",
   """; cgicmd.dat key mappings
rpt_gl: userid=gl_rpt/{=S}@{=tns} destype=cache desformat=PDF server=rep_{=host_l} %*""",
   "destype=cache desformat=PDF")
_t(CF, "mod-plsql-dads-conf-password", "pw",
   """<Location /pls/apex_legacy>
  SetHandler pls_handler
  PlsqlDatabaseUsername   APEX_PUBLIC_USER
  PlsqlDatabasePassword   {=S}
  PlsqlDatabaseConnectString {=orahost}:1521:{=orasid} ServiceNameFormat
</Location>""", "/pls/apex_legacy")
_t(CF, "goldengate-extract-prm-userid-password", "upw",
   """EXTRACT EXTFIN
SETENV (ORACLE_SID = "{=orasid}")
USERID ggadmin@{=tns}, PASSWORD {=S}
EXTTRAIL ./dirdat/ef
TABLE GL.*;""", "EXTRACT EXTFIN")
_t(CF, "ssis-dtsconfig-configured-value", "pw",
   r"""<Configuration ConfiguredType="Property" Path="\Package.Connections[SAPBW_SRC].Properties[Password]" ValueType="String">
  <ConfiguredValue>{=S}</ConfiguredValue>
</Configuration>""", "SAPBW_SRC")
_t(CF, "saprouttab-permit-with-password", "an16",
   """# saprouttab  -  SAP router permission table
P  {=ip}   {=saphost}   32{=nr}   {=S}
P  10.20.*.*     *   *
D  *   *   *""", "saprouttab")
_t(CF, "sap-pi-channel-export-attribute", "pw",
   """<CommunicationChannel name="CC_SFTP_BANK_RECEIVER" adapterType="SFTP">
  <ChannelAttribute name="server" value="sftp.bank.example"/>
  <ChannelAttribute name="user" value="sap_pi_out"/>
  <ChannelAttribute name="password" value="{=S}"/>
</CommunicationChannel>""", "CC_SFTP_BANK_RECEIVER")
_t(CF, "maven-settings-server-password", "pw",
   """<servers>
  <server>
    <id>nexus-releases</id>
    <username>deploy</username>
    <password>{=S}</password>
  </server>
</servers>""", "<id>nexus-releases</id>")
_t(CF, "npmrc-underscore-auth", "basic",
   """registry=https://nexus.{=domain}/repository/npm-all/
//nexus.{=domain}/repository/npm-all/:_auth={=S}
always-auth=true""", "always-auth=true")
_t(CF, "pip-conf-index-url-userinfo", "upw",
   """[global]
index-url = https://{=user}:{=S}@artifactory.{=domain}/artifactory/api/pypi/pypi-remote/simple
timeout = 60""", "timeout = 60")
_t(CF, "docker-config-json-auth", "basic",
   """{
  "auths": {
    "registry.{=domain}": {
      "auth": "{=S}"
    }
  }
}""", '"registry.{=domain}"')
_t(CF, "kubeconfig-user-token", "jwt",
   """apiVersion: v1
kind: Config
users:
- name: legacy-ci
  user:
    token: {=S}
contexts:
- context: {cluster: ocp-prd, user: legacy-ci}
  name: legacy""", "name: legacy-ci")
_t(CF, "pypirc-repository-password", "pw",
   """[distutils]
index-servers = nexus

[nexus]
repository = https://nexus.{=domain}/repository/pypi-internal/
username = uploader
password = {=S}""", "index-servers = nexus")
_t(CF, "gradle-properties-nexus-password", "pw",
   """org.gradle.jvmargs=-Xmx2g
nexusUsername=ci-deployer
nexusPassword={=S}""", "nexusUsername=ci-deployer")
_t(CF, "postfix-sasl-passwd-line", "pw",
   """# /etc/postfix/sasl_passwd
[smtp.relay.{=domain}]:587    batch-mailer@{=domain}:{=S}""", "/etc/postfix/sasl_passwd")
_t(CF, "fetchmailrc-poll-password", "pw",
   """poll mail.{=domain} protocol IMAP
    user "edi-inbox" password "{=S}" is edi here
    ssl sslproto TLS1.2""", "protocol IMAP")
_t(CF, "cifs-credentials-file", "pw",
   """# /root/.smb-finance.cred
username={=svc}
password={=S}
domain={=dom}""", "/root/.smb-finance.cred")
_t(CF, "jmxremote-password-file", "pw",
   """# jmxremote.password  (chmod 600)
monitorRole   {=S}
# controlRole disabled on prod""", "jmxremote.password")
_t(CF, "crontab-file-positional-args", "pw",
   """# /etc/cron.d/oracle-stats
15 1 * * 1-5 oracle /home/oracle/bin/gather_stats.sh {=orasid} system {=S} >/dev/null 2>&1""",
   "/etc/cron.d/oracle-stats")
_t(CF, "nslcd-conf-bindpw", "pw",
   """uri ldaps://{=ldaphost}/
base dc=corp
binddn cn=nslcd,ou=services,dc=corp
bindpw {=S}
ssl on""", "binddn cn=nslcd,ou=services,dc=corp")
_t(CF, "sssd-conf-default-authtok", "pw",
   """[domain/CORP]
id_provider = ldap
ldap_uri = ldaps://{=ldaphost}
ldap_default_bind_dn = cn=sssd,ou=services,dc=corp
ldap_default_authtok = {=S}""", "id_provider = ldap")
_t(CF, "apache-authldapbindpassword", "pw",
   """<Location /claims-admin>
  AuthType Basic
  AuthBasicProvider ldap
  AuthLDAPURL "ldaps://{=ldaphost}/ou=people,dc=corp?uid"
  AuthLDAPBindDN "cn=httpd,ou=services,dc=corp"
  AuthLDAPBindPassword "{=S}"
  Require ldap-group cn=claims-admins,ou=groups,dc=corp
</Location>""", "/claims-admin")
_t(CF, "nagios-resource-cfg-macro", "pw",
   """# Sets $USER3$ to the oracle monitoring password
$USER1$=/usr/lib64/nagios/plugins
$USER3$={=S}""", "$USER1$=/usr/lib64/nagios/plugins")
_t(CF, "zabbix-userparameter-sqlplus", "upw",
   """UserParameter=oracle.sessions[*],echo "select count(*) from v\\$session;" | sqlplus -s zbx_mon/{=S}@$1 | tail -2""",
   "UserParameter=oracle.sessions")
_t(CF, "logstash-jdbc-input-password", "pw",
   """input {
  jdbc {
    jdbc_driver_class => "com.ibm.db2.jcc.DB2Driver"
    jdbc_connection_string => "jdbc:db2://{=mfhost}:446/{=db2db}"
    jdbc_user => "{=racfid}"
    jdbc_password => "{=S}"
    schedule => "*/15 * * * *"
  }
}""", "com.ibm.db2.jcc.DB2Driver")
_t(CF, "filebeat-elasticsearch-password", "pw",
   """output.elasticsearch:
  hosts: ["https://elk.{=domain}:9200"]
  username: "beats_writer"
  password: "{=S}"
  ssl.verification_mode: full""", "beats_writer")
_t(CF, "webseald-conf-ldap-bind-pwd", "pw",
   """[ldap]
enabled = yes
host = {=ldaphost}
port = 636
bind-dn = cn=webseald/{=host},cn=SecurityDaemons,secAuthority=Default
bind-pwd = {=S}""", "secAuthority=Default")
_t(CF, "tws-useropts-password", "pw",
   """# TWS useropts for conman/composer
HOST = tws-mdm.{=domain}
PROTOCOL = https
PORT = 31116
USERNAME = twsadmin
PASSWORD = "{=S}\"""", "tws-mdm.{=domain}")
_t(CF, "quartz-properties-datasource-password", "pw",
   """org.quartz.dataSource.qzDS.driver = oracle.jdbc.OracleDriver
org.quartz.dataSource.qzDS.URL = jdbc:oracle:thin:@{=orahost}:1521:{=orasid}
org.quartz.dataSource.qzDS.user = quartz
org.quartz.dataSource.qzDS.password = {=S}""", "org.quartz.dataSource.qzDS.user = quartz")
_t(CF, "hadoop-core-site-s3a-secret", "awssec",
   """<property>
  <name>fs.s3a.access.key</name>
  <value>{=akid}</value>
</property>
<property>
  <name>fs.s3a.secret.key</name>
  <value>{=S}</value>
</property>""", "fs.s3a.secret.key")
_t(CF, "activemq-xml-simple-auth-user", "pw",
   """<simpleAuthenticationPlugin>
  <users>
    <authenticationUser username="esb" password="{=S}" groups="users,producers"/>
  </users>
</simpleAuthenticationPlugin>""", 'username="esb"')
_t(CF, "mule-app-properties-sftp", "pw",
   """sftp.host={=host}
sftp.port=22
sftp.user=mule_out
sftp.password={=S}
sap.jco.client={=client}""", "sftp.user=mule_out")
_t(CF, "oci-config-with-key-pass-phrase", "pw",
   """[DEFAULT]
user=ocid1.user.oc1..aaaaaaaa{=hex8}{=hex8_2}
fingerprint=3c:9a:{=hex8_l}
key_file=~/.oci/oci_api_key.pem
pass_phrase={=S}
tenancy=ocid1.tenancy.oc1..aaaaaaaa{=hex8_3}
region=eu-frankfurt-1""", "key_file=~/.oci/oci_api_key.pem")
_t(CF, "rsa-private-key-file-excerpt", "pem_rsa",
   """# opened: /opt/IBM/HTTPServer/conf/ssl/{=app}.key
-----BEGIN RSA PRIVATE KEY-----
{=S}
-----END RSA PRIVATE KEY-----""", "/opt/IBM/HTTPServer/conf/ssl/{=app}.key")
_t(CF, "ec-private-key-file-excerpt", "pem_ec",
   """-----BEGIN EC PRIVATE KEY-----
{=S}
-----END EC PRIVATE KEY-----""", "-----BEGIN EC PRIVATE KEY-----")
_t(CF, "cognos-cogstartup-plain-password", "pw",
   """<crn:parameter name="password">
    <crn:value xsi:type="cfg:credential">
        <credential><username>cognos_cs</username><password>{=S}</password></credential>
    </crn:value>
</crn:parameter>""", "cognos_cs")


# ============================================================ source-code
_t(SC, "cobol-working-storage-value-literal", "racf",
   """       WORKING-STORAGE SECTION.
       01  WS-DB2-AUTH.
           05  WS-DB2-USER         PIC X(08) VALUE 'ETLUSR'.
           05  WS-DB2-PASSWORD     PIC X(08) VALUE '{=S}'.
       01  WS-SQLCODE-DISP         PIC -(9)9.""", "WS-DB2-AUTH")
_t(SC, "cobol-move-literal-to-hostvar", "racf",
   """           MOVE '{=db2db}'   TO WS-LOCATION
           MOVE '{=racfid}' TO WS-AUTHID
           MOVE '{=S}' TO WS-PASSWD
           EXEC SQL
               CONNECT TO :WS-LOCATION USER :WS-AUTHID USING :WS-PASSWD
           END-EXEC.""", "CONNECT TO :WS-LOCATION")
_t(SC, "rexx-ftp-password-variable", "racf",
   """/* REXX - nightly ACH push to the bank                      */
ftp_host = '{=host}'
ftp_user = 'ACHXFER'
ftp_pw   = '{=S}'
queue ftp_user ftp_pw
queue 'put' "'"||dsn||"'" 'ach.txt'
"FTP" ftp_host "(EXIT\"""", "nightly ACH push")
_t(SC, "clist-set-password-symbol", "racf",
   """PROC 0 ENV(PROD)
CONTROL NOMSG NOLIST
SET &UID = {=racfid}
SET &PW  = {=S}
ALLOC F(SYSIN) DA('{=dsn}') SHR REUSE""", "CONTROL NOMSG NOLIST")
_t(SC, "ibmi-cl-dcl-value-password", "racfa",
   """             PGM
             DCL        VAR(&RMTUSR) TYPE(*CHAR) LEN(10) VALUE('{=svc}')
             DCL        VAR(&RMTPWD) TYPE(*CHAR) LEN(32) VALUE('{=S}')
             RUNRMTCMD  CMD('D:\\edi\\push.cmd') RMTLOCNAME('{=winhost}' *IP) +
                          RMTUSER(&RMTUSR) RMTPWD(&RMTPWD)
             ENDPGM""", "RUNRMTCMD")
_t(SC, "rpgle-free-dcl-c-password", "racfa",
   """**free
ctl-opt dftactgrp(*no) actgrp(*new);
dcl-c RDB 'DWHPRD';
dcl-c DB_USER 'ETLUSER';
dcl-c DB_PASSWORD '{=S}';
exec sql CONNECT TO :RDB USER :DB_USER USING :DB_PASSWORD;""", "ctl-opt dftactgrp(*no)")
_t(SC, "rpg-fixed-d-spec-const", "racfa",
   """     D RmtSys          C                   CONST('{=ibmihost}')
     D RmtUsr          C                   CONST('{=ibmiuser}')
     D RmtPwd          C                   CONST('{=S}')
     C                   CALLP     SndFtp(RmtSys:RmtUsr:RmtPwd)""", "CALLP     SndFtp")
_t(SC, "abap-bapi-user-change-password", "pw",
   """  ls_password-bapipwd  = '{=S}'.
  ls_passwordx-bapipwd = abap_true.
  CALL FUNCTION 'BAPI_USER_CHANGE'
    EXPORTING
      username  = 'WF-BATCH'
      password  = ls_password
      passwordx = ls_passwordx
    TABLES
      return    = lt_return.""", "BAPI_USER_CHANGE")
_t(SC, "abap-constants-string-password", "pw",
   """CLASS zcl_bank_sftp DEFINITION PUBLIC FINAL CREATE PUBLIC.
  PUBLIC SECTION.
    CONSTANTS gc_sftp_user TYPE string VALUE 'sap_pay_out'.
    CONSTANTS gc_sftp_pwd  TYPE string VALUE '{=S}'.""", "zcl_bank_sftp")
_t(SC, "abap-http-client-authenticate", "pw",
   """    cl_http_client=>create_by_url( EXPORTING url = 'https://{=host}/api/rates' IMPORTING client = lo_http ).
    lo_http->authenticate( username = 'ZINT_USER' password = '{=S}' ).
    lo_http->send( ).""", "cl_http_client=>create_by_url")
_t(SC, "pyrfc-connection-kwargs", "pw",
   """from pyrfc import Connection

conn = Connection(ashost='{=saphost}', sysnr='{=nr}', client='{=client}',
                  user='{=sapuser}', passwd='{=S}', lang='EN')
result = conn.call('STFC_CONNECTION', REQUTEXT='ping')""", "STFC_CONNECTION")
_t(SC, "python-cx-oracle-positional-connect", "pw",
   """import cx_Oracle

dsn = cx_Oracle.makedsn("{=orahost}", 1521, service_name="{=orasid}")
con = cx_Oracle.connect("gl_etl", "{=S}", dsn, encoding="UTF-8")""", "cx_Oracle.makedsn")
_t(SC, "python-oracledb-keyword-password", "pw",
   """pool = oracledb.create_pool(user="{=orauser}", password="{=S}",
                            dsn="{=orahost}/{=orasid}", min=2, max=8, increment=1)""",
   "oracledb.create_pool")
_t(SC, "java-drivermanager-getconnection", "pw",
   """    Connection c = DriverManager.getConnection(
        "jdbc:oracle:thin:@//{=orahost}:1521/{=orasid}", "apps", "{=S}");""",
   "DriverManager.getConnection")
_t(SC, "java-jt400-as400-constructor", "racfa",
   """AS400 system = new AS400("{=ibmihost}", "{=ibmiuser}", "{=S}");
CommandCall cmd = new CommandCall(system);
cmd.run("SBMJOB CMD(CALL PGM({=lib}/NIGHTLY)) JOB(NIGHTLY)");""", "new CommandCall(system)")
_t(SC, "java-jco-destination-properties", "pw",
   """Properties p = new Properties();
p.setProperty(DestinationDataProvider.JCO_ASHOST, "{=saphost}");
p.setProperty(DestinationDataProvider.JCO_CLIENT, "{=client}");
p.setProperty(DestinationDataProvider.JCO_USER, "{=sapuser}");
p.setProperty(DestinationDataProvider.JCO_PASSWD, "{=S}");""", "DestinationDataProvider.JCO_ASHOST")
_t(SC, "java-jndi-security-credentials", "pw",
   """Hashtable<String, String> env = new Hashtable<>();
env.put(Context.INITIAL_CONTEXT_FACTORY, "weblogic.jndi.WLInitialContextFactory");
env.put(Context.PROVIDER_URL, "t3://{=washost}:7001");
env.put(Context.SECURITY_PRINCIPAL, "jmsclient");
env.put(Context.SECURITY_CREDENTIALS, "{=S}");""", "weblogic.jndi.WLInitialContextFactory")
_t(SC, "java-jms-createconnection-literal", "pw",
   """QueueConnection qc = qcf.createQueueConnection("claims_app", "{=S}");
QueueSession qs = qc.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);""",
   "createQueueSession")
_t(SC, "java-mqenvironment-password-static", "pw",
   """MQEnvironment.hostname = "{=host}";
MQEnvironment.channel  = "CLAIMS.SVRCONN";
MQEnvironment.port     = 1414;
MQEnvironment.userID   = "mqclaims";
MQEnvironment.password = "{=S}";""", "CLAIMS.SVRCONN")
_t(SC, "java-static-final-sftp-pass", "pw",
   """public final class BankSftpConfig {
    private static final String SFTP_HOST = "{=host}";
    private static final String SFTP_USER = "ach_xfer";
    private static final String SFTP_PASS = "{=S}";
}""", "BankSftpConfig")
_t(SC, "java-jsch-setpassword", "pw",
   """Session session = jsch.getSession("{=user}", "{=host}", 22);
session.setPassword("{=S}");
session.setConfig("StrictHostKeyChecking", "no");""", "StrictHostKeyChecking")
_t(SC, "java-datasourcedefinition-annotation", "pw",
   """@DataSourceDefinition(name = "java:app/jdbc/policy",
        className = "com.ibm.db2.jcc.DB2XADataSource",
        serverName = "{=mfhost}", portNumber = 446, databaseName = "{=db2db}",
        user = "{=racfid}", password = "{=S}")""", "java:app/jdbc/policy")
_t(SC, "csharp-const-connection-string", "pw",
   """internal static class Db
{
    private const string ConnStr = "Data Source={=tns};User Id=rpt_ro;Password={=S};Pooling=true;";
}""", "internal static class Db")
_t(SC, "vb6-ado-connection-open", "pw",
   """Dim cn As New ADODB.Connection
cn.Open "Provider=MSDAORA;Data Source={=tns};User ID=gl;Password={=S};"
Set rs = cn.Execute("SELECT * FROM GL_BALANCES WHERE PERIOD='{=date}'")""",
   "Dim cn As New ADODB.Connection")
_t(SC, "vba-iseries-odbc-connectionstring", "racfa",
   """Sub RefreshOrders()
    Dim conn As Object
    Set conn = CreateObject("ADODB.Connection")
    conn.ConnectionString = "Driver={iSeries Access ODBC Driver};System={=ibmihost};Uid={=ibmiuser};Pwd={=S};DBQ={=lib}"
    conn.Open""", "Sub RefreshOrders()")
_t(SC, "classic-asp-dsn-pwd", "pw",
   """<%
Set Conn = Server.CreateObject("ADODB.Connection")
Conn.Open "DSN=CLAIMS;UID=web_claims;PWD={=S}"
%>""", 'Server.CreateObject("ADODB.Connection")')
_t(SC, "perl-dbi-connect-oracle", "pw",
   """my $dbh = DBI->connect("dbi:Oracle:{=tns}", "rpt", "{=S}",
                       { RaiseError => 1, AutoCommit => 0 })
    or die $DBI::errstr;""", "dbi:Oracle:{=tns}")
_t(SC, "perl-net-ftp-login", "racf",
   """my $ftp = Net::FTP->new("{=mfhost}", Debug => 0) or die "Cannot connect: $@";
$ftp->login("ACHXFER", "{=S}") or die "Cannot login ", $ftp->message;
$ftp->quot("SITE", "RECFM=FB LRECL=94");""", 'Net::FTP->new("{=mfhost}"')
_t(SC, "shell-script-variable-todo", "pw",
   """#!/bin/ksh
# nightly_unload.ksh
ORA_USER=dwh_load
DB_PASS="{=S}"   # TODO move to wallet before audit
sqlplus -s "$ORA_USER/$DB_PASS@{=tns}" @unload.sql""", "nightly_unload.ksh")
_t(SC, "ksh-sqlplus-heredoc-hardcoded", "upw",
   """sqlplus -s /nolog <<EOSQL >> $LOG 2>&1
connect batch_ops/{=S}@{=tns}
set feedback off
exec xx_close_pkg.run_period('{=date}');
EOSQL""", "xx_close_pkg.run_period")
_t(SC, "python-requests-auth-tuple", "pw",
   """resp = requests.get(
    "https://{=app}.service-now.example/api/now/table/change_request",
    auth=("svc_itsm", "{=S}"),
    params={"sysparm_limit": 50},
)""", "change_request")
_t(SC, "python-paramiko-connect-password", "pw",
   """client = paramiko.SSHClient()
client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
client.connect("{=host}", username="{=user}", password="{=S}", timeout=30)""",
   "paramiko.AutoAddPolicy()")
_t(SC, "python-ftplib-login", "racf",
   """ftp = ftplib.FTP("{=mfhost}")
ftp.login("{=racfid}", "{=S}")
ftp.sendcmd("SITE FILETYPE=JES")""", "SITE FILETYPE=JES")
_t(SC, "python-smtplib-login", "pw",
   """with smtplib.SMTP("smtp.{=domain}", 587) as s:
    s.starttls()
    s.login("batch-mailer@{=domain}", "{=S}")
    s.send_message(msg)""", "s.starttls()")
_t(SC, "groovy-sql-newinstance", "pw",
   """def sql = Sql.newInstance("jdbc:oracle:thin:@{=orahost}:1521:{=orasid}", "{=orauser}",
                          "{=S}", "oracle.jdbc.OracleDriver")""", "Sql.newInstance")
_t(SC, "plsql-create-database-link", "pw",
   """CREATE DATABASE LINK dwh_link
  CONNECT TO dwh_ro IDENTIFIED BY "{=S}"
  USING '{=tns}';""", "CREATE DATABASE LINK dwh_link")
_t(SC, "sql-alter-user-identified-by", "pw",
   """ALTER USER app_claims IDENTIFIED BY "{=S}" ACCOUNT UNLOCK;""", "ALTER USER app_claims")
_t(SC, "sql-create-user-unquoted", "racfa",
   """CREATE USER etl_stage IDENTIFIED BY {=S}
  DEFAULT TABLESPACE stage_data
  QUOTA UNLIMITED ON stage_data;""", "DEFAULT TABLESPACE stage_data")
_t(SC, "plsql-utl-http-set-authentication", "pw",
   """  l_req := UTL_HTTP.BEGIN_REQUEST('https://{=host}/soa/invoice', 'POST', 'HTTP/1.1');
  UTL_HTTP.SET_AUTHENTICATION(l_req, 'soa_user', '{=S}');""", "UTL_HTTP.BEGIN_REQUEST")
_t(SC, "plsql-dbms-credential-create", "pw",
   """BEGIN
  DBMS_CREDENTIAL.CREATE_CREDENTIAL(
    credential_name => 'OS_ORACLE_CRED',
    username        => 'oracle',
    password        => '{=S}');
END;
/""", "OS_ORACLE_CRED")
_t(SC, "tsql-sp-addlinkedsrvlogin", "pw",
   """EXEC master.dbo.sp_addlinkedsrvlogin
     @rmtsrvname = N'ORA_FIN', @useself = N'False',
     @locallogin = NULL, @rmtuser = N'gl_link', @rmtpassword = N'{=S}';""", "@rmtsrvname = N'ORA_FIN'")
_t(SC, "tsql-create-login-with-password", "pw",
   """CREATE LOGIN [ssis_runner] WITH PASSWORD = N'{=S}', CHECK_POLICY = OFF;""", "[ssis_runner]")
_t(SC, "db2-create-user-mapping-remote-password", "pw",
   """CREATE USER MAPPING FOR ETLUSER SERVER ORA_FIN
  OPTIONS (REMOTE_AUTHID 'gl_fed', REMOTE_PASSWORD '{=S}');""", "SERVER ORA_FIN")
_t(SC, "hana-create-user-password", "pw",
   """CREATE USER TECH_ETL PASSWORD "{=S}" NO FORCE_FIRST_PASSWORD_CHANGE;
ALTER USER TECH_ETL DISABLE PASSWORD LIFETIME;""", "DISABLE PASSWORD LIFETIME")
_t(SC, "hana-remote-source-credential", "upw",
   """CREATE REMOTE SOURCE "ECC_PRD" ADAPTER "hanaodbc"
  CONFIGURATION 'Driver=libodbcHDB.so;ServerNode={=saphost}:3{=nr}15'
  WITH CREDENTIAL TYPE 'PASSWORD' USING 'user=SDA_READ;password={=S}';""", '"ECC_PRD"')
_t(SC, "nodejs-oracledb-getconnection", "pw",
   """const conn = await oracledb.getConnection({
  user: "claims_api",
  password: "{=S}",
  connectString: "{=orahost}:1521/{=orasid}"
});""", "oracledb.getConnection")
_t(SC, "go-godror-dsn-backtick", "pw",
   """db, err := sql.Open("godror", `user="gl_reader" password="{=S}" connectString="{=orahost}:1521/{=orasid}"`)
if err != nil {
	log.Fatal(err)
}""", 'sql.Open("godror"')
_t(SC, "java-properties-put-db2jcc", "racf",
   """Properties props = new Properties();
props.put("user", "{=racfid}");
props.put("password", "{=S}");
props.put("sslConnection", "true");
Connection con = DriverManager.getConnection("jdbc:db2://{=mfhost}:446/{=db2db}", props);""",
   '"sslConnection", "true"')
_t(SC, "spring-value-annotation-default", "pw",
   """    @Value("${ldap.bind.password:{=S}}")
    private String ldapBindPassword;""", "ldapBindPassword")
_t(SC, "django-databases-dict", "pw",
   """DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.oracle",
        "NAME": "{=orahost}:1521/{=orasid}",
        "USER": "portal",
        "PASSWORD": "{=S}",
    }
}""", "django.db.backends.oracle")
_t(SC, "php-oci-connect-literal", "pw",
   """$conn = oci_connect('web_ro', '{=S}', '//{=orahost}:1521/{=orasid}', 'AL32UTF8');
if (!$conn) { trigger_error(oci_error()['message'], E_USER_ERROR); }""", "oci_connect(")
_t(SC, "powershell-convertto-securestring", "pw",
   """$pw   = ConvertTo-SecureString "{=S}" -AsPlainText -Force
$cred = New-Object System.Management.Automation.PSCredential ("{=dom}\\{=svc}", $pw)
Invoke-Command -ComputerName {=winhost} -Credential $cred -ScriptBlock { Restart-Service SQLAgent$LEGACY }""",
   "Restart-Service")
_t(SC, "windows-batch-set-then-sqlcmd", "pw",
   """@echo off
set SQLUSR=etl_loader
set SQLPWD={=S}
sqlcmd -S {=winhost} -U %SQLUSR% -P %SQLPWD% -i D:\\jobs\\load_gl.sql""", "set SQLUSR=etl_loader")
_t(SC, "jcl-proc-symbolic-default-password", "racf",
   """//DBUNLD   PROC SSID=DSNP,PWD='{=S}'
//UNLOAD   EXEC PGM=DSNUTILB,PARM='&SSID,UNLD01'
//SYSREC   DD DSN={=dsn},DISP=(NEW,CATLG)""", "PGM=DSNUTILB")
_t(SC, "sas-libname-oracle-password", "pw",
   """libname ora oracle user=sas_rpt password="{=S}" path={=tns} schema=GL;
proc sql; select count(*) from ora.gl_balances; quit;""", "libname ora oracle")
_t(SC, "sas-proc-sql-connect-db2", "racf",
   """proc sql;
  connect to db2 (ssid={=db2db} user={=racfid} password="{=S}");
  create table work.claims as select * from connection to db2 (select * from CLAIMS.CLM_HDR);
  disconnect from db2;
quit;""", "connect to db2 (ssid={=db2db}")
_t(SC, "expect-script-telnet-as400", "racfa",
   """#!/usr/bin/expect -f
spawn telnet {=ibmihost}
expect "User  . . ."
send "{=ibmiuser}\\t"
expect "Password  . ."
send "{=S}\\r"
expect "===>"
""", "spawn telnet {=ibmihost}")
_t(SC, "pcomm-vbscript-macro-sendkeys", "racf",
   """[PCOMM SCRIPT HEADER]
LANGUAGE=VBSCRIPT
[PCOMM SCRIPT SOURCE]
autECLSession.autECLPS.SendKeys "{=racfid}"
autECLSession.autECLPS.SendKeys "[tab]"
autECLSession.autECLPS.SendKeys "{=S}"
autECLSession.autECLPS.SendKeys "[enter]\"""", "PCOMM SCRIPT HEADER")
_t(SC, "python-ibm-db-connect-string", "racf",
   """conn = ibm_db.connect(
    "DATABASE={=db2db};HOSTNAME={=mfhost};PORT=446;PROTOCOL=TCPIP;UID={=racfid};PWD={=S};SECURITY=SSL;",
    "", "")""", "PROTOCOL=TCPIP")
_t(SC, "python-session-auth-attribute", "racf",
   """s = requests.Session()
s.auth = ("{=racfid}", "{=S}")
s.headers["X-CSRF-ZOSMF-HEADER"] = "true"
r = s.put(f"https://{=mfhost}/zosmf/restjobs/jobs", data=jcl)""", "X-CSRF-ZOSMF-HEADER")
_t(SC, "wlst-script-connect-literal", "pw",
   """# deploy_claims.py  (run with wlst.sh)
connect('weblogic', '{=S}', 't3://{=washost}:7001')
edit(); startEdit()
deploy('{=app}', '/stage/{=app}.ear', targets='ClaimsCluster')
save(); activate()""", "deploy_claims.py")
_t(SC, "wsadmin-jython-create-authdata", "pw",
   """AdminTask.createAuthDataEntry('[-alias db2zAuth -user {=racfid} -password {=S} -description "claims DB2"]')
AdminConfig.save()""", "AdminTask.createAuthDataEntry")
_t(SC, "jboss-cli-script-datasource-add", "pw",
   """data-source add --name=OracleDS --jndi-name=java:/jdbc/OracleDS --driver-name=ojdbc8 \\
  --connection-url=jdbc:oracle:thin:@{=orahost}:1521:{=orasid} \\
  --user-name={=orauser} --password={=S}""", "--jndi-name=java:/jdbc/OracleDS")
_t(SC, "ruby-net-ssh-start-password", "pw",
   """Net::SSH.start("{=host}", "{=user}", password: "{=S}", non_interactive: true) do |ssh|
  puts ssh.exec!("df -h /u01")
end""", 'ssh.exec!("df -h /u01")')
_t(SC, "proc-c-strcpy-password-varchar", "upw",
   """    strcpy((char *)username.arr, "gl_batch");
    username.len = strlen((char *)username.arr);
    strcpy((char *)password.arr, "{=S}");
    password.len = strlen((char *)password.arr);
    EXEC SQL CONNECT :username IDENTIFIED BY :password USING :dbstring;""", "EXEC SQL CONNECT :username")
_t(SC, "jsp-scriptlet-getconnection", "pw",
   """<%@ page import="java.sql.*" %>
<%
  Connection c = DriverManager.getConnection("jdbc:as400://{=ibmihost}/{=lib}", "WEBQRY", "{=S}");
%>""", 'page import="java.sql.*"')
_t(SC, "python-ldap3-connection-positional", "pw",
   """server = Server("ldaps://{=ldaphost}", use_ssl=True)
conn = Connection(server, "cn=svc_portal,ou=services,dc=corp", "{=S}", auto_bind=True)""",
   "cn=svc_portal,ou=services,dc=corp")
_t(SC, "javascript-jsp-inline-var", "pw",
   """<script type="text/javascript">
  // legacy reporting widget, talks to the BO web service directly
  var boUser = "rpt_widget";
  var boPass = '{=S}';
</script>""", "legacy reporting widget")
_t(SC, "kotlin-val-hardcoded-password", "pw",
   """object MqConfig {
    const val QMGR = "QM_CLAIMS"
    const val USER = "mqclaims"
    const val PASSWORD = "{=S}"
}""", 'const val QMGR = "QM_CLAIMS"')


# ===================================================== stack-trace-or-log
_t(LG, "tomcat-versionlogger-command-line-arg", "pw",
   """{=date} 06:14:02.118 INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Command line argument: -Dcatalina.base=/opt/tomcat/claims
{=date} 06:14:02.118 INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Command line argument: -Ddb.password={=S}
{=date} 06:14:02.119 INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Command line argument: -Djava.io.tmpdir=/opt/tomcat/claims/temp""",
   "VersionLoggerListener")
_t(LG, "java-sqlexception-url-with-creds", "upw",
   """java.sql.SQLRecoverableException: IO Error: The Network Adapter could not establish the connection (CONNECTION_ID=Xq1; url=jdbc:oracle:thin:gl_etl/{=S}@//{=orahost}:1521/{=orasid})
	at oracle.jdbc.driver.T4CConnection.logon(T4CConnection.java:854)
	at oracle.jdbc.driver.PhysicalConnection.connect(PhysicalConnection.java:793)""",
   "oracle.jdbc.driver.T4CConnection.logon")
_t(LG, "python-traceback-source-line-connect", "pw",
   """Traceback (most recent call last):
  File "/opt/etl/gl/load.py", line 42, in connect
    return cx_Oracle.connect("apps", "{=S}", dsn)
cx_Oracle.DatabaseError: ORA-12541: TNS:no listener""", "ORA-12541: TNS:no listener")
_t(LG, "requests-connectionerror-url-api-key", "an32",
   """requests.exceptions.ConnectionError: HTTPSConnectionPool(host='rates.{=domain}', port=443): Max retries exceeded with url: /v1/fx?base=EUR&api_key={=S} (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f3a1c>: Failed to establish a new connection: [Errno 111] Connection refused'))""",
   "rates.{=domain}")
_t(LG, "access-log-login-query-password", "upw",
   """{=ip} - - [{=date}:08:41:17 +0100] "GET /claims/login.do?user=jdoe&password={=S}&lang=de HTTP/1.1" 302 0 "-" "Mozilla/5.0 (Windows NT 10.0; Win64; x64)\"""",
   "/claims/login.do")
_t(LG, "iis-log-uri-query-token", "an40",
   """#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip sc-status
{=date} {=time} {=ip} GET /PolicyService/export.aspx format=csv&token={=S} 443 - {=ip2} 200""",
   "/PolicyService/export.aspx")
_t(LG, "weblogic-debug-jdbc-properties-map", "pw",
   """####<{=date} 02:13:44,812 CET> <Debug> <JDBCInternal> <{=washost}> <claims_ms1> <[ACTIVE] ExecuteThread: '4'> <<WLS Kernel>> <> <> <BEA-000000> <Creating connection for pool ClaimsDS, Properties={user=CLAIMS_APP, password={=S}, oracle.net.CONNECT_TIMEOUT=10000}>""",
   "<JDBCInternal>")
_t(LG, "websphere-systemout-jvm-args", "racf",
   """[{=date} 05:02:11:412 CET] 00000001 WsServerImpl  A   WSVR0001I: Server server1 open for e-business
[{=date} 05:02:09:118 CET] 00000001 ManagerAdmin  I   TRAS0017I: JVM arguments: -Xms512m -Xmx2048m -Dcom.ibm.db2.user={=racfid} -Dcom.ibm.db2.password={=S}""",
   "TRAS0017I")
_t(LG, "jboss-server-log-java-opts-echo", "pw",
   """=========================================================================
  JBoss Bootstrap Environment
  JBOSS_HOME: /opt/jboss-eap-7.2
  JAVA_OPTS:  -server -Xms2g -Xmx2g -Djboss.ds.password={=S} -Djava.net.preferIPv4Stack=true
=========================================================================""",
   "JBoss Bootstrap Environment")
_t(LG, "httpclient-headers-basic-debug", "basic",
   """{=date} 09:12:44,003 DEBUG [org.apache.http.headers] http-outgoing-3 >> POST /sap/opu/odata/sap/ZCLAIMS_SRV/ClaimSet HTTP/1.1
{=date} 09:12:44,003 DEBUG [org.apache.http.headers] http-outgoing-3 >> Authorization: Basic {=S}
{=date} 09:12:44,003 DEBUG [org.apache.http.headers] http-outgoing-3 >> Content-Type: application/json""",
   "ZCLAIMS_SRV")
_t(LG, "httpclient-wire-bearer-debug", "jwt",
   """DEBUG org.apache.http.wire - http-outgoing-0 >> "GET /api/v2/policies?status=OPEN HTTP/1.1[\\r][\\n]"
DEBUG org.apache.http.wire - http-outgoing-0 >> "Authorization: Bearer {=S}[\\r][\\n]"
DEBUG org.apache.http.wire - http-outgoing-0 >> "Host: {=washost}[\\r][\\n]\"""",
   "org.apache.http.wire")
_t(LG, "spring-boot-bind-failure-value", "pw",
   """***************************
APPLICATION FAILED TO START
***************************

Description:

Failed to bind properties under 'spring.datasource.password' to java.lang.String:

    Property: spring.datasource.password
    Value: "{=S}"
    Origin: class path resource [application-prod.yml] - 7:15
    Reason: java.lang.IllegalStateException: No converter found""",
   "APPLICATION FAILED TO START")
_t(LG, "hibernate-connection-properties-debug", "pw",
   """{=date} 10:01:55 DEBUG DriverManagerConnectionProviderImpl:76 - HHH10001001: Connection properties: {user=policy_app, password={=S}}
{=date} 10:01:55 INFO  DriverManagerConnectionProviderImpl:115 - HHH10001115: Connection pool size: 20 (min=1)""",
   "HHH10001115")
_t(LG, "syslog-sudo-command-sshpass", "pw",
   """{=date}T{=time}+01:00 {=host} sudo[{=pid}]:   oracle : TTY=pts/1 ; PWD=/home/oracle ; USER=root ; COMMAND=/usr/bin/sshpass -p {=S} scp /backup/rman/*.bkp backup@{=host2}:/vault/""",
   "TTY=pts/1")
_t(LG, "auditd-execve-argv", "upw",
   """type=EXECVE msg=audit({=num}.481:{=pid}): argc=4 a0="sqlplus" a1="-s" a2="system/{=S}@{=tns}" a3="@/tmp/grant.sql\"""",
   "type=EXECVE")
_t(LG, "bash-xtrace-curl-user", "pw",
   """+ NEXUS=https://nexus.{=domain}/repository/releases
+ curl -s -u svc_deploy:{=S} --upload-file target/{=app}-{=ver}.ear $NEXUS/com/acme/{=app}/{=ver}/
+ echo 'upload done'""", "upload done")
_t(LG, "zos-ftp-client-trace-pass", "racf",
   """EZA1450I IBM FTP CS V2R4
EZA1554I Connecting to:   {=host} port: 21.
220 (vsFTPd 3.0.3)
EZA1701I >>> USER {=racfid}
331 Please specify the password.
EZA1701I >>> PASS {=S}
230 Login successful.""", "EZA1450I")
_t(LG, "ceedump-local-variables", "racf",
   """CEE3207S The system detected a data exception (System Completion Code=0C7).
 Local Variables:
   6    01 WS-DB2-AUTH           AN-GR
   7      02 WS-DB2-USER         X(8)         DISP  'ETLUSR  '
   8      02 WS-DB2-PASSWORD     X(8)         DISP  '{=S}'""", "CEE3207S")
_t(LG, "sap-st22-source-extract", "pw",
   """Runtime Errors         CX_SY_OPEN_SQL_DB
Program                ZFI_BANK_UPLOAD
Source Code Extract
Line  SourceCde
   41 *  TODO: read from SSF
   42     lv_pwd = '{=S}'.
>>>>>     OPEN CONNECTION lv_url USER lv_user PASSWORD lv_pwd.""", "ZFI_BANK_UPLOAD")
_t(LG, "sap-icm-trace-authorization-basic", "basic",
   """[Thr 140227813] Mon {=date} 11:03:21:882 HttpParseRequestHeader: GET /sap/bc/srt/rfc/sap/zws_claims/{=client}/zws_claims/binding
[Thr 140227813] HttpParseRequestHeader: Authorization: Basic {=S}
[Thr 140227813] HttpParseRequestHeader: Host: {=saphost}:443""", "HttpParseRequestHeader")
_t(LG, "informatica-session-log-override-value", "pw",
   """MAPPING> VAR_27027 Use default value [] for mapping parameter:[$$RUN_DATE].
MAPPING> VAR_27028 Use override value [{=S}] for mapping parameter:[$$SFTP_PWD].
MAPPING> TE_7004 Transformation Parse Warning [PWD]; transformation continues...""", "VAR_27027")
_t(LG, "datastage-environment-dump", "pw",
   """main_program: Environment variable settings:
APT_CONFIG_FILE=/opt/IBM/InformationServer/Server/Configurations/default.apt
APT_DB2_PASSWORD={=S}
APT_ORCHHOME=/opt/IBM/InformationServer/Server/PXEngine""", "APT_CONFIG_FILE")
_t(LG, "container-startup-config-json", "pw",
   """{=date}T{=time}Z INFO  Starting claims-sync with config: {"db_host":"{=orahost}","db_user":"claims_sync","db_pass":"{=S}","batch_size":500}""",
   "Starting claims-sync")
_t(LG, "python-logging-sftp-dict", "pw",
   """{=date} 02:00:03,117 INFO etl.sftp: connecting {'host': '{=host}', 'port': 22, 'username': 'ach_xfer', 'password': '{=S}'}""",
   "etl.sftp")
_t(LG, "mongodb-network-error-uri", "upw",
   """MongoNetworkError: failed to connect to server [{=host}:27017] on first connect
    at Pool.<anonymous> (/app/node_modules/mongodb/lib/core/topologies/server.js:438:11)
  uri: 'mongodb://audit_rw:{=S}@{=host}:27017/audit?authSource=admin'""", "MongoNetworkError")
_t(LG, "db2-jcc-auth-failure-url", "racf",
   """com.ibm.db2.jcc.am.SqlInvalidAuthorizationSpecException: [jcc][t4][2013][11249][4.26.14] Connection authorization failure occurred.  Reason: Security mechanism not supported. ERRORCODE=-4214, SQLSTATE=28000
	url=jdbc:db2://{=mfhost}:446/{=db2db}:user={=racfid};password={=S};securityMechanism=3;""",
   "ERRORCODE=-4214")
_t(LG, "sqlserver-login-failed-connstring", "pw",
   """{=date} 03:12:55.18 ERROR SsisRunner - Login failed for user 'etl_loader'. ConnectionString: Server={=winhost}\\LEGACY;Database=Staging;User Id=etl_loader;Password={=S};Connect Timeout=30""",
   "Login failed for user 'etl_loader'")
_t(LG, "amqp-url-in-connection-error", "upw",
   """pika.exceptions.AMQPConnectionError: Connection to amqp://etl:{=S}@mq.{=domain}:5672/%2F failed: [Errno 113] No route to host""",
   "pika.exceptions.AMQPConnectionError")
_t(LG, "redis-url-auth-error-traceback", "an32",
   """  File "/srv/rates/cache.py", line 12, in <module>
    r = redis.from_url("redis://:{=S}@{=host}:6379/0")
redis.exceptions.AuthenticationError: invalid username-password pair or user is disabled.""",
   "redis.exceptions.AuthenticationError")
_t(LG, "ansible-fatal-cmd-echo", "upw",
   """fatal: [{=orahost}]: FAILED! => {"changed": true, "cmd": "sqlplus -s sys/{=S}@{=tns} as sysdba @/tmp/grant.sql", "delta": "0:00:01.204", "rc": 1, "stderr": "", "stdout": "ORA-01031: insufficient privileges"}""",
   "ORA-01031: insufficient privileges")
_t(LG, "go-panic-dsn-string", "upw",
   """panic: dial tcp {=ip}:1521: i/o timeout (dsn="oracle://gl_reader:{=S}@{=orahost}:1521/{=orasid}")

goroutine 1 [running]:
main.mustOpen(...)
	/src/glsync/main.go:57 +0x1d9""", "goroutine 1 [running]")
_t(LG, "dotnet-exception-connectionstring-echo", "pw",
   """System.Data.SqlClient.SqlException (0x80131904): A network-related or instance-specific error occurred while establishing a connection to SQL Server.
   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)
   ConnectionString='Data Source={=winhost};Initial Catalog=Policy;User ID=policy_svc;Password={=S}'""",
   "0x80131904")
_t(LG, "journald-env-dump-line", "pw",
   """{=date} 02:00:01 {=host} informatica[{=pid}]: INFA_DOMAINS_FILE=/opt/infa/domains.infa
{=date} 02:00:01 {=host} informatica[{=pid}]: INFA_DEFAULT_DOMAIN_PASSWORD={=S}""",
   "INFA_DOMAINS_FILE=/opt/infa/domains.infa")
_t(LG, "websphere-ffdc-object-dump", "pw",
   """------Start of DE processing------ = [{=date} 04:11:09:551 CET]
Exception = javax.resource.ResourceException
Source = com.ibm.ws.rsadapter.spi.WSManagedConnectionFactoryImpl.createManagedConnection
Object type = com.ibm.ws.rsadapter.spi.WSManagedConnectionFactoryImpl
  user = claims_app
  password = {=S}
  dataSourceClass = oracle.jdbc.xa.client.OracleXADataSource""", "Start of DE processing")
_t(LG, "jboss-jca-connection-request-info", "pw",
   """{=date} 12:44:01,019 TRACE [org.jboss.jca.core.connectionmanager.pool] (default task-12) IJ000604: ConnectionRequestInfo: WrappedConnectionRequestInfo@3fa1[userName=policy_app password={=S}]""",
   "IJ000604")
_t(LG, "cron-mail-subject-command", "upw",
   """From: root@{=orahost} (Cron Daemon)
To: oracle@{=orahost}
Subject: Cron <oracle@{=orahost}> /home/oracle/bin/exp_full.sh system {=S}

EXP-00056: ORACLE error 12154 encountered""", "EXP-00056")
_t(LG, "xtrace-echo-weblogic-boot", "pw",
   """+ echo -e 'weblogic\\n{=S}'
+ ./startWebLogic.sh
Enter username to boot WebLogic server:Enter password to boot WebLogic server:""", "startWebLogic.sh")
_t(LG, "docker-build-log-env-step", "pw",
   """Step 7/12 : ENV ORACLE_PWD={=S}
 ---> Running in {=hex8}
 ---> {=hex8_2}
Step 8/12 : COPY setup/ /opt/oracle/scripts/setup/""", "Step 8/12")
_t(LG, "buildkit-run-netrc-echo", "pw",
   """#8 [4/7] RUN echo "machine nexus.{=domain} login ci password {=S}" > /root/.netrc
#8 DONE 0.2s
#9 [5/7] RUN pip install -r requirements.txt""", "#9 [5/7]")
_t(LG, "git-fatal-unable-to-access-url-creds", "upw",
   """fatal: unable to access 'https://svc-build:{=S}@bitbucket.{=domain}/scm/mf/jcl-library.git/': Could not resolve host: bitbucket.{=domain}""",
   "Could not resolve host")
_t(LG, "hikari-jdbcurl-with-password", "upw",
   """{=date} 07:00:01.552 DEBUG com.zaxxer.hikari.HikariConfig - HikariPool-1 - configuration:
{=date} 07:00:01.553 DEBUG com.zaxxer.hikari.HikariConfig - jdbcUrl.........................jdbc:db2://{=host}:50000/DWH:user=dwh_load;password={=S};
{=date} 07:00:01.553 DEBUG com.zaxxer.hikari.HikariConfig - password........................<masked>""",
   "com.zaxxer.hikari.HikariConfig")
_t(LG, "talend-job-command-context-param", "pw",
   """[INFO ] {=time} Running: java -Xms256M -Xmx1024M -cp classpath.jar claims.load_claims_0_1.load_claims --context=PROD --context_param ftp_password={=S}""",
   "--context=PROD")
_t(LG, "airflow-task-log-command", "upw",
   """[{=date}, 02:00:05 UTC] {subprocess.py:89} INFO - Running command: ['bash', '-c', 'sqlplus -s dwh_load/{=S}@{=tns} @/opt/airflow/sql/refresh.sql']""",
   "subprocess.py:89")
_t(LG, "ldap-bind-failure-with-credentials", "pw",
   """{=date} 08:15:33 WARN  PortalAuth - LDAP bind failed for cn=svc_portal,ou=services,dc=corp with credentials '{=S}': [LDAP: error code 49 - Invalid Credentials]""",
   "error code 49")
_t(LG, "javamail-debug-auth-login-b64", "b64pw",
   """DEBUG SMTP: Attempt to authenticate using mechanisms: LOGIN PLAIN
AUTH LOGIN
334 VXNlcm5hbWU6
YmF0Y2gtbWFpbGVy
334 UGFzc3dvcmQ6
{=S}
235 2.7.0 Authentication successful""", "DEBUG SMTP: Attempt to authenticate")
_t(LG, "powershell-transcript-securestring", "pw",
   """**********************
Windows PowerShell transcript start
Start time: {=date_c}020011
**********************
PS>$pw = ConvertTo-SecureString '{=S}' -AsPlainText -Force
PS>Restart-Service -Name 'IBM Cognos' -Force""", "Windows PowerShell transcript start")
_t(LG, "windows-4688-process-command-line", "pw",
   r"""An account was successfully logged on.
Event ID: 4688
Creator Process Name: C:\Windows\System32\cmd.exe
Process Command Line: "C:\Windows\system32\net.exe" use \\{=winhost}\etl {=S} /user:{=dom}\{=svc}""",
   "Event ID: 4688")
_t(LG, "hana-sql-trace-alter-user", "pw",
   """# begin PreparedStatement_execute (thread 42113, con-id 300123) at {=date} 10:02:31.000812
ALTER USER TECH_ETL PASSWORD "{=S}" NO FORCE_FIRST_PASSWORD_CHANGE
# end PreparedStatement_execute (thread 42113, con-id 300123) at {=date} 10:02:31.001122""", "con-id 300123")
_t(LG, "ebs-concurrent-request-log-arguments", "pw",
   """+---------------------------------------------------------------------------+
XX Bank Statement Transfer: Version : UNKNOWN
Current system time is {=date} 02:04:19
+---------------------------------------------------------------------------+
**Starts**
Arguments
------------
P_HOST='{=host}'
P_USER='ach_xfer'
P_FTP_PWD='{=S}'""", "XX Bank Statement Transfer")
_t(LG, "zabbix-log-query-failed-cmd", "upw",
   """ {=pid}:{=date_c}:020101.221 item "ora-{=orasid}:oracle.sessions" became not supported: query failed: [sqlplus -s zbx_mon/{=S}@{=tns}]""",
   "became not supported")
_t(LG, "request-dump-j-security-check", "pw",
   """{=date} 14:22:09 TRACE RequestDumperFilter - POST /claims/j_security_check
{=date} 14:22:09 TRACE RequestDumperFilter -   body=j_username=adjuster07&j_password={=S}""",
   "RequestDumperFilter")
_t(LG, "soap-wsse-usernametoken-password", "pw",
   """<soapenv:Header>
  <wsse:Security xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">
    <wsse:UsernameToken>
      <wsse:Username>esb_claims</wsse:Username>
      <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">{=S}</wsse:Password>
    </wsse:UsernameToken>""", "<wsse:Username>esb_claims</wsse:Username>")
_t(LG, "json-log-cookie-ltpatoken2", "b64_64",
   """{"ts":"{=date}T{=time}Z","level":"DEBUG","logger":"GatewayFilter","path":"/claims/api/v1/claims","headers":{"cookie":"LtpaToken2={=S}; WASReqURL=/claims/"}}""",
   '"logger":"GatewayFilter"')
_t(LG, "access-log-mysapsso2-cookie", "b64_48",
   """{=ip} - - [{=date}:10:11:12 +0000] "GET /sap/bc/gui/sap/its/webgui HTTP/1.1" 200 5120 "-" "Mozilla/5.0" cookie="MYSAPSSO2={=S}; sap-usercontext=sap-client={=client}\"""",
   "/sap/bc/gui/sap/its/webgui")
_t(LG, "nodemanager-log-startup-properties", "pw",
   """<{=date} 04:00:01> <INFO> <Loading domains file: /u01/domains/nodemanager/nodemanager.domains>
<{=date} 04:00:01> <FINE> <Startup properties: {DomainsFile=nodemanager.domains, ListenPort=5556, SecureListener=true, NMPassword={=S}}>""",
   "nodemanager.domains")
_t(LG, "pam-debug-password-leak", "pw",
   """{=date}T{=time} {=host} sshd[{=pid}]: pam_exec(sshd:auth): debug: expose_authtok: PAM_AUTHTOK for user 'etlops' is '{=S}'""",
   "pam_exec(sshd:auth)")
_t(LG, "tso-session-capture-logon", "racf",
   """ IKJ56700A ENTER USERID -
 {=racfid}
 ICH70001I {=racfid} LAST ACCESS AT 17:42:09 ON {=date}
 IKJ56714A ENTER CURRENT PASSWORD FOR {=racfid}-
 {=S}
 READY""", "IKJ56700A ENTER USERID")
_t(LG, "cics-cesn-signon-echo", "racf",
   """DFHSN1400 {=date} 08:11:02 CICSPRD1 Session signon for session CP0A by user {=racfid} is complete.
CESN USERID={=racfid},PS={=S}
DFHAC2001 {=date} 08:11:03 CICSPRD1 Transaction 'CESN' is not recognized.""", "DFHSN1400")
_t(LG, "nginx-error-upstream-userinfo", "upw",
   """{=date_c} 11:20:04 [error] {=pid}#0: *8812 upstream timed out (110: Connection timed out) while reading response header from upstream, client: {=ip}, server: reports.{=domain}, request: "GET /bo/ HTTP/1.1", upstream: "http://bo_proxy:{=S}@{=host}:8080/BOE/BI"
""", "upstream timed out")
_t(LG, "celery-task-received-args", "pw",
   """[{=date} 02:00:00,004: INFO/MainProcess] Task etl.tasks.push_file[{=uuid_ctx}] received: args=('{=host}', 'ach_xfer', '{=S}') kwargs={}""",
   "etl.tasks.push_file")
_t(LG, "php-stack-trace-pdo-args", "pw",
   """PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'crm'@'{=ip}' in /var/www/crm/config.php:7
Stack trace:
#0 /var/www/crm/config.php(7): PDO->__construct('mysql:host={=host};dbname=crm', 'crm', '{=S}')
#1 {main}""", "Uncaught PDOException")
_t(LG, "java-tostring-credentials-leak", "pw",
   """Caused by: com.acme.ach.transfer.TransferException: login failed for SftpCredentials[host={=host}, user=ach_xfer, password={=S}]
	at com.acme.ach.transfer.SftpTransfer.open(SftpTransfer.java:88)""", "com.acme.ach.transfer.SftpTransfer.open")
_t(LG, "sap-dev-rfc-trace-open-params", "pw",
   """**** Trace file opened at {=date_c} 091422 W. Europe Standard Time, by disp+work
RfcOpenConnection: ASHOST={=saphost} SYSNR={=nr} CLIENT={=client} USER={=sapuser} PASSWD={=S} LANG=E
>> RfcOpenConnection: handle 1 opened""", "Trace file opened at")
_t(LG, "autosys-event-command-echo", "pw",
   """[{=time}] EVENT: CHANGE_STATUS    STATUS: STARTING        JOB: GL_EXTRACT_DAILY
[{=time}] command: /opt/etl/bin/run_wf.sh -f {=folder} -w {=wf} -p '{=S}'
[{=time}] EVENT: CHANGE_STATUS    STATUS: RUNNING         JOB: GL_EXTRACT_DAILY""", "JOB: GL_EXTRACT_DAILY")
_t(LG, "controlm-sysout-command-line", "upw",
   """JOB ORDERID 0{=num}  JOBNAME RMAN_L0_{=orasid}  RUN NO. 1
Command line: /home/oracle/bin/rman_l0.sh {=orasid} sys/{=S}@{=tns}
Exit code: 0""", "RMAN_L0_{=orasid}")
_t(LG, "kafka-connect-config-values-dump", "pw",
   """[{=date} 06:00:12,881] INFO SapJcoSourceConnectorConfig values:
	sap.jco.ashost = {=saphost}
	sap.jco.client = {=client}
	sap.jco.passwd = {=S}
	sap.jco.user = {=sapuser}""", "SapJcoSourceConnectorConfig values")


# ============================================================ note-or-chat
_t(NC, "slack-handover-pmcmd-password", "pw",
   """@{=person2} handing over the nightly GL batch to you tonight. If pmcmd asks, Administrator pw is {=S} (rotating Monday, {=ticket}).""",
   "handing over the nightly GL batch")
_t(NC, "teams-message-user-slash-password", "pw",
   """[{=time}] {=person}: can you check {=orasid}? login gl_etl / {=S}
[{=time}] {=person2}: on it""", "can you check {=orasid}?")
_t(NC, "note-german-racf-passwort", "racf",
   """Notiz: Passwort für den RACF-Batch-User {=racfid} ist jetzt {=S} – bitte nicht ins Wiki kopieren.""",
   "RACF-Batch-User {=racfid}")
_t(NC, "note-french-mot-de-passe", "pw",
   """Le mot de passe SYSTEM sur {=orasid} a été changé hier soir : {=S} (à mettre dans le coffre demain).""",
   "SYSTEM sur {=orasid}")
_t(NC, "chat-spanish-contrasena-rfc", "pw",
   """{=person}: la contraseña del usuario {=sapuser} en {=sid} es {=S}, la cambié ayer por el bloqueo.""",
   "{=sapuser} en {=sid}")
_t(NC, "chat-portuguese-senha-as400", "racfa",
   """{=person}: senha do AS400 de produção: {=S} (usuário {=ibmiuser}). Não compartilhe fora do time.""",
   "usuário {=ibmiuser}")
_t(NC, "chat-italian-password-collaudo", "pw",
   """{=person}: la password di weblogic in collaudo è {=S}, quella di produzione la chiedi a {=person2}.""",
   "weblogic in collaudo")
_t(NC, "note-japanese-system-password", "pw",
   """本番DB（{=orasid}）のsystemユーザーのパスワードは {=S} です。取り扱い注意。""",
   "本番DB（{=orasid}）")
_t(NC, "note-chinese-ddic-mima", "pw",
   """SAP 生产系统 {=sid} 的 DDIC 密码：{=S}，请勿外传。""", "SAP 生产系统 {=sid}")
_t(NC, "chat-polish-haslo-konsola", "pw",
   """{=person}: hasło do konsoli WebSphere na {=washost}: {=S}""", "konsoli WebSphere")
_t(NC, "chat-dutch-wachtwoord-informatica", "pw",
   """{=person}: het wachtwoord van de Informatica admin is {=S}, niet doorsturen a.u.b.""",
   "Informatica admin")
_t(NC, "chat-russian-parol-sys", "upw",
   """{=person}: пароль от sys на {=orasid}: {=S}""", "sys на {=orasid}")
_t(NC, "chat-korean-db2-bimilbeonho", "racf",
   """{=person}: 운영 DB2({=db2db}) 접속 비밀번호는 {=S} 입니다. 사용 후 알려주세요.""",
   "운영 DB2({=db2db})")
_t(NC, "chat-turkish-sifre-as400", "racfa",
   """{=person}: AS400 şifresi {=S}, kullanıcı {=ibmiuser}. Yarın değiştireceğim.""",
   "kullanıcı {=ibmiuser}")
_t(NC, "chat-swedish-losenord-jboss", "pw",
   """{=person}: lösenordet till jboss-admin på {=washost} är {=S}""", "jboss-admin på {=washost}")
_t(NC, "note-czech-heslo-tso", "racf",
   """Poznámka: heslo k TSO účtu {=racfid} na {=lpar} je {=S}, platí do konce měsíce.""",
   "TSO účtu {=racfid}")
_t(NC, "chat-hinglish-sys-password", "upw",
   """{=person}: bhai, {=orasid} ka sys password {=S} hai, kal change karenge after patching""",
   "after patching")
_t(NC, "chat-vietnamese-mat-khau", "pw",
   """{=person}: mật khẩu tài khoản {=sapuser} trên {=sid} là {=S} nhé.""", "tài khoản {=sapuser}")
_t(NC, "chat-arabic-kalimat-al-murur", "pw",
   """{=person}: كلمة المرور لحساب {=sapuser} في نظام SAP هي {=S}""", "نظام SAP")
_t(NC, "chat-hebrew-sisma", "pw",
   """{=person}: הסיסמה של weblogic בשרת {=washost} היא {=S}""", "weblogic בשרת")
_t(NC, "chat-thai-rahat-phan", "pw",
   """{=person}: รหัสผ่าน Informatica ของ {=infauser} คือ {=S} ครับ""", "Informatica ของ {=infauser}")
_t(NC, "chat-indonesian-kata-sandi", "pw",
   """{=person}: kata sandi untuk user {=svc} adalah {=S}, jangan disebar ya.""", "user {=svc}")
_t(NC, "chat-greek-kodikos", "pw",
   """{=person}: ο κωδικός για τον {=orauser} στη {=orasid} είναι {=S}""", "{=orauser} στη {=orasid}")
_t(NC, "chat-finnish-salasana", "pw",
   """{=person}: {=ibmihost} QSECOFR salasana on nyt {=S}""", "{=ibmihost} QSECOFR")
_t(NC, "chat-hungarian-jelszo", "pw",
   """{=person}: a Control-M emuser jelszó: {=S}""", "Control-M emuser")
_t(NC, "chat-romanian-parola", "pw",
   """{=person}: parola pentru contul {=svc} este {=S}, o schimb vineri.""", "contul {=svc}")
_t(NC, "chat-ukrainian-parol-as400", "racfa",
   """{=person}: пароль до AS400 ({=ibmiuser}): {=S}""", "AS400 ({=ibmiuser})")
_t(NC, "chat-tagalog-password", "pw",
   """{=person}: ang password ng {=svc} sa {=winhost} ay {=S}, palitan mo pagkatapos.""", "sa {=winhost}")
_t(NC, "chat-danish-adgangskode", "pw",
   """{=person}: adgangskoden til SAP-routeren er {=S}""", "SAP-routeren")
_t(NC, "agent-note-user-supplied-zosmf-creds", "racf",
   """NOTE: user supplied z/OSMF creds for this task: {=racfid} / {=S}. Use only for job submit on {=lpar}; do not store.""",
   "z/OSMF creds")
_t(NC, "agent-goal-temporary-weblogic-password", "pw",
   """Goal: restore WLS admin access on {=washost} (AdminServer down since {=time}). Temporary weblogic password set by {=person} = {=S}""",
   "restore WLS admin access")
_t(NC, "decision-log-keep-hardcoded-password", "pw",
   """Decision ({=date}): keep the hardcoded DB password ({=S}) in jdbc.properties until the wallet migration in Q3; tracked in {=ticket}.""",
   "wallet migration in Q3")
_t(NC, "email-forward-initial-password", "pw",
   """From: {=person} <{=person_l}@{=domain}>
Subject: RE: SFTP access for month-end files

Hi, your account is ach_xfer and the initial password is {=S}
You'll be asked to change it at first login.""", "SFTP access for month-end files")
_t(NC, "jira-comment-temp-pw", "pw",
   """{=person} added a comment - {=date} 14:02
Reset done in RACF and CICS. Temp pw: {=S} — expires in 24h, user must change at logon.""",
   "Reset done in RACF and CICS")
_t(NC, "note-label-next-line-no-label", "pw",
   """creds for the Informatica repo ({=env}):
  {=infauser}
  {=S}
(domain Dom_{=env})""", "Dom_{=env}")
_t(NC, "chat-abbrev-pw-label", "pw",
   """{=person}: {=host} root pw {=S} fyi""", "{=host} root")
_t(NC, "chat-abbrev-pass-colon", "pw",
   """{=person}: ftp to bank -> user ach_xfer pass: {=S}""", "ftp to bank")
_t(NC, "chat-creds-user-slash-pw", "pw",
   """{=person}: creds: jenkins-deployer/{=S} for the old Jenkins on {=host}""", "old Jenkins on {=host}")
_t(NC, "chat-abbrev-pwd-equals", "pw",
   """{=person}: pwd={=S} for the {=sid} ALEREMOTE user""", "ALEREMOTE user")
_t(NC, "chat-abbrev-p-slash-w", "pw",
   """{=person}: u/n: {=svc}  p/w: {=S}""", "u/n: {=svc}")
_t(NC, "chat-abbrev-psw", "pw",
   """{=person}: psw for the cognos content store db: {=S}""", "cognos content store")
_t(NC, "servicenow-work-notes-service-account", "racf",
   """Work notes ({=ticket}): Created service account {=racfid} in RACF, password {=S}, NOINTERVAL set per request from {=person}.""",
   "Created service account {=racfid}")
_t(NC, "markdown-handover-table", "pw",
   """| System | Client | User | Password |
|--------|--------|------|----------|
| {=sid} | {=client} | DDIC | {=S} |""", "| System | Client |")
_t(NC, "wiki-bold-login-password", "pw",
   """**Host:** `{=host}`  **Login:** `{=user}`  **Password:** `{=S}`""", "**Host:** `{=host}`")
_t(NC, "sticky-note-transcription", "racfa",
   """(typed from a photo of the sticky note on the ops console) AS400 QSECOFR -> {=S}""",
   "sticky note on the ops console")
_t(NC, "chat-unlabelled-answer-after-question", "pw",
   """{=person}: what's the ftp password for the bank again?
{=person2}: {=S}
{=person}: that worked, thanks""", "what's the ftp password for the bank again?")
_t(NC, "note-pgp-passphrase-bank-files", "phrase",
   """The passphrase for the old PGP key used to sign the bank files is '{=S}' (key 0x{=hex8_u}).""",
   "sign the bank files")
_t(NC, "meeting-notes-asm-sysasm-pw", "pw",
   """Meeting notes {=date} – patch window
- DBA team shared the ASM sysasm pw ({=S}) for the window only
- rollback plan: restore OH from tar""", "patch window")
_t(NC, "incident-note-break-glass", "pw",
   """Incident {=ticket}: used break-glass account bg_oracle / {=S} at 03:12 to kill the blocking session.""",
   "break-glass account bg_oracle")
_t(NC, "note-wallet-password-same-as-last-year", "pw",
   """FYI the TDE wallet password on {=orasid} is still the same as last year: {=S}""", "TDE wallet password on {=orasid}")
_t(NC, "note-hsm-card-pin", "pin",
   """HSM operator card PIN for the signing slot: {=S} (card #2 in the safe)""", "HSM operator card")
_t(NC, "slack-codeblock-user-pass", "pw",
   """{=person}: here you go
```
host: {=saphost}
user: {=sid_l}adm
pass: {=S}
```""", "host: {=saphost}")
_t(NC, "todo-change-after-golive", "pw",
   """TODO: change {=S} after go-live (it's the HANA SYSTEM pw on {=sid} right now)""", "after go-live")
_t(NC, "git-commit-message-password", "pw",
   """commit message: "fix: update ftp password to {=S} for bank cutover ({=ticket})\"""", "for bank cutover")
_t(NC, "pr-review-comment-rotate", "pw",
   """{=person} commented on jdbc.properties line 12:
> You committed the real prod password here ({=S}) — please rotate it and move to the vault.""",
   "commented on jdbc.properties")
_t(NC, "agent-scratchpad-tried-password", "racf",
   """Tried TSO logon with {=S} -> ICH408I invalid password; asking user for the current one before trying again (lockout after 3).""",
   "lockout after 3")
_t(NC, "standup-note-was-console-creds", "pw",
   """standup: WAS console creds are wasadmin:{=S} until the LDAP realm is back""", "until the LDAP realm is back")
_t(NC, "user-message-servicenow-api-key", "an32",
   """user: use this API key for the ServiceNow integration: {=S} — it's the one from the old MID server""",
   "old MID server")
_t(NC, "call-notes-controlm-emuser", "pw",
   """per call with {=person}: the Control-M EM password for emuser is now {=S}; old one revoked.""",
   "Control-M EM password")
_t(NC, "chat-codeswitch-french-english", "pw",
   """{=person}: ok donc pour le nouveau SFTP, le user c'est edi_out et le pwd c'est {=S} — let me know si ça marche""",
   "nouveau SFTP")
_t(NC, "chat-korean-english-label", "pw",
   """{=person}: WebLogic console 비번 (password): {=S} / ID는 weblogic""", "ID는 weblogic")
_t(NC, "chat-japanese-pasuwado-ftp", "racf",
   """{=person}: メインフレームFTP（{=mfhost}）のユーザー{=racfid}、パスワード{=S}でお願いします""",
   "メインフレームFTP")
_t(NC, "chat-german-zugangsdaten-block", "pw",
   """{=person}: Zugangsdaten für die HANA-Kopie:
Benutzer: SYSTEM
Kennwort: {=S}""", "HANA-Kopie")
_t(NC, "chat-spanish-clave-bd", "pw",
   """{=person}: la clave de la BD de reclamos (claims_app) quedó así: {=S}""", "BD de reclamos")
_t(NC, "chat-portuguese-passphrase-racf", "phrase",
   """{=person}: a frase-senha nova do {=racfid} é "{=S}" (RACF aceita espaços).""", "RACF aceita espaços")
_t(NC, "chat-norwegian-passord", "pw",
   """{=person}: passordet til Tomcat manager er {=S}""", "Tomcat manager")
_t(NC, "chat-malay-kata-laluan", "pw",
   """{=person}: kata laluan untuk DataStage dsadm ialah {=S}""", "DataStage dsadm")
_t(NC, "chat-swahili-nenosiri", "pw",
   """{=person}: nenosiri la seva ya {=host} ni {=S}""", "seva ya {=host}")


# ============================================================ ci-and-deploy
_t(CI, "jenkinsfile-environment-literal", "pw",
   """pipeline {
  agent { label 'was-deploy' }
  environment {
    WAS_HOST = '{=washost}'
    WAS_PASS = '{=S}'
  }""", "agent { label 'was-deploy' }")
_t(CI, "jenkinsfile-sh-inline-wsadmin", "pw",
   """    stage('Deploy EAR') {
      steps {
        sh "./wsadmin.sh -lang jython -user wasadmin -password {=S} -f scripts/deploy.py ${env.BUILD_NUMBER}"
      }
    }""", "stage('Deploy EAR')")
_t(CI, "jenkins-console-unmasked-flag", "pw",
   """[Pipeline] sh
+ ./deploy_wls.sh --admin-url t3://{=washost}:7001 --wls-user weblogic --wls-password {=S}
Deploying {=app}.ear to ClaimsCluster ...""", "[Pipeline] sh")
_t(CI, "gitlab-ci-variables-block-literal", "pw",
   """variables:
  ORACLE_HOST: {=orahost}
  ORACLE_PWD: "{=S}"
  GIT_DEPTH: "10\"""", "GIT_DEPTH")
_t(CI, "gitlab-ci-script-private-token", "glpat",
   """release:
  stage: release
  script:
    - 'curl --header "PRIVATE-TOKEN: {=S}" --upload-file dist/copybooks.zip "$CI_API_V4_URL/projects/$CI_PROJECT_ID/packages/generic/copybooks/$CI_COMMIT_TAG/copybooks.zip"'""",
   "packages/generic/copybooks")
_t(CI, "github-actions-env-literal", "pw",
   """jobs:
  rfc-smoke:
    runs-on: [self-hosted, sap]
    env:
      SAP_USER: {=sapuser}
      SAP_PASSWORD: {=S}""", "rfc-smoke")
_t(CI, "github-actions-run-sshpass", "pw",
   """      - name: Copy JCL to USS
        run: sshpass -p "{=S}" scp -o StrictHostKeyChecking=no jcl/*.jcl {=racfid_l}@{=mfhost}:/u/{=racfid_l}/jcl/""",
   "Copy JCL to USS")
_t(CI, "azure-pipelines-variables-literal", "pw",
   """variables:
  buildConfiguration: 'Release'
  sqlServer: '{=winhost}'
  sqlPassword: '{=S}'""", "buildConfiguration: 'Release'")
_t(CI, "bamboo-specs-variable-password", "pw",
   """---
version: 2
plan:
  project-key: MF
  key: JCLDEPLOY
variables:
  ftp.host: {=mfhost}
  ftp.password: {=S}""", "key: JCLDEPLOY")
_t(CI, "teamcity-build-param-password", "pw",
   """<parameters>
  <param name="env.WLS_ADMIN_URL" value="t3://{=washost}:7001" />
  <param name="env.WLS_ADMIN_PASS" value="{=S}" />
</parameters>""", "env.WLS_ADMIN_URL")
_t(CI, "ansible-playbook-vars-plaintext", "pw",
   """- hosts: was_nodes
  become: true
  vars:
    was_admin_user: wasadmin
    was_admin_pw: "{=S}"
  roles:
    - websphere_profile""", "websphere_profile")
_t(CI, "ansible-task-ldap-bind-pw", "pw",
   """- name: add claims service account to LDAP
  community.general.ldap_entry:
    dn: uid=svc_claims,ou=services,dc=corp
    objectClass: [inetOrgPerson]
    server_uri: ldaps://{=ldaphost}
    bind_dn: cn=admin,dc=corp
    bind_pw: "{=S}\"""", "add claims service account to LDAP")
_t(CI, "helm-values-oracle-password", "pw",
   """# values-prod.yaml
replicaCount: 2
oracle:
  host: {=orahost}
  service: {=orasid}
  user: claims_app
  password: {=S}""", "values-prod.yaml")
_t(CI, "k8s-secret-stringdata", "pw",
   """apiVersion: v1
kind: Secret
metadata:
  name: db2z-creds
stringData:
  DB2_USER: {=racfid}
  DB2_PASSWORD: {=S}""", "name: db2z-creds")
_t(CI, "k8s-secret-data-base64", "b64pw",
   """apiVersion: v1
kind: Secret
metadata:
  name: sap-rfc
type: Opaque
data:
  passwd: {=S}""", "name: sap-rfc")
_t(CI, "k8s-deployment-env-value-literal", "pw",
   """        env:
        - name: JCO_ASHOST
          value: {=saphost}
        - name: JCO_PASSWD
          value: "{=S}\"""", "name: JCO_ASHOST")
_t(CI, "docker-run-e-oracle-pwd", "pw",
   """docker run -d --name {=orasid_l} -p 1521:1521 -e ORACLE_SID={=orasid} -e ORACLE_PWD='{=S}' container-registry.oracle.com/database/enterprise:19.3.0.0""",
   "container-registry.oracle.com/database/enterprise")
_t(CI, "dockerfile-arg-default-password", "pw",
   """FROM ibmcom/websphere-traditional:9.0.5.14
ARG WAS_ADMIN_PASS={=S}
COPY --chown=was:root claims.ear /work/app/
RUN /work/configure.sh""", "ibmcom/websphere-traditional")
_t(CI, "dockerfile-run-curl-user", "pw",
   """RUN curl -fsSL -u deploy:{=S} -o /opt/app/{=app}.ear \\
    https://nexus.{=domain}/repository/releases/com/acme/{=app}/{=ver}/{=app}-{=ver}.ear""",
   "/opt/app/{=app}.ear")
_t(CI, "terraform-oci-adb-admin-password", "pw",
   """resource "oci_database_autonomous_database" "dwh" {
  compartment_id = var.compartment_ocid
  db_name        = "DWH{=env}"
  admin_password = "{=S}"
  cpu_core_count = 1
}""", "oci_database_autonomous_database")
_t(CI, "terraform-aws-db-instance-password", "pw",
   """resource "aws_db_instance" "legacy_oracle" {
  engine            = "oracle-se2"
  instance_class    = "db.m5.large"
  username          = "admin"
  password          = "{=S}"
  license_model     = "license-included"
}""", "legacy_oracle")
_t(CI, "cloudformation-master-user-password", "pw",
   """  ReportingDB:
    Type: AWS::RDS::DBInstance
    Properties:
      Engine: sqlserver-se
      MasterUsername: rptadmin
      MasterUserPassword: {=S}""", "AWS::RDS::DBInstance")
_t(CI, "octopus-variable-not-sensitive", "pw",
   """{
  "Name": "Claims.Db.Password",
  "Value": "{=S}",
  "Type": "String",
  "IsSensitive": false,
  "Scope": { "Environment": ["Environments-{=num}"] }
}""", "Claims.Db.Password")
_t(CI, "urbancode-component-property", "pw",
   """# UrbanCode Deploy component properties (exported)
was.cell={=lpar}Cell01
was.user=wasadmin
was.password={=S}""", "UrbanCode Deploy component properties")
_t(CI, "xldeploy-dictionary-entry", "pw",
   """<udm.Dictionary id="Environments/PROD/claims-dict">
  <entries>
    <entry key="db.url">jdbc:oracle:thin:@{=orahost}:1521/{=orasid}</entry>
    <entry key="db.password">{=S}</entry>
  </entries>
</udm.Dictionary>""", "Environments/PROD/claims-dict")
_t(CI, "ant-build-xml-property-password", "pw",
   """<property name="wls.url" value="t3://{=washost}:7001"/>
<property name="wls.password" value="{=S}"/>
<target name="deploy">
  <wldeploy action="deploy" source="dist/{=app}.ear" user="weblogic" password="${wls.password}" adminurl="${wls.url}"/>
</target>""", '<target name="deploy">')
_t(CI, "maven-pom-properties-password", "pw",
   """<properties>
  <was.host>{=washost}</was.host>
  <was.user>wasadmin</was.user>
  <was.password>{=S}</was.password>
</properties>""", "<was.host>{=washost}</was.host>")
_t(CI, "makefile-default-password", "pw",
   """DEPLOY_HOST ?= {=host}
DEPLOY_PASS ?= {=S}
deploy:
\tsshpass -p "$(DEPLOY_PASS)" rsync -av dist/ deploy@$(DEPLOY_HOST):/opt/{=app}/""", "DEPLOY_HOST ?= {=host}")
_t(CI, "deploy-invocation-env-prefix", "pw",
   """$ WL_ADMIN=weblogic WL_PASS='{=S}' ./deploy_wls.sh {=app} ClaimsCluster""", "./deploy_wls.sh {=app}")
_t(CI, "rundeck-job-yaml-args", "pw",
   """- name: restart-jboss
  sequence:
    commands:
    - script: /opt/scripts/restart_jboss.sh
      args: -host {=washost} -user admin -password {=S}""", "restart-jboss")
_t(CI, "controlm-job-as-code-command", "upw",
   """{
  "RMAN_L0_{=orasid}": {
    "Type": "Job:Command",
    "RunAs": "oracle",
    "Host": "{=orahost}",
    "Command": "rman target sys/{=S}@{=tns} cmdfile=/home/oracle/rman/l0.rcv"
  }
}""", '"Type": "Job:Command"')
_t(CI, "autosys-jil-command-password", "pw",
   """insert_job: GL_EXTRACT_DAILY   job_type: CMD
command: /opt/etl/bin/run_wf.sh -f {=folder} -w {=wf} -p {=S}
machine: {=host}
owner: infa""", "insert_job: GL_EXTRACT_DAILY")
_t(CI, "cf-login-p-flag", "pw",
   """cf login -a https://api.cf.eu10.hana.ondemand.com -u deploy@{=domain} -p '{=S}' -o claims-org -s prod""",
   "api.cf.eu10.hana.ondemand.com")
_t(CI, "cf-set-env-password", "pw",
   """cf set-env claims-api SAP_PASSWORD '{=S}' && cf restage claims-api""", "cf restage claims-api")
_t(CI, "jenkins-credentials-xml-encrypted", "jenc",
   """<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
  <scope>GLOBAL</scope>
  <id>was-admin</id>
  <username>wasadmin</username>
  <password>{{=S}}</password>
</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>""", "<id>was-admin</id>")
_t(CI, "jenkins-casc-username-password", "pw",
   """credentials:
  system:
    domainCredentials:
      - credentials:
          - usernamePassword:
              id: "ora-{=orasid_l}"
              username: "system"
              password: "{=S}\"""", "domainCredentials")
_t(CI, "jenkins-job-string-param-default", "pw",
   """<hudson.model.StringParameterDefinition>
  <name>DB_PASS</name>
  <description>oracle password for the refresh</description>
  <defaultValue>{=S}</defaultValue>
</hudson.model.StringParameterDefinition>""", "<name>DB_PASS</name>")
_t(CI, "gitlab-job-log-echo", "pw",
   """$ echo "deploying with $DEPLOY_PASS"
deploying with {=S}
$ ./deploy.sh""", "deploying with $DEPLOY_PASS")
_t(CI, "azure-devops-log-command-sqlcmd", "pw",
   """##[section]Starting: Run migration
##[command]sqlcmd -S {=winhost} -d Policy -U migrator -P {=S} -i migrations/V42__add_index.sql""",
   "Starting: Run migration")
_t(CI, "argocd-helm-parameters", "pw",
   """  source:
    helm:
      parameters:
        - name: oracle.host
          value: {=orahost}
        - name: oracle.password
          value: {=S}""", "name: oracle.host")
_t(CI, "kustomize-secretgenerator-literals", "pw",
   """secretGenerator:
- name: informatica-creds
  literals:
  - username={=infauser}
  - password={=S}""", "informatica-creds")
_t(CI, "compose-prod-override-env", "pw",
   """# docker-compose.prod.yml
services:
  was:
    environment:
      - WAS_ADMIN_PASSWORD={=S}
      - ENABLE_BASIC_LOGGING=true""", "docker-compose.prod.yml")
_t(CI, "vagrantfile-inline-chpasswd", "pw",
   """  config.vm.provision "shell", inline: <<-SHELL
    useradd -m oracle
    echo 'oracle:{=S}' | chpasswd
  SHELL""", "config.vm.provision")
_t(CI, "packer-ssh-password", "pw",
   """  "builders": [{
    "type": "vsphere-iso",
    "vm_name": "rhel7-oracle-{=ver}",
    "ssh_username": "root",
    "ssh_password": "{=S}"
  }]""", '"type": "vsphere-iso"')
_t(CI, "kickstart-rootpw-plaintext", "pw",
   """# ks.cfg for AIX-migration RHEL build boxes
lang en_US.UTF-8
rootpw --plaintext {=S}
timezone Europe/Berlin --utc""", "lang en_US.UTF-8")
_t(CI, "cloud-init-chpasswd-list", "pw",
   """#cloud-config
chpasswd:
  list: |
    oracle:{=S}
  expire: false""", "#cloud-config")
_t(CI, "hiera-yaml-profile-password", "pw",
   """profile::oracle::sid: {=orasid}
profile::oracle::sys_password: '{=S}'
profile::oracle::listener_port: 1521""", "profile::oracle::sid: {=orasid}")
_t(CI, "chef-data-bag-json-plain", "pw",
   """{
  "id": "websphere",
  "admin_user": "wasadmin",
  "admin_password": "{=S}"
}""", '"id": "websphere"')
_t(CI, "salt-pillar-oracle", "pw",
   """oracle:
  sid: {=orasid}
  sys_pw: {=S}
  home: /u01/app/oracle/product/19.0.0/dbhome_1""", "dbhome_1")
_t(CI, "liquibase-properties-password", "pw",
   """changeLogFile: db/changelog/master.xml
url: jdbc:oracle:thin:@{=orahost}:1521/{=orasid}
username: LIQUIBASE
password: {=S}""", "db/changelog/master.xml")
_t(CI, "flyway-cli-password-flag", "pw",
   """flyway -url=jdbc:db2://{=mfhost}:446/{=db2db} -user={=racfid} -password='{=S}' -schemas=CLAIMS migrate""",
   "-schemas=CLAIMS migrate")
_t(CI, "jenkinsfile-sqlplus-mixed-env-literal", "upw",
   """sh 'sqlplus -L -S ${DB_USER}/{=S}@${DB_TNS} @db/deploy_all.sql'""", "db/deploy_all.sql")
_t(CI, "github-actions-service-container-env", "pw",
   """    services:
      oracle:
        image: gvenzl/oracle-free:23-slim
        env:
          ORACLE_PASSWORD: {=S}
        ports: ['1521:1521']""", "gvenzl/oracle-free:23-slim")
_t(CI, "bitbucket-pipelines-ftp-deploy-pipe", "pw",
   """- step:
    name: Deploy reports to legacy FTP
    script:
      - pipe: atlassian/ftp-deploy:0.3.7
        variables:
          USER: 'rpt_upload'
          PASSWORD: '{=S}'
          SERVER: '{=host}'""", "atlassian/ftp-deploy:0.3.7")
_t(CI, "circleci-db2-service-env", "pw",
   """    docker:
      - image: cimg/openjdk:11.0
      - image: ibmcom/db2:11.5.8.0
        environment:
          LICENSE: accept
          DB2INST1_PASSWORD: {=S}""", "ibmcom/db2:11.5.8.0")
_t(CI, "drone-settings-password", "pw",
   """steps:
- name: publish
  image: plugins/docker
  settings:
    registry: registry.{=domain}
    username: drone
    password: {=S}""", "plugins/docker")
_t(CI, "nexus-curl-upload-pipeline", "pw",
   """curl -v -u admin:{=S} --upload-file build/{=app}-{=ver}.ear https://nexus.{=domain}/repository/releases/com/acme/{=app}/{=ver}/{=app}-{=ver}.ear""",
   "--upload-file build/{=app}-{=ver}.ear")
_t(CI, "jfrog-cli-config-add-password", "pw",
   """jf c add art-legacy --url=https://artifactory.{=domain} --user=ci --password='{=S}' --interactive=false""",
   "art-legacy")
_t(CI, "sonar-scanner-login-token", "squ",
   """sonar-scanner -Dsonar.projectKey=cobol-claims -Dsonar.sources=src/cobol -Dsonar.host.url=https://sonar.{=domain} -Dsonar.login={=S}""",
   "sonar.projectKey=cobol-claims")
_t(CI, "helm-upgrade-set-password", "pw",
   """helm upgrade --install claims ./charts/claims -n legacy --set oracle.host={=orahost} --set oracle.password='{=S}'""",
   "./charts/claims")
_t(CI, "kubectl-create-secret-from-literal", "pw",
   """kubectl -n legacy create secret generic wls-admin --from-literal=username=weblogic --from-literal=password='{=S}'""",
   "create secret generic wls-admin")
_t(CI, "oc-login-password", "pw",
   """oc login https://api.ocp-prd.{=domain}:6443 -u deploy-bot -p '{=S}' --insecure-skip-tls-verify=true""",
   "api.ocp-prd.{=domain}:6443")
_t(CI, "openshift-template-parameter-value", "pw",
   """parameters:
- name: DB_USER
  value: claims_app
- name: DB_PASSWORD
  value: {=S}""", "name: DB_USER")
_t(CI, "tomcat-manager-curl-userinfo-deploy", "upw",
   """curl -T target/{=app}.war "http://deployer:{=S}@{=host}:8080/manager/text/deploy?path=/{=app}&update=true\"""",
   "/manager/text/deploy")
_t(CI, "ibm-udeploy-cli-password-flag", "pw",
   """udclient -weburl https://ucd.{=domain}:8443 -username ucd_admin -password '{=S}' requestApplicationProcess deploy-claims.json""",
   "requestApplicationProcess")


# ============================================================ vendor-token
_t(VT, "github-classic-pat-env", "ghp",
   """export GITHUB_TOKEN={=S}   # used by the copybook sync job""", "copybook sync job")
_t(VT, "github-oauth-token-hosts-yml", "gho",
   """github.com:
    user: {=person_l}-acme
    oauth_token: {=S}
    git_protocol: https""", "git_protocol: https")
_t(VT, "github-fine-grained-pat-chat", "ghpat",
   """{=person}: made a fine-grained token for the cobol-modernization repo, read-only: {=S}""",
   "cobol-modernization repo")
_t(VT, "github-app-installation-token-header", "ghs",
   """curl -H "Authorization: token {=S}" https://api.github.com/repos/acme-ins/jcl-library/contents/PAYROLL""",
   "jcl-library/contents/PAYROLL")
_t(VT, "github-user-to-server-token", "ghu",
   """[copilot-legacy] cached token for {=person_l}: {=S} (expires 8h)""", "copilot-legacy")
_t(VT, "github-refresh-token-json", "ghr",
   """{"access_token":"<rotated>","refresh_token":"{=S}","refresh_token_expires_in":15724800}""",
   "refresh_token_expires_in")
_t(VT, "gitlab-pat-git-remote", "glpat",
   """git remote set-url origin https://oauth2:{=S}@gitlab.{=domain}/mainframe/endevor-export.git""",
   "endevor-export.git")
_t(VT, "gitlab-runner-auth-token-config", "glrt",
   """[[runners]]
  name = "zlinux-runner-01"
  url = "https://gitlab.{=domain}"
  token = "{=S}"
  executor = "shell\"""", "zlinux-runner-01")
_t(VT, "gitlab-deploy-token-helm-repo", "gldt",
   """helm repo add legacy-charts https://gitlab.{=domain}/api/v4/projects/{=num}/packages/helm/stable --username deploy-token-{=num} --password {=S}""",
   "legacy-charts")
_t(VT, "gitlab-pipeline-trigger-token", "glptt",
   """curl -X POST --fail -F token={=S} -F ref=main https://gitlab.{=domain}/api/v4/projects/{=num}/trigger/pipeline""",
   "/trigger/pipeline")
_t(VT, "slack-bot-token-env", "xoxb",
   """SLACK_BOT_TOKEN={=S}
SLACK_CHANNEL=#mf-batch-alerts""", "#mf-batch-alerts")
_t(VT, "slack-user-token-script", "xoxp",
   """slack_token = "{=S}"  # Marek's user token, for posting abend summaries""", "abend summaries")
_t(VT, "slack-app-level-token", "xapp",
   """SLACK_APP_TOKEN={=S}  # socket mode for the ops bot""", "socket mode for the ops bot")
_t(VT, "slack-incoming-webhook-url", "slackhook",
   """ABEND_WEBHOOK=https://hooks.slack.com/services/{=slackT}/{=slackB}/{=S}""", "ABEND_WEBHOOK")
_t(VT, "aws-credentials-file-profile", "awssec",
   """[legacy-dw]
aws_access_key_id = {=akid}
aws_secret_access_key = {=S}
region = {=region}""", "[legacy-dw]")
_t(VT, "aws-session-token-export", "awssts",
   """export AWS_SESSION_TOKEN={=S}""", "export AWS_SESSION_TOKEN=")
_t(VT, "aws-s3-presigned-url-signature", "hex64",
   """https://{=bucket}.s3.{=region}.amazonaws.com/exports/gl_{=date_c}.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={=akid}%2F{=date_c}%2F{=region}%2Fs3%2Faws4_request&X-Amz-Date={=sftime}&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={=S}""",
   "{=bucket}.s3.{=region}.amazonaws.com")
_t(VT, "stripe-secret-key-config", "sklive",
   """stripe:
  publishable_key: pk_live_51{=hex8}
  secret_key: {=S}""", "publishable_key")
_t(VT, "stripe-restricted-key-env", "rklive",
   """STRIPE_RESTRICTED_KEY={=S}""", "STRIPE_RESTRICTED_KEY")
_t(VT, "stripe-webhook-signing-secret", "whsec",
   """STRIPE_WEBHOOK_SECRET={=S}  # policy-payments endpoint""", "policy-payments endpoint")
_t(VT, "sendgrid-api-key-properties", "sg",
   """mail.sendgrid.api-key={=S}
mail.from=no-reply@{=domain}""", "mail.from=no-reply@{=domain}")
_t(VT, "twilio-auth-token-with-sid", "hex32",
   """TWILIO_ACCOUNT_SID=AC{=hex8}{=hex8_2}{=hex8_3}{=hex8_4}
TWILIO_AUTH_TOKEN={=S}""", "TWILIO_ACCOUNT_SID=AC")
_t(VT, "twilio-api-key-secret", "twsk",
   """twilio api:core:messages:create --from +4930{=num} --to +4915{=num2} --body "ABEND in {=job}" --api-key SK{=hex8}{=hex8_2}{=hex8_3}{=hex8_4} --api-secret {=S}""",
   "ABEND in {=job}")
_t(VT, "mailgun-api-key-curl", "mailgun",
   """curl -s --user 'api:{=S}' https://api.eu.mailgun.net/v3/mg.{=domain}/messages -F to=ops@{=domain} -F subject='batch report'""",
   "api.eu.mailgun.net")
_t(VT, "npm-token-npmrc", "npm",
   """//registry.npmjs.org/:_authToken={=S}""", "//registry.npmjs.org/:_authToken=")
_t(VT, "pypi-token-pypirc", "pypi",
   """[pypi]
username = __token__
password = {=S}""", "username = __token__")
_t(VT, "docker-hub-pat-login", "dckr",
   """echo {=S} | docker login -u acmeinsbuild --password-stdin""", "acmeinsbuild")
_t(VT, "vault-service-token-env", "hvs",
   """export VAULT_ADDR=https://vault.{=domain}:8200
export VAULT_TOKEN={=S}""", "export VAULT_ADDR=https://vault.{=domain}:8200")
_t(VT, "vault-batch-token-header", "hvb",
   """curl -s -H "X-Vault-Token: {=S}" https://vault.{=domain}:8200/v1/secret/data/oracle/{=orasid_l}""",
   "/v1/secret/data/oracle/{=orasid_l}")
_t(VT, "terraform-cloud-credentials-tfrc", "tfc",
   """credentials "app.terraform.io" {
  token = "{=S}"
}""", 'credentials "app.terraform.io"')
_t(VT, "atlassian-api-token-jira-cli", "atl",
   """jira init --installation cloud --server https://acme-ins.atlassian.net --login {=person_l}@{=domain} --token {=S}""",
   "acme-ins.atlassian.net")
_t(VT, "google-api-key-maps", "aiza",
   """<script src="https://maps.googleapis.com/maps/api/js?key={=S}&callback=initBranchMap"></script>""",
   "initBranchMap")
_t(VT, "google-oauth-client-secret-json", "gocspx",
   """{"installed":{"client_id":"{=num}-{=hex8}.apps.googleusercontent.com","project_id":"legacy-reports","client_secret":"{=S}","redirect_uris":["http://localhost"]}}""",
   "legacy-reports")
_t(VT, "gcp-service-account-json-private-key", "gcp_pk",
   """{
  "type": "service_account",
  "project_id": "legacy-dw",
  "private_key_id": "{=hex8}{=hex8_2}",
  "private_key": "-----BEGIN PRIVATE KEY-----\\n{=S}\\n-----END PRIVATE KEY-----\\n",
  "client_email": "bq-loader@legacy-dw.iam.gserviceaccount.com"
}""", "bq-loader@legacy-dw.iam.gserviceaccount.com")
_t(VT, "azure-storage-connection-string-accountkey", "azkey",
   """DefaultEndpointsProtocol=https;AccountName=stlegacyexports;AccountKey={=S};EndpointSuffix=core.windows.net""",
   "AccountName=stlegacyexports")
_t(VT, "azure-sas-url-sig", "azsig",
   """https://stlegacyexports.blob.core.windows.net/gl/close_{=date_c}.zip?sv=2022-11-02&ss=b&srt=o&sp=r&se={=date}T23:59:00Z&st={=date}T00:00:00Z&spr=https&sig={=S}""",
   "stlegacyexports.blob.core.windows.net")
_t(VT, "azure-devops-pat-git-extraheader", "azdo",
   """git -c http.extraheader="AUTHORIZATION: Basic $(printf ':%s' '{=S}' | base64)" clone https://dev.azure.com/acme-ins/Mainframe/_git/cobol-src""",
   "dev.azure.com/acme-ins/Mainframe")
_t(VT, "azure-ad-client-secret-appsettings", "azcs",
   """"AzureAd": {
    "TenantId": "{=uuid_ctx}",
    "ClientId": "{=uuid_ctx2}",
    "ClientSecret": "{=S}"
}""", '"AzureAd"')
_t(VT, "jfrog-reference-token-header", "jfref",
   """curl -H "Authorization: Bearer {=S}" https://artifactory.{=domain}/artifactory/api/repositories""",
   "/artifactory/api/repositories")
_t(VT, "jfrog-api-key-x-jfrog-art-api", "akcp",
   """curl -H "X-JFrog-Art-Api: {=S}" -T was-fixpack.zip https://artifactory.{=domain}/artifactory/ibm-local/was/""",
   "ibm-local/was/")
_t(VT, "okta-ssws-api-token", "okta",
   """curl -H "Authorization: SSWS {=S}" "https://acme-ins.okta.com/api/v1/users?search=profile.department+eq+%22Claims%22\"""",
   "acme-ins.okta.com")
_t(VT, "dynatrace-api-token-env", "dt",
   """DT_API_TOKEN={=S}
DT_TENANT=https://abc{=num}.live.dynatrace.com""", "live.dynatrace.com")
_t(VT, "newrelic-user-api-key", "nrak",
   """newrelic profiles add --profile legacy --region EU --apiKey {=S} --accountId {=num}""",
   "--profile legacy --region EU")
_t(VT, "newrelic-license-key-yml", "newrelic_lic",
   """common: &default_settings
  license_key: '{=S}'
  app_name: Claims WebSphere ({=env})""", "app_name: Claims WebSphere")
_t(VT, "datadog-api-key-agent-yaml", "hex32",
   """# /etc/datadog-agent/datadog.yaml
api_key: {=S}
site: datadoghq.eu
hostname: {=host}""", "site: datadoghq.eu")
_t(VT, "pagerduty-user-token-header", "pdu",
   """curl -H "Authorization: Token token={=S}" -H "Accept: application/vnd.pagerduty+json;version=2" https://api.pagerduty.com/incidents?statuses[]=triggered""",
   "application/vnd.pagerduty+json")
_t(VT, "pagerduty-routing-key-events", "pagerduty_rk",
   """{"routing_key":"{=S}","event_action":"trigger","payload":{"summary":"JOB {=job} ABEND S0C7","source":"{=lpar}","severity":"critical"}}""",
   '"event_action":"trigger"')
_t(VT, "sentry-auth-token-sentryclirc", "sntrys",
   """[auth]
token={=S}
[defaults]
org=acme-ins
project=claims-portal""", "project=claims-portal")
_t(VT, "grafana-service-account-token", "glsa",
   """GF_SA_TOKEN={=S}   # dashboards-as-code for the mainframe SMF board""", "mainframe SMF board")
_t(VT, "doppler-service-token-cli", "doppler",
   """doppler run --token {=S} -- ./start_claims.sh""", "./start_claims.sh")
_t(VT, "pulumi-access-token-env", "pulumi",
   """PULUMI_ACCESS_TOKEN={=S} pulumi up -s acme/legacy-net/prod""", "acme/legacy-net/prod")
_t(VT, "buildkite-agent-api-token", "bkua",
   """BUILDKITE_API_TOKEN={=S}""", "BUILDKITE_API_TOKEN=")
_t(VT, "tailscale-auth-key-up", "tskey",
   """sudo tailscale up --authkey={=S} --advertise-routes=10.40.0.0/16 --hostname=mf-bridge-01""",
   "--hostname=mf-bridge-01")
_t(VT, "onepassword-service-account-token", "ops",
   """OP_SERVICE_ACCOUNT_TOKEN={=S}""", "OP_SERVICE_ACCOUNT_TOKEN")
_t(VT, "databricks-pat-cfg", "dapi",
   """[DEFAULT]
host  = https://adb-{=num}.12.azuredatabricks.net
token = {=S}""", "azuredatabricks.net")
_t(VT, "figma-personal-token", "figd",
   """FIGMA_TOKEN={=S}  # for exporting the 3270 screen redesign frames""", "3270 screen redesign")
_t(VT, "notion-integration-secret", "ntn",
   """NOTION_API_KEY={=S}
NOTION_RUNBOOK_DB={=hex8}{=hex8_2}{=hex8_3}{=hex8_4}""", "NOTION_RUNBOOK_DB")
_t(VT, "openai-project-key-env", "oai",
   """OPENAI_API_KEY={=S}  # COBOL-to-Java translation spike""", "COBOL-to-Java translation spike")
_t(VT, "anthropic-api-key-header", "ant",
   """curl https://api.anthropic.com/v1/messages -H "x-api-key: {=S}" -H "anthropic-version: 2023-06-01" -d @explain_jcl.json""",
   "explain_jcl.json")
_t(VT, "huggingface-token-login", "hf",
   """huggingface-cli login --token {=S} --add-to-git-credential""", "--add-to-git-credential")
_t(VT, "postman-api-key-newman", "pmak",
   """newman run "https://api.getpostman.com/collections/{=uuid_ctx}?apikey={=S}" -e sap-odata-qas.json""",
   "sap-odata-qas.json")
_t(VT, "shopify-admin-token-header", "shpat",
   """X-Shopify-Access-Token: {=S}""", "X-Shopify-Access-Token:")
_t(VT, "digitalocean-token-doctl", "dop",
   """doctl auth init --context legacy-lab --access-token {=S}""", "--context legacy-lab")
_t(VT, "linear-api-key-config", "lin",
   """{"linear": {"apiKey": "{=S}", "team": "MF-MIGRATION"}}""", '"team": "MF-MIGRATION"')
_t(VT, "age-secret-key-file", "age",
   """# created: {=date}T{=time}+01:00
# public key: age1{=hex8}{=hex8_2}
{=S}""", "# public key: age1")
_t(VT, "ibm-cloud-api-key-login", "ibmkey",
   """ibmcloud login --apikey {=S} -r eu-de -g legacy-modernization""", "-g legacy-modernization")
_t(VT, "ibm-cos-hmac-secret-json", "hex48",
   """"cos_hmac_keys": {
    "access_key_id": "{=hex8}{=hex8_2}{=hex8_3}{=hex8_4}",
    "secret_access_key": "{=S}"
}""", '"cos_hmac_keys"')
_t(VT, "sap-btp-xsuaa-clientsecret", "btpsec",
   """"uaa": {
  "clientid": "sb-claims-api!t{=num}",
  "clientsecret": "{=S}",
  "url": "https://acme-ins.authentication.eu10.hana.ondemand.com"
}""", '"clientid": "sb-claims-api!t{=num}"')
_t(VT, "sap-api-hub-apikey-header", "an32",
   """GET https://sandbox.api.sap.com/s4hanacloud/sap/opu/odata/sap/API_BUSINESS_PARTNER/A_BusinessPartner?$top=5
APIKey: {=S}
Accept: application/json""", "API_BUSINESS_PARTNER")
_t(VT, "oci-auth-token-ocir-login", "ociauth",
   """docker login fra.ocir.io -u 'frxyz{=hex8}/oracleidentitycloudservice/{=person_l}@{=domain}' -p '{=S}'""",
   "fra.ocir.io")
_t(VT, "oci-api-signing-key-pem", "pem_pk8",
   """# ~/.oci/oci_api_key.pem (for user {=person_l}@{=domain})
-----BEGIN PRIVATE KEY-----
{=S}
-----END PRIVATE KEY-----""", "~/.oci/oci_api_key.pem")
_t(VT, "salesforce-refresh-token-properties", "sfrt",
   """sf.instanceUrl=https://acme-ins.my.salesforce.com
sf.refreshToken={=S}""", "acme-ins.my.salesforce.com")
_t(VT, "salesforce-session-id-bearer", "sfat",
   """curl https://acme-ins.my.salesforce.com/services/data/v58.0/sobjects/Case -H "Authorization: Bearer {=S}\"""",
   "/services/data/v58.0/sobjects/Case")
_t(VT, "mulesoft-anypoint-client-secret", "hex32",
   """anypoint.platform.client_id={=hex8}{=hex8_2}{=hex8_3}{=hex8_4}
anypoint.platform.client_secret={=S}""", "anypoint.platform.client_id=")
_t(VT, "splunk-hec-token-header", "uuid",
   """curl -k https://splunk-hec.{=domain}:8088/services/collector/event -H "Authorization: Splunk {=S}" -d '{"event": "SMF type 30 extract loaded", "sourcetype": "zos:smf"}'""",
   "zos:smf")
_t(VT, "telegram-bot-token-url", "tg",
   """https://api.telegram.org/bot{=S}/sendMessage?chat_id=-100{=num}&text=DB2+restart+done""",
   "DB2+restart+done")
_t(VT, "discord-webhook-url", "discord",
   """DISCORD_WEBHOOK=https://discord.com/api/webhooks/{=num}{=num2}{=num3}/{=S}""", "DISCORD_WEBHOOK")
_t(VT, "teams-incoming-webhook-url", "hex32",
   """https://acmeins.webhook.office.com/webhookb2/{=uuid_ctx}@{=uuid_ctx2}/IncomingWebhook/{=S}/{=uuid_ctx3}""",
   "acmeins.webhook.office.com")
_t(VT, "mailchimp-api-key", "mailchimp",
   """MAILCHIMP_API_KEY={=S}""", "MAILCHIMP_API_KEY")
_t(VT, "heroku-api-key-netrc", "hrku",
   """machine api.heroku.com
  login {=person_l}@{=domain}
  password {=S}""", "machine api.heroku.com")
_t(VT, "rubygems-api-key-credentials", "rubygems",
   """---
:rubygems_api_key: {=S}""", ":rubygems_api_key:")
_t(VT, "nuget-api-key-push", "nuget",
   """dotnet nuget push Acme.Legacy.Cobol.Interop.{=ver}.nupkg --api-key {=S} --source https://api.nuget.org/v3/index.json""",
   "Acme.Legacy.Cobol.Interop")
_t(VT, "square-access-token-env", "sqat",
   """SQUARE_ACCESS_TOKEN={=S}""", "SQUARE_ACCESS_TOKEN")
_t(VT, "braintree-paypal-access-token", "braintree",
   """BRAINTREE_ACCESS_TOKEN={=S}""", "BRAINTREE_ACCESS_TOKEN")
_t(VT, "circleci-personal-api-token", "ccipat",
   """curl -H "Circle-Token: {=S}" https://circleci.com/api/v2/me""", "circleci.com/api/v2/me")
_t(VT, "bitbucket-app-password-clone", "atbb",
   """git clone https://{=person_l}:{=S}@bitbucket.org/acme-ins/rpg-sources.git""", "rpg-sources.git")
_t(VT, "octopus-api-key-cli", "octo",
   """octo create-release --project "Claims WAS" --server https://octopus.{=domain} --apiKey {=S}""",
   '--project "Claims WAS"')
_t(VT, "contentful-management-token", "cfpat",
   """CONTENTFUL_MANAGEMENT_TOKEN={=S}""", "CONTENTFUL_MANAGEMENT_TOKEN")
_t(VT, "cloudflare-api-token-bearer", "cftok",
   """curl -X GET "https://api.cloudflare.com/client/v4/user/tokens/verify" -H "Authorization: Bearer {=S}\"""",
   "/user/tokens/verify")
_t(VT, "mapbox-secret-token", "mapbox",
   """MAPBOX_DOWNLOADS_TOKEN={=S}""", "MAPBOX_DOWNLOADS_TOKEN")
_t(VT, "dropbox-short-lived-token", "dropbox",
   """dbx = dropbox.Dropbox("{=S}")  # archive of scanned claim forms""", "scanned claim forms")
_t(VT, "asana-pat-header", "asana",
   """curl -H "Authorization: Bearer {=S}" https://app.asana.com/api/1.0/projects/{=num}/tasks""",
   "app.asana.com/api/1.0")
_t(VT, "jira-dc-pat-bearer", "jiradc",
   """curl -H "Authorization: Bearer {=S}" https://jira.{=domain}/rest/api/2/search?jql=project=MFMIG""",
   "jql=project=MFMIG")
_t(VT, "confluent-cloud-api-secret", "confl",
   """sasl.mechanism=PLAIN
sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{=hex8_u}{=hex8_2_u}" password="{=S}";""",
   "sasl.mechanism=PLAIN")
_t(VT, "fastly-api-token-purge", "fastly",
   """curl -X POST -H "Fastly-Key: {=S}" https://api.fastly.com/service/{=hex8}/purge_all""", "/purge_all")
_t(VT, "snyk-token-auth", "snyk",
   """snyk auth {=S}""", "snyk auth")
_t(VT, "informatica-iics-session-id", "iicsid",
   """curl -H "icSessionId: {=S}" https://emw1.dm-em.informaticacloud.com/saas/api/v2/activity/activityLog?rowLimit=20""",
   "activity/activityLog")
_t(VT, "controlm-automation-api-key", "ctmtok",
   """curl -H "x-api-key: {=S}" https://ctm.{=domain}:8443/automation-api/run/jobs/status?jobname=GL*""",
   "automation-api/run/jobs/status")
_t(VT, "cyberark-ccp-app-credential-note", "cyberark",
   """CCP AppID=ETL_PRD, client secret for the REST bridge: {=S}""", "CCP AppID=ETL_PRD")
_t(VT, "keycloak-jwt-bearer-header", "jwt",
   """Authorization: Bearer {=S}""", "Authorization: Bearer ")
_t(VT, "launchdarkly-sdk-key", "launchdarkly",
   """ld.sdkKey={=S}""", "ld.sdkKey=")
_t(VT, "algolia-admin-api-key", "algolia",
   """ALGOLIA_APP_ID=K{=hex8_u}
ALGOLIA_ADMIN_KEY={=S}""", "ALGOLIA_APP_ID=K")
_t(VT, "netlify-personal-token", "netlify",
   """NETLIFY_AUTH_TOKEN={=S}""", "NETLIFY_AUTH_TOKEN")
_t(VT, "supabase-access-token", "supabase",
   """SUPABASE_ACCESS_TOKEN={=S}""", "SUPABASE_ACCESS_TOKEN")
_t(VT, "planetscale-password-dsn", "planetscale",
   """DATABASE_URL=mysql://{=hex8}:{=S}@aws.connect.psdb.cloud/claims-archive?sslaccept=strict""",
   "aws.connect.psdb.cloud")
_t(VT, "brevo-sendinblue-api-key", "sendinblue",
   """BREVO_API_KEY={=S}""", "BREVO_API_KEY")
_t(VT, "sumologic-access-key", "sumo",
   """sumo_access_id=su{=hex8}
sumo_access_key={=S}""", "sumo_access_id=su")


# ================================================================= BENIGN
_PLAIN_SENTENCES = [
    "nightly batch completed", "hello from the payroll team", "config version",
    "report generated for period", '{"env":"prod","region":"eu"}',
    "this is not a secret", "claims export header", "ready for month end close",
    "JES2 spool offload finished", "SAP IDoc ORDERS05 received",
]


def _bf(fn):
    return lambda: _fresh(fn)


def _colon_hex(n, upper=True):
    alpha = "0123456789ABCDEF" if upper else _HEXD
    return ":".join(_c(alpha, 2) for _ in range(n))


_F.update({
    "sha40": _bf(lambda: _c(_HEXD, 40)),
    "sha7": _bf(lambda: _c(_HEXD, 7)),
    "sha64": _bf(lambda: _c(_HEXD, 64)),
    "md5": _bf(lambda: _c(_HEXD, 32)),
    "uuid": _bf(_uuid),
    "trace": _bf(lambda: _c(_HEXD, 32)),
    "span": _bf(lambda: _c(_HEXD, 16)),
    "sshfp": _bf(lambda: _b64(_rb(32)).rstrip("=")),
    "certfp": _bf(lambda: _colon_hex(32)),
    "sha1fp": _bf(lambda: _colon_hex(20)),
    "fp16": _bf(lambda: _colon_hex(16, False)),
    "pgpfp": _bf(lambda: " ".join(_c("0123456789ABCDEF", 4) for _ in range(10))),
    "pgpid": _bf(lambda: _c("0123456789ABCDEF", 16)),
    "sshed": _bf(lambda: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _c(_B64C, 43)),
    "sshrsa": _bf(lambda: "AAAAB3NzaC1yc2EAAAADAQABAAABAQ" + _c(_B64C, 342)),
    "certbody": _bf(lambda: _wrap("MIID" + _c(_B64C, 380) + "=", 64)),
    "pubkeybody": _bf(lambda: _wrap("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _c(_B64C, 314) + "IDAQAB", 64)),
    "sri": _bf(lambda: "sha512-" + _b64(_rb(64))),
    "gosum": _bf(lambda: "h1:" + _b64(_rb(32))),
    "b64text": _bf(lambda: _b64((_p(_PLAIN_SENTENCES) + " " + str(_ri(1, 99999))).encode())),
    "hexser": _bf(lambda: _c("0123456789ABCDEF", 32)),
    "longnum": _bf(lambda: str(_ri(10 ** 17, 9 * 10 ** 18))),
    "arnsfx": _bf(lambda: _c(_ALN, 6)),
    "sealed": _bf(lambda: "AgB" + _c(_B64C, 120) + "=="),
    "vaulthex": _bf(lambda: _wrap(_c(_HEXD, 320), 80)),
    "sopsdata": _bf(lambda: _b64(_rb(_ri(12, 24)))),
    "sopsiv": _bf(lambda: _b64(_rb(32))),
    "sopstag": _bf(lambda: _b64(_rb(16))),
    "awsreq": _bf(lambda: _c("0123456789ABCDEF", 16)),
    "amzid2": _bf(lambda: _b64(_rb(54))),
    "ocid": _bf(lambda: "ocid1.vaultsecret.oc1.eu-frankfurt-1.amaaaaaa" + _c(_LOW + _DIG, 52)),
    "etag": _bf(lambda: _c(_HEXD, 32)),
    "build": lambda: str(_ri(100, 9999)),
})

_BENIGN_TPL = [
    # ---- commands
    "sqlplus -s /@{=tns}_WALLET @/u01/scripts/{?refresh_mv|gather_stats|purge_audit}.sql   # wallet auth, no password on the command line",
    "sqlplus / as sysdba <<< 'select instance_name, status from v$instance;'",
    "hdbsql -U BACKUPKEY \"BACKUP DATA USING FILE ('weekly_{=date_c}')\"",
    "zowe zos-jobs submit data-set \"{=dsn}(PAYR{=num})\" --zosmf-profile {=lpar_l} --wait-for-output",
    "git checkout {=sha40}",
    "git cherry-pick {=sha7} {=sha7_2}",
    "pmcmd startworkflow -sv IS_{=env} -d Dom_{=env} -uv INFA_USER -pv INFA_PASSWD -f {=folder} -wait {=wf}",
    "infacmd.sh isp ListServices -dn Dom_{=env} -un Administrator -pd \"$INFA_PASSWD\" -sdn Native",
    "mkstore -wrl /u01/app/oracle/wallet/{=orasid_l} -listCredential",
    "docker login -u ci --password-stdin registry.{=domain} < /run/secrets/registry_pw",
    "kubectl -n legacy create secret generic db2-creds --from-file=password=./db2.pw --dry-run=client -o yaml | kubeseal > sealed-{=num}.yaml",
    "export DB_PASSWORD=$(vault kv get -field=password secret/fin/{=orauser})",
    "read -s -p 'RACF password for {=racfid}: ' RACFPW && export RACFPW",
    "sha256sum {=app}-{=ver}.ear   # expect {=sha64}",
    "docker pull registry.{=domain}/legacy/claims-was@sha256:{=sha64}",
    "aws s3 cp gl_{=date_c}.csv s3://{=bucket}/in/ --sse aws:kms --sse-kms-key-id arn:aws:kms:{=region}:{=acct}:key/{=uuid}",
    "keytool -list -v -keystore /opt/claims/trust.p12 -storepass:env KS_PASS | grep -i fingerprint",
    "tsocmd \"ALTUSER {=racfid} RESUME\"",
    "tsocmd \"SETROPTS PASSWORD(HISTORY(12) INTERVAL(90) RULE1(LENGTH(8) ALPHANUM(1:8)))\"   # {=ticket}",
    "ssh qsecofr@{=ibmihost} \"system 'CHGUSRPRF USRPRF({=ibmiuser}) PASSWORD(*NONE) STATUS(*ENABLED)'\"",
    "ALTER USER {=orauser} ACCOUNT LOCK PASSWORD EXPIRE;   -- {=ticket}",
    "db2 connect to {=db2db}   # implicit connect as the current OS user ({=user})",
    "sapcontrol -nr {=nr} -function GetProcessList   # local trust, run as {=sid_l}adm on {=saphost}",
    "hdbuserstore list BACKUPKEY",
    "openssl rand -hex 32 > /etc/{=app}/session.key && chmod 600 /etc/{=app}/session.key",
    "ssh-keygen -lf ~/.ssh/id_ed25519.pub   # 256 SHA256:{=sshfp} {=user}@{=host} (ED25519)",
    "curl -s -H \"Authorization: Bearer $ZOSMF_TOKEN\" https://{=mfhost}/zosmf/info | jq .zosmf_version",
    "cmdkey /list:TERMSRV/{=winhost}",
    "gpg --recv-keys {=pgpid}",
    "./wsadmin.sh -lang jython -f deploy_ear.py {=app}   # credentials taken from soap.client.props",
    "orapki wallet display -wallet /u01/app/oracle/admin/{=orasid}/tde_wallet",
    "hdbsql -U DEFAULT -j \"SELECT USER_NAME, PASSWORD_CHANGE_TIME FROM USERS WHERE USER_NAME='TECH_ETL'\"",
    "zowe zos-files download ds \"{=dsn}\" --zosmf-profile {=lpar_l} -f /tmp/{=job}.txt",
    "git log --format='%H %an %s' -3 -- jcl/{=job}.jcl",
    "sqlplus -L gl_etl@{=tns}   # prompts for the password interactively",
    "sshpass -f /home/{=user}/.ssh/ftp.pw sftp {=user}@{=host}",
    "lftp -u {=user} sftp://{=host}   # password prompt, key auth preferred",
    "docker build --secret id=netrc,src=$HOME/.netrc -t claims-was:{=ver} .",
    "vault kv get -field=password secret/mainframe/batch/{=racfid_l} | tsocmd_pw_update",
    "az keyvault secret show --vault-name kv-legacy-{=env_l} --name gl-db-pw --query id -o tsv",
    # ---- tool output
    "$ git rev-parse HEAD\n{=sha40}",
    "$ md5sum /data/out/payroll_{=date_c}.txt\n{=md5}  /data/out/payroll_{=date_c}.txt",
    "$ docker images --digests | grep claims\nregistry.{=domain}/legacy/claims-was   {=ver}   sha256:{=sha64}   3 weeks ago   1.2GB",
    "$ kubectl -n legacy describe secret db2-creds\nName:         db2-creds\nNamespace:    legacy\nType:  Opaque\n\nData\n====\npassword:  {=num} bytes\nusername:  8 bytes",
    "$ vault kv metadata get secret/oracle/{=orasid_l}/sys\nKey                     Value\n---                     -----\ncreated_time            {=date}T{=time}Z\ncurrent_version         {=build}\nmax_versions            10",
    "$ aws sts get-caller-identity\n{\n    \"Account\": \"{=acct}\",\n    \"Arn\": \"arn:aws:sts::{=acct}:assumed-role/legacy-etl/botocore-session-{=longnum}\"\n}",
    "pub   rsa4096 {=date} [SC]\n      {=pgpfp}\nuid           [ultimate] ACH Signing Key <ach-ops@{=domain}>",
    "Alias name: zos-root-ca\nEntry type: trustedCertEntry\nCertificate fingerprints:\n\t SHA256: {=certfp}",
    "serial={=hexser}\nSHA1 Fingerprint={=sha1fp}",
    "$ ls -l /u01/app/oracle/wallet/{=orasid_l}\n-rw------- 1 oracle oinstall 1091 Mar  3 02:11 cwallet.sso\n-rw------- 1 oracle oinstall 1046 Mar  3 02:11 ewallet.p12",
    "$ env | grep -i pass\nDB_PASSWORD_FILE=/run/secrets/db_password\nPASSWORD_POLICY=corp-90d-{=num}",
    "USERNAME        ACCOUNT_STATUS       EXPIRY_DATE\n--------------- -------------------- -----------\n{=orauser_u}    OPEN                 {=date}\nAPPS            EXPIRED(GRACE)       {=date2}",
    "USER={=racfid}  NAME=PAYROLL BATCH  OWNER=PAYGRP  CREATED=23.{=build}\n DEFAULT-GROUP=PAYGRP PASSDATE=24.201 PASS-INTERVAL= 90 PHRASEDATE=N/A\n ATTRIBUTES=PROTECTED",
    "KEY BACKUPKEY\n  ENV : {=saphost}:3{=nr}13@SYSTEMDB\n  USER: BACKUP_OPERATOR\n  KEY FILE : /usr/sap/{=sid}/home/.hdb/SSFS_HDB.KEY",
    "List credential (index: connect_string username)\n1: {=tns} {=orauser}\n2: {=tns2} rpt_ro",
    "$ uuidgen\n{=uuid}",
    "https://kv-legacy-{=env_l}.vault.azure.net/secrets/gl-db-pw/{=md5}",
    "\"ARN\": \"arn:aws:secretsmanager:{=region}:{=acct}:secret:prod/hr/etl-{=arnsfx}\",\n\"Name\": \"prod/hr/etl\",\n\"RotationEnabled\": true,\n\"LastRotatedDate\": \"{=date}T02:00:00+00:00\"",
    " User profile . . . . . . . . . . :   {=ibmiuser}\n Previous sign-on . . . . . . . . :   {=date} {=time}\n Password expiration interval . . :   *SYSVAL\n Password expired . . . . . . . . :   *NO\n Block password change  . . . . . :   *NONE",
    "$ terraform state list\noci_database_autonomous_database.dwh\nrandom_password.adb_admin\noci_vault_secret.adb_admin_pw  # id {=ocid}",
    "-r--   Password                                     ******\n-r--   PasswordEncrypted                            ******\n-r--   Url                                          jdbc:oracle:thin:@//{=orahost}:1521/{=orasid}",
    "$ cat /etc/oratab\n{=orasid}:/u01/app/oracle/product/19.0.0/dbhome_1:Y",
    "$ ls ~/.ssh\nauthorized_keys  config  id_ed25519  id_ed25519.pub  known_hosts   # on {=host}",
    "$ pip hash dist/claims_client-{=ver}.tar.gz\ndist/claims_client-{=ver}.tar.gz:\n--hash=sha256:{=sha64}",
    "$ kubectl get secrets -n legacy\nNAME            TYPE                             DATA   AGE\ndb2z-creds      Opaque                           2      {=build}d\nwls-admin       Opaque                           2      41d\nregistry-pull   kubernetes.io/dockerconfigjson   1      90d",
    "spec:\n  encryptedData:\n    password: {=sealed}\n  template:\n    metadata:\n      name: db2z-creds",
    "$ vault token lookup -format=json | jq .data.policies\n[\n  \"default\",\n  \"etl-read-{=env_l}\"\n]",
    "$ openssl s_client -connect {=washost}:9443 </dev/null 2>/dev/null | openssl x509 -noout -fingerprint -sha256\nsha256 Fingerprint={=certfp}",
    # ---- config files
    "spring.datasource.url=jdbc:oracle:thin:@//{=orahost}:1521/{=orasid}\nspring.datasource.username={=orauser}\nspring.datasource.password=${SPRING_DATASOURCE_PASSWORD}",
    "oracle_sid: {=orasid}\noracle_sys_password: \"{{ vault_oracle_sys_password }}\"",
    "DEST={=sid}\nASHOST={=saphost}\nSYSNR={=nr}\nCLIENT={=client}\nUSER={=sapuser}\nPASSWD=<set via secure store, do not put it here>",
    "jco.client.ashost={=saphost}\njco.client.passwd=\njco.client.snc_mode=1\njco.client.snc_partnername=p:CN={=sid}, O=Acme, C=DE",
    "<server>\n  <id>nexus-releases</id>\n  <username>${env.NEXUS_USER}</username>\n  <password>${env.NEXUS_PASSWORD}</password>\n</server>",
    "<jdbc-driver-params>\n  <url>jdbc:oracle:thin:@//{=orahost}:1521/{=orasid}</url>\n  <password-encrypted></password-encrypted>\n</jdbc-driver-params>",
    "<security>\n    <user-name>claims_app</user-name>\n    <password>${VAULT::ds_ClaimsDS::password::1}</password>\n</security>",
    "<connectionFactory xmi:id=\"CMPConnectorFactory_{=num}\" name=\"claimsDB_CF\" authDataAlias=\"{=lpar}CellManager01/claimsDb2\" authMechanismPreference=\"BASIC_PASSWORD\"/>",
    "KeyFile /opt/IBM/HTTPServer/ssl/key.kdb\nSSLStashfile /opt/IBM/HTTPServer/ssl/key.sth\nSSLServerCert {=app}",
    "{=tns} =\n  (DESCRIPTION =\n    (ADDRESS = (PROTOCOL = TCP)(HOST = {=orahost})(PORT = {=oraport}))\n    (CONNECT_DATA = (SERVICE_NAME = {=orasid}))\n  )",
    "WALLET_LOCATION = (SOURCE = (METHOD = FILE)(METHOD_DATA = (DIRECTORY = /u01/app/oracle/wallet/{=orasid_l})))\nSQLNET.WALLET_OVERRIDE = TRUE",
    "//{=job} JOB (4711,PAY),'PAYROLL',CLASS=A,MSGCLASS=X,NOTIFY=&SYSUID\n//* USER/PASSWORD removed - job runs under surrogate PAYBAT1 ({=ticket})",
    "//INPUT    DD DSN={=dsn}(FTPCMDS),DISP=SHR\n//NETRC    DD DSN={=racfid}.NETRC,DISP=SHR   RACF-protected, UACC(NONE)",
    "        env:\n        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: {=app}-db\n              key: password",
    "[GL_DSN]\nDriver=Oracle 19 ODBC driver\nServerName={=tns}\nUserID={=orauser}\npassword_file = /etc/odbc/{=orauser}.pw",
    "\"node_modules/ibm_db\": {\n  \"version\": \"{=ver}\",\n  \"integrity\": \"{=sri}\"\n}",
    "github.com/godror/godror v0.{=build}.0 {=gosum}",
    "<dependency>\n  <groupId>com.ibm.db2</groupId>\n  <artifactId>jcc</artifactId>\n  <version>11.5.{=build}.0</version>\n  <sha1>{=sha40}</sha1>\n</dependency>",
    "ssh_authorized_keys:\n  - ssh-ed25519 {=sshed} ops@{=host}",
    "-----BEGIN CERTIFICATE-----\n{=certbody}\n-----END CERTIFICATE-----",
    "# bank's signing key (public)\n-----BEGIN PUBLIC KEY-----\n{=pubkeybody}\n-----END PUBLIC KEY-----",
    "login/min_password_lng = {?8|10|12}\nlogin/password_expiration_time = 90\nlogin/fails_to_user_lock = 5\nlogin/password_history_size = {?5|12|24}",
    "ALTER PROFILE app_users LIMIT PASSWORD_LIFE_TIME {?60|90|180} PASSWORD_REUSE_MAX 12 FAILED_LOGIN_ATTEMPTS 5 PASSWORD_VERIFY_FUNCTION ora12c_strong_verify_function;",
    "QPWDMINLEN  {?8|10|12}\nQPWDLVL     3\nQPWDRQDDIF  1\nQPWDEXPITV  90",
    "password.policy.minLength={?10|12|14}\npassword.policy.requireDigit=true\npassword.policy.requireSymbol=true\npassword.policy.historySize=12",
    "<keyStore id=\"defaultKeyStore\" location=\"key.p12\" type=\"PKCS12\" password=\"${keystore_password}\"/>  <!-- {=app} -->",
    "<dsn alias=\"{=db2db}\" name=\"{=db2db}\" host=\"{=mfhost}\" port=\"446\"/>",
    "[aix_batch]\n{=host} ansible_user=batchops ansible_ssh_private_key_file=~/.ssh/ansible_ed25519",
    "db_admin_password = random_password.adb_admin.result\nadb_display_name  = \"DWH_{=env}\"",
    "password: ENC[AES256_GCM,data:{=sopsdata},iv:{=sopsiv},tag:{=sopstag},type:str]",
    "$ANSIBLE_VAULT;1.1;AES256\n{=vaulthex}",
    "[client]\nuser=report\nhost={=host}\n# password read from ~/.mylogin.cnf (mysql_config_editor), not stored here",
    "[DEFAULT]\nkey_file=~/.oci/oci_api_key.pem\nfingerprint={=fp16}\nregion=eu-frankfurt-1",
    "DEST={=sid}\nASHOST={=saphost}\nSNC_MODE=1\nSNC_PARTNERNAME=p:CN={=sid}, OU=SAP, O=Acme\nSNC_QOP=9",
    "<param name=\"SMTPPassword\" value=\"${smtp.password}\"/>\n<param name=\"SMTPHost\" value=\"smtp.{=domain}\"/>",
    "<add name=\"PolicyDb\" connectionString=\"Data Source={=winhost};Initial Catalog=Policy;Integrated Security=SSPI;\" providerName=\"System.Data.SqlClient\" />",
    "services:\n  db:\n    environment:\n      ORACLE_PWD_FILE: /run/secrets/oracle_pwd\n    secrets:\n      - oracle_pwd\nsecrets:\n  oracle_pwd:\n    file: ./secrets/oracle_pwd.txt   # {=app}",
    "//nexus.{=domain}/repository/npm-all/:_authToken=${NPM_TOKEN}",
    "[nexus]\nrepository = https://nexus.{=domain}/repository/pypi-internal/\nusername = uploader\npassword = <your-token>",
    "users:\n- name: legacy-ci\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: kubelogin\n      args: [get-token, --server-id, {=uuid}]",
    "{\n  \"credsStore\": \"desktop\",\n  \"auths\": { \"registry.{=domain}\": {} }\n}",
    "[credential \"https://bitbucket.{=domain}\"]\n    helper = manager-core\n    username = {=user}",
    "open sftp://{=user}@{=host}/ -hostkey=\"ssh-ed25519 255 {=sshfp}\" -privatekey=D:\\keys\\{=user}.ppk",
    "{=host},{=ip} ssh-ed25519 {=sshed}",
    "jdbc.url=jdbc:as400://{=ibmihost};naming=system;libraries={=lib}\njdbc.user={=ibmiuser}\njdbc.password=@@FROM_CYBERARK@@",
    "boot.properties is regenerated on each start; username/password lines are {AES256} encrypted by WebLogic ({=washost})",
    "keystore.password.file=/etc/claims/ks.pass\nkeystore.path=/etc/claims/{=app}.p12",
    "WSS_PASSWORD_TYPE=PasswordDigest\nWSS_USER=esb_claims\nWSS_PASSWORD_REF=vault:secret/esb/{=env_l}/claims",
    # ---- source code
    "password = os.environ[\"ORA_PWD\"]   # set by the {=app} systemd unit",
    "String pw = System.getenv(\"WAS_ADMIN_PW\");\nif (pw == null) throw new IllegalStateException(\"WAS_ADMIN_PW not set\");",
    "passwd = getpass.getpass(\"SAP password for %s@%s: \" % (user, \"{=sid}\"))",
    "       01  WS-PASSWORD         PIC X(08) VALUE SPACES.\n       01  WS-PASSWORD-LEN     PIC S9(4) COMP VALUE {=build}.",
    "           MOVE LK-PASSWORD TO WS-PASSWORD\n           PERFORM 2000-VALIDATE-SIGNON\n           INITIALIZE WS-PASSWORD.",
    "DATA lv_password TYPE bapipwd.\nlv_password = zcl_secstore=>read( iv_key = 'BANK_SFTP_{=sid}' ).",
    "if (password.length() < 8) {\n    throw new WeakPasswordException(\"RACF requires at least 8 characters\");\n}",
    "String cacheKey = \"rates:\" + DigestUtils.sha256Hex(payload); // e.g. rates:{=sha64}",
    "private static final long serialVersionUID = {=longnum}L;",
    "PASSWORD_RE = re.compile(r\"(?i)(password|passwd|pwd)\\s*[:=]\\s*\\S+\")",
    "def mask(v):\n    return v[:2] + \"*\" * max(len(v) - 2, 0)",
    "fixture = {\"user\": \"{=racfid}\", \"password\": None, \"lpar\": \"{=lpar}\"}",
    "LOG.info(\"login ok for user {} from {}\", user, remoteAddr); // no credentials logged ({=ticket})",
    "dcl-s pwd char(128);\npwd = %trim(getSecret('EDI_FTP_{=env}'));",
    "             RTVDTAARA  DTAARA(SECLIB/FTPPWD) RTNVAR(&PWD)  /* data area is *EXCLUDE for *PUBLIC */",
    "char[] pw = System.console().readPassword(\"WebLogic password for %s: \", adminUrl);",
    "var cs = builder.Configuration.GetConnectionString(\"PolicyDb\"); // from Azure Key Vault reference",
    "public static final String PASSWORD_PARAM = \"password\";\npublic static final String TOKEN_HEADER = \"X-Auth-Token\";",
    "<ns2:correlationId>{=uuid}</ns2:correlationId>",
    "if (!MessageDigest.isEqual(sha256(input), storedHash)) { return AuthResult.DENIED; }",
    "private static final UUID DEFAULT_TENANT = UUID.fromString(\"{=uuid}\");",
    "CREATE USER ops$oracle IDENTIFIED EXTERNALLY;\nGRANT CONNECT TO ops$oracle;",
    "ALTER USER {=orauser} IDENTIFIED GLOBALLY AS 'CN={=orauser},OU=services,DC=corp';",
    "CONNECT /@{=tns}_WALLET\n@@refresh_{=schema_l}.sql",
    "           EXEC SQL CONNECT TO :WS-LOCATION END-EXEC.",
    "$cred = Get-Credential -UserName \"{=dom}\\{=svc}\" -Message \"ETL service account\"",
    "$pw = Get-Secret -Name GlDbPassword -Vault LegacyVault   # SecretManagement module",
    "const token = process.env.SERVICENOW_TOKEN ?? \"\";",
    "etag = hashlib.md5(body).hexdigest()  # e.g. {=etag}",
    # ---- logs and traces
    "ORA-01017: invalid username/password; logon denied  ({=orauser}@{=tns})",
    "ORA-28000: The account is locked.\nORA-28001: the password has expired  -- user {=orauser}",
    "ICH408I USER({=racfid} ) GROUP(PAYGRP  ) NAME(PAYROLL BATCH       )\n  LOGON/JOB INITIATION - INVALID PASSWORD ENTERED AT TERMINAL {=job}",
    "IRR012I  VERIFICATION FAILED. USER PROFILE NOT FOUND. JOB {=job}",
    "RFC_LOGON_FAILURE: Name or password is incorrect (repeat logon) [dest {=sid}CLNT{=client}]",
    "####<{=date} 03:14:15 CET> <Notice> <Security> <{=washost}> <AdminServer> <BEA-090078> <User weblogic in security realm myrealm has had 5 invalid login attempts, locking account for 30 minutes.>",
    "[{=date} 08:00:01:001 CET] 0000004a LTPAServerObj E   SECJ0369E: Authentication failed when using LTPA. The exception is com.ibm.websphere.security.auth.AuthenticationFailedException.",
    "ERROR [org.jboss.security] (default task-{=build}) PBOX00070: Password invalid/Password required",
    "java.io.IOException: Keystore was tampered with, or password was incorrect\n\tat sun.security.provider.JavaKeyStore.engineLoad(JavaKeyStore.java:{=build})",
    "{=date} 07:00:01.553 DEBUG com.zaxxer.hikari.HikariConfig - password........................<masked>",
    "> Authorization: Basic ****\n> Host: {=washost}:9443",
    "Authorization: Bearer [REDACTED]  (request {=uuid})",
    "{=date}T{=time}Z INFO claims-api traceId={=trace} spanId={=span} GET /api/v1/claims 200 41ms",
    "X-Request-ID: {=uuid}",
    "x-amz-request-id: {=awsreq}\nx-amz-id-2: {=amzid2}",
    "sshd[{=pid}]: Accepted publickey for oracle from {=ip} port 52011 ssh2: ED25519 SHA256:{=sshfp}",
    "HEAD is now at {=sha7} fix JCL step order for {=job}",
    "MAPPING> VAR_27028 Use override value [ORA_{=orasid}] for mapping parameter:[$DBConnection_TGT].",
    "DEBUG SMTP: AUTH LOGIN succeeded\n334 VXNlcm5hbWU6\n(credentials omitted by mail.debug.auth=false) {=num}",
    "CPF22E2 Password not correct for user profile {=ibmiuser}.",
    "{=date} {=time} INFO  AuthFilter - Login succeeded for user svc_etl from {=ip}",
    "WARN  PasswordExpiryNotifier - password for user {=racfid} will expire in {?3|5|7} days",
    "deploying with ***\n+ ./deploy.sh ***  # build {=build}",
    "[main] INFO  ConfigLoader - loaded {=build} properties (3 masked: db.password, sftp.password, smtp.password)",
    "DFHCE3530 Your password has expired. Please type your new password. (terminal {=job})",
    "kinit: Password incorrect while getting initial credentials  (principal {=user}@CORP.{=dom})",
    "LDAP: error code 49 - 80090308: LdapErr: DSID-0C09044E, comment: AcceptSecurityContext error, data 52e, v4563 ({=svc})",
    "spring.datasource.password: ******   (from vault secret/claims/{=env_l})",
    "Masking supported pattern matches of $WAS_PASS or $NEXUS_PW  (build #{=build})",
    "base64 payload header: {=b64text}",
    "IDoc {=num} control record: DOCNUM 0000000000{=build} MESTYP ORDERS IDOCTP ORDERS05 CHECKSUM {=md5}",
    # ---- notes and chat
    "password for the FTP account is in CyberArk safe MF-BATCH, object ACHXFER ({=ticket})",
    "I rotated the sys password on {=orasid}; the new one is in Vault under secret/oracle/{=orasid_l}/sys",
    "Please DON'T paste passwords in this channel — use the 1Password share link instead. ({=person})",
    "New RACF rule from {=date}: passwords must be 8 chars, include a number and one of #@$, and change every 90 days.",
    "Das Passwort liegt im Tresor (KeePass, Eintrag '{=sid} DDIC'), bitte nicht in den Chat schreiben.",
    "パスワードは金庫（CyberArk）に保管済みです。{=sid} のDDICは使わないでください。",
    "Le mot de passe est dans le coffre, pas dans le ticket {=ticket}.",
    "La contraseña está en el vault, ruta secret/sap/{=sid_l}/ddic.",
    "A senha foi rotacionada e está no CyberArk ({=ticket}).",
    "密码已经放到保险库里了，不要贴在群里。相关工单 {=ticket}",
    "Пароль лежит в Vault (secret/mainframe/{=racfid_l}), не пишите его в чат.",
    "Hasło jest w sejfie, nie wklejaj go tutaj. ({=person})",
    "비밀번호는 볼트에 있습니다. 티켓 {=ticket} 참고하세요.",
    "La password è nel vault, non nel wiki ({=sid}).",
    "Het wachtwoord staat in de kluis, vraag {=person} om toegang.",
    "Şifre kasada, buraya yazmayın lütfen ({=ticket}).",
    "The pw I used was wrong; reset requested in {=ticket}",
    "commit {=sha7} removed the hardcoded password from jdbc.properties",
    "the token looks like ghp_... but that one was revoked yesterday ({=ticket})",
    "password is ******** in the screenshot, I masked it before attaching to {=ticket}",
    "Use <your-password> in the runbook, never the real value. Same for {=sid} RFC users.",
    "RACF PHRASE must be at least 14 characters; TSO users on {=lpar} switch to passphrases next month.",
    "SHA-256 of the EAR we deployed to {=washost}: {=sha64}",
    "cert fingerprint matches what the bank sent: {=certfp}",
    "Decision: all WebLogic boot.properties go encrypted and via node manager; no plaintext passwords in Git after {=date}.",
    "Goal: rotate the ALEREMOTE password in {=sid} and update SM59 destination {=sid}CLNT{=client}; the new value goes straight into the secure store, not into these notes.",
    "TODO: ask {=person} where the Informatica domain password is stored (probably CyberArk, object INFA_{=env}).",
    "The 'password' column in ZINT_SFTP_CFG should be dropped; SSF is the right place for it.",
    "Password reset for {=racfid} done via self-service; user confirmed login at {=time}.",
    "ticket {=ticket}: user locked out after 3 wrong passwords, RESUME issued, no password shared",
    "key id {=pgpid} is the bank's public key, safe to share",
    "UUID of the Control-M folder GL_DAILY: {=uuid}",
    "request id {=uuid} failed with 401 — token expired, not a password issue",
    "{=person}: did you get the creds? {=person2}: yes, via the vault link, thanks",
    "Reminder: the DB2 password for {=racfid} expires on {=date}; rotation job CHGPW{=build} will handle it.",
    "{=person}: which password policy applies to service accounts on IBM i? QPWDEXPITV is *NOMAX for them.",
    # ---- CI and deploy
    "        env:\n          WLS_ADMIN_PASSWORD: ${{ secrets.WLS_ADMIN_PASSWORD }}\n          WLS_HOST: {=washost}",
    "withCredentials([usernamePassword(credentialsId: 'was-admin-{=env_l}', usernameVariable: 'WAS_USER', passwordVariable: 'WAS_PASS')]) {\n  sh './wsadmin.sh -user $WAS_USER -password $WAS_PASS -f deploy.py'\n}",
    "  script:\n    - docker login -u $CI_REGISTRY_USER -p $CI_REGISTRY_PASSWORD $CI_REGISTRY\n    - docker push $CI_REGISTRY_IMAGE:{=ver}",
    "echo \"$DEPLOY_PW\" | docker login --password-stdin -u ci registry.{=domain}",
    "image: registry.{=domain}/legacy/claims-was@sha256:{=sha64}",
    "cache:\n  key: {=sha40}\n  paths: [.m2/repository]",
    "credentialsId: 'ora-{=orasid_l}-sys'",
    "[Pipeline] sh\n+ ./wsadmin.sh -lang jython -user **** -password **** -f deploy.py {=build}",
    "helm upgrade --install claims ./charts/claims -n legacy --set oracle.password=\"$ORACLE_PASSWORD\" --set image.tag={=ver}",
    "resource \"random_password\" \"adb_admin\" {\n  length  = 20\n  special = true\n}\n# stored in oci vault secret {=ocid}",
    "- task: AzureKeyVault@2\n  inputs:\n    KeyVaultName: 'kv-legacy-{=env_l}'\n    SecretsFilter: 'gl-db-pw,sap-rfc-pw'",
    "variables:\n  ORACLE_PWD: ${ORACLE_PWD}\n  ORACLE_HOST: {=orahost}",
    "  secrets:\n    NEXUS_PASSWORD:\n      vault: ci/nexus/password@secret\n      file: false",
    "      - uses: actions/checkout@{=sha40}",
    "Build #{=build} ({=sha7}) deployed {=app} {=ver} to {=env}",
    "- name: create WAS admin\n  no_log: true\n  command: ./wsadmin.sh -user wasadmin -password \"{{ was_admin_pw }}\" -f create_admin.py",
    "ansible-playbook site.yml --vault-id prod@/etc/ansible/.vault_pass_prod --limit {=host}",
    "steps:\n- name: publish\n  image: plugins/docker\n  settings:\n    password:\n      from_secret: registry_password\n    repo: registry.{=domain}/legacy/{=app}",
    "kubectl -n legacy rollout restart deploy/{=app}   # picks up the rotated secret db2z-creds (v{=build})",
    "--set-file tls.crt=certs/{=app}.crt --set tls.keyRef=vault:secret/tls/{=app}",
    "terraform apply -var=\"db_admin_password_secret_id={=ocid}\"",
]


def _build_benign(target=950):
    out = []
    seen = set()
    n = len(_BENIGN_TPL)
    i = 0
    attempts = 0
    while len(out) < target and attempts < target * 20:
        tpl = _BENIGN_TPL[i % n]
        i += 1
        attempts += 1
        s = _render(tpl, {})
        if s in seen:
            continue
        seen.add(s)
        out.append(s)
    return out


# ================================================================ SECRETS
def _alloc(n, target):
    base, extra = divmod(target, n)
    return [min(3, base + (1 if i < extra else 0)) for i in range(n)]


def _build_secrets(per_group=187):
    out = []
    for g in _GROUPS:
        tpls = _TPL[g]
        for (fmt, kind, text, vis), cnt in zip(tpls, _alloc(len(tpls), per_group)):
            for _ in range(cnt):
                vals = {"S": _fresh(_SG[kind])}
                t = _render(text, vals)
                v = _render(vis, vals) if vis else ""
                out.append((g, fmt, t, vals["S"], v))
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign()
