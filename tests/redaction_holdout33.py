"""Blind hold-out corpus #33 for a secret-redaction engine.

What it is
    A test corpus of text fragments of the kind a coding agent (Claude Code,
    Codex, Gemini CLI, ...) records in its saved working state: goals, running
    notes, shell commands it ran, tool output, excerpts of files it opened,
    decisions, chat messages pasted in by teammates, log lines and CI config.
    Every fragment in SECRETS hides exactly one credential that a redaction
    engine must remove; every string in BENIGN looks "secret-ish" to a naive
    scanner (digests, ids, public keys, placeholders, masked values, prose
    about secrets, ...) but carries no credential and must be left alone.

Theme
    Academic research computing and university IT: HPC clusters (Slurm, PBS,
    environment modules, scratch storage, Globus), lab instruments and their
    vendor software (microscopes, sequencers, mass spectrometers, LIMS),
    bioinformatics, astronomy and climate pipelines, Jupyter and RStudio
    servers, research data repositories (Zenodo, Dataverse, figshare, OSF),
    ORCID and journal submission systems, conference tooling, grant portals,
    campus SSO and eduroam, student projects and course autograders, lab
    Slack and Matrix chats, handovers between PhD students and postdocs.

Provenance
    Written blind, from general knowledge only: no scanner rule set, no other
    corpus and no web search was consulted.  Where the real shape of a vendor
    credential was not known, a plausible one (prefix, alphabet, length) was
    invented.  All hosts, people, institutions and values are fictitious.

Layout
    SECRETS -- list of 5-tuples (group, format, text, secret, visible)
        group    one of: command, tool-output, config-file, source-code,
                 stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
        format   kebab-case name of the shape; each used at most 3 times
        text     the fragment as the agent would have recorded it
        secret   exact substring of text that must not survive redaction
                 (only the key body for private keys, only the signature for
                 signed URLs, only the password for user:password pairs)
        visible  substring of text that must remain readable, or ""
    BENIGN  -- list of distinct strings with no credential in them.

Determinism
    Every value is drawn at import time from random.Random(3333); importing
    the module twice yields identical lists.  Nothing is printed.

Measured
    Blind, written after every rule of the session that added it and read only after:
    recall 0.955 (1,449 of 1,517) and false positives 22 of 950 (2.3%); 0.953 and 29 (3.1%)
    with the engine at that session's start. No rule was written for its secrets; after it
    was read, a data file's name was made no token, which leaves 12 of 950 altered.
"""
import base64
import json
import random
import string

_R = random.Random(3333)

# ---------------------------------------------------------------------------
# helper functions
# ---------------------------------------------------------------------------

_UP = string.ascii_uppercase
_LO = string.ascii_lowercase
_DI = string.digits
_LET = _UP + _LO
_AN = _UP + _LO + _DI
_LAN = _LO + _DI
_UAN = _UP + _DI
_HEX = "0123456789abcdef"
_UHEX = "0123456789ABCDEF"
_B64C = _AN + "+/"
_URLC = _AN + "-_"
_B32 = _UP + "234567"


def rs(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(_HEX, n)


def uhx(n):
    return rs(_UHEX, n)


def an(n):
    return rs(_AN, n)


def lan(n):
    return rs(_LAN, n)


def dig(n):
    return str(_R.randint(1, 9)) + rs(_DI, n - 1)


def pick(seq):
    return _R.choice(seq)


def rint(a, b):
    return _R.randint(a, b)


def chance(p):
    return _R.random() < p


def sample(seq, k):
    return _R.sample(list(seq), k)


def rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def b64(nbytes):
    return base64.b64encode(rbytes(nbytes)).decode()


def b64u(nbytes, pad=False):
    s = base64.urlsafe_b64encode(rbytes(nbytes)).decode()
    return s if pad else s.rstrip("=")


def b64t(text):
    return base64.b64encode(text.encode("utf-8")).decode()


def b64ut(text):
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode().rstrip("=")


def uuid4():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def wrap(s, n=64):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


def indent(block, n):
    pad = " " * n
    return "\n".join(pad + ln if ln else ln for ln in block.split("\n"))


def pct(s):
    out = []
    for ch in s:
        if ch in _AN + "-._~":
            out.append(ch)
        else:
            out.append("%%%02X" % ord(ch))
    return "".join(out)


# --- people, places, machines ----------------------------------------------

_FIRST = ["priya", "jonas", "mei", "lukas", "ana", "kenji", "olga", "tomasz",
          "chiara", "sanne", "jiwoo", "amir", "fatima", "diego", "ingrid", "raj",
          "noah", "elena", "yusuf", "hana", "mateo", "aoife", "sven", "lin",
          "carla", "pierre", "marta", "bao", "ravi", "zoe", "tariq", "greta",
          "wei", "nadia", "felix", "ines", "oskar", "leila", "dmitri", "maya"]
_LAST = ["patel", "fischer", "chen", "novak", "silva", "tanaka", "ivanova",
         "kowalski", "rossi", "devries", "kim", "haddad", "garcia", "lindqvist",
         "okafor", "murphy", "dubois", "nguyen", "schmidt", "moreau", "sato",
         "almeida", "petrov", "costa", "olsen", "yilmaz", "horvat", "zhang",
         "mueller", "brennan", "kaur", "santos", "weber", "jansen", "ito",
         "romano", "berg", "ali", "park", "wozniak"]
_DOMS = ["ridgemont.edu", "northfield.ac.uk", "uni-altenburg.de",
         "univ-garonne.fr", "tu-nordheim.de", "lakeshore.edu", "kestrel-u.ac.jp",
         "uvl.nl", "unisierra.es", "ufsul.br", "polimare.it", "uwk.edu.pl",
         "hanbit.ac.kr", "zhongyuan-u.edu.cn", "volga-state.ru", "bayview.edu",
         "caledon.ac.uk", "eth-rhein.ch", "uni-donau.at", "vastlund.se",
         "pinecrest.edu", "harbourside.ac.nz", "mapleridge.ca", "uq-coral.edu.au"]
_CLUSTERS = ["orca", "kestrel", "borealis", "talon", "nimbus", "quokka",
             "tundra", "basalt", "lyra", "merlin", "hydra", "puma", "saguaro",
             "fjord", "andes", "juniper", "osprey", "nova", "graphite", "heron",
             "cirrus", "minerva", "atlas3", "kraken"]
_LABS = ["kowalski", "tanaka", "okafor", "devries", "lindqvist", "haddad",
         "moreau", "santos", "brennan", "ivanova", "park", "rossi", "weber"]
_DEPTS = ["phys", "chem", "bio", "astro", "cs", "geo", "neuro", "mbb", "eeb",
          "atmos", "med", "stat", "biochem", "ocean"]
_FACILITIES = ["cryo-EM facility", "genomics core", "proteomics core",
               "imaging core", "flow cytometry core", "NMR facility",
               "mass spec lab", "sequencing center", "light microscopy unit"]


def first():
    return pick(_FIRST)


def cap(s):
    return s[:1].upper() + s[1:]


def person():
    # two consecutive speakers in one fragment are never the same person
    while True:
        n = cap(first())
        if n != _CTX.get("last_person"):
            _CTX["last_person"] = n
            return n


def fullname():
    return cap(first()) + " " + cap(pick(_LAST))


def netid():
    f, l = first(), pick(_LAST)
    style = rint(0, 5)
    if style == 0:
        return f[0] + l
    if style == 1:
        return f[0] + l[0] + str(rint(10, 9999))
    if style == 2:
        return "s" + str(rint(1000000, 2999999))
    if style == 3:
        return f + "." + l
    if style == 4:
        return l[:6] + f[:2]
    return f[:2] + l[:3] + str(rint(1, 99))


_CTX = {}


def _ctx_reset():
    """Pick the institution, lab and cluster one fragment is about."""
    _CTX["dom"] = pick(_DOMS)
    _CTX["lab"] = pick(_LABS)
    _CTX["cluster"] = pick(_CLUSTERS)


def _sticky(key, pool):
    v = _CTX.get(key)
    if v is not None and _R.random() < 0.9:
        return v
    return pick(pool)


def dom():
    return _sticky("dom", _DOMS)


def email(d=None):
    return "%s.%s@%s" % (first(), pick(_LAST), d or dom())


def cluster():
    return _sticky("cluster", _CLUSTERS)


def login_host(d=None):
    return "login%d.%s.hpc.%s" % (rint(1, 4), cluster(), d or dom())


def svc_host(prefix=None, d=None):
    p = prefix or pick(["jupyter", "rstudio", "lims", "omero", "galaxy", "gitlab",
                         "wiki", "nextcloud", "grafana", "db", "pg", "mysql", "ldap",
                         "sso", "dataverse", "ckan", "redcap", "xnat", "eln"])
    return "%s.%s.%s" % (p, pick(_DEPTS), d or dom())


def ip_priv():
    k = rint(0, 2)
    if k == 0:
        return "10.%d.%d.%d" % (rint(0, 255), rint(0, 255), rint(2, 254))
    if k == 1:
        return "172.%d.%d.%d" % (rint(16, 31), rint(0, 255), rint(2, 254))
    return "192.168.%d.%d" % (rint(0, 255), rint(2, 254))


def lab():
    return _sticky("lab", _LABS)


def jobid():
    return str(rint(1200000, 48999999))


def year():
    return pick([2023, 2024, 2024, 2025])


def date():
    return "%d-%02d-%02d" % (year(), rint(1, 12), rint(1, 28))


def hms():
    return "%02d:%02d:%02d" % (rint(0, 23), rint(0, 59), rint(0, 59))


def ts():
    return "%sT%sZ" % (date(), hms())


def ts_sp():
    return "%s %s" % (date(), hms())


def ts_ms():
    return "%s %s,%03d" % (date(), hms(), rint(0, 999))


def scratch(u=None):
    return "/%s/%s" % (pick(["scratch", "scratch", "gpfs/scratch", "lustre/scratch", "work"]),
                       u or netid())


def account():
    return pick(["def-%s" % lab(), "rrg-%s-ab" % lab(), "%s-lab" % lab(),
                 "p%d" % rint(10000, 99999), "PAS%04d" % rint(1000, 3000),
                 "ac-%s" % pick(_DEPTS), "%s_%s" % (pick(_DEPTS), lab())])


def partition():
    return pick(["gpu", "gpu-a100", "standard", "long", "short", "bigmem", "debug",
                 "cpu", "h100", "interactive", "preempt"])


def gene():
    return pick(["BRCA2", "TP53", "MYC", "SOX2", "PAX6", "KRAS", "EGFR", "FOXP2",
                 "GATA4", "NOTCH1", "HOXA9", "CDK2"])


def sample_id():
    return pick(["S", "LIB", "EXP", "P"]) + str(rint(1, 999)).zfill(3)


# --- passwords ---------------------------------------------------------------

_WORDS = ["ribosome", "plasmid", "quasar", "nebula", "tensor", "gradient",
          "lattice", "photon", "isotope", "enzyme", "pipette", "glacier",
          "monsoon", "aurora", "pulsar", "helix", "cortex", "neuron", "proton",
          "zebrafish", "cryostat", "spectra", "fourier", "kepler", "hubble",
          "galaxy", "tundra", "granite", "cactus", "walrus", "pelican", "otter",
          "badger", "lantern", "compass", "anchor", "violet", "saffron", "maple",
          "willow", "thunder", "harbor", "falcon", "mango", "papaya", "banjo",
          "velvet", "marble", "copper", "cobalt", "argon", "xenon", "krypton",
          "boson", "meson", "quark", "vector", "kernel", "pixel", "voxel",
          "micron", "kelvin", "tesla", "newton", "curie", "darwin", "mendel",
          "turing", "lovelace", "noether", "planck", "raman", "fermi", "dirac",
          "axolotl", "tardigrade", "mitosis", "operon", "codon", "lysozyme",
          "cyclotron", "seismic", "stratus", "isobar", "tidepool", "fjord",
          "pinecone", "biscuit", "noodle", "paprika", "wombat", "kiwi", "lemur"]
_LANGWORDS = {
    "de": ["Sonnenblume", "Kaffeetasse", "Regenschirm", "Eichhoernchen", "Zugspitze",
           "Brezel", "Fahrrad", "Schokolade", "Wanderweg", "Kuehlschrank"],
    "fr": ["Framboise", "Papillon", "Croissant", "Tournesol", "Baguette",
           "Fromage", "Mistral", "Grenouille", "Citronnier", "Hirondelle"],
    "es": ["Mariposa", "Girasol", "Tortuga", "Aguacate", "Sandia", "Relampago",
           "Golondrina", "Naranja", "Estrella", "Murcielago"],
    "pt": ["Saudade", "Abacaxi", "Borboleta", "Jabuticaba", "Cachoeira",
           "Tartaruga", "Beijaflor", "Mandioca", "Goiaba", "Pitanga"],
    "it": ["Girasole", "Farfalla", "Limoncello", "Tramonto", "Gelato",
           "Pomodoro", "Lucertola", "Vesuvio", "Castagna", "Rondine"],
    "nl": ["Fietsbel", "Stroopwafel", "Tulpenveld", "Molenwiek", "Hagelslag",
           "Regenboog", "Kikker", "Dijkgraaf", "Zeehond", "Klompen"],
    "pl": ["Pierogi", "Wiewiorka", "Bursztyn", "Zubr", "Kasztan",
           "Bocian", "Sloneczko", "Jezioro", "Kielbasa", "Tatry"],
    "ru": ["Medved", "Berezka", "Matryoshka", "Solnyshko", "Kotenok",
           "Zvezda", "Ryabina", "Baikal", "Podsolnukh", "Vorobey"],
    "ja": ["sakura", "fujisan", "tanuki", "onigiri", "momiji", "hotaru",
           "kitsune", "ramen", "tsukimi", "yuzu"],
    "ko": ["hangang", "kimchi", "namsan", "bibimbap", "hodu", "gangnam",
           "dalgona", "tteokbokki", "jeju", "haneul"],
    "zh": ["xiongmao", "longjing", "changcheng", "mudan", "huangshan",
           "yueliang", "jiaozi", "xihu", "taishan", "moli"],
}
_SYMS = "!#%*+-.=?@^_~$&"
_SAFE_SYMS = "-._~!"
_LEET = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}


def _leet(w):
    out = []
    for ch in w:
        if ch in _LEET and chance(0.6):
            out.append(_LEET[ch])
        else:
            out.append(ch)
    return "".join(out)


def _pronounceable(n):
    cons, vow = "bcdfghjklmnprstvwz", "aeiou"
    s = []
    while len(s) < n:
        s.append(pick(cons))
        s.append(pick(vow))
    s = s[:n]
    i = rint(0, n - 1)
    s[i] = pick(_DI)
    j = rint(0, n - 1)
    s[j] = s[j].upper()
    return "".join(s)


def pw(style=None, safe=False, lang=None, nospace=True):
    """A human or generated password, at least 8 characters."""
    syms = _SAFE_SYMS if safe else _SYMS
    words = _LANGWORDS.get(lang, _WORDS) if lang else _WORDS
    while True:
        st = style or pick(["word", "word", "leet", "phrase", "gen", "gen",
                            "pron", "season", "place", "two", "caps"])
        if st == "word":
            s = cap(pick(words)) + str(rint(1, 9999)) + pick(syms)
        elif st == "leet":
            s = cap(_leet(pick(words))) + pick(syms) + str(rint(10, 99))
        elif st == "phrase":
            sep = pick(["-", ".", "_", "-"]) if nospace else pick(["-", " "])
            s = sep.join(w.lower() for w in sample(words, rint(3, 4)))
            if chance(0.5):
                s += sep + str(rint(1, 99))
        elif st == "gen":
            alpha = _AN + syms
            s = pick(_AN) + rs(alpha, rint(13, 23))
        elif st == "pron":
            s = _pronounceable(rint(10, 14))
        elif st == "season":
            season = pick(["Winter", "Summer", "Spring", "Autumn", "Fall",
                           "Sommer", "Herbst", "Invierno", "Printemps"])
            s = season + str(year()) + pick(syms)
        elif st == "place":
            s = pick(["Lab", "Rm", "Bldg", "Room"]) + str(rint(100, 999)) + pick(syms) + \
                cap(pick(words))
        elif st == "two":
            s = cap(pick(words)) + pick(syms) + cap(pick(words)) + str(rint(1, 99))
        else:
            # initials of a sentence the owner remembers, plus digits and a symbol
            letters = [pick(_LET) for _ in range(rint(6, 9))]
            pos = rint(1, len(letters) - 1)
            s = "".join(letters[:pos]) + str(rint(0, 99)) + "".join(letters[pos:]) + pick(syms)
        if safe:
            s = "".join(c for c in s if c in _AN + _SAFE_SYMS)
        if len(s) >= 8 and s not in _SEEN:
            return s


def pwg(n=None, syms=True):
    alpha = _AN + ("!#%*+-=?@^_~" if syms else "")
    return rs(alpha, n or rint(16, 28))


# --- key material ------------------------------------------------------------

def _der_rsa():
    ln = pick([0x4a2, 0x4a3, 0x4a4, 0x4a5, 0x4a6])
    head = bytes([0x30, 0x82, ln >> 8, ln & 0xff, 0x02, 0x01, 0x00,
                  0x02, 0x82, 0x01, 0x01, 0x00])
    return head + rbytes(ln + 4 - len(head))


def pem_rsa_body():
    return wrap(base64.b64encode(_der_rsa()).decode(), 64)


def pem_pkcs8_body():
    rsa = _der_rsa()
    n = len(rsa)
    octet = bytes([0x04, 0x82, n >> 8, n & 0xff]) + rsa
    inner = bytes([0x02, 0x01, 0x00]) + bytes.fromhex("300d06092a864886f70d0101010500") + octet
    m = len(inner)
    der = bytes([0x30, 0x82, m >> 8, m & 0xff]) + inner
    return wrap(base64.b64encode(der).decode(), 64)


def pem_ec_body():
    der = (bytes.fromhex("30770201010420") + rbytes(32) +
           bytes.fromhex("a00a06082a8648ce3d030107a144034200") + b"\x04" + rbytes(64))
    return wrap(base64.b64encode(der).decode(), 64)


def _sshstr(b):
    return len(b).to_bytes(4, "big") + b


def _ed25519_pub_blob():
    return _sshstr(b"ssh-ed25519") + _sshstr(rbytes(32))


def ssh_pub_ed25519(comment):
    return "ssh-ed25519 %s %s" % (base64.b64encode(_ed25519_pub_blob()).decode(), comment)


def ssh_pub_rsa(comment):
    blob = _sshstr(b"ssh-rsa") + _sshstr(b"\x01\x00\x01") + _sshstr(b"\x00" + rbytes(384))
    return "ssh-rsa %s %s" % (base64.b64encode(blob).decode(), comment)


def openssh_ed25519_body(comment="user@host"):
    pub = rbytes(32)
    pubblob = _sshstr(b"ssh-ed25519") + _sshstr(pub)
    chk = rbytes(4)
    priv = (chk + chk + _sshstr(b"ssh-ed25519") + _sshstr(pub) +
            _sshstr(rbytes(32) + pub) + _sshstr(comment.encode()))
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = (b"openssh-key-v1\x00" + _sshstr(b"none") + _sshstr(b"none") + _sshstr(b"") +
            (1).to_bytes(4, "big") + _sshstr(pubblob) + _sshstr(priv))
    return wrap(base64.b64encode(blob).decode(), 70)


def openssh_rsa_body():
    pubblob = _sshstr(b"ssh-rsa") + _sshstr(b"\x01\x00\x01") + _sshstr(b"\x00" + rbytes(384))
    priv = rbytes(1640)
    blob = (b"openssh-key-v1\x00" + _sshstr(b"none") + _sshstr(b"none") + _sshstr(b"") +
            (1).to_bytes(4, "big") + _sshstr(pubblob) + _sshstr(priv))
    return wrap(base64.b64encode(blob).decode(), 70)


def pgp_private_body():
    data = b"\x95\x03\xc6\x04" + rbytes(rint(900, 1000))
    return wrap(base64.b64encode(data).decode(), 64)


def wg_key():
    return b64(32)


def jwt(payload, alg="HS256", sig=32, kid=None):
    head = {"alg": alg, "typ": "JWT"}
    if kid:
        head["kid"] = kid
    h = b64ut(json.dumps(head, separators=(",", ":")))
    p = b64ut(json.dumps(payload, separators=(",", ":")))
    return h + "." + p + "." + b64u(sig)


def epoch():
    return rint(1690000000, 1760000000)


def akid(prefix="AKIA"):
    return prefix + rs(_UP + "234567", 16)


def aws_secret():
    return rs(_AN + "/+", 40)


def totp_seed(n=32):
    return rs(_B32, n)


def django_key():
    return "django-insecure-" + rs(_LAN + "!@#$%^&*(-_=+)", 50)


# --- registry ------------------------------------------------------------

_SEEN = set()
_TEMPLATES = []


def tpl(group, fmt, n=3):
    """Register a hand-written template producing (text, secret, visible)."""
    def deco(fn):
        _TEMPLATES.append((group, fmt, fn, n))
        return fn
    return deco


def _emit(group, fmt, fn, n, out):
    for _ in range(n):
        for _try in range(60):
            _ctx_reset()
            text, sec, vis = fn()
            if (sec in text and len(sec) >= 8 and sec not in _SEEN and
                    (not vis or (vis in text and vis not in sec and sec not in vis))):
                break
        else:
            raise ValueError("cannot build " + fmt)
        _SEEN.add(sec)
        out.append((group, fmt, text, sec, vis))


# ---------------------------------------------------------------------------
# vendor credential kinds (shape generators)
# ---------------------------------------------------------------------------

_KINDS = []


def K(slug, label, env, gen, url=None, auth=None, cfg="token"):
    _KINDS.append({"slug": slug, "label": label, "env": env, "gen": gen,
                   "url": url, "auth": auth, "cfg": cfg})


def _slack_bot():
    return "xoxb-%s-%s-%s" % (dig(rint(11, 13)), dig(13), an(24))


def _slack_user():
    return "xoxp-%s-%s-%s-%s" % (dig(12), dig(12), dig(13), hx(32))


def _slack_app():
    return "xapp-1-A%s-%s-%s" % (rs(_UAN, 10), dig(13), hx(64))


def _openai():
    return "sk-proj-" + rs(_URLC, 74) + "T3BlbkFJ" + rs(_URLC, 74)


def _anthropic():
    return "sk-ant-api03-" + rs(_URLC, 93) + "AA"


def _telegram():
    return "%d:AA%s" % (rint(500000000, 7999999999), rs(_URLC, 33))


def _discord():
    uid = str(rint(10 ** 17, 10 ** 18 * 2))
    return b64ut(uid) + "." + rs(_URLC, 6) + "." + rs(_URLC, 38)


def _matrix():
    user = pick(["labbot", "ci-notify", "%s" % first(), "hpc-alerts", "sequencer"])
    return "syt_" + b64ut(user) + "_" + an(20) + "_" + an(6)


def _seqera():
    return b64t('{"tid": %d}' % rint(1000, 99999)).rstrip("=") + "." + hx(40)


def _synapse():
    return jwt({"access": {"scope": ["view", "download", "modify"], "oidc_claims": {}},
                "token_type": "PERSONAL_ACCESS_TOKEN", "iss": "https://repo-prod.prod.sagebase.org/auth/v1",
                "aud": "0", "nbf": epoch(), "iat": epoch(), "jti": str(rint(1000, 99999)),
                "sub": str(rint(3000000, 3600000))}, alg="RS256", sig=256, kid=rs(_UAN, 4) + ":" + rs(_UAN, 4))


def _ckan():
    return jwt({"jti": b64u(40), "iat": epoch()})


def _earthdata():
    return jwt({"type": "User", "uid": netid(), "exp": epoch(), "iat": epoch(),
                "iss": "https://urs.earthdata.nasa.gov", "identity_provider": "edl_ops",
                "acr": "edl", "assurance_level": 3}, alg="RS256", sig=256, kid="edljwtpubkey_ops")


def _cesium():
    return jwt({"jti": uuid4(), "id": rint(10000, 300000), "iat": epoch()})


def _mapbox_sk():
    return "sk." + b64ut('{"u":"%s","a":"cl%s"}' % (netid().replace(".", ""), lan(23))) + "." + rs(_URLC, 22)


def _neptune():
    return b64t(json.dumps({"api_address": "https://app.neptune.ai",
                            "api_url": "https://app.neptune.ai",
                            "api_key": uuid4()}, separators=(",", ":")))


def _azure_secret():
    return rs(_AN, 3) + pick(_DI) + "Q~" + rs(_AN + "_.~-", 34)


def _pypi():
    return "pypi-AgEIcHlwaS5vcmc" + rs(_URLC, rint(140, 170))


def _twitter():
    return "AAAAAAAAAAAAAAAAAAAAA" + an(30) + "%3D" + an(50)


def _asana():
    return "2/%s/%s:%s" % (dig(16), dig(16), hx(32))


