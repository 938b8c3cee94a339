"""Blind hold-out corpus #87 for a secret-redaction engine.

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
Internet service providers, WISPs and telecom network operations: RADIUS
and TACACS+, PPPoE subscriber credentials, BGP and OSPF authentication,
GPON OLT/ONT provisioning, DOCSIS cable modem configs, TR-069 / ACS,
MikroTik RouterOS, Ubiquiti, Cambium, Juniper and Cisco IOS/IOS-XR
configs, SNMP, NetFlow collectors, billing and provisioning systems, field
technicians' notes; text in English, Brazilian Portuguese, Spanish,
Indonesian and Turkish.

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
Blind, with the engine of the session that read it, before any rule from it: recall 0.875
(1,309 of 1,496) and false positives 38 of 950 (4.0%). Tuned on since by classes (IOS, IOS-XR,
Junos and Nokia keys and communities after their type, GPON ONU passwords, SNMP communities in code
and logs, TR-069 parameters, FreeRADIUS' test tools and tables, Go's and Rust's secret fields,
Spring's debug log, RANCID's .cloginrc, wireless passphrases of words, Portuguese, Indonesian and
Turkish passwords after their word, a key or community a protocol's name states in prose, Zabbix's
login token): 0.952 (1,424) and 35 (3.7%).
"""

import base64
import json
import random
import string

SEED = 1609010
_R = random.Random(SEED)

_LO = string.ascii_lowercase
_UP = string.ascii_uppercase
_DG = string.digits
_AN = _LO + _UP + _DG
_HX = "0123456789abcdef"
_UX = "0123456789ABCDEF"
_URLC = _AN + "-_"
_SYM = "@*-_.+!"
_GROUPS = ("command", "tool-output", "config-file", "source-code",
           "stack-trace-or-log", "note-or-chat", "ci-and-deploy",
           "vendor-token")
_PER_GROUP = 187
_N_BENIGN = 950


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _n(a, b):
    return _R.randint(a, b)


def _c(seq):
    return seq[_R.randrange(len(seq))]


def _hex(n):
    return _s(_HX, n)


def _uhex(n):
    return _s(_UX, n)


def _an(n):
    return _s(_AN, n)


def _lan(n):
    return _s(_LO + _DG, n)


def _uan(n):
    return _s(_UP + _DG, n)


def _dig(n):
    return _c("123456789") + _s(_DG, n - 1)


def _bytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(nbytes):
    return base64.b64encode(_bytes(nbytes)).decode()


def _b64u(nbytes):
    return base64.urlsafe_b64encode(_bytes(nbytes)).decode().rstrip("=")


def _b64t(text):
    return base64.b64encode(text.encode()).decode()


def _b64ut(text):
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def _uuid():
    h = _hex(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _c("89ab"),
                                  h[17:20], h[20:])


def _mix(chars):
    lst = list(chars)
    _R.shuffle(lst)
    return "".join(lst)


def _rpw(lo=10, hi=18, sym=_SYM):
    n = _n(lo, hi)
    body = _an(n - 3) + _c(sym) + _c(_DG) + _c(_UP)
    p = _mix(body)
    while p[0] in sym:
        p = _mix(body)
    return p


def _upw(lo=10, hi=18):
    """random password that is safe inside URLs and unquoted shell."""
    n = _n(lo, hi)
    return _mix(_an(n - 2) + _c("-_.") + _c(_DG)).strip("-_.") + _c(_DG) + _c(_LO)


_WORDS = {
    "pt": ["fibra", "provedor", "internet", "conexao", "torre", "rede", "sinal",
           "roteador", "suporte", "banda", "nuvem", "gaviao", "caju", "jabuti",
           "araucaria", "pinhao", "chimarrao", "sertao", "farol", "mandacaru"],
    "es": ["enlace", "antena", "cielo", "tigre", "montana", "condor", "volcan",
           "quetzal", "nopal", "cafetal", "llanura", "pampa", "colibri"],
    "id": ["jaringan", "menara", "sinyal", "rumah", "kantor", "cepat", "merdeka",
           "garuda", "kopi", "rendang", "bromo", "komodo", "melati", "cendana"],
    "tr": ["kule", "sinyal", "guclu", "hizli", "bulut", "deniz", "aslan",
           "kahve", "lale", "kartal", "poyraz", "yildiz", "simit", "marmara"],
    "en": ["tower", "fiber", "uplink", "backbone", "summit", "falcon", "river",
           "copper", "orbit", "granite", "harbor", "lantern", "meadow"],
}
_ALLW = [w for v in _WORDS.values() for w in v]
_LEET = {"a": "4", "e": "3", "o": "0", "i": "1", "s": "$"}


def _hpw(lang=None):
    ws = _WORDS[lang] if lang else _ALLW
    w = _c(ws)
    k = _n(0, 5)
    if k == 0:
        p = w.capitalize() + _c("@#.!_") + str(_n(2000, 2025))
    elif k == 1:
        p = w + _c(ws) + str(_n(10, 999))
    elif k == 2:
        p = "".join(_LEET.get(ch, ch) if _R.random() < 0.5 else ch for ch in w)
        p = p.capitalize() + _c("@!*") + str(_n(1, 99)).zfill(2)
    elif k == 3:
        p = w.capitalize() + _c(ws).capitalize() + str(_n(1, 9999))
    elif k == 4:
        p = w + "_" + _c(_SITES).lower() + str(_n(2018, 2025))
    else:
        p = w.upper()[:1] + w[1:] + str(_n(100, 99999)) + _c("!@")
    while len(p) < 8:
        p += _c(_DG)
    return p


def _pw():
    return _hpw() if _R.random() < 0.45 else _rpw()


def _psk():
    r = _R.random()
    if r < 0.4:
        return _hpw() + str(_n(0, 9))
    if r < 0.7:
        return _an(_n(12, 24))
    return "%s %s %s %d" % (_c(_ALLW), _c(_ALLW), _c(_ALLW), _n(10, 99))


def _comm():
    r = _R.random()
    if r < 0.35:
        return _c(["noc", "nms", "mon", "zbx", "cacti", "lnms", "snmp"]) + \
            _c(["_ro_", "-ro-", "Read", "_rw_", "RW"]) + _lan(_n(5, 9))
    if r < 0.6:
        return _hpw()
    return _an(_n(12, 20))


def _key():
    return _an(_n(10, 20)) if _R.random() < 0.6 else _hpw()


def _t7():
    return "%02d" % _n(0, 15) + _uhex(2 * _n(7, 14))


def _j9():
    return "$9$" + _s(_AN + "./-", _n(22, 44))


def _jwt(claims=None):
    head = _b64ut(json.dumps({"alg": _c(["HS256", "RS256"]), "typ": "JWT"},
                             separators=(",", ":")))
    body = claims or {"sub": str(_n(1000, 99999)), "iat": _n(1700000000, 1730000000),
                      "role": _c(["admin", "noc", "tecnico", "api"])}
    pl = _b64ut(json.dumps(body, separators=(",", ":")))
    return "%s.%s.%s" % (head, pl, _b64u(32))


def _pem_body(nbytes):
    raw = _b64(nbytes)
    return "\n".join(raw[i:i + 64] for i in range(0, len(raw), 64))


_SITES = ["POA", "CWB", "FLN", "REC", "FOR", "BSB", "MAO", "BEL", "SSA", "VIX",
          "GDL", "MTY", "QRO", "BOG", "MDE", "LIM", "SCL", "COR", "ROS", "MVD",
          "JKT", "SBY", "BDG", "MDN", "DPS", "SMG", "MKS", "IST", "ANK", "IZM",
          "BRS", "ADA", "AYT", "KON", "LDN", "DAL", "ATL", "DEN"]
_CITIES = ["Caxias do Sul", "Pelotas", "Chapecó", "Maringá", "Juazeiro",
           "Campina Grande", "Uberlândia", "Sorocaba", "Petrolina", "Itajaí",
           "Guadalajara", "Querétaro", "Medellín", "Cali", "Arequipa",
           "Rosario", "Temuco", "Surabaya", "Bandung", "Medan", "Denpasar",
           "Semarang", "Makassar", "Bursa", "Konya", "Eskişehir", "Antalya",
           "Kayseri", "Tulsa", "Boise", "Leeds"]
_FIRST = ["joao", "marcos", "ana", "lucas", "fernanda", "rafael", "juliana",
          "thiago", "diego", "lucia", "carlos", "sofia", "mateo", "valentina",
          "camila", "budi", "sari", "agus", "dewi", "rizky", "putri", "wahyu",
          "mehmet", "ayse", "emre", "zeynep", "burak", "elif", "can", "james",
          "sarah", "kevin", "megan", "priya", "tomas"]
_LAST = ["silva", "souza", "oliveira", "pereira", "costa", "almeida",
         "ferreira", "garcia", "martinez", "lopez", "rodriguez", "fernandez",
         "santoso", "wijaya", "pratama", "saputra", "hidayat", "yilmaz", "kaya",
         "demir", "sahin", "celik", "ozturk", "arslan", "walker", "reed",
         "nakamura"]
_SYL = ["vel", "fib", "lin", "tel", "nova", "rap", "ida", "sul", "nor", "ter",
        "con", "mag", "vi", "sat", "tron", "jaya", "nus", "tara", "dolu", "kar",
        "tek", "via", "onda", "max", "giga", "lux", "mar", "pla", "zen", "qua",
        "ret", "ubi", "sir", "ko", "ne", "ax", "bel", "cum", "dra", "ino"]
_TLD = ["net.br", "com.br", "net", "com.ar", "com.mx", "net.id", "co.id",
        "com.tr", "net.tr", "com.co", "cl", "pe", "net.uy", "io", "com"]
_SUFX = ["net", "fibra", "telecom", "link", "wifi", "online", "nett", "com",
         "tel", "air", "wisp", "internet"]


def _mkisp():
    base = "".join(_c(_SYL) for _ in range(_n(2, 3)))
    return base + _c(_SUFX) + "." + _c(_TLD)


_ISPS = [_mkisp() for _ in range(60)]
_ROLES = ["bng", "bras", "olt", "cmts", "pe", "p", "rr", "cr", "agg", "acs",
          "radius", "tacacs", "nms", "zbx", "librenms", "billing", "prov",
          "ccr", "oxidized", "netflow", "dns", "dhcp", "noc", "jump",
          "bastion", "uisp", "cnm", "mx", "asr", "ne8k"]
_VENDOR_OLTS = ["MA5800-X7", "MA5608T", "C300", "C600", "AN5516-06",
                "V1600G", "7360 ISAM FX", "E7-2"]
_PLANS = ["FIBRA-300M", "FIBRA-600M", "PLANO-100M", "RADIO-20M", "HOME-50M",
          "EMPRESA-1G", "NET-200", "PAKET-30M", "PAKET-50M", "EV-100M",
          "FIBER-500", "PLAN-25M"]


def _dom():
    return _c(_ISPS)


def _site():
    return _c(_SITES)


def _city():
    return _c(_CITIES)


def _host(role=None, dom=None):
    r = role or _c(_ROLES)
    return "%s%02d.%s.%s" % (r, _n(1, 12), _site().lower(), dom or _dom())


def _short(role=None):
    return "%s-%s-%02d" % (role or _c(_ROLES), _site().lower(), _n(1, 12))


def _ip():
    k = _n(0, 6)
    if k == 0:
        return "10.%d.%d.%d" % (_n(0, 254), _n(0, 254), _n(1, 254))
    if k == 1:
        return "100.%d.%d.%d" % (_n(64, 127), _n(0, 254), _n(1, 254))
    if k == 2:
        return "172.%d.%d.%d" % (_n(16, 31), _n(0, 254), _n(1, 254))
    if k == 3:
        return "192.168.%d.%d" % (_n(0, 254), _n(1, 254))
    if k == 4:
        return "203.0.113.%d" % _n(1, 254)
    if k == 5:
        return "198.51.100.%d" % _n(1, 254)
    return "192.0.2.%d" % _n(1, 254)


def _ip6():
    return "2001:db8:%x:%x::%x" % (_n(0, 65535), _n(0, 65535), _n(1, 65535))


def _asn():
    return _c([_n(64512, 65534), _n(4200000000, 4294967294)])


def _pubasn():
    return _n(26000, 270000)


def _person():
    return _c(_FIRST), _c(_LAST)


def _uname():
    f, l = _person()
    k = _n(0, 3)
    if k == 0:
        return f[0] + l
    if k == 1:
        return f + "." + l
    if k == 2:
        return f + "_" + l[:3]
    return "noc-" + f


def _fullname():
    f, l = _person()
    return f.capitalize() + " " + l.capitalize()


def _ppp_user(dom=None):
    k = _n(0, 4)
    f, l = _person()
    if k == 0:
        return "%s.%s@%s" % (f, l, (dom or _dom()).split(".")[0])
    if k == 1:
        return "cliente%d" % _n(1000, 999999)
    if k == 2:
        return "%s%d" % (f, _n(10, 9999))
    if k == 3:
        return "08%d@%s" % (_n(100000000, 999999999), (dom or _dom()).split(".")[0])
    return "%s_%s%d" % (f, l[:4], _n(1, 99))


def _ssid():
    return _c(["Fibra", "NET", "WiFi", "Casa", "Rumah", "Ev", "Hogar", "Home",
               "Loja", "Toko", "Oficina"]) + _c(["_", "-", " "]) + \
        _c([_c(_LAST).capitalize(), _uhex(4), str(_n(10, 999)), "5G"])


def _date():
    return "%04d-%02d-%02d" % (_n(2022, 2025), _n(1, 12), _n(1, 28))


def _time():
    return "%02d:%02d:%02d" % (_n(0, 23), _n(0, 59), _n(0, 59))


def _ts():
    return "%sT%s.%03dZ" % (_date(), _time(), _n(0, 999))


def _syslogts():
    return "%s %2d %s" % (_c(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul",
                               "Aug", "Sep", "Oct", "Nov", "Dec"]),
                          _n(1, 28), _time())


def _mac(sep=":"):
    return sep.join(_uhex(2) for _ in range(6))


def _gpon_sn():
    return _c(["HWTC", "ZTEG", "FHTT", "ALCL", "TPLG", "GPON", "CIOT"]) + _uhex(8)


def _fsp():
    return "0/%d/%d" % (_n(1, 16), _n(0, 15))


# ---------------------------------------------------------------- registry
_TPL = {g: [] for g in _GROUPS}
_FMTS = set()


def _t(group, fmt):
    def deco(fn):
        assert group in _TPL, group
        assert fmt not in _FMTS, fmt
        _FMTS.add(fmt)
        _TPL[group].append((fmt, fn))
        return fn
    return deco


# ====================================================================
# group: command
# ====================================================================
_G = "command"


def _pr():
    return _c(["$ ", "# ", "", "noc@jump01:~$ ", "root@%s:~# " % _short("nms"), "> "])


@_t(_G, "sshpass-ssh-inline-password")
def _():
    p, h = _upw(), _host("olt")
    return (f"{_pr()}sshpass -p '{p}' ssh -o StrictHostKeyChecking=no admin@{h}", p, h)


@_t(_G, "radtest-user-password-positional")
def _():
    u, p, ip = _ppp_user(), _pw(), _ip()
    return (f"{_pr()}radtest {u} '{p}' {ip} 0 {_an(14)}", p, u)


@_t(_G, "radtest-nas-secret-positional")
def _():
    u, s, ip = _ppp_user(), _key(), _ip()
    return (f"{_pr()}radtest -t pap teste.noc teste123 {ip}:1812 10 '{s}'", s, ip)


@_t(_G, "radclient-pipe-shared-secret")
def _():
    u, s, ip = _ppp_user(), _rpw(12, 24), _ip()
    return (f'{_pr()}echo "User-Name={u},User-Password=x,NAS-IP-Address={_ip()}" | radclient -x {ip}:1812 auth \'{s}\'', s, u)


@_t(_G, "radclient-disconnect-coa-secret")
def _():
    u, s, ip = _ppp_user(), _key(), _ip()
    return (f'{_pr()}echo "User-Name={u},Framed-IP-Address=100.{_n(64,127)}.{_n(0,254)}.{_n(1,254)}" | radclient -r 1 {ip}:3799 disconnect {s}', s, u)


@_t(_G, "snmpwalk-v2c-community-flag")
def _():
    c, ip = _comm(), _ip()
    return (f"{_pr()}snmpwalk -v2c -c '{c}' {ip} IF-MIB::ifDescr", c, ip)


@_t(_G, "snmpget-v3-auth-passphrase")
def _():
    u, a, ip = "nms" + _lan(3), _rpw(12, 20), _ip()
    return (f"{_pr()}snmpget -v3 -l authPriv -u {u} -a SHA -A '{a}' -x AES -X '{_rpw()}' {ip} sysUpTime.0", a, u)


@_t(_G, "snmpbulkwalk-v3-priv-passphrase")
def _():
    u, x, ip = "lnms_" + _lan(4), _rpw(12, 20), _ip()
    return (f"{_pr()}snmpbulkwalk -v3 -l authPriv -u {u} -a SHA-256 -A \"{_rpw()}\" -x AES -X \"{x}\" {ip} .1.3.6.1.2.1.31.1.1.1.6", x, ip)


@_t(_G, "snmpset-docsis-reset-write-community")
def _():
    c, ip = _comm(), "10.%d.%d.%d" % (_n(100, 200), _n(0, 254), _n(1, 254))
    return (f"{_pr()}snmpset -v2c -c {c} {ip} 1.3.6.1.2.1.69.1.1.3.0 i 1", c, ip)


@_t(_G, "curl-basic-user-colon-password")
def _():
    p, h = _upw(), _host("billing")
    return (f"{_pr()}curl -s -u apiuser:{p} 'https://{h}/api/2.0/admin/customers/customer?main_attributes[status]=active' | jq length", p, h)


@_t(_G, "curl-bearer-jwt-header")
def _():
    t, h = _jwt(), _host("prov")
    return (f'{_pr()}curl -sH "Authorization: Bearer {t}" https://{h}/v1/onts?status=offline', t, h)


@_t(_G, "curl-uisp-x-auth-token")
def _():
    t, h = _uuid(), "uisp." + _dom()
    return (f"{_pr()}curl -s -H 'x-auth-token: {t}' 'https://{h}/nms/api/v2.1/devices?role=station' | jq '.[].identification.name'", t, h)


@_t(_G, "curl-query-string-token")
def _():
    t, h = _lan(32), _host("prov")
    return (f'{_pr()}curl "https://{h}/webservice/v1/onu_status.php?serial={_gpon_sn()}&token={t}"', t, h)


@_t(_G, "mysql-attached-p-flag")
def _():
    p, ip = _rpw(), _ip()
    return (f"{_pr()}mysql -h {ip} -u radius -p'{p}' radius -e \"SELECT username, acctstarttime FROM radacct WHERE acctstoptime IS NULL LIMIT 20;\"", p, ip)


@_t(_G, "psql-uri-inline-password")
def _():
    p, h = _upw(), _host("billing")
    return (f'{_pr()}psql "postgresql://billing_ro:{p}@{h}:5432/billing" -c "select login, plano from contratos where status=\'A\' limit 5"', p, h)


@_t(_G, "mysqldump-long-password-option")
def _():
    p = _pw()
    return (f"{_pr()}mysqldump --user=ixc_backup --password='{p}' --single-transaction ixcprovedor | gzip > /backup/ixc-{_date()}.sql.gz", p, "ixc_backup")


@_t(_G, "routeros-ppp-secret-add")
def _():
    u, p = _ppp_user(), _c([_pw(), _dig(8)])
    return (f"[admin@CCR2216-{_site()}] > /ppp secret add name={u} password={p} service=pppoe profile={_c(_PLANS)} comment=\"OS {_n(10000, 99999)}\"", p, u)


@_t(_G, "routeros-user-add-password")
def _():
    u, p = "noc-" + _c(_FIRST), _rpw()
    return (f'[admin@{_short("ccr")}] > /user add name={u} group=full password="{p}" address=10.0.0.0/8', p, u)


@_t(_G, "routeros-radius-add-secret")
def _():
    s, ip = _key(), _ip()
    return (f"/radius add address={ip} secret={s} service=ppp,login timeout=3s src-address={_ip()}", s, ip)


@_t(_G, "routeros-wireless-wpa2-psk-set")
def _():
    k = _an(_n(12, 20))
    return (f"/interface wireless security-profiles set [ find default=yes ] authentication-types=wpa2-psk mode=dynamic-keys wpa2-pre-shared-key={k}", k, "security-profiles")


@_t(_G, "routeros-bgp-tcp-md5-key")
def _():
    k, ip = _key(), _ip()
    return (f"/routing bgp connection add name=UPSTREAM-{_n(1,4)} remote.address={ip} remote.as={_pubasn()} local.role=ebgp tcp-md5-key={k} templates=default", k, ip)


@_t(_G, "ssh-remote-routeros-ppp-password-set")
def _():
    u, p, ip = _ppp_user(), _pw(), _ip()
    return (f"{_pr()}ssh admin@{ip} '/ppp secret set [find name=\"{u}\"] password=\"{p}\"'", p, u)


@_t(_G, "ios-cli-username-secret-0")
def _():
    u, p = _uname(), _rpw()
    return (f"{_short('pe')}(config)#username {u} privilege 15 secret 0 {p}", p, u)


@_t(_G, "iosxr-cli-tacacs-host-key-0")
def _():
    k, ip = _key(), _ip()
    return (f"RP/0/RSP0/CPU0:{_short('asr')}(config)#tacacs-server host {ip} port 49 key 0 {k}", k, ip)


@_t(_G, "junos-set-bgp-group-authentication-key")
def _():
    k = _key()
    return (f"[edit]\nnoc@{_short('mx')}# set protocols bgp group IX-{_site()} authentication-key \"{k}\"", k, "protocols bgp")


@_t(_G, "junos-set-radius-server-secret")
def _():
    s, ip = _key(), _ip()
    return (f"noc@{_short('mx')}# set system radius-server {ip} secret \"{s}\" source-address {_ip()}", s, ip)


@_t(_G, "huawei-olt-ont-add-password-auth")
def _():
    pin, name = _dig(10), _fullname()
    return (f"MA5800-{_site()}(config-if-gpon-{_fsp()})# ont add {_n(0, 15)} {_n(1, 120)} password-auth {pin} always-on omci ont-lineprofile-id {_n(1, 40)} ont-srvprofile-id {_n(1, 40)} desc \"{name}\"", pin, name)


@_t(_G, "zte-olt-onu-type-pw")
def _():
    pw = _dig(_n(8, 10))
    return (f"ZXAN(config-if)#onu {_n(1, 120)} type ZTE-F670L pw {pw}", pw, "ZTE-F670L")


@_t(_G, "nmcli-pppoe-password")
def _():
    u, p = _ppp_user(), _pw()
    return (f"{_pr()}nmcli con add type pppoe con-name wan-pppoe ifname enp1s0 username {u} password '{p}'", p, u)


@_t(_G, "pppd-cmdline-user-password")
def _():
    u, p = _ppp_user(), _upw()
    return (f"{_pr()}pppd plugin rp-pppoe.so eth1 user \"{u}\" password \"{p}\" noauth defaultroute persist maxfail 0 debug nodetach", p, u)


@_t(_G, "wpa-passphrase-ssid-positional")
def _():
    s, k = _ssid(), _psk()
    return (f"{_pr()}wpa_passphrase \"{s}\" '{k}' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf", k, s)


@_t(_G, "ansible-playbook-extra-vars-password")
def _():
    p = _rpw()
    return (f"{_pr()}ansible-playbook -i inventories/{_site().lower()}/hosts.ini routeros_backup.yml -e \"ansible_user=automation ansible_password={p}\" --limit ccr", p, "routeros_backup.yml")


@_t(_G, "python-script-password-argument")
def _():
    p, ip = _pw(), _ip()
    return (f"{_pr()}python3 push_acl.py --host {ip} --username netops --password '{p}' --device-type cisco_xr --commit", p, ip)


@_t(_G, "docker-login-inline-p")
def _():
    p, h = _upw(16, 28), "registry." + _dom()
    return (f"{_pr()}docker login {h} -u ci-bot -p {p}", p, h)


@_t(_G, "git-clone-oauth2-token-url")
def _():
    t, h = "glpat-" + _s(_URLC, 20), "gitlab." + _dom()
    return (f"{_pr()}git clone https://oauth2:{t}@{h}/noc/oxidized-configs.git", t, h)


@_t(_G, "htpasswd-batch-password")
def _():
    u, p = _uname(), _pw()
    return (f"{_pr()}sudo htpasswd -b /etc/nginx/.htpasswd-genieacs {u} '{p}'", p, u)


@_t(_G, "powershell-convertto-securestring")
def _():
    p, u = _rpw(), _uname()
    return (f'PS C:\\Users\\{u}> $pw = ConvertTo-SecureString "{p}" -AsPlainText -Force; $cred = New-Object System.Management.Automation.PSCredential("NOC\\{u}", $pw)', p, u)


@_t(_G, "windows-net-use-positional-password")
def _():
    p, h = _rpw(), _short("bkp").upper()
    return (f"C:\\> net use \\\\{h}\\configs /user:ISP\\svc_backup {p} /persistent:no", p, h)


@_t(_G, "windows-cmdkey-pass-flag")
def _():
    p, h = _pw(), _host("jump")
    return (f"C:\\> cmdkey /generic:TERMSRV/{h} /user:ISP\\noc /pass:{p}", p, h)


