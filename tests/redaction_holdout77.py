"""Blind hold-out corpus #77 for a secret-redaction engine.

What it is
    A list of text fragments of the kind a coding agent (Claude Code, Codex,
    Gemini CLI) saves as its working state -- goals, running notes, shell
    commands it ran, tool output, excerpts of files it opened, decisions,
    chat messages pasted in by teammates, log lines, CI configuration --
    each carrying exactly one credential that must not survive redaction,
    plus a list of look-alike fragments that carry no credential at all and
    must come through untouched.

Theme
    Enterprise Windows and identity administration: Active Directory (LAPS,
    gMSA, service accounts, krbtgt resets), Entra ID / Azure AD app
    registrations and client secrets, Intune and SCCM/MECM, Group Policy
    preferences, PowerShell DSC and remoting, Exchange and M365 admin
    scripts, certificate services (AD CS, PFX exports), VMware vCenter and
    Citrix administration, helpdesk password resets.  All eight groups are
    covered from inside that world.

Provenance
    Written blind, from general knowledge only: no engine rules, no other
    corpus and no search were consulted.  Where a vendor's real credential
    shape was known it was imitated (prefixes, lengths, alphabets); where it
    was unknown a plausible shape was invented.  Every host, domain, tenant,
    person and value is fictitious and every value is a fresh random draw.

Layout
    SECRETS  list of 5-tuples (group, format, text, secret, visible):
             group    one of command, tool-output, config-file, source-code,
                      stack-trace-or-log, note-or-chat, ci-and-deploy,
                      vendor-token;
             format   kebab-case name of the shape, used at most 3 times;
             text     the fragment as the agent recorded it;
             secret   the exact substring of text that must be removed
                      (only the key body of a PEM key, only the signature of
                      a signed URL, only the password of a user:password);
             visible  a substring of text that must stay readable, or "".
    BENIGN   list of distinct strings with no credential in them that still
             look secret-ish: hashes, ids, thumbprints, public material,
             placeholders, masked values, references to where a secret is
             kept, policy prose, and so on, in the same contexts.

Determinism
    Every random value is drawn from _R = random.Random(SEED) while the
    module is imported, in a fixed order, so importing the module twice
    yields identical lists.  Nothing is printed at import.

Measured
--------
Blind, read after that session's rules for the 70th to 73rd: recall 0.928 (1,381 of 1,488) and
false positives 73 of 950 (7.7%), the same as with the engine at that session's start. Tuned on
since: 0.938 and 9 of 950 (0.9%).
"""

import base64
import json
import random
import string
from urllib.parse import quote

SEED = 770077
_R = random.Random(SEED)

# ---------------------------------------------------------------------------
# random primitives
# ---------------------------------------------------------------------------

_LOW = string.ascii_lowercase
_UPC = string.ascii_uppercase
_DIG = string.digits
_ALNUM = _LOW + _UPC + _DIG
_HEXL = "0123456789abcdef"
_HEXU = "0123456789ABCDEF"
_B64 = _UPC + _LOW + _DIG + "+/"
_B64U = _UPC + _LOW + _DIG + "-_"
_B32 = "abcdefghijklmnopqrstuvwxyz234567"


def ch(seq):
    return seq[_R.randrange(len(seq))]


def rstr(alpha, n):
    return "".join(alpha[_R.randrange(len(alpha))] for _ in range(n))


def rint(a, b):
    return _R.randint(a, b)


def hx(n):
    return rstr(_HEXL, n)


def HX(n):
    return rstr(_HEXU, n)


def an(n):
    return rstr(_ALNUM, n)


def up(n):
    return rstr(_UPC + _DIG, n)


def lo(n):
    return rstr(_LOW + _DIG, n)


def dg(n):
    return str(rint(1, 9)) + rstr(_DIG, n - 1)


def rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def b64(nbytes):
    return base64.b64encode(rbytes(nbytes)).decode()


def b64u(nbytes):
    return base64.urlsafe_b64encode(rbytes(nbytes)).decode().rstrip("=")


def b64_prefixed(prefix_bytes, nbytes):
    return base64.b64encode(prefix_bytes + rbytes(nbytes)).decode()


def enc_b64(s):
    return base64.b64encode(s.encode()).decode()


def enc_b64u_json(obj):
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def guid():
    return "%08x-%04x-4%03x-%x%03x-%012x" % (
        _R.getrandbits(32), _R.getrandbits(16), _R.getrandbits(12),
        ch([8, 9, 10, 11]), _R.getrandbits(12), _R.getrandbits(48))


def GUID():
    return guid().upper()


def urlq(s):
    return quote(s, safe="")


def wrap64(s, width=64):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


def sid():
    return "S-1-5-21-%d-%d-%d-%d" % (rint(1000000000, 4294967295), rint(1000000000, 4294967295),
                                     rint(1000000000, 4294967295), rint(1100, 99999))


def ip():
    return "10.%d.%d.%d" % (rint(0, 254), rint(0, 254), rint(2, 253))


def ts():
    return "2025-%02d-%02dT%02d:%02d:%02d" % (rint(1, 12), rint(1, 28), rint(0, 23), rint(0, 59), rint(0, 59))


def tsz():
    return ts() + "." + dg(3) + "Z"


def date():
    return "2025-%02d-%02d" % (rint(1, 12), rint(1, 28))


def hms():
    return "%02d:%02d:%02d" % (rint(0, 23), rint(0, 59), rint(0, 59))


def usdate():
    return "%d/%d/2025 %d:%02d:%02d %s" % (rint(1, 12), rint(1, 28), rint(1, 12), rint(0, 59), rint(0, 59), ch(["AM", "PM"]))


# ---------------------------------------------------------------------------
# people, places, passwords
# ---------------------------------------------------------------------------

_FIRST = ["Anna", "Jonas", "Priya", "Kenji", "Mateo", "Aisha", "Lukas", "Sofia", "Olumide", "Mei",
          "Dmitri", "Fatima", "Hugo", "Ingrid", "Rahul", "Yuki", "Chloe", "Bjorn", "Camila", "Tariq",
          "Hanna", "Emre", "Siobhan", "Wojciech", "Lena", "Arjun", "Noemi", "Pieter", "Saanvi", "Kwame",
          "Marta", "Tomasz", "Elif", "Rafael", "Astrid", "Diego", "Nkechi", "Ravi", "Greta", "Joaquin",
          "Leilani", "Mikko", "Zofia", "Thabo", "Ines", "Farid", "Oksana", "Haruto", "Beatriz", "Declan",
          "Ayesha", "Lars", "Valentina", "Kofi", "Svetlana", "Mohammed", "Elena", "Jiho", "Ana", "Stefan"]
_LAST = ["Kowalski", "Nakamura", "Okafor", "Lindqvist", "Fernandes", "Haddad", "Moreau", "Schmidt",
         "Iyer", "Petrov", "Castillo", "Novak", "Brennan", "Yilmaz", "Van der Berg", "Sato", "Mensah",
         "Rossi", "Johansson", "Chen", "Dubois", "Kaur", "Horvath", "Oyelaran", "Lopez", "Nieminen",
         "Andersen", "Ivanova", "Reyes", "Takahashi", "Osei", "Bauer", "Gallagher", "Sharma", "Costa",
         "Wojcik", "Ali", "Eriksen", "Park", "Hoffmann", "Mbeki", "Carvalho", "Kim", "Romano", "Dlamini",
         "Hartmann", "Quispe", "Berg", "Varga", "Tanaka"]

_DOMAINS = [("HALVORSEN", "corp.halvorsen-kraft.example"), ("LINDMED", "ad.lindqvist-med.example"),
            ("NWTRADERS", "nwtraders.local"), ("ADATUM", "ad.adatum-logistics.example"),
            ("TAILSPIN", "corp.tailspin-air.example"), ("WOODGROVE", "wg.woodgrove-fin.example"),
            ("LITWARE", "litware.internal"), ("PROSEWARE", "corp.proseware-labs.example"),
            ("VANARSDEL", "ad.vanarsdel-foods.example"), ("WINGTIP", "wingtip.lan"),
            ("LUCERNE", "ad.lucerne-pub.example"), ("TREYRES", "corp.trey-research.example"),
            ("FABRIKAM", "corp.fabrikam-mfg.example"), ("CONTOSO", "ad.contoso-health.example"),
            ("MARGIE", "margie-travel.local"), ("BOREALIS", "ad.borealis-energie.example"),
            ("KESTREL", "kestrel-insurance.internal"), ("AURORA", "corp.aurora-kliniken.example")]

_TENANTS = ["halvorsenkraft", "lindqvistmed", "nwtraders", "adatumlog", "tailspinair", "woodgrovefin",
            "litwareinc", "prosewarelabs", "vanarsdelfoods", "wingtiptoys", "lucernepub", "treyresearch",
            "fabrikammfg", "contosohealth", "margietravel", "borealisenergie", "kestrelins", "aurorakliniken"]

_ROLES = ["DC", "ADCS", "SUBCA", "MECM", "SCCM", "WSUS", "EXCH", "ADFS", "AADC", "FS", "SQL", "RDS",
          "CTXDDC", "CTXSF", "VCSA", "ESX", "HV", "NPS", "PRT", "JMP", "MGMT", "SCOM", "DPM", "MBX", "WAP"]
_SITES = ["OSL", "STO", "FRA", "AMS", "LON", "MAD", "WAW", "NYC", "SEA", "TYO", "SGP", "SYD", "JNB", "SAO",
          "MUC", "HEL", "DUB", "PRG", "IST", "BOM"]

_WORDS = ["Harbor", "Falcon", "Maple", "Granite", "Copper", "Lantern", "Orchid", "Tundra", "Velvet",
          "Quartz", "Saffron", "Juniper", "Nimbus", "Cobalt", "Ember", "Willow", "Sparrow", "Glacier",
          "Meadow", "Pepper", "Bramble", "Canyon", "Thistle", "Walnut", "Marlin", "Pebble", "Hazel",
          "Cedar", "Otter", "Raven", "Summit", "Breeze", "Tango", "Violet", "Badger", "Monsoon", "Kestrel",
          "Puffin", "Biscuit", "Cricket", "Sonnenblume", "Kaffeetasse", "Fernweh", "Schneeflocke",
          "Mariposa", "Girasol", "Papillon", "Fromage", "Kirschbaum", "Zeppelin", "Lumiere", "Sakura",
          "Tsubame", "Mandarina", "Pomelo", "Vesuvio", "Fjord", "Aurora", "Sisu", "Kielbasa", "Pierogi",
          "Tulipan", "Cappuccino", "Limonada", "Trabant", "Dragonfly", "Snowdrop", "Albatross", "Chinook",
          "Mistral", "Sirocco", "Basilisk", "Gondola", "Hedgehog", "Pinecone", "Lighthouse", "Nebula",
          "Rhubarb", "Sycamore", "Tortuga", "Umbrella", "Zucchini", "Avalanche", "Bluebird", "Cinnamon"]
_PWORDS = ["correct", "staple", "orbit", "gravel", "lemon", "hollow", "silver", "ferry", "tiger", "canvas",
           "marble", "pickle", "rocket", "violin", "noodle", "harvest", "plaid", "quiet", "jungle", "walrus",
           "tractor", "blanket", "cactus", "spiral", "candle", "puzzle", "anchor", "bishop", "cobweb",
           "dynamo", "fossil", "goblin", "hammock", "igloo", "jigsaw", "kayak", "ladder", "mosaic", "nectar",
           "oyster", "parsley", "quiver", "ribbon", "saddle", "teapot", "uncle", "vortex", "wizard", "yodel",
           "zephyr", "apfel", "brücke", "wolke", "gato", "fresa", "luna", "chaton", "neige", "vento",
           "sol", "mesa", "kirja", "kot", "drzewo", "yama", "kawa", "hav", "skog", "niebo", "tren"]
_SEASONS = ["Spring", "Summer", "Autumn", "Winter", "Fall", "Fruehling", "Sommer", "Herbst", "Invierno",
            "Verano", "Printemps", "Hiver", "Zima", "Lato", "Welcome", "Willkommen", "Bienvenue", "Start",
            "Change", "Reset", "Temp", "Helpdesk", "Januar", "Monday", "Password", "Passw0rd", "Kennwort"]
_SYMS = "!@#$%^&*?-_+=.~"
_SAFE_SYMS = "!#%*-_+=.~@"


def uniq_pw_token():
    return dg(rint(2, 4))


def pw_word():
    w = ch(_WORDS)
    k = rint(0, 4)
    if k == 0:
        return w + dg(4) + ch(_SYMS)
    if k == 1:
        return w + ch(_SYMS) + dg(rint(2, 4)) + ch(_WORDS).lower()
    if k == 2:
        leet = w.replace("a", "@").replace("o", "0").replace("e", "3").replace("i", "1").replace("s", "$")
        return leet + dg(rint(2, 3)) + ch("!?#")
    if k == 3:
        return ch(_WORDS) + ch(_WORDS) + dg(2) + ch(_SYMS)
    return dg(2) + ch(_WORDS) + ch(_SYMS) + ch(_WORDS).lower() + dg(2)


def pw_season():
    return ch(_SEASONS) + ch(["2024", "2025", "2026", "25", "26"]) + ch("!#?$.*") + dg(rint(2, 3))


def pw_phrase():
    sep = ch(["-", ".", "_", " ", ""])
    parts = [ch(_PWORDS) for _ in range(rint(3, 4))]
    if sep == "":
        parts = [p.capitalize() for p in parts]
    return sep.join(parts) + ch(["", sep]) + dg(rint(2, 3))


def pw_pron():
    c, v = "bdfghjklmnprstvwz", "aeiou"
    syl = "".join(ch(c) + ch(v) for _ in range(rint(3, 4)))
    return syl.capitalize() + ch(_SYMS) + dg(rint(2, 4))


def pw_rand(n=None, syms=_SYMS):
    n = n or rint(12, 24)
    alpha = _ALNUM + syms
    while True:
        s = rstr(alpha, n)
        if any(c in _DIG for c in s) and any(c in _UPC for c in s) and any(c in _LOW for c in s):
            return s


def pw_laps():
    # Windows LAPS style: long, full complexity, no ambiguous quoting chars
    return pw_rand(rint(14, 24), syms="!#%+-./:=?@[]^_{}~")


def pw(avoid=""):
    fns = [pw_word, pw_word, pw_season, pw_phrase, pw_pron, pw_rand, pw_laps]
    while True:
        s = ch(fns)()
        if len(s) >= 8 and not any(c in avoid for c in s):
            return s


def pwu():
    """password that can sit inside a URL or a connection string unescaped"""
    return pw(avoid="@:/?#%&;=+$ {}[]^'\"\\")


def pwx():
    """password safe inside XML/HTML attributes and PowerShell double quotes"""
    return pw(avoid="&<>\"'$`\\ ")


def pws():
    """password with no spaces or shell-breaking quotes"""
    return pw(avoid="'\"`\\ ")


def person():
    return ch(_FIRST), ch(_LAST)


def uname(style=None):
    f, l = person()
    l2 = l.replace(" ", "").lower()
    style = style if style is not None else rint(0, 4)
    if style == 0:
        return f.lower() + "." + l2
    if style == 1:
        return f[0].lower() + l2
    if style == 2:
        return l2[:6] + f[0].lower() + str(rint(1, 9))
    if style == 3:
        return f.lower() + "." + l2 + "-adm"
    return "a-" + f[0].lower() + l2


def svc():
    return ch(["svc_", "svc-", "sa-", "srv_", "s-"]) + ch(["sqlprod", "backup", "mecm-na", "mecm-push",
              "adcs-enroll", "vcenter-ro", "citrix-ddc", "exch-relay", "aadc-sync", "scom-action",
              "wsus", "ldapbind", "printsvc", "veeam", "adfs", "ndes", "intune-conn", "sharepoint",
              "splunkfwd", "ansible", "dsc-pull", "scorch", "jira-ldap", "bitbucket", "horizon"]) + dg(2)


def dom():
    return ch(_DOMAINS)


def tenant():
    return ch(_TENANTS)


def host(role=None):
    return "%s-%s%02d" % (ch(_SITES), role or ch(_ROLES), rint(1, 12))


def fqdn(role=None, d=None):
    d = d or dom()
    return (host(role) + "." + d[1]).lower()


def email(d=None):
    f, l = person()
    return "%s.%s@%s.example" % (f.lower(), l.replace(" ", "").lower(), (d or tenant()))


def ticket():
    return ch(["INC", "RITM", "REQ", "CHG", "SCTASK", "HD-", "SD-", "OPS-"]) + dg(rint(6, 7))


# ---------------------------------------------------------------------------
# vendor-shaped credentials
# ---------------------------------------------------------------------------

def entra_secret():
    a = _ALNUM
    return rstr(a, 3) + ch(_DIG) + "Q~" + rstr(a + "_~.-", 34)


def storage_key():
    return b64(64)


def sas_sig():
    return urlq(b64(32))


def cpassword():
    return b64(ch([16, 32, 48])).rstrip("=")


def nthash():
    return hx(32)


def aes256key():
    return hx(64)


def jwt(aud="https://graph.microsoft.com", extra=None, sig_bytes=256):
    tid = guid()
    hdr = {"typ": "JWT", "alg": "RS256", "x5t": b64u(20), "kid": b64u(20)}
    iat = rint(1735000000, 1767000000)
    body = {"aud": aud, "iss": "https://sts.windows.net/%s/" % tid, "iat": iat, "nbf": iat,
            "exp": iat + 3599, "appid": guid(), "idtyp": "app", "oid": guid(), "tid": tid,
            "ver": "1.0", "uti": b64u(16)}
    if extra:
        body.update(extra)
    return enc_b64u_json(hdr) + "." + enc_b64u_json(body) + "." + b64u(sig_bytes)


def refresh_token():
    return "0.A" + rstr(_B64U, 3) + "A" + rstr(_B64U, rint(300, 420))


def pem_body(kind):
    prefix = {"PRIVATE KEY": "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ",
              "RSA PRIVATE KEY": "MIIEowIBAAKCAQEA",
              "EC PRIVATE KEY": "MHcCAQEEI",
              "ENCRYPTED PRIVATE KEY": "MIIFHzBJBgkqhkiG9w0BBQ0wPDAbBgkqhkiG9w0BBQwwDgQI",
              "OPENSSH PRIVATE KEY": "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"}[kind]
    total = {"PRIVATE KEY": 1620, "RSA PRIVATE KEY": 1588, "EC PRIVATE KEY": 224,
             "ENCRYPTED PRIVATE KEY": 1700, "OPENSSH PRIVATE KEY": 396}[kind]
    body = prefix + rstr(_B64, total - len(prefix) - 1) + "="
    return wrap64(body, 70 if kind == "OPENSSH PRIVATE KEY" else 64)


def pem(kind):
    body = pem_body(kind)
    return "-----BEGIN %s-----\n%s\n-----END %s-----" % (kind, body, kind), body


def pfx_b64(n=1800):
    return b64_prefixed(b"\x30\x82\x0a" + bytes([rint(0, 255)]) + b"\x02\x01\x03\x30\x82", n)


def kirbi_b64():
    return b64_prefixed(b"\x76\x82\x05" + bytes([rint(0, 255)]) + b"\x30\x82\x05", rint(900, 1200))


def odj_blob():
    return "ARAIAMzMzMz" + rstr(_B64, rint(600, 900)) + "="


def unattend_enc(password, suffix="AdministratorPassword"):
    return base64.b64encode((password + suffix).encode("utf-16-le")).decode()


def basic(user, password):
    return enc_b64(user + ":" + password)


# ---------------------------------------------------------------------------
# template registry
# ---------------------------------------------------------------------------

_TEMPLATES = []
_BENIGN_T = []


def T(group, fmt):
    def deco(fn):
        _TEMPLATES.append((group, fmt, fn))
        return fn
    return deco


def B(group):
    def deco(fn):
        _BENIGN_T.append((group, fn))
        return fn
    return deco

# ===========================================================================
# group: command  -- shell / PowerShell lines the agent ran
# ===========================================================================

@T("command", "net-user-add-local-account")
def _():
    u = ch(["helpdesk.tmp", "localsupport", "kiosk", "lab-admin", "imaging"]) + dg(2); p = pws()
    return ('PS C:\\Windows\\system32> net user %s %s /add /expires:never /comment:"%s"' % (u, p, ticket()), p, "net user " + u)


@T("command", "net-user-domain-reset")
def _():
    u = uname(); p = pws()
    return ("C:\\> net user %s %s /domain\nThe request will be processed at a domain controller for domain %s.\n\nThe command completed successfully." % (u, p, dom()[1]), p, u)


@T("command", "net-use-drive-map-with-password")
def _():
    d = dom(); u = uname(); p = pws(); h = host("FS")
    return ("net use Z: \\\\%s\\Dept$ %s /user:%s\\%s /persistent:no" % (h, p, d[0], u), p, "\\\\%s\\Dept$" % h)


@T("command", "net-use-ipc-share-admin")
def _():
    d = dom(); p = pws(); h = host("DC")
    return ("net use \\\\%s\\IPC$ /user:%s\\Administrator %s" % (h, d[0], p), p, h)


@T("command", "psexec-remote-with-u-p")
def _():
    d = dom(); u = svc(); p = pws(); h = host()
    return ('PsExec64.exe \\\\%s -accepteula -u %s\\%s -p %s -h cmd /c "gpupdate /force"' % (h, d[0], u, p), p, "gpupdate /force")


@T("command", "cmdkey-add-server-pass")
def _():
    d = dom(); u = uname(); p = pws(); h = fqdn("FS", d)
    return ("cmdkey /add:%s /user:%s\\%s /pass:%s" % (h, d[0], u, p), p, "cmdkey /add:" + h)


@T("command", "cmdkey-termsrv-generic")
def _():
    d = dom(); u = uname(3); p = pws(); h = host("RDS")
    return ("cmdkey /generic:TERMSRV/%s /user:%s\\%s /pass:%s && mstsc /v:%s" % (h, d[0], u, p, h), p, "mstsc /v:" + h)


@T("command", "wmic-node-user-password")
def _():
    d = dom(); u = uname(3); p = pws(); h = host()
    return ('wmic /node:"%s" /user:"%s\\%s" /password:"%s" os get Caption,LastBootUpTime' % (h, d[0], u, p), p, "os get Caption,LastBootUpTime")


@T("command", "ps-set-adaccountpassword-plaintext")
def _():
    u = uname(); p = pw()
    return ("PS> $sec = ConvertTo-SecureString '%s' -AsPlainText -Force\nPS> Set-ADAccountPassword -Identity %s -NewPassword $sec -Reset\nPS> Set-ADUser -Identity %s -ChangePasswordAtLogon $true" % (p, u, u), p, "Set-ADAccountPassword -Identity " + u)


@T("command", "ps-pscredential-enter-pssession")
def _():
    d = dom(); u = uname(3); p = pw(); h = host()
    return ("$cred = New-Object System.Management.Automation.PSCredential('%s\\%s', (ConvertTo-SecureString '%s' -AsPlainText -Force))\nEnter-PSSession -ComputerName %s -Credential $cred -UseSSL" % (d[0], u, p, h, ), p, "Enter-PSSession -ComputerName " + h)


@T("command", "ps-invoke-command-inline-credential")
def _():
    d = dom(); u = svc(); p = pw(); hs = ", ".join(host("HV") for _ in range(3))
    return ("Invoke-Command -ComputerName %s -Credential ([pscredential]::new('%s\\%s', ('%s' | ConvertTo-SecureString -AsPlainText -Force))) -ScriptBlock { Get-VM | Where State -eq 'Running' }" % (hs, d[0], u, p), p, "Get-VM | Where State -eq 'Running'")


@T("command", "ps-new-aduser-accountpassword")
def _():
    f, l = person(); u = (f[0] + l.replace(" ", "")).lower(); d = dom(); p = pw()
    return ("New-ADUser -Name '%s %s' -SamAccountName %s -UserPrincipalName %s@%s -Path 'OU=Staff,OU=Users,DC=%s' -AccountPassword (ConvertTo-SecureString '%s' -AsPlainText -Force) -Enabled $true -ChangePasswordAtLogon $true" % (f, l, u, u, d[1], d[1].replace(".", ",DC="), p), p, "-SamAccountName " + u)


@T("command", "ps-set-localuser-password")
def _():
    p = pw(); h = host()
    return ("Invoke-Command -ComputerName %s { Set-LocalUser -Name 'Administrator' -Password (ConvertTo-SecureString -String '%s' -AsPlainText -Force) }" % (h, p), p, "Set-LocalUser -Name 'Administrator'")


@T("command", "ps-new-localuser-password-var")
def _():
    p = pwx(); u = ch(["breakglass", "lapsfallback", "svc-kiosk", "scanuser"])
    return ('$pw = "%s" | ConvertTo-SecureString -AsPlainText -Force; New-LocalUser -Name %s -Password $pw -PasswordNeverExpires; Add-LocalGroupMember -Group Administrators -Member %s' % (p, u, u), p, "New-LocalUser -Name " + u)


@T("command", "netdom-join-passwordd")
def _():
    d = dom(); u = uname(3); p = pws()
    return ("netdom join %%COMPUTERNAME%% /domain:%s /userd:%s\\%s /passwordd:%s /ou:\"OU=Workstations,DC=%s\" /reboot:10" % (d[1], d[0], u, p, d[1].replace(".", ",DC=")), p, "/domain:" + d[1])


@T("command", "ps-add-computer-domain-credential")
def _():
    d = dom(); u = svc(); p = pw()
    return ("$c = [pscredential]::new(\"%s@%s\", (ConvertTo-SecureString '%s' -AsPlainText -Force)); Add-Computer -DomainName %s -Credential $c -OUPath 'OU=Servers,DC=%s' -Restart" % (u, d[1], p, d[1], d[1].replace(".", ",DC=")), p, "Add-Computer -DomainName " + d[1])


@T("command", "ktpass-keytab-mapuser-pass")
def _():
    d = dom(); s = svc(); p = pws(); h = fqdn("WAP", d)
    return ("ktpass /out C:\\temp\\http-%s.keytab /princ HTTP/%s@%s /mapuser %s\\%s /pass %s /ptype KRB5_NT_PRINCIPAL /crypto AES256-SHA1" % (h.split(".")[0], h, d[1].upper(), d[0], s, p), p, "HTTP/" + h)


@T("command", "certutil-exportpfx-p")
def _():
    p = pw(avoid='"'); th = hx(40)
    return ('certutil -p "%s" -exportPFX My %s C:\\Temp\\wildcard-%s.pfx' % (p, th, date()), p, th)


@T("command", "certutil-importpfx-p")
def _():
    p = pws()
    return ('certutil -f -p %s -importpfx "\\\\%s\\pki$\\ndes-ra-%s.pfx" NoExport' % (p, host("FS"), date()), p, "-importpfx")


@T("command", "ps-export-pfxcertificate-password")
def _():
    p = pw(); th = HX(40)
    return ("Get-ChildItem Cert:\\LocalMachine\\My\\%s | Export-PfxCertificate -FilePath C:\\certs\\adfs-ssl.pfx -Password (ConvertTo-SecureString -String '%s' -Force -AsPlainText) -ChainOption BuildChain" % (th, p), p, "Cert:\\LocalMachine\\My\\" + th)


@T("command", "openssl-pkcs12-passout")
def _():
    p = pws(); cn = fqdn("EXCH")
    return ("openssl pkcs12 -export -in %s.crt -inkey %s.key -certfile issuing-ca.pem -out %s.pfx -passout pass:%s" % (cn, cn, cn, p), p, cn + ".crt")


@T("command", "openssl-pkcs12-passin-extract")
def _():
    p = pws()
    return ("openssl pkcs12 -in intune-scep-ra.pfx -nocerts -nodes -passin 'pass:%s' | openssl rsa -out ra.key" % p, p, "intune-scep-ra.pfx")


@T("command", "connect-viserver-user-password")
def _():
    p = pw(); h = fqdn("VCSA")
    return ("Connect-VIServer -Server %s -User administrator@vsphere.local -Password '%s' -Force | Out-Null\nGet-VM | Where-Object {$_.PowerState -eq 'PoweredOn'} | Measure-Object" % (h, p), p, "Connect-VIServer -Server " + h)


@T("command", "govc-env-inline-password")
def _():
    p = pws(); h = fqdn("VCSA")
    return ("GOVC_URL=https://%s GOVC_USERNAME='svc-govc@vsphere.local' GOVC_PASSWORD='%s' GOVC_INSECURE=1 govc ls /DC-Main/vm/Citrix" % (h, p), p, "govc ls /DC-Main/vm/Citrix")


@T("command", "ovftool-vi-url-embedded-password")
def _():
    p = pwu(); h = fqdn("VCSA")
    return ("ovftool --noSSLVerify --name=W2022-Gold vi://administrator%%40vsphere.local:%s@%s/DC-Main/vm/Templates/W2022-Gold ./export/" % (p, h), p, h)


@T("command", "az-login-service-principal")
def _():
    s = entra_secret(); a = guid(); t = guid()
    return ("az login --service-principal -u %s -p '%s' --tenant %s --allow-no-subscriptions" % (a, s, t), s, a)


@T("command", "ps-connect-azaccount-serviceprincipal")
def _():
    s = entra_secret(); a = guid(); t = guid()
    return ("$sp = [pscredential]::new('%s', (ConvertTo-SecureString '%s' -AsPlainText -Force))\nConnect-AzAccount -ServicePrincipal -Credential $sp -Tenant %s" % (a, s, t), s, "-Tenant " + t)


@T("command", "connect-mggraph-clientsecretcredential")
def _():
    s = entra_secret(); a = guid(); t = tenant()
    return ("$sec = ConvertTo-SecureString -String '%s' -AsPlainText -Force\n$cc = New-Object System.Management.Automation.PSCredential -ArgumentList '%s', $sec\nConnect-MgGraph -TenantId %s.onmicrosoft.com -ClientSecretCredential $cc -NoWelcome" % (s, a, t), s, "Connect-MgGraph -TenantId " + t)


@T("command", "connect-exchangeonline-certificatepassword")
def _():
    p = pw(); t = tenant()
    return ("Connect-ExchangeOnline -CertificateFilePath C:\\automation\\exo-app.pfx -CertificatePassword (ConvertTo-SecureString -String '%s' -AsPlainText -Force) -AppID %s -Organization %s.onmicrosoft.com" % (p, guid(), t), p, "-Organization %s.onmicrosoft.com" % t)


@T("command", "ps-new-mailbox-password")
def _():
    f, l = person(); p = pw(); t = tenant()
    return ("New-Mailbox -Name '%s %s' -Alias %s -UserPrincipalName %s.%s@%s.example -Database MBX-DB0%d -Password (ConvertTo-SecureString -String '%s' -AsPlainText -Force) -ResetPasswordOnNextLogon $true" % (f, l, f.lower(), f.lower(), l.replace(" ", "").lower(), t, rint(1, 8), p, ), p, "New-Mailbox -Name '%s %s'" % (f, l))


@T("command", "set-msoluserpassword-newpassword")
def _():
    e = email(); p = pw()
    return ("Set-MsolUserPassword -UserPrincipalName %s -NewPassword '%s' -ForceChangePassword $true" % (e, p), p, e)


@T("command", "update-mguser-passwordprofile")
def _():
    e = email(); p = pw()
    return ("Update-MgUser -UserId %s -PasswordProfile @{ ForceChangePasswordNextSignIn = $true; Password = '%s' }" % (e, p), p, "Update-MgUser -UserId " + e)


@T("command", "sqlcmd-sa-password-flag")
def _():
    p = pws(); h = host("SQL")
    return ('sqlcmd -S %s\\CM_%s -U sa -P %s -Q "SELECT name, state_desc FROM sys.databases"' % (h, up(3), p), p, "SELECT name, state_desc FROM sys.databases")


@T("command", "invoke-sqlcmd-username-password")
def _():
    p = pw(); h = host("SQL")
    return ("Invoke-Sqlcmd -ServerInstance '%s' -Database CM_P01 -Username 'cm_report' -Password '%s' -Query 'select top 5 * from v_R_System'" % (h, p), p, "-Database CM_P01")


@T("command", "xfreerdp-u-p")
def _():
    d = dom(); u = uname(3); p = pws()
    return ("xfreerdp /v:%s /u:%s /d:%s /p:'%s' /cert:ignore +clipboard /dynamic-resolution" % (ip(), u, d[0], p), p, "/u:" + u)


@T("command", "evil-winrm-password")
def _():
    p = pws()
    return ("evil-winrm -i %s -u Administrator -p '%s'   # verifying LAPS rotation actually took" % (ip(), p), p, "evil-winrm -i")


@T("command", "ldapsearch-bind-w")
def _():
    d = dom(); s = svc(); p = pws(); base = "DC=" + d[1].replace(".", ",DC=")
    return ("ldapsearch -H ldaps://%s -x -D 'CN=%s,OU=Service Accounts,%s' -w '%s' -b '%s' '(sAMAccountName=%s)' memberOf" % (fqdn("DC", d), s, base, p, base, uname()), p, "CN=" + s)


