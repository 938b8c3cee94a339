"""Blind hold-out corpus #42 for a secret-redaction engine.

What it is
----------
A self-contained, importable list of text fragments of the kind a coding
agent (Claude Code, Codex, Gemini CLI) records as its working state: goals,
running notes, shell commands, tool output, excerpts of opened files,
decisions, chat messages pasted in by teammates, log lines and CI config.
Each fragment in SECRETS carries exactly one credential that a redaction
engine must remove; each string in BENIGN carries none, although it looks
secret-ish to a naive scanner.  The corpus is meant to measure both recall
(secrets removed) and precision (benign text left alone).

Theme
-----
Low-code and SaaS administrators: the people who glue business tools
together.  Zapier, Make (Integromat), n8n, Power Automate / Power Platform,
Salesforce admins, HubSpot, Airtable, Notion, Retool, Google Workspace and
Microsoft 365 admins, Apps Script and VBA spreadsheet scripts, plus the
ordinary SaaS APIs they wire up (Slack, Stripe, Twilio, SendGrid, Mailchimp,
Typeform, Pipedrive, Zendesk, Shopify, Trello, ClickUp, monday.com, ...).

Provenance
----------
Written blind, from general knowledge only: no existing corpus, no rule file
of any redaction engine and no web search was consulted.  Where a vendor's
real credential shape is known it is imitated (prefixes, lengths,
alphabets); where it is unknown a plausible shape was invented.  All hosts,
companies, people, identifiers and values are fictitious and were drawn at
random; none of them is, or was, a live credential.

Layout
------
SECRETS: a list of 5-tuples (group, format, text, secret, visible)
    group    one of: command, tool-output, config-file, source-code,
             stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
    format   kebab-case name of the shape; each used at most three times
    text     the fragment as the agent would have recorded it
    secret   the exact substring of text that must not survive redaction
             (only the key body for PEM keys, only the signature for signed
             URLs, only the password for user:password pairs)
    visible  a substring of text that should stay readable, or ""
BENIGN: a list of distinct strings without any credential that nevertheless
    resemble one (commit SHAs, checksums, UUIDs, request ids, record ids,
    public keys and fingerprints, placeholders, masked values, references to
    secret stores, env var names, base64 of ordinary text, prose about
    passwords, password policies, encrypted blobs meant to be committed, ...)
    in the same contexts as the secrets.

Determinism
-----------
Every random value is drawn from _R = random.Random(4242) at import time, in
a fixed order, so importing the module twice yields identical lists.  No
set or dict iteration order that depends on hashing is used, and nothing is
printed at import.

Measured
--------
Blind, written after the rules made for the forty-third and forty-fourth and read only
after: recall 0.954 (1,420 of 1,488) and false positives 37 of 950 (3.9%); 0.952 and the
same 37 with the engine at that session's start. Tuned on since: 0.975 and 26 of 950.
"""
import base64
import json
import random
import re
import string

_R = random.Random(4242)

_LOWER = string.ascii_lowercase
_UPPER = string.ascii_uppercase
_DIG = string.digits
_ALNUM = _LOWER + _UPPER + _DIG
_LALNUM = _LOWER + _DIG
_UALNUM = _UPPER + _DIG
_HEX = "0123456789abcdef"
_B64 = _ALNUM + "+/"
_B64U = _ALNUM + "-_"
_SYM = "!#%*+-=?@^_~."
_USYM = "-_.~"


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _hex(n):
    return _s(_HEX, n)


def _uuid():
    h = _hex(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _R.choice("89ab"), h[17:20], h[20:32])


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_rbytes(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_rbytes(n)).decode().rstrip("=")


def _enc(obj):
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


_WORDS = (
    "harbor sunflower granite pepper velvet maple orbit lantern cobalt willow "
    "thunder meadow copper falcon breeze cactus summit ember glacier hazel "
    "juniper kettle lemon marble nectar oyster pebble quartz raven saffron "
    "tundra umber violet walnut yonder zephyr anchor bramble candle dolphin "
    "eclipse fennel gopher hollow island jasper koala lagoon mango nutmeg "
    "olive parrot quill ribbon salmon tiger unicorn vortex whisker yellow "
    "acorn biscuit cinder drizzle elbow fable ginger honey igloo jelly "
    "kiwi lilac muffin noodle otter pickle quokka radish sprout tulip "
    "basil cedar denim fjord grape heron indigo jungle kernel ladder "
    "monsoon nickel orchid plaza quarry rocket sierra timber urchin valley "
    "wombat yarrow zinnia bagel canyon dagger espresso flamingo gravel "
    "hammock iris jigsaw kayak lobster magnet napkin oasis panda pretzel "
    "rhubarb spindle teapot tractor vanilla waffle comet puzzle marlin"
).split()

_FIRST = (
    "Aisha Ben Carla Dmitri Elena Farid Greta Hiroshi Ines Jamal Katarzyna "
    "Luis Mei Nadia Oskar Priya Quentin Rosa Sven Tomoko Umar Valentina "
    "Wendell Ximena Yusuf Zofia Amara Bruno Chiara Diego Emeka Fatima "
    "Gustavo Hana Ivan Joana Kofi Lena Mateo Noor Olga Pedro Rania Sakura "
    "Tariq Ulla Vikram Wanjiru Yara Zeynep"
).split()

_LAST = (
    "Okafor Lindqvist Moreau Tanaka Kowalski Haddad Fischer Ribeiro Novak "
    "Castillo Nakamura Osei Petrov Rossi Schmidt Varga Andersen Bianchi "
    "Chen Dubois Eriksen Ferreira Gallagher Hoffmann Ivanova Jansen Kaur "
    "Larsen Mendes Nguyen Oyelaran Patel Quinn Romero Sato Torres Ueda "
    "Vasquez Weber Yilmaz Zhang Abara Brennan Costa Delgado Ekström"
).split()

_COS = (
    "brightlane kestrelfoods northwind-ops bluepeak lumenhaus tidewater "
    "orchardline copperleaf helix-partners marlow-co redfern quillworks "
    "sablecrest tallgrass vantage-hr westmere yellowbird-events zenova "
    "amberfield birchway cascadia-dental driftwood-realty evergrove "
    "foxglove-studio granitebay harborlight ironwood-legal juniperhealth "
    "kinetic-supply lakeshore-ed meridian-fit nimbus-travel oakridge-home "
    "pinecrest-ins riverstone roseview-clinic saltmarsh tessellate"
).split()

_TLDS = ["example.com", "example.net", "example.org", "example.io", "test", "internal"]
_SUBS = ["crm", "n8n", "retool", "ops", "sync", "db01", "pg-prod", "mysql-02", "files",
         "automation", "int-gw", "reports", "sql01", "etl", "mail", "intranet", "vpn",
         "sftp", "wiki", "hooks", "api", "bi", "apps", "ldap", "nas01", "erp"]
_SEASONS = ["Spring", "Summer", "Autumn", "Winter", "Fall"]
_LEET = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}


def _leet(w):
    out = []
    for ch in w:
        low = ch.lower()
        if low in _LEET and _R.random() < 0.6:
            out.append(_LEET[low])
        else:
            out.append(ch)
    return "".join(out)


# ---------------------------------------------------------------- passwords
def _pw_word():
    w = _R.choice(_WORDS)
    w2 = _R.choice(_WORDS)
    st = _R.randrange(9)
    if st == 0:
        return w.capitalize() + str(_R.randint(10, 9999)) + _R.choice("!#?*@")
    if st == 1:
        return w.capitalize() + _R.choice("!#@*_-") + str(_R.randint(1, 999))
    if st == 2:
        return w2.capitalize() + w.capitalize() + str(_R.randint(1, 99)) + _R.choice("!?#")
    if st == 3:
        return _leet(w.capitalize()) + str(_R.randint(2015, 2026)) + _R.choice("!.#")
    if st == 4:
        return _R.choice(_SEASONS) + str(_R.randint(2019, 2026)) + _R.choice("!!#@?") + str(_R.randint(0, 99))
    if st == 5:
        return "Welcome" + _R.choice(["@", "#", "!"]) + str(_R.randint(100, 99999))
    if st == 6:
        return _R.choice(_COS).split("-")[0].capitalize() + _R.choice("@#!") + str(_R.randint(2019, 2026)) + w[:3]
    if st == 7:
        return w + "." + w2 + str(_R.randint(10, 999))
    return w.upper()[:4] + w2 + str(_R.randint(100, 9999)) + _R.choice("%^~")


def _pw_phrase(sep=None):
    n = _R.randint(3, 5)
    sep = sep if sep is not None else _R.choice(["-", ".", "_", "+", "-"])
    ws = [_R.choice(_WORDS) for _ in range(n)]
    if _R.random() < 0.5:
        ws[_R.randrange(n)] = ws[_R.randrange(n)].capitalize()
    p = sep.join(ws)
    if _R.random() < 0.6:
        p += sep + str(_R.randint(1, 99))
    return p


def _pw_phrase_sp():
    return _pw_phrase(" ")


def _pw_pron():
    cons = "bdfgklmnprstvz"
    vow = "aeiou"
    n = _R.randint(3, 5)
    p = "".join(_R.choice(cons) + _R.choice(vow) for _ in range(n))
    if _R.random() < 0.6:
        p = p.capitalize()
    p += str(_R.randint(10, 999))
    if _R.random() < 0.5:
        p += _R.choice("!#*")
    return p


def _pw_rand():
    n = _R.randint(14, 28)
    while True:
        p = _s(_ALNUM + _SYM + _SYM, n)
        if any(c in _DIG for c in p) and any(c in _SYM for c in p) and p[0] not in "-#":
            return p


def _pw():
    r = _R.random()
    if r < 0.45:
        return _pw_word()
    if r < 0.6:
        return _pw_pron()
    if r < 0.85:
        return _pw_rand()
    return _pw_phrase()


def _pwu():
    r = _R.random()
    if r < 0.4:
        return _R.choice(_WORDS).capitalize() + _R.choice(_USYM) + str(_R.randint(10, 9999)) + _R.choice(_WORDS)
    if r < 0.7:
        return _s(_ALNUM, _R.randint(16, 26))
    if r < 0.85:
        return _pw_pron().rstrip("!#*") + _R.choice(_USYM) + _s(_ALNUM, 4)
    return _s(_ALNUM + _USYM, 20)


def _pw_sf_tok():
    return _pw_word() + _s(_ALNUM, 25)


def _g_app_pw():
    return _s(_LOWER, 16)


def _g_app_pw_sp():
    return " ".join(_s(_LOWER, 4) for _ in range(4))


def _totp():
    return _s(_UPPER + "234567", 32)


def _backup_codes():
    return "\n".join("%04d %04d" % (_R.randint(0, 9999), _R.randint(0, 9999)) for _ in range(5))


# ----------------------------------------------------------- PEM bodies
def _pem_lines(prefix, total, width=64):
    body = prefix + _s(_B64, total - len(prefix))
    pad = total % 4
    if pad:
        body = body[:-pad] + "=" * pad
    return [body[i:i + width] for i in range(0, len(body), width)]


def _pem_rsa():
    return "\n".join(_pem_lines("MIIEpAIBAAKCAQEA", _R.choice([1588, 1592, 1596, 1600, 1624])))


def _pem_p8():
    return "\n".join(_pem_lines("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", _R.choice([1620, 1624, 1628])))


def _pem_ec():
    return "\n".join(_pem_lines("MHcCAQEEI", 164))


def _pem_ssh():
    return "\n".join(_pem_lines("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
                                "QyNTUxOQAAACB", 400, 70))


def _pem_json():
    return "\\n".join(_pem_lines("MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ", _R.choice([1620, 1624])))


def _pem_b64():
    pem = "-----BEGIN RSA PRIVATE KEY-----\n" + _pem_rsa() + "\n-----END RSA PRIVATE KEY-----\n"
    return base64.b64encode(pem.encode()).decode()


# ------------------------------------------------------------ JWT shapes
def _jwt_generic(env):
    now = _R.randint(1700000000, 1760000000)
    return _enc({"alg": "HS256", "typ": "JWT"}) + "." + _enc(
        {"sub": str(_R.randint(1000, 99999)), "name": _R.choice(_FIRST), "iat": now,
         "exp": now + 3600}) + "." + _b64u(32)


def _jwt_ms(env):
    now = _R.randint(1700000000, 1760000000)
    tid = _uuid()
    head = {"typ": "JWT", "nonce": _b64u(32), "alg": "RS256", "x5t": _b64u(20), "kid": _b64u(20)}
    body = {"aud": "https://graph.microsoft.com", "iss": "https://sts.windows.net/%s/" % tid,
            "iat": now, "nbf": now, "exp": now + 4799,
            "app_displayname": _R.choice(["PA-Graph-Sync", "HR-Onboarding-Flow", "Retool M365", "Intune Reports"]),
            "appid": _uuid(), "idtyp": "app", "oid": _uuid(),
            "roles": _R.sample(["User.Read.All", "Group.ReadWrite.All", "Mail.Send", "Sites.Read.All",
                                "Directory.Read.All"], 2), "tid": tid, "ver": "1.0"}
    return _enc(head) + "." + _enc(body) + "." + _b64u(256)


def _jwt_n8n(env):
    now = _R.randint(1700000000, 1760000000)
    return _enc({"alg": "HS256", "typ": "JWT"}) + "." + _enc(
        {"sub": _uuid(), "iss": "n8n", "aud": "public-api", "iat": now}) + "." + _b64u(32)


def _jwt_monday(env):
    return _enc({"alg": "HS256"}) + "." + _enc(
        {"tid": _R.randint(100000000, 499999999), "aai": 11, "uid": _R.randint(10000000, 69999999),
         "iad": "202%d-%02d-%02dT%02d:%02d:%02d.000Z" % (_R.randint(3, 5), _R.randint(1, 12), _R.randint(1, 28),
                                                       _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59)),
         "per": "me:write", "actid": _R.randint(1000000, 29999999), "rgn": _R.choice(["use1", "euc1"])}) + "." + _b64u(32)


def _jwt_calendly(env):
    now = _R.randint(1700000000, 1760000000)
    return _enc({"kid": _hex(8), "typ": "PAT", "alg": "ES512"}) + "." + _enc(
        {"iss": "https://auth.calendly.com", "iat": now, "jti": _uuid(), "user_uuid": _uuid()}) + "." + _b64u(88)


def _jwt_supa(env):
    now = _R.randint(1700000000, 1760000000)
    return _enc({"alg": "HS256", "typ": "JWT"}) + "." + _enc(
        {"iss": "supabase", "ref": _s(_LOWER, 20), "role": "service_role", "iat": now,
         "exp": now + 315360000}) + "." + _b64u(32)


def _jwt_retool(env):
    now = _R.randint(1700000000, 1760000000)
    return _enc({"alg": "HS256", "typ": "JWT"}) + "." + _enc(
        {"xsrfToken": _uuid(), "version": "1.2", "iat": now}) + "." + _b64u(32)


# ---------------------------------------------------------- vendor shapes
def _basic_b64(env):
    user = env.get("email") or env.get("user") or "svc_%s" % _s(_LOWER, 5)
    return base64.b64encode(("%s:%s" % (user, _pw())).encode()).decode()


def _fresh_basic(env):
    return base64.b64encode(("%s:X" % _s(_ALNUM, 20)).encode()).decode()


def _auth_plain(env):
    user = env.get("email") or "relay@%s" % _R.choice(_COS) + ".example.com"
    return base64.b64encode(("\0%s\0%s" % (user, _pw())).encode()).decode()


def _b64pw(env):
    return base64.b64encode(_pw().encode()).decode()


def _sas_sig():
    return _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _sf_sid():
    return "00D" + _s(_ALNUM, 12) + "!AQ" + _s(_ALNUM, 2) + "AQ" + _s(_ALNUM + ".", 92)


def _intercom():
    raw = "tok:%s:1:0" % _uuid()
    return base64.b64encode(raw.encode()).decode().rstrip("=")


_GEN = {
    "pw": lambda e: _pw(),
    "pwu": lambda e: _pwu(),
    "pww": lambda e: _pw_word(),
    "phrase": lambda e: _pw_phrase(),
    "phrase_sp": lambda e: _pw_phrase_sp(),
    "pron": lambda e: _pw_pron(),
    "rand": lambda e: _pw_rand(),
    "sf_pw_tok": lambda e: _pw_sf_tok(),
    "g_app_pw": lambda e: _g_app_pw(),
    "g_app_pw_sp": lambda e: _g_app_pw_sp(),
    "ms_app_pw": lambda e: _s(_LOWER, 16),
    "totp": lambda e: _totp(),
    "backup_codes": lambda e: _backup_codes(),
    "hex32": lambda e: _hex(32),
    "hex40": lambda e: _hex(40),
    "hex64": lambda e: _hex(64),
    "alnum32": lambda e: _s(_ALNUM, 32),
    "alnum40": lambda e: _s(_ALNUM, 40),
    "b64_32": lambda e: _b64(32),
    "b64_48": lambda e: _b64(48),
    "b64pw": _b64pw,
    "basic_b64": _basic_b64,
    "fresh_basic": _fresh_basic,
    "auth_plain": _auth_plain,
    "uuid": lambda e: _uuid(),
    "pem_rsa": lambda e: _pem_rsa(),
    "pem_p8": lambda e: _pem_p8(),
    "pem_ec": lambda e: _pem_ec(),
    "pem_ssh": lambda e: _pem_ssh(),
    "pem_json": lambda e: _pem_json(),
    "pem_b64": lambda e: _pem_b64(),
    "jwt": _jwt_generic,
    "jwt_ms": _jwt_ms,
    "jwt_n8n": _jwt_n8n,
    "monday": _jwt_monday,
    "calendly": _jwt_calendly,
    "supabase": _jwt_supa,
    "retool_jwt": _jwt_retool,
    "azsec": lambda e: _s(_ALNUM, 3) + _R.choice("5678") + "Q~" + _s(_ALNUM + "_-.~", 34),
    "sf_sid": lambda e: _sf_sid(),
    "sf_cs": lambda e: _s("0123456789ABCDEF", 64),
    "sf_sectoken": lambda e: _s(_ALNUM, 25),
    "sf_refresh": lambda e: "5Aep861" + _s(_ALNUM + "._", 80),
    "hs_pat": lambda e: "pat-%s-%s" % (_R.choice(["na1", "eu1", "na2"]), _uuid()),
    "hs_key": lambda e: _uuid(),
    "hs_client_secret": lambda e: _uuid(),
    "hs_pak": lambda e: "CiR" + _s(_B64U, 3) + "LTE" + _s(_B64U, 150),
    "hs_refresh": lambda e: "%s-%s" % (_R.choice(["na1", "eu1"]), _uuid()),
    "at_pat": lambda e: "pat" + _s(_ALNUM, 14) + "." + _hex(64),
    "at_key": lambda e: "key" + _s(_ALNUM, 14),
    "notion_secret": lambda e: "secret_" + _s(_ALNUM, 43),
    "notion_ntn": lambda e: "ntn_" + _s(_DIG, 11) + _s(_ALNUM, 35),
    "notion_cookie": lambda e: "v02%3Auser_token_or_cookies%3A" + _s(_B64U, 140),
    "retool": lambda e: "retool_01" + _s(_LALNUM, 26),
    "retool_license": lambda e: "SSOP_" + _uuid(),
    "zap_catch": lambda e: _s(_LALNUM, 7),
    "zap_deploy": lambda e: _hex(32),
    "zap_nla": lambda e: "sk-ak-" + _s(_ALNUM, 32),
    "make_token": lambda e: _uuid(),
    "make_hook": lambda e: _s(_LALNUM, 32),
    "n8n_api": lambda e: "n8n_api_" + _s(_LALNUM, 48),
    "n8n_enc": lambda e: _s(_ALNUM, 32),
    "pa_sig": lambda e: _s(_B64U, 43),
    "sas_sig": lambda e: _sas_sig(),
    "s3_sig": lambda e: _hex(64),
    "gcs_sig": lambda e: _hex(512),
    "google_api": lambda e: "AIza" + _s(_B64U, 35),
    "gocspx": lambda e: "GOCSPX-" + _s(_B64U, 28),
    "g_refresh": lambda e: "1//0" + _s(_ALNUM, 1) + _s(_B64U, 98),
    "ya29": lambda e: "ya29.a0" + _s(_B64U, 170),
    "g_code": lambda e: "4/0A" + _s(_B64U, 69),
    "slack_bot": lambda e: "xoxb-%d-%d-%s" % (_R.randint(10 ** 10, 10 ** 12), _R.randint(10 ** 12, 10 ** 13), _s(_ALNUM, 24)),
    "slack_user": lambda e: "xoxp-%d-%d-%d-%s" % (_R.randint(10 ** 10, 10 ** 12), _R.randint(10 ** 10, 10 ** 12),
                                                _R.randint(10 ** 12, 10 ** 13), _hex(32)),
    "slack_app": lambda e: "xapp-1-A%s-%d-%s" % (_s(_UALNUM, 10), _R.randint(10 ** 12, 10 ** 13), _hex(64)),
    "slack_hook": lambda e: _s(_ALNUM, 24),
    "stripe_sk": lambda e: "sk_live_" + _s(_ALNUM, 99),
    "stripe_rk": lambda e: "rk_live_" + _s(_ALNUM, 99),
    "whsec": lambda e: "whsec_" + _s(_ALNUM, 32),
    "twilio_tok": lambda e: _hex(32),
    "sendgrid": lambda e: "SG." + _s(_B64U, 22) + "." + _s(_B64U, 43),
    "mailchimp": lambda e: _hex(32) + "-us" + str(_R.randint(2, 21)),
    "shopify": lambda e: "shpat_" + _hex(32),
    "shpss": lambda e: "shpss_" + _hex(32),
    "gh_pat": lambda e: "ghp_" + _s(_ALNUM, 36),
    "gh_fine": lambda e: "github_pat_11" + _s(_UALNUM, 20) + "_" + _s(_ALNUM, 59),
    "openai": lambda e: "sk-proj-" + _s(_B64U, 124) + "A",
    "anthropic": lambda e: "sk-ant-api03-" + _s(_B64U, 93) + "AA",
    "asana": lambda e: "2/%d/%d:%s" % (_R.randint(10 ** 15, 10 ** 16), _R.randint(10 ** 15, 10 ** 16), _hex(32)),
    "trello_tok": lambda e: "ATTA" + _hex(64) + _s("0123456789ABCDEF", 8),
    "typeform": lambda e: "tfp_" + _s(_ALNUM, 44) + "_" + _s(_ALNUM, 14),
    "jotform": lambda e: _hex(32),
    "pipedrive": lambda e: _hex(40),
    "zendesk": lambda e: _s(_ALNUM, 40),
    "intercom": lambda e: _intercom(),
    "freshdesk": lambda e: _s(_ALNUM, 20),
    "docusign": lambda e: _uuid(),
    "intuit": lambda e: _s(_ALNUM, 40),
    "dropbox": lambda e: "sl.B" + _s(_B64U, 136),
    "box": lambda e: _s(_ALNUM, 32),
    "smartsheet": lambda e: _s(_ALNUM, 37),
    "clickup": lambda e: "pk_%d_%s" % (_R.randint(10 ** 7, 10 ** 8), _s(_UALNUM, 32)),
    "coda": lambda e: _uuid(),
    "webflow": lambda e: _hex(64),
    "discord": lambda e: _s(_B64U, 68),
    "teams_hook": lambda e: _hex(32),
    "telegram": lambda e: "%d:AA%s" % (_R.randint(10 ** 9, 8 * 10 ** 9), _s(_B64U, 33)),
    "postmark": lambda e: _uuid(),
    "mailgun": lambda e: "key-" + _hex(32),
    "okta": lambda e: "00" + _s(_B64U, 40),
    "atlassian": lambda e: "ATATT3xFfGF0" + _s(_B64U, 170) + "=" + _s("0123456789ABCDEF", 8),
    "aws_secret": lambda e: _s(_ALNUM + "+/", 40),
    "klaviyo": lambda e: "pk_" + _hex(34),
    "brevo": lambda e: "xkeysib-" + _hex(64) + "-" + _s(_ALNUM, 16),
    "square": lambda e: "EAAA" + _s(_B64U, 60),
    "paypal": lambda e: "E" + _s(_B64U, 79),
    "linear": lambda e: "lin_api_" + _s(_ALNUM, 40),
    "figma": lambda e: "figd_" + _s(_B64U, 40),
    "zoom": lambda e: _s(_ALNUM, 32),
    "segment": lambda e: _s(_ALNUM, 32),
    "bamboo": lambda e: _hex(40),
    "pandadoc": lambda e: _hex(40),
    "zoho": lambda e: "1000.%s.%s" % (_hex(32), _hex(32)),
    "bitly": lambda e: _hex(40),
    "cloudflare": lambda e: _s(_B64U, 40),
    "datadog": lambda e: _hex(32),
    "npm": lambda e: "npm_" + _s(_ALNUM, 36),
    "glpat": lambda e: "glpat-" + _s(_B64U, 20),
    "glptt": lambda e: "glptt-" + _hex(40),
    "pypi": lambda e: "pypi-AgEIcHlwaS5vcmcCJ" + _s(_B64U, 150),
    "sentry": lambda e: "sntrys_" + _s(_B64U, 150),
    "netlify": lambda e: "nfp_" + _s(_ALNUM, 36),
    "vercel": lambda e: _s(_ALNUM, 24),
    "heroku": lambda e: "HRKU-AA" + _s(_B64U, 58),
    "ngrok": lambda e: "2" + _s(_ALNUM, 26) + "_" + _s(_ALNUM, 21),
    "miro": lambda e: "eyJtaXJvLm9yaWdpbiI6ImV1MDEifQ_" + _s(_B64U, 27),
    "wecom": lambda e: _uuid(),
    "pw_reset": lambda e: _hex(64),
    "ms_refresh": lambda e: "0.A" + _s(_B64U, 3) + "A" + _s(_B64U, 330),
    "generic_live": lambda e: "live_" + _s(_ALNUM, 32),
    "sp_secret": lambda e: _b64(32),
    "wp_salt": lambda e: _s(_ALNUM + "!#%*+-=?@^_~.()[]{}|<>,;:", 64).replace("<", "[").replace(">", "]"),
}


# ------------------------------------------------------- context fill-ins
def _co(e):
    if "co" not in e:
        e["co"] = _R.choice(_COS)
    return e["co"]


def _dom(e):
    if "dom" not in e:
        e["dom"] = _co(e) + "." + _R.choice(_TLDS[:4])
    return e["dom"]


def _first(e):
    if "first" not in e:
        e["first"] = _R.choice(_FIRST)
    return e["first"]


def _last(e):
    if "last" not in e:
        e["last"] = _R.choice(_LAST)
    return e["last"]


def _email(e):
    return "%s.%s@%s" % (_first(e).lower(), _last(e).lower().replace("ö", "o").replace("ä", "a"), _dom(e))


def _user(e):
    st = _R.randrange(6)
    if st == 0:
        return _first(e)[0].lower() + _last(e).lower().replace("ö", "o")
    if st == 1:
        return "svc_" + _R.choice(["zapier", "n8n", "retool", "powerbi", "make", "sync", "etl", "flows"])
    if st == 2:
        return _first(e).lower() + "." + _last(e).lower().replace("ö", "o")
    if st == 3:
        return _R.choice(["integration", "automation", "reporting", "api", "ops"]) + "_" + _R.choice(["user", "svc", "bot", "ro"])
    if st == 4:
        return _R.choice(["admin", "sa", "retool_ro", "zapier_rw", "metabase", "airbyte"])
    return _first(e).lower() + str(_R.randint(1, 99))


def _host(e):
    return _R.choice(_SUBS) + "." + _dom(e)


def _date(e):
    return "202%d-%02d-%02d" % (_R.randint(3, 6), _R.randint(1, 12), _R.randint(1, 28))


def _ts(e):
    return "%sT%02d:%02d:%02d.%03dZ" % (_date(e), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59), _R.randint(0, 999))


def _sfid(e):
    return _R.choice(["001", "003", "006", "00Q", "500", "a0B"]) + _s(_ALNUM, 12) + _s(_UPPER, 3)