@_t(_G, "plink-pw-flag-olt")
def _():
    p, ip = _pw(), _ip()
    return (f'C:\\tools> plink.exe -ssh -batch -pw {p} root@{ip} "display ont info 0 1 3 all"', p, ip)


@_t(_G, "winscp-open-sftp-url-password")
def _():
    p, h = _upw(), _host("ccr")
    return (f'C:\\> winscp.com /command "open sftp://backup:{p}@{h}/ -hostkey=*" "get /*.backup C:\\bkp\\" "exit"', p, h)


@_t(_G, "bash-export-radius-secret")
def _():
    s = _key()
    return (f"{_pr()}export RADIUS_SECRET='{s}' && ./radius-probe --nas {_host('bng')}", s, "radius-probe")


@_t(_G, "cmd-set-env-token")
def _():
    t = _hex(64)
    return (f"C:\\prov> set IXC_TOKEN={t}\nC:\\prov> python sync_onus.py", t, "sync_onus.py")


@_t(_G, "pwsh-env-assignment-secret")
def _():
    s = _hex(32)
    return (f'PS C:\\prov> $env:SPLYNX_API_SECRET = "{s}"; .\\Sync-Splynx.ps1 -Verbose', s, "Sync-Splynx.ps1")


@_t(_G, "vault-kv-put-password-field")
def _():
    p, site = _pw(), _site().lower()
    return (f"{_pr()}vault kv put secret/noc/olt/{site} username=admin password='{p}'", p, f"secret/noc/olt/{site}")


@_t(_G, "kubectl-create-secret-from-literal")
def _():
    s = _b64u(32)
    return (f"{_pr()}kubectl -n genieacs create secret generic genieacs-ui --from-literal=GENIEACS_UI_JWT_SECRET={s}", s, "genieacs-ui")


@_t(_G, "helm-set-mysql-password")
def _():
    p = _upw()
    return (f"{_pr()}helm upgrade --install freeradius ./charts/freeradius -n aaa --set mysql.auth.password={p} --set replicaCount=2", p, "freeradius")


@_t(_G, "redis-cli-a-password")
def _():
    p, ip = _rpw(16, 24), _ip()
    return (f"{_pr()}redis-cli -h {ip} -a '{p}' --no-auth-warning KEYS 'acs:session:*' | head", p, ip)


@_t(_G, "mongosh-uri-password")
def _():
    p, ip = _upw(), _ip()
    return (f'{_pr()}mongosh "mongodb://genieacs:{p}@{ip}:27017/genieacs?authSource=admin" --eval "db.devices.countDocuments()"', p, ip)


@_t(_G, "ldapsearch-w-bind-password")
def _():
    p, h = _rpw(), _host("ldap")
    return (f'{_pr()}ldapsearch -x -H ldaps://{h} -D "cn=radius,ou=services,dc=isp,dc=local" -w \'{p}\' -b "ou=assinantes,dc=isp,dc=local" "(uid={_ppp_user()})"', p, h)


@_t(_G, "smbclient-user-percent-password")
def _():
    p, h = _upw(), _short("nas")
    return (f"{_pr()}smbclient //{h}/configs -U noc%{p} -c 'ls backups/'", p, h)


@_t(_G, "lftp-user-comma-password")
def _():
    p, ip = _upw(), _ip()
    return (f"{_pr()}lftp -u backup,{p} ftp://{ip} -e 'mirror /flash/backup ./olt-bkp; quit'", p, ip)


@_t(_G, "wget-password-option")
def _():
    p, h = _pw(), "fw." + _dom()
    return (f"{_pr()}wget --user=tecnico --password='{p}' https://{h}/firmware/EG8145V5-V500R022C00SPC{_n(100, 399)}.bin", p, h)


@_t(_G, "rsync-password-env-prefix")
def _():
    p, h = _upw(), _host("bkp")
    return (f"{_pr()}RSYNC_PASSWORD='{p}' rsync -av rsync://routeros@{h}/backups/ ./routeros/", p, h)


@_t(_G, "mosquitto-pub-capital-p")
def _():
    p, h = _rpw(), "mqtt." + _dom()
    return (f"{_pr()}mosquitto_pub -h {h} -p 8883 -u telemetry -P '{p}' -t 'olt/{_site().lower()}/alarm' -m 'LOS 0/1/3:12'", p, h)


@_t(_G, "openssl-enc-pass-pass")
def _():
    p = _pw()
    return (f"{_pr()}openssl enc -aes-256-cbc -pbkdf2 -salt -in assinantes.csv -out assinantes.csv.enc -pass pass:{p}", p, "assinantes.csv")


@_t(_G, "zip-capital-p-password")
def _():
    p = _pw()
    return (f"{_pr()}zip -P '{p}' radius-dump-{_date()}.zip radius.sql", p, "radius.sql")


@_t(_G, "7z-attached-p-password")
def _():
    p = _upw()
    return (f"{_pr()}7z a -p{p} -mhe=on olt-configs-{_date()}.7z configs/", p, "configs/")


@_t(_G, "tacacs-client-key-flag")
def _():
    k, ip = _key(), _ip()
    return (f"{_pr()}tacacs_client -H {ip} -k '{k}' -u noc-test authenticate", k, ip)


@_t(_G, "curl-digest-tr069-connection-request")
def _():
    p, ip = _upw(), _ip()
    return (f"{_pr()}curl -v --digest -u acs:{p} http://{ip}:7547/", p, ip)


@_t(_G, "genieacs-nbi-set-pppoe-password")
def _():
    p, d = _pw(), "%s-%s-%s" % (_uhex(6), _c(["EG8145V5", "F670L", "HG8245H5"]), _uhex(16))
    body = '{"name":"setParameterValues","parameterValues":[["InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1.WANPPPConnection.1.Password","%s","xsd:string"]]}' % p
    return (f"{_pr()}curl -s -X POST 'http://acs:7557/devices/{d}/tasks?connection_request' --data '{body}'", p, d)


@_t(_G, "ipmitool-capital-p")
def _():
    p, ip = _rpw(), _ip()
    return (f"{_pr()}ipmitool -I lanplus -H {ip} -U ADMIN -P '{p}' chassis power status", p, ip)


@_t(_G, "sqlcmd-capital-p-sa")
def _():
    p, h = _rpw(), _short("sql").upper()
    return (f'PS C:\\> sqlcmd -S {h} -U sa -P "{p}" -Q "SELECT TOP 5 * FROM Faturamento.dbo.Boletos"', p, h)


@_t(_G, "expect-inline-telnet-send")
def _():
    p, ip = _pw(), _ip()
    return (f"{_pr()}expect -c 'spawn telnet {ip}; expect \"User name:\"; send \"root\\r\"; expect \"password:\"; send \"{p}\\r\"; interact'", p, ip)


@_t(_G, "docsis-keyfile-echo")
def _():
    s = _key()
    return (f"{_pr()}echo -n '{s}' > /srv/tftp/keyfile && docsis -e cm-200M.txt /srv/tftp/keyfile cm-200M.cfg", s, "cm-200M.cfg")


@_t(_G, "wg-set-private-key-process-subst")
def _():
    k = _b64(32)
    return (f"{_pr()}sudo wg set wg0 private-key <(echo {k}) listen-port 51820", k, "wg0")


@_t(_G, "vyos-ipsec-pre-shared-secret")
def _():
    k, ip, h, st = _key(), _ip(), _short("edge"), _site()
    return (f"vyos@{h}# set vpn ipsec authentication psk POP-{st} id {ip}\nvyos@{h}# set vpn ipsec authentication psk POP-{st} secret '{k}'", k, ip)


@_t(_G, "edgeos-set-pppoe-password")
def _():
    p = _pw()
    return (f"ubnt@ER-{_site()}# set interfaces ethernet eth0 pppoe 0 password {p}", p, "pppoe 0")


@_t(_G, "echo-pipe-sudo-s")
def _():
    p = _pw()
    return (f"{_pr()}echo '{p}' | sudo -S systemctl restart freeradius", p, "freeradius")


@_t(_G, "curl-form-urlencoded-login")
def _():
    p, ip = _upw(), _ip()
    return (f"{_pr()}curl -k -c /tmp/cj -d 'username=admin&password={p}' https://{ip}/login.cgi", p, ip)


@_t(_G, "printf-nc-telnet-login")
def _():
    p, ip = _pw(), _ip()
    return (f"{_pr()}printf 'admin\\n{p}\\nshow running-config\\nexit\\n' | nc -w 5 {ip} 23", p, ip)


# ====================================================================
# group: tool-output
# ====================================================================
_G = "tool-output"


@_t(_G, "routeros-ppp-secret-print-detail")
def _():
    u, p = _ppp_user(), _c([_pw(), _dig(8)])
    return (f"[admin@CCR1036-{_site()}] > /ppp secret print detail where name=\"{u}\"\nFlags: X - disabled\n 0   name=\"{u}\" service=pppoe caller-id=\"\" password=\"{p}\" profile={_c(_PLANS)} local-address=10.255.0.1 remote-address=100.{_n(64,127)}.{_n(0,254)}.{_n(1,254)} routes=\"\" ipv6-routes=\"\" limit-bytes-in=0 limit-bytes-out=0 last-logged-out=jan/02/1970 00:00:00", p, u)


@_t(_G, "routeros-export-radius-block")
def _():
    s, ip = _key(), _ip()
    return (f"[admin@{_short('bng')}] > /radius export\n# {_date()} {_time()} by RouterOS 7.{_n(10,16)}.{_n(0,3)}\n# software id = {_uan(4)}-{_uan(4)}\n/radius\nadd address={ip} secret={s} service=ppp,hotspot timeout=2s", s, ip)


@_t(_G, "routeros-ipsec-identity-print")
def _():
    s, st = _key(), _site()
    return (f"[admin@{_short('ccr')}] > /ip ipsec identity print detail\nFlags: D - dynamic; X - disabled\n 0    peer=POP-{st} auth-method=pre-shared-key secret=\"{s}\" generate-policy=no", s, f"POP-{st}")


@_t(_G, "ios-show-run-tacacs-key-7")
def _():
    k, ip = _t7(), _ip()
    return (f"{_short('pe')}#show running-config | section tacacs\ntacacs server TAC-{_site()}\n address ipv4 {ip}\n key 7 {k}\n timeout 5", k, ip)


@_t(_G, "ios-show-run-bgp-neighbor-password-7")
def _():
    k, ip = _t7(), _ip()
    return (f"router bgp {_pubasn()}\n neighbor {ip} remote-as {_pubasn()}\n neighbor {ip} description IX-{_site()}-RS1\n neighbor {ip} password 7 {k}", k, ip)


@_t(_G, "iosxr-show-run-ospf-md5-encrypted")
def _():
    k = _t7()
    return (f"RP/0/RSP0/CPU0:{_short('asr')}#show run router ospf\nrouter ospf CORE\n area 0\n  interface Bundle-Ether{_n(1,20)}\n   authentication message-digest\n   message-digest-key 1 md5 encrypted {k}\n   network point-to-point", k, "router ospf CORE")


@_t(_G, "junos-show-config-bgp-authentication-key-9")
def _():
    k = _j9()
    return (f"noc@{_short('mx')}> show configuration protocols bgp group TRANSIT-{_n(1,3)}\ntype external;\nauthentication-key \"{k}\"; ## SECRET-DATA\npeer-as {_pubasn()};\nneighbor {_ip()};", k, "peer-as")


@_t(_G, "junos-display-set-radius-secret-9")
def _():
    k, ip = _j9(), _ip()
    return (f"noc@{_short('mx')}> show configuration system radius-server | display set\nset system radius-server {ip} secret \"{k}\"\nset system radius-server {ip} timeout 3", k, ip)


@_t(_G, "freeradius-x-request-dump")
def _():
    u, p, ip = _ppp_user(), _pw(), _ip()
    return (f"(7) Received Access-Request Id {_n(1,255)} from {ip}:{_n(30000,60000)} to {_ip()}:1812 length {_n(90,180)}\n(7)   User-Name = \"{u}\"\n(7)   User-Password = \"{p}\"\n(7)   NAS-Port-Type = Ethernet\n(7)   Calling-Station-Id = \"{_mac()}\"", p, u)


@_t(_G, "radclient-x-sent-packet")
def _():
    u, p, ip = _ppp_user(), _pw(), _ip()
    return (f"Sent Access-Request Id {_n(1,255)} from 0.0.0.0:{_n(30000,60000)} to {ip}:1812 length {_n(50,90)}\n\tUser-Name = \"{u}\"\n\tUser-Password = \"{p}\"\n\tCleartext-Password = \"{p}\"\nReceived Access-Accept Id {_n(1,255)} from {ip}:1812", p, u)


@_t(_G, "mysql-radcheck-table-output")
def _():
    u, p = _ppp_user(), _c([_pw(), _dig(8)])
    i = _n(100, 90000)
    return (f"mysql> SELECT * FROM radcheck WHERE username='{u}';\n+-------+--------------------+--------------------+----+--------------+\n| id    | username           | attribute          | op | value        |\n+-------+--------------------+--------------------+----+--------------+\n| {i} | {u} | Cleartext-Password | := | {p} |\n+-------+--------------------+--------------------+----+--------------+\n1 row in set (0.00 sec)", p, u)


@_t(_G, "mysql-nas-table-secret-column")
def _():
    s, ip, sh = _key(), _ip(), _short("bng")
    return (f"MariaDB [radius]> select nasname, shortname, type, secret from nas;\n+----------------+-------------+-------+------------------+\n| nasname        | shortname   | type  | secret           |\n+----------------+-------------+-------+------------------+\n| {ip} | {sh} | other | {s} |\n+----------------+-------------+-------+------------------+", s, sh)


@_t(_G, "huawei-display-ont-info-password")
def _():
    pin, sn = _dig(10), _gpon_sn()
    return (f"MA5800-{_site()}(config-if-gpon-{_fsp()})# display ont info {_n(0,15)} {_n(1,127)}\n  -----------------------------------------------------------------------------\n  F/S/P                   : {_fsp()}\n  ONT-ID                  : {_n(1,127)}\n  Control flag            : active\n  Run state               : online\n  SN                      : {sn}\n  Password                : {pin}\n  LOID                    : \n  Authentic type          : password-auth", pin, sn)


@_t(_G, "huawei-current-config-ont-add")
def _():
    pin = _dig(10)
    name = _fullname()
    return (f"[gpon]\n  <gpon-{_fsp()}>\n interface gpon {_fsp()}\n  ont add {_n(0,15)} {_n(1,127)} password-auth \"{pin}\" always-on omci ont-lineprofile-id 11 ont-srvprofile-id 11 desc \"{name}\"", pin, name)


@_t(_G, "zte-show-run-onu-wan-pppoe")
def _():
    u, p = _ppp_user(), _upw()
    onu = "gpon-onu_1/%d/%d:%d" % (_n(1, 8), _n(1, 16), _n(1, 128))
    return (f"ZXAN#show running-config-interface {onu}\npon-onu-mng {onu}\n  service 1 gemport 1 vlan {_n(100,4000)}\n  wan-ip 1 mode pppoe username {u} password {p} vlan-profile PPPOE host 1\n  security-mgmt 1 state enable mode forward protocol web", p, onu)


@_t(_G, "genieacs-devices-query-json")
def _():
    p, sn = _upw(), _uhex(16)
    return ('{"_id":"%s-EG8145V5-%s","InternetGatewayDevice":{"ManagementServer":{"ConnectionRequestUsername":{"_value":"acs","_type":"xsd:string"},"ConnectionRequestPassword":{"_value":"%s","_type":"xsd:string","_writable":true}}}}' % (_uhex(6), sn, p), p, sn)


@_t(_G, "docsis-decode-snmp-community")
def _():
    c = _comm()
    return (f"$ docsis -d cm-{_c(['100M', '300M', 'biz'])}.cfg\nMain\n{{\n\tNetworkAccess 1;\n\tGlobalPrivacyEnable 1;\n\tMaxCPE 4;\n\tSnmpMibObject docsDevNmAccessIp.1 IPAddress 10.{_n(0,254)}.0.0 ;\n\tSnmpMibObject docsDevNmAccessCommunity.1 String \"{c}\" ;\n\tSnmpMibObject docsDevNmAccessControl.1 Integer 3; /* readWrite */", c, "docsDevNmAccessCommunity.1")


@_t(_G, "cmts-show-run-shared-secret")
def _():
    s = _key()
    return (f"{_short('cmts')}#show running-config | include shared\ncable shared-secret 0 {s}\ncable shared-secondary-secret index 1 7 {_t7()}", s, "cable shared-secret")


@_t(_G, "kubectl-get-secret-yaml-data")
def _():
    p = _rpw()
    b = _b64t(p)
    return (f"$ kubectl -n aaa get secret radius-db -o yaml\napiVersion: v1\ndata:\n  password: {b}\n  username: {_b64t('radius')}\nkind: Secret\nmetadata:\n  name: radius-db\n  namespace: aaa\ntype: Opaque", b, "radius-db")


@_t(_G, "docker-inspect-env-array")
def _():
    p = _rpw()
    return (f"$ docker inspect librenms --format '{{{{json .Config.Env}}}}' | jq .\n[\n  \"DB_HOST=db\",\n  \"DB_USER=librenms\",\n  \"DB_PASSWORD={p}\",\n  \"TZ=America/Sao_Paulo\"\n]", p, "DB_HOST=db")


@_t(_G, "env-grep-output-api-secret")
def _():
    s = _hex(32)
    return (f"$ env | grep -i splynx\nSPLYNX_URL=https://{_host('billing')}\nSPLYNX_API_KEY={_hex(32)}\nSPLYNX_API_SECRET={s}", s, "SPLYNX_URL")


@_t(_G, "git-config-list-remote-token")
def _():
    t, h = _an(_n(20, 32)), "git." + _dom()
    return (f"$ git config --list --show-origin | grep url\nfile:.git/config\tremote.origin.url=https://noc-bot:{t}@{h}/noc/backups.git", t, h)


@_t(_G, "curl-verbose-basic-authorization")
def _():
    u, p, h = "api" + _lan(3), _upw(), _host("billing")
    b = _b64t(u + ":" + p)
    return (f"> GET /webservice/v1/radusuarios HTTP/1.1\n> Host: {h}\n> Authorization: Basic {b}\n> User-Agent: curl/8.5.0\n> Accept: */*\n>\n< HTTP/1.1 200 OK", b, h)


@_t(_G, "login-api-access-token-response")
def _():
    t = _jwt()
    return (f"HTTP/1.1 200 OK\nContent-Type: application/json\n\n{{\"access_token\":\"{t}\",\"token_type\":\"Bearer\",\"expires_in\":3600,\"scope\":\"onts:read onts:write\"}}", t, "token_type")


@_t(_G, "ansible-debug-hostvars-password")
def _():
    p, h = _rpw(), _short("olt")
    return (f"TASK [debug] *******************************************************\nok: [{h}] => {{\n    \"hostvars[inventory_hostname]['ansible_password']\": \"{p}\"\n}}", p, h)


@_t(_G, "terraform-plan-routeros-ppp-secret")
def _():
    u, p = _ppp_user(), _pw()
    return (f"  # routeros_ppp_secret.cliente[\"{u}\"] will be created\n  + resource \"routeros_ppp_secret\" \"cliente\" {{\n      + id       = (known after apply)\n      + name     = \"{u}\"\n      + password = \"{p}\"\n      + profile  = \"{_c(_PLANS)}\"\n      + service  = \"pppoe\"\n    }}", p, u)


@_t(_G, "tshark-radius-decrypted-user-password")
def _():
    u, p = _ppp_user(), _pw()
    return (f"    AVP: t=User-Name(1) l={len(u)+2} val={u}\n    AVP: t=User-Password(2) l=18 val=Encrypted\n        User-Password: {p}\n    AVP: t=NAS-Port-Id(87) l=22 val=0/1/3/7:2.{_n(100,900)}", p, u)


@_t(_G, "ios-show-snmp-community")
def _():
    c = _comm()
    return (f"{_short('agg')}#show snmp community\n\nCommunity name: ILMI\nCommunity Index: cisco0\nCommunity SecurityName: ILMI\nstorage-type: read-only  active\n\nCommunity name: {c}\nCommunity Index: cisco1\nstorage-type: nonvolatile  active access-list: 99", c, "cisco1")


@_t(_G, "airos-grep-system-cfg-psk")
def _():
    k = _psk()
    return (f"XC.v8.7.{_n(1,11)}# grep -E '^(wireless|wpa)' /tmp/system.cfg\nwireless.1.ssid=PTP-{_site()}-{_n(1,9)}\nwpa.1.psk={k}\nwpa.1.pairwise=CCMP\nwpa.status=enabled", k, "wpa.1.pairwise")


@_t(_G, "edgeos-show-interfaces-pppoe-tree")
def _():
    u, p = _ppp_user(), _pw()
    return (f"ubnt@ER-{_site()}# show interfaces ethernet eth0\n pppoe 0 {{\n     default-route auto\n     mtu 1492\n     name-server auto\n     password {p}\n     user-id {u}\n }}", p, u)


@_t(_G, "cnmaestro-api-client-created-screen")
def _():
    cid, sec = _an(16), _an(40)
    return (f"API Client created\n  Name:           oxidized-sync\n  Client ID:      {cid}\n  Client Secret:  {sec}\n  Expires:        never\nCopy the secret now; it will not be shown again.", sec, cid)


@_t(_G, "zabbix-user-login-result")
def _():
    t = _hex(32)
    return (f"$ curl -s -X POST -H 'Content-Type: application/json-rpc' https://zbx.{_dom()}/api_jsonrpc.php -d @login.json\n{{\"jsonrpc\":\"2.0\",\"result\":\"{t}\",\"id\":1}}", t, "jsonrpc")


@_t(_G, "librenms-api-token-created")
def _():
    t = _hex(32)
    return (f"API Access > Create API access token\nUser: oxidized    Description: backup sync\nToken hash: {t}\nDisabled: no", t, "oxidized")


@_t(_G, "netbox-nbshell-token-key")
def _():
    t = _hex(40)
    return (f">>> t = Token.objects.create(user=User.objects.get(username='oxidized'), write_enabled=False)\n>>> t.key\n'{t}'", t, "write_enabled")


@_t(_G, "vault-kv-get-table")
def _():
    p, site = _pw(), _site().lower()
    return (f"$ vault kv get secret/noc/tacacs/{site}\n====== Data ======\nKey         Value\n---         -----\nkey         {p}\nserver      {_ip()}", p, f"secret/noc/tacacs/{site}")


@_t(_G, "pass-show-first-line")
def _():
    p, site = _pw(), _site().lower()
    return (f"$ pass show noc/olt/{site}\n{p}\nuser: root\nurl: telnet://{_ip()}", p, f"noc/olt/{site}")


@_t(_G, "keepassxc-cli-show-attributes")
def _():
    p, h = _rpw(), _short("olt")
    return (f"$ keepassxc-cli show -s noc.kdbx \"OLT/{h}\"\nTitle: {h}\nUserName: admin\nPassword: {p}\nURL: ssh://{_ip()}\nNotes: Huawei MA5800, trocar a cada 90 dias", p, h)


@_t(_G, "ip-xfrm-state-auth-key")
def _():
    k, ip = _hex(64), _ip()
    return (f"$ sudo ip xfrm state\nsrc {ip} dst {_ip()}\n\tproto esp spi 0x{_hex(8)} reqid 1 mode tunnel\n\treplay-window 0 flag af-unspec\n\tauth-trunc hmac(sha256) 0x{k} 128\n\tenc cbc(aes) 0x{_hex(32)}", k, ip)


@_t(_G, "wg-showconf-private-key")
def _():
    k = _b64(32)
    return (f"$ sudo wg showconf wg-noc\n[Interface]\nListenPort = 51820\nPrivateKey = {k}\n\n[Peer]\nPublicKey = {_b64(32)}\nAllowedIPs = 10.{_n(0,254)}.0.0/16", k, "ListenPort")


@_t(_G, "psql-select-billing-senha-pppoe")
def _():
    u, p = _ppp_user(), _c([_pw(), _dig(8)])
    return (f"billing=> select login, senha_pppoe, plano from contratos where login = '{u}';\n     login       | senha_pppoe |   plano\n-----------------+-------------+-----------\n {u} | {p} | {_c(_PLANS)}\n(1 row)", p, u)


@_t(_G, "ixc-radusuarios-api-json")
def _():
    u, p = _ppp_user(), _c([_pw(), _dig(8)])
    return (f'{{"page":"1","total":"1","registros":[{{"id":"{_n(100,99999)}","login":"{u}","senha":"{p}","ativo":"S","autenticacao":"L","id_contrato":"{_n(100,99999)}"}}]}}', p, u)


@_t(_G, "splynx-customer-api-json")
def _():
    u, p = _ppp_user(), _pw()
    return (f'[{{"id": {_n(100,9999)}, "customer_id": {_n(100,9999)}, "login": "{u}", "password": "{p}", "tariff_id": {_n(1,40)}, "status": "active", "ipv4": "100.{_n(64,127)}.{_n(0,254)}.{_n(1,254)}"}}]', p, u)


@_t(_G, "librouteros-repl-list-of-dicts")
def _():
    u, p = _ppp_user(), _pw()
    return (f">>> list(api.path('ppp', 'secret').select('name', 'password', 'profile'))[:1]\n[{{'name': '{u}', 'password': '{p}', 'profile': '{_c(_PLANS)}'}}]", p, u)


