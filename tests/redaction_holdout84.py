"""Blind hold-out corpus #84 for a secret-redaction engine.

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
Web hosting resellers and small web agencies: cPanel and WHM API tokens,
Plesk, DirectAdmin, WHMCS and Blesta billing, Softaculous, domain registrar
and DNS APIs (Namecheap, Gandi, OVH, Porkbun, Hetzner DNS, deSEC, INWX),
FTP/SFTP/FTPS deploys, WordPress multisite and WooCommerce, Joomla, Drupal,
PrestaShop, Magento, mail hosting (Dovecot, Roundcube, Rainloop), backup
tools (JetBackup, Restic, Duplicati), CDN and WAF consoles, client handovers
by email and chat, in English, German, Polish, Czech, Italian and
Indonesian.

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
Blind, with the engine of the session that read it, before any rule from it: recall 0.927
(1,387 of 1,496) and false positives 24 of 950 (2.5%). Tuned on since by classes (cPanel and WHM
Authorization schemes, domain transfer codes, PINs after a few words, print_r's name => value,
Plesk's and WHM's output, wp-config's sed, PDO in a trace, ProFTPD, rclone, mysql's -p then a
database, ACME challenges, WordPress' test cookie, Roundcube's %p, `login of <host>`): 0.965 (1,443)
and 0.
"""
import base64 as _b64
import random
import re as _re
import string as _string

SEED = 840084
_R = random.Random(SEED)

_GROUPS = ("command", "tool-output", "config-file", "source-code",
           "stack-trace-or-log", "note-or-chat", "ci-and-deploy",
           "vendor-token")
_PER_GROUP = 187
_N_BENIGN = 950

# ---------------------------------------------------------------- alphabets
_HEX = "0123456789abcdef"
_HEXU = _HEX.upper()
_LOW = _string.ascii_lowercase
_UP = _string.ascii_uppercase
_DIG = _string.digits
_AN = _LOW + _UP + _DIG
_LA = _LOW + _DIG
_UA = _UP + _DIG
_B64 = _AN + "+/"
_U64 = _AN + "-_"
_B32 = _UP + "234567"
_GSYM = "#*-_+=.@?"
_USAFE = _AN + "-_."
_SALT = _AN + "!#$%&()*+,-./:;<=>?@[]^_`{|}~"
_CRYPT = "./" + _DIG + _UP + _LOW


def _n(n):
    return _R.randint(n[0], n[1]) if isinstance(n, tuple) else n


def _rs(alpha, n):
    n = _n(n)
    ch = _R.choice
    return "".join([ch(alpha) for _ in range(n)])


def _rb(n):
    return bytes([_R.getrandbits(8) for _ in range(_n(n))])


def _b64s(b):
    return _b64.b64encode(b).decode()


def _u64s(b):
    return _b64.urlsafe_b64encode(b).decode().rstrip("=")


def _uuid():
    h = _rs(_HEX, 32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16],
                                  _R.choice("89ab"), h[17:20], h[20:32])


def _wrap(s, w, sep="\n"):
    return sep.join(s[i:i + w] for i in range(0, len(s), w))


# ---------------------------------------------------------------- words
_FIRST = ["Marek", "Kasia", "Tomasz", "Agnieszka", "Piotr", "Ola", "Bartek",
          "Jonas", "Lena", "Stefan", "Anja", "Tobias", "Miriam", "Uwe",
          "Jiri", "Petra", "Tomas", "Lucie", "Ondrej", "Klara", "Radek",
          "Giulia", "Marco", "Luca", "Chiara", "Alessandro", "Francesca",
          "Budi", "Sari", "Agus", "Dewi", "Rizky", "Putri", "Wahyu",
          "Tom", "Sarah", "James", "Emily", "Dan", "Priya", "Callum"]
_LAST = ["Kowalski", "Nowak", "Wisniewska", "Zielinski", "Mazur", "Mueller",
         "Schneider", "Fischer", "Weber", "Becker", "Hoffmann", "Novak",
         "Svoboda", "Dvorak", "Cerny", "Prochazka", "Kucera", "Rossi",
         "Bianchi", "Romano", "Colombo", "Ricci", "Greco", "Santoso",
         "Wijaya", "Saputra", "Halim", "Pratama", "Nugroho", "Smith",
         "Taylor", "Clarke", "Walsh", "Patel"]
_DOMW = {
    "pl": (["piekarnia", "kwiaciarnia", "autoserwis", "stomatolog", "fryzjer",
            "hurtownia", "meble", "ogrody", "okna", "kancelaria", "drewno",
            "apteka", "przedszkole", "pensjonat", "wedliny"],
           ["krakow", "gdansk", "poznan", "lodz", "wroclaw", "torun", "lublin",
            "rzeszow", "kielce", "opole"],
           [".pl", ".com.pl", ".pl", ".eu"]),
    "de": (["baeckerei", "zahnarzt", "autohaus", "malerbetrieb", "fliesen",
            "gartenbau", "physio", "kanzlei", "pension", "weingut", "elektro",
            "dachdecker", "tischlerei", "optik"],
           ["koeln", "leipzig", "graz", "bremen", "dresden", "kassel", "ulm",
            "linz", "mainz", "freiburg"],
           [".de", ".de", ".at", ".ch", ".eu"]),
    "cs": (["pekarna", "kavarna", "penzion", "vinarstvi", "autoservis",
            "zubar", "truhlarstvi", "kvetiny", "stavebniny", "pivovar",
            "knihkupectvi"],
           ["brno", "ostrava", "plzen", "olomouc", "liberec", "jihlava",
            "zlin", "kolin"],
           [".cz", ".cz", ".eu"]),
    "it": (["trattoria", "pizzeria", "agriturismo", "ferramenta", "ottica",
            "studiolegale", "gelateria", "enoteca", "arredamenti", "panificio",
            "farmacia"],
           ["torino", "bologna", "verona", "napoli", "bari", "trento",
            "lecce", "parma", "siena"],
           [".it", ".it", ".eu", ".com"]),
    "id": (["tokobatik", "warungkopi", "bengkelmotor", "katering", "tokobunga",
            "rumahmakan", "kerajinan", "distro", "laundry", "percetakan",
            "apotek"],
           ["bandung", "surabaya", "medan", "malang", "bogor", "semarang",
            "depok", "makassar", "solo"],
           [".id", ".co.id", ".web.id", ".my.id", ".com"]),
    "en": (["bakery", "plumbing", "dental", "florist", "joinery", "roofing",
            "lettings", "autorepair", "tearooms", "kennels", "opticians"],
           ["leeds", "bristol", "york", "derby", "bath", "galway", "cork",
            "dundee", "exeter"],
           [".co.uk", ".com", ".ie", ".uk", ".net"]),
}
_LANGS = list(_DOMW)
_AG1 = ["host", "web", "server", "cloud", "pixel", "site", "net", "data",
        "hosting", "strona", "stranky", "sito", "situs", "werk", "nord",
        "blau", "alpen", "moravia", "nusa", "vistula"]
_AG2 = ["nest", "werk", "ownia", "hub", "lab", "forge", "point", "box",
        "station", "kraft", "serwis", "dilna", "fabbrica", "kita", "garage",
        "haus", "base", "cloud", "pro", "24"]
_ATLD = [".net", ".pl", ".de", ".cz", ".it", ".id", ".eu", ".com", ".co.uk",
         ".at", ".io", ".hosting", ".host"]
_LEGAL = ["GmbH", "sp. z o.o.", "s.r.o.", "S.r.l.", "Ltd", "UG", "s.c.",
          "e.K.", "SRLS", "CV", "PT", "Agency"]
_HOSTP = ["srv", "cp", "server", "s", "web", "host", "vps", "node", "whm",
          "da", "plesk", "h", "shared", "res"]
_PWW = {
    "en": ["Sunshine", "Dragon", "Coffee", "Garden", "Falcon", "River",
           "Harbour", "Maple", "Thunder", "Biscuit", "Rocket", "Lemon",
           "Pepper", "Kestrel", "Marmalade", "Badger"],
    "de": ["Sommer", "Katze", "Garten", "Sonne", "Schatz", "Fruehling",
           "Berg", "Mond", "Stern", "Hamburg", "Bayern", "Apfelbaum", "Brezel",
           "Wolke", "Schnecke", "Tanne", "Eichhorn"],
    "pl": ["Kwiatek", "Slonce", "Zima", "Lato", "Polska", "Krakow", "Misiek",
           "Kotek", "Wiosna", "Pierogi", "Biedronka", "Jesien", "Wisla",
           "Zubr", "Sowa", "Malina"],
    "cs": ["Praha", "Slunce", "Pivo", "Kocka", "Jaro", "Leto", "Brno", "Hrad",
           "Vltava", "Knedlik", "Sumava", "Jezek", "Tatra", "Liska", "Houba"],
    "it": ["Sole", "Mare", "Roma", "Amore", "Gatto", "Estate", "Milano",
           "Pizza", "Girasole", "Limone", "Vesuvio", "Tramonto", "Nonna",
           "Basilico", "Gelato"],
    "id": ["Rahasia", "Jakarta", "Bandung", "Merdeka", "Sayang", "Kopi",
           "Bunga", "Garuda", "Surabaya", "Bali", "Rendang", "Melati",
           "Cendana", "Nusantara", "Durian"],
}
_PWLANG = list(_PWW)
_PHW = ["blue", "ocean", "lamp", "tiger", "window", "pencil", "quiet",
        "river", "rocket", "apfel", "wolke", "tasse", "brief", "wald",
        "kolo", "okno", "rower", "miasto", "zamek", "chleba", "vlak", "strom",
        "kniha", "hrnek", "sedia", "lampada", "fiume", "treno", "finestra",
        "kucing", "sepeda", "hujan", "gunung", "pintu", "meja", "tulip",
        "granit", "kompas", "orbit", "salju", "violet", "mango", "koral"]
_DIAW_PL = ["Żółw", "Źdźbło", "Gęś", "Łódź", "Pączek", "Jeż", "Żaba", "Ślimak",
            "Łoś", "Wiśnia"]
_DIAW_CS = ["Řeřicha", "Žirafa", "Čáp", "Šiška", "Kůň", "Ježek", "Žába", "Ďáblík",
            "Štika", "Třešeň"]
_TNAMES = ["deploy", "ci-deploy", "billing-sync", "dns-updater",
           "backup-script", "n8n", "zapier", "monitoring", "whmcs-module",
           "migration", "acme-hook", "reseller-sync", "uptime", "grafana",
           "ansible", "erp-sync", "stock-sync", "staging"]
_LOCALS = ["info", "biuro", "kontakt", "office", "sekretariat", "admin",
           "sales", "halo", "buchhaltung", "ufficio", "obchod", "cs",
           "noreply", "shop", "rezervace", "prenotazioni", "pesanan"]


def _pick(seq):
    return _R.choice(seq)


def _domain():
    lang = _pick(_LANGS)
    w, c, tl = _DOMW[lang]
    k = _R.randrange(4)
    if k == 0:
        base = _pick(w) + "-" + _pick(c)
    elif k == 1:
        base = _pick(w) + _pick(_LAST).lower()
    elif k == 2:
        base = _pick(w) + "-" + _pick(_LAST).lower()
    else:
        base = _pick(w) + _pick(c)
    return base + _pick(tl)


def _adomain():
    return _pick(_AG1) + _pick(_AG2) + _pick(_ATLD)


def _cpuser(dom):
    s = _re.sub("[^a-z0-9]", "", dom.split(".")[0])[:_R.choice([8, 8, 8, 10, 12])]
    if _R.random() < 0.3:
        s = s[:7] + str(_R.randint(1, 9))
    return s


def _ip():
    a = _pick([5, 31, 37, 45, 46, 77, 78, 79, 80, 82, 85, 88, 89, 91, 92,
               93, 94, 95, 109, 116, 128, 136, 141, 144, 145, 151, 159, 162,
               167, 176, 178, 185, 188, 193, 194, 195, 202, 212, 213, 217])
    return "%d.%d.%d.%d" % (a, _R.randint(1, 254), _R.randint(0, 255),
                            _R.randint(2, 253))


def _date():
    return "%04d-%02d-%02d" % (_R.choice([2024, 2025]), _R.randint(1, 12),
                               _R.randint(1, 28))


def _time():
    return "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59),
                               _R.randint(0, 59))


_MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
        "Nov", "Dec"]


def _wpuser(F):
    k = _R.randrange(6)
    if k == 0:
        return F["first"].lower() + "." + F["last"].lower()
    if k == 1:
        return "admin_" + F["sld"][:6]
    if k == 2:
        return _pick(["redakcja", "shopmanager", "redaktion", "webmaster",
                      "gestore", "pengelola", "spravce", "editor"])
    if k == 3:
        return F["first"].lower() + str(_R.randint(1, 99))
    if k == 4:
        return F["first"][0].lower() + F["last"].lower()
    return F["sld"][:5] + "_admin"


def _agname(F):
    return F["aslug"].capitalize() + " " + _pick(_LEGAL)


def _b64fp():
    return _b64s(_rb(32)).rstrip("=")


_G = {
    "first": lambda F: _pick(_FIRST),
    "first2": lambda F: _pick([x for x in _FIRST if x != F["first"]]),
    "last": lambda F: _pick(_LAST),
    "last2": lambda F: _pick(_LAST),
    "adomain": lambda F: _adomain(),
    "host": lambda F: _pick(_HOSTP) + str(_R.randint(1, 48)) + "." + F["adomain"],
    "host2": lambda F: _pick(_HOSTP) + str(_R.randint(49, 97)) + "." + F["adomain"],
    "domain": lambda F: _domain(),
    "domain2": lambda F: _domain(),
    "sld": lambda F: F["domain"].split(".")[0],
    "user": lambda F: _cpuser(F["domain"]),
    "user2": lambda F: _cpuser(_domain()),
    "ruser": lambda F: "res" + F["aslug"][:6] + str(_R.randint(1, 9)),
    "aslug": lambda F: _pick(_AG1) + _pick(_AG2).replace("24", "net"),
    "agency": _agname,
    "nuser": lambda F: F["aslug"] + _pick(["", "24", "_api", "web", "hosting"]),
    "wpuser": _wpuser,
    "cmsuser": lambda F: _pick(["klient", "kunde", "cliente", "klien",
                                "client", "vorschau", "staging", "demo"]) + str(_R.randint(1, 9)),
    "local": lambda F: _pick(_LOCALS),
    "email": lambda F: F["local"] + "@" + F["domain"],
    "email2": lambda F: F["first2"].lower() + "@" + F["adomain"],
    "mailhost": lambda F: _pick(["mail.", "mx1.", "imap.", "smtp.", "mail."]) + F["domain"],
    "relay": lambda F: _pick(["smtp.", "relay.", "mailout."]) + F["adomain"],
    "ip": lambda F: _ip(),
    "ip2": lambda F: _ip(),
    "port": lambda F: str(_pick([21, 22, 2222, 990, 2121, 7822, 2200])),
    "db": lambda F: F["user"] + "_" + _pick(["wp", "wp1", "wp2", "shop", "joomla", "ps", "mage", "drupal", "whmcs"]),
    "dbuser": lambda F: F["user"] + "_" + _pick(["wpusr", "usr", "u1", "shopusr", "admin", "db"]),
    "dbhost": lambda F: _pick(["localhost", "127.0.0.1", "db." + F["adomain"], "mysql" + str(_R.randint(1, 9)) + "." + F["adomain"]]),
    "date": lambda F: _date(),
    "dmy": lambda F: "%02d.%02d.%02d" % (_R.randint(1, 28), _R.randint(1, 12), _R.choice([24, 25])),
    "hhmm": lambda F: "%02d:%02d" % (_R.randint(7, 22), _R.randint(0, 59)),
    "time": lambda F: _time(),
    "ts": lambda F: _date() + "T" + _time() + _pick(["Z", "+02:00", "+01:00", "+07:00"]),
    "clf": lambda F: "%02d/%s/%d:%s +0%d00" % (_R.randint(1, 28), _pick(_MON), _R.choice([2024, 2025]), _time(), _R.choice([1, 2, 7])),
    "dt": lambda F: _date() + " " + _time(),
    "epoch": lambda F: str(_R.randint(1704067200, 1767225600)),
    "ms": lambda F: str(_R.randint(100, 999)),
    "ticket": lambda F: _pick(["#", "HD-", "TKT-", "#", "SUP-"]) + str(_R.randint(10000, 999999)),
    "n": lambda F: str(_R.randint(2, 999)),
    "n2": lambda F: str(_R.randint(2, 99999)),
    "pid": lambda F: str(_R.randint(1200, 98000)),
    "tname": lambda F: _pick(_TNAMES) + _pick(["", "-" + str(_R.randint(1, 9)), "-" + F["sld"][:6], "_" + str(_R.randint(2024, 2025))]),
    "org": lambda F: F["aslug"],
    "repo": lambda F: F["sld"] + _pick(["", "-wp", "-theme", "-shop", "-site", "-web"]),
    "ghuser": lambda F: F["first"].lower() + _pick(["-dev", "", "-" + F["aslug"][:4], str(_R.randint(1, 99))]),
    "bucket": lambda F: F["aslug"] + _pick(["-backups", "-restic", "-offsite", "-jetbackup", "-archive"]),
    "region": lambda F: _pick(["eu-central-1", "eu-central-2", "eu-west-1", "eu-west-2", "ap-southeast-1", "us-east-1"]),
    "zid": lambda F: _rs(_HEX, 32),
    "fp": lambda F: _b64fp(),
    "wid": lambda F: _rs(_AN, 32),
    "ak": lambda F: _rs(_AN, 16),
    "ck": lambda F: _rs(_AN, 32),
    "keyid": lambda F: "00" + _rs(_HEX, 11) + "00000000" + _rs(_HEX, 4),
    "akid": lambda F: _rs(_UA, 20),
    "pub": lambda F: _rs(_HEX, 32),
    "pk1": lambda F: "pk1_" + _rs(_HEX, 64),
    "ckey": lambda F: "ck_" + _rs(_HEX, 40),
    "oid": lambda F: _rs(_HEX, 24),
    "uuid": lambda F: _uuid(),
    "sha": lambda F: _rs(_HEX, 40),
    "sha7": lambda F: _rs(_HEX, 7),
    "sid": lambda F: _rs(_AN, 22),
    "zone": lambda F: F["sld"][:10] + _pick(["-cdn", "-media", "-static", "cdn"]),
    "app": lambda F: F["sld"][:10] + _pick(["-web", "-api", "-wp", ""]),
    "remote": lambda F: _pick(["offsite", "hetzner-box", "backup", "b2", "storagebox", "nas"]),
    "ctx": lambda F: F["aslug"] + _pick(["", "-prod", "-dns", "-lab"]),
    "ver": lambda F: "%d.0.%d" % (_R.choice([110, 114, 118, 120, 124, 126]), _R.randint(1, 30)),
    "dg6": lambda F: str(_R.randint(100000, 999999)),
    "dg10": lambda F: str(_R.randint(10 ** 9, 10 ** 10 - 1)),
    "hx32": lambda F: _rs(_HEX, 32),
    "hx16": lambda F: _rs(_HEX, 16),
    "an16": lambda F: _rs(_AN, 16),
    "path": lambda F: "/home/" + F["user"] + "/public_html",
    "sub": lambda F: F["sld"][:12] + _pick(["", "-home", "-office", "-nas"]),
    "word": lambda F: _pick(_PHW),
    "city": lambda F: _pick(_DOMW[_pick(_LANGS)][1]).capitalize(),
}


class _F(dict):
    def __missing__(self, k):
        v = _G[k](self)
        self[k] = v
        return v


_PH = _re.compile(r"\{(S|[a-z][a-z0-9]*)\}")


def _render(tpl, F):
    def rep(m):
        k = m.group(1)
        if k in F or k in _G:
            return F[k]
        return m.group(0)
    return _PH.sub(rep, tpl)


# ---------------------------------------------------------------- secrets
def _A(alpha, n):
    return lambda F: _rs(alpha, n)


def H(n):
    return _A(_HEX, n)


def HU(n):
    return _A(_HEXU, n)


def AN(n):
    return _A(_AN, n)


def UA(n):
    return _A(_UA, n)


def LA(n):
    return _A(_LA, n)


def B64(n):
    return _A(_B64, n)


def U64(n):
    return _A(_U64, n)


def B32(n):
    return _A(_B32, n)


def DG(n):
    return lambda F: _pick("123456789") + _rs(_DIG, _n(n) - 1)


def UUID(F):
    return _uuid()


def C(*parts):
    return lambda F: "".join(p if isinstance(p, str) else p(F) for p in parts)


def _leet(w):
    return w.replace("a", "4").replace("e", "3").replace("o", "0").replace("i", "1")


def _pw():
    w = _pick(_PWW[_pick(_PWLANG)])
    w2 = _pick(_PWW[_pick(_PWLANG)])
    yr = str(_pick([_R.randint(1968, 2006), _R.randint(2015, 2026)]))
    sym = _pick("!#.?*_-@+")
    k = _R.randrange(10)
    if k == 0:
        s = w + yr + sym
    elif k == 1:
        s = w + sym + w2 + _rs(_DIG, 2)
    elif k == 2:
        s = (w + w2).lower() + yr[-2:]
    elif k == 3:
        s = w.lower() + "." + w2.lower() + _rs(_DIG, (1, 3))
    elif k == 4:
        s = _leet(w) + sym + _rs(_DIG, 2)
    elif k == 5:
        s = w + _rs(_DIG, (3, 4))
    elif k == 6:
        s = w + "_" + w2 + yr
    elif k == 7:
        s = _pick(_FIRST) + yr + sym
    elif k == 8:
        s = w + "-" + w2 + "-" + _rs(_DIG, 2)
    else:
        s = w2.lower() + sym + w.upper() + _rs(_DIG, 1)
    while len(s) < 9:
        s += _pick(_DIG)
    return s


def PW(F):
    return _pw()


def _gpw(n, sym=_GSYM):
    n = _n(n)
    while True:
        s = _pick(_LOW + _UP) + _rs(_AN + sym + sym, n - 1)
        if any(c in sym for c in s) and any(c in _DIG for c in s):
            return s


def GPW(n):
    return lambda F: _gpw(n)


def UPW(n):
    return lambda F: _gpw(n, "-_.")


def _phrase(sep=None):
    ws = [_pick(_PHW) for _ in range(_R.randint(3, 5))]
    if sep is None:
        sep = _pick(["-", " ", ".", "_", "-"])
    s = sep.join(ws)
    if _R.random() < 0.4:
        s += sep + _rs(_DIG, (1, 3))
    return s


def PHR(F):
    return _phrase()


def PHRD(F):
    return _phrase(_pick(["-", "_", "."]))


def _apppw():
    return " ".join(_rs(_AN, 4) for _ in range(6))


def _jwt(payload=None):
    head = _u64s(b'{"alg":"HS256","typ":"JWT"}')
    if payload is None:
        payload = '{"sub":"%d","iat":%d,"exp":%d}' % (
            _R.randint(1, 9999), _R.randint(1704067200, 1750000000),
            _R.randint(1750000000, 1790000000))
    return head + "." + _u64s(payload.encode()) + "." + _rs(_U64, 43)