def _orgid(e):
    return "00D" + _s(_ALNUM, 12) + _s(_UPPER, 3)


def _gcid(e):
    return "%d-%s.apps.googleusercontent.com" % (_R.randint(10 ** 11, 10 ** 12), _s(_LALNUM, 32))


def _b64text(e):
    phrases = ["Quarterly pipeline report for EMEA", "hello from the n8n staging box",
               '{"page":%d,"limit":100}' % _R.randint(2, 90), "Lead routing rules v%d" % _R.randint(2, 9),
               "invoice-%d.pdf" % _R.randint(1000, 99999), '{"offset":"itr%s/rec%s"}' % (_s(_ALNUM, 14), _s(_ALNUM, 14)),
               "Meeting notes %s" % _date(e), '{"after":"%d"}' % _R.randint(10 ** 6, 10 ** 9),
               "%s %s <%s>" % (_first(e), _last(e), _email(e)), "status=active&region=%s" % _R.choice(["eu", "us", "apac"]),
               "Welcome to the %s onboarding checklist" % _co(e), "Retool app export %s" % _date(e)]
    return base64.b64encode(_R.choice(phrases).encode()).decode()


_FILL = {
    "co": _co,
    "Co": lambda e: _co(e).split("-")[0].capitalize(),
    "dom": _dom,
    "first": _first,
    "last": _last,
    "email": _email,
    "user": _user,
    "host": _host,
    "ip": lambda e: "10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255), _R.randint(2, 254)),
    "pip": lambda e: "203.0.113.%d" % _R.randint(2, 254),
    "n": lambda e: str(_R.randint(2, 99)),
    "id": lambda e: str(_R.randint(100000, 99999999)),
    "big": lambda e: str(_R.randint(10 ** 11, 10 ** 12)),
    "pid": lambda e: str(_R.randint(300, 65000)),
    "port": lambda e: str(_R.choice([8080, 8443, 5678, 3000, 5432, 3306, 1433, 6379, 9000])),
    "ms": lambda e: str(_R.randint(12, 9800)),
    "uuid": lambda e: _uuid(),
    "hex4": lambda e: _hex(4),
    "hex5": lambda e: _hex(5),
    "hex7": lambda e: _hex(7),
    "hex8": lambda e: _hex(8),
    "hex12": lambda e: _hex(12),
    "hex16": lambda e: _hex(16),
    "hex24": lambda e: _hex(24),
    "hex32": lambda e: _hex(32),
    "hex40": lambda e: _hex(40),
    "hex64": lambda e: _hex(64),
    "U8": lambda e: _s(_UALNUM, 8),
    "U10": lambda e: _s(_UALNUM, 10),
    "U16": lambda e: _s(_UALNUM, 16),
    "a14": lambda e: _s(_ALNUM, 14),
    "l5": lambda e: _s(_LALNUM, 5),
    "l26": lambda e: _s(_LALNUM, 26),
    "date": _date,
    "ts": _ts,
    "time": lambda e: "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59)),
    "epoch": lambda e: str(_R.randint(1700000000, 1760000000)),
    "epochms": lambda e: str(_R.randint(1700000000000, 1760000000000)),
    "ver": lambda e: "%d.%d.%d" % (_R.randint(0, 9), _R.randint(0, 40), _R.randint(0, 20)),
    "sfid": _sfid,
    "orgid": _orgid,
    "rec": lambda e: "rec" + _s(_ALNUM, 14),
    "app": lambda e: "app" + _s(_ALNUM, 14),
    "tbl": lambda e: "tbl" + _s(_ALNUM, 14),
    "fld": lambda e: "fld" + _s(_ALNUM, 14),
    "sheet": lambda e: "1" + _s(_B64U, 43),
    "scriptid": lambda e: "1" + _s(_B64U, 56),
    "gcid": _gcid,
    "wfid": lambda e: _s(_ALNUM, 16),
    "proj": lambda e: _co(e).split("-")[0] + "-" + _R.choice(["automation", "sheets-sync", "workspace-ops", "crm"]) + "-" + str(_R.randint(100, 999)),
    "acct": lambda e: str(_R.randint(10 ** 11, 10 ** 12 - 1)),
    "AC": lambda e: "AC" + _hex(32),
    "chan": lambda e: "C0" + _s(_UALNUM, 9),
    "team": lambda e: "T0" + _s(_UALNUM, 9),
    "bid": lambda e: "B0" + _s(_UALNUM, 9),
    "evt": lambda e: "evt_" + _s(_ALNUM, 24),
    "cus": lambda e: "cus_" + _s(_ALNUM, 14),
    "req": lambda e: "req_" + _s(_ALNUM, 14),
    "last4": lambda e: "%04d" % _R.randint(0, 9999),
    "b64text": _b64text,
    "b43": lambda e: _s(_B64, 43),
    "word": lambda e: _R.choice(_WORDS),
    "region": lambda e: _R.choice(["us-east-1", "eu-west-1", "eu-central-1", "ap-southeast-2", "us-west-2"]),
    "azregion": lambda e: _R.choice(["westeurope", "northeurope", "eastus", "westus2", "uksouth", "australiaeast"]),
    "obj": lambda e: _hex(24),
    "runid": lambda e: "08584" + _s(_DIG, 15) + "CU" + _s(_DIG, 2),
    "flow": lambda e: _R.choice(["New lead to Teams", "Invoice approval", "Onboard new hire", "Sync Dataverse contacts",
                                 "Daily Planner digest", "SharePoint file to Drive", "Expense report intake"]),
    "zap": lambda e: _R.choice(["Typeform → HubSpot", "Stripe charge → Sheets", "Calendly → Salesforce lead",
                                "Gmail label → Trello card", "Shopify order → Airtable", "Jotform → Slack"]),
}

_PH = re.compile(r"<<([A-Za-z0-9_]+)(?:#(\d+))?>>")


def _render(tpl, env):
    def rep(m):
        key = m.group(0)[2:-2]
        if key == "S" and key not in env:
            return "\x00S\x00"
        if key not in env:
            env[key] = _FILL[m.group(1)](env)
        return env[key]
    return _PH.sub(rep, tpl)


_SEEN = set()


def _secret(kind, env):
    for _ in range(200):
        v = _GEN[kind](env)
        if v not in _SEEN and len(v) >= 6:
            _SEEN.add(v)
            return v
    raise RuntimeError("could not draw a fresh secret for %s" % kind)


def _build(group, templates, target=186):
    counts = [3] * len(templates)
    excess = sum(counts) - target
    i = len(counts) - 1
    while excess > 0:
        if counts[i] > 1:
            counts[i] -= 1
            excess -= 1
        i = i - 1 if i > 0 else len(counts) - 1
    out = []
    for (fmt, kind, text, vis), cnt in zip(templates, counts):
        for _ in range(cnt):
            env = {}
            t = _render(text, env)
            env["S"] = _secret(kind, env)
            t = t.replace("\x00S\x00", env["S"])
            v = _render(vis, env) if vis else ""
            out.append((group, fmt, t, env["S"], v))
    return out


# ====================================================================
# command: shell commands the agent ran or was about to run
# ====================================================================
_CMD = [
    ("psql-uri-inline-password", "pwu",
     "$ psql \"postgresql://<<user>>:<<S>>@<<host>>:5432/airtable_mirror?sslmode=require\" -c \"select count(*) from leads;\"",
     "<<host>>:5432/airtable_mirror"),
    ("mysql-p-flag-attached", "pw",
     "mysql -h <<host>> -u <<user>> -p<<S>> hubspot_sync -e \"SHOW TABLES LIKE 'deal%';\"",
     "mysql -h <<host>> -u <<user>>"),
    ("curl-bearer-hubspot-private-app", "hs_pat",
     "curl -s 'https://api.hubapi.com/crm/v3/objects/contacts?limit=5&properties=email,lifecyclestage' \\\n  -H 'Authorization: Bearer <<S>>' | jq '.results[].properties.email'",
     "https://api.hubapi.com/crm/v3/objects/contacts?limit=5"),
    ("curl-hapikey-query-param", "hs_key",
     "curl \"https://api.hubapi.com/contacts/v1/lists/all/contacts/all?hapikey=<<S>>&count=100&vidOffset=<<id>>\"",
     "api.hubapi.com/contacts/v1/lists/all/contacts/all"),
    ("curl-airtable-pat-list-records", "at_pat",
     "curl \"https://api.airtable.com/v0/<<app>>/Leads?maxRecords=3&view=Grid%20view\" \\\n  -H \"Authorization: Bearer <<S>>\"",
     "<<app>>/Leads?maxRecords=3"),
    ("curl-notion-database-query", "notion_secret",
     "curl -X POST https://api.notion.com/v1/databases/<<hex32>>/query \\\n  -H 'Authorization: Bearer <<S>>' \\\n  -H 'Notion-Version: 2022-06-28' \\\n  -H 'Content-Type: application/json' --data '{\"page_size\": 10}'",
     "Notion-Version: 2022-06-28"),
    ("export-zapier-deploy-key-then-push", "zap_deploy",
     "export ZAPIER_DEPLOY_KEY=<<S>> && cd zapier-app-<<co>> && zapier push",
     "zapier push"),
    ("docker-run-n8n-basic-auth-env", "pw",
     "docker run -d --name n8n -p 5678:5678 \\\n  -e N8N_BASIC_AUTH_ACTIVE=true \\\n  -e N8N_BASIC_AUTH_USER=<<user>> \\\n  -e N8N_BASIC_AUTH_PASSWORD=<<S>> \\\n  -v n8n_data:/home/node/.n8n n8nio/n8n:1.<<n>>.0",
     "n8nio/n8n:1.<<n>>.0"),
    ("n8n-export-credentials-with-key", "n8n_enc",
     "export N8N_ENCRYPTION_KEY=<<S>>\nn8n export:credentials --all --decrypted --output=backup/creds-<<date>>.json",
     "n8n export:credentials --all --decrypted"),
    ("sf-login-sfdx-url-echo", "sf_refresh",
     "echo \"force://PlatformCLI::<<S>>@<<co>>.my.salesforce.com\" > /tmp/authurl.txt && sf org login sfdx-url --sfdx-url-file /tmp/authurl.txt --alias prod",
     "sf org login sfdx-url"),
    ("sf-login-access-token-env-prefix", "sf_sid",
     "SF_ACCESS_TOKEN='<<S>>' sf org login access-token --instance-url https://<<co>>.my.salesforce.com --no-prompt --alias uat",
     "sf org login access-token"),
    ("az-login-service-principal-p", "azsec",
     "az login --service-principal -u <<uuid>> -p '<<S>>' --tenant <<uuid#2>> --allow-no-subscriptions",
     "az login --service-principal"),
    ("pwsh-connect-mggraph-client-secret-credential", "azsec",
     "$sec = ConvertTo-SecureString '<<S>>' -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential('<<uuid>>', $sec)\nConnect-MgGraph -TenantId <<dom>> -ClientSecretCredential $cred -NoWelcome",
     "Connect-MgGraph -TenantId <<dom>>"),
    ("pwsh-connect-exchangeonline-pscredential", "pw",
     "PS C:\\Users\\<<user>>> $pw = ConvertTo-SecureString \"<<S>>\" -AsPlainText -Force\nPS C:\\Users\\<<user>>> Connect-ExchangeOnline -Credential (New-Object PSCredential(\"<<email>>\", $pw)) -ShowBanner:$false",
     "Connect-ExchangeOnline"),
    ("gam-update-user-password", "pww",
     "gam update user <<email>> password '<<S>>' changepassword on",
     "gam update user <<email>>"),
    ("gam-create-user-with-password", "pron",
     "gam create user <<email>> firstname <<first>> lastname <<last>> password \"<<S>>\" org \"/Sales/EMEA\" changepassword on",
     "gam create user <<email>>"),
    ("curl-apps-script-run-bearer", "ya29",
     "curl -X POST \"https://script.googleapis.com/v1/scripts/<<scriptid>>:run\" \\\n  -H \"Authorization: Bearer <<S>>\" -H \"Content-Type: application/json\" \\\n  -d '{\"function\":\"syncLeadsToSheet\",\"devMode\":true}'",
     "syncLeadsToSheet"),
    ("curl-zendesk-email-slash-token", "zendesk",
     "curl https://<<co>>.zendesk.com/api/v2/tickets.json?per_page=5 -u <<email>>/token:<<S>>",
     "<<co>>.zendesk.com/api/v2/tickets.json"),
    ("curl-jira-basic-user-apitoken", "atlassian",
     "curl -s -u <<email>>:<<S>> -X GET -H \"Accept: application/json\" \"https://<<co>>.atlassian.net/rest/api/3/myself\"",
     "<<co>>.atlassian.net/rest/api/3/myself"),
    ("httpie-auth-user-pass", "pw",
     "http --auth <<user>>:'<<S>>' POST https://<<host>>/webhook/lead-intake name='Test Lead' email=test@<<dom>>",
     "/webhook/lead-intake"),
    ("wget-x-api-key-header", "alnum32",
     "wget -qO- --header=\"X-API-KEY: <<S>>\" \"https://api.<<co>>-forms.example.com/v1/submissions?since=<<date>>\"",
     "wget -qO-"),
    ("git-clone-oauth2-token-url", "glpat",
     "git clone https://oauth2:<<S>>@gitlab.<<dom>>/revops/apps-script-lib.git",
     "revops/apps-script-lib.git"),
    ("git-remote-set-url-with-pat", "gh_pat",
     "git remote set-url origin https://<<user>>:<<S>>@github.com/<<co>>/retool-custom-components.git && git push -u origin main",
     "git remote set-url origin"),
    ("npm-config-set-authtoken", "npm",
     "npm config set //registry.npmjs.org/:_authToken <<S>> && npm publish --access restricted",
     "npm publish --access restricted"),
    ("stripe-cli-api-key-flag", "stripe_sk",
     "stripe customers list --limit 3 --api-key <<S>>",
     "stripe customers list --limit 3"),
    ("curl-sendgrid-mail-send", "sendgrid",
     "curl --request POST --url https://api.sendgrid.com/v3/mail/send \\\n  --header 'Authorization: Bearer <<S>>' \\\n  --header 'Content-Type: application/json' \\\n  --data '{\"personalizations\":[{\"to\":[{\"email\":\"<<email>>\"}]}],\"from\":{\"email\":\"noreply@<<dom>>\"},\"subject\":\"test\",\"content\":[{\"type\":\"text/plain\",\"value\":\"hi\"}]}'",
     "https://api.sendgrid.com/v3/mail/send"),
    ("curl-twilio-accountsid-authtoken", "twilio_tok",
     "curl -X POST https://api.twilio.com/2010-04-01/Accounts/<<AC>>/Messages.json \\\n  --data-urlencode \"Body=Your appointment is confirmed\" --data-urlencode \"From=+15005550006\" --data-urlencode \"To=+15557654321\" \\\n  -u <<AC>>:<<S>>",
     "Your appointment is confirmed"),
    ("curl-mailchimp-anystring-user", "mailchimp",
     "curl -sS 'https://us<<n>>.api.mailchimp.com/3.0/lists?count=5' --user \"anystring:<<S>>\" | jq '.lists[].name'",
     "api.mailchimp.com/3.0/lists"),
    ("sqlcmd-capital-p-password", "pw",
     "sqlcmd -S <<host>>,1433 -d CRM_Staging -U <<user>> -P '<<S>>' -Q \"SELECT TOP 5 AccountId, Name FROM dbo.Accounts\"",
     "sqlcmd -S <<host>>,1433"),
    ("mongosh-srv-uri", "pwu",
     "mongosh \"mongodb+srv://<<user>>:<<S>>@cluster0.<<l5>>.mongodb.net/typeform_responses\" --eval 'db.responses.countDocuments()'",
     "cluster0.<<l5>>.mongodb.net"),
    ("redis-cli-a-password", "pw",
     "redis-cli -h <<host>> -p 6379 -a '<<S>>' --no-auth-warning --scan --pattern 'bull:n8n:*' | head",
     "redis-cli -h <<host>>"),
    ("sshpass-p-remote-restart", "pw",
     "sshpass -p '<<S>>' ssh -o StrictHostKeyChecking=no <<user>>@<<host>> 'sudo systemctl restart n8n && systemctl status n8n --no-pager'",
     "ssh -o StrictHostKeyChecking=no <<user>>@<<host>>"),
    ("smbclient-user-percent-password", "pww",
     "smbclient //<<host>>/Finance -U '<<Co>>\\<<user>>%<<S>>' -c 'cd Exports; ls *.xlsx'",
     "smbclient //<<host>>/Finance"),
    ("windows-net-use-password-positional", "pw",
     "C:\\> net use Z: \\\\<<host>>\\shared <<S>> /user:<<Co>>\\<<user>> /persistent:no",
     "net use Z:"),
    ("openssl-pkcs12-passout-pass", "pw",
     "openssl pkcs12 -export -in saml-signing.crt -inkey saml-signing.key -out saml-signing.pfx -passout pass:<<S>>",
     "openssl pkcs12 -export"),
    ("keytool-storepass-flag", "pww",
     "keytool -importcert -alias okta-saml -file okta.cert -keystore sso-truststore.jks -storepass <<S>> -noprompt",
     "keytool -importcert -alias okta-saml"),
    ("docker-login-echo-password-stdin", "pw",
     "echo '<<S>>' | docker login registry.<<dom>> -u <<user>> --password-stdin",
     "docker login registry.<<dom>>"),
    ("heredoc-write-dotenv", "at_pat",
     "cat > .env <<'EOF'\nAIRTABLE_BASE_ID=<<app>>\nAIRTABLE_TABLE=Contacts\nAIRTABLE_TOKEN=<<S>>\nEOF\nnode sync.js --dry-run",
     "AIRTABLE_BASE_ID=<<app>>"),
    ("gh-secret-set-body-flag", "hs_pat",
     "gh secret set HUBSPOT_TOKEN --repo <<co>>/crm-sync --body \"<<S>>\"",
     "gh secret set HUBSPOT_TOKEN --repo <<co>>/crm-sync"),
    ("printf-pipe-vercel-env-add", "notion_ntn",
     "printf '%s' '<<S>>' | vercel env add NOTION_TOKEN production",
     "vercel env add NOTION_TOKEN production"),
    ("heroku-config-set-slack-bot", "slack_bot",
     "heroku config:set SLACK_BOT_TOKEN=<<S>> SLACK_CHANNEL=<<chan>> -a <<co>>-ops-bot",
     "-a <<co>>-ops-bot"),
    ("kubectl-create-secret-from-literal", "pw",
     "kubectl -n automation create secret generic n8n-db --from-literal=DB_POSTGRESDB_USER=n8n --from-literal=DB_POSTGRESDB_PASSWORD='<<S>>' --dry-run=client -o yaml | kubectl apply -f -",
     "kubectl -n automation create secret generic n8n-db"),
    ("az-keyvault-secret-set-value", "azsec",
     "az keyvault secret set --vault-name kv-<<co>>-ops --name graph-sync-client-secret --value '<<S>>' --expires <<date>>T00:00:00Z",
     "--name graph-sync-client-secret"),
    ("aws-configure-set-secret-key", "aws_secret",
     "aws configure set aws_secret_access_key <<S>> --profile zapier-s3-export",
     "--profile zapier-s3-export"),
    ("gcloud-secrets-versions-add-stdin", "stripe_rk",
     "echo -n \"<<S>>\" | gcloud secrets versions add stripe-restricted-key --data-file=- --project <<proj>>",
     "gcloud secrets versions add stripe-restricted-key"),
    ("python-c-requests-api-token-query", "pipedrive",
     "python3 -c \"import requests; r = requests.get('https://<<co>>.pipedrive.com/api/v1/deals?status=open&api_token=<<S>>'); print(r.status_code, len(r.json()['data']))\"",
     "pipedrive.com/api/v1/deals?status=open"),
    ("node-e-telegram-getupdates", "telegram",
     "node -e \"fetch('https://api.telegram.org/bot<<S>>/getUpdates').then(r => r.json()).then(j => console.log(JSON.stringify(j, null, 2)))\"",
     "getUpdates"),
    ("ldapsearch-bind-w", "pw",
     "ldapsearch -x -H ldaps://<<host>> -D \"cn=<<user>>,ou=service,dc=<<co>>,dc=local\" -w '<<S>>' -b \"ou=people,dc=<<co>>,dc=local\" \"(mail=*@<<dom>>)\" mail department",
     "ldapsearch -x -H ldaps://<<host>>"),
    ("rclone-config-create-client-secret", "gocspx",
     "rclone config create gdrive-backup drive client_id <<gcid>> client_secret <<S>> scope drive.readonly root_folder_id <<sheet>>",
     "rclone config create gdrive-backup drive"),
    ("lftp-u-user-comma-password", "pww",
     "lftp -u <<user>>,<<S>> sftp://<<host>> -e \"mirror --reverse ./exports /upload/crm; bye\"",
     "sftp://<<host>>"),
    ("curl-sf-password-grant-with-token", "sf_pw_tok",
     "curl -s https://login.salesforce.com/services/oauth2/token \\\n  -d grant_type=password -d client_id=\"$SF_CONSUMER_KEY\" -d client_secret=\"$SF_CONSUMER_SECRET\" \\\n  -d username=<<email>> -d password=<<S>>",
     "https://login.salesforce.com/services/oauth2/token"),
    ("curl-power-automate-http-trigger", "pa_sig",
     "curl -X POST \"https://prod-<<n>>.<<azregion>>.logic.azure.com:443/workflows/<<hex32>>/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=<<S>>\" -H \"Content-Type: application/json\" -d @new-hire.json",
     "api-version=2016-06-01"),
    ("curl-make-custom-webhook", "make_hook",
     "curl -X POST https://hook.eu2.make.com/<<S>> -H 'Content-Type: application/json' -d '{\"email\":\"<<email>>\",\"source\":\"cli-test\"}'",
     "hook.eu2.make.com"),
    ("curl-zapier-catch-hook", "zap_catch",
     "curl -X POST https://hooks.zapier.com/hooks/catch/<<id>>/<<S>>/ -d 'name=Test+Lead&source=cli'",
     "hooks.zapier.com/hooks/catch/<<id>>/"),
    ("curl-slack-incoming-webhook", "slack_hook",
     "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"Airtable → HubSpot sync finished (<<n>> rows)\"}' https://hooks.slack.com/services/<<team>>/<<bid>>/<<S>>",
     "Airtable → HubSpot sync finished"),
    ("pwsh-invoke-restmethod-teams-webhook", "teams_hook",
     "Invoke-RestMethod -Method Post -ContentType 'application/json' -Body $card -Uri \"https://<<co>>.webhook.office.com/webhookb2/<<uuid>>@<<uuid#2>>/IncomingWebhook/<<S>>/<<uuid#3>>\"",
     "Invoke-RestMethod -Method Post"),
    ("pwsh-connect-pnponline-clientsecret", "sp_secret",
     "Connect-PnPOnline -Url https://<<co>>.sharepoint.com/sites/Operations -ClientId <<uuid>> -ClientSecret \"<<S>>\" -WarningAction Ignore",
     "https://<<co>>.sharepoint.com/sites/Operations"),
    ("mysqldump-password-equals-quoted", "pw",
     "mysqldump --host=<<host>> --user=<<user>> --password='<<S>>' --single-transaction --routines crm > crm_<<date>>.sql",
     "mysqldump --host=<<host>>"),
    ("pgpassword-env-prefix-pg-dump", "pw",
     "PGPASSWORD='<<S>>' pg_dump -h <<host>> -U <<user>> -Fc retool_db > retool_<<date>>.dump",
     "pg_dump -h <<host>>"),
    ("env-prefix-docker-compose-up", "hex64",
     "RETOOL_ENCRYPTION_KEY=<<S>> docker compose -f docker-compose.retool.yml up -d",
     "docker compose -f docker-compose.retool.yml up -d"),
    ("curl-klaviyo-api-key-header", "klaviyo",
     "curl --request GET --url 'https://a.klaviyo.com/api/profiles/?page[size]=5' \\\n  --header 'Authorization: Klaviyo-API-Key <<S>>' --header 'revision: 2024-07-15'",
     "https://a.klaviyo.com/api/profiles/"),
    ("curl-brevo-api-key-header", "brevo",
     "curl -s -H \"api-key: <<S>>\" -H 'accept: application/json' https://api.brevo.com/v3/account",
     "https://api.brevo.com/v3/account"),
    ("wp-cli-user-create-user-pass", "pw",
     "wp user create zapier-bot zapier-bot@<<dom>> --role=editor --user_pass='<<S>>' --path=/var/www/<<co>>",
     "wp user create zapier-bot"),
    ("htpasswd-batch-create", "pw",
     "sudo htpasswd -b -c /etc/nginx/.htpasswd-n8n <<user>> '<<S>>' && sudo nginx -s reload",
     "/etc/nginx/.htpasswd-n8n"),
    ("curl-openai-chat-completions", "openai",
     "curl https://api.openai.com/v1/chat/completions -H \"Content-Type: application/json\" -H \"Authorization: Bearer <<S>>\" -d '{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"Summarise ticket #<<id>>\"}]}'",
     "https://api.openai.com/v1/chat/completions"),
    ("curl-trello-key-and-token-query", "trello_tok",
     "curl \"https://api.trello.com/1/members/me/boards?fields=name,url&key=<<hex32>>&token=<<S>>\"",
     "api.trello.com/1/members/me/boards"),
    ("curl-clickup-bare-authorization", "clickup",
     "curl -s -H \"Authorization: <<S>>\" https://api.clickup.com/api/v2/team | jq '.teams[].name'",
     "https://api.clickup.com/api/v2/team"),
    ("curl-shopify-admin-graphql", "shopify",
     "curl -X POST https://<<co>>.myshopify.com/admin/api/2024-07/graphql.json \\\n  -H 'Content-Type: application/json' -H 'X-Shopify-Access-Token: <<S>>' \\\n  -d '{\"query\":\"{ shop { name } }\"}'",
     "<<co>>.myshopify.com/admin/api/2024-07/graphql.json"),
    ("script-positional-token-argument", "notion_secret",
     "node scripts/migrate-notion.js <<hex32>> <<S>> --batch 50",
     "node scripts/migrate-notion.js <<hex32>>"),
    ("powershell-splat-basic-auth-header", "pw",
     "$pair = \"<<user>>:<<S>>\"\n$b64 = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes($pair))\nInvoke-WebRequest -Uri https://<<host>>/api/v2/export -Headers @{Authorization = \"Basic $b64\"}",
     "Invoke-WebRequest -Uri https://<<host>>/api/v2/export"),
]