@_t(_G, "ios-show-run-ppp-pap-sent-username")
def _():
    u, p = _ppp_user(), _upw()
    return (f"interface Dialer1\n ip address negotiated\n encapsulation ppp\n dialer pool 1\n ppp pap sent-username {u} password 0 {p}\n ppp chap hostname {u}", p, u)


@_t(_G, "ios-show-run-key-chain-key-string")
def _():
    k = _key()
    return (f"{_short('p')}#show run | sec key chain\nkey chain ISIS-L2\n key 1\n  key-string {k}\n  cryptographic-algorithm hmac-sha-256", k, "ISIS-L2")


@_t(_G, "nokia-isam-info-snmp-community")
def _():
    c = _comm()
    return (f"leg:isadmin># info configure system security snmp\nconfigure system security snmp\n  community {c} host-address 10.{_n(0,254)}.0.0/16 context nt\n  exit", c, "isadmin")


@_t(_G, "docker-compose-config-resolved")
def _():
    p = _rpw()
    return (f"$ docker compose config | sed -n '/radius-db/,/image/p'\n  radius-db:\n    environment:\n      MARIADB_DATABASE: radius\n      MARIADB_PASSWORD: {p}\n      MARIADB_USER: radius\n    image: mariadb:10.11", p, "MARIADB_USER")


@_t(_G, "systemctl-show-environment-line")
def _():
    p = _rpw()
    return (f"$ systemctl show zabbix-server -p Environment\nEnvironment=ZBX_DBHOST=127.0.0.1 ZBX_DBUSER=zabbix ZBX_DBPASSWORD={p}", p, "ZBX_DBUSER")


@_t(_G, "ps-aux-mysqldump-cmdline")
def _():
    p = _upw()
    return (f"$ ps aux | grep [m]ysqldump\nroot     {_n(1000,40000)}  4.1  0.3  41236 12288 ?  S    03:00   0:12 mysqldump -u radius -p{p} --all-databases", p, "mysqldump")


@_t(_G, "bash-history-mysql-root")
def _():
    p = _pw()
    return (f"$ history | tail -4\n  {_n(400,900)}  cd /etc/freeradius/3.0\n  {_n(901,950)}  mysql -u root -p'{p}' radius < schema.sql\n  {_n(951,999)}  systemctl restart freeradius", p, "schema.sql")


@_t(_G, "cat-netrc-machine-login-password")
def _():
    p, h = _pw(), "ftp." + _dom()
    return (f"$ cat ~/.netrc\nmachine {h} login backup password {p}", p, h)


@_t(_G, "unifi-mongo-wlanconf-passphrase")
def _():
    k, s = _psk(), _ssid()
    return (f"> db.wlanconf.find({{}}, {{name: 1, x_passphrase: 1}})\n{{ \"_id\" : ObjectId(\"{_hex(24)}\"), \"name\" : \"{s}\", \"x_passphrase\" : \"{k}\" }}", k, s)


@_t(_G, "redis-config-get-requirepass")
def _():
    p = _rpw(16, 32)
    return (f"127.0.0.1:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"{p}\"", p, "requirepass")


@_t(_G, "aws-sts-session-token-json")
def _():
    s = _s(_AN + "+/", 40)
    return (f'{{\n    "Credentials": {{\n        "AccessKeyId": "ASIA{_uan(16)}",\n        "SecretAccessKey": "{s}",\n        "SessionToken": "IQoJb3JpZ2luX2VjE{_an(60)}",\n        "Expiration": "{_date()}T{_time()}+00:00"\n    }}\n}}', s, "Expiration")


@_t(_G, "az-storage-account-keys-list")
def _():
    k = _b64(64)
    return (f'$ az storage account keys list -g rg-noc-backups -n stnocbkp{_lan(4)}\n[\n  {{\n    "keyName": "key1",\n    "permissions": "FULL",\n    "value": "{k}"\n  }}\n]', k, "rg-noc-backups")


@_t(_G, "gcloud-print-access-token")
def _():
    t = "ya29." + _s(_URLC, _n(140, 180))
    return (f"$ gcloud auth print-access-token --impersonate-service-account=netflow-export@noc-{_lan(6)}.iam.gserviceaccount.com\n{t}", t, "netflow-export")


@_t(_G, "gh-auth-token-output")
def _():
    t = "gho_" + _an(36)
    return (f"$ gh auth token\n{t}\n$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account noc-{_lan(5)} (keyring)", t, "github.com")


@_t(_G, "kubectl-config-view-raw-token")
def _():
    t = _jwt({"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": "noc",
              "sub": "system:serviceaccount:noc:oxidized"})
    return (f"$ kubectl config view --raw --minify\nusers:\n- name: oxidized-sa\n  user:\n    token: {t}", t, "oxidized-sa")


@_t(_G, "ios-show-crypto-isakmp-key")
def _():
    k, ip = _key(), _ip()
    return (f"{_short('pe')}#show crypto isakmp key\nKeyring      Hostname/Address                            Preshared Key\n\ndefault      {ip}                              {k}", k, ip)


@_t(_G, "wlc-show-run-config-psk")
def _():
    k = _psk()
    return (f"(Cisco Controller) >show run-config commands | include psk\nconfig wlan security wpa akm psk set-key ascii {k} {_n(1,16)}", k, "Cisco Controller")


@_t(_G, "mikrotik-hotspot-user-print")
def _():
    u, p = _lan(6), _lan(8)
    return (f"[admin@HS-{_site()}] > /ip hotspot user print where profile=voucher-1d\nFlags: * - default\n #   SERVER  NAME     PASSWORD   PROFILE    UPTIME\n 0   hs1     {u}   {p}   voucher-1d 0s", p, u)


@_t(_G, "tacacs-plus-conf-cat-output")
def _():
    k = _key()
    return (f"$ sudo grep -n key /etc/tacacs+/tac_plus.conf\n8:key = \"{k}\"", k, "tac_plus.conf")


@_t(_G, "cat-chap-secrets-output")
def _():
    u, p = _ppp_user(), _pw()
    return (f"$ sudo cat /etc/ppp/chap-secrets\n# Secrets for authentication using CHAP\n# client\tserver\tsecret\t\t\tIP addresses\n\"{u}\"\t*\t\"{p}\"\t*", p, u)


# ====================================================================
# group: config-file
# ====================================================================
_G = "config-file"


@_t(_G, "freeradius-clients-conf-secret")
def _():
    s, sh = _key(), _short("bng")
    return (f"# /etc/freeradius/3.0/clients.conf\nclient {sh} {{\n\tipaddr = {_ip()}\n\tsecret = {s}\n\tnas_type = other\n\trequire_message_authenticator = yes\n}}", s, sh)


@_t(_G, "freeradius-mods-sql-password")
def _():
    p, ip = _rpw(), _ip()
    return (f"sql {{\n\tdialect = \"mysql\"\n\tdriver = \"rlm_sql_${{dialect}}\"\n\tserver = \"{ip}\"\n\tport = 3306\n\tlogin = \"radius\"\n\tpassword = \"{p}\"\n\tradius_db = \"radius\"", p, ip)


@_t(_G, "freeradius-users-cleartext-password")
def _():
    u, p = _ppp_user(), _pw()
    return (f"{u}\tCleartext-Password := \"{p}\"\n\tFramed-IP-Address = 100.{_n(64,127)}.{_n(0,254)}.{_n(1,254)},\n\tMikrotik-Rate-Limit = \"{_n(10,500)}M/{_n(5,250)}M\"", p, u)


@_t(_G, "freeradius-proxy-home-server-secret")
def _():
    s, ip = _key(), _ip()
    return (f"home_server hs_{_site().lower()} {{\n\ttype = auth+acct\n\tipaddr = {ip}\n\tport = 1812\n\tsecret = {s}\n\tresponse_window = 20\n}}", s, ip)


@_t(_G, "tac-plus-conf-global-key")
def _():
    k = _key()
    return (f"# tac_plus.conf\nkey = \"{k}\"\naccounting file = /var/log/tac_plus.acct\ngroup = netops {{\n\tdefault service = permit\n}}", k, "netops")


@_t(_G, "tac-plus-user-login-cleartext")
def _():
    u, p = _uname(), _pw()
    return (f"user = {u} {{\n\tmember = netops\n\tlogin = cleartext \"{p}\"\n\tname = \"{_fullname()}\"\n}}", p, u)


@_t(_G, "tac-plus-ng-host-key")
def _():
    k = _key()
    return (f"\thost core-{_site().lower()} {{\n\t\taddress = {_ip()}/32\n\t\tkey = \"{k}\"\n\t\twelcome banner = \"authorized access only\"\n\t}}", k, "welcome banner")


@_t(_G, "ppp-chap-secrets-quoted")
def _():
    u, p = _ppp_user(), _pw()
    return (f"# client\t\tserver\tsecret\t\t\tIP addresses\n\"{u}\"\t*\t\"{p}\"\t100.{_n(64,127)}.{_n(0,254)}.{_n(1,254)}", p, u)


@_t(_G, "ppp-pap-secrets-unquoted")
def _():
    u, p = _ppp_user(), _upw()
    return (f"# /etc/ppp/pap-secrets\n{u} * {p}", p, u)


@_t(_G, "ios-tacacs-server-key-0")
def _():
    k, ip = _key(), _ip()
    return (f"aaa new-model\ntacacs-server host {ip} key 0 {k}\naaa authentication login default group tacacs+ local", k, ip)


@_t(_G, "ios-radius-server-block-key")
def _():
    k, ip = _key(), _ip()
    return (f"radius server RAD-{_site()}\n address ipv4 {ip} auth-port 1812 acct-port 1813\n key {k}\n!", k, ip)


@_t(_G, "ios-snmp-server-community-ro-acl")
def _():
    c = _comm()
    return (f"snmp-server community {c} RO 99\nsnmp-server location POP {_city()}\nsnmp-server contact noc@{_dom()}", c, "snmp-server location")


@_t(_G, "ios-snmp-server-host-traps-community")
def _():
    c, ip = _comm(), _ip()
    return (f"snmp-server enable traps bgp\nsnmp-server host {ip} version 2c {c}", c, ip)


@_t(_G, "ios-username-password-0")
def _():
    u, p = _uname(), _pw()
    return (f"username {u} privilege 15 password 0 {p}\nline vty 0 15\n login local\n transport input ssh", p, u)


@_t(_G, "ios-ntp-authentication-key-md5")
def _():
    k = _an(_n(8, 16))
    return (f"ntp authenticate\nntp authentication-key 1 md5 {k}\nntp trusted-key 1\nntp server {_ip()} key 1", k, "ntp trusted-key")


@_t(_G, "iosxr-bgp-neighbor-password-clear")
def _():
    k, ip = _key(), _ip()
    return (f"router bgp {_pubasn()}\n neighbor {ip}\n  remote-as {_pubasn()}\n  password clear {k}\n  description TRANSIT-{_n(1,4)}\n  address-family ipv4 unicast", k, ip)


@_t(_G, "iosxr-key-chain-key-string-clear")
def _():
    k = _key()
    return (f"key chain ISIS-CORE\n key 1\n  accept-lifetime 00:00:00 january 01 2024 infinite\n  key-string clear {k}\n  cryptographic-algorithm HMAC-MD5", k, "ISIS-CORE")


@_t(_G, "iosxr-ospf-message-digest-key-clear")
def _():
    k = _key()
    return (f"router ospf 1\n area 0\n  interface TenGigE0/0/0/{_n(0,23)}\n   authentication message-digest\n   message-digest-key 1 md5 clear {k}", k, "router ospf 1")


@_t(_G, "junos-bgp-authentication-key-plain")
def _():
    k = _key()
    return (f"protocols {{\n    bgp {{\n        group IX-{_site()} {{\n            type external;\n            authentication-key \"{k}\";\n            peer-as {_pubasn()};", k, "type external")


@_t(_G, "junos-snmp-community-stanza")
def _():
    c = _comm()
    return (f"snmp {{\n    location \"POP {_city()}\";\n    community {c} {{\n        authorization read-only;\n        clients {{\n            10.0.0.0/8;\n        }}\n    }}\n}}", c, "authorization read-only")


@_t(_G, "routeros-export-ppp-secret-add")
def _():
    u, p = _ppp_user(), _c([_pw(), _dig(8)])
    return (f"/ppp secret\nadd name={u} password={p} profile={_c(_PLANS)} service=pppoe\nadd name={_ppp_user()} disabled=yes profile=BLOQUEADO service=pppoe", p, u)


@_t(_G, "routeros-export-ipsec-identity")
def _():
    s, st = _key(), _site()
    return (f"/ip ipsec peer\nadd address={_ip()}/32 name=POP-{st} exchange-mode=ike2\n/ip ipsec identity\nadd peer=POP-{st} secret=\"{s}\"", s, f"POP-{st}")


@_t(_G, "routeros-export-ospf-auth-key")
def _():
    k = _an(_n(8, 16))
    return (f"/routing ospf interface-template\nadd area=backbone-v2 auth=md5 auth-id=1 auth-key={k} interfaces=sfp-sfpplus{_n(1,8)} type=ptp", k, "backbone-v2")


@_t(_G, "routeros-export-snmp-v3-auth-password")
def _():
    a = _rpw()
    return (f"/snmp community\nadd addresses=10.0.0.0/8 authentication-password={a} authentication-protocol=SHA1 encryption-password={_rpw()} encryption-protocol=AES name=lnms security=private", a, "lnms")


@_t(_G, "routeros-export-l2tp-client-password")
def _():
    u, p = _uname(), _pw()
    return (f"/interface l2tp-client\nadd connect-to={_ip()} disabled=no name=l2tp-matriz password={p} user={u} use-ipsec=yes", p, u)


@_t(_G, "airos-system-cfg-psk-line")
def _():
    k = _psk()
    return (f"wireless.1.ssid=BH-{_site()}-{_n(1,9)}\nwireless.1.security.type=wpa2\nwpa.1.psk={k}\nwpa.1.key_mgmt=WPA-PSK", k, "wpa.1.key_mgmt")


@_t(_G, "airos-system-cfg-radius-secret")
def _():
    s = _key()
    return (f"aaa.1.radius.auth.1.ip={_ip()}\naaa.1.radius.auth.1.port=1812\naaa.1.radius.auth.1.secret={s}\naaa.1.status=enabled", s, "aaa.1.status")


@_t(_G, "edgeos-config-boot-pppoe-stanza")
def _():
    u, p = _ppp_user(), _pw()
    return (f"ethernet eth0 {{\n    pppoe 0 {{\n        default-route auto\n        mtu 1492\n        password {p}\n        user-id {u}\n    }}\n}}", p, u)


@_t(_G, "edgeos-config-boot-plaintext-password")
def _():
    p = _pw()
    return (f"login {{\n    user noc {{\n        authentication {{\n            plaintext-password \"{p}\"\n        }}\n        level admin\n    }}\n}}", p, "level admin")


@_t(_G, "epmp-config-json-passphrase")
def _():
    k = _psk()
    return (f'{{\n  "device_props": {{\n    "cambiumDeviceName": "AP-{_site()}-{_n(1,9)}",\n    "wirelessInterfaceSSID": "ePMP-{_site()}",\n    "wirelessSecurityPassphrase": "{k}",\n    "wirelessInterfaceMode": "1"\n  }}\n}}', k, "wirelessInterfaceSSID")


@_t(_G, "cnpilot-cli-wlan-passphrase")
def _():
    k = _psk()
    return (f"wlan 1\n  ssid Hotspot-{_site()}\n  vlan {_n(10,400)}\n  security wpa2-psk\n  passphrase {k}\n  no shutdown", k, "security wpa2-psk")


@_t(_G, "docsis-cm-text-nm-community")
def _():
    c = _comm()
    return (f"Main\n{{\n  NetworkAccess 1;\n  GlobalPrivacyEnable 1;\n  SnmpMibObject docsDevNmAccessCommunity.1 String \"{c}\";\n  SnmpMibObject docsDevNmAccessControl.1 Integer 3;\n  /* EndOfDataMarker */\n}}", c, "NetworkAccess 1")


@_t(_G, "docsis-emta-sip-user-password")
def _():
    p, ext = _pw(), str(_n(3000000000, 3999999999))
    return (f"  SnmpMibObject sipCfgPortLogin.1 String \"{ext}\";\n  SnmpMibObject sipCfgPortPassword.1 String \"{p}\";\n  SnmpMibObject sipCfgProxyAdr.1 String \"sbc.{_dom()}\";", p, ext)


@_t(_G, "tr098-management-server-xml")
def _():
    p, h = _upw(), "acs." + _dom()
    return (f"<ManagementServer>\n  <URL>https://{h}:7547/</URL>\n  <Username>cpe</Username>\n  <Password>{p}</Password>\n  <PeriodicInformInterval>3600</PeriodicInformInterval>\n</ManagementServer>", p, h)


@_t(_G, "tr069-connection-request-password-xml")
def _():
    p = _upw()
    return (f"<X_CONFIG>\n  <ConnectionRequestUsername>acs-cr</ConnectionRequestUsername>\n  <ConnectionRequestPassword>{p}</ConnectionRequestPassword>\n</X_CONFIG>", p, "acs-cr")


@_t(_G, "genieacs-env-jwt-secret")
def _():
    s = _b64u(_n(24, 48))
    return (f"# /opt/genieacs/genieacs.env\nGENIEACS_CWMP_ACCESS_LOG_FILE=/var/log/genieacs/cwmp-access.log\nGENIEACS_UI_JWT_SECRET={s}\nGENIEACS_EXT_DIR=/opt/genieacs/ext", s, "GENIEACS_EXT_DIR")


@_t(_G, "openwrt-uci-easycwmp-acs")
def _():
    p, h = _upw(), "acs." + _dom()
    return (f"config acs 'acs'\n\toption url 'http://{h}:7547/'\n\toption username 'cpe'\n\toption password '{p}'\n\toption periodic_enable '1'", p, h)


@_t(_G, "openwrt-uci-network-pppoe")
def _():
    u, p = _ppp_user(), _pw()
    return (f"config interface 'wan'\n\toption device 'eth1'\n\toption proto 'pppoe'\n\toption username '{u}'\n\toption password '{p}'\n\toption ipv6 'auto'", p, u)


@_t(_G, "openwrt-uci-wireless-key")
def _():
    k, s = _psk(), _ssid()
    return (f"config wifi-iface 'default_radio0'\n\toption device 'radio0'\n\toption mode 'ap'\n\toption ssid '{s}'\n\toption encryption 'psk2'\n\toption key '{k}'", k, s)


@_t(_G, "snmpd-conf-rocommunity")
def _():
    c = _comm()
    return (f"# /etc/snmp/snmpd.conf\nagentAddress udp:161\nrocommunity {c} 10.0.0.0/8\nsysLocation POP {_city()}", c, "agentAddress")


@_t(_G, "snmpd-conf-createuser-auth")
def _():
    u, a = "nms" + _lan(3), _rpw()
    return (f"createUser {u} SHA \"{a}\" AES \"{_rpw()}\"\nrouser {u} priv", a, u)


@_t(_G, "snmpd-conf-createuser-priv")
def _():
    u, x = "lnms_" + _lan(3), _rpw()
    return (f"createUser {u} SHA-256 {_rpw()} AES {x}\nrouser {u} authpriv", x, u)


@_t(_G, "frr-bgpd-neighbor-password")
def _():
    k, ip = _key(), _ip()
    return (f"router bgp {_asn()}\n neighbor {ip} remote-as {_pubasn()}\n neighbor {ip} password {k}\n neighbor {ip} description upstream-{_n(1,3)}", k, ip)


@_t(_G, "bird-protocol-bgp-password")
def _():
    k, ip = _key(), _ip()
    return (f"protocol bgp ix_{_site().lower()} {{\n  local as {_asn()};\n  neighbor {ip} as {_pubasn()};\n  password \"{k}\";\n  ipv4 {{ import filter ix_in; export filter ix_out; }};\n}}", k, ip)


@_t(_G, "openbgpd-tcp-md5sig-password")
def _():
    k, ip = _key(), _ip()
    return (f"neighbor {ip} {{\n\tremote-as {_pubasn()}\n\tdescr \"transit\"\n\ttcp md5sig password {k}\n}}", k, ip)


@_t(_G, "quagga-ospfd-message-digest-key")
def _():
    k = _an(_n(8, 16))
    return (f"interface eth1\n ip ospf authentication message-digest\n ip ospf message-digest-key 1 md5 {k}", k, "interface eth1")


@_t(_G, "keepalived-auth-pass")
def _():
    k = _an(8)
    return (f"vrrp_instance VI_BNG {{\n    state MASTER\n    interface bond0.{_n(10,99)}\n    virtual_router_id {_n(1,250)}\n    authentication {{\n        auth_type PASS\n        auth_pass {k}\n    }}", k, "VI_BNG")


@_t(_G, "strongswan-ipsec-secrets-psk")
def _():
    k, ip = _key(), _ip()
    return (f"# /etc/ipsec.secrets\n{ip} {_ip()} : PSK \"{k}\"", k, ip)


@_t(_G, "swanctl-conf-secrets-ike")
def _():
    k = _b64(24)
    return (f"secrets {{\n   ike-pop-{_site().lower()} {{\n      id = pop.{_dom()}\n      secret = \"{k}\"\n   }}\n}}", k, "secrets")


@_t(_G, "wireguard-conf-interface-privatekey")
def _():
    k = _b64(32)
    return (f"[Interface]\nAddress = 10.{_n(0,254)}.{_n(0,254)}.1/24\nPrivateKey = {k}\nListenPort = 51820\n\n[Peer]\nPublicKey = {_b64(32)}\nAllowedIPs = 10.{_n(0,254)}.0.0/16", k, "ListenPort")


@_t(_G, "openvpn-auth-user-pass-file")
def _():
    u, p = _uname(), _pw()
    return (f"# /etc/openvpn/client/noc.auth (auth-user-pass)\n{u}\n{p}", p, u)


@_t(_G, "openvpn-static-key-v1-body")
def _():
    body = "\n".join(_hex(32) for _ in range(16))
    return (f"-----BEGIN OpenVPN Static key V1-----\n{body}\n-----END OpenVPN Static key V1-----", body, "OpenVPN Static key V1")


@_t(_G, "hostapd-conf-wpa-passphrase")
def _():
    k, s = _psk(), _ssid()
    return (f"interface=wlan0\nssid={s}\nwpa=2\nwpa_key_mgmt=WPA-PSK\nwpa_passphrase={k}\nrsn_pairwise=CCMP", k, s)


@_t(_G, "isc-dhcpd-omapi-key")
def _():
    k = _b64(64)
    return (f"omapi-port 7911;\nkey omapi_key {{\n    algorithm hmac-md5;\n    secret \"{k}\";\n}};\nomapi-key omapi_key;", k, "omapi_key")


@_t(_G, "bind-tsig-key-secret")
def _():
    k = _b64(32)
    return (f"key \"ddns-{_site().lower()}\" {{\n\talgorithm hmac-sha256;\n\tsecret \"{k}\";\n}};", k, "hmac-sha256")


@_t(_G, "kea-ctrl-agent-basic-auth-clients")
def _():
    p = _rpw()
    return (f'"authentication": {{\n    "type": "basic",\n    "realm": "kea-ctrl",\n    "clients": [ {{ "user": "stork", "password": "{p}" }} ]\n}}', p, "stork")


@_t(_G, "pmacct-sql-passwd")
def _():
    p = _pw()
    return (f"! nfacctd.conf\nnfacctd_port: 2055\nplugins: mysql[isp]\nsql_host[isp]: {_ip()}\nsql_user[isp]: pmacct\nsql_passwd[isp]: {p}", p, "nfacctd_port")


@_t(_G, "zabbix-server-conf-dbpassword")
def _():
    p = _rpw()
    return (f"DBHost=localhost\nDBName=zabbix\nDBUser=zabbix\nDBPassword={p}\nStartPollers=50", p, "DBUser=zabbix")


@_t(_G, "librenms-dotenv-db-password")
def _():
    p = _rpw()
    return (f"APP_URL=https://nms.{_dom()}\nDB_HOST=localhost\nDB_DATABASE=librenms\nDB_USERNAME=librenms\nDB_PASSWORD={p}", p, "DB_USERNAME")


@_t(_G, "oxidized-config-yaml-password")
def _():
    p = _pw()
    return (f"---\nusername: oxidized\npassword: {p}\nmodel: routeros\ninterval: 3600\ninput:\n  default: ssh, telnet", p, "interval")


@_t(_G, "rancid-cloginrc-add-password")
def _():
    p, h = _pw(), _short("pe")
    return (f"add user {h} noc\nadd password {h} {{{p}}} {{{_rpw()}}}\nadd method {h} ssh", p, h)


@_t(_G, "grafana-ini-admin-password")
def _():
    p = _pw()
    return (f"[security]\nadmin_user = admin\nadmin_password = {p}\ndisable_gravatar = true", p, "disable_gravatar")


@_t(_G, "telegraf-inputs-snmp-community")
def _():
    c = _comm()
    return (f"[[inputs.snmp]]\n  agents = [\"udp://{_ip()}:161\"]\n  version = 2\n  community = \"{c}\"\n  name = \"olt_pon\"", c, "olt_pon")


@_t(_G, "snmp-exporter-auths-v3")
def _():
    p = _rpw()
    return (f"auths:\n  isp_v3:\n    version: 3\n    username: prom\n    security_level: authPriv\n    password: {p}\n    auth_protocol: SHA\n    priv_protocol: AES\n    priv_password: {_rpw()}", p, "isp_v3")


