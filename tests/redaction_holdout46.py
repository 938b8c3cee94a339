"""Blind hold-out corpus #46 for a secret-redaction engine.

What it is
----------
A self-contained list of text fragments of the kind a coding agent (Claude
Code, Codex, Gemini CLI) writes into its saved working state: goals, running
notes, shell commands it ran, tool output, excerpts of files it opened,
decisions, chat messages pasted in by teammates, log lines and CI config.
Each entry in SECRETS carries exactly one credential that a redaction engine
must remove; each string in BENIGN carries none, although it looks secret-ish
to a naive scanner (hashes, ids, fingerprints, placeholders, masked values,
references to where a secret lives, prose about passwords).

Theme
-----
Legal, accounting and insurance back offices: law-firm document management
(iManage, NetDocuments), e-discovery (Relativity, Nuix), practice management
(Clio and friends), tax and accounting software (QuickBooks, Xero, DATEV,
Sage), payroll bureaus, insurance policy administration and claims systems
(Guidewire, Duck Creek), actuarial scripts (R, SAS, Python), and the small IT
teams that keep all of it running on Windows servers, SQL Server, Oracle and
a bit of cloud.

Provenance
----------
Written blind, from general knowledge only: no existing corpus, rule file or
engine source was consulted, and no search tool was used.  Where a vendor's
real credential shape is known (GitHub, GitLab, Slack, AWS, Stripe, SendGrid,
PEM blocks, JWTs ...) that shape was imitated; where it is unknown (iManage,
NetDocuments, DATEV, Guidewire, Duck Creek, Clio, payroll bureaus ...) a
plausible shape was invented.  All hosts, firms, people, clients, claim and
policy numbers and every credential value are fictitious and random.

Layout
------
SECRETS : list of 5-tuples (group, format, text, secret, visible)
    group    one of command, tool-output, config-file, source-code,
             stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
    format   kebab-case name of the shape; each format is used at most 3 times
    text     the fragment as the agent recorded it
    secret   the exact substring of text that must not survive redaction
             (only the body of a PEM key, only the signature of a signed URL,
             only the password of a user:password pair)
    visible  a substring of text that must stay readable after redaction, or ""
BENIGN  : list of distinct strings containing no credential at all, drawn
          from the same groups and contexts as SECRETS.

Determinism
-----------
Every random value is drawn from _R = random.Random(4646) at import time, in a
fixed order, so importing the module twice yields identical lists.  Nothing is
printed at import.

Measured
--------
Blind, written after every rule made for the forty-first to forty-fifth and read only
after: recall 0.977 (1,454 of 1,488) and false positives 0 of 950, the same with the
engine at that session's start. Tuned on since: 0.985 and 0 of 950.
"""
import base64
import json
import random
import re
import string

_R = random.Random(4646)

_UP = string.ascii_uppercase
_LO = string.ascii_lowercase
_DG = string.digits
_ALNUM = _UP + _LO + _DG
_UPNUM = _UP + _DG
_LONUM = _LO + _DG
_HEX = "0123456789abcdef"
_B64 = _ALNUM + "+/"
_B64U = _ALNUM + "-_"
_B32 = _UP + "234567"
_BECH = "023456789ACDEFGHJKLMNPQRSTUVWXYZ"


def _c(seq):
    return seq[_R.randrange(len(seq))]


def _s(n, alpha=_ALNUM):
    return "".join(_c(alpha) for _ in range(n))


def _hex(n):
    return _s(n, _HEX)


def _bytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_bytes(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_bytes(n)).decode().rstrip("=")


def _enc(text):
    return base64.b64encode(text.encode()).decode()


def _encu(text):
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def _uuid():
    h = _hex(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _c("89ab"), h[17:20], h[20:32])


# ---------------------------------------------------------------- themed data
_FIRMS = [
    ("Hallberg & Wren LLP", "hallbergwren", "com", "HALLBERG"),
    ("Okonkwo Adeyemi Partners", "okonkwoadeyemi", "law", "OAP"),
    ("Lamarre Baptiste Avocats", "lamarre-avocats", "fr", "LAMARRE"),
    ("Meyer Kessler Steuerberatung", "meyer-kessler", "de", "MKSTB"),
    ("Castellano & Ruiz Abogados", "castellanoruiz", "es", "CRABOG"),
    ("Van Dijk Bosman Advocaten", "vandijkbosman", "nl", "VDB"),
    ("Thornbury Mutual Insurance", "thornburymutual", "com", "TMI"),
    ("Pemberton Claims Services", "pembertonclaims", "co.uk", "PCS"),
    ("Ashgrove Payroll Bureau", "ashgrovepayroll", "co.uk", "ASHGROVE"),
    ("Norrland Redovisning AB", "norrlandredovisning", "se", "NORRLAND"),
    ("Kowalczyk Biuro Rachunkowe", "kowalczyk-br", "pl", "KBR"),
    ("Silvermere Actuarial", "silvermere-act", "com", "SMA"),
    ("Brightline eDiscovery", "brightline-ediscovery", "com", "BLED"),
    ("Tanaka Sogo Law Office", "tanaka-sogo", "jp", "TANAKA"),
    ("Rossi Commercialisti Associati", "rossi-commercialisti", "it", "RCA"),
    ("Calloway Reinsurance Brokers", "callowayre", "com", "CALLOWAY"),
    ("Whitfield Grange Solicitors", "whitfieldgrange", "co.uk", "WGS"),
    ("Ferreira Contabilidade", "ferreira-contab", "com.br", "FERCON"),
    ("Harlow County Title & Escrow", "harlowtitle", "com", "HCTE"),
    ("Quinlan Doyle Accountants", "quinlandoyle", "ie", "QDA"),
    ("Marchetti Lloyd Underwriting", "marchettilloyd", "com", "MLU"),
    ("Osei Boateng Chambers", "oseiboateng", "com.gh", "OBC"),
]
_FIRST = ["Priya", "Tomasz", "Ingrid", "Kwame", "Sofia", "Mateo", "Yuki", "Aoife",
          "Lars", "Fatima", "Chidi", "Margaux", "Henrik", "Ananya", "Bogdan",
          "Leilani", "Oksana", "Rafael", "Mei", "Dieter", "Nadia", "Emeka",
          "Camille", "Joaquin", "Hannah", "Ravi", "Signe", "Tariq", "Beatriz",
          "Declan", "Aiko", "Marek", "Zanele", "Gustavo", "Elif", "Niamh",
          "Wojciech", "Thandiwe", "Luca", "Ines", "Farhan", "Greta", "Kofi"]
_LAST = ["Okafor", "Meyer", "Kowalski", "Lindqvist", "Haddad", "Fernandes",
         "Nakamura", "Byrne", "Schulz", "Moreau", "Castillo", "Van den Berg",
         "Mensah", "Rossi", "Petrov", "Iyer", "Dubois", "Novak", "Sato",
         "OBrien", "Kessler", "Amari", "Halvorsen", "Quispe", "Whitcombe",
         "Duarte", "Zielinski", "Adeyemi", "Larsen", "Brennan"]
_SVC = ["svc_imanage", "svc-netdocs", "svc_worksite", "gw_app", "claims_ro",
        "payroll_etl", "datev_admin", "qb_sync", "xero_bot", "svc_clio",
        "svc_relativity", "nuix_worker", "dc_app", "pc_batch", "bc_report",
        "lossdev_rw", "actuary_ro", "svc_sage", "tb_export", "svc_scan",
        "edisc_loader", "svc_docusign", "ledger_sync", "svc_backup",
        "matter_intake", "svc_ediscovery", "uw_reporting", "svc_payroll"]
_HOSTPFX = ["dms", "imanage", "ndsync", "worksite", "clio-bridge", "pm", "sql",
            "gw-pc", "gw-cc", "gw-bc", "dc-policy", "claims", "payroll",
            "datev", "sage200", "qbhost", "edisc", "relativity", "nuix",
            "actuarial", "rstudio", "tax", "fs", "dc", "backup", "jump",
            "sftp", "timebill", "billing", "docassembly", "ocr", "kofax",
            "scan", "ledger", "uw", "rating", "reins", "print", "mail"]
_DBS = ["ClaimCenter", "PolicyCenter", "BillingCenter", "DC_Policy", "DC_Billing",
        "practice_mgmt", "matters", "timebilling", "payroll_2024", "gl_ledger",
        "ediscovery_review", "lossdev", "reserving", "premium_bdx", "trust_ledger",
        "conflicts", "docketing", "tax_returns", "sage200_live", "fee_earner_kpi",
        "claims_dw", "exposure_mart", "uw_workbench", "intake", "escrow"]
_BUREAUS = ["paylinebureau.com", "lohnbuero-schmitt.de", "nominapro.es",
            "ashgrove-payroll.co.uk", "payfirst-services.ie", "salarisdienst-noord.nl",
            "paie-express.fr", "bureau-payroll.com.au", "lonekontoret.se",
            "placowy-serwis.pl"]
_CLIENTS = ["Brightwater Logistics Ltd", "Corvid Bakeries", "Halden Marine AS",
            "Pinecrest Dental Group", "Ostrava Tooling s.r.o.", "Marlow Estates",
            "Kinsale Fisheries", "Ridgeback Security", "Tessellate Design GmbH",
            "Bluebell Nurseries", "Quarry Lane Motors", "Amberfield Farms",
            "Sunda Textiles", "Lumen Optics BV", "Greystone Holdings"]
_WORDS = ["Tulip", "Harbor", "Ledger", "Falcon", "Maple", "Orchid", "Granite",
          "Summit", "Willow", "Copper", "Juniper", "Atlas", "Cobalt", "Meadow",
          "Saffron", "Quartz", "Thistle", "Beacon", "Lantern", "Walnut",
          "Pioneer", "Cedar", "Marigold", "Sparrow", "Ember", "Canyon", "Velvet",
          "Nimbus", "Pelican", "Rosewood", "Escrow", "Docket", "Counsel",
          "Premium", "Audit", "Tribune", "Harvest", "Osprey", "Badger",
          "Mistral", "Orbit", "Fjord", "Puffin", "Bramble", "Kestrel", "Lupin"]
_LWORDS = ["river", "lantern", "copper", "orbit", "pebble", "thunder", "violet",
           "marble", "ledger", "cactus", "harbor", "window", "tiger", "saddle",
           "quiet", "velvet", "ember", "basil", "glacier", "pencil", "walrus",
           "tundra", "meadow", "silver", "rocket", "nectar", "bishop", "cinder",
           "falcon", "domino", "almond", "garnet", "pylon", "raven", "sherpa",
           "biscuit", "comet", "dahlia", "fossil", "gravel"]
_SYL = ["ka", "ro", "mi", "tel", "vos", "dra", "pen", "lu", "zor", "qui", "fen",
        "bal", "tri", "mo", "sek", "ven", "ax", "dor", "lim", "pra", "ust", "ne"]
_SYM = "!#$%*+-.=?@^_~"
_PWCH = _ALNUM + _SYM
_URLSAFE = _ALNUM + "-._~"
_REGIONS = ["eu-west-1", "eu-central-1", "us-east-1", "us-east-2", "eu-west-2",
            "ap-southeast-2", "ca-central-1", "eu-north-1"]
_ENVS = ["prod", "uat", "staging", "dev", "dr", "sit"]


# ------------------------------------------------------------- passwords
def _pw_human(f=None):
    style = _R.randrange(5)
    w = _c(_WORDS)
    if style == 0:
        return w + str(_R.randrange(1990, 2031)) + _c("!#$%*?@")
    if style == 1:
        return w + _c(_WORDS) + _c("#!@*$") + str(_R.randrange(10, 999))
    if style == 2:
        t = w.replace("a", "@").replace("o", "0").replace("e", "3").replace("i", "1")
        return t + str(_R.randrange(100, 9999)) + _c("!?")
    if style == 3:
        return _c(["Winter", "Summer", "Spring", "Autumn", "Herbst", "Sommer", "Invierno"]) + \
            str(_R.randrange(2019, 2027)) + _c("!#$") + str(_R.randrange(10, 99))
    return w.lower() + _c(".-_") + _c(_WORDS).lower() + str(_R.randrange(1, 99)) + _c(_WORDS)[:3].upper()


def _pw_phrase(f=None):
    sep = _c(["-", ".", "_", "-", "+"])
    n = _R.randrange(3, 6)
    ws = [_c(_LWORDS) for _ in range(n)]
    if _R.random() < 0.5:
        ws[_R.randrange(n)] = ws[_R.randrange(n)].capitalize()
    return sep.join(ws) + sep + str(_R.randrange(2, 99))


def _pw_spaced(f=None):
    return " ".join(_c(_LWORDS) for _ in range(_R.randrange(4, 6)))


def _pw_pron(f=None):
    s = "".join(_c(_SYL) for _ in range(_R.randrange(3, 6)))
    return s.capitalize() + str(_R.randrange(10, 999)) + _c(["", "!", "#", "", "?"])


def _pw_rand(f=None):
    n = _R.randrange(12, 24)
    return _c(_UP + _LO) + _s(n - 1, _PWCH)


def _pw_db(f=None):
    return _c(_UP + _LO) + _s(_R.randrange(14, 30), _ALNUM + "-_")


def _pw_url(f=None):
    k = _R.randrange(3)
    if k == 0:
        return _c(_UP + _LO) + _s(_R.randrange(14, 26), _URLSAFE)
    if k == 1:
        return _c(_WORDS) + _c(_WORDS) + str(_R.randrange(100, 99999))
    return "-".join(_c(_LWORDS) for _ in range(3)) + str(_R.randrange(10, 99))


def _pw(f=None):
    k = _R.randrange(10)
    if k < 4:
        return _pw_human()
    if k < 6:
        return _pw_phrase()
    if k < 7:
        return _pw_pron()
    return _pw_rand()


def _pw_umlaut(f=None):
    return _c(["Steuerbüro", "Kanzlei", "Mandant", "Lohnbüro", "Prüfung", "Bürokraft",
               "Grüße", "Säule", "Fußweg", "Kündigung", "Ablöse"]) + _c("#!$%-") + \
        str(_R.randrange(1000, 9999)) + _c(["ä", "ö", "ü", "ß", "Ä"])


def _pin(n):
    return "".join(_c(_DG) for _ in range(n))


# ------------------------------------------------------------- tokens
def _pem_body(kind="rsa", sep="\n"):
    if kind == "rsa":
        first, n, last = "MIIEowIBAAKCAQEA", 25, 4
    elif kind == "pkcs8":
        first, n, last = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", 25, 16
    elif kind == "ec":
        first, n, last = "MHcCAQEEI", 3, 8
    elif kind == "openssh":
        first, n, last = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", 7, 20
    else:  # dsa-ish / pgp
        first, n, last = "lQVYBGV", 12, 30
    width = 70 if kind == "openssh" else 64
    lines = []
    body = first + _s(width - len(first), _B64)
    lines.append(body)
    for _ in range(n - 2):
        lines.append(_s(width, _B64))
    lines.append(_s(last, _B64) + ("=" if _R.random() < 0.5 else ""))
    return sep.join(lines)


def _jwt(iss="https://identity.example.invalid", alg="HS256", sub=None, extra=None):
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = _hex(16)
    now = 1700000000 + _R.randrange(0, 40000000)
    pl = {"iss": iss, "sub": sub or _uuid(), "iat": now, "exp": now + _c([900, 1800, 3600, 86400])}
    if extra:
        pl.update(extra)
    h = _encu(json.dumps(hdr, separators=(",", ":")))
    p = _encu(json.dumps(pl, separators=(",", ":")))
    sig = _b64u(32) if alg == "HS256" else _b64u(256)
    return h + "." + p + "." + sig


def _sas_sig():
    raw = _b64(32)
    return raw.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _bitlocker():
    return "-".join(_pin(6) for _ in range(8))


_TOK = {
    "ghp": lambda f: "ghp_" + _s(36),
    "gho": lambda f: "gho_" + _s(36),
    "ghs": lambda f: "ghs_" + _s(36),
    "ghu": lambda f: "ghu_" + _s(36),
    "github_pat": lambda f: "github_pat_11" + _s(20, _UPNUM) + "_" + _s(59),
    "glpat": lambda f: "glpat-" + _s(20, _ALNUM + "-_"),
    "glrt": lambda f: "glrt-" + _s(20, _ALNUM + "-_"),
    "glptt": lambda f: "glptt-" + _hex(40),
    "xoxb": lambda f: "xoxb-%s-%s-%s" % (_pin(12), _pin(13), _s(24)),
    "xoxp": lambda f: "xoxp-%s-%s-%s-%s" % (_pin(11), _pin(11), _pin(13), _hex(32)),
    "slack_hook": lambda f: _s(24),
    "akid": lambda f: "AKIA" + _s(16, _UP + "234567"),
    "asia": lambda f: "ASIA" + _s(16, _UP + "234567"),
    "aws_secret": lambda f: _s(40, _B64),
    "aws_session": lambda f: "IQoJb3JpZ2luX2VjE" + _s(_R.randrange(300, 420), _B64) + "==",
    "stripe_sk": lambda f: "sk_live_51" + _s(_R.randrange(95, 100)),
    "stripe_rk": lambda f: "rk_live_51" + _s(_R.randrange(95, 100)),
    "stripe_test": lambda f: "sk_test_51" + _s(97),
    "whsec": lambda f: "whsec_" + _s(32),
    "twilio_auth": lambda f: _hex(32),
    "sendgrid": lambda f: "SG." + _s(22, _B64U) + "." + _s(43, _B64U),
    "openai": lambda f: "sk-proj-" + _s(_R.randrange(120, 160), _B64U),
    "anthropic": lambda f: "sk-ant-api03-" + _s(93, _B64U) + "AA",
    "google_api": lambda f: "AIza" + _s(35, _B64U),
    "gocspx": lambda f: "GOCSPX-" + _s(28, _B64U),
    "npm": lambda f: "npm_" + _s(36),
    "pypi": lambda f: "pypi-AgEIcHlwaS5vcmcCJ" + _s(_R.randrange(120, 170), _B64U),
    "dckr": lambda f: "dckr_pat_" + _s(27, _B64U),
    "azure_storage_key": lambda f: _b64(64),
    "azure_cs": lambda f: _s(3) + "8Q~" + _s(34, _ALNUM + "_.~-"),
    "hvs": lambda f: "hvs." + _s(_R.randrange(24, 26)) if _R.random() < 0.3 else "hvs.CAESI" + _s(_R.randrange(80, 95), _B64U),
    "tfc": lambda f: _s(14) + ".atlasv1." + _s(67),
    "okta": lambda f: "00" + _s(40, _B64U),
    "dd_api": lambda f: _hex(32),
    "dd_app": lambda f: _hex(40),
    "nrak": lambda f: "NRAK-" + _s(27, _UPNUM),
    "sntrys": lambda f: "sntrys_eyJpYXQiOjE3" + _s(_R.randrange(120, 150), _B64U) + "_" + _s(43, _B64U),
    "mailgun": lambda f: "key-" + _hex(32),
    "mailchimp": lambda f: _hex(32) + "-us" + str(_R.randrange(2, 22)),
    "cloudflare": lambda f: _s(40, _ALNUM + "_-"),
    "dop": lambda f: "dop_v1_" + _hex(64),
    "glsa": lambda f: "glsa_" + _s(32) + "_" + _hex(8),
    "doppler": lambda f: "dp.st.prd." + _s(40),
    "ops": lambda f: "ops_eyJzaWduSW5BZGRyZXNzIjoi" + _s(_R.randrange(300, 400), _B64U),
    "tskey": lambda f: "tskey-auth-k" + _s(10) + "CNTRL-" + _s(33),
    "atatt": lambda f: "ATATT3xFfGF0" + _s(170, _B64U) + "=" + _hex(8).upper(),
    "hubspot": lambda f: "pat-" + _c(["na1", "eu1", "na2"]) + "-" + _uuid(),
    "airtable": lambda f: "pat" + _s(14) + "." + _hex(64),
    "notion": lambda f: "ntn_" + _pin(11) + _s(35),
    "notion_old": lambda f: "secret_" + _s(43),
    "linear": lambda f: "lin_api_" + _s(40),
    "dropbox": lambda f: "sl.B" + _s(_R.randrange(130, 140), _B64U),
    "box_dev": lambda f: _s(32),
    "adobe_sign": lambda f: "3AAABLblqZhB" + _s(_R.randrange(60, 80), _ALNUM + "-_*"),
    "shpat": lambda f: "shpat_" + _hex(32),
    "square": lambda f: "EAAA" + _s(60, _B64U),
    "plaid": lambda f: _hex(30),
    "paypal_secret": lambda f: "E" + _s(79, _ALNUM + "-_"),
    "zoom_secret": lambda f: _s(32),
    "age": lambda f: "AGE-SECRET-KEY-1" + _s(58, _BECH),
    "wg_key": lambda f: _b64(32),
    "fernet": lambda f: base64.urlsafe_b64encode(_bytes(32)).decode(),
    "sonar": lambda f: "sqp_" + _hex(40),
    "nuget": lambda f: "oy2" + _s(43, _LONUM),
    "octopus": lambda f: "API-" + _s(_R.randrange(26, 32), _UPNUM),
    "ado_pat": lambda f: _s(52, _LONUM) if _R.random() < 0.5 else _s(84, _ALNUM),
    "pd_routing": lambda f: _hex(32),
    "teams_hook": lambda f: _hex(32),
    "django": lambda f: "django-insecure-" + _s(50, _LONUM + "!@#%^&*(-_=+)"),
    "hex64": lambda f: _hex(64),
    "hex40s": lambda f: _hex(40),
    "hex32s": lambda f: _hex(32),
    "b64_44": lambda f: _b64(32),
    "b64_64": lambda f: _b64(48),
    "opaque40": lambda f: _s(40),
    "opaque64": lambda f: _s(64, _B64U),
    "uuid_s": lambda f: _uuid(),
    "totp": lambda f: _s(32, _B32),
    "bitlocker": lambda f: _bitlocker(),
    # themed, invented shapes
    "xero_secret": lambda f: _s(48, _ALNUM + "-_"),
    "qbo_secret": lambda f: _s(40),
    "qbo_refresh": lambda f: "AB11" + _pin(10) + _s(36),
    "datev_secret": lambda f: _hex(32),
    "sage_secret": lambda f: _s(_R.randrange(40, 48), _ALNUM + "~._"),
    "clio_token": lambda f: _s(_R.randrange(40, 45)),
    "imanage_token": lambda f: _s(_R.randrange(40, 56), _B64U),
    "imanage_secret": lambda f: _s(64, _ALNUM),
    "nd_secret": lambda f: _s(_R.randrange(36, 48), _ALNUM),
    "nd_token": lambda f: _s(_R.randrange(100, 140), _B64) + "=",
    "relativity_secret": lambda f: _hex(40),
    "gw_secret": lambda f: "gwcs_" + _s(44, _B64U),
    "dc_key": lambda f: "dcod-" + _s(8, _LONUM) + "-" + _s(40, _LONUM),
    "gusto": lambda f: "gp_" + _s(43, _B64U),
    "adp_secret": lambda f: _uuid(),
    "avalara": lambda f: _s(16, "0123456789ABCDEF"),
    "docusign_secret": lambda f: _uuid(),
    "jupyter": lambda f: _hex(48),
    "bill_devkey": lambda f: _s(20, _UPNUM),
    "nuix_lic": lambda f: _s(5, _UPNUM) + "-" + _s(5, _UPNUM) + "-" + _s(5, _UPNUM) + "-" + _s(5, _UPNUM),
    "jsessionid": lambda f: _hex(32).upper() + _c(["", ".cc-node1", ".pc01", ".node2"]),
    "aspnet_cookie": lambda f: "CfDJ8" + _s(_R.randrange(180, 260), _B64U),
    "aspxauth": lambda f: _hex(_R.randrange(20, 30) * 8).upper(),
    "session_cookie": lambda f: _s(_R.randrange(26, 40), _LONUM),
    "connect_sid": lambda f: "s%3A" + _s(32, _B64U) + "." + _s(43, _B64U),
    "s3_sig": lambda f: _hex(64),
    "gcs_sig": lambda f: _hex(512),
    "cf_sig": lambda f: _s(_R.randrange(160, 200), _ALNUM + "-_~"),
    "sas_sig": lambda f: _sas_sig(),
    "dms_sig": lambda f: _s(43, _B64U),
    "machinekey": lambda f: _hex(128).upper(),
    "cpassword": lambda f: _s(43, _B64),
    "rdp_blob": lambda f: "01000000D08C9DDF0115D1118C7A00C04FC297EB01000000" + _hex(_R.randrange(300, 400)).upper(),
    "winscp_obf": lambda f: "A35C" + _hex(_R.randrange(40, 70)).upper(),
    "rclone_obf": lambda f: _s(_R.randrange(30, 44), _B64U),
    "oauth_code": lambda f: _s(_R.randrange(40, 60), _B64U),
    "bearer_opaque": lambda f: _s(_R.randrange(32, 64), _B64U),
    "pw": _pw, "pw_human": _pw_human, "pw_phrase": _pw_phrase, "pw_spaced": _pw_spaced,
    "pw_pron": _pw_pron, "pw_rand": _pw_rand, "pw_db": _pw_db, "pw_url": _pw_url,
    "pw_umlaut": _pw_umlaut,
    "pin10": lambda f: _pin(10),
    "pin8": lambda f: _pin(8),
    "edi10": lambda f: _s(10, _UPNUM),
    "jwt_gw": lambda f: _jwt("https://guidewire-hub.example-tenant.gwcloud.invalid/oauth2/default", "RS256",
                             extra={"scp": ["cc.service", "tenant.%s" % f["slug"]]}),
    "jwt_xero": lambda f: _jwt("https://identity.xero.com", "RS256", extra={"xero_userid": _uuid()}),
    "jwt_k8s": lambda f: _jwt("https://kubernetes.default.svc.cluster.local", "RS256",
                              sub="system:serviceaccount:claims:claims-api"),
    "jwt_hs": lambda f: _jwt("https://" + f["host"], "HS256"),
    "jwt_dc": lambda f: _jwt("https://login.microsoftonline.com/%s/v2.0" % _uuid(), "RS256",
                             extra={"aud": "api://duckcreek-ondemand", "roles": ["Policy.ReadWrite"]}),
    "pem_rsa": lambda f: _pem_body("rsa"),
    "pem_pkcs8": lambda f: _pem_body("pkcs8"),
    "pem_ec": lambda f: _pem_body("ec"),
    "pem_openssh": lambda f: _pem_body("openssh"),
    "pem_pgp": lambda f: _pem_body("pgp"),
    "pem_pkcs8_json": lambda f: _pem_body("pkcs8", "\\n"),
    "pem_rsa_b64": lambda f: _enc("-----BEGIN RSA PRIVATE KEY-----\n" + _pem_body("rsa") +
                                  "\n-----END RSA PRIVATE KEY-----\n"),
}


