"""Blind hold-out corpus #91 for a secret-redaction engine.

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
Translation and localisation agencies and in-house l10n teams: TMS/CAT
platforms (Crowdin, Lokalise, Phrase/Memsource, Transifex, Smartling, XTM,
memoQ server, Trados GroupShare, Weblate, Pontoon), machine-translation APIs
(DeepL, Google Translate, Azure Translator, Amazon Translate, ModernMT,
Yandex), subtitle and dubbing pipelines (SRT/VTT tools, ElevenLabs voices,
Rev, Verbit), i18n files in repos (gettext .po, XLIFF, JSON/YAML locale
files, Android strings.xml, iOS .strings), CMS connectors and string-sync CI
jobs, freelance translator portals and invoicing; notes and chats in
English, Spanish, French, Italian, Portuguese, Polish, Arabic and Korean.

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
Blind, with the engine of the session that read it, before any rule from it: recall 0.937 (1,402 of
1,496) and false positives 11 of 950 (1.2%). Tuned on since by classes (DeepL keys (`:fx`, and a
UUID the line names as DeepL's), Transifex and old Yandex Translate keys, ModernMT licence keys
after the vendor's name, a client's one generated literal (`RevAiAPIClient("…")`), `user / password`
after an account's word, Spanish `la contra …`, Markdown's `**Password:** …`, Android string
resources that are a screen's words): 0.977 (1,463) and 5 (0.5%).
"""

import base64
import hashlib
import json
import random
import re
import string
import unicodedata

SEED = 2964051
_R = random.Random(SEED)

_GROUPS = ("command", "tool-output", "config-file", "source-code",
           "stack-trace-or-log", "note-or-chat", "ci-and-deploy",
           "vendor-token")
_PER_GROUP = 187
_N_BENIGN = 950

_LO = string.ascii_lowercase
_UP = string.ascii_uppercase
_DG = string.digits
_AN = _LO + _UP + _DG
_LAN = _LO + _DG
_UAN = _UP + _DG
_HX = "0123456789abcdef"
_UHX = "0123456789ABCDEF"
_B64 = _AN + "+/"
_B64U = _AN + "-_"
_B32 = _UP + "234567"
_SYM = "!#$%&*+-.=?@^_~"


# ---------------------------------------------------------------- basics
def _s(n, a=_AN):
    return "".join(_R.choice(a) for _ in range(n))


def _hx(n):
    return _s(n, _HX)


def _pick(seq):
    return _R.choice(seq)


def _ri(a, b):
    return _R.randint(a, b)


def _bytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_bytes(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_bytes(n)).decode().rstrip("=")


def _uuid():
    h = _hx(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _pick("89ab"),
                                  h[17:20], h[20:])


def _enc(obj):
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _jwt(iss=None, sub=None):
    hdr = {"alg": _pick(["HS256", "RS256", "ES256"]), "typ": "JWT"}
    now = _ri(1690000000, 1735000000)
    pl = {"sub": sub or _uuid(), "iat": now, "exp": now + _pick([900, 3600, 86400])}
    if iss:
        pl["iss"] = iss
    if _ri(0, 1):
        pl["scope"] = _pick(["projects.read projects.write", "tm:read", "translate",
                             "jobs:write files:read", "read write"])
    return "%s.%s.%s" % (_enc(hdr), _enc(pl), _b64u(_pick([32, 48, 64])))


def _fold(t):
    t = t.replace("ł", "l").replace("Ł", "L")
    t = unicodedata.normalize("NFKD", t)
    return "".join(c for c in t if not unicodedata.combining(c))


def _A(n, a=_AN, pre="", post=""):
    return lambda: pre + _s(n, a) + post


def _H(n, pre=""):
    return lambda: pre + _hx(n)


# ---------------------------------------------------------------- people
_FIRST = ["Emma", "Oliver", "Hannah", "Jack", "Grace", "Ethan", "Chloe", "Noah",
          "Lucía", "Mateo", "Carmen", "Javier", "Sofía", "Diego", "Marta", "Álvaro",
          "Camille", "Mathieu", "Élodie", "Julien", "Antoine", "Margaux", "Théo",
          "Giulia", "Lorenzo", "Chiara", "Matteo", "Francesca", "Davide", "Alessia",
          "João", "Beatriz", "Inês", "Tiago", "Mariana", "Rafael", "Larissa",
          "Gonçalo", "Agnieszka", "Paweł", "Katarzyna", "Michał", "Zofia",
          "Wojciech", "Magdalena", "Łukasz", "Youssef", "Fatima", "Layla", "Omar",
          "Nour", "Karim", "Huda", "Samir", "Ji-woo", "Min-jun", "Seo-yeon",
          "Do-hyun", "Ha-eun", "Jae-won", "Soo-ah"]
_LAST = ["Moreno", "García", "Navarro", "Ortega", "Dubois", "Lefèvre", "Moreau",
         "Girard", "Rossi", "Bianchi", "Ferrari", "Esposito", "Colombo", "Silva",
         "Costa", "Almeida", "Ferreira", "Carvalho", "Kowalski", "Nowak",
         "Wiśniewska", "Zieliński", "Wójcik", "Haddad", "Mansour", "Khalil",
         "Nasser", "Saleh", "Kim", "Park", "Lee", "Choi", "Jung", "Han", "Walsh",
         "Turner", "Fletcher", "Byrne"]
_SVC = ["l10n-bot", "svc-crowdin", "tms_sync", "ci-translations", "memoq_admin",
        "gs_service", "xtm-api", "weblate", "pontoon_app", "subs-pipeline",
        "dubbing-svc", "loc-automation", "translator01", "pm_intake", "mtbridge",
        "strings-sync", "vendor_portal", "qa-lqa", "ltx_reader", "tm_admin"]
_SYL = ["lin", "gua", "ver", "ba", "tra", "du", "lo", "ca", "pol", "glo", "sa",
        "ter", "mi", "no", "vo", "tex", "bel", "la", "ri", "ma", "ti", "lex", "ora",
        "tal", "ka", "zen", "mar", "eli", "ra", "qui", "fen", "do", "sol", "vin",
        "ke", "ru", "ny", "pa", "zo", "il"]
_TLD = [".com", ".io", ".net", ".eu", ".es", ".fr", ".it", ".pt", ".pl",
        ".co.kr", ".ae", ".com.br", ".agency", ".studio", ".cloud"]
_ITLD = [".internal", ".local", ".lan", ".corp"]
_SUB = ["tms", "l10n", "mt", "memoq", "gs", "api", "git", "ci", "subs", "dub",
        "portal", "vault", "db", "files", "sftp", "jenkins", "weblate", "pontoon",
        "xtm", "cms", "tm", "media", "invoices", "sso", "auth", "mq", "redis"]
_LANGS = ["es-ES", "es-MX", "fr-FR", "fr-CA", "it-IT", "pt-BR", "pt-PT", "pl-PL",
          "ar-SA", "ar-AE", "ko-KR", "de-DE", "en-GB", "ja-JP", "zh-CN", "nl-NL"]
_REGIONS = ["eu-west-1", "eu-central-1", "us-east-1", "us-west-2", "eu-south-1",
            "ap-northeast-2", "me-central-1", "sa-east-1"]
_AZREG = ["westeurope", "northeurope", "francecentral", "koreacentral",
          "uaenorth", "brazilsouth", "polandcentral", "italynorth"]


def _first():
    return _pick(_FIRST)


def _lastn():
    return _pick(_LAST)


def _name():
    return "%s %s" % (_first(), _lastn())


def _user():
    f, l = _fold(_first()).lower().replace("-", ""), _fold(_lastn()).lower()
    k = _ri(0, 5)
    if k == 0:
        return "%s.%s" % (f, l)
    if k == 1:
        return f[0] + l
    if k == 2:
        return "%s_%s%d" % (f, l, _ri(1, 99))
    if k == 3:
        return l + f[0]
    return _pick(_SVC)


def _orgw():
    w = "".join(_pick(_SYL) for _ in range(_ri(2, 3)))
    return w


def _org():
    return _orgw().capitalize() + _pick(["", " Translations", " Lingua", " Localize",
                                         " Subtitling", " Language Services", " Studio"])


def _dom():
    return _orgw() + _pick(["", "-l10n", "-translate", "lingo", "-subs", ""]) + _pick(_TLD)


def _host():
    if _ri(0, 3) == 0:
        return "%s%d.%s%s" % (_pick(_SUB), _ri(1, 9), _orgw(), _pick(_ITLD))
    return "%s.%s" % (_pick(_SUB), _dom())


def _email():
    return "%s@%s" % (_user().replace("_", "."), _dom())


def _ip():
    return _pick(["10.%d.%d.%d" % (_ri(0, 255), _ri(0, 255), _ri(2, 254)),
                  "192.168.%d.%d" % (_ri(0, 255), _ri(2, 254)),
                  "172.%d.%d.%d" % (_ri(16, 31), _ri(0, 255), _ri(2, 254))])


def _date():
    return "2024-%02d-%02d" % (_ri(1, 12), _ri(1, 28))


def _time():
    return "%02d:%02d:%02d" % (_ri(0, 23), _ri(0, 59), _ri(0, 59))


def _ts():
    return "%sT%s.%03dZ" % (_date(), _time(), _ri(0, 999))


_WORDS = ["Traduccion", "Subtitulos", "Glosario", "Memoria", "Doblaje", "Bienvenido",
          "Madrid", "Sevilla", "Bonjour", "Traduction", "Lyon", "Marseille",
          "Sottotitoli", "Traduttore", "Firenze", "Napoli", "Legendas", "Tradutor",
          "Lisboa", "Porto", "Saudade", "Tlumacz", "Krakow", "Gdansk", "Wiosna",
          "Seoul", "Busan", "Hangul", "Marhaba", "Dubai", "Qamar", "Sunflower",
          "Glossary", "Dubbing", "Voiceover", "Polyglot", "Babel", "Rosetta",
          "Lingua", "Verbatim", "Caption", "Termbase", "Kolibri", "Mariposa",
          "Papillon", "Girasole", "Andorinha", "Jaskolka", "Naranja", "Limone",
          "Espresso", "Tequila", "Croissant", "Pierogi", "Bulgogi", "Falafel"]
_PW_LOW = ["plum", "orbit", "kettle", "saga", "violin", "harbor", "tulip",
           "granite", "lantern", "comet", "meadow", "pepper", "quartz", "ribbon",
           "walnut", "marble", "falcon", "cedar", "sonnet", "velvet", "glacier"]


def _pw():
    w = _pick(_WORDS)
    k = _ri(0, 7)
    y = _pick([str(_ri(1, 99)), str(_ri(1985, 2025)), str(_ri(100, 999))])
    if k == 0:
        return w + y + _pick("!#$*@?")
    if k == 1:
        return w.lower() + "_" + y
    if k == 2:
        return "%s%s%s%s" % (w, _pick("!@#.*-"), _pick(_WORDS), y)
    if k == 3:
        return w.replace("a", "@").replace("o", "0") + y
    if k == 4:
        return w[0].lower() + w[1:].upper() + y + _pick("!?.")
    if k == 5:
        return "%s.%s.%s" % (w, y, _pick(_WORDS).lower())
    if k == 6:
        return _s(_ri(12, 20), _AN + "!#%*@")
    return w + _pick(_SYM) + y + _pick(_UP)


def _phrase():
    sep = _pick(["-", " ", ".", "_"])
    return sep.join(_pick(_PW_LOW) for _ in range(_ri(3, 5))) + _pick(["", sep + str(_ri(2, 99))])


def _pin(n=None):
    return "".join(_pick(_DG) for _ in range(n or _pick([6, 6, 7, 8])))


def _strongpw():
    return _s(_ri(14, 24), _AN + "!#$%&*+-=?@^_")


# ---------------------------------------------------------------- vendor shapes
def _crowdin():
    return _hx(80)


def _lokalise():
    return _hx(40)


def _phraset():
    return _hx(64)


def _txtok():
    return "1/" + _hx(40)


def _deepl():
    return _uuid() + _pick([":fx", ":fx", ""])


def _gkey():
    return "AIza" + _s(35, _B64U)


def _azkey():
    return _pick([_hx(32), _s(84, _AN)])


def _akid():
    return _pick(["AKIA", "AKIA", "ASIA"]) + _s(16, _UP + "234567")


def _awssec():
    return _s(40, _AN + "+/")


def _weblate():
    return "wlu_" + _s(40, _AN)


def _eleven():
    return "sk_" + _hx(48)


def _ghp():
    return "ghp_" + _s(36, _AN)


def _glpat():
    return "glpat-" + _s(20, _AN + "-_")


def _slackb():
    return "xoxb-%d-%d-%s" % (_ri(10 ** 11, 10 ** 12), _ri(10 ** 12, 10 ** 13), _s(24, _AN))


def _ya29():
    return "ya29." + _s(_ri(120, 160), _B64U)


def _oai():
    return "sk-proj-" + _s(_ri(100, 140), _B64U)


def _pem_body(lines=None, first="MII"):
    n = lines or _ri(8, 16)
    raw = first + _s(64 - len(first), _B64)
    body = [raw] + [_s(64, _B64) for _ in range(n - 1)]
    body.append(_s(_ri(8, 60), _B64) + _pick(["", "=", "=="]))
    return "\n".join(body)


def _ssh_body():
    body = "b3BlbnNzaC1rZXktdjEAAAAA" + _s(46, _B64)
    rest = [_s(70, _B64) for _ in range(_ri(4, 7))]
    return "\n".join([body] + rest + [_s(_ri(10, 60), _B64) + "="])


def _smart_sec():
    return _s(26, _LAN) + "." + _s(_ri(24, 34), _AN)


def _mmt():
    return "-".join(_s(8, _UHX) for _ in range(4)) + "-" + _s(4, _UHX)


def _yc_key():
    return "AQVN" + _s(36, _B64U)


def _rev():
    return "02" + _s(_ri(62, 68), _AN + "-_")


def _djkey():
    return _s(50, _LAN + "!@#$%^&*(-_=+)")


# ---------------------------------------------------------------- generators
_GEN = {
    "host": _host, "dom": _dom, "org": _org, "orgw": _orgw, "user": _user,
    "email": _email, "first": _first, "last": _lastn, "name": _name, "ip": _ip,
    "date": _date, "time": _time, "ts": _ts, "uuid": _uuid,
    "uuid2": _uuid, "pw": _pw, "pw2": _pw, "pin": _pin,
    "pid": lambda: str(_ri(100000, 999999)),
    "pid2": lambda: str(_ri(10, 99999)),
    "lang": lambda: _pick(_LANGS), "lang2": lambda: _pick(_LANGS),
    "ll": lambda: _pick(["es", "fr", "it", "pt", "pl", "ar", "ko", "de", "ja"]),
    "port": lambda: str(_pick([5432, 3306, 6379, 8080, 8443, 1433, 27017, 5672, 2222, 9000])),
    "sha": lambda: _hx(40), "short": lambda: _hx(7),
    "n": lambda: str(_ri(2, 999)), "n2": lambda: str(_ri(2, 99)),
    "job": lambda: str(_ri(1000000, 9999999)),
    "repo": lambda: "%s/%s" % (_orgw(), _pick(["webapp", "mobile-app", "docs", "marketing-site",
                                               "strings", "l10n", "i18n", "android",
                                               "ios-app", "help-center", "subtitles"])),
    "file": lambda: _pick(["locales/%s/messages.json", "src/i18n/%s.yml",
                           "app/src/main/res/values-%s/strings.xml",
                           "ios/%s.lproj/Localizable.strings", "po/%s.po",
                           "translations/%s.xliff", "public/locales/%s/common.json"])
    % _pick(["es", "fr", "it", "pt-rBR", "pl", "ar", "ko"]),
    "ticket": lambda: "%s-%d" % (_pick(["L10N", "LOC", "TRAN", "SUB", "OPS", "CMS", "I18N"]), _ri(10, 9999)),
    "db": lambda: _pick(["weblate", "pontoon", "tms", "l10n_prod", "invoicing", "memoq_tm",
                         "subs", "portal", "glossary", "vendors"]),
    "bucket": lambda: "%s-%s" % (_orgw(), _pick(["subtitles", "dubbing-masters", "tm-exports",
                                                 "xliff-drop", "voice-assets", "deliveries"])),
    "region": lambda: _pick(_REGIONS), "azreg": lambda: _pick(_AZREG),
    "ver": lambda: "%d.%d.%d" % (_ri(1, 5), _ri(0, 20), _ri(0, 30)),
    "proj": lambda: _pick(["website", "mobile", "help-center", "marketing", "checkout",
                           "onboarding", "legal", "game-ui", "subtitles-s02", "emails"]),
    "proj2": lambda: _pick(["Android App", "iOS App", "Web Portal", "Help Center",
                            "Marketing 2024", "Game UI", "Legal Docs"]),
    "word": lambda: _pick(_WORDS),
}

_FMT = {g: [] for g in _GROUPS}
_PH = re.compile(r"<<(\w+)(?:\|(lower|upper))?>>")


def T(group, name, tpl, S, V="", **kw):
    """Register a template format. S makes the secret; V names a placeholder
    (or a literal substring) that must stay visible."""
    _FMT[group].append((name, ("t", tpl, S, V, kw)))


def F(group, name, fn):
    """Register a function format returning (text, secret, visible)."""
    _FMT[group].append((name, ("f", fn)))


def _val(x):
    if callable(x):
        return x()
    if isinstance(x, (list, tuple)):
        return _pick(x)
    return x


def _flt(v, f):
    if f == "lower":
        return v.lower()
    if f == "upper":
        return v.upper()
    return v


def _render(tpl, S, V, kw):
    vals = {}

    def sub(m):
        k = m.group(1)
        if k not in vals:
            if k == "S":
                vals[k] = _val(S)
            elif k in kw:
                vals[k] = _val(kw[k])
            else:
                vals[k] = _GEN[k]()
        return _flt(vals[k], m.group(2))

    text = _PH.sub(sub, tpl)
    vis = ""
    if V:
        vis = vals.get(V, V)
    return text, vals["S"], vis


def _make(spec):
    if spec[0] == "t":
        return _render(*spec[1:])
    return spec[1]()


def _pwu():
    """human password that is safe unquoted in URLs and shells"""
    while True:
        p = _pw()
        if not set(p) & set("@:/%#?&$'\"\\ ;|<>`^=!*"):
            return p


def _lpid():
    return "%d%s.%08d" % (_ri(100000000, 999999999), _hx(14), _ri(0, 99999999))


def _basic(user, pw):
    return base64.b64encode(("%s:%s" % (user, pw)).encode()).decode()


_GEN.update({
    "lpid": _lpid, "phid": lambda: _hx(32), "uid": lambda: _s(30, _LO),
    "voice": lambda: _s(20, _AN), "app": lambda: _orgw() + "-" + _pick(["tms", "mt-proxy", "subs", "l10n-api", "portal"]),
    "fs": lambda: _pick(["nas01", "fs-paris", "FS02", "filer", "tmstore"]) + "." + _orgw() + _pick(_ITLD),
    "DOMN": lambda: _orgw().upper()[:8], "ak": _akid, "hn": lambda: _pick(["tms", "l10n", "subs", "mt", "ci"]) + "-" + _pick(["prod", "stg", "01", "02", "eu"]),
    "gp": lambda: "%s-%s-%d" % (_orgw(), _pick(["translate", "l10n", "mt"]), _ri(100000, 999999)),
    "space": lambda: _s(12, _LAN), "alias": lambda: _pick(["upload", "release", "l10nkey", "androidreleasekey"]),
    "LL": lambda: _pick(["ES", "FR", "IT", "PT-BR", "PT-PT", "PL", "AR", "KO"]),
    "acct": lambda: _orgw()[:12] + _pick(["media", "dub", "subs", "sa"]),
    "prof": lambda: _pick(["l10n-prod", "translate", "default", "agency", "mt-batch"]),
    "comp": lambda: _pick(["android", "ios", "web", "emails", "glossary"]),
    "fid": lambda: "b1g" + _s(17, _LAN), "hex24": lambda: _hx(24), "s5": lambda: _s(5, _LAN),
})

C = "command"
T(C, "crowdin-cli-token-flag",
  "crowdin upload sources --token <<S>> --project-id <<pid>> --base-url https://<<orgw>>.api.crowdin.com --no-progress",
  _crowdin, "pid")
T(C, "crowdin-cli-env-prefix",
  "CROWDIN_PERSONAL_TOKEN=<<S>> crowdin download -l <<lang>> --config crowdin.yml --export-only-approved",
  _crowdin, "crowdin.yml")
T(C, "lokalise2-cli-token-flag",
  "lokalise2 --token <<S>> --project-id <<lpid>> file download --format json --unzip-to ./locales --original-filenames=false",
  _lokalise, "lpid")
T(C, "phrase-cli-access-token-flag",
  "phrase pull --access_token <<S>> --project_id <<phid>> --verbose", _phraset, "phid")
T(C, "tx-cli-env-prefix", "TX_TOKEN=<<S>> tx pull -a --mode reviewed --minimum-perc 90", _txtok, "tx pull")
T(C, "tx-init-token-flag", "tx init --token <<S>> --no-interactive && tx add remote https://app.transifex.com/<<orgw>>/<<proj>>/dashboard/",
  _txtok, "tx add remote")
T(C, "curl-deepl-auth-header",
  "curl -X POST 'https://api-free.deepl.com/v2/translate' -H 'Authorization: DeepL-Auth-Key <<S>>' -d 'text=Your order has shipped' -d 'target_lang=<<LL>>'",
  _deepl, "api-free.deepl.com")
T(C, "curl-deepl-legacy-auth-key-param",
  "curl -s https://api.deepl.com/v2/usage -d auth_key=<<S>> | jq .character_count", _deepl, "character_count")
T(C, "curl-google-translate-key-query",
  'curl -s "https://translation.googleapis.com/language/translate/v2?key=<<S>>&q=Hola%20mundo&target=<<ll>>&format=text"',
  _gkey, "translation.googleapis.com")
T(C, "curl-azure-translator-subscription-key",
  'curl -X POST "https://api.cognitive.microsofttranslator.com/translate?api-version=3.0&from=en&to=<<ll>>" -H "Ocp-Apim-Subscription-Key: <<S>>" -H "Ocp-Apim-Subscription-Region: <<azreg>>" -H "Content-Type: application/json" -d "[{\'Text\':\'Add to cart\'}]"',
  _azkey, "azreg")
T(C, "aws-translate-inline-env",
  'AWS_ACCESS_KEY_ID=<<ak>> AWS_SECRET_ACCESS_KEY=<<S>> aws translate translate-text --region <<region>> --source-language-code en --target-language-code <<ll>> --text "Checkout"',
  _awssec, "region")
T(C, "aws-configure-set-secret", "aws configure set aws_secret_access_key <<S>> --profile <<prof>>", _awssec, "prof")
T(C, "curl-modernmt-apikey-header",
  'curl -G "https://api.modernmt.com/translate" -H "MMT-ApiKey: <<S>>" --data-urlencode "source=en" --data-urlencode "target=<<ll>>" --data-urlencode "q=Free shipping on all orders"',
  _mmt, "api.modernmt.com")
T(C, "curl-yandex-api-key-header",
  'curl -X POST -H "Content-Type: application/json" -H "Authorization: Api-Key <<S>>" -d \'{"folderId": "<<fid>>", "texts": ["Hello"], "targetLanguageCode": "<<ll>>"}\' https://translate.api.cloud.yandex.net/translate/v2/translate',
  _yc_key, "fid")