@_t(_G, "ddclient-conf-password")
def _():
    p, h = _pw(), "pop-%s.%s" % (_site().lower(), _dom())
    return (f"protocol=dyndns2\nuse=web\nserver=members.dyndns.org\nlogin=noc{_lan(4)}\npassword='{p}'\n{h}", p, h)


@_t(_G, "my-cnf-client-section")
def _():
    p = _rpw()
    return (f"[client]\nuser=radius\npassword=\"{p}\"\nhost={_ip()}\n\n[mysqldump]\nsingle-transaction", p, "mysqldump")


@_t(_G, "pgpass-line")
def _():
    p, h = _upw(), _host("billing")
    return (f"# ~/.pgpass\n{h}:5432:billing:billing_app:{p}", p, h)


@_t(_G, "daloradius-config-php-db-pass")
def _():
    p = _pw()
    return (f"$configValues['CONFIG_DB_HOST'] = 'localhost';\n$configValues['CONFIG_DB_USER'] = 'radius';\n$configValues['CONFIG_DB_PASS'] = '{p}';\n$configValues['CONFIG_DB_NAME'] = 'radius';", p, "CONFIG_DB_USER")


@_t(_G, "spring-application-properties-datasource")
def _():
    p, h = _rpw(), _host("billing")
    return (f"spring.datasource.url=jdbc:postgresql://{h}:5432/provisioning\nspring.datasource.username=prov\nspring.datasource.password={p}", p, h)


@_t(_G, "appsettings-json-connection-string")
def _():
    p, h = _rpw(sym="@*-_.+!"), _short("sql").upper()
    return (f'"ConnectionStrings": {{\n    "Faturamento": "Server={h};Database=Faturamento;User Id=svc_billing;Password={p};TrustServerCertificate=True"\n}}', p, h)


@_t(_G, "networkmanager-keyfile-pppoe")
def _():
    u, p = _ppp_user(), _pw()
    return (f"[connection]\nid=wan-pppoe\ntype=pppoe\n\n[pppoe]\nparent=enp2s0\nusername={u}\npassword={p}", p, u)


@_t(_G, "accel-ppp-radius-server-csv")
def _():
    s, ip = _key(), _ip()
    return (f"[radius]\nnas-identifier=bras-{_site().lower()}\nnas-ip-address={_ip()}\nserver={ip},{s},auth-port=1812,acct-port=1813,req-limit=50,fail-timeout=0\ndae-server=0.0.0.0:3799,{_key()}", s, ip)


@_t(_G, "radius-proxy-toml-secret")
def _():
    s = _key()
    return (f"# radius-proxy.toml\n[upstream]\naddress = \"{_ip()}:1812\"\nsecret = \"{s}\"\ntimeout = \"3s\"", s, "upstream")


# ====================================================================
# group: source-code
# ====================================================================
_G = "source-code"


@_t(_G, "py-netmiko-device-dict-password")
def _():
    p, ip = _pw(), _ip()
    return (f"olt = {{\n    \"device_type\": \"huawei_smartax\",\n    \"host\": \"{ip}\",\n    \"username\": \"root\",\n    \"password\": \"{p}\",\n}}\nconn = ConnectHandler(**olt)", p, ip)


@_t(_G, "py-netmiko-enable-secret-kwarg")
def _():
    s, ip = _rpw(), _ip()
    return (f"conn = ConnectHandler(device_type=\"cisco_ios\", host=\"{ip}\", username=os.environ[\"NOC_USER\"],\n                      password=os.environ[\"NOC_PASS\"], secret=\"{s}\")\nconn.enable()", s, ip)


@_t(_G, "py-librouteros-connect-kwargs")
def _():
    p, ip = _pw(), _ip()
    return (f"from librouteros import connect\napi = connect(username='api', password='{p}', host='{ip}', port=8728)", p, ip)


@_t(_G, "py-routeros-api-pool")
def _():
    p, ip = _pw(), _ip()
    return (f"pool = routeros_api.RouterOsApiPool('{ip}', username='admin', password='{p}', plaintext_login=True)\napi = pool.get_api()", p, ip)


@_t(_G, "py-paramiko-connect-password")
def _():
    u, p, ip = _uname(), _pw(), _ip()
    return (f"client = paramiko.SSHClient()\nclient.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nclient.connect('{ip}', username='{u}', password='{p}', look_for_keys=False)", p, u)


@_t(_G, "py-pysnmp-communitydata")
def _():
    c = _comm()
    return (f"errorIndication, errorStatus, errorIndex, varBinds = next(getCmd(\n    SnmpEngine(), CommunityData('{c}', mpModel=1),\n    UdpTransportTarget(('{_ip()}', 161)), ContextData(),\n    ObjectType(ObjectIdentity('SNMPv2-MIB', 'sysDescr', 0))))", c, "sysDescr")


@_t(_G, "py-pysnmp-usmuserdata-positional-auth")
def _():
    u, a = "nms" + _lan(3), _rpw()
    return (f"auth = UsmUserData('{u}', '{a}', '{_rpw()}',\n                   authProtocol=usmHMACSHAAuthProtocol,\n                   privProtocol=usmAesCfb128Protocol)", a, u)


@_t(_G, "py-pysnmp-usmuserdata-privkey-kwarg")
def _():
    u, x = "poller_" + _lan(3), _rpw()
    return (f"UsmUserData(userName='{u}', authKey=os.getenv('SNMP_AUTH'), privKey='{x}',\n            authProtocol=usmHMAC192SHA256AuthProtocol, privProtocol=usmAesCfb128Protocol)", x, u)


@_t(_G, "py-pyrad-client-secret-bytes")
def _():
    s, ip = _key(), _ip()
    return (f"srv = Client(server=\"{ip}\", secret=b\"{s}\", dict=Dictionary(\"dictionary\"))\nreq = srv.CreateAuthPacket(code=pyrad.packet.AccessRequest, User_Name=user)", s, ip)


@_t(_G, "py-napalm-driver-positional")
def _():
    u, p, ip = _uname(), _pw(), _ip()
    return (f"driver = get_network_driver('iosxr')\ndevice = driver('{ip}', '{u}', '{p}', optional_args={{'port': 22}})\ndevice.open()", p, u)


@_t(_G, "py-requests-auth-tuple-key-secret")
def _():
    k, s = _hex(32), _hex(32)
    return (f"r = requests.get(f\"{{BASE}}/api/2.0/admin/customers/customer\", auth=('{k}', '{s}'), timeout=15)", s, k)


@_t(_G, "py-requests-headers-token-netbox")
def _():
    t, h = _hex(40), "netbox." + _dom()
    return (f"NETBOX = \"https://{h}\"\nHEADERS = {{\"Authorization\": \"Token {t}\", \"Accept\": \"application/json\"}}", t, h)


@_t(_G, "py-ncclient-manager-connect")
def _():
    p, ip = _pw(), _ip()
    return (f"with manager.connect(host='{ip}', port=830, username='netconf', password='{p}',\n                     hostkey_verify=False, device_params={{'name': 'junos'}}) as m:", p, ip)


@_t(_G, "py-sqlalchemy-create-engine-url")
def _():
    p, ip = _upw(), _ip()
    return (f"engine = create_engine(\"mysql+pymysql://radius:{p}@{ip}/radius\", pool_pre_ping=True)", p, ip)


@_t(_G, "py-mysqldb-connect-positional")
def _():
    p, ip = _pw(), _ip()
    return (f"db = MySQLdb.connect(\"{ip}\", \"mkauth\", \"{p}\", \"mkradius\")\ncur = db.cursor()", p, ip)


@_t(_G, "py-psycopg2-keyword-dsn")
def _():
    p, h = _upw(), _host("billing")
    return (f"conn = psycopg2.connect(\"host={h} dbname=billing user=app password={p} sslmode=require\")", p, h)


@_t(_G, "py-os-environ-get-default-secret")
def _():
    s = _key()
    return (f"RADIUS_SECRET = os.environ.get(\"RADIUS_SECRET\", \"{s}\").encode()", s, "RADIUS_SECRET")


@_t(_G, "py-class-constant-default-password")
def _():
    p = _pw()
    return (f"class HuaweiOLT:\n    DEFAULT_USER = \"root\"\n    DEFAULT_PASSWORD = \"{p}\"\n    PROMPT = re.compile(r\"MA5800.*[>#]\")", p, "DEFAULT_USER")


@_t(_G, "py-telnetlib-write-password-bytes")
def _():
    p = _pw()
    return (f"tn = telnetlib.Telnet(host, 23, timeout=10)\ntn.read_until(b\"User name:\")\ntn.write(b\"root\\n\")\ntn.read_until(b\"User password:\")\ntn.write(b\"{p}\\n\")", p, "User name:")


@_t(_G, "go-radius-new-secret-bytes")
def _():
    s = _key()
    return (f"packet := radius.New(radius.CodeAccessRequest, []byte(\"{s}\"))\nrfc2865.UserName_SetString(packet, user)", s, "CodeAccessRequest")


@_t(_G, "go-gosnmp-struct-community")
def _():
    c, ip = _comm(), _ip()
    return (f"g := &gosnmp.GoSNMP{{\n\tTarget:    \"{ip}\",\n\tPort:      161,\n\tCommunity: \"{c}\",\n\tVersion:   gosnmp.Version2c,\n\tTimeout:   2 * time.Second,\n}}", c, ip)


@_t(_G, "go-sql-open-mysql-dsn")
def _():
    p, ip = _upw(), _ip()
    return (f"db, err := sql.Open(\"mysql\", \"radius:{p}@tcp({ip}:3306)/radius?parseTime=true\")", p, ip)


@_t(_G, "go-const-api-token")
def _():
    t = _hex(32)
    return (f"const (\n\tkentikEmail    = \"noc@{_dom()}\"\n\tkentikAPIToken = \"{t}\"\n)", t, "kentikEmail")


@_t(_G, "go-ssh-password-auth-method")
def _():
    p = _pw()
    return (f"cfg := &ssh.ClientConfig{{\n\tUser:            \"backup\",\n\tAuth:            []ssh.AuthMethod{{ssh.Password(\"{p}\")}},\n\tHostKeyCallback: ssh.InsecureIgnoreHostKey(),\n}}", p, "backup")


@_t(_G, "js-node-routeros-constructor")
def _():
    p, ip = _pw(), _ip()
    return (f"const api = new RouterOSAPI({{ host: '{ip}', user: 'api', password: '{p}', port: 8728, timeout: 5 }});", p, ip)


@_t(_G, "js-radius-encode-secret")
def _():
    s = _key()
    return (f"const packet = radius.encode({{\n  code: 'Access-Request',\n  secret: '{s}',\n  attributes: [['User-Name', username], ['User-Password', password]],\n}});", s, "Access-Request")


@_t(_G, "js-axios-auth-object")
def _():
    p, h = _pw(), _host("billing")
    return (f"const {{ data }} = await axios.get('https://{h}/webservice/v1/cliente', {{\n  auth: {{ username: 'api', password: '{p}' }},\n}});", p, h)


@_t(_G, "js-genieacs-provision-connreq-password")
def _():
    p = _upw()
    return (f"// provisions/default.js\ndeclare(\"InternetGatewayDevice.ManagementServer.ConnectionRequestUsername\", {{value: 1}}, {{value: \"acs\"}});\ndeclare(\"InternetGatewayDevice.ManagementServer.ConnectionRequestPassword\", {{value: 1}}, {{value: \"{p}\"}});", p, "ConnectionRequestUsername")


@_t(_G, "js-genieacs-provision-wifi-key")
def _():
    k = _psk()
    return (f"const now = Date.now();\ndeclare(\"InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.PreSharedKey.1.KeyPassphrase\", {{value: now}}, {{value: \"{k}\"}});", k, "WLANConfiguration.1")


@_t(_G, "js-mongoose-connect-srv-uri")
def _():
    p = _upw()
    c = "cluster0." + _lan(5)
    return (f"await mongoose.connect('mongodb+srv://acs:{p}@{c}.mongodb.net/acs?retryWrites=true');", p, c)


@_t(_G, "ts-nullish-env-fallback")
def _():
    s = _hex(32)
    return (f"export const SPLYNX_SECRET: string = process.env.SPLYNX_SECRET ?? \"{s}\";", s, "SPLYNX_SECRET")


@_t(_G, "php-routeros-api-connect-positional")
def _():
    p, ip = _pw(), _ip()
    return (f"$API = new RouterosAPI();\nif ($API->connect('{ip}', 'admin', '{p}')) {{\n    $API->write('/ppp/active/print');", p, ip)


@_t(_G, "php-pdo-constructor-positional")
def _():
    p = _pw()
    return (f"$pdo = new PDO(\"mysql:host=127.0.0.1;dbname=mkradius;charset=utf8\", \"root\", \"{p}\");", p, "mkradius")


@_t(_G, "php-mysqli-connect-positional")
def _():
    p = _pw()
    return (f"$conn = mysqli_connect(\"localhost\", \"ixc\", \"{p}\", \"ixcprovedor\");\nif (!$conn) {{ die(\"Falha na conexão: \" . mysqli_connect_error()); }}", p, "ixcprovedor")


@_t(_G, "php-define-db-pass")
def _():
    p = _pw()
    return (f"define('DB_HOST', 'localhost');\ndefine('DB_USER', 'sgp');\ndefine('DB_PASS', '{p}');", p, "DB_USER")


@_t(_G, "java-drivermanager-getconnection")
def _():
    p, ip = _rpw(), _ip()
    return (f"Connection c = DriverManager.getConnection(\"jdbc:mysql://{ip}:3306/radius\", \"radius\", \"{p}\");", p, ip)


@_t(_G, "java-snmp4j-octetstring-community")
def _():
    c = _comm()
    return (f"CommunityTarget target = new CommunityTarget();\ntarget.setCommunity(new OctetString(\"{c}\"));\ntarget.setVersion(SnmpConstants.version2c);", c, "CommunityTarget")


@_t(_G, "java-jsch-session-setpassword")
def _():
    p, ip = _pw(), _ip()
    return (f"Session session = jsch.getSession(\"admin\", \"{ip}\", 22);\nsession.setPassword(\"{p}\");\nsession.setConfig(\"StrictHostKeyChecking\", \"no\");", p, ip)


@_t(_G, "csharp-sqlconnection-literal")
def _():
    p, h = _rpw(), _short("sql").upper()
    return (f"using var conn = new SqlConnection(\"Server={h};Database=Billing;User Id=svc_billing;Password={p};Encrypt=False\");", p, h)


@_t(_G, "csharp-networkcredential-positional")
def _():
    u, p = _uname(), _pw()
    return (f"var handler = new HttpClientHandler {{ Credentials = new NetworkCredential(\"{u}\", \"{p}\") }};", p, u)


@_t(_G, "perl-net-telnet-cisco-login")
def _():
    u, p = _uname(), _pw()
    return (f"my $session = Net::Telnet::Cisco->new(Host => $host);\n$session->login('{u}', '{p}');\nmy @out = $session->cmd('show ip bgp summary');", p, u)


@_t(_G, "perl-net-snmp-session-community")
def _():
    c, ip = _comm(), _ip()
    return (f"my ($session, $error) = Net::SNMP->session(\n    -hostname  => '{ip}',\n    -community => '{c}',\n    -version   => 'snmpv2c',\n);", c, ip)


@_t(_G, "ruby-net-ssh-start-password")
def _():
    p, ip = _pw(), _ip()
    return (f"Net::SSH.start('{ip}', 'oxidized', password: '{p}', non_interactive: true) do |ssh|\n  puts ssh.exec!('/export terse')\nend", p, ip)


@_t(_G, "bash-script-variable-sshpass")
def _():
    p = _pw()
    return (f"#!/bin/bash\nOLT_USER=\"root\"\nOLT_PASS=\"{p}\"\nfor ip in $(cat olts.txt); do\n  sshpass -p \"$OLT_PASS\" ssh \"$OLT_USER@$ip\" 'display board 0' > \"out/$ip.txt\"\ndone", p, "OLT_USER")


@_t(_G, "bash-heredoc-expect-send")
def _():
    p, ip = _pw(), _ip()
    return (f"expect <<EOF\nset timeout 20\nspawn ssh admin@{ip}\nexpect \"assword:\"\nsend \"{p}\\r\"\nexpect \">\"\nsend \"/export file=backup\\r\"\nEOF", p, ip)


@_t(_G, "tcl-expect-set-password")
def _():
    p = _pw()
    return (f"#!/usr/bin/expect -f\nset user \"noc\"\nset password \"{p}\"\nset host [lindex $argv 0]\nspawn telnet $host", p, "set user")


@_t(_G, "ps1-posh-ssh-credential")
def _():
    p, ip = _rpw(), _ip()
    return (f"$sec = ConvertTo-SecureString '{p}' -AsPlainText -Force\n$cred = [pscredential]::new('admin', $sec)\n$s = New-SSHSession -ComputerName {ip} -Credential $cred -AcceptKey", p, ip)


@_t(_G, "lua-uci-set-wan-password")
def _():
    p = _pw()
    return (f"local uci = require(\"luci.model.uci\").cursor()\nuci:set(\"network\", \"wan\", \"proto\", \"pppoe\")\nuci:set(\"network\", \"wan\", \"password\", \"{p}\")\nuci:commit(\"network\")", p, "luci.model.uci")


@_t(_G, "sql-insert-radcheck-cleartext")
def _():
    u, p = _ppp_user(), _c([_pw(), _dig(8)])
    return (f"INSERT INTO radcheck (username, attribute, op, value) VALUES ('{u}', 'Cleartext-Password', ':=', '{p}');", p, u)


@_t(_G, "sql-insert-nas-secret")
def _():
    s, sh = _key(), _short("bng")
    return (f"INSERT INTO nas (nasname, shortname, type, ports, secret, description)\nVALUES ('{_ip()}', '{sh}', 'other', NULL, '{s}', 'BNG {_city()}');", s, sh)


@_t(_G, "sql-update-radcheck-value")
def _():
    u, p = _ppp_user(), _pw()
    return (f"UPDATE radcheck SET value = '{p}' WHERE username = '{u}' AND attribute = 'Cleartext-Password';", p, u)


@_t(_G, "dockerfile-env-password")
def _():
    p = _pw()
    return (f"FROM drumsergio/genieacs:1.2.13\nENV GENIEACS_CWMP_AUTH_PASSWORD={p}\nEXPOSE 7547 7557 7567 3000", p, "EXPOSE 7547")


@_t(_G, "rust-const-byte-string-secret")
def _():
    s = _key()
    return (f"const RADIUS_SECRET: &[u8] = b\"{s}\";\nconst NAS_ID: &str = \"bng-{_site().lower()}\";", s, "NAS_ID")


@_t(_G, "gradle-buildconfigfield-escaped")
def _():
    k = "AIza" + _s(_URLC, 35)
    return (f"defaultConfig {{\n    applicationId \"net.isp.tecnico\"\n    buildConfigField \"String\", \"MAPS_API_KEY\", \"\\\"{k}\\\"\"\n}}", k, "net.isp.tecnico")


@_t(_G, "c-define-wifi-psk")
def _():
    k, s = _psk(), _ssid()
    return (f"#define WIFI_SSID \"{s}\"\n#define WIFI_PSK  \"{k}\"\n#define MQTT_HOST \"mqtt.{_dom()}\"", k, s)


@_t(_G, "arduino-wifi-begin-positional")
def _():
    k, s = _psk(), _ssid()
    return (f"void setup() {{\n  Serial.begin(115200);\n  WiFi.begin(\"{s}\", \"{k}\");\n}}", k, s)


@_t(_G, "go-setbasicauth-positional")
def _():
    p = _pw()
    return (f"req, _ := http.NewRequest(\"GET\", base+\"/api/v1/customers\", nil)\nreq.SetBasicAuth(\"integracao\", \"{p}\")", p, "integracao")


@_t(_G, "py-ftplib-login-positional")
def _():
    p, ip = _pw(), _ip()
    return (f"ftp = FTP('{ip}')\nftp.login('backup', '{p}')\nftp.retrbinary('RETR flash:/vrpcfg.zip', open('vrpcfg.zip', 'wb').write)", p, ip)


@_t(_G, "py-smtplib-login-positional")
def _():
    p, d = _pw(), _dom()
    return (f"with smtplib.SMTP_SSL('smtp.{d}', 465) as s:\n    s.login('noc@{d}', '{p}')\n    s.send_message(msg)", p, f"smtp.{d}")


@_t(_G, "py-device-inventory-list")
def _():
    p, ip = _pw(), _ip()
    return (f"DEVICES = [\n    {{\"host\": \"{ip}\", \"username\": \"admin\", \"password\": \"{p}\", \"device_type\": \"mikrotik_routeros\"}},\n]", p, ip)


@_t(_G, "py-jwt-encode-positional-key")
def _():
    s = _an(_n(24, 40))
    return (f"token = jwt.encode({{\"sub\": tecnico_id, \"exp\": exp}}, \"{s}\", algorithm=\"HS256\")", s, "HS256")


@_t(_G, "py-flask-secret-key-config")
def _():
    s = _hex(48)
    return (f"app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"{s}\"", s, "Flask(__name__)")


@_t(_G, "django-settings-insecure-secret-key")
def _():
    s = "django-insecure-" + _s(_LO + _DG + "!@#%^&*(-_=+)", 50)
    return (f"# settings.py\nSECRET_KEY = '{s}'\nDEBUG = False\nALLOWED_HOSTS = ['portal.{_dom()}']", s, "ALLOWED_HOSTS")


@_t(_G, "js-jsonwebtoken-sign-positional")
def _():
    s = _an(_n(24, 40))
    return (f"const token = jwt.sign({{ sub: tecnico.id, role: 'campo' }}, '{s}', {{ expiresIn: '8h' }});", s, "expiresIn")


@_t(_G, "java-properties-put-smtp-password")
def _():
    p = _pw()
    return (f"props.put(\"mail.smtp.user\", \"alertas@{_dom()}\");\nprops.put(\"mail.smtp.password\", \"{p}\");", p, "mail.smtp.user")


@_t(_G, "py-scrapli-auth-password")
def _():
    p, ip = _pw(), _ip()
    return (f"conn = Scrapli(host=\"{ip}\", auth_username=\"automation\", auth_password=\"{p}\",\n              auth_strict_key=False, platform=\"juniper_junos\")", p, ip)


@_t(_G, "py-tacacs-client-positional-key")
def _():
    k, ip = _key(), _ip()
    return (f"cli = TACACSClient('{ip}', 49, '{k}', timeout=10, family=socket.AF_INET)\nauthen = cli.authenticate(user, password)", k, ip)


@_t(_G, "py-pyzabbix-login-password")
def _():
    p, h = _pw(), "zbx." + _dom()
    return (f"zapi = ZabbixAPI(\"https://{h}\")\nzapi.login(\"Admin\", \"{p}\")", p, h)


@_t(_G, "go-config-struct-literal")
def _():
    p, ip = _pw(), _ip()
    return (f"var cfg = Config{{\n\tOLTHost: \"{ip}\",\n\tOLTUser: \"root\",\n\tOLTPass: \"{p}\",\n}}", p, ip)


@_t(_G, "py-hvac-client-token")
def _():
    t = "hvs." + _s(_URLC, 24)
    return (f"client = hvac.Client(url='https://vault.{_dom()}:8200', token='{t}')\nsecret = client.secrets.kv.v2.read_secret_version(path='noc/radius')", t, "noc/radius")


# ====================================================================
# group: stack-trace-or-log
# ====================================================================
_G = "stack-trace-or-log"


def _rts():
    return "%s %s %2d %s %d" % (_c(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]),
                               _c(["Jan", "Mar", "May", "Jul", "Sep", "Nov"]), _n(1, 28),
                               _time(), _n(2023, 2025))


@_t(_G, "freeradius-log-login-incorrect-badpass")
def _():
    u, p = _ppp_user(), _pw()
    return (f"{_rts()} : Auth: ({_n(1,99999)}) Login incorrect (rlm_pap: Cleartext password does not match \"known good\" password): [{u}/{p}] (from client {_short('bng')} port {_n(1,99999999)} cli {_mac()})", p, u)


@_t(_G, "freeradius-log-login-ok-goodpass")
def _():
    u, p = _ppp_user(), _c([_pw(), _dig(8)])
    return (f"{_rts()} : Auth: ({_n(1,99999)}) Login OK: [{u}/{p}] (from client {_short('bras')} port {_n(1,99999999)} cli {_mac('-')})", p, u)


@_t(_G, "pppd-debug-pap-authreq")
def _():
    u, p = _ppp_user(), _upw()
    return (f"{_syslogts()} cpe-{_site().lower()} pppd[{_n(200,9000)}]: sent [PAP AuthReq id=0x1 user=\"{u}\" password=\"{p}\"]\n{_syslogts()} cpe pppd[{_n(200,9000)}]: rcvd [PAP AuthAck id=0x1 \"\"]", p, u)


@_t(_G, "accel-ppp-pap-debug")
def _():
    u, p = _ppp_user(), _pw()
    return (f"[{_date()} {_time()}]: debug: ppp{_n(0,4000)}: recv [PAP AuthReq id={_n(1,9)} peer_id=\"{u}\" password=\"{p}\"]", p, u)


@_t(_G, "py-traceback-sqlalchemy-source-line")
def _():
    p, ip = _upw(), _ip()
    return (f"Traceback (most recent call last):\n  File \"/opt/prov/app/db.py\", line 14, in <module>\n    engine = create_engine(\"mysql+pymysql://radius:{p}@{ip}/radius\")\n  File \"/usr/lib/python3/dist-packages/sqlalchemy/engine/create.py\", line 552, in create_engine\nModuleNotFoundError: No module named 'pymysql'", p, ip)