# ------------------------------------------------------------- fields
def _firm(f):
    return f["_firm"][0]


_FIELDS = {
    "firm": _firm,
    "slug": lambda f: f["_firm"][1],
    "tld": lambda f: f["_firm"][2],
    "DOM": lambda f: f["_firm"][3],
    "domain": lambda f: f["_firm"][1] + "." + f["_firm"][2],
    "addom": lambda f: _c(["corp.", "ad.", ""]) + f["_firm"][1] + _c([".local", ".lan", ".internal"]),
    "host": lambda f: "%s%02d.%s" % (_c(_HOSTPFX), _R.randrange(1, 20), f["addom"]),
    "ext": lambda f: _c(["portal", "extranet", "files", "sftp", "vpn", "dms", "clientshare"]) + "." + f["domain"],
    "ip": lambda f: "10.%d.%d.%d" % (_R.randrange(0, 255), _R.randrange(0, 255), _R.randrange(2, 254)),
    "pubip": lambda f: "%d.%d.%d.%d" % (_c([81, 85, 93, 145, 185, 194, 213]), _R.randrange(0, 255),
                                         _R.randrange(0, 255), _R.randrange(2, 254)),
    "port": lambda f: str(_c([1433, 1521, 5432, 3306, 8443, 8080, 9443, 58452, 443, 22])),
    "person": lambda f: _c(_FIRST),
    "surname": lambda f: _c(_LAST),
    "fullname": lambda f: _c(_FIRST) + " " + _c(_LAST),
    "uname": lambda f: _c([lambda: _c(_FIRST)[0].lower() + _c(_LAST).lower().replace(" ", ""),
                           lambda: _c(_FIRST).lower() + "." + _c(_LAST).lower().replace(" ", ""),
                           lambda: _c(_LAST).lower().replace(" ", "")[:6] + _c(_FIRST)[0].lower()])(),
    "svc": lambda f: _c(_SVC),
    "user": lambda f: _c(_SVC) if _R.random() < 0.6 else f["uname_u"],
    "email": lambda f: f["uname"] + "@" + f["domain"],
    "db": lambda f: _c(_DBS),
    "bureau": lambda f: _c(_BUREAUS),
    "client": lambda f: _c(_CLIENTS),
    "matter": lambda f: "%d-%05d" % (_R.randrange(2019, 2026), _R.randrange(1, 99999)),
    "claim": lambda f: "CLM-%08d" % _R.randrange(10 ** 7, 10 ** 8),
    "policy": lambda f: _c(["POL", "HO3", "CPP", "WC", "BOP"]) + "-%07d" % _R.randrange(10 ** 6, 10 ** 7),
    "ticket": lambda f: _c(["INC", "RITM", "IT-", "HD-", "CHG"]) + str(_R.randrange(10000, 9999999)),
    "date": lambda f: "20%02d-%02d-%02d" % (_R.randrange(22, 26), _R.randrange(1, 13), _R.randrange(1, 29)),
    "ts": lambda f: "20%02d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
        _R.randrange(22, 26), _R.randrange(1, 13), _R.randrange(1, 29), _R.randrange(0, 24),
        _R.randrange(0, 60), _R.randrange(0, 60), _R.randrange(0, 1000)),
    "lts": lambda f: "20%02d-%02d-%02d %02d:%02d:%02d,%03d" % (
        _R.randrange(22, 26), _R.randrange(1, 13), _R.randrange(1, 29), _R.randrange(0, 24),
        _R.randrange(0, 60), _R.randrange(0, 60), _R.randrange(0, 1000)),
    "date8": lambda f: "20%02d%02d%02d" % (_R.randrange(22, 26), _R.randrange(1, 13), _R.randrange(1, 29)),
    "date6": lambda f: "%02d%02d%02d" % (_R.randrange(22, 26), _R.randrange(1, 13), _R.randrange(1, 29)),
    "hm": lambda f: "%02d:%02d" % (_R.randrange(0, 24), _R.randrange(0, 60)),
    "uuid": lambda f: _uuid(),
    "hex4": lambda f: _hex(4),
    "hex5": lambda f: _hex(5),
    "hex7": lambda f: _hex(7),
    "hex8": lambda f: _hex(8),
    "hex12": lambda f: _hex(12),
    "hex16": lambda f: _hex(16),
    "hex24": lambda f: _hex(24),
    "hex32": lambda f: _hex(32),
    "hex32u": lambda f: _hex(32).upper(),
    "hex40": lambda f: _hex(40),
    "q": lambda f: str(_R.randrange(1, 5)),
    "edpub": lambda f: _b64(32)[:43],
    "hex40u": lambda f: _hex(40).upper(),
    "hex64u": lambda f: _hex(64).upper(),
    "b64_32": lambda f: _b64(32),
    "b64u256": lambda f: _b64u(256),
    "colonhex": lambda f: ":".join(_hex(2).upper() for _ in range(32)),
    "textb64": lambda f: _enc(_c(["Engagement letter for ", "Quarterly VAT return ", "Claim acknowledgement ",
                                  "Payroll run completed ", "Board minutes draft ", "Reserve review notes "]) +
                              _c(_CLIENTS)),
    "certbody": lambda f: "MIID" + _s(60, _B64) + "\n" + "\n".join(_s(64, _B64) for _ in range(_R.randrange(4, 8))),
    "hex48u": lambda f: _hex(48).upper(),
    "hex64": lambda f: _hex(64),
    "hexup8": lambda f: _hex(8).upper(),
    "num": lambda f: str(_R.randrange(2, 999)),
    "num4": lambda f: str(_R.randrange(1000, 9999)),
    "num6": lambda f: str(_R.randrange(100000, 999999)),
    "num9": lambda f: str(_R.randrange(10 ** 8, 10 ** 9)),
    "num12": lambda f: str(_R.randrange(10 ** 11, 10 ** 12)),
    "num13": lambda f: str(_R.randrange(10 ** 12, 10 ** 13)),
    "pid": lambda f: str(_R.randrange(300, 65000)),
    "year": lambda f: str(_R.randrange(2019, 2026)),
    "region": lambda f: _c(_REGIONS),
    "acct": lambda f: "%012d" % _R.randrange(10 ** 11, 10 ** 12),
    "bucket": lambda f: f["_firm"][1] + "-" + _c(["ediscovery", "dms-archive", "claims-docs", "payroll-out",
                                                   "actuarial-data", "tax-scans", "backups"]) + "-" + _c(_ENVS),
    "env": lambda f: _c(_ENVS),
    "ver": lambda f: "%d.%d.%d" % (_R.randrange(0, 12), _R.randrange(0, 30), _R.randrange(0, 40)),
    "akid_f": lambda f: "AKIA" + _s(16, _UP + "234567"),
    "asia_f": lambda f: "ASIA" + _s(16, _UP + "234567"),
    "b64_12": lambda f: _b64(12),
    "b64_30": lambda f: _b64(30),
    "rid": lambda f: _s(8, _LONUM) + "-" + _s(4, _LONUM),
    "pr": lambda f: str(_R.randrange(12, 2400)),
    "runid": lambda f: str(_R.randrange(10 ** 9, 10 ** 10)),
    "jobid": lambda f: str(_R.randrange(10 ** 6, 10 ** 8)),
    "branch": lambda f: _c(["fix", "feat", "chore", "hotfix"]) + "/" + _c(
        ["xero-sync", "datev-export", "gw-batch", "claims-api", "nd-migration", "payroll-sftp",
         "lossdev-refresh", "imanage-upgrade", "sage-journal", "relativity-load", "clio-webhooks"]),
    "realm": lambda f: str(_R.randrange(10 ** 15, 10 ** 16)),
    "sha256b64": lambda f: _b64(32),
    "sha512b64": lambda f: _b64(64),
    "fp": lambda f: "SHA256:" + _b64(32).rstrip("="),
    "md5fp": lambda f: ":".join(_hex(2) for _ in range(16)),
    "gpgid": lambda f: _hex(16).upper(),
    "lib": lambda f: _c(["ACTIVE", "LITIGATION", "CORPORATE", "TAX", "ARCHIVE", "EMEA_DMS"]),
    "ndcab": lambda f: "NG-" + _s(8, _UPNUM),
    "enc_user": lambda f: _enc(f["user"]),
    "workspace": lambda f: str(_R.randrange(1000000, 1999999)),
}
for _k, _v in _TOK.items():
    _FIELDS.setdefault(_k, _v)


class _F(dict):
    def __init__(self):
        dict.__init__(self)
        self["_firm"] = _c(_FIRMS)

    def __missing__(self, k):
        m = re.match(r"^s(\d+)([lu]?)(_[a-z0-9]+)?$", k)
        if m:
            v = _s(int(m.group(1)), {"l": _LONUM, "u": _UPNUM}.get(m.group(2), _ALNUM))
            self[k] = v
            return v
        if k.startswith("uname"):
            base = "uname"
        else:
            base = None
            for cand in (k, k.rsplit("_", 1)[0], k.rstrip("0123456789")):
                if cand in _FIELDS:
                    base = cand
                    break
        if base is None:
            raise KeyError(k)
        v = _FIELDS[base](self)
        self[k] = v
        return v


_PH = re.compile(u"\u00ab([A-Za-z0-9_]+)\u00bb")


def _render(tmpl, f):
    return _PH.sub(lambda m: f[m.group(1)], tmpl)


_SPECS = []


def _grp(g):
    def add(fmt, sec, tmpl, vis=""):
        _SPECS.append((g, fmt, sec, tmpl, vis))
    return add


# =================================================================== SECRETS
# ---------------------------------------------------------------- command
_a = _grp("command")
_a("pgpass-append-echo", "pw_db",
   "echo '«host»:5432:«db»:«user»:«S»' >> ~/.pgpass && chmod 600 ~/.pgpass", "«host»")
_a("psql-uri-positional", "pw_url",
   'psql "postgresql://«user»:«S»@«host»:5432/«db»?sslmode=require" -c \'\\dt claims.*\'', "«host»")
_a("pgpassword-env-prefix-pg-dump", "pw",
   "PGPASSWORD='«S»' pg_dump -h «host» -U «user» -Fc «db» > /backup/«db»_«date».dump", "pg_dump -h «host»")
_a("mysql-inline-p-quoted", "pw",
   "mysql -h «host» -u «user» -p'«S»' practice_mgmt -e \"SELECT COUNT(*) FROM time_entries WHERE billed=0;\"",
   "mysql -h «host»")
_a("sqlcmd-capital-p-flag", "pw_db",
   'sqlcmd -S «host»\\SQLEXPRESS -U sa -P «S» -d «db» -Q "EXEC dbo.usp_RebuildMatterIndex"', "«host»")
_a("bcp-queryout-password", "pw_db",
   'bcp "SELECT * FROM ClaimCenter.dbo.cc_claim WHERE UpdateTime > \'«date»\'" queryout claims.dat -S «host» -U gw_report -P «S» -c -t"|"',
   "gw_report")
_a("invoke-sqlcmd-password-param", "pw",
   'Invoke-Sqlcmd -ServerInstance "«host»" -Database "«db»" -Username "«user»" -Password "«S»" -InputFile .\\fix_ledger_rounding.sql',
   "Invoke-Sqlcmd")
_a("net-use-mapped-drive", "pw_human",
   "net use M: \\\\«host»\\Matters /user:«DOM»\\«uname» «S» /persistent:yes", "\\\\«host»\\Matters")
_a("cmdkey-add-pass", "pw_rand",
   "cmdkey /add:«host» /user:«DOM»\\svc_imanage /pass:«S»", "cmdkey /add:«host»")
_a("psexec-u-p-remote", "pw",
   'psexec \\\\«host» -u «DOM»\\«svc» -p «S» -h cmd /c "iisreset /restart"', "«svc»")
_a("schtasks-create-run-password", "pw_human",
   'schtasks /Create /TN "DATEV Nightly Export" /TR "C:\\Scripts\\datev_export.cmd" /SC DAILY /ST 02:00 /RU «DOM»\\svc_datev /RP «S»',
   "DATEV Nightly Export")
_a("sc-config-service-logon", "pw_rand",
   'sc.exe config "WorkSiteIndexer" obj= "«DOM»\\svc_worksite" password= "«S»"', "WorkSiteIndexer")
_a("powershell-new-localuser-securestring", "pw_human",
   "$pw = ConvertTo-SecureString '«S»' -AsPlainText -Force; New-LocalUser -Name 'scanner' -Password $pw -PasswordNeverExpires",
   "New-LocalUser -Name 'scanner'")
_a("set-adaccountpassword-reset", "pw_human",
   'Set-ADAccountPassword -Identity «uname» -Reset -NewPassword (ConvertTo-SecureString -AsPlainText "«S»" -Force)',
   "-Identity «uname»")
_a("curl-user-colon-password", "pw_url",
   "curl -u «user»:«S» 'https://«host»/api/v1/matters?status=open&fields=number,client'", "https://«host»/api/v1/matters")
_a("curl-clio-bearer-jq", "clio_token",
   'curl -s -H "Authorization: Bearer «S»" "https://app.clio.com/api/v4/matters.json?fields=id,display_number" | jq \'.data | length\'',
   "app.clio.com/api/v4/matters.json")
_a("curl-imanage-x-auth-token", "imanage_token",
   'curl -k -H "X-Auth-Token: «S»" https://«host»/work/api/v2/customers/1/libraries/«lib»/documents?limit=5',
   "/work/api/v2/customers/1/libraries/«lib»")
_a("curl-xero-client-credentials", "xero_secret",
   'curl -X POST https://identity.xero.com/connect/token -u "«hex32u»:«S»" -d "grant_type=client_credentials&scope=accounting.transactions"',
   "identity.xero.com/connect/token")
_a("curl-intuit-refresh-grant", "qbo_refresh",
   'curl -X POST https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer -H "Authorization: Basic $QB_BASIC" \\\n  -d "grant_type=refresh_token&refresh_token=«S»"',
   "oauth.platform.intuit.com")
_a("mount-cifs-inline-password", "pw",
   "sudo mount -t cifs //«host»/scans /mnt/scans -o username=svc_scan,password=«S»,domain=«DOM»,vers=3.0",
   "//«host»/scans")
_a("smbclient-user-percent-password", "pw_db",
   "smbclient //«host»/Payroll -U «DOM»/«uname»%«S» -c 'ls 2024/*'", "//«host»/Payroll")
_a("sshpass-sftp-bureau", "pw",
   "sshpass -p '«S»' sftp -oPort=22 «user»@sftp.«bureau»:/outbound <<< 'get PAYRUN_*.csv'", "sftp.«bureau»")
_a("lftp-u-user-comma-password", "pw_db",
   'lftp -u «user»,«S» ftps://ftp.«bureau» -e "mirror --only-newer /returns ./returns; quit"', "ftps://ftp.«bureau»")
_a("htpasswd-batch-mode", "pw_human",
   "sudo htpasswd -b /etc/nginx/.htpasswd «uname» «S»", "/etc/nginx/.htpasswd")
_a("docker-login-p-flag", "pw_rand",
   "docker login registry.«domain» -u ci-bot -p '«S»'", "registry.«domain»")
_a("docker-login-password-stdin-echo", "ghp",
   'echo "«S»" | docker login ghcr.io -u «uname» --password-stdin', "ghcr.io")
_a("git-clone-oauth2-token-url", "glpat",
   "git clone https://oauth2:«S»@gitlab.«domain»/it/claims-etl.git", "gitlab.«domain»/it/claims-etl.git")
_a("git-remote-set-url-user-pat", "github_pat",
   "git remote set-url origin https://«uname»:«S»@github.com/«slug»/tax-scripts.git", "github.com/«slug»/tax-scripts.git")
_a("az-login-service-principal", "azure_cs",
   "az login --service-principal -u «uuid» -p «S» --tenant «uuid_t»", "--tenant «uuid_t»")
_a("aws-configure-set-secret", "aws_secret",
   "aws configure set aws_secret_access_key «S» --profile claims-prod", "--profile claims-prod")
_a("export-aws-key-pair-then-s3", "aws_secret",
   "export AWS_ACCESS_KEY_ID=«akid_f»\nexport AWS_SECRET_ACCESS_KEY=«S»\naws s3 ls s3://«bucket»/productions/ --region «region»",
   "s3://«bucket»/productions/")
_a("vault-kv-put-client-secret", "nd_secret",
   "vault kv put secret/dms/netdocuments client_id=«hex16» client_secret=«S»", "secret/dms/netdocuments")
_a("kubectl-create-secret-from-literal", "pw",
   "kubectl -n claims create secret generic gw-db --from-literal=username=gwuser --from-literal=password='«S»'",
   "create secret generic gw-db")
_a("helm-upgrade-set-db-password", "pw_db",
   "helm upgrade --install pm-portal ./chart -n legal --set db.host=«host» --set db.password=«S»", "--set db.host=«host»")
_a("openssl-pkcs12-passout", "pw",
   "openssl pkcs12 -export -in elster.crt -inkey elster.key -out elster_«num4».pfx -passout pass:«S»", "elster_«num4».pfx")
_a("keytool-list-storepass", "pw_rand",
   "keytool -list -v -keystore /opt/guidewire/cc/conf/keystore.jks -storepass «S» | grep -A2 Alias",
   "/opt/guidewire/cc/conf/keystore.jks")
_a("mysqldump-long-password-flag", "pw",
   "mysqldump --host=«host» --user=«user» --password=«S» --single-transaction timebilling > tb_«date».sql",
   "--host=«host»")
_a("mongosh-srv-uri", "pw_url",
   'mongosh "mongodb+srv://«user»:«S»@review-cluster.«hex5».mongodb.net/review?retryWrites=true&w=majority"',
   "review-cluster.«hex5».mongodb.net")
_a("redis-cli-a-flag", "pw_db",
   "redis-cli -h «host» -p 6379 -a «S» --no-auth-warning --scan --pattern 'session:*' | wc -l", "redis-cli -h «host»")
_a("sqlplus-user-slash-password", "pw_db",
   "sqlplus gw_pc/«S»@//«host»:1521/PCPROD @purge_stale_locks.sql", "@//«host»:1521/PCPROD")
_a("expdp-system-slash-password", "pw_db",
   "expdp system/«S»@DUCKPRD schemas=DC_POLICY directory=DATA_PUMP_DIR dumpfile=dcpol_%U.dmp logfile=dcpol.log",
   "schemas=DC_POLICY")
_a("rclone-config-create-webdav-pass", "pw",
   "rclone config create nd-archive webdav url https://«host»/dav vendor other user «user» pass '«S»'",
   "https://«host»/dav")
_a("ldapsearch-bind-w", "pw",
   "ldapsearch -x -H ldaps://«host» -D \"CN=svc_pm,OU=Service Accounts,DC=«slug»,DC=local\" -w '«S»' -b \"OU=Users,DC=«slug»,DC=local\" \"(sAMAccountName=«uname»)\"",
   "ldaps://«host»")
_a("wget-http-password-flag", "pw_db",
   "wget --http-user=«user» --http-password=«S» https://«host»/exports/trial_balance_«date».xlsx",
   "trial_balance_«date».xlsx")
_a("newman-env-var-password", "pw",
   'newman run guidewire-claims.postman_collection.json --env-var "gwUser=«user»" --env-var "gwPassword=«S»"',
   "guidewire-claims.postman_collection.json")
_a("python-script-client-secret-arg", "xero_secret",
   "python3 sync_xero.py --tenant «uuid» --client-id «hex32u» --client-secret «S» --since «date»", "sync_xero.py")
_a("java-system-property-password", "pw_db",
   "java -Dgw.db.user=«user» -Dgw.db.password=«S» -jar gw-batch-runner.jar --process=ClaimExceptionRules",
   "gw-batch-runner.jar")
_a("heredoc-netrc-write", "pw",
   "cat > ~/.netrc <<'EOF'\nmachine «host»\n  login «user»\n  password «S»\nEOF\nchmod 600 ~/.netrc", "machine «host»")
_a("heredoc-psql-create-role", "pw_db",
   "psql -h «host» -U postgres <<SQL\nCREATE ROLE actuarial_ro LOGIN PASSWORD '«S»';\nGRANT SELECT ON ALL TABLES IN SCHEMA lossdev TO actuarial_ro;\nSQL",
   "actuarial_ro")
_a("sqlcmd-alter-login-with-password", "pw_rand",
   "sqlcmd -S «host» -E -Q \"ALTER LOGIN [svc_duckcreek] WITH PASSWORD = N'«S»'\"", "svc_duckcreek")
_a("rabbitmqctl-add-user", "pw_db",
   'rabbitmqctl add_user claims_events «S» && rabbitmqctl set_permissions -p /claims claims_events ".*" ".*" ".*"',
   "claims_events")
_a("gh-secret-set-body", "sage_secret",
   'gh secret set SAGE_CLIENT_SECRET --body "«S»" --repo «slug»/ledger-sync', "SAGE_CLIENT_SECRET")
_a("npm-config-set-authtoken", "npm",
   "npm config set //registry.npmjs.org/:_authToken «S»", "//registry.npmjs.org/")
_a("pip-install-index-url-token", "pw_url",
   "pip install --index-url https://__token__:«S»@pypi.«domain»/simple/ actuarial-tables==2.3.1",
   "actuarial-tables==2.3.1")
_a("twine-upload-u-p", "pypi",
   "twine upload -u __token__ -p «S» dist/gwclient-«ver»*", "twine upload")
_a("curl-sendgrid-bearer", "sendgrid",
   "curl --request POST --url https://api.sendgrid.com/v3/mail/send --header 'Authorization: Bearer «S»' --header 'Content-Type: application/json' --data @statement_notice.json",
   "api.sendgrid.com/v3/mail/send")
_a("stripe-cli-api-key-flag", "stripe_sk",
   "stripe invoices list --limit 3 --status open --api-key «S»", "stripe invoices list")
_a("expect-ssh-send-password", "pw",
   "expect -c 'spawn ssh «user»@«host»; expect \"password:\"; send \"«S»\\r\"; interact'", "«user»@«host»")
_a("nuix-console-auth-password-prop", "pw",
   "nuix_console.exe -Xmx16g -licencesourcetype server -licencesourcelocation «host»:27443 -Dnuix.auth.username=«user» -Dnuix.auth.password=«S» ingest_vol.rb",
   "-licencesourcelocation «host»:27443")
_a("curl-relativity-basic-email-password", "pw_url",
   'curl -u "«email»:«S»" -H "X-CSRF-Header: -" https://«host»/Relativity.Rest/api/relativity-environment/v1/workspace/«workspace»',
   "X-CSRF-Header")
_a("curl-ntlm-datevconnect", "pw_rand",
   "curl --ntlm -u '«DOM»\\«uname»:«S»' http://«host»:58452/datev/api/accounting/v1/clients | jq length",
   "«host»:58452/datev/api/accounting/v1/clients")
_a("restic-password-env-backup", "pw_phrase",
   "RESTIC_PASSWORD='«S»' restic -r sftp:backup@«host»:/srv/restic/dms backup /srv/imanage/filestore --tag nightly",
   "/srv/imanage/filestore")
_a("borg-passphrase-env-create", "pw_spaced",
   'BORG_PASSPHRASE="«S»" borg create --stats ::matters-{now:%Y-%m-%d} /data/matters', "borg create --stats")
_a("7z-zip-aes-password", "pw_rand",
   "7z a -tzip -p«S» -mem=AES256 production_VOL«num4».zip ./VOL«num4»/", "production_VOL«num4».zip")
_a("gpg-batch-passphrase-decrypt", "pw_phrase",
   "gpg --batch --pinentry-mode loopback --passphrase '«S»' -d payroll_«date».csv.gpg > payroll.csv",
   "payroll_«date».csv.gpg")
_a("zip-capital-p-password", "pw_human",
   "zip -P «S» -r client_ledgers_Q«q»_«year».zip ledgers/«year»/q«q»/", "client_ledgers_Q«q»_«year».zip")
_a("openssl-enc-pass-arg", "pw",
   "openssl enc -aes-256-cbc -pbkdf2 -in w2_batch.csv -out w2_batch.enc -pass pass:«S»", "w2_batch.enc")