@T("command", "ldapwhoami-simple-bind")
def _():
    d = dom(); s = svc(); p = pws()
    return ("ldapwhoami -x -H ldap://%s:389 -D '%s@%s' -w %s" % (fqdn("DC", d), s, d[1], p), p, s + "@" + d[1])


@T("command", "smbclient-user-percent-password")
def _():
    d = dom(); u = uname(); p = pw(avoid="'% ")
    return ("smbclient //%s/IT$ -U '%s\\%s%%%s' -c 'ls Scripts\\GPO'" % (host("FS"), d[0], u, p), p, d[0] + "\\" + u)


@T("command", "impacket-secretsdump-target-string")
def _():
    d = dom(); u = uname(3); p = pwu()
    return ("impacket-secretsdump -just-dc-user krbtgt %s/%s:%s@%s" % (d[1], u, p, ip()), p, "-just-dc-user krbtgt")


@T("command", "nxc-smb-local-auth-spray-check")
def _():
    p = pws()
    return ("nxc smb 10.%d.0.0/24 -u localadmin -p '%s' --local-auth   # find boxes still on the pre-LAPS image password" % (rint(1, 250), p), p, "--local-auth")


@T("command", "curl-basic-user-colon-password-vcenter")
def _():
    p = pw(avoid="' :"); h = fqdn("VCSA")
    return ("curl -sk -X POST -u 'administrator@vsphere.local:%s' https://%s/api/session" % (p, h), p, "https://%s/api/session" % h)


@T("command", "invoke-restmethod-bearer-graph")
def _():
    t = jwt()
    return ('Invoke-RestMethod -Uri "https://graph.microsoft.com/v1.0/deviceManagement/managedDevices?$top=50" -Headers @{ Authorization = "Bearer %s" }' % t, t, "deviceManagement/managedDevices")


@T("command", "kinit-echo-password-pipe")
def _():
    d = dom(); s = svc(); p = pws()
    return ("echo '%s' | kinit %s@%s && klist" % (p, s, d[1].upper()), p, "kinit %s@%s" % (s, d[1].upper()))


@T("command", "realm-join-password-stdin")
def _():
    d = dom(); u = uname(3); p = pws()
    return ("echo -n '%s' | sudo realm join --user=%s --computer-ou='OU=Linux,OU=Servers' %s" % (p, u, d[1]), p, "realm join --user=" + u)


@T("command", "msiexec-service-password-property")
def _():
    d = dom(); s = svc(); p = pw(avoid='" ')
    return ('msiexec /i "\\\\%s\\pkg$\\BackupAgent\\agent-x64.msi" /qn /l*v C:\\Windows\\Temp\\agent.log SERVICEACCOUNT=%s\\%s SERVICEPASSWORD="%s"' % (host("FS"), d[0], s, p), p, "agent-x64.msi")


@T("command", "sql-setup-sapwd-unattended")
def _():
    p = pw(avoid='" '); d = dom()
    return ('.\\setup.exe /Q /ACTION=Install /FEATURES=SQLENGINE /INSTANCENAME=MECM /SQLSVCACCOUNT="%s\\%s" /SQLSYSADMINACCOUNTS="%s\\SQL Admins" /SECURITYMODE=SQL /SAPWD="%s" /IACCEPTSQLSERVERLICENSETERMS' % (d[0], svc(), d[0], p), p, "/INSTANCENAME=MECM")


@T("command", "install-addsforest-safemodepassword")
def _():
    d = dom(); p = pw()
    return ("Install-ADDSForest -DomainName %s -DomainNetbiosName %s -ForestMode WinThreshold -InstallDns -SafeModeAdministratorPassword (ConvertTo-SecureString '%s' -AsPlainText -Force) -Force" % (d[1], d[0], p), p, "-DomainNetbiosName " + d[0])


@T("command", "reg-add-winlogon-defaultpassword")
def _():
    p = pw(avoid='" ')
    return ('reg add "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v DefaultPassword /t REG_SZ /d "%s" /f' % p, p, "/v DefaultPassword")


@T("command", "schtasks-create-run-as-rp")
def _():
    d = dom(); s = svc(); p = pws()
    return ('schtasks /create /tn "AD\\Nightly stale-computer cleanup" /tr "powershell -File C:\\ops\\Remove-Stale.ps1" /sc daily /st 02:30 /ru %s\\%s /rp %s /rl HIGHEST' % (d[0], s, p), p, "Nightly stale-computer cleanup")


@T("command", "sc-config-obj-password")
def _():
    d = dom(); s = svc(); p = pw(avoid='" ')
    return ('sc.exe \\\\%s config "SQLSERVERAGENT" obj= "%s\\%s" password= "%s"' % (host("SQL"), d[0], s, p), p, "SQLSERVERAGENT")


@T("command", "racadm-idrac-password")
def _():
    p = pws()
    return ("racadm -r %s -u root -p %s getsysinfo   # ESX%02d host, iDRAC9" % (ip(), p, rint(1, 40)), p, "getsysinfo")


@T("command", "ipmitool-lanplus-capital-p")
def _():
    p = pws()
    return ("ipmitool -I lanplus -H ilo-%s.oob.local -U Administrator -P '%s' chassis power status" % (host("ESX").lower(), p), p, "chassis power status")


@T("command", "netscaler-cli-add-system-user")
def _():
    p = pws()
    return ("> add system user ctx-%s %s -externalAuth DISABLED -timeout 900\n Done\n> bind system user ctx-%s read-only 100" % (lo(4), p, lo(4)), p, "add system user")


@T("command", "plink-ssh-esxi-pw")
def _():
    p = pws()
    return ('plink.exe -ssh root@%s -pw %s -batch "esxcli software vib list | grep -i lsi"' % (fqdn("ESX"), p), p, "esxcli software vib list")


@T("command", "pscp-pw-copy-vcsa-backup")
def _():
    p = pws(); h = fqdn("VCSA")
    return ("pscp -pw %s -scp root@%s:/storage/log/vmware/vpxd/vpxd.log C:\\cases\\%s\\" % (p, h, ticket()), p, h)


@T("command", "winrs-remote-user-password")
def _():
    d = dom(); u = uname(3); p = pws()
    return ("winrs -r:%s -u:%s\\%s -p:%s ipconfig /all" % (host(), d[0], u, p), p, "ipconfig /all")


@T("command", "dsadd-user-pwd")
def _():
    d = dom(); f, l = person(); p = pws()
    return ('dsadd user "CN=%s %s,OU=Contractors,DC=%s" -samid %s%s -pwd %s -mustchpwd yes -disabled no' % (f, l, d[1].replace(".", ",DC="), f[0].lower(), l.replace(" ", "").lower(), p), p, "OU=Contractors")


@T("command", "new-vicredentialstoreitem")
def _():
    p = pw(); h = fqdn("VCSA")
    return ("New-VICredentialStoreItem -Host %s -User 'svc-powercli@vsphere.local' -Password '%s' -File $env:APPDATA\\VMware\\credstore\\vicredentials.xml" % (h, p), p, "-Host " + h)


@T("command", "set-xdcredentials-secretkey")
def _():
    k = b64(18); c = lo(10)
    return ("Set-XDCredentials -CustomerId %s -APIKey %s -SecretKey '%s' -ProfileType CloudAPI -StoreAs 'citrix-prod'" % (c, guid(), k), k, "-CustomerId " + c)


@T("command", "vault-kv-put-laps-password")
def _():
    p = pw(avoid="' "); h = host()
    return ("vault kv put secret/windows/laps/%s username=Administrator password='%s'" % (h.lower(), p), p, "secret/windows/laps/" + h.lower())


@T("command", "az-keyvault-secret-set-value")
def _():
    p = pw(avoid="' "); kv = "kv-idm-" + lo(5)
    return ("az keyvault secret set --vault-name %s --name aadc-sync-account --value '%s' --expires %sT00:00:00Z" % (kv, p, date()), p, "--vault-name " + kv)


@T("command", "set-secret-secretmanagement-vault")
def _():
    p = pw()
    return ("Set-Secret -Name vcenter-administrator -Secret '%s' -Vault LocalStore -Metadata @{ owner = 'virt-team' }" % p, p, "-Name vcenter-administrator")


@T("command", "git-clone-token-in-url")
def _():
    t = "glpat-" + rstr(_ALNUM + "-_", 20)
    return ("git clone https://oauth2:%s@gitlab.%s/windows/gpo-backups.git" % (t, dom()[1]), t, "windows/gpo-backups.git")


@T("command", "docker-login-acr-admin-password")
def _():
    p = rstr(_ALNUM + "+/=", 52); r = "acr" + lo(8)
    return ("docker login %s.azurecr.io -u %s -p %s\nWARNING! Using --password via the CLI is insecure. Use --password-stdin." % (r, r, p), p, r + ".azurecr.io")


@T("command", "mysql-p-concatenated")
def _():
    p = pw(avoid="' ")
    return ("mysql -h glpi-db.%s -u glpi -p'%s' glpi -e \"select id,name from glpi_users where is_active=1 limit 5\"" % (dom()[1], p), p, "-u glpi")


@T("command", "pgpassword-env-prefix-psql")
def _():
    p = pw(avoid="' ")
    return ("PGPASSWORD='%s' psql -h keycloak-db.%s -U keycloak -d keycloak -c 'select count(*) from user_entity;'" % (p, dom()[1]), p, "-U keycloak")


@T("command", "bash-history-sshpass")
def _():
    p = pws()
    return ("  %d  sshpass -p '%s' ssh -o StrictHostKeyChecking=no root@%s 'service-control --status --all'" % (rint(100, 2000), p, fqdn("VCSA")), p, "service-control --status --all")


# ===========================================================================
# group: tool-output  -- what came back from commands and APIs
# ===========================================================================

def bitlocker_rp():
    return "-".join("%06d" % (rint(0, 65535) * 11) for _ in range(8))


@T("tool-output", "az-ad-sp-create-for-rbac-json")
def _():
    s = entra_secret(); n = "sp-intune-reporting-" + lo(4)
    return ('{\n  "appId": "%s",\n  "displayName": "%s",\n  "password": "%s",\n  "tenant": "%s"\n}' % (guid(), n, s, guid()), s, n)


@T("tool-output", "az-ad-app-credential-reset-json")
def _():
    s = entra_secret(); a = guid()
    return ('The output includes credentials that you must protect. Be sure that you do not include these credentials in your code or check the credentials into your source control.\n{\n  "appId": "%s",\n  "password": "%s",\n  "tenant": "%s"\n}' % (a, s, guid()), s, a)


@T("tool-output", "new-mgapplicationpassword-secrettext")
def _():
    s = entra_secret(); k = guid()
    return ("CustomKeyIdentifier DisplayName       EndDateTime          Hint KeyId                                SecretText                               StartDateTime\n------------------- -----------       -----------          ---- -----                                ----------                               -------------\n                    exo-automation-%s %s %s  %s %s %s" % (date()[:4], usdate(), s[:3], k, s, usdate()), s, k)


@T("tool-output", "new-azadspcredential-secrettext-list")
def _():
    s = entra_secret(); k = guid()
    return ("PS> New-AzADSpCredential -ObjectId %s -EndDate (Get-Date).AddMonths(6)\n\nCustomKeyIdentifier :\nDisplayName         :\nEndDateTime         : %s\nHint                : %s\nKeyId               : %s\nSecretText          : %s\nStartDateTime       : %s" % (guid(), usdate(), s[:3], k, s, usdate()), s, "KeyId               : " + k)


@T("tool-output", "get-lapsadpassword-asplaintext")
def _():
    p = pw_laps(); h = "WKS-" + dg(5); d = dom()
    return ("ComputerName        : %s\nDistinguishedName   : CN=%s,OU=Workstations,DC=%s\nAccount             : Administrator\nPassword            : %s\nPasswordUpdateTime  : %s\nExpirationTimestamp : %s\nSource              : EncryptedPassword\nDecryptionStatus    : Success\nAuthorizedDecryptor : %s\\LAPS Password Readers" % (h, h, d[1].replace(".", ",DC="), p, usdate(), usdate(), d[0]), p, "ComputerName        : " + h)


@T("tool-output", "get-admpwdpassword-legacy-table")
def _():
    p = pw_laps(); h = "LT-" + up(6); d = dom()
    return ("ComputerName   DistinguishedName                                     Password              ExpirationTimestamp\n------------   -----------------                                     --------              -------------------\n%s      CN=%s,OU=Laptops,DC=%s     %s      %s" % (h, h, d[1].replace(".", ",DC="), p, usdate()), p, h)


@T("tool-output", "get-adcomputer-ms-mcs-admpwd")
def _():
    p = pw_laps(); h = host()
    return ("PS> Get-ADComputer %s -Properties ms-Mcs-AdmPwd, ms-Mcs-AdmPwdExpirationTime | fl Name, ms-Mcs-*\n\nName                        : %s\nms-Mcs-AdmPwd               : %s\nms-Mcs-AdmPwdExpirationTime : 13%s" % (h, h, p, dg(16)), p, "Name                        : " + h)


@T("tool-output", "secretsdump-ntds-user-line")
def _():
    d = dom(); s = svc(); h = nthash()
    return ("[*] Using the DRSUAPI method to get NTDS.DIT secrets\n%s\\%s:%d:aad3b435b51404eeaad3b435b51404ee:%s:::" % (d[1], s, rint(1100, 9000), h), h, "Using the DRSUAPI method")


@T("tool-output", "secretsdump-krbtgt-aes256-key")
def _():
    k = aes256key()
    return ("[*] Kerberos keys grabbed\nkrbtgt:aes256-cts-hmac-sha1-96:%s\nkrbtgt:aes128-cts-hmac-sha1-96:%s" % (k, "<truncated>"), k, "Kerberos keys grabbed")


@T("tool-output", "dsinternals-gmsa-current-password")
def _():
    g = "".join(chr(rint(0x4E00, 0x9FA5)) for _ in range(rint(100, 128)))
    return ("PS> $b = (Get-ADServiceAccount gmsa-%s -Properties 'msDS-ManagedPassword').'msDS-ManagedPassword'\nPS> ConvertFrom-ADManagedPasswordBlob $b\n\nVersion                   : 1\nCurrentPassword           : %s\nSecureCurrentPassword     : System.Security.SecureString\nPreviousPassword          :\nSecurePreviousPassword    :\nQueryPasswordInterval     : %d.%s.4419932\nUnchangedPasswordInterval : %d.%s.4419932" % (lo(5), g, rint(1, 29), hms(), rint(1, 29), hms()), g, "ConvertFrom-ADManagedPasswordBlob")


@T("tool-output", "gmsa-nthash-conversion-output")
def _():
    h = nthash(); g = "gmsa-" + ch(["sqlag", "adfs", "iis-pool", "scom", "exch-ews"]) + "$"
    return ("PS> (ConvertFrom-ADManagedPasswordBlob $blob).SecureCurrentPassword | ConvertTo-NTHash\n%s\n# ^ NT hash of %s, used for the overpass-the-hash test in the lab" % (h, g), h, g)


@T("tool-output", "mimikatz-logonpasswords-ntlm")
def _():
    d = dom(); s = svc(); h = nthash()
    return ("Authentication Id : 0 ; %d (00000000:%s)\nSession           : Service from 0\nUser Name         : %s\nDomain            : %s\nLogon Server      : %s\n         * Username : %s\n         * Domain   : %s\n         * NTLM     : %s\n         * SHA1     : <cut>" % (rint(100000, 9999999), hx(8), s, d[0], host("DC"), s, d[0], h), h, "User Name         : " + s)


@T("tool-output", "mimikatz-wdigest-cleartext")
def _():
    d = dom(); u = uname(3); p = pws()
    return ("         wdigest :\n         * Username : %s\n         * Domain   : %s\n         * Password : %s\n         kerberos :\n         * Username : %s\n         * Domain   : %s\n         * Password : (null)" % (u, d[0], p, u, d[1].upper()), p, "* Username : " + u)


@T("tool-output", "mimikatz-dcsync-hash-ntlm")
def _():
    h = nthash(); d = dom()
    return ("[DC] '%s' will be the domain\n[DC] 'krbtgt' will be the user account\nObject RDN           : krbtgt\n** SAM ACCOUNT **\nSAM Username         : krbtgt\nAccount Type         : 30000000 ( USER_OBJECT )\nPassword last change : %s\nCredentials:\n  Hash NTLM: %s" % (d[1], usdate(), h), h, "SAM Username         : krbtgt")


@T("tool-output", "rubeus-asktgt-base64-kirbi")
def _():
    k = kirbi_b64(); u = uname(3)
    return ("[*] Action: Ask TGT\n[*] Using aes256_cts_hmac_sha1 hash for %s\n[+] TGT request successful!\n[*] base64(ticket.kirbi):\n\n      %s\n\n  ServiceName : krbtgt/%s" % (u, k, dom()[1].upper()), k, "[+] TGT request successful!")


@T("tool-output", "reg-query-winlogon-defaultpassword")
def _():
    p = pws(); d = dom()
    return ("HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon\n    AutoAdminLogon    REG_SZ    1\n    DefaultDomainName    REG_SZ    %s\n    DefaultUserName    REG_SZ    kiosk01\n    DefaultPassword    REG_SZ    %s" % (d[0], p), p, "DefaultUserName    REG_SZ    kiosk01")


@T("tool-output", "get-itemproperty-autologon-list")
def _():
    p = pw()
    return ("AutoAdminLogon    : 1\nDefaultUserName   : lobbyscreen\nDefaultPassword   : %s\nDefaultDomainName : %s\nPSPath            : Microsoft.PowerShell.Core\\Registry::HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" % (p, dom()[0]), p, "DefaultUserName   : lobbyscreen")


@T("tool-output", "get-gpppassword-powersploit")
def _():
    p = pw(); d = dom()
    return ("Changed   : {%s %s}\nUserNames : {LocalAdm}\nNewName   : [BLANK]\nPasswords : {%s}\nFile      : \\\\%s\\SYSVOL\\%s\\Policies\\{%s}\\Machine\\Preferences\\Groups\\Groups.xml" % (date(), hms(), p, d[1], d[1], GUID()), p, "UserNames : {LocalAdm}")


@T("tool-output", "findstr-cpassword-sysvol-hit")
def _():
    c = cpassword(); d = dom()
    return ('\\\\%s\\SYSVOL\\%s\\Policies\\{%s}\\Machine\\Preferences\\ScheduledTasks\\ScheduledTasks.xml:<Properties action="U" name="Defrag" runAs="%s\\%s" cpassword="%s" logonType="Password"/>' % (d[1], d[1], GUID(), d[0], svc(), c), c, "ScheduledTasks.xml")


@T("tool-output", "get-azkeyvaultsecret-asplaintext")
def _():
    p = pw(); kv = "kv-ad-" + lo(6)
    return ("PS> Get-AzKeyVaultSecret -VaultName %s -Name dsrm-%s -AsPlainText\n%s" % (kv, host("DC").lower(), p), p, "-VaultName " + kv)


@T("tool-output", "az-keyvault-secret-show-json")
def _():
    s = entra_secret(); kv = "kv-entra-" + lo(5)
    return ('{\n  "attributes": {\n    "enabled": true,\n    "expires": "%s",\n    "recoveryLevel": "Recoverable+Purgeable"\n  },\n  "contentType": "client-secret",\n  "id": "https://%s.vault.azure.net/secrets/graph-app-secret/%s",\n  "value": "%s"\n}' % (tsz(), kv, hx(32), s), s, kv + ".vault.azure.net")


@T("tool-output", "az-storage-account-keys-list")
def _():
    k = storage_key()
    return ('[\n  {\n    "creationTime": "%s+00:00",\n    "keyName": "key1",\n    "permissions": "FULL",\n    "value": "%s"\n  }\n]' % (tsz(), k), k, '"keyName": "key1"')


@T("tool-output", "get-azstorageaccountkey-table")
def _():
    k = storage_key()
    return ("KeyName Value                                                                                    Permissions CreationTime\n------- -----                                                                                    ----------- ------------\nkey2    %s Full        %s" % (k, usdate()), k, "KeyName Value")


@T("tool-output", "az-acr-credential-show")
def _():
    p = rstr(_ALNUM + "+/", 52); r = "acr" + lo(7)
    return ('{\n  "passwords": [\n    {\n      "name": "password",\n      "value": "%s"\n    }\n  ],\n  "username": "%s"\n}' % (p, r), p, '"username": "%s"' % r)


@T("tool-output", "webapp-publishprofile-userpwd")
def _():
    p = rstr(_ALNUM, 60); a = "app-selfservice-pwreset-" + lo(4)
    return ('<publishData><publishProfile profileName="%s - Web Deploy" publishMethod="MSDeploy" publishUrl="%s.scm.azurewebsites.net:443" msdeploySite="%s" userName="$%s" userPWD="%s" destinationAppUrl="https://%s.azurewebsites.net" /></publishData>' % (a, a, a, a, p, a), p, 'publishMethod="MSDeploy"')


@T("tool-output", "az-functionapp-keys-list")
def _():
    k = b64u(40) + "=="
    return ('{\n  "functionKeys": {\n    "default": "%s"\n  },\n  "masterKey": null,\n  "systemKeys": {}\n}' % k, k, '"functionKeys"')


@T("tool-output", "kubectl-get-secret-yaml-base64-data")
def _():
    p = pws(); v = enc_b64(p)
    return ("apiVersion: v1\ndata:\n  LDAP_BIND_DN: %s\n  LDAP_BIND_PASSWORD: %s\nkind: Secret\nmetadata:\n  name: keycloak-ldap\n  namespace: iam\ntype: Opaque" % (enc_b64("CN=svc-keycloak,OU=Service Accounts"), v), v, "name: keycloak-ldap")


@T("tool-output", "terraform-output-sensitive-revealed")
def _():
    p = pw()
    return ('$ terraform output -raw vsphere_local_admin_password\n%s\n$ terraform output vm_names\n[\n  "%s",\n  "%s",\n]' % (p, host("RDS"), host("RDS")), p, "terraform output -raw vsphere_local_admin_password")


@T("tool-output", "vault-kv-get-table")
def _():
    p = pw()
    return ("====== Secret Path ======\nsecret/data/ad/svc/%s\n\n======= Metadata =======\nKey                Value\n---                -----\ncreated_time       %s\nversion            %d\n\n====== Data ======\nKey         Value\n---         -----\npassword    %s\nusername    %s" % (svc(), tsz(), rint(2, 30), p, svc()), p, "secret/data/ad/svc/")


@T("tool-output", "docker-inspect-env-array")
def _():
    p = pw(avoid='"\\ ')
    return ('        "Env": [\n            "LDAP_URL=ldaps://%s:636",\n            "LDAP_BIND_USER=%s",\n            "LDAP_BIND_PASSWORD=%s",\n            "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin"\n        ],' % (fqdn("DC"), svc(), p), p, "LDAP_BIND_USER")


@T("tool-output", "get-childitem-env-table")
def _():
    s = entra_secret(); a = guid()
    return ("Name                           Value\n----                           -----\nAZURE_CLIENT_ID                %s\nAZURE_CLIENT_SECRET            %s\nAZURE_TENANT_ID                %s\nCOMPUTERNAME                   %s" % (a, s, guid(), host("JMP")), s, "AZURE_CLIENT_ID                " + a)


@T("tool-output", "printenv-grep-vsphere")
def _():
    p = pws()
    return ("$ printenv | grep -i vsphere\nVSPHERE_SERVER=%s\nVSPHERE_USER=terraform@vsphere.local\nVSPHERE_PASSWORD=%s\nVSPHERE_ALLOW_UNVERIFIED_SSL=true" % (fqdn("VCSA"), p), p, "VSPHERE_USER=terraform@vsphere.local")


@T("tool-output", "get-aduser-description-temp-password")
def _():
    u = uname(); p = pws()
    return ("DistinguishedName : CN=%s,OU=Users,OU=%s\nDescription       : Temp PW %s - reset by helpdesk %s, user to change at logon\nEnabled           : True\nSamAccountName    : %s" % (u, ch(_SITES), p, date(), u), p, "SamAccountName    : " + u)


@T("tool-output", "net-user-comment-initial-password")
def _():
    u = svc(); p = pws()
    return ("User name                    %s\nFull Name                    %s\nComment                      initial pw %s (do not change, hardcoded in app)\nUser's comment\nAccount active               Yes\nPassword last set            %s" % (u, u, p, usdate()), p, "User name                    " + u)


@T("tool-output", "ldapsearch-ldif-info-attribute")
def _():
    s = svc(); p = pws(); d = dom()
    return ("# %s, Service Accounts, %s\ndn: CN=%s,OU=Service Accounts,DC=%s\nsAMAccountName: %s\ninfo: pwd=%s owner=app-team ticket %s\nuserAccountControl: 66048" % (s, d[1], s, d[1].replace(".", ",DC="), s, p, ticket()), p, "sAMAccountName: " + s)


@T("tool-output", "ldapsearch-userpassword-base64")
def _():
    p = pws(); v = enc_b64(p); u = uname()
    return ("dn: uid=%s,ou=people,dc=legacy,dc=local\nobjectClass: inetOrgPerson\nuid: %s\nuserPassword:: %s" % (u, u, v), v, "uid: " + u)


@T("tool-output", "get-vicredentialstoreitem-table")
def _():
    p = pw(); h = fqdn("VCSA")
    return ("Host                           User                            Password               File\n----                           ----                            --------               ----\n%s        administrator@vsphere.local     %s    C:\\Users\\%s\\AppData\\Roaming\\VMware\\credstore\\vicredentials.xml" % (h, p, uname()), p, h)


@T("tool-output", "djoin-provision-printblob")
def _():
    b = odj_blob(); h = "KIOSK-" + dg(4); d = dom()
    return ("C:\\> djoin /provision /domain %s /machine %s /machineou \"OU=Kiosks,%s\" /savefile C:\\odj\\%s.txt /printblob\nProvisioning the computer...\nSuccessfully provisioned [%s] in the domain [%s].\nProvisioning data was saved successfully to [C:\\odj\\%s.txt].\n\nProvisioning string (use with /loadstring):\n%s\n\nThe operation completed successfully." % (d[1], h, dn(d), h, h, d[1], h, b), b, "Successfully provisioned [%s]" % h)


@T("tool-output", "graph-wifi-profile-presharedkey")
def _():
    k = pw(avoid='"\\')
    return ('{\n  "@odata.type": "#microsoft.graph.windowsWifiConfiguration",\n  "displayName": "WIFI - Warehouse PSK",\n  "ssid": "WH-%s",\n  "wifiSecurityType": "wpa2Personal",\n  "preSharedKey": "%s",\n  "connectAutomatically": true\n}' % (up(4), k), k, '"displayName": "WIFI - Warehouse PSK"')


@T("tool-output", "graph-addpassword-response")
def _():
    s = entra_secret(); k = guid()
    return ('{\n  "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#microsoft.graph.passwordCredential",\n  "customKeyIdentifier": null,\n  "displayName": "rotated-by-runbook",\n  "endDateTime": "%s",\n  "hint": "%s",\n  "keyId": "%s",\n  "secretText": "%s",\n  "startDateTime": "%s"\n}' % (tsz(), s[:3], k, s, tsz()), s, '"keyId": "%s"' % k)


@T("tool-output", "openssl-pkcs12-info-nodes-key")
def _():
    full, body = pem("PRIVATE KEY")
    return ("MAC: sha256, Iteration 2048\nPKCS7 Data\nShrouded Keybag: PBES2, PBKDF2, AES-256-CBC, Iteration 2048, PRF hmacWithSHA256\nBag Attributes\n    localKeyID: %s\n    Microsoft CSP Name: Microsoft Software Key Storage Provider\nKey Attributes: <No Attributes>\n%s" % (" ".join(HX(2) for _ in range(20)), full), body, "Microsoft Software Key Storage Provider")


@T("tool-output", "get-content-openssh-private-key")
def _():
    full, body = pem("OPENSSH PRIVATE KEY")
    return ("PS C:\\Users\\%s\\.ssh> Get-Content .\\id_ed25519\n%s" % (uname(), full), body, "Get-Content .\\id_ed25519")


@T("tool-output", "vcdb-properties-cat")
def _():
    p = rstr(_ALNUM + "{}<>|", 16)
    return ("root@%s [ ~ ]# cat /etc/vmware-vpx/vcdb.properties\ndriver = org.postgresql.Driver\ndbtype = PostgreSQL\nurl = jdbc:postgresql://localhost:5432/VCDB\nusername = vc\npassword = %s\npassword.encrypted = false" % (host("VCSA").lower(), p), p, "url = jdbc:postgresql://localhost:5432/VCDB")


@T("tool-output", "lwregshell-vmdir-dcaccountpassword")
def _():
    p = rstr(_ALNUM + "!#%&()*+,-./:;<=>?@[]^_{|}~", 32)
    return ('root@vcsa [ ~ ]# /opt/likewise/bin/lwregshell list_values "[HKEY_THIS_MACHINE\\services\\vmdir]"\n+  "dcAccount"           REG_SZ          "%s"\n+  "dcAccountDN"         REG_SZ          "cn=%s,ou=Domain Controllers,dc=vsphere,dc=local"\n+  "dcAccountPassword"   REG_SZ          "%s"' % (fqdn("VCSA"), fqdn("VCSA"), p), p, '"dcAccountDN"')


@T("tool-output", "sharpsccm-naa-credentials")
def _():
    d = dom(); p = pws()
    return ("[+] Found 1 instance of CCM_NetworkAccessAccount\n\n    NetworkAccessUsername: %s\\%s\n    NetworkAccessPassword: %s\n\n[+] Completed execution in 00:00:0%d.%s" % (d[0], svc(), p, rint(1, 9), dg(7)), p, "CCM_NetworkAccessAccount")


@T("tool-output", "tsenv-variable-dump-joinpassword")
def _():
    p = pws(); d = dom()
    return ("_SMSTSPackageID = %s00%s\nOSDDomainName = %s\nOSDDomainOUName = LDAP://OU=Workstations,DC=%s\nOSDJoinAccount = %s\\%s\nOSDJoinPassword = %s\nOSDComputerName = WKS-%s" % (up(3), dg(3), d[1], d[1].replace(".", ",DC="), d[0], svc(), p, dg(5)), p, "OSDJoinAccount")


@T("tool-output", "netsh-wlan-key-clear")
def _():
    k = pw(avoid=" ")
    return ("Security settings\n-----------------\n    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n    Security key           : Present\n    Key Content            : %s" % k, k, "Authentication         : WPA2-Personal")


@T("tool-output", "appcmd-list-apppool-processmodel")
def _():
    d = dom(); p = pw(avoid='"')
    return ('APPPOOL\n  [name:"SelfServicePwReset"]\n  processModel.identityType:"SpecificUser"\n  processModel.userName:"%s\\%s"\n  processModel.password:"%s"\n  managedRuntimeVersion:"v4.0"' % (d[0], svc(), p), p, '[name:"SelfServicePwReset"]')


@T("tool-output", "get-azautomationregistrationinfo")
def _():
    k = b64(64)
    return ("ResourceGroupName     : rg-dsc-%s\nAutomationAccountName : aa-dsc-%s\nPrimaryKey            : %s\nSecondaryKey          : <same call, not copied>\nEndpoint              : https://%s.agentsvc.we.azure-automation.net/accounts/%s" % (lo(4), lo(4), k, guid(), guid()), k, "AutomationAccountName")


@T("tool-output", "git-credentials-file-cat")
def _():
    t = "ghp_" + an(36)
    return ("$ cat ~/.git-credentials\nhttps://%s:%s@github.com\n$ # ^^ left over from the intune-scripts clone" % (uname(0), t), t, "intune-scripts clone")


@T("tool-output", "get-storedcredential-password")
def _():
    p = pw()
    return ("PS> Get-StoredCredential -Target 'ServiceNow-API' -AsCredentialObject | fl UserName, Password\n\nUserName : svc_snow_integration\nPassword : %s" % p, p, "UserName : svc_snow_integration")


@T("tool-output", "getnetworkcredential-password-echo")
def _():
    p = pw()
    return ("PS> $c = Import-Clixml .\\vcenter.cred.xml\nPS> $c.GetNetworkCredential().Password\n%s\nPS> # confirmed the stored cred is the current one" % p, p, "Import-Clixml .\\vcenter.cred.xml")


@T("tool-output", "tightvnc-password-regbinary")
def _():
    h = hx(16)
    return ("HKEY_LOCAL_MACHINE\\SOFTWARE\\TightVNC\\Server\n    Password    REG_BINARY    %s\n    ControlPassword    REG_BINARY    <not queried>" % h, h, "HKEY_LOCAL_MACHINE\\SOFTWARE\\TightVNC\\Server")