# ====================================================================
# tool-output: what a command or tool printed back to the agent
# ====================================================================
_OUT = [
    ("env-grep-output", "hs_pat",
     "$ env | grep -i hubspot\nHUBSPOT_PORTAL_ID=<<id>>\nHUBSPOT_ACCESS_TOKEN=<<S>>\nHUBSPOT_PIPELINE=default",
     "HUBSPOT_PORTAL_ID=<<id>>"),
    ("google-token-endpoint-json-response", "ya29",
     "{\n  \"access_token\": \"<<S>>\",\n  \"expires_in\": 3599,\n  \"scope\": \"https://www.googleapis.com/auth/spreadsheets https://www.googleapis.com/auth/drive.file\",\n  \"token_type\": \"Bearer\"\n}",
     "https://www.googleapis.com/auth/spreadsheets"),
    ("google-oauth-playground-refresh-response", "g_refresh",
     "{\n  \"refresh_token\": \"<<S>>\",\n  \"scope\": \"https://www.googleapis.com/auth/gmail.send\",\n  \"token_type\": \"Bearer\",\n  \"refresh_token_expires_in\": 604799\n}",
     "https://www.googleapis.com/auth/gmail.send"),
    ("entra-token-endpoint-response", "jwt_ms",
     "{\"token_type\":\"Bearer\",\"expires_in\":3599,\"ext_expires_in\":3599,\"access_token\":\"<<S>>\"}",
     "\"ext_expires_in\":3599"),
    ("sf-org-display-table", "sf_sid",
     "$ sf org display --target-org prod\n KEY              VALUE\n ──────────────── ───────────────────────────────────\n Access Token     <<S>>\n Api Version      61.0\n Client Id        PlatformCLI\n Connected Status Connected\n Id               <<orgid>>\n Instance Url     https://<<co>>.my.salesforce.com\n Username         <<email>>",
     "Instance Url     https://<<co>>.my.salesforce.com"),
    ("sf-org-display-verbose-json-authurl", "sf_refresh",
     "{\n  \"status\": 0,\n  \"result\": {\n    \"id\": \"<<orgid>>\",\n    \"instanceUrl\": \"https://<<co>>.my.salesforce.com\",\n    \"sfdxAuthUrl\": \"force://PlatformCLI::<<S>>@<<co>>.my.salesforce.com\",\n    \"alias\": \"prod\"\n  }\n}",
     "\"alias\": \"prod\""),
    ("cat-clasprc-json", "g_refresh",
     "$ cat ~/.clasprc.json\n{\"token\":{\"refresh_token\":\"<<S>>\",\"scope\":\"https://www.googleapis.com/auth/script.projects https://www.googleapis.com/auth/drive.metadata.readonly\",\"token_type\":\"Bearer\",\"expiry_date\":<<epochms>>},\"oauth2ClientSettings\":{\"clientId\":\"<<gcid>>\",\"redirectUri\":\"http://localhost\"},\"isLocalCreds\":false}",
     "cat ~/.clasprc.json"),
    ("docker-inspect-env-array", "pw",
     "$ docker inspect n8n --format '{{json .Config.Env}}' | jq .\n[\n  \"N8N_HOST=<<host>>\",\n  \"DB_TYPE=postgresdb\",\n  \"DB_POSTGRESDB_PASSWORD=<<S>>\",\n  \"GENERIC_TIMEZONE=Europe/Berlin\",\n  \"NODE_VERSION=20.15.0\"\n]",
     "GENERIC_TIMEZONE=Europe/Berlin"),
    ("kubectl-jsonpath-base64-decode-output", "rand",
     "$ kubectl -n retool get secret retool-env -o jsonpath='{.data.JWT_SECRET}' | base64 -d\n<<S>>",
     "kubectl -n retool get secret retool-env"),
    ("kubectl-get-secret-yaml-data-b64", "b64pw",
     "apiVersion: v1\ndata:\n  password: <<S>>\n  username: bjhuLWFkbWlu\nkind: Secret\nmetadata:\n  name: n8n-postgres\n  namespace: automation\ntype: Opaque",
     "name: n8n-postgres"),
    ("git-diff-added-api-key-line", "jotform",
     "diff --git a/config/settings.json b/config/settings.json\nindex <<hex7>>..<<hex7#2>> 100644\n--- a/config/settings.json\n+++ b/config/settings.json\n@@ -4,7 +4,7 @@\n   \"formId\": \"<<big>>\",\n-  \"apiKey\": \"\",\n+  \"apiKey\": \"<<S>>\",\n   \"region\": \"eu\"",
     "config/settings.json"),
    ("grep-rn-hit-in-script", "alnum40",
     "$ grep -rn \"API_KEY\" scripts/\nscripts/jotform_pull.py:12:API_KEY = \"<<S>>\"\nscripts/README.md:8:Set API_KEY in your environment before running.",
     "scripts/jotform_pull.py:12"),
    ("zapier-env-get-table", "intuit",
     "$ zapier env:get 1.4.<<n>>\n┌──────────────────┬──────────────────────────────────────────┐\n│ Key              │ Value                                    │\n├──────────────────┼──────────────────────────────────────────┤\n│ CLIENT_ID        │ AB<<a14>>                          │\n│ CLIENT_SECRET    │ <<S>> │\n└──────────────────┴──────────────────────────────────────────┘",
     "zapier env:get 1.4.<<n>>"),
    ("n8n-export-decrypted-credentials-json", "pipedrive",
     "[\n  {\n    \"id\": \"<<wfid>>\",\n    \"name\": \"Pipedrive account\",\n    \"data\": { \"apiToken\": \"<<S>>\" },\n    \"type\": \"pipedriveApi\",\n    \"createdAt\": \"<<ts>>\"\n  }\n]",
     "\"type\": \"pipedriveApi\""),
    ("retool-resource-export-json", "pw",
     "{\n  \"name\": \"orders-db (prod)\",\n  \"type\": \"postgresql\",\n  \"options\": {\n    \"host\": \"<<host>>\",\n    \"port\": \"5432\",\n    \"databaseName\": \"orders\",\n    \"databaseUsername\": \"retool_ro\",\n    \"databasePassword\": \"<<S>>\",\n    \"ssl\": true\n  }\n}",
     "\"databaseUsername\": \"retool_ro\""),
    ("http-response-set-cookie-sid", "sf_sid",
     "HTTP/2 302\nlocation: https://<<co>>.lightning.force.com/lightning/page/home\nset-cookie: sid=<<S>>; domain=<<co>>.my.salesforce.com; path=/; secure; HttpOnly; SameSite=None\nset-cookie: BrowserId=<<b43>>; Path=/; Max-Age=31536000",
     "location: https://<<co>>.lightning.force.com/lightning/page/home"),
    ("devtools-copy-as-curl-cookie", "notion_cookie",
     "curl 'https://www.notion.so/api/v3/loadPageChunk' \\\n  -H 'content-type: application/json' \\\n  -H 'cookie: notion_browser_id=<<uuid>>; token_v2=<<S>>; notion_user_id=<<uuid#2>>' \\\n  --data-raw '{\"pageId\":\"<<uuid#3>>\",\"limit\":30}'",
     "https://www.notion.so/api/v3/loadPageChunk"),
    ("terraform-output-raw-value", "sendgrid",
     "$ terraform output -raw sendgrid_api_key\n<<S>>",
     "terraform output -raw sendgrid_api_key"),
    ("aws-secretsmanager-get-secret-value", "mailchimp",
     "{\n    \"ARN\": \"arn:aws:secretsmanager:eu-west-1:<<acct>>:secret:prod/mailchimp-<<a14>>\",\n    \"Name\": \"prod/mailchimp\",\n    \"VersionId\": \"<<uuid>>\",\n    \"SecretString\": \"{\\\"api_key\\\":\\\"<<S>>\\\",\\\"list_id\\\":\\\"<<hex8>>\\\"}\",\n    \"CreatedDate\": \"<<ts>>\"\n}",
     "\"Name\": \"prod/mailchimp\""),
    ("vault-kv-get-table", "pw",
     "$ vault kv get secret/automation/n8n-db\n====== Data ======\nKey         Value\n---         -----\npassword    <<S>>\nusername    <<user>>",
     "vault kv get secret/automation/n8n-db"),
    ("op-item-get-field-credential", "at_pat",
     "$ op item get \"Airtable PAT – ops base\" --vault RevOps --fields credential --reveal\n<<S>>",
     "--vault RevOps"),
    ("az-ad-app-credential-reset-json", "azsec",
     "$ az ad app credential reset --id <<uuid>> --append --display-name pa-flows-<<date>>\n{\n  \"appId\": \"<<uuid>>\",\n  \"password\": \"<<S>>\",\n  \"tenant\": \"<<uuid#2>>\"\n}",
     "\"tenant\": \"<<uuid#2>>\""),
    ("gcp-service-account-key-json-cat", "pem_json",
     "$ cat sheets-sync-sa.json\n{\n  \"type\": \"service_account\",\n  \"project_id\": \"<<proj>>\",\n  \"private_key_id\": \"<<hex40>>\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n<<S>>\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"sheets-sync@<<proj>>.iam.gserviceaccount.com\",\n  \"client_id\": \"<<big>><<n>>\",\n  \"token_uri\": \"https://oauth2.googleapis.com/token\"\n}",
     "sheets-sync@<<proj>>.iam.gserviceaccount.com"),
    ("heroku-config-vars-database-url", "hex64",
     "$ heroku config -a <<co>>-zap-bridge\n=== <<co>>-zap-bridge Config Vars\nDATABASE_URL:  postgres://u<<l5>>:<<S>>@ec2-<<n>>-<<n#2>>-<<n#3>>-<<n#4>>.compute-1.amazonaws.com:5432/d<<l5>>\nNODE_ENV:      production",
     "=== <<co>>-zap-bridge Config Vars"),
    ("netlify-env-list-plain", "stripe_sk",
     "$ netlify env:list --plain\nSITE_URL=https://<<dom>>\nSTRIPE_SECRET_KEY=<<S>>\nAIRTABLE_BASE=<<app>>",
     "netlify env:list --plain"),
    ("python-repl-dict-repr", "sf_sid",
     ">>> session\n{'instance_url': 'https://<<co>>.my.salesforce.com', 'access_token': '<<S>>', 'token_type': 'Bearer', 'issued_at': '<<epochms>>'}",
     "'instance_url': 'https://<<co>>.my.salesforce.com'"),
    ("pip-looking-in-indexes-credentials", "pwu",
     "Looking in indexes: https://pypi.org/simple, https://<<user>>:<<S>>@pypi.<<dom>>/simple\nCollecting <<co>>-hubspot-helpers==<<ver>>",
     "Collecting <<co>>-hubspot-helpers==<<ver>>"),
    ("sqlite-select-credentials-row", "pw",
     "sqlite> SELECT id, name, type, data FROM credentials_entity WHERE type = 'httpBasicAuth';\n<<n>>|Legacy ERP basic auth|httpBasicAuth|{\"user\":\"<<user>>\",\"password\":\"<<S>>\"}",
     "Legacy ERP basic auth"),
    ("cat-env-local-output", "retool",
     "$ cat .env.local\nNEXT_PUBLIC_SITE=https://portal.<<dom>>\nRETOOL_HOST=https://retool.<<dom>>\nRETOOL_API_KEY=<<S>>",
     "RETOOL_HOST=https://retool.<<dom>>"),
    ("grep-wp-config-db-password", "pw",
     "$ grep DB_ /var/www/<<co>>/wp-config.php\ndefine( 'DB_NAME', 'wp_<<co>>' );\ndefine( 'DB_USER', 'wp_admin' );\ndefine( 'DB_PASSWORD', '<<S>>' );\ndefine( 'DB_HOST', 'localhost' );",
     "define( 'DB_USER', 'wp_admin' );"),
    ("cat-netrc-output", "pw",
     "$ cat ~/.netrc\nmachine api.<<co>>-erp.example.com\n  login <<user>>\n  password <<S>>",
     "machine api.<<co>>-erp.example.com"),
    ("cat-pgpass-line-output", "pww",
     "$ cat ~/.pgpass\n<<host>>:5432:*:<<user>>:<<S>>",
     "<<host>>:5432:*:<<user>>"),
    ("cat-git-credentials-store", "gh_fine",
     "$ cat ~/.git-credentials\nhttps://<<user>>:<<S>>@github.com",
     "cat ~/.git-credentials"),
    ("docker-config-json-auths", "basic_b64",
     "$ cat ~/.docker/config.json\n{\n  \"auths\": {\n    \"registry.<<dom>>\": {\n      \"auth\": \"<<S>>\"\n    }\n  },\n  \"credsStore\": \"\"\n}",
     "\"registry.<<dom>>\""),
    ("cat-npmrc-github-packages", "gh_pat",
     "$ cat .npmrc\n@<<co>>:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=<<S>>",
     "@<<co>>:registry=https://npm.pkg.github.com"),
    ("pwsh-get-storedcredential-password", "hs_pat",
     "PS> (Get-StoredCredential -Target \"HubSpotPrivateApp\").GetNetworkCredential().Password\n<<S>>",
     "Get-StoredCredential -Target \"HubSpotPrivateApp\""),
    ("gam-oauth-info-output", "ya29",
     "$ gam oauth info\nClient ID: <<gcid>>\nSecret: ****\nAccess Token: <<S>>\nScopes (32):\n  https://www.googleapis.com/auth/admin.directory.user\nGoogle Workspace Admin: admin@<<dom>>",
     "Google Workspace Admin: admin@<<dom>>"),
    ("jq-r-access-token-output", "zoho",
     "$ curl -s -X POST 'https://accounts.zoho.eu/oauth/v2/token?grant_type=client_credentials&scope=ZohoCRM.modules.ALL' -d @creds.form | jq -r .access_token\n<<S>>",
     "https://accounts.zoho.eu/oauth/v2/token"),
    ("postman-environment-export-value", "hs_client_secret",
     "{\n  \"id\": \"<<uuid>>\",\n  \"name\": \"HubSpot public app (dev)\",\n  \"values\": [\n    { \"key\": \"client_id\", \"value\": \"<<uuid#2>>\", \"enabled\": true },\n    { \"key\": \"client_secret\", \"value\": \"<<S>>\", \"enabled\": true }\n  ]\n}",
     "HubSpot public app (dev)"),
    ("httpie-verbose-request-echo", "calendly",
     "GET /users/me HTTP/1.1\nAccept: application/json, */*;q=0.5\nAuthorization: Bearer <<S>>\nHost: api.calendly.com\nUser-Agent: HTTPie/3.2.2",
     "Host: api.calendly.com"),
    ("curl-v-request-headers-ssws", "okta",
     "> GET /api/v1/users?limit=25 HTTP/2\n> Host: <<co>>.okta.com\n> authorization: SSWS <<S>>\n> user-agent: curl/8.4.0\n> accept: application/json\n>\n< HTTP/2 200",
     "> Host: <<co>>.okta.com"),
    ("reg-query-odbc-dsn-pwd", "pw",
     "C:\\> reg query HKCU\\Software\\ODBC\\ODBC.INI\\CRM_Reporting\n\nHKEY_CURRENT_USER\\Software\\ODBC\\ODBC.INI\\CRM_Reporting\n    Driver    REG_SZ    C:\\Windows\\system32\\msodbcsql18.dll\n    Server    REG_SZ    <<host>>\n    UID    REG_SZ    <<user>>\n    PWD    REG_SZ    <<S>>",
     "ODBC.INI\\CRM_Reporting"),
    ("macos-security-find-generic-password-w", "pw",
     "$ security find-generic-password -s \"n8n-local-owner\" -a <<email>> -w\n<<S>>",
     "security find-generic-password -s \"n8n-local-owner\""),
    ("secret-tool-lookup-output", "retool",
     "$ secret-tool lookup service retool-cli account <<email>>\n<<S>>",
     "secret-tool lookup service retool-cli"),
    ("crontab-l-inline-env-token", "smartsheet",
     "$ crontab -l\n# m h  dom mon dow   command\n15 6 * * 1-5 SMARTSHEET_ACCESS_TOKEN=<<S>> /usr/local/bin/ss-export --sheet <<big>> --out /srv/exports/",
     "/usr/local/bin/ss-export --sheet <<big>>"),
    ("ps-aux-process-command-line", "pipedrive",
     "$ ps aux | grep sync\n<<user>>   <<pid>>  0.3  1.1 412332 91244 ?  Sl   09:14   0:07 /usr/bin/python3 /opt/pd-sync/sync.py --pd-token <<S>> --since 24h\n<<user>>   <<pid#2>>  0.0  0.0   6480  2300 pts/0 S+  09:20   0:00 grep sync",
     "/opt/pd-sync/sync.py"),
    ("bash-history-output-export", "openai",
     "$ history | tail -4\n  510  cd ~/helpdesk-tools\n  511  export OPENAI_API_KEY=<<S>>\n  512  python summarize_tickets.py --since yesterday\n  513  history | tail -4",
     "python summarize_tickets.py --since yesterday"),
    ("mongosh-find-output-doc", "typeform",
     "forms> db.integrations.find({provider: 'typeform'})\n[\n  {\n    _id: ObjectId('<<obj>>'),\n    provider: 'typeform',\n    workspace: '<<l5>>',\n    token: '<<S>>'\n  }\n]",
     "provider: 'typeform'"),
    ("salesforce-soap-login-response-xml", "sf_sid",
     "<soapenv:Body><loginResponse><result><metadataServerUrl>https://<<co>>.my.salesforce.com/services/Soap/m/61.0/<<orgid>></metadataServerUrl><passwordExpired>false</passwordExpired><sandbox>false</sandbox><serverUrl>https://<<co>>.my.salesforce.com/services/Soap/u/61.0/<<orgid>></serverUrl><sessionId><<S>></sessionId><userId><<sfid>></userId></result></loginResponse></soapenv:Body>",
     "<passwordExpired>false</passwordExpired>"),
    ("graph-explorer-access-token-tab", "jwt_ms",
     "Graph Explorer > Access token tab (copied):\n<<S>>\nScopes consented: User.Read Mail.Send Sites.Read.All",
     "Scopes consented: User.Read Mail.Send Sites.Read.All"),
    ("airtable-create-webhook-response", "b64_32",
     "{\n  \"id\": \"ach<<a14>>\",\n  \"macSecretBase64\": \"<<S>>\",\n  \"expirationTime\": \"<<ts>>\"\n}",
     "\"id\": \"ach<<a14>>\""),
    ("stripe-webhook-endpoint-create-response", "whsec",
     "{\n  \"id\": \"we_<<a14>>\",\n  \"object\": \"webhook_endpoint\",\n  \"enabled_events\": [\"checkout.session.completed\"],\n  \"livemode\": true,\n  \"secret\": \"<<S>>\",\n  \"status\": \"enabled\",\n  \"url\": \"https://hooks.<<dom>>/stripe\"\n}",
     "\"object\": \"webhook_endpoint\""),
    ("slack-oauth-v2-access-response", "slack_bot",
     "{\"ok\":true,\"app_id\":\"A0<<U8>>\",\"authed_user\":{\"id\":\"U0<<U8#2>>\"},\"scope\":\"chat:write,channels:read,users:read.email\",\"token_type\":\"bot\",\"access_token\":\"<<S>>\",\"bot_user_id\":\"U0<<U8#3>>\",\"team\":{\"id\":\"<<team>>\",\"name\":\"<<Co>>\"}}",
     "\"token_type\":\"bot\""),
    ("cat-ngrok-yml", "ngrok",
     "$ cat ~/.config/ngrok/ngrok.yml\nversion: \"2\"\nauthtoken: <<S>>\ntunnels:\n  n8n:\n    proto: http\n    addr: 5678",
     "cat ~/.config/ngrok/ngrok.yml"),
    ("cat-rclone-conf-client-secret", "gocspx",
     "$ cat ~/.config/rclone/rclone.conf\n[gdrive]\ntype = drive\nclient_id = <<gcid>>\nclient_secret = <<S>>\nscope = drive\nteam_drive = 0A<<a14>>Uk9PVA",
     "type = drive"),
    ("pwsh-get-powerbiaccesstoken-output", "jwt_ms",
     "PS> Connect-PowerBIServiceAccount | Out-Null; Get-PowerBIAccessToken\n\nKey           Value\n---           -----\nAuthorization Bearer <<S>>",
     "Get-PowerBIAccessToken"),
    ("apps-script-execution-log-token", "ya29",
     "Execution log\n10:42:13 AM\tNotice\tExecution started\n10:42:14 AM\tInfo\tScriptApp.getOAuthToken() = <<S>>\n10:42:15 AM\tNotice\tExecution completed",
     "Execution started"),
    ("psql-select-integration-keys-table", "hex40",
     "crm=> select id, provider, api_key from integration_keys;\n id | provider |                 api_key\n----+----------+------------------------------------------\n  <<n>> | bamboohr | <<S>>\n(1 row)",
     "select id, provider, api_key from integration_keys;"),
    ("firebase-functions-config-get", "at_key",
     "$ firebase functions:config:get\n{\n  \"airtable\": {\n    \"key\": \"<<S>>\",\n    \"base\": \"<<app>>\"\n  }\n}",
     "firebase functions:config:get"),
    ("docker-compose-config-rendered-env", "make_token",
     "$ docker compose config\nservices:\n  bridge:\n    environment:\n      MAKE_API_TOKEN: <<S>>\n      MAKE_ZONE: eu1.make.com\n    image: ghcr.io/<<co>>/make-bridge:<<ver>>",
     "MAKE_ZONE: eu1.make.com"),
    ("pwsh-format-list-app-secret", "azsec",
     "PS> $app | Format-List DisplayName, AppId, SecretText\n\nDisplayName : Power Automate - HR connector\nAppId       : <<uuid>>\nSecretText  : <<S>>",
     "DisplayName : Power Automate - HR connector"),
    ("jupyter-out-cell-header-value", "figma",
     "In [7]: headers['X-Figma-Token']\nOut[7]: '<<S>>'",
     "In [7]: headers['X-Figma-Token']"),
    ("cat-rsa-private-key-file", "pem_rsa",
     "$ cat docusign_private.pem\n-----BEGIN RSA PRIVATE KEY-----\n<<S>>\n-----END RSA PRIVATE KEY-----",
     "cat docusign_private.pem"),
    ("cat-openssh-private-key", "pem_ssh",
     "$ cat ~/.ssh/n8n_deploy\n-----BEGIN OPENSSH PRIVATE KEY-----\n<<S>>\n-----END OPENSSH PRIVATE KEY-----",
     "cat ~/.ssh/n8n_deploy"),
    ("make-connection-test-dialog-text", "alnum32",
     "Connection test: Pipedream-style custom app 'Invoicely'\nRequest: GET https://api.invoicely.example.com/v2/me\nHeaders: { \"Authorization\": \"ApiKey <<S>>\" }\nResponse: 200 OK",
     "Connection test"),
]