_a("docker-run-mssql-sa-password", "pw_rand",
   'docker run -e "ACCEPT_EULA=Y" -e "MSSQL_SA_PASSWORD=«S»" -p 1433:1433 --name sage-restore -d mcr.microsoft.com/mssql/server:2022-latest',
   "sage-restore")
_a("vault-login-positional-token", "hvs",
   "vault login «S» && vault kv get -field=password secret/payroll/adp-sftp", "secret/payroll/adp-sftp")
_a("wg-set-private-key-process-subst", "wg_key",
   "sudo wg set wg0 private-key <(echo «S») peer «b64_30» endpoint «pubip»:51820", "endpoint «pubip»:51820")
_a("robocopy-after-net-use-ipc", "pw_human",
   "net use \\\\«host»\\IPC$ «S» /user:«DOM»\\svc_backup && robocopy \\\\«host»\\Scans D:\\Scans /MIR /R:1 /W:1",
   "robocopy \\\\«host»\\Scans")
_a("mstsc-cmdkey-generic-target", "pw_pron",
   "cmdkey /generic:TERMSRV/«host» /user:«DOM»\\«uname» /pass:«S» && mstsc /v:«host»", "mstsc /v:«host»")


# ---------------------------------------------------------------- tool-output
_b = _grp("tool-output")
_b("printenv-grep-output", "pw",
   "$ printenv | grep -iE 'db_|pass'\nDB_HOST=«host»\nDB_USER=«user»\nDB_PASSWORD=«S»\nDB_NAME=«db»", "DB_HOST=«host»")
_b("docker-inspect-env-array", "pw_db",
   '$ docker inspect claims-api --format \'{{json .Config.Env}}\' | jq .\n[\n  "GW_DB_URL=jdbc:sqlserver://«host»:1433;databaseName=ClaimCenter",\n  "GW_DB_USER=ccuser",\n  "GW_DB_PASSWORD=«S»",\n  "JAVA_OPTS=-Xmx6g"\n]',
   "GW_DB_USER=ccuser")
_b("kubectl-jsonpath-base64-decoded", "pw",
   "$ kubectl -n claims get secret gw-db -o jsonpath='{.data.password}' | base64 -d\n«S»\n$ ", "get secret gw-db")
_b("kubectl-get-secret-yaml-data", lambda f: _enc(_pw_db()),
   "$ kubectl get secret sage-creds -n finance -o yaml\napiVersion: v1\ndata:\n  password: «S»\n  username: «enc_user»\nkind: Secret\nmetadata:\n  name: sage-creds\n  namespace: finance\ntype: Opaque",
   "name: sage-creds")
_b("aws-sts-assume-role-output", "aws_secret",
   '$ aws sts assume-role --role-arn arn:aws:iam::«acct»:role/ediscovery-loader --role-session-name agent\n{\n    "Credentials": {\n        "AccessKeyId": "«asia_f»",\n        "SecretAccessKey": "«S»",\n        "Expiration": "«ts»"\n    }\n}',
   "arn:aws:iam::«acct»:role/ediscovery-loader")
_b("terraform-output-json-sensitive", "pw_rand",
   '$ terraform output -json\n{\n  "db_admin_password": {\n    "sensitive": true,\n    "type": "string",\n    "value": "«S»"\n  },\n  "db_fqdn": {\n    "sensitive": false,\n    "type": "string",\n    "value": "«host»"\n  }\n}',
   "db_admin_password")
_b("terraform-state-show-attribute", "pw_rand",
   '$ terraform state show azurerm_mssql_server.claims\n# azurerm_mssql_server.claims:\nresource "azurerm_mssql_server" "claims" {\n    administrator_login          = "claimsadmin"\n    administrator_login_password = "«S»"\n    location                     = "westeurope"\n    version                      = "12.0"\n}',
   "azurerm_mssql_server.claims")
_b("git-config-list-remote-url", "pw_url",
   "$ git config --list --show-origin | grep url\nfile:.git/config        remote.origin.url=https://«uname»:«S»@bitbucket.org/«slug»/conflict-check.git",
   "bitbucket.org/«slug»/conflict-check.git")
_b("cat-aws-credentials-file", "aws_secret",
   "$ cat ~/.aws/credentials\n[default]\naws_access_key_id = «akid_f»\naws_secret_access_key = «S»\nregion = «region»",
   "[default]")
_b("docker-compose-config-rendered", "pw",
   "$ docker compose config\nservices:\n  db:\n    environment:\n      POSTGRES_DB: «db»\n      POSTGRES_PASSWORD: «S»\n      POSTGRES_USER: «user»\n    image: postgres:16",
   "image: postgres:16")
_b("heroku-config-output", "pw_url",
   "$ heroku config -a pm-portal-«env»\n=== pm-portal-«env» Config Vars\nDATABASE_URL: postgres://u«hex8»:«S»@ec2-«num»-«num4».compute-1.amazonaws.com:5432/d«hex8»\nLOG_LEVEL:    info",
   "pm-portal-«env» Config Vars")
_b("systemctl-show-environment", "pw",
   "$ systemctl show claims-export -p Environment\nEnvironment=DB_USER=«user» DB_PASS=«S» LOG_LEVEL=info EXPORT_DIR=/srv/export",
   "systemctl show claims-export")
_b("ps-aux-java-cmdline", "pw_db",
   "$ ps aux | grep [j]ava\nguidewire «pid»  4.2 21.7 9123456 7123456 ?  Sl   «hm»  81:02 /usr/lib/jvm/java-17/bin/java -Xmx8g -Dgw.server.mode=prod -Dgw.db.password=«S» -jar /opt/gw/bc/bin/bc.jar",
   "/opt/gw/bc/bin/bc.jar")
_b("sql-select-app-settings-table", "pw",
   "mysql> SELECT name, value FROM app_settings WHERE name LIKE 'smtp%';\n+---------------+------------------------------+\n| name          | value                        |\n+---------------+------------------------------+\n| smtp_host     | smtp.office365.com           |\n| smtp_user     | «email» |\n| smtp_password | «S» |\n+---------------+------------------------------+",
   "smtp.office365.com")
_b("sql-select-integrations-row", "xero_secret",
   "ledger=# SELECT provider, client_id, client_secret FROM integrations WHERE provider='xero';\n provider |            client_id             |  client_secret\n----------+----------------------------------+-----------------\n xero     | «hex32u» | «S»\n(1 row)",
   "provider='xero'")
_b("curl-verbose-basic-auth-header", lambda f: _enc(f["user"] + ":" + _pw()),
   "$ curl -v https://«host»/api/health\n*   Trying «ip»:443...\n* Connected to «host» («ip») port 443\n> GET /api/health HTTP/1.1\n> Host: «host»\n> Authorization: Basic «S»\n> User-Agent: curl/8.5.0\n< HTTP/1.1 200 OK",
   "/api/health")
_b("oauth-token-response-json", "bearer_opaque",
   '$ http POST https://«host»/oauth/token grant_type=client_credentials\nHTTP/1.1 200 OK\nContent-Type: application/json\n\n{"access_token":"«S»","token_type":"bearer","expires_in":3600,"scope":"matters.read"}',
   "grant_type=client_credentials")
_b("intuit-token-response-refresh", "qbo_refresh",
   '{"x_refresh_token_expires_in":8726400,"refresh_token":"«S»","expires_in":3600,"token_type":"bearer","realmId":"«realm»"}',
   "x_refresh_token_expires_in")
_b("set-cookie-jsessionid-guidewire", "jsessionid",
   "$ curl -si https://«host»/cc/ClaimCenter.do | head -5\nHTTP/1.1 302 Found\nSet-Cookie: JSESSIONID=«S»; Path=/cc; Secure; HttpOnly\nLocation: https://«host»/cc/Login.do",
   "Location: https://«host»/cc/Login.do")
_b("set-cookie-aspnetcore-cookies", "aspnet_cookie",
   "HTTP/2 302\nlocation: /Matters/Index\nset-cookie: .AspNetCore.Cookies=«S»; path=/; secure; samesite=lax; httponly\nx-powered-by: ASP.NET",
   "location: /Matters/Index")
_b("cat-npmrc-output", "npm",
   "$ cat ~/.npmrc\nregistry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=«S»\nfund=false", "registry=https://registry.npmjs.org/")
_b("jupyter-server-list-token", "jupyter",
   "$ jupyter server list\nCurrently running servers:\nhttp://127.0.0.1:8888/?token=«S» :: /home/«uname»/lossdev-notebooks",
   "/home/«uname»/lossdev-notebooks")
_b("rstudio-container-generated-password", "pw_pron",
   "$ docker logs rstudio-actuarial 2>&1 | tail -3\n[cont-init.d] userconf: executing...\nThe password is set to «S»\n[services.d] done.",
   "rstudio-actuarial")
_b("jenkins-initial-admin-password-cat", "hex32s",
   "$ sudo cat /var/lib/jenkins/secrets/initialAdminPassword\n«S»", "/var/lib/jenkins/secrets/initialAdminPassword")
_b("gitlab-initial-root-password-file", lambda f: _s(44, _B64),
   "$ sudo cat /etc/gitlab/initial_root_password\n# WARNING: This value is valid only in the following conditions\n#          1. If provided manually ...\n\nPassword: «S»\n\n# NOTE: This file will be automatically deleted in the first reconfigure run after 24 hours.",
   "/etc/gitlab/initial_root_password")
_b("az-ad-sp-create-for-rbac-output", "azure_cs",
   '$ az ad sp create-for-rbac --name sp-ediscovery-export --role Reader\n{\n  "appId": "«uuid»",\n  "displayName": "sp-ediscovery-export",\n  "password": "«S»",\n  "tenant": "«uuid_t»"\n}',
   "sp-ediscovery-export")
_b("aws-iam-create-access-key-output", "aws_secret",
   '$ aws iam create-access-key --user-name svc-claims-archive\n{\n    "AccessKey": {\n        "UserName": "svc-claims-archive",\n        "AccessKeyId": "«akid_f»",\n        "Status": "Active",\n        "SecretAccessKey": "«S»",\n        "CreateDate": "«ts»"\n    }\n}',
   "svc-claims-archive")
_b("gcp-service-account-json-cat", "pem_pkcs8_json",
   '$ cat actuarial-bq-sa.json\n{\n  "type": "service_account",\n  "project_id": "silvermere-actuarial-«num4»",\n  "private_key_id": "«hex40»",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "bq-loader@silvermere-actuarial-«num4».iam.gserviceaccount.com"\n}',
   "bq-loader@silvermere-actuarial-«num4».iam.gserviceaccount.com")
_b("vault-kv-get-table-output", "pw",
   "$ vault kv get secret/practice/clio-sync\n====== Data ======\nKey         Value\n---         -----\npassword    «S»\nusername    svc_clio",
   "secret/practice/clio-sync")
_b("vault-token-create-table", "hvs",
   "$ vault token create -policy=payroll-read -ttl=72h\nKey                  Value\n---                  -----\ntoken                «S»\ntoken_accessor       «s24»\ntoken_duration       72h\ntoken_policies       [\"default\" \"payroll-read\"]",
   "-policy=payroll-read")
_b("helm-get-values-output", "pw_db",
   "$ helm get values docassembly -n legal\nUSER-SUPPLIED VALUES:\nimage:\n  tag: «ver»\npostgresql:\n  auth:\n    username: hotdocs\n    password: «S»",
   "helm get values docassembly")
_b("grep-rn-password-hit", "pw",
   '$ grep -rn "password" config/\nconfig/datev.ini:14:password = «S»\nconfig/logging.ini:3:# never log password fields', "config/datev.ini:14")
_b("git-diff-added-yaml-line", "pw",
   "$ git diff HEAD~1 -- config/mail.yml\n@@ -4,3 +4,4 @@ smtp:\n   host: smtp.office365.com\n   user: «email»\n+  password: \"«S»\"\n   port: 587",
   "config/mail.yml")
_b("git-log-p-removed-env-line", "xero_secret",
   "$ git log -p -1 -- .env\ncommit «hex40»\nAuthor: «fullname» <«email»>\n\n    remove secrets from repo\n\n-XERO_CLIENT_ID=«hex32u»\n-XERO_CLIENT_SECRET=«S»\n+# see 1Password: Xero / ledger-sync",
   "remove secrets from repo")
_b("trufflehog-finding-raw", "ghp",
   "$ trufflehog git file://. --only-verified\nFound verified result\nDetector Type: Github\nDecoder Type: PLAIN\nRaw result: «S»\nFile: scripts/release.sh\nLine: «num»",
   "Detector Type: Github")
_b("pytest-locals-dict-password", "pw",
   "_____ test_sftp_upload _____\n    def test_sftp_upload():\n        creds = load_creds()\n>       client.upload(\"/outbound/p60.zip\", **creds)\n\ncreds      = {'host': 'sftp.«bureau»', 'user': '«user»', 'password': '«S»'}\n\ntests/test_sftp.py:41: ConnectionRefusedError",
   "tests/test_sftp.py:41")
_b("ansible-vault-view-output", "pw",
   "$ ansible-vault view group_vars/dms/vault.yml\nVault password: \nvault_imanage_svc_user: svc_imanage\nvault_imanage_svc_password: «S»",
   "group_vars/dms/vault.yml")
_b("dotnet-user-secrets-list", "pw_db",
   "$ dotnet user-secrets list\nConnectionStrings:PracticeDb = Server=«host»;Database=PracticeMgmt;User Id=pm_app;Password=«S»;TrustServerCertificate=true\nClio:BaseUrl = https://app.clio.com",
   "ConnectionStrings:PracticeDb")
_b("sops-decrypt-output", "stripe_rk",
   "$ sops -d secrets/billing.enc.yaml\nstripe:\n    restricted_key: «S»\n    account: acct_«s16»", "secrets/billing.enc.yaml")
_b("docker-history-no-trunc-env", "nd_token",
   "$ docker history --no-trunc ndsync:«ver» | grep ENV\n<missing>   3 weeks ago   /bin/sh -c #(nop)  ENV NETDOCS_TOKEN=«S»   0B",
   "ndsync:«ver»")
_b("powershell-get-childitem-env", "imanage_token",
   "PS C:\\> Get-ChildItem Env: | Where-Object Name -like 'IMANAGE*'\n\nName                           Value\n----                           -----\nIMANAGE_SERVER                 «host»\nIMANAGE_TOKEN                  «S»",
   "IMANAGE_SERVER")
_b("reg-query-winlogon-defaultpassword", "pw_human",
   'C:\\> reg query "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v DefaultPassword\n\nHKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon\n    DefaultPassword    REG_SZ    «S»',
   "DefaultPassword")
_b("netsh-wlan-show-key-clear", "pw_phrase",
   'C:\\> netsh wlan show profile name="«slug»-staff" key=clear\n...\nSecurity settings\n-----------------\n    Authentication         : WPA2-Personal\n    Key Content            : «S»',
   "«slug»-staff")
_b("findstr-unattend-value", "pw_human",
   'C:\\> findstr /si "<Value>" C:\\Windows\\Panther\\unattend.xml\n                    <Value>«S»</Value>\n                    <PlainText>true</PlainText>',
   "C:\\Windows\\Panther\\unattend.xml")
_b("crontab-l-mysqldump-line", "pw_db",
   "$ crontab -l\n# nightly timebilling dump\n15 2 * * * /usr/bin/mysqldump -uroot -p«S» timebilling | gzip > /backup/tb.sql.gz",
   "nightly timebilling dump")
_b("history-grep-psql-uri", "pw_url",
   '$ history | grep psql\n  412  psql "postgres://«user»:«S»@«host»/«db»"\n  413  history | grep psql', "history | grep psql")
_b("cat-fstab-cifs-line", "pw",
   "$ cat /etc/fstab\nUUID=«uuid»  /  ext4  defaults  0 1\n//«host»/matters  /mnt/matters  cifs  username=svc_dms,password=«S»,uid=1000  0  0",
   "/mnt/matters")
_b("superset-init-admin-log", "pw_pron",
   "$ docker compose logs superset-init | tail -2\nsuperset-init-1  | Recreated admin user: admin / «S»\nsuperset-init-1  | Init step 4/4 [Complete]",
   "superset-init-1")
_b("rails-credentials-show", "xero_secret",
   "$ bin/rails credentials:show\nsecret_key_base: (see below)\nxero:\n  client_id: «hex32u»\n  client_secret: «S»", "bin/rails credentials:show")
_b("kubectl-describe-pod-env-literal", "pw",
   "$ kubectl describe pod claims-api-«hex5»-«s5l» -n claims\n    Environment:\n      SPRING_PROFILES_ACTIVE:  prod\n      DB_USERNAME:             claims_app\n      DB_PASSWORD:             «S»\n    Mounts:",
   "SPRING_PROFILES_ACTIVE:  prod")
_b("aws-ssm-get-parameter-decrypted", "pw",
   '$ aws ssm get-parameter --name /claims/prod/db_password --with-decryption\n{\n    "Parameter": {\n        "Name": "/claims/prod/db_password",\n        "Type": "SecureString",\n        "Value": "«S»",\n        "Version": «num»\n    }\n}',
   "/claims/prod/db_password")
_b("aws-secretsmanager-secretstring-escaped", "pw_db",
   '$ aws secretsmanager get-secret-value --secret-id prod/guidewire/db\n{\n    "Name": "prod/guidewire/db",\n    "SecretString": "{\\"username\\":\\"gwuser\\",\\"password\\":\\"«S»\\"}",\n    "VersionStages": ["AWSCURRENT"]\n}',
   "prod/guidewire/db")
_b("gcloud-secrets-versions-access", "xero_secret",
   "$ gcloud secrets versions access latest --secret=xero-client-secret --project=ledger-sync-prod\n«S»",
   "--secret=xero-client-secret")
_b("az-keyvault-secret-show-value", "sage_secret",
   '$ az keyvault secret show --vault-name kv-«slug» --name sage-api-secret\n{\n  "attributes": {"enabled": true},\n  "id": "https://kv-«slug».vault.azure.net/secrets/sage-api-secret/«hex32»",\n  "name": "sage-api-secret",\n  "value": "«S»"\n}',
   "--name sage-api-secret")
_b("op-read-output", "pw",
   '$ op read "op://IT/DATEV Admin/password"\n«S»', "op://IT/DATEV Admin/password")
_b("keepassxc-cli-show-secret", "pw",
   '$ keepassxc-cli show -s it-vault.kdbx "Payroll/ADP SFTP"\nEnter password to unlock it-vault.kdbx:\nTitle: ADP SFTP\nUserName: «user»\nPassword: «S»\nURL: sftp://sftp.«bureau»',
   "Title: ADP SFTP")
_b("bw-get-password-output", "pw_rand",
   '$ bw get password "NetDocuments API service user"\n«S»', "NetDocuments API service user")
_b("tshark-http-authbasic-field", "pw",
   "$ tshark -r capture.pcapng -Y http.authbasic -T fields -e ip.src -e http.authbasic\n«ip»\t«user»:«S»", "http.authbasic")
_b("ldapsearch-userpassword-b64-attr", lambda f: _enc(_pw()),
   "$ ldapsearch -x -b ou=apps,dc=«slug»,dc=local '(uid=scanner)' userPassword\ndn: uid=scanner,ou=apps,dc=«slug»,dc=local\nuserPassword:: «S»",
   "uid=scanner,ou=apps")
_b("smtplib-debug-auth-plain", lambda f: _enc("\0" + f["email"] + "\0" + _pw()),
   "send: 'ehlo «host»\\r\\n'\nreply: b'250-smtp.office365.com Hello'\nsend: 'AUTH PLAIN «S»\\r\\n'\nreply: b'235 2.7.0 Authentication successful'",
   "235 2.7.0 Authentication successful")
_b("pip-config-list-index-url", "pw_url",
   "$ pip config list\nglobal.index-url='https://deploy:«S»@nexus.«domain»/repository/pypi-group/simple'\nglobal.timeout='60'",
   "nexus.«domain»/repository/pypi-group/simple")
_b("cat-docker-config-json-auth", lambda f: _enc("robot$ci:" + _pw_db()),
   '$ cat ~/.docker/config.json\n{\n  "auths": {\n    "harbor.«domain»": {\n      "auth": "«S»"\n    }\n  }\n}',
   "harbor.«domain»")
_b("kubectl-config-view-raw-token", "jwt_k8s",
   "$ kubectl config view --raw --minify\nusers:\n- name: claims-deployer\n  user:\n    token: «S»", "claims-deployer")
_b("gw-dbcheck-jdbc-url-echo", "pw_db",
   "$ ./gwb dbcheck -Denv=uat\n:dbcheck\nUsing JDBC URL jdbc:sqlserver://«host»:1433;databaseName=PolicyCenter;user=pcuser;password=«S»\nChecking 1,412 tables...",
   "Checking 1,412 tables")
_b("duckcreek-config-show-output", "pw",
   "PS> .\\dcexpress.exe config show --section ManuscriptStore\nManuscriptStore.Server   = «host»\nManuscriptStore.User     = dc_manuscript\nManuscriptStore.Password = «S»",
   "ManuscriptStore.Server")
_b("get-itemproperty-odbc-dsn-pwd", "pw_db",
   "PS> Get-ItemProperty 'HKLM:\\SOFTWARE\\ODBC\\ODBC.INI\\SageLine50v29' | Select Driver, UID, PWD\n\nDriver : C:\\Windows\\SysWOW64\\Sage Line 50 v29.dll\nUID    : MANAGER\nPWD    : «S»",
   "SageLine50v29")


# ---------------------------------------------------------------- config-file
_c3 = _grp("config-file")
_c3("dotenv-file-client-secret", "xero_secret",
    "# .env  (ledger-sync)\nAPP_ENV=production\nDATABASE_URL=postgres://ledger@«host»:5432/ledger\nXERO_CLIENT_ID=«hex32u»\nXERO_CLIENT_SECRET=«S»\nXERO_REDIRECT_URI=https://«ext»/xero/callback",
    "XERO_REDIRECT_URI=https://«ext»/xero/callback")
_c3("spring-yaml-datasource-password", "pw",
    "spring:\n  datasource:\n    url: jdbc:sqlserver://«host»:1433;databaseName=«db»;encrypt=true\n    username: «user»\n    password: «S»\n  jpa:\n    open-in-view: false",
    "jdbc:sqlserver://«host»:1433")
_c3("spring-application-properties", "pw_db",
    "spring.datasource.url=jdbc:postgresql://«host»:5432/«db»\nspring.datasource.username=«user»\nspring.datasource.password=«S»\nspring.jpa.hibernate.ddl-auto=validate",
    "spring.datasource.username=«user»")
_c3("guidewire-database-config-xml", "pw_db",
    '<!-- config/database-config.xml -->\n<database name="ClaimCenterDatabase" dbtype="sqlserver" autoupgrade="false">\n  <dbcp-connection-pool jdbc-url="jdbc:sqlserver://«host»:1433;databaseName=ClaimCenter;user=ccuser;password=«S»"/>\n</database>',
    "ClaimCenterDatabase")
_c3("web-config-connectionstrings-add", "pw",
    '<connectionStrings>\n  <add name="PracticeDb" connectionString="Data Source=«host»;Initial Catalog=PracticeMgmt;User ID=pm_app;Password=«S»;" providerName="System.Data.SqlClient" />\n</connectionStrings>',
    'name="PracticeDb"')
_c3("web-config-machinekey", "machinekey",
    '<system.web>\n  <machineKey validationKey="«S»" decryptionKey="«hex48u»" validation="HMACSHA256" decryption="AES" />\n</system.web>',
    'validation="HMACSHA256"')
_c3("appsettings-json-connectionstring", "pw_db",
    '{\n  "ConnectionStrings": {\n    "Default": "Server=«host»;Database=Conflicts;User Id=conflicts_svc;Password=«S»;TrustServerCertificate=True"\n  },\n  "Logging": { "LogLevel": { "Default": "Warning" } }\n}',
    "conflicts_svc")
_c3("odbc-ini-sage-dsn", "pw_db",
    "[SageLine50v29]\nDriver=C:\\Windows\\SysWOW64\\Sage Line 50 v29.dll\nDescription=Sage 50 Accounts live company\nUID=MANAGER\nPWD=«S»\nDataPath=\\\\«host»\\SageData\\Company.000\\ACCDATA",
    "[SageLine50v29]")
_c3("datevconnect-ini-section", "pw_rand",
    "; C:\\ProgramData\\LedgerBridge\\datev.ini\n[DATEVconnect]\nServer=«host»\nPort=58452\nUser=«DOM»\\svc_dc\nPassword=«S»\nMandantenFilter=10000-19999",
    "[DATEVconnect]")
_c3("toml-database-section", "pw",
    '[database]\nhost = "«host»"\nport = 5432\nname = "«db»"\nuser = "«user»"\npassword = "«S»"\npool_size = 8',
    'host = "«host»"')
_c3("terraform-tfvars-admin-password", "pw_rand",
    'location            = "westeurope"\nsql_admin_login     = "claimsadmin"\nsql_admin_password  = "«S»"\nenvironment         = "«env»"',
    'sql_admin_login     = "claimsadmin"')
_c3("hcl-azurerm-provider-client-secret", "azure_cs",
    'provider "azurerm" {\n  features {}\n  subscription_id = "«uuid»"\n  tenant_id       = "«uuid_t»"\n  client_id       = "«uuid_c»"\n  client_secret   = "«S»"\n}',
    'provider "azurerm"')
_c3("docker-compose-environment-list", "pw_rand",
    "services:\n  sagedb:\n    image: mcr.microsoft.com/mssql/server:2019-latest\n    environment:\n      - ACCEPT_EULA=Y\n      - MSSQL_SA_PASSWORD=«S»\n    ports:\n      - \"1433:1433\"",
    "mcr.microsoft.com/mssql/server:2019-latest")