@_t(_G, "py-traceback-netmiko-auth-source-line")
def _():
    p, ip = _pw(), _ip()
    return (f"Traceback (most recent call last):\n  File \"backup_olts.py\", line 41, in <module>\n    conn = ConnectHandler(device_type=\"huawei_smartax\", host=\"{ip}\", username=\"root\", password=\"{p}\")\nnetmiko.exceptions.NetmikoAuthenticationException: TCP connection to device failed.", p, ip)


@_t(_G, "rich-traceback-locals-password")
def _():
    p, ip = _pw(), _ip()
    return (f"│ ╭──────────── locals ─────────────╮                    │\n│ │     host = '{ip}'     │                    │\n│ │ password = '{p}' │                    │\n│ │     port = 8728                 │                    │\n│ ╰─────────────────────────────────╯                    │\nTrapError: invalid user name or password (6)", p, ip)


@_t(_G, "php-pdo-uncaught-stack-args")
def _():
    p = _rpw(8, 15)
    return (f"PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'mkauth'@'localhost' (using password: YES) in /opt/mk-auth/include/conexao.php:9\nStack trace:\n#0 /opt/mk-auth/include/conexao.php(9): PDO->__construct('mysql:host=loca...', 'mkauth', '{p}')\n#1 {{main}}", p, "mkauth")


@_t(_G, "java-hikari-jdbc-url-password-param")
def _():
    p, h = _upw(), _host("billing")
    return (f"{_date()} {_time()}.{_n(100,999)}  INFO 1 --- [main] com.zaxxer.hikari.HikariDataSource : HikariPool-1 - Starting...\n{_date()} {_time()}.{_n(100,999)} ERROR 1 --- [main] o.h.engine.jdbc.spi.SqlExceptionHelper : Connection to jdbc:postgresql://{h}:5432/billing?user=billing&password={p} refused.", p, h)


@_t(_G, "node-error-config-object-dump")
def _():
    p, ip = _pw(), _ip()
    return (f"Error: connect ETIMEDOUT {ip}:8728\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16) {{\n  errno: -110,\n  code: 'ETIMEDOUT',\n  config: {{ host: '{ip}', user: 'api', password: '{p}', port: 8728 }}\n}}", p, "ETIMEDOUT")


@_t(_G, "go-panic-struct-plus-v")
def _():
    s, ip = _key(), _ip()
    return (f"{_date().replace('-', '/')} {_time()} radprobe: config loaded: {{Server:{ip}:1812 Secret:{s} Timeout:3s Retries:2}}\npanic: dial udp {ip}:1812: connect: network is unreachable\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/radprobe/main.go:44 +0x1d5", s, ip)


@_t(_G, "nginx-access-log-token-query")
def _():
    t, ip = _lan(32), _ip()
    return (f"{ip} - - [12/{_c(['Mar','Apr','Jun'])}/2024:{_time()} -0300] \"GET /api/v1/onu/status?serial={_gpon_sn()}&token={t} HTTP/1.1\" 200 {_n(100,2000)} \"-\" \"python-requests/2.31.0\"", t, ip)


@_t(_G, "haproxy-log-api-key-param")
def _():
    k = _an(32)
    return (f"{_syslogts()} lb01 haproxy[{_n(100,9999)}]: {_ip()}:{_n(1024,65000)} [{_time()}.{_n(100,999)}] fe_api be_crm/crm1 0/0/1/{_n(10,300)}/{_n(10,300)} 200 {_n(100,9000)} - - ---- \"GET /crm/api/v1.0/clients?apiKey={k}&limit=100 HTTP/1.1\"", k, "fe_api")


@_t(_G, "genieacs-cwmp-connection-request-url-log")
def _():
    p, ip = _upw(), _ip()
    dev = "%s-%s-%s" % (_uhex(6), _c(["F670L", "EG8145V5", "AX3000"]), _uhex(12))
    return (f"{_ts()} [INFO] {ip} {dev}: Connection request; url=\"http://acs:{p}@{ip}:7547/tr069\"", p, dev)


@_t(_G, "acs-soap-debug-pppoe-password-value")
def _():
    p = _pw()
    return (f"DEBUG cwmp.rpc SetParameterValues ->\n<ParameterValueStruct>\n  <Name>InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1.WANPPPConnection.1.Password</Name>\n  <Value xsi:type=\"xsd:string\">{p}</Value>\n</ParameterValueStruct>", p, "SetParameterValues")


@_t(_G, "snmp-poller-timeout-community-log")
def _():
    c, ip = _comm(), _ip()
    return (f"{_ts()} WARN poller[{_n(100,9000)}]: snmp timeout host={ip} version=2c community={c} oid=ifHCInOctets retries=3", c, ip)


@_t(_G, "librenms-debug-snmpget-cmdline")
def _():
    c, ip = _comm(), _ip()
    return (f"SNMP['/usr/bin/snmpget' '-v2c' '-c' '{c}' '-OQXUte' '-M' '/opt/librenms/mibs' 'udp:{ip}:161' 'SNMPv2-MIB::sysObjectID.0']\nSNMPv2-MIB::sysObjectID.0 = .1.3.6.1.4.1.14988.1", c, ip)


@_t(_G, "cron-mail-clogin-cmdline")
def _():
    p, h = _pw(), _short("pe")
    return (f"From: Cron Daemon <root@{_short('nms')}>\nSubject: Cron <rancid@nms> /usr/lib/rancid/bin/clogin -u noc -p '{p}' -c 'show version' {h}\n\n{h}: timeout waiting for prompt", p, h)


@_t(_G, "worker-log-amqp-broker-url")
def _():
    p, h = _upw(), _host("mq")
    return (f"{_ts()} INFO provisioning.worker starting with broker=amqp://prov:{p}@{h}:5672/isp concurrency=8", p, h)


@_t(_G, "spring-debug-property-value")
def _():
    p = _rpw()
    return (f"DEBUG o.s.c.e.PropertySourcesPropertyResolver - Found key 'spring.datasource.password' in PropertySource 'applicationConfig: [classpath:/application.yml]' with value of type String: '{p}'", p, "spring.datasource.password")


@_t(_G, "syslog-sudo-command-mysql-p")
def _():
    p = _upw()
    return (f"{_syslogts()} radius01 sudo:   noc : TTY=pts/1 ; PWD=/home/noc ; USER=root ; COMMAND=/usr/bin/mysql -u root -p{p} radius", p, "radius01")


@_t(_G, "auditd-execve-sshpass-args")
def _():
    p, ip = _upw(), _ip()
    return (f"type=EXECVE msg=audit({_n(1700000000,1730000000)}.{_n(100,999)}:{_n(100,99999)}): argc=6 a0=\"sshpass\" a1=\"-p\" a2=\"{p}\" a3=\"ssh\" a4=\"-oStrictHostKeyChecking=no\" a5=\"admin@{ip}\"", p, ip)


@_t(_G, "cron-xtrace-curl-user")
def _():
    p, h = _upw(), _host("billing")
    return (f"+ date +%F\n+ curl -sf -u sync:{p} https://{h}/api/export/inadimplentes.csv -o /tmp/inad.csv\n+ wc -l /tmp/inad.csv", p, h)


@_t(_G, "routeros-log-fetch-url-credentials")
def _():
    p = _upw()
    return (f"{_time()} script,error executing script ddns-update from scheduler failed, please check it manually\n{_time()} fetch,info fetch: https://noc{_lan(3)}:{p}@members.dyndns.org/nic/update?hostname=pop-{_site().lower()}.dyndns.org FAILED: Connection timeout", p, "ddns-update")


@_t(_G, "routeros-log-telegram-bot-url")
def _():
    t = "%d:AA%s" % (_n(100000000, 9999999999), _s(_URLC, 33))
    return (f"{_time()} script,info /tool fetch url=\"https://api.telegram.org/bot{t}/sendMessage?chat_id=-100{_dig(10)}&text=LINK%20DOWN%20{_site()}\" output=none", t, "sendMessage")


@_t(_G, "ios-archive-log-cmd-username-secret")
def _():
    u, p = _uname(), _rpw()
    return (f"{_syslogts()}: %PARSER-5-CFGLOG_LOGGEDCMD: User:{u}  logged command:username noc-bkp privilege 15 secret 0 {p}", p, u)


@_t(_G, "junos-ui-cmdline-read-line-secret")
def _():
    s, u = _key(), _uname()
    return (f"{_syslogts()} {_short('mx')} mgd[{_n(1000,99999)}]: UI_CMDLINE_READ_LINE: User '{u}', command 'set system tacplus-server {_ip()} secret {s} '", s, u)


@_t(_G, "huawei-olt-cmdrecord-ont-add")
def _():
    pin, u = _dig(10), _uname()
    return (f"{_syslogts()} OLT-{_site()} %%01CMD/4/CMDRECORD(s):CID=0x{_hex(8)};Record command information. (Task=VT0, Ip={_ip()}, User={u}, Command=\"ont add 3 {_n(1,127)} password-auth {pin} always-on omci ont-lineprofile-id 10 ont-srvprofile-id 10\")", pin, u)


@_t(_G, "tac-plus-debug-pap-password")
def _():
    u, p = _uname(), _pw()
    return (f"{_syslogts()} tacacs01 tac_plus[{_n(100,9999)}]: pap-login query for '{u}' port tty2 from {_ip()} password '{p}' rejected", p, u)


@_t(_G, "py-logging-debug-payload-dict")
def _():
    u, p = _uname(), _pw()
    return (f"DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): {_host('billing')}:443\nDEBUG:prov.client:login payload={{'usuario': '{u}', 'senha': '{p}'}}", p, u)


@_t(_G, "httpx-debug-request-headers")
def _():
    t = _jwt()
    return (f"{_date()} {_time()},{_n(100,999)} DEBUG httpx - Request headers: {{'host': '{_host('prov')}', 'authorization': 'Bearer {t}', 'user-agent': 'python-httpx/0.27.0'}}", t, "python-httpx")


@_t(_G, "uwsgi-request-body-log")
def _():
    u, p = _ppp_user(), _pw()
    return (f"[pid: {_n(100,9999)}|app: 0|req: {_n(1,9999)}/{_n(1,9999)}] {_ip()} () {{40 vars in 612 bytes}} POST /central/login => body={{\"login\":\"{u}\",\"senha\":\"{p}\"}} generated 88 bytes in 41 msecs (HTTP/1.1 401)", p, u)


@_t(_G, "compose-logs-settings-dict")
def _():
    p = _upw()
    return (f"prov-api-1  | Settings loaded: {{'db_url': 'postgresql://prov:{p}@db:5432/prov', 'debug': True, 'olt_poll_interval': 300}}", p, "prov-api-1")


@_t(_G, "k8s-event-env-redis-url")
def _():
    p = _upw()
    return (f"Warning  Failed  {_n(1,59)}s  kubelet  Error: failed to start container \"acs-worker\": env REDIS_URL=redis://:{p}@redis-master.acs.svc:6379/0 invalid", p, "acs-worker")


@_t(_G, "ansible-fatal-msg-command-echo")
def _():
    u, p, h = _ppp_user(), _pw(), _short("ccr")
    return (f"fatal: [{h}]: FAILED! => {{\"changed\": false, \"msg\": \"command timeout triggered, timeout value is 30 secs.\\nCommand: /ppp secret add name={u} password={p} profile=default\"}}", p, h)


@_t(_G, "netbox-webhook-slack-url-log")
def _():
    tail = _an(24)
    return (f"{_ts()} ERROR netbox.webhooks: Request to https://hooks.slack.com/services/T{_uan(8)}/B{_uan(10)}/{tail} failed: 404 no_service", tail, "netbox.webhooks")


@_t(_G, "pm2-log-mercadopago-token")
def _():
    t = "APP_USR-%s-%s-%s-%s" % (_dig(16), _dig(6), _hex(32), _dig(9))
    return (f"0|cobranca  | {_ts()}: boot ok, MERCADOPAGO_ACCESS_TOKEN={t}", t, "cobranca")


@_t(_G, "ruby-net-ssh-auth-failed-inspect")
def _():
    p, ip = _pw(), _ip()
    return (f"Net::SSH::AuthenticationFailed: Authentication failed for user admin@{ip}\n\tfrom /var/lib/gems/3.0.0/gems/oxidized-0.29.1/lib/oxidized/input/ssh.rb:64:in `connect'\n\t@node.auth={{:username=>\"admin\", :password=>\"{p}\"}}", p, ip)


@_t(_G, "java-tostring-radius-config")
def _():
    s, ip = _key(), _ip()
    return (f"net.isp.aaa.RadiusException: timeout after 3 attempts, config=RadiusConfig{{host='{ip}', port=1812, sharedSecret='{s}', timeoutMs=3000}}\n\tat net.isp.aaa.RadiusClient.send(RadiusClient.java:118)", s, ip)


@_t(_G, "dotnet-sqlexception-connection-string")
def _():
    p, h = _rpw(), _short("sql").upper()
    return (f"System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'svc_billing'.\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)\nClientConnectionId: {_uuid()}\nConnectionString: Server={h};Database=Billing;User Id=svc_billing;Password={p};", p, h)


@_t(_G, "powershell-transcript-api-key-header")
def _():
    k = _an(64)
    return (f"**********************\nPS>$r = Invoke-RestMethod -Uri \"https://crm.{_dom()}/crm/api/v1.0/clients\" -Headers @{{ \"X-Auth-App-Key\" = \"{k}\" }}\n**********************", k, "Invoke-RestMethod")


@_t(_G, "windows-4688-net-user-add")
def _():
    p = _rpw()
    return (f"A new process has been created.\nProcess Information:\n\tNew Process Name:\tC:\\Windows\\System32\\net.exe\n\tProcess Command Line:\tnet user svc_backup {p} /add /expires:never", p, "svc_backup")


@_t(_G, "cloud-init-output-chpasswd-echo")
def _():
    p = _pw()
    return (f"Cloud-init v. 23.4 running 'modules:final' at {_date()}\n+ echo 'noc:{p}' | chpasswd\n+ systemctl enable --now freeradius", p, "modules:final")


@_t(_G, "axios-error-tojson-config")
def _():
    p, h = _pw(), _host("billing")
    return (f"AxiosError: Request failed with status code 401\n  config: {{\n    url: 'https://{h}/webservice/v1/cliente_contrato',\n    auth: {{ username: 'integracao', password: '{p}' }},\n    method: 'post'\n  }}", p, h)


@_t(_G, "requests-maxretry-url-api-key")
def _():
    k, h = _hex(32), "api." + _dom()
    return (f"requests.exceptions.ConnectionError: HTTPSConnectionPool(host='{h}', port=443): Max retries exceeded with url: /v1/onus?api_key={k}&page=2 (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f3a>: Failed to establish a new connection'))", k, h)


@_t(_G, "freeradius-auth-detail-file")
def _():
    u, p = _ppp_user(), _pw()
    return (f"{_rts()}\n\tPacket-Type = Access-Request\n\tUser-Name = \"{u}\"\n\tUser-Password = \"{p}\"\n\tNAS-IP-Address = {_ip()}\n\tService-Type = Framed-User", p, u)


@_t(_G, "haproxy-captured-authorization-header")
def _():
    b = _b64t("ixc:" + _hex(64))
    return (f"{_syslogts()} lb02 haproxy[{_n(100,9999)}]: {_ip()}:{_n(1024,65000)} fe_ixc be_ixc/ixc1 0/0/2/88/90 200 512 - - ---- {{Basic {b}}} \"POST /webservice/v1/radusuarios HTTP/1.1\"", b, "fe_ixc")


@_t(_G, "syslog-cron-wget-key-query")
def _():
    k = _an(24)
    return (f"{_syslogts()} billing01 CRON[{_n(1000,99999)}]: (www-data) CMD (wget -q -O- \"https://central.{_dom()}/cron/gerar_boletos.php?key={k}\" >/dev/null 2>&1)", k, "gerar_boletos.php")


@_t(_G, "ddclient-debug-login-password")
def _():
    p = _pw()
    return (f"DEBUG:    get_ip: using web, https://api.ipify.org reports {_ip()}\nDEBUG:    login         : noc{_lan(3)}\nDEBUG:    password      : {p}\nDEBUG:    server        : members.dyndns.org", p, "get_ip")


@_t(_G, "epmp-syslog-passphrase-change")
def _():
    k = _psk()
    return (f"{_syslogts()} AP-{_site()}-{_n(1,9)} webconfig: admin changed wirelessSecurityPassphrase from '***' to '{k}' (session {_hex(8)})", k, "webconfig")


@_t(_G, "telegraf-error-community-field")
def _():
    c, ip = _comm(), _ip()
    return (f"{_ts()} E! [inputs.snmp] Error in plugin: agent udp://{ip}:161 (community \"{c}\"): performing get on field ifName: request timeout (after 3 retries)", c, ip)


@_t(_G, "go-log-printf-postgres-dsn")
def _():
    p, h = _upw(), _host("acct")
    return (f"{_date().replace('-', '/')} {_time()} connecting to postgres dsn=\"host={h} user=acct password={p} dbname=radacct sslmode=disable\"", p, h)


@_t(_G, "rust-panic-debug-struct")
def _():
    s, ip = _key(), _ip()
    return (f"thread 'main' panicked at src/main.rs:42:10:\ncalled `Result::unwrap()` on an `Err` value: Timeout\nconfig = Config {{ host: \"{ip}\", port: 1812, secret: \"{s}\" }}", s, ip)


@_t(_G, "laravel-log-pdo-construct-args")
def _():
    p = _rpw(8, 15)
    return (f"[{_date()} {_time()}] production.ERROR: SQLSTATE[HY000] [1045] Access denied for user 'sgp'@'localhost' {{\"exception\":\"[object] (PDOException(code: 1045)\n#0 /var/www/sgp/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php(70): PDO->__construct('mysql:host=127....', 'sgp', '{p}', Array)", p, "production.ERROR")


@_t(_G, "olt-loid-auth-fail-log")
def _():
    u, p = "LOID" + _dig(8), _dig(_n(6, 10))
    return (f"{_syslogts()} OLT-{_site()} ALARM: ONU 1/{_n(1,16)}/{_n(1,16)}:{_n(1,64)} LOID authentication failed (loid={u}, password={p})", p, u)


@_t(_G, "openvpn-auth-script-log")
def _():
    u, p = _uname(), _pw()
    return (f"{_syslogts()} vpn01 openvpn[{_n(100,9999)}]: auth-script: username={u} password={p} result=REJECT ip={_ip()}", p, u)


@_t(_G, "mikrotik-hotspot-login-debug")
def _():
    u, p = _lan(6), _lan(8)
    return (f"{_time()} hotspot,info,debug {u} ({_ip()}): trying to log in by http-chap\n{_time()} hotspot,info,debug {u} ({_ip()}): login failed: invalid password {p}", p, u)


@_t(_G, "json-log-basic-auth-header")
def _():
    b = _b64t("api:" + _rpw())
    return (f'{{"level":"info","ts":"{_ts()}","msg":"calling billing","url":"https://{_host("billing")}/webservice/v1/cliente","headers":{{"Authorization":"Basic {b}"}}}}', b, "calling billing")


@_t(_G, "sentry-event-extra-vars")
def _():
    p = _pw()
    return (f"Sentry event {_hex(32)}\n  frame: provision_ont (prov/olt.py:88)\n  vars: {{'ont_id': {_n(1,127)}, 'sn': '{_gpon_sn()}', 'olt_password': '{p}', 'retries': 2}}", p, "provision_ont")


@_t(_G, "jenkins-console-sshpass-echo")
def _():
    p, ip = _upw(), _ip()
    return (f"[Pipeline] sh\n+ sshpass -p {p} scp -o StrictHostKeyChecking=no backup.rsc admin@{ip}:/\n[Pipeline] }}", p, ip)


@_t(_G, "zabbix-item-error-snmpv3-auth")
def _():
    a, ip = _rpw(), _ip()
    return (f"{_n(1000,9999)}:{_date().replace('-', '')}:{_time().replace(':', '')}.{_n(100,999)} item \"olt-{_site().lower()}:ifHCInOctets\" became not supported: SNMPv3 auth failure for user nms (authpass \"{a}\", host {ip})", a, ip)


@_t(_G, "gitlab-runner-job-log-git-url")
def _():
    t = "glcbt-" + _s(_URLC, 20)
    return (f"Fetching changes with git depth set to 20...\nfatal: unable to access 'https://gitlab-ci-token:{t}@gitlab.{_dom()}/noc/ansible.git/': Could not resolve host", t, "Fetching changes")


@_t(_G, "smtp-debug-auth-plain-b64")
def _():
    b = _b64t("\0alertas@" + _dom() + "\0" + _pw())
    return (f"send: 'ehlo nms01\\r\\n'\nreply: b'250-AUTH PLAIN LOGIN\\r\\n'\nsend: 'AUTH PLAIN {b}\\r\\n'\nreply: b'235 2.7.0 Authentication successful\\r\\n'", b, "ehlo nms01")


# ====================================================================
# group: note-or-chat
# ====================================================================
_G = "note-or-chat"


def _hh():
    return "%02d:%02d" % (_n(7, 23), _n(0, 59))


@_t(_G, "chat-ptbr-pppoe-login-senha")
def _():
    u, p = _ppp_user(), _c([_pw(), _dig(8)])
    return (f"[{_hh()}] {_c(_FIRST).capitalize()}: cliente {_fullname()} reclamou de queda de novo. login pppoe {u} senha {p}, já reiniciei a ONU e nada", p, u)


@_t(_G, "chat-ptbr-senha-olt-mudou")
def _():
    p, c = _pw(), _city()
    return (f"@{_c(_FIRST)} a senha da OLT de {c} mudou, agora é {p} (usuário root). Não passa pra terceirizada!", p, c)


@_t(_G, "note-ptbr-os-instalacao-wifi")
def _():
    k, s = _psk(), _ssid()
    return (f"OS #{_n(100000,999999)} — Instalação concluída.\nONU: {_gpon_sn()} (EG8145V5)\nWi-Fi: {s} / senha: {k}\nSinal RX: -{_n(15,26)}.{_n(10,99)} dBm", k, s)


@_t(_G, "note-ptbr-os-pppoe-credenciais")
def _():
    u, p = _ppp_user(), _c([_pw(), _dig(8)])
    return (f"OS {_n(10000,99999)} | Técnico: {_fullname()}\nPPPoE: {u} / {p}\nPlano: {_c(_PLANS)} | CTO {_site()}-{_n(1,99)} porta {_n(1,16)}", p, u)


@_t(_G, "chat-ptbr-radius-secret-bng")
def _():
    s, c = _key(), _city()
    return (f"pessoal, o secret do radius do BNG novo de {c} é {s} — já cadastrei na tabela nas, só falta reiniciar o freeradius", s, c)


@_t(_G, "whatsapp-ptbr-tecnico-senha-admin-onu")
def _():
    p, n = _pw(), _c(_FIRST).capitalize()
    d = "%02d/%02d/%d" % (_n(1, 28), _n(1, 12), _n(2023, 2025))
    return (f"[{_hh()}, {d}] Técnico {n}: chegando no cliente, qual a senha do admin da ONU?\n[{_hh()}, {d}] NOC: usa {p} e depois troca pelo padrão novo", p, f"Técnico {n}")


@_t(_G, "chat-es-clave-compartida-radius")
def _():
    s, n = _key(), _c(_FIRST).capitalize()
    return (f"Oye {n}, la clave compartida del radius para el NAS nuevo de {_city()} es {s}, ya la cargué en daloRADIUS.", s, n)


@_t(_G, "chat-es-contrasena-wifi-cliente")
def _():
    k, s = _psk(), _ssid()
    return (f"Cliente {_fullname()}: red {s}, contraseña {k}. Se la dejé anotada atrás del router.", k, s)


@_t(_G, "note-es-usuario-pppoe-pipe")
def _():
    u, p = _ppp_user(), _pw()
    return (f"Usuario PPPoE: {u} | Contraseña: {p} | Plan {_c(['50', '100', '300'])} Mbps | Nodo {_site()}-{_n(1,30)}", p, u)


@_t(_G, "chat-es-clave-md5-bgp-upstream")
def _():
    k, ip = _key(), _ip()
    return (f"Quedó arriba la sesión con el upstream ({ip}). Clave MD5: {k} — me la dictó por teléfono el NOC de ellos.", k, ip)


@_t(_G, "chat-id-password-pppoe-baru")
def _():
    u, p = _ppp_user(), _pw()
    return (f"Bang, pelanggan atas nama {_fullname()} minta ganti password pppoe, yang baru {p} ya. usernamenya {u}", p, u)


@_t(_G, "chat-id-kata-sandi-olt")
def _():
    p, st = _pw(), _site()
    return (f"kata sandi OLT {st} sekarang {p}, jangan disebar ke grup teknisi lapangan ya", p, f"OLT {st}")


@_t(_G, "note-id-laporan-teknisi-wifi")
def _():
    k, s = _psk(), _ssid()
    return (f"Laporan teknisi: pemasangan di Jl. {_c(['Melati', 'Kenanga', 'Diponegoro', 'Sudirman'])} No. {_n(1,200)}, ONT HG8245H5, SSID {s} pass {k}, redaman -{_n(17,25)} dBm", k, s)


@_t(_G, "chat-id-community-snmp-cacti")
def _():
    c, st = _comm(), _site()
    return (f"community snmp buat cacti di POP {st}: {c} (read only)", c, f"POP {st}")