def _pem_openssh():
    raw = (b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none"
           b"\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x003\x00\x00\x00"
           b"\x0bssh-ed25519\x00\x00\x00 " + _rb(32) + _rb(_R.randint(260, 300)))
    return _wrap(_b64s(raw), 70)


def _pem_rsa():
    raw = b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00" + _rb(_R.randint(1180, 1190))
    return _wrap(_b64s(raw), 64)


def _pem_pkcs8_ec():
    raw = (b"\x30\x81\x87\x02\x01\x00\x30\x13\x06\x07\x2a\x86\x48\xce\x3d\x02"
           b"\x01\x06\x08\x2a\x86\x48\xce\x3d\x03\x01\x07\x04\x6d\x30\x6b\x02"
           b"\x01\x01\x04\x20" + _rb(32) + b"\xa1\x44\x03\x42\x00\x04" + _rb(64))
    return _wrap(_b64s(raw), 64)


def _pem_pkcs8_rsa():
    raw = (b"\x30\x82\x04\xbd\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7"
           b"\x0d\x01\x01\x01\x05\x00\x04\x82\x04\xa7\x30\x82\x04\xa3\x02\x01"
           b"\x00\x02\x82\x01\x01\x00" + _rb(_R.randint(1180, 1190)))
    return _wrap(_b64s(raw), 64)


def _crypt_sha512():
    return "$6$" + _rs(_CRYPT, 16) + "$" + _rs(_CRYPT, 86)


def _bcrypt():
    return "$2y$" + _pick(["10", "12", "11"]) + "$" + _rs(_CRYPT, 53)


def _cf_token():
    return _rs(_AN + "-_", 40)


def _split_nl(s, lo=0.3, hi=0.7):
    k = _R.randint(int(len(s) * lo), int(len(s) * hi))
    return s[:k] + "\n" + s[k:]


_T = {g: [] for g in _GROUPS}
_CUR = [None]


def _g(name):
    _CUR[0] = name


def t(fmt, text, sec, vis=""):
    _T[_CUR[0]].append((fmt, text, sec, vis))

# ================================================================ command
_g("command")
t("cpanel-uapi-curl-authorization-header",
  "curl -s -H 'Authorization: cpanel {user}:{S}' 'https://{host}:2083/execute/Email/list_pops'",
  UA(32), "host")
t("whm-json-api-curl-token-header",
  'curl -sk -H "Authorization: whm root:{S}" "https://{host}:2087/json-api/listaccts?api.version=1&search={user}&searchtype=user"',
  UA(32), "host")
t("whmapi1-createacct-password-kv",
  "whmapi1 createacct username={user} domain={domain} plan={aslug}_basic password='{S}' contactemail={email}",
  GPW((12, 16)), "domain")
t("uapi-email-add-pop-password-kv",
  "uapi --user={user} Email add_pop email={local} password={S} quota=2048 domain={domain} skip_update_db=1",
  UPW((12, 18)), "domain")
t("plesk-cli-subscription-passwd-flag",
  'plesk bin subscription --create {domain} -owner admin -service-plan "Default Domain" -ip {ip} -login {user} -passwd "{S}"',
  GPW((12, 16)), "domain")
t("plesk-rest-x-api-key-curl",
  'curl -k -X GET "https://{host}:8443/api/v2/domains" -H "accept: application/json" -H "X-API-Key: {S}"',
  UUID, "host")
t("directadmin-curl-user-login-key",
  'curl -s --user admin:{S} "https://{host}:2222/CMD_API_SHOW_USERS?json=yes"',
  AN((48, 64)), "host")
t("whmcs-api-curl-form-secret",
  "curl -s https://billing.{adomain}/includes/api.php -d action=GetClients -d identifier={wid} -d secret={S} -d responsetype=json -d limitnum=250",
  AN(32), "adomain")
t("namecheap-xml-api-query-apikey",
  'curl -s "https://api.namecheap.com/xml.response?ApiUser={nuser}&ApiKey={S}&UserName={nuser}&Command=namecheap.domains.dns.getHosts&ClientIp={ip}&SLD={sld}&TLD=com"',
  H(32), "=namecheap.domains.dns.getHosts")
t("porkbun-curl-json-secretapikey",
  """curl -s -X POST https://api.porkbun.com/api/json/v3/dns/retrieve/{domain} -d '{"apikey":"{pk1}","secretapikey":"{S}"}'""",
  C("sk1_", H(64)), "domain")
t("hetzner-dns-auth-api-token-curl",
  """curl -s "https://dns.hetzner.com/api/v1/records?zone_id={sid}" -H 'Auth-API-Token: {S}' | jq '.records[] | select(.type=="TXT")'""",
  AN(32), "=dns.hetzner.com")
t("desec-curl-authorization-token",
  'curl -X GET https://desec.io/api/v1/domains/{domain}/rrsets/ --header "Authorization: Token {S}"',
  U64(28), "domain")
t("inwx-dyndns-script-password-flag",
  "python3 inwx_update.py --user {nuser} --password '{S}' --domain {domain} --record home --type A",
  PW, "nuser")
t("acme-sh-ovh-export-application-secret",
  'export OVH_END_POINT=ovh-eu OVH_AK="{ak}" OVH_AS="{S}" OVH_CK="{ck}"; ~/.acme.sh/acme.sh --issue --dns dns_ovh -d {domain} -d "*.{domain}"',
  AN(32), "domain")
t("gandi-livedns-bearer-pat-curl",
  'curl -s -H "Authorization: Bearer {S}" https://api.gandi.net/v5/livedns/domains/{domain}/records/_acme-challenge/TXT',
  H(40), "domain")
t("acme-sh-cf-token-export-two-lines",
  'export CF_Token="{S}"\nexport CF_Account_ID="{zid}"\n./acme.sh --issue --dns dns_cf -d {domain} -d \'*.{domain}\' --keylength ec-256',
  lambda F: _cf_token(), "domain")
t("lftp-user-comma-password-mirror",
  'lftp -u {user},{S} -e "set ftp:ssl-allow yes; mirror -R --delete ./dist /public_html; bye" ftp://{host}',
  PW, "host")
t("curl-ftps-upload-user-at-domain-pass",
  "curl -T build.zip --ftp-ssl -u {user}@{domain}:{S} ftp://{host}/public_html/",
  GPW((10, 14)), "host")
t("sshpass-sftp-port-2222",
  "sshpass -p '{S}' sftp -oPort=2222 -oStrictHostKeyChecking=no {user}@{host}",
  PW, "host")
t("sshpass-env-rsync-deploy",
  "SSHPASS='{S}' sshpass -e rsync -avz --delete -e 'ssh -p 2222' dist/ {user}@{host}:public_html/",
  GPW((12, 18)), "host")
t("mysql-client-quoted-p-flag",
  "mysql -h {dbhost} -u {dbuser} -p'{S}' {db} < {db}-{date}.sql",
  PW, "dbuser")
t("mysqldump-attached-p-gzip",
  "mysqldump --single-transaction -u{dbuser} -p{S} {db} | gzip > /home/{user}/backup/{db}-{date}.sql.gz",
  UPW((10, 16)), "db")
t("wp-cli-user-create-user-pass",
  "wp user create {wpuser} {email} --role=administrator --user_pass='{S}' --path={path}",
  PW, "email")
t("wp-cli-config-set-db-password",
  "wp config set DB_PASSWORD '{S}' --path=/home/{user}/public_html --type=constant",
  GPW((14, 20)), "=DB_PASSWORD")
t("wp-cli-ssh-user-update-pass",
  "wp --ssh={user}@{host}:2222/~/public_html user update {wpuser} --user_pass={S} --skip-email",
  PW, "wpuser")
t("drush-user-password-positional",
  'drush -l https://{domain} user:password {wpuser} "{S}"',
  PW, "wpuser")
t("magento-admin-user-create-password",
  "bin/magento admin:user:create --admin-user={wpuser} --admin-password='{S}' --admin-email={email} --admin-firstname={first} --admin-lastname={last}",
  PW, "email")
t("magento-setup-install-db-password",
  "php bin/magento setup:install --base-url=https://{domain}/ --db-host={dbhost} --db-name={db} --db-user={dbuser} --db-password={S} --language=de_DE --currency=EUR --backend-frontname=admin_{sha7}",
  UPW((12, 16)), "db")
t("prestashop-index-cli-db-password",
  "php install/index_cli.php --domain={domain} --db_server=localhost --db_name={db} --db_user={dbuser} --db_password={S} --language=pl --country=pl --email={email} --newsletter=0",
  GPW((12, 16)), "domain")
t("joomla-cli-reset-password",
  "php cli/joomla.php user:reset-password --username={wpuser} --password='{S}'",
  PW, "wpuser")
t("restic-env-password-sftp-backup",
  "RESTIC_PASSWORD='{S}' restic -r sftp:{user}@{host}:/srv/restic/{sld} backup /home/{user} --exclude-caches",
  PHR, "host")
t("restic-rest-server-url-credentials",
  "restic -r rest:https://{user}:{S}@{host}:8000/{user}/ snapshots --compact",
  UPW((16, 24)), "host")
t("duplicati-cli-passphrase-flag",
  'duplicati-cli backup "ftp://{host}/backups/{sld}?auth-username={user}" /var/www/{domain} --passphrase="{S}" --keep-versions=14',
  PHR, "domain")
t("duplicati-windows-ssh-auth-password-query",
  'Duplicati.CommandLine.exe backup "ssh://{host}:22/backup/{sld}?auth-username={user}&auth-password={S}&ssh-fingerprint=ssh-ed25519 255 {fp}" "C:\\inetpub\\{sld}"',
  UPW((12, 18)), "fp")
t("powershell-invoke-restmethod-cpanel-header",
  'Invoke-RestMethod -Uri "https://{host}:2083/execute/DNS/parse_zone?zone={domain}" -Headers @{ Authorization = "cpanel {user}:{S}" }',
  UA(32), "domain")
t("powershell-convertto-securestring-plaintext",
  "$pw = ConvertTo-SecureString '{S}' -AsPlainText -Force; $cred = New-Object System.Management.Automation.PSCredential('{user}', $pw)",
  PW, "user")
t("windows-net-use-positional-password",
  "net use Z: \\\\{host}\\backup {S} /user:{user} /persistent:no",
  PW, "host")
t("windows-cmdkey-add-pass",
  "cmdkey /add:{host} /user:{user} /pass:{S}",
  GPW((12, 16)), "host")
t("winscp-com-open-sftp-url-hostkey",
  'winscp.com /ini=nul /command "open sftp://{user}:{S}@{host}/ -hostkey=""ssh-ed25519 255 {fp}""" "synchronize remote .\\dist /home/{user}/public_html" "exit"',
  UPW((12, 18)), "fp")
t("git-remote-set-url-gitlab-oauth2-token",
  "git remote set-url origin https://oauth2:{S}@gitlab.{adomain}/{org}/{repo}.git",
  C("glpat-", U64(20)), "repo")
t("git-clone-github-user-pat",
  "git clone https://{ghuser}:{S}@github.com/{org}/{repo}.git /home/{user}/repos/{repo}",
  C("ghp_", AN(36)), "repo")
t("composer-config-http-basic-magento-positional",
  "composer config --global http-basic.repo.magento.com {pub} {S}",
  H(32), "=http-basic.repo.magento.com")
t("docker-login-echo-password-stdin",
  "echo '{S}' | docker login registry.{adomain} -u {user} --password-stdin",
  GPW((16, 20)), "adomain")
t("htpasswd-batch-positional-password",
  "htpasswd -b -c /home/{user}/.htpasswds/public_html/passwd {cmsuser} {S}",
  PW, "cmsuser")
t("doveadm-pw-scheme-plain-arg",
  "doveadm pw -s SHA512-CRYPT -p '{S}'",
  PW, "=SHA512-CRYPT")
t("swaks-auth-password-flag",
  "swaks --to test@{domain2} --from {email} --server {mailhost}:587 --auth LOGIN --auth-user {email} --auth-password '{S}' -tls",
  PW, "mailhost")
t("curl-smtps-user-email-password",
  "curl --url 'smtps://{mailhost}:465' --ssl-reqd --mail-from {email} --mail-rcpt {email2} --user '{email}:{S}' -T test-mail.txt",
  PW, "mailhost")
t("redis-cli-a-password-flushdb",
  "redis-cli -h 127.0.0.1 -p 6379 -a '{S}' --no-auth-warning -n 3 FLUSHDB",
  AN(32), "=FLUSHDB")
t("softaculous-curl-userinfo-url",
  'curl -sk "https://{user}:{S}@{host}:2083/frontend/jupiter/softaculous/index.live.php?api=json&act=software&soft=26"',
  UPW((12, 16)), "host")
t("chpasswd-echo-user-colon-password",
  'echo "{user}:{S}" | chpasswd',
  PW, "user")
t("mysql-e-alter-user-identified-by",
  "mysql -e \"ALTER USER '{dbuser}'@'localhost' IDENTIFIED BY '{S}'; FLUSH PRIVILEGES;\"",
  GPW((14, 18)), "dbuser")
t("certbot-ini-echo-append-ovh-secret",
  'echo "dns_ovh_application_secret = {S}" >> /root/.secrets/certbot/ovh.ini && chmod 600 /root/.secrets/certbot/ovh.ini',
  AN(32), "=/root/.secrets/certbot/ovh.ini")
t("b2-cli-account-authorize-positional",
  "b2 account authorize {keyid} {S}",
  C("K00", B64(28)), "=b2 account authorize")
t("rclone-config-create-sftp-pass-positional",
  "rclone config create {remote} sftp host {host} user {user} port 23 pass {S}",
  PW, "host")
t("aws-cli-wasabi-inline-env-secret",
  "AWS_ACCESS_KEY_ID={akid} AWS_SECRET_ACCESS_KEY={S} aws s3 sync /backup/jetbackup s3://{bucket} --endpoint-url=https://s3.{region}.wasabisys.com",
  B64(40), "bucket")
t("bunny-api-purge-accesskey-header",
  'curl -s -X POST "https://api.bunny.net/pullzone/{n}/purgeCache" -H "AccessKey: {S}" -H "accept: application/json"',
  C(UUID, "-", UUID), "=purgeCache")
t("cloudflare-global-key-x-auth-headers",
  """curl -s -X POST "https://api.cloudflare.com/client/v4/zones/{zid}/purge_cache" -H "X-Auth-Email: {email2}" -H "X-Auth-Key: {S}" -H "Content-Type: application/json" --data '{"purge_everything":true}'""",
  H(37), "email2")
t("sucuri-waf-api-k-s-form",
  'curl -s "https://waf.sucuri.net/api?v2" --data "k={hx32}" --data "s={S}" --data "a=clear_cache"',
  H(32), "=clear_cache")
t("jetbackup5api-destination-options-password",
  'jetbackup5api -F manageDestination -D "action=create&type=SFTP&name=Offsite {aslug}&options[host]={host}&options[port]=23&options[username]={user}&options[password]={S}"',
  UPW((14, 20)), "host")
t("stripe-cli-api-key-flag",
  "stripe customers list --limit 3 --api-key {S}",
  C("sk_live_", AN((24, 34))), "=customers list")
t("mailgun-curl-api-basic-user",
  "curl -s --user 'api:{S}' https://api.eu.mailgun.net/v3/{domain}/messages -F from='Shop <noreply@{domain}>' -F to={email2} -F subject='test' -F text='ok'",
  C(H(32), "-", H(8), "-", H(8)), "domain")
t("telegram-bot-token-in-url-curl",
  'curl -s "https://api.telegram.org/bot{S}/sendMessage" -d chat_id=-100{dg10} -d text="{domain}: backup failed"',
  C(DG(10), ":AA", U64(33)), "domain")
t("ispconfig-remote-script-pass-flag",
  "php ispconfig_remote.php --url https://{host}:8080/remote/json.php --user {ruser} --pass '{S}' --action sites_web_domain_get",
  GPW((12, 16)), "host")
t("virtualmin-create-domain-pass",
  'virtualmin create-domain --domain {domain} --pass \'{S}\' --desc "{agency}" --unix --dir --webmin --web --dns --mail --limits-from-plan',
  PW, "domain")
t("ncftpput-user-pass-flags",
  "ncftpput -u {user} -p {S} -R {host} /public_html ./build/*",
  PW, "host")
t("wget-ftp-user-password-mirror",
  "wget --ftp-user={user} --ftp-password='{S}' -m ftp://{host}/public_html/wp-content/uploads/",
  GPW((10, 14)), "host")
t("openssl-enc-pass-pass-prefix",
  "openssl enc -aes-256-cbc -pbkdf2 -salt -in {sld}-{date}.tar -out {sld}-{date}.tar.enc -pass pass:{S}",
  PHRD, "=-aes-256-cbc")
t("gpg-batch-symmetric-passphrase",
  "gpg --batch --yes --pinentry-mode loopback --passphrase '{S}' -c {db}-{date}.sql.gz",
  PHR, "db")
t("zip-p-password-handover-archive",
  "zip -P '{S}' handover-{sld}.zip credentials.txt wp-admin.txt",
  PW, "sld")
t("seven-zip-attached-p-windows",
  "7z a -p{S} -mhe=on C:\\Handover\\{sld}.7z C:\\Handover\\{sld}\\*",
  GPW((12, 16)), "sld")
t("imapsync-password-flags",
  "imapsync --host1 {host2} --user1 {email} --password1 '{S}' --host2 {mailhost} --user2 {email} --password2 '{S}' --ssl1 --ssl2",
  PW, "mailhost")
t("sftp-deploy-expect-send-password",
  'expect -c \'spawn sftp {user}@{host}; expect "password:"; send "{S}\\r"; expect "sftp>"; send "put -r dist/*\\r"; interact\'',
  PW, "host")
# ================================================================ tool-output
_g("tool-output")
t("whmapi1-api-token-create-yaml-output",
  "$ whmapi1 api_token_create token_name={tname}\n---\ndata:\n  create_time: {epoch}\n  expires_at: ~\n  name: {tname}\n  token: {S}\nmetadata:\n  command: api_token_create\n  reason: OK\n  result: 1\n  version: 1",
  UA(32), "tname")
t("uapi-tokens-create-full-access-json",
  '{"apiversion":3,"func":"create_full_access","module":"Tokens","result":{"data":{"create_time":{epoch},"name":"{tname}","token":"{S}"},"errors":null,"messages":null,"status":1}}',
  UA(32), "tname")
t("plesk-secret-key-create-stdout",
  '# plesk bin secret_key --create -ip-address {ip} -description "{tname}"\n{S}',
  UUID, "ip")
t("directadmin-login-key-create-json",
  '{"success":"Login Key Created","result":"","details":{"keyname":"{tname}","key":"{S}","expiry":"never","allow_html":"no"}}',
  AN(64), "tname")
t("wp-cli-user-create-generated-password",
  "$ wp user create {wpuser} {email} --role=editor\nSuccess: Created user {n}.\nPassword: {S}",
  GPW(24), "email")
t("wp-cli-application-password-porcelain",
  '$ wp user application-password create {wpuser} "{tname}" --porcelain\n{S}',
  lambda F: _apppw(), "wpuser")
t("wp-cli-config-list-table-db-password",
  "+------------------+-----------------------+----------+\n| name             | value                 | type     |\n+------------------+-----------------------+----------+\n| DB_NAME          | {db} | constant |\n| DB_USER          | {dbuser} | constant |\n| DB_PASSWORD      | {S} | constant |\n| DB_HOST          | localhost             | constant |",
  GPW((14, 20)), "db")
t("printenv-grep-ftp-output",
  "$ printenv | grep -i ftp\nFTP_HOST={host}\nFTP_USER={user}\nFTP_PASS={S}\nFTP_PORT=21",
  PW, "host")
t("cat-restic-env-b2-output",
  "$ cat /root/.restic/{sld}.env\nexport RESTIC_REPOSITORY=b2:{bucket}:/{sld}\nexport RESTIC_PASSWORD='{S}'\nexport B2_ACCOUNT_ID={keyid}",
  PHR, "bucket")
t("jetbackup5api-list-destinations-json",
  '{"success":1,"message":"","system":{"version":"5.3.{n}"},"data":{"destinations":[{"_id":"{oid}","name":"Offsite SFTP","type":"SFTP","options":{"host":"{host}","port":23,"username":"{user}","password":"{S}","path":"/backups"}}]}}',
  GPW((14, 20)), "host")
t("mysql-select-wp-options-serialized-smtp-pass",
  lambda F: _render("mysql> SELECT option_value FROM wp_options WHERE option_name = 'wp_mail_smtp';\n| a:3:{s:4:\"mail\";a:2:{s:10:\"from_email\";s:%d:\"{email}\";s:6:\"mailer\";s:4:\"smtp\";}s:4:\"smtp\";a:4:{s:4:\"host\";s:%d:\"{mailhost}\";s:4:\"port\";i:587;s:4:\"user\";s:%d:\"{email}\";s:4:\"pass\";s:%d:\"{S}\";}} |" % (len(F["email"]), len(F["mailhost"]), len(F["email"]), len(F["S"])), F),
  PW, "mailhost")
t("whmcs-localapi-decryptpassword-result",
  "php > print_r(localAPI('DecryptPassword', ['password2' => $row->password]));\nArray\n(\n    [result] => success\n    [password] => {S}\n)",
  PW, "=DecryptPassword")
t("softaculous-install-finished-admin-credentials",
  "Congratulations, the software was installed successfully\nWordPress has been successfully installed at :\nhttps://{domain}\nAdministrative URL : https://{domain}/wp-admin/\nAdmin Username : {wpuser}\nAdmin Password : {S}",
  GPW((12, 16)), "domain")
t("plesk-login-one-time-secret-url",
  "# plesk login {user}\nhttps://{host}:8443/login?secret={S}",
  U64((40, 56)), "host")
t("whmapi1-create-user-session-output",
  "$ whmapi1 create_user_session user={user} service=cpaneld\n---\ndata:\n  cp_security_token: /cpsess{dg10}\n  expires: {epoch}\n  service: cpaneld\n  session: {user}:{S}\n  url: https://{host}:2083/cpsess{dg10}/login/?session={user}:{S}",
  C(AN(16), ":CREATE_USER_SESSION,", H(32)), "host")
t("directadmin-login-url-cli-output",
  "# /usr/local/directadmin/directadmin login-url --user={user}\nURL: https://{host}:2222/api/login/url?key={S}",
  AN(48), "host")
t("drush-uli-one-time-login-link",
  "$ drush -l {domain} uli --name={wpuser}\nhttps://{domain}/user/reset/1/{epoch}/{S}/login",
  U64(43), "domain")
t("magento-admin-token-rest-response",
  '$ curl -s -X POST https://{domain}/rest/V1/integration/admin/token -H "Content-Type: application/json" -d @creds.json\n"{S}"',
  LA(32), "domain")
t("woocommerce-rest-key-generated-screen-copy",
  "API Key generated successfully. Make sure to copy your new keys now as the secret key will be hidden once you leave this page.\nConsumer key    {ckey}\nConsumer secret    {S}\nPermissions    Read/Write",
  C("cs_", H(40)), "=Read/Write")