_c3("k8s-secret-stringdata", "pw",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: policycenter-db\n  namespace: policy\ntype: Opaque\nstringData:\n  username: pcuser\n  password: «S»",
    "name: policycenter-db")
_c3("k8s-secret-data-base64-value", lambda f: _enc(_s(44, _ALNUM)),
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: netdocs-api\ndata:\n  NETDOCS_CLIENT_ID: «enc_user»\n  NETDOCS_CLIENT_SECRET: «S»",
    "name: netdocs-api")
_c3("netrc-single-line", "pw_db",
    "# ~/.netrc\nmachine «host» login «user» password «S»\nmachine api.github.com login «uname» password ${GITHUB_TOKEN}",
    "machine «host» login «user»")
_c3("pgpass-wildcard-line", "pw_db",
    "# ~/.pgpass on the reporting box\n*:*:*:replicator:«S»\n«host»:5432:«db»:readonly:*", "replicator")
_c3("my-cnf-client-section", "pw",
    '[client]\nuser=«user»\npassword="«S»"\nhost=«host»\ndefault-character-set=utf8mb4',
    "host=«host»")
_c3("npmrc-github-packages-token", "ghp",
    "@«slug»:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«S»\nalways-auth=true",
    "@«slug»:registry=https://npm.pkg.github.com")
_c3("pypirc-token-password", "pypi",
    "[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\npassword = «S»", "[distutils]")
_c3("pip-conf-index-url-creds", "pw_url",
    "[global]\nindex-url = https://deploy:«S»@artifactory.«domain»/api/pypi/pypi-virtual/simple\ntrusted-host = artifactory.«domain»",
    "trusted-host = artifactory.«domain»")
_c3("maven-settings-server-password", "pw_db",
    "<settings>\n  <servers>\n    <server>\n      <id>gw-nexus</id>\n      <username>deploy</username>\n      <password>«S»</password>\n    </server>\n  </servers>\n</settings>",
    "<id>gw-nexus</id>")
_c3("gradle-properties-repo-password", "pw_db",
    "org.gradle.jvmargs=-Xmx4g\ngwNexusUser=deploy\ngwNexusPassword=«S»\nguidewireStudioVersion=«ver»",
    "gwNexusUser=deploy")
_c3("nuget-config-cleartextpassword", "pw_rand",
    '<packageSourceCredentials>\n  <LegalFeed>\n    <add key="Username" value="«uname»" />\n    <add key="ClearTextPassword" value="«S»" />\n  </LegalFeed>\n</packageSourceCredentials>',
    "<LegalFeed>")
_c3("composer-auth-json-http-basic", "pw_db",
    '{\n  "http-basic": {\n    "repo.«domain»": {\n      "username": "composer",\n      "password": "«S»"\n    }\n  }\n}',
    "repo.«domain»")
_c3("openssh-private-key-file", "pem_openssh",
    "# ~/.ssh/id_ed25519_payroll_bureau\n-----BEGIN OPENSSH PRIVATE KEY-----\n«S»\n-----END OPENSSH PRIVATE KEY-----",
    "id_ed25519_payroll_bureau")
_c3("rsa-private-key-pem-file", "pem_rsa",
    "-----BEGIN RSA PRIVATE KEY-----\n«S»\n-----END RSA PRIVATE KEY-----", "")
_c3("ec-private-key-pem-file", "pem_ec",
    "# certs/docusign-jwt-ec.key\n-----BEGIN EC PRIVATE KEY-----\n«S»\n-----END EC PRIVATE KEY-----",
    "certs/docusign-jwt-ec.key")
_c3("rclone-conf-obscured-pass", "rclone_obf",
    "[netdocs-webdav]\ntype = webdav\nurl = https://«host»/webdav\nvendor = other\nuser = «user»\npass = «S»",
    "[netdocs-webdav]")
_c3("sage-odbc-registry-export", "pw_db",
    'Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\WOW6432Node\\ODBC\\ODBC.INI\\Sage200Live]\n"Server"="«host»"\n"UID"="sage_reports"\n"Password"="«S»"',
    "Sage200Live")
_c3("php-qbwc-config-variable", "pw",
    "<?php\n// QuickBooks Web Connector bridge config\n$qbwc_user = 'quickbooks';\n$qbwc_pass = '«S»';\n$dsn = 'mysqli://qb@localhost/quickbooks_sync';",
    "QuickBooks Web Connector bridge config")
_c3("logstash-output-elasticsearch", "pw",
    'output {\n  elasticsearch {\n    hosts => ["https://«host»:9200"]\n    user => "logstash_writer"\n    password => "«S»"\n    index => "claims-audit-%{+YYYY.MM.dd}"\n  }\n}',
    "logstash_writer")
_c3("filebeat-yml-output-password", "pw_db",
    'output.elasticsearch:\n  hosts: ["«host»:9200"]\n  protocol: "https"\n  username: "filebeat_internal"\n  password: "«S»"',
    "filebeat_internal")
_c3("grafana-ini-admin-password", "pw_human",
    "[security]\nadmin_user = admin\nadmin_password = «S»\ndisable_gravatar = true", "[security]")
_c3("nginx-proxy-set-header-basic", lambda f: _enc("gwapi:" + _pw()),
    "location /gw/ {\n    proxy_pass https://«host»:8443/;\n    proxy_set_header Authorization \"Basic «S»\";\n}",
    "proxy_pass https://«host»:8443/")
_c3("haproxy-userlist-insecure-password", "pw_db",
    "userlist stats_admins\n    user ops insecure-password «S»\n\nlisten stats\n    bind :8404\n    acl ok http_auth(stats_admins)",
    "userlist stats_admins")
_c3("postfix-sasl-passwd-map", "pw",
    "# /etc/postfix/sasl_passwd\n[smtp.office365.com]:587 «email»:«S»", "/etc/postfix/sasl_passwd")
_c3("msmtprc-account", "pw",
    "account        default\nhost           smtp.office365.com\nport           587\ntls            on\nuser           «email»\npassword       «S»\nfrom           «email»",
    "smtp.office365.com")
_c3("fetchmailrc-poll-entry", "pw_human",
    'poll outlook.office365.com protocol IMAP\n  user "«email»" password "«S»" is «uname» here\n  ssl folder "Court Filings"',
    "outlook.office365.com")
_c3("openvpn-auth-user-pass-file", "pw",
    "# /etc/openvpn/client/«slug»-auth.txt  (auth-user-pass)\n«uname»\n«S»", "/etc/openvpn/client/«slug»-auth.txt")
_c3("wpa-supplicant-psk", "pw_phrase",
    'network={\n    ssid="«slug»-staff"\n    psk="«S»"\n    key_mgmt=WPA-PSK\n}', 'ssid="«slug»-staff"')
_c3("ipsec-secrets-psk", "b64_44",
    '# /etc/ipsec.secrets\n«pubip» «pubip2» : PSK "«S»"', "/etc/ipsec.secrets")
_c3("cifs-credentials-file", "pw",
    "# /root/.smbcred-dms\nusername=svc_dms\npassword=«S»\ndomain=«DOM»", "/root/.smbcred-dms")
_c3("windows-unattend-administrator-password", "pw_human",
    "<UserAccounts>\n  <AdministratorPassword>\n    <Value>«S»</Value>\n    <PlainText>true</PlainText>\n  </AdministratorPassword>\n</UserAccounts>",
    "<PlainText>true</PlainText>")
_c3("gpp-groups-xml-cpassword", "cpassword",
    '<Groups clsid="{3125E937-EB16-4b4c-9934-544FC6D24D26}">\n  <User clsid="{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}" name="LocalSupport" changed="«date» 10:14:02">\n    <Properties action="U" userName="LocalSupport" cpassword="«S»" neverExpires="1"/>\n  </User>\n</Groups>',
    'userName="LocalSupport"')
_c3("rdp-file-password-blob", "rdp_blob",
    "full address:s:«host»\nusername:s:«DOM»\\«uname»\npassword 51:b:«S»\nscreen mode id:i:2",
    "full address:s:«host»")
_c3("filezilla-sitemanager-base64-pass", lambda f: _enc(_pw()),
    '<Server>\n  <Host>sftp.«bureau»</Host>\n  <Port>22</Port>\n  <Protocol>1</Protocol>\n  <User>«user»</User>\n  <Pass encoding="base64">«S»</Pass>\n  <Name>Payroll bureau</Name>\n</Server>',
    "<Host>sftp.«bureau»</Host>")
_c3("winscp-ini-obfuscated-password", "winscp_obf",
    "[Sessions\\payroll%20bureau]\nHostName=sftp.«bureau»\nUserName=«user»\nPassword=«S»\nFSProtocol=2",
    "HostName=sftp.«bureau»")
_c3("liquibase-properties", "pw_db",
    "changeLogFile=db/changelog/master.xml\nurl=jdbc:postgresql://«host»:5432/«db»\nusername=liquibase\npassword=«S»",
    "changeLogFile=db/changelog/master.xml")
_c3("flyway-conf", "pw_db",
    "flyway.url=jdbc:sqlserver://«host»;databaseName=DC_Billing\nflyway.user=flyway\nflyway.password=«S»\nflyway.locations=filesystem:sql",
    "flyway.user=flyway")
_c3("alembic-ini-sqlalchemy-url", "pw_url",
    "[alembic]\nscript_location = migrations\nsqlalchemy.url = postgresql+psycopg2://lossdev:«S»@«host»/actuarial",
    "script_location = migrations")
_c3("dbt-profiles-yml-snowflake", "pw",
    "actuarial:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n      account: «slug»-eu1\n      user: DBT_LOSSDEV\n      password: \"«S»\"\n      warehouse: ACTUARIAL_WH",
    "DBT_LOSSDEV")
_c3("renviron-db-password", "pw",
    "# ~/.Renviron\nACTUARIAL_DB_HOST=«host»\nACTUARIAL_DB_USER=«uname»\nACTUARIAL_DB_PWD=«S»\nR_LIBS_USER=~/R/library",
    "ACTUARIAL_DB_HOST=«host»")
_c3("sas-autoexec-libname-oracle", "pw_db",
    '/* autoexec.sas */\nlibname claims oracle user=sas_claims password="«S»" path=CLMPRD schema=CLAIMS;\noptions fullstimer;',
    "libname claims oracle user=sas_claims")
_c3("excel-odc-connection-string", "pw",
    "<odc:Connection odc:Type=\"OLEDB\">\n  <odc:ConnectionString>Provider=SQLOLEDB.1;Password=«S»;Persist Security Info=True;User ID=finance_ro;Initial Catalog=«db»;Data Source=«host»</odc:ConnectionString>\n</odc:Connection>",
    "User ID=finance_ro")
_c3("odbc-file-dsn", "pw_db",
    "[ODBC]\nDRIVER=ODBC Driver 18 for SQL Server\nUID=claims_reader\nPWD=«S»\nSERVER=«host»\nDATABASE=«db»\nEncrypt=yes",
    "UID=claims_reader")
_c3("wildfly-datasource-security-password", "pw_db",
    '<datasource jndi-name="java:/jdbc/DuckCreekDS" pool-name="DuckCreekDS">\n  <connection-url>jdbc:sqlserver://«host»:1433;databaseName=DC_Policy</connection-url>\n  <security>\n    <user-name>dc_app</user-name>\n    <password>«S»</password>\n  </security>\n</datasource>',
    "java:/jdbc/DuckCreekDS")
_c3("tomcat-context-resource-password", "pw_db",
    '<Context>\n  <Resource name="jdbc/PolicyDB" auth="Container" type="javax.sql.DataSource"\n            username="pc_app" password="«S»"\n            driverClassName="oracle.jdbc.OracleDriver" url="jdbc:oracle:thin:@//«host»:1521/PCPROD"/>\n</Context>',
    "jdbc/PolicyDB")
_c3("tomcat-users-manager-password", "pw_human",
    '<tomcat-users>\n  <role rolename="manager-gui"/>\n  <user username="manager" password="«S»" roles="manager-gui"/>\n</tomcat-users>',
    'rolename="manager-gui"')
_c3("java-keystore-properties", "pw_rand",
    "keystore.path=/opt/gw/conf/gw-signing.p12\nkeystore.type=PKCS12\nkeystore.password=«S»\nkey.alias=gw-signing",
    "keystore.path=/opt/gw/conf/gw-signing.p12")
_c3("imanage-workserver-appsetting", "pw",
    '<appSettings>\n  <add key="WorkServer" value="«host»" />\n  <add key="ServiceAccount" value="«DOM»\\svc_imanage" />\n  <add key="ServiceAccountPassword" value="«S»" />\n</appSettings>',
    '<add key="WorkServer" value="«host»" />')
_c3("netdocuments-sync-json-client-secret", "nd_secret",
    '{\n  "repository": "CA-«hexup8»",\n  "cabinet": "«ndcab»",\n  "clientId": "AP-«hexup8_2»",\n  "clientSecret": "«S»",\n  "host": "api.vault.netvoyage.com"\n}',
    "api.vault.netvoyage.com")
_c3("duckcreek-server-config-datasource", "pw_db",
    '<DataSources>\n  <DataSource Name="Policy" Server="«host»" Database="DC_Policy" UserId="dc_app" Password="«S»" Pooling="true"/>\n</DataSources>',
    'Database="DC_Policy"')
_c3("guidewire-plugin-smtp-properties", "pw",
    "# modules/configuration/config/plugin/registry/emailMessageTransport.properties\nsmtp.host=«host»\nsmtp.user=claims-notify\nsmtp.password=«S»\nsmtp.port=587",
    "smtp.user=claims-notify")
_c3("ssmtp-conf-authpass", "pw",
    "root=postmaster\nmailhub=smtp.office365.com:587\nAuthUser=«email»\nAuthPass=«S»\nUseSTARTTLS=YES", "mailhub=smtp.office365.com:587")
_c3("wireguard-conf-interface-privatekey", "wg_key",
    "[Interface]\nPrivateKey = «S»\nAddress = 10.66.0.«num»/32\nDNS = 10.66.0.1\n\n[Peer]\nPublicKey = «b64_30»\nEndpoint = vpn.«domain»:51820",
    "Endpoint = vpn.«domain»:51820")
_c3("age-identity-key-file", "age",
    "# created: «ts»\n# public key: age1«s58l»\n«S»", "# public key: age1")
_c3("kubeconfig-client-key-data", "pem_rsa_b64",
    "users:\n- name: dms-admin\n  user:\n    client-certificate-data: «b64_30»\n    client-key-data: «S»",
    "name: dms-admin")
_c3("ini-smtp-section-label-pass", "pw",
    "[smtp]\nserver = mail.«domain»\nlogin = noreply-billing\npass = «S»", "server = mail.«domain»")
_c3("relativity-agent-config-json", "relativity_secret",
    '{\n  "RelativityUrl": "https://«host»/Relativity",\n  "ClientId": "«uuid»",\n  "ClientSecret": "«S»",\n  "WorkspaceId": «workspace»\n}',
    '"RelativityUrl": "https://«host»/Relativity"')
_c3("hocon-akka-style-password", "pw",
    'claims-events {\n  kafka {\n    bootstrap = "«host»:9093"\n    sasl.jaas.config = "org.apache.kafka.common.security.plain.PlainLoginModule required username=\\"claims\\" password=\\"«S»\\";"\n  }\n}',
    'bootstrap = "«host»:9093"')


# ---------------------------------------------------------------- source-code
_d = _grp("source-code")
_d("python-psycopg2-connect-kwargs", "pw",
   'conn = psycopg2.connect(\n    host="«host»",\n    dbname="«db»",\n    user="«user»",\n    password="«S»",\n    connect_timeout=10,\n)',
   'host="«host»"')
_d("python-sqlalchemy-mssql-url", "pw_url",
   'engine = create_engine(\n    "mssql+pyodbc://actuary:«S»@«host»/LossDev?driver=ODBC+Driver+18+for+SQL+Server"\n)\ntriangles = pd.read_sql("SELECT * FROM paid_triangle", engine)',
   "paid_triangle")
_d("python-requests-auth-tuple", "pw",
   'resp = requests.get(\n    f"https://{ND_HOST}/v1/Cabinet/{cabinet_id}/folders",\n    auth=("svc_nd", "«S»"),\n    timeout=30,\n)',
   "/v1/Cabinet/{cabinet_id}/folders")
_d("python-headers-dict-bearer", "clio_token",
   'HEADERS = {\n    "Authorization": "Bearer «S»",\n    "Accept": "application/json",\n}\nr = requests.get("https://app.clio.com/api/v4/activities", headers=HEADERS)',
   "https://app.clio.com/api/v4/activities")
_d("python-xero-oauth2token-config", "xero_secret",
   'api_client = ApiClient(\n    Configuration(\n        oauth2_token=OAuth2Token(\n            client_id="«hex32u»",\n            client_secret="«S»",\n        ),\n    ),\n    pool_threads=1,\n)',
   "pool_threads=1")
_d("python-intuit-authclient", "qbo_secret",
   'auth_client = AuthClient(\n    client_id="AB«s48»",\n    client_secret="«S»",\n    environment="production",\n    redirect_uri="https://«ext»/qbo/callback",\n)',
   'environment="production"')
_d("python-environ-get-default-fallback", "clio_token",
   'CLIO_TOKEN = os.environ.get("CLIO_TOKEN", "«S»")  # fallback for local runs', 'os.environ.get("CLIO_TOKEN"')
_d("python-dataclass-default-password", "pw",
   '@dataclass\nclass BureauSftp:\n    host: str = "sftp.«bureau»"\n    user: str = "«user»"\n    password: str = "«S»"\n    remote_dir: str = "/inbound/payroll"',
   "class BureauSftp:")
_d("python-paramiko-connect-password", "pw",
   'ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect("sftp.«bureau»", port=22, username="«user»", password="«S»")',
   'ssh.connect("sftp.«bureau»"')
_d("python-smtplib-login-call", "pw",
   'with smtplib.SMTP("smtp.office365.com", 587) as s:\n    s.starttls()\n    s.login("«email»", "«S»")\n    s.send_message(msg)',
   "smtp.office365.com")
_d("python-ldap3-connection-bind", "pw",
   'conn = Connection(\n    Server("ldaps://«host»", use_ssl=True),\n    user="«DOM»\\\\svc_pm",\n    password="«S»",\n    auto_bind=True,\n)',
   "ldaps://«host»")
_d("python-pyodbc-connect-string", "pw_db",
   'cnxn = pyodbc.connect(\n    "DRIVER={ODBC Driver 18 for SQL Server};SERVER=«host»;DATABASE=«db»;"\n    "UID=claims_etl;PWD=«S»;Encrypt=yes;TrustServerCertificate=yes"\n)',
   "UID=claims_etl")
_d("python-boto3-client-inline-keys", "aws_secret",
   's3 = boto3.client(\n    "s3",\n    region_name="«region»",\n    aws_access_key_id="«akid_f»",\n    aws_secret_access_key="«S»",\n)',
   'region_name="«region»"')
_d("python-jwt-signing-key-constant", "opaque64",
   'SIGNING_KEY = "«S»"\n\ndef portal_token(client_id: str) -> str:\n    payload = {"sub": client_id, "exp": time.time() + 900}\n    return jwt.encode(payload, SIGNING_KEY, algorithm="HS256")',
   "def portal_token(client_id: str) -> str:")
_d("django-settings-secret-key", "django",
   "# settings/production.py\nSECRET_KEY = '«S»'\nDEBUG = False\nALLOWED_HOSTS = ['«ext»']", "ALLOWED_HOSTS = ['«ext»']")
_d("django-settings-databases-password", "pw",
   "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': '«db»',\n        'USER': '«user»',\n        'PASSWORD': '«S»',\n        'HOST': '«host»',\n    }\n}",
   "'HOST': '«host»'")
_d("flask-config-secret-key-assignment", "hex64",
   'app = Flask(__name__)\napp.config["SECRET_KEY"] = "«S»"\napp.config["SESSION_COOKIE_SECURE"] = True', 'app.config["SESSION_COOKIE_SECURE"]')
_d("python-celery-broker-url-constant", "pw_url",
   'CELERY_BROKER_URL = "amqp://claims:«S»@«host»:5672/claims"\nCELERY_RESULT_BACKEND = "rpc://"', 'CELERY_RESULT_BACKEND = "rpc://"')
_d("r-dbi-dbconnect-odbc", "pw",
   'con <- DBI::dbConnect(odbc::odbc(),\n                      Driver   = "ODBC Driver 17 for SQL Server",\n                      Server   = "«host»",\n                      Database = "LossTriangles",\n                      UID      = "«uname»",\n                      PWD      = "«S»")',
   "LossTriangles")
_d("r-httr-add-headers-bearer", "bearer_opaque",
   'res <- httr::GET("https://«host»/api/exposures",\n                 httr::add_headers(Authorization = paste("Bearer", "«S»")))',
   "https://«host»/api/exposures")
_d("sas-proc-sql-connect-odbc", "pw_db",
   'proc sql;\n  connect to odbc as gw (dsn="GWCC" user=sas_ro password="«S»");\n  create table work.open_claims as select * from connection to gw\n    (select ClaimNumber, ReportedDate from cc_claim where State = 2);\nquit;',
   'dsn="GWCC"')
_d("vba-adodb-connection-open", "pw",
   'Set conn = CreateObject("ADODB.Connection")\nconn.Open "Provider=SQLOLEDB;Data Source=«host»;Initial Catalog=Premiums;User ID=xl_ro;Password=«S»;"\nSet rs = conn.Execute("SELECT * FROM dbo.bordereau_q3")',
   "dbo.bordereau_q3")
_d("csharp-connection-string-literal", "pw_db",
   'var cs = "Server=«host»;Database=TrustLedger;User Id=trust_app;Password=«S»;Encrypt=True;";\nusing var conn = new SqlConnection(cs);',
   "using var conn = new SqlConnection(cs);")
_d("csharp-httpclient-x-auth-token", "imanage_token",
   '_client.BaseAddress = new Uri("https://«host»/work/api/v2/");\n_client.DefaultRequestHeaders.Add("X-Auth-Token", "«S»");',
   "/work/api/v2/")
_d("csharp-networkcredential-ctor", "pw",
   'var cred = new NetworkCredential("svc_worksite", "«S»", "«DOM»");\nvar handler = new HttpClientHandler { Credentials = cred };',
   "new HttpClientHandler")
_d("java-drivermanager-getconnection", "pw_db",
   'Connection c = DriverManager.getConnection(\n    "jdbc:oracle:thin:@//«host»:1521/PCPROD", "pc_batch", "«S»");',
   "jdbc:oracle:thin:@//«host»:1521/PCPROD")
_d("gosu-plugin-hardcoded-credential", "pw",
   'var pw = "«S»" // TODO: move to CredentialsPlugin before go-live\n_client.setCredentials("gw_int", pw)\n_client.post("/claims/v1/notes", notePayload)',
   "CredentialsPlugin")
_d("gosu-auth-config-object-init", "pw_human",
   'var config = new GuidewireAuthenticationConfig() {\n  :Username = "su",\n  :Password = "«S»"\n}\nvar api = new PolicyAPI(config)',
   "GuidewireAuthenticationConfig")
_d("js-fetch-token-template-literal", "clio_token",
   'const res = await fetch(`${BASE}/api/v4/contacts`, {\n  headers: { Authorization: `Bearer «S»` },\n});',
   "/api/v4/contacts")
_d("node-nodemailer-auth-pass", "pw",
   'const transport = nodemailer.createTransport({\n  host: "smtp.office365.com",\n  port: 587,\n  auth: { user: "«email»", pass: "«S»" },\n});',
   'host: "smtp.office365.com"')
_d("node-mssql-config-object", "pw_db",
   "const config = {\n  user: 'dc_app',\n  password: '«S»',\n  server: '«host»',\n  database: 'DC_Policy',\n  options: { encrypt: true },\n};",
   "server: '«host»'")
_d("typescript-exported-const-secret", "nd_secret",
   'export const NETDOCS_CLIENT_ID = "AP-«hexup8»";\nexport const NETDOCS_CLIENT_SECRET = "«S»";',
   "NETDOCS_CLIENT_ID")
_d("go-sql-open-keyvalue-dsn", "pw",
   'db, err := sql.Open("postgres", "host=«host» user=ledger_etl password=«S» dbname=ledger sslmode=require")\nif err != nil {\n\tlog.Fatal(err)\n}',
   "dbname=ledger sslmode=require")
_d("go-struct-literal-token-field", "clio_token",
   'cfg := &clio.Config{\n\tBaseURL: "https://eu.app.clio.com/api/v4",\n\tToken:   "«S»",\n\tTimeout: 20 * time.Second,\n}',
   "https://eu.app.clio.com/api/v4")
_d("rust-const-str-secret", "datev_secret",
   'const DATEV_CLIENT_ID: &str = "«uuid»";\nconst DATEV_CLIENT_SECRET: &str = "«S»";', "DATEV_CLIENT_ID")
_d("php-pdo-constructor-password", "pw",
   "$pdo = new PDO('mysql:host=«host»;dbname=practice;charset=utf8mb4', 'pm_web', '«S»');", "mysql:host=«host»")
_d("php-define-constant", "pw",
   "define('SMTP_HOST', 'mail.«domain»');\ndefine('SMTP_USER', 'billing@«domain»');\ndefine('SMTP_PASS', '«S»');",
   "define('SMTP_HOST', 'mail.«domain»');")
