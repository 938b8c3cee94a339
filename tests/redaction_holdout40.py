# -*- coding: utf-8 -*-
"""Blind hold-out corpus #40 for a secret-redaction engine.

What it is
----------
A fixed, reproducible set of text fragments of the kind a coding agent
(Claude Code, Codex, Gemini CLI) writes into its saved working state:
goals, running notes, shell commands it ran, tool output, excerpts of files
it opened, decisions, chat messages pasted in by teammates, log lines and CI
configuration.  Each SECRETS entry carries exactly one credential whose
characters must not survive redaction; each BENIGN entry carries none, but
looks secret-ish to a naive scanner.

Theme
-----
Hospitality, retail and restaurants: point-of-sale systems, self-order
kiosks and digital signage, reservation and booking platforms, food-delivery
and ride-hailing integrations, loyalty programs, payment terminals,
back-office PCs, franchise IT, guest and staff Wi-Fi and captive portals,
inventory and supplier portals, CCTV recorders and alarm panels, and shift
managers' notes and group chats in many languages.

Provenance
----------
Written blind, from general knowledge only: no other corpus, no rule set of
the engine under test and no web search were consulted.  Where a vendor's
real credential shape is known it is imitated (prefix, alphabet, length);
where it is unknown, a plausible shape was invented.  Every host, company,
person, phone number and value is fictitious; every random value is a fresh
draw and is not a working credential.

Layout
------
SECRETS: list of 5-tuples (group, format, text, secret, visible)
    group    one of command, tool-output, config-file, source-code,
             stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
             (about 185 entries each)
    format   kebab-case name of the shape; no format is used more than 3 times
    text     the fragment as the agent recorded it
    secret   exact substring of text that must not survive redaction (only the
             key body for PEM keys, only the signature for signed URLs, only
             the password for user:password pairs)
    visible  a substring of text that must stay readable, or ""
BENIGN: list of distinct strings in the same contexts that contain no
    credential but resemble one: commit SHAs, checksums, UUIDs, request and
    trace ids, public keys and fingerprints, public key ids, placeholders,
    masked values, references to where a secret is stored, base64 of
    ordinary text, paths, versions, prose about passwords and policies.

Determinism
-----------
All randomness comes from _R = random.Random(4040) and is drawn at import
time in a fixed order, so importing the module twice yields identical lists.
Nothing is printed at import.

Measured
--------
Blind, written after every rule made for the thirty-fourth to thirty-eighth and read only
after: recall 0.955 (1,429 of 1,496) and false positives 6 of 957 (0.6%); 0.947 and the same
6 with the engine at that session's start. Tuned on since: 0.976 and 1 of 957.
"""
import base64
import random
import re
import string

_R = random.Random(4040)

_USED = set()

_B62 = string.ascii_letters + string.digits
_HEXC = "0123456789abcdef"
_B64C = _B62 + "+/"
_B64UC = _B62 + "-_"
_UPC = string.ascii_uppercase + string.digits
_LOC = string.ascii_lowercase + string.digits


def _ch(seq):
    return _R.choice(seq)


def _rint(a, b):
    return _R.randint(a, b)