@T("tool-output", "get-msaltoken-accesstoken")
def _():
    t = jwt(extra={"roles": ["DeviceManagementManagedDevices.Read.All"]})
    return ("PS> Get-MsalToken -ClientId $appId -TenantId $tenant -ClientSecret $s | Select-Object ExpiresOn, AccessToken\n\nExpiresOn                  AccessToken\n---------                  -----------\n%s +00:00 %s" % (usdate(), t), t, "ExpiresOn")


@T("tool-output", "az-account-get-access-token-json")
def _():
    t = jwt(aud="https://management.core.windows.net/")
    return ('{\n  "accessToken": "%s",\n  "expiresOn": "%s",\n  "subscription": "%s",\n  "tenant": "%s",\n  "tokenType": "Bearer"\n}' % (t, ts().replace("T", " "), guid(), guid()), t, '"tokenType": "Bearer"')


@T("tool-output", "oauth-token-endpoint-response")
def _():
    t = jwt()
    return ('HTTP/1.1 200 OK\nContent-Type: application/json; charset=utf-8\n\n{"token_type":"Bearer","expires_in":3599,"ext_expires_in":3599,"access_token":"%s"}' % t, t, '"token_type":"Bearer"')


@T("tool-output", "govc-session-login-cookie")
def _():
    c = hx(40)
    return ("$ govc session.login -r -u 'svc-govc@vsphere.local'\nvmware_soap_session=\"%s\"; Path=/; HttpOnly; Secure;" % c, c, "govc session.login")


@T("tool-output", "manage-bde-protectors-numerical-password")
def _():
    r = bitlocker_rp()
    return ("Volume C: [OSDisk]\nAll Key Protectors\n\n    Numerical Password:\n      ID: {%s}\n      Password:\n        %s\n\n    TPM:\n      ID: {%s}" % (GUID(), r, GUID()), r, "Numerical Password:")


@T("tool-output", "get-adobject-msfve-recoverypassword")
def _():
    r = bitlocker_rp(); h = "LT-" + up(6)
    return ("DistinguishedName      : CN=%s{%s},CN=%s,OU=Laptops\nmsFVE-RecoveryPassword : %s\nName                   : %s{%s}" % (date(), GUID(), h, r, date(), GUID()), r, "CN=" + h)


@T("tool-output", "curl-verbose-authorization-echo")
def _():
    u = "svc-reporting"; p = pw(avoid=" "); v = basic(u, p)
    return ("> GET /api/now/table/sys_user?sysparm_limit=1 HTTP/1.1\n> Host: %s.service-now.example\n> Authorization: Basic %s\n> User-Agent: curl/8.5.0\n< HTTP/1.1 200 OK" % (tenant(), v), v, "/api/now/table/sys_user")


@T("tool-output", "get-credential-export-clixml-plaintext-convert")
def _():
    p = pw()
    return ("PS> [Runtime.InteropServices.Marshal]::PtrToStringAuto([Runtime.InteropServices.Marshal]::SecureStringToBSTR($sec))\n%s" % p, p, "SecureStringToBSTR")


@T("tool-output", "keepass-cli-show-entry")
def _():
    p = pw()
    return ("$ keepassxc-cli show -s IT-Infra.kdbx 'Domain/krbtgt reset - DA break-glass'\nTitle: krbtgt reset - DA break-glass\nUserName: %s\\bg-da01\nPassword: %s\nURL:\nNotes: sealed envelope copy in safe B" % (dom()[0], p), p, "Title: krbtgt reset - DA break-glass")


@T("tool-output", "get-wmiobject-sql-reportserver-unattended")
def _():
    d = dom(); p = pw(avoid=" ")
    return ("UnattendedExecutionAccount : %s\\%s\nUnattendedExecutionPassword: %s\nVirtualDirectoryReportServer : ReportServer" % (d[0], svc(), p), p, "VirtualDirectoryReportServer")


# ===========================================================================
# group: config-file  -- excerpts of files the agent opened
# ===========================================================================

def dn(d):
    return "DC=" + d[1].replace(".", ",DC=")


@T("config-file", "web-config-sql-connectionstring")
def _():
    p = pwx(); h = host("SQL")
    return ('<connectionStrings>\n  <add name="PwResetDb" connectionString="Server=%s;Database=SSPR;User Id=sspr_app;Password=%s;Encrypt=True;TrustServerCertificate=True" providerName="System.Data.SqlClient" />\n</connectionStrings>' % (h, p.replace(";", "")), p.replace(";", ""), 'name="PwResetDb"')


@T("config-file", "web-config-appsettings-ldap-bind")
def _():
    p = pwx(); d = dom()
    return ('<appSettings>\n  <add key="LdapServer" value="%s" />\n  <add key="LdapBindUser" value="%s\\%s" />\n  <add key="LdapBindPassword" value="%s" />\n</appSettings>' % (fqdn("DC", d), d[0], svc(), p), p, 'key="LdapServer"')


@T("config-file", "web-config-machinekey-validationkey")
def _():
    k = HX(128)
    return ('<system.web>\n  <machineKey validationKey="%s" decryptionKey="{see kv}" validation="HMACSHA256" decryption="AES" />\n</system.web>' % k, k, 'validation="HMACSHA256"')


@T("config-file", "appsettings-json-azuread-clientsecret")
def _():
    s = entra_secret(); t = tenant()
    return ('{\n  "AzureAd": {\n    "Instance": "https://login.microsoftonline.com/",\n    "Domain": "%s.onmicrosoft.com",\n    "TenantId": "%s",\n    "ClientId": "%s",\n    "ClientSecret": "%s",\n    "CallbackPath": "/signin-oidc"\n  }\n}' % (t, guid(), guid(), s), s, '"Domain": "%s.onmicrosoft.com"' % t)


@T("config-file", "local-settings-json-storage-connstring")
def _():
    k = storage_key(); a = "st" + lo(10)
    return ('{\n  "IsEncrypted": false,\n  "Values": {\n    "AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=%s;AccountKey=%s;EndpointSuffix=core.windows.net",\n    "FUNCTIONS_WORKER_RUNTIME": "powershell"\n  }\n}' % (a, k), k, "AccountName=" + a)


@T("config-file", "unattend-xml-administratorpassword-plaintext")
def _():
    p = pwx()
    return ('<UserAccounts>\n    <AdministratorPassword>\n        <Value>%s</Value>\n        <PlainText>true</PlainText>\n    </AdministratorPassword>\n</UserAccounts>' % p, p, "<PlainText>true</PlainText>")


@T("config-file", "unattend-xml-autologon-encoded")
def _():
    p = pwx(); v = unattend_enc(p, "Password")
    return ('<AutoLogon>\n    <Password>\n        <Value>%s</Value>\n        <PlainText>false</PlainText>\n    </Password>\n    <Enabled>true</Enabled>\n    <LogonCount>3</LogonCount>\n    <Username>Administrator</Username>\n</AutoLogon>' % v, v, "<LogonCount>3</LogonCount>")


@T("config-file", "unattend-xml-domain-join-credentials")
def _():
    d = dom(); p = pwx(); s = svc()
    return ('<component name="Microsoft-Windows-UnattendedJoin" processorArchitecture="amd64">\n  <Identification>\n    <Credentials>\n      <Domain>%s</Domain>\n      <Password>%s</Password>\n      <Username>%s</Username>\n    </Credentials>\n    <JoinDomain>%s</JoinDomain>\n  </Identification>\n</component>' % (d[1], p, s, d[1]), p, "<Username>%s</Username>" % s)


@T("config-file", "gpp-groups-xml-cpassword")
def _():
    c = cpassword()
    return ('<?xml version="1.0" encoding="utf-8"?>\n<Groups clsid="{3125E937-EB16-4b4c-9934-544FC6D24D26}"><User clsid="{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}" name="LocalAdm" image="2" changed="%s %s" uid="{%s}"><Properties action="U" newName="" fullName="" description="" cpassword="%s" changeLogon="0" noChange="1" neverExpires="1" acctDisabled="0" userName="LocalAdm"/></User></Groups>' % (date(), hms(), GUID(), c), c, 'name="LocalAdm"')


@T("config-file", "gpp-drives-xml-cpassword")
def _():
    c = cpassword(); d = dom()
    return ('<Drives clsid="{8FDDCC1A-0C3C-43cd-A6B4-71A6DF20DA8C}"><Drive clsid="{935D1B74-9CB8-4e3c-9914-7DD559B7A417}" name="S:" status="S:" image="2" changed="%s %s" uid="{%s}"><Properties action="U" thisDrive="NOCHANGE" allDrives="NOCHANGE" userName="%s\\%s" path="\\\\%s\\scans" label="Scans" persistent="1" useLetter="1" letter="S" cpassword="%s"/></Drive></Drives>' % (date(), hms(), GUID(), d[0], svc(), host("FS"), c), c, 'label="Scans"')


@T("config-file", "gpp-services-xml-cpassword")
def _():
    c = cpassword(); d = dom()
    return ('<NTServices clsid="{2CFB484A-4E96-4b5d-A0B6-093D2F91E6AE}"><NTService clsid="{AB6F0B67-341F-4e51-92F9-005FBFBA1A43}" name="SplunkForwarder" image="2" changed="%s %s"><Properties startupType="AUTOMATIC" serviceName="SplunkForwarder" serviceAction="START" timeout="30" accountName="%s\\%s" cpassword="%s"/></NTService></NTServices>' % (date(), hms(), d[0], svc(), c), c, 'serviceName="SplunkForwarder"')


@T("config-file", "gpp-datasources-xml-cpassword")
def _():
    c = cpassword()
    return ('<DataSources clsid="{380F820F-F21B-41ac-A3CC-24D4F80F067B}"><DataSource clsid="{5C209626-D820-4d69-8D50-1FACD6214488}" name="HRPayroll" image="0" changed="%s %s"><Properties action="C" userDSN="0" dsn="HRPayroll" driver="SQL Server" description="" username="hr_ro" cpassword="%s"/></DataSource></DataSources>' % (date(), hms(), c), c, 'dsn="HRPayroll"')


@T("config-file", "dsc-mof-msft-credential")
def _():
    p = pw(avoid='"\\'); d = dom()
    return ('instance of MSFT_Credential as $MSFT_Credential1ref\n{\nPassword = "%s";\n UserName = "%s\\\\%s";\n\n};\n\ninstance of MSFT_xADDomainController as $MSFT_xADDomainController1ref\n{\nResourceID = "[xADDomainController]SecondDC";\n DomainName = "%s";' % (p, d[0], svc(), d[1]), p, '[xADDomainController]SecondDC')


@T("config-file", "dsc-configurationdata-psd1-plaintext")
def _():
    p = pw(); h = host("DC")
    return ("@{\n    AllNodes = @(\n        @{\n            NodeName                    = '%s'\n            PSDscAllowPlainTextPassword = $true\n            PSDscAllowDomainUser        = $true\n            DsrmPassword                = '%s'\n        }\n    )\n}" % (h, p), p, "NodeName                    = '%s'" % h)


@T("config-file", "dsc-lcm-metaconfig-registrationkey")
def _():
    k = guid()
    return ("[DSCLocalConfigurationManager()]\nConfiguration PullClient {\n    Node localhost {\n        ConfigurationRepositoryWeb PullSrv {\n            ServerURL          = 'https://%s:8080/PSDSCPullServer.svc'\n            RegistrationKey    = '%s'\n            ConfigurationNames = @('BaselineServer')\n        }\n    }\n}" % (fqdn("MGMT"), k), k, "ConfigurationNames = @('BaselineServer')")


@T("config-file", "sssd-conf-ldap-default-authtok")
def _():
    d = dom(); p = pws()
    return ("[domain/%s]\nid_provider = ldap\nldap_uri = ldaps://%s\nldap_default_bind_dn = CN=%s,OU=Service Accounts,%s\nldap_default_authtok_type = password\nldap_default_authtok = %s\ncache_credentials = True" % (d[1], fqdn("DC", d), svc(), dn(d), p), p, "ldap_default_authtok_type = password")


@T("config-file", "nslcd-conf-bindpw")
def _():
    d = dom(); p = pws()
    return ("uri ldaps://%s/\nbase %s\nbinddn CN=%s,OU=Service Accounts,%s\nbindpw %s\nssl on\ntls_reqcert demand" % (fqdn("DC", d), dn(d), svc(), dn(d), p), p, "tls_reqcert demand")


@T("config-file", "ansible-inventory-ini-winrm")
def _():
    p = pws(); d = dom()
    return ("[windows_dcs]\n%s\n%s\n\n[windows_dcs:vars]\nansible_user=%s@%s\nansible_password=%s\nansible_connection=winrm\nansible_winrm_transport=kerberos\nansible_port=5986" % (fqdn("DC", d), fqdn("DC", d), svc(), d[1].upper(), p), p, "ansible_winrm_transport=kerberos")


@T("config-file", "ansible-group-vars-yaml-password")
def _():
    p = pw(avoid='"\\'); d = dom()
    return ('# group_vars/mecm_servers.yml\nansible_user: "%s\\\\%s"\nansible_password: "%s"\nansible_connection: psrp\nansible_psrp_protocol: https\nmecm_site_code: %s' % (d[0], svc(), p, up(3)), p, "ansible_connection: psrp")


@T("config-file", "terraform-tfvars-vsphere")
def _():
    p = pw(avoid='"\\')
    return ('vsphere_server   = "%s"\nvsphere_user     = "terraform@vsphere.local"\nvsphere_password = "%s"\ndatacenter       = "DC-%s"\ncluster          = "CL-Citrix-%02d"' % (fqdn("VCSA"), p, ch(_SITES), rint(1, 9)), p, 'vsphere_user     = "terraform@vsphere.local"')


@T("config-file", "packer-hcl-winrm-password")
def _():
    p = pw(avoid='"\\')
    return ('source "vsphere-iso" "win2022" {\n  vcenter_server = var.vcenter\n  communicator   = "winrm"\n  winrm_username = "Administrator"\n  winrm_password = "%s"\n  winrm_use_ssl  = true\n  floppy_files   = ["./autounattend.xml"]\n}' % p, p, 'source "vsphere-iso" "win2022"')


@T("config-file", "vagrantfile-winrm-password")
def _():
    p = pw(avoid='"\\#')
    return ('Vagrant.configure("2") do |config|\n  config.vm.box = "gusztavvargadr/windows-server-2022-standard"\n  config.vm.communicator = "winrm"\n  config.winrm.username = "vagrant"\n  config.winrm.password = "%s"\n  config.vm.hostname = "lab-dc01"\nend' % p, p, 'config.vm.hostname = "lab-dc01"')


@T("config-file", "docker-compose-env-ldap-bind")
def _():
    p = pws()
    return ("services:\n  passbolt:\n    image: passbolt/passbolt:latest-ce\n    environment:\n      PASSBOLT_PLUGINS_DIRECTORY_SYNC_LDAP_HOST: %s\n      PASSBOLT_PLUGINS_DIRECTORY_SYNC_LDAP_USERNAME: %s\n      PASSBOLT_PLUGINS_DIRECTORY_SYNC_LDAP_PASSWORD: %s" % (fqdn("DC"), svc(), p), p, "image: passbolt/passbolt:latest-ce")


@T("config-file", "dotenv-azure-client-secret")
def _():
    s = entra_secret()
    return ("# .env -- intune-inventory exporter\nAZURE_TENANT_ID=%s\nAZURE_CLIENT_ID=%s\nAZURE_CLIENT_SECRET=%s\nEXPORT_PATH=\\\\%s\\reports$\\intune" % (guid(), guid(), s, host("FS")), s, "intune-inventory exporter")


@T("config-file", "spring-properties-ldap-password")
def _():
    d = dom(); p = pws()
    return ("spring.ldap.urls=ldaps://%s:636\nspring.ldap.base=%s\nspring.ldap.username=CN=%s,OU=Service Accounts,%s\nspring.ldap.password=%s" % (fqdn("DC", d), dn(d), svc(), dn(d), p), p, "spring.ldap.urls")


@T("config-file", "nuget-config-cleartextpassword")
def _():
    t = rstr(_B32[:26] + "0123456789", 52).lower()
    return ('<packageSourceCredentials>\n  <InternalPSGallery>\n    <add key="Username" value="build" />\n    <add key="ClearTextPassword" value="%s" />\n  </InternalPSGallery>\n</packageSourceCredentials>' % t, t, "<InternalPSGallery>")


@T("config-file", "maven-settings-server-password")
def _():
    p = pwx()
    return ("<servers>\n  <server>\n    <id>nexus-releases</id>\n    <username>deploy-%s</username>\n    <password>%s</password>\n  </server>\n</servers>" % (lo(4), p), p, "<id>nexus-releases</id>")


@T("config-file", "npmrc-azure-artifacts-password")
def _():
    pat = rstr(_B32, 52); v = enc_b64(pat); o = tenant()
    return ("registry=https://pkgs.dev.azure.com/%s/_packaging/identity-ui/npm/registry/\nalways-auth=true\n//pkgs.dev.azure.com/%s/_packaging/identity-ui/npm/registry/:username=%s\n//pkgs.dev.azure.com/%s/_packaging/identity-ui/npm/registry/:_password=%s\n//pkgs.dev.azure.com/%s/_packaging/identity-ui/npm/registry/:email=npm requires email to be set but doesn't use the value" % (o, o, o, o, v, o), v, "always-auth=true")


@T("config-file", "pip-conf-index-url-credentials")
def _():
    t = rstr(_B32, 52); o = tenant()
    return ("[global]\nindex-url = https://build:%s@pkgs.dev.azure.com/%s/_packaging/ops-py/pypi/simple/\ntimeout = 60" % (t, o), t, "timeout = 60")


@T("config-file", "netrc-machine-password")
def _():
    p = pws(); h = "%s.service-now.example" % tenant()
    return ("machine %s\n  login svc_snow_cmdb\n  password %s" % (h, p), p, "machine " + h)


@T("config-file", "docker-config-json-auths")
def _():
    r = "acr" + lo(8); p = rstr(_ALNUM + "+/", 52); v = basic(r, p)
    return ('{\n  "auths": {\n    "%s.azurecr.io": {\n      "auth": "%s"\n    }\n  }\n}' % (r, v), v, r + ".azurecr.io")


@T("config-file", "kubeconfig-user-token")
def _():
    t = "eyJhbGciOiJSUzI1NiIsImtpZCI6I" + rstr(_B64U, 80) + "." + rstr(_B64U, 300) + "." + rstr(_B64U, 342)
    return ("users:\n- name: aks-identity-prod-admin\n  user:\n    token: %s" % t, t, "name: aks-identity-prod-admin")


@T("config-file", "rdp-file-password-51-blob")
def _():
    b = HX(rint(700, 900) * 2)
    return ("full address:s:%s\nusername:s:%s\\%s\npassword 51:b:01000000D08C9DDF0115D1118C7A00C04FC297EB%s\nprompt for credentials:i:0" % (host("RDS"), dom()[0], uname(3), b), "01000000D08C9DDF0115D1118C7A00C04FC297EB" + b, "prompt for credentials:i:0")


@T("config-file", "odbc-ini-dsn-pwd")
def _():
    p = pws()
    return ("[CM_Reporting]\nDriver=ODBC Driver 18 for SQL Server\nServer=%s,1433\nDatabase=CM_%s\nUID=cm_report_ro\nPWD=%s\nEncrypt=yes" % (host("SQL"), up(3), p), p, "UID=cm_report_ro")


@T("config-file", "my-cnf-client-password")
def _():
    p = pws()
    return ("[client]\nuser=glpi_backup\npassword=%s\nhost=glpi-db.%s\n\n[mysqldump]\nsingle-transaction" % (p, dom()[1]), p, "user=glpi_backup")


@T("config-file", "pgpass-line")
def _():
    p = pw(avoid=": ")
    return ("# ~/.pgpass  hostname:port:database:username:password\nkeycloak-db.%s:5432:keycloak:keycloak:%s" % (dom()[1], p), p, "hostname:port:database:username:password")


@T("config-file", "legacy-app-ini-database-section")
def _():
    p = pw(avoid=" ;")
    return ("[General]\nSite=%s\nLogLevel=2\n\n[Database]\nServer=%s\nCatalog=TimeClock\nUser=tc_app\nPassword=%s" % (ch(_SITES), host("SQL"), p), p, "Catalog=TimeClock")


@T("config-file", "citrix-adc-ldapaction-bind-password")
def _():
    p = pws(); d = dom()
    return ('add authentication ldapAction LDAP_%s -serverIP %s -serverPort 636 -ldapBase "%s" -ldapBindDn %s@%s -ldapBindDnPassword %s -ldapLoginName sAMAccountName -secType SSL' % (d[0], ip(), dn(d), svc(), d[1], p, ), p, "-ldapLoginName sAMAccountName")


@T("config-file", "powercli-settings-json-creds")
def _():
    p = pw(avoid='"\\')
    return ('{\n  "vcenters": [\n    { "name": "%s", "user": "svc-powercli@vsphere.local", "password": "%s" }\n  ],\n  "reportPath": "D:\\\\Reports\\\\vm-inventory"\n}' % (fqdn("VCSA"), p), p, '"user": "svc-powercli@vsphere.local"')


@T("config-file", "vault-agent-approle-secret-id-hcl")
def _():
    s = guid()
    return ('auto_auth {\n  method "approle" {\n    config = {\n      role_id   = "%s"\n      secret_id = "%s"\n      remove_secret_id_file_after_reading = false\n    }\n  }\n}' % (guid(), s), s, 'method "approle"')


@T("config-file", "reg-file-winlogon-defaultpassword")
def _():
    p = pw(avoid='"\\')
    return ('Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n"AutoAdminLogon"="1"\n"DefaultUserName"="signage"\n"DefaultPassword"="%s"' % p, p, '"DefaultUserName"="signage"')


@T("config-file", "mdt-customsettings-ini-domainadminpassword")
def _():
    d = dom(); p = pws()
    return ("[Default]\nOSInstall=Y\nJoinDomain=%s\nDomainAdmin=%s\nDomainAdminDomain=%s\nDomainAdminPassword=%s\nMachineObjectOU=OU=Workstations,%s\nSkipDomainMembership=YES" % (d[1], svc(), d[0], p, dn(d)), p, "SkipDomainMembership=YES")


@T("config-file", "mdt-bootstrap-ini-userpassword")
def _():
    d = dom(); p = pws()
    return ("[Settings]\nPriority=Default\n\n[Default]\nDeployRoot=\\\\%s\\DeploymentShare$\nUserDomain=%s\nUserID=%s\nUserPassword=%s\nSkipBDDWelcome=YES" % (host("WSUS"), d[0], svc(), p), p, "SkipBDDWelcome=YES")


@T("config-file", "wcd-customizations-account-password")
def _():
    d = dom(); p = pwx()
    return ("<Accounts>\n  <ComputerAccount>\n    <Account>%s\\%s</Account>\n    <AccountOU>OU=Kiosks,%s</AccountOU>\n    <DomainName>%s</DomainName>\n    <Password>%s</Password>\n  </ComputerAccount>\n</Accounts>" % (d[0], svc(), dn(d), d[1], p), p, "<DomainName>%s</DomainName>" % d[1])


@T("config-file", "wcd-bulk-enrollment-token")
def _():
    t = jwt(aud="https://enrollment.manage.microsoft.com/", sig_bytes=128)
    return ("<Workplace>\n  <Enrollments>\n    <UPN Name=\"package_%s@%s.onmicrosoft.com\">\n      <AuthPolicy>OnPremise</AuthPolicy>\n      <DiscoveryServiceFullUrl>https://enrollment.manage.microsoft.com/EnrollmentServer/Discovery.svc</DiscoveryServiceFullUrl>\n      <Secret>%s</Secret>\n    </UPN>\n  </Enrollments>\n</Workplace>" % (guid(), tenant(), t), t, "<AuthPolicy>OnPremise</AuthPolicy>")


@T("config-file", "mfp-scan-to-email-smtp-yaml")
def _():
    p = pws()
    return ("smtp:\n  host: smtp.office365.com\n  port: 587\n  starttls: true\n  username: scanner-%s@%s.example\n  password: %s\n  from: \"Scanner %s\"" % (ch(_SITES).lower(), tenant(), p, ch(_SITES)), p, "host: smtp.office365.com")


@T("config-file", "sysprep-inf-adminpassword")
def _():
    p = pw(avoid='" ')
    return ('[GuiUnattended]\n    AdminPassword="%s"\n    EncryptedAdminPassword=NO\n    OEMSkipRegional=1\n    TimeZone=110' % p, p, "EncryptedAdminPassword=NO")


@T("config-file", "sysprep-inf-identification-domainadmin")
def _():
    d = dom(); p = pws()
    return ("[Identification]\n    JoinDomain=%s\n    DomainAdmin=%s\n    DomainAdminPassword=%s\n    MachineObjectOU=\"OU=POS,%s\"" % (d[0], svc(), p, dn(d)), p, "JoinDomain=" + d[0])


@T("config-file", "powershell-profile-env-password")
def _():
    p = pw()
    return ("# Microsoft.PowerShell_profile.ps1\nImport-Module VMware.PowerCLI -ErrorAction SilentlyContinue\n$env:VCENTER_USER = 'svc-powercli@vsphere.local'\n$env:VCENTER_PASS = '%s'\nSet-Location D:\\ops" % p, p, "$env:VCENTER_USER = 'svc-powercli@vsphere.local'")


@T("config-file", "vscode-sqltools-connection-password")
def _():
    p = pw(avoid='"\\')
    return ('"sqltools.connections": [\n  {\n    "name": "MECM CM_%s",\n    "driver": "MSSQL",\n    "server": "%s",\n    "port": 1433,\n    "database": "CM_%s",\n    "username": "cm_dev",\n    "password": "%s"\n  }\n]' % (up(3), host("SQL"), up(3), p), p, '"driver": "MSSQL"')


@T("config-file", "grafana-ldap-toml-bind-password")
def _():
    d = dom(); p = pw(avoid='"\\')
    return ('[[servers]]\nhost = "%s"\nport = 636\nuse_ssl = true\nbind_dn = "%s@%s"\nbind_password = "%s"\nsearch_filter = "(sAMAccountName=%%s)"\nsearch_base_dns = ["%s"]' % (fqdn("DC", d), svc(), d[1], p, dn(d)), p, "search_filter")


@T("config-file", "gitlab-rb-ldap-servers-password")
def _():
    d = dom(); p = pw(avoid="'\\")
    return ("gitlab_rails['ldap_servers'] = {\n  'main' => {\n    'label' => '%s AD',\n    'host' => '%s',\n    'port' => 636,\n    'bind_dn' => 'CN=%s,OU=Service Accounts,%s',\n    'password' => '%s',\n    'encryption' => 'simple_tls'\n  }\n}" % (d[0], fqdn("DC", d), svc(), dn(d), p), p, "'encryption' => 'simple_tls'")


@T("config-file", "keycloak-realm-json-bindcredential")
def _():
    d = dom(); p = pw(avoid='"\\')
    return ('"config": {\n  "connectionUrl": ["ldaps://%s"],\n  "bindDn": ["CN=%s,OU=Service Accounts,%s"],\n  "bindCredential": ["%s"],\n  "usersDn": ["OU=Users,%s"],\n  "vendor": ["ad"]\n}' % (fqdn("DC", d), svc(), dn(d), p, dn(d)), p, '"vendor": ["ad"]')


@T("config-file", "sonar-properties-ldap-bindpassword")
def _():
    d = dom(); p = pws()
    return ("sonar.security.realm=LDAP\nldap.url=ldaps://%s:636\nldap.bindDn=%s@%s\nldap.bindPassword=%s\nldap.user.baseDn=OU=Users,%s" % (fqdn("DC", d), svc(), d[1], p, dn(d)), p, "sonar.security.realm=LDAP")


@T("config-file", "freeradius-clients-conf-secret")
def _():
    s = pws()
    return ("client nps-%s {\n    ipaddr = %s\n    secret = %s\n    shortname = wlc-%s\n    nas_type = cisco\n}" % (ch(_SITES).lower(), ip(), s, lo(3)), s, "nas_type = cisco")


@T("config-file", "wpa-supplicant-peap-password")
def _():
    p = pw(avoid='"\\'); u = uname()
    return ('network={\n    ssid="CORP-8021X"\n    key_mgmt=WPA-EAP\n    eap=PEAP\n    identity="%s@%s"\n    password="%s"\n    phase2="auth=MSCHAPV2"\n}' % (u, dom()[1], p), p, 'ssid="CORP-8021X"')


@T("config-file", "aws-credentials-ini-secret")
def _():
    s = rstr(_ALNUM + "+/", 40)
    return ("[ad-connector-admin]\naws_access_key_id = AKIA%s\naws_secret_access_key = %s\nregion = eu-west-1" % (up(16), s), s, "[ad-connector-admin]")


@T("config-file", "fstab-cifs-azurefiles-storagekey")
def _():
    k = storage_key(); a = "st" + lo(10)
    return ("//%s.file.core.windows.net/profiles /mnt/fslogix cifs nofail,vers=3.1.1,username=%s,password=%s,dir_mode=0777,file_mode=0777,serverino 0 0" % (a, a, k), k, "/mnt/fslogix")


@T("config-file", "smbcredentials-file")
def _():
    p = pws(); d = dom()
    return ("# /etc/smbcredentials/fs01.cred  (chmod 600)\nusername=%s\npassword=%s\ndomain=%s" % (svc(), p, d[0]), p, "domain=" + d[0])


@T("config-file", "filebeat-yml-elasticsearch-password")
def _():
    p = pw(avoid='"\\')
    return ('output.elasticsearch:\n  hosts: ["https://elk.%s:9200"]\n  username: "beats_winlog"\n  password: "%s"\n  ssl.certificate_authorities: ["C:/ProgramData/filebeat/ca.pem"]' % (dom()[1], p), p, 'username: "beats_winlog"')


@T("config-file", "splunk-authentication-conf-binddnpassword")
def _():
    d = dom(); p = pws()
    return ("[%s_AD]\nSSLEnabled = 1\nhost = %s\nport = 636\nbindDN = CN=%s,OU=Service Accounts,%s\nbindDNpassword = %s\nuserBaseDN = OU=Users,%s" % (d[0], fqdn("DC", d), svc(), dn(d), p, dn(d)), p, "SSLEnabled = 1")


@T("config-file", "zabbix-server-conf-dbpassword")
def _():
    p = pws()
    return ("DBHost=%s\nDBName=zabbix\nDBUser=zabbix\nDBPassword=%s\nStartVMwareCollectors=4\nVMwareCacheSize=64M" % (host("SQL").lower(), p), p, "StartVMwareCollectors=4")


@T("config-file", "intune-win32-app-json-install-command")
def _():
    p = pw(avoid='"\\ ')
    return ('{\n  "displayName": "Endpoint Backup Agent 7.4",\n  "installCommandLine": "AgentSetup.exe /silent /server=backup.%s /regpassword=%s",\n  "uninstallCommandLine": "AgentSetup.exe /uninstall /silent",\n  "installExperience": { "runAsAccount": "system" }\n}' % (dom()[1], p), p, '"displayName": "Endpoint Backup Agent 7.4"')


@T("config-file", "horizon-connection-server-ldap-ini")
def _():
    p = pws()
    return ("; vdm-automation.ini\n[ConnectionServer]\nServer=%s\nUser=svc-horizon-api\nDomain=%s\nPassword=%s\n[Pools]\nDefault=Win11-Engineering" % (fqdn("CTXDDC"), dom()[0], p), p, "Default=Win11-Engineering")


# ===========================================================================
# group: source-code  -- code the agent read or wrote
# ===========================================================================

def dq():
    """password safe inside a double-quoted C-like string literal"""
    return pw(avoid='"\\')


def sq():
    return pw(avoid="'\\")


@T("source-code", "csharp-networkcredential-ctor")
def _():
    d = dom(); p = dq(); s = svc()
    return ('var cred = new NetworkCredential("%s", "%s", "%s");\nusing var ldap = new LdapConnection(new LdapDirectoryIdentifier("%s", 636));\nldap.SessionOptions.SecureSocketLayer = true;\nldap.Bind(cred);' % (s, p, d[0], fqdn("DC", d)), p, 'new NetworkCredential("%s"' % s)


@T("source-code", "csharp-msal-withclientsecret")
def _():
    s = entra_secret(); a = guid()
    return ('var app = ConfidentialClientApplicationBuilder.Create("%s")\n    .WithClientSecret("%s")\n    .WithAuthority(new Uri($"https://login.microsoftonline.com/{tenantId}"))\n    .Build();' % (a, s), s, 'ConfidentialClientApplicationBuilder.Create("%s")' % a)


@T("source-code", "csharp-azure-identity-clientsecretcredential")
def _():
    s = entra_secret(); t = guid()
    return ('// TODO move to Key Vault before go-live\nvar credential = new ClientSecretCredential(\n    tenantId: "%s",\n    clientId: "%s",\n    clientSecret: "%s");\nvar graph = new GraphServiceClient(credential, new[] { "https://graph.microsoft.com/.default" });' % (t, guid(), s), s, 'tenantId: "%s"' % t)