# ====================================================================
# config-file: excerpts of configuration files the agent opened
# ====================================================================
_CFG = [
    ("dotenv-n8n-postgres-password", "pw",
     "# n8n self-hosted\nN8N_HOST=<<host>>\nN8N_PROTOCOL=https\nDB_TYPE=postgresdb\nDB_POSTGRESDB_HOST=postgres\nDB_POSTGRESDB_USER=n8n\nDB_POSTGRESDB_PASSWORD=<<S>>",
     "N8N_HOST=<<host>>"),
    ("dotenv-double-quoted-airtable-key", "at_key",
     "# legacy script, do not use for new bases\nAIRTABLE_API_KEY=\"<<S>>\"\nAIRTABLE_BASE_ID=\"<<app>>\"",
     "AIRTABLE_BASE_ID=\"<<app>>\""),
    ("dotenv-export-single-quoted", "notion_secret",
     "export NOTION_DATABASE_ID='<<hex32>>'\nexport NOTION_TOKEN='<<S>>'",
     "export NOTION_DATABASE_ID='<<hex32>>'"),
    ("compose-environment-list-item", "pw",
     "services:\n  n8n:\n    image: docker.n8n.io/n8nio/n8n\n    environment:\n      - N8N_BASIC_AUTH_ACTIVE=true\n      - N8N_BASIC_AUTH_USER=<<user>>\n      - N8N_BASIC_AUTH_PASSWORD=<<S>>\n    ports:\n      - \"5678:5678\"",
     "image: docker.n8n.io/n8nio/n8n"),
    ("compose-environment-map-postgres", "pw",
     "  postgres:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: retool\n      POSTGRES_PASSWORD: \"<<S>>\"\n      POSTGRES_DB: hammerhead_production",
     "POSTGRES_DB: hammerhead_production"),
    ("k8s-secret-stringdata-hubspot", "hs_client_secret",
     "apiVersion: v1\nkind: Secret\nmetadata:\n  name: hubspot-app\ntype: Opaque\nstringData:\n  HUBSPOT_CLIENT_ID: \"<<uuid>>\"\n  HUBSPOT_CLIENT_SECRET: \"<<S>>\"",
     "name: hubspot-app"),
    ("helm-values-retool-encryption-key", "hex64",
     "config:\n  licenseKey: \"EXPIRED-LICENSE-KEY-TRIAL\"\n  encryptionKey: <<S>>\n  useInsecureCookies: false\npostgresql:\n  enabled: true",
     "useInsecureCookies: false"),
    ("toml-salesforce-section-password", "pw",
     "[salesforce]\ndomain = \"login\"\nusername = \"<<email>>\"\npassword = \"<<S>>\"\nsecurity_token = \"${SF_SECURITY_TOKEN}\"\napi_version = \"61.0\"",
     "username = \"<<email>>\""),
    ("odbc-ini-dsn-pwd", "pw",
     "[CRM_DSN]\nDriver=ODBC Driver 18 for SQL Server\nServer=<<host>>\nDatabase=CRM\nUID=<<user>>\nPWD=<<S>>\nTrustServerCertificate=yes",
     "[CRM_DSN]"),
    ("web-config-connectionstring-sqlclient", "pw",
     "<connectionStrings>\n  <add name=\"CrmDb\" connectionString=\"Server=<<host>>;Database=Crm;User Id=<<user>>;Password=<<S>>;Encrypt=True\" providerName=\"System.Data.SqlClient\" />\n</connectionStrings>",
     "providerName=\"System.Data.SqlClient\""),
    ("web-config-appsettings-key-value", "hs_key",
     "<appSettings>\n  <add key=\"HubSpotPortalId\" value=\"<<id>>\" />\n  <add key=\"HubSpotApiKey\" value=\"<<S>>\" />\n</appSettings>",
     "<add key=\"HubSpotPortalId\" value=\"<<id>>\" />"),
    ("azure-functions-local-settings-json", "azsec",
     "{\n  \"IsEncrypted\": false,\n  \"Values\": {\n    \"AzureWebJobsStorage\": \"UseDevelopmentStorage=true\",\n    \"FUNCTIONS_WORKER_RUNTIME\": \"dotnet-isolated\",\n    \"GraphTenantId\": \"<<uuid>>\",\n    \"GraphClientSecret\": \"<<S>>\"\n  }\n}",
     "\"FUNCTIONS_WORKER_RUNTIME\": \"dotnet-isolated\""),
    ("vscode-sqltools-connection-password", "pw",
     "\"sqltools.connections\": [\n  {\n    \"name\": \"retool-prod\",\n    \"driver\": \"PostgreSQL\",\n    \"server\": \"<<host>>\",\n    \"port\": 5432,\n    \"database\": \"retool\",\n    \"username\": \"<<user>>\",\n    \"password\": \"<<S>>\"\n  }\n]",
     "\"name\": \"retool-prod\""),
    ("tfvars-salesforce-consumer-secret", "sf_cs",
     "salesforce_consumer_key    = \"3MVG9<<a14>><<a14#2>>\"\nsalesforce_consumer_secret = \"<<S>>\"\nsalesforce_username        = \"<<email>>\"",
     "salesforce_username        = \"<<email>>\""),
    ("hcl-okta-provider-api-token", "okta",
     "provider \"okta\" {\n  org_name  = \"<<co>>\"\n  base_url  = \"okta.com\"\n  api_token = \"<<S>>\"\n}",
     "provider \"okta\""),
    ("netrc-single-line-imap", "g_app_pw",
     "machine imap.gmail.com login <<email>> password <<S>>",
     "machine imap.gmail.com login <<email>>"),
    ("msmtprc-gmail-app-password", "g_app_pw_sp",
     "account gmail\nhost smtp.gmail.com\nport 587\nauth on\ntls on\nuser <<email>>\npassword <<S>>\nfrom <<email>>",
     "host smtp.gmail.com"),
    ("php-config-array-api-key", "hs_key",
     "<?php\nreturn [\n    'hubspot' => [\n        'portal_id' => <<id>>,\n        'api_key'   => '<<S>>',\n    ],\n];",
     "'portal_id' => <<id>>"),
    ("java-properties-datasource-password", "pw",
     "spring.datasource.url=jdbc:postgresql://<<host>>:5432/forms\nspring.datasource.username=<<user>>\nspring.datasource.password=<<S>>",
     "spring.datasource.url=jdbc:postgresql://<<host>>:5432/forms"),
    ("pgpass-file-line", "pw",
     "# hostname:port:database:username:password\n<<host>>:5432:retool:<<user>>:<<S>>",
     "# hostname:port:database:username:password"),
    ("rclone-conf-dropbox-token-json", "dropbox",
     "[dropbox-archive]\ntype = dropbox\ntoken = {\"access_token\":\"<<S>>\",\"token_type\":\"bearer\",\"expiry\":\"0001-01-01T00:00:00Z\"}",
     "[dropbox-archive]"),
    ("zapierrc-deploy-key-json", "zap_deploy",
     "// ~/.zapierrc\n{\n  \"deployKey\": \"<<S>>\"\n}",
     "~/.zapierrc"),
    ("n8n-user-folder-config-encryption-key", "n8n_enc",
     "// /home/node/.n8n/config\n{\n  \"encryptionKey\": \"<<S>>\"\n}",
     "/home/node/.n8n/config"),
    ("retool-docker-env-jwt-secret", "rand",
     "## docker.env\nDEPLOYMENT_TEMPLATE_TYPE=docker-compose\nBASE_DOMAIN=https://retool.<<dom>>\nJWT_SECRET=<<S>>\nCOOKIE_INSECURE=false",
     "DEPLOYMENT_TEMPLATE_TYPE=docker-compose"),
    ("wrangler-toml-vars-token", "at_pat",
     "name = \"airtable-proxy\"\nmain = \"src/index.ts\"\ncompatibility_date = \"2024-09-01\"\n\n[vars]\nAIRTABLE_BASE = \"<<app>>\"\nAIRTABLE_TOKEN = \"<<S>>\"",
     "name = \"airtable-proxy\""),
    ("serverless-yml-provider-environment", "stripe_sk",
     "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    STRIPE_KEY: <<S>>\n    SHEET_ID: <<sheet>>",
     "runtime: nodejs20.x"),
    ("firebase-runtimeconfig-json", "sendgrid",
     "{\n  \"sendgrid\": {\n    \"key\": \"<<S>>\",\n    \"template\": \"d-<<hex32>>\"\n  }\n}",
     "\"template\": \"d-<<hex32>>\""),
    ("appsettings-dataverse-connection-string", "azsec",
     "\"ConnectionStrings\": {\n  \"Dataverse\": \"AuthType=ClientSecret;Url=https://<<co>>.crm4.dynamics.com;ClientId=<<uuid>>;ClientSecret=<<S>>\"\n}",
     "AuthType=ClientSecret;Url=https://<<co>>.crm4.dynamics.com"),
    ("django-settings-email-host-password", "g_app_pw",
     "EMAIL_BACKEND = 'django.core.mail.backends.smtp.EmailBackend'\nEMAIL_HOST = 'smtp.gmail.com'\nEMAIL_HOST_USER = '<<email>>'\nEMAIL_HOST_PASSWORD = '<<S>>'\nEMAIL_PORT = 587",
     "EMAIL_HOST_USER = '<<email>>'"),
    ("wp-config-auth-key-salt", "wp_salt",
     "define( 'AUTH_KEY',         '<<S>>' );\ndefine( 'WP_DEBUG', false );",
     "define( 'WP_DEBUG', false );"),
    ("my-cnf-client-section", "pw",
     "[client]\nuser=<<user>>\npassword=\"<<S>>\"\nhost=<<host>>\ndefault-character-set=utf8mb4",
     "default-character-set=utf8mb4"),
    ("pypirc-token-password", "pypi",
     "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = <<S>>",
     "username = __token__"),
    ("npmrc-legacy-auth-base64", "basic_b64",
     "registry=https://nexus.<<dom>>/repository/npm-group/\nalways-auth=true\n_auth=<<S>>",
     "always-auth=true"),
    ("maven-settings-server-password", "pw",
     "<servers>\n  <server>\n    <id>nexus-releases</id>\n    <username><<user>></username>\n    <password><<S>></password>\n  </server>\n</servers>",
     "<id>nexus-releases</id>"),
    ("nuget-config-cleartextpassword", "pw",
     "<packageSourceCredentials>\n  <internal>\n    <add key=\"Username\" value=\"<<user>>\" />\n    <add key=\"ClearTextPassword\" value=\"<<S>>\" />\n  </internal>\n</packageSourceCredentials>",
     "<packageSourceCredentials>"),
    ("aws-credentials-profile-secret", "aws_secret",
     "[zapier-s3-export]\naws_access_key_id = AKIA<<U16>>\naws_secret_access_key = <<S>>\nregion = <<region>>",
     "[zapier-s3-export]"),
    ("airflow-connection-uri-yaml", "pwu",
     "connections:\n  warehouse_pg:\n    conn_uri: 'postgresql://<<user>>:<<S>>@<<host>>:5432/warehouse'\n    description: HubSpot + Stripe mirror",
     "description: HubSpot + Stripe mirror"),
    ("make-blueprint-http-module-header", "alnum40",
     "{\n  \"id\": <<n>>,\n  \"module\": \"http:ActionSendData\",\n  \"version\": 3,\n  \"mapper\": {\n    \"url\": \"https://api.<<co>>-erp.example.com/v2/orders\",\n    \"method\": \"post\",\n    \"headers\": [{\"name\": \"X-Api-Key\", \"value\": \"<<S>>\"}]\n  }\n}",
     "\"module\": \"http:ActionSendData\""),
    ("n8n-workflow-http-node-header-param", "typeform",
     "{\n  \"parameters\": {\n    \"url\": \"https://api.typeform.com/forms/<<a14>>/responses\",\n    \"sendHeaders\": true,\n    \"headerParameters\": {\"parameters\": [{\"name\": \"Authorization\", \"value\": \"Bearer <<S>>\"}]}\n  },\n  \"name\": \"Get responses\",\n  \"type\": \"n8n-nodes-base.httpRequest\",\n  \"typeVersion\": 4.2\n}",
     "\"type\": \"n8n-nodes-base.httpRequest\""),
    ("power-automate-definition-http-action", "alnum32",
     "\"HTTP_-_Get_invoices\": {\n  \"type\": \"Http\",\n  \"inputs\": {\n    \"method\": \"GET\",\n    \"uri\": \"https://api.<<co>>-billing.example.com/v1/invoices?status=open\",\n    \"headers\": { \"x-api-key\": \"<<S>>\" }\n  },\n  \"runAfter\": {}\n}",
     "\"HTTP_-_Get_invoices\""),
    ("salesforce-named-credential-metadata-password", "pw",
     "<NamedCredential xmlns=\"http://soap.sforce.com/2006/04/metadata\">\n    <endpoint>https://erp.<<dom>>/api</endpoint>\n    <label>Legacy ERP</label>\n    <password><<S>></password>\n    <principalType>NamedUser</principalType>\n    <protocol>Password</protocol>\n    <username><<user>></username>\n</NamedCredential>",
     "<label>Legacy ERP</label>"),
    ("ant-build-properties-sf-password", "sf_pw_tok",
     "# build.properties for the Force.com Migration Tool\nsf.username = <<email>>\nsf.password = <<S>>\nsf.serverurl = https://login.salesforce.com\nsf.maxPoll = 20",
     "sf.serverurl = https://login.salesforce.com"),
    ("retool-yml-restapi-resource-header", "stripe_rk",
     "resources:\n  - name: stripe-readonly\n    type: restapi\n    baseURL: https://api.stripe.com/v1\n    headers:\n      Authorization: Bearer <<S>>",
     "baseURL: https://api.stripe.com/v1"),
    ("hubspot-config-yml-personal-access-key", "hs_pak",
     "defaultPortal: prod\nportals:\n  - name: prod\n    portalId: <<id>>\n    authType: personalaccesskey\n    personalAccessKey: >-\n      <<S>>",
     "portalId: <<id>>"),
    ("gitconfig-url-insteadof-token", "gh_pat",
     "[url \"https://<<user>>:<<S>>@github.com/\"]\n\tinsteadOf = https://github.com/\n[user]\n\tname = <<first>> <<last>>",
     "insteadOf = https://github.com/"),
    ("cloudflared-tunnel-credentials-json", "b64_32",
     "{\"AccountTag\":\"<<hex32>>\",\"TunnelSecret\":\"<<S>>\",\"TunnelID\":\"<<uuid>>\"}",
     "\"TunnelID\":\"<<uuid>>\""),
    ("nginx-proxy-set-header-basic", "basic_b64",
     "location /erp/ {\n    proxy_pass https://erp.<<dom>>/;\n    proxy_set_header Authorization \"Basic <<S>>\";\n}",
     "proxy_pass https://erp.<<dom>>/;"),
    ("supervisord-program-environment", "notion_ntn",
     "[program:notion-sync]\ncommand=/opt/notion-sync/venv/bin/python run.py\nenvironment=NOTION_TOKEN=\"<<S>>\",TZ=\"UTC\"\nautorestart=true",
     "[program:notion-sync]"),
    ("systemd-unit-environment-line", "n8n_enc",
     "[Service]\nUser=n8n\nEnvironment=\"N8N_ENCRYPTION_KEY=<<S>>\"\nEnvironment=\"N8N_PORT=5678\"\nExecStart=/usr/bin/n8n start",
     "ExecStart=/usr/bin/n8n start"),
    ("vba-mailer-ini-smtp-pass", "pw",
     "; settings.ini read by the Excel mailer macro\n[Mailer]\nSMTPServer=smtp.office365.com\nSMTPPort=587\nSMTPUser=<<email>>\nSMTPPass=<<S>>",
     "SMTPServer=smtp.office365.com"),
    ("excel-odc-connection-string-password", "pw",
     "<odc:Connection odc:Type=\"OLEDB\">\n <odc:ConnectionString>Provider=SQLOLEDB.1;Password=<<S>>;Persist Security Info=True;User ID=<<user>>;Initial Catalog=Sales;Data Source=<<host>></odc:ConnectionString>\n <odc:CommandText>&quot;Sales&quot;.&quot;dbo&quot;.&quot;vw_Pipeline&quot;</odc:CommandText>\n</odc:Connection>",
     "Initial Catalog=Sales"),
    ("ansible-group-vars-plaintext", "pw",
     "# group_vars/automation.yml\nn8n_version: \"1.<<n>>.0\"\nsmtp_relay_user: \"<<user>>\"\nsmtp_relay_password: \"<<S>>\"",
     "n8n_version: \"1.<<n>>.0\""),
    ("spring-yaml-mail-password", "g_app_pw",
     "spring:\n  mail:\n    host: smtp.gmail.com\n    port: 587\n    username: <<email>>\n    password: <<S>>",
     "host: smtp.gmail.com"),
    ("docusign-config-json-secret-key", "docusign",
     "{\n  \"integrationKey\": \"<<uuid>>\",\n  \"secretKey\": \"<<S>>\",\n  \"oAuthBasePath\": \"account-d.docusign.com\",\n  \"redirectUri\": \"https://retool.<<dom>>/oauth/callback\"\n}",
     "\"oAuthBasePath\": \"account-d.docusign.com\""),
    ("streamlit-secrets-toml-private-key", "pem_json",
     "[connections.gsheets]\nspreadsheet = \"https://docs.google.com/spreadsheets/d/<<sheet>>/edit\"\ntype = \"service_account\"\nclient_email = \"dash@<<proj>>.iam.gserviceaccount.com\"\nprivate_key = \"-----BEGIN PRIVATE KEY-----\\n<<S>>\\n-----END PRIVATE KEY-----\\n\"",
     "[connections.gsheets]"),
    ("dotnet-user-settings-xml-value", "freshdesk",
     "<setting name=\"FreshdeskDomain\" serializeAs=\"String\">\n    <value><<co>>.freshdesk.com</value>\n</setting>\n<setting name=\"FreshdeskApiKey\" serializeAs=\"String\">\n    <value><<S>></value>\n</setting>",
     "<value><<co>>.freshdesk.com</value>"),
    ("gae-app-yaml-env-variables", "hex32",
     "runtime: python312\nentrypoint: gunicorn -b :$PORT main:app\nenv_variables:\n  SLACK_SIGNING_SECRET: \"<<S>>\"\n  SHEET_ID: \"<<sheet>>\"",
     "runtime: python312"),
    ("dotenv-multiline-quoted-pem", "pem_rsa",
     "DOCUSIGN_USER_ID=<<uuid>>\nDOCUSIGN_PRIVATE_KEY=\"-----BEGIN RSA PRIVATE KEY-----\n<<S>>\n-----END RSA PRIVATE KEY-----\"",
     "DOCUSIGN_USER_ID=<<uuid>>"),
    ("python-configparser-ini-token", "zendesk",
     "[zendesk]\nsubdomain = <<co>>\nemail = <<email>>\ntoken = <<S>>\n\n[export]\nformat = csv",
     "subdomain = <<co>>"),
    ("vscode-launch-json-env", "monday",
     "{\n  \"type\": \"node\",\n  \"request\": \"launch\",\n  \"name\": \"Debug monday sync\",\n  \"program\": \"${workspaceFolder}/src/index.js\",\n  \"env\": { \"MONDAY_API_TOKEN\": \"<<S>>\", \"BOARD_ID\": \"<<id>>\" }\n}",
     "\"name\": \"Debug monday sync\""),
    ("s3cfg-secret-key", "aws_secret",
     "[default]\naccess_key = AKIA<<U16>>\nhost_base = s3.<<region>>.amazonaws.com\nsecret_key = <<S>>\nuse_https = True",
     "use_https = True"),
    ("xml-bookmark-odata-feed-credentials", "pww",
     "<DataSource>\n  <Url>https://<<co>>.crm.dynamics.com/api/data/v9.2/</Url>\n  <AuthenticationKind>UsernamePassword</AuthenticationKind>\n  <Username><<email>></Username>\n  <Password><<S>></Password>\n</DataSource>",
     "<AuthenticationKind>UsernamePassword</AuthenticationKind>"),
    ("ini-powershell-scheduled-task-config", "pron",
     "[Sync]\nTenant=<<dom>>\nServiceAccount=svc-intune@<<dom>>\nServicePassword=<<S>>\nIntervalMinutes=30",
     "ServiceAccount=svc-intune@<<dom>>"),
    ("yaml-label-then-next-line-value", "phrase",
     "shared_inbox:\n  address: support@<<dom>>\n  imap_password:\n    <<S>>\n  poll_seconds: 60",
     "address: support@<<dom>>"),
]


# ====================================================================
# source-code: excerpts of scripts and code files the agent opened
# ====================================================================
_SRC = [
    ("apps-script-const-token-urlfetch", "hs_pat",
     "const HUBSPOT_TOKEN = '<<S>>';\n\nfunction syncContacts() {\n  const res = UrlFetchApp.fetch('https://api.hubapi.com/crm/v3/objects/contacts?limit=100', {\n    headers: { Authorization: 'Bearer ' + HUBSPOT_TOKEN },\n    muteHttpExceptions: true,\n  });",
     "function syncContacts()"),
    ("apps-script-urlfetch-inline-header", "alnum32",
     "function pushRow(row) {\n  UrlFetchApp.fetch('https://api.<<co>>-erp.example.com/v1/leads', {\n    method: 'post',\n    contentType: 'application/json',\n    headers: { 'X-API-Key': '<<S>>' },\n    payload: JSON.stringify(row),\n  });\n}",
     "function pushRow(row)"),
    ("apps-script-setproperty-once", "at_pat",
     "// run once, then delete this function\nfunction storeKey() {\n  PropertiesService.getScriptProperties().setProperty('AIRTABLE_PAT', '<<S>>');\n}",
     "PropertiesService.getScriptProperties().setProperty('AIRTABLE_PAT'"),
    ("apps-script-utilities-base64-basic", "pw",
     "const headers = {\n  'Authorization': 'Basic ' + Utilities.base64Encode('<<user>>:<<S>>'),\n  'Accept': 'application/json'\n};",
     "Utilities.base64Encode"),
    ("apps-script-jdbc-getconnection", "pw",
     "function exportToSheet() {\n  var conn = Jdbc.getConnection('jdbc:mysql://<<host>>:3306/crm', '<<user>>', '<<S>>');\n  var stmt = conn.createStatement();\n  var rs = stmt.executeQuery('SELECT id, email, stage FROM leads');",
     "jdbc:mysql://<<host>>:3306/crm"),
    ("apps-script-service-account-private-key-var", "pem_json",
     "var SERVICE_ACCOUNT_EMAIL = 'admin-sdk@<<proj>>.iam.gserviceaccount.com';\nvar PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\\n<<S>>\\n-----END PRIVATE KEY-----\\n';\n\nfunction getService_() {\n  return OAuth2.createService('AdminSDK')",
     "var SERVICE_ACCOUNT_EMAIL = 'admin-sdk@<<proj>>.iam.gserviceaccount.com';"),
    ("vba-adodb-connection-open", "pw",
     "Dim cn As New ADODB.Connection\ncn.Open \"Provider=SQLOLEDB;Data Source=<<host>>;Initial Catalog=Sales;User ID=<<user>>;Password=<<S>>;\"\nSet rs = cn.Execute(\"SELECT * FROM vw_Forecast\")",
     "Dim cn As New ADODB.Connection"),
    ("vba-const-api-key-string", "pipedrive",
     "Option Explicit\n\nPrivate Const API_KEY As String = \"<<S>>\"\nPrivate Const BASE_URL As String = \"https://<<co>>.pipedrive.com/api/v1/\"",
     "Private Const BASE_URL As String"),
    ("vba-msxml-setrequestheader-bearer", "notion_secret",
     "Set http = CreateObject(\"MSXML2.XMLHTTP\")\nhttp.Open \"POST\", \"https://api.notion.com/v1/pages\", False\nhttp.setRequestHeader \"Authorization\", \"Bearer <<S>>\"\nhttp.setRequestHeader \"Notion-Version\", \"2022-06-28\"",
     "Set http = CreateObject(\"MSXML2.XMLHTTP\")"),
    ("vba-cdo-sendpassword-field", "pw",
     "With cdoConf.Fields\n    .Item(\"http://schemas.microsoft.com/cdo/configuration/smtpserver\") = \"smtp.office365.com\"\n    .Item(\"http://schemas.microsoft.com/cdo/configuration/sendusername\") = \"<<email>>\"\n    .Item(\"http://schemas.microsoft.com/cdo/configuration/sendpassword\") = \"<<S>>\"\n    .Update\nEnd With",
     "smtp.office365.com"),
    ("vba-sheet-protect-password", "pww",
     "Sub LockPricing()\n    Worksheets(\"Pricing\").Protect Password:=\"<<S>>\", DrawingObjects:=True, Contents:=True\nEnd Sub",
     "Sub LockPricing()"),
    ("vba-workbooks-open-password", "pw",
     "Set wb = Workbooks.Open(Filename:=\"\\\\<<host>>\\finance\\Payroll_<<date>>.xlsx\", Password:=\"<<S>>\", ReadOnly:=True)",
     "ReadOnly:=True"),
    ("python-requests-auth-tuple-zendesk", "zendesk",
     "resp = requests.get(\n    f\"https://{SUBDOMAIN}.zendesk.com/api/v2/users.json\",\n    auth=(\"<<email>>/token\", \"<<S>>\"),\n    timeout=30,\n)",
     "zendesk.com/api/v2/users.json"),
    ("python-simple-salesforce-constructor", "pw",
     "from simple_salesforce import Salesforce\n\nsf = Salesforce(username='<<email>>', password='<<S>>',\n                security_token=os.environ['SF_SECURITY_TOKEN'], domain='login')",
     "from simple_salesforce import Salesforce"),
    ("python-pyairtable-api-ctor", "at_pat",
     "from pyairtable import Api\n\napi = Api(\"<<S>>\")\ntable = api.table(\"<<app>>\", \"Leads\")\nfor rec in table.all(formula=\"{Status}='New'\"):",
     "from pyairtable import Api"),
    ("python-notion-client-auth-kwarg", "notion_ntn",
     "from notion_client import Client\n\nnotion = Client(auth=\"<<S>>\")\nresults = notion.databases.query(database_id=\"<<hex32>>\")",
     "from notion_client import Client"),
    ("python-hubspot-client-create", "hs_pat",
     "import hubspot\n\nclient = hubspot.Client.create(access_token=\"<<S>>\")\npage = client.crm.deals.basic_api.get_page(limit=50)",
     "client.crm.deals.basic_api.get_page(limit=50)"),
    ("js-fetch-monday-graphql-authorization", "monday",
     "const res = await fetch('https://api.monday.com/v2', {\n  method: 'POST',\n  headers: {\n    Authorization: '<<S>>',\n    'Content-Type': 'application/json',\n    'API-Version': '2024-10',\n  },\n  body: JSON.stringify({ query }),\n});",
     "https://api.monday.com/v2"),
    ("js-axios-create-template-literal", "typeform",
     "const typeform = axios.create({\n  baseURL: 'https://api.typeform.com',\n  headers: { Authorization: `Bearer <<S>>` },\n});",
     "baseURL: 'https://api.typeform.com'"),
    ("retool-js-query-hardcoded-key", "stripe_rk",
     "// Retool JS query: refundOrder\nconst key = \"<<S>>\";\nconst res = await fetch(`https://api.stripe.com/v1/refunds`, {\n  method: \"POST\",\n  headers: { Authorization: `Bearer ${key}` },\n  body: new URLSearchParams({ charge: table1.selectedRow.charge_id }),\n});",
     "// Retool JS query: refundOrder"),
    ("n8n-code-node-const-token", "clickup",
     "// n8n Code node: enrich tasks\nconst token = '<<S>>';\nconst out = [];\nfor (const item of $input.all()) {\n  const r = await this.helpers.httpRequest({ url: `https://api.clickup.com/api/v2/task/${item.json.id}`, headers: { Authorization: token } });\n  out.push({ json: r });\n}\nreturn out;",
     "// n8n Code node: enrich tasks"),
    ("zapier-code-step-python-const", "brevo",
     "# Code by Zapier (Python)\nimport requests\nAPI_KEY = \"<<S>>\"\nr = requests.post(\"https://api.brevo.com/v3/contacts\",\n                  headers={\"api-key\": API_KEY},\n                  json={\"email\": input_data[\"email\"], \"listIds\": [<<n>>]})\noutput = {\"status\": r.status_code}",
     "# Code by Zapier (Python)"),
    ("zapier-code-step-js-fetch", "calendly",
     "// Code by Zapier (JavaScript)\nconst res = await fetch('https://api.calendly.com/scheduled_events?user=' + inputData.userUri, {\n  headers: { Authorization: 'Bearer <<S>>' }\n});\nconst body = await res.json();\noutput = [{ count: body.collection.length }];",
     "// Code by Zapier (JavaScript)"),
    ("zapier-platform-app-dev-constant", "generic_live",
     "const authentication = {\n  type: 'custom',\n  test: { url: 'https://api.<<co>>.example.com/v1/me' },\n  fields: [{ key: 'apiKey', required: true }],\n};\n// TODO remove before zapier push\nconst DEV_API_KEY = '<<S>>';",
     "type: 'custom'"),
    ("power-apps-powerfx-set-variable", "hex32",
     "// App.OnStart\nSet(varApiKey, \"<<S>>\");\nClearCollect(colOrders, ErpConnector.GetOrders({'x-api-key': varApiKey, status: \"open\"}))",
     "// App.OnStart"),
    ("csharp-default-request-headers-add", "hex32",
     "using var client = new HttpClient();\nclient.BaseAddress = new Uri(\"https://<<co>>-openai.openai.azure.com/\");\nclient.DefaultRequestHeaders.Add(\"api-key\", \"<<S>>\");",
     "client.BaseAddress = new Uri(\"https://<<co>>-openai.openai.azure.com/\");"),
    ("csharp-msal-withclientsecret", "azsec",
     "var app = ConfidentialClientApplicationBuilder.Create(\"<<uuid>>\")\n    .WithClientSecret(\"<<S>>\")\n    .WithAuthority(new Uri(\"https://login.microsoftonline.com/<<uuid#2>>\"))\n    .Build();",
     "ConfidentialClientApplicationBuilder.Create(\"<<uuid>>\")"),
    ("powershell-script-plaintext-password-var", "pw",
     "# onboard-user.ps1\n$AdminUser = \"admin@<<dom>>\"\n$Password = \"<<S>>\"\n$SecurePass = ConvertTo-SecureString $Password -AsPlainText -Force\n$Cred = New-Object System.Management.Automation.PSCredential($AdminUser, $SecurePass)",
     "# onboard-user.ps1"),
    ("powershell-hashtable-headers-bearer", "box",
     "$headers = @{\n    Authorization = \"Bearer <<S>>\"\n    'As-User'     = \"<<id>>\"\n}\nInvoke-RestMethod -Uri \"https://api.box.com/2.0/folders/0/items\" -Headers $headers",
     "https://api.box.com/2.0/folders/0/items"),
    ("java-connectorconfig-setpassword", "sf_pw_tok",
     "ConnectorConfig config = new ConnectorConfig();\nconfig.setUsername(\"<<email>>\");\nconfig.setPassword(\"<<S>>\");\nconfig.setAuthEndpoint(\"https://login.salesforce.com/services/Soap/u/61.0\");",
     "ConnectorConfig config = new ConnectorConfig();"),
    ("apex-httprequest-setheader-bearer", "hs_pat",
     "HttpRequest req = new HttpRequest();\nreq.setEndpoint('https://api.hubapi.com/crm/v3/objects/companies');\nreq.setMethod('GET');\nreq.setHeader('Authorization', 'Bearer <<S>>');\nHttpResponse res = new Http().send(req);",
     "req.setEndpoint('https://api.hubapi.com/crm/v3/objects/companies');"),
    ("apex-blob-valueof-basic-auth", "pw",
     "Blob headerValue = Blob.valueOf('<<user>>' + ':' + '<<S>>');\nString authorizationHeader = 'Basic ' + EncodingUtil.base64Encode(headerValue);\nreq.setHeader('Authorization', authorizationHeader);",
     "EncodingUtil.base64Encode(headerValue)"),
    ("apex-static-final-secret", "stripe_sk",
     "public with sharing class StripeService {\n    private static final String SECRET_KEY = '<<S>>';\n    private static final String BASE = 'https://api.stripe.com/v1/';",
     "public with sharing class StripeService"),
    ("tsql-create-login-with-password", "pw",
     "CREATE LOGIN [svc_powerbi] WITH PASSWORD = N'<<S>>', CHECK_POLICY = ON, CHECK_EXPIRATION = OFF;\nCREATE USER [svc_powerbi] FOR LOGIN [svc_powerbi];",
     "CREATE USER [svc_powerbi] FOR LOGIN [svc_powerbi];"),
    ("postgres-alter-user-with-password", "pw",
     "-- migrations/0042_retool_readonly.sql\nCREATE ROLE retool_ro LOGIN;\nALTER USER retool_ro WITH PASSWORD '<<S>>';\nGRANT SELECT ON ALL TABLES IN SCHEMA public TO retool_ro;",
     "-- migrations/0042_retool_readonly.sql"),
    ("sql-insert-integration-api-key", "pipedrive",
     "INSERT INTO integrations (name, base_url, api_key, enabled)\nVALUES ('pipedrive', 'https://<<co>>.pipedrive.com', '<<S>>', true);",
     "INSERT INTO integrations (name, base_url, api_key, enabled)"),
    ("mysql-create-user-identified-by", "pw",
     "CREATE USER 'metabase'@'%' IDENTIFIED BY '<<S>>';\nGRANT SELECT ON crm.* TO 'metabase'@'%';",
     "GRANT SELECT ON crm.* TO 'metabase'@'%';"),
    ("go-const-mailgun-key", "mailgun",
     "package notify\n\nconst (\n\tmailgunDomain = \"mg.<<dom>>\"\n\tmailgunKey    = \"<<S>>\"\n)",
     "mailgunDomain = \"mg.<<dom>>\""),
    ("ruby-stripe-api-key-assignment", "stripe_sk",
     "require 'stripe'\nStripe.api_key = \"<<S>>\"\nStripe::Customer.list(limit: 3)",
     "Stripe::Customer.list(limit: 3)"),
    ("php-curlopt-userpwd", "pw",
     "$ch = curl_init('https://<<host>>/api/v1/orders');\ncurl_setopt($ch, CURLOPT_USERPWD, \"<<user>>:<<S>>\");\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);",
     "curl_init('https://<<host>>/api/v1/orders')"),
    ("php-hubspot-factory-access-token", "hs_pat",
     "use HubSpot\\Factory;\n\n$hubspot = Factory::createWithAccessToken('<<S>>');\n$response = $hubspot->crm()->contacts()->basicApi()->getPage();",
     "use HubSpot\\Factory;"),
    ("python-smtplib-login-app-password", "g_app_pw",
     "with smtplib.SMTP(\"smtp.gmail.com\", 587) as server:\n    server.starttls()\n    server.login(\"<<email>>\", \"<<S>>\")\n    server.send_message(msg)",
     "smtplib.SMTP(\"smtp.gmail.com\", 587)"),
    ("python-imaplib-login-literal", "pw",
     "M = imaplib.IMAP4_SSL('outlook.office365.com')\nM.login('<<email>>', '<<S>>')\nM.select('INBOX')",
     "imaplib.IMAP4_SSL('outlook.office365.com')"),
    ("python-gspread-service-account-dict", "pem_json",
     "creds = {\n    \"type\": \"service_account\",\n    \"project_id\": \"<<proj>>\",\n    \"private_key_id\": \"<<hex40>>\",\n    \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n<<S>>\\n-----END PRIVATE KEY-----\\n\",\n    \"client_email\": \"gspread@<<proj>>.iam.gserviceaccount.com\",\n}\ngc = gspread.service_account_from_dict(creds)",
     "gc = gspread.service_account_from_dict(creds)"),
    ("js-jwt-sign-literal-secret", "rand",
     "const jwt = require('jsonwebtoken');\n\nfunction issue(user) {\n  return jwt.sign({ sub: user.id, role: user.role }, '<<S>>', { expiresIn: '1h' });\n}",
     "const jwt = require('jsonwebtoken');"),
    ("js-createhmac-shopify-webhook-secret", "shpss",
     "const digest = crypto\n  .createHmac('sha256', '<<S>>')\n  .update(rawBody, 'utf8')\n  .digest('base64');\nif (digest !== req.get('X-Shopify-Hmac-Sha256')) return res.sendStatus(401);",
     "X-Shopify-Hmac-Sha256"),
    ("python-hubspot-v1-signature-client-secret", "hs_client_secret",
     "CLIENT_SECRET = \"<<S>>\"  # HubSpot public app\n\ndef valid(req):\n    source = CLIENT_SECRET + req.get_data(as_text=True)\n    return hashlib.sha256(source.encode()).hexdigest() == req.headers[\"X-HubSpot-Signature\"]",
     "X-HubSpot-Signature"),
    ("ts-config-object-nested-bot-token", "slack_bot",
     "export const config = {\n  slack: {\n    botToken: '<<S>>',\n    channel: '#revops-alerts',\n  },\n  airtable: { baseId: '<<app>>' },\n};",
     "channel: '#revops-alerts'"),
    ("python-settings-dict-twilio", "twilio_tok",
     "SETTINGS = {\n    \"twilio\": {\n        \"account_sid\": \"<<AC>>\",\n        \"auth_token\": \"<<S>>\",\n        \"from\": \"+15005550006\",\n    }\n}",
     "\"from\": \"+15005550006\""),
    ("js-mongoose-connect-uri", "pwu",
     "mongoose.connect('mongodb://<<user>>:<<S>>@<<host>>:27017/forms?authSource=admin', { serverSelectionTimeoutMS: 5000 });",
     "serverSelectionTimeoutMS: 5000"),
    ("python-sqlalchemy-mssql-url", "pwu",
     "engine = create_engine(\n    \"mssql+pyodbc://<<user>>:<<S>>@<<host>>/Sales?driver=ODBC+Driver+18+for+SQL+Server\"\n)",
     "driver=ODBC+Driver+18+for+SQL+Server"),
    ("ipynb-source-array-api-key", "openai",
     "\"cells\": [\n  {\n   \"cell_type\": \"code\",\n   \"source\": [\n    \"from openai import OpenAI\\n\",\n    \"client = OpenAI(api_key=\\\"<<S>>\\\")\\n\"\n   ]\n  }\n]",
     "\"cell_type\": \"code\""),
    ("office-script-fetch-airtable", "at_pat",
     "async function main(workbook: ExcelScript.Workbook) {\n  const resp = await fetch(\"https://api.airtable.com/v0/<<app>>/Orders\", {\n    headers: { Authorization: \"Bearer <<S>>\" },\n  });\n  const data: { records: object[] } = await resp.json();",
     "async function main(workbook: ExcelScript.Workbook)"),
    ("bash-script-key-and-token-vars", "trello_tok",
     "#!/usr/bin/env bash\nset -euo pipefail\nTRELLO_KEY=<<hex32>>\nTRELLO_TOKEN=<<S>>\nBOARD=<<hex24>>\ncurl -s \"https://api.trello.com/1/boards/$BOARD/cards?key=$TRELLO_KEY&token=$TRELLO_TOKEN\"",
     "#!/usr/bin/env bash"),
    ("python-environ-get-hardcoded-default", "linear",
     "LINEAR_API_KEY = os.environ.get(\"LINEAR_API_KEY\", \"<<S>>\")",
     "os.environ.get(\"LINEAR_API_KEY\""),
    ("js-process-env-or-fallback", "figma",
     "const FIGMA_TOKEN = process.env.FIGMA_TOKEN || '<<S>>';\nconst file = await fetch(`https://api.figma.com/v1/files/${FILE_KEY}`, { headers: { 'X-Figma-Token': FIGMA_TOKEN } });",
     "process.env.FIGMA_TOKEN"),
    ("csharp-sqlconnection-literal", "pw",
     "using var conn = new SqlConnection(\"Data Source=<<host>>;Initial Catalog=HR;User ID=<<user>>;Password=<<S>>;TrustServerCertificate=True\");\nawait conn.OpenAsync();",
     "await conn.OpenAsync();"),
    ("php-pdo-dsn-constructor", "pw",
     "$pdo = new PDO('mysql:host=<<host>>;dbname=crm;charset=utf8mb4', '<<user>>', '<<S>>', [\n    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,\n]);",
     "PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION"),
    ("javascript-bookmarklet-make-hook", "make_hook",
     "javascript:(()=>{fetch('https://hook.us1.make.com/<<S>>',{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({url:location.href,title:document.title})})})()",
     "document.title"),
    ("html-hidden-input-access-key", "hex32",
     "<form action=\"https://forms.<<co>>.example.com/submit\" method=\"POST\">\n  <input type=\"hidden\" name=\"api_token\" value=\"<<S>>\">\n  <input type=\"email\" name=\"email\" required>\n</form>",
     "<input type=\"email\" name=\"email\" required>"),
    ("python-triple-quoted-rsa-key", "pem_rsa",
     "DOCUSIGN_INTEGRATION_KEY = \"<<uuid>>\"\nPRIVATE_KEY = \"\"\"-----BEGIN RSA PRIVATE KEY-----\n<<S>>\n-----END RSA PRIVATE KEY-----\"\"\"",
     "DOCUSIGN_INTEGRATION_KEY = \"<<uuid>>\""),
    ("go-struct-literal-token-field", "intercom",
     "client := &http.Client{Timeout: 10 * time.Second}\nic := intercom.Client{BaseURL: \"https://api.intercom.io\", Token: \"<<S>>\", HTTP: client}",
     "BaseURL: \"https://api.intercom.io\""),
    ("sheets-importdata-formula-api-key", "hex32",
     "=IMPORTDATA(\"https://api.<<co>>-analytics.example.com/export.csv?report=weekly&api_key=<<S>>\")",
     "=IMPORTDATA("),
    ("power-query-m-web-contents-header", "hs_pat",
     "let\n    Source = Json.Document(Web.Contents(\"https://api.hubapi.com/crm/v3/objects/deals\", [Headers=[Authorization=\"Bearer <<S>>\"], Query=[limit=\"100\"]])),\n    results = Source[results]\nin\n    results",
     "Source[results]"),
    ("powershell-client-credentials-body-hashtable", "azsec",
     "$body = @{\n    client_id     = \"<<uuid>>\"\n    client_secret = \"<<S>>\"\n    scope         = \"https://graph.microsoft.com/.default\"\n    grant_type    = \"client_credentials\"\n}\n$tok = Invoke-RestMethod -Method Post -Uri \"https://login.microsoftonline.com/<<dom>>/oauth2/v2.0/token\" -Body $body",
     "grant_type    = \"client_credentials\""),
    ("apps-script-gmail-mailapp-basic-cred-object", "phrase",
     "const ERP = {\n  url: 'https://erp.<<dom>>/api',\n  user: 'sheets-bot',\n  pass: '<<S>>',\n};",
     "url: 'https://erp.<<dom>>/api'"),
]