t("phpinfo-environment-table-paste",
  "PHP Variables\n$_SERVER['HTTP_HOST']\t{domain}\n$_SERVER['DB_USER']\t{dbuser}\n$_SERVER['DB_PASSWORD']\t{S}\n$_SERVER['SERVER_SOFTWARE']\tLiteSpeed",
  GPW((12, 18)), "domain")
t("docker-inspect-env-array-wordpress",
  '$ docker inspect {sld}-wordpress --format \'{{json .Config.Env}}\'\n["WORDPRESS_DB_HOST=db:3306","WORDPRESS_DB_USER={dbuser}","WORDPRESS_DB_PASSWORD={S}","WORDPRESS_DB_NAME={db}","PHP_VERSION=8.2.20"]',
  UPW((16, 24)), "dbuser")
t("git-config-list-remote-fine-grained-pat",
  "$ git config --list --show-origin | grep url\nfile:.git/config\tremote.origin.url=https://{ghuser}:{S}@github.com/{org}/{repo}.git",
  C("github_pat_", AN(22), "_", AN(59)), "repo")
t("cat-netrc-single-line-output",
  "$ cat ~/.netrc\nmachine {host} login {user} password {S}",
  PW, "host")
t("grep-n-wp-config-define-lines",
  "$ grep -n \"DB_\" wp-config.php\n23:define( 'DB_NAME', '{db}' );\n26:define( 'DB_USER', '{dbuser}' );\n29:define( 'DB_PASSWORD', '{S}' );\n32:define( 'DB_HOST', 'localhost' );",
  GPW((14, 22)), "db")
t("blesta-config-grep-system-key",
  "$ grep -R system_key config/\nconfig/blesta.php:Configure::set('Blesta.system_key', '{S}');",
  H(64), "=config/blesta.php")
t("rclone-config-show-obscured-pass",
  "$ rclone config show {remote}\n[{remote}]\ntype = sftp\nhost = {host}\nuser = {user}\nport = 23\npass = {S}\nshell_type = unix",
  U64((44, 64)), "host")
t("cat-aws-credentials-wasabi-profile",
  "$ cat ~/.aws/credentials\n[wasabi]\naws_access_key_id = {akid}\naws_secret_access_key = {S}",
  B64(40), "=[wasabi]")
t("softaculous-list-installations-json-db-pass",
  '{"{n}_{n2}":{"ver":"6.5.3","softpath":"/home/{user}/public_html","softurl":"https://{domain}","softdb":"{db}","softdbuser":"{dbuser}","softdbhost":"localhost","softdbpass":"{S}","cron":[]}}',
  GPW((12, 16)), "domain")
t("cat-certbot-ovh-ini-output",
  "# cat /etc/letsencrypt/ovh.ini\ndns_ovh_endpoint = ovh-eu\ndns_ovh_application_key = {ak}\ndns_ovh_application_secret = {S}\ndns_ovh_consumer_key = {ck}",
  AN(32), "=ovh-eu")
t("env-sort-lego-gandi-pat",
  "$ env | sort | grep -E 'GANDI|LEGO'\nGANDIV5_PERSONAL_ACCESS_TOKEN={S}\nLEGO_EMAIL={email2}\nLEGO_PATH=/etc/lego",
  H(40), "email2")
t("mysql-user-table-native-password-hash",
  "mysql> SELECT user, host, authentication_string FROM mysql.user WHERE user LIKE '{user}%';\n+----------------+-----------+-------------------------------------------+\n| {dbuser} | localhost | *{S} |",
  HU(40), "dbuser")
t("cat-etc-shadow-sha512-line",
  "# grep {user} /etc/shadow\n{user}:{S}:19{n}:0:99999:7:::",
  lambda F: _crypt_sha512(), "user")
t("dovecot-passwd-file-sha512-crypt-line",
  "# tail -n1 /etc/dovecot/users\n{email}:{SHA512-CRYPT}{S}:5000:5000::/var/vmail/{domain}/{local}::",
  lambda F: _crypt_sha512(), "email")
t("htpasswd-apr1-file-cat",
  "$ cat /home/{user}/.htpasswds/public_html/staging/passwd\n{cmsuser}:{S}",
  lambda F: "$apr1$" + _rs(_CRYPT, 8) + "$" + _rs(_CRYPT, 22), "cmsuser")
t("roundcube-config-grep-des-key",
  "$ grep -n des_key config/config.inc.php\n84:$config['des_key'] = '{S}';",
  AN(24), "=config/config.inc.php")
t("phpmyadmin-config-grep-blowfish",
  "$ grep blowfish /usr/share/phpmyadmin/config.inc.php\n$cfg['blowfish_secret'] = '{S}';",
  AN(32), "=/usr/share/phpmyadmin/config.inc.php")
t("cat-root-my-cnf-client-quoted",
  "# cat /root/.my.cnf\n[client]\nuser=root\npassword=\"{S}\"",
  GPW((16, 24)), "=[client]")
t("cat-root-accesshash-multiline",
  lambda F: "# cat /root/.accesshash\n" + F["S"],
  lambda F: "\n".join(_rs(_LA, 32) for _ in range(6)), "=/root/.accesshash")
t("cat-acme-sh-account-conf-saved-token",
  "$ cat ~/.acme.sh/account.conf\nLOG_FILE='/root/.acme.sh/acme.sh.log'\nSAVED_CF_Token='{S}'\nSAVED_CF_Account_ID='{zid}'\nUSER_PATH='/usr/local/sbin:/usr/bin'",
  lambda F: _cf_token(), "=SAVED_CF_Account_ID")
t("ovh-python-consumer-key-request-dict",
  ">>> ck.request()\n{'validationUrl': 'https://www.ovh.com/auth/sso/api?credentialToken={an32}', 'consumerKey': '{S}', 'state': 'pendingValidation'}",
  AN(32), "=pendingValidation")
t("cat-hcloud-cli-toml-context-token",
  '$ cat ~/.config/hcloud/cli.toml\nactive_context = "{ctx}"\n\n[[contexts]]\n  name = "{ctx}"\n  token = "{S}"',
  AN(64), "ctx")
t("desec-token-create-response-json",
  '{"id": "{uuid}", "created": "{ts}", "last_used": null, "owner": "{email2}", "user_override": null, "name": "{tname}", "perm_create_domain": false, "perm_delete_domain": false, "perm_manage_tokens": false, "allowed_subnets": ["0.0.0.0/0", "::/0"], "auto_policy": false, "token": "{S}"}',
  U64(28), "tname")
t("pm2-env-output-stripe-secret",
  "$ pm2 env 0 | grep -iE 'stripe|url'\nAPP_URL: https://{domain}\nSTRIPE_SECRET_KEY: {S}\nSTRIPE_WEBHOOK_URL: https://{domain}/api/stripe",
  C("sk_live_", AN(99)), "domain")
t("devtools-request-headers-cpsession-cookie",
  ":authority: {host}:2083\n:method: GET\n:path: /cpsess{dg10}/frontend/jupiter/index.html\ncookie: cpsession={user}%3a{S}; timezone=Europe/Warsaw; roundcube_cookies=enabled",
  C(AN(16), "%2c", H(32)), "user")
t("curl-v-cookie-roundcube-sessid",
  "> GET /?_task=mail&_mbox=INBOX HTTP/2\n> Host: webmail.{domain}\n> Cookie: roundcube_sessid={S}; roundcube_sessauth={an32}\n>\n< HTTP/2 200",
  LA(26), "domain")
t("curl-v-basic-authorization-directadmin",
  lambda F: _render("> GET /CMD_API_SHOW_DOMAINS HTTP/1.1\n> Host: {host}:2222\n> Authorization: Basic {S}\n> User-Agent: curl/8.5.0", F),
  lambda F: _b64s((F["user"] + ":" + _pw()).encode()), "host")
t("vault-kv-get-table-password",
  "$ vault kv get secret/clients/{sld}/cpanel\n====== Data ======\nKey         Value\n---         -----\npassword    {S}\nusername    {user}",
  PW, "user")
t("op-item-get-fields-password",
  '$ op item get "WHM root {host}" --fields label=password --reveal\n{S}',
  GPW((18, 24)), "host")
t("bw-get-password-output",
  '$ bw get password "{domain} FTP"\n{S}',
  PW, "domain")
t("keepassxc-cli-show-entry",
  "$ keepassxc-cli show -s Kunden.kdbx \"Hosting/{domain} cPanel\"\nTitle: {domain} cPanel\nUserName: {user}\nPassword: {S}\nURL: https://{host}:2083\nNotes:",
  PW, "host")
t("prestashop-webservice-account-select",
  "mysql> SELECT id_webservice_account, `key`, description, active FROM ps_webservice_account;\n| 3 | {S} | ERP {agency} | 1 |",
  UA(32), "agency")
t("magento-env-php-grep-crypt-key",
  "$ grep -A2 \"'crypt'\" app/etc/env.php\n    'crypt' => [\n        'key' => '{S}'\n    ],",
  H(32), "=app/etc/env.php")
t("duplicati-export-json-target-authid",
  '{"Backup":{"ID":"{n}","Name":"{sld} nightly","TargetURL":"googledrive://Backups/{sld}?authid={S}","Sources":["/var/www/{domain}/"]}}',
  C(H(24), "%3A", AN(32)), "domain")
t("openssl-s-client-imap-login-transcript",
  "* OK [CAPABILITY IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+ AUTH=PLAIN] Dovecot ready.\na1 LOGIN {email} {S}\na1 OK [CAPABILITY IMAP4rev1] Logged in",
  PW, "email")
t("smtp-auth-plain-transcript-base64",
  lambda F: _render("250-{mailhost}\n250-AUTH PLAIN LOGIN\n250 CHUNKING\nAUTH PLAIN {S}\n235 2.7.0 Authentication successful", F),
  lambda F: _b64s(("\0" + F["email"] + "\0" + _pw()).encode()), "mailhost")
t("ftp-interactive-user-command-positional",
  "ftp> open {host}\nConnected to {host}.\n220 ProFTPD Server ready.\nftp> user {user} {S}\n331 Password required for {user}\n230 User {user} logged in",
  PW, "host")
t("curl-v-ftp-pass-command-transcript",
  "* Connected to {host} ({ip}) port 21\n< 220 Pure-FTPd\n> USER {user}\n< 331 User {user} OK. Password required\n> PASS {S}\n< 230 OK. Current restricted directory is /",
  GPW((10, 14)), "ip")
t("wp-db-query-wp-users-phpass-hash",
  "$ wp db query \"SELECT user_login, user_pass FROM wp_users WHERE ID=1\"\nuser_login\tuser_pass\n{wpuser}\t{S}",
  lambda F: "$P$B" + _rs(_CRYPT, 30), "wpuser")
t("joomla-users-select-bcrypt-hash",
  "mysql> SELECT username, password FROM jos_users WHERE block=0;\n| {wpuser} | {S} |",
  lambda F: _bcrypt(), "wpuser")
t("plesk-admin-show-password-output",
  "# /usr/local/psa/bin/admin --show-password\n{S}",
  GPW((14, 18)), "=--show-password")
t("directadmin-setup-txt-cat-adminpass",
  "# cat /usr/local/directadmin/scripts/setup.txt\nhostname={host}\nemail={email2}\nmysql={an16}\nmysqluser=da_admin\nadminname=admin\nadminpass={S}\nns1=ns1.{adomain}",
  AN(16), "host")
t("ansible-vault-view-yaml-output",
  '$ ansible-vault view group_vars/hosting/vault.yml\nvault_whm_host: {host}\nvault_whm_token: "{S}"',
  UA(32), "host")
t("composer-config-list-http-basic-password",
  "$ composer config --list --global | grep http-basic\n[http-basic.repo.magento.com.username] {pub}\n[http-basic.repo.magento.com.password] {S}",
  H(32), "=[http-basic.repo.magento.com.username]")
t("filezilla-recentservers-xml-cat",
  lambda F: _render("$ cat ~/.config/filezilla/recentservers.xml\n<RecentServers>\n  <Server>\n    <Host>{host}</Host>\n    <Port>21</Port>\n    <User>{user}</User>\n    <Pass encoding=\"base64\">{S}</Pass>\n  </Server>\n</RecentServers>", F),
  lambda F: _b64s(_pw().encode()), "host")
t("python-repl-request-headers-plesk-key",
  ">>> r.request.headers\n{'User-Agent': 'python-requests/2.31.0', 'Accept-Encoding': 'gzip, deflate', 'Accept': '*/*', 'Connection': 'keep-alive', 'X-API-Key': '{S}'}",
  UUID, "=python-requests/2.31.0")
t("aws-s3-presign-output-signature",
  "$ aws s3 presign s3://{bucket}/{sld}/{sld}-{date}.tar.gz --expires-in 86400 --endpoint-url https://s3.{region}.wasabisys.com\nhttps://s3.{region}.wasabisys.com/{bucket}/{sld}/{sld}-{date}.tar.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={akid}%2F20250101%2F{region}%2Fs3%2Faws4_request&X-Amz-Date=20250101T101010Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature={S}",
  H(64), "bucket")
t("whmapi1-api-token-create-terminal-wrapped",
  lambda F: _render("---\ndata:\n  name: {tname}\n  token: ", F) + F["S"] + "\nmetadata:\n  reason: OK",
  lambda F: _split_nl(_rs(_UA, 32)), "tname")
# ================================================================ config-file
_g("config-file")
t("wp-config-define-db-password",
  "/** The name of the database for WordPress */\ndefine( 'DB_NAME', '{db}' );\n\n/** Database username */\ndefine( 'DB_USER', '{dbuser}' );\n\n/** Database password */\ndefine( 'DB_PASSWORD', '{S}' );",
  GPW((14, 22)), "db")
t("wp-config-auth-key-salt-define",
  "define('AUTH_KEY',         '{S}');",
  lambda F: _rs(_SALT.replace("'", ""), 64), "=AUTH_KEY")
t("wp-config-logged-in-salt-define-double-quoted",
  'define( "LOGGED_IN_SALT", "{S}" );',
  lambda F: _rs(_SALT.replace("$", "").replace('"', ""), 64), "=LOGGED_IN_SALT")
t("wp-config-wpms-smtp-pass-constant",
  "define( 'WPMS_ON', true );\ndefine( 'WPMS_SMTP_HOST', '{mailhost}' );\ndefine( 'WPMS_SMTP_USER', '{email}' );\ndefine( 'WPMS_SMTP_PASS', '{S}' );",
  PW, "mailhost")
t("joomla-configuration-php-db-password",
  "\tpublic $dbtype = 'mysqli';\n\tpublic $host = 'localhost';\n\tpublic $user = '{dbuser}';\n\tpublic $password = '{S}';\n\tpublic $db = '{db}';\n\tpublic $dbprefix = 'jos_';",
  GPW((12, 18)), "dbuser")
t("joomla-configuration-php-secret",
  "\tpublic $sitename = '{agency}';\n\tpublic $secret = '{S}';\n\tpublic $gzip = false;",
  AN(16), "agency")
t("joomla-configuration-php-smtppass",
  "\tpublic $mailer = 'smtp';\n\tpublic $smtpauth = '1';\n\tpublic $smtpuser = '{email}';\n\tpublic $smtppass = '{S}';\n\tpublic $smtphost = '{mailhost}';\n\tpublic $smtpsecure = 'ssl';\n\tpublic $smtpport = '465';",
  PW, "mailhost")
t("drupal-settings-databases-array",
  "$databases['default']['default'] = [\n  'database' => '{db}',\n  'username' => '{dbuser}',\n  'password' => '{S}',\n  'prefix' => '',\n  'host' => 'localhost',\n  'port' => '3306',\n  'driver' => 'mysql',\n];",
  GPW((14, 20)), "db")
t("drupal-settings-hash-salt",
  "$settings['hash_salt'] = '{S}';",
  U64(43), "=$settings['hash_salt']")
t("prestashop17-parameters-database-password",
  "return array (\n  'parameters' => \n  array (\n    'database_host' => '127.0.0.1',\n    'database_port' => '',\n    'database_name' => '{db}',\n    'database_user' => '{dbuser}',\n    'database_password' => '{S}',\n    'database_prefix' => 'ps_',",
  AN(16), "dbuser")
t("prestashop17-parameters-secret-cookie-key",
  "    'mailer_transport' => 'smtp',\n    'secret' => '{S}',\n    'ps_caching' => 'CacheMemcache',\n    'cookie_key' => '{an56}',",
  AN(56), "=mailer_transport")
t("prestashop16-settings-inc-cookie-key",
  "define('_DB_SERVER_', 'localhost');\ndefine('_DB_NAME_', '{db}');\ndefine('_COOKIE_KEY_', '{S}');\ndefine('_COOKIE_IV_', '{an16}');",
  AN(56), "db")
t("magento-env-php-db-connection-password",
  "    'db' => [\n        'table_prefix' => '',\n        'connection' => [\n            'default' => [\n                'host' => 'localhost',\n                'dbname' => '{db}',\n                'username' => '{dbuser}',\n                'password' => '{S}',\n                'model' => 'mysql4',",
  GPW((16, 24)), "dbuser")
t("magento-auth-json-http-basic",
  '{\n    "http-basic": {\n        "repo.magento.com": {\n            "username": "{pub}",\n            "password": "{S}"\n        }\n    }\n}',
  H(32), "=repo.magento.com")
t("whmcs-configuration-php-db-password",
  "<?php\n$license = 'Owned-{hx16}';\n$db_host = 'localhost';\n$db_port = '';\n$db_username = '{dbuser}';\n$db_password = '{S}';\n$db_name = '{db}';",
  GPW((14, 18)), "db")
t("whmcs-configuration-cc-encryption-hash",
  "$db_name = '{db}';\n$cc_encryption_hash = '{S}';\n$templates_compiledir = 'templates_c';\n$mysql_charset = 'utf8';",
  AN(64), "db")
t("blesta-config-system-key-double-quoted",
  'Configure::set("Blesta.system_key", "{S}");',
  AN(64), "=Blesta.system_key")
t("blesta-database-info-array-pass",
  'Configure::set("Blesta.database_info", array(\n    "driver" => "mysql",\n    "host" => "localhost",\n    "database" => "{db}",\n    "user" => "{dbuser}",\n    "pass" => "{S}",\n    "persistent" => false,',
  GPW((14, 18)), "db")
t("roundcube-db-dsnw-mysql-url",
  "$config['db_dsnw'] = 'mysql://roundcube:{S}@localhost/roundcubemail';",
  UPW((14, 20)), "=roundcubemail")
t("roundcube-config-des-key",
  "$config['imap_host'] = 'ssl://{mailhost}:993';\n$config['smtp_host'] = 'tls://{mailhost}:587';\n$config['des_key'] = '{S}';",
  AN(24), "mailhost")
t("rainloop-application-ini-admin-password",
  '[security]\nallow_admin_panel = On\nadmin_login = "admin"\nadmin_password = "{S}"\nadmin_panel_host = ""',
  PW, "=admin_login")
t("dovecot-sql-conf-ext-connect-string",
  "driver = mysql\nconnect = host=localhost dbname=mailserver user=mailuser password={S}\ndefault_pass_scheme = SHA512-CRYPT",
  GPW((14, 20)), "=dbname=mailserver")
t("postfix-mysql-virtual-mailbox-cf",
  "user = mailuser\npassword = {S}\nhosts = 127.0.0.1\ndbname = mailserver\nquery = SELECT 1 FROM virtual_users WHERE email='%s'",
  GPW((14, 20)), "=dbname = mailserver")
t("postfix-sasl-passwd-relay-line",
  "[{relay}]:587 {email}:{S}",
  PW, "relay")
t("phpmyadmin-config-inc-blowfish-secret",
  "$cfg['blowfish_secret'] = '{S}'; /* YOU MUST FILL IN THIS FOR COOKIE AUTH! */\n$i = 0;\n$i++;\n$cfg['Servers'][$i]['auth_type'] = 'cookie';",
  AN(32), "=auth_type")
t("vscode-sftp-json-ftp-password",
  '{\n    "name": "{domain} live",\n    "host": "{host}",\n    "protocol": "ftp",\n    "port": 21,\n    "username": "{user}",\n    "password": "{S}",\n    "remotePath": "/public_html",\n    "uploadOnSave": true\n}',
  PW, "host")
t("filezilla-sitemanager-xml-base64-pass",
  lambda F: _render('<Server>\n\t<Host>{host}</Host>\n\t<Port>21</Port>\n\t<Protocol>0</Protocol>\n\t<Type>0</Type>\n\t<User>{user}</User>\n\t<Pass encoding="base64">{S}</Pass>\n\t<Logontype>1</Logontype>\n\t<Name>{domain}</Name>\n</Server>', F),
  lambda F: _b64s(_gpw((10, 16)).encode()), "host")
t("winscp-ini-session-obfuscated-password",
  "[Sessions\\{user}@{host}]\nHostName={host}\nUserName={user}\nPortNumber=2222\nFSProtocol=2\nPassword={S}",
  lambda F: "A35C" + _rs(_HEXU, _R.choice([60, 68, 76, 84])), "host")
t("netrc-multiline-machine-block",
  "machine {host}\n  login {user}\n  password {S}\n\nmachine api.{adomain}\n  login deploy",
  PW, "host")
t("rclone-conf-b2-remote-key",
  "[b2-{sld}]\ntype = b2\naccount = {keyid}\nkey = {S}\nhard_delete = true",
  C("K00", B64(28)), "sld")
t("restic-env-file-wasabi",
  "RESTIC_REPOSITORY=s3:https://s3.{region}.wasabisys.com/{bucket}\nRESTIC_PASSWORD={S}\nAWS_ACCESS_KEY_ID={akid}",
  PHRD, "bucket")
t("msmtprc-account-password",
  "account {sld}\nhost {mailhost}\nport 587\nauth on\ntls on\nuser {email}\npassword {S}\nfrom {email}",
  PW, "mailhost")
t("fetchmailrc-poll-password-quoted",
  'poll {mailhost} protocol IMAP port 993\n  user "{email}" there with password "{S}" is {user} here ssl',
  PW, "mailhost")
t("mbsyncrc-imapaccount-pass",
  "IMAPAccount old-{sld}\nHost {host2}\nUser {email}\nPass {S}\nSSLType IMAPS\nCertificateFile /etc/ssl/certs/ca-certificates.crt",
  GPW((12, 16)), "host2")
t("certbot-cloudflare-ini-api-token",
  "# /root/.secrets/cloudflare.ini\ndns_cloudflare_api_token = {S}",
  lambda F: _cf_token(), "=/root/.secrets/cloudflare.ini")
t("certbot-hetzner-ini-api-token",
  "dns_hetzner_api_token = {S}\n# zone: {domain}",
  AN(32), "domain")
t("bind-named-conf-tsig-key-secret",
  'key "{tname}." {\n\talgorithm hmac-sha256;\n\tsecret "{S}";\n};',
  lambda F: _b64s(_rb(32)), "tname")
t("powerdns-pdns-conf-api-key",
  "api=yes\napi-key={S}\nwebserver=yes\nwebserver-address=127.0.0.1\nwebserver-port=8081",
  AN(24), "=webserver-address=127.0.0.1")