_d("ruby-establish-connection-hash", "pw",
   'ActiveRecord::Base.establish_connection(\n  adapter:  "postgresql",\n  host:     "«host»",\n  username: "intake",\n  password: "«S»",\n  database: "intake"\n)',
   'host:     "«host»"')
_d("ruby-stripe-api-key-assign", "stripe_sk",
   'Stripe.api_key = "«S»"\nStripe::Invoice.list(status: "open", limit: 100)', 'Stripe::Invoice.list')
_d("powershell-pscredential-construct", "pw",
   '$secpw = ConvertTo-SecureString "«S»" -AsPlainText -Force\n$cred  = New-Object System.Management.Automation.PSCredential ("«DOM»\\svc_nd", $secpw)\nInvoke-Command -ComputerName «host» -Credential $cred -ScriptBlock { Restart-Service ndSync }',
   "Restart-Service ndSync")
_d("powershell-headers-hashtable-bearer", "nd_token",
   '$headers = @{ "Authorization" = "Bearer «S»"; "Accept" = "application/json" }\nInvoke-RestMethod -Uri "https://api.vault.netvoyage.com/v2/User/info" -Headers $headers',
   "/v2/User/info")
_d("bash-script-variable-sshpass", "pw",
   '#!/usr/bin/env bash\nset -euo pipefail\nSFTP_PASS=\'«S»\'\nsshpass -p "$SFTP_PASS" sftp -b batch.txt «user»@sftp.«bureau»',
   "sftp.«bureau»")
_d("batch-file-set-and-use", "pw_pron",
   '@echo off\nset DATEV_PW=«S»\n"C:\\Program Files (x86)\\DATEV\\PROGRAMM\\B0000010\\Export.exe" /user:«uname» /pw:%DATEV_PW% /mandant:«num4»',
   "/mandant:«num4»")
_d("sql-create-login-check-policy-off", "pw_rand",
   "CREATE LOGIN [svc_claims_etl] WITH PASSWORD = '«S»', CHECK_POLICY = OFF;\nALTER SERVER ROLE [bulkadmin] ADD MEMBER [svc_claims_etl];",
   "svc_claims_etl")
_d("sql-postgres-create-user-encrypted", "pw",
   "CREATE USER lossdev_ro WITH ENCRYPTED PASSWORD '«S»';\nGRANT CONNECT ON DATABASE actuarial TO lossdev_ro;", "lossdev_ro")
_d("sql-oracle-alter-user-identified-by", "pw_db",
   'ALTER USER gw_cc IDENTIFIED BY "«S»" ACCOUNT UNLOCK;', "ALTER USER gw_cc")
_d("sql-mysql-create-user-identified-by", "pw",
   "CREATE USER 'pm_report'@'10.%' IDENTIFIED BY '«S»';\nGRANT SELECT ON practice.* TO 'pm_report'@'10.%';",
   "'pm_report'@'10.%'")
_d("sql-insert-integration-credentials", "sage_secret",
   "INSERT INTO integration_credentials (provider, client_id, client_secret, created_at)\nVALUES ('sage', '«uuid»', '«S»', now());",
   "integration_credentials")
_d("sql-sp-addlinkedsrvlogin", "pw_db",
   "EXEC sp_addlinkedsrvlogin @rmtsrvname = N'DATEVSRV', @useself = N'False', @locallogin = NULL,\n     @rmtuser = N'dvreader', @rmtpassword = N'«S»';",
   "@rmtsrvname = N'DATEVSRV'")
_d("notebook-getpass-bypassed", "pw",
   '# getpass() blocks papermill runs, hardcoding for now\npassword = "«S»"  # getpass.getpass("Oracle password: ")\nconn = oracledb.connect(user="«uname»", password=password, dsn="«host»/CLMPRD")',
   'dsn="«host»/CLMPRD"')
_d("python-test-live-stripe-key", "stripe_sk",
   "# tests/test_trust_payments.py\nLIVE_KEY = \"«S»\"  # FIXME should be sk_test\n\ndef test_refund_roundtrip():\n    stripe.api_key = LIVE_KEY",
   "def test_refund_roundtrip():")
_d("python-docstring-example-real-token", "imanage_token",
   'def open_workspace(ws_id):\n    """Open a workspace.\n\n    Example:\n        >>> c = ImanageClient("https://«host»", token="«S»")\n        >>> c.open_workspace("«lib»!«workspace»")\n    """',
   "def open_workspace(ws_id):")
_d("kotlin-okhttp-credentials-basic", "pw",
   'val auth = Credentials.basic("svc_gw", "«S»")\nval req = Request.Builder().url("https://«host»/pc/rest/policy/v1/policies").header("Authorization", auth).build()',
   "/pc/rest/policy/v1/policies")
_d("scala-spark-jdbc-option-password", "pw_db",
   'val claims = spark.read.format("jdbc")\n  .option("url", "jdbc:sqlserver://«host»;databaseName=ClaimCenter")\n  .option("user", "spark_ro")\n  .option("password", "«S»")\n  .option("dbtable", "dbo.cc_exposure").load()',
   "dbo.cc_exposure")
_d("perl-dbi-connect-oracle", "pw",
   'my $dbh = DBI->connect("dbi:Oracle:host=«host»;sid=CLM", "claims_rpt", "«S»", { RaiseError => 1 });',
   "dbi:Oracle:host=«host»;sid=CLM")
_d("python-webhook-hmac-secret-bytes", "whsec",
   'WEBHOOK_SECRET = b"«S»"\n\ndef verify(body: bytes, sig: str) -> bool:\n    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(mac, sig)',
   "def verify(body: bytes, sig: str) -> bool:")
_d("python-fernet-key-constant", "fernet",
   'FERNET_KEY = b"«S»"\ncipher = Fernet(FERNET_KEY)\nssn_enc = cipher.encrypt(employee.ssn.encode())', "cipher = Fernet(FERNET_KEY)")
_d("python-aes-key-fromhex", "hex64",
   'AES_KEY = bytes.fromhex("«S»")\nnonce = os.urandom(12)\nct = AESGCM(AES_KEY).encrypt(nonce, payload, None)', "AESGCM(AES_KEY)")
_d("python-slack-webclient-token", "xoxb",
   'client = WebClient(token="«S»")\nclient.chat_postMessage(channel="#claims-alerts", text=f"{n} claims stuck in FNOL")',
   "#claims-alerts")
_d("python-openai-client-api-key", "openai",
   'client = OpenAI(api_key="«S»")\nsummary = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": deposition_text}])',
   'model="gpt-4o-mini"')
_d("python-anthropic-client-api-key", "anthropic",
   'client = anthropic.Anthropic(api_key="«S»")\nmsg = client.messages.create(model="claude-3-5-sonnet-latest", max_tokens=1024, messages=[{"role": "user", "content": clause}])',
   "max_tokens=1024")
_d("js-module-exports-docusign-secret", "docusign_secret",
   "module.exports = {\n  docusign: {\n    integrationKey: '«uuid»',\n    secretKey: '«S»',\n    basePath: 'https://eu.docusign.net/restapi',\n  },\n};",
   "https://eu.docusign.net/restapi")
_d("jcl-ftp-sysin-credentials", "edi10",
   "//CLMFTP   JOB (ACCT),'CLAIMS EXTRACT',CLASS=A,MSGCLASS=X\n//STEP1    EXEC PGM=FTP,PARM='(EXIT'\n//INPUT    DD *\n«host»\nCLMXFER «S»\nPUT 'PROD.CLAIMS.DAILY.EXTRACT' claims_daily.txt\nQUIT\n/*",
   "PROD.CLAIMS.DAILY.EXTRACT")
_d("python-nested-config-dict", "pw",
   'CONFIG = {\n    "guidewire": {\n        "base_url": "https://«host»/cc/rest",\n        "username": "integration_user",\n        "password": "«S»",\n    },\n    "batch_size": 500,\n}',
   '"base_url": "https://«host»/cc/rest"')
_d("csharp-appsettings-dev-json-inline", "azure_cs",
   '// appsettings.Development.json (copied into Program.cs for a quick test)\nbuilder.Configuration["AzureAd:ClientSecret"] = "«S»";\nbuilder.Configuration["AzureAd:TenantId"] = "«uuid»";',
   'builder.Configuration["AzureAd:TenantId"]')
_d("python-pandas-read-sql-conn-url", "pw_url",
   'df = pd.read_sql_query(\n    "SELECT policy_id, earned_premium FROM uw.earned_q",\n    "postgresql://uw_analyst:«S»@«host»:5432/uw_workbench",\n)',
   "uw.earned_q")


# ---------------------------------------------------------------- stack-trace-or-log
_e = _grp("stack-trace-or-log")
_e("python-traceback-sqlalchemy-url", "pw_url",
   'Traceback (most recent call last):\n  File "/srv/reserving/load.py", line 52, in <module>\n    engine.connect()\nsqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "«host»" («ip»), port 5432 failed: timeout expired\n[engine url: postgresql://reserving:«S»@«host»:5432/reserving]',
   "/srv/reserving/load.py")
_e("java-log-jdbc-url-password", "pw_db",
   "«lts» INFO  [main] c.g.p.db.PoolFactory - Connecting with jdbc:sqlserver://«host»:1433;databaseName=PolicyCenter;user=pcuser;password=«S»\ncom.microsoft.sqlserver.jdbc.SQLServerException: Login failed for user 'pcuser'.\n\tat com.microsoft.sqlserver.jdbc.SQLServerException.makeFromDatabaseError(SQLServerException.java:265)",
   "c.g.p.db.PoolFactory")
_e("nginx-access-log-access-token-query", "bearer_opaque",
   '«ip» - - [12/Mar/2025:09:14:55 +0000] "GET /api/export/ledger.csv?access_token=«S» HTTP/1.1" 200 482113 "-" "python-requests/2.31.0"',
   "/api/export/ledger.csv")
_e("iis-log-oauth-code-query", "oauth_code",
   "«date» 08:02:11 «ip» GET /NetDocsConnector/callback code=«S»&state=«hex16» 443 - «pubip» Mozilla/5.0 - 302 0 0 47",
   "/NetDocsConnector/callback")
_e("urllib3-debug-headers-dict", "nd_token",
   "DEBUG:urllib3.connectionpool:https://api.vault.netvoyage.com:443 \"GET /v2/Document/«num9»/info HTTP/1.1\" 401 0\nDEBUG:ndsync.client:request headers={'User-Agent': 'ndsync/«ver»', 'Authorization': 'Bearer «S»'}",
   "ndsync.client")
_e("http-client-send-basic-header", lambda f: _enc(f["hex32u"] + ":" + _s(48, _ALNUM + "-_")),
   "send: b'POST /connect/token HTTP/1.1\\r\\nHost: identity.xero.com\\r\\nAuthorization: Basic «S»\\r\\nContent-Type: application/x-www-form-urlencoded\\r\\n\\r\\n'\nreply: 'HTTP/1.1 400 Bad Request\\r\\n'",
   "identity.xero.com")
_e("http-trace-cookie-aspxauth", "aspxauth",
   "[http] > GET /TimeEntry/List HTTP/1.1\n[http] > Host: «host»\n[http] > Cookie: .ASPXAUTH=«S»\n[http] < HTTP/1.1 500 Internal Server Error",
   "/TimeEntry/List")
_e("guidewire-plugin-config-map-dump", "pw",
   "«lts» INFO  ClaimCenter:Plugin server=«host» Plugin ContactSystemPlugin started with params {endpoint=https://«host»/ab/ws, username=gw_int, password=«S», timeout=30000}",
   "ContactSystemPlugin")
_e("soap-wsse-password-text-logged", "pw",
   '<soapenv:Header>\n  <wsse:Security>\n    <wsse:UsernameToken>\n      <wsse:Username>dc_soap</wsse:Username>\n      <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">«S»</wsse:Password>\n    </wsse:UsernameToken>\n  </wsse:Security>\n</soapenv:Header>',
   "<wsse:Username>dc_soap</wsse:Username>")
_e("actuator-env-unmasked-property", "pw_db",
   '"applicationConfig: [classpath:/application-prod.yml]": {\n  "properties": {\n    "spring.datasource.username": {"value": "claims_app"},\n    "spring.datasource.password": {"value": "«S»"}\n  }\n}',
   "application-prod.yml")
_e("compose-service-log-debug-print", "pw",
   "claims-api-1  | [debug] config loaded from /etc/claims/app.yaml\nclaims-api-1  | [debug] using db user claims with password «S»\nclaims-api-1  | [info] listening on :8080",
   "/etc/claims/app.yaml")
_e("shell-xtrace-export-line", "pw",
   "+ source /opt/payroll/env.sh\n++ export SFTP_USER=«user»\n++ SFTP_USER=«user»\n++ export SFTP_PASS=«S»\n++ SFTP_PASS=«S»\n+ python3 push_payroll.py",
   "/opt/payroll/env.sh")
_e("shell-xtrace-curl-u", "pw_url",
   "+ curl -fsS -u svc_xero:«S» https://«host»/hooks/xero/reconcile\ncurl: (22) The requested URL returned error: 503", "/hooks/xero/reconcile")
_e("github-actions-log-export-unmasked", "clio_token",
   "«ts» ##[group]Run ./scripts/deploy.sh\n«ts» + export CLIO_TOKEN=«S»\n«ts» + ./scripts/push_webhooks.sh\n«ts» ##[endgroup]",
   "./scripts/deploy.sh")
_e("jenkins-console-sh-sqlcmd", "pw_db",
   "[Pipeline] sh\n+ sqlcmd -S «host» -U deploy -P «S» -i migrations/0042_trust_ledger.sql\nChanged database context to 'TrustLedger'.\n[Pipeline] }",
   "migrations/0042_trust_ledger.sql")
_e("auth-log-sudo-command-mysql", "pw",
   "Nov 12 07:41:09 «host» sudo[«pid»]:   «uname» : TTY=pts/1 ; PWD=/home/«uname» ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p«S» practice",
   "COMMAND=/usr/bin/mysql")
_e("windows-event-4688-command-line", "pw_human",
   "An account was successfully created / process audit\nEvent ID: 4688\nNew Process Name: C:\\Windows\\System32\\net.exe\nProcess Command Line: net user svc_scan «S» /add /domain\nCreator Process Name: C:\\Windows\\System32\\cmd.exe",
   "Event ID: 4688")
_e("powershell-transcript-cmdlet-param", "nd_secret",
   "**********************\nPowerShell transcript start\nUsername: «DOM»\\«uname»\n**********************\nPS C:\\ndsync> Connect-NetDocs -Repository CA-«hexup8» -ClientSecret «S»\nConnected to NetDocuments (EU)",
   "PowerShell transcript start")
_e("odbc-trace-sqldriverconnect", "pw_db",
   'SageBridge      1f4c-2a10\tENTER SQLDriverConnectW\n\t\tWCHAR *             0x0000009A [      -3] "DSN=SageLine50v29;UID=MANAGER;PWD=«S»;\\ 0"',
   "SQLDriverConnectW")
_e("structured-json-log-refresh-token", "qbo_refresh",
   '{"level":"debug","ts":"«ts»","logger":"qbo.auth","msg":"token refreshed","realm":"«realm»","refresh_token":"«S»"}',
   '"logger":"qbo.auth"')
_e("json-log-login-attempt-password", "pw",
   '{"ts":"«ts»","event":"portal.login","user":"«email»","password":"«S»","result":"fail","ip":"«pubip»"}',
   '"event":"portal.login"')
_e("app-log-failed-login-echo-password", "pw_human",
   "«lts» WARN  AuthService - Login failed for user '«uname»' with password '«S»' (attempt 3/5)", "AuthService")
_e("smtp-session-auth-login-b64", lambda f: _enc(_pw()),
   "<<< 250 AUTH LOGIN PLAIN XOAUTH2\n>>> AUTH LOGIN\n<<< 334 VXNlcm5hbWU6\n>>> «enc_user»\n<<< 334 UGFzc3dvcmQ6\n>>> «S»\n<<< 235 2.7.0 Authentication successful",
   "235 2.7.0 Authentication successful")
_e("ftp-client-debug-pass-command", "pw",
   "---> USER payroll_in\n331 Please specify the password.\n---> PASS «S»\n230 Login successful.\n---> TYPE I",
   "---> USER payroll_in")
_e("mongodb-log-connection-uri", "pw_url",
   '{"t":{"$date":"«ts»"},"s":"I","c":"NETWORK","id":4333208,"ctx":"ReplicaSetMonitor","msg":"Connecting","attr":{"uri":"mongodb://review:«S»@«host»:27017/review?replicaSet=rs0"}}',
   '"ctx":"ReplicaSetMonitor"')
_e("sqlalchemy-echo-parameters", "pw",
   "INFO sqlalchemy.engine.Engine INSERT INTO portal_users (email, password, role) VALUES (%(email)s, %(password)s, %(role)s)\nINFO sqlalchemy.engine.Engine [generated in 0.00031s] {'email': '«email»', 'password': '«S»', 'role': 'client'}",
   "portal_users")
_e("sentry-style-frame-vars", "sage_secret",
   "File \"ledger/sage.py\", line 88, in refresh\n    resp.raise_for_status()\n  Frame vars:\n    client_id     = '«uuid»'\n    client_secret = '«S»'\n    status        = 401",
   "ledger/sage.py")
_e("axios-error-config-auth-dump", "pw",
   "AxiosError: Request failed with status code 401\n    at settle (node_modules/axios/lib/core/settle.js:19:12) {\n  config: {\n    url: 'https://«host»/api/v1/claims',\n    auth: { username: 'fnol_bot', password: '«S»' },\n    method: 'get'\n  }\n}",
   "node_modules/axios/lib/core/settle.js")
_e("axios-error-headers-bearer", "gw_secret",
   "  headers: AxiosHeaders {\n    Accept: 'application/json',\n    Authorization: 'Bearer «S»',\n    'User-Agent': 'axios/1.6.8'\n  },\n  code: 'ERR_BAD_REQUEST'",
   "ERR_BAD_REQUEST")
_e("pydantic-settings-repr-logged", "xero_secret",
   "INFO startup: Settings(db_url='postgresql://ledger@«host»/ledger', xero_client_id='«hex32u»', xero_client_secret='«S»', log_level='INFO')",
   "INFO startup: Settings(")
_e("jvm-arguments-startup-log", "pw_rand",
   "«lts» INFO  [main] Server - JVM arguments: [-Xms4g, -Xmx8g, -Dgw.server.mode=prod, -Djavax.net.ssl.keyStore=/opt/gw/conf/keystore.p12, -Djavax.net.ssl.keyStorePassword=«S», -Dfile.encoding=UTF-8]",
   "-Dgw.server.mode=prod")
_e("catalina-resource-property-warning", "pw_db",
   "WARNING [main] org.apache.tomcat.util.IntrospectionUtils.setProperty Set property [password] to [«S»] on [org.apache.tomcat.jdbc.pool.DataSource@«hex8»] for Resource [jdbc/ClaimDB]",
   "Resource [jdbc/ClaimDB]")
_e("php-pdo-exception-stack-args", "pw",
   "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/pm/lib/db.php:12\nStack trace:\n#0 /var/www/pm/lib/db.php(12): PDO->__construct('mysql:host=«host»...', 'pm_web', '«S»')\n#1 {main}",
   "/var/www/pm/lib/db.php")
_e("ruby-faraday-error-url-api-key", "bearer_opaque",
   "Faraday::UnauthorizedError: the server responded with status 401\n  url: https://api.«domain»/v2/timesheets?api_key=«S»&page=2\n  from /app/lib/timesheets/client.rb:41:in `fetch'",
   "/app/lib/timesheets/client.rb:41")
_e("go-panic-dsn-argument", "pw_url",
   'panic: dial tcp «ip»:5432: connect: connection refused\n\ngoroutine 1 [running]:\nmain.mustConnect({0xc0000a6000, 0x4c})\n\t/src/ledger/main.go:27 +0x1d4\n\tdsn="postgres://etl:«S»@«host»:5432/ledger"',
   "/src/ledger/main.go:27")
_e("dotnet-exception-connectionstring-data", "pw_db",
   "System.Data.SqlClient.SqlException (0x80131904): A network-related or instance-specific error occurred\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)\n   Data[ConnectionString]: Server=«host»;Database=TimeBilling;User Id=tb_app;Password=«S»;",
   "System.Data.SqlClient.SqlException")
_e("audit-log-reset-password-plaintext", "pw_human",
   "«lts» AUDIT actor=«uname» action=reset_password target=«uname_t» new_password=«S» source=helpdesk-portal",
   "action=reset_password")
_e("curl-error-ftp-url-with-credentials", "pw_url",
   "curl: (7) Failed to connect to ftp://payroll:«S»@«host»:21/outbound/: Connection timed out", "Failed to connect")
_e("nodemailer-debug-auth-plain", lambda f: _enc("\0" + f["email"] + "\0" + _pw()),
   "[«ts»] DEBUG [Mailer] C: AUTH PLAIN «S»\n[«ts»] DEBUG [Mailer] S: 235 2.7.0 Authentication successful", "[Mailer]")
_e("ldap-bind-debug-passwd", "pw",
   'ldap_simple_bind: dn="CN=svc_pm,OU=Service Accounts,DC=«slug»,DC=local" passwd="«S»"\nldap_result: Invalid credentials (49)',
   "Invalid credentials (49)")
_e("ike-log-pre-shared-key", "pw_rand",
   "«lts» charon: 07[IKE] using pre-shared key «S» for peer «pubip» (branch-office-«num»)", "charon")
_e("crash-report-environment-section", "imanage_token",
   "Crash report — WorkSiteAgent «ver»\nEnvironment:\n  HOME=/home/svc\n  IMANAGE_URL=https://«host»\n  IMANAGE_TOKEN=«S»\n  PATH=/usr/local/bin:/usr/bin",
   "WorkSiteAgent")
_e("pytest-captured-log-token", "clio_token",
   "------------------------------ Captured log call -------------------------------\nDEBUG    clio.client:client.py:88 GET /api/v4/users/who_am_i token=«S»\nWARNING  clio.client:client.py:97 rate limited, retrying",
   "clio.client:client.py:88")
_e("flask-debug-request-form-dump", "pw",
   "DEBUG in portal: request.form=ImmutableMultiDict([('username', '«email»'), ('password', '«S»'), ('remember', 'on')])",
   "request.form=ImmutableMultiDict")
_e("django-error-email-post-section", "pw",
   "POST:\nusername = '«uname»'\npassword = '«S»'\ncsrfmiddlewaretoken = '«s64»'\n\nFILES: No FILES data", "FILES: No FILES data")
_e("argocd-diff-log-added-secret", "pw_db",
   "===== /Secret claims/gw-db ======\n  data:\n-   password: ++++++++\n+ stringData:\n+   password: «S»", "/Secret claims/gw-db")
_e("terraform-debug-provider-client-secret", "azure_cs",
   '«ts» [DEBUG] provider.terraform-provider-azurerm_v3.90.0_x5: AzureRM Request: POST /«uuid»/oauth2/v2.0/token body: grant_type=client_credentials&client_id=«uuid_c»&client_secret=«S»',
   "provider.terraform-provider-azurerm")
_e("ansible-vvv-module-args", "pw",
   'TASK [datev : create service user] ***\nok: [«host»] => {"changed": false, "invocation": {"module_args": {"name": "svc_datev", "password": "«S»", "state": "present"}}}',
   "TASK [datev : create service user]")
_e("powershell-error-record-body", "sage_secret",
   'Invoke-RestMethod : {"error":"invalid_client"}\nAt C:\\Scripts\\sage_token.ps1:14 char:1\n+ Invoke-RestMethod -Method Post -Uri $tokenUrl -Body "client_id=$id&client_secret=«S»&grant_type=client_credentials"',
   "C:\\Scripts\\sage_token.ps1:14")
_e("cron-mail-subject-command-line", "pw",
   "From: Cron Daemon <root@«host»>\nSubject: Cron <root@«host»> /usr/local/bin/bdx_export.sh --db-pass «S» --out /srv/bdx\n\nexport finished with 2 warnings",
   "/usr/local/bin/bdx_export.sh")
_e("journalctl-sftp-url-in-message", "pw_url",
   "«date» 02:00:03 «host» payroll-export[«pid»]: connecting to sftp://payroll:«S»@sftp.«bureau»:22/inbound", "payroll-export")
_e("squid-access-log-sas-sig", "sas_sig",
   "«num4».412   1834 «ip» TCP_MISS/200 88213 GET https://«slug»docs.blob.core.windows.net/productions/VOL«num».zip?sv=2022-11-02&ss=b&srt=o&sp=r&se=«date»T18:00:00Z&spr=https&sig=«S» - HIER_DIRECT/«pubip» application/zip",
   "«slug»docs.blob.core.windows.net")
_e("app-log-s3-presigned-share-link", "s3_sig",
   "INFO upload complete; share link: https://«bucket».s3.«region».amazonaws.com/productions/VOL«num».zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«akid_f»%2F«date8»%2F«region»%2Fs3%2Faws4_request&X-Amz-Date=«date8»T101500Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»",
   "X-Amz-Algorithm=AWS4-HMAC-SHA256")
_e("app-log-gcs-signed-url", "gcs_sig",
   "«lts» INFO exporter: signed download https://storage.googleapis.com/«bucket»/triangles/paid_«year».parquet?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=exporter%40actuarial.iam.gserviceaccount.com%2F«date8»%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=«date8»T120000Z&X-Goog-Expires=3600&X-Goog-SignedHeaders=host&X-Goog-Signature=«S»",
   "storage.googleapis.com/«bucket»")