@T("source-code", "csharp-directoryentry-user-password")
def _():
    d = dom(); p = dq(); s = svc()
    return ('using (var root = new DirectoryEntry("LDAP://%s/OU=Users,%s", @"%s\\%s", "%s", AuthenticationTypes.Secure))\n{\n    var searcher = new DirectorySearcher(root, "(&(objectCategory=person)(pwdLastSet=0))");' % (fqdn("DC", d), dn(d), d[0], s, p), p, "(pwdLastSet=0)")


@T("source-code", "csharp-principalcontext-domain-creds")
def _():
    d = dom(); p = dq(); s = svc()
    return ('private static PrincipalContext Ctx() =>\n    new PrincipalContext(ContextType.Domain, "%s", "OU=Helpdesk,%s", "%s", "%s");' % (d[1], dn(d), s, p), p, "ContextType.Domain")


@T("source-code", "csharp-sqlconnection-literal")
def _():
    p = pw(avoid='"\\;'); h = host("SQL")
    return ('const string Cs = "Data Source=%s;Initial Catalog=CM_%s;User ID=cm_webreport;Password=%s;TrustServerCertificate=true";\nusing var conn = new SqlConnection(Cs);' % (h, up(3), p), p, "User ID=cm_webreport")


@T("source-code", "csharp-securestring-appendchar-literal")
def _():
    p = dq()
    return ('var ss = new SecureString();\nforeach (var c in "%s") ss.AppendChar(c);\nss.MakeReadOnly();\nvar psCred = new PSCredential(@"%s\\%s", ss);' % (p, dom()[0], svc()), p, "ss.MakeReadOnly();")


@T("source-code", "csharp-citrix-cloud-client-secret-const")
def _():
    k = b64(18)
    return ('internal static class CitrixCloud\n{\n    public const string CustomerId = "%s";\n    public const string ClientId = "%s";\n    public const string ClientSecret = "%s";\n}' % (lo(10), guid(), k), k, "internal static class CitrixCloud")


@T("source-code", "csharp-x509certificate2-pfx-password")
def _():
    p = dq()
    return ('var cert = new X509Certificate2(@"C:\\certs\\graph-daemon.pfx", "%s",\n    X509KeyStorageFlags.MachineKeySet | X509KeyStorageFlags.EphemeralKeySet);' % p, p, "graph-daemon.pfx")


@T("source-code", "csharp-processstartinfo-passwordincleartext")
def _():
    p = dq(); d = dom()
    return ('var psi = new ProcessStartInfo("powershell.exe", "-File C:\\\\ops\\\\sync.ps1")\n{\n    UserName = "%s",\n    Domain = "%s",\n    PasswordInClearText = "%s",\n    UseShellExecute = false\n};' % (svc(), d[0], p), p, "UseShellExecute = false")


@T("source-code", "csharp-ews-webcredentials")
def _():
    p = dq(); e = email()
    return ('var service = new ExchangeService(ExchangeVersion.Exchange2016)\n{\n    Credentials = new WebCredentials("%s", "%s"),\n    Url = new Uri("https://%s/EWS/Exchange.asmx")\n};' % (e, p, fqdn("EXCH")), p, "ExchangeVersion.Exchange2016")


@T("source-code", "csharp-embedded-rsa-private-key")
def _():
    full, body = pem("RSA PRIVATE KEY")
    return ('// signing key for the SSPR magic links (dev)\nprivate const string SigningKeyPem = @"%s";' % full, body, "SigningKeyPem")


@T("source-code", "python-msal-confidentialclient")
def _():
    s = entra_secret(); t = tenant()
    return ('app = msal.ConfidentialClientApplication(\n    client_id="%s",\n    client_credential="%s",\n    authority="https://login.microsoftonline.com/%s.onmicrosoft.com",\n)\nresult = app.acquire_token_for_client(scopes=["https://graph.microsoft.com/.default"])' % (guid(), s, t), s, "acquire_token_for_client")


@T("source-code", "python-ldap3-connection-password")
def _():
    d = dom(); p = sq()
    return ("server = Server('%s', use_ssl=True, get_info=ALL)\nconn = Connection(server, user='%s\\\\%s', password='%s', authentication=NTLM, auto_bind=True)" % (fqdn("DC", d), d[0], svc(), p), p, "authentication=NTLM")


@T("source-code", "python-pyvmomi-smartconnect-pwd")
def _():
    p = sq(); h = fqdn("VCSA")
    return ("si = SmartConnect(host='%s', user='administrator@vsphere.local', pwd='%s', disableSslCertValidation=True)\natexit.register(Disconnect, si)" % (h, p), p, "SmartConnect(host='%s'" % h)


@T("source-code", "python-requests-ntlm-auth")
def _():
    d = dom(); p = sq()
    return ("session = requests.Session()\nsession.auth = HttpNtlmAuth('%s\\\\%s', '%s')\nr = session.get('https://%s/ReportServer/Pages/ReportViewer.aspx?/MECM/Compliance')" % (d[0], svc(), p, host("SQL").lower()), p, "HttpNtlmAuth")


@T("source-code", "python-pywinrm-session-tuple")
def _():
    p = sq(); h = fqdn("DC")
    return ("s = winrm.Session('https://%s:5986/wsman', auth=('Administrator', '%s'), transport='ntlm', server_cert_validation='ignore')\nr = s.run_ps('Get-ADReplicationFailure -Target *')" % (h, p), p, "Get-ADReplicationFailure")


@T("source-code", "python-pypsrp-client-kwargs")
def _():
    p = sq(); d = dom()
    return ("client = Client(\n    '%s',\n    username='%s@%s',\n    password='%s',\n    ssl=True,\n    auth='kerberos',\n)\noutput, streams, had_errors = client.execute_ps('Get-LapsADPassword -Identity %s -AsPlainText')" % (fqdn("MGMT", d), svc(), d[1].upper(), p, host()), p, "client.execute_ps")


@T("source-code", "python-os-environ-setdefault-secret")
def _():
    s = entra_secret()
    return ("import os\nos.environ.setdefault('AZURE_CLIENT_ID', '%s')\nos.environ.setdefault('AZURE_CLIENT_SECRET', '%s')  # FIXME remove before commit\nos.environ.setdefault('AZURE_TENANT_ID', '%s')" % (guid(), s, guid()), s, "os.environ.setdefault('AZURE_CLIENT_ID'")


@T("source-code", "python-dict-settings-literal")
def _():
    p = sq(); d = dom()
    return ("SETTINGS = {\n    'ldap_host': '%s',\n    'bind_user': '%s@%s',\n    'bind_pass': '%s',\n    'search_base': '%s',\n}" % (fqdn("DC", d), svc(), d[1], p, dn(d)), p, "'ldap_host'")


@T("source-code", "python-smbprotocol-register-session")
def _():
    p = sq(); h = host("FS")
    return ("smbclient.register_session('%s', username='%s\\\\%s', password='%s')\nfor entry in smbclient.scandir(r'\\\\%s\\profiles$'):\n    print(entry.name)" % (h, dom()[0], svc(), p, h), p, "smbclient.scandir")


@T("source-code", "python-paramiko-esxi-password")
def _():
    p = sq(); h = fqdn("ESX")
    return ("ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect('%s', username='root', password='%s', timeout=10)\n_, out, _ = ssh.exec_command('esxcli network nic list')" % (h, p), p, "esxcli network nic list")


@T("source-code", "python-hvac-client-token")
def _():
    t = "hvs." + rstr(_ALNUM + "_-", 24)
    return ("client = hvac.Client(url='https://vault.%s:8200', token='%s')\nsecret = client.secrets.kv.v2.read_secret_version(path='ad/gmsa-audit')" % (dom()[1], t), t, "read_secret_version(path='ad/gmsa-audit')")


@T("source-code", "python-cryptography-pkcs12-password")
def _():
    p = pw(avoid='"\\')
    return ('with open("ndes-ra.pfx", "rb") as fh:\n    key, cert, extra = pkcs12.load_key_and_certificates(fh.read(), b"%s")' % p, p, "pkcs12.load_key_and_certificates")


@T("source-code", "python-exchangelib-credentials")
def _():
    p = sq(); e = email()
    return ("creds = Credentials('%s', '%s')\nconfig = Configuration(server='%s', credentials=creds)\naccount = Account('%s', config=config, access_type=DELEGATE)" % (e, p, fqdn("EXCH"), e), p, "access_type=DELEGATE")


@T("source-code", "python-azure-identity-clientsecretcredential")
def _():
    s = entra_secret(); t = guid()
    return ("credential = ClientSecretCredential(\n    tenant_id='%s',\n    client_id='%s',\n    client_secret='%s',\n)\nkv = SecretClient('https://kv-ops-%s.vault.azure.net', credential)" % (t, guid(), s, lo(4)), s, "tenant_id='%s'" % t)


@T("source-code", "python-embedded-ec-private-key")
def _():
    full, body = pem("EC PRIVATE KEY")
    return ('TEST_SIGNING_KEY = """%s\n"""\n' % full, body, "TEST_SIGNING_KEY")


@T("source-code", "python-fabric-connect-kwargs")
def _():
    p = sq()
    return ("c = Connection('root@%s', connect_kwargs={'password': '%s'})\nc.run('vmon-cli --status vpxd')" % (fqdn("VCSA"), p), p, "vmon-cli --status vpxd")


@T("source-code", "go-ldap-bind")
def _():
    d = dom(); p = dq()
    return ('l, err := ldap.DialURL("ldaps://%s:636")\nif err != nil {\n\treturn err\n}\nif err := l.Bind("CN=%s,OU=Service Accounts,%s", "%s"); err != nil {\n\treturn fmt.Errorf("bind: %%w", err)\n}' % (fqdn("DC", d), svc(), dn(d), p), p, 'fmt.Errorf("bind: %w", err)')


@T("source-code", "go-struct-literal-vcenter")
def _():
    p = dq()
    return ('cfg := VCenterConfig{\n\tURL:      "https://%s/sdk",\n\tUsername: "svc-exporter@vsphere.local",\n\tPassword: "%s",\n\tInsecure: true,\n}' % (fqdn("VCSA"), p), p, 'Username: "svc-exporter@vsphere.local"')


@T("source-code", "go-azidentity-clientsecretcredential")
def _():
    s = entra_secret()
    return ('cred, err := azidentity.NewClientSecretCredential(\n\t"%s",\n\t"%s",\n\t"%s",\n\tnil,\n)' % (guid(), guid(), s), s, "azidentity.NewClientSecretCredential")


@T("source-code", "go-embedded-pkcs8-key-const")
def _():
    full, body = pem("PRIVATE KEY")
    return ("// test fixture -- issued by LAB-SUBCA01, still valid\nconst clientKeyPEM = `%s`" % full, body, "const clientKeyPEM")


@T("source-code", "java-jndi-security-credentials")
def _():
    d = dom(); p = dq()
    return ('Hashtable<String, String> env = new Hashtable<>();\nenv.put(Context.INITIAL_CONTEXT_FACTORY, "com.sun.jndi.ldap.LdapCtxFactory");\nenv.put(Context.PROVIDER_URL, "ldaps://%s:636");\nenv.put(Context.SECURITY_PRINCIPAL, "%s@%s");\nenv.put(Context.SECURITY_CREDENTIALS, "%s");' % (fqdn("DC", d), svc(), d[1], p), p, "Context.INITIAL_CONTEXT_FACTORY")


@T("source-code", "java-spring-ldapcontextsource-setpassword")
def _():
    d = dom(); p = dq()
    return ('LdapContextSource ctx = new LdapContextSource();\nctx.setUrl("ldaps://%s:636");\nctx.setUserDn("CN=%s,OU=Service Accounts,%s");\nctx.setPassword("%s");\nctx.afterPropertiesSet();' % (fqdn("DC", d), svc(), dn(d), p), p, "ctx.afterPropertiesSet();")


@T("source-code", "java-keystore-load-password-chararray")
def _():
    p = dq()
    return ('KeyStore ks = KeyStore.getInstance("PKCS12");\ntry (InputStream in = Files.newInputStream(Path.of("/opt/app/adfs-signing.p12"))) {\n    ks.load(in, "%s".toCharArray());\n}' % p, p, "adfs-signing.p12")


@T("source-code", "node-ldapjs-bind")
def _():
    d = dom(); p = sq()
    return ("const client = ldap.createClient({ url: 'ldaps://%s' });\nclient.bind('%s@%s', '%s', (err) => {\n  if (err) throw err;\n});" % (fqdn("DC", d), svc(), d[1], p), p, "ldap.createClient")


@T("source-code", "node-msal-config-clientsecret")
def _():
    s = entra_secret(); t = guid()
    return ("const msalConfig = {\n  auth: {\n    clientId: '%s',\n    authority: 'https://login.microsoftonline.com/%s',\n    clientSecret: '%s',\n  },\n};\nconst cca = new msal.ConfidentialClientApplication(msalConfig);" % (guid(), t, s), s, "authority: 'https://login.microsoftonline.com/%s'" % t)


@T("source-code", "typescript-fetch-bearer-literal")
def _():
    t = jwt()
    return ("const res = await fetch('https://graph.microsoft.com/v1.0/groups?$filter=securityEnabled eq true', {\n  headers: { Authorization: 'Bearer %s' },\n});" % t, t, "securityEnabled eq true")


@T("source-code", "powershell-param-default-password")
def _():
    p = sq()
    return ("function Reset-KioskAccount {\n    [CmdletBinding()]\n    param(\n        [string]$ComputerName,\n        [string]$UserName = 'kiosk',\n        [string]$Password = '%s'\n    )\n    $sec = ConvertTo-SecureString $Password -AsPlainText -Force" % p, p, "function Reset-KioskAccount")


@T("source-code", "powershell-splat-hashtable-credential")
def _():
    p = sq(); h = fqdn("VCSA")
    return ("$connectArgs = @{\n    Server   = '%s'\n    User     = 'svc-powercli@vsphere.local'\n    Password = '%s'\n    Force    = $true\n}\nConnect-VIServer @connectArgs" % (h, p), p, "Connect-VIServer @connectArgs")


@T("source-code", "powershell-oauth-body-client-secret")
def _():
    s = entra_secret(); t = tenant()
    return ("$body = @{\n    grant_type    = 'client_credentials'\n    client_id     = '%s'\n    client_secret = '%s'\n    scope         = 'https://graph.microsoft.com/.default'\n}\n$tok = Invoke-RestMethod -Method Post -Uri \"https://login.microsoftonline.com/%s.onmicrosoft.com/oauth2/v2.0/token\" -Body $body" % (guid(), s, t), s, "grant_type    = 'client_credentials'")


@T("source-code", "powershell-oauth-form-string")
def _():
    s = entra_secret(); a = guid()
    return ('$form = "client_id=%s&scope=https%%3A%%2F%%2Fgraph.microsoft.com%%2F.default&client_secret=%s&grant_type=client_credentials"\nInvoke-RestMethod -Method Post -Uri $tokenUri -ContentType "application/x-www-form-urlencoded" -Body $form' % (a, urlq(s)), urlq(s), "client_id=" + a)


@T("source-code", "powershell-basic-auth-header-build")
def _():
    p = pw(avoid='"$`\\ ')
    return ('$pair = "svc_snow_api:%s"\n$b64 = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes($pair))\n$headers = @{ Authorization = "Basic $b64" }' % p, p, "[Convert]::ToBase64String")


@T("source-code", "powershell-dsc-configuration-inline-cred")
def _():
    p = sq(); d = dom()
    return ("Configuration SecondDC {\n    Import-DscResource -ModuleName ActiveDirectoryDsc\n    $domainCred = [pscredential]::new('%s\\%s', (ConvertTo-SecureString '%s' -AsPlainText -Force))\n    Node $AllNodes.NodeName {\n        ADDomainController 'DC' {\n            DomainName = '%s'\n            Credential = $domainCred" % (d[0], svc(), p, d[1]), p, "Configuration SecondDC")


@T("source-code", "powershell-ews-managed-api-credentials")
def _():
    p = pw(avoid='"$`\\'); e = email()
    return ('$svc = New-Object Microsoft.Exchange.WebServices.Data.ExchangeService([Microsoft.Exchange.WebServices.Data.ExchangeVersion]::Exchange2013_SP1)\n$svc.Credentials = New-Object Microsoft.Exchange.WebServices.Data.WebCredentials("%s", "%s")\n$svc.AutodiscoverUrl("%s", {$true})' % (e, p, e), p, "Exchange2013_SP1")


@T("source-code", "powershell-pfx-import-script-block")
def _():
    p = sq()
    return ("# Deploy-NdesCert.ps1\n$pfxPath = '\\\\%s\\pki$\\ndes\\ndes-ra.pfx'\n$pfxPass = ConvertTo-SecureString -String '%s' -AsPlainText -Force\nImport-PfxCertificate -FilePath $pfxPath -CertStoreLocation Cert:\\LocalMachine\\My -Password $pfxPass" % (host("FS"), p), p, "# Deploy-NdesCert.ps1")


@T("source-code", "vbscript-user-setpassword")
def _():
    p = pw(avoid='"'); d = dom(); u = uname()
    return ('Set objUser = GetObject("LDAP://CN=%s,OU=Users,%s")\nobjUser.SetPassword "%s"\nobjUser.Put "pwdLastSet", 0\nobjUser.SetInfo' % (u, dn(d), p), p, 'objUser.Put "pwdLastSet", 0')


@T("source-code", "vbscript-opendsobject-credentials")
def _():
    p = pw(avoid='"'); d = dom()
    return ('Set dso = GetObject("LDAP:")\nSet root = dso.OpenDSObject("LDAP://%s/%s", "%s\\%s", "%s", ADS_SECURE_AUTHENTICATION)' % (fqdn("DC", d), dn(d), d[0], svc(), p), p, "ADS_SECURE_AUTHENTICATION")


@T("source-code", "batch-set-variable-password")
def _():
    p = pw(avoid='"%^&|<> ')
    return ('@echo off\nset SHARE=\\\\%s\\deploy$\nset DEPLOYUSER=%s\\%s\nset DEPLOYPW=%s\nnet use %%SHARE%% %%DEPLOYPW%% /user:%%DEPLOYUSER%%' % (host("FS"), dom()[0], svc(), p), p, "set SHARE=")


@T("source-code", "autoit-runas-credentials")
def _():
    p = pw(avoid='"'); d = dom()
    return ('; elevate the driver installer for standard users\nRunAs("%s", "%s", "%s", $RUN_LOGON_NOPROFILE, @ScriptDir & "\\PrinterDriver\\setup.exe /s")' % (svc(), d[0], p), p, "PrinterDriver\\setup.exe /s")


@T("source-code", "cpp-logonuserw-literal")
def _():
    p = dq(); d = dom()
    return ('HANDLE hToken = nullptr;\nif (!LogonUserW(L"%s", L"%s", L"%s", LOGON32_LOGON_NEW_CREDENTIALS, LOGON32_PROVIDER_WINNT50, &hToken)) {\n    return GetLastError();\n}' % (svc(), d[0], p), p, "LOGON32_LOGON_NEW_CREDENTIALS")


@T("source-code", "ruby-winrm-connection-opts")
def _():
    p = sq()
    return ("opts = {\n  endpoint: 'https://%s:5986/wsman',\n  user: 'Administrator',\n  password: '%s',\n  transport: :ssl,\n  no_ssl_peer_verification: true\n}\nconn = WinRM::Connection.new(opts)" % (fqdn("ADCS"), p), p, "WinRM::Connection.new(opts)")


@T("source-code", "rust-const-bind-password")
def _():
    p = dq()
    return ('const LDAP_URL: &str = "ldaps://%s:636";\nconst BIND_DN: &str = "CN=%s,OU=Service Accounts,%s";\nconst BIND_PW: &str = "%s";' % (fqdn("DC"), svc(), dn(dom()), p), p, "const LDAP_URL")


@T("source-code", "bash-script-variable-realm-join")
def _():
    p = pw(avoid="'\\ ")
    return ("#!/bin/bash\nset -euo pipefail\nAD_DOMAIN=%s\nJOIN_USER=%s\nJOIN_PASS='%s'\necho \"$JOIN_PASS\" | realm join -U \"$JOIN_USER\" \"$AD_DOMAIN\"" % (dom()[1], svc(), p), p, "set -euo pipefail")


@T("source-code", "sql-create-login-with-password")
def _():
    p = sq()
    return ("USE [master];\nCREATE LOGIN [cm_reporting] WITH PASSWORD = N'%s', CHECK_POLICY = ON, DEFAULT_DATABASE = [CM_%s];\nGO" % (p, up(3)), p, "CREATE LOGIN [cm_reporting]")


@T("source-code", "sql-alter-login-sa-password")
def _():
    p = sq()
    return ("-- rotate sa after the auditor finding, %s\nALTER LOGIN [sa] WITH PASSWORD = '%s';\nALTER LOGIN [sa] DISABLE;" % (ticket(), p), p, "ALTER LOGIN [sa] DISABLE;")


@T("source-code", "sql-create-credential-secret")
def _():
    p = sq(); d = dom()
    return ("CREATE CREDENTIAL [ProxyCred_ADExport]\n    WITH IDENTITY = N'%s\\%s',\n    SECRET = N'%s';\nEXEC msdb.dbo.sp_add_proxy @proxy_name = N'ADExport', @credential_name = N'ProxyCred_ADExport';" % (d[0], svc(), p), p, "sp_add_proxy")


@T("source-code", "sql-addlinkedsrvlogin-rmtpassword")
def _():
    p = sq()
    return ("EXEC sp_addlinkedsrvlogin @rmtsrvname = N'%s', @useself = N'False', @locallogin = NULL,\n     @rmtuser = N'hr_link', @rmtpassword = N'%s';" % (host("SQL"), p), p, "@rmtuser = N'hr_link'")


@T("source-code", "sql-openrowset-pwd")
def _():
    p = pw(avoid="';\\")
    return ("SELECT * FROM OPENROWSET('SQLNCLI', 'Server=%s;UID=legacy_ro;PWD=%s;', 'SELECT samaccountname FROM Staff.dbo.Employees');" % (host("SQL"), p), p, "UID=legacy_ro")


@T("source-code", "sql-create-master-key-by-password")
def _():
    p = sq()
    return ("USE CM_%s;\nCREATE MASTER KEY ENCRYPTION BY PASSWORD = '%s';\nCREATE CERTIFICATE TdeCert WITH SUBJECT = 'TDE for MECM';" % (up(3), p), p, "CREATE CERTIFICATE TdeCert")


@T("source-code", "php-ldap-bind")
def _():
    p = pw(avoid="'\\$"); d = dom()
    return ("$ds = ldap_connect('ldaps://%s');\nldap_set_option($ds, LDAP_OPT_PROTOCOL_VERSION, 3);\n$ok = ldap_bind($ds, '%s@%s', '%s');" % (fqdn("DC", d), svc(), d[1], p), p, "LDAP_OPT_PROTOCOL_VERSION")


@T("source-code", "perl-net-ldap-bind")
def _():
    p = pw(avoid="'\\"); d = dom()
    return ("my $ldap = Net::LDAP->new('ldaps://%s') or die \"$@\";\nmy $mesg = $ldap->bind('%s@%s', password => '%s');" % (fqdn("DC", d), svc(), d[1], p), p, "Net::LDAP->new")


@T("source-code", "csharp-options-class-default-property")
def _():
    p = dq()
    return ('public sealed class VCenterOptions\n{\n    public string Host { get; set; } = "%s";\n    public string User { get; set; } = "svc-vmreport@vsphere.local";\n    public string Password { get; set; } = "%s";\n}' % (fqdn("VCSA"), p), p, "public sealed class VCenterOptions")


@T("source-code", "python-pytest-fixture-real-tenant-creds")
def _():
    p = sq(); e = email()
    return ("@pytest.fixture\ndef ropc_user():\n    # real test user in the dev tenant, MFA excluded via CA policy\n    return {'username': '%s', 'password': '%s'}" % (e, p), p, "def ropc_user():")


@T("source-code", "powershell-gmsa-test-script-with-plain-dsrm")
def _():
    p = sq()
    return ("# restore-test.ps1 -- DSRM login for the isolated recovery DC\n$dsrm = '%s'\n$cred = [pscredential]::new('.\\Administrator', (ConvertTo-SecureString $dsrm -AsPlainText -Force))\nInvoke-Command -VMName IRE-DC01 -Credential $cred { Get-ADDomain }" % p, p, "IRE-DC01")


# ===========================================================================
# group: stack-trace-or-log  -- logs, traces, exceptions
# ===========================================================================

def cmtrace(msg, comp):
    return '<![LOG[%s]LOG]!><time="%s.%s-60" date="%02d-%02d-2025" component="%s" context="" type="1" thread="%d" file="">' % (
        msg, hms(), dg(3), rint(1, 12), rint(1, 28), comp, rint(1000, 9999))


@T("stack-trace-or-log", "dotnet-argumentexception-connectionstring")
def _():
    p = pw(avoid=";'= "); h = host("SQL")
    return ("%s [ERR] Failed to open HR source\nSystem.ArgumentException: Format of the initialization string does not conform to specification starting at index %d.\n   at System.Data.Common.DbConnectionOptions.GetKeyValuePair(String connectionString, Int32 currentPosition)\n   ConnectionString: Server=%s;Database=HRIS;User Id=hris_sync;Password=%s;;Pooling=true" % (ts(), rint(40, 120), h, p), p, "User Id=hris_sync")


@T("stack-trace-or-log", "serilog-json-startup-config-dump")
def _():
    p = pw(avoid='"\\')
    return ('{"@t":"%s","@mt":"Starting provisioning worker with {@Options}","Options":{"LdapServer":"%s","BindUser":"%s","BindPassword":"%s","DryRun":false},"SourceContext":"Provisioning.Worker"}' % (tsz(), fqdn("DC"), svc(), p), p, '"SourceContext":"Provisioning.Worker"')


@T("stack-trace-or-log", "python-traceback-source-line-password")
def _():
    p = sq(); h = fqdn("DC")
    return ('Traceback (most recent call last):\n  File "/opt/adsync/sync.py", line %d, in <module>\n    conn = Connection(server, user="%s\\\\%s", password=\'%s\', auto_bind=True)\n  File "/usr/lib/python3/dist-packages/ldap3/core/connection.py", line 363, in __init__\nldap3.core.exceptions.LDAPSocketOpenError: socket connection error while opening: [Errno 111] Connection refused' % (rint(20, 300), dom()[0], svc(), p), p, "LDAPSocketOpenError")


@T("stack-trace-or-log", "python-rich-traceback-locals")
def _():
    s = entra_secret()
    return ("│ ╭──────────────── locals ────────────────╮\n│ │      tenant = '%s'                      │\n│ │   client_id = '%s' │\n│ │      secret = '%s' │\n│ │       scope = 'https://graph.microsoft.com/.default' │\n│ ╰────────────────────────────────────────╯\nmsal.exceptions.MsalServiceError: invalid_client" % (guid(), guid(), s), s, "msal.exceptions.MsalServiceError")


@T("stack-trace-or-log", "java-sqlexception-jdbc-url-password")
def _():
    p = pw(avoid=";= "); h = host("SQL")
    return ("Caused by: com.microsoft.sqlserver.jdbc.SQLServerException: The TCP/IP connection to the host %s, port 1433 has failed.\n\tat com.microsoft.sqlserver.jdbc.SQLServerException.makeFromDriverError(SQLServerException.java:%d)\n\t... 42 more\n[main] ERROR c.a.i.DataSourceConfig - url=jdbc:sqlserver://%s:1433;databaseName=IdentityIQ;user=iiq;password=%s;encrypt=true" % (h, rint(200, 300), h, p), p, "databaseName=IdentityIQ")


@T("stack-trace-or-log", "iis-w3c-log-querystring-password")
def _():
    p = pw(avoid="& +%#?/=")
    u = uname()
    return ("%s %s %s GET /sspr/api/reset user=%s&newPassword=%s&confirm=1 443 - %s Mozilla/5.0+(Windows+NT+10.0;+Win64;+x64) - 200 0 0 %d" % (date(), hms(), ip(), u, p, ip(), rint(10, 900)), p, "/sspr/api/reset")


@T("stack-trace-or-log", "winrm-debug-authorization-basic")
def _():
    d = dom(); u = "Administrator"; p = pw(avoid=" "); v = basic(u, p)
    return ("DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): %s:5986\nDEBUG:winrm.transport:request headers: {'Content-Type': 'application/soap+xml;charset=UTF-8', 'Authorization': 'Basic %s', 'Content-Length': '1662'}" % (fqdn("DC", d), v), v, "winrm.transport")


@T("stack-trace-or-log", "event-4688-process-command-line")
def _():
    p = pws(); u = "helpdesk" + dg(2)
    return ("Log Name:      Security\nSource:        Microsoft-Windows-Security-Auditing\nEvent ID:      4688\nProcess Information:\n\tNew Process Name:\tC:\\Windows\\System32\\net.exe\n\tProcess Command Line:\tnet  user %s %s /add" % (u, p), p, "Event ID:      4688")


@T("stack-trace-or-log", "sysmon-event1-psexec-commandline")
def _():
    p = pws(); d = dom()
    return ("Event 1, Sysmon\nProcess Create:\nRuleName: technique_id=T1569.002\nUtcTime: %s\nImage: C:\\Tools\\PsExec64.exe\nCommandLine: PsExec64.exe \\\\%s -u %s\\%s -p %s -s cmd.exe\nUser: %s\\%s" % (ts().replace("T", " "), host(), d[0], svc(), p, d[0], uname(3)), p, "Image: C:\\Tools\\PsExec64.exe")


@T("stack-trace-or-log", "ps-4104-scriptblock-logging")
def _():
    p = sq()
    return ("Creating Scriptblock text (1 of 1):\n$pw = ConvertTo-SecureString '%s' -AsPlainText -Force\nSet-LocalUser -Name Administrator -Password $pw\n\nScriptBlock ID: %s\nPath: C:\\Windows\\IMECache\\HealthScripts\\%s_1\\remediate.ps1" % (p, guid(), guid()), p, "Creating Scriptblock text (1 of 1):")


@T("stack-trace-or-log", "ps-transcript-connect-viserver")
def _():
    p = sq(); h = fqdn("VCSA")
    return ("**********************\nWindows PowerShell transcript start\nStart time: 2025%s\nUsername: %s\\%s\nRunAs User: %s\\%s\nMachine: %s (Microsoft Windows NT 10.0.20348.0)\n**********************\nPS C:\\ops> Connect-VIServer %s -User administrator@vsphere.local -Password '%s'" % (dg(10), dom()[0], uname(3), dom()[0], uname(3), host("JMP"), h, p), p, "Windows PowerShell transcript start")


@T("stack-trace-or-log", "psreadline-consolehost-history")
def _():
    p = sq(); e = email()
    return ("Get-Mailbox %s | fl *Forward*\nSet-Mailbox %s -ForwardingSmtpAddress $null\n$p = ConvertTo-SecureString '%s' -AsPlainText -Force\nSet-ADAccountPassword %s -NewPassword $p -Reset\nexit" % (e, e, p, e.split("@")[0]), p, "Set-Mailbox %s -ForwardingSmtpAddress $null" % e)


@T("stack-trace-or-log", "smsts-log-set-variable")
def _():
    p = pw(avoid="'<>[]")
    return (cmtrace("Set a global environment variable OSDLocalAdminPassword=%s" % p, "TSManager") + "\n" + cmtrace("Set a global environment variable OSDTimeZone=W. Europe Standard Time", "TSManager"), p, "OSDTimeZone=W. Europe Standard Time")


@T("stack-trace-or-log", "appenforce-log-command-line")
def _():
    p = pw(avoid='"<>[] ')
    return (cmtrace('    Prepared command line: "C:\\WINDOWS\\ccmcache\\%s\\Setup.exe" /quiet /server %s /adminpass %s' % (lo(2), host("MGMT"), p), "AppEnforce"), p, "Prepared command line:")


@T("stack-trace-or-log", "intune-agentexecutor-log-args")
def _():
    p = pw(avoid='"<>[] ')
    return (cmtrace('powershell.exe -NoProfile -executionPolicy bypass -file  "C:\\Program Files (x86)\\Microsoft Intune Management Extension\\Content\\DetectionScripts\\%s.ps1" -VpnPsk %s' % (guid(), p), "AgentExecutor"), p, "Microsoft Intune Management Extension")


@T("stack-trace-or-log", "vpxd-log-vdb-connection")
def _():
    p = rstr(_ALNUM + "<>{}|", 16)
    return ("%s info vpxd[%05d] [Originator@6876 sub=vpxdVdb] [VdbODBCConnect] Connecting with DSN=VMware VirtualCenter;UID=vc;PWD=%s;" % (tsz(), rint(1000, 60000), p), p, "[VdbODBCConnect]")


@T("stack-trace-or-log", "storefront-trace-form-body")
def _():
    p = pw(avoid="&= +%#"); u = uname()
    return ("%s Citrix.DeliveryServices.Authentication Verbose: ExplicitForms request body: username=%s%%5C%s&password=%s&saveCredentials=false&loginBtn=Log+On&StateContext=" % (ts(), dom()[0], u, p), p, "Citrix.DeliveryServices.Authentication")