def _age():
    return "AGE-SECRET-KEY-1" + rs("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)


def _mailgun():
    if chance(0.5):
        return "key-" + hx(32)
    return "%s-%s-%s" % (hx(32), hx(8), hx(8))


K("github-classic-pat", "GitHub token", "GITHUB_TOKEN", lambda: "ghp_" + an(36),
  "https://api.github.com/repos/%s-lab/pipeline/actions/runs" % lab(), "bearer")
K("github-fine-grained-pat", "fine-grained GitHub PAT", "GH_TOKEN",
  lambda: "github_pat_" + an(22) + "_" + an(59),
  "https://api.github.com/orgs/%s-lab/repos" % lab(), "bearer")
K("github-oauth-token", "gh CLI oauth token", "GH_OAUTH_TOKEN", lambda: "gho_" + an(36),
  "https://api.github.com/user", "token")
K("github-app-installation-token", "installation token", "GITHUB_APP_TOKEN",
  lambda: "ghs_" + an(36), "https://api.github.com/installation/repositories", "bearer")
K("gitlab-personal-token", "GitLab token", "GITLAB_TOKEN", lambda: "glpat-" + rs(_URLC, 20),
  "https://gitlab.%s/api/v4/projects?membership=true" % dom(), ("hdr", "PRIVATE-TOKEN"))
K("gitlab-runner-auth-token", "runner token", "RUNNER_TOKEN", lambda: "glrt-" + rs(_URLC, 20),
  None, None)
K("gitlab-deploy-token", "deploy token", "CI_DEPLOY_PASSWORD", lambda: "gldt-" + rs(_URLC, 20),
  None, None, "password")
K("slack-bot-token", "Slack bot token", "SLACK_BOT_TOKEN", _slack_bot,
  "https://slack.com/api/chat.postMessage", "bearer")
K("slack-user-token", "Slack user token", "SLACK_USER_TOKEN", _slack_user,
  "https://slack.com/api/conversations.history", "bearer")
K("slack-app-level-token", "socket-mode app token", "SLACK_APP_TOKEN", _slack_app, None, None)
K("openai-project-key", "OpenAI key", "OPENAI_API_KEY", _openai,
  "https://api.openai.com/v1/models", "bearer", "api_key")
K("anthropic-api-key", "Anthropic key", "ANTHROPIC_API_KEY", _anthropic,
  "https://api.anthropic.com/v1/messages", ("hdr", "x-api-key"), "api_key")
K("huggingface-token", "HF token", "HF_TOKEN", lambda: "hf_" + rs(_LET, 34),
  "https://huggingface.co/api/whoami-v2", "bearer")
K("wandb-api-key", "wandb key", "WANDB_API_KEY", lambda: hx(40), None, None, "api_key")
K("kaggle-api-key", "Kaggle key", "KAGGLE_KEY", lambda: hx(32), None, None, "key")
K("zenodo-personal-token", "Zenodo token", "ZENODO_TOKEN", lambda: an(60),
  "https://zenodo.org/api/deposit/depositions?size=5", "bearer", "access_token")
K("zenodo-sandbox-token", "sandbox Zenodo token", "ZENODO_SANDBOX_TOKEN", lambda: an(60),
  "https://sandbox.zenodo.org/api/deposit/depositions", ("q", "access_token"), "access_token")
K("figshare-personal-token", "figshare token", "FIGSHARE_TOKEN", lambda: hx(128),
  "https://api.figshare.com/v2/account/articles", "token")
K("dataverse-api-token", "Dataverse API token", "DATAVERSE_API_TOKEN", uuid4,
  "https://dataverse.%s/api/dataverses/%s/contents" % (dom(), lab()), ("hdr", "X-Dataverse-key"),
  "api_token")
K("osf-personal-token", "OSF token", "OSF_TOKEN", lambda: an(70),
  "https://api.osf.io/v2/users/me/", "bearer")
K("orcid-client-secret", "ORCID client secret", "ORCID_CLIENT_SECRET", uuid4, None, None,
  "client_secret")
K("orcid-member-access-token", "ORCID member API token", "ORCID_ACCESS_TOKEN", uuid4,
  "https://api.orcid.org/v3.0/0000-0002-%04d-%04d/works" % (rint(1000, 9999), rint(1000, 9999)),
  "bearer", "access_token")
K("globus-client-secret", "Globus client secret", "GLOBUS_CLIENT_SECRET", lambda: b64(32), None,
  None, "client_secret")
K("globus-transfer-token", "Globus transfer token", "GLOBUS_TRANSFER_TOKEN",
  lambda: "Ag" + an(rint(46, 52)), "https://transfer.api.globus.org/v0.10/task_list?limit=5",
  "bearer", "transfer_token")
K("ncbi-eutils-key", "NCBI key", "NCBI_API_KEY", lambda: hx(36),
  "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi?db=pubmed&term=%s" % gene(),
  ("q", "api_key"), "api_key")
K("elsevier-scopus-key", "Scopus API key", "ELSEVIER_API_KEY", lambda: hx(32),
  "https://api.elsevier.com/content/search/scopus?query=AU-ID(%d)" % rint(10 ** 9, 10 ** 10),
  ("hdr", "X-ELS-APIKey"), "api_key")
K("semantic-scholar-key", "S2 API key", "S2_API_KEY", lambda: an(40),
  "https://api.semanticscholar.org/graph/v1/paper/search?query=cryo-em", ("hdr", "x-api-key"),
  "api_key")
K("overleaf-git-token", "Overleaf git token", "OVERLEAF_TOKEN", lambda: "olp_" + an(36), None,
  None)
K("canvas-lms-token", "Canvas token", "CANVAS_API_TOKEN",
  lambda: "%d~%s" % (rint(1000, 25000), an(64)),
  "https://canvas.%s/api/v1/courses?enrollment_type=teacher" % dom(), "bearer")
K("moodle-webservice-token", "Moodle WS token", "MOODLE_WSTOKEN", lambda: hx(32),
  "https://moodle.%s/webservice/rest/server.php?wsfunction=core_course_get_courses&moodlewsrestformat=json" % dom(),
  ("q", "wstoken"), "wstoken")
K("redcap-api-token", "REDCap token", "REDCAP_API_TOKEN", lambda: uhx(32), None, None,
  "api_token")
K("qualtrics-api-token", "Qualtrics token", "QUALTRICS_API_TOKEN", lambda: an(40),
  "https://%s.qualtrics.com/API/v3/surveys" % pick(["ca1", "iad1", "fra1", "syd1"]),
  ("hdr", "X-API-TOKEN"), "api_token")
K("npm-automation-token", "npm token", "NPM_TOKEN", lambda: "npm_" + an(36), None, None,
  "_authToken")
K("pypi-upload-token", "PyPI token", "PYPI_API_TOKEN", _pypi, None, None, "password")
K("dockerhub-pat", "Docker Hub PAT", "DOCKERHUB_TOKEN", lambda: "dckr_pat_" + rs(_URLC, 27),
  None, None, "password")
K("quay-robot-token", "quay robot token", "QUAY_ROBOT_TOKEN", lambda: rs(_UAN, 64), None,
  None, "password")
K("vault-service-token", "Vault token", "VAULT_TOKEN", lambda: "hvs.CAESI" + rs(_URLC, 82),
  "https://vault.%s:8200/v1/secret/data/hpc" % dom(), ("hdr", "X-Vault-Token"))
K("terraform-cloud-token", "TFC token", "TFE_TOKEN",
  lambda: an(14) + ".atlasv1." + an(67),
  "https://app.terraform.io/api/v2/organizations", "bearer")
K("digitalocean-token", "DO token", "DIGITALOCEAN_TOKEN", lambda: "dop_v1_" + hx(64),
  "https://api.digitalocean.com/v2/droplets", "bearer")
K("datadog-api-key", "Datadog API key", "DD_API_KEY", lambda: hx(32),
  "https://api.datadoghq.eu/api/v1/validate", ("hdr", "DD-API-KEY"), "api_key")
K("grafana-service-account-token", "Grafana SA token", "GRAFANA_TOKEN",
  lambda: "glsa_" + an(32) + "_" + hx(8),
  "https://grafana.%s/api/dashboards/uid/slurm-overview" % dom(), "bearer")
K("sendgrid-api-key", "SendGrid key", "SENDGRID_API_KEY",
  lambda: "SG." + rs(_URLC, 22) + "." + rs(_URLC, 43),
  "https://api.sendgrid.com/v3/mail/send", "bearer", "api_key")
K("mailgun-api-key", "Mailgun key", "MAILGUN_API_KEY", _mailgun, None, None, "api_key")
K("twilio-auth-token", "Twilio auth token", "TWILIO_AUTH_TOKEN", lambda: hx(32), None, None,
  "auth_token")
K("telegram-bot-token", "Telegram bot token", "TELEGRAM_BOT_TOKEN", _telegram, None, None,
  "bot_token")
K("discord-bot-token", "Discord bot token", "DISCORD_TOKEN", _discord, None, None,
  "bot_token")
K("matrix-access-token", "Matrix access token", "MATRIX_ACCESS_TOKEN", _matrix,
  "https://matrix.%s/_matrix/client/v3/account/whoami" % dom(), "bearer", "access_token")
K("jupyter-server-token", "Jupyter token", "JUPYTER_TOKEN", lambda: hx(48), None, None)
K("jupyterhub-api-token", "JupyterHub API token", "JUPYTERHUB_API_TOKEN", lambda: hx(32),
  "https://hub.%s/hub/api/users" % dom(), "token", "api_token")
K("posit-connect-api-key", "Connect API key", "CONNECT_API_KEY", lambda: an(32),
  "https://connect.%s/__api__/v1/content" % dom(), ("pfx", "Authorization: Key "), "api_key")
K("seqera-platform-token", "Tower token", "TOWER_ACCESS_TOKEN", _seqera,
  "https://api.cloud.seqera.io/workflow?workspaceId=%d" % rint(10 ** 13, 10 ** 14), "bearer",
  "accessToken")
K("benchling-api-key", "Benchling key", "BENCHLING_API_KEY", lambda: "sk_" + an(32),
  "https://%s.benchling.com/api/v2/dna-sequences" % lab(), ("basic", ""), "api_key")
K("basespace-access-token", "BaseSpace token", "BASESPACE_ACCESS_TOKEN", lambda: hx(32),
  "https://api.basespace.illumina.com/v1pre3/users/current/runs", ("hdr", "x-access-token"),
  "accessToken")
K("labkey-api-key", "LabKey API key", "LABKEY_API_KEY", lambda: "apikey|" + hx(32),
  "https://panorama.%s/labkey/query/getQuery.api?schemaName=targetedms" % dom(),
  ("hdr", "apikey"), "api_key")
K("galaxy-api-key", "Galaxy key", "GALAXY_API_KEY", lambda: hx(32),
  "https://usegalaxy.%s/api/histories" % pick(["eu", "org", "org.au"]), ("hdr", "x-api-key"),
  "api_key")
K("dnanexus-api-token", "DNAnexus token", "DX_API_TOKEN", lambda: an(32), None, None)
K("sevenbridges-auth-token", "SB auth token", "SB_AUTH_TOKEN", lambda: hx(32),
  "https://cgc-api.sbgenomics.com/v2/projects", ("hdr", "X-SBG-Auth-Token"), "auth_token")
K("synapse-personal-token", "Synapse PAT", "SYNAPSE_AUTH_TOKEN", _synapse,
  "https://repo-prod.prod.sagebase.org/repo/v1/userProfile", "bearer", "authtoken")
K("ckan-api-token", "CKAN token", "CKAN_API_TOKEN", _ckan,
  "https://data.%s/api/3/action/package_create" % dom(), ("pfx", "Authorization: "), "api_token")
K("nasa-ads-token", "ADS token", "ADS_API_TOKEN", lambda: an(40),
  "https://api.adsabs.harvard.edu/v1/search/query?q=author:%%22%s%%22" % cap(pick(_LAST)),
  "bearer")
K("mast-api-token", "MAST token", "MAST_API_TOKEN", lambda: hx(32), None, None)
K("copernicus-cds-key", "CDS API key", "CDSAPI_KEY", uuid4, None, None, "key")
K("ecmwf-api-key", "ECMWF key", "ECMWF_API_KEY", lambda: hx(32), None, None, "key")
K("earthdata-bearer-token", "Earthdata token", "EARTHDATA_TOKEN", _earthdata,
  "https://cmr.earthdata.nasa.gov/search/granules.json?short_name=MOD11A1", "bearer")
K("noaa-cdo-token", "NOAA CDO token", "NOAA_CDO_TOKEN", lambda: rs(_LET, 32),
  "https://www.ncei.noaa.gov/cdo-web/api/v2/datasets", ("hdr", "token"))
K("planet-api-key", "Planet key", "PL_API_KEY", lambda: "PLAK" + hx(32),
  "https://api.planet.com/data/v1/searches", ("basic", ""), "api_key")
K("mapbox-secret-token", "Mapbox secret token", "MAPBOX_SECRET_TOKEN", _mapbox_sk, None, None)
K("cesium-ion-token", "Cesium ion token", "CESIUM_ION_TOKEN", _cesium,
  "https://api.cesium.com/v1/assets", "bearer", "access_token")
K("openweathermap-key", "OpenWeather key", "OWM_API_KEY", lambda: hx(32),
  "https://api.openweathermap.org/data/2.5/weather?q=Bergen", ("q", "appid"), "appid")
K("google-api-key", "Google API key", "GOOGLE_API_KEY", lambda: "AIza" + rs(_URLC, 35),
  "https://www.googleapis.com/youtube/v3/search?part=snippet&q=seminar", ("q", "key"), "api_key")
K("google-oauth-client-secret", "OAuth client secret", "GOOGLE_CLIENT_SECRET",
  lambda: "GOCSPX-" + rs(_URLC, 28), None, None, "client_secret")
K("azure-ad-client-secret", "Entra app secret", "AZURE_CLIENT_SECRET", _azure_secret, None,
  None, "client_secret")
K("azure-storage-account-key", "storage account key", "AZURE_STORAGE_KEY", lambda: b64(64),
  None, None, "account_key")
K("backblaze-application-key", "B2 application key", "B2_APPLICATION_KEY",
  lambda: "K005" + rs(_AN + "/+", 27), None, None, "application_key")
K("minio-secret-key", "MinIO secret key", "MINIO_SECRET_KEY", lambda: an(40), None, None,
  "secret_key")
K("openstack-app-credential-secret", "app credential secret",
  "OS_APPLICATION_CREDENTIAL_SECRET", lambda: rs(_URLC, 86), None, None,
  "application_credential_secret")
K("influxdb-token", "InfluxDB token", "INFLUX_TOKEN", lambda: b64(64),
  "https://influx.%s/api/v2/buckets" % dom(), "token")
K("tailscale-auth-key", "tailscale auth key", "TS_AUTHKEY",
  lambda: "tskey-auth-" + an(11) + "CNTRL-" + an(33), None, None, "authkey")
K("ngrok-authtoken", "ngrok authtoken", "NGROK_AUTHTOKEN",
  lambda: str(rint(2, 2)) + an(26) + "_" + an(21), None, None, "authtoken")
K("cloudflare-api-token", "Cloudflare token", "CLOUDFLARE_API_TOKEN", lambda: rs(_URLC, 40),
  "https://api.cloudflare.com/client/v4/user/tokens/verify", "bearer")
K("netlify-access-token", "Netlify token", "NETLIFY_AUTH_TOKEN", lambda: "nfp_" + an(36),
  "https://api.netlify.com/api/v1/sites", "bearer")
K("sentry-user-token", "Sentry auth token", "SENTRY_AUTH_TOKEN", lambda: "sntryu_" + hx(64),
  "https://sentry.io/api/0/projects/", "bearer", "auth_token")
K("sonarcloud-token", "Sonar token", "SONAR_TOKEN", lambda: "sqp_" + hx(40), None, None)
K("codecov-upload-token", "Codecov token", "CODECOV_TOKEN", uuid4, None, None)
K("readthedocs-api-token", "RTD token", "RTD_TOKEN", lambda: hx(40),
  "https://readthedocs.org/api/v3/projects/", "token")
K("zotero-api-key", "Zotero key", "ZOTERO_API_KEY", lambda: an(24),
  "https://api.zotero.org/groups/%d/items?limit=25" % rint(100000, 5999999),
  ("hdr", "Zotero-API-Key"), "api_key")
K("notion-integration-secret", "Notion integration secret", "NOTION_TOKEN",
  lambda: "secret_" + an(43), "https://api.notion.com/v1/databases/%s/query" % hx(32), "bearer")
K("notion-ntn-token", "Notion token", "NOTION_API_KEY", lambda: "ntn_" + dig(12) + an(34),
  "https://api.notion.com/v1/search", "bearer")
K("airtable-pat", "Airtable PAT", "AIRTABLE_TOKEN", lambda: "pat" + an(14) + "." + hx(64),
  "https://api.airtable.com/v0/app%s/Samples" % an(14), "bearer")
K("asana-pat", "Asana PAT", "ASANA_TOKEN", _asana, "https://app.asana.com/api/1.0/users/me",
  "bearer")
K("linear-api-key", "Linear key", "LINEAR_API_KEY", lambda: "lin_api_" + an(40),
  "https://api.linear.app/graphql", ("pfx", "Authorization: "), "api_key")
K("trello-token", "Trello token", "TRELLO_TOKEN", lambda: "ATTA" + hx(64) + uhx(8), None, None)
K("atlassian-api-token", "Atlassian API token", "JIRA_API_TOKEN",
  lambda: "ATATT3xFfGF0" + rs(_URLC, 180) + "=" + uhx(8), None, None, "api_token")
K("okta-api-token", "Okta token", "OKTA_API_TOKEN", lambda: "00" + rs(_URLC, 40),
  "https://%s.okta.com/api/v1/users?limit=10" % pick(["ridgemont", "bayview", "pinecrest"]),
  ("pfx", "Authorization: SSWS "))
K("duo-secret-key", "Duo skey", "DUO_SKEY", lambda: an(40), None, None, "skey")
K("groq-api-key", "Groq key", "GROQ_API_KEY", lambda: "gsk_" + an(52),
  "https://api.groq.com/openai/v1/models", "bearer", "api_key")
K("replicate-api-token", "Replicate token", "REPLICATE_API_TOKEN", lambda: "r8_" + an(37),
  "https://api.replicate.com/v1/predictions", "bearer")
K("langsmith-api-key", "LangSmith key", "LANGSMITH_API_KEY",
  lambda: "lsv2_pt_" + hx(32) + "_" + hx(10), None, None, "api_key")
K("comet-ml-api-key", "Comet key", "COMET_API_KEY", lambda: an(25), None, None, "api_key")
K("neptune-api-token", "Neptune token", "NEPTUNE_API_TOKEN", _neptune, None, None,
  "api_token")
K("clearml-secret-key", "ClearML secret", "CLEARML_API_SECRET_KEY", lambda: an(50), None, None,
  "secret_key")
K("spotify-client-secret", "Spotify client secret", "SPOTIFY_CLIENT_SECRET", lambda: hx(32),
  None, None, "client_secret")
K("twitter-bearer-token", "X bearer token", "TWITTER_BEARER_TOKEN", _twitter,
  "https://api.twitter.com/2/tweets/search/recent?query=%23AAS243", "bearer")
K("riot-api-key", "Riot key", "RIOT_API_KEY", lambda: "RGAPI-" + uuid4(),
  "https://euw1.api.riotgames.com/lol/status/v4/platform-data", ("hdr", "X-Riot-Token"))
K("stripe-live-secret-key", "Stripe secret key", "STRIPE_SECRET_KEY",
  lambda: "sk_live_51" + an(97), "https://api.stripe.com/v1/charges?limit=3", ("basic", ""),
  "secret_key")
K("postman-api-key", "Postman key", "POSTMAN_API_KEY",
  lambda: "PMAK-" + hx(24) + "-" + hx(34), "https://api.getpostman.com/collections",
  ("hdr", "X-Api-Key"), "api_key")
K("age-secret-key", "age identity", "SOPS_AGE_KEY", _age, None, None, "key")
K("fernet-key", "Fernet key", "FERNET_KEY", lambda: b64u(32, pad=True), None, None, "fernet_key")
K("django-secret-key", "Django SECRET_KEY", "DJANGO_SECRET_KEY", django_key, None, None,
  "secret_key")
K("hotcrp-api-token", "HotCRP token", "HOTCRP_TOKEN", lambda: "hct_" + an(40),
  "https://%s%d.hotcrp.com/api/paper?q=" % (pick(["icml", "sosp", "eurosys", "chi", "pldi"]), year()),
  "bearer")
K("elabftw-api-key", "eLabFTW key", "ELAB_API_KEY", lambda: "%d-%s" % (rint(1, 40), hx(84)),
  "https://elab.%s/api/v2/experiments" % dom(), ("pfx", "Authorization: "), "api_key")
K("protocols-io-token", "protocols.io token", "PROTOCOLS_IO_TOKEN", lambda: hx(64),
  "https://www.protocols.io/api/v3/session/protocols", "bearer")
K("xnat-alias-secret", "XNAT alias token secret", "XNAT_SECRET", lambda: an(64), None, None,
  "secret")
K("box-developer-token", "Box dev token", "BOX_DEVELOPER_TOKEN", lambda: an(32),
  "https://api.box.com/2.0/folders/0/items", "bearer")
K("dropbox-short-lived-token", "Dropbox token", "DROPBOX_TOKEN",
  lambda: "sl.B" + rs(_URLC, 134), "https://api.dropboxapi.com/2/files/list_folder", "bearer")
K("slack-signing-secret", "Slack signing secret", "SLACK_SIGNING_SECRET", lambda: hx(32), None,
  None, "signing_secret")
K("render-api-key", "Render key", "RENDER_API_KEY", lambda: "rnd_" + an(32),
  "https://api.render.com/v1/services", "bearer")
K("supabase-access-token", "Supabase token", "SUPABASE_ACCESS_TOKEN", lambda: "sbp_" + hx(40),
  "https://api.supabase.com/v1/projects", "bearer")
K("mistral-api-key", "Mistral key", "MISTRAL_API_KEY", lambda: an(32),
  "https://api.mistral.ai/v1/models", "bearer", "api_key")
K("deepseek-api-key", "DeepSeek key", "DEEPSEEK_API_KEY", lambda: "sk-" + hx(32),
  "https://api.deepseek.com/models", "bearer", "api_key")
K("pinecone-api-key", "Pinecone key", "PINECONE_API_KEY",
  lambda: "pcsk_" + an(5) + "_" + an(63), None, None, "api_key")


def _kind_auth_curl(k, tok):
    """Return a curl command line using the kind's auth style."""
    a = k["auth"]
    url = k["url"]
    if a == "bearer":
        return 'curl -sS -H "Authorization: Bearer %s" "%s"' % (tok, url)
    if a == "token":
        return 'curl -s -H "Authorization: token %s" %s' % (tok, url)
    if a[0] == "hdr":
        return 'curl -s -H "%s: %s" "%s"' % (a[1], tok, url)
    if a[0] == "pfx":
        return "curl -s -H '%s%s' '%s'" % (a[1], tok, url)
    if a[0] == "q":
        sep = "&" if "?" in url else "?"
        return 'curl -s "%s%s%s=%s"' % (url, sep, a[1], tok)
    if a[0] == "basic":
        return "curl -s -u %s: %s" % (tok, url)
    raise ValueError(a)


def _kind_header_line(k, tok):
    a = k["auth"]
    if a == "bearer":
        return "Authorization: Bearer " + tok
    if a == "token":
        return "Authorization: token " + tok
    if a[0] == "hdr":
        return "%s: %s" % (a[1], tok)
    if a[0] == "pfx":
        return a[1] + tok
    return None


# ---------------------------------------------------------------------------
# builders: vendor-token group (shape is the main clue)
# ---------------------------------------------------------------------------

def _svc(k):
    return k["slug"].split("-")[0]


def _vt_contexts(k, tok):
    svc = _svc(k)
    lab_ = lab()
    opts = []
    opts.append(("%s\n" % tok, ""))
    opts.append(("new %s for the %s-lab account (created %s, 90 days):\n%s" %
                 (k["label"], lab_, date(), tok), "%s-lab" % lab_))
    opts.append(('{"%s": "%s", "created_at": "%s", "owner": "%s"}' %
                 (k["cfg"], tok, ts(), netid()), '"owner"'))
    opts.append(("%s=%s" % (k["env"], tok), k["env"]))
    opts.append(("%s  # %s, scope: read/write, owner %s" % (tok, svc, email()), "scope: read/write"))
    opts.append(("- %s: `%s`" % (k["label"], tok), k["label"]))
    opts.append(("%s:\n  %s: %s\n" % (svc, k["cfg"], tok), svc + ":"))
    opts.append(("token (copy now, it won't be shown again)\n\n    %s\n" % tok,
                 "it won't be shown again"))
    opts.append(("%s -> %s" % (pick(["lab bot", "CI", "my laptop", "the sync job", "cron on %s" % cluster()]),
                               tok), "->"))
    opts.append(('%s_client = connect(%s="%s")' % (svc, k["cfg"], tok), "%s_client" % svc))
    hl = _kind_header_line(k, tok) if k["auth"] else None
    if hl:
        opts.append(("> %s\n> Accept: application/json" % hl, "Accept: application/json"))
    if k["auth"] and k["auth"][0] == "q":
        url = k["url"] + ("&" if "?" in k["url"] else "?") + "%s=%s" % (k["auth"][1], tok)
        opts.append((url, k["url"].split("/")[2]))
    return opts


def _build_vendor(out):
    for k in _KINDS:
        n = 2 if chance(0.68) else 1
        used = set()

        def fn(k=k, used=used):
            tok = k["gen"]()
            opts = _vt_contexts(k, tok)
            while True:
                i = rint(0, len(opts) - 1)
                if i not in used or len(used) >= len(opts):
                    break
            used.add(i)
            text, vis = opts[i]
            return text, tok, vis
        _emit("vendor-token", k["slug"], fn, n, out)


# ---------------------------------------------------------------------------
# builders: carriers x kinds (one shape per combination)
# ---------------------------------------------------------------------------

def _noise_env():
    return pick([
        "SLURM_ACCOUNT=%s" % account(),
        "DATA_ROOT=%s/data" % scratch(),
        "LOG_LEVEL=%s" % pick(["info", "debug", "warning"]),
        "TZ=%s" % pick(["Europe/Berlin", "America/Chicago", "Asia/Tokyo", "Europe/London",
                        "America/Sao_Paulo", "Europe/Warsaw"]),
        "OMP_NUM_THREADS=%d" % pick([1, 4, 8, 16]),
        "PROJECT_NAME=%s-%s" % (lab(), pick(["rnaseq", "lightsheet", "cmip6", "tess-lc", "md-sims",
                                             "cryoem", "metagenomics", "fmri"])),
        "HPC_USER=%s" % netid(),
        "CONDA_ENV=%s" % pick(["py311", "bioinfo", "astro", "torch2", "r43"]),
        "OUTPUT_DIR=/projects/%s/results" % lab(),
        "NXF_WORK=%s/nxf-work" % scratch(),
        "MPLBACKEND=Agg",
        "DEBUG=false",
        "MAX_WORKERS=%d" % rint(2, 32),
        "CACHE_DIR=/tmp/%s-cache" % lab(),
    ])


def _noise_envs(n):
    seen, out = set(), []
    while len(out) < n:
        line = _noise_env()
        key = line.split("=")[0]
        if key not in seen:
            seen.add(key)
            out.append(line)
    return out


def _script_for(k):
    svc = _svc(k)
    return pick(["scripts/sync_%s.py" % svc, "tools/%s_upload.py" % svc, "bin/%s-report" % svc,
                 "notebooks/export_%s.py" % svc, "pipeline/publish.py --target %s" % svc])


def c_dotenv(k):
    tok = k["gen"]()
    lines = _noise_envs(rint(2, 5))
    lines.insert(rint(0, len(lines)), "%s=%s" % (k["env"], tok))
    head = pick(["# .env -- local only, gitignored (I hope)", "# %s/.env" % lab(), "", "### dev settings"])
    return (head + "\n" if head else "") + "\n".join(lines), tok, k["env"]


def c_yaml(k):
    tok = k["gen"]()
    svc = _svc(k)
    text = "# config/%s.yaml\n%s:\n  enabled: true\n  %s: %s\n  timeout_s: %d\nstorage:\n  root: %s\n" % (
        pick(["pipeline", "settings", "deploy", lab()]), svc, k["cfg"],
        pick([tok, '"%s"' % tok, "'%s'" % tok]), pick([10, 30, 60]), scratch())
    return text, tok, "timeout_s"


def c_toml(k):
    tok = k["gen"]()
    svc = _svc(k)
    text = '[tool.%s]\n%s = "%s"\nretries = %d\n\n[paths]\nraw = "/projects/%s/raw"\n' % (
        svc, k["cfg"], tok, rint(1, 5), lab())
    return text, tok, "[tool.%s]" % svc


def c_json(k):
    tok = k["gen"]()
    svc = _svc(k)
    obj = {"name": "%s-%s" % (lab(), svc), "%s" % svc: {k["cfg"]: tok, "verify": True},
           "output": "/projects/%s/out" % lab()}
    return json.dumps(obj, indent=pick([2, 4])), tok, '"verify"'


def c_ini(k):
    tok = k["gen"]()
    svc = _svc(k)
    text = "[%s]\nurl = %s\n%s = %s\n\n[general]\nuser = %s\n" % (
        svc, (k["url"] or "https://%s.%s" % (svc, dom())).split("?")[0], k["cfg"], tok, netid())
    return text, tok, "[general]"


def c_gha_env(k):
    tok = k["gen"]()
    text = ("name: %s\non:\n  schedule:\n    - cron: '%d 3 * * *'\njobs:\n  run:\n    runs-on: ubuntu-latest\n"
            "    env:\n      %s: %s\n    steps:\n      - uses: actions/checkout@v4\n"
            "      - run: python %s\n") % (pick(["nightly-sync", "publish", "weekly-report", "mirror"]),
                                           rint(0, 59), k["env"], tok, _script_for(k))
    return text, tok, "actions/checkout@v4"


def c_gitlab_var(k):
    tok = k["gen"]()
    text = ("variables:\n  GIT_DEPTH: \"10\"\n  %s: \"%s\"\n\n%s:\n  stage: deploy\n  image: python:3.11\n"
            "  script:\n    - pip install -r requirements.txt\n    - python %s\n") % (
        k["env"], tok, pick(["publish", "sync", "report"]), _script_for(k))
    return text, tok, "stage: deploy"


def c_k8s_secret(k):
    tok = k["gen"]()
    name = "%s-%s" % (_svc(k), pick(["creds", "token", "api", "secret"]))
    text = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\n  namespace: %s\ntype: Opaque\n"
            "stringData:\n  %s: \"%s\"\n") % (name, pick(["jupyterhub", "lab-apps", "research", "ci"]),
                                              k["env"].lower().replace("_", "-"), tok)
    return text, tok, name


def c_compose(k):
    tok = k["gen"]()
    svc = _svc(k)
    text = ("services:\n  %s-worker:\n    image: ghcr.io/%s-lab/%s-worker:%s\n    restart: unless-stopped\n"
            "    environment:\n      - %s\n      - %s=%s\n    volumes:\n      - /data/%s:/data\n") % (
        svc, lab(), svc, pick(["latest", "1.4.2", "main"]), _noise_env(), k["env"], tok, lab())
    return text, tok, "%s-worker" % svc


def c_dockerfile(k):
    tok = k["gen"]()
    text = ("FROM python:3.11-slim\nWORKDIR /app\nCOPY requirements.txt .\nRUN pip install --no-cache-dir -r requirements.txt\n"
            "ENV %s=%s\nCOPY . .\nCMD [\"python\", \"%s\"]\n") % (k["env"], tok, _script_for(k).split()[0])
    return text, tok, "FROM python:3.11-slim"


def c_export_run(k):
    tok = k["gen"]()
    text = "export %s=%s\npython %s --since %s" % (k["env"], tok, _script_for(k), date())
    return text, tok, "export %s" % k["env"]


def c_inline_env(k):
    tok = k["gen"]()
    text = "%s=%s %s" % (k["env"], tok, pick([
        "python %s" % _script_for(k),
        "sbatch --export=ALL jobs/%s.sbatch" % _svc(k),
        "nextflow run main.nf -profile %s" % cluster(),
        "snakemake --cores 8 publish_all",
        "Rscript analysis/fetch.R"]))
    return text, tok, k["env"]


def c_curl(k):
    tok = k["gen"]()
    return _kind_auth_curl(k, tok), tok, k["url"].split("/")[2]


def c_docker_run(k):
    tok = k["gen"]()
    svc = _svc(k)
    text = "docker run --rm -e %s=%s -v $PWD/data:/data ghcr.io/%s-lab/%s-tools:%s %s" % (
        k["env"], tok, lab(), svc, pick(["0.3.1", "latest", "dev"]), pick(["sync", "upload", "report --all"]))
    return text, tok, "docker run"


def c_env_grep(k):
    tok = k["gen"]()
    svc = _svc(k)
    lines = _noise_envs(rint(1, 3))
    lines.insert(rint(0, len(lines)), "%s=%s" % (k["env"], tok))
    text = "$ env | grep -iE '%s|%s'\n%s" % (svc, lines[0].split("=")[0].lower(), "\n".join(lines))
    return text, tok, "env | grep"


def c_systemctl_show(k):
    tok = k["gen"]()
    unit = "%s-sync.service" % _svc(k)
    text = "$ systemctl show %s -p Environment\nEnvironment=%s %s=%s HOME=/var/lib/%s" % (
        unit, _noise_env(), k["env"], tok, _svc(k))
    return text, tok, unit


def c_cat_token_file(k):
    tok = k["gen"]()
    path = pick(["~/.config/%s/token" % _svc(k), "~/.%s_token" % _svc(k), "~/secrets/%s.txt" % _svc(k),
                 "/etc/%s/api.key" % _svc(k)])
    text = "$ cat %s\n%s\n$ ls -l %s\n-rw-r--r-- 1 %s %s %d %s %s" % (
        path, tok, path, netid(), pick(["users", "staff", "domain users"]), len(tok) + 1,
        pick(["Mar", "Apr", "Oct", "Nov"]), rint(1, 28))
    return text, tok, "$ cat %s" % path


def c_kubectl_decoded(k):
    tok = k["gen"]()
    name = "%s-creds" % _svc(k)
    key = k["cfg"].lower().replace("_", "-")
    text = "$ kubectl -n %s get secret %s -o jsonpath='{.data.%s}' | base64 -d\n%s" % (
        pick(["jhub", "research-apps", "pipelines"]), name, key, tok)
    return text, tok, name


def c_py_const(k):
    tok = k["gen"]()
    svc = _svc(k)
    text = ('"""Helpers for talking to %s."""\nimport os\nimport requests\n\n'
            '%s = os.environ.get("%s", "%s")\nBASE = "%s"\n') % (
        svc, k["env"], k["env"], tok, (k["url"] or "https://%s.%s" % (svc, dom())).split("?")[0])
    return text, tok, "import requests"


def c_r_setenv(k):
    tok = k["gen"]()
    text = '# run once per session\nSys.setenv(%s = "%s")\nlibrary(httr2)\nres <- request("%s") |> req_perform()' % (
        k["env"], tok, (k["url"] or "https://%s.%s/api" % (_svc(k), dom())).split("?")[0])
    return text, tok, "library(httr2)"


def c_js_config(k):
    tok = k["gen"]()
    svc = _svc(k)
    text = "// config.js\nmodule.exports = {\n  %s: {\n    %s: '%s',\n    retries: 3,\n  },\n  port: %d,\n};" % (
        svc, k["cfg"].replace("_", ""), tok, pick([3000, 8080, 5173]))
    return text, tok, "module.exports"


def c_ipynb_cell(k):
    tok = k["gen"]()
    cell = {"cell_type": "code", "execution_count": rint(1, 40), "metadata": {}, "outputs": [],
            "source": ["import os\n", "os.environ[\"%s\"] = \"%s\"\n" % (k["env"], tok),
                       "client = %s_client()\n" % _svc(k)]}
    return json.dumps(cell, indent=1), tok, '"cell_type"'


def c_sh_script(k):
    tok = k["gen"]()
    text = "#!/usr/bin/env bash\nset -euo pipefail\n%s=\"%s\"\nexport %s\nmodule load python/3.11\npython %s \"$@\"" % (
        k["env"], tok, k["env"], _script_for(k))
    return text, tok, "set -euo pipefail"


def c_log_http_debug(k):
    tok = k["gen"]()
    url = k["url"]
    host = url.split("/")[2]
    path = "/" + url.split("/", 3)[3] if url.count("/") >= 3 else "/"
    hl = _kind_header_line(k, tok)
    if hl is None:
        sep = "&" if "?" in path else "?"
        if k["auth"][0] == "q":
            path = path + sep + "%s=%s" % (k["auth"][1], tok)
            hl = "Accept: */*"
        else:
            hl = "Authorization: Basic " + b64t(tok + ":")
            tok = hl.split()[-1]
    text = ("DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): %s:443\n"
            "send: b'GET %s HTTP/1.1\\r\\nHost: %s\\r\\nUser-Agent: python-requests/2.31.0\\r\\n%s\\r\\n\\r\\n'\n"
            "reply: 'HTTP/1.1 %s'") % (host, path, host, hl, pick(["200 OK", "401 Unauthorized", "403 Forbidden", "429 Too Many Requests"]))
    return text, tok, "DEBUG:urllib3.connectionpool"


def c_log_env_dump(k):
    tok = k["gen"]()
    env = {}
    for line in _noise_envs(3):
        a, b = line.split("=", 1)
        env[a] = b
    env[k["env"]] = tok
    text = "%s INFO  [runner] job %s starting with environment %r" % (ts_ms(), jobid(), env)
    return text, tok, "[runner]"


def c_traceback_locals(k):
    tok = k["gen"]()
    svc = _svc(k)
    text = ("Traceback (most recent call last):\n  File \"/home/%s/%s/%s\", line %d, in main\n"
            "    resp = session.get(url, timeout=30)\n    %s = '%s'\n    url = '%s'\n"
            "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='%s', port=443): Max retries exceeded") % (
        netid(), lab(), _script_for(k).split()[0], rint(20, 300), k["cfg"], tok,
        (k["url"] or "https://%s.%s/api" % (svc, dom())).split("?")[0],
        (k["url"] or "https://%s.%s/api" % (svc, dom())).split("/")[2])
    return text, tok, "Max retries exceeded"


def c_log_config_dump(k):
    tok = k["gen"]()
    svc = _svc(k)
    text = "[%s] worker-%d | loaded settings: %s.endpoint=%s %s.%s=%s %s.timeout=30" % (
        ts(), rint(1, 8), svc, (k["url"] or "https://%s.%s" % (svc, dom())).split("?")[0], svc, k["cfg"], tok, svc)
    return text, tok, "loaded settings"


def c_chat_paste(k):
    tok = k["gen"]()
    who = person()
    text = "[%s] %s: %s for the pipeline -> %s\n[%s] %s: thx, will put it in the vault later" % (
        hms()[:5], who, pick(["new %s" % k["label"], "here's the %s" % k["label"], "rotated the %s" % k["label"]]),
        tok, hms()[:5], person())
    return text, tok, who + ":"


def c_handover_line(k):
    tok = k["gen"]()
    text = "## Handover (%s -> %s)\n- cluster account: %s on %s\n- %s: %s\n- renew before %s" % (
        person(), person(), netid(), cluster(), k["label"], tok, date())
    return text, tok, "## Handover"


def c_todo_rotate(k):
    tok = k["gen"]()
    text = "TODO: rotate the %s after the %s deadline (currently %s, shared with %s)" % (
        k["label"], pick(["ERC", "NSF", "NeurIPS", "thesis", "DFG", "camera-ready"]), tok, person())
    return text, tok, "TODO: rotate"


_CARRIERS = [
    ("config-file", "dotenv", c_dotenv, False),
    ("config-file", "yaml-config", c_yaml, False),
    ("config-file", "toml-config", c_toml, False),
    ("config-file", "json-config", c_json, False),
    ("config-file", "ini-config", c_ini, False),
    ("ci-and-deploy", "gha-env", c_gha_env, False),
    ("ci-and-deploy", "gitlab-ci-var", c_gitlab_var, False),
    ("ci-and-deploy", "k8s-secret", c_k8s_secret, False),
    ("ci-and-deploy", "compose-env", c_compose, False),
    ("ci-and-deploy", "dockerfile-env", c_dockerfile, False),
    ("command", "export-run", c_export_run, False),
    ("command", "inline-env", c_inline_env, False),
    ("command", "curl", c_curl, True),
    ("command", "docker-run-env", c_docker_run, False),
    ("tool-output", "env-grep", c_env_grep, False),
    ("tool-output", "systemctl-env", c_systemctl_show, False),
    ("tool-output", "cat-token-file", c_cat_token_file, False),
    ("tool-output", "kubectl-decoded", c_kubectl_decoded, False),
    ("source-code", "py-module", c_py_const, False),
    ("source-code", "r-setenv", c_r_setenv, False),
    ("source-code", "js-config", c_js_config, False),
    ("source-code", "ipynb-cell", c_ipynb_cell, False),
    ("source-code", "bash-script", c_sh_script, False),
    ("stack-trace-or-log", "http-debug-log", c_log_http_debug, True),
    ("stack-trace-or-log", "env-dump-log", c_log_env_dump, False),
    ("stack-trace-or-log", "traceback-locals", c_traceback_locals, False),
    ("stack-trace-or-log", "settings-dump-log", c_log_config_dump, False),
    ("note-or-chat", "chat-paste", c_chat_paste, False),
    ("note-or-chat", "handover-line", c_handover_line, False),
    ("note-or-chat", "todo-rotate", c_todo_rotate, False),
]


def _build_combos(out, per_kind=3):
    gcount = {}
    for k in _KINDS:
        ok = [c for c in _CARRIERS if (k["auth"] or not c[3])]
        # prefer groups that are still thin so the spread stays even
        ok.sort(key=lambda c: (gcount.get(c[0], 0), _R.random()))
        chosen = []
        groups = set()
        for c in ok:
            if c[0] in groups:
                continue
            chosen.append(c)
            groups.add(c[0])
            if len(chosen) == per_kind:
                break
        for g, name, fn, _h in chosen:
            gcount[g] = gcount.get(g, 0) + 1
            _emit(g, "%s-%s" % (name, k["slug"]), lambda fn=fn, k=k: fn(k), 1, out)


# ---------------------------------------------------------------------------
# hand-written templates: command
# ---------------------------------------------------------------------------

def _dbname():
    return pick(["limsdb", "redcap", "omero", "galaxy", "sampletrack", "xdmod", "slurm_acct_db",
                 "booking", "elab", "seqrun", "instruments", "grades", "coursedb", "mlflow"])


def _dbuser():
    return pick(["lims_ro", "lims_rw", "redcap_app", "omero", "galaxy", "svc_%s" % lab(), "grader",
                 "root", "postgres", "analysis", "seqcore", "reporting", "xdmod", "slurm"])


@tpl("command", "mysql-inline-p-quoted")
def _():
    p = pw()
    u = _dbuser()
    h = svc_host("db")
    t = "mysql -h %s -u %s -p'%s' %s -e \"SELECT COUNT(*) FROM samples WHERE received >= '%s';\"" % (
        h, u, p, _dbname(), date())
    return t, p, h


@tpl("command", "pgpassword-env-psql")
def _():
    p = pw()
    h = svc_host("pg")
    t = "PGPASSWORD='%s' psql -h %s -U %s -d %s -c '\\dt+ public.*'" % (p, h, _dbuser(), _dbname())
    return t, p, h


@tpl("command", "psql-uri-argument")
def _():
    p = pw(safe=True)
    u = _dbuser()
    h = svc_host("pg")
    t = 'psql "postgresql://%s:%s@%s:5432/%s?sslmode=require" -f migrations/%03d_add_run_table.sql' % (
        u, p, h, _dbname(), rint(1, 40))
    return t, p, u


@tpl("command", "sshpass-rsync-dtn")
def _():
    p = pw()
    u = netid()
    h = "dtn%d.%s" % (rint(1, 3), dom())
    t = "sshpass -p '%s' rsync -avP --partial /mnt/instrument/%s/ %s@%s:/projects/%s/raw/%s/" % (
        p, pick(["krios", "novaseq", "orbitrap", "lightsheet", "confocal"]), u, h, lab(), date())
    return t, p, h