@_t(_G, "chat-tr-pppoe-sifre")
def _():
    u, p = _ppp_user(), _pw()
    return (f"Abone {_fullname()} için PPPoE kullanıcı adı {u}, şifre {p}. Modeme girdim, bağlantı geldi.", p, u)


@_t(_G, "chat-tr-radius-paylasilan-anahtar")
def _():
    s = _key()
    return (f"Yeni BRAS'ın RADIUS paylaşılan anahtarı: {s} — kasaya da ekledim, {_c(_FIRST).capitalize()} Bey'e haber verin.", s, "BRAS")


@_t(_G, "note-tr-saha-ap-yonetim-sifresi")
def _():
    p, st = _pw(), _site()
    return (f"Saha notu ({_date()}): {st} kulesindeki AP'nin yönetim şifresi {p} olarak değiştirildi.", p, st)


@_t(_G, "chat-tr-tacacs-anahtar-guncelleme")
def _():
    k = _key()
    return (f"TACACS anahtarını {k} olarak güncelledim, ASR'lerde de değiştirin yoksa kilitleniriz.", k, "ASR")


@_t(_G, "goal-rotate-ebgp-md5-key")
def _():
    k, a = _key(), _pubasn()
    return (f"Goal: rotate the MD5 key on the eBGP session with AS{a} ({_ip()}). New key agreed with their NOC: {k}", k, f"AS{a}")


@_t(_G, "decision-keep-old-tacacs-key")
def _():
    k = _key()
    return (f"Decision: keep the old TACACS+ key ({k}) on the IOS-XR boxes until Sunday's maintenance window, then switch all of them at once.", k, "IOS-XR")


@_t(_G, "running-note-v2c-community-found")
def _():
    c = _comm()
    return (f"Note to self: the LibreNMS VM still polls the OLTs with v2c community {c}; need to migrate to v3 before the audit.", c, "LibreNMS")


@_t(_G, "handover-acs-admin-credentials")
def _():
    p = _pw()
    return (f"Handover ({_date()}): ACS UI admin is acsadmin / {p} (temporary, rotate after the firmware push).", p, "acsadmin")


@_t(_G, "slack-oncall-jump-creds")
def _():
    p, h = _pw(), _short("bng")
    return (f"<@U0{_uan(8)}> can you check {h}? jump host creds: noc / {p}", p, h)


@_t(_G, "email-upstream-bgp-session-details")
def _():
    k, ip = _key(), _ip()
    return (f"From: peering@{_dom()}\nSubject: BGP session details - circuit {_uan(8)}\n\nNeighbor IP: {ip}\nYour ASN: {_pubasn()}\nOur ASN: {_pubasn()}\nMD5 password: {k}\nMax-prefix: 50", k, ip)


@_t(_G, "ticket-comment-wifi-password-changed")
def _():
    k = _psk()
    return (f"Ticket #{_n(10000,999999)}: customer changed the Wi-Fi password to {k} and now the mesh satellites won't rejoin.", k, "mesh satellites")


@_t(_G, "note-secret-on-next-line")
def _():
    s, h = _an(_n(16, 24)), _short("bng")
    return (f"RADIUS secret for the new NAS ({h}):\n{s}\n(same on both nodes of the pair)", s, h)


@_t(_G, "note-psk-passphrase-with-spaces")
def _():
    k = "%s %s %s %s" % (_c(_ALLW), _c(_ALLW), _c(_ALLW), _c(_ALLW))
    return (f"PSK for the PtP backhaul to {_city()} is the phrase \"{k}\" — all lowercase, spaces included.", k, "PtP backhaul")


@_t(_G, "chat-wps-pin-from-sticker")
def _():
    pin = _dig(8)
    return (f"WPS PIN on the ONT sticker: {pin} — customer wants it disabled.", pin, "ONT sticker")


@_t(_G, "chat-ont-ploam-registration-password")
def _():
    pin = _dig(10)
    sn = _gpon_sn()
    return (f"registration password (PLOAM) for {sn} is {pin}, put it in the OLT before the tech arrives", pin, sn)


@_t(_G, "note-ptbr-mk-auth-banco")
def _():
    p = _pw()
    return (f"banco do mk-auth: root / {p} (mysql local, porta 3306)", p, "mk-auth")


@_t(_G, "chat-ptbr-senha-em-linha-separada")
def _():
    p = _pw()
    return (f"a senha é\n{p}\nmas só funciona pelo IP de gerência", p, "IP de gerência")


@_t(_G, "chat-ptbr-senha-wifi-torre-humana")
def _():
    p = _hpw("pt")
    return (f"senha do wifi de serviço da torre {_site()}: {p}", p, "wifi de serviço")


@_t(_G, "chat-tr-wifi-adi-sifresi")
def _():
    k, s = _psk(), _ssid()
    return (f"Müşterinin Wi-Fi adı {s}, şifresi {k}. Kurulum tamam, hız testi {_n(280,940)} Mbps.", k, s)


@_t(_G, "chat-id-token-bot-telegram")
def _():
    t = "%d:AA%s" % (_n(100000000, 9999999999), _s(_URLC, 33))
    return (f"token bot telegram buat alert NOC: {t} — chat id grupnya -100{_dig(10)}", t, "alert NOC")


@_t(_G, "chat-ptbr-efi-client-secret")
def _():
    s = "Client_Secret_" + _hex(40)
    return (f"client secret da Efí (produção) pro boleto/pix: {s} — o client id tá no cofre", s, "client id")


@_t(_G, "chat-es-splynx-api-secret")
def _():
    k, s = _hex(32), _hex(32)
    return (f"la API key de Splynx es {k} y el secret {s}, creados con permisos solo de lectura", s, k)


@_t(_G, "goal-migrate-pppoe-to-freeradius")
def _():
    p = _pw()
    return (f"Goal: move PPPoE auth from the MikroTik local secrets to FreeRADIUS. Test account: teste.noc / {p}", p, "teste.noc")


@_t(_G, "decision-docsis-community-stays")
def _():
    c = _comm()
    return (f"Decision: the v2c community on the DOCSIS modems stays {c} until the CMTS upgrade; firewall restricts it to the NMS subnet.", c, "CMTS upgrade")


@_t(_G, "jira-comment-root-password-updated")
def _():
    p, h = _rpw(), _short("mx")
    return (f"[~{_uname()}] updated root password on {h} to {p}; stored in Bitwarden afterwards, please confirm login works.", p, h)


@_t(_G, "chat-quoted-reply-enable-secret")
def _():
    p = _rpw()
    return (f"> what's the new enable secret for the 9Ks?\n{p} — same on all of them, changed it last night", p, "9Ks")


@_t(_G, "note-ptbr-en-mixed-olt-creds")
def _():
    p, st = _pw(), _site()
    return (f"OLT {st}: user suporte / pass {p} — Huawei MA5800, acesso só via VPN", p, f"OLT {st}")


@_t(_G, "chat-tr-olt-telnet-kullanici-sifre")
def _():
    p = _pw()
    return (f"OLT'ye telnet ile bağlan, kullanıcı root şifre {p}, sonra 'enable' yaz.", p, "telnet")


@_t(_G, "chat-es-ip-user-pass-triple")
def _():
    ip, p = _ip(), _pw()
    return (f"te paso el acceso a la antena del cliente:\n{ip} admin {p}", p, ip)


@_t(_G, "note-ptbr-antena-ip-ubnt-triple")
def _():
    ip, p = _ip(), _pw()
    return (f"antena do cliente {_fullname()} (LiteBeam): {ip} ubnt {p}", p, ip)


@_t(_G, "chat-en-passphrase-dashed-words")
def _():
    k = "%s-%s-%s-%d" % (_c(_ALLW), _c(_ALLW), _c(_ALLW), _n(10, 99))
    return (f"Passphrase for the NOC KeePass is: {k} (don't paste it in the ticket)", k, "NOC KeePass")


@_t(_G, "note-id-puk-modem-backup")
def _():
    puk = _dig(8)
    return (f"Modem backup 4G di POP {_site()} terkunci. PUK kartu SIM: {puk}, PIN lama diblokir.", puk, "PUK kartu SIM")


@_t(_G, "note-tr-sip-hesabi-sifre")
def _():
    p, ext = _pw(), str(_n(2000, 2999))
    return (f"NOC SIP hesabı: {ext}@sbc.{_dom()}, şifre: {p}", p, ext)


@_t(_G, "chat-ptbr-ramal-senha-sip")
def _():
    p, ext = _pw(), str(_n(200, 899))
    return (f"ramal {ext} do NOC, senha sip {p} — configura no softphone do plantão", p, f"ramal {ext}")


@_t(_G, "chat-en-pasted-curl-basic")
def _():
    p, h = _upw(), _host("billing")
    return (f"try this from the jump host:\n  curl -u api:{p} https://{h}/api/v1/customers?status=blocked\nif it 401s the key got rotated", p, h)


@_t(_G, "chat-en-uisp-login-jwt")
def _():
    t = _jwt()
    return (f"token from the UISP login (valid 1h), use it as x-auth-token: {t}", t, "x-auth-token")


@_t(_G, "running-note-cnmaestro-client")
def _():
    cid, sec = _an(16), _an(40)
    return (f"Running notes {_hh()} — cnMaestro API client created: id {cid}, secret {sec}. Next: wire it into the inventory sync.", sec, cid)


@_t(_G, "chat-ptbr-email-noc-senha")
def _():
    p, d = _pw(), _dom()
    return (f"email do noc (noc@{d}) senha {p} — usa pra recuperar a conta do registro.br", p, f"noc@{d}")


@_t(_G, "chat-es-psk-in-backticks")
def _():
    k = _key()
    return (f"usa `{k}` como pre-shared key del túnel IPsec con la sucursal {_city()}", k, "pre-shared key")


@_t(_G, "chat-id-markdown-code-block")
def _():
    u, p = _uname(), _pw()
    return (f"ini akses router core ya:\n```\nhost: {_ip()}\nuser: {u}\npass: {p}\n```", p, u)


@_t(_G, "note-tr-bgp-komsu-md5-parolasi")
def _():
    k, ip = _key(), _ip()
    return (f"BGP komşu {ip} için MD5 parolası: {k} (IX tarafı da aynısını girdi)", k, ip)


@_t(_G, "chat-en-key-emoji-tower")
def _():
    p, t = _pw(), "T%02d" % _n(1, 60)
    return (f"🔑 {p} for the MikroTik on tower {t}, user is admin", p, f"tower {t}")


@_t(_G, "note-ptbr-senha-cpf-cliente")
def _():
    cpf = _dig(11)
    return (f"padrão antigo: senha pppoe = CPF do titular sem pontos. Ex. do cliente {_fullname()}: {cpf}", cpf, "CPF do titular")


@_t(_G, "note-es-loid-contrasena")
def _():
    u, p = "LOID" + _dig(7), _dig(_n(6, 10))
    return (f"ONT nueva en {_city()}: LOID {u} / contraseña LOID {p}", p, u)


@_t(_G, "decision-ptbr-senha-padrao-onu")
def _():
    p = _hpw("pt")
    return (f"Decisão: a senha de admin padrão das ONUs novas passa a ser {p} (trocar no provisionamento automático).", p, "provisionamento")


@_t(_G, "chat-en-docsis-shared-secret")
def _():
    s = _key()
    return (f"CM config shared secret (the one in the TFTP keyfile) is {s} — the CMTS needs the same in cable shared-secret", s, "TFTP keyfile")


@_t(_G, "chat-en-snmpv3-authpass")
def _():
    a = _rpw()
    return (f"v3 user nms-ro, SHA auth passphrase {a}, AES priv is in the vault", a, "nms-ro")


@_t(_G, "chat-id-voip-akun-sip")
def _():
    p, ext = _pw(), str(_n(1000, 1999))
    return (f"akun SIP ext {ext} udah aktif, passwordnya {p}. tolong tes panggilan ke nomor pelanggan", p, f"ext {ext}")


@_t(_G, "chat-es-mikrotik-usuario-clave")
def _():
    p, st = _hpw("es"), _site()
    return (f"el usuario del mikrotik de la torre {st} es soporte y la clave {p}", p, st)


@_t(_G, "chat-tr-hotspot-voucher-sifresi")
def _():
    p = _lan(8)
    return (f"Etkinlik için hotspot kullanıcısı: misafir{_n(1,99)}, şifresi {p} (24 saat geçerli)", p, "hotspot")


@_t(_G, "decision-en-ix-route-server-password")
def _():
    k = _key()
    return (f"Decision: we will set the route-server session password to {k} on both RS1 and RS2 as requested by the IX.", k, "RS1")


# ====================================================================
# group: ci-and-deploy
# ====================================================================
_G = "ci-and-deploy"


@_t(_G, "gitlab-ci-variables-inline-secret")
def _():
    s = _key()
    return (f"variables:\n  RADIUS_HOST: \"{_ip()}\"\n  RADIUS_SECRET: \"{s}\"\n\ntest:radius:\n  stage: test\n  script:\n    - ./scripts/radtest-all.sh", s, "RADIUS_HOST")


@_t(_G, "github-actions-env-literal-next-to-ref")
def _():
    s = _hex(32)
    return (f"    env:\n      SPLYNX_API_KEY: ${{{{ secrets.SPLYNX_API_KEY }}}}\n      SPLYNX_API_SECRET: {s}\n    steps:\n      - run: python sync.py", s, "secrets.SPLYNX_API_KEY")


@_t(_G, "jenkinsfile-environment-block")
def _():
    p = _pw()
    return (f"pipeline {{\n  agent any\n  environment {{\n    OLT_USER = 'root'\n    OLT_PASS = '{p}'\n  }}\n  stages {{ stage('backup') {{ steps {{ sh './backup-olts.sh' }} }} }}\n}}", p, "OLT_USER")


@_t(_G, "jenkinsfile-sh-sshpass-interpolated")
def _():
    p = _upw()
    return (f"stage('push config') {{\n  steps {{\n    sh \"sshpass -p '{p}' scp out/${{ROUTER}}.rsc admin@${{ROUTER}}:/\"\n  }}\n}}", p, "push config")


@_t(_G, "bitbucket-pipelines-ssh-run-password")
def _():
    p, h = _pw(), _host("prov")
    return (f"- pipe: atlassian/ssh-run:0.8.0\n  variables:\n    SSH_USER: 'deploy'\n    SERVER: '{h}'\n    PASSWORD: '{p}'\n    COMMAND: 'systemctl restart prov-api'", p, h)


@_t(_G, "drone-yml-env-literal")
def _():
    p = _pw()
    return (f"steps:\n- name: zabbix-import\n  image: python:3.12\n  environment:\n    NETBOX_TOKEN:\n      from_secret: netbox_token\n    ZBX_PASS: {p}", p, "from_secret")


@_t(_G, "azure-pipelines-variable-value")
def _():
    p = _rpw()
    return (f"variables:\n- name: dbUser\n  value: 'svc_billing'\n- name: dbPassword\n  value: '{p}'", p, "svc_billing")


@_t(_G, "ansible-inventory-ini-host-vars")
def _():
    p, h = _pw(), _short("ccr")
    return (f"[routeros]\n{h} ansible_host={_ip()} ansible_user=automation ansible_password={p} ansible_network_os=community.routeros.routeros", p, h)


@_t(_G, "ansible-group-vars-iosxr-password")
def _():
    p = _rpw()
    return (f"# group_vars/iosxr.yml\nansible_connection: ansible.netcommon.network_cli\nansible_network_os: cisco.iosxr.iosxr\nansible_user: automation\nansible_password: \"{p}\"", p, "ansible_network_os")


@_t(_G, "ansible-become-password-yaml")
def _():
    p = _pw()
    return (f"# host_vars/radius01.yml\nansible_user: deploy\nansible_become: true\nansible_become_password: {p}", p, "radius01")


@_t(_G, "ansible-task-routeros-command-secret")
def _():
    u, p = _ppp_user(), _pw()
    return (f"- name: add test pppoe secret\n  community.routeros.command:\n    commands:\n      - /ppp secret add name={u} password={p} profile=default service=pppoe", p, u)


@_t(_G, "ansible-vars-tacacs-servers-key")
def _():
    k, ip = _key(), _ip()
    return (f"tacacs_servers:\n  - host: {ip}\n    key: \"{k}\"\n    single_connection: true", k, ip)


@_t(_G, "terraform-tfvars-routeros-password")
def _():
    p = _pw()
    return (f"# terraform.tfvars\nrouteros_url      = \"https://{_ip()}\"\nrouteros_username = \"terraform\"\nrouteros_password = \"{p}\"", p, "routeros_username")


@_t(_G, "terraform-provider-routeros-block")
def _():
    p, ip = _upw(), _ip()
    return (f"provider \"routeros\" {{\n  hosturl  = \"https://{ip}\"\n  username = \"terraform\"\n  password = \"{p}\"\n  insecure = true\n}}", p, ip)


@_t(_G, "terraform-provider-netbox-token")
def _():
    t, h = _hex(40), "netbox." + _dom()
    return (f"provider \"netbox\" {{\n  server_url = \"https://{h}\"\n  api_token  = \"{t}\"\n}}", t, h)


@_t(_G, "helm-values-freeradius-sql")
def _():
    p = _rpw()
    return (f"# values-prod.yaml\nfreeradius:\n  sql:\n    host: mariadb.aaa.svc\n    user: radius\n    password: {p}\n  replicas: 2", p, "mariadb.aaa.svc")


@_t(_G, "k8s-secret-stringdata-radius")
def _():
    s = _key()
    return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: radius-shared\n  namespace: aaa\nstringData:\n  RADIUS_SECRET: \"{s}\"", s, "radius-shared")


@_t(_G, "k8s-secret-data-base64-manifest")
def _():
    p = _pw()
    b = _b64t(p)
    return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: genieacs-mongo\ntype: Opaque\ndata:\n  username: {_b64t('genieacs')}\n  password: {b}", b, "genieacs-mongo")


@_t(_G, "compose-environment-list-root-password")
def _():
    p = _rpw()
    return (f"  radius-db:\n    image: mariadb:10.11\n    environment:\n      - MARIADB_ROOT_PASSWORD={p}\n      - MARIADB_DATABASE=radius", p, "MARIADB_DATABASE")


@_t(_G, "compose-environment-map-jwt")
def _():
    s = _b64u(32)
    return (f"  genieacs-ui:\n    image: drumsergio/genieacs:1.2.13\n    environment:\n      GENIEACS_UI_JWT_SECRET: {s}\n      GENIEACS_MONGODB_CONNECTION_URL: mongodb://mongo/genieacs", s, "genieacs-ui")


@_t(_G, "dockerfile-arg-default-password")
def _():
    p = _pw()
    return (f"FROM php:8.2-apache\nARG DB_PASS={p}\nENV DB_PASS=${{DB_PASS}}\nCOPY src/ /var/www/html/", p, "php:8.2-apache")


@_t(_G, "ci-script-docker-run-env")
def _():
    p = _upw()
    return (f"deploy:acs:\n  script:\n    - docker run -d --name acs -e ACS_PASSWORD={p} -p 7547:7547 registry.{_dom()}/noc/acs:latest", p, "deploy:acs")


@_t(_G, "gitlab-ci-log-xtrace-curl-upload")
def _():
    p, d = _upw(), _dom()
    return (f"$ curl -sS -u \"deploy:{p}\" -T build/provisioner.tar.gz https://nexus.{d}/repository/raw/provisioner/\n  % Total    % Received % Xferd  Average Speed", p, f"nexus.{d}")


@_t(_G, "github-actions-log-env-echo")
def _():
    p = _pw()
    return (f"Run ./deploy/push-configs.sh\n  ./deploy/push-configs.sh\n  shell: /usr/bin/bash -e {{0}}\n  env:\n    OLT_HOST: {_ip()}\n    OLT_PASSWORD: {p}", p, "push-configs.sh")


@_t(_G, "ci-log-docker-login-cli-warning")
def _():
    p, h = _upw(16, 28), "registry." + _dom()
    return (f"+ docker login -u ci -p {p} {h}\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded", p, h)


@_t(_G, "ci-npm-config-set-authtoken")
def _():
    t, h = _b64(24), "npm." + _dom()
    return (f"  script:\n    - npm config set //{h}/repository/npm-private/:_authToken {t}\n    - npm ci", t, h)


@_t(_G, "systemd-unit-environment-secret")
def _():
    s = _key()
    return (f"[Service]\nEnvironment=\"RADIUS_SECRET={s}\"\nExecStart=/usr/local/bin/radius-proxy -c /etc/radius-proxy.toml\nRestart=always", s, "radius-proxy")


@_t(_G, "cloud-init-chpasswd-list")
def _():
    p = _pw()
    return (f"#cloud-config\nchpasswd:\n  list: |\n    noc:{p}\n  expire: false\nssh_pwauth: true", p, "ssh_pwauth")


@_t(_G, "cloud-init-users-plain-text-passwd")
def _():
    p = _pw()
    return (f"users:\n  - name: tecnico\n    groups: sudo\n    plain_text_passwd: {p}\n    lock_passwd: false", p, "tecnico")


@_t(_G, "packer-json-ssh-password")
def _():
    p = _pw()
    return (f'  "builders": [{{\n    "type": "proxmox-iso",\n    "ssh_username": "root",\n    "ssh_password": "{p}",\n    "template_name": "radius-template"\n  }}]', p, "radius-template")


@_t(_G, "vagrantfile-ssh-password")
def _():
    p = _pw()
    return (f"Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"debian/bookworm64\"\n  config.ssh.username = \"vagrant\"\n  config.ssh.password = \"{p}\"\nend", p, "debian/bookworm64")


@_t(_G, "makefile-default-deploy-pass")
def _():
    p = _upw()
    return (f"DEPLOY_HOST ?= {_host('prov')}\nDEPLOY_PASS ?= {p}\n\ndeploy:\n\tsshpass -p $(DEPLOY_PASS) rsync -az dist/ deploy@$(DEPLOY_HOST):/srv/prov/", p, "DEPLOY_HOST")


@_t(_G, "fabric-env-password")
def _():
    p = _pw()
    return (f"from fabric.api import env, run\nenv.hosts = ['{_host('radius')}']\nenv.user = 'deploy'\nenv.password = '{p}'", p, "env.user")


@_t(_G, "ansible-vault-password-file-content")
def _():
    p = _hpw() + _an(6)
    return (f"# ansible.cfg\n[defaults]\nvault_password_file = .vault_pass\n\n# .vault_pass (committed by mistake)\n{p}", p, "vault_password_file")


@_t(_G, "nomad-job-env-stanza")
def _():
    p = _rpw()
    return (f"task \"radius-api\" {{\n  driver = \"docker\"\n  env {{\n    DB_HOST     = \"{_ip()}\"\n    DB_PASSWORD = \"{p}\"\n  }}\n}}", p, "radius-api")


@_t(_G, "argocd-repository-secret-password")
def _():
    t, d = "glpat-" + _s(_URLC, 20), _dom()
    return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-noc-configs\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://git.{d}/noc/configs.git\n  username: argocd\n  password: {t}", t, "repo-noc-configs")


@_t(_G, "github-actions-ssh-action-with-password")
def _():
    p, ip = _pw(), _ip()
    return (f"      - uses: appleboy/ssh-action@v1.0.3\n        with:\n          host: {ip}\n          username: deploy\n          password: {p}\n          script: systemctl restart genieacs-cwmp", p, ip)


@_t(_G, "gitlab-ci-echo-password-stdin")
def _():
    p, h = _upw(16, 24), "registry." + _dom()
    return (f"before_script:\n  - echo \"{p}\" | docker login -u ci --password-stdin {h}", p, h)


@_t(_G, "teamcity-xml-param-community")
def _():
    c = _comm()
    return (f"<parameters>\n  <param name=\"env.SNMP_HOST\" value=\"{_ip()}\" />\n  <param name=\"env.SNMP_COMMUNITY\" value=\"{c}\" />\n</parameters>", c, "env.SNMP_HOST")


@_t(_G, "circleci-environment-zabbix-token")
def _():
    t = _hex(64)
    return (f"jobs:\n  sync-hosts:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n      ZABBIX_URL: https://zbx.{_dom()}/api_jsonrpc.php\n      ZABBIX_TOKEN: {t}", t, "sync-hosts")


@_t(_G, "jcasc-username-password-credential")
def _():
    p = _pw()
    return (f"credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              scope: GLOBAL\n              id: olt-admin\n              username: root\n              password: \"{p}\"", p, "olt-admin")


@_t(_G, "ansible-loop-item-output-secret")
def _():
    s, sh = _key(), _short("bng")
    return (f"TASK [radius : render clients.conf] ************************************\nchanged: [rad01] => (item={{'shortname': '{sh}', 'ipaddr': '{_ip()}', 'secret': '{s}'}})", s, sh)


@_t(_G, "terraform-apply-output-plain")
def _():
    p = _pw()
    return (f"Apply complete! Resources: 3 added, 0 changed, 0 destroyed.\n\nOutputs:\n\nacs_admin_password = \"{p}\"\nacs_url = \"https://acs.{_dom()}\"", p, "acs_url")


@_t(_G, "pulumi-stack-config-plain")
def _():
    s = _key()
    return (f"# Pulumi.prod.yaml\nconfig:\n  aws:region: sa-east-1\n  isp-infra:radiusSecret: {s}\n  isp-infra:natGateways: \"2\"", s, "aws:region")


@_t(_G, "salt-pillar-snmp-community")
def _():
    c = _comm()
    return (f"# pillar/snmp.sls\nsnmp:\n  location: POP {_city()}\n  community: {c}\n  allowed: 10.0.0.0/8", c, "location")