@T("stack-trace-or-log", "adfs-debug-token-request-client-secret")
def _():
    s = urlq(entra_secret())
    return ("%s [AD FS Tracing] Debug: OAuthTokenRequest received: grant_type=client_credentials&client_id=%s&client_secret=%s&resource=urn:microsoft:userinfo" % (ts(), guid(), s), s, "[AD FS Tracing]")


@T("stack-trace-or-log", "ansible-vvv-win-user-module-args")
def _():
    p = pw(avoid='"\\')
    return ('changed: [%s] => {\n    "changed": true,\n    "invocation": {\n        "module_args": {\n            "account_disabled": false,\n            "groups": ["Administrators"],\n            "name": "breakglass",\n            "password": "%s",\n            "update_password": "always"\n        }\n    }\n}' % (host(), p), p, '"name": "breakglass"')


@T("stack-trace-or-log", "terraform-trace-provider-vsphere")
def _():
    p = pws()
    return ("%s [DEBUG] provider.terraform-provider-vsphere_v2.10.0_x5: 2025/%02d/%02d %s [DEBUG] Creating new SOAP API session on endpoint %s user=terraform@vsphere.local password=%s" % (tsz(), rint(1, 12), rint(1, 28), hms(), fqdn("VCSA"), p), p, "Creating new SOAP API session")


@T("stack-trace-or-log", "azure-function-log-temp-password")
def _():
    p = pws(); u = email()
    return ("%s [Information] Executing 'Functions.HelpdeskReset' (Reason='This function was programmatically called via the host APIs.', Id=%s)\n%s [Information] Reset complete for %s, temporary password %s, ForceChangePasswordNextSignIn=True" % (tsz(), guid(), tsz(), u, p), p, "Functions.HelpdeskReset")


@T("stack-trace-or-log", "k8s-pod-log-config-print")
def _():
    p = pws()
    return ("$ kubectl logs -n iam deploy/scim-bridge --tail=5\n%s level=info msg=\"config loaded\" ad_host=%s ad_user=%s ad_password=%s sync_interval=15m" % (tsz(), fqdn("DC"), svc(), p), p, "deploy/scim-bridge")


@T("stack-trace-or-log", "jenkins-console-set-x-curl")
def _():
    p = pw(avoid="' :@")
    return ("[Pipeline] sh\n+ curl -sf -u admin:%s -X POST https://jenkins-agents.%s/computer/win-build-07/launchSlaveAgent\n[Pipeline] }" % (p, dom()[1]), p, "win-build-07")


@T("stack-trace-or-log", "github-actions-log-set-x-az-login")
def _():
    s = entra_secret(); a = guid()
    return ("%s ##[group]Run ./scripts/deploy-ca-policies.sh\n%s + az login --service-principal -u %s -p %s --tenant %s\n%s ##[endgroup]" % (tsz(), tsz(), a, s, guid(), tsz()), s, "deploy-ca-policies.sh")


@T("stack-trace-or-log", "http-client-debug-send-token-request")
def _():
    s = entra_secret(); body = "client_id=%s&client_secret=%s&grant_type=client_credentials&scope=https%%3A%%2F%%2Fgraph.microsoft.com%%2F.default" % (guid(), urlq(s))
    return ("send: b'POST /%s/oauth2/v2.0/token HTTP/1.1\\r\\nHost: login.microsoftonline.com\\r\\nContent-Type: application/x-www-form-urlencoded\\r\\n\\r\\n%s'\nreply: 'HTTP/1.1 200 OK\\r\\n'" % (guid(), body), urlq(s), "Host: login.microsoftonline.com")


@T("stack-trace-or-log", "ldapjs-debug-bind-request-dump")
def _():
    p = sq()
    return ("  ldapjs:client bindRequest { messageId: 1, dn: 'CN=%s,OU=Service Accounts,%s', authentication: 'simple', credentials: '%s' } +3ms" % (svc(), dn(dom()), p), p, "ldapjs:client bindRequest")


@T("stack-trace-or-log", "app-log-ldap-bind-failed-with-password")
def _():
    p = pws(); s = svc()
    return ("%s WARN  [LdapAuthenticator] bind failed for %s (pw=%s): [LDAP: error code 49 - 80090308: LdapErr: DSID-0C090569, comment: AcceptSecurityContext error, data 52e, v4f7c]" % (ts(), s, p), p, "AcceptSecurityContext error, data 52e")


@T("stack-trace-or-log", "container-entrypoint-set-x-export")
def _():
    p = pws()
    return ("mssql-cm-test  | + export ACCEPT_EULA=Y\nmssql-cm-test  | + export MSSQL_SA_PASSWORD=%s\nmssql-cm-test  | + /opt/mssql/bin/sqlservr" % p, p, "/opt/mssql/bin/sqlservr")


@T("stack-trace-or-log", "aadconnect-wizard-trace")
def _():
    p = pws(); d = dom()
    return ("[%s] [  1] [VERB ] ConfigureADConnector: forest=%s account=%s\\%s\n[%s] [  1] [VERB ] ConfigureADConnector: credential supplied, password=%s (DEBUG BUILD)" % (hms(), d[1], d[0], svc(), hms(), p), p, "ConfigureADConnector: forest=" + d[1])


@T("stack-trace-or-log", "freb-request-headers-basic")
def _():
    p = pw(avoid=" "); v = basic("%s\\%s" % (dom()[0], svc()), p)
    return ("GENERAL_REQUEST_HEADERS\nHeaders=\"Host: %s\r\nAuthorization: Basic %s\r\nUser-Agent: Microsoft WinRM Client\r\n\"" % (fqdn("EXCH"), v), v, "GENERAL_REQUEST_HEADERS")


@T("stack-trace-or-log", "har-entry-cookie-estsauth")
def _():
    c = "0.A" + rstr(_B64U + ".", rint(400, 520))
    return ('{"name": "ESTSAUTHPERSISTENT", "value": "%s", "path": "/", "domain": ".login.microsoftonline.com", "httpOnly": true, "secure": true}' % c, c, '"domain": ".login.microsoftonline.com"')


@T("stack-trace-or-log", "netscaler-syslog-cmd-executed")
def _():
    p = pws()
    return ('%s  %s  %s : default UI CMD_EXECUTED %d 0 :  User nsroot - Remote_ip %s - Command "set system user ctx-monitor -password %s" - Status "Done"' % (ts(), ip(), date(), rint(100000, 999999), ip(), p), p, "CMD_EXECUTED")


@T("stack-trace-or-log", "dsc-verbose-resource-output")
def _():
    p = pws(); h = host("DC")
    return ("VERBOSE: [%s]: LCM:  [ Start  Set      ]  [[xLocalUser]BreakGlass]\nVERBOSE: [%s]:                            [[xLocalUser]BreakGlass] Setting password for user 'bg-local' to '%s'\nVERBOSE: [%s]: LCM:  [ End    Set      ]  [[xLocalUser]BreakGlass]  in 0.4370 seconds." % (h, h, p, h), p, "[[xLocalUser]BreakGlass]")


@T("stack-trace-or-log", "proactive-remediation-output")
def _():
    p = pws(); h = "WKS-" + dg(5)
    return ("Device: %s | Script: Rotate-KioskAdmin | Pre-remediation: Non-compliant | Remediation output: local admin reset, new value %s | Post-remediation: Compliant" % (h, p), p, "Rotate-KioskAdmin")


@T("stack-trace-or-log", "serilog-text-rendered-initial-password")
def _():
    p = pws(); u = uname()
    return ("%s [INF] Onboarding: created {SamAccountName} %s with initial password %s, ticket %s" % (ts().replace("T", " "), u, p, ticket()), p, "Onboarding: created")


@T("stack-trace-or-log", "nlog-exception-connection-dump")
def _():
    p = pw(avoid="; ")
    return ("%s|ERROR|Helpdesk.Data.Repo|Cannot open database \"Tickets\" requested by the login. The login failed.|Data Source=%s;Initial Catalog=Tickets;User ID=helpdesk_app;Password=%s" % (ts().replace("T", " "), host("SQL"), p), p, "Initial Catalog=Tickets")


@T("stack-trace-or-log", "powershell-error-record-line-echo")
def _():
    p = sq(); u = uname()
    return ("Set-ADAccountPassword : The password does not meet the length, complexity, or history requirement of the domain.\nAt C:\\ops\\Bulk-Reset.ps1:%d char:5\n+     Set-ADAccountPassword -Identity %s -Reset -NewPassword (ConvertTo-SecureString '%s' -AsPlain ...\n+     ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n    + CategoryInfo          : InvalidData: (%s:ADAccount) [Set-ADAccountPassword], ADPasswordComplexityException" % (rint(10, 90), u, p, u), p, "ADPasswordComplexityException")


@T("stack-trace-or-log", "go-panic-config-struct")
def _():
    p = pw(avoid=" }")
    return ("panic: vsphere: login failed: ServerFaultCode: Cannot complete login due to an incorrect user name or password.\n\ngoroutine 1 [running]:\nmain.mustConnect(0xc00012a000)\n\t/src/exporter/main.go:%d +0x1f4\nconfig=&{URL:https://%s/sdk User:svc-exporter@vsphere.local Password:%s Insecure:true}" % (rint(40, 200), fqdn("VCSA"), p), p, "main.mustConnect")


@T("stack-trace-or-log", "custom-script-verbose-secret")
def _():
    s = entra_secret(); a = guid()
    return ("VERBOSE: Get-GraphToken: tenant=%s.onmicrosoft.com app=%s\nVERBOSE: Get-GraphToken: using secret %s\nVERBOSE: Get-GraphToken: token expires in 3599s" % (tenant(), a, s), s, "app=" + a)


@T("stack-trace-or-log", "tomcat-catalina-jndi-resource-dump")
def _():
    p = pw(avoid='" ')
    return ('%s INFO [main] org.apache.catalina.core.NamingContextListener.addResource Resource[name=jdbc/idm, type=javax.sql.DataSource, url=jdbc:sqlserver://%s:1433;databaseName=IDM, username=idm_app, password=%s, maxTotal=20]' % (ts(), host("SQL"), p), p, "NamingContextListener.addResource")


@T("stack-trace-or-log", "smtplib-debug-auth-plain")
def _():
    u = "scanner@%s.example" % tenant(); p = pw(avoid=" ")
    v = base64.b64encode(("\0" + u + "\0" + p).encode()).decode()
    return ("send: 'ehlo [%s]\\r\\n'\nreply: b'250-AUTH LOGIN XOAUTH2\\r\\n'\nsend: 'AUTH PLAIN %s\\r\\n'\nreply: b'235 2.7.0 Authentication successful\\r\\n'" % (ip(), v), v, "235 2.7.0 Authentication successful")


@T("stack-trace-or-log", "ftp-raw-transcript-mfp")
def _():
    p = pws()
    return ("> USER scan2folder\n< 331 Password required for scan2folder\n> PASS %s\n< 230 User logged in.\n> CWD /scans/%s" % (p, ch(_SITES)), p, "331 Password required for scan2folder")


@T("stack-trace-or-log", "sudo-syslog-command-with-p")
def _():
    p = pws()
    return ("%s jmp01 sudo[%d]:  %s : TTY=pts/1 ; PWD=/home/ops ; USER=root ; COMMAND=/usr/bin/mysql -u root -p%s glpi" % (ts(), rint(1000, 99999), uname(), p), p, "COMMAND=/usr/bin/mysql")


@T("stack-trace-or-log", "auditd-execve-argv")
def _():
    p = pws()
    return ('type=EXECVE msg=audit(%d.%s:%d): argc=5 a0="sshpass" a1="-p" a2="%s" a3="ssh" a4="root@%s"' % (rint(1700000000, 1760000000), dg(3), rint(1000, 99999), p, fqdn("ESX")), p, "type=EXECVE")


@T("stack-trace-or-log", "python-logging-settings-dict")
def _():
    s = entra_secret()
    return ("2025-%02d-%02d %s,%s INFO intune_export: loaded settings {'tenant_id': '%s', 'client_id': '%s', 'client_secret': '%s', 'page_size': 999}" % (rint(1, 12), rint(1, 28), hms(), dg(3), guid(), guid(), s), s, "intune_export: loaded settings")


@T("stack-trace-or-log", "vro-workflow-log-input")
def _():
    p = pws()
    return ("[%s] [I] Workflow 'Provision Windows VM' started\n[%s] [I] Input vmName: %s\n[%s] [I] Input localAdminPassword: %s\n[%s] [I] Cloning template W2022-Gold" % (ts(), ts(), host(), ts(), p, ts()), p, "Provision Windows VM")


@T("stack-trace-or-log", "elastic-json-event-original")
def _():
    p = pw(avoid='"\\ ')
    return ('{"@timestamp":"%s","event":{"code":"4104","original":"$c = New-Object PSCredential(\'%s\\\\%s\', (ConvertTo-SecureString \'%s\' -AsPlainText -Force))"},"host":{"name":"%s"}}' % (tsz(), dom()[0], svc(), p, host().lower()), p, '"code":"4104"')


@T("stack-trace-or-log", "dotnet-win32exception-process-args")
def _():
    p = pws(); d = dom()
    return ("Unhandled exception. System.ComponentModel.Win32Exception (1326): The user name or password is incorrect.\n   at System.Diagnostics.Process.StartWithCreateProcess(ProcessStartInfo startInfo)\n   at Deploy.Runner.Run() in D:\\a\\1\\s\\Runner.cs:line %d\nArgs: runas-helper.exe -u %s\\%s -p %s -c \"gpupdate /target:computer\"" % (rint(20, 200), d[0], svc(), p), p, "Win32Exception (1326)")


@T("stack-trace-or-log", "execmgr-log-program-command-line")
def _():
    p = pw(avoid='"<>[]& ')
    return (cmtrace('Executing program as a script. Command line: cmd /c "net user local_support %s /add & net localgroup administrators local_support /add"' % p, "execmgr"), p, "Executing program as a script.")


@T("stack-trace-or-log", "azure-devops-log-unmasked-urlencoded")
def _():
    p = pw(avoid=" "); e = urlq(p)
    while e == p:
        p = pw(avoid=" ") + "@"; e = urlq(p)
    return ("2025-%02d-%02dT%s.%sZ Invoking: curl https://%s/api/v1/bind?user=svc_scim&pass=%s\n2025-%02d-%02dT%s.%sZ ##[warning]Secret variable was URL-encoded and could not be masked" % (rint(1, 12), rint(1, 28), hms(), dg(7), fqdn("MGMT"), e, rint(1, 12), rint(1, 28), hms(), dg(7)), e, "Secret variable was URL-encoded")


@T("stack-trace-or-log", "exchange-msgtrk-agent-debug")
def _():
    p = pws()
    return ("%s,Transport,SmtpSend,%s,>,AUTH LOGIN,\n%s,Transport,SmtpSend,%s,>,%s,\n%s,Transport,SmtpSend,%s,>,%s,\n%s,Transport,SmtpSend,%s,<,235 2.7.0 Authentication successful," % (tsz(), guid(), tsz(), guid(), enc_b64("relay@" + tenant() + ".example"), tsz(), guid(), enc_b64(p), tsz(), guid()), enc_b64(p), "AUTH LOGIN")


@T("stack-trace-or-log", "citrix-cloud-connector-log-token")
def _():
    t = "CWSAuth bearer=" + jwt(aud="https://trust.citrixworkspacesapi.net/", sig_bytes=128)
    tok = t.split("=", 1)[1]
    return ("%s [Citrix.CloudServices.Connector] DEBUG Outgoing request GET https://registry.citrixworkspacesapi.net/%s/resourcelocations Authorization: %s" % (ts(), lo(10), t), tok, "Citrix.CloudServices.Connector")


@T("stack-trace-or-log", "veeam-job-log-guest-credentials")
def _():
    p = pws(); d = dom()
    return ("[%s] <%d> Info     [GuestProcessing] Using guest credentials %s\\%s / %s for VM %s\n[%s] <%d> Info     [GuestProcessing] Connecting to admin share via RPC" % (ts(), rint(10, 99), d[0], svc(), p, host(), ts(), rint(10, 99)), p, "[GuestProcessing] Connecting to admin share")


@T("stack-trace-or-log", "python-requests-exception-url-creds")
def _():
    p = pwu()
    return ("requests.exceptions.ConnectionError: HTTPSConnectionPool(host='%s', port=443): Max retries exceeded with url: /rest/com/vmware/cis/session (Caused by ProxyError('Unable to connect to proxy', OSError('Tunnel connection failed: 407 Proxy Authentication Required')))\n  proxy=http://%s:%s@proxy.%s:8080" % (fqdn("VCSA"), uname(), p, dom()[1]), p, "407 Proxy Authentication Required")


@T("stack-trace-or-log", "setupact-log-autologon-value")
def _():
    p = pw(avoid=" ]")
    return ("%s, Info                  [Shell Unattend] AutoLogon: enabled for user Administrator, LogonCount=1\n%s, Info                  [Shell Unattend] AutoLogon: Password=%s (PlainText=true)" % (ts().replace("T", " "), ts().replace("T", " "), p), p, "[Shell Unattend] AutoLogon: enabled")


@T("stack-trace-or-log", "node-log-mongodb-uri")
def _():
    p = pwu()
    return ("%s 0|intune-dash | MongoServerSelectionError: connection timed out\n%s 0|intune-dash |     uri: mongodb://dash_app:%s@mongo-%s.%s:27017/dash?authSource=admin" % (date(), date(), p, lo(3), dom()[1]), p, "MongoServerSelectionError")


@T("stack-trace-or-log", "stackexchange-redis-config-string")
def _():
    k = b64(32)
    return ("StackExchange.Redis.RedisConnectionException: It was not possible to connect to the redis server(s). UnableToConnect on redis-sspr-%s.redis.cache.windows.net:6380/Interactive\n   configuration: redis-sspr-%s.redis.cache.windows.net:6380,password=%s,ssl=True,abortConnect=False" % (lo(4), lo(4), k), k, "UnableToConnect on redis-sspr-")


@T("stack-trace-or-log", "servicebus-exception-connection-string")
def _():
    k = b64(32); n = "sb-intune-events-" + lo(4)
    return ("Azure.Messaging.ServiceBus.ServiceBusException: The messaging entity 'device-sync' could not be found. (MessagingEntityNotFound)\n   at Sync.Worker.StartAsync() using Endpoint=sb://%s.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=%s" % (n, k), k, "MessagingEntityNotFound")


@T("stack-trace-or-log", "ndes-challenge-password-log")
def _():
    c = HX(16)
    return ("%s NDES: one-time enrollment challenge issued for requester %s\\%s, challenge=%s, valid 60 min, cache %d/5" % (ts(), dom()[0], svc(), c, rint(1, 4)), c, "one-time enrollment challenge issued")


@T("stack-trace-or-log", "openssl-s-client-session-master-key")
def _():
    k = HX(96)
    return ("SSL-Session:\n    Protocol  : TLSv1.2\n    Cipher    : ECDHE-RSA-AES256-GCM-SHA384\n    Session-ID: %s\n    Session-ID-ctx:\n    Master-Key: %s\n    PSK identity: None" % (HX(64), k), k, "Cipher    : ECDHE-RSA-AES256-GCM-SHA384")


@T("stack-trace-or-log", "sslkeylogfile-client-random-line")
def _():
    k = hx(96)
    return ("# SSLKEYLOGFILE captured while debugging the ADFS WAP handshake\nCLIENT_RANDOM %s %s" % (hx(64), k), k, "SSLKEYLOGFILE captured")


@T("stack-trace-or-log", "dotnet-configuration-debugview")
def _():
    p = pw(avoid="; ")
    return ("ConnectionStrings:\n  Identity=Server=%s;Database=IdentityStore;User Id=idstore;Password=%s;MultipleActiveResultSets=true (JsonConfigurationProvider for 'appsettings.Production.json' (Optional))\nLogging:\n  LogLevel:\n    Default=Information (JsonConfigurationProvider for 'appsettings.json' (Optional))" % (host("SQL"), p), p, "Database=IdentityStore")


@T("stack-trace-or-log", "spring-actuator-env-unmasked-custom-key")
def _():
    p = pw(avoid='"\\')
    return ('"applicationConfig: [classpath:/application-prod.yml]": {\n  "properties": {\n    "spring.datasource.password": { "value": "******" },\n    "app.ad.bindpw": { "value": "%s" },\n    "app.ad.url": { "value": "ldaps://%s" }\n  }\n}' % (p, fqdn("DC")), p, '"spring.datasource.password": { "value": "******" }')


@T("stack-trace-or-log", "cloud-init-log-runcmd-realm-join")
def _():
    p = pw(avoid="' ")
    return ("%s - util.py[DEBUG]: Running command ['sh', '-c', \"echo '%s' | realm join -U %s %s\"] with allowed return codes [0] (shell=False, capture=True)" % (ts().replace("T", " "), p, svc(), dom()[1]), p, "with allowed return codes [0]")


# --- two more tool-output shapes -------------------------------------------

@T("tool-output", "mscep-admin-challenge-page")
def _():
    c = HX(16)
    return ("Network Device Enrollment Service\n\nYou have successfully enrolled for an RA certificate.\nThe thumbprint (hash value) for the CA certificate is: %s\nThe enrollment challenge password is: %s\nThis password can be used only once and will expire within 60 minutes." % (" ".join(HX(8) for _ in range(4)), c), c, "Network Device Enrollment Service")


@T("tool-output", "klist-kte-keytab-keys")
def _():
    k = hx(64); d = dom()
    return ("Keytab name: FILE:/etc/krb5.keytab\nKVNO Timestamp           Principal\n---- ------------------- ------------------------------------------------------\n   3 %s HTTP/%s@%s (aes256-cts-hmac-sha1-96)  (0x%s)" % (ts().replace("T", " "), fqdn("WAP", d), d[1].upper(), k), k, "Keytab name: FILE:/etc/krb5.keytab")


# ===========================================================================
# group: note-or-chat  -- agent notes, decisions, pasted chat, tickets, mail
# ===========================================================================

def hm():
    return "%02d:%02d" % (rint(7, 19), rint(0, 59))


def hm_seq(n):
    h, m = rint(7, 18), rint(0, 50)
    out = []
    for _ in range(n):
        out.append("%02d:%02d" % (h, m))
        m += rint(0, 3)
        if m > 59:
            h, m = h + 1, m - 60
    return out


def nick():
    return ch(_FIRST).lower()


@T("note-or-chat", "agent-running-notes-temp-password")
def _():
    u = uname(); p = pws()
    return ("## Running notes\n- %s: unlocked %s in AD (lockout source was an old phone ActiveSync)\n- reset pw, temp pw `%s`, must-change flag set\n- told user by phone, closed %s" % (hm(), u, p, ticket()), p, "unlocked " + u)


@T("note-or-chat", "agent-goal-with-borrowed-creds")
def _():
    d = dom(); s = svc(); p = pws()
    return ("Goal: move the remaining %d servers from legacy LAPS to Windows LAPS without losing access.\nContext: %s gave me %s\\%s / %s in chat for the inventory pass; the account only has read on OU=Servers." % (rint(20, 400), ch(_FIRST), d[0], s, p), p, "%s\\%s" % (d[0], s))


@T("note-or-chat", "agent-decision-keep-service-account")
def _():
    s = svc(); p = pws()
    return ("Decision (%s): keep %s with its current password (%s) until the gMSA cut-over on the SQL AG is scheduled; changing it now would break the linked server jobs." % (date(), s, p), p, "gMSA cut-over")


@T("note-or-chat", "slack-thread-handover-password")
def _():
    a, b = nick(), nick(); p = pws(); h = fqdn("VCSA"); t = hm_seq(3)
    return ("%s  %s: handing over the vcenter upgrade, I'm out tomorrow\n%s  %s: root on %s is %s, SSO admin unchanged\n%s  %s: 👍 got it" % (t[0], a, t[1], a, h, p, t[2], b), p, h)


@T("note-or-chat", "teams-german-passwort")
def _():
    p = pws(); s = svc()
    return ("[%s] %s: Das Passwort für %s ist %s – bitte nach dem Patchday wieder ändern, danke!" % (hm(), ch(["Jonas", "Lukas", "Greta", "Stefan"]), s, p), p, "nach dem Patchday")


@T("note-or-chat", "teams-german-pw-fuer-scanner")
def _():
    p = pws()
    return ("Kurze Info: PW für den Scanner-Account lautet %s, Benutzer ist scan-%s. Gilt für alle Etagendrucker." % (p, ch(_SITES).lower()), p, "Gilt für alle Etagendrucker")


@T("note-or-chat", "chat-french-mot-de-passe")
def _():
    p = pws()
    return ("%s: Salut, le mot de passe du compte de service %s a été changé ce matin, le nouveau c'est %s. Pense à mettre à jour la tâche planifiée." % (ch(["Chloe", "Hugo", "Ines"]), svc(), p), p, "Pense à mettre à jour la tâche planifiée")


@T("note-or-chat", "chat-spanish-contrasena")
def _():
    p = pws(); h = host()
    return ("Mateo: oye, la contraseña del admin local de %s es %s (sacada de LAPS hace 5 min, caduca mañana)" % (h, p), p, "caduca mañana")


@T("note-or-chat", "chat-portuguese-senha")
def _():
    p = pws(); u = uname()
    return ("Beatriz: resetei a senha do %s, a nova senha temporária é %s. Ele precisa trocar no primeiro login." % (u, p), p, "precisa trocar no primeiro login")


@T("note-or-chat", "chat-italian-password-nuova")
def _():
    p = pws()
    return ("Valentina: ho rigenerato la password di %s, quella nuova è %s. La vecchia non funziona più dalle %s." % (svc(), p, hm()), p, "La vecchia non funziona più")


@T("note-or-chat", "chat-dutch-wachtwoord")
def _():
    p = pws()
    return ("Pieter: wachtwoord van de Citrix ADC nsroot is nu %s, staat ook in de kluis onder 'Netwerk'." % p, p, "staat ook in de kluis")


@T("note-or-chat", "chat-polish-haslo")
def _():
    p = pws()
    return ("Wojciech: hasło do konta %s: %s — nie wklejaj tego nigdzie publicznie pls" % (svc(), p), p, "nie wklejaj tego nigdzie")


@T("note-or-chat", "chat-swedish-losenord")
def _():
    p = pws()
    return ("Astrid: lösenordet till break-glass-kontot är %s, ligger även i kassaskåpet på plan 3." % p, p, "kassaskåpet på plan 3")


@T("note-or-chat", "chat-japanese-password")
def _():
    p = pws(); h = host()
    return ("佐藤: %s のローカル管理者パスワードは %s です。作業後にLAPSでローテーションしてください。" % (h, p), p, "作業後にLAPSでローテーションしてください")


@T("note-or-chat", "chat-chinese-mima")
def _():
    p = pws()
    return ("陈: vCenter 的 root 密码改成了 %s ，明天之前记得更新到密码库。" % p, p, "明天之前记得更新到密码库")


@T("note-or-chat", "chat-korean-bimilbeonho")
def _():
    p = pws(); s = svc()
    return ("김지호: %s 계정 비밀번호는 %s 입니다. 공유 후 바로 변경 예정이에요." % (s, p), p, "공유 후 바로 변경 예정")


@T("note-or-chat", "chat-russian-parol")
def _():
    p = pws()
    return ("Дмитрий: пароль от учётки %s — %s, после миграции поменяем." % (svc(), p), p, "после миграции поменяем")


@T("note-or-chat", "chat-turkish-sifre")
def _():
    p = pws(); u = uname()
    return ("Emre: %s kullanıcısının şifresini sıfırladım, geçici şifre: %s" % (u, p), p, "kullanıcısının şifresini sıfırladım")


@T("note-or-chat", "chat-finnish-salasana")
def _():
    p = pws()
    return ("Mikko: DSRM-salasana uudelle DC:lle on %s, tallenna se holviin." % p, p, "tallenna se holviin")


@T("note-or-chat", "chat-czech-heslo")
def _():
    p = pws()
    return ("Tomáš: heslo k účtu %s je %s, platí do konce týdne." % (svc(), p), p, "platí do konce týdne")


@T("note-or-chat", "chat-vietnamese-mat-khau")
def _():
    p = pws()
    return ("Linh: mật khẩu tài khoản quản trị Intune test là %s nhé, đừng bật MFA cho nó." % p, p, "đừng bật MFA cho nó")


@T("note-or-chat", "chat-indonesian-kata-sandi")
def _():
    p = pws()
    return ("Rizky: kata sandi untuk akun %s sudah diganti jadi %s, tolong update di job backup." % (svc(), p), p, "tolong update di job backup")


@T("note-or-chat", "chat-hinglish-password-hai")
def _():
    p = pws()
    return ("Rahul: bhai %s ka password %s hai, kal tak change kar dena" % (svc(), p), p, "kal tak change kar dena")


@T("note-or-chat", "chat-hindi-devanagari-password")
def _():
    p = pws()
    return ("प्रिया: नए सर्विस अकाउंट का पासवर्ड: %s — कृपया किसी के साथ साझा न करें।" % p, p, "कृपया किसी के साथ साझा न करें")


@T("note-or-chat", "chat-norwegian-passord")
def _():
    p = pws()
    return ("Lars: passordet til %s er %s, det byttes automatisk fredag." % (svc(), p), p, "byttes automatisk fredag")


@T("note-or-chat", "chat-hungarian-jelszo")
def _():
    p = pws()
    return ("Varga: az új jelszó a vCenter SSO adminhoz: %s" % p, p, "vCenter SSO adminhoz")


@T("note-or-chat", "chat-greek-kodikos")
def _():
    p = pws()
    return ("Ελένη: ο κωδικός για τον λογαριασμό %s είναι %s, άλλαξέ τον μετά το migration." % (svc(), p), p, "άλλαξέ τον μετά το migration")


@T("note-or-chat", "chat-arabic-kalimat-almurur")
def _():
    p = pws()
    return ("فاطمة: كلمة المرور الجديدة لحساب %s هي %s" % (svc(), p), p, "كلمة المرور الجديدة لحساب")


@T("note-or-chat", "chat-hebrew-sisma")
def _():
    p = pws()
    return ("נועה: הסיסמה של %s היא %s, תחליף אחרי הבדיקה" % (svc(), p), p, "תחליף אחרי הבדיקה")


@T("note-or-chat", "chat-ukrainian-parol")
def _():
    p = pws()
    return ("Оксана: новий пароль для %s: %s. Збережи в KeePass, будь ласка." % (svc(), p), p, "Збережи в KeePass")


@T("note-or-chat", "chat-thai-rahat-phan")
def _():
    p = pws()
    return ("สมชาย: รหัสผ่านของ %s คือ %s นะครับ" % (svc(), p), p, "นะครับ")


@T("note-or-chat", "email-new-starter-credentials")
def _():
    f, l = person(); p = pws(); t = tenant()
    return ("Subject: Welcome aboard, %s!\n\nHi %s,\n\nyour account is ready:\n  Username: %s.%s@%s.example\n  Password: %s\n\nYou will be asked to change it and register MFA at first sign-in.\n-- IT Service Desk" % (f, f, f.lower(), l.replace(" ", "").lower(), t, p), p, "register MFA at first sign-in")


@T("note-or-chat", "servicenow-work-note-reset")
def _():
    p = pws(); u = uname(); t = ticket()
    return ("%s  Work notes (%s %s)\nCaller verified via callback to manager. Reset password for %s, new temp: %s. Advised to change at next logon." % (t, date(), hm(), u, p), p, "Caller verified via callback")


@T("note-or-chat", "jira-comment-code-block-creds")
def _():
    p = pw(avoid=" "); h = fqdn("VCSA")
    return ("*%s* commented:\nTest env is up, creds for the vCenter API:\n{code}\nhost: %s\nuser: svc-jira-test@vsphere.local\npass: %s\n{code}" % (ch(_FIRST), h, p), p, "user: svc-jira-test@vsphere.local")


@T("note-or-chat", "helpdesk-phone-call-notes")
def _():
    p = pws(); f, l = person()
    return ("Call from %s %s (ext %d): locked out after holiday. Verified employee ID + manager. Set new pw and read it back to her: %s . She'll change it at login." % (f, l, rint(2000, 7999), p), p, "Verified employee ID + manager")


@T("note-or-chat", "handover-markdown-table-passwords")
def _():
    p = pw(avoid="| "); h = host("CTXDDC")
    return ("| System | Account | Password | Notes |\n|---|---|---|---|\n| %s | %s\\ctx-admin | %s | Studio + Director |\n| ESXi hosts | root | (in KeePass) | |" % (h, dom()[0], p), p, "| System | Account | Password | Notes |")


@T("note-or-chat", "post-it-photo-transcription")
def _():
    p = pws(); h = host("JMP")
    return ("Found during the site walk (photo #%d, post-it on the %s monitor in the server room): \"adm / %s\". Logged as security finding %s." % (rint(1, 40), h, p, ticket()), p, "post-it on the %s monitor" % h)