def _rs(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def hx(n):
    return _rs(_HEXC, n)


def HX(n):
    return _rs(_HEXC.upper(), n)


def b62(n):
    return _rs(_B62, n)


def b64u(n):
    return _rs(_B64UC, n)


def b64s(n):
    return _rs(_B64C, n)


def dig(n):
    return _rs(string.digits, n)


def up(n):
    return _rs(_UPC, n)


def lo(n):
    return _rs(_LOC, n)


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def b64e(s):
    if isinstance(s, str):
        s = s.encode("utf-8")
    return base64.b64encode(s).decode("ascii")


def b64ue(s):
    if isinstance(s, str):
        s = s.encode("utf-8")
    return base64.urlsafe_b64encode(s).decode("ascii").rstrip("=")


def b64bytes(n):
    return b64e(_rbytes(n))


def uuid4():
    h = "%032x" % _R.getrandbits(128)
    h = h[:12] + "4" + h[13:16] + _ch("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


# ----------------------------------------------------------------------------
# word lists
# ----------------------------------------------------------------------------
_WORDS = ("harbor maple basil saffron lantern orchid mango tortilla pretzel "
          "gelato cactus walrus bamboo cinnamon dumpling noodle pancake truffle "
          "anchovy brioche falcon coconut biscuit pepper marigold espresso paella "
          "tiramisu lobster sunflower olive lemon ginger walnut pistachio croissant "
          "burrito kimchi ramen taco waffle nacho churro crumpet scone bagel muffin "
          "pickle radish turnip cabbage parsnip fennel clove nutmeg vanilla caramel "
          "toffee fudge cobalt amber copper velvet thunder meadow river canyon "
          "glacier pebble comet rocket tiger otter badger heron puffin koala lynx "
          "panda zebra mustard oyster salmon mackerel halloumi falafel hummus "
          "paprika oregano thyme rosemary kettle skillet ladle whisk spatula "
          "teapot saucer goblet pantry cellar terrace balcony lobby concierge "
          "suitcase postcard harbour lighthouse seagull dolphin pelican flamingo "
          "cherry plum apricot quince fig melon papaya guava lychee kiwi").split()

_NAMES_ASCII = ("lucia tomas aylin mehmet linh priya arjun mei wei yuki haruto jiwoo "
                "minjun fatima omar sofia giulia marco lukas anna zofia piotr joao "
                "chloe louis sven ingrid olga dmytro kofi amara rosa carlos ewa maria "
                "kemal sipho noah emma jake keisha rahul siti budi thanh nikos eleni "
                "diego camila mateo valentina hugo ines pablo nora").split()
_LAST_ASCII = ("garcia silva nguyen yilmaz kowalski rossi muller dubois santos "
               "tanaka kim park chen wang singh patel okafor mensah haddad costa "
               "novak horvat larsen berg ivanova petrov lopez martin moreau "
               "fernandes oliveira schmidt weber fischer bianchi romano").split()
_PEOPLE = ["Lucía", "Tomás", "Aylin", "Mehmet", "Linh", "Priya", "Arjun", "Mei",
           "Wei", "Yuki", "Haruto", "Ji-woo", "Min-jun", "Fatima", "Omar", "Sofia",
           "Giulia", "Marco", "Lukas", "Anna", "Zofia", "Piotr", "João", "Ana",
           "Chloé", "Louis", "Sven", "Ingrid", "Olga", "Dmytro", "Kofi", "Amara",
           "Rosa", "Carlos", "Ewa", "María", "Kemal", "Sipho", "Noah", "Emma",
           "Jake", "Keisha", "Rahul", "Siti", "Budi", "Thanh", "Nikos", "Eleni",
           "Diego", "Camila", "Mateo", "Inês", "Hugo", "Nora", "Bao", "Dara"]
_BRANDS = [("harborgrill", "Harbor Grill"), ("casaolivo", "Casa Olivo"),
           ("mapleinn", "Maple Inn"), ("sakuraramen", "Sakura Ramen"),
           ("bluefinbistro", "Bluefin Bistro"), ("nonnapizza", "Pizzeria Nonna"),
           ("tacoloco", "Taco Loco"), ("brewbarn", "Brew Barn"),
           ("saffronhouse", "Saffron House"), ("nordkaffe", "Nord Kaffe"),
           ("petitzinc", "Le Petit Zinc"), ("bodegasol", "Bodega Sol"),
           ("kebabkral", "Kebab Kral"), ("phohanoi", "Pho Hanoi 36"),
           ("seoulbbq", "Seoul BBQ House"), ("dimsumpalace", "Dim Sum Palace"),
           ("burgerdock", "Burger Dock"), ("greenbowl", "Green Bowl"),
           ("hotelaurora", "Hotel Aurora"), ("parkviewsuites", "Parkview Suites"),
           ("alpenhof", "Alpenhof"), ("pousadamar", "Pousada do Mar"),
           ("rivierastay", "Riviera Stay"), ("quickmart", "QuickMart"),
           ("freshcorner", "Fresh Corner"), ("panaderialuz", "Panadería Luz"),
           ("currycompany", "Curry Company"), ("mezetaverna", "Meze Taverna"),
           ("woknroll", "Wok n Roll"), ("fjordhotel", "Fjord Hotel"),
           ("lagoonresort", "Lagoon Resort"), ("cafeminuit", "Café Minuit")]
_DOM_SUFFIX = ["internal", "local", "lan", "corp", "intra"]
_PUB_SUFFIX = ["-group.com", "-hospitality.com", "-restaurants.co.uk", "-gastro.de",
               "-hoteles.es", "-food.fr", "-grupo.com.br", "-ristoranti.it",
               "-horeca.nl", "-gastronomia.pl", "-hotels.com.tr", "-foods.vn",
               "-dining.ph", "-eats.in", "-stores.jp", "-dining.kr", "-mx.com.mx",
               "-hotels.ca", "-venues.com.au", "-krogar.se", "-hotels.gr"]
_ROLES = ["posdb", "pos-db", "bo", "backoffice", "kiosk", "signage", "resv", "booking",
          "loyalty", "inv", "stock", "nvr", "cctv", "alarm-gw", "menu", "orders", "kds",
          "wifi", "portal", "radius", "pms", "api", "erp", "edi", "sftp", "mail", "vpn",
          "fw", "print", "hq", "reporting", "sql", "giftcard", "timeclock"]
_USERS = ["posadmin", "pos_admin", "manager", "mgr", "svc_pos", "svc_kiosk", "kiosk",
          "bo_admin", "backoffice", "root", "admin", "reporting", "loyalty_rw",
          "resv_app", "inventory", "franchise_it", "shiftlead", "cashier", "posuser",
          "sync", "etl", "orders_app", "kds", "signage", "nvr_view", "supplier_api",
          "deploy", "itsupport", "hq_reports", "storeops", "payroll_ro", "menu_editor"]
_DBS = ["pos_prod", "posdb", "loyalty", "bookings", "reservations", "inventory", "menu",
        "guestwifi", "timeclock", "giftcards", "orders", "franchise_reporting", "kds",
        "payroll", "suppliers", "pms", "stock", "tips", "promotions", "labour"]
_CITIES = ["Lisbon", "Porto", "Valencia", "Sevilla", "Lyon", "Marseille", "Hamburg",
           "Köln", "Milano", "Napoli", "Kraków", "Gdańsk", "İzmir", "Antalya", "Da Nang",
           "Cebu", "Pune", "Osaka", "Busan", "Guadalajara", "Montréal", "Brisbane",
           "Göteborg", "Thessaloniki", "Curitiba", "Rotterdam", "Leeds", "Cork"]
_SSID_SUFFIX = ["-Staff", "_Staff", "-BOH", "-Office", "-POS", "-Kitchen", "_Crew",
                "-Mgmt", "-Events", "-Backoffice", "-Terminals", "-Team"]
_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
           "Nov", "Dec"]


def _cap(w):
    return w[:1].upper() + w[1:]


# ----------------------------------------------------------------------------
# password generators
# ----------------------------------------------------------------------------
_SYM = "!#$%&*+-.=?@^_~"
_SYMS = "-_.+@"
_SYMU = "-_.~"
_LEET = {"a": "@", "e": "3", "i": "1", "o": "0", "s": "$"}
_LEETU = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5"}


def _human(sym, leet):
    w = _ch(_WORDS)
    k = _rint(0, 7)
    if k == 0:
        return _cap(w) + str(_rint(2016, 2026)) + _ch(sym)
    if k == 1:
        return _cap(w) + _ch(sym) + str(_rint(10, 999))
    if k == 2:
        return _cap(w) + _cap(_ch(_WORDS)) + str(_rint(1, 99)) + _ch(sym)
    if k == 3:
        s = "".join(leet.get(c, c) if _R.random() < 0.6 else c for c in w)
        return _cap(s) + str(_rint(10, 99)) + _ch(sym)
    if k == 4:
        return _ch(sym) + _cap(w) + dig(4)
    if k == 5:
        return (_ch(["Spring", "Summer", "Autumn", "Winter", "Verano", "Invierno",
                     "Sommer", "Primavera", "Inverno", "Lato"])
                + str(_rint(2019, 2026)) + _ch(sym) + str(_rint(1, 9)))
    if k == 6:
        return _ch(_NAMES_ASCII) + str(_rint(1970, 2005)) + _ch(sym)
    return w.upper()[:3] + _ch(sym) + _cap(_ch(_WORDS)) + dig(3)


def _phrase(seps):
    ws = [_ch(_WORDS) for _ in range(_rint(3, 5))]
    sep = _ch(seps)
    s = "".join(_cap(x) for x in ws) if sep == "" else sep.join(ws)
    if _R.random() < 0.5:
        s += sep + str(_rint(1, 99))
    return s


def _pron(sym):
    s = "".join(_ch("bdfghjklmnprstvz") + _ch("aeiou") for _ in range(_rint(3, 5)))
    s = _cap(s) + dig(_rint(2, 4))
    if _R.random() < 0.5:
        s += _ch(sym)
    return s


def _rand_pw(sym, n=None):
    n = n or _rint(12, 22)
    alpha = _B62 + sym * 2
    while True:
        s = _rs(alpha, n)
        if (any(c.isdigit() for c in s) and any(c.isupper() for c in s)
                and any(c.islower() for c in s)):
            return s


def _pwmix(sym, leet, seps):
    r = _R.random()
    if r < 0.4:
        return _human(sym, leet)
    if r < 0.55:
        return _phrase(seps)
    if r < 0.72:
        return _pron(sym)
    return _rand_pw(sym)


def pw():
    return _pwmix(_SYM, _LEET, ["-", ".", "_", ""])


def pws():
    return _pwmix(_SYMS, _LEETU, ["-", ".", "_", ""])


def pwu():
    return _pwmix(_SYMU, _LEETU, ["-", ".", "_", ""])


def pwa():
    return _pwmix("_", _LEETU, ["_", ""])


def phrase():
    ws = [_ch(_WORDS) for _ in range(_rint(4, 6))]
    return " ".join(ws)


# ----------------------------------------------------------------------------
# key and token generators
# ----------------------------------------------------------------------------
def _wrap(s, width, sep="\n"):
    return sep.join(s[i:i + width] for i in range(0, len(s), width))


def pem_body(prefix, total, width=64, sep="\n", pad=True):
    body = prefix + b64s(total - len(prefix))
    if pad:
        body = body[:-2] + _ch(["==", "A=", "Q=", "g=", "w=", "8="])
    return _wrap(body, width, sep)


def rsa_body(sep="\n"):
    return pem_body("MIIEpAIBAAKCAQEA", _rint(26, 40) * 64 + 24, 64, sep)


def pkcs8_body(sep="\n"):
    return pem_body("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", _rint(22, 34) * 64 + 40, 64, sep)


def ec_body(sep="\n"):
    return pem_body("MHcCAQEEI", 3 * 64 + 34, 64, sep)


def p8_body(sep="\n"):
    return pem_body("MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg", 3 * 64 + 8, 64, sep, pad=False)


def openssh_body():
    head = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
    return _wrap(head + "QyNTUxOQAAACA" + b64s(70 * 5 - 13 - len(head) + 20) + "=", 70)


def pgp_body():
    lines = _wrap("lQVYBG" + b64s(64 * _rint(8, 14) - 6 + 30), 64)
    return lines + "\n=" + b64s(4)


def wgkey():
    return b64bytes(32)


def jwt(alg="HS256", payload=None):
    head = b64ue('{"alg":"%s","typ":"JWT"}' % alg)
    if payload is None:
        payload = '{"sub":"%s","store":"%s","iat":%d,"exp":%d}' % (
            uuid4(), dig(4), 1700000000 + _rint(0, 30000000), 1740000000 + _rint(0, 30000000))
    sig = b64u(43) if alg.startswith("HS") else b64u(342)
    return head + "." + b64ue(payload) + "." + sig


def ghp():
    return "ghp_" + b62(36)


def ghpat():
    return "github_pat_" + up(2) + b62(20) + "_" + b62(59)


def glpat():
    return "glpat-" + _rs(_B62 + "-_", 20)


def npm_tok():
    return "npm_" + b62(36)


def pypi_tok():
    return "pypi-AgEIcHlwaS5vcmc" + b64u(_rint(70, 110))


def stripe_sk():
    return "sk_live_" + b62(_ch([24, 99]))


def stripe_sk_test():
    return "sk_test_" + b62(_ch([24, 99]))


def stripe_rk():
    return "rk_live_" + b62(_ch([24, 99]))


def whsec():
    return "whsec_" + b62(32)


def square_tok():
    return "EAAA" + b64u(60)


def sq_secret():
    return "sq0csp-" + b64u(43)


def akid():
    return "AKIA" + _rs(string.ascii_uppercase + "234567", 16)


def aws_secret():
    return b64s(40)


def aiza():
    return "AIza" + b64u(35)


def gocspx():
    return "GOCSPX-" + b64u(28)


def g_refresh():
    return "1//0" + b64u(_rint(90, 100))


def ya29():
    return "ya29." + b64u(_rint(140, 180))


def fcm_key():
    return "AAAA" + b64u(7) + ":APA91b" + b64u(134)


def azure_key():
    return b64bytes(64)


def azure_client_secret():
    return b62(3) + str(_rint(0, 9)) + "Q~" + _rs(_B62 + "-_.~", 34)


def azdo_pat():
    return _rs("abcdefghijklmnopqrstuvwxyz234567", 52)


def sendgrid():
    return "SG." + b64u(22) + "." + b64u(43)


def mailgun():
    return "key-" + hx(32)


def mailchimp():
    return hx(32) + "-us" + str(_rint(2, 21))


def klaviyo():
    return "pk_" + hx(34)


def slack_bot():
    return "xoxb-" + dig(12) + "-" + dig(13) + "-" + b62(24)


def slack_user():
    return "xoxp-" + dig(12) + "-" + dig(12) + "-" + dig(13) + "-" + hx(32)


def discord_bot():
    return b64ue(str(_rint(10 ** 17, 10 ** 18 - 1))) + "." + b64u(6) + "." + b64u(38)


def telegram_tok():
    return str(_rint(10 ** 8, 10 ** 10 - 1)) + ":AA" + b64u(33)


def openai_key():
    return "sk-proj-" + b64u(_rint(120, 156))


def anthropic_key():
    return "sk-ant-api03-" + b64u(93) + "AA"


def hf_tok():
    return "hf_" + b62(34)


def nrak():
    return "NRAK-" + _rs(string.ascii_uppercase + string.digits, 27)


def sentry_tok():
    return "sntrys_" + b64u(_rint(140, 170))


def dop():
    return "dop_v1_" + hx(64)


def hvs():
    return "hvs." + b62(24)


def tskey():
    return "tskey-auth-" + b62(11) + "CNTRL-" + b62(33)


def ngrok_tok():
    return str(_rint(1, 2)) + b62(26) + "_" + b62(21)


def age_key():
    return "AGE-SECRET-KEY-1" + _rs("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)


def okta_tok():
    return "00" + b64u(40)


def atlassian_tok():
    return "ATATT3xFfGF0" + b64u(170) + "=" + HX(8)


def notion_tok():
    return "ntn_" + dig(11) + b62(35)


def airtable_pat():
    return "pat" + b62(14) + "." + hx(64)


def linear_key():
    return "lin_api_" + b62(40)


def dropbox_tok():
    return "sl." + b64u(_rint(130, 140))


def hubspot_tok():
    return "pat-" + _ch(["na1", "eu1"]) + "-" + uuid4()


def paypal_secret():
    return "E" + b64u(79)


def mapbox_sk():
    return "sk.eyJ1IjoiIiwiYSI6I" + b64u(30) + "." + b64u(22)


def sbp():
    return "sbp_" + hx(40)


def pscale():
    return "pscale_pw_" + b64u(43)


def doppler():
    return "dp.st.prd." + b62(43)


def dapi():
    return "dapi" + hx(32)


def glsa():
    return "glsa_" + b62(32) + "_" + hx(8)


def dckr():
    return "dckr_pat_" + b64u(27)


def ops_tok():
    return "ops_eyJ" + b64u(_rint(300, 360))


def resend_key():
    return "re_" + b62(8) + "_" + b62(24)


def adyen_key():
    return "AQE" + b62(2) + "hmf" + b62(37) + "+" + b64s(30) + "=-" + b64s(44) + "=-" + b62(16)


def braintree_tok():
    return "access_token$production$" + lo(16) + "$" + hx(32)


def influx_tok():
    return b64u(86) + "=="


def bb_app():
    return "ATBB" + b62(32)


def jenkins_tok():
    return "11" + hx(32)


def sumup_key():
    return "sup_sk_" + b62(32)


def mews_tok():
    return HX(32) + "-" + HX(31)


def azure_sas_sig():
    s = b64bytes(32)
    return s.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def cf_token():
    return b64u(40)


def meta_tok():
    return "EAAG" + b62(_rint(150, 190))


def yelp_key():
    return b64u(128)


def datadog_key():
    return hx(32)


def meraki_key():
    return hx(40)


def algolia_admin():
    return hx(32)


def twilio_tok():
    return hx(32)


def toast_secret():
    return b64u(64)


def ubereats_secret():
    return b64u(40)


def doordash_secret():
    return b64u(43)


def slack_hook_part():
    return b62(24)


def basic(c, user_key="user", gen=None):
    return b64e(c[user_key] + ":" + (gen or pws)())


# ----------------------------------------------------------------------------
# context fields
# ----------------------------------------------------------------------------
def _host(c):
    k = _rint(0, 3)
    role = _ch(_ROLES)
    if k == 0:
        return "%s%02d.%s" % (role, _rint(1, 9), c["dom"])
    if k == 1:
        return "%s.store%s.%s" % (role, c["store"], c["dom"])
    if k == 2:
        return "%s-%s.%s" % (role, _ch(["prod", "eu", "hq", "dc1", "cloud"]), c["dom"])
    return "%s%d.%s" % (role, _rint(1, 3), c["dom"])


def _dom(c):
    if _R.random() < 0.5:
        return c["brand"] + "." + _ch(_DOM_SUFFIX)
    return c["brand"] + _ch(_PUB_SUFFIX)


def _ip(c):
    k = _rint(0, 2)
    if k == 0:
        return "10.%d.%d.%d" % (_rint(0, 254), _rint(0, 254), _rint(2, 250))
    if k == 1:
        return "192.168.%d.%d" % (_rint(0, 60), _rint(2, 250))
    return "172.%d.%d.%d" % (_rint(16, 31), _rint(0, 254), _rint(2, 250))


def _email(c):
    return "%s.%s@%s" % (_ch(_NAMES_ASCII), _ch(_LAST_ASCII), c["dom"])


def _date(c):
    return "%d-%02d-%02d" % (_rint(2023, 2025), _rint(1, 12), _rint(1, 28))


def _time(c):
    return "%02d:%02d" % (_rint(0, 23), _rint(0, 59))


def _ts(c):
    return "%sT%02d:%02d:%02dZ" % (c["date"], _rint(0, 23), _rint(0, 59), _rint(0, 59))


def _clf(c):
    return "%02d/%s/%d:%02d:%02d:%02d +0100" % (_rint(1, 28), _ch(_MONTHS), _rint(2023, 2025),
                                               _rint(0, 23), _rint(0, 59), _rint(0, 59))


def _sysl(c):
    return "%s %2d %02d:%02d:%02d" % (_ch(_MONTHS), _rint(1, 28), _rint(0, 23), _rint(0, 59), _rint(0, 59))


def _ssid(c):
    return c["Brand"].replace(" ", "").replace("í", "i").replace("é", "e") + _ch(_SSID_SUFFIX)


def _brand_pair(c):
    p = _ch(_BRANDS)
    c["Brand"] = p[1]
    return p[0]


def _Brand(c):
    c["brand"]
    return c["Brand"]


def _serial(c):
    return _ch(["KSK", "SGN", "PAX", "VX", "NVR", "DS", "TAB", "KDS"]) + "-" + up(8)


def _phone(c):
    return _ch(["+34 6", "+351 91", "+33 6 ", "+49 151 ", "+39 3", "+48 5", "+90 53",
                "+84 9", "+63 917 ", "+91 98", "+55 11 9"]) + dig(2) + " " + dig(3) + " " + dig(3)


GEN = {
    "brand": _brand_pair,
    "Brand": _Brand,
    "dom": _dom,
    "host": _host,
    "ip": _ip,
    "port": lambda: str(_ch([5432, 3306, 1433, 6379, 8443, 9443, 8080, 5672, 27017, 1521, 8000, 9000])),
    "user": lambda: _ch(_USERS) + (str(_rint(1, 99)) if _R.random() < 0.25 else ""),
    "person": lambda: _ch(_PEOPLE),
    "email": _email,
    "db": lambda: _ch(_DBS),
    "store": lambda: "%04d" % _rint(11, 2999),
    "city": lambda: _ch(_CITIES),
    "date": _date,
    "time": _time,
    "ts": _ts,
    "clf": _clf,
    "sysl": _sysl,
    "uuid": lambda: uuid4(),
    "sha": lambda: hx(40),
    "sha7": lambda: hx(7),
    "mid": lambda: dig(15),
    "tid": lambda: _ch(["T", "P", "V"]) + dig(7),
    "serial": _serial,
    "ssid": _ssid,
    "ver": lambda: "%d.%d.%d" % (_rint(1, 9), _rint(0, 40), _rint(0, 20)),
    "num": lambda: str(_rint(2, 999)),
    "akid": lambda: akid(),
    "windom": lambda c: c["brand"].upper()[:12],
    "phone": _phone,
    "ipdash": lambda: "%d-%d-%d-%d" % (_rint(3, 54), _rint(0, 254), _rint(0, 254), _rint(2, 250)),
    "wgpub": lambda: b64bytes(32),
    "b64user": lambda c: b64e(c["user"]),
    "b64email": lambda c: b64e(c["email"]),
    "region": lambda: _ch(["eu-west-1", "eu-central-1", "us-east-1", "ap-southeast-1", "sa-east-1"]),
    "year": lambda: str(_rint(2023, 2025)),
    "party": lambda: str(_rint(2, 12)),
    # secret generators usable by name
    "pw": pw, "pws": pws, "pwu": pwu, "pwa": pwa, "phrase": phrase,
    "pin6": lambda: dig(6), "pin8": lambda: dig(8),
    "ghp": ghp, "ghpat": ghpat, "glpat": glpat, "npm": npm_tok, "pypi": pypi_tok,
    "stripe_sk": stripe_sk, "stripe_sk_test": stripe_sk_test, "stripe_rk": stripe_rk,
    "whsec": whsec, "square": square_tok, "sq_secret": sq_secret,
    "aws_secret": aws_secret, "aiza": aiza, "gocspx": gocspx, "g_refresh": g_refresh,
    "ya29": ya29, "fcm": fcm_key, "azure_key": azure_key,
    "azure_client_secret": azure_client_secret, "azdo_pat": azdo_pat,
    "sendgrid": sendgrid, "mailgun": mailgun, "mailchimp": mailchimp, "klaviyo": klaviyo,
    "slack_bot": slack_bot, "slack_user": slack_user, "discord_bot": discord_bot,
    "telegram": telegram_tok, "openai": openai_key, "anthropic": anthropic_key,
    "hf": hf_tok, "nrak": nrak, "sentry_tok": sentry_tok, "dop": dop, "hvs": hvs,
    "tskey": tskey, "ngrok": ngrok_tok, "age": age_key, "okta": okta_tok,
    "atlassian": atlassian_tok, "notion": notion_tok, "airtable": airtable_pat,
    "linear": linear_key, "dropbox": dropbox_tok, "hubspot": hubspot_tok,
    "paypal": paypal_secret, "mapbox_sk": mapbox_sk, "sbp": sbp, "pscale": pscale,
    "doppler": doppler, "dapi": dapi, "glsa": glsa, "dckr": dckr, "ops": ops_tok,
    "resend": resend_key, "adyen": adyen_key, "braintree": braintree_tok,
    "influx": influx_tok, "bb_app": bb_app, "jenkins_tok": jenkins_tok,
    "sumup": sumup_key, "mews": mews_tok, "azure_sas_sig": azure_sas_sig,
    "cf_token": cf_token, "meta": meta_tok, "yelp": yelp_key, "jwt": lambda: jwt(),
    "jwt_rs": lambda: jwt("RS256"), "wgkey": wgkey,
    "rsa_body": lambda: rsa_body(), "pkcs8_body": lambda: pkcs8_body(),
    "ec_body": lambda: ec_body(), "p8_body": lambda: p8_body(),
    "openssh_body": openssh_body, "pgp_body": pgp_body,
    "slack_hook": slack_hook_part,
    "ubereats": ubereats_secret, "doordash": doordash_secret, "toast": toast_secret,
    "twilio": twilio_tok, "meraki": meraki_key, "datadog": datadog_key, "algolia": algolia_admin,
}

_PATS = {"hex": hx, "HEX": HX, "b62": b62, "b64u": b64u, "b64": b64s, "dig": dig,
         "up": up, "lo": lo}
_PATRE = re.compile(r"(hex|HEX|b62|b64u|b64|dig|up|lo)_?(\d+)(?:_[a-z0-9]+)?$")


def _call(g, ctx):
    if isinstance(g, str):
        return _gen(g, ctx)
    if g.__code__.co_argcount:
        return g(ctx)
    return g()


def _gen(key, ctx):
    if key in GEN:
        return _call(GEN[key], ctx)
    m = _PATRE.match(key)
    if m:
        return _PATS[m.group(1)](int(m.group(2)))
    base = re.sub(r"(_[a-z0-9]+|[0-9]+)$", "", key)
    if base in GEN:
        return _call(GEN[base], ctx)
    raise KeyError(key)


class _Ctx(dict):
    def __init__(self, sgen=None):
        dict.__init__(self)
        self._sgen = sgen

    def __missing__(self, key):
        if key == "S":
            val = None
            for _ in range(500):
                val = _call(self._sgen, self)
                if val not in _USED:
                    break
            _USED.add(val)
        else:
            val = _gen(key, self)
        self[key] = val
        return val


_PH = re.compile("\u00ab([^\u00ab\u00bb]+)\u00bb")


def _render(tpl, ctx):
    def rep(m):
        k = m.group(1)
        if k.startswith("@"):
            name, _, alts = k[1:].partition(":")
            if name not in ctx:
                ctx[name] = _R.choice(alts.split("|"))
            return ctx[name]
        if "|" in k:
            return _R.choice(k.split("|"))
        return ctx[k]
    return _PH.sub(rep, tpl)


_TPL = []


def _t(group, fmt, tpl, s, vis=""):
    _TPL.append((group, fmt, tpl.strip("\n"), s, vis))


def C(fmt, tpl, s, vis=""):
    _t("command", fmt, tpl, s, vis)


def O(fmt, tpl, s, vis=""):
    _t("tool-output", fmt, tpl, s, vis)


def F(fmt, tpl, s, vis=""):
    _t("config-file", fmt, tpl, s, vis)


def SC(fmt, tpl, s, vis=""):
    _t("source-code", fmt, tpl, s, vis)


def L(fmt, tpl, s, vis=""):
    _t("stack-trace-or-log", fmt, tpl, s, vis)


def N(fmt, tpl, s, vis=""):
    _t("note-or-chat", fmt, tpl, s, vis)


def CI(fmt, tpl, s, vis=""):
    _t("ci-and-deploy", fmt, tpl, s, vis)


def V(fmt, tpl, s, vis=""):
    _t("vendor-token", fmt, tpl, s, vis)


# ============================================================================
# group: command
# ============================================================================
C("mysql-cli-attached-password", r"""
mysql -h «host» -u «user» -p«S» «db» -e "SELECT COUNT(*) FROM orders WHERE created_at > CURDATE();"
""", "pwa", "mysql -h «host» -u «user»")
C("psql-pgpassword-env-prefix", r"""
PGPASSWORD='«S»' psql -h «host» -U «user» -d «db» -c '\dt loyalty.*'
""", "pw", "psql -h «host» -U «user»")
C("pg-dump-connection-uri", r"""
pg_dump "postgresql://«user»:«S»@«host»:5432/«db»?sslmode=require" -Fc -f /tmp/«db»_«date».dump
""", "pwu", "/tmp/«db»_«date».dump")
C("mongosh-srv-uri", r"""
mongosh "mongodb+srv://«user»:«S»@cluster0.«lo5».mongodb.net/«db»?retryWrites=true&w=majority" --eval 'db.guests.countDocuments({tier:"gold"})'
""", "pwu", "db.guests.countDocuments")
C("redis-cli-a-flag", r"""
redis-cli -h «host» -p 6379 -a '«S»' --no-auth-warning --scan --pattern 'cart:«store»:*' | head
""", "pw", "redis-cli -h «host» -p 6379")
C("sqlcmd-sa-password-flag", r"""
sqlcmd -S «ip»,1433 -U sa -P «S» -d «db» -Q "SELECT TOP 20 CheckId, Total, CloseTime FROM dbo.Checks ORDER BY CloseTime DESC"
""", "pws", "sqlcmd -S «ip»,1433 -U sa")
C("sshpass-rsync-backoffice", r"""
sshpass -p '«S»' rsync -avz -e ssh «user»@«ip»:/opt/pos/exports/ ./exports/store«store»/
""", "pw", "«user»@«ip»:/opt/pos/exports/")
C("smbclient-user-percent-password", r"""
smbclient //«ip»/POSDATA -U '«user»%«S»' -c 'cd Reports; ls'
""", "pwu", "//«ip»/POSDATA")
C("mount-cifs-credentials-inline", r"""
sudo mount -t cifs //«ip»/Backups /mnt/bo -o username=«user»,password=«S»,vers=3.0,uid=1000
""", "pwu", "/mnt/bo")
C("net-use-positional-password", r"""
net use Z: \\«ip»\Menus «S» /user:«windom»\«user» /persistent:no
""", "pwu", "\\\\«ip»\\Menus")
C("curl-basic-auth-u-flag", r"""
curl -sS -u «user»:«S» "https://«host»/api/v2/tables?date=«date»" | jq '.tables | length'
""", "pws", "https://«host»/api/v2/tables")
C("curl-bearer-header-kiosk-config", r"""
curl -s -H "Authorization: Bearer «S»" https://«host»/kiosk/v1/devices/«serial»/config | jq .
""", "b64u40", "/kiosk/v1/devices/«serial»/config")
C("curl-x-api-key-inventory-post", r"""
curl -X POST https://api.«dom»/inventory/counts \
  -H 'X-Api-Key: «S»' \
  -H 'Content-Type: application/json' \
  -d @counts_store«store»_«date».json
""", "hex40", "counts_store«store»_«date».json")
C("curl-json-login-body", r"""
curl -s -X POST https://«host»/auth/login -H 'content-type: application/json' -d '{"username":"«user»","password":"«S»"}'
""", "pw", "https://«host»/auth/login")
C("httpie-form-password-field", r"""
http --form POST https://«host»/backoffice/session email=«email» password='«S»'
""", "pw", "«email»")
C("wget-http-password-flag", r"""
wget --http-user=«user» --http-password=«S» https://«host»/exports/daily_sales_«date».csv
""", "pws", "daily_sales_«date».csv")
C("lftp-user-comma-password", r"""
lftp -u «user»,'«S»' sftp://«host» -e "mirror --only-newer /outgoing/invoices ./invoices; bye"
""", "pw", "sftp://«host»")
C("docker-login-p-flag", r"""
docker login registry.«dom» -u ci-deploy -p «S»
""", "b62_32", "registry.«dom»")
C("echo-pipe-docker-login-stdin", r"""
echo "«S»" | docker login ghcr.io -u «user» --password-stdin
""", "ghp", "docker login ghcr.io")
C("git-clone-oauth2-token-url", r"""
git clone https://oauth2:«S»@gitlab.«dom»/franchise-it/pos-scripts.git
""", "glpat", "gitlab.«dom»/franchise-it/pos-scripts.git")
C("git-remote-set-url-user-token", r"""
git remote set-url origin https://«user»:«S»@github.com/«brand»/kiosk-app.git && git push origin main
""", "ghp", "github.com/«brand»/kiosk-app.git")
C("htpasswd-batch-positional", r"""
sudo htpasswd -bB /etc/nginx/.htpasswd_menu «user» '«S»'
""", "pw", "/etc/nginx/.htpasswd_menu")
C("rabbitmqctl-add-user-positional", r"""
rabbitmqctl add_user kds_consumer '«S»' && rabbitmqctl set_permissions -p /orders kds_consumer ".*" ".*" ".*"
""", "pw", "rabbitmqctl set_permissions -p /orders")
C("mosquitto-passwd-batch", r"""
sudo mosquitto_passwd -b /etc/mosquitto/passwd fryer-sensor-«num» «S»
""", "pws", "/etc/mosquitto/passwd")
C("openssl-pkcs12-passout", r"""
openssl pkcs12 -export -in terminal.crt -inkey terminal.key -out terminal-«tid».p12 -passout pass:«S»
""", "pws", "terminal-«tid».p12")
C("keytool-storepass-flag", r"""
keytool -importcert -alias acquirer-root -file acquirer_root.pem -keystore /opt/pos/conf/truststore.jks -storepass «S» -noprompt
""", "pws", "/opt/pos/conf/truststore.jks")
C("ipmitool-lanplus-password", r"""
ipmitool -I lanplus -H «ip» -U ADMIN -P «S» chassis power cycle
""", "pws", "chassis power cycle")
C("xfreerdp-p-flag", r"""
xfreerdp /v:«ip» /u:«windom»\«user» /p:'«S»' /cert:ignore /dynamic-resolution
""", "pw", "/v:«ip»")
C("x11vnc-passwd-signage-player", r"""
ssh pi@«ip» 'x11vnc -display :0 -forever -shared -passwd «S» -rfbport 5901 -bg'
""", "pws", "x11vnc -display :0")
C("zip-encrypt-p-flag", r"""
zip -r -P '«S»' payroll_export_«date».zip payroll/ && ls -lh payroll_export_«date».zip
""", "pw", "payroll_export_«date».zip")
C("7z-archive-attached-password", r"""
7z a -p«S» -mhe=on cctv_clips_«date».7z /srv/nvr/export/*.mp4
""", "pwa", "cctv_clips_«date».7z")
C("sqlplus-user-slash-password", r"""
sqlplus «user»/«S»@//«host»:1521/PMSPROD @nightly_audit.sql
""", "pwa", "@nightly_audit.sql")
C("ansible-playbook-become-pass-extra-var", r"""
ansible-playbook -i inventories/stores.ini patch_pos.yml -l store«store» -e "ansible_become_pass=«S»"
""", "pws", "patch_pos.yml")
C("ssh-echo-sudo-s", r"""
ssh «user»@«ip» "echo '«S»' | sudo -S systemctl restart pos-sync.service"
""", "pw", "systemctl restart pos-sync.service")
C("nmcli-wifi-connect-password", r"""
sudo nmcli dev wifi connect "«ssid»" password "«S»" ifname wlan0
""", "pws", "«ssid»")
C("wpa-passphrase-tee", r"""
wpa_passphrase «ssid» '«S»' | sudo tee /etc/wpa_supplicant/wpa_supplicant-wlan0.conf
""", "pw", "wpa_supplicant-wlan0.conf")
C("netsh-hostednetwork-key", r"""
netsh wlan set hostednetwork mode=allow ssid=«ssid» key=«S»
""", "pwu", "netsh wlan set hostednetwork")
C("reg-add-winlogon-defaultpassword", r"""
reg add "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon" /v DefaultPassword /t REG_SZ /d "«S»" /f
""", "pwu", "Winlogon")
C("net-user-add-kiosk-account", r"""
net user kiosk«num» «S» /add /expires:never /passwordchg:no
""", "pwu", "net user kiosk«num»")
C("cmdkey-add-pass", r"""
cmdkey /add:«host» /user:«windom»\«user» /pass:«S»
""", "pwu", "cmdkey /add:«host»")
C("schtasks-create-rp", r"""
schtasks /create /tn "EOD Export" /tr "C:\POS\bin\eod_export.exe" /sc daily /st 23:45 /ru «windom»\«user» /rp «S»
""", "pwu", "EOD Export")
C("psexec-u-p-flags", r"""
psexec \\«ip» -u «windom»\«user» -p «S» -h cmd /c "ipconfig /flushdns && net stop PosService && net start PosService"
""", "pwu", "net stop PosService")
C("powershell-convertto-securestring-new-localuser", r"""
$pw = ConvertTo-SecureString '«S»' -AsPlainText -Force; New-LocalUser -Name "signage" -Password $pw -PasswordNeverExpires
""", "pw", "New-LocalUser -Name \"signage\"")
C("invoke-sqlcmd-password-param", r"""
Invoke-Sqlcmd -ServerInstance "«ip»\SQLEXPRESS" -Database «db» -Username «user» -Password '«S»' -Query "EXEC dbo.usp_CloseDay @StoreId=«store»"
""", "pw", "dbo.usp_CloseDay")
C("invoke-restmethod-bearer-hashtable", r"""
Invoke-RestMethod -Uri "https://«host»/api/menus/publish" -Method Post -Headers @{ Authorization = "Bearer «S»" } -Body (Get-Content .\menu_«date».json -Raw)
""", "jwt", "/api/menus/publish")
C("plink-pw-flag", r"""
plink -ssh -batch -pw «S» «user»@«ip» "tail -n 200 /var/log/pos/terminal.log"
""", "pwu", "/var/log/pos/terminal.log")
C("winscp-open-sftp-url-password", r"""
WinSCP.com /command "open sftp://«user»:«S»@«host»/ -hostkey=*" "put C:\Exports\*.csv /inbound/" "exit"
""", "pwu", "put C:\\Exports\\*.csv /inbound/")
C("ffplay-rtsp-admin-password", r"""
ffplay -rtsp_transport tcp "rtsp://admin:«S»@«ip»:554/Streaming/Channels/101"
""", "pwu", "/Streaming/Channels/101")
C("curl-digest-isapi-cctv", r"""
curl --digest -u admin:«S» "http://«ip»/ISAPI/System/deviceInfo"
""", "pws", "/ISAPI/System/deviceInfo")
C("kubectl-create-secret-from-literal", r"""
kubectl -n ordering create secret generic doordash-drive --from-literal=developer_id=«uuid» --from-literal=signing_secret=«S»
""", "b64u43", "doordash-drive")
C("helm-upgrade-set-password", r"""
helm upgrade --install loyalty ./charts/loyalty -n loyalty --set postgresql.auth.password=«S» --set image.tag=«ver»
""", "pws", "./charts/loyalty")
C("terraform-apply-var-password", r"""
terraform apply -var="pos_db_password=«S»" -var-file=envs/prod.tfvars
""", "pws", "envs/prod.tfvars")
C("vault-kv-put-inline-password", r"""
vault kv put kv/stores/«store»/pos admin_user=«user» admin_password='«S»'
""", "pw", "kv/stores/«store»/pos")
C("vault-login-positional-token", r"""
export VAULT_ADDR=https://vault.«dom»:8200
vault login «S»
""", "hvs", "https://vault.«dom»:8200")
C("aws-configure-set-secret-key", r"""
aws configure set aws_secret_access_key «S» --profile franchise-reporting
""", "aws_secret", "--profile franchise-reporting")
C("gh-auth-login-herestring", r"""
gh auth login --hostname github.com --with-token <<< "«S»"
""", "ghp", "gh auth login --hostname github.com")
C("npm-config-set-authtoken", r"""
npm config set //registry.npmjs.org/:_authToken=«S»
""", "npm", "registry.npmjs.org")
C("twine-upload-token-p", r"""
twine upload --repository-url https://pypi.«dom»/legacy/ -u __token__ -p «S» dist/*
""", "pypi", "dist/*")
C("ssh-keygen-n-passphrase", r"""
ssh-keygen -t ed25519 -C "deploy@«host»" -N '«S»' -f ~/.ssh/store_deploy
""", "phrase", "~/.ssh/store_deploy")
C("gpg-batch-passphrase-decrypt", r"""
gpg --batch --yes --pinentry-mode loopback --passphrase '«S»' -d payroll_«date».csv.gpg > payroll.csv
""", "pw", "payroll_«date».csv.gpg")
C("sqlcipher-pragma-key", r"""
adb shell "sqlcipher /data/data/com.«brand».pos/databases/orders.db \"PRAGMA key = '«S»'; SELECT count(*) FROM tickets;\""
""", "b62_32", "orders.db")
C("grafana-cli-reset-admin-positional", r"""
sudo grafana-cli admin reset-admin-password «S»
""", "pws", "grafana-cli admin reset-admin-password")
C("stripe-cli-api-key-flag", r"""
stripe listen --forward-to localhost:4242/webhooks --api-key «S»
""", "stripe_sk_test", "localhost:4242/webhooks")
C("mysqldump-password-equals", r"""
mysqldump --single-transaction --password=«S» -u «user» -h «host» «db» | gzip > /backup/«db»_«date».sql.gz
""", "pws", "/backup/«db»_«date».sql.gz")
C("restic-password-env-prefix", r"""
RESTIC_PASSWORD='«S»' restic -r sftp:backup@«host»:/srv/restic/store«store» backup /opt/pos/data
""", "phrase", "/srv/restic/store«store»")
C("export-secret-then-node-script", r"""
export LOYALTY_API_SECRET=«S»
node scripts/resync_points.js --store «store» --since «date»
""", "b64u32", "scripts/resync_points.js")
C("swaks-auth-password", r"""
swaks --to «email» --from noreply@«dom» --server smtp.«dom»:587 --auth LOGIN --auth-user alerts@«dom» --auth-password '«S»' --tls
""", "pw", "--auth-user alerts@«dom»")
C("ldapsearch-w-bind-password", r"""
ldapsearch -x -H ldaps://dc01.«dom» -D "cn=svc_pos,ou=Service,dc=«brand»,dc=local" -w '«S»' -b "ou=Stores,dc=«brand»,dc=local" "(sAMAccountName=«user»)"
""", "pw", "ldaps://dc01.«dom»")
C("expect-inline-send-password", r"""
expect -c 'spawn ssh «user»@«ip»; expect "password:"; send "«S»\r"; expect "$ "; send "sudo reboot\r"; interact'
""", "pws", "spawn ssh «user»@«ip»")
C("curl-multiline-continuation-basic", r"""
curl -X PUT "https://«host»/api/stock/items/«num»" \
     --user «user»:«S» \
     -H "Accept: application/json" \
     --data '{"par_level": 24}'
""", "pws", "/api/stock/items/«num»")
C("ftp-url-with-credentials-curl", r"""
curl -T loyalty_members_«date».csv ftp://«user»:«S»@ftp.«dom»/upload/
""", "pwu", "loyalty_members_«date».csv")
C("rdesktop-p-flag", r"""
rdesktop -u «user» -d «windom» -p «S» -g 1280x800 «ip»
""", "pwu", "-g 1280x800 «ip»")
C("pg-isready-conninfo-password", r"""
psql "host=«host» port=6432 dbname=«db» user=«user» password=«S» sslmode=require" -c 'select now()'
""", "pws", "host=«host» port=6432")
C("influx-cli-token-flag", r"""
influx query --org «brand» --token «S» 'from(bucket:"walkin_temps") |> range(start:-1h)'
""", "influx", "walkin_temps")
C("jenkins-cli-auth-user-token", r"""
java -jar jenkins-cli.jar -s https://ci.«dom»/ -auth «user»:«S» build pos-release -p VERSION=«ver»
""", "jenkins_tok", "build pos-release")

# ============================================================================
# group: tool-output
# ============================================================================
O("printenv-grep-output", r"""
$ printenv | grep -i -E 'pos|loyalty'
POS_TERMINAL_ID=«tid»
LOYALTY_API_BASE=https://loyalty.«dom»/v3
LOYALTY_API_KEY=«S»
POS_STORE=«store»
""", "b62_40", "LOYALTY_API_BASE=https://loyalty.«dom»/v3")
O("docker-inspect-env-json-array", r"""
$ docker inspect kds-bridge --format '{{json .Config.Env}}' | jq .
[
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
  "KDS_MQTT_HOST=«ip»",
  "KDS_MQTT_PASSWORD=«S»",
  "NODE_ENV=production"
]
""", "pws", "KDS_MQTT_HOST=«ip»")
O("kubectl-get-secret-yaml-base64-data", r"""
$ kubectl -n booking get secret resv-db -o yaml
apiVersion: v1
data:
  DB_PASSWORD: «S»
  DB_USER: «b64user»
kind: Secret
metadata:
  name: resv-db
  namespace: booking
type: Opaque
""", lambda c: b64e(pw()), "name: resv-db")
O("kubectl-describe-pod-env-plain", r"""
$ kubectl describe pod loyalty-api-7d9f8b6c5-«lo5» | sed -n '/Environment/,/Mounts/p'
    Environment:
      SPRING_PROFILES_ACTIVE:      prod
      SPRING_DATASOURCE_URL:       jdbc:postgresql://«host»:5432/«db»
      SPRING_DATASOURCE_USERNAME:  «user»
      SPRING_DATASOURCE_PASSWORD:  «S»
    Mounts:
""", "pw", "jdbc:postgresql://«host»:5432/«db»")
O("git-config-list-credential-in-url", r"""
$ git config --list --show-origin | grep url
file:.git/config	remote.origin.url=https://«user»:«S»@bitbucket.org/«brand»/pos-reports.git
""", "bb_app", "bitbucket.org/«brand»/pos-reports.git")
O("cat-dotenv-laravel-output", r"""
$ cat .env
APP_ENV=production
APP_URL=https://order.«dom»
DB_CONNECTION=mysql
DB_HOST=«host»
DB_DATABASE=«db»
DB_USERNAME=«user»
DB_PASSWORD=«S»
MAIL_MAILER=smtp
""", "pws", "DB_HOST=«host»")
O("heroku-config-database-url", r"""
$ heroku config -a «brand»-online-ordering
=== «brand»-online-ordering Config Vars
DATABASE_URL:        postgres://«lo14»:«S»@ec2-«ipdash».eu-west-1.compute.amazonaws.com:5432/«lo14_db»
NODE_ENV:            production
""", "hex64", "=== «brand»-online-ordering Config Vars")
O("terraform-output-json-sensitive-value", r"""
$ terraform output -json
{
  "kiosk_api_url": {"sensitive": false, "type": "string", "value": "https://kiosk.«dom»"},
  "kiosk_db_password": {"sensitive": true, "type": "string", "value": "«S»"}
}
""", "pw", "https://kiosk.«dom»")
O("npm-config-list-authtoken", r"""
$ npm config list
; "user" config from /home/«user»/.npmrc

//registry.npmjs.org/:_authToken = "«S»"
@«brand»:registry = "https://registry.npmjs.org/"

; node bin location = /usr/bin/node
""", "npm", "; node bin location = /usr/bin/node")
O("docker-config-json-auths-base64", r"""
$ cat ~/.docker/config.json
{
	"auths": {
		"registry.«dom»": {
			"auth": "«S»"
		}
	}
}
""", lambda c: b64e("ci-deploy:" + pws()), "registry.«dom»")
O("cat-aws-credentials-file", r"""
$ cat ~/.aws/credentials
[franchise-reporting]
aws_access_key_id = «akid»
aws_secret_access_key = «S»
region = «region»
""", "aws_secret", "[franchise-reporting]")
O("netsh-wlan-show-profile-key-clear", r"""
PS C:\Users\manager> netsh wlan show profile name="«ssid»" key=clear

Security settings
-----------------
    Authentication         : WPA2-Personal
    Cipher                 : CCMP
    Security key           : Present
    Key Content            : «S»
""", "pw", "Authentication         : WPA2-Personal")
O("nmcli-show-secrets-psk-bare", r"""
$ nmcli -s -g 802-11-wireless-security.psk connection show "«ssid»"
«S»
""", "pws", "802-11-wireless-security.psk")
O("macos-security-find-generic-password-w", r"""
$ security find-generic-password -a «user» -s "Back Office «Brand»" -w
«S»
""", "pw", "security find-generic-password -a «user»")
O("get-itemproperty-winlogon-table", r"""
PS> Get-ItemProperty 'HKLM:\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon' | Select AutoAdminLogon,DefaultUserName,DefaultPassword

AutoAdminLogon DefaultUserName DefaultPassword
-------------- --------------- ---------------
1              kiosk           «S»
""", "pwu", "AutoAdminLogon DefaultUserName")
O("ps-aux-java-cmdline-password", r"""
$ ps aux | grep [j]ava
pos       1842  3.1 12.4 4123456 498212 ?     Sl   06:01  12:44 java -jar /opt/pos/sync.jar --db.url=jdbc:mysql://«host»/«db» --db.user=«user» --db.password=«S»
""", "pws", "/opt/pos/sync.jar")
O("bash-history-tail-mysql", r"""
$ history | tail -5
  501  cd /opt/kiosk
  502  ./kiosk-ctl status
  503  mysql -u root -p'«S»' kiosk
  504  sudo systemctl restart kiosk
  505  history | tail -5
""", "pw", "./kiosk-ctl status")
O("http-response-oauth-access-token", r"""
HTTP/1.1 200 OK
Content-Type: application/json
X-Request-Id: «uuid»

{"access_token":"«S»","token_type":"Bearer","expires_in":3600,"scope":"orders.read menu.write"}
""", "b64u64", "X-Request-Id: «uuid»")
O("curl-verbose-request-authorization-bearer", r"""
* Connected to api.«dom» («ip») port 443
> GET /v1/locations/«uuid»/orders?status=open HTTP/2
> Host: api.«dom»
> user-agent: curl/8.5.0
> accept: */*
> authorization: Bearer «S»
>
< HTTP/2 200
""", "b62_48", "/v1/locations/«uuid»/orders")
O("curl-si-set-cookie-session", r"""
$ curl -si -X POST https://«host»/backoffice/login --data-urlencode user=«user» --data-urlencode pass@/tmp/p.txt | head -5
HTTP/1.1 302 Found
Location: /backoffice/dashboard
Set-Cookie: BOSESSID=«S»; Path=/; HttpOnly; Secure; SameSite=Lax
""", "lo32", "Location: /backoffice/dashboard")
O("psql-select-integrations-table", r"""
pos_prod=> SELECT provider, client_id, client_secret, enabled FROM integrations WHERE store_id = «store»;
  provider  |            client_id             |              client_secret               | enabled
------------+----------------------------------+------------------------------------------+---------
 ubereats   | «lo32»                           | «S»                                      | t
(1 row)
""", "ubereats", "SELECT provider, client_id")
O("mysql-select-employees-plaintext-pass", r"""
mysql> SELECT emp_id, login, pass FROM employees WHERE role='manager' LIMIT 1;
+--------+--------------+--------------------+
| emp_id | login        | pass               |
+--------+--------------+--------------------+
|    «num» | «user»       | «S»       |
+--------+--------------+--------------------+
1 row in set (0.00 sec)
""", "pw", "SELECT emp_id, login, pass FROM employees")
O("redis-config-get-requirepass", r"""
127.0.0.1:6379> CONFIG GET requirepass
1) "requirepass"
2) "«S»"
""", "b62_32", "CONFIG GET requirepass")
O("kubectl-config-view-raw-user-token", r"""
$ kubectl config view --raw --minify
users:
- name: franchise-ci
  user:
    token: «S»
""", "jwt_rs", "name: franchise-ci")
O("gcloud-print-access-token", r"""
$ gcloud auth print-access-token --account=«user»@«brand»-pos.iam.gserviceaccount.com
«S»
""", "ya29", "gcloud auth print-access-token")
O("az-account-get-access-token-json", r"""
$ az account get-access-token --resource https://database.windows.net/
{
  "accessToken": "«S»",
  "expiresOn": "«date» 17:22:09.000000",
  "subscription": "«uuid»",
  "tenant": "«uuid2»",
  "tokenType": "Bearer"
}
""", "jwt_rs", "https://database.windows.net/")
O("vault-kv-get-table-installer-code", r"""
$ vault kv get kv/stores/«store»/alarm
====== Data ======
Key               Value
---               -----
installer_code    «S»
panel_model       DSC PowerSeries Neo
master_user       «user»
""", "pin6", "kv/stores/«store»/alarm")
O("op-item-get-fields-reveal", r"""
$ op item get "NVR «store» admin" --vault "Store Ops" --fields label=username,label=password --reveal
admin,«S»
""", "pws", "--vault \"Store Ops\"")
O("ansible-debug-var-output", r"""
TASK [pos : debug] *************************************************************
ok: [store«store»-bo] => {
    "pos_db_password": "«S»"
}
""", "pw", "TASK [pos : debug]")
O("docker-compose-config-rendered-env", r"""
$ docker compose config | sed -n '/loyalty-api:/,/image:/p'
  loyalty-api:
    environment:
      JWT_SECRET: «S»
      NODE_ENV: production
    image: registry.«dom»/loyalty-api:«ver»
""", "b64u48", "registry.«dom»/loyalty-api:«ver»")
O("systemctl-show-environment-property", r"""
$ systemctl show pos-sync -p Environment
Environment=POS_SYNC_URL=https://hq.«dom»/sync POS_SYNC_TOKEN=«S» POS_STORE=«store»
""", "b62_40", "POS_SYNC_URL=https://hq.«dom»/sync")
O("proc-environ-tr-newlines", r"""
$ sudo cat /proc/$(pgrep -f signage-player)/environ | tr '\0' '\n'
HOME=/home/signage
CMS_URL=https://cms.«dom»
CMS_DEVICE_SECRET=«S»
DISPLAY=:0
""", "hex32", "CMS_URL=https://cms.«dom»")
O("cisco-show-run-username-password", r"""
sw-store«store»#show running-config | include username
username «user» privilege 15 password 0 «S»
""", "pwa", "sw-store«store»#show running-config")
O("mikrotik-export-wpa2-psk", r"""
[admin@store«store»-rb] > /interface wireless security-profiles export
add authentication-types=wpa2-psk mode=dynamic-keys name=staff supplicant-identity="" wpa2-pre-shared-key=«S»
""", "pwu", "/interface wireless security-profiles export")
O("unifi-mongo-wlanconf-x-passphrase", r"""
> db.wlanconf.find({}, {name:1, security:1, x_passphrase:1})
{ "_id" : ObjectId("«hex24»"), "name" : "«ssid»", "security" : "wpapsk", "x_passphrase" : "«S»" }
""", "pw", "db.wlanconf.find")
O("grep-rn-hit-php-array", r"""
$ grep -rn "smtp_pass" /var/www/«brand»/
/var/www/«brand»/config/mail.php:14:    'smtp_pass' => '«S»',
""", "pw", "/var/www/«brand»/config/mail.php:14")
O("jenkins-script-console-decrypt-result", r"""
println(hudson.util.Secret.decrypt(credentials.find { it.id == 'store-sftp' }.password.encryptedValue))

Result: «S»
""", "pw", "hudson.util.Secret.decrypt")
O("wp-cli-option-get-stripe-json", r"""
$ wp option get woocommerce_stripe_settings --format=json | jq -r .secret_key
«S»
""", "stripe_sk", "wp option get woocommerce_stripe_settings")
O("env-sort-runner-token", r"""
$ env | sort | grep -E '^(CI|RUNNER)_' | head -4
CI_SERVER_URL=https://gitlab.«dom»
RUNNER_NAME=store-«store»-runner
RUNNER_TOKEN=«S»
""", lambda: "glrt-" + b64u(20), "CI_SERVER_URL=https://gitlab.«dom»")
O("sqlite-select-settings-rows", r"""
sqlite> SELECT key, value FROM settings WHERE key LIKE 'smtp%';
smtp_host|smtp.«dom»
smtp_user|orders@«dom»
smtp_password|«S»
""", "pw", "smtp_host|smtp.«dom»")
O("vercel-env-pull-cat", r"""
$ vercel env pull .env.local && cat .env.local
# Created by Vercel CLI
NEXT_PUBLIC_SITE_URL="https://order.«dom»"
RESEND_API_KEY="«S»"
""", "resend", "# Created by Vercel CLI")
O("firebase-functions-config-get", r"""
$ firebase functions:config:get
{
  "ubereats": {
    "client_id": "«lo32»",
    "client_secret": "«S»"
  }
}
""", "ubereats", "firebase functions:config:get")
O("pm2-env-listing", r"""
$ pm2 env 3 | grep -i -E 'square|port'
PORT: 3000
SQUARE_ENVIRONMENT: production
SQUARE_ACCESS_TOKEN: «S»
""", "square", "SQUARE_ENVIRONMENT: production")
O("wget-debug-request-authorization-basic", r"""
---request begin---
GET /exports/stock.csv HTTP/1.1
User-Agent: Wget/1.21.3
Authorization: Basic «S»
Host: «host»
---request end---
""", lambda c: basic(c), "GET /exports/stock.csv HTTP/1.1")
O("django-shell-settings-databases", r"""
>>> from django.conf import settings
>>> settings.DATABASES['default']
{'ENGINE': 'django.db.backends.postgresql', 'NAME': '«db»', 'USER': '«user»', 'PASSWORD': '«S»', 'HOST': '«host»', 'PORT': '5432'}
""", "pw", "'HOST': '«host»'")
O("rails-console-credentials-hash", r"""
irb(main):001> Rails.application.credentials.opentable
=> {:client_id=>"«lo20»", :client_secret=>"«S»"}
""", "b64u40", "Rails.application.credentials.opentable")
O("terraform-state-show-password-attr", r"""
$ terraform state show azurerm_mssql_server.pos
resource "azurerm_mssql_server" "pos" {
    administrator_login          = "posadmin"
    administrator_login_password = "«S»"
    fully_qualified_domain_name  = "«brand»-pos.database.windows.net"
""", "pw", "«brand»-pos.database.windows.net")
O("cat-pgpass-output", r"""
$ cat ~/.pgpass
«host»:5432:«db»:«user»:«S»
""", "pw", "«host»:5432:«db»:«user»")
O("cat-netrc-multiline", r"""
$ cat ~/.netrc
machine «host»
  login «user»
  password «S»
""", "pws", "machine «host»")
O("cat-git-credentials-azure-devops", r"""
$ cat ~/.git-credentials
https://«user»:«S»@dev.azure.com
""", "azdo_pat", "dev.azure.com")
O("az-storage-keys-list-table", r"""
$ az storage account keys list -g rg-signage -n «brand»signage -o table
CreationTime                      KeyName    Permissions    Value
--------------------------------  ---------  -------------  ----------------------------------------------------------------------------------------
«ts»              key1       FULL           «S»
""", "azure_key", "rg-signage")
O("aws-iam-create-access-key-json", r"""
$ aws iam create-access-key --user-name kiosk-uploader
{
    "AccessKey": {
        "UserName": "kiosk-uploader",
        "AccessKeyId": "«akid»",
        "Status": "Active",
        "SecretAccessKey": "«S»",
        "CreateDate": "«ts»"
    }
}
""", "aws_secret", "\"UserName\": \"kiosk-uploader\"")
O("gitlab-api-create-pat-response", r"""
$ curl -s --request POST --header "PRIVATE-TOKEN: $ADMIN_TOKEN" --data "name=pos-ci&scopes[]=read_repository" https://gitlab.«dom»/api/v4/users/«num»/personal_access_tokens
{"id":«num2»,"name":"pos-ci","revoked":false,"scopes":["read_repository"],"active":true,"token":"«S»"}
""", "glpat", "\"name\":\"pos-ci\"")
O("stripe-config-list-live-key", r"""
$ stripe config --list
[default]
  device_name = «host»
  live_mode_api_key = '«S»'
  live_mode_key_expires_at = '«date»'
""", "stripe_rk", "device_name = «host»")
O("cat-pem-rsa-private-key-file", r"""
$ sudo cat /etc/ssl/private/kiosk-mtls.key
-----BEGIN RSA PRIVATE KEY-----
«S»
-----END RSA PRIVATE KEY-----
""", "rsa_body", "/etc/ssl/private/kiosk-mtls.key")
O("cat-openssh-private-key-file", r"""
$ cat ~/.ssh/store_deploy
-----BEGIN OPENSSH PRIVATE KEY-----
«S»
-----END OPENSSH PRIVATE KEY-----
""", "openssh_body", "~/.ssh/store_deploy")
O("adb-shell-cat-pos-config-json", r"""
$ adb -s «serial» shell cat /sdcard/Android/data/com.«brand».pos/files/config.json
{"merchantId":"«mid»","terminalId":"«tid»","terminalApiKey":"«S»","env":"live"}
""", "b64u44", "\"merchantId\":\"«mid»\"")
O("switch-show-snmp-community", r"""
store«store»-sw1#show snmp community

Community name: «S»
Community Index: cisco0
Community SecurityName: «S»
storage-type: nonvolatile        active
""", lambda: "rw" + pwa(), "store«store»-sw1#show snmp community")
O("wg-showconf-output", r"""
$ sudo wg showconf wg0
[Interface]
ListenPort = 51820
PrivateKey = «S»

[Peer]
PublicKey = «wgpub»
AllowedIPs = 10.200.0.0/24
Endpoint = vpn.«dom»:51820
""", "wgkey", "Endpoint = vpn.«dom»:51820")
O("hikvision-config-decrypt-strings", r"""
$ python3 decrypt_hik_config.py configurationFile | strings | grep -A1 '^admin$'
admin
«S»
""", "pwa", "decrypt_hik_config.py")
O("pfsense-config-grep-pre-shared-key", r"""
$ grep -A2 '<phase1>' /cf/conf/config.xml | grep -i key
		<pre-shared-key>«S»</pre-shared-key>
""", "b62_32", "/cf/conf/config.xml")
O("cat-debian-cnf", r"""
$ sudo cat /etc/mysql/debian.cnf
# Automatically generated for Debian scripts. DO NOT TOUCH!
[client]
host     = localhost
user     = debian-sys-maint
password = «S»
socket   = /var/run/mysqld/mysqld.sock
""", "b62_16", "user     = debian-sys-maint")
O("aws-secretsmanager-get-secret-string", r"""
$ aws secretsmanager get-secret-value --secret-id prod/pos/adyen --query SecretString --output text
{"apiKey":"«S»","merchantAccount":"«windom»_ECOM"}
""", "adyen", "--secret-id prod/pos/adyen")
O("terminal-wrapped-storage-key", r"""
$ az storage account show-connection-string -n «brand»menus -g rg-signage -o tsv
DefaultEndpointsProtocol=https;EndpointSuffix=core.windows.net;AccountName=«brand»menus;AccountKey=«S»
""", lambda: (lambda k: k[:30] + "\n" + k[30:])(azure_key()), "AccountName=«brand»menus")
O("docker-exec-env-grep", r"""
$ docker exec pos-sync env | grep -i pass
PGPASSFILE=/root/.pgpass
SUPPLIER_SFTP_PASS=«S»
""", "pw", "PGPASSFILE=/root/.pgpass")
O("kubectl-get-secret-jsonpath-decoded", r"""
$ kubectl get secret opentable-creds -o jsonpath='{.data.client_secret}' | base64 -d; echo
«S»
""", "b64u48", "opentable-creds")
O("pip-config-list-index-url", r"""
$ pip config list
global.index-url='https://«user»:«S»@pypi.«dom»/simple/'
global.trusted-host='pypi.«dom»'
""", "pwu", "global.trusted-host='pypi.«dom»'")
O("git-log-patch-showing-removed-secret", r"""
$ git log -p -1 -- config/payments.yml
commit «sha»
Author: «person» <«email»>
    remove live key from config

-  secret_key: «S»
+  secret_key: ${STRIPE_SECRET_KEY}
""", "stripe_sk", "remove live key from config")

# ============================================================================
# group: config-file
# ============================================================================
F("dotenv-double-quoted-stripe", r"""
# .env.production - online ordering («Brand»)
APP_NAME="«Brand» Online"
STRIPE_PUBLISHABLE_KEY=pk_live_«b62_24»
STRIPE_SECRET_KEY="«S»"
ORDER_WEBHOOK_URL=https://order.«dom»/hooks/stripe
""", "stripe_sk", "ORDER_WEBHOOK_URL=https://order.«dom»/hooks/stripe")
F("spring-application-yml-datasource", r"""
spring:
  datasource:
    url: jdbc:postgresql://«host»:5432/«db»
    username: «user»
    password: "«S»"
  jpa:
    hibernate:
      ddl-auto: validate
""", "pw", "jdbc:postgresql://«host»:5432/«db»")
F("toml-database-section", r"""
[database]
host = "«host»"
port = 5432
user = "«user»"
password = "«S»"
pool_size = 10
""", "pw", "host = \"«host»\"")
F("ini-pos-terminal-hostlink", r"""
[Terminal]
StoreID=«store»
TerminalID=«tid»
ReceiptPrinter=EPSON TM-m30III

[HostLink]
Server=«ip»
Port=9100
User=«user»
Password=«S»
""", "pws", "ReceiptPrinter=EPSON TM-m30III")
F("web-config-connectionstrings-add", r"""
<connectionStrings>
  <add name="PosDb" connectionString="Data Source=«ip»\SQLEXPRESS;Initial Catalog=«db»;User ID=«user»;Password=«S»;" providerName="System.Data.SqlClient" />
</connectionStrings>
""", "pws", "providerName=\"System.Data.SqlClient\"")
F("appsettings-json-connectionstring-azure-sql", r"""
{
  "ConnectionStrings": {
    "Reservations": "Server=tcp:«brand»-resv.database.windows.net,1433;Database=«db»;User ID=«user»;Password=«S»;Encrypt=True;"
  },
  "Logging": { "LogLevel": { "Default": "Warning" } }
}
""", "pws", "«brand»-resv.database.windows.net")
F("spring-properties-datasource-password", r"""
spring.datasource.url=jdbc:mysql://«host»:3306/«db»?useSSL=true
spring.datasource.username=«user»
spring.datasource.password=«S»
spring.jpa.open-in-view=false
""", "pws", "spring.datasource.username=«user»")
F("docker-compose-env-list-postgres", r"""
services:
  db:
    image: postgres:16
    environment:
      - POSTGRES_DB=«db»
      - POSTGRES_USER=«user»
      - POSTGRES_PASSWORD=«S»
    volumes:
      - pgdata:/var/lib/postgresql/data
""", "pws", "POSTGRES_USER=«user»")
F("pgbouncer-userlist-txt", r"""
;; /etc/pgbouncer/userlist.txt
"«user»" "«S»"
""", "pw", "/etc/pgbouncer/userlist.txt")
F("pgpass-line-wildcard-db", r"""
# ~/.pgpass on the reporting box (chmod 600)
«host»:6432:*:«user»:«S»
""", "pw", "«host»:6432:*:«user»")
F("netrc-single-line", r"""
machine sftp.«dom» login «user» password «S»
""", "pws", "machine sftp.«dom» login «user»")
F("redis-conf-requirepass", r"""
bind 127.0.0.1 «ip»
port 6379
requirepass «S»
maxmemory 256mb
maxmemory-policy allkeys-lru
""", "b62_32", "maxmemory-policy allkeys-lru")
F("wpa-supplicant-network-block", r"""
ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev
country=PT
network={
    ssid="«ssid»"
    psk="«S»"
    key_mgmt=WPA-PSK
}
""", "pw", "ssid=\"«ssid»\"")
F("hostapd-conf-wpa-passphrase", r"""
interface=wlan0
driver=nl80211
ssid=«ssid»
hw_mode=g
channel=6
wpa=2
wpa_key_mgmt=WPA-PSK
wpa_passphrase=«S»
""", "pws", "ssid=«ssid»")
F("freeradius-clients-conf-secret", r"""
client captive-portal-«store» {
    ipaddr    = «ip»
    secret    = «S»
    shortname = guest-wifi-«store»
    nas_type  = other
}
""", "b62_24", "shortname = guest-wifi-«store»")
F("cisco-ios-username-secret-0", r"""
hostname store«store»-rtr
!
username «user» privilege 15 secret 0 «S»
!
ip domain name «dom»
""", "pwa", "hostname store«store»-rtr")
F("asterisk-sip-conf-peer-secret", r"""
[kitchen-phone]
type=friend
host=dynamic
defaultuser=kitchen
secret=«S»
context=internal
disallow=all
allow=ulaw
""", "pws", "[kitchen-phone]")
F("pjsip-conf-auth-password", r"""
[«num»-auth]
type=auth
auth_type=userpass
username=host-stand-«num»
password=«S»
""", "pws", "auth_type=userpass")
F("unattend-xml-autologon-plaintext", r"""
<AutoLogon>
  <Password>
    <Value>«S»</Value>
    <PlainText>true</PlainText>
  </Password>
  <Enabled>true</Enabled>
  <LogonCount>9999</LogonCount>
  <Username>kiosk</Username>
</AutoLogon>
""", "pws", "<Username>kiosk</Username>")
F("kiosk-json-admin-exit-password", r"""
{
  "kioskMode": true,
  "startUrl": "https://order.«dom»/kiosk?store=«store»",
  "adminExitPassword": "«S»",
  "idleResetSeconds": 90
}
""", "pw", "https://order.«dom»/kiosk?store=«store»")
F("signage-player-yaml-cms-key", r"""
# /etc/signage/player.yml
cms:
  url: https://signage.«dom»
  cms_key: «S»
  display_name: "«Brand» «city» menu wall"
schedule_refresh: 300
""", "b62_32", "url: https://signage.«dom»")
F("msmtprc-account-password", r"""
account orders
host smtp.«dom»
port 587
tls on
auth on
user orders@«dom»
password «S»
from orders@«dom»
account default : orders
""", "pws", "host smtp.«dom»")
F("postfix-sasl-passwd-apikey", r"""
# /etc/postfix/sasl_passwd
[smtp.sendgrid.net]:587 apikey:«S»
""", "sendgrid", "[smtp.sendgrid.net]:587")
F("s3cfg-secret-key", r"""
[default]
access_key = «akid»
secret_key = «S»
host_base = s3.amazonaws.com
host_bucket = %(bucket)s.s3.amazonaws.com
""", "aws_secret", "host_base = s3.amazonaws.com")
F("rclone-conf-wasabi-secret", r"""
[cctv-archive]
type = s3
provider = Wasabi
access_key_id = «up20»
secret_access_key = «S»
endpoint = s3.eu-central-1.wasabisys.com
""", "b62_40", "endpoint = s3.eu-central-1.wasabisys.com")
F("grafana-ini-admin-password", r"""
[server]
root_url = https://grafana.«dom»/

[security]
admin_user = admin
admin_password = «S»
""", "pws", "root_url = https://grafana.«dom»/")
F("prometheus-scrape-basic-auth", r"""
  - job_name: store-routers
    scheme: https
    basic_auth:
      username: prom
      password: «S»
    static_configs:
      - targets: ['«ip»:9100']
""", "pws", "job_name: store-routers")
F("alertmanager-smtp-auth-password", r"""
global:
  smtp_smarthost: 'smtp.«dom»:587'
  smtp_from: 'alerts@«dom»'
  smtp_auth_username: 'alerts@«dom»'
  smtp_auth_password: '«S»'
""", "pw", "smtp_smarthost: 'smtp.«dom»:587'")
F("filebeat-output-elasticsearch-password", r"""
output.elasticsearch:
  hosts: ["https://es.«dom»:9200"]
  username: "filebeat_writer"
  password: "«S»"
  index: "pos-logs-%{+yyyy.MM.dd}"
""", "pw", "username: \"filebeat_writer\"")
F("logstash-jdbc-input-password", r"""
input {
  jdbc {
    jdbc_connection_string => "jdbc:sqlserver://«ip»:1433;databaseName=«db»"
    jdbc_user => "«user»"
    jdbc_password => "«S»"
    schedule => "*/15 * * * *"
  }
}
""", "pw", "jdbc:sqlserver://«ip»:1433;databaseName=«db»")
F("telegraf-influxdb-v2-token", r"""
[[outputs.influxdb_v2]]
  urls = ["http://«ip»:8086"]
  token = "«S»"
  organization = "«brand»"
  bucket = "fridge_temps"
""", "influx", "bucket = \"fridge_temps\"")
F("home-assistant-secrets-yaml", r"""
# secrets.yaml - walk-in cooler monitoring, store «store»
cooler_mqtt_user: ha
cooler_mqtt_password: «S»
latitude_home: 38.7
""", "pws", "cooler_mqtt_user: ha")
F("esphome-wifi-block", r"""
wifi:
  ssid: "«ssid»"
  password: "«S»"
  ap:
    ssid: "Fridge-Sensor-Fallback"
""", "pw", "Fridge-Sensor-Fallback")
F("openvpn-auth-user-pass-file", r"""
# /etc/openvpn/client/store«store».auth
«user»
«S»
""", "pws", "/etc/openvpn/client/store«store».auth")
F("ipsec-secrets-psk-line", r"""
# /etc/ipsec.secrets
«ip» %any : PSK "«S»"
""", "b62_32", "/etc/ipsec.secrets")
F("wireguard-conf-interface-privatekey", r"""
[Interface]
Address = 10.200.0.«num»/32
PrivateKey = «S»
DNS = 10.200.0.1

[Peer]
PublicKey = «wgpub»
Endpoint = vpn.«dom»:51820
AllowedIPs = 10.0.0.0/8
""", "wgkey", "Endpoint = vpn.«dom»:51820")
F("netplan-wifi-access-point-password", r"""
network:
  version: 2
  wifis:
    wlan0:
      dhcp4: true
      access-points:
        "«ssid»":
          password: "«S»"
""", "pw", "\"«ssid»\":")
F("networkmanager-nmconnection-psk", r"""
[connection]
id=«ssid»
type=wifi

[wifi-security]
key-mgmt=wpa-psk
psk=«S»
""", "pws", "id=«ssid»")
F("mobileconfig-wifi-password-plist", r"""
<key>SSID_STR</key>
<string>«ssid»</string>
<key>Password</key>
<string>«S»</string>
<key>EncryptionType</key>
<string>WPA2</string>
""", "pws", "<string>«ssid»</string>")
F("odbc-ini-dsn-pwd", r"""
[POSREPORT]
Driver=ODBC Driver 18 for SQL Server
Server=«ip»
Database=«db»
UID=«user»
PWD=«S»
TrustServerCertificate=yes
""", "pws", "Driver=ODBC Driver 18 for SQL Server")
F("sssd-conf-ldap-default-authtok", r"""
[domain/«brand».local]
ldap_uri = ldaps://dc01.«dom»
ldap_default_bind_dn = cn=sssd,ou=svc,dc=«brand»,dc=local
ldap_default_authtok_type = password
ldap_default_authtok = «S»
""", "pws", "ldap_uri = ldaps://dc01.«dom»")
F("nagios-resource-cfg-user-macro", r"""
# resource.cfg - creds for NVR / alarm panel checks
$USER3$=«user»
$USER4$=«S»
""", "pwa", "creds for NVR / alarm panel checks")
F("zabbix-agent-psk-file", r"""
# /etc/zabbix/zabbix_agentd.psk  (TLSPSKIdentity store«store»-bo)
«S»
""", "hex64", "/etc/zabbix/zabbix_agentd.psk")
F("kubeconfig-client-key-data", r"""
users:
- name: store-edge-«store»
  user:
    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t«b64_60»
    client-key-data: «S»
""", lambda: b64e("-----BEGIN EC PRIVATE KEY-----\n" + ec_body() + "\n-----END EC PRIVATE KEY-----\n"), "name: store-edge-«store»")
F("maven-settings-server-password", r"""
<servers>
  <server>
    <id>«brand»-nexus</id>
    <username>«user»</username>
    <password>«S»</password>
  </server>
</servers>
""", "pws", "<id>«brand»-nexus</id>")
F("nuget-config-cleartextpassword", r"""
<packageSourceCredentials>
  <PosFeed>
    <add key="Username" value="«user»" />
    <add key="ClearTextPassword" value="«S»" />
  </PosFeed>
</packageSourceCredentials>
""", "azdo_pat", "<add key=\"Username\" value=\"«user»\" />")
F("composer-auth-json-http-basic", r"""
{
    "http-basic": {
        "repo.«dom»": {
            "username": "«user»",
            "password": "«S»"
        }
    }
}
""", "pw", "repo.«dom»")
F("gradle-properties-repo-creds", r"""
org.gradle.jvmargs=-Xmx2g
artifactoryUser=«user»
artifactoryPassword=«S»
""", "pws", "artifactoryUser=«user»")
F("npmrc-scoped-registry-authtoken", r"""
@«brand»:registry=https://npm.pkg.github.com
//npm.pkg.github.com/:_authToken=«S»
always-auth=true
""", "ghp", "@«brand»:registry=https://npm.pkg.github.com")
F("pip-conf-index-url-userinfo", r"""
[global]
index-url = https://«user»:«S»@pypi.«dom»/simple/
timeout = 30
""", "pwu", "/simple/")
F("helm-values-postgresql-auth", r"""
postgresql:
  enabled: true
  auth:
    username: loyalty
    password: "«S»"
    database: loyalty
""", "pw", "database: loyalty")
F("ansible-group-vars-winrm-password", r"""
# group_vars/store_backoffice.yml
ansible_user: «user»
ansible_password: "«S»"
ansible_connection: winrm
ansible_winrm_server_cert_validation: ignore
""", "pw", "ansible_connection: winrm")
F("terraform-tfvars-admin-password", r"""
store_count        = «num»
region             = "«region»"
pos_admin_password = "«S»"
""", "pw", "region             = \"«region»\"")
F("hcl-mysql-provider-block", r"""
provider "mysql" {
  endpoint = "«host»:3306"
  username = "«user»"
  password = "«S»"
}
""", "pw", "endpoint = \"«host»:3306\"")
F("systemd-unit-environment-token", r"""
[Service]
User=pos
Environment="POS_BRIDGE_TOKEN=«S»"
ExecStart=/opt/bridge/bin/bridge --store «store»
Restart=always
""", "b62_40", "ExecStart=/opt/bridge/bin/bridge --store «store»")
F("crontab-mysqldump-inline-password", r"""
# m h dom mon dow command
15 3 * * * /usr/bin/mysqldump -u«user» -p«S» «db» > /backup/«db».sql 2>&1
""", "pwa", "/backup/«db».sql")
F("haproxy-stats-auth", r"""
listen stats
    bind *:8404
    stats enable
    stats uri /stats
    stats auth admin:«S»
""", "pws", "stats uri /stats")
F("nginx-proxy-set-header-basic", r"""
location /supplier/ {
    proxy_pass https://portal.«dom»/;
    proxy_set_header Authorization "Basic «S»";
}
""", lambda c: basic(c), "proxy_pass https://portal.«dom»/;")
F("mongod-keyfile-content", r"""
# /etc/mongod/keyfile  (replica set rs-loyalty)
«S»
""", lambda: _wrap(b64bytes(96), 64), "replica set rs-loyalty")
F("wp-config-define-db-password", r"""
define( 'DB_NAME', '«db»' );
define( 'DB_USER', '«user»' );
define( 'DB_PASSWORD', '«S»' );
define( 'DB_HOST', '«host»' );
""", "pw", "define( 'DB_HOST', '«host»' );")
F("coova-chilli-radsecret", r"""
# /etc/chilli/config - guest captive portal
HS_LANIF=eth1
HS_NETWORK=10.1.0.0
HS_RADIUS=«ip»
HS_RADSECRET=«S»
HS_UAMFORMAT=https://portal.«dom»/login
""", "b62_20", "HS_UAMFORMAT=https://portal.«dom»/login")
F("smb-credentials-file", r"""
# /root/.smbcred-bo
username=«user»
password=«S»
domain=«windom»
""", "pws", "/root/.smbcred-bo")
F("fetchmailrc-poll-password", r"""
poll imap.«dom» protocol IMAP
    user "invoices@«dom»" password "«S»" is "ap" here
    ssl
""", "pw", "poll imap.«dom» protocol IMAP")
F("kafka-jaas-plain-login-module", r"""
security.protocol=SASL_SSL
sasl.mechanism=PLAIN
sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="«user»" password="«S»";
""", "pws", "sasl.mechanism=PLAIN")
F("hocon-play-db-default-password", r"""
db.default.driver=org.postgresql.Driver
db.default.url="jdbc:postgresql://«host»/«db»"
db.default.username=«user»
db.default.password="«S»"
""", "pw", "db.default.driver=org.postgresql.Driver")
F("epson-epos-device-admin-json", r"""
{
  "printers": [
    {"name": "bar", "ip": "«ip»", "model": "TM-m30III", "webconfig_user": "epson", "webconfig_password": "«S»"}
  ]
}
""", "pws", "\"model\": \"TM-m30III\"")
F("sevenrooms-integration-yaml", r"""
integrations:
  sevenrooms:
    venue_id: «lo20»
    client_id: «uuid»
    client_secret: «S»
""", "b62_64", "venue_id: «lo20»")
F("xml-pos-config-attribute-password", r"""
<PosConfig store="«store»">
  <Database server="«ip»" name="«db»" user="«user»" password="«S»" />
  <Printer kitchen="«ip2»" />
</PosConfig>
""", "pws", "<PosConfig store=\"«store»\">")

# ============================================================================
# group: source-code
# ============================================================================
SC("python-requests-auth-tuple", r"""
def fetch_stock(store_id):
    resp = requests.get(f"https://«host»/api/stock/{store_id}", auth=("«user»", "«S»"), timeout=10)
    resp.raise_for_status()
    return resp.json()
""", "pw", "def fetch_stock(store_id):")
SC("python-psycopg2-connect-kwargs", r"""
conn = psycopg2.connect(host="«host»", dbname="«db»", user="«user»", password="«S»", connect_timeout=5)
""", "pw", "host=\"«host»\", dbname=\"«db»\"")
SC("python-module-constant-api-key", r"""
SEVENROOMS_BASE = "https://api.sevenrooms.com/2_4"
SEVENROOMS_API_KEY = "«S»"  # TODO move to env before go-live
""", "b62_48", "SEVENROOMS_BASE = \"https://api.sevenrooms.com/2_4\"")
SC("python-django-databases-dict", r"""
DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.mysql",
        "NAME": "«db»",
        "USER": "«user»",
        "PASSWORD": "«S»",
        "HOST": "«host»",
    }
}
""", "pw", "\"ENGINE\": \"django.db.backends.mysql\"")
SC("python-smtplib-login-call", r"""
with smtplib.SMTP("smtp.«dom»", 587) as server:
    server.starttls()
    server.login("orders@«dom»", "«S»")
    server.send_message(msg)
""", "pw", "smtplib.SMTP(\"smtp.«dom»\", 587)")
SC("python-environ-get-literal-fallback", r"""
TOAST_CLIENT_ID = os.environ.get("TOAST_CLIENT_ID", "«lo32»")
TOAST_CLIENT_SECRET = os.environ.get("TOAST_CLIENT_SECRET", "«S»")
""", "toast", "os.environ.get(\"TOAST_CLIENT_SECRET\"")
SC("js-axios-create-header-object", r"""
const client = axios.create({
  baseURL: 'https://api.«dom»/v2',
  timeout: 8000,
  headers: { 'X-Auth-Token': '«S»' },
});
""", "hex40", "baseURL: 'https://api.«dom»/v2'")
SC("js-fetch-bearer-template-literal", r"""
const res = await fetch(`${BASE_URL}/stores/${storeId}/orders`, {
  headers: { Authorization: `Bearer «S»` },
});
""", "jwt", "/stores/${storeId}/orders")
SC("ts-export-config-object-client-secret", r"""
export const config = {
  uberEats: {
    clientId: '«lo32»',
    clientSecret: '«S»',
    scopes: ['eats.store', 'eats.order'],
  },
};
""", "ubereats", "scopes: ['eats.store', 'eats.order']")
SC("node-mysql2-createpool", r"""
const pool = mysql.createPool({ host: '«host»', user: '«user»', password: '«S»', database: '«db»', connectionLimit: 5 });
""", "pw", "mysql.createPool")
SC("java-drivermanager-getconnection", r"""
try (Connection c = DriverManager.getConnection("jdbc:mysql://«host»:3306/«db»", "«user»", "«S»")) {
    c.setAutoCommit(false);
""", "pw", "jdbc:mysql://«host»:3306/«db»")
SC("java-private-static-final-key", r"""
public final class AdyenConfig {
    private static final String ADYEN_API_KEY = "«S»";
    private static final String MERCHANT_ACCOUNT = "«windom»_POS";
""", "adyen", "public final class AdyenConfig")
SC("kotlin-const-val-shared-secret", r"""
object TerminalConfig {
    const val TERMINAL_SHARED_SECRET = "«S»"
    const val POLL_INTERVAL_MS = 1500L
}
""", "b64u32", "const val POLL_INTERVAL_MS = 1500L")
SC("csharp-connection-string-var", r"""
var cs = "Server=«ip»;Database=«db»;User Id=«user»;Password=«S»;TrustServerCertificate=True";
using var conn = new SqlConnection(cs);
""", "pws", "using var conn = new SqlConnection(cs);")
SC("csharp-networkcredential-ctor", r"""
client.Credentials = new NetworkCredential("«user»", "«S»", "«windom»");
""", "pw", "client.Credentials = new NetworkCredential(")
SC("go-struct-literal-config", r"""
cfg := Config{
	Host:     "«host»",
	User:     "«user»",
	Password: "«S»",
	Database: "«db»",
}
""", "pw", "Host:     \"«host»\"")
SC("go-sql-open-dsn", r"""
db, err := sql.Open("mysql", "«user»:«S»@tcp(«host»:3306)/«db»?parseTime=true")
if err != nil {
	log.Fatal(err)
}
""", "pwa", "tcp(«host»:3306)/«db»")
SC("php-new-pdo-positional", r"""
$pdo = new PDO("mysql:host=«host»;dbname=«db»;charset=utf8mb4", "«user»", "«S»");
""", "pw", "mysql:host=«host»;dbname=«db»")
SC("php-return-config-array", r"""
<?php
return [
    'host'     => '«host»',
    'username' => '«user»',
    'password' => '«S»',
    'dbname'   => '«db»',
];
""", "pw", "'host'     => '«host»'")
SC("ruby-establish-connection-hash", r"""
ActiveRecord::Base.establish_connection(adapter: "postgresql", host: "«host»", username: "«user»", password: "«S»", database: "«db»")
""", "pw", "adapter: \"postgresql\"")
SC("swift-let-api-key", r"""
enum Secrets {
    static let deliverooAPIKey = "«S»"
}
""", "b62_40", "enum Secrets {")
SC("dart-flutter-const-string", r"""
const String kPaymentGatewayUrl = 'https://pay.«dom»/v1';
const String kPaymentGatewaySecret = '«S»';
""", "b64u48", "kPaymentGatewayUrl = 'https://pay.«dom»/v1'")
SC("rust-const-str-hmac-key", r"""
const LOYALTY_HMAC_KEY: &str = "«S»";

fn sign(body: &[u8]) -> String {
""", "hex64", "fn sign(body: &[u8]) -> String {")
SC("arduino-esp32-wifi-begin", r"""
const char* ssid = "«ssid»";
const char* password = "«S»";

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
""", "pw", "const char* ssid = \"«ssid»\";")
SC("c-define-nvr-credentials", r"""
#define NVR_HOST "«ip»"
#define NVR_USER "admin"
#define NVR_PASS "«S»"
""", "pw", "#define NVR_HOST \"«ip»\"")
SC("bash-script-db-pass-variable", r"""
#!/bin/bash
set -euo pipefail
DB_USER=«user»
DB_PASS='«S»'
mysqldump -u"$DB_USER" -p"$DB_PASS" «db» | gzip > "/backup/«db»_$(date +%F).sql.gz"
""", "pw", "set -euo pipefail")
SC("powershell-pscredential-object", r"""
$secpass = ConvertTo-SecureString "«S»" -AsPlainText -Force
$cred = New-Object System.Management.Automation.PSCredential ("«windom»\«user»", $secpass)
Invoke-Command -ComputerName BO-«store» -Credential $cred -ScriptBlock { Restart-Service PosAgent }
""", "pwu", "Restart-Service PosAgent")
SC("sql-create-user-identified-by", r"""
CREATE USER 'reporting'@'%' IDENTIFIED BY '«S»';
GRANT SELECT ON «db».* TO 'reporting'@'%';
FLUSH PRIVILEGES;
""", "pw", "GRANT SELECT ON «db».* TO 'reporting'@'%';")
SC("tsql-alter-login-with-password", r"""
ALTER LOGIN [«user»] WITH PASSWORD = N'«S»', CHECK_POLICY = OFF;
GO
""", "pw", "CHECK_POLICY = OFF")
SC("postgres-create-role-login-password", r"""
CREATE ROLE kiosk_app LOGIN PASSWORD '«S»';
GRANT CONNECT ON DATABASE «db» TO kiosk_app;
""", "pw", "GRANT CONNECT ON DATABASE «db» TO kiosk_app;")
SC("lua-openresty-set-header", r"""
location /partner/ {
  access_by_lua_block {
    ngx.req.set_header("X-Partner-Key", "«S»")
  }
  proxy_pass http://partner_upstream;
}
""", "hex32", "proxy_pass http://partner_upstream;")
SC("perl-dbi-connect", r"""
my $dbh = DBI->connect("DBI:Pg:dbname=«db»;host=«host»", "«user»", "«S»", { RaiseError => 1, AutoCommit => 1 });
""", "pw", "DBI:Pg:dbname=«db»;host=«host»")
SC("delphi-adoconnection-string", r"""
ADOConnection1.ConnectionString := 'Provider=SQLOLEDB.1;Password=«S»;Persist Security Info=True;User ID=«user»;Initial Catalog=«db»;Data Source=«ip»';
ADOConnection1.Connected := True;
""", "pws", "ADOConnection1.Connected := True;")
SC("vbnet-dim-connstring", r"""
Dim connStr As String = "Data Source=«ip»;Initial Catalog=«db»;User ID=«user»;Password=«S»"
Using cn As New SqlConnection(connStr)
""", "pws", "Using cn As New SqlConnection(connStr)")
SC("objc-static-nsstring-secret", r"""
static NSString * const kLoyaltyClientId = @"«lo24»";
static NSString * const kLoyaltyClientSecret = @"«S»";
""", "b64u40", "kLoyaltyClientId")
SC("elixir-config-exs-repo", r"""
config :loyalty, Loyalty.Repo,
  username: "«user»",
  password: "«S»",
  hostname: "«host»",
  pool_size: 10
""", "pw", "config :loyalty, Loyalty.Repo,")
SC("scala-val-literal-with-comment", r"""
val smsFrom  = "+1555«dig7»"
val smsToken = "«S»" // twilio auth token for table-ready texts
""", "twilio", "table-ready texts")
SC("jupyter-cell-json-source-array", r"""
{"cell_type": "code", "execution_count": 3, "metadata": {}, "source": ["import snowflake.connector\n", "conn = snowflake.connector.connect(user='«user»', password='«S»', account='«lo7»-«lo5»', warehouse='REPORTING_WH')\n"]}
""", "pw", "import snowflake.connector")
SC("pytest-fixture-live-client-secret", r"""
@pytest.fixture
def ubereats_client():
    return UberEatsClient(client_id="«lo32»", client_secret="«S»", sandbox=False)
""", "ubereats", "def ubereats_client():")
SC("git-diff-added-password-line", r"""
diff --git a/config/pos.yml b/config/pos.yml
index «hex7_a»..«hex7_b» 100644
--- a/config/pos.yml
+++ b/config/pos.yml
@@ -3,4 +3,4 @@ sync:
   host: «host»
   user: «user»
-  password: ${POS_SYNC_PASSWORD}
+  password: «S»
""", "pws", "diff --git a/config/pos.yml b/config/pos.yml")
SC("commented-out-old-connect-call", r"""
# old creds, keep until migration done
# conn = pymssql.connect("«ip»", "sa", "«S»", "«db»")
conn = pymssql.connect(HOST, USER, PASSWORD, DB)
""", "pw", "conn = pymssql.connect(HOST, USER, PASSWORD, DB)")
SC("docstring-example-with-real-token", r"""
def push_menu(store_id, token):
    '''Push the current menu to the aggregator.

    Example:
        push_menu(«store», "«S»")
    '''
""", "b64u40", "def push_menu(store_id, token):")
SC("java-props-setproperty-smtp-password", r"""
Properties props = new Properties();
props.setProperty("mail.smtp.host", "smtp.«dom»");
props.setProperty("mail.smtp.user", "noreply@«dom»");
props.setProperty("mail.smtp.password", "«S»");
""", "pw", "props.setProperty(\"mail.smtp.host\", \"smtp.«dom»\");")
SC("gradle-buildconfigfield-escaped", r"""
buildConfigField "String", "API_BASE", "\"https://api.«dom»\""
buildConfigField "String", "PAYMENT_API_SECRET", "\"«S»\""
""", "b62_40", "buildConfigField \"String\", \"API_BASE\"")
SC("node-jwt-sign-literal-secret", r"""
const token = jwt.sign({ sub: guest.id, tier: guest.tier }, '«S»', { expiresIn: '7d' });
""", "b64u48", "{ sub: guest.id, tier: guest.tier }")
SC("python-hmac-bytes-webhook-secret", r"""
WEBHOOK_SECRET = b"«S»"

def verify(body: bytes, signature: str) -> bool:
    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(mac, signature)
""", "doordash", "def verify(body: bytes, signature: str) -> bool:")
SC("ruby-net-http-basic-auth", r"""
req = Net::HTTP::Get.new(URI("https://«host»/api/invoices?since=«date»"))
req.basic_auth "«user»", "«S»"
""", "pw", "Net::HTTP::Get.new")
SC("csharp-default-request-header-apim", r"""
http.DefaultRequestHeaders.Add("Ocp-Apim-Subscription-Key", "«S»");
var menu = await http.GetFromJsonAsync<Menu>($"stores/{storeId}/menu");
""", "hex32", "var menu = await http.GetFromJsonAsync<Menu>")
SC("go-http-setbasicauth", r"""
req, _ := http.NewRequest("GET", "https://«host»/v1/shifts", nil)
req.SetBasicAuth("«user»", "«S»")
""", "pw", "https://«host»/v1/shifts")
SC("python-paramiko-connect-password", r"""
ssh = paramiko.SSHClient()
ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
ssh.connect("«ip»", username="«user»", password="«S»", timeout=5)
""", "pw", "ssh.set_missing_host_key_policy")
SC("python-ftplib-login", r"""
ftp = FTP("ftp.«dom»")
ftp.login("«user»", "«S»")
ftp.cwd("/orders/outgoing")
""", "pw", "ftp.cwd(\"/orders/outgoing\")")
SC("js-env-or-literal-fallback", r"""
const secret = process.env.SESSION_SECRET || '«S»';
app.use(session({ secret, resave: false, saveUninitialized: false }));
""", "b64u40", "process.env.SESSION_SECRET")
SC("php-curl-setopt-userpwd", r"""
curl_setopt($ch, CURLOPT_URL, "https://«host»/supplier/orders");
curl_setopt($ch, CURLOPT_USERPWD, "«user»:«S»");
""", "pws", "CURLOPT_URL")
SC("python-boto3-client-explicit-keys", r"""
s3 = boto3.client("s3", region_name="«region»", aws_access_key_id="«akid»", aws_secret_access_key="«S»")
""", "aws_secret", "region_name=\"«region»\"")
SC("cpp-static-const-terminal-key", r"""
// terminal master key (test lane 3)
static const std::string kTerminalKey = "«S»";
""", "HEX32", "terminal master key (test lane 3)")
SC("kotlin-okhttp-add-header-bearer", r"""
val request = Request.Builder()
    .url("https://api.«dom»/v1/loyalty/members/$memberId")
    .addHeader("Authorization", "Bearer «S»")
    .build()
""", "b62_40", "/v1/loyalty/members/$memberId")
SC("python-redis-from-url-password", r"""
r = redis.Redis.from_url("redis://:«S»@«host»:6379/2", decode_responses=True)
""", "pwu", "decode_responses=True")
SC("bash-token-var-github-api", r"""
TOKEN="«S»"
curl -s -H "Authorization: token $TOKEN" https://api.github.com/repos/«brand»/pos/releases/latest | jq -r .tag_name
""", "ghp", "https://api.github.com/repos/«brand»/pos/releases/latest")
SC("tsql-sp-addlinkedsrvlogin", r"""
EXEC sp_addlinkedsrvlogin @rmtsrvname = N'HQ', @useself = N'False', @locallogin = NULL, @rmtuser = N'«user»', @rmtpassword = N'«S»';
""", "pw", "@rmtsrvname = N'HQ'")
SC("python-paho-username-pw-set", r"""
client = mqtt.Client(client_id="fryer-«num»")
client.username_pw_set("«user»", "«S»")
client.connect("«ip»", 1883)
""", "pw", "client_id=\"fryer-«num»\"")
SC("vba-excel-macro-adodb-open", r"""
Dim cn As Object
Set cn = CreateObject("ADODB.Connection")
cn.Open "Provider=SQLOLEDB;Data Source=«ip»;Initial Catalog=«db»;User ID=«user»;Password=«S»;"
""", "pws", "CreateObject(\"ADODB.Connection\")")
SC("python-dataclass-default-password", r"""
@dataclass
class NvrConfig:
    host: str = "«ip»"
    user: str = "admin"
    password: str = "«S»"
""", "pw", "class NvrConfig:")
SC("swift-urlrequest-basic-header", r"""
request.setValue("Basic «S»", forHTTPHeaderField: "Authorization")
""", lambda c: basic(c), "forHTTPHeaderField: \"Authorization\"")
SC("js-firebase-admin-private-key-inline", r"""
admin.initializeApp({
  credential: admin.credential.cert({
    projectId: '«brand»-loyalty',
    clientEmail: 'firebase-adminsdk-«lo5»@«brand»-loyalty.iam.gserviceaccount.com',
    privateKey: '-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----\n',
  }),
});
""", lambda: pkcs8_body(sep="\\n"), "projectId: '«brand»-loyalty'")

# ============================================================================
# group: stack-trace-or-log
# ============================================================================
L("python-traceback-psycopg2-dsn-local", r"""
Traceback (most recent call last):
  File "/opt/loyalty/app/db.py", line 41, in connect
    return psycopg2.connect(dsn)
  File "/usr/lib/python3/dist-packages/psycopg2/__init__.py", line 122, in connect
    conn = _connect(dsn, connection_factory=connection_factory, **kwasync)
psycopg2.OperationalError: connection to server at "«host»" («ip»), port 5432 failed: FATAL:  password authentication failed for user "«user»"

Local variables in connect():
    dsn = 'host=«host» dbname=«db» user=«user» password=«S»'
""", "pws", "password authentication failed for user \"«user»\"")
L("java-sqlexception-hikari-jdbcurl", r"""
Caused by: java.sql.SQLException: Access denied for user '«user»'@'«ip»' (using password: YES)
	at com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:129)
	at com.zaxxer.hikari.pool.HikariPool.createPoolEntry(HikariPool.java:476)
HikariPool-1 - jdbcUrl........................jdbc:mysql://«host»:3306/«db»?user=«user»&password=«S»
""", "pwu", "at com.zaxxer.hikari.pool.HikariPool.createPoolEntry")
L("node-econnrefused-amqp-config-dump", r"""
Error: connect ECONNREFUSED «ip»:5672
    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16) {
  errno: -111,
  code: 'ECONNREFUSED',
  config: { hostname: '«host»', username: 'kds', password: '«S»', vhost: '/orders' }
}
""", "pw", "code: 'ECONNREFUSED'")
L("nginx-access-log-token-query", r"""
«ip» - - [«clf»] "GET /api/kiosk/heartbeat?device=«serial»&token=«S» HTTP/1.1" 200 17 "-" "KioskBrowser/«ver»"
""", "b62_32", "/api/kiosk/heartbeat?device=«serial»")
L("apache-access-log-api-key-param", r"""
«ip» - - [«clf»] "GET /supplier/feed.xml?store=«store»&api_key=«S» HTTP/1.1" 200 48211 "-" "python-requests/2.31.0"
""", "hex32", "/supplier/feed.xml?store=«store»")
L("rails-log-unfiltered-password-param", r"""
Started POST "/staff/sign_in" for «ip» at «date» 07:58:12 +0000
Processing by Staff::SessionsController#create as HTML
  Parameters: {"authenticity_token"=>"[FILTERED]", "staff"=>{"email"=>"«email»", "password"=>"«S»", "remember_me"=>"1"}, "commit"=>"Log in"}
""", "pw", "Staff::SessionsController#create")
L("laravel-log-pdoexception-context", r"""
[«date» 06:02:11] production.ERROR: SQLSTATE[HY000] [1045] Access denied for user '«user»'@'«ip»' (using password: YES) {"exception":"[object] (PDOException(code: 1045))","connection":{"driver":"mysql","host":"«host»","username":"«user»","password":"«S»"}}
""", "pw", "production.ERROR: SQLSTATE[HY000] [1045]")
L("php-stack-trace-mysqli-args", r"""
PHP Warning:  mysqli::__construct(): (HY000/2002): Connection refused in /var/www/«brand»/inc/db.php on line 7
PHP Stack trace:
PHP   1. {main}() /var/www/«brand»/index.php:0
PHP   2. mysqli->__construct($hostname = '«host»', $username = '«user»', $password = '«S»', $database = '«db»') /var/www/«brand»/inc/db.php:7
""", "pw", "/var/www/«brand»/inc/db.php")
L("dotnet-sqlexception-connection-string", r"""
System.Data.SqlClient.SqlException (0x80131904): Login failed for user '«user»'.
   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(DbConnectionPoolIdentity identity, SqlConnectionString connectionOptions)
   at PosSync.Program.Main(String[] args) in C:\src\PosSync\Program.cs:line 58
ConnectionString: Data Source=«ip»;Initial Catalog=«db»;User ID=«user»;Password=«S»
""", "pws", "C:\\src\\PosSync\\Program.cs:line 58")
L("go-panic-struct-with-password", r"""
panic: dial tcp «ip»:6379: connect: connection refused

goroutine 1 [running]:
main.mustRedis(0xc000012345)
	/src/cmd/kds/main.go:77 +0x1a5
cfg=&main.RedisConfig{Addr:"«ip»:6379", Password:"«S»", DB:3}
""", "pw", "/src/cmd/kds/main.go:77")
L("json-structured-log-password-field", r"""
{"level":"debug","ts":"«ts»","msg":"login attempt","store":"«store»","username":"«user»","password":"«S»","client_ip":"«ip»"}
""", "pw", "\"msg\":\"login attempt\"")
L("smtplib-debug-auth-plain", r"""
send: 'ehlo bo«store».«dom»\r\n'
reply: b'250-AUTH PLAIN LOGIN\r\n'
send: 'AUTH PLAIN «S»\r\n'
reply: b'235 2.7.0 Authentication successful\r\n'
""", lambda c: b64e("\x00" + c["email"] + "\x00" + pw()), "235 2.7.0 Authentication successful")
L("smtp-auth-login-transcript", r"""
C: AUTH LOGIN
S: 334 VXNlcm5hbWU6
C: «b64email»
S: 334 UGFzc3dvcmQ6
C: «S»
S: 235 Authentication succeeded
""", lambda: b64e(pw()), "S: 235 Authentication succeeded")
L("filezilla-server-log-pass-command", r"""
(000123)«date» 06:15:02 - (not logged in) («ip»)> USER «user»
(000123)«date» 06:15:02 - (not logged in) («ip»)> 331 Password required for «user»
(000123)«date» 06:15:02 - (not logged in) («ip»)> PASS «S»
(000123)«date» 06:15:02 - «user» («ip»)> 230 Logged on
""", "pws", "331 Password required for «user»")
L("redis-monitor-auth-command", r"""
1712345678.123456 [0 «ip»:51234] "AUTH" "«S»"
1712345678.124001 [0 «ip»:51234] "SELECT" "2"
""", "b62_24", "\"SELECT\" \"2\"")
L("mysql-general-log-set-password", r"""
«date»T04:12:33.512345Z	   12 Query	SET PASSWORD FOR 'kiosk'@'%' = '«S»'
""", "pw", "SET PASSWORD FOR 'kiosk'@'%'")
L("postgres-log-alter-role-statement", r"""
«date» 03:12:09.118 UTC [2211] postgres@«db» LOG:  statement: ALTER ROLE loyalty_rw WITH PASSWORD '«S»';
""", "pw", "ALTER ROLE loyalty_rw")
L("celery-task-received-positional-args", r"""
[«date» 05:00:01,482: INFO/MainProcess] Task sync.push_supplier_order[«uuid»] received: args=['«store»', 'supplier-portal', '«user»', '«S»'] kwargs={}
""", "pw", "Task sync.push_supplier_order[«uuid»]")
L("sidekiq-job-args-json", r"""
«ts» pid=«num» tid=«lo6» class=SupplierInvoiceFetchJob jid=«hex24» INFO: start
{"class":"SupplierInvoiceFetchJob","args":[«num»,"«email»","«S»"],"retry":3,"queue":"default","jid":"«hex24»"}
""", "pw", "class=SupplierInvoiceFetchJob")
L("android-logcat-headers-bearer", r"""
11-03 «time»:41.902  4210  4262 D PosSync : POST https://api.«dom»/v1/tickets headers={Authorization=Bearer «S», X-Store=«store»}
""", "b64u48", "POST https://api.«dom»/v1/tickets")
L("chromium-kiosk-console-session-url", r"""
[1204/101512.331:INFO:CONSOLE(1)] "Loaded https://order.«dom»/kiosk?store=«store»&session=«S»", source: https://order.«dom»/static/js/main.«hex8».js (1)
""", "b64u32", "[1204/101512.331:INFO:CONSOLE(1)]")
L("webhook-registration-signing-secret-log", r"""
«ts» INFO  webhooks: registering endpoint https://«host»/hooks/doordash for events [order.created, order.cancelled] signing_secret=«S»
""", "doordash", "https://«host»/hooks/doordash")
L("terminal-bridge-debug-x-api-key", r"""
«ts» [TerminalBridge] DEBUG POST https://terminal-api-live.«dom»/sync
«ts» [TerminalBridge] DEBUG   X-API-Key: «S»
«ts» [TerminalBridge] DEBUG   Content-Type: application/json
""", "adyen", "[TerminalBridge] DEBUG   Content-Type: application/json")
L("axios-error-config-headers-basic", r"""
AxiosError: Request failed with status code 502
  config: {
    url: 'https://api.«dom»/orders',
    method: 'post',
    headers: {
      Accept: 'application/json',
      Authorization: 'Basic «S»',
      'User-Agent': 'axios/1.6.2'
    },
""", lambda c: basic(c), "AxiosError: Request failed with status code 502")
L("python-http-client-debug-send", r"""
send: b'GET /v3/reservations?date=«date» HTTP/1.1\r\nHost: api.«dom»\r\nUser-Agent: python-requests/2.31.0\r\nX-Api-Key: «S»\r\nAccept: */*\r\n\r\n'
reply: 'HTTP/1.1 200 OK\r\n'
""", "b62_40", "GET /v3/reservations?date=«date»")
L("docker-build-log-run-npmrc-token", r"""
#7 [build 3/8] RUN echo "//npm.pkg.github.com/:_authToken=«S»" > .npmrc && npm ci
#7 12.41 added 812 packages in 11s
""", "ghp", "added 812 packages in 11s")
L("airflow-task-log-conn-uri", r"""
[«date», 02:00:04 UTC] {base.py:73} INFO - Using connection ID 'pos_mssql' for task execution.
[«date», 02:00:04 UTC] {mssql.py:88} DEBUG - conn uri mssql://«user»:«S»@«ip»:1433/«db»
""", "pwu", "Using connection ID 'pos_mssql'")
L("kafka-connect-config-values-dump", r"""
[«date» 04:11:20,114] INFO JdbcSourceConnectorConfig values:
	batch.max.rows = 100
	connection.password = «S»
	connection.url = jdbc:sqlserver://«ip»:1433;databaseName=«db»
	connection.user = «user»
""", "pw", "JdbcSourceConnectorConfig values:")
L("sentry-breadcrumb-url-with-pw", r"""
"breadcrumbs": [{"category": "httplib", "data": {"url": "https://«host»/api/login?user=«user»&pw=«S»", "method": "GET", "status_code": 401}, "level": "info"}]
""", "pwu", "\"category\": \"httplib\"")
L("pos-manager-override-code-syslog", r"""
«sysl» till03 posd[«num»]: manager override by «user» using code «S» on check #«num2» (void item)
""", "pin6", "posd[«num»]: manager override by «user»")
L("ldap-bind-debug-passwd", r"""
«ts» DEBUG ldap: bind dn="cn=svc_pos,ou=Service,dc=«brand»,dc=local" passwd="«S»"
«ts» ERROR ldap: ldap_bind: Invalid credentials (49)
""", "pw", "ldap_bind: Invalid credentials (49)")
L("oauthlib-debug-token-body", r"""
DEBUG:requests_oauthlib.oauth2_session:Requesting url https://login.«dom»/oauth/token using method POST.
DEBUG:requests_oauthlib.oauth2_session:Supplying body grant_type=client_credentials&client_id=«lo20»&client_secret=«S»
""", "b64u40", "Requesting url https://login.«dom»/oauth/token")
L("mongo-server-selection-error-uri", r"""
MongoServerSelectionError: getaddrinfo ENOTFOUND «host»
    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38)
  uri: 'mongodb://«user»:«S»@«host»:27017/«db»?authSource=admin'
""", "pwu", "getaddrinfo ENOTFOUND «host»")
L("spring-boot-debug-property-dump", r"""
«date» 06:30:01.201 DEBUG 1 --- [main] o.s.b.c.c.ConfigDataEnvironment : spring.mail.host=smtp.«dom»
«date» 06:30:01.202 DEBUG 1 --- [main] o.s.b.c.c.ConfigDataEnvironment : spring.mail.password=«S»
""", "pw", "spring.mail.host=smtp.«dom»")
L("powershell-transcript-deploy-params", r"""
**********************
Windows PowerShell transcript start
Start time: «dig14»
Username: «windom»\«user»
**********************
PS C:\POS> .\deploy.ps1 -Server «ip» -User «user» -Password «S»
""", "pwu", "Windows PowerShell transcript start")
L("iis-log-query-password", r"""
#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) sc-status
«date» 07:41:02 «ip» GET /BackOffice/Login.aspx user=«user»&password=«S» 443 - «ip2» Mozilla/5.0 302
""", "pwu", "/BackOffice/Login.aspx")
L("pm2-log-loaded-config-object", r"""
0|orders  | «ts»: Loaded config { port: 3000, stripeKey: '«S»', env: 'production' }
""", "stripe_sk", "0|orders  |")
L("python-logging-error-url-userinfo", r"""
ERROR:root:Failed to POST event batch to https://«user»:«S»@hooks.«dom»/pos-events: 503 Service Unavailable
""", "pwu", "503 Service Unavailable")
L("github-actions-log-env-unmasked", r"""
Run ./scripts/deploy.sh
  ./scripts/deploy.sh
  shell: /usr/bin/bash -e {0}
  env:
    SUPPLIER_FTP_HOST: ftp.«dom»
    SUPPLIER_FTP_PASS: «S»
""", "pws", "SUPPLIER_FTP_HOST: ftp.«dom»")
L("jenkins-console-sh-curl-u", r"""
[Pipeline] sh
+ curl -fsS -u deployer:«S» -T build/pos-«ver».zip https://nexus.«dom»/repository/releases/
""", "pws", "build/pos-«ver».zip")
L("cloud-init-output-plain-text-passwd", r"""
Cloud-init v. 23.4 running 'modules:config' at «date» 09:12:01 +0000.
users:
  - name: signage
    lock_passwd: false
    plain_text_passwd: «S»
""", "pws", "Cloud-init v. 23.4 running 'modules:config'")
L("squid-access-log-userinfo-url", r"""
1712345678.901    412 «ip» TCP_MISS/200 15422 GET http://admin:«S»@«ip2»/cgi-bin/snapshot.cgi?channel=2 - HIER_DIRECT/«ip2» image/jpeg
""", "pwu", "/cgi-bin/snapshot.cgi?channel=2")
L("mysql-error-create-user-statement", r"""
ERROR 1396 (HY000) at line 14: Operation CREATE USER failed for 'pos_ro'@'%'
-- failing statement: CREATE USER 'pos_ro'@'%' IDENTIFIED BY '«S»';
""", "pw", "ERROR 1396 (HY000) at line 14")
L("python-logging-dict-repr-creds", r"""
«date» 04:00:02,118 INFO ordering.integrations.ubereats: refreshed creds {'client_id': '«lo32»', 'client_secret': '«S»', 'scope': 'eats.store eats.order'}
""", "ubereats", "ordering.integrations.ubereats: refreshed creds")
L("go-logfmt-dsn-field", r"""
time="«ts»" level=error msg="db connect failed" dsn="«user»:«S»@tcp(«host»:3306)/«db»" err="dial tcp: i/o timeout"
""", "pwa", "msg=\"db connect failed\"")
L("ruby-redis-cannot-connect-url", r"""
Redis::CannotConnectError: Error connecting to Redis on «host»:6379 (Errno::ETIMEDOUT)
  from /app/vendor/bundle/ruby/3.2.0/gems/redis-client-0.19.1/lib/redis_client.rb:445
  url: "redis://:«S»@«host»:6379/0"
""", "pwu", "Redis::CannotConnectError")
L("curl-trace-ascii-basic-header", r"""
=> Send header, 198 bytes (0xc6)
0000: POST /oauth/token HTTP/1.1
001c: Host: auth.«dom»
0032: Authorization: Basic «S»
""", lambda c: b64e(lo(20) + ":" + b64u(40)), "POST /oauth/token HTTP/1.1")
L("kiosk-crash-report-app-config", r"""
{"crash":"System.NullReferenceException","device":"«serial»","build":"«ver»","appConfig":{"apiBase":"https://api.«dom»","apiKey":"«S»","idleTimeout":90}}
""", "b62_40", "\"crash\":\"System.NullReferenceException\"")
L("signage-player-registration-log", r"""
«ts» INFO  [player] registration OK display=«serial» cms=https://signage.«dom»
«ts» DEBUG [player] stored device secret «S» in /var/lib/player/state.json
""", "b64u32", "registration OK display=«serial»")
L("alarm-bridge-connect-user-code", r"""
«ts» panel-bridge[«num»]: connecting to panel «ip»:4025 (EVL-4) with user code «S»
«ts» panel-bridge[«num»]: login OK, partition 1 armed-away
""", "pin8", "partition 1 armed-away")
L("terraform-debug-http-authorization", r"""
«ts» [DEBUG] provider.terraform-provider-cloudflare: HTTP Request Sent: method=GET url=https://api.cloudflare.com/client/v4/zones?name=«dom» http.request.header.authorization="Bearer «S»"
""", "cf_token", "provider.terraform-provider-cloudflare")
L("ansible-vvv-winrm-ansible-password", r"""
<«ip»> ESTABLISH WINRM CONNECTION FOR USER: «user» on PORT 5986 TO «ip»
<«ip»> vars: {'ansible_user': '«user»', 'ansible_password': '«S»', 'ansible_port': 5986}
""", "pw", "ESTABLISH WINRM CONNECTION FOR USER: «user»")
L("sequelize-logging-config-json", r"""
Executing (default): SELECT 1+1 AS result
Sequelize config: {"username":"«user»","password":"«S»","database":"«db»","host":"«host»","dialect":"mssql"}
""", "pw", "Executing (default): SELECT 1+1 AS result")
L("twilio-debugger-webhook-url-userinfo", r"""
Error 11200 - HTTP retrieval failure
Request URL: https://«user»:«S»@«host»/sms/table-ready
Response: 504 Gateway Timeout
""", "pwu", "Error 11200 - HTTP retrieval failure")
L("selenium-test-typing-password", r"""
[«time»:07] INFO  LoginPage - opening https://backoffice.«dom»/login
[«time»:08] INFO  LoginPage - typing "«S»" into element #password
""", "pw", "https://backoffice.«dom»/login")
L("journal-bash-xtrace-export", r"""
«sysl» bo01 nightly.sh[«num»]: + export SQUARE_TOKEN=«S»
«sysl» bo01 nightly.sh[«num»]: + python3 /opt/etl/square_payouts.py
""", "square", "/opt/etl/square_payouts.py")
L("set-x-trace-pgpassword", r"""
+ PGPASSWORD=«S»
+ psql -h «host» -U «user» -d «db» -f /opt/etl/load.sql
""", "pws", "-f /opt/etl/load.sql")
L("cron-mail-mysqldump-warning", r"""
From: root@bo01 (Cron Daemon)
Subject: Cron <root@bo01> /opt/scripts/export.sh

mysqldump: [Warning] Using a password on the command line interface can be insecure.
+ mysqldump -u «user» -p«S» «db»
""", "pwa", "Subject: Cron <root@bo01> /opt/scripts/export.sh")
L("websocket-connect-url-access-token", r"""
«ts» ws: connecting wss://realtime.«dom»/kds?store=«store»&access_token=«S»
«ts» ws: connected, subscribed to tickets.«store»
""", "jwt", "ws: connected, subscribed to tickets.«store»")
L("java-keystore-tampered-storepass", r"""
java.io.IOException: Keystore was tampered with, or password was incorrect
	at sun.security.provider.JavaKeyStore.engineLoad(JavaKeyStore.java:792)
	at com.«brand».pos.terminal.TlsConfig.load(TlsConfig.java:44) [keystore=/opt/pos/conf/terminal.jks, storepass=«S»]
""", "pws", "Keystore was tampered with, or password was incorrect")
L("unifi-server-log-hotspot-operator", r"""
[«date» 18:02:44,517] <inform-«num»> INFO  portal - hotspot operator login: operator=«user» password=«S» site=store«store»
""", "pws", "hotspot operator login: operator=«user»")
L("nodejs-warning-printed-env-object", r"""
(node:«num») Warning: config.env = { NODE_ENV: 'production', MAPS_SERVER_KEY: '«S»', PORT: '8080' }
""", "aiza", "NODE_ENV: 'production'")
L("http-request-dump-cookie-header", r"""
GET /admin/reports/z-report?date=«date» HTTP/1.1
Host: backoffice.«dom»
Cookie: _ga=GA1.2.«dig9».«dig10»; bo_session=«S»
""", "b64u48", "/admin/reports/z-report?date=«date»")

# ============================================================================
# group: note-or-chat
# ============================================================================
N("slack-thread-handover-password", r"""
«person» [«time»]: @channel handing over the back office PC at store «store» - login is «user» / «S» until IT resets it on Monday
""", "pw", "handing over the back office PC at store «store»")
N("whatsapp-spanish-staff-wifi-key", r"""
[«time», «date»] «person»: Chicos, la clave nueva del wifi del personal (red «ssid») es «S» 🙏 no se la pasen a los clientes
""", "pws", "la clave nueva del wifi del personal")
N("whatsapp-portuguese-alarm-code", r"""
«person»: Gente, o código do alarme mudou. Novo código: «S». Não esqueçam de armar antes de sair!
""", "pin6", "o código do alarme mudou")
N("teams-french-caisse-mot-de-passe", r"""
«person» : le mot de passe de la caisse 2 (compte «user») c'est «S», je le change demain matin
""", "pw", "le mot de passe de la caisse 2")
N("german-schichtuebergabe-kennwort", r"""
Schichtübergabe «date»: Kasse 3 hängt ab und zu, Neustart hilft. Backoffice-Login: «user», Kennwort: «S». Lieferung von Metro kommt um 7.
""", "pw", "Lieferung von Metro kommt um 7")
N("italian-chat-portale-fornitori", r"""
«person»: ragazzi la password del portale fornitori è «S» (utente «email»), non cambiatela che poi non entro più
""", "pw", "la password del portale fornitori")
N("polish-messenger-haslo-rejestrator", r"""
«person»: hasło do kamer (rejestrator «ip»): admin / «S»
""", "pws", "hasło do kamer")
N("turkish-group-kasa-sifre", r"""
«person»: Kasa bilgisayarının şifresi değişti arkadaşlar, yeni şifre: «S» — kimseyle paylaşmayın
""", "pw", "Kasa bilgisayarının şifresi değişti")
N("vietnamese-zalo-mat-khau-wifi", r"""
«person»: Mật khẩu wifi nhân viên («ssid») hôm nay đổi thành «S» nha mọi người
""", "pws", "Mật khẩu wifi nhân viên")
N("tagalog-viber-pos-password", r"""
«person»: Guys, yung password ng POS ni manager ay «S», wag ipagsabi sa iba ha
""", "pw", "yung password ng POS ni manager")
N("hinglish-whatsapp-partner-app-login", r"""
«person»: bhai partner app ka login «phone» aur password «S» hai, kal se naya milega
""", "pw", "partner app ka login")
N("chinese-wechat-mima", r"""
«person»：收银系统后台账号 «user»，密码 «S»，别外传
""", "pw", "收银系统后台账号")
N("japanese-line-pasuwado", r"""
«person»：予約システムのパスワードは「«S»」です。IDは «email» です。
""", "pw", "予約システムのパスワード")
N("korean-kakao-pos-bimilbeonho", r"""
«person»: 포스 관리자 비밀번호 «S» 입니다. 외부 유출 금지!
""", "pw", "포스 관리자 비밀번호")
N("arabic-chat-reservations-password", r"""
«person»: كلمة السر الجديدة لنظام الحجوزات هي «S» واسم المستخدم «user»
""", "pw", "كلمة السر الجديدة لنظام الحجوزات")
N("greek-viber-staff-wifi", r"""
«person»: Ο κωδικός για το wifi του προσωπικού («ssid») είναι «S»
""", "pws", "Ο κωδικός για το wifi του προσωπικού")
N("dutch-teams-kassa-pc-wachtwoord", r"""
«person»: wachtwoord voor de kassa-pc is nu «S», gebruiker «user». Niet op een post-it zetten aub
""", "pw", "wachtwoord voor de kassa-pc")
N("swedish-slack-bokningssystem", r"""
«person»: lösenordet till bokningssystemet är «S» (användare: «email»)
""", "pw", "lösenordet till bokningssystemet")
N("russian-telegram-admin-password", r"""
«person»: пароль от админки кассы: «S», логин «user»
""", "pw", "пароль от админки кассы")
N("ukrainian-viber-wifi-password", r"""
«person»: новий пароль до вайфаю «ssid»: «S»
""", "pws", "новий пароль до вайфаю")
N("thai-line-wifi-password", r"""
«person»: รหัสผ่าน wifi พนักงาน («ssid») คือ «S» ค่ะ
""", "pws", "รหัสผ่าน wifi พนักงาน")
N("indonesian-whatsapp-merchant-app", r"""
«person»: kata sandi akun merchant GoFood: «S», emailnya «email». Jangan diganti dulu ya
""", "pw", "kata sandi akun merchant GoFood")
N("czech-chat-heslo-pokladna", r"""
«person»: heslo k pokladně je «S», uživatel «user»
""", "pw", "heslo k pokladně")
N("romanian-parola-rezervari", r"""
«person»: parola noua la sistemul de rezervari: «S» (user «email»)
""", "pw", "parola noua la sistemul de rezervari")
N("hungarian-kassza-jelszo", r"""
«person»: a kassza admin jelszava: «S» — holnap cseréljük
""", "pw", "a kassza admin jelszava")
N("agent-running-note-rdp-password", r"""
Notes (step 14): Connected to store «store» back-office via RDP as «user» using the password from the ticket («S»). Next: export last week's voids and comps.
""", "pw", "Connected to store «store» back-office via RDP as «user»")
N("agent-goal-statement-current-secret", r"""
GOAL: rotate the Uber Eats integration secret for «Brand» store «store». Current secret (from «person»'s message) is «S»; the new one must be generated in the developer dashboard and stored in Vault.
""", "ubereats", "GOAL: rotate the Uber Eats integration secret")
N("jira-comment-supplier-portal-creds", r"""
«person» commented on FIN-«num»:
Supplier portal creds for the audit: user «email» / pw «S». Please log in before Friday and download the Q3 invoices.
""", "pw", "Supplier portal creds for the audit")
N("email-forward-dvr-access", r"""
---------- Forwarded message ---------
From: «person» <«email»>
Subject: Re: NVR access «city»

Hi, the DVR at «city» is reachable on «ip»:8000, user admin, password «S». Please don't change it, the alarm company uses it too.
""", "pws", "Subject: Re: NVR access «city»")
N("sms-temporary-backoffice-password", r"""
SMS from «phone»: "Your temporary back office password is «S». It expires in 24h."
""", "pwa", "It expires in 24h.")
N("sticky-note-photo-transcription", r"""
Photo of sticky note on the office monitor (store «store»): "WIFI staff: «ssid»   pass: «S»   router admin = same"
""", "pws", "Photo of sticky note on the office monitor")
N("voicemail-transcript-keypad-code", r"""
Voicemail (00:42) from «person»: "...yeah so the keypad code for the back door is «S», and the alarm company number is on the fridge, call me if it beeps..."
""", "pin6", "the alarm company number is on the fridge")
N("handover-markdown-table-row", r"""
| System | User | Password | Notes |
|---|---|---|---|
| Back office (Toast) | «email» | «S» | shared with AM |
""", "pw", "| Back office (Toast) | «email» |")
N("slack-dm-unlabeled-token", r"""
«person»: here you go «S»
«person»: (it's the one for the kiosk menu API, read-only)
""", "b62_40", "it's the one for the kiosk menu API")
N("standup-notes-bullet-reset-pw", r"""
Standup «date»
- Reset Lightspeed pw for «person» -> «S» (told her to change it at first login)
- Kiosk 4 touchscreen dead, RMA opened
""", "pw", "Kiosk 4 touchscreen dead, RMA opened")
N("incident-timeline-shared-in-channel", r"""
14:05 «person» shared the NVR password in #store-«store» ("«S»") - needs rotation after the incident
14:09 message deleted by admin
""", "pws", "14:09 message deleted by admin")
N("ata-reuniao-ifood-senha", r"""
Ata da reunião «date»:
- iFood: login «email» senha «S» (trocar após o treinamento)
- Cardápio novo entra dia 15
""", "pw", "Cardápio novo entra dia 15")
N("spanish-mx-sms-proveedor", r"""
Proveedor Abarrotes del Norte: su usuario para el portal de pedidos es «user» y su contraseña temporal «S». Favor de cambiarla.
""", "pwa", "portal de pedidos")
N("french-email-espace-fournisseur", r"""
Bonjour,
Voici vos identifiants pour l'espace fournisseur : identifiant «user», mot de passe : «S».
Cordialement, service achats
""", "pw", "service achats")
N("german-email-kassen-cloud-zugangsdaten", r"""
Hallo «person», die Zugangsdaten zur Kassen-Cloud: Benutzer «email», Passwort «S». Bitte nach dem ersten Login ändern. VG
""", "pw", "die Zugangsdaten zur Kassen-Cloud")
N("italian-nota-turno-cassaforte", r"""
Nota turno sera: codice cassaforte «S» (solo per chiusura, non darlo ai nuovi). Fondo cassa 200€.
""", "pin8", "Fondo cassa 200€")
N("agent-scratchpad-env-copied", r"""
Scratch: copied from the old droplet's env -> OPENTABLE_CLIENT_SECRET=«S» ; need to confirm it's still valid before wiring it into the booking sync.
""", "b64u48", "need to confirm it's still valid")
N("github-issue-comment-pasted-key", r"""
@«person» I tested with my own restricted key and the refund endpoint works: `«S»` - can you try on your side?
""", "stripe_rk", "the refund endpoint works")
N("discord-message-bot-token", r"""
«person»: pasted the bot token for the reservations bot so you can test locally: «S»
""", "discord_bot", "the reservations bot")
N("signal-message-root-password", r"""
«person»: root on the captive portal box is «S» btw, I'll rotate it after the audit
""", "pws", "root on the captive portal box")
N("swiss-german-chat-reservationssystem", r"""
«person»: S'Passwort för s'Reservationssystem isch «S», Benutzer «user»
""", "pw", "för s'Reservationssystem")
N("catalan-chat-contrasenya-tpv", r"""
«person»: la contrasenya del TPV de la terrassa és «S»
""", "pw", "la contrasenya del TPV")
N("hebrew-chat-cash-register-password", r"""
«person»: הסיסמה לקופה היא «S» — לא לשתף
""", "pw", "הסיסמה לקופה")
N("farsi-chat-staff-wifi", r"""
«person»: رمز عبور وای‌فای کارکنان: «S»
""", "pws", "رمز عبور وای‌فای کارکنان")
N("swahili-chat-pos-nenosiri", r"""
«person»: nenosiri la mfumo wa POS ni «S», usimpe mtu
""", "pw", "nenosiri la mfumo wa POS")
N("malay-chat-kata-laluan-tempahan", r"""
«person»: kata laluan untuk sistem tempahan: «S» (ID: «user»)
""", "pw", "kata laluan untuk sistem tempahan")
N("finnish-chat-kassan-salasana", r"""
«person»: kassan salasana on «S», käyttäjä «user»
""", "pw", "kassan salasana on")
N("danish-chat-adgangskode", r"""
«person»: adgangskoden til kasseapparatet er «S»
""", "pw", "adgangskoden til kasseapparatet")
N("agent-decision-reuse-service-account", r"""
Decision: reuse the existing loyalty service account «user» (password «S») instead of creating a new one; flagged to IT for rotation after cutover.
""", "pw", "Decision: reuse the existing loyalty service account «user»")
N("chat-cant-share-vault-inline-creds", r"""
«person»: I can't share from the password manager on my phone, so: host «host» user «user» pass «S»
""", "pw", "host «host» user «user»")
N("zendesk-ticket-tried-password", r"""
Ticket #«num»: Franchisee can't log in to the supplier portal. They tried «user» / «S» three times and got locked out. Reset sent to «email».
""", "pw", "Ticket #«num»: Franchisee can't log in")
N("chat-credentials-split-across-messages", r"""
«person»: login for the delivery partner hub
«person»: «email»
«person»: «S»
«person»: don't lock it, 5 tries max
""", "pw", "login for the delivery partner hub")
N("note-abbrev-creds-double-slash", r"""
creds (BO pc, store «store»): «user» // «S»
""", "pw", "creds (BO pc, store «store»)")
N("wifi-qr-payload-string", r"""
Printed QR for the staff wifi poster: WIFI:T:WPA;S:«ssid»;P:«S»;;
""", "pwu", "Printed QR for the staff wifi poster")
N("tamil-english-chat-password", r"""
«person»: anna, back office password «S» thaan, user «user»
""", "pw", "back office password")
N("portuguese-pt-email-cofre", r"""
Olá «person», o código do cofre do escritório passou a ser «S». Por favor memorize e apague esta mensagem.
""", "pin8", "o código do cofre do escritório")
N("agent-note-api-key-unlabeled-prefix", r"""
Found in the franchisee's old laptop notes (Desktop/todo.txt): "sendgrid for receipts -> «S»". Will revoke and replace.
""", "sendgrid", "Will revoke and replace.")
N("english-group-chat-gate-code", r"""
«person»: new gate code for the loading dock from tomorrow: «S»# (old one stops working at midnight)
""", "pin6", "new gate code for the loading dock")
N("spanish-es-nota-contrasena-tpv-bar", r"""
Nota para el turno de noche: la contraseña del TPV de la barra es «S». Si falla, llamar a «person».
""", "pw", "Nota para el turno de noche")
N("bengali-chat-password", r"""
«person»: ক্যাশ কাউন্টারের পাসওয়ার্ড «S»
""", "pw", "ক্যাশ কাউন্টারের পাসওয়ার্ড")
N("french-canadian-chat-nip-alarme", r"""
«person» : le NIP de l'alarme pour la fermeture c'est «S», faut le taper deux fois
""", "pin6", "le NIP de l'alarme pour la fermeture")

# ============================================================================
# group: ci-and-deploy
# ============================================================================
CI("github-actions-job-env-hardcoded", r"""
jobs:
  deploy:
    runs-on: ubuntu-latest
    env:
      DEPLOY_HOST: «host»
      DEPLOY_USER: deploy
      DEPLOY_PASSWORD: «S»
    steps:
      - uses: actions/checkout@v4
""", "pws", "DEPLOY_HOST: «host»")
CI("github-actions-ssh-action-password-input", r"""
      - name: Restart kiosk service
        uses: appleboy/ssh-action@v1
        with:
          host: «ip»
          username: deploy
          password: «S»
          script: sudo systemctl restart kiosk
""", "pws", "script: sudo systemctl restart kiosk")
CI("gitlab-ci-variables-postgres", r"""
test:
  image: python:3.12
  services:
    - postgres:16
  variables:
    POSTGRES_DB: «db»
    POSTGRES_USER: «user»
    POSTGRES_PASSWORD: "«S»"
""", "pw", "POSTGRES_DB: «db»")
CI("jenkinsfile-environment-literal", r"""
pipeline {
  agent any
  environment {
    NEXUS_USER = 'ci'
    NEXUS_PASS = '«S»'
  }
""", "pw", "NEXUS_USER = 'ci'")
CI("circleci-docker-image-auth", r"""
jobs:
  build:
    docker:
      - image: registry.«dom»/ci/python:3.11
        auth:
          username: «user»
          password: «S»
""", "pws", "registry.«dom»/ci/python:3.11")
CI("bitbucket-pipelines-curl-u-upload", r"""
pipelines:
  branches:
    main:
      - step:
          script:
            - curl -s -u «user»:«S» -X POST https://api.bitbucket.org/2.0/repositories/«brand»/pos/downloads -F files=@dist/pos.zip
""", "bb_app", "/2.0/repositories/«brand»/pos/downloads")
CI("azure-pipelines-variables-block", r"""
variables:
  buildConfiguration: 'Release'
  sqlAdminLogin: '«user»'
  sqlAdminPassword: '«S»'
""", "pw", "buildConfiguration: 'Release'")
CI("drone-docker-plugin-settings", r"""
steps:
  - name: publish
    image: plugins/docker
    settings:
      username: «user»
      password: «S»
      repo: registry.«dom»/kiosk
""", "pws", "repo: registry.«dom»/kiosk")
CI("dockerfile-env-api-key", r"""
FROM node:20-alpine
WORKDIR /app
ENV LOYALTY_API_KEY=«S»
COPY . .
RUN npm ci --omit=dev
""", "b62_40", "FROM node:20-alpine")
CI("dockerfile-arg-default-npm-token", r"""
FROM node:20 AS build
ARG NPM_TOKEN=«S»
RUN echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci
""", "npm", "FROM node:20 AS build")
CI("docker-build-arg-index-url-creds", r"""
docker build --build-arg PIP_INDEX_URL=https://«user»:«S»@pypi.«dom»/simple -t kiosk-api:«ver» .
""", "pwu", "-t kiosk-api:«ver»")
CI("fly-secrets-set-square", r"""
fly secrets set SQUARE_ACCESS_TOKEN=«S» -a «brand»-orders
""", "square", "-a «brand»-orders")
CI("heroku-config-set-app", r"""
heroku config:set OPENTABLE_API_SECRET=«S» --app «brand»-reservations
""", "b64u48", "--app «brand»-reservations")
CI("vercel-env-add-echo-pipe", r"""
echo -n "«S»" | vercel env add STRIPE_WEBHOOK_SECRET production
""", "whsec", "vercel env add STRIPE_WEBHOOK_SECRET production")
CI("netlify-env-set-positional", r"""
netlify env:set MAILCHIMP_API_KEY «S» --context production
""", "mailchimp", "netlify env:set MAILCHIMP_API_KEY")
CI("firebase-functions-config-set", r"""
firebase functions:config:set doordash.signing_secret="«S»" doordash.key_id="«uuid»" --project «brand»-ordering
""", "doordash", "--project «brand»-ordering")
CI("serverless-yml-provider-environment", r"""
provider:
  name: aws
  runtime: nodejs20.x
  environment:
    DELIVEROO_API_SECRET: «S»
    STAGE: prod
""", "b62_48", "runtime: nodejs20.x")
CI("sam-deploy-parameter-overrides", r"""
sam deploy --stack-name loyalty-prod --parameter-overrides DbPassword=«S» Stage=prod --capabilities CAPABILITY_IAM
""", "pwa", "--stack-name loyalty-prod")
CI("cloudformation-parameters-json", r"""
[
  {"ParameterKey": "Environment", "ParameterValue": "prod"},
  {"ParameterKey": "MasterUserPassword", "ParameterValue": "«S»"}
]
""", "pw", "{\"ParameterKey\": \"Environment\", \"ParameterValue\": \"prod\"}")
CI("k8s-deployment-env-literal-value", r"""
      containers:
      - name: kds
        image: registry.«dom»/kds:«ver»
        env:
        - name: KDS_DB_PASSWORD
          value: "«S»"
""", "pw", "image: registry.«dom»/kds:«ver»")
CI("kustomize-secretgenerator-literals", r"""
secretGenerator:
- name: pos-bridge
  literals:
  - store_id=«store»
  - api_token=«S»
""", "b62_40", "name: pos-bridge")
CI("argocd-repository-secret-stringdata", r"""
apiVersion: v1
kind: Secret
metadata:
  name: gitops-repo
  labels:
    argocd.argoproj.io/secret-type: repository
stringData:
  type: git
  url: https://git.«dom»/franchise/gitops.git
  username: argocd
  password: «S»
""", "glpat", "https://git.«dom»/franchise/gitops.git")
CI("helm-values-prod-smtp-pass", r"""
# values-prod.yaml
smtp:
  host: smtp.«dom»
  port: 587
  user: noreply@«dom»
  pass: "«S»"
""", "pw", "host: smtp.«dom»")
CI("ansible-play-vars-inline-password", r"""
- hosts: kiosks
  become: true
  vars:
    kiosk_admin_password: "«S»"
  tasks:
    - name: set local admin password
""", "pw", "- hosts: kiosks")
CI("nomad-job-template-heredoc-env", r"""
template {
  data        = <<EOH
DB_PASSWORD=«S»
EOH
  destination = "secrets/env"
  env         = true
}
""", "pws", "destination = \"secrets/env\"")
CI("capistrano-ssh-options-password", r"""
set :ssh_options, { user: 'deploy', password: '«S»', auth_methods: %w(password) }
""", "pw", "auth_methods: %w(password)")
CI("deploy-sh-loop-sshpass-scp", r"""
#!/bin/sh
# push new menu video to every signage player
for ip in $(cat signage_hosts.txt); do
  sshpass -p «S» scp menu_«date».mp4 pi@$ip:/home/pi/media/
done
""", "pwa", "signage_hosts.txt")
CI("fastlane-env-match-password", r"""
# fastlane/.env.default
MATCH_GIT_URL=https://git.«dom»/mobile/certificates.git
MATCH_PASSWORD=«S»
FASTLANE_USER=«email»
""", "pws", "FASTLANE_USER=«email»")
CI("eas-secret-create-value-flag", r"""
eas secret:create --scope project --name SENTRY_AUTH_TOKEN --value «S» --type string
""", "sentry_tok", "eas secret:create --scope project")
CI("appstore-connect-p8-committed", r"""
# ci/AuthKey_«up10».p8  (committed so the iOS kiosk build can upload to TestFlight)
-----BEGIN PRIVATE KEY-----
«S»
-----END PRIVATE KEY-----
""", "p8_body", "ci/AuthKey_«up10».p8")
CI("teamcity-parameter-xml-plain", r"""
<parameters>
  <param name="env.POS_BUILD_CHANNEL" value="stable" />
  <param name="env.POS_SIGNING_PASSWORD" value="«S»" />
</parameters>
""", "pws", "env.POS_BUILD_CHANNEL")
CI("octopus-variable-not-sensitive", r"""
{"Name": "SqlPassword", "Value": "«S»", "Type": "String", "IsSensitive": false, "Scope": {"Environment": ["Environments-«num»"]}}
""", "pw", "\"Name\": \"SqlPassword\"")
CI("travis-yml-env-global", r"""
env:
  global:
    - SUPPLIER_SFTP_HOST=sftp.«dom»
    - SUPPLIER_SFTP_PASS=«S»
""", "pwa", "SUPPLIER_SFTP_HOST=sftp.«dom»")
CI("buildkite-agent-token-env", r"""
# buildkite-agent.cfg on the store-lab mac mini
token="«S»"
name="store-lab-%hostname-%spawn"
tags="queue=kiosk-ios"
""", "hex50", "tags=\"queue=kiosk-ios\"")
CI("codemagic-yaml-keystore-password", r"""
workflows:
  android-pos:
    environment:
      vars:
        KEYSTORE_PASSWORD: «S»
        KEY_ALIAS: posapp
""", "pws", "KEY_ALIAS: posapp")
CI("bitrise-yml-envs-token", r"""
app:
  envs:
  - APP_CENTER_TOKEN: «S»
    opts:
      is_expand: false
""", "hex40", "is_expand: false")
CI("github-actions-run-slack-webhook", r"""
      - name: Notify
        run: |
          curl -X POST -H 'Content-type: application/json' --data '{"text":"Deployed «ver» to stores"}' https://hooks.slack.com/services/T«up8»/B«up10»/«S»
""", "slack_hook", "Deployed «ver» to stores")
CI("gitlab-ci-before-script-deploy-token", r"""
before_script:
  - docker login -u gitlab+deploy-token-«num» -p «S» $CI_REGISTRY
""", lambda: "gldt-" + b64u(20), "gitlab+deploy-token-«num»")
CI("jenkins-sh-curl-api-token-build", r"""
stage('Trigger downstream') {
  steps {
    sh "curl -fsS -X POST -u admin:«S» https://ci.«dom»/job/pos-release/buildWithParameters?VERSION=«ver»"
  }
}
""", "jenkins_tok", "stage('Trigger downstream')")
CI("azure-devops-script-az-login-sp", r"""
- script: az login --service-principal -u «uuid» -p «S» --tenant «uuid2»
  displayName: 'Login to Azure'
""", "azure_client_secret", "displayName: 'Login to Azure'")
CI("terraform-cli-credentials-tfrc", r"""
# ~/.terraform.d/credentials.tfrc.json baked into the runner image
{"credentials": {"app.terraform.io": {"token": "«S»"}}}
""", lambda: b62(14) + ".atlasv1." + b64u(67), "app.terraform.io")
CI("pulumi-stack-config-plaintext", r"""
# Pulumi.prod.yaml
config:
  aws:region: «region»
  loyalty:dbUser: loyalty
  loyalty:dbPassword: «S»
""", "pws", "loyalty:dbUser: loyalty")
CI("k8s-secret-manifest-stringdata", r"""
apiVersion: v1
kind: Secret
metadata:
  name: opentable-creds
  namespace: booking
type: Opaque
stringData:
  client_secret: «S»
""", "b64u48", "name: opentable-creds")
CI("docker-compose-prod-override-env", r"""
# docker-compose.prod.yml
services:
  pos-sync:
    environment:
      - HQ_API_URL=https://hq.«dom»/api
      - HQ_API_TOKEN=«S»
""", "b62_40", "HQ_API_URL=https://hq.«dom»/api")
CI("makefile-deploy-reload-key", r"""
deploy:
	scp -i ~/.ssh/deploy build/app.tar.gz deploy@«host»:/srv/
	curl -fsS -X POST "https://«host»/admin/reload?key=«S»"
""", "b62_32", "scp -i ~/.ssh/deploy build/app.tar.gz")
CI("github-actions-services-postgres-password", r"""
    services:
      postgres:
        image: postgres:16
        env:
          POSTGRES_PASSWORD: «S»
        ports: ["5432:5432"]
""", "pws", "image: postgres:16")
CI("gae-app-yaml-env-variables", r"""
runtime: python312
env_variables:
  DJANGO_SETTINGS_MODULE: "loyalty.settings.prod"
  SECRET_KEY: "«S»"
""", "b64u50", "runtime: python312")
CI("ecs-task-definition-environment", r"""
"environment": [
  {"name": "SPRING_PROFILES_ACTIVE", "value": "prod"},
  {"name": "SPRING_DATASOURCE_PASSWORD", "value": "«S»"}
]
""", "pw", "{\"name\": \"SPRING_PROFILES_ACTIVE\", \"value\": \"prod\"}")
CI("cloudbuild-yaml-build-arg-token", r"""
steps:
- name: gcr.io/cloud-builders/docker
  args: ['build', '--build-arg', 'GH_TOKEN=«S»', '-t', 'gcr.io/«brand»-pos/kiosk:$SHORT_SHA', '.']
""", "ghp", "gcr.io/cloud-builders/docker")
CI("gitlab-trigger-token-curl-form", r"""
curl -X POST --fail -F token=«S» -F ref=main https://gitlab.«dom»/api/v4/projects/«num»/trigger/pipeline
""", lambda: "glptt-" + hx(40), "/api/v4/projects/«num»/trigger/pipeline")
CI("github-actions-echo-to-github-env", r"""
      - name: Configure payments
        run: echo "ADYEN_API_KEY=«S»" >> $GITHUB_ENV
""", "adyen", "name: Configure payments")
CI("ansible-vault-pass-file-committed", r"""
$ git show HEAD:.vault_pass
«S»
""", "phrase", "git show HEAD:.vault_pass")
CI("docker-secret-create-printf", r"""
printf '«S»' | docker secret create loyalty_db_pw -
docker service update --secret-add loyalty_db_pw loyalty_api
""", "pw", "docker service update --secret-add loyalty_db_pw loyalty_api")
CI("kubectl-apply-heredoc-secret", r"""
kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: radius
stringData:
  shared_secret: «S»
EOF
""", "b62_24", "name: radius")
CI("rundeck-job-option-default-value", r"""
- name: nightly-close
  options:
  - name: db_password
    value: «S»
    secure: false
""", "pws", "name: nightly-close")
CI("packer-hcl-variable-default", r"""
variable "winrm_password" {
  type    = string
  default = "«S»"
}
""", "pw", "variable \"winrm_password\"")
CI("salt-pillar-sls-password", r"""
# pillar/pos/init.sls
pos:
  db:
    host: «host»
    password: «S»
""", "pws", "# pillar/pos/init.sls")
CI("gh-secret-set-body-flag", r"""
gh secret set CLOVER_API_TOKEN --body "«S»" --repo «brand»/pos-bridge
""", "uuid", "--repo «brand»/pos-bridge")
CI("gcloud-secrets-versions-add-echo", r"""
echo -n "«S»" | gcloud secrets versions add toast-client-secret --data-file=-
""", "toast", "gcloud secrets versions add toast-client-secret")
CI("aws-ssm-put-parameter-value", r"""
aws ssm put-parameter --name /pos/prod/mews_access_token --type SecureString --value "«S»" --overwrite
""", "mews", "--name /pos/prod/mews_access_token")
CI("doppler-secrets-set-inline", r"""
doppler secrets set SEVENROOMS_CLIENT_SECRET="«S»" -p reservations -c prd
""", "b62_64", "-p reservations -c prd")
CI("jenkins-credentials-xml-plain-password", r"""
<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
  <scope>GLOBAL</scope>
  <id>store-sftp</id>
  <username>«user»</username>
  <password>«S»</password>
</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
""", "pws", "<id>store-sftp</id>")
CI("kamal-secrets-file", r"""
# .kamal/secrets
KAMAL_REGISTRY_PASSWORD=«S»
RAILS_MASTER_KEY=$(cat config/master.key)
""", "dckr", "RAILS_MASTER_KEY=$(cat config/master.key)")
CI("heroku-release-phase-procfile-url", r"""
release: ./bin/migrate --database-url "postgres://«lo12»:«S»@«host»:5432/«db»"
web: bin/start-nginx bundle exec puma -C config/puma.rb
""", "hex64", "web: bin/start-nginx bundle exec puma -C config/puma.rb")

# ============================================================================
# group: vendor-token
# ============================================================================
V("stripe-live-secret-key-env", r"""
# online ordering - «Brand»
STRIPE_SECRET_KEY=«S»
STRIPE_ACCOUNT_COUNTRY=ES
""", "stripe_sk", "STRIPE_ACCOUNT_COUNTRY=ES")
V("stripe-restricted-key-json", r"""
{"stripe": {"restricted_key": "«S»", "permissions": ["refunds:write", "charges:read"]}}
""", "stripe_rk", "\"permissions\": [\"refunds:write\", \"charges:read\"]")
V("stripe-webhook-signing-secret-yaml", r"""
payments:
  provider: stripe
  webhook_endpoint: https://order.«dom»/webhooks/stripe
  webhook_secret: «S»
""", "whsec", "webhook_endpoint: https://order.«dom»/webhooks/stripe")
V("square-access-token-bearer-header", r"""
curl https://connect.squareup.com/v2/locations -H 'Square-Version: 2024-01-18' -H 'Authorization: Bearer «S»'
""", "square", "https://connect.squareup.com/v2/locations")
V("square-oauth-application-secret", r"""
SQUARE_APPLICATION_ID=sq0idp-«b64u22»
SQUARE_APPLICATION_SECRET=«S»
""", "sq_secret", "SQUARE_APPLICATION_ID=sq0idp-«b64u22»")
V("shopify-admin-access-token-header", r"""
X-Shopify-Access-Token: «S»
GET https://«brand»-shop.myshopify.com/admin/api/2024-04/orders.json?status=any
""", lambda: "shpat_" + hx(32), "/admin/api/2024-04/orders.json")
V("shopify-app-shared-secret", r"""
SHOPIFY_API_KEY=«hex32»
SHOPIFY_API_SECRET=«S»
""", lambda: "shpss_" + hx(32), "SHOPIFY_API_KEY=«hex32»")
V("adyen-api-key-x-api-key-header", r"""
POST https://checkout-live.adyenpayments.com/checkout/v71/payments
X-API-Key: «S»
Content-Type: application/json
""", "adyen", "/checkout/v71/payments")
V("sumup-secret-key-config", r"""
sumup:
  merchant_code: M«up7»
  secret_key: «S»
""", "sumup", "merchant_code: M«up7»")
V("paypal-zettle-client-secret", r"""
PAYPAL_CLIENT_ID=A«b64u79»
PAYPAL_CLIENT_SECRET=«S»
""", "paypal", "PAYPAL_CLIENT_ID=A")
V("braintree-access-token", r"""
gateway = braintree.BraintreeGateway(access_token="«S»")
""", "braintree", "braintree.BraintreeGateway(")
V("toast-partner-client-secret", r"""
{"clientId": "«b62_32»", "clientSecret": "«S»", "userAccessType": "TOAST_MACHINE_CLIENT"}
""", "toast", "\"userAccessType\": \"TOAST_MACHINE_CLIENT\"")
V("clover-api-token-uuid-shape", r"""
CLOVER_MERCHANT_ID=«up13»
CLOVER_API_TOKEN=«S»
CLOVER_BASE_URL=https://api.eu.clover.com
""", "uuid", "CLOVER_BASE_URL=https://api.eu.clover.com")
V("lightspeed-restaurant-token-invented", r"""
LIGHTSPEED_BUSINESS_LOCATION=«dig15»
LIGHTSPEED_API_TOKEN=«S»
""", lambda: "lsr_live_" + b62(40), "LIGHTSPEED_BUSINESS_LOCATION=«dig15»")
V("ubereats-client-credentials-curl", r"""
curl -F client_id=«b64u32» -F client_secret=«S» -F grant_type=client_credentials -F scope=eats.store https://login.uber.com/oauth/v2/token
""", "ubereats", "https://login.uber.com/oauth/v2/token")
V("doordash-drive-signing-secret-json", r"""
{"developer_id": "«uuid»", "key_id": "«uuid2»", "signing_secret": "«S»"}
""", "doordash", "\"developer_id\": \"«uuid»\"")
V("deliveroo-api-key-invented", r"""
DELIVEROO_SITE_ID=«dig6»
DELIVEROO_API_KEY=«S»
""", lambda: "dlv_live_" + b62(44), "DELIVEROO_SITE_ID")
V("deliverect-client-secret-invented", r"""
deliverect:
  account: «hex24»
  client_id: «lo16»
  client_secret: «S»
""", lambda: b64u(56), "account: «hex24»")
V("opentable-bearer-token-invented", r"""
GET https://platform.opentable.com/sync/v2/reservations?rid=«dig6»
Authorization: Bearer «S»
""", lambda: "ot_" + hx(48), "/sync/v2/reservations?rid=«dig6»")
V("mews-client-and-access-token", r"""
{"ClientToken": "«HEX32»-«HEX31»", "AccessToken": "«S»", "Client": "«Brand» PMS bridge 1.0"}
""", "mews", "\"Client\": \"«Brand» PMS bridge 1.0\"")
V("cloudbeds-api-key-invented", r"""
CLOUDBEDS_PROPERTY_ID=«dig6»
CLOUDBEDS_API_KEY=«S»
""", lambda: "cbat_" + b62(32), "CLOUDBEDS_PROPERTY_ID")
V("twilio-auth-token-labelled", r"""
TWILIO_ACCOUNT_SID=AC«hex32»
TWILIO_AUTH_TOKEN=«S»
TWILIO_FROM=+1555«dig7»
""", "twilio", "TWILIO_FROM=+1555")
V("twilio-api-key-secret-pair", r"""
twilio:
  api_key_sid: SK«hex32»
  api_key_secret: «S»
""", lambda: b62(32), "api_key_sid: SK«hex32»")
V("sendgrid-api-key-bare-env", r"""
SENDGRID_API_KEY=«S»
""", "sendgrid", "SENDGRID_API_KEY=")
V("mailgun-api-key-curl-user", r"""
curl -s --user 'api:«S»' https://api.eu.mailgun.net/v3/mg.«dom»/messages -F from='Reservations <no-reply@«dom»>'
""", "mailgun", "https://api.eu.mailgun.net/v3/mg.«dom»/messages")
V("mailchimp-api-key-datacenter-suffix", r"""
MAILCHIMP_API_KEY=«S»
MAILCHIMP_AUDIENCE_ID=«hex10»
""", "mailchimp", "MAILCHIMP_AUDIENCE_ID")
V("klaviyo-private-api-key", r"""
Authorization: Klaviyo-API-Key «S»
revision: 2024-02-15
""", "klaviyo", "revision: 2024-02-15")
V("slack-bot-token-xoxb", r"""
SLACK_BOT_TOKEN=«S»
SLACK_CHANNEL=#store-«store»-alerts
""", "slack_bot", "SLACK_CHANNEL=#store-«store»-alerts")
V("slack-user-token-xoxp", r"""
client = WebClient(token="«S»")
""", "slack_user", "client = WebClient(token=")
V("slack-incoming-webhook-url", r"""
ALERT_WEBHOOK=https://hooks.slack.com/services/T«up8»/B«up10»/«S»
""", "slack_hook", "ALERT_WEBHOOK=https://hooks.slack.com/services/")
V("discord-webhook-url-token", r"""
webhook_url = "https://discord.com/api/webhooks/«dig18»/«S»"
""", lambda: b64u(68), "https://discord.com/api/webhooks/«dig18»/")
V("telegram-bot-token-url", r"""
curl "https://api.telegram.org/bot«S»/sendMessage?chat_id=-100«dig10»&text=Fridge+2+above+8C"
""", "telegram", "/sendMessage?chat_id=-100«dig10»")
V("github-classic-pat-bare", r"""
GITHUB_TOKEN=«S»
""", "ghp", "GITHUB_TOKEN=")
V("github-fine-grained-pat-header", r"""
Authorization: Bearer «S»
X-GitHub-Api-Version: 2022-11-28
""", "ghpat", "X-GitHub-Api-Version: 2022-11-28")
V("gitlab-pat-private-token-header", r"""
curl --header "PRIVATE-TOKEN: «S»" "https://gitlab.«dom»/api/v4/projects?search=pos"
""", "glpat", "/api/v4/projects?search=pos")
V("npm-granular-token-npmrc", r"""
//registry.npmjs.org/:_authToken=«S»
""", "npm", "//registry.npmjs.org/:_authToken=")
V("pypi-api-token-pypirc", r"""
[pypi]
  username = __token__
  password = «S»
""", "pypi", "username = __token__")
V("aws-access-key-pair-env", r"""
AWS_ACCESS_KEY_ID=«akid»
AWS_SECRET_ACCESS_KEY=«S»
AWS_DEFAULT_REGION=«region»
""", "aws_secret", "AWS_DEFAULT_REGION=«region»")
V("google-places-server-key", r"""
PLACES_SERVER_KEY=«S»   # server-side only, unrestricted
""", "aiza", "server-side only, unrestricted")
V("google-oauth-client-secret-json", r"""
{"web":{"client_id":"«dig12»-«lo32».apps.googleusercontent.com","project_id":"«brand»-resv","client_secret":"«S»","redirect_uris":["https://book.«dom»/oauth2/callback"]}}
""", "gocspx", "\"project_id\":\"«brand»-resv\"")
V("google-oauth-refresh-token", r"""
GMAIL_REFRESH_TOKEN=«S»
""", "g_refresh", "GMAIL_REFRESH_TOKEN=")
V("firebase-fcm-legacy-server-key", r"""
Authorization: key=«S»
POST https://fcm.googleapis.com/fcm/send
""", "fcm", "https://fcm.googleapis.com/fcm/send")
V("azure-storage-connection-string-accountkey", r"""
"AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=«brand»menus;AccountKey=«S»;EndpointSuffix=core.windows.net"
""", "azure_key", "AccountName=«brand»menus")
V("azure-sas-url-sig-param", r"""
https://«brand»signage.blob.core.windows.net/menus/«city»/winter_menu.mp4?sv=2022-11-02&ss=b&srt=o&sp=r&se=«date»T23:59:59Z&spr=https&sig=«S»
""", "azure_sas_sig", "«brand»signage.blob.core.windows.net/menus/")
V("aws-s3-presigned-url-signature", r"""
https://«brand»-exports.s3.«region».amazonaws.com/zreports/store«store»_«date».pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«akid»%2F20250101%2F«region»%2Fs3%2Faws4_request&X-Amz-Date=20250101T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»
""", "hex64", "/zreports/store«store»_«date».pdf")
V("gcs-v4-signed-url-signature", r"""
https://storage.googleapis.com/«brand»-receipts/«store»/«date».zip?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=exporter%40«brand».iam.gserviceaccount.com%2F20250101%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20250101T000000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=«S»
""", "hex512", "https://storage.googleapis.com/«brand»-receipts/")
V("openai-project-key-env", r"""
OPENAI_API_KEY=«S»   # menu description generator
""", "openai", "menu description generator")
V("anthropic-api-key-header", r"""
x-api-key: «S»
anthropic-version: 2023-06-01
""", "anthropic", "anthropic-version: 2023-06-01")
V("huggingface-token-cli", r"""
huggingface-cli login --token «S»
""", "hf", "huggingface-cli login")
V("datadog-api-and-app-key", r"""
DD_SITE=datadoghq.eu
DD_API_KEY=«S»
""", "datadog", "DD_SITE=datadoghq.eu")
V("newrelic-user-key-nrak", r"""
NEW_RELIC_API_KEY=«S»
""", "nrak", "NEW_RELIC_API_KEY=")
V("sentry-org-auth-token", r"""
[auth]
token=«S»
""", "sentry_tok", "[auth]")
V("digitalocean-pat-doctl", r"""
doctl auth init --access-token «S» --context «brand»
""", "dop", "doctl auth init")
V("cloudflare-api-token-ini", r"""
# /etc/letsencrypt/cloudflare.ini
dns_cloudflare_api_token = «S»
""", "cf_token", "/etc/letsencrypt/cloudflare.ini")
V("hashicorp-vault-service-token-env", r"""
VAULT_ADDR=https://vault.«dom»:8200
VAULT_TOKEN=«S»
""", "hvs", "VAULT_ADDR=https://vault.«dom»:8200")
V("meraki-dashboard-api-key-header", r"""
curl -L -H 'X-Cisco-Meraki-API-Key: «S»' https://api.meraki.com/api/v1/organizations/«dig6»/networks
""", "meraki", "https://api.meraki.com/api/v1/organizations/")
V("jwt-hs256-session-bearer", r"""
Authorization: Bearer «S»
""", "jwt", "Authorization: Bearer ")
V("yelp-fusion-api-key-header", r"""
GET https://api.yelp.com/v3/businesses/«lo22»/reviews
Authorization: Bearer «S»
""", "yelp", "https://api.yelp.com/v3/businesses/")
V("meta-page-access-token-graph-url", r"""
https://graph.facebook.com/v19.0/«dig15»/feed?message=Happy+hour+5-7pm&access_token=«S»
""", "meta", "https://graph.facebook.com/v19.0/«dig15»/feed")
V("tailscale-auth-key-up", r"""
sudo tailscale up --authkey=«S» --hostname=bo-«store» --advertise-tags=tag:store
""", "tskey", "--hostname=bo-«store»")
V("ngrok-authtoken-config", r"""
version: "2"
authtoken: «S»
""", "ngrok", "version: \"2\"")
V("age-secret-key-file", r"""
# created: «ts»
# public key: age1«lo58»
«S»
""", "age", "# public key: age1")
V("okta-ssws-api-token", r"""
Authorization: SSWS «S»
GET https://«brand».okta.com/api/v1/users?limit=200
""", "okta", "https://«brand».okta.com/api/v1/users")
V("atlassian-api-token-basic-pair", r"""
JIRA_EMAIL=«email»
JIRA_API_TOKEN=«S»
""", "atlassian", "JIRA_EMAIL=«email»")
V("notion-integration-token", r"""
NOTION_TOKEN=«S»
NOTION_DB_SHIFTS=«hex32»
""", "notion", "NOTION_DB_SHIFTS")
V("airtable-personal-access-token", r"""
const base = new Airtable({ apiKey: '«S»' }).base('app«b62_14»');
""", "airtable", "new Airtable({ apiKey:")
V("linear-api-key-header", r"""
Authorization: «S»
POST https://api.linear.app/graphql
""", "linear", "https://api.linear.app/graphql")
V("dropbox-short-lived-token", r"""
DROPBOX_ACCESS_TOKEN=«S»
""", "dropbox", "DROPBOX_ACCESS_TOKEN=")
V("hubspot-private-app-token", r"""
hubspot_client = HubSpot(access_token="«S»")
""", "hubspot", "hubspot_client = HubSpot(")
V("postmark-server-token-header", r"""
X-Postmark-Server-Token: «S»
POST https://api.postmarkapp.com/email/withTemplate
""", "uuid", "https://api.postmarkapp.com/email/withTemplate")
V("mapbox-secret-token-downloads", r"""
MAPBOX_DOWNLOADS_TOKEN=«S»
""", "mapbox_sk", "MAPBOX_DOWNLOADS_TOKEN=")
V("algolia-admin-api-key", r"""
ALGOLIA_APP_ID=«up10»
ALGOLIA_ADMIN_KEY=«S»
""", "algolia", "ALGOLIA_APP_ID=«up10»")
V("supabase-service-role-jwt", r"""
SUPABASE_URL=https://«lo20».supabase.co
SUPABASE_SERVICE_ROLE_KEY=«S»
""", lambda: jwt("HS256", '{"iss":"supabase","ref":"%s","role":"service_role","iat":1700000000,"exp":2015576000}' % lo(20)), "SUPABASE_URL=https://")
V("supabase-management-token-sbp", r"""
supabase login --token «S»
""", "sbp", "supabase login")
V("planetscale-connection-password", r"""
DATABASE_URL=mysql://«lo12»:«S»@aws.connect.psdb.cloud/«db»?sslaccept=strict
""", "pscale", "@aws.connect.psdb.cloud/«db»")
V("doppler-service-token", r"""
DOPPLER_TOKEN=«S»
""", "doppler", "DOPPLER_TOKEN=")
V("databricks-pat-dapi", r"""
[DEFAULT]
host = https://adb-«dig16».«num».azuredatabricks.net
token = «S»
""", "dapi", "azuredatabricks.net")
V("grafana-service-account-token", r"""
GRAFANA_URL=https://grafana.«dom»
GRAFANA_TOKEN=«S»
""", "glsa", "GRAFANA_URL=https://grafana.«dom»")
V("docker-hub-pat", r"""
echo «S» | docker login -u «brand»ci --password-stdin
""", "dckr", "docker login -u «brand»ci --password-stdin")
V("onepassword-service-account-token", r"""
OP_SERVICE_ACCOUNT_TOKEN=«S»
""", "ops", "OP_SERVICE_ACCOUNT_TOKEN=")
V("resend-api-key-sdk", r"""
const resend = new Resend('«S»');
""", "resend", "const resend = new Resend(")
V("azure-devops-pat-basic-empty-user", r"""
git -c http.extraHeader="Authorization: Basic «S»" clone https://dev.azure.com/«brand»/POS/_git/pos-bridge
""", lambda: b64e(":" + azdo_pat()), "https://dev.azure.com/«brand»/POS/_git/pos-bridge")
V("azure-client-secret-env", r"""
AZURE_TENANT_ID=«uuid»
AZURE_CLIENT_ID=«uuid2»
AZURE_CLIENT_SECRET=«S»
""", "azure_client_secret", "AZURE_TENANT_ID=«uuid»")
V("vonage-api-secret-invented-shape", r"""
VONAGE_API_KEY=«hex8»
VONAGE_API_SECRET=«S»
""", "b62_16", "VONAGE_API_KEY=«hex8»")
V("stripe-terminal-connection-token-response", r"""
{"object": "terminal.connection_token", "secret": "«S»", "location": "tml_«b62_24»"}
""", lambda: "pst_live_" + b62(56), "\"object\": \"terminal.connection_token\"")
V("square-webhook-signature-key", r"""
SQUARE_WEBHOOK_SIGNATURE_KEY=«S»
SQUARE_WEBHOOK_URL=https://order.«dom»/webhooks/square
""", "b64u22", "SQUARE_WEBHOOK_URL=https://order.«dom»/webhooks/square")

# ============================================================================
# build SECRETS
# ============================================================================
_GROUPS = ["command", "tool-output", "config-file", "source-code",
           "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 187


def _build_secrets():
    out = []
    for g in _GROUPS:
        tpls = [t for t in _TPL if t[0] == g]
        n = len(tpls)
        base, extra = divmod(_PER_GROUP, n)
        for i, (grp, fmt, tpl, sgen, vis) in enumerate(tpls):
            k = min(3, base + (1 if i < extra else 0))
            for _ in range(k):
                ctx = _Ctx(sgen)
                text = _render(tpl, ctx)
                secret = ctx["S"]
                visible = _render(vis, ctx) if vis else ""
                out.append((grp, fmt, text, secret, visible))
    return out


SECRETS = _build_secrets()

# ============================================================================
# BENIGN look-alikes
# ============================================================================
_PLAIN_PHRASES = ["Table 12 ready for pickup", "Order 4471 delivered", "menu v3 published",
                  "Happy hour 5-7pm", "Kitchen closes at 22:30", "Fridge 2 above 8C",
                  "Reservation for 4 at 19:30", "Shift swap approved", "Z report store",
                  "Allergen: contains nuts", "Guest wifi terms accepted", "Daily specials",
                  "Loyalty tier upgraded to gold", "Delivery driver arrived", "Pedido listo",
                  "Mesa 7 pidió la cuenta", "Commande prête", "Bestellung fertig"]


def _b64text():
    return b64e(_ch(_PLAIN_PHRASES) + " " + str(_rint(1, 9999)))


def _fp():
    return b64s(43)


def _sri():
    return "sha512-" + b64bytes(64)


def _pkpub():
    return "pk_live_" + b62(_ch([24, 99]))


def _mapbox_pk():
    return "pk.eyJ1IjoiI" + b64u(30) + "In0." + b64u(22)


def _certfp():
    return ":".join(HX(2) for _ in range(32))


def _sshpub(c):
    return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + b64s(43) + " " + c["user"] + "@" + c["host"]


def _avault():
    return "$ANSIBLE_VAULT;1.1;AES256\n" + _wrap(dig(2) + hx(318), 80)


def _sops():
    return "ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64s(24), b64bytes(32), b64bytes(16))


def _sealed():
    return "AgB" + b64s(_rint(300, 380)) + "=="


def _gpgfp():
    h = HX(40)
    return " ".join(h[i:i + 4] for i in range(0, 40, 4))


GEN.update({
    "b64text": _b64text, "fp": _fp, "sri": _sri, "pkpub": _pkpub, "mapbox_pk": _mapbox_pk,
    "certfp": _certfp, "sshpub": _sshpub, "avault": _avault, "sops": _sops, "sealed": _sealed,
    "gpgfp": _gpgfp, "sha256": lambda: hx(64), "md5": lambda: hx(32),
    "trace": lambda: hx(32), "span": lambda: hx(16),
    "aida": lambda: "AIDA" + _rs(string.ascii_uppercase + "234567", 17),
    "acct": lambda: dig(12), "opid": lambda: _rs("abcdefghijklmnopqrstuvwxyz234567", 26),
    "ean": lambda: "84" + dig(11), "pan4": lambda: dig(4), "authcode": lambda: up(6),
    "rrn": lambda: dig(12), "sq_appid": lambda: "sq0idp-" + b64u(22),
    "adyen_ck": lambda: "live_" + up(32), "pi": lambda: "pi_3" + b62(23),
    "cus": lambda: "cus_" + b62(14), "acct_id": lambda: "acct_1" + b62(15),
    "gclient": lambda: dig(12) + "-" + lo(32) + ".apps.googleusercontent.com",
    "twsid": lambda: "AC" + hx(32), "agepub": lambda: "age1" + lo(58),
    "kid": lambda: hx(40), "gosum": lambda: "h1:" + b64s(43) + "=",
    "resv": lambda: up(6), "sku": lambda: up(3) + "-" + dig(5),
    "vaultpath": lambda c: "kv/stores/%s/%s" % (c["store"], _ch(["pos", "nvr", "alarm", "wifi", "supplier", "loyalty"])),
    "envname": lambda: _ch(["DB_PASSWORD", "POS_DB_PASSWORD", "STRIPE_SECRET_KEY", "SQUARE_ACCESS_TOKEN",
                            "UBEREATS_CLIENT_SECRET", "NVR_ADMIN_PASSWORD", "SMTP_PASS", "LOYALTY_API_KEY",
                            "TOAST_CLIENT_SECRET", "KIOSK_ADMIN_PIN", "RADIUS_SECRET", "WIFI_PSK"]),
})

_BT = []


def B(tpl, n=5):
    _BT.append((tpl.strip("\n"), n))


# ---- commands -------------------------------------------------------------
B(r"""
git checkout «sha» -- kiosk/src/idle.ts
""")
B(r"""
docker pull registry.«dom»/kiosk@sha256:«sha256»
""")
B(r"""
sha256sum pos-installer-«ver».msi
«sha256»  pos-installer-«ver».msi
""")
B(r"""
curl -s -H "Authorization: Bearer $TOAST_TOKEN" https://«host»/config/v2/restaurants/«uuid»
""")
B(r"""
psql "postgresql://«user»@«host»:5432/«db»?sslmode=require"   # password comes from ~/.pgpass
""")
B(r"""
mysql -h «host» -u «user» -p «db»
Enter password:
""")
B(r"""
export DB_PASSWORD="$(vault kv get -field=password «vaultpath»)"
""")
B(r"""
aws secretsmanager get-secret-value --secret-id prod/pos/«db» --query SecretString --output text | jq -r .username
""")
B(r"""
kubectl -n «db» get secret resv-db -o jsonpath='{.data.DB_PASSWORD}' | base64 -d | wc -c
""")
B(r"""
read -s -p "NVR password for «ip»: " NVR_PW && curl --digest -u "admin:$NVR_PW" http://«ip»/ISAPI/System/time
""")
B(r"""
sudo htpasswd -B /etc/nginx/.htpasswd_menu «user»
New password:
Re-type new password:
Adding password for user «user»
""")
B(r"""
sshpass -f ~/.secrets/store«store».pw ssh «user»@«ip» uptime
""")
B(r"""
git commit -m "Remove hard-coded NVR password from capture.py (now read from NVR_PASSWORD)"
""", 1)
B(r"""
npm config set //registry.npmjs.org/:_authToken '${NPM_TOKEN}'
""", 1)
B(r"""
docker login -u «user» --password-stdin registry.«dom» < ~/.config/registry_pw
""")
B(r"""
openssl x509 -in /etc/ssl/certs/kiosk-«store».crt -noout -fingerprint -sha256
SHA256 Fingerprint=«certfp»
""")
B(r"""
ssh-keygen -lf ~/.ssh/store_deploy.pub
256 SHA256:«fp» deploy@«host» (ED25519)
""")
B(r"""
echo -n '«b64text»' | base64 -d
""")
B(r"""
uuidgen | tr A-Z a-z   # new terminal registration id
«uuid»
""")
B(r"""
ansible-playbook site.yml -l store«store» --vault-password-file ~/.ansible/vault_pass.txt
""")
B(r"""
gpg --recv-keys «hex16» && gpg --verify pos-agent-«ver».tar.gz.asc
""")
B(r"""
git log --oneline -3
«sha7» kiosk: fix idle reset after payment
«sha7_b» signage: rotate menu every 20s
«sha7_c» pos-sync: retry on 502
""")
B(r"""
kubectl create secret generic pos-bridge --from-file=api_token=./secrets/api_token.txt --dry-run=client -o yaml
""")
B(r"""
op read "op://Store Ops/NVR «store» admin/password" > /dev/null && echo ok
""")
B(r"""
terraform plan -var-file=envs/«region».tfvars -out plan-«sha7».tfplan
""")
B(r"""
certbot renew --dns-cloudflare --dns-cloudflare-credentials /etc/letsencrypt/cloudflare.ini
""", 1)
B(r"""
curl -I https://order.«dom»/static/app.«hex8».js
""")
B(r"""
docker run -d -e POSTGRES_PASSWORD_FILE=/run/secrets/pg_pw -v pgdata:/var/lib/postgresql/data postgres:16
""", 1)
B(r"""
net use Z: \\«ip»\Menus /user:«windom»\«user» *
""")
B(r"""
Get-Credential -UserName "«windom»\«user»" -Message "Back office login for store «store»"
""")

# ---- tool output ----------------------------------------------------------
B(r"""
$ git rev-parse HEAD
«sha»
""")
B(r"""
$ kubectl get secrets -n booking
NAME              TYPE                             DATA   AGE
resv-db           Opaque                           2      «num»d
opentable-creds   Opaque                           1      «num2»d
regcred           kubernetes.io/dockerconfigjson   1      «num3»d
""")
B(r"""
$ vault kv metadata get «vaultpath»
created_time            «ts»
current_version         «num»
max_versions            0
""")
B(r"""
$ aws sts get-caller-identity
{
    "UserId": "«aida»",
    "Account": "«acct»",
    "Arn": "arn:aws:iam::«acct»:user/kiosk-uploader"
}
""")
B(r"""
$ docker images --digests registry.«dom»/kds
REPOSITORY               TAG       DIGEST                                                                    IMAGE ID       CREATED
registry.«dom»/kds       «ver»     sha256:«sha256»   «hex12»   2 days ago
""")
B(r"""
$ npm ls --json | jq '.dependencies.axios'
{"version": "1.6.«num»", "resolved": "https://registry.npmjs.org/axios/-/axios-1.6.«num».tgz", "integrity": "«sri»"}
""")
B(r"""
$ stripe config --list
[default]
  device_name = «host»
  live_mode_api_key = 'rk_live_*********************«b62_4»'
""")
B(r"""
$ heroku config -a «brand»-orders
DATABASE_URL: postgres://«lo14»:***@ec2-«ipdash».compute-1.amazonaws.com:5432/«lo14_b»
""")
B(r"""
$ env | grep -i pass
PGPASSFILE=/home/«user»/.pgpass
NVR_PASSWORD_FILE=/run/secrets/nvr_pw
""")
B(r"""
$ kubectl describe secret resv-db
Name:         resv-db
Namespace:    booking
Type:  Opaque

Data
====
DB_PASSWORD:  «num» bytes
DB_USER:      «num2» bytes
""")
B(r"""
$ az keyvault secret list --vault-name kv-«brand»-pos -o table
Name                      ContentType    Enabled
------------------------  -------------  ---------
pos-db-password                          True
ubereats-client-secret                   True
""")
B(r"""
  # azurerm_mssql_server.pos will be updated in-place
  ~ resource "azurerm_mssql_server" "pos" {
      ~ administrator_login_password = (sensitive value)
        id                           = "/subscriptions/«uuid»/resourceGroups/rg-pos/providers/Microsoft.Sql/servers/«brand»-pos"
    }
""")
B(r"""
$ op item list --vault "Store Ops"
ID                            TITLE                  VAULT        EDITED
«opid»    NVR «store» admin          Store Ops    «num» days ago
""")
B(r"""
$ gh auth status
github.com
  ✓ Logged in to github.com account «user» (keyring)
  - Token: gho_************************************
  - Token scopes: 'gist', 'read:org', 'repo'
""")
B(r"""
$ nmcli connection show
NAME           UUID                                  TYPE      DEVICE
«ssid»         «uuid»  wifi      wlan0
""")
B(r"""
$ sudo wg show
interface: wg0
  public key: «wgpub»
  private key: (hidden)
  listening port: 51820
""")
B(r"""
$ certbot certificates
  Certificate Name: order.«dom»
    Serial Number: «hex34»
    Expiry Date: «date» 08:12:44+00:00 (VALID: «num» days)
    Private Key Path: /etc/letsencrypt/live/order.«dom»/privkey.pem
""")
B(r"""
$ ssh-add -l
256 SHA256:«fp» «user»@«host» (ED25519)
""")
B(r"""
sqlite> SELECT sku, ean, name FROM items LIMIT 2;
«sku»|«ean»|Oat milk 1L
«sku_b»|«ean_b»|Espresso beans 1kg
""")
B(r"""
*** CUSTOMER COPY ***
MID: «mid»   TID: «tid»
VISA ************«pan4»
AID: A0000000031010
AUTH CODE: «authcode»   RRN: «rrn»
APPROVED - THANK YOU
""")
B(r"""
$ pip download pos-agent==«ver» --no-deps -d /tmp/x && pip hash /tmp/x/pos_agent-«ver».tar.gz
--hash=sha256:«sha256»
""")
B(r"""
$ ls -la /etc/ssl/private/
-rw------- 1 root root 1704 «date» kiosk-mtls.key
-rw------- 1 root root 3272 «date» pos-api.key
""", 3)
B(r"""
$ lsblk -f
sda1 vfat   FAT32        «up4»-«up4_b»                             505.9M     1% /boot/efi
sda2 ext4   1.0          «uuid»    41.2G    38% /
""")
B(r"""
$ gpg --list-keys ops@«dom»
pub   ed25519 «date» [SC]
      «gpgfp»
uid           [ultimate] Store Ops <ops@«dom»>
""")
B(r"""
$ docker compose ps
NAME            IMAGE                                 STATUS
pos-sync-1      registry.«dom»/pos-sync:«ver»         Up 3 hours
""")
B(r"""
$ ansible store«store» -m debug -a var=ansible_password
store«store» | SUCCESS => {
    "ansible_password": "VARIABLE IS NOT DEFINED!"
}
""")

# ---- config files ---------------------------------------------------------
B(r"""
# .env.example - copy to .env and fill in
STRIPE_SECRET_KEY=sk_live_your_key_here
STRIPE_PUBLISHABLE_KEY=pk_live_your_key_here
DB_PASSWORD=
""", 1)
B(r"""
DB_HOST=«host»
DB_USER=«user»
DB_PASSWORD=${«envname»}
""")
B(r"""
pos_db_password: "{{ vault_pos_db_password }}"
nvr_admin_password: "{{ lookup('community.hashi_vault.hashi_vault', 'secret=«vaultpath»:password') }}"
""")
B(r"""
pos_db_password: !vault |
          «avault»
""")
B(r"""
ubereats:
    client_secret: «sops»
sops:
    kms:
        - arn: arn:aws:kms:«region»:«acct»:key/«uuid»
""")
B(r"""
        env:
        - name: DB_PASSWORD
          valueFrom:
            secretKeyRef:
              name: resv-db
              key: DB_PASSWORD
""", 1)
B(r"""
spec:
  encryptedData:
    client_secret: «sealed»
""")
B(r"""
config:
  loyalty:dbPassword:
    secure: v1:«b64_16»:«b64_80»
""")
B(r"""
location /reports/ {
    auth_basic "Back office";
    auth_basic_user_file /etc/nginx/.htpasswd_reports;
    ssl_certificate_key /etc/ssl/private/bo-«store».key;
}
""")
B(r"""
Host store«store»-bo
    HostName «ip»
    User «user»
    IdentityFile ~/.ssh/store_deploy
""")
B(r"""
[password_policy]
min_length = «num»
require_digit = true
require_symbol = true
max_age_days = 90
history = 5
""", 3)
B(r"""
STRIPE_PUBLISHABLE_KEY=«pkpub»
""")
B(r"""
adyen:
  clientKey: «adyen_ck»
  environment: live
""")
B(r"""
mapbox:
  public_token: «mapbox_pk»
""")
B(r"""
SQUARE_APPLICATION_ID=«sq_appid»
SQUARE_LOCATION_ID=L«up13»
""")
B(r"""
google:
  oauth_client_id: «gclient»
  client_secret_ref: projects/«brand»-resv/secrets/google-oauth/versions/latest
""")
B(r"""
"integrity": "«sri»",
"resolved": "https://registry.npmjs.org/@«brand»/kiosk-ui/-/kiosk-ui-«ver».tgz"
""")
B(r"""
github.com/«brand»/pos-agent v«ver» «gosum»
""")
B(r"""
[Terminal]
MerchantID=«mid»
TerminalID=«tid»
KeyIndex=3
PinPadSerial=«serial»
""")
B(r"""
[mysql]
user = «user»
host = «host»
# password is read from /etc/mysql/conf.d/secret.cnf (root only)
""")
B(r"""
wifi:
  guest_ssid: "«Brand» Guest"
  guest_auth: captive_portal
  staff_psk_ref: «vaultpath»
""")
B(r"""
TWILIO_ACCOUNT_SID=«twsid»
TWILIO_AUTH_TOKEN_FILE=/run/secrets/twilio_token
""")
B(r"""
[Peer]
PublicKey = «wgpub»
AllowedIPs = 10.200.0.«num»/32
""")
B(r"""
authorized_keys:
  - «sshpub»
""")
B(r"""
cache:
  key: menu:«store»:«sha»
  ttl: 300
""")
B(r"""
smtp:
  host: smtp.«dom»
  user: noreply@«dom»
  password: ""   # set SMTP_PASSWORD in the environment
""")
B(r"""
<add key="ClearTextPassword" value="%NUGET_FEED_PAT%" />
""", 1)
B(r"""
password = <set-in-vault>
""", 1)
B(r"""
admin_password = ********
""", 1)
B(r"""
  password: REDACTED
""", 1)
B(r"""
signing_key_id: «kid»
signing_key_path: /etc/pos/keys/receipt-signing.pem
""")
B(r"""
image: registry.«dom»/pos-sync@sha256:«sha256»
""")

# ---- source code ----------------------------------------------------------
B(r"""
password = os.environ["«envname»"]
""")
B(r"""
client_secret = get_secret("«vaultpath»")
""")
B(r"""
if len(password) < «num»:
    raise ValueError("password too short (min «num» characters)")
""")
B(r"""
cache_key = "menu:%s:%s" % (store_id, hashlib.sha256(menu_json).hexdigest())  # e.g. menu:«store»:«sha256»
""")
B(r"""
PASSWORD_FIELD = "password"
TOKEN_HEADER = "X-Api-Key"
""", 1)
B(r"""
# TODO: rotate the kiosk API token (see OPS-«num»); never commit it here
API_TOKEN = os.getenv("KIOSK_API_TOKEN")
""")
B(r"""
BUILD_ID = "«uuid»"
ICON_SHA = "«sha»"
""")
B(r"""
const logo = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAA«b64_120»";
""")
B(r"""
STRIPE_KEY_RE = re.compile(r"sk_(live|test)_[0-9a-zA-Z]{24,}")
""", 1)
B(r"""
def mask(token: str) -> str:
    return token[:8] + "…" + token[-4:]   # sk_live_…«b62_4»
""")
B(r"""
const SENTINEL = "xxxxxxxxxxxxxxxxxxxxxxxx";   // placeholder until the merchant connects Square
""", 1)
B(r"""
@pytest.fixture
def fake_creds():
    return {"client_id": "test-client", "client_secret": "<not-a-real-secret>"}
""", 1)
B(r"""
conn = psycopg2.connect(dsn=os.environ["DATABASE_URL"])
""", 1)
B(r"""
hmac_digest = hmac.new(key, body, hashlib.sha256).hexdigest()
assert hmac_digest == "«sha256»"  # known-answer test vector from the spec
""")
B(r"""
private static final String PASSWORD_PROPERTY = "pos.db.password";
String pw = System.getenv("POS_DB_PASSWORD");
""", 1)
B(r"""
let secret = std::env::var("LOYALTY_HMAC_KEY").expect("LOYALTY_HMAC_KEY not set");
""", 1)
B(r"""
var apiKey = builder.Configuration["Deliverect:ClientSecret"]; // from Azure Key Vault
""", 1)
B(r"""
headers = {"Authorization": f"Bearer {token}", "X-Request-Id": "«uuid»"}
""")
B(r"""
PUBLIC_KEY_PEM = '''-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE«b64_86»
-----END PUBLIC KEY-----'''
""")
B(r"""
expect(maskPan("4111111111111111")).toBe("411111******1111");
""", 1)
B(r"""
const ORDER_ID = "«pi»";  // stripe payment intent id used in the regression test
""")
B(r"""
$password = getenv('DB_PASSWORD') ?: throw new RuntimeException('DB_PASSWORD missing');
""", 1)
B(r"""
if ($hash !== hash_hmac('sha256', $payload, $secret)) { http_response_code(401); exit; }
""", 1)
B(r"""
-- rotate: ALTER LOGIN [«user»] WITH PASSWORD = N'<new password from vault>';
""")

# ---- logs and stack traces ------------------------------------------------
B(r"""
«ts» INFO request_id=«uuid» trace_id=«trace» span_id=«span» GET /api/menu 200 31ms
""")
B(r"""
«ts» DEBUG auth: Authorization header present (Bearer ***), scope=orders.read
""")
B(r"""
«ts» WARN  login failed for user «user» from «ip» (using password: YES)
""")
B(r"""
«ts» INFO  password reset email sent to «email»
""")
B(r"""
«ts» INFO  payment approved amount=«num».50 EUR auth=«authcode» rrn=«rrn» pan=************«pan4» tid=«tid»
""")
B(r"""
«ip» - - [«clf»] "GET /static/app.«hex8».js HTTP/1.1" 200 48123 "-" "KioskBrowser/«ver»"
""")
B(r"""
«ts» INFO  kiosk heartbeat device=«serial» store=«store» uptime=«num»h
""")
B(r"""
x-amz-request-id: «HEX16»
x-amz-id-2: «b64_76»
""")
B(r"""
«ts» DEBUG cache hit key=menu:«store»:«sha» ttl=«num»
""")
B(r"""
«ts» WARN  JWT validation failed: token expired (kid=«kid», iss=https://auth.«dom»)
""")
B(r"""
Traceback (most recent call last):
  File "/opt/loyalty/app/db.py", line 41, in connect
    return psycopg2.connect(**params)
psycopg2.OperationalError: fe_sendauth: no password supplied
""", 1)
B(r"""
Processing by Staff::SessionsController#create as HTML
  Parameters: {"authenticity_token"=>"[FILTERED]", "staff"=>{"email"=>"«email»", "password"=>"[FILTERED]"}}
""")
B(r"""
«ts» INFO  connecting to postgres://«user»:******@«host»:5432/«db»
""")
B(r"""
{"level":"info","ts":"«ts»","msg":"login ok","user":"«user»","password":"<redacted>","store":"«store»"}
""")
B(r"""
«ts» INFO  ETag: "«md5»" for /menus/«store».json
""")
B(r"""
«ts» INFO  webhook delivered id=evt_«b62_24» attempt=1 status=200
""")
B(r"""
«sysl» bo01 sshd[«num»]: Accepted publickey for «user» from «ip» port «num2» ssh2: ED25519 SHA256:«fp»
""")
B(r"""
«ts» ERROR terminal «tid» rejected: invalid MAC on message «hex8» (key check value «HEX6»)
""")
B(r"""
«ts» WARN  reservation «resv» for «party» guests could not be synced (OpenTable rid=«dig6»)
""")
B(r"""
java.lang.IllegalStateException: Missing property 'pos.db.password' (set POS_DB_PASSWORD)
	at com.«brand».pos.Config.require(Config.java:88)
""")
B(r"""
«ts» INFO  loaded secrets from Vault path «vaultpath» (3 keys, version «num»)
""")
B(r"""
«ts» INFO  customer «cus» attached to account «acct_id»
""")
B(r"""
«ts» DEBUG Set-Cookie: cookieconsent_status=dismiss; lang=es; Path=/
""", 3)
B(r"""
«ts» INFO  ssh host key fingerprint for «ip»: SHA256:«fp»
""")
B(r"""
#12 [stage-1 4/6] COPY --from=build /app/dist /usr/share/nginx/html
#12 DONE 0.3s
#13 exporting layers sha256:«sha256»
""")
B(r"""
«ts» INFO  captive portal: guest «hex12» accepted terms, session 60 min, ssid="«Brand» Guest"
""")
B(r"""
«ts» INFO  gift card ****-****-****-«pan4» balance check: 25.00 EUR
""")

# ---- notes and chat -------------------------------------------------------
B(r"""
«person»: the wifi password is on the laminated card behind the bar, don't post it here
""")
B(r"""
«person»: I changed the NVR password and put it in 1Password under "Store «store» / NVR", ping me if you can't see it
""")
B(r"""
«person»: please don't paste passwords in this channel, use the vault link instead
""")
B(r"""
Password policy reminder: at least 12 characters, no names of the restaurant, no reuse of your last 5 passwords. Managers rotate the POS admin password every 90 days.
""", 1)
B(r"""
«person»: token expired again for the Toast integration, I opened a case with support (case «num»)
""")
B(r"""
«person»: commit «sha7» fixed the kiosk idle bug, can you deploy to store «store» tonight?
""")
B(r"""
«person»: la contraseña está en el sobre dentro de la caja fuerte, no la escribáis en el grupo
""")
B(r"""
«person»: o novo código do alarme vai ser enviado por SMS a cada gerente, não partilhem aqui
""")
B(r"""
«person»: das neue Kassen-Passwort bekommt ihr morgen persönlich von mir, nicht per WhatsApp
""")
B(r"""
«person»: le mot de passe du wifi client est affiché sur le ticket de caisse, rien à faire de votre côté
""")
B(r"""
«person»: la password del gestionale la trovate nel raccoglitore rosso in ufficio
""")
B(r"""
«person»: hasło do kasy zmienione, nowe dostaniecie od kierownika zmiany
""")
B(r"""
«person»: 새 비밀번호는 점장님께 직접 물어보세요 (채팅에 올리지 마세요)
""")
B(r"""
«person»：密码已经改了，新的去问店长，不要发在群里
""")
B(r"""
«person»: Mật khẩu mới sẽ được quản lý gửi riêng, đừng đăng lên nhóm nha
""")
B(r"""
«person»: şifreyi gruba yazmayın lütfen, müdürden şahsen alın
""")
B(r"""
Reservation confirmed: «resv» for «party» guests on «date» at «time» - «Brand» «city»
""")
B(r"""
Notes: the Uber Eats secret lives in Vault at «vaultpath»; the agent should read it via VAULT_TOKEN from the runner, never print it.
""")
B(r"""
Decision: keep «envname» in the CI secret store; the .env file in the repo only has placeholders like <your-token>.
""")
B(r"""
«person»: Wifi for guests tonight is the open network "«Brand» Guest" with the captive portal, no password needed
""")
B(r"""
TODO: ask «person» for the supplier portal login (she has it in her password manager), then download invoices for «date»
""")
B(r"""
«person»: the alarm code was changed after «person2» left; new codes were handed out at the managers' meeting
""")
B(r"""
Loyalty member «dig10» asked to merge accounts; old card ending «pan4»
""")
B(r"""
«person»: ssh key for the deploy user added, fingerprint SHA256:«fp»
""")
B(r"""
GOAL: find why store «store» kiosks show "invalid token" after the «ver» update. Do not ask for or log any credentials; check the token expiry config only.
""")
B(r"""
«person»: I've reset your back office password, you'll get an email with a link to set a new one
""")
B(r"""
Handover: POS admin, NVR and alarm credentials are in the "Store «store»" vault; the laminated card in the safe is out of date.
""")
B(r"""
«person»: base64 of the receipt footer is «b64text» if you want to paste it in the template
""")

# ---- CI and deploy --------------------------------------------------------
B(r"""
      - uses: actions/checkout@«sha»  # v4.1.1
""")
B(r"""
    env:
      DEPLOY_PASSWORD: ${{ secrets.DEPLOY_PASSWORD }}
      SQUARE_ACCESS_TOKEN: ${{ secrets.SQUARE_ACCESS_TOKEN }}
""", 1)
B(r"""
  script:
    - docker login -u "$CI_REGISTRY_USER" -p "$CI_REGISTRY_PASSWORD" "$CI_REGISTRY"
""", 1)
B(r"""
withCredentials([usernamePassword(credentialsId: 'store-sftp', usernameVariable: 'SFTP_USER', passwordVariable: 'SFTP_PASS')]) {
  sh 'lftp -u "$SFTP_USER,$SFTP_PASS" sftp://«host» -e "put build/menu.zip; bye"'
}
""")
B(r"""
      - uses: actions/cache@v4
        with:
          key: ${{ runner.os }}-node-${{ hashFiles('**/package-lock.json') }}
""", 1)
B(r"""
FROM node@sha256:«sha256» AS build
""")
B(r"""
Run echo "Using token ***"
Using token ***
""", 1)
B(r"""
      - run: echo "::add-mask::$SIGNING_KEY"
""", 1)
B(r"""
deploy:
  stage: deploy
  environment: production
  needs: [build]
  variables:
    IMAGE: $CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA
""", 1)
B(r"""
##[section]Starting: Download secure file pos-signing.pfx
Downloading: «num» bytes, sha256 «sha256»
""")
B(r"""
secrets:
  - name: ADYEN_API_KEY
    valueFrom: arn:aws:secretsmanager:«region»:«acct»:secret:prod/pos/adyen-«b62_6»
""")
B(r"""
argocd app sync loyalty --revision «sha»
""")
B(r"""
helm upgrade --install loyalty ./charts/loyalty -f values-prod.yaml --set image.digest=sha256:«sha256»
""")
B(r"""
terraform apply -var-file=envs/prod.tfvars   # db password comes from TF_VAR_pos_db_password in the runner
""", 1)
B(r"""
eas secret:list
Name                 Type    Scope    Updated
SENTRY_AUTH_TOKEN    string  project  «date»
""")
B(r"""
- name: Verify artifact
  run: echo "«sha256»  dist/pos-agent-«ver».tar.gz" | sha256sum -c -
""")
B(r"""
provenance: https://slsa.dev/provenance/v1 digest sha256:«sha256»
""")
B(r"""
kubectl rollout restart deploy/kds -n kitchen  # picks up the rotated secret kds-db (resourceVersion «dig8»)
""")
B(r"""
CLOUDFLARE_API_TOKEN: ${{ secrets.CF_DNS_TOKEN }}  # scoped to zone «dom», DNS:Edit
""")
B(r"""
fly secrets list -a «brand»-orders
NAME                   DIGEST                  CREATED AT
SQUARE_ACCESS_TOKEN    «hex16»        «num»h ago
""")

# ---- vendor-ish identifiers that are public -------------------------------
B(r"""
<script src="https://js.stripe.com/v3/"></script>
<script>const stripe = Stripe('«pkpub»');</script>
""")
B(r"""
Twilio Account SID «twsid» (auth token in Vault at «vaultpath»)
""")
B(r"""
age recipient for backups: «agepub»
""")
B(r"""
Stripe charge «pi» refunded by «person»
""")
B(r"""
OAuth client id for the booking widget: «gclient»
""")
B(r"""
JWKS: {"keys":[{"kty":"RSA","kid":"«kid»","use":"sig","alg":"RS256","n":"«b64_86»","e":"AQAB"}]}
""")
B(r"""
Authorization: Bearer <your-token>
""", 1)
B(r"""
X-Api-Key: YOUR_API_KEY_HERE
""", 1)
B(r"""
curl -u "$NVR_USER:$NVR_PASS" http://«ip»/ISAPI/System/deviceInfo
""")
B(r"""
Merchant account «windom»_POS, Adyen terminal serial «serial», POIID V400m-«dig9»
""")
B(r"""
Deliverect location id «hex24», channel link id «hex24_b»
""")
B(r"""
Uber Eats store id «uuid» (client secret stored as UBEREATS_CLIENT_SECRET)
""")
B(r"""
Shopify store «brand»-shop.myshopify.com, app API key (public) «hex32»
""")
B(r"""
Google Places place_id ChIJ«b64u23» for «Brand» «city»
""")
B(r"""
Meraki network id L_«dig18», serial Q2«up2»-«up4»-«up4_b»
""")
B(r"""
Wi-Fi QR for the guest network: WIFI:T:nopass;S:«Brand» Guest;;
""")

# ---- more look-alikes -----------------------------------------------------
B(r"""
«person»: die PIN fürs Terminal steht NICHT im Chat, die bekommt ihr beim Einlernen
""")
B(r"""
«person»: パスワードはチャットに書かないでください。店長から直接受け取ってください。
""")
B(r"""
«person»: wachtwoorden staan in de kluis-app, niet hier posten aub (ticket «num»)
""")
B(r"""
Policy (ES): la contraseña debe tener al menos «num» caracteres, una mayúscula y un número; se cambia cada 90 días.
""")
B(r"""
«ts» INFO  rotated credential for «envname» (old version «num» disabled, new version «num2»)
""")
B(r"""
«ts» INFO  idempotency-key=«uuid» POST /v2/payments 201
""")
B(r"""
«ts» DEBUG etag W/"«hex40»" matched, 304 for /api/stores/«store»/menu
""")
B(r"""
$ md5sum menu_board_«date».mp4
«md5»  menu_board_«date».mp4
""")
B(r"""
$ git show --stat «sha7»
commit «sha»
Author: «person» <«email»>
    kiosk: read admin exit PIN from config service instead of hard-coding it
""")
B(r"""
DB_PASSWORD=xxxxxxxxxxxx   # fill in locally, never commit
""", 1)
B(r"""
smtp_password: "********"  # masked by the config UI
""", 1)
B(r"""
«ts» INFO  NVR «serial» firmware V«ver» build «dig6», channel 2 motion event id «hex16»
""")
B(r"""
$ cat /etc/machine-id
«hex32»
""")
B(r"""
«ts» INFO  loyalty points credited member=«dig10» txn=«uuid» points=«num»
""")
B(r"""
kubectl get sealedsecret radius -o jsonpath='{.spec.encryptedData.shared_secret}' | head -c 40  # ciphertext only
""", 1)
B(r"""
Supplier portal account: «email» (password managed by «person», ask her, not in this doc)
""")
B(r"""
«person»: the signage CMS uses SSO now, no more shared login for the menu boards
""")
B(r"""
ALTER ROLE loyalty_rw VALID UNTIL '«date»';  -- password itself rotated by the Vault DB engine
""")
B(r"""
«ts» INFO  presigned URL generated for zreports/store«store»_«date».pdf (expires in 3600s, signature omitted from logs)
""")
B(r"""
$ stripe customers retrieve «cus» | jq -r .email
«email»
""")


def _build_benign():
    out = []
    seen = set()
    for tpl, n in _BT:
        for _ in range(n):
            s = _render(tpl, _Ctx())
            if s not in seen:
                seen.add(s)
                out.append(s)
    return out


BENIGN = _build_benign()