@_t(_G, "puppet-hiera-tacacs-key")
def _():
    k = _key()
    return (f"# hieradata/common.yaml\nprofile::tacacs::server: '{_ip()}'\nprofile::tacacs::key: '{k}'", k, "profile::tacacs::server")


@_t(_G, "chef-data-bag-json-password")
def _():
    p = _pw()
    return (f'{{\n  "id": "olt_{_site().lower()}",\n  "username": "root",\n  "password": "{p}"\n}}', p, "username")


@_t(_G, "github-actions-docker-build-arg-token")
def _():
    t = _hex(64)
    return (f"      - name: build\n        run: docker build --build-arg IXC_TOKEN={t} -t ghcr.io/noc/prov:${{{{ github.sha }}}} .", t, "github.sha")


@_t(_G, "maven-settings-server-password")
def _():
    p = _pw()
    return (f"<servers>\n  <server>\n    <id>nexus-isp</id>\n    <username>ci</username>\n    <password>{p}</password>\n  </server>\n</servers>", p, "nexus-isp")


@_t(_G, "gradle-properties-nexus-password")
def _():
    p = _pw()
    return (f"# gradle.properties\nnexusUrl=https://nexus.{_dom()}/repository/maven-releases/\nnexusUser=ci\nnexusPassword={p}", p, "nexusUser")


@_t(_G, "pip-conf-index-url-credentials")
def _():
    p, d = _upw(), _dom()
    return (f"[global]\nindex-url = https://ci:{p}@nexus.{d}/repository/pypi-all/simple\ntimeout = 60", p, f"nexus.{d}")


@_t(_G, "npmrc-underscore-auth-base64")
def _():
    b = _b64t("ci:" + _upw())
    return (f"registry=https://nexus.{_dom()}/repository/npm-all/\n_auth={b}\nalways-auth=true", b, "always-auth")


@_t(_G, "docker-config-json-auths")
def _():
    h = "registry." + _dom()
    b = _b64t("ci-bot:" + _upw(16, 24))
    return (f'{{\n  "auths": {{\n    "{h}": {{\n      "auth": "{b}"\n    }}\n  }}\n}}', b, h)


@_t(_G, "deploy-script-kubectl-docker-registry")
def _():
    p, h = _upw(), "registry." + _dom()
    return (f"kubectl -n prov create secret docker-registry regcred --docker-server={h} --docker-username=ci --docker-password={p} --dry-run=client -o yaml | kubectl apply -f -", p, h)


@_t(_G, "gitlab-pipeline-trigger-token-curl")
def _():
    t = "glptt-" + _hex(40)
    return (f"  script:\n    - curl -X POST -F token={t} -F ref=main https://gitlab.{_dom()}/api/v4/projects/{_n(10,900)}/trigger/pipeline", t, "ref=main")


@_t(_G, "ci-log-helm-set-root-password")
def _():
    p = _upw()
    return (f"$ helm upgrade --install acs charts/genieacs -n acs --set mongodb.auth.rootPassword={p} --wait\nRelease \"acs\" has been upgraded. Happy Helming!", p, "Happy Helming")


@_t(_G, "rundeck-job-option-default-value")
def _():
    p = _pw()
    return (f"- name: backup-olts\n  options:\n  - name: olt_user\n    value: root\n  - name: olt_password\n    value: {p}\n    secure: false", p, "backup-olts")


@_t(_G, "awx-cli-credential-inputs-json")
def _():
    p, st = _pw(), _site()
    return (f"awx credentials create --name \"OLT {st}\" --credential_type Machine --organization NOC --inputs '{{\"username\": \"root\", \"password\": \"{p}\"}}'", p, f"OLT {st}")


@_t(_G, "dotenv-production-acs-password")
def _():
    p = _upw()
    return (f"# .env.production\nACS_URL=https://acs.{_dom()}:7557\nACS_CONN_REQ_USER=acs\nACS_CONN_REQ_PASS={p}", p, "ACS_CONN_REQ_USER")


@_t(_G, "supervisord-program-environment")
def _():
    p, ip = _rpw(sym="@*-_.+!"), _ip()
    return (f"[program:radius-api]\ncommand=/opt/radius-api/bin/serve\nenvironment=DB_HOST=\"{ip}\",DB_PASS=\"{p}\"", p, ip)


@_t(_G, "netbox-sync-job-config-token")
def _():
    t, h = _hex(40), "netbox." + _dom()
    return (f"# ci/netbox-sync.yaml\nnetbox:\n  url: https://{h}\n  token: {t}\n  verify_tls: true", t, h)


@_t(_G, "github-actions-matrix-inline-password")
def _():
    p, h = _pw(), _short("ccr")
    return (f"    strategy:\n      matrix:\n        router:\n          - {{ host: {h}, user: backup, pass: \"{p}\" }}", p, h)


@_t(_G, "gitlab-ci-services-postgres-password")
def _():
    p = _upw()
    return (f"test:\n  services:\n    - postgres:15\n  variables:\n    POSTGRES_DB: billing_test\n    POSTGRES_PASSWORD: {p}", p, "billing_test")


@_t(_G, "k8s-deployment-env-value-community")
def _():
    c = _comm()
    return (f"        env:\n          - name: SNMP_COMMUNITY\n            value: \"{c}\"\n          - name: POLL_INTERVAL\n            value: \"300\"", c, "POLL_INTERVAL")


@_t(_G, "ci-log-curl-slack-webhook")
def _():
    tail = _an(24)
    return (f"+ curl -s -X POST -H 'Content-type: application/json' --data '{{\"text\":\"deploy ok\"}}' https://hooks.slack.com/services/T{_uan(8)}/B{_uan(10)}/{tail}", tail, "deploy ok")


# ====================================================================
# group: vendor-token
# ====================================================================
_G = "vendor-token"


@_t(_G, "aws-secret-access-key-next-to-id")
def _():
    kid, s = "AKIA" + _uan(16), _s(_AN + "+/", 40)
    return (f"[netflow-archive]\naws_access_key_id = {kid}\naws_secret_access_key = {s}\nregion = sa-east-1", s, kid)


@_t(_G, "aws-session-token-env")
def _():
    t = "IQoJb3JpZ2luX2VjE" + _s(_AN + "+/", _n(300, 380)) + "=="
    return (f"export AWS_SESSION_TOKEN={t}", t, "AWS_SESSION_TOKEN")


@_t(_G, "github-classic-pat")
def _():
    t = "ghp_" + _an(36)
    return (f"GITHUB_TOKEN={t}  # oxidized push to noc/configs", t, "GITHUB_TOKEN")


@_t(_G, "github-fine-grained-pat")
def _():
    t = "github_pat_11" + _uan(20) + "_" + _an(59)
    return (f"gh auth login --with-token <<< {t}", t, "gh auth login")


@_t(_G, "gitlab-personal-access-token")
def _():
    t = "glpat-" + _s(_URLC, 20)
    return (f"PRIVATE-TOKEN: {t}", t, "PRIVATE-TOKEN")


@_t(_G, "gitlab-runner-auth-token")
def _():
    t = "glrt-" + _s(_URLC, 20)
    return (f"gitlab-runner register --non-interactive --url https://gitlab.{_dom()} --token {t} --executor docker", t, "gitlab-runner register")


@_t(_G, "slack-bot-token-xoxb")
def _():
    t = "xoxb-%s-%s-%s" % (_dig(12), _dig(13), _an(24))
    return (f"SLACK_BOT_TOKEN={t}\nSLACK_CHANNEL=#noc-alertas", t, "SLACK_CHANNEL")


@_t(_G, "telegram-bot-token-env")
def _():
    t = "%d:AA%s" % (_n(100000000, 9999999999), _s(_URLC, 33))
    return (f"TELEGRAM_BOT_TOKEN=\"{t}\"\nTELEGRAM_CHAT_ID=\"-100{_dig(10)}\"", t, "TELEGRAM_CHAT_ID")


@_t(_G, "twilio-auth-token-with-sid")
def _():
    sid, t = "AC" + _hex(32), _hex(32)
    return (f"TWILIO_ACCOUNT_SID={sid}\nTWILIO_AUTH_TOKEN={t}", t, sid)


@_t(_G, "twilio-api-key-secret-pair")
def _():
    sk, sec = "SK" + _hex(32), _an(32)
    return (f"client = Client('{sk}', '{sec}', account_sid)", sec, sk)


@_t(_G, "sendgrid-api-key")
def _():
    t = "SG.%s.%s" % (_s(_URLC, 22), _s(_URLC, 43))
    return (f"Authorization: Bearer {t}", t, "Authorization")


@_t(_G, "mailgun-legacy-key")
def _():
    t = "key-" + _hex(32)
    return (f"curl -s --user 'api:{t}' https://api.mailgun.net/v3/mg.{_dom()}/messages -F to=noc@{_dom()}", t, "api.mailgun.net")


@_t(_G, "stripe-live-secret-key")
def _():
    t = "sk_live_" + _an(_n(24, 99))
    return (f"STRIPE_SECRET_KEY={t}", t, "STRIPE_SECRET_KEY")


@_t(_G, "stripe-restricted-key")
def _():
    t = "rk_live_" + _an(_n(24, 99))
    return (f"stripe.api_key = \"{t}\"  # restricted: invoices read", t, "invoices read")


@_t(_G, "mercadopago-access-token")
def _():
    t = "APP_USR-%s-%s-%s-%s" % (_dig(16), _dig(6), _hex(32), _dig(9))
    return (f"MP_ACCESS_TOKEN={t}\nMP_PUBLIC_KEY=APP_USR-{_uuid()}", t, "MP_PUBLIC_KEY")


@_t(_G, "efi-client-secret-with-id")
def _():
    cid, s = "Client_Id_" + _hex(40), "Client_Secret_" + _hex(40)
    return (f"EFI_CLIENT_ID={cid}\nEFI_CLIENT_SECRET={s}\nEFI_SANDBOX=false", s, cid)


@_t(_G, "asaas-api-key-header")
def _():
    t = "$aact_prod_" + _b64(60).rstrip("=")
    return (f"access_token: {t}", t, "access_token")


@_t(_G, "pagseguro-legacy-token")
def _():
    t = _uhex(32)
    return (f"https://ws.pagseguro.uol.com.br/v2/transactions?email=financeiro@{_dom()}&token={t}", t, "ws.pagseguro.uol.com.br")


@_t(_G, "xendit-production-secret-key")
def _():
    t = "xnd_production_" + _s(_AN, 60)
    return (f"XENDIT_SECRET_KEY={t}", t, "XENDIT_SECRET_KEY")


@_t(_G, "midtrans-server-key")
def _():
    t = "Mid-server-" + _s(_URLC, 24)
    return (f"MIDTRANS_SERVER_KEY={t}\nMIDTRANS_IS_PRODUCTION=true", t, "MIDTRANS_IS_PRODUCTION")


@_t(_G, "iyzico-secret-key-with-api-key")
def _():
    ak, sk = _an(32), _an(32)
    return (f"options = {{'api_key': '{ak}', 'secret_key': '{sk}', 'base_url': 'api.iyzipay.com'}}", sk, ak)


@_t(_G, "paytr-merchant-key-salt")
def _():
    mk, ms = _an(16), _an(16)
    return (f"$merchant_id = '{_n(100000,999999)}';\n$merchant_key = '{mk}';\n$merchant_salt = '{ms}';", mk, "$merchant_id")


@_t(_G, "conekta-private-key")
def _():
    t = "key_" + _an(_n(24, 30))
    return (f"Conekta.api_key = \"{t}\"", t, "Conekta.api_key")


@_t(_G, "google-api-key-aiza")
def _():
    t = "AIza" + _s(_URLC, 35)
    return (f"https://maps.googleapis.com/maps/api/geocode/json?address=CTO+{_site()}&key={t}", t, "maps.googleapis.com")


@_t(_G, "google-oauth-client-secret-gocspx")
def _():
    t = "GOCSPX-" + _s(_URLC, 28)
    cid = "%s-%s.apps.googleusercontent.com" % (_dig(12), _lan(32))
    return (f"GOOGLE_CLIENT_ID={cid}\nGOOGLE_CLIENT_SECRET={t}", t, cid)


@_t(_G, "gcp-service-account-json-private-key")
def _():
    body = _pem_body(_n(600, 700)).replace("\n", "\\n")
    return (f'{{\n  "type": "service_account",\n  "project_id": "noc-flows-{_lan(5)}",\n  "private_key_id": "{_hex(40)}",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n{body}\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "flows@noc.iam.gserviceaccount.com"\n}}', body, "client_email")


@_t(_G, "azure-storage-connection-string-accountkey")
def _():
    k = _b64(64)
    acc = "stnoc" + _lan(6)
    return (f"DefaultEndpointsProtocol=https;AccountName={acc};AccountKey={k};EndpointSuffix=core.windows.net", k, acc)


@_t(_G, "azure-sas-url-signature")
def _():
    sig = _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    acc = "stnocbkp" + _lan(4)
    return (f"https://{acc}.blob.core.windows.net/olt-backups/{_date()}.tar.gz?sp=r&st={_date()}T00:00:00Z&se={_date()}T23:59:00Z&spr=https&sv=2022-11-02&sr=b&sig={sig}", sig, acc)


@_t(_G, "aws-s3-presigned-url-signature")
def _():
    sig = _hex(64)
    return (f"https://noc-netflow-{_lan(4)}.s3.sa-east-1.amazonaws.com/exports/{_date()}.nfcapd.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA{_uan(16)}%2F20240312%2Fsa-east-1%2Fs3%2Faws4_request&X-Amz-Date=20240312T101112Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={sig}", sig, "X-Amz-Algorithm")


@_t(_G, "gcs-signed-url-goog-signature")
def _():
    sig = _hex(512)
    return (f"https://storage.googleapis.com/noc-flows/{_date()}/flows.parquet?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=flows%40noc.iam.gserviceaccount.com%2F20240312%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20240312T101112Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature={sig}", sig, "storage.googleapis.com")


@_t(_G, "cloudflare-api-token-bearer")
def _():
    t = _s(_URLC, 40)
    return (f"curl -s https://api.cloudflare.com/client/v4/zones -H \"Authorization: Bearer {t}\"", t, "api.cloudflare.com")


@_t(_G, "cloudflare-global-api-key")
def _():
    t = _hex(37)
    return (f"X-Auth-Email: noc@{_dom()}\nX-Auth-Key: {t}", t, "X-Auth-Email")


@_t(_G, "digitalocean-pat")
def _():
    t = "dop_v1_" + _hex(64)
    return (f"doctl auth init --access-token {t}", t, "doctl auth init")


@_t(_G, "hetzner-cloud-api-token")
def _():
    t = _an(64)
    return (f"export HCLOUD_TOKEN={t}\nhcloud server list", t, "hcloud server list")


@_t(_G, "linode-api-token")
def _():
    t = _hex(64)
    return (f"LINODE_TOKEN={t} terraform apply -target=linode_instance.looking_glass", t, "looking_glass")


@_t(_G, "vultr-api-key")
def _():
    t = _uan(36)
    return (f"VULTR_API_KEY={t}", t, "VULTR_API_KEY")


@_t(_G, "datadog-api-and-app-key")
def _():
    ak, apk = _hex(32), _hex(40)
    return (f"DD-API-KEY: {ak}\nDD-APPLICATION-KEY: {apk}", apk, "DD-APPLICATION-KEY")


@_t(_G, "newrelic-user-api-key")
def _():
    t = "NRAK-" + _uan(27)
    return (f"API-Key: {t}", t, "API-Key")


@_t(_G, "newrelic-ingest-license-key")
def _():
    t = _hex(36) + "NRAL"
    return (f"license_key: {t}\napp_name: prov-api", t, "prov-api")


@_t(_G, "sentry-user-auth-token")
def _():
    t = "sntryu_" + _hex(64)
    return (f"SENTRY_AUTH_TOKEN={t} sentry-cli releases new prov-api@{_n(1,3)}.{_n(0,20)}.{_n(0,9)}", t, "sentry-cli")


@_t(_G, "pagerduty-events-routing-key")
def _():
    t = _hex(32)
    return (f'{{"routing_key": "{t}", "event_action": "trigger", "payload": {{"summary": "OLT {_site()} LOS > 50 ONUs", "severity": "critical", "source": "zabbix"}}}}', t, "event_action")


@_t(_G, "pagerduty-rest-api-token")
def _():
    t = _s(_URLC + "+", 20)
    return (f"Authorization: Token token={t}", t, "Authorization")


@_t(_G, "opsgenie-geniekey-uuid")
def _():
    t = _uuid()
    return (f"curl -X POST https://api.opsgenie.com/v2/alerts -H \"Authorization: GenieKey {t}\" -d @alert.json", t, "api.opsgenie.com")


@_t(_G, "npm-automation-token")
def _():
    t = "npm_" + _an(36)
    return (f"//registry.npmjs.org/:_authToken={t}", t, "registry.npmjs.org")


@_t(_G, "pypi-upload-token")
def _():
    t = "pypi-AgEIcHlwaS5vcmc" + _s(_URLC, _n(140, 180))
    return (f"[pypi]\n  username = __token__\n  password = {t}", t, "__token__")


@_t(_G, "docker-hub-pat")
def _():
    t = "dckr_pat_" + _s(_URLC, 27)
    return (f"echo {t} | docker login -u noc{_lan(4)} --password-stdin", t, "docker login")


@_t(_G, "hashicorp-vault-service-token")
def _():
    t = "hvs.CAESI" + _s(_URLC, _n(80, 100))
    return (f"VAULT_ADDR=https://vault.{_dom()}:8200\nVAULT_TOKEN={t}", t, "VAULT_ADDR")


@_t(_G, "terraform-cloud-atlasv1-token")
def _():
    t = "%s.atlasv1.%s" % (_an(14), _an(67))
    return (f"credentials \"app.terraform.io\" {{\n  token = \"{t}\"\n}}", t, "app.terraform.io")


@_t(_G, "okta-ssws-api-token")
def _():
    t = "00" + _s(_URLC, 40)
    return (f"Authorization: SSWS {t}", t, "Authorization")


@_t(_G, "auth0-client-secret")
def _():
    cid, s = _an(32), _s(_URLC, 64)
    return (f"AUTH0_CLIENT_ID={cid}\nAUTH0_CLIENT_SECRET={s}", s, cid)


@_t(_G, "atlassian-api-token-basic")
def _():
    t = "ATATT3xFfGF0" + _s(_URLC, 180) + "=" + _uhex(8)
    return (f"JIRA_USER=noc@{_dom()}\nJIRA_API_TOKEN={t}", t, "JIRA_USER")


@_t(_G, "openai-project-key")
def _():
    t = "sk-proj-" + _s(_URLC, 48) + "T3BlbkFJ" + _s(_URLC, 48)
    return (f"OPENAI_API_KEY={t}  # triagem de tickets", t, "triagem de tickets")


@_t(_G, "anthropic-api-key")
def _():
    t = "sk-ant-api03-" + _s(_URLC, 93) + "AA"
    return (f"x-api-key: {t}\nanthropic-version: 2023-06-01", t, "anthropic-version")


@_t(_G, "hubspot-private-app-token")
def _():
    t = "pat-na1-" + _uuid()
    return (f"HUBSPOT_TOKEN={t}", t, "HUBSPOT_TOKEN")


@_t(_G, "zendesk-api-token-basic-user")
def _():
    t = _an(40)
    return (f"curl https://{_lan(8)}.zendesk.com/api/v2/tickets.json -u suporte@{_dom()}/token:{t}", t, "zendesk.com")


@_t(_G, "whatsapp-cloud-api-token")
def _():
    t = "EAAG" + _an(_n(180, 220))
    return (f"curl -X POST https://graph.facebook.com/v19.0/{_dig(15)}/messages -H 'Authorization: Bearer {t}' -d @aviso_manutencao.json", t, "graph.facebook.com")


@_t(_G, "mapbox-secret-token")
def _():
    pl = _b64ut(json.dumps({"u": "noc" + _lan(4), "a": _lan(25)}, separators=(",", ":")))
    t = "sk." + pl + "." + _s(_URLC, 22)
    return (f"MAPBOX_DOWNLOADS_TOKEN={t}", t, "MAPBOX_DOWNLOADS_TOKEN")


@_t(_G, "infobip-api-key-header")
def _():
    t = _hex(32) + "-" + _uuid()
    return (f"Authorization: App {t}", t, "Authorization")


@_t(_G, "zenvia-api-token")
def _():
    t = _s(_URLC, 40)
    return (f"X-API-TOKEN: {t}\nContent-Type: application/json", t, "X-API-TOKEN")


@_t(_G, "vonage-api-secret")
def _():
    k, s = _hex(8), _an(16)
    return (f"https://rest.nexmo.com/sms/json?api_key={k}&api_secret={s}&to=55{_dig(11)}&from=NOC&text=teste", s, k)


@_t(_G, "plivo-auth-token-with-id")
def _():
    aid, t = "MA" + _uan(18), _an(40)
    return (f"PLIVO_AUTH_ID={aid}\nPLIVO_AUTH_TOKEN={t}", t, aid)


@_t(_G, "telnyx-api-key")
def _():
    t = "KEY01" + _uhex(32) + "_" + _an(22)
    return (f"TELNYX_API_KEY={t}", t, "TELNYX_API_KEY")


@_t(_G, "fcm-legacy-server-key")
def _():
    t = "AAAA" + _s(_URLC, 7) + ":APA91b" + _s(_URLC, 134)
    return (f"Authorization: key={t}", t, "Authorization")


@_t(_G, "jfrog-api-key")
def _():
    t = "AKCp" + _an(69)
    return (f"X-JFrog-Art-Api: {t}", t, "X-JFrog-Art-Api")


@_t(_G, "grafana-service-account-token")
def _():
    t = "glsa_" + _an(32) + "_" + _hex(8)
    return (f"GRAFANA_TOKEN={t} grafana-backup save", t, "grafana-backup")


@_t(_G, "grafana-cloud-access-policy-token")
def _():
    t = "glc_" + _b64t(json.dumps({"o": str(_n(100000, 999999)), "n": "alloy-noc", "k": _an(24), "m": {"r": "prod-sa-east-0"}}, separators=(",", ":"))).rstrip("=")
    return (f"export GCLOUD_RW_API_KEY={t}", t, "GCLOUD_RW_API_KEY")


@_t(_G, "kentik-api-token-with-email")
def _():
    t = _hex(32)
    return (f"X-CH-Auth-Email: noc@{_dom()}\nX-CH-Auth-API-Token: {t}", t, "X-CH-Auth-Email")


@_t(_G, "peeringdb-api-key-header")
def _():
    t = "%s.%s" % (_an(8), _an(32))
    return (f"curl -sH \"Authorization: Api-Key {t}\" https://www.peeringdb.com/api/net?asn={_pubasn()}", t, "www.peeringdb.com")


@_t(_G, "arin-api-key-query")
def _():
    t = "API-%s-%s-%s-%s" % (_uhex(4), _uhex(4), _uhex(4), _uhex(4))
    return (f"https://reg.arin.net/rest/net/NET-203-0-113-0-1?apikey={t}", t, "reg.arin.net")


@_t(_G, "uisp-crm-app-key")
def _():
    t = _s(_AN + "+/", 64)
    return (f"X-Auth-App-Key: {t}", t, "X-Auth-App-Key")


@_t(_G, "ixc-basic-token-header")
def _():
    b = _b64t("%d:%s" % (_n(1, 60), _hex(64)))
    return (f"headers = {{'Authorization': 'Basic {b}', 'ixcsoft': 'listar'}}", b, "ixcsoft")


@_t(_G, "netbox-v2-token-bearer")
def _():
    t = "nbt_%s.%s" % (_an(12), _an(40))
    return (f"Authorization: Bearer {t}", t, "Authorization")


@_t(_G, "tunnelbroker-update-key")
def _():
    k = _an(16)
    return (f"https://noc{_lan(4)}:{k}@ipv4.tunnelbroker.net/nic/update?hostname={_n(100000,999999)}", k, "ipv4.tunnelbroker.net")


@_t(_G, "elastic-api-key-header")
def _():
    b = _b64t("%s:%s" % (_s(_URLC, 20), _s(_URLC, 22)))
    return (f"Authorization: ApiKey {b}", b, "Authorization")


@_t(_G, "influxdb-operator-token")
def _():
    t = _b64(64).rstrip("=")[:86] + "=="
    return (f"influx config create --config-name noc --host-url http://influx.{_dom()}:8086 --org isp --token {t} --active", t, "--config-name noc")


@_t(_G, "splunk-hec-token")
def _():
    t = _uuid()
    return (f"curl -k https://splunk.{_dom()}:8088/services/collector -H \"Authorization: Splunk {t}\" -d '{{\"event\": \"bgp flap\"}}'", t, "services/collector")


@_t(_G, "discord-webhook-token")
def _():
    wid, t = _dig(18), _s(_URLC, 68)
    return (f"https://discord.com/api/webhooks/{wid}/{t}", t, wid)


@_t(_G, "cloudflare-origin-ca-key")
def _():
    t = "v1.0-%s-%s" % (_hex(24), _hex(146))
    return (f"X-Auth-User-Service-Key: {t}", t, "X-Auth-User-Service-Key")


@_t(_G, "acme-eab-hmac-key")
def _():
    kid, h = _s(_URLC, 22), _b64u(64)
    return (f"certbot register --eab-kid {kid} --eab-hmac-key {h} --server https://acme.zerossl.com/v2/DV90", h, kid)