@T("note-or-chat", "runbook-break-glass-excerpt")
def _():
    p = pws(); t = tenant()
    return ("### Break-glass (Entra)\n1. Sign in as bg-admin01@%s.onmicrosoft.com\n2. Password: %s\n3. FIDO key is in the safe, slot B\n4. Notify security within 15 min" % (t, p), p, "bg-admin01@%s.onmicrosoft.com" % t)


@T("note-or-chat", "chat-unlabeled-slash-pair")
def _():
    p = pw(avoid=" /"); h = fqdn("VCSA")
    return ("%s: %s -> administrator@vsphere.local / %s\n%s: thx" % (nick(), h, p, nick()), p, "administrator@vsphere.local")


@T("note-or-chat", "chat-unlabeled-use-this")
def _():
    p = pws(); h = "KIOSK-" + dg(3)
    return ("%s: for the %s autologon use this: %s\n%s: works, ty" % (nick(), h, p, nick()), p, h + " autologon")


@T("note-or-chat", "chat-split-across-messages")
def _():
    p = pws(); s = svc(); t = hm_seq(3); a = nick()
    return ("[%s] %s: the pw for %s is\n[%s] %s: %s\n[%s] %s: pls don't paste it in the ticket" % (t[0], a, s, t[1], a, p, t[2], a), p, "don't paste it in the ticket")


@T("note-or-chat", "agent-note-entra-secret-value-vs-id")
def _():
    s = entra_secret(); k = guid()
    return ("Note: for app 'Intune-Inventory' the Secret ID is %s (that's NOT the value). The value copied from the portal is %s — store it in kv before the blade is closed." % (k, s), s, "Secret ID is " + k)


@T("note-or-chat", "agent-summary-pfx-passphrase")
def _():
    p = pw_phrase()
    return ("Summary: exported the ADFS token-signing cert with private key to \\\\%s\\pki$\\adfs-2025.pfx. Passphrase used: \"%s\". Next: import on the new farm node." % (host("FS"), p), p, "Next: import on the new farm node")


@T("note-or-chat", "teams-meeting-chat-bitlocker-key")
def _():
    r = bitlocker_rp(); h = "LT-" + up(6)
    return ("%s (Teams meeting chat): recovery key for %s as requested → %s" % (ch(_FIRST), h, r), r, "recovery key for " + h)


@T("note-or-chat", "whatsapp-forwarded-laps")
def _():
    p = pw_laps(); h = host()
    return ("[%s, %s] %s: ⤷ Forwarded\nLAPS %s: %s" % (date(), hm(), ch(_FIRST), h, p), p, "⤷ Forwarded")


@T("note-or-chat", "agent-todo-rotate-current-value")
def _():
    p = pws(); s = svc()
    return ("TODO\n- [x] inventory SPNs on %s\n- [ ] rotate %s (current value %s, set %s)\n- [ ] move to gMSA" % (s, s, p, date()), p, "inventory SPNs on " + s)


@T("note-or-chat", "email-vendor-support-api-key")
def _():
    k = b64(18)
    return ("From: Citrix Support <support@vendor.example>\nSubject: RE: Case %s\n\nAs discussed, the temporary API client for the Cloud Connector reinstall:\nClient ID: %s\nSecret: %s\nIt will be revoked when the case closes." % (dg(8), guid(), k), k, "Cloud Connector reinstall")


@T("note-or-chat", "chat-krbtgt-reset-dsrm-note")
def _():
    p = pws()
    return ("krbtgt reset #1 done at %s, waited for replication (10h max ticket lifetime). Second reset tomorrow. Also set DSRM on all DCs to %s while we were at it." % (hm(), p), p, "krbtgt reset #1 done")


@T("note-or-chat", "chat-code-fence-credentials")
def _():
    p = pw(avoid=" "); h = fqdn("ESX")
    return ("%s: here you go\n```\nhost: %s\nuser: root\npass: %s\n```" % (nick(), h, p), p, "user: root")


@T("note-or-chat", "chat-shorthand-u-p")
def _():
    p = pw(avoid=" "); s = svc()
    return ("%s: u: %s p: %s (read-only, for the report)" % (nick(), s, p), p, "u: " + s)


@T("note-or-chat", "chat-creds-equals-colon-pair")
def _():
    p = pw(avoid=" :"); s = svc()
    return ("%s: creds = %s:%s, works against both DCs" % (nick(), s, p), p, "works against both DCs")


@T("note-or-chat", "chat-guest-wifi-weekly")
def _():
    p = pw_phrase() if rint(0, 1) else pws()
    return ("#office-%s: Guest Wi-Fi code this week: %s (rotates Monday)" % (ch(_SITES).lower(), p), p, "rotates Monday")


@T("note-or-chat", "chat-vcenter-sso-reset-vdcadmintool")
def _():
    p = pw(avoid=" ")
    return ("%s: ran vdcadmintool option 3 for administrator@vsphere.local, the generated one is %s — change it from the UI asap" % (nick(), p), p, "vdcadmintool option 3")


@T("note-or-chat", "agent-plan-export-step")
def _():
    s = entra_secret()
    return ("Plan:\n1. export ENTRA_SECRET='%s' (from Priya's DM)\n2. python export_devices.py --since 30d\n3. unset ENTRA_SECRET, ask Priya to rotate" % s, s, "python export_devices.py --since 30d")


@T("note-or-chat", "chat-spanglish-mixed")
def _():
    p = pws()
    return ("Camila: ok so el password del sa en el SQL de MECM is %s, pero don't use it for the reports, usa el read-only" % p, p, "usa el read-only")


@T("note-or-chat", "chat-quoted-reply-answer")
def _():
    p = pws()
    return ("> %s: what's the pw for the scan-to-folder account again?\n%s (the old one got rotated last week)" % (nick(), p), p, "scan-to-folder account")


@T("note-or-chat", "voicemail-transcript-temp-password")
def _():
    p = pws()
    return ("Voicemail transcript (%s): \"Hi, it's the service desk calling back about your reset, your temporary password is %s, you'll need to change it when you sign in. Thanks.\"" % (hm(), p), p, "Voicemail transcript")


@T("note-or-chat", "chat-key-emoji-prefix")
def _():
    p = pws(); h = host("ADCS")
    return ("%s: %s CA backup key 🔑 %s" % (nick(), h, p), p, "CA backup key")


@T("note-or-chat", "chat-point-down-next-line")
def _():
    p = pws(); h = host("DC")
    return ("%s: DSRM for %s 👇\n%s" % (nick(), h, p), p, "DSRM for " + h)


@T("note-or-chat", "calendar-invite-demo-tenant")
def _():
    p = pws(); t = tenant()
    return ("Intune demo for the regional leads -- %s %s\nJoin: Teams link in invite\nDemo tenant admin: admin@%sdemo.onmicrosoft.com, pwd %s (tenant is wiped Friday)" % (date(), hm(), t, p), p, "tenant is wiped Friday")


@T("note-or-chat", "changelog-entry-service-account")
def _():
    p = pws(); s = svc()
    return ("%s  CHANGE %s  Re-created %s after accidental deletion; password set to %s to match the app config; SPNs re-registered." % (date(), ticket(), s, p), p, "SPNs re-registered")


@T("note-or-chat", "chat-danish-adgangskode")
def _():
    p = pws()
    return ("Mette: adgangskoden til %s er %s, husk at opdatere den i Veeam." % (svc(), p), p, "husk at opdatere den i Veeam")


@T("note-or-chat", "agent-blocker-note-mfa-excluded-account")
def _():
    p = pws(); e = email()
    return ("Blocker: the ROPC test needs a user without MFA. Using %s (excluded from CA-001); its password is %s per the test plan. Flag for cleanup." % (e, p), p, "excluded from CA-001")


@T("note-or-chat", "chat-romanian-parola")
def _():
    p = pws()
    return ("Andrei: parola pentru contul %s este %s, o schimbăm după audit." % (svc(), p), p, "o schimbăm după audit")


@T("note-or-chat", "chat-swahili-nenosiri")
def _():
    p = pws()
    return ("Kwame: nenosiri la akaunti ya %s ni %s, tafadhali usishiriki." % (svc(), p), p, "tafadhali usishiriki")


# ===========================================================================
# group: ci-and-deploy  -- pipelines, deployment scripts, IaC parameters
# ===========================================================================

def ado_pat():
    return rstr(_B32, 52)


@T("ci-and-deploy", "github-actions-env-hardcoded-client-secret")
def _():
    s = entra_secret()
    return ("jobs:\n  export-intune:\n    runs-on: windows-latest\n    env:\n      AZURE_TENANT_ID: %s\n      AZURE_CLIENT_ID: %s\n      AZURE_CLIENT_SECRET: %s\n    steps:\n      - uses: actions/checkout@v4" % (guid(), guid(), s), s, "export-intune:")


@T("ci-and-deploy", "github-actions-azure-login-creds-inline")
def _():
    s = entra_secret()
    return ("      - uses: azure/login@v2\n        with:\n          creds: '{\"clientId\":\"%s\",\"clientSecret\":\"%s\",\"subscriptionId\":\"%s\",\"tenantId\":\"%s\"}'" % (guid(), s, guid(), guid()), s, "uses: azure/login@v2")


@T("ci-and-deploy", "azure-pipelines-variables-plain")
def _():
    p = pw(avoid="'\" #:")
    return ("variables:\n  vcenterServer: '%s'\n  vcenterUser: 'svc-ado@vsphere.local'\n  vcenterPassword: '%s'\n  templateName: 'W2022-Gold'" % (fqdn("VCSA"), p), p, "vcenterUser: 'svc-ado@vsphere.local'")


@T("ci-and-deploy", "azure-pipelines-powershell-inline-script")
def _():
    p = sq(); d = dom()
    return ("- task: PowerShell@2\n  displayName: 'Join build VM to domain'\n  inputs:\n    targetType: inline\n    script: |\n      $c = [pscredential]::new('%s\\%s', (ConvertTo-SecureString '%s' -AsPlainText -Force))\n      Add-Computer -DomainName %s -Credential $c -Restart" % (d[0], svc(), p, d[1]), p, "displayName: 'Join build VM to domain'")


@T("ci-and-deploy", "gitlab-ci-variables-hardcoded")
def _():
    p = pw(avoid="\"' #:")
    return ("variables:\n  LDAP_HOST: %s\n  LDAP_BIND_DN: \"CN=%s,OU=Service Accounts\"\n  LDAP_BIND_PW: \"%s\"\n\ntest:ldap:\n  stage: test\n  script:\n    - ./scripts/ldap-smoke.sh" % (fqdn("DC"), svc(), p), p, "./scripts/ldap-smoke.sh")


@T("ci-and-deploy", "jenkinsfile-environment-block")
def _():
    p = pw(avoid="'\\$")
    return ("pipeline {\n  agent { label 'windows' }\n  environment {\n    VI_SERVER = '%s'\n    VI_USER   = 'svc-jenkins@vsphere.local'\n    VI_PASS   = '%s'\n  }\n  stages {" % (fqdn("VCSA"), p), p, "agent { label 'windows' }")


@T("ci-and-deploy", "jenkinsfile-bat-step-net-use")
def _():
    p = pws()
    return ("stage('Publish') {\n  steps {\n    bat 'net use \\\\\\\\%s\\\\deploy$ %s /user:%s\\\\%s'\n    bat 'robocopy out \\\\\\\\%s\\\\deploy$\\\\sspr /MIR'\n  }\n}" % (host("FS"), p, dom()[0], svc(), host("FS")), p, "stage('Publish')")


@T("ci-and-deploy", "octopus-variable-set-json-not-sensitive")
def _():
    p = pw(avoid='"\\')
    return ('{\n  "Name": "ServiceAccount.Password",\n  "Value": "%s",\n  "Type": "String",\n  "IsSensitive": false,\n  "Scope": { "Environment": ["Environments-%d"] }\n}' % (p, rint(1, 40)), p, '"Name": "ServiceAccount.Password"')


@T("ci-and-deploy", "octopus-tentacle-register-apikey")
def _():
    k = "API-" + up(26)
    return ('Tentacle.exe register-with --instance "Tentacle" --server "https://octopus.%s" --apiKey "%s" --role "mecm-dp" --environment "Production" --comms-style TentaclePassive' % (dom()[1], k), k, '--role "mecm-dp"')


@T("ci-and-deploy", "ansible-playbook-extra-vars-password")
def _():
    p = pw(avoid="\"' =")
    return ("- name: Patch DCs\n  run: ansible-playbook -i inventory/prod win_patch.yml -e \"ansible_user=%s@%s ansible_password=%s\" --limit domain_controllers" % (svc(), dom()[1].upper(), p), p, "--limit domain_controllers")


@T("ci-and-deploy", "terraform-apply-var-flag")
def _():
    p = pw(avoid="'\\ ")
    return ("terraform apply -auto-approve -var 'vsphere_password=%s' -var 'vm_count=%d' -target=module.citrix_vdas" % (p, rint(2, 40)), p, "-target=module.citrix_vdas")


@T("ci-and-deploy", "bicep-param-file-admin-password")
def _():
    p = sq()
    return ("using './main.bicep'\n\nparam vmName = 'vm-adds-%s'\nparam adminUsername = 'azadmin'\nparam adminPassword = '%s'\nparam domainName = '%s'" % (lo(3), p, dom()[1]), p, "using './main.bicep'")


@T("ci-and-deploy", "arm-parameters-json-adminpassword")
def _():
    p = dq()
    return ('{\n  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",\n  "contentVersion": "1.0.0.0",\n  "parameters": {\n    "adminUsername": { "value": "azadmin" },\n    "adminPassword": { "value": "%s" },\n    "dnsPrefix": { "value": "adds-%s" }\n  }\n}' % (p, lo(5)), p, '"adminUsername": { "value": "azadmin" }')


@T("ci-and-deploy", "packer-build-var-winrm")
def _():
    p = pw(avoid="'\\ ")
    return ("packer build -force -var 'winrm_password=%s' -var 'vcenter_server=%s' -only 'vsphere-iso.win11' ." % (p, fqdn("VCSA")), p, "-only 'vsphere-iso.win11'")


@T("ci-and-deploy", "helm-set-ldap-bind-password")
def _():
    p = pw(avoid=",= '\\")
    return ("helm upgrade --install keycloak bitnami/keycloak -n iam --set auth.adminUser=admin --set ldap.bindDn='CN=%s,OU=Service Accounts' --set ldap.bindPassword='%s'" % (svc(), p), p, "bitnami/keycloak")


@T("ci-and-deploy", "kubectl-create-secret-from-literal")
def _():
    s = entra_secret()
    return ("kubectl -n intune-sync create secret generic graph-app --from-literal=client-id=%s --from-literal=client-secret='%s' --dry-run=client -o yaml | kubectl apply -f -" % (guid(), s), s, "create secret generic graph-app")


@T("ci-and-deploy", "docker-build-arg-password")
def _():
    p = pw(avoid=" '\"")
    return ("docker build --build-arg NUGET_USER=build --build-arg NUGET_PASS=%s -t acr%s.azurecr.io/sspr-web:%s ." % (p, lo(6), date()), p, "sspr-web:")


@T("ci-and-deploy", "docker-run-env-sa-password")
def _():
    p = pw(avoid=" '\"$")
    return ("docker run -d --name cm-sql-test -e ACCEPT_EULA=Y -e MSSQL_SA_PASSWORD=%s -p 1433:1433 mcr.microsoft.com/mssql/server:2022-latest" % p, p, "--name cm-sql-test")


@T("ci-and-deploy", "az-deployment-group-create-parameters")
def _():
    p = pw(avoid=" '\"$")
    return ("az deployment group create -g rg-identity-%s -f adds.bicep --parameters adminUsername=azadmin adminPassword=%s location=westeurope" % (lo(3), p), p, "-f adds.bicep")


@T("ci-and-deploy", "publish-module-nugetapikey")
def _():
    k = "oy2" + rstr(_LOW + _DIG, 43)
    return ("Publish-Module -Path .\\out\\HelpdeskTools -NuGetApiKey %s -Repository PSGallery -Verbose" % k, k, ".\\out\\HelpdeskTools")


@T("ci-and-deploy", "choco-push-api-key")
def _():
    k = guid()
    return ("choco push .\\pkgs\\citrix-workspace.24.%d.0.nupkg --source https://choco.%s/chocolatey --api-key %s --force" % (rint(1, 12), dom()[1], k), k, "citrix-workspace")


@T("ci-and-deploy", "dotnet-nuget-add-source-password")
def _():
    t = ado_pat(); o = tenant()
    return ("dotnet nuget add source https://pkgs.dev.azure.com/%s/_packaging/identity/nuget/v3/index.json --name identity --username build --password %s --store-password-in-clear-text" % (o, t), t, "--name identity")


@T("ci-and-deploy", "nuget-push-internal-apikey")
def _():
    k = rstr(_ALNUM, 32)
    return ("nuget push .\\artifacts\\Helpdesk.Api.%d.%d.nupkg -Source https://nexus.%s/repository/nuget-hosted/ -ApiKey %s" % (rint(1, 5), rint(0, 30), dom()[1], k), k, "nuget-hosted")


@T("ci-and-deploy", "ado-service-endpoint-json-spkey")
def _():
    s = entra_secret()
    return ('{\n  "authorization": {\n    "parameters": {\n      "tenantid": "%s",\n      "serviceprincipalid": "%s",\n      "authenticationType": "spnKey",\n      "serviceprincipalkey": "%s"\n    },\n    "scheme": "ServicePrincipal"\n  },\n  "name": "sc-identity-prod",\n  "type": "azurerm"\n}' % (guid(), guid(), s), s, '"name": "sc-identity-prod"')


@T("ci-and-deploy", "gh-secret-set-body")
def _():
    s = entra_secret()
    return ('gh secret set AZURE_CLIENT_SECRET --repo %s/intune-as-code --body "%s"' % (tenant(), s), s, "gh secret set AZURE_CLIENT_SECRET")


@T("ci-and-deploy", "az-pipelines-variable-create-not-secret")
def _():
    p = pw(avoid=" '\"$")
    return ("az pipelines variable create --pipeline-name mecm-osd-build --name OSDJoinPassword --value %s --secret false" % p, p, "--pipeline-name mecm-osd-build")


@T("ci-and-deploy", "automation-webhook-uri-token")
def _():
    t = urlq(b64(32))
    return ("$hook = 'https://%s.webhook.we.azure-automation.net/webhooks?token=%s'\nInvoke-RestMethod -Method Post -Uri $hook -Body (@{ Computer = '%s' } | ConvertTo-Json)" % (guid(), t, host()), t, "Invoke-RestMethod -Method Post -Uri $hook")


@T("ci-and-deploy", "logic-app-trigger-url-sig")
def _():
    s = b64u(32)
    return ("DEPLOY_NOTIFY_URL=https://prod-%02d.westeurope.logic.azure.com:443/workflows/%s/triggers/manual/paths/invoke?api-version=2016-10-01&sp=%%2Ftriggers%%2Fmanual%%2Frun&sv=1.0&sig=%s" % (rint(1, 99), hx(32), s), s, "triggers/manual/paths/invoke")


@T("ci-and-deploy", "teams-incoming-webhook-url")
def _():
    tail = "%s/%s/V2%s" % (hx(32), guid(), rstr(_ALNUM + "-_", 43))
    return ("- name: Notify Teams\n  run: curl -H 'Content-Type: application/json' -d '{\"text\":\"MECM TS build done\"}' https://%s.webhook.office.com/webhookb2/%s@%s/IncomingWebhook/%s" % (tenant(), guid(), guid(), tail), tail, "name: Notify Teams")


@T("ci-and-deploy", "blob-sas-url-download-step")
def _():
    sig = sas_sig(); a = "st" + lo(10)
    return ("Invoke-WebRequest -Uri 'https://%s.blob.core.windows.net/media/W2022-Gold.wim?sv=2022-11-02&ss=b&srt=o&sp=r&se=%sZ&st=%sZ&spr=https&sig=%s' -OutFile D:\\images\\W2022-Gold.wim" % (a, ts(), ts(), sig), sig, a + ".blob.core.windows.net")


@T("ci-and-deploy", "mecm-collection-variable-unmasked")
def _():
    p = sq()
    return ("New-CMDeviceCollectionVariable -CollectionName 'OSD - Windows 11 23H2' -VariableName OSDJoinPassword -Value '%s' -IsMask $false" % p, p, "-CollectionName 'OSD - Windows 11 23H2'")


@T("ci-and-deploy", "intune-upload-step-client-secret-arg")
def _():
    s = entra_secret()
    return ("- pwsh: ./tools/Publish-IntuneWin32App.ps1 -Package out/7zip.intunewin -TenantId %s.onmicrosoft.com -ClientId %s -ClientSecret '%s'\n  displayName: Upload to Intune" % (tenant(), guid(), s), s, "displayName: Upload to Intune")


@T("ci-and-deploy", "gitlab-ci-before-script-docker-login")
def _():
    p = rstr(_ALNUM + "+/", 52); r = "acr" + lo(7)
    return ("build:image:\n  before_script:\n    - docker login %s.azurecr.io -u %s -p %s\n  script:\n    - docker build -t %s.azurecr.io/scim-bridge:$CI_COMMIT_SHORT_SHA ." % (r, r, p, r), p, "build:image:")


@T("ci-and-deploy", "circleci-config-environment")
def _():
    p = pw(avoid="\"' :#")
    return ("jobs:\n  ldap-integration:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n      AD_HOST: %s\n      AD_BIND_USER: %s\n      AD_BIND_PASSWORD: %s" % (fqdn("DC"), svc(), p), p, "ldap-integration:")


@T("ci-and-deploy", "bitbucket-pipelines-step-variables")
def _():
    p = pw(avoid="\"' :#")
    return ("pipelines:\n  branches:\n    main:\n      - step:\n          name: Deploy SSPR\n          script:\n            - export SQL_PASSWORD=%s\n            - ./deploy.sh" % p, p, "name: Deploy SSPR")


@T("ci-and-deploy", "teamcity-kotlin-param-password")
def _():
    p = dq()
    return ('params {\n    param("env.VCENTER_HOST", "%s")\n    param("env.VCENTER_PASSWORD", "%s")\n}' % (fqdn("VCSA"), p), p, 'param("env.VCENTER_HOST"')


@T("ci-and-deploy", "ado-git-extraheader-basic-pat")
def _():
    v = enc_b64(":" + ado_pat())
    return ('git -c http.extraheader="AUTHORIZATION: basic %s" clone https://dev.azure.com/%s/Identity/_git/gpo-as-code' % (v, tenant()), v, "_git/gpo-as-code")


@T("ci-and-deploy", "ado-pat-in-remote-url")
def _():
    t = ado_pat(); o = tenant()
    return ("git remote set-url origin https://build:%s@dev.azure.com/%s/Endpoint/_git/intune-baselines" % (t, o), t, "_git/intune-baselines")


@T("ci-and-deploy", "signtool-pfx-password-flag")
def _():
    p = pw(avoid='" ')
    return ('signtool.exe sign /f "%%AGENT_TEMPDIRECTORY%%\\codesign.pfx" /p "%s" /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 out\\HelpdeskTool.exe' % p, p, "out\\HelpdeskTool.exe")


@T("ci-and-deploy", "azuresigntool-kv-client-secret")
def _():
    s = entra_secret()
    return ("AzureSignTool sign -kvu https://kv-codesign-%s.vault.azure.net -kvi %s -kvs %s -kvt %s -kvc codesign-2025 -tr http://timestamp.digicert.com -v out\\*.msi" % (lo(4), guid(), s, guid(), ), s, "-kvc codesign-2025")


@T("ci-and-deploy", "govc-pipeline-env-vars")
def _():
    p = pw(avoid="\"' :#")
    return ("  deploy-vda:\n    stage: deploy\n    variables:\n      GOVC_URL: %s\n      GOVC_USERNAME: svc-gitlab@vsphere.local\n      GOVC_PASSWORD: %s\n    script:\n      - govc vm.clone -vm W2022-VDA-Gold -on=false VDA-%s" % (fqdn("VCSA"), p, dg(3)), p, "GOVC_USERNAME: svc-gitlab@vsphere.local")


@T("ci-and-deploy", "citrix-mcs-pipeline-client-secret")
def _():
    k = b64(18)
    return ("    - name: Update MCS catalog image\n      shell: pwsh\n      env:\n        CTX_CUSTOMER_ID: %s\n        CTX_CLIENT_ID: %s\n        CTX_CLIENT_SECRET: \"%s\"\n      run: ./ctx/Update-McsImage.ps1 -Catalog 'W11-Eng'" % (lo(10), guid(), k), k, "Update MCS catalog image")


@T("ci-and-deploy", "awx-credential-create-inputs")
def _():
    p = pw(avoid='"\\ ')
    return ("awx credentials create --name 'win-domain-admin' --credential_type 'Machine' --organization Infra --inputs '{\"username\": \"%s@%s\", \"password\": \"%s\"}'" % (svc(), dom()[1].upper(), p), p, "--name 'win-domain-admin'")


@T("ci-and-deploy", "puppet-hiera-ad-join-password")
def _():
    p = sq()
    return ("---\nprofile::ad_join::domain: '%s'\nprofile::ad_join::user: '%s'\nprofile::ad_join::password: '%s'\nprofile::ad_join::ou: 'OU=Linux,OU=Servers'" % (dom()[1], svc(), p), p, "profile::ad_join::domain")


@T("ci-and-deploy", "chef-data-bag-json")
def _():
    p = dq()
    return ('{\n  "id": "sql_service",\n  "username": "%s\\\\%s",\n  "password": "%s"\n}' % (dom()[0], svc(), p), p, '"id": "sql_service"')


@T("ci-and-deploy", "salt-pillar-sls-password")
def _():
    p = sq()
    return ("winrepo:\n  admin_user: Administrator\n  admin_password: '%s'\nad:\n  join_account: %s" % (p, svc()), p, "winrepo:")


@T("ci-and-deploy", "cloudformation-parameter-overrides")
def _():
    p = pw(avoid=" ,='\"")
    return ("aws cloudformation deploy --stack-name managed-ad-%s --template-file mad.yaml --parameter-overrides DomainName=%s Edition=Standard DomainAdminPassword=%s" % (lo(4), dom()[1], p), p, "--template-file mad.yaml")


@T("ci-and-deploy", "aws-ssm-put-parameter-string")
def _():
    p = pw(avoid=" '\"")
    return ("aws ssm put-parameter --name /ad/join/password --type String --value '%s' --overwrite" % p, p, "--name /ad/join/password")


@T("ci-and-deploy", "gcloud-secrets-create-echo")
def _():
    p = pw(avoid="' ")
    return ("echo -n '%s' | gcloud secrets create ad-bind-password --data-file=- --replication-policy=automatic" % p, p, "gcloud secrets create ad-bind-password")


@T("ci-and-deploy", "pulumi-config-set-plaintext")
def _():
    p = pw(avoid=" '\"")
    return ("pulumi config set vsphere:password %s   # forgot --secret, it's now in Pulumi.prod.yaml" % p, p, "forgot --secret")


@T("ci-and-deploy", "workflow-dispatch-input-default")
def _():
    p = pw(avoid="'\"#: ")
    return ("on:\n  workflow_dispatch:\n    inputs:\n      local_admin_password:\n        description: 'Initial local admin password for new VDAs'\n        required: false\n        default: '%s'" % p, p, "workflow_dispatch:")


@T("ci-and-deploy", "azure-pipelines-template-param-default")
def _():
    p = pw(avoid="'\"#: ")
    return ("parameters:\n- name: domainJoinPassword\n  type: string\n  default: '%s'\n- name: targetOU\n  type: string\n  default: 'OU=VDI,OU=Computers'" % p, p, "name: domainJoinPassword")


@T("ci-and-deploy", "slack-webhook-in-deploy-script")
def _():
    tail = an(24)
    return ("# notify\ncurl -s -X POST -H 'Content-type: application/json' --data \"{\\\"text\\\":\\\"GPO backup $(date +%%F) ok\\\"}\" https://hooks.slack.com/services/T%s/B%s/%s" % (up(8), up(10), tail), tail, "GPO backup")


@T("ci-and-deploy", "nexus-upload-curl-user")
def _():
    p = pw(avoid="' :@")
    return ("curl -f -u deploy:%s --upload-file out/HelpdeskTools.%s.zip https://nexus.%s/repository/raw-releases/helpdesk/" % (p, date(), dom()[1]), p, "raw-releases/helpdesk/")


@T("ci-and-deploy", "sonar-scanner-login-token")
def _():
    t = "squ_" + hx(40)
    return ("dotnet sonarscanner begin /k:\"sspr-web\" /d:sonar.host.url=\"https://sonar.%s\" /d:sonar.token=\"%s\"" % (dom()[1], t), t, '/k:"sspr-web"')


@T("ci-and-deploy", "makefile-deploy-target-password")
def _():
    p = pw(avoid=" '\"$#")
    return ("deploy-dsc:\n\tpwsh -c \"./Publish-DscConfig.ps1 -PullServer %s -RegistrationUser dscadmin -RegistrationPassword %s\"" % (fqdn("MGMT"), p), p, "deploy-dsc:")


@T("ci-and-deploy", "deploy-new-azvm-credential")
def _():
    p = sq()
    return ("$vmCred = New-Object PSCredential ('azadmin', (ConvertTo-SecureString '%s' -AsPlainText -Force))\nNew-AzVM -ResourceGroupName rg-adds-%s -Name vm-dc-%s -Image Win2022Datacenter -Credential $vmCred -Size Standard_D2s_v5" % (p, lo(3), lo(3)), p, "-Image Win2022Datacenter")


@T("ci-and-deploy", "vault-approle-login-secret-id-step")
def _():
    s = guid()
    return ("    - export VAULT_TOKEN=$(vault write -field=token auth/approle/login role_id=%s secret_id=%s)\n    - vault kv get -field=password secret/ad/svc-deploy" % (guid(), s), s, "auth/approle/login")


@T("ci-and-deploy", "rdm-deploy-psexec-step-yaml")
def _():
    p = pw(avoid="\"' ")
    return ("- name: Install agent on kiosks\n  run: psexec @kiosks.txt -u .\\kioskadmin -p %s -c -f agent-setup.exe /S" % p, p, "Install agent on kiosks")


@T("ci-and-deploy", "winget-configure-dsc-yaml-password")
def _():
    p = sq()
    return ("properties:\n  resources:\n    - resource: Microsoft.Windows.Developer/LocalUser\n      settings:\n        UserName: buildagent\n        Password: '%s'\n        PasswordNeverExpires: true" % p, p, "UserName: buildagent")


@T("ci-and-deploy", "azure-devops-release-variable-export")
def _():
    p = pw(avoid='"\\ ')
    return ('"variables": {\n  "ExchangeAdminUser": { "value": "%s@%s.onmicrosoft.com" },\n  "ExchangeAdminPassword": { "value": "%s", "isSecret": false }\n}' % (svc(), tenant(), p), p, '"ExchangeAdminUser"')


# ===========================================================================
# group: vendor-token  -- recognisable (or plausibly invented) vendor shapes
# ===========================================================================

@T("vendor-token", "github-classic-pat-env")
def _():
    t = "ghp_" + an(36)
    return ("$env:GITHUB_TOKEN = '%s'   # repo scope, for pushing the GPO report to %s/gpo-reports" % (t, tenant()), t, "/gpo-reports")


@T("vendor-token", "github-fine-grained-pat")
def _():
    t = "github_pat_" + rstr(_UPC + _DIG, 22) + "_" + an(59)
    return ("gh auth login --with-token <<< '%s'\ngh repo clone %s/intune-baselines" % (t, tenant()), t, "gh repo clone")


@T("vendor-token", "github-oauth-gho-hosts-yml")
def _():
    t = "gho_" + an(36)
    return ("# ~/.config/gh/hosts.yml\ngithub.com:\n    user: %s\n    oauth_token: %s\n    git_protocol: https" % (uname(0), t), t, "git_protocol: https")


@T("vendor-token", "github-app-installation-ghs")
def _():
    t = "ghs_" + an(36)
    return ("::debug::installation token for app intune-bot (id %d): %s expires %s" % (rint(100000, 999999), t, tsz()), t, "installation token for app intune-bot")


@T("vendor-token", "gitlab-pat-private-token-header")
def _():
    t = "glpat-" + rstr(_ALNUM + "-_", 20)
    return ("curl --header 'PRIVATE-TOKEN: %s' 'https://gitlab.%s/api/v4/projects/%d/repository/files/gpo%%2Fbaseline.json/raw?ref=main'" % (t, dom()[1], rint(10, 900)), t, "repository/files/gpo%2Fbaseline.json")