# ====================================================================
# stack-trace-or-log: log lines, tracebacks and run histories
# ====================================================================
_LOG = [
    ("python-traceback-sqlalchemy-url", "pwu",
     "Traceback (most recent call last):\n  File \"/opt/sync/run.py\", line 42, in <module>\n    engine.connect()\nsqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at \"<<host>>\" (<<ip>>), port 5432 failed: timeout expired\n\nengine url was: postgresql://<<user>>:<<S>>@<<host>>:5432/crm",
     "/opt/sync/run.py"),
    ("requests-httperror-url-with-hapikey", "hs_key",
     "requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://api.hubapi.com/contacts/v1/lists/all/contacts/all?hapikey=<<S>>&count=100",
     "401 Client Error: Unauthorized"),
    ("axios-error-config-headers-dump", "notion_secret",
     "AxiosError: Request failed with status code 403\n    at settle (/app/node_modules/axios/dist/node/axios.cjs:1966:12)\n  config: {\n    url: 'https://api.notion.com/v1/pages',\n    method: 'post',\n    headers: Object [AxiosHeaders] {\n      Accept: 'application/json, text/plain, */*',\n      Authorization: 'Bearer <<S>>',\n      'Notion-Version': '2022-06-28'\n    },",
     "AxiosError: Request failed with status code 403"),
    ("n8n-node-api-error-log-json", "hex40",
     "<<ts>> | error | NodeApiError: Authorization failed - please check your credentials {\"workflowId\":\"<<wfid>>\",\"node\":\"HTTP Request\",\"request\":{\"headers\":{\"x-api-key\":\"<<S>>\"}},\"httpCode\":\"401\"}",
     "NodeApiError: Authorization failed"),
    ("zapier-task-history-data-in", "alnum40",
     "Zap: <<zap>> (#<<id>>)\nStep 3: Webhooks by Zapier · POST\nData in:\n  url: https://api.<<co>>.example.com/leads\n  payload_type: json\n  headers: Authorization | Token <<S>>\nData out: 401 Unauthorized",
     "Step 3: Webhooks by Zapier"),
    ("make-execution-log-http-request", "rand",
     "[<<ts>>] Scenario \"Orders → Sheets\" · Module 2 HTTP > Make a request\nRequest: GET https://api.<<co>>-shop.example.com/v1/orders?api_key=<<S>>&status=paid\nResponse: 500 Internal Server Error",
     "Module 2 HTTP > Make a request"),
    ("power-automate-raw-inputs-token-body", "azsec",
     "Raw inputs\n{\n  \"host\": {\"connectionName\": \"shared_webcontents\"},\n  \"method\": \"POST\",\n  \"uri\": \"https://login.microsoftonline.com/<<uuid>>/oauth2/v2.0/token\",\n  \"body\": \"grant_type=client_credentials&client_id=<<uuid#2>>&client_secret=<<S>>&scope=https%3A%2F%2Fgraph.microsoft.com%2F.default\"\n}",
     "\"connectionName\": \"shared_webcontents\""),
    ("salesforce-debug-log-user-debug-header", "hs_pat",
     "12:01:33.0 (40123451)|CALLOUT_REQUEST|[57]|System.HttpRequest[Endpoint=https://api.hubapi.com/crm/v3/objects/contacts, Method=POST]\n12:01:33.0 (40123999)|USER_DEBUG|[58]|DEBUG|auth header => Bearer <<S>>\n12:01:34.0 (41002211)|CALLOUT_RESPONSE|[57]|System.HttpResponse[Status=Created, StatusCode=201]",
     "CALLOUT_REQUEST"),
    ("java-sqlexception-jdbc-url-password-param", "pwu",
     "java.sql.SQLException: Access denied for user 'etl'@'<<ip>>' (using password: YES)\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)\n\tat com.mysql.cj.jdbc.ConnectionImpl.createNewIO(ConnectionImpl.java:825)\nCaused by: connecting with jdbc:mysql://<<host>>:3306/crm?user=etl&password=<<S>>&useSSL=true",
     "java.sql.SQLException: Access denied for user 'etl'"),
    ("nginx-access-log-token-query", "hex40",
     "<<ip>> - - [12/Mar/2025:09:14:02 +0000] \"GET /api/export.csv?token=<<S>>&sheet=weekly HTTP/1.1\" 200 51234 \"-\" \"Zapier\"",
     "\"Zapier\""),
    ("haproxy-captured-authorization-header", "retool",
     "haproxy[<<pid>>]: <<ip>>:51234 [12/Mar/2025:10:01:44.120] fe_https be_retool/retool1 0/0/1/23/24 200 1530 - - ---- 12/12/0/0/0 0/0 {Bearer <<S>>} \"GET /api/v1/apps HTTP/1.1\"",
     "be_retool/retool1"),
    ("syslog-cron-cmd-basic-auth", "pw",
     "Mar 12 06:00:01 <<host>> CRON[<<pid>>]: (deploy) CMD (curl -s -u admin:<<S>> -X POST http://localhost:5678/rest/workflows/<<n>>/run >/dev/null)",
     "CRON[<<pid>>]: (deploy)"),
    ("retool-backend-json-log-connection-string", "pwu",
     "{\"level\":\"info\",\"time\":\"<<ts>>\",\"msg\":\"testing resource connection\",\"resource\":\"postgres-prod\",\"connectionString\":\"postgres://<<user>>:<<S>>@<<host>>:5432/app\",\"org\":\"<<co>>\"}",
     "\"msg\":\"testing resource connection\""),
    ("php-fatal-pdo-stack-trace-args", "pw",
     "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'wp_user'@'localhost' in /var/www/html/sync.php:14\nStack trace:\n#0 /var/www/html/sync.php(14): PDO->__construct('mysql:host=<<host>>...', 'wp_user', '<<S>>')\n#1 {main}\n  thrown in /var/www/html/sync.php on line 14",
     "Uncaught PDOException"),
    ("urllib3-debug-log-api-token-query", "pipedrive",
     "DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): <<co>>.pipedrive.com:443\nDEBUG:urllib3.connectionpool:https://<<co>>.pipedrive.com:443 \"GET /api/v1/persons?api_token=<<S>>&start=0&limit=500 HTTP/1.1\" 200 None",
     "Starting new HTTPS connection (1): <<co>>.pipedrive.com:443"),
    ("httpx-info-log-telegram-bot-url", "telegram",
     "INFO:httpx:HTTP Request: POST https://api.telegram.org/bot<<S>>/sendMessage \"HTTP/1.1 200 OK\"\nINFO:bot:notified chat <<id>> about new Typeform entry",
     "INFO:bot:notified chat <<id>>"),
    ("docker-logs-env-json-dump", "pw",
     "n8n-1  | Starting n8n with environment: {\"N8N_BASIC_AUTH_USER\":\"<<user>>\",\"N8N_BASIC_AUTH_PASSWORD\":\"<<S>>\",\"N8N_PORT\":\"5678\"}\nn8n-1  | Editor is now accessible via: http://localhost:5678/",
     "Editor is now accessible via: http://localhost:5678/"),
    ("apps-script-exception-logger-headers", "at_pat",
     "Exception: Request failed for https://api.airtable.com returned code 401. Truncated server response: {\"error\":{\"type\":\"AUTHENTICATION_REQUIRED\"}} (use muteHttpExceptions option to examine full response)\n    at syncBase(Code:23:28)\nLogger: options.headers = {Authorization=Bearer <<S>>}",
     "at syncBase(Code:23:28)"),
    ("gcp-cloud-logging-textpayload", "slack_bot",
     "{\"severity\":\"ERROR\",\"textPayload\":\"slack auth.test failed (invalid_auth) for token <<S>>\",\"resource\":{\"type\":\"cloud_function\",\"labels\":{\"function_name\":\"lead-notifier\"}},\"timestamp\":\"<<ts>>\"}",
     "\"function_name\":\"lead-notifier\""),
    ("azure-function-log-aadsts-with-secret", "azsec",
     "<<ts>> [Information] Executing 'Functions.SyncDataverse' (Reason='Timer fired at <<ts>>', Id=<<uuid>>)\n<<ts>> [Error] AADSTS7000215: Invalid client secret provided. Debug: clientId=<<uuid#2>> secret=<<S>>",
     "Executing 'Functions.SyncDataverse'"),
    ("bash-xtrace-token-assignment", "ya29",
     "+ TOKEN=<<S>>\n+ curl -sf -H 'Authorization: Bearer ***' https://sheets.googleapis.com/v4/spreadsheets/<<sheet>>/values/A1:D10\n+ echo done",
     "https://sheets.googleapis.com/v4/spreadsheets/<<sheet>>/values/A1:D10"),
    ("bash-xtrace-export-line", "mailchimp",
     "+ export MAILCHIMP_API_KEY=<<S>>\n+ MAILCHIMP_API_KEY=<<S>>\n+ python3 sync_audience.py --list <<hex8>>",
     "python3 sync_audience.py --list <<hex8>>"),
    ("powershell-transcript-securestring-literal", "pw",
     "**********************\nWindows PowerShell transcript start\nStart time: <<date>>\nUsername: <<Co>>\\<<user>>\n**********************\nPS C:\\scripts> Connect-PnPOnline -Url https://<<co>>.sharepoint.com -Credentials (New-Object PSCredential('<<email>>', (ConvertTo-SecureString '<<S>>' -AsPlainText -Force)))",
     "Windows PowerShell transcript start"),
    ("windows-4688-process-command-line", "pw",
     "A new process has been created.\n\nNew Process Name:\tC:\\Program Files\\Microsoft SQL Server\\Client SDK\\ODBC\\170\\Tools\\Binn\\SQLCMD.EXE\nProcess Command Line:\tsqlcmd -S <<host>> -U sa -P <<S>> -i nightly_export.sql",
     "A new process has been created."),
    ("sentry-breadcrumb-http-url-key", "hex32",
     "\"breadcrumbs\": [\n  {\"category\": \"http\", \"data\": {\"url\": \"https://api.<<co>>.example.com/v2/sync?key=<<S>>\", \"method\": \"GET\", \"status_code\": 401}, \"timestamp\": <<epoch>>.31}\n]",
     "\"category\": \"http\""),
    ("datadog-log-refresh-token-payload", "hs_refresh",
     "<<ts>> ERROR [hubspot-sync] token refresh failed: 400 BAD_REFRESH_TOKEN payload={\"grant_type\":\"refresh_token\",\"client_id\":\"<<uuid>>\",\"refresh_token\":\"<<S>>\"}",
     "[hubspot-sync] token refresh failed"),
    ("kubernetes-crashloop-invalid-dsn", "pw",
     "Error: invalid DSN \"retool:<<S>>@tcp(<<host>>:3306)/retool?parseTime=true\": missing the slash separating the database name\nBack-off restarting failed container retool-jobs-runner in pod retool-jobs-<<l5>>",
     "Back-off restarting failed container retool-jobs-runner"),
    ("ruby-faraday-unauthorized-request-dump", "fresh_basic",
     "Faraday::UnauthorizedError (the server responded with status 401)\nrequest: {method: :get, url: \"https://<<co>>.freshdesk.com/api/v2/tickets?updated_since=<<date>>\", headers: {\"Authorization\"=>\"Basic <<S>>\", \"User-Agent\"=>\"Faraday v2.9.0\"}}",
     "Faraday::UnauthorizedError"),
    ("java-exception-message-token-quoted", "notion_ntn",
     "com.<<co>>.notion.SyncException: invalid token '<<S>>' for workspace <<uuid>>\n\tat com.<<co>>.notion.Client.query(Client.java:88)\n\tat com.<<co>>.notion.Job.run(Job.java:41)",
     "at com.<<co>>.notion.Job.run(Job.java:41)"),
    ("node-error-object-dump-auth-password", "pw",
     "Error: getaddrinfo ENOTFOUND <<host>>\n    at GetAddrInfoReqWrap.onlookup [as oncomplete] (node:dns:107:26) {\n  errno: -3008,\n  code: 'ENOTFOUND',\n  hostname: '<<host>>',\n  config: { url: 'https://<<host>>/api/orders', auth: { username: 'zap-bridge', password: '<<S>>' } }\n}",
     "code: 'ENOTFOUND'"),
    ("apex-unhandled-exception-email-debug", "alnum32",
     "Apex script unhandled exception by user/organization: <<sfid>>/<<orgid>>\n\nFailed to invoke future method 'public static void pushToErp(Set<Id>)' on class 'ErpSync' for job id '707<<a14>>'\n\ncaused by: System.CalloutException: Unauthorized endpoint key=<<S>>",
     "Failed to invoke future method"),
    ("iis-w3c-log-querystring-pwd", "pwu",
     "2025-03-02 10:11:12 W3SVC1 <<host>> GET /api/legacy/export.aspx user=reports&pwd=<<S>> 443 - <<ip>> Mozilla/5.0+(Windows+NT+10.0) - 200 0 0 312",
     "/api/legacy/export.aspx"),
    ("smtplib-debug-auth-plain", "auth_plain",
     "send: 'ehlo [<<ip>>]\\r\\n'\nreply: b'250-smtp.office365.com Hello'\nsend: 'AUTH PLAIN <<S>>\\r\\n'\nreply: b'235 2.7.0 Authentication successful'",
     "reply: b'235 2.7.0 Authentication successful'"),
    ("imaplib-debug-login-command", "pw",
     "  02:14.21 > HOAP1 LOGIN <<email>> \"<<S>>\"\n  02:14.62 < HOAP1 OK LOGIN completed.",
     "HOAP1 OK LOGIN completed."),
    ("ftp-session-transcript-pass", "pww",
     "Connected to <<host>>.\n220 (vsFTPd 3.0.5)\n> USER <<user>>\n< 331 Please specify the password.\n> PASS <<S>>\n< 230 Login successful.",
     "220 (vsFTPd 3.0.5)"),
    ("playwright-api-log-fill-password", "pw",
     "  pw:api => page.fill(\"#email\", \"<<email>>\") started +2ms\n  pw:api <= page.fill succeeded +41ms\n  pw:api => page.fill(\"#password\", \"<<S>>\") started +1ms\n  pw:api <= page.fill succeeded +38ms",
     "pw:api <= page.fill succeeded +41ms"),
    ("ngrok-log-authtoken-field", "ngrok",
     "t=<<ts>> lvl=info msg=\"open config file\" path=/home/<<user>>/.config/ngrok/ngrok.yml err=nil\nt=<<ts>> lvl=dbug msg=\"session auth\" authtoken=<<S>>\nt=<<ts>> lvl=info msg=\"started tunnel\" name=n8n addr=http://localhost:5678",
     "msg=\"started tunnel\" name=n8n"),
    ("cloudflare-worker-console-log", "at_key",
     "(log) calling airtable with key <<S>> for base <<app>>\n(error) Airtable responded 401 NOT_AUTHORIZED",
     "(error) Airtable responded 401 NOT_AUTHORIZED"),
    ("vercel-function-log-signature-mismatch", "hs_client_secret",
     "[POST] /api/hubspot-webhook status=500\nError: HubSpot signature mismatch (computed with client secret <<S>>)\n    at verify (/var/task/.next/server/pages/api/hubspot-webhook.js:1:2201)",
     "[POST] /api/hubspot-webhook status=500"),
    ("gunicorn-keyerror-environ-dump", "whsec",
     "[ERROR] Exception in worker process\nTraceback (most recent call last):\n  File \"/srv/app/billing.py\", line 9, in <module>\n    STRIPE_KEY = os.environ[\"STRIPE_KEY\"]\nKeyError: 'STRIPE_KEY'\nenviron snapshot: {'PATH': '/usr/local/bin:/usr/bin', 'STRIPE_WEBHOOK_SECRET': '<<S>>', 'PORT': '8000'}",
     "KeyError: 'STRIPE_KEY'"),
    ("laravel-log-request-headers-array", "shopify",
     "[<<date>> 09:12:44] production.ERROR: Client error: `GET https://<<co>>.myshopify.com/admin/api/2024-07/orders.json` resulted in a `401 Unauthorized` response {\"request\":{\"headers\":{\"X-Shopify-Access-Token\":[\"<<S>>\"]}}}",
     "production.ERROR: Client error"),
    ("sf-cli-debug-log-refresh-body", "sf_refresh",
     "{\"level\":20,\"time\":<<epochms>>,\"name\":\"sf\",\"msg\":\"POST https://login.salesforce.com/services/oauth2/token\",\"body\":\"grant_type=refresh_token&client_id=PlatformCLI&refresh_token=<<S>>\"}",
     "\"msg\":\"POST https://login.salesforce.com/services/oauth2/token\""),
    ("httplib2-debug-send-client-secret", "gocspx",
     "send: b'POST /token HTTP/1.1\\r\\nHost: oauth2.googleapis.com\\r\\ncontent-type: application/x-www-form-urlencoded\\r\\n\\r\\n'\nsend: b'client_id=<<gcid>>&client_secret=<<S>>&grant_type=refresh_token&refresh_token=REDACTED'",
     "Host: oauth2.googleapis.com"),
    ("retool-workflow-block-error-smtp", "pw",
     "Workflow run <<uuid>> failed at block \"sendDigest\":\nSMTP 535 5.7.3 Authentication unsuccessful for <<email>> (password used: <<S>>)",
     "failed at block \"sendDigest\""),
    ("hubspot-custom-code-action-console-env", "hs_pat",
     "Custom code action logs\nWARNING: The logs for this function have exceeded the 4KB limit.\nINFO console.log(process.env) { secretName: 'HUBSPOT_TOKEN', HUBSPOT_TOKEN: '<<S>>', NODE_ENV: 'production' }\nMemory: 61/128 MB  Runtime: 412.33 ms",
     "Custom code action logs"),
    ("airflow-task-log-connection-password", "pw",
     "[<<date>>, 02:00:04 UTC] {base.py:83} INFO - Using connection ID 'erp_mssql' for task execution.\n[<<date>>, 02:00:04 UTC] {mssql.py:61} INFO - login=<<user>> password=<<S>> host=<<host>>",
     "Using connection ID 'erp_mssql' for task execution."),
    ("dbt-debug-profile-output", "pw",
     "Connection:\n  host: <<host>>\n  port: 5432\n  user: <<user>>\n  password: <<S>>\n  database: analytics\n  schema: hubspot_staging\n  Connection test: [ERROR]",
     "schema: hubspot_staging"),
    ("kafka-connect-config-values-log", "pw",
     "[<<ts>>] INFO JdbcSourceConnectorConfig values:\n\tconnection.url = jdbc:postgresql://<<host>>:5432/crm\n\tconnection.user = <<user>>\n\tconnection.password = <<S>>\n\tmode = timestamp",
     "JdbcSourceConnectorConfig values:"),
    ("journalctl-n8n-encryption-key-line", "n8n_enc",
     "Mar 12 08:14:02 <<host>> n8n[812]: Initializing n8n process\nMar 12 08:14:03 <<host>> n8n[812]: Using encryption key from N8N_ENCRYPTION_KEY: <<S>>\nMar 12 08:14:05 <<host>> n8n[812]: n8n ready on 0.0.0.0, port 5678",
     "Initializing n8n process"),
    ("postgres-log-statement-alter-role", "pw",
     "<<ts>> UTC [<<pid>>] postgres@crm LOG:  statement: ALTER ROLE zapier_ro WITH LOGIN PASSWORD '<<S>>';",
     "postgres@crm LOG:  statement: ALTER ROLE zapier_ro"),
    ("mysql-general-log-set-password", "pw",
     "<<ts>>\t   42 Query\tSET PASSWORD FOR 'retool'@'%' = '<<S>>'\n<<ts>>\t   42 Quit",
     "SET PASSWORD FOR 'retool'@'%'"),
    ("webhook-delivery-log-slack-url", "slack_hook",
     "delivery <<uuid>> → https://hooks.slack.com/services/<<team>>/<<bid>>/<<S>> failed: 404 no_service (attempt 3/5)",
     "failed: 404 no_service (attempt 3/5)"),
    ("express-morgan-reset-token-path", "pw_reset",
     "::ffff:<<ip>> - - [<<date>>] \"GET /account/reset-password?token=<<S>> HTTP/1.1\" 200 3121 \"-\" \"Mozilla/5.0\"",
     "/account/reset-password"),
    ("oauth-callback-log-auth-code", "g_code",
     "INFO oauth: callback GET /oauth2/callback?state=<<hex16>>&code=<<S>>&scope=https://www.googleapis.com/auth/calendar.readonly",
     "INFO oauth: callback GET /oauth2/callback"),
    ("powerbi-gateway-log-connection-string", "pw",
     "DM.EnterpriseGateway Error: 0 : <<ts>> [DM.Pipeline.Diagnostics] Failed to open connection: Data Source=<<host>>;Initial Catalog=Finance;User ID=pbi_reader;Password=<<S>>;Connect Timeout=30",
     "DM.EnterpriseGateway Error"),
    ("graph-sdk-http-debug-authorization", "jwt_ms",
     "Request: GET https://graph.microsoft.com/v1.0/users?$select=displayName,mail\nHeaders:\n  SdkVersion: graph-dotnet/5.56.0\n  Authorization: Bearer <<S>>\nResponse: 200 OK (312 ms)",
     "SdkVersion: graph-dotnet/5.56.0"),
    ("stripe-cli-listen-ready-signing-secret", "whsec",
     "$ stripe listen --forward-to localhost:3000/api/stripe/webhook\n> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is <<S>> (^C to quit)",
     "stripe listen --forward-to localhost:3000/api/stripe/webhook"),
    ("openai-authentication-error-full-key", "openai",
     "openai.AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect API key provided: <<S>>. You can find your API key at https://platform.openai.com/account/api-keys.', 'type': 'invalid_request_error', 'code': 'invalid_api_key'}}",
     "openai.AuthenticationError: Error code: 401"),
    ("twilio-rest-exception-debug-context", "twilio_tok",
     "twilio.base.exceptions.TwilioRestException: HTTP 401 error: Unable to create record: Authenticate\nDEBUG client init: account_sid=<<AC>> auth_token=<<S>> region=None",
     "Unable to create record: Authenticate"),
    ("supervisor-spawn-args-log", "hex32",
     "<<date>> 07:00:01,552 INFO spawned: 'zap-bridge' with pid <<pid>>\n<<date>> 07:00:01,553 DEBG 'zap-bridge' argv: ['/opt/zap-bridge/bin/bridge', '--api-key', '<<S>>', '--port', '8088']",
     "spawned: 'zap-bridge' with pid <<pid>>"),
    ("browser-console-retool-query-headers", "alnum32",
     "[Retool] query getOrders triggered by table1.onRowSelect\n[Retool] request headers {\"Content-Type\":\"application/json\",\"X-Api-Key\":\"<<S>>\"}",
     "[Retool] query getOrders triggered by table1.onRowSelect"),
    ("docker-build-log-arg-step", "at_pat",
     "Step 6/12 : ARG AIRTABLE_PAT=<<S>>\n ---> Running in <<hex12>>\nRemoving intermediate container <<hex12#2>>",
     "Step 6/12"),
    ("pm2-logs-dotenv-loaded-value", "notion_ntn",
     "0|notion-sync  | [dotenv@16.4.5] injecting env (4) from .env\n0|notion-sync  | loaded NOTION_TOKEN=<<S>>\n0|notion-sync  | polling database <<hex32>> every 60s",
     "0|notion-sync  | polling database <<hex32>> every 60s"),
    ("log-line-wrapped-label-next-line", "phrase",
     "2025-03-04 11:02:19 WARN  [ldap-sync] bind failed for cn=svc-ldap,ou=service,dc=<<co>>,dc=local with credentials:\n2025-03-04 11:02:19 WARN  [ldap-sync]   <<S>>",
     "[ldap-sync] bind failed"),
]