@_t(_G, "sonarqube-user-token")
def _():
    t = "squ_" + _hex(40)
    return (f"sonar-scanner -Dsonar.host.url=https://sonar.{_dom()} -Dsonar.token={t}", t, "sonar-scanner")


@_t(_G, "bitbucket-app-password")
def _():
    t = "ATBB" + _an(32) + _uhex(8)
    return (f"git remote set-url origin https://noc-bot:{t}@bitbucket.org/isp-noc/provisioning.git", t, "bitbucket.org")


@_t(_G, "age-secret-key")
def _():
    t = "AGE-SECRET-KEY-1" + _s("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)
    return (f"# created: {_date()}T{_time()}-03:00\n# public key: age1{_s('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}\n{t}", t, "public key")


@_t(_G, "rsa-private-key-pem-body")
def _():
    body = _pem_body(_n(1100, 1200))
    return (f"$ cat ~/.ssh/oxidized_rsa\n-----BEGIN RSA PRIVATE KEY-----\n{body}\n-----END RSA PRIVATE KEY-----", body, "oxidized_rsa")


@_t(_G, "ec-private-key-pem-body")
def _():
    body = _pem_body(121)
    return (f"# /etc/ssl/private/acs.key\n-----BEGIN EC PRIVATE KEY-----\n{body}\n-----END EC PRIVATE KEY-----", body, "acs.key")


@_t(_G, "openssh-private-key-body")
def _():
    body = _b64t("openssh-key-v1\0") + _pem_body(_n(300, 400)).replace("\n", "")
    body = "\n".join(body[i:i + 70] for i in range(0, len(body), 70))
    return (f"-----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n-----END OPENSSH PRIVATE KEY-----", body, "OPENSSH PRIVATE KEY")


@_t(_G, "pkcs8-private-key-pem-body")
def _():
    body = _pem_body(_n(1200, 1250))
    return (f"radius-tls/server.key:\n-----BEGIN PRIVATE KEY-----\n{body}\n-----END PRIVATE KEY-----", body, "radius-tls/server.key")


# ---------------------------------------------------------------- extra hard cases (several groups)


@_t("note-or-chat", "chat-token-wrapped-across-lines")
def _():
    t = _an(_n(60, 72))
    cut = _n(30, 44)
    w = t[:cut] + "\n" + t[cut:]
    return (f"token da API do portal (quebrou a linha quando colei, junta as duas partes):\n{w}\nusuário da API: integracao", w, "integracao")


@_t("tool-output", "base64-output-wrapped-76")
def _():
    raw = "%d:%s" % (_n(1, 60), _hex(64))
    b = _b64t(raw)
    w = "\n".join(b[i:i + 76] for i in range(0, len(b), 76))
    return (f"$ echo -n \"$IXC_USER_ID:$IXC_TOKEN\" | base64\n{w}", w, "IXC_USER_ID")


@_t("config-file", "json-escaped-quote-password")
def _():
    a, b = _an(_n(4, 7)), _an(_n(4, 7)) + str(_n(10, 99))
    s = a + '\\"' + b
    return (f'{{\n  "olt": {{\n    "host": "{_ip()}",\n    "user": "root",\n    "password": "{s}"\n  }}\n}}', s, "root")


@_t("command", "bash-double-quoted-escaped-dollar")
def _():
    w = _c(_ALLW).capitalize()
    s = "%s\\$%d%s" % (w, _n(1000, 9999), _an(3))
    return (f"{_pr()}mysql -uradius -p\"{s}\" -h {_ip()} radius -e 'select count(*) from radacct'", s, "radacct")


@_t("config-file", "xml-entity-escaped-password")
def _():
    w1, w2 = _c(_ALLW).capitalize(), _c(_ALLW).capitalize()
    s = "%s&amp;%s%d" % (w1, w2, _n(10, 9999))
    return (f"<DataSource>\n  <Url>jdbc:mysql://{_ip()}:3306/radius</Url>\n  <User>radius</User>\n  <Password>{s}</Password>\n</DataSource>", s, "<User>radius</User>")


@_t("config-file", "alembic-ini-percent-encoded-password")
def _():
    w = _c(_ALLW).capitalize()
    s = "%s%%%%40%d%%%%21%s" % (w, _n(10, 9999), _an(4))
    return (f"[alembic]\nscript_location = migrations\nsqlalchemy.url = postgresql+psycopg2://prov:{s}@{_host('billing')}/prov", s, "script_location")


@_t("stack-trace-or-log", "url-encoded-password-in-error")
def _():
    w = _c(_ALLW).capitalize()
    s = "%s%%23%d%%21" % (w, _n(100, 9999))
    h = _host("mq")
    return (f"{_ts()} ERROR kombu.connection: Connection to broker lost: amqp://prov:{s}@{h}:5672/isp — retrying in 2.0s", s, h)


# ====================================================================
# BENIGN look-alikes
# ====================================================================
_BEN = []


def _b(fn):
    _BEN.append(fn)
    return fn


@_b
def _():
    return (f"commit {_hex(40)}\nAuthor: {_fullname()} <{_uname()}@{_dom()}>\nDate:   {_date()} {_time()} -0300\n\n    "
            + _c(["olt: ajusta vlan de gerência", "radius: move clients.conf to template",
                  "bgp: adiciona prefix-list do cliente", "acs: bump genieacs to 1.2.13",
                  "snmp: troca community por variável do vault"]))


@_b
def _():
    return f"{_hex(7)} {_c(['oxidized', 'radius', 'routeros', 'junos', 'docsis'])}: {_c(['fix regex for prompt', 'rotate key reference to vault path', 'drop hardcoded community', 'add MA5800 model', 'mask secrets in export'])}"


@_b
def _():
    return f"{_hex(64)}  {_c(['MA5800-V100R021C00SPC100.bin', 'routeros-7.14.2-arm64.npk', 'XC.v8.7.11.46972.230203.0914.bin', 'junos-vmhost-install-mx-x86-64-22.4R3-S2.tgz', 'ePMP-AC-v5.7.1.tar.gz'])}"


@_b
def _():
    return f"MD5 (cm-{_c(['100M', '300M', '600M', 'biz-1G'])}-{_n(1,99)}.cfg) = {_hex(32)}"


@_b
def _():
    return f"trace_id={_hex(32)} span_id={_hex(16)} service={_c(['prov-api', 'radius-proxy', 'acs-nbi', 'billing-sync'])} duration_ms={_n(1,900)}"


@_b
def _():
    return f"X-Request-Id: {_uuid()}"


@_b
def _():
    return f"ONT SN: {_gpon_sn()}  F/S/P {_fsp()}  ONT-ID {_n(0,127)}  Rx -{_n(15,27)}.{_n(10,99)} dBm  Run state: online"


@_b
def _():
    return f"Calling-Station-Id = \"{_mac('-')}\"  Acct-Session-Id = \"{_uhex(8)}\"  NAS-Port-Id = \"0/{_n(0,8)}/{_n(0,8)}/{_n(0,16)}:{_n(100,4000)}\""


@_b
def _():
    return f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_s(_AN + '+/', 43)} {_uname()}@{_short('jump')}"


@_b
def _():
    return f"ED25519 key fingerprint is SHA256:{_s(_AN + '+/', 43)}."


@_b
def _():
    return f"[Peer]\nPublicKey = {_b64(32)}\nAllowedIPs = 10.{_n(0,254)}.{_n(0,254)}.0/24\nEndpoint = {_host('vpn')}:51820"


@_b
def _():
    return f"gpg: key {_uhex(16)}: public key \"NOC {_dom()} <noc@{_dom()}>\" imported"


@_b
def _():
    return "SHA1 Fingerprint=" + ":".join(_uhex(2) for _ in range(20))


@_b
def _():
    return f"{_c(['password', 'secret', 'senha', 'clave', 'şifre', 'kata sandi'])}: {_c(['********', '<redacted>', '[MASKED]', '•••••••••', '(hidden)', 'xxxxxxxx'])}"


@_b
def _():
    return f"tacacs server TAC-{_site()}\n address ipv4 {_ip()}\n key 7 <removed>"


@_b
def _():
    return f"/ppp secret\nadd name={_ppp_user()} profile={_c(_PLANS)} service=pppoe\n# exported with hide-sensitive, passwords omitted"


@_b
def _():
    return f"RADIUS_SECRET={_c(['<preencher>', '<fill-me>', '${RADIUS_SECRET}', 'CHANGE_ME_AT_DEPLOY', '{{ radius_secret }}'])}  # {_c(['placeholder', 'valor real fica no vault', 'set by ansible'])}"


@_b
def _():
    return f"      {_c(['OLT_PASSWORD', 'SPLYNX_API_SECRET', 'IXC_TOKEN', 'SNMP_COMMUNITY', 'TACACS_KEY'])}: ${{{{ secrets.{_c(['OLT_PASSWORD', 'SPLYNX_API_SECRET', 'IXC_TOKEN', 'SNMP_COMMUNITY', 'TACACS_KEY'])}_{_site()} }}}}"


@_b
def _():
    return f"ansible_password: \"{{{{ vault_{_c(['olt', 'ccr', 'iosxr', 'junos'])}_{_site().lower()}_password }}}}\""


@_b
def _():
    return f"secret/data/noc/{_c(['radius', 'tacacs', 'olt', 'snmp', 'acs'])}/{_site().lower()}#{_c(['password', 'secret', 'key', 'community'])}"


@_b
def _():
    return f"arn:aws:secretsmanager:sa-east-1:{_dig(12)}:secret:prod/{_c(['ixc-api', 'splynx', 'radius-db', 'genieacs'])}-{_an(6)}"


@_b
def _():
    return f"        valueFrom:\n          secretKeyRef:\n            name: {_c(['radius-shared', 'olt-creds', 'acs-db'])}\n            key: {_c(['secret', 'password', 'token'])}"


@_b
def _():
    return f"password_file: /run/secrets/{_c(['olt_password', 'radius_secret', 'snmp_community', 'db_password'])}_{_site().lower()}"


@_b
def _():
    return f"op://NOC/OLT {_site()}-{_n(1,20)}/password"


@_b
def _():
    return _c([
        "A senha PPPoE deve ter no mínimo 10 caracteres e não pode ser o CPF do cliente.",
        "Nunca envie a senha do Wi-Fi do cliente pelo grupo do WhatsApp; use o sistema de OS.",
        "La contraseña del router debe cambiarse en la primera visita técnica.",
        "Kata sandi minimal 12 karakter dan wajib diganti setiap 90 hari.",
        "Şifrenizi kimseyle paylaşmayın; destek ekibimiz asla şifre sormaz.",
        "Passwords for network devices are rotated quarterly and live only in the vault.",
        "Política: secrets de RADIUS diferentes por NAS, mínimo 24 caracteres aleatórios.",
        "Las claves MD5 de BGP se acuerdan por teléfono y nunca se envían por correo.",
    ]) + f" (ref. POL-{_n(10,99)}-{_n(100,999)})"


@_b
def _():
    return _b64t(_c(["Manutenção programada na POP ", "Mantenimiento programado en el nodo ",
                     "Pemeliharaan terjadwal di POP ", "Planlı bakım: POP ",
                     "Scheduled maintenance at POP "]) + _site() + " " + _date())


@_b
def _():
    return f"/etc/freeradius/3.0/mods-config/{_c(['sql/main/mysql/schema.sql', 'files/authorize', 'sql/ippool/mysql/queries.conf'])}"


@_b
def _():
    return _c([f"RouterOS 7.{_n(10,16)}.{_n(0,3)} (stable)", f"JUNOS 2{_n(1,4)}.{_n(1,4)}R{_n(1,3)}-S{_n(1,5)}",
               f"Cisco IOS XR Software, Version 7.{_n(3,11)}.{_n(1,2)}", f"airOS XC.v8.7.{_n(1,11)}",
               f"MA5800 V100R0{_n(19,23)}C00SPC{_n(100,399)}", f"GenieACS v1.2.{_n(0,13)}"])


@_b
def _():
    return _c([f"INC{_dig(7)}", f"CHG-{_n(2023,2025)}-{_dig(5)}", f"OS #{_dig(6)}", f"NOC-{_dig(5)}",
               f"Chamado {_dig(6)}", f"Tiket #{_dig(6)}", f"Arıza kaydı {_dig(7)}"])


@_b
def _():
    return f"CKT-{_site()}-{_dig(6)}-{_c(['10G', '100G', '1G'])} / circuit id {_uan(4)}{_dig(6)}"


@_b
def _():
    return f"AS{_pubasn()} announces {_ip6()}/48 and 203.0.113.0/24 via {_c(['IX.br', 'Equinix', 'DE-CIX', 'IIX', 'TNAP'])}"


@_b
def _():
    return f"set community {_pubasn()}:{_n(100,999)} additive  # blackhole={_pubasn()}:666"


@_b
def _():
    return f"snmpEngineID 0x80001f8880{_hex(24)}"


@_b
def _():
    return f"SNMP OID {_c(['1.3.6.1.4.1.2011.6.128.1.1.2.43.1.3', '1.3.6.1.4.1.14988.1.1.1.3.1.4', '1.3.6.1.2.1.10.127.1.1.4.1.5', '1.3.6.1.4.1.3902.1012.3.28.1.1.5'])}.{_n(4194304000,4194999999)}.{_n(1,127)}"


@_b
def _():
    return f"image: registry.{_dom()}/noc/prov-api@sha256:{_hex(64)}"


@_b
def _():
    return f"uid: {_uuid()}\nresourceVersion: \"{_n(100000,9999999)}\""


@_b
def _():
    return _c([f"Serial: 21500{_dig(5)}{_uan(8)}", f"Chassis SN: JN1{_uan(9)}AFA", f"License UDI: PID:ASR-920-24SZ-M SN:CAT{_dig(4)}{_uan(4)}",
               f"Board SN: {_uan(2)}{_dig(10)}", f"Serial Number: HG{_uhex(10)}"])


@_b
def _():
    return f"IMEI {_dig(15)} / ICCID 8955{_dig(15)} (modem 4G backup POP {_site()})"


@_b
def _():
    return _c(["RB4011iGS+RM", "CCR2216-1G-12XS-2XQ", "EPMP-F300-25-BR", "LBE-5AC-Gen2", "NCS-55A1-24H",
               "MX204-HW-BASE", "H902GPHF", "EG8145V5-V5R020C00", "C6XX-GTGH-16P"]) + f" x{_n(1,40)} (PO {_dig(8)})"


@_b
def _():
    return "\n".join("%04x  %s" % (i * 16, " ".join(_hex(2) for _ in range(16))) for i in range(_n(2, 4)))


@_b
def _():
    return f"Message-Authenticator = 0x{_hex(32)}"


@_b
def _():
    return f"CHAP-Challenge = 0x{_hex(32)}\nCHAP-Password = <not logged>"


@_b
def _():
    return f"-----BEGIN PUBLIC KEY-----\n{_pem_body(_n(90, 294))}\n-----END PUBLIC KEY-----"


@_b
def _():
    return f"-----BEGIN CERTIFICATE-----\n{_pem_body(_n(600, 900))}\n-----END CERTIFICATE-----"


@_b
def _():
    return f"Authorization: {_c(['Bearer <token>', 'Bearer ${TOKEN}', 'Basic <base64 user:pass>', 'Token <NETBOX_TOKEN>', 'Bearer $UISP_TOKEN'])}"


@_b
def _():
    return f"export {_c(['RADIUS_SECRET', 'OLT_PASS', 'SNMP_COMMUNITY', 'IXC_TOKEN'])}=\"$(vault kv get -field={_c(['secret', 'password', 'community', 'token'])} secret/noc/{_site().lower()})\""


@_b
def _():
    return f"password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          {_hex(64)}\n          {_hex(64)}"


@_b
def _():
    return f"Speedtest by Ookla — Result ID {_dig(11)} — Server: {_c(_ISPS)} ({_city()})"


@_b
def _():
    return f"stripe publishable key (public, safe in the portal JS): pk_live_{_an(_n(24, 40))}"


@_b
def _():
    pl = _b64ut(json.dumps({"u": "noc" + _lan(4), "a": _lan(25)}, separators=(",", ":")))
    return f"mapboxgl.accessToken = 'pk.{pl}.{_s(_URLC, 22)}'; // public token, URL-restricted"


@_b
def _():
    return f"AWS access key id AKIA{_uan(16)} belongs to user netflow-archive (the secret part is in Secrets Manager)"


@_b
def _():
    return f"TWILIO_ACCOUNT_SID=AC{_hex(32)}  # sid only, token comes from the vault"


@_b
def _():
    return f"GENIEACS device id: {_uhex(6)}-{_c(['EG8145V5', 'F670L', 'HG8245H5', 'AX3000'])}-{_c(['48575443', '5A544547'])}{_uhex(8)}"


@_b
def _():
    return f"backup-{_site().lower()}-{_date()}-{_hex(8)}.rsc"


@_b
def _():
    return f"crc32=0x{_hex(8)} size={_n(1000,9000000)} file=vrpcfg-{_site().lower()}.zip"


@_b
def _():
    return f"tcp-md5-key=\"\" wpa2-pre-shared-key=\"\"  # RouterOS export hide-sensitive (values blanked)"


@_b
def _():
    return f"snmp-server community <COMMUNITY> RO {_n(10,99)}  ! template, replaced by Ansible per POP"


@_b
def _():
    return f"value = \"%{{User-Password}}\"  # xlat expanded at runtime (site {_site().lower()})"


@_b
def _():
    return f"Cleartext-Password := \"%{{sql:SELECT value FROM radcheck WHERE username='%{{User-Name}}'}}\"  # {_c(['lab', 'staging', 'doc'])}-{_n(1,99)}"


@_b
def _():
    return _c(["senha_provisoria", "senha_pppoe", "pppoe_password", "connection_request_password",
               "radius_shared_secret", "tacacs_key", "snmp_community_ro", "wpa_psk"]) + \
        f" is the column/field name in table {_c(['contratos', 'onus', 'nas', 'devices'])}_{_lan(3)}; values are not exported"


@_b
def _():
    return f"key {_c(['5', '8', '9'])} <hash omitted in ticket> on line vty of {_short('pe')}"


@_b
def _():
    return f"ntp server {_ip()} key {_n(1,9)} prefer  ! key material configured out of band"


@_b
def _():
    return f"{_short('olt')} ONU {_n(1,16)}/{_n(1,16)}:{_n(1,128)} LOID=<not set> auth-mode=sn {_gpon_sn()}"


@_b
def _():
    return f"interface gpon-onu_1/{_n(1,8)}/{_n(1,16)}:{_n(1,128)}\n  name {_fullname()}\n  sn-bind enable sn\n  tcont 1 profile {_c(['100M', '300M', '1G'])}"


@_b
def _():
    return f"Acct-Input-Octets = {_n(10**6, 10**10)}  Acct-Output-Octets = {_n(10**6, 10**11)}  Acct-Session-Time = {_n(60, 2592000)}"


@_b
def _():
    return f"BGP neighbor {_ip()} state Established, up {_n(1,99)}d{_n(0,23)}h, pfx rcvd {_n(1,990000)} (authentication: MD5 configured)"


@_b
def _():
    return f"cable modem {_mac('.').lower()[:14]} {_ip()} C{_n(1,9)}/0/{_n(0,3)}/UB w-online {_n(-5,5)}.{_n(0,9)} dBmV config cm-{_c(['100M', '300M'])}.cfg"


@_b
def _():
    return f"docsis -e cm.txt keyfile cm.cfg  # keyfile lives in /srv/tftp/keyfile (mode 0600), not in git; build {_hex(10)}"


@_b
def _():
    return _c([
        "Don't paste PPPoE passwords into Jira; link the customer id instead.",
        "Não mande senha de OLT no grupo, use o cofre (Bitwarden) e compartilhe o item.",
        "Rotación de la clave TACACS+: el valor nuevo está en el vault, no en este hilo.",
        "Password teknisi disimpan di Bitwarden, bukan di catatan ini.",
        "Yeni RADIUS anahtarı kasada; bu kanala yazmayın.",
        "The community string was removed from this doc; see SNMP_COMMUNITY in the vault.",
    ]) + f" [{_uname()} {_hh()}]"


@_b
def _():
    return f"Goal: replace the hardcoded RADIUS secret in {_short('bng')} with a reference to secret/noc/radius/{_site().lower()} ({_c(['ticket', 'chamado', 'tiket'])} {_dig(5)})"


@_b
def _():
    return f"Decision: OLT passwords are rotated by the {_c(['oxidized', 'ansible', 'rundeck'])} job every {_n(30,90)} days; nobody types them by hand."


@_b
def _():
    return f"git-lfs pointer: version https://git-lfs.github.com/spec/v1\noid sha256:{_hex(64)}\nsize {_n(1000,90000000)}"


@_b
def _():
    return f"{_c(['ipv6', 'prefix'])} {_ip6()}/{_c(['56', '60', '64'])} delegated to {_ppp_user()} via DHCPv6-PD"


@_b
def _():
    return f"{_short('ccr')}: {_n(1000,9000)} PPPoE sessions, {_n(1,90)}% CPU, uptime {_n(1,300)}d{_n(0,23)}h (license level {_n(4,6)}, software id {_uan(4)}-{_uan(4)})"


@_b
def _():
    return f"license key id {_uan(5)}-{_uan(5)} (public identifier; activation file stored in the vendor portal)"


@_b
def _():
    return f"vlan {_n(100,4000)} name {_c(['PPPOE', 'GERENCIA', 'IPTV', 'VOIP', 'CGNAT'])}-{_site()}  ! qinq outer {_n(2,99)}"


@_b
def _():
    return f"cgnat: 100.{_n(64,127)}.0.0/{_c(['18', '19', '20'])} -> 203.0.113.{_n(1,254)} ports {_n(1024,2047)}-{_n(2048,65535)} (deterministic)"


@_b
def _():
    return f"jwt header (no payload/signature): {_b64ut(json.dumps({'alg': 'HS256', 'typ': 'JWT'}, separators=(',', ':')))} — kid {_hex(8)}"


@_b
def _():
    return f"token_type=Bearer expires_in={_c([300, 900, 3600])} scope=\"{_c(['onts:read', 'devices:read', 'billing:read'])}\" (token itself not logged)"


@_b
def _():
    return f"{_c(['Client_Id_', 'client_id='])}{_hex(40)}  # Efí client id, not a secret by itself"


@_b
def _():
    return f"UISP site id {_uuid()} — {_city()} ({_n(1,300)} clients)"


@_b
def _():
    return f"Checksum mismatch: expected {_hex(40)}, got {_hex(40)} for {_c(['ros-backup', 'olt-cfg', 'junos-conf'])}.tgz"


@_b
def _():
    return f"PON {_fsp()} rx power -{_n(15,30)}.{_n(10,99)} dBm threshold -27.00 ({_n(1,64)} ONUs, {_n(0,9)} LOS)"


@_b
def _():
    return f"nfcapd.{_date().replace('-', '')}{_n(0,23):02d}{_c(['00', '05', '10', '15'])} {_n(10,900)}M flows from {_short('bng')} exporter id {_n(1,9999)}"


@_b
def _():
    return f"changeme  <- literal default printed on the {_c(['ONT', 'radio', 'router'])} label template; provisioning replaces it (doc {_n(1,40)}.{_n(0,9)})"


@_b
def _():
    return f"Wi-Fi {_ssid()}: senha {_c(['********', 'definida pelo cliente', '(não registrada)', 'no sistema'])}"


@_b
def _():
    return f"PPPoE login {_ppp_user()} — senha: ver contrato no IXC (campo oculto)"


@_b
def _():
    return f"RADIUS client {_short('bng')} secret stored in {_c(['nas table', 'clients.d/', 'vault'])} (length {_n(16,32)}, rotated {_date()})"


@_b
def _():
    return f"{_c(['ghp_', 'glpat-', 'xoxb-', 'sk_live_', 'AKIA'])}<redacted> found in MR !{_n(10,999)}, token revoked and history rewritten"


@_b
def _():
    return f"ONU password-auth: configured (value hidden by 'display current-configuration secret')  ont {_n(1,127)} {_fsp()}"


@_b
def _():
    return f"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ{_s(_AN + '+/', 200)} oxidized@{_short('nms')}"


@_b
def _():
    return f"/interface wireless security-profiles print\n 0 name=\"default\" mode=dynamic-keys authentication-types=wpa2-psk wpa2-pre-shared-key=\"*****\""


# ====================================================================
# assembly
# ====================================================================


def _build_secrets():
    rows = []
    for g in _GROUPS:
        tpls = _TPL[g]
        if len(tpls) * 3 < _PER_GROUP:
            raise RuntimeError("group %s has too few formats" % g)
        grp = []
        while len(grp) < _PER_GROUP:
            for fmt, fn in tpls:
                if len(grp) >= _PER_GROUP:
                    break
                text, secret, visible = fn()
                grp.append((g, fmt, text, secret, visible))
        rows.extend(grp)
    return rows


def _build_benign(secrets):
    long_secrets = [e[3] for e in secrets if len(e[3]) >= 8]
    seen = set()
    out = []
    rounds = 0
    while len(out) < _N_BENIGN:
        rounds += 1
        if rounds > 200:
            raise RuntimeError("benign generators exhausted")
        for fn in _BEN:
            if len(out) >= _N_BENIGN:
                break
            s = fn()
            if s in seen or any(x in s for x in long_secrets):
                continue
            seen.add(s)
            out.append(s)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)

__all__ = ["SEED", "SECRETS", "BENIGN"]