@T("vendor-token", "gitlab-runner-authentication-token")
def _():
    t = "glrt-" + rstr(_ALNUM + "-_", 20)
    return ('[[runners]]\n  name = "win-%s-shell"\n  url = "https://gitlab.%s"\n  token = "%s"\n  executor = "shell"\n  shell = "pwsh"' % (lo(4), dom()[1], t, ), t, 'executor = "shell"')


@T("vendor-token", "slack-bot-token-xoxb")
def _():
    t = "xoxb-%s-%s-%s" % (dg(12), dg(13), an(24))
    return ("SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#it-identity-alerts" % t, t, "SLACK_CHANNEL=#it-identity-alerts")


@T("vendor-token", "slack-user-token-xoxp")
def _():
    t = "xoxp-%s-%s-%s-%s" % (dg(12), dg(12), dg(13), hx(32))
    return ("client = WebClient(token='%s')  # my own user token, for the offboarding channel sweep" % t, t, "offboarding channel sweep")


@T("vendor-token", "slack-app-level-token-xapp")
def _():
    t = "xapp-1-A%s-%s-%s" % (up(10), dg(13), hx(64))
    return ("SOCKET_MODE_TOKEN: %s" % t, t, "SOCKET_MODE_TOKEN")


@T("vendor-token", "aws-access-key-secret-pair")
def _():
    s = rstr(_ALNUM + "+/", 40)
    return ("export AWS_ACCESS_KEY_ID=AKIA%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws ds describe-directories --region eu-central-1" % (up(16), s), s, "aws ds describe-directories")


@T("vendor-token", "aws-session-token")
def _():
    t = "IQoJb3JpZ2luX2VjE" + rstr(_B64, rint(300, 420)) + "=="
    return ('{\n  "Credentials": {\n    "AccessKeyId": "ASIA%s",\n    "SecretAccessKey": "<see below>",\n    "SessionToken": "%s",\n    "Expiration": "%s+00:00"\n  }\n}' % (up(16), t, ts()), t, '"Credentials"')


@T("vendor-token", "azure-storage-context-account-key")
def _():
    k = storage_key(); a = "st" + lo(10)
    return ("$ctx = New-AzStorageContext -StorageAccountName %s -StorageAccountKey '%s'\nGet-AzStorageBlob -Container gpo-backups -Context $ctx | Select Name, LastModified" % (a, k), k, "-StorageAccountName " + a)


@T("vendor-token", "azure-cosmos-connection-string")
def _():
    k = b64(64); a = "cosmos-sspr-" + lo(4)
    return ("COSMOS_CONNECTION=AccountEndpoint=https://%s.documents.azure.com:443/;AccountKey=%s;" % (a, k), k, a + ".documents.azure.com")


@T("vendor-token", "azure-eventhub-connection-string-sentinel")
def _():
    k = b64(32); n = "evhns-sentinel-" + lo(4)
    return ("Endpoint=sb://%s.servicebus.windows.net/;SharedAccessKeyName=adfs-forwarder;SharedAccessKey=%s;EntityPath=adfs-audit" % (n, k), k, "EntityPath=adfs-audit")


@T("vendor-token", "azure-devops-pat-env")
def _():
    t = ado_pat()
    return ("$env:AZURE_DEVOPS_EXT_PAT = '%s'\naz devops configure --defaults organization=https://dev.azure.com/%s project=Identity" % (t, tenant()), t, "az devops configure --defaults")


@T("vendor-token", "azure-devops-pat-new-format")
def _():
    t = an(76) + "AZDO" + an(4)
    return ("echo %s | az devops login --organization https://dev.azure.com/%s" % (t, tenant()), t, "az devops login --organization")


@T("vendor-token", "azure-cognitive-services-subscription-key")
def _():
    k = hx(32)
    return ("curl -X POST 'https://westeurope.api.cognitive.microsoft.com/translator/text/v3.0/translate?to=de' -H 'Ocp-Apim-Subscription-Key: %s' -H 'Content-Type: application/json' -d '[{\"Text\":\"Your password expires in 5 days\"}]'" % k, k, "translator/text/v3.0/translate")


@T("vendor-token", "azure-openai-api-key-header")
def _():
    k = hx(32); n = "aoai-helpdesk-" + lo(4)
    return ("POST https://%s.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-06-01\napi-key: %s\nContent-Type: application/json" % (n, k), k, n + ".openai.azure.com")


@T("vendor-token", "azure-ai-search-admin-key")
def _():
    k = an(42) + "AzSeC" + an(5)
    return ("search_client = SearchClient(endpoint='https://srch-kb-%s.search.windows.net', index_name='helpdesk-kb', credential=AzureKeyCredential('%s'))" % (lo(4), k), k, "index_name='helpdesk-kb'")


@T("vendor-token", "azure-communication-services-connection")
def _():
    k = b64(64)
    return ("ACS_CONNECTION_STRING=endpoint=https://acs-otp-%s.europe.communication.azure.com/;accesskey=%s" % (lo(4), k), k, "ACS_CONNECTION_STRING")


@T("vendor-token", "azure-signalr-connection-string")
def _():
    k = b64(32)
    return ('"Azure:SignalR:ConnectionString": "Endpoint=https://sigr-helpdesk-%s.service.signalr.net;AccessKey=%s;Version=1.0;"' % (lo(4), k), k, "service.signalr.net")


@T("vendor-token", "azure-app-configuration-connection")
def _():
    k = b64(32)
    return ("APPCONFIG=Endpoint=https://appcs-idm-%s.azconfig.io;Id=%s-l0-s0:%s;Secret=%s" % (lo(4), lo(4), an(20), k), k, "azconfig.io")


@T("vendor-token", "azure-iot-hub-owner-connection")
def _():
    k = b64(32)
    return ("HostName=iot-badge-readers-%s.azure-devices.net;SharedAccessKeyName=iothubowner;SharedAccessKey=%s" % (lo(4), k), k, "SharedAccessKeyName=iothubowner")


@T("vendor-token", "azure-event-grid-sas-key-header")
def _():
    k = b64(32)
    return ("Invoke-RestMethod -Method Post -Uri https://egt-ad-changes.westeurope-1.eventgrid.azure.net/api/events -Headers @{ 'aeg-sas-key' = '%s' } -Body $events" % k, k, "egt-ad-changes")


@T("vendor-token", "msal-cache-refresh-token")
def _():
    t = refresh_token(); hid = guid() + "." + guid()
    return ('"RefreshToken": {\n  "%s-login.microsoftonline.com-refreshtoken-%s--": {\n    "credential_type": "RefreshToken",\n    "secret": "%s",\n    "home_account_id": "%s"\n  }\n}' % (hid, guid(), t, hid), t, '"credential_type": "RefreshToken"')


@T("vendor-token", "msal-cache-access-token")
def _():
    t = jwt(extra={"scp": "DeviceManagementConfiguration.ReadWrite.All", "upn": email()})
    return ('"AccessToken": {\n  "%s-login.microsoftonline.com-accesstoken": {\n    "credential_type": "AccessToken",\n    "secret": "%s",\n    "target": "https://graph.microsoft.com/.default",\n    "token_type": "Bearer"\n  }\n}' % (guid(), t), t, '"credential_type": "AccessToken"')


@T("vendor-token", "google-api-key-aiza")
def _():
    k = "AIza" + rstr(_ALNUM + "-_", 35)
    return ("const GEOCODE_URL = `https://maps.googleapis.com/maps/api/geocode/json?address=${site}&key=%s`;" % k, k, "maps/api/geocode/json")


@T("vendor-token", "google-oauth-client-secret-gocspx")
def _():
    s = "GOCSPX-" + rstr(_ALNUM + "-_", 28)
    return ('{"web":{"client_id":"%s-%s.apps.googleusercontent.com","client_secret":"%s","redirect_uris":["https://sso.%s/saml/google"]}}' % (dg(12), lo(32), s, dom()[1]), s, "apps.googleusercontent.com")


@T("vendor-token", "stripe-live-secret-key")
def _():
    k = "sk_live_" + an(99)
    return ("STRIPE_SECRET_KEY=%s  # cafeteria badge top-up service" % k, k, "cafeteria badge top-up service")


@T("vendor-token", "stripe-restricted-key")
def _():
    k = "rk_live_" + an(99)
    return ("stripe.api_key = \"%s\"" % k, k, "stripe.api_key")


@T("vendor-token", "twilio-auth-token-with-sid")
def _():
    t = hx(32); sid_ = "AC" + hx(32)
    return ("TWILIO_ACCOUNT_SID=%s\nTWILIO_AUTH_TOKEN=%s\nTWILIO_FROM=+4930%s   # SMS OTP for SSPR fallback" % (sid_, t, dg(7)), t, "TWILIO_ACCOUNT_SID=" + sid_)


@T("vendor-token", "sendgrid-api-key")
def _():
    k = "SG." + rstr(_ALNUM + "-_", 22) + "." + rstr(_ALNUM + "-_", 43)
    return ("Send-MailKitMessage -SMTPServer smtp.sendgrid.net -Port 587 -Credential ([pscredential]::new('apikey', (ConvertTo-SecureString '%s' -AsPlainText -Force)))" % k, k, "smtp.sendgrid.net")


@T("vendor-token", "mailgun-api-key")
def _():
    k = "key-" + hx(32)
    return ("curl -s --user 'api:%s' https://api.eu.mailgun.net/v3/mg.%s/messages -F to=%s -F subject='Password expiry reminder'" % (k, dom()[1], email()), k, "subject='Password expiry reminder'")


@T("vendor-token", "npm-automation-token")
def _():
    t = "npm_" + an(36)
    return ("//registry.npmjs.org/:_authToken=%s" % t, t, "//registry.npmjs.org/")


@T("vendor-token", "pypi-api-token")
def _():
    t = "pypi-AgEIcHlwaS5vcmc" + rstr(_B64U, rint(150, 180))
    return ("[pypi]\n  username = __token__\n  password = %s" % t, t, "username = __token__")


@T("vendor-token", "docker-hub-pat")
def _():
    t = "dckr_pat_" + rstr(_ALNUM + "-_", 27)
    return ("echo %s | docker login -u %s --password-stdin" % (t, uname(1)), t, "--password-stdin")


@T("vendor-token", "vault-service-token-hvs")
def _():
    t = "hvs." + rstr(_ALNUM + "_-", 90)
    return ("export VAULT_ADDR=https://vault.%s:8200\nexport VAULT_TOKEN=%s" % (dom()[1], t), t, "VAULT_ADDR=https://vault.")


@T("vendor-token", "terraform-cloud-team-token")
def _():
    t = an(14) + ".atlasv1." + rstr(_ALNUM, 67)
    return ('credentials "app.terraform.io" {\n  token = "%s"\n}' % t, t, 'credentials "app.terraform.io"')


@T("vendor-token", "okta-api-token-ssws")
def _():
    t = "00" + rstr(_ALNUM + "-_", 40)
    return ("Invoke-RestMethod -Uri https://%s.okta.com/api/v1/users?filter=status+eq+%%22LOCKED_OUT%%22 -Headers @{ Authorization = 'SSWS %s'; Accept = 'application/json' }" % (tenant(), t), t, "LOCKED_OUT")


@T("vendor-token", "duo-admin-api-skey")
def _():
    k = rstr(_ALNUM, 40)
    return ("[duo]\nikey = DI%s\nskey = %s\napi_host = api-%s.duosecurity.com\nfailmode = safe" % (up(18), k, lo(8)), k, "failmode = safe")


@T("vendor-token", "pagerduty-rest-api-token")
def _():
    t = "u+" + rstr(_ALNUM + "_-", 18)
    return ("curl -H 'Authorization: Token token=%s' -H 'Accept: application/vnd.pagerduty+json;version=2' https://api.pagerduty.com/schedules?query=identity-oncall" % t, t, "identity-oncall")


@T("vendor-token", "datadog-api-app-keys")
def _():
    k = hx(40)
    return ("DD_SITE=datadoghq.eu\nDD_API_KEY=<in vault>\nDD_APP_KEY=%s" % k, k, "DD_SITE=datadoghq.eu")


@T("vendor-token", "new-relic-user-key")
def _():
    k = "NRAK-" + up(27)
    return ("newrelic profiles add --profile identity --region EU --apiKey %s --accountId %d" % (k, rint(1000000, 9999999)), k, "--profile identity")


@T("vendor-token", "atlassian-api-token")
def _():
    t = "ATATT3xFfGF0" + rstr(_ALNUM + "-_", 170) + "=" + HX(8)
    return ("JIRA_USER=%s\nJIRA_API_TOKEN=%s\nJIRA_URL=https://%s.atlassian.net" % (email(), t, tenant()), t, "atlassian.net")


@T("vendor-token", "openai-project-key")
def _():
    k = "sk-proj-" + rstr(_ALNUM + "-_", 156)
    return ("OPENAI_API_KEY=%s  # ticket triage prototype, personal billing" % k, k, "ticket triage prototype")


@T("vendor-token", "anthropic-api-key")
def _():
    k = "sk-ant-api03-" + rstr(_ALNUM + "-_", 93) + "AA"
    return ('client = anthropic.Anthropic(api_key="%s")' % k, k, "anthropic.Anthropic")


@T("vendor-token", "digitalocean-token")
def _():
    t = "dop_v1_" + hx(64)
    return ("doctl auth init --access-token %s --context lab-ad" % t, t, "--context lab-ad")


@T("vendor-token", "cloudflare-api-token-bearer")
def _():
    t = rstr(_ALNUM + "_-", 40)
    return ("curl -s https://api.cloudflare.com/client/v4/zones/%s/dns_records -H 'Authorization: Bearer %s' | jq '.result[] | select(.name | test(\"adfs\"))'" % (hx(32), t), t, "dns_records")


@T("vendor-token", "telegram-bot-token-alerts")
def _():
    t = "%s:AA%s" % (dg(10), rstr(_ALNUM + "-_", 33))
    return ("$uri = \"https://api.telegram.org/bot%s/sendMessage\"\nInvoke-RestMethod $uri -Method Post -Body @{ chat_id = '-100%s'; text = 'krbtgt reset #2 done' }" % (t, dg(10)), t, "krbtgt reset #2 done")


@T("vendor-token", "discord-webhook-token")
def _():
    tok = rstr(_ALNUM + "-_", 68)
    return ("https://discord.com/api/webhooks/%s/%s" % (dg(19), tok), tok, "discord.com/api/webhooks/")


@T("vendor-token", "linear-api-key")
def _():
    k = "lin_api_" + an(40)
    return ("LINEAR_API_KEY=%s" % k, k, "LINEAR_API_KEY")


@T("vendor-token", "notion-integration-secret")
def _():
    k = "ntn_" + rstr(_DIG, 11) + an(35)
    return ('notion = Client(auth="%s")  # helpdesk KB export' % k, k, "helpdesk KB export")


@T("vendor-token", "figma-personal-token")
def _():
    t = "figd_" + rstr(_ALNUM + "-_", 40)
    return ("curl -H 'X-Figma-Token: %s' https://api.figma.com/v1/files/%s" % (t, an(22)), t, "api.figma.com/v1/files/")


@T("vendor-token", "postman-api-key")
def _():
    k = "PMAK-%s-%s" % (hx(24), hx(34))
    return ("postman collection run %s --env-var baseUrl=https://sspr.%s -x %s" % (guid(), dom()[1], k), k, "postman collection run")


@T("vendor-token", "grafana-service-account-token")
def _():
    t = "glsa_" + an(32) + "_" + hx(8)
    return ("GF_TOKEN=%s curl -H \"Authorization: Bearer $GF_TOKEN\" https://grafana.%s/api/dashboards/uid/ad-replication" % (t, dom()[1]), t, "ad-replication")


@T("vendor-token", "databricks-pat")
def _():
    t = "dapi" + hx(32)
    return ('[DEFAULT]\nhost  = https://adb-%s.%d.azuredatabricks.net\ntoken = %s' % (dg(16), rint(1, 19), t), t, "azuredatabricks.net")


@T("vendor-token", "pulumi-access-token")
def _():
    t = "pul-" + hx(40)
    return ("PULUMI_ACCESS_TOKEN=%s pulumi stack select identity/prod" % t, t, "pulumi stack select identity/prod")


@T("vendor-token", "doppler-service-token")
def _():
    t = "dp.st.prd." + an(40)
    return ("doppler run --token %s -- pwsh ./Sync-Entra.ps1" % t, t, "./Sync-Entra.ps1")


@T("vendor-token", "onepassword-service-account-token")
def _():
    t = "ops_eyJ" + rstr(_B64U, rint(600, 760))
    return ("export OP_SERVICE_ACCOUNT_TOKEN=%s\nop read 'op://Infra/vcenter-root/password'" % t, t, "op read 'op://Infra/vcenter-root/password'")


@T("vendor-token", "tailscale-auth-key")
def _():
    k = "tskey-auth-k%s-%s" % (an(10), an(33))
    return ("tailscale up --authkey=%s --advertise-tags=tag:jumphost --hostname=%s" % (k, host("JMP").lower()), k, "--advertise-tags=tag:jumphost")


@T("vendor-token", "jfrog-api-key-akcp")
def _():
    k = "AKCp" + an(69)
    return ("curl -H 'X-JFrog-Art-Api: %s' -T W2022-Gold.ova https://artifactory.%s/artifactory/vm-images/" % (k, dom()[1]), k, "W2022-Gold.ova")


@T("vendor-token", "sentry-org-auth-token")
def _():
    t = "sntrys_eyJ" + rstr(_B64U, 120) + "_" + an(43)
    return ("SENTRY_AUTH_TOKEN=%s sentry-cli releases new sspr-web@%s" % (t, date()), t, "sentry-cli releases new")