_e("cloudfront-signed-url-log-line", "cf_sig",
   "«lts» DEBUG portal.downloads issued https://d«s13l».cloudfront.net/engagement-letters/«matter».pdf?Expires=«num9»&Signature=«S»&Key-Pair-Id=K«s13»",
   "portal.downloads")
_e("relativity-agent-log-bearer-header", "bearer_opaque",
   "«lts» [Relativity.Agent.ProcessingWorker] DEBUG Request headers: X-CSRF-Header=-, Authorization=Bearer «S»", "Relativity.Agent.ProcessingWorker")
_e("nuix-worker-log-licence-auth", "pw",
   "«lts» INFO  [licence] Authenticating to licence server «host»:27443 as «user»/«S»",
   "licence server «host»:27443")
_e("sqlplus-spool-connect-line", "pw_db",
   "SQL> CONNECT gw_bc/«S»@BCPRD\nConnected.\nSQL> @archive_invoices.sql\n14812 rows updated.", "@archive_invoices.sql")
_e("setupact-log-autologon-password", "pw_human",
   "«lts», Info [Shell Unattend] AutoLogon: Username 'LocalSupport', Password '«S»', LogonCount 1", "[Shell Unattend]")
_e("edi-x12-isa-security-info", "edi10",
   "«lts» DEBUG edi.outbound 837P interchange:\nISA*00*          *01*«S»*ZZ*«s10u»*ZZ*PAYERCLRHSE    *«date6»*1253*^*00501*«num9»*0*P*:~",
   "edi.outbound 837P interchange")
_e("acord-xml-signon-pswd", "pw",
   "<ACORD>\n  <SignonRq>\n    <SignonPswd>\n      <CustId><SPName>com.«slug»</SPName><CustLoginId>agency«num4»</CustLoginId></CustId>\n      <CustPswd><EncryptionTypeCd>NONE</EncryptionTypeCd><Pswd>«S»</Pswd></CustPswd>\n    </SignonPswd>\n  </SignonRq>",
   "<CustLoginId>agency«num4»</CustLoginId>")
_e("guidewire-soap-gw-authentication-header", "pw",
   "«lts» DEBUG wsi.webservice - inbound request:\n<soap:Header>\n  <gwsoap:gw_authentication xmlns:gwsoap=\"http://guidewire.com/ws/soapheaders\">\n    <gwsoap:username>su</gwsoap:username>\n    <gwsoap:password>«S»</gwsoap:password>\n  </gwsoap:gw_authentication>\n</soap:Header>",
   "wsi.webservice")
_e("docker-daemon-log-registry-auth-b64", lambda f: _enc(json.dumps({"username": "ci", "password": _pw_db()})),
   "time=\"«ts»\" level=debug msg=\"Calling POST /v1.43/images/create?fromImage=harbor.«domain»%2Flegal%2Fpm&tag=«ver»\"\ntime=\"«ts»\" level=debug msg=\"X-Registry-Auth: «S»\"",
   "/v1.43/images/create")
_e("k8s-kubelet-log-env-substitution", "pw",
   "«date» 11:02:43.118 kubelet[«pid»]: E0412 kuberuntime_manager.go:1256] container &Container{Name:payroll-sync,Env:[]EnvVar{EnvVar{Name:SFTP_PASSWORD,Value:«S»,ValueFrom:nil,},},} start failed",
   "Name:payroll-sync")


# ---------------------------------------------------------------- note-or-chat
_n = _grp("note-or-chat")
_n("slack-thread-handover-password", "pw_human",
   "«person» [09:12]: @«person2» handing over the DATEV box before my leave — local admin is .\\dvadmin / «S»\n«person» [09:12]: please rotate it after the Friday export",
   "handing over the DATEV box")
_n("teams-message-german-passwort", "pw_umlaut",
   "[Teams] «fullname»: Hi «person», das Passwort für den DATEV-Server («host») ist «S» – bitte nicht weitergeben, ich ändere es nach der Umstellung.",
   "DATEV-Server («host»)")
_n("french-chat-mot-de-passe", "pw",
   "«person» : le mot de passe du compte de service iManage (svc_imanage) c'est \"«S»\", je l'ai retrouvé dans l'ancien wiki", "compte de service iManage")
_n("spanish-whatsapp-clave-sftp", "pw",
   "[«hm», «date»] «person»: la clave del SFTP de nómina es «S» y el usuario «user», el host es sftp.«bureau»",
   "sftp.«bureau»")
_n("dutch-chat-wachtwoord-koppeling", "xero_secret",
   "«person»: het client secret voor de Xero-koppeling is «S» (client id staat al in de config)", "Xero-koppeling")
_n("italian-chat-password-sa", "pw_db",
   "«person»: la password dell'utente sa sul server Sage (\\\\«host») è «S», mi raccomando non scriverla nel ticket 😅",
   "server Sage")
_n("portuguese-chat-senha-guidewire", "pw",
   "«person» ➜ a senha do Guidewire UAT (usuário su) agora é «S». Expira em 30 dias.", "Guidewire UAT")
_n("polish-chat-haslo-konto", "pw",
   "«person»: hasło do konta svc_ndsync to «S» — zmienię je po migracji do NetDocuments", "svc_ndsync")
_n("swedish-note-losenord-loneserver", "pw_human",
   "Anteckning: lösenordet till löneservern («host») är «S», användare «uname».", "löneservern («host»)")
_n("japanese-chat-kanri-password", "pw_rand",
   "«person»さん、会計システム（弥生会計サーバー）の管理者パスワードは «S» です。作業後に変更してください。", "弥生会計サーバー")
_n("chinese-note-mima", "pw",
   "备注：理赔系统数据库（«host»）的密码：«S»（请勿外传）", "理赔系统数据库（«host»）")
_n("korean-chat-bimilbeonho", "pw_human",
   "«person»: 급여 시스템 관리자 계정 «uname» 비밀번호: «S» 입니다", "급여 시스템 관리자 계정")
_n("hindi-chat-password", "pw",
   "«person»: Tally server का पासवर्ड «S» है, यूज़र admin", "Tally server")
_n("turkish-chat-sifre", "pw_human",
   "«person»: Logo muhasebe sunucusu şifre: «S» (kullanıcı: «uname»)", "Logo muhasebe sunucusu")
_n("czech-chat-heslo", "pw",
   "«person»: heslo k Sage serveru je «S», uživatel MANAGER", "uživatel MANAGER")
_n("russian-chat-parol-1c", "pw_human",
   "«person»: пароль от базы 1С:Бухгалтерия (пользователь Администратор) — «S»", "1С:Бухгалтерия")
_n("arabic-chat-kalimat-al-murur", "pw",
   "«person»: كلمة المرور لحساب الرواتب على الخادم «host» هي «S»", "«host»")
_n("agent-running-notes-test-creds", "pw",
   "## Running notes\n- iManage UAT test creds from «person»: svc_wstest / «S» (works on dms-uat only)\n- next: reproduce the check-in failure on «lib»",
   "## Running notes")
_n("goal-statement-with-client-secret", "xero_secret",
   "GOAL: get the Xero → Sage journal sync working again for «client». User pasted the client secret from the ticket: «S». Do not write it to disk.",
   "Xero → Sage journal sync")
_n("decision-log-shared-account", "pw",
   "Decision («date»): keep using the shared «svc» account (pw «S») until SSO for the claims portal is live; revisit in Q«q».",
   "shared «svc» account")
_n("email-forward-temporary-password", "pw_human",
   "---------- Forwarded message ---------\nFrom: Payroll Portal <noreply@«bureau»>\nSubject: Your account\n\nHello «person»,\nYour temporary password is: «S»\nPlease change it at first login.",
   "Forwarded message")
_n("servicedesk-ticket-comment-reset", "pw_human",
   "«ticket» — reset done. New password for «uname»: «S» (user must change at next logon). Closing.", "«ticket» — reset done")
_n("sticky-note-photo-transcribed", "pw",
   "Photo of the sticky note on the reception PC says: 'Clio – «email» – «S»'. Flagging to «person».", "sticky note on the reception PC")
_n("meeting-notes-bullets-pw-line", "pw",
   "Duck Creek UAT sync — notes\n* admin user: dcadmin\n* pw: «S»\n* env expires end of month\n* «person» owns the rating manuscript", "Duck Creek UAT sync")
_n("creds-arrow-abbreviation", "pw",
   "creds for the e-discovery box → «user» pw «S» (Nuix Workstation)", "creds for the e-discovery box")
_n("pass-abbreviation-inline", "pw_rand",
   "nuix lic server pass «S», port 27443", "nuix lic server")
_n("unlabeled-user-slash-pair", "pw_human",
   "«user»/«S» works for the Relativity review workspace «workspace»", "Relativity review workspace «workspace»")
_n("password-on-next-line-after-label", "pw_rand",
   "Password for the NetDocuments service account:\n\n«S»\n\nUsername is «email».", "Username is «email».")
_n("chat-code-block-connection-string", "pw_db",
   "«person»: here's the conn string for the trust ledger db\n```\nServer=«host»;Database=TrustLedger;User Id=trust_ro;Password=«S»;\n```",
   "trust ledger db")
_n("handover-markdown-table-row", "pw_human",
   "| System | Host | User | Password |\n|---|---|---|---|\n| Sage 200 | «host» | manager | «S» |\n| Clio | cloud | «email» | (SSO) |",
   "| System | Host | User | Password |")
_n("vendor-support-chat-transcript", "pw",
   "Intuit Support: To continue, can you confirm the Web Connector password for the company file?\nMe: it's «S»\nIntuit Support: Thanks, I can see the sync error now.",
   "Intuit Support")
_n("voicemail-transcript-spoken-passphrase", "pw_spaced",
   "Voicemail transcript («date», «person» from IT): '...so the new wifi passphrase for the deposition room is «S», all lower case, call me back if it doesn't take.'",
   "Voicemail transcript")
_n("bitlocker-recovery-key-chat", "bitlocker",
   "«person»: the BitLocker recovery key for LT-«num4» («fullname»'s laptop) is «S»", "LT-«num4»")
_n("guest-wifi-key-note", "pw_phrase",
   "Guest wifi for the mediation suite: SSID «slug»-Mediation, key «S»", "SSID «slug»-Mediation")
_n("mfa-backup-codes-list", lambda f: " ".join(_pin(4) + "-" + _pin(4) for _ in range(5)),
   "Backup codes for the shared Xero admin login (store in the safe, not here):\n«S»", "shared Xero admin login")
_n("totp-seed-shared-login", "totp",
   "TOTP seed for the shared payroll portal login so the script can generate codes: «S» (issuer: «bureau»)", "TOTP seed")
_n("agent-scratchpad-session-token", "clio_token",
   "scratchpad: user pasted their Clio API token («S») — use it only for this session's export of matter «matter», don't persist",
   "export of matter «matter»")
_n("jira-comment-sftp-creds-from-bureau", "pw",
   "[~«uname»] the SFTP creds the bureau sent: host sftp.«bureau», user «user», password «S». Key auth coming next week.",
   "Key auth coming next week")
_n("german-quoted-email-kennwort", "pw_umlaut",
   "> Sehr geehrte Frau «surname»,\n> anbei die Zugangsdaten für DATEV Unternehmen online:\n> Benutzer: «uname»\n> Kennwort: «S»\n> Mit freundlichen Grüßen",
   "DATEV Unternehmen online")
_n("sms-temporary-password-paste", "pw_pron",
   "SMS from ADP: Your Workforce Now temporary password is «S». It expires in 24 hours. Do not share this code.", "SMS from ADP")
_n("onboarding-checklist-initial-pw", "pw_human",
   "Onboarding «fullname»\n- [x] AD account «uname» (initial pw «S», must change)\n- [ ] iManage license\n- [ ] Clio seat",
   "- [ ] iManage license")
_n("emoji-key-prefix-note", "pw",
   "🔑 Sage 50 admin (MANAGER): «S»", "Sage 50 admin")
_n("mexico-sat-ciec-note", "pw_rand",
   "Nota: clave CIEC del SAT del cliente «client» (RFC «s12u»): «S»", "clave CIEC del SAT")
_n("brazil-certificado-a1-senha", "pw",
   "«person»: senha do certificado A1 (e-CNPJ) da «client»: «S» — vence em «date»", "certificado A1 (e-CNPJ)")
_n("french-impots-gouv-identifiants", "pw_human",
   "Identifiants impots.gouv de la SCI «surname» : «num13» / «S»", "impots.gouv")
_n("german-elster-zertifikat-pin", "pw_rand",
   "ELSTER-Zertifikat für Mandant «num4»: Datei liegt unter K:\\Mandanten\\«num4»\\elster.pfx, PIN «S»", "ELSTER-Zertifikat")
_n("uk-government-gateway-login", "pw_human",
   "Government Gateway for «client»: user ID «num12», password «S» (agent services account)", "Government Gateway")
_n("xero-hq-practice-login", "pw",
   "Xero HQ login for the practice: «email» / «S» — MFA is on «person»'s phone", "Xero HQ login")
_n("italian-fisconline-pin", "pin10",
   "PIN Fisconline completo del cliente «client»: «S» (le prime 4 cifre arrivano via email)", "PIN Fisconline")
_n("spanish-certificado-fnmt-contrasena", "pw_human",
   "contraseña del certificado FNMT de la sociedad: «S» (lo usamos para presentar el modelo 303)", "modelo 303")
_n("dutch-machtiging-wachtwoord", "pw",
   "Inloggegevens belastingdienst-portaal (intermediair) voor «client»: gebruikersnaam «uname», wachtwoord «S»", "belastingdienst-portaal")
_n("agent-note-old-secret-to-revoke", "gw_secret",
   "Rotation plan: old Guidewire API client secret «S» stays valid until cutover on «date», then revoke in Hub.",
   "Rotation plan")
_n("chat-paste-jwt-try-this", "jwt_xero",
   "«person»: token expired? try this one: «S»", "token expired?")
_n("hinglish-chat-db-password", "pw_db",
   "«person»: bhai claims DB ka password «S» hai, prod pe mat chalana", "claims DB")
_n("tagalog-chat-password", "pw_human",
   "«person»: ang password ng payroll server ay «S», huwag i-share", "payroll server")
_n("vietnamese-chat-mat-khau", "pw",
   "«person»: mật khẩu tài khoản kế toán MISA là «S»", "MISA")
_n("greek-chat-kodikos", "pw_human",
   "«person»: ο κωδικός για τον server των μισθοδοσιών είναι «S»", "μισθοδοσιών")
_n("hebrew-chat-sisma", "pw",
   "«person»: הסיסמה לשרת הנהלת החשבונות: «S»", "הנהלת החשבונות")
_n("indonesian-chat-kata-sandi", "pw_human",
   "«person»: kata sandi untuk akun Xero kantor: «S» (email «email»)", "akun Xero kantor")
_n("ukrainian-chat-parol-datev", "pw_umlaut",
   "«person»: пароль до DATEV для клієнта «num4»: «S»", "DATEV")
_n("goal-with-pat-in-parentheses", "glpat",
   "Goal: mirror the claims-etl repo to the new GitLab. Token the user gave me (expires Friday): «S»", "mirror the claims-etl repo")
_n("email-signature-style-credentials", "pw",
   "Hi team, for tomorrow's deposition the court reporter's Zoom backup account is «email», password «S». Thanks, «person»",
   "court reporter's Zoom backup account")
_n("finnish-chat-salasana", "pw_human",
   "«person»: Netvisorin rajapintakäyttäjän salasana on «S»", "Netvisorin")
_n("norwegian-chat-passord", "pw",
   "«person»: passordet til Tripletex-integrasjonen er «S»", "Tripletex-integrasjonen")
_n("afrikaans-chat-wagwoord", "pw_human",
   "«person»: die wagwoord vir die Pastel bediener is «S»", "Pastel bediener")
_n("danish-note-adgangskode", "pw",
   "Note: adgangskode til e-conomic API-brugeren er «S»", "e-conomic")
_n("agent-decision-temporary-hardcode", "datev_secret",
   "Decision: hardcode the DATEV sandbox client secret («S») in the test fixture for now; real one comes from the vault.",
   "DATEV sandbox")


# ---------------------------------------------------------------- ci-and-deploy
_k = _grp("ci-and-deploy")
_k("github-actions-env-hardcoded", "xero_secret",
   "jobs:\n  sync:\n    runs-on: ubuntu-latest\n    env:\n      XERO_CLIENT_ID: «hex32u»\n      XERO_CLIENT_SECRET: «S»\n    steps:\n      - uses: actions/checkout@v4",
   "runs-on: ubuntu-latest")
_k("github-actions-docker-login-with-password", "pw_rand",
   "      - uses: docker/login-action@v3\n        with:\n          registry: «slug».azurecr.io\n          username: «slug»ci\n          password: «S»",
   "docker/login-action@v3")
_k("gitlab-ci-variables-block", "sage_secret",
   'variables:\n  SAGE_CLIENT_ID: "«uuid»"\n  SAGE_CLIENT_SECRET: "«S»"\n  GIT_DEPTH: "10"', 'GIT_DEPTH: "10"')
_k("gitlab-ci-script-private-token-header", "glpat",
   'release:\n  stage: deploy\n  script:\n    - curl --header "PRIVATE-TOKEN: «S»" "https://gitlab.«domain»/api/v4/projects/«num»/releases"',
   "stage: deploy")
_k("jenkinsfile-environment-block", "nd_secret",
   "pipeline {\n  agent { label 'windows' }\n  environment {\n    NETDOCS_CLIENT_SECRET = '«S»'\n  }\n  stages { stage('Sync') { steps { bat 'ndsync.exe --full' } } }\n}",
   "agent { label 'windows' }")
_k("jenkinsfile-sh-sqlcmd-inline", "pw_db",
   "stage('Migrate') {\n  steps {\n    sh \"sqlcmd -S «host» -U deploy -P '«S»' -i migrations/*.sql\"\n  }\n}",
   "stage('Migrate')")
_k("azure-pipelines-variables-value", "pw",
   "variables:\n  - name: imanageUser\n    value: svc_imanage\n  - name: imanagePassword\n    value: «S»\n\npool:\n  vmImage: windows-2022",
   "vmImage: windows-2022")
_k("bitbucket-pipelines-sftp-deploy-pipe", "pw",
   "- pipe: atlassian/sftp-deploy:0.5.9\n  variables:\n    USER: 'deploy'\n    SERVER: '«host»'\n    REMOTE_PATH: '/var/www/intake'\n    PASSWORD: '«S»'",
   "atlassian/sftp-deploy:0.5.9")
_k("circleci-job-environment", "pw_db",
   "jobs:\n  test:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n      PGHOST: «host»\n      PGPASSWORD: «S»",
   "cimg/python:3.12")
_k("drone-plugin-settings-password", "pw_rand",
   "steps:\n- name: publish\n  image: plugins/docker\n  settings:\n    repo: registry.«domain»/legal/conflicts\n    username: drone\n    password: «S»",
   "image: plugins/docker")
_k("teamcity-kotlin-dsl-param", "pw",
   'params {\n    param("env.DC_USER", "dc_deploy")\n    param("env.DC_PASSWORD", "«S»")\n}', 'param("env.DC_USER", "dc_deploy")')
_k("octopus-variable-json-not-sensitive", "pw_db",
   '{\n  "Name": "GwDbPassword",\n  "Value": "«S»",\n  "Type": "String",\n  "IsSensitive": false,\n  "Scope": { "Environment": ["Environments-«num»"] }\n}',
   '"Name": "GwDbPassword"')
_k("ansible-inventory-ini-vars", "pw",
   "[claims_servers]\n«host»\n\n[claims_servers:vars]\nansible_user=deploy\nansible_password=«S»\nansible_connection=winrm",
   "[claims_servers:vars]")
_k("ansible-group-vars-plain-yaml", "pw",
   '# group_vars/dms.yml\nimanage_server: «host»\nimanage_svc_user: svc_imanage\nimanage_svc_password: "«S»"', "imanage_server: «host»")
_k("ansible-playbook-extra-vars-become", "pw_human",
   'ansible-playbook -i inventories/prod site.yml --limit payroll -e "ansible_become_pass=«S»"', "--limit payroll")
_k("k8s-deployment-env-value", "clio_token",
   "        env:\n        - name: CLIO_BASE_URL\n          value: https://app.clio.com\n        - name: CLIO_API_TOKEN\n          value: \"«S»\"",
   "name: CLIO_BASE_URL")
_k("helm-values-postgresql-auth", "pw_db",
   "postgresql:\n  enabled: true\n  auth:\n    username: intake\n    password: «S»\n    database: intake", "username: intake")
_k("docker-build-arg-npm-token", "npm",
   "docker build --build-arg NPM_TOKEN=«S» -t registry.«domain»/legal/pm-portal:«ver» .", "registry.«domain»/legal/pm-portal:«ver»")
_k("dockerfile-env-instruction", "xero_secret",
   "FROM python:3.12-slim\nWORKDIR /app\nENV XERO_CLIENT_SECRET=«S»\nCOPY . .\nCMD [\"python\", \"-m\", \"ledger_sync\"]", "FROM python:3.12-slim")
_k("dockerfile-run-pip-extra-index-creds", "pw_url",
   "RUN pip install --no-cache-dir --extra-index-url https://ci:«S»@nexus.«domain»/repository/pypi-internal/simple gwclient==«ver»",
   "gwclient==«ver»")
_k("tf-var-env-prefix-apply", "pw_rand",
   "TF_VAR_sql_admin_password='«S»' terraform apply -auto-approve -var-file=env/«env».tfvars", "-var-file=env/«env».tfvars")
_k("packer-hcl-variable-default", "pw_human",
   'variable "winrm_password" {\n  type    = string\n  default = "«S»"\n}\n\nsource "azure-arm" "imanage_worker" {\n  communicator = "winrm"\n}',
   'source "azure-arm" "imanage_worker"')
_k("cloud-init-chpasswd-list", "pw",
   "#cloud-config\nchpasswd:\n  expire: false\n  list: |\n    ubuntu:«S»\nssh_pwauth: true", "#cloud-config")
_k("arm-template-parameters-admin-password", "pw_rand",
   '{\n  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",\n  "parameters": {\n    "adminUsername": { "value": "gwadmin" },\n    "adminPassword": { "value": "«S»" }\n  }\n}',
   '"adminUsername": { "value": "gwadmin" }')
_k("bicepparam-sql-admin-password", "pw_rand",
   "using './main.bicep'\nparam sqlAdminLogin = 'claimsadmin'\nparam sqlAdminPassword = '«S»'", "using './main.bicep'")
_k("pulumi-stack-config-plain", "pw",
   "config:\n  azure-native:location: westeurope\n  claims:dbPassword: «S»\n  claims:dbUser: claims_admin", "azure-native:location: westeurope")
_k("serverless-yml-provider-environment", "qbo_secret",
   "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    QBO_CLIENT_ID: AB«s48»\n    QBO_CLIENT_SECRET: «S»", "runtime: nodejs20.x")
_k("netlify-toml-build-environment", "clio_token",
   '[build]\n  command = "npm run build"\n[build.environment]\n  CLIO_TOKEN = "«S»"\n  NODE_VERSION = "20"', 'command = "npm run build"')
_k("flyctl-secrets-set", "xero_secret",
   "flyctl secrets set XERO_CLIENT_SECRET=«S» -a ledger-sync-«env»", "-a ledger-sync-«env»")
_k("heroku-config-set-command", "sage_secret",
   "heroku config:set SAGE_CLIENT_SECRET='«S»' -a tb-bridge", "-a tb-bridge")
_k("kubectl-set-env-deployment", "pw",
   "kubectl set env deploy/claims-api DB_PASSWORD='«S»' -n claims && kubectl rollout status deploy/claims-api -n claims",
   "deploy/claims-api")
_k("argo-workflow-parameter-value", "pw_db",
   "spec:\n  arguments:\n    parameters:\n    - name: db-host\n      value: «host»\n    - name: db-password\n      value: \"«S»\"",
   "name: db-host")
_k("github-actions-run-curl-token", "ghp",
   '      - name: Tag release\n        run: |\n          curl -X POST -H "Authorization: token «S»" \\\n            https://api.github.com/repos/«slug»/conflicts/git/refs -d @ref.json',
   "name: Tag release")
_k("deploy-sh-sshpass-scp", "pw",
   "#!/bin/sh\n# deploy.sh — intake portal\nsshpass -p «S» scp -o StrictHostKeyChecking=no build.zip deploy@«host»:/opt/intake/\nssh deploy@«host» 'sudo systemctl restart intake'",
   "deploy.sh — intake portal")
_k("azure-publishsettings-userpwd", lambda f: _s(60, _ALNUM),
   '<publishData>\n  <publishProfile profileName="pm-portal - Web Deploy" publishMethod="MSDeploy" publishUrl="pm-portal.scm.azurewebsites.net:443" msdeploySite="pm-portal" userName="$pm-portal" userPWD="«S»" destinationAppUrl="https://pm-portal.azurewebsites.net" />\n</publishData>',
   'profileName="pm-portal - Web Deploy"')
_k("msdeploy-cmdline-password", "pw",
   'msdeploy.exe -verb:sync -source:package=PM.zip -dest:auto,computerName="https://«host»:8172/msdeploy.axd",userName=deploy,password=«S»,authType=Basic -allowUntrusted',
   "-source:package=PM.zip")
_k("octo-push-api-key", "octopus",
   "octo push --package PracticeMgmt.«ver».nupkg --server https://deploy.«domain» --apiKey «S»", "PracticeMgmt.«ver».nupkg")