T(C, "curl-elevenlabs-xi-api-key",
  'curl -X POST "https://api.elevenlabs.io/v1/text-to-speech/<<voice>>" -H "xi-api-key: <<S>>" -H "Content-Type: application/json" -d @line_<<n>>.json --output dub_<<ll>>_<<n>>.mp3',
  _eleven, "voice")
T(C, "curl-revai-bearer-upload",
  'curl -X POST https://api.rev.ai/speechtotext/v1/jobs -H "Authorization: Bearer <<S>>" -F "media=@ep<<n2>>_master.wav" -F "options={\\"language\\":\\"<<ll>>\\"}"',
  _rev, "api.rev.ai")
T(C, "curl-smartling-authenticate-body",
  'curl -s -X POST https://api.smartling.com/auth-api/v2/authenticate -H "Content-Type: application/json" -d \'{"userIdentifier":"<<uid>>","userSecret":"<<S>>"}\'',
  _smart_sec, "uid")
T(C, "curl-user-colon-password-flag",
  "curl -u <<user>>:<<S>> https://<<host>>/project-manager-api-rest/projects?status=ACTIVE", _pwu, "user")
T(C, "curl-memoq-login-json",
  'curl -k -X POST https://<<host>>:8081/memoqserverhttpapi/v1/auth/login -H "Content-Type: application/json" -d \'{"UserName":"<<user>>","Password":"<<S>>","LoginMode":0}\'',
  _pw, "user")


def _groupshare_basic():
    u, p, h = _user(), _pw(), _host()
    b = _basic(u, p)
    return ("curl -s -X POST https://%s/authentication/api/1.0/login -H \"Authorization: Basic %s\" "
            "-H \"Content-Type: application/json\" -d '[\"ManagementRestApi\",\"ProjectServerRestApi\"]'" % (h, b), b, h)


F(C, "curl-basic-auth-header-b64", _groupshare_basic)
T(C, "wlc-weblate-key-flag", "wlc --url https://<<host>>/api/ --key <<S>> pull <<proj>>/<<comp>>", _weblate, "host")
T(C, "git-clone-oauth2-token-url", "git clone https://oauth2:<<S>>@gitlab.<<dom>>/<<repo>>.git", _glpat, "repo")
T(C, "git-remote-set-url-pat", "git remote set-url origin https://<<user>>:<<S>>@github.com/<<repo>>.git", _ghp, "repo")
T(C, "psql-uri-password", 'psql "postgresql://<<user>>:<<S>>@<<host>>:5432/<<db>>?sslmode=require" -c "\\dt"', _pwu, "host")
T(C, "mysql-p-attached-password", "mysql -h <<host>> -u <<user>> -p<<S>> <<db>> < invoices_<<date>>.sql", _pwu, "host")
T(C, "pgpassword-env-prefix", "PGPASSWORD='<<S>>' pg_dump -h <<host>> -U <<user>> -Fc <<db>> > pontoon_<<date>>.dump", _pw, "user")
T(C, "docker-run-env-password",
  "docker run -d --name weblate -p 8080:8080 -e WEBLATE_SITE_DOMAIN=<<host>> -e WEBLATE_ADMIN_PASSWORD=<<S>> weblate/weblate:5.<<n2>>.0",
  _pw, "host")
T(C, "docker-login-p-flag", "docker login registry.<<dom>> -u <<user>> -p <<S>>", _strongpw, "user")
T(C, "kubectl-secret-from-literal",
  "kubectl -n l10n create secret generic deepl-api --from-literal=DEEPL_AUTH_KEY=<<S>> --dry-run=client -o yaml | kubectl apply -f -",
  _deepl, "deepl-api")
T(C, "powershell-env-assign", '$env:LOKALISE_API_TOKEN = "<<S>>"; npm run i18n:pull -- --lang <<ll>>', _lokalise, "npm run i18n:pull")
T(C, "windows-setx-machine", "setx AZURE_TRANSLATOR_KEY <<S>> /M", _azkey, "AZURE_TRANSLATOR_KEY")
T(C, "cmd-set-and-run", "set CROWDIN_PERSONAL_TOKEN=<<S>>&& crowdin status --project-id <<pid>>", _crowdin, "pid")
T(C, "net-use-positional-password", "net use Z: \\\\<<fs>>\\Projects /user:<<DOMN>>\\<<user>> <<S>> /persistent:no", _pwu, "user")
T(C, "cmdkey-generic-pass", "cmdkey /generic:<<host>> /user:<<DOMN>>\\<<user>> /pass:<<S>>", _pwu, "host")
T(C, "powershell-securestring-plaintext",
  '$pw = ConvertTo-SecureString "<<S>>" -AsPlainText -Force; $cred = New-Object System.Management.Automation.PSCredential("<<user>>", $pw)',
  _pw, "user")
T(C, "invoke-restmethod-auth-hashtable",
  'Invoke-RestMethod -Uri "https://api.phrase.com/v2/projects/<<phid>>/locales" -Headers @{ Authorization = "token <<S>>" }',
  _phraset, "phid")
T(C, "sshpass-sftp", "sshpass -p '<<S>>' sftp -P 2222 -oBatchMode=no <<user>>@<<host>>", _pw, "host")
T(C, "lftp-user-comma-password",
  'lftp -u <<user>>,<<S>> ftp.<<dom>> -e "mirror --reverse ./deliveries/<<lang>> /in/<<lang>>; quit"', _pwu, "user")
T(C, "smbclient-user-percent-password", "smbclient //<<fs>>/translations -U '<<DOMN>>/<<user>>%<<S>>' -c 'ls'", _pw, "user")
T(C, "rsync-password-env", "RSYNC_PASSWORD=<<S>> rsync -av --progress ./srt/ rsync://<<user>>@<<host>>/subs/<<proj>>/", _pwu, "host")
T(C, "wget-user-password-flags",
  "wget --user=<<user>> --password='<<S>>' https://<<host>>/exports/tm_<<date>>.tmx -O tm.tmx", _pwu, "user")
T(C, "npm-config-set-authtoken", "npm config set //registry.npmjs.org/:_authToken <<S>>", _A(36, _AN, "npm_"), "registry.npmjs.org")
T(C, "pip-index-url-credentials",
  "pip install l10n-toolkit==<<ver>> --index-url https://<<user>>:<<S>>@pypi.<<dom>>/simple/", _pwu, "user")
T(C, "openssl-enc-pass-arg",
  "openssl enc -aes-256-cbc -pbkdf2 -salt -in tm_export.tmx -out tm_export.tmx.enc -pass pass:<<S>>", _pwu, "tm_export.tmx")
T(C, "zip-encrypt-password-flag", "zip -P <<S>> -r delivery_<<ticket>>_<<ll>>.zip ./target/<<lang>>/", _pwu, "ticket")
T(C, "7z-archive-password-flag", "7z a -p<<S>> -mhe=on glossary_<<date>>.7z glossary.tbx termbase.xlsx", _pwu, "glossary.tbx")
T(C, "gpg-batch-passphrase",
  "gpg --batch --yes --pinentry-mode loopback --passphrase '<<S>>' -d contracts_<<date>>.tar.gpg | tar x", _phrase, "contracts_")
T(C, "htpasswd-batch-password", "sudo htpasswd -b /etc/nginx/.htpasswd-review <<user>> <<S>>", _pwu, "user")
T(C, "redis-cli-auth-flag", "redis-cli -h <<host>> -p 6379 -a <<S>> --no-auth-warning DEL mt:cache:<<ll>>", _strongpw, "host")
T(C, "mongosh-srv-uri-password",
  'mongosh "mongodb+srv://<<user>>:<<S>>@cluster0.<<s5>>.mongodb.net/subtitles?retryWrites=true"', _pwu, "user")
T(C, "sqlcmd-p-password",
  "sqlcmd -S <<host>>,1433 -U sa -P '<<S>>' -d SDLSystem -Q \"SELECT TOP 10 Name FROM Projects ORDER BY Created DESC\"",
  _pw, "SDLSystem")
T(C, "minio-mc-alias-set", "mc alias set dubbing https://s3.<<dom>> <<akm>> <<S>> --api S3v4", _A(40, _AN), "akm",
  akm=_A(20, _UAN))
T(C, "gh-secret-set-body", 'gh secret set CROWDIN_PERSONAL_TOKEN --body "<<S>>" --repo <<repo>>', _crowdin, "repo")
T(C, "heroku-config-set", "heroku config:set DEEPL_AUTH_KEY=<<S>> -a <<app>>", _deepl, "app")
T(C, "fly-secrets-set", "fly secrets set ELEVENLABS_API_KEY=<<S>> --app <<app>>", _eleven, "app")
T(C, "vercel-env-add-echo", 'echo -n "<<S>>" | vercel env add STORYBLOK_PREVIEW_TOKEN production', _A(24, _AN, "", "tt"),
  "STORYBLOK_PREVIEW_TOKEN")
T(C, "gcloud-secret-create-stdin", "printf '%s' '<<S>>' | gcloud secrets create google-translate-key --data-file=- --project <<gp>>",
  _gkey, "gp")
T(C, "az-keyvault-secret-set-value", "az keyvault secret set --vault-name kv-<<orgw>> --name translator-key --value <<S>>", _azkey,
  "translator-key")
T(C, "vault-kv-put-pairs", "vault kv put secret/l10n/smartling user_id=<<uid>> user_secret=<<S>>", _smart_sec, "uid")
T(C, "python-c-positional-key",
  "python3 -c \"import deepl; print(deepl.Translator('<<S>>').get_usage())\"", _deepl, "get_usage")
T(C, "script-positional-token-arg", "node scripts/push-keys.js --dry-run <<S>> <<lpid>>", _lokalise, "scripts/push-keys.js")
T(C, "make-var-override", "make i18n-upload LOKALISE_TOKEN=<<S>> PROJECT=<<lpid>>", _lokalise, "i18n-upload")
T(C, "ssh-remote-mysql-quoted",
  "ssh deploy@<<host>> \"mysql -uweblate -p'<<S>>' -e 'SHOW PROCESSLIST'\"", _pw, "deploy@")
T(C, "ffmpeg-rtmp-stream-key",
  "ffmpeg -re -i dub_<<ll>>_final.mp4 -c:v copy -c:a aac -f flv rtmp://live.<<dom>>/app/<<S>>",
  lambda: "live_%d_%s" % (_ri(10000000, 999999999), _s(30, _AN)), "final.mp4")
T(C, "curl-url-embedded-basic", "curl -fsS https://<<user>>:<<S>>@<<host>>/api/v2/jobs?status=pending", _pwu, "host")
T(C, "curl-verbit-apikey-header",
  'curl -s -H "X-Api-Key: <<S>>" "https://api.<<dom>>/v1/orders?status=completed" | jq ".[].order_id"',
  _A(40, _AN), "order_id")
T(C, "curl-transifex-bearer-jsonapi",
  'curl -s -H "Authorization: Bearer <<S>>" -H "Accept: application/vnd.api+json" "https://rest.api.transifex.com/projects?filter[organization]=o:<<orgw>>"',
  _txtok, "rest.api.transifex.com")
T(C, "curl-lokalise-x-api-token",
  "curl --request GET --url https://api.lokalise.com/api2/projects/<<lpid>>/keys?limit=500 --header 'X-Api-Token: <<S>>'",
  _lokalise, "lpid")
T(C, "curl-crowdin-enterprise-bearer",
  'curl -H "Authorization: Bearer <<S>>" https://<<orgw>>.api.crowdin.com/api/v2/projects/<<pid2>>/languages/progress',
  _crowdin, "pid2")
T(C, "httpie-bearer-header", 'http POST https://<<host>>/api/glossaries Authorization:"Bearer <<S>>" name=legal-<<ll>>',
  lambda: _jwt(), "host")
T(C, "mysqldump-password-long-flag", "mysqldump -u root --password='<<S>>' --single-transaction invoicing > inv_<<date>>.sql",
  _pw, "invoicing")
T(C, "java-jar-positional-password", "java -jar memoq-sync.jar https://<<host>>:8081 <<user>> <<S>> --project <<proj>>", _pwu, "user")
T(C, "curl-form-password-field", 'curl -c cookies.txt -d "username=<<user>>&password=<<S>>" https://<<host>>/accounts/login/',
  _pwu, "user")
T(C, "docker-login-password-stdin-echo", "echo '<<S>>' | docker login ghcr.io -u <<user>> --password-stdin", _ghp, "ghcr.io")
T(C, "ldapsearch-bind-password",
  'ldapsearch -x -H ldaps://<<host>> -D "cn=svc-tms,ou=service,dc=<<orgw>>,dc=local" -w <<S>> "(memberOf=cn=translators*)"',
  _pwu, "svc-tms")
T(C, "sftp-batch-expect-password",
  "expect -c 'spawn sftp <<user>>@<<host>>; expect \"password:\"; send \"<<S>>\\r\"; interact'", _pw, "host")
T(C, "winscp-open-url-password",
  'winscp.com /command "open sftp://<<user>>:<<S>>@<<host>>/ -hostkey=*" "put C:\\l10n\\out\\*.xlsx /in/" "exit"',
  _pwu, "host")
T(C, "psexec-password-flag", "PsExec.exe \\\\<<fs>> -u <<DOMN>>\\<<user>> -p <<S>> cmd /c \"C:\\tools\\tm-reindex.bat\"",
  _pwu, "tm-reindex.bat")
T(C, "runas-savecred-echo-pipe", "echo <<S>>| runas /user:<<DOMN>>\\gs_admin \"C:\\Program Files\\SDL\\GroupShare\\console.exe\"",
  _pwu, "gs_admin")
T(C, "curl-oauth-client-credentials",
  "curl -s -X POST https://<<host>>/oauth/token -d grant_type=client_credentials -d client_id=<<cid>> -d client_secret=<<S>>",
  _A(40, _AN), "cid", cid=_A(20, _LAN))


O = "tool-output"
T(O, "env-grep-token-lines",
  "$ env | grep -i lokalise\nLOKALISE_PROJECT_ID=<<lpid>>\nLOKALISE_API_TOKEN=<<S>>\nLOKALISE_BRANCH=main", _lokalise, "lpid")
T(O, "printenv-single-value", "$ printenv DEEPL_AUTH_KEY\n<<S>>\n$ ", _deepl, "printenv DEEPL_AUTH_KEY")
T(O, "curl-verbose-request-header",
  "*   Trying 3.120.<<n2>>.7:443...\n* Connected to api.deepl.com (3.120.<<n2>>.7) port 443\n> POST /v2/translate HTTP/2\n> Host: api.deepl.com\n> user-agent: curl/8.5.0\n> authorization: DeepL-Auth-Key <<S>>\n> content-type: application/x-www-form-urlencoded\n>\n< HTTP/2 200",
  _deepl, "Host: api.deepl.com")


def _kube_secret_yaml():
    tok = _crowdin()
    b = base64.b64encode(tok.encode()).decode()
    name = _pick(["crowdin-token", "l10n-sync-creds", "tms-api"])
    text = ("$ kubectl get secret %s -n l10n -o yaml\napiVersion: v1\ndata:\n  CROWDIN_PERSONAL_TOKEN: %s\n"
            "kind: Secret\nmetadata:\n  creationTimestamp: \"%s\"\n  name: %s\n  namespace: l10n\ntype: Opaque"
            % (name, b, _ts(), name))
    return text, b, name


F(O, "kubectl-get-secret-yaml-base64", _kube_secret_yaml)
T(O, "docker-inspect-env-array",
  '$ docker inspect weblate --format \'{{json .Config.Env}}\' | jq .\n[\n  "WEBLATE_SITE_DOMAIN=<<host>>",\n  "WEBLATE_EMAIL_HOST_PASSWORD=<<S>>",\n  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"\n]',
  _pw, "host")
T(O, "gcloud-print-access-token", "$ gcloud auth print-access-token --impersonate-service-account=l10n-sync@<<gp>>.iam.gserviceaccount.com\n<<S>>",
  _ya29, "gp")
T(O, "az-get-access-token-json",
  '$ az account get-access-token --resource https://cognitiveservices.azure.com\n{\n  "accessToken": "<<S>>",\n  "expiresOn": "<<date>> <<time>>.000000",\n  "subscription": "<<uuid>>",\n  "tenant": "<<uuid2>>",\n  "tokenType": "Bearer"\n}',
  lambda: _jwt("https://sts.windows.net/"), "tokenType")
T(O, "heroku-config-output",
  "$ heroku config -a <<app>>\n=== <<app>> Config Vars\nDATABASE_URL:        postgres://u<<s5>>:<<S>>@ec2-3-<<n>>-<<n2>>-9.eu-west-1.compute.amazonaws.com:5432/d<<s5>>\nLANG:                en_US.UTF-8\nWEB_CONCURRENCY:     2",
  _A(64, _HX), "app")
T(O, "git-remote-v-token-url",
  "$ git remote -v\norigin\thttps://x-access-token:<<S>>@github.com/<<repo>>.git (fetch)\norigin\thttps://x-access-token:<<S>>@github.com/<<repo>>.git (push)",
  _A(36, _AN, "ghs_"), "repo")
T(O, "cat-npmrc-output",
  "$ cat ~/.npmrc\n@<<orgw>>:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=<<S>>\nalways-auth=true",
  _ghp, "npm.pkg.github.com")
T(O, "terraform-output-json-value",
  '$ terraform output -json\n{\n  "translator_endpoint": {\n    "sensitive": false,\n    "type": "string",\n    "value": "https://api.cognitive.microsofttranslator.com/"\n  },\n  "translator_key": {\n    "sensitive": true,\n    "type": "string",\n    "value": "<<S>>"\n  }\n}',
  _azkey, "translator_endpoint")
T(O, "vault-kv-get-table",
  "$ vault kv get secret/l10n/phrase\n====== Data ======\nKey             Value\n---             -----\naccess_token    <<S>>\nproject_id      <<phid>>",
  _phraset, "phid")
T(O, "op-item-get-reveal",
  "$ op item get \"memoQ Server (prod)\" --fields username,password --reveal\n<<user>>,<<S>>", _pwu, "user")
T(O, "security-find-generic-password-w", '$ security find-generic-password -s "GroupShare <<host>>" -a <<user>> -w\n<<S>>', _pw, "user")
T(O, "cat-netrc-multiline", "$ cat ~/.netrc\nmachine <<host>>\n  login <<user>>\n  password <<S>>\n", _pwu, "host")
T(O, "helm-get-values-output",
  "$ helm get values weblate -n l10n\nUSER-SUPPLIED VALUES:\nadminEmail: <<email>>\nadminPassword: <<S>>\nsiteDomain: <<host>>",
  _pw, "host")
T(O, "python-repl-settings-dict",
  ">>> from django.conf import settings\n>>> settings.MT_PROVIDERS\n{'deepl': {'auth_key': '<<S>>', 'formality': 'prefer_less'}, 'google': {'enabled': False}}",
  _deepl, "formality")
T(O, "pytest-showlocals-headers",
  "self = <tests.test_sync.TestPull object at 0x7f3a<<short>>>\nheaders   = {'X-Api-Token': '<<S>>', 'Content-Type': 'application/json'}\nproject   = '<<lpid>>'\n\n    def test_pull_keys(self):\n>       assert resp.status_code == 200\nE       assert 401 == 200",
  _lokalise, "lpid")
T(O, "jq-smartling-access-token", "$ ./auth.sh | jq -r .response.data.accessToken\n<<S>>", lambda: _jwt("smartling"), "accessToken")
T(O, "smartling-refresh-token-json",
  '{\n  "response": {\n    "code": "SUCCESS",\n    "data": {\n      "refreshToken": "<<S>>",\n      "refreshExpiresIn": 3660,\n      "tokenType": "Bearer"\n    }\n  }\n}',
  lambda: _jwt("smartling"), "refreshExpiresIn")
T(O, "oauth-token-response-json",
  '{"access_token":"<<S>>","token_type":"bearer","expires_in":7200,"scope":"read write","created_at":<<n>>}',
  _A(64, _HX), "token_type")
T(O, "memoq-login-response-json", '{"AccessToken":"<<S>>","Name":"<<user>>","Sid":"<<uuid>>"}', _uuid, "user")
T(O, "xtm-auth-token-response",
  "HTTP/1.1 200 OK\nContent-Type: application/json;charset=UTF-8\n\n{\"token\":\"<<S>>\"}", lambda: _b64(32), "HTTP/1.1 200 OK")
T(O, "cat-weblate-wlc-ini",
  "$ cat ~/.config/weblate\n[weblate]\nurl = https://<<host>>/api/\n\n[keys]\nhttps://<<host>>/api/ = <<S>>", _weblate, "host")
T(O, "aws-sts-session-credentials",
  '{\n    "Credentials": {\n        "AccessKeyId": "ASIA<<kid>>",\n        "SecretAccessKey": "<<S>>",\n        "Expiration": "<<ts>>"\n    }\n}',
  _awssec, "Expiration", kid=_A(16, _UAN))
T(O, "git-credential-fill-output",
  "$ printf 'protocol=https\\nhost=github.com\\n\\n' | git credential fill\nprotocol=https\nhost=github.com\nusername=<<user>>\npassword=<<S>>",
  _A(36, _AN, "gho_"), "user")


def _docker_cfg():
    reg, u, p = "registry." + _dom(), _user(), _strongpw()
    b = _basic(u, p)
    return ('$ cat ~/.docker/config.json\n{\n\t"auths": {\n\t\t"%s": {\n\t\t\t"auth": "%s"\n\t\t}\n\t}\n}' % (reg, b), b, reg)


F(O, "docker-config-auths-base64", _docker_cfg)
T(O, "kubectl-describe-pod-env",
  "Containers:\n  tts-worker:\n    Image:      <<orgw>>/tts-worker:<<short>>\n    Environment:\n      ELEVENLABS_API_KEY:  <<S>>\n      VOICE_ID:            <<voice>>\n      MODEL_ID:            eleven_multilingual_v2",
  _eleven, "voice")
T(O, "ps-aux-cmdline-token",
  "deploy   <<n>>  0.3  1.2 412344 98112 ?  Sl   09:14   0:03 /usr/bin/python3 /opt/sync/sync.py --token <<S>> --project <<pid>>",
  _crowdin, "pid")
T(O, "systemctl-show-environment",
  "$ systemctl show captions-sync -p Environment\nEnvironment=MEMOQ_HOST=<<host>> MEMOQ_USER=<<user>> MEMOQ_PASSWORD=<<S>>", _pwu, "user")
T(O, "crowdin-cli-verbose-headers",
  "$ crowdin download --verbose\n[DEBUG] GET https://api.crowdin.com/api/v2/projects/<<pid>>/translations/builds\n[DEBUG] headers: {Authorization=Bearer <<S>>, User-Agent=crowdin-cli/<<ver>>}",
  _crowdin, "pid")
T(O, "jq-raw-config-value", "$ jq -r .deepl.authKey config/mt.json\n<<S>>", _deepl, "config/mt.json")
T(O, "grep-rn-source-hit", '$ grep -rn "api_key" src/\nsrc/mt/google_client.py:14:    api_key = "<<S>>"\nsrc/mt/base.py:3:# api_key is injected by the factory',
  _gkey, "src/mt/google_client.py")
T(O, "git-diff-added-env-line",
  "$ git diff --cached .env.staging\ndiff --git a/.env.staging b/.env.staging\nindex <<short>>..<<short2>> 100644\n--- a/.env.staging\n+++ b/.env.staging\n@@ -3,3 +3,4 @@ LOKALISE_PROJECT_ID=<<lpid>>\n+LOKALISE_API_TOKEN=<<S>>",
  _lokalise, "lpid")
