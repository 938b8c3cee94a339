"""Blind hold-out corpus #68 for a secret-redaction engine.

What it is
    A fixed set of text fragments of the kind a coding agent (Claude Code,
    Codex, Gemini CLI) writes into its saved working state: goals, running
    notes, shell commands it ran, tool output, excerpts of files it opened,
    decisions, chat messages pasted in by colleagues, log lines and CI
    configuration.  Each fragment in SECRETS carries exactly one credential
    that a redaction engine must remove; each string in BENIGN carries no
    credential at all but looks secret-ish to a naive scanner.  The corpus
    measures both recall (secrets removed) and precision (look-alikes and the
    surrounding context left readable).

Theme
    Scientific publishing, libraries, museums and archives: journal
    submission systems (OJS, ScholarOne, Editorial Manager), DOI registration
    (Crossref, DataCite deposit credentials), ORCID and institutional SSO
    (Shibboleth, OpenAthens, EZproxy), library systems (Koha, Alma, FOLIO,
    OCLC WorldCat APIs), digital repositories (DSpace, Fedora, Islandora,
    Omeka), museum collection databases, IIIF image servers, digitisation
    workflows and the storage behind them.  All eight groups are covered.

Provenance
    Written blind, from general knowledge only: no engine rules, no other
    corpus and no web or code search were consulted.  Where the real shape
    of a vendor's credential was known it was imitated (prefixes, lengths,
    alphabets); where it was not known, a plausible shape was invented.  All
    hosts, institutions, people, account names and values are fictitious,
    and every credential value is a fresh random draw made for this file.

Layout
    SECRETS  list of about 1,500 5-tuples (group, format, text, secret,
             visible).  group is one of command, tool-output, config-file,
             source-code, stack-trace-or-log, note-or-chat, ci-and-deploy,
             vendor-token (about 185 each); format is a kebab-case name of the
             shape, used at most three times; text is the fragment as the
             agent recorded it; secret is the exact substring of text that
             must not survive redaction (only the key body of a PEM key, only
             the signature of a signed URL, only the password of a
             user:password pair); visible is a substring of text that must
             remain readable, or "".
    BENIGN   list of about 950 distinct strings, in the same contexts, that
             contain no credential: commit SHAs, checksums, UUIDs, request and
             trace ids, DOIs and ORCID iDs, public keys and certificate
             fingerprints, public key ids, placeholders, masked values,
             references to where a secret is stored, base64 of ordinary
             text, prose about passwords and policies, cache-key hashes.

Determinism
    Every random value is drawn from _R = random.Random(SEED) while the
    module is imported, in a fixed order, so importing it twice yields
    identical lists.  Nothing is printed at import and only the standard
    library is used (Python 3.8 syntax).

Measured
--------
Blind, read after all of that session's rules: recall 0.943 (1,405 of 1,490) and false positives 30
of 960 (3.1%); with the engine at that session's start 0.942 (1,403) and the same 30. Not tuned on.
"""
import base64
import json
import random
import re
import string

SEED = 680068
_R = random.Random(SEED)

# ---------------------------------------------------------------- primitives
_DIG = string.digits
_LOW = string.ascii_lowercase
_UPP = string.ascii_uppercase
_ALN = _LOW + _UPP + _DIG