t("docker-compose-wordpress-env-yaml",
  "services:\n  wordpress:\n    image: wordpress:6.5-php8.2-apache\n    environment:\n      WORDPRESS_DB_HOST: db\n      WORDPRESS_DB_USER: {dbuser}\n      WORDPRESS_DB_PASSWORD: {S}\n      WORDPRESS_DB_NAME: {db}",
  UPW((16, 24)), "dbuser")
t("dotenv-whm-api-token",
  "WHM_HOST={host}\nWHM_USER=root\nWHM_API_TOKEN={S}\nWHM_VERIFY_SSL=true",
  UA(32), "host")
t("dotenv-porkbun-secret-api-key",
  "PORKBUN_API_KEY={pk1}\nPORKBUN_SECRET_API_KEY={S}\nDDNS_RECORD=home.{domain}",
  C("sk1_", H(64)), "domain")
t("dotenv-namecheap-api-key",
  "NAMECHEAP_API_USER={nuser}\nNAMECHEAP_API_KEY={S}\nNAMECHEAP_CLIENT_IP={ip}",
  H(32), "nuser")
t("octodns-yaml-hetzner-provider-token",
  "providers:\n  config:\n    class: octodns.provider.yaml.YamlProvider\n    directory: ./zones\n  hetzner:\n    class: octodns_hetzner.HetznerProvider\n    token: {S}",
  AN(32), "=octodns_hetzner.HetznerProvider")
t("dnscontrol-creds-json-gandi-token",
  '{\n  "gandi": {\n    "TYPE": "GANDI_V5",\n    "token": "{S}",\n    "sharing_id": "{uuid}"\n  }\n}',
  H(40), "=GANDI_V5")
t("ovh-conf-ini-application-secret",
  "[default]\nendpoint=ovh-eu\n\n[ovh-eu]\napplication_key={ak}\napplication_secret={S}\nconsumer_key={ck}",
  AN(32), "=[ovh-eu]")
t("inwx-toml-password",
  '[inwx]\nusername = "{nuser}"\npassword = "{S}"\napi_url = "https://api.domrobot.com/jsonrpc/"',
  PW, "nuser")
t("inwx-toml-totp-shared-secret",
  '[inwx]\nusername = "{nuser}"\npassword_file = "/etc/inwx/pass"\nshared_secret = "{S}"',
  B32(32), "nuser")
t("ddclient-conf-namecheap-password",
  "protocol=namecheap\nuse=web, web=dynamicdns.park-your-domain.com/getip\nserver=dynamicdns.park-your-domain.com\nlogin={domain}\npassword={S}\nhome",
  H(32), "domain")
t("ddclient-conf-desec-quoted-password",
  "protocol=dyndns2\nuse=web\nserver=update.dedyn.io\nlogin={sub}.dedyn.io\npassword='{S}'\n{sub}.dedyn.io",
  U64(28), "=update.dedyn.io")
t("htpasswd-file-bcrypt-line",
  "# /etc/nginx/.htpasswd-{sld}\n{cmsuser}:{S}",
  lambda F: _bcrypt(), "cmsuser")
t("wp-config-redis-password-define",
  "define( 'WP_REDIS_HOST', '127.0.0.1' );\ndefine( 'WP_REDIS_PORT', 6379 );\ndefine( 'WP_REDIS_PASSWORD', '{S}' );\ndefine( 'WP_REDIS_DATABASE', 1 );",
  AN(32), "=WP_REDIS_HOST")
t("w3tc-master-php-json-bunny-key",
  '\t"cdn.engine": "bunnycdn",\n\t"cdn.bunnycdn.account_api_key": "{S}",\n\t"cdn.bunnycdn.pull_zone_id": {n},',
  C(UUID, "-", UUID), "=cdn.engine")
t("dploy-yaml-ftp-pass",
  'production:\n  scheme: "ftp"\n  host: "{host}"\n  port: 21\n  user: "{user}"\n  pass: "{S}"\n  path:\n    local: "dist/"\n    remote: "public_html/"',
  PW, "host")
t("git-config-git-ftp-section",
  "[git-ftp]\n\turl = ftp://{host}/public_html\n\tuser = {user}\n\tpassword = {S}\n\tsyncroot = dist/",
  GPW((12, 16)), "host")
t("proftpd-sqlconnectinfo-positional",
  "<IfModule mod_sql.c>\n  SQLBackend mysql\n  SQLConnectInfo proftpd@localhost proftpd {S}\n  SQLAuthTypes Crypt\n</IfModule>",
  GPW((14, 18)), "=SQLConnectInfo")
t("pureftpd-mysql-conf-password",
  "MYSQLServer     127.0.0.1\nMYSQLPort       3306\nMYSQLUser       pureftpd\nMYSQLPassword   {S}\nMYSQLDatabase   pureftpd",
  GPW((14, 18)), "=MYSQLUser")
t("php-fpm-pool-env-db-password",
  "[{user}]\nuser = {user}\nlisten = /run/php/php8.2-fpm-{user}.sock\nenv[DB_HOST] = localhost\nenv[DB_PASSWORD] = {S}",
  GPW((14, 20)), "user")
t("htaccess-setenv-whmcs-api-secret",
  'SetEnv WHMCS_API_URL "https://billing.{adomain}/includes/api.php"\nSetEnv WHMCS_API_IDENTIFIER "{wid}"\nSetEnv WHMCS_API_SECRET "{S}"',
  AN(32), "adomain")
t("my-cnf-mysqldump-section-password",
  "[mysqldump]\nuser={dbuser}\npassword={S}\nsingle-transaction\nquick",
  GPW((14, 18)), "dbuser")
t("openssh-private-key-deploy-file",
  lambda F: _render("# ~/.ssh/deploy_{sld}\n-----BEGIN OPENSSH PRIVATE KEY-----\n", F) + F["S"] + "\n-----END OPENSSH PRIVATE KEY-----",
  lambda F: _pem_openssh(), "=-----BEGIN OPENSSH PRIVATE KEY-----")
t("rsa-private-key-pem-cpanel-ssl",
  lambda F: _render("/home/{user}/ssl/keys/{sha7}_{hx16}.key\n-----BEGIN RSA PRIVATE KEY-----\n", F) + F["S"] + "\n-----END RSA PRIVATE KEY-----",
  lambda F: _pem_rsa(), "=-----END RSA PRIVATE KEY-----")
t("pkcs8-ec-private-key-letsencrypt",
  lambda F: _render("# /etc/letsencrypt/live/{domain}/privkey.pem\n-----BEGIN PRIVATE KEY-----\n", F) + F["S"] + "\n-----END PRIVATE KEY-----",
  lambda F: _pem_pkcs8_ec(), "domain")
t("softaculous-universal-php-apipass",
  "$globals['soft_api_key'] = '{an16}';\n$globals['soft_api_pass'] = '{S}';\n$globals['cron_time'] = '15 3 * * *';",
  AN(32), "=$globals['cron_time']")
t("cloudflared-credentials-json-tunnel-secret",
  '{"AccountTag":"{zid}","TunnelSecret":"{S}","TunnelID":"{uuid}","Endpoint":""}',
  lambda F: _b64s(_rb(32)), "=AccountTag")
t("woocommerce-przelewy24-settings-json-crc",
  '{"enabled":"yes","merchant_id":"{dg6}","shop_id":"{dg6}","crc_key":"{S}","p24_testmod":"secure","title":"Przelewy24"}',
  H(16), "=merchant_id")
t("midtrans-config-php-server-key",
  "\\Midtrans\\Config::$serverKey = '{S}';\n\\Midtrans\\Config::$isProduction = true;\n\\Midtrans\\Config::$isSanitized = true;",
  C("Mid-server-", U64(24)), "=$isProduction")
t("dotenv-xendit-secret-key",
  "APP_URL=https://{domain}\nXENDIT_SECRET_KEY={S}\nXENDIT_PUBLIC_KEY=xnd_public_production_{an16}",
  C("xnd_production_", AN(60)), "domain")
t("gopay-php-config-client-secret",
  "return [\n    'goid' => '{dg10}',\n    'clientId' => '1{dg6}{n}',\n    'clientSecret' => '{S}',\n    'gatewayUrl' => 'https://gate.gopay.cz/api/',\n];",
  AN(8), "=gate.gopay.cz")
t("dotenv-comgate-secret",
  "COMGATE_MERCHANT={dg6}\nCOMGATE_SECRET={S}\nCOMGATE_TEST=false",
  AN(32), "=COMGATE_MERCHANT")
t("nexi-xpay-properties-mac-key",
  "xpay.alias=ALIAS_WEB_{dg6}\nxpay.mac_key={S}\nxpay.url=https://ecommerce.nexi.it/ecomm/ecomm/DispatcherServlet",
  AN(32), "=xpay.alias")
t("payu-pl-ini-second-key",
  "[payu]\npos_id = {dg6}\nsecond_key = {S}\noauth_client_id = {dg6}\nenvironment = secure",
  H(32), "=pos_id")
t("jenkins-credentials-xml-encrypted-password",
  "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <scope>GLOBAL</scope>\n  <id>ftp-{sld}</id>\n  <username>{user}</username>\n  <password>{S}</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>",
  lambda F: "{AQAAABAAAAAQ" + _rs(_B64, 62) + "=}", "user")
# ================================================================ source-code
_g("source-code")
t("php-curl-httpheader-whm-token",
  "$ch = curl_init('https://{host}:2087/json-api/createacct?api.version=1');\ncurl_setopt($ch, CURLOPT_HTTPHEADER, ['Authorization: whm root:{S}']);\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);",
  UA(32), "host")
t("php-cpanel-client-constructor-positional",
  "$cpanel = new \\App\\Hosting\\CpanelUapi('{host}', '{user}', '{S}');\n$quota = $cpanel->call('Quota', 'get_quota_info');",
  UA(32), "host")
t("php-whmcs-external-api-postfields",
  "$postfields = array(\n    'identifier' => '{wid}',\n    'secret' => '{S}',\n    'action' => 'GetInvoices',\n    'status' => 'Unpaid',\n    'responsetype' => 'json',\n);",
  AN(32), "=GetInvoices")
t("python-namecheap-api-kwargs",
  'api = Api(ApiUser="{nuser}", ApiKey="{S}", UserName="{nuser}", ClientIP="{ip}", sandbox=False)',
  H(32), "nuser")
t("python-ovh-client-kwargs",
  "client = ovh.Client(\n    endpoint='ovh-eu',\n    application_key='{ak}',\n    application_secret='{S}',\n    consumer_key='{ck}',\n)",
  AN(32), "=ovh-eu")
t("python-porkbun-payload-dict",
  'URL = "https://api.porkbun.com/api/json/v3/dns/editByNameType/{domain}/A/home"\npayload = {"secretapikey": "{S}", "apikey": "{pk1}", "content": ip, "ttl": "600"}',
  C("sk1_", H(64)), "domain")
t("python-hetzner-dns-headers-dict",
  'HEADERS = {\n    "Auth-API-Token": "{S}",\n    "Content-Type": "application/json",\n}\nZONE = "{domain}"',
  AN(32), "domain")
t("js-axios-desec-token-header",
  "const res = await axios.get('https://desec.io/api/v1/domains/{domain}/rrsets/', { headers: { Authorization: 'Token {S}' } });",
  U64(28), "domain")
t("node-ftp-deploy-config-object",
  'const config = {\n  user: "{user}",\n  password: "{S}",\n  host: "{host}",\n  port: 21,\n  localRoot: __dirname + "/dist",\n  remoteRoot: "/public_html/",\n  include: ["*", "**/*"],\n  deleteRemote: false,\n};',
  PW, "host")
t("python-ftplib-ftp-tls-login-positional",
  "ftp = FTP_TLS('{host}')\nftp.login('{user}', '{S}')\nftp.prot_p()\nftp.cwd('/public_html')",
  PW, "host")
t("python-paramiko-connect-password-kwarg",
  "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect('{host}', port=2222, username='{user}', password='{S}')",
  GPW((12, 18)), "host")
t("php-phpseclib-sftp-login-positional",
  "$sftp = new SFTP('{host}', 2222);\nif (!$sftp->login('{user}', '{S}')) {\n    exit('Login Failed');\n}",
  PW, "host")
t("php-pdo-dsn-positional-password",
  "$pdo = new PDO('mysql:host=localhost;dbname={db};charset=utf8mb4', '{dbuser}', '{S}', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);",
  GPW((12, 18)), "db")
t("php-mysqli-connect-positional",
  '$conn = mysqli_connect("localhost", "{dbuser}", "{S}", "{db}");\nif (!$conn) { die("Connection failed: " . mysqli_connect_error()); }',
  PW, "dbuser")
t("php-woocommerce-rest-client-constructor",
  "$woocommerce = new Client(\n    'https://{domain}',\n    '{ckey}',\n    '{S}',\n    ['version' => 'wc/v3', 'timeout' => 30]\n);",
  C("cs_", H(40)), "domain")
t("python-woocommerce-api-consumer-secret",
  'wcapi = API(\n    url="https://{domain}",\n    consumer_key="{ckey}",\n    consumer_secret="{S}",\n    version="wc/v3",\n    timeout=30,\n)',
  C("cs_", H(40)), "domain")
t("php-phpmailer-smtp-password-property",
  "$mail->isSMTP();\n$mail->Host = '{mailhost}';\n$mail->SMTPAuth = true;\n$mail->Username = '{email}';\n$mail->Password = '{S}';\n$mail->SMTPSecure = PHPMailer::ENCRYPTION_SMTPS;\n$mail->Port = 465;",
  PW, "mailhost")
t("python-smtplib-login-positional",
  'with smtplib.SMTP_SSL("{mailhost}", 465) as server:\n    server.login("{email}", "{S}")\n    server.send_message(msg)',
  PW, "email")
t("nodemailer-create-transport-auth-pass",
  'const transporter = nodemailer.createTransport({\n  host: "{mailhost}",\n  port: 465,\n  secure: true,\n  auth: { user: "{email}", pass: "{S}" },\n});',
  PW, "mailhost")
t("php-stripe-set-api-key-static",
  "\\Stripe\\Stripe::setApiKey('{S}');\n$session = \\Stripe\\Checkout\\Session::create($params);",
  C("sk_live_", AN((24, 99))), "=\\Stripe\\Checkout\\Session::create")
t("php-stripe-client-restricted-key",
  "$stripe = new \\Stripe\\StripeClient('{S}');\n$invoices = $stripe->invoices->all(['limit' => 20]);",
  C("rk_live_", AN((24, 99))), "=$stripe->invoices")
t("php-mollie-set-api-key-live",
  '$mollie = new \\Mollie\\Api\\MollieApiClient();\n$mollie->setApiKey("{S}");',
  C("live_", AN(30)), "=MollieApiClient")
t("python-midtrans-snap-server-key",
  "snap = midtransclient.Snap(\n    is_production=True,\n    server_key='{S}',\n    client_key='Mid-client-{an16}',\n)",
  C("Mid-server-", U64(24)), "=is_production=True")
t("node-xendit-secret-key-constructor",
  "const { Xendit } = require('xendit-node');\nconst x = new Xendit({ secretKey: '{S}' });",
  C("xnd_production_", AN(60)), "=xendit-node")
t("python-b2sdk-authorize-account-positional",
  'b2_api = B2Api(info)\nb2_api.authorize_account("production", "{keyid}", "{S}")',
  C("K00", B64(28)), "=authorize_account")
t("python-boto3-wasabi-client-kwargs",
  "s3 = boto3.client(\n    's3',\n    endpoint_url='https://s3.{region}.wasabisys.com',\n    aws_access_key_id='{akid}',\n    aws_secret_access_key='{S}',\n)",
  B64(40), "region")
t("php-bunny-purge-curl-accesskey",
  'curl_setopt($ch, CURLOPT_URL, "https://api.bunny.net/pullzone/{n}/purgeCache");\ncurl_setopt($ch, CURLOPT_HTTPHEADER, ["AccessKey: {S}", "Content-Type: application/json"]);',
  C(UUID, "-", UUID), "=CURLOPT_URL")
t("python-cloudflare-client-email-global-key",
  "cf = CloudFlare.CloudFlare(email='{email2}', key='{S}')\nzones = cf.zones.get(params={'name': '{domain}'})",
  H(37), "email2")
t("js-fetch-cloudflare-bearer-token",
  "await fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/purge_cache`, {\n  method: 'POST',\n  headers: { 'Authorization': 'Bearer {S}', 'Content-Type': 'application/json' },\n  body: JSON.stringify({ files: urls }),\n});",
  lambda F: _cf_token(), "=purge_cache")
t("go-jlaffaye-ftp-login-positional",
  'c, err := ftp.Dial("{host}:21", ftp.DialWithTimeout(5*time.Second))\nif err != nil {\n\tlog.Fatal(err)\n}\nerr = c.Login("{user}", "{S}")',
  PW, "host")
t("csharp-networkcredential-ftpwebrequest",
  'var request = (FtpWebRequest)WebRequest.Create("ftp://{host}/httpdocs/web.config");\nrequest.Method = WebRequestMethods.Ftp.UploadFile;\nrequest.Credentials = new NetworkCredential("{user}", "{S}");',
  PW, "host")
t("powershell-winscp-sessionoptions-hashtable",
  '$sessionOptions = New-Object WinSCP.SessionOptions -Property @{\n    Protocol = [WinSCP.Protocol]::Sftp\n    HostName = "{host}"\n    UserName = "{user}"\n    Password = "{S}"\n    SshHostKeyFingerprint = "ssh-ed25519 255 {fp}"\n}',
  GPW((12, 18)), "fp")
t("bash-script-ftp-vars-lftp",
  '#!/bin/bash\nFTP_HOST="{host}"\nFTP_USER="{user}"\nFTP_PASS="{S}"\nlftp -u "$FTP_USER,$FTP_PASS" "$FTP_HOST" -e "mirror -R ./build /public_html; quit"',
  PW, "host")
t("bash-backup-script-dbpass-var",
  "#!/bin/sh\n# nightly dump for {domain}\nDBPASS='{S}'\nmysqldump -u {dbuser} -p\"$DBPASS\" {db} | gzip > /backup/{db}_$(date +%F).sql.gz",
  GPW((12, 18)), "dbuser")
t("php-resellerclub-httpapi-url-api-key",
  '$url = "https://httpapi.com/api/domains/available.json?auth-userid={dg6}&api-key={S}&domain-name=" . urlencode($sld) . "&tlds=com&tlds=net";',
  AN(32), "=httpapi.com")
t("php-mailchimp-woocommerce-options-array",
  "update_option('mailchimp-woocommerce', [\n    'mailchimp_api_key' => '{S}',\n    'mailchimp_list' => '{hx16}',\n]);",
  C(H(32), "-us", DG(2)), "=mailchimp-woocommerce")
t("php-brevo-configuration-set-api-key",
  "$config = Brevo\\Client\\Configuration::getDefaultConfiguration()->setApiKey('api-key', '{S}');",
  C("xkeysib-", H(64), "-", AN(16)), "=getDefaultConfiguration")
t("php-sendgrid-constructor-key",
  "$sendgrid = new \\SendGrid('{S}');\n$response = $sendgrid->send($email);",
  C("SG.", U64(22), ".", U64(43)), "=$sendgrid->send")
t("php-mailjet-client-key-secret-positional",
  "$mj = new \\Mailjet\\Client('{pub}', '{S}', true, ['version' => 'v3.1']);",
  H(32), "=v3.1")
t("php-recaptcha-siteverify-secret-query",
  "$verify = file_get_contents('https://www.google.com/recaptcha/api/siteverify?secret={S}&response=' . $_POST['g-recaptcha-response']);",
  C("6L", _A(_AN + "-_", 38)), "=siteverify")
t("html-google-maps-js-api-key",
  '<script async src="https://maps.googleapis.com/maps/api/js?key={S}&callback=initMap&libraries=places"></script>',
  C("AIza", U64(35)), "=initMap")
t("python-telegram-bot-token-kwarg",
  'bot = telegram.Bot(token="{S}")\nawait bot.send_message(chat_id=CHAT_ID, text=f"{domain} is down")',
  C(DG(10), ":AA", U64(33)), "domain")
t("php-slack-webhook-url-constant",
  "const SLACK_WEBHOOK = 'https://hooks.slack.com/services/T{n2}A{n}/B0{n2}{n}/{S}';",
  AN(24), "=SLACK_WEBHOOK")
t("js-discord-webhook-url-const",
  'const WEBHOOK = "https://discord.com/api/webhooks/{dg10}{dg6}/{S}";',
  U64(68), "=const WEBHOOK")
t("php-directadmin-httpsocket-set-login",
  '$sock = new HTTPSocket;\n$sock->connect("ssl://{host}", 2222);\n$sock->set_login("admin", "{S}");\n$sock->query("/CMD_API_SHOW_USERS");',
  GPW((14, 18)), "host")
t("python-plesk-xml-api-http-auth-passwd",
  'headers = {\n    "HTTP_AUTH_LOGIN": "admin",\n    "HTTP_AUTH_PASSWD": "{S}",\n    "Content-Type": "text/xml",\n}\nr = requests.post("https://{host}:8443/enterprise/control/agent.php", data=xml, headers=headers)',
  GPW((14, 18)), "host")
t("php-imap-open-mailbox-positional",
  '$mbox = imap_open("{{mailhost}:993/imap/ssl}INBOX", "{email}", "{S}");',
  PW, "email")
t("python-imaplib-login-positional",
  "M = imaplib.IMAP4_SSL('{mailhost}')\nM.login('{email}', '{S}')\nM.select('INBOX')",
  PW, "mailhost")
t("php-env-fallback-default-password",
  "'password' => env('DB_PASSWORD', '{S}'),",
  GPW((12, 16)), "=DB_PASSWORD")
t("php-prestashop-configuration-update-inpost-jwt",
  "Configuration::updateValue('INPOST_SHIPX_API_TOKEN', '{S}');",
  lambda F: _jwt('{"iss":"api-shipx-pl.easypack24.net","sub":"%d","exp":%d,"jti":"%s"}' % (_R.randint(10000, 99999), _R.randint(1760000000, 1900000000), _uuid())),
  "=INPOST_SHIPX_API_TOKEN")
t("php-baselinker-x-bltoken-header",
  "$headers = ['X-BLToken: {S}'];\n$params = ['method' => 'getOrders', 'parameters' => json_encode(['date_from' => time() - 86400])];",
  C(DG(4), "-", DG(5), "-", UA(50)), "=getOrders")
t("php-guzzle-magento-bearer-integration-token",
  "$client = new \\GuzzleHttp\\Client([\n    'base_uri' => 'https://{domain}/rest/V1/',\n    'headers' => ['Authorization' => 'Bearer {S}'],\n]);",
  LA(32), "domain")
t("python-requests-wp-application-password-auth",
  'r = requests.post(\n    "https://{domain}/wp-json/wp/v2/posts",\n    auth=("{wpuser}", "{S}"),\n    json=post,\n)',
  lambda F: _apppw(), "wpuser")
t("js-btoa-basic-auth-wp-user",
  "const headers = { 'Authorization': 'Basic ' + btoa('{wpuser}:{S}') };",
  PW, "wpuser")
t("csharp-httpclient-cpanel-authorization-header",
  'client.DefaultRequestHeaders.Add("Authorization", "cpanel {user}:{S}");\nvar resp = await client.GetAsync("https://{host}:2083/execute/Backup/fullbackup_to_homedir");',
  UA(32), "host")