# ====================================================================
# note-or-chat: goals, notes, decisions, pasted chat and email
# ====================================================================
_NOTE = [
    ("slack-handover-login-slash-password", "pw",
     "@<<first>> handing over the n8n box while I'm out — admin login is <<user>> / <<S>> (pls rotate when I'm back)",
     "handing over the n8n box while I'm out"),
    ("teams-message-shared-mailbox-password", "pw",
     "<<first>> <<last>>  10:42 AM\nshared mailbox ops@<<dom>> password: <<S>>\nsomeone changed it again last week 🙃",
     "<<first>> <<last>>  10:42 AM"),
    ("spanish-chat-contrasena-airtable", "pww",
     "Hola <<first>>, la contraseña del Airtable de marketing es <<S>>, no la compartas fuera del equipo porfa.",
     "Hola <<first>>"),
    ("german-note-zugangsdaten-passwort", "pw",
     "Zugangsdaten für das HubSpot-Sandbox-Konto: Benutzer <<email>>, Passwort <<S>> — bitte nach dem Test ändern.",
     "Zugangsdaten für das HubSpot-Sandbox-Konto"),
    ("french-chat-mot-de-passe-zapier", "pw",
     "Le mot de passe du compte Zapier partagé : <<S>> (on le change vendredi après la démo)",
     "on le change vendredi après la démo"),
    ("portuguese-note-senha-make", "pron",
     "Senha do Make (conta da agência): <<S>> — login <<email>>",
     "login <<email>>"),
    ("italian-chat-password-retool", "pww",
     "la password del Retool on-prem è <<S>>, utente admin. Ricordati di attivare l'SSO.",
     "Ricordati di attivare l'SSO."),
    ("dutch-note-wachtwoord-powerbi", "pw",
     "Wachtwoord voor het Power BI-serviceaccount (svc-pbi@<<dom>>): <<S>>",
     "svc-pbi@<<dom>>"),
    ("polish-chat-haslo-salesforce", "pw",
     "hasło do konta integracyjnego Salesforce (<<email>>): <<S>>",
     "hasło do konta integracyjnego Salesforce"),
    ("japanese-chat-notion-integration-secret", "notion_secret",
     "<<first>>さん、Notionのインテグレーションのシークレットはこちらです：<<S>>\n社外には共有しないでください。",
     "社外には共有しないでください。"),
    ("chinese-chat-wecom-webhook-key", "wecom",
     "企业微信机器人的 webhook 地址：https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=<<S>> ，用于推送 n8n 的告警。",
     "https://qyapi.weixin.qq.com/cgi-bin/webhook/send"),
    ("korean-chat-airtable-token-share", "at_pat",
     "에어테이블 토큰 공유합니다: <<S>>\n베이스 ID는 <<app>> 입니다.",
     "베이스 ID는 <<app>> 입니다."),
    ("russian-note-parol-pochta", "pw",
     "Пароль от почты info@<<dom>>: <<S>> (не менять до конца квартала)",
     "info@<<dom>>"),
    ("turkish-chat-hubspot-private-app-key", "hs_pat",
     "HubSpot özel uygulama erişim anahtarı: <<S>> — Zapier bağlantısında kullanıyoruz.",
     "Zapier bağlantısında kullanıyoruz."),
    ("swedish-note-losenord-workspace-admin", "phrase",
     "Lösenordet till Google Workspace-adminkontot (admin@<<dom>>) är <<S>>",
     "admin@<<dom>>"),
    ("hindi-chat-zapier-password", "pww",
     "<<first>>, Zapier अकाउंट का पासवर्ड है: <<S>> — किसी और को मत भेजना।",
     "Zapier अकाउंट का पासवर्ड है"),
    ("vietnamese-chat-mat-khau-make", "pw",
     "Mật khẩu tài khoản Make của công ty: <<S>> (đăng nhập bằng <<email>>)",
     "đăng nhập bằng <<email>>"),
    ("indonesian-note-kata-sandi-salesforce", "pw",
     "kata sandi akun integrasi Salesforce: <<S>> — tolong simpan di 1Password ya",
     "tolong simpan di 1Password ya"),
    ("arabic-chat-n8n-password", "pw",
     "كلمة المرور لحساب n8n الإداري: <<S>>",
     "n8n"),
    ("agent-running-notes-creds-unlabeled", "pw",
     "## Running notes\n- [x] got creds from <<first>>: <<user>> / <<S>>\n- [ ] test login on staging Retool (https://retool-staging.<<dom>>)\n- [ ] move creds into Retool resource config",
     "## Running notes"),
    ("agent-goal-statement-with-pw", "pw",
     "GOAL: migrate the 14 remaining Zaps to n8n.\nContext: old Zapier account <<email>> pw <<S>>; new n8n lives at https://<<host>>",
     "GOAL: migrate the 14 remaining Zaps to n8n."),
    ("decision-log-keep-legacy-key", "hs_key",
     "Decision (<<date>>): keep using the legacy HubSpot API key (<<S>>) for the nightly export until IT approves the private app.",
     "keep using the legacy HubSpot API key"),
    ("pasted-email-reply-mailchimp-key", "mailchimp",
     "From: <<first>> <<last>> <<<email>>>\nSubject: Re: Mailchimp access for the newsletter Zap\n\nHi! Here you go — API key: <<S>>\nLet me know if you need the audience id too.\n\nThanks,\n<<first>>",
     "Subject: Re: Mailchimp access for the newsletter Zap"),
    ("jira-comment-temp-password-braces", "pron",
     "[~<<user>>] reset the svc-retool account, temp password is {{<<S>>}} — must be changed at first login.",
     "reset the svc-retool account"),
    ("chat-wifi-passphrase-quoted", "phrase_sp",
     "wifi for the offsite: network \"<<Co>>-Guest\", passphrase \"<<S>>\"",
     "network \"<<Co>>-Guest\""),
    ("sticky-note-u-p-lines", "pw",
     "Airtable (ops base)\nu: <<email>>\np: <<S>>",
     "Airtable (ops base)"),
    ("chat-two-lines-email-then-password", "pww",
     "sure, here's the SF integration user:\n<<email>>\n<<S>>",
     "here's the SF integration user"),
    ("chat-bare-bot-token-question", "slack_bot",
     "can someone check why this bot token stopped working? <<S>> it was fine yesterday",
     "can someone check why this bot token stopped working?"),
    ("chat-google-app-password-spaced", "g_app_pw_sp",
     "made an app password for the scan-to-email copier (scanner@<<dom>>): <<S>>",
     "scan-to-email copier"),
    ("note-2fa-backup-codes-block", "backup_codes",
     "2FA backup codes for admin@<<dom>> (Google), keep safe:\n<<S>>",
     "2FA backup codes for admin@<<dom>>"),
    ("chat-totp-seed-shared-admin", "totp",
     "The MFA seed for the shared Salesforce admin is <<S>> — add it to your authenticator, then delete this message.",
     "add it to your authenticator"),
    ("chat-frontdoor-url-with-sid", "sf_sid",
     "quicker: log straight into the sandbox with https://<<co>>--uat.sandbox.my.salesforce.com/secur/frontdoor.jsp?sid=<<S>>",
     "log straight into the sandbox"),
    ("whatsapp-export-line-shopify-staff", "pw",
     "[10:14, 3/4/2025] <<first>>: pass for the Shopify staff acct is <<S>>",
     "pass for the Shopify staff acct is"),
    ("meeting-notes-retool-admin-pw-changed", "pw",
     "## Ops sync <<date>>\n- Retool admin pw changed to <<S>> (<<first>> has it too)\n- Next: move to Okta SSO, then disable password login",
     "## Ops sync <<date>>"),
    ("agent-scratchpad-found-hardcoded-token", "hs_pat",
     "Found a hardcoded token in Code.gs line 14 (<<S>>). Plan: move it to Script Properties, then ask <<first>> to revoke it in HubSpot.",
     "Found a hardcoded token in Code.gs line 14"),
    ("handover-markdown-table-password-column", "pw",
     "| System | User | Password |\n|---|---|---|\n| Make.com | <<email>> | <<S>> |\n| Notion | <<email>> | SSO |",
     "| System | User | Password |"),
    ("chat-temp-m365-password-pronounceable", "pron",
     "temp pw for <<first>>'s new M365 account: <<S>> (forced change at first sign-in)",
     "forced change at first sign-in"),
    ("chat-random-password-in-quotes", "rand",
     "new password for the Power BI gateway service is \"<<S>>\" (without the quotes)",
     "(without the quotes)"),
    ("chat-vault-master-passphrase", "phrase",
     "1Password is down so here's the master password for the shared Ops vault until tomorrow: <<S>>",
     "1Password is down"),
    ("pr-review-comment-committed-token", "twilio_tok",
     "> nit: you committed the Twilio auth token (<<S>>) in config.js — please rotate it and read it from env instead",
     "please rotate it and read it from env instead"),
    ("todo-comment-in-notes-stripe-key", "stripe_sk",
     "TODO(<<user>>): replace hardcoded Stripe key <<S>> in the Retool query with the resource secret",
     "in the Retool query with the resource secret"),
    ("german-chat-app-passwort-outlook", "ms_app_pw",
     "App-Kennwort für Outlook auf dem Multifunktionsdrucker: <<S>>",
     "Multifunktionsdrucker"),
    ("french-note-chaine-connexion-powerbi", "pw",
     "Chaîne de connexion pour le rapport Power BI : Server=<<host>>;Database=Ventes;User Id=pbi;Password=<<S>>;",
     "Chaîne de connexion pour le rapport Power BI"),
    ("spanish-note-token-pipedrive", "pipedrive",
     "El token de la API de Pipedrive es <<S>>, lo necesitas para el escenario de Make de facturas.",
     "lo necesitas para el escenario de Make de facturas"),
    ("japanese-note-shared-account-password", "pw",
     "共有アカウント（<<email>>）のパスワードは <<S>> です。",
     "共有アカウント（<<email>>）"),
    ("chinese-note-n8n-admin-password", "pww",
     "n8n 后台账号 admin，密码 <<S>>，登录地址 https://<<host>>",
     "登录地址 https://<<host>>"),
    ("portuguese-chat-token-telegram-bot", "telegram",
     "o token do bot do Telegram que manda os leads é <<S>>",
     "o token do bot do Telegram"),
    ("mixed-german-english-pw-neu", "pw",
     "pw neu fürs Airtable: <<S>> (alte geht nicht mehr)",
     "(alte geht nicht mehr)"),
    ("sms-forward-temporary-password", "pron",
     "Fwd SMS: \"Your temporary Retool password is <<S>>. It expires in 24 hours.\"",
     "It expires in 24 hours."),
    ("decision-note-service-account-pwd-parens", "pw",
     "DECISION: flows will use svc-powerautomate@<<dom>> (pwd: <<S>>) for connections instead of personal accounts.",
     "DECISION: flows will use svc-powerautomate@<<dom>>"),
    ("chat-azure-blob-sas-link", "sas_sig",
     "this link works for downloading the export: https://<<co>>exports.blob.core.windows.net/exports/hubspot-<<date>>.csv?sv=2022-11-02&ss=b&srt=o&sp=r&se=2025-12-31T23:59:59Z&st=2025-01-01T00:00:00Z&spr=https&sig=<<S>>",
     "this link works for downloading the export"),
    ("chat-s3-presigned-url", "s3_sig",
     "grab it here (valid 7 days): https://<<co>>-exports.s3.<<region>>.amazonaws.com/airtable/backup-<<date>>.zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA<<U16>>%2F20250301%2F<<region>>%2Fs3%2Faws4_request&X-Amz-Date=20250301T101500Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature=<<S>>",
     "grab it here (valid 7 days)"),
    ("slack-thread-reply-make-token", "make_token",
     "thread: \"Make scenario keeps failing with 401\"\n<<first>>: try the new token, the current one is <<S>>",
     "Make scenario keeps failing with 401"),
    ("note-retool-license-key", "retool_license",
     "our self-hosted Retool license key (renews <<date>>): <<S>>",
     "our self-hosted Retool license key"),
    ("forum-post-google-api-key", "google_api",
     "I'm calling the Places API from Apps Script with my key <<S>> but I keep getting REQUEST_DENIED, any idea?",
     "REQUEST_DENIED"),
    ("note-gcp-maps-key-restricted", "google_api",
     "Maps key for the lead-geo sheet: <<S>> (restricted to the Sheets add-on, referrer *.googleusercontent.com)",
     "Maps key for the lead-geo sheet"),
    ("note-notion-token-v2-cookie-workaround", "notion_cookie",
     "workaround until the integration is approved: grabbed token_v2 from the browser -> <<S>>",
     "workaround until the integration is approved"),
    ("ukrainian-chat-parol-retool", "pw",
     "пароль до Retool (адмін): <<S>>",
     "пароль до Retool"),
    ("greek-chat-kodikos-airtable", "pw",
     "Ο κωδικός για το Airtable είναι <<S>>",
     "Ο κωδικός για το Airtable είναι"),
    ("hebrew-chat-sisma-hubspot", "pw",
     "הסיסמה לחשבון HubSpot היא <<S>>",
     "HubSpot"),
    ("thai-chat-rahat-zapier", "pw",
     "รหัสผ่านบัญชี Zapier คือ <<S>>",
     "Zapier"),
    ("finnish-note-salasana-make", "pww",
     "Salasana Make-tilille (<<email>>): <<S>>",
     "Salasana Make-tilille"),
    ("czech-chat-heslo-n8n", "pw",
     "heslo k účtu n8n je <<S>>, uživatel <<user>>",
     "uživatel <<user>>"),
    ("danish-note-adgangskode-notion", "phrase",
     "Adgangskode til den fælles Notion-konto: <<S>>",
     "Adgangskode til den fælles Notion-konto"),
    ("chat-pasted-json-credential-blob", "pw",
     "here's the cred blob from the old Retool resource, should still work: {\"username\":\"<<user>>\",\"password\":\"<<S>>\",\"host\":\"<<host>>\"}",
     "here's the cred blob from the old Retool resource"),
]


# ====================================================================
# ci-and-deploy: pipelines, deploy scripts, build logs, IaC
# ====================================================================
_CI = [
    ("gha-workflow-env-hardcoded-token", "hs_pat",
     "name: nightly-hubspot-export\non:\n  schedule:\n    - cron: '0 2 * * *'\njobs:\n  export:\n    runs-on: ubuntu-latest\n    env:\n      HUBSPOT_TOKEN: <<S>>\n    steps:\n      - uses: actions/checkout@v4",
     "name: nightly-hubspot-export"),
    ("gha-step-run-curl-slack-webhook", "slack_hook",
     "      - name: Notify Slack\n        if: always()\n        run: |\n          curl -X POST -H 'Content-type: application/json' \\\n            -d '{\"text\":\"Deploy of retool-modules finished: ${{ job.status }}\"}' \\\n            https://hooks.slack.com/services/<<team>>/<<bid>>/<<S>>",
     "- name: Notify Slack"),
    ("gitlab-ci-variables-block-password", "pw",
     "variables:\n  SF_USERNAME: \"<<email>>\"\n  SF_PASSWORD: \"<<S>>\"\n  SF_INSTANCE: \"https://login.salesforce.com\"\n\ndeploy_prod:\n  stage: deploy\n  script:\n    - ./scripts/deploy.sh",
     "SF_USERNAME: \"<<email>>\""),
    ("gitlab-ci-job-variable-access-token", "sf_sid",
     "deploy_metadata:\n  image: salesforce/cli:latest-full\n  variables:\n    SF_ACCESS_TOKEN: \"<<S>>\"\n  script:\n    - sf org login access-token --instance-url https://<<co>>.my.salesforce.com --no-prompt\n    - sf project deploy start --target-org prod",
     "image: salesforce/cli:latest-full"),
    ("circleci-job-environment-map", "at_pat",
     "jobs:\n  sync:\n    docker:\n      - image: cimg/node:20.11\n    environment:\n      AIRTABLE_PAT: <<S>>\n      AIRTABLE_BASE: <<app>>\n    steps:\n      - checkout\n      - run: npm ci && node sync.js",
     "image: cimg/node:20.11"),
    ("azure-pipelines-variables-plain", "azsec",
     "trigger:\n  - main\nvariables:\n  tenantId: '<<uuid>>'\n  clientId: '<<uuid#2>>'\n  clientSecret: '<<S>>'\npool:\n  vmImage: windows-latest",
     "vmImage: windows-latest"),
    ("azure-pipelines-pac-auth-create-script", "azsec",
     "- script: |\n    pac auth create --environment https://<<co>>.crm4.dynamics.com --applicationId <<uuid>> --clientSecret \"<<S>>\" --tenant <<uuid#2>>\n    pac solution import --path out/HRConnector_managed.zip\n  displayName: Import HR connector solution",
     "displayName: Import HR connector solution"),
    ("bitbucket-pipelines-slack-notify-pipe", "slack_hook",
     "- step:\n    name: Notify\n    script:\n      - pipe: atlassian/slack-notify:2.1.0\n        variables:\n          WEBHOOK_URL: 'https://hooks.slack.com/services/<<team>>/<<bid>>/<<S>>'\n          MESSAGE: 'Zapier app pushed'",
     "pipe: atlassian/slack-notify:2.1.0"),
    ("jenkinsfile-withenv-token", "zendesk",
     "stage('Export tickets') {\n  steps {\n    withEnv([\"ZENDESK_EMAIL=<<email>>\", \"ZENDESK_TOKEN=<<S>>\"]) {\n      sh './bin/export-tickets.sh --since 7d'\n    }\n  }\n}",
     "stage('Export tickets')"),
    ("jenkins-credentials-xml-plaintext", "pw",
     "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <scope>GLOBAL</scope>\n  <id>sf-deploy-user</id>\n  <username><<email>></username>\n  <password><<S>></password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>",
     "<id>sf-deploy-user</id>"),
    ("dockerfile-env-instruction-token", "make_token",
     "FROM node:20-alpine\nWORKDIR /app\nCOPY . .\nENV MAKE_API_TOKEN=<<S>>\nENV MAKE_ZONE=eu2.make.com\nCMD [\"node\", \"bridge.js\"]",
     "FROM node:20-alpine"),
    ("dockerfile-arg-default-npm-token", "npm",
     "ARG NPM_TOKEN=<<S>>\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci && rm -f .npmrc",
     "npm ci && rm -f .npmrc"),
    ("helm-upgrade-set-encryption-key", "n8n_enc",
     "helm upgrade --install n8n oci://8gears.container-registry.com/library/n8n --version 0.25.2 -n automation \\\n  --set secret.n8n.encryption_key=<<S>> \\\n  --set config.database.type=postgresdb",
     "helm upgrade --install n8n"),
    ("k8s-deployment-env-literal-value", "retool_license",
     "        env:\n          - name: NODE_ENV\n            value: production\n          - name: LICENSE_KEY\n            value: \"<<S>>\"\n          - name: COOKIE_INSECURE\n            value: \"false\"",
     "- name: NODE_ENV"),
    ("tf-var-env-prefix-apply", "notion_ntn",
     "TF_VAR_notion_token=<<S>> terraform apply -auto-approve -var-file=prod.tfvars",
     "terraform apply -auto-approve -var-file=prod.tfvars"),
    ("ansible-playbook-extra-vars-password", "pw",
     "ansible-playbook deploy_n8n.yml -i inventories/prod/hosts.ini -e \"n8n_db_password=<<S>> n8n_version=1.<<n>>.0\"",
     "ansible-playbook deploy_n8n.yml"),
    ("vercel-json-env-block", "hs_client_secret",
     "{\n  \"version\": 2,\n  \"env\": {\n    \"HUBSPOT_CLIENT_ID\": \"<<uuid>>\",\n    \"HUBSPOT_CLIENT_SECRET\": \"<<S>>\"\n  }\n}",
     "\"version\": 2"),
    ("netlify-toml-build-environment", "at_key",
     "[build]\n  command = \"npm run build\"\n  publish = \"dist\"\n\n[build.environment]\n  NODE_VERSION = \"20\"\n  AIRTABLE_API_KEY = \"<<S>>\"",
     "command = \"npm run build\""),
    ("render-yaml-envvars-value", "whsec",
     "services:\n  - type: web\n    name: stripe-to-sheets\n    env: node\n    envVars:\n      - key: STRIPE_WEBHOOK_SECRET\n        value: <<S>>\n      - key: SHEET_ID\n        value: <<sheet>>",
     "name: stripe-to-sheets"),
    ("flyctl-secrets-set-inline", "openai",
     "flyctl secrets set OPENAI_API_KEY=<<S>> -a <<co>>-ticket-triage",
     "-a <<co>>-ticket-triage"),
    ("railway-variables-set", "sendgrid",
     "railway variables --set \"SENDGRID_API_KEY=<<S>>\" --service mailer",
     "--service mailer"),
    ("gha-log-env-block-unmasked", "ya29",
     "Run ./scripts/deploy-apps-script.sh\n  ./scripts/deploy-apps-script.sh\n  shell: /usr/bin/bash -e {0}\n  env:\n    SCRIPT_ID: <<scriptid>>\n    GOOGLE_ACCESS_TOKEN: <<S>>",
     "shell: /usr/bin/bash -e {0}"),
    ("gha-step-write-clasprc-inline", "g_refresh",
     "      - name: Write clasp credentials\n        run: echo '{\"token\":{\"refresh_token\":\"<<S>>\",\"token_type\":\"Bearer\"},\"oauth2ClientSettings\":{\"clientId\":\"<<gcid>>\"}}' > ~/.clasprc.json\n      - run: npx clasp push -f",
     "- name: Write clasp credentials"),
    ("gha-zapier-push-step-env", "zap_deploy",
     "      - name: Push Zapier integration\n        run: npx zapier-platform-cli push\n        env:\n          ZAPIER_DEPLOY_KEY: <<S>>",
     "- name: Push Zapier integration"),
    ("ci-step-echo-sfdx-auth-url", "sf_refresh",
     "      - run: |\n          echo \"force://PlatformCLI::<<S>>@<<co>>.my.salesforce.com\" > ./SFDX_URL.txt\n          sf org login sfdx-url -f ./SFDX_URL.txt -a ci-org",
     "sf org login sfdx-url -f ./SFDX_URL.txt -a ci-org"),
    ("committed-server-key-for-jwt-flow", "pem_rsa",
     "# config/server.key (committed by mistake in <<hex7>>; used by sf org login jwt)\n-----BEGIN RSA PRIVATE KEY-----\n<<S>>\n-----END RSA PRIVATE KEY-----",
     "used by sf org login jwt"),
    ("gitlab-ci-docker-login-p-flag", "glpat",
     "build_image:\n  script:\n    - docker login -u <<user>> -p <<S>> registry.gitlab.<<dom>>\n    - docker build -t registry.gitlab.<<dom>>/ops/n8n-custom:$CI_COMMIT_SHORT_SHA .",
     "build_image:"),
    ("azure-devops-service-endpoint-json", "azsec",
     "{\n  \"name\": \"sc-powerplatform-prod\",\n  \"type\": \"azurerm\",\n  \"authorization\": {\n    \"scheme\": \"ServicePrincipal\",\n    \"parameters\": {\n      \"tenantid\": \"<<uuid>>\",\n      \"serviceprincipalid\": \"<<uuid#2>>\",\n      \"serviceprincipalkey\": \"<<S>>\"\n    }\n  }\n}",
     "\"name\": \"sc-powerplatform-prod\""),
    ("power-platform-build-tools-inline-secret", "azsec",
     "- task: PowerPlatformToolInstaller@2\n- task: PowerPlatformExportSolution@2\n  inputs:\n    authenticationType: PowerPlatformSPN\n    PowerPlatformSPN: sc-pp-dev\n    SolutionName: OnboardingFlows\n    # temporary until the service connection is fixed\n    ClientSecret: <<S>>",
     "SolutionName: OnboardingFlows"),
    ("drone-plugin-discord-webhook-url", "discord",
     "- name: notify\n  image: appleboy/drone-discord\n  settings:\n    webhook_id: <<big>>\n    webhook_url: https://discord.com/api/webhooks/<<big>>/<<S>>",
     "image: appleboy/drone-discord"),
    ("deploy-sh-hardcoded-bearer-var", "retool",
     "#!/usr/bin/env bash\nset -euo pipefail\nRETOOL_TOKEN=\"<<S>>\"\ncurl -sf -X POST \"https://retool.<<dom>>/api/v2/source_control/deploy\" -H \"Authorization: Bearer $RETOOL_TOKEN\"",
     "/api/v2/source_control/deploy"),
    ("makefile-conditional-default-key", "hs_key",
     "HS_DEV_KEY ?= <<S>>\n\ndeploy:\n\ths project upload --account=dev --key=$(HS_DEV_KEY)",
     "hs project upload --account=dev"),
    ("travis-yml-env-global", "twilio_tok",
     "language: node_js\nnode_js: 20\nenv:\n  global:\n    - TWILIO_ACCOUNT_SID=<<AC>>\n    - TWILIO_AUTH_TOKEN=<<S>>",
     "language: node_js"),
    ("cloudbuild-substitutions-mailgun", "mailgun",
     "substitutions:\n  _MAILGUN_DOMAIN: mg.<<dom>>\n  _MAILGUN_KEY: <<S>>\nsteps:\n  - name: gcr.io/cloud-builders/gcloud\n    args: ['functions', 'deploy', 'notify', '--set-env-vars', 'MAILGUN_KEY=${_MAILGUN_KEY}']",
     "_MAILGUN_DOMAIN: mg.<<dom>>"),
    ("gh-workflow-run-input-token", "linear",
     "gh workflow run release-notes.yml -f linear_token=<<S>> -f team=OPS",
     "gh workflow run release-notes.yml"),
    ("compose-build-args-github-token", "gh_fine",
     "services:\n  retool-components:\n    build:\n      context: .\n      args:\n        - GITHUB_TOKEN=<<S>>",
     "retool-components:"),
    ("gha-set-output-token-log", "sf_sid",
     "Run echo \"::set-output name=sf_token::$TOKEN\"\n::set-output name=sf_token::<<S>>\nWarning: The `set-output` command is deprecated and will be disabled soon.",
     "Warning: The `set-output` command is deprecated"),
    ("ci-log-echo-before-add-mask", "okta",
     "+ echo 'Using Okta token <<S>> for user provisioning'\nUsing Okta token <<S>> for user provisioning\n+ echo ::add-mask::***",
     "for user provisioning"),
    ("ansible-inventory-ansible-password", "pw",
     "[n8n_hosts]\n<<host>> ansible_user=deploy ansible_password=<<S>> ansible_become=true",
     "ansible_user=deploy"),
    ("kustomize-secretgenerator-literal", "hs_pat",
     "secretGenerator:\n  - name: hubspot-sync\n    literals:\n      - HUBSPOT_TOKEN=<<S>>\n      - HUBSPOT_PORTAL=<<id>>",
     "- name: hubspot-sync"),
    ("gcloud-run-deploy-set-env-vars", "at_pat",
     "gcloud run deploy lead-router --region <<region>> --source . --set-env-vars=AIRTABLE_PAT=<<S>>,AIRTABLE_BASE=<<app>>",
     "gcloud run deploy lead-router"),
    ("az-functionapp-appsettings-set", "hs_pat",
     "az functionapp config appsettings set -g rg-automation -n fn-<<co>>-sync --settings \"HubSpotToken=<<S>>\" \"Schedule=0 */15 * * * *\"",
     "az functionapp config appsettings set -g rg-automation"),
    ("aws-lambda-update-environment-variables", "shopify",
     "aws lambda update-function-configuration --function-name shopify-to-airtable --environment \"Variables={SHOPIFY_TOKEN=<<S>>,SHOP=<<co>>.myshopify.com}\"",
     "--function-name shopify-to-airtable"),
    ("wrangler-secret-put-echo-pipe", "notion_secret",
     "echo \"<<S>>\" | npx wrangler secret put NOTION_TOKEN --env production",
     "npx wrangler secret put NOTION_TOKEN"),
    ("supabase-secrets-set-inline", "stripe_sk",
     "supabase secrets set STRIPE_SECRET_KEY=<<S>> --project-ref <<l26>>",
     "supabase secrets set STRIPE_SECRET_KEY"),
    ("firebase-functions-config-set", "sendgrid",
     "firebase functions:config:set sendgrid.key=\"<<S>>\" sendgrid.from=\"noreply@<<dom>>\"",
     "firebase functions:config:set"),
    ("heroku-app-json-env-value", "hex32",
     "{\n  \"name\": \"slack-lead-bot\",\n  \"env\": {\n    \"SLACK_SIGNING_SECRET\": { \"value\": \"<<S>>\" },\n    \"NODE_ENV\": { \"value\": \"production\" }\n  }\n}",
     "\"name\": \"slack-lead-bot\""),
    ("ci-log-cat-config-json", "mailchimp",
     "$ cat config/prod.json\n{\n  \"mailchimp\": { \"apiKey\": \"<<S>>\", \"listId\": \"<<hex8>>\" },\n  \"sentry\": { \"dsn\": \"\" }\n}",
     "cat config/prod.json"),
    ("teamcity-build-parameter-plain", "bamboo",
     "<param name=\"env.BAMBOOHR_SUBDOMAIN\" value=\"<<co>>\" />\n<param name=\"env.BAMBOOHR_API_KEY\" value=\"<<S>>\" />",
     "env.BAMBOOHR_SUBDOMAIN"),
    ("buildkit-log-run-npmrc-token", "gh_pat",
     "#7 [build 3/7] RUN echo \"//npm.pkg.github.com/:_authToken=<<S>>\" >> .npmrc\n#7 DONE 0.2s",
     "#7 DONE 0.2s"),
    ("terraform-plan-output-unmasked-value", "google_api",
     "  # google_secret_manager_secret_version.maps_key will be created\n  + resource \"google_secret_manager_secret_version\" \"maps_key\" {\n      + id          = (known after apply)\n      + secret_data = \"<<S>>\"\n    }",
     "google_secret_manager_secret_version.maps_key will be created"),
    ("gitlab-pipeline-trigger-curl-token", "glptt",
     "curl -X POST --fail -F token=<<S>> -F ref=main -F \"variables[DEPLOY_ENV]=prod\" https://gitlab.<<dom>>/api/v4/projects/<<n>>/trigger/pipeline",
     "/trigger/pipeline"),
    ("pp-deployment-settings-env-variable-value", "hs_key",
     "{\n  \"EnvironmentVariables\": [\n    { \"SchemaName\": \"cr8a1_HubSpotPortal\", \"Value\": \"<<id>>\" },\n    { \"SchemaName\": \"cr8a1_HubSpotApiKey\", \"Value\": \"<<S>>\" }\n  ],\n  \"ConnectionReferences\": []\n}",
     "\"ConnectionReferences\": []"),
    ("gha-env-jwt-key-base64", "pem_b64",
     "    env:\n      SF_CLIENT_ID: ${{ vars.SF_CLIENT_ID }}\n      SF_JWT_KEY_B64: <<S>>\n    steps:\n      - run: echo \"$SF_JWT_KEY_B64\" | base64 -d > server.key",
     "SF_CLIENT_ID: ${{ vars.SF_CLIENT_ID }}"),
    ("git-push-heroku-https-api-key", "heroku",
     "git push https://heroku:<<S>>@git.heroku.com/<<co>>-zap-bridge.git HEAD:main",
     "git.heroku.com/<<co>>-zap-bridge.git"),
    ("dependabot-registries-token", "npm",
     "registries:\n  npm-private:\n    type: npm-registry\n    url: https://registry.npmjs.org\n    token: <<S>>\nupdates:\n  - package-ecosystem: npm",
     "type: npm-registry"),
    ("ci-docker-run-e-api-token", "atlassian",
     "docker run --rm -e JIRA_BASE=https://<<co>>.atlassian.net -e JIRA_EMAIL=<<email>> -e JIRA_API_TOKEN=<<S>> ghcr.io/<<co>>/release-notes:latest",
     "ghcr.io/<<co>>/release-notes:latest"),
    ("cypress-run-env-password", "pw",
     "npx cypress run --spec cypress/e2e/hubspot-form.cy.ts --env HUBSPOT_TEST_USER=<<email>>,HUBSPOT_TEST_PASSWORD=<<S>>",
     "cypress/e2e/hubspot-form.cy.ts"),
    ("gha-env-retool-admin-password", "pww",
     "    env:\n      RETOOL_URL: https://retool-staging.<<dom>>\n      PW_RETOOL_ADMIN_EMAIL: <<email>>\n      PW_RETOOL_ADMIN_PASSWORD: <<S>>\n    steps:\n      - run: npx playwright test",
     "npx playwright test"),
    ("sentry-cli-auth-token-env-prefix", "sentry",
     "SENTRY_AUTH_TOKEN=<<S>> npx @sentry/cli releases new -p retool-widgets \"$GITHUB_SHA\"",
     "releases new -p retool-widgets"),
    ("datadog-ci-api-key-prefix", "datadog",
     "DD_API_KEY=<<S>> DD_SITE=datadoghq.eu npx @datadog/datadog-ci junit upload --service n8n-nodes reports/junit.xml",
     "junit upload --service n8n-nodes"),
    ("netlify-deploy-auth-flag", "netlify",
     "netlify deploy --prod --dir dist --auth <<S>> --site <<uuid>>",
     "netlify deploy --prod --dir dist"),
    ("vercel-deploy-token-flag", "vercel",
     "vercel deploy --prod --token <<S>> --scope <<co>>",
     "vercel deploy --prod"),
    ("az-webapp-connection-string-set", "pw",
     "az webapp config connection-string set -g rg-portal -n app-<<co>>-portal -t SQLAzure --settings CrmDb=\"Server=tcp:<<co>>-sql.database.windows.net,1433;Database=crm;User ID=portal;Password=<<S>>;Encrypt=true\"",
     "az webapp config connection-string set"),
]