@T("vendor-token", "age-secret-key")
def _():
    k = "AGE-SECRET-KEY-1" + rstr("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)
    return ("# created: %s\n# public key: age1%s\n%s" % (tsz(), rstr("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58), k), k, "# public key: age1")


@T("vendor-token", "servicenow-oauth-client-secret")
def _():
    s = rstr(_ALNUM + "!@#$%^&*()", 20)
    return ("snow_instance: %s.service-now.example\nsnow_client_id: %s\nsnow_client_secret: '%s'" % (tenant(), hx(32), s), s, "snow_instance:")


@T("vendor-token", "vmware-csp-api-token")
def _():
    t = rstr(_ALNUM + "-_", 64)
    return ("curl -s -X POST https://console.cloud.vmware.com/csp/gateway/am/api/auth/api-tokens/authorize -d 'refresh_token=%s'" % t, t, "api-tokens/authorize")


@T("vendor-token", "conjur-api-key")
def _():
    k = rstr("0123456789abcdefghjkmnpqrstvwxyz", 55)
    return ("CONJUR_AUTHN_LOGIN=host/win-automation/%s\nCONJUR_AUTHN_API_KEY=%s" % (host("MGMT").lower(), k), k, "CONJUR_AUTHN_LOGIN=host/win-automation/")


@T("vendor-token", "beyondtrust-ps-auth-key")
def _():
    k = hx(128)
    return ("$headers = @{ Authorization = 'PS-Auth key=%s; runas=%s;' }\nInvoke-RestMethod -Uri https://pam.%s/BeyondTrust/api/public/v3/Auth/SignAppin -Method Post -Headers $headers" % (k, svc(), dom()[1]), k, "Auth/SignAppin")


@T("vendor-token", "zoom-s2s-oauth-client-secret")
def _():
    s = an(32)
    return ("ZOOM_ACCOUNT_ID=%s\nZOOM_CLIENT_ID=%s\nZOOM_CLIENT_SECRET=%s  # room provisioning from Exchange resource mailboxes" % (an(22), an(22), s), s, "room provisioning")


@T("vendor-token", "jamf-pro-api-client-secret")
def _():
    s = rstr(_ALNUM + "-_", 64)
    return ("curl -s -X POST https://%s.jamfcloud.com/api/oauth/token -d client_id=%s -d grant_type=client_credentials -d client_secret=%s" % (tenant(), guid(), s), s, "jamfcloud.com/api/oauth/token")


@T("vendor-token", "freshservice-api-key-basic")
def _():
    k = an(20)
    return ("curl -u %s:X -H 'Content-Type: application/json' https://%s.freshservice.com/api/v2/tickets?filter=new_and_my_open" % (k, tenant()), k, "freshservice.com/api/v2/tickets")


@T("ci-and-deploy", "mecm-bootable-media-password")
def _():
    p = sq()
    return ("New-CMBootableMedia -MediaMode Dynamic -MediaType CdDvd -Path \\\\%s\\media$\\boot-%s.iso -AllowUnknownMachine -ManagementPoint (Get-CMManagementPoint -SiteCode %s) -MediaPassword (ConvertTo-SecureString -String '%s' -AsPlainText -Force) -DistributionPoint %s" % (host("FS"), date(), up(3), p, fqdn("MECM")), p, "-MediaMode Dynamic")


# ===========================================================================
# BENIGN look-alikes
# ===========================================================================

def sha1():
    return hx(40)


def sha256():
    return hx(64)


def cert_pem_public():
    body = "MII" + rstr("BCDEFG", 1) + rstr(_B64, rint(900, 1300))
    return "-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % wrap64(body)


def ssh_pub():
    return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + rstr(_B64, 43) + " " + uname(0) + "@" + host("JMP").lower()


# ---- command ---------------------------------------------------------------

@B("command")
def _():
    return "Get-LapsADPassword -Identity %s -AsPlainText | Select-Object ComputerName, PasswordUpdateTime, ExpirationTimestamp" % host()


@B("command")
def _():
    return "Set-ADAccountPassword -Identity %s -Reset -NewPassword (Read-Host -AsSecureString 'New password for %s')" % (uname(), ticket())


@B("command")
def _():
    d = dom(); h = host()
    return "$cred = Get-Credential %s\\%s; Enter-PSSession -ComputerName %s -Credential $cred" % (d[0], uname(3), h)


@B("command")
def _():
    return "Connect-MgGraph -TenantId %s -ClientId %s -CertificateThumbprint %s -NoWelcome" % (guid(), guid(), HX(40))


@B("command")
def _():
    return "az login --service-principal -u %s --certificate ~/certs/sp-intune-%s.pem --tenant %s" % (guid(), lo(4), guid())


@B("command")
def _():
    return "certutil -hashfile D:\\iso\\SW_DVD9_Win_Server_STD_CORE_2022_%s.iso SHA256" % dg(4)


@B("command")
def _():
    return "git revert --no-edit %s && git push origin HEAD:gpo-hotfix-%s" % (sha1(), lo(4))


@B("command")
def _():
    return "Get-FileHash -Algorithm SHA256 \\\\%s\\pkg$\\LAPS\\LAPS.x64.%s.msi | Format-List" % (host("FS"), dg(4))


@B("command")
def _():
    return "Install-ADServiceAccount -Identity gmsa-%s$ ; Test-ADServiceAccount -Identity gmsa-%s$" % ((lo(5),) * 2)


@B("command")
def _():
    d = dom(); g = lo(5)
    return "New-ADServiceAccount -Name gmsa-%s -DNSHostName gmsa-%s.%s -PrincipalsAllowedToRetrieveManagedPassword 'SQL-AG-Nodes-%s' -KerberosEncryptionType AES256" % (g, g, d[1], up(3))


@B("command")
def _():
    return "Add-KdsRootKey -EffectiveTime ((Get-Date).AddHours(-%d))   # lab only, prod waits for replication" % rint(10, 12)


@B("command")
def _():
    return "Reset-ComputerMachinePassword -Server %s -Credential (Get-Credential %s\\%s)" % (host("DC"), dom()[0], uname(3))


@B("command")
def _():
    return ".\\Reset-KrbTgt-Password-For-RWDCs-And-RODCs.ps1 -TargetDomain %s -Mode %d   # mode %d = simulation" % (dom()[1], rint(1, 4), rint(1, 4))


@B("command")
def _():
    return "az keyvault secret show --vault-name kv-idm-%s --name aadc-sync-account --query 'attributes.expires' -o tsv" % lo(5)


@B("command")
def _():
    return "vault kv get -field=password secret/windows/laps/%s | Set-Clipboard" % host().lower()


@B("command")
def _():
    return "cmdkey /list:TERMSRV/%s" % host("RDS")


@B("command")
def _():
    return "klist purge -li 0x3e7 && gpupdate /target:computer /force   # %s" % ticket()


@B("command")
def _():
    return 'net user %s /domain | findstr /i /c:"Password last set" /c:"Password expires"' % uname()


@B("command")
def _():
    return "Set-ADDefaultDomainPasswordPolicy -Identity %s -MinPasswordLength %d -ComplexityEnabled $true -LockoutThreshold %d -PasswordHistoryCount 24" % (dom()[1], ch([12, 14, 15, 16]), rint(5, 10))


@B("command")
def _():
    return "cat /run/secrets/acr_password | docker login acr%s.azurecr.io -u acr%s --password-stdin" % (lo(7), lo(7))


@B("command")
def _():
    return 'export AZURE_CLIENT_SECRET="$(az keyvault secret show --vault-name kv-ci-%s --name graph-app-secret --query value -o tsv)"' % lo(4)


@B("command")
def _():
    return "certutil -verifystore My %s" % hx(32)


@B("command")
def _():
    return "Get-ADUser -Filter 'PasswordNeverExpires -eq $true -and Enabled -eq $true' -SearchBase 'OU=Service Accounts,%s' | Measure-Object" % dn(dom())


@B("command")
def _():
    return "Invoke-Command -ComputerName %s -ScriptBlock { Get-LocalUser | Select Name, PasswordLastSet, PasswordRequired }" % host()


@B("command")
def _():
    return "docker pull mcr.microsoft.com/windows/servercore@sha256:%s" % sha256()


@B("command")
def _():
    return "setspn -S MSSQLSvc/%s:1433 %s\\gmsa-sql%s$" % (fqdn("SQL"), dom()[0], lo(3))


@B("command")
def _():
    return "Get-Secret -Name vcenter-administrator -Vault LocalStore -AsPlainText | Out-Null  # just checking it resolves"


# ---- tool-output -----------------------------------------------------------

@B("tool-output")
def _():
    u = uname()
    return "Name                 : %s\nPasswordLastSet      : %s\nPasswordNeverExpires : False\nPasswordExpired      : False\nbadPwdCount          : %d\npwdLastSet           : 13%s\nLockedOut            : False" % (u, usdate(), rint(0, 4), dg(16))


@B("tool-output")
def _():
    return "ComplexityEnabled           : True\nDistinguishedName           : %s\nLockoutDuration             : 00:%02d:00\nLockoutThreshold            : %d\nMaxPasswordAge              : %d.00:00:00\nMinPasswordLength           : %d\nPasswordHistoryCount        : 24\nReversibleEncryptionEnabled : False" % (dn(dom()), rint(10, 30), rint(5, 10), ch([0, 60, 90, 180, 365]), ch([12, 14, 16]))


@B("tool-output")
def _():
    return "Name                   : PSO-ServiceAccounts-%s\nPrecedence             : %d\nMinPasswordLength      : %d\nAppliesTo              : {CN=GG-ServiceAccounts,OU=Groups,%s}\nComplexityEnabled      : True" % (up(3), rint(1, 50), ch([20, 24, 25, 30]), dn(dom()))


@B("tool-output")
def _():
    h = host()
    return "ComputerName        : %s\nAccount             : Administrator\nPassword            : System.Security.SecureString\nPasswordUpdateTime  : %s\nExpirationTimestamp : %s\nSource              : EncryptedPassword\nDecryptionStatus    : Success" % (h, usdate(), usdate())


@B("tool-output")
def _():
    return "Currently stored credentials:\n\n    Target: Domain:target=TERMSRV/%s\n    Type: Domain Password\n    User: %s\\%s\n    Local machine persistence" % (host("RDS"), dom()[0], uname(3))


@B("tool-output")
def _():
    d = dom()
    return "#%d>\tClient: %s @ %s\n\tServer: krbtgt/%s @ %s\n\tKerbTicket Encryption Type: AES-256-CTS-HMAC-SHA1-96\n\tTicket Flags 0x40e10000 -> forwardable renewable initial pre_authent name_canonicalize\n\tSession Key Type: AES-256-CTS-HMAC-SHA1-96\n\tCache Flags: 0x1 -> PRIMARY" % (rint(0, 5), uname(), d[1].upper(), d[1].upper(), d[1].upper())


@B("tool-output")
def _():
    return "             AzureAdJoined : YES\n                  DeviceId : %s\n                Thumbprint : %s\n                  TenantId : %s\n                TenantName : %s\n             IsDeviceJoined : YES" % (guid(), HX(40), guid(), tenant())


@B("tool-output")
def _():
    return "Thumbprint                                Subject\n----------                                -------\n%s  CN=%s\n%s  CN=%s-Issuing-CA, DC=%s" % (HX(40), fqdn("ADFS"), HX(40), dom()[0], dom()[0].lower())


@B("tool-output")
def _():
    return "Cert Hash(sha1): %s\n  Key Container = te-%s-%s\n  Unique container name: %s_%s\n  Provider = Microsoft Software Key Storage Provider\nEncryption test passed" % (hx(40), lo(8), guid(), hx(32), guid())


@B("tool-output")
def _():
    return "\n".join("%s %s" % (hx(7), m) for m in _R.sample(["Add LAPS schema check", "Fix gMSA principal group", "Bump PowerCLI to 13.3", "Rotate SSPR cert reference", "Intune baseline: disable LM hash", "Move secrets to Key Vault refs", "DSC: use certificate-encrypted MOF", "Document krbtgt double reset"], 4))


@B("tool-output")
def _():
    return "REPOSITORY                      TAG       DIGEST                                                                    SIZE\nacr%s.azurecr.io/scim-bridge    %s   sha256:%s   %dMB" % (lo(7), date(), sha256(), rint(40, 400))


@B("tool-output")
def _():
    return '[\n  {\n    "customKeyIdentifier": null,\n    "displayName": "ci-%s",\n    "endDateTime": "%s",\n    "hint": "%s",\n    "keyId": "%s",\n    "secretText": null,\n    "startDateTime": "%s"\n  }\n]' % (lo(4), tsz(), an(3), guid(), tsz())


@B("tool-output")
def _():
    kv = "kv-entra-" + lo(5)
    return '[\n  {\n    "attributes": { "enabled": true, "expires": "%s" },\n    "contentType": "client-secret",\n    "id": "https://%s.vault.azure.net/secrets/graph-app-secret",\n    "managed": null,\n    "name": "graph-app-secret"\n  }\n]' % (tsz(), kv)


@B("tool-output")
def _():
    return "VaultName   : kv-ad-%s\nName        : dsrm-%s\nVersion     : %s\nId          : https://kv-ad-%s.vault.azure.net:443/secrets/dsrm/%s\nEnabled     : True\nSecretValue : System.Security.SecureString\nContentType : password" % (lo(6), host("DC").lower(), hx(32), lo(6), hx(32))


@B("tool-output")
def _():
    g = lo(5)
    return "DistinguishedName                          : CN=gmsa-%s,CN=Managed Service Accounts,%s\nEnabled                                    : True\nPrincipalsAllowedToRetrieveManagedPassword : {CN=SQL-AG-Nodes,OU=Groups,%s}\nSamAccountName                             : gmsa-%s$\nSID                                        : %s" % (g, dn(dom()), dn(dom()), g, sid())


@B("tool-output")
def _():
    return "AttributeOfWrongFormat :\nKeyValue               : {%s...}\nEffectiveTime          : %s\nCreationTime           : %s\nIsFormatValid          : True\nDomainController       : CN=%s,OU=Domain Controllers\nKeyId                  : %s" % (", ".join(str(rint(0, 255)) for _ in range(6)), usdate(), usdate(), host("DC"), guid())


@B("tool-output")
def _():
    d = dom()
    return "Flags: b0 HAS_IP  HAS_TIMESERV\nTrusted DC Name \\\\%s.%s\nTrusted DC Connection Status Status = 0 0x0 NERR_Success\nTrust Verification Status = 0 0x0 NERR_Success\nThe command completed successfully" % (host("DC").lower(), d[1])


@B("tool-output")
def _():
    return "%s\nDSA Options: IS_GC\nSite Options: (none)\nDSA object GUID: %s\nDSA invocationID: %s\n\n==== INBOUND NEIGHBORS ======================================\nDC=%s\n    Last attempt @ %s was successful." % (host("DC"), guid(), guid(), dom()[0], ts().replace("T", " "))


@B("tool-output")
def _():
    return "Algorithm       Hash                                                                   Path\n---------       ----                                                                   ----\nSHA256          %s       C:\\Install\\%s" % (HX(64), ch(["LAPS.x64.msi", "AzureADConnect.msi", "CitrixWorkspaceApp.exe", "VMware-PowerCLI.zip", "IntuneWinAppUtil.exe"]))


@B("tool-output")
def _():
    return 'vsphere_password = <sensitive>\nvm_ips = [\n  "%s",\n  "%s",\n]' % (ip(), ip())


@B("tool-output")
def _():
    return "NAME                 TYPE                                  DATA   AGE\ngraph-app            Opaque                                2      %dd\nkeycloak-ldap        Opaque                                2      %dd\ndefault-token-%s  kubernetes.io/service-account-token   3      %dd" % (rint(1, 300), rint(1, 300), lo(5), rint(1, 900))


@B("tool-output")
def _():
    return "========== Metadata ==========\nKey                     Value\n---                     -----\ncas_required            false\ncreated_time            %s\ncurrent_version         %d\nmax_versions            10\nupdated_time            %s" % (tsz(), rint(2, 40), tsz())


@B("tool-output")
def _():
    return "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '%s'.\nTrace ID: %s\nCorrelation ID: %s\nTimestamp: %s" % (guid(), guid(), guid(), ts().replace("T", " ") + "Z")


@B("tool-output")
def _():
    return "AADSTS50126: Error validating credentials due to invalid username or password.\nTrace ID: %s\nCorrelation ID: %s" % (guid(), guid())


@B("tool-output")
def _():
    return "256 SHA256:%s %s@%s (ED25519)" % (rstr(_B64, 43), uname(0), host("JMP").lower())


@B("tool-output")
def _():
    return ssh_pub()


@B("tool-output")
def _():
    return "SHA1 Fingerprint=%s" % ":".join(HX(2) for _ in range(20))


@B("tool-output")
def _():
    return cert_pem_public()


@B("tool-output")
def _():
    return "-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % wrap64("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + rstr(_B64, 348) + "IDAQAB")


@B("tool-output")
def _():
    return "-----BEGIN CERTIFICATE REQUEST-----\n%s\n-----END CERTIFICATE REQUEST-----" % wrap64("MIIC" + rstr(_B64, rint(700, 900)) + "=")


@B("tool-output")
def _():
    return "KeyProtectorId      : {%s}\nKeyProtectorType    : RecoveryPassword\nAutoUnlockProtector :\nRecoveryPassword    : (not shown -- use Get-BitLockerRecoveryKey with audit)" % GUID()


@B("tool-output")
def _():
    return '"node_modules/@azure/msal-node": {\n  "version": "2.%d.%d",\n  "resolved": "https://registry.npmjs.org/@azure/msal-node/-/msal-node-2.%d.%d.tgz",\n  "integrity": "sha512-%s=="\n}' % (rint(1, 16), rint(0, 9), rint(1, 16), rint(0, 9), rstr(_B64, 86))


@B("tool-output")
def _():
    return "ComputerName : %s\nSecureChannel: True\nTest-ComputerSecureChannel returned True for domain %s" % (host(), dom()[1])


@B("tool-output")
def _():
    return "ObjectGUID        : %s\nSID               : %s\nSamAccountName    : %s\nUserPrincipalName : %s" % (guid(), sid(), uname(), email())


# ---- config-file -----------------------------------------------------------

@B("config-file")
def _():
    kv = "kv-app-" + lo(5)
    return '"AzureAd": {\n  "TenantId": "%s",\n  "ClientId": "%s",\n  "ClientSecret": "@Microsoft.KeyVault(SecretUri=https://%s.vault.azure.net/secrets/graph-app-secret/)"\n}' % (guid(), guid(), kv)


@B("config-file")
def _():
    return "<AdministratorPassword>\n    <Value>*SENSITIVE*DATA*DELETED*</Value>\n    <PlainText>true</PlainText>\n</AdministratorPassword>\n<!-- %s Panther copy, scrubbed by setup -->" % host()


@B("config-file")
def _():
    return '<User clsid="{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}" name="LocalAdm" changed="%s %s" uid="{%s}"><Properties action="U" cpassword="" userName="LocalAdm" acctDisabled="1"/></User>' % (date(), hms(), GUID())


@B("config-file")
def _():
    return '<add name="CMReporting" connectionString="Server=%s;Database=CM_%s;Integrated Security=SSPI;Encrypt=True" providerName="System.Data.SqlClient" />' % (host("SQL"), up(3))


@B("config-file")
def _():
    return '"AzureAd": {\n  "ClientId": "%s",\n  "ClientSecret": "",\n  "ClientCertificates": [ { "SourceType": "StoreWithThumbprint", "CertificateStorePath": "LocalMachine/My", "CertificateThumbprint": "%s" } ]\n}' % (guid(), HX(40))


@B("config-file")
def _():
    return "# .env.example -- copy to .env and fill in\nAZURE_TENANT_ID=<tenant-guid>\nAZURE_CLIENT_ID=<app-guid>\nAZURE_CLIENT_SECRET=<your-client-secret>\nEXPORT_PATH=\\\\%s\\reports$" % host("FS")


@B("config-file")
def _():
    return 'variable "vsphere_password" {\n  type      = string\n  sensitive = true\n  description = "Password for %s, injected from Vault at plan time"\n}' % ch(["terraform@vsphere.local", "svc-tf@vsphere.local", "the vCenter automation account"]) + "\n# " + ticket()


@B("config-file")
def _():
    return 'ansible_user: "%s@%s"\nansible_password: "{{ vault_winrm_password }}"\nansible_connection: winrm\nansible_winrm_transport: kerberos' % (svc(), dom()[1].upper())


@B("config-file")
def _():
    return "services:\n  scim-bridge:\n    image: acr%s.azurecr.io/scim-bridge@sha256:%s\n    environment:\n      LDAP_PASSWORD_FILE: /run/secrets/ldap_bind_pw\n    secrets:\n      - ldap_bind_pw" % (lo(7), sha256())


@B("config-file")
def _():
    d = dom()
    return "[domain/%s]\nid_provider = ad\naccess_provider = ad\nkrb5_keytab = /etc/krb5.keytab\nldap_sasl_authid = %s$@%s\nad_gpo_access_control = enforcing" % (d[1], host("JMP").upper(), d[1].upper())


@B("config-file")
def _():
    d = dom()
    return "[libdefaults]\n  default_realm = %s\n  dns_lookup_kdc = true\n  default_tkt_enctypes = aes256-cts-hmac-sha1-96\n[realms]\n  %s = {\n    kdc = %s\n  }" % (d[1].upper(), d[1].upper(), fqdn("DC", d))


@B("config-file")
def _():
    return "@{\n    AllNodes = @(\n        @{\n            NodeName        = '%s'\n            CertificateFile = 'C:\\dsc\\certs\\%s.cer'\n            Thumbprint      = '%s'\n        }\n    )\n}" % (host("DC"), host("DC").lower(), HX(40))


@B("config-file")
def _():
    return "users:\n- name: aks-identity-prod\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: kubelogin\n      args: [get-token, --login, azurecli, --server-id, %s]" % guid()


@B("config-file")
def _():
    return '<packageSourceCredentials>\n  <Internal>\n    <add key="Username" value="build" />\n    <add key="ClearTextPassword" value="%%NUGET_PAT_%s%%" />\n  </Internal>\n</packageSourceCredentials>' % up(4)


@B("config-file")
def _():
    return "registry=https://pkgs.dev.azure.com/%s/_packaging/identity-ui/npm/registry/\n//pkgs.dev.azure.com/%s/_packaging/identity-ui/npm/registry/:_authToken=${NPM_TOKEN}" % ((tenant(),) * 2)


@B("config-file")
def _():
    return '[[servers]]\nhost = "%s"\nbind_dn = "%s@%s"\nbind_password = "$__env{LDAP_BIND_PASSWORD}"\nsearch_filter = "(sAMAccountName=%%s)"' % (fqdn("DC"), svc(), dom()[1])


@B("config-file")
def _():
    return '{\n  "@odata.type": "#microsoft.graph.windows81WifiImportConfiguration",\n  "displayName": "WIFI-CORP-8021X-%s",\n  "wifiSecurityType": "wpaEnterprise",\n  "preSharedKey": null,\n  "rootCertificateForServerValidation": { "id": "%s" }\n}' % (up(3), guid())


@B("config-file")
def _():
    return "@{\n    RootModule        = 'HelpdeskTools.psm1'\n    ModuleVersion     = '%d.%d.%d'\n    GUID              = '%s'\n    Author            = 'IT Identity Team'\n    FunctionsToExport = @('Reset-UserPassword', 'Get-PasswordExpiry', 'Unlock-UserAccount')\n}" % (rint(1, 4), rint(0, 20), rint(0, 99), guid())


@B("config-file")
def _():
    return 'Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n"AutoAdminLogon"="0"\n"DefaultPassword"=-\n; cleanup for %s' % ticket()


@B("config-file")
def _():
    return "[global]\nindex-url = https://pkgs.dev.azure.com/%s/_packaging/ops-py/pypi/simple/\nkeyring-provider = subprocess" % tenant()


@B("config-file")
def _():
    return "# PasswordPolicy.yml\nminimum_length: %d\nrequire_classes: 3\nhistory: 24\nmax_age_days: %d\nbanned_list: custom-%s.txt\nlockout_threshold: %d" % (ch([12, 14, 16]), ch([0, 90, 365]), date(), rint(5, 10))


@B("config-file")
def _():
    return '"parameters": {\n  "adminPassword": {\n    "reference": {\n      "keyVault": { "id": "/subscriptions/%s/resourceGroups/rg-kv/providers/Microsoft.KeyVault/vaults/kv-deploy-%s" },\n      "secretName": "vm-local-admin"\n    }\n  }\n}' % (guid(), lo(4))


@B("config-file")
def _():
    return "<AutoLogon>\n    <Password>\n        <Value></Value>\n        <PlainText>true</PlainText>\n    </Password>\n    <Enabled>false</Enabled>\n    <Username>%s</Username>\n</AutoLogon>" % ch(["Administrator", "kiosk", "lobby", "signage"]) + "<!-- " + guid() + " -->"


@B("config-file")
def _():
    return "spring.ldap.urls=ldaps://%s:636\nspring.ldap.username=${LDAP_BIND_DN}\nspring.ldap.password=${LDAP_BIND_PASSWORD}" % fqdn("DC")


@B("config-file")
def _():
    return "<appSettings>\n  <add key=\"LdapBindPassword\" value=\"\" /> <!-- set via App Service config: LdapBindPassword (KV ref) -->\n  <add key=\"BuildId\" value=\"%s\" />\n</appSettings>" % sha1()


# ---- source-code -----------------------------------------------------------

@B("source-code")
def _():
    return 'var clientSecret = builder.Configuration["AzureAd:ClientSecret"]\n    ?? throw new InvalidOperationException("AzureAd:ClientSecret missing (%s)");' % ticket()


@B("source-code")
def _():
    return "client_secret = os.environ[\"AZURE_CLIENT_SECRET\"]  # injected by the pipeline, never commit a value\ntenant_id = \"%s\"" % guid()


@B("source-code")
def _():
    return "var credential = new DefaultAzureCredential();\nvar kv = new SecretClient(new Uri(\"https://kv-ops-%s.vault.azure.net/\"), credential);\nKeyVaultSecret s = await kv.GetSecretAsync(\"ldap-bind\");" % lo(4)


@B("source-code")
def _():
    return "$secure = Read-Host -Prompt 'Temporary password for %s' -AsSecureString\nSet-ADAccountPassword -Identity %s -Reset -NewPassword $secure" % ((uname(),) * 2)


@B("source-code")
def _():
    return "$pw = Get-Secret -Name '%s' -Vault AzKV -AsPlainText\n$cred = [pscredential]::new('%s', (ConvertTo-SecureString $pw -AsPlainText -Force))" % (ch(["vcenter-admin", "ldap-bind", "sql-cm-report", "dsrm-lab"]) + "-" + lo(3), svc())


@B("source-code")
def _():
    return "private static readonly Regex PasswordRule = new Regex(@\"^(?=.*[A-Z])(?=.*[a-z])(?=.*\\d)(?=.*[^\\w\\s]).{%d,}$\");  // %s" % (ch([12, 14, 16]), ticket())


@B("source-code")
def _():
    return "function New-TempPassword {\n    param([int]$Length = %d)\n    -join ((48..57) + (65..90) + (97..122) | Get-Random -Count $Length | ForEach-Object { [char]$_ })\n}" % rint(14, 24)


@B("source-code")
def _():
    return "CREATE LOGIN [%s\\gmsa-%s$] FROM WINDOWS WITH DEFAULT_DATABASE = [CM_%s];" % (dom()[0], lo(5), up(3))


@B("source-code")
def _():
    return "EXEC sp_executesql N'ALTER LOGIN [cm_reporting] WITH PASSWORD = @p', N'@p nvarchar(128)', @p = @newPassword;  -- value comes from KV, %s" % ticket()


@B("source-code")
def _():
    return 'public const string ClientSecretSettingName = "AzureAd__ClientSecret";\npublic const string CertThumbprintSettingName = "AzureAd__CertificateThumbprint"; // %s' % guid()


@B("source-code")
def _():
    return "cache_key = hashlib.sha256(f\"{tenant_id}:{scope}\".encode()).hexdigest()  # e.g. %s" % sha256()


@B("source-code")
def _():
    return "if (string.IsNullOrEmpty(password)) throw new ArgumentException(\"password is required\", nameof(password)); // line %d" % rint(10, 900)


@B("source-code")
def _():
    return "assert resp.status_code == 401\nassert resp.json()['error'] == 'invalid_client'  # AADSTS7000215, trace %s" % guid()


@B("source-code")
def _():
    return "[ValidateScript({ $_.Length -ge %d })][securestring]$NewPassword" % ch([12, 14, 16])


@B("source-code")
def _():
    return "const tokenRequest = { scopes: ['https://graph.microsoft.com/.default'], correlationId: '%s' };" % guid()


@B("source-code")
def _():
    return "// Passwords are never logged: see RedactingEnricher (%s)\nLog.Information(\"Reset requested for {Upn}\", upn);" % sha1()[:12]


@B("source-code")
def _():
    return "static readonly Guid LapsPasswordAttributeSchemaGuid = new Guid(\"%s\");" % guid()


@B("source-code")
def _():
    return "password = getpass.getpass(f'Password for {user}@%s: ')" % dom()[1].upper()


# ---- stack-trace-or-log ----------------------------------------------------

@B("stack-trace-or-log")
def _():
    return "An account failed to log on.\nSubject:\n\tSecurity ID:\t\tS-1-0-0\nLogon Type:\t\t\t3\nAccount For Which Logon Failed:\n\tAccount Name:\t\t%s\nFailure Information:\n\tFailure Reason:\t\tUnknown user name or bad password.\n\tStatus:\t\t\t0xC000006D\n\tSub Status:\t\t0xC000006A" % uname()


@B("stack-trace-or-log")
def _():
    return "Event ID 4724: An attempt was made to reset an account's password.\nSubject: Security ID: %s  Account Name: %s\nTarget Account: Security ID: %s  Account Name: %s" % (sid(), uname(3), sid(), uname())


@B("stack-trace-or-log")
def _():
    return "Event ID 4769: A Kerberos service ticket was requested.\nService Name: %s\nTicket Encryption Type: 0x%s\nClient Address: ::ffff:%s\nLogon GUID: {%s}" % (svc(), ch(["12", "17", "17", "12", "23"]), ip(), guid())


@B("stack-trace-or-log")
def _():
    return "LDAP: error code 49 - 80090308: LdapErr: DSID-0C09%s, comment: AcceptSecurityContext error, data %s, v%s" % (HX(4), ch(["52e", "775", "532", "701", "773"]), hx(4))


@B("stack-trace-or-log")
def _():
    return "DEBUG:ldap3:BIND:request <{'version': 3, 'name': 'CN=%s,OU=Service Accounts', 'authentication': {'sasl': None, 'simple': '<stripped %d characters of sensitive data>'}}>" % (svc(), rint(8, 24))


@B("stack-trace-or-log")
def _():
    return cmtrace("Set a global environment variable OSDJoinPassword (value masked)", "TSManager")


@B("stack-trace-or-log")
def _():
    return "%s ##[command]az login --service-principal -u %s -p *** --tenant %s" % (tsz(), guid(), guid())


@B("stack-trace-or-log")
def _():
    return "%s Run Connect-VIServer -Server %s -User ${{ secrets.VC_USER }} -Password ***" % (tsz(), fqdn("VCSA"))


@B("stack-trace-or-log")
def _():
    return "%s %s POST /sspr/api/reset user=%s&newPassword=[REDACTED] 443 - %s - 200 0 0 %d" % (date(), hms(), uname(), ip(), rint(10, 900))


@B("stack-trace-or-log")
def _():
    return "%s warning vpxd[%05d] [Originator@6876 sub=User opID=%s] Failed to authenticate user <%s\\%s>" % (tsz(), rint(1000, 60000), hx(8), dom()[0], uname())


@B("stack-trace-or-log")
def _():
    return "The Kerberos client received a KRB_AP_ERR_MODIFIED error from the server %s$. The target name used was HTTP/%s. (Event 4, Kerberos-Key-Distribution-Center)" % (host(), fqdn("WAP"))


@B("stack-trace-or-log")
def _():
    return "HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Bearer realm=\"\", authorization_uri=\"https://login.microsoftonline.com/common/oauth2/authorize\", client_id=\"00000003-0000-0000-c000-000000000000\", error=\"invalid_token\"\nrequest-id: %s\nclient-request-id: %s" % (guid(), guid())


@B("stack-trace-or-log")
def _():
    return "x-ms-request-id: %s\nx-ms-ags-diagnostic: {\"ServerInfo\":{\"DataCenter\":\"West Europe\",\"Slice\":\"E\",\"Ring\":\"5\",\"ScaleUnit\":\"%03d\"}}" % (guid(), rint(0, 999))


@B("stack-trace-or-log")
def _():
    return "System.Security.Authentication.AuthenticationException: The remote certificate is invalid according to the validation procedure: RemoteCertificateNameMismatch\n   at System.Net.Security.SslStream.SendAuthResetSignal(...)\n   thumbprint=%s" % HX(40)


@B("stack-trace-or-log")
def _():
    return "%s [WRN] Password for {Upn} expires in {Days} days -> %s, %d" % (ts(), email(), rint(1, 14))


@B("stack-trace-or-log")
def _():
    return "traceparent: 00-%s-%s-01" % (hx(32), hx(16))


@B("stack-trace-or-log")
def _():
    return "%s [INF] Cache hit for token key %s (tenant %s), expires %s" % (ts(), sha256()[:44], guid(), tsz())


@B("stack-trace-or-log")
def _():
    return "Login failed for user '%s'. Reason: Password did not match that for the login provided. [CLIENT: %s]" % (ch(["sa", "cm_reporting", "hris_sync", "idstore"]), ip())


@B("stack-trace-or-log")
def _():
    return "%s info sshd[%d]: Accepted publickey for root from %s port %d ssh2: ED25519 SHA256:%s" % (ts(), rint(1000, 99999), ip(), rint(30000, 65000), rstr(_B64, 43))


@B("stack-trace-or-log")
def _():
    return "%s  %s  %s : default UI CMD_EXECUTED %d 0 :  User nsroot - Remote_ip %s - Command \"set system user ctx-monitor -password ********\" - Status \"Done\"" % (ts(), ip(), date(), rint(100000, 999999), ip())


@B("stack-trace-or-log")
def _():
    return "Traceback (most recent call last):\n  File \"/opt/adsync/sync.py\", line %d, in main\n    creds = load_creds(vault_path='secret/ad/%s')\nKeyError: 'password'" % (rint(10, 300), svc())


@B("stack-trace-or-log")
def _():
    return cmtrace("Successfully completed the task sequence. Package %s00%s, deployment %s" % (up(3), dg(3), up(3) + dg(5)), "TSManager")


# ---- note-or-chat ----------------------------------------------------------

@B("note-or-chat")
def _():
    return "Reminder from %s: new passwords must be at least %d characters, no reuse of the last 24, and we block the %s banned-word list. Passphrases welcome!" % (ch(_FIRST), ch([14, 15, 16]), tenant())


@B("note-or-chat")
def _():
    return "Rotated the client secret for '%s' (%s); new value is only in kv-entra-%s under graph-app-secret, old one expires %s." % (ch(["Intune-Inventory", "HR-Provisioning", "SSPR-Backend", "EXO-Automation"]), guid(), lo(5), date())


@B("note-or-chat")
def _():
    return "%s: please don't paste passwords into Teams, use a Passbolt share link or the 'Send secure' button. Thanks! (%s)" % (ch(_FIRST), ticket())


@B("note-or-chat")
def _():
    return "LAPS pw for %s: pulled it with Get-LapsADPassword, didn't copy it anywhere; it rotates again on %s." % (host(), date())


@B("note-or-chat")
def _():
    return "Heads-up: client secret for app %s expires %s (hint '%s'), owner %s. Plan to switch it to a certificate credential." % (guid(), date(), an(3), email())


@B("note-or-chat")
def _():
    return "Helpdesk rule: before any reset, verify the caller with employee ID + manager callback. Never read a password out over the phone to anyone but the user (%s)." % ticket()


@B("note-or-chat")
def _():
    return "krbtgt plan: reset #1 on %s, wait at least 10h (max ticket lifetime + clock skew), reset #2 on %s. Monitor event 4769 failures in between." % (date(), date())


@B("note-or-chat")
def _():
    return "%s: where's the vcenter root pw?\n%s: Keeper -> Infra -> vCenter -> %s, not pasting it here" % (nick(), nick(), fqdn("VCSA"))


@B("note-or-chat")
def _():
    return "%s: pw: ******** (masked in the screenshot, see %s)" % (nick(), ticket())


@B("note-or-chat")
def _():
    return "Found an old token in the wiki, looked like ghp_******************************%s — already revoked by %s." % (an(4), ch(_FIRST))


@B("note-or-chat")
def _():
    return "%s: Das Passwort liegt im Tresor unter 'AD/Servicekonten/%s', bitte nicht in den Chat kopieren." % (ch(["Jonas", "Greta", "Stefan"]), svc())


@B("note-or-chat")
def _():
    return "%s: le mot de passe est dans le coffre (%s), je ne le mets pas ici." % (ch(["Chloe", "Hugo", "Ines"]), svc())


@B("note-or-chat")
def _():
    return "佐藤: %s のパスワードは保管庫に入れました。チャットには貼りません。(%s)" % (svc(), ticket())


@B("note-or-chat")
def _():
    return "Mateo: la contraseña de %s está en el KeePass compartido, entrada %s." % (svc(), ticket())


@B("note-or-chat")
def _():
    return "Decision (%s): stop storing DSRM passwords in the spreadsheet; each DC's DSRM goes to Key Vault as dsrm-<dcname>, rotated quarterly via runbook." % date()


@B("note-or-chat")
def _():
    return "Goal: find every GPP cpassword left in SYSVOL (%s) and delete those preference items; MS14-025 removed the UI but not old XML." % dom()[1]


@B("note-or-chat")
def _():
    return "Summary: %d service accounts have PasswordNeverExpires=True; %d are candidates for gMSA. List in \\\\%s\\reports$\\svc-audit-%s.csv." % (rint(20, 200), rint(5, 60), host("FS"), date())


@B("note-or-chat")
def _():
    return "Note: the GUID %s in the portal is the secret's Key ID, not the secret. The value is only shown once at creation." % guid()


@B("note-or-chat")
def _():
    return "Password spray alert from Entra ID Protection at %s: %d users targeted from %s, no successful sign-ins. Smart lockout held." % (hm(), rint(10, 900), ip())


@B("note-or-chat")
def _():
    return "Call notes: user %s says 'my password is not working' — it expired %s. Walked her through SSPR at aka.ms/sspr; no reset by us." % (uname(), date())


@B("note-or-chat")
def _():
    return "TODO: replace basic auth (user:password) on the scan-to-email relay with OAuth; tracking in %s." % ticket()


@B("note-or-chat")
def _():
    return "%s: token: xoxb-****-****-%s (last four only, for the audit)" % (nick(), an(4))


@B("note-or-chat")
def _():
    return "Audit finding %s: %d helpdesk staff could read ms-Mcs-AdmPwd on OU=Servers. Fixed by removing 'All extended rights' from GG-Helpdesk." % (ticket(), rint(2, 40))


# ---- ci-and-deploy ---------------------------------------------------------

@B("ci-and-deploy")
def _():
    return "env:\n  AZURE_CLIENT_ID: ${{ secrets.AZURE_CLIENT_ID }}\n  AZURE_CLIENT_SECRET: ${{ secrets.AZURE_CLIENT_SECRET }}\n  AZURE_TENANT_ID: %s" % guid()


@B("ci-and-deploy")
def _():
    return "variables:\n- group: vg-identity-%s\n- name: vcenterServer\n  value: %s\n# vcenterPassword comes from the variable group as $(vcenterPassword)" % (lo(4), fqdn("VCSA"))


@B("ci-and-deploy")
def _():
    return "script:\n  - ./scripts/ldap-smoke.sh --bind-dn \"$LDAP_BIND_DN\" --bind-pw \"$LDAP_BIND_PW\" --host %s" % fqdn("DC")


@B("ci-and-deploy")
def _():
    return "withCredentials([usernamePassword(credentialsId: 'vcenter-%s', usernameVariable: 'VI_USER', passwordVariable: 'VI_PASS')]) {\n  pwsh './Deploy-Vda.ps1 -Count %d'\n}" % (lo(4), rint(2, 40))


@B("ci-and-deploy")
def _():
    return "- uses: azure/login@v2\n  with:\n    client-id: %s\n    tenant-id: %s\n    subscription-id: %s" % (guid(), guid(), guid())


@B("ci-and-deploy")
def _():
    return "terraform apply -auto-approve -var-file=env/prod.tfvars -var-file=secrets.auto.tfvars -target=module.rds_%s" % lo(4)


@B("ci-and-deploy")
def _():
    return "helm upgrade --install keycloak bitnami/keycloak -n iam --set ldap.existingSecret=keycloak-ldap --set image.digest=sha256:%s" % sha256()


@B("ci-and-deploy")
def _():
    return "kubectl -n intune-sync create secret generic graph-app --from-file=client-secret=./client-secret.txt --dry-run=client -o yaml > sealed/%s.yaml" % lo(6)


@B("ci-and-deploy")
def _():
    return "docker build --secret id=nuget,src=$HOME/.nuget/pat -t acr%s.azurecr.io/sspr-web:%s ." % (lo(6), sha1()[:12])


@B("ci-and-deploy")
def _():
    return "subject: repo:%s/intune-as-code:ref:refs/heads/main\nissuer: https://token.actions.githubusercontent.com\naudiences: [api://AzureADTokenExchange]\nobjectId: %s" % (tenant(), guid())


@B("ci-and-deploy")
def _():
    return "@secure()\nparam adminPassword string\n\n@description('Key Vault %s holds the real value')\nparam kvName string = 'kv-deploy-%s'" % (guid(), lo(4))


@B("ci-and-deploy")
def _():
    return "- task: AzureKeyVault@2\n  inputs:\n    azureSubscription: 'sc-identity-prod'\n    KeyVaultName: 'kv-ci-%s'\n    SecretsFilter: 'vcenterPassword,ldapBindPassword'\n    RunAsPreJob: true" % lo(4)


@B("ci-and-deploy")
def _():
    return "image: mcr.microsoft.com/powershell@sha256:%s\nbuild_id: %d\ncommit: %s" % (sha256(), rint(10000, 999999), sha1())


@B("ci-and-deploy")
def _():
    return "New-CMDeviceCollectionVariable -CollectionName 'OSD - %s' -VariableName OSDJoinPassword -Value $joinPw -IsMask $true" % ch(["Windows 11 23H2", "Windows 11 24H2", "Server 2022", "Kiosk"])


@B("ci-and-deploy")
def _():
    return "gh secret set AZURE_CLIENT_SECRET --repo %s/intune-as-code < ./secret.txt && shred -u ./secret.txt  # %s" % (tenant(), ticket())


@B("ci-and-deploy")
def _():
    return "##[section]Starting: Download secrets: kv-ci-%s\nSecrets filter: vcenterPassword\nDownloading secret value for: vcenterPassword.\n##[section]Finishing: Download secrets" % lo(4)


@B("ci-and-deploy")
def _():
    return "publish:\n  script:\n    - Publish-Module -Path ./out/HelpdeskTools -NuGetApiKey $env:PSGALLERY_API_KEY -Repository PSGallery\n  rules:\n    - if: $CI_COMMIT_TAG =~ /^v%d\\./" % rint(1, 5)


@B("ci-and-deploy")
def _():
    return "pulumi config set --secret vsphere:password  # value read from stdin, stored encrypted in Pulumi.%s.yaml" % ch(["prod", "test", "lab", "dev"]) + " " + ticket()


@B("ci-and-deploy")
def _():
    return "signtool.exe sign /sha1 %s /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 out\\HelpdeskTool.exe" % HX(40)


@B("ci-and-deploy")
def _():
    return "AzureSignTool sign -kvu https://kv-codesign-%s.vault.azure.net -kvm -kvc codesign-2025 -tr http://timestamp.digicert.com out\\*.msi  # managed identity, no secret" % lo(4)


@B("ci-and-deploy")
def _():
    return "parameters:\n- name: domainJoinPassword\n  type: string\n  default: ''   # must be provided at queue time from the KV-linked group (%s)" % ticket()


# ---- vendor-token look-alikes ----------------------------------------------

@B("vendor-token")
def _():
    return "GITHUB_TOKEN=<your-token-here>  # %s" % ch(["needs repo scope", "fine-grained, read-only", "see CONTRIBUTING.md", "ask platform team"])


@B("vendor-token")
def _():
    return "SLACK_BOT_TOKEN=xoxb-REPLACE-ME\nSLACK_CHANNEL=#it-%s-alerts" % ch(["identity", "intune", "citrix", "vmware", "pki"]) + "-" + lo(3)


@B("vendor-token")
def _():
    return "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE   # docs example key, used in the README (%s)" % ticket()


@B("vendor-token")
def _():
    return "DefaultEndpointsProtocol=https;AccountName=st%s;AccountKey=<storage-account-key>;EndpointSuffix=core.windows.net" % lo(10)


@B("vendor-token")
def _():
    return "https://st%s.blob.core.windows.net/gpo-backups/%s.zip  (no SAS, container is private; use az storage blob download --auth-mode login)" % (lo(10), date())


@B("vendor-token")
def _():
    return "Ocp-Apim-Subscription-Key: {{subscriptionKey}}\nx-correlation-id: %s" % guid()


@B("vendor-token")
def _():
    return "Authorization: Bearer <access_token>\nclient-request-id: %s" % guid()


@B("vendor-token")
def _():
    return "VAULT_TOKEN=$(vault login -method=oidc -token-only role=%s)" % ch(["identity-admins", "windows-ops", "pki-operators", "citrix-team"])


@B("vendor-token")
def _():
    return "npm config set //registry.npmjs.org/:_authToken ${NPM_TOKEN}  # %s" % sha1()[:10]


@B("vendor-token")
def _():
    return "Application (client) ID: %s\nDirectory (tenant) ID: %s\nObject ID: %s" % (guid(), guid(), guid())


@B("vendor-token")
def _():
    return "sk_live_****************%s (Stripe dashboard shows only the last 4)" % an(4)


@B("vendor-token")
def _():
    return "[duo]\nikey = DI%s\nskey = ${DUO_SKEY}\napi_host = api-%s.duosecurity.com" % (up(18), lo(8))


@B("vendor-token")
def _():
    return "TWILIO_ACCOUNT_SID=AC%s\nTWILIO_AUTH_TOKEN=   # in vault: secret/sspr/twilio" % hx(32)


@B("vendor-token")
def _():
    return "age1%s" % rstr("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58)


@B("vendor-token")
def _():
    return "Key Vault reference: @Microsoft.KeyVault(VaultName=kv-app-%s;SecretName=sendgrid-api-key)" % lo(5)


@B("vendor-token")
def _():
    return "Okta org: https://%s.okta.com  | API token name: 'helpdesk-unlock-%s' | created %s | value not retrievable after creation" % (tenant(), lo(3), date())


# ===========================================================================
# assembly
# ===========================================================================

_PER_GROUP = 186
_BENIGN_TARGET = 950


def _build_secrets():
    by_group = {}
    for g, f, fn in _TEMPLATES:
        by_group.setdefault(g, []).append((f, fn))
    out = []
    seen = set()
    for g in ["command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
              "note-or-chat", "ci-and-deploy", "vendor-token"]:
        items = by_group[g]
        n = len(items)
        base, extra = divmod(_PER_GROUP, n)
        for i, (f, fn) in enumerate(items):
            want = min(3, base + (1 if i < extra else 0))
            got = tries = 0
            while got < want and tries < 60:
                tries += 1
                text, secret, visible = fn()
                if secret in seen:
                    continue
                seen.add(secret)
                out.append((g, f, text, secret, visible))
                got += 1
    return out


def _build_benign(secrets):
    long_secrets = [s[3] for s in secrets if len(s[3]) >= 8]
    out = []
    seen = set()
    rounds = 0
    while len(out) < _BENIGN_TARGET and rounds < 40:
        rounds += 1
        for _g, fn in _BENIGN_T:
            if len(out) >= _BENIGN_TARGET:
                break
            s = fn()
            if s in seen or any(x in s for x in long_secrets):
                continue
            seen.add(s)
            out.append(s)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)