t("go-request-header-set-whm-reseller",
  'req.Header.Set("Authorization", "whm {ruser}:{S}")\nresp, err := http.DefaultClient.Do(req)',
  UA(32), "ruser")
t("php-class-const-api-token",
  "final class HetznerDnsClient\n{\n    private const API_TOKEN = '{S}';\n    private const BASE = 'https://dns.hetzner.com/api/v1/';",
  AN(32), "=HetznerDnsClient")
t("python-gandi-legacy-apikey-dict",
  'GANDI = {"apikey": "{S}", "sharing_id": "{uuid}", "zone": "{domain}"}',
  AN(24), "domain")
t("python-os-environ-setdefault-dedyn-token",
  'os.environ.setdefault("DEDYN_TOKEN", "{S}")\nos.environ.setdefault("DEDYN_NAME", "{sub}.dedyn.io")',
  U64(28), "=DEDYN_NAME")
t("python-inwx-domrobot-login-positional",
  "api = ApiClient(api_url=ApiClient.API_LIVE_URL, debug_mode=False)\nlogin_result = api.login('{nuser}', '{S}')",
  PW, "nuser")
t("js-ovh-require-config-object",
  "const ovh = require('ovh')({\n  endpoint: 'ovh-eu',\n  appKey: '{ak}',\n  appSecret: '{S}',\n  consumerKey: '{ck}'\n});",
  AN(32), "=require('ovh')")
t("php-jetbackup-client-constructor",
  "$jb = new JetBackupApi('{host}', 'root', '{S}');\n$jobs = $jb->call('listBackupJobs');",
  UA(32), "host")
t("sql-insert-wp-options-smtp-pass",
  "INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('smtp_pass', '{S}', 'yes');",
  PW, "=smtp_pass")
t("php-return-array-ftp-deploy-config",
  "return [\n    'ftp' => [\n        'host' => '{host}',\n        'username' => '{user}',\n        'password' => '{S}',\n        'ssl' => true,\n        'root' => '/public_html',\n    ],\n];",
  PW, "host")
t("js-process-env-fallback-token",
  "const token = process.env.CPANEL_TOKEN || '{S}';\nconst base = `https://{host}:2083/execute`;",
  UA(32), "host")
t("python-default-arg-token",
  "def sync_dns(zone: str, token: str = '{S}') -> None:\n    \"\"\"Push records for zone to Hetzner DNS.\"\"\"",
  AN(32), "=sync_dns")
t("python-test-fixture-whm-client",
  'class WhmClientTest(unittest.TestCase):\n    def setUp(self):\n        self.client = WhmClient(host="{host}", token="{S}")',
  UA(32), "host")
t("powershell-plaintext-password-pscredential",
  '$Password = "{S}"\n$Cred = New-Object System.Management.Automation.PSCredential ("{user}", (ConvertTo-SecureString $Password -AsPlainText -Force))',
  PW, "user")
t("php-escaped-json-string-porkbun-body",
  '$body = "{\\"apikey\\":\\"{pk1}\\",\\"secretapikey\\":\\"{S}\\"}";',
  C("sk1_", H(64)), "=$body")
t("kotlin-okhttp-gandi-bearer",
  'val request = Request.Builder()\n    .url("https://api.gandi.net/v5/domain/domains/{domain}")\n    .header("Authorization", "Bearer {S}")\n    .build()',
  H(40), "domain")
# ================================================================ stack-trace-or-log
_g("stack-trace-or-log")
t("php-fatal-pdoexception-trace-constructor-args",
  "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user '{dbuser}'@'localhost' (using password: YES) in /home/{user}/public_html/includes/db.php:14\nStack trace:\n#0 /home/{user}/public_html/includes/db.php(14): PDO->__construct('mysql:host=loca...', '{dbuser}', '{S}')\n#1 /home/{user}/public_html/index.php(5): require_once('/home/{user}/...')\n#2 {main}\n  thrown in /home/{user}/public_html/includes/db.php on line 14",
  lambda F: _pw()[:15], "dbuser")
t("php-trace-mysqli-real-connect-args",
  "#0 /home/{user}/public_html/wp-includes/class-wpdb.php(2019): mysqli_real_connect(Object(mysqli), 'localhost', '{dbuser}', '{S}', NULL, NULL, 0, NULL, 0)\n#1 /home/{user}/public_html/wp-includes/class-wpdb.php(773): wpdb->db_connect()",
  lambda F: _gpw((10, 15)), "dbuser")
t("python-traceback-ftplib-login-source-line",
  'Traceback (most recent call last):\n  File "/opt/deploy/push.py", line 41, in <module>\n    ftp.login("{user}", "{S}")\n  File "/usr/lib/python3.11/ftplib.py", line 414, in login\n    resp = self.sendcmd(\'PASS \' + passwd)\nftplib.error_perm: 530 Login authentication failed',
  PW, "user")
t("apache-access-log-woocommerce-consumer-secret-query",
  '{ip} - - [{clf}] "GET /wp-json/wc/v3/orders?consumer_key={ckey}&consumer_secret={S}&per_page=100 HTTP/1.1" 200 51234 "-" "WooCommerce API Client-PHP/3.1.0"',
  C("cs_", H(40)), "ip")
t("nginx-access-log-ddns-password-param",
  '{ip} - - [{clf}] "GET /nic/update?hostname={sub}.{domain}&myip={ip2}&password={S} HTTP/1.1" 200 12 "-" "ddclient/3.11.2"',
  H(32), "ip")
t("dovecot-auth-debug-resp-base64",
  lambda F: _render("{dt} mx1 dovecot: auth: Debug: client in: AUTH\t1\tPLAIN\tservice=imap\tsecured\tsession={an16}\tlip=10.0.0.5\trip={ip}\tlport=993\trport=51{n}\tresp={S}", F),
  lambda F: _b64s(("\0" + F["email"] + "\0" + _pw()).encode()), "ip")
t("dovecot-auth-verbose-given-password",
  "{dt} mail dovecot: auth: passwd-file({email},{ip},<{an16}>): Password mismatch (given password: {S})",
  PW, "email")
t("roundcube-imap-debug-login-command",
  '[{dt} +0200]: <{hx8}> [C]: A0002 LOGIN "{email}" "{S}"\n[{dt} +0200]: <{hx8}> [S]: A0002 NO [AUTHENTICATIONFAILED] Authentication failed.',
  PW, "email")
t("phpmailer-smtpdebug-auth-login-base64",
  lambda F: _render("{dt}\tConnection: opening to ssl://{mailhost}:465, timeout=300, options=array()\n{dt}\tCLIENT -> SERVER: AUTH LOGIN\n{dt}\tSERVER -> CLIENT: 334 VXNlcm5hbWU6\n{dt}\tCLIENT -> SERVER: ", F) + _b64s(F["email"].encode()) + _render("\n{dt}\tSERVER -> CLIENT: 334 UGFzc3dvcmQ6\n{dt}\tCLIENT -> SERVER: {S}\n{dt}\tSERVER -> CLIENT: 535 5.7.8 Error: authentication failed", F),
  lambda F: _b64s(_pw().encode()), "mailhost")
t("woocommerce-log-stripe-request-bearer",
  "{ts} DEBUG ====Stripe Version: 8.1.1====\n{ts} DEBUG ====Start Log====\ncharges request: Authorization: Bearer {S}\n====End Log====",
  C("sk_live_", AN((24, 40))), "=Stripe Version: 8.1.1")
t("whmcs-module-log-registrar-request",
  "Module Log  namecheap  RegisterDomain\nRequest: ApiUser={nuser}&ApiKey={S}&UserName={nuser}&Command=namecheap.domains.create&ClientIp={ip}&DomainName={domain}&Years=1\nResponse: <ApiResponse Status=\"OK\">",
  H(32), "domain")
t("whmcs-gateway-log-print-r-crc",
  "Gateway Log  Przelewy24  {dt}\nArray\n(\n    [p24_merchant_id] => {dg6}\n    [p24_crc] => {S}\n    [p24_session_id] => {n2}-{epoch}\n    [p24_amount] => 12300\n)",
  H(16), "=p24_merchant_id")
t("blesta-gateway-log-json-api-key",
  '{ts} blesta.gateway.INFO: request {"url":"https://api.mollie.com/v2/payments","api_key":"{S}","amount":{"currency":"EUR","value":"49.00"}} []',
  C("live_", AN(30)), "=api.mollie.com")
t("syslog-cron-cmd-mysqldump-password",
  "{clf} {host} CRON[{pid}]: ({user}) CMD (/usr/bin/mysqldump -u{dbuser} -p{S} {db} > /home/{user}/backups/db.sql 2>&1)",
  UPW((10, 16)), "user")
t("bash-history-numbered-sshpass",
  "  {n}  cd /home/{user}/public_html\n  {n2}  sshpass -p {S} ssh -p 2222 root@{host}\n  {pid}  history | tail",
  PW, "host")
t("auditd-execve-curl-user-arg",
  'type=EXECVE msg=audit({epoch}.{ms}:{n2}): argc=4 a0="curl" a1="-u" a2="admin:{S}" a3="https://{host}:2222/CMD_API_SHOW_ALL_USERS"',
  GPW((12, 16)), "host")
t("ps-aux-process-args-lftp",
  "root      {pid}  0.3  0.1  48212  9876 ?        S    03:10   0:04 lftp -u {user},{S} -e mirror -R /backup/{sld} /offsite; quit sftp://{host}",
  PW, "host")
t("php-guzzle-client-exception-request-headers",
  'PHP Fatal error:  Uncaught GuzzleHttp\\Exception\\ClientException: Client error: `GET https://api.{adomain}/v1/zones` resulted in a `401 Unauthorized` response in /var/www/app/vendor/guzzlehttp/guzzle/src/Exception/RequestException.php:113\nrequest headers: {"User-Agent":["GuzzleHttp/7"],"X-Api-Key":["{S}"]}',
  AN(40), "adomain")
t("python-requests-httperror-url-apikey",
  "requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://api.namecheap.com/xml.response?ApiUser={nuser}&ApiKey={S}&UserName={nuser}&Command=namecheap.domains.getList&ClientIp={ip}",
  H(32), "ip")
t("node-ftp-error-config-dump",
  "Error: Login incorrect.\n    at makeError (/app/node_modules/basic-ftp/dist/parseControlResponse.js:71:12)\n  config: {\n    host: '{host}',\n    user: '{user}',\n    password: '{S}',\n    port: 21,\n    secure: true\n  }",
  PW, "host")
t("jetbackup-log-destination-url-with-password",
  "[{dt}] [ERROR] [Destination: Offsite {sld}] Connection failed: sftp://{user}:{S}@{host}:23/backups (Permission denied, please try again.)",
  UPW((12, 18)), "host")
t("duplicati-log-backend-url-auth-password",
  "{dt} +02 - [Error-Duplicati.Library.Main.Operation.BackupHandler-FatalError]: Fatal error\nSystem.Net.WebException: The remote server returned an error: (530) Not logged in. ftp://{host}/backup/{sld}?auth-username={user}&auth-password={S}",
  UPW((12, 16)), "host")
t("magento-exception-log-config-json",
  '[{ts}] main.CRITICAL: SQLSTATE[HY000] [1045] Access denied for user \'{dbuser}\'@\'localhost\' {"exception":"[object] (PDOException(code: 1045))","config":{"host":"localhost","dbname":"{db}","username":"{dbuser}","password":"{S}","active":"1"}} []',
  GPW((14, 20)), "db")
t("joomla-database-exception-options-dump",
  "Joomla\\Database\\Exception\\ConnectionFailureException: Could not connect to MySQL server.\noptions: array (\n  'driver' => 'mysqli',\n  'host' => 'localhost',\n  'user' => '{dbuser}',\n  'password' => '{S}',\n  'database' => '{db}',\n  'prefix' => 'jos_',\n)",
  GPW((12, 16)), "db")
t("symfony-prod-log-parameters-json",
  '[{dt}] app.ERROR: Doctrine connection failed {"parameters":{"database_host":"127.0.0.1","database_name":"{db}","database_user":"{dbuser}","database_password":"{S}"}} []',
  AN(16), "dbuser")
t("docker-mysql-entrypoint-generated-root-password",
  "db-1  | {ts} 0 [Note] [Entrypoint]: Initializing database files\ndb-1  | {ts} 0 [Note] [Entrypoint]: GENERATED ROOT PASSWORD: {S}",
  AN(32), "=GENERATED ROOT PASSWORD")
t("acme-sh-debug-log-authorization-bearer",
  "[{dt}] POST\n[{dt}] _post_url='https://api.cloudflare.com/client/v4/zones/{zid}/dns_records'\n[{dt}] _CURL='curl --silent --dump-header /root/.acme.sh/http.header  -L  -g '\n[{dt}] _H1='Authorization: Bearer {S}'",
  lambda F: _cf_token(), "zid")
t("systemd-journal-cloudflared-token-arg",
  lambda F: _render("{dt} {host} systemd[1]: Started cloudflared.service - cloudflared.\n{dt} {host} cloudflared[{pid}]: ", F) + "2025-01-01T00:00:00Z INF Starting tunnel command=/usr/bin/cloudflared --no-autoupdate tunnel run --token " + F["S"],
  lambda F: _b64s(('{"a":"%s","t":"%s","s":"%s"}' % (_rs(_HEX, 32), _uuid(), _b64s(_rb(32)))).encode()), "host")
t("urllib3-debug-send-bytes-auth-header",
  "DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): dns.hetzner.com:443\nsend: b'GET /api/v1/zones HTTP/1.1\\r\\nHost: dns.hetzner.com\\r\\nAuth-API-Token: {S}\\r\\nAccept: */*\\r\\n\\r\\n'",
  AN(32), "=dns.hetzner.com:443")
t("php-curl-verbose-error-log-whm-header",
  "* Connected to {host} ({ip}) port 2087\n> POST /json-api/createacct?api.version=1 HTTP/1.1\nHost: {host}:2087\nAccept: */*\nAuthorization: whm root:{S}\nContent-Length: 212",
  UA(32), "ip")
t("wp-mail-smtp-debug-event-credentials",
  "WP Mail SMTP debug ({dt}): Mailer: Other SMTP\nSMTP Error: Could not authenticate.\nHost: {mailhost}, Port: 587, Encryption: tls, Username: {email}, Password: {S}",
  PW, "mailhost")
t("roundcube-errors-log-smtp-config-dump",
  "[{dt}]: PHP Warning: SMTP connect failed; smtp_host=tls://{mailhost}:587 smtp_user={email} smtp_pass={S} in /var/www/roundcube/program/lib/Roundcube/rcube_smtp.php on line 142",
  PW, "mailhost")
t("resellerclub-api-log-get-url",
  "{dt} INFO LogicBoxes GET https://httpapi.com/api/domains/available.json?auth-userid={dg6}&api-key={S}&domain-name={sld}&tlds=com -> 200",
  AN(32), "sld")
t("php-var-dump-post-wp-login",
  lambda F: _render('[{dt}] POST /wp-login.php array(4) {\n  ["log"]=>\n  string(%d) "{wpuser}"\n  ["pwd"]=>\n  string(%d) "{S}"\n  ["wp-submit"]=>\n  string(6) "Log In"\n}' % (len(F["wpuser"]), len(F["S"])), F),
  PW, "wpuser")
t("modsecurity-audit-log-request-body",
  "--{hx16}-A--\n[{clf}] {an16} {ip} 51{n} 10.0.0.2 443\n--{hx16}-B--\nPOST /wp-login.php HTTP/1.1\nHost: {domain}\n--{hx16}-C--\nlog={wpuser}&pwd={S}&wp-submit=Log+In&redirect_to=%2Fwp-admin%2F&testcookie=1",
  UPW((10, 16)), "wpuser")
t("waf-event-json-post-args",
  '{"time":"{ts}","rule_id":"{n2}","action":"block","client_ip":"{ip}","uri":"/wp-login.php","args":{"log":"{wpuser}","pwd":"{S}"},"host":"{domain}"}',
  PW, "ip")
t("nginx-error-log-wp-reset-key-request",
  '{dt} [error] {pid}#{pid}: *{n2} FastCGI sent in stderr: "PHP message: ..." while reading response header from upstream, client: {ip}, server: {domain}, request: "GET /wp-login.php?action=rp&key={S}&login={wpuser} HTTP/2.0"',
  AN(20), "wpuser")
t("whmcs-sso-token-redirect-url-log",
  "{dt} [sso] CreateSsoToken client_id={n2} -> redirect_url=https://billing.{adomain}/oauth/singlesignon.php?access_token={S}",
  H(40), "adomain")
t("jetbackup-queue-log-s3-secret-json",
  '[{dt}] [DEBUG] Destination payload: {"type":"S3","bucket":"{bucket}","region":"{region}","access_key":"{akid}","secret_key":"{S}"}',
  B64(40), "bucket")
t("systemd-unit-failed-execstart-webservice-password",
  "{dt} {host} systemd[1]: duplicati.service: Main process exited, code=exited, status=1/FAILURE\n{dt} {host} systemd[1]: ExecStart=/usr/bin/duplicati-server --webservice-port=8200 --webservice-password={S}",
  GPW((12, 18)), "=duplicati.service")
t("powershell-transcript-net-use-command",
  "**********************\nWindows PowerShell transcript start\nStart time: 20250101101010\nUsername: WEB01\\deploy\n**********************\nPS C:\\> net use \\\\{host}\\httpdocs {S} /user:{user}\nThe command completed successfully.",
  PW, "host")
t("iis-w3c-log-query-key",
  "{date} {time} W3SVC{n} 10.0.0.4 GET /api/export.aspx key={S}&format=csv 443 - {ip} Mozilla/5.0 - 200 0 0 {n}",
  AN(32), "ip")
t("plesk-panel-log-util-exec-password-arg",
  "[{dt}] DEBUG [util_exec] [{hx16}] Starting: mysql --user=admin --password={S} --host=localhost psa -e SELECT 1",
  GPW((14, 18)), "=util_exec")
t("cpanel-error-log-escaped-json-payload",
  '[{dt} +0000] warn [whostmgr5] createacct payload={\\"username\\":\\"{user}\\",\\"domain\\":\\"{domain}\\",\\"password\\":\\"{S}\\"} at /usr/local/cpanel/Whostmgr/Accounts/Create.pm line 812.',
  GPW((12, 16)), "domain")
t("softaculous-install-log-admin-pass",
  "[{dt}] Installing WordPress 6.5.3 for {user} at https://{domain}\n[{dt}] admin_username => {wpuser}\n[{dt}] admin_pass => {S}\n[{dt}] Installation completed",
  PW, "domain")
t("wp-cli-debug-running-command-user-pass",
  "Debug (bootstrap): Running command: user create {wpuser} {email} --role=administrator --user_pass={S} (0.214s)",
  PW, "email")
t("git-fatal-unable-to-access-url-token",
  "fatal: unable to access 'https://{ghuser}:{S}@github.com/{org}/{repo}.git/': The requested URL returned error: 403",
  C("ghp_", AN(36)), "repo")
t("python-logging-settings-dict-dump",
  "{dt},{ms} INFO settings loaded: {'WHM_HOST': '{host}', 'WHM_TOKEN': '{S}', 'TIMEOUT': 30, 'VERIFY_SSL': True}",
  UA(32), "host")
t("pino-json-log-request-headers-api-key",
  '{"level":30,"time":{epoch}{ms},"pid":{pid},"req":{"method":"POST","url":"/hooks/whmcs","headers":{"host":"{domain}","x-api-key":"{S}","content-type":"application/json"}},"msg":"incoming request"}',
  AN(40), "domain")
t("ci-log-gitlab-token-wrapped-line",
  lambda F: _render("$ git clone https://oauth2:", F) + F["S"] + _render("@gitlab.{adomain}/{org}/{repo}.git\nCloning into '{repo}'...", F),
  lambda F: _split_nl("glpat-" + _rs(_U64, 20), 0.4, 0.8), "repo")
t("rich-traceback-locals-password",
  "│ /opt/deploy/ftp_sync.py:58 in deploy_ftp\n│ ╭──────────── locals ────────────╮\n│ │     host = '{host}'            │\n│ │ password = '{S}'        │\n│ │     user = '{user}'            │\n│ ╰────────────────────────────────╯",
  PW, "host")
t("ignition-error-page-env-table",
  "Environment\nAPP_ENV         production\nDB_CONNECTION   mysql\nDB_HOST         127.0.0.1\nDB_DATABASE     {db}\nDB_USERNAME     {dbuser}\nDB_PASSWORD     {S}",
  GPW((14, 20)), "dbuser")
t("ansible-vvv-uri-module-args-headers",
  '<{host}> ok: [{host}] => {"changed": false, "invocation": {"module_args": {"url": "https://{host}:2087/json-api/listaccts", "headers": {"Authorization": "whm root:{S}"}, "method": "GET"}}}',
  UA(32), "host")
t("drupal-watchdog-pdoexception-dsn",
  "PDOException: SQLSTATE[HY000] [2002] Connection refused in Drupal\\Core\\Database\\Driver\\mysql\\Connection::open() (line 134) dsn=mysql://{dbuser}:{S}@localhost:3306/{db}",
  UPW((12, 16)), "db")
t("exim-debug-smtp-auth-plain",
  lambda F: _render("{pid} Connecting to {mailhost} [{ip}]:587 ...\n{pid}   SMTP<< 250-AUTH PLAIN LOGIN\n{pid}   SMTP>> AUTH PLAIN {S}\n{pid}   SMTP<< 235 Authentication succeeded", F),
  lambda F: _b64s(("\0" + F["email"] + "\0" + _pw()).encode()), "mailhost")
t("cron-mail-subject-sucuri-curl",
  'From: root@{host} (Cron Daemon)\nSubject: Cron <root@{host}> curl -s "https://waf.sucuri.net/api?v2&k={hx32}&s={S}&a=clear_cache"',
  H(32), "host")
t("xdebug-trace-ftp-login-args",
  "   0.0123     412352   -> ftp_login($ftp = resource(5) of type (FTP Buffer), $username = '{user}', $password = '{S}') /home/{user}/public_html/sync.php:12",
  PW, "user")
t("bunny-token-auth-url-in-access-log",
  '{ip} - - [{clf}] "GET /videos/intro.mp4?token={S}&expires={epoch} HTTP/2.0" 200 1837261 "https://{domain}/" "Mozilla/5.0"',
  U64(43), "domain")
t("laravel-log-mail-config-array",
  "[{dt}] production.ERROR: Connection could not be established with host \"ssl://{mailhost}:465\" {\"exception\":\"[object]\"} mail.mailers.smtp = array ('transport' => 'smtp', 'host' => '{mailhost}', 'username' => '{email}', 'password' => '{S}')",
  PW, "mailhost")
t("python-sqlalchemy-error-engine-url-print",
  "sqlalchemy.exc.OperationalError: (pymysql.err.OperationalError) (1045, \"Access denied for user '{dbuser}'@'{ip}' (using password: YES)\")\n(Background on this error at: https://sqlalche.me/e/20/e3q8)\nDEBUG engine url = mysql+pymysql://{dbuser}:{S}@{dbhost}/{db}",
  UPW((12, 18)), "db")