@tpl("command", "smbclient-user-percent-pass")
def _():
    p = pw()
    u = "svc_" + pick(["scope", "imaging", "qe", "ms", "seq", "flow"])
    h = "nas%02d.%s" % (rint(1, 9), dom())
    t = "smbclient //%s/%s -U '%s\\%s%%%s' -c 'prompt OFF; recurse ON; cd %s; mget *'" % (
        h, pick(["microscopy", "massspec", "Instruments", "Facility"]), pick(["AD", "UNI", "CAMPUS"]), u, p,
        date().replace("-", ""))
    return t, p, u


@tpl("command", "mount-cifs-password-option")
def _():
    p = pw()
    u = "svc_" + pick(["krios", "glacios", "zeiss", "leica", "nikon", "thermo"])
    t = "sudo mount -t cifs //%s/Data /mnt/%s -o username=%s,password=%s,domain=%s,vers=3.0,uid=$(id -u)" % (
        pick(["SCOPE-PC-%02d" % rint(1, 9), "instrument-pc.%s" % dom(), ip_priv()]), u.split("_")[1], u, p,
        pick(["LAB", "AD", "FACILITY"]))
    return t, p, u


@tpl("command", "git-clone-oauth2-token-url")
def _():
    tok = "glpat-" + rs(_URLC, 20)
    h = "gitlab." + dom()
    t = "git clone https://oauth2:%s@%s/%s-lab/%s.git && cd %s" % (
        tok, h, lab(), pick(["pipelines", "thesis", "analysis", "instrument-control"]),
        pick(["pipelines", "thesis", "analysis", "instrument-control"]))
    return t, tok, h


@tpl("command", "git-remote-set-url-user-pat")
def _():
    tok = "ghp_" + an(36)
    u = netid().replace(".", "-")
    t = "git remote set-url origin https://%s:%s@github.com/%s-lab/%s.git\ngit push origin main" % (
        u, tok, lab(), pick(["paper-figures", "scrnaseq", "tess-pipeline", "course-site"]))
    return t, tok, "git push origin main"


@tpl("command", "docker-login-p-flag")
def _():
    tok = rs(_UAN, 64)
    r = "registry.%s" % dom()
    t = "docker login %s -u 'robot$%s+ci' -p %s" % (r, lab(), tok)
    return t, tok, r


@tpl("command", "echo-pipe-docker-login-stdin")
def _():
    tok = "ghp_" + an(36)
    u = netid().replace(".", "")
    t = "echo \"%s\" | docker login ghcr.io -u %s --password-stdin" % (tok, u)
    return t, tok, "ghcr.io"


@tpl("command", "htpasswd-batch-create")
def _():
    p = pw()
    u = pick(["reviewer", "collab", "guest", "pi", "viewer"])
    t = "sudo htpasswd -bc /etc/nginx/.htpasswd-%s %s '%s'" % (pick(["figures", "dashboard", "mlflow", "shiny"]), u, p)
    return t, p, "/etc/nginx/"


@tpl("command", "wget-user-password-flags")
def _():
    p = pw()
    u = netid()
    t = "wget --user=%s --password='%s' -r -np -nH --cut-dirs=3 https://data.%s/restricted/%s/" % (
        u, p, dom(), pick(["era5-subset", "cohort2", "survey-wave4", "tess-s58"]))
    return t, p, "--user=%s" % u


@tpl("command", "curl-u-user-colon-pass")
def _():
    p = pw(safe=True)
    u = pick(["admin", "api", netid(), "facility"])
    h = svc_host(pick(["lims", "ppms", "booking", "omero"]))
    t = "curl -s -u %s:%s https://%s/api/v1/%s | jq '.[0]'" % (u, p, h, pick(["bookings", "samples", "instruments"]))
    return t, p, h


@tpl("command", "lftp-user-comma-pass-ncbi")
def _():
    p = rs(_AN, 12)
    t = "lftp -u subftp,%s ftp-private.ncbi.nlm.nih.gov -e 'cd uploads/%s_%s; mirror -R sra_batch_%02d; bye'" % (
        p, email().split("@")[0], rs(_LAN, 8), rint(1, 20))
    return t, p, "ftp-private.ncbi.nlm.nih.gov"


@tpl("command", "sbatch-export-db-pass")
def _():
    p = pw()
    t = "sbatch --account=%s --partition=%s --export=ALL,DB_HOST=%s,DB_PASS=%s jobs/ingest_runs.sbatch" % (
        account(), partition(), svc_host("db"), p)
    return t, p, "jobs/ingest_runs.sbatch"


@tpl("command", "jupyter-lab-token-flag")
def _():
    tok = hx(48)
    port = rint(8800, 9999)
    t = "srun --pty -p %s --time=04:00:00 jupyter lab --no-browser --ip=0.0.0.0 --port=%d --ServerApp.token=%s" % (
        partition(), port, tok)
    return t, tok, "--port=%d" % port


@tpl("command", "apptainer-rserver-password-env")
def _():
    p = pw()
    t = ("export PASSWORD='%s'\napptainer exec --bind %s:/home/rstudio rocker-rstudio_4.3.sif \\\n"
         "  rserver --www-port %d --auth-none=0 --auth-pam-helper-path=pam-helper") % (p, scratch(), rint(8700, 8999))
    return t, p, "rocker-rstudio_4.3.sif"


@tpl("command", "kubectl-create-secret-from-literal")
def _():
    p = pw()
    name = pick(["omero-db", "redcap-db", "jhub-postgres", "mlflow-db", "lims-db"])
    t = "kubectl -n %s create secret generic %s --from-literal=username=%s --from-literal=password='%s'" % (
        pick(["research", "jhub", "lims"]), name, _dbuser(), p)
    return t, p, name


@tpl("command", "7z-archive-password")
def _():
    p = pw()
    t = "7z a -t7z -p'%s' -mhe=on %s_export_%s.7z exports/%s/" % (
        p, pick(["redcap", "cohort", "interviews", "patient"]), date(), pick(["deidentified", "raw", "wave3"]))
    return t, p, "-mhe=on"


@tpl("command", "zip-encrypt-dash-p")
def _():
    p = pw()
    t = "zip -r -P %s exam_%s_solutions.zip solutions/ rubric.pdf" % (p, pick(["midterm", "final", "retake"]))
    return t, p, "rubric.pdf"


@tpl("command", "openssl-enc-pass-pass")
def _():
    p = pw()
    t = "tar czf - consent_forms/ | openssl enc -aes-256-cbc -pbkdf2 -salt -pass pass:%s -out consent_%s.tgz.enc" % (
        p, date())
    return t, p, "consent_forms/"


@tpl("command", "gpg-batch-symmetric-passphrase")
def _():
    p = pw(style="phrase")
    t = "gpg --batch --yes --pinentry-mode loopback --passphrase '%s' -c interviews_%d.tar" % (p, year())
    return t, p, "--pinentry-mode loopback"


@tpl("command", "redis-cli-auth-a")
def _():
    p = pwg(32, syms=False)
    h = svc_host("redis")
    t = "redis-cli -h %s -p 6379 -a %s --no-auth-warning LLEN celery" % (h, p)
    return t, p, h


@tpl("command", "mongosh-srv-uri")
def _():
    p = pw(safe=True)
    u = pick(["student", "app", "team%d" % rint(1, 40), netid().replace(".", "")])
    t = 'mongosh "mongodb+srv://%s:%s@cluster0.%s.mongodb.net/%s" --eval "db.readings.countDocuments()"' % (
        u, p, lan(5), pick(["sensors", "project", "capstone"]))
    return t, p, u + ":"


@tpl("command", "ldapsearch-bind-w")
def _():
    p = pw()
    d = dom()
    base = ",".join("dc=" + x for x in d.split("."))
    t = "ldapsearch -x -H ldaps://ldap.%s -D \"uid=svc-hpc,ou=services,%s\" -w '%s' -b \"ou=people,%s\" \"(uid=%s)\" memberOf" % (
        d, base, p, base, netid())
    return t, p, "ldaps://ldap.%s" % d


@tpl("command", "keytool-storepass")
def _():
    p = pw()
    t = "keytool -importkeystore -srckeystore shib-sp.p12 -srcstoretype PKCS12 -destkeystore idp.jks -srcstorepass %s -deststorepass %s" % (
        p, p)
    return t, p, "keytool -importkeystore"


@tpl("command", "aws-configure-set-secret")
def _():
    s = aws_secret()
    t = "aws configure set aws_access_key_id %s --profile ceph-%s\naws configure set aws_secret_access_key %s --profile ceph-%s" % (
        akid(), lab(), s, lab())
    return t, s, "aws configure set"


@tpl("command", "mc-alias-set-positional")
def _():
    ak = rs(_UAN, 20)
    sk = an(40)
    h = "s3.%s" % dom()
    t = "mc alias set labs3 https://%s %s %s --api S3v4\nmc ls labs3/%s-raw" % (h, ak, sk, lab())
    return t, sk, h


@tpl("command", "rclone-config-create-b2")
def _():
    key = "K005" + rs(_AN + "/+", 27)
    t = "rclone config create b2-%s b2 account 005%s key %s hard_delete false" % (lab(), hx(22), key)
    return t, key, "rclone config create"


@tpl("command", "s3cmd-inline-keys")
def _():
    sk = aws_secret()
    t = "s3cmd --access_key=%s --secret_key=%s --host=s3.%s --host-bucket= sync ./renders/ s3://%s-public/" % (
        akid(), sk, dom(), lab())
    return t, sk, "s3cmd"


@tpl("command", "globus-cli-client-creds-env")
def _():
    s = b64(32)
    t = ("GLOBUS_CLI_CLIENT_ID=%s GLOBUS_CLI_CLIENT_SECRET='%s' \\\n  globus transfer %s:/~/staging/ %s:/projects/%s/ --recursive --label \"nightly %s\"") % (
        uuid4(), s, uuid4(), uuid4(), lab(), date())
    return t, s, "globus transfer"


@tpl("command", "gh-auth-login-herestring")
def _():
    tok = "ghp_" + an(36)
    t = "gh auth login --hostname github.com --with-token <<< '%s'" % tok
    return t, tok, "gh auth login"


@tpl("command", "twine-upload-token-p")
def _():
    tok = _pypi()
    t = "python -m build && twine upload -u __token__ -p %s dist/%s-%d.%d.%d*" % (
        tok, pick(["labtools", "pyscopeio", "fastqc_parse", "astro_lc"]), rint(0, 2), rint(0, 20), rint(0, 9))
    return t, tok, "twine upload"


@tpl("command", "npm-config-set-authtoken")
def _():
    tok = "npm_" + an(36)
    t = "npm config set //registry.npmjs.org/:_authToken %s && npm publish --access public" % tok
    return t, tok, "npm publish"


@tpl("command", "pip-index-url-basic-creds")
def _():
    p = pw(safe=True)
    u = pick(["ci", "deploy", netid()])
    h = "nexus.%s" % dom()
    t = "pip install --index-url https://%s:%s@%s/repository/pypi-lab/simple/ %s==%d.%d" % (
        u, p, h, pick(["labtools", "scopeio", "lims-client"]), rint(0, 3), rint(0, 12))
    return t, p, h


@tpl("command", "conda-install-token-channel")
def _():
    tok = rs(_LO, 2) + "-" + uuid4()
    t = "conda install -c https://conda.anaconda.org/t/%s/%s-private %s" % (tok, lab(), pick(["scopekit", "tomo-tools", "cryo-utils"]))
    return t, tok, "conda install"


@tpl("command", "echo-pipe-iinit")
def _():
    p = pw()
    t = "echo '%s' | iinit\nils /%sZone/home/%s" % (p, pick(["tempZone", "rdm", "lab"]), netid())
    return t, p, "iinit"


@tpl("command", "echo-pipe-kinit")
def _():
    p = pw()
    u = netid()
    realm = dom().upper()
    t = "echo '%s' | kinit %s@%s && klist" % (p, u, realm)
    return t, p, "%s@%s" % (u, realm)


@tpl("command", "echo-pipe-sudo-stdin")
def _():
    p = pw()
    t = "echo '%s' | sudo -S systemctl restart %s" % (p, pick(["slurmctld", "slurmdbd", "jupyterhub", "rstudio-server", "omero-server"]))
    return t, p, "sudo -S"


@tpl("command", "nmcli-eduroam-8021x")
def _():
    p = pw()
    u = "%s@%s" % (netid(), dom())
    t = ("nmcli connection add type wifi con-name eduroam ifname wlan0 ssid eduroam -- \\\n"
         "  wifi-sec.key-mgmt wpa-eap 802-1x.eap peap 802-1x.phase2-auth mschapv2 \\\n"
         "  802-1x.identity '%s' 802-1x.password '%s'") % (u, p)
    return t, p, u


@tpl("command", "nmcli-wifi-connect-password")
def _():
    p = pw()
    ssid = pick(["LabNet-5G", "Cryo-Instruments", "MS-Lab", "Greenhouse-IoT", "Obs-Dome"])
    t = "nmcli dev wifi connect '%s' password '%s'" % (ssid, p)
    return t, p, ssid


@tpl("command", "openconnect-passwd-on-stdin")
def _():
    p = pw()
    u = netid()
    t = "echo '%s' | sudo openconnect --protocol=anyconnect --user=%s --passwd-on-stdin vpn.%s" % (p, u, dom())
    return t, p, "--user=%s" % u


@tpl("command", "mysqldump-password-equals")
def _():
    p = pw()
    t = "mysqldump -u root --password=%s --single-transaction redcap | gzip > /backup/redcap_%s.sql.gz" % (
        p, date())
    return t, p, "--single-transaction"


@tpl("command", "pg-dump-libpq-keywords")
def _():
    p = pw()
    h = svc_host("pg")
    t = "pg_dump \"host=%s port=5432 user=%s password=%s dbname=%s\" -Fc -f /backup/%s.dump" % (
        h, _dbuser(), p, _dbname(), date())
    return t, p, h


@tpl("command", "sqlcmd-sa-password")
def _():
    p = pw()
    t = "sqlcmd -S %s\\SQLEXPRESS -U sa -P '%s' -Q \"SELECT TOP 10 * FROM AcquisitionQueue ORDER BY Created DESC\"" % (
        pick(["MS-QE-01", "ORBITRAP-PC", "FLOW-ARIA", "HPLC-02"]), p)
    return t, p, "SQLEXPRESS"


@tpl("command", "net-use-windows-share")
def _():
    p = pw()
    u = "FACILITY\\%s" % pick(["msuser", "scopeuser", "acq", "operator"])
    t = "net use Z: \\\\nas01.%s\\instruments /user:%s %s /persistent:no" % (dom(), u, p)
    return t, p, u


@tpl("command", "cmdkey-add-pass")
def _():
    p = pw()
    h = "fs%02d.%s" % (rint(1, 9), dom())
    t = "cmdkey /add:%s /user:CAMPUS\\%s /pass:%s" % (h, netid().replace(".", ""), p)
    return t, p, h


@tpl("command", "psexec-remote-admin")
def _():
    p = pw()
    t = "psexec \\\\%s -u .\\Administrator -p %s cmd /c \"sc stop XcaliburService\"" % (
        pick(["MS-QE-01", "ORBI-LUMOS", "TIMSTOF-PC"]), p)
    return t, p, "Administrator"


@tpl("command", "xfreerdp-instrument-pc")
def _():
    p = pw()
    u = pick(["zeiss", "leica", "operator", "nikon", "acq"])
    t = "xfreerdp /v:%s /u:%s /p:'%s' /dynamic-resolution +clipboard /drive:scratch,%s" % (
        pick(["scope-pc-%02d.%s" % (rint(1, 9), dom()), ip_priv()]), u, p, scratch())
    return t, p, "/u:%s" % u


@tpl("command", "ipmitool-lanplus-password")
def _():
    p = pw()
    node = "%s%03d-bmc" % (pick(["cn", "gpu", "node", "c"]), rint(1, 400))
    t = "ipmitool -I lanplus -H %s -U ADMIN -P '%s' chassis power cycle" % (node, p)
    return t, p, node


@tpl("command", "snmpwalk-community")
def _():
    c = pick(["r3ad", "mon", "lab", "hpc"]) + rs(_AN, rint(8, 12))
    h = "pdu-%s-%02d" % (pick(["r1", "r2", "rack4", "a7"]), rint(1, 20))
    t = "snmpwalk -v2c -c %s %s 1.3.6.1.4.1.318.1.1.12.2.3.1.1.2" % (c, h)
    return t, c, h


@tpl("command", "python-c-osf-token")
def _():
    tok = an(70)
    t = "python -c \"from osfclient import OSF; p = OSF(token='%s').project('%s'); print([f.path for f in p.storage().files])\"" % (
        tok, lan(5))
    return t, tok, "from osfclient import OSF"


@tpl("command", "zenodo-upload-positional-token")
def _():
    tok = an(60)
    rec = rint(1000000, 14999999)
    t = "python zenodo_upload.py %d ./release/%s_v%d.tar.gz %s" % (rec, pick(["dataset", "models", "sims"]), rint(1, 5), tok)
    return t, tok, "zenodo_upload.py %d" % rec


@tpl("command", "curl-redcap-form-token")
def _():
    tok = uhx(32)
    h = "redcap.%s" % dom()
    t = "curl -s -X POST https://%s/api/ -d token=%s -d content=record -d format=csv -d type=flat -o records_%s.csv" % (
        h, tok, date())
    return t, tok, h


@tpl("command", "sshpass-env-ssh")
def _():
    p = pw()
    u = netid()
    t = "export SSHPASS='%s'\nsshpass -e ssh -o StrictHostKeyChecking=no %s@%s 'squeue -u %s'" % (p, u, login_host(), u)
    return t, p, "sshpass -e"


@tpl("command", "ansible-playbook-extra-vars-become")
def _():
    p = pw()
    t = "ansible-playbook -i inventories/%s site.yml --limit gpu_nodes -e \"ansible_become_password=%s\"" % (cluster(), p)
    return t, p, "site.yml"


@tpl("command", "vault-kv-put-password")
def _():
    p = pw()
    t = "vault kv put secret/hpc/%s db_user=%s db_password='%s'" % (pick(["slurmdbd", "xdmod", "ood", "coldfront"]), _dbuser(), p)
    return t, p, "vault kv put"


@tpl("command", "vault-login-token-arg")
def _():
    tok = "hvs.CAESI" + rs(_URLC, 82)
    t = "export VAULT_ADDR=https://vault.%s:8200\nvault login %s" % (dom(), tok)
    return t, tok, "VAULT_ADDR"


@tpl("command", "wandb-login-key-arg")
def _():
    k = hx(40)
    t = "module load python/3.11 && source ~/venvs/torch/bin/activate\nwandb login %s" % k
    return t, k, "module load python/3.11"


@tpl("command", "hf-cli-login-token")
def _():
    tok = "hf_" + rs(_LET, 34)
    t = "huggingface-cli login --token %s --add-to-git-credential" % tok
    return t, tok, "huggingface-cli login"


@tpl("command", "dvc-remote-modify-secret")
def _():
    s = aws_secret()
    t = "dvc remote modify --local labstore access_key_id %s\ndvc remote modify --local labstore secret_access_key %s\ndvc push -r labstore" % (
        akid(), s)
    return t, s, "dvc push -r labstore"


@tpl("command", "git-config-insteadof-token")
def _():
    tok = "ghp_" + an(36)
    t = "git config --global url.\"https://%s:x-oauth-basic@github.com/\".insteadOf \"https://github.com/\"" % tok
    return t, tok, "insteadOf"


@tpl("command", "apptainer-remote-login-password")
def _():
    p = "dckr_pat_" + rs(_URLC, 27)
    u = netid().replace(".", "")
    t = "apptainer remote login --username %s --password %s docker://docker.io" % (u, p)
    return t, p, "--username %s" % u


@tpl("command", "az-storage-account-key-flag")
def _():
    k = b64(64)
    acct = "%s%sdata" % (lab(), pick(["lab", "rdm", ""]))
    t = "az storage blob upload-batch --account-name %s --account-key %s -d raw -s ./plates/" % (acct, k)
    return t, k, "--account-name %s" % acct


@tpl("command", "azcopy-sas-signature")
def _():
    sig = pct(b64(32))
    acct = "%sarchive" % lab()
    t = "azcopy copy './run_%s/*' 'https://%s.blob.core.windows.net/sequencing?sv=2022-11-02&ss=b&srt=co&sp=rwlac&se=%sT18:00:00Z&st=%sT09:00:00Z&spr=https&sig=%s' --recursive" % (
        date().replace("-", ""), acct, date(), date(), sig)
    return t, sig, "%s.blob.core.windows.net" % acct


@tpl("command", "curl-s3-presigned-signature")
def _():
    sig = hx(64)
    b = "%s-%s" % (lab(), pick(["raw", "shared", "release"]))
    t = ("curl -o sample_%s.bam \"https://%s.s3.%s.amazonaws.com/bam/%s.bam?X-Amz-Algorithm=AWS4-HMAC-SHA256"
         "&X-Amz-Credential=%s%%2F%s%%2F%s%%2Fs3%%2Faws4_request&X-Amz-Date=%sT120000Z&X-Amz-Expires=604800"
         "&X-Amz-SignedHeaders=host&X-Amz-Signature=%s\"") % (
        sample_id(), b, pick(["us-east-1", "eu-central-1", "us-west-2"]), sample_id(), akid(),
        date().replace("-", ""), pick(["us-east-1", "eu-central-1"]), date().replace("-", ""), sig)
    return t, sig, "%s.s3." % b


@tpl("command", "wget-gcs-signed-url")
def _():
    sig = hx(512)
    t = ("wget -O cmip6_subset.nc 'https://storage.googleapis.com/%s-climate/cmip6/tas_day.nc?X-Goog-Algorithm=GOOG4-RSA-SHA256"
         "&X-Goog-Credential=sync%%40%s.iam.gserviceaccount.com%%2F%s%%2Fauto%%2Fstorage%%2Fgoog4_request&X-Goog-Date=%sT081500Z"
         "&X-Goog-Expires=3600&X-Goog-SignedHeaders=host&X-Goog-Signature=%s'") % (
        lab(), pick(["climate-lab", "esm-proj"]), date().replace("-", ""), date().replace("-", ""), sig)
    return t, sig, "storage.googleapis.com"


@tpl("command", "mosquitto-pub-user-password")
def _():
    p = pw()
    t = "mosquitto_pub -h mqtt.%s -u incubator%02d -P '%s' -t lab/%s/co2 -m '{\"ppm\": %d}'" % (
        dom(), rint(1, 12), p, lab(), rint(400, 5200))
    return t, p, "mosquitto_pub"


@tpl("command", "rabbitmqctl-add-user")
def _():
    p = pw()
    t = "sudo rabbitmqctl add_user celery '%s' && sudo rabbitmqctl set_permissions -p /pipeline celery '.*' '.*' '.*'" % p
    return t, p, "rabbitmqctl add_user celery"


@tpl("command", "psql-c-alter-role-password")
def _():
    p = pw()
    role = pick(["galaxy", "omero", "mlflow", "coldfront", "xdmod"])
    t = "sudo -u postgres psql -c \"ALTER ROLE %s WITH LOGIN PASSWORD '%s';\"" % (role, p)
    return t, p, "ALTER ROLE %s" % role


@tpl("command", "mysql-create-user-identified-by")
def _():
    p = pw()
    t = "mysql -u root -e \"CREATE USER 'slurm'@'localhost' IDENTIFIED BY '%s'; GRANT ALL ON slurm_acct_db.* TO 'slurm'@'localhost';\"" % p
    return t, p, "slurm_acct_db"


@tpl("command", "openssl-pkcs12-passout")
def _():
    p = pw()
    t = "openssl pkcs12 -export -in sp-cert.pem -inkey sp-key.pem -out sp.p12 -name shibboleth-sp -passout pass:%s" % p
    return t, p, "-name shibboleth-sp"


@tpl("command", "curl-openreview-login-json")
def _():
    p = pw()
    u = email()
    t = "curl -s -X POST https://api2.openreview.net/login -H 'Content-Type: application/json' -d '{\"id\": \"%s\", \"password\": \"%s\"}'" % (
        u, p)
    return t, p, u


@tpl("command", "restic-password-env-backup")
def _():
    p = pw(style="phrase")
    t = "RESTIC_PASSWORD='%s' restic -r sftp:backup@%s:/srv/restic/%s backup /projects/%s --exclude-caches" % (
        p, "nas.%s" % dom(), lab(), lab())
    return t, p, "restic -r"


@tpl("command", "borg-passphrase-create")
def _():
    p = pw(style="phrase")
    t = "export BORG_PASSPHRASE='%s'\nborg create --stats ssh://borg@backup.%s/./%s::'{hostname}-{now}' /home /etc" % (
        p, dom(), lab())
    return t, p, "borg create --stats"


@tpl("command", "rsync-daemon-password-env")
def _():
    p = pw()
    t = "RSYNC_PASSWORD='%s' rsync -av rsync://mirror@%s/%s/ /data/mirror/%s/" % (
        p, "archive.%s" % dom(), pick(["tess", "sdss-dr18", "cmip6", "refgenomes"]), pick(["tess", "sdss", "cmip6", "ref"]))
    return t, p, "rsync://mirror@"


@tpl("command", "ena-webin-cli-password")
def _():
    p = pw()
    u = "Webin-%d" % rint(10000, 99999)
    t = "java -jar webin-cli-7.0.1.jar -username %s -password '%s' -context reads -manifest manifests/%s.txt -submit" % (
        u, p, sample_id())
    return t, p, u


@tpl("command", "aspera-scp-pass-env")
def _():
    p = rs(_AN, 16)
    t = "ASPERA_SCP_PASS=%s ascp -QT -l 300m -P33001 -k1 ./fastq/ asp-%s@fasp.%s:/incoming/" % (
        p, lab(), pick(["sra.ebi.ac.uk", "ddbj.nig.ac.jp", "seqcore.%s" % dom()]))
    return t, p, "ascp -QT"


@tpl("command", "omero-cli-login-w")
def _():
    p = pw()
    u = netid()
    t = "omero login -s omero.%s -u %s -w '%s' -p 4064 && omero import -d %d ./tiles/" % (dom(), u, p, rint(100, 9999))
    return t, p, "-u %s" % u


@tpl("command", "sqlplus-user-slash-pass")
def _():
    p = pw(safe=True)
    t = "sqlplus lims_app/%s@//oradb.%s:1521/LIMSPRD @reports/pending_samples.sql" % (p, dom())
    return t, p, "lims_app"


@tpl("command", "curl-azure-client-credentials")
def _():
    s = _azure_secret()
    tenant = uuid4()
    t = ("curl -s -X POST https://login.microsoftonline.com/%s/oauth2/v2.0/token \\\n  -d grant_type=client_credentials "
         "-d client_id=%s -d client_secret=%s -d scope=https://graph.microsoft.com/.default") % (tenant, uuid4(), s)
    return t, s, "login.microsoftonline.com"


@tpl("command", "curl-xnat-alias-token")
def _():
    alias = uuid4()
    s = an(64)
    h = "xnat.%s" % dom()
    t = "curl -s -u %s:%s \"https://%s/data/projects/%s/subjects?format=json\"" % (alias, s, h, pick(["MRI_ADNI", "PET01", "NEURO_%d" % year()]))
    return t, s, h


@tpl("command", "swaks-smtp-auth")
def _():
    p = pw()
    u = email()
    t = "swaks --to %s --from %s --server smtp.%s:587 --tls --auth LOGIN --auth-user %s --auth-password '%s' --header 'Subject: job done'" % (
        email(), u, dom(), u, p)
    return t, p, "--server smtp."


@tpl("command", "curl-nextcloud-app-password")
def _():
    p = "-".join(rs(_AN, 5) for _ in range(5))
    u = netid()
    h = "cloud.%s" % dom()
    t = "curl -u %s:%s -T figures_v%d.zip https://%s/remote.php/dav/files/%s/Paper/" % (u, p, rint(2, 9), h, u)
    return t, p, h


@tpl("command", "git-clone-overleaf-token")
def _():
    tok = "olp_" + an(36)
    pid = hx(24)
    t = "git clone https://git:%s@git.overleaf.com/%s thesis-overleaf" % (tok, pid)
    return t, tok, "thesis-overleaf"


@tpl("command", "docker-exec-mariadb-ppassword")
def _():
    p = pw()
    t = "docker exec -it %s-db mariadb -uroot -p%s -e 'SHOW DATABASES;'" % (pick(["bookstack", "ppms", "elab", "moodle"]), p)
    return t, p, "SHOW DATABASES"


@tpl("command", "qsub-v-password")
def _():
    p = pw()
    t = "qsub -q %s -l select=1:ncpus=8:mem=32gb -v SFTP_USER=%s,SFTP_PASS=%s pull_instrument_data.pbs" % (
        pick(["workq", "normal", "express"]), netid(), p)
    return t, p, "pull_instrument_data.pbs"


@tpl("command", "expect-ssh-send-password")
def _():
    p = pw()
    h = login_host()
    t = "expect -c 'spawn ssh %s@%s; expect \"assword:\"; send \"%s\\r\"; interact'" % (netid(), h, p)
    return t, p, h


@tpl("command", "sshfs-password-stdin")
def _():
    p = pw()
    t = "echo '%s' | sshfs %s@%s:/projects/%s ~/mnt/cluster -o password_stdin,reconnect" % (p, netid(), login_host(), lab())
    return t, p, "~/mnt/cluster"


@tpl("command", "mlflow-tracking-password-env")
def _():
    p = pw()
    t = "MLFLOW_TRACKING_USERNAME=%s MLFLOW_TRACKING_PASSWORD='%s' python train.py --experiment %s" % (
        netid(), p, pick(["unet-seg", "protein-lm", "galaxy-morph"]))
    return t, p, "train.py"


@tpl("command", "spack-mirror-s3-secret")
def _():
    s = aws_secret()
    t = "spack mirror add --s3-access-key-id %s --s3-access-key-secret %s --s3-endpoint-url https://s3.%s buildcache s3://spack-%s" % (
        akid(), s, dom(), cluster())
    return t, s, "spack mirror add"


@tpl("command", "xcat-chtab-passwd")
def _():
    p = pw()
    t = "chtab key=system passwd.username=root passwd.password='%s'\ntabdump passwd | grep -c system" % p
    return t, p, "passwd.username=root"


@tpl("command", "globus-connect-personal-setup-key")
def _():
    k = uuid4()
    t = "./globusconnectpersonal -setup %s --name %s-workstation" % (k, lab())
    return t, k, "globusconnectpersonal"


@tpl("command", "r-e-sys-setenv-inline")
def _():
    tok = uhx(32)
    t = "Rscript -e 'Sys.setenv(REDCAP_TOKEN=\"%s\"); rmarkdown::render(\"reports/weekly.Rmd\")'" % tok
    return t, tok, "rmarkdown::render"


@tpl("command", "curl-form-password-booking")
def _():
    p = pw()
    u = netid()
    t = "curl -c cookies.txt -d 'login=%s&pwd=%s' https://%s/ppms/login/ && curl -b cookies.txt https://%s/ppms/pumapi/ -d action=getbookinglist" % (
        u, pct(p), "facility.%s" % dom(), "facility.%s" % dom())
    return t, pct(p), "login=%s" % u


@tpl("command", "mysql-long-password-option-space")
def _():
    p = pw()
    t = "mysql --host=%s --user=xdmod --password='%s' modw -e 'SELECT COUNT(*) FROM jobfact'" % (svc_host("db"), p)
    return t, p, "--user=xdmod"


# ---------------------------------------------------------------------------
# hand-written templates: tool-output
# ---------------------------------------------------------------------------

@tpl("tool-output", "jupyter-server-list")
def _():
    tok = hx(48)
    node = "%s%03d" % (pick(["gpu", "cn", "node", "g"]), rint(1, 300))
    u = netid()
    t = "$ jupyter server list\nCurrently running servers:\nhttp://%s:%d/?token=%s :: /home/%s" % (node, rint(8800, 9999), tok, u)
    return t, tok, "jupyter server list"


@tpl("tool-output", "jupyter-lab-startup-banner")
def _():
    tok = hx(48)
    port = rint(8800, 9999)
    stamp = "%s %02d:%02d:%02d" % (date(), rint(0, 23), rint(0, 59), rint(0, 58))
    t = ("[I %s.%03d ServerApp] Jupyter Server 2.%d.%d is running at:\n"
         "[I %s.%03d ServerApp] http://%s:%d/lab?token=%s\n"
         "[I %s.%03d ServerApp]     http://127.0.0.1:%d/lab?token=%s\n"
         "[I %s.%03d ServerApp] Use Control-C to stop this server and shut down all kernels (twice to skip confirmation).") % (
        stamp, 101, rint(7, 14), rint(0, 5), stamp, 102, "node%03d" % rint(1, 400), port, tok,
        stamp, 102, port, tok, stamp, 103)
    return t, tok, "Use Control-C to stop this server"


@tpl("tool-output", "ood-connection-yml")
def _():
    p = rs(_AN, 16)
    t = "$ cat ~/ondemand/data/sys/dashboard/batch_connect/sys/%s/output/%s/connection.yml\nhost: %s%03d.%s\nport: %d\npassword: %s" % (
        pick(["jupyter", "rstudio", "bc_desktop"]), uuid4(), pick(["gpu", "cn"]), rint(1, 300), cluster(), rint(10000, 60000), p)
    return t, p, "connection.yml"


@tpl("tool-output", "rstudio-job-output-login")
def _():
    p = pw(style="gen", safe=True)
    u = netid()
    t = ("$ cat rstudio-server.job.%s.out\n1. SSH tunnel from your workstation using the following command:\n\n"
         "   ssh -N -L 8787:%s:%d %s@%s\n\n   and point your web browser to http://localhost:8787\n\n"
         "2. log in to RStudio Server using the following credentials:\n\n   user: %s\n   password: %s\n") % (
        jobid(), "node%03d" % rint(1, 400), rint(40000, 60000), u, login_host(), u, p)
    return t, p, "user: %s" % u


@tpl("tool-output", "cat-pgpass")
def _():
    p = pw().replace(":", "")
    h = svc_host("pg")
    t = "$ cat ~/.pgpass\n%s:5432:%s:%s:%s\nlocalhost:5432:*:%s:%s" % (h, _dbname(), _dbuser(), p, netid(), "*" * 8)
    return t, p, h


@tpl("tool-output", "cat-netrc-earthdata")
def _():
    p = pw()
    u = netid()
    t = "$ cat ~/.netrc\nmachine urs.earthdata.nasa.gov\n    login %s\n    password %s" % (u, p)
    return t, p, "urs.earthdata.nasa.gov"


@tpl("tool-output", "git-remote-v-token")
def _():
    tok = "ghp_" + an(36)
    u = netid().replace(".", "")
    repo = "%s-lab/%s" % (lab(), pick(["rnaseq-pipeline", "thesis", "cryo-processing"]))
    t = "$ git remote -v\norigin\thttps://%s:%s@github.com/%s.git (fetch)\norigin\thttps://%s:%s@github.com/%s.git (push)" % (
        u, tok, repo, u, tok, repo)
    return t, tok, repo