def _pick(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def hx(n):
    return _pick("0123456789abcdef", n)


def HX(n):
    return _pick("0123456789ABCDEF", n)


def an(n):
    return _pick(_ALN, n)


def lo(n):
    return _pick(_LOW + _DIG, n)


def up(n):
    return _pick(_UPP + _DIG, n)


def al(n):
    return _pick(_LOW, n)


def dg(n):
    return _R.choice("123456789") + _pick(_DIG, n - 1)


def b64c(n):
    return _R.choice(_ALN) + _pick(_ALN + "+/", n - 1)


def b64u(n):
    return _R.choice(_ALN) + _pick(_ALN + "-_", n - 1)


def b32(n):
    return _pick(_UPP + "234567", n)


def rbytes(n):
    return bytes(_R.randrange(256) for _ in range(n))


def b64b(n):
    return base64.b64encode(rbytes(n)).decode()


def b64enc(s):
    return base64.b64encode(s.encode()).decode()


def uid():
    h = hx(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _R.choice("89ab"),
                                  h[17:20], h[20:32])


def _b64url_json(obj):
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def jwt(payload=None, alg="HS256", siglen=43):
    if payload is None:
        payload = {"sub": lo(12), "iat": _R.randint(1700000000, 1760000000)}
    head = _b64url_json({"alg": alg, "typ": "JWT"})
    return head + "." + _b64url_json(payload) + "." + b64u(siglen)


def pem_body(prefix, nchars, width=64, pad=""):
    s = prefix + b64c(nchars - len(prefix) - len(pad)) + pad
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


def pct(s):
    out = []
    for ch in s:
        if ch in "+/=":
            out.append("%%%02X" % ord(ch))
        else:
            out.append(ch)
    return "".join(out)


def c(*options):
    return lambda: _R.choice(options)


# ---------------------------------------------------------------- passwords
WORDS = [
    "vellum", "folio", "codex", "quarto", "marble", "atlas", "herbarium",
    "lantern", "harbor", "copper", "meadow", "falcon", "orchid", "granite",
    "saffron", "walnut", "cobalt", "juniper", "parchment", "ledger",
    "gallery", "mosaic", "rosette", "colophon", "marginalia", "palimpsest",
    "fresco", "tapestry", "sextant", "compass", "beacon", "thistle", "heron",
    "otter", "badger", "maple", "cedar", "willow", "pepper", "biscuit",
    "pickle", "tundra", "glacier", "canyon", "nebula", "quasar", "rubric",
    "gilded", "sepia", "indigo", "ochre", "umber", "verdigris", "octavo",
    "binding", "recto", "verso", "accession", "shelfmark", "carrel",
    "monsoon", "zephyr", "sparrow", "kestrel", "puffin", "walrus", "narwhal",
    "mango", "papaya", "espresso", "bagel", "pretzel", "waffle", "lighthouse",
    "orbit", "trellis", "satchel", "quill", "inkwell", "scribe", "gazette",
    "almanac", "bestiary", "chronicle", "diptych", "etching", "lithograph",
    "mezzotint", "plinth", "vitrine", "armature", "cartouche", "diorama",
    "fossil", "amber", "obsidian", "basalt", "lagoon", "fjord", "tulip",
    "crocus", "dahlia", "hazel", "rowan", "bramble", "clover", "pumpkin",
]
_SYMS = "!#*+-_.=~^?"
_SEASONS = ["Winter", "Summer", "Spring", "Autumn", "Herbst", "Sommer",
            "Hiver", "Printemps", "Invierno", "Verano", "Zima", "Lato",
            "Talvi", "Kesa", "Vinter"]


def _cap(w):
    return w[0].upper() + w[1:]


def pw_word():
    return _cap(_R.choice(WORDS)) + dg(_R.randint(2, 4)) + _R.choice("!#*?.-+")


def pw_phrase(sep=None):
    sep = sep if sep is not None else _R.choice("-._")
    ws = _R.sample(WORDS, _R.randint(3, 4))
    if _R.random() < 0.5:
        ws[_R.randrange(len(ws))] += str(_R.randint(1, 99))
    if _R.random() < 0.4:
        ws[0] = _cap(ws[0])
    return sep.join(ws)


def pw_pron():
    cons, vow = "bdfghklmnprstvz", "aeiou"
    s = "".join(_R.choice(cons) + _R.choice(vow) for _ in range(_R.randint(4, 5)))
    return _cap(s) + dg(2) + (_R.choice("!#*.") if _R.random() < 0.5 else "")


def pw_rand(n=None):
    n = n or _R.randint(12, 20)
    s = _R.choice(_ALN) + _pick(_ALN + _SYMS, n - 1)
    if not any(ch in _SYMS for ch in s):
        s = s[:-1] + _R.choice(_SYMS)
    return s


def pw_season():
    return _R.choice(_SEASONS) + str(_R.randint(2019, 2025)) + _R.choice("!#*.?") + dg(2)


def pw_leet():
    w = _R.choice(WORDS) + _R.choice(WORDS)
    tr = {"a": "4", "e": "3", "o": "0", "i": "1", "s": "5"}
    w = "".join(tr.get(ch, ch) if _R.random() < 0.6 else ch for ch in w)
    return _cap(w) + _R.choice("!#*") + dg(2)


def pw():
    f = _R.choice([pw_word, pw_phrase, pw_pron, pw_rand, pw_rand, pw_season,
                   pw_leet])
    return f()


def pw_url():
    f = _R.choice([
        lambda: _cap(_R.choice(WORDS)) + dg(3) + _R.choice("-_.~") + _cap(_R.choice(WORDS)),
        lambda: _R.choice(_ALN) + _pick(_ALN + "-_.~", _R.randint(11, 19)),
        lambda: pw_phrase(_R.choice("-._")),
        lambda: pw_pron(),
        lambda: an(_R.randint(14, 24)),
    ])
    s = f()
    return "".join(ch for ch in s if ch in _ALN + "-_.~") or an(14)


def pw_an():
    return _R.choice([lambda: an(_R.randint(10, 18)),
                      lambda: _cap(_R.choice(WORDS)) + dg(4) + _cap(_R.choice(WORDS)),
                      lambda: al(4) + dg(4) + al(4)])()


# ---------------------------------------------------------------- context
_INST = ["aldermoor.ac.uk", "brackwater-univ.edu", "calderbrook.edu",
         "uni-dunsmere.de", "elmstead-museum.org", "fenwick-institute.org",
         "glenhollow.ac.uk", "bib-hartsfeld.de", "musee-valcroix.fr",
         "kestrel-college.edu", "lindqvist-arkiv.se", "museo-arvalle.it",
         "univ-montgarde.fr", "nordhaven-library.no", "pressbury.org",
         "tarnwick.ac.nz", "harrowfield-univ.ca", "ostermark-yliopisto.fi",
         "biblioteca-serrano.es", "veldmuseum.nl", "corrie-press.org",
         "stormholt-archives.dk"]
_SUB = ["journals", "ojs", "press", "repo", "dspace", "eprints", "koha",
        "opac", "catalogue", "folio", "okapi", "iiif", "images", "media",
        "collections", "archive", "archives", "aspace", "atom", "fedora",
        "islandora", "omeka", "exhibits", "ezproxy", "idp", "sso", "login",
        "digi", "scans", "dams", "preservation", "handle", "oai", "solr",
        "db-01", "pg-02", "mysql-01", "nas-digi01", "staging", "dev-repo"]
_FIRST = ["Ingrid", "Mateus", "Aiko", "Olusegun", "Priya", "Siobhan",
          "Tomasz", "Lucia", "Henrik", "Yara", "Dmitri", "Fatima", "Kwame",
          "Mei", "Jonas", "Chloe", "Rafael", "Anneke", "Saoirse", "Kenji",
          "Zofia", "Emeka", "Nadia", "Lars", "Beatriz", "Hamid", "Ilse",
          "Margit", "Tariq", "Elif", "Oskar", "Ines", "Bongani", "Leilani"]
_LAST = ["Okafor", "Lindqvist", "Nakamura", "Kowalski", "Brennan", "Moreau",
         "Haddad", "Petrov", "van Dijk", "Oyelaran", "Castellanos", "Fischer",
         "Nguyen", "Mensah", "Rossi", "Jarvinen", "Ahmadi", "Delacroix",
         "Sato", "Novak", "Ferreira", "O'Connell", "Halvorsen", "Szabo"]
_USERS = ["ojs", "ojs_app", "dspace", "koha_library", "koha_ro",
          "folio_admin", "islandora", "omeka", "cantaloupe", "iiif_reader",
          "digitise", "scanops", "svc-crossref", "svc-datacite", "svc-orcid",
          "harvest", "oai_harvester", "aspace", "archivematica", "tms_reader",
          "emu_export", "preservica_ingest", "backup", "etl_loader",
          "deposit_bot", "repo_admin", "atom", "hyrax", "goobi", "kitodo"]
_BUCKETS = ["dams-masters", "digitisation-raw", "iiif-derivatives",
            "repo-bitstreams", "ojs-files-prod", "museum-tiff-archive",
            "preservation-aips", "scan-intake", "oai-exports",
            "special-collections-img", "herbarium-sheets", "newspaper-ocr"]
_DBS = ["ojs", "ojs_prod", "dspace", "dspace7", "koha_library", "folio",
        "omeka_s", "islandora", "archivesspace", "atom", "fcrepo", "digitrack",
        "hyrax_production", "goobi", "emu_mirror", "tms_reporting"]
_TENANTS = ["diku", "aldermoor", "fs00001003", "brackwater", "kestrel_lib"]
_DOIPFX = ["10.17863", "10.25416", "10.48230", "10.57721", "10.31094",
           "10.60512", "10.14481", "10.22370"]


def _orcid():
    d = "0000000" + _R.choice("123") + _pick(_DIG, 7)
    total = 0
    for ch in d:
        total = (total + int(ch)) * 2
    r = (12 - total % 11) % 11
    s = d + ("X" if r == 10 else str(r))
    return "-".join(s[i:i + 4] for i in range(0, 16, 4))


def _doi():
    p = _R.choice(_DOIPFX)
    return p + "/" + _R.choice([
        lambda: "jhs.%d.%04d" % (_R.randint(2015, 2025), _R.randint(1, 9999)),
        lambda: "repo-%s" % lo(8),
        lambda: "zenodo.%d" % _R.randint(1000000, 9999999),
        lambda: "%s-%s" % (lo(4), lo(4)),
        lambda: "museum.obj.%d" % _R.randint(10000, 99999),
    ])()


def _date():
    return "%d-%02d-%02d" % (_R.randint(2023, 2025), _R.randint(1, 12), _R.randint(1, 28))


def _ts():
    return "%sT%02d:%02d:%02dZ" % (_date(), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def _logts():
    return "%s %02d:%02d:%02d,%03d" % (_date(), _R.randint(0, 23), _R.randint(0, 59),
                                      _R.randint(0, 59), _R.randint(0, 999))


_D = {
    "inst": lambda: _R.choice(_INST),
    "host": lambda: _R.choice(_SUB) + "." + _R.choice(_INST),
    "ip": lambda: "10.%d.%d.%d" % (_R.randint(0, 40), _R.randint(0, 255), _R.randint(2, 250)),
    "user": lambda: _R.choice(_USERS),
    "first": lambda: _R.choice(_FIRST),
    "person": lambda: _R.choice(_FIRST) + " " + _R.choice(_LAST),
    "login": lambda: _R.choice(_FIRST).lower()[0] + _R.choice(_LAST).lower().replace(" ", "").replace("'", ""),
    "email": lambda: _R.choice(_FIRST).lower() + "." + _R.choice(_LAST).lower().replace(" ", "").replace("'", "") + "@" + _R.choice(_INST),
    "date": _date,
    "ts": _ts,
    "logts": _logts,
    "hhmm": lambda: "%02d:%02d" % (_R.randint(7, 19), _R.randint(0, 59)),
    "n": lambda: str(_R.randint(100, 99999)),
    "port": lambda: str(_R.choice([5432, 3306, 8080, 8182, 8983, 9130, 1433, 1521, 27017, 6379, 8443])),
    "sha": lambda: hx(40),
    "sha7": lambda: hx(7),
    "sha7b": lambda: hx(7),
    "sha7c": lambda: hx(7),
    "sha256": lambda: hx(64),
    "md5": lambda: hx(32),
    "uuid": uid,
    "doi": _doi,
    "orcid": _orcid,
    "bucket": lambda: _R.choice(_BUCKETS),
    "db": lambda: _R.choice(_DBS),
    "tenant": lambda: _R.choice(_TENANTS),
    "ticket": lambda: _R.choice(["DIGI", "LIBSYS", "REPO", "OJS", "MUS", "DAMS", "CAT"]) + "-" + str(_R.randint(100, 4999)),
    "pid": lambda: str(_R.randint(1200, 65000)),
    "reqid": lambda: hx(16),
    "obj": lambda: _R.choice(["1987.114.%d", "MS-%04d", "HRB-%06d", "PH.%d.A", "INV-%05d"]) % _R.randint(1, 9999),
    "pw": pw,
    "year": lambda: str(_R.randint(2019, 2025)),
    "hex16": lambda: hx(16),
    "HEX16": lambda: HX(16),
    "hex32": lambda: hx(32),
    "fp": lambda: b64c(43),
    "colonfp": lambda: ":".join(HX(2) for _ in range(32)),
    "colonfp1": lambda: ":".join(HX(2) for _ in range(20)),
    "sshpub": lambda: "AAAAC3NzaC1lZDI1NTE5AAAAI" + b64c(43),
    "org": lambda: _R.choice(["elmstead-museum", "aldermoor-library", "calderbrook-dh", "kestrel-library", "pressbury"]),
    "obj2": lambda: _R.choice(["1987.114.%d", "MS-%04d", "HRB-%06d", "PH.%d.A", "INV-%05d"]) % _R.randint(1, 9999),
    "isbn": lambda: "978" + dg(10),
    "issn": lambda: "%04d-%03d%s" % (_R.randint(1000, 9999), _R.randint(0, 999), _R.choice("0123456789X")),
    "ark": lambda: "ark:/%d/%s" % (_R.randint(10000, 99999), lo(10)),
    "handle": lambda: "%d.%d/%d" % (_R.randint(10000, 20000), _R.randint(1, 9), _R.randint(100, 99999)),
    "dataciteid": lambda: up(4) + "." + _R.choice(["REPO", "DATA", "THESES", "MUSEUM", "ARCHIVE"]),
    "oclcnum": lambda: str(_R.randint(10000000, 1500000000)),
    "awsacct": lambda: dg(12),
    "tenantid": uid,
    "size": lambda: "%d.%d MB" % (_R.randint(1, 900), _R.randint(0, 9)),
}

_PH = re.compile(u"\u00ab(\\w+)\u00bb")


def _fill(tmpl, fields):
    vals = {}

    def rep(m):
        k = m.group(1)
        if k not in vals:
            if k in fields:
                v = fields[k]
            else:
                v = _D[k] if k in _D else _D[k.rstrip("0123456789")]
            if callable(v):
                v = v()
            elif isinstance(v, (list, tuple)):
                v = _R.choice(v)
            vals[k] = v
        return vals[k]

    return _PH.sub(rep, tmpl), vals


SECRETS = []
BENIGN = []
_FMTS = set()
_SEEN = set()


_GCOUNT = {}
# Groups with more formats than the others use some formats only twice, so
# that every group ends up with about 185 fragments.
_THIN = {"command": lambda i: 2 if i % 3 == 2 else 3,
         "config-file": lambda i: 2 if i % 3 == 2 else 3,
         "vendor-token": lambda i: 3 if i % 4 == 0 else 2}


def _count_for(group, n):
    i = _GCOUNT.get(group, 0)
    _GCOUNT[group] = i + 1
    if group in _THIN and n == 3:
        return _THIN[group](i)
    return n


def S(group, fmt, tmpl, sec, vis="", n=3, **kw):
    """Register n fragments of one format; the secret goes in at the S mark."""
    if fmt in _FMTS:
        raise ValueError("duplicate format " + fmt)
    _FMTS.add(fmt)
    n = _count_for(group, n)
    for _ in range(n):
        for _attempt in range(100):
            fields = dict(kw)
            fields["S"] = sec
            if u"\u00abV\u00bb" in tmpl:
                fields["V"] = vis
            text, vals = _fill(tmpl, fields)
            if vals["S"] not in _SEEN:
                break
        secret = vals["S"]
        _SEEN.add(secret)
        visible = vals["V"] if u"\u00abV\u00bb" in tmpl else vis
        SECRETS.append((group, fmt, text, secret, visible))


def SF(group, fmt, fn, n=3):
    """Register n fragments built by fn() -> (text, secret, visible)."""
    if fmt in _FMTS:
        raise ValueError("duplicate format " + fmt)
    _FMTS.add(fmt)
    n = _count_for(group, n)
    for _ in range(n):
        for _attempt in range(100):
            text, secret, visible = fn()
            if secret not in _SEEN:
                break
        _SEEN.add(secret)
        SECRETS.append((group, fmt, text, secret, visible))


_BSEEN = set()
_BDEF = 3


def B(tmpl, n=None, **kw):
    """Register up to n distinct benign look-alike strings."""
    for _ in range(_BDEF if n is None else n):
        text, _vals = _fill(tmpl, kw)
        if text not in _BSEEN:
            _BSEEN.add(text)
            BENIGN.append(text)


# ---------------------------------------------------------------- vendor shapes
def t_ghp():
    return "ghp_" + an(36)


def t_glpat():
    return "glpat-" + b64u(20)


def t_aws_id():
    return "AKIA" + b32(16)


def t_aws_secret():
    return b64c(40)


def t_alma():
    return "l7xx" + hx(32)


def t_slack_bot():
    return "xoxb-%s-%s-%s" % (dg(11), dg(13), an(24))


def t_npm():
    return "npm_" + an(36)


def t_pypi():
    return "pypi-AgEIcHlwaS5vcmcCJ" + b64u(_R.randint(120, 160))


def t_zenodo():
    return an(60)


def t_entra():
    return an(3) + "8Q~" + _pick(_ALN + "_.~-", 34)


def t_azure_key():
    return b64b(64)


def t_stripe_live():
    return "sk_live_51" + an(97)


def t_sendgrid():
    return "SG." + b64u(22) + "." + b64u(43)


def t_mailgun():
    return _R.choice(["key-" + hx(32), hx(32) + "-" + hx(8) + "-" + hx(8)])


def t_okapi():
    return jwt({"sub": _R.choice(["diku_admin", "folio_admin", "svc_sip2", "etl"]),
                "user_id": uid(), "iat": _R.randint(1700000000, 1760000000),
                "tenant": _R.choice(_TENANTS)})


def t_crossref_plus():
    return jwt({"jti": uid(), "iat": _R.randint(1700000000, 1760000000),
                "iss": "crossref.org", "aud": "mdpapi", "sub": "member:" + dg(4)},
               alg="HS256", siglen=43)


def t_pem_ec():
    return pem_body("MHcCAQEEI", 164, pad="")


def t_pem_pkcs8():
    return pem_body("MIIE" + _R.choice(["vQIBADANBgkqhkiG9w0BAQEFAASC", "vgIBADANBgkqhkiG9w0BAQEFAASC"]), 64 * 10 + 20)


def t_pem_openssh():
    return pem_body("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", 70 * 5 + 40, width=70)


# ============================================================================
# group: command
# ============================================================================
G = "command"
S(G, "psql-pgpassword-env-prefix",
  "PGPASSWORD='«S»' psql -h «V» -U ojs -d ojs_prod -c \"select count(*) from submissions where status = 1;\"",
  pw, vis=lambda: "pg-02." + _R.choice(_INST))
S(G, "mysql-p-attached-password",
  "mysql -h «V» -u omeka -p«S» omeka_s < /srv/backups/omeka_s-«date».sql",
  pw_an, vis=lambda: "mysql-01." + _R.choice(_INST))
S(G, "mysqldump-long-password-flag",
  "mysqldump --user=koha_library --password=«S» --single-transaction --routines koha_library | gzip > /backup/koha-«date».sql.gz",
  pw, vis="--single-transaction --routines koha_library")
S(G, "curl-u-datacite-repository-password",
  "curl -sS -u «V»:«S» -X POST https://api.datacite.org/dois \\\n  -H 'Content-Type: application/vnd.api+json' -d @doi-«n».json",
  pw_url, vis=lambda: up(4) + "." + _R.choice(["JOURNALS", "REPO", "DATA", "MUSEUM", "THESES"]))
S(G, "curl-crossref-deposit-form-fields",
  "curl -F 'operation=doMDUpload' -F 'login_id=«V»' -F 'login_passwd=«S»' \\\n     -F 'fname=@crossref-batch-«n».xml' https://doi.crossref.org/servlet/deposit",
  pw, vis=lambda: _R.choice(["aldm", "brkw", "clbk", "pressbury"]) + "/" + _R.choice(["depositor", "ojs", "repo"]))
S(G, "curl-orcid-member-bearer",
  "curl -s -H 'Accept: application/vnd.orcid+xml' -H 'Authorization: Bearer «S»' \\\n  https://api.orcid.org/v3.0/«V»/works",
  uid, vis=_orcid)
S(G, "curl-alma-apikey-query-param",
  "curl -s \"https://api-eu.hosted.exlibrisgroup.com/almaws/v1/bibs/99«n»3606?view=full&apikey=«S»&format=json\" | jq '.title'",
  t_alma, vis="almaws/v1/bibs")
S(G, "curl-okapi-token-header",
  "curl -s -H \"X-Okapi-Tenant: «tenant»\" -H \"X-Okapi-Token: «S»\" \\\n  \"https://«V»/inventory/items?query=barcode==3901«n»&limit=5\"",
  t_okapi, vis=lambda: "okapi." + _R.choice(_INST))
S(G, "curl-folio-authn-login-json-body",
  "curl -i -X POST https://okapi.«inst»/authn/login -H 'Content-Type: application/json' \\\n  -H 'X-Okapi-Tenant: «tenant»' -d '{\"username\":\"«V»\",\"password\":\"«S»\"}'",
  pw, vis=c("diku_admin", "folio_admin", "svc_migration", "etl_loader"))
S(G, "curl-oclc-client-credentials-basic",
  "curl -s -u \"«key»:«S»\" -X POST \\\n  'https://oauth.oclc.org/token?grant_type=client_credentials&scope=wcapi'",
  lambda: b64c(32), vis="oauth.oclc.org/token", key=lambda: an(80))
S(G, "sshpass-sftp-production-vendor",
  "sshpass -p '«S»' sftp -oBatchMode=no -oStrictHostKeyChecking=no «V»@sftp.typeset-vendor.example:/incoming",
  pw, vis=c("pressbury_prod", "jhs_upload", "em_export", "aldm_journals"))
S(G, "lftp-u-user-comma-password",
  "lftp -u «V»,«S» sftp://ingest.portico-mirror.example -e 'mirror -R ./packages/«date» /incoming; bye'",
  pw_an, vis=c("corrie_press", "pressbury", "aldm_jnl"))
S(G, "docker-run-e-postgres-password",
  "docker run -d --name dspace-db -e POSTGRES_USER=«V» -e POSTGRES_PASSWORD=«S» \\\n  -v pgdata:/var/lib/postgresql/data -p 5432:5432 postgres:15",
  pw_an, vis=c("dspace", "fcrepo", "folio"))
S(G, "echo-pipe-docker-login-stdin",
  "echo \"«S»\" | docker login registry.gitlab.«inst» -u «V» --password-stdin",
  t_glpat, vis=c("ci-bot", "lib-deploy", "dams-ci"))
S(G, "git-clone-oauth2-token-url",
  "git clone https://oauth2:«S»@gitlab.«V»/digital-library/ojs-theme-«n».git",
  t_glpat, vis=lambda: _R.choice(_INST))
S(G, "git-remote-set-url-user-pat",
  "git remote set-url origin https://«V»:«S»@github.com/«org»/iiif-manifests.git && git push origin main",
  t_ghp, vis=c("lib-digi-bot", "kowalski-t", "museum-webteam"), org=c("elmstead-museum", "aldermoor-library", "calderbrook-dh"))
S(G, "aws-configure-set-secret-key",
  "aws configure set aws_access_key_id «akid» --profile digitisation\naws configure set aws_secret_access_key «S» --profile digitisation",
  t_aws_secret, vis="--profile digitisation", akid=t_aws_id)
S(G, "export-aws-secret-access-key",
  "export AWS_ACCESS_KEY_ID=«akid»\nexport AWS_SECRET_ACCESS_KEY=«S»\naws s3 sync ./tiff s3://«V»/«date»/ --storage-class DEEP_ARCHIVE",
  t_aws_secret, vis=lambda: _R.choice(_BUCKETS), akid=t_aws_id)
S(G, "rclone-config-create-b2-key",
  "rclone config create b2-masters b2 account «acct» key «S» hard_delete false",
  lambda: "K005" + b64c(27), vis="rclone config create b2-masters", acct=lambda: "005" + hx(22))
S(G, "s3cmd-secret-key-flag",
  "s3cmd --access_key=«akid» --secret_key=«S» --host=s3.wasabisys.com sync ./derivatives/ s3://«V»/",
  t_aws_secret, vis=lambda: _R.choice(_BUCKETS), akid=lambda: up(20))
S(G, "mc-alias-set-minio",
  "mc alias set minio-dams https://minio.«inst» «access» «S»\nmc ls minio-dams/«bucket»",
  lambda: an(40), vis="mc alias set minio-dams", access=lambda: up(20))
S(G, "htpasswd-batch-mode",
  "sudo htpasswd -b /etc/cantaloupe/admin.htpasswd «V» «S»",
  pw, vis=c("iiif-admin", "cantaloupe", "imgops"))
S(G, "keytool-storepass-srcstorepass",
  "keytool -importkeystore -srckeystore idp-signing.p12 -srcstoretype PKCS12 -srcstorepass «S» \\\n  -destkeystore /opt/shibboleth-idp/credentials/idp-signing.jks -deststorepass «S» -alias idp",
  pw, vis="/opt/shibboleth-idp/credentials/idp-signing.jks")
S(G, "openssl-pkcs12-passout",
  "openssl pkcs12 -export -in sp-cert.pem -inkey sp-key.pem -name ezproxy-sp -out ezproxy-sp.p12 -passout pass:«S»",
  pw, vis="ezproxy-sp.p12")
S(G, "ldapsearch-bind-w-quoted",
  "ldapsearch -x -H ldaps://«V» -D \"cn=ezproxy-bind,ou=services,dc=lib,dc=example\" -w '«S»' -b ou=people,dc=lib,dc=example \"(uid=«login»)\"",
  pw, vis=lambda: "ldap." + _R.choice(_INST))
S(G, "mongosh-uri-with-password",
  "mongosh \"mongodb://«V»:«S»@mongo-01.«inst»:27017/transcriptions?authSource=admin\" --eval 'db.pages.countDocuments()'",
  pw_url, vis=c("htr_app", "transcribe", "crowdsource"))
S(G, "redis-cli-a-flag",
  "redis-cli -h «V» -p 6379 -a «S» --no-auth-warning --scan --pattern 'iiif:info:*' | head",
  pw_an, vis=lambda: "redis." + _R.choice(_INST))
S(G, "drush-user-password-set",
  "cd /var/www/islandora && drush user:password admin \"«S»\" && drush cr",
  pw, vis="drush user:password admin")
S(G, "dspace-create-administrator-p",
  "/dspace/bin/dspace create-administrator -e «V» -f Repository -l Admin -p '«S»' -c en",
  pw, vis=lambda: "repo-admin@" + _R.choice(_INST))
S(G, "koha-shell-set-password-script",
  "sudo koha-shell library -c \"perl /usr/share/koha/bin/admin/set_password.pl --userid «V» --password '«S»'\"",
  pw, vis=c("circ_desk", "kohaadmin", "ill_staff"))
S(G, "sqlcmd-sqlserver-capital-p-flag",
  "sqlcmd -S «V» -U tms_reader -P '«S»' -d TMS -Q \"SELECT TOP 10 ObjectNumber, Title FROM Objects\"",
  pw, vis=lambda: "tms-sql01." + _R.choice(_INST))
S(G, "sqlplus-user-slash-password-at",
  "sqlplus voyager/«S»@«V»:1521/VGER @extract_patrons.sql",
  pw_an, vis=lambda: "voyager-db." + _R.choice(_INST))
S(G, "wget-user-password-flags",
  "wget --user=«V» --password='«S»' -r -np -nH https://staging.«inst»/exports/marc/«date»/",
  pw, vis=c("marc_export", "vendor_pull", "ill"))
S(G, "httpie-auth-flag-datacite-mds",
  "http -a «V»:«S» PUT https://mds.test.datacite.org/doi/«doi» doi=«doi» url=https://repo.«inst»/handle/«n»",
  pw_url, vis=lambda: up(4) + ".TEST")
S(G, "smbclient-domain-user-percent-password",
  "smbclient //nas-digi01/scans -U 'DIGILAB\\\\scanner%«S»' -c 'cd «date»; ls'",
  pw_an, vis="//nas-digi01/scans")
S(G, "mount-cifs-password-option",
  "sudo mount -t cifs //nas-digi01/masters /mnt/masters -o username=«V»,password=«S»,vers=3.0,uid=digitise",
  pw_an, vis=c("digitise", "capture", "phaseone"))
S(G, "psql-postgresql-uri",
  "psql \"postgresql://folio_admin:«S»@«V»:5432/folio?sslmode=require\" -c '\\dn'",
  pw_url, vis=lambda: "pg-02." + _R.choice(_INST))
S(G, "env-pgpassword-pg-dump-pipe",
  "env PGPASSWORD=«S» pg_dump -h «V» -U dspace -Fc dspace7 > dspace7-«date».dump",
  pw_an, vis=lambda: "db-01." + _R.choice(_INST))
S(G, "vault-kv-put-inline-value",
  "vault kv put «V» db_user=ojs db_password='«S»'",
  pw, vis=c("secret/ojs/prod", "kv/journals/ojs-db", "secret/library/ojs"))
S(G, "kubectl-create-secret-from-literal",
  "kubectl -n repository create secret generic fedora-admin --from-literal=FCREPO_USER=fedoraAdmin --from-literal=FCREPO_PASSWORD='«S»'",
  pw, vis="kubectl -n repository create secret generic fedora-admin")
S(G, "gh-secret-set-body",
  "gh secret set CROSSREF_PASSWORD --body \"«S»\" --repo «V»",
  pw, vis=c("pressbury/doi-deposit", "aldermoor-library/crossref-sync", "corrie-press/ojs-ops"))
S(G, "fly-secrets-set-zenodo-token",
  "fly secrets set ZENODO_TOKEN=«S» -a «V»",
  t_zenodo, vis=c("dataset-mirror", "zenodo-bridge", "repo-exporter"))
S(G, "npm-config-set-authtoken",
  "npm config set //registry.npmjs.org/:_authToken «S»\nnpm publish --access public ./packages/mirador-plugin-«n»",
  t_npm, vis="npm publish --access public")
S(G, "pip-install-index-url-basic",
  "pip install --index-url https://«V»:«S»@pypi.«inst»/simple/ iiif-prezi3-tools==0.9.«n»",
  pw_url, vis=c("build", "libci", "deploy"))
S(G, "twine-upload-token-p",
  "twine upload -u __token__ -p «S» dist/oai_harvest_kit-1.4.«n»*",
  t_pypi, vis="twine upload -u __token__")
S(G, "curl-scopus-x-els-apikey",
  "curl -s -H \"X-ELS-APIKey: «S»\" -H 'Accept: application/json' \\\n  \"https://api.elsevier.com/content/search/scopus?query=AF-ID(60«n»)&count=25\"",
  lambda: hx(32), vis="api.elsevier.com/content/search/scopus")
S(G, "curl-europeana-wskey-param",
  "curl -s \"https://api.europeana.eu/record/v2/search.json?query=who:%22vermeer%22&rows=12&wskey=«S»\"",
  lambda: al(_R.randint(9, 12)), vis="api.europeana.eu/record/v2/search.json")
S(G, "curl-dpla-api-key-param",
  "curl \"https://api.dp.la/v2/items?q=daguerreotype&page_size=50&api_key=«S»\" -o dpla-«date».json",
  lambda: hx(32), vis="api.dp.la/v2/items")
S(G, "ia-configure-username-password",
  "ia configure --username=«V» --password='«S»'",
  pw, vis=lambda: "digitisation@" + _R.choice(_INST))
S(G, "curl-dataverse-key-header",
  "curl -H \"X-Dataverse-key:«S»\" -X POST \"https://dataverse.«inst»/api/dataverses/root/datasets\" --upload-file dataset.json",
  uid, vis="/api/dataverses/root/datasets")
S(G, "curl-zenodo-access-token-query",
  "curl -s -X POST -H 'Content-Type: application/json' -d '{}' \\\n  \"https://zenodo.org/api/deposit/depositions?access_token=«S»\"",
  t_zenodo, vis="zenodo.org/api/deposit/depositions")
S(G, "curl-omeka-key-credential-params",
  "curl -s \"https://collections.«inst»/api/items?key_identity=«kid»&key_credential=«S»\" | jq length",
  lambda: an(32), vis="/api/items?key_identity=", kid=lambda: an(32))
S(G, "curl-archivematica-apikey-user-colon-key",
  "curl -X POST -H \"Authorization: ApiKey «V»:«S»\" \\\n  -d \"name=accession-«n»&type=standard\" http://archivematica.«inst»:8000/api/transfer/start_transfer/",
  lambda: hx(40), vis=c("am_ingest", "archivist", "demo"))
S(G, "curl-archivesspace-login-form-password",
  "curl -s -F password=\"«S»\" \"http://aspace-staging.«inst»:8089/users/«V»/login\" | jq -r .session",
  pw, vis=c("admin", "migration", "aspace_api"))
S(G, "curl-u-fedora-admin-put",
  "curl -u fedoraAdmin:«S» -X PUT -H 'Content-Type: text/turtle' --data-binary @obj.ttl http://fcrepo.«inst»:8080/fcrepo/rest/«obj»",
  pw_url, vis="/fcrepo/rest/")
S(G, "printf-pipe-hdl-convert-key-passphrase",
  "printf '%s\\n' '«S»' | /opt/handle/bin/hdl-convert-key /opt/handle/svr_1/admpriv.bin -o /tmp/admpriv.pem",
  pw_phrase, vis="/opt/handle/bin/hdl-convert-key")
S(G, "globus-client-secret-env-prefix",
  "GLOBUS_CLI_CLIENT_ID=«uuid» GLOBUS_CLI_CLIENT_SECRET=«S» \\\n  globus transfer «uuid2»:/masters/«date» «uuid3»:/archive/ --recursive --label 'nightly masters'",
  lambda: b64c(43) + "=", vis="globus transfer")
S(G, "echo-pipe-iinit-irods",
  "echo '«S»' | iinit && iput -K -r ./aip-«n» /tempZone/home/preservation/",
  pw, vis="iput -K -r")
S(G, "expect-spawn-sftp-send-password",
  "expect -c 'spawn sftp «V»@ftp.editorial-vendor.example; expect \"password:\"; send \"«S»\\r\"; expect \"sftp>\"; send \"put batch_«n».zip\\r\"; expect \"sftp>\"; send \"bye\\r\"'",
  pw_an, vis=c("em_pressbury", "s1_export", "jnl_feed"))
S(G, "echo-ansible-vault-pass-file",
  "echo '«S»' > ~/.vault_pass && chmod 600 ~/.vault_pass && ansible-playbook -i inventories/prod site.yml --vault-password-file ~/.vault_pass",
  pw_phrase, vis="ansible-playbook -i inventories/prod site.yml")
S(G, "curl-semantic-scholar-x-api-key",
  "curl -s -H \"x-api-key: «S»\" \"https://api.semanticscholar.org/graph/v1/paper/DOI:«doi»?fields=title,citationCount\"",
  lambda: an(40), vis="api.semanticscholar.org/graph/v1/paper")
S(G, "curl-transkribus-login-user-pw",
  "curl -s -X POST https://transkribus.eu/TrpServer/rest/auth/login -d user=«V» -d pw=«S»",
  pw_url, vis=lambda: "htr@" + _R.choice(_INST))
S(G, "psql-c-alter-user-password",
  "sudo -u postgres psql -c \"ALTER USER dspace WITH PASSWORD '«S»';\"",
  pw, vis="ALTER USER dspace WITH PASSWORD")
S(G, "rsync-password-env-daemon",
  "RSYNC_PASSWORD=«S» rsync -av --progress masters/«date»/ rsync://«V»@backup-nas.«inst»/digitisation/",
  pw_an, vis=c("digibackup", "masters", "nightly"))
S(G, "curl-mailgun-user-api-key",
  "curl -s --user 'api:«S»' https://api.eu.mailgun.net/v3/mg.journals.«inst»/messages \\\n  -F from='Editorial Office <editor@journals.«inst»>' -F to=«email» -F subject='Decision on manuscript' -F text=@decision.txt",
  t_mailgun, vis="api.eu.mailgun.net/v3/mg.journals.")
S(G, "curl-sendgrid-bearer-mail-send",
  "curl -s https://api.sendgrid.com/v3/mail/send -H \"Authorization: Bearer «S»\" -H 'Content-Type: application/json' -d @reviewer-reminder.json",
  t_sendgrid, vis="api.sendgrid.com/v3/mail/send")
S(G, "curl-cookie-ojssid-session",
  "curl -s -b 'OJSSID=«S»' 'https://journals.«inst»/index.php/jhs/api/v1/submissions?status=3' | jq '.items | length'",
  lambda: lo(26), vis="/api/v1/submissions")
S(G, "curl-cookie-ezproxy-session",
  "curl -sI --cookie 'ezproxy=«S»' 'https://www-jstor-org.ezproxy.«inst»/stable/«n»'",
  lambda: an(15), vis="ezproxy.")
S(G, "curl-basic-header-sierra-token",
  "curl -s -X POST -H \"Authorization: Basic «S»\" https://catalog.«inst»/iii/sierra-api/v6/token",
  lambda: b64enc(an(28) + ":" + pw_an()), vis="/iii/sierra-api/v6/token")
S(G, "sshpass-prompt-passphrase-ssh-key",
  "sshpass -P 'Enter passphrase' -p '«S»' ssh -i ~/.ssh/digi_ed25519 «V»@iiif-01.«inst» 'systemctl restart cantaloupe'",
  pw_phrase, vis="systemctl restart cantaloupe")


# ============================================================================
# group: tool-output
# ============================================================================
G = "tool-output"
S(G, "env-grep-pass-output",
  "$ env | grep -i pass\nOJS_DB_PASSWORD=«S»\nPASSWORD_RESET_TTL=3600\nHTTP_PASSTHROUGH=false",
  pw, vis="PASSWORD_RESET_TTL=3600")
S(G, "docker-inspect-env-array",
  "$ docker inspect dspace-db --format '{{json .Config.Env}}' | jq .\n[\n  \"POSTGRES_USER=dspace\",\n  \"POSTGRES_PASSWORD=«S»\",\n  \"PGDATA=/var/lib/postgresql/data/pgdata\",\n  \"LANG=en_US.utf8\"\n]",
  pw_an, vis="PGDATA=/var/lib/postgresql/data/pgdata")
S(G, "kubectl-get-secret-yaml-data-b64",
  "$ kubectl -n repository get secret fcrepo-db -o yaml\napiVersion: v1\ndata:\n  password: «S»\n  username: «un»\nkind: Secret\nmetadata:\n  name: fcrepo-db\n  namespace: repository\ntype: Opaque",
  lambda: b64enc(pw()), vis="name: fcrepo-db", un=lambda: b64enc(_R.choice(["fcrepo", "fedora", "islandora"])))
S(G, "kubectl-jsonpath-base64-decode-output",
  "$ kubectl -n journals get secret ojs-db -o jsonpath='{.data.password}' | base64 -d\n«S»$ ",
  pw, vis="kubectl -n journals get secret ojs-db")
S(G, "cat-aws-credentials-output",
  "$ cat ~/.aws/credentials\n[default]\naws_access_key_id = «akid»\naws_secret_access_key = «S»\n\n[«V»]\nregion = eu-west-1",
  t_aws_secret, vis=c("digitisation", "iiif-readonly", "glacier-archive"), akid=t_aws_id)
S(G, "git-config-list-remote-url-token",
  "$ git config --list | grep remote\nremote.origin.url=https://«V»:«S»@github.com/«V»/ojs-plugins.git\nremote.origin.fetch=+refs/heads/*:refs/remotes/origin/*",
  t_ghp, vis=c("pressbury", "kestrel-lib", "valcroix-dev"))
S(G, "cat-netrc-output-machine-login-password",
  "$ cat ~/.netrc\nmachine api.datacite.org\n  login «V»\n  password «S»\nmachine api.test.datacite.org\n  login «V».TEST",
  pw_an, vis=lambda: up(4) + "." + _R.choice(["REPO", "DATA", "ARCHIVE"]))
S(G, "pip-config-list-index-url",
  "$ pip config list\nglobal.index-url='https://«V»:«S»@nexus.«inst»/repository/pypi-all/simple'\nglobal.timeout='60'",
  pw_url, vis=c("ci-reader", "build", "jenkins"))
S(G, "set-x-trace-curl-u",
  "+ DOI_BATCH=crossref-«date».xml\n+ curl -sf -u «V»:«S» -F operation=doMDUpload -F fname=@crossref-«date».xml https://doi.crossref.org/servlet/deposit\n<html><head><title>SUCCESS</title></head><body><h2>SUCCESS</h2></body></html>",
  pw, vis=c("pressbury/ojs", "corrie/depositor", "aldm/jnl"))
S(G, "ps-aux-java-system-property-password",
  "$ ps aux | grep [t]omcat\ntomcat  «pid»  3.1 12.4 8123456 2045312 ?  Sl  Mar02 412:03 /usr/lib/jvm/java-17/bin/java -Xmx6g -Ddspace.dir=/dspace -Ddb.password=«S» -Dsolr.server=http://localhost:8983/solr org.apache.catalina.startup.Bootstrap start",
  pw_an, vis="org.apache.catalina.startup.Bootstrap")
S(G, "history-grep-mysql-numbered",
  "$ history | grep mysql\n  812  mysql -u root -p\n  829  mysql -u koha_library -p'«S»' koha_library -e 'select count(*) from items'\n  844  history | grep mysql",
  pw, vis="select count(*) from items")
S(G, "docker-compose-config-resolved-env",
  "$ docker compose config\nservices:\n  omeka-db:\n    environment:\n      MYSQL_DATABASE: omeka_s\n      MYSQL_PASSWORD: «S»\n      MYSQL_USER: omeka\n    image: mariadb:10.11",
  pw_an, vis="image: mariadb:10.11")
S(G, "terraform-output-json-sensitive-value",
  "$ terraform output -json\n{\n  \"db_admin_password\": {\n    \"sensitive\": true,\n    \"type\": \"string\",\n    \"value\": \"«S»\"\n  },\n  \"iiif_bucket\": {\"sensitive\": false, \"type\": \"string\", \"value\": \"«bucket»\"}\n}",
  pw_rand, vis="db_admin_password")
S(G, "vault-kv-get-table-output",
  "$ vault kv get secret/«V»\n====== Data ======\nKey         Value\n---         -----\npassword    «S»\nusername    crossref_dep",
  pw, vis=c("doi/crossref", "journals/crossref", "repo/crossref"))
S(G, "gcloud-print-access-token-output",
  "$ gcloud auth print-access-token\n«S»\n$ curl -H \"Authorization: Bearer $(gcloud auth print-access-token)\" https://vision.googleapis.com/v1/images:annotate -d @ocr-req.json",
  lambda: "ya29." + b64u(_R.randint(150, 200)), vis="vision.googleapis.com/v1/images:annotate")
S(G, "az-storage-account-keys-list-json",
  "$ az storage account keys list -g rg-dams -n «V» -o json\n[\n  {\n    \"creationTime\": \"«ts»\",\n    \"keyName\": \"key1\",\n    \"permissions\": \"FULL\",\n    \"value\": \"«S»\"\n  }\n]",
  t_azure_key, vis=c("damsmasters", "museumimages01", "repoarchive"))
S(G, "curl-v-authorization-basic-line",
  "$ curl -v -u «user»:<hidden> https://repo.«inst»/server/api/authn/status\n*   Trying «ip»:443...\n> GET /server/api/authn/status HTTP/2\n> Host: repo.«inst»\n> Authorization: Basic «S»\n> User-Agent: curl/8.5.0\n< HTTP/2 200",
  lambda: b64enc(_R.choice(_USERS) + ":" + pw()), vis="/server/api/authn/status")
S(G, "orcid-token-endpoint-json-response",
  "{\"access_token\":\"«S»\",\"token_type\":\"bearer\",\"expires_in\":631138518,\"scope\":\"/read-limited /activities/update\",\"name\":\"«person»\",\"orcid\":\"«V»\"}",
  uid, vis=_orcid)
S(G, "oclc-token-response-tk-prefix",
  "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"access_token\":\"«S»\",\"token_type\":\"bearer\",\"expires_in\":1199,\"principalID\":\"\",\"context_institution_id\":\"«V»\",\"scope\":\"wcapi\"}",
  lambda: "tk_" + an(36), vis=lambda: dg(5))
S(G, "folio-login-response-x-okapi-token-header",
  "HTTP/1.1 201 Created\ncontent-type: application/json\nx-okapi-token: «S»\nrefreshtoken: <omitted>\n\n{\"username\":\"«V»\"}",
  t_okapi, vis=c("diku_admin", "folio_admin", "etl_loader"))
S(G, "pytest-assert-diff-settings-dict",
  "E       AssertionError: assert {'host': 'db', 'password': '«S»', 'user': 'ojs'} == {'host': 'db', 'user': 'ojs'}\nE         Left contains 1 more item:\nE         {'password': '«S»'}\ntests/test_config.py:«n»: AssertionError",
  pw, vis="tests/test_config.py")
S(G, "systemctl-show-environment-line",
  "$ systemctl show fcrepo --property=Environment\nEnvironment=JAVA_OPTS=-Xmx4g FCREPO_HOME=/var/lib/fcrepo FCREPO_DB_PASSWORD=«S» FCREPO_DB_USER=fcrepo",
  pw_an, vis="FCREPO_HOME=/var/lib/fcrepo")
S(G, "crontab-l-harvest-pass-flag",
  "$ crontab -l\n# m h dom mon dow command\n15 2 * * * /usr/local/bin/oai-harvest.sh --endpoint https://oai.«inst»/request --user harvest --pass «S» >> /var/log/harvest.log 2>&1",
  pw_an, vis="/usr/local/bin/oai-harvest.sh")
S(G, "grep-after-context-ojs-config-database",
  "$ grep -A6 '^\\[database\\]' /var/www/ojs/config.inc.php\n[database]\n\ndriver = mysqli\nhost = localhost\nusername = ojs\npassword = «S»\nname = ojs",
  pw, vis="driver = mysqli")
S(G, "sqlite3-settings-table-row",
  "sqlite> select key, value from settings where key like 'smtp%';\nsmtp_host|smtp.«inst»\nsmtp_user|exhibits-noreply\nsmtp_password|«S»\nsmtp_port|587",
  pw, vis="smtp_host|smtp.")
S(G, "dspace-dsprop-output-bare-password",
  "$ /dspace/bin/dspace dsprop -p db.password\n«S»\n$ /dspace/bin/dspace dsprop -p db.username\ndspace",
  pw, vis="/dspace/bin/dspace dsprop -p db.username")
S(G, "docker-history-no-trunc-env-layer",
  "$ docker history --no-trunc registry.«inst»/doi-sync:latest | head -3\nIMAGE          CREATED       CREATED BY                                         SIZE\nsha256:«sha256»   2 weeks ago   ENV CROSSREF_PLUS_TOKEN=«S»   0B",
  t_crossref_plus, vis="docker history --no-trunc")
S(G, "helm-get-values-output-yaml",
  "$ helm get values dspace -n repository\nUSER-SUPPLIED VALUES:\npostgresql:\n  auth:\n    database: dspace\n    password: «S»\n    username: dspace\nsolr:\n  replicas: 1",
  pw_an, vis="USER-SUPPLIED VALUES:")
S(G, "cat-git-credentials-store-output",
  "$ cat ~/.git-credentials\nhttps://«V»:«S»@github.com\nhttps://oauth2:@gitlab.com",
  lambda: "gho_" + an(36), vis=c("lib-digi-bot", "jnowak", "museum-web"))
S(G, "gh-auth-status-show-token",
  "$ gh auth status -t\ngithub.com\n  \u2713 Logged in to github.com account «V» (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: «S»\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
  lambda: "gho_" + an(36), vis=c("calderbrook-dh", "exhibits-dev", "mlindqvist"))
S(G, "drush-sql-connect-output",
  "$ drush sql:connect\nmysql --user=drupal --password=«S» --database=islandora --host=mariadb --port=3306 -A",
  pw_an, vis="--database=islandora")
S(G, "rails-credentials-show-secret-key-base",
  "$ EDITOR=cat bin/rails credentials:show\n# hyrax production\nsecret_key_base: «S»\nfedora:\n  user: fedoraAdmin",
  lambda: hx(128), vis="# hyrax production")
S(G, "ansible-vault-view-output",
  "$ ansible-vault view group_vars/koha/vault.yml\nVault password: \nvault_koha_db_pass: «S»\nvault_koha_zebra_pass: see-koha-conf",
  pw, vis="vault_koha_zebra_pass")
S(G, "sops-decrypt-output-yaml",
  "$ sops -d secrets/prod.enc.yaml\nomeka:\n  db_password: «S»\n  admin_email: web@«inst»",
  pw, vis="admin_email: web@")
S(G, "grep-r-cantaloupe-properties-hit",
  "$ grep -rn secret /etc/cantaloupe/\n/etc/cantaloupe/cantaloupe.properties:212:S3Source.secret_key = «S»\n/etc/cantaloupe/cantaloupe.properties:219:S3Cache.secret_key =",
  t_aws_secret, vis="/etc/cantaloupe/cantaloupe.properties")
S(G, "cat-wpa-supplicant-psk",
  "$ sudo cat /etc/wpa_supplicant/wpa_supplicant.conf\nnetwork={\n    ssid=\"DigiLab-Capture\"\n    psk=\"«S»\"\n    key_mgmt=WPA-PSK\n}",
  pw, vis="DigiLab-Capture")
S(G, "kcadm-client-secret-json",
  "$ /opt/keycloak/bin/kcadm.sh get clients/«uuid»/client-secret -r library\n{\n  \"type\" : \"secret\",\n  \"value\" : \"«S»\"\n}",
  lambda: an(32), vis="kcadm.sh get clients/")
S(G, "jq-service-account-private-key-escaped",
  "$ jq '{client_email, private_key}' htr-vision-sa.json\n{\n  \"client_email\": \"htr-ocr@«V».iam.gserviceaccount.com\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n\"\n}",
  lambda: pem_body("MIIEvgIBADANBgkqhkiG9w0BAQEFAASC", 64 * 6).replace("\n", "\\n"), vis=c("museum-ocr-prod", "lib-htr-2024", "archive-vision"))
S(G, "cat-ssh-private-key-openssh",
  "$ cat ~/.ssh/digi_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n«S»\n-----END OPENSSH PRIVATE KEY-----",
  t_pem_openssh, vis="-----BEGIN OPENSSH PRIVATE KEY-----")
S(G, "az-ad-sp-create-for-rbac-json",
  "$ az ad sp create-for-rbac --name sp-dams-ingest --role Contributor\n{\n  \"appId\": \"«uuid»\",\n  \"displayName\": \"sp-dams-ingest\",\n  \"password\": \"«S»\",\n  \"tenant\": \"«uuid2»\"\n}",
  t_entra, vis="sp-dams-ingest")
S(G, "aws-iam-create-access-key-json",
  "$ aws iam create-access-key --user-name cantaloupe-s3\n{\n    \"AccessKey\": {\n        \"UserName\": \"cantaloupe-s3\",\n        \"AccessKeyId\": \"«akid»\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"«S»\",\n        \"CreateDate\": \"«ts»\"\n    }\n}",
  t_aws_secret, vis="cantaloupe-s3", akid=t_aws_id)
S(G, "stripe-config-list-output",
  "$ stripe config --list\n[default]\n  device_name = apc-payments-«n»\n  live_mode_api_key = '«S»'\n  test_mode_pub_key = 'pk_test_«pub»'",
  lambda: "rk_live_51" + an(97), vis="device_name = apc-payments", pub=lambda: "51" + an(97))
S(G, "mc-alias-list-secretkey",
  "$ mc alias list minio-dams\nminio-dams\n  URL       : https://minio.«inst»\n  AccessKey : «ak»\n  SecretKey : «S»\n  API       : s3v4\n  Path      : auto",
  lambda: an(40), vis="API       : s3v4", ak=lambda: up(20))
S(G, "rclone-config-show-wasabi",
  "$ rclone config show wasabi-archive\n[wasabi-archive]\ntype = s3\nprovider = Wasabi\naccess_key_id = «ak»\nsecret_access_key = «S»\nendpoint = s3.eu-central-2.wasabisys.com",
  t_aws_secret, vis="provider = Wasabi", ak=lambda: up(20))
S(G, "b2-authorize-account-json",
  "$ b2 account get\n{\n    \"accountId\": \"«acct»\",\n    \"applicationKey\": \"«S»\",\n    \"applicationKeyId\": \"005«acct»0001\",\n    \"apiUrl\": \"https://api005.backblazeb2.com\",\n    \"s3endpoint\": \"https://s3.eu-central-003.backblazeb2.com\"\n}",
  lambda: "K005" + b64c(27), vis="https://api005.backblazeb2.com", acct=lambda: hx(12))
S(G, "python-c-print-environ-output",
  "$ python3 -c \"import os; print(os.environ['EZPROXY_ADMIN_PASS'])\"\n«S»",
  pw, vis="os.environ['EZPROXY_ADMIN_PASS']")
S(G, "koha-passwd-instance-output",
  "$ sudo koha-passwd «V»\n«S»",
  pw_an, vis=c("library", "catalogue", "kestrel"))
S(G, "vault-read-database-creds-dynamic",
  "$ vault read database/creds/ojs-readonly\nKey                Value\n---                -----\nlease_id           database/creds/ojs-readonly/«lease»\nlease_duration     1h\nlease_renewable    true\npassword           «S»\nusername           v-token-ojs-read-«user_sfx»",
  lambda: "A1a-" + an(16), vis="lease_duration     1h", lease=lambda: an(24), user_sfx=lambda: an(20))
S(G, "kubectl-get-configmap-leaked-password",
  "$ kubectl get cm archivesspace-config -o yaml | grep -i db\n  APPCONFIG_DB_URL: jdbc:mysql://mysql:3306/archivesspace?useUnicode=true&characterEncoding=UTF-8&user=as&password=«S»",
  pw_url, vis="archivesspace-config")
S(G, "actuator-env-json-property-value",
  "$ curl -s localhost:8081/actuator/env/spring.datasource.password | jq .\n{\n  \"property\": {\n    \"source\": \"applicationConfig: [file:/opt/doi-service/application.yml]\",\n    \"value\": \"«S»\"\n  }\n}",
  pw, vis="/opt/doi-service/application.yml")
S(G, "drush-uli-one-time-login-link",
  "$ drush uli --uid=1 --uri=https://islandora.«inst»\nhttps://islandora.«inst»/user/reset/1/«tsn»/«S»/login",
  lambda: b64u(43), vis="/user/reset/1/", tsn=lambda: str(_R.randint(1700000000, 1760000000)))
S(G, "mailpit-message-temporary-password",
  "$ curl -s localhost:8025/api/v1/message/latest | jq -r .Text\nDear «person»,\n\nAn account has been created for you on the Editorial Manager test site.\nUsername: «V»\nTemporary password: «S»\n\nPlease change it after first login.",
  pw_pron, vis=c("reviewer_test01", "editor_demo", "ae_staging"))
S(G, "printenv-sorted-container",
  "$ docker exec omeka printenv | sort\nAPACHE_RUN_USER=www-data\nHOME=/root\nOMEKA_DB_HOST=omeka-db\nOMEKA_DB_PASSWORD=«S»\nOMEKA_DB_USER=omeka\nPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",
  pw_an, vis="OMEKA_DB_HOST=omeka-db")
S(G, "npm-config-list-authtoken-line",
  "$ npm config list\n; \"user\" config from /home/«login»/.npmrc\n\n//npm.pkg.github.com/:_authToken = \"«S»\"\n@museum-web:registry = \"https://npm.pkg.github.com\"",
  t_ghp, vis="@museum-web:registry")
S(G, "mysql-select-plugin-settings-crossref",
  "mysql> SELECT plugin_name, setting_name, setting_value FROM plugin_settings WHERE plugin_name='crossrefplugin';\n+----------------+---------------+--------------------+\n| plugin_name    | setting_name  | setting_value      |\n+----------------+---------------+--------------------+\n| crossrefplugin | username      | «V» |\n| crossrefplugin | password      | «S» |\n| crossrefplugin | automaticRegistration | 1 |\n+----------------+---------------+--------------------+",
  pw, vis=c("prsb/ojs", "aldm/jnl", "corr/press"))
S(G, "keyring-get-output",
  "$ keyring get datacite «V»\n«S»",
  pw, vis=c("BRKW.DATA", "CLBK.REPO", "ALDM.THESES"))
S(G, "pass-show-output-first-line",
  "$ pass show library/alma-sandbox\n«S»\nurl: https://«tenant».alma.exlibrisgroup.com\nuser: «V»",
  pw, vis=c("sysadmin_sb", "api_tester", "migration"))
S(G, "http-response-set-cookie-shibsession",
  "HTTP/1.1 302 Found\nDate: Tue, 04 Mar 2025 09:12:44 GMT\nSet-Cookie: _shibsession_64656661756c7468747470733a2f2f«hexapp»=_«S»; path=/; secure; HttpOnly; SameSite=None\nLocation: https://«V»/Shibboleth.sso/SAML2/POST",
  lambda: hx(32), vis=lambda: "ezproxy." + _R.choice(_INST), hexapp=lambda: hx(20))
S(G, "koha-cgisessid-cookie-in-devtools-copy",
  "Request URL: https://staff.«inst»/cgi-bin/koha/circ/circulation.pl?borrowernumber=«n»\nRequest Method: GET\nStatus Code: 200 OK\nCookie: CGISESSID=«S»; KohaOpacLanguage=en",
  lambda: hx(32), vis="/cgi-bin/koha/circ/circulation.pl")
S(G, "jupyter-cell-output-config-dict",
  "In [4]: cfg\nOut[4]:\n{'alma_region': 'eu',\n 'alma_api_key': '«S»',\n 'batch_size': 100,\n 'dry_run': True}",
  t_alma, vis="'batch_size': 100")
S(G, "elasticsearch-setup-passwords-auto-output",
  "Initiating the setup of passwords for reserved users elastic,apm_system,kibana_system,logstash_system,beats_system.\n...\nChanged password for user «V»\nPASSWORD «V» = «S»",
  lambda: an(20), vis=c("kibana_system", "logstash_system", "beats_system"))


# ============================================================================
# group: config-file
# ============================================================================
G = "config-file"
S(G, "ojs-config-inc-database-section",
  "; config.inc.php (OJS 3.4)\n[database]\n\ndriver = mysqli\nhost = «V»\nusername = ojs\npassword = «S»\nname = ojs\n\n; Set the non-standard port and/or socket, if used\n; port = 3306",
  pw, vis=lambda: "mysql-01." + _R.choice(_INST))
S(G, "ojs-config-inc-email-smtp-password",
  "[email]\n\nsmtp = On\nsmtp_server = «V»\nsmtp_port = 587\nsmtp_auth = tls\nsmtp_username = journals-noreply\nsmtp_password = «S»\nallow_envelope_sender = Off",
  pw, vis=lambda: "smtp." + _R.choice(_INST))
S(G, "ojs-config-inc-api-key-secret",
  "[security]\n\nforce_ssl = On\nsession_check_ip = On\nencryption = sha1\napi_key_secret = \"«S»\"\nreset_seconds = 7200",
  lambda: an(48), vis="reset_seconds = 7200")
S(G, "dspace-local-cfg-db-password",
  "# local.cfg\ndspace.dir = /dspace\ndspace.server.url = https://repo.«inst»/server\ndb.url = jdbc:postgresql://«V»:5432/dspace\ndb.username = dspace\ndb.password = «S»\ndb.schema = public",
  pw, vis=lambda: "pg-02." + _R.choice(_INST))
S(G, "dspace-local-cfg-mail-server-password",
  "mail.server = smtp.«inst»\nmail.server.username = repository\nmail.server.password = «S»\nmail.server.port = 587\nmail.from.address = repository@«V»",
  pw, vis=lambda: _R.choice(_INST))
S(G, "koha-conf-xml-db-pass",
  "<config>\n <db_scheme>mysql</db_scheme>\n <database>koha_«V»</database>\n <hostname>localhost</hostname>\n <port>3306</port>\n <user>koha_«V»</user>\n <pass>«S»</pass>\n <tls>no</tls>",
  pw_an, vis=c("library", "kestrel", "serrano"))
S(G, "koha-conf-xml-zebra-serverinfo-password",
  " <serverinfo id=\"biblioserver\">\n    <ccl2rpn>/etc/koha/zebradb/ccl.properties</ccl2rpn>\n    <user>kohauser</user>\n    <password>«S»</password>\n    <retrieval syntax=\"marc21\" name=\"F\"/>\n </serverinfo>",
  pw_an, vis="/etc/koha/zebradb/ccl.properties")
S(G, "folio-module-descriptor-env-json",
  "{\n  \"srvcId\": \"mod-inventory-storage-27.1.0\",\n  \"nodeId\": \"10.0.3.«n»\",\n  \"descriptor\": {\n    \"env\": [\n      {\"name\": \"DB_HOST\", \"value\": \"«V»\"},\n      {\"name\": \"DB_USERNAME\", \"value\": \"folio_admin\"},\n      {\"name\": \"DB_PASSWORD\", \"value\": \"«S»\"},\n      {\"name\": \"DB_DATABASE\", \"value\": \"okapi_modules\"}\n    ]\n  }\n}",
  pw, vis=lambda: "pg-folio." + _R.choice(_INST))
S(G, "shibboleth-idp-secrets-properties-sealer",
  "# /opt/shibboleth-idp/credentials/secrets.properties\n# Access to internal AES encryption key\nidp.sealer.storePassword = «S»\nidp.sealer.keyPassword = %{idp.sealer.storePassword}\n\n# Default access to LDAP authn and attribute stores.\nidp.authn.LDAP.bindDNCredential = %{idp.attribute.resolver.LDAP.bindDNCredential:undefined}",
  pw, vis="idp.sealer.keyPassword")
S(G, "shibboleth-idp-ldap-bind-credential",
  "idp.authn.LDAP.authenticator = bindSearchAuthenticator\nidp.authn.LDAP.ldapURL = ldaps://«V»:636\nidp.authn.LDAP.baseDN = ou=people,dc=«dc»,dc=example\nidp.authn.LDAP.bindDN = cn=idp-bind,ou=services,dc=«dc»,dc=example\nidp.authn.LDAP.bindDNCredential = «S»",
  pw, vis=lambda: "ldap." + _R.choice(_INST), dc=c("aldermoor", "kestrel", "glenhollow"))
S(G, "shibboleth-sp-key-pem-file",
  "# /etc/shibboleth/sp-signing-key.pem\n-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----",
  t_pem_pkcs8, vis="/etc/shibboleth/sp-signing-key.pem")
S(G, "ezproxy-user-txt-line",
  "# user.txt\n::Shibboleth\nIfUnauthenticated; Deny shibboleth.html\n/Shibboleth\n\n# local fallback admin\n«V»:«S»:Admin",
  pw_an, vis=c("ezadmin", "libsys", "proxyadmin"))
S(G, "ezproxy-config-formvariable-vendor-password",
  "Title Legacy Newspaper Archive (shared login)\nURL https://archive.news-vendor.example/login\nDomain news-vendor.example\nFormSelect Form\nFormVariable username=«V»\nFormVariable password=«S»\nFormSubmit",
  pw_an, vis=c("aldermoor_lib", "kestrel_college", "pressbury_lib"))
S(G, "openathens-connector-properties",
  "# OpenAthens local connector\noa.connection.id=«n»\noa.organisation.id=«n2»\noa.api.key=«S»\noa.entity=https://idp.«inst»/oa",
  lambda: uid() + "-" + hx(8), vis="oa.connection.id=")
S(G, "cantaloupe-properties-s3source-secret",
  "source.static = S3Source\nS3Source.endpoint = https://s3.eu-west-1.amazonaws.com\nS3Source.access_key_id = «akid»\nS3Source.secret_key = «S»\nS3Source.BasicLookupStrategy.bucket.name = «V»",
  t_aws_secret, vis=lambda: _R.choice(_BUCKETS), akid=t_aws_id)
S(G, "cantaloupe-properties-httpsource-basic-secret",
  "HttpSource.BasicLookupStrategy.url_prefix = https://fedora.«inst»/fcrepo/rest/\nHttpSource.BasicLookupStrategy.auth.basic.username = «V»\nHttpSource.BasicLookupStrategy.auth.basic.secret = «S»",
  pw, vis=c("cantaloupe", "iiif_reader", "imgsrv"))
S(G, "cantaloupe-properties-admin-endpoint-secret",
  "endpoint.admin.enabled = true\nendpoint.admin.username = admin\nendpoint.admin.secret = «S»\nendpoint.api.enabled = false",
  pw, vis="endpoint.api.enabled = false")
S(G, "tomcat-users-xml-fedora-admin",
  "<tomcat-users xmlns=\"http://tomcat.apache.org/xml\">\n  <role rolename=\"fedoraAdmin\"/>\n  <role rolename=\"fedoraUser\"/>\n  <user username=\"«V»\" password=\"«S»\" roles=\"fedoraAdmin\"/>\n</tomcat-users>",
  pw_an, vis=c("fedoraAdmin", "islandora", "fcrepo_admin"))
S(G, "drupal-settings-php-databases-array",
  "$databases['default']['default'] = [\n  'database' => 'islandora',\n  'username' => 'drupal',\n  'password' => '«S»',\n  'host' => '«V»',\n  'port' => '3306',\n  'driver' => 'mysql',\n];",
  pw, vis=c("mariadb", "db.islandora.internal", "127.0.0.1"))
S(G, "drupal-settings-hash-salt",
  "$settings['config_sync_directory'] = '../config/sync';\n$settings['hash_salt'] = '«S»';\n$settings['flysystem']['fedora'] = ['driver' => 'fedora', 'config' => ['root' => 'http://fcrepo:8080/fcrepo/rest/']];",
  lambda: b64u(55), vis="config_sync_directory")
S(G, "omeka-s-database-ini",
  "; config/database.ini\nuser     = \"omeka\"\npassword = \"«S»\"\ndbname   = \"omeka_s\"\nhost     = \"«V»\"\n;port     = \n;unix_socket =",
  pw, vis=c("localhost", "omeka-db", "mysql-01"))
S(G, "omeka-classic-db-ini-section",
  "[database]\nhost     = \"localhost\"\nusername = \"omeka_classic\"\npassword = \"«S»\"\ndbname   = \"omeka\"\nprefix   = \"omeka_\"\ncharset  = \"utf8\"",
  pw, vis="prefix   = \"omeka_\"")
S(G, "hyrax-database-yml-production",
  "production:\n  adapter: postgresql\n  encoding: unicode\n  host: «V»\n  database: hyrax_production\n  username: hyrax\n  password: «S»\n  pool: 25",
  pw_an, vis=lambda: "pg-02." + _R.choice(_INST))
S(G, "archivesspace-config-rb-db-url",
  "AppConfig[:db_url] = \"jdbc:mysql://«V»:3306/archivesspace?user=as&password=«S»&useUnicode=true&characterEncoding=UTF-8\"\nAppConfig[:solr_url] = \"http://solr:8983/solr/archivesspace\"",
  pw_url, vis=c("localhost", "aspace-db", "mysql-01"))
S(G, "archivematica-storage-service-env",
  "# /etc/default/archivematica-storage-service\nSS_DB_URL=mysql://archivematica:«S»@«V»:3306/SS\nSS_GUNICORN_BIND=127.0.0.1:8001\nDJANGO_SETTINGS_MODULE=storage_service.settings.production",
  pw_url, vis=c("127.0.0.1", "am-db", "mysql-am"))
S(G, "atom-propel-config-php-password",
  "  'propel' =>\n  array (\n    'class' => 'sfPropelDatabase',\n    'param' =>\n    array (\n      'encoding' => 'utf8mb4',\n      'dsn' => 'mysql:dbname=atom;host=«V»;port=3306',\n      'username' => 'atom',\n      'password' => '«S»',\n    ),\n  ),",
  pw, vis=c("localhost", "percona", "atom-db"))
S(G, "collectiveaccess-setup-php-define",
  "define(\"__CA_DB_HOST__\", '«V»');\ndefine(\"__CA_DB_USER__\", 'ca_user');\ndefine(\"__CA_DB_PASSWORD__\", '«S»');\ndefine(\"__CA_DB_DATABASE__\", 'collectiveaccess');\ndefine(\"__CA_APP_DISPLAY_NAME__\", \"Elmstead Collections\");",
  pw, vis=c("localhost", "ca-mysql", "db-01"))
S(G, "kitodo-hibernate-cfg-xml-password",
  "<property name=\"hibernate.connection.url\">jdbc:mysql://«V»/kitodo?useSSL=false</property>\n<property name=\"hibernate.connection.username\">kitodo</property>\n<property name=\"hibernate.connection.password\">«S»</property>",
  pw, vis=c("localhost", "kitodo-db", "mysql-01"))
S(G, "dotenv-mariadb-root-password",
  "# .env for docker-compose (omeka-s stack)\nCOMPOSE_PROJECT_NAME=exhibits\nMARIADB_ROOT_PASSWORD=«S»\nMARIADB_DATABASE=omeka_s\nOMEKA_VERSION=4.1.1",
  pw_an, vis="COMPOSE_PROJECT_NAME=exhibits")
S(G, "docker-compose-environment-mapping",
  "services:\n  archivesspace:\n    image: archivesspace/archivesspace:3.5.1\n    environment:\n      APPCONFIG_DB_URL: 'jdbc:mysql://db:3306/archivesspace?useUnicode=true&user=as&password=«S»'\n      APPCONFIG_SOLR_URL: http://solr:8983/solr/archivesspace",
  pw_url, vis="archivesspace/archivesspace:3.5.1")
S(G, "k8s-secret-stringdata-yaml",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: ojs-smtp\n  namespace: journals\ntype: Opaque\nstringData:\n  SMTP_USER: journals-noreply\n  SMTP_PASSWORD: \"«S»\"",
  pw, vis="namespace: journals")
S(G, "helm-values-postgresql-auth-password",
  "# values-prod.yaml\npostgresql:\n  enabled: true\n  auth:\n    username: dspace\n    password: «S»\n    database: dspace\ningress:\n  hosts:\n    - host: «V»",
  pw_an, vis=lambda: "repo." + _R.choice(_INST))
S(G, "terraform-tfvars-db-password",
  "# prod.tfvars\nregion          = \"eu-west-1\"\nproject         = \"dams\"\ndb_instance     = \"db.t3.medium\"\ndb_password     = \"«S»\"\niiif_cdn_domain = \"«V»\"",
  pw, vis=lambda: "iiif." + _R.choice(_INST))
S(G, "hcl-aws-provider-static-keys",
  "provider \"aws\" {\n  region     = \"eu-central-1\"\n  access_key = \"«akid»\"\n  secret_key = \"«S»\"\n}\n\nresource \"aws_s3_bucket\" \"masters\" {\n  bucket = \"«V»\"\n}",
  t_aws_secret, vis=lambda: _R.choice(_BUCKETS), akid=t_aws_id)
S(G, "ansible-group-vars-koha-db-pass",
  "# group_vars/koha.yml\nkoha_instance: library\nkoha_db_host: «V»\nkoha_db_user: koha_library\nkoha_db_pass: \"«S»\"\nkoha_plack_workers: 4",
  pw, vis=lambda: "mysql-01." + _R.choice(_INST))
S(G, "ansible-inventory-ini-become-pass",
  "[iiif]\niiif-01.«inst» ansible_user=deploy ansible_become_pass=«S»\niiif-02.«inst» ansible_user=deploy\n\n[iiif:vars]\ncantaloupe_version=5.0.6",
  pw_an, vis="cantaloupe_version=5.0.6")
S(G, "pgpass-line",
  "# ~/.pgpass  (chmod 600)\n«V»:5432:folio:folio_admin:«S»\nlocalhost:5432:*:postgres:*",
  pw, vis=lambda: "pg-folio." + _R.choice(_INST))
S(G, "my-cnf-client-section",
  "# /root/.my.cnf\n[client]\nuser=backup\npassword=«S»\nhost=«V»\n\n[mysqldump]\nsingle-transaction",
  pw, vis=c("localhost", "mysql-01", "koha-db"))
S(G, "netrc-single-line",
  "machine «V» login svc-harvest password «S»",
  pw_an, vis=lambda: "oai." + _R.choice(_INST))
S(G, "aws-credentials-ini-profile",
  "[glacier-archive]\naws_access_key_id = «akid»\naws_secret_access_key = «S»\nregion = «V»",
  t_aws_secret, vis=c("eu-west-1", "eu-north-1", "us-east-2"), akid=t_aws_id)
S(G, "s3cfg-secret-key",
  "[default]\naccess_key = «ak»\nsecret_key = «S»\nhost_base = s3.«V»\nhost_bucket = %(bucket)s.s3.«V»\nuse_https = True",
  t_aws_secret, vis=lambda: "ceph." + _R.choice(_INST), ak=lambda: up(20))
S(G, "rclone-conf-sftp-obscured-pass",
  "[portico-sftp]\ntype = sftp\nhost = «V»\nuser = «user»\nport = 22\npass = «S»\nshell_type = unix",
  lambda: b64u(_R.randint(30, 46)), vis=lambda: "sftp.portico-mirror.example")
S(G, "django-settings-secret-key",
  "# digitrack/settings/production.py\nDEBUG = False\nALLOWED_HOSTS = [\"«V»\"]\nSECRET_KEY = \"«S»\"\nCSRF_TRUSTED_ORIGINS = [\"https://«V»\"]",
  lambda: "django-insecure-" + _pick(_LOW + _DIG + "!@#%^*(-_=+)", 50) if _R.random() < 0.3 else _pick(_LOW + _DIG + "!#%^*(-_=+)", 50),
  vis=lambda: "digitrack." + _R.choice(_INST))
S(G, "spring-application-properties-crossref-password",
  "# application.properties (doi-registrar)\ncrossref.deposit.url=https://doi.crossref.org/servlet/deposit\ncrossref.username=«V»\ncrossref.password=«S»\ncrossref.prefix=«pfx»",
  pw, vis=c("prsb/registrar", "aldm/doi", "kstr/depositor"), pfx=lambda: _R.choice(_DOIPFX))
S(G, "spring-application-yml-datacite-block",
  "datacite:\n  api-url: https://api.datacite.org\n  repository-id: «V»\n  password: \"«S»\"\n  prefix: «pfx»",
  pw, vis=lambda: up(4) + "." + up(4), pfx=lambda: _R.choice(_DOIPFX))
S(G, "kibana-yml-elasticsearch-password",
  "server.host: \"0.0.0.0\"\nelasticsearch.hosts: [\"https://es-01.«inst»:9200\"]\nelasticsearch.username: \"kibana_system\"\nelasticsearch.password: \"«S»\"\nelasticsearch.ssl.verificationMode: certificate",
  lambda: an(20), vis="elasticsearch.ssl.verificationMode")
S(G, "logstash-pipeline-output-password",
  "output {\n  elasticsearch {\n    hosts => [\"https://es-01:9200\"]\n    index => \"ezproxy-%{+YYYY.MM}\"\n    user => \"logstash_internal\"\n    password => \"«S»\"\n  }\n}",
  pw, vis="ezproxy-%{+YYYY.MM}")
S(G, "nginx-proxy-set-header-basic",
  "location /iiif/3/ {\n    proxy_pass http://cantaloupe:8182/iiif/3/;\n    proxy_set_header Authorization \"Basic «S»\";\n    proxy_set_header X-Forwarded-Proto https;\n}",
  lambda: b64enc(_R.choice(["iiif", "imgsrv", "reader"]) + ":" + pw()), vis="proxy_pass http://cantaloupe:8182/iiif/3/")
S(G, "apache-authldapbindpassword",
  "<Location /staff>\n  AuthType Basic\n  AuthName \"Library staff\"\n  AuthBasicProvider ldap\n  AuthLDAPURL \"ldaps://«V»/ou=people,dc=lib,dc=example?uid\"\n  AuthLDAPBindDN \"cn=apache,ou=services,dc=lib,dc=example\"\n  AuthLDAPBindPassword \"«S»\"\n  Require ldap-group cn=staff,ou=groups,dc=lib,dc=example\n</Location>",
  pw, vis=lambda: "ldap." + _R.choice(_INST))
S(G, "php-fpm-pool-env-api-key",
  "; /etc/php/8.2/fpm/pool.d/ojs.conf\n[ojs]\nuser = www-data\nenv[OJS_ENV] = production\nenv[SCOPUS_API_KEY] = «S»\npm.max_children = 20",
  lambda: hx(32), vis="pm.max_children = 20")
S(G, "supervisor-program-environment",
  "[program:orcid-sync]\ncommand=/opt/orcid-sync/venv/bin/python -m orcid_sync.worker\nenvironment=ORCID_CLIENT_ID=\"APP-«appid»\",ORCID_CLIENT_SECRET=\"«S»\",ORCID_SANDBOX=\"false\"\nautorestart=true",
  uid, vis="orcid_sync.worker", appid=lambda: up(16))
S(G, "systemd-unit-environment-line",
  "[Service]\nUser=harvest\nEnvironment=\"OAI_BASE=https://oai.«inst»/request\"\nEnvironment=\"EUROPEANA_WSKEY=«S»\"\nExecStart=/usr/local/bin/europeana-push --daily",
  lambda: al(_R.randint(9, 12)), vis="/usr/local/bin/europeana-push")
S(G, "maven-settings-xml-server-password",
  "<servers>\n  <server>\n    <id>dspace-nexus</id>\n    <username>«V»</username>\n    <password>«S»</password>\n  </server>\n</servers>",
  pw, vis=c("deploy", "ci-publisher", "mvn-release"))
S(G, "gradle-properties-repo-password",
  "org.gradle.jvmargs=-Xmx2g\nlibRepoUser=«V»\nlibRepoPassword=«S»\nversion=2.«n»",
  pw_an, vis=c("gradle-ci", "publisher", "androidbuild"))
S(G, "pip-conf-global-index-url",
  "[global]\nindex-url = https://«V»:«S»@artifacts.«inst»/api/pypi/pypi-virtual/simple\ntrusted-host = artifacts.«inst»",
  pw_url, vis=c("readonly", "svc-pip", "ci"))
S(G, "npmrc-authtoken-line",
  "registry=https://registry.npmjs.org/\n@iiif-viewers:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«S»\nalways-auth=true",
  t_ghp, vis="@iiif-viewers:registry")
S(G, "composer-auth-json-http-basic",
  "{\n    \"http-basic\": {\n        \"repo.packagist.com\": {\n            \"username\": \"token\",\n            \"password\": \"«S»\"\n        }\n    }\n}",
  lambda: hx(40), vis="repo.packagist.com")
S(G, "composer-auth-json-github-oauth",
  "{\n    \"github-oauth\": {\n        \"github.com\": \"«S»\"\n    },\n    \"gitlab-domains\": [\"gitlab.«V»\"]\n}",
  t_ghp, vis=lambda: _R.choice(_INST))
S(G, "vscode-launch-json-env-block",
  "{\n  \"name\": \"Alma loan sync (debug)\",\n  \"type\": \"python\",\n  \"request\": \"launch\",\n  \"module\": \"loan_sync\",\n  \"env\": {\n    \"ALMA_REGION\": \"eu\",\n    \"ALMA_API_KEY\": \"«S»\"\n  }\n}",
  t_alma, vis="Alma loan sync (debug)")
S(G, "sushi-counter-credentials-json",
  "{\n  \"platform\": \"«V»\",\n  \"sushi_url\": \"https://sushi.«V».example/counter/r51\",\n  \"customer_id\": \"«cust»\",\n  \"requestor_id\": \"«uuid»\",\n  \"api_key\": \"«S»\"\n}",
  lambda: an(32), vis=c("jstor", "muse", "springerlink", "tandf"), cust=lambda: dg(7))
S(G, "harvester-toml-zotero-api-key",
  "[oai]\nendpoint = \"https://oai.«inst»/request\"\nmetadata_prefix = \"oai_dc\"\n\n[zotero]\ngroup_id = «n»\napi_key = \"«S»\"",
  lambda: an(24), vis="metadata_prefix = \"oai_dc\"")
S(G, "springshare-libapps-ini-client-secret",
  "[libcal]\nbase_url = https://«V».libcal.com/1.1\nclient_id = «n»\nclient_secret = «S»\ngrant_type = client_credentials",
  lambda: hx(32), vis=c("aldermoor", "kestrel", "glenhollow"))
S(G, "preservica-credentials-properties",
  "# credentials.properties (pyPreservica)\nusername=«V»\npassword=«S»\ntenant=«tn»\nserver=eu.preservica.com",
  pw, vis=lambda: "ingest@" + _R.choice(_INST), tn=c("ALDM", "KSTR", "VALC"))
S(G, "wp-config-define-db-password",
  "/** Database username */\ndefine( 'DB_USER', 'museumweb' );\n\n/** Database password */\ndefine( 'DB_PASSWORD', '«S»' );\n\n/** Database hostname */\ndefine( 'DB_HOST', '«V»' );",
  pw, vis=c("localhost", "mysql-web", "db-01"))
S(G, "keycloak-client-json-secret",
  "{\n  \"realm\": \"library\",\n  \"auth-server-url\": \"https://sso.«inst»/\",\n  \"resource\": \"«V»\",\n  \"credentials\": {\n    \"secret\": \"«S»\"\n  },\n  \"confidential-port\": 0\n}",
  lambda: an(32), vis=c("folio-edge", "omeka-admin", "dspace-ui"))
S(G, "jboss-standalone-xml-datasource-password",
  "<datasource jndi-name=\"java:jboss/datasources/GoobiDS\" pool-name=\"GoobiDS\">\n    <connection-url>jdbc:mysql://localhost:3306/goobi</connection-url>\n    <security>\n        <user-name>goobi</user-name>\n        <password>«S»</password>\n    </security>\n</datasource>",
  pw, vis="java:jboss/datasources/GoobiDS")
S(G, "solr-basicauth-jetty-realm-properties",
  "# /opt/solr/server/etc/realm.properties\n«V»: «S»,solr-admin\nreader: OBF:1v2j1uum1xtv1zej1zer1xtn1uvk1v1v,solr-read",
  pw_an, vis=c("solradmin", "dspace-solr", "blacklight"))
S(G, "iiif-auth-yaml-hmac-signing-secret",
  "# iiif-auth.yml (probe service for restricted manuscripts)\nauth:\n  cookie_service: https://auth.«inst»/iiif/login\n  token_service: https://auth.«inst»/iiif/token\n  signing_secret: «S»\n  token_ttl: 3600",
  lambda: b64u(44), vis="token_ttl: 3600")
S(G, "sirsi-symphony-ws-properties-password",
  "# symws.properties\nsymws.base=https://ws.«inst»/symws\nsymws.clientId=SymWSStaffClient\nsymws.login=«V»\nsymws.password=«S»",
  pw, vis=c("ws_admin", "selfcheck", "ilsapi"))
S(G, "emu-texpress-ini-password",
  "[texxmlserver]\nhost=emu.«inst»\nport=40000\nuser=emu_export\npass=«S»\ntable=ecatalogue",
  pw_an, vis="table=ecatalogue")


# ============================================================================
# group: source-code
# ============================================================================
G = "source-code"
S(G, "python-module-constants-crossref-creds",
  "# doi_deposit/settings.py\nCROSSREF_DEPOSIT_URL = \"https://doi.crossref.org/servlet/deposit\"\nCROSSREF_USER = \"«V»\"\nCROSSREF_PASS = \"«S»\"  # TODO move to env before release\nDOI_PREFIX = \"«pfx»\"",
  pw, vis=c("prsb/ojs", "aldm/depositor", "corr/press"), pfx=lambda: _R.choice(_DOIPFX))
S(G, "python-requests-auth-tuple",
  "resp = requests.post(\n    f\"{DATACITE_API}/dois\",\n    auth=(\"«V»\", \"«S»\"),\n    json=payload,\n    headers={\"Content-Type\": \"application/vnd.api+json\"},\n    timeout=30,\n)",
  pw, vis=lambda: up(4) + "." + up(5))
S(G, "python-headers-dict-els-apikey",
  "HEADERS = {\n    \"X-ELS-APIKey\": \"«S»\",\n    \"X-ELS-Insttoken\": INSTTOKEN,\n    \"Accept\": \"application/json\",\n}\n\ndef scopus_search(query):\n    return requests.get(SCOPUS_URL, params={\"query\": query}, headers=HEADERS)",
  lambda: hx(32), vis="def scopus_search(query):")
S(G, "python-environ-get-default-literal",
  "ALMA_API_KEY = os.environ.get(\"ALMA_API_KEY\", \"«S»\")\nALMA_BASE = os.environ.get(\"ALMA_BASE\", \"https://api-eu.hosted.exlibrisgroup.com/almaws/v1\")",
  t_alma, vis="https://api-eu.hosted.exlibrisgroup.com/almaws/v1")
S(G, "python-pymysql-connect-kwargs",
  "conn = pymysql.connect(\n    host=\"«V»\",\n    user=\"koha_ro\",\n    password=\"«S»\",\n    database=\"koha_library\",\n    charset=\"utf8mb4\",\n)",
  pw, vis=lambda: "koha-db." + _R.choice(_INST))
S(G, "python-psycopg2-libpq-dsn-string",
  "conn = psycopg2.connect(\"dbname=dspace user=dspace password=«S» host=«V» port=5432\")\ncur = conn.cursor()\ncur.execute(\"SELECT uuid, handle FROM item JOIN handle ON handle.resource_id = item.uuid LIMIT 10\")",
  pw_an, vis=lambda: "pg-02." + _R.choice(_INST))
S(G, "python-sqlalchemy-create-engine-url",
  "engine = create_engine(\n    \"postgresql+psycopg2://digitrack:«S»@«V»/digitrack\",\n    pool_pre_ping=True,\n)",
  pw_url, vis=c("db", "pg-digitrack", "localhost:5432"))
S(G, "python-boto3-client-explicit-keys",
  "s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"«akid»\",\n    aws_secret_access_key=\"«S»\",\n    region_name=\"eu-west-1\",\n)\ns3.upload_file(tiff_path, \"«V»\", key)",
  t_aws_secret, vis=lambda: _R.choice(_BUCKETS), akid=t_aws_id)
S(G, "python-pysftp-connection-kwargs",
  "with pysftp.Connection(\"sftp.scholarone-export.example\", username=\"«V»\", password=\"«S»\", cnopts=cnopts) as sftp:\n    sftp.get_d(\"/outgoing\", \"./s1_exports\", preserve_mtime=True)",
  pw, vis=c("jhs_export", "s1_pressbury", "aldm_s1"))
S(G, "python-paramiko-connect-password",
  "client = paramiko.SSHClient()\nclient.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nclient.connect(\"«V»\", username=\"digitise\", password=\"«S»\")",
  pw, vis=lambda: "scan-ws-04." + _R.choice(_INST))
S(G, "python-pyzotero-positional-key",
  "from pyzotero import zotero\n\nzot = zotero.Zotero(«n», \"group\", \"«S»\")\nitems = zot.top(limit=50)",
  lambda: an(24), vis="zot.top(limit=50)")
S(G, "python-orcid-memberapi-positional-secret",
  "import orcid\n\napi = orcid.MemberAPI(\"APP-«appid»\", \"«S»\", sandbox=False)\ntoken = api.get_token_from_authorization_code(code, REDIRECT_URI)",
  uid, vis="get_token_from_authorization_code", appid=lambda: up(16))
S(G, "python-pypreservica-entityapi-kwargs",
  "from pyPreservica import EntityAPI\n\nclient = EntityAPI(username=\"«V»\", password=\"«S»\", tenant=\"ALDM\", server=\"eu.preservica.com\")\nprint(client)",
  pw, vis=lambda: "ingest@" + _R.choice(_INST))
S(G, "python-ldap3-connection-positional-password",
  "server = Server(\"ldaps://ldap.«inst»\", get_info=ALL)\nconn = Connection(server, \"cn=ezproxy-bind,ou=services,dc=lib,dc=example\", \"«S»\", auto_bind=True)\nconn.search(\"ou=people,dc=lib,dc=example\", f\"(uid={uid})\", attributes=[\"eduPersonAffiliation\"])",
  pw, vis="eduPersonAffiliation")
S(G, "python-smtplib-login-call",
  "with smtplib.SMTP(\"smtp.«inst»\", 587) as s:\n    s.starttls()\n    s.login(\"«V»\", \"«S»\")\n    s.send_message(msg)",
  pw, vis=lambda: "editorial-office@" + _R.choice(_INST))
S(G, "python-imaplib-login-submissions-inbox",
  "M = imaplib.IMAP4_SSL(\"imap.«inst»\")\nM.login(\"submissions\", \"«S»\")\nM.select(\"INBOX\")\ntyp, data = M.search(None, '(UNSEEN SUBJECT \"New submission\")')",
  pw, vis="New submission")
S(G, "python-flask-config-secret-key",
  "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"«S»\"\napp.config[\"IIIF_BASE\"] = \"https://iiif.«inst»/iiif/3\"",
  lambda: hx(48), vis="app.config[\"IIIF_BASE\"]")
S(G, "python-jwt-encode-literal-secret",
  "def issue_viewer_token(user):\n    payload = {\"sub\": user.id, \"scope\": \"iiif:restricted\", \"exp\": time.time() + 3600}\n    return jwt.encode(payload, \"«S»\", algorithm=\"HS256\")",
  lambda: b64u(40), vis="iiif:restricted")
S(G, "python-bytes-hmac-secret-constant",
  "IIIF_AUTH_SECRET = b\"«S»\"\n\ndef sign(path: str) -> str:\n    return hmac.new(IIIF_AUTH_SECRET, path.encode(), hashlib.sha256).hexdigest()",
  lambda: an(32), vis="hashlib.sha256")
S(G, "js-fetch-authorization-bearer",
  "const res = await fetch(`https://api.orcid.org/v3.0/${orcid}/record`, {\n  headers: {\n    Accept: 'application/json',\n    Authorization: 'Bearer «S»',\n  },\n});",
  uid, vis="https://api.orcid.org/v3.0/")
S(G, "js-const-europeana-key",
  "// src/config.js\nexport const EUROPEANA_KEY = '«S»';\nexport const EUROPEANA_API = 'https://api.europeana.eu/record/v2';",
  lambda: al(_R.randint(9, 12)), vis="EUROPEANA_API")
S(G, "node-pg-pool-config-object",
  "const pool = new Pool({\n  host: '«V»',\n  user: 'folio',\n  password: '«S»',\n  database: 'folio',\n  port: 5432,\n});",
  pw, vis=lambda: "pg-folio." + _R.choice(_INST))
S(G, "node-mongoose-connect-uri-literal",
  "mongoose.connect('mongodb+srv://«V»:«S»@cluster0.«clu».mongodb.net/transcribe?retryWrites=true&w=majority');",
  pw_url, vis=c("crowd_app", "transcribe_rw", "htr"), clu=lambda: lo(5))
S(G, "node-nodemailer-transport-auth",
  "const transporter = nodemailer.createTransport({\n  host: 'smtp.«inst»',\n  port: 587,\n  auth: { user: 'exhibits-noreply', pass: '«S»' },\n});",
  pw, vis="nodemailer.createTransport")
S(G, "typescript-env-nullish-fallback",
  "const okapiPassword: string = process.env.OKAPI_PASSWORD ?? \"«S»\";\nconst okapiUser: string = process.env.OKAPI_USER ?? \"diku_admin\";",
  pw, vis="process.env.OKAPI_USER")
S(G, "php-new-pdo-positional-password",
  "$pdo = new PDO('mysql:host=localhost;dbname=ojs;charset=utf8mb4', 'ojs', '«S»', [\n    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,\n]);",
  pw, vis="dbname=ojs;charset=utf8mb4")
S(G, "php-define-api-key-constant",
  "<?php\n// plugins/generic/scopusCitations/config.php\ndefine('SCOPUS_KEY', '«S»');\ndefine('SCOPUS_CACHE_TTL', 86400);",
  lambda: hx(32), vis="SCOPUS_CACHE_TTL")
S(G, "php-return-array-api-secret",
  "return [\n    'client_id'  => 'APP-«appid»',\n    'api_secret' => '«S»',\n    'sandbox'    => false,\n    'redirect'   => 'https://journals.«inst»/orcid/callback',\n];",
  uid, vis="/orcid/callback", appid=lambda: up(16))
S(G, "php-curl-setopt-userpwd",
  "$ch = curl_init('https://doi.crossref.org/servlet/deposit');\ncurl_setopt($ch, CURLOPT_USERPWD, '«V»:«S»');\ncurl_setopt($ch, CURLOPT_POSTFIELDS, ['fname' => new CURLFile($xmlPath)]);",
  pw, vis=c("prsb/ojs", "corr/depositor", "aldm/ojs"))
S(G, "ruby-rsolr-url-userinfo",
  "Blacklight.connection_config = {\n  adapter: 'solr',\n  url: 'http://«V»:«S»@solr.«inst»:8983/solr/blacklight-core'\n}",
  pw_url, vis=c("solr", "blacklight", "reader"))
S(G, "ruby-net-http-basic-auth-call",
  "req = Net::HTTP::Post.new(URI('https://api.eu.mailgun.net/v3/mg.«inst»/messages'))\nreq.basic_auth 'api', '«S»'\nreq.set_form_data('from' => 'Exhibitions <noreply@«inst»>', 'to' => to, 'subject' => subject)",
  t_mailgun, vis="Net::HTTP::Post.new")
S(G, "java-drivermanager-getconnection",
  "Connection conn = DriverManager.getConnection(\n    \"jdbc:postgresql://«V»:5432/dspace\",\n    \"dspace\",\n    \"«S»\");",
  pw, vis=lambda: "pg-02." + _R.choice(_INST))
S(G, "java-spring-value-default-secret",
  "@Value(\"${orcid.client-id:APP-«appid»}\")\nprivate String clientId;\n\n@Value(\"${orcid.client-secret:«S»}\")\nprivate String clientSecret;",
  uid, vis="private String clientSecret;", appid=lambda: up(16))
S(G, "java-static-final-password",
  "public final class DataCiteClient {\n    private static final String REPOSITORY_ID = \"«V»\";\n    private static final String PASSWORD = \"«S»\";\n    private static final URI API = URI.create(\"https://api.datacite.org\");",
  pw, vis=lambda: up(4) + "." + up(4))
S(G, "kotlin-buildconfig-field-token",
  "android {\n    defaultConfig {\n        buildConfigField(\"String\", \"COLLECTIONS_API_TOKEN\", \"\\\"«S»\\\"\")\n        buildConfigField(\"String\", \"IIIF_BASE\", \"\\\"https://iiif.«inst»/iiif/3\\\"\")\n    }\n}",
  lambda: b64u(40), vis="COLLECTIONS_API_TOKEN")
S(G, "go-const-crossref-plus-token",
  "package crossref\n\nconst (\n\tapiBase   = \"https://api.crossref.org\"\n\tplusToken = \"«S»\"\n)",
  t_crossref_plus, vis="https://api.crossref.org")
S(G, "go-sql-open-mysql-dsn",
  "db, err := sql.Open(\"mysql\", \"omeka:«S»@tcp(«V»:3306)/omeka_s?parseTime=true\")\nif err != nil {\n\tlog.Fatal(err)\n}",
  pw_url, vis=c("omeka-db", "127.0.0.1", "mysql-01"))
S(G, "rust-reqwest-bearer-auth",
  "let resp = client\n    .get(\"https://zenodo.org/api/deposit/depositions\")\n    .bearer_auth(\"«S»\")\n    .send()\n    .await?;",
  t_zenodo, vis="zenodo.org/api/deposit/depositions")
S(G, "csharp-sqlserver-connection-string",
  "private const string ConnStr = \"Server=«V»;Database=TMS;User Id=tmsweb;Password=«S»;TrustServerCertificate=True\";",
  pw, vis=lambda: "tms-sql01." + _R.choice(_INST))
S(G, "csharp-httpclient-default-header-add",
  "var client = new HttpClient { BaseAddress = new Uri(\"https://illiad.«inst»/ILLiadWebPlatform/\") };\nclient.DefaultRequestHeaders.Add(\"ApiKey\", \"«S»\");",
  uid, vis="/ILLiadWebPlatform/")
S(G, "powershell-convertto-securestring-plain",
  "$secure = ConvertTo-SecureString \"«S»\" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential (\"DIGILAB\\svc-capture\", $secure)\nNew-PSDrive -Name M -PSProvider FileSystem -Root \\\\nas-digi01\\masters -Credential $cred",
  pw, vis="DIGILAB\\svc-capture")
S(G, "bash-script-variable-assignment",
  "#!/usr/bin/env bash\nset -euo pipefail\nDEPOSIT_USER=«V»\nDEPOSIT_PASS=\"«S»\"\nfor f in out/*.xml; do\n  curl -sf -u \"$DEPOSIT_USER:$DEPOSIT_PASS\" -F fname=@\"$f\" https://doi.crossref.org/servlet/deposit\ndone",
  pw, vis=c("prsb/ojs", "aldm/jnl", "kstr/press"))
S(G, "perl-dbi-connect-koha",
  "my $dbh = DBI->connect(\"dbi:mysql:database=koha_library;host=localhost\", \"koha_library\", \"«S»\", { RaiseError => 1, mysql_enable_utf8mb4 => 1 });",
  pw, vis="mysql_enable_utf8mb4")
S(G, "perl-lwp-credentials-call",
  "my $ua = LWP::UserAgent->new;\n$ua->credentials('api.datacite.org:443', 'DataCite', '«V»', '«S»');",
  pw, vis=lambda: up(4) + "." + up(4))
S(G, "r-sys-setenv-orcid-token",
  "library(rorcid)\nSys.setenv(ORCID_TOKEN = \"«S»\")\nworks <- orcid_works(\"«orcid»\")",
  uid, vis="library(rorcid)")
S(G, "ipynb-json-source-line-key",
  "   \"source\": [\n    \"import requests\\n\",\n    \"WOS_KEY = '«S»'\\n\",\n    \"r = requests.get('https://api.clarivate.com/apis/wos-starter/v1/documents', headers={'X-ApiKey': WOS_KEY}, params={'q': 'OG=(Aldermoor)'})\"\n   ]",
  lambda: hx(40), vis="api.clarivate.com/apis/wos-starter")
S(G, "sql-create-user-identified-by",
  "-- migrations/0001_users.sql\nCREATE USER 'omeka'@'%' IDENTIFIED BY '«S»';\nGRANT ALL PRIVILEGES ON omeka_s.* TO 'omeka'@'%';",
  pw, vis="GRANT ALL PRIVILEGES ON omeka_s.*")
S(G, "sql-alter-role-login-password",
  "ALTER ROLE folio_admin WITH LOGIN PASSWORD '«S»' SUPERUSER;\nCREATE DATABASE folio OWNER folio_admin;",
  pw, vis="CREATE DATABASE folio OWNER folio_admin")
S(G, "sql-insert-ojs-plugin-settings-password",
  "INSERT INTO plugin_settings (plugin_name, context_id, setting_name, setting_value, setting_type)\nVALUES ('crossrefplugin', 1, 'username', '«V»', 'string'),\n       ('crossrefplugin', 1, 'password', '«S»', 'string');",
  pw, vis=c("prsb/ojs", "aldm/jnl", "corr/press"))
S(G, "xslt-param-apikey-select",
  "<xsl:param name=\"apikey\" select=\"'«S»'\"/>\n<xsl:variable name=\"lookup\" select=\"document(concat('https://api.springernature.com/meta/v2/pam?q=doi:', $doi, '&amp;api_key=', $apikey))\"/>",
  lambda: hx(32), vis="api.springernature.com/meta/v2/pam")
S(G, "python-django-databases-dict",
  "DATABASES = {\n    \"default\": {\n        \"ENGINE\": \"django.db.backends.postgresql\",\n        \"NAME\": \"accessions\",\n        \"USER\": \"accessions\",\n        \"PASSWORD\": \"«S»\",\n        \"HOST\": \"«V»\",\n    }\n}",
  pw, vis=c("localhost", "pg-02", "db"))
S(G, "python-urllib-add-header-basic",
  "req = urllib.request.Request(url)\nreq.add_header(\"Authorization\", \"Basic «S»\")\nwith urllib.request.urlopen(req) as r:\n    data = json.load(r)",
  lambda: b64enc(up(4) + "." + up(4) + ":" + pw()), vis="urllib.request.urlopen(req)")
S(G, "python-oauth2session-fetch-token-client-secret",
  "oauth = OAuth2Session(client=BackendApplicationClient(client_id=WSKEY))\ntoken = oauth.fetch_token(\n    token_url=\"https://oauth.oclc.org/token\",\n    client_id=WSKEY,\n    client_secret=\"«S»\",\n    scope=[\"wcapi\"],\n)",
  lambda: b64c(32), vis="https://oauth.oclc.org/token")
S(G, "python-selenium-send-keys-password",
  "driver.get(\"https://mc.manuscriptcentral.com/«V»\")\ndriver.find_element(By.ID, \"USERID\").send_keys(\"«email»\")\ndriver.find_element(By.ID, \"PASSWORD\").send_keys(\"«S»\")\ndriver.find_element(By.ID, \"logInButton\").click()",
  pw, vis=c("jhs", "aldm-jnl", "pressbury-rev"))
S(G, "js-puppeteer-page-type-password",
  "await page.goto('https://www.editorialmanager.com/«V»/default2.aspx');\nawait page.type('#username', 'prod-editor');\nawait page.type('#passwordTextbox', '«S»');\nawait page.click('input[name=\"editorLogin\"]');",
  pw, vis=c("jhsr", "pbjn", "aldm"))
S(G, "java-javamail-passwordauthentication",
  "Session session = Session.getInstance(props, new Authenticator() {\n    protected PasswordAuthentication getPasswordAuthentication() {\n        return new PasswordAuthentication(\"«V»\", \"«S»\");\n    }\n});",
  pw, vis=lambda: "repository@" + _R.choice(_INST))
S(G, "lua-openresty-local-secret",
  "-- /etc/openresty/iiif_auth.lua\nlocal secret = \"«S»\"\nlocal expected = ngx.encode_base64(ngx.hmac_sha1(secret, ngx.var.uri .. ngx.var.arg_exp))",
  lambda: an(40), vis="ngx.hmac_sha1")
S(G, "php-ojs-plugin-update-setting-call",
  "// one-off migration script, run once\n$plugin = PluginRegistry::getPlugin('generic', 'datacite');\n$plugin->updateSetting($contextId, 'username', '«V»');\n$plugin->updateSetting($contextId, 'password', '«S»');",
  pw, vis=lambda: up(4) + "." + up(4))
S(G, "makefile-variable-default-password",
  "DEPLOY_HOST ?= omeka.«inst»\nDEPLOY_USER ?= deploy\nDB_PASS ?= «S»\n\nrestore:\n\tmysql -u omeka -p$(DB_PASS) omeka_s < dump.sql",
  pw_an, vis="restore:")
S(G, "python-docstring-example-real-key",
  "class DplaClient:\n    \"\"\"Thin wrapper around the DPLA v2 API.\n\n    Example::\n\n        >>> c = DplaClient(api_key=\"«S»\")\n        >>> c.items(q=\"quilts\")\n    \"\"\"",
  lambda: hx(32), vis="Thin wrapper around the DPLA v2 API.")
S(G, "csharp-networkcredential-ctor",
  "var creds = new NetworkCredential(\"svc-emu\", \"«S»\", \"MUSEUM\");\nvar handler = new HttpClientHandler { Credentials = creds };",
  pw, vis="new HttpClientHandler")
S(G, "python-yaml-string-inline-test-config",
  "CONFIG = yaml.safe_load(\"\"\"\nfedora:\n  url: http://fcrepo:8080/fcrepo/rest\n  user: fedoraAdmin\n  password: «S»\n\"\"\")",
  pw_an, vis="http://fcrepo:8080/fcrepo/rest")
S(G, "python-ftp-login-positional",
  "ftp = ftplib.FTP_TLS(\"ftp.portico-mirror.example\")\nftp.login(\"«V»\", \"«S»\")\nftp.prot_p()",
  pw_an, vis=c("pressbury", "corrie_press", "aldm"))


# ============================================================================
# group: stack-trace-or-log
# ============================================================================
G = "stack-trace-or-log"
S(G, "python-traceback-source-line-connect",
  "Traceback (most recent call last):\n  File \"/opt/koha-reports/export_loans.py\", line «n», in <module>\n    conn = pymysql.connect(host=\"koha-db\", user=\"koha_ro\", password=\"«S»\", database=\"koha_library\")\n  File \"/opt/koha-reports/venv/lib/python3.11/site-packages/pymysql/connections.py\", line 361, in __init__\n    self.connect()\npymysql.err.OperationalError: (2003, \"Can't connect to MySQL server on 'koha-db' (timed out)\")",
  pw, vis="pymysql.err.OperationalError")
S(G, "java-exception-caused-by-jdbc-url-password",
  "ERROR [main] o.a.c.c.StandardContext - Context [/server] startup failed\norg.springframework.beans.factory.BeanCreationException: Error creating bean with name 'dataSource'\nCaused by: java.sql.SQLException: Cannot create PoolableConnectionFactory (Communications link failure) url=jdbc:mysql://«V»:3306/archivesspace?user=as&password=«S»&useUnicode=true\n\tat org.apache.commons.dbcp2.BasicDataSource.createPoolableConnectionFactory(BasicDataSource.java:656)",
  pw_url, vis=c("aspace-db", "mysql-01", "localhost"))
S(G, "nginx-access-log-alma-apikey-query",
  "«ip» - - [12/Mar/2025:10:41:07 +0000] \"GET /almaws/v1/users/«n»?user_id_type=all_unique&apikey=«S» HTTP/1.1\" 200 8123 \"-\" \"python-requests/2.31.0\"",
  t_alma, vis="python-requests/2.31.0")
S(G, "apache-access-log-crossref-login-passwd",
  "«ip» - - [03/Feb/2025:22:14:51 +0000] \"POST /servlet/deposit?operation=doMDUpload&login_id=«V»&login_passwd=«S» HTTP/1.1\" 200 212 \"-\" \"Java/17.0.9\"",
  pw_url, vis=c("prsb%2Fojs", "aldm%2Fjnl", "kstr%2Fpress"))
S(G, "tomcat-catalina-command-line-argument",
  "«logts» INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Command line argument: -Dfcrepo.home=/var/lib/fcrepo\n«logts» INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Command line argument: -Dfcrepo.db.password=«S»\n«logts» INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Command line argument: -Xmx4g",
  pw_an, vis="-Dfcrepo.home=/var/lib/fcrepo")
S(G, "spring-boot-debug-property-source-dump",
  "«logts» DEBUG 1 --- [main] o.s.b.c.c.ConfigDataEnvironment : Resolved property datacite.password=«S» from [application-prod.yml]\n«logts» DEBUG 1 --- [main] o.s.b.c.c.ConfigDataEnvironment : Resolved property datacite.repository-id=«V»",
  pw, vis=lambda: up(4) + "." + up(4))
S(G, "urllib3-debug-send-bytes-bearer",
  "DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): api.orcid.org:443\nsend: b'GET /v3.0/«orcid»/employments HTTP/1.1\\r\\nHost: api.orcid.org\\r\\nAccept: application/json\\r\\nAuthorization: Bearer «S»\\r\\n\\r\\n'\nreply: 'HTTP/1.1 200 OK\\r\\n'",
  uid, vis="DEBUG:urllib3.connectionpool")
S(G, "apache-httpclient-wire-log-basic",
  "«logts» DEBUG [pool-3-thread-1] org.apache.http.wire - http-outgoing-0 >> \"POST /metadata/«doi» HTTP/1.1[\\r][\\n]\"\n«logts» DEBUG [pool-3-thread-1] org.apache.http.wire - http-outgoing-0 >> \"Authorization: Basic «S»[\\r][\\n]\"\n«logts» DEBUG [pool-3-thread-1] org.apache.http.wire - http-outgoing-0 >> \"Host: mds.datacite.org[\\r][\\n]\"",
  lambda: b64enc(up(4) + "." + up(4) + ":" + pw()), vis="org.apache.http.wire")
S(G, "werkzeug-debugger-frame-locals",
  "File \"/srv/digitrack/app/views.py\", line «n», in upload_to_archive\n    client.put(path, data)\n[locals]\n  path = '/masters/«obj».tif'\n  password = '«S»'\n  user = 'digitise'",
  pw, vis="upload_to_archive")
S(G, "json-log-request-body-login-passwd",
  "{\"ts\":\"«ts»\",\"level\":\"error\",\"msg\":\"crossref deposit failed\",\"status\":401,\"request\":{\"url\":\"https://doi.crossref.org/servlet/deposit\",\"form\":{\"operation\":\"doMDUpload\",\"login_id\":\"«V»\",\"login_passwd\":\"«S»\"}}}",
  pw, vis="crossref deposit failed")
S(G, "syslog-sudo-command-mysql-p",
  "«month» «day» 02:11:09 koha-01 sudo[«pid»]:   «login» : TTY=pts/0 ; PWD=/home/«login» ; USER=root ; COMMAND=/usr/bin/mysql -u root -p«S» koha_library",
  pw_an, vis="TTY=pts/0", month=c("Jan", "Feb", "Mar", "Apr", "Sep", "Oct"), day=lambda: str(_R.randint(1, 28)))
S(G, "bash-history-excerpt-with-password",
  "# ~/.bash_history (scan-ws-04)\ncd /data/capture/«date»\nexiftool -overwrite_original -Copyright='Elmstead Museum' *.tif\nsmbclient //nas-digi01/masters -U capture%«S» -c 'prompt; mput *.tif'\nls -la",
  pw_an, vis="exiftool -overwrite_original")
S(G, "kubectl-logs-init-container-env-echo",
  "$ kubectl logs dspace-0 -c wait-for-db\nwaiting for postgres at dspace-postgresql:5432 ...\nDB_USER=dspace DB_PASSWORD=«S» DB_NAME=dspace\npostgres is up",
  pw_an, vis="waiting for postgres at dspace-postgresql:5432")
S(G, "php-stack-trace-pdo-construct-args",
  "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/ojs/lib/pkp/lib/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php:65\nStack trace:\n#0 /var/www/ojs/.../Connector.php(65): PDO->__construct('mysql:host=«V»;...', 'ojs', '«S»', Array)\n#1 /var/www/ojs/.../Connector.php(44): Illuminate\\Database\\Connectors\\Connector->createPdoConnection()",
  pw, vis=c("127.0.0.1", "mysql-01", "ojs-db"))
S(G, "sentry-frame-vars-api-key",
  "Exception: DataCite returned 422 for «doi»\n  File \"deposit/datacite.py\", line «n», in register\n    vars: {'api_key': '«S»', 'doi': '«doi»', 'retries': 3}",
  pw, vis="DataCite returned 422")
S(G, "rails-log-parameters-unfiltered-password",
  "Started POST \"/users/sign_in\" for «ip» at «date» 09:14:22 +0000\nProcessing by Devise::SessionsController#create as HTML\n  Parameters: {\"authenticity_token\"=>\"[FILTERED]\", \"user\"=>{\"email\"=>\"«email»\", \"password\"=>\"«S»\", \"remember_me\"=>\"0\"}, \"commit\"=>\"Log in\"}",
  pw, vis="Devise::SessionsController#create")
S(G, "axios-error-config-auth-dump",
  "AxiosError: Request failed with status code 403\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://api.datacite.org/dois',\n    method: 'post',\n    auth: { username: '«V»', password: '«S»' },\n    timeout: 15000\n  }",
  pw, vis="Request failed with status code 403")
S(G, "axios-error-headers-bearer-dump",
  "  headers: AxiosHeaders {\n    Accept: 'application/json, text/plain, */*',\n    Authorization: 'Bearer «S»',\n    'User-Agent': 'axios/1.6.7'\n  },\n  baseURL: 'https://okapi.«inst»'",
  t_okapi, vis="'User-Agent': 'axios/1.6.7'")
S(G, "ldap-debug-bind-log-with-password",
  "«logts» DEBUG [auth] binding as cn=ezproxy-bind,ou=services,dc=lib,dc=example with credential '«S»' to ldaps://«V»:636\n«logts» WARN  [auth] bind failed: LDAP error 49 (invalidCredentials)",
  pw, vis=lambda: "ldap." + _R.choice(_INST))
S(G, "sip2-login-message-co-field",
  "«logts» SIP2 >> 9300CN«V»|CO«S»|CPMAIN|AY0AZF1A4\n«logts» SIP2 << 941AY0AZFDFC",
  pw_an, vis=c("selfcheck01", "sip_kiosk", "bibliotheca"))
S(G, "sip2-patron-info-ad-pin-field",
  "«logts» [selfcheck-lobby] SIP2 >> 6300120250304    091233          AOMAIN|AA2390«n»|AD«S»|BP1|BQ5|AY2AZEF21\n«logts» [selfcheck-lobby] SIP2 << 64              00120250304    091233...",
  lambda: dg(6) if _R.random() < 0.5 else pw_an(), vis="[selfcheck-lobby]")
S(G, "yaz-client-auth-command-log",
  "Z> open tcp:z3950.«inst»:210/INNOPAC\nConnecting...OK.\nZ> auth «V»/«S»\nAuthentication set to Open («V»/«S»)\nZ> find @attr 1=7 9780300«n»",
  pw_an, vis=c("zuser", "ill_z3950", "copycat"))
S(G, "celery-task-received-args-token",
  "[«logts»: INFO/MainProcess] Task deposit.tasks.push_to_zenodo[«uuid»] received\n[«logts»: INFO/ForkPoolWorker-2] deposit.tasks.push_to_zenodo[«uuid»]: args=('«S»', 'record-«n»') kwargs={'sandbox': False}",
  t_zenodo, vis="deposit.tasks.push_to_zenodo")
S(G, "ansible-verbose-module-args-password",
  "TASK [koha : create database user] *********************************************\nok: [koha-01] => {\"changed\": false, \"invocation\": {\"module_args\": {\"login_user\": \"root\", \"name\": \"koha_library\", \"password\": \"«S»\", \"priv\": \"koha_library.*:ALL\"}}}",
  pw, vis="TASK [koha : create database user]")
S(G, "terraform-plan-nonsensitive-password",
  "  # aws_db_instance.dams will be created\n  + resource \"aws_db_instance\" \"dams\" {\n      + engine            = \"postgres\"\n      + identifier        = \"dams-prod\"\n      + password          = \"«S»\"\n      + username          = \"dams\"\n    }",
  pw, vis="aws_db_instance.dams")
S(G, "elasticsearch-first-start-elastic-password",
  "\u2139\ufe0f  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  «S»\n\n\u2139\ufe0f  HTTP CA certificate SHA-256 fingerprint:\n  «sha256»",
  lambda: _pick(_ALN + "*_=-+", 20), vis="bin/elasticsearch-reset-password -u elastic")
S(G, "mysql-general-log-set-password",
  "«ts»\t   «pid» Query\tSET PASSWORD FOR 'koha_library'@'localhost' = '«S»'\n«ts»\t   «pid» Query\tFLUSH PRIVILEGES",
  pw, vis="FLUSH PRIVILEGES")
S(G, "postgres-log-statement-alter-user",
  "«date» 03:12:44.219 UTC [«pid»] postgres@dspace LOG:  statement: ALTER USER dspace WITH PASSWORD '«S»';\n«date» 03:12:44.220 UTC [«pid»] postgres@dspace LOG:  duration: 0.412 ms",
  pw, vis="LOG:  duration: 0.412 ms")
S(G, "java-system-properties-startup-dump",
  "[fcrepo] startup properties:\n  fcrepo.home=/var/lib/fcrepo\n  fcrepo.storage=ocfl-s3\n  fcrepo.aws.access-key=«akid»\n  fcrepo.aws.secret-key=«S»\n  fcrepo.aws.bucket=«V»",
  t_aws_secret, vis=lambda: _R.choice(_BUCKETS), akid=t_aws_id)
S(G, "javamail-debug-auth-login-b64-password",
  "DEBUG SMTP: Attempt to authenticate using mechanisms: LOGIN PLAIN DIGEST-MD5 NTLM XOAUTH2\nDEBUG SMTP: AUTH LOGIN command trace suppressed\nAUTH LOGIN\n334 VXNlcm5hbWU6\n«user_b64»\n334 UGFzc3dvcmQ6\n«S»\n235 2.7.0 Authentication successful",
  lambda: b64enc(pw()), vis="235 2.7.0 Authentication successful", user_b64=lambda: b64enc("repository@" + _R.choice(_INST)))
S(G, "smtp-debug-auth-plain-b64",
  "send: 'ehlo journals-app\\r\\n'\nreply: b'250-AUTH PLAIN LOGIN\\r\\n'\nsend: 'AUTH PLAIN «S»\\r\\n'\nreply: b'235 2.7.0 Authentication successful\\r\\n'",
  lambda: b64enc("\x00journals-noreply\x00" + pw()), vis="250-AUTH PLAIN LOGIN")
S(G, "requests-connectionerror-url-apikey",
  "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='api.elsevier.com', port=443): Max retries exceeded with url: /content/abstract/doi/«doi»?apiKey=«S»&httpAccept=application%2Fjson (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f3c>: Failed to establish a new connection: [Errno 101] Network is unreachable'))",
  lambda: hx(32), vis="HTTPSConnectionPool(host='api.elsevier.com', port=443)")
S(G, "go-panic-dsn-in-message",
  "panic: dial mysql: omeka:«S»@tcp(omeka-db:3306)/omeka_s: connect: connection refused\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/cmd/thumbnailer/main.go:«n» +0x1e5",
  pw_url, vis="/src/cmd/thumbnailer/main.go")
S(G, "oai-harvest-log-url-userinfo",
  "«logts» INFO harvester: fetching https://harvest:«S»@oai.«inst»/oai/request?verb=ListRecords&metadataPrefix=oai_dc&set=theses\n«logts» INFO harvester: 100 records, resumptionToken=«rt»",
  pw_url, vis="verb=ListRecords&metadataPrefix=oai_dc", rt=lambda: lo(24))
S(G, "cantaloupe-log-s3-presigned-signature",
  "«logts» DEBUG e.i.l.c.s.S3HTTPImageInputStreamFactory - GET https://«bucket».s3.eu-west-1.amazonaws.com/tiff/«obj».tif?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«akid»%2F«d8»%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=«d8»T101500Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»",
  lambda: hx(64), vis="S3HTTPImageInputStreamFactory", akid=t_aws_id, d8=lambda: "2025%02d%02d" % (_R.randint(1, 12), _R.randint(1, 28)))
S(G, "app-log-azure-sas-sig",
  "«logts» INFO  [ingest] uploading «obj».tif via https://«V».blob.core.windows.net/masters/«obj».tif?sv=2022-11-02&ss=b&srt=o&sp=rwc&se=«date»T18:00:00Z&st=«date»T06:00:00Z&spr=https&sig=«S»",
  lambda: pct(b64b(32)), vis=c("damsmasters", "museumimages01", "repoarchive"))
S(G, "app-log-gcs-v4-signature",
  "«logts» WARN  signed URL expired: https://storage.googleapis.com/«bucket»/ocr/«obj».xml?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=htr-ocr%40museum-ocr-prod.iam.gserviceaccount.com%2F«d8»%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=«d8»T093000Z&X-Goog-Expires=600&X-Goog-SignedHeaders=host&X-Goog-Signature=«S»",
  lambda: hx(512), vis="signed URL expired", d8=lambda: "2024%02d%02d" % (_R.randint(1, 12), _R.randint(1, 28)))
S(G, "cloudfront-signed-url-signature-log",
  "«ip» GET /downloads/«obj»-master.tif?Expires=«exp»&Signature=«S»&Key-Pair-Id=K«kp» 403",
  lambda: _pick(_ALN + "-_~", 172), vis="/downloads/", exp=lambda: str(_R.randint(1700000000, 1760000000)), kp=lambda: up(13))
S(G, "auditd-execve-args-password",
  "type=EXECVE msg=audit(«tsn».«ms»:«n»): argc=5 a0=\"mysql\" a1=\"-uroot\" a2=\"-p«S»\" a3=\"-e\" a4=\"DROP DATABASE koha_test\"",
  pw_an, vis="DROP DATABASE koha_test", tsn=lambda: str(_R.randint(1700000000, 1760000000)), ms=lambda: dg(3))
S(G, "php-warning-ldap-bind-stack-args",
  "PHP Warning:  ldap_bind(): Unable to bind to server: Invalid credentials in /var/www/omeka-s/modules/LdapAuth/src/Adapter.php on line 88\nPHP Stack trace:\nPHP   1. {main}() /var/www/omeka-s/index.php:0\nPHP   5. ldap_bind($ldap = resource(12) of type (ldap link), $dn = 'uid=«login»,ou=people,dc=lib,dc=example', $password = '«S»') /var/www/omeka-s/modules/LdapAuth/src/Adapter.php:88",
  pw, vis="/var/www/omeka-s/modules/LdapAuth/src/Adapter.php")
S(G, "nodejs-unhandled-rejection-mongo-uri",
  "(node:«pid») UnhandledPromiseRejectionWarning: MongoServerSelectionError: connection timed out\n    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38)\n  uri: 'mongodb://crowd_app:«S»@mongo-01:27017/transcribe?authSource=admin'",
  pw_url, vis="MongoServerSelectionError")
S(G, "startup-log-loaded-config-json",
  "«logts» INFO  folio-sync: loaded config {\"okapiUrl\":\"https://okapi.«inst»\",\"tenant\":\"«tenant»\",\"username\":\"svc_sync\",\"password\":\"«S»\",\"batchSize\":500}",
  pw, vis="folio-sync: loaded config")
S(G, "cron-mail-subject-line-password",
  "From: Cron Daemon <root@dams-01>\nSubject: Cron <root@dams-01> /usr/local/bin/fixity-check.sh --s3-secret «S» --bucket «bucket»\n\nfixity-check: 41230 objects verified, 0 mismatches",
  t_aws_secret, vis="fixity-check: 41230 objects verified")
S(G, "iis-log-illiad-apikey-query",
  "«date» 14:02:11 «ip» GET /ILLiadWebPlatform/Transaction/UserRequests/«login» ApiKey=«S» 443 - «ip2» python-requests/2.31.0 200 0 0 187",
  uid, vis="/ILLiadWebPlatform/Transaction/UserRequests/")
S(G, "elk-json-headers-authorization",
  "{\"@timestamp\":\"«ts»\",\"service\":\"iiif-auth\",\"http\":{\"method\":\"GET\",\"path\":\"/iiif/3/«obj»/info.json\",\"headers\":{\"authorization\":\"Bearer «S»\",\"user-agent\":\"Mirador/3.3\"}},\"status\":200}",
  lambda: jwt({"sub": _R.choice(_USERS), "scope": "iiif:restricted", "exp": _R.randint(1700000000, 1760000000)}), vis="\"service\":\"iiif-auth\"")
S(G, "airflow-task-log-conn-uri-env",
  "[«logts»] {subprocess.py:93} INFO - AIRFLOW_CONN_ARCHIVE_SFTP=sftp://digitise:«S»@sftp.«inst»:22\n[«logts»] {subprocess.py:93} INFO - running rsync of batch «n»",
  pw_url, vis="{subprocess.py:93}")
S(G, "rsync-set-x-trace-export-password",
  "+ export RSYNC_PASSWORD=«S»\n+ RSYNC_PASSWORD=«S»\n+ rsync -av masters/ rsync://digibackup@backup-nas/digitisation/\nsending incremental file list",
  pw_an, vis="sending incremental file list")
S(G, "goobi-workflow-log-script-args",
  "«logts» INFO  [ScriptThread-«n»] executing: /opt/digiverso/scripts/export_to_archive.sh «obj» /opt/digiverso/metadata/«n» svc-archive «S»\n«logts» INFO  [ScriptThread-«n»] exit code 0",
  pw_an, vis="/opt/digiverso/scripts/export_to_archive.sh")
S(G, "keycloak-admin-bootstrap-log",
  "«logts» INFO  [org.keycloak.services] (main) KC-SERVICES0077: Created temporary admin user with username admin\n«logts» DEBUG [org.keycloak.quarkus] (main) KC_BOOTSTRAP_ADMIN_PASSWORD=«S»",
  pw_rand, vis="KC-SERVICES0077")
S(G, "dspace-log-rest-login-form-data",
  "«logts» DEBUG org.dspace.app.rest.security.StatelessLoginFilter @ attemptAuthentication user=«email» password=«S» ip=«ip»",
  pw, vis="org.dspace.app.rest.security.StatelessLoginFilter")
S(G, "hyrax-sidekiq-job-args-password",
  "«ts» pid=«pid» tid=«reqid» class=ImportJob jid=«jid» INFO: start args=[\"s3://«bucket»/batch-«n».csv\", {\"fedora_password\"=>\"«S»\"}]",
  pw, vis="class=ImportJob", jid=lambda: hx(24))
S(G, "oai-provider-error-log-basic-auth-header",
  "[«date» 12:00:01] ERROR upstream auth failed for harvester; request headers: Host: oai.«inst» | Authorization: Basic «S» | User-Agent: Europeana-Harvester/2.0",
  lambda: b64enc("europeana:" + pw()), vis="Europeana-Harvester/2.0")
S(G, "windows-scheduled-task-log-net-use",
  "«date» 01:00:02 Task \\Digitisation\\NightlyCopy started: net use Z: \\\\nas-digi01\\masters «S» /user:DIGILAB\\svc-capture /persistent:no",
  pw, vis="\\Digitisation\\NightlyCopy")
S(G, "mirth-style-channel-log-ftp-url",
  "«logts» ERROR (portico-push:File Writer) Error writing file to ftp://«V»:«S»@ftp.portico-mirror.example/incoming/«date».zip: 550 Permission denied",
  pw_url, vis=c("pressbury", "corrie_press", "aldm"))
S(G, "thumbor-access-log-hmac-path",
  "«ip» - - [«date»] \"GET /«S»/600x0/smart/iiif-derivatives/«obj».jpg HTTP/1.1\" 200 48122",
  lambda: b64u(27) + "=", vis="/600x0/smart/iiif-derivatives/")
S(G, "b2-download-authorization-token-url-log",
  "«logts» INFO mirror: GET https://f003.backblazeb2.com/file/«bucket»/«obj».tif?Authorization=«S» -> 200 (84.2 MB)",
  lambda: "4_003" + hx(22) + "_" + hx(8) + "_" + hx(4) + "_" + hx(4) + "_" + hx(8) + "_" + b64u(28) + "=", vis="mirror: GET https://f003.backblazeb2.com/file/")
S(G, "pytest-captured-log-env-line",
  "----------------------------- Captured log setup -----------------------------\nDEBUG    conftest:conftest.py:«n» using live Alma sandbox with ALMA_API_KEY=«S»",
  t_alma, vis="Captured log setup")
S(G, "gunicorn-access-log-token-query",
  "«ip» - - [«date»:11:22:33 +0000] \"GET /api/v1/export?format=csv&token=«S» HTTP/1.1\" 200 18231 \"-\" \"curl/8.5.0\"",
  lambda: b64u(32), vis="/api/v1/export?format=csv")

S(G, "hikari-config-jdbcurl-with-password",
  "«logts» DEBUG [main] com.zaxxer.hikari.HikariConfig - jdbcUrl.........................jdbc:postgresql://«V»:5432/fcrepo?user=fcrepo&password=«S»\n«logts» DEBUG [main] com.zaxxer.hikari.HikariConfig - password........................<masked>",
  pw_url, vis=lambda: "pg-02." + _R.choice(_INST))
S(G, "dotnet-sqlexception-connection-string",
  "System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'tmsweb'.\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)\n   ConnectionString: 'Server=«V»;Database=TMS;User Id=tmsweb;Password=«S»;'\n   at TmsExport.Program.Main(String[] args) in C:\\src\\TmsExport\\Program.cs:line «n»",
  pw, vis=lambda: "tms-sql01." + _R.choice(_INST))
S(G, "pydantic-settings-repr-ojs-api-token",
  "«logts» ERROR worker: failed to start with Settings(ojs_url='https://journals.«inst»/index.php/jhs', ojs_api_token='«S»', batch=50)",
  lambda: jwt({"iss": "ojs", "sub": _R.randint(2, 900)}, alg="HS256"), vis="worker: failed to start")
S(G, "openrefine-log-worldcat-wskey-url",
  "«hhmm»:12.408 [refine.fetch] GET https://www.worldcat.org/webservices/catalog/content/«n»?servicelevel=full&wskey=«S» (412ms)",
  lambda: an(80), vis="[refine.fetch]")


# ============================================================================
# group: note-or-chat
# ============================================================================
G = "note-or-chat"
S(G, "slack-thread-handover-crossref-login",
  "[«hhmm»] «first»: handing the Crossref deposits over to you while I'm on leave\n[«hhmm»] «first»: login is «V» / «S» — please rotate it after the March batch goes through",
  pw, vis=c("prsb/ojs", "aldm/depositor", "corr/press"))
S(G, "agent-running-note-staging-admin-pw",
  "NOTE («date»): staging DSpace admin = «V», pw «S» (from «first» in chat; staging only).",
  pw, vis=lambda: "repo-admin@" + _R.choice(_INST))
S(G, "german-chat-koha-staff-passwort",
  "«first»: Hallo zusammen, das Passwort für den Koha-Dienstclient (Benutzer «V») lautet «S» – bitte nicht per Mail weitergeben.",
  pw, vis=c("ausleihe", "fernleihe", "erwerbung"))
S(G, "french-note-datacite-mot-de-passe",
  "Pour le dépôt DataCite (compte «V»), le mot de passe est «S». À changer après la migration vers le nouveau portail.",
  pw, vis=lambda: up(4) + "." + _R.choice(["THESES", "HAL", "ARCHIVES"]))
S(G, "spanish-chat-alma-contrasena",
  "«first»: la contraseña del usuario de Alma sandbox («V») es «S», la cambié ayer",
  pw, vis=c("api_migracion", "catalogador01", "sb_admin"))
S(G, "dutch-chat-scanner-nas-wachtwoord",
  "«first»: Wachtwoord voor de scanner-NAS (\\\\nas-digi01\\masters): «S»\n«first2»: dank je, werkt!",
  pw, vis="\\\\nas-digi01\\masters")
S(G, "swedish-note-omeka-losenord",
  "Omeka-admin för utställningen «V»: användare admin, lösenordet är «S»",
  pw, vis=c("Nordiska textilier", "Sjöfartens arkiv", "Vikingatida fynd"))
S(G, "danish-note-arkivserver-adgangskode",
  "Adgangskoden til arkivserveren (sftp://«V») er «S» – den skal skiftes hver 90. dag.",
  pw, vis=lambda: "sftp." + _R.choice(_INST))
S(G, "norwegian-chat-passord-transkribus",
  "«first»: passordet til Transkribus-kontoen vår er «S», brukernavn «V»",
  pw, vis=lambda: "htr@" + _R.choice(_INST))
S(G, "finnish-note-salasana-finna-harvester",
  "Finna-harvesterin tunnus: «V»\nSalasana: «S»\n(Ei saa laittaa GitHubiin!)",
  pw, vis=c("finna_harvest", "oai_fi", "museo_harv"))
S(G, "italian-chat-password-transkribus",
  "«first»: La password dell'account Transkribus del laboratorio è «S» (utente «V»)",
  pw, vis=lambda: "digitalizzazione@" + _R.choice(_INST))
S(G, "portuguese-note-senha-ojs-homologacao",
  "A senha do OJS de homologação (usuário «V») é «S» — não usar em produção.",
  pw, vis=c("editor_chefe", "admin_hml", "gestor"))
S(G, "polish-chat-haslo-editorial-manager",
  "«first»: Hasło do konta Editorial Manager (login: «V»): «S»",
  pw, vis=c("redakcja_jhs", "prod_editor", "sekretariat"))
S(G, "czech-note-heslo-fedora",
  "Heslo k Fedoře (fedoraAdmin) na «V» je «S», platí do konce měsíce.",
  pw, vis=lambda: "fedora." + _R.choice(_INST))
S(G, "japanese-note-jairo-admin-password",
  "機関リポジトリ（JAIRO Cloud）の管理者アカウント «V» のパスワードは «S» です。変更したら連絡してください。",
  pw, vis=c("repo_admin", "tosho_kanri", "lib_sys"))
S(G, "chinese-chat-library-db-password",
  "«first»：图书馆系统的数据库密码是 «S»，账号 «V»，请勿外传。",
  pw, vis=c("koha_library", "lib_admin", "folio"))
S(G, "korean-note-dspace-admin-password",
  "DSpace 관리자 계정: «V»\n비밀번호: «S»\n(다음 주에 변경 예정)",
  pw, vis=lambda: "admin@" + _R.choice(_INST))
S(G, "russian-chat-ftp-parol",
  "«first»: Пароль от FTP издательства (логин «V»): «S»",
  pw, vis=c("izd_ftp", "press_upload", "typeset"))
S(G, "turkish-note-koha-sifre",
  "Koha personel hesabı «V» için şifre: «S»",
  pw, vis=c("odunc_masasi", "katalog01", "kutuphane"))
S(G, "greek-chat-omeka-kodikos",
  "«first»: Ο κωδικός για το Omeka (χρήστης «V») είναι «S»",
  pw, vis=c("mouseio_admin", "ekthesi", "omeka_admin"))
S(G, "hungarian-note-jelszo-repo",
  "A repozitórium admin jelszava: «S» (felhasználó: «V»)",
  pw, vis=c("repo_admin", "dspace_adm", "konyvtar"))
S(G, "arabic-chat-repository-password",
  "«first»: كلمة المرور لحساب المستودع «V» هي «S»",
  pw, vis=c("repo_admin", "dspace_ar", "maktaba"))
S(G, "welsh-note-cyfrinair-catalog",
  "Cyfrinair y system gatalog (defnyddiwr «V») yw «S» – peidiwch â'i rannu.",
  pw, vis=c("catalogydd", "llyfrgell_admin", "casgliadau"))
S(G, "catalan-chat-contrasenya-dspace",
  "«first»: La contrasenya del DSpace de proves és «S» (usuari «V»)",
  pw, vis=c("admin_proves", "dipositari", "repositori"))
S(G, "email-forward-scholarone-api-key",
  "---------- Forwarded message ---------\nFrom: ScholarOne Support <s1help@support-desk.example>\nSubject: Re: API access for «V»\n\nHello,\nAPI access has been enabled for your site.\nSite name: «V»\nAPI key: «S»\nPlease keep this key confidential.",
  lambda: an(32), vis=c("jhs-journal", "aldm-rev", "pressbury-hist"))
S(G, "teams-unlabelled-user-slash-password",
  "«first»: @«first2» it's «V» / «S» for the capture PC (the Phase One one in room 2.14)",
  pw, vis=c("capture", "digilab", "phaseone"))
S(G, "jira-comment-vendor-sftp-creds",
  "«ticket» — comment by «person»:\nCredentials for the Portico SFTP drop:\n  host: sftp.portico-mirror.example\n  user: «V»\n  pass: «S»\nUploads go into /incoming/<yyyymmdd>.",
  pw, vis=c("pressbury", "corrie_press", "aldm_journals"))
S(G, "decision-log-shared-openathens-admin",
  "Decision «date»: keep using the shared OpenAthens admin account («V» / «S») until the SSO migration finishes; owner: «person».",
  pw, vis=c("oa-admin", "openathens_libsys", "oaadmin"))
S(G, "meeting-notes-markdown-backticks",
  "## Circulation sync-up «date»\n- selfcheck units moving to SIP2 over TLS\n- Koha SIP2 account: `«V»` / `«S»`\n- «first» to update the kiosk configs",
  pw_an, vis=c("sip_selfcheck", "bibliotheca01", "sip_lobby"))
S(G, "goal-statement-rotate-current-password",
  "Goal: rotate the Fedora admin password (current: «S») and update Islandora's settings.php + Cantaloupe HttpSource to match.",
  pw, vis="update Islandora's settings.php")
S(G, "todo-checkbox-change-ezproxy-pw",
  "- [x] renew EZproxy wildcard cert\n- [ ] change EZproxy admin pw from «S» to something from the vault\n- [ ] add new JSTOR stanza",
  pw, vis="renew EZproxy wildcard cert")
S(G, "agent-scratchpad-remember-sandbox-pwd",
  "Remember: DataCite test repo pwd is «S» — user said it's OK to use for the sandbox only, don't touch prod.",
  pw, vis="DataCite test repo")
S(G, "sticky-note-photo-transcription",
  "Transcribed from the photo «first» sent (sticky note on scanner station 3):\n  Capture One license login: «V»\n  «S»",
  pw, vis=lambda: "digilab@" + _R.choice(_INST))
S(G, "whatsapp-pass-then-clarification",
  "[«hhmm»] «first»: pass is «S»\n[«hhmm»] «first»: capital first letter, no spaces\n[«hhmm»] You: thanks, in now",
  pw_word, vis="capital first letter, no spaces")
S(G, "email-reply-quoted-question-answer",
  "> what's the password for the IIIF admin endpoint on iiif-02?\n\nit's «S» — same as last year, sadly. I'll rotate it after the exhibition opens.\n\n«first»",
  pw, vis="IIIF admin endpoint on iiif-02")
S(G, "handover-doc-markdown-table",
  "| System | URL | User | Password |\n|---|---|---|---|\n| Alma sandbox | https://sandbox-eu.alma.exlibrisgroup.com | «V» | «S» |\n| Primo VE | https://«inst»/discovery | n/a | SSO |",
  pw, vis=c("sysadmin_sb", "migr_user", "api_test"))
S(G, "note-keystore-passphrase-with-spaces",
  "Shibboleth IdP keystore passphrase (needed for the signing cert rollover next week): «S»",
  lambda: pw_phrase(" "), vis="signing cert rollover")
S(G, "voicemail-transcript-password",
  "Voicemail from «person» («hhmm»): \"Hi, it's me about the museum wifi in the conservation lab, the password is «S», all lower case, bye.\"",
  lambda: al(4) + dg(4) + al(3), vis="conservation lab")
S(G, "irc-log-password-paste",
  "<«login»> ugh, sudo on iiif-01 keeps asking\n<«login2»> use «S»\n<«login»> ta",
  pw, vis="sudo on iiif-01 keeps asking")
S(G, "github-issue-comment-pasted-token",
  "**«login»** commented on «date»\n\nI tried again with my token `«S»` and still get `403 Forbidden` from /api/deposit/depositions — is the scope wrong?",
  t_zenodo, vis="/api/deposit/depositions")
S(G, "stackoverflow-question-connection-string",
  "Q: Hibernate can't connect to Goobi DB\nI'm using `jdbc:mysql://goobi-db:3306/goobi?user=goobi&password=«S»` but get `Access denied for user 'goobi'@'10.0.4.12'`. What am I missing?",
  pw_url, vis="Hibernate can't connect to Goobi DB")
S(G, "chat-orcid-sandbox-client-credentials",
  "«first»: use this for the ORCID sandbox: client id APP-«appid», secret «S»\n«first»: redirect URI is https://journals.«inst»/orcid/callback",
  uid, vis="redirect URI is", appid=lambda: up(16))
S(G, "readme-snippet-default-login",
  "### Local dev\nStart with `docker compose up`, then log in at http://localhost:8080/admin with\n**Login:** admin@«inst» / **Password:** «S»",
  pw, vis="docker compose up")
S(G, "calendar-invite-zoom-passcode",
  "Digitisation steering group — «date» «hhmm»\nJoin Zoom Meeting https://«org».zoom.us/j/«mid»\nMeeting ID: «mid»\nPasscode: «S»",
  lambda: an(10), vis="Digitisation steering group", org=c("aldermoor", "kestrel-college", "elmstead-museum", "glenhollow"), mid=lambda: dg(11))
S(G, "spanish-note-clave-wifi-sala-lectura",
  "Ojo: la clave del wifi de la sala de lectura («V») es «S», la dan en mostrador.",
  pw, vis=c("BIB-Lectura", "Sala_Investigadores", "ARCHIVO-Consulta"))
S(G, "indonesian-note-kata-sandi-ojs",
  "Kata sandi untuk akun OJS jurnal («V»): «S»",
  pw, vis=c("editor_jurnal", "admin_ojs", "pengelola"))
S(G, "vietnamese-note-mat-khau-dspace",
  "Mật khẩu tài khoản DSpace «V»: «S»",
  pw, vis=c("quantri", "thuvien_admin", "repo_vn"))
S(G, "hindi-chat-password-hai",
  "«first»: OJS staging का पासवर्ड है «S» (user «V»)",
  pw, vis=c("admin_staging", "editor01", "jm_admin"))
S(G, "estonian-note-parool",
  "Arhiivi infosüsteemi («V») parool: «S»",
  pw, vis=c("AIS-test", "digiarhiiv", "muis_adm"))
S(G, "icelandic-note-lykilord",
  "Lykilorð fyrir Sarp-aðganginn («V»): «S»",
  pw, vis=c("safn_admin", "sarpur_api", "skraning"))
S(G, "romanian-chat-parola",
  "«first»: parola pentru contul de depozit «V» este «S»",
  pw, vis=c("depozit_admin", "arhiva_dig", "biblioteca"))
S(G, "ukrainian-note-parol-omeka",
  "Пароль до адмінки Omeka («V»): «S»",
  pw, vis=c("muzei_admin", "kolektsiia", "omeka_ua"))
S(G, "email-zugangsdaten-formal-german",
  "Sehr geehrte Frau «last»,\n\nanbei die Zugangsdaten für den Deposit-Account:\nBenutzername: «V»\nKennwort: «S»\n\nMit freundlichen Grüßen\nIhre Universitätsbibliothek",
  pw, vis=c("ub-deposit", "hsb_repo", "ulb_doi"), last=lambda: _R.choice(_LAST))
S(G, "quebec-note-nip-carte",
  "NIP du compte de la carte d'approvisionnement pour les numérisations externes : «S»",
  lambda: dg(6), vis="numérisations externes")
S(G, "recovery-code-github-org-note",
  "GitHub recovery code for the lib-digital org owner account (one-time, store offline): «S»",
  lambda: hx(5) + "-" + hx(5), vis="lib-digital org owner account")
S(G, "totp-seed-shared-account-note",
  "2FA seed for the shared Crossref account (add to Authy, «person» has the phone): «S»",
  lambda: b32(32), vis="shared Crossref account")
S(G, "chat-ssh-then-type-password",
  "«first»: ssh digi@scan-ws-0«d» then type «S» when it prompts\n«first»: it's the old capture account, don't change it",
  pw, vis="old capture account", d=c("2", "3", "4", "7"))
S(G, "agent-note-user-provided-inline-creds",
  "User provided DB creds inline for the one-off report: user=koha_ro, password=«S». Not writing them anywhere else.",
  pw, vis="one-off report")
S(G, "dutch-teams-inlog-slash",
  "«first»: inlog voor de Atlantis-collectieregistratie: «V» / «S»",
  pw, vis=c("registrator", "collectie_beheer", "atl_admin"))
S(G, "japanese-jalc-api-password",
  "JaLC の API 接続情報：サイトID «V»、パスワード «S»（本番環境）",
  pw, vis=lambda: "SI" + dg(6))
S(G, "chinese-cnki-institution-account",
  "CNKI 机构账号：«V» 密码：«S»（仅限图书馆内部使用）",
  pw, vis=lambda: "lib" + dg(5))
S(G, "pastebin-note-zenodo-sandbox-token",
  "creds for Zenodo sandbox token (expires in 30 days): «S»",
  t_zenodo, vis="Zenodo sandbox token")
S(G, "email-signature-block-accidental-password",
  "Thanks, the upload worked!\n\n«person»\nDigitisation Officer\n(new temp pw for the FTP: «S»)\n--\n«inst»",
  pw, vis="Digitisation Officer")


# ============================================================================
# group: ci-and-deploy
# ============================================================================
G = "ci-and-deploy"
S(G, "github-actions-job-env-hardcoded",
  "jobs:\n  deposit:\n    runs-on: ubuntu-latest\n    env:\n      CROSSREF_USER: «V»\n      CROSSREF_PASSWORD: «S»\n    steps:\n      - uses: actions/checkout@v4\n      - run: python -m doi_deposit --batch out/",
  pw, vis=c("prsb/ojs", "aldm/jnl", "kstr/press"))
S(G, "github-actions-with-token-input-literal",
  "      - name: Push manifests to Pages repo\n        uses: cpina/github-action-push-to-another-repository@v1\n        with:\n          destination-repository-name: iiif-manifests\n          api-token: «S»",
  t_ghp, vis="destination-repository-name: iiif-manifests")
S(G, "gitlab-ci-variables-block",
  "variables:\n  DSPACE_REST: https://repo.«inst»/server/api\n  DSPACE_USER: «V»\n  DSPACE_PASSWORD: \"«S»\"\n\nimport:\n  stage: deploy\n  script:\n    - python scripts/batch_import.py",
  pw, vis=lambda: "importer@" + _R.choice(_INST))
S(G, "gitlab-ci-script-inline-curl-u",
  "publish:\n  stage: deploy\n  script:\n    - curl -sf -u «V»:«S» -X PUT -H 'Content-Type: application/vnd.api+json' -d @doi.json https://api.datacite.org/dois/$DOI",
  pw_url, vis=lambda: up(4) + "." + up(4))
S(G, "jenkinsfile-sh-curl-basic-inline",
  "stage('Reindex') {\n    steps {\n        sh \"curl -s -u admin:«S» 'http://solr.«inst»:8983/solr/admin/cores?action=RELOAD&core=blacklight'\"\n    }\n}",
  pw_an, vis="stage('Reindex')")
S(G, "circleci-config-environment-block",
  "jobs:\n  build:\n    docker:\n      - image: cimg/ruby:3.2\n        environment:\n          FEDORA_PASSWORD: «S»\n          SOLR_URL: http://localhost:8983/solr/hydra-test",
  pw_an, vis="image: cimg/ruby:3.2")
S(G, "travis-yml-env-global-plain",
  "language: php\nphp: '8.2'\nenv:\n  global:\n    - OJS_TEST_DB=ojs_ci\n    - OJS_SMTP_PASSWORD=«S»\nscript: lib/pkp/tools/runAllTests.sh",
  pw, vis="lib/pkp/tools/runAllTests.sh")
S(G, "dockerfile-env-db-password",
  "FROM dspace/dspace:7.6\nENV DSPACE_INSTALL=/dspace\nENV dspace__P__db__P__password=«S»\nCOPY local.cfg /dspace/config/local.cfg",
  pw_an, vis="FROM dspace/dspace:7.6")
S(G, "dockerfile-run-pip-git-token-url",
  "FROM python:3.11-slim\nRUN pip install --no-cache-dir git+https://oauth2:«S»@gitlab.«inst»/dh/iiif-tools.git@v2.3.0\nCMD [\"iiif-tools\", \"serve\"]",
  t_glpat, vis="FROM python:3.11-slim")
S(G, "docker-compose-override-env",
  "# docker-compose.override.yml (prod)\nservices:\n  cantaloupe:\n    environment:\n      - S3SOURCE_ACCESS_KEY_ID=«akid»\n      - S3SOURCE_SECRET_KEY=«S»\n      - SOURCE_STATIC=S3Source",
  t_aws_secret, vis="SOURCE_STATIC=S3Source", akid=t_aws_id)
S(G, "k8s-deployment-env-value-literal",
  "        containers:\n        - name: okapi\n          image: folioorg/okapi:5.1.2\n          env:\n          - name: PG_PASSWORD\n            value: \"«S»\"\n          - name: PG_HOST\n            value: pg-folio",
  pw, vis="folioorg/okapi:5.1.2")
S(G, "helm-upgrade-set-password-flag",
  "helm upgrade --install dspace ./charts/dspace -n repository \\\n  --set postgresql.auth.password=«S» \\\n  --set ingress.host=repo.«inst»",
  pw_an, vis="helm upgrade --install dspace")
S(G, "ansible-playbook-extra-vars-password",
  "ansible-playbook -i inventories/prod deploy-ojs.yml --limit ojs-01 -e \"ojs_version=3.4.0-7 db_password=«S»\"",
  pw_an, vis="deploy-ojs.yml --limit ojs-01")
S(G, "terraform-apply-var-flag",
  "terraform apply -auto-approve -var 'environment=prod' -var 'datacite_password=«S»'",
  pw, vis="-var 'environment=prod'")
S(G, "capistrano-deploy-rb-set-password",
  "set :application, 'hyrax-repo'\nset :repo_url, 'git@github.com:calderbrook-dh/hyrax-repo.git'\nset :fedora_password, '«S»'\nset :linked_files, %w[config/database.yml config/fedora.yml]",
  pw, vis="set :application, 'hyrax-repo'")
S(G, "fabfile-env-password",
  "from fabric.api import env, run\n\nenv.hosts = ['omeka.«inst»']\nenv.user = 'deploy'\nenv.password = '«S»'\n\ndef deploy():\n    run('cd /var/www/omeka-s && git pull')",
  pw, vis="def deploy():")
S(G, "github-actions-run-log-unmasked-echo",
  "Run curl -sf -u \"«V»:«S»\" -F operation=doMDUpload -F fname=@out/batch.xml https://doi.crossref.org/servlet/deposit\n  curl -sf -u \"«V»:«S»\" -F operation=doMDUpload ...\n  shell: /usr/bin/bash -e {0}",
  pw, vis=c("prsb/ojs", "aldm/jnl", "kstr/press"))
S(G, "azure-pipelines-variables-literal",
  "variables:\n  - name: buildConfiguration\n    value: Release\n  - name: TMS_SQL_PASSWORD\n    value: '«S»'\n\nsteps:\n- task: DotNetCoreCLI@2",
  pw, vis="task: DotNetCoreCLI@2")
S(G, "bitbucket-pipelines-sftp-deploy-password",
  "- pipe: atlassian/sftp-deploy:0.5.11\n  variables:\n    USER: «V»\n    SERVER: web.«inst»\n    REMOTE_PATH: /var/www/exhibits\n    LOCAL_PATH: dist/*\n    PASSWORD: '«S»'",
  pw, vis=c("deploy", "exhibits", "webteam"))
S(G, "drone-yml-settings-password",
  "steps:\n  - name: publish\n    image: plugins/docker\n    settings:\n      registry: registry.«inst»\n      repo: registry.«inst»/dams/ingest\n      username: ci\n      password: «S»",
  pw_an, vis="image: plugins/docker")
S(G, "argocd-app-helm-values-inline",
  "spec:\n  source:\n    chart: omeka-s\n    helm:\n      values: |\n        mariadb:\n          auth:\n            rootPassword: «S»\n  destination:\n    namespace: exhibits",
  pw_an, vis="namespace: exhibits")
S(G, "netlify-toml-build-environment",
  "[build]\n  command = \"npm run build\"\n  publish = \"dist\"\n\n[build.environment]\n  NODE_VERSION = \"20\"\n  COLLECTIONS_API_KEY = \"«S»\"",
  lambda: b64u(32), vis="NODE_VERSION = \"20\"")
S(G, "github-actions-docker-login-password-literal",
  "      - uses: docker/login-action@v3\n        with:\n          username: «V»\n          password: «S»",
  lambda: "dckr_pat_" + b64u(27), vis=c("museumweb", "libdigital", "calderbrookdh"))
S(G, "cloud-init-chpasswd-list",
  "#cloud-config\nchpasswd:\n  expire: false\n  list: |\n    digitise:«S»\nssh_pwauth: true",
  pw_an, vis="#cloud-config")
S(G, "packer-json-ssh-password",
  "{\n  \"builders\": [{\n    \"type\": \"qemu\",\n    \"vm_name\": \"capture-ws-2025\",\n    \"ssh_username\": \"packer\",\n    \"ssh_password\": \"«S»\"\n  }]\n}",
  pw, vis="capture-ws-2025")
S(G, "vagrantfile-ssh-password",
  "Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"islandora/islandora-base\"\n  config.ssh.username = \"vagrant\"\n  config.ssh.password = \"«S»\"\nend",
  pw, vis="islandora/islandora-base")
S(G, "preseed-user-password-line",
  "d-i passwd/user-fullname string Scan Operator\nd-i passwd/username string scanops\nd-i passwd/user-password password «S»\nd-i passwd/user-password-again password «S»",
  pw_an, vis="d-i passwd/username string scanops")
S(G, "deploy-script-sed-inject-password",
  "sed -i \"s/^db.password.*/db.password = «S»/\" /dspace/config/local.cfg\nsystemctl restart tomcat9",
  pw_an, vis="systemctl restart tomcat9")
S(G, "kustomization-secretgenerator-literals",
  "secretGenerator:\n- name: fcrepo-credentials\n  literals:\n  - FCREPO_USER=fedoraAdmin\n  - FCREPO_PASSWORD=«S»\ngeneratorOptions:\n  disableNameSuffixHash: true",
  pw_an, vis="fcrepo-credentials")
S(G, "docker-secret-create-from-echo",
  "echo \"«S»\" | docker secret create ojs_db_password -\ndocker stack deploy -c stack.yml journals",
  pw, vis="docker stack deploy -c stack.yml journals")
S(G, "gitlab-ci-inline-ssh-private-key",
  "deploy:\n  variables:\n    DEPLOY_KEY: |\n      -----BEGIN OPENSSH PRIVATE KEY-----\n      «S»\n      -----END OPENSSH PRIVATE KEY-----\n  script:\n    - ssh-add <(echo \"$DEPLOY_KEY\")",
  lambda: t_pem_openssh().replace("\n", "\n      "), vis="ssh-add <(echo \"$DEPLOY_KEY\")")
S(G, "github-workflow-ec-private-key-literal",
  "    env:\n      SIGNING_KEY: |\n        -----BEGIN EC PRIVATE KEY-----\n        «S»\n        -----END EC PRIVATE KEY-----",
  lambda: t_pem_ec().replace("\n", "\n        "), vis="SIGNING_KEY: |")
S(G, "ci-log-printenv-dump",
  "$ printenv | sort\nCI=true\nCI_COMMIT_SHA=«sha»\nCI_PROJECT_NAME=ojs-deploy\nOJS_ADMIN_PASSWORD=«S»\nOJS_ADMIN_USER=admin",
  pw, vis="CI_PROJECT_NAME=ojs-deploy")
S(G, "gitleaks-finding-output",
  "Finding:     crossref.password=«S»\nSecret:      «S»\nRuleID:      generic-api-key\nEntropy:     3.9\nFile:        src/main/resources/application.properties\nLine:        «n»\nCommit:      «sha»",
  pw, vis="src/main/resources/application.properties")
S(G, "trufflehog-raw-result-output",
  "Found verified result \U0001f437\U0001f511\nDetector Type: Github\nDecoder Type: PLAIN\nRaw result: «S»\nFile: scripts/sync_manifests.py\nLine: «n»",
  t_ghp, vis="scripts/sync_manifests.py")
S(G, "git-diff-added-properties-line",
  "diff --git a/config/application-prod.properties b/config/application-prod.properties\n@@ -12,3 +12,4 @@ crossref.prefix=«pfx»\n crossref.username=«V»\n+crossref.password=«S»\n crossref.test=false",
  pw, vis=c("prsb/registrar", "aldm/doi", "kstr/depositor"), pfx=lambda: _R.choice(_DOIPFX))
S(G, "git-log-patch-removed-key-line",
  "commit «sha»\nAuthor: «person» <«email»>\n\n    remove hardcoded key\n\n-SCOPUS_KEY=«S»\n+SCOPUS_KEY=${SCOPUS_KEY}",
  lambda: hx(32), vis="remove hardcoded key")
S(G, "nomad-job-env-block",
  "task \"cantaloupe\" {\n  driver = \"docker\"\n  env {\n    SOURCE_STATIC        = \"S3Source\"\n    S3SOURCE_SECRET_KEY  = \"«S»\"\n  }\n}",
  t_aws_secret, vis="driver = \"docker\"")
S(G, "salt-pillar-sls-db-pass",
  "# pillar/dspace.sls\ndspace:\n  db_host: pg-02\n  db_user: dspace\n  db_pass: «S»\n  solr_url: http://solr:8983/solr",
  pw_an, vis="# pillar/dspace.sls")
S(G, "puppet-hiera-yaml-password",
  "---\nprofile::koha::instance: library\nprofile::koha::db_password: '«S»'\nprofile::koha::plack: true",
  pw, vis="profile::koha::plack: true")
S(G, "chef-data-bag-json-password",
  "{\n  \"id\": \"archivesspace\",\n  \"db_user\": \"as\",\n  \"db_password\": \"«S»\",\n  \"environment\": \"production\"\n}",
  pw, vis="\"id\": \"archivesspace\"")
S(G, "teamcity-param-alma-key",
  "<parameters>\n  <param name=\"env.ALMA_REGION\" value=\"eu\" />\n  <param name=\"env.ALMA_KEY\" value=\"«S»\" />\n</parameters>",
  t_alma, vis="env.ALMA_REGION")
S(G, "github-actions-services-postgres-password",
  "    services:\n      postgres:\n        image: postgres:15\n        env:\n          POSTGRES_USER: dspace\n          POSTGRES_PASSWORD: «S»\n        ports: ['5432:5432']",
  pw_an, vis="image: postgres:15")
S(G, "ecs-task-definition-environment",
  "\"environment\": [\n  {\"name\": \"ZENODO_COMMUNITY\", \"value\": \"«V»\"},\n  {\"name\": \"ZENODO_TOKEN\", \"value\": \"«S»\"}\n]",
  t_zenodo, vis=c("aldermoor-research", "elmstead-collections", "kestrel-data"))
S(G, "cloudformation-parameter-default-noecho",
  "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: «S»\n  DBUser:\n    Type: String\n    Default: dams",
  pw, vis="NoEcho: true")
S(G, "aws-ssm-put-parameter-value",
  "aws ssm put-parameter --name /dams/prod/db_password --type SecureString --value '«S»' --overwrite",
  pw, vis="/dams/prod/db_password")
S(G, "gcloud-secrets-versions-add-echo",
  "echo -n '«S»' | gcloud secrets versions add crossref-password --data-file=-",
  pw, vis="gcloud secrets versions add crossref-password")
S(G, "az-keyvault-secret-set-value",
  "az keyvault secret set --vault-name kv-museum-prod --name tms-sql-password --value '«S»'",
  pw, vis="kv-museum-prod")
S(G, "makefile-deploy-target-curl-u",
  "deploy-manifests:\n\trsync -av build/manifests/ deploy@iiif-01:/srv/manifests/\n\tcurl -s -u purge:«S» -X POST https://iiif.«inst»/admin/cache/purge",
  pw_an, vis="deploy-manifests:")
S(G, "harbor-robot-docker-login-p",
  "docker login harbor.«inst» -u 'robot$dams-ci' -p «S»",
  lambda: an(32), vis="robot$dams-ci")
S(G, "sonar-scanner-login-token",
  "sonar-scanner -Dsonar.projectKey=ojs-plugins -Dsonar.host.url=https://sonar.«inst» -Dsonar.login=«S»",
  lambda: "squ_" + hx(40), vis="-Dsonar.projectKey=ojs-plugins")
S(G, "codecov-token-env-literal",
  "      - uses: codecov/codecov-action@v4\n        env:\n          CODECOV_TOKEN: «S»",
  uid, vis="codecov/codecov-action@v4")
S(G, "sentry-cli-auth-token-env",
  "SENTRY_AUTH_TOKEN=«S» sentry-cli releases new -p exhibits-web «sha7»",
  lambda: "sntrys_" + _b64url_json({"iat": _R.randint(1700000000, 1760000000), "url": "https://sentry.io", "org": "elmstead"}) + "_" + b64u(43), vis="sentry-cli releases new")
S(G, "semantic-release-npm-token-env",
  "  release:\n    env:\n      GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n      NPM_TOKEN: «S»\n    run: npx semantic-release",
  t_npm, vis="npx semantic-release")
S(G, "rundeck-job-option-default-password",
  "- name: restore-koha-db\n  options:\n  - name: dbpass\n    value: «S»\n    secure: false\n  sequence:\n    commands:\n    - exec: mysql -u koha_library -p${option.dbpass} koha_library < /backup/latest.sql",
  pw_an, vis="restore-koha-db")
S(G, "github-actions-workflow-dispatch-default",
  "on:\n  workflow_dispatch:\n    inputs:\n      datacite_password:\n        description: 'DataCite repository password'\n        default: '«S»'",
  pw, vis="DataCite repository password")
S(G, "jenkins-job-dsl-string-param-default",
  "job('nightly-harvest') {\n  parameters {\n    stringParam('OAI_PASS', '«S»', 'harvest account password')\n  }\n}",
  pw, vis="job('nightly-harvest')")
S(G, "heroku-config-set-command",
  "heroku config:set DATABASE_URL=postgres://tracker:«S»@«V»:5432/digitrack -a digitrack-prod",
  pw_url, vis=lambda: "ec2-" + "-".join(str(_R.randint(3, 250)) for _ in range(4)) + ".eu-west-1.compute.amazonaws.com")
S(G, "ojs-docker-env-file-deploy",
  "# deploy/ojs.env\nOJS_DB_HOST=mariadb\nOJS_DB_USER=ojs\nOJS_DB_PASSWORD=«S»\nOJS_DB_NAME=ojs\nSERVERNAME=journals.«inst»",
  pw_an, vis="OJS_DB_HOST=mariadb")
S(G, "flux-helmrelease-values-inline",
  "apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: archivesspace\nspec:\n  values:\n    mysql:\n      password: «S»",
  pw_an, vis="helm.toolkit.fluxcd.io/v2")


# ============================================================================
# group: vendor-token
# ============================================================================
G = "vendor-token"
S(G, "github-classic-pat-ghp-in-env",
  "# .env.local (manifest publisher)\nGITHUB_TOKEN=«S»\nMANIFEST_REPO=«V»/iiif-manifests",
  t_ghp, vis=c("elmstead-museum", "aldermoor-library", "valcroix-collections"))
S(G, "github-fine-grained-pat",
  "export GH_TOKEN=«S»\ngh api repos/«V»/exhibit-site/actions/runs --jq '.workflow_runs[0].status'",
  lambda: "github_pat_11" + up(20) + "_" + an(59), vis=c("elmstead-museum", "calderbrook-dh", "kestrel-library"))
S(G, "github-app-installation-token-ghs",
  "{\"token\":\"«S»\",\"expires_at\":\"«ts»\",\"permissions\":{\"contents\":\"write\",\"metadata\":\"read\"},\"repository_selection\":\"selected\"}",
  lambda: "ghs_" + an(36), vis="\"repository_selection\":\"selected\"")
S(G, "github-refresh-token-ghr",
  "oauth response: access_token=ghu_<elided>&expires_in=28800&refresh_token=«S»&refresh_token_expires_in=15811200&scope=&token_type=bearer",
  lambda: "ghr_" + an(76), vis="refresh_token_expires_in=15811200")
S(G, "gitlab-runner-registration-glrt",
  "gitlab-runner register --non-interactive --url https://gitlab.«inst» --token «S» --executor docker --docker-image alpine:3.19 --description dams-runner-«n»",
  lambda: "glrt-" + b64u(20), vis="--executor docker")
S(G, "gitlab-deploy-token-gldt",
  "git clone https://gitlab+deploy-token-«n»:«S»@gitlab.«inst»/dh/iiif-manifests.git",
  lambda: "gldt-" + b64u(20), vis="/dh/iiif-manifests.git")
S(G, "gitlab-pipeline-trigger-glptt",
  "curl -X POST --fail -F token=«S» -F ref=main https://gitlab.«inst»/api/v4/projects/«n»/trigger/pipeline",
  lambda: "glptt-" + hx(40), vis="/trigger/pipeline")
S(G, "slack-bot-token-xoxb",
  "SLACK_BOT_TOKEN=«S»\nSLACK_CHANNEL=#digitisation-alerts",
  t_slack_bot, vis="SLACK_CHANNEL=#digitisation-alerts")
S(G, "slack-user-token-xoxp",
  "slack_sdk.WebClient(token=\"«S»\").chat_postMessage(channel=\"C0«chan»\", text=\"Nightly fixity: 0 mismatches\")",
  lambda: "xoxp-%s-%s-%s-%s" % (dg(11), dg(11), dg(13), hx(32)), vis="Nightly fixity: 0 mismatches", chan=lambda: up(9))
S(G, "slack-incoming-webhook-url-secret-part",
  "WEBHOOK = \"https://hooks.slack.com/services/T0«t»/B0«b»/«S»\"  # #ojs-alerts",
  lambda: an(24), vis="# #ojs-alerts", t=lambda: up(8), b=lambda: up(9))
S(G, "slack-app-level-token-xapp",
  "SLACK_APP_TOKEN=«S»  # socket mode for the reading-room bot",
  lambda: "xapp-1-A0" + up(9) + "-" + dg(13) + "-" + hx(64), vis="socket mode for the reading-room bot")
S(G, "aws-session-token-asia",
  "export AWS_ACCESS_KEY_ID=ASIA«akid»\nexport AWS_SECRET_ACCESS_KEY=\"$(jq -r .Credentials.SecretAccessKey sts.json)\"\nexport AWS_SESSION_TOKEN=«S»",
  lambda: "IQoJb3JpZ2luX2VjE" + b64c(_R.randint(280, 360)), vis="export AWS_SESSION_TOKEN=", akid=lambda: b32(16))
S(G, "google-books-api-key-aiza",
  "https://www.googleapis.com/books/v1/volumes?q=isbn:978«n»&key=«S»",
  lambda: "AIza" + b64u(35), vis="googleapis.com/books/v1/volumes")
S(G, "google-oauth-client-secret-gocspx",
  "{\"web\":{\"client_id\":\"«n»-«cid».apps.googleusercontent.com\",\"project_id\":\"museum-ocr-prod\",\"client_secret\":\"«S»\",\"redirect_uris\":[\"https://collections.«inst»/oauth2callback\"]}}",
  lambda: "GOCSPX-" + b64u(28), vis="museum-ocr-prod", cid=lambda: lo(32))
S(G, "google-oauth-refresh-token-1slash",
  "[drive-scans]\ntype = drive\nscope = drive.readonly\ntoken = {\"access_token\":\"ya29.<expired>\",\"token_type\":\"Bearer\",\"refresh_token\":\"«S»\",\"expiry\":\"«ts»\"}",
  lambda: "1//0" + _R.choice(["g", "3", "9"]) + b64u(100), vis="scope = drive.readonly")
S(G, "gcp-service-account-json-private-key",
  "{\n  \"type\": \"service_account\",\n  \"project_id\": \"«V»\",\n  \"private_key_id\": \"«pkid»\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"htr-ocr@«V».iam.gserviceaccount.com\"\n}",
  lambda: pem_body("MIIEvAIBADANBgkqhkiG9w0BAQEFAASC", 64 * 7 + 12).replace("\n", "\\n"), vis=c("museum-ocr-prod", "lib-htr-2025", "archive-vision"), pkid=lambda: hx(40))
S(G, "azure-storage-connection-string-accountkey",
  "AZURE_STORAGE_CONNECTION_STRING=\"DefaultEndpointsProtocol=https;AccountName=«V»;AccountKey=«S»;EndpointSuffix=core.windows.net\"",
  t_azure_key, vis=c("damsmasters", "museumimages01", "repoarchive"))
S(G, "azure-sas-query-string-sig",
  "BLOB_SAS=\"?sv=2022-11-02&ss=b&srt=co&sp=rl&se=«date»T23:59:59Z&spr=https&sig=«S»\"",
  lambda: pct(b64b(32)), vis="sv=2022-11-02&ss=b&srt=co&sp=rl")
S(G, "entra-client-secret-8q",
  "AZURE_TENANT_ID=«uuid»\nAZURE_CLIENT_ID=«uuid2»\nAZURE_CLIENT_SECRET=«S»\n# app: sharepoint-archive-export",
  t_entra, vis="# app: sharepoint-archive-export")
S(G, "stripe-secret-key-sk-live",
  "# APC payments (journal article processing charges)\nSTRIPE_SECRET_KEY=«S»\nSTRIPE_PUBLISHABLE_KEY=pk_live_51«pub»",
  t_stripe_live, vis="APC payments", pub=lambda: an(97))
S(G, "stripe-webhook-signing-secret-whsec",
  "stripe.Webhook.construct_event(payload, sig_header, \"«S»\")",
  lambda: "whsec_" + an(32), vis="stripe.Webhook.construct_event")
S(G, "stripe-restricted-key-rk-live",
  "museum-shop: STRIPE_RK=«S» (read-only charges for reconciliation)",
  lambda: "rk_live_51" + an(97), vis="read-only charges for reconciliation")
S(G, "sendgrid-api-key-sg",
  "SENDGRID_API_KEY='«S»'\nFROM_EMAIL='editorial@journals.«inst»'",
  t_sendgrid, vis="FROM_EMAIL=")
S(G, "mailchimp-api-key-datacenter-suffix",
  "mailchimp.set_config({\"api_key\": \"«S»\", \"server\": \"«dc»\"})  # members newsletter",
  lambda: hx(32) + "-" + _R.choice(["us6", "us14", "us21"]), vis="# members newsletter", dc=c("us6", "us14", "us21"))
S(G, "twilio-auth-token-with-sid",
  "TWILIO_ACCOUNT_SID=AC«sid»\nTWILIO_AUTH_TOKEN=«S»\nTWILIO_FROM=+44«phone»  # holds-ready SMS",
  lambda: hx(32), vis="holds-ready SMS", sid=lambda: hx(32), phone=lambda: dg(10))
S(G, "docker-hub-pat-dckr",
  "echo «S» | docker login -u «V» --password-stdin",
  lambda: "dckr_pat_" + b64u(27), vis=c("museumweb", "libdigital", "dhlab"))
S(G, "huggingface-token-hf",
  "from huggingface_hub import login\nlogin(token=\"«S»\")  # for the TrOCR handwriting model",
  lambda: "hf_" + _pick(_LOW + _UPP, 34), vis="TrOCR handwriting model")
S(G, "openai-project-key-sk-proj",
  "OPENAI_API_KEY=«S»  # subject-heading suggestions for the backlog",
  lambda: "sk-proj-" + b64u(48) + "T3BlbkFJ" + b64u(48), vis="subject-heading suggestions")
S(G, "anthropic-api-key-sk-ant",
  "ANTHROPIC_API_KEY=«S»\nMODEL=claude-sonnet  # alt-text drafts for the image backlog",
  lambda: "sk-ant-api03-" + b64u(93) + "AA", vis="alt-text drafts for the image backlog")
S(G, "digitalocean-token-dop-v1",
  "doctl auth init --access-token «S»",
  lambda: "dop_v1_" + hx(64), vis="doctl auth init")
S(G, "atlassian-api-token-atatt",
  "JIRA_USER=«email»\nJIRA_API_TOKEN=«S»\nJIRA_PROJECT=DIGI",
  lambda: "ATATT3xFfGF0" + b64u(160) + "=" + HX(8), vis="JIRA_PROJECT=DIGI")
S(G, "okta-ssws-api-token-header",
  "curl -s -H \"Authorization: SSWS «S»\" https://«V».okta.com/api/v1/users?search=profile.department+eq+%22Library%22",
  lambda: "00" + b64u(40), vis=c("aldermoor", "kestrel-college", "brackwater"))
S(G, "datadog-api-key-dd-env",
  "DD_API_KEY=«S»\nDD_SITE=datadoghq.eu\nDD_SERVICE=iiif-cantaloupe",
  lambda: hx(32), vis="DD_SERVICE=iiif-cantaloupe")
S(G, "newrelic-user-key-nrak",
  "NEW_RELIC_API_KEY=«S»  # used by the ezproxy dashboard script",
  lambda: "NRAK-" + up(27), vis="ezproxy dashboard script")
S(G, "vault-service-token-hvs",
  "export VAULT_ADDR=https://vault.«inst»:8200\nexport VAULT_TOKEN=«S»",
  lambda: "hvs.CAESI" + b64u(_R.randint(80, 90)), vis="export VAULT_ADDR=")
S(G, "terraform-cloud-token-atlasv1",
  "credentials \"app.terraform.io\" {\n  token = \"«S»\"\n}",
  lambda: an(14) + ".atlasv1." + an(67), vis="app.terraform.io")
S(G, "doppler-service-token-dp-st",
  "DOPPLER_TOKEN=«S» doppler run -- ./bin/start-omeka",
  lambda: "dp.st.prd." + an(40), vis="doppler run -- ./bin/start-omeka")
S(G, "pulumi-access-token-pul",
  "PULUMI_ACCESS_TOKEN=«S» pulumi up --stack dams-prod",
  lambda: "pul-" + hx(40), vis="pulumi up --stack dams-prod")
S(G, "grafana-service-account-glsa",
  "GRAFANA_TOKEN=«S»\nGRAFANA_URL=https://grafana.«inst»",
  lambda: "glsa_" + an(32) + "_" + hx(8), vis="GRAFANA_URL=")
S(G, "tailscale-auth-key-tskey",
  "tailscale up --authkey=«S» --hostname=scan-ws-«n» --advertise-tags=tag:digilab",
  lambda: "tskey-auth-k" + an(11) + "CNTRL-" + an(33), vis="--advertise-tags=tag:digilab")
S(G, "onepassword-service-account-ops",
  "OP_SERVICE_ACCOUNT_TOKEN=«S»\nop read \"op://Library Systems/Crossref deposit/password\"",
  lambda: "ops_eyJ" + b64u(_R.randint(300, 380)), vis="op://Library Systems/Crossref deposit/password")
S(G, "linear-api-key-lin-api",
  "LINEAR_API_KEY=«S»  # syncs digitisation requests into Linear",
  lambda: "lin_api_" + an(40), vis="syncs digitisation requests")
S(G, "notion-integration-token-ntn",
  "notion = Client(auth=\"«S»\")\ndb = notion.databases.query(database_id=\"«nid»\")  # loans tracker",
  lambda: "ntn_" + an(46), vis="# loans tracker", nid=lambda: hx(32))
S(G, "airtable-personal-access-token-pat",
  "AIRTABLE_TOKEN=«S»\nAIRTABLE_BASE=app«base»  # object condition reports",
  lambda: "pat" + an(14) + "." + hx(64), vis="object condition reports", base=lambda: an(14))
S(G, "figma-personal-token-figd",
  "curl -H 'X-Figma-Token: «S»' https://api.figma.com/v1/files/«fk»/images?ids=12:3&format=svg",
  lambda: "figd_" + b64u(40), vis="api.figma.com/v1/files/", fk=lambda: an(22))
S(G, "postman-api-key-pmak",
  "postman collection run «uuid» --api-key «S»",
  lambda: "PMAK-" + hx(24) + "-" + hx(34), vis="postman collection run")
S(G, "shopify-admin-token-shpat",
  "SHOPIFY_STORE=«V».myshopify.com\nSHOPIFY_ADMIN_TOKEN=«S»",
  lambda: "shpat_" + hx(32), vis=c("elmstead-museum-shop", "valcroix-boutique", "arvalle-store"))
S(G, "square-access-token-eaaa",
  "square_client = Client(access_token=\"«S»\", environment=\"production\")  # admissions desk POS",
  lambda: "EAAA" + b64u(60), vis="admissions desk POS")
S(G, "mapbox-secret-token-sk-eyj",
  "MAPBOX_DOWNLOADS_TOKEN=«S»",
  lambda: "sk." + _b64url_json({"u": _R.choice(["elmstead", "valcroix-maps", "kestrel-gis"]), "a": "cl" + lo(23)}) + "." + b64u(22), vis="MAPBOX_DOWNLOADS_TOKEN=")
S(G, "cloudflare-api-token-bearer",
  "curl -X POST \"https://api.cloudflare.com/client/v4/zones/«zone»/purge_cache\" -H \"Authorization: Bearer «S»\" --data '{\"prefixes\":[\"iiif.«inst»/iiif/3/\"]}'",
  lambda: b64u(40), vis="/purge_cache", zone=lambda: hx(32))
S(G, "cloudflare-r2-secret-access-key",
  "[r2-iiif]\ntype = s3\nprovider = Cloudflare\naccess_key_id = «ak»\nsecret_access_key = «S»\nendpoint = https://«acct».r2.cloudflarestorage.com",
  lambda: hx(64), vis="provider = Cloudflare", ak=lambda: hx(32), acct=lambda: hx(32))
S(G, "backblaze-application-key-k005",
  "B2_APPLICATION_KEY_ID=005«kid»\nB2_APPLICATION_KEY=«S»",
  lambda: "K005" + b64c(27), vis="B2_APPLICATION_KEY_ID=", kid=lambda: hx(22))
S(G, "dropbox-short-lived-token-sl",
  "dbx = dropbox.Dropbox(\"«S»\")\ndbx.files_upload(data, \"/Scans/«obj».tif\")",
  lambda: "sl.u." + b64u(_R.randint(130, 150)), vis="dbx.files_upload")
S(G, "algolia-admin-api-key",
  "const client = algoliasearch('«appid»', '«S»'); // ADMIN key - indexing only, never ship to browser",
  lambda: hx(32), vis="ADMIN key - indexing only", appid=lambda: up(10))
S(G, "telegram-bot-token",
  "TELEGRAM_BOT_TOKEN=«S»  # reading-room seat bookings bot",
  lambda: dg(10) + ":AA" + b64u(33), vis="reading-room seat bookings bot")
S(G, "cloudinary-url-api-secret",
  "CLOUDINARY_URL=cloudinary://«key»:«S»@«V»",
  lambda: b64u(27), vis=c("elmstead-collections", "valcroix-media", "arvalle"), key=lambda: dg(15))
S(G, "contentful-management-token-cfpat",
  "contentful space export --space-id «sp» --management-token «S»",
  lambda: "CFPAT-" + b64u(43), vis="contentful space export", sp=lambda: lo(12))
S(G, "postmark-server-token-header",
  "X-Postmark-Server-Token: «S»",
  uid, vis="X-Postmark-Server-Token")
S(G, "twitter-bearer-token-aaaa",
  "X_BEARER_TOKEN=«S»  # object-of-the-day posts",
  lambda: "AAAAAAAAAAAAAAAAAAAAA" + an(22) + "%3D" + an(50), vis="object-of-the-day posts")
S(G, "mastodon-access-token-glam",
  "Mastodon(access_token=\"«S»\", api_base_url=\"https://glammr.example\").status_post(caption)",
  lambda: b64u(43), vis="api_base_url=\"https://glammr.example\"")
S(G, "sonarcloud-token-sqp",
  "SONAR_TOKEN=«S»",
  lambda: "sqp_" + hx(40), vis="SONAR_TOKEN=")
S(G, "netlify-personal-token-nfp",
  "netlify deploy --prod --dir=dist --auth «S» --site «uuid»",
  lambda: "nfp_" + an(36), vis="netlify deploy --prod --dir=dist")
S(G, "supabase-service-role-jwt",
  "SUPABASE_URL=https://«ref».supabase.co\nSUPABASE_SERVICE_ROLE_KEY=«S»",
  lambda: jwt({"iss": "supabase", "ref": lo(20), "role": "service_role", "iat": _R.randint(1700000000, 1760000000), "exp": 2000000000}), vis="SUPABASE_URL=", ref=lambda: lo(20))
S(G, "planetscale-password-pscale-pw",
  "DATABASE_URL='mysql://«u»:«S»@aws.connect.psdb.cloud/exhibits?sslaccept=strict'",
  lambda: "pscale_pw_" + b64u(43), vis="aws.connect.psdb.cloud/exhibits", u=lambda: lo(12))
S(G, "replicate-api-token-r8",
  "REPLICATE_API_TOKEN=«S»  # super-resolution on 1920s glass plates",
  lambda: "r8_" + an(37), vis="super-resolution on 1920s glass plates")
S(G, "deepl-auth-key-fx",
  "translator = deepl.Translator(\"«S»\")  # label translations DE/FR/NL",
  lambda: uid() + ":fx", vis="label translations DE/FR/NL")
S(G, "sketchfab-api-token",
  "curl -H \"Authorization: Token «S»\" -F \"modelFile=@«obj».zip\" -F \"name=«obj»\" https://api.sketchfab.com/v3/models",
  lambda: hx(32), vis="api.sketchfab.com/v3/models")
S(G, "cesium-ion-access-token-jwt",
  "Cesium.Ion.defaultAccessToken = '«S»'; // 3D scan of the chapel",
  lambda: jwt({"jti": uid(), "id": _R.randint(10000, 999999), "iat": _R.randint(1700000000, 1760000000)}), vis="3D scan of the chapel")
S(G, "harvard-art-museums-apikey-uuid",
  "https://api.harvardartmuseums.org/object?apikey=«S»&classification=Prints&size=100",
  uid, vis="api.harvardartmuseums.org/object")
S(G, "rijksmuseum-api-key-short",
  "https://www.rijksmuseum.nl/api/nl/collection?key=«S»&involvedMaker=Rembrandt+van+Rijn&ps=50",
  lambda: an(8), vis="rijksmuseum.nl/api/nl/collection")
S(G, "api-data-gov-smithsonian-key",
  "curl \"https://api.si.edu/openaccess/api/v1.0/search?q=quilt&api_key=«S»\"",
  lambda: an(40), vis="api.si.edu/openaccess/api/v1.0/search")
S(G, "trove-api-key-header",
  "curl -H 'X-API-KEY: «S»' 'https://api.trove.nla.gov.au/v3/result?category=newspaper&q=shipwreck'",
  lambda: an(32), vis="api.trove.nla.gov.au/v3/result")
S(G, "digitalnz-api-key-param",
  "https://api.digitalnz.org/records.json?api_key=«S»&text=waka",
  lambda: an(20), vis="api.digitalnz.org/records.json")
S(G, "wiley-tdm-client-token-header",
  "curl -L -H 'Wiley-TDM-Client-Token: «S»' https://api.wiley.com/onlinelibrary/tdm/v1/articles/«doi»",
  uid, vis="api.wiley.com/onlinelibrary/tdm/v1/articles")
S(G, "elsevier-insttoken-header",
  "-H 'X-ELS-APIKey: ${SCOPUS_KEY}' -H 'X-ELS-Insttoken: «S»'",
  lambda: hx(32), vis="X-ELS-APIKey: ${SCOPUS_KEY}")
S(G, "figshare-personal-token",
  "curl -H \"Authorization: token «S»\" https://api.figshare.com/v2/account/articles",
  lambda: hx(128), vis="api.figshare.com/v2/account/articles")
S(G, "osf-personal-access-token",
  "OSF_TOKEN=«S» osf -p «proj» upload data/ /",
  lambda: an(70), vis="osf -p", proj=lambda: lo(5))
S(G, "hypothesis-developer-token",
  "H_TOKEN = \"«S»\"  # annotation export for the digital edition",
  lambda: "6879-" + b64u(43), vis="annotation export for the digital edition")
S(G, "core-ac-uk-api-key",
  "curl -H 'Authorization: Bearer «S»' 'https://api.core.ac.uk/v3/search/works?q=doi:%22«doi»%22'",
  lambda: an(32), vis="api.core.ac.uk/v3/search/works")
S(G, "dimensions-api-key-json-body",
  "curl -X POST https://app.dimensions.ai/api/auth -H 'Content-Type: application/json' -d '{\"key\": \"«S»\"}'",
  lambda: HX(32), vis="app.dimensions.ai/api/auth")
S(G, "matomo-token-auth-param",
  "https://stats.«inst»/index.php?module=API&method=VisitsSummary.get&idSite=«d»&period=month&date=today&format=json&token_auth=«S»",
  lambda: hx(32), vis="VisitsSummary.get", d=c("3", "7", "12"))
S(G, "kaltura-admin-secret",
  "client.session.start(\"«S»\", \"«user»\", KalturaSessionType.ADMIN, «partner»)",
  lambda: hx(32), vis="KalturaSessionType.ADMIN", partner=lambda: dg(7))
S(G, "vimeo-access-token-bearer",
  "VIMEO_TOKEN=«S»  # oral-history uploads",
  lambda: hx(32), vis="oral-history uploads")
S(G, "mux-token-secret",
  "MUX_TOKEN_ID=«tid»\nMUX_TOKEN_SECRET=«S»",
  lambda: b64c(75), vis="MUX_TOKEN_ID=", tid=uid)


# ============================================================================
# BENIGN look-alikes (no credential anywhere)
# ============================================================================
# -- commands --------------------------------------------------------------
B("git log --oneline -3\n«sha7» Fix ORCID callback URL for sandbox\n«sha7b» Bump Cantaloupe to 5.0.6\n«sha7c» Add DataCite schema 4.5 mapping")
B("git checkout «sha» -- plugins/generic/crossref/")
B("git cherry-pick «sha7» «sha7b»")
B("git rev-parse HEAD\n«sha»")
B("git revert --no-edit «sha»  # reverts 'add hardcoded key' (key already rotated)")
B("sha256sum masters/«obj».tif\n«sha256»  masters/«obj».tif")
B("md5sum -c manifest-md5.txt | grep -v ': OK$'\n# all «n» files OK")
B("curl -s -H \"Authorization: Bearer $ORCID_TOKEN\" https://api.orcid.org/v3.0/«orcid»/works | jq '.group | length'")
B("psql -h «host» -U ojs -W ojs_prod   # prompts for the password")
B("mysql -u koha_library -p koha_library   # enter password at the prompt")
B("docker login registry.gitlab.«inst» -u ci-bot --password-stdin < ~/.secrets/gitlab-registry-token")
B("vault kv get -field=password secret/ojs/«db»")
B("kubectl -n repository get secret fcrepo-db -o jsonpath='{.data}' | jq 'keys'")
B("export CROSSREF_PASSWORD=\"$(pass show library/crossref-deposit)\"")
B("curl -u \"$DATACITE_USER:$DATACITE_PASSWORD\" -X POST https://api.datacite.org/dois -H 'Content-Type: application/vnd.api+json' -d @doi-«n».json")
B("gpg --recv-keys «HEX16»")
B("ssh-keygen -lf ~/.ssh/digi_ed25519.pub\n256 SHA256:«fp» digi@scan-ws-0«n» (ED25519)", n=4)
B("openssl x509 -in idp-signing.crt -noout -fingerprint -sha256\nsha256 Fingerprint=«colonfp»")
B("docker pull ghcr.io/«org»/cantaloupe@sha256:«sha256»")
B("bagit.py --validate bags/«obj»\nbags/«obj» is valid")
B("uuidgen\n«uuid»")
B("aws s3 cp «obj».tif s3://«bucket»/«date»/ --sse aws:kms --sse-kms-key-id alias/dams-masters")
B("htpasswd -B -C 12 /etc/cantaloupe/admin.htpasswd iiif-admin\nNew password: \nRe-type new password: \nAdding password for user iiif-admin", n=1)
B("ansible-vault encrypt_string --stdin-name 'vault_koha_db_pass'   # paste the value, then Ctrl-D", n=1)
B("openssl rand -hex 32 > /etc/ojs/api_key_secret && chmod 600 /etc/ojs/api_key_secret", n=1)
B("curl -s https://api.crossref.org/works/«doi» | jq -r '.message.title[0]'")
B("curl -s https://api.datacite.org/dois/«doi» | jq -r .data.attributes.state")
B("mysql -u koha_library -p\"$KOHA_DB_PASS\" koha_library -e 'select count(*) from issues'", n=1)
B("PGPASSWORD=\"$(cat /run/secrets/pg_password)\" psql -h «host» -U dspace dspace7")
B("sshpass -f ~/.config/portico/sftp.pass sftp pressbury@sftp.portico-mirror.example", n=1)
B("kubectl -n journals create secret generic ojs-db --from-file=password=./ojs-db.pass --dry-run=client -o yaml > ojs-db.sealed.yaml", n=1)
B("gh secret set CROSSREF_PASSWORD < ~/crossref.pass --repo «org»/doi-deposit")
B("rclone lsf b2-masters:«bucket»/«date»/ | wc -l")
B("exiftool -ImageUniqueID -DocumentID «obj».tif\nImage Unique ID                 : «hex32»\nDocument ID                     : xmp.did:«uuid»")
B("find /data/capture/«date» -name '*.tif' -print0 | xargs -0 sha1sum > sha1-«date».txt")
B("curl -sI https://iiif.«inst»/iiif/3/«obj»/info.json | grep -i etag\netag: \"«md5»\"")
B("ldapwhoami -x -H ldaps://ldap.«inst» -D \"uid=«login»,ou=people,dc=lib,dc=example\" -W")
B("openssl req -new -newkey rsa:3072 -nodes -keyout sp-key.pem -out sp.csr -subj '/CN=ezproxy.«inst»'")
B("git clone https://gitlab-ci-token:${CI_JOB_TOKEN}@gitlab.«inst»/dh/iiif-tools.git")
B("aws secretsmanager get-secret-value --secret-id dams/prod/db --query SecretString --output text | jq -r .username")
B("koha-shell library -c 'perl misc/cronjobs/rebuild_zebra.pl -b -v'", n=1)
B("ssh -i ~/.ssh/digi_ed25519 digi@iiif-0«n».«inst» 'sudo systemctl status cantaloupe'")
B("curl -s 'https://www.worldcat.org/oclc/«oclcnum»' -o /dev/null -w '%{http_code}\\n'")
B("/dspace/bin/dspace checker -l -v   # verify bitstream checksums")
B("docker run --rm -e POSTGRES_PASSWORD_FILE=/run/secrets/pg -v ./pg.secret:/run/secrets/pg postgres:15", n=1)

# -- tool output ----------------------------------------------------------
B("$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile             digitisation           manual    --profile\naccess_key     ****************«tail» shared-credentials-file\nsecret_key     ****************«tail2» shared-credentials-file\n    region                eu-west-1      config-file    ~/.aws/config", tail=lambda: up(4), tail2=lambda: an(4))
B("$ gh auth status\ngithub.com\n  \u2713 Logged in to github.com account «login» (keyring)\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo'")
B("$ kubectl -n repository get secrets\nNAME               TYPE                DATA   AGE\nfcrepo-db          Opaque              2      «n»d\ndspace-solr-auth   Opaque              1      12d\nregistry-pull      kubernetes.io/dockerconfigjson   1   301d")
B("$ kubectl -n journals describe secret ojs-db\nName:         ojs-db\nNamespace:    journals\nType:  Opaque\n\nData\n====\npassword:  «d» bytes\nusername:  3 bytes", d=lambda: str(_R.randint(16, 40)))
B("$ docker images --digests | grep cantaloupe\nregistry.«inst»/iiif/cantaloupe   5.0.6   sha256:«sha256»   «hex12»   3 weeks ago   612MB", hex12=lambda: hx(12))
B("$ vault kv metadata get secret/ojs/prod\n===== Metadata =====\nKey                Value\n---                -----\ncreated_time       «ts»\ncurrent_version    «d»\nmax_versions       10", d=lambda: str(_R.randint(2, 30)))
B("$ terraform output\ndb_admin_password = <sensitive>\niiif_bucket = \"«bucket»\"\ncdn_domain = \"d«cf».cloudfront.net\"", cf=lambda: lo(13))
B("$ pip download iiif-prezi3==2.0.«d» --no-deps\nSaved ./iiif_prezi3-2.0.«d»-py3-none-any.whl\n  --hash=sha256:«sha256»", d=lambda: str(_R.randint(0, 9)))
B("$ ldapsearch -x -LLL -H ldaps://ldap.«inst» -b ou=people,dc=lib,dc=example '(uid=«login»)' cn eduPersonAffiliation\ndn: uid=«login»,ou=people,dc=lib,dc=example\ncn: «person»\neduPersonAffiliation: staff")
B("{\"data\":{\"id\":\"«doi»\",\"type\":\"dois\",\"attributes\":{\"doi\":\"«doi»\",\"state\":\"findable\",\"url\":\"https://repo.«inst»/handle/«handle»\",\"publisher\":\"Aldermoor University\"},\"relationships\":{\"client\":{\"data\":{\"id\":\"«dataciteid»\",\"type\":\"clients\"}}}}}")
B("{\"status\":\"ok\",\"message-type\":\"work\",\"message\":{\"DOI\":\"«doi»\",\"member\":\"«d»\",\"ISSN\":[\"«issn»\"],\"author\":[{\"ORCID\":\"https://orcid.org/«orcid»\",\"family\":\"«last»\"}]}}", d=lambda: dg(5), last=lambda: _R.choice(_LAST))
B("{\"@context\":\"http://iiif.io/api/image/3/context.json\",\"id\":\"https://iiif.«inst»/iiif/3/«hex32»\",\"type\":\"ImageService3\",\"protocol\":\"http://iiif.io/api/image\",\"width\":«w»,\"height\":«h»,\"profile\":\"level2\"}", w=lambda: str(_R.randint(2000, 12000)), h=lambda: str(_R.randint(2000, 12000)))
B("{\"orcid-identifier\":{\"uri\":\"https://orcid.org/«orcid»\",\"path\":\"«orcid»\",\"host\":\"orcid.org\"},\"person\":{\"name\":{\"family-name\":{\"value\":\"«last»\"}}}}", last=lambda: _R.choice(_LAST))
B("<resumptionToken completeListSize=\"«n»\" cursor=\"0\">oai_dc////«rt»</resumptionToken>", rt=lambda: lo(20))
B("$ head -3 bags/«obj»/manifest-sha256.txt\n«sha256»  data/«obj»_0001.tif\n«sha2562»  data/«obj»_0002.tif\n«sha2563»  data/«obj»_0003.tif", sha2562=lambda: hx(64), sha2563=lambda: hx(64))
B("fixity report «date»: 41,230 objects checked, 0 mismatches, 3 missing (see ticket «ticket»)")
B("$ identify -verbose «obj».tif | grep -i signature\n    signature: «sha256»")
B("$ ssh-add -l\n256 SHA256:«fp» digi@scan-ws-04 (ED25519)\n3072 SHA256:«fp2» deploy@ci (RSA)", fp2=lambda: b64c(43))
B("$ gpg --list-keys --keyid-format long releases@«inst»\npub   ed25519/«HEX16» «date» [SC]\n      «fpr»\nuid                 [ultimate] Digital Library Releases <releases@«inst»>", fpr=lambda: HX(40))
B("{\"keys\":[{\"kty\":\"RSA\",\"use\":\"sig\",\"kid\":\"«hex16»\",\"alg\":\"RS256\",\"e\":\"AQAB\",\"n\":\"«nmod»\"}]}", nmod=lambda: b64u(342))
B("$ npm audit\n# npm audit report\n\nfollow-redirects  <1.15.6\nSeverity: moderate\nfollow-redirects' Proxy-Authorization header kept across hosts - https://github.com/advisories/GHSA-«g1»-«g2»-«g3»", g1=lambda: lo(4), g2=lambda: lo(4), g3=lambda: lo(4))
B("$ curl -sI https://repo.«inst»/server/api\nHTTP/2 200\nx-request-id: «uuid»\netag: W/\"«md5»\"\nx-amz-cf-id: «cfid»\nstrict-transport-security: max-age=31536000", cfid=lambda: b64u(54) + "==")
B("HTTP/1.1 200 OK\nx-amz-request-id: «HEX16»\nx-amz-id-2: «id2»\nx-amz-version-id: «vid»\nETag: \"«md5»\"", id2=lambda: b64c(76), vid=lambda: b64u(32))
B("$ koha-list --enabled\nlibrary\nkestrel\n$ koha-list --plack\nlibrary", n=1)
B("$ env | grep -i pass\nOJS_DB_PASSWORD_FILE=/run/secrets/ojs_db_password\nPASSWORD_MIN_LENGTH=14", n=1)
B("$ systemctl status cantaloupe\n\u25cf cantaloupe.service - Cantaloupe IIIF image server\n     Active: active (running) since «date» 06:1«d»:02 UTC\n   Main PID: «pid» (java)", d=lambda: str(_R.randint(0, 9)))
B("$ aws s3api list-object-versions --bucket «bucket» --prefix «obj» --max-items 1\n{\"Versions\":[{\"ETag\":\"\\\"«md5»\\\"\",\"Size\":«sz»,\"Key\":\"«obj».tif\",\"VersionId\":\"«vid»\",\"IsLatest\":true}]}", sz=lambda: dg(9), vid=lambda: b64u(32))
B("$ openssl s_client -connect idp.«inst»:443 </dev/null 2>/dev/null | openssl x509 -noout -serial -subject\nserial=«HEX16»«HEX162»\nsubject=CN = idp.«inst»", HEX162=lambda: HX(16))
B("$ docker inspect --format '{{.Image}}' dspace\nsha256:«sha256»")
B("$ vault token lookup | grep -E 'policies|ttl'\npolicies            [default dams-read]\nttl                 «d»h59m12s", d=lambda: str(_R.randint(1, 23)))
B("$ kubectl get sealedsecret ojs-db -o jsonpath='{.spec.encryptedData.password}' | head -c 40\nAgB«enc»...", enc=lambda: b64c(37))
B("$ stat -c '%a %U %n' /etc/shibboleth/sp-key.pem\n600 _shibd /etc/shibboleth/sp-key.pem", n=1)
B("$ ls -l ~/.ssh\n-rw------- 1 digi digi  411 «date» digi_ed25519\n-rw-r--r-- 1 digi digi  «d» «date» digi_ed25519.pub\n-rw-r--r-- 1 digi digi 2210 «date» known_hosts", d=lambda: str(_R.randint(95, 105)))
B("$ sqlite3 harvest.db 'select id, token_name, created from api_tokens'\n1|europeana-prod|«date»\n2|dpla-readonly|«date2»", date2=_date)
B("$ crossref-status --batch «n»\nbatch_id: «hex32»\nsubmission_id: «d»\nrecord_count: 48\nsuccess_count: 48\nfailure_count: 0", d=lambda: dg(10))

# -- config files -------------------------------------------------------------
B("[database]\ndriver = mysqli\nhost = «host»\nusername = ojs\npassword = ${OJS_DB_PASSWORD}\nname = ojs")
B("db.url = jdbc:postgresql://«host»:5432/dspace\ndb.username = dspace\ndb.password = ${env:DSPACE_DB_PASSWORD}")
B(" <user>koha___KOHASITE__</user>\n <pass>__DB_PASS__</pass>\n <hostname>__DB_HOST__</hostname>", n=1)
B("idp.sealer.storePassword = %{idp.sealer.password}\nidp.sealer.keyPassword = %{idp.sealer.password}", n=1)
B("password_file = /run/secrets/«db»_password")
B("        env:\n        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: «db»-credentials\n              key: password")
B("S3Source.access_key_id =\nS3Source.secret_key =\n# credentials come from the instance profile (role «role»)", role=c("dams-iiif-read", "cantaloupe-s3", "iiif-reader"))
B("[email]\nsmtp = On\nsmtp_server = smtp.«inst»\nsmtp_username = journals-noreply\nsmtp_password =   ; set via OJS_SMTP_PASSWORD env in the container")
B("api_key_secret = \"\"   ; generate with: openssl rand -hex 32")
B("koha_db_pass: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  «v1»\n  «v2»\n  «v3»", v1=lambda: hx(80), v2=lambda: hx(80), v3=lambda: hx(64))
B("omeka:\n  db_password: ENC[AES256_GCM,data:«d»,iv:«iv»,tag:«tag»,type:str]\nsops:\n  kms:\n  - arn: arn:aws:kms:eu-west-1:«awsacct»:alias/sops-exhibits", d=lambda: b64c(24) + "=", iv=lambda: b64c(43) + "=", tag=lambda: b64c(22) + "==")
B("ssh-ed25519 «sshpub» deploy@ci-runner-0«d»", d=lambda: str(_R.randint(1, 9)))
B("\"node_modules/mirador\": {\n  \"version\": \"3.3.«d»\",\n  \"resolved\": \"https://registry.npmjs.org/mirador/-/mirador-3.3.«d».tgz\",\n  \"integrity\": \"sha512-«sri»\"\n}", d=lambda: str(_R.randint(0, 9)), sri=lambda: b64c(86) + "==")
B("ORCID_CLIENT_ID=APP-«appid»\nORCID_CLIENT_SECRET=${ORCID_CLIENT_SECRET:?set in vault}", appid=lambda: up(16))
B("<ApplicationDefaults entityID=\"https://ezproxy.«inst»/shibboleth\" REMOTE_USER=\"eppn subject-id pairwise-id\">\n  <CredentialResolver type=\"File\" use=\"signing\" key=\"sp-signing-key.pem\" certificate=\"sp-signing-cert.pem\"/>")
B("ShibbolethMetadata -EntityID=https://ezproxy.«inst»/shibboleth -File=/etc/ezproxy/sp-metadata.xml -Cert=«d»", d=lambda: str(_R.randint(1, 40)))
B("[global]\nindex-url = https://nexus.«inst»/repository/pypi-all/simple\ntrusted-host = nexus.«inst»")
B("//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\n@iiif-viewers:registry=https://npm.pkg.github.com", n=1)
B("# .env.example\nZENODO_TOKEN=<your-zenodo-token>\nDATACITE_PASSWORD=\nALMA_API_KEY=l7xx<your-key-here>", n=1)
B("production:\n  secret_key_base: <%= ENV[\"SECRET_KEY_BASE\"] %>\n  fedora_password: <%= ENV.fetch(\"FEDORA_PASSWORD\") %>", n=1)
B("$settings['hash_salt'] = file_get_contents('/var/www/private/hash_salt.txt');", n=1)
B("SECRET_KEY = os.environ[\"DJANGO_SECRET_KEY\"]\nDATABASES[\"default\"][\"PASSWORD\"] = os.environ.get(\"DB_PASSWORD\", \"\")", n=1)
B("services:\n  dspace-db:\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n    secrets:\n      - pg_password", n=1)
B("variable \"db_password\" {\n  type      = string\n  sensitive = true\n  description = \"Master password for the «db» database (from Vault)\"\n}")
B("password = data.vault_generic_secret.«db».data[\"password\"]")
B("orcid_client_secret: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=secret/data/orcid:client_secret') }}\"", n=1)
B("# password policy (Keycloak realm «realm»)\npasswordPolicy: \"length(14) and digits(1) and specialChars(1) and notUsername(undefined) and passwordHistory(5)\"", realm=c("library", "museum", "staff"))
B("authentication-password.regex = ^.{12,}$\nauthentication-password.regex-message = Passwords must be at least 12 characters", n=1)
B("; minimum password length for new OJS users\npassword_min_length = «d»", d=c("10", "12", "14"))
B("<CredentialResolver type=\"Chaining\">\n  <CredentialResolver type=\"File\" key=\"/etc/shibboleth/sp-key.pem\" certificate=\"/etc/shibboleth/sp-cert.pem\"/>\n</CredentialResolver>", n=1)
B("<md:KeyDescriptor use=\"signing\"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>MIID«cert»</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>", cert=lambda: b64c(180))
B("[r2-iiif]\ntype = s3\nprovider = Cloudflare\nenv_auth = true\nendpoint = https://«hex32».r2.cloudflarestorage.com")
B("spring.datasource.password=${DOI_DB_PASSWORD}\ncrossref.password=${CROSSREF_PASSWORD}", n=1)
B("<server>\n  <id>dspace-nexus</id>\n  <username>${env.NEXUS_USER}</username>\n  <password>${env.NEXUS_PASSWORD}</password>\n</server>", n=1)
B("# ~/.netrc is NOT used any more; credentials come from the git credential helper (libsecret)", n=1)
B("EZproxy Option: Cookie=ezproxy; LoginPortSSL 443; ShibbolethMetadata entity https://idp.«inst»/idp/shibboleth")
B("[client]\nuser=backup\n# password read from /root/.mysql-backup.pass by the wrapper script\nhost=«host»")
B("HttpSource.BasicLookupStrategy.auth.basic.username =\nHttpSource.BasicLookupStrategy.auth.basic.secret =\n# public images only, no auth needed", n=1)
B("machine api.datacite.org login «dataciteid» password ********")
B("kind: ExternalSecret\nspec:\n  secretStoreRef:\n    name: vault-backend\n  data:\n  - secretKey: password\n    remoteRef:\n      key: secret/«db»/db\n      property: password")
B("<pass></pass>  <!-- left empty on purpose: koha-create fills this in -->", n=1)
B("cache.server.derivative.ttl_seconds = 2592000\ncache.server.derivative = FilesystemCache\nFilesystemCache.pathname = /var/cache/cantaloupe  # key = md5 of identifier+operations", n=1)
B("integrity=sha384-«sri»", sri=lambda: b64c(64))
B("checksum: sha256:«sha256»\nurl: https://github.com/cantaloupe-project/cantaloupe/releases/download/v5.0.«d»/cantaloupe-5.0.«d».zip", d=lambda: str(_R.randint(1, 6)))
B("[koha]\napi_url = https://koha.«inst»/api/v1\nclient_id = «uuid»\nclient_secret_file = /etc/koha-sync/client_secret")

# -- source code ----------------------------------------------------------------
B("password = os.environ[\"DB_PASSWORD\"]\nconn = psycopg2.connect(host=host, user=\"dspace\", password=password, dbname=\"dspace7\")", n=1)
B("pw = getpass.getpass(\"Crossref password for %s: \" % login_id)", n=1)
B("if len(password) < 12:\n    raise ValueError(\"password must be at least 12 characters\")", n=1)
B("TOKEN_PATTERNS = [\n    re.compile(r\"ghp_[A-Za-z0-9]{36}\"),\n    re.compile(r\"glpat-[A-Za-z0-9_-]{20}\"),\n    re.compile(r\"l7xx[0-9a-f]{32}\"),\n]", n=1)
B("API_KEY_HEADER = \"X-ELS-APIKey\"\nINSTTOKEN_HEADER = \"X-ELS-Insttoken\"", n=1)
B("EMPTY_SHA256 = \"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\"  # sha256 of b\"\"", n=1)
B("NAMESPACE_MUSEUM = uuid.UUID(\"«uuid»\")\nobject_id = uuid.uuid5(NAMESPACE_MUSEUM, accession_number)")
B("DOI_PREFIX = \"«pfx»\"\nDATACITE_CLIENT_ID = \"«dataciteid»\"  # public repository id", pfx=lambda: _R.choice(_DOIPFX))
B("SECRET_NAME = \"ojs-db-credentials\"\nsecret = client.get_secret_value(SecretId=SECRET_NAME)[\"SecretString\"]", n=1)
B("def mask(value: str) -> str:\n    return value[:4] + \"*\" * max(len(value) - 8, 0) + value[-4:]", n=1)
B("headers[\"X-ELS-APIKey\"] = settings.SCOPUS_API_KEY", n=1)
B("client = AlmaClient(api_key=config[\"alma\"][\"api_key\"], region=\"eu\")", n=1)
B("client_secret = os.getenv(\"ORCID_CLIENT_SECRET\")\nif not client_secret:\n    sys.exit(\"ORCID_CLIENT_SECRET not set\")", n=1)
B("cache_key = hashlib.sha1(f\"{identifier}|{region}|{size}\".encode()).hexdigest()  # e.g. «sha»")
B("SELECT borrowernumber FROM borrowers WHERE userid = ? AND password = ?  -- bcrypt compared in Perl, not here", n=1)
B("ALTER USER dspace WITH PASSWORD :'newpw';  -- psql -v newpw=... supplied at runtime", n=1)
B("const res = await fetch(url, { headers: { Authorization: `Bearer ${process.env.ZENODO_TOKEN}` } });", n=1)
B("'password' => getenv('OJS_DB_PASSWORD'),\n'username' => getenv('OJS_DB_USER'),", n=1)
B("String password = System.getenv(\"DATACITE_PASSWORD\");\nObjects.requireNonNull(password, \"DATACITE_PASSWORD must be set\");", n=1)
B("token := os.Getenv(\"ZENODO_TOKEN\")\nif token == \"\" {\n\tlog.Fatal(\"ZENODO_TOKEN not set\")\n}", n=1)
B("PASSWORD_FIELD = \"password\"\nSENSITIVE_KEYS = {\"password\", \"api_key\", \"token\", \"secret\", \"login_passwd\"}", n=1)
B("# sha1 of empty string: da39a3ee5e6b4b0d3255bfef95601890afd80709", n=1)
B("assert redact(\"login_passwd=hunter\") == \"login_passwd=[REDACTED]\"", n=1)
B("def test_masks_token(caplog):\n    log.info(\"token=%s\", \"<dummy>\")\n    assert \"<dummy>\" not in caplog.text", n=1)
B("FIXITY_ALGORITHMS = (\"md5\", \"sha1\", \"sha256\", \"sha512\")\nDEFAULT_ALGORITHM = \"sha256\"", n=1)
B("manifest_id = f\"https://iiif.«inst»/manifests/{hashlib.md5(shelfmark.encode()).hexdigest()}\"")
B("ETAG = \"«md5»\"  # expected ETag of the fixture image in tests/data")
B("KNOWN_GOOD_SHA256 = {\n    \"cantaloupe-5.0.6.zip\": \"«sha256»\",\n}")
B("jwt.decode(token, key=public_key, algorithms=[\"RS256\"], audience=\"iiif-auth\")", n=1)
B("password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))", n=1)
B("// never commit the real key: it lives in Vault at secret/data/alma/api\nconst ALMA_KEY = process.env.ALMA_API_KEY;", n=1)
B("ORCID_ID_RE = re.compile(r\"^\\d{4}-\\d{4}-\\d{4}-\\d{3}[\\dX]$\")\nassert ORCID_ID_RE.match(\"«orcid»\")")
B("secret_ref = {\"vault_path\": \"secret/data/crossref/deposit\", \"field\": \"password\"}", n=1)
B("auth = (cfg.user, cfg.password)  # both loaded from the environment in config.py", n=1)
B("CREATE USER 'omeka'@'%' IDENTIFIED BY '${OMEKA_DB_PASSWORD}';  -- envsubst before running", n=1)
B("placeholder_token = \"x\" * 40  # used only by the offline unit tests", n=1)
B("xsl:param name=\"apikey\" select=\"$env-apikey\"  <!-- passed in by Saxon at runtime -->", n=1)
B("handle = \"«handle»\"\nark = \"«ark»\"\nurl = f\"https://hdl.handle.net/{handle}\"")

# -- stack traces and logs --------------------------------------------------------
_BDEF = 4
B("«date» 03:1«d»:44.219 UTC [«pid»] dspace@dspace7 FATAL:  password authentication failed for user \"dspace\"", d=lambda: str(_R.randint(0, 9)))
B("ERROR 1045 (28000): Access denied for user 'koha_library'@'localhost' (using password: YES)", n=1)
B("«date» 09:12:07.41 Logon       Login failed for user 'tmsweb'. Reason: Password did not match that for the login provided. [CLIENT: «ip»]")
B("«logts» DEBUG http.client - > Authorization: Bearer [REDACTED]")
B("«logts» INFO  deposit: POST https://doi.crossref.org/servlet/deposit login_id=«login» login_passwd=****** -> 200")
B("traceparent: 00-«hex32»-«hex16»-01")
B("«logts» INFO  [req «uuid»] GET /iiif/3/«obj»/full/max/0/default.jpg 200 «ms»ms", ms=lambda: str(_R.randint(8, 900)))
B("--«date» 02:00:01--  https://harvest:*password*@oai.«inst»/oai/request?verb=Identify")
B("«hhmm»:07.118213 http.c:725  => Send header: Authorization: Basic <redacted>")
B("Looking in indexes: https://build:****@nexus.«inst»/repository/pypi-all/simple")
B("«logts» INFO  crossref: submission «d» for batch «hex32» completed: 48 succeeded, 0 failed", d=lambda: dg(10))
B("javax.net.ssl.SSLHandshakeException: PKIX path building failed: unable to find valid certification path to requested target\n\tat sun.security.ssl.Alert.createSSLException(Alert.java:131)", n=1)
B("«logts» WARN  alma: 401 INVALID_API_KEY for key l7xx****************************«tail»", tail=lambda: hx(4))
B("«logts» ERROR datacite: 401 Unauthorized {\"errors\":[{\"status\":\"401\",\"title\":\"Bad credentials.\"}]}")
B("«logts» INFO  com.zaxxer.hikari.HikariDataSource - HikariPool-1 - Start completed.")
B("«logts» DEBUG cantaloupe: derivative cache key «md5» for /iiif/3/«obj»/full/!1024,1024/0/default.jpg")
B("«ip» - - [«date»] \"GET /oai/request?verb=ListRecords&resumptionToken=oai_dc////«d» HTTP/1.1\" 200 48211", d=lambda: dg(4))
B("«logts» INFO  org.dspace.checker.CheckerCommand - bitstream «uuid» checksum «md5» MATCH")
B("«logts» INFO  archivematica: AIP «uuid» stored in location «uuid2», sha256 «sha256»")
B("«logts» INFO  ezproxy: Login.Success user=«login» ip=«ip» session=<hidden> via Shibboleth")
B("«logts» WARN  [auth] LDAP bind failed for uid=«login»: error 49 (invalidCredentials); password not logged")
B("Caused by: org.postgresql.util.PSQLException: FATAL: password authentication failed for user \"fcrepo\"\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)", n=1)
B("«logts» INFO  shibd.Listener: new session created for «entity» (attributes: eppn, affiliation)", entity=lambda: "https://idp." + _R.choice(_INST) + "/idp/shibboleth")
B("X-Amzn-Trace-Id: Root=1-«t»-«hex24»", t=lambda: hx(8), hex24=lambda: hx(24))
B("«logts» sentry: event «hex32» sent (release «sha7»)")
B("«logts» INFO  request_id=«reqid» user=«login» action=deposit doi=«doi» status=registered")
B("«logts» INFO  oclc: token refreshed, expires_in=1199 (token value not logged)")
B("cf-ray: «hex16»-LHR")
B("«logts» ERROR ojs: API request rejected: missing apiToken (send Authorization: Bearer <token>)")
B("kernel: audit: type=1400 apparmor=\"DENIED\" operation=\"open\" profile=\"cantaloupe\" name=\"/etc/shadow\" pid=«pid» comm=\"java\"")
B("«logts» INFO  vault: lease database/creds/ojs-readonly/«lease» renewed for 1h", lease=lambda: an(24))
B("«logts» WARN  SIP2 login failed for CN=selfcheck0«d» (AO=MAIN); CO field masked", d=lambda: str(_R.randint(1, 9)))
B("«logts» INFO  ingest: uploaded «obj».tif to s3://«bucket»/«date»/ (Content-MD5 «cmd5»)", cmd5=lambda: b64b(16))
B("«logts» ERROR preservica: 401 from /api/accesstoken/login for user ingest@«inst» — check credentials.properties")

# -- notes and chat -------------------------------------------------------------
_BDEF = 3
B("The Crossref deposit password is in Vault under secret/data/crossref/deposit — ask «first» for read access.")
B("I rotated the DataCite repository password yesterday; the new one is in 1Password («vault_name» vault, item 'DataCite «dataciteid»').", vault_name=c("Library Systems", "Repository", "Digital Collections"))
B("Password policy reminder: at least 14 characters, no reuse of the last 5, rotated every «d» days for service accounts.", d=c("90", "180", "365"))
B("Please don't paste tokens in #digitisation — use the secrets request form and we'll share via Bitwarden Send.", n=1)
B("DOI «doi» is now registered and findable; landing page https://repo.«inst»/handle/«handle»")
B("«person» — ORCID iD https://orcid.org/«orcid»")
B("The Alma API key is the l7xx one from the Developer Network under 'Loan sync (prod)' — ask «first» to add you.")
B("Das Passwort liegt im Passwortsafe (KeePass, Eintrag 'Koha DB «db»'), bitte nicht in den Chat kopieren.")
B("Le mot de passe a été changé ; il est dans Bitwarden (collection Bibliothèque numérique).", n=1)
B("La contraseña está en el gestor de contraseñas (carpeta Repositorio), no la pongo aquí.", n=1)
B("Het wachtwoord staat in de kluis onder 'Atlantis – collectieregistratie'.", n=1)
B("Lösenordet finns i Bitwarden under 'Omeka – utställningar'.", n=1)
B("パスワードは社内の Vault（secret/library/jairo）に保存済みです。チャットには書きません。", n=1)
B("密码已存入 Vault，路径 secret/library/koha，请自行查看。", n=1)
B("Hasło jest w menedżerze haseł (KeePassXC, grupa 'Czasopisma').", n=1)
B("«first»: what's the password for the IIIF admin endpoint?\n«first2»: check Vault (secret/iiif/admin) — not pasting it here")
B("DataCite repository ID is «dataciteid» (that's public); the password lives in Vault.")
B("Test deposit done with login_id from $CROSSREF_USER and password from $CROSSREF_PASSWORD; nothing hardcoded.", n=1)
B("ORCID token for the sandbox expired at «ts»; I requested a new one through the developer tools page.")
B("MFA is now enabled on the shared OpenAthens admin account; backup codes are in the safe in room 2.14.", n=1)
B("Passphrase guidance: four or more random words, e.g. generated by `diceware -n 5`; never reuse across systems.", n=1)
B("Decision «date»: service passwords move from the wiki page into Vault; the wiki page now only lists the Vault paths.")
B("Reminder: the EZproxy admin password was changed on «date»; update your password manager entry, not the wiki.")
B("Reset link sent to «email» — it expires in 24 hours.")
B("We store SHA-256 checksums («sha256») for every master TIFF, not MD5.")
B("FYI the «ticket» fix is in commit «sha» (includes the new Shibboleth metadata cert).")
B("«first»: the token in the screenshot is revoked already, so no harm — but please crop next time.", n=1)
B("Agent note: DB password for koha_ro is in /etc/koha-reports/.env (not read; only referenced by path).", n=1)
B("Goal: rotate the Fedora admin password via Vault and update the Islandora settings.php to read it from the environment.", n=1)
B("Training slide: 'Never email passwords. Never put them in tickets. If you did, tell us and we'll rotate.'", n=1)
B("«first»: is the wifi password for the reading room still on the poster by the door? «first2»: yes, the guest network one.")
B("Meeting notes «date»: agreed minimum password length 14, passphrases encouraged, no forced rotation for humans.")
B("IIIF manifest for «obj» is at https://iiif.«inst»/manifests/«hex32»/manifest.json")
B("The OCLC WSKey id is fine to share internally; the secret half is in Vault under secret/oclc/wskey.", n=1)
B("Heslo je uložené v trezoru (Vault), cesta secret/archiv/fedora.", n=1)
B("Il segreto del client ORCID è in Vault (secret/orcid/prod), non nel repository.", n=1)
B("A senha foi trocada e está no cofre de senhas (pasta Periódicos).", n=1)
B("Salasana on KeePassissa kohdassa 'Finna-harvesteri', älä kopioi sitä chattiin.", n=1)
B("Пароль хранится в Vault (secret/press/ftp), в чат не пишу.", n=1)
B("«first»: rotated the deposit password, old one is dead. New one is in 1Password as usual.")
B("Accession «obj» checksum verified: md5 «md5», sha256 «sha256»")
B("Shelfmark MS «d» r, folio «f»: see IIIF canvas https://iiif.«inst»/iiif/3/«hex32»/canvas/p«f»", d=lambda: str(_R.randint(1, 999)), f=lambda: str(_R.randint(1, 300)))

# -- CI and deploy ----------------------------------------------------------------
B("      env:\n        CROSSREF_PASSWORD: ${{ secrets.CROSSREF_PASSWORD }}\n        DATACITE_PASSWORD: ${{ secrets.DATACITE_PASSWORD }}", n=1)
B("    - curl -sf -u \"$DATACITE_USER:$DATACITE_PASSWORD\" -X PUT -d @doi.json https://api.datacite.org/dois/$DOI", n=1)
B("Run curl -sf -u \"***:***\" -F operation=doMDUpload -F fname=@out/batch-«n».xml https://doi.crossref.org/servlet/deposit")
B("      - uses: actions/checkout@«sha» # v4.1.«d»", d=lambda: str(_R.randint(0, 7)))
B("Cache restored from key: pip-Linux-«sha256»")
B("arn:aws:secretsmanager:eu-west-1:«awsacct»:secret:dams/prod/db-«sfx»", sfx=lambda: an(6))
B("Verification for registry.«inst»/dams/ingest@sha256:«sha256» --\nThe following checks were performed on each of these signatures:\n  - The cosign claims were validated\n  - The signatures were verified against the specified public key")
B("docker login -u \"$CI_REGISTRY_USER\" -p \"$CI_REGISTRY_PASSWORD\" \"$CI_REGISTRY\"", n=1)
B("helm upgrade --install dspace ./charts/dspace --set postgresql.auth.existingSecret=dspace-db --set ingress.host=repo.«inst»")
B("terraform apply -var-file=prod.tfvars  # db_password comes from TF_VAR_db_password in the CI variables", n=1)
B("::add-mask::$ZENODO_TOKEN", n=1)
B("Image digest: sha256:«sha256»\nPushed registry.«inst»/iiif/cantaloupe:5.0.«d»", d=lambda: str(_R.randint(1, 6)))
B("Deploy key fingerprint: SHA256:«fp» (read-only, added to «org»/iiif-manifests)")
B("{\"type\":\"library\",\"name\":\"requests\",\"version\":\"2.31.0\",\"purl\":\"pkg:pypi/requests@2.31.0\",\"hashes\":[{\"alg\":\"SHA-256\",\"content\":\"«sha256»\"}]}")
B("  password: \"{{ vault_koha_db_pass }}\"", n=1)
B("        - name: FCREPO_PASSWORD\n          valueFrom:\n            secretKeyRef: {name: fcrepo-credentials, key: FCREPO_PASSWORD}", n=1)
B("Job «n» succeeded: deployed ojs «sha7» to journals-prod (secrets injected from Vault role ci-ojs)")
B("gitleaks: no leaks found (scanned «d» commits)", d=lambda: str(_R.randint(20, 9000)))
B("pre-commit: detect-private-key.........................................Passed\ndetect-aws-credentials......................................Passed", n=1)
B("trufflehog: 0 verified secrets, «d» unverified (all test fixtures with placeholder values)", d=lambda: str(_R.randint(1, 9)))
B("secrets:\n  pg_password:\n    external: true\n  crossref_password:\n    external: true", n=1)
B("DATABASE_URL=postgres://tracker@db:5432/digitrack  # password via PGPASSFILE", n=1)
B("- name: Fetch DB password\n  run: echo \"DB_PASSWORD=$(vault kv get -field=password secret/«db»/db)\" >> \"$GITHUB_ENV\"")
B("ecs task definition: {\"name\": \"ZENODO_TOKEN\", \"valueFrom\": \"arn:aws:ssm:eu-west-1:«awsacct»:parameter/zenodo/token\"}")
B("git diff --stat «sha7»..«sha7b»\n config/application-prod.properties | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)")
B("-crossref.password=${CROSSREF_PASSWORD:}\n+crossref.password=${CROSSREF_PASSWORD}", n=1)
B("kubeseal --format yaml --cert pub-cert.pem < ojs-db.secret.yaml > ojs-db.sealed.yaml", n=1)
B("sops --encrypt --kms arn:aws:kms:eu-west-1:«awsacct»:key/«uuid» secrets/prod.yaml > secrets/prod.enc.yaml")
B("Run echo \"deploying with user ***\"\ndeploying with user ***", n=1)
B("GITHUB_SHA=«sha»\nGITHUB_RUN_ID=«d»\nGITHUB_REF=refs/heads/main", d=lambda: dg(10))
B("commit «sha»\nAuthor: «person» <«email»>\n\n    Move DataCite password to CI variables (rotated, old one revoked)")

# -- vendor-shaped look-alikes ----------------------------------------------------
_BDEF = 4
B("STRIPE_PUBLISHABLE_KEY=pk_live_51«pub»  # public, safe in the APC checkout page", pub=lambda: an(97))
B("pk_test_51«pub»", pub=lambda: an(97))
B("aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY   # values from the AWS docs", n=1)
B("GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  # replace with your own", n=1)
B("SLACK_BOT_TOKEN=xoxb-your-bot-token-here", n=1)
B("OpenAI key on file: sk-proj-\u2026«tail» (last four shown in the dashboard)", tail=lambda: an(4))
B("mapboxgl.accessToken = 'pk.«pl».«ps»'; // public token, URL-restricted to collections.«inst»", pl=lambda: _b64url_json({"u": _R.choice(["elmstead", "valcroix-maps"]), "a": "cl" + lo(23)}), ps=lambda: b64u(22))
B("<div class=\"g-recaptcha\" data-sitekey=\"6L«rk»\"></div>", rk=lambda: b64u(38))
B("gtag('config', 'G-«ga»');", ga=lambda: up(10))
B("stripe charge ch_3«ch» for customer cus_«cus» (APC invoice «n»)", ch=lambda: an(23), cus=lambda: an(14))
B("Slack channel C0«chan» in workspace T0«team»", chan=lambda: up(9), team=lambda: up(8))
B("TWILIO_ACCOUNT_SID=AC«hex32»  # account id, not a secret; the auth token is in Vault")
B("ORCID client id: APP-«appid» (public member API client)", appid=lambda: up(16))
B("ALMA_API_KEY=l7xx********************************", n=1)
B("OCLC symbol «sym», registry id «d»", sym=lambda: up(3), d=lambda: dg(5))
B("https://sketchfab.com/3d-models/«slug»-«hex32»", slug=c("carved-capital", "bronze-age-urn", "ship-figurehead", "reliquary"))
B("AZURE_TENANT_ID=«uuid»\nAZURE_SUBSCRIPTION_ID=«uuid2»")
B("client_id: «d»-«cid».apps.googleusercontent.com", d=lambda: dg(12), cid=lambda: lo(32))
B("arn:aws:iam::«awsacct»:role/cantaloupe-s3-read")
B("kms key id: «uuid»")
B("CLOUDFLARE_ZONE_ID=«hex32»")
B("Datadog trace_id=«d» span_id=«d2»", d=lambda: dg(19), d2=lambda: dg(19))
B("Crossref member «d», prefix «pfx»", d=lambda: dg(5), pfx=lambda: _R.choice(_DOIPFX))
B("acct_1«acct» (Stripe Connect account for the museum shop)", acct=lambda: an(15))
B("HF model: microsoft/trocr-base-handwritten (revision «sha»)")
B("GitHub token prefixes: ghp_ (classic), github_pat_ (fine-grained), gho_ (OAuth), ghs_ (app installation). Ours are fine-grained.", n=1)
B("Algolia application id «appid» (search-only key is injected at build time)", appid=lambda: up(10))
B("price_1«p» / prod_«q» — Annual Friends membership", p=lambda: an(23), q=lambda: an(14))
B("Europeana record id /«d»/«rid»", d=lambda: dg(4), rid=lambda: "_" + an(12))
B("Harvard Art Museums objectid «d»", d=lambda: dg(6))
B("x-api-key: <your-semantic-scholar-key>", n=1)
B("Authorization: Bearer $(gcloud auth print-access-token)", n=1)
B("X-Dataverse-key: $API_TOKEN", n=1)
B("wskey=YOUR_WSKEY&q=srw.ti%3D%22«title»%22", title=c("herbarium", "incunabula", "palimpsest"))
B("DSN: https://<public-key>@o«d».ingest.sentry.io/«d2» (see Sentry project settings)", d=lambda: dg(6), d2=lambda: dg(7))
B("xoxb-REDACTED used by #digitisation-alerts bot (rotated «date»)")
B("glpat-[REDACTED] (revoked after the leak report «ticket»)")
B("sk_live_\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022«tail»", tail=lambda: an(4))
B("AccountKey=<storage-account-key>;EndpointSuffix=core.windows.net", n=1)
B("SAS token expired at «ts»; regenerate via 'az storage container generate-sas --as-user' (no key needed)")
B("cloudinary://<api_key>:<api_secret>@elmstead-collections", n=1)
B("public key (PEM):\n-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA«pk»\n-----END PUBLIC KEY-----", pk=lambda: b64c(43) + "=")
B("-----BEGIN CERTIFICATE-----\nMIIC«c1»\n«c2»\n-----END CERTIFICATE-----", c1=lambda: b64c(60), c2=lambda: b64c(64))
B("base64 of the greeting: «b»", b=lambda: b64enc(_R.choice(["Welcome to the reading room", "Digitisation request received", "Thank you for your deposit", "Exhibition opens at ten"]) + " #" + str(_R.randint(1, 999))))
for _plain in ["page=2&set=theses", "offset=500&rows=100", "collection=maps&page=7", "after=2024-01-01T00:00:00Z"]:
    B("cursor=" + b64enc(_plain) + "  # base64 of '" + _plain + "', an opaque paging cursor", n=1)

# -- more look-alikes across contexts -------------------------------------------
B("$ echo -n 'Special Collections Reading Room' | base64\nU3BlY2lhbCBDb2xsZWN0aW9ucyBSZWFkaW5nIFJvb20=", n=1)
B("Content-Disposition: attachment; filename=\"«obj».tif\"; filename*=UTF-8''«obj».tif\nContent-MD5: «cmd5»", cmd5=lambda: b64b(16))
B("If-None-Match: \"«md5»\"")
B("Set-Cookie: ojs_lang=en_US; path=/; SameSite=Lax")
B("Cookie: cookieconsent_status=dismissed; _pk_id.«d».«h4»=«hex16».«tsn»", d=c("1", "3", "7"), h4=lambda: hx(4), tsn=lambda: str(_R.randint(1700000000, 1760000000)))
B("«logts» INFO  handle: minted «handle» for item «uuid»")
B("«logts» INFO  ark: minted «ark» for object «obj»")
B("ISBN «isbn» / ISSN «issn» / OCLC «oclcnum»")
B("035 __ |a (OCoLC)«oclcnum»\n020 __ |a «isbn»\n856 40 |u https://hdl.handle.net/«handle»")
B("«ts» folio-sync: processed 500 holdings, last hrid ho«d», instance «uuid»", d=lambda: dg(8))
B("Okapi module mod-users-19.«d».«e» enabled for tenant «tenant» (descriptor sha «sha7»)", d=lambda: str(_R.randint(0, 5)), e=lambda: str(_R.randint(0, 9)))
B("X-Okapi-Tenant: «tenant»\nX-Okapi-Token: ${OKAPI_TOKEN}\nX-Okapi-Request-Id: «d»/users", d=lambda: dg(6))
B("koha: cardnumber 2390«n» linked to borrowernumber «d»", d=lambda: dg(5))
B("Fedora resource https://fedora.«inst»/fcrepo/rest/«p1»/«p2»/«uuid» (ETag W/\"«md5»\")", p1=lambda: hx(2), p2=lambda: hx(2))
B("Omeka S item #«d» — o:id «d», resource template «t», media sha256 «sha256»", d=lambda: dg(5), t=c("Object", "Photograph", "Letter"))
B("«logts» INFO  islandora: derivative queued for node/«d» (file fid «d2», hash «sha»)", d=lambda: dg(5), d2=lambda: dg(6))
B("SAML response ID _«hex32», InResponseTo _«hex322», Issuer https://idp.«inst»/idp/shibboleth", hex322=lambda: hx(32))
B("OpenAthens organisation id «d», entity https://idp.openathens.net/saml/2/metadata-«d2»", d=lambda: dg(8), d2=lambda: dg(6))
B("EZproxy stanza:\nTitle JSTOR\nURL https://www.jstor.org\nDomain jstor.org  (no FormVariable lines — IP-authenticated)", n=1)
B("ScholarOne site «site», manuscript ID «site2»-«year»-«d».R1", site=c("jhs", "aldm-rev", "pressbury-hist"), site2=c("JHS", "ALDM", "PBH"), d=lambda: "%04d" % _R.randint(1, 2000))
B("Editorial Manager manuscript number «code»-D-«yy»-«d»", code=c("JHSR", "PBJN", "ALDM"), yy=lambda: str(_R.randint(21, 25)), d=lambda: "%05d" % _R.randint(1, 99999))
B("Crossref batch id «d»-«hex8» (doi_batch_id in the deposit XML)", d=lambda: dg(8), hex8=lambda: hx(8))
B("<doi_batch_id>«hex32»</doi_batch_id>\n<timestamp>«d»</timestamp>", d=lambda: dg(17))
B("DataCite event «uuid»: relation-type is-referenced-by, obj-id https://doi.org/«doi»")
B("«logts» INFO  ORCID webhook: record «orcid» updated (put-code «d»)", d=lambda: dg(8))
B("IIIF Presentation 3 manifest id https://iiif.«inst»/manifests/«uuid»")
B("Cantaloupe info.json cache hit: key «md5», age 412s")
B("Transkribus collection «d», document «d2», page «d3» (HTR model id «d4»)", d=lambda: dg(6), d2=lambda: dg(7), d3=lambda: str(_R.randint(1, 400)), d4=lambda: dg(5))
B("Archivematica transfer UUID «uuid» — status COMPLETE, SIP UUID «uuid2»")
B("ArchivesSpace /repositories/«r»/archival_objects/«d» (ref_id aspace_«hex32»)", r=c("2", "3", "5"), d=lambda: dg(6))
B("PREMIS fixity: messageDigestAlgorithm SHA-256, messageDigest «sha256»")
B("«logts» INFO  preservica: asset «uuid» ingested, bitstream fixity SHA512 «s512»", s512=lambda: hx(128))
B("Globus task «uuid» SUCCEEDED: 1,204 files, 3.1 TB, checksum verification on")
B("iRODS data object /tempZone/home/preservation/aip-«d»/data.tar checksum sha2:«b»", d=lambda: dg(5), b=lambda: b64b(32))
B("rclone check: 0 differences found, 18,422 matching files (hash: SHA-1)", n=1)
B("«logts» WARN  ezproxy: denied starting point URL (not in config.txt) https://www.example-vendor.com/?token=", n=1)
B("«logts» INFO  sso: SAML assertion consumed for «login» (NameID format transient, value <omitted>)")
B("Password requirements for library card holders: PIN of 4–6 digits; staff accounts use SSO.", n=1)
B("Passwörter müssen mindestens 12 Zeichen lang sein und dürfen nicht den Benutzernamen enthalten.", n=1)
B("Les mots de passe doivent comporter au moins 12 caractères, dont un chiffre.", n=1)
B("«first»: which vault path has the SFTP creds for Portico? «first2»: secret/data/press/portico — field 'password'.")
B("The shared mailbox password was removed from the wiki on «date»; see KeePass group 'Journals'.")
B("Note to self: never run `env` in the CI logs again — use `env | cut -d= -f1` to list names only.", n=1)
B("$ env | cut -d= -f1 | grep -i -E 'pass|token|key'\nOJS_DB_PASSWORD\nZENODO_TOKEN\nALMA_API_KEY", n=1)
B("$ git grep -n 'password' -- config/\nconfig/local.cfg.EXAMPLE:12:db.password = <set me>\nconfig/README.md:40:Passwords are injected by Ansible from Vault.", n=1)
B("$ grep -c login_passwd access.log\n0", n=1)
B("Session timeout set to «d» minutes for OJS editors; remember-me cookies disabled.", d=c("30", "60", "120"))
B("JSESSIONID cookie is HttpOnly and Secure on repo.«inst» since «date».")
B("CGISESSID cookie name is configurable in Koha? No — but SessionStorage can be set to memcached.", n=1)
B("Request id «uuid» failed with 403; the Alma key lacks the Users read/write permission.")
B("«logts» INFO  thumbor: unsafe URLs disabled; all URLs must be HMAC-signed (key in Vault secret/thumbor)")
B("Key-Pair-Id=K«kp» is the CloudFront public key id; the private key lives in AWS Secrets Manager.", kp=lambda: up(13))
B("Azure Storage account «acct», container masters, blob «obj».tif, Content-MD5 «cmd5»", acct=c("damsmasters", "museumimages01", "repoarchive"), cmd5=lambda: b64b(16))
B("GCS object gs://«bucket»/ocr/«obj».xml generation «d» crc32c «crc»", d=lambda: dg(16), crc=lambda: b64c(6) + "==")
B("S3 Object Lock: retention mode COMPLIANCE until «date» for «bucket»/«obj».tif, version «vid»", vid=lambda: b64u(32))