t("java-sqlexception-jdbc-url-password-param",
  "java.sql.SQLException: Access denied for user '{dbuser}'@'localhost' (using password: YES)\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)\nCaused by connecting to jdbc:mysql://{dbhost}:3306/{db}?user={dbuser}&password={S}&useSSL=true",
  UPW((12, 16)), "db")
t("haproxy-log-legacy-portal-query-pass",
  '{clf} {host} haproxy[{pid}]: {ip}:51{n} [{clf}] https-in~ be_{sld}/web1 0/0/2/31/33 200 812 - - ---- 12/12/0/0/0 0/0 "GET /client/login.php?user={user}&pass={S} HTTP/1.1"',
  UPW((10, 14)), "ip")
t("sentry-breadcrumb-http-authorization-jwt",
  'sentry breadcrumb {"category":"http","data":{"method":"GET","url":"https://api.{adomain}/v2/invoices","request_headers":{"Authorization":"Bearer {S}"}},"level":"info"}',
  lambda F: _jwt(), "adomain")
t("php-cli-argv-dump-warning",
  "PHP Warning:  Undefined array key \"file\" in /home/{user}/bin/import-orders.php on line 22\nargv: array (\n  0 => 'import-orders.php',\n  1 => '--db-user={dbuser}',\n  2 => '--db-pass={S}',\n)",
  GPW((12, 16)), "dbuser")
t("node-axios-error-config-auth-dump",
  "AxiosError: Request failed with status code 401\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://{domain}/wp-json/wc/v3/products',\n    auth: { username: '{wpuser}', password: '{S}' },\n    method: 'get'\n  }",
  lambda F: _apppw(), "domain")
# ================================================================ note-or-chat
_g("note-or-chat")
t("en-chat-cpanel-login-handover",
  "hey {first2}, cPanel for {domain} is https://{host}:2083 user {user} pass {S} - please change it after first login",
  PW, "domain")
t("de-chat-ftp-zugangsdaten",
  "Hi {first2}, hier die FTP-Zugangsdaten für {domain}: Server {host}, Benutzer {user}, Passwort: {S} (bitte nicht weitergeben)",
  PW, "host")
t("pl-chat-haslo-directadmin",
  "Cześć {first2}, hasło do panelu DirectAdmin dla {domain} to {S}, login {user}. Zmień je po pierwszym logowaniu.",
  PW, "domain")
t("cs-chat-heslo-ftp",
  "Ahoj {first2}, přístup na FTP pro {domain}: host {host}, uživatel {user}, heslo {S}",
  PW, "host")
t("it-chat-credenziali-wordpress",
  "Ciao {first2}, ti giro le credenziali di WordPress per {domain}: utente {wpuser}, password {S}. Fammi sapere se riesci a entrare.",
  PW, "wpuser")
t("id-chat-akses-cpanel",
  "Mas {first2}, ini akses cPanel untuk {domain}: username {user}, password {S}. Tolong segera diganti ya.",
  PW, "domain")
t("en-note-db-triple-slash-separated",
  "NOTE: staging DB for {domain} = {db} / {dbuser} / {S} (copied from wp-config on the old host)",
  GPW((12, 18)), "db")
t("de-notiz-whm-token-passbolt",
  "Notiz: WHM-Token für {host} erstellt ({tname}), Wert {S} - läuft nicht ab, in Passbolt eintragen!",
  UA(32), "tname")
t("pl-notatka-klucz-porkbun",
  "Notatka: sekretny klucz API Porkbun dla {domain}: {S}, klucz publiczny jest w .env",
  C("sk1_", H(64)), "domain")
t("en-email-website-handover-block",
  "Subject: Website handover - {domain}\n\nHi {first},\n\nplease find the access details below.\n\nWordPress admin: https://{domain}/wp-admin\nUsername: {wpuser}\nPassword: {S}\n\nHosting (cPanel): https://{host}:2083\n\nBest regards,\n{first2}\n{agency}",
  PW, "wpuser")
t("de-email-zugangsdaten-webmail",
  "Betreff: Zugangsdaten {domain}\n\nHallo Herr {last},\n\nanbei wie besprochen die Zugangsdaten zum Webmail:\nhttps://webmail.{domain}\nE-Mail: {email}\nKennwort: {S}\n\nMit freundlichen Grüßen\n{first2} {last2}",
  PW, "email")
t("pl-email-dane-dostepowe-skrzynka",
  "Temat: Dane dostępowe - {domain}\n\nDzień dobry,\nprzesyłam dane do skrzynki {email}. Hasło: {S}\nSerwer IMAP: {mailhost}, port 993 SSL.\n\nPozdrawiam,\n{first2}",
  PW, "mailhost")
t("cs-email-predani-eshopu",
  "Dobrý den,\nposílám přístupy k e-shopu {domain} (PrestaShop). Administrace: https://{domain}/admin{sha7}/ , e-mail {email}, heslo {S}.\nS pozdravem {first2}",
  PW, "email")
t("it-email-credenziali-plesk",
  "Oggetto: credenziali sito {domain}\n\nBuongiorno {first},\nle invio le credenziali per il pannello Plesk: utente {user}, password {S}.\nCordiali saluti,\n{first2} - {agency}",
  GPW((12, 16)), "user")
t("id-whatsapp-export-pw-email",
  "[{hhmm}, {dmy}] {first2}: pak ini pw email {email} yg baru: {S}",
  PW, "email")
t("en-slack-thread-hetzner-dns-token",
  "{first2}  10:42 AM\nok the Hetzner DNS token for the dns-01 challenge is {S}\n{first}  10:43 AM\nthanks, added it to the certbot hook",
  AN(32), "=dns-01")
t("en-chat-pw-btw-same-as-old",
  "the pw for {user} is {S} btw, same as the old ftp one",
  PW, "user")
t("de-chat-lowercase-pw-roundcube",
  "pw für den roundcube account {email} ist {S}, hab ich gerade zurückgesetzt",
  PW, "email")
t("pl-chat-haslo-do-bazy",
  "Hasło do bazy to {S} (user {dbuser}, host localhost)",
  GPW((10, 16)), "dbuser")
t("cs-chat-heslo-ssh-root",
  "Heslo pro SSH na {host} je {S}, root login je vypnutý, používej uživatele {user}",
  PW, "host")
t("it-chat-codice-epp-authcode",
  "Il codice EPP/authcode per il trasferimento di {domain} è {S}",
  lambda F: _gpw((10, 16), "#*-_+=.@?!%&"), "domain")
t("en-note-epp-code-transfer-out",
  "Transfer {domain} out of Namecheap - EPP code: {S} (requested {date})",
  lambda F: _gpw((12, 16), "#*-_+=.@?!&"), "domain")
t("de-notiz-denic-authinfo",
  "AuthInfo für {domain} lautet {S} - gilt 30 Tage, bitte beim neuen Provider eintragen",
  lambda F: _gpw((12, 16), "-_.+#"), "domain")
t("pl-kod-authinfo-transfer",
  "Kod AuthInfo dla {domain}: {S} (ważny 14 dni)",
  lambda F: _gpw((10, 16), "#*-_+=.@?!"), "domain")
t("cs-autorizacni-kod-prevod-domeny",
  "Autorizační kód (AUTH-ID) pro převod {domain}: {S}",
  lambda F: _gpw((10, 16), "-_.+"), "domain")
t("id-kode-epp-transfer-domain",
  "Kode EPP untuk transfer domain {domain} sudah dikirim registrar: {S}",
  lambda F: _gpw((10, 16), "#*-_+=.@?!"), "domain")
t("en-note-whmcs-2fa-backup-code",
  "WHMCS admin 2FA backup code for {wpuser}: {S} (single use, we have 2 left)",
  lambda F: " ".join(_rs(_LA, 4) for _ in range(4)), "wpuser")
t("en-note-totp-seed-spaced-base32",
  "2FA seed for the shared reseller login on {host}: {S} (add to Authy)",
  lambda F: " ".join(_rs(_B32, 4) for _ in range(8)).lower(), "host")
t("en-note-registrar-support-pin",
  "Support PIN for the {agency} account at the registrar: {S}",
  DG(6), "agency")
t("de-notiz-kunden-pin-telefon",
  "Kunden-PIN für den Telefonsupport (Kundennummer K{dg6}): {S}",
  DG((6, 8)), "=Telefonsupport")
t("pl-pin-weryfikacja-telefoniczna",
  "PIN do weryfikacji telefonicznej u rejestratora dla konta {nuser}: {S}",
  DG((6, 8)), "nuser")
t("en-chat-password-on-its-own-line-trailing-dot",
  "new ftp pw for {domain}:\n{S}\n(copy exactly, the dot at the end is part of it)",
  lambda F: _pw() + ".", "domain")
t("it-chat-passphrase-duplicati",
  'La passphrase del backup Duplicati per {domain} è "{S}", non perderla o i backup sono inutilizzabili',
  PHR, "domain")
t("de-notiz-restic-repo-passphrase",
  "Restic-Repo-Passwort (Passphrase) für {host}: {S}",
  PHR, "host")
t("id-catatan-kunci-enkripsi-jetbackup",
  "Kunci enkripsi JetBackup untuk server {host}: {S} - simpan di tempat aman",
  AN(32), "host")
t("en-ticket-customer-quoted-password",
  'Ticket {ticket} - customer wrote: "I can\'t log in, my password is {S} and I\'m sure it\'s correct"',
  PW, "ticket")
t("de-ticket-kunde-altes-passwort",
  "Ticket {ticket}: Kunde schreibt „mein altes Passwort war {S}, das neue geht nicht“",
  PW, "ticket")
t("pl-zgloszenie-klient-podal-haslo",
  "Zgłoszenie {ticket}: klient podał hasło {S} w treści maila, trzeba je zmienić",
  PW, "ticket")
t("en-agent-goal-with-old-creds",
  "Goal: migrate {domain} from the old reseller ({host}) to the new Plesk box. Old cPanel creds: {user} / {S}.",
  PW, "host")
t("en-agent-decision-keep-wc-secret",
  "Decision: keep the WooCommerce REST key (consumer secret {S}) for the ERP sync until {date}, then rotate.",
  C("cs_", H(40)), "date")
t("en-running-notes-bullets-sftp",
  "- SFTP works with {user}@{host}\n- password that finally worked: {S}\n- port 2222, not 22\n- docroot is ~/public_html/{sld}",
  PW, "host")
t("en-jira-comment-plesk-key",
  "{first2} {last2} commented: the Plesk API key for the monitoring job is {S} - don't commit it please",
  UUID, "=monitoring job")
t("en-chat-quote-gandi-pat-expiry",
  "> Gandi PAT: {S}\nthat one expires in 30 days fyi, set a reminder",
  H(40), "=expires in 30 days")
t("de-chat-ovh-app-secret",
  "Das OVH App-Secret ist {S}, App-Key und Consumer-Key schicke ich dir separat per Signal",
  AN(32), "=Consumer-Key")
t("cs-chat-token-desec-dns",
  "Token pro deSEC (DNS) je {S}, oprávnění jen na {domain}",
  U64(28), "domain")
t("it-chat-chiave-api-brevo",
  "La chiave API di Brevo per le newsletter di {domain}: {S}",
  C("xkeysib-", H(64), "-", AN(16)), "domain")
t("id-chat-server-key-midtrans",
  "Server key Midtrans produksi buat {domain}: {S}, client key sudah dipasang di frontend",
  C("Mid-server-", U64(24)), "domain")
t("pl-chat-klucz-crc-przelewy24",
  "Klucz CRC z Przelewy24 dla sklepu {domain}: {S}",
  H(16), "domain")
t("cs-chat-gopay-client-secret",
  "GoPay ClientSecret do produkce pro {domain}: {S} (GoID {dg10})",
  AN(8), "domain")
t("de-chat-passwort-mit-leerzeichen",
  'Passwort für {email} ist "{S}" (mit Leerzeichen, alles klein)',
  lambda F: _phrase(" "), "email")
t("pl-chat-haslo-z-polskimi-znakami",
  "Skrzynka {email}, hasło: {S}",
  lambda F: _pick(_DIAW_PL) + _pick(_DIAW_PL).lower() + str(_R.randint(10, 9999)) + _pick("!#."), "email")
t("cs-chat-nove-heslo-diakritika",
  "nové heslo k {email}: {S}",
  lambda F: _pick(_DIAW_CS) + str(_R.randint(10, 999)) + _pick(_DIAW_CS).lower(), "email")
t("it-chat-la-password-e-lowercase",
  "per la casella {email} la password è {S}",
  lambda F: (_pick(_PWW["it"]) + _pick(_PWW["it"])).lower() + str(_R.randint(1970, 2024)), "email")
t("id-chat-kata-sandi-ftp",
  "kata sandi FTP {domain}: {S} (user {user})",
  PW, "domain")
t("en-teams-paste-root-rotated",
  "[{hhmm}] {first} {last}: root pw on {host} is now {S} - rotated after the incident",
  GPW((14, 20)), "host")
t("de-ziel-joomla-upgrade-db-passwort",
  "Ziel: Joomla 3 → 4 Upgrade für {domain}. DB-Passwort aus configuration.php: {S}",
  GPW((12, 16)), "domain")
t("cs-rozhodnuti-hetzner-dns-token",
  "Rozhodnutí: přechod na Hetzner DNS, API token {S} uložen do trezoru",
  AN(32), "=Hetzner DNS")
t("it-nota-smtp-utente-pwd",
  "SMTP di {mailhost}: utente {email} pwd {S}",
  PW, "mailhost")
t("id-catatan-db-woocommerce",
  "DB WooCommerce: nama {db}, user {dbuser}, pass {S}",
  GPW((12, 16)), "db")
t("pl-notatka-haslo-klucza-ssh",
  "hasło do klucza SSH (id_ed25519_{user}): {S}",
  PHR, "user")
t("en-markdown-handover-table",
  "| Service | URL | User | Password |\n|---|---|---|---|\n| WHM | https://{host}:2087 | root | {S} |\n| Webmail | https://webmail.{domain} | {email} | see 1Password |",
  GPW((14, 20)), "host")
t("de-markdown-liste-backticks",
  "* **Roundcube**: https://webmail.{domain} - {email} / `{S}`\n* **FTP**: {host} - siehe KeePass",
  PW, "email")
t("id-en-mixed-cloudflare-token",
  "bro, token cloudflare yg lama udah revoked, pakai yg baru: {S}",
  lambda F: _cf_token(), "=cloudflare")
t("it-whatsapp-export-roundcube",
  "{dmy}, {hhmm} - {first}: la nuova password di Roundcube per {email} è {S}",
  PW, "email")
t("pl-mattermost-mention-whmcs-admin",
  "@{first2} wrzuciłem hasło do admina WHMCS: {S} - usuń wiadomość po skopiowaniu",
  GPW((14, 18)), "first2")
t("en-chat-presigned-backup-link-signature",
  "here's the download link for the {sld} backup, valid 24h: https://{bucket}.s3.{region}.wasabisys.com/{sld}-{date}.tar.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={akid}%2F20250101%2F{region}%2Fs3%2Faws4_request&X-Amz-Date=20250101T090000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature={S}",
  H(64), "bucket")
t("en-chat-token-broken-across-lines",
  lambda F: _render("{first2}: here's the WHM token for {host}, slack wrapped it:\n", F) + F["S"],
  lambda F: _split_nl(_rs(_UA, 32)), "host")
t("cs-poznamka-hetzner-robot-webservice",
  "Hetzner Robot webservice: uživatel #ws+{an16} heslo {S}",
  GPW((16, 20)), "=Hetzner Robot")
t("de-chat-wlan-artiges-passwort-zahlen",
  "{first2}, das Passwort für das WordPress-Backend ({wpuser}) ist {S}, Groß-/Kleinschreibung beachten",
  lambda F: _pick(_PWW["de"]) + _pick(_PWW["de"]) + str(_R.randint(1, 99)), "wpuser")
# ================================================================ ci-and-deploy
_g("ci-and-deploy")
t("gha-ftp-deploy-action-inline-password",
  "    - name: 📂 Sync files\n      uses: SamKirkland/FTP-Deploy-Action@v4.3.5\n      with:\n        server: {host}\n        username: {user}\n        password: \"{S}\"\n        server-dir: /public_html/",
  PW, "host")
t("gha-job-env-whm-token",
  "jobs:\n  provision:\n    runs-on: ubuntu-latest\n    env:\n      WHM_HOST: {host}\n      WHM_TOKEN: {S}",
  UA(32), "host")
t("gitlab-ci-script-lftp-inline-user-pass",
  'deploy_production:\n  stage: deploy\n  script:\n    - lftp -e "set ftp:ssl-force true; mirror -R dist/ /public_html/; quit" -u {user},{S} {host}\n  only:\n    - main',
  PW, "host")
t("bitbucket-pipelines-sftp-deploy-pipe-password",
  "- pipe: atlassian/sftp-deploy:0.5.11\n  variables:\n    USER: '{user}'\n    SERVER: '{host}'\n    REMOTE_PATH: '/home/{user}/public_html'\n    LOCAL_PATH: 'build/*'\n    PASSWORD: '{S}'",
  PW, "host")
t("gha-log-run-curl-cpanel-header-unmasked",
  '2025-01-01T10:10:10.1234567Z ##[group]Run curl -s -H "Authorization: cpanel {user}:{S}" https://{host}:2083/execute/Fileman/upload_files\n2025-01-01T10:10:10.1234567Z curl -s -H "Authorization: cpanel {user}:{S}" https://{host}:2083/execute/Fileman/upload_files\n2025-01-01T10:10:10.1234567Z shell: /usr/bin/bash -e {0}',
  UA(32), "host")
t("gitlab-job-log-set-x-mysql-attached-p",
  "$ ./scripts/migrate.sh\n+ mysql -h {dbhost} -u {dbuser} -p{S} {db}\n+ echo 'migrations applied'",
  UPW((12, 16)), "db")
t("jenkins-console-sh-sshpass-rsync",
  "[Pipeline] sh\n+ sshpass -p {S} rsync -az --delete build/ {user}@{host}:/var/www/{domain}/\n[Pipeline] }",
  PW, "host")
t("drone-yml-step-environment-sftp-password",
  "steps:\n- name: deploy-{sld}\n  image: alpine:3.19\n  environment:\n    SFTP_HOST: {host}\n    SFTP_PASSWORD: {S}\n  commands:\n  - ./deploy.sh",
  GPW((12, 18)), "host")
t("gitlab-ci-global-variables-ftp-password",
  'variables:\n  FTP_HOST: "{host}"\n  FTP_USER: "{user}"\n  FTP_PASSWORD: "{S}"\n  GIT_DEPTH: "1"',
  PW, "host")
t("buddy-works-yaml-ftp-action-password",
  '- action: "Upload files to {host}"\n  type: "FTP"\n  input_type: "SCM_REPOSITORY"\n  remote_path: "/public_html"\n  login: "{user}"\n  password: "{S}"\n  host: "{host}"\n  port: "21"',
  PW, "host")
t("gh-secret-set-body-flag",
  'gh secret set FTP_PASSWORD --body "{S}" --repo {org}/{repo}',
  PW, "repo")
t("gitlab-api-create-variable-form-value",
  'curl --request POST --header "PRIVATE-TOKEN: glpat-{sid}" "https://gitlab.{adomain}/api/v4/projects/{n}/variables" --form "key=SFTP_PASS" --form "value={S}" --form "masked=true"',
  GPW((12, 18)), "adomain")
t("glab-variable-set-positional-value",
  'glab variable set WHM_API_TOKEN "{S}" --masked --scope production',
  UA(32), "=--scope production")
t("docker-build-arg-composer-auth-json",
  "docker build --build-arg COMPOSER_AUTH='{\"http-basic\":{\"repo.magento.com\":{\"username\":\"{pub}\",\"password\":\"{S}\"}}}' -t registry.{adomain}/{repo}:latest .",
  H(32), "repo")
t("dockerfile-env-wordpress-db-password",
  "FROM wordpress:6.5-php8.2-apache\nENV WORDPRESS_DB_HOST={dbhost}\nENV WORDPRESS_DB_USER={dbuser}\nENV WORDPRESS_DB_PASSWORD={S}",
  UPW((14, 20)), "dbuser")
t("ansible-inventory-ini-ansible-password",
  "[webservers]\n{host} ansible_user={user} ansible_password={S} ansible_port=2222\n{host2} ansible_user={user}",
  GPW((12, 16)), "host")
t("ansible-group-vars-mysql-root-password",
  "# group_vars/all.yml\nmysql_root_password: \"{S}\"\nmysql_bind_address: 127.0.0.1\nphp_version: '8.2'",
  GPW((16, 22)), "=mysql_bind_address")
t("ansible-playbook-extra-vars-token",
  'ansible-playbook site.yml -i inventories/prod -e "whm_token={S} target={host}" --tags accounts',
  UA(32), "host")
t("terraform-tfvars-hcloud-token",
  '# terraform.tfvars\nhcloud_token = "{S}"\nserver_type  = "cx22"\nlocation     = "fsn1"',
  AN(64), "=server_type")
t("terraform-provider-cloudflare-api-token",
  'provider "cloudflare" {\n  api_token = "{S}"\n}\n\nresource "cloudflare_record" "www" {\n  zone_id = "{zid}"\n  name    = "www"',
  lambda F: _cf_token(), "zid")
t("terraform-state-mysql-user-password",
  '{\n  "mode": "managed",\n  "type": "mysql_user",\n  "name": "{sld}",\n  "instances": [{"attributes": {"user": "{dbuser}", "host": "%", "plaintext_password": "{S}"}}]\n}',
  GPW((16, 22)), "dbuser")
t("gha-env-ssh-private-key-block-indented",
  lambda F: "      env:\n        SSH_PRIVATE_KEY: |\n          -----BEGIN OPENSSH PRIVATE KEY-----\n          " + F["S"] + "\n          -----END OPENSSH PRIVATE KEY-----",
  lambda F: _pem_openssh().replace("\n", "\n          "), "=-----BEGIN OPENSSH PRIVATE KEY-----")
t("circleci-job-environment-restic-password",
  "jobs:\n  backup-{sld}:\n    docker:\n      - image: restic/restic:0.16.4\n    environment:\n      RESTIC_REPOSITORY: sftp:{user}@{host}:/restic\n      RESTIC_PASSWORD: {S}",
  PHRD, "host")
t("woodpecker-plugin-settings-ftp-password",
  "steps:\n  deploy:\n    image: cschlosser/drone-ftps\n    settings:\n      hostname: {host}:21\n      username: {user}\n      password: {S}\n      secure: true",
  PW, "host")
t("netlify-env-set-positional",
  "netlify env:set HETZNER_DNS_TOKEN {S} --context production",
  AN(32), "=HETZNER_DNS_TOKEN")
t("makefile-deploy-sshpass-env",
  "deploy:\n\tSSHPASS='{S}' sshpass -e rsync -az --exclude=.git ./ {user}@{host}:~/public_html/",
  GPW((12, 18)), "host")
t("package-json-script-ftp-deploy-password",
  '  "scripts": {\n    "build": "vite build",\n    "deploy": "ftp-deploy --host {host} --user {user} --password {S} --local dist --remote /public_html"\n  },',
  PW, "host")