T(O, "git-log-patch-removed-line",
  "commit <<sha>>\nAuthor: <<name>> <<<email>>>\n\n    remove hard-coded key\n\n-DEEPL_AUTH_KEY=<<S>>\n+DEEPL_AUTH_KEY=${DEEPL_AUTH_KEY}",
  _deepl, "remove hard-coded key")
T(O, "sqlite-select-pipe-output", "sqlite> SELECT name, api_key FROM mt_engines;\ndeepl|<<S>>\ngoogle|\nmodernmt|", _deepl,
  "mt_engines")
T(O, "psql-select-table-output",
  " id | vendor | api_user | api_secret\n----+--------+----------+------------------------------------------\n  3 | xtm    | <<user>>  | <<S>>\n(1 row)",
  _A(32, _AN), "vendor")
T(O, "mysql-select-box-output",
  "mysql> SELECT login, portal_password FROM freelancers WHERE id = <<n>>;\n+------------------+-------------------+\n| login            | portal_password   |\n+------------------+-------------------+\n| <<email>> | <<S>> |\n+------------------+-------------------+",
  _pw, "email")
T(O, "redis-cli-get-output", "<<ip>>:6379> GET mt:deepl:auth_key\n\"<<S>>\"", _deepl, "mt:deepl:auth_key")
T(O, "aws-secretsmanager-secretstring",
  '{\n    "ARN": "arn:aws:secretsmanager:<<region>>:<<acc>>:secret:prod/l10n/phrase-<<s5>>",\n    "Name": "prod/l10n/phrase",\n    "SecretString": "{\\"access_token\\":\\"<<S>>\\"}",\n    "VersionStages": ["AWSCURRENT"]\n}',
  _phraset, "prod/l10n/phrase", acc=lambda: str(_ri(10 ** 11, 10 ** 12 - 1)))
T(O, "gcloud-secrets-access-output", "$ gcloud secrets versions access latest --secret=google-translate-key\n<<S>>", _gkey,
  "google-translate-key")
T(O, "az-keys-list-tsv", "$ az cognitiveservices account keys list -n tr-<<orgw>> -g rg-l10n --query key1 -o tsv\n<<S>>",
  _azkey, "rg-l10n")
T(O, "echo-var-output", "$ echo $TX_TOKEN\n<<S>>", _txtok, "echo $TX_TOKEN")
T(O, "bash-xtrace-curl-line",
  "+ LOCALE=<<ll>>\n+ curl -sf -H 'Authorization: Bearer <<S>>' https://<<host>>/api/v1/strings/export?locale=<<ll>>\n+ jq length",
  lambda: _jwt(), "host")
T(O, "http-response-set-cookie-session",
  "< HTTP/1.1 302 Found\n< Location: /projects/\n< Set-Cookie: sessionid=<<S>>; expires=Tue, 26 Mar 2024 10:22:31 GMT; HttpOnly; Max-Age=1209600; Path=/; SameSite=Lax",
  _A(32, _LAN), "Location: /projects/")


def _verbose_basic():
    u, p = _user(), _pw()
    b = _basic(u, p)
    return ("* Server auth using Basic with user '%s'\n> GET /api/v2/projects HTTP/1.1\n> Host: %s\n> Authorization: Basic %s\n> Accept: */*"
            % (u, _host(), b), b, u)


F(O, "curl-verbose-basic-authorization", _verbose_basic)
T(O, "firebase-login-ci-token",
  "✔  Success! Use this token to login on a CI server:\n\n<<S>>\n\nExample: firebase deploy --token \"$FIREBASE_TOKEN\"",
  _A(98, _B64U, "1//0"), "firebase deploy")
T(O, "gh-auth-token-output", "$ gh auth token\n<<S>>", _A(36, _AN, "gho_"), "gh auth token")
T(O, "gh-auth-status-show-token",
  "github.com\n  ✓ Logged in to github.com account <<user>> (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: <<S>>\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
  _A(36, _AN, "gho_"), "user")
T(O, "composer-config-list-http-basic",
  "$ composer config --global --list | grep http-basic\n[http-basic.repo.<<dom>>.username] <<user>>\n[http-basic.repo.<<dom>>.password] <<S>>",
  _pw, "user")
T(O, "pip-config-list-index-url", "$ pip config list\nglobal.index-url='https://<<user>>:<<S>>@pypi.<<dom>>/simple'\nglobal.timeout='60'",
  _pwu, "user")


def _extraheader():
    tok = "ghs_" + _s(36)
    b = base64.b64encode(("x-access-token:" + tok).encode()).decode()
    return ("$ git config --list | grep extraheader\nhttp.https://github.com/.extraheader=AUTHORIZATION: basic %s" % b, b,
            "extraheader")


F(O, "git-config-extraheader-basic", _extraheader)
T(O, "mc-alias-list-output",
  "dubbing\n  URL       : https://s3.<<dom>>\n  AccessKey : <<akm>>\n  SecretKey : <<S>>\n  API       : s3v4\n  Path      : auto",
  _A(40, _AN), "akm", akm=_A(20, _UAN))
T(O, "rclone-config-show-obscured",
  "$ rclone config show drop\n[drop]\ntype = sftp\nhost = <<host>>\nuser = <<user>>\npass = <<S>>\nshell_type = unix",
  _A(40, _B64U), "host")
T(O, "wp-cli-config-get", "$ wp config get DB_PASSWORD --path=/var/www/<<orgw>>\n<<S>>", _pw, "DB_PASSWORD")
T(O, "artisan-tinker-config", ">>> config('services.deepl.key')\n=> \"<<S>>\"", _deepl, "services.deepl.key")
T(O, "rails-console-credentials-hash",
  "irb(main):001> Rails.application.credentials.smartling\n=> {:user_id=>\"<<uid>>\", :user_secret=>\"<<S>>\"}", _smart_sec, "uid")
T(O, "node-repl-process-env", "> process.env.PHRASE_ACCESS_TOKEN\n'<<S>>'\n> process.env.PHRASE_PROJECT_ID\n'<<phid>>'", _phraset, "phid")
T(O, "docker-compose-config-rendered",
  "$ docker compose config\nservices:\n  pontoon:\n    environment:\n      DATABASE_URL: postgres://pontoon:<<S>>@db:5432/pontoon\n      SITE_URL: https://<<host>>\n    image: <<orgw>>/pontoon:<<short>>",
  _pwu, "host")
T(O, "kubectl-configmap-plaintext-key",
  "$ kubectl get cm mt-config -o yaml\napiVersion: v1\ndata:\n  MT_ENGINE: modernmt\n  MT_API_KEY: <<S>>\n  MT_HINTS: \"<<n>>\"\nkind: ConfigMap",
  _mmt, "MT_ENGINE")
T(O, "ansible-debug-var-output",
  'TASK [memoq : debug] ****\nok: [<<host>>] => {\n    "memoq_admin_password": "<<S>>"\n}', _pw, "host")
T(O, "terraform-plan-attribute",
  '  # azurerm_linux_web_app.pontoon will be created\n  + resource "azurerm_linux_web_app" "pontoon" {\n      + app_settings = {\n          + "DATABASE_PASSWORD" = "<<S>>"\n          + "SITE_URL"          = "https://<<host>>"\n        }',
  _pw, "host")
T(O, "cat-fstab-cifs-credentials",
  "$ cat /etc/fstab | grep cifs\n//<<fs>>/projects /mnt/projects cifs username=<<user>>,password=<<S>>,uid=1000,iocharset=utf8 0 0",
  _pwu, "user")
T(O, "crontab-list-token-arg",
  "$ crontab -l\n# nightly string sync\n0 2 * * * /opt/sync/pull.sh --token <<S>> >> /var/log/string-sync.log 2>&1", _txtok,
  "nightly string sync")
T(O, "history-grep-output",
  "$ history | grep lokalise\n  <<n>>  curl -H \"X-Api-Token: <<S>>\" https://api.lokalise.com/api2/projects\n  <<n2>>  history | grep lokalise",
  _lokalise, "api.lokalise.com")
T(O, "jupyter-out-cell-dict", "In [7]: cfg\nOut[7]: {'api_key': '<<S>>', 'region': '<<azreg>>', 'endpoint': 'global'}", _azkey, "azreg")
T(O, "api-create-token-response",
  'HTTP/1.1 201 Created\nContent-Type: application/json\n\n{\n    "data": {\n        "id": <<n>>,\n        "name": "ci-sync",\n        "token": "<<S>>",\n        "scopes": ["project"]\n    }\n}',
  _crowdin, "ci-sync")
T(O, "kubectl-exec-env-output",
  "$ kubectl exec deploy/subs-api -- env | grep -i rev\nREV_ACCESS_TOKEN=<<S>>\nREV_CALLBACK_URL=https://<<host>>/hooks/rev", _rev, "host")
T(O, "powershell-get-childitem-env",
  "PS C:\\l10n> Get-ChildItem Env:AZURE*\n\nName                           Value\n----                           -----\nAZURE_TRANSLATOR_KEY           <<S>>\nAZURE_TRANSLATOR_REGION        <<azreg>>",
  _azkey, "azreg")
T(O, "windows-set-command-output", "C:\\> set SMARTLING\nSMARTLING_USER_IDENTIFIER=<<uid>>\nSMARTLING_USER_SECRET=<<S>>", _smart_sec, "uid")
T(O, "dotnet-user-secrets-list",
  "> dotnet user-secrets list\nGroupShare:Password = <<S>>\nGroupShare:User = <<user>>\nGroupShare:Url = https://<<host>>", _pw, "user")
T(O, "yaml-lint-echo-value",
  "crowdin.yml\n  2:14      error    too many spaces after colon  (colons)\n\n  2 | \"api_token\":  \"<<S>>\"", _crowdin,
  "too many spaces after colon")


G = "config-file"
T(G, "crowdin-yml-api-token",
  '"project_id": "<<pid>>"\n"api_token": "<<S>>"\n"base_path": "."\n"preserve_hierarchy": true\n\nfiles:\n  - source: "/locales/en/**/*.json"\n    translation: "/locales/%two_letters_code%/**/%original_file_name%"',
  _crowdin, "pid")
T(G, "crowdin-yml-enterprise-base-url",
  "project_id: <<pid2>>\napi_token: <<S>>\nbase_url: https://<<orgw>>.api.crowdin.com\nfiles:\n  - source: /app/src/main/res/values/strings.xml\n    translation: /app/src/main/res/values-%android_code%/strings.xml",
  _crowdin, "pid2")
T(G, "lokalise2-config-yml", "# ~/.lokalise2.yml\ntoken: <<S>>\nproject-id: <<lpid>>\nformat: json\nunzip-to: ./locales", _lokalise,
  "lpid")
T(G, "phrase-yml-access-token",
  "phrase:\n  access_token: <<S>>\n  project_id: <<phid>>\n  file_format: yml\n  push:\n    sources:\n      - file: ./config/locales/en.yml\n  pull:\n    targets:\n      - file: ./config/locales/<locale_name>.yml",
  _phraset, "phid")
T(G, "transifexrc-token-ini",
  "[https://app.transifex.com]\nrest_hostname = https://rest.api.transifex.com\ntoken = <<S>>", _txtok, "rest_hostname")
T(G, "transifexrc-legacy-api-user",
  "[https://www.transifex.com]\napi_hostname = https://api.transifex.com\nhostname = https://www.transifex.com\npassword = <<S>>\nusername = api",
  _txtok, "api_hostname")
T(G, "django-databases-dict",
  '# weblate/settings_override.py\nDATABASES = {\n    "default": {\n        "ENGINE": "django.db.backends.postgresql",\n        "NAME": "weblate",\n        "USER": "weblate",\n        "PASSWORD": "<<S>>",\n        "HOST": "<<host>>",\n        "PORT": "5432",\n    }\n}',
  _pw, "host")
T(G, "weblate-docker-env-smtp",
  "WEBLATE_EMAIL_HOST=smtp.<<dom>>\nWEBLATE_EMAIL_PORT=587\nWEBLATE_EMAIL_HOST_USER=<<email>>\nWEBLATE_EMAIL_HOST_PASSWORD=<<S>>\nWEBLATE_SERVER_EMAIL=noreply@<<dom>>",
  _pw, "email")
T(G, "pontoon-dotenv-secret-key",
  "SECRET_KEY=<<S>>\nDJANGO_DEBUG=False\nSITE_URL=https://<<host>>\nDATABASE_URL=${DATABASE_URL}", _djkey, "host")
T(G, "compose-environment-list",
  "services:\n  memoq-bridge:\n    image: <<orgw>>/memoq-bridge:<<ver>>\n    environment:\n      - MEMOQ_URL=https://<<host>>:8081\n      - MEMOQ_USER=<<user>>\n      - MEMOQ_PASSWORD=<<S>>\n    restart: unless-stopped",
  _pw, "user")
T(G, "appsettings-json-translator-key",
  '{\n  "Translator": {\n    "Endpoint": "https://api.cognitive.microsofttranslator.com/",\n    "Key": "<<S>>",\n    "Region": "<<azreg>>"\n  },\n  "Logging": { "LogLevel": { "Default": "Information" } }\n}',
  _azkey, "azreg")
T(G, "appsettings-connection-string-sql",
  '"ConnectionStrings": {\n    "GroupShare": "Server=<<host>>;Database=SDLSystem;User Id=gs_sa;Password=<<S>>;TrustServerCertificate=True"\n  }',
  _pwu, "host")
T(G, "spring-properties-datasource",
  "spring.datasource.url=jdbc:postgresql://<<host>>:5432/<<db>>\nspring.datasource.username=<<user>>\nspring.datasource.password=<<S>>\nspring.jpa.hibernate.ddl-auto=validate",
  _pw, "user")
T(G, "spring-yaml-vendor-block",
  'xtm:\n  base-url: https://<<host>>/project-manager-api-rest\n  client: <<orgw>>\n  user-id: <<n>>\n  password: "<<S>>"\n  timeout: 30s',
  _pw, "host")
T(G, "toml-mt-section",
  '[mt.deepl]\nauth_key = "<<S>>"\nserver_url = "https://api-free.deepl.com"\nformality = "less"\n\n[mt.google]\nenabled = false',
  _deepl, "server_url")
T(G, "npmrc-scoped-authtoken", "@<<orgw>>:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=<<S>>", _ghp,
  "npm.pkg.github.com")
T(G, "pypirc-token-password",
  "[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\npassword = <<S>>",
  _A(150, _B64U, "pypi-AgEIcHlwaS5vcmcC"), "__token__")
T(G, "maven-settings-server-password",
  "<servers>\n  <server>\n    <id><<orgw>>-nexus</id>\n    <username><<user>></username>\n    <password><<S>></password>\n  </server>\n</servers>",
  _pw, "user")
T(G, "wp-config-db-password",
  "define( 'DB_NAME', 'wp_<<orgw>>' );\ndefine( 'DB_USER', '<<user>>' );\ndefine( 'DB_PASSWORD', '<<S>>' );\ndefine( 'DB_HOST', '<<host>>' );",
  _pw, "host")
T(G, "wp-config-auth-salt",
  "define( 'AUTH_KEY',         '<<S>>' );\ndefine( 'WPML_TM_ENABLED',  true );",
  _A(64, _AN + "!#$%&()*+,-.:;<=>?@[]^_{|}~"), "WPML_TM_ENABLED")
T(G, "drupal-settings-databases",
  "$databases['default']['default'] = [\n  'database' => 'drupal_i18n',\n  'username' => '<<user>>',\n  'password' => '<<S>>',\n  'host' => '<<host>>',\n  'driver' => 'mysql',\n];",
  _pw, "user")
T(G, "contentful-dotenv-cma-token",
  "CONTENTFUL_SPACE_ID=<<space>>\nCONTENTFUL_ENVIRONMENT=master\nCONTENTFUL_MANAGEMENT_TOKEN=<<S>>", _A(43, _B64U, "CFPAT-"),
  "space")
T(G, "strapi-env-jwt-secret", "HOST=0.0.0.0\nPORT=1337\nJWT_SECRET=<<S>>\nI18N_DEFAULT_LOCALE=<<ll>>", lambda: _b64(16),
  "I18N_DEFAULT_LOCALE")
T(G, "sanity-env-write-token", "SANITY_STUDIO_PROJECT_ID=<<s8>>\nSANITY_STUDIO_DATASET=production\nSANITY_API_WRITE_TOKEN=<<S>>",
  _A(180, _AN, "sk"), "s8", s8=_A(8, _LAN))
T(G, "nuxt-config-storyblok-token",
  "export default defineNuxtConfig({\n  modules: [['@storyblok/nuxt', { accessToken: '<<S>>', apiOptions: { region: 'eu' } }], '@nuxtjs/i18n'],\n})",
  _A(22, _AN, "", "tt"), "@nuxtjs/i18n")
T(G, "gradle-properties-signing",
  "RELEASE_STORE_FILE=../keystore/release.jks\nRELEASE_STORE_PASSWORD=<<S>>\nRELEASE_KEY_ALIAS=<<alias>>", _pw, "alias")
T(G, "fastlane-dotenv-app-specific",
  "FASTLANE_USER=<<email>>\nFASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=<<S>>\nFASTLANE_ITC_TEAM_ID=<<n>>",
  lambda: "-".join(_s(4, _LO) for _ in range(4)), "email")


def _escaped_pem():
    body = _pem_body(_ri(10, 16), "MIIEv")
    esc = body.replace("\n", "\\n")
    proj = "%s-%s" % (_orgw(), _pick(["l10n", "translate", "subs"]))
    text = ('{\n  "type": "service_account",\n  "project_id": "%s",\n  "private_key_id": "%s",\n'
            '  "private_key": "-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",\n'
            '  "client_email": "firebase-adminsdk-%s@%s.iam.gserviceaccount.com",\n  "client_id": "%d"\n}'
            % (proj, _hx(40), esc, _s(5, _LAN), proj, _ri(10 ** 20, 10 ** 21)))
    return text, esc, proj


F(G, "service-account-json-private-key", _escaped_pem)


def _pem_file(label, first, fname):
    def fn():
        body = _pem_body(_ri(12, 24), first)
        return ("# %s\n-----BEGIN %s-----\n%s\n-----END %s-----\n" % (fname, label, body, label), body, fname)
    return fn


F(G, "pem-rsa-private-key-file", _pem_file("RSA PRIVATE KEY", "MIIEpAIBAAKCAQEA", "deploy/keys/sftp_delivery.pem"))
F(G, "pem-ec-private-key-file", _pem_file("EC PRIVATE KEY", "MHcCAQEEI", "certs/tms-api.key"))
T(G, "android-strings-xml-api-key",
  '<resources>\n    <string name="app_name"><<word>></string>\n    <string name="google_translate_api_key" translatable="false"><<S>></string>\n</resources>',
  _gkey, "app_name")
T(G, "ios-localizable-strings-key",
  '"onboarding.title" = "Bienvenido";\n"onboarding.subtitle" = "Empieza a traducir";\n"DEEPL_API_KEY" = "<<S>>";', _deepl,
  "onboarding.title")
T(G, "ios-info-plist-key",
  "<key>CFBundleDevelopmentRegion</key>\n<string>en</string>\n<key>ElevenLabsAPIKey</key>\n<string><<S>></string>", _eleven,
  "CFBundleDevelopmentRegion")
T(G, "json-locale-file-stray-token",
  '{\n  "checkout.pay": "Pagar ahora",\n  "checkout.total": "Total: {amount}",\n  "debug.apiToken": "<<S>>"\n}', _lokalise,
  "checkout.pay")
T(G, "po-translator-comment-credentials",
  '#. TRANSLATORS: to check the screen log in to staging as qa_<<ll>> / <<S>>\n#: templates/login.html:12\nmsgid "Sign in"\nmsgstr "Iniciar sesión"',
  _pw, "Iniciar sesión")
T(G, "xliff-note-credentials",
  '<trans-unit id="login.cta" resname="login.cta">\n  <source>Log in</source>\n  <target state="translated">Connexion</target>\n  <note from="developer">Test account: <<user>> / <<S>></note>\n</trans-unit>',
  _pw, "user")
T(G, "i18n-tasks-yml-deepl-key",
  "# config/i18n-tasks.yml\nbase_locale: en\ntranslation:\n  backend: deepl\n  deepl_api_key: <<S>>\n  deepl_locale_aliases:\n    pt: pt-BR",
  _deepl, "base_locale")
T(G, "ini-memoq-client-section",
  "[MemoQServer]\nUrl=https://<<host>>:8081\nUser=<<user>>\nPassword=<<S>>\nTimeoutSeconds=120", _pw, "host")
T(G, "web-config-appsettings-add", '<appSettings>\n  <add key="MemoQServerUrl" value="https://<<host>>:8080" />\n  <add key="MemoQApiKey" value="<<S>>" />\n</appSettings>',
  _A(40, _AN), "MemoQServerUrl")
T(G, "web-config-connectionstrings-add",
  '<connectionStrings>\n  <add name="TmsDb" connectionString="Data Source=<<host>>;Initial Catalog=Tms;User ID=tms_app;Password=<<S>>" providerName="System.Data.SqlClient" />\n</connectionStrings>',
  _pwu, "TmsDb")
T(G, "k8s-secret-stringdata",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: smartling-creds\n  namespace: l10n\ntype: Opaque\nstringData:\n  USER_IDENTIFIER: <<uid>>\n  USER_SECRET: <<S>>",
  _smart_sec, "uid")


def _k8s_b64():
    k = _deepl()
    b = base64.b64encode(k.encode()).decode()
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: deepl\ndata:\n  DEEPL_AUTH_KEY: %s\n  DEEPL_SERVER: %s"
            % (b, base64.b64encode(b"https://api.deepl.com").decode()), b, "DEEPL_SERVER")


F(G, "k8s-secret-data-base64", _k8s_b64)
T(G, "terraform-tfvars-key", 'translator_key = "<<S>>"\nlocation       = "<<azreg>>"\nsku_name       = "S1"', _azkey, "azreg")
T(G, "ansible-group-vars-yaml",
  "# group_vars/weblate.yml\nweblate_admin_email: <<email>>\nweblate_admin_password: \"<<S>>\"\nweblate_version: 5.<<n2>>", _pw,
  "email")
T(G, "netrc-single-line", "machine api.<<dom>> login <<user>> password <<S>>", _pwu, "user")
T(G, "git-credentials-store-line", "https://<<user>>:<<S>>@gitlab.<<dom>>", _glpat, "user")
T(G, "rclone-conf-s3-secret",
  "[wasabi]\ntype = s3\nprovider = Wasabi\naccess_key_id = <<akm>>\nsecret_access_key = <<S>>\nendpoint = s3.eu-central-1.wasabisys.com",
  _A(40, _AN), "endpoint", akm=_A(20, _UAN))
T(G, "aws-credentials-profile", "[<<prof>>]\naws_access_key_id = <<ak>>\naws_secret_access_key = <<S>>\nregion = <<region>>", _awssec,
  "region")
T(G, "pgpass-line", "<<host>>:5432:<<db>>:<<user>>:<<S>>", _pwu, "host")
T(G, "my-cnf-client-section", '[client]\nuser=<<user>>\npassword="<<S>>"\nhost=<<host>>\ndefault-character-set=utf8mb4',
  _pw, "host")
