"""Blind hold-out corpus #83 for a secret-redaction engine.

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
Libraries, museums, archives and cultural heritage (GLAM): integrated
library systems (Koha, Alma, FOLIO, Evergreen, Sierra), discovery layers,
EZproxy and OpenAthens, SIP2 self-check machines, OCLC and WorldCat APIs,
ArchivesSpace, DSpace, Fedora and Islandora repositories, Omeka,
CollectiveAccess, IIIF image servers, digitisation studios and their
scanners, museum ticketing and collections management, donor CRMs, in
English, Italian, Polish, Japanese and Spanish.

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
Blind, with the engine of the session that read it, before any rule from it: recall 0.924
(1,382 of 1,496) and false positives 29 of 950 (3.1%). Tuned on since by classes (SIP2 logins and
patron passwords, sip_cli_emulator's -sp, yaz-client's user/password, EZproxy's user.txt, FOLIO's
Ephemeral store, Apache's RequestHeader, Ex Libris' l7xx keys, Evergreen's <pw>, CDATA, OAI-PMH's
resumptionToken, an Omeka key's identity): 0.957 (1,431) and 2 (0.2%).
"""

import base64
import hashlib
import json
import random
import re
import unicodedata

SEED = 830083
_R = random.Random(SEED)

_GROUPS = ("command", "tool-output", "config-file", "source-code",
           "stack-trace-or-log", "note-or-chat", "ci-and-deploy",
           "vendor-token")
_PER_GROUP = 187
_N_BENIGN = 950

# ---------------------------------------------------------------- alphabets
_LOW = "abcdefghijklmnopqrstuvwxyz"
_UP = _LOW.upper()
_DIG = "0123456789"
_HEX = "0123456789abcdef"
_AN = _LOW + _UP + _DIG
_B64 = _AN + "+/"
_B64U = _AN + "-_"
_B32 = _UP + "234567"
_PWR = _AN + "!#$%&*+-.=?@^_~"
_PWS = _AN + "!*-_.~^"
_SYM = "!._-*$#?&"
_SYMU = "!._-*~"


def _c(seq):
    return _R.choice(seq)


def _n(a, b):
    return _R.randint(a, b)