t("composer-json-post-deploy-bunny-accesskey",
  '"scripts": {\n    "post-deploy": "curl -s -X POST https://api.bunny.net/pullzone/{n}/purgeCache -H \'AccessKey: {S}\'"\n}',
  C(UUID, "-", UUID), "=post-deploy")
t("plesk-git-webhook-url-uuid",
  "Webhook URL (Plesk Git, {domain}): https://{host}:8443/modules/git/public/web-hook.php?uuid={S}",
  UUID, "host")
t("ploi-deploy-webhook-token",
  "curl -X POST https://ploi.io/webhooks/servers/{n2}/sites/{n2}/deploy?token={S}",
  AN(60), "=ploi.io/webhooks")
t("forge-deploy-trigger-url-token",
  "after_script:\n  - curl -fsS \"https://forge.laravel.com/servers/{n2}/sites/{n2}/deploy/http?token={S}\"",
  AN(40), "=forge.laravel.com")
t("cloudways-api-oauth-email-api-key",
  'curl -s -X POST https://api.cloudways.com/api/v1/oauth/access_token -d "email={email2}&api_key={S}"',
  AN(30), "email2")
t("jenkins-withcredentials-misuse-inline-password",
  "stage('DNS') {\n  steps {\n    sh \"curl -u admin:{S} 'https://{host}:2222/CMD_API_DNS_CONTROL?domain={domain}&action=add'\"\n  }\n}",
  GPW((12, 16)), "domain")
t("docker-compose-deploy-mysql-root-password-list",
  "  db:\n    image: mariadb:10.11\n    environment:\n      - MYSQL_ROOT_PASSWORD={S}\n      - MYSQL_DATABASE={db}",
  UPW((16, 24)), "db")
t("env-production-mail-password",
  "APP_URL=https://{domain}\nMAIL_MAILER=smtp\nMAIL_HOST={mailhost}\nMAIL_PORT=587\nMAIL_USERNAME={email}\nMAIL_PASSWORD={S}",
  PW, "mailhost")
t("gha-appleboy-ssh-action-password",
  "      - uses: appleboy/ssh-action@v1.0.3\n        with:\n          host: {host}\n          username: {user}\n          password: {S}\n          port: 2222\n          script: cd ~/public_html && git pull",
  GPW((12, 18)), "host")
t("gha-sftp-deploy-action-password",
  "      - uses: wlixcc/SFTP-Deploy-Action@v1.2.4\n        with:\n          server: '{host}'\n          username: '{user}'\n          password: '{S}'\n          local_path: './dist/*'\n          remote_path: '/home/{user}/public_html'",
  PW, "host")
t("gitlab-log-curl-u-directadmin",
  '$ curl -s -u "{user}:{S}" "https://{host}:2222/CMD_API_FILE_MANAGER?action=extract&path=/domains/{domain}/public_html/release.zip"',
  PW, "host")
t("bitbucket-log-git-ftp-push-passwd",
  "+ git ftp push --user {user} --passwd {S} ftp://{host}/public_html\nUploading ...\nLast deployment changed from {sha7} to {sha7}.",
  PW, "host")
t("gitlab-ci-git-ftp-init-inline-passwd",
  'deploy:\n  script:\n    - apt-get update -qq && apt-get install -y -qq git-ftp\n    - git ftp init --user "$FTP_USER" --passwd "{S}" ftp://{host}/',
  PW, "host")
t("magento-deploy-setup-config-set-db-password",
  "- php bin/magento setup:config:set --db-host={dbhost} --db-name={db} --db-user={dbuser} --db-password='{S}' -n",
  GPW((14, 20)), "dbuser")
t("rclone-connection-string-remote-pass",
  "rclone copy dist/ :sftp,host={host},user={user},pass={S}:/public_html --transfers 8",
  U64((40, 56)), "host")
t("gitlab-ci-restic-export-password",
  'backup:\n  script:\n    - export RESTIC_PASSWORD="{S}"\n    - restic -r sftp:{user}@{host}:/restic backup /var/www',
  PHR, "host")
t("cpanel-yml-deployment-tasks-cache-key",
  "---\ndeployment:\n  tasks:\n    - export DEPLOYPATH=/home/{user}/public_html/\n    - /bin/cp -R * $DEPLOYPATH\n    - curl -s \"https://{domain}/cache-clear.php?key={S}\"",
  AN(40), "domain")
t("gha-log-env-block-whmcs-secret",
  "Run ./scripts/sync-clients.sh\n  ./scripts/sync-clients.sh\n  shell: /usr/bin/bash -e {0}\n  env:\n    WHMCS_URL: https://billing.{adomain}\n    WHMCS_IDENTIFIER: {wid}\n    WHMCS_SECRET: {S}",
  AN(32), "adomain")
t("gitlab-ci-before-script-ssh-add-base64-key",
  'before_script:\n  - eval $(ssh-agent -s)\n  - echo "{S}" | base64 -d | ssh-add -',
  lambda F: _b64s(("-----BEGIN OPENSSH PRIVATE KEY-----\n" + _pem_openssh() + "\n-----END OPENSSH PRIVATE KEY-----\n").encode()), "=ssh-add")
t("drone-cli-secret-add-data",
  "drone secret add --repository {org}/{repo} --name ftp_password --data {S}",
  PW, "repo")
t("woodpecker-cli-secret-add-value",
  "woodpecker-cli repo secret add --repository {org}/{repo} --name cf_token --value {S}",
  lambda F: _cf_token(), "repo")
t("azure-pipelines-ftpupload-task-password",
  "- task: FtpUpload@2\n  inputs:\n    credentialsOption: 'inputs'\n    serverUrl: 'ftps://{host}'\n    username: '{user}'\n    password: '{S}'\n    rootDirectory: 'publish'\n    remoteDirectory: '/httpdocs'",
  PW, "host")
t("powershell-ci-webclient-networkcredential",
  '$ftpPassword = "{S}"\n$webclient = New-Object System.Net.WebClient\n$webclient.Credentials = New-Object System.Net.NetworkCredential("{user}", $ftpPassword)\n$webclient.UploadFile("ftp://{host}/httpdocs/app.zip", "app.zip")',
  PW, "user")
t("msdeploy-plesk-windows-dest-password",
  'msdeploy.exe -verb:sync -source:contentPath=".\\publish" -dest:contentPath="{domain}",computerName="https://{host}:8172/msdeploy.axd?site={domain}",userName="{user}",password="{S}",authtype="Basic" -allowUntrusted',
  GPW((12, 16)), "host")
t("pubxml-publish-profile-password",
  "<PropertyGroup>\n  <WebPublishMethod>MSDeploy</WebPublishMethod>\n  <MSDeployServiceURL>https://{host}:8172/msdeploy.axd</MSDeployServiceURL>\n  <DeployIisAppPath>{domain}</DeployIisAppPath>\n  <UserName>{user}</UserName>\n  <Password>{S}</Password>\n</PropertyGroup>",
  PW, "user")
t("gha-docker-login-action-ghcr-pat",
  "      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: {ghuser}\n          password: {S}",
  C("ghp_", AN(36)), "ghuser")
t("ci-sed-wp-config-replace-placeholder",
  "- cp wp-config-sample.php wp-config.php\n- sed -i \"s/password_here/{S}/\" wp-config.php\n- sed -i \"s/username_here/{dbuser}/\" wp-config.php",
  UPW((14, 18)), "=password_here")
t("ansible-vault-pass-file-echo",
  "echo '{S}' > .vault_pass && ansible-playbook -i inventory deploy.yml --vault-password-file .vault_pass",
  PHR, "=--vault-password-file .vault_pass")
t("gha-run-lftp-c-open-u-sftp",
  "      - name: Deploy\n        run: lftp -c \"open -u {user},{S} sftp://{host}:2222; mirror -R --delete dist/ public_html/\"",
  PW, "host")
t("gha-run-cloudflare-purge-bearer-zone-id",
  '      - run: |\n          curl -s -X POST "https://api.cloudflare.com/client/v4/zones/{zid}/purge_cache" \\\n            -H "Authorization: Bearer {S}" \\\n            --data \'{"purge_everything":true}\'',
  lambda F: _cf_token(), "zid")
t("uptimerobot-api-key-ci-curl",
  'curl -s -X POST https://api.uptimerobot.com/v2/getMonitors -d "api_key={S}&format=json&search={domain}"',
  C("u", DG(7), "-", H(24)), "domain")
t("healthchecks-ping-uuid-cron-ci",
  "0 3 * * * /usr/local/bin/backup-{sld}.sh && curl -fsS -m 10 --retry 5 -o /dev/null https://hc-ping.com/{S}",
  UUID, "sld")
t("bunny-storage-put-accesskey-ci",
  "curl --request PUT --url https://storage.bunnycdn.com/{zone}/index.html --header 'AccessKey: {S}' --header 'Content-Type: application/octet-stream' --data-binary @dist/index.html",
  C(UUID, "-", H(4), "-", H(4)), "zone")
t("keycdn-purge-key-as-basic-user",
  'curl "https://api.keycdn.com/zones/purge/{n}.json" -u {S}: -X GET',
  C("sk_prod_", AN(32)), "=api.keycdn.com")
t("fastly-purge-all-header-key",
  'curl -s -X POST -H "Fastly-Key: {S}" https://api.fastly.com/service/{sid}/purge_all',
  U64(32), "sid")
t("caprover-deploy-password-flag",
  "npx caprover deploy -h https://captain.{adomain} -p '{S}' -a {app} -b main",
  PW, "app")
t("gitlab-job-log-wp-cli-search-replace-db-pass",
  "$ wp --path=/home/{user}/public_html config create --dbname={db} --dbuser={dbuser} --dbpass='{S}' --dbhost={dbhost} --skip-check\nSuccess: Generated 'wp-config.php' file.",
  GPW((14, 20)), "db")
# ================================================================ vendor-token
_g("vendor-token")
t("cpanel-api-token-32-upper-alnum",
  "cPanel API token ({tname}) for {user}: {S}",
  UA(32), "tname")
t("whm-authorization-header-reseller-token",
  "Authorization: whm {ruser}:{S}",
  UA(32), "ruser")
t("plesk-x-api-key-guid",
  "X-API-Key: {S}",
  UUID, "=X-API-Key")
t("directadmin-login-key-value",
  'DirectAdmin login key "{tname}" = {S}',
  AN(64), "tname")
t("whmcs-api-identifier-secret-pair",
  "WHMCS API credentials ({tname})\nidentifier: {wid}\nsecret: {S}",
  AN(32), "tname")
t("blesta-api-user-key",
  "Blesta API user {user}, key {S}",
  H(32), "user")
t("namecheap-api-key-32-hex",
  "ApiUser={nuser}&ApiKey={S}",
  H(32), "nuser")
t("gandi-legacy-api-key-24",
  "GANDI_API_KEY={S}",
  AN(24), "=GANDI_API_KEY")
t("gandi-personal-access-token-40-hex",
  "Gandi PAT ({tname}, expires {date}): {S}",
  H(40), "tname")
t("ovh-application-secret-32",
  "OVH_ENDPOINT=ovh-eu\nOVH_APPLICATION_KEY={ak}\nOVH_APPLICATION_SECRET={S}",
  AN(32), "=OVH_ENDPOINT=ovh-eu")
t("ovh-consumer-key-32",
  "X-Ovh-Application: {ak}\nX-Ovh-Consumer: {S}\nX-Ovh-Timestamp: {epoch}",
  AN(32), "=X-Ovh-Timestamp")
t("porkbun-secret-api-key-sk1",
  "secretapikey: {S}",
  C("sk1_", H(64)), "=secretapikey")
t("porkbun-api-key-pk1",
  "porkbun apikey {S} (paired with the sk1 key in the vault)",
  C("pk1_", H(64)), "=porkbun apikey")
t("hetzner-dns-api-token-32",
  "Auth-API-Token: {S}",
  AN(32), "=Auth-API-Token")
t("hetzner-cloud-api-token-64",
  "HCLOUD_TOKEN={S}",
  AN(64), "=HCLOUD_TOKEN")
t("hetzner-robot-webservice-password",
  "robot-ws.your-server.de user #ws+{an16} password {S}",
  GPW((16, 20)), "=robot-ws.your-server.de")
t("desec-token-28-char",
  "Authorization: Token {S}",
  U64(28), "=Authorization: Token")
t("inwx-totp-shared-secret-base32",
  "INWX 2FA shared secret for {nuser}: {S}",
  B32(32), "nuser")
t("cloudflare-api-token-40",
  "CLOUDFLARE_API_TOKEN={S}",
  lambda F: _cf_token(), "=CLOUDFLARE_API_TOKEN")
t("cloudflare-global-api-key-37-hex",
  "X-Auth-Email: {email2}\nX-Auth-Key: {S}",
  H(37), "email2")
t("cloudflare-origin-ca-key-v1",
  "X-Auth-User-Service-Key: {S}",
  C("v1.0-", H(24), "-", H(146)), "=X-Auth-User-Service-Key")
t("cloudflare-tunnel-token-base64-json",
  "TUNNEL_TOKEN={S}",
  lambda F: _b64s(('{"a":"%s","t":"%s","s":"%s"}' % (_rs(_HEX, 32), _uuid(), _b64s(_rb(32)))).encode()), "=TUNNEL_TOKEN")
t("bunny-account-api-key-double-guid",
  "bunny.net account API key: {S}",
  C(UUID, "-", UUID), "=bunny.net")
t("bunny-storage-zone-password",
  "Storage zone {zone} FTP & API password: {S}",
  C(UUID, "-", H(4), "-", H(4)), "zone")
t("keycdn-api-key-sk-prod",
  "KEYCDN_API_KEY={S}",
  C("sk_prod_", AN(32)), "=KEYCDN_API_KEY")
t("sucuri-waf-api-key-and-secret",
  "Sucuri WAF {domain}: API key {hx32} / API secret {S}",
  H(32), "domain")
t("quic-cloud-api-key",
  "QUIC.cloud API key for {domain}: {S}",
  AN(32), "domain")
t("stripe-live-secret-key",
  "STRIPE_SECRET={S}",
  C("sk_live_", AN((24, 99))), "=STRIPE_SECRET")
t("stripe-live-restricted-key",
  "restricted key (read invoices): {S}",
  C("rk_live_", AN((24, 99))), "=read invoices")
t("stripe-webhook-signing-secret",
  "STRIPE_WEBHOOK_SECRET={S}",
  C("whsec_", AN(32)), "=STRIPE_WEBHOOK_SECRET")
t("paypal-rest-client-secret",
  "PAYPAL_CLIENT_ID=A{u79}\nPAYPAL_CLIENT_SECRET={S}",
  C("E", U64(79)), "=PAYPAL_CLIENT_SECRET")
t("mollie-live-api-key",
  "Mollie profile {domain} live key: {S}",
  C("live_", AN(30)), "domain")
t("midtrans-server-key-production",
  "MIDTRANS_SERVER_KEY={S}",
  C("Mid-server-", U64(24)), "=MIDTRANS_SERVER_KEY")
t("xendit-secret-key-production",
  "Xendit secret key: {S}",
  C("xnd_production_", AN(60)), "=Xendit")
t("przelewy24-crc-key-16-hex",
  "p24 merchant {dg6} CRC: {S}",
  H(16), "=p24 merchant")
t("payu-second-key-md5",
  "PayU POS {dg6} second key (MD5): {S}",
  H(32), "=PayU POS")
t("comgate-secret-32",
  "Comgate merchant {dg6} secret {S}",
  AN(32), "=Comgate merchant")
t("nexi-xpay-mac-key",
  "Nexi XPay MAC key (alias ALIAS_WEB_{dg6}): {S}",
  AN(32), "=Nexi XPay")
t("woocommerce-consumer-secret-cs",
  "consumer_secret={S}",
  C("cs_", H(40)), "=consumer_secret")
t("woocommerce-consumer-key-ck",
  "WooCommerce REST consumer key for {domain}: {S}",
  C("ck_", H(40)), "domain")
t("wordpress-application-password-spaced",
  "Application password for {wpuser} ({tname}): {S}",
  lambda F: _apppw(), "wpuser")
t("wordpress-logged-in-cookie-token-hmac",
  "Cookie: wordpress_logged_in_{hx32}={wpuser}%7C{epoch}%7C{S}",
  C(AN(43), "%7C", H(64)), "wpuser")
t("github-classic-pat-ghp",
  "GITHUB_TOKEN={S}",
  C("ghp_", AN(36)), "=GITHUB_TOKEN")
t("github-fine-grained-pat",
  "fine-grained token for {org}/{repo}: {S}",
  C("github_pat_", AN(22), "_", AN(59)), "repo")
t("gitlab-personal-access-token-glpat",
  "PRIVATE-TOKEN: {S}",
  C("glpat-", U64(20)), "=PRIVATE-TOKEN")
t("bitbucket-app-password-atbb",
  "Bitbucket app password for {ghuser}: {S}",
  C("ATBB", AN(32), H(8)), "ghuser")
t("mailgun-private-api-key",
  "MAILGUN_API_KEY={S}\nMAILGUN_DOMAIN=mg.{domain}",
  C(H(32), "-", H(8), "-", H(8)), "domain")
t("sendgrid-api-key-sg",
  "SENDGRID_API_KEY={S}",
  C("SG.", U64(22), ".", U64(43)), "=SENDGRID_API_KEY")
t("brevo-api-key-xkeysib",
  "api-key: {S}",
  C("xkeysib-", H(64), "-", AN(16)), "=api-key")
t("mailjet-secret-key-32-hex",
  "MJ_APIKEY_PUBLIC={pub}\nMJ_APIKEY_PRIVATE={S}",
  H(32), "=MJ_APIKEY_PRIVATE")
t("postmark-server-token-guid",
  "X-Postmark-Server-Token: {S}",
  UUID, "=X-Postmark-Server-Token")
t("mailchimp-api-key-datacenter-suffix",
  "Mailchimp key: {S}",
  C(H(32), "-us", DG(2)), "=Mailchimp key")
t("telegram-bot-token-numeric-colon",
  "TELEGRAM_BOT_TOKEN={S}",
  C(DG(10), ":AA", U64(33)), "=TELEGRAM_BOT_TOKEN")
t("slack-incoming-webhook-path-token",
  "https://hooks.slack.com/services/T0{n2}AB/B0{n2}CD/{S}",
  AN(24), "=hooks.slack.com")
t("slack-bot-token-xoxb",
  "SLACK_BOT_TOKEN={S}",
  C("xoxb-", DG(12), "-", DG(13), "-", AN(24)), "=SLACK_BOT_TOKEN")
t("discord-webhook-token-68",
  "https://discord.com/api/webhooks/{dg10}{dg6}{n}/{S}",
  U64(68), "=discord.com")
t("google-maps-api-key-aiza",
  "GOOGLE_MAPS_KEY={S}",
  C("AIza", U64(35)), "=GOOGLE_MAPS_KEY")
t("recaptcha-v3-secret-key",
  "reCAPTCHA secret: {S}",
  C("6L", _A(_AN + "-_", 38)), "=reCAPTCHA secret")
t("backblaze-b2-application-key",
  "B2_APPLICATION_KEY_ID={keyid}\nB2_APPLICATION_KEY={S}",
  C("K00", B64(28)), "=B2_APPLICATION_KEY_ID")
t("wasabi-secret-access-key-40",
  "aws_secret_access_key={S}",
  B64(40), "=aws_secret_access_key")
t("uptimerobot-main-api-key",
  "UptimeRobot main API key: {S}",
  C("u", DG(7), "-", H(24)), "=UptimeRobot")
t("resellerclub-api-key",
  "ResellerClub reseller id {dg6}, API key {S}",
  AN(32), "=ResellerClub reseller id")
t("namesilo-api-key-hex",
  "https://www.namesilo.com/api/listDomains?version=1&type=json&key={S}",
  H(24), "=listDomains")
t("godaddy-sso-key-secret-part",
  "Authorization: sso-key {an32}_{sid}:{S}",
  AN(22), "=sso-key")
t("cpanel-cpsession-cookie-value",
  "cpsession={user}%3a{S}",
  C(AN(16), "%2c", H(32)), "user")
t("roundcube-sessauth-cookie",
  "roundcube_sessauth={S}",
  AN(43), "=roundcube_sessauth")
t("phpmyadmin-pmaauth-cookie",
  "pmaAuth-1={S}",
  lambda F: _u64s(('{"iv":"%s","mac":"%s","payload":"%s"}' % (_b64s(_rb(16)), _rs(_HEX, 40), _b64s(_rb(48)))).encode()), "=pmaAuth-1")
t("whmcs-api-access-key",
  "$api_access_key = '{S}';",
  AN((20, 32)), "=$api_access_key")
t("magento-integration-access-token",
  "Integration \"{tname}\" access token: {S}",
  LA(32), "tname")
t("prestashop-webservice-key-as-url-user",
  "https://{S}@{domain}/api/products?output_format=JSON",
  UA(32), "domain")
t("joomla-api-token-header",
  "X-Joomla-Token: {S}",
  lambda F: _b64s(("sha256:%d:%s" % (_R.randint(40, 900), _rs(_HEX, 64))).encode()), "=X-Joomla-Token")
t("inpost-shipx-jwt",
  "ShipX token (organization {dg6}): {S}",
  lambda F: _jwt('{"iss":"api-shipx-pl.easypack24.net","sub":"%d","exp":%d,"jti":"%s"}' % (_R.randint(10000, 99999), _R.randint(1760000000, 1900000000), _uuid())),
  "=ShipX token")
t("baselinker-token",
  "X-BLToken: {S}",
  C(DG(4), "-", DG(5), "-", UA(50)), "=X-BLToken")
t("softaculous-api-pass",
  "Softaculous API key {an32}, API pass {S}",
  AN(32), "=Softaculous API key")
t("jetbackup-encryption-key",
  "JetBackup encryption key for {host}: {S}",
  lambda F: _b64s(_rb(32)), "host")
t("duplicati-aes-passphrase-short",
  "--passphrase={S}",
  PHRD, "=--passphrase")
t("restic-repository-password",
  "RESTIC_PASSWORD={S}",
  PHRD, "=RESTIC_PASSWORD")
t("tsig-hmac-sha512-secret",
  'secret "{S}";',
  lambda F: _b64s(_rb(64)), "=secret")
t("dkim-private-key-pkcs8-body",
  lambda F: _render("/etc/opendkim/keys/{domain}/default.private\n-----BEGIN PRIVATE KEY-----\n", F) + F["S"] + "\n-----END PRIVATE KEY-----",
  lambda F: _pem_pkcs8_rsa(), "domain")