T(G, "dotenv-export-single-quoted", "export MODERNMT_API_KEY='<<S>>'\nexport MODERNMT_HINTS=<<n>>", _mmt, "MODERNMT_HINTS")
T(G, "supervisor-program-environment",
  '[program:subs-worker]\ncommand=/opt/subs/bin/worker --queue captions\nenvironment=REV_ACCESS_TOKEN="<<S>>",LOG_LEVEL="info"',
  _rev, "subs-worker")
T(G, "systemd-unit-environment",
  '[Service]\nEnvironment="VERBIT_API_KEY=<<S>>"\nExecStart=/usr/local/bin/captions-sync --watch /srv/media', _A(32, _HX),
  "captions-sync")
T(G, "nginx-proxy-auth-header",
  'location /mt/ {\n    proxy_pass https://api.deepl.com/;\n    proxy_set_header Authorization "DeepL-Auth-Key <<S>>";\n}',
  _deepl, "proxy_pass")
T(G, "htaccess-setenv", "SetEnv PHRASE_ACCESS_TOKEN <<S>>\nSetEnv APP_LOCALE <<ll>>", _phraset, "APP_LOCALE")
T(G, "vscode-settings-i18n-ally",
  '{\n  "i18n-ally.localesPaths": ["src/locales"],\n  "i18n-ally.translate.engines": ["deepl", "google"],\n  "i18n-ally.translate.deepl.apiKey": "<<S>>"\n}',
  _deepl, "i18n-ally.localesPaths")
T(G, "nextjs-env-public-leak", "NEXT_PUBLIC_DEFAULT_LOCALE=<<ll>>\nNEXT_PUBLIC_GOOGLE_TRANSLATE_KEY=<<S>>", _gkey,
  "NEXT_PUBLIC_DEFAULT_LOCALE")
T(G, "tts-pipeline-yaml",
  "tts:\n  provider: elevenlabs\n  api_key: <<S>>\n  voice_id: <<voice>>\n  model_id: eleven_multilingual_v2\n  stability: 0.45",
  _eleven, "voice")
T(G, "subtitle-job-json-config",
  '{"transcription": {"engine": "rev", "accessToken": "<<S>>", "language": "<<ll>>"}, "output": {"format": "srt", "maxLineLength": 42}}',
  _rev, "maxLineLength")
T(G, "verbit-ini-section", "[verbit]\napi_key = <<S>>\ncallback_url = https://<<host>>/hooks/verbit\nturnaround = standard",
  _A(40, _AN), "host")
T(G, "yandex-translate-json-config", '{"folder_id": "<<fid>>", "api_key": "<<S>>", "target": "<<ll>>"}', _yc_key, "fid")
T(G, "java-properties-modernmt", "modernmt.api.key=<<S>>\nmodernmt.hints=<<n>>\nmodernmt.priority=normal", _mmt,
  "modernmt.hints")
T(G, "smartling-connector-yaml",
  "smartling:\n  projectId: <<p9>>\n  userIdentifier: <<uid>>\n  userSecret: <<S>>\n  fileUriPrefix: /cms/", _smart_sec, "uid",
  p9=_A(9, _LAN))
T(G, "vscode-sftp-json",
  '{\n  "name": "delivery",\n  "host": "<<host>>",\n  "protocol": "sftp",\n  "port": 22,\n  "username": "<<user>>",\n  "password": "<<S>>",\n  "remotePath": "/in/<<lang>>"\n}',
  _pw, "host")


def _filezilla():
    h, u, p = _host(), _user(), _pw()
    b = base64.b64encode(p.encode()).decode()
    return ("<Server>\n  <Host>%s</Host>\n  <Port>21</Port>\n  <Protocol>0</Protocol>\n  <User>%s</User>\n"
            "  <Pass encoding=\"base64\">%s</Pass>\n  <Name>Cliente subtítulos</Name>\n</Server>" % (h, u, b), b, h)


F(G, "filezilla-sitemanager-base64-pass", _filezilla)
T(G, "composer-auth-json",
  '{\n    "http-basic": {\n        "repo.<<dom>>": {\n            "username": "<<user>>",\n            "password": "<<S>>"\n        }\n    }\n}',
  _pw, "user")
T(G, "yarnrc-yml-npm-auth-token", 'npmRegistries:\n  "https://npm.<<dom>>":\n    npmAlwaysAuth: true\n    npmAuthToken: <<S>>',
  _A(36, _AN, "npm_"), "npmAlwaysAuth")
T(G, "sentryclirc-auth-token", "[defaults]\norg=<<orgw>>\nproject=web-i18n\n\n[auth]\ntoken=<<S>>", _A(64, _HX, "sntryu_"),
  "web-i18n")
T(G, "redis-conf-requirepass", "bind 127.0.0.1 <<ip>>\nport 6379\nrequirepass <<S>>\nmaxmemory 512mb", _strongpw, "maxmemory")