def _rs(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _rb(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def _cap(w):
    return w[:1].upper() + w[1:]


def _ascii(s):
    s = s.replace("ł", "l").replace("Ł", "L")
    return unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()


# ------------------------------------------------------- human passwords
_PWW = {
    "en": ["library", "reading", "archive", "museum", "gallery", "catalog",
           "shelfmark", "stacks", "vellum", "codex", "quarto", "lantern",
           "harbour", "maple", "falcon", "otter", "summer", "winter",
           "autumn", "welcome", "marble", "copper", "bookworm", "fossil"],
    "it": ["biblioteca", "archivio", "museo", "lettura", "scaffale",
           "codice", "pergamena", "affresco", "mosaico", "girasole",
           "primavera", "estate", "inverno", "autunno", "benvenuto",
           "tesoro", "gattino", "cavallo", "duomo", "piazza", "incunabolo"],
    "pl": ["biblioteka", "archiwum", "muzeum", "czytelnia", "ksiazka",
           "regal", "zbiory", "katalog", "wiosna", "jesien", "zima",
           "kotek", "piesek", "zamek", "bursztyn", "pierogi", "sloneczko",
           "starodruk", "rekopis", "wisla"],
    "ja": ["toshokan", "hakubutsukan", "shiryo", "bunko", "hondana",
           "sakura", "fujisan", "momiji", "neko", "tsuki", "hoshi", "yama",
           "kawa", "kaze", "natsu", "fuyu", "haru", "kotoba", "emaki",
           "komonjo"],
    "es": ["biblioteca", "archivo", "museo", "lectura", "estante",
           "pergamino", "tesoro", "girasol", "verano", "invierno", "otono",
           "bienvenido", "gatito", "caballo", "azulejo", "mariposa",
           "incunable", "legajo", "hemeroteca"],
}
_ALLW = sorted(set(w for ws in _PWW.values() for w in ws))
_LEET = str.maketrans({"a": "@", "e": "3", "i": "1", "o": "0", "s": "$"})
_LEETU = str.maketrans({"a": "4", "e": "3", "i": "1", "o": "0", "s": "5"})


def _human(lang=None, syms=_SYM, leet=_LEET):
    lang = lang or _c(sorted(_PWW))
    w = _c(_PWW[lang])
    w2 = _c(_PWW[lang])
    y = str(_n(1950, 2025))
    d2 = str(_n(10, 99))
    sym = _c(syms)
    k = _n(0, 8)
    if k == 0:
        p = _cap(w) + y + sym
    elif k == 1:
        p = w + d2 + str(_n(10, 99))
    elif k == 2:
        p = _cap(w) + _c(".-_") + _cap(w2) + d2
    elif k == 3:
        p = w[0].upper() + w[1:].translate(leet) + sym + y[-2:]
    elif k == 4:
        p = y + w + sym
    elif k == 5:
        p = w + sym + w2 + str(_n(1, 999))
    elif k == 6:
        p = w.upper()[:4] + _cap(w2) + str(_n(100, 9999))
    elif k == 7:
        p = _cap(w) + str(_n(1, 12)).zfill(2) + y + sym
    else:
        p = sym + _cap(w) + d2 + _cap(w2)
    while len(p) < 9:
        p += str(_n(0, 9))
    return p


def _phrase(n, sep=" "):
    n = n or _n(3, 5)
    ws = [_c(_ALLW) for _ in range(n)]
    if _n(0, 1):
        ws.append(str(_n(2, 99)))
    return sep.join(ws)


def _uuid():
    h = _rs(_HEX, 32)
    h = h[:12] + "4" + h[13:16] + _c("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _jwt(alg=None):
    alg = alg or _c(["HS256", "RS256", "HS512"])
    hdr = {"alg": alg, "typ": "JWT"}
    iat = _n(1690000000, 1740000000)
    pl = {"sub": _F["user"](), "iat": iat, "exp": iat + _c([600, 3600, 86400])}
    if _n(0, 1):
        pl["tenant"] = _F["tenant"]()
    if _n(0, 1):
        pl["user_id"] = _uuid()
    sig = {"HS256": 32, "HS512": 64, "RS256": 256}[alg]
    return ".".join([_b64u(json.dumps(hdr, separators=(",", ":")).encode()),
                     _b64u(json.dumps(pl, separators=(",", ":")).encode()),
                     _b64u(_rb(sig))])


def _wrap(s, w):
    return "\n".join(s[i:i + w] for i in range(0, len(s), w))


def _pem(lines):
    lines = lines or _n(8, 14)
    return _wrap(base64.b64encode(_rb(lines * 48 - _n(0, 20))).decode(), 64)


def _ossh(lines):
    head = (b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none"
            b"\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x003\x00\x00\x00"
            b"\x0bssh-ed25519\x00\x00\x00 ")
    return _wrap(base64.b64encode(head + _rb(_n(180, 260))).decode(), 70)


def _dig(n):
    return str(_n(1, 9)) + _rs(_DIG, n - 1)


_KIND = {
    "hex": lambda n: _rs(_HEX, n),
    "HEX": lambda n: _rs(_HEX.upper(), n),
    "an": lambda n: _rs(_AN, n),
    "lan": lambda n: _rs(_LOW + _DIG, n),
    "uan": lambda n: _rs(_UP + _DIG, n),
    "al": lambda n: _rs(_LOW, n),
    "AL": lambda n: _rs(_UP, n),
    "b64": lambda n: _rs(_B64, n),
    "b64u": lambda n: _rs(_B64U, n),
    "b32": lambda n: _rs(_B32, n),
    "dig": _dig,
    "pwr": lambda n: _rs(_PWR, n),
    "pws": lambda n: _rs(_PWS, n),
    "rb64": lambda n: base64.b64encode(_rb(n)).decode(),
    "rb64u": lambda n: _b64u(_rb(n)),
    "pw": lambda n: _human(),
    "pwen": lambda n: _human("en"),
    "pwit": lambda n: _human("it"),
    "pwpl": lambda n: _human("pl"),
    "pwja": lambda n: _human("ja"),
    "pwes": lambda n: _human("es"),
    "pwu": lambda n: _human(None, _SYMU, _LEETU),
    "phrase": lambda n: _phrase(n, " "),
    "dphrase": lambda n: _phrase(n, _c("-_.")),
    "uuid": lambda n: _uuid(),
    "UUID": lambda n: _uuid().upper(),
    "jwt": lambda n: _jwt(),
    "hs256": lambda n: _jwt("HS256"),
    "pem": _pem,
    "ossh": _ossh,
}


def _secret(spec):
    if callable(spec):
        return spec()
    out = []
    for p in spec.split("+"):
        if p.startswith("="):
            out.append(p[1:])
            continue
        k, _, n = p.partition(":")
        out.append(_KIND[k](int(n) if n else 0))
    return "".join(out)

# ------------------------------------------------------------ context pools
_FIRST = {
    "en": ["Emily", "James", "Olivia", "Thomas", "Hannah", "Oliver", "Grace",
           "Samuel", "Chloe", "Daniel", "Ruth", "Arthur", "Imogen", "Felix"],
    "it": ["Giulia", "Marco", "Chiara", "Luca", "Francesca", "Matteo",
           "Elena", "Alessandro", "Sara", "Davide", "Federica", "Lorenzo",
           "Martina", "Paolo"],
    "pl": ["Katarzyna", "Piotr", "Agnieszka", "Tomasz", "Magdalena", "Paweł",
           "Zofia", "Krzysztof", "Anna", "Michał", "Joanna", "Marcin", "Ewa",
           "Wojciech"],
    "ja": ["Haruto", "Yui", "Sota", "Aoi", "Ren", "Hina", "Yuto", "Sakura",
           "Daiki", "Mei", "Kenta", "Rin", "Takumi", "Yuna"],
    "es": ["Lucía", "Javier", "María", "Pablo", "Carmen", "Alejandro",
           "Sofía", "Diego", "Elena", "Sergio", "Marta", "Álvaro", "Paula",
           "Jorge"],
}
_LAST = {
    "en": ["Clarke", "Whitfield", "Osborne", "Hughes", "Pemberton", "Marsh",
           "Ellison", "Fairley", "Thornton", "Hale", "Ashby", "Carver"],
    "it": ["Bianchi", "Ferraro", "Esposito", "Colombo", "Ricci", "Marino",
           "Greco", "Bruno", "Gallo", "Conti", "Mancini", "Lombardi"],
    "pl": ["Nowak", "Kowalska", "Wiśniewski", "Wójcik", "Kamińska",
           "Lewandowski", "Zielińska", "Szymański", "Dąbrowska", "Mazur"],
    "ja": ["Sato", "Suzuki", "Takahashi", "Tanaka", "Watanabe", "Ito",
           "Yamamoto", "Nakamura", "Kobayashi", "Kato", "Yoshida", "Yamada"],
    "es": ["García", "Fernández", "López", "Martínez", "Sánchez", "Pérez",
           "Gómez", "Ruiz", "Díaz", "Moreno", "Muñoz", "Álvarez"],
}
_KANJI_LAST = ["佐藤", "鈴木", "高橋", "田中", "渡辺", "伊藤", "山本", "中村",
               "小林", "加藤", "吉田", "山田"]
_KANJI_PLACE = ["鳴", "海", "山", "川", "北", "南", "東", "西", "桜", "松",
                "高", "田", "中", "原", "宮", "森", "石", "浜", "岡", "津"]
_CONS = "bcdfghklmnprstvz"
_VOW = "aeiou"
_HOSTPRE = ["opac", "koha", "catalog", "alma-gw", "folio", "okapi", "sip2",
            "ezproxy", "login", "dspace", "repo", "fcrepo", "islandora",
            "omeka", "ca", "iiif", "images", "cantaloupe", "archives",
            "aspace", "scan", "digilab", "tickets", "shop", "crm", "donors",
            "evergreen", "sierra", "discovery", "vufind", "solr", "api",
            "intranet", "staff", "collections", "biblio", "katalog", "oai"]
_TLD = [".org", ".edu", ".ac.uk", ".it", ".pl", ".jp", ".es", ".museum",
        ".edu.pl", ".ac.jp", ".or.jp", ".net", ".internal", ".lan",
        ".example", ".local", ".eu", ".cat", ".gal", ".org.uk"]
_SVC = ["svc_koha", "sip2_kiosk", "selfcheck", "sc_user", "ezproxy",
        "aspace_admin", "dspace", "fedoraAdmin", "omeka_api", "ca_admin",
        "iiif-bot", "scanops", "backup", "harvester", "marc_ftp", "okapi",
        "folio_admin", "egadmin", "tms_sync", "donor_sync", "ticketing",
        "archivematica", "preservica", "digitisation", "islandora"]


def _word(lo=2, hi=3):
    w = "".join(_c(_CONS) + _c(_VOW) for _ in range(_n(lo, hi)))
    return w + (_c("lnrst") if _n(0, 2) == 0 else "")


def _lang():
    return _c(["en", "it", "pl", "ja", "es"])


def _fullname(lang=None):
    lang = lang or _lang()
    return _c(_FIRST[lang]) + " " + _c(_LAST[lang])


def _user():
    lang = _lang()
    f = _ascii(_c(_FIRST[lang])).lower()
    l = _ascii(_c(_LAST[lang])).lower()
    k = _n(0, 6)
    if k == 0:
        return f[0] + l
    if k == 1:
        return f + "." + l
    if k == 2:
        return l + f[0]
    if k == 3:
        return l + str(_n(1, 99))
    if k == 4:
        return f + "_" + l[:3]
    return _c(_SVC) + ("" if _n(0, 1) else str(_n(1, 9)))


def _dom():
    return _word() + _c(_TLD)


def _town():
    return _cap(_word(2, 3))


def _lib():
    t = _town()
    return _c([
        "Biblioteca Civica di " + t, "Museo Archeologico di " + t,
        "Archivio di Stato di " + t, "Miejska Biblioteka Publiczna w " + t,
        "Muzeum Regionalne w " + t, "Archiwum Państwowe w " + t,
        t + " Public Library", t + " University Library",
        t + " Museum of Art", t + " County Record Office",
        "Biblioteca Municipal de " + t, "Museo de Bellas Artes de " + t,
        "Archivo Histórico Provincial de " + t,
        _c(_KANJI_PLACE) + _c(_KANJI_PLACE) + _c(["市立図書館", "市立博物館",
                                                   "県立美術館", "公文書館"])])


def _code():
    return _rs(_UP, _n(3, 5))


def _date():
    return "%d-%02d-%02d" % (_n(2021, 2025), _n(1, 12), _n(1, 28))


def _time():
    return "%02d:%02d:%02d" % (_n(0, 23), _n(0, 59), _n(0, 59))


def _isbn13():
    d = [9, 7, _c([8, 9])] + [_n(0, 9) for _ in range(9)]
    s = sum(x * (1 if i % 2 == 0 else 3) for i, x in enumerate(d))
    return "".join(map(str, d + [(10 - s % 10) % 10]))


def _orcid():
    d = [0, 0, 0, 0, 0, 0, 0, _c([1, 2, 3])] + [_n(0, 9) for _ in range(7)]
    t = 0
    for x in d:
        t = (t + x) * 2
    r = (12 - t % 11) % 11
    s = "".join(map(str, d)) + ("X" if r == 10 else str(r))
    return "-".join(s[i:i + 4] for i in range(0, 16, 4))


_F = {
    "host": lambda: _c(_HOSTPRE) + "." + _dom(),
    "dom": _dom,
    "ip": lambda: _c(["10.%d.%d.%d" % (_n(0, 254), _n(0, 254), _n(2, 254)),
                      "192.168.%d.%d" % (_n(0, 254), _n(2, 254)),
                      "172.%d.%d.%d" % (_n(16, 31), _n(0, 254), _n(2, 254))]),
    "port": lambda: str(_c([5432, 3306, 6001, 6002, 8080, 8443, 9130, 8983,
                            2048, 8089, 8182, 9000, 8081, 3000, 210])),
    "user": _user,
    "svc": lambda: _c(_SVC) + ("" if _n(0, 1) else str(_n(1, 9))),
    "name": _fullname,
    "en_name": lambda: _fullname("en"),
    "it_name": lambda: _fullname("it"),
    "pl_name": lambda: _fullname("pl"),
    "ja_name": lambda: _fullname("ja"),
    "es_name": lambda: _fullname("es"),
    "first": lambda: _c(_FIRST[_lang()]),
    "last": lambda: _c(_LAST[_lang()]),
    "it_first": lambda: _c(_FIRST["it"]),
    "pl_first": lambda: _c(_FIRST["pl"]),
    "es_first": lambda: _c(_FIRST["es"]),
    "en_first": lambda: _c(_FIRST["en"]),
    "ja_kname": lambda: _c(_KANJI_LAST),
    "email": lambda: _user().replace("_", ".") + "@" + _dom(),
    "lib": _lib,
    "town": _town,
    "word": lambda: _word(2, 3),
    "code": _code,
    "inst": lambda: _word(1, 2) + _c(["lib", "bib", "", "mus"]),
    "tenant": lambda: _c(["fs", "t", ""]) + _word(1, 2) + _c(["", str(_n(1, 9))]),
    "db": lambda: _c(["koha_", "folio_", "dspace_", "omeka_", "aspace_",
                      "ca_", "eg_", "tms_", "donors_"]) + _word(1, 2),
    "winhost": lambda: _code() + "-" + _c(["FS", "SCAN", "DIGI", "SQL", "APP",
                                         "NAS"]) + "%02d" % _n(1, 12),
    "ntdom": lambda: _c(["MUSEO", "BIBLIO", "ARCH", "LIB", "MUZ", "CORP", _code(), _code()]),
    "ssid": lambda: _c(["Staff-", "Personale-", "Pracownicy-", "Personal-",
                        "Kiosk-"]) + _cap(_word(1, 2)),
    "loc": lambda: _c(["MAIN", "CEN", "BR", "REF", "SC", "DIGI", "STACK",
                       "KIDS"]) + _c(["", str(_n(1, 9))]),
    "barcode": lambda: "2" + _rs(_DIG, 13),
    "itembc": lambda: "3" + _rs(_DIG, 13),
    "num": lambda: str(_n(2, 99)),
    "id": lambda: str(_n(1000, 9999999)),
    "id2": lambda: str(_n(100000, 9999999)),
    "pid": lambda: str(_n(1200, 65000)),
    "year": lambda: str(_n(2019, 2025)),
    "date": _date,
    "time": _time,
    "ts": lambda: _date() + "T" + _time() + "Z",
    "lts": lambda: _date() + " " + _time() + "," + "%03d" % _n(0, 999),
    "ver": lambda: "%d.%d.%d" % (_n(1, 24), _n(0, 12), _n(0, 20)),
    "uuid": _uuid,
    "sha": lambda: _rs(_HEX, 40),
    "sha7": lambda: _rs(_HEX, 7),
    "hex32": lambda: _rs(_HEX, 32),
    "hex64": lambda: _rs(_HEX, 64),
    "trace": lambda: _rs(_HEX, 32),
    "akid": lambda: "AKIA" + _rs(_UP + "234567", 16),
    "cid": lambda: _rs(_AN, 24),
    "asia": lambda: "ASIA" + _rs(_UP + "234567", 16),
    "up8": lambda: _rs(_UP + _DIG, 8),
    "up10": lambda: _rs(_UP + _DIG, 10),
    "up13": lambda: _rs(_UP + _DIG, 13),
    "dig15": lambda: _dig(15),
    "snow": lambda: _dig(19),
    "sipck": lambda: _rs("0123456789ABCDEF", 4),
    "kid": lambda: _rs(_AN, 32),
    "bucket": lambda: _c(["glam-", "scans-", "iiif-", "dams-", "archive-"]) + _word(1, 2) + _c(["-masters", "-derivs", "-prod", "-backup", ""]),
    "region": lambda: _c(["eu-south-1", "eu-central-1", "eu-west-1",
                          "us-east-1", "ap-northeast-1", "eu-south-2"]),
    "branch": lambda: _c(["main", "develop", "feature/sip2-auth",
                          "fix/ezproxy-stanza", "release/24.05", "hotfix/iiif"]),
    "repo": lambda: _word(1, 2) + _c(["-koha-plugins", "-harvester", "-omeka-theme", "-iiif", "-ingest", "-aspace-plugin", "-donor-sync"]),
    "org": lambda: _word(1, 2) + _c(["-library", "-museum", "-archives", "glam", "-digital"]),
    "app": lambda: _word(1, 2) + _c(["-tickets", "-donors", "-iiif", "-opac", "-shop"]),
    "file": lambda: _c(["MS", "INC", "FOTO", "RKP", "LEG", "EMA"]) + "_%04d_%s.tif" % (_n(1, 9999), _c(["f%03dr" % _n(1, 300), "p%04d" % _n(1, 900)])),
    "ticket": lambda: _c(["LIB", "DIGI", "ILS", "MUS", "ARCH", "OPS"]) + "-" + str(_n(100, 9999)),
    "job": lambda: str(_n(1000, 99999)),
    "isbn": _isbn13,
    "orcid": _orcid,
    "dept": lambda: _c(["Special Collections", "Digitisation", "Cataloguing",
                        "Acquisitions", "Registrar", "Conservation",
                        "Development", "Visitor Services", "Systems"]),
}


# ------------------------------------------------------------ template fill
_PH = re.compile(r"\{(!?)([a-z][a-z0-9_]*)\}")
_NOVIS = {"akid", "asia", "sipck", "up8", "up10", "up13", "dig15", "snow", "cid", "kid", "uuid", "sha", "sha7", "hex32", "hex64",
          "trace", "id", "id2", "num", "port", "year", "pid", "job",
          "barcode", "itembc"}


def _base(k):
    while k not in _F and k[-1:].isdigit():
        k = k[:-1]
    return k


def _fill(tpl, spec):
    vals = {}
    order = []
    box = []

    def rep(m):
        bang, k = m.group(1), m.group(2)
        if bang:
            return "{" + k + "}"
        if k == "s":
            if not box:
                box.append(_secret(spec))
            return box[0]
        if k in vals:
            return vals[k]
        f = _F.get(_base(k))
        if f is None:
            return m.group(0)
        vals[k] = v = f()
        order.append(k)
        return v
    text = _PH.sub(rep, tpl)
    return text, (box[0] if box else None), [(k, vals[k]) for k in order]


def _vis_ok(v, text, sec):
    return (len(v) >= 3 and v not in sec and sec not in v
            and v in text.replace(sec, "\x00"))


def _pick_vis(text, sec, vals, vis):
    if vis == "":
        return ""
    if vis is not None:
        v = vis[1:] if vis.startswith("'") else dict(vals).get(vis, "")
        if v and _vis_ok(v, text, sec):
            return v
    for k, v in vals:
        if _base(k) not in _NOVIS and _vis_ok(v, text, sec):
            return v
    return ""


_ROWS = []
_USED = set()


def _grp(g):
    def add(fmt, tpl, spec, vis=None):
        _ROWS.append((g, fmt, tpl, spec, vis))
    return add


def _make(r):
    g, fmt, tpl, spec, vis = r
    for _ in range(30):
        t = _c(tpl) if isinstance(tpl, (list, tuple)) else tpl
        text, sec, vals = _fill(t, spec)
        if sec and len(sec) >= 6 and sec not in _USED:
            break
    _USED.add(sec)
    return (g, fmt, text, sec, _pick_vis(text, sec, vals, vis))

# ================================================================ command
C = _grp("command")
C("koha-sip-cli-emulator-sp-flag",
  "perl /usr/share/koha/bin/sip_cli_emulator.pl -a {host} -p 6001 -su {svc} -sp {s} -l {loc} -m patron_information --patron {barcode}",
  "pw", "host")
C("mysql-cli-p-attached-koha",
  "sudo mysql -h localhost -u koha_{inst} -p{s} koha_{inst} -e \"SELECT COUNT(*) FROM issues;\"",
  "an:16", "inst")
C("mysqldump-password-equals",
  "mysqldump --single-transaction -h {ip} -u koha_{inst} --password={s} koha_{inst} | gzip > /backup/koha_{inst}_{date}.sql.gz",
  "pws:20", "inst")
C("psql-uri-folio-okapi",
  "psql \"postgresql://folio_admin:{s}@{host}:5432/okapi_modules\" -c '\\dn'",
  "pwu", "host")
C("curl-folio-authn-login-json",
  "curl -s -X POST https://{host}/authn/login -H 'X-Okapi-Tenant: {tenant}' -H 'Content-Type: application/json' -d '{\"username\":\"{user}\",\"password\":\"{s}\"}' -D -",
  "pw", "tenant")
C("curl-x-okapi-token-header",
  "curl -sS -H \"X-Okapi-Tenant: {tenant}\" -H \"X-Okapi-Token: {s}\" \"https://{host}/inventory/instances?limit=5&query=title%3D%22herbarium%22\"",
  "hs256", "host")
C("curl-alma-apikey-query",
  "curl -s \"https://api-eu.hosted.exlibrisgroup.com/almaws/v1/users/{barcode}?user_id_type=all_unique&view=full&apikey={s}&format=json\" | jq .primary_id",
  "=l7xx+hex:32", "'api-eu.hosted.exlibrisgroup.com")
C("curl-alma-authorization-apikey",
  "curl -H 'Authorization: apikey {s}' -H 'Accept: application/json' https://api-na.hosted.exlibrisgroup.com/almaws/v1/conf/libraries",
  "=l7xx+hex:32", "'Accept: application/json")
C("curl-oclc-client-credentials-u",
  "curl -s -u '{cid}:{s}' -d 'grant_type=client_credentials&scope=wcapi' https://oauth.oclc.org/token",
  "b64:32", "'oauth.oclc.org")
C("curl-sierra-token-basic",
  "curl -X POST -u \"{cid}:{s}\" https://{host}/iii/sierra-api/v6/token",
  "pw", "host")
C("eg-db-config-admin-pass",
  "perl Open-ILS/src/support-scripts/eg_db_config --update-config --service all --create-database --create-schema --user evergreen --hostname localhost --database evergreen --admin-user {user} --admin-pass {s}",
  "pw", "user")
C("curl-aspace-login-form-password",
  "curl -s -F password=\"{s}\" \"http://{host}:8089/users/admin/login\" | jq -r .session",
  "pw", "host")
C("curl-aspace-session-header",
  "curl -s -H \"X-ArchivesSpace-Session: {s}\" \"http://{host}:8089/repositories/2/resources?page=1\"",
  "hex:64", "host")
C("dspace-create-administrator-p",
  "[dspace]/bin/dspace create-administrator -e {email} -f {first} -l {last} -p '{s}' -c en",
  "pw", "email")
C("curl-fcrepo-basic-user-colon",
  "curl -i -u fedoraAdmin:{s} -X PUT -H \"Content-Type: text/turtle\" --data-binary @obj.ttl http://{host}:8080/fcrepo/rest/collections/{word}",
  "pwu", "host")
C("drush-user-password-positional",
  "drush -r /var/www/islandora/web user:password {user} \"{s}\"",
  "pw", "user")
C("curl-omeka-s-key-credential-query",
  "curl \"https://{host}/api/items?item_set_id={num}&key_identity={kid}&key_credential={s}\"",
  "an:32", "host")
C("causer-reset-password-flag",
  "cd /var/www/providence/support && bin/caUtils reset-password --user={user} --password='{s}'",
  "pw", "user")
C("docker-run-e-cantaloupe-admin-secret",
  "docker run -d --name iiif -p 8182:8182 -e CANTALOUPE_ENDPOINT_ADMIN_ENABLED=true -e CANTALOUPE_ENDPOINT_ADMIN_SECRET={s} -v /srv/images:/imageroot cantaloupe:5.0.6",
  "an:20", "'CANTALOUPE_ENDPOINT_ADMIN_SECRET")
C("echo-append-ezproxy-user-txt",
  "echo '{user}:{s}' | sudo tee -a /usr/local/ezproxy/user.txt",
  "pw", "user")
C("windows-net-use-positional-password",
  "net use Z: \\\\{winhost}\\scans /user:{ntdom}\\{user} {s} /persistent:no",
  "pw", "winhost")
C("powershell-convertto-securestring-psdrive",
  "$pw = ConvertTo-SecureString '{s}' -AsPlainText -Force; New-PSDrive -Name S -PSProvider FileSystem -Root \\\\{winhost}\\digitisation -Credential (New-Object System.Management.Automation.PSCredential('{ntdom}\\{user}', $pw))",
  "pw", "winhost")
C("windows-cmdkey-add-pass",
  "cmdkey /add:{winhost} /user:{ntdom}\\{user} /pass:{s}",
  "pws:14", "winhost")
C("sshpass-p-rsync-scans",
  "sshpass -p '{s}' rsync -avP /data/capture/{date}/ {user}@{host}:/ingest/hotfolder/",
  "pw", "host")
C("smbclient-user-percent-password",
  "smbclient //{winhost}/CaptureOne -U {user}%{s} -c 'ls'",
  "pws:12", "winhost")
C("lftp-u-user-comma-password",
  "lftp -u '{user},{s}' sftp://{host} -e 'mirror --only-newer /outgoing/marc ./vendor_marc; bye'",
  "pw", "host")
C("wget-user-password-ftp-marc",
  "wget --user={user} --password='{s}' ftp://{host}/pub/marc/weekly_{date}.mrc",
  "pw", "host")
C("yaz-client-u-user-slash-pass",
  "yaz-client -u {user}/{s} tcp:{host}:210/biblios",
  "an:10", "host")
C("koha-shell-set-password-script",
  "sudo koha-shell {inst} -c 'perl /usr/share/koha/bin/admin/set_password.pl --userid {user} --password \"{s}\"'",
  "pw", "user")
C("docker-login-p-inline",
  "docker login -u {user} -p {s} registry.{dom}",
  "an:24", "user")
C("git-clone-glpat-in-url",
  "git clone https://oauth2:{s}@git.{dom}/glam/{repo}.git",
  "=glpat-+b64u:20", "repo")
C("export-alma-api-key-shell",
  "export ALMA_API_KEY={s} && python3 scripts/sync_patrons.py --dry-run",
  "=l7xx+hex:32", "'ALMA_API_KEY")
C("inline-env-aws-secret-s3-sync",
  "AWS_ACCESS_KEY_ID={akid} AWS_SECRET_ACCESS_KEY={s} aws s3 sync ./tiff_masters s3://{bucket}/masters/ --storage-class DEEP_ARCHIVE",
  "b64:40", "bucket")
C("rclone-config-create-positional-keys",
  "rclone config create wasabi s3 provider Wasabi access_key_id {akid} secret_access_key {s} endpoint s3.eu-central-1.wasabisys.com",
  "uan:40", "'secret_access_key")
C("mc-alias-set-positional-minio",
  "mc alias set dams http://{ip}:9000 {user} {s}",
  "an:32", "user")
C("ldapsearch-w-bind-password",
  "ldapsearch -x -H ldaps://{host} -D \"cn={user},ou=staff,dc={word},dc=edu\" -w '{s}' -b \"ou=patrons,dc={word},dc=edu\" \"(uid={barcode})\"",
  "pw", "host")
C("redis-cli-a-password",
  "redis-cli -h {ip} -p 6379 -a {s} --no-auth-warning KEYS 'koha:*' | head",
  "an:32", "'KEYS")
C("mongosh-uri-authsource",
  "mongosh \"mongodb://{user}:{s}@{host}:27017/ticketing?authSource=admin\" --eval 'db.orders.countDocuments()'",
  "pwu", "host")
C("sqlcmd-sa-capital-p",
  "sqlcmd -S {winhost} -U sa -P '{s}' -d TMS -Q \"SELECT TOP 10 ObjectNumber FROM Objects\"",
  "pw", "winhost")
C("powershell-invoke-restmethod-bearer",
  "Invoke-RestMethod -Uri https://{host}/api/v1/objects?page=1 -Headers @{ Authorization = \"Bearer {s}\" }",
  "an:40", "host")
C("curl-solr-basic-auth",
  "curl -u solr:{s} \"http://{ip}:8983/solr/admin/cores?action=STATUS&wt=json\"",
  "pwu", "'solr/admin/cores")
C("htpasswd-b-create-positional",
  "sudo htpasswd -b -c /etc/nginx/.iiif_htpasswd {user} {s}",
  "pw", "user")
C("mysqladmin-password-positional",
  "mysqladmin -u root password '{s}'",
  "pw", "'mysqladmin -u root")
C("pgpassword-env-pg-dump",
  "PGPASSWORD={s} pg_dump -h {host} -U evergreen -Fc evergreen > eg_{date}.dump",
  "pws:18", "host")
C("gh-secret-set-body",
  "gh secret set OCLC_CLIENT_SECRET --body \"{s}\" --repo {org}/{repo}",
  "b64:32", "repo")
C("vault-kv-put-inline-value",
  "vault kv put secret/glam/sierra client_key={cid} client_secret={s}",
  "pw", "'secret/glam/sierra")
C("kubectl-create-secret-from-literal",
  "kubectl -n folio create secret generic db-connect --from-literal=DB_USERNAME=folio_admin --from-literal=DB_PASSWORD='{s}'",
  "pws:24", "'db-connect")
C("heroku-config-set-stripe",
  "heroku config:set STRIPE_SECRET_KEY={s} -a {app}",
  "=sk_live_+an:24", "app")
C("openssl-pkcs12-passout-pass",
  "openssl pkcs12 -export -in sp-cert.pem -inkey sp-key.pem -out shib-sp.p12 -name shibboleth -passout pass:{s}",
  "pw", "'shib-sp.p12")
C("keytool-storepass-flag",
  "keytool -importkeystore -srckeystore shib-sp.p12 -srcstoretype PKCS12 -destkeystore /opt/shibboleth-idp/credentials/idp.jks -storepass {s} -noprompt",
  "pw", "'idp.jks")
C("java-sip2-tester-positional-login",
  "java -jar sip2-tester.jar --host {ip} --port 6001 --login {svc} {s} --location {loc} --patron {barcode}",
  "pw", "svc")
C("polish-import-script-haslo-flag",
  "./import_marc.sh --serwer {host} --uzytkownik {user} --haslo '{s}' --plik nowosci_{date}.mrc",
  "pwpl", "host")
C("mysql-enju-p-attached-comment",
  "mysql -u {user} -p{s} enju_production  # Next-L Enju 本番DB",
  "pwja", "user")
C("curl-koha-svc-authentication-form",
  "curl -s -c cookies.txt -d \"userid={user}&password={s}\" https://{host}/cgi-bin/koha/svc/authentication",
  "pwu", "host")
C("curl-koha-rest-basic",
  "curl -s -u {user}:{s} \"https://{host}/api/v1/patrons?cardnumber={barcode}\"",
  "pwu", "host")
C("curl-koha-oauth-client-secret-d",
  "curl -s https://{host}/api/v1/oauth/token -d grant_type=client_credentials -d client_id={uuid} -d client_secret={s}",
  "uuid", "host")
C("python-harvest-token-flag",
  "python3 harvest.py --oai https://{host}/oai/request --set {word} --metadata-prefix marcxml --token {s}",
  "an:40", "host")
C("7z-p-attached-password",
  "7z a -p{s} -mhe=on donors_export_{date}.7z donors_{date}.csv",
  "pw", "'donors_export_")
C("zip-capital-p-password",
  "zip -P {s} patrons_overdue.zip patrons_overdue.csv",
  "pw", "'patrons_overdue.zip")
C("gpg-batch-passphrase-symmetric",
  "gpg --batch --yes --passphrase '{s}' -c accession_register_{year}.xlsx",
  "phrase", "'accession_register_")
C("openssl-enc-k-password",
  "openssl enc -aes-256-cbc -pbkdf2 -k {s} -in gift_aid.csv -out gift_aid.csv.enc",
  "pws:16", "'gift_aid.csv")
C("curl-worldcat-sru-wskey-query",
  "curl \"https://worldcat.org/webservices/catalog/search/sru?query=srw.bn%3D{isbn}&servicelevel=full&wskey={s}\"",
  "an:80", "isbn")
C("curl-oclc-bearer-tk-token",
  "curl -H \"Authorization: Bearer {s}\" \"https://americas.discovery.api.oclc.org/worldcat/search/v2/bibs?q=bn:{isbn}\"",
  "=tk_+an:40", "isbn")
C("sshpass-e-env-password",
  "SSHPASS='{s}' sshpass -e sftp -oBatchMode=no {user}@{host}",
  "pw", "host")
C("curl-iiif-cookie-access-token",
  "curl -sI \"https://{host}/iiif/3/{word}%2F{file}/full/max/0/default.jpg\" -H \"Cookie: iiif_access={s}\"",
  "b64u:43", "host")
C("npm-config-set-authtoken",
  "npm config set //npm.pkg.github.com/:_authToken {s}",
  "=ghp_+an:36", "'npm.pkg.github.com")
C("curl-dspace-authn-login-form",
  "curl -s -X POST https://{host}/server/api/authn/login -H \"X-XSRF-TOKEN: {uuid}\" -b cookies -c cookies --data \"user={email}&password={s}\"",
  "pwu", "email")
C("wp-cli-user-update-user-pass",
  "wp user update {user} --user_pass='{s}' --path=/var/www/museo",
  "pw", "user")
C("psexec-u-p-flags",
  "psexec \\\\{winhost} -u {ntdom}\\{user} -p {s} -h cmd /c \"sc query ScanSync\"",
  "pws:14", "winhost")
C("schtasks-rp-run-password",
  "schtasks /create /tn \"NightlyScanSync\" /tr \"C:\\Tools\\sync.bat\" /sc daily /st 02:00 /ru {ntdom}\\{user} /rp {s}",
  "pw", "'NightlyScanSync")
C("curl-basic-header-base64-userpass",
  "curl -H \"Authorization: Basic {s}\" https://{host}/rest/api/users/me",
  lambda: base64.b64encode((_user() + ":" + _human()).encode()).decode(), "host")
C("mysql-long-password-equals-quoted-space",
  "mysql --host={host} --user=islandora --password=\"{s}\" drupal_islandora < fix_paths.sql",
  "pw", "host")
C("curl-x-api-key-header-openathens",
  "curl -H \"Authorization: OAApiKey {s}\" https://admin.openathens.net/api/v1/{word}.ac.uk/account/query",
  lambda: _uuid() + "." + _rs(_AN, 24), "'admin.openathens.net")
C("powershell-set-item-env-var",
  "$env:DONORPERFECT_API_KEY = '{s}'; .\\Export-Gifts.ps1 -Since {date}",
  "rb64:72", "'Export-Gifts.ps1")
C("ansible-playbook-extra-vars-inline",
  "ansible-playbook -i inventory/prod koha.yml -e \"koha_db_password={s} koha_instance={inst}\"",
  "pws:20", "inst")
C("curl-multiline-backslash-token-header",
  "curl -X POST https://{host}/api/v2/sync \\\n  -H \"Authorization: Token {s}\" \\\n  -d '{\"full\": true}'",
  "hex:40", "host")

# ============================================================ tool-output
T = _grp("tool-output")
T("koha-passwd-output",
  "$ sudo koha-passwd {inst}\nThe Koha database password for instance {inst} is:\n{s}",
  "an:16", "inst")
T("docker-inspect-env-array",
  "$ docker inspect okapi --format '{{json .Config.Env}}'\n[\"OKAPI_URL=http://okapi:9130\",\"PG_HOST={host}\",\"PG_PASSWORD={s}\",\"JAVA_OPTIONS=-Xmx1g\"]",
  "pws:22", "host")
T("kubectl-get-secret-yaml-data-b64",
  "$ kubectl -n folio get secret db-connect -o yaml\napiVersion: v1\ndata:\n  DB_HOST: cG9zdGdyZXM=\n  DB_PASSWORD: {s}\nkind: Secret\nmetadata:\n  name: db-connect",
  lambda: base64.b64encode(_human().encode()).decode(), "'db-connect")
T("env-grep-output-lines",
  "$ env | grep -i sierra\nSIERRA_API_URL=https://{host}/iii/sierra-api/v6\nSIERRA_CLIENT_KEY={cid}\nSIERRA_CLIENT_SECRET={s}",
  "pw", "host")
T("git-config-list-remote-url-token",
  "$ git config --list | grep url\nremote.origin.url=https://{user}:{s}@github.com/{org}/{repo}.git",
  "=ghp_+an:36", "repo")
T("cat-netrc-output",
  "$ cat ~/.netrc\nmachine {host}\n  login {user}\n  password {s}",
  "pw", "host")
T("aws-sts-session-token-json",
  "$ aws sts get-session-token --duration-seconds 3600\n{\n    \"Credentials\": {\n        \"AccessKeyId\": \"{asia}\",\n        \"SecretAccessKey\": \"{s}\",\n        \"Expiration\": \"{ts}\"\n    }\n}",
  "b64:40", "'SecretAccessKey")
T("vault-kv-get-table",
  "$ vault kv get secret/glam/alma\n====== Data ======\nKey        Value\n---        -----\napi_key    {s}\nregion     eu",
  "=l7xx+hex:32", "'secret/glam/alma")
T("heroku-config-output",
  "$ heroku config -a {app}\n=== {app} Config Vars\nLOG_LEVEL:         info\nEVENTBRITE_TOKEN:  {s}",
  "uan:20", "app")
T("mysql-table-systempreferences",
  "MariaDB [koha_{inst}]> SELECT variable, value FROM systempreferences WHERE variable LIKE 'OverDrive%';\n+-----------------------+----------------------------------+\n| variable              | value                            |\n+-----------------------+----------------------------------+\n| OverDriveClientKey    | {word}lib                        |\n| OverDriveClientSecret | {s} |\n+-----------------------+----------------------------------+",
  "b64u:32", "'OverDriveClientSecret")
T("psql-table-remote-account",
  "evergreen=# SELECT id, label, host, username, password FROM config.remote_account;\n id |   label    |       host        | username |    password\n----+------------+-------------------+----------+-----------------\n  {num} | Vendor MARC | {host} | {user} | {s}",
  "pw", "host")
T("curl-verbose-basic-request-header",
  "> GET /api/v1/patrons HTTP/1.1\n> Host: {host}\n> Authorization: Basic {s}\n> User-Agent: curl/8.5.0\n< HTTP/1.1 200 OK",
  lambda: base64.b64encode((_user() + ":" + _human()).encode()).decode(), "host")
T("curl-i-set-cookie-cgisessid",
  "HTTP/1.1 200 OK\nDate: Tue, 12 Mar 2024 09:14:02 GMT\nSet-Cookie: CGISESSID={s}; path=/; HttpOnly; SameSite=Lax\nContent-Type: text/html; charset=UTF-8",
  "hex:32", "'CGISESSID")
T("folio-authn-login-response-json",
  "{\n  \"okapiToken\" : \"{s}\",\n  \"refreshToken\" : null,\n  \"tenant\" : \"{tenant}\"\n}",
  "jwt", "tenant")
T("oclc-token-response-json",
  "{\"access_token\":\"{s}\",\"token_type\":\"bearer\",\"expires_in\":1199,\"principalID\":\"\",\"principalIDNS\":\"\",\"scope\":\"wcapi\",\"contextInstitutionId\":\"{id}\"}",
  "=tk_+an:40", "'token_type")
T("sierra-token-response-json",
  "{\"access_token\":\"{s}\",\"token_type\":\"bearer\",\"expires_in\":3600}",
  "b64u:64", "'token_type")
T("aspace-login-response-json",
  "{\"session\":\"{s}\",\"user\":{\"lock_version\":{num},\"username\":\"{user}\",\"name\":\"{name}\",\"is_system_user\":false}}",
  "hex:64", "user")
T("dspace-login-response-authorization",
  "HTTP/1.1 200\nAuthorization: Bearer {s}\nDSPACE-XSRF-TOKEN: {uuid}\nContent-Length: 0",
  "jwt", "'DSPACE-XSRF-TOKEN")
T("sip2-trace-93-login-co-field",
  "[SIP2] -> 9300CN{svc}|CO{s}|CP{loc}|AY0AZ{sipck}\n[SIP2] <- 941AY0AZFDFC",
  "pw", "svc")
T("sip2-trace-63-patron-ad-pin",
  "-> 63001{date}    {time}          AO{code}|AA{barcode}|AD{s}|BP1|BQ5|AY1AZF2B1\n<- 64              001{date}    {time}000000000000000000000000AO{code}|AA{barcode}|AEJ. Doe|BLY|CQY|",
  "dig:6", "code")
T("ps-aux-process-args-password",
  "$ ps aux | grep cantaloupe\ncantal+  {pid}  2.1  8.4 5120040 690112 ?  Ssl  09:01  12:44 java -Dcantaloupe.config=/etc/cantaloupe.properties -Dendpoint.admin.secret={s} -jar cantaloupe-5.0.6.jar",
  "an:24", "'cantaloupe.properties")
T("docker-compose-config-resolved",
  "$ docker compose config\nservices:\n  omeka:\n    environment:\n      MYSQL_DATABASE: omeka\n      MYSQL_PASSWORD: {s}\n      MYSQL_USER: omeka\n    image: omeka-s:4.1",
  "pw", "'MYSQL_USER")
T("helm-get-values-output",
  "$ helm get values folio -n folio\nUSER-SUPPLIED VALUES:\npostgresql:\n  auth:\n    password: {s}\n    username: folio_admin",
  "pws:20", "'folio_admin")
T("python-repl-os-environ-repr",
  ">>> import os\n>>> os.environ['OMEKA_KEY_CREDENTIAL']\n'{s}'",
  "an:32", "'OMEKA_KEY_CREDENTIAL")
T("grep-ezproxy-user-txt-result",
  "$ grep -n {user} /usr/local/ezproxy/user.txt\n{num}:{user}:{s}",
  "pw", "user")
T("crontab-l-harvest-line",
  "$ crontab -l\n# m h dom mon dow command\n15 2 * * * /opt/harvest/bin/run.sh --endpoint https://{host}/oai --user {user} --pass {s} >> /var/log/harvest.log 2>&1",
  "pw", "host")
T("history-grep-curl-numbered",
  "$ history | grep almaws\n  {num}  curl \"https://api-eu.hosted.exlibrisgroup.com/almaws/v1/bibs/99{id2}?apikey={s}\"",
  "=l7xx+hex:32", "'history | grep almaws")
T("pytest-failure-locals-password",
  "    def test_sip_login(client):\n>       assert client.login(user, password)\nE       AssertionError: assert False\n\nclient     = <Sip2Client {ip}:6001>\npassword   = '{s}'\nuser       = '{svc}'",
  "pw", "svc")
T("az-storage-keys-list-json",
  "$ az storage account keys list -g rg-dams -n {word}dams\n[\n  {\n    \"keyName\": \"key1\",\n    \"permissions\": \"FULL\",\n    \"value\": \"{s}\"\n  }\n]",
  "rb64:64", "'keyName")
T("gcloud-print-access-token",
  "$ gcloud auth print-access-token\n{s}",
  "=ya29.+b64u:150", "'gcloud auth print-access-token")
T("secretsmanager-secretstring-escaped-json",
  "{\n    \"Name\": \"prod/ticketing/db\",\n    \"SecretString\": \"{\\\"username\\\":\\\"{user}\\\",\\\"password\\\":\\\"{s}\\\"}\",\n    \"VersionStages\": [\"AWSCURRENT\"]\n}",
  "pws:24", "'prod/ticketing/db")
T("kubectl-describe-pod-env-literal",
  "    Environment:\n      OKAPI_URL:        http://okapi:9130\n      SYSTEM_USER_PASSWORD:  {s}\n      DB_PASSWORD:      <set to the key 'DB_PASSWORD' in secret 'db-connect'>  Optional: false",
  "pws:18", "'OKAPI_URL")
T("wp-config-list-table",
  "$ wp config list\n+------------------+----------------------+----------+\n| name             | value                | type     |\n+------------------+----------------------+----------+\n| DB_NAME          | museo_wp             | constant |\n| DB_USER          | museo_wp             | constant |\n| DB_PASSWORD      | {s}      | constant |\n+------------------+----------------------+----------+",
  "pw", "'museo_wp")
T("drush-sql-connect-output",
  "$ drush sql:connect\nmysql --user=drupal --password={s} --database=islandora --host={host} --port=3306 -A",
  "pws:20", "host")
T("composer-config-list-http-basic",
  "$ composer config --global --list | grep http-basic\n[http-basic.repo.{dom}.username] {user}\n[http-basic.repo.{dom}.password] {s}",
  "an:40", "user")
T("git-remote-v-output-token",
  "$ git remote -v\norigin\thttps://x-access-token:{s}@github.com/{org}/{repo}.git (fetch)\norigin\thttps://x-access-token:{s}@github.com/{org}/{repo}.git (push)",
  "=ghs_+an:36", "repo")
T("pm2-env-output",
  "$ pm2 env 0\nNODE_ENV: production\nPORT: 3000\nSQUARE_ACCESS_TOKEN: {s}\nTICKET_SITE: {host}",
  "=EAAA+b64u:60", "host")
T("openssl-pkcs12-info-nodes-key",
  "$ openssl pkcs12 -in shib-sp.p12 -nodes -info\nBag Attributes\n    friendlyName: shibboleth\nKey Attributes: <No Attributes>\n-----BEGIN PRIVATE KEY-----\n{s}\n-----END PRIVATE KEY-----",
  "pem:10", "'friendlyName: shibboleth")
T("cat-id-ed25519-openssh-body",
  "$ cat ~/.ssh/scan_ingest_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n{s}\n-----END OPENSSH PRIVATE KEY-----",
  "ossh", "'scan_ingest_ed25519")
T("macos-security-find-generic-password-w",
  "$ security find-generic-password -s \"Alma Sandbox\" -a {user} -w\n{s}",
  "pw", "user")
T("secret-tool-lookup-output",
  "$ secret-tool lookup service archivesspace user {user}\n{s}",
  "pw", "user")
T("op-item-get-fields-output",
  "$ op item get \"Raiser's Edge SKY\" --fields label=subscription_key --reveal\n{s}",
  "hex:32", "'Raiser's Edge SKY")
T("kubectl-jsonpath-base64-decode",
  "$ kubectl get secret iiif-auth -o jsonpath='{.data.jwt_secret}' | base64 -d\n{s}",
  "b64:48", "'iiif-auth")
T("aws-ssm-get-parameter-value-json",
  "{\n    \"Parameter\": {\n        \"Name\": \"/museum/ticketing/stripe_secret\",\n        \"Type\": \"SecureString\",\n        \"Value\": \"{s}\",\n        \"Version\": {num}\n    }\n}",
  "=sk_live_+an:99", "'/museum/ticketing/stripe_secret")
T("elasticsearch-reset-password-output",
  "$ bin/elasticsearch-reset-password -u elastic -b\nPassword for the [elastic] user successfully reset.\nNew value: {s}",
  "b64u:20", "'[elastic] user")
T("jupyter-server-list-token-url",
  "$ jupyter server list\nCurrently running servers:\nhttp://localhost:8888/?token={s} :: /home/{user}/ocr-experiments",
  "hex:48", "user")
T("minio-startup-rootpass",
  "MinIO Object Storage Server\nAPI: http://{ip}:9000\nRootUser: {user}\nRootPass: {s}",
  "an:32", "user")
T("powershell-registry-connectionstring",
  "PS C:\\> Get-ItemProperty 'HKLM:\\SOFTWARE\\Gallery Systems\\TMS' | Select ConnectionString\n\nConnectionString\n----------------\nData Source={winhost};Initial Catalog=TMS;User ID=tmsuser;Password={s}",
  "pw", "winhost")
T("netsh-wlan-key-clear",
  "PS C:\\> netsh wlan show profile name=\"{ssid}\" key=clear\n    Security key           : Present\n    Key Content            : {s}",
  "pw", "ssid")
T("nmcli-show-secrets-psk",
  "$ nmcli -s -g 802-11-wireless-security.psk connection show {ssid}\n{s}",
  "pw", "ssid")
T("koha-oauth-token-response",
  "{\"access_token\":\"{s}\",\"expires_in\":3600,\"token_type\":\"Bearer\"}",
  "rb64:36", "'token_type")
T("cat-omeka-database-ini-output",
  "$ cat config/database.ini\nuser     = \"omeka\"\npassword = \"{s}\"\ndbname   = \"omeka_s\"\nhost     = \"{host}\"",
  "pw", "host")
T("git-diff-added-password-line",
  "$ git diff config/sip.yml\n@@ -4,7 +4,7 @@ accounts:\n   - login: {svc}\n-    password: CHANGEME\n+    password: {s}\n     institution: {code}",
  "pw", "svc")
T("grep-rn-apikey-in-source",
  "$ grep -rn apikey src/\nsrc/alma/client.py:{num}:    API_KEY = \"{s}\"",
  "=l7xx+hex:32", "'src/alma/client.py")
T("strings-binary-grep-password",
  "$ strings ScanSync.exe | grep -i pass\nUploadPassword={s}\nPasswordPolicyUrl=https://{host}/policy",
  "pw", "host")
T("gitleaks-finding-output",
  "Finding:     BLOOMERANG_API_KEY = \"{s}\"\nSecret:      {s}\nRuleID:      generic-api-key\nFile:        scripts/donor_sync.py\nLine:        {num}",
  "=prv_+an:32", "'scripts/donor_sync.py")
T("terraform-output-json-sensitive",
  "$ terraform output -json\n{\n  \"db_password\": {\n    \"sensitive\": true,\n    \"type\": \"string\",\n    \"value\": \"{s}\"\n  }\n}",
  "pws:24", "'db_password")
T("mysql-vertical-output-smtp-pass",
  "*************************** 1. row ***************************\n   branchcode: {loc}\n    smtp_host: smtp.{dom}\n    smtp_user: notices@{dom}\nsmtp_password: {s}",
  "pw", "'smtp_host")
T("sqlite-select-api-keys-pipe",
  "sqlite> SELECT name, key FROM api_keys;\nmailchimp|{s}\neventbrite|<revoked>",
  "hex:32+=-us+dig:2", "'mailchimp")
T("env-file-cat-with-line-numbers",
  "$ cat -n .env\n     1\tAPP_ENV=production\n     2\tTICKETING_DB_HOST={host}\n     3\tTICKETING_DB_PASS={s}\n     4\tLOG_LEVEL=info",
  "pw", "host")
T("http-response-json-client-secret-echo",
  "HTTP/1.1 201 Created\nContent-Type: application/json\n\n{\"client_id\":\"{uuid}\",\"client_secret\":\"{s}\",\"name\":\"discovery-layer\"}",
  "an:40", "'discovery-layer")
T("windows-set-command-output",
  "C:\\Scan> set | findstr /i UPLOAD\nUPLOAD_HOST={host}\nUPLOAD_PASSWORD={s}",
  "pw", "host")
T("npm-whoami-debug-token-line",
  "$ cat ~/.npmrc\n@{org}:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken={s}",
  "=ghp_+an:36", "org")
T("grep-koha-conf-pass-element",
  "$ sudo grep -A1 '<user>' /etc/koha/sites/{inst}/koha-conf.xml\n <user>koha_{inst}</user>\n <pass>{s}</pass>",
  "pws:16", "inst")
T("systemctl-cat-environment-line",
  "$ systemctl cat oai-harvester.service\n# /etc/systemd/system/oai-harvester.service\n[Service]\nUser={svc}\nEnvironment=\"HARVEST_PASSWORD={s}\"\nExecStart=/opt/harvester/bin/run",
  "pw", "svc")
T("kubectl-get-configmap-leaked-token",
  "$ kubectl get cm mirador-config -o yaml\napiVersion: v1\ndata:\n  MANIFEST_BASE: https://{host}/iiif/2\n  AUTH_BEARER: {s}\nkind: ConfigMap",
  "b64u:48", "host")
T("jq-config-json-api-secret",
  "$ jq . config/ticketing.json\n{\n  \"venue\": \"{lib}\",\n  \"apiKey\": \"{cid}\",\n  \"apiSecret\": \"{s}\"\n}",
  "hex:40", "lib")
T("docker-exec-env-output",
  "$ docker exec -it koha env | sort\nKOHA_INSTANCE={inst}\nMYSQL_PASSWORD={s}\nMYSQL_SERVER=db\nZEBRA_MARC_FORMAT=marc21",
  "pws:16", "inst")

# ============================================================ config-file
F = _grp("config-file")
F("koha-conf-xml-pass-element",
  " <db_scheme>mysql</db_scheme>\n <database>koha_{inst}</database>\n <hostname>{host}</hostname>\n <port>3306</port>\n <user>koha_{inst}</user>\n <pass>{s}</pass>",
  "an:16", "host")
F("koha-sipconfig-login-attribute",
  "<accounts>\n    <login id=\"{svc}\" password=\"{s}\" delimiter=\"|\" error-detect=\"enabled\" institution=\"{code}\" encoding=\"utf8\" />\n</accounts>",
  "pw", "svc")
F("koha-conf-encryption-key",
  " <!-- encryption_key is used for two-factor secrets and plugin data -->\n <encryption_key>{s}</encryption_key>",
  "an:32", "'encryption_key is used")
F("folio-edge-ephemeral-properties",
  "secureStore.type=Ephemeral\ntenants={tenant}\n{tenant}=edge-patron-user,{s}",
  "pw", "'edge-patron-user")
F("evergreen-opensrf-xml-pw",
  "<database>\n  <driver>Pg</driver>\n  <host>{host}</host>\n  <port>5432</port>\n  <db>evergreen</db>\n  <user>evergreen</user>\n  <pw>{s}</pw>\n</database>",
  "pws:18", "host")
F("evergreen-opensrf-core-passwd",
  "<router>\n  <transport>\n    <server>private.localhost</server>\n    <username>router</username>\n    <password>{s}</password>\n  </transport>\n</router>",
  "pw", "'private.localhost")
F("aspace-config-rb-jdbc-url-password",
  "AppConfig[:db_url] = \"jdbc:mysql://{host}:3306/archivesspace?user=as&password={s}&useUnicode=true&characterEncoding=UTF-8\"",
  "pwu", "host")
F("aspace-config-rb-user-secret",
  "AppConfig[:search_user_secret] = \"{s}\"\nAppConfig[:public_user_secret] = ENV['ASPACE_PUBLIC_SECRET']",
  "hex:40", "'search_user_secret")
F("dspace-local-cfg-db-password",
  "db.url = jdbc:postgresql://{host}:5432/dspace\ndb.username = dspace\ndb.password = {s}",
  "pw", "host")
F("dspace-local-cfg-mail-password",
  "mail.server = smtp.{dom}\nmail.server.username = repository@{dom}\nmail.server.password = {s}\nmail.server.port = 587",
  "pw", "'mail.server.port")
F("fcrepo-properties-db-password",
  "fcrepo.db.url=jdbc:postgresql://{host}:5432/fcrepo\nfcrepo.db.user=fcrepo\nfcrepo.db.password={s}",
  "pws:20", "host")
F("drupal-settings-php-databases-array",
  "$databases['default']['default'] = [\n  'database' => 'islandora',\n  'username' => 'drupal',\n  'password' => '{s}',\n  'host' => '{host}',\n  'driver' => 'mysql',\n];",
  "pw", "host")
F("drupal-settings-hash-salt",
  "$settings['hash_salt'] = '{s}';",
  "b64u:74", "'hash_salt")
F("omeka-classic-db-ini",
  "[database]\nhost     = \"{host}\"\nusername = \"omeka\"\npassword = \"{s}\"\ndbname   = \"omeka_{word}\"\nprefix   = \"omeka_\"",
  "pw", "host")
F("collectiveaccess-setup-php-define",
  "define(\"__CA_DB_HOST__\", '{host}');\ndefine(\"__CA_DB_USER__\", 'ca');\ndefine(\"__CA_DB_PASSWORD__\", '{s}');\ndefine(\"__CA_DB_DATABASE__\", 'collectiveaccess');",
  "pw", "host")
F("cantaloupe-properties-admin-secret",
  "endpoint.admin.enabled = true\nendpoint.admin.username = admin\nendpoint.admin.secret = {s}",
  "an:20", "'endpoint.admin.username")
F("cantaloupe-properties-s3source-secret",
  "S3Source.endpoint = https://s3.{region}.amazonaws.com\nS3Source.access_key_id = {akid}\nS3Source.secret_key = {s}\nS3Source.BasicLookupStrategy.bucket.name = {bucket}",
  "b64:40", "bucket")
F("ezproxy-user-txt-ticket-md5",
  "::Ticket\nTimeValid 10\nMD5 {s}\nExpired; Deny expired.html\n/Ticket",
  "an:24", "'TimeValid 10")
F("ezproxy-user-txt-plain-line",
  "# local staff accounts\n{user}:{s}:admin\n::common",
  "pw", "user")
F("ezproxy-ldap-bindpassword",
  "::LDAP\nBindUser cn={user},ou=service,dc={word},dc=ac,dc=uk\nBindPassword {s}\nURL ldaps://{host}/ou=people,dc={word},dc=ac,dc=uk?uid\n/LDAP",
  "pw", "host")
F("shibboleth-idp-bind-dn-credential",
  "idp.authn.LDAP.bindDN = cn={user},ou=svc,dc={word},dc=edu\nidp.authn.LDAP.bindDNCredential = {s}",
  "pw", "'idp.authn.LDAP.bindDN")
F("shibboleth-principal-credential-xml",
  "<DataConnector id=\"myLDAP\" xsi:type=\"LDAPDirectory\" ldapURL=\"ldaps://{host}\" baseDN=\"ou=people,dc={word},dc=edu\" principal=\"cn={user},ou=svc\" principalCredential=\"{s}\" />",
  "pw", "host")
F("vufind-config-ini-database-url",
  "[Database]\ndatabase = mysql://vufind:{s}@localhost/vufind\nuse_ssl = false",
  "pwu", "'use_ssl")
F("vufind-kohrest-ini-client-secret",
  "[Catalog]\nhost = \"https://{host}/api/v1\"\nclientId = \"{uuid}\"\nclientSecret = \"{s}\"",
  "an:36", "host")
F("selfcheck-kiosk-ini-sip2-section",
  "[SIP2]\nHost={ip}\nPort=6001\nLoginUser={svc}\nLoginPassword={s}\nLocationCode={loc}\nTerminator=CR",
  "pw", "svc")
F("selfcheck-admin-exit-pin-ini",
  "[Kiosk]\nLanguage=it,en,pl\nScreensaverMinutes=5\nAdminExitPin={s}",
  "dig:6", "'AdminExitPin")
F("capture-station-upload-ini",
  "[Upload]\nTarget=\\\\{winhost}\\ingest\\hotfolder\nUser={ntdom}\\{user}\nPassword={s}\nVerifyChecksum=sha256",
  "pw", "winhost")
F("goobi-config-properties-ldap-admin",
  "ldap_url=ldaps://{host}:636/\nldap_adminLogin=cn=goobi,ou=svc,dc={word},dc=de\nldap_adminPassword={s}",
  "pw", "host")
F("archivematica-env-ss-db-password",
  "SS_DB_URL=mysql://archivematica@{host}:3306/SS\nSS_DB_PASSWORD={s}\nSS_GUNICORN_WORKERS=4",
  "pws:20", "host")
F("tomcat-users-xml-user-password",
  "<tomcat-users>\n  <role rolename=\"manager-gui\"/>\n  <user username=\"{user}\" password=\"{s}\" roles=\"manager-gui,fedoraAdmin\"/>\n</tomcat-users>",
  "pw", "user")
F("appsettings-json-connectionstring",
  "{\n  \"ConnectionStrings\": {\n    \"Ticketing\": \"Server={winhost};Database=Ticketing;User Id=tix_app;Password={s};TrustServerCertificate=True\"\n  }\n}",
  "pw", "winhost")
F("civicrm-settings-site-key",
  "if (!defined('CIVICRM_SITE_KEY')) {\n  define( 'CIVICRM_SITE_KEY', '{s}');\n}",
  "an:32", "'CIVICRM_SITE_KEY")
F("civicrm-dsn-mysql-url",
  "define( 'CIVICRM_DSN', 'mysql://civicrm:{s}@{host}/civicrm?new_link=true');",
  "pwu", "host")
F("wp-config-db-password-define",
  "define( 'DB_NAME', 'museo_wp' );\ndefine( 'DB_USER', 'museo_wp' );\ndefine( 'DB_PASSWORD', '{s}' );",
  "pw", "'museo_wp")
F("wp-config-auth-key-salt",
  "define( 'AUTH_KEY',         '{s}' );",
  "pws:64", "'AUTH_KEY")
F("hyrax-env-secret-key-base",
  "FEDORA_URL=http://{host}:8080/fcrepo/rest\nSECRET_KEY_BASE={s}\nSOLR_URL=http://solr:8983/solr/hyrax",
  "hex:128", "host")
F("django-settings-secret-key",
  "SECRET_KEY = '{s}'\nDEBUG = False\nALLOWED_HOSTS = ['{host}']",
  "pws:50", "host")
F("pgpass-line",
  "# hostname:port:database:username:password\n{host}:5432:folio:folio_admin:{s}",
  "pw", "host")
F("my-cnf-client-password-quoted",
  "[client]\nhost=localhost\nuser=koha_{inst}\npassword=\"{s}\"",
  "pw", "inst")
F("netrc-single-line",
  "machine ftp.{dom} login {user} password {s}",
  "pw", "user")
F("rclone-conf-s3-secret",
  "[scans]\ntype = s3\nprovider = Wasabi\naccess_key_id = {akid}\nsecret_access_key = {s}\nendpoint = s3.eu-central-1.wasabisys.com",
  "uan:40", "'provider = Wasabi")
F("aws-credentials-profile",
  "[dams-prod]\naws_access_key_id = {akid}\naws_secret_access_key = {s}\nregion = {region}",
  "b64:40", "'dams-prod")
F("docker-config-json-auths-auth",
  "{\n  \"auths\": {\n    \"registry.{dom}\": {\n      \"auth\": \"{s}\"\n    }\n  }\n}",
  lambda: base64.b64encode((_user() + ":" + _rs(_AN, 20)).encode()).decode(), "'auths")
F("npmrc-authtoken-line",
  "registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={s}",
  "=npm_+an:36", "'registry.npmjs.org")
F("pip-conf-index-url-credentials",
  "[global]\nindex-url = https://{user}:{s}@nexus.{dom}/repository/pypi-group/simple",
  "pwu", "user")
F("maven-settings-xml-server-password",
  "<server>\n  <id>glam-releases</id>\n  <username>{user}</username>\n  <password>{s}</password>\n</server>",
  "pw", "user")
F("spring-application-yml-datasource",
  "spring:\n  datasource:\n    url: jdbc:postgresql://{host}:5432/folio\n    username: folio_admin\n    password: {s}",
  "pws:20", "host")
F("kafka-sasl-jaas-config-password",
  "sasl.mechanism=SCRAM-SHA-512\nsasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username=\"folio\" password=\"{s}\";",
  "an:24", "'SCRAM-SHA-512")
F("solr-in-sh-basicauth-opts",
  "SOLR_AUTH_TYPE=\"basic\"\nSOLR_AUTHENTICATION_OPTS=\"-Dbasicauth=solr:{s}\"",
  "pw", "'SOLR_AUTH_TYPE")
F("nginx-proxy-set-header-basic",
  "location /oai/ {\n    proxy_pass http://{ip}:8080/oai/;\n    proxy_set_header Authorization \"Basic {s}\";\n}",
  lambda: base64.b64encode(("harvester:" + _human()).encode()).decode(), "'proxy_pass")
F("apache-requestheader-api-key",
  "<Location /api/objects>\n  RequestHeader set X-Api-Key \"{s}\"\n  ProxyPass http://{ip}:9000/objects\n</Location>",
  "hex:32", "'/api/objects")
F("toml-harvester-oclc-section",
  "[oclc]\nclient_id = \"{cid}\"\nclient_secret = \"{s}\"\nscope = \"WorldCatMetadataAPI\"",
  "b64:32", "'WorldCatMetadataAPI")
F("yaml-oai-endpoints-basic-password",
  "endpoints:\n  - name: {word}\n    url: https://{host}/oai/request\n    auth:\n      user: {user}\n      password: \"{s}\"",
  "pw", "host")
F("ini-polish-comment-haslo",
  "; hasło do serwera Z39.50 (nie zmieniać bez uzgodnienia z działem IT)\n[z3950]\nhost = {host}\nuzytkownik = {user}\nhaslo = {s}",
  "pwpl", "host")
F("yaml-japanese-comment-password",
  "# 図書館システム接続設定\nilis:\n  host: {host}\n  user: {user}\n  password: {s}",
  "pwja", "host")
F("yaml-spanish-clave-key",
  "# contraseña del catálogo (Absysnet)\ncatalogo:\n  servidor: {host}\n  usuario: {user}\n  clave: '{s}'",
  "pwes", "host")
F("properties-italian-sbn-polo",
  "# credenziali SBN per il polo {code}\nsbn.polo={code}\nsbn.utente={user}\nsbn.password_polo={s}",
  "pwit", "user")
F("web-config-appsettings-add-key",
  "<appSettings>\n  <add key=\"DonorCrmBaseUrl\" value=\"https://{host}/api\" />\n  <add key=\"DonorCrmApiKey\" value=\"{s}\" />\n</appSettings>",
  "hex:32", "host")
F("openssh-private-key-file-body",
  "-----BEGIN OPENSSH PRIVATE KEY-----\n{s}\n-----END OPENSSH PRIVATE KEY-----",
  "ossh", "")
F("rsa-private-key-pkcs1-file-body",
  "# /etc/shibboleth/sp-key.pem\n-----BEGIN RSA PRIVATE KEY-----\n{s}\n-----END RSA PRIVATE KEY-----",
  "pem:12", "'/etc/shibboleth/sp-key.pem")
F("ec-private-key-file-body",
  "-----BEGIN EC PRIVATE KEY-----\n{s}\n-----END EC PRIVATE KEY-----",
  lambda: _wrap(base64.b64encode(b"\x30\x77\x02\x01\x01\x04\x20" + _rb(80)).decode(), 64), "")
F("msmtprc-password-line",
  "account notices\nhost smtp.{dom}\nport 587\nauth on\nuser overdue-notices@{dom}\npassword {s}",
  "pw", "'account notices")
F("ojs-config-inc-php-database",
  "[database]\ndriver = mysqli\nhost = {host}\nusername = ojs\npassword = {s}\nname = ojs_journals",
  "pw", "host")
F("php-config-array-api-secret",
  "$config['europeana_key'] = '{word}';\n$config['api_secret'] = '{s}';",
  "an:40", "'europeana_key")
F("env-file-quoted-with-hash",
  "# Museum shop\nSHOP_DB_USER=shop\nSHOP_DB_PASSWORD=\"{s}\"\nSHOP_CURRENCY=EUR",
  lambda: _human() + "#" + str(_n(10, 99)), "'SHOP_DB_USER")
F("yaml-folded-password-next-line",
  "tessitura:\n  api_user: {user}\n  api_password: >-\n    {s}\n  machine: {winhost}",
  "pws:24", "user")
F("xml-cdata-password",
  "<connection name=\"preservica\">\n  <url>https://{host}/api</url>\n  <user>{user}</user>\n  <password><![CDATA[{s}]]></password>\n</connection>",
  lambda: _human() + "<&>" + str(_n(1, 9)), "host")
F("ini-windows-scanner-ftp-profile",
  "[FTPProfile1]\nName=Archivio Digitale\nServer={host}\nUser={user}\nPass={s}\nPassive=1",
  "pw", "host")
F("kintone-style-json-api-token-config",
  "{\n  \"app\": {num},\n  \"domain\": \"{word}.cybozu.com\",\n  \"apiToken\": \"{s}\"\n}",
  "an:40", "'cybozu.com")

# ============================================================ source-code
S = _grp("source-code")
S("python-module-constant-alma-key",
  "import requests\n\nALMA_BASE = \"https://api-eu.hosted.exlibrisgroup.com/almaws/v1\"\nALMA_KEY = \"{s}\"  # prod read/write",
  "=l7xx+hex:32", "'ALMA_BASE")
S("python-requests-auth-tuple-positional",
  "resp = requests.post(f\"{!base}/iii/sierra-api/v6/token\", auth=(\"{cid}\", \"{s}\"), timeout=30)",
  "pw", "'sierra-api/v6/token")
S("python-pymysql-connect-positional",
  "conn = pymysql.connect(\"{host}\", \"koha_{inst}\", \"{s}\", \"koha_{inst}\", charset=\"utf8mb4\")",
  "pws:16", "host")
S("python-psycopg2-password-kwarg",
  "conn = psycopg2.connect(host=\"{host}\", dbname=\"evergreen\", user=\"evergreen\", password=\"{s}\")",
  "pw", "host")
S("python-sip2-client-login-positional",
  "client = Sip2Client(\"{ip}\", 6001, timeout=10)\nclient.login(\"{svc}\", \"{s}\", location=\"{loc}\")",
  "pw", "svc")
S("python-oclc-client-kwargs",
  "wc = WorldCatClient(\n    client_id=\"{cid}\",\n    client_secret=\"{s}\",\n    scope=\"wcapi:view_bib\",\n)",
  "b64:32", "'wcapi:view_bib")
S("js-okapi-client-object-token",
  "const okapi = new OkapiClient({ url: 'https://{host}', tenant: '{tenant}', token: '{s}' });",
  "hs256", "host")
S("php-omeka-client-positional",
  "$api = new OmekaSClient('https://{host}/api', '{kid}', '{s}');",
  "an:32", "host")
S("php-pdo-constructor-positional",
  "$pdo = new PDO('mysql:host={host};dbname=collectiveaccess;charset=utf8mb4', 'ca', '{s}');",
  "pw", "host")
S("java-drivermanager-getconnection",
  "Connection c = DriverManager.getConnection(\"jdbc:postgresql://{host}:5432/folio\", \"folio_admin\", \"{s}\");",
  "pws:20", "host")
S("csharp-sqlconnection-string",
  "using var conn = new SqlConnection(\"Server={winhost};Database=TMS;User Id={user};Password={s};\");",
  "pw", "winhost")
S("ruby-aspace-client-password-kwarg",
  "client = ArchivesSpace::Client.new(ArchivesSpace::Configuration.new(\n  base_uri: \"http://{host}:8089\",\n  username: \"admin\",\n  password: \"{s}\"\n)).login",
  "pw", "host")
S("go-sierra-newclient-positional",
  "client := sierra.NewClient(\"https://{host}/iii/sierra-api\", \"{cid}\", \"{s}\")",
  "pw", "host")
S("rust-const-token-str",
  "const IIIF_ADMIN_TOKEN: &str = \"{s}\";",
  "b64u:40", "'IIIF_ADMIN_TOKEN")
S("perl-lwp-credentials-positional",
  "$ua->credentials(\"{host}:443\", \"Restricted\", \"{user}\", \"{s}\");",
  "pw", "host")
S("perl-dbi-connect-positional",
  "my $dbh = DBI->connect(\"dbi:mysql:database=koha_{inst};host={host}\", \"koha_{inst}\", \"{s}\", { RaiseError => 1 });",
  "an:16", "host")
S("bash-script-single-quoted-var",
  "#!/bin/bash\nset -e\nREMOTE={user}@{host}\nPASS='{s}'\nsshpass -p \"$PASS\" rsync -a /srv/derivatives/ \"$REMOTE:/var/www/iiif/\"",
  "pw", "host")
S("powershell-script-password-var",
  "$Server = '{winhost}'\n$User = '{ntdom}\\{user}'\n$Password = \"{s}\"\n$cred = New-Object PSCredential($User, (ConvertTo-SecureString $Password -AsPlainText -Force))",
  "pw", "winhost")
S("ipynb-json-cell-escaped-quotes",
  "   \"source\": [\n    \"import pyeuropeana.apis as apis\\n\",\n    \"os.environ['EUROPEANA_API_KEY'] = \\\"{s}\\\"\\n\"\n   ]",
  "al:9", "'pyeuropeana.apis")
S("python-django-databases-dict",
  "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'collections',\n        'USER': 'collections',\n        'PASSWORD': '{s}',\n        'HOST': '{host}',\n    }\n}",
  "pw", "host")
S("python-fstring-url-embedded-password",
  "url = f\"https://{!user}:{s}@{host}/api/v1/items?page={!page}\"",
  "pwu", "host")
S("js-fetch-bearer-concat",
  "const res = await fetch(`https://{host}/api/tickets`, {\n  headers: { 'Authorization': 'Bearer ' + '{s}' }\n});",
  "an:40", "host")
S("js-const-europeana-wskey",
  "export const EUROPEANA_WSKEY = \"{s}\";",
  "al:10", "'EUROPEANA_WSKEY")
S("node-mysql-createconnection-password",
  "const db = mysql.createConnection({\n  host: '{host}',\n  user: 'omeka',\n  password: '{s}',\n  database: 'omeka_s'\n});",
  "pw", "host")
S("python-smtplib-login-positional",
  "with smtplib.SMTP(\"smtp.{dom}\", 587) as s:\n    s.starttls()\n    s.login(\"{email}\", \"{s}\")",
  "pw", "email")
S("python-ftplib-constructor-positional",
  "ftp = ftplib.FTP(\"{host}\", \"{user}\", \"{s}\")\nftp.cwd(\"/outgoing/marc\")",
  "pw", "host")
S("python-paramiko-connect-password",
  "ssh.connect(\"{host}\", username=\"{user}\", password=\"{s}\", look_for_keys=False)",
  "pw", "host")
S("python-boto3-client-keys",
  "s3 = boto3.client(\"s3\", region_name=\"{region}\", aws_access_key_id=\"{akid}\", aws_secret_access_key=\"{s}\")",
  "b64:40", "region")
S("java-static-final-api-secret",
  "private static final String TICKETING_API_SECRET = \"{s}\";",
  "hex:48", "'TICKETING_API_SECRET")
S("kotlin-const-mapbox-secret-token",
  "const val MAPBOX_DOWNLOADS_TOKEN = \"sk.{s}\"",
  lambda: _b64u(json.dumps({"u": _word(), "a": _rs(_LOW + _DIG, 24)}).encode()) + "." + _rs(_B64U, 22), "'MAPBOX_DOWNLOADS_TOKEN")
S("swift-let-stripe-secret",
  "let stripeSecret = \"{s}\" // TODO move to backend before App Store",
  "=sk_live_+an:24", "'App Store")
S("python-pytest-fixture-alma-key",
  "@pytest.fixture\ndef alma():\n    return AlmaApi(\"{s}\", region=\"eu\")",
  "=l7xx+hex:32", "'region=\"eu\"")
S("sql-insert-users-plaintext",
  "INSERT INTO staff_users (username, password, role) VALUES ('{user}', '{s}', 'registrar');",
  "pw", "user")
S("sql-create-user-identified-by",
  "CREATE USER 'koha_{inst}'@'%' IDENTIFIED BY '{s}';\nGRANT ALL ON koha_{inst}.* TO 'koha_{inst}'@'%';",
  "pws:16", "inst")
S("sql-alter-role-with-password",
  "ALTER ROLE folio_admin WITH LOGIN PASSWORD '{s}';",
  "pw", "'folio_admin")
S("dockerfile-env-password",
  "FROM php:8.2-apache\nENV OMEKA_DB_HOST={host}\nENV OMEKA_DB_PASSWORD={s}\nCOPY . /var/www/html",
  "pw", "host")
S("makefile-curl-basic-target",
  "reindex:\n\tcurl -u admin:{s} -X POST http://{host}:8089/plugins/reindex",
  "pwu", "host")
S("terraform-resource-db-password",
  "resource \"aws_db_instance\" \"collections\" {\n  engine   = \"postgres\"\n  username = \"collections\"\n  password = \"{s}\"\n}",
  "pws:20", "'aws_db_instance")
S("python-ezproxy-ticket-md5-secret",
  "EZPROXY_SECRET = \"{s}\"\n\ndef ticket(user, groups):\n    packet = \"$u\" + str(int(time.time())) + \"$g\" + groups + \"$e\"\n    return hashlib.md5((EZPROXY_SECRET + user + packet).encode()).hexdigest() + packet",
  "an:20", "'EZPROXY_SECRET")
S("php-ezproxy-ticket-secret-var",
  "$secret = \"{s}\";\n$packet = '$u' . time() . '$e';\n$ticket = md5($secret . $user . $packet) . $packet;",
  "pw", "'$packet")
S("js-jwt-sign-literal-secret",
  "const token = jwt.sign({ sub: user.id, scope: 'iiif' }, '{s}', { expiresIn: '1h' });",
  "b64:44", "'iiif")
S("python-jwt-encode-literal-secret",
  "token = jwt.encode({\"sub\": patron_id, \"exp\": exp}, \"{s}\", algorithm=\"HS256\")",
  "hex:64", "'algorithm")
S("csharp-networkcredential-positional",
  "var cred = new NetworkCredential(\"{user}\", \"{s}\", \"{ntdom}\");",
  "pw", "user")
S("vba-adodb-connection-open",
  "conn.Open \"Provider=SQLOLEDB;Data Source={winhost};Initial Catalog=Donors;User ID=excel_ro;Password={s};\"",
  "pw", "winhost")
S("java-props-put-mail-password",
  "props.put(\"mail.smtp.user\", \"notices@{dom}\");\nprops.put(\"mail.smtp.password\", \"{s}\");",
  "pw", "'mail.smtp.user")
S("python-solr-url-credentials",
  "solr = pysolr.Solr(\"http://solr:{s}@{ip}:8983/solr/blacklight-core\", always_commit=True)",
  "pwu", "'blacklight-core")
S("ruby-alma-configure-block",
  "Alma.configure do |config|\n  config.apikey = \"{s}\"\n  config.region = \"https://api-eu.hosted.exlibrisgroup.com\"\nend",
  "=l7xx+hex:32", "'config.region")
S("python-oai-client-credentials-tuple",
  "client = Client(\"https://{host}/oai\", registry, credentials=(\"{user}\", \"{s}\"))",
  "pw", "host")
S("java-passwordauthentication-tochararray",
  "return new PasswordAuthentication(\"{user}\", \"{s}\".toCharArray());",
  "pw", "user")
S("ruby-cantaloupe-delegate-constant",
  "class CustomDelegate\n  AUTH_SECRET = '{s}'\n\n  def authorize(options = {})\n    context['request_headers']['Authorization'] == \"Bearer #{AUTH_SECRET}\"\n  end\nend",
  "an:32", "'CustomDelegate")
S("python-params-dict-auth-token",
  "r = requests.get(f\"{CA}/service/find/ca_objects\", params={\"q\": \"*\", \"authToken\": \"{s}\"})",
  "hex:64", "'ca_objects")
S("code-comment-old-key",
  "# old key (rotated 2023?): {s}\nMAILCHIMP_KEY = os.environ[\"MAILCHIMP_KEY\"]",
  "hex:32+=-us+dig:2", "'MAILCHIMP_KEY")
S("python-dataclass-default-password",
  "@dataclass\nclass ScannerUpload:\n    host: str = \"{host}\"\n    user: str = \"{user}\"\n    password: str = \"{s}\"",
  "pw", "host")
S("go-struct-literal-password",
  "cfg := Config{Host: \"{host}\", User: \"{user}\", Password: \"{s}\", DB: \"tessitura\"}",
  "pw", "host")
S("rust-reqwest-basic-auth-some",
  "let resp = client.get(url).basic_auth(\"{user}\", Some(\"{s}\")).send().await?;",
  "pw", "user")
S("php-curlopt-userpwd",
  "curl_setopt($ch, CURLOPT_USERPWD, \"{user}:{s}\");",
  "pw", "user")
S("python-environ-setdefault-key",
  "os.environ.setdefault(\"DONORPERFECT_API_KEY\", \"{s}\")",
  lambda: _rs(_AN, 60) + "%2b" + _rs(_AN, 30) + "%3d%3d", "'DONORPERFECT_API_KEY")
S("js-axios-create-x-api-key",
  "const crm = axios.create({\n  baseURL: 'https://api.bloomerang.co/v2',\n  headers: { 'X-API-Key': '{s}' },\n});",
  "=prv_+an:32", "'api.bloomerang.co")
S("java-string-wskey-local",
  "String wskey = \"{s}\";\nString url = BASE + \"?q=\" + URLEncoder.encode(q, UTF_8) + \"&wskey=\" + wskey;",
  "an:80", "'URLEncoder")
S("bashrc-alias-mysql-password",
  "alias kohadb='mysql -u koha_{inst} -p{s} koha_{inst}'",
  "an:16", "'alias kohadb")
S("python-ldap3-connection-positional",
  "conn = Connection(server, \"cn={user},ou=svc,dc={word},dc=edu\", \"{s}\", auto_bind=True)",
  "pw", "user")
S("c-define-sip-password",
  "#define SIP_HOST \"{ip}\"\n#define SIP_USER \"{svc}\"\n#define SIP_PASS \"{s}\"",
  "pw", "svc")
S("python-bytes-literal-secret-key",
  "app.secret_key = b\"{s}\"  # flask session signing for the reading-room booking app",
  "hex:48", "'reading-room booking")
S("php-koha-style-heredoc-password",
  "$dsn = <<<EOT\nhost={host}\nuser=ca\npassword={s}\nEOT;",
  "pw", "host")
S("lua-nginx-set-header-token",
  "ngx.req.set_header(\"X-Auth-Token\", \"{s}\")",
  "hex:40", "'X-Auth-Token")
S("yaml-in-python-string-password",
  "CONFIG = \"\"\"\nftp:\n  host: {host}\n  password: {s}\n\"\"\"",
  "pw", "host")
S("python-keyring-set-password-positional",
  "keyring.set_password(\"archivesspace\", \"{user}\", \"{s}\")",
  "pw", "user")

# ===================================================== stack-trace-or-log
L = _grp("stack-trace-or-log")
L("perl-carp-confess-args-password",
  "DBI connect failed: Access denied for user 'koha_{inst}'@'{ip}' at /usr/share/koha/lib/Koha/Database.pm line 106.\n\tKoha::Database::_new_schema('Koha::Database', 'koha_{inst}', '{s}') called at /usr/share/koha/lib/Koha/Database.pm line 141",
  "an:16", "inst")
L("python-httperror-url-apikey",
  "Traceback (most recent call last):\n  File \"/opt/sync/alma_sync.py\", line 88, in fetch_bib\n    r.raise_for_status()\nrequests.exceptions.HTTPError: 400 Client Error: Bad Request for url: https://api-eu.hosted.exlibrisgroup.com/almaws/v1/bibs/99{id2}?view=full&apikey={s}",
  "=l7xx+hex:32", "'alma_sync.py")
L("vertx-config-dump-json-password",
  "{ts} ERROR PostgresClient      Could not connect, config={\"host\":\"{host}\",\"port\":5432,\"username\":\"folio_admin\",\"password\":\"{s}\",\"database\":\"okapi_modules\"}",
  "pws:20", "host")
L("okapi-log-x-okapi-token-header",
  "{lts} INFO  ProxyContext         {id} REQ {ip} {tenant} POST /circulation/check-out-by-barcode  mod-circulation X-Okapi-Token: {s}",
  "hs256", "tenant")
L("nginx-access-log-query-apikey",
  "{ip} - - [12/Mar/2024:10:41:07 +0100] \"GET /api/v2/objects?api_key={s}&q=amphora HTTP/1.1\" 200 5123 \"-\" \"python-requests/2.31.0\"",
  "hex:32", "'python-requests/2.31.0")
L("ezproxy-log-login-url-user-pass",
  "{ip} - - [03/Feb/2025:08:12:55 +0000] \"GET http://{host}:2048/login?user={user}&pass={s}&url=https://www.jstor.org/ HTTP/1.1\" 302 0",
  "pwu", "host")
L("ezproxy-messages-debug-login",
  "{date} {time} Login failure for {user} from {ip}: LDAP bind rejected (attempted password {s})",
  "pw", "user")
L("sequel-connection-error-jdbc-url",
  "E, [{ts} #{pid}] ERROR -- : Sequel::DatabaseConnectionError: Java::JavaSql::SQLException: Access denied for user 'as'@'{ip}' (jdbc:mysql://{host}:3306/archivesspace?user=as&password={s}&useUnicode=true)",
  "pwu", "host")
L("dspace-log-mail-error-config-echo",
  "{lts} ERROR org.dspace.core.Email @ Unable to send email: AuthenticationFailedException (mail.server={host}, mail.server.username=repository, mail.server.password={s})",
  "pw", "host")
L("tomcat-catalina-command-line-argument",
  "{date} {time} INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Command line argument: -Dfcrepo.db.password={s}",
  "pws:20", "'VersionLoggerListener")
L("php-stack-pdo-construct-args",
  "PDOException: SQLSTATE[HY000] [1045] Access denied for user 'drupal'@'localhost' in /var/www/islandora/web/core/lib/Drupal/Core/Database/Driver/mysql/Connection.php:148\nStack trace:\n#0 /var/www/islandora/web/core/lib/Drupal/Core/Database/Driver/mysql/Connection.php(148): PDO->__construct('mysql:host={host};...', 'drupal', '{s}', Array)",
  "pw", "host")
L("php-omeka-fatal-pdo-args",
  "PHP Fatal error:  Uncaught PDOException in /var/www/omeka/vendor/doctrine/dbal/lib/Doctrine/DBAL/Driver/PDO/Connection.php:27\n#0 Connection.php(27): PDO->__construct('mysql:host=localhost;dbname=omeka', 'omeka', '{s}', Array)\n#1 {main}",
  "pw", "'dbname=omeka")
L("urllib3-debug-wskey-query",
  "DEBUG:urllib3.connectionpool:https://worldcat.org:443 \"GET /webservices/catalog/content/{id2}?wskey={s}&recordSchema=info%3Asrw%2Fschema%2F1%2Fmarcxml HTTP/1.1\" 200 None",
  "an:80", "'urllib3.connectionpool")
L("node-error-config-object-dump",
  "Error: ER_ACCESS_DENIED_ERROR: Access denied for user 'omeka'@'{ip}' (using password: YES)\n    at Handshake.Sequence._packetToError\n  config: { host: '{host}', user: 'omeka', password: '{s}', database: 'omeka_s' }",
  "pw", "host")
L("koha-sipserver-log-raw-login",
  "{date}T{time} koha-sip[{pid}]: INFO: [{inst}] Inbound: 9300CN{svc}|CO{s}|CP{loc}|",
  "pw", "svc")
L("kiosk-windows-log-sip-login",
  "{date} {time} [INFO] SipConnection -> {ip}:6001 9300CN{svc}|CO{s}|CP{loc}|AY1AZ{sipck}",
  "pw", "ip")
L("archivematica-mcp-log-storage-url",
  "INFO     {lts}  archivematica.mcp.client.utils:storage_service:get_location: Requesting http://{user}:{s}@{host}:8000/api/v2/location/?purpose=AS",
  "pwu", "host")
L("cantaloupe-debug-authorization-header",
  "{lts} DEBUG e.i.l.c.r.ImageResource - Request headers: Accept=image/webp,*/*; Authorization=Bearer {s}; Host={host}",
  "b64u:43", "host")
L("python-traceback-locals-settings-dict",
  "  File \"/srv/donor-sync/sync.py\", line 41, in main\n    crm = Crm(settings)\n    settings = {'CRM_URL': 'https://{host}', 'CRM_API_KEY': '{s}', 'BATCH': 200}",
  "hex:32", "host")
L("rails-log-params-unfiltered-password",
  "Started POST \"/users/sign_in\" for {ip} at {date} {time} +0100\nProcessing by Devise::SessionsController#create as HTML\n  Parameters: {\"authenticity_token\"=>\"[FILTERED]\", \"user\"=>{\"email\"=>\"{email}\", \"password\"=>\"{s}\"}}",
  "pw", "email")
L("laravel-log-context-json-password",
  "[{date} {time}] production.ERROR: Login sync failed {\"user\":\"{user}\",\"password\":\"{s}\",\"exception\":\"[object] (GuzzleHttp\\\\Exception\\\\ClientException(code: 401))\"}",
  "pw", "user")
L("go-panic-dsn-in-message",
  "panic: failed to connect to `host={host} user=tix database=ticketing`: dial error (postgres://tix:{s}@{host}:5432/ticketing)\n\ngoroutine 1 [running]:\nmain.main()\n\t/app/cmd/tix/main.go:42 +0x1a5",
  "pwu", "'goroutine 1")
L("dotnet-exception-connectionstring",
  "System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'tmsuser'.\n   at TmsSync.Program.Main() in C:\\src\\TmsSync\\Program.cs:line 23\nConnectionString: Server={winhost};Database=TMS;User Id=tmsuser;Password={s}",
  "pw", "winhost")
L("powershell-transcript-command-line",
  "**********************\nPS>.\\Sync-Donors.ps1 -CrmUser {user} -CrmPassword '{s}'\nWARNING: 12 records skipped",
  "pw", "user")
L("mysql-general-log-set-password",
  "{ts}\t   {num} Query\tSET PASSWORD FOR 'koha_{inst}'@'localhost' = PASSWORD('{s}')",
  "pws:16", "inst")
L("postgres-log-alter-user-statement",
  "{date} {time}.512 CET [{pid}] LOG:  statement: ALTER USER okapi WITH PASSWORD '{s}';",
  "pw", "'ALTER USER okapi")
L("debug-request-body-json-login",
  "{lts} DEBUG HttpClient - POST https://{host}/authn/login body={\"username\":\"{user}\",\"password\":\"{s}\"}",
  "pw", "host")
L("smtplib-debug-auth-plain",
  "send: 'ehlo [{ip}]\\r\\n'\nreply: b'250-AUTH PLAIN LOGIN\\r\\n'\nsend: 'AUTH PLAIN {s}\\r\\n'\nreply: b'235 2.7.0 Authentication successful\\r\\n'",
  lambda: base64.b64encode(("\0" + _user() + "@" + _dom() + "\0" + _human()).encode()).decode(), "'Authentication successful")
L("spring-boot-started-with-args",
  "{lts}  INFO 1 --- [main] o.f.search.SearchApplication : Starting SearchApplication with args [--spring.datasource.password={s}, --server.port=8081]",
  "pws:20", "'SearchApplication")
L("sentry-breadcrumb-http-key",
  "breadcrumbs: [{ category: 'http', data: { method: 'GET', url: 'https://api.dp.la/v2/items?q=quilts&api_key={s}', status_code: 200 } }]",
  "hex:32", "'api.dp.la")
L("polish-log-blad-autoryzacji",
  "[{date} {time}] BŁĄD autoryzacji OAI-PMH: użytkownik {user}, hasło {s} odrzucone przez {host}",
  "pwpl", "host")
L("japanese-log-login-failure",
  "{date} {time} ERROR ログイン失敗 ユーザー={user} パスワード={s} 接続先={host}",
  "pwja", "host")
L("italian-log-errore-autenticazione",
  "{date} {time} ERRORE autenticazione SBN polo {code}: utente {user} password {s} rifiutata",
  "pwit", "user")
L("spanish-log-error-conexion",
  "{date} {time} ERROR: no se pudo conectar a {host} (usuario={user} contraseña={s})",
  "pwes", "host")
L("python-traceback-source-line-positional",
  "Traceback (most recent call last):\n  File \"sync_donors.py\", line 22, in <module>\n    crm = Bloomerang(\"{s}\", timeout=30)\n  File \"bloomerang/client.py\", line 14, in __init__\nValueError: invalid key format",
  "=prv_+an:32", "'sync_donors.py")
L("java-trace-with-earlier-config-line",
  "{lts} INFO  ModuleBootstrap Using DB_PASSWORD={s} for tenant {tenant}\n{lts} ERROR PgUtil java.lang.NullPointerException\n\tat org.folio.rest.persist.PostgresClient.init(PostgresClient.java:412)",
  "pws:18", "tenant")
L("json-structured-log-headers-authorization",
  "{\"level\":\"info\",\"ts\":\"{ts}\",\"msg\":\"outbound\",\"headers\":{\"authorization\":\"Bearer {s}\",\"x-okapi-tenant\":\"{tenant}\"}}",
  "jwt", "tenant")
L("lambda-log-event-token",
  "START RequestId: {uuid} Version: $LATEST\n{ts}\t{uuid}\tINFO\tevent: {'path': '/tickets/scan', 'queryStringParameters': {'token': '{s}'}}",
  "b64u:32", "'/tickets/scan")
L("nginx-error-upstream-url-credentials",
  "{date} {time} [error] {pid}#0: *{id} upstream timed out while reading response header from upstream, upstream: \"http://iiif:{s}@{ip}:8182/iiif/3/{word}/info.json\"",
  "pwu", "'upstream timed out")
L("koha-access-log-cookie-cgisessid",
  "{ip} - - [12/Apr/2024:14:03:11 +0200] \"GET /cgi-bin/koha/opac-user.pl HTTP/1.1\" 200 8812 \"-\" \"Mozilla/5.0\" cookie=\"CGISESSID={s}; KohaOpacLanguage=it-IT\"",
  "hex:32", "'KohaOpacLanguage")
L("curl-debug-proxy-authorization",
  "* Proxy auth using Basic with user '{user}'\n> CONNECT {host}:443 HTTP/1.1\n> Proxy-Authorization: Basic {s}",
  lambda: base64.b64encode((_user() + ":" + _human()).encode()).decode(), "host")
L("ftp-session-log-user-pass",
  "Connected to {host}.\n220 MARC delivery service\n> USER {user}\n331 Password required\n> PASS {s}\n230 Login successful.",
  "pw", "host")
L("git-push-auth-failed-url-token",
  "remote: HTTP Basic: Access denied.\nfatal: Authentication failed for 'https://oauth2:{s}@git.{dom}/glam/{repo}.git/'",
  "=glpat-+b64u:20", "repo")
L("ansible-failed-cmd-echo",
  "fatal: [{host}]: FAILED! => {\"changed\": true, \"cmd\": \"mysql -u root -p{s} -e 'CREATE DATABASE koha_{inst}'\", \"rc\": 1, \"stderr\": \"ERROR 1007 (HY000)\"}",
  "pws:16", "host")
L("scanner-software-upload-log",
  "[{date} {time}] Upload: connecting to \\\\{winhost}\\ingest as {ntdom}\\{user} with password '{s}' ... OK (412 files)",
  "pw", "winhost")
L("square-pos-log-bearer",
  "{lts} [TicketDesk] POST https://connect.squareup.com/v2/payments Authorization: Bearer {s} -> 401 UNAUTHORIZED",
  "=EAAA+b64u:60", "'TicketDesk")
L("blackbaud-sky-log-subscription-key",
  "{lts} WARN DonorSync SKY API 401 for GET /constituent/v1/constituents?limit=500 headers={Bb-Api-Subscription-Key: {s}}",
  "hex:32", "'DonorSync")
L("mailchimp-error-url-userinfo-key",
  "mailchimp3.mailchimpclient.MailChimpError: 401 for https://anystring:{s}@us{num}.api.mailchimp.com/3.0/lists",
  "hex:32+=-us+dig:2", "'mailchimp3.mailchimpclient")
L("sqlalchemy-traceback-create-engine-line",
  "  File \"/app/collections/db.py\", line 9, in <module>\n    engine = create_engine(\"postgresql+psycopg2://collections:{s}@{host}/collections\")\nsqlalchemy.exc.OperationalError: (psycopg2.OperationalError) could not connect to server",
  "pwu", "host")
L("iiif-java-exception-s3-credentials",
  "java.lang.IllegalArgumentException: Invalid S3 credentials (accessKeyId={akid}, secretKey={s}) for bucket {bucket}\n\tat edu.illinois.library.cantaloupe.source.S3Source.getObject(S3Source.java:201)",
  "b64:40", "bucket")
L("kafka-client-log-sasl-password-misconfig",
  "{lts} INFO  ConsumerConfig values:\n\tsasl.jaas.config = org.apache.kafka.common.security.plain.PlainLoginModule required username=\"folio\" password=\"{s}\";\n\tsasl.mechanism = PLAIN",
  "an:24", "'sasl.mechanism")
L("koha-intranet-error-log-query-password",
  "[{date} {time}] [cgi:error] [pid {pid}] AH01215: Use of uninitialized value in concatenation at /usr/share/koha/lib/C4/Auth.pm line 1203. referer: https://{host}/cgi-bin/koha/mainpage.pl?userid={user}&password={s}",
  "pwu", "host")
L("celery-task-args-repr-password",
  "[{lts}: ERROR/ForkPoolWorker-3] Task ingest.tasks.push_to_preservica[{uuid}] raised unexpected: HTTPError('401') args=('{host}', '{user}', '{s}')",
  "pw", "host")
L("syslog-rfid-sorter-config-dump",
  "{date}T{time} sorter01 rfidd[{pid}]: loaded config: sip_host={ip} sip_user={svc} sip_pass={s} bins=7",
  "pw", "svc")
L("windows-event-service-logon-failure",
  "Log Name: Application\nSource: ScanSyncService\nEvent ID: 1001\nDescription: Service logon failed for {ntdom}\\{user} (password={s}). Retrying in 60s.",
  "pw", "'ScanSyncService")
L("gunicorn-env-dump-on-start",
  "[{lts}] [{pid}] [DEBUG] environ: {'SERVER_SOFTWARE': 'gunicorn/21.2.0', 'DJANGO_SECRET_KEY': '{s}', 'PATH': '/usr/bin'}",
  "pws:50", "'gunicorn/21.2.0")
L("k8s-pod-log-env-printed",
  "{ts} mod-search-7f9c8 startup: ELASTICSEARCH_URL=http://opensearch:9200 ELASTICSEARCH_USERNAME=admin ELASTICSEARCH_PASSWORD={s}",
  "pws:18", "'ELASTICSEARCH_USERNAME")
L("yaz-ztest-log-auth-open",
  "{date} {time} ztest({pid}) [log] Auth: idPass user={user} pass={s} group=-",
  "an:10", "user")
L("log-wrapped-token-across-lines",
  "{lts} DEBUG OAuth token refreshed: access_token={s} expires_in=3600",
  lambda: _wrap(_rs(_B64U, 96), 48), "'OAuth token refreshed")
L("stripe-error-log-request-key",
  "stripe.error.AuthenticationError: Invalid API Key provided: {s}\n  File \"/srv/shop/checkout.py\", line 57, in create_session",
  "=sk_live_+an:24", "'checkout.py")
L("evergreen-osrfsys-log-auth-params",
  "[{date} {time}] open-ils.auth [INFO:{pid}:Application.pm:159] CALL: open-ils.auth open-ils.auth.authenticate.init, {\"username\":\"{user}\",\"password\":\"{s}\",\"type\":\"staff\"}",
  "pw", "user")
L("websocket-kiosk-log-url-token",
  "{lts} [kiosk-{num}] connecting wss://{host}/selfcheck/socket?token={s}&lang=pl",
  "b64u:40", "host")
L("cron-mail-subject-wget-password",
  "From: root@{host} (Cron Daemon)\nSubject: Cron <root@{host}> wget -q --user={user} --password={s} ftp://ftp.{dom}/marc/daily.mrc",
  "pw", "user")
L("python-log-session-auth-tuple-repr",
  "{lts} DEBUG harvester.session: auth=('{user}', '{s}') verify=True proxies={}",
  "pw", "user")
L("sidekiq-job-args-token",
  "{ts} pid={pid} tid=ow2 class=IngestJob jid={hex32} INFO: start args=[\"{host}\", {\"fedora_password\"=>\"{s}\"}]",
  "pws:18", "host")
L("xdebug-trace-mysqli-connect-args",
  "    0.0123     412344   -> mysqli_connect($host = '{host}', $user = 'ojs', $password = '{s}', $database = 'ojs') /var/www/ojs/lib/pkp/classes/db/DAO.php:51",
  "pw", "host")

# =========================================================== note-or-chat
N = _grp("note-or-chat")
N("note-sip2-login-slash-pair",
  "Note: SIP2 login for the self-check at {lib} is {svc} / {s} (from {en_first}'s email, still valid?)",
  "pw", "svc")
N("slack-paste-alma-sandbox-key",
  "[10:32] {en_name}: the new Alma sandbox key is {s} - don't commit it pls :pray:",
  "=l7xx+hex:32", "'Alma sandbox key")
N("italian-chat-password-utente-koha",
  "Ciao {it_first}, la password dell'utente {user} su Koha è {s}, cambiala dopo il primo accesso.",
  "pwit", "user")
N("italian-chat-reset-pwd-short",
  "Ho resettato l'accesso a {host}: utente {user}, pwd {s}",
  "pwit", "host")
N("polish-chat-haslo-do-konta",
  "Hasło do konta {user} w systemie bibliotecznym to {s} — nie wysyłaj go mailem, proszę.",
  "pwpl", "user")
N("polish-note-login-haslo-lines",
  "Login: {user}\nHasło: {s}\n(konto do skanera w pracowni digitalizacji, {lib})",
  "pwpl", "user")
N("japanese-chat-admin-password-desu",
  "{ja_kname}さん、図書館システムの管理者パスワードは {s} です。よろしくお願いします。",
  "pwja", "'管理者パスワード")
N("japanese-note-username-password-fullwidth-slash",
  "ユーザー名：{user}／パスワード：{s}（デジタルアーカイブ用）",
  "pwja", "user")
N("spanish-chat-contrasena-usuario",
  "Hola {es_first}, la contraseña del usuario {user} en el catálogo es {s}",
  "pwes", "user")
N("spanish-note-wifi-museo-clave",
  "Clave del wifi del museo (red {ssid}): {s}",
  "pw", "ssid")
N("agent-goal-hardcoded-client-secret",
  "Goal: fix the nightly OCLC harvest. Found client secret {s} hard-coded in harvest.py line {num}; plan: move it to an env var and rotate.",
  "b64:32", "'harvest.py")
N("agent-decision-rotate-ezproxy-secret",
  "Decision: rotate the EZproxy ticket secret (old value {s}) once the migration to {host} is done.",
  "an:24", "host")
N("chat-kiosk-admin-pin",
  "the admin PIN for the self-check kiosk at the {loc} branch is {s}, it resets after 3 wrong tries",
  "dig:6", "loc")
N("teams-paste-token-next-line",
  "{en_name} 11:04 AM\nTry this token for the DSpace REST API:\n{s}",
  "jwt", "'DSpace REST API")
N("email-excerpt-openathens-key",
  "From: {email}\nSubject: OpenAthens API key\n\nHi,\nhere is the key for the admin API: {s}\nPlease store it in the vault.",
  lambda: _uuid() + "." + _rs(_AN, 24), "'OpenAthens API key")
N("note-passphrase-with-spaces",
  "Passphrase for the donor export archive: {s}",
  "phrase:4", "'donor export archive")
N("polish-note-passphrase-archiwum",
  "Fraza do zaszyfrowanego archiwum z darczyńcami: \"{s}\" (bez cudzysłowów)",
  "phrase:4", "'zaszyfrowanego archiwum")
N("agent-scratch-inline-code-pair",
  "tried `{user}:{s}` against https://{host}/api/v1/auth → 401, probably expired",
  "pwu", "host")
N("japanese-chat-api-key-arrow",
  "APIキーはこちら→ {s} （CiNii連携用）",
  "an:20", "'CiNii")
N("italian-chat-chiave-europeana",
  "La chiave API di Europeana che usiamo per il portale è {s}, non condividerla fuori dal gruppo.",
  "al:9", "'Europeana")
N("spanish-chat-token-github-omeka",
  "Te paso el token de GitHub para el repo de Omeka: {s}",
  "=ghp_+an:36", "'repo de Omeka")
N("chat-default-password-staging",
  "lol the admin password for CollectiveAccess on staging was still {s} from the install",
  "pw", "'CollectiveAccess")
N("note-space-separated-user-password",
  "Credentials (ArchivesSpace staging): admin {s}",
  "pw", "'ArchivesSpace staging")
N("markdown-table-creds-row",
  "| host | user | password |\n|---|---|---|\n| {host} | {user} | {s} |",
  "pw", "host")
N("handover-doc-bullet-folio",
  "- FOLIO {tenant} admin: {user} / {s}\n- Okapi URL: https://{host}",
  "pw", "host")
N("todo-checkbox-rotate-secret",
  "- [ ] rotate the Sierra API secret ({s}) before go-live on {date}",
  "pw", "'Sierra API secret")
N("chat-usual-password-with-year",
  "password is the usual one with the year: {s}",
  lambda: _cap(_c(_ALLW)) + str(_n(2019, 2025)) + _c("!?#"), "'usual one")
N("chat-wrapped-key-two-lines",
  "here's the Figshare token (it wrapped when I copied it):\n{s}",
  lambda: _wrap(_rs(_HEX, 128), 64), "'Figshare token")
N("chat-strongroom-door-code",
  "the code for the archive strongroom door is {s}# (changed after the audit)",
  "dig:6", "'archive strongroom")
N("italian-note-combinazione-cassaforte",
  "combinazione cassaforte deposito incunaboli: {s}",
  "dig:8", "'deposito incunaboli")
N("japanese-email-temporary-password",
  "お世話になっております。{lib}の{ja_kname}です。\n仮パスワード：{s}\nログイン後、変更をお願いいたします。",
  "an:10", "'仮パスワード")
N("polish-note-tymczasowe-haslo",
  "Tymczasowe hasło: {s} (ważne 24h, konto {user})",
  "an:12", "user")
N("spanish-note-contrasena-provisional",
  "Usuario: {user}\nContraseña provisional: {s}",
  "an:12", "user")
N("italian-note-password-provvisoria",
  "utente: {user} — password provvisoria: {s}",
  "an:10", "user")
N("ticket-comment-vendor-reset",
  "Ticket {ticket}: vendor reset the MARC FTP password to {s} this morning, tested OK from {host}.",
  "pw", "host")
N("agent-goal-known-creds-omeka",
  "GOAL: migrate Omeka S to {host}. Known creds: key_identity={kid}, key_credential={s}",
  "an:32", "host")
N("chat-quote-reply-tessitura",
  "> what's the Tessitura API password?\n{s} — it's in the old wiki too",
  "pw", "'Tessitura API password")
N("whatsapp-export-spanish-contrasena",
  "[12/03/24, 09:15:22] {es_name}: la contraseña nueva de la taquilla es {s}",
  "pwes", "'la taquilla")
N("polish-chat-zmienilam-haslo-alma",
  "Hej, zmieniłam hasło do Almy na {s}, daj znać czy działa u Ciebie",
  "pwpl", "'hasło do Almy")
N("japanese-chat-pass-changed-arrow",
  "パス変えました → {s}",
  "pwja", "'パス変えました")
N("italian-chat-nas-digitalizzazione",
  "Nuova pw per il NAS della digitalizzazione ({winhost}): {s}",
  "pwit", "winhost")
N("spanish-chat-mailchimp-boletin",
  "La API key de Mailchimp para el boletín del museo: {s}",
  "hex:32+=-us+dig:2", "'boletín del museo")
N("chat-wifi-staff-network-password",
  "Wi-Fi for the reading room staff network '{ssid}' password: {s}",
  "pw", "ssid")
N("note-2fa-backup-code",
  "2FA backup code for the OCLC admin account ({email}): {s}",
  lambda: _rs(_LOW + _DIG, 4) + "-" + _rs(_LOW + _DIG, 4), "email")
N("meeting-notes-action-share-login",
  "Action: {en_name} to share the Raiser's Edge login ({user} / {s}) with the new development officer.",
  "pw", "user")
N("agent-note-sftp-vendor-creds",
  "the vendor's SFTP: host {host}, user {user}, password in chat was {s}",
  "pw", "host")
N("code-review-comment-leak",
  "nit: this line leaks the Flickr secret `{s}` — please move it to the vault",
  "hex:16", "'Flickr secret")
N("readme-excerpt-default-login",
  "Default login after our install script runs: admin / {s} (see install.sh)",
  "pws:12", "'install.sh")
N("chat-keepass-master-password",
  "use the master password {s} for the KeePass file on the shared drive",
  "phrase:3", "'KeePass file")
N("japanese-keepass-master-password",
  "共有ドライブのKeePassのマスターパスワード：{s}",
  "pwja", "'KeePass")
N("polish-chat-pin-do-kasy",
  "PIN do kasy biletowej w holu: {s}",
  "dig:6", "'kasy biletowej")
N("spanish-chat-pin-terminal-tienda",
  "el PIN del terminal de la tienda es {s}, no lo apuntes en el mostrador",
  "dig:6", "'terminal de la tienda")
N("english-chat-login-with-backticks-pair",
  "login with `{user}` and `{s}` on https://{host}/admin",
  "pw", "host")
N("password-reset-email-body",
  "Subject: Your {lib} staff account\n\nYour temporary password is {s}\nYou will be asked to change it at first login.",
  "an:12", "'temporary password")
N("chat-sentry-dsn-donor-portal",
  "DSN for Sentry (donor portal): https://{s}@o{id}.ingest.sentry.io/{id2}",
  "hex:32", "'donor portal")
N("agent-decision-not-use-history-token",
  "Decided not to use the token {s} found in .bash_history; asked {en_name} for a fresh one.",
  "=glpat-+b64u:20", "'.bash_history")
N("italian-chat-token-iiif-scaduto",
  "il token di accesso per IIIF è scaduto, usa questo: {s}",
  "b64u:43", "'IIIF")
N("polish-chat-klucz-api-europeana",
  "Klucz API do Europeany: {s} (limit 10k/dzień)",
  "al:9", "'Europeany")
N("japanese-chat-kintone-api-token",
  "kintoneのAPIトークン（寄贈者管理アプリ）: {s}",
  "an:40", "'kintone")
N("spanish-chat-token-eventbrite",
  "Token de acceso a la API de Eventbrite (visitas guiadas): {s}",
  "uan:20", "'visitas guiadas")
N("sms-otp-verification-code",
  "SMS from OCLC: {s} is your verification code. It expires in 10 minutes.",
  "dig:6", "'OCLC")
N("note-vpn-preshared-key",
  "VPN pre-shared key for the off-site store ({host}): {s}",
  "pws:24", "host")
N("polish-chat-klucz-wpa",
  "Klucz WPA do sieci {ssid}: {s}",
  "pwpl", "ssid")
N("agent-running-note-env-found",
  "Running notes: DB creds for the ticketing app are in docker-compose.yml (user tix, password {s}); will replace with secrets before PR.",
  "pw", "'docker-compose.yml")
N("chat-split-message-password-alone",
  "{en_name}: new pw for the scanner PC\n{en_name}: {s}",
  "pw", "'scanner PC")
N("italian-email-credenziali-sbn",
  "Gentile {it_name},\nle credenziali per l'accesso al polo SBN sono:\nutente {user}\npassword {s}\nCordiali saluti",
  "pwit", "user")
N("spanish-note-clave-certificado-fnmt",
  "La clave del certificado FNMT de la fundación (para la sede electrónica) es {s}",
  "pwes", "'certificado FNMT")
N("japanese-chat-chatwork-token",
  "ChatworkのAPIトークン共有します：{s}",
  "hex:32", "'Chatwork")
N("note-bitwarden-export-mention-value",
  "copied from Bitwarden (item 'Preservica prod'): {s}",
  "pws:20", "'Preservica prod")
N("chat-quoted-escaped-password",
  "pass it like this in JSON: \"password\": \"{s}\"",
  lambda: _cap(_c(_ALLW)) + "\\\"" + str(_n(10, 99)) + "!", "'in JSON")

# ========================================================== ci-and-deploy
D = _grp("ci-and-deploy")
D("github-actions-env-hardcoded-alma",
  "jobs:\n  sync:\n    runs-on: ubuntu-latest\n    env:\n      ALMA_REGION: eu\n      ALMA_API_KEY: {s}\n    steps:\n      - uses: actions/checkout@v4",
  "=l7xx+hex:32", "'ALMA_REGION")
D("gitlab-ci-variables-block",
  "variables:\n  POSTGRES_DB: folio\n  POSTGRES_USER: folio_admin\n  POSTGRES_PASSWORD: \"{s}\"\n\ntest:\n  image: maven:3.9-eclipse-temurin-17",
  "pws:20", "'POSTGRES_USER")
D("jenkinsfile-withenv-sip-password",
  "stage('SIP2 smoke') {\n  withEnv([\"SIP_HOST={ip}\", \"SIP_PASSWORD={s}\"]) {\n    sh './scripts/sip_smoke.sh'\n  }\n}",
  "pw", "'SIP2 smoke")
D("jenkins-console-xtrace-curl-u",
  "[Pipeline] sh\n+ curl -fsS -u admin:{s} -X POST http://{host}:8089/plugins/reindex\n{\"status\":\"started\"}",
  "pwu", "host")
D("github-actions-log-docker-login-p",
  "Run docker login -u {user} -p {s} ghcr.io\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded",
  "=ghp_+an:36", "user")
D("docker-compose-environment-list",
  "services:\n  db:\n    image: postgres:16\n    environment:\n      - POSTGRES_USER=folio_admin\n      - POSTGRES_PASSWORD={s}",
  "pw", "'POSTGRES_USER")
D("docker-compose-mysql-root-map",
  "  mariadb:\n    image: mariadb:11\n    environment:\n      MYSQL_ROOT_PASSWORD: {s}\n      MYSQL_DATABASE: koha_{inst}",
  "pws:18", "inst")
D("k8s-secret-stringdata",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: omeka-db\ntype: Opaque\nstringData:\n  password: {s}",
  "pw", "'omeka-db")
D("k8s-secret-data-base64-value",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: aspace-db\ndata:\n  DB_PASSWORD: {s}",
  lambda: base64.b64encode(_rs(_PWS, 20).encode()).decode(), "'aspace-db")
D("helm-values-nested-db-password",
  "okapi:\n  replicas: 2\n  db:\n    host: {host}\n    user: okapi\n    password: {s}",
  "pws:20", "host")
D("ansible-host-vars-plain",
  "# host_vars/{host}.yml\nkoha_instance: {inst}\nkoha_db_password: {s}",
  "pw", "host")
D("terraform-tfvars-db-password",
  "region      = \"{region}\"\ndb_username = \"collections\"\ndb_password = \"{s}\"",
  "pws:20", "region")
D("terraform-plan-output-plain-password",
  "  # aws_db_instance.tickets will be created\n  + resource \"aws_db_instance\" \"tickets\" {\n      + engine   = \"mysql\"\n      + password = \"{s}\"\n      + username = \"tix\"\n    }",
  "pw", "'aws_db_instance.tickets")
D("circleci-environment-map",
  "jobs:\n  build:\n    docker:\n      - image: cimg/ruby:3.2\n        environment:\n          SIERRA_CLIENT_SECRET: {s}",
  "pw", "'cimg/ruby:3.2")
D("bitbucket-pipelines-export-script",
  "pipelines:\n  default:\n    - step:\n        script:\n          - export OCLC_SECRET={s}\n          - python harvest.py",
  "b64:32", "'harvest.py")
D("azure-pipelines-variables-name-value",
  "variables:\n- name: DonorCrmKey\n  value: '{s}'\n- name: buildConfiguration\n  value: Release",
  "hex:32", "'DonorCrmKey")
D("travis-env-global-entry",
  "env:\n  global:\n    - OMEKA_KEY_IDENTITY={kid}\n    - OMEKA_KEY_CREDENTIAL={s}",
  "an:32", "'OMEKA_KEY_CREDENTIAL")
D("dockerfile-arg-default-token",
  "ARG GITHUB_TOKEN={s}\nRUN git clone https://$GITHUB_TOKEN@github.com/{org}/{repo}.git /src",
  "=ghp_+an:36", "repo")
D("ci-log-docker-build-arg",
  "$ docker build --build-arg NPM_TOKEN={s} -t registry.{dom}/mirador-viewer:{sha7} .\nStep 1/12 : FROM node:20-alpine",
  "=npm_+an:36", "'mirador-viewer")
D("capistrano-deploy-rb-set-password",
  "set :application, \"aspace-public\"\nset :repo_url, \"git@git.{dom}:glam/aspace.git\"\nset :ssh_options, { user: \"deploy\", password: \"{s}\" }",
  "pw", "'aspace-public")
D("fabfile-env-password",
  "from fabric.api import env\nenv.hosts = ['{host}']\nenv.user = 'deploy'\nenv.password = '{s}'",
  "pw", "host")
D("kamal-deploy-yml-registry-password",
  "registry:\n  server: registry.{dom}\n  username: {user}\n  password: {s}",
  "an:32", "user")
D("netlify-toml-build-environment",
  "[build.environment]\n  NODE_VERSION = \"20\"\n  OMEKA_API_CREDENTIAL = \"{s}\"",
  "an:32", "'NODE_VERSION")
D("vercel-json-env-value",
  "{\n  \"env\": {\n    \"NEXT_PUBLIC_SITE\": \"https://{host}\",\n    \"EVENTBRITE_PRIVATE_TOKEN\": \"{s}\"\n  }\n}",
  "uan:20", "host")
D("systemd-unit-environment-quoted",
  "[Service]\nEnvironment=\"CANTALOUPE_ENDPOINT_ADMIN_SECRET={s}\"\nExecStart=/usr/bin/java -jar /opt/cantaloupe/cantaloupe.jar",
  "an:24", "'/opt/cantaloupe/cantaloupe.jar")
D("supervisord-environment-line",
  "[program:harvester]\ncommand=/opt/harvest/run.py\nenvironment=DB_USER=\"harvest\",DB_PASS=\"{s}\"",
  "pw", "'program:harvester")
D("deploy-crontab-token-flag",
  "# deployed by ansible\n0 3 * * * /usr/local/bin/iiif-warm --base https://{host} --token {s}",
  "hex:40", "host")
D("github-actions-with-password-hardcoded",
  "      - name: Publish to Nexus\n        uses: actions/upload-artifact@v4\n      - uses: some/sftp-deploy@v1\n        with:\n          server: {host}\n          username: deploy\n          password: {s}",
  "pw", "host")
D("gitlab-ci-log-mysql-p-attached",
  "$ mysql -h {host} -u koha_ci -p{s} -e 'SOURCE installer/data/mysql/kohastructure.sql'\nJob succeeded",
  "an:16", "host")
D("drone-yml-settings-password",
  "steps:\n- name: publish\n  image: plugins/docker\n  settings:\n    repo: registry.{dom}/omeka\n    username: ci\n    password: {s}",
  "an:24", "'plugins/docker")
D("buildkite-pipeline-env-key",
  "steps:\n  - label: \":books: harvest\"\n    command: make harvest\n    env:\n      TROVE_API_KEY: \"{s}\"",
  "lan:32", "'make harvest")
D("configmap-accidental-password",
  "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: mod-search\ndata:\n  ELASTICSEARCH_HOST: opensearch\n  ELASTICSEARCH_PASSWORD: \"{s}\"",
  "pws:18", "'mod-search")
D("kustomization-secretgenerator-literals",
  "secretGenerator:\n- name: folio-db\n  literals:\n  - DB_USERNAME=folio_admin\n  - DB_PASSWORD={s}",
  "pw", "'folio-db")
D("argocd-repo-secret-password-glpat",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://git.{dom}/glam/deploy.git\n  username: argocd\n  password: {s}",
  "=glpat-+b64u:20", "'argocd")
D("deploy-script-docker-run-e",
  "docker run -d --restart unless-stopped --name aspace -e ASPACE_DB_URL=\"jdbc:mysql://{host}:3306/aspace?user=as&password={s}\" archivesspace/archivesspace:3.5.1",
  "pwu", "host")
D("packer-variables-json-ssh-password",
  "{\n  \"variables\": {\n    \"ssh_username\": \"packer\",\n    \"ssh_password\": \"{s}\"\n  }\n}",
  "pw", "'ssh_username")
D("vagrantfile-ssh-password",
  "Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"debian/bookworm64\"\n  config.ssh.password = \"{s}\"\nend",
  "pw", "'debian/bookworm64")
D("ci-log-ansible-extra-vars",
  "$ ansible-playbook site.yml -e 'db_pass={s}' --limit koha\nPLAY [koha] *******************************************************",
  "pws:16", "'site.yml")
D("github-actions-curl-token-header",
  "      - run: |\n          curl -sf -H \"Authorization: token {s}\" https://api.github.com/repos/{org}/{repo}/dispatches -d '{\"event_type\":\"reindex\"}'",
  "=ghp_+an:36", "repo")
D("puppet-hiera-yaml-key",
  "---\nkoha::instance: '{inst}'\nkoha::db_password: '{s}'",
  "pw", "inst")
D("salt-pillar-folio-db",
  "folio:\n  okapi_url: https://{host}\n  db_password: {s}",
  "pws:20", "host")
D("chef-data-bag-json-password",
  "{\n  \"id\": \"dspace\",\n  \"db_user\": \"dspace\",\n  \"db_password\": \"{s}\"\n}",
  "pw", "'db_user")
D("nomad-job-env-block",
  "task \"okapi\" {\n  driver = \"docker\"\n  env {\n    OKAPI_TOKEN = \"{s}\"\n  }\n}",
  "jwt", "'task \"okapi\"")
D("codebuild-buildspec-env-variables",
  "version: 0.2\nenv:\n  variables:\n    IIIF_BUCKET: {bucket}\n    IIIF_SIGNING_KEY: \"{s}\"",
  "rb64:32", "bucket")
D("gcloud-run-deploy-set-env-vars",
  "$ gcloud run deploy ticket-api --image gcr.io/{word}/ticket-api --set-env-vars DB_PASS={s},DB_HOST={ip}",
  "pw", "'ticket-api")
D("az-webapp-appsettings-set",
  "az webapp config appsettings set -g rg-museum -n {app} --settings DONOR_API_KEY={s} WEBSITE_RUN_FROM_PACKAGE=1",
  "hex:32", "app")
D("kubectl-docker-registry-secret-ci",
  "kubectl create secret docker-registry regcred --docker-server=registry.{dom} --docker-username=ci --docker-password={s}",
  "an:32", "'regcred")
D("ci-log-cat-env-production",
  "$ cat .env.production\nDATABASE_URL=postgres://tix:{s}@{host}:5432/tix\nNODE_ENV=production",
  "pwu", "host")
D("jenkins-job-config-xml-default-value",
  "<hudson.model.StringParameterDefinition>\n  <name>FTP_PASSWORD</name>\n  <defaultValue>{s}</defaultValue>\n</hudson.model.StringParameterDefinition>",
  "pw", "'FTP_PASSWORD")
D("gitlab-ci-sshpass-scp",
  "deploy:\n  stage: deploy\n  script:\n    - sshpass -p \"{s}\" scp -r dist/ deploy@{host}:/var/www/opac-theme/",
  "pw", "host")
D("capistrano-log-pgpassword-command",
  " DEBUG [{sha7}] Command: ( export PGPASSWORD=\"{s}\" ; pg_dump -h {host} -U evergreen evergreen )",
  "pws:18", "host")
D("helm-upgrade-set-password-ci",
  "helm upgrade --install folio ./charts/folio -n folio --set postgresql.auth.password={s} --set okapi.replicas=2",
  "pws:20", "'charts/folio")
D("echo-pipe-docker-secret-create",
  "echo \"{s}\" | docker secret create aspace_db_password -",
  "pw", "'aspace_db_password")
D("fly-secrets-set-ci-log",
  "$ flyctl secrets set SQUARE_ACCESS_TOKEN={s} -a {app}\nRelease v{num} created",
  "=EAAA+b64u:60", "app")
D("render-yaml-envvars-value",
  "services:\n  - type: web\n    name: {app}\n    envVars:\n      - key: STRIPE_SECRET_KEY\n        value: {s}",
  "=sk_live_+an:24", "app")
D("ansible-group-vars-sip2-password",
  "# group_vars/selfcheck.yml\nsip2_host: {ip}\nsip2_login: {svc}\nsip2_password: \"{s}\"",
  "pw", "svc")
D("compose-command-array-admin-secret",
  "    command: [\"--config\", \"/etc/loris.conf\", \"--admin-secret\", \"{s}\"]",
  "an:24", "'/etc/loris.conf")
D("dokku-config-set-log",
  "-----> Setting config vars\n       OCLC_CLIENT_SECRET: {s}\n-----> Restarting app {app}",
  "b64:32", "app")
D("deploy-sh-export-lines",
  "#!/bin/sh\n# deploy.sh for {app}\nexport DB_HOST={host}\nexport DB_PASSWORD='{s}'\n./bin/migrate && ./bin/start",
  "pw", "host")
D("github-services-postgres-env",
  "    services:\n      postgres:\n        image: postgres:15\n        env:\n          POSTGRES_PASSWORD: {s}\n        ports: ['5432:5432']",
  "pw", "'postgres:15")
D("argo-workflow-parameter-value",
  "  arguments:\n    parameters:\n    - name: preservica-password\n      value: \"{s}\"",
  "pw", "'preservica-password")
D("concourse-params-password",
  "- put: sftp-delivery\n  params:\n    host: {host}\n    username: marc\n    password: {s}",
  "pw", "host")
D("makefile-deploy-rsync-password-env",
  "deploy:\n\tRSYNC_PASSWORD={s} rsync -av dist/ rsync://deploy@{host}/omeka-theme/",
  "pw", "host")
D("powershell-dsc-credential-ci",
  "$cred = New-Object PSCredential('{ntdom}\\svc_deploy', (ConvertTo-SecureString '{s}' -AsPlainText -Force))\nStart-DscConfiguration -Path .\\ScanStation -Credential $cred -Wait",
  "pw", "'ScanStation")
D("tekton-task-env-value",
  "    env:\n      - name: FEDORA_ADMIN_PASSWORD\n        value: \"{s}\"",
  "pws:18", "'FEDORA_ADMIN_PASSWORD")
D("semaphore-secret-create-cli",
  "sem create secret oai-harvester -e HARVEST_USER={user} -e HARVEST_PASS={s}",
  "pw", "user")
D("rundeck-job-yaml-exec-password",
  "- description: Nightly SIP2 check\n  sequence:\n    commands:\n    - exec: /opt/sip/check.sh {ip} {svc} {s}",
  "pw", "svc")

# =========================================================== vendor-token
K = _grp("vendor-token")


def V(fmt, spec, var, label):
    tpls = ["export " + var + "={s}",
            "# " + label + "\n" + var + "={s}",
            var + ": \"{s}\"",
            var + " = \"{s}\"",
            "\"" + var + "\": \"{s}\",",
            label + " (" + var + "): {s}",
            "$env:" + var + " = \"{s}\"",
            "os.environ[\"" + var + "\"] = \"{s}\"",
            "set " + var + "={s}"]
    K(fmt, tpls, spec, "'" + var)


V("exlibris-alma-l7xx-key", "=l7xx+hex:32", "ALMA_API_KEY", "Ex Libris Alma API key, production")
V("exlibris-primo-ve-l7xx-key", "=l7xx+hex:32", "PRIMO_VE_APIKEY", "Primo VE search API key")
V("oclc-wskey-80-alnum", "an:80", "OCLC_WSKEY", "WorldCat Search API wskey")
V("oclc-wskey-secret-32-b64", "b64:32", "OCLC_WSKEY_SECRET", "OCLC WSKey secret")
V("oclc-access-token-tk-prefix", "=tk_+an:40", "OCLC_ACCESS_TOKEN", "OCLC bearer token (expires 20 min)")
V("folio-okapi-jwt-token", "hs256", "OKAPI_TOKEN", "FOLIO Okapi token for the migration user")
V("sierra-client-secret-human", "pw", "SIERRA_SECRET", "Sierra API client secret")
V("koha-oauth-client-secret-36", "an:36", "KOHA_CLIENT_SECRET", "Koha REST API client secret")
V("evergreen-authtoken-hex32", "hex:32", "EG_AUTHTOKEN", "Evergreen staff authtoken")
V("aspace-session-hex64", "hex:64", "ASPACE_SESSION", "ArchivesSpace session id")
V("omeka-s-key-credential-32", "an:32", "OMEKA_KEY_CREDENTIAL", "Omeka S key_credential")
V("openathens-api-key-uuid-dot", lambda: _uuid() + "." + _rs(_AN, 24), "OPENATHENS_API_KEY", "OpenAthens admin API key")
V("europeana-wskey-lower-letters", "al:9", "EUROPEANA_API_KEY", "Europeana API key")
V("dpla-api-key-hex32", "hex:32", "DPLA_API_KEY", "DPLA API key")
V("trove-api-key-lower-32", "lan:32", "TROVE_API_KEY", "Trove API key")
V("digitalnz-api-key-20", "an:20", "DIGITALNZ_API_KEY", "DigitalNZ API key")
V("api-data-gov-key-40", "an:40", "SMITHSONIAN_API_KEY", "api.data.gov key for the Smithsonian Open Access API")
V("harvard-art-museums-apikey-uuid", "uuid", "HAM_APIKEY", "Harvard Art Museums apikey")
V("rijksmuseum-key-8", "an:8", "RIJKS_KEY", "Rijksmuseum API key")
V("cooper-hewitt-access-token-hex32", "hex:32", "CH_ACCESS_TOKEN", "Cooper Hewitt collection API access_token")
V("flickr-api-secret-hex16", "hex:16", "FLICKR_SECRET", "Flickr API secret for the Commons uploads")
V("internet-archive-s3-secret-16", "an:16", "IA_S3_SECRET", "Internet Archive S3-like secret key")
V("google-api-key-aiza", "=AIza+b64u:35", "GOOGLE_BOOKS_API_KEY", "Google Books API key")
V("mailchimp-key-dc-suffix", "hex:32+=-us+dig:2", "MAILCHIMP_API_KEY", "Mailchimp key for the members newsletter")
V("stripe-live-secret-key", "=sk_live_+an:99", "STRIPE_SECRET_KEY", "Stripe live secret key (museum shop)")
V("stripe-restricted-key-rk-live", "=rk_live_+an:99", "STRIPE_RESTRICTED_KEY", "Stripe restricted key for ticket refunds")
V("stripe-webhook-secret-whsec", "=whsec_+an:32", "STRIPE_WEBHOOK_SECRET", "Stripe webhook signing secret")
V("square-access-token-eaaa", "=EAAA+b64u:60", "SQUARE_ACCESS_TOKEN", "Square POS access token (gift shop)")
V("eventbrite-private-token-upper20", "uan:20", "EVENTBRITE_TOKEN", "Eventbrite private token")
V("shopify-admin-token-shpat", "=shpat_+hex:32", "SHOPIFY_ADMIN_TOKEN", "Shopify admin API token for the online shop")
V("twilio-auth-token-hex32", "hex:32", "TWILIO_AUTH_TOKEN", "Twilio auth token for SMS hold notices")
V("sendgrid-key-sg-dot", "=SG.+b64u:22+=.+b64u:43", "SENDGRID_API_KEY", "SendGrid key for overdue notices")
V("slack-bot-token-xoxb", lambda: "xoxb-" + _dig(12) + "-" + _dig(13) + "-" + _rs(_AN, 24), "SLACK_BOT_TOKEN", "Slack bot token for #digitisation-alerts")
V("github-pat-classic-ghp", "=ghp_+an:36", "GITHUB_TOKEN", "GitHub token for the plugin release workflow")
V("github-fine-grained-pat", lambda: "github_pat_" + _rs(_AN, 22) + "_" + _rs(_AN, 59), "GH_PAT", "fine-grained PAT (read-only on the theme repo)")
V("gitlab-pat-glpat", "=glpat-+b64u:20", "GITLAB_TOKEN", "GitLab token")
V("aws-secret-access-key-40", "b64:40", "AWS_SECRET_ACCESS_KEY", "AWS secret for the IIIF derivatives bucket")
V("azure-storage-account-key-88", "rb64:64", "AZURE_STORAGE_KEY", "Azure storage key for the digitisation blobs")
V("backblaze-b2-application-key", "=K00+dig:1+b64u:27", "B2_APPLICATION_KEY", "Backblaze B2 application key for preservation copies")
V("digitalocean-token-dop-v1", "=dop_v1_+hex:64", "DO_TOKEN", "DigitalOcean token")
V("cloudflare-api-token-40", "b64u:40", "CF_API_TOKEN", "Cloudflare token for the exhibition microsite")
V("npm-token-npm-prefix", "=npm_+an:36", "NPM_TOKEN", "npm publish token for the Mirador plugin")
V("pypi-token-pypi-agei", "=pypi-AgEIcHlwaS5vcmc+b64u:120", "PYPI_TOKEN", "PyPI token for the pymarc-tools release")
V("docker-hub-pat-dckr", "=dckr_pat_+b64u:27", "DOCKERHUB_TOKEN", "Docker Hub access token")
V("datadog-api-key-hex32", "hex:32", "DD_API_KEY", "Datadog API key")
V("newrelic-user-key-nrak", "=NRAK-+uan:27", "NEW_RELIC_API_KEY", "New Relic user key")
V("openai-project-key-sk-proj", "=sk-proj-+b64u:120", "OPENAI_API_KEY", "OpenAI key for the metadata enrichment tests")
V("anthropic-api-key-sk-ant", "=sk-ant-api03-+b64u:93+=AA", "ANTHROPIC_API_KEY", "Anthropic key for the finding-aid summariser")
V("huggingface-token-hf", "=hf_+al:34", "HF_TOKEN", "Hugging Face token for the HTR model download")
V("postmark-server-token-uuid", "uuid", "POSTMARK_SERVER_TOKEN", "Postmark server token for booking confirmations")
V("mailgun-key-prefix", "=key-+hex:32", "MAILGUN_API_KEY", "Mailgun key")
V("paypal-client-secret-80", "=E+b64u:79", "PAYPAL_CLIENT_SECRET", "PayPal client secret for donations")
V("okta-ssws-token-00", "=00+b64u:40", "OKTA_API_TOKEN", "Okta SSWS token")
V("hashicorp-vault-token-hvs", "=hvs.+b64u:90", "VAULT_TOKEN", "Vault token for the deploy role")
V("terraform-cloud-token-atlasv1", lambda: _rs(_AN, 14) + ".atlasv1." + _rs(_AN, 67), "TFE_TOKEN", "Terraform Cloud token")
V("telegram-bot-token-digits-colon", lambda: _dig(10) + ":AA" + _rs(_B64U, 33), "TELEGRAM_BOT_TOKEN", "Telegram bot for the night guard alerts")
V("chatwork-api-token-hex32", "hex:32", "CHATWORK_API_TOKEN", "Chatwork API token (学芸課)")
V("backlog-api-key-64", "an:64", "BACKLOG_API_KEY", "Backlog API key for the 資料整理 project")
V("kintone-api-token-40", "an:40", "KINTONE_API_TOKEN", "kintone app token (寄贈者台帳)")
V("line-channel-secret-hex32", "hex:32", "LINE_CHANNEL_SECRET", "LINE channel secret for the museum account")
V("line-channel-access-token-long", lambda: _rs(_B64, 171) + "=", "LINE_CHANNEL_ACCESS_TOKEN", "LINE long-lived channel access token")
V("payjp-secret-key-sk-live", "=sk_live_+hex:48", "PAYJP_SECRET_KEY", "PAY.JP secret key (ミュージアムショップ)")
V("przelewy24-crc-key-hex16", "hex:16", "P24_CRC", "Przelewy24 CRC key (sklep muzealny)")
V("payu-pos-second-key-md5", "hex:32", "PAYU_SECOND_KEY", "PayU drugi klucz (MD5) dla POS")
V("redsys-merchant-key-b64-32", "b64:32", "REDSYS_MERCHANT_KEY", "clave secreta Redsys del TPV virtual")
V("pagopa-apim-subscription-key", "hex:32", "PAGOPA_SUBSCRIPTION_KEY", "chiave Ocp-Apim-Subscription-Key pagoPA")
V("nexi-xpay-mac-key", "an:32", "NEXI_MAC_KEY", "chiave MAC Nexi XPay per la biglietteria")
V("blackbaud-sky-subscription-key", "hex:32", "BB_SUBSCRIPTION_KEY", "Blackbaud SKY API subscription key")
V("bloomerang-private-key-prv", "=prv_+an:32", "BLOOMERANG_KEY", "Bloomerang private API key")
V("neon-crm-api-key-hex32", "hex:32", "NEON_API_KEY", "Neon CRM API key")
V("salesforce-session-id-00d", lambda: "00D" + _rs(_AN, 12) + "!" + _rs(_AN + ".", 96), "SF_SESSION_ID", "Salesforce NPSP session id")
V("matomo-token-auth-hex32", "hex:32", "MATOMO_TOKEN_AUTH", "Matomo token_auth for the OPAC analytics")
V("recaptcha-secret-6l", "=6L+b64u:38", "RECAPTCHA_SECRET", "reCAPTCHA secret for the reading-room booking form")
V("hcaptcha-secret-0x", "=0x+hex:40", "HCAPTCHA_SECRET", "hCaptcha secret")
V("algolia-admin-key-hex32", "hex:32", "ALGOLIA_ADMIN_KEY", "Algolia admin key for the collection search")
V("zenodo-token-60", "an:60", "ZENODO_TOKEN", "Zenodo token for dataset deposits")
V("figshare-token-hex128", "hex:128", "FIGSHARE_TOKEN", "Figshare personal token")
V("orcid-client-secret-uuid", "uuid", "ORCID_CLIENT_SECRET", "ORCID member API client secret")
V("overdrive-client-secret-b64", "b64u:32", "OVERDRIVE_CLIENT_SECRET", "OverDrive client secret")
V("sirsidynix-session-token-uuid", "uuid", "SIRS_SESSION_TOKEN", "SirsiDynix x-sirs-sessionToken")
V("polaris-papi-access-key", "UUID", "PAPI_ACCESS_KEY", "Polaris PAPI access key")
V("sketchfab-api-token-hex32", "hex:32", "SKETCHFAB_TOKEN", "Sketchfab token for 3D scans")
V("vimeo-access-token-hex32", "hex:32", "VIMEO_TOKEN", "Vimeo token for exhibition videos")
V("keycloak-client-secret-32", "an:32", "KEYCLOAK_CLIENT_SECRET", "Keycloak client secret (folio realm)")
V("age-secret-key-bech32", "=AGE-SECRET-KEY-1+b32:58", "AGE_KEY", "age key for the encrypted donor backups")
V("alibaba-access-key-secret-30", "an:30", "ALIYUN_ACCESS_KEY_SECRET", "Alibaba Cloud secret for the CDN mirror")
V("google-oauth-client-secret-gocspx", "=GOCSPX-+b64u:28", "GOOGLE_CLIENT_SECRET", "Google OAuth client secret (staff SSO)")
V("entra-client-secret-8q-tilde", lambda: _rs(_AN, 3) + "8Q~" + _rs(_AN + "~_.-", 34), "AZURE_CLIENT_SECRET", "Entra ID app secret for the SharePoint export")
V("dropbox-short-lived-sl", "=sl.+b64u:136", "DROPBOX_TOKEN", "Dropbox token for photographer transfers")
V("airtable-pat-dotted", lambda: "pat" + _rs(_AN, 14) + "." + _rs(_HEX, 64), "AIRTABLE_TOKEN", "Airtable token for the loans inventory base")
V("notion-integration-secret", "=secret_+an:43", "NOTION_TOKEN", "Notion integration secret (exhibition planning)")
V("trello-token-atta", "=ATTA+hex:64", "TRELLO_TOKEN", "Trello token")
V("brevo-api-key-xkeysib", lambda: "xkeysib-" + _rs(_HEX, 64) + "-" + _rs(_AN, 16), "BREVO_API_KEY", "Brevo key for event invitations")
V("twilio-api-key-secret-32", "an:32", "TWILIO_API_SECRET", "Twilio API key secret")
V("cloudinary-url-secret-part", "b64u:27", "CLOUDINARY_API_SECRET", "Cloudinary API secret for thumbnails")
V("supabase-secret-sbp", "=sbp_+hex:40", "SUPABASE_ACCESS_TOKEN", "Supabase access token")
V("heroku-api-key-hrku", lambda: "HRKU-" + _uuid(), "HEROKU_API_KEY", "Heroku API key")
V("grafana-service-account-glsa", lambda: "glsa_" + _rs(_AN, 32) + "_" + _rs(_HEX, 8), "GRAFANA_TOKEN", "Grafana service account token")
V("postman-api-key-pmak", lambda: "PMAK-" + _rs(_HEX, 24) + "-" + _rs(_HEX, 34), "POSTMAN_API_KEY", "Postman key")
V("linear-api-key-lin-api", "=lin_api_+an:40", "LINEAR_API_KEY", "Linear key")
V("hubspot-private-app-pat", lambda: "pat-eu1-" + _uuid(), "HUBSPOT_TOKEN", "HubSpot private app token (membership)")
V("deepl-api-key-fx-suffix", lambda: _uuid() + ":fx", "DEEPL_AUTH_KEY", "DeepL key for catalogue translations")
V("transkribus-session-hex32-upper", "HEX:32", "TRANSKRIBUS_SESSION", "Transkribus JSESSIONID")
V("abbyy-cloud-ocr-app-password", "an:24", "ABBYY_APP_PASSWORD", "ABBYY Cloud OCR application password")
V("wasabi-secret-key-40-upper", "uan:40", "WASABI_SECRET_KEY", "Wasabi secret for the scan masters")
V("preservica-api-password-human", "pw", "PRESERVICA_PASSWORD", "Preservica API user password")
V("pulumi-access-token-pul", "=pul-+hex:40", "PULUMI_ACCESS_TOKEN", "Pulumi token")
K("slack-incoming-webhook-url-path",
  "SLACK_WEBHOOK=https://hooks.slack.com/services/T{up8}/B{up10}/{s}",
  "an:24", "'SLACK_WEBHOOK")
K("discord-webhook-url-token",
  "webhook: https://discord.com/api/webhooks/{snow}/{s}",
  "b64u:68", "'discord.com/api/webhooks")
K("cloudinary-url-api-secret",
  "CLOUDINARY_URL=cloudinary://{dig15}:{s}@{word}-museum",
  "b64u:27", "'CLOUDINARY_URL")
K("azure-sas-url-sig-only",
  "https://{word}dams.blob.core.windows.net/masters/{file}?sv=2022-11-02&ss=b&srt=o&sp=r&se={date}T18:00:00Z&st={date}T09:00:00Z&spr=https&sig={s}",
  lambda: _rs(_AN, 38) + "%2B" + _rs(_AN, 3) + "%3D", "'blob.core.windows.net")
K("s3-presigned-url-signature-only",
  "https://{bucket}.s3.{region}.amazonaws.com/masters/{file}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={akid}%2F20240312%2F{region}%2Fs3%2Faws4_request&X-Amz-Date=20240312T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={s}",
  "hex:64", "bucket")
K("cloudfront-signed-url-signature-only",
  "https://d{sha7}.cloudfront.net/iiif/{word}/full/max/0/default.jpg?Expires=1735689600&Signature={s}&Key-Pair-Id=K{up13}",
  lambda: _rs(_AN + "-~_", 172) + "__", "'cloudfront.net")
K("gcp-service-account-json-escaped-key",
  "{\n  \"type\": \"service_account\",\n  \"project_id\": \"{word}-digital\",\n  \"private_key_id\": \"{sha}\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n{s}\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"ocr@{word}-digital.iam.gserviceaccount.com\"\n}",
  lambda: _pem(14).replace("\n", "\\n"), "'service_account")
K("zapier-catch-hook-url-secret",
  "POST https://hooks.zapier.com/hooks/catch/{id2}/{s}/ (new donor -> thank-you email)",
  "lan:7", "'hooks.zapier.com")

# ================================================================= benign
def _issn():
    d = [_n(0, 9) for _ in range(7)]
    r = (11 - sum(x * (8 - i) for i, x in enumerate(d)) % 11) % 11
    s = "".join(map(str, d)) + ("X" if r == 10 else str(r))
    return s[:4] + "-" + s[4:]


def _ean13(prefix="978"):
    d = [int(c) for c in prefix] + [_n(0, 9) for _ in range(12 - len(prefix))]
    s = sum(x * (1 if i % 2 == 0 else 3) for i, x in enumerate(d))
    return "".join(map(str, d + [(10 - s % 10) % 10]))


def _lccall():
    return "%s%d.%s%d %s%d %d" % (_c(["QA", "PN", "DG", "ND", "Z", "PQ", "BX", "NK", "GN"]),
                                  _n(1, 9999), _c(_UP), _n(1, 99), _c(_UP), _n(10, 99),
                                  _n(1890, 2024))


_F.update({
    "sha256": lambda: _rs(_HEX, 64),
    "md5": lambda: _rs(_HEX, 32),
    "hex8": lambda: _rs(_HEX, 8),
    "hex12": lambda: _rs(_HEX, 12),
    "hex16": lambda: _rs(_HEX, 16),
    "hex20": lambda: _rs(_HEX, 20),
    "HEX16": lambda: _rs(_HEX.upper(), 16),
    "HEX24": lambda: _rs(_HEX.upper(), 24),
    "HEX40": lambda: _rs(_HEX.upper(), 40),
    "b43": lambda: _rs(_B64, 43),
    "issn": _issn,
    "ean": lambda: _ean13(_c(["800", "590", "840", "450", "490"])),
    "oclcnum": lambda: str(_n(1000000, 1399999999)),
    "lccn": lambda: str(_n(1995, 2024)) + "%06d" % _n(1, 999999),
    "doi": lambda: "10.%d/%s.%d.%d" % (_n(1000, 99999), _word(1, 2), _n(2010, 2024), _n(1, 99999)),
    "handle": lambda: "20.500.%d/%d" % (_n(10000, 14999), _n(1, 99999)),
    "ark": lambda: "ark:/%d/%s%s" % (_n(10000, 99999), _c(["b", "k", "t", "m"]), _rs("0123456789bcdfghjkmnpqrstvwxz", 9)),
    "viaf": lambda: str(_n(10000000, 999999999)),
    "accno": lambda: "%d.%d.%d" % (_n(1890, 2024), _n(1, 400), _n(1, 99)),
    "lccall": _lccall,
    "dewey": lambda: "%03d.%d %s" % (_n(0, 999), _n(1, 999), _rs(_UP, 3)),
    "epc": lambda: "E2" + _rs("0123456789ABCDEF", 22),
    "mac": lambda: ":".join(_rs("0123456789ABCDEF", 2) for _ in range(6)),
    "winsid": lambda: "S-1-5-21-%d-%d-%d-%d" % (_n(10 ** 9, 4 * 10 ** 9), _n(10 ** 9, 4 * 10 ** 9), _n(10 ** 9, 4 * 10 ** 9), _n(1000, 9999)),
    "guid": lambda: "{" + _uuid().upper() + "}",
    "ulid": lambda: "01" + _rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 24),
    "big": lambda: str(_n(10 ** 8, 10 ** 12)),
    "serial": lambda: _rs(_UP, 2) + _rs(_DIG, 8),
    "span": lambda: _rs(_HEX, 16),
    "acct": lambda: _rs(_DIG, 12),
    "pwlen": lambda: str(_n(10, 16)),
    "b64u38": lambda: _rs(_B64U, 38),
})


def _b64text():
    t = _c(["Biblioteca Civica di %s - orario: lun-ven 9-19, sab 9-13",
            "Miejska Biblioteka Publiczna w %s, czytelnia nieczynna w sobotę",
            "%s Museum - Late opening Thursday until 21:00",
            "%s 市立図書館 開館時間 9:30-19:00",
            "Archivo Histórico de %s: cita previa para consultar legajos",
            "Exhibition loan agreement draft for %s, v2",
            "MARC export for %s branch, records 1-500"]) % _town()
    b = base64.b64encode(t.encode()).decode()
    return _c(["X-Meta-Note: ", "note_b64=", "description (base64): ", "\"payload\": \"", "data: "]) + b


def _jwks():
    return ("{\"keys\":[{\"kty\":\"RSA\",\"use\":\"sig\",\"kid\":\"" + _rs(_HEX, 16)
            + "\",\"alg\":\"RS256\",\"n\":\"" + _b64u(_rb(256)) + "\",\"e\":\"AQAB\"}]}")


def _pubpem():
    return ("-----BEGIN PUBLIC KEY-----\n" + _wrap(base64.b64encode(
        b"0\x82\x01\"0\r\x06\t*\x86H\x86\xf7\r\x01\x01\x01\x05\x00\x03\x82\x01\x0f\x00" + _rb(270)).decode(), 64)
        + "\n-----END PUBLIC KEY-----")


def _cert():
    return ("# /etc/shibboleth/sp-cert.pem (public certificate)\n-----BEGIN CERTIFICATE-----\n"
            + _wrap(base64.b64encode(b"0\x82\x03" + _rb(_n(600, 760))).decode(), 64)
            + "\n-----END CERTIFICATE-----")


def _sshpub():
    if _n(0, 1):
        return ("ssh-ed25519 " + base64.b64encode(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00 " + _rb(32)).decode()
                + " " + _user() + "@" + _c(["scan-pc", "digilab", "koha-prod", "laptop"]) + str(_n(1, 9)))
    return ("ssh-rsa " + base64.b64encode(b"\x00\x00\x00\x07ssh-rsa\x00\x00\x00\x03\x01\x00\x01\x00\x00\x01\x81\x00" + _rb(384)).decode()
            + " deploy@{host}")


def _pgpfp():
    h = _rs(_HEX.upper(), 40)
    return ("pub   rsa4096/" + h[-16:] + " " + _date() + " [SC]\n      Key fingerprint = "
            + " ".join(h[i:i + 4] for i in range(0, 40, 4)) + "\nuid   {lib} Digital Preservation <preservation@{dom}>")


def _certfp():
    return _c(["SHA1 Fingerprint=", "SHA256 Fingerprint=", "sha256 fingerprint: "]) + ":".join(
        _rs("0123456789ABCDEF", 2) for _ in range(_c([20, 32])))


def _sshfp():
    return ("The authenticity of host '{host} ({ip})' can't be established.\nED25519 key fingerprint is SHA256:"
            + _rs(_B64, 43) + ".")


def _masked():
    k = _n(0, 5)
    if k == 0:
        return "ALMA_API_KEY=l7xx" + "*" * 28 + _rs(_HEX, 4)
    if k == 1:
        return "password: " + "*" * _n(6, 12) + "  (hidden by vault)"
    if k == 2:
        return "STRIPE_SECRET_KEY=sk_live_" + "•" * 12 + _rs(_AN, 4)
    if k == 3:
        return "Looking in indexes: https://{user}:****@nexus.{dom}/repository/pypi-group/simple"
    if k == 4:
        return "+ curl -fsS -u admin:**** -X POST http://{host}:8089/plugins/reindex"
    return "Run docker login -u {user} -p *** ghcr.io"


_BEN = [
    "commit {sha}\nMerge branch '{branch}' into main",
    "{sha7} fix SIP2 checksum for 98/99 messages ({ticket})",
    "{sha256}  data/{file}",
    "manifest-md5.txt: {md5}  data/{file}",
    "Payload-Oxum: {big}.{num}\nBagging-Date: {date}\nBag-Software-Agent: bagit.py v1.8.1",
    "<premis:messageDigestAlgorithm>SHA-256</premis:messageDigestAlgorithm>\n<premis:messageDigest>{sha256}</premis:messageDigest>",
    "X-Okapi-Request-Id: {id}/inventory;{id2}/instance-storage",
    "traceparent: 00-{trace}-{span}-01",
    "ETag: \"{md5}\"",
    "image: registry.{dom}/glam/cantaloupe@sha256:{sha256}",
    _sshpub,
    _pgpfp,
    _sshfp,
    _certfp,
    _pubpem,
    _cert,
    _jwks,
    _masked,
    _b64text,
    "Authorization: Bearer <token>   # paste the token from `vault kv get secret/glam/{word}`",
    "Authorization: Basic <base64 of user:password>",
    "apikey: ${ALMA_API_KEY}",
    "password: ${{ secrets.KOHA_DB_PASSWORD }}",
    "SET DB_PASSWORD=%DB_PASSWORD%",
    "DB_PASSWORD=$(cat /run/secrets/{db}_password)",
    "password: changeme  # placeholder only - the real value comes from ansible-vault",
    "koha_db_password: \"{{ vault_koha_db_password }}\"",
    "vault kv get -field=api_key secret/glam/{word}/alma",
    "op://GLAM/{lib}/credential",
    "DB_PASSWORD_FILE=/run/secrets/{db}_password",
    "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: {db}-credentials\n        key: password",
    "AppConfig[:db_url] = ENV.fetch('ASPACE_DB_URL')",
    "export ALMA_API_KEY=<your-alma-api-key>",
    "STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx   # replace with the key from the finance vault",
    "arn:aws:secretsmanager:{region}:{acct}:secret:prod/{app}/db-{hex8}",
    "https://{word}-kv.vault.azure.net/secrets/DonorCrmApiKey/{hex32}",
    "projects/{word}-digital/secrets/oclc-client-secret/versions/{num}",
    "DB_PASSWORD=[REDACTED]",
    "Parameters: {\"user\"=>{\"email\"=>\"{email}\", \"password\"=>\"[FILTERED]\"}}",
    "sasl.jaas.config = [hidden]",
    "Password: (set via KOHA_DB_PASS environment variable on {host})",
]
_BEN += [
    "Staff passwords must be at least {pwlen} characters long and are rotated every 180 days; never reuse the last 5.",
    "Policy: library card PINs are 4-6 digits and can only be reset in person at the {loc} desk.",
    "La password deve contenere almeno 12 caratteri, una maiuscola, un numero e un simbolo (policy {lib}).",
    "Per reimpostare il PIN della tessera rivolgersi al banco prestiti di {lib}; non inviamo mai password via email.",
    "Hasło musi mieć co najmniej 12 znaków i nie może zawierać loginu ani nazwy biblioteki ({lib}).",
    "Zmiana hasła do katalogu {lib} jest wymagana co 90 dni - przypomnienie wysyła system.",
    "パスワードは12文字以上で、英大文字・数字・記号を含めてください（{lib}）。",
    "利用者カードの暗証番号を忘れた場合は、{lib}のカウンターでお問い合わせください。",
    "La contraseña debe tener al menos 12 caracteres y caducará cada 90 días ({lib}).",
    "Si olvidó su PIN, acuda al mostrador de préstamo de {lib}; nunca enviamos contraseñas por correo.",
    "ISBN {isbn}",
    "020 __ |a {isbn} (pbk.)",
    "022 0_ |a {issn}",
    "035 __ |a (OCoLC){oclcnum}",
    "010 __ |a {lccn}",
    "https://doi.org/{doi}",
    "https://hdl.handle.net/{handle}",
    "{ark}",
    "https://orcid.org/{orcid}",
    "http://viaf.org/viaf/{viaf}",
    "Accession no. {accno} - bequest of the {last} family",
    "Nr inw. MN-{id} / sygn. Rkp. {num}/{id2}",
    "資料番号 {id2} 登録日 {date}",
    "Sig. MSS/{id} - Fondo {last}",
    "Inv. n. {id} - collocazione MAGAZ. {num}/{id2}",
    "call number {lccall}",
    "Dewey {dewey}",
    "Item barcode 3{id2}{id3} checked in at {loc}",
    "RFID tag EPC {epc} written for item 3{id}{id3}",
    "9300CN{svc}|CO|CP{loc}|AY0AZ{sipck}",
    "2300120240312    101523AO{code}|AA{barcode}|AC|AD|AY1AZ{sipck}",
    "98YYYNYN01000320240312    1015232.00AO{code}|BXYYYYYYYYYYYNNYYY|AY1AZ{sipck}",
    "mod-circulation-24.1.{num}, mod-inventory-storage-27.0.{num2}, okapi 5.3.{num3}",
    "instance {uuid} updated by {user} at {ts}",
    "OpacPasswordChange: 1\nminPasswordLength: {pwlen}\nRequireStrongPassword: 1",
    "Title JSTOR\nURL https://www.jstor.org\nDomain jstor.org",
    "LoginPort 2048\nOption Cookie\nMaxLifetime 120\nMaxSessions {id}",
    "https://{host}/iiif/3/{md5}/full/max/0/default.jpg",
    "https://{host}/iiif/manifest/{uuid}.json",
    "Omeka S API key identity {kid} (the credential half lives in Bitwarden, not here)",
    "Stripe.js publishable key for the ticket page: pk_live_{cid}",
    "gtag('config', 'G-{up10}');",
    "<div class=\"g-recaptcha\" data-sitekey=\"6L{b64u38}\"></div>",
    "Koha {ver} / FOLIO Quesnelia / DSpace 7.6.{num} / Cantaloupe 5.0.{num2}",
    "/var/lib/koha/{inst}/plugins/Koha/Plugin/Com/{word}/{hex8}.tt",
    "/srv/iiif/images/{hex8}/{md5}.jp2",
    "/fcrepo/rest/{hex8}/{uuid}",
    "{lts} INFO Login OK for user {user} from {ip} (session id not logged)",
    "{lts} WARN Authentication failed for {user}: invalid credentials (password not logged)",
    "CRC32: {hex8}  {file}",
    "MD5 ({file}) = {md5}",
    "Phase One IQ4 150MP, serial {serial}, firmware 4.02.{num}",
    "ICC profile: {word}_FADGI_4star_{date}.icc",
    "ImageUniqueID: {md5}\nBodySerialNumber: {serial}",
    "Constituent ID {id} - Gift ID {id2} - Gift Aid ref GA-{id3}",
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA{b43}",
    "{\"alg\":\"RS256\",\"typ\":\"JWT\",\"kid\":\"{hex16}\"}",
    "resumptionToken=oai_dc/{date}/{id}/{hex16}",
    "\"nextCursor\": \"AoJ{b43}\"",
    "metadata:\n  uid: {uuid}\n  resourceVersion: \"{id2}\"",
    "annotations:\n  checksum/config: {sha256}",
    "\"integrity\": \"sha512-{b43}{b432}==\"",
    "--hash=sha256:{sha256}",
    "github.com/{word}/iiif-go v1.{num}.0 h1:{b43}=",
    "Content-Security-Policy: script-src 'self' 'nonce-{hex20}'",
    "<script src=\"/js/mirador.min.js\" integrity=\"sha384-{b43}{b432}\" crossorigin=\"anonymous\"></script>",
    "main.{hex8}.js  app.{hex20}.css",
    "ULID {ulid}",
    "EAN {ean} - exhibition catalogue, museum shop",
    "ui-users.reset.password, ui-users.edit, ui-inventory.instance.view",
    "PasswordAuthentication no\nPubkeyAuthentication yes\nAllowUsers {user}",
    "grant_type=password is disabled for the {tenant} tenant; use client_credentials",
    "echo $CR_PAT | docker login ghcr.io -u {user} --password-stdin",
    "mysql -u koha_{inst} -p koha_{inst}   # prompts for the password",
    "psql -h {host} -U folio_admin -W okapi_modules",
    "PGPASSFILE=/home/{user}/.pgpass",
    "encryptedData:\n  password: AgB{b43}{b432}{b433}",
    "password: ENC[AES256_GCM,data:{b43},iv:{b432},tag:{b433},type:str]",
    "$ANSIBLE_VAULT;1.1;AES256\n{hex64}\n{hex642}",
    "Ed25519 webhook verification public key: {hex64}",
    "trace_id={trace} span_id={span} service=mod-search",
    "MAC {mac} - Bibliotheca selfCheck 1000, serial {serial}",
    "{winsid}",
    "HKLM\\SOFTWARE\\Classes\\CLSID\\{guid}",
    "Request-Id: {uuid}",
    "object number {accno}a-b (pair of sandals), loan ref L{year}.{num}",
    "SHA-1 of the TIFF master: {sha}",
    "The SIP2 password is stored in /etc/koha/sites/{inst}/SIPconfig.xml (root-only, mode 0600), not in the repo.",
    "The Alma API key is in 1Password under 'Alma prod (read-only)'; ask {en_first} for access.",
    "Il token OCLC si trova nel vault alla voce secret/glam/oclc, non incollarlo nelle note.",
    "Klucz API jest w menedżerze haseł (folder Digitalizacja), nie w repozytorium.",
    "APIキーはVaultの secret/glam/cinii に保存済みです。",
    "La clave de Redsys está en el gestor de contraseñas del departamento, no en el código.",
    "key_credential=<redacted> key_identity={kid}",
    "token: \"\"   # left empty on purpose; set OKAPI_TOKEN at runtime",
    "Reset link sent to {email} (expires in 24h)",
    "AWS region {region}, bucket {bucket}, storage class GLACIER_IR",
    "sha256:{sha256} sizes 512MB layer for cantaloupe:5.0.{num}",
    "Session timeout set to {num} minutes for staff client on {host}",
    "Ticket {ticket}: rotate the Sierra client secret (done, new value in vault)",
]


# ================================================================== build
def _build_secrets():
    per = dict((g, [r for r in _ROWS if r[0] == g]) for g in _GROUPS)
    cnt = dict((g, 0) for g in _GROUPS)
    out = []
    for _round in range(3):
        for g in _GROUPS:
            for r in per[g]:
                if cnt[g] >= _PER_GROUP:
                    break
                out.append(_make(r))
                cnt[g] += 1
    rank = dict((g, i) for i, g in enumerate(_GROUPS))
    out.sort(key=lambda e: rank[e[0]])
    return out


def _build_benign(secrets):
    long_secrets = [e[3] for e in secrets if len(e[3]) >= 8]
    seen = set()
    out = []
    i = 0
    tries = 0
    while len(out) < _N_BENIGN and tries < _N_BENIGN * 20:
        tpl = _BEN[i % len(_BEN)]
        i += 1
        tries += 1
        t = tpl() if callable(tpl) else (_c(tpl) if isinstance(tpl, (list, tuple)) else tpl)
        text = _fill(t, "=")[0]
        if text in seen or any(s in text for s in long_secrets):
            continue
        seen.add(text)
        out.append(text)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)