@tpl("tool-output", "cat-git-credentials")
def _():
    tok = "glpat-" + rs(_URLC, 20)
    u = netid()
    h = "gitlab.%s" % dom()
    t = "$ cat ~/.git-credentials\nhttps://%s:%s@%s" % (u, tok, h)
    return t, tok, h


@tpl("tool-output", "pip-config-list-index")
def _():
    p = pw(safe=True)
    h = "nexus.%s" % dom()
    t = "$ pip config list\nglobal.index-url='https://%s:%s@%s/repository/pypi-group/simple'\nglobal.timeout='60'" % (
        pick(["deploy", "ci-bot", netid()]), p, h)
    return t, p, h


@tpl("tool-output", "conda-config-show-channels")
def _():
    tok = rs(_LO, 2) + "-" + uuid4()
    t = "$ conda config --show channels\nchannels:\n  - https://conda.anaconda.org/t/%s/%s-internal\n  - conda-forge\n  - bioconda" % (tok, lab())
    return t, tok, "conda config --show channels"


@tpl("tool-output", "docker-inspect-env-json")
def _():
    p = pw()
    t = "$ docker inspect --format '{{json .Config.Env}}' %s | jq .\n[\n  \"%s_DB_USER=%s\",\n  \"%s_DB_PASS=%s\",\n  \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\"\n]" % (
        pick(["omero-server", "bookstack", "ckan", "redcap-app"]), "APP", _dbuser(), "APP", p)
    return t, p, "docker inspect"


@tpl("tool-output", "ps-aux-sshpass")
def _():
    p = pw()
    u = netid()
    t = ("$ ps aux | grep -v grep | grep rsync\n%s  %d  0.3  0.0  %d  %d ?  S  %s  0:%02d sshpass -p %s rsync -a /data/ %s@dtn1:/archive/") % (
        u[:8], rint(1000, 99999), rint(10000, 99999), rint(1000, 9999), hms()[:5], rint(0, 59), p, u)
    return t, p, "ps aux"


@tpl("tool-output", "sacct-submitline")
def _():
    tok = "ghp_" + an(36)
    j = jobid()
    t = "$ sacct -j %s -o JobID,State,SubmitLine%%120\n       JobID      State SubmitLine\n------------ ---------- ----------------------------------------\n%12s  COMPLETED sbatch --export=ALL,GH_TOKEN=%s release.sh" % (
        j, j, tok)
    return t, tok, "sacct -j %s" % j


@tpl("tool-output", "history-grep-mysql")
def _():
    p = pw()
    t = "$ history | grep -i mysql\n  %d  mysql -u root -p'%s' -h 127.0.0.1\n  %d  history | grep -i mysql" % (
        rint(100, 999), p, rint(1000, 1999))
    return t, p, "history | grep -i mysql"


@tpl("tool-output", "kubectl-get-secret-yaml-data")
def _():
    p = pw()
    enc = b64t(p)
    t = ("$ kubectl get secret %s -o yaml\napiVersion: v1\ndata:\n  password: %s\n  username: %s\nkind: Secret\n"
         "metadata:\n  name: %s\n  namespace: %s\ntype: Opaque") % (
        "jhub-db", enc, b64t(_dbuser()), "jhub-db", pick(["jhub", "default"]))
    return t, enc, "kubectl get secret"


@tpl("tool-output", "kubectl-describe-pod-env")
def _():
    p = pw()
    t = ("$ kubectl describe pod %s-0 | sed -n '/Environment/,/Mounts/p'\n    Environment:\n      POSTGRES_USER:      %s\n"
         "      POSTGRES_PASSWORD:  %s\n      PGDATA:             /var/lib/postgresql/data/pgdata\n    Mounts:") % (
        pick(["postgres", "ckan-db", "mlflow-db"]), _dbuser(), p)
    return t, p, "POSTGRES_USER"


@tpl("tool-output", "helm-get-values")
def _():
    p = pw()
    t = "$ helm get values %s -n %s\nUSER-SUPPLIED VALUES:\npostgresql:\n  auth:\n    password: %s\n    username: %s\ningress:\n  enabled: true" % (
        pick(["dataverse", "ckan", "keycloak", "superset"]), pick(["rdm", "data"]), p, _dbuser())
    return t, p, "USER-SUPPLIED VALUES"


@tpl("tool-output", "terraform-output-json")
def _():
    p = pw()
    t = "$ terraform output -json\n{\n  \"db_endpoint\": {\n    \"sensitive\": false,\n    \"type\": \"string\",\n    \"value\": \"%s:5432\"\n  },\n  \"db_password\": {\n    \"sensitive\": false,\n    \"type\": \"string\",\n    \"value\": \"%s\"\n  }\n}" % (
        svc_host("pg"), p)
    return t, p, "db_endpoint"


@tpl("tool-output", "vault-kv-get-table")
def _():
    p = pw()
    t = ("$ vault kv get secret/hpc/slurmdbd\n====== Data ======\nKey          Value\n---          -----\n"
         "storage_pass %s\nstorage_user slurm") % p
    return t, p, "storage_user slurm"


@tpl("tool-output", "aws-export-credentials-env")
def _():
    s = aws_secret()
    t = "$ aws configure export-credentials --profile %s --format env\nexport AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s" % (
        pick(["rgw-lab", "osn", "wasabi-archive"]), akid(), s)
    return t, s, "export-credentials"


@tpl("tool-output", "cat-aws-credentials")
def _():
    s = aws_secret()
    t = "$ cat ~/.aws/credentials\n[default]\naws_access_key_id = %s\naws_secret_access_key = %s\n\n[osn]\naws_access_key_id = %s\naws_secret_access_key = %s" % (
        akid(), "*" * 40, rs(_UAN, 20), s)
    return t, s, "[osn]"


@tpl("tool-output", "mc-alias-list")
def _():
    s = an(40)
    t = "$ mc alias list labs3\nlabs3\n  URL       : https://s3.%s\n  AccessKey : %s\n  SecretKey : %s\n  API       : s3v4\n  Path      : auto" % (
        dom(), rs(_UAN, 20), s)
    return t, s, "mc alias list"


@tpl("tool-output", "rclone-config-show-s3")
def _():
    s = aws_secret()
    t = "$ rclone config show %s\n[%s]\ntype = s3\nprovider = Ceph\naccess_key_id = %s\nsecret_access_key = %s\nendpoint = https://rgw.%s" % (
        "ceph", "ceph", rs(_UAN, 20), s, dom())
    return t, s, "provider = Ceph"


@tpl("tool-output", "heroku-config-vars")
def _():
    p = rs(_LAN, 64)
    u = rs(_LO, 14)
    app = "capstone-team%d" % rint(1, 40)
    t = "$ heroku config -a %s\n=== %s Config Vars\nDATABASE_URL: postgres://%s:%s@ec2-%d-%d-%d-%d.compute-1.amazonaws.com:5432/%s" % (
        app, app, u, p, rint(3, 54), rint(0, 255), rint(0, 255), rint(0, 255), rs(_LAN, 14))
    return t, p, "Config Vars"


@tpl("tool-output", "slurm-out-printenv")
def _():
    tok = "hf_" + rs(_LET, 34)
    j = jobid()
    t = "$ grep -E 'HF_|CUDA' slurm-%s.out\nCUDA_VISIBLE_DEVICES=0,1\nHF_HOME=%s/.cache/huggingface\nHF_TOKEN=%s" % (j, scratch(), tok)
    return t, tok, "slurm-%s.out" % j


@tpl("tool-output", "cat-kaggle-json")
def _():
    k = hx(32)
    u = netid().replace(".", "")
    t = "$ cat ~/.kaggle/kaggle.json\n{\"username\":\"%s\",\"key\":\"%s\"}" % (u, k)
    return t, k, "kaggle.json"


@tpl("tool-output", "gh-auth-status-show-token")
def _():
    tok = "gho_" + an(36)
    u = netid().replace(".", "-")
    t = "$ gh auth status --show-token\ngithub.com\n  \u2713 Logged in to github.com account %s (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: %s\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'" % (
        u, tok)
    return t, tok, "Logged in to github.com account %s" % u


@tpl("tool-output", "gh-auth-token-bare")
def _():
    tok = "gho_" + an(36)
    t = "$ gh auth token\n%s\n$ " % tok
    return t, tok, "gh auth token"


@tpl("tool-output", "scontrol-token-jwt")
def _():
    u = netid()
    tok = jwt({"exp": epoch(), "iat": epoch(), "sun": u})
    t = "$ scontrol token lifespan=%d\nSLURM_JWT=%s" % (pick([3600, 7200, 86400]), tok)
    return t, tok, "scontrol token"


@tpl("tool-output", "wg-showconf")
def _():
    k = wg_key()
    t = "$ sudo wg showconf wg0\n[Interface]\nListenPort = %d\nPrivateKey = %s\n\n[Peer]\nPublicKey = %s\nAllowedIPs = 10.%d.0.0/16\nEndpoint = gw.%s:51820" % (
        rint(40000, 60000), k, wg_key(), rint(0, 250), dom())
    return t, k, "[Peer]"


@tpl("tool-output", "nmcli-show-secrets-8021x")
def _():
    p = pw()
    t = "$ nmcli -s connection show eduroam | grep -E '802-1x.(identity|password)'\n802-1x.identity:                        %s@%s\n802-1x.password:                        %s" % (
        netid(), dom(), p)
    return t, p, "802-1x.identity"


@tpl("tool-output", "macos-security-find-password")
def _():
    p = pw()
    t = "$ security find-generic-password -s '%s' -w\n%s" % (pick(["Zotero", "VPN-Campus", "eduroam", "Overleaf"]), p)
    return t, p, "find-generic-password"


@tpl("tool-output", "secret-tool-lookup")
def _():
    p = pw()
    t = "$ secret-tool lookup service %s user %s\n%s" % (pick(["irods", "omero", "lims"]), netid(), p)
    return t, p, "secret-tool lookup"


@tpl("tool-output", "ansible-vault-view")
def _():
    p = pw()
    t = "$ ansible-vault view group_vars/%s/vault.yml\nVault password: \n---\nvault_mysql_root_password: %s\nvault_bmc_user: ADMIN" % (
        cluster(), p)
    return t, p, "vault_bmc_user"


@tpl("tool-output", "sops-decrypt-yaml")
def _():
    s = b64(32)
    t = "$ sops -d secrets/%s.enc.yaml\nglobus:\n    client_id: %s\n    client_secret: %s\n" % (
        pick(["prod", "staging"]), uuid4(), s)
    return t, s, "sops -d"


@tpl("tool-output", "cat-openssh-private-key")
def _():
    u = netid()
    body = openssh_ed25519_body("%s@%s" % (u, cluster()))
    t = "$ cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % body
    return t, body, "cat ~/.ssh/id_ed25519"


@tpl("tool-output", "munge-key-base64")
def _():
    k = b64(128)
    t = "$ sudo base64 -w0 /etc/munge/munge.key; echo\n%s" % k
    return t, k, "/etc/munge/munge.key"


@tpl("tool-output", "docker-compose-config-expanded")
def _():
    p = pw()
    t = "$ docker compose config | grep -A3 environment\n    environment:\n      MINIO_ROOT_USER: %s\n      MINIO_ROOT_PASSWORD: %s\n" % (
        pick(["labadmin", "minioadmin", "root"]), p)
    return t, p, "docker compose config"


@tpl("tool-output", "crontab-l-secret")
def _():
    p = pw()
    t = "$ crontab -l\n# m h dom mon dow command\n15 2 * * * /usr/bin/mysqldump -uroot -p%s --all-databases | gzip > /backup/db_$(date +\\%%F).sql.gz\n0 * * * * %s/bin/check_quota.sh" % (
        p, "/home/" + netid())
    return t, p, "crontab -l"


@tpl("tool-output", "gcloud-print-access-token")
def _():
    tok = "ya29.a0" + rs(_URLC, 180)
    t = "$ gcloud auth print-access-token\n%s" % tok
    return t, tok, "gcloud auth print-access-token"


@tpl("tool-output", "az-get-access-token-json")
def _():
    tok = jwt({"aud": "https://storage.azure.com", "iss": "https://sts.windows.net/%s/" % uuid4(), "iat": epoch(),
               "oid": uuid4(), "upn": email()}, alg="RS256", sig=256, kid=an(27))
    t = "$ az account get-access-token --resource https://storage.azure.com\n{\n  \"accessToken\": \"%s\",\n  \"expiresOn\": \"%s\",\n  \"tokenType\": \"Bearer\"\n}" % (
        tok, ts_sp())
    return t, tok, "\"tokenType\": \"Bearer\""


@tpl("tool-output", "code-server-config-yaml")
def _():
    p = rs(_LAN, 24)
    t = "$ cat ~/.config/code-server/config.yaml\nbind-addr: 127.0.0.1:%d\nauth: password\npassword: %s\ncert: false" % (rint(8080, 8999), p)
    return t, p, "bind-addr"


@tpl("tool-output", "jenkins-initial-admin-password")
def _():
    p = hx(32)
    t = "$ sudo cat /var/lib/jenkins/secrets/initialAdminPassword\n%s" % p
    return t, p, "initialAdminPassword"


@tpl("tool-output", "gitlab-initial-root-password")
def _():
    p = b64(32)
    t = "$ sudo cat /etc/gitlab/initial_root_password\n# WARNING: This value is valid only in the following conditions\n#          1. If provided manually (either via `GITLAB_ROOT_PASSWORD` environment variable or via `gitlab_rails['initial_root_password']` setting in `gitlab.rb`, it was provided before database was seeded for the first time (usually, the first reconfigure run).\n\nPassword: %s\n\n# NOTE: This file will be automatically deleted in the first reconfigure run after 24 hours." % p
    return t, p, "initial_root_password"


@tpl("tool-output", "notebook-bang-env-output")
def _():
    tok = uhx(32)
    t = "In [%d]: !env | grep -i redcap\nREDCAP_URL=https://redcap.%s/api/\nREDCAP_TOKEN=%s" % (rint(2, 40), dom(), tok)
    return t, tok, "REDCAP_URL"


@tpl("tool-output", "cat-cdsapirc")
def _():
    k = uuid4()
    t = "$ cat ~/.cdsapirc\nurl: https://cds.climate.copernicus.eu/api\nkey: %s" % k
    return t, k, "cds.climate.copernicus.eu"


@tpl("tool-output", "grep-r-password-results")
def _():
    p = pw()
    t = "$ grep -rn 'password' --include='*.py' .\n./tests/conftest.py:12:    return {\"user\": \"grader\", \"password\": \"%s\"}\n./docs/setup.md:40:Set the password with `export DB_PASSWORD=...`" % p
    return t, p, "tests/conftest.py"


@tpl("tool-output", "env-output-ssh-session")
def _():
    p = pw()
    t = "$ env | sort | head -n 8\nHOME=/home/%s\nLANG=en_US.UTF-8\nLIMS_PASS=%s\nLIMS_USER=%s\nLOADEDMODULES=gcc/12.2:openmpi/4.1.5\nLOGNAME=%s" % (
        netid(), p, _dbuser(), netid())
    return t, p, "LOADEDMODULES"


@tpl("tool-output", "systemctl-cat-unit-env")
def _():
    p = pw()
    t = ("$ systemctl cat %s\n# /etc/systemd/system/%s\n[Unit]\nDescription=Instrument data watcher\n\n[Service]\n"
         "User=acq\nEnvironment=SMB_USER=svc_acq\nEnvironment=SMB_PASS=%s\nExecStart=/opt/watcher/bin/watch --src /mnt/scope\n") % (
        "scope-watcher.service", "scope-watcher.service", p)
    return t, p, "Instrument data watcher"


@tpl("tool-output", "ldapsearch-output-no-secret-but-cmd")
def _():
    p = pw()
    t = "$ ldapwhoami -x -H ldaps://ldap.%s -D uid=%s,ou=people,dc=uni -w %s\ndn:uid=%s,ou=people,dc=uni" % (
        dom(), "svc-ood", p, "svc-ood")
    return t, p, "ldapwhoami"


@tpl("tool-output", "cat-pypirc")
def _():
    tok = _pypi()
    t = "$ cat ~/.pypirc\n[distutils]\nindex-servers =\n    pypi\n    testpypi\n\n[pypi]\nusername = __token__\npassword = %s" % tok
    return t, tok, "index-servers"


@tpl("tool-output", "docker-logs-minio-credentials")
def _():
    p = pw()
    t = ("$ docker logs minio | head\nAPI: http://172.18.0.2:9000  http://127.0.0.1:9000\nRootUser: %s\nRootPass: %s\n\n"
         "Console: http://172.18.0.2:9001 http://127.0.0.1:9001") % (pick(["labadmin", "admin"]), p)
    return t, p, "Console:"


# ---------------------------------------------------------------------------
# hand-written templates: config-file
# ---------------------------------------------------------------------------

@tpl("config-file", "pgpass-line")
def _():
    p = pw().replace(":", "").replace("\\", "")
    h = svc_host("pg")
    t = "# ~/.pgpass  (chmod 600!)\n%s:5432:%s:%s:%s" % (h, _dbname(), _dbuser(), p)
    return t, p, h


@tpl("config-file", "my-cnf-client-section")
def _():
    p = pw()
    t = "# ~/.my.cnf\n[client]\nuser=%s\npassword=\"%s\"\nhost=%s\n\n[mysql]\ndatabase=%s" % (_dbuser(), p, svc_host("db"), _dbname())
    return t, p, "[client]"


@tpl("config-file", "slurmdbd-conf-storagepass")
def _():
    p = pw()
    t = ("# /etc/slurm/slurmdbd.conf\nAuthType=auth/munge\nDbdHost=%s\nDebugLevel=info\nLogFile=/var/log/slurm/slurmdbd.log\n"
         "PidFile=/run/slurmdbd.pid\nSlurmUser=slurm\nStorageHost=%s\nStorageLoc=slurm_acct_db\nStoragePass=%s\n"
         "StorageType=accounting_storage/mysql\nStorageUser=slurm") % (
        "%s-mgmt01" % cluster(), "db.%s" % dom(), p)
    return t, p, "StorageType=accounting_storage/mysql"


@tpl("config-file", "sssd-conf-ldap-authtok")
def _():
    p = pw()
    d = dom()
    t = ("[domain/%s]\nid_provider = ldap\nauth_provider = ldap\nldap_uri = ldaps://ldap.%s\n"
         "ldap_search_base = dc=%s\nldap_default_bind_dn = uid=svc-sssd,ou=services,dc=%s\n"
         "ldap_default_authtok_type = password\nldap_default_authtok = %s\ncache_credentials = true") % (
        d, d, d.split(".")[0], d.split(".")[0], p)
    return t, p, "ldap_default_authtok_type"


@tpl("config-file", "netrc-multi-machine")
def _():
    key = hx(40)
    t = "# ~/.netrc (written by `wandb login`)\nmachine api.wandb.ai\n  login user\n  password %s" % key
    return t, key, "api.wandb.ai"


@tpl("config-file", "jupyter-server-config-token")
def _():
    tok = hx(48)
    t = ("# ~/.jupyter/jupyter_server_config.py\nc = get_config()  # noqa\nc.ServerApp.ip = '0.0.0.0'\n"
         "c.ServerApp.open_browser = False\nc.ServerApp.port = %d\nc.IdentityProvider.token = '%s'\n") % (rint(8800, 9999), tok)
    return t, tok, "c.ServerApp.open_browser"


@tpl("config-file", "jupyterhub-config-oauth-secret")
def _():
    s = rs(_AN, 40)
    t = ("# jupyterhub_config.py\nfrom oauthenticator.generic import GenericOAuthenticator\n"
         "c.JupyterHub.authenticator_class = GenericOAuthenticator\n"
         "c.GenericOAuthenticator.client_id = 'jhub-%s'\nc.GenericOAuthenticator.client_secret = '%s'\n"
         "c.GenericOAuthenticator.oauth_callback_url = 'https://hub.%s/hub/oauth_callback'\n"
         "c.GenericOAuthenticator.authorize_url = 'https://sso.%s/realms/uni/protocol/openid-connect/auth'") % (
        pick(_DEPTS), s, dom(), dom())
    return t, s, "GenericOAuthenticator.client_id"


@tpl("config-file", "jupyterhub-proxy-auth-token")
def _():
    tok = hx(64)
    t = "c.ConfigurableHTTPProxy.auth_token = '%s'\nc.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:8001'\nc.Spawner.default_url = '/lab'" % tok
    return t, tok, "api_url"


@tpl("config-file", "rstudio-database-conf")
def _():
    p = pw()
    t = "# /etc/rstudio/database.conf\nprovider=postgresql\nhost=%s\ndatabase=rstudio\nport=5432\nusername=rstudio\npassword=%s\nconnection-timeout-seconds=12" % (
        svc_host("pg"), p)
    return t, p, "provider=postgresql"


@tpl("config-file", "galaxy-yml-database-connection")
def _():
    p = pw(safe=True)
    h = svc_host("pg")
    t = "galaxy:\n  database_connection: postgresql://galaxy:%s@%s/galaxy\n  file_path: /data/galaxy/objects\n  admin_users: %s\n  brand: %s lab" % (
        p, h, email(), cap(lab()))
    return t, p, h


@tpl("config-file", "galaxy-yml-id-secret")
def _():
    s = hx(48)
    t = "galaxy:\n  id_secret: %s\n  allow_user_creation: false\n  require_login: true\n  tool_config_file: tool_conf.xml" % s
    return t, s, "allow_user_creation"


@tpl("config-file", "omero-config-xml-db-pass")
def _():
    p = pw()
    t = ("<icegrid>\n  <properties id=\"default\">\n    <property name=\"omero.db.host\" value=\"%s\"/>\n"
         "    <property name=\"omero.db.name\" value=\"omero\"/>\n    <property name=\"omero.db.user\" value=\"omero\"/>\n"
         "    <property name=\"omero.db.pass\" value=\"%s\"/>\n    <property name=\"omero.data.dir\" value=\"/OMERO\"/>\n  </properties>\n</icegrid>") % (
        svc_host("pg"), p)
    return t, p, "omero.data.dir"


@tpl("config-file", "nextflow-config-aws-keys")
def _():
    s = aws_secret()
    t = ("// nextflow.config\nprocess.executor = 'slurm'\nprocess.queue = '%s'\n\naws {\n    accessKey = '%s'\n    secretKey = '%s'\n"
         "    client { endpoint = 'https://s3.%s' ; s3PathStyleAccess = true }\n}\n") % (partition(), akid(), s, dom())
    return t, s, "process.executor = 'slurm'"


@tpl("config-file", "nextflow-config-tower-token")
def _():
    tok = _seqera()
    t = "tower {\n  enabled = true\n  accessToken = '%s'\n  workspaceId = '%d'\n}\nsingularity.enabled = true" % (tok, rint(10 ** 13, 10 ** 14))
    return t, tok, "singularity.enabled"


@tpl("config-file", "snakemake-profile-storage-s3")
def _():
    s = aws_secret()
    t = ("# profiles/%s/config.yaml\nexecutor: slurm\njobs: 200\ndefault-resources:\n  slurm_account: %s\n"
         "storage-s3-endpoint-url: https://s3.%s\nstorage-s3-access-key: %s\nstorage-s3-secret-key: %s\n") % (
        cluster(), account(), dom(), rs(_UAN, 20), s)
    return t, s, "executor: slurm"


@tpl("config-file", "renviron-multi")
def _():
    tok = uhx(32)
    t = "# ~/.Renviron\nR_LIBS_USER=~/R/%%p-library/%%v\nREDCAP_API_URL=https://redcap.%s/api/\nREDCAP_API_TOKEN=%s\nGITHUB_PAT=\n" % (
        dom(), tok)
    return t, tok, "R_LIBS_USER"


@tpl("config-file", "condarc-token-channel")
def _():
    tok = rs(_LO, 2) + "-" + uuid4()
    t = "# ~/.condarc\nchannels:\n  - https://conda.anaconda.org/t/%s/%s\n  - conda-forge\nchannel_priority: strict\npkgs_dirs:\n  - %s/conda/pkgs" % (
        tok, lab() + "-private", scratch())
    return t, tok, "channel_priority: strict"


@tpl("config-file", "pip-conf-extra-index")
def _():
    p = pw(safe=True)
    h = "pkgs.%s" % dom()
    t = "[global]\ntimeout = 60\nextra-index-url = https://%s:%s@%s/simple/\ntrusted-host = %s" % (
        pick(["reader", "lab", netid()]), p, h, h)
    return t, p, "trusted-host = %s" % h


@tpl("config-file", "maven-settings-server-password")
def _():
    p = pw()
    t = ("<settings>\n  <servers>\n    <server>\n      <id>%s-nexus</id>\n      <username>deploy</username>\n"
         "      <password>%s</password>\n    </server>\n  </servers>\n</settings>") % (lab(), p)
    return t, p, "<username>deploy</username>"


@tpl("config-file", "docker-config-json-auth")
def _():
    u = netid().replace(".", "")
    tok = "dckr_pat_" + rs(_URLC, 27)
    auth = b64t("%s:%s" % (u, tok))
    t = "{\n\t\"auths\": {\n\t\t\"https://index.docker.io/v1/\": {\n\t\t\t\"auth\": \"%s\"\n\t\t}\n\t}\n}" % auth
    return t, auth, "index.docker.io"


@tpl("config-file", "rclone-conf-webdav-pass")
def _():
    p = rs(_URLC, rint(40, 60))
    t = "[sciebo]\ntype = webdav\nurl = https://%s/remote.php/webdav/\nvendor = owncloud\nuser = %s@%s\npass = %s" % (
        "cloud.%s" % dom(), netid(), dom(), p)
    return t, p, "vendor = owncloud"


@tpl("config-file", "s3cfg-secret-key")
def _():
    s = aws_secret()
    t = "[default]\naccess_key = %s\nhost_base = s3.%s\nhost_bucket = s3.%s\nsecret_key = %s\nuse_https = True" % (
        rs(_UAN, 20), dom(), dom(), s)
    return t, s, "use_https = True"


@tpl("config-file", "wpa-supplicant-eduroam")
def _():
    p = pw()
    u = "%s@%s" % (netid(), dom())
    t = ("network={\n    ssid=\"eduroam\"\n    key_mgmt=WPA-EAP\n    eap=PEAP\n    identity=\"%s\"\n"
         "    password=\"%s\"\n    phase2=\"auth=MSCHAPV2\"\n    ca_cert=\"/etc/ssl/certs/USERTrust_RSA_Certification_Authority.pem\"\n}") % (u, p)
    return t, p, u


@tpl("config-file", "nmconnection-eduroam")
def _():
    p = pw()
    t = ("[connection]\nid=eduroam\ntype=wifi\n\n[wifi]\nssid=eduroam\n\n[wifi-security]\nkey-mgmt=wpa-eap\n\n"
         "[802-1x]\neap=peap;\nidentity=%s@%s\npassword=%s\nphase2-auth=mschapv2") % (netid(), dom(), p)
    return t, p, "phase2-auth=mschapv2"


@tpl("config-file", "freeradius-clients-secret")
def _():
    s = pwg(24, syms=False)
    t = "client %s-wlc {\n    ipaddr = %s\n    secret = %s\n    shortname = %s-wlc\n    nas_type = other\n}" % (
        pick(_DEPTS), ip_priv(), s, pick(_DEPTS))
    return t, s, "nas_type = other"


@tpl("config-file", "wp-config-db-password")
def _():
    p = pw()
    t = "define( 'DB_NAME', 'wp_%slab' );\ndefine( 'DB_USER', 'wp_%s' );\ndefine( 'DB_PASSWORD', '%s' );\ndefine( 'DB_HOST', 'localhost' );" % (
        lab(), lab(), p)
    return t, p, "DB_HOST"


@tpl("config-file", "django-settings-databases")
def _():
    p = pw()
    t = ("DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': '%s',\n"
         "        'USER': '%s',\n        'PASSWORD': '%s',\n        'HOST': '%s',\n    }\n}") % (_dbname(), _dbuser(), p, svc_host("pg"))
    return t, p, "django.db.backends.postgresql"


@tpl("config-file", "moodle-config-php-dbpass")
def _():
    p = pw()
    t = "$CFG->dbtype    = 'pgsql';\n$CFG->dbhost    = '%s';\n$CFG->dbname    = 'moodle';\n$CFG->dbuser    = 'moodle';\n$CFG->dbpass    = '%s';\n$CFG->wwwroot   = 'https://moodle.%s';" % (
        svc_host("pg"), p, dom())
    return t, p, "$CFG->wwwroot"


@tpl("config-file", "ojs-config-inc-php")
def _():
    p = pw()
    t = "[database]\n\ndriver = mysqli\nhost = localhost\nusername = ojs\npassword = %s\nname = ojs_journal\n\n[general]\nbase_url = \"https://journals.%s\"" % (
        p, dom())
    return t, p, "driver = mysqli"


@tpl("config-file", "dspace-local-cfg")
def _():
    p = pw()
    t = "dspace.dir = /dspace\ndspace.server.url = https://repository.%s/server\ndb.url = jdbc:postgresql://localhost:5432/dspace\ndb.username = dspace\ndb.password = %s" % (
        dom(), p)
    return t, p, "db.username = dspace"


@tpl("config-file", "dataverse-microprofile-db")
def _():
    p = pw()
    t = "dataverse.db.host=%s\ndataverse.db.port=5432\ndataverse.db.user=dvnapp\ndataverse.db.password=%s\ndataverse.siteUrl=https://dataverse.%s" % (
        svc_host("pg"), p, dom())
    return t, p, "dataverse.db.user=dvnapp"


@tpl("config-file", "redcap-database-php")
def _():
    p = pw()
    t = "<?php\n$hostname   = '%s';\n$db         = 'redcap';\n$username   = 'redcap_app';\n$password   = '%s';\n\n// $salt is loaded from the server-side include, see install notes\n" % (
        svc_host("db"), p)
    return t, p, "$username   = 'redcap_app'"


@tpl("config-file", "labkey-application-properties")
def _():
    p = pw()
    t = ("context.resources.jdbc.labkeyDataSource.driverClassName=org.postgresql.Driver\n"
         "context.resources.jdbc.labkeyDataSource.url=jdbc:postgresql://localhost:5432/labkey\n"
         "context.resources.jdbc.labkeyDataSource.username=labkey\n"
         "context.resources.jdbc.labkeyDataSource.password=%s\nserver.port=8443") % p
    return t, p, "server.port=8443"


@tpl("config-file", "airflow-cfg-sql-alchemy-conn")
def _():
    p = pw(safe=True)
    t = "[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow:%s@%s:5432/airflow\n\n[core]\nexecutor = LocalExecutor\nload_examples = False" % (
        p, svc_host("pg"))
    return t, p, "executor = LocalExecutor"


@tpl("config-file", "msmtprc-account")
def _():
    p = pw()
    u = email()
    t = "defaults\nauth on\ntls on\nlogfile ~/.msmtp.log\n\naccount uni\nhost smtp.%s\nport 587\nfrom %s\nuser %s\npassword %s\n\naccount default : uni" % (
        dom(), u, u, p)
    return t, p, "logfile ~/.msmtp.log"


@tpl("config-file", "muttrc-imap-pass")
def _():
    p = pw()
    t = "set imap_user = \"%s\"\nset imap_pass = \"%s\"\nset folder = \"imaps://imap.%s:993\"\nset spoolfile = \"+INBOX\"" % (
        email(), p, dom())
    return t, p, "spoolfile"


@tpl("config-file", "openvpn-auth-user-pass-file")
def _():
    p = pw()
    u = netid()
    t = "# /etc/openvpn/client/campus.auth  (referenced by auth-user-pass in campus.conf)\n%s\n%s" % (u, p)
    return t, p, "campus.auth"


@tpl("config-file", "wireguard-wg0-conf")
def _():
    k = wg_key()
    pub = wg_key()
    t = "[Interface]\nAddress = 10.%d.%d.%d/32\nPrivateKey = %s\nDNS = 10.0.0.53\n\n[Peer]\nPublicKey = %s\nEndpoint = wg.%s:51820\nAllowedIPs = 10.0.0.0/8" % (
        rint(0, 255), rint(0, 255), rint(2, 254), k, pub, dom())
    return t, k, pub


@tpl("config-file", "globus-gcs-deployment-key")
def _():
    s = b64(32)
    t = json.dumps({"client_id": uuid4(), "secret": s, "deployment_key": "v1", "node_setup_key": None}, indent=2)
    return t, s, "deployment_key"


@tpl("config-file", "nslcd-conf-bindpw")
def _():
    p = pw()
    t = "uri ldaps://ldap.%s/\nbase dc=%s,dc=edu\nbinddn cn=nslcd,ou=services,dc=%s,dc=edu\nbindpw %s\nssl on\ntls_reqcert demand" % (
        dom(), lab(), lab(), p)
    return t, p, "tls_reqcert demand"


@tpl("config-file", "grafana-ini-admin-password")
def _():
    p = pw()
    t = "[server]\nroot_url = https://grafana.%s/\n\n[security]\nadmin_user = admin\nadmin_password = %s\n\n[auth.anonymous]\nenabled = false" % (
        dom(), p)
    return t, p, "[auth.anonymous]"


@tpl("config-file", "prometheus-scrape-basic-auth")
def _():
    p = pw()
    t = ("scrape_configs:\n  - job_name: slurm_exporter\n    scheme: https\n    basic_auth:\n      username: prom\n      password: '%s'\n"
         "    static_configs:\n      - targets: ['%s-mgmt01:8080']") % (p, cluster())
    return t, p, "job_name: slurm_exporter"


@tpl("config-file", "alertmanager-smtp-auth")
def _():
    p = pw()
    t = ("global:\n  smtp_smarthost: 'smtp.%s:587'\n  smtp_from: 'hpc-alerts@%s'\n  smtp_auth_username: 'hpc-alerts'\n"
         "  smtp_auth_password: '%s'\nroute:\n  receiver: hpc-admins") % (dom(), dom(), p)
    return t, p, "smtp_smarthost"


@tpl("config-file", "alertmanager-slack-webhook")
def _():
    sec = an(24)
    t = "receivers:\n  - name: hpc-admins\n    slack_configs:\n      - api_url: 'https://hooks.slack.com/services/T%s/B%s/%s'\n        channel: '#hpc-alerts'" % (
        rs(_UAN, 8), rs(_UAN, 10), sec)
    return t, sec, "#hpc-alerts"


@tpl("config-file", "zen-service-ini-database")
def _():
    p = pw()
    t = "[Database]\nServer=%s\\ZENDB\nUser=zen_service\nPassword=%s\nEncrypt=False\n\n[Export]\nTarget=\\\\nas01\\imaging\\%s" % (
        pick(["SCOPE-PC-%02d" % rint(1, 9)]), p, lab())
    return t, p, "User=zen_service"