def _openssh_file():
    body = _ssh_body()
    return ("-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % body, body, "OPENSSH PRIVATE KEY")


F(G, "openssh-private-key-file", _openssh_file)
T(G, "ldap-config-bind-password",
  "AUTH_LDAP_SERVER_URI = \"ldaps://<<host>>\"\nAUTH_LDAP_BIND_DN = \"cn=weblate,ou=apps,dc=<<orgw>>,dc=local\"\nAUTH_LDAP_BIND_PASSWORD = \"<<S>>\"",
  _pw, "AUTH_LDAP_BIND_DN")
T(G, "env-file-double-quoted-escapes", 'INVOICE_SMTP_USER=<<email>>\nINVOICE_SMTP_PASS="<<S>>"', lambda: _pwu() + '\\"' + _s(4, _DG),
  "email")


K = "source-code"
T(K, "py-deepl-translator-positional",
  'import deepl\n\ntranslator = deepl.Translator("<<S>>")\nresult = translator.translate_text(segments, target_lang="<<LL>>", formality="prefer_less")',
  _deepl, "translate_text")
T(K, "py-requests-params-key",
  'resp = requests.post(\n    "https://translation.googleapis.com/language/translate/v2",\n    params={"key": "<<S>>"},\n    json={"q": strings, "target": "<<ll>>", "format": "text"},\n    timeout=30,\n)',
  _gkey, "translation.googleapis.com")
T(K, "py-boto3-client-kwargs",
  'translate = boto3.client(\n    "translate",\n    region_name="<<region>>",\n    aws_access_key_id="<<ak>>",\n    aws_secret_access_key="<<S>>",\n)',
  _awssec, "region")
T(K, "py-azure-key-credential",
  'from azure.core.credentials import AzureKeyCredential\n\ncredential = AzureKeyCredential("<<S>>")\nclient = TextTranslationClient(credential=credential, region="<<azreg>>")',
  _azkey, "azreg")
T(K, "py-elevenlabs-client-kwarg",
  'client = ElevenLabs(api_key="<<S>>")\naudio = client.text_to_speech.convert(voice_id="<<voice>>", model_id="eleven_multilingual_v2", text=line)',
  _eleven, "voice")
T(K, "py-revai-client-positional",
  'from rev_ai import apiclient\n\nclient = apiclient.RevAiAPIClient("<<S>>")\njob = client.submit_job_url("https://<<host>>/media/ep<<n2>>.mp4", language="<<ll>>")',
  _rev, "host")
T(K, "py-modernmt-positional", 'mmt = ModernMT("<<S>>")\ntranslation = mmt.translate("en", "<<ll>>", "Free returns within 30 days")',
  _mmt, "Free returns")
T(K, "py-crowdin-client-kwargs", 'client = CrowdinClient(token="<<S>>", organization="<<orgw>>")\nprojects = client.projects.list_projects()',
  _crowdin, "list_projects")
T(K, "py-lokalise-client-positional", 'client = lokalise.Client("<<S>>")\nkeys = client.keys("<<lpid>>", {"limit": 500})', _lokalise,
  "lpid")
T(K, "py-transifex-setup-auth", 'transifex_api.setup(auth="<<S>>")\norg = transifex_api.Organization.get(slug="<<orgw>>")', _txtok,
  "Organization.get")
T(K, "js-crowdin-api-client-object",
  "const crowdin = require('@crowdin/crowdin-api-client').default;\nconst { projectsGroupsApi } = new crowdin({\n  token: '<<S>>',\n  organization: '<<orgw>>',\n});",
  _crowdin, "projectsGroupsApi")
T(K, "js-lokalise-api-constructor", 'import { LokaliseApi } from "@lokalise/node-api";\n\nconst lokaliseApi = new LokaliseApi({ apiKey: "<<S>>" });',
  _lokalise, "@lokalise/node-api")
T(K, "js-fetch-template-literal-header",
  'const res = await fetch("https://api-free.deepl.com/v2/translate", {\n  method: "POST",\n  headers: { Authorization: `DeepL-Auth-Key <<S>>`, "Content-Type": "application/json" },\n  body: JSON.stringify({ text: [msg], target_lang: "<<LL>>" }),\n});',
  _deepl, "api-free.deepl.com")
T(K, "js-axios-defaults-header", "axios.defaults.baseURL = 'https://api.lokalise.com/api2';\naxios.defaults.headers.common['X-Api-Token'] = '<<S>>';",
  _lokalise, "axios.defaults.baseURL")
T(K, "ts-exported-const-todo", 'export const PHRASE_ACCESS_TOKEN = "<<S>>"; // TODO move to env before release', _phraset,
  "TODO move to env")
T(K, "go-client-constructor",
  'client := mtclient.New("<<S>>", mtclient.WithBaseURL("https://api.modernmt.com"), mtclient.WithTimeout(30*time.Second))',
  _mmt, "WithTimeout")
T(K, "go-header-set-pair",
  'req.Header.Set("Ocp-Apim-Subscription-Key", "<<S>>")\nreq.Header.Set("Ocp-Apim-Subscription-Region", "<<azreg>>")\nreq.Header.Set("Content-Type", "application/json")',
  _azkey, "azreg")
T(K, "java-deepl-translator-new", 'Translator translator = new Translator("<<S>>");\nTextResult result = translator.translateText(source, null, "<<ll>>");',
  _deepl, "translateText")
T(K, "java-jdbc-getconnection-positional",
  'Connection conn = DriverManager.getConnection(\n    "jdbc:mysql://<<host>>:3306/<<db>>", "<<user>>", "<<S>>");', _pw, "user")
T(K, "csharp-text-translation-client",
  'var client = new TextTranslationClient(new AzureKeyCredential("<<S>>"), "<<azreg>>");', _azkey, "azreg")
T(K, "csharp-network-credential", 'var cred = new NetworkCredential("<<user>>", "<<S>>", "<<DOMN>>");\nvar gs = new GroupShareClient(new Uri("https://<<host>>"), cred);',
  _pw, "user")
T(K, "kotlin-buildconfig-field-escaped",
  'buildConfigField("String", "TRANSLATE_API_KEY", "\\"<<S>>\\"")\nbuildConfigField("String", "DEFAULT_LOCALE", "\\"<<ll>>\\"")',
  _gkey, "DEFAULT_LOCALE")
T(K, "swift-private-let-key", 'private let elevenLabsKey = "<<S>>"\nprivate let voiceID = "<<voice>>"', _eleven, "voice")
T(K, "php-guzzle-client-headers",
  "$client = new \\GuzzleHttp\\Client([\n    'base_uri' => 'https://api.lokalise.com/api2/',\n    'headers' => ['X-Api-Token' => '<<S>>'],\n]);",
  _lokalise, "base_uri")
T(K, "php-pdo-constructor-positional", "$pdo = new PDO('pgsql:host=<<host>>;dbname=<<db>>', '<<user>>', '<<S>>');", _pw, "user")
T(K, "ruby-configure-block",
  'Smartling.configure do |c|\n  c.user_id = "<<uid>>"\n  c.user_secret = "<<S>>"\n  c.project_id = "<<p9>>"\nend', _smart_sec,
  "uid", p9=_A(9, _LAN))
T(K, "ruby-net-http-basic-auth", 'req = Net::HTTP::Get.new(uri)\nreq.basic_auth "<<user>>", "<<S>>"', _pw, "user")
T(K, "rust-reqwest-bearer-header",
  'let resp = client\n    .get("https://<<host>>/api/v2/glossaries")\n    .header("Authorization", "Bearer <<S>>")\n    .send()\n    .await?;',
  lambda: _jwt(), "host")
T(K, "py-sqlalchemy-url", 'engine = create_engine("postgresql+psycopg2://<<user>>:<<S>>@<<host>>/<<db>>", pool_pre_ping=True)', _pwu,
  "host")
T(K, "py-django-insecure-secret-key", "SECRET_KEY = 'django-insecure-<<S>>'\nLANGUAGE_CODE = '<<ll>>'", _djkey, "LANGUAGE_CODE")
T(K, "py-flask-config-secret", 'app = Flask(__name__)\napp.config["SECRET_KEY"] = "<<S>>"\napp.config["BABEL_DEFAULT_LOCALE"] = "<<ll>>"',
  _A(32, _HX), "BABEL_DEFAULT_LOCALE")
T(K, "js-jwt-sign-positional-secret", "const token = jwt.sign({ sub: user.id, role: 'translator' }, '<<S>>', { expiresIn: '1h' });",
  _strongpw, "translator")
T(K, "py-hmac-webhook-secret-bytes",
  'WEBHOOK_SECRET = b"<<S>>"\n\ndef verify(sig: str, body: bytes) -> bool:\n    return hmac.compare_digest(sig, hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest())',
  _A(32, _AN), "compare_digest")


def _py_split():
    tok = _phraset()
    a, b = tok[:34], tok[34:]
    text = 'PHRASE_TOKEN = (\n    "%s"\n    "%s"\n)\nPROJECT_ID = "%s"' % (a, b, _hx(32))
    return text, a, "PROJECT_ID"


F(K, "py-implicit-concat-split", _py_split)


def _java_split():
    tok = _crowdin()
    a, b = tok[:40], tok[40:]
    text = 'private static final String CROWDIN_TOKEN = "%s" +\n        "%s";' % (a, b)
    return text, b, "CROWDIN_TOKEN"


F(K, "java-string-plus-split", _java_split)
T(K, "sql-create-user-identified-by", "CREATE USER 'tms_app'@'%' IDENTIFIED BY '<<S>>';\nGRANT SELECT, INSERT ON tms.* TO 'tms_app'@'%';",
  _pw, "tms_app")
T(K, "sql-alter-role-password", "ALTER ROLE pontoon WITH LOGIN PASSWORD '<<S>>';", _pw, "pontoon")
T(K, "dockerfile-env-token", "FROM node:20-alpine\nWORKDIR /app\nENV CROWDIN_PERSONAL_TOKEN=<<S>>\nRUN npx @crowdin/cli download --verbose",
  _crowdin, "node:20-alpine")
T(K, "dockerfile-arg-default", "ARG NPM_TOKEN=<<S>>\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc",
  _A(36, _AN, "npm_"), "registry.npmjs.org")
T(K, "bash-script-assignment",
  '#!/usr/bin/env bash\nset -euo pipefail\nAPI_KEY="<<S>>"\nfor f in srt/*.srt; do\n  curl -s -H "Authorization: Bearer $API_KEY" -F "file=@$f" https://<<host>>/v1/align\ndone',
  _rev, "host")
T(K, "makefile-conditional-default", "PHRASE_TOKEN ?= <<S>>\n\npull:\n\tphrase pull --access_token $(PHRASE_TOKEN)", _phraset, "pull:")
T(K, "ps1-hashtable-body",
  "$body = @{ username = '<<user>>'; password = '<<S>>' } | ConvertTo-Json\nInvoke-RestMethod -Method Post -Uri https://<<host>>/api/login -Body $body",
  _pw, "user")
T(K, "jest-setup-env-assign", "// jest.setup.js\nprocess.env.LOKALISE_TOKEN = '<<S>>';\nprocess.env.LOKALISE_PROJECT = '<<lpid>>';",
  _lokalise, "lpid")
T(K, "pytest-monkeypatch-setenv", '@pytest.fixture(autouse=True)\ndef mt_env(monkeypatch):\n    monkeypatch.setenv("DEEPL_AUTH_KEY", "<<S>>")',
  _deepl, "mt_env")
T(K, "py-environ-get-fallback", 'DEEPL_KEY = os.environ.get("DEEPL_AUTH_KEY", "<<S>>")', _deepl, "os.environ.get")
T(K, "js-env-or-fallback", "const token = process.env.CROWDIN_TOKEN || '<<S>>';", _crowdin, "process.env.CROWDIN_TOKEN")
T(K, "go-const-block", 'const (\n\tsmartlingUserID = "<<uid>>"\n\tsmartlingSecret = "<<S>>"\n)', _smart_sec, "uid")
T(K, "c-define-macro", '#define YANDEX_API_KEY "<<S>>"\n#define YANDEX_FOLDER_ID "<<fid>>"', _yc_key, "fid")
T(K, "py-nested-dict-iam-token",
  'MT_CONFIG = {\n    "yandex": {"folder_id": "<<fid>>", "iam_token": "<<S>>"},\n    "fallback": "deepl",\n}',
  _A(150, _B64U, "t1.9euelZ"), "fid")
T(K, "py-requests-auth-tuple", 'r = requests.get(url, auth=("<<user>>", "<<S>>"), timeout=30)', _pw, "user")
T(K, "py-paramiko-connect-kwargs", 'ssh.connect("<<host>>", port=22, username="<<user>>", password="<<S>>")', _pw, "host")
T(K, "py-ftplib-login-positional", 'ftp = FTP("<<host>>")\nftp.login("<<user>>", "<<S>>")\nftp.cwd("/deliveries/<<lang>>")', _pw,
  "host")
T(K, "py-smtplib-app-password", 'server = smtplib.SMTP_SSL("smtp.gmail.com", 465)\nserver.login("<<email>>", "<<S>>")',
  lambda: " ".join(_s(4, _LO) for _ in range(4)), "email")
T(K, "js-nodemailer-auth",
  "const transporter = nodemailer.createTransport({\n  host: 'smtp.<<dom>>',\n  port: 587,\n  auth: { user: '<<email>>', pass: '<<S>>' },\n});",
  _pw, "email")
T(K, "csharp-connection-string-literal", 'var cs = "Server=<<host>>;Database=Invoicing;User Id=inv_app;Password=<<S>>;Encrypt=True;";',
  _pwu, "Invoicing")
T(K, "java-properties-setproperty", 'props.setProperty("xtm.user", "<<user>>");\nprops.setProperty("xtm.password", "<<S>>");', _pw,
  "user")
T(K, "r-sys-setenv", 'Sys.setenv(DEEPL_API_KEY = "<<S>>")\nlibrary(deeplr)', _deepl, "deeplr")
T(K, "ipython-env-magic", "%env OPENAI_API_KEY=<<S>>\n%load_ext autoreload", _oai, "autoreload")
T(K, "py-openai-client-kwarg", 'client = OpenAI(api_key="<<S>>")\n# LLM post-editing pass for <<lang>>', _oai, "LLM post-editing")
T(K, "py-anthropic-client-kwarg", 'client = anthropic.Anthropic(api_key="<<S>>")',
  lambda: "sk-ant-api03-" + _s(93, _B64U) + "AA", "anthropic.Anthropic")
T(K, "js-google-translate-constructor", "const translate = new Translate({ projectId: '<<gp>>', key: '<<S>>' });", _gkey, "gp")
T(K, "perl-lwp-default-header",
  "my $ua = LWP::UserAgent->new;\n$ua->default_header('Authorization' => 'Bearer <<S>>');", lambda: _jwt(), "LWP::UserAgent")
T(K, "js-locize-backend-options",
  "backend: {\n  projectId: '<<uuid>>',\n  apiKey: '<<S>>',\n  referenceLng: 'en',\n  version: 'latest'\n}", _uuid, "referenceLng")
T(K, "py-wlc-weblate-kwargs", 'weblate = wlc.Weblate(key="<<S>>", url="https://<<host>>/api/")', _weblate, "host")
T(K, "soap-login-positional", 'session = client.service.Login("<<user>>", "<<S>>")\nprojects = client.service.ListProjects(session)',
  _pw, "user")
T(K, "js-btoa-basic-auth", "headers: { Authorization: 'Basic ' + btoa('<<user>>:<<S>>') }", _pwu, "user")
T(K, "py-subprocess-curl-list",
  'subprocess.run(["curl", "-sf", "-H", "Authorization: Bearer <<S>>", f"https://<<host>>/api/jobs/{job_id}"], check=True)',
  lambda: _jwt(), "host")
T(K, "js-graphql-client-headers",
  'const client = new GraphQLClient("https://graphql.contentful.com/content/v1/spaces/<<space>>", {\n  headers: { authorization: "Bearer <<S>>" },\n});',
  _A(43, _B64U), "space")
T(K, "py-keyring-set-password", 'keyring.set_password("memoq-server", "<<user>>", "<<S>>")', _pw, "user")
T(K, "swift-urlrequest-header", 'request.setValue("token <<S>>", forHTTPHeaderField: "Authorization")', _phraset,
  "forHTTPHeaderField")
T(K, "kotlin-okhttp-interceptor",
  'chain.proceed(chain.request().newBuilder().addHeader("X-Api-Token", "<<S>>").build())', _lokalise, "addHeader")
T(K, "dart-flutter-const", "const lokaliseSdkToken = '<<S>>';\nconst lokaliseProjectId = '<<lpid>>';", _A(32, _HX), "lpid")
T(K, "elixir-config-exs", 'config :translate, Translate.Deepl,\n  auth_key: "<<S>>",\n  base_url: "https://api.deepl.com"', _deepl,
  "base_url")
T(K, "groovy-jenkins-shared-lib-const", "def call() {\n  def apiKey = '<<S>>'\n  sh \"tx push -s --token ${apiKey}\"\n}", _txtok,
  "tx push")
T(K, "vba-macro-password", 'ActiveWorkbook.Unprotect Password:="<<S>>"\nSheets("Rates_<<ll>>").Select', _pwu, "Rates_")
T(K, "py-test-fixture-db-url", 'DATABASE_URL = "mysql://invoicing:<<S>>@<<host>>:3306/invoicing"', _pwu, "host")


L = "stack-trace-or-log"


def _ydate():
    return "2024%02d%02d" % (_ri(1, 12), _ri(1, 28))


def _sasenc():
    return _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


_GEN.update({"clf": lambda: "%02d/%s/2024:%s +0000" % (_ri(1, 28), _pick(["Jan", "Mar", "May", "Jul", "Oct", "Nov"]), _time()),
             "ymd": _ydate, "epoch": lambda: str(_ri(1700000000, 1735000000)), "pyline": lambda: str(_ri(12, 480))})

T(L, "py-httperror-url-query-key",
  'Traceback (most recent call last):\n  File "/srv/mt/deepl_client.py", line <<pyline>>, in translate\n    resp.raise_for_status()\n  File "/usr/lib/python3/dist-packages/requests/models.py", line 1021, in raise_for_status\n    raise HTTPError(http_error_msg, response=self)\nrequests.exceptions.HTTPError: 456 Client Error: Quota Exceeded for url: https://api.deepl.com/v2/translate?auth_key=<<S>>&target_lang=<<LL>>',
  _deepl, "deepl_client.py")
T(L, "py-connectionerror-url-token",
  "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='<<host>>', port=443): Max retries exceeded with url: /api/v1/jobs?api_token=<<S>>&status=open (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f0c3a1d2e10>: Failed to establish a new connection: [Errno 111] Connection refused'))",
  _A(40, _AN), "host")
T(L, "java-psqlexception-jdbc-url",
  'org.postgresql.util.PSQLException: FATAL: password authentication failed for user "tms"\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)\n\tat com.<<orgw>>.tms.db.Pool.open(Pool.java:<<pyline>>)\nCaused by: url=jdbc:postgresql://<<host>>:5432/tms?user=tms&password=<<S>>',
  _pwu, "host")
T(L, "node-axios-error-config-headers",
  "AxiosError: Request failed with status code 401\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://api.lokalise.com/api2/projects/<<lpid>>/files/download',\n    method: 'post',\n    headers: {\n      Accept: 'application/json',\n      'X-Api-Token': '<<S>>'\n    }\n  }",
  _lokalise, "lpid")
T(L, "sentry-breadcrumb-url-secret",
  '{"type": "http", "category": "httplib", "data": {"method": "POST", "url": "https://<<host>>/hooks/crowdin?secret=<<S>>", "status_code": 500}, "timestamp": "<<ts>>"}',
  _A(32, _AN), "host")
T(L, "nginx-access-log-access-token",
  '<<ip>> - - [<<clf>>] "GET /api/export?access_token=<<S>>&format=xliff&lang=<<ll>> HTTP/1.1" 200 5231 "-" "python-requests/2.31.0"',
  _A(40, _HX), "ip")
T(L, "cloudfront-signed-url-signature",
  '<<date>>\t<<time>>\tCDG50-C1\t1843522\t<<ip>>\tGET\td<<s5>>.cloudfront.net\t/masters/ep<<n2>>_<<ll>>.mp4\t200\t-\tMozilla/5.0\tExpires=<<exp>>&Signature=<<S>>&Key-Pair-Id=K<<kp>>',
  _A(172, _AN + "-_~"), "kp", exp=lambda: str(_ri(1700000000, 1740000000)), kp=_A(13, _UAN))
T(L, "app-log-kv-user-secret",
  "<<ts>> INFO  smartling.auth - authenticating userIdentifier=<<uid>> userSecret=<<S>> project=<<p9>>", _smart_sec, "uid",
  p9=_A(9, _LAN))
T(L, "http-client-debug-send-bytes",
  "send: b'POST /v2/translate HTTP/1.1\\r\\nHost: api.deepl.com\\r\\nUser-Agent: deepl-python/1.16.1\\r\\nAuthorization: DeepL-Auth-Key <<S>>\\r\\nContent-Length: 58\\r\\n\\r\\n'\nreply: 'HTTP/1.1 200 OK\\r\\n'",
  _deepl, "deepl-python/1.16.1")
T(L, "celery-task-received-args",
  "[<<date>> <<time>>,412: INFO/MainProcess] Task l10n.tasks.push_strings[<<uuid>>] received: args=('<<proj>>', '<<S>>') kwargs={'locale': '<<lang>>'}",
  _crowdin, "l10n.tasks.push_strings")
T(L, "django-debug-page-setting",
  "MT_ENGINE_CONF\n{'auth': '<<S>>', 'provider': 'deepl', 'timeout': 20}\nMEDIA_ROOT\n'/srv/pontoon/media'", _deepl, "MEDIA_ROOT")
T(L, "weblate-vcs-push-auth-failed",
  "weblate.vcs.base.RepositoryError: remote: HTTP Basic: Access denied. If a password was provided for Git authentication, the password was incorrect or you're required to use a token instead.\nfatal: Authentication failed for 'https://weblate-bot:<<S>>@gitlab.<<dom>>/<<repo>>.git/'",
  _glpat, "repo")
T(L, "git-push-fatal-access-token-url",
  "fatal: unable to access 'https://x-access-token:<<S>>@github.com/<<repo>>.git/': The requested URL returned error: 403",
  _A(36, _AN, "ghs_"), "repo")
T(L, "syslog-cron-cmdline-password",
  "<<ymdh>> <<hn>> CRON[<<n>>]: (deploy) CMD (/opt/tm/backup.sh --db-pass '<<S>>' >> /var/log/tm_backup.log 2>&1)", _pw, "hn",
  ymdh=lambda: "Mar %2d %s" % (_ri(1, 28), _time()))
T(L, "postgres-log-alter-user-statement",
  "<<date>> <<time>>.<<n>> UTC [<<n2>>] LOG:  statement: ALTER USER weblate WITH PASSWORD '<<S>>';", _pw, "weblate")
T(L, "mysql-general-log-set-password", "<<ts>>\t   12 Query\tSET PASSWORD FOR 'inv'@'%' = '<<S>>'", _pw, "Query")
T(L, "json-log-headers-authorization",
  '{"level":"debug","ts":"<<ts>>","msg":"outgoing request","method":"POST","url":"https://api.phrase.com/v2/projects/<<phid>>/uploads","headers":{"Authorization":"token <<S>>","User-Agent":"strings-sync/<<ver>>"}}',
  _phraset, "phid")
T(L, "go-panic-config-struct",
  "panic: translate: upstream returned 403\n\ngoroutine 1 [running]:\nmain.main()\n\t/app/cmd/mtproxy/main.go:<<pyline>> +0x1c5\nconfig: {Endpoint:https://api.modernmt.com Key:<<S>> Timeout:30s Hints:[<<n>>]}",
  _mmt, "main.go")
T(L, "dotnet-sqlexception-connection-string",
  "System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'gs_sa'.\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)\n   at Sdl.GroupShare.Data.Db.Open() in C:\\build\\src\\Db.cs:line <<pyline>>\nConnectionString: Data Source=<<host>>;Initial Catalog=SDLSystem;User ID=gs_sa;Password=<<S>>",
  _pwu, "gs_sa")
T(L, "php-fatal-pdo-constructor-args",
  "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'wp'@'<<ip>>' (using password: YES) in /var/www/html/wp-includes/class-wpdb.php:1982\nStack trace:\n#0 /var/www/html/wp-includes/class-wpdb.php(1982): PDO->__construct('mysql:host=<<host>>;dbname=wp', 'wp', '<<S>>', Array)",
  _pw, "host")
T(L, "ffmpeg-input-url-credentials",
  "[https @ 0x55d1c2a0b8c0] HTTP error 401 Unauthorized\nhttps://<<user>>:<<S>>@<<host>>/masters/ep<<n2>>.mov: Server returned 401 Unauthorized (authorization failed)",
  _pwu, "host")
T(L, "webhook-delivery-log-url-token",
  "<<ts>> webhook delivery id=<<n>> POST https://<<host>>/webhooks/lokalise?token=<<S>> -> 200 (142ms)", _A(48, _AN), "host")
T(L, "sidekiq-job-json-args",
  '{"class":"SyncTranslationsJob","args":["<<proj>>","<<S>>"],"retry":true,"queue":"l10n","jid":"<<hex24>>","created_at":<<n>>.21}',
  _phraset, "SyncTranslationsJob")
T(L, "py-traceback-source-line",
  'Traceback (most recent call last):\n  File "/opt/subs/tts.py", line 17, in <module>\n    client = ElevenLabs(api_key="<<S>>")\n  File "/opt/subs/.venv/lib/python3.11/site-packages/elevenlabs/client.py", line 88, in __init__\nelevenlabs.core.api_error.ApiError: status_code: 401',
  _eleven, "/opt/subs/tts.py")
T(L, "java-exception-request-body",
  'com.smartling.api.v2.client.exception.RestApiRuntimeException: 401 Unauthorized\n\tat com.smartling.api.v2.client.ExceptionDecorator.invoke(ExceptionDecorator.java:52)\nrequest body: {"userIdentifier":"<<uid>>","userSecret":"<<S>>"}',
  _smart_sec, "uid")
T(L, "crash-env-dump",
  "ERROR worker failed to start; environment dump follows\nAWS_REGION=<<region>>\nAWS_ACCESS_KEY_ID=<<ak>>\nAWS_SECRET_ACCESS_KEY=<<S>>\nTRANSLATE_JOB_ROLE=arn:aws:iam::<<acc>>:role/translate-batch",
  _awssec, "region", acc=lambda: str(_ri(10 ** 11, 10 ** 12 - 1)))
T(L, "yarn-verbose-request-headers",
  'verbose 0.51 Performing "GET" request to "https://npm.<<dom>>/@<<orgw>>%2fstrings".\nverbose 0.52 Request headers: {"authorization":"Bearer <<S>>","accept":"application/vnd.npm.install-v1+json"}',
  _A(36, _AN, "npm_"), "Performing")
T(L, "gunicorn-access-log-key-query", '<<ip>> - - [<<clf>>] "GET /api/translate?key=<<S>>&q=Bonjour&target=en HTTP/1.1" 200 143',
  _gkey, "/api/translate")
T(L, "lambda-cloudwatch-event-headers",
  'START RequestId: <<uuid>> Version: $LATEST\n<<ts>>\t<<uuid>>\tINFO\tevent: {"headers": {"content-type": "application/json", "authorization": "Bearer <<S>>"}, "path": "/crowdin/hook"}',
  lambda: _jwt(), "/crowdin/hook")
T(L, "azure-functions-code-param",
  "<<ts>> [Information] Executing 'Functions.Translate' (Reason='This function was programmatically called via the host APIs.', Id=<<uuid>>) url=https://<<app>>.azurewebsites.net/api/translate?code=<<S>>",
  _A(54, _B64U, "", "=="), "Functions.Translate")


def _s3_presigned():
    b, r, ak = "%s-%s" % (_orgw(), _pick(["subtitles", "dubbing-masters", "deliveries"])), _pick(_REGIONS), "AKIA" + _s(16, _UAN)
    sig = _hx(64)
    url = ("https://%s.s3.%s.amazonaws.com/final/ep%02d_%s.srt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=%s%%2F%s%%2F%s%%2Fs3%%2Faws4_request"
           "&X-Amz-Date=%sT101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=%s"
           % (b, r, _ri(1, 24), _pick(["es", "fr", "ko", "ar"]), ak, _ydate(), r, _ydate(), sig))
    return "%s INFO upload complete: %s" % (_ts(), url), sig, b


F(L, "s3-presigned-url-signature", _s3_presigned)


def _gcs_signed():
    b = "%s-%s" % (_orgw(), _pick(["voice-assets", "tm-exports"]))
    sig = _hx(512)
    url = ("https://storage.googleapis.com/%s/exports/tm_%s.tmx?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=exporter%%40%s.iam.gserviceaccount.com"
           "%%2F%s%%2Fauto%%2Fstorage%%2Fgoog4_request&X-Goog-Date=%sT090000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=%s"
           % (b, _date(), _orgw(), _ydate(), _ydate(), sig))
    return "DEBUG signed download link generated: " + url, sig, b


F(L, "gcs-v4-signed-url-signature", _gcs_signed)


def _azure_sas():
    acct = _orgw()[:10] + "media"
    sig = _sasenc()
    url = ("https://%s.blob.core.windows.net/dubbing/ep%d_%s.wav?sv=2022-11-02&ss=b&srt=o&sp=r&se=%sT18:00:00Z&st=%sT10:00:00Z&spr=https&sig=%s"
           % (acct, _ri(1, 12), _pick(["es", "pt", "pl"]), _date(), _date(), sig))
    return "[dub-worker] fetching source audio %s" % url, sig, acct


F(L, "azure-blob-sas-sig", _azure_sas)
T(L, "rails-log-unfiltered-params",
  'Started POST "/freelancers/sign_in" for <<ip>> at <<date>> <<time>> +0100\nProcessing by Devise::SessionsController#create as HTML\n  Parameters: {"authenticity_token"=>"[FILTERED]", "freelancer"=>{"email"=>"<<email>>", "pwd"=>"<<S>>"}}',
  _pw, "email")
T(L, "laravel-log-context-json",
  '[<<date>> <<time>>] production.ERROR: DeepL request failed {"auth_key":"<<S>>","target":"<<LL>>","exception":"[object] (GuzzleHttp\\\\Exception\\\\ClientException(code: 403): Client error: `POST https://api.deepl.com/v2/translate`"}',
  _deepl, "production.ERROR")
T(L, "spring-config-property-dump", "<<ts>>  DEBUG 1 --- [main] o.s.b.c.p.PropertySourcesLoader : xtm.password=<<S>> (from application-prod.yml)",
  _pw, "application-prod.yml")
T(L, "compose-service-log-line",
  "memoq-bridge-1  | <<ts>> connecting to https://<<host>>:8081 as <<user>> with password <<S>>", _pw, "user")
T(L, "junit-xml-failure-body",
  '<testcase name="test_upload_job" classname="tests.smartling.JobsIT" time="2.31">\n  <failure message="expected 200 but was 401">POST https://api.smartling.com/jobs-api/v3/projects/<<p9>>/jobs\nAuthorization: Bearer <<S>></failure>\n</testcase>',
  lambda: _jwt("smartling"), "test_upload_job", p9=_A(9, _LAN))
T(L, "android-logcat-debug-line", "<<mmdd>> <<time>>.512  <<n>>  <<n2>> D TranslateRepo: using api key <<S>> for <<ll>>", _gkey,
  "TranslateRepo", mmdd=lambda: "%02d-%02d" % (_ri(1, 12), _ri(1, 28)))
T(L, "ios-console-log-token",
  "<<date>> <<time>>.331 Lingo[812:33110] [OTA] Fetching bundle for <<ll>> with token=<<S>>", _A(32, _HX), "[OTA]")
T(L, "journalctl-service-log-kv", "<<ymdh>> <<hn>> captions-sync[<<n>>]: verbit: POST /v1/order api_key=<<S>> media=ep<<n2>>.mp4",
  _A(40, _AN), "captions-sync", ymdh=lambda: "Mar %2d %s" % (_ri(1, 28), _time()))
T(L, "tomcat-jdbc-url-password",
  "SEVERE [main] org.apache.tomcat.jdbc.pool.ConnectionPool.init Unable to create initial connections of pool.\njava.sql.SQLException: Access denied for user 'xtm'@'<<ip>>' (using password: YES) [url=jdbc:mysql://<<host>>/xtm?user=xtm&password=<<S>>]",
  _pwu, "host")
T(L, "python-logging-dict-repr",
  "WARNING:root:retrying with config {'endpoint': 'https://<<host>>/memoqserverhttpapi/v1', 'username': '<<user>>', 'password': '<<S>>'}",
  _pw, "user")


def _wrapped():
    tok = _jwt()
    cut = _ri(30, 50)
    line1 = "%s DEBUG outbound Authorization: Bearer %s" % (_ts(), tok[:cut])
    text = "%s\n%s [trace=%s]" % (line1, tok[cut:], _hx(16))
    return text, tok[:cut] + "\n" + tok[cut:], "DEBUG outbound"


F(L, "log-wrapped-token-line-break", _wrapped)
T(L, "redis-monitor-auth", '<<epoch>>.112233 [0 <<ip>>:53122] "AUTH" "<<S>>"', _strongpw, "AUTH")
T(L, "mongodb-json-log-uri",
  '{"t":{"$date":"<<ts>>"},"s":"I","c":"NETWORK","id":4333208,"ctx":"ReplicaSetMonitor","msg":"Connecting","attr":{"uri":"mongodb://subs:<<S>>@<<host>>:27017/subs"}}',
  _pwu, "host")
T(L, "k8s-crashloop-error-line",
  '<<ts>> FATAL invalid ELEVENLABS_API_KEY "<<S>>": 401 {"detail":{"status":"invalid_api_key"}}', _eleven, "invalid_api_key")
T(L, "envoy-access-log-auth-header",
  '[<<ts>>] "POST /translate HTTP/1.1" 200 - 412 1893 88 "<<ip>>" "okhttp/4.12.0" "<<uuid>>" "mt.internal" "authorization=Bearer <<S>>"',
  _A(64, _HX), "okhttp/4.12.0")
T(L, "fastlane-log-altool-command",
  "[<<time>>]: $ xcrun altool --upload-app -t ios -f build/Lingo.ipa -u <<email>> -p <<S>>",
  lambda: "-".join(_s(4, _LO) for _ in range(4)), "email")
T(L, "openresty-upstream-url-token",
  '<<yslash>> <<time>> [error] 29#29: *<<n>> upstream timed out (110: Connection timed out) while reading response header from upstream, upstream: "https://api.rev.ai/speechtotext/v1/jobs?access_token=<<S>>"',
  _rev, "upstream timed out", yslash=lambda: "2024/%02d/%02d" % (_ri(1, 12), _ri(1, 28)))
T(L, "airflow-subprocess-command-log",
  "[<<date>>, <<time>> UTC] {subprocess.py:93} INFO - Running command: ['bash', '-c', 'lokalise2 --token <<S>> file upload --project-id <<lpid>> --file en.json --lang-iso en']",
  _lokalise, "lpid")
T(L, "ansible-module-args-log",
  '<<<host>>> ESTABLISH SSH CONNECTION FOR USER: deploy\nok: [<<host>>] => {"changed": false, "invocation": {"module_args": {"login_user": "weblate", "login_password": "<<S>>", "name": "weblate"}}}',
  _pw, "ESTABLISH SSH CONNECTION")
T(L, "terraform-error-source-snippet",
  'Error: creating Key Vault Secret "translator-key": keyvault.BaseClient#SetSecret: Failure responding to request: StatusCode=403\n\n  with azurerm_key_vault_secret.translator,\n  on main.tf line 41, in resource "azurerm_key_vault_secret" "translator":\n  41:   value        = "<<S>>"',
  _azkey, "main.tf line 41")
T(L, "postgres-unique-violation-detail",
  'ERROR:  duplicate key value violates unique constraint "mt_engine_api_key_key"\nDETAIL:  Key (api_key)=(<<S>>) already exists.', _deepl,
  "mt_engine_api_key_key")
T(L, "graphql-error-request-variables",
  '{"errors":[{"message":"Unauthorized","extensions":{"code":"UNAUTHENTICATED"}}],"request":{"query":"mutation Publish($token: String!)","variables":{"token":"<<S>>","space":"<<space>>"}}}',
  _A(43, _B64U, "CFPAT-"), "space")
T(L, "php-warning-legacy-yandex-key",
  "PHP Warning:  file_get_contents(https://translate.yandex.net/api/v1.5/tr.json/translate?key=<<S>>&lang=en-<<ll>>&text=Hello): failed to open stream: HTTP request failed! HTTP/1.1 403 Forbidden in /var/www/plugins/mt/yandex.php on line 44",
  lambda: "trnsl.1.1.%sT%02d%02d%02dZ.%s.%s" % (_ydate(), _ri(0, 23), _ri(0, 59), _ri(0, 59), _hx(16), _hx(40)), "yandex.php")
T(L, "ruby-faraday-request-log",
  'I, [<<ts>> #<<n>>]  INFO -- request: POST https://api.smartling.com/files-api/v2/projects/<<p9>>/file\nI, [<<ts>> #<<n>>]  INFO -- request: Authorization: "Bearer <<S>>"',
  lambda: _jwt("smartling"), "files-api", p9=_A(9, _LAN))
T(L, "pm2-dotenv-loaded-line", "0|tms-sync | [dotenv@16.4.5] injecting env (7) from .env\n0|tms-sync | PHRASE_TOKEN=<<S>>", _phraset,
  "tms-sync")
T(L, "jvm-args-startup-log",
  "<<ts>> INFO  Bootstrap - Starting xtm-connector with JVM args: -Xmx2g -Dxtm.api.password=<<S>> -Dfile.encoding=UTF-8", _pwu,
  "xtm-connector")
T(L, "powershell-transcript-command",
  "**********************\nPowerShell transcript start\nPS C:\\l10n> Connect-GroupShare -Server https://<<host>> -User <<user>> -Password <<S>>\nConnected.",
  _pwu, "user")
T(L, "windows-4688-process-cmdline",
  'A new process has been created.\nProcess Command Line:\t"C:\\Program Files\\Kilgray\\memoQ\\MemoQ.exe" /server:<<host>> /user:<<user>> /pwd:<<S>>',
  _pwu, "user")
T(L, "iis-log-query-password",
  "<<date>> <<time>> <<ip>> POST /GroupShare/api/login user=<<user>>&pwd=<<S>> 443 - <<ip>> Mozilla/5.0 - 200 0 0 312", _pwu,
  "user")
T(L, "sentry-event-sys-argv",
  '"extra": {\n    "sys.argv": ["sync.py", "--project", "<<proj>>", "--api-key", "<<S>>"],\n    "sys.executable": "/usr/bin/python3"\n  }',
  _crowdin, "sys.executable")
T(L, "uvicorn-access-log-query-token", 'INFO:     <<ip>>:<<n>> - "GET /ota/strings?token=<<S>>&lang=<<ll>> HTTP/1.1" 200 OK',
  _A(40, _AN), "/ota/strings")
T(L, "escaped-json-payload-log",
  'ERROR mt_gateway: upstream rejected payload="{\\"api_key\\":\\"<<S>>\\",\\"target\\":\\"<<ll>>\\",\\"segments\\":12}"', _mmt,
  "mt_gateway")
T(L, "subtitle-burn-download-log",
  "[subs-burn] <<time>> downloading https://<<host>>/api/v2/media/<<n>>/captions.vtt?token=<<S>>", lambda: _jwt(), "subs-burn")


N = "note-or-chat"
_GEN.update({"venue": lambda: _pick(["Palacio de Congresos", "Palais des Congrès", "Fiera Milano", "COEX", "Expo Centre"]),
             "hm": lambda: "%d:%02d" % (_ri(8, 18), _ri(0, 59)),
             "hm12": lambda: "%d:%02d" % (_ri(1, 11), _ri(0, 59)),
             "voicepw": lambda: _pick(_WORDS).lower() + str(_ri(1970, 2024))})
T(N, "en-slack-token-paste", "<<first>>: here's the Crowdin token for the new <<proj>> project, don't lose it: <<S>>", _crowdin,
  "proj")
T(N, "en-note-password-prose",
  "memoQ server login for the <<org>> job is <<user>> and the password is <<S>> (same as last year, apparently)", _pw, "user")
T(N, "es-chat-contrasena", "<<first>>: la contraseña del servidor de memoQ es <<S>>, cámbiala cuando entres", _pw, "memoQ")
T(N, "es-note-clave-api", "Clave de API de DeepL para el cliente <<org>>: <<S>> (plan Pro, no compartir)", _deepl, "org")
T(N, "fr-chat-mot-de-passe",
  "<<first>> : le mot de passe du compte Trados GroupShare c'est « <<S>> » — merci de ne pas le mettre dans le ticket <<ticket>>",
  _pw, "ticket")
T(N, "fr-note-jeton-acces", "Jeton d'accès Lokalise (projet <<proj>>) : <<S>>", _lokalise, "proj")
T(N, "it-chat-password-utente", "<<first>>: la password di XTM è <<S>>, utente <<user>>", _pw, "user")
T(N, "it-note-chiave-scadenza", "Chiave API di ModernMT: <<S>> — scade a fine mese, da rinnovare con l'ufficio acquisti", _mmt,
  "ufficio acquisti")
T(N, "pt-chat-senha-login", "<<first>>: a senha do Phrase é <<S>> e o login é <<email>>", _pw, "email")
T(N, "pt-br-note-token", "Token do Transifex pro projeto <<proj>>: <<S>>", _txtok, "proj")
T(N, "pl-chat-haslo-login", "<<first>>: hasło do Smartlinga to <<S>>, login <<user>>", _pw, "user")
T(N, "pl-note-klucz-api", "Klucz API Google Translate (projekt <<gp>>): <<S>>", _gkey, "gp")
T(N, "ar-chat-kalimat-murur", "<<first>>: كلمة المرور لحساب memoQ هي <<S>> ، يرجى تغييرها بعد تسجيل الدخول", _pw, "memoQ")
T(N, "ar-note-miftah-api", "مفتاح API الخاص بـ DeepL للعميل <<org>>: <<S>>", _deepl, "org")
T(N, "ko-chat-bimilbeonho", "<<first>>: 메모큐 서버 비밀번호는 <<S>> 입니다. 로그인 후 꼭 변경해 주세요", _pw, "로그인 후")
T(N, "ko-note-api-ki", "일레븐랩스 API 키: <<S>> (더빙 프로젝트 <<proj>>용)", _eleven, "proj")
T(N, "agent-goal-rotate-key",
  "Goal: rotate the leaked Azure Translator key <<S>> and update the Key Vault secret translator-key in kv-<<orgw>>", _azkey,
  "translator-key")
T(N, "agent-decision-shared-key",
  "Decision: keep using the shared DeepL key <<S>> for staging until procurement approves a second seat (<<ticket>>).", _deepl,
  "ticket")
T(N, "running-note-slash-pair", "- portal creds for <<org>> vendor portal: <<user>> / <<S>>", _pw, "user")
T(N, "email-forward-sftp-details",
  "From: <<name>> <<<email>>>\nSubject: Re: access to the subtitle SFTP\n\nHi! Host is <<host>>, user <<user>>, password <<S>>. Port 2222, uploads go to /in.",
  _pw, "host")
T(N, "sms-portal-verification-pin",
  "SMS from LinguistHub: Your verification PIN is <<S>>. It expires in 10 minutes. Never share this code.", _pin, "LinguistHub")
T(N, "es-pin-firma-facturas", "PIN de la firma electrónica para las facturas de freelances: <<S>>", _pin, "facturas")
T(N, "fr-passphrase-archive-7z", "Le mot de passe de l'archive 7z de livraison (<<ticket>>) est : <<S>>", _phrase, "ticket")
T(N, "en-zip-password-sent-separately",
  "The delivery zip for <<ticket>> is encrypted, password: <<S>> (sent separately from the download link, as agreed)", _pw,
  "ticket")
T(N, "gpg-passphrase-quoted-note", 'passphrase for the TM backup key (0x<<k16>>): "<<S>>"', _phrase, "k16", k16=_A(16, _UHX))


def _recovery():
    codes = ["%s-%s" % (_s(5, _LAN), _s(5, _LAN)) for _ in range(4)]
    return ("Lokalise 2FA recovery codes for admin@%s (printed, keep in the safe):\n%s" % (_dom(), "\n".join(codes)),
            codes[0], "recovery codes")


F(N, "recovery-codes-list", _recovery)
T(N, "en-chat-inline-code-token", "<<first>>: can you try with `<<S>>`? that's the new Transifex token, old one is revoked",
  _txtok, "old one is revoked")
T(N, "pt-pt-email-palavra-passe",
  "Olá <<first>>, a palavra-passe provisória do portal de tradutores é <<S>>. Deves alterá-la no primeiro acesso.", _pw,
  "portal de tradutores")
T(N, "it-email-credenziali",
  "Ciao <<first>>, ti mando le credenziali per il server memoQ: utente <<user>>, password <<S>>. A presto!", _pw, "user")
T(N, "es-mx-whatsapp-contra", "[<<hm>>, 12/3/2024] <<first>>: oye el usuario es <<user>> y la contra <<S>>", _pw, "user")
T(N, "pl-email-dane-logowania",
  "Dzień dobry, przesyłam dane do logowania do XTM: login <<user>>, hasło: <<S>>. Pozdrawiam, <<first>>", _pw, "user")
T(N, "ar-email-user-pass", "مرحباً <<first>>، اسم المستخدم: <<user>> وكلمة السر: <<S>>", _pw, "user")
T(N, "ko-kakao-token", "[<<first>>] [오후 <<hm12>>] 크라우드인 토큰 <<S>> 이걸로 해보세요", _crowdin, "크라우드인")
T(N, "jira-comment-repro-creds", "<<ticket>>: reproduced with user qa_<<n2>> / <<S>> on staging (<<host>>)", _pw, "host")
T(N, "event-wifi-booth-password",
  "Wi-Fi for the interpreting booths at <<venue>>: network Interp-Booth-<<n2>>, password <<S>>", _pw, "venue")
T(N, "markdown-handover-backticks",
  "## Handover\n- Weblate admin: `admin` / `<<S>>`\n- Don't reset it, the nightly sync job depends on it", _pw, "Handover")
T(N, "fr-note-cle-google", "clé API Google Cloud Translation (projet <<gp>>) : <<S>>", _gkey, "gp")
T(N, "agent-note-found-hardcoded",
  "Note: found DEEPL_AUTH_KEY=<<S>> hard-coded in scripts/mt.sh; will move it to .env and ask <<first>> to rotate.", _deepl,
  "scripts/mt.sh")
T(N, "agent-plan-step-secret",
  "Step 3: authenticate to Smartling with user id <<uid>> and secret <<S>>, then list the open jobs.", _smart_sec, "uid")
T(N, "chat-key-on-next-line", "<<first>>: the ModernMT key is\n<<S>>\n<<first>>: (license for the legal engine)", _mmt,
  "legal engine")
T(N, "es-note-cuenta-comillas", "Cuenta de Verbit: usuario <<email>>, contraseña «<<S>>»", _pw, "email")
T(N, "fr-sms-code-verification", "Votre code de vérification Phrase : <<S>>. Il expire dans 5 minutes.", lambda: _pin(6),
  "Il expire")
T(N, "ko-email-formal-account",
  "안녕하세요, <<first>>님. 번역 포털 계정 정보입니다.\n아이디: <<user>>\n비밀번호: <<S>>\n첫 로그인 시 비밀번호를 변경해 주세요.", _pw, "user")
T(N, "pt-br-slack-chave-dublagem", "<<first>>: chave da ElevenLabs pra dublagem: <<S>> (não commitar!!)", _eleven, "dublagem")
T(N, "it-chat-token-weblate", "<<first>>: ho generato un token API su Weblate per il bot: <<S>>", _weblate, "Weblate")
T(N, "pl-note-pin-token-bankowy", "PIN do tokena bankowego (przelewy dla tłumaczy): <<S>>", _pin, "przelewy")
T(N, "ar-chat-token-crowdin", "<<first>>: التوكن الجديد لـ Crowdin: <<S>>", _crowdin, "Crowdin")
T(N, "meeting-notes-action-item",
  "Action items (<<date>>):\n- <<first>> to revoke old Lokalise token <<S>>\n- update CI secrets in <<repo>>", _lokalise, "repo")
T(N, "invoice-portal-login-note", "Invoicing portal (<<host>>) login: <<email>> pw: <<S>>", _pw, "host")
T(N, "es-slack-url-base-datos", "<<first>>: la URL de la base es postgres://pontoon:<<S>>@<<host>>:5432/pontoon", _pwu, "host")
T(N, "voice-memo-transcript-password",
  "[transcript] \"...and the password for the Rev account is, uh, <<S>>, all lowercase, no spaces\"", _GEN["voicepw"],
  "Rev account")
T(N, "fr-ticket-helpdesk-creds",
  "Ticket <<ticket>> : le client ne peut pas se connecter avec <<user>> / <<S>>, à vérifier côté SSO", _pw, "ticket")
T(N, "agent-goal-check-quota", "Goal: check whether the ModernMT key <<S>> still has quota before tonight's batch run", _mmt,
  "batch run")
T(N, "pr-description-leak", "This PR moves the Rev access token (<<S>>) out of settings.py into Vault. Closes <<ticket>>.", _rev,
  "ticket")
T(N, "ko-note-db-connection", "DB 접속 정보: host <<host>>, user <<user>>, pw <<S>>", _pw, "host")
T(N, "ar-note-sftp-details", "بيانات SFTP: المضيف <<host>> المستخدم <<user>> كلمة المرور <<S>>", _pw, "host")
T(N, "pt-note-palavra-passe-mestra", "Palavra-passe mestra do Bitwarden da equipa: <<S>>", _phrase, "Bitwarden")
T(N, "sticky-note-quote", 'sticky note on the PM desk: "GS admin — <<S>>"', _pw, "PM desk")
T(N, "chat-passphrase-with-spaces",
  '<<first>>: the passphrase for the TM export is "<<S>>", spaces included', lambda: " ".join(_pick(_PW_LOW) for _ in range(4)),
  "spaces included")
T(N, "pl-teams-klucz-deepl", "<<first>>: klucz DeepL Pro do konta firmowego: <<S>>", _deepl, "konta firmowego")
T(N, "fr-chat-ssh-mdp", "<<first>> : pour le serveur de sous-titrage, ssh <<user>>@<<host>>, mdp <<S>>", _pw, "host")
T(N, "it-chat-pwd-nas", "<<first>>: pwd del NAS in ufficio: <<S>>", _pw, "NAS")
T(N, "ko-chat-phrase-token-arrow", "<<first>>: Phrase 액세스 토큰 여기요 -> <<S>>", _phraset, "Phrase")
T(N, "standup-temp-password", "standup: XTM API user is <<user>>, temp password <<S>> until Friday", _pw, "user")
T(N, "ar-chat-portal-pin", "<<first>>: الرمز السري للبوابة هو <<S>>", _pin, "للبوابة")
T(N, "es-correo-clave-azure", "Os paso la clave de Azure Translator (región <<azreg>>): <<S>>", _azkey, "azreg")
T(N, "markdown-bold-label-pair", "> **User:** <<user>>\n> **Password:** <<S>>", _pw, "user")
T(N, "en-chat-password-is-word-lower",
  "<<first>>: wifi in the dubbing studio is the usual one, password is <<S>>", _GEN["voicepw"], "dubbing studio")
T(N, "es-nota-pin-caja", "PIN de la caja fuerte de los discos de másters: <<S>>", lambda: _pin(6), "másters")
T(N, "fr-note-identifiants-portail",
  "Identifiants portail fournisseurs <<org>> :\n  identifiant : <<user>>\n  mot de passe : <<S>>", _pw, "user")
T(N, "it-email-firma-pin", "Il PIN della smart card per la firma digitale delle fatture è <<S>>", _pin, "firma digitale")
T(N, "pt-br-whatsapp-senha-wifi", "[<<hm>>] <<first>>: senha do wifi do estúdio de dublagem: <<S>>", _pw, "estúdio")
T(N, "pl-chat-haslo-archiwum", "<<first>>: hasło do archiwum z plikami klienta: <<S>>", _pw, "archiwum")
T(N, "ko-note-otp-backup", "Smartling 백업 코드: <<S>>", lambda: "%s %s" % (_pin(4), _pin(4)), "백업 코드")
T(N, "en-decision-log-db-password",
  "2024-W<<n2>> decision log: we keep the invoicing DB password (<<S>>) until the migration, then rotate.", _pw, "decision log")
T(N, "agent-scratch-credentials-block",
  "scratch:\n  tms url  -> https://<<host>>\n  api user -> <<user>>\n  api pass -> <<S>>\n  TODO: never commit this", _pw, "host")
T(N, "chat-thread-reply-quote",
  "> <<first>>: what's the GroupShare service account pw again?\nsvc_gs / <<S>> — it's also in the vault under GS/prod", _pw,
  "GS/prod")
T(N, "en-email-signature-token",
  "Thanks!\n<<name>>\nLocalization PM | <<org>>\nP.S. Crowdin API token for the integration: <<S>>", _crowdin, "Localization PM")


D = "ci-and-deploy"
T(D, "gha-job-env-hardcoded",
  "jobs:\n  sync:\n    runs-on: ubuntu-latest\n    env:\n      CROWDIN_PROJECT_ID: <<pid>>\n      CROWDIN_PERSONAL_TOKEN: <<S>>\n    steps:\n      - uses: actions/checkout@v4\n      - uses: crowdin/github-action@v2\n        with:\n          upload_sources: true\n          download_translations: true",
  _crowdin, "pid")
T(D, "gha-step-with-api-token",
  "      - name: Push strings to Lokalise\n        uses: lokalise/lokalise-push-action@v1\n        with:\n          api_token: <<S>>\n          project_id: <<lpid>>\n          base_lang: en",
  _lokalise, "lpid")
T(D, "gha-run-block-curl-header",
  '      - name: Pull translations\n        run: |\n          curl -sf -H "X-Api-Token: <<S>>" \\\n            -d \'{"format":"json","original_filenames":true}\' \\\n            "https://api.lokalise.com/api2/projects/<<lpid>>/files/download"',
  _lokalise, "Pull translations")
T(D, "gha-log-xtrace-cli",
  "Run ./scripts/pull_strings.sh\n+ phrase pull --access_token <<S>> --project_id <<phid>>\nDownloaded config/locales/es.yml\nDownloaded config/locales/fr.yml",
  _phraset, "phid")
T(D, "gitlab-ci-variables-block",
  'variables:\n  TX_TOKEN: "<<S>>"\n  TX_HOSTNAME: https://rest.api.transifex.com\n\ntx-pull:\n  stage: l10n\n  script:\n    - tx pull -a -f',
  _txtok, "TX_HOSTNAME")
T(D, "gitlab-ci-script-curl-upload",
  'deliver:\n  stage: deploy\n  script:\n    - curl --fail -u "<<user>>:<<S>>" -T dist/strings_<<date>>.zip https://<<host>>/upload/\n  only:\n    - main',
  _pwu, "host")
T(D, "jenkinsfile-environment-literal",
  "pipeline {\n  agent any\n  environment {\n    MEMOQ_HOST     = '<<host>>'\n    MEMOQ_PASSWORD = '<<S>>'\n  }\n  stages { stage('Sync TM') { steps { sh './sync_tm.sh' } } }\n}",
  _pw, "host")
T(D, "jenkinsfile-sh-docker-login",
  "stage('Publish') {\n  steps {\n    sh 'docker login -u ci -p <<S>> registry.<<dom>>'\n    sh 'docker push registry.<<dom>>/l10n/mt-proxy:${BUILD_NUMBER}'\n  }\n}",
  _strongpw, "Publish")
T(D, "circleci-docker-environment",
  "jobs:\n  translate:\n    docker:\n      - image: cimg/node:20.11\n        environment:\n          DEEPL_AUTH_KEY: <<S>>\n    steps:\n      - checkout\n      - run: npm run i18n:translate",
  _deepl, "i18n:translate")
T(D, "bitbucket-pipe-command-env",
  '- pipe: atlassian/ssh-run:0.8.0\n  variables:\n    SSH_USER: deploy\n    SERVER: <<host>>\n    COMMAND: "WEBLATE_PASSWORD=<<S>> /opt/weblate/update.sh"',
  _pwu, "host")
T(D, "azure-pipelines-variables",
  "variables:\n  translatorKey: '<<S>>'\n  translatorRegion: '<<azreg>>'\n\nsteps:\n- script: dotnet run --project tools/Pretranslate -- --key $(translatorKey)",
  _azkey, "azreg")
T(D, "travis-env-global-list", "env:\n  global:\n    - TRANSIFEX_USER=api\n    - TRANSIFEX_PASSWORD=<<S>>\nscript: make i18n", _txtok,
  "TRANSIFEX_USER")
T(D, "drone-step-environment",
  "steps:\n  - name: smartling-upload\n    image: <<orgw>>/smartling-cli:<<ver>>\n    environment:\n      SMARTLING_USER_ID: <<uid>>\n      SMARTLING_USER_SECRET: <<S>>",
  _smart_sec, "uid")
T(D, "docker-build-arg-in-log",
  "$ docker build --build-arg CROWDIN_TOKEN=<<S>> -t <<orgw>>/web:<<short>> .\n#1 [internal] load build definition from Dockerfile",
  _crowdin, "load build definition")
T(D, "helm-values-secret-key",
  "pontoon:\n  image: <<orgw>>/pontoon:<<short>>\n  secretKey: \"<<S>>\"\n  ingress:\n    host: <<host>>", _djkey, "host")
T(D, "helm-upgrade-set-flag",
  "helm upgrade --install weblate weblate/weblate -n l10n --set adminPassword=<<S>> --set postgresql.auth.existingSecret=weblate-db",
  _pwu, "weblate-db")
T(D, "k8s-deployment-env-value",
  "        env:\n          - name: REV_ACCESS_TOKEN\n            value: \"<<S>>\"\n          - name: LOG_LEVEL\n            value: info",
  _rev, "LOG_LEVEL")
T(D, "terraform-github-actions-secret",
  'resource "github_actions_secret" "crowdin" {\n  repository      = "<<rn>>"\n  secret_name     = "CROWDIN_PERSONAL_TOKEN"\n  plaintext_value = "<<S>>"\n}',
  _crowdin, "rn", rn=["webapp", "mobile-app", "docs", "help-center"])
T(D, "ansible-playbook-extra-vars",
  'ansible-playbook deploy-weblate.yml -i inventory/prod -e "weblate_db_password=<<S>> weblate_version=5.<<n2>>"', _pwu,
  "deploy-weblate.yml")
T(D, "netlify-toml-build-environment",
  '[build]\n  command = "npm run build"\n[build.environment]\n  NODE_VERSION = "20"\n  STORYBLOK_TOKEN = "<<S>>"', _A(22, _AN, "", "tt"),
  "NODE_VERSION")
T(D, "vercel-json-env-map", '{\n  "env": {\n    "CONTENTFUL_SPACE_ID": "<<space>>",\n    "CONTENTFUL_DELIVERY_TOKEN": "<<S>>"\n  }\n}',
  _A(43, _B64U), "space")
T(D, "fastfile-env-assign",
  'lane :beta do\n  ENV["FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD"] = "<<S>>"\n  upload_to_testflight(skip_waiting_for_build_processing: true)\nend',
  lambda: "-".join(_s(4, _LO) for _ in range(4)), "upload_to_testflight")
T(D, "gradle-injected-signing-password",
  "./gradlew bundleRelease -Pandroid.injected.signing.store.file=$KEYSTORE -Pandroid.injected.signing.store.password=<<S>> -Pandroid.injected.signing.key.alias=<<alias>>",
  _pwu, "alias")
T(D, "ci-log-docker-login-warning",
  "$ docker login -u gitlab-ci-token -p <<S>> registry.<<dom>>\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded",
  _A(20, _AN + "-_", "glcbt-64_"), "Login Succeeded")
T(D, "sentry-cli-auth-token-flag", "sentry-cli --auth-token <<S>> releases new -p web-i18n <<short>>", _A(64, _HX, "sntryu_"),
  "web-i18n")
T(D, "firebase-deploy-token-flag", 'firebase deploy --only hosting:<<orgw>>-i18n --token "<<S>>" --non-interactive',
  _A(98, _B64U, "1//0"), "hosting:")
T(D, "npm-publish-write-npmrc",
  'echo "//registry.npmjs.org/:_authToken=<<S>>" > ~/.npmrc && npm publish --access public', _A(36, _AN, "npm_"),
  "npm publish")
T(D, "twine-upload-token-flag", "twine upload -u __token__ -p <<S>> dist/*", _A(150, _B64U, "pypi-AgEIcHlwaS5vcmcC"), "dist/*")
T(D, "gh-release-token-prefix", "GITHUB_TOKEN=<<S>> gh release create v<<ver>> dist/*.zip --notes-file CHANGELOG.md", _ghp,
  "CHANGELOG.md")
T(D, "codemagic-yaml-vars",
  "workflows:\n  ios-release:\n    environment:\n      vars:\n        PHRASE_ACCESS_TOKEN: <<S>>\n        XCODE_SCHEME: Lingo", _phraset,
  "XCODE_SCHEME")
T(D, "gha-log-env-dump",
  "Run env | sort\nGITHUB_REF=refs/heads/main\nINPUT_API_KEY=<<S>>\nRUNNER_OS=Linux\nRUNNER_TEMP=/home/runner/work/_temp", _eleven,
  "RUNNER_OS")
T(D, "app-json-env-value", '{\n  "name": "mt-proxy",\n  "env": {\n    "SECRET_KEY": { "value": "<<S>>" },\n    "WEB_CONCURRENCY": "2"\n  }\n}',
  _A(50, _AN), "mt-proxy")
T(D, "compose-prod-override", "# docker-compose.prod.yml\nservices:\n  tms-worker:\n    environment:\n      XTM_PASSWORD: \"<<S>>\"",
  _pw, "tms-worker")
T(D, "argo-workflow-parameter",
  "  arguments:\n    parameters:\n    - name: deepl-key\n      value: <<S>>\n    - name: locales\n      value: \"es,fr,it,pt-BR,pl\"",
  _deepl, "locales")
T(D, "gha-run-git-push-token-url", "      - run: git push https://<<user>>:<<S>>@github.com/<<repo>>.git HEAD:l10n_main", _ghp,
  "repo")
T(D, "gitlab-job-log-private-token",
  '$ curl -v -H "PRIVATE-TOKEN: <<S>>" "$CI_API_V4_URL/projects/<<pid>>/repository/files/locales%2Fes.json/raw?ref=main"', _glpat,
  "pid")
T(D, "jenkins-credentials-xml-plain",
  "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <scope>GLOBAL</scope>\n  <id>memoq-server</id>\n  <username><<user>></username>\n  <password><<S>></password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>",
  _pw, "memoq-server")
T(D, "kustomize-secret-generator-literal",
  "secretGenerator:\n- name: mt-keys\n  literals:\n  - GOOGLE_TRANSLATE_KEY=<<S>>\n  - MT_DEFAULT=google", _gkey, "mt-keys")
T(D, "ssh-docker-run-deploy",
  'ssh deploy@<<host>> "docker run -d --name subs --restart always -e VERBIT_API_KEY=<<S>> <<orgw>>/subs:latest"', _A(40, _AN),
  "host")
T(D, "cloudbuild-set-env-vars",
  "steps:\n- name: gcr.io/cloud-builders/gcloud\n  args: ['run', 'deploy', 'mt-proxy', '--region', 'europe-west1', '--set-env-vars', 'GOOGLE_API_KEY=<<S>>']",
  _gkey, "mt-proxy")
T(D, "serverless-provider-environment",
  "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    DEEPL_AUTH_KEY: <<S>>\n    STAGE: ${sls:stage}", _deepl,
  "nodejs20.x")
T(D, "ecs-task-definition-environment",
  '"containerDefinitions": [{\n  "name": "tts",\n  "environment": [\n    {"name": "ELEVENLABS_API_KEY", "value": "<<S>>"},\n    {"name": "AWS_REGION", "value": "<<region>>"}\n  ]\n}]',
  _eleven, "region")
T(D, "pulumi-config-plaintext", "pulumi config set --plaintext translatorKey <<S>> --stack <<orgw>>/prod", _azkey, "translatorKey")
T(D, "ci-debug-resolved-variable",
  "[DEBUG] resolving variables for job 'l10n-sync'\n[DEBUG] resolved LOKALISE_TOKEN=<<S>>\n[DEBUG] resolved LOKALISE_PROJECT=<<lpid>>",
  _lokalise, "lpid")
T(D, "gh-workflow-run-field", "gh workflow run sync-strings.yml -f api_token=<<S>> -f locale=<<lang>> --ref main", _crowdin,
  "sync-strings.yml")
T(D, "teamcity-param-xml", '<param name="env.TX_TOKEN" value="<<S>>" />\n<param name="env.TX_PROJECT" value="<<proj>>" />', _txtok,
  "env.TX_PROJECT")
T(D, "ansible-inventory-ini-password", "[tms]\n<<host>> ansible_user=deploy ansible_password=<<S>>", _pwu, "host")
T(D, "sshpass-rsync-deploy-step",
  'sshpass -p "<<S>>" rsync -az --delete build/ deploy@<<host>>:/var/www/help-center/', _pw, "host")
T(D, "lftp-mirror-deploy-script",
  'lftp -c "set sftp:auto-confirm yes; open -u <<user>>,<<S>> sftp://<<host>>; mirror -R dist/ /public_html/"', _pwu, "host")
T(D, "wp-cli-user-create-pass",
  "wp user create <<user>> <<email>> --role=translator --user_pass=<<S>> --path=/var/www/<<orgw>>", _pwu, "email")
T(D, "renovate-hostrules-token", '{\n  "hostRules": [\n    { "matchHost": "npm.<<dom>>", "token": "<<S>>" }\n  ]\n}',
  _A(36, _AN, "npm_"), "matchHost")
T(D, "dependabot-registries-token",
  "registries:\n  npm-private:\n    type: npm-registry\n    url: https://npm.<<dom>>\n    token: <<S>>", _A(36, _AN, "npm_"),
  "npm-private")
T(D, "gha-services-postgres-password",
  "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_USER: pontoon\n          POSTGRES_PASSWORD: <<S>>",
  _pw, "POSTGRES_USER")
T(D, "octopus-set-variable", 'Set-OctopusVariable -name "GroupSharePassword" -value "<<S>>"', _pw, "Set-OctopusVariable")


def _deploy_key_yaml():
    body = _ssh_body()
    ind = body.replace("\n", "\n            ")
    text = ("      - uses: webfactory/ssh-agent@v0.9.0\n        with:\n          ssh-private-key: |\n"
            "            -----BEGIN OPENSSH PRIVATE KEY-----\n            %s\n            -----END OPENSSH PRIVATE KEY-----" % ind)
    return text, ind, "webfactory/ssh-agent"


F(D, "gha-inline-ssh-private-key", _deploy_key_yaml)
T(D, "eas-secret-create-value", "eas secret:create --scope project --name DEEPL_KEY --value <<S>> --type string", _deepl,
  "--scope project")
T(D, "doppler-secrets-set", 'doppler secrets set XTM_PASSWORD="<<S>>" --project tms --config prd', _pw, "--project tms")
T(D, "railway-variables-set", 'railway variables --set "SMARTLING_USER_SECRET=<<S>>" --service l10n-worker', _smart_sec,
  "l10n-worker")
T(D, "gha-log-trigger-url-token",
  'Run curl -fsS "https://<<host>>/api/hooks/trigger?token=<<S>>"\n{"status":"queued","id":<<n>>}', _A(40, _AN), "queued")
T(D, "k8s-cronjob-args-list",
  '          containers:\n          - name: sync\n            image: <<orgw>>/strings-sync:<<short>>\n            args: ["--api-key", "<<S>>", "--project", "<<proj>>"]',
  _crowdin, "strings-sync")
T(D, "nomad-job-env-block", 'task "mt-proxy" {\n  env {\n    MODERNMT_KEY = "<<S>>"\n    PORT         = "8080"\n  }\n}', _mmt,
  "mt-proxy")
T(D, "capistrano-default-env", "set :default_env, { 'CROWDIN_API_KEY' => '<<S>>', 'RAILS_ENV' => 'production' }", _A(32, _HX),
  "RAILS_ENV")
T(D, "buildkite-pipeline-env", 'env:\n  LOKALISE_API_TOKEN: "<<S>>"\nsteps:\n  - label: ":earth_africa: pull strings"\n    command: make i18n-pull',
  _lokalise, "pull strings")
T(D, "ci-log-sed-placeholder-replace", "$ sed -i \"s/__DEEPL_KEY__/<<S>>/\" config/prod.json\n$ cat config/prod.json | jq .locales",
  _deepl, "config/prod.json")
T(D, "azure-devops-command-log",
  "##[command]\"C:\\Program Files\\Git\\bin\\bash.exe\" -c \"curl -s -H 'Ocp-Apim-Subscription-Key: <<S>>' https://api.cognitive.microsofttranslator.com/languages?api-version=3.0\"",
  _azkey, "api-version=3.0")
T(D, "compose-up-inline-env", "WEBLATE_ADMIN_PASSWORD=<<S>> docker compose -f docker-compose.ci.yml up -d --wait", _pwu,
  "docker-compose.ci.yml")
T(D, "kaniko-escaped-docker-config",
  'echo "{\\"auths\\":{\\"registry.<<dom>>\\":{\\"username\\":\\"ci\\",\\"password\\":\\"<<S>>\\"}}}" > /kaniko/.docker/config.json',
  _strongpw, "/kaniko/.docker/config.json")
T(D, "woodpecker-secret-inline",
  "steps:\n  translate:\n    image: python:3.12\n    environment:\n      OPENAI_API_KEY: <<S>>\n    commands:\n      - python tools/llm_postedit.py --lang <<ll>>",
  _oai, "llm_postedit.py")


W = "vendor-token"
_VCTX = [
    ("export {VAR}={S}", "{VAR}"),
    ("{VAR}={S}", "{VAR}"),
    ("{low}: {S}", "{low}"),
    ('  "{camel}": "{S}",', "{camel}"),
    ("$env:{VAR} = '{S}'", "{VAR}"),
    ("found {desc} in git history ({short}, {path}): {S}", "{path}"),
    ("# {desc} (added {date} by {user})\n{S}", "{user}"),
    ("{desc}: {S}", "{desc}"),
    ("{VAR}: '{S}'  # rotate before go-live", "rotate before go-live"),
    ("[{sect}]\n{low} = {S}", "[{sect}]"),
    ("secret-scan: possible {desc} at {path}:{line}\n    {low} = \"{S}\"", "{path}"),
    ("<add key=\"{camel}\" value=\"{S}\" />", "{camel}"),
]


def _camel(var):
    p = var.lower().split("_")
    return p[0] + "".join(x.capitalize() for x in p[1:])


def V(name, gen, var, desc, extra=None):
    ctxs = list(_VCTX) + list(extra or [])

    def fn():
        s = gen()
        tpl, vis = _pick(ctxs)
        d = {"VAR": var, "low": var.lower(), "camel": _camel(var), "desc": desc, "short": _hx(7),
             "path": _pick(["scripts/sync.sh", ".env.backup", "config/mt.yml", "tools/push.py", "docs/SETUP.md",
                            "ci/deploy.sh", "app/src/main/res/values/secrets.xml", "notebooks/mt_eval.ipynb"]),
             "date": _date(), "user": _user(), "line": str(_ri(2, 240)),
             "sect": _pick(["default", "prod", "l10n", "vendor"])}
        d["S"] = s
        return tpl.format(**d), s, vis.format(**d)
    F(W, name, fn)


def _ghfine():
    return "github_pat_" + _s(22, _AN) + "_" + _s(59, _AN)


def _azure_ad():
    return _s(3, _AN) + "8Q~" + _s(34, _AN + "~._-")


def _atl():
    return "ATATT3xFfGF0" + _s(170, _B64U) + "=" + _s(8, _UHX)


def _discord():
    uid = base64.b64encode(str(_ri(10 ** 17, 10 ** 18)).encode()).decode().rstrip("=")
    return "%s.%s.%s" % (uid, _s(6, _B64U), _s(38, _B64U))


def _age():
    return "AGE-SECRET-KEY-1" + _s(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")


V("github-classic-pat", _ghp, "GITHUB_TOKEN", "GitHub personal access token")
V("github-fine-grained-pat", _ghfine, "GH_PAT", "fine-grained GitHub token")
V("github-oauth-gho", _A(36, _AN, "gho_"), "GH_OAUTH_TOKEN", "GitHub OAuth token")
V("github-app-installation-ghs", _A(36, _AN, "ghs_"), "GH_APP_TOKEN", "GitHub App installation token")
V("github-refresh-ghr", _A(76, _AN, "ghr_"), "GH_REFRESH_TOKEN", "GitHub refresh token")
V("gitlab-pat-glpat", _glpat, "GITLAB_TOKEN", "GitLab personal access token")
V("gitlab-deploy-token-gldt", _A(20, _AN + "-_", "gldt-"), "GITLAB_DEPLOY_TOKEN", "GitLab deploy token")
V("slack-bot-xoxb", _slackb, "SLACK_BOT_TOKEN", "Slack bot token for #l10n-alerts")
V("slack-user-xoxp",
  lambda: "xoxp-%d-%d-%d-%s" % (_ri(10 ** 11, 10 ** 12), _ri(10 ** 11, 10 ** 12), _ri(10 ** 12, 10 ** 13), _hx(32)),
  "SLACK_USER_TOKEN", "Slack user token")


def _slack_hook():
    sec = _s(24, _AN)
    url = "https://hooks.slack.com/services/T%s/B%s/%s" % (_s(10, _UAN), _s(10, _UAN), sec)
    ctx = _pick(["SLACK_WEBHOOK_URL=%s", "webhook: %s", "notify_url = \"%s\"  # posts to #translations"])
    return ctx % url, sec, "hooks.slack.com"


F(W, "slack-incoming-webhook-path", _slack_hook)
V("stripe-live-secret", _A(99, _AN, "sk_live_51"), "STRIPE_SECRET_KEY", "Stripe live key for the translator payouts")
V("stripe-restricted-live", _A(99, _AN, "rk_live_51"), "STRIPE_RESTRICTED_KEY", "Stripe restricted key (invoicing)")


def _aws_pair():
    ak, sk = _akid(), _awssec()
    ctx, vis = _pick([("aws_access_key_id=%s\naws_secret_access_key=%s", "aws_secret_access_key"),
                      ("AccessKeyId: %s  SecretAccessKey: %s", "SecretAccessKey"),
                      ("translate-batch IAM user: %s / %s", "translate-batch")])
    return ctx % (ak, sk), sk, vis


F(W, "aws-access-key-secret-pair", _aws_pair)
V("google-api-key-aiza", _gkey, "GOOGLE_TRANSLATE_API_KEY", "Google Cloud API key")
V("google-oauth-client-secret", _A(28, _B64U, "GOCSPX-"), "GOOGLE_CLIENT_SECRET", "OAuth client secret (Sheets glossary sync)")
V("google-oauth-refresh-token", _A(100, _B64U, "1//0"), "GOOGLE_REFRESH_TOKEN", "Google refresh token")
V("google-oauth-access-ya29", _ya29, "GOOGLE_ACCESS_TOKEN", "short-lived Google access token")
V("openai-project-key", _oai, "OPENAI_API_KEY", "OpenAI key for LLM post-editing")
V("anthropic-api-key", lambda: "sk-ant-api03-" + _s(93, _B64U) + "AA", "ANTHROPIC_API_KEY", "Anthropic key for MTQE")
V("deepl-free-auth-key", lambda: _uuid() + ":fx", "DEEPL_AUTH_KEY", "DeepL API Free key")
V("deepl-pro-auth-key", _uuid, "DEEPL_PRO_KEY", "DeepL Pro key")
V("crowdin-personal-token", _crowdin, "CROWDIN_PERSONAL_TOKEN", "Crowdin personal access token")
V("lokalise-api-token", _lokalise, "LOKALISE_API_TOKEN", "Lokalise API token")
V("phrase-access-token", _phraset, "PHRASE_ACCESS_TOKEN", "Phrase Strings access token")
V("transifex-api-token", _txtok, "TX_TOKEN", "Transifex API token")
V("weblate-user-key", _weblate, "WEBLATE_API_KEY", "Weblate API key")
V("elevenlabs-api-key", _eleven, "ELEVENLABS_API_KEY", "ElevenLabs key for the dubbing voices")
V("azure-translator-key", _azkey, "AZURE_TRANSLATOR_KEY", "Azure Translator key")


def _az_storage():
    acct = _orgw()[:10] + "subs"
    key = _b64(64)
    return ("DefaultEndpointsProtocol=https;AccountName=%s;AccountKey=%s;EndpointSuffix=core.windows.net" % (acct, key), key,
            "AccountName=" + acct)


F(W, "azure-storage-connection-account-key", _az_storage)
V("azure-ad-client-secret", _azure_ad, "AZURE_CLIENT_SECRET", "Entra app client secret")
V("sendgrid-api-key", lambda: "SG." + _s(22, _B64U) + "." + _s(43, _B64U), "SENDGRID_API_KEY", "SendGrid key (quote emails)")
V("mailgun-private-key", lambda: "key-" + _hx(32), "MAILGUN_API_KEY", "Mailgun key")


def _twilio():
    sid, tok = "AC" + _hx(32), _hx(32)
    return "TWILIO_ACCOUNT_SID=%s\nTWILIO_AUTH_TOKEN=%s" % (sid, tok), tok, sid


F(W, "twilio-auth-token-with-sid", _twilio)
V("npm-automation-token", _A(36, _AN, "npm_"), "NPM_TOKEN", "npm automation token")
V("pypi-upload-token", _A(150, _B64U, "pypi-AgEIcHlwaS5vcmcC"), "PYPI_TOKEN", "PyPI upload token")
V("dockerhub-pat", _A(27, _B64U, "dckr_pat_"), "DOCKERHUB_TOKEN", "Docker Hub token")
V("huggingface-token", _A(34, _AN, "hf_"), "HF_TOKEN", "Hugging Face token (NLLB eval)")
V("sentry-user-auth-token", _A(64, _HX, "sntryu_"), "SENTRY_AUTH_TOKEN", "Sentry auth token")
V("shopify-admin-token", _A(32, _HX, "shpat_"), "SHOPIFY_ADMIN_TOKEN", "Shopify admin token (Translate & Adapt sync)")
V("atlassian-api-token", _atl, "JIRA_API_TOKEN", "Atlassian API token")
V("linear-api-key", _A(40, _AN, "lin_api_"), "LINEAR_API_KEY", "Linear key")
V("notion-integration-token", _A(46, _AN, "ntn_"), "NOTION_TOKEN", "Notion integration secret (style guide)")
V("figma-personal-token", _A(40, _B64U, "figd_"), "FIGMA_TOKEN", "Figma token for string extraction")
V("postman-api-key", lambda: "PMAK-" + _hx(24) + "-" + _hx(34), "POSTMAN_API_KEY", "Postman API key")
V("digitalocean-pat", _A(64, _HX, "dop_v1_"), "DIGITALOCEAN_TOKEN", "DigitalOcean token")
V("netlify-pat", _A(40, _AN, "nfp_"), "NETLIFY_AUTH_TOKEN", "Netlify token")
V("supabase-access-token", _A(40, _HX, "sbp_"), "SUPABASE_ACCESS_TOKEN", "Supabase token")
V("hashicorp-vault-token", _A(90, _B64U, "hvs.CAESI"), "VAULT_TOKEN", "Vault token")
V("grafana-service-account", lambda: "glsa_" + _s(32, _AN) + "_" + _hx(8), "GRAFANA_TOKEN", "Grafana service account token")
V("newrelic-user-key", _A(27, _UAN, "NRAK-"), "NEW_RELIC_API_KEY", "New Relic user key")
V("doppler-service-token", lambda: "dp.st.prd." + _s(40, _AN), "DOPPLER_TOKEN", "Doppler service token")
V("onepassword-service-account", lambda: "ops_eyJ" + _s(240, _B64U), "OP_SERVICE_ACCOUNT_TOKEN", "1Password service account token")
V("terraform-cloud-token", lambda: _s(14, _AN) + ".atlasv1." + _s(67, _AN), "TFE_TOKEN", "Terraform Cloud token")
V("pulumi-access-token", _A(40, _HX, "pul-"), "PULUMI_ACCESS_TOKEN", "Pulumi token")
V("buildkite-user-token", _A(40, _HX, "bkua_"), "BUILDKITE_API_TOKEN", "Buildkite token")
V("telegram-bot-token", lambda: "%d:AA%s" % (_ri(10 ** 9, 10 ** 10 - 1), _s(33, _B64U)), "TELEGRAM_BOT_TOKEN",
  "Telegram bot token (freelancer alerts)")
V("discord-bot-token", _discord, "DISCORD_BOT_TOKEN", "Discord bot token (community translators server)")
V("mapbox-secret-token", lambda: "sk.eyJ1Ijoi" + _s(60, _B64U) + "." + _s(22, _B64U), "MAPBOX_SECRET_TOKEN", "Mapbox secret token")
V("contentful-cma-token", _A(43, _B64U, "CFPAT-"), "CONTENTFUL_MANAGEMENT_TOKEN", "Contentful management token")
V("hubspot-private-app", lambda: "pat-eu1-" + _uuid(), "HUBSPOT_TOKEN", "HubSpot private app token")
V("age-secret-key", _age, "SOPS_AGE_KEY", "age identity for SOPS-encrypted secrets")
V("yandex-cloud-api-key", _yc_key, "YC_API_KEY", "Yandex Cloud API key")
V("yandex-oauth-token", lambda: "y0_" + _s(55, _B64U), "YANDEX_OAUTH_TOKEN", "Yandex OAuth token")
V("yandex-iam-token", _A(180, _B64U, "t1.9euelZ"), "YC_IAM_TOKEN", "Yandex IAM token")
V("modernmt-license-key", _mmt, "MMT_LICENSE", "ModernMT license key")
V("revai-access-token", _rev, "REV_ACCESS_TOKEN", "Rev.ai access token")
V("smartling-user-secret", _smart_sec, "SMARTLING_USER_SECRET", "Smartling user secret")
V("cloudflare-api-token", _A(40, _B64U), "CLOUDFLARE_API_TOKEN", "Cloudflare token (help-center DNS)")
V("heroku-api-key", _A(60, _AN + "-_", "HRKU-"), "HEROKU_API_KEY", "Heroku API key")


def _algolia():
    app, key = _s(10, _UAN), _hx(32)
    return "ALGOLIA_APP_ID=%s\nALGOLIA_ADMIN_KEY=%s" % (app, key), key, app


F(W, "algolia-admin-key-with-app-id", _algolia)


def _dd():
    api, app = _hx(32), _hx(40)
    return "DD_API_KEY=%s\nDD_APP_KEY=%s\nDD_SITE=datadoghq.eu" % (api, app), app, "datadoghq.eu"


F(W, "datadog-app-key-pair", _dd)
V("groupshare-jwt-bearer", lambda: _jwt("https://gs.local/authentication"), "GS_BEARER", "GroupShare bearer token",
  [("Authorization: Bearer {S}", "Authorization")])


def _ssh_paste():
    body = _ssh_body()
    return ("private key for sftp deliveries (do not reuse):\n-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % body,
            body, "sftp deliveries")


F(W, "openssh-private-key-paste", _ssh_paste)
V("stripe-webhook-secret", _A(32, _AN, "whsec_"), "STRIPE_WEBHOOK_SECRET", "Stripe webhook signing secret")
V("crowdin-webhook-secret", _A(40, _AN), "CROWDIN_WEBHOOK_SECRET", "Crowdin webhook secret")


# ---------------------------------------------------------------- benign look-alikes
_BEN = []


def B(tpl, **kw):
    _BEN.append((tpl, kw))


def _brender(tpl, kw):
    if callable(tpl):
        return tpl()
    vals = {}

    def sub(m):
        k = m.group(1)
        if k not in vals:
            vals[k] = _val(kw[k]) if k in kw else _GEN[k]()
        return _flt(vals[k], m.group(2))
    return _PH.sub(sub, tpl)


def _wrap64(s):
    return "\n".join(s[i:i + 64] for i in range(0, len(s), 64))


def _ed25519_pub():
    blob = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + _bytes(32)
    return "ssh-ed25519 %s %s@%s" % (base64.b64encode(blob).decode(), _user(), _pick(["laptop", "ci-runner", "tms-prod", "mbp-pm"]))


def _rsa_pub():
    blob = b"\x00\x00\x00\x07ssh-rsa\x00\x00\x00\x03\x01\x00\x01\x00\x00\x01\x01\x00" + _bytes(256)
    return "ssh-rsa %s deploy@%s" % (base64.b64encode(blob).decode(), _host())


def _pub_pem():
    der = bytes.fromhex("30820122300d06092a864886f70d01010105000382010f003082010a0282010100") + _bytes(256) + bytes.fromhex("0203010001")
    return "-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % _wrap64(base64.b64encode(der).decode())


def _cert_pem():
    der = bytes.fromhex("308203") + _bytes(_ri(300, 420))
    return ("# CA bundle for %s\n-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----"
            % (_host(), _wrap64(base64.b64encode(der).decode())))


def _gpgfp():
    h = _s(40, _UHX)
    return " ".join(h[i:i + 4] for i in range(0, 40, 4))


def _b64text():
    t = _pick(["Traducción completada para el lote %d" % _ri(1, 99), "Bonjour, voici la livraison du lot %d" % _ri(1, 99),
               "Consegna prevista per venerdì %d" % _ri(1, 28), "Tradução revista por %s" % _first(),
               "Tłumaczenie gotowe do QA (%d słów)" % _ri(100, 9000), "번역이 완료되었습니다 %d" % _ri(1, 99),
               "تمت الترجمة بنجاح %d" % _ri(1, 99), '{"locale":"%s","fallback":"en"}' % _pick(_LANGS),
               "subtitle track %d ready for review" % _ri(1, 40)])
    return t, base64.b64encode(t.encode()).decode()


_POLICY = [
    "Passwords must be at least %d characters and contain one digit; they expire every %d days.",
    "La contraseña debe tener al menos %d caracteres, una mayúscula y un número. Caduca cada %d días.",
    "Le mot de passe doit contenir au moins %d caractères, dont un chiffre ; il expire tous les %d jours.",
    "La password deve contenere almeno %d caratteri e un numero; scade ogni %d giorni.",
    "A senha deve ter no mínimo %d caracteres e pelo menos um número; expira a cada %d dias.",
    "Hasło musi mieć co najmniej %d znaków i jedną cyfrę; wygasa co %d dni.",
    "يجب أن تتكون كلمة المرور من %d أحرف على الأقل وتنتهي صلاحيتها كل %d يومًا.",
    "비밀번호는 최소 %d자 이상이어야 하며 %d일마다 변경해야 합니다.",
]
_PWUI = [("Password", "Contraseña", "es"), ("Password", "Mot de passe", "fr"), ("Password", "Password", "it"),
         ("Password", "Senha", "pt_BR"), ("Password", "Palavra-passe", "pt_PT"), ("Password", "Hasło", "pl"),
         ("Password", "كلمة المرور", "ar"), ("Password", "비밀번호", "ko"), ("Forgot your password?", "¿Olvidaste tu contraseña?", "es"),
         ("Forgot your password?", "Mot de passe oublié ?", "fr"), ("Forgot your password?", "Password dimenticata?", "it"),
         ("Forgot your password?", "Esqueceu sua senha?", "pt_BR"), ("Forgot your password?", "Nie pamiętasz hasła?", "pl"),
         ("Forgot your password?", "هل نسيت كلمة المرور؟", "ar"), ("Forgot your password?", "비밀번호를 잊으셨나요?", "ko"),
         ("API key", "Clave de API", "es"), ("API key", "Clé API", "fr"), ("Access token", "Token di accesso", "it"),
         ("Access token", "Token de acesso", "pt_BR"), ("Secret key", "Klucz tajny", "pl"), ("Access token", "رمز الوصول", "ar"),
         ("Access token", "액세스 토큰", "ko"), ("The password is incorrect.", "La contraseña es incorrecta.", "es"),
         ("The password is incorrect.", "Le mot de passe est incorrect.", "fr"),
         ("Your token has expired.", "Il tuo token è scaduto.", "it"), ("Your token has expired.", "Twój token wygasł.", "pl")]
_VEND = ["deepl", "crowdin", "lokalise", "phrase", "transifex", "smartling", "xtm", "memoq", "groupshare", "weblate",
         "elevenlabs", "rev", "verbit", "modernmt", "yandex", "azure-translator", "google-translate"]
_VENDC = ["DeepL", "Crowdin", "Lokalise", "Phrase", "Transifex", "Smartling", "XTM", "memoQ", "GroupShare", "Weblate",
          "ElevenLabs", "Rev", "Verbit", "ModernMT"]
_ENVN = ["DEEPL_AUTH_KEY", "CROWDIN_PERSONAL_TOKEN", "LOKALISE_API_TOKEN", "PHRASE_ACCESS_TOKEN", "TX_TOKEN",
         "SMARTLING_USER_SECRET", "XTM_PASSWORD", "MEMOQ_PASSWORD", "GS_PASSWORD", "WEBLATE_API_KEY", "ELEVENLABS_API_KEY",
         "REV_ACCESS_TOKEN", "VERBIT_API_KEY", "MODERNMT_API_KEY", "AZURE_TRANSLATOR_KEY", "GOOGLE_TRANSLATE_API_KEY"]
_GEN.update({"vend": lambda: _pick(_VEND), "Vend": lambda: _pick(_VENDC), "envn": lambda: _pick(_ENVN),
             "hex64": lambda: _hx(64), "short2": lambda: _hx(7), "hex32b": lambda: _hx(32), "ip2": _ip,
             "words2": lambda: "{:,}".format(_ri(100, 9000)), "mm": lambda: str(_ri(2, 59)), "ss": lambda: str(_ri(10, 59)), "hex32": lambda: _hx(32), "hex16": lambda: _hx(16), "acc12": lambda: str(_ri(10 ** 11, 10 ** 12 - 1)),
             "last4": lambda: _hx(4), "n4": lambda: str(_ri(1000, 9999)), "pct": lambda: str(_ri(50, 100)),
             "words": lambda: "{:,}".format(_ri(300, 90000)), "rate": lambda: "0.%02d" % _ri(4, 19),
             "UUIDU": lambda: _uuid().upper(), "minlen": lambda: str(_pick([8, 10, 12, 14, 16]))})

B("<<short>> fix(i18n): update <<lang>> plural rules for cart.items")
B("<<short>> chore(l10n): New Crowdin translations by GitHub Action (#<<n4>>)")
B("commit <<sha>>\nMerge: <<short>> <<short2>>\nAuthor: <<name>> <<<email>>>\n\n    Merge branch 'l10n_main' into develop")
B("<<hex64>>  delivery_<<ticket>>_<<lang>>.xliff")
B("MD5 (tm_<<date>>.tmx) = <<hex32>>")
B("sha1sum: <<sha>>  subtitles/ep<<n2>>_<<ll>>.srt")
B("Crowdin file id <<n>> (revision <<n2>>) in project <<uuid>> was updated")
B("LOKALISE_PROJECT_ID=<<lpid>>  # project id is not a secret, the token lives in 1Password")
B("phrase pull --project_id <<phid>> --access_token $PHRASE_ACCESS_TOKEN")
B("crowdin upload sources --token <your-personal-access-token> --project-id <<pid>>")
B("crowdin download --token $CROWDIN_PERSONAL_TOKEN --project-id <<pid>> -l <<lang>>")
B('"project_id_env": "CROWDIN_PROJECT_ID"\n"api_token_env": "CROWDIN_PERSONAL_TOKEN"\n"base_path": "."')
B("          CROWDIN_PERSONAL_TOKEN: ${{ secrets.CROWDIN_PERSONAL_TOKEN }}\n          CROWDIN_PROJECT_ID: <<pid>>")
B("          api_token: ${{ secrets.LOKALISE_API_TOKEN }}\n          project_id: <<lpid>>")
B("DEEPL_AUTH_KEY=********-****-****-****-************:fx")
B("<<ts>> [runner] curl -H 'Authorization: Bearer ***' https://api.<<dom>>/v1/strings -> 200")
B("Token ending in …<<last4>> was revoked on <<date>> by <<name>>.")
B("vault kv get -field=api_key secret/l10n/<<vend>>")
B("aws secretsmanager get-secret-value --secret-id prod/l10n/<<vend>>-api-key --query SecretString --output text")
B('op read "op://L10n Vendors/<<Vend>>/credential"')
B("        env:\n          - name: <<envn>>\n            valueFrom:\n              secretKeyRef:\n                name: <<vend>>-creds\n                key: api-key")
B(lambda: _pick(_POLICY) % (_pick([8, 10, 12, 14, 16]), _pick([30, 60, 90, 180])))
B(lambda: (lambda e: 'msgid "%s"\nmsgstr "%s"' % (e[0], e[1]))(_pick(_PWUI)) + "\n#: %s:%d" % (_pick(["templates/login.html", "src/auth/forms.py", "app/views/sessions/new.html.erb"]), _ri(3, 300)))
B(lambda: (lambda e: '<string name="%s">%s</string>' % (_pick(["password_hint", "label_password", "api_key_title", "token_expired", "forgot_password"]), e[1]))(_pick(_PWUI)))
B(lambda: (lambda e: '"auth.%s" = "%s";' % (_pick(["password.placeholder", "password.label", "token.expired", "apikey.title"]), e[1]))(_pick(_PWUI)))
B(lambda: (lambda e: '<trans-unit id="%s" resname="login.password">\n  <source>%s</source>\n  <target state="final">%s</target>\n</trans-unit>' % (_hx(32), e[0], e[1]))(_pick(_PWUI)))


def _srt():
    st = _ri(0, 3500)
    en = st + _ri(1, 6)
    line = _pick(["La contraseña es incorrecta.", "Le mot de passe est « soleil », idiot !", "Qual è la password? — Non lo so.",
                  "A senha é o nome do cachorro.", "Hasło? Zapomniałem hasła.", "비밀번호가 뭐였지?", "ما هي كلمة المرور؟",
                  "The password is in the safe, sir.", "Dame la clave o no entras.", "Il codice è sul retro della foto."])
    f = lambda t, ms: "%02d:%02d:%02d,%03d" % (t // 3600, t // 60 % 60, t % 60, ms)
    return "%d\n%s --> %s\n%s" % (_ri(1, 900), f(st, _ri(0, 999)), f(en, _ri(0, 999)), line)


B(_srt)
B("WEBVTT\n\n<<uuid>>\n00:00:<<n2>>.000 --> 00:00:<<n2>>.500 align:center\n<v Narrator>Enter your access code to continue.")
B(_ed25519_pub)
B(_rsa_pub)
B(lambda: "Key fingerprint = %s\nuid           [ultimate] %s (l10n release signing) <%s>" % (_gpgfp(), _name(), _email()))
B(lambda: "ED25519 key fingerprint is SHA256:%s." % base64.b64encode(_bytes(32)).decode().rstrip("="))
B(lambda: "SHA256 Fingerprint=%s" % ":".join(_s(2, _UHX) for _ in range(32)))
B("<<orgw>>/mt-proxy@sha256:<<hex64>>")
B(lambda: '"integrity": "sha512-%s"' % base64.b64encode(_bytes(64)).decode())
B("version https://git-lfs.github.com/spec/v1\noid sha256:<<hex64>>\nsize <<n>><<n2>>")
B("traceparent: 00-<<hex32>>-<<hex16>>-01")
B("x-request-id: <<uuid>>")
B("arn:aws:kms:<<region>>:<<acc12>>:key/<<uuid>>")
B("/subscriptions/<<uuid>>/resourceGroups/rg-l10n/providers/Microsoft.CognitiveServices/accounts/tr-<<orgw>>")
B(lambda: (lambda t: "echo %s | base64 -d   # -> %s" % (t[1], t[0]))(_b64text()))
B(lambda: "data:text/plain;base64,%s" % _b64text()[1])
B("crowdin-cli <<ver>>, lokalise2 <<ver>>, phrase-cli <<ver>>")
B("memoQ server 11.<<n2>>.<<n>> build <<n4>>, Trados GroupShare 17 SR<<n2>>")
B("Invoice INV-2024-<<n4>> — <<words>> words @ <<rate>> EUR, due <<date>>")
B("PO-<<pid>> approved for <<Vend>> seat renewal (cost centre L10N-<<n4>>)")
B("Analysis: 101%: <<n>> words | 100%: <<words>> | 95-99%: <<n2>> | No match: <<words2>>")
B("{count, plural, one {# archivo} other {# archivos}} — ICU key cart.files.count (<<lang>>)")
B('"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: <<ll>>\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"')
B("Required env: <<envn>>, <<envn>> (see docs/SETUP.md, values live in Vault)")
B("<<envn>>=\nLOKALISE_PROJECT_ID=\n# copy to .env and fill in from 1Password")
B("DB_PASSWORD=changeme  # placeholder only, the real value is injected by the Vault agent at boot")
B('api_key: "YOUR_DEEPL_API_KEY"  # replace locally, never commit')
B('echo "$REGISTRY_PASSWORD" | docker login -u ci --password-stdin registry.<<dom>>')
B("password_file: /run/secrets/memoq_password")
B("<<first>>: I've put the new <<Vend>> key in 1Password under 'L10n / <<Vend>>', please don't paste it here")
B("<<first>>: la contraseña está en el gestor, entrada «<<Vend>> prod» — no la pegues en Slack")
B("<<first>> : le jeton <<Vend>> est dans Vault (secret/l10n/<<Vend|lower>>), ne le colle pas dans le ticket")
B("<<first>>: la chiave di <<Vend>> è nel vault, percorso secret/l10n/<<Vend|lower>>")
B("<<first>>: a senha do <<Vend>> está no cofre da equipa, não mandes por e-mail")
B("<<first>>: hasło do <<Vend>> jest w menedżerze haseł, nie wklejaj go tutaj")
B("<<first>>: كلمة المرور موجودة في خزنة الفريق، لا ترسلها هنا")
B("<<first>>: <<Vend>> 토큰은 볼트에 있어요. 여기 붙여넣지 마세요")
B("translationJobUid: <<j12>>  fileUri: /files/strings_<<lang>>.json", j12=_A(12, _LAN))
B("o:<<orgw>>:p:<<proj>>:r:<<res>>", res=["messages-json", "strings-xml", "emails-po", "help-md"])
B('voice_id: <<voice>>  # "<<first>> – warm narrator", public voice library id')
B("Rev job id <<j12>> status=transcribed duration=<<n>>s", j12=_A(12, _AN))
B("LQA-<<n4>>: severity=major category=terminology segment=<<n>> (<<lang>>)")
B('The API expects an "Authorization: DeepL-Auth-Key [yourAuthKey]" header; see the vendor docs.')
B("PASSWORD_REGEX = r'^(?=.*[A-Z])(?=.*\\d).{<<minlen>>,}$'")
B("BCRYPT_ROUNDS=12\nPASSWORD_MIN_LENGTH=<<minlen>>\nSESSION_COOKIE_AGE=1209600")
B("API key: ••••••••••••••••••••••••<<last4>>  (created <<date>>)")
B("userSecret: [REDACTED]  userIdentifier: <<uid>>")
B("      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile                <<prof>>           manual    --profile\naccess_key     ****************<<AK4>> shared-credentials-file\nsecret_key     ****************<<AK4>> shared-credentials-file",
  AK4=_A(4, _UAN))
B("  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo'")
B(_pub_pem)
B(_cert_pem)
B(lambda: "# public key: age1%s" % _s(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"))

B("Google Cloud project <<gp>>, service account l10n-sync@<<gp>>.iam.gserviceaccount.com (key managed by Workload Identity, no JSON key)")
B("AZURE_CLIENT_ID=<<uuid>>\nAZURE_TENANT_ID=<<uuid2>>\n# federated credential, there is no client secret")
B("role-to-assume: arn:aws:iam::<<acc12>>:role/l10n-translate-ci\naws-region: <<region>>")
B('variable "translator_key" {\n  type      = string\n  sensitive = true\n}')
B("kubectl create secret generic <<vend>> --from-env-file=.env.<<vend>> -n l10n")
B("The <<Vend>> token was rotated on <<date>>; the old one (ending <<last4>>) is revoked.")
B('<label for="password" data-i18n="auth.password.label">Password</label>')
B("https://<<host>>/editor?project=<<pid>>&file=<<n>>&lang=<<ll>>#segment-<<n4>>")
B('ETag: W/"<<hex32>>"')
B("cache-key: l10n-node-modules-<<hex64>>")
B(lambda: "Content-MD5: %s" % base64.b64encode(_bytes(16)).decode())
B("VersionId: <<v32>>  Key: final/ep<<n2>>_<<ll>>.srt", v32=_A(32, _AN + "._"))
B("TM guid {<<UUIDU>>} attached to project <<proj2>> (<<lang>>)")
B("ProductCode={<<UUIDU>>}  UpgradeCode={<<UUIDU>>}  ; Trados Studio installer")
B("SKU TRD-STU-PRO-<<n4>>-NL  |  order <<ordn>>  |  seats: <<n2>>", ordn=_A(10, _DG))
B("Set-Cookie: django_language=<<ll>>; Path=/; SameSite=Lax")
B("SPDX-License-Identifier: Apache-2.0\n# Copyright <<org>> localisation tooling")
B('versionCode <<n4>>\nversionName "3.<<n2>>.0-l10n"\napplicationId "com.<<orgw>>.lingo"')
B("golang.org/x/text v0.14.0 h1:<<h1>>=", h1=lambda: base64.b64encode(_bytes(32)).decode().rstrip("="))
B("--hash=sha256:<<hex64>>")
B('checksum = "<<hex64>>"')
B('"@<<orgw>>/i18n-utils@npm:<<ver>>": resolution: "@<<orgw>>/i18n-utils@npm:<<ver>>#<<sha>>"')
B("Subject: Password reset requested\n\nHi {{first_name}}, use this link to set a new password: {{reset_link}}")
B("Run `passwd` on <<host>> to change your SFTP password; the helpdesk will never ask for it.")
B("  -p, --password string   password for basic auth (or set TMS_PASSWORD)\n  -T, --token string      personal access token (or set CROWDIN_PERSONAL_TOKEN)")
B("TOTP settings: period 30s, digits 6, algorithm SHA1 — enforced for all <<Vend>> admins")
B("ISBN 978-<<isbn>>  ·  translation rights <<lang>>  ·  contract <<ticket>>", isbn=lambda: "%d-%d-%d-%d" % (_ri(0, 9), _ri(1000, 9999), _ri(1000, 9999), _ri(0, 9)))
B('{"token_type": "Bearer", "expires_in": 3600, "access_token": "<redacted>"}')
B("allowlist: <<ip>>/32, <<ip2>>/32 (office VPN egress for <<Vend>> IP restriction)")
B("glossary_id=<<uuid>> (<<ll>>) entries=<<n>> — DeepL glossary, safe to share")
B("projects/<<gp>>/locations/us-central1/glossaries/legal-<<ll>>-v<<n2>>")
B("JobId: <<hex32>>  JobStatus: COMPLETED  (Amazon Translate batch, <<words>> chars)")
B("ModernMT memory <<n>> '<<proj2>> <<lang>>' updated with <<n4>> segments")
B('"folderId": "<<fid>>"  // Yandex Cloud folder id (not a credential)')
B("category=<<uuid>>-TECH  # Custom Translator category id")
B("distributionHash: <<dh>>  # Crowdin OTA distribution (public, shipped in the app)", dh=_A(26, _HX))
B("Webhook event file.approved project_id=<<pid>> file_id=<<n>> language=<<lang>> at <<ts>>")
B("XLIFF 2.0 <file id=\"f<<n>>\" original=\"<<file>>\"> unit id=\"u<<hex16>>\"")
B("sessionid cookie is HttpOnly, Secure, SameSite=Lax and rotated on login (see SECURITY.md)")
B("Build 20240<<n>>.<<n2>> of <<repo>> succeeded in <<mm>>m<<ss>>s (commit <<short>>)")
B("https://<<orgw>>.slack.com/archives/C0<<ch>>/p<<ts16>>", ch=_A(8, _UAN), ts16=_A(16, _DG))
B("https://<<orgw>>.atlassian.net/browse/<<ticket>>?focusedCommentId=<<n>><<n4>>")
B("<<lang>>,<<proj>>,<<words>>,<<pct>>%,<<first>> <<last>>,<<date>>")
B("requirements: deepl==1.<<n2>>.0 google-cloud-translate==3.<<n2>>.0 elevenlabs==1.<<n2>>.0")
B("memoQ project {<<UUIDU>>} on https://<<host>>:8081/memoqservices")
B("placeholder %s is the user's name; {0} is the file count; %1$s must stay first")
B("Secrets are referenced as ${{ secrets.NAME }} in workflows and never echoed; masked values appear as ***.")
B("{{ with secret \"secret/data/l10n/<<vend>>\" }}{{ .Data.data.api_key }}{{ end }}")
B("value: {{ .Values.<<vend>>.apiKey | quote }}")
B("      - <<envn>>=${<<envn>>:?set it in .env}")
B(".env\n.env.*\n!.env.example\n*.pem\ncrowdin.local.yml")
B("$env:<<envn>> = (Get-Secret -Name <<Vend>> -AsPlainText)")
B('security find-generic-password -s "<<Vend>> (prod)" -a <<user>>  # prints metadata only, no -w')
B("<<Vend>> API tokens must be stored in Vault (secret/l10n/<<Vend|lower>>), never in the repo or in crowdin.yml")
B("Release notes <<ver>>: the API key field in Settings > Machine translation is now masked.")
B("Xcode build <<n4>> (<<n>>), CFBundleShortVersionString 4.<<n2>>.1")
B("hex colour tokens: primary #<<c6>>, accent #<<c6b>>", c6=_A(6, _UHX), c6b=_A(6, _UHX))
B("password_reset_timeout: 86400\npassword_hashers: [argon2, pbkdf2_sha256]")
B("User <<user>> changed their password on <<date>> (audit event id <<uuid>>)")
B("Lockout after 5 failed password attempts; unlock via the <<Vend>> admin console.")
B("'<<Vend>> API key' field left blank → falls back to env var <<Vend|upper>>_API_KEY")
B("grep -rn \"<<envn>>\" . --include=*.yml   # find where the token is referenced")
B("sops --encrypt --age age1<<a58>> secrets.yaml > secrets.enc.yaml", a58=_A(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"))
B("ENC[AES256_GCM,data:<<sd>>,iv:<<iv>>,tag:<<tg>>,type:str]  # SOPS-encrypted, key in KMS",
  sd=lambda: base64.b64encode(_bytes(24)).decode(), iv=lambda: base64.b64encode(_bytes(32)).decode(), tg=lambda: base64.b64encode(_bytes(16)).decode())
B("$ANSIBLE_VAULT;1.1;AES256\n<<v1>>\n<<v2>>", v1=_A(80, _DG + "abcdef"), v2=_A(80, _DG + "abcdef"))
B("Wire transfer reference L10N/<<date>>/<<n4>> for <<name>> — <<words>> words")
B("Time code 01:0<<n2d>>:12:08 — burn-in subtitles for ep<<n2>>", n2d=lambda: str(_ri(0, 9)))
B("FFmpeg: -vf subtitles=ep<<n2>>_<<ll>>.srt:force_style='FontName=Noto Sans,FontSize=22'")
B("srt checksum mismatch: expected <<hex32>>, got <<hex32b>> (re-downloading)")
B("Verbit order <<ordn>> (<<ll>>), turnaround 48h, media sha256 <<hex64>>", ordn=_A(8, _DG))
B("Token scopes for the sync bot: project.source.read, project.translation.write (no admin)")
B("userIdentifier is public-ish (it appears in the Smartling UI); only userSecret is sensitive.")
B("ELEVENLABS_API_KEY is required; get one at Profile → API keys. Do not hard-code it.")
B("Authorization: Bearer <token>")
B("--access_token=<ACCESS_TOKEN> --project_id=<PROJECT_ID>")
B("[REDACTED:<<envn>>]")
B("sk_live_************************<<last4>> (Stripe dashboard, masked)")
B("Your one-time code will arrive by SMS. Codes are 6 digits and expire after 10 minutes.")
B("PIN policy: 6 digits, no repeats, changed every 90 days (freelancer portal FAQ)")
B(lambda: "recovery codes: %s" % ", ".join(["xxxxx-xxxxx"] * _ri(2, 4)) + " (template for the onboarding doc)" + " #" + _hx(6))
B("Use a passphrase of four random words, e.g. from the EFF list; do not reuse it for <<Vend>>.")
B("The delivery zip password is sent by SMS to the client PM, never in the same e-mail (<<ticket>>).")
B("memoQ: Options → Server → 'Remember password' is disabled by group policy on <<fs>>")
B("GroupShare users authenticate via Windows/AD; no local passwords are stored (<<ticket>>)")
B("Weblate: Settings → API access → 'Regenerate API key' — notify #l10n-ops afterwards")
B("Pontoon uses Firefox Accounts / Django allauth; SECRET_KEY comes from the environment")
B("XTM API: POST /auth/token with client, userId and password from the env; token TTL 24h")
B("DeepL usage: <<words>> / 500,000 characters this billing period")
B("Android keystore fingerprint SHA-256: <<fp>>", fp=lambda: ":".join(_s(2, _UHX) for _ in range(32)))
B("iOS provisioning profile UUID <<UUIDU>>, team <<team>>", team=_A(10, _UAN))
B("npm notice shasum: <<sha>>\nnpm notice integrity: sha512-<<i86>>==", i86=lambda: base64.b64encode(_bytes(64)).decode()[:86])
B("Docker image ID <<hex12>>, size 412MB, created <<n2>> hours ago", hex12=_A(12, _HX))
B("Pod mt-proxy-<<pod>>-<<pod2>> restarted (OOMKilled)", pod=_A(10, _LAN), pod2=_A(5, _LAN))
B("AWS request id <<uuid>> / extended id <<ext>>", ext=lambda: base64.b64encode(_bytes(57)).decode())
B("RequestId: <<hex32>> Duration: <<n>>.12 ms Billed Duration: <<n>> ms")
B("CF-RAY: <<hex16>>-CDG")
B("<<Vend>> support ticket #<<n4>><<n2>>: 'token rejected' — resolved by regenerating in the UI")
B("weblate wlc: key=${WEBLATE_API_KEY} url=https://<<host>>/api/")


# ---------------------------------------------------------------- assembly
def _build_secrets():
    rows = []
    for g in _GROUPS:
        fl = _FMT[g]
        assert len(fl) * 3 >= _PER_GROUP, g
        grows = []
        while len(grows) < _PER_GROUP:
            for name, spec in fl:
                if len(grows) >= _PER_GROUP:
                    break
                for _ in range(20):
                    t, s, v = _make(spec)
                    if len(s) >= 6 and s in t and (not v or (v in t and v not in s and s not in v)):
                        break
                else:
                    raise AssertionError(name)
                grows.append((g, name, t, s, v))
        rows.extend(grows)
    return rows


def _build_benign(rows):
    longs = [r[3] for r in rows]
    seen, out, i = set(), [], 0
    while len(out) < _N_BENIGN:
        tpl, kw = _BEN[i % len(_BEN)]
        i += 1
        if i > _N_BENIGN * 40:
            raise AssertionError("benign templates exhausted")
        b = _brender(tpl, kw)
        if b in seen or any(s in b for s in longs):
            continue
        seen.add(b)
        out.append(b)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)
