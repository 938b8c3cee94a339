"""Blind hold-out corpus #67 for a secret-redaction engine.

What it is
----------
A self-contained test corpus for an engine that strips credentials out of the
working state a coding agent (Claude Code, Codex, Gemini CLI) persists: goals,
running notes, shell commands, tool output, file excerpts, decisions, chat
messages pasted in by teammates, log lines and CI configuration.  Every entry
in ``SECRETS`` carries exactly one credential that must not survive redaction
and, where sensible, a neighbouring piece of text that must stay readable.
Every entry in ``BENIGN`` looks "secret-ish" to a naive scanner but contains no
credential at all, so any redaction inside it is a false positive.

Theme
-----
Developer teams in Western and Northern Europe.  Notes, chats, commit messages
and tickets are written in German, French, Dutch, Italian, Spanish (Spain),
Portuguese (Portugal), Swedish, Norwegian, Danish, Finnish, Icelandic, Polish
and Czech as well as English.  The infrastructure and vendors are the ones
such teams use day to day: Hetzner, OVHcloud, Scaleway, IONOS, Infomaniak,
STACKIT; payments and banking (Mollie, Adyen, Klarna, Vipps, MobilePay, Swish,
iDEAL, Bizum/Redsys, SEPA/EBICS, PSD2 open-banking APIs); e-government and
tax (ELSTER, DATEV, FranceConnect, DigiD, BankID, itsme, Suomi.fi); and local
SaaS (sevDesk, lexoffice, Fortnox, Tripletex, Fakturoid, Brevo, Mailjet,
Sendcloud, Moneybird, Nextcloud, ...).

Provenance
----------
Written blind, from general knowledge only: no engine rules, no other corpus
and no web search were consulted.  Where a vendor's real credential shape is
known, that shape (prefix, length, alphabet) is imitated; where it is not
known, a plausible shape was invented.  All company hosts, people, account
numbers and values are fictitious and every credential is a fresh random draw
that grants access to nothing.  Public vendor API endpoints are named the way
the vendor documents them only to make the fragments read naturally.

Layout
------
``SECRETS`` is a list of 5-tuples ``(group, format, text, secret, visible)``:

* ``group``   - one of ``command``, ``tool-output``, ``config-file``,
  ``source-code``, ``stack-trace-or-log``, ``note-or-chat``,
  ``ci-and-deploy``, ``vendor-token`` (roughly equal shares);
* ``format``  - kebab-case name of the shape; each format occurs at most
  three times, so breadth dominates volume;
* ``text``    - the fragment as the agent recorded it (one to a dozen lines);
* ``secret``  - the exact substring of ``text`` that must be removed (only the
  key body for PEM keys, only the signature for signed URLs, only the password
  for user:password pairs);
* ``visible`` - a substring of ``text`` that must remain readable, or ``""``.

``BENIGN`` is a list of distinct strings with no credential in them: commit
SHAs, checksums, digests, UUIDs, request and trace ids, public keys and
fingerprints, public key ids, placeholders, masked values, references to
where a secret is stored, base64 of ordinary text, paths, versions, prose
about passwords and password policies, cache keys and the like, set in the
same kinds of contexts as the secrets.

Determinism
-----------
All randomness comes from one ``random.Random(SEED)`` instance, ``_R``, and
every value is drawn at import time in a fixed order.  No hash-order
dependent iteration is used, so importing the module twice (in the same or in
another process) yields identical lists.  Nothing is printed at import.

Measured
--------
Blind, read after that session's first rules (made from the older corpora's misses), which changed
none of its results: recall 0.954 (1,435 of 1,504) and false positives 13 of 950 (1.4%). Tuned on
since (a comma inside a password in prose, Icelandic's word for one, hex announced in its
languages, a password given as an answer): 0.970 and 13 of 950.
"""

import base64
import json
import random
import string

SEED = 6767067
_R = random.Random(SEED)

_LOW = string.ascii_lowercase
_UP = string.ascii_uppercase
_DIG = string.digits
_ALNUM = _LOW + _UP + _DIG
_LOWNUM = _LOW + _DIG
_UPNUM = _UP + _DIG
_HEXL = "0123456789abcdef"
_HEXU = "0123456789ABCDEF"
_B64A = _ALNUM + "+/"
_B64U = _ALNUM + "-_"


def _s(n, alpha=_ALNUM):
    return "".join(_R.choice(alpha) for _ in range(n))


def _hex(n):
    return _s(n, _HEXL)


def _HEX(n):
    return _s(n, _HEXU)


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(nbytes):
    return base64.b64encode(_rbytes(nbytes)).decode("ascii")


def _b64u(nbytes):
    return base64.urlsafe_b64encode(_rbytes(nbytes)).decode("ascii").rstrip("=")


def _b64txt(text):
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def _b64utxt(text):
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def _uuid():
    h = "%032x" % _R.getrandbits(128)
    h = h[:12] + "4" + h[13:16] + _R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _n(a, b):
    return _R.randint(a, b)


def _c(seq):
    return _R.choice(seq)


def _ip():
    return _c(["10.%d.%d.%d" % (_n(0, 40), _n(0, 254), _n(2, 250)),
               "172.%d.%d.%d" % (_n(16, 31), _n(0, 254), _n(2, 250)),
               "192.168.%d.%d" % (_n(0, 60), _n(2, 250))])


def _pubip():
    # documentation ranges only
    return _c(["198.51.100.%d" % _n(2, 250), "203.0.113.%d" % _n(2, 250),
               "192.0.2.%d" % _n(2, 250)])


# ---------------------------------------------------------------- people ----

_PEOPLE = {
    "de": ["Jonas", "Lea", "Maximilian", "Anna", "Lukas", "Sophie", "Felix", "Hannah",
           "Tobias", "Katrin", "Jürgen", "Mareike", "Bernd", "Svenja"],
    "fr": ["Camille", "Théo", "Léa", "Hugo", "Manon", "Baptiste", "Chloé", "Mathieu",
           "Inès", "Antoine", "Élodie", "Julien"],
    "nl": ["Daan", "Sanne", "Bram", "Femke", "Joost", "Lotte", "Pieter", "Noor",
           "Sjoerd", "Anouk", "Thijs", "Marieke"],
    "it": ["Giulia", "Marco", "Alessandro", "Chiara", "Francesca", "Luca", "Matteo",
           "Federica", "Davide", "Sara"],
    "es": ["Lucía", "Javier", "Alba", "Sergio", "Carmen", "Pablo", "Nerea", "Álvaro",
           "Marta", "Iker"],
    "pt": ["João", "Inês", "Tiago", "Mariana", "Rui", "Beatriz", "Gonçalo", "Catarina",
           "Duarte", "Leonor"],
    "sv": ["Erik", "Astrid", "Oskar", "Elin", "Johan", "Maja", "Linnea", "Henrik",
           "Saga", "Björn"],
    "no": ["Sindre", "Ingrid", "Magnus", "Kari", "Eirik", "Solveig", "Håkon", "Silje",
           "Torbjørn", "Nora"],
    "da": ["Mads", "Freja", "Rasmus", "Ida", "Søren", "Mette", "Frederik", "Sofie",
           "Kasper", "Louise"],
    "fi": ["Aino", "Juha", "Eetu", "Sanna", "Mikko", "Laura", "Ville", "Heidi",
           "Antti", "Kaisa"],
    "is": ["Guðrún", "Sigurður", "Björk", "Einar", "Kristín", "Ólafur", "Helga",
           "Gunnar", "Sigríður", "Jón"],
    "pl": ["Kasia", "Piotr", "Małgorzata", "Tomasz", "Agnieszka", "Paweł", "Zofia",
           "Krzysztof", "Magda", "Michał"],
    "cs": ["Jiří", "Tereza", "Ondřej", "Lucie", "Petr", "Kateřina", "Tomáš", "Veronika",
           "Jakub", "Barbora"],
    "en": ["Alex", "Sam", "Chris", "Jordan", "Taylor", "Morgan"],
}
_LANGS = ["de", "fr", "nl", "it", "es", "pt", "sv", "no", "da", "fi", "is", "pl", "cs"]

_COMPANIES = [
    ("brotzeit-logistik", "de"), ("kiezkasse", "de"), ("alpenmilch-digital", "de"),
    ("rheinfracht", "de"), ("velo-rouge", "fr"), ("fromagerie-numerique", "fr"),
    ("tulpenhof", "nl"), ("grachtenpay", "nl"), ("bicicletta-lab", "it"),
    ("pastificio-cloud", "it"), ("sobremesa-tech", "es"), ("azulejo-pagamentos", "pt"),
    ("kanelbulle-data", "sv"), ("fjordlys-energi", "no"), ("smorrebrod-aps", "da"),
    ("lakrids-labs", "da"), ("sisu-analytics", "fi"), ("revontuli-soft", "fi"),
    ("hraun-hugbunadur", "is"), ("pierogi-systems", "pl"), ("knedlik-soft", "cs"),
    ("vltava-fintech", "cs"), ("bergsee-versicherung", "de"), ("stroopwafel-bv", "nl"),
]
_TLDS = ["example", "internal", "test", "lan", "example.net", "intra.example"]


def _who(lang=None):
    return _c(_PEOPLE[lang or _c(_LANGS)])


def _lang():
    return _c(_LANGS)


def _company(lang=None):
    pool = [c for c, l in _COMPANIES if lang is None or l == lang] or [c for c, _ in _COMPANIES]
    return _c(pool)


def _host(prefix=None, lang=None):
    pre = prefix or _c(["db", "pg", "mysql", "app", "api", "cache", "sftp", "mq", "kc",
                        "vault", "git", "ci", "files", "erp", "shop", "stg", "backoffice"])
    num = _c(["", "01", "02", "-1", "-2", "-prod", "-stg", "-test", "-acc"])
    return "%s%s.%s.%s" % (pre, num, _company(lang), _c(_TLDS))


def _dom(lang=None):
    return "%s.%s" % (_company(lang), _c(["example", "example.com", "example.org", "test"]))


def _user():
    return _c(["app", "shop", "svc_payments", "deploy", "backup", "readonly", "etl",
               "grafana", "keycloak", "odoo", "nextcloud", "buchhaltung", "compta",
               "boekhouding", "contabilita", "ekonomi", "regnskab", "kirjanpito",
               "ksiegowosc", "ucetnictvi", "admin", "root", "postgres", "svc-ebics",
               "svc_klarna", "reporting", "migrator", "webshop", "ci-bot", "n8n"]) + \
        _c(["", "", "", "_rw", "_ro", "2", "_stg"])


# ------------------------------------------------------------- passwords ----

_PW_WORDS = {
    "de": ["Sommer", "Kaffee", "Bahnhof", "Brezel", "Fahrrad", "Regenschirm", "Schneemann",
           "Apfelbaum", "Bergsee", "Lokomotive", "Zugspitze", "Kartoffel", "Fernweh",
           "Wanderweg", "Gartenzwerg", "Feierabend", "Spätzle", "Grüntee"],
    "fr": ["Soleil", "Fromage", "Baguette", "Montagne", "Papillon", "Chaussette",
           "Croissant", "Lumiere", "Grenouille", "Bretagne", "Framboise", "Camembert"],
    "nl": ["Fiets", "Stroopwafel", "Tulpen", "Molen", "Gezellig", "Hagelslag", "Kaaskop",
           "Grachten", "Dijkwerker", "Regenboog", "Klompen", "Bitterbal"],
    "it": ["Girasole", "Gelato", "Motorino", "Pomodoro", "Farfalla", "Tramonto",
           "Cappuccino", "Lasagna", "Vespa", "Limoncello", "Dolomiti"],
    "es": ["Paella", "Mariposa", "Tortilla", "Girasol", "Sobremesa", "Flamenco",
           "Churros", "Verano", "Gazpacho", "Siesta", "Azahar"],
    "pt": ["Saudade", "Pastel", "Azulejo", "Bacalhau", "Sardinha", "Eletrico",
           "Andorinha", "Fado", "Ginjinha", "Alfama"],
    "sv": ["Kanelbulle", "Midsommar", "Fika", "Lingon", "Skargard", "Algen", "Stuga",
           "Knackebrod", "Smultron", "Lagom"],
    "no": ["Fjord", "Brunost", "Hytte", "Nordlys", "Skiflyt", "Troll", "Lofoten",
           "Vaffel", "Kvikklunsj", "Reinsdyr"],
    "da": ["Hygge", "Smorrebrod", "Lakrids", "Cykel", "Havfrue", "Wienerbrod",
           "Klitter", "Fyrtaarn", "Rugbrod", "Flodebolle"],
    "fi": ["Sauna", "Sisu", "Lumiukko", "Mustikka", "Karhu", "Revontuli", "Korvapuusti",
           "Jarvi", "Salmiakki", "Mokki"],
    "is": ["Eldfjall", "Hraun", "Lundi", "Skyr", "Jokull", "Geysir", "Hestur",
           "Nordurljos", "Lopapeysa", "Kleina"],
    "pl": ["Pierogi", "Wisla", "Bursztyn", "Zubr", "Krakow", "Slonecznik", "Paczki",
           "Tatry", "Oscypek", "Bigos"],
    "cs": ["Knedlik", "Vltava", "Pivovar", "Krtek", "Trdelnik", "Sumava", "Hrad",
           "Houba", "Svickova", "Kolac"],
    "en": ["Coffee", "Dragon", "Sunshine", "Monkey", "Rainbow", "Penguin", "Thunder",
           "Galaxy", "Winter", "Summer"],
}

_SYM = {
    "url": "-_.!*~",
    "plain": "!%&*+-=?@^_.,",
    "rich": "!#%&*+-=?@^_.,:;~()[]{}<>|/",
}
_SEEN = set()


def _word(lang=None):
    return _c(_PW_WORDS[lang or _c(list(_PW_WORDS.keys()))])


def _leet(w, mode="plain"):
    if mode == "url":
        table = {"o": "0", "e": "3", "i": "1", "a": "4"}
    else:
        table = {"a": "@", "o": "0", "e": "3", "i": "1", "s": "$"}
    out = []
    for ch in w:
        if ch.lower() in table and _R.random() < 0.6:
            out.append(table[ch.lower()])
        else:
            out.append(ch)
    return "".join(out)


def _pron(n):
    cons = "bcdfghjklmnprstvz"
    vow = "aeiou"
    out = []
    for k in range(n):
        out.append(_c(cons) + _c(vow))
    w = "".join(out)
    return w[0].upper() + w[1:]


def _pw_raw(style, lang, mode):
    sym = _SYM[mode]
    if style == "word":
        return _word(lang) + str(_n(10, 9999)) + _c(sym)
    if style == "year":
        return _word(lang) + _c(["2019", "2021", "2022", "2023", "2024", "2025", "24", "25"]) + \
            _c(sym) + _c(["", str(_n(1, 99))])
    if style == "twowords":
        return _word(lang) + _c(["", "_", "-", "."]) + _word(lang) + str(_n(1, 999))
    if style == "phrase":
        sep = _c(["-", ".", "_"] if mode != "url" else ["-", ".", "_"])
        ws = [_word(lang).lower() for _ in range(_n(3, 4))]
        return sep.join(ws) + _c(["", str(_n(1, 99)), _c(sym)])
    if style == "pron":
        return _pron(_n(3, 5)) + str(_n(10, 999)) + _c(["", _c(sym)])
    if style == "leet":
        return _leet(_word(lang), mode) + str(_n(1, 99)) + _c(sym) + _leet(_word(lang), mode)
    if style == "random":
        alpha = _ALNUM + sym
        while True:
            v = _s(_n(14, 26), alpha)
            if any(ch in sym for ch in v) and any(ch.isdigit() for ch in v):
                return v
    if style == "hexish":
        return _s(_n(16, 32), _ALNUM)
    if style == "initials":
        return _c(_UP) + _s(_n(2, 4), _LOW) + _c(sym) + str(_n(1000, 9999)) + _c(_UP) + _s(3, _LOW)
    return _s(16)


_PW_STYLES = ["word", "year", "twowords", "phrase", "pron", "leet", "random", "random",
              "hexish", "initials"]


def _fresh(fn):
    for _ in range(200):
        v = fn()
        if len(v) >= 8 and v not in _SEEN:
            _SEEN.add(v)
            return v
    raise RuntimeError("could not draw a fresh value")


def _pw_draw(st, lang, mode):
    # a password that ends (or starts) with sentence punctuation would be
    # ambiguous in prose, so such draws are rejected
    while True:
        v = _pw_raw(st, lang, mode)
        if v[-1] not in ".,;:" and v[0] not in ".,;:":
            return v


def _pw(style=None, lang=None, mode="plain"):
    st = style or _c(_PW_STYLES)
    return _fresh(lambda: _pw_draw(st, lang, mode))


def _pwu(style=None, lang=None):
    """password safe inside URL userinfo / unquoted shell words"""
    return _pw(style, lang, "url")


def _tok(n, alpha=_ALNUM, prefix="", suffix=""):
    return _fresh(lambda: prefix + _s(n, alpha) + suffix)


def _fhex(n, prefix=""):
    return _fresh(lambda: prefix + _hex(n))


def _fuuid():
    return _fresh(_uuid)


def _fb64(nbytes):
    return _fresh(lambda: _b64(nbytes))


def _fb64u(nbytes, prefix=""):
    return _fresh(lambda: prefix + _b64u(nbytes))