_k("dotnet-nuget-push-api-key", "nuget",
   "dotnet nuget push bin/Release/ClaimsSdk.«ver».nupkg --api-key «S» --source https://api.nuget.org/v3/index.json",
   "ClaimsSdk.«ver».nupkg")
_k("sonar-scanner-login-token", "sonar",
   "sonar-scanner -Dsonar.projectKey=claims-api -Dsonar.host.url=https://sonar.«domain» -Dsonar.login=«S»", "-Dsonar.projectKey=claims-api")
_k("codecov-token-env", "uuid_s",
   "      - uses: codecov/codecov-action@v4\n        env:\n          CODECOV_TOKEN: «S»", "codecov/codecov-action@v4")
_k("snyk-token-export", "uuid_s",
   "export SNYK_TOKEN=«S»\nsnyk test --all-projects --severity-threshold=high", "snyk test --all-projects")
_k("sentry-cli-auth-token-env", "sntrys",
   "SENTRY_AUTH_TOKEN=«S» sentry-cli releases new -p claims-portal «ver»", "sentry-cli releases new")
_k("gcp-credentials-base64-ci-var", lambda f: _enc(json.dumps({"type": "service_account", "project_id": "actuarial-" + _pin(4),
                                                             "private_key_id": _hex(40)})),
   "# GitLab CI/CD variable dump (Settings > CI/CD)\nGOOGLE_CREDENTIALS_B64 = «S»\nGOOGLE_PROJECT = actuarial-«num4»",
   "GOOGLE_PROJECT = actuarial-«num4»")
_k("docker-compose-prod-override-env", "gw_secret",
   "# docker-compose.prod.yml\nservices:\n  fnol-bridge:\n    environment:\n      GW_API_CLIENT_ID: fnol-bridge\n      GW_API_CLIENT_SECRET: «S»",
   "GW_API_CLIENT_ID: fnol-bridge")
_k("terraform-init-backend-config-access-key", "azure_storage_key",
   'terraform init -backend-config="storage_account_name=tfstate«slug5»" -backend-config="access_key=«S»"', "terraform init")
_k("makefile-deploy-target-pgpassword", "pw_db",
   "deploy-db:\n\tPGPASSWORD=«S» psql -h $(DB_HOST) -U migrator -f sql/release.sql\n\nrelease: deploy-db deploy-app", "deploy-db:")
_k("gitlab-ci-docker-login-hardcoded", "glpat",
   "before_script:\n  - docker login -u gitlab-ci-token -p «S» $CI_REGISTRY", "before_script:")
_k("github-workflow-services-postgres-password", "pw_db",
   "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_USER: lossdev\n          POSTGRES_PASSWORD: «S»\n        ports: ['5432:5432']",
   "image: postgres:16")
_k("nomad-template-heredoc", "pw",
   'template {\n  destination = "secrets/db.env"\n  env         = true\n  data        = <<EOH\nDB_USER="bdx"\nDB_PASS="«S»"\nEOH\n}',
   'destination = "secrets/db.env"')
_k("consul-kv-put-command", "pw",
   "consul kv put claims/«env»/db/password «S»", "consul kv put claims/«env»/db/password")
_k("salt-pillar-sls-password", "pw",
   "# /srv/pillar/claims.sls\nclaims:\n  db:\n    host: «host»\n    password: «S»", "/srv/pillar/claims.sls")
_k("chef-data-bag-item-json", "pw_rand",
   '{\n  "id": "datev",\n  "admin_user": "dvadmin",\n  "password": "«S»"\n}', '"id": "datev"')
_k("puppet-hiera-yaml-key", "pw",
   "---\nprofile::imanage::svc_user: 'svc_imanage'\nprofile::imanage::svc_password: '«S»'", "profile::imanage::svc_user")
_k("powershell-dsc-configuration-password", "pw_human",
   'Configuration ScannerShare {\n    $pw = ConvertTo-SecureString "«S»" -AsPlainText -Force\n    $cred = New-Object PSCredential ("«DOM»\\svc_scan", $pw)\n    Node "«host»" { }\n}',
   "Configuration ScannerShare")
_k("renovate-hostrules-password", "pw_db",
   '{\n  "hostRules": [\n    {\n      "matchHost": "nexus.«domain»",\n      "username": "renovate",\n      "password": "«S»"\n    }\n  ]\n}',
   '"matchHost": "nexus.«domain»"')
_k("dependabot-registries-password", "pw_db",
   "version: 2\nregistries:\n  nexus-pypi:\n    type: python-index\n    url: https://nexus.«domain»/repository/pypi/simple\n    username: dependabot\n    password: «S»",
   "type: python-index")
_k("sam-deploy-parameter-overrides", "pw_rand",
   "sam deploy --stack-name claims-intake-«env» --parameter-overrides Stage=«env» DbPassword=«S» --capabilities CAPABILITY_IAM",
   "--stack-name claims-intake-«env»")
_k("cdk-deploy-context-secret", "xero_secret",
   "npx cdk deploy LedgerSyncStack -c env=«env» -c xeroClientSecret=«S» --require-approval never", "LedgerSyncStack")
_k("kustomize-secretgenerator-literal", "pw",
   "secretGenerator:\n- name: sage-creds\n  literals:\n  - username=sage_reports\n  - password=«S»", "name: sage-creds")
_k("tekton-pipelinerun-param-value", "pw_rand",
   "  params:\n    - name: registry-user\n      value: tekton\n    - name: registry-password\n      value: «S»", "name: registry-user")
_k("gitlab-trigger-token-curl", "glptt",
   "curl -X POST --fail -F token=«S» -F ref=main https://gitlab.«domain»/api/v4/projects/«num»/trigger/pipeline",
   "/trigger/pipeline")
_k("repository-dispatch-token-input", "github_pat",
   "      - uses: peter-evans/repository-dispatch@v3\n        with:\n          token: «S»\n          repository: «slug»/gw-config\n          event-type: rebuild",
   "event-type: rebuild")
_k("azure-devops-pat-git-clone", "ado_pat",
   "git clone https://«uname»:«S»@dev.azure.com/«slug»/Claims/_git/claims-etl", "dev.azure.com/«slug»/Claims/_git/claims-etl")
_k("azure-pipelines-script-sqlpackage-password", "pw_db",
   "- script: sqlpackage /Action:Publish /SourceFile:TrustLedger.dacpac /TargetServerName:«host» /TargetUser:dacpac_deploy /TargetPassword:«S»\n  displayName: Publish dacpac",
   "displayName: Publish dacpac")
_k("helm-install-set-string-api-key", "dd_api",
   "helm upgrade --install datadog datadog/datadog -n monitoring --set-string datadog.apiKey=«S» --set datadog.site=datadoghq.eu",
   "datadog.site=datadoghq.eu")


# ---------------------------------------------------------------- vendor-token
_v = _grp("vendor-token")
_v("github-classic-pat-ghp", "ghp",
   "GH_TOKEN=«S» gh pr list --repo «slug»/conflict-check --state open", "gh pr list")
_v("github-fine-grained-pat", "github_pat",
   "Fine-grained token for the docs-bot (repo contents: read/write on «slug»/engagement-templates): «S»",
   "«slug»/engagement-templates")
_v("github-oauth-token-gho", "gho",
   "$ cat ~/.config/gh/hosts.yml\ngithub.com:\n    user: «uname»\n    oauth_token: «S»\n    git_protocol: https", "git_protocol: https")
_v("github-app-installation-token-ghs", "ghs",
   '{"token":"«S»","expires_at":"«ts»","permissions":{"contents":"read","pull_requests":"write"}}', '"pull_requests":"write"')
_v("github-user-to-server-ghu", "ghu",
   "[gw-config-bot] user-to-server token for «uname» refreshed: «S»", "[gw-config-bot]")
_v("gitlab-personal-access-token", "glpat",
   "GITLAB_TOKEN=«S»\nGITLAB_URL=https://gitlab.«domain»", "GITLAB_URL=https://gitlab.«domain»")
_v("gitlab-runner-authentication-token", "glrt",
   "gitlab-runner register --non-interactive --url https://gitlab.«domain» --token «S» --executor docker --docker-image alpine:3.19",
   "--executor docker")
_v("slack-bot-token-xoxb", "xoxb",
   "SLACK_BOT_TOKEN=«S»\nSLACK_CHANNEL=#fnol-alerts", "SLACK_CHANNEL=#fnol-alerts")
_v("slack-user-token-xoxp", "xoxp",
   "legacy export script still uses a user token: «S» (scope: channels:history)", "scope: channels:history")
_v("slack-incoming-webhook-url", "slack_hook",
   "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"Payroll file received\"}' https://hooks.slack.com/services/T«s9u»/B«s10u»/«S»",
   "Payroll file received")
_v("aws-secret-access-key-pair", "aws_secret",
   "AWS creds for the eDiscovery export bucket — access key «akid_f», secret «S», region «region»", "eDiscovery export bucket")
_v("aws-session-token-env", "aws_session",
   "export AWS_SESSION_TOKEN=«S»", "export AWS_SESSION_TOKEN=")
_v("stripe-live-secret-key", "stripe_sk",
   "STRIPE_SECRET_KEY=«S»\nSTRIPE_PUBLISHABLE_KEY=pk_live_51«s40»", "STRIPE_SECRET_KEY=")
_v("stripe-restricted-key", "stripe_rk",
   "Restricted key for the trust-account reconciliation job (read-only charges/payouts): «S»", "trust-account reconciliation job")
_v("stripe-webhook-signing-secret", "whsec",
   "Webhook endpoint https://«ext»/stripe/webhook signing secret: «S»", "https://«ext»/stripe/webhook")
_v("twilio-auth-token-with-sid", "twilio_auth",
   "TWILIO_ACCOUNT_SID=AC«hex32»\nTWILIO_AUTH_TOKEN=«S»\nTWILIO_FROM=+44«num9»", "TWILIO_FROM=+44«num9»")
_v("sendgrid-api-key", "sendgrid",
   "SENDGRID_API_KEY='«S»'  # statements@«domain»", "statements@«domain»")
_v("openai-project-api-key", "openai",
   "OPENAI_API_KEY=«S»", "OPENAI_API_KEY=")
_v("anthropic-api-key", "anthropic",
   "ANTHROPIC_API_KEY=«S» python summarize_depositions.py --matter «matter»", "summarize_depositions.py --matter «matter»")
_v("google-maps-api-key-unrestricted", "google_api",
   "Google Maps key used by the claims geocoder (unrestricted!): «S»", "claims geocoder")
_v("google-oauth-client-secret", "gocspx",
   '{"web":{"client_id":"«num12»-«s32l».apps.googleusercontent.com","client_secret":"«S»","redirect_uris":["https://«ext»/oauth2/callback"]}}',
   ".apps.googleusercontent.com")
_v("npm-automation-token", "npm",
   "NPM_TOKEN=«S» npm publish --access restricted", "npm publish --access restricted")
_v("pypi-api-token", "pypi",
   "PyPI token for actuarial-tables uploads: «S»", "actuarial-tables uploads")
_v("docker-hub-personal-access-token", "dckr",
   "echo «S» | docker login -u «slug»ci --password-stdin", "--password-stdin")
_v("azure-storage-connection-string", "azure_storage_key",
   "AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=«slug5»docs;AccountKey=«S»;EndpointSuffix=core.windows.net",
   "EndpointSuffix=core.windows.net")
_v("azure-ad-client-secret-value", "azure_cs",
   "App registration 'imanage-graph-sync' → Certificates & secrets → new client secret value: «S» (expires «date»)",
   "imanage-graph-sync")
_v("hashicorp-vault-token", "hvs",
   "VAULT_ADDR=https://vault.«domain»:8200\nVAULT_TOKEN=«S»", "VAULT_ADDR=https://vault.«domain»:8200")
_v("terraform-cloud-api-token", "tfc",
   'credentials "app.terraform.io" {\n  token = "«S»"\n}', 'credentials "app.terraform.io"')
_v("okta-ssws-api-token", "okta",
   'curl -H "Authorization: SSWS «S»" https://«slug».okta.com/api/v1/users?limit=200', "/api/v1/users?limit=200")
_v("datadog-api-and-app-key", "dd_app",
   "DD_API_KEY=«dd_api»\nDD_APP_KEY=«S»\nDD_SITE=datadoghq.eu", "DD_SITE=datadoghq.eu")
_v("new-relic-user-api-key", "nrak",
   "NEW_RELIC_API_KEY=«S» newrelic apm application search --name claims-portal", "newrelic apm application search")
_v("sentry-org-auth-token", "sntrys",
   "[auth]\ntoken=«S»\n\n[defaults]\norg=«slug»\nproject=claims-portal", "project=claims-portal")
_v("mailgun-private-api-key", "mailgun",
   "curl -s --user 'api:«S»' https://api.eu.mailgun.net/v3/mg.«domain»/messages -F to=«email» -F subject='Engagement letter'",
   "api.eu.mailgun.net/v3/mg.«domain»/messages")
_v("mailchimp-api-key-datacenter", "mailchimp",
   "Mailchimp (client newsletter list) API key: «S»", "client newsletter list")
_v("cloudflare-api-token", "cloudflare",
   "CF_API_TOKEN=«S»  # zone:dns edit for «domain»", "zone:dns edit for «domain»")
_v("digitalocean-personal-token", "dop",
   "doctl auth init --access-token «S»", "doctl auth init")
_v("grafana-service-account-token", "glsa",
   'curl -H "Authorization: Bearer «S»" https://grafana.«domain»/api/dashboards/uid/claims-sla', "/api/dashboards/uid/claims-sla")
_v("doppler-service-token", "doppler",
   "DOPPLER_TOKEN=«S» doppler run -- python ledger_sync.py", "doppler run -- python ledger_sync.py")
_v("onepassword-service-account-token", "ops",
   "OP_SERVICE_ACCOUNT_TOKEN=«S»", "OP_SERVICE_ACCOUNT_TOKEN=")
_v("tailscale-auth-key", "tskey",
   "tailscale up --authkey=«S» --hostname=«host5» --advertise-tags=tag:dms", "--advertise-tags=tag:dms")
_v("atlassian-api-token", "atatt",
   "JIRA_USER=«email»\nJIRA_API_TOKEN=«S»\nJIRA_URL=https://«slug».atlassian.net", "JIRA_URL=https://«slug».atlassian.net")
_v("hubspot-private-app-token", "hubspot",
   "HubSpot private app (intake forms → CRM) token: «S»", "intake forms → CRM")
_v("airtable-personal-access-token", "airtable",
   "AIRTABLE_PAT=«S»\nAIRTABLE_BASE=app«s14»", "AIRTABLE_BASE=app")
_v("notion-integration-token-ntn", "notion",
   "NOTION_TOKEN=«S»  # KM wiki sync (precedents database)", "KM wiki sync")
_v("notion-internal-secret-legacy", "notion_old",
   'notion = Client(auth="«S»")', "notion = Client(auth=")
_v("linear-personal-api-key", "linear",
   "LINEAR_API_KEY=«S»", "LINEAR_API_KEY=")
_v("dropbox-short-lived-access-token", "dropbox",
   "Dropbox token for pulling the client's scanned receipts: «S»", "client's scanned receipts")
_v("box-developer-token", "box_dev",
   "Box developer token (valid 60 min) for the opposing-counsel share: «S»", "opposing-counsel share")
_v("docusign-integration-secret-key", "docusign_secret",
   "DocuSign app «uuid»: secret key «S» (shown once)", "DocuSign app «uuid»")
_v("adobe-sign-integration-key", "adobe_sign",
   "ADOBE_SIGN_INTEGRATION_KEY=«S»\nADOBE_SIGN_API=https://api.eu1.adobesign.com", "ADOBE_SIGN_API=https://api.eu1.adobesign.com")
_v("xero-app-client-secret", "xero_secret",
   "Xero developer portal → «firm» Ledger Sync → Generate a secret: «S»", "Xero developer portal")
_v("intuit-app-client-secret", "qbo_secret",
   "QuickBooks Online app (Production keys) Client ID: AB«s48»  Client Secret: «S»", "QuickBooks Online app (Production keys)")
_v("intuit-refresh-token", "qbo_refresh",
   "QBO_REALM_ID=«realm»\nQBO_REFRESH_TOKEN=«S»", "QBO_REALM_ID=«realm»")
_v("datev-developer-client-secret", "datev_secret",
   "DATEV Developer Portal — App «uuid»: client_secret=«S»", "DATEV Developer Portal")
_v("sage-business-cloud-client-secret", "sage_secret",
   "SAGE_CLIENT_ID=«hex32»/«uuid»\nSAGE_CLIENT_SECRET=«S»", "SAGE_CLIENT_ID=")
_v("clio-api-access-token", "clio_token",
   "CLIO_ACCESS_TOKEN=«S»\nCLIO_REGION=eu", "CLIO_REGION=eu")
_v("imanage-application-client-secret", "imanage_secret",
   "iManage Control Center → Applications → «slug»-dms-bot → client secret: «S»", "iManage Control Center")
_v("netdocuments-access-token", "nd_token",
   "ND_ACCESS_TOKEN=«S»\nND_REPOSITORY=CA-«hexup8»", "ND_REPOSITORY=CA-«hexup8»")
_v("relativity-oauth-client-secret", "relativity_secret",
   "Relativity OAuth2 client 'processing-automation' (client credentials): secret «S»", "processing-automation")
_v("guidewire-cloud-api-client-secret", "gw_secret",
   "Guidewire Cloud Console → Hub service app fnol-bridge → secret: «S»", "Guidewire Cloud Console")
_v("duck-creek-ondemand-api-key", "dc_key",
   "DUCKCREEK_API_KEY=«S»\nDUCKCREEK_TENANT=«slug»-«env»", "DUCKCREEK_TENANT=«slug»-«env»")
_v("payroll-provider-api-token", "gusto",
   "Payroll provider API token (company «num6»): «S»", "Payroll provider API token")
_v("avalara-license-key", "avalara",
   "AVATAX_ACCOUNT_ID=«num9»\nAVATAX_LICENSE_KEY=«S»", "AVATAX_ACCOUNT_ID=«num9»")
_v("plaid-secret-production", "plaid",
   "PLAID_CLIENT_ID=«hex24»\nPLAID_SECRET=«S»\nPLAID_ENV=production", "PLAID_ENV=production")
_v("square-access-token", "square",
   "SQUARE_ACCESS_TOKEN=«S»  # retainer payments terminal", "retainer payments terminal")
_v("paypal-rest-client-secret", "paypal_secret",
   "PayPal REST app (escrow refunds) secret: «S»", "escrow refunds")
_v("teams-incoming-webhook-url", "teams_hook",
   "https://«slug5».webhook.office.com/webhookb2/«uuid»@«uuid_t»/IncomingWebhook/«S»/«uuid_u»", "webhook.office.com/webhookb2/")
_v("zoom-server-to-server-client-secret", "zoom_secret",
   "ZOOM_ACCOUNT_ID=«s22»\nZOOM_CLIENT_ID=«s22_b»\nZOOM_CLIENT_SECRET=«S»", "ZOOM_ACCOUNT_ID=")
_v("pagerduty-routing-key", "pd_routing",
   '{"routing_key": "«S»", "event_action": "trigger", "payload": {"summary": "PolicyCenter batch failed", "source": "«host»", "severity": "error"}}',
   "PolicyCenter batch failed")
_v("nuix-licence-activation-key", "nuix_lic",
   "Nuix Workstation licence activation key for «host»: «S»", "Nuix Workstation")


# =================================================================== BENIGN
_BT = []


def _bn(group, tmpl):
    _BT.append((group, tmpl))


# ---- command
_bn("command", "$ git log --oneline -3\n«hex7» fix(xero): back off on 429 from /connect/token\n«hex7_2» chore: bump gwclient to «ver»\n«hex7_3» docs: explain where the Sage secret lives")
_bn("command", "$ sha256sum payroll_«date».csv.gpg\n«hex64»  payroll_«date».csv.gpg")
_bn("command", "vault kv get -field=password secret/«slug»/imanage/svc_«num»   # piped straight into the env, never echoed")
_bn("command", 'export DB_PASSWORD="${DB_PASSWORD:?must be set}" && psql -h «host» -U «user» -d «db»')
_bn("command", "aws secretsmanager describe-secret --secret-id prod/claims/db-«env» --query 'LastRotatedDate'")
_bn("command", "$ openssl x509 -in «host».crt -noout -fingerprint -sha256\nsha256 Fingerprint=«colonhex»")
_bn("command", "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 «fp» «uname»@«host» (ED25519)")
_bn("command", "docker pull registry.«domain»/legal/pm-portal@sha256:«hex64»")
_bn("command", "pip install gwclient==«ver» --require-hashes --hash=sha256:«hex64»")
_bn("command", "mysql -h «host» -u «user» -p practice_mgmt   # -p with no value: prompts for the password")
_bn("command", 'psql "host=«host» dbname=«db» user=«user» sslmode=verify-full"   # password comes from ~/.pgpass')
_bn("command", 'curl -s -H "Authorization: Bearer $CLIO_TOKEN" https://app.clio.com/api/v4/users/who_am_i?fields=id,name | jq .data.id  # «rid»')
_bn("command", "$ gpg --list-keys «email»\npub   rsa4096 «date» [SC]\n      «hex40u»\nuid   [ultimate] «fullname» <«email»>")
_bn("command", 'git commit -m "rotate Xero client secret for «client» (new value in 1Password item Ledger Sync)"  # «hex7»')
_bn("command", "az keyvault secret set-attributes --vault-name kv-«slug» --name sage-api-secret --expires «date»T00:00:00Z")
_bn("command", 'sqlcmd -S «host» -E -Q "SELECT name, is_policy_checked, is_expiration_checked FROM sys.sql_logins WHERE name LIKE \'svc%\'"')
_bn("command", "C:\\> certutil -hashfile DATEV_Setup_«ver».exe SHA256\nSHA256 hash of DATEV_Setup_«ver».exe:\n«hex64»\nCertUtil: -hashfile command completed successfully.")
_bn("command", "PS> Get-FileHash .\\gw-cc-«ver».zip -Algorithm SHA256 | Format-List\n\nAlgorithm : SHA256\nHash      : «hex64u»")
_bn("command", "$ gh secret list --repo «slug»/ledger-sync\nSAGE_CLIENT_SECRET   Updated «date»\nXERO_CLIENT_SECRET   Updated «date2»")
_bn("command", "read -rsp 'SFTP password for «user»: ' SFTP_PASS && export SFTP_PASS   # typed interactively, not stored")
_bn("command", 'C:\\> net user «uname» /domain | findstr /i "password"\nPassword last set            «date» 09:12:44\nPassword expires             «date2» 09:12:44\nPassword changeable          «date» 09:12:44')
_bn("command", "kubectl -n claims create secret generic gw-db --from-env-file=./gw-db.env --dry-run=client -o name   # file not in git, see «ticket»")
_bn("command", "git rev-parse --short=12 HEAD && git describe --tags  # v«ver»-«num»-g«hex7»")
_bn("command", "find /srv/matters -name '*.pst' -newer /var/run/last_export -printf '%s %p\\n' | sort -n | tail  # job «jobid»")

# ---- tool-output
_bn("tool-output", "$ kubectl describe secret gw-db -n claims\nName:         gw-db\nNamespace:    claims\nType:  Opaque\n\nData\n====\npassword:  «num» bytes\nusername:  6 bytes")
_bn("tool-output", "  # azurerm_mssql_server.claims will be updated in-place\n  ~ resource \"azurerm_mssql_server\" \"claims\" {\n      ~ administrator_login_password = (sensitive value)\n        id = \"/subscriptions/«uuid»/resourceGroups/rg-claims-«env»\"\n    }")
_bn("tool-output", "$ printenv | grep -i token\nCLIO_TOKEN=****\nND_ACCESS_TOKEN=[MASKED]\nTOKEN_TTL_SECONDS=«num4»")
_bn("tool-output", '$ aws sts get-caller-identity\n{\n    "UserId": "AIDA«s17u»",\n    "Account": "«acct»",\n    "Arn": "arn:aws:iam::«acct»:user/«uname»"\n}')
_bn("tool-output", '$ az account show\n{\n  "id": "«uuid»",\n  "name": "«slug»-«env»",\n  "tenantId": "«uuid2»",\n  "user": {"name": "«email»", "type": "user"}\n}')
_bn("tool-output", "$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account «uname» (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo'  («rid»)")
_bn("tool-output", "$ docker images --digests registry.«domain»/legal/claims-api\nREPOSITORY                               TAG      DIGEST                                                                    IMAGE ID\nregistry.«domain»/legal/claims-api   «ver»   sha256:«hex64»   «hex12»")
_bn("tool-output", "$ npm config list\n; \"user\" config from /home/«uname»/.npmrc\n//registry.npmjs.org/:_authToken = (protected)\nfund = false\n; node version = v20.«num».0")
_bn("tool-output", "$ vault kv metadata get secret/payroll/adp-sftp\n========== Metadata ==========\ncreated_time       «ts»\ncurrent_version    «num»\nmax_versions       10\nupdated_time       «ts2»")
_bn("tool-output", "FAILED tests/test_refs.py::test_matter_namespace[«uuid»] - AssertionError: expected «hex12», got «hex12_2»")
_bn("tool-output", "PS> Get-ADUser «uname» -Properties PasswordLastSet, PasswordNeverExpires, LockedOut\n\nPasswordLastSet      : «date» 08:41:10\nPasswordNeverExpires : False\nLockedOut            : False")
_bn("tool-output", "$ helm list -n legal\nNAME        NAMESPACE  REVISION  UPDATED                 STATUS    CHART              APP VERSION\npm-portal   legal      «num»       «date» 10:22:01  deployed  pm-portal-«ver»    «ver2»")
_bn("tool-output", "$ git status --short\n M config/secrets.example.yml\n M docs/rotating-the-datev-password.md\n?? tmp/lossdev_«date».parquet")
_bn("tool-output", "$ kubectl get secrets -n claims\nNAME        TYPE     DATA   AGE\ngw-db       Opaque   2      «num»d\nclio-api    Opaque   1      «num2»d\nregcred     kubernetes.io/dockerconfigjson   1   «num3»d")
_bn("tool-output", '"Env": [\n    "DB_PASSWORD_FILE=/run/secrets/db_password",\n    "JAVA_OPTS=-Xmx«num»m",\n    "GW_ENV=«env»"\n]')
_bn("tool-output", "$ md5sum VOL«num4»/NATIVES/*.msg | head -2\n«hex32»  VOL«num4»/NATIVES/«s3u»«num6».msg\n«hex32_2»  VOL«num4»/NATIVES/«s3u»«num6_2».msg")
_bn("tool-output", "$ openssl s_client -connect «host»:443 -servername «host» </dev/null 2>/dev/null | grep -E 'subject|issuer|Verify'\nsubject=CN = «host»\nissuer=C = US, O = Let's Encrypt, CN = R«num»\nVerify return code: 0 (ok)")
_bn("tool-output", "$ ansible-vault view --help | head -2\nusage: ansible-vault view [-h] [--vault-id VAULT_IDS] [--ask-vault-password | --vault-password-file VAULT_PASSWORD_FILES]  # «rid»")
_bn("tool-output", "$ terraform output\ndb_fqdn = \"«host»\"\ndb_admin_password = <sensitive>\nstorage_account = \"st«slug5»«num»\"")
_bn("tool-output", "$ op item get \"DATEV Admin\" --fields label=username\n«uname»\n$ # password field intentionally not read (item id «s26l»)")
_bn("tool-output", "$ trufflehog filesystem ./config --only-verified\n🐷🔑🐷  TruffleHog. Unearth your secrets. 🐷🔑🐷\n\nfinished scanning chunks=«num» bytes=«num6» verified_secrets=0 unverified_secrets=0")