@tpl("config-file", "smrtlink-config-json")
def _():
    p = pw()
    t = json.dumps({"smrtflow": {"server": {"port": 8070}, "db": {"host": "localhost", "port": 5432,
                                                                   "username": "smrtlink_user", "password": p}},
                    "pacBioSystem": {"tmpDir": "/tmp", "remote": {"host": "sequel2e-%02d" % rint(1, 5)}}}, indent=2)
    return t, p, "smrtlink_user"


@tpl("config-file", "clarity-lims-properties")
def _():
    p = pw()
    t = "# /opt/gls/clarity/config/clarity.properties\nclarity.db.url=jdbc:postgresql://localhost:5432/clarityDB\nclarity.db.user=clarity\nclarity.db.password=%s\nclarity.api.base=https://lims.%s/api/v2" % (
        p, dom())
    return t, p, "clarity.db.user=clarity"


@tpl("config-file", "samplesheet-sync-toml")
def _():
    p = pw()
    t = "[lims]\nurl = \"https://lims.%s\"\nusername = \"seq-sync\"\npassword = \"%s\"\n\n[watch]\nrun_dir = \"/mnt/novaseq/runs\"\npoll_seconds = 300" % (
        dom(), p)
    return t, p, "poll_seconds"


@tpl("config-file", "shibboleth-sp-key-pem")
def _():
    body = pem_rsa_body()
    t = "# /etc/shibboleth/sp-key.pem\n-----BEGIN RSA PRIVATE KEY-----\n%s\n-----END RSA PRIVATE KEY-----" % body
    return t, body, "/etc/shibboleth/sp-key.pem"


@tpl("config-file", "python3-saml-settings-privatekey")
def _():
    body = pem_pkcs8_body().replace("\n", "")
    t = '{\n  "strict": true,\n  "sp": {\n    "entityId": "https://apps.%s/saml/metadata",\n    "x509cert": "",\n    "privateKey": "%s"\n  }\n}' % (
        dom(), body)
    return t, body, '"strict": true'


@tpl("config-file", "keycloak-realm-client-secret")
def _():
    s = an(32)
    t = '{\n  "clientId": "%s",\n  "enabled": true,\n  "clientAuthenticatorType": "client-secret",\n  "secret": "%s",\n  "redirectUris": ["https://%s/*"]\n}' % (
        pick(["ondemand", "jupyterhub", "grafana", "coldfront"]), s, svc_host())
    return t, s, "clientAuthenticatorType"


@tpl("config-file", "ood-portal-oidc-secret")
def _():
    s = an(32)
    t = "# /etc/ood/config/ood_portal.yml\nservername: ondemand.%s\nauth:\n  - 'AuthType openid-connect'\n  - 'Require valid-user'\noidc_uri: /oidc\noidc_provider_metadata_url: https://sso.%s/.well-known/openid-configuration\noidc_client_id: ondemand\noidc_client_secret: %s" % (
        dom(), dom(), s)
    return t, s, "oidc_client_id: ondemand"


@tpl("config-file", "mod-auth-openidc-passphrase")
def _():
    s = pwg(32, syms=False)
    t = "OIDCProviderMetadataURL https://login.%s/.well-known/openid-configuration\nOIDCClientID %s\nOIDCClientSecret ${OIDC_CLIENT_SECRET}\nOIDCRedirectURI https://wiki.%s/redirect_uri\nOIDCCryptoPassphrase %s" % (
        dom(), uuid4(), dom(), s)
    return t, s, "OIDCRedirectURI"


@tpl("config-file", "gitlab-runner-config-toml")
def _():
    tok = "glrt-" + rs(_URLC, 20)
    t = "concurrent = 4\n\n[[runners]]\n  name = \"%s-slurm-runner\"\n  url = \"https://gitlab.%s\"\n  token = \"%s\"\n  executor = \"shell\"" % (
        cluster(), dom(), tok)
    return t, tok, "executor = \"shell\""


@tpl("config-file", "autograder-config-yml")
def _():
    p = pw()
    t = "course: %s%d\nterm: %s\ngrader:\n  db_host: %s\n  db_user: grader_ro\n  db_password: %s\n  timeout: 120\nlate_penalty: 0.1" % (
        pick(["CS", "STAT", "DS", "BIO"]), rint(100, 499), pick(["fall", "spring"]) + str(year()), svc_host("db"), p)
    return t, p, "grader_ro"


@tpl("config-file", "spring-application-properties")
def _():
    p = pw()
    t = "spring.datasource.url=jdbc:mysql://localhost:3306/%s\nspring.datasource.username=%s\nspring.datasource.password=%s\nspring.jpa.hibernate.ddl-auto=update" % (
        pick(["campus_events", "library_app", "lab_inventory"]), pick(["root", "app"]), p)
    return t, p, "spring.jpa.hibernate.ddl-auto"


@tpl("config-file", "appsettings-json-connection-string")
def _():
    p = pw().replace(";", "")
    t = '{\n  "ConnectionStrings": {\n    "Default": "Server=%s;Database=InstrumentBooking;User Id=booking_app;Password=%s;TrustServerCertificate=True"\n  },\n  "Logging": { "LogLevel": { "Default": "Information" } }\n}' % (
        svc_host("sql"), p)
    return t, p, "InstrumentBooking"


@tpl("config-file", "ppms-api-config")
def _():
    k = an(32)
    t = "[ppms]\nurl = https://ppms.%s/%s/pumapi/\napikey = %s\nfacility_id = %d" % (dom(), pick(["imaging", "flow", "genomics"]), k, rint(1, 20))
    return t, k, "facility_id"


@tpl("config-file", "laravel-env-app-key")
def _():
    k = "base64:" + b64(32)
    t = "APP_NAME=\"Lab Inventory\"\nAPP_ENV=production\nAPP_KEY=%s\nAPP_DEBUG=false\nAPP_URL=https://inventory.%s" % (k, dom())
    return t, k, "APP_NAME"


@tpl("config-file", "gh-hosts-yml-oauth")
def _():
    tok = "gho_" + an(36)
    u = netid().replace(".", "-")
    t = "github.com:\n    users:\n        %s:\n            oauth_token: %s\n    git_protocol: https\n    user: %s" % (u, tok, u)
    return t, tok, "git_protocol: https"


@tpl("config-file", "gradle-properties-signing")
def _():
    p = pw()
    t = "signing.keyId=%s\nsigning.password=%s\nsigning.secretKeyRingFile=/home/%s/.gnupg/secring.gpg\nossrhUsername=%s" % (
        uhx(8), p, netid(), netid())
    return t, p, "signing.keyId"


@tpl("config-file", "cargo-credentials-toml")
def _():
    tok = "cio" + an(32)
    t = "[registry]\ntoken = \"%s\"" % tok
    return t, tok, "[registry]"


@tpl("config-file", "gem-credentials")
def _():
    tok = "rubygems_" + hx(48)
    t = "---\n:rubygems_api_key: %s" % tok
    return t, tok, ":rubygems_api_key:"


@tpl("config-file", "kubeconfig-user-token")
def _():
    tok = jwt({"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": "jhub",
               "sub": "system:serviceaccount:jhub:ci-deployer"}, alg="RS256", sig=256, kid=rs(_URLC, 43))
    t = "users:\n- name: ci-deployer\n  user:\n    token: %s\ncontexts:\n- context:\n    cluster: %s-k8s\n    user: ci-deployer\n  name: %s" % (
        tok, cluster(), cluster())
    return t, tok, "name: ci-deployer"


@tpl("config-file", "ssh-private-key-file-ed25519")
def _():
    body = openssh_ed25519_body("svc-globus@%s" % dom())
    t = "-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----\n" % body
    return t, body, "-----END OPENSSH PRIVATE KEY-----"


@tpl("config-file", "ecmwfapirc-json")
def _():
    k = hx(32)
    e = email()
    t = '{\n    "url"   : "https://api.ecmwf.int/v1",\n    "key"   : "%s",\n    "email" : "%s"\n}' % (k, e)
    return t, k, e


@tpl("config-file", "casjobs-config")
def _():
    p = pw()
    t = "[CasJobs]\nwsid = %d\npassword = %s\ndefault_target = DR18" % (rint(10 ** 8, 10 ** 9), p)
    return t, p, "default_target"


@tpl("config-file", "xdmod-portal-settings-ini")
def _():
    p = pw()
    t = "[database]\nhost = \"localhost\"\nport = \"3306\"\nuser = \"xdmod\"\npass = \"%s\"\n\n[general]\nsite_address = \"https://xdmod.%s/\"" % (p, dom())
    return t, p, "site_address"


@tpl("config-file", "openhpc-input-local-bmc")
def _():
    p = pw()
    t = "# OpenHPC input.local\nsms_name=\"%s-sms\"\nsms_ip=\"%s\"\nbmc_username=\"ADMIN\"\nbmc_password=\"%s\"\nnum_computes=\"%d\"" % (
        cluster(), ip_priv(), p, rint(4, 256))
    return t, p, "num_computes"


@tpl("config-file", "telegraf-influx-output-password")
def _():
    p = pw()
    t = "[[outputs.influxdb]]\n  urls = [\"https://influx.%s:8086\"]\n  database = \"hpc_metrics\"\n  username = \"telegraf\"\n  password = \"%s\"" % (dom(), p)
    return t, p, "hpc_metrics"


@tpl("config-file", "bookstack-env")
def _():
    p = pw()
    t = "APP_URL=https://wiki.%s\nDB_HOST=localhost\nDB_DATABASE=bookstack\nDB_USERNAME=bookstack\nDB_PASSWORD=%s\nMAIL_DRIVER=smtp" % (dom(), p)
    return t, p, "DB_DATABASE=bookstack"


@tpl("config-file", "mlflow-basic-auth-ini")
def _():
    p = pw()
    t = "[mlflow]\ndefault_permission = READ\ndatabase_uri = sqlite:///basic_auth.db\nadmin_username = admin\nadmin_password = %s\nauthorization_function = mlflow.server.auth:authenticate_request_basic_auth" % p
    return t, p, "default_permission = READ"


@tpl("config-file", "galaxy-job-conf-long")
def _():
    p = pw(safe=True)
    t = """# config/job_conf.yml  (Galaxy %s)
runners:
  local:
    load: galaxy.jobs.runners.local:LocalJobRunner
    workers: 4
  slurm:
    load: galaxy.jobs.runners.slurm:SlurmJobRunner
    drmaa_library_path: /usr/lib64/libdrmaa.so.1

handling:
  assign: [db-skip-locked]

execution:
  default: slurm_default
  environments:
    local_env:
      runner: local
    slurm_default:
      runner: slurm
      native_specification: "--partition=%s --account=%s --time=24:00:00 --ntasks=4 --mem=16G"
      env:
        - name: GALAXY_MEMORY_MB
          value: 16000
    slurm_bigmem:
      runner: slurm
      native_specification: "--partition=bigmem --ntasks=16 --mem=500G"
    pulsar_remote:
      runner: pulsar_rest
      url: https://pulsar.%s:8913/
      private_token: %s

tools:
  - id: upload1
    environment: local_env
  - class: local
    environment: local_env
  - id: trinity
    environment: slurm_bigmem
""" % (pick(["24.0", "24.1", "23.2"]), partition(), account(), dom(), p)
    return t, p, "galaxy.jobs.runners.slurm:SlurmJobRunner"


# ---------------------------------------------------------------------------
# hand-written templates: source-code
# ---------------------------------------------------------------------------

@tpl("source-code", "py-psycopg2-connect-kwargs")
def _():
    p = pw()
    h = svc_host("pg")
    t = "import psycopg2\n\nconn = psycopg2.connect(\n    host=\"%s\",\n    dbname=\"%s\",\n    user=\"%s\",\n    password=\"%s\",\n)\ncur = conn.cursor()" % (
        h, _dbname(), _dbuser(), p)
    return t, p, h


@tpl("source-code", "py-sqlalchemy-create-engine-url")
def _():
    p = pw(safe=True)
    u = _dbuser()
    t = "from sqlalchemy import create_engine\n\nENGINE = create_engine(\"mysql+pymysql://%s:%s@%s:3306/%s\", pool_pre_ping=True)" % (
        u, p, svc_host("db"), _dbname())
    return t, p, "pool_pre_ping=True"


@tpl("source-code", "py-requests-auth-tuple")
def _():
    p = pw()
    u = pick(["api-reader", netid(), "facility"])
    t = "r = requests.get(f\"{BASE}/instruments/{iid}/bookings\", auth=(\"%s\", \"%s\"), timeout=20)\nr.raise_for_status()" % (u, p)
    return t, p, "r.raise_for_status()"


@tpl("source-code", "py-boto3-client-inline-keys")
def _():
    s = aws_secret()
    t = ("s3 = boto3.client(\n    \"s3\",\n    endpoint_url=\"https://s3.%s\",\n    aws_access_key_id=\"%s\",\n"
         "    aws_secret_access_key=\"%s\",\n)\ns3.upload_file(local, \"%s-archive\", key)") % (dom(), akid(), s, lab())
    return t, s, "s3.upload_file"


@tpl("source-code", "py-pycap-project")
def _():
    tok = uhx(32)
    t = "from redcap import Project\n\nURL = 'https://redcap.%s/api/'\nproj = Project(URL, '%s')\ndf = proj.export_records(format_type='df')" % (dom(), tok)
    return t, tok, "from redcap import Project"


@tpl("source-code", "py-globus-confidential-client")
def _():
    s = b64(32)
    t = ("import globus_sdk\n\nCLIENT_ID = \"%s\"\nclient = globus_sdk.ConfidentialAppAuthClient(CLIENT_ID, \"%s\")\n"
         "authorizer = globus_sdk.ClientCredentialsAuthorizer(client, globus_sdk.TransferClient.scopes.all)") % (uuid4(), s)
    return t, s, "ClientCredentialsAuthorizer"


@tpl("source-code", "py-smtplib-login")
def _():
    p = pw()
    u = email()
    t = "with smtplib.SMTP(\"smtp.%s\", 587) as s:\n    s.starttls()\n    s.login(\"%s\", \"%s\")\n    s.send_message(msg)" % (dom(), u, p)
    return t, p, u


@tpl("source-code", "py-ldap3-bind")
def _():
    p = pw()
    t = "server = Server('ldaps://ldap.%s', use_ssl=True)\nconn = Connection(server, user='uid=svc-portal,ou=services,dc=uni', password='%s', auto_bind=True)" % (dom(), p)
    return t, p, "auto_bind=True"


@tpl("source-code", "py-paramiko-password")
def _():
    p = pw()
    h = login_host()
    t = "client = paramiko.SSHClient()\nclient.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nclient.connect(\"%s\", username=\"%s\", password=\"%s\")" % (h, netid(), p)
    return t, p, h


@tpl("source-code", "py-pymysql-passwd")
def _():
    p = pw()
    t = "conn = pymysql.connect(host='%s', user='%s', passwd='%s', db='%s', charset='utf8mb4')" % (svc_host("db"), _dbuser(), p, _dbname())
    return t, p, "charset='utf8mb4'"


@tpl("source-code", "py-omero-blitzgateway")
def _():
    p = pw()
    u = netid()
    t = "from omero.gateway import BlitzGateway\n\nconn = BlitzGateway('%s', '%s', host='omero.%s', port=4064, secure=True)\nconn.connect()" % (u, p, dom())
    return t, p, "BlitzGateway('%s'" % u


@tpl("source-code", "py-flask-secret-key")
def _():
    k = hx(64)
    t = "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"%s\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True" % k
    return t, k, "SESSION_COOKIE_SECURE"


@tpl("source-code", "py-jwt-encode-hs256-secret")
def _():
    s = pwg(32, syms=False)
    t = "def make_token(user):\n    payload = {\"sub\": user.netid, \"exp\": datetime.utcnow() + timedelta(hours=8)}\n    return jwt.encode(payload, \"%s\", algorithm=\"HS256\")" % s
    return t, s, "def make_token(user):"


@tpl("source-code", "py-webhook-secret-bytes")
def _():
    s = hx(40)
    t = "WEBHOOK_SECRET = b\"%s\"\n\ndef verify(body, sig):\n    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(\"sha256=\" + mac, sig)" % s
    return t, s, "def verify(body, sig):"


@tpl("source-code", "r-dbconnect-rpostgres")
def _():
    p = pw()
    t = "con <- DBI::dbConnect(\n  RPostgres::Postgres(),\n  host = \"%s\",\n  dbname = \"%s\",\n  user = \"%s\",\n  password = \"%s\"\n)" % (
        svc_host("pg"), _dbname(), _dbuser(), p)
    return t, p, "RPostgres::Postgres()"


@tpl("source-code", "r-redcapr-read-token")
def _():
    tok = uhx(32)
    t = "ds <- REDCapR::redcap_read(\n  redcap_uri = \"https://redcap.%s/api/\",\n  token      = \"%s\"\n)$data" % (dom(), tok)
    return t, tok, "REDCapR::redcap_read"


@tpl("source-code", "r-httr-authenticate")
def _():
    p = pw()
    t = "resp <- httr::GET(\"https://lims.%s/api/samples\", httr::authenticate(\"%s\", \"%s\"))\nsamples <- httr::content(resp)" % (dom(), netid(), p)
    return t, p, "httr::content"


@tpl("source-code", "julia-libpq-connection")
def _():
    p = pw()
    t = "using LibPQ, DataFrames\nconn = LibPQ.Connection(\"host=%s dbname=%s user=%s password=%s\")\ndf = DataFrame(execute(conn, \"SELECT * FROM runs\"))" % (
        svc_host("pg"), _dbname(), _dbuser(), p)
    return t, p, "using LibPQ, DataFrames"


@tpl("source-code", "matlab-database-connection")
def _():
    p = pw()
    t = "conn = database('%s','%s','%s','Vendor','MySQL','Server','%s');\ndata = fetch(conn, 'SELECT * FROM acquisitions');" % (
        _dbname(), _dbuser(), p, svc_host("db"))
    return t, p, "'Vendor','MySQL'"


@tpl("source-code", "matlab-weboptions-password")
def _():
    p = pw()
    t = "opts = weboptions('Username','%s','Password','%s','Timeout',60);\nimg = webread('https://omero.%s/webgateway/render_image/%d/', opts);" % (
        netid(), p, dom(), rint(1000, 99999))
    return t, p, "'Timeout',60"


@tpl("source-code", "c-mysql-real-connect")
def _():
    p = pw().replace("\\", "").replace("\"", "")
    t = "if (!mysql_real_connect(conn, \"%s\", \"%s\", \"%s\", \"%s\", 0, NULL, 0)) {\n    fprintf(stderr, \"%%s\\n\", mysql_error(conn));\n    exit(1);\n}" % (
        svc_host("db"), _dbuser(), p, _dbname())
    return t, p, "mysql_error(conn)"


@tpl("source-code", "cpp-const-api-key")
def _():
    k = an(40)
    t = "namespace stage {\n// REST API of the stage controller (firmware 3.x)\nconst std::string kHost = \"http://%s:8080\";\nconst std::string kApiKey = \"%s\";\n}  // namespace stage" % (
        ip_priv(), k)
    return t, k, "namespace stage"


@tpl("source-code", "java-jdbc-oracle-drivermanager")
def _():
    p = pw()
    t = "Connection c = DriverManager.getConnection(\n    \"jdbc:oracle:thin:@//oradb.%s:1521/LIMSPRD\", \"lims_app\", \"%s\");" % (dom(), p)
    return t, p, "DriverManager.getConnection"


@tpl("source-code", "java-static-final-password")
def _():
    p = pw()
    t = "public final class FtpConfig {\n    public static final String HOST = \"ftp.%s\";\n    public static final String USER = \"seqcore\";\n    public static final String PASSWORD = \"%s\";\n}" % (dom(), p)
    return t, p, "public final class FtpConfig"


@tpl("source-code", "node-pg-pool-password")
def _():
    p = pw()
    t = "const pool = new Pool({\n  host: '%s',\n  user: '%s',\n  password: '%s',\n  database: '%s',\n  max: 10,\n});" % (
        svc_host("pg"), _dbuser(), p, _dbname())
    return t, p, "new Pool"


@tpl("source-code", "ts-environment-api-secret")
def _():
    s = an(40)
    t = "export const environment = {\n  production: false,\n  apiUrl: 'https://api.%s',\n  apiSecret: '%s',\n};" % (dom(), s)
    return t, s, "production: false"


@tpl("source-code", "go-sql-open-dsn")
def _():
    p = pw(safe=True)
    t = "db, err := sql.Open(\"postgres\", \"postgres://%s:%s@%s/%s?sslmode=disable\")\nif err != nil {\n\tlog.Fatal(err)\n}" % (
        _dbuser(), p, svc_host("pg"), _dbname())
    return t, p, "log.Fatal(err)"


@tpl("source-code", "rust-reqwest-bearer-auth")
def _():
    tok = "ghp_" + an(36)
    t = "let resp = client\n    .get(\"https://api.github.com/repos/%s-lab/data/releases\")\n    .bearer_auth(\"%s\")\n    .send()\n    .await?;" % (lab(), tok)
    return t, tok, ".send()"


@tpl("source-code", "bash-function-curl-user")
def _():
    p = pw()
    t = "fetch_run() {\n    local run=\"$1\"\n    curl -fsS -u \"seqcore:%s\" \"https://seq.%s/runs/${run}.tar\" -o \"${run}.tar\"\n}" % (p, dom())
    return t, p, "fetch_run()"


@tpl("source-code", "perl-dbi-connect")
def _():
    p = pw()
    t = "my $dbh = DBI->connect(\"dbi:Pg:dbname=%s;host=%s\", \"%s\", \"%s\", { RaiseError => 1 });" % (
        _dbname(), svc_host("pg"), _dbuser(), p)
    return t, p, "RaiseError => 1"


@tpl("source-code", "php-new-mysqli")
def _():
    p = pw()
    t = "$db = new mysqli(\"localhost\", \"%s\", \"%s\", \"%s\");\nif ($db->connect_errno) { die(\"db down\"); }" % (_dbuser(), p, _dbname())
    return t, p, "connect_errno"


@tpl("source-code", "ruby-octokit-client")
def _():
    tok = "ghp_" + an(36)
    t = "client = Octokit::Client.new(access_token: '%s')\nclient.auto_paginate = true\nrepos = client.org_repos('%s-lab')" % (tok, lab())
    return t, tok, "auto_paginate"


@tpl("source-code", "csharp-sqlconnection-string")
def _():
    p = pw().replace(";", "")
    t = "using var conn = new SqlConnection(\"Server=%s;Database=FlowCore;User Id=flow_app;Password=%s;\");\nconn.Open();" % (
        svc_host("sql"), p)
    return t, p, "conn.Open();"


@tpl("source-code", "powershell-securestring-plaintext")
def _():
    p = pw()
    u = "FACILITY\\svc_%s" % pick(["ms", "scope", "flow"])
    t = "$secpw = ConvertTo-SecureString '%s' -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential('%s', $secpw)\nNew-PSDrive -Name Z -PSProvider FileSystem -Root \\\\nas01\\raw -Credential $cred" % (p, u)
    return t, p, u


@tpl("source-code", "groovy-def-sftp-pass")
def _():
    p = pw()
    t = "def sftpHost = 'sftp.%s'\ndef sftpUser = 'upload'\ndef sftpPass = '%s'\nprocess PUSH_RESULTS {\n    input: path results\n" % (dom(), p)
    return t, p, "process PUSH_RESULTS"


@tpl("source-code", "idl-idlneturl-password")
def _():
    p = pw()
    t = "oUrl = OBJ_NEW('IDLnetUrl')\noUrl->SetProperty, URL_SCHEME='https', URL_HOST='archive.%s', URL_USERNAME='%s', URL_PASSWORD='%s'\nfn = oUrl->Get(FILENAME='frame.fits')" % (
        dom(), netid(), p)
    return t, p, "IDLnetUrl"


@tpl("source-code", "mathematica-urlread-bearer")
def _():
    tok = an(40)
    t = "resp = URLRead[HTTPRequest[\"https://api.adsabs.harvard.edu/v1/search/query?q=bibcode:%s\", <|\"Headers\" -> {\"Authorization\" -> \"Bearer %s\"}|>]];" % (
        "%dApJ...%d..%dS" % (year(), rint(800, 990), rint(10, 99)), tok)
    return t, tok, "URLRead[HTTPRequest"


@tpl("source-code", "sql-create-user-with-password")
def _():
    p = pw().replace("'", "")
    t = "-- migrations/0003_roles.sql\nCREATE ROLE lims_app WITH LOGIN PASSWORD '%s';\nGRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA public TO lims_app;" % p
    return t, p, "GRANT SELECT"


@tpl("source-code", "tsql-alter-login")
def _():
    p = pw().replace("'", "")
    t = "ALTER LOGIN [acq_writer] WITH PASSWORD = N'%s', CHECK_POLICY = OFF;\nGO" % p
    return t, p, "CHECK_POLICY = OFF"


@tpl("source-code", "py-microscope-api-header")
def _():
    k = hx(40)
    t = "HEADERS = {\"X-Api-Key\": \"%s\", \"Accept\": \"application/json\"}\n\ndef start_acquisition(stage_pos):\n    return requests.post(f\"http://{SCOPE}/api/acquire\", json=stage_pos, headers=HEADERS)" % k
    return t, k, "def start_acquisition"


@tpl("source-code", "py-slack-webhook-constant")
def _():
    sec = an(24)
    t = "# notify the lab channel when the sequencer finishes\nSLACK_WEBHOOK = \"https://hooks.slack.com/services/T%s/B%s/%s\"\nrequests.post(SLACK_WEBHOOK, json={\"text\": f\"Run {run_id} done\"})" % (
        rs(_UAN, 8), rs(_UAN, 10), sec)
    return t, sec, "notify the lab channel"


@tpl("source-code", "py-discord-client-run")
def _():
    tok = _discord()
    t = "@client.event\nasync def on_ready():\n    print(f\"logged in as {client.user}\")\n\nclient.run(\"%s\")" % tok
    return t, tok, "async def on_ready()"


@tpl("source-code", "py-telegram-job-alert")
def _():
    tok = _telegram()
    t = "BOT = \"%s\"\nCHAT = %d\n\ndef alert(msg):\n    requests.get(f\"https://api.telegram.org/bot{BOT}/sendMessage\", params={\"chat_id\": CHAT, \"text\": msg})" % (
        tok, -rint(10 ** 9, 10 ** 10))
    return t, tok, "def alert(msg):"


@tpl("source-code", "pytest-fixture-creds")
def _():
    p = pw()
    t = "@pytest.fixture\ndef db_creds():\n    return {\"host\": \"%s\", \"user\": \"grader\", \"password\": \"%s\"}" % (svc_host("db"), p)
    return t, p, "@pytest.fixture"


@tpl("source-code", "gradescope-run-autograder")
def _():
    p = pw()
    t = "#!/usr/bin/env bash\n# run_autograder\ncd /autograder/source\nexport COURSE_DB_URL=\"mysql://grader:%s@%s/course\"\npython3 run_tests.py > /autograder/results/results.json" % (
        pct(p), svc_host("db"))
    return t, pct(p), "/autograder/results/results.json"


@tpl("source-code", "ipynb-getpass-replaced")
def _():
    p = pw()
    t = "# password = getpass.getpass(\"LIMS password: \")\npassword = \"%s\"\nsession = lims.login(\"%s\", password)" % (p, netid())
    return t, p, "getpass.getpass"


@tpl("source-code", "js-fetch-basic-btoa")
def _():
    p = pw().replace("'", "")
    u = pick(["viewer", "pi", "collab"])
    t = "const res = await fetch(`${API}/plates`, {\n  headers: { Authorization: 'Basic ' + btoa('%s:%s') },\n});" % (u, p)
    return t, p, "${API}/plates"


@tpl("source-code", "kotlin-const-api-secret")
def _():
    s = hx(32)
    t = "object ApiConfig {\n    const val BASE_URL = \"https://campus-app.%s/api/\"\n    const val API_SECRET = \"%s\"\n}" % (dom(), s)
    return t, s, "object ApiConfig"


@tpl("source-code", "swift-let-api-key")
def _():
    k = "AIza" + rs(_URLC, 35)
    t = "struct Secrets {\n    static let mapsKey = \"%s\"\n}\nGMSServices.provideAPIKey(Secrets.mapsKey)" % k
    return t, k, "GMSServices.provideAPIKey"


@tpl("source-code", "stata-odbc-password")
def _():
    p = pw()
    t = "odbc load, exec(\"SELECT * FROM wave4_responses\") dsn(\"survey_prod\") user(\"%s\") password(\"%s\") clear" % (netid(), p)
    return t, p, "wave4_responses"


@tpl("source-code", "sas-libname-odbc")
def _():
    p = pw()
    t = "libname cohort odbc datasrc=\"CohortDW\" user=%s password=\"%s\" schema=dbo;\nproc contents data=cohort.visits; run;" % (netid(), p)
    return t, p, "proc contents"


@tpl("source-code", "py-openai-client-inline")
def _():
    k = _openai()
    t = "from openai import OpenAI\n\nclient = OpenAI(api_key=\"%s\")\nresp = client.chat.completions.create(model=\"gpt-4o-mini\", messages=msgs)" % k
    return t, k, "from openai import OpenAI"


@tpl("source-code", "py-anthropic-client-inline")
def _():
    k = _anthropic()
    t = "import anthropic\nclient = anthropic.Anthropic(api_key='%s')\nmsg = client.messages.create(model=MODEL, max_tokens=1024, messages=[{'role': 'user', 'content': prompt}])" % k
    return t, k, "max_tokens=1024"


@tpl("source-code", "py-hf-hub-login-inline")
def _():
    tok = "hf_" + rs(_LET, 34)
    t = "from huggingface_hub import login, snapshot_download\nlogin(\"%s\")\nsnapshot_download(\"%s/%s\", local_dir=\"%s/models\")" % (
        tok, lab(), pick(["esm-finetune", "cell-seg", "galaxy-zoo-vit"]), scratch())
    return t, tok, "snapshot_download"


@tpl("source-code", "py-pyorcid-client-secret")
def _():
    s = uuid4()
    t = "api = orcid.MemberAPI('APP-%s', '%s', sandbox=False)\ntoken = api.get_token_from_authorization_code(code, REDIRECT)" % (rs(_UAN, 16), s)
    return t, s, "get_token_from_authorization_code"


@tpl("source-code", "py-xnat-connect")
def _():
    p = pw()
    t = "import xnat\nwith xnat.connect('https://xnat.%s', user='%s', password='%s') as session:\n    proj = session.projects['%s']" % (
        dom(), netid(), p, pick(["ADNI_LOCAL", "PET01", "NEURO22"]))
    return t, p, "import xnat"


@tpl("source-code", "py-ftplib-login")
def _():
    p = pw()
    t = "ftp = ftplib.FTP_TLS(\"ftp.%s\")\nftp.login(\"%s\", \"%s\")\nftp.prot_p()\nftp.cwd(\"/incoming/%s\")" % (dom(), pick(["seqcore", "upload", "collab"]), p, lab())
    return t, p, "ftp.prot_p()"


@tpl("source-code", "sbatch-script-long-inline-secret")
def _():
    s = aws_secret()
    t = """#!/bin/bash
#SBATCH --job-name=era5-regrid
#SBATCH --account=%s
#SBATCH --partition=%s
#SBATCH --nodes=1
#SBATCH --ntasks=32
#SBATCH --mem=180G
#SBATCH --time=12:00:00
#SBATCH --array=1979-2023
#SBATCH --output=logs/%%x_%%A_%%a.out

set -euo pipefail
module purge
module load cdo/2.3.0 nco/5.1.9 python/3.11

YEAR=${SLURM_ARRAY_TASK_ID}
IN=/projects/%s/era5/raw/${YEAR}
OUT=$SCRATCH/era5/regrid/${YEAR}
mkdir -p "$OUT"

for f in "$IN"/*.nc; do
    cdo -P 32 remapcon,grids/r360x180.txt "$f" "$OUT/$(basename "$f")"
done

# push to the object store used by the climate group
export AWS_ACCESS_KEY_ID=%s
export AWS_SECRET_ACCESS_KEY=%s
aws --endpoint-url https://s3.%s s3 sync "$OUT" s3://%s-era5/regrid/${YEAR}/ --only-show-errors
""" % (account(), partition(), lab(), rs(_UAN, 20), s, dom(), lab())
    return t, s, "#SBATCH --job-name=era5-regrid"


# ---------------------------------------------------------------------------
# hand-written templates: stack-trace-or-log
# ---------------------------------------------------------------------------

@tpl("stack-trace-or-log", "sqlalchemy-operationalerror-url")
def _():
    p = pw(safe=True)
    h = svc_host("pg")
    t = ("sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at \"%s\" (%s), port 5432 failed: timeout expired\n\n"
         "(Background on this error at: https://sqlalche.me/e/20/e3q8)\nengine url was postgresql://%s:%s@%s:5432/%s") % (
        h, ip_priv(), _dbuser(), p, h, _dbname())
    return t, p, "sqlalche.me/e/20/e3q8"


@tpl("stack-trace-or-log", "psycopg2-dsn-in-log")
def _():
    p = pw()
    t = "%s ERROR ingest.db: could not connect, dsn='host=%s port=5432 dbname=%s user=%s password=%s connect_timeout=5'" % (
        ts_ms(), svc_host("pg"), _dbname(), _dbuser(), p)
    return t, p, "ERROR ingest.db"


@tpl("stack-trace-or-log", "java-jdbc-url-password-param")
def _():
    p = pw(safe=True)
    t = ("java.sql.SQLNonTransientConnectionException: Could not create connection to database server. Attempted reconnect 3 times. Giving up.\n"
         "\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:110)\n"
         "\tat com.mysql.cj.jdbc.ConnectionImpl.connectWithRetries(ConnectionImpl.java:898)\n"
         "Caused by: url=jdbc:mysql://%s:3306/%s?user=%s&password=%s&useSSL=true") % (svc_host("db"), _dbname(), _dbuser(), p)
    return t, p, "SQLNonTransientConnectionException"


@tpl("stack-trace-or-log", "nginx-access-log-jupyter-token")
def _():
    tok = hx(48)
    t = '%s - - [%02d/%s/%d:%s +0000] "GET /user/%s/lab?token=%s HTTP/1.1" 302 0 "-" "Mozilla/5.0 (X11; Linux x86_64)"' % (
        ip_priv(), rint(1, 28), pick(["Mar", "Apr", "Oct"]), year(), hms(), netid(), tok)
    return t, tok, "HTTP/1.1\" 302"


@tpl("stack-trace-or-log", "apache-access-log-api-key-query")
def _():
    k = hx(32)
    t = '%s - - [%02d/%s/%d:%s +0100] "GET /api/v1/instruments?api_key=%s&format=json HTTP/1.1" 200 %d' % (
        ip_priv(), rint(1, 28), pick(["Jan", "Feb", "Nov"]), year(), hms(), k, rint(200, 9000))
    return t, k, "/api/v1/instruments"