# ====================================================================
# vendor-token: one vendor credential shape per format, short context
# ====================================================================
_VEND = [
    ("hubspot-private-app-access-token", "hs_pat",
     "HubSpot > Settings > Integrations > Private apps > \"Lead sync\" > Auth\nAccess token: <<S>>",
     "Private apps > \"Lead sync\""),
    ("hubspot-legacy-hapikey-uuid", "hs_key",
     "HAPIKEY=<<S>>  # legacy developer API key, portal <<id>>",
     "portal <<id>>"),
    ("hubspot-personal-access-key-cli", "hs_pak",
     "hs auth --account=<<co>>-prod\n? Enter your personal access key: <<S>>",
     "hs auth --account=<<co>>-prod"),
    ("hubspot-oauth-refresh-token-region-uuid", "hs_refresh",
     "\"refresh_token\": \"<<S>>\",  // HubSpot OAuth (public app <<id>>)",
     "HubSpot OAuth"),
    ("airtable-personal-access-token", "at_pat",
     "Airtable › Developer hub › Personal access tokens › \"ops-sync\" (scopes: data.records:read, data.records:write)\n<<S>>",
     "Personal access tokens"),
    ("airtable-legacy-api-key", "at_key",
     "airtable_api_key: <<S>>  # deprecated Feb 2024, migrate to PAT",
     "deprecated Feb 2024, migrate to PAT"),
    ("notion-internal-integration-secret", "notion_secret",
     "Notion › Settings › Connections › Develop or manage integrations › \"Ops Wiki Sync\" › Internal Integration Secret: <<S>>",
     "Internal Integration Secret"),
    ("notion-ntn-integration-token", "notion_ntn",
     "NOTION_API_KEY=<<S>>",
     "NOTION_API_KEY="),
    ("zapier-cli-deploy-key", "zap_deploy",
     "Zapier Developer Platform › Settings › Deploy Keys\n  ci-deploy   <<S>>   created <<date>>",
     "Deploy Keys"),
    ("zapier-ai-actions-api-key", "zap_nla",
     "x-api-key: <<S>>  (Zapier AI Actions / NLA)",
     "(Zapier AI Actions / NLA)"),
    ("make-api-token-header", "make_token",
     "Authorization: Token <<S>>\nHost: eu1.make.com",
     "Host: eu1.make.com"),
    ("make-webhook-url-path-key", "make_hook",
     "Webhook address: https://hook.eu1.make.com/<<S>>",
     "Webhook address: https://hook.eu1.make.com/"),
    ("n8n-public-api-key-jwt", "jwt_n8n",
     "X-N8N-API-KEY: <<S>>",
     "X-N8N-API-KEY"),
    ("n8n-legacy-api-key-prefixed", "n8n_api",
     "n8n › Settings › n8n API › API key (label: zapier-migration): <<S>>",
     "API key (label: zapier-migration)"),
    ("power-automate-request-trigger-url-sig", "pa_sig",
     "HTTP POST URL: https://prod-<<n>>.<<azregion>>.logic.azure.com/workflows/<<hex32>>/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=<<S>>",
     "HTTP POST URL"),
    ("entra-app-client-secret-value", "azsec",
     "Certificates & secrets › Client secrets › \"flows-<<date>>\" › Value: <<S>>   Secret ID: <<uuid>>",
     "Secret ID: <<uuid>>"),
    ("salesforce-access-token-session-id", "sf_sid",
     "SF_SESSION=<<S>>",
     "SF_SESSION="),
    ("salesforce-connected-app-consumer-secret", "sf_cs",
     "Connected App \"Retool Integration\" › Consumer Details\nConsumer Secret: <<S>>",
     "Connected App \"Retool Integration\""),
    ("salesforce-security-token-email", "sf_sectoken",
     "Your new Salesforce security token\nHello <<first>>, your security token for <<email>> is: <<S>>",
     "Your new Salesforce security token"),
    ("salesforce-refresh-token-5aep", "sf_refresh",
     "sf_refresh_token = \"<<S>>\"",
     "sf_refresh_token"),
    ("google-api-key-aiza", "google_api",
     "GOOGLE_MAPS_API_KEY=<<S>>",
     "GOOGLE_MAPS_API_KEY"),
    ("google-oauth-client-secret-gocspx", "gocspx",
     "{\"web\":{\"client_id\":\"<<gcid>>\",\"project_id\":\"<<proj>>\",\"client_secret\":\"<<S>>\",\"redirect_uris\":[\"https://n8n.<<dom>>/rest/oauth2-credential/callback\"]}}",
     "\"project_id\":\"<<proj>>\""),
    ("google-oauth-refresh-token-1slash", "g_refresh",
     "GMAIL_REFRESH_TOKEN=<<S>>",
     "GMAIL_REFRESH_TOKEN"),
    ("google-access-token-ya29", "ya29",
     "Authorization: Bearer <<S>>\nx-goog-user-project: <<proj>>",
     "x-goog-user-project: <<proj>>"),
    ("slack-bot-token-xoxb", "slack_bot",
     "Bot User OAuth Token  <<S>>",
     "Bot User OAuth Token"),
    ("slack-user-token-xoxp", "slack_user",
     "SLACK_USER_TOKEN=<<S>>",
     "SLACK_USER_TOKEN"),
    ("slack-app-level-token-xapp", "slack_app",
     "App-Level Tokens › socket-mode (connections:write): <<S>>",
     "App-Level Tokens"),
    ("stripe-live-secret-key", "stripe_sk",
     "Stripe Dashboard › Developers › API keys › Secret key › Reveal live key\n<<S>>",
     "Reveal live key"),
    ("stripe-restricted-key", "stripe_rk",
     "STRIPE_RESTRICTED_KEY=<<S>>  # read-only: charges, customers",
     "read-only: charges, customers"),
    ("stripe-webhook-signing-secret", "whsec",
     "Signing secret  <<S>>",
     "Signing secret"),
    ("twilio-auth-token-hex", "twilio_tok",
     "Account SID  <<AC>>\nAuth Token   <<S>>",
     "Account SID  <<AC>>"),
    ("sendgrid-api-key-sg-dot", "sendgrid",
     "SENDGRID_API_KEY='<<S>>'",
     "SENDGRID_API_KEY"),
    ("mailchimp-api-key-dc-suffix", "mailchimp",
     "Mailchimp › Profile › Extras › API keys › \"zapier-newsletter\": <<S>>",
     "API keys"),
    ("shopify-admin-api-access-token", "shopify",
     "Admin API access token (shown once): <<S>>",
     "Admin API access token (shown once)"),
    ("github-classic-pat-ghp", "gh_pat",
     "GITHUB_TOKEN=<<S>>",
     "GITHUB_TOKEN"),
    ("github-fine-grained-pat", "gh_fine",
     "Fine-grained token \"retool-source-control\" (expires <<date>>)\n<<S>>",
     "Fine-grained token \"retool-source-control\""),
    ("openai-project-api-key", "openai",
     "OPENAI_API_KEY=<<S>>",
     "OPENAI_API_KEY"),
    ("anthropic-api-key", "anthropic",
     "x-api-key: <<S>>\nanthropic-version: 2023-06-01",
     "anthropic-version: 2023-06-01"),
    ("asana-personal-access-token", "asana",
     "ASANA_PAT=<<S>>",
     "ASANA_PAT"),
    ("trello-atta-token", "trello_tok",
     "Trello Power-Up admin › API key <<hex32>> › Token: <<S>>",
     "Trello Power-Up admin"),
    ("typeform-personal-token-tfp", "typeform",
     "typeform_token: <<S>>",
     "typeform_token"),
    ("pipedrive-api-token-40hex", "pipedrive",
     "Pipedrive › Personal preferences › API › Your personal API token: <<S>>",
     "Your personal API token"),
    ("zendesk-api-token-40", "zendesk",
     "Zendesk Admin Center › Apps and integrations › Zendesk API › Token \"make-sync\": <<S>>",
     "Zendesk Admin Center"),
    ("intercom-access-token-dg9r", "intercom",
     "INTERCOM_ACCESS_TOKEN=<<S>>",
     "INTERCOM_ACCESS_TOKEN"),
    ("dropbox-short-lived-token-sl", "dropbox",
     "Generated access token: <<S>>",
     "Generated access token"),
    ("clickup-personal-token-pk", "clickup",
     "ClickUp › Settings › Apps › API Token: <<S>>",
     "ClickUp › Settings › Apps"),
    ("monday-api-v2-token-jwt", "monday",
     "monday.com › Developers › My access tokens › Personal API token:\n<<S>>",
     "My access tokens"),
    ("discord-webhook-url-token", "discord",
     "https://discord.com/api/webhooks/<<big>><<n>>/<<S>>",
     "https://discord.com/api/webhooks/"),
    ("telegram-bot-token-botfather", "telegram",
     "BotFather: Done! Use this token to access the HTTP API:\n<<S>>\nKeep your token secure and store it safely.",
     "Keep your token secure and store it safely."),
    ("mailgun-private-api-key", "mailgun",
     "MAILGUN_API_KEY=<<S>>",
     "MAILGUN_API_KEY"),
    ("okta-api-token-ssws", "okta",
     "Authorization: SSWS <<S>>",
     "Authorization: SSWS"),
    ("atlassian-api-token-atatt", "atlassian",
     "JIRA_API_TOKEN=<<S>>",
     "JIRA_API_TOKEN"),
    ("klaviyo-private-api-key", "klaviyo",
     "Klaviyo private key (full access): <<S>>",
     "Klaviyo private key (full access)"),
    ("brevo-api-key-xkeysib", "brevo",
     "BREVO_API_KEY=<<S>>",
     "BREVO_API_KEY"),
    ("square-production-access-token", "square",
     "SQUARE_ACCESS_TOKEN=<<S>>  # production",
     "SQUARE_ACCESS_TOKEN"),
    ("linear-personal-api-key", "linear",
     "Linear API key (ops-bot): <<S>>",
     "Linear API key (ops-bot)"),
    ("figma-personal-access-token", "figma",
     "X-Figma-Token: <<S>>",
     "X-Figma-Token"),
    ("gitlab-personal-access-token", "glpat",
     "PRIVATE-TOKEN: <<S>>",
     "PRIVATE-TOKEN"),
    ("npm-automation-token", "npm",
     "//registry.npmjs.org/:_authToken=<<S>>",
     "//registry.npmjs.org/:_authToken="),
    ("zoho-oauth-refresh-token-1000", "zoho",
     "ZOHO_REFRESH_TOKEN=<<S>>",
     "ZOHO_REFRESH_TOKEN"),
    ("retool-api-access-token", "retool",
     "Retool › Settings › API › Access tokens › \"ci\" (scopes: apps:read, users:write): <<S>>",
     "Access tokens"),
    ("calendly-personal-access-token-jwt", "calendly",
     "CALENDLY_PAT=<<S>>",
     "CALENDLY_PAT"),
    ("smartsheet-api-access-token", "smartsheet",
     "Smartsheet › Apps & Integrations › API Access › Generate new access token\n<<S>>",
     "Generate new access token"),
    ("webflow-site-api-token", "webflow",
     "Webflow site token (CMS read/write): <<S>>",
     "Webflow site token (CMS read/write)"),
    ("docusign-integration-secret-key", "docusign",
     "Apps and Keys › Integration Key <<uuid>> › Secret Keys › <<S>>",
     "Integration Key <<uuid>>"),
    ("aws-secret-access-key-pair", "aws_secret",
     "AWS_ACCESS_KEY_ID=AKIA<<U16>>\nAWS_SECRET_ACCESS_KEY=<<S>>",
     "AWS_ACCESS_KEY_ID=AKIA<<U16>>"),
    ("sentry-org-auth-token", "sentry",
     "SENTRY_AUTH_TOKEN=<<S>>",
     "SENTRY_AUTH_TOKEN"),
    ("postmark-server-token-header", "postmark",
     "X-Postmark-Server-Token: <<S>>",
     "X-Postmark-Server-Token"),
    ("box-developer-token", "box",
     "Box Developer Console › Configuration › Developer Token (expires in 60 minutes): <<S>>",
     "Developer Token (expires in 60 minutes)"),
    ("paypal-rest-client-secret", "paypal",
     "PAYPAL_CLIENT_SECRET=<<S>>",
     "PAYPAL_CLIENT_SECRET"),
    ("intuit-quickbooks-client-secret", "intuit",
     "QuickBooks app \"Invoice Sync\" › Keys & credentials › Production › Client Secret: <<S>>",
     "Keys & credentials"),
    ("jotform-api-key-32hex", "jotform",
     "https://api.jotform.com/user/forms?apiKey=<<S>>",
     "https://api.jotform.com/user/forms"),
    ("coda-api-token-uuid", "coda",
     "CODA_API_TOKEN=<<S>>",
     "CODA_API_TOKEN"),
    ("netlify-personal-access-token-nfp", "netlify",
     "NETLIFY_AUTH_TOKEN=<<S>>",
     "NETLIFY_AUTH_TOKEN"),
    ("pypi-upload-token", "pypi",
     "TWINE_PASSWORD=<<S>>",
     "TWINE_PASSWORD"),
    ("teams-incoming-webhook-url-path", "teams_hook",
     "https://<<co>>.webhook.office.com/webhookb2/<<uuid>>@<<uuid#2>>/IncomingWebhook/<<S>>/<<uuid#3>>",
     ".webhook.office.com/webhookb2/"),
    ("miro-access-token", "miro",
     "MIRO_ACCESS_TOKEN=<<S>>",
     "MIRO_ACCESS_TOKEN"),
    ("supabase-service-role-key-jwt", "supabase",
     "SUPABASE_SERVICE_ROLE_KEY=<<S>>",
     "SUPABASE_SERVICE_ROLE_KEY"),
    ("cloudflare-api-token", "cloudflare",
     "CLOUDFLARE_API_TOKEN=<<S>>  # Zone.DNS edit for <<dom>>",
     "CLOUDFLARE_API_TOKEN"),
    ("bitly-generic-access-token", "bitly",
     "BITLY_ACCESS_TOKEN=<<S>>  # link shortener for the newsletter Zap",
     "BITLY_ACCESS_TOKEN"),
]


# ====================================================================
# BENIGN look-alikes: no credential inside, but secret-ish to a scanner
# ====================================================================
def _lines(s, width=64):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