# ================================================================ benign
_G["uuid2"] = lambda F: _uuid()
_G["hxu16"] = lambda F: _rs(_HEXU, 16)
_G["an4"] = lambda F: _rs(_AN, 4)
_G["an32"] = lambda F: _rs(_AN, 32)
_G["an56"] = lambda F: _rs(_AN, 56)
_G["an90"] = lambda F: _rs(_AN, 90)
_G["hx96"] = lambda F: _rs(_HEX, 96)
_G["u79"] = lambda F: _rs(_U64, 79)
_G["an22"] = lambda F: _rs(_AN, 22)
_G["an24"] = lambda F: _rs(_AN, 24)
_G["hx8"] = lambda F: _rs(_HEX, 8)
_G["hx64"] = lambda F: _rs(_HEX, 64)
_G["dg4"] = lambda F: str(_R.randint(1000, 9999))
_G["dg9"] = lambda F: str(_R.randint(10 ** 8, 10 ** 9 - 1))
_G["semver"] = lambda F: "%d.%d.%d" % (_R.randint(1, 9), _R.randint(0, 20), _R.randint(0, 30))
_G["minlen"] = lambda F: str(_R.choice([8, 10, 12, 14, 16, 20]))
_G["yy"] = lambda F: str(_R.choice([24, 25]))

_POPS = ["FRA", "WAW", "PRG", "MXP", "CGK", "VIE", "AMS", "LHR", "SIN", "MUC",
         "FCO", "DUS", "BER", "KBP"]
_SECNAMES = ["FTP_PASSWORD", "SFTP_PASSWORD", "WHM_API_TOKEN", "CPANEL_TOKEN",
             "CF_API_TOKEN", "HETZNER_DNS_TOKEN", "RESTIC_PASSWORD",
             "WHMCS_API_SECRET", "SSH_PRIVATE_KEY", "DEPLOY_KEY",
             "PLESK_API_KEY", "OVH_APPLICATION_SECRET", "DB_PASSWORD",
             "MAIL_PASSWORD", "PORKBUN_SECRET_API_KEY", "DESEC_TOKEN"]
_POLICY = [
    "Password must be at least {minlen} characters and contain a number and a symbol.",
    "Das Passwort muss mindestens {minlen} Zeichen lang sein und darf nicht den Benutzernamen enthalten.",
    "Hasło musi mieć co najmniej {minlen} znaków, w tym jedną cyfrę i jeden znak specjalny.",
    "Heslo musí mít alespoň {minlen} znaků a obsahovat velké písmeno a číslici.",
    "La password deve contenere almeno {minlen} caratteri, una maiuscola e un numero.",
    "Kata sandi minimal {minlen} karakter dan wajib mengandung angka serta simbol.",
    "cPanel password strength for {domain} must be 65 or higher (currently {minlen}).",
    "Passwörter laufen nach {n} Tagen ab; die letzten 5 dürfen nicht wiederverwendet werden.",
    "Nie wysyłamy haseł e-mailem - klient {domain} dostaje link do ustawienia hasła.",
    "Hesla klientům posíláme jen přes jednorázový odkaz, nikdy e-mailem ({ticket}).",
    "Non inviamo mai password via chat: usa il gestore condiviso (cartella {sld}).",
    "Jangan kirim password lewat WhatsApp, pakai fitur share di Bitwarden ({ticket}).",
    "Policy: rotate WHM API tokens every {n} days; tokens must have an expiry date.",
    "Rule of thumb: reseller accounts get 2FA enforced, password reset only via ticket {ticket}.",
]
_SENDLATER = [
    "I'll send the password for {domain} separately via Signal.",
    "Das Passwort für {email} kommt per SMS an {first}.",
    "Hasło do {email} wyślę SMS-em, login to {user}.",
    "Heslo k FTP pro {domain} ti pošlu přes Signal, uživatel je {user}.",
    "La password di {email} te la detto al telefono.",
    "Password {domain} saya kirim lewat WA terpisah ya, username {user}.",
    "Password: (hidden) - ask {first} for access to {host}",
    "Passwort: siehe KeePass-Eintrag \"{domain} FTP\"",
    "hasło: w 1Password (wpis \"{domain} - WP admin\")",
    "heslo: v Bitwardenu ve složce Klienti/{sld}",
    "password: nel gestore password (voce {domain})",
    "password: ada di Bitwarden, folder {sld}",
    "FTP for {domain}: host {host}, user {user}, password in the shared vault",
    "The customer reset the WordPress password for {wpuser} themselves on {date}.",
]


def _bn_ssh_ed_pub(F):
    raw = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + _rb(32)
    return _render("ssh-ed25519 " + _b64s(raw) + " {user}@{host}", F)


def _bn_ssh_rsa_pub(F):
    raw = b"\x00\x00\x00\x07ssh-rsa\x00\x00\x00\x03\x01\x00\x01\x00\x00\x01\x01\x00" + _rb(256)
    return _render("ssh-rsa " + _b64s(raw) + " deploy@{sld}", F)


def _bn_known_hosts(F):
    raw = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + _rb(32)
    return _render("[{host}]:2222 ssh-ed25519 " + _b64s(raw), F)


def _bn_dkim(F):
    body = _b64s(b"\x30\x82\x01\x22\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00\x03\x82\x01\x0f\x00\x30\x82\x01\x0a\x02\x82\x01\x01\x00" + _rb(256) + b"\x02\x03\x01\x00\x01")
    return _render('default._domainkey.{domain}. 3600 IN TXT "v=DKIM1; k=rsa; p=' + body + '"', F)


def _bn_pubkey_pem(F):
    body = _wrap(_b64s(b"\x30\x59\x30\x13\x06\x07\x2a\x86\x48\xce\x3d\x02\x01\x06\x08\x2a\x86\x48\xce\x3d\x03\x01\x07\x03\x42\x00\x04" + _rb(64)), 64)
    return "-----BEGIN PUBLIC KEY-----\n" + body + "\n-----END PUBLIC KEY-----"


def _bn_cert_pem(F):
    body = _wrap(_b64s(b"\x30\x82\x03\x52\x30\x82\x02\x3a\xa0\x03\x02\x01\x02\x02\x12" + _rb(_R.randint(300, 420))), 64)
    return _render("# /etc/letsencrypt/live/{domain}/cert.pem\n-----BEGIN CERTIFICATE-----\n", F) + body + "\n-----END CERTIFICATE-----"


def _bn_csr(F):
    body = _wrap(_b64s(b"\x30\x82\x02\x9a\x30\x82\x01\x82\x02\x01\x00" + _rb(_R.randint(200, 300))), 64)
    return "-----BEGIN CERTIFICATE REQUEST-----\n" + body + "\n-----END CERTIFICATE REQUEST-----"


def _bn_b64text(F):
    msg = _pick(["Backup finished for {domain} at {time}",
                 "Hallo {first}, die Seite {domain} ist wieder online.",
                 "Dzień dobry, faktura za hosting {domain} w załączniku.",
                 "Migrace {domain} dokončena bez chyb.",
                 "Ciao {first}, il certificato per {domain} è stato rinnovato.",
                 "Halo {first}, website {domain} sudah aktif kembali.",
                 "{\"event\":\"deploy\",\"site\":\"{domain}\",\"status\":\"ok\"}"])
    enc = _b64s(_render(msg, F).encode())
    return _pick(["X-Debug-Note: ", "payload=", "message (base64): ", "data: "]) + enc


def _bn_secretref(F):
    n = _pick(_SECNAMES)
    k = _R.randrange(6)
    if k == 0:
        return "password: ${{ secrets.%s }}  # %s" % (n, F["domain"])
    if k == 1:
        return "%s: $%s   # masked CI variable, project %s" % (n.lower(), n, F["repo"])
    if k == 2:
        return "- export %s=\"$(cat /run/secrets/%s)\"" % (n, n.lower())
    if k == 3:
        return "%s={{ vault_%s }}" % (n, n.lower())
    if k == 4:
        return "env:\n  - name: %s\n    valueFrom:\n      secretKeyRef:\n        name: %s-secrets\n        key: %s" % (n, F["sld"], n.lower())
    return "Required env: WHM_HOST, WHM_USER, %s (see README, never commit .env)" % n


def _bn_masked(F):
    k = _R.randrange(8)
    if k == 0:
        return _render("Authorization: cpanel {user}:" + "*" * 32, F)
    if k == 1:
        return _render("API key: " + "•" * 28 + "{an4}", F)
    if k == 2:
        return _render("STRIPE_SECRET_KEY=sk_live_" + "*" * 20 + "{an4}", F)
    if k == 3:
        return _render('[{dt}] IMAP[DEBUG]: > A0003 LOGIN "{email}" "********"', F)
    if k == 4:
        return _render("({n2}) {dmy} {hhmm} - (not logged in) ({ip})> PASS ****", F)
    if k == 5:
        return _render('"module_args": {"login_password": "VALUE_SPECIFIED_IN_NO_LOG_PARAMETER", "login_user": "root", "name": "{db}"}', F)
    if k == 6:
        return _render("  + resource \"mysql_user\" \"{sld}\" {\n      + plaintext_password = (sensitive value)\n      + user               = \"{dbuser}\"", F)
    return _render("2025-01-01T10:10:10.1234567Z curl -s -H \"Authorization: cpanel {user}:***\" https://{host}:2083/execute/Fileman/list_files", F)


_BT = [
    "commit {sha}\nAuthor: {first} {last} <{email2}>\nDate:   Tue Jun 4 10:21:33 2024 +0200\n\n    Rotate WHM API token for {host} (value lives in Vault)",
    "{sha7} fix(deploy): read FTP_PASSWORD from CI secrets instead of hard-coding it",
    "{hx64}  wordpress-{semver}-pl_PL.tar.gz",
    "md5sum: {hx32}  /backup/cpmove-{user}.tar.gz",
    "SHA1 ({sld}-{date}.sql.gz) = {sha}",
    '<subscription guid="{uuid}" owner-guid="{uuid2}" name="{domain}"/>',
    "traceparent: 00-{hx32}-{hx16}-01",
    lambda F: "cf-ray: %s-%s" % (_rs(_HEX, 16), _pick(_POPS)),
    _bn_ssh_ed_pub,
    "ED25519 key fingerprint is SHA256:{fp}.",
    "The authenticity of host '{host} ({ip})' can't be established.\nED25519 key fingerprint is SHA256:{fp}.\nThis key is not known by any other names.",
    _bn_dkim,
    'gpg: key {hxu16}: public key "{agency} Backups <backup@{adomain}>" imported',
    'zone_id = "{zid}"  # Cloudflare zone id for {domain}, not a secret',
    _bn_masked, _bn_masked, _bn_masked,
    "WHM_API_TOKEN=<your-whm-api-token>   # create one in WHM > Manage API Tokens for {host}",
    "define( 'DB_PASSWORD', 'password_here' );  // wp-config-sample.php for {domain}",
    _bn_secretref, _bn_secretref, _bn_secretref,
    "export RESTIC_PASSWORD_FILE=/root/.restic/{sld}.pass",
    "restic -r sftp:{user}@{host}:/restic/{sld} --password-file /root/.restic/{sld}.pass snapshots",
    "vault kv get -field=token secret/hosting/{host}/whm",
    'op read "op://Agency/{domain} FTP/password"',
    'bw get item "{domain} cPanel" | jq -r .login.username',
    "DB_PASSWORD=${DB_PASSWORD:?DB_PASSWORD is not set for {sld}}",
    lambda F: _render(_pick(_POLICY), F),
    lambda F: _render(_pick(_POLICY), F),
    _bn_b64text, _bn_b64text,
    lambda F: _render(_pick(["/home/{user}/.cpanel/datastore/", "/usr/local/directadmin/data/users/{user}/user.conf",
                             "/etc/dovecot/conf.d/10-auth.conf", "/var/vmail/{domain}/{local}/Maildir/cur",
                             "/home/{user}/.htpasswds/public_html/passwd", "/etc/letsencrypt/live/{domain}/privkey.pem",
                             "/var/www/vhosts/{domain}/httpdocs/wp-config.php", "/usr/local/jetapps/var/lib/jetbackup5/{oid}",
                             "C:\\inetpub\\vhosts\\{domain}\\httpdocs\\web.config"]), F),
    "cPanel & WHM v{ver} (STANDARD) on {host}",
    "WHMCS {semver} / PHP 8.1.{minlen} / ionCube 13.0.{yy}",
    "Plesk Obsidian 18.0.{yy} Update #{minlen}, last updated at {date}",
    "Ticket {ticket} - AutoSSL DCV failed for {domain} (_acme-challenge TXT missing)",
    "Invoice #{n2} for {agency} - Reseller Hosting 50 GB (01/{yy}) - 49.00 EUR - Unpaid",
    "Order #{n2} by {first} {last} - Stripe payment intent pi_3P{an22}, status succeeded",
    "Stripe publishable key (public, used in checkout.js): pk_live_51{an90}",
    'data-sitekey="6Lc{an16}{an22}"',
    "Midtrans client key (public, Snap.js): Mid-client-{an16}",
    lambda F: "Serial Number: " + ":".join(_rs(_HEX, 2) for _ in range(18)),
    "https://acme-v02.api.letsencrypt.org/acme/acct/{dg9}",
    "{hx8}  {date} {time}  {host}              /home/{user}",
    "Backup job {oid} ({sld} daily) finished in 00:0{n}:12 - 2 accounts, 0 errors",
    "Digest: sha256:{hx64}",
    lambda F: '"integrity": "sha512-' + _b64s(_rb(64)) + '"',
    '"reference": "{sha}",\n"shasum": ""',
    "Stable tag: {semver}\nRequires PHP: 7.4\nTested up to: 6.5",
    "Message-ID: <{hx16}.{n2}@{mailhost}>",
    lambda F: _render("DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d={domain}; s=default; h=From:To:Subject:Date; bh=", F) + _b64s(_rb(32)) + "; b=" + _b64s(_rb(128)),
    'ETag: "{hx32}-gzip"',
    "X-Request-Id: {uuid}",
    "arn:aws:s3:::{bucket}/{sld}/*",
    '{domain}. 3600 IN TXT "v=spf1 a mx include:_spf.{adomain} ~all"',
    '_dmarc.{domain}. 3600 IN TXT "v=DMARC1; p=quarantine; rua=mailto:dmarc@{domain}"',
    lambda F: _render("{domain}. 300 IN TXT \"google-site-verification=", F) + _rs(_U64, 43) + '"',
    lambda F: _render("_acme-challenge.{domain}. 60 IN TXT \"", F) + _rs(_U64, 43) + '"',
    lambda F: "GET /.well-known/acme-challenge/" + _rs(_U64, 43) + " HTTP/1.1\" 200 87",
    '"zone_id": "{an22}", "name": "www", "type": "A", "value": "{ip}", "ttl": 3600',
    '{"subname": "www", "type": "A", "records": ["{ip}"], "ttl": 3600, "name": "www.{domain}."}',
    "sharing_id={uuid}   # Gandi organization, not a credential",
    "repository {hx8} opened (version 2, compression level auto)",
    "name: {tname}\n  create_time: {epoch}\n  has_full_access: 1\n  expires_at: ~",
    "main.{hx16}{an4}.js  style.min.css?ver={semver}",
    'ObjectId("{oid}")',
    "SKU: WH-RES-{an4}-{dg4}  (Reseller Hosting Pro, 24 months)",
    "Plesk licence key number: PLSK.{dg9}.{dg4} (Web Pro Edition)",
    lambda F: "EAN " + _rs(_DIG, 13) + " - " + _pick(["Kubek", "Tasse", "Hrnek", "Tazza", "Cangkir"]) + " " + F["sld"],
    "mysql -u {dbuser} -p {db}",
    'ssh-keygen -t ed25519 -C "{email2}" -f ~/.ssh/deploy_{sld}',
    "htpasswd -c /home/{user}/.htpasswds/public_html/passwd {cmsuser}",
    "uapi --user={user} Tokens list --output=jsonpretty",
    "build #{n} ({sha7}) deployed to {host} in 41s",
    "/wp-content/uploads/2024/05/IMG_{dg4}-{hx8}.jpg",
    lambda F: _render(_pick(["Włącz 2FA w panelu klienta {domain}, proszę.",
                             "Bitte 2FA für den WHMCS-Admin {wpuser} aktivieren.",
                             "Zapněte si prosím dvoufázové ověření pro {email}.",
                             "Attiva la verifica in due passaggi per {email}.",
                             "Aktifkan verifikasi dua langkah untuk akun {user}.",
                             "Turn on 2FA for the reseller login on {host} before Friday."]), F),
    lambda F: _render(_pick(["The password must be at least {minlen} characters. ({domain})",
                             "Fehler: Das Passwort ist zu schwach (Stärke {n}/100).",
                             "Błąd: hasło jest za słabe dla konta {user}.",
                             "Chyba: heslo nesplňuje požadavky na sílu ({minlen} znaků).",
                             "Errore: la password non rispetta i requisiti ({minlen} caratteri).",
                             "Kesalahan: kata sandi terlalu lemah untuk {email}."]), F),
    "ALTER TABLE tbl_{sld} ADD COLUMN password_hash VARCHAR(255) NOT NULL AFTER email;",
    'password: "********"   # example only, real value comes from vault for {host}',
    "$cc_encryption_hash = getenv('WHMCS_CC_HASH'); // {host}",
    lambda F: " ".join(_rs(_HEXU, 4) for _ in range(10)) + "  (" + _render("{agency}", F) + " release signing key)",
    lambda F: "SHA256 Fingerprint=" + ":".join(_rs(_HEXU, 2) for _ in range(32)),
    _bn_pubkey_pem, _bn_cert_pem, _bn_csr, _bn_ssh_rsa_pub, _bn_known_hosts,
    "Set-Cookie: wordpress_test_cookie=WP%20Cookie%20check; path=/; secure ({domain})",
    "Stripe event evt_1P{an22} for customer cus_{an16}",
    '<ApiResponse Status="OK"><RequestedCommand>namecheap.domains.getlist</RequestedCommand><Server>PHX01API{n}</Server>',
    '{"status":"SUCCESS","id":"{dg9}"}',
    "$config['smtp_user'] = '%u';\n$config['smtp_pass'] = '%p';  // use the IMAP login of {mailhost}",
    "$config['des_key'] = getenv('ROUNDCUBE_DES_KEY'); // {domain}",
    "define( 'AUTH_KEY', 'put your unique phrase here' ); // replaced by wp config shuffle-salts on {host}",
    "DB_HOST=localhost\nDB_DATABASE={db}\nDB_USERNAME={dbuser}\nDB_PASSWORD=",
    "# TODO: move the FTP password for {domain} to GitHub secrets ({ticket})",
    lambda F: _render(_pick(_SENDLATER), F),
    lambda F: _render(_pick(_SENDLATER), F),
    "net use Z: \\\\{host}\\backup /user:{user} *",
    "Target: Domain:target={host}\nType: Domain Password\nUser: {user}\nLocal machine persistence",
    'Get-Credential -UserName {user} -Message "FTP {domain}"',
    "Success: WordPress installation verifies against checksums. ({domain})",
    lambda F: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA" + _b64s(_rb(_R.randint(30, 60))),
    lambda F: "Content-Security-Policy: script-src 'nonce-" + _b64s(_rb(16)) + "' 'strict-dynamic'; object-src 'none'",
    lambda F: "JWT header " + _u64s(('{"alg":"RS256","typ":"JWT","kid":"%s"}' % _rs(_HEX, 16)).encode()) + ' decodes to {"alg":"RS256","typ":"JWT","kid":...} - public key id only',
    "OVH endpoint ovh-eu, application name {aslug}-dns (keys in vault at secret/dns/ovh)",
    "Hetzner DNS zone {domain} has id {an22}",
    "wp_cache:{sld}:{hx32}",
    "git checkout -b feature/rotate-secrets-{n}",
    "ssh {user}@{host} -p 2222 -i ~/.ssh/id_ed25519_{sld}",
    "sftp://{user}@{host}:2222/public_html",
    "Host: {host}  Port: 21  User: {user}  Password: (ask {first})",
    "Fatal: wrong password or no key found (repository sftp:{user}@{host}:/restic/{sld})",
    "[{dt}]: <{hx8}> IMAP Error: Login failed for {email} against {mailhost} from {ip}. AUTHENTICATE PLAIN: Authentication failed.",
    "{dt} mail dovecot: imap-login: Disconnected (auth failed, 1 attempts in 2 secs): user=<{email}>, method=PLAIN, rip={ip}, TLS",
    "{clf} {host} postfix/smtpd[{pid}]: warning: unknown[{ip}]: SASL LOGIN authentication failed: UGFzc3dvcmQ6",
    "{dt} H=({domain}) [{ip}] F=<{email}> 535 Incorrect authentication data (set_id={email})",
    "whmapi1 api_token_revoke token_name={tname}",
    "Backup ID {n} ({sld}) completed: {n2} files, 512 MB, duration 00:03:21",
    "SHA384: {hx96}  Joomla_5.1.{minlen}-Stable-Update_Package.zip",
    "X-Cache: HIT from {host}\nCF-Cache-Status: HIT\nAge: {n}",
    "Your new password must be different from the previous {n} passwords. ({email})",
    "curl -s -H \"Authorization: Bearer $CF_API_TOKEN\" https://api.cloudflare.com/client/v4/zones?name={domain}",
    "lftp -u \"$FTP_USER,$FTP_PASS\" {host} -e 'mirror -R dist /public_html; quit'",
    "mysqldump --defaults-extra-file=/root/.my.cnf {db} > /backup/{db}.sql",
    "wp config set DB_PASSWORD \"$(cat /run/secrets/{sld}_db)\" --path={path}",
    "$cred = Get-StoredCredential -Target '{host}'  # Windows Credential Manager",
    "AuthInfo-Code für {domain} wurde beim Registrar angefordert (Ticket {ticket}), kommt per Post.",
    "Kod AuthInfo dla {domain} klient dostanie bezpośrednio od rejestratora.",
    "Il codice EPP di {domain} verrà inviato all'email del registrante.",
    "password_reset_url: https://billing.{adomain}/password/reset (link expires after 1 hour)",
    "Token name: {tname} | created {date} | last used {date} | expires never",
    "{user}:x:{n2}:{n2}::/home/{user}:/bin/bash",
    "{email}:{PLAIN}*:5000:5000::/var/vmail/{domain}/{local}::disabled",
    "HASH={hx32} FILE=cpmove-{user}.tar.gz SIZE={n2}K",
    "pid {pid}: child exited with status 0 after {n} requests (pool {user})",
]


# ================================================================ assembly
def _ok(text, s, v):
    if len(s) < 6 or s not in text:
        return False
    if v:
        if v not in text or v in s or s in v:
            return False
        if v not in text.replace(s, "\x00"):
            return False
    return True


def _build_secrets():
    out = []
    for g in _GROUPS:
        lst = _T[g]
        for k in range(_PER_GROUP):
            fmt, text, sec, vis = lst[k % len(lst)]
            for _attempt in range(40):
                F = _F()
                s = sec(F)
                F["S"] = s
                tx = text(F) if callable(text) else _render(text, F)
                if vis.startswith("="):
                    v = vis[1:]
                elif vis:
                    v = F[vis]
                else:
                    v = ""
                if _ok(tx, s, v):
                    break
            else:
                raise ValueError("cannot build " + fmt)
            out.append((g, fmt, tx, s, v))
    return out


def _build_benign(secrets):
    out, seen = [], set()
    secs = [s for s in set(secrets)]
    i = 0
    while len(out) < _N_BENIGN:
        tpl = _BT[i % len(_BT)]
        i += 1
        F = _F()
        b = tpl(F) if callable(tpl) else _render(tpl, F)
        if b in seen or any(s in b for s in secs):
            continue
        seen.add(b)
        out.append(b)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])