@tpl("stack-trace-or-log", "git-fatal-unable-to-access-token")
def _():
    tok = "ghp_" + an(36)
    t = "remote: Permission to %s-lab/%s.git denied to %s.\nfatal: unable to access 'https://%s@github.com/%s-lab/%s.git/': The requested URL returned error: 403" % (
        lab(), "analysis", netid(), tok, lab(), "analysis")
    return t, tok, "The requested URL returned error: 403"


@tpl("stack-trace-or-log", "conda-http-error-token-url")
def _():
    tok = rs(_LO, 2) + "-" + uuid4()
    t = "CondaHTTPError: HTTP 401 UNAUTHORIZED for url <https://conda.anaconda.org/t/%s/%s-private/noarch/repodata.json>\nElapsed: 00:00.%d\n\nThe remote server has indicated you are using invalid credentials for this channel." % (
        tok, lab(), rint(100000, 999999))
    return t, tok, "CondaHTTPError"


@tpl("stack-trace-or-log", "curl-verbose-basic-auth")
def _():
    u = pick(["seqcore", "api", netid()])
    p = pw()
    enc = b64t("%s:%s" % (u, p))
    t = "* Connected to lims.%s (%s) port 443\n> GET /api/v2/samples?state=QUEUED HTTP/2\n> Host: lims.%s\n> Authorization: Basic %s\n> user-agent: curl/8.5.0\n< HTTP/2 200" % (
        dom(), ip_priv(), dom(), enc)
    return t, enc, "user-agent: curl/8.5.0"


@tpl("stack-trace-or-log", "airflow-task-log-conn-uri")
def _():
    p = pw(safe=True)
    t = "[%s] {base.py:83} INFO - Using connection ID 'lims_pg' for task execution.\n[%s] {sql.py:418} INFO - Running statement: SELECT 1, uri=postgres://etl:%s@%s:5432/lims" % (
        ts_ms(), ts_ms(), p, svc_host("pg"))
    return t, p, "Using connection ID 'lims_pg'"


@tpl("stack-trace-or-log", "python-debug-payload-dict")
def _():
    p = pw()
    u = netid()
    t = "DEBUG:portal.client:POST https://grants.%s/api/session payload={'username': '%s', 'password': '%s', 'remember': True}" % (dom(), u, p)
    return t, p, "'username': '%s'" % u


@tpl("stack-trace-or-log", "snakemake-shell-rclone-secret")
def _():
    s = aws_secret()
    t = "rule upload_results:\n    input: results/summary.tsv\n    jobid: %d\n    reason: Missing output files\n\nrclone copy results/ s3remote:%s-results --s3-access-key-id %s --s3-secret-access-key %s" % (
        rint(1, 400), lab(), rs(_UAN, 20), s)
    return t, s, "rule upload_results"


@tpl("stack-trace-or-log", "nextflow-log-cli-params")
def _():
    p = pw()
    t = "%s [main] DEBUG nextflow.cli.Launcher - $> nextflow run nf-core/rnaseq -r 3.14.0 -profile %s --input samplesheet.csv --lims_user %s --lims_pass '%s'" % (
        pick(["Mar-04", "Nov-12", "Jun-30"]) + " " + hms() + ".%03d" % rint(0, 999), cluster(), netid(), p)
    return t, p, "nextflow.cli.Launcher"


@tpl("stack-trace-or-log", "syslog-sudo-command-password")
def _():
    p = pw()
    u = netid()
    t = "%s %s sudo[%d]: %s : TTY=pts/%d ; PWD=/home/%s ; USER=root ; COMMAND=/usr/bin/mysql -u root -p%s slurm_acct_db" % (
        pick(["Mar  4", "Nov 12", "Jun 30"]) + " " + hms(), "%s-mgmt01" % cluster(), rint(1000, 99999), u, rint(0, 9), u, p)
    return t, p, "USER=root"


@tpl("stack-trace-or-log", "sshd-invalid-user-is-password")
def _():
    p = pw(style=pick(["word", "leet", "two"]))
    t = ("%s %s sshd[%d]: Invalid user %s from %s port %d\n%s %s sshd[%d]: Accepted keyboard-interactive/pam for %s from %s port %d ssh2") % (
        "Apr 11 " + hms(), "login2", rint(1000, 99999), p, ip_priv(), rint(30000, 65000),
        "Apr 11 " + hms(), "login2", rint(1000, 99999), netid(), ip_priv(), rint(30000, 65000))
    return t, p, "Accepted keyboard-interactive/pam"


@tpl("stack-trace-or-log", "bash-xtrace-curl-bearer")
def _():
    tok = "glpat-" + rs(_URLC, 20)
    t = "+ API=https://gitlab.%s/api/v4\n+ curl -sf --header 'PRIVATE-TOKEN: %s' 'https://gitlab.%s/api/v4/projects/%d/pipelines?ref=main'\n+ jq -r '.[0].status'" % (
        dom(), tok, dom(), rint(10, 900))
    return t, tok, "jq -r '.[0].status'"


@tpl("stack-trace-or-log", "django-traceback-local-vars")
def _():
    p = pw()
    t = ("Traceback (most recent call last):\n  File \"/srv/booking/booking/sync.py\", line %d, in pull_ppms\n"
         "    session.login(user, password)\n\nLocal vars:\n  user = 'svc_booking'\n  password = '%s'\n  session = <PPMSSession object at 0x7f%s>\n"
         "ppms.errors.AuthError: 401 Unauthorized") % (rint(20, 200), p, hx(9))
    return t, p, "ppms.errors.AuthError"


@tpl("stack-trace-or-log", "javamail-auth-failed-props")
def _():
    p = pw()
    t = ("javax.mail.AuthenticationFailedException: 535 5.7.3 Authentication unsuccessful\n\tat com.sun.mail.smtp.SMTPTransport$Authenticator.authenticate(SMTPTransport.java:947)\n"
         "mail session props: {mail.smtp.host=smtp.%s, mail.smtp.port=587, mail.smtp.user=noreply-lims, mail.smtp.password=%s, mail.smtp.starttls.enable=true}") % (dom(), p)
    return t, p, "AuthenticationFailedException"


@tpl("stack-trace-or-log", "spring-debug-datasource-props")
def _():
    p = pw()
    t = "%s DEBUG 1 --- [main] o.s.b.c.p.s.ConfigurationPropertySources : spring.datasource.url=jdbc:postgresql://db:5432/booking spring.datasource.username=booking spring.datasource.password=%s" % (
        ts(), p)
    return t, p, "ConfigurationPropertySources"


@tpl("stack-trace-or-log", "r-curl-error-token-url")
def _():
    tok = an(40)
    t = "Error in curl::curl_fetch_memory(url, handle = handle) : \n  Timeout was reached: [api.%s] Operation timed out after 10001 milliseconds\nCalled from: https://api.%s/v1/export?token=%s&format=csv" % (
        dom(), dom(), tok)
    return t, tok, "curl::curl_fetch_memory"


@tpl("stack-trace-or-log", "matlab-webread-error-apikey")
def _():
    k = hx(32)
    t = "Error using webread (line 122)\nThe server returned the status 403 with message \"Forbidden\" in response to the request to URL\nhttps://api.%s/v2/stations?apikey=%s&network=%s." % (
        dom(), k, pick(["AWS", "CRN", "METAR"]))
    return t, k, "Error using webread"


@tpl("stack-trace-or-log", "instrument-software-connection-string")
def _():
    p = pw().replace(";", "")
    t = "%s [AcqServer] WARN  Export target unreachable, retry in 60 s (ConnectionString=Server=%s;Database=MSQueue;User Id=acq;Password=%s)" % (
        ts_ms(), svc_host("sql"), p)
    return t, p, "[AcqServer]"


@tpl("stack-trace-or-log", "lims-integration-post-body")
def _():
    k = an(32)
    t = "%s INFO  lims-bridge  POST /api/v1/samples/bulk 201 (%d ms) body={\"api_key\": \"%s\", \"plate\": \"PL-%05d\", \"wells\": 96}" % (
        ts(), rint(20, 900), k, rint(1, 99999))
    return t, k, "lims-bridge"


@tpl("stack-trace-or-log", "cron-mail-subject-command")
def _():
    p = pw()
    t = "Subject: Cron <root@dtn1> RSYNC_PASSWORD='%s' rsync -a rsync://mirror@archive.%s/sdss/ /data/sdss/\n\nrsync: [receiver] write failed on \"/data/sdss/dr18/...\": No space left on device (28)" % (
        p, dom())
    return t, p, "No space left on device"


@tpl("stack-trace-or-log", "journald-mlflow-backend-uri")
def _():
    p = pw(safe=True)
    t = "%s %s mlflow[%d]: [INFO] Starting gunicorn 21.2.0 --backend-store-uri postgresql://mlflow:%s@%s/mlflow --default-artifact-root s3://%s-mlflow" % (
        "Oct 03 " + hms(), "ml-srv", rint(1000, 9999), p, svc_host("pg"), lab())
    return t, p, "Starting gunicorn"


@tpl("stack-trace-or-log", "elasticsearch-first-start-password")
def _():
    p = rs(_AN + "*_-=+", 20)
    t = ("\u2139\ufe0f  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  %s\n\n"
         "\u2139\ufe0f  HTTP CA certificate SHA-256 fingerprint:\n  %s") % (p, hx(64))
    return t, p, "Password for the elastic user"


@tpl("stack-trace-or-log", "jenkins-setup-wizard-log")
def _():
    p = hx(32)
    t = "*************************************************************\n\nJenkins initial setup is required. An admin user has been created and a password generated.\nPlease use the following password to proceed to installation:\n\n%s\n\nThis may also be found at: /var/jenkins_home/secrets/initialAdminPassword" % p
    return t, p, "Jenkins initial setup is required"


@tpl("stack-trace-or-log", "ansible-vvv-module-args")
def _():
    p = pw()
    t = "ok: [%s-mgmt01] => {\"changed\": false, \"invocation\": {\"module_args\": {\"login_host\": \"localhost\", \"login_user\": \"root\", \"login_password\": \"%s\", \"name\": \"slurm_acct_db\", \"state\": \"present\"}}}" % (
        cluster(), p)
    return t, p, "module_args"


@tpl("stack-trace-or-log", "terraform-plan-password-attr")
def _():
    p = pw()
    t = "  # openstack_db_user_v1.lims will be created\n  + resource \"openstack_db_user_v1\" \"lims\" {\n      + id          = (known after apply)\n      + name        = \"lims\"\n      + password    = \"%s\"\n      + region      = \"RegionOne\"\n    }" % p
    return t, p, "openstack_db_user_v1"


@tpl("stack-trace-or-log", "requests-traceback-access-token-url")
def _():
    tok = an(60)
    t = ("  File \"/home/%s/.local/lib/python3.11/site-packages/requests/adapters.py\", line 519, in send\n"
         "    raise ConnectionError(e, request=request)\nrequests.exceptions.ConnectionError: HTTPSConnectionPool(host='zenodo.org', port=443): Max retries exceeded with url: /api/deposit/depositions/%d/files?access_token=%s") % (
        netid(), rint(1000000, 9999999), tok)
    return t, tok, "requests.exceptions.ConnectionError"


@tpl("stack-trace-or-log", "sentry-breadcrumb-authorization")
def _():
    tok = "Bearer " + jwt({"sub": netid(), "scope": "samples:write", "exp": epoch()})
    sec = tok.split(" ", 1)[1]
    t = '{"type": "http", "category": "httplib", "data": {"method": "POST", "url": "https://lims.%s/api/samples", "status_code": 500, "headers": {"Authorization": "%s"}}}' % (dom(), tok)
    return t, sec, '"category": "httplib"'


@tpl("stack-trace-or-log", "mass-spec-queue-smb-creds")
def _():
    p = pw()
    t = "%s | QueueMonitor | copying %s.raw -> \\\\nas01\\massspec\\%d (user=MS\\acq, pass=%s) ... ok (%.1f GB)" % (
        ts_sp(), "QE%d_%s" % (rint(1, 3), rs(_UAN, 6)), year(), p, rint(10, 80) / 10.0)
    return t, p, "QueueMonitor"


@tpl("stack-trace-or-log", "globus-debug-client-secret")
def _():
    s = b64(32)
    t = "%s DEBUG globus_sdk.authorizers.client_credentials: requesting token with client_id=%s client_secret=%s scopes=['urn:globus:auth:scope:transfer.api.globus.org:all']" % (
        ts_ms(), uuid4(), s)
    return t, s, "globus_sdk.authorizers"


@tpl("stack-trace-or-log", "powershell-transcript-net-use")
def _():
    p = pw()
    t = "**********************\nWindows PowerShell transcript start\nStart time: %s\nUsername: FACILITY\\operator\n**********************\nPS C:\\Users\\operator> net use X: \\\\nas01\\flow /user:FACILITY\\svc_flow %s\nThe command completed successfully." % (
        date().replace("-", "") + hms().replace(":", ""), p)
    return t, p, "Windows PowerShell transcript start"


@tpl("stack-trace-or-log", "kubelet-event-env-dump")
def _():
    p = pw()
    t = "Warning  BackOff  %dm  kubelet  Back-off restarting failed container ckan in pod ckan-%s\n  container env: CKAN_SQLALCHEMY_URL=postgresql://ckan:%s@ckan-db/ckan CKAN_SITE_URL=https://data.%s" % (
        rint(1, 59), lan(5), p, dom())
    return t, p, "Back-off restarting failed container"


@tpl("stack-trace-or-log", "celery-worker-broker-url-unmasked")
def _():
    p = pw(safe=True)
    t = "[%s: ERROR/MainProcess] consumer: Cannot connect to amqp://pipeline:%s@%s:5672//: [Errno 111] Connection refused.\nTrying again in 4.00 seconds... (2/100)" % (
        ts_ms(), p, svc_host("mq"))
    return t, p, "Trying again in 4.00 seconds"


@tpl("stack-trace-or-log", "pbs-job-stderr-echo")
def _():
    p = pw()
    t = "=>> PBS: job %s.pbs01 starting\n+ export IRODS_PASSWORD=%s\n+ iget -r /rdmZone/projects/%s/raw .\nERROR: getUtil: get error for ./raw status = -808000 CAT_NO_ROWS_FOUND" % (
        jobid(), p, lab())
    return t, p, "CAT_NO_ROWS_FOUND"


@tpl("stack-trace-or-log", "wandb-debug-log-api-key")
def _():
    k = hx(40)
    t = "%s DEBUG   MainThread:%d [wandb_setup.py:_flush():76] Loading settings from environment variables: {'api_key': '%s', 'project': '%s', 'mode': 'online'}" % (
        ts_ms(), rint(1000, 99999), k, pick(["protein-lm", "unet-seg", "ddpm-galaxies"]))
    return t, k, "wandb_setup.py"


@tpl("stack-trace-or-log", "galaxy-job-stderr-api-key-url")
def _():
    k = hx(32)
    t = "galaxy.jobs.runners.slurm ERROR %s (%s) job failed: curl: (22) The requested URL returned error: 500\n  command: curl -fsS 'https://usegalaxy.%s/api/tools/fetch?key=%s'" % (
        ts_ms(), jobid(), pick(["eu", "org"]), k)
    return t, k, "galaxy.jobs.runners.slurm"


@tpl("stack-trace-or-log", "openreview-401-request-dump")
def _():
    p = pw()
    t = "openreview.OpenReviewException: {'name': 'InvalidCredentials', 'status': 401}\nrequest: POST /login json={'id': '%s', 'password': '%s'}" % (email(), p)
    return t, p, "InvalidCredentials"


@tpl("stack-trace-or-log", "docker-build-log-arg-token")
def _():
    tok = "ghp_" + an(36)
    t = "#%d [build 4/9] RUN git clone https://%s@github.com/%s-lab/private-utils.git /opt/utils\n#%d 0.412 Cloning into '/opt/utils'...\n#%d DONE 1.9s" % (
        rint(5, 15), tok, lab(), rint(5, 15), rint(5, 15))
    return t, tok, "Cloning into '/opt/utils'"


@tpl("stack-trace-or-log", "slurm-epilog-log-env")
def _():
    tok = "hf_" + rs(_LET, 34)
    j = jobid()
    t = "[%s] epilog: job %s user %s env snapshot: HF_TOKEN=%s SLURM_JOB_PARTITION=%s" % (ts(), j, netid(), tok, partition())
    return t, tok, "epilog: job %s" % j


@tpl("stack-trace-or-log", "minio-server-startup-creds")
def _():
    p = pw()
    t = "MinIO Object Storage Server\nCopyright: 2015-2024 MinIO, Inc.\nAPI: http://10.0.4.12:9000  http://127.0.0.1:9000\nRootUser: labadmin\nRootPass: %s" % p
    return t, p, "MinIO Object Storage Server"


@tpl("stack-trace-or-log", "irods-rodslog-password-arg")
def _():
    p = pw()
    t = "%s pid:%d remote addresses: %s ERROR: [-] rsExecCmd: cmd=msiExecCmd(\"backup.sh\", \"--user rods --pass %s\") status=-1" % (
        "Nov  9 " + hms(), rint(1000, 99999), ip_priv(), p)
    return t, p, "rsExecCmd"


@tpl("stack-trace-or-log", "rstudio-connect-log-api-key")
def _():
    k = an(32)
    t = "%s [connect] Deploy request from %s using API key %s (user=%s) bundle=%d" % (ts(), ip_priv(), k, netid(), rint(100, 9999))
    return t, k, "[connect] Deploy request"


@tpl("stack-trace-or-log", "slurm-job-output-long")
def _():
    p = pw()
    j = jobid()
    node = "gpu%03d" % rint(1, 120)
    day = date()
    lines = ["SLURM_JOB_ID=%s  node=%s  start=%s %02d:%02d:%02d" % (j, node, day, rint(0, 11), rint(0, 59), rint(0, 59)),
             "Loading modules: gcc/12.2.0 openmpi/4.1.5 cuda/12.2 relion/5.0",
             "+ cd %s/relion/%s" % (scratch(), pick(["apoferritin", "ribosome80S", "nav1.7"])),
             "+ export RELION_SCRATCH_DIR=/tmp/%s" % j]
    for i in range(rint(6, 10)):
        lines.append(" Expectation iteration %d of 25" % (i + 1))
        lines.append("  %d.%02d/%d.%02d min ....~~(,_,\">" % (rint(0, 9), rint(0, 59), rint(10, 30), rint(0, 59)))
    lines.insert(rint(5, len(lines) - 2), "+ python tools/notify.py --smtp-user relion-bot --smtp-pass '%s' --to %s" % (p, email()))
    lines.append(" Auto-refine: Resolution= %.2f (no gain for %d iter) " % (rint(250, 450) / 100.0, rint(1, 3)))
    lines.append("slurmstepd: error: *** JOB %s ON %s CANCELLED AT %sT%02d:%02d:%02d DUE TO TIME LIMIT ***" % (
        j, node, day, rint(12, 23), rint(0, 59), rint(0, 59)))
    return "\n".join(lines), p, "Loading modules"


# ---------------------------------------------------------------------------
# hand-written templates: ci-and-deploy
# ---------------------------------------------------------------------------

@tpl("ci-and-deploy", "gha-run-curl-hardcoded-token")
def _():
    tok = "ghp_" + an(36)
    t = ("      - name: Trigger docs rebuild\n        run: |\n          curl -X POST -H \"Authorization: token %s\" \\\n"
         "            -H \"Accept: application/vnd.github+json\" \\\n            https://api.github.com/repos/%s-lab/docs/dispatches -d '{\"event_type\":\"rebuild\"}'") % (tok, lab())
    return t, tok, "Trigger docs rebuild"


@tpl("ci-and-deploy", "gha-docker-login-action-password")
def _():
    p = rs(_UAN, 64)
    t = "      - uses: docker/login-action@v3\n        with:\n          registry: quay.io\n          username: %s+github\n          password: %s" % (lab(), p)
    return t, p, "docker/login-action@v3"


@tpl("ci-and-deploy", "gitlab-ci-before-script-docker-login")
def _():
    p = pw()
    t = "build-image:\n  stage: build\n  before_script:\n    - echo \"%s\" | docker login -u %s --password-stdin registry.%s\n  script:\n    - docker build -t registry.%s/%s/pipeline:$CI_COMMIT_SHORT_SHA ." % (
        p, netid(), dom(), dom(), lab())
    return t, p, "build-image:"


@tpl("ci-and-deploy", "jenkinsfile-environment-block")
def _():
    p = pw()
    t = "pipeline {\n    agent { label '%s' }\n    environment {\n        LIMS_URL  = 'https://lims.%s'\n        LIMS_PASS = '%s'\n    }\n    stages {\n        stage('Sync') { steps { sh './sync.sh' } }\n    }\n}" % (
        cluster(), dom(), p)
    return t, p, "stage('Sync')"


@tpl("ci-and-deploy", "dockerfile-arg-default-token-clone")
def _():
    tok = "glpat-" + rs(_URLC, 20)
    t = "FROM mambaorg/micromamba:1.5\nARG GITLAB_TOKEN=%s\nRUN git clone https://oauth2:${GITLAB_TOKEN}@gitlab.%s/%s/seg-models.git /opt/models" % (tok, dom(), lab())
    return t, tok, "mambaorg/micromamba"


@tpl("ci-and-deploy", "dockerfile-pip-extra-index-creds")
def _():
    p = pw(safe=True)
    t = "FROM python:3.12-slim\nRUN pip install --no-cache-dir --extra-index-url https://ci:%s@pkgs.%s/simple/ labtools==2.%d.0" % (p, dom(), rint(0, 9))
    return t, p, "python:3.12-slim"


@tpl("ci-and-deploy", "compose-postgres-password")
def _():
    p = pw()
    t = "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_DB: %s\n      POSTGRES_USER: %s\n      POSTGRES_PASSWORD: %s\n    volumes:\n      - pgdata:/var/lib/postgresql/data" % (
        _dbname(), _dbuser(), p)
    return t, p, "image: postgres:16"


@tpl("ci-and-deploy", "compose-mysql-root-password")
def _():
    p = pw()
    t = "  mariadb:\n    image: mariadb:11\n    restart: always\n    environment:\n      - MYSQL_ROOT_PASSWORD=%s\n      - MYSQL_DATABASE=%s" % (p, pick(["ppms", "elab", "bookstack"]))
    return t, p, "image: mariadb:11"


@tpl("ci-and-deploy", "k8s-deployment-env-value")
def _():
    p = pw()
    t = ("      containers:\n        - name: omero-server\n          image: openmicroscopy/omero-server:5.6\n          env:\n"
         "            - name: CONFIG_omero_db_host\n              value: omero-db\n            - name: CONFIG_omero_db_pass\n              value: \"%s\"") % p
    return t, p, "openmicroscopy/omero-server"


@tpl("ci-and-deploy", "k8s-secret-data-base64")
def _():
    p = pw()
    enc = b64t(p)
    t = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s-db\ntype: Opaque\ndata:\n  username: %s\n  password: %s" % (
        pick(["dataverse", "ckan", "lims"]), b64t(_dbuser()), enc)
    return t, enc, "kind: Secret"


@tpl("ci-and-deploy", "z2jh-values-proxy-secret-token")
def _():
    tok = hx(64)
    t = "# config.yaml for zero-to-jupyterhub\nproxy:\n  secretToken: \"%s\"\nsingleuser:\n  image:\n    name: quay.io/jupyter/scipy-notebook\n    tag: %s" % (
        tok, date())
    return t, tok, "zero-to-jupyterhub"


@tpl("ci-and-deploy", "z2jh-values-oauth-client-secret")
def _():
    s = an(40)
    t = "hub:\n  config:\n    GenericOAuthenticator:\n      client_id: jhub-%s\n      client_secret: %s\n      login_service: \"Campus SSO\"\n    JupyterHub:\n      authenticator_class: generic-oauth" % (
        pick(_DEPTS), s, )
    return t, s, "authenticator_class: generic-oauth"


@tpl("ci-and-deploy", "ansible-inventory-ansible-password")
def _():
    p = pw()
    t = "[instrument_pcs]\n%s ansible_host=%s ansible_user=Administrator ansible_password='%s' ansible_connection=winrm" % (
        pick(["krios-k3", "orbitrap-qe", "lsm980"]), ip_priv(), p)
    return t, p, "ansible_connection=winrm"


@tpl("ci-and-deploy", "ansible-group-vars-mysql-root")
def _():
    p = pw()
    t = "# group_vars/slurm_db.yml\nmysql_root_password: \"%s\"\nslurmdbd_storage_user: slurm\nslurmdbd_storage_loc: slurm_acct_db" % p
    return t, p, "slurmdbd_storage_user"


@tpl("ci-and-deploy", "terraform-tfvars-db-password")
def _():
    p = pw()
    t = "project_name = \"%s-rdm\"\nflavor       = \"m1.large\"\ndb_password  = \"%s\"\nallowed_cidr = \"%s/16\"" % (lab(), p, ip_priv())
    return t, p, "flavor       = \"m1.large\""


@tpl("ci-and-deploy", "terraform-openstack-provider-password")
def _():
    p = pw()
    t = "provider \"openstack\" {\n  user_name   = \"%s\"\n  tenant_name = \"%s\"\n  password    = \"%s\"\n  auth_url    = \"https://keystone.%s:5000/v3\"\n  region      = \"RegionOne\"\n}" % (
        netid(), lab(), p, dom())
    return t, p, "provider \"openstack\""


@tpl("ci-and-deploy", "packer-hcl-ssh-password")
def _():
    p = pw()
    t = "source \"qemu\" \"rocky9\" {\n  iso_url      = \"https://download.rockylinux.org/pub/rocky/9/isos/x86_64/Rocky-9.4-x86_64-minimal.iso\"\n  ssh_username = \"root\"\n  ssh_password = \"%s\"\n  disk_size    = \"40G\"\n}" % p
    return t, p, "source \"qemu\""


@tpl("ci-and-deploy", "vagrantfile-inline-provision-password")
def _():
    p = pw()
    t = "  config.vm.provision \"shell\", inline: <<-SHELL\n    dnf -y install mariadb-server\n    mysqladmin -u root password '%s'\n  SHELL" % p
    return t, p, "config.vm.provision"


@tpl("ci-and-deploy", "apptainer-def-environment-token")
def _():
    tok = "hf_" + rs(_LET, 34)
    t = "Bootstrap: docker\nFrom: nvcr.io/nvidia/pytorch:24.01-py3\n\n%%environment\n    export HF_TOKEN=%s\n    export HF_HOME=/opt/hf\n\n%%runscript\n    exec python /opt/app/infer.py \"$@\"" % tok
    return t, tok, "Bootstrap: docker"


@tpl("ci-and-deploy", "systemd-unit-environment-password")
def _():
    p = pw()
    t = "[Service]\nType=simple\nUser=shiny\nEnvironment=\"DB_PASSWORD=%s\"\nExecStart=/opt/shiny-server/bin/shiny-server\nRestart=on-failure" % p
    return t, p, "Restart=on-failure"


@tpl("ci-and-deploy", "cron-d-line-password")
def _():
    p = pw()
    t = "# /etc/cron.d/redcap-backup\n30 1 * * * root mysqldump -u backup -p'%s' redcap | gzip > /backup/redcap-$(date +\\%%u).sql.gz" % p
    return t, p, "/etc/cron.d/redcap-backup"


@tpl("ci-and-deploy", "travis-env-global-plain")
def _():
    tok = "ghp_" + an(36)
    t = "language: python\npython:\n  - \"3.11\"\nenv:\n  global:\n    - GH_PAGES_TOKEN=%s\nscript:\n  - pytest -q\nafter_success:\n  - ./deploy_docs.sh" % tok
    return t, tok, "after_success"


@tpl("ci-and-deploy", "circleci-environment-key")
def _():
    tok = hx(40)
    t = "jobs:\n  test:\n    docker:\n      - image: cimg/python:3.11\n        environment:\n          WANDB_API_KEY: %s\n    steps:\n      - checkout\n      - run: pytest" % tok
    return t, tok, "cimg/python:3.11"


@tpl("ci-and-deploy", "woodpecker-pipeline-env")
def _():
    p = pw()
    t = "steps:\n  deploy:\n    image: alpine\n    environment:\n      SFTP_PASSWORD: %s\n    commands:\n      - apk add lftp\n      - lftp -u web,$SFTP_PASSWORD sftp://www.%s -e 'mirror -R public/ /var/www/lab; bye'" % (p, dom())
    return t, p, "apk add lftp"


@tpl("ci-and-deploy", "buildkite-pipeline-env")
def _():
    tok = "npm_" + an(36)
    t = "steps:\n  - label: \":npm: publish\"\n    command: npm publish\n    env:\n      NPM_TOKEN: \"%s\"" % tok
    return t, tok, ":npm: publish"


@tpl("ci-and-deploy", "gha-log-unmasked-derived-value")
def _():
    p = pw()
    enc = b64t("deploy:%s" % p)
    t = "Run ./scripts/push_artifacts.sh\n  ./scripts/push_artifacts.sh\n  shell: /usr/bin/bash -e {0}\n+ AUTH=%s\n+ curl -fsS -H 'Authorization: Basic %s' -T dist.tar.gz https://artifacts.%s/upload" % (
        enc, enc, dom())
    return t, enc, "push_artifacts.sh"


@tpl("ci-and-deploy", "gitlab-job-log-curl-u")
def _():
    p = pw()
    t = "$ curl -u deploy:%s -T public.tar.gz https://webdav.%s/lab-site/\n  %% Total    %% Received %% Xferd  Average Speed\n100 %dk    0     0  100 %dk      0   %dk  0:00:01" % (
        p, dom(), rint(100, 999), rint(100, 999), rint(100, 999))
    return t, p, "public.tar.gz"


@tpl("ci-and-deploy", "netlify-toml-build-env")
def _():
    k = "AIza" + rs(_URLC, 35)
    t = "[build]\n  command = \"npm run build\"\n  publish = \"dist\"\n\n[build.environment]\n  NODE_VERSION = \"20\"\n  SERVER_GEOCODING_KEY = \"%s\"" % k
    return t, k, "npm run build"


@tpl("ci-and-deploy", "fly-toml-env")
def _():
    p = pw()
    t = "app = \"%s-dashboard\"\nprimary_region = \"%s\"\n\n[env]\n  ADMIN_PASSWORD = \"%s\"\n  PORT = \"8080\"" % (lab(), pick(["ams", "fra", "iad", "nrt"]), p)
    return t, p, "primary_region"


@tpl("ci-and-deploy", "heroku-app-json-env-value")
def _():
    s = hx(32)
    t = "{\n  \"name\": \"course-project-%d\",\n  \"env\": {\n    \"SPOTIFY_CLIENT_SECRET\": { \"value\": \"%s\" },\n    \"NODE_ENV\": { \"value\": \"production\" }\n  }\n}" % (rint(1, 60), s)
    return t, s, "\"NODE_ENV\""


@tpl("ci-and-deploy", "puppet-hiera-slurmdbd-pass")
def _():
    p = pw()
    t = "---\nprofile::slurm::dbd::storage_host: 'db01.%s'\nprofile::slurm::dbd::storage_pass: '%s'\nprofile::slurm::cluster_name: '%s'" % (dom(), p, cluster())
    return t, p, "profile::slurm::cluster_name"


@tpl("ci-and-deploy", "salt-pillar-mysql")
def _():
    p = pw()
    t = "mysql:\n  server:\n    root_password: '%s'\n  database:\n    xdmod: {}\n" % p
    return t, p, "xdmod: {}"


@tpl("ci-and-deploy", "chef-data-bag-json")
def _():
    p = pw()
    t = "{\n  \"id\": \"omero\",\n  \"db_user\": \"omero\",\n  \"db_password\": \"%s\",\n  \"root_password\": \"%s\"\n}" % (p, "*" * 12)
    return t, p, "\"id\": \"omero\""


@tpl("ci-and-deploy", "cloudformation-parameter-default")
def _():
    p = pw()
    t = "Parameters:\n  DBMasterPassword:\n    Type: String\n    NoEcho: true\n    Default: \"%s\"\n  DBInstanceClass:\n    Type: String\n    Default: db.t3.medium" % p
    return t, p, "DBInstanceClass"


@tpl("ci-and-deploy", "kustomize-secret-generator-literal")
def _():
    p = pw()
    t = "secretGenerator:\n  - name: keycloak-admin\n    literals:\n      - KEYCLOAK_ADMIN=admin\n      - KEYCLOAK_ADMIN_PASSWORD=%s\ngeneratorOptions:\n  disableNameSuffixHash: true" % p
    return t, p, "disableNameSuffixHash"


@tpl("ci-and-deploy", "argo-workflow-parameter-value")
def _():
    tok = an(60)
    t = "spec:\n  entrypoint: publish\n  arguments:\n    parameters:\n      - name: zenodo-token\n        value: \"%s\"\n      - name: record-id\n        value: \"%d\"" % (tok, rint(1000000, 9999999))
    return t, tok, "entrypoint: publish"


@tpl("ci-and-deploy", "makefile-deploy-target-password")
def _():
    p = pw()
    t = "deploy:\n\tsshpass -p '%s' rsync -avz --delete _site/ web@www.%s:/var/www/%s/\n\n.PHONY: deploy" % (p, dom(), lab())
    return t, p, ".PHONY: deploy"


@tpl("ci-and-deploy", "nomad-job-env-block")
def _():
    p = pw()
    t = "task \"grafana\" {\n  driver = \"docker\"\n  env {\n    GF_SECURITY_ADMIN_PASSWORD = \"%s\"\n    GF_SERVER_ROOT_URL = \"https://grafana.%s\"\n  }\n}" % (p, dom())
    return t, p, "driver = \"docker\""


@tpl("ci-and-deploy", "argocd-repo-secret-password")
def _():
    tok = "glpat-" + rs(_URLC, 20)
    t = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-lab-manifests\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://gitlab.%s/%s/manifests.git\n  username: argocd\n  password: %s" % (
        dom(), lab(), tok)
    return t, tok, "argocd.argoproj.io/secret-type"


@tpl("ci-and-deploy", "gha-services-postgres-password")
def _():
    p = pw()
    t = "    services:\n      postgres:\n        image: postgres:15\n        env:\n          POSTGRES_PASSWORD: %s\n        ports: ['5432:5432']\n        options: --health-cmd pg_isready" % p
    return t, p, "--health-cmd pg_isready"


@tpl("ci-and-deploy", "gitlab-ci-deploy-ssh-key-inline")
def _():
    body = openssh_ed25519_body("deploy@%s-ci" % lab())
    t = "deploy-site:\n  script:\n    - mkdir -p ~/.ssh && cat > ~/.ssh/id_ed25519 <<'EOF'\n-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----\nEOF\n    - chmod 600 ~/.ssh/id_ed25519 && rsync -a public/ web@www:/srv/lab/" % body
    return t, body, "deploy-site:"