_FILL.update({
    "pubpem": lambda e: _lines("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _s(_B64, 348) + "IDAQAB"),
    "certpem": lambda e: _lines("MIIDdzCCAl+gAwIBAgIE" + _s(_B64, 1100) + "=="),
    "sshpub": lambda e: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _s(_B64, 43),
    "sri": lambda e: "sha512-" + _b64(64),
    "b64_64": lambda e: _b64(48),
    "fp": lambda e: ":".join(_s("0123456789ABCDEF", 2) for _ in range(32)),
    "fp1": lambda e: ":".join(_s("0123456789ABCDEF", 2) for _ in range(20)),
    "encb64": lambda e: _b64(_R.randint(120, 300)),
    "sealed": lambda e: "AgB" + _s(_B64, 330) + "==",
    "vaulthex": lambda e: "\n".join(_hex(80) for _ in range(_R.randint(3, 6))),
    "md5": lambda e: _hex(32),
    "envname": lambda e: _R.choice(["HUBSPOT_TOKEN", "AIRTABLE_PAT", "NOTION_TOKEN", "ZAPIER_DEPLOY_KEY", "MAKE_API_TOKEN",
                                   "N8N_ENCRYPTION_KEY", "SF_CLIENT_SECRET", "GRAPH_CLIENT_SECRET", "SLACK_BOT_TOKEN",
                                   "STRIPE_SECRET_KEY", "TWILIO_AUTH_TOKEN", "PIPEDRIVE_API_TOKEN", "RETOOL_API_KEY",
                                   "OPENAI_API_KEY", "SENDGRID_API_KEY", "DB_PASSWORD", "SMTP_PASSWORD"]),
    "secname": lambda e: _R.choice(["hubspot-private-app", "airtable-pat", "notion-integration", "zapier-deploy-key",
                                   "graph-client-secret", "n8n-encryption-key", "sf-jwt-key", "slack-bot-token",
                                   "stripe-restricted", "smtp-relay", "retool-db-password", "make-api-token"]),
    "vendor": lambda e: _R.choice(["HubSpot", "Airtable", "Notion", "Zapier", "Make", "n8n", "Salesforce", "Retool",
                                  "Power Automate", "Google Workspace", "Microsoft 365", "Slack", "Stripe", "Pipedrive"]),
    "mask": lambda e: _R.choice(["********", "••••••••", "xxxxxxxxxxxxxxxx", "<redacted>", "[REDACTED]", "***",
                                "[hidden]", "(not shown)", "<hidden>", "REDACTED"]),
    "wid": lambda e: str(_R.randint(1000, 99999)),
    "nid": lambda e: _s(_ALNUM, 16),
    "execid": lambda e: str(_R.randint(10000, 999999)),
    "zid": lambda e: str(_R.randint(100000000, 299999999)),
    "semver": lambda e: "%d.%d.%d" % (_R.randint(1, 3), _R.randint(0, 99), _R.randint(0, 9)),
    "kid": lambda e: _s(_B64U, 43),
    "jwkn": lambda e: _s(_B64U, 342),
})

_BENIGN_T = [
    # --- commands -------------------------------------------------------
    "git log --oneline -3\n<<hex7>> Fix Airtable pagination (offset handling)\n<<hex7#2>> Bump n8n to 1.<<n>>.0\n<<hex7#3>> Move HubSpot token to Script Properties",
    "git show <<hex40>> --stat",
    "git revert --no-edit <<hex40>>  # reverts 'hardcode token for testing' — token was already revoked",
    "git cherry-pick <<hex7>>..<<hex7#2>>",
    "sha256sum retool-backup-<<date>>.tar.gz\n<<hex64>>  retool-backup-<<date>>.tar.gz",
    "md5sum exports/hubspot_contacts_<<date>>.csv\n<<md5>>  exports/hubspot_contacts_<<date>>.csv",
    "curl -s -H \"Authorization: Bearer $HUBSPOT_TOKEN\" 'https://api.hubapi.com/crm/v3/objects/contacts?limit=10'",
    "curl -H \"Authorization: Bearer ${AIRTABLE_PAT}\" \"https://api.airtable.com/v0/<<app>>/<<tbl>>?pageSize=<<n>>\"",
    "export NOTION_TOKEN=$(op read \"op://RevOps/Notion integration/credential\")",
    "export GRAPH_CLIENT_SECRET=\"$(az keyvault secret show --vault-name kv-<<co>>-ops --name graph-client-secret --query value -o tsv)\"",
    "gh secret set ZAPIER_DEPLOY_KEY --repo <<co>>/zapier-app < /dev/stdin",
    "kubectl -n automation get secret n8n-env -o jsonpath='{.data}' | jq 'keys'",
    "psql -h <<host>> -U <<user>> -d crm -W",
    "mysql -h <<host>> -u <<user>> -p crm",
    "docker pull n8nio/n8n@sha256:<<hex64>>",
    "gam print users query \"isSuspended=False\" fields primaryemail,lastlogintime > users_<<date>>.csv",
    "sf data query --query \"SELECT Id, Name, OwnerId FROM Account WHERE Id = '<<sfid>>'\" --target-org prod",
    "sf org login web --instance-url https://<<co>>.my.salesforce.com --alias prod --set-default",
    "clasp clone <<scriptid>> --rootDir ./src",
    "npm install @hubspot/api-client@<<semver>> pyairtable",
    "pip install pyairtable==<<semver>> notion-client simple-salesforce",
    "echo '<<b64text>>' | base64 -d",
    "ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:<<b43>> <<email>> (ED25519)",
    "az ad app show --id <<uuid>> --query \"{name:displayName, appId:appId}\"",
    "n8n import:workflow --input=workflows/<<wid>>.json --projectId <<nid>>",
    "Get-MgUser -UserId <<uuid>> | Select-Object DisplayName, Mail, AccountEnabled",
    "Connect-MgGraph -Scopes \"User.Read.All\",\"Group.ReadWrite.All\" -TenantId <<uuid>>",
    "Connect-ExchangeOnline -UserPrincipalName admin@<<dom>>",
    "Set-MgUserLicense -UserId <<email>> -AddLicenses @{SkuId = \"<<uuid>>\"} -RemoveLicenses @()",
    "zapier push  # uses the deploy key from ~/.zapierrc, nothing on the command line",
    "read -s -p 'Retool DB password: ' PGPASSWORD && export PGPASSWORD",
    "openssl rand -base64 32 | gcloud secrets versions add n8n-encryption-key --data-file=-",
    "aws secretsmanager get-secret-value --secret-id prod/<<secname>> --query VersionId",
    "vault kv get -field=username secret/automation/<<secname>>",
    "op item get \"<<vendor>> admin\" --vault RevOps --fields username",
    "uuidgen | tr 'A-Z' 'a-z'\n<<uuid>>",
    "curl -X POST https://api.hubapi.com/crm/v3/objects/contacts -H \"Authorization: Bearer <your-private-app-token>\" -d @contact.json",
    "python3 export.py --base <<app>> --table <<tbl>> --view viw<<a14>>",
    # --- tool output ----------------------------------------------------
    "HTTP/2 200\ncontent-type: application/json\nx-request-id: <<uuid>>\nx-trace-id: <<hex32>>\netag: W/\"<<hex32#2>>\"",
    "traceparent: 00-<<hex32>>-<<hex16>>-01",
    "{\"id\":\"<<rec>>\",\"createdTime\":\"<<ts>>\",\"fields\":{\"Name\":\"<<first>> <<last>>\",\"Status\":\"Qualified\"}}",
    "{\"object\":\"page\",\"id\":\"<<uuid>>\",\"parent\":{\"type\":\"database_id\",\"database_id\":\"<<uuid#2>>\"},\"url\":\"https://www.notion.so/<<hex32>>\"}",
    "{\"results\":[{\"id\":\"<<id>>\",\"properties\":{\"email\":\"<<email>>\",\"hs_object_id\":\"<<id>>\"}}],\"paging\":{\"next\":{\"after\":\"<<id#2>>\"}}}",
    "{\"token_type\":\"Bearer\",\"expires_in\":3599,\"access_token\":\"<<mask>>\"}",
    " Access Token     <<mask>>\n Instance Url     https://<<co>>.my.salesforce.com\n Username         <<email>>\n Connected Status Connected",
    "ssh-ed25519 <<sshpub>> <<email>>",
    "-----BEGIN PUBLIC KEY-----\n<<pubpem>>\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\n<<certpem>>\n-----END CERTIFICATE-----",
    "SHA256 Fingerprint=<<fp>>",
    "Okta SAML signing certificate, SHA1 fingerprint: <<fp1>>",
    "\"node_modules/@hubspot/api-client\": {\n  \"version\": \"<<semver>>\",\n  \"resolved\": \"https://registry.npmjs.org/@hubspot/api-client/-/api-client-<<semver>>.tgz\",\n  \"integrity\": \"<<sri>>\"\n}",
    "REPOSITORY     TAG       IMAGE ID       CREATED       SIZE\nn8nio/n8n      1.<<n>>.0    <<hex12>>   3 days ago    1.1GB",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: example-placeholder\ndata:\n  password: cGxhY2Vob2xkZXI=\n  username: ZXhhbXBsZQ==",
    "ID                            TITLE                    VAULT\n<<l26>>    <<vendor>> admin         RevOps\n<<l26#2>>    <<vendor#2>> API token     RevOps",
    "Key              Value\n---              -----\ncreated_time     <<ts>>\ncurrent_version  <<n>>\nmax_versions     10",
    "NAME                      UPDATED\n<<envname>>    <<date>>\n<<envname#2>>    <<date#2>>",
    "NAME                    DIGEST                  CREATED AT\n<<envname>>        <<hex16>>        2h ago",
    "<<envname>>  Encrypted  Production, Preview  <<n>>d ago",
    "{\n  \"value\": [\n    {\"id\": \"https://kv-<<co>>-ops.vault.azure.net/secrets/<<secname>>\", \"attributes\": {\"enabled\": true, \"updated\": <<epoch>>}}\n  ]\n}",
    "{\"ok\":true,\"url\":\"https://<<co>>.slack.com/\",\"team\":\"<<Co>>\",\"user\":\"lead-bot\",\"team_id\":\"<<team>>\",\"user_id\":\"U0<<U8>>\",\"bot_id\":\"<<bid>>\"}",
    "{\"id\":\"<<evt>>\",\"object\":\"event\",\"type\":\"checkout.session.completed\",\"request\":{\"id\":\"<<req>>\",\"idempotency_key\":\"<<uuid>>\"}}",
    "{\"id\":\"<<cus>>\",\"object\":\"customer\",\"email\":\"<<email>>\",\"invoice_prefix\":\"<<U8>>\"}",
    "Twilio Account SID: <<AC>> (the auth token is in 1Password, not here)",
    "<<date>> <<time>> zap <<zid>> run <<uuid>> status=success steps=4 duration=<<ms>>ms",
    "\"next_cursor\": \"<<b64text>>\",\n\"has_more\": true",
    "\"offset\": \"itr<<a14>>/rec<<a14#2>>\"",
    "PS> Get-AzKeyVaultSecret -VaultName kv-<<co>>-ops | Select Name, Updated\n\nName                  Updated\n----                  -------\n<<secname>>   <<date>>",
    "Execution log\n9:12:01 AM\tNotice\tExecution started\n9:12:03 AM\tInfo\tFetched <<n>> rows from sheet <<sheet>>\n9:12:04 AM\tNotice\tExecution completed",
    "Client ID      <<gcid>>\nClient secret  ****\nCreation date  <<date>>",
    "Application (client) ID: <<uuid>>\nDirectory (tenant) ID: <<uuid#2>>\nObject ID: <<uuid#3>>",
    "Secret ID: <<uuid>>   Value: (hidden — only shown at creation)   Expires: <<date>>",
    "found 0 vulnerabilities\nadded <<n>> packages, audited <<n#2>> packages in 4s",
    # --- config ---------------------------------------------------------
    "# .env.example\nHUBSPOT_TOKEN=\nAIRTABLE_PAT=your-airtable-pat-here\nNOTION_TOKEN=<notion-integration-secret>\nN8N_ENCRYPTION_KEY=",
    "DB_POSTGRESDB_PASSWORD=${DB_PASSWORD}\nDB_POSTGRESDB_HOST=<<host>>",
    "password: ${SMTP_PASSWORD}\nusername: notifications@<<dom>>",
    "\"apiKey\": \"={{ $env.TYPEFORM_TOKEN }}\"",
    "\"authentication\": \"predefinedCredentialType\",\n\"nodeCredentialType\": \"hubspotAppToken\",\n\"credentials\": {\"hubspotAppToken\": {\"id\": \"<<nid>>\", \"name\": \"HubSpot prod\"}}",
    "\"headers\": [{\"name\": \"Authorization\", \"value\": \"Bearer {{connection.accessToken}}\"}]",
    "api_key = \"{{ secrets.PIPEDRIVE_API_TOKEN }}\"",
    "GraphClientSecret: \"@Microsoft.KeyVault(SecretUri=https://kv-<<co>>-ops.vault.azure.net/secrets/<<secname>>/<<hex32>>)\"",
    "env:\n  - name: N8N_ENCRYPTION_KEY\n    valueFrom:\n      secretKeyRef:\n        name: n8n-secrets\n        key: encryption-key",
    "variable \"hubspot_token\" {\n  type      = string\n  sensitive = true\n}",
    "client_id     = \"<<gcid>>\"\nclient_secret = var.google_client_secret",
    "tenant_id = \"<<uuid>>\"\nclient_id = \"<<uuid#2>>\"",
    "AIRTABLE_BASE_ID=<<app>>\nAIRTABLE_TABLE_ID=<<tbl>>",
    "NOTION_DATABASE_ID=<<hex32>>",
    "SALESFORCE_INSTANCE_URL=https://<<co>>.my.salesforce.com\nSALESFORCE_ORG_ID=<<orgid>>",
    "SPREADSHEET_ID=<<sheet>>",
    "password_policy:\n  min_length: 14\n  require_mfa: true\n  max_age_days: 90",
    "session_cookie_name: retool_session\ncookie_secure: true",
    "[auth]\nmethod = oauth2\ntoken_file = ~/.config/<<co>>/token.json",
    "cache_key: \"<<hex40>>\"",
    "checksum: sha256:<<hex64>>",
    "image: tryretool/backend:3.<<n>>.<<n#2>>-stable@sha256:<<hex64>>",
    "\"signingSecretRef\": \"projects/<<proj>>/secrets/slack-signing-secret/versions/latest\"",
    "password:\n  secure: \"<<encb64>>\"",
    "spec:\n  encryptedData:\n    DB_PASSWORD: <<sealed>>",
    "smtp_password: ENC[AES256_GCM,data:<<b64_64>>,iv:<<b43>>=,tag:<<b43#2>>==,type:str]",
    "$ANSIBLE_VAULT;1.1;AES256\n<<vaulthex>>",
    "{\n  \"type\": \"service_account\",\n  \"project_id\": \"<<proj>>\",\n  \"private_key\": \"<paste key here>\",\n  \"client_email\": \"sync@<<proj>>.iam.gserviceaccount.com\"\n}",
    "<add key=\"HubSpotApiKey\" value=\"\" />\n<add key=\"HubSpotPortalId\" value=\"<<id>>\" />",
    "spring.datasource.password=${DB_PASSWORD:}",
    "[CRM_DSN]\nDriver=ODBC Driver 18 for SQL Server\nServer=<<host>>\nTrusted_Connection=yes",
    "ConnectionString=\"Server=<<host>>;Database=Crm;Integrated Security=SSPI;Encrypt=True\"",
    "AuthType=OAuth;Url=https://<<co>>.crm.dynamics.com;AppId=51f81489-12ee-4a9e-aaae-a2591f45987d;RedirectUri=app://58145B91-0C36-4500-8554-080854F2AC97;LoginPrompt=Auto",
    "\"oauth2\": {\"clientId\": \"<<uuid>>\", \"clientSecret\": \"${HUBSPOT_CLIENT_SECRET}\", \"scopes\": [\"crm.objects.contacts.read\"]}",
    "webhook_secret: !env STRIPE_WEBHOOK_SECRET\nendpoint: https://hooks.<<dom>>/stripe",
    "MAX_LOGIN_ATTEMPTS=5\nPASSWORD_MIN_LENGTH=12\nPASSWORD_RESET_TTL_MINUTES=30",
    "token_url: https://oauth2.googleapis.com/token\nauth_url: https://accounts.google.com/o/oauth2/auth\nscopes: [https://www.googleapis.com/auth/spreadsheets]",
    "{\n  \"timeZone\": \"Europe/Berlin\",\n  \"dependencies\": {},\n  \"oauthScopes\": [\"https://www.googleapis.com/auth/spreadsheets.currentonly\"],\n  \"runtimeVersion\": \"V8\"\n}",
    # --- source code ----------------------------------------------------
    "const token = PropertiesService.getScriptProperties().getProperty('HUBSPOT_TOKEN');",
    "headers: { Authorization: `Bearer ${process.env.AIRTABLE_PAT}` }",
    "api_key = os.environ[\"PIPEDRIVE_API_TOKEN\"]",
    "Dim apiKey As String\napiKey = Environ(\"ZENDESK_TOKEN\")",
    "password = getpass.getpass(\"Salesforce password for <<email>>: \")",
    "if len(password) < 12:\n    raise ValueError(\"password must be at least 12 characters\")",
    "const PASSWORD_RULE = /^(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).{12,}$/;",
    "CACHE_KEY = hashlib.sha256(f\"{base_id}:{table}\".encode()).hexdigest()  # e.g. <<hex64>>",
    "// TODO: rotate the Slack token after the offsite (ticket OPS-<<n>>)",
    "sf = Salesforce(instance_url=instance_url, session_id=session_id)",
    "String endpoint = 'callout:HubSpot_API/crm/v3/objects/contacts';",
    "req.setHeader('Authorization', 'Bearer {!$Credential.OAuthToken}');",
    "=IMPORTRANGE(\"https://docs.google.com/spreadsheets/d/<<sheet>>\", \"Leads!A:F\")",
    "=VLOOKUP(A2, Accounts!A:C, 3, FALSE)",
    "Patch(Orders, Defaults(Orders), {Title: txtTitle.Text, Owner: User().Email})",
    "Sub ProtectAll()\n    Dim pw As String\n    pw = InputBox(\"Sheet password?\")\n    ActiveSheet.Protect Password:=pw\nEnd Sub",
    "const secret = await client.getSecret('<<secname>>'); // Azure Key Vault, value never logged",
    "token = keyring.get_password(\"retool-cli\", \"<<email>>\")",
    "const creds = JSON.parse(fs.readFileSync(process.env.GOOGLE_APPLICATION_CREDENTIALS, 'utf8'));",
    "if (!process.env.NOTION_TOKEN) throw new Error('NOTION_TOKEN is not set');",
    "const idempotencyKey = crypto.randomUUID(); // e.g. <<uuid>>",
    "etag = hashlib.md5(body).hexdigest()  # <<md5>>",
    "SELECT Id, Name FROM Contact WHERE AccountId = '<<sfid>>' LIMIT 200",
    "UPDATE users SET password_hash = crypt(:new_password, gen_salt('bf')) WHERE id = :id;",
    "cursor.execute(\"SELECT * FROM users WHERE email = %s AND password_hash = %s\", (email, pw_hash))",
    "mask = lambda s: s[:4] + '*' * (len(s) - 8) + s[-4:]",
    "function redact(v) { return v ? v.slice(0, 4) + '…' : ''; }",
    "const headers = { 'Authorization': 'Bearer ' + getToken_() };",
    "Set cred = Get-Credential -UserName \"admin@<<dom>>\" -Message \"M365 admin\"",
    "$secret = Get-Secret -Name <<secname>> -Vault SecretStore -AsPlainText:$false",
    "const sheetId = '<<sheet>>';\nconst range = 'Leads!A2:F';",
    "ScriptApp.newTrigger('syncLeads').timeBased().everyMinutes(15).create();",
    "export const AIRTABLE_BASE = '<<app>>'; // base id is not a secret",
    "assert sig == hmac.new(secret, body, hashlib.sha256).hexdigest()",
    # --- logs -----------------------------------------------------------
    "<<ts>> INFO zap <<zid>> completed in <<ms>>ms (request_id=<<uuid>>)",
    "n8n | Workflow \"Lead intake\" (ID <<nid>>) executed successfully, execution id <<execid>>",
    "[Make] Scenario <<wid>> finished. Operations: <<n>>. Data transfer: 1.3 KB. Execution id: <<hex32>>",
    "Power Automate run <<runid>> of \"<<flow>>\" Succeeded in <<n>>s",
    "Salesforce API request id: <<hex32>>; sforce-limit-info: api-usage=<<id>>/1000000",
    "AADSTS700016: Application with identifier '<<uuid>>' was not found in the directory '<<uuid#2>>'.\nTrace ID: <<uuid#3>>\nCorrelation ID: <<uuid#4>>",
    "401 Unauthorized: invalid_token (token=<<mask>>)",
    "WARN Password for user <<user>> expires in 7 days",
    "INFO Login succeeded for <<email>> from <<pip>>",
    "<<ts>> UTC [<<pid>>] FATAL:  password authentication failed for user \"<<user>>\"",
    "ERROR 1045 (28000): Access denied for user '<<user>>'@'<<ip>>' (using password: YES)",
    "Stripe webhook <<evt>> (payment_intent.succeeded) verified, idempotency-key=<<uuid>>",
    "Traceback (most recent call last):\n  File \"sync.py\", line 7, in <module>\n    TOKEN = os.environ[\"AIRTABLE_PAT\"]\nKeyError: 'AIRTABLE_PAT'",
    "Error: Missing required environment variable NOTION_TOKEN (see README → Configuration)",
    "[OAuth] refreshed access token for <<email>>, expires_at=<<ts>>",
    "<<pip>> - - [<<date>>] \"POST /webhook/lead HTTP/1.1\" 200 17 \"-\" \"Zapier\"",
    "sentry: captured event <<hex32>> (level=error, release=retool-widgets@<<semver>>)",
    "GET /v1/databases/<<uuid>>/query 200 <<ms>>ms notion-request-id=<<uuid#2>>",
    "x-amz-request-id: <<U16>>\nx-amz-id-2: <<b64_64>>",
    "HubSpot correlationId=<<uuid>> category=RATE_LIMITS policyName=TEN_SECONDLY_ROLLING",
    "Airtable: INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND for base <<app>> table <<tbl>>",
    "Retool audit: user <<email>> updated resource \"orders-db (prod)\" (fields changed: host, databasePassword)",
    "Google Workspace admin log: <<email>> changed password for <<email#2>> at <<ts>>",
    "Microsoft Entra sign-in <<uuid>>: user <<email>> - MFA completed - Conditional Access: success",
    "[ldap-sync] bind ok as cn=svc-ldap,ou=service,dc=<<co>>,dc=local (password from /run/secrets/ldap_bind)",
    "2025-03-0<<n>> 06:00:01 INFO token for 'hubspot-sync' loaded from Vault path secret/data/automation/hubspot (version <<n#2>>)",
    "DEBUG masked authorization header: Bearer pat-na1-****-****-****-<<hex4>>",
    "ERROR invalid api key sk_live_...<<last4>> (key redacted in logs)",
    "<<date>> 03:12:55 WARN docusign: consent_required for user <<uuid>>; visit https://account-d.docusign.com/oauth/auth?response_type=code&scope=signature%20impersonation&client_id=<<uuid#2>>&redirect_uri=https://<<dom>>/callback",
    # --- notes / chat ---------------------------------------------------
    "Rotated the <<vendor>> token today; the new one is in 1Password → RevOps → \"<<vendor>> prod sync\". Old one revoked.",
    "Don't paste passwords in Slack pls — use the shared vault and send a link to the item instead.",
    "Password policy: min 14 chars, no reuse of the last 24, MFA required for all admins. Service accounts rotate every 90 days.",
    "The Airtable PAT lives in Script Properties as AIRTABLE_PAT; ask <<first>> if you need access.",
    "pw reset link sent to <<email>> (expires in 1h) — they'll set their own password.",
    "I masked the key as sk_live_••••<<last4>> in the screenshot before sharing.",
    "Reminder: the n8n encryption key is stored in Azure Key Vault kv-<<co>>-ops, secret name n8n-encryption-key. Never in the repo.",
    "Bitte keine Passwörter per E-Mail verschicken, nutzt den Passwort-Manager.",
    "La contraseña debe tener al menos 12 caracteres y no puede contener tu nombre.",
    "パスワードは1Passwordの「RevOps」保管庫に保存してください。チャットには貼らないでください。",
    "Le mot de passe est dans le coffre Bitwarden « Ops partagé », demande l'accès à <<first>>.",
    "A senha não foi compartilhada aqui de propósito — está no cofre do 1Password.",
    "密码已经放到 1Password 的共享保管库里了，不要发在群里。",
    "Zap <<zid>> / Make scenario <<wid>> / Notion page <<hex32>> — all three point at the same Airtable base <<app>>.",
    "the token format is pat-na1-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx, paste yours where it says <YOUR_TOKEN>",
    "Example: Authorization: Bearer <your-token>",
    "Google API keys start with AIza and are 39 characters long; ours is restricted to the Sheets API.",
    "The record id is <<rec>> (that's not a key, it's just the row id).",
    "GOAL: replace hardcoded credentials in Code.gs with Script Properties; verify no secrets remain in the Apps Script project history.",
    "Decision: use Named Credentials for all HubSpot callouts; the Apex class must not contain any token.",
    "Notes: client id is <<gcid>> (public, safe to share); the client secret stays in Secret Manager.",
    "Salesforce org id <<orgid>>, user id <<sfid>> — safe to paste, these are identifiers.",
    "Meeting notes <<date>>: we agreed to enable SSO for Retool, disable password login, and move all API keys to Vault.",
    "Can someone reset <<first>>'s Notion password? They're locked out. (No need to send me the new one.)",
    "Security training reminder: a good passphrase is four or more random words; never reuse your Google Workspace password elsewhere.",
    "The webhook signing secret for Stripe is configured as STRIPE_WEBHOOK_SECRET in Render; I didn't copy it anywhere.",
    "Commit <<hex40>> removed the old Twilio creds; history was rewritten and the token rotated.",
    "The SAML cert thumbprint is <<fp1>> — it's public, goes into the Okta app config.",
    "ok so password = the one in the vault, username = <<user>>, host = <<host>>",
    "Tenant: <<dom>> (<<uuid>>) — licences: 42 × M365 Business Premium",
    "Checksum of the n8n backup: <<hex64>> (matches the one in the runbook)",
    "request id for the support ticket: <<uuid>>",
    "QA: the reset-password email contains a link with a token, please don't forward those emails to the shared channel.",
    # --- CI / deploy ----------------------------------------------------
    "env:\n  HUBSPOT_TOKEN: ${{ secrets.HUBSPOT_TOKEN }}\n  AIRTABLE_BASE: <<app>>",
    "- run: echo \"::add-mask::$SF_ACCESS_TOKEN\"",
    "Run ./deploy.sh\n  env:\n    ZAPIER_DEPLOY_KEY: ***\n    NODE_VERSION: 20",
    "- uses: actions/checkout@<<hex40>> # v4.<<n>>.0",
    "variables:\n  SF_AUTH_URL: $(SF_AUTH_URL)\n  SF_ALIAS: prod",
    "deploy:\n  script:\n    - echo \"$SF_PASSWORD_PROD\" | wc -c",
    "withCredentials([string(credentialsId: 'zapier-deploy-key', variable: 'ZAPIER_DEPLOY_KEY')]) {\n  sh 'npx zapier push'\n}",
    "environment:\n  PIPEDRIVE_TOKEN:\n    from_secret: pipedrive_token",
    "docker build --secret id=npmrc,src=$HOME/.npmrc -t ghcr.io/<<co>>/make-bridge:<<hex7>> .",
    "key: ${{ runner.os }}-node-${{ hashFiles('**/package-lock.json') }}",
    "Cache restored from key: Linux-node-<<hex64>>",
    "gcloud run deploy lead-router --set-secrets=AIRTABLE_PAT=airtable-pat:latest --region <<region>>",
    "az functionapp config appsettings set -n fn-<<co>>-sync -g rg-automation --settings \"HubSpotToken=@Microsoft.KeyVault(SecretUri=https://kv-<<co>>-ops.vault.azure.net/secrets/hubspot-token/)\"",
    "helm upgrade n8n ./chart --set existingSecret=n8n-secrets --set image.tag=1.<<n>>.0",
    "TF_VAR_notion_token=$(vault kv get -field=token secret/notion) terraform plan",
    "Deploying to https://<<co>>-retool-widgets.netlify.app (deploy id <<hex24>>)",
    "#12 writing image sha256:<<hex64>> done\n#12 naming to ghcr.io/<<co>>/n8n-custom:<<hex7>> done",
    "✔ Deployed release <<semver>> of retool-widgets (commit <<hex7>>)",
    "pac auth create --environment https://<<co>>.crm.dynamics.com --applicationId <<uuid>> --clientSecret $(PP_CLIENT_SECRET) --tenant <<uuid#2>>",
    "kubectl create secret generic n8n-secrets --from-env-file=<(vault kv get -format=json secret/n8n | jq -r '.data.data|to_entries[]|\"\\(.key)=\\(.value)\"')",
    "travis encrypt SLACK_WEBHOOK=... --add env.global  # output only ever contains the encrypted blob",
    "sops -d secrets.enc.yaml > /dev/null && echo \"decrypt OK\"",
    "Using Salesforce JWT flow: client id from vars.SF_CLIENT_ID, key from secrets.SF_JWT_KEY (masked)",
    # --- vendor-shaped but not a credential ----------------------------
    "pk_live_<<a14>><<a14#2>> (publishable key, embedded in the checkout page on purpose)",
    "Google OAuth client: <<gcid>>",
    "Slack channel <<chan>> in workspace <<team>>",
    "Airtable base <<app>>, table <<tbl>>, field <<fld>>",
    "HubSpot portal <<id>> — pipeline id default, deal stage appointmentscheduled",
    "Make organization id <<wid>>, team id <<n>>, zone eu2.make.com",
    "Retool app uuid <<uuid>>, page uuid <<uuid#2>>",
    "Apps Script project <<scriptid>> (bound to sheet <<sheet>>)",
    "Power Automate environment Default-<<uuid>>, flow id <<uuid#2>>",
    "Entra object id <<uuid>> — this is the service principal, not a secret",
    "Notion integration id <<uuid>> (shown on the integration page, not the secret)",
    "Zapier app id <<id>>, version 1.<<n>>.0, CLI <<semver>>",
    "SHA256:<<b43>> is the fingerprint of the n8n deploy key (public half only)",
    "JWKS: {\"keys\":[{\"kty\":\"RSA\",\"use\":\"sig\",\"kid\":\"<<kid>>\",\"n\":\"<<jwkn>>\",\"e\":\"AQAB\"}]}",
    "Key ID: <<hex16>> (the public identifier of the DocuSign RSA keypair)",
    "xoxb-<your-bot-token> goes into the SLACK_BOT_TOKEN env var; never commit it",
    "sk_test_... keys only work in test mode; we use restricted keys in prod",
    "AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY are the AWS documentation example values",
]


def _build_benign(templates, target=950):
    out = []
    seen = set()
    alive = list(range(len(templates)))
    while len(out) < target and alive:
        nxt = []
        for i in alive:
            if len(out) >= target:
                break
            ok = False
            for _ in range(4):
                s = _render(templates[i], {})
                if s not in seen:
                    seen.add(s)
                    out.append(s)
                    ok = True
                    break
            if ok:
                nxt.append(i)
        alive = nxt
    return out


SECRETS = (_build("command", _CMD) + _build("tool-output", _OUT) + _build("config-file", _CFG)
           + _build("source-code", _SRC) + _build("stack-trace-or-log", _LOG) + _build("note-or-chat", _NOTE)
           + _build("ci-and-deploy", _CI) + _build("vendor-token", _VEND))

BENIGN = _build_benign(_BENIGN_T)