# ---- config-file
_bn("config-file", "# .env.example — copy to .env and fill in\nXERO_CLIENT_ID=\nXERO_CLIENT_SECRET=<your-xero-client-secret>\nDATABASE_URL=postgres://USER:PASSWORD@localhost:5432/ledger_«num»")
_bn("config-file", "spring.datasource.url=jdbc:sqlserver://«host»:1433;databaseName=«db»\nspring.datasource.username=${DB_USER}\nspring.datasource.password=${SPRING_DATASOURCE_PASSWORD}")
_bn("config-file", "db:\n  host: «host»\n  user: «user»\n  password_file: /run/secrets/«db»_password")
_bn("config-file", "        env:\n        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: «db»-creds\n              key: password")
_bn("config-file", '{\n  "clio": {\n    "apiKey": "<your-api-key>",\n    "region": "«tld»"\n  },\n  "requestId": "«uuid»"\n}')
_bn("config-file", '[clio]\ntoken = ""   # set via CLIO_TOKEN env var\nbase_url = "https://app.clio.com/api/v4"\nmatter_prefix = "«num4»-"')
_bn("config-file", '    "node_modules/gwclient": {\n      "version": "«ver»",\n      "resolved": "https://registry.npmjs.org/gwclient/-/gwclient-«ver».tgz",\n      "integrity": "sha512-«sha512b64»"\n    }')
_bn("config-file", '[[package]]\nname = "actuarial-tables"\nversion = "«ver»"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "«hex64»"')
_bn("config-file", "# ~/.ssh/authorized_keys on «host»\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI«edpub» «email»")
_bn("config-file", '{"keys":[{"kty":"RSA","kid":"«hex16»","use":"sig","alg":"RS256","n":"«b64u256»","e":"AQAB"}]}')
_bn("config-file", "«host» ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB«b64_64»")
_bn("config-file", "# ca-bundle for the DMS reverse proxy (public)\n-----BEGIN CERTIFICATE-----\n«certbody»\n-----END CERTIFICATE-----")
_bn("config-file", "# docusign JWT public key (upload to DocuSign admin)\n-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA«s40»\n«s64»\n«s64_2»\n-----END PUBLIC KEY-----")
_bn("config-file", "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n      POSTGRES_DB: «db»\n    secrets:\n      - pg_password")
_bn("config-file", '<add name="DmsDb" connectionString="Server=«host»;Database=«db»;Integrated Security=SSPI;Application Name=WorkSite-«ver»" />')
_bn("config-file", '"Xero": {\n  "ClientId": "«hex32u»",\n  "ClientSecret": "",\n  "_comment": "ClientSecret is set with dotnet user-secrets, never committed"\n}')
_bn("config-file", '# group_vars/dms.yml\nimanage_server: «host»\nimanage_svc_user: svc_imanage\nimanage_svc_password: "{{ vault_imanage_svc_password }}"')
_bn("config-file", 'resource "azurerm_mssql_server" "claims" {\n  name                         = "sql-claims-«env»"\n  administrator_login          = "claimsadmin"\n  administrator_login_password = data.azurerm_key_vault_secret.sql_admin.value\n}')
_bn("config-file", "# config dump from the support bundle («date»)\nsmtp.host = mail.«domain»\nsmtp.user = noreply\nsmtp.password = ********\nsmtp.port = 587")
_bn("config-file", "# password policy (Default Domain Policy, exported «date»)\nMinimumPasswordLength = 14\nPasswordComplexity = 1\nMaximumPasswordAge = 90\nPasswordHistorySize = 24\nLockoutBadCount = «num»")
_bn("config-file", "[TimeBilling]\nDriver=ODBC Driver 18 for SQL Server\nServer=«host»\nDatabase=«db»\nTrusted_Connection=Yes\nEncrypt=yes")
_bn("config-file", "# .gitignore\n.env\n*.pfx\n*.p12\nsecrets/\nlossdev_«num»/*.parquet")
_bn("config-file", 'externalSecret:\n  secretStoreRef: vault-backend\n  data:\n    - secretKey: password\n      remoteRef:\n        key: secret/data/claims/«env»/db\n        property: password')
_bn("config-file", '[database]\nhost = "«host»"\nuser = "«user»"\npassword = "${DB_PASSWORD}"\nstatement_timeout_ms = «num4»')

# ---- source-code
_bn("source-code", "PASSWORD_MIN_LENGTH = 14\nPASSWORD_HISTORY = 24\nLOCKOUT_THRESHOLD = «num»  # per policy «ticket»")
_bn("source-code", 'client_secret = os.environ["XERO_CLIENT_SECRET"]  # injected by the runner; see «ticket»')
_bn("source-code", 'def rotate_password(user: str) -> None:\n    """Generate a new password in Vault and push it to AD for «DOM» users."""\n    new = vault.generate("«svc»")\n    ad.set_password(user, new)')
_bn("source-code", 'if digest == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855":\n    log.warning("empty upload for matter %s", "«matter»")')
_bn("source-code", 'MATTER_NAMESPACE = uuid.UUID("«uuid»")\nmatter_uuid = uuid.uuid5(MATTER_NAMESPACE, "«matter»")')
_bn("source-code", 'cache_key = hashlib.sha1(f"{client_id}:{period}".encode()).hexdigest()  # e.g. «hex40»')
_bn("source-code", 'GH_PAT_RE = re.compile(r"ghp_[A-Za-z0-9]{36}")\nSLACK_RE = re.compile(r"xox[abp]-[0-9A-Za-z-]+")  # used by pre-commit hook v«ver»')
_bn("source-code", 'token = secrets_client.get_secret("clio/api-token-«env»").value')
_bn("source-code", 'SAMPLE_NOTE_B64 = "«textb64»"  # base64 of a plain-text note, used in the decoder test')
_bn("source-code", 'reset_url = f"https://«ext»/account/reset/{reset_token}"  # token is generated per request')
_bn("source-code", 'var creds = CredentialsPlugin.retrieveUsernamePassword("gw_int_«env»")\n_client.setCredentials(creds.Username, creds.Password)')
_bn("source-code", 'pwd <- Sys.getenv("ACTUARIAL_DB_PWD")\nif (pwd == "") stop("ACTUARIAL_DB_PWD is not set (see README, section «num»)")')
_bn("source-code", "%let pw = %sysget(SAS_CLAIMS_PW);\nlibname claims oracle user=sas_claims password=\"&pw\" path=CLMPRD schema=CLAIMS_«num»;")
_bn("source-code", 'var secret = builder.Configuration["Xero:ClientSecret"]\n    ?? throw new InvalidOperationException("Xero:ClientSecret missing for tenant «uuid»");')
_bn("source-code", "SELECT name, is_expiration_checked FROM sys.sql_logins WHERE is_expiration_checked = 0 AND name <> 'sa'; -- audit «date»")
_bn("source-code", '$cred = Get-Credential -UserName "«DOM»\\svc_nd" -Message "NetDocuments service account («host»)"')
_bn("source-code", 'const token = process.env.CLIO_TOKEN ?? "";\nif (!token) throw new Error("CLIO_TOKEN missing (job «jobid»)");')
_bn("source-code", 'if not hmac.compare_digest(signature, expected):\n    raise PermissionError(f"bad webhook signature on delivery {delivery_id}")  # «uuid»')
_bn("source-code", 'ETAG = \'W/"«hex32»"\'\nresp.headers["ETag"] = ETAG')
_bn("source-code", 'PLACEHOLDER_TOKEN = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"  # replaced at deploy time by «svc»')
_bn("source-code", 'assert redact(sample_line) == "password=[REDACTED]"  # regression test for «ticket»')
_bn("source-code", 'DEFAULT_CHUNK = 1 << 20\nMANIFEST_SHA256 = "«hex64»"  # manifest of the «date» production')

# ---- stack-trace-or-log
_bn("stack-trace-or-log", "«lts» INFO  request_id=«uuid» GET /api/v1/claims/«claim» 200 «num»ms")
_bn("stack-trace-or-log", "traceparent: 00-«hex32»-«hex16»-01\ntracestate: «slug»=«hex16_2»")
_bn("stack-trace-or-log", '«lts» UTC [«pid»] FATAL:  password authentication failed for user "«user»"\n«lts» UTC [«pid»] DETAIL:  Connection matched pg_hba.conf line «num»: "host all all 10.0.0.0/8 scram-sha-256"')
_bn("stack-trace-or-log", "java.sql.SQLException: ORA-01017: invalid username/password; logon denied\n\tat oracle.jdbc.driver.T4CTTIoer11.processError(T4CTTIoer11.java:«num»)\n\tat com.guidewire.pl.system.database.DatabaseImpl@«hex8».connect")
_bn("stack-trace-or-log", "«date» 07:12:44.«num» Logon  Login failed for user '«DOM»\\«uname»'. Reason: Password did not match that for the login provided. [CLIENT: «ip»]")
_bn("stack-trace-or-log", "«lts» WARN  oauth - access token for client «uuid» expired at «ts», refreshing (attempt «num»)")
_bn("stack-trace-or-log", "stripe.error.AuthenticationError: Invalid API Key provided: sk_live_*********************«s4»\n  request_id: req_«s14»")
_bn("stack-trace-or-log", "Exception in thread \"BatchProcessWorker-«num»\" java.lang.IllegalStateException: lock held by com.guidewire.pl.system.lock.Lock@«hex8»\n\tat gw.processes.ClaimExceptionRules.run(ClaimExceptionRules.gs:«num2»)")
_bn("stack-trace-or-log", '«ip» - - [«date»] "POST /api/intake HTTP/1.1" 201 «num» "-" "okhttp/4.12.0" rt=0.«num» X-Request-Id=«rid»')
_bn("stack-trace-or-log", "«lts» INFO  xero.sync correlation_id=«uuid» tenant=«slug» xero_tenant_id=«uuid2» invoices=«num»")
_bn("stack-trace-or-log", "«lts» AUDIT user=«uname» action=password_change target=«uname» result=success (value not logged)")
_bn("stack-trace-or-log", "remote: Invalid username or token. Password authentication is not supported for Git operations.\nfatal: Authentication failed for 'https://github.com/«slug»/tax-scripts-«num».git/'")
_bn("stack-trace-or-log", "< HTTP/1.1 302 Found\n< Set-Cookie: session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT\n< Location: /login?next=%2Fmatters%2F«num6»")
_bn("stack-trace-or-log", "«ts» INFO jwks: refreshed 3 keys (kid=«hex16», «hex16_2», «hex16_3») from https://login.microsoftonline.com/«uuid»/discovery/v2.0/keys")
_bn("stack-trace-or-log", "docker: Error response from daemon: manifest for registry.«domain»/legal/pm-portal@sha256:«hex64» not found: manifest unknown.")
_bn("stack-trace-or-log", "«lts» DEBUG auth - Authorization header present (Bearer ****«s4»), scope=matters.read, client=«uuid»")
_bn("stack-trace-or-log", "«date» 03:14:07 «host» sshd[«pid»]: Accepted publickey for deploy from «ip» port «num4» ssh2: ED25519 «fp»")
_bn("stack-trace-or-log", "«date» 03:14:07 «host» sshd[«pid»]: Failed password for invalid user admin from «pubip» port «num4» ssh2")
_bn("stack-trace-or-log", "«lts» ERROR DatevConnector - HTTP 401 from «host»:58452 (credentials rejected for user «DOM»\\svc_dc; password not shown)")
_bn("stack-trace-or-log", 'File "/srv/reserving/chainladder.py", line «num», in fit\n    ldf = np.exp(np.nanmean(np.log(ratios), axis=0))\nFloatingPointError: invalid value encountered in log (run «uuid»)')
_bn("stack-trace-or-log", "«ts» level=info msg=\"token cache hit\" key=sha256:«hex64» ttl=«num»s")

# ---- note-or-chat
_bn("note-or-chat", "«person»: the password for the DATEV server is in Keeper under 'DATEV Admin (Kanzlei)', ask «person2» for access")
_bn("note-or-chat", "I rotated the Xero secret this morning («date»); the new one is in 1Password (vault: Finance Integrations). Old one revoked.")
_bn("note-or-chat", "Reminder from «person»: passwords must be at least 14 characters, no reuse of the last 24, and never send them by email or Teams.")
_bn("note-or-chat", "«person»: please don't paste creds in #it-help — share a vault link instead (thread «hex8»)")
_bn("note-or-chat", "commit «hex7» fixed the VAT rounding in the Sage export; deployed to «host»")
_bn("note-or-chat", "«person»: Das Passwort liegt im Tresor (KeePass, Eintrag 'Lohn-SFTP «num»'), bitte nicht per Mail schicken.")
_bn("note-or-chat", "«person» : le mot de passe est dans Bitwarden, collection \"IT Cabinet\", entrée «num4».")
_bn("note-or-chat", "«person»: la contraseña la tiene «person2», no la pongas en el ticket «ticket».")
_bn("note-or-chat", "Docs note: use `<token>` as a placeholder, e.g. `curl -H 'Authorization: Bearer <token>' https://«host»/api`")
_bn("note-or-chat", "MD5 «hex32» matches the load file for DocID «s3u»«num6» — production is intact.")
_bn("note-or-chat", "Bates range «s3u»«num6» – «s3u_b»«num6_2» produced «date»; privilege log hash «hex40»")
_bn("note-or-chat", "Claim «claim» / policy «policy»: reserve change approved by «person», ref «uuid»")
_bn("note-or-chat", "Agent note: credentials for this task come from env vars XERO_CLIENT_SECRET and SAGE_CLIENT_SECRET; I did not print them. (run «runid»)")
_bn("note-or-chat", "TODO: move the hardcoded password in sync.py to Azure Key Vault (secret name: sage-db-pw-«env»)")
_bn("note-or-chat", "«person»さん、パスワードは金庫（KeePass）に保存済みです。チャットには貼らないでください。（«ticket»）")
_bn("note-or-chat", "«person»: het wachtwoord staat in de kluis; vraag «person2» om toegang (dossier «matter»).")
_bn("note-or-chat", "MFA reset for «uname» done; they re-enrolled Microsoft Authenticator at «hm».")
_bn("note-or-chat", "The BitLocker key for LT-«num4» is escrowed in Entra ID — look it up there rather than asking in chat.")
_bn("note-or-chat", "Decision («date»): the claims API uses a managed identity, so no client secret is needed anymore.")
_bn("note-or-chat", "«ticket»: user forgot password, sent self-service reset link (SSPR). No password shared.")
_bn("note-or-chat", "«person»: hasło jest w menedżerze haseł, folder «client», nie wysyłaj go mailem.")
_bn("note-or-chat", "Running notes: checked «num» NetDocuments folders, doc ids «num9» and «num9_2» fail with 403 — permissions, not auth.")
_bn("note-or-chat", "«person»: the masked value in the screenshot (••••••••«s2») is all I have, please reset instead.")
_bn("note-or-chat", "Policy draft v«num»: service account passwords are 32+ random characters, stored only in the vault, rotated every «num2» days.")

# ---- ci-and-deploy
_bn("ci-and-deploy", "    env:\n      XERO_CLIENT_SECRET: ${{ secrets.XERO_CLIENT_SECRET }}\n      SAGE_CLIENT_SECRET: ${{ secrets.SAGE_CLIENT_SECRET }}\n      RUN_LABEL: sync-«num»")
_bn("ci-and-deploy", '  script:\n    - echo "$CI_REGISTRY_PASSWORD" | docker login -u "$CI_REGISTRY_USER" --password-stdin $CI_REGISTRY\n    - docker push $CI_REGISTRY_IMAGE:«ver»')
_bn("ci-and-deploy", "docker build --secret id=npmrc,src=$HOME/.npmrc -t registry.«domain»/legal/pm-portal:«ver» .")
_bn("ci-and-deploy", "postgresql:\n  auth:\n    existingSecret: «db»-creds\n    secretKeys:\n      userPasswordKey: password")
_bn("ci-and-deploy", "- script: sqlcmd -S «host» -U deploy -P $(ImanagePassword) -i migrations/«num4»_init.sql\n  displayName: Run migrations")
_bn("ci-and-deploy", "withCredentials([usernamePassword(credentialsId: 'netdocs-api-«env»', usernameVariable: 'ND_USER', passwordVariable: 'ND_PASS')]) {\n  bat 'ndsync.exe --user %ND_USER%'\n}")
_bn("ci-and-deploy", "«ts» + curl -fsS -u svc_xero:*** https://«host»/hooks/xero/reconcile\n«ts» ok")
_bn("ci-and-deploy", "    image: registry.«domain»/legal/claims-api@sha256:«hex64»")
_bn("ci-and-deploy", "Uploaded artifact gw-cc-«ver».zip (sha256=«hex64», «num» MB) to job «jobid»")
_bn("ci-and-deploy", "        envFrom:\n        - secretRef:\n            name: clio-api-«env»\n        - configMapRef:\n            name: clio-settings")
_bn("ci-and-deploy", "permissions:\n  id-token: write   # OIDC federation to Azure, no stored client secret\n  contents: read\n# workflow rev «hex7»")
_bn("ci-and-deploy", "Run «runid» · job «jobid» · commit «hex40» · triggered by «uname»")
_bn("ci-and-deploy", '{ "Name": "ConnectionString", "Value": "Server=«host»;Database=«db»;User Id=#{DbUser};Password=#{GwDbPassword};" }')
_bn("ci-and-deploy", "ansible-playbook -i inventories/«env» site.yml --limit payroll --ask-vault-pass --diff  # «ticket»")
_bn("ci-and-deploy", "cosign verify --key cosign.pub registry.«domain»/legal/claims-api@sha256:«hex64»")
_bn("ci-and-deploy", "variables:\n  - group: claims-«env»-secrets   # linked to Key Vault kv-«slug»\n  - name: buildConfiguration\n    value: Release")
_bn("ci-and-deploy", "TF_VAR_sql_admin_password=$(az keyvault secret show --vault-name kv-«slug» --name sql-admin --query value -o tsv) terraform plan -out «hex8».tfplan")
_bn("ci-and-deploy", "##[warning]The secret 'SAGE_CLIENT_SECRET' is masked in logs as ***. Step «num» completed in «num2»s.")
_bn("ci-and-deploy", "kubectl create secret generic clio-api --from-literal=token=\"$CLIO_TOKEN\" -n pm --dry-run=client -o yaml | kubeseal > sealed-clio-«env».yaml")
_bn("ci-and-deploy", "deploy-«env»:\n  needs: [build]\n  environment: «env»\n  rules:\n    - if: $CI_COMMIT_TAG =~ /^v«num»\\./")

# ---- vendor-token look-alikes
_bn("vendor-token", "Stripe publishable key for the client payment page (safe to expose in the browser): pk_live_51«s40»")
_bn("vendor-token", "AWS account «acct», read-only role arn:aws:iam::«acct»:role/claims-readonly")
_bn("vendor-token", "Xero tenant id «uuid» («client»), connection id «uuid2»")
_bn("vendor-token", "QuickBooks company (realmId) «realm» for «client»")
_bn("vendor-token", "Google OAuth client id «num12»-«s32l».apps.googleusercontent.com (public identifier)")
_bn("vendor-token", "Entra tenant «uuid», application (client) id «uuid2», object id «uuid3»")
_bn("vendor-token", "DocuSign integration key (public id) «uuid», API account id «uuid2»")
_bn("vendor-token", "Twilio account SID AC«hex32» (not the auth token) for the claims SMS number")
_bn("vendor-token", "CloudFront public key id K«s13u» used to verify signed URLs for «ext»")
_bn("vendor-token", "KMS key arn:aws:kms:«region»:«acct»:key/«uuid» encrypts the ediscovery bucket")
_bn("vendor-token", "placeholder in README: GH_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx (replace, see step «num»)")
_bn("vendor-token", "example from the Stripe docs: sk_live_XXXXXXXXXXXXXXXXXXXXXXXX — ours lives in Vault at secret/billing/stripe-«env»")
_bn("vendor-token", "SLACK_BOT_TOKEN=xoxb-your-bot-token-here   # template for «slug»")
_bn("vendor-token", "AWS_ACCESS_KEY_ID=AKIAXXXXXXXXXXXXXXXX  # dummy value in docs/«num»-setup.md")
_bn("vendor-token", "GITLAB_TOKEN=glpat-<redacted>  (rotated «date»)")
_bn("vendor-token", "GitHub App id «num6», installation id «num9», client id Iv1.«hex16»")
_bn("vendor-token", "Slack workspace T«s9u», channel C«s10u» (#fnol-alerts)")
_bn("vendor-token", "Sentry org «slug», project id «num6», release «ver»")
_bn("vendor-token", "NetDocuments repository CA-«hexup8», cabinet «ndcab», workspace «num6»")
_bn("vendor-token", "iManage document «lib»!«num6».«num» (workspace «workspace»)")
_bn("vendor-token", "Guidewire policy «policy», job number «num9», public id pc:«num6»")
_bn("vendor-token", "Clio matter id «num9», display number «matter»")
_bn("vendor-token", "Avalara company code «s6u», account id «num9»")
_bn("vendor-token", "Card on file for the Relativity subscription: •••• «num4», exp «num»/«year»")
_bn("vendor-token", "OPENAI_API_KEY=sk-...«s4» (last 4 shown by the dashboard; full key in the vault)")
_bn("vendor-token", "Datadog dashboard «s3l»-«s3l_b»-«s3l_c» on datadoghq.eu (site, not a key)")
_bn("vendor-token", "Azure subscription «uuid» / resource group rg-claims-«env» / storage account st«slug5»«num»")
_bn("vendor-token", "DATEV Beraternummer «num6», Mandantennummer «num4_2» (not credentials)")


# =================================================================== build
_GROUP_ORDER = ["command", "tool-output", "config-file", "source-code",
                "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 186
_BENIGN_TARGET = 950


def _make_secret(sec, f):
    if isinstance(sec, str):
        return _TOK[sec](f)
    return sec(f)


def _build_secrets():
    used = set()
    out = []
    by_group = {}
    for spec in _SPECS:
        by_group.setdefault(spec[0], []).append(spec)
    for g in _GROUP_ORDER:
        specs = by_group.get(g, [])
        n3 = _PER_GROUP - 2 * len(specs)
        for i, (grp, fmt, sec, tmpl, vis) in enumerate(specs):
            reps = 3 if i < n3 else 2
            for _ in range(reps):
                for _attempt in range(100):
                    f = _F()
                    secret = _make_secret(sec, f)
                    if len(secret) < 6 or secret in used:
                        continue
                    f["S"] = secret
                    text = _render(tmpl, f)
                    visible = _render(vis, f) if vis else ""
                    if visible and (secret in visible or visible not in text):
                        continue
                    break
                used.add(secret)
                out.append((grp, fmt, text, secret, visible))
    return out


def _build_benign(secrets):
    long_secrets = [s for s in secrets if len(s) >= 8]
    seen = set()
    out = []
    rounds = 0
    while len(out) < _BENIGN_TARGET and rounds < 40:
        rounds += 1
        for _grp_name, tmpl in _BT:
            if len(out) >= _BENIGN_TARGET:
                break
            for _attempt in range(20):
                text = _render(tmpl, _F())
                if text in seen or any(s in text for s in long_secrets):
                    continue
                seen.add(text)
                out.append(text)
                break
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])

del _a, _b, _c3, _d, _e, _n, _k, _v