@tpl("ci-and-deploy", "gha-env-aws-keys-pair")
def _():
    s = aws_secret()
    t = "    env:\n      AWS_ACCESS_KEY_ID: %s\n      AWS_SECRET_ACCESS_KEY: %s\n      AWS_DEFAULT_REGION: us-west-2\n    steps:\n      - run: aws s3 sync site/ s3://%s-lab-site --delete" % (akid(), s, lab())
    return t, s, "AWS_DEFAULT_REGION"


@tpl("ci-and-deploy", "helm-install-set-password")
def _():
    p = pw()
    t = "helm upgrade --install keycloak bitnami/keycloak -n sso --set auth.adminUser=admin --set auth.adminPassword='%s' --set postgresql.enabled=true" % p
    return t, p, "bitnami/keycloak"


@tpl("ci-and-deploy", "gha-workflow-secret-in-with-input")
def _():
    tok = an(60)
    t = "      - name: Publish to Zenodo\n        uses: zenodraft/action@0.13.3\n        with:\n          concept: %d\n          publish: true\n          metadata: .zenodo.json\n        env:\n          ZENODO_ACCESS_TOKEN: %s" % (
        rint(1000000, 9999999), tok)
    return t, tok, "zenodraft/action"


@tpl("ci-and-deploy", "ood-cluster-deploy-script-password")
def _():
    p = pw()
    t = "#!/bin/bash\n# deploy_ood.sh -- run from the admin node\nOOD_DB_PASS='%s'\nansible-playbook ood.yml -e ood_db_pass=\"$OOD_DB_PASS\" -l ondemand01" % p
    return t, p, "deploy_ood.sh"


@tpl("ci-and-deploy", "gha-workflow-long-multi-job")
def _():
    tok = "glpat-" + rs(_URLC, 20)
    t = """name: docs-and-release
on:
  push:
    branches: [main]
    tags: ['v*']
  workflow_dispatch:

concurrency:
  group: ${{ github.workflow }}-${{ github.ref }}
  cancel-in-progress: true

jobs:
  test:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        python: ['3.10', '3.11', '3.12']
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: ${{ matrix.python }}
      - run: pip install -e .[test]
      - run: pytest -q --cov=%s

  docs:
    needs: test
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: pip install -e .[docs] && make -C docs html
      - name: Mirror docs to the department GitLab pages
        run: |
          git clone https://oauth2:%s@gitlab.%s/%s/docs-site.git site
          rsync -a --delete docs/_build/html/ site/public/
          cd site && git add -A && git commit -m "docs ${{ github.sha }}" && git push

  release:
    if: startsWith(github.ref, 'refs/tags/v')
    needs: [test, docs]
    runs-on: ubuntu-latest
    permissions:
      id-token: write
    steps:
      - uses: actions/checkout@v4
      - run: pipx run build
      - uses: pypa/gh-action-pypi-publish@release/v1
""" % (pick(["scopeio", "labtools", "tessio"]), tok, dom(), lab())
    return t, tok, "pypa/gh-action-pypi-publish@release/v1"


# ---------------------------------------------------------------------------
# hand-written templates: note-or-chat (English)
# ---------------------------------------------------------------------------

def _clock():
    return "%d:%02d %s" % (rint(1, 12), rint(0, 59), pick(["AM", "PM"]))


@tpl("note-or-chat", "handover-door-code")
def _():
    code = "%d-%d" % (rint(1000, 9999), rint(1000, 9999))
    room = "%s %d.%02d" % (pick(["B", "C", "Chem", "LSB"]), rint(1, 4), rint(1, 40))
    t = "Practical stuff: cold room is %s, the door code is %s (changes every semester, ask the facility manager if it stops working)." % (room, code)
    return t, code, room


@tpl("note-or-chat", "chat-staging-box-purpose")
def _():
    p = pw()
    h = "%s-staging.%s" % (pick(["lims", "ckan", "jhub", "omero"]), dom())
    a = person()
    b = person()
    t = "%s: which login do I use on %s? prod one doesn't work\n%s: for the staging box use %s, same user as prod\n%s: 👍" % (a, h, b, p, a)
    return t, p, h


@tpl("note-or-chat", "slack-eduroam-guest-wifi")
def _():
    p = pw()
    t = "@channel visitors for the workshop can use the guest network \"UNI-Guest\" — today's key is %s (valid until Friday)." % p
    return t, p, "UNI-Guest"


@tpl("note-or-chat", "matrix-lims-admin-login-reply")
def _():
    p = pw()
    a, b = person(), person()
    t = "%s: does anyone have the LIMS admin login? need to unlock a plate\n%s: admin / %s\n%s: thanks!!" % (a, b, p, a)
    return t, p, "LIMS admin login"


@tpl("note-or-chat", "agent-running-notes-db-password")
def _():
    p = pw()
    h = svc_host("pg")
    t = ("## Goal\nMigrate the sample-tracking DB from MySQL to Postgres on %s.\n\n## Notes\n- schema dump done (42 tables)\n"
         "- DB password (from %s in chat): %s\n- next: rewrite the triggers in plpgsql") % (h, person(), p)
    return t, p, h


@tpl("note-or-chat", "decision-log-reuse-service-account")
def _():
    p = pw()
    u = "svc_%s" % pick(["ingest", "globus", "backup", "seqsync"])
    t = "Decision: reuse the existing service account %s instead of requesting a new one (IT ticket takes 2 weeks). %s sent the password: %s" % (u, person(), p)
    return t, p, u


@tpl("note-or-chat", "meeting-notes-globus-secret")
def _():
    s = b64(32)
    t = "Lab meeting %s\n* Globus app registered under the lab's project\n* client secret is %s -- %s will move it to the shared vault\n* next meeting: data management plan" % (date(), s, person())
    return t, s, "Globus app registered"


@tpl("note-or-chat", "email-temporary-password")
def _():
    p = pw(style=pick(["gen", "pron"]))
    u = netid()
    t = "From: IT Service Desk <servicedesk@%s>\nSubject: Your account %s\n\nYour temporary password is: %s\nPlease change it at first login at https://idm.%s." % (dom(), u, p, dom())
    return t, p, "Your account %s" % u


@tpl("note-or-chat", "conference-wifi-note")
def _():
    p = pw()
    conf = pick(["ISMB", "AAS", "EGU", "NeurIPS", "SfN", "ASMS", "Microscopy-Congress"]) + str(year())
    t = "Conference logistics (%s)\n- badge pickup Sunday 3pm\n- WiFi: SSID %s, password %s\n- poster board #%d" % (conf, conf, p, rint(1, 400))
    return t, p, "badge pickup"


@tpl("note-or-chat", "totp-otpauth-uri-note")
def _():
    seed = totp_seed()
    u = netid()
    t = "backup of the shared lab account's 2FA in case the phone dies:\notpauth://totp/UniSSO:%s?secret=%s&issuer=UniSSO&digits=6" % (u, seed)
    return t, seed, "UniSSO:%s" % u


@tpl("note-or-chat", "duo-bypass-code-chat")
def _():
    code = "%d %d %d" % (rint(100, 999), rint(100, 999), rint(100, 999))
    a = person()
    t = "%s: I'm locked out of Duo again 😩\n%s: helpdesk gave you a bypass code? \n%s: yes: %s  (one-time)" % (a, person(), a, code)
    return t, code, "locked out of Duo"


@tpl("note-or-chat", "github-recovery-code-note")
def _():
    code = "%s-%s" % (hx(5), hx(5))
    t = "github recovery codes for the lab org owner account (keep ONE here in case): %s" % code
    return t, code, "lab org owner account"


@tpl("note-or-chat", "microscope-pc-root-same-as-last-year")
def _():
    p = pw()
    t = "re the Krios support PC: root pw is the same as last year plus the ! at the end, i.e. %s" % p
    return t, p, "Krios support PC"


@tpl("note-or-chat", "basespace-shared-login")
def _():
    p = pw()
    e = "genomics-core@%s" % dom()
    t = "BaseSpace login for the core's account (for pulling the NovaSeq runs): %s / %s" % (e, p)
    return t, p, e


@tpl("note-or-chat", "agent-blocked-user-provided-token")
def _():
    tok = uhx(32)
    t = "Status: blocked on REDCap export -> asked user for an API token.\nUser provided: %s\nNext: run export_records.R with it, then delete from notes." % tok
    return t, tok, "export_records.R"


@tpl("note-or-chat", "agent-todo-checked-rstudio-pw")
def _():
    p = pw()
    t = "- [x] build rocker image\n- [x] set RSTUDIO password (used `%s`)\n- [ ] open port 8787 on the firewall (needs IT)" % p
    return t, p, "build rocker image"


@tpl("note-or-chat", "chat-code-fence-env-line")
def _():
    tok = "ghp_" + an(36)
    a = person()
    t = "%s: put this in your .env and the CI will pick it up\n```\nGITHUB_TOKEN=%s\n```\n%s: ok" % (a, tok, person())
    return t, tok, "the CI will pick it up"


@tpl("note-or-chat", "chat-lowercase-l-not-1")
def _():
    p = pw(style=pick(["pron", "gen"]))
    t = "try `%s` (lowercase L, not a 1). if that fails the sequencer PC got re-imaged again" % p
    return t, p, "sequencer PC got re-imaged"


@tpl("note-or-chat", "servicenow-ticket-reset")
def _():
    p = pw()
    u = netid()
    t = "INC%07d | Resolved\nWork notes: Reset password for netid %s to: %s  -- user must change on next login." % (rint(1000000, 9999999), u, p)
    return t, p, "netid %s" % u


@tpl("note-or-chat", "helpdesk-eduroam-credentials")
def _():
    p = pw()
    u = "%s@%s" % (netid(), dom())
    t = "Hello,\n\nyour eduroam credentials have been created.\nUsername: %s\nPassword: %s\n\nBest regards,\nIT Support" % (u, p)
    return t, p, u


@tpl("note-or-chat", "lab-wiki-instrument-table")
def _():
    p = pw()
    t = "| Instrument | PC | User | Password |\n|---|---|---|---|\n| %s | %s | operator | %s |\n| Plate reader | PR-01 | labuser | see sticker |" % (
        pick(["LSM 980", "Orbitrap Exploris", "FACSAria III", "Glacios"]), "ACQ-%02d" % rint(1, 20), p)
    return t, p, "| Plate reader |"


@tpl("note-or-chat", "sticky-note-transcription")
def _():
    p = pw()
    t = "(photo of the sticky note on the %s monitor, transcribed)\nadmin\n%s\ndon't change!!" % (pick(["HPLC", "cryostat", "confocal", "NMR console"]), p)
    return t, p, "don't change!!"


@tpl("note-or-chat", "era-commons-submission-day")
def _():
    p = pw()
    u = netid().upper()
    t = "For submission day: ERA Commons login of the PI is %s, password %s. Use only to check the assembled application, don't submit from it!" % (u, p)
    return t, p, "ERA Commons login"


@tpl("note-or-chat", "scholarone-coauthor-account")
def _():
    p = pw()
    t = "I made a ScholarOne account for %s so she can approve the submission — login is her uni email, password %s (tell her to change it)." % (person(), p)
    return t, p, "ScholarOne account"


@tpl("note-or-chat", "easychair-chair-account")
def _():
    p = pw()
    t = "%s workshop EasyChair: chair account 'ws-chairs-%d', pw %s. reviews due %s." % (
        pick(["BioVis", "HPC-Edu", "CompBio", "AstroML"]), year(), p, date())
    return t, p, "EasyChair"


@tpl("note-or-chat", "overleaf-readwrite-link")
def _():
    tok = "%d%s" % (rint(1000000000, 9999999999), rs(_LO, 12))
    t = "Edit link for the paper (anyone with it can edit!): https://www.overleaf.com/%s\nread-only: ask me" % tok
    return t, tok, "anyone with it can edit"


@tpl("note-or-chat", "zoom-link-pwd-param")
def _():
    pwd = rs(_AN, 32)
    t = "Thesis defense rehearsal tomorrow 10:00\nhttps://%s.zoom.us/j/%d?pwd=%s" % (dom().split(".")[0], rint(10 ** 10, 10 ** 11), pwd)
    return t, pwd, "Thesis defense rehearsal"


@tpl("note-or-chat", "chat-creds-on-separate-lines")
def _():
    p = pw()
    t = "%s: pg creds for the dashboard:\n%s: lims_rw\n%s: %s\n%s: (prod, please don't drop anything)" % ((person(),) * 3 + (p, person()))
    return t, p, "pg creds for the dashboard"


@tpl("note-or-chat", "chat-password-riddle-with-answer")
def _():
    pet = pick(["Biscuit", "Pixel", "Noodle", "Kepler", "Mochi", "Pepper"])
    yr = rint(2015, 2022)
    p = "%s%d!" % (pet, yr)
    t = "it's the name of the lab cat plus the year we moved to the new building, so %s" % p
    return t, p, "lab cat"


@tpl("note-or-chat", "chat-paste-full-curl")
def _():
    tok = an(70)
    t = "%s: this works for me:\ncurl -H \"Authorization: Bearer %s\" https://api.osf.io/v2/nodes/%s/files/\n%s: nice, thx" % (
        person(), tok, lan(5), person())
    return t, tok, "this works for me"


@tpl("note-or-chat", "agent-note-user-pasted-canvas")
def _():
    tok = "%d~%s" % (rint(1000, 25000), an(64))
    t = "User pasted their Canvas token inline (%s). Stored in .env as CANVAS_TOKEN; do not echo it again in output." % tok
    return t, tok, "do not echo it again"


@tpl("note-or-chat", "agent-decision-use-pat-then-revoke")
def _():
    tok = "github_pat_" + an(22) + "_" + an(59)
    t = "Decision: push the release tag with the PAT from the user's message (%s), then remind them to revoke it." % tok
    return t, tok, "push the release tag"


@tpl("note-or-chat", "postdoc-handover-markdown")
def _():
    p = pw()
    u = netid()
    t = ("# Handover — %s -> %s\n\n## Cluster\n- account %s on %s, allocation %s\n- scratch purge is 60 days!\n\n## Instruments\n"
         "- confocal booking via PPMS\n- analysis PC (ANALYSIS-03) local admin: labadmin / %s\n\n## Storage\n- /projects/%s is backed up, /scratch is not") % (
        person(), person(), u, cluster(), account(), p, lab())
    return t, p, "scratch purge is 60 days"


@tpl("note-or-chat", "chat-pasted-private-key")
def _():
    body = openssh_ed25519_body("svc-dtn@%s" % dom())
    t = "%s: here's the key for the dtn service account, save as ~/.ssh/dtn_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % (person(), body)
    return t, body, "dtn service account"


@tpl("note-or-chat", "student-asks-ta-db-password")
def _():
    p = pw()
    t = "Hi, my autograder output says \"Access denied for user 'student'\" but I used %s like in the handout? (section %d)" % (p, rint(1, 12))
    return t, p, "Access denied for user 'student'"


@tpl("note-or-chat", "ta-note-grader-account")
def _():
    p = pw()
    t = "TA notes: the Gradescope autograder connects as grader_ro with %s — rotate after the semester. Don't post in Piazza." % p
    return t, p, "grader_ro"


@tpl("note-or-chat", "course-staff-exam-zip-password")
def _():
    p = pw(style="phrase")
    t = "exam PDFs are in the shared drive as an encrypted zip; password is %s. Print by Thursday." % p
    return t, p, "Print by Thursday"


@tpl("note-or-chat", "wiki-smb-share-credentials")
def _():
    p = pw()
    t = "Microscopy data share: \\\\nas01.%s\\imaging (user: IMAGING\\scope, pass: %s). Copy raw data within 24h, the acquisition PC disk is tiny." % (dom(), p)
    return t, p, "IMAGING\\scope"


@tpl("note-or-chat", "whiteboard-sheet-password")
def _():
    p = pw()
    t = "the sample-tracking spreadsheet is protected now, pw is on the whiteboard in the tissue culture room (%s)" % p
    return t, p, "tissue culture room"


@tpl("note-or-chat", "forwarded-cloud-trial-credentials")
def _():
    p = pw()
    e = email()
    t = "---------- Forwarded message ---------\nSubject: Your research cloud trial\n\nWelcome! Sign in at https://console.%s with\nuser: %s\ninitial password: %s" % (
        pick(["cloud.%s" % dom(), "research-cloud.%s" % dom()]), e, p)
    return t, p, e


@tpl("note-or-chat", "unlabelled-creds-after-host")
def _():
    p = pw()
    h = svc_host(pick(["omero", "jupyter", "rstudio"]))
    t = "%s\n%s\n%s" % (h, netid(), p)
    return t, p, h


@tpl("note-or-chat", "thesis-running-log-tokens")
def _():
    tok = "hf_" + rs(_LET, 34)
    t = "%s — fine-tuning run 3 crashed at step 12k (OOM). lowered batch to 8. HF push needs %s, expires end of month." % (date(), tok)
    return t, tok, "fine-tuning run 3"


@tpl("note-or-chat", "grant-portal-shared-login")
def _():
    p = pw()
    t = "Research.gov: we're using the department grants office login for the upload (%s / %s). Budget justification still missing." % (
        "grants-%s" % pick(_DEPTS), p)
    return t, p, "Budget justification"


@tpl("note-or-chat", "slack-thread-vpn-password")
def _():
    p = pw()
    t = "> %s: can't reach the license server from home\n> %s: you need the lab VPN profile, the shared secret for the group is %s" % (person(), person(), p)
    return t, p, "license server"


@tpl("note-or-chat", "agent-plan-with-inline-api-key")
def _():
    k = hx(36)
    t = "Plan:\n1. fetch all PubMed IDs for the grant report (NCBI key %s, from the PI)\n2. dedupe against ORCID works\n3. write report/publications.csv" % k
    return t, k, "write report/publications.csv"


@tpl("note-or-chat", "dm-wifi-instrument-room")
def _():
    p = pw()
    t = "[DM] the instrument room wifi (Cryo-Instruments) isn't on the normal key, it's %s" % p
    return t, p, "Cryo-Instruments"


@tpl("note-or-chat", "handover-numbered-accounts")
def _():
    p = pw()
    t = "Accounts you'll need:\n1. cluster (apply yourself)\n2. LIMS — I asked %s to create one\n3. shared ELN account until yours exists: lab-%s / %s\n4. Slack — invite sent" % (person(), lab(), p)
    return t, p, "Accounts you'll need"


# ---------------------------------------------------------------------------
# hand-written templates: note-or-chat (other languages)
# ---------------------------------------------------------------------------

@tpl("note-or-chat", "note-de-mikroskop-passwort")
def _():
    p = pw(lang="de")
    t = "Übergabe: Das Passwort für den Mikroskop-PC (LSM 980) lautet %s. Bitte nach jeder Session abmelden, sonst blockiert ZEN die Lizenz." % p
    return t, p, "LSM 980"


@tpl("note-or-chat", "chat-de-cluster-zugang")
def _():
    p = pw(lang="de")
    u = netid()
    t = "%s: Kannst du mir kurz deinen Zugang für den Cluster leihen? Mein Antrag hängt noch.\n%s: ok, Benutzer %s, Kennwort %s – aber nur bis Freitag!" % (person(), person(), u, p)
    return t, p, "Benutzer %s" % u


@tpl("note-or-chat", "note-de-datenbank-zugangsdaten")
def _():
    p = pw()
    h = svc_host("db")
    t = "Zugangsdaten Probendatenbank (%s):\nNutzer: lims_rw\nPW: %s\nWICHTIG: nicht ins Git-Repo committen." % (h, p)
    return t, p, h


@tpl("note-or-chat", "note-fr-serveur-jupyter")
def _():
    tok = hx(48)
    t = "Le jeton du serveur Jupyter de l'équipe est %s ; il change à chaque redémarrage, donc redemande-le si ça ne marche plus." % tok
    return t, tok, "serveur Jupyter"


@tpl("note-or-chat", "chat-fr-mot-de-passe-wifi")
def _():
    p = pw(lang="fr")
    t = "%s : c'est quoi le mot de passe du wifi de la salle des manips ?\n%s : %s (avec la majuscule)" % (person(), person(), p)
    return t, p, "salle des manips"


@tpl("note-or-chat", "note-fr-passation-comptes")
def _():
    p = pw()
    t = "Passation — comptes à récupérer :\n- compte HAL du labo : %s / %s\n- la clé de la salle serveur est chez la gestionnaire" % ("labo-%s" % lab(), p)
    return t, p, "Passation"


@tpl("note-or-chat", "note-es-contrasena-secuenciador")
def _():
    p = pw(lang="es")
    t = "La contraseña del PC del secuenciador es %s. Si pide actualizar Windows, NO aceptes hasta que termine la corrida." % p
    return t, p, "corrida"


@tpl("note-or-chat", "chat-es-token-zenodo")
def _():
    tok = an(60)
    t = "%s: te paso el token de Zenodo para subir el dataset: %s\n%s: gracias, lo borro cuando termine" % (person(), tok, person())
    return t, tok, "subir el dataset"


@tpl("note-or-chat", "note-es-acceso-servidor")
def _():
    p = pw()
    h = login_host()
    t = "Acceso al servidor de cálculo: %s\nusuario: %s\nclave: %s\n(pedir cuenta propia a TI cuanto antes)" % (h, netid(), p)
    return t, p, h


@tpl("note-or-chat", "note-pt-senha-banco")
def _():
    p = pw(lang="pt")
    t = "A senha do banco de dados das amostras é %s — o usuário é lims_ro. Não compartilhe no grupo do WhatsApp, por favor." % p
    return t, p, "usuário é lims_ro"


@tpl("note-or-chat", "chat-pt-chave-api")
def _():
    k = hx(32)
    t = "%s: a chave da API do Scopus que o orientador liberou: %s\n%s: valeu!" % (person(), k, person())
    return t, k, "Scopus"


@tpl("note-or-chat", "note-ja-pc-password")
def _():
    p = pw(lang="ja")
    t = "引き継ぎメモ：質量分析計のPC（MS-QE-01）のパスワードは %s です。Windows Update は測定中に絶対しないでください。" % p
    return t, p, "MS-QE-01"


@tpl("note-or-chat", "chat-ja-token")
def _():
    tok = "ghp_" + an(36)
    t = "%sさん、研究室のGitHubのトークン貼っておきます → %s\n使い終わったら教えてください。" % (person(), tok)
    return t, tok, "研究室のGitHub"


@tpl("note-or-chat", "note-zh-server-password")
def _():
    p = pw(lang="zh")
    h = login_host()
    t = "服务器交接：登录节点 %s，用户名 %s，密码是 %s。记得每个月清理一下 scratch 目录。" % (h, netid(), p)
    return t, p, h


@tpl("note-or-chat", "chat-zh-redcap-token")
def _():
    tok = uhx(32)
    t = "%s：REDCap 的 API token 我放这里了 %s ，导出完数据之后我会重新生成一个。" % (person(), tok)
    return t, tok, "REDCap"


@tpl("note-or-chat", "note-ru-parol-klaster")
def _():
    p = pw(lang="ru")
    t = "Пароль от общей учётки на кластере — %s. Логин lab-%s. Не меняйте его, пожалуйста, им пользуются трое." % (p, lab())
    return t, p, "Не меняйте его"


@tpl("note-or-chat", "chat-ru-token-telegram")
def _():
    tok = _telegram()
    t = "%s: вот токен бота для уведомлений о задачах: %s\n%s: спасибо, добавлю в скрипт" % (person(), tok, person())
    return t, tok, "уведомлений о задачах"


@tpl("note-or-chat", "note-it-password-strumento")
def _():
    p = pw(lang="it")
    t = "La password del PC dello spettrometro è %s. Se il software si blocca, riavviare prima il servizio e poi il PC." % p
    return t, p, "spettrometro"


@tpl("note-or-chat", "chat-it-credenziali-vpn")
def _():
    p = pw()
    u = netid()
    t = "%s: le credenziali per la VPN dell'ateneo sono le stesse del portale: %s, password %s\n%s: perfetto grazie" % (person(), u, p, person())
    return t, p, "VPN dell'ateneo"


@tpl("note-or-chat", "note-nl-wachtwoord-nas")
def _():
    p = pw(lang="nl")
    t = "Het wachtwoord voor de NAS in het lab is %s. Gebruikersnaam: labdata. Graag niet doorsturen buiten de groep." % p
    return t, p, "Gebruikersnaam: labdata"


@tpl("note-or-chat", "chat-nl-sleutel-api")
def _():
    k = an(40)
    t = "%s: hier is de API-sleutel voor Semantic Scholar, voor het literatuuronderzoek: %s" % (person(), k)
    return t, k, "Semantic Scholar"


@tpl("note-or-chat", "note-pl-haslo-serwer")
def _():
    p = pw(lang="pl")
    t = "Hasło do serwera z danymi z mikroskopu: %s (login: mikroskop). Proszę zmienić po obronie doktoratu." % p
    return t, p, "login: mikroskop"


@tpl("note-or-chat", "chat-pl-token-gitlab")
def _():
    tok = "glpat-" + rs(_URLC, 20)
    t = "%s: wrzucam token do GitLaba, bo CI nie działa: %s\n%s: dzięki, zaraz sprawdzę" % (person(), tok, person())
    return t, tok, "CI nie działa"


@tpl("note-or-chat", "note-ko-password-handover")
def _():
    p = pw(lang="ko")
    t = "인수인계: 공초점 현미경 PC 비밀번호는 %s 입니다. 실험 끝나면 꼭 로그아웃 해주세요." % p
    return t, p, "인수인계"


@tpl("note-or-chat", "chat-ko-api-key")
def _():
    k = "sk-proj-" + rs(_URLC, 74) + "T3BlbkFJ" + rs(_URLC, 74)
    t = "%s: 연구실 OpenAI 키 여기 있어요 %s 과금 조심하세요!" % (person(), k)
    return t, k, "과금 조심하세요"


@tpl("note-or-chat", "note-sv-losenord-labbdator")
def _():
    p = pw()
    t = "Lösenordet till labbdatorn vid flödescytometern är %s. Logga ut efter varje körning!" % p
    return t, p, "flödescytometern"


@tpl("note-or-chat", "note-tr-sifre-sunucu")
def _():
    p = pw()
    t = "Sunucu şifresi: %s — kullanıcı adı ogrenci%d. Lütfen kimseyle paylaşmayın." % (p, rint(1, 40))
    return t, p, "Sunucu şifresi"


@tpl("note-or-chat", "note-cs-heslo-databaze")
def _():
    p = pw()
    t = "Heslo k databázi vzorků je %s, uživatel lims. Po obhajobě ho prosím změňte." % p
    return t, p, "uživatel lims"


@tpl("note-or-chat", "chat-uk-parol-vpn")
def _():
    p = pw()
    t = "%s: пароль від VPN лабораторії: %s. Логін — твоя університетська пошта." % (person(), p)
    return t, p, "Логін"


@tpl("note-or-chat", "note-da-adgangskode-wiki")
def _():
    p = pw()
    t = "Adgangskoden til gruppens wiki er %s (brugernavn: gruppe). Skift den når du stopper." % p
    return t, p, "brugernavn: gruppe"


@tpl("note-or-chat", "note-ca-contrasenya-servidor")
def _():
    p = pw()
    t = "La contrasenya del servidor de càlcul és %s. L'usuari és grup%s." % (p, lab())
    return t, p, "servidor de càlcul"


@tpl("note-or-chat", "chat-id-kata-sandi")
def _():
    p = pw()
    t = "%s: kata sandi akun bersama untuk cluster: %s, tolong jangan diganti ya" % (person(), p)
    return t, p, "akun bersama"


@tpl("note-or-chat", "note-hu-jelszo-muszer")
def _():
    p = pw()
    t = "A műszer-PC jelszava: %s. Mérés közben ne frissítsd a Windowst!" % p
    return t, p, "műszer-PC"


@tpl("note-or-chat", "note-fi-salasana-nas")
def _():
    p = pw()
    t = "Laboratorion NAS-levyn salasana on %s, käyttäjätunnus labra. Älä jaa ryhmän ulkopuolelle." % p
    return t, p, "käyttäjätunnus labra"


@tpl("note-or-chat", "chat-el-kodikos-server")
def _():
    p = pw()
    t = "%s: ο κωδικός για τον server του εργαστηρίου είναι %s, χρήστης lab" % (person(), p)
    return t, p, "χρήστης lab"


@tpl("note-or-chat", "note-vi-mat-khau-may-chu")
def _():
    p = pw()
    t = "Mật khẩu máy chủ tính toán là %s, tài khoản nhom%s. Nhớ đổi mật khẩu sau khi bàn giao." % (p, lab())
    return t, p, "máy chủ tính toán"


@tpl("note-or-chat", "note-de-globus-secret-ohne-label")
def _():
    s = b64(32)
    t = "Globus-App für den Datentransfer angelegt. Client-ID %s, und das hier nirgendwo posten:\n%s" % (uuid4(), s)
    return t, s, "Globus-App"


@tpl("note-or-chat", "note-fr-cle-orcid")
def _():
    s = uuid4()
    t = "Pour l'intégration ORCID du site de l'équipe : identifiant client APP-%s, secret %s (ne pas le mettre dans le dépôt public)." % (rs(_UAN, 16), s)
    return t, s, "intégration ORCID"


@tpl("note-or-chat", "note-ja-jupyter-token-url")
def _():
    tok = hx(48)
    t = "計算ノードのJupyterはこのURLで入れます：http://%s:%d/lab?token=%s（ジョブが終わると無効）" % (
        "node%03d" % rint(1, 300), rint(8800, 9999), tok)
    return t, tok, "計算ノード"


@tpl("note-or-chat", "chat-es-puerta-codigo")
def _():
    code = "%d%s" % (rint(10000000, 99999999), pick(["#", "*", ""]))
    t = "%s: el código de la puerta del cuarto frío cambió, ahora es %s" % (person(), code)
    return t, code, "cuarto frío"


@tpl("note-or-chat", "agent-session-state-long")
def _():
    p = pw()
    u = netid()
    h = login_host()
    db = svc_host("pg")
    t = """# Session state (saved %s)

## Goal
Make the nightly ingest of %s runs into the sample database robust: it silently skipped
runs with spaces in the folder name and nobody noticed for two weeks.

## Context
- repo: ~/src/%s-ingest (branch fix/folder-names)
- cluster: %s, account %s, partition %s
- DB: %s (Postgres 15), schema `runs`, owner `ingest`
- the cron job lives in /etc/cron.d/ingest on the DTN, runs as %s

## Commands run so far
1. `pytest -q tests/test_paths.py`  -> 3 failures, all quoting related
2. `rg -n "split\\(' '\\)" src/`  -> two offenders in src/scan.py
3. `psql "host=%s user=ingest dbname=samples password=%s" -c "select count(*) from runs where status='skipped'"`
   -> 41 rows
4. `sbatch --test-only jobs/reingest.sbatch`  -> would start in ~10 min

## Findings
- scan.py splits on spaces; switched to pathlib + shlex.quote
- the skipped runs are all from the %s instrument PC (its export names contain spaces)

## Decisions
- re-ingest the 41 runs with a one-off array job instead of waiting for cron
- keep the old behaviour behind --legacy-names for one release

## Next steps
- [ ] open MR, ask %s to review
- [ ] move the DB password into ~/.pgpass on the DTN instead of the command line
""" % (ts_sp(), pick(["NovaSeq", "Orbitrap", "Krios", "lightsheet"]), lab(), cluster(), account(), partition(),
       db, u, db, p, pick(["confocal", "MinION", "plate reader"]), person())
    return t, p, "## Decisions"


@tpl("note-or-chat", "meeting-minutes-long-buried-credential")
def _():
    tok = an(60)
    t = """Group meeting minutes — %s
Present: %s, %s, %s, %s (remote)

1. Cluster allocation
   - renewal submitted; we asked for 2.1M core-hours and 40k GPU-hours
   - scratch purge policy changes next month (30 days), move anything you need to /projects

2. Data publication for the %s paper
   - reviewers want the raw movies; total ~4.2 TB, too big for one Zenodo record
   - plan: split per figure, one record each, DOIs in the data availability statement
   - %s made a Zenodo token for the group account so the upload script can run from the DTN:
     %s
     (it's scoped to deposit:write only)

3. Instruments
   - the autoloader on the Glacios needs a service visit, booking frozen until then
   - new students: microscope training on Thursdays

4. AOB
   - retreat dates poll is in the channel
""" % (date(), person(), person(), person(), person(), pick(["ribosome", "spliceosome", "ion channel", "transporter"]), person(), tok)
    return t, tok, "Group meeting minutes"


# ---------------------------------------------------------------------------
# builders: BENIGN (look secret-ish, carry no credential)
# ---------------------------------------------------------------------------

_BEN = []


def ben(fn):
    _BEN.append(fn)
    return fn


def _orcid():
    base = "0000000%d%08d" % (rint(1, 3), rint(0, 99999999))
    base = base[:15]
    total = 0
    for ch in base:
        total = (total + int(ch)) * 2
    res = (12 - total % 11) % 11
    chk = "X" if res == 10 else str(res)
    s = base + chk
    return "%s-%s-%s-%s" % (s[:4], s[4:8], s[8:12], s[12:])


def _msg():
    return pick(["Fix off-by-one in tile stitching", "Add Slurm array support to align step",
                 "Bump nf-core/rnaseq to 3.14.0", "Update README with Globus instructions",
                 "Handle missing metadata in CZI reader", "Refactor plotting of light curves",
                 "Add unit tests for FASTQ parser", "Pin numpy<2 for the old cluster image",
                 "Merge branch 'feature/ctf-refine'", "Use scratch for temp files",
                 "Remove hard-coded paths", "Rotate credentials; read token from env",
                 "Add CITATION.cff and .zenodo.json", "Speed up ERA5 regridding with xESMF",
                 "Autograder: increase timeout for hw3", "Fix typo in methods section"])


def _fname():
    return pick(["%s_S%d_L00%d_R%d_001.fastq.gz" % (sample_id(), rint(1, 96), rint(1, 4), rint(1, 2)),
                 "tas_day_CESM2_ssp585_r1i1p1f1_gn_%d0101-%d1231.nc" % (year(), year()),
                 "FoilHole_%d_Data_%d_%d_%s_Fractions.tiff" % (rint(10 ** 7, 10 ** 8), rint(10 ** 7, 10 ** 8), rint(1, 9), date().replace("-", "")),
                 "tess%s-s00%02d-%016d-0%d-s_lc.fits" % (date().replace("-", ""), rint(1, 80), rint(1, 10 ** 12), rint(100, 300)),
                 "%s_%s.czi" % (pick(["embryo", "slice", "organoid"]), rint(1, 300)),
                 "run_%04d.raw" % rint(1, 9999), "sub-%02d_ses-%02d_T1w.nii.gz" % (rint(1, 60), rint(1, 3)),
                 "plate%02d_well%s%02d.tif" % (rint(1, 40), pick("ABCDEFGH"), rint(1, 12))])


