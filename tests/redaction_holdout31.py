"""Blind hold-out corpus #31 for a secret-redaction engine.

What it is
    A synthetic, labelled test corpus.  Each entry is a fragment of the kind
    of text a coding agent (Claude Code, Codex, Gemini CLI, ...) keeps in its
    saved working state: goals and running notes, shell commands it ran, the
    output it saw, excerpts of files it opened, CI configuration, log lines,
    stack traces and chat messages pasted in by people.  Some fragments
    contain exactly one secret that a redaction engine must remove; others
    contain nothing secret but look as if they might.

Theme
    IT in healthcare, government, education, law firms, non-profits and small
    public bodies: EHR and HL7/FHIR integrations, lab and imaging systems,
    SFTP drops and EDI partners, LDAP/Active Directory and SAML/OIDC single
    sign-on, school information systems and LMSs, court e-filing and
    document management, payroll and HR exports, grant and donor databases,
    citizen portals, printers and scanners, legacy Windows servers and
    scheduled tasks, Access/Excel macros, FileMaker, SharePoint and Power
    Automate flows, helpdesk tickets, vendor support chats and handover
    notes between part-time admins.

Provenance
    Written blind, from general knowledge only.  No scanner rule set, other
    corpus or redaction code was consulted.  Every organisation, host name,
    person and credential in here is invented; vendor token shapes follow
    the publicly known prefix/alphabet/length of the real format where the
    author knew it, and are plausible inventions otherwise.

Layout
    SECRETS -- list of 5-tuples (group, format, text, secret, visible)
        group    one of: command, tool-output, config-file, source-code,
                 stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
        format   kebab-case name of the shape (each used at most 3 times)
        text     the fragment as the agent recorded it
        secret   exact substring of text that must not survive redaction
                 (the key body only for private keys, the signature only for
                 signed URLs, the password only for user:password pairs)
        visible  substring of text that must stay readable, or ""
    BENIGN  -- list of distinct strings without any credential in them that a
               naive scanner may still flag (digests, ids, placeholders,
               masked values, references to secrets by name, public keys...).

Determinism
    All values come from one random.Random(3131) generator, consumed in a
    fixed order at import time; importing twice gives identical lists.
    Nothing is printed on import.  Standard library only, Python 3.8+.

Measured
    Blind, written while the thirtieth was tuned on and read only after: recall 0.917 (1,375
    of 1,500) and false positives 29 of 950 (3.1%) with the engine at the start of the session
    that added it, 0.918 and 25 (2.6%) with every rule of that session written before it was
    read. After reading it: 0.938 and 6.
"""

import base64
import hashlib
import json
import random
import re
import string
from urllib.parse import quote

R = random.Random(3131)

# ---------------------------------------------------------------------------
# alphabets and low-level helpers
# ---------------------------------------------------------------------------

UP = string.ascii_uppercase
LOW = string.ascii_lowercase
DIG = string.digits
ALNUM = UP + LOW + DIG
LOWNUM = LOW + DIG
UPNUM = UP + DIG
HEXL = "0123456789abcdef"
HEXU = "0123456789ABCDEF"
B64A = ALNUM + "+/"
B64U = ALNUM + "-_"
B32A = UP + "234567"
SAFE_SYM = "!*-_.+~"
URL_SYM = "-_.~!"
WIDE_SYM = "!@#$%&*?-_.+=~^"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(data):
    return base64.b64encode(data).decode("ascii")


def b64u(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def b64text(s):
    return base64.b64encode(s.encode("utf-8")).decode("ascii")


def wrap64(s, width=64, sep="\n"):
    return sep.join(s[i:i + width] for i in range(0, len(s), width))


def ruuid():
    h = rs(HEXL, 32)
    h = h[:12] + "4" + h[13:16] + R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def rdate():
    return "20%02d-%02d-%02d" % (R.randint(22, 25), R.randint(1, 12), R.randint(1, 28))


def rtime():
    return "%02d:%02d:%02d" % (R.randint(0, 23), R.randint(0, 59), R.randint(0, 59))


def rts():
    return "%sT%s.%03dZ" % (rdate(), rtime(), R.randint(0, 999))


def rip():
    k = R.randrange(3)
    if k == 0:
        return "10.%d.%d.%d" % (R.randint(0, 60), R.randint(0, 254), R.randint(2, 250))
    if k == 1:
        return "172.16.%d.%d" % (R.randint(0, 31), R.randint(2, 250))
    return "192.168.%d.%d" % (R.randint(0, 20), R.randint(2, 250))


def rpubip():
    return R.choice(["203.0.113.%d", "198.51.100.%d", "192.0.2.%d"]) % R.randint(2, 250)


def jdump(obj, indent=2):
    return json.dumps(obj, indent=indent, ensure_ascii=False)


# ---------------------------------------------------------------------------
# pools of non-secret context
# ---------------------------------------------------------------------------

ORGS = [
    ("St. Brigid Regional Hospital", "stbrigid-health.org", "STBRIGID"),
    ("Lakeview Family Clinic", "lakeviewfamilyclinic.com", "LVFC"),
    ("Mercy Valley Laboratories", "mercyvalleylabs.org", "MVLAB"),
    ("Harmon County", "harmoncounty.gov", "HARMONCO"),
    ("City of Eastbrook", "eastbrook-ma.gov", "EASTBROOK"),
    ("Pinecrest Unified School District", "pinecrestusd.org", "PCUSD"),
    ("Northfield Community College", "northfield.edu", "NFCC"),
    ("Okafor & Brandt LLP", "okaforbrandt.com", "OBLAW"),
    ("Delgado Legal Aid Society", "delgadolegalaid.org", "DLAS"),
    ("Riverside Community Food Bank", "riversidefoodbank.org", "RCFB"),
    ("Hope Harbor Shelter", "hopeharbor.org", "HOPEHBR"),
    ("Westmoor Water District", "westmoorwater.org", "WMWD"),
    ("Cedar Ridge Behavioral Health", "cedarridgebh.org", "CRBH"),
    ("Tri-County Public Health", "tricountyph.org", "TCPH"),
    ("Fairhaven Public Library", "fairhavenlibrary.org", "FHPL"),
    ("Maple Grove School District 412", "isd412.k12.mn.us", "ISD412"),
    ("Kessler Whitfield Attorneys", "kesslerwhitfield.law", "KWLAW"),
    ("Second Chance Animal Rescue", "secondchancerescue.org", "SCAR"),
    ("Bayside Dialysis Center", "baysidedialysis.com", "BDC"),
    ("Granite Valley Court Services", "gvcourts.org", "GVCS"),
    ("Oakmont Housing Authority", "oakmontha.org", "OHA"),
    ("Sunrise Home Health", "sunrisehomehealth.net", "SRHH"),
    ("Willow Creek Township", "willowcreektwp.gov", "WCTWP"),
    ("Bright Futures Literacy Fund", "brightfutureslit.org", "BFLF"),
]

HOSTPFX = ["ehr", "emr", "lis", "ris", "pacs", "hl7", "mirth", "fhir", "iface", "sis",
           "lms", "moodle", "dms", "efile", "docs", "payroll", "hr", "donor", "crm",
           "grants", "portal", "print", "scan", "fs", "files", "app", "web", "sftp",
           "edi", "ldap", "adfs", "sso", "idp", "vpn", "mail", "smtp", "relay",
           "backup", "nas", "veeam", "helpdesk", "glpi", "fm", "intranet", "reports",
           "bi", "ssrs", "gis", "permits", "clerk", "tax", "kiosk", "rdweb", "wsus"]
DBPFX = ["sql", "pgsql", "db", "ora", "mysql", "mssql", "pg", "ehrdb", "lisdb",
         "sisdb", "sqlprod", "dbsrv", "maria"]
WEBPFX = ["portal", "www", "intranet", "apps", "api", "my", "eservices", "citizen",
          "parents", "students", "staff", "donate", "intake", "records"]
WINROLE = ["SQL", "FS", "APP", "DC", "PRN", "HL7", "RPT", "FM", "SP", "TS", "BKP",
           "WEB", "SCAN", "PACS", "LIS"]
SUFFIX = ["01", "02", "03", "1", "2", "-prod", "-test", "-dr", "", "-vm", "-new",
          "-old", "-stg", "04"]

PARTNERS = [
    ("ClearPath EDI", "sftp.clearpathedi.com"),
    ("Meridian Payroll", "transfer.meridianpayroll.com"),
    ("LabNet Reference Labs", "mft.labnetref.com"),
    ("State Immunization Registry", "sftp.immreg.state.gov"),
    ("Keystone Claims Clearinghouse", "edi.keystoneclaims.net"),
    ("Northwind Benefits", "files.northwindbenefits.com"),
    ("BrightPath Transcripts", "sftp.brightpathtranscripts.com"),
    ("CourtLink e-Filing", "upload.courtlinkefile.com"),
    ("GiveWell Donor Services", "sftp.givewellds.org"),
    ("RadShare Imaging", "dicom.radshare.net"),
    ("PharmaRoute", "mft.pharmaroute.com"),
    ("EduState Reporting", "sftp.edustate-reporting.org"),
    ("Pioneer Retirement Systems", "xfer.pioneerretire.com"),
    ("Atlas Background Checks", "sftp.atlasbgc.com"),
]

VENDORS = ["Medisoft support", "the Mirth consultant", "the EHR vendor", "PowerSchool support",
           "the LIS vendor", "the copier company", "the court e-filing helpdesk",
           "the payroll vendor", "the FileMaker contractor", "our MSP",
           "the donor CRM support team", "the PACS vendor", "the DMS vendor"]

SVC_USERS = ["svc_mirth", "svc-hl7", "sa", "postgres", "root", "admin", "app_ehr",
             "lis_ro", "ldapbind", "svc_ldap", "scan2email", "copier", "payroll_exp",
             "edi_upload", "moodleuser", "canvas_sync", "sftp_lab", "svc_backup",
             "svc_sql", "svc_sharepoint", "svc_flow", "fm_admin", "reports_ro",
             "integration", "api_user", "svc_efile", "svc_donorsync", "svc-sis",
             "webapp", "etl_user", "svc_pacs", "svc_fhir", "hr_extract", "grantsadmin",
             "svc_print", "veeam_svc", "svc_tasks", "interface", "hl7feed", "dms_app",
             "portal_app", "glpi", "kiosk", "wp_admin", "svc_adsync"]

FIRST = ["Maria", "James", "Aisha", "Tom", "Priya", "Daniel", "Fatima", "Kevin", "Olga",
         "Luis", "Grace", "Hiro", "Nadia", "Sam", "Beth", "Omar", "Ines", "Jonas",
         "Chloe", "Raj", "Wendy", "Pete", "Yuki", "Carmen", "Derek", "Lena", "Marcus",
         "Sofia", "Tariq", "Helen", "Gus", "Noor", "Ruth", "Ivan", "Dana"]
LAST = ["Okafor", "Smith", "Nguyen", "Garcia", "Kowalski", "Brennan", "Patel",
        "Schmidt", "Dubois", "Rossi", "Tanaka", "Ivanova", "Silva", "Jansen", "Kim",
        "Murphy", "Haddad", "Lopez", "Fischer", "Novak", "Walsh", "Chen", "Moreau",
        "Berg", "Costa", "Reyes", "Bauer", "Adeyemi", "Lindqvist", "Hughes"]

DBS = ["ehr_prod", "lis", "mirthdb", "sis_prod", "moodle", "canvas_lti", "dms", "efile",
       "payroll", "hr", "donors", "grants", "portal", "helpdesk", "glpi", "permits",
       "caseload", "intake", "pharmacy", "scheduling", "billing", "claims", "registry",
       "immunization", "ils", "volunteers", "casemgmt", "dialysis", "transcripts"]

SCHOOLS = ["Lincoln Elementary", "Riverside Middle", "Northfield High", "Oak Park Academy",
           "Jefferson K-8", "Hillcrest Elementary", "Central High School"]
DEPTS = ["Radiology", "Pharmacy", "Finance", "HR", "Registrar", "Clerk's office",
         "Front desk", "Billing", "Nursing admin", "Case management", "Facilities",
         "Development office", "Records", "Lab", "Dispatch", "Library services"]

WORDS = ("sunflower harbor maple falcon tiger pumpkin river summit copper lantern orchid "
         "meadow granite dolphin thunder willow cobalt saffron juniper pepper biscuit rocket "
         "walnut velvet canyon marble ember glacier harvest nectar pebble quartz raven "
         "sparrow tundra violet clover anchor badger beacon bramble cactus cinder comet "
         "cricket dahlia fern garnet hazel heron indigo ivory jasper kettle lilac lotus "
         "magpie mango nutmeg oasis otter panda parsley pelican pine plum poppy puffin "
         "quill rhubarb saddle salmon sequoia shadow sierra silver spruce starling stone "
         "tulip turtle umber valley walrus wren yarrow zephyr acorn blossom caramel "
         "driftwood elm fjord gadget hammock iceberg jigsaw koala lemon mosaic noodle "
         "orbit paddle quiver ribbon sapphire teapot unicorn voyage waffle yodel").split()
MASCOTS = ["Eagles", "Wildcats", "Bulldogs", "Hornets", "Panthers", "Mustangs",
           "Falcons", "Tigers", "Rams", "Owls", "Huskies", "Cougars"]
PETS = ["Bailey", "Charlie", "Buster", "Luna", "Max", "Daisy", "Molly", "Cooper",
        "Rosie", "Murphy", "Biscuit", "Pepper", "Ziggy", "Mochi", "Teddy", "Winston"]
SEASONS = ["Spring", "Summer", "Autumn", "Fall", "Winter"]
LEET = {"a": "@", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}


def leet(w):
    out = []
    for ch in w:
        lo = ch.lower()
        if lo in LEET and R.random() < 0.7:
            out.append(LEET[lo])
        else:
            out.append(ch)
    return "".join(out)


# ---------------------------------------------------------------------------
# password and secret generators
# ---------------------------------------------------------------------------

def human_pw(sym=SAFE_SYM):
    sym = sym or DIG
    st = R.randrange(14)
    w = R.choice(WORDS)
    W = w.capitalize()
    if st == 0:
        p = W + str(R.randint(2015, 2026)) + R.choice(sym)
    elif st == 1:
        p = W + R.choice(sym) + str(R.randint(10, 9999))
    elif st == 2:
        p = leet(W) + str(R.randint(1, 99))
    elif st == 3:
        p = "-".join(R.sample(WORDS, 3)) + "-" + str(R.randint(1, 99))
    elif st == 4:
        p = "".join(x.capitalize() for x in R.sample(WORDS, 3)) + str(R.randint(0, 9))
    elif st == 5:
        p = R.choice(SEASONS) + str(R.randint(2019, 2026)) + R.choice(sym) * R.randint(1, 2)
    elif st == 6:
        p = R.choice(PETS) + str(R.randint(1965, 2012)) + R.choice(sym)
    elif st == 7:
        p = "Go" + R.choice(MASCOTS) + R.choice(sym) + str(R.randint(1, 99))
    elif st == 8:
        p = "Welcome" + str(R.randint(100, 999)) + R.choice(sym)
    elif st == 9:
        p = R.choice(["Temp", "Chang3me", "Reset", "Start", "Newuser"]) + R.choice(sym) + str(R.randint(1000, 99999))
    elif st == 10:
        p = ".".join(R.sample(WORDS, 4))
    elif st == 11:
        p = leet(w) + R.choice(sym) + leet(R.choice(WORDS)).capitalize()
    elif st == 12:
        p = R.choice(["Qwerty", "Asdf", "Zxcv"]) + R.choice(sym) + str(R.randint(1000, 9999)) + R.choice(LOW)
    else:
        p = W + R.choice(sym) + R.choice(PETS) + str(R.randint(1, 9))
    while len(p) < 8:
        p += str(R.randint(0, 9))
    return p


def gen_pw(sym=SAFE_SYM):
    st = R.randrange(5)
    if st == 0:
        return rs(ALNUM, R.randint(12, 20))
    if st == 1:
        n = R.randint(14, 24)
        p = list(rs(ALNUM + sym, n))
        p[R.randrange(1, n)] = R.choice(sym)
        p[0] = R.choice(ALNUM)
        return "".join(p)
    if st == 2:
        cons, vow = "bcdfghjkmnprstvwxz", "aeiou"
        out = ""
        while len(out) < 12:
            out += R.choice(cons) + R.choice(vow)
            if R.random() < 0.3:
                out += R.choice(DIG)
            if R.random() < 0.2:
                out = out[:-1] + out[-1].upper()
        return out
    if st == 3:
        return "-".join(rs(LOWNUM, 6) for _ in range(3))
    return rs(ALNUM, 4) + R.choice(sym) + rs(ALNUM, 6) + R.choice(sym) + rs(DIG, 3)


def any_pw(sym=SAFE_SYM):
    return human_pw(sym) if R.random() < 0.6 else gen_pw(sym)


def space_phrase():
    ws = R.sample(WORDS, R.randint(4, 5))
    if R.random() < 0.5:
        ws.append(str(R.randint(2, 99)))
    return " ".join(ws)


def pem_rsa_pkcs8():
    pre = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100")
    return wrap64(b64(pre + rbytes(1217 - len(pre))))


def pem_rsa_pkcs1():
    pre = bytes.fromhex("308204a40201000282010100")
    return wrap64(b64(pre + rbytes(1192 - len(pre))))


def pem_ec():
    der = (bytes.fromhex("307702010104 20".replace(" ", "")) + rbytes(32) +
           bytes.fromhex("a00a06082a8648ce3d030107a144034200 04".replace(" ", "")) + rbytes(64))
    return wrap64(b64(der))


def pem_openssh():
    pre = (b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00"
           b"\x00\x00\x00\x01\x00\x00\x00\x33\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20")
    return wrap64(b64(pre + rbytes(32) + b"\x00\x00\x00\x88" + rbytes(136)), 70)


def pem_pkcs8_short():
    pre = bytes.fromhex("302e020100300506032b657004220420")
    return b64(pre + rbytes(32))


def jwt(alg="RS256", claims=None):
    head = {"alg": alg, "typ": "JWT"}
    if alg.startswith("RS") and R.random() < 0.6:
        head["kid"] = rs(B64U, 22)
    body = claims or {}
    body.setdefault("iat", R.randint(1690000000, 1760000000))
    body.setdefault("exp", body["iat"] + R.choice([300, 900, 3600, 86400, 31536000]))
    siglen = 256 if alg.startswith("RS") else 32
    return "%s.%s.%s" % (b64u(json.dumps(head, separators=(",", ":")).encode()),
                         b64u(json.dumps(body, separators=(",", ":")).encode()),
                         b64u(rbytes(siglen)))


def az_sig():
    return quote(b64(rbytes(32)), safe="")


def ms_client_secret():
    return rs(ALNUM, 3) + R.choice("78") + "Q~" + rs(ALNUM + "-_.~", 34)


def django_key():
    return rs(LOW + DIG + "!@#$%^&*(-_=+)", 50)


def aws_secret():
    return rs(B64A, 40)


def aws_akid():
    return R.choice(["AKIA", "ASIA"]) + rs(UP + "234567", 16)


def basic_blob(c):
    return b64text("%s:%s" % (c["user"], any_pw()))


SG = {
    "pw": lambda c: any_pw(),
    "hpw": lambda c: human_pw(),
    "gpw": lambda c: gen_pw(),
    "upw": lambda c: any_pw(URL_SYM),
    "wpw": lambda c: any_pw(WIDE_SYM),
    "apw": lambda c: human_pw("") if R.random() < 0.5 else rs(ALNUM, R.randint(10, 18)),
    "phrase": lambda c: space_phrase(),
    "hex16": lambda c: rs(HEXL, 16),
    "hex24": lambda c: rs(HEXL, 24),
    "hex32": lambda c: rs(HEXL, 32),
    "hex40": lambda c: rs(HEXL, 40),
    "hex48": lambda c: rs(HEXL, 48),
    "hex64": lambda c: rs(HEXL, 64),
    "HEX32": lambda c: rs(HEXU, 32),
    "b64_16": lambda c: b64(rbytes(16)),
    "b64_24": lambda c: b64(rbytes(24)),
    "b64_32": lambda c: b64(rbytes(32)),
    "b64_48": lambda c: b64(rbytes(48)),
    "b64_64": lambda c: b64(rbytes(64)),
    "b64u_32": lambda c: b64u(rbytes(32)),
    "an20": lambda c: rs(ALNUM, 20),
    "an24": lambda c: rs(ALNUM, 24),
    "an32": lambda c: rs(ALNUM, 32),
    "an40": lambda c: rs(ALNUM, 40),
    "an48": lambda c: rs(ALNUM, 48),
    "an64": lambda c: rs(ALNUM, 64),
    "ln32": lambda c: rs(LOWNUM, 32),
    "un16": lambda c: rs(UPNUM, 16),
    "un24": lambda c: rs(UPNUM, 24),
    "uuid": lambda c: ruuid(),
    "UUID": lambda c: ruuid().upper(),
    "jwt": lambda c: jwt("RS256", {"sub": c["uname"], "iss": "https://" + c["webhost"],
                                   "aud": R.choice(["fhir", "api", "portal"])}),
    "jwths": lambda c: jwt("HS256", {"sub": c["user"], "role": R.choice(["service", "admin", "sync"])}),
    "basic": basic_blob,
    "awssk": lambda c: aws_secret(),
    "azkey": lambda c: b64(rbytes(64)),
    "wgkey": lambda c: b64(rbytes(32)),
    "mssec": lambda c: ms_client_secret(),
    "django": lambda c: django_key(),
    "azsig": lambda c: az_sig(),
    "s3sig": lambda c: rs(HEXL, 64),
    "gcssig": lambda c: rs(HEXL, 512),
    "rsa8": lambda c: pem_rsa_pkcs8(),
    "rsa1": lambda c: pem_rsa_pkcs1(),
    "ec": lambda c: pem_ec(),
    "ossh": lambda c: pem_openssh(),
    "ed8": lambda c: pem_pkcs8_short(),
    "num8": lambda c: str(R.randint(10000000, 99999999)),
    "num10": lambda c: str(R.randint(1000000000, 9999999999)),
    "snmp": lambda c: R.choice(["ro", "rw", "mon", "nms", "snmp"]) + "-" + R.choice(WORDS) + "-" + rs(DIG, 4),
    "psk": lambda c: rs(ALNUM, R.randint(20, 32)),
    "ghp": lambda c: "ghp_" + rs(ALNUM, 36),
    "glpat": lambda c: "glpat-" + rs(B64U, 20),
    "xoxb": lambda c: "xoxb-%d-%d-%s" % (R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 12, 10 ** 13), rs(ALNUM, 24)),
    "sk_live": lambda c: "sk_live_" + rs(ALNUM, R.choice([24, 99])),
    "sendgrid": lambda c: "SG." + rs(B64U, 22) + "." + rs(B64U, 43),
    "aiza": lambda c: "AIza" + rs(B64U, 35),
    "ado": lambda c: rs(LOW + "234567", 52),
    "entra_pw": lambda c: ms_client_secret(),
}


# ---------------------------------------------------------------------------
# context filler: every «name» in a template is resolved lazily, once per entry
# ---------------------------------------------------------------------------

def _host(c, pfxs):
    k = R.randrange(4)
    pfx = R.choice(pfxs)
    if k == 0:
        return "%s%s.%s.local" % (pfx, R.choice(SUFFIX), c["nb"].lower())
    if k == 1:
        return "%s%s.corp.%s" % (pfx, R.choice(SUFFIX), c["dom"])
    return "%s%s.%s" % (pfx, R.choice(SUFFIX), c["dom"])


def _ticket(c):
    return R.choice(["INC%07d", "#%d", "HD-%d", "REQ%06d", "CHG%07d", "SR-%d", "TKT-%05d"]) % R.randint(1000, 999999)


FILL = {
    "orgrec": lambda c: R.choice(ORGS),
    "org": lambda c: c["orgrec"][0],
    "dom": lambda c: c["orgrec"][1],
    "nb": lambda c: c["orgrec"][2],
    "nbl": lambda c: c["nb"].lower(),
    "host": lambda c: _host(c, HOSTPFX),
    "dbhost": lambda c: _host(c, DBPFX),
    "webhost": lambda c: "%s.%s" % (R.choice(WEBPFX), c["dom"]),
    "winsrv": lambda c: "%s-%s%02d" % (c["nb"], R.choice(WINROLE), R.randint(1, 9)),
    "ip": lambda c: rip(),
    "pubip": lambda c: rpubip(),
    "user": lambda c: R.choice(SVC_USERS),
    "first": lambda c: R.choice(FIRST),
    "last": lambda c: R.choice(LAST),
    "person": lambda c: "%s %s" % (c["first"], c["last"]),
    "uname": lambda c: R.choice(["%s%s", "%s.%s"]) % (c["first"][0].lower() if R.random() < 0.5 else c["first"].lower(), c["last"].lower()),
    "email": lambda c: "%s@%s" % (c["uname"], c["dom"]),
    "db": lambda c: R.choice(DBS),
    "ticket": _ticket,
    "date": lambda c: rdate(),
    "time": lambda c: rtime(),
    "ts": lambda c: rts(),
    "uuid": lambda c: ruuid(),
    "sha": lambda c: rs(HEXL, 40),
    "short": lambda c: c["sha"][:7],
    "short2": lambda c: rs(HEXL, 7),
    "short3": lambda c: rs(HEXL, 7),
    "sha256": lambda c: rs(HEXL, 64),
    "md5": lambda c: rs(HEXL, 32),
    "hex16": lambda c: rs(HEXL, 16),
    "hex8": lambda c: rs(HEXL, 8),
    "hex40": lambda c: rs(HEXL, 40),
    "an40": lambda c: rs(ALNUM, 40),
    "n": lambda c: str(R.randint(2, 99)),
    "n3": lambda c: str(R.randint(100, 999)),
    "n4": lambda c: str(R.randint(1000, 9999)),
    "n6": lambda c: str(R.randint(100000, 999999)),
    "pid": lambda c: str(R.randint(1200, 65000)),
    "prec": lambda c: R.choice(PARTNERS),
    "partner": lambda c: c["prec"][0],
    "phost": lambda c: c["prec"][1],
    "vendor": lambda c: R.choice(VENDORS),
    "school": lambda c: R.choice(SCHOOLS),
    "dept": lambda c: R.choice(DEPTS),
    "tenant": lambda c: ruuid(),
    "clientid": lambda c: ruuid(),
    "appname": lambda c: R.choice(["fhir-bridge", "sis-sync", "efile-uploader", "donor-import",
                                   "hl7-router", "payroll-export", "portal-api", "lab-results",
                                   "intake-forms", "grant-tracker", "roster-sync", "dms-indexer"]),
    "year": lambda c: str(R.randint(2022, 2025)),
    "mrn": lambda c: "MRN%08d" % R.randint(1, 99999999),
    "ver": lambda c: "%d.%d.%d" % (R.randint(1, 9), R.randint(0, 20), R.randint(0, 30)),
    "reqid": lambda c: rs(HEXL, 32),
}


class Ctx(dict):
    def __init__(self, kind):
        dict.__init__(self)
        self.kind = kind

    def __missing__(self, key):
        if key == "S":
            gen = self.kind if callable(self.kind) else SG[self.kind]
            for _ in range(200):
                v = gen(self)
                if v not in _USED and len(v) >= 8:
                    break
            _USED.add(v)
        else:
            v = _resolve(key, self)
        self[key] = v
        return v


def _resolve(key, c):
    if key in FILL:
        return FILL[key](c)
    base = re.sub(r"_\d+$", "", key)
    if base != key:
        return _resolve(base, c)
    m = re.match(r"^(an|hex|un|UN|HEX)(\d+)$", key)
    if m:
        alpha = {"an": ALNUM, "hex": HEXL, "un": UPNUM, "UN": UPNUM, "HEX": HEXU}[m.group(1)]
        return rs(alpha, int(m.group(2)))
    return FILL[key.rstrip("0123456789") or key](c)


_USED = set()
_FIELD = re.compile(r"«([A-Za-z0-9_]+)»")


def render(tpl, c):
    return _FIELD.sub(lambda m: c[m.group(1)], tpl)


TEMPLATES = []


def T(group, fmt, text, kind, vis="", n=None):
    """Register one secret template (one format)."""
    TEMPLATES.append((group, fmt, text, kind, vis, n))


def _instantiate(group, fmt, text, kind, vis):
    alts = text if isinstance(text, list) else None
    for _ in range(60):
        if alts:
            text, vis = R.choice(alts)
        c = Ctx(kind)
        sec = c["S"]
        t = render(text, c)
        v = render(vis, c) if vis else ""
        if sec not in t:
            raise ValueError("secret missing in " + fmt)
        if v and (v not in t or v in sec or sec in v):
            continue
        return (group, fmt, t, sec, v)
    raise ValueError("could not build " + fmt)


# ---------------------------------------------------------------------------
# more fillers and secret shapes
# ---------------------------------------------------------------------------

def _canvas_token():
    return "%d~%s" % (R.randint(1, 25000), rs(ALNUM, 64))


def _type7():
    n = R.randint(6, 12)
    return "%02d" % R.randint(0, 15) + rs(HEXU, 2 * n)


def _rdp_blob():
    return "01000000D08C9DDF0115D1118C7A00C04FC297EB01000000" + rs(HEXU, R.choice([560, 624, 688]))


def _wp_salt():
    while True:
        v = rs(ALNUM + "!@#$%^&*()-_[]<>~+=,.;:/?|", 64)
        if "{" not in v:
            return v


def _pem_json_escaped():
    return pem_rsa_pkcs8().replace("\n", "\\n")


def _vault_dyn_pw():
    return "A1a-" + rs(ALNUM, 20)


def _pypi():
    return "pypi-AgEIcHlwaS5vcmc" + rs(B64U, R.randint(150, 170))


def _influx():
    return b64(rbytes(64)).replace("+", "-").replace("/", "_")


def _heroku_pg():
    return rs(HEXL, 64)


def _tls_key_b64():
    pem = "-----BEGIN PRIVATE KEY-----\n" + pem_rsa_pkcs8() + "\n-----END PRIVATE KEY-----\n"
    return b64text(pem)


SG.update({
    "canvas": lambda c: _canvas_token(),
    "npm": lambda c: "npm_" + rs(ALNUM, 36),
    "pypi": lambda c: _pypi(),
    "okta_cs": lambda c: rs(B64U, 40),
    "vaultdyn": lambda c: _vault_dyn_pw(),
    "rdpblob": lambda c: _rdp_blob(),
    "winscp": lambda c: "A35C" + rs(HEXU, R.choice([56, 64, 72, 88])),
    "type7": lambda c: _type7(),
    "b64pw": lambda c: b64text(any_pw()),
    "tlskey64": lambda c: _tls_key_b64(),
    "gpp": lambda c: b64(rbytes(48)),
    "wpsalt": lambda c: _wp_salt(),
    "influx": lambda c: _influx(),
    "pemjson": lambda c: _pem_json_escaped(),
    "herokupg": lambda c: _heroku_pg(),
    "ado": lambda c: rs(LOW + "234567", 52),
    "atbb": lambda c: "ATBB" + rs(ALNUM, 32),
    "hvs": lambda c: "hvs." + rs(B64U, 24),
    "ghs": lambda c: "ghs_" + rs(ALNUM, 36),
    "pwgen_sy": lambda c: rs(ALNUM + "!@#$%^&*()-=+[];:,.<>?", 20),
    "pin8": lambda c: rs(DIG, R.choice([8, 10])),
})

FILL.update({
    "akid": lambda c: aws_akid(),
    "fp": lambda c: "SHA256:" + b64(rbytes(32)).rstrip("="),
    "wgpub": lambda c: b64(rbytes(32)),
    "date8": lambda c: c["date"].replace("-", ""),
    "an8": lambda c: rs(LOWNUM, 8),
    "an12": lambda c: rs(ALNUM, 12),
    "n7": lambda c: str(R.randint(1000000, 9999999)),
    "oktaid": lambda c: "0oa" + rs(ALNUM, 17),
    "acct": lambda c: "%s%s" % (c["nbl"], R.choice(["records", "archive", "scans", "backup", "docs"])),
    "term": lambda c: R.choice(["2024FA", "2025SP", "2025SU", "2025FA"]),
    "printer": lambda c: R.choice(["Xerox AltaLink C8135", "Ricoh IM C3000", "Canon iR-ADV C5535",
                                   "HP LaserJet M607", "Konica Minolta bizhub C300i", "Kyocera TASKalfa 3253ci",
                                   "Sharp MX-3071", "Brother MFC-L8900CDW"]),
    "ssid": lambda c: R.choice(["Staff", "Clinic-Staff", "Secure", "Employee", "Admin", "Court-Staff"]),
})


# ---------------------------------------------------------------------------
# group: command
# ---------------------------------------------------------------------------

def C(fmt, text, kind, vis=""):
    T("command", fmt, text, kind, vis)


C("psql-uri-positional", """psql "postgresql://«user»:«S»@«dbhost»:5432/«db»?sslmode=require" -c '\\dt public.*'""", "upw", "«dbhost»")
C("pgpassword-env-prefix", "PGPASSWORD='«S»' psql -h «dbhost» -U «user» -d «db» -f /tmp/fix_encounter_dates.sql", "pw", "psql -h «dbhost»")
C("mysql-p-attached", """mysql -h «dbhost» -u «user» -p«S» «db» -e "SELECT COUNT(*) FROM enrollments WHERE term='«term»';" """, "apw", "«dbhost»")
C("mysqldump-password-long", "mysqldump --single-transaction --user=«user» --password='«S»' --host=«dbhost» «db» | gzip > /backup/«db»-$(date +%F).sql.gz", "pw", "--user=«user»")
C("sqlcmd-dash-p", r"""sqlcmd -S «winsrv»\SQLEXPRESS -U «user» -P "«S»" -d «db» -Q "EXEC dbo.usp_ExportAdmissions @Since='«date»'" """, "pw", r"«winsrv»\SQLEXPRESS")
C("bcp-queryout-password", r"""bcp "SELECT StudentID, LastName, FirstName, Grade FROM «db».dbo.Roster" queryout C:\exports\roster_«date8».csv -c -t, -S «winsrv» -U «user» -P «S»""", "apw", "queryout")
C("invoke-sqlcmd-password", """Invoke-Sqlcmd -ServerInstance "«winsrv»" -Database "«db»" -Username "«user»" -Password "«S»" -Query "SELECT TOP 50 * FROM dbo.InterfaceErrors ORDER BY Created DESC" | Format-Table""", "pw", "-ServerInstance \"«winsrv»\"")
C("curl-basic-u-flag", "curl -sk -u «user»:«S» https://«host»/api/v1/channels/statuses | jq '.list[] | {name, state}'", "upw", "https://«host»/api/v1/channels/statuses")
C("curl-bearer-fhir", """curl -s -H "Authorization: Bearer «S»" -H "Accept: application/fhir+json" "https://«webhost»/fhir/R4/Patient?identifier=urn:oid:2.16.840.1.113883.3.«n4»|«mrn»" """, "jwt", "Accept: application/fhir+json")
C("curl-apikey-query", """curl -o donors_«date8».csv "https://«webhost»/api/donors/export?format=csv&since=«date»&api_key=«S»" """, "hex32", "donors_«date8».csv")
C("curl-client-credentials-form", """curl -s -X POST https://login.microsoftonline.com/«tenant»/oauth2/v2.0/token \\
  -d client_id=«clientid» \\
  -d client_secret=«S» \\
  -d scope=https://graph.microsoft.com/.default \\
  -d grant_type=client_credentials | jq -r .access_token""", "mssec", "grant_type=client_credentials")
C("curl-json-login-body", """curl -s -X POST https://«webhost»/api/auth/login -H 'Content-Type: application/json' -d '{"username":"«uname»","password":"«S»"}' -c cookies.txt""", "wpw", "«uname»")
C("wget-user-password", "wget --user=«user» --password='«S»' 'ftp://«phost»/outbound/835_*.x12' -P /data/remits/", "pw", "ftp://«phost»/outbound/")
C("smbclient-user-percent", "smbclient //«winsrv»/Scans -U '«nb»\\«user»%«S»' -c 'ls; get scan_0007.pdf'", "pw", "//«winsrv»/Scans")
C("mount-cifs-options", "sudo mount -t cifs //«winsrv»/HR$ /mnt/hr -o username=«user»,password=«S»,domain=«nb»,vers=3.0,uid=1001", "pw", "/mnt/hr")
C("net-use-positional", r"net use Z: \\«winsrv»\Finance «S» /user:«nb»\«user» /persistent:yes", "pw", r"\\«winsrv»\Finance")
C("cmdkey-add-pass", r"cmdkey /add:«winsrv» /user:«nb»\«user» /pass:«S»", "pw", "cmdkey /add:«winsrv»")
C("schtasks-create-rp", r"""schtasks /Create /TN "«nb»\Nightly HL7 Archive" /TR "C:\Scripts\archive_hl7.bat" /SC DAILY /ST 02:00 /RU «nb»\«user» /RP «S» /RL HIGHEST /F""", "pw", "Nightly HL7 Archive")
C("sc-config-obj-password", r"""sc.exe config "MirthConnect" obj= "«nb»\«user»" password= "«S»" && sc.exe stop MirthConnect && sc.exe start MirthConnect""", "pw", "sc.exe config \"MirthConnect\"")
C("psexec-dash-p", r"""psexec \\«winsrv» -u «nb»\«user» -p «S» -h cmd /c "gpupdate /force && shutdown /r /t 60" """, "pw", r"\\«winsrv»")
C("pscredential-plaintext", """$pw = ConvertTo-SecureString "«S»" -AsPlainText -Force
$cred = New-Object System.Management.Automation.PSCredential("«nb»\\«user»", $pw)
Enter-PSSession -ComputerName «winsrv» -Credential $cred""", "pw", "Enter-PSSession -ComputerName «winsrv»")
C("set-adaccountpassword-reset", """Set-ADAccountPassword -Identity «uname» -Reset -NewPassword (ConvertTo-SecureString -AsPlainText "«S»" -Force); Set-ADUser -Identity «uname» -ChangePasswordAtLogon $true""", "hpw", "-Identity «uname»")
C("new-aduser-accountpassword", """New-ADUser -Name "«person»" -SamAccountName «uname» -UserPrincipalName «email» -Path "OU=Staff,OU=Users,DC=«nbl»,DC=local" -AccountPassword (ConvertTo-SecureString '«S»' -AsPlainText -Force) -Enabled $true""", "hpw", "-SamAccountName «uname»")
C("net-user-domain-reset", "net user «uname» «S» /domain", "hpw", "net user «uname»")
C("ldapsearch-w-quoted", """ldapsearch -x -H ldaps://«host»:636 -D "cn=«user»,ou=Service Accounts,dc=«nbl»,dc=local" -w '«S»' -b "dc=«nbl»,dc=local" "(sAMAccountName=«uname»)" memberOf""", "pw", "(sAMAccountName=«uname»)")
C("ldappasswd-new-s", """ldappasswd -H ldap://«host» -x -D "cn=admin,dc=«nbl»,dc=org" -W -s '«S»' "uid=«uname»,ou=people,dc=«nbl»,dc=org" """, "hpw", "uid=«uname»,ou=people")
C("ldapadd-heredoc-userpassword", """cat > /tmp/«uname».ldif <<'EOF'
dn: uid=«uname»,ou=people,dc=«nbl»,dc=org
objectClass: inetOrgPerson
cn: «person»
sn: «last»
mail: «email»
userPassword: «S»
EOF
ldapadd -x -D cn=admin,dc=«nbl»,dc=org -W -f /tmp/«uname».ldif""", "hpw", "dn: uid=«uname»,ou=people")
C("sshpass-ssh-remote", "sshpass -p '«S»' ssh -o StrictHostKeyChecking=no «user»@«host» 'sudo systemctl restart mirthconnect'", "pw", "«user»@«host»")
C("sshpass-sftp-batch", "sshpass -p «S» sftp -oBatchMode=no -b /opt/edi/upload.batch «user»@«phost»", "apw", "/opt/edi/upload.batch")
C("lftp-u-comma", """lftp -u «user»,'«S»' sftp://«phost» -e "mirror -R /data/outbound /inbound; bye" """, "pw", "sftp://«phost»")
C("rsync-password-env", "RSYNC_PASSWORD='«S»' rsync -av --delete /srv/pacs/export/ rsync://«user»@«host»/dicom-archive/", "pw", "/srv/pacs/export/")
C("htpasswd-batch", "sudo htpasswd -b /etc/nginx/.htpasswd «uname» '«S»'", "hpw", "/etc/nginx/.htpasswd")
C("openssl-pkcs12-passout", "openssl pkcs12 -export -in «host».crt -inkey «host».key -certfile chain.pem -out «host».pfx -passout pass:«S»", "pw", "-out «host».pfx")
C("openssl-enc-pass-arg", "openssl enc -aes-256-cbc -pbkdf2 -salt -in payroll_«date8».csv -out payroll_«date8».csv.enc -pass pass:'«S»'", "pw", "payroll_«date8».csv.enc")
C("keytool-storepass", "keytool -importcert -alias «partner» -file partner_ca.crt -keystore /opt/connect/appdata/keystore.jks -storepass «S» -noprompt", "apw", "/opt/connect/appdata/keystore.jks")
C("zip-encrypt-password-flag", "zip -P «S» -r transcripts_«date8».zip ./exports/transcripts/", "hpw", "transcripts_«date8».zip")
C("7z-attached-p", r"7z a -p«S» -mhe=on C:\Temp\HR_export_«date8».7z C:\Temp\HR_export\*", "apw", "-mhe=on")
C("gpg-loopback-passphrase", "gpg --batch --yes --pinentry-mode loopback --passphrase '«S»' -o claims_«date8».x12 -d claims_«date8».x12.gpg", "phrase", "claims_«date8».x12.gpg")
C("docker-login-p-flag", "docker login registry.«dom» -u «user» -p «S»", "an24", "registry.«dom»")
C("docker-run-env-e", """docker run -d --name connect -p 8443:8443 -p 6661:6661 \\
  -e DATABASE=postgres \\
  -e DATABASE_URL=jdbc:postgresql://«dbhost»:5432/mirthdb \\
  -e DATABASE_USERNAME=mirth \\
  -e DATABASE_PASSWORD=«S» \\
  nextgenhealthcare/connect:4.5.0""", "pw", "DATABASE_URL=jdbc:postgresql://«dbhost»:5432/mirthdb")
C("kubectl-secret-from-literal", "kubectl -n «appname» create secret generic sftp-creds --from-literal=username=«user» --from-literal=password='«S»'", "pw", "sftp-creds")
C("helm-set-app-password", "helm upgrade --install moodle bitnami/moodle -n lms --set moodleUsername=admin --set moodlePassword='«S»' --set moodleEmail=lms-admin@«dom»", "pw", "bitnami/moodle")
C("az-login-service-principal", "az login --service-principal -u «clientid» -p «S» --tenant «tenant»", "mssec", "--tenant «tenant»")
C("aws-configure-set-secret", "aws configure set aws_secret_access_key «S» --profile records-archive", "awssk", "--profile records-archive")
C("vault-kv-put-inline", "vault kv put secret/«appname»/db username=«user» password='«S»'", "pw", "secret/«appname»/db")
C("git-clone-oauth2-token", "git clone https://oauth2:«S»@gitlab.«dom»/it/«appname».git", "glpat", "gitlab.«dom»/it/«appname».git")
C("git-remote-set-url-pat", "git remote set-url origin https://«uname»:«S»@github.com/«nbl»-it/«appname».git", "ghp", "github.com/«nbl»-it/«appname».git")
C("npm-config-set-authtoken", "npm config set //registry.npmjs.org/:_authToken=«S»", "npm", "npm config set")
C("pip-index-url-creds", "pip install --index-url https://«user»:«S»@nexus.«dom»/repository/pypi-internal/simple fhir-mapper==«ver»", "upw", "fhir-mapper==«ver»")
C("mongosh-uri-password", """mongosh "mongodb://«user»:«S»@«host»:27017/intake?authSource=admin" --eval 'db.forms.countDocuments({status:"pending"})'""", "upw", "authSource=admin")
C("redis-cli-a-flag", "redis-cli -h «host» -p 6379 -a '«S»' --no-auth-warning --scan --pattern 'session:*' | wc -l", "an32", "--pattern 'session:*'")
C("ipmitool-lanplus-password", "ipmitool -I lanplus -H «ip» -U ADMIN -P «S» chassis power status", "apw", "chassis power status")
C("snmpwalk-v2c-community", "snmpwalk -v2c -c «S» «ip» 1.3.6.1.2.1.43.11.1.1.9   # toner levels on the «printer»", "snmp", "1.3.6.1.2.1.43.11.1.1.9")
C("snmpget-v3-authpass", "snmpget -v3 -l authNoPriv -u monitor -a SHA -A '«S»' «ip» sysUpTime.0", "pw", "sysUpTime.0")
C("sqlplus-user-slash-pass", "sqlplus «user»/«S»@//«dbhost»:1521/LISPRD @/home/oracle/scripts/purge_old_results.sql", "apw", "@/home/oracle/scripts/purge_old_results.sql")
C("expdp-system-connect", "expdp system/«S»@ORCL schemas=LIS directory=DATA_PUMP_DIR dumpfile=lis_%U.dmp logfile=lis_exp.log parallel=2", "apw", "schemas=LIS")
C("java-d-datasource-password", "java -Dspring.datasource.url='jdbc:sqlserver://«dbhost»:1433;databaseName=«db»' -Dspring.datasource.username=«user» -Dspring.datasource.password=«S» -jar «appname».jar", "pw", "-jar «appname».jar")
C("mvn-deploy-repo-password", "mvn -B deploy -DskipTests -Drepo.username=«user» -Drepo.password=«S» -DaltDeploymentRepository=internal::default::https://nexus.«dom»/repository/maven-releases/", "pw", "nexus.«dom»")
C("ansible-extra-vars-winrm", """ansible-playbook -i inventory/clinics.ini patch_windows.yml -e "ansible_user=«user» ansible_password=«S» ansible_connection=winrm ansible_winrm_transport=ntlm" """, "pw", "patch_windows.yml")
C("echo-pipe-sudo-stdin", "echo '«S»' | sudo -S systemctl restart hl7-listener.service", "pw", "hl7-listener.service")
C("chpasswd-echo-pipe", "echo '«uname»:«S»' | sudo chpasswd && sudo chage -d 0 «uname»", "hpw", "sudo chage -d 0 «uname»")
C("xfreerdp-p-switch", "xfreerdp /v:«winsrv» /u:«nb»\\«user» /p:'«S»' /cert:ignore /dynamic-resolution", "pw", "/v:«winsrv»")
C("rpcclient-user-percent", """rpcclient -U "«user»%«S»" «ip» -c 'queryuser «uname»'""", "pw", "queryuser «uname»")
C("lpadmin-smb-device-uri", "sudo lpadmin -p «dept»-Copier -E -v smb://«user»:«S»@«winsrv»/COPIER-2F -m everywhere", "upw", "-m everywhere")
C("swaks-auth-password", "swaks --to «email» --from scanner@«dom» --server smtp.office365.com:587 --tls --auth LOGIN --auth-user scanner@«dom» --auth-password '«S»'", "pw", "--auth-user scanner@«dom»")
C("blat-pw-switch", "blat.exe census_«date8».txt -to «email» -subject \"Nightly census\" -server smtp.«dom» -port 587 -u alerts@«dom» -pw «S»", "apw", "-subject \"Nightly census\"")
C("restic-password-export", "export RESTIC_PASSWORD='«S»'\nrestic -r s3:https://s3.wasabisys.com/«nbl»-backups backup /srv/dms --tag nightly", "phrase", "/srv/dms")
C("borg-passphrase-prefix", "BORG_PASSPHRASE='«S»' borg create --stats --compression zstd /mnt/usb/borg::fileserver-{now:%Y-%m-%d} /srv/share", "pw", "borg create --stats")
C("rclone-config-create-pass", "rclone config create offsite-sftp sftp host «phost» user «user» pass «S» --obscure", "apw", "host «phost»")
C("s3cmd-secret-flag", "s3cmd --access_key=«akid» --secret_key=«S» put records_«date8».tar.gz s3://«nbl»-cold-storage/records/", "awssk", "s3://«nbl»-cold-storage/records/")
C("mc-alias-set-positional", "mc alias set pacsarchive http://«host»:9000 «user» «S»", "an40", "mc alias set pacsarchive")
C("kcadm-config-credentials", "/opt/keycloak/bin/kcadm.sh config credentials --server https://sso.«dom» --realm master --user admin --password '«S»'", "pw", "https://sso.«dom»")
C("grafana-cli-reset-admin", "sudo grafana-cli admin reset-admin-password '«S»'", "pw", "reset-admin-password")
C("wp-cli-user-pass", "wp user update «uname» --user_pass='«S»' --path=/var/www/«nbl»-portal --skip-email", "hpw", "--path=/var/www/«nbl»-portal")
C("drush-user-password", 'drush user:password «uname» "«S»" --uri=https://«webhost»', "hpw", "drush user:password «uname»")
C("moodle-cli-reset-password", "sudo -u www-data /usr/bin/php admin/cli/reset_password.php --username=«uname» --password='«S»' --ignore-password-policy", "hpw", "--username=«uname»")
C("certutil-importpfx-p", r"certutil -f -p «S» -importpfx C:\certs\«host».pfx NoExport", "apw", r"C:\certs\«host».pfx")
C("import-pfxcertificate-password", r"Import-PfxCertificate -FilePath C:\certs\adfs-signing.pfx -CertStoreLocation Cert:\LocalMachine\My -Password (ConvertTo-SecureString -String '«S»' -Force -AsPlainText)", "pw", "Cert:\\LocalMachine\\My")
C("netsh-hostednetwork-key", "netsh wlan set hostednetwork mode=allow ssid=«nb»-Popup key=«S»", "apw", "ssid=«nb»-Popup")
C("vncpasswd-f-echo", "echo '«S»' | vncpasswd -f > /home/«uname»/.vnc/passwd && chmod 600 /home/«uname»/.vnc/passwd", "apw", "vncpasswd -f")
C("rabbitmqctl-add-user", "rabbitmqctl add_user hl7_router '«S»' && rabbitmqctl set_permissions -p /hl7 hl7_router '.*' '.*' '.*'", "pw", "set_permissions -p /hl7")
C("mysqladmin-initial-password", "mysqladmin -u root password '«S»'", "pw", "mysqladmin -u root")
C("psql-alter-role-c", """sudo -u postgres psql -c "ALTER ROLE «user» WITH LOGIN PASSWORD '«S»';" """, "pw", "ALTER ROLE «user»")
C("sqlcmd-create-login-q", r"""sqlcmd -S «winsrv» -E -Q "CREATE LOGIN [«user»] WITH PASSWORD = N'«S»', CHECK_POLICY = OFF; ALTER SERVER ROLE [dbcreator] ADD MEMBER [«user»];" """, "pw", "CHECK_POLICY = OFF")
C("pg-dump-keyword-connstring", 'pg_dump "host=«dbhost» port=5432 dbname=«db» user=«user» password=«S» sslmode=require" -Fc -f /backup/«db»_«date8».dump', "pw", "sslmode=require")
C("curl-ftp-url-creds", "curl -T ./outbound/837P_«n6».txt ftp://«user»:«S»@«phost»/inbound/ --ftp-ssl --ssl-reqd", "upw", "837P_«n6».txt")
C("curl-x-api-key-header", """curl -s -H "X-API-Key: «S»" "https://«webhost»/api/v2/cases?status=open&county=«nbl»" | jq '.items | length'""", "an32", "status=open")
C("httpie-auth-flag", "http --auth «user»:«S» GET https://«host»/api/reports/daily date==«date»", "upw", "https://«host»/api/reports/daily")
C("invoke-restmethod-bearer", """Invoke-RestMethod -Uri "https://«webhost»/api/students?school=«n3»" -Headers @{ Authorization = "Bearer «S»" } | Export-Csv C:\\exports\\students.csv -NoTypeInformation""", "jwths", "C:\\exports\\students.csv")
C("powershell-basic-pair", """$pair = "«user»:«S»"
$enc = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes($pair))
Invoke-WebRequest -Uri https://«host»/api/jobs -Headers @{ Authorization = "Basic $enc" }""", "pw", "https://«host»/api/jobs")
C("connect-pnponline-clientsecret", """Connect-PnPOnline -Url "https://«nbl».sharepoint.com/sites/HR" -ClientId «clientid» -ClientSecret "«S»" -WarningAction Ignore""", "mssec", "https://«nbl».sharepoint.com/sites/HR")
C("winrs-u-p", "winrs -r:«winsrv» -u:«nb»\\«user» -p:«S» ipconfig /all", "pw", "winrs -r:«winsrv»")
C("ftp-script-echo-batch", r"""(echo open «phost»& echo user «user» «S»& echo binary& echo mput C:\EDI\out\*.x12& echo bye) > C:\EDI\ftp.txt && ftp -n -i -s:C:\EDI\ftp.txt""", "apw", r"C:\EDI\ftp.txt")
C("docker-exec-mariadb-p", """docker exec -it mariadb mariadb -uroot -p«S» -e "SHOW DATABASES;" """, "apw", "SHOW DATABASES;")
C("compose-up-env-prefix", "POSTGRES_PASSWORD=«S» docker compose -f docker-compose.prod.yml up -d db", "pw", "docker-compose.prod.yml")
C("kubectl-set-env-smtp", "kubectl -n «appname» set env deployment/«appname» SMTP_USER=alerts@«dom» SMTP_PASSWORD='«S»'", "pw", "deployment/«appname»")
C("heroku-config-set-key", "heroku config:set SENDGRID_API_KEY=«S» -a «nbl»-donate", "sendgrid", "-a «nbl»-donate")
C("gh-secret-set-body", "gh secret set SFTP_PASSWORD --body '«S»' --repo «nbl»-it/«appname»", "pw", "gh secret set SFTP_PASSWORD")
C("az-keyvault-secret-set-value", "az keyvault secret set --vault-name kv-«nbl»-prod --name fhir-client-secret --value '«S»'", "an40", "--vault-name kv-«nbl»-prod")
C("aws-ssm-put-parameter", "aws ssm put-parameter --name /«appname»/prod/db_password --type SecureString --value '«S»' --overwrite", "pw", "/«appname»/prod/db_password")
C("gcloud-secret-version-echo", "echo -n '«S»' | gcloud secrets versions add sis-api-key --data-file=-", "an40", "sis-api-key")
C("op-item-create-login", "op item create --category=login --title='EDI SFTP - «partner»' --vault IT username=«user» password='«S»' url=sftp://«phost»", "pw", "url=sftp://«phost»")
C("vault-pass-file-echo", "echo '«S»' > ~/.ansible/vault_pass.txt && chmod 600 ~/.ansible/vault_pass.txt", "phrase", "~/.ansible/vault_pass.txt")
C("export-env-client-secret", "export FHIR_CLIENT_ID=«clientid»\nexport FHIR_CLIENT_SECRET=«S»\npython bulk_export.py --since «date»", "an40", "python bulk_export.py")
C("setx-machine-env", 'setx EFILE_API_KEY "«S»" /M', "hex32", "setx EFILE_API_KEY")
C("powershell-env-canvas", '$env:CANVAS_TOKEN = "«S»"; python .\\sync_rosters.py --term «term»', "canvas", "sync_rosters.py --term «term»")
C("fmsadmin-u-p", "fmsadmin -u admin -p «S» backup -d filelinux:/opt/FileMaker/FileMaker\\ Server/Data/Backups/", "apw", "fmsadmin -u admin")
C("add-vbrcredentials", """Add-VBRCredentials -User "«nb»\\«user»" -Password '«S»' -Description "File server backup account" """, "pw", "File server backup account")
C("expect-spawn-sftp", """expect -c 'spawn sftp «user»@«phost»; expect "password:"; send "«S»\\r"; expect "sftp>"; send "put /data/out/roster.csv\\r"; send "bye\\r"; interact'""", "apw", "spawn sftp «user»@«phost»")
C("plink-pw-ssh", 'plink.exe -ssh -batch -pw «S» «user»@«host» "tail -n 50 /var/log/hl7/inbound.log"', "apw", "/var/log/hl7/inbound.log")
C("pscp-pw-upload", r"pscp -pw «S» C:\exports\roster_«date8».csv «user»@«phost»:/incoming/", "apw", "«user»@«phost»:/incoming/")
C("winscp-com-open-url", '''winscp.com /ini=nul /command "open sftp://«user»:«S»@«phost»/ -hostkey=""ssh-ed25519 255 «fp»""" "put C:\\EDI\\out\\*.x12 /in/" "exit"''', "upw", "put C:\\EDI\\out\\*.x12 /in/")
C("dsmod-user-pwd", 'dsmod user "CN=«person»,OU=Staff,DC=«nbl»,DC=local" -pwd «S» -mustchpwd yes', "hpw", "-mustchpwd yes")
C("azcopy-sas-destination", '''azcopy copy "D:\\Scans\\«date8»\\*" "https://«acct».blob.core.windows.net/scans?sv=2022-11-02&ss=b&srt=co&sp=rwlac&se=«date»T23:59:59Z&st=«date»T00:00:00Z&spr=https&sig=«S»" --recursive''', "azsig", "azcopy copy")
C("mosquitto-pub-password", "mosquitto_pub -h «host» -p 8883 --cafile /etc/ssl/certs/ca.pem -u freezer-monitor -P '«S»' -t lab/freezer/03/temp -m '-79.4'", "pw", "lab/freezer/03/temp")
C("ldapwhoami-upn-w", "ldapwhoami -x -H ldaps://«host» -D «user»@«nbl».local -w «S»", "apw", "ldaps://«host»")
C("kinit-echo-stdin", "echo '«S»' | kinit «user»@«nb».LOCAL && klist", "pw", "«user»@«nb».LOCAL")
C("realm-join-stdin", "echo '«S»' | sudo realm join --user=«uname»-adm «nbl».local --computer-ou='OU=Linux,OU=Servers,DC=«nbl»,DC=local'", "pw", "--computer-ou=")
C("msiexec-service-password", r'''msiexec /i "C:\Installers\ScanAgent.msi" /qn SERVICE_USER="«nb»\«user»" SERVICE_PASSWORD="«S»" /l*v C:\Temp\scanagent_install.log''', "pw", r"C:\Temp\scanagent_install.log")
C("docker-mssql-tools-sqlcmd", "docker run --rm mcr.microsoft.com/mssql-tools /opt/mssql-tools/bin/sqlcmd -S «ip» -U sa -P '«S»' -Q 'SELECT @@VERSION'", "pw", "SELECT @@VERSION")
C("mysql-defaults-inline-host", "mysql --host=«dbhost» --port=3306 --user=«user» --password=«S» --database=«db» < migrations/2025_03_add_guardian_phone.sql", "apw", "migrations/2025_03_add_guardian_phone.sql")
C("runas-netonly-echo", r'echo «S»| runas /netonly /user:«nb»\«user» "mmc dsa.msc"', "apw", "mmc dsa.msc")
C("sqlcmd-linked-server-login", r"""sqlcmd -S «winsrv» -E -Q "EXEC sp_addlinkedsrvlogin @rmtsrvname=N'LISPROD', @useself=N'False', @locallogin=NULL, @rmtuser=N'«user»', @rmtpassword=N'«S»'" """, "pw", "@rmtsrvname=N'LISPROD'")
C("curl-d-password-grant", "curl -s https://«webhost»/oauth/token -d grant_type=password -d username=«uname» -d 'password=«S»' -d client_id=portal-cli", "pw", "client_id=portal-cli")
C("curl-upload-efile-header", """curl -F "envelope=@filing_«n6».xml" -F "lead=@complaint.pdf" -H "X-EFile-Key: «S»" https://efile.«dom»/api/v3/filings""", "hex40", "https://efile.«dom»/api/v3/filings")
C("python-oneliner-login", """python3 -c "import ldap3; c=ldap3.Connection('ldaps://«host»', user='«nb»\\\\«user»', password='«S»', auto_bind=True); print(c.extend.standard.who_am_i())" """, "pw", "ldaps://«host»")
C("ssh-keygen-new-passphrase", "ssh-keygen -t ed25519 -f ~/.ssh/edi_«partner_slug» -N '«S»' -C 'edi upload key'", "phrase", "-C 'edi upload key'")
C("jq-arg-secret-build", """jq -n --arg u «user» --arg p '«S»' '{username:$u,password:$p}' > /etc/«appname»/creds.json""", "pw", "/etc/«appname»/creds.json")
C("tableau-tabcmd-login", "tabcmd login -s https://tableau.«dom» -u «uname» -p «S» --no-certcheck", "apw", "https://tableau.«dom»")
C("sqlpackage-publish-password", r"SqlPackage.exe /Action:Publish /SourceFile:bin\Release\Registry.dacpac /TargetServerName:«winsrv» /TargetDatabaseName:«db» /TargetUser:«user» /TargetPassword:«S»", "pw", "/TargetDatabaseName:«db»")
C("duplicity-ftp-password-env", "FTP_PASSWORD='«S»' duplicity /srv/records sftp://«user»@«phost»//backups/records", "pw", "duplicity /srv/records")
C("unzip-password-flag", "unzip -P '«S»' «partner_slug»_remit_«date8».zip -d /data/remits/", "pw", "-d /data/remits/")

FILL["partner_slug"] = lambda c: re.sub(r"[^a-z0-9]+", "_", c["partner"].lower()).strip("_")


# ---------------------------------------------------------------------------
# group: tool-output
# ---------------------------------------------------------------------------

def O(fmt, text, kind, vis=""):
    T("tool-output", fmt, text, kind, vis)


O("cat-dotenv-output", """$ cat /opt/«appname»/.env
APP_ENV=production
APP_URL=https://«webhost»
DB_HOST=«dbhost»
DB_PORT=5432
DB_USER=«user»
DB_PASS=«S»
LOG_LEVEL=info""", "pw", "DB_HOST=«dbhost»")
O("printenv-grep-smtp", """$ printenv | grep -i smtp
SMTP_HOST=smtp.office365.com
SMTP_PORT=587
SMTP_USER=alerts@«dom»
SMTP_PASSWORD=«S»""", "pw", "SMTP_USER=alerts@«dom»")
O("docker-inspect-env-array", """$ docker inspect --format '{{json .Config.Env}}' connect | jq .
[
  "DATABASE=postgres",
  "DATABASE_URL=jdbc:postgresql://«dbhost»:5432/mirthdb",
  "DATABASE_USERNAME=mirth",
  "DATABASE_PASSWORD=«S»",
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
  "JAVA_HOME=/opt/java/openjdk"
]""", "pw", "DATABASE_USERNAME=mirth")
O("kubectl-jsonpath-base64-decode", """$ kubectl -n lms get secret moodle-db -o jsonpath='{.data.password}' | base64 -d
«S»
$ """, "pw", "moodle-db")
O("kubectl-get-secret-yaml-data", """$ kubectl -n «appname» get secret sftp-creds -o yaml
apiVersion: v1
data:
  password: «S»
  username: «user_b64»
kind: Secret
metadata:
  creationTimestamp: "«ts»"
  name: sftp-creds
  namespace: «appname»
type: Opaque""", "b64pw", "name: sftp-creds")
O("aws-iam-create-access-key-json", """$ aws iam create-access-key --user-name svc-records-archive
{
    "AccessKey": {
        "UserName": "svc-records-archive",
        "AccessKeyId": "«akid»",
        "Status": "Active",
        "SecretAccessKey": "«S»",
        "CreateDate": "«ts»"
    }
}""", "awssk", "svc-records-archive")
O("az-ad-sp-create-for-rbac", """$ az ad sp create-for-rbac --name sp-«appname»-deploy --role contributor --scopes /subscriptions/«uuid»/resourceGroups/rg-«appname»
Creating 'contributor' role assignment under scope '/subscriptions/«uuid»/resourceGroups/rg-«appname»'
{
  "appId": "«clientid»",
  "displayName": "sp-«appname»-deploy",
  "password": "«S»",
  "tenant": "«tenant»"
}""", "mssec", "sp-«appname»-deploy")
O("vault-kv-get-table", """$ vault kv get secret/edi/«partner_slug»
======= Secret Path =======
secret/data/edi/«partner_slug»

======= Metadata =======
Key                Value
---                -----
created_time       «ts»
version            4

====== Data ======
Key         Value
---         -----
host        «phost»
password    «S»
username    «user»""", "pw", "host        «phost»")
O("heroku-config-database-url", """$ heroku config -a «nbl»-donate
=== «nbl»-donate Config Vars
DATABASE_URL:       postgres://u«an8»:«S»@ec2-54-«n3»-12-9.compute-1.amazonaws.com:5432/d«an8»
NODE_ENV:           production
STRIPE_PUBLISHABLE: pk_live_«an12»""", "herokupg", "NODE_ENV:           production")
O("git-log-p-added-password", """$ git log -p -S password -- config/sftp.yml
commit «sha»
Author: «person» <«email»>
Date:   «date» 16:42:11 -0500

    temp: hardcode sftp creds for go-live, will move to vault

diff --git a/config/sftp.yml b/config/sftp.yml
--- a/config/sftp.yml
+++ b/config/sftp.yml
@@ -3,3 +3,4 @@ sftp:
   host: «phost»
   port: 22
   username: «user»
+  password: «S»""", "pw", "Author: «person»")
O("git-diff-removed-env-line", """$ git diff HEAD~1 -- .env.example
diff --git a/.env.example b/.env.example
index «short»..«short2» 100644
--- a/.env.example
+++ b/.env.example
@@ -7,7 +7,7 @@ LDAP_URL=ldaps://«host»:636
 LDAP_BIND_DN=CN=«user»,OU=Service,DC=«nbl»,DC=local
-LDAP_BIND_PASSWORD=«S»
+LDAP_BIND_PASSWORD=
 LDAP_BASE_DN=DC=«nbl»,DC=local""", "pw", "LDAP_URL=ldaps://«host»:636")
O("grep-rn-php-includes", """$ grep -rn 'pwd' /var/www/intranet/includes/
/var/www/intranet/includes/db.inc.php:5:$host = '«dbhost»';
/var/www/intranet/includes/db.inc.php:6:$usr = '«user»';
/var/www/intranet/includes/db.inc.php:7:$pwd = '«S»';""", "pw", "/var/www/intranet/includes/db.inc.php")
O("findstr-si-webconfig", r"""C:\inetpub>findstr /si /n password *.config
wwwroot\portal\web.config:23:    <add name="Portal" connectionString="Server=«winsrv»;Database=«db»;User Id=«user»;Password=«S»;" providerName="System.Data.SqlClient" />""", "pw", r"wwwroot\portal\web.config")
O("history-grep-mysql", """$ history | grep mysql
  412  mysql -u root -p
  418  mysql -u «user» -p'«S»' -h «dbhost» «db»
  433  history | grep mysql""", "pw", "mysql -u root -p")
O("ps-aux-sshpass-cmdline", """$ ps aux | grep [s]ftp
«user»    «pid»  0.0  0.1  12044  3320 ?        S    02:00   0:00 sshpass -p «S» sftp -b /opt/edi/batch.txt «user»@«phost»""", "apw", "/opt/edi/batch.txt")
O("systemctl-cat-environment", """$ systemctl cat hl7-listener
# /etc/systemd/system/hl7-listener.service
[Unit]
Description=HL7 MLLP listener (ADT/ORU)
After=network-online.target

[Service]
User=hl7
Environment="HL7_DB_URL=postgresql://hl7:«S»@«dbhost»:5432/hl7"
ExecStart=/opt/hl7-listener/bin/listener --port 6661
Restart=always""", "upw", "Description=HL7 MLLP listener")
O("crontab-l-mysqldump", r"""$ crontab -l
# m h  dom mon dow   command
15 2 * * * /usr/bin/mysqldump -u backup -p«S» --all-databases | gzip > /backup/all-$(date +\%F).sql.gz
0 6 * * 1 /opt/scripts/rotate_logs.sh""", "apw", "/opt/scripts/rotate_logs.sh")
O("docker-compose-config-resolved", """$ docker compose config
name: intake
services:
  db:
    environment:
      POSTGRES_DB: intake
      POSTGRES_PASSWORD: «S»
      POSTGRES_USER: intake
    image: postgres:16
    volumes:
      - type: volume
        source: pgdata
        target: /var/lib/postgresql/data""", "pw", "image: postgres:16")
O("terraform-output-json-sensitive", """$ terraform output -json
{
  "db_admin_password": {
    "sensitive": true,
    "type": "string",
    "value": "«S»"
  },
  "db_fqdn": {
    "sensitive": false,
    "type": "string",
    "value": "sql-«appname»-prod.database.windows.net"
  }
}""", "gpw", "sql-«appname»-prod.database.windows.net")
O("helm-get-values-user-supplied", """$ helm get values moodle -n lms
USER-SUPPLIED VALUES:
moodleEmail: lms-admin@«dom»
moodlePassword: «S»
moodleSiteName: «org» LMS
moodleUsername: admin""", "pw", "moodleEmail: lms-admin@«dom»")
O("kubectl-describe-pod-env", """$ kubectl describe pod «appname»-7d9c8b6f4-«an8» -n «appname» | sed -n '/Environment/,/Mounts/p'
    Environment:
      SPRING_PROFILES_ACTIVE:      prod
      SPRING_DATASOURCE_URL:       jdbc:sqlserver://«dbhost»:1433;databaseName=«db»
      SPRING_DATASOURCE_USERNAME:  «user»
      SPRING_DATASOURCE_PASSWORD:  «S»
    Mounts:""", "pw", "SPRING_DATASOURCE_USERNAME:  «user»")
O("psql-select-integration-settings", """sisdb=> select name, value from integration_settings where name like 'canvas%';
        name         |                     value
---------------------+-----------------------------------------------
 canvas_base_url     | https://«nbl».instructure.com
 canvas_api_token    | «S»
(2 rows)""", "canvas", "https://«nbl».instructure.com")
O("sqlcmd-select-appconfig", """1> SELECT ConfigKey, ConfigValue FROM dbo.AppConfig WHERE ConfigKey LIKE 'Sftp%'
2> GO
ConfigKey            ConfigValue
-------------------- ----------------------------------------
SftpHost             «phost»
SftpUser             «user»
SftpPassword         «S»

(3 rows affected)""", "pw", "SftpHost             «phost»")
O("reg-query-winlogon-default", r"""C:\>reg query "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon" /v DefaultPassword

HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon
    DefaultPassword    REG_SZ    «S»
""", "hpw", "REG_SZ")
O("netsh-wlan-key-clear", """C:\\>netsh wlan show profile name="«nb»-«ssid»" key=clear
...
Security settings
-----------------
    Authentication         : WPA2-Personal
    Cipher                 : CCMP
    Security key           : Present
    Key Content            : «S»

Cost settings
-------------""", "hpw", "«nb»-«ssid»")
O("wp-config-get-value", "$ wp config get DB_PASSWORD --path=/var/www/html\n«S»\n$ wp config get DB_HOST --path=/var/www/html\n«dbhost»", "pw", "wp config get DB_PASSWORD")
O("tinker-config-output", """> config('services.blackbaud.subscription_key')
= "«S»"
> config('services.blackbaud.environment')
= "p-«an8»"
""", "hex32", "services.blackbaud.subscription_key")
O("openssl-rand-generated", "$ openssl rand -base64 32\n«S»\n$ # using that as the new ENCRYPTION_KEY for the intake portal, pasted into the vault too", "b64_32", "openssl rand -base64 32")
O("pwgen-sy-output", "$ pwgen -sy 20 1\n«S»", "pwgen_sy", "pwgen -sy 20 1")
O("keepassxc-cli-show", """$ keepassxc-cli show -s ~/it/it-vault.kdbx 'Vendors/LIS SFTP'
Enter password to unlock /home/«uname»/it/it-vault.kdbx:
Title: LIS SFTP
UserName: «user»
Password: «S»
URL: sftp://«phost»
Notes: rotate quarterly, vendor contact in ticket «ticket»""", "pw", "UserName: «user»")
O("op-item-get-reveal", "$ op item get 'PowerSchool API' --fields label=client_secret --reveal\n«S»", "uuid", "op item get 'PowerSchool API'")
O("bw-get-password", "$ bw get password 'FileMaker Server admin console'\n«S»", "pw", "bw get password")
O("security-find-generic-password-w", "$ security find-generic-password -a «uname» -s 'Clio API' -w\n«S»", "an40", "-s 'Clio API'")
O("secret-tool-lookup", "$ secret-tool lookup service interconnect user «user»\n«S»", "pw", "secret-tool lookup service interconnect")
O("docker-logs-dsn-line", """$ docker logs intake-api --tail 5
«ts» INFO  boot: config loaded (env=production)
«ts» INFO  db: connecting to postgresql://intake:«S»@«dbhost»:5432/intake
«ts» INFO  db: pool ready (min=2 max=10)
«ts» INFO  http: listening on :8080""", "upw", "db: pool ready")
O("curl-v-authorization-basic", """$ curl -v https://«host»/api/v1/results?since=«date»
*   Trying «ip»:443...
* Connected to «host» («ip») port 443
> GET /api/v1/results?since=«date» HTTP/1.1
> Host: «host»
> Authorization: Basic «S»
> User-Agent: curl/8.4.0
> Accept: */*
>
< HTTP/1.1 200 OK""", "basic", "> Host: «host»")
O("token-endpoint-response-json", """$ curl -s -X POST https://«webhost»/oauth2/token -d grant_type=client_credentials -d scope=system/Observation.read -d client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer -d client_assertion=@assertion.jwt
{"access_token":"«S»","token_type":"Bearer","expires_in":300,"scope":"system/Observation.read"}""", "jwt", "\"token_type\":\"Bearer\"")
O("kubectl-get-configmap-leak", """$ kubectl get configmap portal-config -n portal -o yaml
apiVersion: v1
data:
  MAIL_FROM: noreply@«dom»
  MAIL_HOST: smtp.office365.com
  MAIL_PASSWORD: «S»
  MAIL_USERNAME: noreply@«dom»
kind: ConfigMap""", "pw", "MAIL_HOST: smtp.office365.com")
O("jq-sftp-block-output", """$ jq .sftp /opt/edi/config.json
{
  "host": "«phost»",
  "port": 22,
  "username": "«user»",
  "password": "«S»",
  "remote_dir": "/inbound/837"
}""", "pw", "\"remote_dir\": \"/inbound/837\"")
O("cat-pgpass-output", "$ cat ~/.pgpass\n«dbhost»:5432:*:«user»:«S»\n$ ls -l ~/.pgpass\n-rw------- 1 «uname» «uname» 58 «date» 09:12 /home/«uname»/.pgpass", "upw", "/home/«uname»/.pgpass")
O("ldapsearch-userpassword-base64", """$ ldapsearch -x -LLL -H ldap://«host» -D cn=admin,dc=«nbl»,dc=org -y ~/.ldappw -b ou=people,dc=«nbl»,dc=org uid=«uname» userPassword
dn: uid=«uname»,ou=people,dc=«nbl»,dc=org
userPassword:: «S»
""", "b64pw", "dn: uid=«uname»,ou=people")
O("get-aduser-description-temp", """PS C:\\> Get-ADUser «uname» -Properties Description | Select-Object Name, Description

Name              Description
----              -----------
«person»    Temp pw «S» - must reset at first logon""", "hpw", "Get-ADUser «uname»")
O("net-user-comment-field", r"""C:\>net user scanner /domain
The request will be processed at a domain controller for domain «nbl».local.

User name                    scanner
Full Name                    Scan to Folder
Comment                      pw «S» do not change - all copiers use it
User's comment
Country/region code          000 (System Default)
Account active               Yes""", "pw", "Full Name                    Scan to Folder")
O("redis-config-get-requirepass", """«host»:6379> CONFIG GET requirepass
1) "requirepass"
2) "«S»"
«host»:6379> """, "an32", "CONFIG GET requirepass")
O("cat-openssh-private-key", """$ cat ~/.ssh/id_ed25519
-----BEGIN OPENSSH PRIVATE KEY-----
«S»
-----END OPENSSH PRIVATE KEY-----""", "ossh", "cat ~/.ssh/id_ed25519")
O("kubectl-secret-tls-key-field", """$ kubectl get secret portal-tls -n portal -o yaml | grep tls.key
  tls.key: «S»""", "tlskey64", "portal-tls")
O("az-storage-account-keys-list", """$ az storage account keys list -g rg-records -n «acct» -o json
[
  {
    "creationTime": "«ts»",
    "keyName": "key1",
    "permissions": "FULL",
    "value": "«S»"
  }
]""", "azkey", "\"keyName\": \"key1\"")
O("az-generate-sas-tsv", """$ az storage container generate-sas --account-name «acct» -n scans --permissions rl --expiry «date»T23:59Z -o tsv
se=«date»T23%3A59Z&sp=rl&sv=2022-11-02&sr=c&sig=«S»""", "azsig", "--account-name «acct»")
O("aws-s3-presign-url", """$ aws s3 presign s3://«nbl»-records/exports/«uuid».pdf --expires-in 3600
https://«nbl»-records.s3.amazonaws.com/exports/«uuid».pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«akid»%2F«date8»%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=«date8»T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»""", "s3sig", "s3://«nbl»-records/exports/«uuid».pdf")
O("gsutil-signurl-table", """$ gsutil signurl -d 1h sa-key.json gs://«nbl»-transcripts/batch_«date8».zip
URL	HTTP Method	Expiration	Signed URL
gs://«nbl»-transcripts/batch_«date8».zip	GET	«date» 14:10:02	https://storage.googleapis.com/«nbl»-transcripts/batch_«date8».zip?x-goog-signature=«S»&x-goog-algorithm=GOOG4-RSA-SHA256&x-goog-credential=transcripts%40«nbl»-prod.iam.gserviceaccount.com%2F«date8»%2Fus%2Fstorage%2Fgoog4_request&x-goog-date=«date8»T131002Z&x-goog-expires=3600&x-goog-signedheaders=host""", "gcssig", "gs://«nbl»-transcripts/batch_«date8».zip")
O("sqlite3-glpi-config-row", """$ sqlite3 helpdesk.db "select name, value from config where name like 'smtp%';"
smtp_host|smtp.«dom»
smtp_username|helpdesk@«dom»
smtp_passwd|«S»""", "pw", "smtp_username|helpdesk@«dom»")
O("select-string-unattend-xml", r"""PS C:\> Select-String -Path C:\Windows\Panther\Unattend.xml -Pattern '<Value>' -Context 1,1

  C:\Windows\Panther\Unattend.xml:41:        <AdministratorPassword>
> C:\Windows\Panther\Unattend.xml:42:            <Value>«S»</Value>
  C:\Windows\Panther\Unattend.xml:43:            <PlainText>true</PlainText>""", "hpw", r"C:\Windows\Panther\Unattend.xml")
O("findstr-sysvol-cpassword", r"""C:\>findstr /S /I cpassword \\«nbl».local\SYSVOL\«nbl».local\Policies\*.xml
\\«nbl».local\SYSVOL\«nbl».local\Policies\{«UUIDX»}\Machine\Preferences\Groups\Groups.xml:<User clsid="{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}" name="ClinicAdmin" image="2" changed="«date» 10:11:04" uid="{«UUIDY»}"><Properties action="U" newName="" fullName="" description="" cpassword="«S»" changeLogon="0" noChange="1" neverExpires="1" acctDisabled="0" userName="ClinicAdmin"/></User>""", "gpp", "name=\"ClinicAdmin\"")
O("cmd-set-findstr-key", r"""C:\Tools\efile>set | findstr /i key
EFILE_API_KEY=«S»
EFILE_KEY_ID=«n6»""", "hex40", "EFILE_KEY_ID=«n6»")
O("pm2-env-grep-token", """$ pm2 env 0 | grep -i token
CLEVER_TOKEN: «S»
GITHUB_TOKEN_NOTE: read-only deploy, see wiki""", "hex40", "pm2 env 0")
O("cat-npmrc-output", """$ cat ~/.npmrc
registry=https://registry.npmjs.org/
//registry.npmjs.org/:_authToken=«S»
save-exact=true""", "npm", "save-exact=true")
O("git-config-list-remote-url", """$ git config --list --show-origin | grep remote.origin.url
file:.git/config	remote.origin.url=https://«uname»:«S»@dev.azure.com/«nbl»/Records/_git/records-api""", "ado", "dev.azure.com/«nbl»/Records/_git/records-api")
O("cat-git-credentials-bitbucket", "$ cat ~/.git-credentials\nhttps://«uname»:«S»@bitbucket.org", "atbb", "bitbucket.org")
O("cat-docker-config-auths", """$ cat ~/.docker/config.json
{
	"auths": {
		"registry.«dom»": {
			"auth": "«S»"
		}
	}
}""", "basic", "registry.«dom»")
O("grep-channel-xml-password", """$ grep -n -B2 '<password>' channels/LabResults_Outbound.xml
212:          <host>«phost»:22/results</host>
213:          <username>«user»</username>
214:          <password>«S»</password>""", "pw", "channels/LabResults_Outbound.xml")
O("strings-binary-unlabelled", """$ strings -n 8 ScanToPdf.exe | grep -i -A2 smtp
smtp.office365.com
scanner@«dom»
«S»
SMTP send failed: {0}""", "hpw", "scanner@«dom»")
O("ansible-vault-view-output", """$ ansible-vault view group_vars/clinics/vault.yml --vault-password-file ~/.ansible/vault_pass.txt
vault_domain_join_user: «user»
vault_domain_join_password: «S»""", "pw", "vault_domain_join_user: «user»")
O("sops-decrypt-output", """$ sops -d secrets/prod.enc.yaml
fhir:
  base_url: https://«webhost»/fhir/R4
  client_id: «clientid»
  client_secret: «S»""", "an48", "base_url: https://«webhost»/fhir/R4")
O("terraform-show-json-jq", """$ terraform show -json | jq '.values.root_module.resources[] | select(.type=="azurerm_mssql_server") | .values | {administrator_login, administrator_login_password}'
{
  "administrator_login": "sqladmin",
  "administrator_login_password": "«S»"
}""", "gpw", "\"administrator_login\": \"sqladmin\"")
O("get-storedcredential-password", """PS C:\\> (Get-StoredCredential -Target 'EFileBot').GetNetworkCredential().Password
«S»
PS C:\\> """, "pw", "-Target 'EFileBot'")
O("get-secret-asplaintext", "PS C:\\> Get-Secret -Name SisApiKey -Vault LocalStore -AsPlainText\n«S»", "hex32", "-Name SisApiKey")
O("lpass-show-password", "$ lpass show --password 'Shared-IT/Court e-filing portal'\n«S»", "hpw", "Shared-IT/Court e-filing portal")
O("django-shell-settings-value", """>>> from django.conf import settings
>>> settings.EMAIL_HOST_USER, settings.EMAIL_HOST_PASSWORD
('intake@«dom»', '«S»')""", "pw", "'intake@«dom»'")
O("rails-console-credentials-dig", """irb(main):001> Rails.application.credentials.dig(:clio, :client_secret)
=> "«S»"
irb(main):002> Rails.application.credentials.dig(:clio, :client_id)
=> "«an40»"
""", "an40", "credentials.dig(:clio, :client_secret)")
O("node-repl-process-env", "> process.env.SIS_API_KEY\n'«S»'\n> process.env.SIS_BASE_URL\n'https://«webhost»/ws/v1'", "hex32", "https://«webhost»/ws/v1")
O("secretsmanager-get-secret-value", """$ aws secretsmanager get-secret-value --secret-id prod/«appname»/db --query SecretString --output text
{"username":"«user»","password":"«S»","host":"«dbhost»","port":5432}""", "gpw", "prod/«appname»/db")
O("gcloud-secrets-access-latest", "$ gcloud secrets versions access latest --secret=edi-sftp-password --project=«nbl»-prod\n«S»", "pw", "--secret=edi-sftp-password")
O("az-keyvault-show-tsv", "$ az keyvault secret show --vault-name kv-«nbl»-prod --name ldap-bind-password --query value -o tsv\n«S»", "pw", "kv-«nbl»-prod")
O("kubectl-go-template-decode", """$ kubectl get secret dms-ldap -o go-template='{{range $k,$v := .data}}{{$k}}: {{$v | base64decode}}{{"\\n"}}{{end}}'
bind_dn: CN=«user»,OU=Service,DC=«nbl»,DC=local
bind_password: «S»""", "pw", "bind_dn: CN=«user»")
O("vault-read-dynamic-db-creds", """$ vault read database/creds/reports-readonly
Key                Value
---                -----
lease_id           database/creds/reports-readonly/«an12»
lease_duration     1h
lease_renewable    true
password           «S»
username           v-token-reports-r-«an8»""", "vaultdyn", "database/creds/reports-readonly")
O("iwr-content-json-apikey", """PS C:\\> (Invoke-WebRequest -Uri https://«webhost»/admin/api/keys -Method Post -WebSession $s).Content
{"id":«n4»,"label":"power-automate","apiKey":"«S»","created":"«ts»"}""", "an32", "\"label\":\"power-automate\"")
O("openssl-pkcs12-info-nodes", """$ openssl pkcs12 -in adfs-signing.pfx -nodes -passin pass:
MAC: sha256, Iteration 2048
Bag Attributes
    localKeyID: «hex16»
Key Attributes: <No Attributes>
-----BEGIN PRIVATE KEY-----
«S»
-----END PRIVATE KEY-----""", "rsa8", "adfs-signing.pfx")
O("sudo-cat-ec-key", """$ sudo cat /etc/ssl/private/«host».key
-----BEGIN EC PRIVATE KEY-----
«S»
-----END EC PRIVATE KEY-----""", "ec", "/etc/ssl/private/«host».key")
O("type-rdp-file-password-blob", r"""C:\Users\«uname»\Desktop>type LIS.rdp
screen mode id:i:2
full address:s:«winsrv»
username:s:«nb»\«user»
password 51:b:«S»
authentication level:i:2""", "rdpblob", "full address:s:«winsrv»")
O("winscp-ini-session-password", r"""$ type "%APPDATA%\WinSCP.ini" | findstr /i /c:"Sessions" /c:"Password" /c:"HostName"
[Sessions\«user»@«phost»]
HostName=«phost»
Password=«S»""", "winscp", r"[Sessions\«user»@«phost»]")
O("filezilla-sitemanager-grep", """$ grep -A1 '<User>' ~/.config/filezilla/sitemanager.xml
			<User>«user»</User>
			<Pass encoding="base64">«S»</Pass>""", "b64pw", "<User>«user»</User>")
O("mysql-batch-tsv-output", """$ mysql -N -B «db» -e "select client_id, client_secret from oauth_clients where name='clio-sync'"
«an40»	«S»""", "an40", "oauth_clients")
O("psql-expanded-record", """intake=# \\x
Expanded display is on.
intake=# select * from sso_providers where id = 3;
-[ RECORD 1 ]-+---------------------------------------------
id            | 3
provider      | okta
issuer        | https://«nbl».okta.com/oauth2/default
client_id     | «oktaid»
client_secret | «S»
enabled       | t""", "okta_cs", "https://«nbl».okta.com/oauth2/default")
O("env-windows-full-dump", r"""C:\ProgramData\LabBridge>set
ALLUSERSPROFILE=C:\ProgramData
COMPUTERNAME=«winsrv»
LABBRIDGE_DB=Server=«winsrv»;Database=«db»;User Id=«user»;Password=«S»
LABBRIDGE_HOME=C:\ProgramData\LabBridge
NUMBER_OF_PROCESSORS=4""", "pw", "COMPUTERNAME=«winsrv»")
O("journalctl-unit-env-echo", """$ journalctl -u donor-sync --since today | tail -n 3
«date» 03:00:01 «host» donor-sync[«pid»]: starting nightly import (source=bloomerang)
«date» 03:00:01 «host» donor-sync[«pid»]: using api key «S»
«date» 03:00:07 «host» donor-sync[«pid»]: imported 214 constituents, 3 skipped""", "an32", "starting nightly import")
O("cat-rdp-credssp-profile-xml", """$ cat /etc/guacamole/user-mapping.xml | grep -i -B1 password
    <authorize username="«uname»" password="«S»">
        <connection name="«winsrv»">""", "pw", "<connection name=\"«winsrv»\">")
O("echo-variable-output", """$ echo $DONORPERFECT_API_KEY
«S»""", "hex48", "echo $DONORPERFECT_API_KEY")
O("get-itemproperty-autologon", r"""PS C:\> Get-ItemProperty 'HKLM:\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon' | Select AutoAdminLogon, DefaultUserName, DefaultPassword

AutoAdminLogon DefaultUserName DefaultPassword
-------------- --------------- ---------------
1              kiosk-lobby     «S»""", "hpw", "kiosk-lobby")

FILL.update({
    "user_b64": lambda c: b64text(c["user"]),
    "UUIDX": lambda c: ruuid().upper(),
    "UUIDY": lambda c: ruuid().upper(),
})


# ---------------------------------------------------------------------------
# group: config-file
# ---------------------------------------------------------------------------

def F(fmt, text, kind, vis=""):
    T("config-file", fmt, text, kind, vis)


F("pgpass-line", "«dbhost»:5432:«db»:«user»:«S»", "upw", "«dbhost»:5432:«db»")
F("netrc-machine-block", "machine «phost»\n  login «user»\n  password «S»\n\nmachine api.github.com\n  login «uname»\n  password ${GITHUB_TOKEN}", "pw", "machine «phost»")
F("my-cnf-client-section", "# ~/.my.cnf  (used by the nightly backup cron)\n[client]\nuser=«user»\npassword=\"«S»\"\nhost=«dbhost»\n\n[mysqldump]\nsingle-transaction", "pw", "host=«dbhost»")
F("odbc-ini-dsn", "[LIS_PROD]\nDriver=ODBC Driver 18 for SQL Server\nServer=«winsrv»\nDatabase=«db»\nUID=«user»\nPWD=«S»\nTrustServerCertificate=yes\nEncrypt=yes", "pw", "Server=«winsrv»")
F("web-config-connectionstrings", """<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <connectionStrings>
    <add name="RecordsDb"
         connectionString="Data Source=«winsrv»;Initial Catalog=«db»;User ID=«user»;Password=«S»;MultipleActiveResultSets=True"
         providerName="System.Data.SqlClient" />
  </connectionStrings>
  <system.web>
    <compilation debug="false" targetFramework="4.8" />
  </system.web>
</configuration>""", "pw", "Initial Catalog=«db»")
F("app-config-appsettings-sftp", """  <appSettings>
    <add key="SftpHost" value="«phost»" />
    <add key="SftpUser" value="«user»" />
    <add key="SftpPassword" value="«S»" />
    <add key="RemoteFolder" value="/inbound/roster" />
    <add key="ArchiveFolder" value="D:\\EDI\\Archive" />
  </appSettings>""", "pw", "<add key=\"SftpHost\" value=\"«phost»\" />")
F("tomcat-context-resource", """<Context>
    <Resource name="jdbc/ehr" auth="Container" type="javax.sql.DataSource"
              maxTotal="40" maxIdle="10" maxWaitMillis="10000"
              username="«user»" password="«S»"
              driverClassName="com.microsoft.sqlserver.jdbc.SQLServerDriver"
              url="jdbc:sqlserver://«dbhost»:1433;databaseName=«db»;encrypt=true"/>
</Context>""", "pw", "jdbc/ehr")
F("tomcat-users-xml", """<tomcat-users xmlns="http://tomcat.apache.org/xml" version="1.0">
  <role rolename="manager-gui"/>
  <role rolename="manager-script"/>
  <user username="deployer" password="«S»" roles="manager-script"/>
</tomcat-users>""", "pw", "username=\"deployer\"")
F("wp-config-db-password", """define( 'DB_NAME', '«nbl»_wp' );
define( 'DB_USER', '«user»' );
define( 'DB_PASSWORD', '«S»' );
define( 'DB_HOST', '«dbhost»' );
define( 'DB_CHARSET', 'utf8mb4' );""", "pw", "define( 'DB_HOST', '«dbhost»' );")
F("wp-config-auth-salt", """define('AUTH_KEY',         '«S»');
define('SECURE_AUTH_KEY',  'put your unique phrase here');
define('WP_DEBUG', false);""", "wpsalt", "define('WP_DEBUG', false);")
F("moodle-config-dbpass", """$CFG->dbtype    = 'pgsql';
$CFG->dblibrary = 'native';
$CFG->dbhost    = '«dbhost»';
$CFG->dbname    = 'moodle';
$CFG->dbuser    = 'moodleuser';
$CFG->dbpass    = '«S»';
$CFG->prefix    = 'mdl_';
$CFG->wwwroot   = 'https://lms.«dom»';""", "pw", "$CFG->wwwroot   = 'https://lms.«dom»';")
F("laravel-env-app-key", "APP_NAME=\"«org» Portal\"\nAPP_ENV=production\nAPP_KEY=base64:«S»\nAPP_DEBUG=false\nAPP_URL=https://«webhost»", "b64_32", "APP_URL=https://«webhost»")
F("django-settings-secret-key", """# settings/production.py
from .base import *  # noqa

DEBUG = False
ALLOWED_HOSTS = ["«webhost»"]
SECRET_KEY = '«S»'
CSRF_TRUSTED_ORIGINS = ["https://«webhost»"]""", "django", "ALLOWED_HOSTS = [\"«webhost»\"]")
F("spring-application-properties", "server.port=8443\nspring.datasource.url=jdbc:postgresql://«dbhost»:5432/«db»\nspring.datasource.username=«user»\nspring.datasource.password=«S»\nspring.jpa.hibernate.ddl-auto=validate", "pw", "spring.datasource.username=«user»")
F("spring-application-yml-ldap", """spring:
  ldap:
    urls: ldaps://«host»:636
    base: dc=«nbl»,dc=local
    username: CN=«user»,OU=Service Accounts,DC=«nbl»,DC=local
    password: '«S»'
  profiles:
    active: prod""", "pw", "urls: ldaps://«host»:636")
F("sssd-conf-authtok", """[domain/«nbl».local]
id_provider = ldap
auth_provider = ldap
ldap_uri = ldaps://«host»
ldap_search_base = dc=«nbl»,dc=local
ldap_default_bind_dn = cn=«user»,ou=Service,dc=«nbl»,dc=local
ldap_default_authtok_type = password
ldap_default_authtok = «S»
cache_credentials = True""", "pw", "ldap_uri = ldaps://«host»")
F("nslcd-conf-bindpw", "uid nslcd\ngid nslcd\nuri ldap://«host»/\nbase dc=«nbl»,dc=local\nbinddn cn=«user»,ou=Service,dc=«nbl»,dc=local\nbindpw «S»\nssl start_tls", "pw", "uri ldap://«host»/")
F("smb-credentials-file", "# /root/.smbcredentials-scans\nusername=«user»\npassword=«S»\ndomain=«nb»", "pw", "domain=«nb»")
F("fstab-cifs-inline", "//«winsrv»/scans  /mnt/scans  cifs  username=«user»,password=«S»,uid=33,gid=33,iocharset=utf8,_netdev  0  0", "pw", "/mnt/scans")
F("msmtprc-account", "defaults\nauth on\ntls on\ntls_trust_file /etc/ssl/certs/ca-certificates.crt\n\naccount default\nhost smtp.office365.com\nport 587\nfrom alerts@«dom»\nuser alerts@«dom»\npassword «S»", "pw", "from alerts@«dom»")
F("postfix-sasl-passwd", "# /etc/postfix/sasl_passwd  -- postmap after editing\n[smtp.office365.com]:587 scanner@«dom»:«S»", "pw", "[smtp.office365.com]:587")
F("pypirc-token", "[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\npassword = «S»", "pypi", "username = __token__")
F("npmrc-scoped-registry", "@«nbl»:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«S»\nalways-auth=true", "ghp", "@«nbl»:registry=https://npm.pkg.github.com")
F("docker-config-json-hub", '{\n  "auths": {\n    "https://index.docker.io/v1/": {\n      "auth": "«S»"\n    }\n  },\n  "credsStore": ""\n}', "basic", "https://index.docker.io/v1/")
F("git-credentials-store-line", "https://«uname»:«S»@github.com\nhttps://«uname»:«S»@gist.github.com", "ghp", "gist.github.com")
F("s3cfg-wasabi", "[default]\naccess_key = «akid»\nsecret_key = «S»\nhost_base = s3.wasabisys.com\nhost_bucket = %(bucket)s.s3.wasabisys.com\nuse_https = True", "awssk", "host_base = s3.wasabisys.com")
F("aws-credentials-profile", "[default]\nregion = us-gov-west-1\n\n[records-archive]\naws_access_key_id = «akid»\naws_secret_access_key = «S»", "awssk", "[records-archive]")
F("rclone-conf-sftp-remote", "[offsite]\ntype = sftp\nhost = «phost»\nuser = «user»\npass = «S»\nshell_type = unix\nmd5sum_command = none", "b64u_32", "host = «phost»")
F("freeradius-clients-conf", "client wlc-main {\n    ipaddr    = «ip»\n    secret    = «S»\n    shortname = wlc-main\n    nas_type  = other\n}", "psk", "shortname = wlc-main")
F("snmpd-conf-rocommunity", "sysLocation    «org», server room B\nsysContact     it@«dom»\nrocommunity «S» «ip»/32\nview systemonly included .1.3.6.1.2.1.1", "snmp", "sysContact     it@«dom»")
F("cisco-type7-username", "hostname «nb»-CORE-SW1\n!\nusername netadmin privilege 15 password 7 «S»\n!\ninterface Vlan10\n description Clinical\n ip address «ip» 255.255.255.0", "type7", "hostname «nb»-CORE-SW1")
F("cisco-snmp-server-community", "snmp-server community «S» RO 10\nsnmp-server location «org» MDF\nsnmp-server contact helpdesk@«dom»\naccess-list 10 permit «ip»", "snmp", "snmp-server location «org» MDF")
F("openvpn-auth-txt-two-lines", "/etc/openvpn/client/auth.txt:\n«user»\n«S»", "pw", "/etc/openvpn/client/auth.txt")
F("wireguard-interface-privatekey", "[Interface]\nPrivateKey = «S»\nAddress = 10.8.0.«n»/32\nDNS = «ip»\n\n[Peer]\nPublicKey = «wgpub»\nAllowedIPs = 10.20.0.0/16\nEndpoint = vpn.«dom»:51820\nPersistentKeepalive = 25", "wgkey", "Endpoint = vpn.«dom»:51820")
F("ipsec-secrets-psk", "# /etc/ipsec.secrets - site-to-site with «partner»\n«pubip» %any : PSK \"«S»\"", "psk", "site-to-site with «partner»")
F("unattend-autologon-block", """      <AutoLogon>
        <Password>
          <Value>«S»</Value>
          <PlainText>true</PlainText>
        </Password>
        <Enabled>true</Enabled>
        <LogonCount>3</LogonCount>
        <Username>Administrator</Username>
      </AutoLogon>""", "hpw", "<LogonCount>3</LogonCount>")
F("gpp-groups-xml-cpassword", """<?xml version="1.0" encoding="utf-8"?>
<Groups clsid="{3125E937-EB16-4b4c-9934-544FC6D24D26}"><User clsid="{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}" name="LocalSupport" image="2" changed="«date» 08:14:55" uid="{«UUIDX»}"><Properties action="U" newName="" fullName="Local support" description="" cpassword="«S»" changeLogon="0" noChange="0" neverExpires="1" acctDisabled="0" userName="LocalSupport"/></User>
</Groups>""", "gpp", "userName=\"LocalSupport\"")
F("winlogon-reg-export", """Windows Registry Editor Version 5.00

[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]
"AutoAdminLogon"="1"
"DefaultDomainName"="«nb»"
"DefaultUserName"="lobby-kiosk"
"DefaultPassword"="«S»"
""", "hpw", "\"DefaultUserName\"=\"lobby-kiosk\"")
F("mirth-properties-database", "# Mirth Connect configuration file\nhttp.port = 8080\nhttps.port = 8443\ndatabase = postgres\ndatabase.url = jdbc:postgresql://«dbhost»:5432/mirthdb\ndatabase.username = mirth\ndatabase.password = «S»\ndatabase.max-connections = 20", "pw", "database.url = jdbc:postgresql://«dbhost»:5432/mirthdb")
F("mirth-channel-sftp-dispatcher", """    <destinationConnector version="4.4.2">
      <name>Send ORU to «partner»</name>
      <properties class="com.mirth.connect.connectors.file.FileDispatcherProperties" version="4.4.2">
        <scheme>SFTP</scheme>
        <host>«phost»/results/in</host>
        <outputPattern>ORU_${message.messageId}.hl7</outputPattern>
        <anonymous>false</anonymous>
        <username>«user»</username>
        <password>«S»</password>
        <timeout>10000</timeout>
      </properties>
    </destinationConnector>""", "pw", "<name>Send ORU to «partner»</name>")
F("ansible-inventory-winrm-vars", "[windows_clinics]\nclinic-fs01 ansible_host=«ip»\nclinic-prn01 ansible_host=«ip2»\n\n[windows_clinics:vars]\nansible_user=«nb»\\«user»\nansible_password=«S»\nansible_connection=winrm\nansible_winrm_server_cert_validation=ignore", "pw", "[windows_clinics:vars]")
F("ansible-group-vars-ldap", "# group_vars/all.yml\nntp_servers:\n  - «ip»\nldap_server: ldaps://«host»\nldap_bind_dn: \"CN=«user»,OU=Service,DC=«nbl»,DC=local\"\nldap_bind_password: \"«S»\"", "pw", "ldap_server: ldaps://«host»")
F("grafana-ini-security", "[server]\nhttp_port = 3000\ndomain = grafana.«dom»\n\n[security]\nadmin_user = admin\nadmin_password = «S»\ndisable_gravatar = true", "pw", "domain = grafana.«dom»")
F("prometheus-basic-auth-scrape", """scrape_configs:
  - job_name: 'mirth'
    scheme: https
    basic_auth:
      username: prometheus
      password: «S»
    static_configs:
      - targets: ['«host»:8443']""", "pw", "job_name: 'mirth'")
F("zabbix-psk-file", "# /etc/zabbix/zabbix_agent2.d/psk.key  (TLSPSKIdentity=«nb»-«host»)\n«S»", "hex64", "/etc/zabbix/zabbix_agent2.d/psk.key")
F("nagios-resource-cfg", "# Sets $USER1$ to be the path to the plugins\n$USER1$=/usr/lib/nagios/plugins\n# AD account used by check_ldap and check_wmi\n$USER3$=«nb»\\«user»\n$USER4$=«S»", "pw", "$USER1$=/usr/lib/nagios/plugins")
F("rsyncd-secrets-line", "# /etc/rsyncd.secrets (chmod 600)\npacsbackup:«S»", "apw", "/etc/rsyncd.secrets")
F("filezilla-site-server-block", """<Server>
    <Host>«phost»</Host>
    <Port>22</Port>
    <Protocol>1</Protocol>
    <Type>0</Type>
    <User>«user»</User>
    <Pass encoding="base64">«S»</Pass>
    <Logontype>1</Logontype>
    <Name>«partner» EDI</Name>
</Server>""", "b64pw", "<Name>«partner» EDI</Name>")
F("php-return-array-config", """<?php
return [
    'smtp' => [
        'host' => 'smtp.«dom»',
        'port' => 587,
        'username' => 'forms@«dom»',
        'password' => '«S»',
        'encryption' => 'tls',
    ],
];""", "pw", "'username' => 'forms@«dom»'")
F("nextcloud-config-dbpassword", """  'dbtype' => 'mysql',
  'dbname' => 'nextcloud',
  'dbhost' => '«dbhost»',
  'dbuser' => 'nc_«nbl»',
  'dbpassword' => '«S»',
  'installed' => true,""", "gpw", "'dbhost' => '«dbhost»'")
F("osticket-ost-config", "define('DBTYPE','mysql');\ndefine('DBHOST','«dbhost»');\ndefine('DBNAME','osticket');\ndefine('DBUSER','ost_user');\ndefine('DBPASS','«S»');", "pw", "define('DBHOST','«dbhost»');")
F("joomla-configuration-php", "\tpublic $dbtype = 'mysqli';\n\tpublic $host = '«dbhost»';\n\tpublic $user = '«user»';\n\tpublic $password = '«S»';\n\tpublic $db = 'joomla_«nbl»';", "pw", "public $host = '«dbhost»';")
F("keycloak-realm-client-secret", """  "clients": [
    {
      "clientId": "canvas-lms",
      "enabled": true,
      "clientAuthenticatorType": "client-secret",
      "secret": "«S»",
      "redirectUris": ["https://«nbl».instructure.com/login/openid_connect"],
      "protocol": "openid-connect"
    }""", "an32", "\"clientId\": \"canvas-lms\"")
F("simplesamlphp-admin-password", "$config = [\n    'baseurlpath' => 'https://sso.«dom»/simplesaml/',\n    'technicalcontact_email' => 'it@«dom»',\n    'auth.adminpassword' => '«S»',\n    'secretsalt' => 'defaultsecretsalt',", "pw", "'technicalcontact_email' => 'it@«dom»'")
F("shibboleth-ldap-properties", "idp.attribute.resolver.LDAP.ldapURL = ldaps://«host»:636\nidp.attribute.resolver.LDAP.baseDN = ou=people,dc=«nbl»,dc=edu\nidp.attribute.resolver.LDAP.bindDN = cn=shib-idp,ou=service,dc=«nbl»,dc=edu\nidp.attribute.resolver.LDAP.bindDNCredential = «S»", "pw", "idp.attribute.resolver.LDAP.ldapURL = ldaps://«host»:636")
F("saml-sp-key-pem-file", "# /etc/shibboleth/sp-signing-key.pem\n-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----", "rsa8", "/etc/shibboleth/sp-signing-key.pem")
F("gcp-service-account-json", """{
  "type": "service_account",
  "project_id": "«nbl»-transcripts",
  "private_key_id": "«hex40»",
  "private_key": "-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n",
  "client_email": "uploader@«nbl»-transcripts.iam.gserviceaccount.com",
  "client_id": "1«n6»«n6»«n6»",
  "token_uri": "https://oauth2.googleapis.com/token"
}""", "pemjson", "uploader@«nbl»-transcripts.iam.gserviceaccount.com")
F("aspnetcore-appsettings-connstring", """{
  "Logging": { "LogLevel": { "Default": "Information" } },
  "ConnectionStrings": {
    "CaseDb": "Server=tcp:«dbhost»,1433;Database=«db»;User ID=«user»;Password=«S»;Encrypt=True;TrustServerCertificate=True"
  },
  "AllowedHosts": "*"
}""", "pw", "Database=«db»")
F("excel-odc-connection", """<xml>
 <odc:OfficeDataConnection xmlns:odc="urn:schemas-microsoft-com:office:odc" xmlns="http://www.w3.org/TR/REC-html40">
  <odc:Connection odc:Type="OLEDB">
   <odc:ConnectionString>Provider=SQLOLEDB.1;Password=«S»;Persist Security Info=True;User ID=«user»;Initial Catalog=«db»;Data Source=«winsrv»</odc:ConnectionString>
   <odc:CommandType>Table</odc:CommandType>
   <odc:CommandText>&quot;«db»&quot;.&quot;dbo&quot;.&quot;vw_MonthlyCensus&quot;</odc:CommandText>
  </odc:Connection>
 </odc:OfficeDataConnection>
</xml>""", "pw", "vw_MonthlyCensus")
F("udl-file-initstring", "[oledb]\n; Everything after this line is an OLE DB initstring\nProvider=SQLOLEDB.1;Password=«S»;Persist Security Info=True;User ID=«user»;Initial Catalog=«db»;Data Source=«winsrv»", "pw", "Data Source=«winsrv»")
F("activemq-users-properties", "## users.properties\nadmin=«S»\n## groups.properties lives next to this file", "pw", "## users.properties")
F("orthanc-json-registered-users", """{
  "Name" : "«nb» PACS gateway",
  "DicomAet" : "«nb»_ORTHANC",
  "AuthenticationEnabled" : true,
  "RegisteredUsers" : {
    "radiology" : "«S»"
  },
  "DicomModalities" : { "ct1" : [ "CT1_AE", "«ip»", 104 ] }
}""", "pw", "\"DicomAet\" : \"«nb»_ORTHANC\"")
F("openemr-sqlconf-php", "<?php\n$host\t= '«dbhost»';\n$port\t= '3306';\n$login\t= 'openemr';\n$pass\t= '«S»';\n$dbase\t= 'openemr';\n$db_encoding = 'utf8mb4';", "pw", "$host\t= '«dbhost»';")
F("openmrs-runtime-properties", "connection.url=jdbc:mysql://«dbhost»:3306/openmrs?autoReconnect=true&sessionVariables=default_storage_engine%3DInnoDB&useUnicode=true&characterEncoding=UTF-8\nconnection.username=openmrs_user\nconnection.password=«S»\nauto_update_database=false", "pw", "connection.username=openmrs_user")
F("koha-conf-xml-pass", "<config>\n <db_scheme>mysql</db_scheme>\n <database>koha_library</database>\n <hostname>«dbhost»</hostname>\n <port>3306</port>\n <user>koha_library</user>\n <pass>«S»</pass>\n</config>", "pw", "<hostname>«dbhost»</hostname>")
F("canvas-database-yml", "production:\n  adapter: postgresql\n  encoding: utf8\n  database: canvas_production\n  host: «dbhost»\n  username: canvas\n  password: «S»\n  timeout: 5000", "pw", "host: «dbhost»")
F("nginx-proxy-basic-header", """location /lab-api/ {
    proxy_pass https://«host»:8443/api/;
    proxy_set_header Authorization "Basic «S»";
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
}""", "basic", "location /lab-api/")
F("apache-requestheader-apikey", "<Location /donations/api>\n    ProxyPass https://«webhost»/v1\n    RequestHeader set X-Api-Key \"«S»\"\n</Location>", "an32", "<Location /donations/api>")
F("haproxy-stats-auth", "listen stats\n    bind *:8404\n    stats enable\n    stats uri /stats\n    stats refresh 10s\n    stats auth admin:«S»", "pw", "stats uri /stats")
F("papercut-server-properties", "database.type=SQLServer\ndatabase.driver=net.sourceforge.jtds.jdbc.Driver\ndatabase.url=jdbc:jtds:sqlserver://«winsrv»/papercut\ndatabase.username=papercut\ndatabase.password=«S»", "pw", "database.url=jdbc:jtds:sqlserver://«winsrv»/papercut")
F("sendmail-authinfo", "AuthInfo:smtp.office365.com \"U:scanner@«dom»\" \"P:«S»\" \"M:LOGIN PLAIN\"", "pw", "\"U:scanner@«dom»\"")
F("fetchmailrc-poll", "poll outlook.office365.com protocol IMAP\n    user \"intake@«dom»\" there with password \"«S»\" is intake here\n    ssl\n    folder INBOX\n    mda \"/usr/local/bin/intake-parse\"", "pw", "user \"intake@«dom»\"")
F("wpa-supplicant-network", "network={\n    ssid=\"«nb»-«ssid»\"\n    psk=\"«S»\"\n    key_mgmt=WPA-PSK\n    priority=5\n}", "hpw", "ssid=\"«nb»-«ssid»\"")
F("hostapd-wpa-passphrase", "interface=wlan0\nssid=«nb»-Guest\nhw_mode=g\nchannel=6\nwpa=2\nwpa_passphrase=«S»\nwpa_key_mgmt=WPA-PSK", "hpw", "ssid=«nb»-Guest")
F("guacamole-user-mapping-param", """<user-mapping>
    <authorize username="helpdesk" password="{{ guac_helpdesk_pw }}">
        <connection name="«winsrv» (LIS)">
            <protocol>rdp</protocol>
            <param name="hostname">«ip»</param>
            <param name="username">«user»</param>
            <param name="password">«S»</param>
            <param name="ignore-cert">true</param>
        </connection>
    </authorize>
</user-mapping>""", "pw", "<param name=\"hostname\">«ip»</param>")
F("appsettings-seq-apikey", '{\n  "Serilog": {\n    "WriteTo": [\n      { "Name": "Seq", "Args": { "serverUrl": "https://seq.«dom»", "apiKey": "«S»" } }\n    ]\n  }\n}', "an20", "https://seq.«dom»")
F("nlog-mail-target", '<target xsi:type="Mail" name="ops" smtpServer="smtp.«dom»" smtpPort="587" enableSsl="true" smtpAuthentication="Basic" smtpUserName="alerts@«dom»" smtpPassword="«S»" from="alerts@«dom»" to="it-oncall@«dom»" subject="[${machinename}] error" />', "pw", "to=\"it-oncall@«dom»\"")
F("log4j2-smtp-appender", '<SMTP name="Mail" subject="HL7 engine error" to="integration@«dom»" from="hl7@«dom»" smtpHost="smtp.«dom»" smtpPort="587" smtpUsername="hl7@«dom»" smtpPassword="«S»" bufferSize="50">\n  <ThresholdFilter level="ERROR"/>\n</SMTP>', "pw", "subject=\"HL7 engine error\"")
F("logstash-output-elasticsearch", "output {\n  elasticsearch {\n    hosts => [\"https://«host»:9200\"]\n    user => \"logstash_writer\"\n    password => \"«S»\"\n    index => \"hl7-%{+YYYY.MM.dd}\"\n  }\n}", "pw", "user => \"logstash_writer\"")
F("filebeat-output-password", "output.elasticsearch:\n  hosts: [\"https://«host»:9200\"]\n  username: \"filebeat_internal\"\n  password: \"«S»\"\n  ssl.certificate_authorities: [\"/etc/filebeat/ca.crt\"]", "pw", "username: \"filebeat_internal\"")
F("telegraf-influx-token", "[[outputs.influxdb_v2]]\n  urls = [\"http://«host»:8086\"]\n  token = \"«S»\"\n  organization = \"«nbl»\"\n  bucket = \"printers\"", "influx", "bucket = \"printers\"")
F("jetty-realm-properties", "# HASH / admin console\nadmin: «S»,admin,server-administrator", "pw", "server-administrator")
F("rails-database-yml-erb-fallback", "production:\n  <<: *default\n  database: intake_production\n  username: intake\n  password: <%= ENV.fetch(\"INTAKE_DB_PASSWORD\", \"«S»\") %>", "pw", "database: intake_production")
F("odbcinst-filemaker-dsn", "[FM_Donors]\nDriver=/Library/ODBC/FileMaker ODBC.bundle/Contents/MacOS/FileMaker ODBC\nServer=«ip»\nDatabase=Donors\nUID=odbc_reader\nPWD=«S»", "pw", "Database=Donors")
F("pgadmin-servers-json-passfile-inline", '{\n  "Servers": {\n    "1": {\n      "Name": "«db» prod",\n      "Group": "Servers",\n      "Host": "«dbhost»",\n      "Port": 5432,\n      "MaintenanceDB": "postgres",\n      "Username": "«user»",\n      "Password": "«S»",\n      "SSLMode": "prefer"\n    }\n  }\n}', "pw", "\"Host\": \"«dbhost»\"")
F("hibernate-cfg-xml", '<hibernate-configuration>\n  <session-factory>\n    <property name="hibernate.connection.url">jdbc:oracle:thin:@«dbhost»:1521/LISPRD</property>\n    <property name="hibernate.connection.username">«user»</property>\n    <property name="hibernate.connection.password">«S»</property>\n  </session-factory>\n</hibernate-configuration>', "pw", "jdbc:oracle:thin:@«dbhost»:1521/LISPRD")
F("pam-ldap-conf-rootbinddn-secret", "# /etc/ldap.secret (mode 600, referenced by rootbinddn in /etc/ldap.conf)\n«S»", "pw", "/etc/ldap.secret")
F("bacula-director-password", "Director {\n  Name = «nbl»-dir\n  DIRport = 9101\n  QueryFile = \"/etc/bacula/scripts/query.sql\"\n  WorkingDirectory = \"/var/lib/bacula\"\n  Password = \"«S»\"\n  Messages = Daemon\n}", "an32", "Name = «nbl»-dir")
F("squid-cache-peer-login", "cache_peer proxy.«partner_slug».net parent 3128 0 no-query default login=«user»:«S»", "upw", "cache_peer proxy.«partner_slug».net")

# config-file family: the same kind of integration settings written in the
# different file syntaxes people actually use for them.
# (name, section, [(key, value)], secret key, kind, visible key)
CONFIG_SYSTEMS = [
    ("fhir-client", "fhir", [("base_url", "https://«webhost»/fhir/R4"), ("client_id", "«clientid»"),
                             ("token_url", "https://«webhost»/oauth2/token")], "client_secret", "an40", "base_url"),
    ("ldap-bind", "ldap", [("url", "ldaps://«host»:636"), ("bind_dn", "CN=«user»,OU=Service Accounts,DC=«nbl»,DC=local"),
                           ("base_dn", "DC=«nbl»,DC=local")], "bind_password", "pw", "url"),
    ("sftp-partner", "sftp", [("host", "«phost»"), ("port", "22"), ("username", "«user»"),
                              ("remote_dir", "/inbound")], "password", "pw", "host"),
    ("smtp-relay", "smtp", [("host", "smtp.office365.com"), ("port", "587"), ("username", "noreply@«dom»"),
                            ("starttls", "true")], "password", "pw", "username"),
    ("oidc-sso", "oidc", [("issuer", "https://login.microsoftonline.com/«tenant»/v2.0"), ("client_id", "«clientid»"),
                          ("redirect_uri", "https://«webhost»/signin-oidc")], "client_secret", "mssec", "redirect_uri"),
    ("canvas-lms-api", "canvas", [("base_url", "https://«nbl».instructure.com"), ("account_id", "1")],
     "access_token", "canvas", "base_url"),
    ("powerschool-plugin", "powerschool", [("server", "https://«nbl».powerschool.com"), ("client_id", "«clientid»")],
     "client_secret", "uuid", "server"),
    ("blackbaud-sky", "blackbaud", [("api_base", "https://api.sky.blackbaud.com"), ("environment_id", "p-«an12»")],
     "subscription_key", "hex32", "api_base"),
    ("court-efile", "efile", [("endpoint", "https://efile.«dom»/EFMFirmService"), ("firm_id", "«n6»"),
                              ("filer_email", "«email»")], "api_key", "hex40", "endpoint"),
    ("lis-database", "lis_db", [("host", "«dbhost»"), ("port", "1433"), ("database", "«db»"), ("user", "«user»")],
     "password", "pw", "host"),
    ("payroll-drop", "payroll", [("sftp_host", "«phost»"), ("sftp_user", "«user»"), ("file_mask", "PR_*.csv")],
     "sftp_password", "pw", "sftp_host"),
    ("redis-session", "redis", [("host", "«host»"), ("port", "6379"), ("db", "2")], "password", "an32", "host"),
    ("twilio-sms-reminders", "twilio", [("account_sid", "AC«md5»"), ("from_number", "+1555«n7»")],
     "auth_token", "hex32", "account_sid"),
    ("dicomweb-pacs", "dicomweb", [("url", "https://«host»/dicom-web"), ("username", "«user»")], "password", "pw", "url"),
    ("sharepoint-app-only", "sharepoint", [("site_url", "https://«nbl».sharepoint.com/sites/Records"),
                                           ("client_id", "«clientid»")], "client_secret", "mssec", "site_url"),
    ("clio-oauth-app", "clio", [("app_key", "«an40»"), ("redirect_uri", "https://«webhost»/clio/callback")],
     "app_secret", "an40", "redirect_uri"),
    ("duo-auth-api", "duo", [("ikey", "DI«un18»"), ("api_host", "api-«hex8».duosecurity.com")], "skey", "an40", "api_host"),
    ("hl7-db-archive", "archive_db", [("server", "«winsrv»"), ("database", "HL7Archive"), ("login", "«user»")],
     "password", "pw", "server"),
]
FILL["un18"] = lambda c: rs(UPNUM, 18)


def _cfg_env(sec, items, skey):
    pre = sec.upper() + "_"
    lines = ["# %s" % sec] if R.random() < 0.5 else []
    for k, v in items:
        lines.append("%s%s=%s" % (pre, k.upper(), v))
    return "\n".join(lines)


def _cfg_yaml(sec, items, skey):
    q = R.choice(["", "'", '"'])
    out = ["%s:" % sec]
    for k, v in items:
        vv = q + v + q if k == skey or ":" in v else v
        out.append("  %s: %s" % (k, vv))
    return "\n".join(out)


def _cfg_json(sec, items, skey):
    inner = ",\n".join('    "%s": "%s"' % (k, v) for k, v in items)
    return '{\n  "%s": {\n%s\n  }\n}' % (sec, inner)


def _cfg_toml(sec, items, skey):
    return "[%s]\n" % sec + "\n".join('%s = "%s"' % (k, v) for k, v in items)


def _cfg_ini(sec, items, skey):
    cap = "".join(p.capitalize() for p in sec.split("_"))
    return "[%s]\n" % cap + "\n".join("%s=%s" % ("".join(p.capitalize() for p in k.split("_")), v) for k, v in items)


def _cfg_props(sec, items, skey):
    return "\n".join("%s.%s=%s" % (sec.replace("_", "."), k.replace("_", "-"), v) for k, v in items)


def _cfg_xml(sec, items, skey):
    cap = "".join(p.capitalize() for p in sec.split("_"))
    rows = "\n".join('    <add key="%s:%s" value="%s" />' % (cap, "".join(p.capitalize() for p in k.split("_")), v)
                     for k, v in items)
    return "<appSettings>\n%s\n</appSettings>" % rows


CFG_SYNTAX = [("env", _cfg_env), ("yaml", _cfg_yaml), ("json", _cfg_json), ("toml", _cfg_toml),
              ("ini", _cfg_ini), ("properties", _cfg_props), ("xml", _cfg_xml)]

for _name, _sec, _items, _skey, _kind, _vkey in CONFIG_SYSTEMS:
    for _sx, _fn in R.sample(CFG_SYNTAX, 2):
        _all = list(_items)
        _all.insert(R.randint(1, len(_all)), (_skey, "«S»"))
        _vis = dict(_items)[_vkey]
        F("%s-%s" % (_sx, _name), _fn(_sec, _all, _skey), _kind, _vis)


# ---------------------------------------------------------------------------
# group: source-code
# ---------------------------------------------------------------------------

def S_(fmt, text, kind, vis=""):
    T("source-code", fmt, text, kind, vis)


S_("python-psycopg2-connect", """import psycopg2

def get_conn():
    return psycopg2.connect(
        host="«dbhost»",
        dbname="«db»",
        user="«user»",
        password="«S»",
        sslmode="require",
    )""", "pw", "host=\"«dbhost»\"")
S_("python-pyodbc-connstring", """import pyodbc

CONN = (
    "DRIVER={ODBC Driver 18 for SQL Server};"
    "SERVER=«winsrv»;DATABASE=«db»;"
    "UID=«user»;PWD=«S»;TrustServerCertificate=yes"
)
cnxn = pyodbc.connect(CONN)""", "pw", "SERVER=«winsrv»")
S_("python-ldap3-connection", """from ldap3 import Server, Connection, NTLM

server = Server("«host»", use_ssl=True)
conn = Connection(server, user="«nb»\\\\«user»", password="«S»", authentication=NTLM, auto_bind=True)
conn.search("DC=«nbl»,DC=local", "(memberOf=CN=Clinicians,OU=Groups,DC=«nbl»,DC=local)", attributes=["mail"])""", "pw", "Server(\"«host»\", use_ssl=True)")
S_("python-paramiko-sftp", """transport = paramiko.Transport(("«phost»", 22))
transport.connect(username="«user»", password="«S»")
sftp = paramiko.SFTPClient.from_transport(transport)
for name in sftp.listdir("/outbound/835"):
    sftp.get(f"/outbound/835/{name}", os.path.join(LOCAL_DIR, name))""", "pw", "paramiko.Transport((\"«phost»\", 22))")
S_("python-smtplib-login", """with smtplib.SMTP("smtp.office365.com", 587) as s:
    s.starttls()
    s.login("reports@«dom»", "«S»")
    s.send_message(msg)""", "pw", "s.login(\"reports@«dom»\"")
S_("python-requests-bearer-constant", """API_BASE = "https://«webhost»/api/v1"
API_TOKEN = "«S»"  # TODO move to env before handing over

def get_cases(status="open"):
    r = requests.get(f"{API_BASE}/cases", params={"status": status},
                     headers={"Authorization": f"Bearer {API_TOKEN}"}, timeout=30)
    r.raise_for_status()
    return r.json()["items"]""", "an40", "API_BASE = \"https://«webhost»/api/v1\"")
S_("python-fhirclient-settings", """settings = {
    'app_id': '«appname»',
    'api_base': 'https://«webhost»/fhir/R4',
    'client_id': '«clientid»',
    'client_secret': '«S»',
}
smart = client.FHIRClient(settings=settings)""", "an48", "'api_base': 'https://«webhost»/fhir/R4'")
S_("python-boto3-client-keys", """s3 = boto3.client(
    "s3",
    region_name="us-east-2",
    aws_access_key_id="«akid»",
    aws_secret_access_key="«S»",
)
s3.upload_file(local_path, "«nbl»-scans", key)""", "awssk", "region_name=\"us-east-2\"")
S_("python-os-environ-default", """DB_URL = os.environ.get("DATABASE_URL", "postgresql://«user»:«S»@«dbhost»:5432/«db»")
engine = create_engine(DB_URL, pool_pre_ping=True)""", "upw", "create_engine(DB_URL, pool_pre_ping=True)")
S_("python-notebook-cell-password", """# In[4]:
import pandas as pd
import sqlalchemy as sa
eng = sa.create_engine("mssql+pyodbc://«user»:«S»@«winsrv»/«db»?driver=ODBC+Driver+17+for+SQL+Server")
df = pd.read_sql("select * from dbo.vw_GrantExpenditures where FiscalYear = «year»", eng)
df.head()""", "upw", "dbo.vw_GrantExpenditures")
S_("python-hl7-mllp-auth-dict", """INTERFACES = {
    "ADT_IN": {"host": "«host»", "port": 6661},
    "ORU_OUT": {"host": "«host2»", "port": 6662},
}
ARCHIVE_DB = {"user": "hl7", "password": "«S»", "host": "«dbhost»"}""", "pw", "\"ADT_IN\": {\"host\": \"«host»\", \"port\": 6661}")
S_("python-django-email-settings", """EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
EMAIL_HOST = "smtp.office365.com"
EMAIL_PORT = 587
EMAIL_USE_TLS = True
EMAIL_HOST_USER = "portal@«dom»"
EMAIL_HOST_PASSWORD = "«S»"
DEFAULT_FROM_EMAIL = "«org» Portal <portal@«dom»>\"""", "pw", "EMAIL_HOST_USER = \"portal@«dom»\"")
S_("python-flask-config-secret", """class ProdConfig(Config):
    DEBUG = False
    SECRET_KEY = "«S»"
    SQLALCHEMY_DATABASE_URI = os.environ["DATABASE_URL"]""", "hex64", "class ProdConfig(Config):")
S_("js-axios-default-header", """const api = axios.create({
  baseURL: 'https://«webhost»/api',
  timeout: 15000,
  headers: { 'X-Api-Key': '«S»' },
});

export async function fetchVolunteers(shiftDate) {
  const { data } = await api.get('/volunteers', { params: { shiftDate } });
  return data;
}""", "an32", "baseURL: 'https://«webhost»/api'")
S_("js-mysql-createconnection", """const connection = mysql.createConnection({
  host: '«dbhost»',
  user: '«user»',
  password: '«S»',
  database: '«db»'
});""", "pw", "host: '«dbhost»'")
S_("js-nodemailer-transport", """const transporter = nodemailer.createTransport({
  host: 'smtp.office365.com',
  port: 587,
  secure: false,
  auth: { user: 'notifications@«dom»', pass: '«S»' },
});""", "pw", "user: 'notifications@«dom»'")
S_("js-env-fallback-or", """const SIS_KEY = process.env.SIS_KEY || '«S»';
const SIS_URL = process.env.SIS_URL || 'https://«webhost»/ws/v1';""", "hex32", "https://«webhost»/ws/v1")
S_("ts-knexfile-connection", """const config: { [key: string]: Knex.Config } = {
  production: {
    client: 'pg',
    connection: {
      host: '«dbhost»',
      database: '«db»',
      user: '«user»',
      password: '«S»',
    },
    pool: { min: 2, max: 10 },
  },
};""", "pw", "host: '«dbhost»'")
S_("ts-angular-environment-prod", """export const environment = {
  production: true,
  apiUrl: 'https://«webhost»/api',
  mapsKey: '«S»',
  sentryDsn: '',
};""", "aiza", "apiUrl: 'https://«webhost»/api'")
S_("java-drivermanager-getconnection", """Connection conn = DriverManager.getConnection(
        "jdbc:sqlserver://«dbhost»:1433;databaseName=«db»;encrypt=true;trustServerCertificate=true",
        "«user»", "«S»");""", "pw", "databaseName=«db»")
S_("java-static-final-constant", """public final class SftpSettings {
    public static final String HOST = "«phost»";
    public static final int PORT = 22;
    public static final String USER = "«user»";
    public static final String PASSWORD = "«S»";
    private SftpSettings() {}
}""", "pw", "public static final String HOST = \"«phost»\";")
S_("java-spring-value-default", """    @Value("${ldap.bind.password:«S»}")
    private String bindPassword;

    @Value("${ldap.url:ldaps://«host»:636}")
    private String ldapUrl;""", "pw", "ldaps://«host»:636")
S_("java-javamail-authenticator", """Session session = Session.getInstance(props, new Authenticator() {
    @Override
    protected PasswordAuthentication getPasswordAuthentication() {
        return new PasswordAuthentication("labresults@«dom»", "«S»");
    }
});""", "pw", "labresults@«dom»")
S_("csharp-connection-string-const", """internal static class Db
{
    internal const string ConnectionString =
        "Server=«winsrv»;Database=«db»;User Id=«user»;Password=«S»;TrustServerCertificate=True;";
}""", "pw", "Database=«db»")
S_("csharp-networkcredential", """var client = new SmtpClient("smtp.«dom»", 587)
{
    EnableSsl = true,
    Credentials = new NetworkCredential("scan2email@«dom»", "«S»")
};""", "pw", "new SmtpClient(\"smtp.«dom»\", 587)")
S_("csharp-httpclient-header", """_http.BaseAddress = new Uri("https://«webhost»/api/");
_http.DefaultRequestHeaders.Add("Ocp-Apim-Subscription-Key", "«S»");""", "hex32", "https://«webhost»/api/")
S_("csharp-confidential-client-secret", """var app = ConfidentialClientApplicationBuilder.Create("«clientid»")
    .WithClientSecret("«S»")
    .WithAuthority(new Uri("https://login.microsoftonline.com/«tenant»"))
    .Build();""", "mssec", "ConfidentialClientApplicationBuilder.Create(\"«clientid»\")")
S_("vbnet-oledb-access", """Dim cn As New OleDbConnection("Provider=Microsoft.ACE.OLEDB.12.0;Data Source=\\\\«winsrv»\\Shared\\Volunteers.accdb;Jet OLEDB:Database Password=«S»;")
cn.Open()""", "apw", "Volunteers.accdb")
S_("vba-access-odbc-connect", """Public Sub RelinkTables()
    Dim td As DAO.TableDef
    For Each td In CurrentDb.TableDefs
        If Len(td.Connect) > 0 Then
            td.Connect = "ODBC;DRIVER=SQL Server;SERVER=«winsrv»;DATABASE=«db»;UID=«user»;PWD=«S»;"
            td.RefreshLink
        End If
    Next td
End Sub""", "pw", "Public Sub RelinkTables()")
S_("vba-excel-adodb-connection", """Sub RefreshCensus()
    Dim cn As Object, rs As Object
    Set cn = CreateObject("ADODB.Connection")
    cn.Open "Provider=SQLOLEDB;Data Source=«winsrv»;Initial Catalog=«db»;User ID=«user»;Password=«S»;"
    Set rs = cn.Execute("EXEC dbo.usp_DailyCensus")
    Sheets("Census").Range("A2").CopyFromRecordset rs
End Sub""", "pw", "Sub RefreshCensus()")
S_("vba-sheet-unprotect-password", """Private Sub Workbook_Open()
    Dim ws As Worksheet
    For Each ws In ThisWorkbook.Worksheets
        ws.Unprotect Password:="«S»"
    Next ws
    Sheets("Payroll").Visible = xlSheetVeryHidden
End Sub""", "hpw", "Sheets(\"Payroll\").Visible = xlSheetVeryHidden")
S_("vbscript-runas-sendkeys", """Set objShell = CreateObject("WScript.Shell")
objShell.Run "runas /user:«nb»\\«user» ""C:\\Program Files\\LabLink\\LabLink.exe\"\"\"
WScript.Sleep 500
objShell.SendKeys "«S»~\"""", "apw", "LabLink.exe")
S_("vbscript-mapdrive-password", """Set objNetwork = CreateObject("WScript.Network")
objNetwork.MapNetworkDrive "S:", "\\\\«winsrv»\\Scans", False, "«nb»\\«user»", "«S»\"""", "pw", "objNetwork.MapNetworkDrive \"S:\"")
S_("powershell-script-param-default", """param(
    [string]$SqlServer = "«winsrv»",
    [string]$SqlUser = "«user»",
    [string]$SqlPassword = "«S»",
    [string]$OutDir = "D:\\Exports\\StateReporting"
)""", "pw", "[string]$OutDir = \"D:\\Exports\\StateReporting\"")
S_("powershell-sendmailmessage-cred", """$secpw = ConvertTo-SecureString '«S»' -AsPlainText -Force
$cred  = New-Object PSCredential ('alerts@«dom»', $secpw)
Send-MailMessage -SmtpServer smtp.office365.com -Port 587 -UseSsl -Credential $cred `
    -From alerts@«dom» -To helpdesk@«dom» -Subject "Backup job failed on $env:COMPUTERNAME\"""", "pw", "-To helpdesk@«dom»")
S_("powershell-graph-token-body", """$body = @{
    client_id     = "«clientid»"
    client_secret = "«S»"
    scope         = "https://graph.microsoft.com/.default"
    grant_type    = "client_credentials"
}
$token = (Invoke-RestMethod -Method Post -Uri "https://login.microsoftonline.com/«tenant»/oauth2/v2.0/token" -Body $body).access_token""", "mssec", "grant_type    = \"client_credentials\"")
S_("php-mysqli-connect", "<?php\n$link = mysqli_connect('«dbhost»', '«user»', '«S»', '«db»');\nif (!$link) { die('DB down: ' . mysqli_connect_error()); }", "pw", "mysqli_connect('«dbhost»'")
S_("php-pdo-dsn-args", "$pdo = new PDO('pgsql:host=«dbhost»;port=5432;dbname=«db»', '«user»', '«S»', [\n    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,\n]);", "pw", "pgsql:host=«dbhost»;port=5432;dbname=«db»")
S_("php-ldap-bind", "$ds = ldap_connect('ldaps://«host»');\nldap_set_option($ds, LDAP_OPT_PROTOCOL_VERSION, 3);\n$ok = ldap_bind($ds, 'CN=«user»,OU=Service,DC=«nbl»,DC=local', '«S»');", "pw", "ldap_connect('ldaps://«host»')")
S_("php-curl-setopt-userpwd", "curl_setopt($ch, CURLOPT_URL, 'https://«webhost»/api/filings');\ncurl_setopt($ch, CURLOPT_USERPWD, '«user»:«S»');\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);", "pw", "https://«webhost»/api/filings")
S_("ruby-net-sftp-start", """Net::SFTP.start('«phost»', '«user»', password: '«S»') do |sftp|
  sftp.upload!("exports/roster_#{Date.today.strftime('%Y%m%d')}.csv", "/incoming/roster.csv")
end""", "pw", "Net::SFTP.start('«phost»'")
S_("ruby-faraday-token", """conn = Faraday.new(url: 'https://«webhost»') do |f|
  f.request :authorization, 'Bearer', '«S»'
  f.response :json
end""", "an40", "url: 'https://«webhost»'")
S_("go-sql-open-dsn", """db, err := sql.Open("postgres", "host=«dbhost» port=5432 user=«user» password=«S» dbname=«db» sslmode=require")
if err != nil {
	log.Fatalf("open db: %v", err)
}""", "pw", "sql.Open(\"postgres\"")
S_("go-const-api-key", """const (
	bloomerangBase = "https://api.bloomerang.co/v2"
	bloomerangKey  = "«S»"
)""", "an40", "bloomerangBase = \"https://api.bloomerang.co/v2\"")
S_("go-basic-auth-request", """req, _ := http.NewRequest(http.MethodGet, "https://«host»/api/v1/channels", nil)
req.SetBasicAuth("«user»", "«S»")
resp, err := client.Do(req)""", "pw", "https://«host»/api/v1/channels")
S_("rust-config-struct-literal", """let cfg = SftpConfig {
    host: "«phost»".into(),
    port: 22,
    user: "«user»".into(),
    password: "«S»".into(),
};""", "pw", "host: \"«phost»\".into()")
S_("perl-dbi-connect", """my $dbh = DBI->connect("DBI:mysql:database=«db»;host=«dbhost»", "«user»", "«S»", { RaiseError => 1, AutoCommit => 1 })
    or die $DBI::errstr;""", "pw", "database=«db»;host=«dbhost»")
S_("bash-script-vars-top", """#!/bin/bash
# nightly_export.sh - pushes census to the state portal
set -euo pipefail
SFTP_HOST="«phost»"
SFTP_USER="«user»"
SFTP_PASS="«S»"
EXPORT_DIR=/data/census/$(date +%Y%m%d)""", "pw", "SFTP_HOST=\"«phost»\"")
S_("batch-file-set-password", r"""@echo off
REM map the scan share and move yesterday's batches
set SHARE=\\«winsrv»\Scans
set SCANPW=«S»
net use S: %SHARE% %SCANPW% /user:«nb»\«user»
robocopy S:\Inbox D:\ScanArchive /MOV /MINAGE:1""", "apw", r"set SHARE=\\«winsrv»\Scans")
S_("sql-create-login-with-password", "USE [master];\nGO\nCREATE LOGIN [«user»] WITH PASSWORD = N'«S»', DEFAULT_DATABASE = [«db»], CHECK_EXPIRATION = OFF, CHECK_POLICY = OFF;\nGO", "pw", "DEFAULT_DATABASE = [«db»]")
S_("sql-oracle-identified-by", "CREATE USER lis_reader IDENTIFIED BY \"«S»\"\n  DEFAULT TABLESPACE users\n  QUOTA 0 ON users;\nGRANT CREATE SESSION TO lis_reader;", "apw", "GRANT CREATE SESSION TO lis_reader;")
S_("sql-postgres-create-role", "CREATE ROLE reporting_ro WITH LOGIN PASSWORD '«S»' VALID UNTIL '«year»-12-31';\nGRANT CONNECT ON DATABASE «db» TO reporting_ro;", "pw", "GRANT CONNECT ON DATABASE «db» TO reporting_ro;")
S_("sql-linked-server-addlogin", "EXEC master.dbo.sp_addlinkedserver @server = N'PAYROLL', @srvproduct=N'', @provider=N'MSOLEDBSQL', @datasrc=N'«winsrv»';\nEXEC master.dbo.sp_addlinkedsrvlogin @rmtsrvname=N'PAYROLL', @useself=N'False', @locallogin=NULL, @rmtuser=N'«user»', @rmtpassword=N'«S»';", "pw", "@rmtsrvname=N'PAYROLL'")
S_("sql-scoped-credential-sas", "CREATE DATABASE SCOPED CREDENTIAL BlobCred\nWITH IDENTITY = 'SHARED ACCESS SIGNATURE',\nSECRET = 'sv=2022-11-02&ss=b&srt=co&sp=rl&se=«date»T00:00:00Z&spr=https&sig=«S»';", "azsig", "CREATE DATABASE SCOPED CREDENTIAL BlobCred")
S_("filemaker-insert-from-url-curl", """Set Variable [ $url ; Value: "https://«webhost»/api/v2/donations?since=" & $lastSync ]
Set Variable [ $opts ; Value: "--user «user»:«S» -H \\"Accept: application/json\\"" ]
Insert from URL [ Select ; With dialog: Off ; Target: $json ; $url ; cURL options: $opts ]""", "pw", "Insert from URL [ Select ; With dialog: Off")
S_("autohotkey-send-password", """^!l::  ; Ctrl+Alt+L logs into the LIS terminal
    WinActivate, LabLink Terminal
    Send, «user»{Tab}
    Send, «S»{Enter}
return""", "apw", "WinActivate, LabLink Terminal")
S_("r-dbconnect-password", """con <- DBI::dbConnect(odbc::odbc(),
                      Driver = "ODBC Driver 17 for SQL Server",
                      Server = "«winsrv»",
                      Database = "«db»",
                      UID = "«user»",
                      PWD = "«S»")""", "pw", "Server = \"«winsrv»\"")
S_("kotlin-retrofit-interceptor", """private val authInterceptor = Interceptor { chain ->
    val req = chain.request().newBuilder()
        .addHeader("Authorization", "Bearer «S»")
        .build()
    chain.proceed(req)
}""", "jwths", "private val authInterceptor")
S_("swift-urlrequest-header", """var request = URLRequest(url: URL(string: "https://«webhost»/api/checkin")!)
request.setValue("«S»", forHTTPHeaderField: "X-Kiosk-Key")""", "an32", "forHTTPHeaderField: \"X-Kiosk-Key\"")
S_("dart-flutter-const-key", "// lib/config.dart\nconst String kPortalBaseUrl = 'https://«webhost»';\nconst String kPortalApiKey = '«S»';", "an40", "const String kPortalBaseUrl = 'https://«webhost»';")
S_("apex-named-credential-bypass", """HttpRequest req = new HttpRequest();
req.setEndpoint('https://«webhost»/api/grants');
req.setMethod('GET');
req.setHeader('Authorization', 'Basic ' + EncodingUtil.base64Encode(Blob.valueOf('«user»:«S»')));""", "pw", "req.setEndpoint('https://«webhost»/api/grants');")
S_("apps-script-urlfetch-headers", """function syncDonations() {
  var resp = UrlFetchApp.fetch('https://«webhost»/api/v1/gifts?since=' + lastRun(), {
    headers: { 'Authorization': 'ApiKey «S»' },
    muteHttpExceptions: true
  });
  SpreadsheetApp.getActive().getSheetByName('Gifts').getRange('A2').setValue(resp.getContentText());
}""", "an32", "function syncDonations()")
S_("power-automate-http-action-json", """"HTTP_-_Post_to_EHR": {
    "type": "Http",
    "inputs": {
        "method": "POST",
        "uri": "https://«webhost»/api/referrals",
        "authentication": {
            "type": "Basic",
            "username": "«user»",
            "password": "«S»"
        },
        "body": "@triggerBody()"
    }
}""", "pw", "\"uri\": \"https://«webhost»/api/referrals\"")
S_("power-query-m-web-contents", """let
    Source = Json.Document(Web.Contents("https://«webhost»/api/v1/enrollments",
        [Headers=[#"X-Api-Key"="«S»"], Query=[term="«term»"]])),
    Items = Source[items]
in
    Items""", "hex32", "https://«webhost»/api/v1/enrollments")
S_("sas-libname-password", "libname ehr odbc dsn=EHR_PROD user=«user» password=\"«S»\" schema=dbo;\nproc sql; create table work.readmits as select * from ehr.encounters where readmit_flag = 1; quit;", "pw", "dsn=EHR_PROD")
S_("groovy-mirth-transformer", """// Mirth destination transformer
var dbConn = DatabaseConnectionFactory.createDatabaseConnection('net.sourceforge.jtds.jdbc.Driver',
    'jdbc:jtds:sqlserver://«winsrv»:1433/«db»', '«user»', '«S»');
var rs = dbConn.executeCachedQuery("SELECT PatientID FROM dbo.MRNMap WHERE ExtMRN = '" + msg['PID']['PID.3']['PID.3.1'] + "'");""", "pw", "jdbc:jtds:sqlserver://«winsrv»:1433/«db»")
S_("lua-nginx-api-key", "local upstream_key = \"«S»\"\nngx.req.set_header(\"X-Api-Key\", upstream_key)", "an32", "ngx.req.set_header")
S_("elixir-config-runtime-exs", """config :intake, Intake.Repo,
  username: "intake",
  password: "«S»",
  hostname: "«dbhost»",
  database: "intake_prod",
  pool_size: 10""", "pw", "hostname: \"«dbhost»\"")
S_("scala-slick-db-config", """val db = Database.forURL(
  url = "jdbc:postgresql://«dbhost»:5432/«db»",
  user = "«user»",
  password = "«S»",
  driver = "org.postgresql.Driver")""", "pw", "jdbc:postgresql://«dbhost»:5432/«db»")
S_("cpp-odbc-connect-string", """SQLCHAR connStr[] = "DRIVER={SQL Server};SERVER=«winsrv»;DATABASE=«db»;UID=«user»;PWD=«S»;";
ret = SQLDriverConnect(hdbc, NULL, connStr, SQL_NTS, NULL, 0, NULL, SQL_DRIVER_NOPROMPT);""", "pw", "SQLDriverConnect(hdbc")
S_("matlab-database-connection", "conn = database('LabQC', '«user»', '«S»', 'Vendor', 'Microsoft SQL Server', 'Server', '«winsrv»', 'PortNumber', 1433);", "pw", "'Server', '«winsrv»'")
S_("python-dict-literal-headers", """HEADERS = {
    "Content-Type": "application/json",
    "Authorization": "Token «S»",
}
resp = requests.post(URL, json=payload, headers=HEADERS)""", "hex40", "\"Content-Type\": \"application/json\"")
S_("python-docstring-example-real", '''def upload(path):
    """Upload a file to the state portal.

    Example:
        >>> upload("census.csv")   # uses svc account «user» / «S»
    """
    ...''', "pw", "Upload a file to the state portal.")
S_("python-commented-out-old-key", """# OLD_KEY = "«S»"  # revoked? check with «first» before deleting
API_KEY = os.environ["GRANTS_API_KEY"]""", "hex32", "API_KEY = os.environ[\"GRANTS_API_KEY\"]")
S_("js-google-apps-props-fallback", "const KEY = PropertiesService.getScriptProperties().getProperty('TWILIO_TOKEN') || '«S»';", "hex32", "PropertiesService.getScriptProperties()")
S_("csharp-webclient-credentials", "using var wc = new WebClient();\nwc.Credentials = new NetworkCredential(\"«user»\", \"«S»\", \"«nb»\");\nwc.DownloadFile(\"https://«host»/reports/census.xlsx\", @\"C:\\Temp\\census.xlsx\");", "pw", "https://«host»/reports/census.xlsx")
S_("java-properties-load-fallback", "String pass = props.getProperty(\"efile.password\", \"«S»\");\nString user = props.getProperty(\"efile.user\", \"«user»\");", "pw", "props.getProperty(\"efile.user\"")
S_("python-jwt-encode-secret", """import jwt

SIGNING_SECRET = "«S»"

def make_kiosk_token(kiosk_id):
    return jwt.encode({"sub": kiosk_id, "scope": "checkin"}, SIGNING_SECRET, algorithm="HS256")""", "b64u_32", "def make_kiosk_token(kiosk_id):")
S_("python-cryptography-fernet-key", """from cryptography.fernet import Fernet

# key for the PHI export bundle -- keep in sync with the receiving side
FERNET_KEY = b"«S»"
f = Fernet(FERNET_KEY)""", lambda c: base64.urlsafe_b64encode(rbytes(32)).decode(), "from cryptography.fernet import Fernet")
S_("node-pg-pool-connectionstring", "const pool = new Pool({\n  connectionString: 'postgres://«user»:«S»@«dbhost»:5432/«db»',\n  ssl: { rejectUnauthorized: false },\n});", "upw", "ssl: { rejectUnauthorized: false }")
S_("ts-hardcoded-jwt-in-test", """it('returns 200 for an authorised clinician', async () => {
  const res = await request(app)
    .get('/api/patients/«mrn»')
    .set('Authorization', 'Bearer «S»');
  expect(res.status).toBe(200);
});""", "jwt", "it('returns 200 for an authorised clinician'")
S_("php-wordpress-smtp-plugin-hook", """add_action( 'phpmailer_init', function ( $phpmailer ) {
    $phpmailer->isSMTP();
    $phpmailer->Host       = 'smtp.«dom»';
    $phpmailer->SMTPAuth   = true;
    $phpmailer->Username   = 'web@«dom»';
    $phpmailer->Password   = '«S»';
    $phpmailer->SMTPSecure = 'tls';
} );""", "pw", "$phpmailer->Username   = 'web@«dom»';")
S_("go-struct-tag-default", """type Config struct {
	LDAPURL      string `envconfig:"LDAP_URL" default:"ldaps://«host»:636"`
	LDAPBindPass string `envconfig:"LDAP_BIND_PASS" default:"«S»"`
}""", "pw", "ldaps://«host»:636")
S_("csharp-sftp-sshnet", "using var sftp = new SftpClient(\"«phost»\", 22, \"«user»\", \"«S»\");\nsftp.Connect();\nsftp.UploadFile(File.OpenRead(path), \"/inbound/\" + Path.GetFileName(path));", "pw", "new SftpClient(\"«phost»\", 22")
S_("python-ftplib-login", "ftp = ftplib.FTP_TLS('«phost»')\nftp.login('«user»', '«S»')\nftp.prot_p()\nftp.cwd('/outbound/remits')", "pw", "ftplib.FTP_TLS('«phost»')")
S_("java-jsch-session-password", "Session session = jsch.getSession(\"«user»\", \"«phost»\", 22);\nsession.setPassword(\"«S»\");\nsession.setConfig(\"StrictHostKeyChecking\", \"no\");\nsession.connect(15000);", "pw", "jsch.getSession(\"«user»\", \"«phost»\", 22)")
S_("python-imaplib-login", "M = imaplib.IMAP4_SSL('outlook.office365.com')\nM.login('intake@«dom»', '«S»')\nM.select('INBOX')\ntyp, data = M.search(None, '(UNSEEN SUBJECT \"Referral\")')", "pw", "M.login('intake@«dom»'")
S_("ps1-hashtable-config", """$Config = @{
    TenantId     = '«tenant»'
    ClientId     = '«clientid»'
    ClientSecret = '«S»'
    SiteUrl      = 'https://«nbl».sharepoint.com/sites/Board'
}""", "mssec", "SiteUrl      = 'https://«nbl».sharepoint.com/sites/Board'")
S_("python-pysnmp-community", "errorIndication, errorStatus, errorIndex, varBinds = next(getCmd(SnmpEngine(), CommunityData('«S»', mpModel=1), UdpTransportTarget(('«ip»', 161)), ContextData(), ObjectType(ObjectIdentity('1.3.6.1.2.1.43.10.2.1.4.1.1'))))", "snmp", "UdpTransportTarget(('«ip»', 161))")
S_("vb6-ado-connection", "Dim cn As ADODB.Connection\nSet cn = New ADODB.Connection\ncn.ConnectionString = \"DSN=Payroll;UID=«user»;PWD=«S»\"\ncn.Open", "apw", "DSN=Payroll")
S_("clojure-db-spec", "(def db-spec {:dbtype \"postgresql\"\n              :host \"«dbhost»\"\n              :dbname \"«db»\"\n              :user \"«user»\"\n              :password \"«S»\"})", "pw", ":host \"«dbhost»\"")


# ---------------------------------------------------------------------------
# group: stack-trace-or-log
# ---------------------------------------------------------------------------

def L(fmt, text, kind, vis=""):
    T("stack-trace-or-log", fmt, text, kind, vis)


L("java-sqlexception-jdbc-url", """«ts» ERROR [pool-3-thread-1] c.m.c.s.DatabaseDispatcher - Failed to connect
java.sql.SQLException: Cannot create PoolableConnectionFactory (Login failed for user '«user»'.) url=jdbc:sqlserver://«dbhost»:1433;databaseName=«db»;user=«user»;password=«S»
	at org.apache.commons.dbcp2.BasicDataSource.createPoolableConnectionFactory(BasicDataSource.java:653)
	at org.apache.commons.dbcp2.BasicDataSource.createDataSource(BasicDataSource.java:531)
	at com.mirth.connect.connectors.jdbc.DatabaseDispatcher.send(DatabaseDispatcher.java:112)""", "pw", "Login failed for user '«user»'")
L("python-traceback-requests-url", """Traceback (most recent call last):
  File "/opt/«appname»/sync.py", line 88, in <module>
    main()
  File "/opt/«appname»/sync.py", line 71, in main
    r = session.get(url, timeout=20)
  File "/usr/lib/python3/dist-packages/requests/sessions.py", line 602, in get
    return self.request("GET", url, **kwargs)
requests.exceptions.ConnectionError: HTTPSConnectionPool(host='«webhost»', port=443): Max retries exceeded with url: /api/v2/students?district=«n3»&api_key=«S» (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f2b3c1d9e50>: Failed to establish a new connection: [Errno 110] Connection timed out'))""", "hex32", "host='«webhost»', port=443")
L("node-error-connection-string", """/srv/«appname»/node_modules/pg-pool/index.js:45
    Error.captureStackTrace(err)
          ^
Error: password authentication failed for user "«user»"
    at /srv/«appname»/node_modules/pg-pool/index.js:45:11
    at async Object.connect (/srv/«appname»/src/db.js:12:5) {
  length: 104,
  severity: 'FATAL',
  code: '28P01',
  config: { connectionString: 'postgres://«user»:«S»@«dbhost»:5432/«db»' }
}""", "upw", "password authentication failed for user \"«user»\"")
L("dotnet-argumentexception-connstring", """System.ArgumentException: Keyword not supported: 'trustservercertficate'.
   at System.Data.Common.DbConnectionOptions.ParseInternal(Dictionary`2 parsetable, String connectionString, Boolean buildChain, Dictionary`2 synonyms, Boolean firstKey)
   at System.Data.SqlClient.SqlConnection.ConnectionString_Set(DbConnectionPoolKey key)
   at Records.Data.Db.Open() in C:\\build\\Records\\Data\\Db.cs:line 31
Connection string was: Server=«winsrv»;Database=«db»;User Id=«user»;Password=«S»;TrustServerCertficate=true""", "pw", "Keyword not supported: 'trustservercertficate'.")
L("php-pdoexception-args-trace", """PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user '«user»'@'«ip»' (using password: YES) in /var/www/portal/lib/Db.php:14
Stack trace:
#0 /var/www/portal/lib/Db.php(14): PDO->__construct('mysql:host=«dbhost»...', '«user»', '«S»')
#1 /var/www/portal/index.php(9): Db::connect()
#2 {main}
  thrown in /var/www/portal/lib/Db.php on line 14""", "pw", "/var/www/portal/lib/Db.php")
L("laravel-log-exception-context", """[«date» 09:14:22] production.ERROR: Swift_TransportException: Failed to authenticate on SMTP server with username "forms@«dom»" using 2 possible authenticators. Authenticator LOGIN returned Expected response code 235 but got code "535" {"exception":"[object] (Swift_TransportException(code: 535))","config":{"host":"smtp.office365.com","port":587,"username":"forms@«dom»","password":"«S»"}}""", "pw", "production.ERROR: Swift_TransportException")
L("rails-log-unfiltered-params", """Started POST "/staff/sign_in" for «ip» at «date» 08:02:11 -0600
Processing by Staff::SessionsController#create as HTML
  Parameters: {"authenticity_token"=>"[FILTERED]", "staff"=>{"email"=>"«email»", "pwd"=>"«S»", "remember_me"=>"0"}, "commit"=>"Log in"}
Completed 401 Unauthorized in 212ms (ActiveRecord: 4.1ms)""", "hpw", "Processing by Staff::SessionsController#create")
L("nginx-access-log-token-query", """«ip» - - [12/Mar/«year»:14:22:09 +0000] "GET /api/export/roster.csv?school=«n3»&token=«S» HTTP/1.1" 200 48213 "-" "python-requests/2.31.0\"""", "hex40", "python-requests/2.31.0")
L("iis-log-querystring-apikey", """#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) sc-status
«date» 13:01:44 «ip» GET /CitizenPortal/api/permits apikey=«S»&status=pending 443 - «pubip» Mozilla/5.0+(Windows+NT+10.0) 200""", "an32", "/CitizenPortal/api/permits")
L("mirth-channel-error-log", """[«date» 02:00:13,517]  ERROR (com.mirth.connect.connectors.file.FileDispatcher:211): Error writing file to sftp://«user»:«S»@«phost»/results/in
com.jcraft.jsch.JSchException: Auth fail
	at com.jcraft.jsch.Session.connect(Session.java:519)""", "upw", "com.jcraft.jsch.JSchException: Auth fail")
L("hl7-msh8-security-field", """«ts» INFO  MLLP inbound from «ip»:51234, 412 bytes
MSH|^~\\&|LABSYS|«nb»LAB|EHR|«nb»|«date8»1422||ORU^R01^ORU_R01|«n7»|P|2.5.1
MSH-8 (Security) populated by sender: «S»
PID|1||«mrn»^^^«nb»^MR||DOE^JANE^Q||19800101|F""", "an20", "MLLP inbound from «ip»:51234")
L("windows-event-4688-cmdline", """Log Name:      Security
Source:        Microsoft-Windows-Security-Auditing
Event ID:      4688
Task Category: Process Creation
Computer:      «winsrv».«nbl».local
Process Information:
	New Process Name:	C:\\Windows\\System32\\net.exe
	Process Command Line:	net  use \\\\«winsrv»\\Payroll$ «S» /user:«nb»\\«user»""", "pw", "Event ID:      4688")
L("powershell-transcript-convert", """**********************
Windows PowerShell transcript start
Start time: «date8»020001
Username: «nb»\\«user»
Machine: «winsrv» (Microsoft Windows NT 10.0.17763.0)
**********************
PS>$cred = New-Object PSCredential('«nb»\\svc_export', (ConvertTo-SecureString '«S»' -AsPlainText -Force))
PS>Export-StateReport -Credential $cred -Year «year»""", "pw", "Windows PowerShell transcript start")
L("sudo-log-command-password", """«date» 10:22:41 «host» sudo:   «uname» : TTY=pts/0 ; PWD=/home/«uname» ; USER=root ; COMMAND=/usr/bin/mysql -u root -p«S» -e SELECT user,host FROM mysql.user""", "apw", "COMMAND=/usr/bin/mysql")
L("kubernetes-pod-log-env-dump", """«ts» [startup] effective configuration:
«ts» [startup]   FHIR_BASE_URL=https://«webhost»/fhir/R4
«ts» [startup]   FHIR_CLIENT_ID=«clientid»
«ts» [startup]   FHIR_CLIENT_SECRET=«S»
«ts» [startup]   LOG_LEVEL=debug""", "an48", "FHIR_BASE_URL=https://«webhost»/fhir/R4")
L("docker-build-arg-echo", """#7 [4/9] RUN echo "building with NEXUS_PASSWORD=«S»" && pip install --index-url https://ci:${NEXUS_PASSWORD}@nexus.«dom»/simple -r requirements.txt
#7 0.412 building with NEXUS_PASSWORD=«S»
#7 3.118 Collecting fhir.resources==7.1.0""", "pw", "Collecting fhir.resources==7.1.0")
L("npm-debug-log-registry-token", """12 verbose stack HttpErrorGeneral: 403 Forbidden - PUT https://npm.«dom»/@«nbl»%2fforms-ui - you do not have permission
13 verbose cwd /home/«uname»/src/forms-ui
14 verbose config //npm.«dom»/:_authToken=«S»
15 error code E403""", "npm", "13 verbose cwd /home/«uname»/src/forms-ui")
L("pip-log-index-url-creds", """Looking in indexes: https://«user»:«S»@nexus.«dom»/repository/pypi-group/simple
Collecting hl7apy==1.3.4
  Downloading https://nexus.«dom»/repository/pypi-group/packages/hl7apy/1.3.4/hl7apy-1.3.4.tar.gz (1.1 MB)""", "upw", "Collecting hl7apy==1.3.4")
L("git-trace-curl-authorization", """16:04:51.902311 http.c:703              => Send header, 0000000235 bytes (0x000000eb)
16:04:51.902330 http.c:715              => Send header: GET /«nbl»/records-api/info/refs?service=git-upload-pack HTTP/1.1
16:04:51.902335 http.c:715              => Send header: Host: dev.azure.com
16:04:51.902342 http.c:715              => Send header: Authorization: Basic «S»""", "basic", "Send header: Host: dev.azure.com")
L("celery-broker-url-banner", """ -------------- celery@«host» v5.3.6 (emerald-rush)
--- ***** -----
-- ******* ---- Linux-5.15.0-105-generic-x86_64-with-glibc2.35
- *** --- * ---
- ** ---------- [config]
- ** ---------- .> app:         intake:0x7f5c2a1b3d90
- ** ---------- .> transport:   amqp://intake:«S»@«host»:5672/intake
- ** ---------- .> results:     redis://«host»:6379/1""", "upw", ".> app:         intake")
L("spring-boot-startup-datasource", """«ts»  INFO 1 --- [           main] o.s.b.w.embedded.tomcat.TomcatWebServer  : Tomcat initialized with port 8080 (http)
«ts» DEBUG 1 --- [           main] c.c.referrals.config.DataSourceConfig    : Building datasource url=jdbc:postgresql://«dbhost»:5432/referrals user=referrals password=«S»
«ts»  INFO 1 --- [           main] com.zaxxer.hikari.HikariDataSource       : HikariPool-1 - Starting...""", "pw", "Tomcat initialized with port 8080")
L("jenkins-console-unmasked", """[Pipeline] sh
+ curl -sf -u deploy:«S» -T target/«appname»-«ver».war https://tomcat.«dom»/manager/text/deploy?path=/«appname»&update=true
OK - Deployed application at context path [/«appname»]
[Pipeline] }""", "pw", "OK - Deployed application at context path")
L("github-actions-log-base64-leak", """Run echo "$SFTP_PASSWORD" | base64
  echo "$SFTP_PASSWORD" | base64
  shell: /usr/bin/bash -e {0}
  env:
    SFTP_PASSWORD: ***
«S»""", "b64pw", "shell: /usr/bin/bash -e {0}")
L("sqlserver-errorlog-linked-server", """«date» 03:15:02.41 spid57      Error: 18456, Severity: 14, State: 8.
«date» 03:15:02.41 spid57      Login failed for user '«user»'. Reason: Password did not match that for the login provided. [CLIENT: «ip»]
«date» 03:15:02.44 spid62      sp_addlinkedsrvlogin called by «nb»\\«uname»: @rmtuser=N'«user»', @rmtpassword=N'«S»'""", "pw", "Error: 18456, Severity: 14, State: 8.")
L("ldap-bind-debug-log", """«ts» DEBUG ldap.auth: attempting simple bind dn="CN=«user»,OU=Service,DC=«nbl»,DC=local" url=ldaps://«host»:636
«ts» DEBUG ldap.auth: bind credentials password="«S»"
«ts» ERROR ldap.auth: LDAPBindException: 80090308: LdapErr: DSID-0C090447, comment: AcceptSecurityContext error, data 52e, v3839""", "pw", "AcceptSecurityContext error, data 52e")
L("oidc-token-error-request-body", """«ts» WARN  auth.oidc: token exchange failed: 401 invalid_client
«ts» WARN  auth.oidc: request body: grant_type=authorization_code&code=«an32»&redirect_uri=https%3A%2F%2F«webhost»%2Fsignin-oidc&client_id=«clientid»&client_secret=«S»""", "mssec", "token exchange failed: 401 invalid_client")
L("smtp-debug-auth-plain", """«time» SMTP: >>> EHLO scanner-«nbl»
«time» SMTP: <<< 250-SIZE 157286400
«time» SMTP: >>> AUTH PLAIN «S»
«time» SMTP: <<< 535 5.7.3 Authentication unsuccessful""", lambda c: b64text("\x00scan@%s\x00%s" % (c["dom"], any_pw())), "535 5.7.3 Authentication unsuccessful")
L("ftp-client-debug-pass", """Connected to «phost».
220 «partner» FTP service ready
---> USER «user»
331 Password required for «user».
---> PASS «S»
230 User «user» logged in.
---> TYPE I""", "apw", "220 «partner» FTP service ready")
L("imap-login-trace", """C: a001 CAPABILITY
S: * CAPABILITY IMAP4rev1 AUTH=PLAIN AUTH=LOGIN
C: a002 LOGIN "referrals@«dom»" "«S»"
S: a002 NO [AUTHENTICATIONFAILED] Invalid credentials""", "pw", "S: * CAPABILITY IMAP4rev1 AUTH=PLAIN AUTH=LOGIN")
L("python-logging-dict-config", """«ts» INFO  settings loaded: {'env': 'prod', 'sftp': {'host': '«phost»', 'user': '«user»', 'password': '«S»', 'dir': '/inbound'}, 'batch_size': 500}""", "pw", "'host': '«phost»'")
L("go-panic-dsn", """panic: dial tcp «ip»:3306: connect: connection refused (dsn=«user»:«S»@tcp(«dbhost»:3306)/«db»?parseTime=true)

goroutine 1 [running]:
main.mustOpen(...)
	/src/cmd/roster-sync/main.go:42 +0x1c5
main.main()
	/src/cmd/roster-sync/main.go:19 +0x3a""", "pw", "/src/cmd/roster-sync/main.go:42")
L("ruby-backtrace-net-ldap", """Net::LDAP::Error (invalid credentials):
  app/services/directory_lookup.rb:14:in `bind'
  # ldap = Net::LDAP.new(host: "«host»", port: 636, encryption: :simple_tls,
  #   auth: { method: :simple, username: "cn=«user»,dc=«nbl»,dc=edu", password: "«S»" })""", "pw", "app/services/directory_lookup.rb:14")
L("dotnet-format-initialization-string", """System.ArgumentException: Format of the initialization string does not conform to specification starting at index 87.
   at System.Data.Common.DbConnectionOptions.GetKeyValuePair(String connectionString, Int32 currentPosition)
   --- value: "Data Source=«winsrv»;Initial Catalog=«db»;User ID=«user»;Password=«S»;Connect Timeout=30;;"
   at DonorImport.Program.Main(String[] args) in D:\\src\\DonorImport\\Program.cs:line 22""", "pw", "DonorImport.Program.Main")
L("odbc-error-dsn-dump", """[Microsoft][ODBC Driver Manager] Data source name not found and no default driver specified
Attempted: DSN=LabQC;UID=«user»;PWD=«S»;APP=Microsoft Office;WSID=«winsrv»""", "pw", "Data source name not found")
L("sentry-breadcrumb-http", """Breadcrumbs
  http  «time»  GET https://«webhost»/api/roster?key=«S» [200]
  query «time»  SELECT * FROM enrollments WHERE section_id = %s
  error «time»  KeyError: 'guardian_email'""", "hex32", "KeyError: 'guardian_email'")
L("cloudwatch-lambda-event-dump", """START RequestId: «uuid» Version: $LATEST
«ts»	«uuid»	INFO	event: {"source":"scheduler","detail":{"target":"state-upload","sftpPassword":"«S»","host":"«phost»"}}
END RequestId: «uuid»""", "pw", "\"source\":\"scheduler\"")
L("cron-mail-output", """From: root@«host» (Cron Daemon)
To: root@«host»
Subject: Cron <root@«host»> /opt/scripts/push_census.sh

+ lftp -u census_upload,«S» sftp://«phost»
mirror: Access failed: /outbound: No such file or directory""", "apw", "Subject: Cron <root@«host»>")
L("powershell-error-invoke-sqlcmd", """Invoke-Sqlcmd : Login failed for user '«user»'.
At C:\\Scripts\\Nightly-Census.ps1:12 char:1
+ Invoke-Sqlcmd -ServerInstance «winsrv» -Username «user» -Password «S» ...
+ ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    + CategoryInfo          : InvalidOperation: (:) [Invoke-Sqlcmd], SqlPowerShellSqlExecutionException""", "apw", "C:\\Scripts\\Nightly-Census.ps1:12")
L("syslog-app-debug-apikey", """«date» 06:00:01 «host» grants-sync[«pid»]: DEBUG POST https://api.«partner_slug».org/v1/awards headers={'Content-Type': 'application/json', 'X-API-KEY': '«S»'}""", "an40", "grants-sync[«pid»]")
L("airflow-connection-log", """[«ts»] {base.py:73} INFO - Using connection ID 'ehr_replica' for task execution.
[«ts»] {sql.py:418} INFO - Running statement: SELECT count(*) FROM encounters WHERE discharge_dt >= '«date»', parameters: None
[«ts»] {taskinstance.py:2698} ERROR - conn uri: postgresql://airflow_ro:«S»@«dbhost»:5432/ehr""", "upw", "Using connection ID 'ehr_replica'")
L("tomcat-catalina-jndi-warning", """WARNING [main] org.apache.tomcat.util.modeler.BaseModelMBean.invoke Exception invoking method createResource
	javax.naming.NamingException: Could not create resource factory instance [jdbc/ehr] username=«user» password=«S» url=jdbc:sqlserver://«dbhost»:1433""", "pw", "Could not create resource factory instance [jdbc/ehr]")
L("hibernate-debug-properties", """DEBUG o.h.e.j.c.i.DriverManagerConnectionProviderImpl - Connection properties: {user=«user», password=«S», url=jdbc:oracle:thin:@«dbhost»:1521/LISPRD}""", "apw", "url=jdbc:oracle:thin:@«dbhost»:1521/LISPRD")
L("app-insights-trace-customdims", """timestamp [UTC]     «ts»
message             Calling DocuSign envelope API
customDimensions    {"Endpoint":"https://na3.docusign.net/restapi/v2.1","IntegratorKey":"«uuid»","ClientSecret":"«S»","Env":"prod"}""", "uuid", "Calling DocuSign envelope API")
L("winlogbeat-scheduled-task-xml", """event.code: 4698
winlog.event_data.TaskName: \\«nb»\\Sync Roster
winlog.event_data.TaskContent: <Task><Actions><Exec><Command>C:\\Tools\\rostersync.exe</Command><Arguments>--user «user» --pass «S» --school all</Arguments></Exec></Actions></Task>""", "apw", "winlog.event_data.TaskName")
L("haproxy-log-basic-header-capture", """«date» 11:04:59 lb01 haproxy[«pid»]: «ip»:53312 [«date»:11:04:59.120] fe_https be_lis/lis01 0/0/1/45/46 200 912 - - ---- 4/4/0/0/0 0/0 {Basic «S»} "GET /lis/api/orders HTTP/1.1\"""", "basic", "fe_https be_lis/lis01")
L("varnish-or-proxy-log-cookie", """«ts» upstream=«host» status=302 path=/sso/callback cookie="SESSID=«an32»; remember_user=1; portal_auth=«S»" ua="Mozilla/5.0\"""", "jwths", "path=/sso/callback")
L("azure-function-log-sas", """«ts» [Information] Executing 'Functions.ArchiveScans' (Reason='Timer fired at «ts»', Id=«uuid»)
«ts» [Information] Uploading to https://«acct».blob.core.windows.net/archive/«date8».zip?sv=2021-08-06&se=«date»T05%3A00%3A00Z&sr=c&sp=cw&sig=«S»""", "azsig", "Executing 'Functions.ArchiveScans'")
L("power-automate-run-history-output", """Run history > HTTP (Failed)
Status code 401
Raw inputs:
{
  "method": "POST",
  "uri": "https://«webhost»/api/v1/intake",
  "headers": { "x-functions-key": "«S»" }
}""", lambda c: rs(B64U, 54) + "==", "Status code 401")
L("ansible-verbose-winrm-output", """TASK [join domain] *************************************************************
fatal: [clinic-ws12]: FAILED! => {"changed": false, "msg": "failed to join domain", "invocation": {"module_args": {"dns_domain_name": "«nbl».local", "domain_admin_user": "«user»@«nbl».local", "domain_admin_password": "«S»", "state": "domain"}}}""", "pw", "TASK [join domain]")
L("terraform-plan-sensitive-leak", """  # azurerm_linux_web_app.portal will be updated in-place
  ~ resource "azurerm_linux_web_app" "portal" {
      ~ app_settings = {
          ~ "SMTP_PASSWORD" = "old-value-rotated" -> "«S»"
            "SMTP_USER"     = "portal@«dom»"
        }""", "pw", "azurerm_linux_web_app.portal")
L("syslog-printer-scan-to-email", """«date» 07:31:12 «ip» «printer»: [ScanToEmail] SMTP AUTH LOGIN user=scanner@«dom» pass=«S» result=535""", "hpw", "[ScanToEmail] SMTP AUTH LOGIN")
L("mysql-general-log-set-password", """«ts»	   42 Query	SET PASSWORD FOR 'reporting'@'%' = '«S»'
«ts»	   42 Query	FLUSH PRIVILEGES""", "pw", "FLUSH PRIVILEGES")
L("postgres-log-alter-role", """«date» 14:02:19.551 UTC [«pid»] postgres@«db» LOG:  statement: ALTER ROLE reporting_ro PASSWORD '«S»';""", "pw", "postgres@«db» LOG:")
L("keycloak-event-log-admin", """«ts» WARN  [org.keycloak.events] (executor-thread-7) type=LOGIN_ERROR, realmId=«uuid», clientId=canvas-lms, userId=null, ipAddress=«ip», error=invalid_client_credentials, client_secret_provided=«S»""", "an32", "error=invalid_client_credentials")
L("windows-setupact-log", """«date» 10:04:31, Info                  [windeploy.exe] Unattend: AutoLogon Username=Administrator Password=«S» LogonCount=1""", "hpw", "[windeploy.exe] Unattend")
L("guacd-log-connect-params", """guacd[«pid»]: INFO:	Connection "$«uuid»" joined with params: hostname=«ip» port=3389 username=«user» password=«S» security=nla""", "pw", "port=3389")
L("mft-transfer-log", """«ts» [MFT] Job «partner_slug»_daily started
«ts» [MFT] Connecting sftp://«phost»:22 as «user» (auth=password:«S»)
«ts» [MFT] Uploaded 3 files (1.2 MB) in 4.1s""", "pw", "Uploaded 3 files (1.2 MB)")
L("browser-console-network-log", """GET https://«webhost»/api/v1/me 200 (OK)
XHR finished loading: POST "https://«webhost»/api/v1/login".
Request payload: {"username":"«uname»","password":"«S»","remember":true}""", "hpw", "XHR finished loading")
L("java-ldap-naming-exception-env", """javax.naming.AuthenticationException: [LDAP: error code 49 - 80090308: LdapErr: DSID-0C09044E, comment: AcceptSecurityContext error, data 775, v4563]
	environment={java.naming.provider.url=ldaps://«host»:636, java.naming.security.principal=«user»@«nbl».local, java.naming.security.credentials=«S», java.naming.security.authentication=simple}""", "pw", "java.naming.provider.url=ldaps://«host»:636")
L("docker-compose-up-warning-env", """WARN[0000] /srv/intake/docker-compose.yml: `version` is obsolete
intake-db-1   | 2025-01-14 09:02:11.214 UTC [1] LOG:  database system is ready to accept connections
intake-api-1  | Using DATABASE_URL=postgres://intake:«S»@db:5432/intake""", "upw", "database system is ready to accept connections")
L("veeam-job-log-credential", """[«date» 22:00:14] <01> Info     [BackupJob] Processing VM «winsrv»
[«date» 22:00:15] <01> Info     Guest processing credentials: «nb»\\«user» / «S»
[«date» 22:00:31] <01> Warning  Failed to truncate SQL logs""", "pw", "Processing VM «winsrv»")
L("pam-debug-authtok-log", """«date» 10:11:03 «host» sshd[«pid»]: pam_exec(sshd:auth): /usr/local/bin/log_login.sh output: user=«uname» authtok=«S» rhost=«ip»""", "hpw", "pam_exec(sshd:auth)")
L("fhir-server-audit-bearer", """«ts» AUDIT read Patient/«n6» by client=«appname» token=Bearer «S» outcome=0""", "jwt", "AUDIT read Patient/«n6»")
L("moodle-cron-output-token", """Execute scheduled task: Sync enrolments from SIS (local_sissync\\task\\sync)
... calling https://«webhost»/ws/v1/sections?wstoken=«S»&moodlewsrestformat=json
... 482 enrolments processed""", "hex32", "Sync enrolments from SIS")
L("nodejs-unhandled-axios-config", """AxiosError: Request failed with status code 403
    at settle (/app/node_modules/axios/dist/node/axios.cjs:1966:12) {
  code: 'ERR_BAD_REQUEST',
  config: {
    url: 'https://api.«partner_slug».com/v3/payroll/batches',
    method: 'post',
    headers: Object [AxiosHeaders] {
      Accept: 'application/json',
      Authorization: 'Bearer «S»',
    },""", "an64", "Request failed with status code 403")
L("sftp-server-auth-log-password-as-user", """«date» 02:14:33 «host» sshd[«pid»]: Invalid user «S» from «ip» port 51844
«date» 02:14:33 «host» sshd[«pid»]: Failed password for invalid user «S» from «ip» port 51844 ssh2
# ^ someone typed the password into the username prompt again""", "hpw", "port 51844")
L("ehr-interface-engine-verbose-header", """[Rhapsody] «ts» Communication point 'REST to Payer' sending headers: Content-Type=application/json; Authorization=Basic «S»; X-Correlation-Id=«uuid»""", "basic", "Communication point 'REST to Payer'")
L("filemaker-server-event-log", """«date» 05:00:02.118 -0500	Information	1101	«host»	Schedule "Nightly donor export" running script "Export to Raiser's" with parameter "user=«user»;pass=«S»".""", "pw", "Schedule \"Nightly donor export\"")
L("sharepoint-uls-log-connstring", """«date» 07:12:44.51 	w3wp.exe (0x1A2C)	0x2E48	SharePoint Foundation	Database	880j	High	SqlError: 'Login failed for user'. ConnectionString: 'Data Source=«winsrv»;Initial Catalog=WSS_Content_Records;User ID=«user»;Password=«S»;'""", "pw", "SharePoint Foundation")
L("python-warning-insecure-url", """/opt/«appname»/venv/lib/python3.10/site-packages/urllib3/connectionpool.py:1103: InsecureRequestWarning: Unverified HTTPS request is being made to host '«host»'.
  warnings.warn(
fetched https://«host»/api/export?user=«user»&password=«S» in 2.3s""", "upw", "InsecureRequestWarning")
L("auth0-log-failed-exchange", """{"date":"«ts»","type":"feccft","description":"Unauthorized","client_id":"«an32»","client_name":"Donor Portal M2M","details":{"body":{"client_secret":"«S»","audience":"https://api.«dom»"}}}""", lambda c: rs(B64U, 64), "\"client_name\":\"Donor Portal M2M\"")
L("ssrs-subscription-error", """ReportingServicesService!library!«n3»!«date»-02:00:04:: e ERROR: Throwing Microsoft.ReportingServices.Diagnostics.Utilities.InvalidDataSourceCredentialSettingException: Data source 'CensusDS' - UserName=«nb»\\«user»; Password=«S»""", "pw", "Data source 'CensusDS'")
L("robocopy-log-net-use", """-------------------------------------------------------------------------------
   ROBOCOPY     ::     Robust File Copy for Windows
-------------------------------------------------------------------------------
  Started : «date» 01:00:00
  Pre-step: net use \\\\«winsrv»\\Archive /user:«nb»\\«user» «S» -> The command completed successfully.
   Source : D:\\Scans\\""", "pw", "ROBOCOPY     ::     Robust File Copy for Windows")
L("log-line-json-structured-token", """{"level":"debug","ts":"«ts»","caller":"clever/client.go:88","msg":"request","method":"GET","url":"https://api.clever.com/v3.0/sections","bearer":"«S»"}""", "hex40", "\"caller\":\"clever/client.go:88\"")
L("kibana-discover-row-password-field", """@timestamp: «ts»  host.name: «host»  event.dataset: portal.app  message: user update payload  user.name: «uname»  labels.new_password: «S»""", "hpw", "event.dataset: portal.app")
L("xml-soap-fault-wsse-password", """<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">
 <soapenv:Header>
  <wsse:Security><wsse:UsernameToken><wsse:Username>«user»</wsse:Username><wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">«S»</wsse:Password></wsse:UsernameToken></wsse:Security>
 </soapenv:Header>
 <soapenv:Body><soapenv:Fault><faultcode>wsse:FailedAuthentication</faultcode></soapenv:Fault></soapenv:Body>
</soapenv:Envelope>""", "pw", "<faultcode>wsse:FailedAuthentication</faultcode>")
L("ehealth-exchange-request-dump", """== outbound request to state HIE ==
POST /hie/pix/query HTTP/1.1
Host: hie.«partner_slug».gov
X-HIE-Facility: «nb»
X-HIE-Secret: «S»
Content-Type: application/soap+xml""", "hex48", "Host: hie.«partner_slug».gov")

L("iis-failed-request-trace-header", """<EventData>
  <Data Name="ContextId">{«UUIDX»}</Data>
  <Data Name="HeaderName">Authorization</Data>
  <Data Name="HeaderValue">Basic «S»</Data>
  <Data Name="Replace">false</Data>
</EventData>""", "basic", "<Data Name=\"HeaderName\">Authorization</Data>")
L("php-error-log-mail-password", """[«date» 16:20:33 UTC] PHP Warning:  mail(): SMTP server response: 535 5.7.139 Authentication unsuccessful in /var/www/forms/send.php on line 41
[«date» 16:20:33 UTC] forms: smtp config host=smtp.office365.com user=forms@«dom» pass=«S»""", "pw", "/var/www/forms/send.php on line 41")
L("java-jsch-debug-keyboard-interactive", """INFO: Authentications that can continue: publickey,keyboard-interactive,password
INFO: Next authentication method: password
DEBUG: sending password '«S»' for «user»@«phost»
INFO: Authentication succeeded (password).""", "pw", "Authentication succeeded (password).")
L("gitlab-runner-job-log-curl", """$ curl --fail -X POST "https://«webhost»/api/deploy?env=prod" -H "X-Deploy-Token: «S»"
{"status":"queued","id":«n4»}
Cleaning up project directory and file based variables
Job succeeded""", "hex40", "Job succeeded")
L("wsus-or-gpo-script-log", """«date» 07:55:10 [STARTUP] \\\\«nbl».local\\NETLOGON\\map_drives.bat
«date» 07:55:10 [STARTUP] net use P: \\\\«winsrv»\\Payroll /user:«nb»\\payroll_svc «S»
«date» 07:55:11 [STARTUP] The command completed successfully.""", "pw", "[STARTUP] The command completed successfully.")
L("python-repr-settings-object", """ERROR:root:could not send referral fax
Settings(fax_provider='srfax', account_id='«n6»', access_pwd='«S»', cover_page='default', retries=3)""", "pw", "could not send referral fax")
L("redis-monitor-auth", """1706781234.112233 [0 «ip»:51902] "AUTH" "«S»"
1706781234.112401 [0 «ip»:51902] "GET" "session:«an32»\"""", "an32", "\"GET\" \"session:")
L("cups-error-log-device-uri", """E [«date»:08:15:22 -0500] [Job «n3»] Unable to connect to SMB host: smb://«user»:«S»@«winsrv»/FRONTDESK-MFP - NT_STATUS_LOGON_FAILURE""", "upw", "NT_STATUS_LOGON_FAILURE")
L("lms-lti-launch-debug", """«ts» DEBUG lti.launch: oauth_consumer_key=«nbl»-canvas oauth_signature_method=HMAC-SHA1 shared_secret=«S» context_id=«hex40»""", "an32", "oauth_signature_method=HMAC-SHA1")
L("court-efile-soap-log", """«ts» INFO  EFM ReviewFiling request envelope:
<UserName>«email»</UserName><Password>«S»</Password><FirmID>«n6»</FirmID>
«ts» INFO  EFM response: FilingID=«n7» status=SUBMITTED""", "pw", "EFM response: FilingID=«n7» status=SUBMITTED")


# ---------------------------------------------------------------------------
# group: ci-and-deploy
# ---------------------------------------------------------------------------

def D(fmt, text, kind, vis=""):
    T("ci-and-deploy", fmt, text, kind, vis)


D("github-actions-env-hardcoded", """name: deploy-portal
on:
  push:
    branches: [main]
jobs:
  deploy:
    runs-on: ubuntu-latest
    env:
      SFTP_HOST: «phost»
      SFTP_USER: «user»
      SFTP_PASS: «S»
    steps:
      - uses: actions/checkout@v4
      - run: ./scripts/upload.sh""", "pw", "name: deploy-portal")
D("github-actions-with-inline-token", """      - name: Notify Teams
        uses: aliencube/microsoft-teams-actions@v0.8.0
        with:
          webhook_uri: ${{ secrets.TEAMS_WEBHOOK }}
      - name: Push to registry
        run: echo "«S»" | docker login ghcr.io -u «uname» --password-stdin""", "ghp", "name: Push to registry")
D("gitlab-ci-variables-block", """variables:
  DOCKER_DRIVER: overlay2
  DB_HOST: «dbhost»
  DB_PASSWORD: "«S»"

test:
  stage: test
  script:
    - pytest -q""", "pw", "DOCKER_DRIVER: overlay2")
D("gitlab-ci-trigger-token-curl", """trigger_docs:
  stage: deploy
  script:
    - curl -X POST --fail -F token=«S» -F ref=main https://gitlab.«dom»/api/v4/projects/«n3»/trigger/pipeline""", lambda c: "glptt-" + rs(HEXL, 40), "https://gitlab.«dom»/api/v4/projects/«n3»/trigger/pipeline")
D("jenkinsfile-environment-block", """pipeline {
    agent { label 'windows' }
    environment {
        SQL_SERVER = '«winsrv»'
        SQL_USER   = '«user»'
        SQL_PASS   = '«S»'
    }
    stages {
        stage('Migrate') {
            steps { bat 'flyway -url=jdbc:sqlserver://%SQL_SERVER%;databaseName=«db» -user=%SQL_USER% -password=%SQL_PASS% migrate' }
        }
    }
}""", "pw", "SQL_SERVER = '«winsrv»'")
D("azure-pipelines-variables", """trigger:
  - main
pool:
  vmImage: windows-latest
variables:
  buildConfiguration: Release
  sqlAdminPassword: '«S»'
steps:
  - task: SqlAzureDacpacDeployment@1
    inputs:
      ServerName: sql-«appname»-prod.database.windows.net
      SqlUsername: sqladmin
      SqlPassword: $(sqlAdminPassword)""", "gpw", "ServerName: sql-«appname»-prod.database.windows.net")
D("bitbucket-pipelines-script-inline", """pipelines:
  branches:
    main:
      - step:
          name: Deploy intranet
          script:
            - pipe: atlassian/sftp-deploy:0.9.1
              variables:
                USER: «user»
                SERVER: «host»
                REMOTE_PATH: /var/www/intranet
                PASSWORD: «S»""", "pw", "REMOTE_PATH: /var/www/intranet")
D("circleci-config-environment", """jobs:
  build:
    docker:
      - image: cimg/python:3.11
        auth:
          username: «uname»
          password: «S»
    steps:
      - checkout""", "an24", "image: cimg/python:3.11")
D("drone-yml-settings-password", """kind: pipeline
name: default
steps:
- name: publish
  image: plugins/docker
  settings:
    repo: registry.«dom»/«appname»
    registry: registry.«dom»
    username: ci
    password: «S»""", "pw", "repo: registry.«dom»/«appname»")
D("travis-yml-env-global", """language: php
php: '8.1'
env:
  global:
    - DB_USER=travis
    - MAILGUN_KEY=«S»
script: vendor/bin/phpunit""", lambda c: "key-" + rs(HEXL, 32), "language: php")
D("dockerfile-env-password", """FROM eclipse-temurin:17-jre
WORKDIR /app
COPY target/«appname».jar app.jar
ENV SPRING_PROFILES_ACTIVE=prod \\
    SPRING_DATASOURCE_URL=jdbc:postgresql://«dbhost»:5432/«db» \\
    SPRING_DATASOURCE_PASSWORD=«S»
ENTRYPOINT ["java","-jar","/app/app.jar"]""", "pw", "FROM eclipse-temurin:17-jre")
D("dockerfile-arg-default", """FROM python:3.11-slim
ARG PIP_EXTRA_INDEX_URL=https://ci:«S»@nexus.«dom»/repository/pypi-internal/simple
RUN pip install --no-cache-dir -r requirements.txt""", "upw", "FROM python:3.11-slim")
D("docker-compose-environment-list", """services:
  glpi:
    image: diouxx/glpi
    ports: ["8080:80"]
  mariadb:
    image: mariadb:10.11
    environment:
      - MARIADB_ROOT_PASSWORD=«S»
      - MARIADB_DATABASE=glpidb
      - MARIADB_USER=glpi_user""", "pw", "image: mariadb:10.11")
D("docker-compose-environment-map", """  orthanc:
    image: orthancteam/orthanc:24.3.3
    environment:
      ORTHANC__NAME: "«nb» PACS"
      ORTHANC__AUTHENTICATION_ENABLED: "true"
      ORTHANC__REGISTERED_USERS: '{"radiology": "«S»"}'
    ports:
      - "4242:4242\"""", "pw", "image: orthancteam/orthanc:24.3.3")
D("k8s-deployment-env-value", """        containers:
          - name: «appname»
            image: registry.«dom»/«appname»:«ver»
            env:
              - name: LDAP_BIND_DN
                value: "CN=«user»,OU=Service,DC=«nbl»,DC=local"
              - name: LDAP_BIND_PASSWORD
                value: "«S»"
              - name: LOG_LEVEL
                value: info""", "pw", "image: registry.«dom»/«appname»:«ver»")
D("k8s-secret-stringdata", """apiVersion: v1
kind: Secret
metadata:
  name: efile-credentials
  namespace: courts
type: Opaque
stringData:
  username: «user»
  password: «S»""", "pw", "name: efile-credentials")
D("k8s-secret-data-base64", """apiVersion: v1
kind: Secret
metadata:
  name: smtp-relay
data:
  SMTP_USER: «user_b64»
  SMTP_PASSWORD: «S»""", "b64pw", "name: smtp-relay")
D("helm-values-yaml-password", """ingress:
  enabled: true
  hostname: lms.«dom»
moodleUsername: admin
moodlePassword: «S»
mariadb:
  enabled: false
externalDatabase:
  host: «dbhost»
  user: moodle""", "pw", "hostname: lms.«dom»")
D("kustomize-secretgenerator-literals", """secretGenerator:
  - name: fhir-client
    literals:
      - FHIR_CLIENT_ID=«clientid»
      - FHIR_CLIENT_SECRET=«S»
generatorOptions:
  disableNameSuffixHash: true""", "an48", "name: fhir-client")
D("terraform-tfvars-admin-password", """location            = "usgovvirginia"
resource_group_name = "rg-«appname»-prod"
sql_admin_login     = "sqladmin"
sql_admin_password  = "«S»"
tags = { owner = "it@«dom»", costcenter = "4410" }""", "gpw", "resource_group_name = \"rg-«appname»-prod\"")
D("terraform-provider-block-token", """provider "cloudflare" {
  api_token = "«S»"
}

resource "cloudflare_record" "portal" {
  zone_id = var.zone_id
  name    = "portal"
  value   = "«pubip»"
  type    = "A"
}""", lambda c: rs(B64U, 40), "resource \"cloudflare_record\" \"portal\"")
D("terraform-variable-default", """variable "ldap_bind_password" {
  type      = string
  sensitive = true
  default   = "«S»"
}""", "pw", "variable \"ldap_bind_password\"")
D("ansible-task-inline-password", """- name: Create reporting login
  community.general.mssql_script:
    login_host: «winsrv»
    login_user: sa
    login_password: "«S»"
    script: "CREATE LOGIN reporting_ro WITH PASSWORD = '{{ reporting_pw }}'"
""", "pw", "name: Create reporting login")
D("ansible-win-domain-membership", """- name: Join clinic workstations to the domain
  ansible.windows.win_domain_membership:
    dns_domain_name: «nbl».local
    domain_admin_user: «user»@«nbl».local
    domain_admin_password: «S»
    domain_ou_path: "OU=Workstations,OU=Clinics,DC=«nbl»,DC=local"
    state: domain
  register: join_result""", "pw", "dns_domain_name: «nbl».local")
D("puppet-hiera-yaml", """---
profile::mirth::db_host: «dbhost»
profile::mirth::db_user: mirth
profile::mirth::db_password: '«S»'
profile::mirth::heap: '2048m'""", "pw", "profile::mirth::db_host: «dbhost»")
D("chef-data-bag-json", """{
  "id": "sis_sync",
  "api_url": "https://«webhost»/ws/v1",
  "client_id": "«clientid»",
  "client_secret": "«S»"
}""", "uuid", "\"id\": \"sis_sync\"")
D("salt-pillar-sls", """smb_mounts:
  scans:
    share: //«winsrv»/Scans
    user: «user»
    pass: «S»
    domain: «nb»""", "pw", "share: //«winsrv»/Scans")
D("packer-pkr-hcl-winrm", """source "vsphere-iso" "win2022" {
  vcenter_server  = "vcenter.«dom»"
  username        = "packer@vsphere.local"
  password        = "«S»"
  communicator    = "winrm"
  winrm_username  = "Administrator"
}""", "pw", "vcenter_server  = \"vcenter.«dom»\"")
D("vagrantfile-winrm-password", """Vagrant.configure("2") do |config|
  config.vm.box = "gusztavvargadr/windows-server-2022-standard"
  config.vm.communicator = "winrm"
  config.winrm.username = "vagrant"
  config.winrm.password = "«S»"
end""", "pw", "config.vm.communicator = \"winrm\"")
D("cloud-init-chpasswd-list", """#cloud-config
hostname: «host»
chpasswd:
  expire: false
  list: |
    ubuntu:«S»
ssh_pwauth: true
packages: [nginx, certbot]""", "pw", "#cloud-config")
D("cloud-init-user-passwd-plain", """#cloud-config
users:
  - name: kiosk
    groups: [sudo]
    plain_text_passwd: «S»
    lock_passwd: false
runcmd:
  - systemctl enable --now kiosk-browser""", "hpw", "systemctl enable --now kiosk-browser")
D("octopus-variable-json-export", """{
  "Name": "Project.Database.Password",
  "Value": "«S»",
  "Type": "String",
  "IsSensitive": false,
  "Scope": { "Environment": ["Environments-2"] }
}""", "pw", "\"Name\": \"Project.Database.Password\"")
D("argocd-repo-secret-manifest", """apiVersion: v1
kind: Secret
metadata:
  name: repo-«appname»
  namespace: argocd
  labels:
    argocd.argoproj.io/secret-type: repository
stringData:
  type: git
  url: https://github.com/«nbl»-it/«appname»-deploy.git
  username: «uname»
  password: «S»""", "ghp", "argocd.argoproj.io/secret-type: repository")
D("makefile-deploy-target", """deploy:
	rsync -az --delete build/ deploy@«host»:/var/www/portal/
	curl -fsS -X POST https://«webhost»/hooks/clear-cache -H 'X-Hook-Secret: «S»'""", "hex32", "rsync -az --delete build/")
D("deploy-sh-script-header", """#!/usr/bin/env bash
# deploy.sh -- copies the intake app to the prod box and restarts it
set -e
PROD=deploy@«host»
export SSHPASS='«S»'
sshpass -e rsync -az ./dist/ $PROD:/opt/intake/
sshpass -e ssh $PROD 'sudo systemctl restart intake'""", "pw", "PROD=deploy@«host»")
D("fabfile-connection-password", """from fabric import Connection

c = Connection("«host»", user="deploy", connect_kwargs={"password": "«S»"})
c.run("cd /srv/grants && git pull && sudo systemctl restart grants")""", "pw", "Connection(\"«host»\", user=\"deploy\"")
D("capistrano-deploy-rb-ssh-options", """set :application, "donor_portal"
set :repo_url, "git@github.com:«nbl»-it/donor_portal.git"
server "«host»", user: "deploy", roles: %w{app db web}
set :ssh_options, { password: "«S»", auth_methods: %w(password) }""", "pw", "set :application, \"donor_portal\"")
D("gae-app-yaml-env-variables", """runtime: python311
entrypoint: gunicorn -b :$PORT main:app
env_variables:
  FLASK_ENV: production
  CANVAS_TOKEN: "«S»"
  CANVAS_URL: "https://«nbl».instructure.com\"""", "canvas", "runtime: python311")
D("serverless-yml-environment", """service: intake-forms
provider:
  name: aws
  runtime: nodejs20.x
  region: us-east-1
  environment:
    TABLE: intake-${sls:stage}
    DOCUSIGN_SECRET: «S»
functions:
  submit:
    handler: handler.submit""", "uuid", "service: intake-forms")
D("cloudformation-parameter-default", """Parameters:
  DBMasterUsername:
    Type: String
    Default: records_admin
  DBMasterPassword:
    Type: String
    NoEcho: true
    Default: «S»""", "gpw", "DBMasterUsername:")
D("arm-parameters-json", """{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",
  "contentVersion": "1.0.0.0",
  "parameters": {
    "adminUsername": { "value": "clinicadmin" },
    "adminPassword": { "value": "«S»" },
    "vmSize": { "value": "Standard_B2ms" }
  }
}""", "gpw", "\"adminUsername\": { \"value\": \"clinicadmin\" }")
D("bicepparam-secure-literal", """using './main.bicep'

param environmentName = 'prod'
param sqlAdminLogin = 'sqladmin'
param sqlAdminPassword = '«S»'""", "gpw", "using './main.bicep'")
D("netlify-toml-build-environment", """[build]
  command = "npm run build"
  publish = "dist"

[build.environment]
  NODE_VERSION = "20"
  CONTENTFUL_TOKEN = "«S»\"""", lambda c: rs(B64U, 43), "publish = \"dist\"")
D("vercel-json-env", """{
  "version": 2,
  "env": {
    "NEXT_PUBLIC_SITE": "https://donate.«dom»",
    "STRIPE_SECRET_KEY": "«S»"
  }
}""", "sk_live", "\"NEXT_PUBLIC_SITE\": \"https://donate.«dom»\"")
D("render-yaml-envvars", """services:
  - type: web
    name: volunteer-signup
    env: node
    envVars:
      - key: DATABASE_URL
        value: postgres://volunteer:«S»@«dbhost»:5432/volunteer""", "upw", "name: volunteer-signup")
D("systemd-unit-environment-line", """[Unit]
Description=Roster sync worker
[Service]
User=rostersync
Environment=ONEROSTER_CLIENT_ID=«clientid»
Environment=ONEROSTER_CLIENT_SECRET=«S»
ExecStart=/usr/local/bin/rostersync --interval 900
[Install]
WantedBy=multi-user.target""", "an40", "Description=Roster sync worker")
D("supervisord-program-environment", """[program:hl7-router]
command=/opt/hl7-router/venv/bin/python -m router
directory=/opt/hl7-router
environment=ROUTER_DB="postgresql://router:«S»@«dbhost»/router",PYTHONUNBUFFERED="1"
autorestart=true""", "upw", "[program:hl7-router]")
D("pm2-ecosystem-config", """module.exports = {
  apps: [{
    name: 'efile-bridge',
    script: './dist/index.js',
    env_production: {
      NODE_ENV: 'production',
      EFILE_API_KEY: '«S»',
    },
  }],
};""", "hex40", "name: 'efile-bridge'")
D("sccm-task-sequence-variable", """Task Sequence Variable: OSDJoinPassword
Value: «S»
Applies to: Collection "Clinic Workstations - Win11 Rebuild\"""", "pw", "Task Sequence Variable: OSDJoinPassword")
D("intune-remediation-script", """# Intune proactive remediation - re-adds the clinic printer
$user = "«nb»\\printmap"
$pass = "«S»"
cmdkey /add:«winsrv» /user:$user /pass:$pass
Add-Printer -ConnectionName "\\\\«winsrv»\\Clinic-MFP\"""", "pw", "Intune proactive remediation")
D("gpo-startup-script-bat", r"""REM \\«nbl».local\SYSVOL\«nbl».local\scripts\startup.bat
net use L: \\«winsrv»\LabReports /user:«nb»\labmap «S» /persistent:no
start "" "C:\Program Files\LabViewer\LabViewer.exe\"""", "apw", r"\\«winsrv»\LabReports")
D("wix-property-service-password", """<Property Id="SERVICEACCOUNT" Value="«nb»\\svc_scanagent" />
<Property Id="SERVICEPASSWORD" Value="«S»" Hidden="yes" />
<ServiceInstall Name="ScanAgent" Account="[SERVICEACCOUNT]" Password="[SERVICEPASSWORD]" Start="auto" Type="ownProcess" ErrorControl="normal" />""", "pw", "<ServiceInstall Name=\"ScanAgent\"")
D("flyway-conf-password", "flyway.url=jdbc:postgresql://«dbhost»:5432/«db»\nflyway.user=flyway\nflyway.password=«S»\nflyway.locations=filesystem:sql/migrations", "pw", "flyway.locations=filesystem:sql/migrations")
D("liquibase-properties", "changeLogFile=db/changelog/master.xml\nurl=jdbc:sqlserver://«dbhost»:1433;databaseName=«db»\nusername=liquibase\npassword=«S»", "pw", "changeLogFile=db/changelog/master.xml")
D("github-actions-services-postgres", """    services:
      postgres:
        image: postgres:15
        env:
          POSTGRES_PASSWORD: «S»
        ports: ["5432:5432"]
    steps:
      - run: psql -h localhost -U postgres -c 'select 1'  # staging data restore test""", "pw", "image: postgres:15")
D("github-actions-curl-webhook-url", """      - name: Post to Slack
        if: failure()
        run: |
          curl -X POST -H 'Content-type: application/json' \\
            --data '{"text":"Portal deploy failed on ${{ github.ref_name }}"}' \\
            https://hooks.slack.com/services/T«un8»/B«un10»/«S»""", lambda c: rs(ALNUM, 24), "name: Post to Slack")
D("azure-devops-service-connection-json", """{
  "name": "sc-«appname»-prod",
  "type": "azurerm",
  "authorization": {
    "parameters": {
      "tenantid": "«tenant»",
      "serviceprincipalid": "«clientid»",
      "serviceprincipalkey": "«S»",
      "authenticationType": "spnKey"
    },
    "scheme": "ServicePrincipal"
  }
}""", "mssec", "\"name\": \"sc-«appname»-prod\"")
D("jenkins-job-config-xml-string-param", """<hudson.model.StringParameterDefinition>
  <name>SFTP_PASSWORD</name>
  <defaultValue>«S»</defaultValue>
  <trim>false</trim>
</hudson.model.StringParameterDefinition>""", "pw", "<name>SFTP_PASSWORD</name>")
D("teamcity-build-param", """<param name="env.REGISTRY_USER" value="ci-bot" />
<param name="env.REGISTRY_PASSWORD" value="«S»" />""", "an32", "<param name=\"env.REGISTRY_USER\" value=\"ci-bot\" />")
D("nomad-job-template-env", """    task "portal" {
      driver = "docker"
      env {
        DB_HOST     = "«dbhost»"
        DB_PASSWORD = "«S»"
      }
    }""", "pw", "task \"portal\"")
D("inventory-host-vars-yaml", """# host_vars/«host».yml
ansible_host: «ip»
ansible_user: deploy
ansible_become_password: «S»""", "pw", "ansible_host: «ip»")
D("docker-swarm-stack-env", """version: "3.8"
services:
  wiki:
    image: requarks/wiki:2
    environment:
      DB_TYPE: postgres
      DB_HOST: «dbhost»
      DB_PASS: «S»
    deploy:
      replicas: 1""", "pw", "image: requarks/wiki:2")
D("powershell-dsc-configuration", """Configuration ClinicFileServer {
    Import-DscResource -ModuleName PSDesiredStateConfiguration
    $cred = New-Object PSCredential ("«nb»\\svc_dsc", (ConvertTo-SecureString "«S»" -AsPlainText -Force))
    Node '«winsrv»' {
        File Scans { DestinationPath = 'D:\\Scans'; Type = 'Directory'; Ensure = 'Present' }
    }
}""", "pw", "Configuration ClinicFileServer")
D("github-actions-matrix-secret-typo", """    strategy:
      matrix:
        site: [lincoln, riverside, northfield]
    env:
      PS_CLIENT_ID: ${{ secrets.PS_CLIENT_ID }}
      PS_CLIENT_SECRET: «S»   # TODO: switch back to ${{ secrets.PS_CLIENT_SECRET }}""", "uuid", "site: [lincoln, riverside, northfield]")
D("gitlab-ci-before-script-echo", """deploy_prod:
  stage: deploy
  before_script:
    - echo "machine «host» login deploy password «S»" > ~/.netrc
  script:
    - lftp -e "mirror -R public/ /var/www/html/; quit" «host»""", "pw", "deploy_prod:")
D("appveyor-yml-environment", """environment:
  NUGET_API_KEY: «S»
  matrix:
    - PYTHON: "C:\\\\Python311-x64\"""", lambda c: "oy2" + rs(LOWNUM, 43), "matrix:")
D("buildkite-pipeline-env", """steps:
  - label: ":rocket: deploy"
    command: "scripts/deploy.sh"
    env:
      DEPLOY_HOST: «host»
      DEPLOY_KEY_PASSPHRASE: "«S»\"""", "phrase", "label: \":rocket: deploy\"")
D("tekton-or-argo-workflow-param", """  arguments:
    parameters:
      - name: sftp-host
        value: «phost»
      - name: sftp-password
        value: «S»""", "pw", "name: sftp-host")
D("msbuild-publish-profile-password", """<Project>
  <PropertyGroup>
    <WebPublishMethod>MSDeploy</WebPublishMethod>
    <MSDeployServiceURL>«winsrv»:8172</MSDeployServiceURL>
    <DeployIisAppPath>Default Web Site/CitizenPortal</DeployIisAppPath>
    <UserName>«nb»\\webdeploy</UserName>
    <Password>«S»</Password>
  </PropertyGroup>
</Project>""", "pw", "<DeployIisAppPath>Default Web Site/CitizenPortal</DeployIisAppPath>")
D("heroku-app-json-env-value", """{
  "name": "Volunteer Scheduler",
  "env": {
    "SECRET_KEY_BASE": { "value": "«S»" },
    "RAILS_ENV": { "value": "production" }
  }
}""", "hex64", "\"name\": \"Volunteer Scheduler\"")
D("k8s-cronjob-args-password", """          containers:
          - name: backup
            image: postgres:16
            args: ["pg_dump", "postgresql://backup:«S»@«dbhost»:5432/«db»", "-Fc", "-f", "/backup/«db».dump"]""", "upw", "image: postgres:16")
D("github-actions-workflow-dispatch-default", """on:
  workflow_dispatch:
    inputs:
      target:
        default: staging
      api_key:
        description: "Bloomerang key (temporary)"
        default: "«S»\"""", "an32", "workflow_dispatch:")
D("scheduled-task-xml-export-args", """<Actions Context="Author">
  <Exec>
    <Command>C:\\Program Files\\PaperCut MF\\server\\bin\\win\\server-command.exe</Command>
    <Arguments>set-config ext-device.smtp.password «S»</Arguments>
  </Exec>
</Actions>""", "pw", "server-command.exe")
D("docker-run-systemd-execstart", """ExecStart=/usr/bin/docker run --rm --name keycloak -p 8443:8443 \\
  -e KC_DB=postgres -e KC_DB_URL=jdbc:postgresql://«dbhost»/keycloak \\
  -e KC_DB_USERNAME=keycloak -e KC_DB_PASSWORD=«S» \\
  quay.io/keycloak/keycloak:24.0 start --optimized""", "pw", "quay.io/keycloak/keycloak:24.0")
D("portainer-stack-env-file", """# stack.env uploaded in Portainer for 'helpdesk'
GLPI_DB_HOST=«dbhost»
GLPI_DB_USER=glpi
GLPI_DB_PASSWORD=«S»
TZ=America/Chicago""", "pw", "GLPI_DB_HOST=«dbhost»")
D("rundeck-job-yaml-option", """- name: Restart interface engine
  options:
  - name: ssh_password
    value: «S»
    secure: false
  sequence:
    commands:
    - exec: sudo systemctl restart mirthconnect""", "pw", "name: Restart interface engine")
D("release-notes-deploy-checklist", """Deploy checklist (v«ver» portal)
1. snapshot VM «winsrv»
2. stop IIS app pool "CitizenPortal"
3. run migration: sqlcmd -S «winsrv» -U migrator -P «S» -i 0042_add_permit_fees.sql
4. start pool, smoke test /health""", "pw", "stop IIS app pool \"CitizenPortal\"")


# ---------------------------------------------------------------------------
# group: vendor-token
# ---------------------------------------------------------------------------

def _json_b64u(obj):
    return b64u(json.dumps(obj, separators=(",", ":")).encode())


def _sentry_token():
    return "sntrys_" + _json_b64u({"iat": R.randint(1700000000, 1760000000), "url": "https://sentry.io",
                                    "region_url": "https://us.sentry.io", "org": R.choice(["stbrigid", "pcusd", "harmon-co"])}) + "_" + rs(B64U, 43)


def _mapbox_sk():
    return "sk." + _json_b64u({"u": R.choice(["county-gis", "eastbrook-gis", "parks-dept"]), "a": rs(LOWNUM, 25)}) + "." + rs(B64U, 22)


def _discord():
    return b64u(str(R.randint(10 ** 17, 10 ** 18)).encode()) + "." + rs(B64U, 6) + "." + rs(B64U, 38)


def _age_key():
    return "AGE-SECRET-KEY-1" + rs("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)


def _atlassian():
    return "ATATT3xFfGF0" + rs(B64U, 180) + "=" + rs(HEXU, 8)


def _supabase_service_jwt():
    return jwt("HS256", {"iss": "supabase", "ref": rs(LOW, 20), "role": "service_role"})


def _elastic_api_key():
    return b64text(rs(ALNUM, 20) + ":" + rs(B64U, 22))


def _firebase_server_key():
    return "AAAA" + rs(B64U, 7) + ":APA91b" + rs(B64U, 134)


def _op_service_account():
    return "ops_" + _json_b64u({"signInAddress": "my.1password.com", "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256"},
                                "email": rs(LOWNUM, 26) + "@1passwordserviceaccounts.com", "srpX": rs(HEXL, 64),
                                "muk": {"alg": "A256GCM", "k": rs(B64U, 43)}, "secretKey": "A3-" + rs(UPNUM, 6) + "-" + rs(UPNUM, 6)})


def _bws_token():
    return "0.%s.%s:%s" % (ruuid(), rs(ALNUM, 30), b64(rbytes(16)))


# (format, label, ENV var, api host, path, header template, generator)
VENDOR_TOKENS = [
    ("github-classic-pat", "GitHub", "GITHUB_TOKEN", "api.github.com", "/orgs/«nbl»-it/repos", "Authorization: token «S»", lambda c: "ghp_" + rs(ALNUM, 36)),
    ("github-fine-grained-pat", "GitHub", "GH_PAT", "api.github.com", "/repos/«nbl»-it/«appname»/actions/runs", "Authorization: Bearer «S»", lambda c: "github_pat_" + rs(ALNUM, 22) + "_" + rs(ALNUM, 59)),
    ("github-oauth-access-token", "GitHub OAuth", "GITHUB_OAUTH_TOKEN", "api.github.com", "/user", "Authorization: Bearer «S»", lambda c: "gho_" + rs(ALNUM, 36)),
    ("github-app-installation-token", "GitHub App", "GH_INSTALLATION_TOKEN", "api.github.com", "/installation/repositories", "Authorization: token «S»", lambda c: "ghs_" + rs(ALNUM, 36)),
    ("github-refresh-token", "GitHub App refresh", "GH_REFRESH_TOKEN", "github.com", "/login/oauth/access_token", "X-Refresh: «S»", lambda c: "ghr_" + rs(ALNUM, 76)),
    ("gitlab-personal-access-token", "GitLab", "GITLAB_TOKEN", "gitlab.«dom»", "/api/v4/projects?membership=true", "PRIVATE-TOKEN: «S»", lambda c: "glpat-" + rs(B64U, 20)),
    ("gitlab-deploy-token", "GitLab deploy", "CI_DEPLOY_PASSWORD", "gitlab.«dom»", "/api/v4/projects/«n3»/packages", "Deploy-Token: «S»", lambda c: "gldt-" + rs(B64U, 20)),
    ("gitlab-runner-auth-token", "GitLab runner", "RUNNER_TOKEN", "gitlab.«dom»", "/api/v4/runners/verify", "Runner-Token: «S»", lambda c: "glrt-" + rs(B64U, 20)),
    ("slack-bot-token", "Slack bot", "SLACK_BOT_TOKEN", "slack.com", "/api/chat.postMessage", "Authorization: Bearer «S»", lambda c: "xoxb-%d-%d-%s" % (R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 12, 10 ** 13), rs(ALNUM, 24))),
    ("slack-user-token", "Slack user", "SLACK_USER_TOKEN", "slack.com", "/api/users.list", "Authorization: Bearer «S»", lambda c: "xoxp-%d-%d-%d-%s" % (R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 12, 10 ** 13), rs(HEXL, 32))),
    ("stripe-live-secret-key", "Stripe", "STRIPE_SECRET_KEY", "api.stripe.com", "/v1/charges?limit=5", "Authorization: Bearer «S»", lambda c: "sk_live_" + rs(ALNUM, 99)),
    ("stripe-restricted-key", "Stripe restricted", "STRIPE_RK", "api.stripe.com", "/v1/payouts", "Authorization: Bearer «S»", lambda c: "rk_live_" + rs(ALNUM, 24)),
    ("stripe-webhook-signing-secret", "Stripe webhook", "STRIPE_WEBHOOK_SECRET", "donate.«dom»", "/stripe/webhook", "Stripe-Signing-Secret: «S»", lambda c: "whsec_" + rs(ALNUM, 32)),
    ("aws-session-token", "AWS STS", "AWS_SESSION_TOKEN", "s3.us-gov-west-1.amazonaws.com", "/«nbl»-records", "X-Amz-Security-Token: «S»", lambda c: "IQoJb3JpZ2luX2VjE" + rs(B64A, R.randint(300, 380))),
    ("google-maps-api-key", "Google Maps", "GOOGLE_MAPS_KEY", "maps.googleapis.com", "/maps/api/geocode/json?address=1+Main+St", "X-Goog-Api-Key: «S»", lambda c: "AIza" + rs(B64U, 35)),
    ("google-oauth-client-secret", "Google OAuth client", "GOOGLE_CLIENT_SECRET", "oauth2.googleapis.com", "/token", "X-Client-Secret: «S»", lambda c: "GOCSPX-" + rs(B64U, 28)),
    ("google-oauth-refresh-token", "Google Workspace refresh", "GOOGLE_REFRESH_TOKEN", "oauth2.googleapis.com", "/token", "X-Refresh-Token: «S»", lambda c: "1//0" + rs(B64U, 99)),
    ("twilio-api-key-secret", "Twilio API key", "TWILIO_API_SECRET", "api.twilio.com", "/2010-04-01/Accounts.json", "X-Twilio-Secret: «S»", lambda c: rs(ALNUM, 32)),
    ("sendgrid-api-key", "SendGrid", "SENDGRID_API_KEY", "api.sendgrid.com", "/v3/mail/send", "Authorization: Bearer «S»", lambda c: "SG." + rs(B64U, 22) + "." + rs(B64U, 43)),
    ("mailgun-private-key", "Mailgun", "MAILGUN_API_KEY", "api.mailgun.net", "/v3/mg.«dom»/messages", "X-Mailgun-Key: «S»", lambda c: "%s-%s-%s" % (rs(HEXL, 32), rs(HEXL, 8), rs(HEXL, 8))),
    ("mailchimp-api-key", "Mailchimp", "MAILCHIMP_API_KEY", "us«n».api.mailchimp.com", "/3.0/lists", "Authorization: apikey «S»", lambda c: rs(HEXL, 32) + "-us" + str(R.randint(1, 21))),
    ("postmark-server-token", "Postmark", "POSTMARK_SERVER_TOKEN", "api.postmarkapp.com", "/email", "X-Postmark-Server-Token: «S»", lambda c: ruuid()),
    ("openai-project-key", "OpenAI", "OPENAI_API_KEY", "api.openai.com", "/v1/chat/completions", "Authorization: Bearer «S»", lambda c: "sk-proj-" + rs(B64U, 74) + "T3BlbkFJ" + rs(B64U, 74)),
    ("anthropic-api-key", "Anthropic", "ANTHROPIC_API_KEY", "api.anthropic.com", "/v1/messages", "x-api-key: «S»", lambda c: "sk-ant-api03-" + rs(B64U, 93) + "AA"),
    ("huggingface-access-token", "Hugging Face", "HF_TOKEN", "huggingface.co", "/api/whoami-v2", "Authorization: Bearer «S»", lambda c: "hf_" + rs(UP + LOW, 34)),
    ("pypi-upload-token", "PyPI", "TWINE_PASSWORD", "upload.pypi.org", "/legacy/", "X-PyPI-Token: «S»", lambda c: _pypi()),
    ("docker-hub-pat", "Docker Hub", "DOCKERHUB_TOKEN", "hub.docker.com", "/v2/repositories/«nbl»/", "Authorization: Bearer «S»", lambda c: "dckr_pat_" + rs(B64U, 27)),
    ("azure-devops-pat", "Azure DevOps", "AZURE_DEVOPS_EXT_PAT", "dev.azure.com", "/«nbl»/_apis/projects", "X-ADO-PAT: «S»", lambda c: rs(LOW + "234567", 52)),
    ("azure-devops-pat-v2", "Azure DevOps", "ADO_PAT", "dev.azure.com", "/«nbl»/Records/_apis/git/repositories", "X-ADO-PAT: «S»", lambda c: rs(ALNUM, 52) + "AZDO" + rs(ALNUM, 28)),
    ("azure-function-host-key", "Azure Functions", "FUNCTION_KEY", "func-«appname».azurewebsites.net", "/api/intake", "x-functions-key: «S»", lambda c: rs(B64U, 54) + "=="),
    ("shopify-admin-api-token", "Shopify", "SHOPIFY_ADMIN_TOKEN", "«nbl»-store.myshopify.com", "/admin/api/2024-01/orders.json", "X-Shopify-Access-Token: «S»", lambda c: "shpat_" + rs(HEXL, 32)),
    ("atlassian-api-token", "Jira/Confluence", "JIRA_API_TOKEN", "«nbl».atlassian.net", "/rest/api/3/search?jql=project=HELP", "X-Atlassian-Token: «S»", lambda c: _atlassian()),
    ("bitbucket-app-password", "Bitbucket", "BITBUCKET_APP_PASSWORD", "api.bitbucket.org", "/2.0/repositories/«nbl»", "X-BB-App-Password: «S»", lambda c: "ATBB" + rs(ALNUM, 32)),
    ("digitalocean-pat", "DigitalOcean", "DIGITALOCEAN_TOKEN", "api.digitalocean.com", "/v2/droplets", "Authorization: Bearer «S»", lambda c: "dop_v1_" + rs(HEXL, 64)),
    ("datadog-api-key", "Datadog", "DD_API_KEY", "api.datadoghq.com", "/api/v1/validate", "DD-API-KEY: «S»", lambda c: rs(HEXL, 32)),
    ("datadog-application-key", "Datadog app", "DD_APP_KEY", "api.datadoghq.com", "/api/v1/monitor", "DD-APPLICATION-KEY: «S»", lambda c: rs(HEXL, 40)),
    ("newrelic-user-api-key", "New Relic", "NEW_RELIC_API_KEY", "api.newrelic.com", "/graphql", "API-Key: «S»", lambda c: "NRAK-" + rs(UPNUM, 27)),
    ("newrelic-license-key", "New Relic ingest", "NEW_RELIC_LICENSE_KEY", "log-api.newrelic.com", "/log/v1", "X-License-Key: «S»", lambda c: rs(HEXL, 36) + "NRAL"),
    ("sentry-org-auth-token", "Sentry", "SENTRY_AUTH_TOKEN", "sentry.io", "/api/0/organizations/«nbl»/releases/", "Authorization: Bearer «S»", lambda c: _sentry_token()),
    ("postman-api-key", "Postman", "POSTMAN_API_KEY", "api.getpostman.com", "/collections", "X-Api-Key: «S»", lambda c: "PMAK-" + rs(HEXL, 24) + "-" + rs(HEXL, 34)),
    ("terraform-cloud-user-token", "Terraform Cloud", "TFE_TOKEN", "app.terraform.io", "/api/v2/organizations/«nbl»/workspaces", "Authorization: Bearer «S»", lambda c: rs(ALNUM, 14) + ".atlasv1." + rs(ALNUM, 67)),
    ("hashicorp-vault-token", "Vault", "VAULT_TOKEN", "vault.«dom»:8200", "/v1/secret/data/edi", "X-Vault-Token: «S»", lambda c: "hvs.CAESI" + rs(B64U, 86)),
    ("doppler-service-token", "Doppler", "DOPPLER_TOKEN", "api.doppler.com", "/v3/configs/config/secrets/download", "Authorization: Bearer «S»", lambda c: "dp.st.prd." + rs(ALNUM, 40)),
    ("linear-api-key", "Linear", "LINEAR_API_KEY", "api.linear.app", "/graphql", "Authorization: «S»", lambda c: "lin_api_" + rs(ALNUM, 40)),
    ("notion-integration-secret", "Notion", "NOTION_TOKEN", "api.notion.com", "/v1/databases/«md5»/query", "Authorization: Bearer «S»", lambda c: "ntn_" + rs(DIG, 11) + rs(ALNUM, 35)),
    ("airtable-personal-token", "Airtable", "AIRTABLE_PAT", "api.airtable.com", "/v0/app«an14»/Volunteers", "Authorization: Bearer «S»", lambda c: "pat" + rs(ALNUM, 14) + "." + rs(HEXL, 64)),
    ("figma-personal-token", "Figma", "FIGMA_TOKEN", "api.figma.com", "/v1/files/«an22»", "X-Figma-Token: «S»", lambda c: "figd_" + rs(B64U, 40)),
    ("mapbox-secret-token", "Mapbox", "MAPBOX_SECRET_TOKEN", "api.mapbox.com", "/uploads/v1/county-gis", "X-Mapbox-Token: «S»", lambda c: _mapbox_sk()),
    ("replicate-api-token", "Replicate", "REPLICATE_API_TOKEN", "api.replicate.com", "/v1/predictions", "Authorization: Bearer «S»", lambda c: "r8_" + rs(ALNUM, 37)),
    ("cloudflare-global-api-key", "Cloudflare global", "CF_API_KEY", "api.cloudflare.com", "/client/v4/zones", "X-Auth-Key: «S»", lambda c: rs(HEXL, 37)),
    ("netlify-personal-token", "Netlify", "NETLIFY_AUTH_TOKEN", "api.netlify.com", "/api/v1/sites", "Authorization: Bearer «S»", lambda c: "nfp_" + rs(ALNUM, 36)),
    ("vercel-access-token", "Vercel", "VERCEL_TOKEN", "api.vercel.com", "/v9/projects", "Authorization: Bearer «S»", lambda c: rs(ALNUM, 24)),
    ("supabase-service-role-jwt", "Supabase service role", "SUPABASE_SERVICE_ROLE_KEY", "«an20».supabase.co", "/rest/v1/volunteers", "apikey: «S»", lambda c: _supabase_service_jwt()),
    ("supabase-management-token", "Supabase", "SUPABASE_ACCESS_TOKEN", "api.supabase.com", "/v1/projects", "Authorization: Bearer «S»", lambda c: "sbp_" + rs(HEXL, 40)),
    ("grafana-service-account-token", "Grafana", "GRAFANA_TOKEN", "grafana.«dom»", "/api/dashboards/uid/«an8»", "Authorization: Bearer «S»", lambda c: "glsa_" + rs(ALNUM, 32) + "_" + rs(HEXL, 8)),
    ("grafana-cloud-access-policy-token", "Grafana Cloud", "GRAFANA_CLOUD_TOKEN", "logs-prod-017.grafana.net", "/loki/api/v1/push", "Authorization: Bearer «S»", lambda c: "glc_" + _json_b64u({"o": str(R.randint(100000, 999999)), "n": "stack-logs-write", "k": rs(ALNUM, 24), "m": {"r": "us"}})),
    ("pagerduty-rest-api-key", "PagerDuty", "PAGERDUTY_TOKEN", "api.pagerduty.com", "/incidents", "Authorization: Token token=«S»", lambda c: rs(ALNUM + "_+-", 20)),
    ("zendesk-api-token", "Zendesk", "ZENDESK_API_TOKEN", "«nbl».zendesk.com", "/api/v2/tickets.json", "X-Zendesk-Token: «S»", lambda c: rs(ALNUM, 40)),
    ("hubspot-private-app-token", "HubSpot", "HUBSPOT_TOKEN", "api.hubapi.com", "/crm/v3/objects/contacts", "Authorization: Bearer «S»", lambda c: "pat-na1-" + ruuid()),
    ("okta-api-token", "Okta", "OKTA_API_TOKEN", "«nbl».okta.com", "/api/v1/users?limit=25", "Authorization: SSWS «S»", lambda c: "00" + rs(B64U, 40)),
    ("auth0-client-secret", "Auth0", "AUTH0_CLIENT_SECRET", "«nbl».us.auth0.com", "/oauth/token", "X-Auth0-Secret: «S»", lambda c: rs(B64U, 64)),
    ("telegram-bot-token", "Telegram bot", "TELEGRAM_BOT_TOKEN", "api.telegram.org", "/bot«S»/getUpdates", "X-Telegram: «S»", lambda c: "%d:AA%s" % (R.randint(10 ** 9, 8 * 10 ** 9), rs(B64U, 33))),
    ("discord-bot-token", "Discord bot", "DISCORD_TOKEN", "discord.com", "/api/v10/users/@me", "Authorization: Bot «S»", lambda c: _discord()),
    ("zoom-s2s-client-secret", "Zoom", "ZOOM_CLIENT_SECRET", "zoom.us", "/oauth/token?grant_type=account_credentials", "X-Zoom-Secret: «S»", lambda c: rs(ALNUM, 32)),
    ("docusign-secret-key", "DocuSign", "DOCUSIGN_SECRET_KEY", "account.docusign.com", "/oauth/token", "X-DS-Secret: «S»", lambda c: ruuid()),
    ("box-developer-token", "Box", "BOX_DEV_TOKEN", "api.box.com", "/2.0/folders/0/items", "Authorization: Bearer «S»", lambda c: rs(ALNUM, 32)),
    ("dropbox-short-lived-token", "Dropbox", "DROPBOX_TOKEN", "api.dropboxapi.com", "/2/files/list_folder", "Authorization: Bearer «S»", lambda c: "sl.B" + rs(B64U, 135)),
    ("square-access-token", "Square", "SQUARE_ACCESS_TOKEN", "connect.squareup.com", "/v2/payments", "Authorization: Bearer «S»", lambda c: "EAAA" + rs(B64U, 60)),
    ("paypal-client-secret", "PayPal", "PAYPAL_CLIENT_SECRET", "api-m.paypal.com", "/v1/oauth2/token", "X-PayPal-Secret: «S»", lambda c: "E" + rs(B64U, 79)),
    ("braintree-private-key", "Braintree", "BRAINTREE_PRIVATE_KEY", "api.braintreegateway.com", "/merchants/«an16»/transactions", "X-BT-Private-Key: «S»", lambda c: rs(HEXL, 32)),
    ("plaid-secret", "Plaid", "PLAID_SECRET", "production.plaid.com", "/transactions/sync", "PLAID-SECRET: «S»", lambda c: rs(HEXL, 30)),
    ("clever-district-token", "Clever", "CLEVER_DISTRICT_TOKEN", "api.clever.com", "/v3.0/sections", "Authorization: Bearer «S»", lambda c: rs(HEXL, 40)),
    ("canvas-lms-access-token", "Canvas", "CANVAS_API_TOKEN", "«nbl».instructure.com", "/api/v1/courses?per_page=100", "Authorization: Bearer «S»", lambda c: _canvas_token()),
    ("schoology-consumer-secret", "Schoology", "SCHOOLOGY_SECRET", "api.schoology.com", "/v1/users", "X-Schoology-Secret: «S»", lambda c: rs(HEXL, 32)),
    ("classlink-oneroster-secret", "ClassLink OneRoster", "ONEROSTER_SECRET", "«nbl»-ca.oneroster.com", "/ims/oneroster/v1p1/users", "X-OneRoster-Secret: «S»", lambda c: rs(HEXL, 24)),
    ("clio-access-token", "Clio", "CLIO_ACCESS_TOKEN", "app.clio.com", "/api/v4/matters.json", "Authorization: Bearer «S»", lambda c: "%d-%s" % (R.randint(10, 99), rs(ALNUM, 40))),
    ("netdocuments-api-key", "NetDocuments", "NETDOCS_API_KEY", "api.vault.netvoyage.com", "/v2/User/info", "X-ND-Key: «S»", lambda c: "nd_" + rs(ALNUM, 40)),
    ("tyler-efile-api-key", "e-filing (EFSP)", "EFSP_API_KEY", "«nbl».tylertech.cloud", "/efm/v5/filing", "X-EFSP-Key: «S»", lambda c: "EFM-" + ruuid().upper()),
    ("epic-nonprod-client-secret", "Epic non-prod", "EPIC_CLIENT_SECRET", "fhir.epic.com", "/interconnect-fhir-oauth/oauth2/token", "X-Epic-Secret: «S»", lambda c: b64(rbytes(66))),
    ("redox-source-secret", "Redox", "REDOX_SOURCE_SECRET", "api.redoxengine.com", "/endpoint", "X-Redox-Secret: «S»", lambda c: rs(ALNUM, 64)),
    ("athenahealth-client-secret", "athenahealth", "ATHENA_CLIENT_SECRET", "api.platform.athenahealth.com", "/oauth2/v1/token", "X-Athena-Secret: «S»", lambda c: rs(B64U, 40)),
    ("availity-client-secret", "Availity", "AVAILITY_CLIENT_SECRET", "api.availity.com", "/availity/v1/token", "X-Availity-Secret: «S»", lambda c: rs(ALNUM, 20)),
    ("duo-admin-secret-key", "Duo Admin API", "DUO_SKEY", "api-«hex8».duosecurity.com", "/admin/v1/users", "X-Duo-Skey: «S»", lambda c: rs(ALNUM, 40)),
    ("meraki-dashboard-api-key", "Meraki", "MERAKI_DASHBOARD_API_KEY", "api.meraki.com", "/api/v1/organizations", "X-Cisco-Meraki-API-Key: «S»", lambda c: rs(HEXL, 40)),
    ("jamf-pro-client-secret", "Jamf Pro", "JAMF_CLIENT_SECRET", "«nbl».jamfcloud.com", "/api/oauth/token", "X-Jamf-Secret: «S»", lambda c: rs(B64U, 64)),
    ("jenkins-user-api-token", "Jenkins", "JENKINS_API_TOKEN", "jenkins.«dom»", "/job/deploy-portal/buildWithParameters", "X-Jenkins-Token: «S»", lambda c: "11" + rs(HEXL, 32)),
    ("octopus-api-key", "Octopus Deploy", "OCTOPUS_API_KEY", "octopus.«dom»", "/api/projects", "X-Octopus-ApiKey: «S»", lambda c: "API-" + rs(UPNUM, 26)),
    ("sonarqube-user-token", "SonarQube", "SONAR_TOKEN", "sonar.«dom»", "/api/qualitygates/project_status?projectKey=«appname»", "Authorization: Bearer «S»", lambda c: "squ_" + rs(HEXL, 40)),
    ("snyk-api-token", "Snyk", "SNYK_TOKEN", "api.snyk.io", "/rest/orgs", "Authorization: token «S»", lambda c: ruuid()),
    ("jfrog-reference-token", "JFrog", "JFROG_ACCESS_TOKEN", "«nbl».jfrog.io", "/artifactory/api/repositories", "Authorization: Bearer «S»", lambda c: "cmVmdGtuOjAxOjE3" + rs(ALNUM, 48)),
    ("artifactory-legacy-api-key", "Artifactory", "ARTIFACTORY_API_KEY", "«nbl».jfrog.io", "/artifactory/api/storage/libs-release", "X-JFrog-Art-Api: «S»", lambda c: "AKCp" + rs(ALNUM, 69)),
    ("rubygems-api-key", "RubyGems", "GEM_HOST_API_KEY", "rubygems.org", "/api/v1/gems", "Authorization: «S»", lambda c: "rubygems_" + rs(HEXL, 48)),
    ("nuget-api-key", "NuGet", "NUGET_API_KEY", "www.nuget.org", "/api/v2/package", "X-NuGet-ApiKey: «S»", lambda c: "oy2" + rs(LOWNUM, 43)),
    ("circleci-personal-token", "CircleCI", "CIRCLE_TOKEN", "circleci.com", "/api/v2/me", "Circle-Token: «S»", lambda c: "CCIPAT_" + rs(ALNUM, 22) + "_" + rs(HEXL, 40)),
    ("heroku-platform-api-key", "Heroku", "HEROKU_API_KEY", "api.heroku.com", "/apps", "Authorization: Bearer «S»", lambda c: "HRKU-" + ruuid()),
    ("flyio-deploy-token", "Fly.io", "FLY_API_TOKEN", "api.machines.dev", "/v1/apps", "Authorization: Bearer «S»", lambda c: "FlyV1 fm2_" + rs(B64U, 120)),
    ("render-api-key", "Render", "RENDER_API_KEY", "api.render.com", "/v1/services", "Authorization: Bearer «S»", lambda c: "rnd_" + rs(ALNUM, 28)),
    ("mongodb-atlas-private-key", "Atlas API", "ATLAS_PRIVATE_KEY", "cloud.mongodb.com", "/api/atlas/v2/groups", "X-Atlas-Private: «S»", lambda c: ruuid()),
    ("elastic-cloud-api-key", "Elastic", "ELASTIC_API_KEY", "«an12».es.us-east-1.aws.found.io", "/_cluster/health", "Authorization: ApiKey «S»", lambda c: _elastic_api_key()),
    ("algolia-admin-api-key", "Algolia admin", "ALGOLIA_ADMIN_KEY", "«UN10»-dsn.algolia.net", "/1/indexes/catalog/settings", "X-Algolia-API-Key: «S»", lambda c: rs(HEXL, 32)),
    ("contentful-management-token", "Contentful", "CONTENTFUL_MANAGEMENT_TOKEN", "api.contentful.com", "/spaces/«an12»/entries", "Authorization: Bearer «S»", lambda c: "CFPAT-" + rs(B64U, 43)),
    ("intercom-access-token", "Intercom", "INTERCOM_TOKEN", "api.intercom.io", "/contacts", "Authorization: Bearer «S»", lambda c: b64text("tok:" + ruuid() + ":" + ruuid())),
    ("typeform-personal-token", "Typeform", "TYPEFORM_TOKEN", "api.typeform.com", "/forms/«an8»/responses", "Authorization: Bearer «S»", lambda c: "tfp_" + rs(B64U, 44) + "_" + rs(ALNUM, 14)),
    ("asana-personal-access-token", "Asana", "ASANA_PAT", "app.asana.com", "/api/1.0/tasks?project=«n6»", "Authorization: Bearer «S»", lambda c: "2/%s/%s:%s" % (rs(DIG, 16), rs(DIG, 16), rs(HEXL, 32))),
    ("trello-api-token", "Trello", "TRELLO_TOKEN", "api.trello.com", "/1/boards/«an8»/cards", "X-Trello-Token: «S»", lambda c: "ATTA" + rs(HEXL, 64) + rs(HEXU, 8)),
    ("smartsheet-access-token", "Smartsheet", "SMARTSHEET_ACCESS_TOKEN", "api.smartsheet.com", "/2.0/sheets", "Authorization: Bearer «S»", lambda c: rs(ALNUM, 37)),
    ("dropbox-sign-api-key", "Dropbox Sign", "HELLOSIGN_API_KEY", "api.hellosign.com", "/v3/signature_request/list", "X-HS-Key: «S»", lambda c: rs(HEXL, 64)),
    ("vonage-api-secret", "Vonage", "VONAGE_API_SECRET", "rest.nexmo.com", "/sms/json", "X-Vonage-Secret: «S»", lambda c: rs(ALNUM, 16)),
    ("plivo-auth-token", "Plivo", "PLIVO_AUTH_TOKEN", "api.plivo.com", "/v1/Account/MA«UN18»/Message/", "X-Plivo-Token: «S»", lambda c: rs(ALNUM, 40)),
    ("ringcentral-client-secret", "RingCentral", "RC_CLIENT_SECRET", "platform.ringcentral.com", "/restapi/oauth/token", "X-RC-Secret: «S»", lambda c: rs(B64U, 43)),
    ("onesignal-rest-api-key", "OneSignal", "ONESIGNAL_REST_API_KEY", "api.onesignal.com", "/notifications", "Authorization: Key «S»", lambda c: "os_v2_app_" + rs(LOW + "234567", 100)),
    ("firebase-legacy-server-key", "FCM legacy", "FCM_SERVER_KEY", "fcm.googleapis.com", "/fcm/send", "Authorization: key=«S»", lambda c: _firebase_server_key()),
    ("webex-bot-access-token", "Webex bot", "WEBEX_BOT_TOKEN", "webexapis.com", "/v1/messages", "Authorization: Bearer «S»", lambda c: rs(ALNUM, 64) + "_PF84_" + ruuid()),
    ("age-secret-key", "age", "SOPS_AGE_KEY", "sops.local", "/", "X-Age: «S»", lambda c: _age_key()),
    ("tailscale-auth-key", "Tailscale", "TS_AUTHKEY", "api.tailscale.com", "/api/v2/tailnet/-/devices", "Authorization: Bearer «S»", lambda c: "tskey-auth-" + rs(ALNUM, 17) + "-" + rs(ALNUM, 33)),
    ("ngrok-authtoken", "ngrok", "NGROK_AUTHTOKEN", "api.ngrok.com", "/tunnels", "Ngrok-Authtoken: «S»", lambda c: rs(ALNUM, 27) + "_" + rs(ALNUM, 22)),
    ("launchdarkly-sdk-key", "LaunchDarkly", "LD_SDK_KEY", "sdk.launchdarkly.com", "/sdk/latest-all", "Authorization: «S»", lambda c: "sdk-" + ruuid()),
    ("segment-write-key", "Segment", "SEGMENT_WRITE_KEY", "api.segment.io", "/v1/track", "X-Segment-Write-Key: «S»", lambda c: rs(ALNUM, 32)),
    ("rollbar-server-token", "Rollbar", "ROLLBAR_ACCESS_TOKEN", "api.rollbar.com", "/api/1/item/", "X-Rollbar-Access-Token: «S»", lambda c: rs(HEXL, 32)),
    ("onepassword-service-account-token", "1Password service account", "OP_SERVICE_ACCOUNT_TOKEN", "my.1password.com", "/api/v1/vaults", "Authorization: Bearer «S»", lambda c: _op_service_account()),
    ("bitwarden-sm-access-token", "Bitwarden Secrets Manager", "BWS_ACCESS_TOKEN", "api.bitwarden.com", "/secrets", "X-BWS-Token: «S»", lambda c: _bws_token()),
    ("onelogin-client-secret", "OneLogin", "ONELOGIN_CLIENT_SECRET", "«nbl».onelogin.com", "/auth/oauth2/v2/token", "X-OneLogin-Secret: «S»", lambda c: rs(HEXL, 64)),
    ("jumpcloud-api-key", "JumpCloud", "JUMPCLOUD_API_KEY", "console.jumpcloud.com", "/api/systemusers", "x-api-key: «S»", lambda c: "jca_" + rs(ALNUM, 40)),
    ("salesforce-consumer-secret", "Salesforce connected app", "SF_CONSUMER_SECRET", "login.salesforce.com", "/services/oauth2/token", "X-SF-Secret: «S»", lambda c: rs(HEXU, 64)),
    ("salesforce-refresh-token", "Salesforce (NPSP) refresh", "SF_REFRESH_TOKEN", "«nbl».my.salesforce.com", "/services/oauth2/token", "X-SF-Refresh: «S»", lambda c: "5Aep861" + rs(ALNUM + "._", 80)),
    ("neon-crm-api-key", "Neon CRM", "NEON_API_KEY", "api.neoncrm.com", "/v2/accounts", "NEON-API-KEY: «S»", lambda c: rs(HEXL, 32)),
    ("bloomerang-private-key", "Bloomerang", "BLOOMERANG_KEY", "api.bloomerang.co", "/v2/constituents", "X-API-KEY: «S»", lambda c: rs(ALNUM, 32)),
    ("arcgis-api-key", "ArcGIS", "ARCGIS_API_KEY", "services.arcgis.com", "/«an16»/arcgis/rest/services/Parcels/FeatureServer/0/query", "X-Esri-Authorization: Bearer «S»", lambda c: "AAPK" + rs(HEXL, 32) + rs(B64U, 64)),
    ("accela-app-secret", "Accela permits", "ACCELA_APP_SECRET", "apis.accela.com", "/v4/records", "x-accela-appsecret: «S»", lambda c: rs(HEXL, 32)),
    ("papercut-web-services-token", "PaperCut", "PAPERCUT_AUTH_TOKEN", "«host»:9191", "/rpc/api/xmlrpc", "X-PaperCut-Token: «S»", lambda c: rs(ALNUM, 32)),
    ("sophos-central-client-secret", "Sophos Central", "SOPHOS_CLIENT_SECRET", "id.sophos.com", "/api/v2/oauth2/token", "X-Sophos-Secret: «S»", lambda c: rs(HEXL, 100)),
    ("sentinelone-api-token", "SentinelOne", "S1_API_TOKEN", "usea1-«nbl».sentinelone.net", "/web/api/v2.1/agents", "Authorization: ApiToken «S»", lambda c: rs(ALNUM, 80)),
    ("healthie-api-key", "Healthie", "HEALTHIE_API_KEY", "api.gethealthie.com", "/graphql", "Authorization: Basic «S»", lambda c: "gh_live_" + rs(ALNUM, 56)),
    ("drchrono-client-secret", "drchrono", "DRCHRONO_CLIENT_SECRET", "app.drchrono.com", "/o/token/", "X-DrChrono-Secret: «S»", lambda c: rs(ALNUM, 128)),
    ("srfax-access-password", "SRFax", "SRFAX_PASSWORD", "www.srfax.com", "/SRF_SecWebSvc.php", "X-SRFax-Pwd: «S»", lambda c: any_pw()),
    ("cloudinary-api-secret", "Cloudinary", "CLOUDINARY_API_SECRET", "api.cloudinary.com", "/v1_1/«nbl»/resources/image", "X-Cloudinary-Secret: «S»", lambda c: rs(B64U, 27)),
]

VCTX = [
    ("# .env.production\nAPP_URL=https://«webhost»\n@ENV@=«S»\nLOG_LEVEL=warn", "APP_URL=https://«webhost»"),
    ("export @ENV@=«S»\n./run_sync.sh --dry-run", "./run_sync.sh --dry-run"),
    ("export @ENV@='«S»'", "export @ENV@="),
    ('curl -s "https://@HOST@@PATH@" -H "@HDR@"', "https://@HOST@@PATH@"),
    ("curl -sS https://@HOST@@PATH@ \\\n  -H '@HDR@' \\\n  -H 'Accept: application/json' | jq .", "https://@HOST@@PATH@"),
    ('{\n  "@KEY@": "«S»",\n  "baseUrl": "https://@HOST@",\n  "timeoutSeconds": 30\n}', '"baseUrl": "https://@HOST@"'),
    ('@ENV@ = "«S»"  # @LABEL@ -- rotate after go-live', "# @LABEL@ -- rotate after go-live"),
    ("        - name: @ENV@\n          value: \"«S»\"", "- name: @ENV@"),
    ("    env:\n      @ENV@: «S»  # hardcoded until the org secret exists", "hardcoded until the org secret exists"),
    ("[@SECTION@]\nendpoint = https://@HOST@\napi_key = «S»", "endpoint = https://@HOST@"),
    ("$env:@ENV@ = '«S»'\n.\\Invoke-Sync.ps1 -Verbose", ".\\Invoke-Sync.ps1 -Verbose"),
    ("«ts» DEBUG http.client: GET https://@HOST@@PATH@ headers={'@HDRK@': '@HDRV@'}", "GET https://@HOST@@PATH@"),
    ("setx @ENV@ «S» /M", "setx @ENV@"),
    ("@LABEL@ key for the @DEPT_@ integration (the one in the shared mailbox note): «S»", "@LABEL@ key for the @DEPT_@ integration"),
    ("  @KEY@: «S>»".replace("«S>»", "«S»") + "\n  base_url: https://@HOST@", "base_url: https://@HOST@"),
    ("heroku config:set @ENV@=«S» -a «nbl»-@SLUG@", "heroku config:set @ENV@="),
    ("ENV @ENV@=«S»", "ENV @ENV@="),
    ("«ts» INFO  Loaded credential for @LABEL@ (@ENV@=«S»)", "Loaded credential for @LABEL@"),
    ('settings["@KEY@"] = "«S»"', 'settings["@KEY@"]'),
    ("op read \"op://IT/@LABEL@/credential\"\n«S»", "op read \"op://IT/@LABEL@/credential\""),
]


def _vendor_ctx(fmt, label, env, host, path, hdr, gen):
    hk, hv = hdr.split(": ", 1)
    rep = {"@ENV@": env, "@LABEL@": label, "@HOST@": host, "@PATH@": path, "@HDR@": hdr,
           "@HDRK@": hk, "@HDRV@": hv, "@KEY@": env.lower(), "@SECTION@": fmt.split("-")[0],
           "@DEPT_@": R.choice(["billing", "donations", "roster", "intake", "alerts", "reporting", "records"]),
           "@SLUG@": fmt.split("-")[0]}
    out = []
    for t, v in R.sample(VCTX, 3):
        for a, b in rep.items():
            t = t.replace(a, b)
            v = v.replace(a, b)
        out.append((t, v))
    return out


for _v in VENDOR_TOKENS:
    T("vendor-token", _v[0], _vendor_ctx(*_v), _v[6], "")


# ---------------------------------------------------------------------------
# group: note-or-chat (English)
# ---------------------------------------------------------------------------

def N(fmt, text, kind, vis="", n=None):
    T("note-or-chat", fmt, text, kind, vis, n)


def _bitlocker():
    return "-".join("%06d" % (R.randint(0, 65535) * 11) for _ in range(8))


def _totp_seed():
    return rs(B32A, 32)


def _pdf_pw():
    return "%02d-%07d%s" % (R.randint(10, 99), R.randint(0, 9999999), rs(UP, 2))


def _pa_sig():
    return rs(B64U, 43)


N("handover-admin-console-list", """Handover from «first» (last day Friday)
- Mirth admin console: https://«host»:8443  admin / «S»
- Veeam: creds are in the red binder in the server room
- Printers: PaperCut handles everything now, see wiki
- Call «vendor» for anything EHR-side""", "hpw", "https://«host»:8443")
N("chat-teams-inline-password", "[10:42] «person»: can you try the LIS box again? password's «S» now (they made me change it yesterday)", "hpw", "«person»")
N("chat-slack-answer-next-line", """«first»: what's the sftp pw for «partner»?
«first2»: one sec
«first2»: «S»
«first»: thx, that worked""", "pw", "what's the sftp pw for «partner»?")
N("ticket-reset-resolution-note", """Ticket «ticket» - Password reset for «person» («dept»)
Reset AD password to «S> » and ticked 'User must change password at next logon'. Called user at ext «n4» to confirm she could sign in.""".replace("«S> »", "«S»"), "hpw", "Ticket «ticket»")
N("agent-running-notes-found-creds", """## Running notes
- found legacy creds in /etc/cron.d/census: user census, pass «S»; they still work against «dbhost» (checked with psql -c 'select 1')
- next: move them into ~/.pgpass for the cron user and ask «first» to rotate
- do NOT touch the 02:15 job, it feeds the state report""", "pw", "/etc/cron.d/census")
N("agent-goal-token-from-user", "Goal: fix the roster sync (ticket «ticket»). The user gave me the Canvas token to test with: «S>». Don't commit it, don't write it into the repo.".replace("«S>»", "«S»"), "canvas", "Goal: fix the roster sync")
N("vendor-support-chat-temp-password", """Support Agent (Maya, «vendor»): I've reset the integration user on our side.
Support Agent (Maya, «vendor»): Temporary password: «S»
You: thanks, I'll change it after the first login
Support Agent (Maya, «vendor»): Perfect. Anything else today?""", "gpw", "I've reset the integration user on our side.")
N("email-vpn-psk-forward", """From: «person» <«email»>
Subject: VPN for the satellite clinic

Hi all,
The pre-shared key for the Meraki site-to-site is «S» -- I'll text you the public IP separately.
Thanks,
«first»""", "psk", "Subject: VPN for the satellite clinic")
N("sticky-note-transcription", "(photo of the sticky note on the rack, transcribed) \"SAN admin - «S»\"  ...we really need to get rid of that note", "hpw", "we really need to get rid of that note")
N("alarm-panel-code-note", "alarm panel master code is «S» (front desk knows the user code, do not give them this one)", "num8", "front desk knows the user code")
N("whiteboard-guest-wifi", "Guest wifi this month: «nb»-Guest / «S»", "phrase", "«nb»-Guest")
N("ticket-bitlocker-recovery", """BitLocker recovery for «first»'s laptop (LT-«n4»), recovery key ID «HEX8»:
«S»
Verified identity via manager callback before reading it out.""", lambda c: _bitlocker(), "LT-«n4»")
N("note-shared-totp-seed", "Shared MFA for the state reporting portal account (it only allows one device). TOTP secret: «S> » - add it to the IT authenticator, not your personal phone.".replace("«S> »", "«S»"), lambda c: _totp_seed(), "state reporting portal account")
N("note-break-glass-envelope", """Break-glass Global Admin: breakglass@«nbl».onmicrosoft.com
Password (sealed envelope #2 in the safe; typed here only for the migration weekend):
«S»""", lambda c: gen_pw(WIDE_SYM) + rs(ALNUM, 6), "breakglass@«nbl».onmicrosoft.com")
N("note-laps-today", "LAPS pwd for «winsrv» today was «S», it rotates at midnight so don't bother saving it", lambda c: rs(ALNUM + "!#%+", 20), "«winsrv»")
N("meeting-notes-decisions", """Decisions (IT sync «date»):
- keep the old «partner» SFTP account until the cutover
- «first» rotates it afterwards; the current one is «S»
- printer refresh pushed to Q3""", "pw", "Decisions (IT sync «date»)")
N("chat-dm-casual-lowercase", "hey its «S» for the copier admin page lol dont tell anyone i told u", "apw", "for the copier admin page")
N("note-hint-then-value", "SIS admin: same as the old one but with the year bumped, so «S»",
  lambda c: R.choice(WORDS).capitalize() + R.choice(["", "#", "!", "."]) + str(R.randint(2023, 2026)) + R.choice(["!", "*", "."]), "SIS admin")
N("agent-decision-rotate-smtp", "Decision: rotate the SMTP relay password. The old value («S») is hardcoded in 14 scripts under \\\\«winsrv»\\scripts; the new one goes into the vault only.", "pw", "\\\\«winsrv»\\scripts")
N("chat-voice-dictated-phrase", "ok the passphrase is «S» all lowercase with spaces, I know, blame the auditor", "phrase", "blame the auditor")
N("email-onboarding-initial-password", """Welcome to «org»!
Your username is «uname» and your temporary password is «S».
You will be asked to change it the first time you sign in at https://«webhost».""", "hpw", "Your username is «uname»")
N("handover-markdown-table", """| System | URL | User | Pass |
|---|---|---|---|
| FileMaker Server | https://«host»/admin-console | admin | «S» |
| Veeam | https://«host2»:9443 | «nb»\\veeam_svc | see KeePass |""", "pw", "https://«host»/admin-console")
N("chat-code-block-creds", """here you go:
```
host: «phost»
user: «user»
pass: «S»
```
delete this message after pls""", "pw", "host: «phost»")
N("ticket-remote-session-password", "Vendor remote session for the PACS upgrade: TeamViewer ID 1 «n3» «n3» «n3», password «S» (valid until the session ends)", lambda c: rs(LOWNUM, 8), "TeamViewer ID")
N("note-printer-web-admin", "«printer» in «dept>» - web admin is admin / «S» (the factory default was the serial number)".replace("«dept>»", "«dept»"), "pw", "«printer»")
N("note-switch-enable-secret", "core switch enable secret: «S» (console cable is in the drawer under the KVM)", "hpw", "console cable is in the drawer")
N("note-service-account-six-tasks", "The «nb»\\«user» account runs 6 scheduled tasks on «winsrv». If you change its password (currently «S») you have to update all six, plus the IIS app pool.", "pw", "«nb»\\«user»")
N("chat-forwarded-vendor-email", """> From: «partner» Implementation Team
> Your production API key is: «S»
> Please store it securely and do not share it by email.

forwarding so it's in the channel, sorry""", "hex40", "«partner» Implementation Team")
N("agent-todo-checklist", """TODO
- [x] confirm «partner» IP allowlist includes «pubip»
- [ ] swap hardcoded key «S» in sync.py for os.environ lookup
- [ ] dry-run against staging""", "hex32", "IP allowlist includes «pubip»")
N("note-m365-backup-code", "Backup code for it@«dom» (M365 admin), used two already, this is the next one: «S»", "num8", "it@«dom»")
N("note-filemaker-full-access", "Donors.fmp12 Full Access account is Admin, pw «S». The 'Data Entry' account has no password (yes, really).", "hpw", "Donors.fmp12")
N("note-excel-protection-password", "Payroll workbook sheet protection password: «S> » (HR asked us to unlock column F for the COLA change)".replace("«S> »", "«S»"), "hpw", "Payroll workbook")
N("note-pdf-open-password", "the remittance PDFs from «partner» open with «S» (our tax ID plus their initials, apparently)", lambda c: _pdf_pw(), "the remittance PDFs from «partner»")
N("chat-channel-rotated-announce", "@channel rotated the shared mailbox password (intake@«dom»). new one: «S> » . please update your phones before Monday".replace("«S> »", "«S»"), "hpw", "intake@«dom»")
N("note-local-admin-legacy", "Standard local admin on all clinic PCs (pre-LAPS): .\\clinicadmin / «S»", "hpw", ".\\clinicadmin")
N("chat-thread-correction", """«first»: pw is the usual one
«first»: wait no, they changed it after the audit
«first»: «S»""", "pw", "they changed it after the audit")
N("note-bios-setup-password", "Dell BIOS/setup password on the lab workstations: «S»", "apw", "Dell BIOS/setup password")
N("note-idrac-root", "iDRAC on «host»: root / «S» (changed from the default after the pen test)", "pw", "iDRAC on «host»")
N("note-ups-community", "UPS network card (APC) SNMP community: «S»", "snmp", "UPS network card (APC)")
N("note-adfs-pfx-passphrase", "ADFS token-signing pfx passphrase: «S»", "phrase", "ADFS token-signing pfx")
N("note-pgp-passphrase-edi", "«partner» wants files PGP-encrypted. Our key's passphrase (needed to decrypt their 999 acks): «S»", "phrase", "«partner» wants files PGP-encrypted")
N("note-keepass-master", "KeePass master for IT.kdbx is «S» - only «first» and I know it, put it in the safe envelope too", "phrase", "IT.kdbx")
N("note-no-label-sentence", "The grants portal integration stopped again; I re-entered «S» on the settings page and it came back.", "an32", "The grants portal integration stopped again")
N("note-staging-box-use", "for the staging box use «S», prod is different and only «first» has it", "pw", "only «first» has it")
N("chat-long-context-answer", """«first»: anyone know how to get into the old intranet server?
«first2»: which one, the 2012 box?
«first»: yeah «winsrv»
«first2»: local admin, I think it's still «S» unless «first3» changed it
«first»: worked, ty""", "hpw", "«winsrv»")
N("ticket-closure-service-account", "Resolution: created service account svc_scan (pw «S», never expires) and set up scan-to-folder on all 4 copiers. Closing.", "gpw", "svc_scan")
N("email-vendor-sftp-credentials", """Your SFTP credentials for the «partner» production environment:
Host: «phost»
Username: «user»
Password: «S»
Please whitelist the source IPs listed in the onboarding guide.""", "gpw", "Host: «phost»")
N("agent-plan-db-url", """Plan:
1. connect with postgresql://«user»:«S»@«dbhost»/«db» (from the old wiki page)
2. copy encounters older than 7 years to the archive schema
3. verify counts, then ask before deleting anything""", "upw", "copy encounters older than 7 years")
N("wiki-excerpt-mirth-section", """== Mirth ==
Admin console: https://«host»:8443
Login: admin
Pwd: «S»
(last updated «date» by «first»)""", "hpw", "Admin console: https://«host»:8443")
N("voicemail-transcript-password", "Voicemail from «first» (transcribed): \"hi it's «first», the new password for the billing portal is «S», call me back if it doesn't work, bye\"", "hpw", "Voicemail from «first»")
N("runbook-hl7-feed-stopped", "If the HL7 feed stops: RDP to «winsrv» as «nb»\\«user» («S»), restart 'Mirth Connect Service', then check the ADT queue depth.", "pw", "restart 'Mirth Connect Service'")
N("note-chromebook-enrollment", "Chromebook enrollment account: enroll@«dom» / «S» - only for the cart refresh, disable after", "hpw", "enroll@«dom»")
N("note-canvas-sandbox-token", "Canvas sandbox token (expires in 30 days): «S»", "canvas", "Canvas sandbox token")
N("note-efile-shared-login", "E-filing login for the firm (shared by the paralegals): «email» / «S»", "hpw", "«email»")
N("note-donorperfect-key-owner", "reminder: the DonorPerfect API key «S» is tied to «first»'s user. If she leaves, it dies with her account.", lambda c: rs(B64U, 100) + "%3d%3d", "tied to «first»'s user")
N("note-sam-gov-login", "SAM.gov login: «email», pwd «S», MFA goes to the ED's phone", "hpw", "SAM.gov login")
N("chat-phone-system-admin", "3CX admin pw: «S»", "gpw", "3CX admin")
N("note-nvr-cameras", "NVR (front entrance cameras) admin / «S>»".replace("«S>»", "«S»"), "pw", "NVR (front entrance cameras)")
N("chat-trailing-punctuation", "try «S». if that fails ping me, I'm in the server room", "hpw", "I'm in the server room")
N("note-parenthetical-credentials", "«first» set up the FTP account (user «user», password «S») yesterday for the new lab partner.", "pw", "user «user»")
N("note-quoted-without-quotes", "the password is \"«S»\" (without the quotes)", "pw", "(without the quotes)")
N("chat-multi-message-login", """«first»: admin page is https://«host»/admin
«first»: login admin
«first»: and «S»""", "hpw", "https://«host»/admin")
N("note-deploy-key-passphrase", "passphrase for the deploy key (~/.ssh/edi_ed25519): «S»", "phrase", "~/.ssh/edi_ed25519")
N("note-vault-unseal-share", "Vault unseal key 1 of 3 (yours, keep it offline): «S»", "b64_32", "Vault unseal key 1 of 3")
N("agent-summary-hardcoded-smtp", """Summary for the user:
I found the SMTP password («S») hardcoded in 3 places: scripts/notify.ps1, intake/settings.py and the scheduled task "Send Census". I replaced them with environment lookups but I did not rotate it; you should rotate it.""", "pw", "scripts/notify.ps1")
N("agent-state-blocked-ldap", "State: blocked on LDAP bind. Creds used: CN=«user»,OU=Service,DC=«nbl»,DC=local / «S». Error 49, data 52e (bad password?). Waiting on «first».", "pw", "Error 49, data 52e")
N("note-jwt-for-debugging", "pasting the token the portal issued so we can decode it later:\n«S»", "jwt", "pasting the token the portal issued")
N("chat-teams-webhook-url", "new Teams webhook for #alerts: https://«nbl».webhook.office.com/webhookb2/«uuid»@«tenant»/IncomingWebhook/«S»/«uuid2»", "hex32", "new Teams webhook for #alerts")
N("note-shared-sas-link", "Here's the link to the scanned charts (valid 7 days): https://«acct».blob.core.windows.net/charts/«uuid».zip?sv=2022-11-02&se=«date»T00%3A00%3A00Z&sr=b&sp=r&sig=«S»", "azsig", "Here's the link to the scanned charts")
N("note-shared-presigned-s3", "download link for the auditors: https://«nbl»-audit.s3.us-east-1.amazonaws.com/FY«year»/ledger.xlsx?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«akid»%2F«date8»%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=«date8»T090000Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»", "s3sig", "download link for the auditors")
N("note-flow-trigger-url", "The Forms -> SharePoint flow trigger is https://prod-27.usgovtexas.logic.azure.us:443/workflows/«md5»/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=«S»", lambda c: _pa_sig(), "The Forms -> SharePoint flow trigger")
N("ticket-internal-note-user-password", "Internal note: user's Epic password is «S» - she read it to me over the phone so I could reproduce. Asked her to change it afterwards.", "hpw", "Internal note")
N("note-session-secret-value", "The prod value of SESSION_SECRET is «S»; staging uses a different one.", "hex64", "SESSION_SECRET")
N("chat-commit-leak-report", "«first» pushed 'fix login' with the admin password in the diff (it was «S»). force-pushed to remove it, but we still need to rotate.", "hpw", "«first» pushed 'fix login'")
N("note-radius-shared-secret", "RADIUS shared secret between the WLC and NPS: «S»", "psk", "between the WLC and NPS")
N("note-ipsec-tunnel-params", "Tunnel to «partner>»: phase 1 AES256/SHA256/DH14, lifetime 28800, PSK «S»".replace("«partner>»", "«partner»"), "psk", "phase 1 AES256/SHA256/DH14")
N("note-printer-community", "printers use community «S» (read-only) - do not use 'public'", "snmp", "printers use community")
N("chat-quote-block-reply", "> the new one is «S»\ngot it, updated the scanner profiles on all three floors", "hpw", "updated the scanner profiles")
N("note-rotate-before-audit", """Accounts to rotate before the audit:
1. sa on «winsrv» - «S»
2. svc_backup - in KeePass
3. scanner - see ticket «ticket»""", "gpw", "Accounts to rotate before the audit")
N("note-phone-dictation-no-label", "«first» said over the phone: «S» -- that's for the fax server web UI", "pw", "that's for the fax server web UI")
N("chat-qa-door-code", "Q: what's the code for the server room?\nA: «S» then #", "num8", "the server room")
N("note-powerschool-reissued-secret", "PowerSchool support re-issued our plugin secret: «S»", "uuid", "PowerSchool support re-issued")
N("agent-memory-file-entry", """# MEMORY.md
- User prefers PowerShell over batch files
- LIS SQL login: lis_ro / «S» (read-only, ok to use for queries)
- Never restart Mirth during clinic hours (7am-7pm)""", "pw", "User prefers PowerShell over batch files")
N("desktop-passwords-txt", "passwords.txt (found on the desktop of «winsrv>»):\nfilemaker - «S»".replace("«winsrv>»", "«winsrv»"), "hpw", "passwords.txt")
N("chat-spread-over-two-lines", """«first»: user is «user»
«first»: pw
«first»: «S»""", "apw", "user is «user»")
N("note-recovery-key-label", "Recovery key for the «org» Google Workspace super admin: «S»", lambda c: "-".join(rs(LOWNUM, 4) for _ in range(4)), "Google Workspace super admin")
N("email-newsletter-accidental-share", """Subject: IT tips - March

... and remember, never share passwords by email!
(For the board portal this month the shared login is board@«dom» / «S»)""", "hpw", "never share passwords by email")
N("note-sql-sa-after-install", "SQL Express on the new FileMaker box: sa = «S», mixed mode on, only localhost", "gpw", "mixed mode on")
N("ticket-escalation-vendor-api", """Escalated to «vendor» (case «n7»).
They asked us to re-send the request with our key so they can trace it.
Key we used: «S»""", "an32", "Escalated to «vendor>»".replace("«vendor>»", "«vendor»"))
N("chat-meeting-link-with-passcode", "Board meeting link: https://us02web.zoom.us/j/8«n4»«n6»?pwd=«S»", lambda c: rs(ALNUM, 32) + ".1", "Board meeting link")
N("note-kiosk-autologon", "Lobby kiosk auto-logs in as kiosk-lobby, password «S» (it's in the registry, yes I know)", "hpw", "kiosk-lobby")
N("note-grant-portal-api", "NIH eRA / grants portal system-to-system key for the research office: «S»", "hex48", "for the research office")
N("chat-new-hire-laptop", "laptop for «first» is ready, temp login «uname» / «S> », she'll be prompted to change it".replace("«S> »", "«S»"), "hpw", "laptop for «first» is ready")
N("handover-voicemail-admin-below", "Voicemail admin (Mitel) login is admin, but NOT the extension+9900 thing anymore, it's:\n«S»", "apw", "Voicemail admin (Mitel) login is admin")
N("note-oidc-client-secret-pasted", "Okta app 'Canvas SSO' client secret (pasted from the admin console before it got masked): «S»", "okta_cs", "Okta app 'Canvas SSO'")
N("note-aws-keys-pair", "AWS keys for the records archive bucket (IAM user svc-records-archive): «akid» / «S»", "awssk", "svc-records-archive")
N("chat-pasted-env-file", """pasting my .env so you can compare:
APP_ENV=local
DB_HOST=127.0.0.1
DB_PASSWORD=«S»
MAIL_MAILER=log""", "pw", "pasting my .env so you can compare")
N("note-domain-join-account", "Domain join account for new PCs: «nb»\\join_svc, password «S». It can only join to OU=Staging.", "gpw", "OU=Staging")
N("agent-observation-in-output", "Observation: the `docker inspect` output above contains the production DB password in plain text (DATABASE_PASSWORD=«S»). I will not copy it anywhere else.", "pw", "Observation: the `docker inspect` output above")
N("note-wifi-qr-payload", "QR code on the staff-room wall decodes to WIFI:T:WPA;S:«nb»-«ssid»;P:«S»;;", "hpw", "WIFI:T:WPA;S:«nb»-«ssid»")
N("chat-screen-reader-spelling", "it's «S» - case sensitive, no spaces, and yes that's the whole thing", "gpw", "case sensitive")
N("note-old-server-cmos", "old domain controller «winsrv» (the one in the closet) has DSRM password «S»", "pw", "DSRM password")


# ---------------------------------------------------------------------------
# group: note-or-chat (other languages)
# ---------------------------------------------------------------------------

LOCAL_WORDS = {
    "de": ["Sommer", "Kaffee", "Fruehling", "Blume", "Schule", "Bergwerk", "Hausarzt", "Gemeinde", "Wolke", "Apfel"],
    "fr": ["Soleil", "Printemps", "Chaton", "Fromage", "Bonjour", "Mairie", "Lumiere", "Papillon", "Bretagne"],
    "es": ["Verano", "Primavera", "Gato", "Playa", "Girasol", "Ayuntamiento", "Paloma", "Sevilla"],
    "pt": ["Saudade", "Praia", "Futebol", "Laranja", "Escola", "Sorriso", "Lisboa", "Cajueiro"],
    "it": ["Estate", "Gelato", "Girasole", "Comune", "Montagna", "Farfalla", "Ciao", "Limone"],
    "nl": ["Fiets", "Tulpen", "Zomer", "Gemeente", "Stroopwafel", "Molen", "Kaaskop"],
    "pl": ["Lato", "Wiosna", "Kotek", "Zamek", "Szkola", "Gwiazda", "Jablko", "Krakow"],
    "ru": ["Privet", "Leto", "Zima", "Solnce", "gfhjkm", "Rodina", "Berezka", "Kotik"],
    "ja": ["Sakura", "Fujisan", "Kawaii", "Tanuki", "Hikari", "Yamada", "Ichigo"],
    "zh": ["woaini", "Zhongguo", "Xingfu", "Tianshi", "Longma", "Huanying"],
    "ko": ["Saranghae", "Hangang", "Haneul", "Bomnal", "Seoul", "Dubu"],
    "sv": ["Sommar", "Kanelbulle", "Midsommar", "Stugan"],
    "tr": ["Bahar", "Lale", "Istanbul", "Kardelen"],
    "cs": ["Praha", "Jaro", "Kocicka", "Sluncko"],
    "vi": ["Hanoi", "Hoasen", "Mattroi", "Saigon"],
    "ar": ["Qamar", "Yasmin", "Sahara", "Noor"],
    "uk": ["Kalyna", "Sonechko", "Vesna", "Kyiv"],
    "da": ["Hygge", "Sommerhus", "Kobenhavn"],
    "fi": ["Sauna", "Kesa", "Revontuli", "Muumi"],
    "el": ["Thalassa", "Ilios", "Athina", "Elia"],
    "hu": ["Nyar", "Tavasz", "Balaton", "Cica"],
    "id": ["Merdeka", "Matahari", "Jakarta", "Kopi"],
}


def loc_pw(lang):
    ws = LOCAL_WORDS[lang]
    st = R.randrange(5)
    w = R.choice(ws)
    if st == 0:
        p = w + str(R.randint(2019, 2026)) + R.choice("!*.#")
    elif st == 1:
        p = w + R.choice("!*-_.") + R.choice(ws) + str(R.randint(1, 99))
    elif st == 2:
        p = leet(w) + str(R.randint(100, 9999))
    elif st == 3:
        p = w.lower() + str(R.choice([520, 1314, 888, 123, 77, 2024])) + R.choice(["", "!", "."])
    else:
        p = gen_pw()
    while len(p) < 8:
        p += str(R.randint(0, 9))
    return p


def LP(lang):
    return lambda c: loc_pw(lang)


def NL(fmt, text, kind, vis="", n=None):
    T("note-or-chat", fmt, text, kind, vis, n)


NL("note-de-db-passwort", "Hallo «first», das Passwort für die Laborschnittstelle (DB-Benutzer «user» auf «dbhost») ist «S». Bitte nach dem Test ändern. Gruß, «first2»", LP("de"), "«dbhost»")
NL("note-de-uebergabe-wlan", "Übergabe: Der WLAN-Schlüssel für das Personalnetz «nb»-«ssid» lautet «S». Das Gäste-WLAN bleibt wie gehabt.", LP("de"), "«nb»-«ssid»")
NL("note-de-ticket-kennwort", "Ticket «ticket»: Kennwort von «uname» zurückgesetzt auf «S», Benutzer muss es bei der nächsten Anmeldung ändern. Rückruf erfolgt.", LP("de"), "Ticket «ticket»")
NL("note-de-chat-zugang-ohne-label", "«first»: hast du den Zugang zum Dokumentenserver?\n«first2»: ja, «user» und dann «S»\n«first»: danke dir!", LP("de"), "Zugang zum Dokumentenserver")
NL("note-fr-mot-de-passe-sftp", "Salut, le mot de passe du SFTP de «partner» a changé : «S». Je l'ai mis dans le coffre, mais au cas où.", LP("fr"), "SFTP de «partner»")
NL("note-fr-passation-compte-service", "Passation : le compte de service «user» sur «winsrv» utilise le mot de passe «S» (ne pas le modifier sans prévenir le prestataire).", LP("fr"), "«winsrv»")
NL("note-fr-cle-api-portail", "La clé d'API du portail citoyen est «S» ; elle expire en décembre, pense à la renouveler.", "an32", "portail citoyen")
NL("note-es-contrasena-buzon", "Hola, la contraseña del buzón compartido (citas@«dom») es «S». Cámbiala después de configurar los móviles.", LP("es"), "citas@«dom»")
NL("note-es-acceso-expedientes", "Acceso al sistema de expedientes judiciales: usuario «uname», clave «S>» (la misma para el portal de notificaciones)".replace("«S>»", "«S»"), LP("es"), "usuario «uname»")
NL("note-es-token-laboratorio", "Te paso el token de la integración con el laboratorio: «S» — no lo subas al repositorio, porfa.", "hex40", "integración con el laboratorio")
NL("note-pt-senha-impressora", "A senha do painel da impressora do «dept» é «S», o usuário é admin.", LP("pt"), "o usuário é admin")
NL("note-pt-chave-api-escola", "Chave da API do sistema escolar (SIS): «S» — não compartilhe fora da equipe de TI.", "uuid", "sistema escolar (SIS)")
NL("note-pt-passagem-turno", "Passagem de turno: se o servidor «winsrv» travar, entrar como «nb»\\«user» com a senha «S» e reiniciar o serviço do Mirth.", LP("pt"), "«nb»\\«user»")
NL("note-ja-db-password", "「電子カルテ連携サーバ」のDBパスワードは «S» です。ユーザー名は «user»。", LP("ja"), "ユーザー名は «user»")
NL("note-ja-hikitsugi-sftp", "引き継ぎメモ：SFTP（«phost»）のパスワード → «S>» 来月変更予定。".replace("«S>»", "«S»"), LP("ja"), "«phost»")
NL("note-ja-wifi-staff", "職員用Wi-Fiのパスワード：«S»（ゲスト用とは別です）", LP("ja"), "職員用Wi-Fi")
NL("note-zh-shujuku-mima", "数据库密码：«S»，用户名是 «user»，服务器 «dbhost»。", LP("zh"), "服务器 «dbhost»")
NL("note-zh-jiaojie-dayinji", "交接说明：打印机管理后台账号 admin，密码 «S»。", LP("zh"), "打印机管理后台")
NL("note-zh-api-miyao", "学校系统的 API 密钥是 «S»，请不要发到群里。", "hex32", "学校系统的 API 密钥")
NL("note-ru-parol-bd", "Пароль от базы ЛИС (пользователь «user»): «S». Поменяй после теста, пожалуйста.", LP("ru"), "пользователь «user»")
NL("note-ru-peredacha-del", "Передача дел: учётка «nb»\\«user», пароль «S», от неё работают все задания планировщика на «winsrv».", LP("ru"), "«nb»\\«user»")
NL("note-ru-token-portal", "Токен для портала госуслуг (тестовый контур): «S»", "an40", "портала госуслуг")
NL("note-it-password-pec", "Ciao, la password della casella PEC è «S». Non cambiarla senza avvisare la segreteria.", LP("it"), "casella PEC")
NL("note-it-consegne-server", "Consegne: per il server «winsrv» l'utente è «user» e la password è «S».", LP("it"), "«winsrv»")
NL("note-it-chiave-wifi", "Chiave Wi-Fi della rete docenti: «S>» (quella degli studenti è diversa)".replace("«S>»", "«S»"), LP("it"), "rete docenti")
NL("note-nl-wachtwoord-sftp", "Hoi «first», het wachtwoord voor de SFTP van «partner» is «S». Graag na gebruik wijzigen.", LP("nl"), "SFTP van «partner»")
NL("note-nl-overdracht-scanaccount", "Overdracht: het serviceaccount «user» heeft wachtwoord «S», wordt gebruikt door alle scanners op de 2e verdieping.", LP("nl"), "serviceaccount «user»")
NL("note-nl-api-sleutel-donateurs", "De API-sleutel voor het donateurssysteem is «S» (niet delen buiten IT)", "an32", "donateurssysteem")
NL("note-pl-haslo-serwer", "Hasło do serwera «winsrv» (konto «user»): «S». Zmień po wdrożeniu.", LP("pl"), "konto «user»")
NL("note-pl-wifi-pracownicy", "Hasło do Wi-Fi dla pracowników: «S»", LP("pl"), "Wi-Fi dla pracowników")
NL("note-pl-klucz-api-dziennik", "Klucz API do systemu e-Dziennik: «S>», ważny do końca roku szkolnego.".replace("«S>»", "«S»"), "hex40", "e-Dziennik")
NL("note-ko-db-bimilbeonho", "DB 비밀번호는 «S» 입니다. 계정은 «user».", LP("ko"), "계정은 «user»")
NL("note-ko-insuinkye-bokhapgi", "인수인계: 복합기 관리자 비번 «S» (admin 계정)", LP("ko"), "복합기 관리자")
NL("note-ko-haksa-api-key", "학사 시스템 API 키: «S» 외부 공유 금지", "an40", "학사 시스템")
NL("note-sv-losenord-testmiljo", "Lösenordet till journalsystemets testmiljö är «S».", LP("sv"), "journalsystemets testmiljö")
NL("note-tr-sunucu-sifre", "Sunucu şifresi: «S» (kullanıcı «user»)", LP("tr"), "kullanıcı «user»")
NL("note-cs-heslo-tiskarna", "Heslo k tiskárně na podatelně: «S»", LP("cs"), "tiskárně na podatelně")
NL("note-vi-mat-khau-wifi", "Mật khẩu wifi phòng giáo viên: «S»", LP("vi"), "phòng giáo viên")
NL("note-ar-kalimat-murur", "كلمة المرور لحساب الخدمة «user» هي «S»", LP("ar"), "«user»")
NL("note-uk-parol-poshta", "Пароль до спільної поштової скриньки приймальні: «S»", LP("uk"), "поштової скриньки")
NL("note-da-adgangskode-nas", "Adgangskoden til NAS'en i kælderen er «S»", LP("da"), "NAS'en i kælderen")
NL("note-fi-salasana-palvelin", "Palvelimen «winsrv» ylläpitäjän salasana: «S»", LP("fi"), "«winsrv»")
NL("note-el-kodikos-email", "Ο κωδικός για το κοινό email της γραμματείας είναι «S»", LP("el"), "γραμματείας")
NL("note-hu-jelszo-rendelo", "A rendelő wifi jelszava: «S»", LP("hu"), "rendelő wifi")
NL("note-id-kata-sandi-server", "Kata sandi server arsip (user «user»): «S»", LP("id"), "user «user»")


# ---------------------------------------------------------------------------
# benign fillers: values that look random but are not credentials
# ---------------------------------------------------------------------------

def _ssh_ed_pub():
    return "ssh-ed25519 " + b64(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + rbytes(32))


def _ssh_rsa_pub():
    return "ssh-rsa " + b64(b"\x00\x00\x00\x07ssh-rsa\x00\x00\x00\x03\x01\x00\x01\x00\x00\x01\x01\x00" + rbytes(256))


def _pub_pem():
    der = bytes.fromhex("30820122300d06092a864886f70d01010105000382010f003082010a0282010100") + rbytes(256) + bytes.fromhex("0203010001")
    return wrap64(b64(der))


def _cert_pem():
    der = (bytes.fromhex("308203") + bytes([R.randint(0x40, 0xff)]) + bytes.fromhex("308202") +
           bytes([R.randint(0x20, 0xff)]) + rbytes(836))
    return wrap64(b64(der))


def _pgp_fpr():
    h = rs(HEXU, 40)
    return " ".join(h[i:i + 4] for i in range(0, 40, 4))


FILL.update({
    "sha512i": lambda c: "sha512-" + b64(rbytes(64)),
    "sha384i": lambda c: "sha384-" + b64(rbytes(48)),
    "sha256b": lambda c: b64(rbytes(32)),
    "edpub": lambda c: _ssh_ed_pub(),
    "rsapub": lambda c: _ssh_rsa_pub(),
    "pubpem": lambda c: _pub_pem(),
    "certpem": lambda c: _cert_pem(),
    "pgpfpr": lambda c: _pgp_fpr(),
    "thumb": lambda c: rs(HEXU, 40),
    "traceid": lambda c: rs(HEXL, 32),
    "spanid": lambda c: rs(HEXL, 16),
    "sid": lambda c: "S-1-5-21-%d-%d-%d-%d" % (R.randint(10 ** 9, 4 * 10 ** 9), R.randint(10 ** 9, 4 * 10 ** 9), R.randint(10 ** 8, 4 * 10 ** 9), R.randint(1000, 9999)),
    "npi": lambda c: "1" + rs(DIG, 9),
    "ein": lambda c: "%02d-%07d" % (R.randint(10, 99), R.randint(0, 9999999)),
    "oid": lambda c: "2.16.840.1.113883.3.%d.%d" % (R.randint(100, 9999), R.randint(1, 40)),
    "build": lambda c: str(R.randint(1000, 99999)),
    "semver": lambda c: "%d.%d.%d" % (R.randint(0, 12), R.randint(0, 30), R.randint(0, 40)),
    "gosum": lambda c: "h1:" + b64(rbytes(32)),
    "pkg": lambda c: R.choice(["requests", "urllib3", "certifi", "idna", "charset-normalizer", "fhir.resources",
                               "hl7apy", "ldap3", "paramiko", "cryptography", "pydantic", "sqlalchemy", "openpyxl"]),
    "npmpkg": lambda c: R.choice(["axios", "express", "lodash", "dayjs", "pg", "mssql", "nodemailer", "ldapjs",
                                  "jsonwebtoken", "passport-saml", "react", "zod", "winston"]),
    "goblob": lambda c: R.choice(["github.com/lib/pq", "github.com/go-ldap/ldap/v3", "golang.org/x/crypto",
                                  "github.com/pkg/sftp", "github.com/google/uuid", "gopkg.in/yaml.v3"]),
    "secname": lambda c: R.choice(["DB_PASSWORD", "SFTP_PASSWORD", "LDAP_BIND_PASSWORD", "CANVAS_TOKEN", "SMTP_PASSWORD",
                                   "FHIR_CLIENT_SECRET", "EFILE_API_KEY", "BLOOMERANG_KEY", "SIS_CLIENT_SECRET",
                                   "PAYROLL_SFTP_PASS", "AZURE_CLIENT_SECRET", "SENDGRID_API_KEY"]),
    "secslug": lambda c: c["secname"].lower().replace("_", "-"),
    "stripeid": lambda c: R.choice(["ch_", "pi_", "cus_", "in_", "sub_", "txn_", "evt_", "po_"]) + rs(ALNUM, 24),
    "slackid": lambda c: R.choice("CUGD") + rs(UPNUM, 10),
    "runid": lambda c: str(R.randint(4000000000, 9999999999)),
    "etag": lambda c: '"0x8DC%s"' % rs(HEXU, 12),
    "b64word": lambda c: b64text(R.choice(["patient_export_v2", "roster-sync", "Hello from the lab interface",
                                           "admissions,discharges,transfers", "nightly census ok", "svc_mirth",
                                           "donor-import", "grade_passback", "status=ok", "FY2025 budget draft",
                                           "case_id,filed_on,court", "printer queue paused"])),
    "hl7ctl": lambda c: rs(DIG, 10),
    "docket": lambda c: "%s-%s-%05d" % (R.choice(["CV", "CR", "FAM", "PR", "SC"]), c["year"], R.randint(1, 99999)),
    "grant": lambda c: R.choice(["R01", "U54", "H79", "T32"]) + R.choice(["MH", "DA", "HS", "CA"]) + rs(DIG, 6),
    "isodate": lambda c: rdate(),
    "ageid": lambda c: "age1" + rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
    "kid": lambda c: rs(B64U, 43),
    "objid": lambda c: ruuid(),
    "akidx": lambda c: "AKIA" + rs(UP + "234567", 12) + "EXAMPLE"[:4],
    "pk_live": lambda c: "pk_live_" + rs(ALNUM, 99),
    "recaptcha": lambda c: "6L" + rs(B64U, 38),
    "mapboxpk": lambda c: "pk." + _json_b64u({"u": R.choice(["county-gis", "parks-dept"]), "a": rs(LOWNUM, 25)}) + "." + rs(B64U, 22),
})

BENIGN_TEMPLATES = []


def B(text):
    BENIGN_TEMPLATES.append(text)


# ---------------------------------------------------------------------------
# BENIGN templates (no credential anywhere)
# ---------------------------------------------------------------------------

# commands
B("git checkout «sha» -- config/sftp.yml")
B("git revert --no-edit «short»  # reverts 'add hardcoded sftp password' -- value was already rotated")
B("docker pull registry.«dom»/«appname»@sha256:«sha256»")
B("sha256sum «appname»-«semver».tar.gz\n«sha256»  «appname»-«semver».tar.gz")
B("CertUtil -hashfile C:\\Installers\\LabLink_«semver».msi SHA256\nSHA256 hash of C:\\Installers\\LabLink_«semver».msi:\n«sha256»\nCertUtil: -hashfile command completed successfully.")
B("Get-FileHash .\\ScanAgent.msi -Algorithm SHA256 | Format-List\n\nAlgorithm : SHA256\nHash      : «HEX64»\nPath      : C:\\Installers\\ScanAgent.msi")
B("kubectl -n «appname» get secret sftp-creds -o jsonpath='{.data}' | jq 'keys'")
B("kubectl create secret generic sftp-creds --from-file=password=./password.txt --dry-run=client -o yaml > sftp-secret.yaml")
B("vault kv get -field=password secret/edi/«partner_slug» > /dev/null && echo 'secret exists'")
B("az keyvault secret show --vault-name kv-«nbl»-prod --name «secslug» --query id -o tsv")
B("aws secretsmanager describe-secret --secret-id prod/«appname»/db --query 'RotationEnabled'")
B("gh secret set «secname» < /dev/stdin   # paste value, then Ctrl-D")
B("gh run view «runid» --log-failed | grep -i error")
B("psql \"host=«dbhost» dbname=«db» user=«user» sslmode=require\"   # password comes from ~/.pgpass")
B("mysql --defaults-extra-file=/etc/mysql/backup.cnf -e 'SHOW DATABASES;'")
B("sqlcmd -S «winsrv» -E -Q \"SELECT name FROM sys.databases\"   # -E = Windows auth, no password")
B("Invoke-Sqlcmd -ServerInstance «winsrv» -Database «db» -Credential (Get-Credential) -Query \"SELECT COUNT(*) FROM dbo.Encounters\"")
B("$cred = Get-Credential -UserName \"«nb»\\«user»\" -Message \"Service account for the HL7 archive task\"")
B("$pw = Read-Host -AsSecureString 'New password for «uname»'\nSet-ADAccountPassword -Identity «uname» -Reset -NewPassword $pw")
B("ssh-keygen -lf ~/.ssh/edi_ed25519.pub\n256 «fp» edi upload key (ED25519)")
B("ssh-keyscan -t ed25519 «phost» >> ~/.ssh/known_hosts")
B("gpg --list-keys «email»\npub   rsa4096 «isodate» [SC] [expires: «year»-12-31]\n      «thumb»\nuid           [ultimate] «person» <«email»>")
B("curl -s https://«webhost»/health | jq .\n{\n  \"status\": \"ok\",\n  \"version\": \"«semver»\",\n  \"commit\": \"«sha»\"\n}")
B("curl -H \"Authorization: Bearer $CANVAS_TOKEN\" https://«nbl».instructure.com/api/v1/accounts/1/terms")
B("curl -u \"$SFTP_USER:$SFTP_PASS\" --ftp-ssl ftp://«phost»/outbound/ --list-only")
B("export DB_PASSWORD=\"$(vault kv get -field=password secret/«appname»/db)\"")
B("export SMTP_PASSWORD=$(op read 'op://IT/SMTP relay/password')")
B("sshpass -f ~/.sftp_pass sftp -b batch.txt «user»@«phost»")
B("openssl rand -hex 32 > /etc/«appname»/session.key && chmod 600 /etc/«appname»/session.key")
B("openssl x509 -in «host».crt -noout -fingerprint -sha256\nsha256 Fingerprint=«fpcolon»")
B("openssl s_client -connect «phost»:22 </dev/null 2>/dev/null | head -1   # just checking reachability")
B("certbot certonly --webroot -w /var/www/html -d «webhost» --email it@«dom» --agree-tos -n")
B("schtasks /Create /TN \"«nb»\\Nightly HL7 Archive\" /TR C:\\Scripts\\archive_hl7.bat /SC DAILY /ST 02:00 /RU SYSTEM")
B("net use Z: \\\\«winsrv»\\Finance /persistent:yes   # uses the logged-on user's credentials")
B("cmdkey /list:«winsrv»\n\nCurrently stored credentials for «winsrv»:\n\n    Target: Domain:target=«winsrv»\n    Type: Domain Password\n    User: «nb»\\«user»")
B("docker login registry.«dom» -u ci --password-stdin < /run/secrets/registry_password")
B("echo \"$REGISTRY_PASSWORD\" | docker login registry.«dom» -u ci --password-stdin")
B("pip install --require-hashes -r requirements.txt")
B("npm ci --ignore-scripts && npm audit --omit=dev")
B("git log --oneline -3\n«short» Remove hardcoded SMTP password, read from env\n«short2» Bump «npmpkg» to «semver»\n«short3» Add retry to SFTP upload")
B("helm upgrade --install moodle bitnami/moodle -n lms --set existingSecret=moodle-admin --set moodleUsername=admin")
B("ansible-playbook site.yml --ask-vault-pass --limit clinics")
B("ansible-vault encrypt_string --stdin-name 'ldap_bind_password'")
B("terraform plan -var-file=prod.tfvars -out=plan.out   # prod.tfvars has no secrets, they come from TF_VAR_ env")
B("restic -r s3:https://s3.wasabisys.com/«nbl»-backups --password-file /root/.restic_pw snapshots")
B("mc alias set pacsarchive http://«host»:9000   # prompts for access key and secret")
B("ldapsearch -x -H ldaps://«host» -D \"cn=«user»,ou=Service,dc=«nbl»,dc=local\" -y /etc/ldap/bind.pw -b dc=«nbl»,dc=local \"(sAMAccountName=«uname»)\"")
B("ldapwhoami -x -H ldaps://«host» -D «user»@«nbl».local -W")
B("mysql -u root -p   # will prompt")
B("wp config set DB_PASSWORD --raw \"$(cat /run/secrets/wp_db_password)\"")
B("echo -n 'roster-sync' | base64\n«b64rs»")
B("echo «b64word» | base64 -d")

# tool output
B("$ kubectl get secrets -n «appname»\nNAME                TYPE                                  DATA   AGE\nsftp-creds          Opaque                                2      41d\nregistry-pull       kubernetes.io/dockerconfigjson        1      203d\n«appname»-tls       kubernetes.io/tls                     2      12d")
B("$ vault kv metadata get secret/edi/«partner_slug»\n========== Metadata ==========\nKey                     Value\n---                     -----\ncreated_time            «ts»\ncurrent_version         4\nmax_versions            0\nupdated_time            «ts2»")
B("$ terraform output\ndb_admin_password = <sensitive>\ndb_fqdn = \"sql-«appname»-prod.database.windows.net\"")
B("$ helm get values moodle -n lms\nUSER-SUPPLIED VALUES:\nexistingSecret: moodle-admin\nmoodleEmail: lms-admin@«dom»\nmoodleUsername: admin")
B("$ docker images --digests | head -3\nREPOSITORY                      TAG     DIGEST                                                                    IMAGE ID       CREATED\nregistry.«dom»/«appname»      «semver»   sha256:«sha256»   «hex12»   3 days ago")
B("$ docker inspect --format '{{.Id}}' connect\nsha256:«sha256»")
B("$ git rev-parse HEAD\n«sha»")
B("$ git show --stat «short»\ncommit «sha»\nAuthor: «person» <«email»>\n\n    Move SFTP password to Key Vault reference\n\n config/sftp.yml | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)")
B("$ heroku config -a «nbl»-donate\n=== «nbl»-donate Config Vars\nDATABASE_URL:       postgres://****:****@ec2-54-«n3»-12-9.compute-1.amazonaws.com:5432/d«an8»\nNODE_ENV:           production")
B("$ env | grep -i pass\nSFTP_PASSWORD=********\nDB_PASSWORD=********\n(values masked by the wrapper script)")
B("$ printenv | grep -i token\nGITHUB_TOKEN=***")
B("$ cat .env.example\nAPP_ENV=production\nDB_HOST=«dbhost»\nDB_USER=«user»\nDB_PASS=changeme\nSMTP_PASSWORD=<your-smtp-password>")
B("$ az ad sp credential list --id «clientid» -o table\nCustomKeyIdentifier    EndDateTime           KeyId                                 StartDateTime\n---------------------  --------------------  ------------------------------------  --------------------\nrotated-«isodate»      «isodate»T00:00:00Z  «uuid»  «isodate2»T00:00:00Z")
B("$ aws iam list-access-keys --user-name svc-records-archive\n{\n    \"AccessKeyMetadata\": [\n        {\n            \"UserName\": \"svc-records-archive\",\n            \"AccessKeyId\": \"AKIAIOSFODNN7EXAMPLE\",\n            \"Status\": \"Active\",\n            \"CreateDate\": \"«ts»\"\n        }\n    ]\n}")
B("$ Get-ADUser «uname» -Properties PasswordLastSet, PasswordNeverExpires | Select Name, PasswordLastSet, PasswordNeverExpires\n\nName          PasswordLastSet        PasswordNeverExpires\n----          ---------------        --------------------\n«person»  «isodate» 08:14:02    False")
B("PS C:\\> Get-LapsADPassword -Identity «winsrv»\n\nComputerName        : «winsrv»\nDistinguishedName   : CN=«winsrv»,OU=Servers,DC=«nbl»,DC=local\nAccount             : Administrator\nPassword            : System.Security.SecureString\nPasswordUpdateTime  : «isodate» 00:00:12\nExpirationTimestamp : «isodate2» 00:00:12")
B("manage-bde -protectors -get C:\n\nVolume C: [OS]\nAll Key Protectors\n\n    Numerical Password:\n      ID: {«UUIDX»}\n      Password:\n        (use the recovery key stored in Entra ID)")
B("C:\\>whoami /user\n\nUSER INFORMATION\n----------------\n\nUser Name       SID\n=============== ==============================================\n«nbl»\\«uname» «sid»")
B("$ openssl x509 -in saml-signing.crt -noout -subject -enddate -fingerprint\nsubject=CN = sso.«dom»\nnotAfter=Mar 14 12:00:00 «year» GMT\nSHA1 Fingerprint=«fpcolon1»")
B("$ ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub\n256 «fp» root@«host» (ED25519)")
B("$ cat ~/.ssh/id_ed25519.pub\n«edpub» «uname»@«host»")
B("$ cat ~/.ssh/authorized_keys\n«rsapub» deploy@ci")
B("$ gpg --fingerprint edi@«dom»\npub   rsa4096 «isodate» [SC]\n      «pgpfpr»\nuid           [ultimate] «org» EDI <edi@«dom»>")
B("$ sha256sum -c SHA256SUMS\nconnect-«semver»-linux.tar.gz: OK")
B("$ md5sum census_«date8».csv\n«md5»  census_«date8».csv")
B("$ kubectl get pod «appname»-«hex8»-«an5» -o jsonpath='{.metadata.uid}'\n«uuid»")
B("$ az account show --query '{tenant:tenantId, sub:id}' -o json\n{\n  \"sub\": \"«uuid»\",\n  \"tenant\": \"«tenant»\"\n}")
B("$ vault token lookup -format=json | jq '.data | {accessor, policies, ttl}'\n{\n  \"accessor\": \"«an24»\",\n  \"policies\": [\"default\", \"edi-read\"],\n  \"ttl\": 2764799\n}")
B("$ op item get 'LIS SFTP' --fields username,password\n«user»,[use 'op item get LIS SFTP --reveal' to reveal]")
B("$ bw list items --search 'FileMaker' | jq -r '.[].name'\nFileMaker Server admin console\nFileMaker ODBC reader")
B("$ docker compose config | grep -A3 environment\n    environment:\n      POSTGRES_DB: intake\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n      POSTGRES_USER: intake")
B("$ systemctl show hl7-listener -p LoadCredential\nLoadCredential=db_password:/etc/credstore/hl7-db-password")
B("$ kubectl describe secret sftp-creds\nName:         sftp-creds\nNamespace:    «appname»\nType:  Opaque\n\nData\n====\npassword:  18 bytes\nusername:  9 bytes")
B("sisdb=> select name, '****' as value from integration_settings where name like 'canvas%';\n        name         | value\n---------------------+-------\n canvas_base_url     | ****\n canvas_api_token    | ****\n(2 rows)")
B("$ curl -s https://«webhost»/.well-known/openid-configuration | jq '{issuer, jwks_uri}'\n{\n  \"issuer\": \"https://«webhost»\",\n  \"jwks_uri\": \"https://«webhost»/.well-known/jwks.json\"\n}")
B("$ curl -s https://«webhost»/.well-known/jwks.json | jq '.keys[0] | {kid, kty, alg, e}'\n{\n  \"kid\": \"«kid»\",\n  \"kty\": \"RSA\",\n  \"alg\": \"RS256\",\n  \"e\": \"AQAB\"\n}")
B("$ nslookup «phost»\nServer:  «ip»\nAddress: «ip»#53\n\nNon-authoritative answer:\nName:    «phost»\nAddress: «pubip»")
B("$ wg show\ninterface: wg0\n  public key: «wgpub»\n  private key: (hidden)\n  listening port: 51820")
B("$ pip hash dist/«pkg»-«semver».tar.gz\ndist/«pkg»-«semver».tar.gz:\n--hash=sha256:«sha256»")
B("$ npm view «npmpkg»@«semver» dist.integrity\n«sha512i»")

# config files
B("DB_HOST=«dbhost»\nDB_USER=«user»\nDB_PASSWORD=${DB_PASSWORD}\nSFTP_PASSWORD=${SFTP_PASSWORD:?must be set}")
B("# .env.example -- copy to .env and fill in\nCANVAS_TOKEN=<your-canvas-token>\nSIS_CLIENT_SECRET=<ask IT>\nLDAP_BIND_PASSWORD=")
B("SMTP_PASSWORD=changeme   # placeholder, real value lives in Key Vault")
B("password: xxxxxxxxxxxxxxxx   # placeholder in the template, filled by Octopus")
B("api_key: \"REPLACE_WITH_YOUR_KEY\"")
B("client_secret: <client-secret-from-entra>")
B("spring.datasource.password=${SPRING_DATASOURCE_PASSWORD}")
B("spring.datasource.password=${vault.db.password}\nspring.cloud.vault.uri=https://vault.«dom»:8200")
B("\"ConnectionStrings\": {\n  \"CaseDb\": \"Server=tcp:«dbhost»,1433;Database=«db»;Authentication=Active Directory Managed Identity;Encrypt=True\"\n}")
B("<add name=\"RecordsDb\" connectionString=\"Data Source=«winsrv»;Initial Catalog=«db»;Integrated Security=SSPI\" providerName=\"System.Data.SqlClient\" />")
B("<add key=\"SftpPassword\" value=\"@Microsoft.KeyVault(SecretUri=https://kv-«nbl»-prod.vault.azure.net/secrets/sftp-password/)\" />")
B("SFTP__Password=@Microsoft.KeyVault(VaultName=kv-«nbl»-prod;SecretName=«secslug»)")
B("env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: «appname»-db\n        key: password")
B("envFrom:\n  - secretRef:\n      name: «appname»-secrets\n  - configMapRef:\n      name: «appname»-config")
B("volumes:\n  - name: creds\n    secret:\n      secretName: sftp-creds\n      defaultMode: 0400")
B("apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: fhir-client\nspec:\n  secretStoreRef:\n    name: azure-kv\n    kind: ClusterSecretStore\n  data:\n    - secretKey: client_secret\n      remoteRef:\n        key: fhir-client-secret")
B("ldap_default_authtok_type = obfuscated_password\n# set with: sss_obfuscate --domain «nbl».local")
B("[client]\nuser=«user»\n# password intentionally omitted; use mysql_config_editor login-path=backup")
B("machine «phost»\n  login «user»\n  password <stored in keychain>")
B("[offsite]\ntype = sftp\nhost = «phost»\nuser = «user»\nkey_file = ~/.ssh/edi_ed25519\nshell_type = unix")
B("[Interface]\nPrivateKey = <generated on the device, never leaves it>\nAddress = 10.8.0.«n»/32\n\n[Peer]\nPublicKey = «wgpub»\nEndpoint = vpn.«dom»:51820")
B("[Peer]\n# «person» laptop\nPublicKey = «wgpub»\nAllowedIPs = 10.8.0.«n»/32")
B("authorized_keys for deploy@«host»:\n«edpub» ci@«nbl»")
B("«phost» «edpub»")
B("-----BEGIN PUBLIC KEY-----\n«pubpem»\n-----END PUBLIC KEY-----")
B("-----BEGIN CERTIFICATE-----\n«certpem»\n-----END CERTIFICATE-----")
B("<md:KeyDescriptor use=\"signing\">\n  <ds:KeyInfo><ds:X509Data><ds:X509Certificate>«certflat»</ds:X509Certificate></ds:X509Data></ds:KeyInfo>\n</md:KeyDescriptor>")
B("idp.entityID = https://sso.«dom»/idp/shibboleth\nidp.signing.key = %{idp.home}/credentials/idp-signing.key\nidp.signing.cert = %{idp.home}/credentials/idp-signing.crt")
B("SAML signing certificate thumbprint: «thumb» (expires «isodate»)")
B("sops:\n    age:\n        - recipient: «ageid»\n          enc: |\n            -----BEGIN AGE ENCRYPTED FILE-----\n            (encrypted blob omitted)\n            -----END AGE ENCRYPTED FILE-----")
B("creation_rules:\n  - path_regex: secrets/.*\\.yaml$\n    age: «ageid»")
B("stripe:\n  publishable_key: «pk_live»\n  # secret key comes from STRIPE_SECRET_KEY in the environment")
B("<script src=\"https://www.google.com/recaptcha/api.js\"></script>\n<div class=\"g-recaptcha\" data-sitekey=\"«recaptcha»\"></div>")
B("mapboxgl.accessToken = '«mapboxpk»';  // public token, URL-restricted to «webhost»")
B("fhir:\n  base_url: https://«webhost»/fhir/R4\n  client_id: «clientid»\n  auth: private_key_jwt\n  jwks_url: https://«webhost2»/.well-known/jwks.json")
B("oidc:\n  issuer: https://login.microsoftonline.com/«tenant»/v2.0\n  client_id: «clientid»\n  client_secret_file: /run/secrets/oidc_client_secret")
B("[security]\nadmin_user = admin\nadmin_password = $__file{/etc/grafana/admin_password}")
B("TLSPSKIdentity=«nb»-«host»\nTLSPSKFile=/etc/zabbix/zabbix_agent2.d/psk.key")
B("auth-user-pass /etc/openvpn/client/auth.txt\nauth-nocache")
B("password_policy:\n  min_length: 14\n  require_mfa: true\n  max_age_days: 365\n  history: 12")
B("MinimumPasswordLength = 14\nPasswordComplexity = 1\nMaximumPasswordAge = 0\nLockoutBadCount = 10")
B("[database]\nhost = «dbhost»\nname = «db»\nuser = «user»\npassword_env = LIS_DB_PASSWORD")
B("connection.password=\nconnection.username=openmrs_user\n# password supplied at runtime via -Dconnection.password from the service wrapper")
B("tomcat-users.xml: <user username=\"deployer\" password=\"${TOMCAT_DEPLOYER_PW}\" roles=\"manager-script\"/>")
B("$CFG->dbpass = getenv('MOODLE_DB_PASSWORD');")
B("define( 'DB_PASSWORD', getenv('WORDPRESS_DB_PASSWORD') );")
B("APP_KEY=\nAPP_DEBUG=false   # run `php artisan key:generate` on first deploy")
B("SECRET_KEY = os.environ[\"DJANGO_SECRET_KEY\"]")
B("<Pass encoding=\"base64\" />\n<Logontype>2</Logontype>   <!-- 2 = ask for password -->")

# lock files / hashes
B("\"node_modules/«npmpkg»\": {\n  \"version\": \"«semver»\",\n  \"resolved\": \"https://registry.npmjs.org/«npmpkg»/-/«npmpkg»-«semver».tgz\",\n  \"integrity\": \"«sha512i»\"\n}")
B("«npmpkg»@^«semver»:\n  version \"«semver2»\"\n  resolved \"https://registry.yarnpkg.com/«npmpkg»/-/«npmpkg»-«semver2».tgz#«sha»\"\n  integrity «sha512i»")
B("«pkg»==«semver» \\\n    --hash=sha256:«sha256» \\\n    --hash=sha256:«sha256_2»")
B("[[package]]\nname = \"«pkg»\"\nversion = \"«semver»\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"«sha256»\"")
B("«goblob» v«semver» «gosum»\n«goblob» v«semver»/go.mod «gosum2»")
B("\"«npmpkg»\": {\n  \"type\": \"Direct\",\n  \"requested\": \"[«semver», )\",\n  \"resolved\": \"«semver»\",\n  \"contentHash\": \"«sha512b»\"\n}")
B("\"dist\": {\n    \"type\": \"zip\",\n    \"url\": \"https://api.github.com/repos/phpmailer/phpmailer/zipball/«sha»\",\n    \"reference\": \"«sha»\",\n    \"shasum\": \"\"\n}")
B("version https://git-lfs.github.com/spec/v1\noid sha256:«sha256»\nsize «n7»")
B("<script src=\"https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.bundle.min.js\" integrity=\"«sha384i»\" crossorigin=\"anonymous\"></script>")
B("FROM python:3.11-slim@sha256:«sha256»")
B("image: nextgenhealthcare/connect:4.5.0@sha256:«sha256»")
B("- uses: actions/checkout@«sha» # v4.1.1")
B("terraform {\n  required_providers {\n    azurerm = { source = \"hashicorp/azurerm\", version = \"~> 3.100\" }\n  }\n}\n# .terraform.lock.hcl hashes: \"h1:«sha256b»\", \"zh:«sha256»\"")

# source code
B("password = os.environ[\"SFTP_PASSWORD\"]")
B("api_key = os.getenv(\"BLOOMERANG_KEY\")\nif not api_key:\n    raise SystemExit(\"BLOOMERANG_KEY is not set\")")
B("const token = process.env.CANVAS_TOKEN;\nif (!token) throw new Error('CANVAS_TOKEN missing');")
B("var secret = Environment.GetEnvironmentVariable(\"AZURE_CLIENT_SECRET\") ?? throw new InvalidOperationException(\"missing secret\");")
B("String pw = System.getenv(\"LDAP_BIND_PASSWORD\");")
B("$password = getenv('SMTP_PASSWORD') ?: '';")
B("pw, err := os.ReadFile(\"/run/secrets/db_password\")")
B("secret = client.get_secret(\"fhir-client-secret\").value  # azure-keyvault-secrets")
B("creds = keyring.get_password(\"lis-sftp\", \"«user»\")")
B("PASSWORD_MIN_LENGTH = 14\nPASSWORD_HASHERS = [\"django.contrib.auth.hashers.Argon2PasswordHasher\"]")
B("if len(password) < 14:\n    errors.append(\"Password must be at least 14 characters\")")
B("def mask(value: str) -> str:\n    return value[:4] + \"*\" * (len(value) - 4) if value else \"\"")
B("LOG_REDACT_KEYS = {\"password\", \"client_secret\", \"api_key\", \"authorization\", \"token\"}")
B("REQUEST_ID_HEADER = \"X-Request-Id\"\nDEFAULT_TENANT = \"«tenant»\"")
B("PATIENT_OID = \"«oid»\"\nFACILITY_NPI = \"«npi»\"")
B("EXPECTED_SHA256 = \"«sha256»\"  # of the vendor's signed installer")
B("GRAPH_SCOPE = \"https://graph.microsoft.com/.default\"\nCLIENT_ID = \"«clientid»\"  # public client id, secret comes from Key Vault")
B("// test fixture -- not a real key\nconst FAKE_KEY = 'test_key_do_not_use';")
B("@pytest.fixture\ndef settings():\n    return Settings(sftp_host=\"localhost\", sftp_user=\"test\", sftp_password=\"test\")")
B("mock_sftp.connect.assert_called_once_with(username=\"«user»\", password=ANY)")
B("Sub Main()\n    Dim pw As String\n    pw = InputBox(\"Enter the FileMaker password\")\nEnd Sub")
B("Set-Variable -Name Cred -Value (Import-Clixml -Path \"$env:USERPROFILE\\hl7svc.cred\")")
B("$secure = Get-Content C:\\Secure\\sftp.txt | ConvertTo-SecureString")
B("conn = pyodbc.connect(\"DRIVER={ODBC Driver 18 for SQL Server};SERVER=«winsrv»;DATABASE=«db»;Trusted_Connection=yes\")")
B("psycopg2.connect(host=\"«dbhost»\", dbname=\"«db»\", user=\"«user»\", password=settings.DB_PASSWORD)")
B("const b = Buffer.from('«b64word»', 'base64').toString();  // fixture label")
B("ENCODED_HEADER = \"«b64word»\"  # base64 of a plain label, decoded for display")
B("UPLOAD_KEY_TEMPLATE = \"exports/{year}/{month:02d}/{uuid}.csv\"\nexample = \"exports/«year»/03/«uuid».csv\"")
B("-- rotate: ALTER LOGIN [«user»] WITH PASSWORD = N'<new password here>';")
B("CREATE LOGIN [«nb»\\svc_reports] FROM WINDOWS WITH DEFAULT_DATABASE = [«db»];")
B("CREATE USER [«appname»-mi] FROM EXTERNAL PROVIDER;\nALTER ROLE db_datareader ADD MEMBER [«appname»-mi];")
B("def verify_signature(payload: bytes, header: str, secret: str) -> bool:\n    expected = hmac.new(secret.encode(), payload, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(expected, header)")
B("# HL7 ACK\nMSH|^~\\&|EHR|«nb»|LABSYS|«nb»LAB|«date8»1423||ACK^R01|«hl7ctl»|P|2.5.1\nMSA|AA|«hl7ctl2»")
B("{\"resourceType\":\"Patient\",\"id\":\"«uuid»\",\"identifier\":[{\"system\":\"urn:oid:«oid»\",\"value\":\"«mrn»\"}],\"active\":true}")
B("{\"resourceType\":\"Bundle\",\"type\":\"searchset\",\"total\":0,\"link\":[{\"relation\":\"self\",\"url\":\"https://«webhost»/fhir/R4/Observation?patient=«uuid»\"}]}")

# logs and traces
B("«ts» INFO  sftp: connected to «phost» as «user» (auth=publickey)")
B("«ts» WARN  auth: login failed for user '«uname»' from «ip» (bad password)")
B("«ts» ERROR ldap: bind failed for CN=«user»,OU=Service,DC=«nbl»,DC=local: invalid credentials (data 52e)")
B("FATAL:  password authentication failed for user \"«user»\"")
B("Login failed for user '«nb»\\«user»'. Reason: Password did not match that for the login provided. [CLIENT: «ip»]")
B("Started POST \"/staff/sign_in\" for «ip» at «isodate» 08:02:11 -0600\n  Parameters: {\"authenticity_token\"=>\"[FILTERED]\", \"staff\"=>{\"email\"=>\"«email»\", \"password\"=>\"[FILTERED]\"}}")
B("«ts» DEBUG http: POST https://«webhost»/oauth2/token body=grant_type=client_credentials&client_id=«clientid»&client_secret=[REDACTED]")
B("> GET /api/v1/results HTTP/1.1\n> Host: «host»\n> Authorization: Bearer <redacted>\n> User-Agent: curl/8.4.0")
B("«ts» INFO  request_id=«traceid» method=GET path=/api/v2/cases status=200 duration_ms=«n3»")
B("traceparent: 00-«traceid»-«spanid»-01")
B("x-ms-request-id: «uuid»\nx-ms-correlation-request-id: «uuid2»")
B("X-Amzn-Trace-Id: Root=1-«hex8»-«hex24»;Parent=«spanid»;Sampled=1")
B("«ts» [Information] Executing 'Functions.ArchiveScans' (Reason='Timer fired', Id=«uuid»)")
B("Run ./scripts/upload.sh\n  env:\n    SFTP_HOST: «phost»\n    SFTP_PASSWORD: ***\nUploaded 3 files")
B("[Pipeline] withCredentials\nMasking supported pattern matches of $SFTP_PASS\n[Pipeline] sh\n+ sshpass -e sftp -b batch.txt «user»@«phost»\n[Pipeline] }")
B("«ts» INFO  build «build» finished: artifact «appname»-«semver».zip sha256=«sha256»")
B("«ts» INFO  uploaded s3://«nbl»-records/exports/«isodate»/«uuid».pdf etag=«md5»")
B("«ts» INFO  blob archive/«date8».zip uploaded ETag=«etag» Content-MD5=«md5b64»")
B("«ts» ERROR token validation failed: signature verification failed for kid=«kid»")
B("«ts» WARN  Stripe webhook signature mismatch for event «stripeid»; ignoring")
B("«ts» INFO  charge «stripeid» succeeded amount=2500 currency=usd")
B("«ts» INFO  Slack message posted to «slackid» ts=17«n4»«n4».«n6»")
B("GitHub Actions run «runid» for «sha» concluded: success")
B("«ts» INFO  HL7 ADT^A08 control_id=«hl7ctl» from «ip»:51234 ack=AA")
B("«ts» INFO  filed «docket» envelope=«uuid» status=ACCEPTED")
B("Windows could not start the MirthConnect service on Local Computer.\nError 1069: The service did not start due to a logon failure.")
B("Event ID 4625: An account failed to log on.\nAccount Name: «user»\nFailure Reason: Unknown user name or bad password.\nSource Network Address: «ip»")
B("Event ID 4724: An attempt was made to reset an account's password.\nTarget Account: «uname»\nSubject: «nb»\\«uname2»")
B("«ts» AUDIT secret read path=secret/data/edi/«partner_slug» accessor=«an24» policy=edi-read")
B("«ts» INFO  key vault secret '«secslug»' version «md5» retrieved by «appname»-mi")
B("java.lang.IllegalStateException: Required property 'ldap.bind.password' is not set\n\tat com.example.config.LdapConfig.validate(LdapConfig.java:41)")
B("Traceback (most recent call last):\n  File \"sync.py\", line 12, in <module>\n    token = os.environ[\"CANVAS_TOKEN\"]\nKeyError: 'CANVAS_TOKEN'")
B("Error: Missing required environment variable: «secname»")
B("WARN: «secname» looks like a placeholder ('changeme'); refusing to start in production")
B("«ts» INFO  session «uuid» ended for «uname» (idle timeout)")
B("«date» 02:00:01 «host» CRON[«pid»]: (census) CMD (/opt/scripts/push_census.sh)")
B("«ts» INFO  certificate for «webhost» renewed, serial «hex32», expires «isodate»")
B("«ts» DEBUG jwt header: {\"alg\":\"RS256\",\"kid\":\"«kid»\",\"typ\":\"JWT\"}")
B("«ts» INFO  SAML response accepted from https://sso.«dom»/idp, NameID=«email», InResponseTo=_«hex40»")

# CI and deploy
B("env:\n  SFTP_PASSWORD: ${{ secrets.SFTP_PASSWORD }}\n  DB_PASSWORD: ${{ secrets.DB_PASSWORD }}")
B("- name: Login to registry\n  uses: docker/login-action@v3\n  with:\n    registry: registry.«dom»\n    username: ${{ vars.REGISTRY_USER }}\n    password: ${{ secrets.REGISTRY_PASSWORD }}")
B("permissions:\n  id-token: write   # OIDC to Azure, no client secret stored\n  contents: read")
B("- uses: azure/login@v2\n  with:\n    client-id: «clientid»\n    tenant-id: «tenant»\n    subscription-id: «uuid»")
B("variables:\n  - group: portal-prod-secrets   # linked to Key Vault kv-«nbl»-prod\n  - name: buildConfiguration\n    value: Release")
B("SqlPassword: $(sqlAdminPassword)")
B("environment {\n    SFTP = credentials('edi-sftp-«partner_slug»')\n}")
B("withCredentials([usernamePassword(credentialsId: 'lis-sql', usernameVariable: 'SQL_USER', passwordVariable: 'SQL_PASS')]) {\n    bat 'sqlcmd -S «winsrv» -U %SQL_USER% -P %SQL_PASS% -i migrate.sql'\n}")
B("deploy:\n  script:\n    - echo \"$DEPLOY_KEY\" | base64 -d > ~/.ssh/id_ed25519\n  variables:\n    GIT_STRATEGY: fetch")
B("ldap_bind_password: \"{{ vault_ldap_bind_password }}\"")
B("ansible_password: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=secret/data/windows:password') }}\"")
B("password: {{ .Values.db.password | quote }}")
B("  db_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          «hex64»\n          «hex64_2»")
B("resource \"random_password\" \"db\" {\n  length  = 24\n  special = true\n}\n\nadministrator_login_password = random_password.db.result")
B("variable \"sql_admin_password\" {\n  type      = string\n  sensitive = true\n}")
B("sql_admin_password = var.sql_admin_password  # set via TF_VAR_sql_admin_password in the pipeline")
B("secrets:\n  pg_password:\n    file: ./secrets/pg_password.txt\nservices:\n  db:\n    secrets: [pg_password]")
B("ARG BUILD_SHA=«sha»\nLABEL org.opencontainers.image.revision=$BUILD_SHA")
B("RUN --mount=type=secret,id=pip_conf,target=/etc/pip.conf pip install -r requirements.txt")
B("kind: SealedSecret\nmetadata:\n  name: sftp-creds\nspec:\n  encryptedData:\n    password: Ag«sealed»")
B("Octopus variable 'Project.Database.Password' is marked sensitive; value shown as ********")
B("#cloud-config\nusers:\n  - name: deploy\n    ssh_authorized_keys:\n      - «edpub» deploy@ci\n    lock_passwd: true")
B("Release «semver» (build «build», commit «short») deployed to prod by «uname»")
B("Artifact «appname»-«semver».nupkg SHA512: «sha512b»")

# notes and chat
B("The SFTP password for «partner» is in 1Password under 'EDI - «partner»'. Don't paste it in Teams.")
B("token is in the vault at secret/«appname»/canvas, ask «first» for read access")
B("«first»: what's the password for the LIS box?\n«first2»: it's in KeePass under Servers > LIS. not posting it here")
B("reminder: we rotate the shared mailbox password every 90 days, next rotation «isodate»")
B("I've reset your password. You'll get the temporary one by text message, not email.")
B("Please never email passwords. Use the 'Send secure' button or call the helpdesk at ext 4357.")
B("The API key was rotated on «isodate» after it showed up in a screenshot. Old key is revoked.")
B("Goal: remove the hardcoded SMTP password from scripts/notify.ps1 and read it from the Windows Credential Manager instead.")
B("Decision: use managed identity for the portal -> SQL connection, no password at all.")
B("Handover: Veeam creds -> red binder in the server room. Mirth admin -> KeePass. Nothing written here on purpose.")
B("Ticket «ticket»: user locked out after 10 bad attempts. Unlocked account, no password change needed.")
B("BitLocker key ID for LT-«n4» is «HEX8». The recovery key itself is in Entra ID, not in this ticket.")
B("password for the guest wifi is printed on the card at the front desk (changes monthly)")
B("Vendor asked for our API key over chat. Told them no; we'll share it through their secure portal.")
B("commit «short» removed the old key; the value in history was already revoked, so no need to rewrite history")
B("FYI the string in the config that looks like a key («hex32») is just the file checksum the vendor uses for versioning.")
B("«first»: is «uuid» a secret?\n«first2»: no, that's the tenant id, it's public")
B("client id «clientid» is fine to share, the secret is the thing we never paste")
B("MRN format is «mrn», facility OID «oid», NPI «npi» - none of these are credentials")
B("The docket number is «docket>»; e-filing envelope id «uuid>»".replace("«docket>»", "«docket»").replace("«uuid>»", "«uuid»"))
B("Grant «grant» award letter uploaded to SharePoint > Development > Awards > «year»")
B("EIN for the foundation is «ein» (it's public, it's on our 990)")
B("Stripe publishable key («pk_live») is safe in the frontend; the secret key is only on the server.")
B("Meeting notes: password manager rollout. Everyone gets a Bitwarden account by «isodate». Shared folders per department.")
B("Running notes:\n- checked /etc/cron.d, no credentials in plain text anymore\n- .pgpass is mode 600 and owned by census\n- next: confirm backups still run at 02:15")
B("Summary: no secrets found in the repo. The only long random-looking strings are lockfile hashes and a test fixture UUID.")
B("the 'password' column in that export is just a yes/no flag for whether the account has one set")
B("Login for the board portal: use your own @«dom» account (SSO), there is no shared password anymore.")
B("Password must be 14+ characters, no reuse of the last 12, MFA required for VPN and email.")
B("Door code and alarm code are in the facilities binder; IT doesn't keep them.")
B("The LAPS password for «winsrv» can be read in Entra ID > Devices > Local admin password recovery (needs PIM role).")
B("«first»: can you send me the SIS api secret?\n«first2»: you should have access to it in Key Vault now -> «secslug»")
B("For the staging box use your normal domain login; it's joined to the domain now.")
B("The Teams webhook URL is stored as a connector secret in the flow; it isn't in the repo.")
B("sha256 of the signed installer from «vendor»: «sha256»")
B("Hash of the 837 batch we resent: «sha256» (matches the partner's receipt)")
B("«person» shared the fingerprint for their SFTP host key: «fp»")
B("New PGP key for «partner» EDI, fingerprint «pgpfpr», import from their portal only")
B("PowerSchool plugin client id: «clientid» (secret in Key Vault «secslug»)")
B("backup codes for the shared admin account are printed and sealed in the safe - do not type them anywhere")
B("Note to self: the 40-char hex in the log (commit «sha») is the git sha of the deployed build.")
B("The Power Automate flow uses a connection reference (svc_flow@«dom»), credentials live in the connection, not in the flow JSON.")
B("Excel macro now prompts for the password instead of storing it. Users were told to use their own SQL login.")
B("FileMaker ODBC now uses the 'odbc_reader' account with the password in the macOS keychain; nothing in the DSN.")
B("Printer scan-to-email switched to SMTP relay by IP (no auth), so no password on the copiers anymore.")

FILL.update({
    "b64rs": lambda c: b64text("roster-sync"),
    "fpcolon": lambda c: ":".join(rs(HEXU, 2) for _ in range(32)),
    "fpcolon1": lambda c: ":".join(rs(HEXU, 2) for _ in range(20)),
    "certflat": lambda c: _cert_pem().replace("\n", ""),
    "sha512b": lambda c: b64(rbytes(64)),
    "md5b64": lambda c: b64(rbytes(16)),
    "sealed": lambda c: b64(rbytes(R.choice([180, 183, 186]))),
})


# ---------------------------------------------------------------------------
# builders
# ---------------------------------------------------------------------------

GROUP_TARGETS = {
    "command": 215,
    "tool-output": 175,
    "config-file": 180,
    "source-code": 175,
    "stack-trace-or-log": 175,
    "ci-and-deploy": 170,
    "vendor-token": 175,
    "note-or-chat-en": 177,
    "note-or-chat-intl": 58,
}

_PS_HINTS = ("Invoke-", "Set-AD", "New-AD", "ConvertTo-SecureString", "$env:", "Import-Pfx",
             "Connect-PnP", "Add-VBR", "$pw =", "$pair =")
_CMD_HINTS = ("net use", "schtasks", "cmdkey", "sc.exe", "certutil", "msiexec", "7z a", "setx",
              "bcp ", "psexec", "winrs", "dsmod", "runas", "netsh", "(echo open", "blat.exe",
              "plink.exe", "pscp", "winscp.com", "SqlPackage", "azcopy", "sqlcmd")
_UNIX_FRAMES = ["$ {cmd}", "{cmd}", "Ran `{cmd}`", "\u25cf Bash({cmd})\n  \u23bf  (no output)", "> {cmd}",
                "[shell] {cmd}", "Command: {cmd}\nExit code: 0", "exec_command: {cmd}",
                "Running this to check the connection:\n{cmd}", "root@{host}:~# {cmd}",
                "{user}@{host}:~$ {cmd}"]
_PS_FRAMES = ["PS C:\\> {cmd}", "PS C:\\Users\\Administrator> {cmd}", "{cmd}", "Ran `{cmd}`",
              "powershell> {cmd}"]
_CMD_FRAMES = ["C:\\>{cmd}", "C:\\Windows\\system32>{cmd}", "{cmd}", "Ran `{cmd}`",
               "D:\\Scripts>{cmd}"]


def _frame_command(text):
    if any(h in text for h in _PS_HINTS):
        frames = _PS_FRAMES
    elif any(h in text for h in _CMD_HINTS):
        frames = _CMD_FRAMES
    else:
        frames = _UNIX_FRAMES
    f = R.choice(frames)
    f = f.replace("{host}", R.choice(["ehr-util01", "hl7-engine", "it-jump01", "sftp-gw", "lms-app02", "fs01"]))
    f = f.replace("{user}", R.choice(["itadmin", "deploy", "ubuntu", "kim"]))
    return f.replace("{cmd}", text)


def _is_intl(fmt):
    parts = fmt.split("-")
    return fmt.startswith("note-") and len(parts) > 1 and parts[1] in LOCAL_WORDS


def _plan_counts():
    buckets = {}
    for i, t in enumerate(TEMPLATES):
        g = t[0]
        if g == "note-or-chat":
            g = "note-or-chat-intl" if _is_intl(t[1]) else "note-or-chat-en"
        buckets.setdefault(g, []).append(i)
    counts = {}
    for g, idxs in buckets.items():
        fixed = [i for i in idxs if TEMPLATES[i][5] is not None]
        free = [i for i in idxs if TEMPLATES[i][5] is None]
        for i in fixed:
            counts[i] = TEMPLATES[i][5]
        want = max(len(free), GROUP_TARGETS.get(g, 2 * len(free)) - sum(counts[i] for i in fixed))
        base, extra = divmod(want, len(free))
        order = list(free)
        R.shuffle(order)
        for k, i in enumerate(order):
            counts[i] = min(3, base + (1 if k < extra else 0))
    return counts


def build_secrets():
    counts = _plan_counts()
    out = []
    for i, (g, fmt, text, kind, vis, _n) in enumerate(TEMPLATES):
        for _ in range(counts[i]):
            e = _instantiate(g, fmt, text, kind, vis)
            if g == "command" and R.random() < 0.75:
                e = (e[0], e[1], _frame_command(e[2]), e[3], e[4])
            out.append(e)
    return out


def build_benign(target=950):
    out, seen = [], set()
    rounds = 0
    while len(out) < target and rounds < 12:
        rounds += 1
        for tpl in BENIGN_TEMPLATES:
            if len(out) >= target:
                break
            s = render(tpl, Ctx(None))
            if s not in seen:
                seen.add(s)
                out.append(s)
    return out


SECRETS = build_secrets()
BENIGN = build_benign()