def _jwt(iss=None, sub=None, nsig=43, alg="RS256"):
    def mk():
        hdr = {"alg": alg, "typ": "JWT", "kid": _hex(8)}
        pl = {"iss": iss or "https://auth.%s" % _dom(), "sub": sub or _uuid(),
              "iat": 1700000000 + _n(0, 60000000), "scope": _c(["api", "payments:read",
                                                                  "openid profile", "ais pis"])}
        pl["exp"] = pl["iat"] + _c([300, 900, 3600, 86400])
        return "%s.%s.%s" % (_b64utxt(json.dumps(hdr, separators=(",", ":"))),
                             _b64utxt(json.dumps(pl, separators=(",", ":"))), _b64u(nsig * 3 // 4))
    return _fresh(mk)


def _pem_body(nbytes=1190):
    raw = base64.b64encode(_rbytes(nbytes)).decode("ascii")
    return "\n".join(raw[k:k + 64] for k in range(0, len(raw), 64))


def _pem(kind="RSA PRIVATE KEY", nbytes=1190):
    body = _fresh(lambda: _pem_body(nbytes))
    return "-----BEGIN %s-----\n%s\n-----END %s-----" % (kind, body, kind), body


def _openssh_key():
    body = _fresh(lambda: _pem_body(_c([290, 300, 310])))
    return "-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % body, body


def _ticket():
    return "%s-%d" % (_c(["PAY", "OPS", "INFRA", "SHOP", "FIN", "EGOV", "PLAT", "SEC", "BANK",
                          "ERP", "KASSE", "DEV"]), _n(100, 4999))


def _date():
    return "2025-%02d-%02d" % (_n(1, 12), _n(1, 28))


def _time():
    return "%02d:%02d:%02d" % (_n(0, 23), _n(0, 59), _n(0, 59))


def _ts():
    return "%sT%s.%03dZ" % (_date(), _time(), _n(0, 999))


def _sha():
    return _hex(40)


def _short():
    return _hex(_c([7, 8, 9]))


# ---------------------------------------------------------- registration ----

_FORMATS = []


def _f(group, name):
    def deco(fn):
        _FORMATS.append((group, name, fn))
        return fn
    return deco


# ---------------------------------------------------------- vendor shapes ----
# Known shapes are imitated; unknown ones are invented but plausible.

_BECH = "023456789ACDEFGHJKLMNPQRSTUVWXYZ"
_ADY_TAIL = _ALNUM + "<>;%{}()=+#,:"


def _gh_classic():
    return _tok(36, prefix="ghp_")


def _gh_fine():
    return _fresh(lambda: "github_pat_11" + _s(20, _UPNUM) + "0" + _s(1, _UPNUM) + "_" + _s(59))


def _gh_oauth():
    return _tok(36, prefix="gho_")


def _gh_app():
    return _tok(36, prefix="ghs_")


def _glpat():
    return _tok(20, _ALNUM + "-_", prefix="glpat-")


def _glrt():
    return _tok(20, _ALNUM + "-_", prefix="glrt-")


def _gldt():
    return _tok(20, _ALNUM + "-_", prefix="gldt-")


def _glptt():
    return _fhex(40, prefix="glptt-")


def _xoxb():
    return _fresh(lambda: "xoxb-%d-%d-%s" % (_n(10 ** 10, 10 ** 12), _n(10 ** 11, 10 ** 13), _s(24)))


def _xoxp():
    return _fresh(lambda: "xoxp-%d-%d-%d-%s" % (_n(10 ** 10, 10 ** 12), _n(10 ** 10, 10 ** 12),
                                                _n(10 ** 11, 10 ** 13), _hex(32)))


def _xapp():
    return _fresh(lambda: "xapp-1-A%s-%d-%s" % (_s(10, _UPNUM), _n(10 ** 11, 10 ** 13), _hex(64)))


def _slack_hook():
    """returns (url, secret part)"""
    sec = _tok(24)
    return "https://hooks.slack.com/services/T%s/B%s/%s" % (_s(10, _UPNUM), _s(10, _UPNUM), sec), sec


def _mollie_live():
    return _tok(30, prefix="live_")


def _mollie_test():
    return _tok(30, prefix="test_")


def _mollie_access():
    return _tok(40, prefix="access_")


def _adyen_key():
    return _fresh(lambda: "AQE" + _s(_n(88, 100), _B64A) + "==-" + _b64(32) + "-" + _s(16, _ADY_TAIL))


def _adyen_key_shell():
    return _fresh(lambda: "AQE" + _s(_n(88, 100), _B64A) + "==-" + _b64(32) + "-" + _s(16, _ALNUM + "<>%{}()=+,:"))


def _adyen_hmac():
    return _fresh(lambda: _HEX(64))


def _stripe_sk():
    return _tok(97, prefix="sk_live_51")


def _stripe_rk():
    return _tok(97, prefix="rk_live_51")


def _whsec():
    return _tok(32, prefix="whsec_")


def _aws_secret():
    return _tok(40, _ALNUM + "/+")


def _aws_akid():
    return "AKIA" + _s(16, _UPNUM)


def _scw_access():
    return "SCW" + _s(17, _UPNUM)


def _hcloud():
    return _tok(64)


def _hdns():
    return _tok(32)


def _ovh_ak():
    return _s(16)


def _ovh_as():
    return _tok(32)


def _ovh_ck():
    return _tok(32)


def _ionos_key():
    """returns (whole, secret part)"""
    sec = _tok(86, _B64U)
    return "%s.%s" % (_hex(32), sec), sec


def _infomaniak():
    return _tok(_n(70, 80), _ALNUM + "-_")


def _openai():
    return _fresh(lambda: "sk-proj-" + _s(74, _ALNUM + "-_") + "T3BlbkFJ" + _s(74, _ALNUM + "-_"))


def _anthropic():
    return _fresh(lambda: "sk-ant-api03-" + _s(93, _B64U) + "AA")


def _deepl():
    return _fresh(lambda: _uuid() + ":fx")


def _hf():
    return _tok(34, prefix="hf_")


def _npm():
    return _tok(36, prefix="npm_")


def _pypi():
    return _tok(_n(120, 160), _B64U, prefix="pypi-AgEIcHlwaS5vcmc")


def _dckr():
    return _tok(27, _ALNUM + "-_", prefix="dckr_pat_")


def _sendgrid():
    return _fresh(lambda: "SG." + _s(22, _B64U) + "." + _s(43, _B64U))


def _brevo():
    return _fresh(lambda: "xkeysib-" + _hex(64) + "-" + _s(16))


def _mailgun():
    return _fhex(32, prefix="key-")


def _telegram():
    return _fresh(lambda: "%d:AA%s" % (_n(10 ** 8, 10 ** 10), _s(33, _B64U)))


def _atlassian():
    return _fresh(lambda: "ATATT3xFfGF0" + _s(170, _ALNUM + "-_") + "=" + _HEX(8))


def _vault_tok():
    return _tok(_n(24, 90), prefix="hvs.")


def _tfc():
    return _fresh(lambda: _s(14) + ".atlasv1." + _s(67))


def _glc():
    return _fresh(lambda: "glc_" + _b64txt(json.dumps({"o": str(_n(100000, 999999)), "n": "stack-%d-hm-read" % _n(100000, 999999), "k": _s(24), "m": {"r": "prod-eu-west-2"}}, separators=(",", ":"))).rstrip("="))


def _sentry_org():
    return _fresh(lambda: "sntrys_" + _b64txt(json.dumps({"iat": 1700000000 + _n(0, 9 ** 8), "url": "https://sentry.io", "region_url": "https://de.sentry.io", "org": _company()}, separators=(",", ":"))).rstrip("=") + "_" + _s(43, _B64A))


def _tailscale():
    return _fresh(lambda: "tskey-auth-k" + _s(10) + "CNTRL-" + _s(33))


def _k3s():
    return _fresh(lambda: "K10" + _hex(64) + "::server:" + _hex(32))


def _kubeadm():
    return _fresh(lambda: _s(6, _LOWNUM) + "." + _s(16, _LOWNUM))


def _age():
    return _fresh(lambda: "AGE-SECRET-KEY-1" + _s(58, _BECH))


def _wgkey():
    return _fresh(lambda: _b64(32))


def _ncapp():
    return _fresh(lambda: "-".join(_s(5) for _ in range(5)))


def _matrix():
    return _fresh(lambda: "syt_" + _b64utxt(_c(["bot", "alerts", "deploy", "jonas", "astrid"])) + "_" + _s(20) + "_" + _s(6))


def _unzer_priv():
    return _tok(32, prefix="s-priv-2a10")


def _redsys():
    return _fresh(lambda: _b64(24))


def _vipps_sub():
    return _fhex(32)


def _gocardless():
    return _tok(40, _ALNUM + "-_", prefix="live_")


def _scalingo():
    return _tok(48, _ALNUM, prefix="tk-us-")


def _sonar():
    return _fhex(40, prefix="squ_")


def _dop():
    return _fhex(64, prefix="dop_v1_")


def _google_key():
    return _tok(35, _B64U, prefix="AIza")


def _ya29():
    return _tok(_n(140, 180), _B64U + ".", prefix="ya29.")


def _azure_key():
    return _fresh(lambda: _b64(64))


def _shpat():
    return _fhex(32, prefix="shpat_")


def _figma():
    return _tok(40, _B64U, prefix="figd_")


def _pscale():
    return _tok(43, _B64U, prefix="pscale_pw_")


def _linear():
    return _tok(40, prefix="lin_api_")


def _notion():
    return _tok(46, prefix="ntn_")


def _doppler():
    return _fresh(lambda: "dp.st.%s.%s" % (_c(["prd", "stg", "dev"]), _s(40)))


def _newrelic():
    return _tok(27, _UPNUM, prefix="NRAK-")


def _twilio_tok():
    return _fhex(32)


def _pulumi():
    return _fhex(40, prefix="pul-")


def _supabase():
    return _fhex(40, prefix="sbp_")


def _hex32():
    return _fhex(32)


def _hex40():
    return _fhex(40)


def _hex64():
    return _fhex(64)


def _b64secret(nbytes=32):
    return _fb64(nbytes)


def _signed_s3(host, bucket, key):
    """returns (url, signature)"""
    sig = _fhex(64)
    akid = _c(["SCW" + _s(17, _UPNUM), _hex(32), "AKIA" + _s(16, _UPNUM)])
    url = ("https://%s/%s/%s?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=%s%%2F2025%02d%02d"
           "%%2F%s%%2Fs3%%2Faws4_request&X-Amz-Date=2025%02d%02dT%02d%02d%02dZ&X-Amz-Expires=%d"
           "&X-Amz-SignedHeaders=host&X-Amz-Signature=%s") % (
        host, bucket, key, akid, _n(1, 12), _n(1, 28), _c(["fr-par", "nl-ams", "gra", "eu-central-1", "de", "eu01"]),
        _n(1, 12), _n(1, 28), _n(0, 23), _n(0, 59), _n(0, 59), _c([300, 900, 3600, 86400, 604800]), sig)
    return url, sig


# =============================================================== command ====
G = "command"


@_f(G, "psql-uri-positional")
def _():
    pw, h, u = _pwu(), _host("pg"), _user()
    db = _c(["shop", "kasse", "ledger", "erp", "payments", "ebics"])
    t = '$ psql "postgresql://%s:%s@%s:5432/%s?sslmode=require" -c "\\dt+ public.*"' % (u, pw, h, db)
    return t, pw, h


@_f(G, "mysql-p-attached-password")
def _():
    pw, h, u = _pw(mode="url"), _host("mysql"), _user()
    f = _c(["dump_%s.sql" % _date(), "migrate_v%d.sql" % _n(2, 40), "fix_bestellungen.sql"])
    t = "mysql -h %s -P 3306 -u %s -p%s %s < %s" % (h, u, pw, _c(["shop", "wp_prod", "magento"]), f)
    return t, pw, "mysql -h %s" % h


@_f(G, "pgpassword-env-prefix-pg-dump")
def _():
    pw, h, u = _pw(), _host("pg"), _user()
    t = "PGPASSWORD='%s' pg_dump -h %s -U %s -Fc -d %s -f /backup/%s_%s.dump" % (
        pw, h, u, _c(["odoo", "kasse", "ledger"]), _c(["nightly", "pre-migration", "vor_update"]), _date())
    return t, pw, "pg_dump -h %s" % h


@_f(G, "curl-basic-auth-user-flag")
def _():
    u = _c(["api", "monitoring", "klarna_sync", "sepa-export", "datev-bridge"])
    pw = _pw()
    h = _host("api")
    t = "curl -sS -u '%s:%s' https://%s/v1/health | jq ." % (u, pw, h)
    return t, pw, h


@_f(G, "curl-bearer-header-mollie")
def _():
    k = _c([_mollie_live, _mollie_test])()
    t = ('curl -s https://api.mollie.com/v2/payments?limit=5 \\\n'
         '  -H "Authorization: Bearer %s" | jq \'.["_embedded"].payments[].status\'') % k
    return t, k, "https://api.mollie.com/v2/payments"


@_f(G, "hcloud-token-env-prefix")
def _():
    k = _hcloud()
    loc = _c(["fsn1", "nbg1", "hel1"])
    t = "HCLOUD_TOKEN=%s hcloud server create --name %s --type cx22 --image ubuntu-24.04 --location %s" % (
        k, _c(["runner-%d" % _n(1, 9), "stg-web-%d" % _n(1, 9), "k3s-agent-%d" % _n(1, 9)]), loc)
    return t, k, "--location %s" % loc


@_f(G, "export-env-ovh-application-secret")
def _():
    ak, sec, ck = _ovh_ak(), _ovh_as(), _s(32)
    t = ("export OVH_ENDPOINT=ovh-eu\nexport OVH_APPLICATION_KEY=%s\n"
         "export OVH_APPLICATION_SECRET=%s\n") % (ak, sec)
    return t, sec, "OVH_ENDPOINT=ovh-eu"


@_f(G, "docker-login-password-flag")
def _():
    pw = _c([_glpat, _pw])()
    reg = _c(["registry.gitlab.%s" % _dom(), "rg.fr-par.scw.cloud", "registry.%s" % _dom()])
    t = "docker login %s -u %s -p %s" % (reg, _c(["deploy-bot", "gitlab+deploy-token-%d" % _n(10, 999), "nologin"]), pw)
    return t, pw, "docker login %s" % reg


@_f(G, "echo-pipe-docker-login-password-stdin")
def _():
    k = _c([_gh_classic, _gh_fine])()
    u = _c(["jonas-k", "astrid-dev", "ci-%s" % _company()])
    t = 'echo "%s" | docker login ghcr.io -u %s --password-stdin' % (k, u)
    return t, k, "docker login ghcr.io -u %s" % u


@_f(G, "htpasswd-batch-create")
def _():
    pw = _pw(mode="url")
    u = _c(["admin", "redaktion", "kunde-demo", "review"])
    t = "sudo htpasswd -b -c /etc/nginx/.htpasswd-%s %s %s" % (_c(["staging", "grafana", "intern"]), u, pw)
    return t, pw, "/etc/nginx/.htpasswd"


@_f(G, "openssl-pkcs12-passout")
def _():
    pw = _pw(mode="url")
    name = _c(["swish", "bankid_rp", "ebics", "psd2_qwac", "elster"])
    t = "openssl pkcs12 -export -in %s.crt -inkey %s.key -out %s.p12 -name %s -passout pass:%s" % (
        name, name, name, name, pw)
    return t, pw, "openssl pkcs12 -export"


@_f(G, "keytool-storepass-flag")
def _():
    pw = _pw(mode="url")
    t = ("keytool -importkeystore -srckeystore %s.p12 -srcstoretype PKCS12 "
         "-destkeystore truststore.jks -deststorepass %s -noprompt") % (
        _c(["suomifi-sp", "digid-sp", "franceconnect-rp", "itsme-rp"]), pw)
    return t, pw, "keytool -importkeystore"


@_f(G, "git-clone-oauth2-token-url")
def _():
    k = _glpat()
    h = "gitlab.%s" % _dom()
    t = "git clone https://oauth2:%s@%s/%s/%s.git" % (k, h, _c(["plattform", "payments", "egov"]), _c(["infra", "kassen-api", "elster-bridge"]))
    return t, k, h


@_f(G, "git-remote-set-url-user-pat")
def _():
    k = _gh_classic()
    u = _c(["lukas-m", "femke-dev", "erik-ops"])
    t = "git remote set-url origin https://%s:%s@github.com/%s/%s.git && git push -u origin main" % (
        u, k, _company(), _c(["website", "infra", "payments"]))
    return t, k, "git push -u origin main"


@_f(G, "mongosh-srv-uri")
def _():
    pw = _pwu()
    h = "cluster0.%s.mongodb.net" % _s(5, _LOWNUM)
    t = 'mongosh "mongodb+srv://%s:%s@%s/%s?retryWrites=true&w=majority"' % (_user(), pw, h, _c(["events", "carts", "sessions"]))
    return t, pw, h


@_f(G, "redis-cli-a-flag")
def _():
    pw = _pw(mode="url")
    h = _host("cache")
    t = "redis-cli -h %s -p 6379 -a %s --no-auth-warning INFO keyspace" % (h, pw)
    return t, pw, h


@_f(G, "sshpass-p-ssh")
def _():
    pw = _pw()
    ip = _ip()
    t = "sshpass -p '%s' ssh -o StrictHostKeyChecking=no root@%s 'systemctl restart nginx'" % (pw, ip)
    return t, pw, "root@%s" % ip


@_f(G, "smbclient-user-percent-password")
def _():
    pw = _pwu()
    u = _c(["buchhaltung", "scanner", "compta", "kirjanpito"])
    t = "smbclient //nas01.%s/%s -U %s%%%s -c 'ls'" % (_dom(), _c(["belege", "scans", "export"]), u, pw)
    return t, pw, "-U %s" % u


@_f(G, "mount-cifs-storagebox-options")
def _():
    pw = _pwu()
    u = "u%d" % _n(100000, 499999)
    t = ("sudo mount -t cifs //%s.your-storagebox.de/backup /mnt/storagebox "
         "-o user=%s,pass=%s,vers=3.0,uid=1000,gid=1000") % (u, u, pw)
    return t, pw, "%s.your-storagebox.de" % u


@_f(G, "rclone-config-create-s3-secret")
def _():
    sec = _fuuid()
    t = ("rclone config create scw-archiv s3 provider=Scaleway env_auth=false access_key_id=%s "
         "secret_access_key=%s region=%s endpoint=s3.%s.scw.cloud") % (
        _scw_access(), sec, "fr-par", "fr-par")
    return t, sec, "endpoint=s3.fr-par.scw.cloud"


@_f(G, "kubectl-create-secret-from-literal")
def _():
    k = _c([_mollie_live, _adyen_key_shell, _stripe_sk])()
    name = _c(["payment-provider", "psp-keys", "checkout-secrets"])
    t = ("kubectl -n %s create secret generic %s \\\n  --from-literal=PSP_API_KEY='%s' \\\n"
         "  --dry-run=client -o yaml | kubectl apply -f -") % (_c(["shop", "checkout", "payments"]), name, k)
    return t, k, name


@_f(G, "helm-upgrade-set-password")
def _():
    pw = _pw(mode="url")
    rel = _c(["keycloak", "gitea", "nextcloud", "matomo"])
    t = ("helm upgrade --install %s bitnami/%s -n %s \\\n  --set auth.adminUser=admin \\\n"
         "  --set auth.adminPassword=%s") % (rel, rel, rel, pw)
    return t, pw, "helm upgrade --install %s" % rel


@_f(G, "terraform-apply-var-flag")
def _():
    k = _c([_hcloud, _hdns])()
    var = _c(["hcloud_token", "hetzner_dns_token"])
    t = 'terraform apply -auto-approve -var "%s=%s" -var "location=fsn1"' % (var, k)
    return t, k, '-var "location=fsn1"'


@_f(G, "ansible-playbook-extra-vars-become")
def _():
    pw = _pw()
    t = "ansible-playbook -i inventories/%s site.yml --limit %s -e 'ansible_become_password=%s'" % (
        _c(["prod", "staging", "hetzner"]), _c(["web", "db", "monitoring"]), pw)
    return t, pw, "ansible-playbook -i inventories/"


@_f(G, "vault-kv-put-literal")
def _():
    k = _adyen_key_shell()
    p = "secret/%s/adyen" % _c(["checkout", "payments", "shop-eu"])
    t = "vault kv put %s api_key='%s' merchant_account=%sECOM" % (p, k, _company().split("-")[0].capitalize())
    return t, k, "vault kv put %s" % p


@_f(G, "aws-configure-set-secret-scaleway")
def _():
    sec = _fuuid()
    t = ("aws configure set aws_access_key_id %s --profile scw\n"
         "aws configure set aws_secret_access_key %s --profile scw\n"
         "aws --profile scw --endpoint-url https://s3.nl-ams.scw.cloud s3 ls") % (_scw_access(), sec)
    return t, sec, "--endpoint-url https://s3.nl-ams.scw.cloud"


@_f(G, "s3cmd-secret-key-flag")
def _():
    sec = _tok(32, _HEXL)
    t = ("s3cmd --access_key=%s --secret_key=%s --host=s3.gra.io.cloud.ovh.net "
         "--host-bucket='%%(bucket)s.s3.gra.io.cloud.ovh.net' ls s3://%s-backups") % (_hex(32), sec, _company())
    return t, sec, "s3.gra.io.cloud.ovh.net"


@_f(G, "mc-alias-set-positional")
def _():
    sec = _tok(40, _ALNUM + "+/")
    ak = _s(20, _UPNUM)
    t = "mc alias set stackit https://object.storage.eu01.onstackit.cloud %s %s" % (ak, sec)
    return t, sec, "object.storage.eu01.onstackit.cloud"


@_f(G, "restic-password-env-prefix")
def _():
    pw = _pw("phrase")
    u = "u%d" % _n(100000, 499999)
    t = "RESTIC_PASSWORD='%s' restic -r sftp:%s@%s.your-storagebox.de:23/restic backup /srv --exclude-caches" % (pw, u, u)
    return t, pw, "restic -r sftp:%s@" % u


@_f(G, "borg-passphrase-env")
def _():
    pw = _pw(_c(["phrase", "random"]))
    t = "export BORG_PASSPHRASE='%s'\nborg create --stats ssh://%s@%s/./borg::{hostname}-{now} /etc /var/lib/postgresql" % (
        pw, "u%d" % _n(100000, 499999), _c(["u%d.your-storagebox.de" % _n(100000, 499999), "backup.%s" % _dom()]))
    return t, pw, "borg create --stats"


@_f(G, "gpg-batch-passphrase")
def _():
    pw = _pw()
    f = _c(["kontoauszug_2025.csv.gpg", "ebics_keys.tar.gpg", "datev_export.zip.gpg"])
    t = "gpg --batch --yes --pinentry-mode loopback --passphrase '%s' -o %s -d %s" % (pw, f[:-4], f)
    return t, pw, f


@_f(G, "zip-encrypt-capital-p-flag")
def _():
    pw = _pw(mode="url")
    t = "zip -r -P %s lohnabrechnung_%s.zip export/lohn/" % (pw, _c(["maerz", "april", "q2", "2025-06"]))
    return t, pw, "export/lohn/"


@_f(G, "7z-archive-p-attached")
def _():
    pw = _pw(mode="url")
    t = "7z a -t7z -mhe=on -p%s fakturor_%s.7z ./fakturor/" % (pw, _c(["jan", "feb", "2025"]))
    return t, pw, "./fakturor/"


@_f(G, "mysqldump-password-long-flag")
def _():
    pw = _pw(mode="url")
    t = "mysqldump --single-transaction --user=%s --password=%s --host=%s prestashop | gzip > ps.sql.gz" % (
        _user(), pw, _host("mysql"))
    return t, pw, "mysqldump --single-transaction"


@_f(G, "sqlcmd-sa-password")
def _():
    pw = _pw()
    h = _host("mssql")
    t = "sqlcmd -S tcp:%s,1433 -U sa -P '%s' -d %s -Q \"SELECT TOP 5 * FROM dbo.Buchungen\"" % (h, pw, _c(["DATEV_Bridge", "Lohn", "Fibu"]))
    return t, pw, h


@_f(G, "ldapsearch-bind-w")
def _():
    pw = _pw()
    dc = _company().split("-")[0]
    t = 'ldapsearch -x -H ldaps://ldap.%s.example -D "cn=admin,dc=%s,dc=local" -w \'%s\' -b "ou=people,dc=%s,dc=local" uid' % (
        dc, dc, pw, dc)
    return t, pw, "ldapsearch -x -H ldaps://"


@_f(G, "wget-user-password-flags")
def _():
    pw = _pw(mode="url")
    t = "wget --user=%s --password=%s https://files.%s/exports/%s.csv" % (
        _c(["partner", "lieferant", "leverancier"]), pw, _dom(), _c(["bestand", "voorraad", "lager"]))
    return t, pw, "wget --user="


@_f(G, "lftp-user-comma-password")
def _():
    pw = _pwu()
    t = "lftp -u %s,%s sftp://%s -e 'mirror --reverse ./sepa-out /inbox; bye'" % (_c(["sepa", "ebics", "bankfiles"]), pw, _host("sftp"))
    return t, pw, "mirror --reverse ./sepa-out"


@_f(G, "npm-config-set-authtoken")
def _():
    k = _npm()
    t = "npm config set //registry.npmjs.org/:_authToken %s && npm publish --access public" % k
    return t, k, "npm publish --access public"


@_f(G, "pip-index-url-basic-creds")
def _():
    pw = _pwu()
    h = "nexus.%s" % _dom()
    t = "pip install --index-url https://deploy:%s@%s/repository/pypi-internal/simple %s==%d.%d.%d" % (
        pw, h, _c(["kasse-core", "sepa-tools", "elster-client"]), _n(0, 3), _n(0, 20), _n(0, 9))
    return t, pw, h


@_f(G, "twine-upload-token-p")
def _():
    k = _pypi()
    t = "twine upload -u __token__ -p %s dist/*" % k
    return t, k, "twine upload -u __token__"


@_f(G, "gh-auth-login-with-token-pipe")
def _():
    k = _c([_gh_classic, _gh_oauth])()
    t = "echo %s | gh auth login --with-token && gh repo list %s" % (k, _company())
    return t, k, "gh auth login --with-token"


@_f(G, "httpie-auth-flag")
def _():
    pw = _pw(mode="url")
    t = "http -a %s:%s POST https://%s/api/v2/sync dryRun:=true" % (_c(["sync", "odoo", "lexoffice-sync"]), pw, _host("erp"))
    return t, pw, "POST https://"


@_f(G, "curl-client-credentials-form")
def _():
    sec = _tok(40, _ALNUM + "-_")
    cid = _fuuid()
    t = ("curl -X POST https://auth.%s/oauth2/token \\\n  -d grant_type=client_credentials \\\n"
         "  -d client_id=%s \\\n  -d client_secret=%s") % (_dom(), cid, sec)
    return t, sec, "client_id=%s" % cid


@_f(G, "curl-x-api-key-ionos-dns")
def _():
    whole, sec = _ionos_key()
    t = 'curl -H "X-API-Key: %s" https://api.hosting.ionos.com/dns/v1/zones' % whole
    return t, sec, "https://api.hosting.ionos.com/dns/v1/zones"


@_f(G, "curl-query-string-apikey")
def _():
    k = _hex32()
    t = 'curl "https://api.%s/v3/orders?status=open&apikey=%s&per_page=50"' % (_dom(), k)
    return t, k, "status=open"


@_f(G, "openstack-os-password-flag")
def _():
    pw = _pw(mode="url")
    t = ("openstack --os-auth-url https://auth.cloud.ovh.net/v3 --os-username user-%s "
         "--os-password %s --os-project-name %s server list") % (_s(12), pw, _n(10 ** 15, 10 ** 16 - 1))
    return t, pw, "https://auth.cloud.ovh.net/v3"


@_f(G, "swift-capital-k-key-flag")
def _():
    pw = _pw(mode="url")
    t = "swift -A https://auth.cloud.ovh.net/v3 -V 3 -U user-%s -K %s upload backups ./dump.tar.zst" % (_s(12), pw)
    return t, pw, "upload backups"


@_f(G, "psql-conninfo-keywords")
def _():
    pw = _pw()
    h = _host("pg")
    t = "psql \"host=%s port=5432 dbname=%s user=%s password='%s' sslmode=verify-full\"" % (
        h, _c(["keycloak", "gitea", "kasse"]), _user(), pw)
    return t, pw, "host=%s" % h


@_f(G, "sqlplus-user-slash-password")
def _():
    pw = _pwu()
    t = "sqlplus system/%s@//%s:1521/ORCLPDB1 @scripts/grant_readonly.sql" % (pw, _host("ora"))
    return t, pw, "@scripts/grant_readonly.sql"


@_f(G, "rabbitmqctl-add-user")
def _():
    pw = _pw(mode="url")
    u = _c(["svc-ebics", "svc-webhooks", "svc-klarna", "svc-mail"])
    t = "rabbitmqctl add_user %s %s && rabbitmqctl set_permissions -p / %s '.*' '.*' '.*'" % (u, pw, u)
    return t, pw, "rabbitmqctl set_permissions"


@_f(G, "psql-c-alter-user-password")
def _():
    pw = _pw(mode="plain")
    u = _user()
    t = "sudo -u postgres psql -c \"ALTER USER %s WITH PASSWORD '%s';\"" % (u, pw)
    return t, pw, "sudo -u postgres psql"


@_f(G, "mysql-e-create-user")
def _():
    pw = _pw(mode="plain")
    t = "mysql -uroot -e \"CREATE USER 'matomo'@'10.0.%%' IDENTIFIED BY '%s'; GRANT ALL ON matomo.* TO 'matomo'@'10.0.%%';\"" % pw
    return t, pw, "GRANT ALL ON matomo.*"


@_f(G, "echo-chpasswd")
def _():
    pw = _pw(mode="plain")
    u = _c(["deploy", "ansible", "gitlab-runner", "operator"])
    t = "echo '%s:%s' | sudo chpasswd" % (u, pw)
    return t, pw, "sudo chpasswd"


@_f(G, "wp-cli-user-create-pass")
def _():
    pw = _pw(mode="url")
    t = "wp user create %s %s@%s --role=editor --user_pass=%s --path=/var/www/html" % (
        _c(["redaktion", "redacteur", "editorial"]), _c(["redaktion", "presse"]), _dom(), pw)
    return t, pw, "--role=editor"


@_f(G, "nextcloud-occ-oc-pass-env")
def _():
    pw = _pw()
    u = _c(["steuerberater", "praktikant", "extern-audit"])
    t = "sudo -u www-data OC_PASS='%s' php occ user:add --password-from-env --group=extern %s" % (pw, u)
    return t, pw, "php occ user:add"


@_f(G, "docker-run-env-flag")
def _():
    pw = _pw(mode="url")
    t = "docker run -d --name pg-test -e POSTGRES_USER=%s -e POSTGRES_PASSWORD=%s -p 5433:5432 postgres:16-alpine" % (_user(), pw)
    return t, pw, "postgres:16-alpine"


@_f(G, "nmcli-wifi-connect-password")
def _():
    pw = _pw(_c(["twowords", "phrase", "word"]), mode="url")
    ssid = _c(["Buero-5G", "Kontoret", "Bureau-Invites", "Kantoor-Gast", "Toimisto"])
    t = 'nmcli dev wifi connect "%s" password %s ifname wlp2s0' % (ssid, pw)
    return t, pw, ssid


@_f(G, "echo-wireguard-private-key-pubkey")
def _():
    k = _wgkey()
    t = 'echo "%s" | wg pubkey' % k
    return t, k, "wg pubkey"


@_f(G, "heredoc-env-file-write")
def _():
    sec = _hex32()
    t = ("cat > .env.local <<'EOF'\nDATEV_CLIENT_ID=%s\nDATEV_CLIENT_SECRET=%s\n"
         "DATEV_REDIRECT_URI=http://localhost:3000/callback\nEOF") % (_fuuid(), sec)
    return t, sec, "DATEV_REDIRECT_URI=http://localhost:3000/callback"


@_f(G, "ssh-keygen-n-passphrase")
def _():
    pw = _pw("phrase")
    t = "ssh-keygen -t ed25519 -C '%s@%s' -N '%s' -f ~/.ssh/id_%s" % (
        _who("de").lower(), _company(), pw, _c(["hetzner", "ovh", "storagebox", "deploy"]))
    return t, pw, "ssh-keygen -t ed25519"


@_f(G, "ipmitool-lanplus-capital-p")
def _():
    pw = _pw(mode="url")
    ip = _ip()
    t = "ipmitool -I lanplus -H %s -U ADMIN -P %s chassis power status" % (ip, pw)
    return t, pw, ip


@_f(G, "curl-hetzner-robot-ws-user")
def _():
    pw = _pw(mode="url")
    u = "#ws+%s" % _s(8)
    t = "curl -u '%s:%s' https://robot-ws.your-server.de/server" % (u, pw)
    return t, pw, "https://robot-ws.your-server.de/server"


@_f(G, "xfreerdp-p-flag")
def _():
    pw = _pw(mode="url")
    t = "xfreerdp /v:%s /u:%s\\\\%s /p:%s /dynamic-resolution" % (
        _ip(), _c(["KANZLEI", "FIBU", "AD"]), _c(["datev-admin", "admin.lokal"]), pw)
    return t, pw, "/dynamic-resolution"


@_f(G, "powershell-convertto-securestring")
def _():
    pw = _pw()
    t = ('$sec = ConvertTo-SecureString "%s" -AsPlainText -Force\n'
         '$cred = New-Object System.Management.Automation.PSCredential ("KANZLEI\\svc_datev", $sec)\n'
         'Enter-PSSession -ComputerName dms01 -Credential $cred') % pw
    return t, pw, "Enter-PSSession -ComputerName dms01"


@_f(G, "net-use-windows-share")
def _():
    pw = _pw(mode="url")
    t = "net use Z: \\\\fileserver\\Lohn /user:KANZLEI\\%s %s /persistent:no" % (_c(["lohnbuero", "steuer", "datev"]), pw)
    return t, pw, "/persistent:no"


@_f(G, "az-login-service-principal-p")
def _():
    sec = _tok(40, _ALNUM + "~._-")
    t = "az login --service-principal -u %s -p %s --tenant %s" % (_fuuid(), sec, _uuid())
    return t, sec, "az login --service-principal"


@_f(G, "flyctl-secrets-set")
def _():
    k = _brevo()
    t = "flyctl secrets set BREVO_API_KEY=%s -a %s" % (k, _c(["newsletter-eu", "mailer-prod"]))
    return t, k, "flyctl secrets set"


@_f(G, "scalingo-env-set")
def _():
    pw = _pw(mode="url")
    app = _c(["api-prod", "front-recette", "back-office"])
    t = "scalingo --app %s env-set SMTP_PASSWORD=%s" % (app, pw)
    return t, pw, "scalingo --app %s" % app


@_f(G, "clever-env-set")
def _():
    sec = _tok(64, _HEXL)
    t = "clever env set FRANCECONNECT_CLIENT_SECRET %s --alias %s" % (sec, _c(["fc-integration", "portail-usager"]))
    return t, sec, "clever env set"


@_f(G, "expect-send-password-oneliner")
def _():
    pw = _pw(mode="plain")
    t = "expect -c 'spawn ssh admin@%s; expect \"password:\"; send \"%s\\r\"; interact'" % (_ip(), pw)
    return t, pw, "spawn ssh admin@"


# =========================================================== tool-output ====
G = "tool-output"


@_f(G, "env-grep-output")
def _():
    k = _mollie_live()
    t = "$ env | grep -i mollie\nMOLLIE_PROFILE_ID=pfl_%s\nMOLLIE_API_KEY=%s\nMOLLIE_WEBHOOK_BASE=https://shop.%s/hooks" % (
        _s(10), k, _dom())
    return t, k, "MOLLIE_PROFILE_ID=pfl_"


@_f(G, "docker-inspect-env-json")
def _():
    pw = _pw()
    t = ('$ docker inspect %s --format \'{{json .Config.Env}}\' | jq .\n[\n'
         '  "POSTGRES_USER=%s",\n  "POSTGRES_PASSWORD=%s",\n  "PGDATA=/var/lib/postgresql/data",\n'
         '  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"\n]') % (
        _c(["stg-db-1", "odoo-db", "kc-postgres"]), _user(), pw)
    return t, pw, "PGDATA=/var/lib/postgresql/data"


@_f(G, "kubectl-secret-jsonpath-decoded")
def _():
    pw = _pw()
    ns = _c(["keycloak", "gitea", "monitoring", "shop"])
    t = ("$ kubectl -n %s get secret %s-postgresql -o jsonpath='{.data.password}' | base64 -d\n%s") % (ns, ns, pw)
    return t, pw, "kubectl -n %s get secret" % ns


@_f(G, "kubectl-get-secret-yaml-data")
def _():
    pw = _pw()
    b = _b64txt(pw)
    _SEEN.add(b)
    t = ("$ kubectl get secret vipps-credentials -o yaml\napiVersion: v1\ndata:\n"
         "  client-id: %s\n  client-secret: %s\nkind: Secret\nmetadata:\n  name: vipps-credentials\n"
         "  namespace: %s\ntype: Opaque") % (_b64txt(_uuid()), b, _c(["checkout", "payments"]))
    return t, b, "name: vipps-credentials"


@_f(G, "cat-pgpass-output")
def _():
    pw = _pw(mode="url")
    h = _host("pg")
    t = "$ cat ~/.pgpass\n%s:5432:*:%s:%s\nlocalhost:5432:*:postgres:*" % (h, _user(), pw)
    return t, pw, h


@_f(G, "cat-netrc-output")
def _():
    pw = _pw(mode="url")
    h = "git.%s" % _dom()
    t = "$ cat ~/.netrc\nmachine %s\n  login %s\n  password %s" % (h, _c(["jonas", "sanne", "mikko"]), pw)
    return t, pw, "machine %s" % h


@_f(G, "git-config-list-credential-url")
def _():
    k = _glpat()
    t = ("$ git config --list --show-origin | grep url\nfile:.git/config\tremote.origin.url="
         "https://gitlab-ci-token:%s@gitlab.%s/kasse/backend.git\nfile:.git/config\tremote.origin.fetch=+refs/heads/*:refs/remotes/origin/*") % (k, _dom())
    return t, k, "remote.origin.fetch=+refs/heads/*:refs/remotes/origin/*"


@_f(G, "git-credential-fill-output")
def _():
    k = _gh_classic()
    t = "$ printf 'protocol=https\\nhost=github.com\\n\\n' | git credential fill\nprotocol=https\nhost=github.com\nusername=%s\npassword=%s" % (
        _c(["daan-v", "elin-s", "mads-k"]), k)
    return t, k, "git credential fill"


@_f(G, "terraform-output-json-sensitive")
def _():
    pw = _pw()
    t = ('$ terraform output -json db_admin\n{\n  "sensitive": true,\n  "type": "object",\n  "value": {\n'
         '    "host": "%s",\n    "password": "%s",\n    "user": "dbadmin"\n  }\n}') % (_host("pg"), pw)
    return t, pw, '"sensitive": true'


@_f(G, "terraform-state-show-attribute")
def _():
    pw = _pw()
    t = ('$ terraform state show scaleway_rdb_instance.main\nresource "scaleway_rdb_instance" "main" {\n'
         '    engine         = "PostgreSQL-15"\n    id             = "fr-par/%s"\n'
         '    node_type      = "DB-DEV-S"\n    password       = "%s"\n    user_name      = "%s"\n}') % (
        _uuid(), pw, _user())
    return t, pw, 'engine         = "PostgreSQL-15"'


@_f(G, "vault-kv-get-table")
def _():
    sec = _hex64()
    t = ("$ vault kv get secret/egov/franceconnect\n====== Data ======\nKey              Value\n"
         "---              -----\nclient_id        %s\nclient_secret    %s\nredirect_uri     https://demarches.%s/callback") % (
        _hex(64), sec, _dom("fr"))
    return t, sec, "vault kv get secret/egov/franceconnect"


@_f(G, "aws-sts-assume-role-json")
def _():
    sk = _aws_secret()
    t = ('$ aws sts assume-role --role-arn arn:aws:iam::%d:role/deploy --role-session-name ci\n{\n'
         '    "Credentials": {\n        "AccessKeyId": "ASIA%s",\n        "SecretAccessKey": "%s",\n'
         '        "Expiration": "%s"\n    }\n}') % (_n(10 ** 11, 10 ** 12 - 1), _s(16, _UPNUM), sk, _ts())
    return t, sk, "--role-session-name ci"


@_f(G, "cat-hcloud-cli-toml")
def _():
    k = _hcloud()
    t = '$ cat ~/.config/hcloud/cli.toml\nactive_context = "%s"\n\n[[contexts]]\n  name = "%s"\n  token = "%s"' % (
        "prod", "prod", k)
    return t, k, "~/.config/hcloud/cli.toml"


@_f(G, "scalingo-env-output")
def _():
    pw = _pwu()
    h = "%s.postgresql.dbs.scalingo.com" % _s(12, _LOWNUM)
    t = "$ scalingo --app api-recette env | grep DATABASE\nDATABASE_URL=postgres://%s:%s@%s:%d/%s?sslmode=prefer" % (
        "api_recette_%s" % _s(4, _LOWNUM), pw, h, _n(30000, 39999), "api_recette_%s" % _s(4, _LOWNUM))
    return t, pw, h


@_f(G, "clever-env-output")
def _():
    pw = _tok(20, _ALNUM)
    t = ("$ clever env\n# Addon postgresql\nPOSTGRESQL_ADDON_HOST=%s-postgresql.services.clever-cloud.com\n"
         "POSTGRESQL_ADDON_USER=%s\nPOSTGRESQL_ADDON_PASSWORD=%s\nPOSTGRESQL_ADDON_PORT=5432") % (
        _s(20, _LOWNUM), _s(20, _LOWNUM), pw)
    return t, pw, "POSTGRESQL_ADDON_PORT=5432"


@_f(G, "docker-compose-config-resolved")
def _():
    pw = _pw()
    t = ("$ docker compose config | sed -n '/keycloak:/,/image/p'\n  keycloak:\n    environment:\n"
         "      KC_DB: postgres\n      KC_DB_PASSWORD: %s\n      KC_DB_USERNAME: keycloak\n"
         "      KC_HOSTNAME: login.%s\n    image: quay.io/keycloak/keycloak:25.0") % (pw, _dom())
    return t, pw, "KC_DB_USERNAME: keycloak"


@_f(G, "ps-aux-cmdline-password")
def _():
    pw = _pw(mode="url")
    t = ("$ ps aux | grep [m]ysqldump\nroot     %d  2.1  0.4  23412  9120 ?  S  03:00   0:04 "
         "mysqldump -u backup --password=%s --all-databases") % (_n(1000, 99999), pw)
    return t, pw, "ps aux | grep [m]ysqldump"


@_f(G, "psql-select-integrations-table")
def _():
    k = _c([_sendgrid, _brevo, _mailgun])()
    t = ("kasse=> SELECT provider, api_key, enabled FROM integrations;\n provider |                api_key                 | enabled\n"
         "----------+----------------------------------------+---------\n mail     | %s | t\n sms      |                                        | f\n(2 rows)") % k
    return t, k, "SELECT provider, api_key, enabled FROM integrations"


@_f(G, "mysql-select-settings-vertical")
def _():
    sec = _hex32()
    t = ("mysql> SELECT * FROM ps_configuration WHERE name LIKE 'MOLLIE%%'\\G\n*************************** 1. row ***************************\n"
         "id_configuration: %d\n            name: MOLLIE_API_KEY_TEST\n           value: %s\n        date_upd: %s %s") % (
        _n(100, 900), "test_" + sec[:30], _date(), _time())
    _SEEN.add("test_" + sec[:30])
    return t, "test_" + sec[:30], "name: MOLLIE_API_KEY_TEST"


@_f(G, "redis-cli-get-session-token")
def _():
    k = _tok(43, _B64U)
    t = '127.0.0.1:6379> GET "psd2:consent:%s:access_token"\n"%s"\n127.0.0.1:6379> TTL "psd2:consent:%s:access_token"\n(integer) %d' % (
        "x", k, "x", _n(100, 3600))
    t = t.replace(":x:", ":%s:" % _n(10000, 99999))
    return t, k, "(integer)"


@_f(G, "cat-env-production-output")
def _():
    pw = _pw(mode="url")
    t = ("$ cat .env.production\nAPP_ENV=production\nAPP_DEBUG=false\nDB_HOST=%s\nDB_DATABASE=shop\n"
         "DB_USERNAME=shop\nDB_PASSWORD=%s\nQUEUE_CONNECTION=redis") % (_host("mysql"), pw)
    return t, pw, "QUEUE_CONNECTION=redis"


@_f(G, "printenv-single-var")
def _():
    pw = _pw()
    v = _c(["SWISH_CERT_PASSPHRASE", "BANKID_P12_PASSWORD", "EBICS_KEYSTORE_PASS"])
    t = "$ printenv %s\n%s" % (v, pw)
    return t, pw, "printenv %s" % v


@_f(G, "gcloud-print-access-token")
def _():
    k = _ya29()
    t = "$ gcloud auth print-access-token\n%s" % k
    return t, k, "gcloud auth print-access-token"


@_f(G, "cat-ovh-conf-output")
def _():
    sec = _ovh_as()
    t = ("$ cat ~/.ovh.conf\n[default]\nendpoint=ovh-eu\n\n[ovh-eu]\napplication_key=%s\n"
         "application_secret=%s\nconsumer_key=%s") % (_ovh_ak(), sec, "<voir coffre>")
    return t, sec, "endpoint=ovh-eu"


@_f(G, "scw-config-dump-yaml")
def _():
    sec = _fuuid()
    t = ("$ scw config dump\naccess_key: %s\nsecret_key: %s\ndefault_organization_id: %s\n"
         "default_region: fr-par\ndefault_zone: fr-par-2") % (_scw_access(), sec, _uuid())
    return t, sec, "default_zone: fr-par-2"


@_f(G, "ionosctl-token-generate")
def _():
    k = _jwt(iss="ionoscloud", nsig=342)
    t = "$ ionosctl token generate --ttl 2h\n%s" % k
    return t, k, "ionosctl token generate"


@_f(G, "openssl-pkcs12-info-nodes-key")
def _():
    pem, body = _pem("PRIVATE KEY", 1218)
    t = ("$ openssl pkcs12 -in bankid_test.p12 -nodes -passin pass:$(cat .p12pass)\nMAC: sha256, Iteration 2048\n"
         "Bag Attributes\n    friendlyName: rp-cert\n%s") % pem
    return t, body, "friendlyName: rp-cert"


@_f(G, "cat-openssh-private-key")
def _():
    pem, body = _openssh_key()
    t = "$ cat ~/.ssh/id_ed25519_hetzner\n%s" % pem
    return t, body, "cat ~/.ssh/id_ed25519_hetzner"


@_f(G, "wg-showconf-output")
def _():
    k = _wgkey()
    t = "$ sudo wg showconf wg0\n[Interface]\nListenPort = 51820\nPrivateKey = %s\n\n[Peer]\nPublicKey = %s\nAllowedIPs = 10.8.0.2/32" % (
        k, _b64(32))
    return t, k, "ListenPort = 51820"


@_f(G, "npm-config-list-authtoken")
def _():
    k = _npm()
    t = ('$ npm config list\n; "user" config from /home/dev/.npmrc\n\n//npm.pkg.github.com/:_authToken = "%s"\n'
         '@%s:registry = "https://npm.pkg.github.com"') % (k, _company())
    return t, k, "npm config list"


@_f(G, "pip-config-list-index-url")
def _():
    pw = _pwu()
    t = "$ pip config list\nglobal.index-url='https://ci:%s@pypi.%s/simple'\nglobal.timeout='60'" % (pw, _dom())
    return t, pw, "global.timeout='60'"


@_f(G, "cat-composer-auth-json")
def _():
    pw = _tok(32, _HEXL)
    t = ('$ cat ~/.composer/auth.json\n{\n    "http-basic": {\n        "repo.magento.com": {\n'
         '            "username": "%s",\n            "password": "%s"\n        }\n    }\n}') % (_hex(32), pw)
    return t, pw, "repo.magento.com"


@_f(G, "cat-docker-config-auths")
def _():
    pw = _pw(mode="url")
    auth = _b64txt("deploy:" + pw)
    _SEEN.add(auth)
    t = '$ cat ~/.docker/config.json\n{\n\t"auths": {\n\t\t"rg.nl-ams.scw.cloud": {\n\t\t\t"auth": "%s"\n\t\t}\n\t}\n}' % auth
    return t, auth, "rg.nl-ams.scw.cloud"


@_f(G, "mc-alias-list-output")
def _():
    sec = _tok(40, _ALNUM + "+/")
    t = "$ mc alias list ovh\novh\n  URL       : https://s3.gra.io.cloud.ovh.net\n  AccessKey : %s\n  SecretKey : %s\n  API       : s3v4\n  Path      : auto" % (
        _hex(32), sec)
    return t, sec, "URL       : https://s3.gra.io.cloud.ovh.net"


@_f(G, "rclone-config-show-s3")
def _():
    sec = _tok(40, _ALNUM + "+/")
    t = ("$ rclone config show stackit\n[stackit]\ntype = s3\nprovider = Other\naccess_key_id = %s\n"
         "secret_access_key = %s\nendpoint = https://object.storage.eu01.onstackit.cloud") % (_s(20, _UPNUM), sec)
    return t, sec, "provider = Other"


@_f(G, "kubectl-config-view-raw-token")
def _():
    k = _jwt(iss="kubernetes/serviceaccount", nsig=342)
    t = ("$ kubectl config view --raw --minify\nusers:\n- name: ci-deployer\n  user:\n    token: %s") % k
    return t, k, "- name: ci-deployer"


@_f(G, "helm-get-values-output")
def _():
    pw = _pw()
    t = ("$ helm get values gitea -n gitea\nUSER-SUPPLIED VALUES:\ngitea:\n  admin:\n    email: ops@%s\n"
         "    password: %s\n    username: gitea_admin\npostgresql:\n  enabled: true") % (_dom(), pw)
    return t, pw, "USER-SUPPLIED VALUES:"


@_f(G, "ansible-vault-view-output")
def _():
    pw = _pw()
    t = ("$ ansible-vault view group_vars/prod/vault.yml\nVault password: \n---\nvault_ebics_user_id: %s\n"
         "vault_ebics_keystore_password: %s\nvault_ebics_host_id: %s") % (
        _s(8, _UPNUM), pw, _c(["SPKBDE3X", "EBIXQUAL", "HOSTID01"]))
    return t, pw, "ansible-vault view"


@_f(G, "sops-decrypt-output")
def _():
    k = _c([_vipps_sub, _hex64])()
    t = "$ sops -d secrets/prod.enc.yaml\nvipps:\n  merchant_serial_number: \"%d\"\n  subscription_key: %s\n" % (_n(100000, 999999), k)
    return t, k, "merchant_serial_number"


@_f(G, "pass-show-output")
def _():
    pw = _pw()
    t = "$ pass show hetzner/robot\n%s\nlogin: K%d\nurl: https://robot.hetzner.com" % (pw, _n(1000000, 9999999))
    return t, pw, "url: https://robot.hetzner.com"


@_f(G, "gopass-show-output")
def _():
    pw = _pw()
    t = "$ gopass show -o infra/ovh/manager\n%s" % pw
    return t, pw, "infra/ovh/manager"


@_f(G, "bw-get-item-json")
def _():
    pw = _pw()
    t = ('$ bw get item "IONOS Kundenkonto" | jq .login\n{\n  "uris": [{"match": null, "uri": "https://login.ionos.de"}],\n'
         '  "username": "%s@%s",\n  "password": "%s",\n  "totp": null\n}') % (_c(["it", "admin", "ops"]), _dom("de"), pw)
    return t, pw, "https://login.ionos.de"


@_f(G, "keepassxc-cli-show")
def _():
    pw = _pw()
    t = ("$ keepassxc-cli show -s team.kdbx 'Banking/EBICS Sparkasse'\nEnter password to unlock team.kdbx: \n"
         "Title: EBICS Sparkasse\nUserName: %s\nPassword: %s\nURL: https://ebics.sparkasse.example\nNotes: Bankbrief liegt im Safe") % (
        _s(8, _UPNUM), pw)
    return t, pw, "Title: EBICS Sparkasse"


@_f(G, "macos-security-find-generic-password")
def _():
    pw = _pw()
    t = "$ security find-generic-password -s 'elster-zertifikat' -w\n%s" % pw
    return t, pw, "security find-generic-password"


@_f(G, "secret-tool-lookup-output")
def _():
    pw = _pw()
    t = "$ secret-tool lookup service nextcloud-client user %s\n%s" % (_who("nl").lower(), pw)
    return t, pw, "secret-tool lookup service nextcloud-client"


@_f(G, "curl-verbose-basic-header")
def _():
    pw = _pw(mode="url")
    u = _c(["PK%d_%s" % (_n(10000, 99999), _hex(12)), "klarna_api"])
    b = _b64txt("%s:%s" % (u, pw))
    _SEEN.add(b)
    t = ("$ curl -v https://api.playground.klarna.com/payments/v1/sessions -d @session.json\n"
         "> POST /payments/v1/sessions HTTP/2\n> Host: api.playground.klarna.com\n> Authorization: Basic %s\n"
         "> content-type: application/json\n< HTTP/2 200") % b
    return t, b, "Host: api.playground.klarna.com"


@_f(G, "oauth-token-response-body")
def _():
    k = _jwt(iss="https://apitest.vipps.no", nsig=342)
    t = ('$ curl -s -X POST https://apitest.vipps.no/accesstoken/get -H "client_id: $VIPPS_CLIENT_ID" ...\n'
         '{"token_type":"Bearer","expires_in":"86398","ext_expires_in":"86398","access_token":"%s"}') % k
    return t, k, '"token_type":"Bearer"'


@_f(G, "http-response-set-cookie")
def _():
    k = _tok(48, _B64U)
    t = ("< HTTP/1.1 302 Found\n< Location: /dashboard\n< Set-Cookie: kasse_session=%s; Path=/; Secure; HttpOnly; SameSite=Lax\n"
         "< X-Request-Id: %s") % (k, _uuid())
    return t, k, "Location: /dashboard"


@_f(G, "grep-rn-password-matches")
def _():
    pw = _pw()
    t = ("$ grep -rn 'passw' config/\nconfig/mail.php:41:        'password' => env('MAIL_PASSWORD'),\n"
         "config/legacy_ftp.php:12:    'password' => '%s',\nconfig/auth.php:88:    'passwords' => [") % pw
    return t, pw, "config/legacy_ftp.php:12"


@_f(G, "git-log-p-added-env-line")
def _():
    k = _c([_mollie_live, _stripe_sk, _brevo])()
    t = ("$ git log -p -1 -- .env.example\ncommit %s\nAuthor: %s <%s@%s>\n\n    chore: env beispiel aktualisiert\n\n"
         "@@ -3,2 +3,3 @@ APP_URL=http://localhost\n DB_HOST=127.0.0.1\n+PAYMENT_API_KEY=%s\n") % (
        _sha(), _who("de"), "dev", _dom(), k)
    return t, k, "chore: env beispiel aktualisiert"


@_f(G, "git-show-removed-token-line")
def _():
    k = _c([_hcloud, _hdns])()
    t = ("$ git show %s -- terraform/hetzner.tf\n-  token = \"%s\"\n+  token = var.hcloud_token") % (_short(), k)
    return t, k, "+  token = var.hcloud_token"


@_f(G, "gitleaks-unredacted-finding")
def _():
    k = _gh_classic()
    t = ("$ gitleaks detect -v\nFinding:     GITHUB_TOKEN=%s\nSecret:      %s\nRuleID:      github-pat\n"
         "File:        scripts/release.sh\nLine:        7\nCommit:      %s") % (k, k, _sha())
    return t, k, "RuleID:      github-pat"


@_f(G, "sqlite3-settings-query")
def _():
    pw = _pw()
    t = "$ sqlite3 instance/app.db \"select key, value from settings where key like 'ebics%%'\"\nebics_host_id|EBIXQUAL\nebics_partner_id|PARTNER%d\nebics_keyring_password|%s" % (
        _n(10, 99), pw)
    return t, pw, "ebics_host_id|EBIXQUAL"


@_f(G, "artisan-tinker-config-output")
def _():
    k = _adyen_key()
    t = '>>> config(\'services.adyen.api_key\')\n=> "%s"\n>>> config(\'services.adyen.environment\')\n=> "test"' % k
    return t, k, "config('services.adyen.environment')"


@_f(G, "rails-credentials-show")
def _():
    k = _c([_whsec, _stripe_rk])()
    t = ("$ bin/rails credentials:show -e production\nsecret_key_base: <redacted by me>\nstripe:\n  webhook_secret: %s\n"
         "klarna:\n  region: eu") % k
    return t, k, "bin/rails credentials:show -e production"


@_f(G, "python-print-os-environ")
def _():
    k = _openai()
    t = ">>> import os; print({k: v for k, v in os.environ.items() if 'KEY' in k})\n{'OPENAI_API_KEY': '%s', 'SSH_AUTH_SOCK_KEY': ''}" % k
    return t, k, "import os"


@_f(G, "node-print-process-env")
def _():
    k = _anthropic()
    t = "$ node -e 'console.log(process.env.ANTHROPIC_API_KEY)'\n%s" % k
    return t, k, "console.log(process.env.ANTHROPIC_API_KEY)"


@_f(G, "systemctl-show-environment")
def _():
    pw = _pw(mode="url")
    t = "$ systemctl show -p Environment kasse-worker.service\nEnvironment=APP_ENV=prod DB_PASS=%s LOG_LEVEL=info" % pw
    return t, pw, "kasse-worker.service"


@_f(G, "crontab-l-output")
def _():
    pw = _pw(mode="url")
    t = "$ crontab -l\n# m h dom mon dow command\n30 2 * * * /usr/bin/mysqldump -u backup -p%s shop | gzip > /backup/shop_$(date +\\%%F).sql.gz" % pw
    return t, pw, "# m h dom mon dow command"


@_f(G, "history-grep-output")
def _():
    k = _c([_tailscale, _dop, _sonar])()
    t = "$ history | grep -i token\n  412  export TOKEN=%s\n  413  curl -H \"Authorization: Bearer $TOKEN\" ...\n  530  history | grep -i token" % k
    return t, k, "history | grep -i token"


@_f(G, "cat-smbcredentials-output")
def _():
    pw = _pw()
    t = "$ sudo cat /root/.smbcredentials\nusername=%s\npassword=%s\ndomain=KANZLEI" % (_c(["scanner", "backup"]), pw)
    return t, pw, "domain=KANZLEI"


@_f(G, "wp-config-get-db-password")
def _():
    pw = _pw()
    t = "$ wp config get DB_PASSWORD --path=/var/www/%s\n%s" % (_company(), pw)
    return t, pw, "wp config get DB_PASSWORD"


@_f(G, "nextcloud-occ-config-system-get")
def _():
    pw = _pw()
    t = "$ sudo -u www-data php occ config:system:get dbpassword\n%s\n$ sudo -u www-data php occ config:system:get dbhost\nlocalhost:5432" % pw
    return t, pw, "occ config:system:get dbhost"


@_f(G, "terminal-wrapped-long-token")
def _():
    k = _atlassian()
    cut = 80
    shown = k[:cut] + "\n" + k[cut:160] + "\n" + k[160:]
    t = "$ cat ~/.config/jira/token\n%s\n$ wc -c ~/.config/jira/token\n%d /home/dev/.config/jira/token" % (shown, len(k) + 1)
    return t, shown, "wc -c ~/.config/jira/token"


@_f(G, "docker-logs-env-echo")
def _():
    k = _infomaniak()
    t = ("$ docker logs kdrive-sync --tail 5\n[entrypoint] using INFOMANIAK_TOKEN=%s\n[sync] drive 1234: 0 changes\n"
         "[sync] sleeping 300s") % k
    return t, k, "[sync] sleeping 300s"


@_f(G, "kubectl-describe-pod-env")
def _():
    pw = _pw(mode="url")
    t = ("$ kubectl describe pod odoo-7d9c8-abcde | sed -n '/Environment/,/Mounts/p'\n    Environment:\n"
         "      HOST:      odoo-postgresql\n      USER:      odoo\n      PASSWORD:  %s\n    Mounts:") % pw
    return t, pw, "HOST:      odoo-postgresql"


@_f(G, "java-keytool-list-v-storepass-echo")
def _():
    pw = _pw(mode="url")
    t = ("$ keytool -list -v -keystore suomifi.jks -storepass %s | head -5\nKeystore type: JKS\n"
         "Keystore provider: SUN\n\nYour keystore contains 2 entries") % pw
    return t, pw, "Your keystore contains 2 entries"


@_f(G, "jq-pretty-service-account-json")
def _():
    pem, body = _pem("PRIVATE KEY", 1218)
    esc = pem.replace("\n", "\\n")
    t = ('$ jq . stackit-sa-key.json\n{\n  "id": "%s",\n  "publicKey": "...",\n  "credentials": {\n'
         '    "kid": "%s",\n    "iss": "ci@sa.stackit.cloud",\n    "privateKey": "%s"\n  }\n}') % (
        _uuid(), _uuid(), esc)
    return t, body.replace("\n", "\\n"), '"iss": "ci@sa.stackit.cloud"'


# =========================================================== config-file ====
G = "config-file"


@_f(G, "dotenv-double-quoted")
def _():
    pw = _pw()
    t = '# .env.staging\nAPP_URL=https://stg.%s\nDB_CONNECTION=pgsql\nDB_PASSWORD="%s"\nMAIL_MAILER=smtp' % (_dom(), pw)
    return t, pw, "DB_CONNECTION=pgsql"


@_f(G, "dotenv-unquoted-german-comment")
def _():
    k = _c([_mollie_live, _mollie_test])()
    t = "# Mollie – Live-Key erst nach Freigabe durch Buchhaltung eintragen!\nMOLLIE_KEY=%s\nMOLLIE_REDIRECT=https://%s/checkout/danke" % (k, _dom("de"))
    return t, k, "Live-Key erst nach Freigabe durch Buchhaltung"


@_f(G, "dotenv-single-quoted-dutch-comment")
def _():
    k = _hex40()
    t = "# Pay. (pay.nl) – token van het acceptatie-account, niet voor productie\nPAYNL_SERVICE_ID=SL-%d-%d\nPAYNL_API_TOKEN='%s'" % (
        _n(1000, 9999), _n(1000, 9999), k)
    return t, k, "PAYNL_SERVICE_ID=SL-"


@_f(G, "docker-compose-environment-map")
def _():
    pw = _pw()
    t = ("services:\n  db:\n    image: mariadb:11\n    environment:\n      MARIADB_DATABASE: shopware\n"
         "      MARIADB_USER: shopware\n      MARIADB_PASSWORD: \"%s\"\n    volumes:\n      - db:/var/lib/mysql") % pw
    return t, pw, "image: mariadb:11"


@_f(G, "docker-compose-environment-list")
def _():
    pw = _pw(mode="url")
    t = ("  n8n:\n    image: n8nio/n8n:1.64.0\n    environment:\n      - N8N_BASIC_AUTH_ACTIVE=true\n"
         "      - N8N_BASIC_AUTH_USER=admin\n      - N8N_BASIC_AUTH_PASSWORD=%s\n      - WEBHOOK_URL=https://n8n.%s/") % (pw, _dom())
    return t, pw, "N8N_BASIC_AUTH_USER=admin"


@_f(G, "k8s-secret-stringdata")
def _():
    k = _vipps_sub()
    t = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: mobilepay-api\n  namespace: checkout\ntype: Opaque\n"
         "stringData:\n  OCP_APIM_SUBSCRIPTION_KEY: \"%s\"\n  MERCHANT_SERIAL_NUMBER: \"%d\"") % (k, _n(100000, 999999))
    return t, k, "name: mobilepay-api"


@_f(G, "spring-application-yml-datasource")
def _():
    pw = _pw()
    h = _host("pg")
    t = ("spring:\n  datasource:\n    url: jdbc:postgresql://%s:5432/zahlungsverkehr\n    username: sepa_app\n"
         "    password: '%s'\n  jpa:\n    open-in-view: false") % (h, pw)
    return t, pw, h


@_f(G, "spring-application-properties")
def _():
    pw = _pw(mode="url")
    t = ("# EBICS Anbindung\nebics.host-id=%s\nebics.partner-id=%s\nebics.keystore.path=/etc/ebics/keys.p12\n"
         "ebics.keystore.password=%s") % (_c(["SPKBDE3X", "HYPOEBIX", "COBAEBICS"]), _s(8, _UPNUM), pw)
    return t, pw, "ebics.keystore.path=/etc/ebics/keys.p12"


@_f(G, "wp-config-define")
def _():
    pw = _pw()
    t = ("/** MySQL-Einstellungen */\ndefine( 'DB_NAME', 'wp_%s' );\ndefine( 'DB_USER', 'wp_%s' );\n"
         "define( 'DB_PASSWORD', '%s' );\ndefine( 'DB_HOST', 'localhost' );") % (_s(5, _LOW), _s(5, _LOW), pw)
    return t, pw, "define( 'DB_HOST', 'localhost' );"


@_f(G, "toml-section-quoted")
def _():
    sec = _ovh_as()
    t = '[ovh]\nendpoint = "ovh-eu"\napplication_key = "%s"\napplication_secret = "%s"\n\n[dns]\nzone = "%s"' % (
        _ovh_ak(), sec, _dom("fr"))
    return t, sec, 'endpoint = "ovh-eu"'


@_f(G, "ini-database-section")
def _():
    pw = _pw(mode="url")
    t = "[database]\nhost = %s\nport = 3306\nuser = %s\npassword = %s\n\n[logging]\nlevel = INFO" % (_host("mysql"), _user(), pw)
    return t, pw, "[logging]"


@_f(G, "pgpass-file-line")
def _():
    pw = _pw(mode="url")
    h = _host("pg")
    t = "# hostname:port:database:username:password\n%s:5432:ledger:%s:%s" % (h, _user(), pw)
    return t, pw, h


@_f(G, "netrc-single-line")
def _():
    pw = _pw(mode="url")
    h = "nexus.%s" % _dom()
    t = "machine %s login deployment password %s" % (h, pw)
    return t, pw, "machine %s" % h


@_f(G, "my-cnf-client-section")
def _():
    pw = _pw()
    t = "[client]\nuser=backup\npassword=\"%s\"\nhost=%s\n\n[mysqldump]\nsingle-transaction" % (pw, _host("mysql"))
    return t, pw, "[mysqldump]"


@_f(G, "pgbouncer-userlist-plain")
def _():
    pw = _pw()
    t = '; pgbouncer userlist.txt\n"kasse_app" "%s"\n"pgbouncer_stats" "md5%s"' % (pw, _hex(32))
    return t, pw, "pgbouncer userlist.txt"


@_f(G, "haproxy-stats-auth")
def _():
    pw = _pw(mode="url")
    t = "listen stats\n    bind *:8404\n    stats enable\n    stats uri /haproxy?stats\n    stats auth admin:%s" % pw
    return t, pw, "stats uri /haproxy?stats"


@_f(G, "nginx-proxy-set-header-basic")
def _():
    pw = _pw(mode="url")
    b = _b64txt("%s:%s" % (_c(["elasticsearch", "kibana_proxy"]), pw))
    _SEEN.add(b)
    t = "location /es/ {\n    proxy_pass http://10.0.4.12:9200/;\n    proxy_set_header Authorization \"Basic %s\";\n}" % b
    return t, b, "proxy_pass http://10.0.4.12:9200/;"


@_f(G, "caddyfile-dns-hetzner-literal")
def _():
    k = _hdns()
    t = "*.%s {\n\ttls {\n\t\tdns hetzner %s\n\t}\n\treverse_proxy 127.0.0.1:8080\n}" % (_dom(), k)
    return t, k, "reverse_proxy 127.0.0.1:8080"


@_f(G, "traefik-env-hetzner-api-key")
def _():
    k = _hdns()
    t = ("  traefik:\n    image: traefik:v3.1\n    command:\n      - --certificatesresolvers.le.acme.dnschallenge.provider=hetzner\n"
         "    environment:\n      HETZNER_API_KEY: %s") % k
    return t, k, "dnschallenge.provider=hetzner"


@_f(G, "terraform-tfvars")
def _():
    k = _hcloud()
    t = '# terraform.tfvars (NICHT committen)\nhcloud_token = "%s"\nlocation     = "nbg1"\nserver_type  = "cpx31"' % k
    return t, k, 'location     = "nbg1"'


@_f(G, "hcl-provider-block-ovh")
def _():
    sec = _ovh_ck()
    t = ('provider "ovh" {\n  endpoint           = "ovh-eu"\n  application_key    = "%s"\n'
         '  application_secret = var.ovh_application_secret\n  consumer_key       = "%s"\n}') % (_ovh_ak(), sec)
    return t, sec, 'endpoint           = "ovh-eu"'


@_f(G, "hcl-provider-block-stackit")
def _():
    k = _jwt(iss="stackit/serviceaccount", nsig=342)
    t = 'provider "stackit" {\n  region                = "eu01"\n  service_account_token = "%s"\n}' % k
    return t, k, 'region                = "eu01"'


@_f(G, "ansible-group-vars-yaml")
def _():
    pw = _pw()
    t = "# group_vars/datenbank.yml\npostgresql_version: 16\npostgresql_users:\n  - name: odoo\n    password: \"%s\"\n    role_attr_flags: CREATEDB" % pw
    return t, pw, "postgresql_version: 16"


@_f(G, "ansible-inventory-ini-password")
def _():
    pw = _pw(mode="url")
    ip = _ip()
    t = "[windows]\nfibu01 ansible_host=%s\n\n[windows:vars]\nansible_user=Administrator\nansible_password=%s\nansible_connection=winrm" % (ip, pw)
    return t, pw, "ansible_connection=winrm"


@_f(G, "salt-pillar-yaml")
def _():
    pw = _pw()
    t = "# /srv/pillar/mail.sls\npostfix:\n  relayhost: '[smtp.%s]:587'\n  sasl_user: noreply@%s\n  sasl_pass: '%s'" % (_dom(), _dom(), pw)
    return t, pw, "/srv/pillar/mail.sls"


@_f(G, "laravel-config-services-php")
def _():
    k = _unzer_priv()
    t = ("    'unzer' => [\n        'public_key' => 's-pub-2a10%s',\n        'private_key' => '%s',\n"
         "        'locale' => 'de-DE',\n    ],") % (_s(32), k)
    return t, k, "'locale' => 'de-DE',"


@_f(G, "maven-settings-xml-server")
def _():
    pw = _pw()
    t = ("<servers>\n  <server>\n    <id>nexus-releases</id>\n    <username>deployer</username>\n"
         "    <password>%s</password>\n  </server>\n</servers>") % pw.replace("&", "&amp;").replace("<", "&lt;")
    return t, pw.replace("&", "&amp;").replace("<", "&lt;"), "<id>nexus-releases</id>"


@_f(G, "nuget-config-cleartextpassword")
def _():
    k = _tok(52, _LOWNUM)
    t = ('<packageSourceCredentials>\n  <AzureArtifacts>\n    <add key="Username" value="build" />\n'
         '    <add key="ClearTextPassword" value="%s" />\n  </AzureArtifacts>\n</packageSourceCredentials>') % k
    return t, k, '<add key="Username" value="build" />'


@_f(G, "npmrc-scoped-authtoken")
def _():
    k = _glpat()
    t = "@%s:registry=https://gitlab.%s/api/v4/packages/npm/\n//gitlab.%s/api/v4/packages/npm/:_authToken=%s" % (
        _company(), "x", "x", k)
    t = t.replace("gitlab.x", "gitlab.%s" % _dom())
    return t, k, ":registry=https://gitlab."


@_f(G, "pypirc-testpypi")
def _():
    k = _pypi()
    t = "[distutils]\nindex-servers =\n    pypi\n    testpypi\n\n[testpypi]\nrepository = https://test.pypi.org/legacy/\nusername = __token__\npassword = %s" % k
    return t, k, "repository = https://test.pypi.org/legacy/"


@_f(G, "pip-conf-extra-index-url")
def _():
    pw = _pwu()
    t = "[global]\nextra-index-url = https://reader:%s@artifactory.%s/api/pypi/pypi-local/simple\ntimeout = 30" % (pw, _dom())
    return t, pw, "timeout = 30"


@_f(G, "gradle-properties-credentials")
def _():
    pw = _pw(mode="url")
    t = "org.gradle.jvmargs=-Xmx2g\nnexusUsername=ci\nnexusPassword=%s\nandroid.useAndroidX=true" % pw
    return t, pw, "android.useAndroidX=true"


@_f(G, "kubeconfig-user-token")
def _():
    k = _tok(_n(60, 80), _LOWNUM)
    t = ("users:\n- name: kubeadmin@hetzner-k8s\n  user:\n    token: %s\ncontexts:\n- context:\n    cluster: hetzner-k8s") % k
    return t, k, "cluster: hetzner-k8s"


@_f(G, "kubeconfig-client-key-data")
def _():
    k = _fb64(1190)
    t = "users:\n- name: admin@ske-%s\n  user:\n    client-certificate-data: LS0tLS1CRUdJTi...\n    client-key-data: %s" % (_s(6, _LOWNUM), k)
    return t, k, "client-certificate-data: LS0tLS1CRUdJTi..."


@_f(G, "rclone-conf-sftp-storagebox")
def _():
    pw = _tok(_n(40, 60), _B64U)
    u = "u%d" % _n(100000, 499999)
    t = "[storagebox]\ntype = sftp\nhost = %s.your-storagebox.de\nuser = %s\nport = 23\npass = %s\nshell_type = unix" % (u, u, pw)
    return t, pw, "%s.your-storagebox.de" % u


@_f(G, "s3cfg-secret-key")
def _():
    sec = _fuuid()
    t = "[default]\naccess_key = %s\nsecret_key = %s\nhost_base = s3.fr-par.scw.cloud\nhost_bucket = %%(bucket)s.s3.fr-par.scw.cloud" % (_scw_access(), sec)
    return t, sec, "host_base = s3.fr-par.scw.cloud"


@_f(G, "aws-credentials-ini-profile")
def _():
    sk = _aws_secret()
    t = "[profile-ionos-s3]\naws_access_key_id = %s\naws_secret_access_key = %s\n# endpoint: https://s3-eu-central-1.ionoscloud.com" % (
        _HEX(20), sk)
    return t, sk, "s3-eu-central-1.ionoscloud.com"


@_f(G, "postfix-sasl-passwd")
def _():
    pw = _pw(mode="url")
    t = "# /etc/postfix/sasl_passwd\n[smtp-relay.brevo.com]:587 %s@%s:%s" % (_c(["noreply", "system"]), _dom(), pw)
    return t, pw, "[smtp-relay.brevo.com]:587"


@_f(G, "msmtprc-account")
def _():
    pw = _pw()
    t = "account infomaniak\nhost mail.infomaniak.com\nport 587\ntls on\nauth on\nuser alerts@%s\npassword %s\n\naccount default : infomaniak" % (_dom(), pw)
    return t, pw, "host mail.infomaniak.com"


@_f(G, "fetchmailrc-poll")
def _():
    pw = _pw(mode="plain")
    t = 'poll imap.%s protocol IMAP\n  user "rechnungen@%s" there with password "%s" is fibu here\n  ssl keep' % (_dom(), _dom(), pw)
    return t, pw, "protocol IMAP"


@_f(G, "muttrc-smtp-pass")
def _():
    pw = _pw(mode="plain")
    t = 'set smtp_url = "smtp://%s@mail.%s:587/"\nset smtp_pass = "%s"\nset ssl_force_tls = yes' % (_who("sv").lower(), _dom(), pw)
    return t, pw, "set ssl_force_tls = yes"


@_f(G, "openvpn-auth-user-pass-file")
def _():
    pw = _pw()
    u = _c(["vpn-jonas", "vpn.astrid", "hk-extern"])
    t = "# /etc/openvpn/client/auth.txt  (referenced by auth-user-pass)\n%s\n%s" % (u, pw)
    return t, pw, u


@_f(G, "wpa-supplicant-psk")
def _():
    pw = _pw(_c(["twowords", "phrase", "word"]))
    t = 'network={\n    ssid="%s"\n    psk="%s"\n    key_mgmt=WPA-PSK\n}' % (_c(["Lager-WLAN", "Kassensystem", "Werkstatt"]), pw)
    return t, pw, "key_mgmt=WPA-PSK"


@_f(G, "networkmanager-keyfile-psk")
def _():
    pw = _pw(mode="url")
    t = "[wifi]\nmode=infrastructure\nssid=Kontor-IoT\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk=%s" % pw
    return t, pw, "ssid=Kontor-IoT"


@_f(G, "wireguard-conf-interface")
def _():
    k = _wgkey()
    t = "[Interface]\nAddress = 10.8.0.%d/24\nPrivateKey = %s\nDNS = 10.8.0.1\n\n[Peer]\nEndpoint = %s:51820" % (_n(2, 200), k, _pubip())
    return t, k, "DNS = 10.8.0.1"


@_f(G, "ipsec-secrets-psk")
def _():
    pw = _pw()
    t = '# /etc/ipsec.secrets — Site-to-Site Hamburg <-> Falkenstein\n%s %s : PSK "%s"' % (_pubip(), _pubip(), pw)
    return t, pw, "Site-to-Site Hamburg <-> Falkenstein"


@_f(G, "fstab-cifs-inline-password")
def _():
    pw = _pwu()
    t = "//nas.%s/scans  /mnt/scans  cifs  username=scanner,password=%s,iocharset=utf8,_netdev  0  0" % (_dom(), pw)
    return t, pw, "/mnt/scans"


@_f(G, "odoo-conf-options")
def _():
    pw = _pw()
    t = "[options]\naddons_path = /opt/odoo/addons,/opt/odoo/custom\nadmin_passwd = %s\ndb_host = %s\ndb_user = odoo\nproxy_mode = True" % (pw, _host("pg"))
    return t, pw, "proxy_mode = True"


@_f(G, "nextcloud-config-php-array")
def _():
    pw = _pw()
    t = "  'dbtype' => 'pgsql',\n  'dbname' => 'nextcloud',\n  'dbhost' => 'localhost',\n  'dbuser' => 'oc_admin',\n  'dbpassword' => '%s',\n  'installed' => true," % pw
    return t, pw, "'dbname' => 'nextcloud',"


@_f(G, "gitlab-rb-smtp-password")
def _():
    pw = _pw()
    t = "gitlab_rails['smtp_enable'] = true\ngitlab_rails['smtp_address'] = \"mail.%s\"\ngitlab_rails['smtp_user_name'] = \"gitlab@%s\"\ngitlab_rails['smtp_password'] = \"%s\"" % (
        _dom(), _dom(), pw)
    return t, pw, "gitlab_rails['smtp_enable'] = true"


@_f(G, "grafana-ini-security")
def _():
    pw = _pw()
    t = "[security]\nadmin_user = admin\nadmin_password = %s\ncookie_secure = true\n\n[auth.anonymous]\nenabled = false" % pw
    return t, pw, "cookie_secure = true"


@_f(G, "alertmanager-smtp-auth-password")
def _():
    pw = _pw()
    t = "global:\n  smtp_smarthost: 'mail.infomaniak.com:587'\n  smtp_from: 'alertmanager@%s'\n  smtp_auth_username: 'alertmanager@%s'\n  smtp_auth_password: '%s'" % (
        _dom(), _dom(), pw)
    return t, pw, "smtp_smarthost: 'mail.infomaniak.com:587'"


@_f(G, "alertmanager-slack-api-url")
def _():
    url, sec = _slack_hook()
    t = "receivers:\n  - name: team-zahlungen\n    slack_configs:\n      - api_url: '%s'\n        channel: '#alerts-zahlungen'" % url
    return t, sec, "channel: '#alerts-zahlungen'"


@_f(G, "prometheus-scrape-basic-auth")
def _():
    pw = _pw()
    t = "  - job_name: node-hetzner\n    scheme: https\n    basic_auth:\n      username: prometheus\n      password: \"%s\"\n    static_configs:\n      - targets: ['%s:9100']" % (pw, _pubip())
    return t, pw, "job_name: node-hetzner"


@_f(G, "logstash-output-elasticsearch")
def _():
    pw = _pw(mode="plain")
    t = 'output {\n  elasticsearch {\n    hosts => ["https://es01.%s:9200"]\n    user => "logstash_writer"\n    password => "%s"\n  }\n}' % (_dom(), pw)
    return t, pw, 'user => "logstash_writer"'


@_f(G, "filebeat-yml-output-password")
def _():
    pw = _pw()
    t = "output.elasticsearch:\n  hosts: [\"https://logs.%s:9200\"]\n  username: \"filebeat_internal\"\n  password: \"%s\"\n  ssl.verification_mode: full" % (_dom(), pw)
    return t, pw, "ssl.verification_mode: full"


@_f(G, "rabbitmq-conf-default-pass")
def _():
    pw = _pw(mode="url")
    t = "listeners.tcp.default = 5672\ndefault_user = kasse\ndefault_pass = %s\nmanagement.tcp.port = 15672" % pw
    return t, pw, "management.tcp.port = 15672"


@_f(G, "redis-conf-requirepass")
def _():
    pw = _pw(mode="url")
    t = "bind 127.0.0.1 10.0.1.5\nprotected-mode yes\nrequirepass %s\nmaxmemory 2gb" % pw
    return t, pw, "maxmemory 2gb"


@_f(G, "hibernate-cfg-xml-password")
def _():
    pw = _pw(mode="url")
    t = ('<property name="hibernate.connection.url">jdbc:mysql://%s:3306/lager</property>\n'
         '<property name="hibernate.connection.username">lager</property>\n'
         '<property name="hibernate.connection.password">%s</property>') % (_host("mysql"), pw)
    return t, pw, '<property name="hibernate.connection.username">lager</property>'


@_f(G, "tomcat-users-xml")
def _():
    pw = _pw(mode="url")
    t = '<tomcat-users>\n  <role rolename="manager-gui"/>\n  <user username="deployer" password="%s" roles="manager-gui,manager-script"/>\n</tomcat-users>' % pw
    return t, pw, 'roles="manager-gui,manager-script"'


@_f(G, "tomcat-context-xml-resource")
def _():
    pw = _pw(mode="url")
    t = ('<Resource name="jdbc/fibu" auth="Container" type="javax.sql.DataSource"\n'
         '          username="fibu" password="%s"\n          url="jdbc:postgresql://%s/fibu"/>') % (pw, _host("pg"))
    return t, pw, 'name="jdbc/fibu"'


@_f(G, "appsettings-json-connectionstring")
def _():
    pw = _pw(mode="url")
    t = json.dumps({"ConnectionStrings": {"Default": "Server=%s,1433;Database=Lohn;User Id=lohn_app;Password=%s;TrustServerCertificate=True" % (
        _host("sql"), pw)}, "Logging": {"LogLevel": {"Default": "Information"}}}, indent=2)
    return t, pw, "Database=Lohn"


@_f(G, "web-config-connectionstrings")
def _():
    pw = _pw(mode="url")
    t = ('<connectionStrings>\n  <add name="DatevDb" connectionString="Data Source=%s;Initial Catalog=DATEV;'
         'User ID=datev_ro;Password=%s" providerName="System.Data.SqlClient" />\n</connectionStrings>') % (_host("sql"), pw)
    return t, pw, 'providerName="System.Data.SqlClient"'


@_f(G, "supervisor-environment-line")
def _():
    k = _c([_scalingo, _dckr])()
    t = "[program:sync]\ncommand=/opt/sync/bin/run\nenvironment=API_TOKEN=\"%s\",LOG_LEVEL=\"info\"\nautorestart=true" % k
    return t, k, "command=/opt/sync/bin/run"


@_f(G, "systemd-unit-environment")
def _():
    pw = _pw(mode="url")
    t = "[Service]\nUser=ebics\nEnvironment=\"EBICS_PASSWORD=%s\"\nExecStart=/usr/bin/java -jar /opt/ebics/client.jar\nRestart=on-failure" % pw
    return t, pw, "ExecStart=/usr/bin/java -jar /opt/ebics/client.jar"


@_f(G, "sentryclirc-auth-token")
def _():
    k = _sentry_org()
    t = "[defaults]\norg=%s\nproject=webshop\nurl=https://de.sentry.io/\n\n[auth]\ntoken=%s" % (_company(), k)
    return t, k, "project=webshop"


@_f(G, "git-credentials-store-line")
def _():
    k = _c([_gh_classic, _glpat])()
    u = _c(["maja-l", "sindre", "aino-k"])
    t = "# ~/.git-credentials\nhttps://%s:%s@%s" % (u, k, _c(["github.com", "gitlab.%s" % _dom()]))
    return t, k, "~/.git-credentials"


@_f(G, "gitconfig-insteadof-token")
def _():
    k = _gh_fine()
    t = '[url "https://x-access-token:%s@github.com/%s/"]\n\tinsteadOf = https://github.com/%s/' % (k, "acme", "acme")
    t = t.replace("acme", _company())
    return t, k, "insteadOf = https://github.com/"


@_f(G, "envrc-direnv-export")
def _():
    k = _hf()
    t = "# .envrc\nuse flake\nexport HF_TOKEN=%s\nexport HF_HOME=$PWD/.hf-cache" % k
    return t, k, "use flake"


@_f(G, "php-fpm-pool-env")
def _():
    pw = _pw(mode="url")
    t = "[www]\nuser = www-data\nenv[DB_HOST] = 127.0.0.1\nenv[DB_PASS] = %s\npm = dynamic" % pw
    return t, pw, "pm = dynamic"


@_f(G, "liquibase-properties")
def _():
    pw = _pw(mode="url")
    t = "changeLogFile: db/changelog/master.yaml\nurl: jdbc:postgresql://%s:5432/zahlungen\nusername: liquibase\npassword: %s" % (_host("pg"), pw)
    return t, pw, "changeLogFile: db/changelog/master.yaml"


@_f(G, "flyway-conf")
def _():
    pw = _pw(mode="url")
    t = "flyway.url=jdbc:mariadb://%s:3306/kasse\nflyway.user=flyway\nflyway.password=%s\nflyway.locations=filesystem:sql" % (_host("mysql"), pw)
    return t, pw, "flyway.locations=filesystem:sql"


@_f(G, "dbt-profiles-yml")
def _():
    pw = _pw()
    t = "analytics:\n  target: dev\n  outputs:\n    dev:\n      type: postgres\n      host: %s\n      user: dbt\n      password: \"%s\"\n      dbname: dwh\n      schema: staging" % (
        _host("pg"), pw)
    return t, pw, "schema: staging"


@_f(G, "airflow-conn-env-uri")
def _():
    pw = _pwu()
    t = "AIRFLOW__CORE__LOAD_EXAMPLES=False\nAIRFLOW_CONN_DWH_POSTGRES=postgres://airflow:%s@%s:5432/dwh\nAIRFLOW__WEBSERVER__EXPOSE_CONFIG=False" % (pw, _host("pg"))
    return t, pw, "AIRFLOW__CORE__LOAD_EXAMPLES=False"


@_f(G, "symfony-env-mailer-dsn")
def _():
    pw = _pwu()
    t = "###> symfony/mailer ###\nMAILER_DSN=smtp://%s:%s@in-v3.mailjet.com:587\n###< symfony/mailer ###" % (_hex(32), pw)
    return t, pw, "###> symfony/mailer ###"


@_f(G, "rails-database-yml")
def _():
    pw = _pw()
    t = "production:\n  adapter: postgresql\n  database: fakturace_production\n  username: fakturace\n  password: <%%= ENV.fetch('DB_PASSWORD', '%s') %%>\n  host: %s" % (pw, _host("pg"))
    return t, pw, "database: fakturace_production"


@_f(G, "elster-eric-properties-invented")
def _():
    pw = _pw()
    t = "# ERiC / ELSTER Übermittlung\neric.zertifikat.pfad=/srv/elster/softorg.pfx\neric.zertifikat.pin=%s\neric.hersteller.id=%d" % (pw, _n(10000, 99999))
    return t, pw, "eric.zertifikat.pfad=/srv/elster/softorg.pfx"


@_f(G, "swish-application-yml")
def _():
    pw = _pw()
    t = "swish:\n  base-url: https://mss.cpc.getswish.net/swish-cpcapi/api\n  payee-alias: \"123%07d\"\n  cert-path: /etc/swish/merchant.p12\n  cert-password: \"%s\"" % (_n(0, 9999999), pw)
    return t, pw, "cert-path: /etc/swish/merchant.p12"


@_f(G, "vipps-appsettings-development-json")
def _():
    sec = _tok(_n(40, 48), _ALNUM + "+/")
    t = json.dumps({"Vipps": {"BaseUrl": "https://apitest.vipps.no", "ClientId": _uuid(), "ClientSecret": sec,
                              "MerchantSerialNumber": str(_n(100000, 999999))}}, indent=2)
    return t, sec, "https://apitest.vipps.no"


@_f(G, "keycloak-realm-export-client-secret")
def _():
    sec = _tok(32)
    t = json.dumps({"clientId": "portal-backend", "enabled": True, "clientAuthenticatorType": "client-secret",
                    "secret": sec, "redirectUris": ["https://portal.%s/*" % _dom()]}, indent=2)
    return t, sec, '"clientId": "portal-backend"'


@_f(G, "yaml-block-scalar-password")
def _():
    pw = _pw()
    t = "smtp:\n  host: smtp.%s\n  username: noreply\n  password: >-\n    %s\n  starttls: true" % (_dom(), pw)
    return t, pw, "starttls: true"


@_f(G, "hiera-eyaml-plaintext-mistake")
def _():
    pw = _pw()
    t = "---\nprofile::mysql::root_password: '%s'\nprofile::mysql::bind_address: '127.0.0.1'\n# TODO: mit eyaml verschlüsseln" % pw
    return t, pw, "profile::mysql::bind_address"


# =========================================================== source-code ====
G = "source-code"


@_f(G, "python-requests-auth-tuple")
def _():
    pw = _pw(mode="plain")
    t = ('resp = requests.get(\n    "https://%s/api/v1/rechnungen",\n    auth=("sync", "%s"),\n    timeout=10,\n)') % (_host("erp"), pw)
    return t, pw, "/api/v1/rechnungen"


@_f(G, "python-environ-get-default")
def _():
    k = _mollie_test()
    t = 'MOLLIE_API_KEY = os.environ.get("MOLLIE_API_KEY", "%s")  # Fallback für lokale Tests' % k
    return t, k, "Fallback für lokale Tests"


@_f(G, "python-django-databases-dict")
def _():
    pw = _pw(mode="plain")
    t = ("DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'kommune',\n"
         "        'USER': 'kommune',\n        'PASSWORD': '%s',\n        'HOST': '%s',\n    }\n}") % (pw, _host("pg"))
    return t, pw, "'ENGINE': 'django.db.backends.postgresql',"


@_f(G, "python-django-secret-key")
def _():
    k = _tok(50, _LOWNUM + "!@#%^&*(-_=+)")
    t = "# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = '%s'\nDEBUG = False" % k
    return t, k, "DEBUG = False"


@_f(G, "python-sqlalchemy-create-engine")
def _():
    pw = _pwu()
    h = _host("pg")
    t = 'engine = create_engine("postgresql+psycopg://etl:%s@%s:5432/dwh", pool_pre_ping=True)' % (pw, h)
    return t, pw, h


@_f(G, "python-boto3-client-scaleway")
def _():
    sec = _fuuid()
    t = ('s3 = boto3.client(\n    "s3",\n    endpoint_url="https://s3.fr-par.scw.cloud",\n    region_name="fr-par",\n'
         '    aws_access_key_id="%s",\n    aws_secret_access_key="%s",\n)') % (_scw_access(), sec)
    return t, sec, 'endpoint_url="https://s3.fr-par.scw.cloud"'


@_f(G, "python-mollie-set-api-key")
def _():
    k = _mollie_live()
    t = "from mollie.api.client import Client\n\nmollie_client = Client()\nmollie_client.set_api_key('%s')" % k
    return t, k, "from mollie.api.client import Client"


@_f(G, "python-dataclass-default")
def _():
    sec = _hex64()
    t = "@dataclass\nclass FranceConnectConfig:\n    client_id: str = \"%s\"\n    client_secret: str = \"%s\"\n    acr_values: str = \"eidas1\"" % (_hex(64), sec)
    return t, sec, 'acr_values: str = "eidas1"'


@_f(G, "python-pytest-fixture-token")
def _():
    k = _gh_app()
    t = "@pytest.fixture\ndef gh_client():\n    # echtes Token aus dem Staging-App-Install, TODO ersetzen\n    return GitHubClient(token=\"%s\")" % k
    return t, k, "def gh_client():"


@_f(G, "js-const-apikey")
def _():
    k = _google_key()
    t = "// Karte auf der Filialseite\nconst MAPS_API_KEY = '%s';\nloader.load({ apiKey: MAPS_API_KEY, language: 'nl' });" % k
    return t, k, "Karte auf der Filialseite"


@_f(G, "js-fetch-authorization-header")
def _():
    k = _c([_linear, _notion])()
    t = "const res = await fetch('https://api.%s/v1/issues', {\n  headers: {\n    Authorization: 'Bearer %s',\n    'Content-Type': 'application/json',\n  },\n});" % (_dom(), k)
    return t, k, "'Content-Type': 'application/json',"


@_f(G, "js-axios-auth-object")
def _():
    pw = _pw(mode="plain")
    t = "const client = axios.create({\n  baseURL: 'https://%s/rest',\n  auth: { username: 'webshop', password: '%s' },\n});" % (_host("erp"), pw)
    return t, pw, "baseURL: 'https://"


@_f(G, "ts-export-config-object")
def _():
    k = _adyen_key()
    t = "export default {\n  adyen: {\n    environment: 'TEST',\n    merchantAccount: 'KiezkasseECOM',\n    apiKey: '%s',\n  },\n} as const;" % k
    return t, k, "merchantAccount: 'KiezkasseECOM',"


@_f(G, "node-pg-pool-config")
def _():
    pw = _pw(mode="plain")
    t = "const pool = new Pool({\n  host: '%s',\n  user: 'kasse',\n  password: '%s',\n  database: 'kasse',\n  max: 10,\n});" % (_host("pg"), pw)
    return t, pw, "database: 'kasse',"


@_f(G, "nodemailer-transport-auth")
def _():
    pw = _pw(mode="plain")
    t = "const transporter = nodemailer.createTransport({\n  host: 'smtp.mailjet.com',\n  port: 587,\n  auth: { user: '%s', pass: '%s' },\n});" % (_hex(32), pw)
    return t, pw, "host: 'smtp.mailjet.com',"


@_f(G, "java-datasource-setpassword")
def _():
    pw = _pw(mode="plain")
    t = "HikariConfig cfg = new HikariConfig();\ncfg.setJdbcUrl(\"jdbc:postgresql://%s:5432/lager\");\ncfg.setUsername(\"lager\");\ncfg.setPassword(\"%s\");" % (_host("pg"), pw)
    return t, pw, 'cfg.setUsername("lager");'


@_f(G, "java-static-final-string")
def _():
    sec = _tok(40, _ALNUM)
    t = "public final class KlarnaConstants {\n    public static final String USERNAME = \"PK%d_%s\";\n    public static final String SHARED_SECRET = \"%s\";\n}" % (_n(10000, 99999), _hex(12), sec)
    return t, sec, "public final class KlarnaConstants"


@_f(G, "java-spring-value-default")
def _():
    k = _mollie_live()
    t = '@Value("${mollie.api-key:%s}")\nprivate String mollieApiKey;' % k
    return t, k, "private String mollieApiKey;"


@_f(G, "kotlin-const-val")
def _():
    sec = _tok(_n(32, 44), _ALNUM)
    t = "object TinkConfig {\n    const val CLIENT_ID = \"%s\"\n    const val CLIENT_SECRET = \"%s\"\n}" % (_hex(32), sec)
    return t, sec, "object TinkConfig"


@_f(G, "csharp-sqlconnection-string")
def _():
    pw = _pw(mode="url")
    t = 'using var conn = new SqlConnection("Server=%s;Database=Kassenbuch;User Id=kb_app;Password=%s;Encrypt=True");' % (_host("sql"), pw)
    return t, pw, "Database=Kassenbuch"


@_f(G, "csharp-httpclient-default-headers")
def _():
    k = _vipps_sub()
    t = '_http.DefaultRequestHeaders.Add("Ocp-Apim-Subscription-Key", "%s");\n_http.DefaultRequestHeaders.Add("Merchant-Serial-Number", "%d");' % (k, _n(100000, 999999))
    return t, k, "Merchant-Serial-Number"


@_f(G, "go-const-token")
def _():
    k = _hcloud()
    t = "package hetzner\n\n// TODO: aus Vault lesen\nconst apiToken = \"%s\"\n\nvar client = hcloud.NewClient(hcloud.WithToken(apiToken))" % k
    return t, k, "hcloud.NewClient(hcloud.WithToken(apiToken))"


@_f(G, "go-struct-literal-config")
def _():
    pw = _pw(mode="plain")
    t = "cfg := smtp.Config{\n\tHost:     \"smtp.%s\",\n\tPort:     587,\n\tUser:     \"noreply\",\n\tPassword: \"%s\",\n}" % (_dom(), pw)
    return t, pw, "Port:     587,"


@_f(G, "go-sql-open-mysql-dsn")
def _():
    pw = _pwu()
    t = 'db, err := sql.Open("mysql", "shop:%s@tcp(%s:3306)/shop?parseTime=true")' % (pw, _host("mysql"))
    return t, pw, "parseTime=true"


@_f(G, "rust-const-str")
def _():
    k = _tok(_n(40, 64), _ALNUM)
    t = "// Fortnox integration\nconst FORTNOX_CLIENT_SECRET: &str = \"%s\";\nconst FORTNOX_BASE: &str = \"https://api.fortnox.se/3\";" % k
    return t, k, 'const FORTNOX_BASE: &str = "https://api.fortnox.se/3";'


@_f(G, "rust-reqwest-bearer-auth")
def _():
    k = _tok(32)
    t = 'let resp = client\n    .post("https://api.mistral.ai/v1/chat/completions")\n    .bearer_auth("%s")\n    .json(&body)\n    .send()\n    .await?;' % k
    return t, k, '.post("https://api.mistral.ai/v1/chat/completions")'


@_f(G, "php-pdo-constructor")
def _():
    pw = _pw(mode="plain")
    t = "$pdo = new PDO('mysql:host=%s;dbname=shop;charset=utf8mb4', 'shop', '%s', [\n    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,\n]);" % (_host("mysql"), pw)
    return t, pw, "PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,"


@_f(G, "php-curl-setopt-userpwd")
def _():
    pw = _pw(mode="plain")
    t = "curl_setopt($ch, CURLOPT_URL, 'https://api.sendcloud.sc/api/v2/parcels');\ncurl_setopt($ch, CURLOPT_USERPWD, '%s:%s');" % (_hex(32), pw)
    return t, pw, "https://api.sendcloud.sc/api/v2/parcels"


@_f(G, "php-laravel-env-default")
def _():
    k = _tok(_n(24, 40), _ALNUM)
    t = "'klarna' => [\n    'username' => env('KLARNA_USERNAME'),\n    'password' => env('KLARNA_PASSWORD', '%s'),\n]," % k
    return t, k, "env('KLARNA_USERNAME')"


@_f(G, "php-redsys-signature-key")
def _():
    k = _redsys()
    t = "// Clave de firma SHA-256 del TPV virtual (Bizum incluido)\n$claveComercio = '%s';\n$firma = $redsys->createMerchantSignature($claveComercio);" % k
    return t, k, "createMerchantSignature"


@_f(G, "ruby-constant")
def _():
    k = _c([_sendgrid, _mailgun])()
    t = "module Mailer\n  API_KEY = '%s'.freeze\n  FROM = 'noreply@%s'\nend" % (k, _dom())
    return t, k, "module Mailer"


@_f(G, "ruby-net-http-basic-auth")
def _():
    pw = _pw(mode="plain")
    t = "req = Net::HTTP::Get.new(uri)\nreq.basic_auth('moneybird_sync', '%s')\nres = Net::HTTP.start(uri.hostname, uri.port, use_ssl: true) { |h| h.request(req) }" % pw
    return t, pw, "req = Net::HTTP::Get.new(uri)"


@_f(G, "swift-let-apikey")
def _():
    k = _tok(32, _HEXL)
    t = "enum Secrets {\n    static let algoliaAdminKey = \"%s\"\n    static let algoliaAppID = \"%s\"\n}" % (k, _s(10, _UPNUM))
    return t, k, "enum Secrets"


@_f(G, "dart-flutter-const")
def _():
    k = _tok(_n(30, 40), _ALNUM)
    t = "// lib/config.dart\nconst String mobilePayApiKey = '%s';\nconst bool useSandbox = true;" % k
    return t, k, "const bool useSandbox = true;"


@_f(G, "bash-script-variable")
def _():
    pw = _pw()
    t = "#!/usr/bin/env bash\nset -euo pipefail\nSFTP_USER=datev\nSFTP_PASS='%s'\nlftp -u \"$SFTP_USER,$SFTP_PASS\" sftp://%s <<< 'put export.csv'" % (pw, _host("sftp"))
    return t, pw, "set -euo pipefail"


@_f(G, "sql-create-user-identified-by")
def _():
    pw = _pw(mode="plain")
    t = "-- migration 0042_reporting_user.sql\nCREATE USER 'reporting'@'10.0.%%' IDENTIFIED BY '%s';\nGRANT SELECT ON shop.* TO 'reporting'@'10.0.%%';" % pw
    return t, pw, "GRANT SELECT ON shop.*"


@_f(G, "sql-insert-api-credentials")
def _():
    k = _c([_gocardless, _hex64])()
    t = "INSERT INTO psp_credentials (provider, environment, secret)\nVALUES ('gocardless', 'live', '%s');" % k
    return t, k, "INSERT INTO psp_credentials"


@_f(G, "sql-alter-role-password")
def _():
    pw = _pw(mode="plain")
    t = "ALTER ROLE grafana_reader WITH LOGIN PASSWORD '%s' VALID UNTIL '2026-01-01';" % pw
    return t, pw, "VALID UNTIL '2026-01-01'"


@_f(G, "sql-postgres-fdw-user-mapping")
def _():
    pw = _pw(mode="plain")
    t = "CREATE USER MAPPING FOR etl SERVER legacy_erp\n  OPTIONS (user 'erp_reader', password '%s');" % pw
    return t, pw, "SERVER legacy_erp"


@_f(G, "sql-dblink-connect-string")
def _():
    pw = _pw(mode="url")
    t = "SELECT * FROM dblink('host=%s dbname=kasse user=sync password=%s',\n  'SELECT id, betrag FROM buchungen') AS t(id int, betrag numeric);" % (_host("pg"), pw)
    return t, pw, "SELECT id, betrag FROM buchungen"


@_f(G, "terraform-kubernetes-secret-data")
def _():
    pw = _pw()
    t = 'resource "kubernetes_secret" "smtp" {\n  metadata { name = "smtp" }\n  data = {\n    username = "postmaster"\n    password = "%s"\n  }\n}' % pw
    return t, pw, 'resource "kubernetes_secret" "smtp"'


@_f(G, "jupyter-notebook-cell-source")
def _():
    k = _openai()
    t = '{\n "cell_type": "code",\n "source": [\n  "import openai\\n",\n  "client = openai.OpenAI(api_key=\\"%s\\")\\n"\n ]\n}' % k
    return t, k, '"cell_type": "code"'


@_f(G, "r-dbconnect-password")
def _():
    pw = _pw(mode="plain")
    t = 'con <- DBI::dbConnect(RPostgres::Postgres(),\n  host = "%s", dbname = "statistik",\n  user = "analyse", password = "%s")' % (_host("pg"), pw)
    return t, pw, 'dbname = "statistik"'


@_f(G, "scala-database-forurl")
def _():
    pw = _pw(mode="plain")
    t = 'val db = Database.forURL("jdbc:postgresql://%s/events", user = "events", password = "%s", driver = "org.postgresql.Driver")' % (_host("pg"), pw)
    return t, pw, 'driver = "org.postgresql.Driver"'


@_f(G, "elixir-config-exs")
def _():
    pw = _pw(mode="plain")
    t = "config :kassa, Kassa.Repo,\n  username: \"kassa\",\n  password: \"%s\",\n  hostname: \"%s\",\n  pool_size: 10" % (pw, _host("pg"))
    return t, pw, "config :kassa, Kassa.Repo,"


@_f(G, "lua-openresty-local-secret")
def _():
    k = _tok(40, _ALNUM)
    t = 'local jwt = require "resty.jwt"\nlocal secret = "%s"\nlocal verified = jwt:verify(secret, token)' % k
    return t, k, 'local jwt = require "resty.jwt"'


@_f(G, "c-define-macro")
def _():
    k = _tok(24, _ALNUM)
    t = "/* firmware/config.h – Kassenterminal */\n#define MQTT_HOST \"mqtt.%s\"\n#define MQTT_PASS \"%s\"\n#define MQTT_PORT 8883" % (_dom(), k)
    return t, k, "#define MQTT_PORT 8883"


@_f(G, "cpp-std-string-literal")
def _():
    pw = _pw(mode="plain")
    t = 'const std::string kWifiSsid = "Lager-IoT";\nconst std::string kWifiPass = "%s";' % pw
    return t, pw, 'kWifiSsid = "Lager-IoT"'


@_f(G, "perl-dbi-connect")
def _():
    pw = _pw(mode="plain")
    t = 'my $dbh = DBI->connect("DBI:mysql:database=lager;host=%s", "lager", "%s", { RaiseError => 1 });' % (_host("mysql"), pw.replace("@", "\\@"))
    return t, pw.replace("@", "\\@"), "RaiseError => 1"


@_f(G, "vba-excel-connection-string")
def _():
    pw = _pw(mode="url")
    t = "' Makro: Umsätze aus der Fibu holen\nconn.Open \"Driver={PostgreSQL Unicode};Server=%s;Database=fibu;Uid=excel;Pwd=%s;\"" % (_host("pg"), pw)
    return t, pw, "Makro: Umsätze aus der Fibu holen"


@_f(G, "python-jwt-encode-hs256")
def _():
    k = _tok(_n(32, 48), _ALNUM + "-_")
    t = 'token = jwt.encode({"sub": user.id, "exp": exp}, "%s", algorithm="HS256")' % k
    return t, k, 'algorithm="HS256"'


@_f(G, "python-hmac-new-adyen")
def _():
    k = _adyen_hmac()
    t = "HMAC_KEY = bytes.fromhex(\"%s\")\nexpected = base64.b64encode(hmac.new(HMAC_KEY, payload, hashlib.sha256).digest())" % k
    return t, k, "hashlib.sha256"


@_f(G, "js-crypto-createhmac")
def _():
    k = _tok(32, _ALNUM)
    t = "const sig = crypto\n  .createHmac('sha256', '%s')\n  .update(rawBody)\n  .digest('hex'); // Sendcloud webhook" % k
    return t, k, "Sendcloud webhook"


@_f(G, "java-keystore-load-password")
def _():
    pw = _pw(mode="plain")
    t = 'KeyStore ks = KeyStore.getInstance("PKCS12");\nks.load(new FileInputStream("/etc/bankid/rp.p12"), "%s".toCharArray());' % pw
    return t, pw, 'KeyStore.getInstance("PKCS12")'


@_f(G, "python-zeep-wsse-usernametoken")
def _():
    pw = _pw(mode="plain")
    t = "from zeep.wsse.username import UsernameToken\nclient = Client(WSDL, wsse=UsernameToken('%s', '%s'))" % (_s(8, _UPNUM), pw)
    return t, pw, "from zeep.wsse.username import UsernameToken"


@_f(G, "python-paramiko-connect")
def _():
    pw = _pw(mode="plain")
    t = "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect('%s', username='root', password='%s')" % (_ip(), pw)
    return t, pw, "paramiko.AutoAddPolicy()"


@_f(G, "python-ftplib-login")
def _():
    pw = _pw(mode="plain")
    t = "ftp = FTP_TLS('ftp.%s')\nftp.login('rechnungen', '%s')\nftp.prot_p()" % (_dom(), pw)
    return t, pw, "ftp.prot_p()"


@_f(G, "python-smtplib-login")
def _():
    pw = _pw(mode="plain")
    t = "with smtplib.SMTP('mail.infomaniak.com', 587) as s:\n    s.starttls()\n    s.login('alerts@%s', '%s')" % (_dom(), pw)
    return t, pw, "s.starttls()"


@_f(G, "python-imaplib-login")
def _():
    pw = _pw(mode="plain")
    t = "M = imaplib.IMAP4_SSL('imap.%s')\nM.login('faktura@%s', '%s')\nM.select('INBOX')" % (_dom(), _dom(), pw)
    return t, pw, "M.select('INBOX')"


@_f(G, "java-drivermanager-getconnection")
def _():
    pw = _pw(mode="plain")
    t = 'Connection c = DriverManager.getConnection(\n    "jdbc:mysql://%s:3306/shop", "shop", "%s");' % (_host("mysql"), pw)
    return t, pw, "Connection c = DriverManager.getConnection("


@_f(G, "docstring-example-with-real-key")
def _():
    k = _deepl()
    t = '    """Translate product texts.\n\n    Example:\n        >>> translate("Fahrrad", target="FR", auth_key="%s")\n        \'vélo\'\n    """' % k
    return t, k, "Translate product texts."


@_f(G, "code-comment-todo-remove")
def _():
    pw = _pw()
    t = "    # TODO vor dem Merge entfernen!! Test-Login Portal: admin / %s\n    login(driver, user=os.environ['PORTAL_USER'])" % pw
    return t, pw, "login(driver, user=os.environ['PORTAL_USER'])"


@_f(G, "test-fixture-json-token")
def _():
    k = _c([_xoxb, _xoxp])()
    t = 'tests/fixtures/slack_config.json:\n{\n  "channel": "#deploys",\n  "bot_token": "%s",\n  "username": "deploy-bot"\n}' % k
    return t, k, '"channel": "#deploys"'


@_f(G, "python-headers-dict-subscription-key")
def _():
    k = _vipps_sub()
    t = 'HEADERS = {\n    "Ocp-Apim-Subscription-Key": "%s",\n    "Vipps-System-Name": "kasse-backend",\n}' % k
    return t, k, '"Vipps-System-Name": "kasse-backend",'


@_f(G, "python-requests-pkcs12-password")
def _():
    pw = _pw(mode="plain")
    t = "r = requests_pkcs12.post(\n    SWISH_URL, json=payload,\n    pkcs12_filename='certs/swish_merchant.p12',\n    pkcs12_password='%s',\n)" % pw
    return t, pw, "pkcs12_filename='certs/swish_merchant.p12',"


@_f(G, "csharp-x509certificate2-password")
def _():
    pw = _pw(mode="plain")
    t = 'var cert = new X509Certificate2("certs/FPTestcert4_20230629.p12", "%s");\nhandler.ClientCertificates.Add(cert);' % pw
    return t, pw, "handler.ClientCertificates.Add(cert);"


@_f(G, "java-oauth2-client-builder")
def _():
    sec = _tok(_n(32, 48), _ALNUM + "-_")
    t = 'ClientRegistration.withRegistrationId("itsme")\n    .clientId("%s")\n    .clientSecret("%s")\n    .authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)' % (_s(10, _UPNUM), sec)
    return t, sec, 'ClientRegistration.withRegistrationId("itsme")'


@_f(G, "js-env-fallback-or")
def _():
    k = _tok(_n(40, 64), _ALNUM)
    t = "const storyblokToken = process.env.STORYBLOK_TOKEN || '%s';" % k
    return t, k, "process.env.STORYBLOK_TOKEN"


@_f(G, "ts-angular-environment")
def _():
    k = _tok(40, _ALNUM + "-_")
    t = "export const environment = {\n  production: true,\n  apiUrl: 'https://api.%s',\n  cloudflareApiToken: '%s',\n};" % (_dom(), k)
    return t, k, "production: true,"


@_f(G, "python-pydantic-settings-default")
def _():
    k = _tok(32, _HEXL)
    t = "class Settings(BaseSettings):\n    sevdesk_api_token: str = \"%s\"\n    model_config = SettingsConfigDict(env_file=\".env\")" % k
    return t, k, 'model_config = SettingsConfigDict(env_file=".env")'


@_f(G, "groovy-gradle-signing-config")
def _():
    pw = _pw(mode="plain")
    t = "signingConfigs {\n    release {\n        storeFile file('release.keystore')\n        storePassword '%s'\n        keyAlias 'upload'\n        keyPassword '%s'\n    }\n}" % (pw, pw)
    return t, pw, "keyAlias 'upload'"


@_f(G, "python-itsme-jwk-private-d")
def _():
    d = _fb64u(32)
    t = 'PRIVATE_JWK = {\n    "kty": "EC", "crv": "P-256", "kid": "itsme-sig-%d",\n    "x": "%s", "y": "%s",\n    "d": "%s",\n}' % (
        _n(1, 9), _b64u(32), _b64u(32), d)
    return t, d, '"kty": "EC", "crv": "P-256"'


@_f(G, "python-inline-pem-private-key")
def _():
    pem, body = _pem("EC PRIVATE KEY", 121)
    t = 'QSEAL_KEY = """%s"""\nsigner = load_pem_private_key(QSEAL_KEY.encode(), None)' % pem
    return t, body, "load_pem_private_key"


# ==================================================== stack-trace-or-log ====
G = "stack-trace-or-log"


@_f(G, "python-traceback-psycopg-dsn-local")
def _():
    pw = _pwu()
    h = _host("pg")
    t = ('Traceback (most recent call last):\n  File "/app/sync/jobs.py", line 48, in run\n    conn = psycopg.connect(dsn)\n'
         '  ...\npsycopg.OperationalError: connection failed: FATAL:  password authentication failed for user "etl"\n'
         'Locals: dsn = \'postgresql://etl:%s@%s/dwh\'') % (pw, h)
    return t, pw, h


@_f(G, "django-debug-page-settings-dump")
def _():
    pw = _pw(mode="plain")
    t = ("DATABASES\n{'default': {'ENGINE': 'django.db.backends.postgresql', 'HOST': '%s', 'NAME': 'portal',\n"
         "             'PASSWORD': '%s', 'PORT': '5432', 'USER': 'portal'}}") % (_host("pg"), pw)
    return t, pw, "'ENGINE': 'django.db.backends.postgresql'"


@_f(G, "java-exception-jdbc-url-password-param")
def _():
    pw = _pwu()
    t = ("org.postgresql.util.PSQLException: Connection to %s:5432 refused.\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:342)\n"
         "Caused by: url=jdbc:postgresql://%s:5432/sepa?user=sepa_app&password=%s&ssl=true") % (_host("pg"), _host("pg"), pw)
    return t, pw, "org.postgresql.util.PSQLException"


@_f(G, "spring-boot-env-dump-log")
def _():
    k = _tok(36, _ALNUM)
    t = "%s DEBUG 1 --- [main] o.s.b.c.c.ConfigDataEnvironment : Property 'psd2.client.secret' = '%s' (from application-prod.yml)" % (
        _date() + " " + _time(), k)
    return t, k, "o.s.b.c.c.ConfigDataEnvironment"


@_f(G, "nginx-access-log-access-token-query")
def _():
    k = _tok(43, _B64U)
    ip = _pubip()
    t = '%s - - [12/Mar/2025:10:%02d:11 +0100] "GET /api/export.csv?access_token=%s&month=2025-02 HTTP/2.0" 200 48213 "-" "python-requests/2.32.3"' % (ip, _n(0, 59), k)
    return t, k, "/api/export.csv"


@_f(G, "apache-access-log-api-key-param")
def _():
    k = _hex32()
    t = '%s - - [03/Feb/2025:08:14:%02d +0100] "POST /webhook/sendcloud?api_key=%s HTTP/1.1" 204 - "-" "Sendcloud/2.0"' % (_pubip(), _n(0, 59), k)
    return t, k, "/webhook/sendcloud"


@_f(G, "nginx-error-log-upstream-token")
def _():
    k = _tok(40, _ALNUM)
    t = ('%s [error] 1234#1234: *%d upstream timed out (110: Connection timed out) while reading response header from upstream, '
         'client: %s, server: api.%s, request: "GET /v1/sync?token=%s HTTP/1.1", upstream: "http://127.0.0.1:8000/v1/sync"') % (
        "2025/%02d/%02d %s" % (_n(1, 12), _n(1, 28), _time()), _n(1000, 99999), _pubip(), _dom(), k)
    return t, k, "upstream timed out"


@_f(G, "python-requests-debug-headers-dict")
def _():
    k = _c([_anthropic, _openai])()
    t = "DEBUG:httpx:Request headers: {'host': 'api.example.ai', 'authorization': 'Bearer %s', 'content-type': 'application/json'}" % k
    return t, k, "DEBUG:httpx:Request headers"


@_f(G, "urllib3-send-wire-basic")
def _():
    pw = _pw(mode="url")
    b = _b64txt("%s:%s" % (_c(["api_fortnox", "tripletex-sync", "ebics"]), pw))
    _SEEN.add(b)
    t = "send: b'GET /v2/invoices HTTP/1.1\\r\\nHost: api.%s\\r\\nAuthorization: Basic %s\\r\\nAccept: */*\\r\\n\\r\\n'\nreply: 'HTTP/1.1 200 OK\\r\\n'" % (_dom(), b)
    return t, b, "reply: 'HTTP/1.1 200 OK"


@_f(G, "node-axios-error-config-dump")
def _():
    k = _mollie_access()
    t = ("AxiosError: Request failed with status code 422\n    at settle (node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n"
         "    url: 'https://api.mollie.com/v2/payments',\n    headers: {\n      Authorization: 'Bearer %s',\n      'User-Agent': 'axios/1.7.2'\n    }\n  }") % k
    return t, k, "AxiosError: Request failed with status code 422"


@_f(G, "go-panic-dsn-in-message")
def _():
    pw = _pwu()
    t = ('panic: dial tcp: lookup %s: no such host (dsn="kasse:%s@tcp(%s:3306)/kasse")\n\ngoroutine 1 [running]:\nmain.mustDB(...)\n\t/src/cmd/api/main.go:57 +0x1c5') % (
        "mysql-prod", pw, "mysql-prod")
    return t, pw, "goroutine 1 [running]:"


@_f(G, "rust-panic-debug-struct")
def _():
    pw = _pw(mode="plain")
    t = ("thread 'main' panicked at src/config.rs:41:10:\ncalled `Result::unwrap()` on an `Err` value: InvalidConfig(Smtp { host: \"smtp.%s\", "
         "user: \"noreply\", password: \"%s\", port: 465 })") % (_dom(), pw)
    return t, pw, "thread 'main' panicked at src/config.rs:41:10"


@_f(G, "php-stack-pdo-construct-args")
def _():
    pw = _pw(mode="plain")
    t = ("PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/shop/lib/Db.php:23\n"
         "Stack trace:\n#0 /var/www/shop/lib/Db.php(23): PDO->__construct('mysql:host=db;d...', 'shop', '%s', Array)\n#1 {main}") % pw
    return t, pw, "/var/www/shop/lib/Db.php"


@_f(G, "laravel-log-request-payload")
def _():
    pw = _pw()
    t = '[%s %s] production.ERROR: Login via SSO fehlgeschlagen {"payload":{"email":"%s@%s","password":"%s","remember":true}}' % (
        _date(), _time(), _who("de").lower(), _dom("de"), pw)
    return t, pw, "production.ERROR: Login via SSO fehlgeschlagen"


@_f(G, "compose-up-log-env-echo")
def _():
    pw = _pwu()
    t = "api-1  | %s INFO  Starting with DATABASE_URL=postgres://api:%s@db:5432/api\napi-1  | %s INFO  Listening on :8080" % (_time(), pw, _time())
    return t, pw, "Listening on :8080"


@_f(G, "journalctl-execstart-password-arg")
def _():
    pw = _pw(mode="url")
    d = "Mar 0%d 03:00:%02d" % (_n(1, 9), _n(0, 58))
    t = "%s fsn1-web-2 systemd[1]: Started backup.service - nightly dump.\n%s fsn1-web-2 backup.sh[%d]: + mysqldump -ubackup -p%s --all-databases" % (
        d, d, _n(1000, 99999), pw)
    return t, pw, "Started backup.service - nightly dump."


@_f(G, "syslog-sudo-command")
def _():
    pw = _pw(mode="url")
    t = "Apr  %d %s stg-db sudo: jonas : TTY=pts/0 ; PWD=/home/jonas ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p%s -e SHOW DATABASES" % (_n(1, 28), _time(), pw)
    return t, pw, "TTY=pts/0"


@_f(G, "json-structured-log-field")
def _():
    pw = _pw()
    t = json.dumps({"ts": _ts(), "level": "debug", "logger": "ebics.client", "msg": "INI sent", "user_id": _s(8, _UPNUM),
                    "host_id": "EBIXQUAL", "keystore_password": pw})
    return t, pw, '"logger": "ebics.client"'


@_f(G, "logfmt-client-secret")
def _():
    sec = _tok(40, _ALNUM)
    t = 'ts=%s level=debug caller=oauth.go:88 msg="token request" client_id=%s client_secret=%s grant_type=client_credentials' % (_ts(), _uuid(), sec)
    return t, sec, 'msg="token request"'


@_f(G, "sentry-breadcrumb-url-token")
def _():
    k = _tok(32, _HEXL)
    t = "Breadcrumbs:\n  %s http GET https://api.pipedrive.com/v1/deals?api_token=%s [200]\n  %s ui.click button#export" % (_time(), k, _time())
    return t, k, "ui.click button#export"


@_f(G, "oauth-callback-log-refresh-token")
def _():
    k = _fb64u(48, prefix="oa_prod_")
    t = "%s INFO  revolut.oauth: exchanged code, stored refresh_token=%s expires_in=2399" % (_ts(), k)
    return t, k, "revolut.oauth: exchanged code"


@_f(G, "ansible-vvv-task-result")
def _():
    pw = _pw()
    t = 'ok: [fibu01] => {\n    "ansible_facts": {\n        "ansible_password": "%s",\n        "ansible_user": "Administrator"\n    },\n    "changed": false\n}' % pw
    return t, pw, "ok: [fibu01] =>"


@_f(G, "terraform-tf-log-debug-request")
def _():
    k = _hcloud()
    t = "%s [DEBUG] provider.terraform-provider-hcloud: ---[ REQUEST ]---\nGET /v1/servers?page=1 HTTP/1.1\nHost: api.hetzner.cloud\nAuthorization: Bearer %s\nUser-Agent: hcloud-go/2.10.2" % (_ts(), k)
    return t, k, "Host: api.hetzner.cloud"


@_f(G, "kafka-connect-config-log")
def _():
    pw = _pw()
    t = "[%s,%03d] INFO JdbcSinkConfig values:\n\tconnection.url = jdbc:postgresql://%s:5432/dwh\n\tconnection.user = kafka_sink\n\tconnection.password = %s\n\tinsert.mode = upsert" % (
        _date() + " " + _time(), _n(0, 999), _host("pg"), pw)
    return t, pw, "insert.mode = upsert"


@_f(G, "celery-broker-url-startup")
def _():
    pw = _pwu()
    t = " -------------- celery@worker-1 v5.4.0 (opalescent)\n- ** ---------- .> transport:   amqp://celery:%s@%s:5672//\n- ** ---------- .> results:     redis://%s:6379/1" % (
        pw, _host("mq"), _host("cache"))
    return t, pw, "celery@worker-1 v5.4.0"


@_f(G, "redis-connection-error-url")
def _():
    pw = _pwu()
    t = "redis.exceptions.ConnectionError: Error 111 connecting to rediss://default:%s@%s:6380/0. Connection refused." % (pw, _host("cache"))
    return t, pw, "redis.exceptions.ConnectionError"


@_f(G, "mongo-driver-error-uri")
def _():
    pw = _pwu()
    t = "MongoServerSelectionError: getaddrinfo ENOTFOUND mongo-1\n    uri: 'mongodb://events:%s@mongo-1:27017,mongo-2:27017/events?replicaSet=rs0'" % pw
    return t, pw, "MongoServerSelectionError"


@_f(G, "smtp-debug-auth-plain")
def _():
    pw = _pw()
    b = _b64txt("\0noreply@%s\0%s" % ("kasse.example", pw))
    _SEEN.add(b)
    t = "send: 'ehlo [127.0.1.1]\\r\\n'\nreply: b'250-smtp.kasse.example'\nsend: 'AUTH PLAIN %s\\r\\n'\nreply: b'235 2.7.0 Authentication successful'" % b
    return t, b, "235 2.7.0 Authentication successful"


@_f(G, "imap-debug-login-command")
def _():
    pw = _pw(mode="url")
    t = "  %s.%02d a0001 LOGIN \"belege@%s\" \"%s\"\n  %s.%02d a0001 OK LOGIN completed" % (_time(), _n(0, 99), _dom(), pw, _time(), _n(0, 99))
    return t, pw, "OK LOGIN completed"


@_f(G, "ftp-debug-pass-command")
def _():
    pw = _pw(mode="url")
    t = "*cmd* 'USER datev_upload'\n*resp* '331 Password required for datev_upload'\n*cmd* 'PASS %s'\n*resp* '230 User datev_upload logged in'" % pw
    return t, pw, "*cmd* 'USER datev_upload'"


@_f(G, "ldap-bind-debug-log")
def _():
    pw = _pw()
    t = "%s DEBUG ldap3: BIND request <{'name': 'cn=gitea,ou=services,dc=firma,dc=local', 'password': '%s', 'authentication': 'SIMPLE'}>" % (_ts(), pw)
    return t, pw, "'authentication': 'SIMPLE'"


@_f(G, "soap-request-log-wsse-password")
def _():
    pw = _pw(mode="url")
    t = ("DEBUG SOAP request:\n<soapenv:Header><wsse:Security><wsse:UsernameToken>\n  <wsse:Username>%s</wsse:Username>\n"
         "  <wsse:Password Type=\"...#PasswordText\">%s</wsse:Password>\n</wsse:UsernameToken></wsse:Security></soapenv:Header>") % (_s(10, _UPNUM), pw)
    return t, pw, "DEBUG SOAP request:"


@_f(G, "psd2-consent-log-bearer")
def _():
    k = _jwt(iss="https://psd2.bank.example", nsig=342)
    t = "%s DEBUG psd2.ais GET /v1/accounts?withBalance=true Consent-ID=%s Authorization=Bearer %s" % (_ts(), _uuid(), k)
    return t, k, "psd2.ais GET /v1/accounts?withBalance=true"


@_f(G, "klarna-http-client-log")
def _():
    pw = _tok(_n(16, 24), _ALNUM)
    t = "[klarna-sdk] -> POST https://api.klarna.com/ordermanagement/v1/orders/%s/captures user=PK%d_%s pass=%s" % (_uuid(), _n(10000, 99999), _hex(12), pw)
    return t, pw, "[klarna-sdk] -> POST"


@_f(G, "adyen-api-request-log-header")
def _():
    k = _adyen_key()
    t = "%s TRACE com.adyen.httpclient: Request headers: {Content-Type=application/json, x-api-key=%s, Idempotency-Key=%s}" % (_ts(), k, _uuid())
    return t, k, "com.adyen.httpclient"


@_f(G, "swish-cert-load-error")
def _():
    pw = _pw()
    t = "%s ERROR SwishClient: could not open /etc/swish/merchant.p12 with passphrase '%s': mac verify failure" % (_ts(), pw)
    return t, pw, "mac verify failure"


@_f(G, "npm-err-authtoken-url")
def _():
    k = _npm()
    t = "npm ERR! code E401\nnpm ERR! 401 Unauthorized - GET https://registry.npmjs.org/@kasse%%2fui - [//registry.npmjs.org/:_authToken=%s]" % k
    return t, k, "npm ERR! code E401"


@_f(G, "maven-debug-server-password")
def _():
    pw = _pw(mode="url")
    t = "[DEBUG] Using mirror nexus (https://nexus.%s/repository/maven-public/) for central.\n[DEBUG]   (f) password = %s\n[DEBUG]   (f) username = deployer" % (_dom(), pw)
    return t, pw, "(f) username = deployer"


@_f(G, "docker-build-log-arg")
def _():
    k = _c([_gh_classic, _npm])()
    t = " => [builder 4/9] RUN --mount=type=cache,target=/root/.npm NPM_TOKEN=%s npm ci   34.2s\n => [builder 5/9] COPY . .   0.3s" % k
    return t, k, "[builder 5/9] COPY . ."


@_f(G, "nginx-debug-cookie-header")
def _():
    k = _tok(52, _B64U + ".")
    t = "%s [debug] 31#31: *7 http header: \"Cookie: lang=fr; PHPSESSID=%s\"" % ("2025/%02d/%02d %s" % (_n(1, 12), _n(1, 28), _time()), k)
    return t, k, 'http header: "Cookie: lang=fr;'


@_f(G, "haproxy-captured-authorization")
def _():
    k = _tok(40, _ALNUM)
    t = "haproxy[2211]: %s:51234 [%s] fe_https be_api/api1 0/0/1/12/13 200 512 - - ---- 3/3/0/0/0 0/0 {Bearer %s} \"GET /v2/orders HTTP/1.1\"" % (
        _pubip(), "12/Mar/2025:10:11:12.345", k)
    return t, k, "fe_https be_api/api1"


@_f(G, "python-logging-settings-repr")
def _():
    k = _ovh_as()
    t = "INFO:dnsupdate:Loaded settings: Settings(endpoint='ovh-eu', application_key='%s', application_secret='%s', zone='%s')" % (_ovh_ak(), k, _dom("fr"))
    return t, k, "INFO:dnsupdate:Loaded settings"


@_f(G, "airflow-task-log-connection")
def _():
    pw = _pwu()
    t = "[%s] {base.py:84} INFO - Using connection ID 'dwh' for task execution.\n[%s] {sql.py:511} INFO - Running statement: COPY ... (uri postgres://airflow:%s@%s:5432/dwh)" % (
        _ts(), _ts(), pw, _host("pg"))
    return t, pw, "Using connection ID 'dwh' for task execution."


@_f(G, "pm2-log-env-line")
def _():
    k = _telegram()
    t = "0|notifier | %s: boot with TELEGRAM_BOT_TOKEN=%s chat=-100%d" % (_ts(), k, _n(10 ** 9, 10 ** 10))
    return t, k, "0|notifier |"


@_f(G, "powershell-transcript-securestring")
def _():
    pw = _pw(mode="plain")
    t = "**********************\nPS C:\\Skripte> $pw = ConvertTo-SecureString '%s' -AsPlainText -Force\nPS C:\\Skripte> Import-PfxCertificate -FilePath .\\elster.pfx -Password $pw -CertStoreLocation Cert:\\LocalMachine\\My" % pw
    return t, pw, "Import-PfxCertificate -FilePath .\\elster.pfx"


@_f(G, "tomcat-catalina-resource-log")
def _():
    pw = _pw(mode="url")
    t = "WARNING [main] org.apache.tomcat.util.IntrospectionUtils.setProperty Failed to set property [password] to [%s] for [jdbc/fibu]" % pw
    return t, pw, "org.apache.tomcat.util.IntrospectionUtils.setProperty"


@_f(G, "rails-log-unfiltered-param")
def _():
    k = _tok(32, _HEXL)
    t = 'Started POST "/integrations/lexoffice" for %s at %s\n  Parameters: {"integration"=>{"name"=>"lexoffice", "api_key"=>"%s", "password"=>"[FILTERED]"}}' % (_pubip(), _date(), k)
    return t, k, '"password"=>"[FILTERED]"'


@_f(G, "graphql-log-variables-token")
def _():
    k = _shpat()
    t = '%s debug gql op=connectStore variables={"shop":"%s.myshopify.com","accessToken":"%s"}' % (_ts(), _company(), k)
    return t, k, "op=connectStore"


@_f(G, "websocket-url-token-log")
def _():
    k = _jwt(nsig=43, alg="HS256")
    t = "%s INFO ws: client connected wss://live.%s/socket?token=%s&vsn=2.0.0" % (_ts(), _dom(), k)
    return t, k, "ws: client connected"


@_f(G, "presigned-s3-url-log-signature")
def _():
    url, sig = _signed_s3("s3.fr-par.scw.cloud", "rechnungen-prod", "2025/03/RE-%d.pdf" % _n(10000, 99999))
    t = "%s INFO  pdf.export: uploaded, download link %s" % (_ts(), url)
    return t, sig, "pdf.export: uploaded"


@_f(G, "azure-sas-url-log-sig")
def _():
    sig = _fresh(lambda: _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"))
    t = "%s INFO upload ok https://%sstore.blob.core.windows.net/exports/lohn.zip?sv=2022-11-02&ss=b&srt=o&sp=r&se=2025-04-01T00:00:00Z&spr=https&sig=%s" % (_ts(), _company().replace("-", "")[:12], sig)
    return t, sig, "sv=2022-11-02"


@_f(G, "gcs-signed-url-log-signature")
def _():
    sig = _fhex(512)
    t = "%s DEBUG signed url: https://storage.googleapis.com/%s-exports/q1.csv?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=exporter%%40proj.iam.gserviceaccount.com%%2F20250312%%2Feurope-west3%%2Fstorage%%2Fgoog4_request&X-Goog-Date=20250312T101500Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=%s" % (_ts(), _company(), sig)
    return t, sig, "X-Goog-Algorithm=GOOG4-RSA-SHA256"


@_f(G, "ovh-swift-tempurl-log-sig")
def _():
    sig = _fhex(40)
    t = "%s INFO share link created: https://storage.gra.cloud.ovh.net/v1/AUTH_%s/partage/contrat.pdf?temp_url_sig=%s&temp_url_expires=%d" % (_ts(), _hex(32), sig, 1740000000 + _n(0, 9999999))
    return t, sig, "share link created"


@_f(G, "java-stacktrace-keystore-password-prop")
def _():
    pw = _pw(mode="url")
    t = ("java.io.IOException: keystore password was incorrect\n\tat java.base/sun.security.pkcs12.PKCS12KeyStore.engineLoad(PKCS12KeyStore.java:2116)\n"
         "\tat no.fjordlys.vipps.CertLoader.load(CertLoader.java:31)\nSystem properties: -Djavax.net.ssl.keyStorePassword=%s -Djavax.net.ssl.keyStoreType=PKCS12") % pw
    return t, pw, "keystore password was incorrect"


@_f(G, "gunicorn-env-dump-on-boot")
def _():
    k = _tok(32, _HEXL)
    d = _date()
    t = "[%s +0000] [1] [INFO] Starting gunicorn 22.0.0\n[%s +0000] [7] [DEBUG] env: {'QONTO_SECRET_KEY': '%s', 'QONTO_LOGIN': '%s-%d'}" % (
        "%s 06:00:01" % d, "%s 06:00:02" % d, k, _company(), _n(1000, 9999))
    return t, k, "Starting gunicorn 22.0.0"


@_f(G, "k8s-event-failed-pull-creds")
def _():
    pw = _glpat()
    t = "Warning  Failed     12s   kubelet  Failed to pull image \"registry.gitlab.%s/kasse/api:1.8.2\": failed to authorize: basic auth deploy:%s rejected" % (_dom(), pw)
    return t, pw, "Failed to pull image"


@_f(G, "webhook-delivery-log-url-secret")
def _():
    k = _tok(32, _ALNUM)
    t = "%s WARN webhooks: delivery #%d to https://hooks.%s/incoming/%s failed (HTTP 502), retry in 60s" % (_ts(), _n(1000, 99999), _dom(), k)
    return t, k, "failed (HTTP 502), retry in 60s"


@_f(G, "mattermost-webhook-log")
def _():
    k = _tok(26, _LOWNUM)
    t = "%s INFO notify: POST https://chat.%s/hooks/%s -> 200 (channel=drift)" % (_ts(), _dom(), k)
    return t, k, "(channel=drift)"


@_f(G, "uwsgi-request-log-password-query")
def _():
    pw = _pw(mode="url")
    t = "[pid: 14|app: 0|req: 88/301] %s () {40 vars in 612 bytes} [%s] GET /legacy/login?user=kasse1&pass=%s => generated 0 bytes in 3 msecs (HTTP/1.1 302)" % (_pubip(), _date(), pw)
    return t, pw, "/legacy/login?user=kasse1"


@_f(G, "bankid-test-log-cert-password")
def _():
    pw = _pw()
    t = "%s WARN  bankid.rp: loading RP certificate FPTestcert5.p12 (password=%s) for appapi.test.bankid.com" % (_ts(), pw)
    return t, pw, "appapi.test.bankid.com"


@_f(G, "python-warning-insecure-default-key")
def _():
    k = _tok(_n(40, 50), _ALNUM + "!@#%^&*-_")
    t = "UserWarning: SECRET_KEY loaded from default in settings/base.py: '%s' – set DJANGO_SECRET_KEY in production\n  warnings.warn(msg)" % k
    return t, k, "warnings.warn(msg)"


@_f(G, "keycloak-admin-event-log-secret")
def _():
    sec = _tok(32, _ALNUM)
    t = '%s INFO  [org.keycloak.events] type=CLIENT_UPDATE realmId=portal clientId=erp-sync representation={"clientId":"erp-sync","secret":"%s","publicClient":false}' % (_ts(), sec)
    return t, sec, "type=CLIENT_UPDATE"


@_f(G, "jenkins-console-echo-password")
def _():
    pw = _pw(mode="url")
    t = "[Pipeline] sh\n+ echo 'connecting with sftp-user elster / %s'\nconnecting with sftp-user elster / %s\n[Pipeline] }" % (pw, pw)
    return t, pw, "[Pipeline] sh"


@_f(G, "grafana-datasource-provisioning-log")
def _():
    pw = _pw()
    t = 'logger=provisioning.datasources t=%s level=debug msg="inserting datasource from configuration" name=Postgres-DWH user=grafana_ro password=%s' % (_ts(), pw)
    return t, pw, "logger=provisioning.datasources"


# ========================================================== note-or-chat ====
G = "note-or-chat"


def _chat(lang, a=None, b=None):
    a = a or _who(lang)
    b = b or _who(lang)
    while b == a:
        b = _who(lang)
    return a, b


# ---- German
@_f(G, "german-vacation-handover-db-password")
def _():
    pw, h, u = _pw(lang="de"), _host("pg", "de"), _user()
    t = ("Übergabe (ich bin ab Montag zwei Wochen im Urlaub):\n- Staging-Postgres: %s\n- User: %s / Passwort: %s\n"
         "- Bitte nach dem Release rotieren und im Passwortsafe nachtragen!") % (h, u, pw)
    return t, pw, h


@_f(G, "german-slack-thread-storagebox-password")
def _():
    a, b = _chat("de")
    pw = _pw(lang="de")
    t = "%s: @%s kannst du mir nochmal das Passwort für die Storage Box schicken? Der Restic-Job hängt.\n%s: klar → %s (aber bitte nicht ins Confluence kopieren 🙈)" % (a, b, b, pw)
    return t, pw, "Der Restic-Job hängt."


@_f(G, "german-jira-comment-mollie-live-key")
def _():
    k = _mollie_live()
    tk = _ticket()
    t = "%s – Kommentar von %s:\nMollie Live-Key für den Onlineshop ist freigeschaltet: %s\nGilt ab Montag, alter Test-Key kann dann raus." % (tk, _who("de"), k)
    return t, k, tk


@_f(G, "german-commit-message-elster-pin")
def _():
    pw = _pw(_c(["word", "initials", "random"]), "de")
    t = "commit %s\nAuthor: %s <dev@%s>\n\n    fix(elster): Softwarezertifikat neu eingebunden\n\n    PIN für das neue .pfx ist %s, liegt noch nicht im Vault." % (_sha(), _who("de"), _dom("de"), pw)
    return t, pw, "fix(elster): Softwarezertifikat neu eingebunden"


@_f(G, "german-meeting-minutes-datev-secret")
def _():
    sec = _hex32()
    t = "Protokoll Weekly %s\nTOP 3 DATEV-Schnittstelle: Client-Secret vom Steuerbüro erhalten: %s\nTODO (%s): Secret in Vault ablegen und aus diesem Protokoll löschen." % (_date(), sec, _who("de"))
    return t, sec, "TOP 3 DATEV-Schnittstelle"


# ---- French
@_f(G, "french-handover-recette-password")
def _():
    pw, h = _pw(lang="fr"), _host("pg", "fr")
    t = "Passation avant congés :\n- base de recette : %s\n- utilisateur `%s`, mot de passe `%s`\n- à changer après la mise en prod, merci !" % (h, _user(), pw)
    return t, pw, h


@_f(G, "french-chat-ovh-manager-mdp")
def _():
    a, b = _chat("fr")
    pw = _pw(lang="fr")
    t = "%s : salut %s, tu as le mdp du compte OVH de secours ?\n%s : oui c'est %s — je l'ai noté nulle part ailleurs, fais gaffe" % (a, b, b, pw)
    return t, pw, "compte OVH de secours"


@_f(G, "french-ticket-franceconnect-secret")
def _():
    sec = _hex64()
    t = "Ticket #%d (FranceConnect – intégration)\nLa clé secrète de l'environnement d'intégration est : %s\nÀ mettre dans le coffre avant vendredi, puis supprimer ce commentaire." % (_n(1000, 9999), sec)
    return t, sec, "FranceConnect – intégration"


@_f(G, "french-commit-scaleway-temp-key")
def _():
    sec = _fuuid()
    t = "chore: ajout clé Scaleway temporaire pour tester le bucket\n\nSCW_SECRET_KEY=%s (à révoquer après la démo de jeudi)" % sec
    return t, sec, "ajout clé Scaleway temporaire"


@_f(G, "french-mail-prestataire-identifiants")
def _():
    pw = _pw(lang="fr")
    t = ("Bonjour %s,\n\nVoici vos identifiants pour l'espace SFTP de dépôt des relevés :\nIdentifiant : %s\nMot de passe : %s\n\n"
         "Cordialement,\n%s – Service informatique") % (_who("fr"), _c(["releves_%d" % _n(100, 999), "cpta-ext"]), pw, _who("fr"))
    return t, pw, "Service informatique"


# ---- Dutch
@_f(G, "dutch-handover-mollie-testkey")
def _():
    k = _mollie_test()
    t = "Overdracht: de Mollie testkey staat nog niet in de vault. Voorlopig: %s\nGraag zo snel mogelijk verplaatsen, %s." % (k, _who("nl"))
    return t, k, "staat nog niet in de vault"


@_f(G, "dutch-teams-chat-acceptatie-wachtwoord")
def _():
    a, b = _chat("nl")
    pw = _pw(lang="nl")
    t = "[Teams] %s: Hoi %s, wachtwoord voor de acceptatie-db is %s\n[Teams] %s: top, dank je! Deel ik niet buiten het team." % (a, b, pw, b)
    return t, pw, "acceptatie-db"


@_f(G, "dutch-digid-pkio-certificaat-wachtwoord")
def _():
    pw = _pw(lang="nl")
    t = "DigiD-koppeling (Logius): PKIoverheid-certificaat staat op de share, wachtwoord van de .p12 = %s (gekregen van de leverancier)." % pw
    return t, pw, "PKIoverheid-certificaat"


@_f(G, "dutch-standup-ideal-merchant-secret")
def _():
    sec = _tok(_n(24, 40), _ALNUM)
    t = "Notulen stand-up %s:\n- iDEAL 2.0 via de bank: merchant secret %s vervalt eind van de maand\n- %s pakt rotatie op" % (_date(), sec, _who("nl"))
    return t, sec, "iDEAL 2.0 via de bank"


@_f(G, "dutch-moneybird-token-in-ticket")
def _():
    k = _hex64()
    t = "Ticket %s: Moneybird koppeling werkt weer. Nieuwe API-token: %s (scope: sales_invoices)" % (_ticket(), k)
    return t, k, "Moneybird koppeling werkt weer"


# ---- Italian
@_f(G, "italian-handover-collaudo-password")
def _():
    pw, h = _pw(lang="it"), _host("pg", "it")
    t = "Passaggio di consegne: il DB di collaudo è %s, utente %s, password %s. Cambiatela dopo il rilascio per favore." % (h, _user(), pw)
    return t, pw, h


@_f(G, "italian-chat-api-key-nexi")
def _():
    a, b = _chat("it")
    k = _hex32()
    t = "%s: ciao %s, ti giro la chiave API di Nexi XPay per l'ambiente di test: %s\n%s: grazie! la metto nel .env, non su Confluence promesso" % (a, b, k, b)
    return t, k, "Nexi XPay"


@_f(G, "italian-verbale-sdi-credenziali")
def _():
    pw = _pw(lang="it")
    t = "Verbale riunione %s – Fatturazione elettronica (SdI)\nCredenziali canale accreditato: utente %s / password %s\nAzione: %s le sposta nel vault." % (_date(), _s(8, _UPNUM), pw, _who("it"))
    return t, pw, "Fatturazione elettronica (SdI)"


@_f(G, "italian-commit-satispay-key")
def _():
    k = _tok(_n(30, 44), _ALNUM)
    t = "feat(pagamenti): integrazione Satispay in staging\n\nchiave: %s  (da togliere prima del merge!!)" % k
    return t, k, "integrazione Satispay in staging"


# ---- Spanish
@_f(G, "spanish-handover-redsys-bizum-password")
def _():
    pw = _pw(lang="es")
    t = "Traspaso: la contraseña del portal de Redsys (entorno de pruebas, Bizum activado) es %s, usuario %d-%03d." % (pw, _n(100000000, 999999999), _n(1, 999))
    return t, pw, "entorno de pruebas, Bizum activado"


@_f(G, "spanish-chat-clave-secreta-comercio")
def _():
    a, b = _chat("es")
    k = _redsys()
    t = "%s: oye %s, la clave secreta de comercio (SHA-256) es %s\n%s: vale, la paso al .env y borro este mensaje" % (a, b, k, b)
    return t, k, "clave secreta de comercio (SHA-256)"


@_f(G, "spanish-acta-certificado-fnmt-pin")
def _():
    pw = _pw(lang="es")
    t = "Acta reunión %s:\n- Certificado FNMT de la empresa renovado (para la sede de la AEAT)\n- PIN del .pfx: %s\n- Pendiente: guardarlo en el gestor de contraseñas" % (_date(), pw)
    return t, pw, "Certificado FNMT de la empresa renovado"


@_f(G, "spanish-jira-holded-api-key")
def _():
    k = _hex32()
    t = "%s · Comentario de %s: la API key de Holded para la sincronización de facturas es %s, caduca nunca así que ojo." % (_ticket(), _who("es"), k)
    return t, k, "sincronización de facturas"


# ---- Portuguese (PT)
@_f(G, "portuguese-handover-palavra-passe")
def _():
    pw, h = _pw(lang="pt"), _host("pg", "pt")
    t = "Passagem de turno: a palavra-passe da base de dados de testes (%s) é %s, utilizador %s." % (h, pw, _user())
    return t, pw, h


@_f(G, "portuguese-chat-sibs-mbway-key")
def _():
    a, b = _chat("pt")
    k = _tok(_n(40, 56), _ALNUM)
    t = "%s: olá %s, a chave da API da SIBS (MB WAY) para sandbox é %s\n%s: obrigado, não partilho fora da equipa" % (a, b, k, b)
    return t, k, "MB WAY"


@_f(G, "portuguese-nota-portal-financas-senha")
def _():
    pw = _pw(lang="pt")
    t = "Nota: credenciais do Portal das Finanças para submeter o SAF-T — NIF %d, senha %s. Alterar depois da submissão de março." % (_n(500000000, 599999999), pw)
    return t, pw, "submeter o SAF-T"


@_f(G, "portuguese-commit-ifthenpay-chave")
def _():
    k = _tok(_n(24, 32), _UPNUM)
    t = "fix: chave anti-phishing ifthenpay atualizada\n\nnova chave: %s (a antiga foi revogada)" % k
    return t, k, "chave anti-phishing ifthenpay atualizada"


# ---- Swedish
@_f(G, "swedish-handover-testdatabas-losenord")
def _():
    pw, h = _pw(lang="sv"), _host("pg", "sv")
    t = "Överlämning: lösenordet till testdatabasen (%s) är %s, användare %s. Byt efter releasen tack!" % (h, pw, _user())
    return t, pw, h


@_f(G, "swedish-chat-swish-certifikat-losenord")
def _():
    a, b = _chat("sv")
    pw = _pw(lang="sv")
    t = "%s: Hej %s! Vad var lösenordet till Swish-testcertet igen?\n%s: %s – det står också i mejlet från banken" % (a, b, b, pw)
    return t, pw, "Swish-testcertet"


@_f(G, "swedish-motesanteckningar-bankid-rp")
def _():
    pw = _pw(lang="sv")
    t = "Mötesanteckningar %s\n* BankID RP-certifikat förnyat\n* lösenord: %s\n* måste bytas innan produktion (%s)" % (_date(), pw, _who("sv"))
    return t, pw, "BankID RP-certifikat förnyat"


@_f(G, "swedish-fortnox-client-secret-note")
def _():
    sec = _tok(_n(10, 14), _ALNUM)
    sec = _fresh(lambda: _s(10, _ALNUM) + _s(4, _DIG))
    t = "Fortnox: fick client secret av ekonomi idag → %s. Client ID finns redan i repot." % sec
    return t, sec, "Client ID finns redan i repot."


# ---- Norwegian
@_f(G, "norwegian-handover-testdatabase-passord")
def _():
    pw, h = _pw(lang="no"), _host("pg", "no")
    t = "Overlevering: passordet til testdatabasen (%s) er %s, bruker %s. Husk å rotere etter lansering." % (h, pw, _user())
    return t, pw, h


@_f(G, "norwegian-chat-vipps-client-secret")
def _():
    a, b = _chat("no")
    sec = _tok(_n(40, 48), _ALNUM + "+/")
    t = "%s: Hei %s, Vipps client_secret for testmiljøet er %s\n%s: takk! legger den i Key Vault, ikke i repoet" % (a, b, sec, b)
    return t, sec, "client_secret for testmiljøet"


@_f(G, "norwegian-tripletex-employee-token")
def _():
    k = _fuuid()
    t = "Tripletex: nytt employee token for integrasjonen er %s, gyldig til utgangen av året. Consumer token ligger i 1Password." % k
    return t, k, "Consumer token ligger i 1Password."


@_f(G, "norwegian-altinn-maskinporten-note")
def _():
    pw = _pw(lang="no")
    t = "Maskinporten/Altinn: virksomhetssertifikatet (Buypass) er lagt på serveren. Passord til keystore: %s" % pw
    return t, pw, "virksomhetssertifikatet (Buypass)"


# ---- Danish
@_f(G, "danish-handover-adgangskode")
def _():
    pw, h = _pw(lang="da"), _host("pg", "da")
    t = "Overdragelse: adgangskoden til test-databasen (%s) er %s, bruger %s. Skift den efter release." % (h, pw, _user())
    return t, pw, h


@_f(G, "danish-chat-mobilepay-key")
def _():
    a, b = _chat("da")
    k = _vipps_sub()
    t = "%s: Hej %s, MobilePay-nøglen (Ocp-Apim-Subscription-Key) er %s\n%s: tak, lægger den i Key Vault ASAP" % (a, b, k, b)
    return t, k, "Key Vault ASAP"


@_f(G, "danish-mitid-certifikat-adgangskode")
def _():
    pw = _pw(lang="da")
    t = "NemLog-in/MitID Erhverv: OCES3-certifikatet er fornyet. Adgangskode til .p12: %s — skal i vault inden fredag." % pw
    return t, pw, "OCES3-certifikatet er fornyet"


@_f(G, "danish-economic-agreement-grant-token")
def _():
    k = _tok(_n(40, 46), _ALNUM)
    t = "e-conomic: AgreementGrantToken til regnskabet = %s (AppSecretToken ligger allerede i pipeline-variabler)" % k
    return t, k, "AppSecretToken ligger allerede i pipeline-variabler"


# ---- Finnish
@_f(G, "finnish-handover-salasana")
def _():
    pw, h = _pw(lang="fi"), _host("pg", "fi")
    t = "Luovutus: testitietokannan (%s) salasana on %s, käyttäjä %s. Vaihdetaan julkaisun jälkeen." % (h, pw, _user())
    return t, pw, h


@_f(G, "finnish-chat-suomifi-keystore")
def _():
    a, b = _chat("fi")
    pw = _pw(lang="fi")
    t = "%s: Moi %s, mikä oli Suomi.fi-tunnistuksen keystoren salasana?\n%s: %s — älä laita sitä Jiraan" % (a, b, b, pw)
    return t, pw, "Suomi.fi-tunnistuksen keystoren"


@_f(G, "finnish-palaverimuistio-paytrail-secret")
def _():
    sec = _tok(_n(20, 30), _UPNUM)
    t = "Palaverimuistio %s:\n- Paytrail merchant secret: %s\n- vaihdetaan ennen tuotantoon vientiä (%s)" % (_date(), sec, _who("fi"))
    return t, sec, "vaihdetaan ennen tuotantoon vientiä"


@_f(G, "finnish-procountor-api-note")
def _():
    k = _tok(_n(32, 40), _ALNUM)
    t = "Procountor-integraatio: client secret %s, redirect URI https://erp.%s/oauth/callback" % (k, _dom("fi"))
    return t, k, "/oauth/callback"


# ---- Icelandic
@_f(G, "icelandic-handover-lykilord")
def _():
    pw, h = _pw(lang="is"), _host("pg", "is")
    t = "Afhending: lykilorðið að prófunargagnagrunninum (%s) er %s, notandi %s." % (h, pw, _user())
    return t, pw, h


@_f(G, "icelandic-chat-island-is-lykilord")
def _():
    a, b = _chat("is")
    pw = _pw(lang="is")
    t = "%s: Hæ %s, hvert er lykilorðið fyrir Ísland.is prófunarumhverfið?\n%s: %s – ekki setja það í Confluence" % (a, b, b, pw)
    return t, pw, "Ísland.is prófunarumhverfið"


@_f(G, "icelandic-fundargerd-api-lykill")
def _():
    k = _tok(_n(32, 40), _ALNUM)
    t = "Fundargerð %s: API-lykill frá bankanum fyrir greiðslukröfur: %s. %s geymir hann í vault." % (_date(), k, _who("is"))
    return t, k, "greiðslukröfur"


@_f(G, "icelandic-commit-rafraen-skilriki")
def _():
    pw = _pw(lang="is")
    t = "laga: rafræn skilríki prófunarskírteini uppfært\n\nlykilorð skírteinis: %s" % pw
    return t, pw, "rafræn skilríki prófunarskírteini uppfært"


# ---- Polish
@_f(G, "polish-handover-haslo-baza")
def _():
    pw, h = _pw(lang="pl"), _host("pg", "pl")
    t = "Przekazanie: hasło do testowej bazy (%s) to %s, użytkownik %s. Zmieńcie je po wdrożeniu." % (h, pw, _user())
    return t, pw, h


@_f(G, "polish-chat-przelewy24-klucz")
def _():
    a, b = _chat("pl")
    k = _hex32()
    t = "%s: Cześć %s, klucz API do Przelewy24 (sandbox) to %s\n%s: dzięki, nie wrzucam do repo 👍" % (a, b, k, b)
    return t, k, "Przelewy24 (sandbox)"


@_f(G, "polish-notatka-ksef-token")
def _():
    k = _fresh(lambda: _HEX(64))
    t = "Notatka: token autoryzacyjny KSeF (środowisko testowe) wygenerowany dla NIP %d: %s" % (_n(1000000000, 9999999999), k)
    return t, k, "środowisko testowe"


@_f(G, "polish-payu-client-secret-ticket")
def _():
    sec = _hex32()
    t = "%s: PayU – client_secret dla POS %d: %s. Po testach BLIK wygeneruję nowy." % (_ticket(), _n(100000, 999999), sec)
    return t, sec, "Po testach BLIK wygeneruję nowy."


# ---- Czech
@_f(G, "czech-handover-heslo-databaze")
def _():
    pw, h = _pw(lang="cs"), _host("pg", "cs")
    t = "Předání: heslo k testovací databázi (%s) je %s, uživatel %s. Po vydání prosím změnit." % (h, pw, _user())
    return t, pw, h


@_f(G, "czech-chat-fakturoid-api-klic")
def _():
    a, b = _chat("cs")
    k = _hex40()
    t = "%s: Ahoj %s, API klíč pro Fakturoid je %s\n%s: díky, dám ho do trezoru" % (a, b, k, b)
    return t, k, "API klíč pro Fakturoid"


@_f(G, "czech-zapis-datova-schranka-heslo")
def _():
    pw = _pw(lang="cs")
    t = "Zápis z porady %s: přístup do datové schránky pro robota – login %s, heslo %s. Změnit do konce měsíce." % (_date(), _s(6, _LOWNUM), pw)
    return t, pw, "přístup do datové schránky"


@_f(G, "czech-gopay-client-secret-note")
def _():
    sec = _tok(8, _ALNUM)
    sec = _fresh(lambda: _s(8, _ALNUM))
    t = "GoPay sandbox: GoID %d, ClientID %d, ClientSecret %s" % (_n(8000000000, 8999999999), _n(1000000000, 1999999999), sec)
    return t, sec, "GoPay sandbox"


# ---- English agent notes / pasted messages
@_f(G, "agent-running-note-pasted-creds")
def _():
    pw = _pw()
    h = _host("pg")
    t = "## Running notes\n- user pasted staging DB creds in chat: host %s, user %s, pw %s\n- do NOT echo back; use only for the migration check" % (h, _user(), pw)
    return t, pw, "## Running notes"


@_f(G, "agent-goal-rotate-token")
def _():
    k = _hcloud()
    t = "GOAL: rotate the Hetzner Cloud project token (current one is %s) and update the GitLab CI variable HCLOUD_TOKEN." % k
    return t, k, "update the GitLab CI variable HCLOUD_TOKEN"


@_f(G, "agent-decision-log-creds-abbrev")
def _():
    pw = _pw()
    t = "Decision: keep using the shared SFTP account for EBICS exports for now (creds: sepa_out / %s) until the bank issues per-user keys." % pw
    return t, pw, "until the bank issues per-user keys"


@_f(G, "forwarded-teammate-message-no-label")
def _():
    pw = _pw(_c(["word", "twowords", "leet"]))
    who = _who()
    t = "> %s wrote (forwarded):\n> new one for the grafana admin: %s\n> old one stops working tonight" % (who, pw)
    return t, pw, "old one stops working tonight"


@_f(G, "agent-scratchpad-colon-pair")
def _():
    pw = _pw(mode="url")
    t = "scratch: smtp relay creds (from Slack #ops) -> noreply@%s:%s ; port 587, STARTTLS" % (_dom(), pw)
    return t, pw, "port 587, STARTTLS"


@_f(G, "agent-todo-with-pat")
def _():
    k = _gh_fine()
    t = "TODO\n[ ] revoke the fine-grained PAT Lea shared in the handover doc (%s)\n[ ] replace with GitHub App installation token" % k
    return t, k, "replace with GitHub App installation token"


@_f(G, "email-pasted-vendor-onboarding")
def _():
    sec = _tok(_n(32, 48), _ALNUM)
    t = ("From: onboarding@psp.example\nSubject: Your sandbox credentials\n\nMerchant ID: M-%d\nAPI secret: %s\n\n"
         "Please store these securely; we will never ask for them by email.") % (_n(100000, 999999), sec)
    return t, sec, "Subject: Your sandbox credentials"


@_f(G, "multiline-label-value-next-line")
def _():
    pw = _pw()
    t = "Zugang Kassen-Backoffice (Filiale %s)\nBenutzer:\n  filiale%02d\nKennwort:\n  %s" % (_c(["Köln", "Graz", "Basel", "Bremen"]), _n(1, 40), pw)
    return t, pw, "Zugang Kassen-Backoffice"


@_f(G, "whatsapp-export-line-password")
def _():
    pw = _pw(lang=_c(_LANGS))
    t = "[%s, %s] %s: wlan im neuen büro: Gaeste-5G / %s" % ("12.03.25", _time(), _who("de"), pw)
    return t, pw, "wlan im neuen büro"


@_f(G, "mixed-language-standup-ci-token")
def _():
    k = _glpat()
    t = "standup: %s hat den Deploy-Token gepostet (%s), I'll move it into CI variables masked+protected and ping in #plattform" % (_who("de"), k)
    return t, k, "masked+protected"


@_f(G, "github-issue-comment-leaked-webhook")
def _():
    url, sec = _slack_hook()
    t = "**Steps to reproduce**\n1. set `SLACK_WEBHOOK=%s`\n2. run `make notify`\n3. nothing arrives in #releases" % url
    return t, sec, "run `make notify`"


# ========================================================= ci-and-deploy ====
G = "ci-and-deploy"


@_f(G, "github-actions-env-literal")
def _():
    k = _hcloud()
    t = "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      HCLOUD_TOKEN: %s\n      TF_IN_AUTOMATION: \"1\"\n    steps:\n      - uses: actions/checkout@v4" % k
    return t, k, "TF_IN_AUTOMATION"


@_f(G, "github-actions-docker-login-password-input")
def _():
    pw = _pw(mode="url")
    t = "      - uses: docker/login-action@v3\n        with:\n          registry: rg.fr-par.scw.cloud/%s\n          username: nologin\n          password: %s" % (_company(), pw)
    return t, pw, "uses: docker/login-action@v3"


@_f(G, "github-actions-run-step-curl")
def _():
    k = _sentry_org()
    t = "      - name: Release an Sentry melden\n        run: |\n          curl -sf https://de.sentry.io/api/0/organizations/%s/releases/ \\\n            -H 'Authorization: Bearer %s' \\\n            -d '{\"version\": \"${{ github.sha }}\"}'" % (_company(), k)
    return t, k, "Release an Sentry melden"


@_f(G, "gitlab-ci-variables-block")
def _():
    pw = _pw(mode="url")
    t = "variables:\n  POSTGRES_DB: test\n  POSTGRES_USER: runner\n  POSTGRES_PASSWORD: \"%s\"\n  DOCKER_DRIVER: overlay2" % pw
    return t, pw, "DOCKER_DRIVER: overlay2"


@_f(G, "gitlab-ci-script-private-token-header")
def _():
    k = _glpat()
    t = "release:\n  stage: release\n  script:\n    - 'curl --header \"PRIVATE-TOKEN: %s\" --data \"tag_name=$CI_COMMIT_TAG\" \"$CI_API_V4_URL/projects/$CI_PROJECT_ID/releases\"'" % k
    return t, k, "stage: release"


@_f(G, "gitlab-ci-trigger-token-curl")
def _():
    k = _glptt()
    t = "trigger_downstream:\n  script:\n    - curl -X POST -F token=%s -F ref=main https://gitlab.%s/api/v4/projects/%d/trigger/pipeline" % (k, _dom(), _n(10, 999))
    return t, k, "trigger_downstream:"


@_f(G, "bitbucket-pipelines-variable")
def _():
    k = _dckr()
    t = "pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - docker login -u %s -p %s\n            - docker push %s/api:$BITBUCKET_COMMIT" % (_company(), k, _company())
    return t, k, "docker push"


@_f(G, "jenkinsfile-environment-literal")
def _():
    pw = _pw(mode="plain")
    t = "pipeline {\n  agent any\n  environment {\n    NEXUS_USER = 'jenkins'\n    NEXUS_PASS = '%s'\n  }\n  stages { stage('Publish') { steps { sh './gradlew publish' } } }\n}" % pw
    return t, pw, "sh './gradlew publish'"


@_f(G, "jenkins-groovy-sh-sshpass")
def _():
    pw = _pw(mode="plain")
    t = "stage('Deploy') {\n  steps {\n    sh \"sshpass -p '%s' rsync -az build/ deploy@%s:/var/www/app\"\n  }\n}" % (pw, _ip())
    return t, pw, "stage('Deploy')"


@_f(G, "azure-pipelines-variables")
def _():
    sec = _tok(40, _ALNUM + "~._-")
    t = "variables:\n  - name: AZURE_CLIENT_ID\n    value: %s\n  - name: AZURE_CLIENT_SECRET\n    value: %s\n  - name: buildConfiguration\n    value: Release" % (_uuid(), sec)
    return t, sec, "value: Release"


@_f(G, "circleci-environment")
def _():
    k = _npm()
    t = "jobs:\n  publish:\n    docker:\n      - image: cimg/node:20.11\n    environment:\n      NPM_TOKEN: %s\n    steps: [checkout, run: npm publish]" % k
    return t, k, "image: cimg/node:20.11"


@_f(G, "drone-yml-settings-password")
def _():
    pw = _pw(mode="url")
    t = "steps:\n  - name: publish\n    image: plugins/docker\n    settings:\n      repo: registry.%s/shop/web\n      username: drone\n      password: %s" % (_dom(), pw)
    return t, pw, "image: plugins/docker"


@_f(G, "woodpecker-ci-environment")
def _():
    k = _hex40()
    t = "# .woodpecker.yml (Codeberg)\nsteps:\n  release:\n    image: alpine\n    environment:\n      GITEA_TOKEN: %s\n    commands:\n      - ./scripts/release.sh" % k
    return t, k, "./scripts/release.sh"


@_f(G, "argocd-application-helm-parameter")
def _():
    pw = _pw(mode="url")
    t = "spec:\n  source:\n    chart: keycloak\n    helm:\n      parameters:\n        - name: auth.adminPassword\n          value: %s\n  destination:\n    namespace: iam" % pw
    return t, pw, "namespace: iam"


@_f(G, "flux-helmrelease-values")
def _():
    pw = _pw()
    t = "apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: matomo\nspec:\n  values:\n    matomoPassword: \"%s\"\n    service:\n      type: ClusterIP" % pw
    return t, pw, "kind: HelmRelease"


@_f(G, "helm-values-prod-yaml")
def _():
    sec = _hex32()
    t = "# values-prod.yaml\nsevdesk:\n  enabled: true\n  apiToken: %s\nreplicaCount: 2\ningress:\n  host: rechnungen.%s" % (sec, _dom("de"))
    return t, sec, "replicaCount: 2"


@_f(G, "kustomize-secretgenerator-literals")
def _():
    pw = _pw(mode="url")
    t = "secretGenerator:\n  - name: ebics-client\n    literals:\n      - HOST_ID=EBIXQUAL\n      - KEYSTORE_PASSWORD=%s\ngeneratorOptions:\n  disableNameSuffixHash: true" % pw
    return t, pw, "HOST_ID=EBIXQUAL"


@_f(G, "compose-prod-deploy-env")
def _():
    k = _c([_brevo, _sendgrid])()
    t = "# docker-compose.prod.yml\n  mailer:\n    image: ghcr.io/%s/mailer:2.3.1\n    deploy:\n      replicas: 2\n    environment:\n      MAIL_API_KEY: %s" % (_company(), k)
    return t, k, "replicas: 2"


@_f(G, "dockerfile-env-instruction")
def _():
    k = _deepl()
    t = "FROM python:3.12-slim\nWORKDIR /app\nENV DEEPL_AUTH_KEY=%s\nCOPY . .\nCMD [\"python\", \"-m\", \"translator\"]" % k
    return t, k, "FROM python:3.12-slim"


@_f(G, "dockerfile-arg-default")
def _():
    k = _gh_classic()
    t = "ARG GITHUB_TOKEN=%s\nRUN git config --global url.\"https://${GITHUB_TOKEN}@github.com/\".insteadOf \"https://github.com/\"" % k
    return t, k, "insteadOf"


@_f(G, "dockerfile-run-git-clone-token")
def _():
    k = _glpat()
    t = "RUN git clone --depth 1 https://build:%s@gitlab.%s/plattform/shared-libs.git /opt/libs" % (k, _dom())
    return t, k, "/opt/libs"


@_f(G, "deploy-sh-flyctl-secrets-import")
def _():
    k = _hf()
    t = "#!/bin/sh\n# deploy.sh\nflyctl secrets set HF_TOKEN=%s --stage\nflyctl deploy --remote-only" % k
    return t, k, "flyctl deploy --remote-only"


@_f(G, "deploy-script-scalingo-env")
def _():
    pw = _pw(mode="url")
    t = "scalingo --app back-prod env-set \\\n  DB_USER=backprod \\\n  DB_PASS=%s \\\n  && scalingo --app back-prod restart" % pw
    return t, pw, "scalingo --app back-prod restart"


@_f(G, "ansible-deploy-playbook-vars")
def _():
    pw = _pw()
    t = "- hosts: app\n  vars:\n    app_db_user: kasse\n    app_db_password: \"%s\"\n  roles:\n    - role: app_deploy" % pw
    return t, pw, "role: app_deploy"


@_f(G, "terraform-cloud-workspace-var")
def _():
    k = _hdns()
    t = 'resource "tfe_variable" "hetzner_dns" {\n  key          = "HETZNER_DNS_API_TOKEN"\n  value        = "%s"\n  category     = "env"\n  sensitive    = false\n}' % k
    return t, k, 'category     = "env"'


@_f(G, "packer-hcl-variable-default")
def _():
    k = _hcloud()
    t = 'variable "hcloud_token" {\n  type    = string\n  default = "%s"\n}\n\nsource "hcloud" "base" {\n  location = "hel1"\n}' % k
    return t, k, 'source "hcloud" "base"'


@_f(G, "cloud-init-chpasswd-list")
def _():
    pw = _pw(mode="url")
    t = "#cloud-config\nchpasswd:\n  expire: false\n  users:\n    - name: ops\n      password: %s\n      type: text\nssh_pwauth: false" % pw
    return t, pw, "ssh_pwauth: false"


@_f(G, "cloud-init-runcmd-k3s-token")
def _():
    k = _k3s()
    t = "#cloud-config\nruncmd:\n  - curl -sfL https://get.k3s.io | K3S_URL=https://10.0.0.2:6443 K3S_TOKEN=%s sh -s - agent" % k
    return t, k, "curl -sfL https://get.k3s.io"


@_f(G, "k3s-config-yaml-token")
def _():
    k = _fresh(lambda: _s(_n(24, 40), _ALNUM))
    t = "# /etc/rancher/k3s/config.yaml\ntoken: %s\ntls-san:\n  - k8s.%s\ndisable:\n  - traefik" % (k, _dom())
    return t, k, "/etc/rancher/k3s/config.yaml"


@_f(G, "kubeadm-join-token")
def _():
    k = _kubeadm()
    t = "kubeadm join 10.0.0.10:6443 --token %s \\\n    --discovery-token-ca-cert-hash sha256:%s" % (k, _hex(64))
    return t, k, "kubeadm join 10.0.0.10:6443"


@_f(G, "nomad-job-template-env")
def _():
    pw = _pw(mode="url")
    t = 'task "api" {\n  driver = "docker"\n  env {\n    DB_PASSWORD = "%s"\n    PORT        = "8080"\n  }\n}' % pw
    return t, pw, 'driver = "docker"'


@_f(G, "capistrano-deploy-rb")
def _():
    pw = _pw(mode="plain")
    t = "set :application, 'fakturace'\nset :repo_url, 'git@gitlab.%s:fakturace/app.git'\nset :ssh_options, { user: 'deploy', password: '%s' }" % (_dom("cs"), pw)
    return t, pw, "set :application, 'fakturace'"


@_f(G, "php-deployer-host-config")
def _():
    pw = _pw(mode="plain")
    t = "host('%s')\n    ->set('remote_user', 'deploy')\n    ->set('deploy_path', '~/shopware')\n    ->set('http_pass', '%s');" % (_ip(), pw)
    return t, pw, "->set('deploy_path', '~/shopware')"


@_f(G, "makefile-deploy-target")
def _():
    pw = _pw(mode="url")
    t = "deploy:\n\trsync -az dist/ web@%s:/srv/www/\n\tcurl -fsS -u admin:%s https://%s/cache/flush" % (_ip(), pw, _host("shop"))
    return t, pw, "rsync -az dist/"


@_f(G, "ci-job-log-expanded-private-token")
def _():
    k = _glpat()
    t = "Running with gitlab-runner 17.2.0 (%s)\n$ curl -s --header \"PRIVATE-TOKEN: %s\" \"$CI_API_V4_URL/projects/42/packages\"\nJob succeeded" % (_short(), k)
    return t, k, "Running with gitlab-runner 17.2.0"


@_f(G, "renovate-config-hostrules")
def _():
    k = _glpat()
    t = json.dumps({"extends": ["config:recommended"], "hostRules": [{"matchHost": "gitlab.%s" % _dom(), "token": k}]}, indent=2)
    return t, k, '"config:recommended"'


@_f(G, "dependabot-registries-password")
def _():
    pw = _pw(mode="url")
    t = "version: 2\nregistries:\n  nexus:\n    type: maven-repository\n    url: https://nexus.%s/repository/maven-public\n    username: dependabot\n    password: %s" % (_dom(), pw)
    return t, pw, "type: maven-repository"


@_f(G, "sonar-project-properties-login")
def _():
    k = _sonar()
    t = "sonar.projectKey=%s_api\nsonar.host.url=https://sonar.%s\nsonar.login=%s\nsonar.sources=src" % (_company(), _dom(), k)
    return t, k, "sonar.sources=src"


@_f(G, "codecov-yml-token")
def _():
    k = _fuuid()
    t = "codecov:\n  token: %s\n  require_ci_to_pass: yes\ncoverage:\n  precision: 2" % k
    return t, k, "require_ci_to_pass: yes"


@_f(G, "teams-webhook-url-notify-step")
def _():
    sec = _fhex(32)
    t = "      - name: Teams-Benachrichtigung\n        run: curl -H 'Content-Type: application/json' -d @msg.json 'https://%s.webhook.office.com/webhookb2/%s@%s/IncomingWebhook/%s/%s'" % (
        _company().split("-")[0], _uuid(), _uuid(), sec, _uuid())
    return t, sec, "Teams-Benachrichtigung"


@_f(G, "discord-webhook-url-ci")
def _():
    sec = _tok(68, _B64U)
    t = "notify:\n  script:\n    - curl -H 'Content-Type: application/json' -d '{\"content\":\"deploy ok\"}' https://discord.com/api/webhooks/%d/%s" % (_n(10 ** 17, 10 ** 18), sec)
    return t, sec, "deploy ok"


@_f(G, "semantic-release-env-npm-token")
def _():
    k = _npm()
    t = "      - run: npx semantic-release\n        env:\n          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n          NPM_TOKEN: %s" % k
    return t, k, "npx semantic-release"


@_f(G, "goreleaser-env-token")
def _():
    k = _gh_classic()
    t = "# .goreleaser.yaml\nenv:\n  - GITHUB_TOKEN=%s\nbuilds:\n  - goos: [linux, darwin]" % k
    return t, k, "goos: [linux, darwin]"


@_f(G, "fastlane-env-app-specific-password")
def _():
    pw = _fresh(lambda: "-".join(_s(4, _LOW) for _ in range(4)))
    t = "# fastlane/.env.default\nFASTLANE_USER=ios-release@%s\nFASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=%s\nMATCH_TYPE=appstore" % (_dom(), pw)
    return t, pw, "MATCH_TYPE=appstore"


@_f(G, "fastlane-match-password")
def _():
    pw = _pw()
    t = "lane :beta do\n  ENV['MATCH_PASSWORD'] = '%s'\n  match(type: 'appstore', readonly: true)\n  build_app(scheme: 'Kasse')\nend" % pw
    return t, pw, "match(type: 'appstore', readonly: true)"


@_f(G, "android-gradle-kts-signing")
def _():
    pw = _pw(mode="plain")
    t = 'signingConfigs {\n    create("release") {\n        storeFile = file("upload.jks")\n        storePassword = "%s"\n        keyAlias = "upload"\n    }\n}' % pw
    return t, pw, 'storeFile = file("upload.jks")'


@_f(G, "argocd-repository-secret")
def _():
    k = _glpat()
    t = "apiVersion: v1\nkind: Secret\nmetadata:\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://gitlab.%s/plattform/gitops.git\n  username: argocd\n  password: %s" % (_dom(), k)
    return t, k, "argocd.argoproj.io/secret-type: repository"


@_f(G, "ovh-deploy-script-env")
def _():
    ck = _ovh_ck()
    t = "#!/bin/bash\n# deploy-dns.sh – Let's Encrypt DNS-01 über OVH\nexport OVH_APPLICATION_KEY=%s\nexport OVH_CONSUMER_KEY=%s\nlego --dns ovh -d '*.%s' run" % (_ovh_ak(), ck, _dom("fr"))
    return t, ck, "lego --dns ovh"


@_f(G, "ionos-deploy-now-workflow")
def _():
    k = _tok(_n(60, 80), _ALNUM)
    t = "      - uses: ionos-deploy-now/project-action@v1\n        with:\n          api-key: %s\n          service-host: api-eu.ionos.space" % k
    return t, k, "uses: ionos-deploy-now/project-action@v1"


@_f(G, "stackit-ske-ci-kubeconfig-token")
def _():
    k = _jwt(iss="stackit", nsig=342)
    t = "deploy_ske:\n  image: bitnami/kubectl:1.30\n  script:\n    - kubectl --server https://api.ske-%s.eu01.onstackit.cloud --token %s apply -k overlays/prod" % (_s(6, _LOWNUM), k)
    return t, k, "apply -k overlays/prod"


@_f(G, "scaleway-serverless-yml-secret")
def _():
    sec = _fuuid()
    t = "service: webhooks\nprovider:\n  name: scaleway\n  runtime: node20\n  secret:\n    SCW_SECRET_KEY: %s\nfunctions:\n  mollie:\n    handler: handler.mollie" % sec
    return t, sec, "handler: handler.mollie"


@_f(G, "infomaniak-openrc-os-password")
def _():
    pw = _pw(mode="url")
    t = "export OS_AUTH_URL=https://api.pub1.infomaniak.cloud/identity/v3\nexport OS_USERNAME=PCU-%s\nexport OS_PASSWORD=%s\nexport OS_REGION_NAME=dc3-a" % (_s(7, _UPNUM), pw)
    return t, pw, "OS_REGION_NAME=dc3-a"


@_f(G, "ovh-openrc-os-password")
def _():
    pw = _pw(mode="url")
    t = "export OS_AUTH_URL=https://auth.cloud.ovh.net/v3/\nexport OS_PROJECT_ID=%s\nexport OS_USERNAME=\"user-%s\"\nexport OS_PASSWORD=\"%s\"\nexport OS_REGION_NAME=\"GRA11\"" % (_hex(32), _s(12), pw)
    return t, pw, 'OS_REGION_NAME="GRA11"'


@_f(G, "pulumi-stack-yaml-plaintext")
def _():
    pw = _pw()
    t = "config:\n  hcloud:token:\n    secure: v1:%s\n  app:dbPassword: %s\n  app:location: fsn1" % (_b64(48), pw)
    return t, pw, "app:location: fsn1"


@_f(G, "github-actions-matrix-literal-creds")
def _():
    pw = _pw(mode="url")
    t = "    strategy:\n      matrix:\n        db: [postgres]\n    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_PASSWORD: %s\n        ports: ['5432:5432']" % pw
    return t, pw, "image: postgres:16"


@_f(G, "gitlab-ci-dotenv-artifact-leak")
def _():
    k = _hcloud()
    t = "build:\n  script:\n    - echo \"HCLOUD_TOKEN=%s\" >> build.env\n  artifacts:\n    reports:\n      dotenv: build.env" % k
    return t, k, "dotenv: build.env"


@_f(G, "netlify-build-hook-url")
def _():
    sec = _fhex(24)
    t = "# redeploy nach CMS-Änderung\ncurl -X POST -d {} https://api.netlify.com/build_hooks/%s" % sec
    return t, sec, "redeploy nach CMS-Änderung"


@_f(G, "tekton-task-env-value")
def _():
    k = _doppler()
    t = "  steps:\n    - name: fetch-secrets\n      image: dopplerhq/cli:3\n      env:\n        - name: DOPPLER_TOKEN\n          value: %s\n      script: doppler secrets download --no-file" % k
    return t, k, "image: dopplerhq/cli:3"


@_f(G, "tailscale-github-action-authkey")
def _():
    k = _tailscale()
    t = "      - name: Tailscale\n        uses: tailscale/github-action@v2\n        with:\n          authkey: %s\n          tags: tag:ci" % k
    return t, k, "tags: tag:ci"


@_f(G, "vault-agent-ci-token-literal")
def _():
    k = _vault_tok()
    t = "  before_script:\n    - export VAULT_ADDR=https://vault.%s\n    - export VAULT_TOKEN=%s\n    - vault kv get -field=dsn secret/ci/db > .dsn" % (_dom(), k)
    return t, k, "vault kv get -field=dsn secret/ci/db"


@_f(G, "gitlab-ci-services-mysql-root-password")
def _():
    pw = _pw(mode="url")
    t = "test:\n  services:\n    - name: mariadb:11\n      alias: db\n  variables:\n    MARIADB_ROOT_PASSWORD: %s\n  script:\n    - composer test" % pw
    return t, pw, "composer test"


@_f(G, "hetzner-cloud-init-write-files-token")
def _():
    k = _hdns()
    t = "#cloud-config\nwrite_files:\n  - path: /etc/caddy/env\n    permissions: '0600'\n    content: |\n      HETZNER_DNS_TOKEN=%s\nruncmd:\n  - systemctl restart caddy" % k
    return t, k, "systemctl restart caddy"


@_f(G, "woodpecker-secret-cli-add")
def _():
    k = _tok(_n(40, 60), _ALNUM)
    t = "woodpecker-cli secret add --repository %s/shop --name bol_client_secret --value %s" % (_company(), k)
    return t, k, "--name bol_client_secret"


# ========================================================== vendor-token ====
G = "vendor-token"


@_f(G, "github-classic-pat")
def _():
    k = _gh_classic()
    t = "GITHUB_TOKEN=%s  # scopes: repo, workflow (expires %s)" % (k, _date())
    return t, k, "scopes: repo, workflow"


@_f(G, "github-fine-grained-pat")
def _():
    k = _gh_fine()
    t = "Fine-grained token \"renovate-%s\" created, copy it now: %s" % (_company(), k)
    return t, k, "copy it now"


@_f(G, "github-app-installation-token")
def _():
    k = _gh_app()
    t = '{"token": "%s", "expires_at": "%s", "permissions": {"contents": "read"}}' % (k, _ts())
    return t, k, '"permissions": {"contents": "read"}'


@_f(G, "github-oauth-token-gho")
def _():
    k = _gh_oauth()
    t = "github.com:\n    user: %s\n    oauth_token: %s\n    git_protocol: https" % (_who("sv").lower(), k)
    return t, k, "git_protocol: https"


@_f(G, "gitlab-personal-access-token")
def _():
    k = _glpat()
    t = "GITLAB_TOKEN=%s\nGITLAB_URL=https://gitlab.%s" % (k, _dom())
    return t, k, "GITLAB_URL=https://gitlab."


@_f(G, "gitlab-runner-authentication-token")
def _():
    k = _glrt()
    t = "gitlab-runner register --non-interactive --url https://gitlab.%s --token %s --executor docker" % (_dom(), k)
    return t, k, "--executor docker"


@_f(G, "gitlab-deploy-token")
def _():
    k = _gldt()
    t = "Deploy token created: username gitlab+deploy-token-%d, token %s (read_registry)" % (_n(100, 9999), k)
    return t, k, "(read_registry)"


@_f(G, "slack-bot-token-xoxb")
def _():
    k = _xoxb()
    t = "SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#zahlungen-alerts" % k
    return t, k, "SLACK_CHANNEL=#zahlungen-alerts"


@_f(G, "slack-user-token-xoxp")
def _():
    k = _xoxp()
    t = "slack:\n  user_token: %s\n  workspace: %s" % (k, _company())
    return t, k, "workspace:"


@_f(G, "slack-app-level-token-xapp")
def _():
    k = _xapp()
    t = "SOCKET_MODE_APP_TOKEN=%s" % k
    return t, k, "SOCKET_MODE_APP_TOKEN"


@_f(G, "slack-incoming-webhook-url")
def _():
    url, sec = _slack_hook()
    t = "ALERT_WEBHOOK=%s" % url
    return t, sec, "ALERT_WEBHOOK="


@_f(G, "stripe-live-secret-key")
def _():
    k = _stripe_sk()
    t = "STRIPE_SECRET_KEY=%s\nSTRIPE_PUBLISHABLE_KEY=pk_live_51%s" % (k, _s(97))
    return t, k, "STRIPE_PUBLISHABLE_KEY=pk_live_51"


@_f(G, "stripe-webhook-signing-secret")
def _():
    k = _whsec()
    t = "> Ready! Your webhook signing secret is %s (^C to quit)" % k
    return t, k, "(^C to quit)"


@_f(G, "mollie-live-api-key")
def _():
    k = _mollie_live()
    t = "Mollie Dashboard → Ontwikkelaars → API-sleutels\nLive API key: %s" % k
    return t, k, "Mollie Dashboard"


@_f(G, "mollie-organization-access-token")
def _():
    k = _mollie_access()
    t = "MOLLIE_ORG_TOKEN=%s  # scopes: payments.read refunds.write" % k
    return t, k, "scopes: payments.read refunds.write"


@_f(G, "adyen-checkout-api-key")
def _():
    k = _adyen_key()
    t = "ADYEN_API_KEY=\"%s\"\nADYEN_CLIENT_KEY=test_%s\nADYEN_MERCHANT_ACCOUNT=%sECOM" % (k, _s(32, _UPNUM), _company().split("-")[0].capitalize())
    return t, k, "ADYEN_CLIENT_KEY=test_"


@_f(G, "adyen-webhook-hmac-key")
def _():
    k = _adyen_hmac()
    t = "adyen:\n  webhook:\n    username: adyen-notify\n    hmac_key: %s" % k
    return t, k, "username: adyen-notify"


@_f(G, "klarna-api-credentials-password")
def _():
    sec = _tok(_n(40, 60), _ALNUM + "_")
    sec = _fresh(lambda: "klarna_test_api_" + _s(_n(40, 56), _B64U))
    t = "KLARNA_API_USERNAME=%s\nKLARNA_API_PASSWORD=%s\nKLARNA_REGION=eu" % (_uuid(), sec)
    return t, sec, "KLARNA_REGION=eu"


@_f(G, "vipps-mobilepay-client-secret")
def _():
    sec = _tok(_n(40, 48), _ALNUM + "+/")
    t = "client_id: %s\nclient_secret: %s\nmerchant_serial_number: %d" % (_uuid(), sec, _n(100000, 999999))
    return t, sec, "merchant_serial_number"


@_f(G, "vipps-ocp-subscription-key-header")
def _():
    k = _vipps_sub()
    t = "Ocp-Apim-Subscription-Key: %s\nVipps-System-Name: woocommerce" % k
    return t, k, "Vipps-System-Name: woocommerce"


@_f(G, "redsys-merchant-signature-key")
def _():
    k = _redsys()
    t = "DS_MERCHANT_MERCHANTCODE=%d\nDS_MERCHANT_TERMINAL=1\nREDSYS_CLAVE_SHA256=%s" % (_n(100000000, 999999999), k)
    return t, k, "DS_MERCHANT_TERMINAL=1"


@_f(G, "unzer-private-key")
def _():
    k = _unzer_priv()
    t = "UNZER_PRIVATE_KEY=%s\nUNZER_PUBLIC_KEY=s-pub-2a10%s" % (k, _s(32))
    return t, k, "UNZER_PUBLIC_KEY=s-pub-2a10"


@_f(G, "payone-portal-key")
def _():
    k = _tok(_n(16, 24), _ALNUM)
    t = "payone.mid=%d\npayone.portalid=%d\npayone.key=%s\npayone.mode=test" % (_n(10000, 99999), _n(2000000, 2999999), k)
    return t, k, "payone.mode=test"


@_f(G, "computop-hmac-and-blowfish")
def _():
    k = _tok(32, _ALNUM)
    t = "[computop]\nmerchant_id = %s_test\nhmac_key = %s" % (_company().replace("-", "_"), k)
    return t, k, "[computop]"


@_f(G, "gocardless-access-token")
def _():
    k = _gocardless()
    t = "GOCARDLESS_ACCESS_TOKEN=%s\nGOCARDLESS_ENVIRONMENT=live" % k
    return t, k, "GOCARDLESS_ENVIRONMENT=live"


@_f(G, "gocardless-bank-account-data-secret")
def _():
    sec = _fhex(128)
    t = '{"secret_id": "%s", "secret_key": "%s"}' % (_uuid(), sec)
    return t, sec, '"secret_id"'


@_f(G, "wise-api-token")
def _():
    k = _fuuid()
    t = "Wise (Business) → Settings → API tokens → \"treasury-readonly\": %s" % k
    return t, k, "treasury-readonly"


@_f(G, "bunq-api-key")
def _():
    k = _fhex(64)
    t = "BUNQ_API_KEY=%s\nBUNQ_ENVIRONMENT=PRODUCTION" % k
    return t, k, "BUNQ_ENVIRONMENT=PRODUCTION"


@_f(G, "qonto-login-secret-key")
def _():
    k = _hex32()
    t = "Authorization: %s-%d:%s" % (_company(), _n(1000, 9999), k)
    return t, k, "Authorization:"


@_f(G, "tink-client-secret")
def _():
    sec = _hex32()
    t = "TINK_CLIENT_ID=%s\nTINK_CLIENT_SECRET=%s" % (_hex(32), sec)
    return t, sec, "TINK_CLIENT_ID="


@_f(G, "revolut-business-refresh-token")
def _():
    k = _fb64u(48, prefix="oa_prod_")
    t = "revolut_refresh_token = \"%s\"" % k
    return t, k, "revolut_refresh_token"


@_f(G, "hetzner-cloud-api-token")
def _():
    k = _hcloud()
    t = "Hetzner Cloud Console → Sicherheit → API-Tokens → \"terraform-prod\" (Lesen & Schreiben):\n%s" % k
    return t, k, "API-Tokens"


@_f(G, "hetzner-dns-api-token")
def _():
    k = _hdns()
    t = "Auth-API-Token: %s" % k
    return t, k, "Auth-API-Token:"


@_f(G, "hetzner-robot-webservice-password")
def _():
    pw = _pw(mode="url")
    t = "robot_user: \"#ws+%s\"\nrobot_password: \"%s\"" % (_s(8), pw)
    return t, pw, "robot_user:"


@_f(G, "ovh-application-secret")
def _():
    sec = _ovh_as()
    t = "Your credentials: application key %s, application secret %s (keep it secret!)" % (_ovh_ak(), sec)
    return t, sec, "Your credentials:"


@_f(G, "ovh-consumer-key")
def _():
    ck = _ovh_ck()
    t = '{"validationUrl":"https://eu.api.ovh.com/auth/?credentialToken=%s","consumerKey":"%s","state":"validated"}' % (_s(64), ck)
    return t, ck, '"state":"validated"'


@_f(G, "scaleway-secret-key")
def _():
    sec = _fuuid()
    t = "SCW_ACCESS_KEY=%s\nSCW_SECRET_KEY=%s\nSCW_DEFAULT_PROJECT_ID=%s" % (_scw_access(), sec, _uuid())
    return t, sec, "SCW_DEFAULT_PROJECT_ID="


@_f(G, "ionos-cloud-token-jwt")
def _():
    k = _jwt(iss="ionoscloud", nsig=342)
    t = "IONOS_TOKEN=%s" % k
    return t, k, "IONOS_TOKEN="


@_f(G, "ionos-dns-api-key")
def _():
    whole, sec = _ionos_key()
    t = "ionos_dns_api_key: %s" % whole
    return t, sec, "ionos_dns_api_key:"


@_f(G, "infomaniak-api-token")
def _():
    k = _infomaniak()
    t = "INFOMANIAK_API_TOKEN=%s  # scope: domain:read, dns:write" % k
    return t, k, "scope: domain:read, dns:write"


@_f(G, "stackit-service-account-key-json")
def _():
    pem, body = _pem("RSA PRIVATE KEY", 1190)
    t = '{\n  "id": "%s",\n  "credentials": {\n    "iss": "deployer-%s@sa.stackit.cloud",\n    "privateKey": "%s"\n  }\n}' % (
        _uuid(), _s(5, _LOWNUM), pem.replace("\n", "\\n"))
    return t, body.replace("\n", "\\n"), "@sa.stackit.cloud"


@_f(G, "aws-secret-access-key")
def _():
    sk = _aws_secret()
    t = "AWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=%s\nAWS_REGION=eu-central-1" % (_aws_akid(), sk)
    return t, sk, "AWS_REGION=eu-central-1"


@_f(G, "openai-project-key")
def _():
    k = _openai()
    t = "OPENAI_API_KEY=%s" % k
    return t, k, "OPENAI_API_KEY="


@_f(G, "anthropic-api-key")
def _():
    k = _anthropic()
    t = "export ANTHROPIC_API_KEY=\"%s\"" % k
    return t, k, "export ANTHROPIC_API_KEY="


@_f(G, "mistral-api-key")
def _():
    k = _tok(32)
    t = "MISTRAL_API_KEY=%s  # La Plateforme, workspace %s" % (k, _company())
    return t, k, "La Plateforme"


@_f(G, "deepl-auth-key-free")
def _():
    k = _deepl()
    t = "DeepL-Auth-Key %s" % k
    return t, k, "DeepL-Auth-Key"


@_f(G, "huggingface-token")
def _():
    k = _hf()
    t = "huggingface-cli login --token %s --add-to-git-credential" % k
    return t, k, "--add-to-git-credential"


@_f(G, "npm-granular-token")
def _():
    k = _npm()
    t = "//registry.npmjs.org/:_authToken=%s" % k
    return t, k, "//registry.npmjs.org/"


@_f(G, "pypi-api-token")
def _():
    k = _pypi()
    t = "PYPI_API_TOKEN: %s" % k
    return t, k, "PYPI_API_TOKEN"


@_f(G, "docker-hub-pat")
def _():
    k = _dckr()
    t = "DOCKERHUB_USERNAME=%s\nDOCKERHUB_TOKEN=%s" % (_company(), k)
    return t, k, "DOCKERHUB_USERNAME="


@_f(G, "sendgrid-api-key")
def _():
    k = _sendgrid()
    t = "SENDGRID_API_KEY='%s'" % k
    return t, k, "SENDGRID_API_KEY"


@_f(G, "brevo-api-key")
def _():
    k = _brevo()
    t = "api-key: %s" % k
    return t, k, "api-key:"


@_f(G, "mailjet-secret-key")
def _():
    sec = _hex32()
    t = "MJ_APIKEY_PUBLIC=%s\nMJ_APIKEY_PRIVATE=%s" % (_hex(32), sec)
    return t, sec, "MJ_APIKEY_PUBLIC="


@_f(G, "mailgun-eu-api-key")
def _():
    k = _mailgun()
    t = "MAILGUN_API_KEY=%s\nMAILGUN_ENDPOINT=api.eu.mailgun.net" % k
    return t, k, "MAILGUN_ENDPOINT=api.eu.mailgun.net"


@_f(G, "postmark-server-token")
def _():
    k = _fuuid()
    t = "X-Postmark-Server-Token: %s" % k
    return t, k, "X-Postmark-Server-Token:"


@_f(G, "twilio-auth-token")
def _():
    k = _twilio_tok()
    t = "TWILIO_ACCOUNT_SID=AC%s\nTWILIO_AUTH_TOKEN=%s" % (_hex(32), k)
    return t, k, "TWILIO_ACCOUNT_SID=AC"


@_f(G, "messagebird-access-key")
def _():
    k = _tok(25, _ALNUM)
    t = "Authorization: AccessKey %s" % k
    return t, k, "Authorization: AccessKey"


@_f(G, "sipgate-personal-access-token")
def _():
    k = _fuuid()
    t = "SIPGATE_TOKEN_ID=token-%s\nSIPGATE_TOKEN=%s" % (_s(6, _UPNUM), k)
    return t, k, "SIPGATE_TOKEN_ID=token-"


@_f(G, "telegram-bot-token")
def _():
    k = _telegram()
    t = "Done! Congratulations on your new bot. Use this token to access the HTTP API:\n%s" % k
    return t, k, "Congratulations on your new bot."


@_f(G, "atlassian-api-token")
def _():
    k = _atlassian()
    t = "JIRA_USER=%s@%s\nJIRA_API_TOKEN=%s" % (_who("nl").lower(), _dom("nl"), k)
    return t, k, "JIRA_USER="


@_f(G, "linear-api-key")
def _():
    k = _linear()
    t = "LINEAR_API_KEY=%s" % k
    return t, k, "LINEAR_API_KEY="


@_f(G, "notion-integration-secret")
def _():
    k = _notion()
    t = "NOTION_TOKEN=%s\nNOTION_DATABASE_ID=%s" % (k, _hex(32))
    return t, k, "NOTION_DATABASE_ID="


@_f(G, "doppler-service-token")
def _():
    k = _doppler()
    t = "DOPPLER_TOKEN=%s" % k
    return t, k, "DOPPLER_TOKEN="


@_f(G, "hashicorp-vault-token")
def _():
    k = _vault_tok()
    t = "Key                  Value\n---                  -----\ntoken                %s\ntoken_duration       768h\ntoken_policies       [\"default\" \"ci\"]" % k
    return t, k, "token_duration       768h"


@_f(G, "terraform-cloud-api-token")
def _():
    k = _tfc()
    t = 'credentials "app.terraform.io" {\n  token = "%s"\n}' % k
    return t, k, 'credentials "app.terraform.io"'


@_f(G, "grafana-cloud-access-policy-token")
def _():
    k = _glc()
    t = "GRAFANA_CLOUD_TOKEN=%s" % k
    return t, k, "GRAFANA_CLOUD_TOKEN="


@_f(G, "sentry-org-auth-token")
def _():
    k = _sentry_org()
    t = "SENTRY_AUTH_TOKEN=%s\nSENTRY_ORG=%s" % (k, _company())
    return t, k, "SENTRY_ORG="


@_f(G, "datadog-api-key-eu")
def _():
    k = _hex32()
    t = "DD_SITE=datadoghq.eu\nDD_API_KEY=%s" % k
    return t, k, "DD_SITE=datadoghq.eu"


@_f(G, "cloudflare-api-token")
def _():
    k = _tok(40, _ALNUM + "-_")
    t = "dns_cloudflare_api_token = %s" % k
    return t, k, "dns_cloudflare_api_token"


@_f(G, "tailscale-auth-key")
def _():
    k = _tailscale()
    t = "sudo tailscale up --authkey=%s --advertise-tags=tag:server" % k
    return t, k, "--advertise-tags=tag:server"


@_f(G, "shopify-admin-access-token")
def _():
    k = _shpat()
    t = "X-Shopify-Access-Token: %s" % k
    return t, k, "X-Shopify-Access-Token:"


@_f(G, "shopware-integration-secret")
def _():
    sec = _tok(_n(54, 60), _ALNUM)
    t = "SHOPWARE_ACCESS_KEY_ID=SWIA%s\nSHOPWARE_SECRET_ACCESS_KEY=%s" % (_s(22, _UPNUM), sec)
    return t, sec, "SHOPWARE_ACCESS_KEY_ID=SWIA"


@_f(G, "sevdesk-api-token")
def _():
    k = _hex32()
    t = "Authorization: %s   <- sevDesk erwartet den Token ohne 'Bearer'" % k
    return t, k, "sevDesk erwartet den Token ohne 'Bearer'"


@_f(G, "lexoffice-public-api-key")
def _():
    k = _tok(_n(40, 48), _ALNUM + "-_")
    t = "LEXOFFICE_API_KEY=%s" % k
    return t, k, "LEXOFFICE_API_KEY="


@_f(G, "datev-client-secret")
def _():
    sec = _hex32()
    t = "datev:\n  client_id: %s\n  client_secret: %s\n  environment: sandbox" % (_hex(32), sec)
    return t, sec, "environment: sandbox"


@_f(G, "franceconnect-client-secret")
def _():
    sec = _hex64()
    t = "FC_CLIENT_ID=%s\nFC_CLIENT_SECRET=%s\nFC_URL=https://fcp.integ01.dev-franceconnect.fr" % (_hex(64), sec)
    return t, sec, "dev-franceconnect.fr"


@_f(G, "digid-saml-sp-private-key")
def _():
    pem, body = _pem("PRIVATE KEY", 1218)
    t = "# saml/sp-signing.key (DigiD SAML SP, acceptatie)\n%s" % pem
    return t, body, "DigiD SAML SP, acceptatie"


@_f(G, "psd2-qseal-private-key")
def _():
    pem, body = _pem("RSA PRIVATE KEY", 1190)
    t = "qseal.key (PSD2 eIDAS QSealC, TPP %s):\n%s" % (_c(["PSDDE-BAFIN-%06d" % _n(1, 999999), "PSDNL-DNB-R%06d" % _n(1, 999999)]), pem)
    return t, body, "PSD2 eIDAS QSealC"


@_f(G, "nextcloud-app-password")
def _():
    k = _ncapp()
    t = "Nextcloud → Einstellungen → Sicherheit → Neues App-Passwort \"rclone-backup\": %s" % k
    return t, k, "rclone-backup"


@_f(G, "matrix-access-token")
def _():
    k = _matrix()
    t = '{"user_id":"@%s:matrix.%s","access_token":"%s","home_server":"matrix.%s","device_id":"%s"}' % (
        "bot", "x", k, "x", _s(10, _UPNUM))
    t = t.replace("matrix.x", "matrix.%s" % _dom())
    return t, k, '"device_id"'


@_f(G, "mattermost-personal-access-token")
def _():
    k = _tok(26, _LOWNUM)
    t = "mmctl auth login https://chat.%s --name prod --username ci-bot --access-token %s" % (_dom(), k)
    return t, k, "--username ci-bot"


@_f(G, "gitea-forgejo-access-token")
def _():
    k = _hex40()
    t = "[codeberg]\nurl = https://codeberg.org\ntoken = %s" % k
    return t, k, "url = https://codeberg.org"


@_f(G, "age-secret-key")
def _():
    k = _age()
    t = "# created: %sT10:00:00+01:00\n# public key: age1%s\n%s" % (_date(), _s(58, _BECH.lower()), k)
    return t, k, "# public key: age1"


@_f(G, "openssh-private-key-deploy")
def _():
    pem, body = _openssh_key()
    t = "deploy_key (read-only, repo infra):\n%s" % pem
    return t, body, "deploy_key (read-only, repo infra)"


@_f(G, "google-api-key")
def _():
    k = _google_key()
    t = "GOOGLE_MAPS_API_KEY=%s" % k
    return t, k, "GOOGLE_MAPS_API_KEY="


@_f(G, "azure-storage-connection-string")
def _():
    k = _azure_key()
    t = "DefaultEndpointsProtocol=https;AccountName=%sstore;AccountKey=%s;EndpointSuffix=core.windows.net" % (_company().replace("-", "")[:14], k)
    return t, k, "EndpointSuffix=core.windows.net"


@_f(G, "digitalocean-pat")
def _():
    k = _dop()
    t = "doctl auth init --access-token %s" % k
    return t, k, "doctl auth init"


@_f(G, "pulumi-access-token")
def _():
    k = _pulumi()
    t = "PULUMI_ACCESS_TOKEN=%s" % k
    return t, k, "PULUMI_ACCESS_TOKEN="


@_f(G, "supabase-access-token")
def _():
    k = _supabase()
    t = "supabase login --token %s" % k
    return t, k, "supabase login"


@_f(G, "planetscale-password")
def _():
    k = _pscale()
    t = "DATABASE_URL=mysql://%s:%s@aws.connect.psdb.cloud/kasse?sslaccept=strict" % (_s(12, _LOWNUM), k)
    return t, k, "aws.connect.psdb.cloud"


@_f(G, "figma-personal-access-token")
def _():
    k = _figma()
    t = "X-Figma-Token: %s" % k
    return t, k, "X-Figma-Token:"


@_f(G, "new-relic-user-key")
def _():
    k = _newrelic()
    t = "NEW_RELIC_API_KEY=%s\nNEW_RELIC_REGION=EU" % k
    return t, k, "NEW_RELIC_REGION=EU"


@_f(G, "scalingo-api-token")
def _():
    k = _scalingo()
    t = "SCALINGO_API_TOKEN=%s\nSCALINGO_REGION=osc-fr1" % k
    return t, k, "SCALINGO_REGION=osc-fr1"


@_f(G, "sonarqube-user-token")
def _():
    k = _sonar()
    t = "SONAR_TOKEN=%s" % k
    return t, k, "SONAR_TOKEN="


@_f(G, "bol-com-retailer-client-secret")
def _():
    sec = _tok(_n(60, 70), _ALNUM + "-_")
    t = "BOL_CLIENT_ID=%s\nBOL_CLIENT_SECRET=%s" % (_uuid(), sec)
    return t, sec, "BOL_CLIENT_ID="


@_f(G, "sendcloud-secret-key")
def _():
    sec = _hex32()
    t = "SENDCLOUD_PUBLIC_KEY=%s\nSENDCLOUD_SECRET_KEY=%s" % (_hex(32), sec)
    return t, sec, "SENDCLOUD_PUBLIC_KEY="


@_f(G, "pipedrive-api-token")
def _():
    k = _hex40()
    t = "PIPEDRIVE_API_TOKEN=%s\nPIPEDRIVE_COMPANY_DOMAIN=%s" % (k, _company())
    return t, k, "PIPEDRIVE_COMPANY_DOMAIN="


@_f(G, "zammad-access-token")
def _():
    k = _tok(64, _ALNUM + "-_")
    t = "Authorization: Token token=%s" % k
    return t, k, "Authorization: Token token="


@_f(G, "odoo-api-key")
def _():
    k = _hex40()
    t = "ODOO_URL=https://erp.%s\nODOO_DB=prod\nODOO_API_KEY=%s" % (_dom("fr"), k)
    return t, k, "ODOO_DB=prod"


@_f(G, "paytrail-merchant-secret")
def _():
    sec = _tok(_n(20, 30), _UPNUM)
    t = "PAYTRAIL_MERCHANT_ID=%d\nPAYTRAIL_SECRET_KEY=%s" % (_n(100000, 999999), sec)
    return t, sec, "PAYTRAIL_MERCHANT_ID="


@_f(G, "multisafepay-api-key")
def _():
    k = _hex40()
    t = "msp_api_key: %s\nmsp_environment: live" % k
    return t, k, "msp_environment: live"


@_f(G, "buckaroo-secret-key")
def _():
    sec = _tok(_n(10, 16), _UPNUM)
    t = "BUCKAROO_WEBSITE_KEY=%s\nBUCKAROO_SECRET_KEY=%s" % (_s(10, _UPNUM), sec)
    return t, sec, "BUCKAROO_WEBSITE_KEY="


# ================================================================ BENIGN ====
# Look-alikes with no credential in them.

_BG = []


def _b(fn):
    _BG.append(fn)
    return fn


_COMMIT_MSGS = [
    "fix(kasse): Rundungsfehler bei MwSt. behoben", "chore: Passwort aus config.yml entfernt, jetzt über Vault",
    "feat: SEPA-Lastschrift via EBICS (Pain.008)", "refactor: token-handling vereinfacht",
    "fix: corrige la validation du mot de passe (12 caractères min.)", "docs: ajoute la procédure de rotation des clés",
    "feat(ideal): iDEAL 2.0 checkout flow", "chore: wachtwoordbeleid bijgewerkt", "fix: rimuove la chiave hardcoded dal test",
    "feat: añade soporte para Bizum", "fix: corrige a expiração do token de sessão", "feat: Swish QR-kod i kassan",
    "chore: roter nøkler hver 90. dag (dokumentasjon)", "fix: MobilePay webhook-signatur valideres nu",
    "docs: salasanakäytäntö päivitetty", "lagfæring: villa í innskráningu lagfærð", "feat: obsługa BLIK w checkout",
    "fix: oprava validace hesla", "ci: cache node_modules by lockfile hash", "build(deps): bump mollie-api-php to 2.71.0",
    "revert: \"feat: secrets aus env lesen\"", "test: ELSTER-Testzertifikat-Pfad konfigurierbar gemacht",
]


@_b
def _():
    lines = ["%s %s" % (_short(), _c(_COMMIT_MSGS)) for _ in range(_n(2, 4))]
    return "$ git log --oneline -%d\n%s" % (len(lines), "\n".join(lines))


@_b
def _():
    return "$ git rev-parse HEAD\n%s" % _sha()


@_b
def _():
    f = _c(["kasse-api-%d.%d.%d.tar.gz" % (_n(1, 4), _n(0, 20), _n(0, 9)), "ebics-client.jar", "elster-eric-40.2.8.zip", "node-v20.11.1-linux-x64.tar.xz"])
    return "$ sha256sum %s\n%s  %s" % (f, _hex(64), f)


@_b
def _():
    return "docker pull %s@sha256:%s" % (_c(["postgres:16-alpine", "ghcr.io/%s/api:1.%d.0" % (_company(), _n(1, 30)), "rg.fr-par.scw.cloud/%s/web" % _company()]), _hex(64))


@_b
def _():
    return 'psql "postgresql://%s:${PGPASSWORD}@%s:5432/%s"' % (_user(), _host("pg"), _c(["kasse", "ledger", "dwh"]))


@_b
def _():
    v = _c(["MOLLIE_API_KEY", "ADYEN_API_KEY", "HCLOUD_TOKEN", "SCW_SECRET_KEY", "VIPPS_ACCESS_TOKEN"])
    return 'curl -s -H "Authorization: Bearer $%s" https://%s/v%d/%s' % (v, _c(["api.mollie.com", "api.hetzner.cloud", "api.%s" % _dom()]), _n(1, 3), _c(["payments", "servers", "orders"]))


@_b
def _():
    return "docker login %s -u %s --password-stdin < /run/secrets/%s" % (_c(["ghcr.io", "rg.nl-ams.scw.cloud", "registry.%s" % _dom()]), _c(["ci", "nologin", "deploy"]), _c(["registry_token", "ghcr_pat", "scw_secret"]))


@_b
def _():
    return "kubectl -n %s create secret generic %s --from-file=tls.key=./certs/%s.key --from-file=tls.crt=./certs/%s.crt" % (
        _c(["shop", "egov", "bank"]), _c(["swish-cert", "bankid-rp", "qwac"]), _c(["swish", "rp", "qwac"]), _c(["swish", "rp", "qwac"]))


@_b
def _():
    return "vault kv get -field=%s secret/%s/%s" % (_c(["api_key", "client_secret", "password", "token"]), _c(["payments", "egov", "infra", "shop"]), _c(["adyen", "mollie", "franceconnect", "hetzner", "ovh", "datev"]))


@_b
def _():
    return "export HCLOUD_TOKEN=$(pass show %s)" % _c(["hetzner/cloud/prod", "hetzner/token-%s" % _c(["fsn1", "hel1"]), "infra/hcloud"])


@_b
def _():
    return 'op read "op://%s/%s/%s"' % (_c(["Infra", "Zahlungen", "Plattform"]), _c(["Hetzner Robot", "OVH API", "Mollie Live"]), _c(["password", "credential", "api key"]))


@_b
def _():
    return "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:%s %s@%s (ED25519)" % (_b64(32).rstrip("="), _who().lower(), _c(["thinkpad", "macbook", "ws-%d" % _n(1, 40)]))


@_b
def _():
    fp = ":".join(_HEX(2) for _ in range(32))
    return "$ openssl x509 -noout -fingerprint -sha256 -in %s.crt\nsha256 Fingerprint=%s" % (_c(["swish", "qwac", "bankid_rp", "api"]), fp)


@_b
def _():
    return ("Terraform will perform the following actions:\n  # hcloud_server.web will be updated in-place\n  ~ resource \"hcloud_server\" \"web\" {\n"
            "        id          = \"%d\"\n      ~ user_data   = (sensitive value)\n    }") % _n(10000000, 99999999)


@_b
def _():
    return "gh secret set %s --repo %s/%s < /dev/stdin   # Wert kommt aus der Zwischenablage" % (_c(["HCLOUD_TOKEN", "SCW_SECRET_KEY", "MOLLIE_KEY"]), _company(), _c(["infra", "shop"]))


@_b
def _():
    return "htpasswd -B /etc/nginx/.htpasswd %s   # fragt das Passwort interaktiv ab" % _c(["admin", "redaktion", "review"])


@_b
def _():
    return "mysql -h %s -u %s -p   # Passwort steht im Bitwarden-Eintrag '%s'" % (_host("mysql"), _user(), _c(["MySQL prod", "Shop DB", "Magento RO"]))


@_b
def _():
    return 'curl -u "$SEPA_USER:$SEPA_PASS" -T pain.001.%s.xml sftp://%s/inbox/' % (_date(), _host("sftp"))


@_b
def _():
    rows = ["%-28s %-36s %d      %dd" % (_c(["default-token-", "sh.helm.release.v1.api.v", "mollie-", "registry-"]) + _s(5, _LOWNUM), _c(["Opaque", "kubernetes.io/dockerconfigjson", "helm.sh/release.v1", "kubernetes.io/tls"]), _n(1, 6), _n(1, 300)) for _ in range(3)]
    return "$ kubectl get secrets -n %s\nNAME                         TYPE                                 DATA   AGE\n%s" % (_c(["shop", "payments"]), "\n".join(rows))


@_b
def _():
    return "$ docker images --digests | head -3\nREPOSITORY   TAG   DIGEST   IMAGE ID\n%s   %s   sha256:%s   %s" % (
        _c(["postgres", "keycloak", "nginx"]), _c(["16", "25.0", "1.27-alpine"]), _hex(64), _hex(12))


@_b
def _():
    pk = _c(["axios", "dayjs", "zod", "pino", "undici", "iban", "nodemailer", "jose"])
    v = "%d.%d.%d" % (_n(0, 9), _n(0, 30), _n(0, 20))
    return '"node_modules/%s": {\n  "version": "%s",\n  "resolved": "https://registry.npmjs.org/%s/-/%s-%s.tgz",\n  "integrity": "sha512-%s"\n}' % (
        pk, v, pk, pk, v, _b64(64))


@_b
def _():
    pk = _c(["requests", "psycopg", "mollie-api-python", "cryptography", "zeep"])
    return "%s==%d.%d.%d \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s" % (pk, _n(1, 4), _n(0, 30), _n(0, 9), _hex(64), _hex(64))


@_b
def _():
    mod = _c(["github.com/hetznercloud/hcloud-go/v2", "github.com/ovh/go-ovh", "github.com/scaleway/scaleway-sdk-go"])
    return "%s v%d.%d.%d h1:%s\n%s v%d.%d.%d/go.mod h1:%s" % (mod, _n(0, 2), _n(0, 30), _n(0, 9), _b64(32), mod, _n(0, 2), _n(0, 30), _n(0, 9), _b64(32))


@_b
def _():
    return "$ git ls-remote origin\n%s\tHEAD\n%s\trefs/heads/main\n%s\trefs/tags/v%d.%d.%d" % (_sha(), _sha(), _sha(), _n(1, 3), _n(0, 20), _n(0, 9))


@_b
def _():
    return "$ vault kv metadata get secret/%s\n===== Metadata =====\ncreated_time     %s\ncurrent_version  %d\nmax_versions     10\nupdated_time     %s" % (
        _c(["shop/mollie", "egov/elster", "bank/ebics", "infra/hetzner"]), _ts(), _n(1, 30), _ts())


@_b
def _():
    return "Finding:     password: \"REDACTED\"\nSecret:      REDACTED\nRuleID:      generic-api-key\nEntropy:     %0.6f\nFile:        %s\nLine:        %d\nFingerprint: %s:%s:generic-api-key:%d" % (
        3 + _R.random() * 2, _c(["config/app.yml", "deploy/values.yaml"]), _n(1, 200), _sha(), _c(["config/app.yml", "deploy/values.yaml"]), _n(1, 200))


@_b
def _():
    return "$ env | grep -i token\nHCLOUD_TOKEN=***\nGITLAB_TOKEN=<masked>\nTOKEN_TTL_SECONDS=%d" % _c([900, 3600, 86400])


@_b
def _():
    return "Run curl -H \"Authorization: Bearer ***\" https://api.%s/deploy\n  curl -H \"Authorization: Bearer ***\" https://api.%s/deploy\n  shell: /usr/bin/bash -e {0}\n  env:\n    API_TOKEN: ***" % (_dom(), _dom())


@_b
def _():
    return "$ ssh-add -l\n256 SHA256:%s %s@%s (ED25519)\n3072 SHA256:%s deploy@ci (RSA)" % (_b64(32).rstrip("="), _who().lower(), _company(), _b64(32).rstrip("="))


@_b
def _():
    d = _dom()
    return "$ gpg --list-keys release@%s\npub   ed25519 2024-%02d-%02d [SC] [expires: 2026-%02d-%02d]\n      %s\nuid           [ultimate] %s Release Signing <release@%s>" % (
        d, _n(1, 12), _n(1, 28), _n(1, 12), _n(1, 28), _HEX(40), _company(), d)


@_b
def _():
    return "depth=0 CN = api.%s\nverify return:1\n---\nServer certificate\nsubject=CN = api.%s\nissuer=C = US, O = Let's Encrypt, CN = R11\nSerial Number: %s" % (_dom(), _dom(), ":".join(_hex(2) for _ in range(18)))


@_b
def _():
    return "$ kubectl get pods -n %s\nNAME                          READY   STATUS    RESTARTS   AGE\napi-%s-%s   1/1     Running   0          %dh\nworker-%s-%s   1/1     Running   %d          %dd" % (
        _c(["shop", "payments", "egov"]), _hex(10), _s(5, _LOWNUM), _n(1, 23), _hex(10), _s(5, _LOWNUM), _n(0, 3), _n(1, 40))


@_b
def _():
    return "$ docker ps --format '{{.ID}} {{.Names}}'\n%s kasse-api-1\n%s kasse-db-1\n%s kasse-redis-1" % (_hex(12), _hex(12), _hex(12))


@_b
def _():
    return "$ uuidgen\n%s" % _uuid()


@_b
def _():
    return "$ hcloud server list\nID         NAME          STATUS    IPV4            DATACENTER\n%d   %s   running   %s    %s" % (
        _n(10000000, 99999999), _c(["stg-web-1", "k3s-cp-1", "runner-2"]), _pubip(), _c(["fsn1-dc14", "nbg1-dc3", "hel1-dc2"]))


@_b
def _():
    return "$ scw instance server list\nID                                    NAME        TYPE       STATE\n%s  %s  %s  running" % (_uuid(), _c(["web-par1", "db-ams1"]), _c(["DEV1-S", "PRO2-XS", "GP1-XS"]))


@_b
def _():
    return '$ ovh-cli GET /me\n{"nichandle": "%s%d-ovh", "country": "FR", "currency": {"code": "EUR"}, "state": "complete"}' % (_s(2, _LOW), _n(10000, 99999))


@_b
def _():
    v = _c(["MOLLIE_API_KEY=", "MOLLIE_API_KEY=<dein-test-key>", "MOLLIE_API_KEY=test_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "MOLLIE_API_KEY=your_key_here"])
    return "# .env.example – echte Werte NICHT committen\nAPP_ENV=local\n%s\nDB_PASSWORD=\nDB_HOST=127.0.0.1" % v


@_b
def _():
    return "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/%s\n    secrets:\n      - %s\nsecrets:\n  %s:\n    file: ./secrets/%s.txt" % (
        ("pg_pw",) * 4)


@_b
def _():
    return "env:\n  - name: %s\n    valueFrom:\n      secretKeyRef:\n        name: %s\n        key: %s" % (
        _c(["ADYEN_API_KEY", "DB_PASSWORD", "VIPPS_CLIENT_SECRET", "FC_CLIENT_SECRET"]), _c(["psp-keys", "db-credentials", "vipps", "franceconnect"]), _c(["api-key", "password", "client-secret"]))


@_b
def _():
    return "spring:\n  datasource:\n    url: jdbc:postgresql://%s:5432/%s\n    username: ${DB_USER}\n    password: ${DB_PASSWORD:}" % (_host("pg"), _c(["sepa", "lager", "fibu"]))


@_b
def _():
    return 'variable "hcloud_token" {\n  type      = string\n  sensitive = true\n}\n\nprovider "hcloud" {\n  token = var.hcloud_token\n}'


@_b
def _():
    return "postgresql_users:\n  - name: %s\n    password: \"{{ vault_%s_password }}\"" % ((_c(["odoo", "gitea", "keycloak", "matomo"]),) * 2)


@_b
def _():
    return "        env:\n          HCLOUD_TOKEN: ${{ secrets.HCLOUD_TOKEN }}\n          SCW_SECRET_KEY: ${{ secrets.SCW_SECRET_KEY }}\n          RUN_ID: ${{ github.run_id }}-%d" % _n(1, 999)


@_b
def _():
    return "  script:\n    - echo \"$CI_REGISTRY_PASSWORD\" | docker login $CI_REGISTRY -u $CI_REGISTRY_USER --password-stdin\n    - docker build -t $CI_REGISTRY_IMAGE:%s ." % _c(["$CI_COMMIT_SHORT_SHA", "latest", "v1.%d" % _n(1, 99)])


@_b
def _():
    return "password_policy:\n  min_length: %d\n  require_digit: true\n  require_symbol: %s\n  max_age_days: %d\n  history: %d" % (_n(10, 16), _c(["true", "false"]), _c([90, 180, 365]), _n(3, 12))


@_b
def _():
    return "PASSWORD_HASHERS = [\n    'django.contrib.auth.hashers.Argon2PasswordHasher',\n    'django.contrib.auth.hashers.PBKDF2PasswordHasher',\n]\nAUTH_PASSWORD_VALIDATORS = [{'NAME': '...MinimumLengthValidator', 'OPTIONS': {'min_length': %d}}]" % _n(10, 14)


@_b
def _():
    return "# /etc/ssh/sshd_config.d/10-hardening.conf\nPasswordAuthentication no\nPermitRootLogin prohibit-password\nPubkeyAuthentication yes\nMaxAuthTries %d" % _n(3, 6)


@_b
def _():
    return "%s ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s" % (_c(["[%s.your-storagebox.de]:23" % ("u%d" % _n(100000, 499999)), _host("git"), _pubip()]), _b64(32)[:43])


@_b
def _():
    return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@%s" % (_b64(32)[:43], _who().lower(), _c(["laptop", "ci", "bastion"]))


@_b
def _():
    body = _pem_body(294)
    return "-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % body


@_b
def _():
    body = _pem_body(_c([800, 900, 1000]))
    return "# Swish CA (öffentlich, aus der Doku)\n-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % body


@_b
def _():
    return json.dumps({"keys": [{"kty": "RSA", "use": "sig", "kid": _hex(16), "alg": "RS256", "e": "AQAB", "n": _b64u(256)}]}, indent=1)


@_b
def _():
    return '<script src="/assets/app.%s.js" integrity="sha384-%s" crossorigin="anonymous"></script>' % (_hex(8), _b64(48))


@_b
def _():
    return "Content-Security-Policy: script-src 'self' 'nonce-%s' https://checkoutshopper-live.adyen.com" % _b64(16)


@_b
def _():
    return '[[package]]\nname = "%s"\nversion = "%d.%d.%d"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "%s"' % (
        _c(["reqwest", "serde", "tokio", "rustls"]), _n(0, 2), _n(0, 40), _n(0, 20), _hex(64))


@_b
def _():
    return '"@%s/ui@^%d.%d.0":\n  version "%d.%d.%d"\n  resolved "https://npm.pkg.github.com/download/@%s/ui/%d.%d.%d/%s"\n  integrity sha512-%s' % (
        "kasse", 2, 3, 2, 3, _n(0, 9), "kasse", 2, 3, _n(0, 9), _hex(40), _b64(64))


@_b
def _():
    return "image: docker.io/library/postgres:16.%d@sha256:%s  # renovate: pinned digest" % (_n(1, 6), _hex(64))


@_b
def _():
    return "dependencies:\n- name: postgresql\n  repository: oci://registry-1.docker.io/bitnamicharts\n  version: %d.%d.%d\ndigest: sha256:%s\ngenerated: \"%s\"" % (_n(12, 16), _n(0, 9), _n(0, 9), _hex(64), _ts())


@_b
def _():
    txt = _c(["server {\n  listen 80;\n}\n", "[general]\nlocale = de_DE\n", "Hallo Welt – Konfiguration v%d\n" % _n(1, 9), "log_level=info\nworkers=%d\n" % _n(1, 16)])
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %s\nbinaryData:\n  app.conf: %s" % (_c(["nginx-conf", "app-settings"]), _b64txt(txt))


@_b
def _():
    payload = json.dumps({"locale": _c(["de-DE", "fr-FR", "nl-NL", "sv-SE"]), "theme": _c(["dark", "light"]), "beta": _c([True, False])})
    return "data:application/json;base64,%s" % _b64txt(payload)


@_b
def _():
    return "creation_rules:\n  - path_regex: secrets/.*\\.yaml$\n    age: >-\n      age1%s,\n      age1%s" % (_s(58, _BECH.lower()), _s(58, _BECH.lower()))


@_b
def _():
    return "vipps:\n    client_secret: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    lastmodified: \"%s\"\n    version: 3.8.1" % (_b64(30), _b64(32), _b64(16), _ts())


@_b
def _():
    lines = "\n".join(_hex(80) for _ in range(_n(3, 5)))
    return "$ANSIBLE_VAULT;1.1;AES256\n%s" % lines


@_b
def _():
    return "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: %s\nspec:\n  encryptedData:\n    password: Ag%s" % (_c(["db-credentials", "ebics", "smtp"]), _b64(200))


@_b
def _():
    return "// öffentlich, darf ins Frontend\nconst stripe = Stripe('pk_test_51%s');" % _s(97)


@_b
def _():
    return "const checkout = await AdyenCheckout({ clientKey: 'test_%s', environment: 'test', locale: '%s' });" % (_s(32, _UPNUM), _c(["nl-NL", "de-DE", "fr-FR"]))


@_b
def _():
    return "unzer = new Unzer('s-pub-2a10%s'); // Public Key – unkritisch" % _s(32)


@_b
def _():
    return "%s INFO mollie: payment tr_%s status=paid profile=pfl_%s customer=cst_%s" % (_ts(), _s(10), _s(10), _s(10))


@_b
def _():
    return "Scaleway Access Key ID (kein Secret): %s – der Secret Key liegt in Vault unter secret/infra/scw" % _scw_access()


@_b
def _():
    return "# Beispiel aus der AWS-Doku, kein echter Schlüssel\naws_access_key_id = AKIAIOSFODNN7EXAMPLE"


@_b
def _():
    return "FranceConnect client_id (public, visible dans l'URL d'autorisation) : %s" % _hex(64)


@_b
def _():
    return "EBICS: HostID=%s PartnerID=%s UserID=%s (Bankparameter, keine Geheimnisse)" % (_c(["EBIXQUAL", "SPKBDE3X", "HYPOEBIX", "RABOEBICS"]), _s(8, _UPNUM), _s(8, _UPNUM))


@_b
def _():
    return "Empfänger: %s, IBAN DE%02d **** **** **** **%02d, BIC %s" % (_company(), _n(10, 99), _n(10, 99), _c(["COBADEFFXXX", "INGDDEFFXXX", "RABONL2U", "NDEASESS", "DNBANOKK"]))


@_b
def _():
    return "%s INFO vipps: orderId=%s msn=%d state=AUTHORIZED amount=%d EUR" % (_ts(), "order-%s" % _hex(12), _n(100000, 999999), _n(100, 99999))


@_b
def _():
    return "Swish-nummer: 123 %03d %02d %02d (betalningsmottagare %s)" % (_n(0, 999), _n(0, 99), _n(0, 99), _company("sv"))


@_b
def _():
    return "%s INFO bankid: auth started orderRef=%s (hintCode=outstandingTransaction)" % (_ts(), _uuid())


@_b
def _():
    return "ELSTER Übermittlung erfolgreich – Transferticket: %s%s, Datenart UStVA %s" % (_s(2, _UPNUM), _s(14, _DIG), _c(["01/2025", "Q1/2025", "02/2025"]))


@_b
def _():
    return "DATEV: Beraternummer %d, Mandantennummer %05d – Export %s nach DATEV Unternehmen online" % (_n(1000000, 9999999), _n(1, 99999), _date())


@_b
def _():
    return "DigiD SAML metadata: entityID=\"https://%s/saml/sp\" OIN=0000000%013d" % (_dom("nl"), _n(10 ** 12, 10 ** 13 - 1))


@_b
def _():
    return "%s INFO request_id=%s method=POST path=/api/v1/checkout status=201 duration_ms=%d" % (_ts(), _uuid(), _n(5, 900))


@_b
def _():
    return "traceparent: 00-%s-%s-01" % (_hex(32), _hex(16))


@_b
def _():
    msg = _c(["Login fehlgeschlagen für Benutzer '%s' (falsches Passwort, Versuch %d/5)", "Password reset requested for %s, mail sent (attempt %d)",
              "Mot de passe modifié pour l'utilisateur %s (session %d invalidée)", "Wachtwoord verlopen voor %s, gebruiker moet resetten (%d dagen)"])
    return "%s WARN auth: %s" % (_ts(), msg % (_who().lower(), _n(1, 5)))


@_b
def _():
    return 'Parameters: {"user"=>{"email"=>"%s@%s", "password"=>"[FILTERED]", "password_confirmation"=>"[FILTERED]"}}' % (_who().lower(), _dom())


@_b
def _():
    return "%s DEBUG http: GET https://api.%s/v1/accounts Authorization: Bearer [REDACTED] -> 200 (%d ms)" % (_ts(), _dom(), _n(10, 900))


@_b
def _():
    return "Sentry event %s captured (release kasse@%d.%d.%d, environment production)" % (_hex(32), _n(1, 4), _n(0, 30), _n(0, 9))


@_b
def _():
    return "< HTTP/2 200\n< etag: W/\"%s\"\n< x-request-id: %s\n< cache-control: private, max-age=0" % (_hex(32), _uuid())


@_b
def _():
    return "%s INFO webhook: signature verified (key id %s, alg ed25519) event=%s" % (_ts(), _hex(8), _c(["payment.paid", "refund.settled", "mandate.created"]))


@_b
def _():
    return "Restoring cache... cache hit for key: %s-node-modules-%s" % (_c(["Linux", "macOS"]), _hex(64))


@_b
def _():
    return "dist/assets/index-%s.js   %d.%02d kB │ gzip: %d.%02d kB\ndist/assets/vendor-%s.css  %d.%02d kB" % (_s(8, _ALNUM + "-_"), _n(10, 900), _n(0, 99), _n(5, 300), _n(0, 99), _s(8, _ALNUM + "-_"), _n(1, 90), _n(0, 99))


@_b
def _():
    return "%s INFO adyen: AUTHORISATION success pspReference=%d merchantReference=ORDER-%d" % (_ts(), _n(10 ** 15, 10 ** 16 - 1), _n(10000, 99999))


_PROSE = [
    "Passwörter bitte ausschließlich über den Teampasswortsafe teilen, niemals per Slack oder E-Mail.",
    "Neue Passwortrichtlinie: mindestens 14 Zeichen, keine Wiederverwendung der letzten 10 Passwörter.",
    "Le mot de passe doit contenir au moins 12 caractères, dont un chiffre et un caractère spécial.",
    "Ne partagez jamais vos identifiants par e-mail ; utilisez le coffre-fort Vaultwarden de l'équipe.",
    "Wachtwoorden deel je via de gedeelde kluis in Bitwarden, nooit in Teams of per mail.",
    "La password deve essere cambiata ogni 90 giorni e non può essere uguale alle ultime 5.",
    "Las contraseñas se guardan en el gestor corporativo; nunca las pegues en Jira ni en Slack.",
    "A palavra-passe tem de ter pelo menos 12 caracteres; use o gestor de palavras-passe da equipa.",
    "Lösenord delas endast via lösenordshanteraren, aldrig i Slack eller i mejl.",
    "Passord skal aldri sendes på e-post. Bruk felles hvelv i 1Password.",
    "Adgangskoder deles kun via Bitwarden-organisationen, aldrig i chatten.",
    "Salasanoja ei koskaan jaeta sähköpostilla tai Slackissa – käytä tiimin salasanaholvia.",
    "Lykilorð má aldrei senda í tölvupósti; notið sameiginlega lykilorðageymslu teymisins.",
    "Hasła przekazujemy wyłącznie przez menedżer haseł, nigdy na Slacku ani mailem.",
    "Hesla sdílíme pouze přes správce hesel, nikdy přes Slack nebo e-mail.",
    "Reminder: the Hetzner Cloud token is rotated every 90 days by the platform team; ask in #plattform if yours expired.",
    "The Adyen API key lives only in Vault (secret/payments/adyen); CI reads it via the JWT auth method.",
    "Never paste the Mollie live key into tickets – reference the Vault path instead.",
]


@_b
def _():
    return _c(_PROSE) + _c(["", " (%s)" % _who(), " – %s" % _date(), " [%s]" % _ticket()])


@_b
def _():
    where = _c(["Vault unter secret/shop/mollie", "Bitwarden, Sammlung 'Zahlungen'", "1Password-Tresor 'Infra'", "GitLab CI-Variable MOLLIE_KEY (masked, protected)",
                "Azure Key Vault kv-%s" % _company()[:10], "SOPS-Datei secrets/prod.enc.yaml"])
    return "%s: Der neue Key liegt in %s. Bitte nicht kopieren, sondern dort referenzieren." % (_who("de"), where)


@_b
def _():
    return "%s : le secret FranceConnect a été régénéré et stocké dans %s ; l'ancien est révoqué." % (_who("fr"), _c(["le coffre Vault (secret/egov/fc)", "Scaleway Secret Manager", "le gestionnaire de secrets OVH"]))


@_b
def _():
    return "%s: heb het nieuwe wachtwoord in de kluis gezet onder '%s', kun je checken of je erbij kunt?" % (_who("nl"), _c(["Mollie Dashboard", "DigiD SP", "Acceptatie DB"]))


@_b
def _():
    return "Token wurde rotiert, alter Token widerrufen (letzte 4 Zeichen: %s). Neuer Token nur in Vault. [%s]" % (_s(4), _ticket())


@_b
def _():
    return "Postmortem %s: Ein API-Key war 40 Minuten öffentlich im Repo sichtbar. Maßnahmen: Key widerrufen, gitleaks als Pre-Commit-Hook, Schulung." % _date()


@_b
def _():
    return "Decision: secrets are injected at runtime from Vault via the agent sidecar; no credential is baked into images. (ADR-%03d)" % _n(1, 200)


@_b
def _():
    return "%s: hast du das neue Passwort für den Robot-Account?\n%s: ja, steht im Bitwarden unter \"%s\"" % (_who("de"), _who("de"), _c(["Hetzner Robot", "Storage Box", "OVH Manager"]))


@_b
def _():
    return "Ticket %s: Bitte den Klarna-Testzugang für die Agentur freischalten. Zugangsdaten schicke ich separat über den Passwortsafe." % _ticket()


@_b
def _():
    return "TODO: rotate %s (owner: %s, due %s) – see runbook docs/runbooks/secret-rotation.md" % (_c(["HCLOUD_TOKEN", "OVH consumer key", "Swish cert", "BankID RP cert", "EBICS keys"]), _who(), _date())


@_b
def _():
    return "    sensitive = true  # Wert kommt aus TF_VAR_%s" % _c(["hcloud_token", "ovh_application_secret", "scw_secret_key", "stackit_sa_key"])


@_b
def _():
    return "docker build --secret id=npmrc,src=$HOME/.npmrc --build-arg VERSION=%d.%d.%d -t %s/web ." % (_n(1, 3), _n(0, 20), _n(0, 9), _company())


@_b
def _():
    return "ARG NPM_TOKEN\nRUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci --omit=dev  # build %s" % _short()


@_b
def _():
    return "cosign verify ghcr.io/%s/api@sha256:%s --certificate-identity-regexp '.*' --certificate-oidc-issuer https://token.actions.githubusercontent.com" % (_company(), _hex(64))


@_b
def _():
    tpl = _c(["ghp_" + "*" * 36, "glpat-" + "X" * 20, "xoxb-****-****-" + "*" * 24, "live_" + "*" * 26 + _s(4),
              "sk_live_51…" + _s(4), "AQE…(gekürzt)", "hvs.**********", "npm_" + "•" * 36])
    return "Token (maskiert, nur zur Zuordnung): %s" % tpl


@_b
def _():
    return "GitHub classic personal access tokens start with ghp_ followed by 36 alphanumeric characters; fine-grained ones start with github_pat_. Rule %d covers both." % _n(1, 99)


@_b
def _():
    return "%s INFO ebics: HPB download ok, bank keys hash %s (compare with Bankbrief)" % (_ts(), " ".join(_HEX(2) for _ in range(32)))


@_b
def _():
    return "Konto: %s · Kundennummer K%d · Vertrag %s (Hetzner Robot, keine Zugangsdaten)" % (_c(["Hetzner Online GmbH", "OVH SAS", "IONOS SE"]), _n(1000000, 9999999), _c(["SB-%d" % _n(100000, 999999), "AX41-%d" % _n(1000, 9999)]))


@_b
def _():
    return "password: ********\nuser: %s\nhost: %s" % (_user(), _host("pg"))


@_b
def _():
    return "DB_PASSWORD=${DB_PASSWORD:?DB_PASSWORD must be set}  # %s" % _c(["fail fast", "kein Default!", "pas de valeur par défaut"])


@_b
def _():
    return "api_key: <your-%s-api-key>\napi_base: https://%s" % (_c(["mollie", "adyen", "brevo", "sendcloud"]), _c(["api.mollie.com/v2", "checkout-test.adyen.com/v71", "api.brevo.com/v3"]))


@_b
def _():
    return "  client_secret: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=secret/data/%s:client_secret') }}\"" % _c(["egov/franceconnect", "bank/tink", "erp/fortnox"])


@_b
def _():
    return "cache-key: v%d-deps-%s-%s" % (_n(1, 5), _c(["linux", "darwin"]), _hex(64))


@_b
def _():
    return "%s DEBUG session: created sid_hash=%s (sha256 of session id, not the id itself)" % (_ts(), _hex(64))


@_b
def _():
    return "Release v%d.%d.%d (%s) – build %d, commit %s" % (_n(1, 4), _n(0, 30), _n(0, 9), _date(), _n(1000, 9999), _short())


@_b
def _():
    return "/etc/ssl/private/%s.key  (Pfad nur referenziert, Datei liegt nicht im Repo)" % _c(["api", "swish", "qwac", "bankid", "wildcard.%s" % _company()])


@_b
def _():
    return "kid=%s alg=ES256 use=sig (public key published at https://%s/.well-known/jwks.json)" % (_hex(16), _dom())


@_b
def _():
    return "%s INFO gitlab: pipeline %d for %s passed (job token scope: project)" % (_ts(), _n(100000, 999999), _short())


@_b
def _():
    return "Mollie-Profil-ID: pfl_%s, Webshop %s (öffentlich, steht auch in der Checkout-URL)" % (_s(10), _dom("de"))


@_b
def _():
    return "token_endpoint: https://auth.%s/oauth2/token\nauthorization_endpoint: https://auth.%s/oauth2/authorize\nscopes_supported: [openid, profile, accounts, payments]" % (_dom(), _dom())


@_b
def _():
    return "Set-Cookie: consent=%s; Path=/; Max-Age=31536000; SameSite=Lax  (Cookie-Banner-Auswahl, keine Sitzung)" % _c(["necessary", "necessary,statistics", "all"])


@_b
def _():
    return "OVH_APPLICATION_SECRET=${OVH_APPLICATION_SECRET}\nOVH_CONSUMER_KEY=${OVH_CONSUMER_KEY}\nOVH_ENDPOINT=%s" % _c(["ovh-eu", "ovh-ca", "soyoustart-eu", "kimsufi-eu"])


@_b
def _():
    return "Suomi.fi-tunnistus: metadata https://%s/saml/metadata, entityID %s, sertifikaatin sormenjälki SHA256 %s" % (_dom("fi"), "https://%s/sp" % _dom("fi"), ":".join(_HEX(2) for _ in range(32)))


@_b
def _():
    return "itsme: client_id %s, redirect_uri https://%s/itsme/callback, JWKS public endpoint /.well-known/jwks.json" % (_s(10, _UPNUM), _dom("fr"))


@_b
def _():
    return "KSeF: numer referencyjny sesji %s-%s-%s-%s, status 200 (zakończona)" % (_date().replace("-", ""), _s(2, _UPNUM), _HEX(10), _HEX(2))


@_b
def _():
    return "%s: sdílená hesla jsme přesunuli do Bitwardenu (kolekce '%s'), v wiki už nic není." % (_who("cs"), _c(["Platby", "Infrastruktura", "Banka"]))


@_b
def _():
    return "%s: salasana vaihdettu ja tallennettu holviin (%s). Vanha ei enää toimi." % (_who("fi"), _c(["Bitwarden", "1Password", "Vault"]))


@_b
def _():
    return "%s: nytt passord ligger i 1Password under «%s», ikke del det i Slack." % (_who("no"), _c(["Vipps test", "Altinn", "Tripletex"]))


@_b
def _():
    return "%s: la contraseña nueva está en el gestor, entrada \"%s\". No la pegues aquí 🙏" % (_who("es"), _c(["Redsys pruebas", "AEAT certificado", "Holded API"]))


@_b
def _():
    return "%s: a chave foi rodada e está no cofre (%s). A antiga já foi revogada." % (_who("pt"), _c(["Vault", "Bitwarden", "Azure Key Vault"]))


@_b
def _():
    return "%s: ho aggiornato la password nel vault di team (voce \"%s\"), controlla se riesci ad accedere." % (_who("it"), _c(["SdI canale", "Nexi XPay", "DB collaudo"]))


@_b
def _():
    return "%s: lykilorðið er komið í sameiginlegu geymsluna (%s)." % (_who("is"), _c(["Bitwarden", "1Password"]))


@_b
def _():
    return "%s: hasło jest w menedżerze haseł w folderze '%s', nie wklejaj go tutaj." % (_who("pl"), _c(["Przelewy24", "KSeF", "Baza testowa"]))


@_b
def _():
    return "%s: adgangskoden ligger i Bitwarden under '%s' – sig til hvis du mangler adgang." % (_who("da"), _c(["MobilePay test", "e-conomic", "MitID Erhverv"]))


@_b
def _():
    return "%s: lösenordet ligger i 1Password under \"%s\", hör av dig om du inte kommer åt det." % (_who("sv"), _c(["Swish test", "BankID RP", "Fortnox"]))


@_b
def _():
    return "%s INFO swish: payment request created, id=%s, status=CREATED" % (_ts(), _HEX(32))


@_b
def _():
    return "Steuernummer %d/%d/%05d, USt-IdNr. DE%09d (öffentliche Unternehmensangaben für die Rechnung)" % (_n(10, 99), _n(100, 999), _n(0, 99999), _n(100000000, 999999999))


@_b
def _():
    return "Attestation: %s  subject=%s/%s  predicateType=https://slsa.dev/provenance/v1" % ("sha256:" + _hex(64), "ghcr.io", _company())


@_b
def _():
    return "terraform {\n  backend \"s3\" {\n    bucket   = \"%s-tfstate\"\n    key      = \"prod/terraform.tfstate\"\n    endpoint = \"https://s3.fr-par.scw.cloud\"\n  }\n}\n# lineage: %s" % (_company(), _uuid())


@_b
def _():
    return "$ git stash list\nstash@{0}: WIP on main: %s %s\nstash@{1}: On feature/%s: %s" % (_short(), _c(_COMMIT_MSGS), _c(["bizum", "swish", "ebics", "ideal"]), _c(_COMMIT_MSGS))


@_b
def _():
    return "Merge request !%d: \"%s\" – approved by %s, pipeline #%d passed, squash commit %s" % (_n(10, 2000), _c(_COMMIT_MSGS), _who(), _n(10000, 999999), _sha())


@_b
def _():
    return "<add key=\"ClearTextPassword\" value=\"%%%s%%\" />  <!-- aus Umgebungsvariable -->" % _c(["NUGET_PAT", "FEED_TOKEN", "AZDO_PAT"])


@_b
def _():
    return "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n@%s:registry=https://npm.pkg.github.com" % _company()


@_b
def _():
    return "[storagebox]\ntype = sftp\nhost = u%d.your-storagebox.de\nuser = u%d\nport = 23\nkey_file = ~/.ssh/id_ed25519_storagebox" % ((_n(100000, 499999),) * 2)


# ============================================================== assembly ====

_GROUP_ORDER = ["command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
                "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 188


def _ok(entry, seen):
    text, secret, visible = entry
    if not secret or len(secret) < 6 or secret not in text or secret in seen:
        return False
    if visible and (visible not in text or secret in visible):
        return False
    return True


def _build_secrets():
    by_group = {}
    for g, name, fn in _FORMATS:
        by_group.setdefault(g, []).append((name, fn))
    out = []
    seen = set()
    for g in _GROUP_ORDER:
        fmts = by_group[g]
        k = len(fmts)
        base, extra = divmod(_PER_GROUP, k)
        if base >= 3:
            base, extra = 3, 0
        bonus = set(_R.sample(range(k), extra)) if extra else set()
        for idx, (name, fn) in enumerate(fmts):
            uses = min(3, base + (1 if idx in bonus else 0))
            for _ in range(uses):
                for _attempt in range(20):
                    entry = fn()
                    if _ok(entry, seen):
                        break
                else:
                    continue
                text, secret, visible = entry
                seen.add(secret)
                out.append((g, name, text, secret, visible))
    return out


def _build_benign(secrets, want=950):
    secs = [s for (_, _, _, s, _) in secrets]
    out = []
    have = set()
    for _pass in range(40):
        for fn in _BG:
            if len(out) >= want:
                return out
            v = fn()
            if v in have:
                continue
            if any(s in v for s in secs):
                continue
            have.add(v)
            out.append(v)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)

del G