@ben
def _():
    return "\n".join("%s %s" % (hx(7), _msg()) for _ in range(rint(3, 6)))


@ben
def _():
    return "commit %s\nAuthor: %s <%s>\nDate:   %s\n\n    %s" % (hx(40), fullname(), email(), ts_sp(), _msg())


@ben
def _():
    return "$ git rev-parse HEAD\n%s" % hx(40)


@ben
def _():
    return "Merge pull request #%d from %s-lab/%s\n\n%s...%s" % (rint(10, 900), lab(), pick(["dev", "fix-io", "docs"]), hx(12), hx(12))


@ben
def _():
    img = "ghcr.io/%s-lab/%s" % (lab(), pick(["pipeline", "relion", "cellpose", "astro-tools"]))
    return "REPOSITORY   TAG   DIGEST   IMAGE ID\n%s   %s   sha256:%s   %s" % (img, pick(["1.4.2", "latest", "v5.0"]), hx(64), hx(12))


@ben
def _():
    return "%s: Pulling from %s/%s\nDigest: sha256:%s\nStatus: Downloaded newer image for %s:latest" % (
        pick(["latest", "2024.03"]), lab(), "cryo", hx(64), "quay.io/%s/cryo" % lab())


@ben
def _():
    return "\n".join("%s  %s" % (hx(64), _fname()) for _ in range(rint(2, 4)))


@ben
def _():
    return "\n".join("%s  %s" % (hx(32), _fname()) for _ in range(rint(2, 5)))


@ben
def _():
    return "MD5 checksums provided by the sequencing provider (verify with md5sum -c):\n%s  %s" % (hx(32), _fname())


@ben
def _():
    return json.dumps({"key": _fname(), "size": rint(10 ** 5, 10 ** 10), "checksum": "md5:" + hx(32),
                       "links": {"self": "https://zenodo.org/api/records/%d/files/data" % rint(10 ** 6, 10 ** 7)}}, indent=2)


@ben
def _():
    return "Globus task %s submitted; monitor with: globus task show %s" % ((uuid4(),) * 2)


@ben
def _():
    return "[I %s KernelManager] Kernel restarted: %s" % (ts_sp(), uuid4())


@ben
def _():
    return "metadata:\n  name: %s-%s\n  namespace: jhub\n  uid: %s\n  resourceVersion: \"%d\"" % (
        "jupyter", netid().replace(".", "-"), uuid4(), rint(10 ** 6, 10 ** 8))


@ben
def _():
    return "Globus collection \"%s Lab Data\" — Collection UUID: %s (public, search for it in the File Manager)" % (cap(lab()), uuid4())


@ben
def _():
    o = _orcid()
    return "%s (ORCID: https://orcid.org/%s)" % (fullname(), o)


@ben
def _():
    return "Data are available at https://doi.org/10.5281/zenodo.%d and code at https://github.com/%s-lab/%s (commit %s)." % (
        rint(10 ** 6, 15 * 10 ** 6), lab(), pick(["paper2024", "analysis"]), hx(7))


@ben
def _():
    return ssh_pub_ed25519("%s@%s" % (netid(), pick(["laptop", "workstation", cluster()])))


@ben
def _():
    return "# ~/.ssh/authorized_keys\n%s" % ssh_pub_rsa("%s@%s" % (netid(), pick(["mbp", "desktop"])))


@ben
def _():
    return "|1|%s|%s ssh-ed25519 %s" % (b64(20), b64(20), base64.b64encode(_ed25519_pub_blob()).decode())


@ben
def _():
    return "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:%s %s@%s (ED25519)" % (b64(32).rstrip("="), netid(), cluster())


@ben
def _():
    fp = uhx(40)
    return "pub   ed25519 %s [SC]\n      %s\nuid           [ultimate] %s <%s>\nsub   cv25519 %s [E]" % (
        date(), fp, fullname(), email(), date())


@ben
def _():
    return "deb [signed-by=/usr/share/keyrings/%s.gpg] https://packages.%s/apt stable main\n# key fingerprint: %s" % (
        pick(["slurm", "lab-tools", "cvmfs"]), dom(), " ".join(uhx(4) for _ in range(10)))


@ben
def _():
    return "[Peer]\n# %s laptop\nPublicKey = %s\nAllowedIPs = 10.%d.%d.%d/32" % (person(), wg_key(), rint(0, 255), rint(0, 255), rint(2, 254))


@ben
def _():
    return "# recipients for sops\ncreation_rules:\n  - path_regex: secrets/.*\\.yaml\n    age: age1%s" % rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58)


@ben
def _():
    return "-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % wrap("MII" + rs(_B64C, rint(600, 900)) + "==", 64)


@ben
def _():
    return "-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % wrap(
        base64.b64encode(bytes.fromhex("30820122300d06092a864886f70d01010105000382010f00") + rbytes(270)).decode(), 64)


@ben
def _():
    return "        env:\n          ZENODO_TOKEN: ${{ secrets.ZENODO_TOKEN }}\n          GH_TOKEN: ${{ github.token }}"


@ben
def _():
    k = pick(["ZENODO_TOKEN", "REDCAP_API_TOKEN", "GLOBUS_CLIENT_SECRET", "DB_PASSWORD", "OSF_TOKEN", "WANDB_API_KEY", "LIMS_PASS"])
    return "# .env.example -- copy to .env and fill in\n%s=<your-%s-here>\nDATA_ROOT=/scratch/$USER/data" % (k, k.lower().replace("_", "-"))


@ben
def _():
    return "export %s=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx   # replace with your own token" % pick(["ZENODO_TOKEN", "FIGSHARE_TOKEN", "HF_TOKEN", "NCBI_API_KEY"])


@ben
def _():
    return ("          env:\n            - name: DB_PASSWORD\n              valueFrom:\n                secretKeyRef:\n                  name: %s-db\n                  key: password") % pick(["omero", "ckan", "lims", "jhub"])


@ben
def _():
    return "$ vault kv get -field=password secret/hpc/%s > /run/%s.pass" % (pick(["slurmdbd", "xdmod", "coldfront"]), pick(["slurmdbd", "xdmod"]))


@ben
def _():
    what, entry = pick([("Zenodo token", "Zenodo"), ("LIMS admin password", "LIMS admin"),
                        ("Globus client secret", "Globus app"), ("BaseSpace login", "BaseSpace core account"),
                        ("REDCap API token", "REDCap export"), ("eduroam test account", "eduroam test")])
    return "%s: the %s is in %s under \"%s (lab)\" — ask me if you don't have access to the vault" % (
        person(), what, pick(["1Password", "Bitwarden", "KeePassXC", "the lab vault"]), entry)


@ben
def _():
    return "Password: ********\nLogin successful. Last login: %s from %s" % (ts_sp(), ip_priv())


@ben
def _():
    return "$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile                     osn           manual    --profile\naccess_key     ****************%s shared-credentials-file\nsecret_key     ****************%s shared-credentials-file" % (
        rs(_UAN, 4), rs(_AN, 4))


@ben
def _():
    return "Run python scripts/publish.py\n  env:\n    ZENODO_TOKEN: ***\n    PYTHON_VERSION: 3.11"


@ben
def _():
    return pick(["Never commit .env files; the CI reads secrets from the project's protected variables.",
                 "Reminder: rotate the ORCID client secret every six months and update the vault entry.",
                 "Please do not paste passwords into Slack. Use the shared vault or send a one-time link.",
                 "If you think a token leaked, revoke it first, then tell IT security (security@%s)." % dom(),
                 "Service accounts must use key-based auth; password logins on the DTNs are disabled.",
                 "The Jupyter token is printed in the job's output file; treat that file like a password.",
                 "Passwords must be at least %d characters and may not reuse your last 5 passwords." % pick([12, 14, 16]),
                 "Store API keys in ~/.config with chmod 600 or, better, in the OS keyring.",
                 "Do not use the same password for eduroam and the SSO portal (they are the same account anyway).",
                 "Tokens in URLs end up in proxy logs — use the Authorization header instead."]) + pick(["", " (%s)" % date()])


@ben
def _():
    return "x-amz-request-id: %s\nx-amz-id-2: %s" % (uhx(16), b64(48))


@ben
def _():
    return "traceparent: 00-%s-%s-01" % (hx(32), hx(16))


@ben
def _():
    return "%s ERROR api request_id=%s path=/api/v1/samples status=500 duration_ms=%d" % (ts(), "req_" + an(24), rint(5, 900))


@ben
def _():
    rows = ["%10s %9s %8s %8s %2s %10s %5s %s" % ("JOBID", "PARTITION", "NAME", "USER", "ST", "TIME", "NODES", "NODELIST(REASON)")]
    for _i in range(rint(2, 4)):
        rows.append("%10s %9s %8s %8s %2s %10s %5d %s" % (jobid(), partition()[:9], pick(["align", "relion", "train", "wrf"]), netid()[:8],
                                                          pick(["R", "PD"]), "%d:%02d:%02d" % (rint(0, 23), rint(0, 59), rint(0, 59)), rint(1, 8),
                                                          pick(["(Priority)", "gpu%03d" % rint(1, 99), "(Resources)"])))
    return "$ squeue -u $USER\n" + "\n".join(rows)


@ben
def _():
    return "Pipeline #%d (id %s) passed for %s on branch main" % (rint(10000, 999999), hx(12), "%s-lab/%s" % (lab(), "pipeline"))


@ben
def _():
    return "s3://%s-raw/%s/%s/%s" % (lab(), year(), uuid4(), _fname())


@ben
def _():
    return "ETag: \"%s\"\nLast-Modified: %s\nContent-Length: %d" % (hx(32), ts_sp(), rint(10 ** 3, 10 ** 9))


@ben
def _():
    return "/mnt/novaseq/runs/%s_A%05d_%04d_%s/RTAComplete.txt" % (date().replace("-", "")[2:], rint(1, 99999), rint(1, 999), "B" + rs(_UAN, 9))


@ben
def _():
    return "Sample_ID,index,index2\n%s,%s,%s\n%s,%s,%s" % (sample_id(), rs("ACGT", 10), rs("ACGT", 10), sample_id(), rs("ACGT", 10), rs("ACGT", 10))


@ben
def _():
    pk = pick(["numpy", "scipy", "pandas", "astropy", "scanpy", "torch", "xarray", "mrcfile", "pysam"])
    return "%s==%d.%d.%d" % (pk, rint(0, 3), rint(0, 30), rint(0, 12))


@ben
def _():
    return "$ module avail %s\n------ /opt/modulefiles ------\n   %s/%d.%d.%d   %s/%d.%d.%d-gcc-12.2 (D)" % (
        pick(["gromacs", "relion", "cuda", "openmpi"]), pick(["gromacs", "relion"]), year(), rint(1, 4), rint(0, 3),
        pick(["openmpi", "cuda"]), rint(4, 12), rint(0, 5), rint(0, 9))


@ben
def _():
    return "  - %s=%d.%d.%d=py311h%s_%d" % (pick(["numpy", "scipy", "h5py", "netcdf4"]), rint(1, 3), rint(0, 30), rint(0, 9), hx(7), rint(0, 3))


@ben
def _():
    txt = pick(["Hello from the cluster", "Sample sheet for run %d" % rint(1, 999), "readme: raw data, do not modify",
                "config version %d.%d" % (rint(1, 5), rint(0, 9)), "lab meeting notes %s" % date()])
    return "$ echo '%s' | base64\n%s" % (txt, b64t(txt + "\n"))


@ben
def _():
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d"><circle r="%d"/></svg>' % (rint(10, 64), rint(10, 64), rint(2, 9))
    return '<img src="data:image/svg+xml;base64,%s" alt="logo">' % b64t(svg)


@ben
def _():
    body = "Dear %s,\n\nattached are the figures for the revision.\n\nBest,\n%s\n" % (person(), person())
    return "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n%s" % wrap(b64t(body), 76)


@ben
def _():
    return "/projects/%s/raw/%s/run_%04d/%s" % (lab(), date(), rint(1, 9999), _fname())


@ben
def _():
    return "https://zenodo.org/records/%d/files/%s?download=1" % (rint(10 ** 6, 15 * 10 ** 6), _fname())


@ben
def _():
    v = "%d.%d.%d" % (rint(2022, 2025), rint(1, 12), rint(0, 3))
    return "[[package]]\nname = \"xarray\"\nversion = \"%s\"\nfiles = [\n    {file = \"xarray-%s-py3-none-any.whl\", hash = \"sha256:%s\"},\n]" % (
        v, v, hx(64))


@ben
def _():
    return "    \"node_modules/%s\": {\n      \"version\": \"%d.%d.%d\",\n      \"resolved\": \"https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz\",\n      \"integrity\": \"sha512-%s\"\n    }" % (
        "d3-scale", rint(1, 4), rint(0, 9), rint(0, 9), "d3-scale", "d3-scale", rint(1, 4), rint(0, 9), rint(0, 9), b64(64))


@ben
def _():
    return "scipy==1.%d.%d \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s" % (rint(9, 14), rint(0, 3), hx(64), hx(64))


@ben
def _():
    return "[[package]]\nname = \"serde\"\nversion = \"1.0.%d\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"%s\"" % (rint(150, 210), hx(64))


@ben
def _():
    mod = pick(["spf13/cobra", "stretchr/testify", "prometheus/client_golang", "google/uuid"])
    return "github.com/%s v%d.%d.%d h1:%s" % (mod, rint(0, 1), rint(1, 20), rint(0, 9), b64(32))


@ben
def _():
    return "    \"%s\": {\n      \"Package\": \"%s\",\n      \"Version\": \"%d.%d.%d\",\n      \"Source\": \"Repository\",\n      \"Repository\": \"CRAN\",\n      \"Hash\": \"%s\"\n    }" % (
        (pick(["dplyr", "ggplot2", "Seurat", "data.table"]),) * 2 + (rint(0, 5), rint(0, 12), rint(0, 9), hx(32)))


@ben
def _():
    v = "5.%d.%d" % (rint(20, 30), rint(0, 3))
    return "vega@^%s:\n  version \"%s\"\n  resolved \"https://registry.yarnpkg.com/vega/-/vega-%s.tgz#%s\"\n  integrity sha512-%s" % (
        v, v, v, hx(40), b64(64))


@ben
def _():
    return "{\n  \"installed\": {\n    \"client_id\": \"%d-%s.apps.googleusercontent.com\",\n    \"project_id\": \"%s-lab-drive\",\n    \"auth_uri\": \"https://accounts.google.com/o/oauth2/auth\"\n  }\n}" % (
        rint(10 ** 11, 10 ** 12), lan(32), lab())


@ben
def _():
    return "ORCID public API client id: APP-%s (the secret lives in the vault, not here)" % rs(_UAN, 16)


@ben
def _():
    return "https://%s-lab.slack.com/archives/C%s/p%d%06d" % (lab(), rs(_UAN, 10), rint(1690000000, 1760000000), rint(0, 999999))


@ben
def _():
    return "Join Zoom Meeting\nhttps://%s.zoom.us/j/%d\nMeeting ID: %d %d %d\nPasscode: sent separately by email" % (
        dom().split(".")[0], rint(10 ** 10, 10 ** 11), rint(100, 999), rint(1000, 9999), rint(1000, 9999))


@ben
def _():
    return pick(["arXiv:%d%02d.%05d" % (rint(18, 25), rint(1, 12), rint(1, 20000)),
                 "%d%s...%d..%dS" % (year(), pick(["ApJ", "MNRAS", "A&A"]), rint(800, 990), rint(10, 999)),
                 "PDB %d%s" % (rint(1, 9), rs(_UAN, 3)), "UniProt P%05d" % rint(1, 99999),
                 "ERR%07d" % rint(10 ** 6, 10 ** 7), "SRR%08d" % rint(10 ** 7, 10 ** 8), "GSE%06d" % rint(100000, 260000),
                 "PRJNA%06d" % rint(100000, 999999), "Gaia DR3 %d" % rint(10 ** 18, 7 * 10 ** 18), "TIC %d" % rint(10 ** 7, 10 ** 9)])


@ben
def _():
    return "SHA256E-s%d--%s.nii.gz" % (rint(10 ** 5, 10 ** 9), hx(64))


@ben
def _():
    return "ipfs://bafybei%s" % rs("abcdefghijklmnopqrstuvwxyz234567", 52)


@ben
def _():
    return "\n".join("%s: Pull complete" % hx(12) for _ in range(rint(3, 5)))


@ben
def _():
    return "spec:\n  encryptedData:\n    password: AgB%s\n  template:\n    metadata:\n      name: lims-db" % rs(_B64C, 300)


@ben
def _():
    return "db_password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64(18), b64(32), b64(16))


@ben
def _():
    return "vault_db_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          %s\n          %s" % (hx(64), hx(64))


@ben
def _():
    return "POST /hooks/github 200\nX-GitHub-Delivery: %s\nX-Hub-Signature-256: sha256=%s" % (uuid4(), hx(64))


@ben
def _():
    return "# example from the AWS docs, not a real key\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" + pick(["", "\n# use your own via aws configure"])


@ben
def _():
    return "Package: %s\nVersion: %d.%d.%d\nMD5sum: %s\nNeedsCompilation: yes" % (pick(["DESeq2", "limma", "edgeR"]), 1, rint(30, 46), rint(0, 9), hx(32))


@ben
def _():
    return '  {\n   "cell_type": "code",\n   "execution_count": %d,\n   "id": "%s",\n   "metadata": {},\n   "outputs": []\n  }' % (rint(1, 80), hx(8))


@ben
def _():
    return '{\n  "version": 4,\n  "terraform_version": "1.%d.%d",\n  "serial": %d,\n  "lineage": "%s"\n}' % (rint(5, 9), rint(0, 5), rint(1, 200), uuid4())


@ben
def _():
    return "@EXPLICIT\nhttps://conda.anaconda.org/conda-forge/linux-64/%s-%d.%d.%d-h%s_0.conda#%s" % (
        pick(["hdf5", "libnetcdf", "openssl"]), rint(1, 3), rint(0, 14), rint(0, 9), hx(7), hx(32))


@ben
def _():
    return '<script src="https://cdn.jsdelivr.net/npm/%s@%d.%d.%d/dist/%s.min.js" integrity="sha384-%s" crossorigin="anonymous"></script>' % (
        "plotly.js", 2, rint(20, 35), rint(0, 9), "plotly", b64(48))


@ben
def _():
    return "version https://git-lfs.github.com/spec/v1\noid sha256:%s\nsize %d" % (hx(64), rint(10 ** 4, 10 ** 10))


@ben
def _():
    return "outs:\n- md5: %s\n  size: %d\n  hash: md5\n  path: data/%s" % (hx(32), rint(10 ** 4, 10 ** 10), _fname())


@ben
def _():
    return "Launching `main.nf` [%s_%s] DSL2 - revision: %s\nsession id: %s" % (
        pick(["nostalgic", "peaceful", "hungry", "sleepy", "jolly"]), pick(["pasteur", "curie", "darwin", "hopper"]), hx(10), uuid4())


@ben
def _():
    return "wandb: Syncing run %s\nwandb: \u2b50\ufe0f View project at https://wandb.ai/%s-lab/%s\nwandb: \U0001f680 View run at https://wandb.ai/%s-lab/%s/runs/%s" % (
        pick(["glowing-sun-12", "misty-river-4", "dark-galaxy-31"]), lab(), "seg", lab(), "seg", lan(8))


@ben
def _():
    return "mlflow run id %s (experiment %d) finished with status FINISHED" % (hx(32), rint(1, 400))


@ben
def _():
    return "snapshot_download('%s/%s', revision='%s')" % (pick(["facebook", "microsoft", "allenai"]), pick(["esm2_t33_650M_UR50D", "BiomedVLP-CXR-BERT", "scibert"]), hx(40))


@ben
def _():
    return "source \"qemu\" \"rocky\" {\n  iso_checksum = \"sha256:%s\"\n}" % hx(64)


@ben
def _():
    return "       JobID    JobName  Partition    Account  AllocCPUS      State ExitCode\n------------ ---------- ---------- ---------- ---------- ---------- --------\n%12s %10s %10s %10s %10d  COMPLETED      0:0" % (
        jobid(), pick(["relion", "align", "wrf"]), partition()[:10], account()[:10], pick([8, 16, 32, 64]))


@ben
def _():
    return "http://127.0.0.1:8888/lab?token=...  (copy the full URL from the job output)"


@ben
def _():
    return "database:\n  host: %s\n  user: %s\n  password: ${DB_PASSWORD}\n  name: %s" % (svc_host("pg"), _dbuser(), _dbname())


@ben
def _():
    return "$ openssl x509 -in server.crt -noout -fingerprint -sha256\nsha256 Fingerprint=%s" % ":".join(uhx(2) for _ in range(32))


@ben
def _():
    return "Serial Number:\n    %s" % ":".join(hx(2) for _ in range(16))


@ben
def _():
    return "ether %s  txqueuelen 1000  (Ethernet)\ninet6 fe80::%s:%s:%s:%s  prefixlen 64" % (
        ":".join(hx(2) for _ in range(6)), hx(4), hx(4), hx(4), hx(4))


@ben
def _():
    return pick(["POSTGRES_PASSWORD_FILE=/run/secrets/postgres_password",
                 "StoragePassScript=/etc/slurm/get_dbd_pass.sh",
                 "PGPASSFILE=$HOME/.pgpass",
                 "password_file: /etc/%s/db.pass" % pick(["xdmod", "omero", "galaxy"]),
                 "--password-file=/run/secrets/rsync_pass",
                 "auth-user-pass /etc/openvpn/client/campus.auth"]) + pick(["", "   # mode 0600"])


@ben
def _():
    return pick(["echo \"$REGISTRY_TOKEN\" | docker login ghcr.io -u \"$GITHUB_ACTOR\" --password-stdin",
                 "gh auth login --web",
                 "ZENODO_TOKEN=$(pass show lab/zenodo) python upload.py",
                 "export OSF_TOKEN=\"$(secret-tool lookup service osf)\"",
                 "mysql --defaults-extra-file=~/.my.cnf -e 'SELECT 1'",
                 "psql service=lims -c 'select now()'"]) + pick(["", "  # no secrets on the command line"])


@ben
def _():
    return pick(["token = os.environ[\"ZENODO_TOKEN\"]", "token <- Sys.getenv(\"REDCAP_API_TOKEN\")",
                 "let token = std::env::var(\"GITHUB_TOKEN\")?;", "tok := os.Getenv(\"OSF_TOKEN\")",
                 "const key = process.env.NCBI_API_KEY;", "api_key = keyring.get_password(\"ncbi\", user)",
                 "password = getpass.getpass(\"LIMS password: \")"]) + pick(["", "\nif not token:\n    sys.exit(\"set the token first\")"])


@ben
def _():
    return "withCredentials([string(credentialsId: '%s', variable: 'TOKEN')]) {\n    sh 'python publish.py'\n}" % pick(["zenodo-token", "figshare-token", "lims-api"])


@ben
def _():
    return "    - curl --header \"JOB-TOKEN: $CI_JOB_TOKEN\" --upload-file dist/pkg.tar.gz \"${CI_API_V4_URL}/projects/${CI_PROJECT_ID}/packages/generic/pkg/%d.%d/pkg.tar.gz\"" % (rint(0, 3), rint(0, 20))


@ben
def _():
    return "variable \"db_password\" {\n  type      = string\n  sensitive = true\n}"


@ben
def _():
    return "  password: {{ .Values.postgresql.auth.password | b64enc | quote }}"


@ben
def _():
    return pick(["%s: I rotated the Zenodo token this morning, the new one is in the vault." % person(),
                 "%s: the LIMS password changed, check the password manager entry" % person(),
                 "%s: don't paste the token here pls, DM me and I'll add it to the CI variables" % person(),
                 "%s: revoked the old GitHub PAT, CI is green again" % person(),
                 "%s: Globus secret expired, I generated a new one and updated the k8s secret" % person()])


@ben
def _():
    return pick(["Das Passwort steht im Passwortmanager der Gruppe (Eintrag \"Cluster-Service\").",
                 "Le mot de passe est dans le coffre KeePass du labo, demande à %s." % person(),
                 "La contraseña está en el gestor de contraseñas, no la pongas aquí.",
                 "A senha está no cofre do laboratório; peça acesso ao %s." % person(),
                 "パスワードはパスワードマネージャーに保存してあります。",
                 "密码在实验室的密码管理器里，不要发到群里。",
                 "Пароль лежит в менеджере паролей группы, не пишите его в чат.",
                 "La password è nel gestore password del gruppo.",
                 "Het wachtwoord staat in de gedeelde kluis van de groep.",
                 "Hasło jest w menedżerze haseł grupy.",
                 "비밀번호는 연구실 비밀번호 관리자에 있습니다."])


@ben
def _():
    return pick(["ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "xoxb-your-bot-token", "hf_****************",
                 "sk-...your key...", "glpat-XXXXXXXXXXXXXXXXXXXX", "AKIAXXXXXXXXXXXXXXXX",
                 "api_key: <YOUR_API_KEY>", "password: CHANGE_ME_BEFORE_DEPLOY", "token: REPLACE-WITH-TOKEN",
                 "SECRET_KEY = 'dev-only-not-secret'"]) + pick(["", "  # placeholder", " (see docs)"])


@ben
def _():
    return "https://app.globus.org/file-manager?origin_id=%s&origin_path=%%2F%s%%2F" % (uuid4(), lab())


@ben
def _():
    return pick(["doi:10.7910/DVN/%s" % rs(_UAN, 6), "https://osf.io/%s/" % lan(5),
                 "https://figshare.com/articles/dataset/%s/%d" % (pick(["raw_images", "survey_data"]), rint(10 ** 7, 3 * 10 ** 7)),
                 "https://www.overleaf.com/project/%s" % hx(24), "ISBN 978-%d-%03d-%05d-%d" % (rint(0, 3), rint(0, 999), rint(0, 99999), rint(0, 9)),
                 "https://hdl.handle.net/%d/%d" % (rint(10000, 99999), rint(1, 99999))])


@ben
def _():
    return "OMERO image %d in dataset %d (project %d), acquired %s" % (rint(1000, 999999), rint(100, 9999), rint(1, 999), ts_sp())


@ben
def _():
    return "Instrument serial: %s-%05d-%s, firmware %d.%d.%d, build %s" % (pick(["SN", "S/N"]), rint(1, 99999), rs(_UP, 2), rint(1, 9), rint(0, 20), rint(0, 99), hx(8))


@ben
def _():
    return pick(["GHSA-%s-%s-%s" % (rs("23456789cfghjmpqrvwx", 4), rs("23456789cfghjmpqrvwx", 4), rs("23456789cfghjmpqrvwx", 4)),
                 "CVE-%d-%d" % (year(), rint(1000, 49999))]) + " fixed in %d.%d.%d" % (rint(0, 9), rint(0, 20), rint(0, 9))


@ben
def _():
    u = netid()
    realm = dom().upper()
    d = date()
    h = rint(6, 12)
    return "$ klist\nTicket cache: FILE:/tmp/krb5cc_%d\nDefault principal: %s@%s\n\nValid starting     Expires            Service principal\n%s %02d:%02d  %s %02d:%02d  krbtgt/%s@%s" % (
        rint(1000, 60000), u, realm, d, h, rint(0, 59), d, h + 10, rint(0, 59), realm, realm)


@ben
def _():
    return ' "metadata": {\n  "signature": "sha256:%s",\n  "kernelspec": {"name": "python3", "display_name": "Python 3"}\n }' % hx(64)


@ben
def _():
    return "Verified OK\ntlog entry created with index: %d\nSignature: MEUCI%s" % (rint(10 ** 7, 10 ** 8), rs(_B64C, 90))


@ben
def _():
    return "apptainer sif list %s.sif\nID  |GROUP   |LINK    |SIF POSITION (SIZE)  |TYPE\n1   |1       |NONE    |%d-%d              |Def.FILE\n# fingerprint %s" % (
        pick(["relion", "alphafold", "cellpose"]), rint(30000, 40000), rint(40000, 50000), uhx(40))


@ben
def _():
    return "Zotero item %s in library %d, attachment key %s" % (rs(_UAN, 8), rint(10 ** 5, 10 ** 7), rs(_UAN, 8))


@ben
def _():
    return "Job %s.pbs01 queued on %s\n$ qstat -u %s\n%s.pbs01  %s  workq  %s  --  1  8  32gb 04:00 Q  --" % (
        (jobid(),) * 1 + (cluster(), netid(), jobid(), netid()[:8], pick(["align", "wrf", "mdrun"])))


@ben
def _():
    return "salt = os.urandom(16)  # generated per user, stored next to the hash" + pick(["", "\nhash = hashlib.scrypt(pw, salt=salt, n=2**14, r=8, p=1)"])


@ben
def _():
    return "color cycle: %s" % ", ".join("#" + hx(6) for _ in range(rint(4, 8)))


@ben
def _():
    return "build id %s-%s | image %s@sha256:%s" % (date().replace("-", ""), hx(8), "ghcr.io/%s-lab/app" % lab(), hx(64))


@ben
def _():
    return "Request %s failed after 3 retries (trace %s); see Sentry event %s" % (uuid4(), hx(32), hx(32))


@ben
def _():
    return "kubectl -n jhub create secret generic hub-oauth --from-file=client_secret=./client_secret.txt" + pick(["", "   # file is gitignored"])


@ben
def _():
    return "%s\n# (all values above are test fixtures generated by faker, not real people)" % json.dumps(
        {"participant_id": "P%04d" % rint(1, 9999), "visit": rint(1, 6), "record_hash": hx(40)})


@ben
def _():
    return "RDM checklist:\n- [ ] checksums (sha256) for every file\n- [ ] README with ORCID of all authors\n- [ ] license: CC-BY-4.0\n- [ ] no credentials in notebooks (run nbstripout + detect step)"


@ben
def _():
    return "%s INFO auth: token for user %s validated (kid=%s, exp in %ds)" % (ts(), netid(), hx(16), rint(60, 3600))


@ben
def _():
    f = _fname()
    return "$ sha1sum %s\n%s  %s" % (f, hx(40), f)


@ben
def _():
    return "Key ID: %s\nCreated: %s\nExpires: never\nScopes: read:packages" % (uhx(16), date())


@ben
def _():
    return "Your API token was created. Token ID: %s (the token itself is only shown once and is not stored in this log)" % uuid4()


@ben
def _():
    return "https://api.%s/v1/datasets/%s/versions/%d/files?page=%d&per_page=100" % (dom(), uuid4(), rint(1, 9), rint(1, 20))


@ben
def _():
    return "password reset link sent to %s*****@%s (expires in 30 minutes)" % (first()[:2], dom())


@ben
def _():
    return "Authorization: Bearer $TOKEN" + pick(["", "   # TOKEN is read from ~/.config/lab/token", "  (set TOKEN first)"])


@ben
def _():
    return pick(["eduroam setup: use your full address (netid@%s) as the identity and your SSO password; the CA is USERTrust RSA." % dom(),
                 "To get a cluster account, request it on the portal; your PI must approve it.",
                 "The Globus endpoint for the cluster is \"%s Scratch\"; log in with your campus identity." % cap(cluster()),
                 "Autograder tokens are per-student and are generated by Gradescope; you never need to paste one.",
                 "The LIMS uses campus SSO — there is no separate password any more."])


@ben
def _():
    return "uuid: %s\nmodified: %s\nrev: %d" % (uuid4(), ts(), rint(1, 90))


@ben
def _():
    return "objectKey=%s/%s/%s.tif uploadId=%s" % (lab(), date(), hx(16), rs(_URLC, 64))


@ben
def _():
    return "checksum (sha512): %s" % hx(128)


@ben
def _():
    return "Cache key: %s-pip-%s\nCache restored from key: %s-pip-%s" % ((pick(["Linux", "macOS"]), hx(64)) * 2)


@ben
def _():
    return "Nextflow Tower workspace id %d, run id %s" % (rint(10 ** 13, 10 ** 14), an(14))


@ben
def _():
    return "%s,%s,%d,%s" % (uuid4(), sample_id(), rint(1, 96), pick(["received", "sequenced", "QC-fail", "archived"]))


# ---------------------------------------------------------------------------
# builders: assemble everything
# ---------------------------------------------------------------------------

_GROUP_TARGETS = {
    "command": 235,
    "note-or-chat": 250,
    "tool-output": 165,
    "config-file": 170,
    "source-code": 165,
    "stack-trace-or-log": 165,
    "ci-and-deploy": 165,
}
_LANG_CODES = ("de", "fr", "es", "pt", "ja", "zh", "ru", "it", "nl", "pl", "ko", "sv", "tr", "cs",
               "uk", "da", "ca", "id", "hu", "fi", "el", "vi")


def _is_foreign(fmt):
    parts = fmt.split("-")
    return len(parts) > 1 and parts[1] in _LANG_CODES


_FOREIGN_SHARE = 0.26   # share of note-or-chat entries written in another language


def _spread(idx, total, out_counts):
    """Give the templates at idx between 1 and 3 entries each, summing to total."""
    order = list(idx)
    _R.shuffle(order)
    base = 2
    for i in order:
        out_counts[i] = base
    diff = total - base * len(order)
    step = 1 if diff > 0 else -1
    for i in order[:abs(diff)]:
        out_counts[i] = base + step


def _build_handwritten(out, already):
    for group, target in sorted(_GROUP_TARGETS.items()):
        tpls = [t for t in _TEMPLATES if t[0] == group]
        counts = [2] * len(tpls)
        need = target - already.get(group, 0)
        if group == "note-or-chat":
            foreign = [i for i, t in enumerate(tpls) if _is_foreign(t[1])]
            english = [i for i, t in enumerate(tpls) if not _is_foreign(t[1])]
            n_foreign = int(round(_FOREIGN_SHARE * target))
            _spread(foreign, n_foreign, counts)
            _spread(english, need - n_foreign, counts)
        else:
            _spread(range(len(tpls)), need, counts)
        for (g, fmt, fn, _n), n in zip(tpls, counts):
            _emit(g, fmt, fn, n, out)


def _build_secrets():
    out = []
    _build_vendor(out)
    _build_combos(out)
    already = {}
    for row in out:
        already[row[0]] = already.get(row[0], 0) + 1
    _build_handwritten(out, already)
    return out


def _build_benign(target=950):
    seen = set()
    out = []
    rounds = 0
    while len(out) < target and rounds < 60:
        rounds += 1
        for fn in _BEN:
            _ctx_reset()
            s = fn()
            if s in seen or any(v in s for v in _SEEN):
                continue
            seen.add(s)
            out.append(s)
            if len(out) >= target:
                break
    return out


# ---------------------------------------------------------------------------
# the corpus
# ---------------------------------------------------------------------------

SECRETS = _build_secrets()
BENIGN = _build_benign()
