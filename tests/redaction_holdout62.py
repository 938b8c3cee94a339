"""Blind hold-out corpus #62 for a secret-redaction engine.

What it is
----------
A self-contained test corpus of text fragments of the kind a coding agent
(Claude Code, Codex, Gemini CLI) saves as its working state: goals, running
notes, shell commands it ran, tool output, excerpts of files it opened,
decisions, chat messages pasted in by teammates, log lines and CI config.
Some fragments carry a credential that a redaction engine must remove; the
others only look secret-ish (hashes, ids, placeholders, masked values,
references to where a secret lives, prose about passwords) and must be left
alone.

Theme
-----
Developer teams in Eastern Europe, Russia and Central Asia, Turkey, the Middle
East and Africa, and the services they use every day: Yandex Cloud, VK Cloud,
Selectel, 1C:Enterprise, Bitrix24, amoCRM, Telegram bots, VK Teams, Turkish and
Gulf payment gateways (iyzico, PayTR, PayTabs, Tap, HyperPay, Moyasar, Telr,
N-Genius, Paymob, Fawry), Safaricom M-Pesa / Daraja, Flutterwave, Paystack,
MTN MoMo, Africa's Talking, Chapa, telebirr, PayDunya, CinetPay, Wave,
YooKassa, T-Bank, CloudPayments, LiqPay, monobank, Przelewy24, Zarinpal,
Kavenegar, Cardcom, PayPlus, local hosting panels (ISPmanager, Beget, REG.RU,
cPanel, HestiaCP, aaPanel, 3x-ui) and self-hosted VPN (WireGuard, Outline,
Xray). Notes and chats are written in Russian, Ukrainian, Polish, Turkish,
Arabic, Persian, Hebrew, Swahili, French, Amharic and English, with
right-to-left scripts and Cyrillic inside commands and configs.

Provenance
----------
Written blind, from general knowledge only: no existing corpus, rule set or
engine source was consulted, and no search tool or web page was used. Where
the real shape of a vendor's credential is known it is imitated (prefixes such
as ``sk_live_``, ``FLWSECK-``, ``y0_``, ``t1.``, ``AQVN``, ``vk1.a.``,
``glpat-``, ``ghp_``); where it is not known, a plausible shape was invented.
All hosts, people, companies, ids and values are fictitious and every value is
a fresh pseudo-random draw; none of them grants access to anything.

Layout
------
``SECRETS`` is a list of 5-tuples ``(group, format, text, secret, visible)``:

* ``group``   - one of ``command``, ``tool-output``, ``config-file``,
  ``source-code``, ``stack-trace-or-log``, ``note-or-chat``,
  ``ci-and-deploy``, ``vendor-token`` (about 187 entries each);
* ``format``  - kebab-case name of the shape; each is used at most 3 times;
* ``text``    - the fragment as the agent would have recorded it;
* ``secret``  - the exact substring of ``text`` that must not survive
  redaction (only the key body for PEM keys, only the signature for signed
  URLs, only the password for user:password pairs);
* ``visible`` - a substring of ``text`` that must remain readable, or "".

``BENIGN`` is a list of distinct strings, in the same groups and contexts,
that contain no credential but look secret-ish to a naive scanner.

Determinism
-----------
Every random value is drawn from ``_R = random.Random(SEED)`` at import time,
in a fixed order, so importing the module twice yields identical lists.
Nothing is printed at import.

Measured
--------
Blind: recall 0.888 (1,329 of 1,496) and false positives 57 of 950 (6.0%) with the engine at
that session's start. Tuned on since: 0.903 and 19 of 950.
"""

import base64
import json
import random
import re
import string

SEED = 62062062
_R = random.Random(SEED)

# ---------------------------------------------------------------------------
# primitive draws
# ---------------------------------------------------------------------------
_LO = string.ascii_lowercase
_UP = string.ascii_uppercase
_DG = string.digits
_AN = _LO + _UP + _DG
_LAN = _LO + _DG
_UAN = _UP + _DG
_BS = _AN + "+/"
_BU = _AN + "-_"


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _hex(n):
    return _s("0123456789abcdef", n)


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    return base64.b64encode(data).decode("ascii")


def _b64u(data, pad=False):
    if isinstance(data, str):
        data = data.encode("utf-8")
    out = base64.urlsafe_b64encode(data).decode("ascii")
    return out if pad else out.rstrip("=")


def _pick(seq):
    return _R.choice(seq)


def _dig(n):
    return str(_R.randint(1, 9)) + _s(_DG, n - 1)


def _uuid():
    h = _hex(32)
    h = h[:12] + "4" + h[13:16] + _pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _lines(s, width):
    return [s[i:i + width] for i in range(0, len(s), width)]


_PARAM = re.compile(r"^(hex|HEX|an|lan|uan|bs|bu|dig|lw|uw)(\d+)[a-z]?$")


def _param(kind, n):
    if kind == "hex":
        return _hex(n)
    if kind == "HEX":
        return _hex(n).upper()
    if kind == "an":
        return _s(_AN, n)
    if kind == "lan":
        return _s(_LAN, n)
    if kind == "uan":
        return _s(_UAN, n)
    if kind == "bs":
        return _s(_BS, n)
    if kind == "bu":
        return _s(_BU, n)
    if kind == "dig":
        return _dig(n)
    if kind == "lw":
        return _s(_LO, n)
    if kind == "uw":
        return _s(_UP, n)
    raise KeyError(kind)


# ---------------------------------------------------------------------------
# people, places, infrastructure
# ---------------------------------------------------------------------------
_COMPANIES = [
    "dukani", "tezkor", "sahara-pay", "bazarlar", "yolcu", "chapchap", "soko",
    "narxi", "karavan", "oasispay", "najm", "shamsi", "baraka-tech", "zerno",
    "kalyna-soft", "wisla-it", "bosphor", "kahvetech", "jumla", "pesabox",
    "tamu-foods", "lamu-cargo", "almaty-go", "samarqand-soft", "nil-logistics",
    "atlasdev", "medina-shop", "sokoni", "volga-trade", "ararat-it", "kilim",
    "dastarkhan", "tbilisoft", "nairobi-hub", "lagosmart", "akwaaba", "teranga",
    "habesha-apps", "sinai-soft", "gulf-rides",
]
_TLDS = [
    ".ru", ".kz", ".uz", ".com.tr", ".ae", ".sa", ".co.ke", ".ng", ".com.gh",
    ".co.za", ".ua", ".pl", ".ir", ".co.il", ".et", ".com.eg", ".ma", ".sn",
    ".by", ".az", ".ge", ".co.tz", ".ug", ".rw", ".qa", ".com.kw", ".om", ".jo",
    ".tn", ".kg", ".tj", ".am",
]
_SUBS = [
    "api", "db-01", "pg-master", "erp", "1c", "crm", "git", "ci", "vpn", "mail",
    "bitrix", "shop", "stage", "prod-app-2", "mq", "redis-01", "s3-gw", "panel",
    "srv1c", "billing", "pay", "bot", "admin", "portal", "sklad", "kassa",
    "backup", "monitor", "nexus", "registry",
]
_USERS = [
    "deploy", "admin", "ivan.petrov", "oksana.k", "mehmet", "app", "app_rw",
    "bitrix", "svc_1c", "backup", "ci", "ahmed", "reza", "noa", "juma",
    "moussa", "abebe", "kasia", "operator", "buh", "exchange", "obmen",
    "reporting", "etl", "dmitry", "taras", "elif", "khalid", "maryam", "yossi",
    "wanjiru", "fatou", "selam", "piotr", "aigerim", "timur", "rustam",
    "zeynep", "omar", "chidi", "kwame", "thabo",
]
_DBUSERS = [
    "app", "app_rw", "billing", "shop", "erp_user", "bitrix0", "odoo",
    "metabase", "grafana", "airflow", "crm_rw", "orders_svc", "bot", "reader",
    "payments", "wms", "backend", "analytics_ro",
]
_DBS = [
    "billing", "shop", "erp", "sitemanager", "crm", "orders", "analytics",
    "zup", "ut11", "payments", "bot", "wms", "delivery", "loyalty", "kassa",
    "marketplace", "hr", "sklad",
]
_BOT_A = ["zakaz", "tezkor", "sahara", "kahve", "soko", "duka", "pesa",
          "kassa", "sklad", "habesha", "teranga", "najm", "volga", "bazar"]
_BOT_B = ["notify", "alerts", "orders", "support", "pay", "deploy", "ops",
          "report", "otp", "news"]
_ORGS = ["dukani-dev", "tezkor-team", "sahara-pay", "zerno-it", "bosphor-labs",
         "pesabox", "habesha-apps", "kalyna-soft", "najm-tech", "teranga-dev"]
_REPOS = ["billing", "tg-bot", "erp-sync", "bitrix-crm-bridge", "mobile-app",
          "infra", "payments-gateway", "shop-backend", "amo-integration",
          "sms-service", "mpesa-stk", "courier-app"]


def _dom():
    return _pick(_COMPANIES) + _pick(_TLDS)


def _host():
    return _pick(_SUBS) + "." + _dom()


def _dbhost():
    r = _R.random()
    if r < 0.3:
        return "rc1%s-%s.mdb.yandexcloud.net" % (_pick("abd"), _s(_LAN, 16))
    if r < 0.4:
        return "c-%s.rw.mdb.yandexcloud.net" % _s(_LAN, 20)
    if r < 0.5:
        return "%s.dbaas.selcloud.ru" % _s(_LAN, 8)
    return _pick(["db-01", "pg-master", "pg-replica", "mysql-01", "db", "ch-01",
                  "mongo-02", "sql"]) + "." + _dom()


def _ip():
    r = _R.random()
    if r < 0.4:
        return "10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255), _R.randint(2, 254))
    if r < 0.7:
        return "192.168.%d.%d" % (_R.randint(0, 10), _R.randint(2, 254))
    return "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 255), _R.randint(2, 254))


def _pubip():
    return "%s.%d" % (_pick(["203.0.113", "198.51.100", "192.0.2"]), _R.randint(2, 254))


def _email():
    return _pick(_USERS).replace("_", ".") + "@" + _dom()


def _phone():
    return _pick([
        "+2547%s" % _s(_DG, 8), "+2348%s" % _s(_DG, 9), "+905%s" % _s(_DG, 9),
        "+2519%s" % _s(_DG, 8), "+2332%s" % _s(_DG, 8), "+2217%s" % _s(_DG, 8),
        "+79%s" % _s(_DG, 9), "+9665%s" % _s(_DG, 8), "+9715%s" % _s(_DG, 8),
        "+2557%s" % _s(_DG, 8), "+38067%s" % _s(_DG, 7), "+7701%s" % _s(_DG, 7),
    ])


def _ts():
    return "20%02d-%02d-%02dT%02d:%02d:%02dZ" % (
        _R.randint(23, 25), _R.randint(1, 12), _R.randint(1, 28),
        _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def _date():
    return "20%02d-%02d-%02d" % (_R.randint(23, 25), _R.randint(1, 12), _R.randint(1, 28))


_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
           "Oct", "Nov", "Dec"]


def _nginxts():
    return "%02d/%s/20%02d:%02d:%02d:%02d %s" % (
        _R.randint(1, 28), _pick(_MONTHS), _R.randint(23, 25), _R.randint(0, 23),
        _R.randint(0, 59), _R.randint(0, 59), _pick(["+0300", "+0000", "+0200", "+0330", "+0400"]))


def _ts14():
    return "20%02d%02d%02d%02d%02d%02d" % (
        _R.randint(23, 25), _R.randint(1, 12), _R.randint(1, 28),
        _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def _ver():
    return "%d.%d.%d" % (_R.randint(0, 4), _R.randint(0, 30), _R.randint(0, 20))


def _wgkey():
    return _b64(_rbytes(32))


def _colonhex():
    return ":".join(_hex(2).upper() for _ in range(32))


# ---------------------------------------------------------------------------
# passwords people choose
# ---------------------------------------------------------------------------
_W_RU = ["moskva", "kotik", "solnce", "zvezda", "medved", "vesna", "leto",
         "zima", "dacha", "bereza", "kalinka", "matreshka", "sobaka", "volga",
         "baikal", "pelmeni", "samovar", "rybka", "lastochka", "ogonek"]
_W_UK = ["kozak", "kalyna", "sonechko", "dnipro", "karpaty", "varenyky",
         "zirka", "lelka", "verba", "chornobryvtsi"]
_W_PL = ["kasztan", "zubr", "pierogi", "wisla", "krakow", "gdansk",
         "bursztyn", "jezioro", "sowa", "kotek", "mazury"]
_W_TR = ["galatasaray", "fenerbahce", "besiktas", "istanbul", "ankara",
         "kedi", "kopek", "gunes", "deniz", "yildiz", "bulut", "simit",
         "lokum", "kapadokya", "trabzon"]
_W_SW = ["simba", "jambo", "hakuna", "matata", "twiga", "tembo", "rafiki",
         "kilimanjaro", "nyota", "mvua", "safari", "duma", "kiboko", "pwani"]
_W_AR = ["falcon", "sahara", "nakhla", "qamar", "shams", "bahr", "najma",
         "ghazal", "sultan", "layla", "zaytun", "dubai", "riyadh", "petra"]
_W_FA = ["shiraz", "esfahan", "golnar", "setareh", "parvaz", "khorshid",
         "anar", "tabriz", "baran"]
_W_EN = ["dragon", "monkey", "sunshine", "shadow", "winter", "coffee",
         "tiger", "orange", "rocket", "silver", "pirate", "matrix", "phoenix",
         "panda", "mango", "falcon", "summer", "lion", "eagle", "harbor"]
_W_ALL = _W_RU + _W_UK + _W_PL + _W_TR + _W_SW + _W_AR + _W_FA + _W_EN
# Russian words typed on an English keyboard layout
_W_LAYOUT = ["Gfhjkm", "Ghbdtn", "Vjcrdf", "Flvby", "Rjirf", "Cjkywt",
             "Ntktajy", "Ckjy", "Vfibyf", "Gbnth", "Rfkbyf", "Ctyz"]
_W_CYR = ["Зима", "Котик", "Солнце", "Пароль", "Бухгалтер", "Весна", "Берёза",
          "Мурзик", "Калина", "Сонечко", "Ромашка", "Медведь", "Ласточка",
          "Снежинка", "Главбух", "Ялинка"]
_W_TRD = ["Güneş", "Çiçek", "Şeker", "Kuşadası", "Bülbül", "Göktürk",
          "Ölüdeniz", "Işık"]
_SYM = "!@%^*_-+=.?"
_SYMU = "_-.~"
_NAMES_LAT = ["Ayse", "Mehmet", "Oksana", "Dmitry", "Wanjiru", "Fatou",
              "Khalid", "Noa", "Reza", "Abebe", "Kasia", "Aigerim", "Chidi"]


def _cap(w):
    return w[:1].upper() + w[1:]


def _leet(w):
    table = {"a": "@", "o": "0", "e": "3", "i": "1", "s": "5"}
    return "".join(table.get(c, c) if _R.random() < 0.6 else c for c in w)


def _pron(n):
    cons = "bdfgklmnprstvz"
    vow = "aeiou"
    return "".join(_pick(cons) + _pick(vow) for _ in range(n))


def _pw_human(syms=_SYM):
    k = _R.randint(0, 9)
    if k == 0:
        return _cap(_pick(_W_ALL)) + str(_R.randint(1970, 2025)) + _pick(syms)
    if k == 1:
        return _pick(_W_ALL) + _pick(syms) + _pick(_W_ALL) + str(_R.randint(1, 99))
    if k == 2:
        return _pick(_W_LAYOUT) + _pick(syms) + str(_R.randint(100, 2025))
    if k == 3:
        return _cap(_leet(_pick(_W_ALL))) + str(_R.randint(10, 99)) + _pick(syms)
    if k == 4:
        return _cap(_pick(_COMPANIES).split("-")[0]) + _pick("@_.") + str(_R.randint(2019, 2026))
    if k == 5:
        return "%s.%02d.%02d.%d" % (_pick(_NAMES_LAT), _R.randint(1, 28), _R.randint(1, 12), _R.randint(1965, 2005))
    if k == 6:
        return _pron(_R.randint(3, 5)) + str(_R.randint(10, 999))
    if k == 7:
        return _cap(_pick(_W_ALL)) + _pick(syms) + _cap(_pick(_W_ALL)) + _pick(syms) + str(_R.randint(1, 9))
    if k == 8:
        return _s(_AN, _R.randint(8, 12)) + _pick(syms) + _s(_DG, 2)
    return _cap(_pron(2)) + _pick(syms) + _s(_AN, 6) + _pick(syms)


def _pw_strong(n=None, syms=_SYM):
    n = n or _R.randint(16, 24)
    out = [_pick(_LO), _pick(_UP), _pick(_DG), _pick(syms)]
    out += [_pick(_AN + syms) for _ in range(n - 4)]
    _R.shuffle(out)
    return "".join(out)


def _pw():
    return _pw_strong() if _R.random() < 0.3 else _pw_human()


def _pwu():
    return _pw_strong(syms=_SYMU) if _R.random() < 0.4 else _pw_human(_SYMU)


def _pwp():
    words = [_pick(_W_ALL) for _ in range(_R.randint(3, 5))]
    sep = _pick([" ", " ", "-", ".", "_"])
    return sep.join(words) + (str(_R.randint(1, 99)) if _R.random() < 0.5 else "")


def _pwc():
    k = _R.randint(0, 3)
    if k == 0:
        return _pick(_W_CYR) + str(_R.randint(1990, 2025)) + _pick("!_.*")
    if k == 1:
        return _pick(_W_CYR).lower() + "_" + _pick(_W_CYR) + str(_R.randint(1, 99))
    if k == 2:
        return _pick(_W_TRD) + _pick(".!*") + str(_R.randint(10, 9999))
    return _pick(_W_CYR) + _pick(_W_CYR) + _s(_DG, 3)


def _pwshort():
    while True:
        v = _pw_human()
        if 8 <= len(v) <= 14:
            return v


# ---------------------------------------------------------------------------
# vendor-shaped values
# ---------------------------------------------------------------------------
def _tg_bot(bot_id=None):
    return "%s:AA%s" % (bot_id or _dig(10), _s(_BU, 33))


def _yc_iam():
    return "t1.9euelZ" + _s(_BU, _R.randint(150, 190)) + "." + _s(_BU, 86)


def _yc_oauth():
    return "y0_Ag" + _s(_AN, 3) + "AAAA" + _s(_BU, 46)


def _yc_api():
    return "AQVN" + _s(_BU, 36)


def _yc_sak_id():
    return "YCAJE" + _s(_BU, 20)


def _yc_sak():
    return "YC" + _s(_BU, 38)


def _jwt(alg="HS256", payload=None, kid=None):
    head = {"alg": alg, "typ": "JWT"}
    if kid:
        head["kid"] = kid
    if payload is None:
        now = _R.randint(1700000000, 1760000000)
        payload = {"sub": _dig(6), "role": _pick(["admin", "service", "bot", "merchant"]),
                   "iat": now, "exp": now + _pick([3600, 86400, 2592000])}
    enc = lambda d: _b64u(json.dumps(d, separators=(",", ":"), ensure_ascii=False))
    nsig = {"HS256": 32, "HS512": 64, "ES256": 64, "RS256": 256, "RS512": 256}[alg]
    return enc(head) + "." + enc(payload) + "." + _b64u(_rbytes(nsig))


def _jwt_amo():
    now = _R.randint(1700000000, 1760000000)
    return _jwt("RS256", {"aud": _uuid(), "jti": _hex(80), "iat": now, "nbf": now,
                          "exp": now + 157680000, "sub": _dig(8), "grant_type": "",
                          "account_id": int(_dig(8)), "base_domain": "amocrm.ru",
                          "version": 2, "scopes": ["crm", "files", "notifications"]},
                kid=None)


def _jwt_wb():
    now = _R.randint(1700000000, 1760000000)
    return _jwt("ES256", {"ent": 1, "exp": now + 15552000, "id": _uuid(), "iid": int(_dig(8)),
                          "oid": int(_dig(7)), "s": 1073741822, "sid": _uuid(), "t": False,
                          "uid": int(_dig(8))}, kid=_dig(8) + "v1")


def _jwt_generic():
    return _jwt(_pick(["HS256", "RS256", "HS512"]))


def _jwt_timeweb():
    now = _R.randint(1700000000, 1760000000)
    return _jwt("RS512", {"login": "cl" + _dig(6), "is_api": True, "api_key_id": _uuid(),
                          "iat": now}, kid="1")


def _hyperpay():
    return _b64(_hex(32) + "|" + _s(_AN, 10) + _pick(["=", "", "#", "?"]))


def _paytabs():
    return "S" + _s(_UAN, 9) + "-" + _s(_UAN, 10) + "-" + _s(_UAN, 10)


def _paymob_key():
    return _b64(_jwt("HS512", {"class": "Merchant", "profile_pk": int(_dig(6)), "name": "initial"}))


def _pem_ec():
    der = bytes.fromhex("30770201010420") + _rbytes(32) + \
        bytes.fromhex("a00a06082a8648ce3d030107a144034200") + b"\x04" + _rbytes(64)
    return "\n".join(_lines(_b64(der), 64))


def _pem_rsa1024():
    der = bytes.fromhex("3082025c02010002818100") + _rbytes(596)
    return "\n".join(_lines(_b64(der), 64))


def _pem_pkcs8(sep="\n"):
    der = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100") + _rbytes(1180)
    return sep.join(_lines(_b64(der), 64))


def _pem_pkcs8_esc():
    return _pem_pkcs8("\\n")


def _openssh_body():
    blob = (b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00"
            b"\x00\x00\x00\x01\x00\x00\x003\x00\x00\x00\x0bssh-ed25519\x00\x00\x00 ")
    blob += _rbytes(32) + b"\x00\x00\x00\x88" + _rbytes(4) * 2 + \
        b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00 " + _rbytes(32) + b"\x00\x00\x00@" + _rbytes(64) + \
        b"\x00\x00\x00\x0edeploy@ci-run\x01\x02\x03\x04\x05"
    return "\n".join(_lines(_b64(blob), 70))


def _ovpn_static():
    return "\n".join(_hex(32) for _ in range(16))


def _telethon():
    return "1" + _b64u(_rbytes(263), pad=True)


def _ss_userinfo():
    return _b64u(_pick(["chacha20-ietf-poly1305", "aes-256-gcm", "aes-128-gcm"]) + ":" + _s(_AN, 22))


def _mtproto_secret():
    dom = _pick(["www.google.com", "cdn.yandex.net", "ya.ru", "www.bing.com", "vk.com"])
    return "ee" + _hex(32) + dom.encode().hex()


_G = {
    "host": _host, "dbhost": _dbhost, "dom": _dom, "ip": _ip, "pubip": _pubip, "email": _email,
    "phone": _phone, "ts": _ts, "date": _date, "nginxts": _nginxts, "ts14": _ts14,
    "ver": _ver, "uuid": _uuid, "wgpub": _wgkey, "colonhex": _colonhex,
    "user": lambda: _pick(_USERS), "dbuser": lambda: _pick(_DBUSERS),
    "db": lambda: _pick(_DBS), "org": lambda: _pick(_ORGS), "repo": lambda: _pick(_REPOS),
    "botname": lambda: "%s_%s_bot" % (_pick(_BOT_A), _pick(_BOT_B)),
    "chatid": lambda: "-100" + _dig(10),
    "folder": lambda: "b1g" + _s(_LAN, 17), "cloudid": lambda: "b1g" + _s(_LAN, 17),
    "said": lambda: "aje" + _s(_LAN, 17), "keyid": lambda: "aje" + _s(_LAN, 17),
    "crid": lambda: "crp" + _s(_LAN, 17),
    "portal": lambda: _pick(["b24-" + _s(_LAN, 6), _pick(_COMPANIES).replace("-", ""), "crm-" + _s(_LO, 5)]),
    "amo": lambda: _pick(_COMPANIES).replace("-", "") + _s(_DG, 2),
    "bucket": lambda: _pick(_COMPANIES) + "-" + _pick(["backups", "media", "static", "logs", "exports", "1c-dumps"]),
    "atuser": lambda: _pick(["sandbox", "dukani", "sokoni_sms", "pesabox", "tamu_otp"]),
    "port": lambda: str(_pick([2222, 8443, 54321, 8080, 2053, 8888, 10443, 4433, 9443, 2087])),
    "ver1c": lambda: "8.3.%d.%d" % (_R.randint(20, 25), _R.randint(1000, 1999)),
    "sha7": lambda: _hex(7), "sha40": lambda: _hex(40),
    "botid": lambda: _dig(10),
    "yc_sak_id": _yc_sak_id, "vkc_ak": lambda: _s(_AN, 22),
    "b64pub": lambda: _b64u(_rbytes(32)),
    # password styles
    "pw": _pw, "pwu": _pwu, "pwp": _pwp, "pwc": _pwc, "pwr": _pw_strong,
    "pwh": _pw_human, "pwshort": _pwshort,
    # vendor secrets
    "tg_bot": _tg_bot, "yc_iam": _yc_iam, "yc_oauth": _yc_oauth, "yc_api": _yc_api,
    "yc_sak": _yc_sak,
    "vk_token": lambda: "vk1.a." + _s(_BU, _R.randint(170, 200)),
    "vk_teams": lambda: "001.%s.%s:%s" % (_dig(10), _dig(10), _dig(9)),
    "selectel_token": lambda: _hex(27) + "_" + _dig(6),
    "bitrix_code": lambda: _s(_LAN, 16),
    "bitrix_auth": lambda: _hex(8) + "00" + _hex(6) + "0000000" + _dig(3) + "0000" + _hex(30),
    "amo_secret": lambda: _s(_AN, 64),
    "amo_refresh": lambda: "def50200" + _hex(_R.randint(300, 360)),
    "jwt": _jwt_generic, "jwt_amo": _jwt_amo, "jwt_wb": _jwt_wb, "jwt_tw": _jwt_timeweb,
    "iyzi_sandbox": lambda: "sandbox-" + _s(_AN, 32), "iyzi_live": lambda: _s(_AN, 32),
    "paytabs": _paytabs,
    "tap_sk": lambda: _pick(["sk_live_", "sk_test_"]) + _s(_AN, 24),
    "hyperpay": _hyperpay,
    "daraja_key": lambda: _s(_AN, 48), "daraja_secret": lambda: _s(_AN, 64),
    "daraja_passkey": lambda: _hex(64), "daraja_token": lambda: _s(_AN, 28),
    "daraja_cred": lambda: _b64(_rbytes(256)),
    "flw_sec": lambda: _pick(["FLWSECK-", "FLWSECK_TEST-"]) + _hex(32) + "-X",
    "flw_enc": lambda: _pick(["FLWSECK_TEST", "FLWSECK"]) + _hex(12),
    "paystack_sk": lambda: _pick(["sk_live_", "sk_test_"]) + _hex(40),
    "momo_key": lambda: _hex(32),
    "at_key": lambda: "atsk_" + _hex(64),
    "yookassa": lambda: _pick(["live_", "test_"]) + _s(_BU, 43),
    "ghp": lambda: "ghp_" + _s(_AN, 36), "ghs": lambda: "ghs_" + _s(_AN, 36),
    "gh_fine": lambda: "github_pat_11" + _s(_UAN, 20) + "_" + _s(_AN, 59),
    "glpat": lambda: "glpat-" + _s(_BU, 20), "glrt": lambda: "glrt-" + _s(_BU, 20),
    "glptt": lambda: "glptt-" + _hex(40),
    "npm_tok": lambda: "npm_" + _s(_AN, 36),
    "sonar": lambda: "sqp_" + _hex(40),
    "sentry_tok": lambda: "sntrys_" + _b64u(json.dumps({"iat": _R.randint(1700000000, 1760000000), "url": "https://sentry.io", "region_url": "https://de.sentry.io", "org": _pick(_ORGS)})) + "_" + _s(_BS, 43),
    "wgkey": _wgkey, "reality": lambda: _b64u(_rbytes(32)),
    "pem_ec": _pem_ec, "pem_rsa": _pem_rsa1024, "pem_pkcs8": _pem_pkcs8,
    "pem_pkcs8_esc": _pem_pkcs8_esc, "ssh_body": _openssh_body, "ovpn": _ovpn_static,
    "telethon": _telethon, "ss_userinfo": _ss_userinfo, "mtproto": _mtproto_secret,
    "django_key": lambda: "django-insecure-" + _s(_LAN + "!@#%^&*(-_=+)", 50) if _R.random() < 0.4 else _s(_LAN + "!@#%^&*(-_=+)", 50),
    "laravel_key": lambda: _b64(_rbytes(32)),
    "wp_salt": lambda: _s(_AN + "!@#%^&*()-_=+[]{};:<>,.?~|", 64),
    "kubeadm": lambda: _s(_LAN, 6) + "." + _s(_LAN, 16),
    "liqpay": lambda: "sandbox_" + _s(_AN, 40),
    "mono": lambda: "u" + _s(_BU, 43),
    "kavenegar": lambda: _s(_UAN, 86),
    "termii": lambda: "TL" + _s(_AN, 60),
    "chapa": lambda: _pick(["CHASECK_TEST-", "CHASECK-"]) + _s(_AN, 32),
    "paydunya_master": lambda: "%s-%s-%s-%s-%s" % (_s(_AN, 8), _s(_AN, 4), _s(_AN, 4), _s(_AN, 4), _s(_AN, 12)),
    "paydunya_priv": lambda: _pick(["test_private_", "live_private_"]) + _s(_AN, 30),
    "cinetpay": lambda: _dig(12) + _hex(12) + "." + _dig(8),
    "wave": lambda: _pick(["wave_sn_prod_", "wave_ci_prod_", "wave_sn_test_"]) + _s(_BU, 40),
    "moyasar": lambda: _pick(["sk_live_", "sk_test_"]) + _s(_AN, 40),
    "checkout": lambda: "sk_sbox_" + _s(_LAN, 26),
    "paymob_key": _paymob_key,
    "paymob_sk": lambda: _pick(["egy_sk_test_", "egy_sk_live_", "are_sk_live_"]) + _hex(64),
    "payme": lambda: _s(_AN + "#?&@%", 32),
    "ngenius": lambda: _b64(_uuid() + ":" + _uuid()),
    "gigachat": lambda: _b64(_uuid() + ":" + _uuid()),
    "dotenv_key": lambda: "key_" + _hex(64),
    "xray_uuid": _uuid, "outline_prefix": lambda: _s(_BU, 22),
    "svc": lambda: _pick(["zakaz-bot", "sklad-sync", "mpesa-stk", "amo-bridge", "kassa", "courier-api", "otp-sender", "1c-exchange", "bitrix-hooks", "pricing", "payouts", "loyalty", "notify", "reports", "geo", "media", "checkout", "billing", "crm-sync", "sms-gw", "wms", "search", "auth", "invoices", "telebirr-pay", "paystack-hooks", "iyzico-3ds", "tap-charges"]),
}


def _gen(name):
    if name in _G:
        return _G[name]()
    m = _PARAM.match(name)
    if m:
        return _param(m.group(1), int(m.group(2)))
    raise KeyError("unknown placeholder %r" % name)


# ---------------------------------------------------------------------------
# template engine: «name» is a placeholder, «S» the secret, «LEN» its length
# ---------------------------------------------------------------------------
_PH = re.compile(r"«([A-Za-z_][A-Za-z0-9_]*)»")
_USED = set()


class _Ctx(object):
    def __init__(self):
        self.memo = {}

    def __call__(self, name):
        if name not in self.memo:
            self.memo[name] = _gen(name)
        return self.memo[name]

    def render(self, tmpl):
        return _PH.sub(lambda m: self(m.group(1)), tmpl)


_TEMPLATES = []


_DB_HINTS = ("psql", "postgres", "jdbc:", ":6432", ":5432", ":3306", "clickhouse",
             "new Pool(", "psycopg", "Npgsql", "mongodb", "mysql", "pgpass", "sqlalchemy",
             "PG::", "PGPASSWORD", "MSSQL", "Initial Catalog")


def t(group, fmt, tmpl, sec, vis=""):
    if any(h in tmpl for h in _DB_HINTS):
        tmpl = tmpl.replace("«host»", "«dbhost»")
        vis = vis.replace("«host»", "«dbhost»")
    _TEMPLATES.append((group, fmt, tmpl, sec, vis))


CMD = "command"
OUT = "tool-output"
CFG = "config-file"
SRC = "source-code"
LOG = "stack-trace-or-log"
NOTE = "note-or-chat"
CI = "ci-and-deploy"
VEN = "vendor-token"


def _basic(u, p):
    return _b64(u + ":" + p)


# ===========================================================================
# command: shell commands the agent ran (or was told to run)
# ===========================================================================
t(CMD, "pgpassword-env-psql",
  "PGPASSWORD='«S»' psql -h «host» -p 6432 -U «dbuser» -d «db» -c '\\dt+ public.*'",
  "pw", "psql -h «host»")
t(CMD, "mysql-p-attached-flag",
  "mysql -h «ip» -u «dbuser» -p'«S»' «db» < dump_«date».sql",
  "pw", "«db» < dump_«date».sql")
t(CMD, "mysqldump-password-long-flag",
  "mysqldump --host=«host» --user=bitrix0 --password=«S» --single-transaction sitemanager | gzip > /backup/bitrix_«date».sql.gz",
  "pwu", "mysqldump --host=«host»")
t(CMD, "curl-user-colon-password",
  "curl -sS -u «user»:«S» https://«host»/api/v1/health | jq .",
  "pwu", "https://«host»/api/v1/health")
t(CMD, "curl-telegram-sendmessage",
  "curl -s \"https://api.telegram.org/bot«S»/sendMessage\" -d chat_id=«chatid» -d text=\"Деплой прошёл ✅\"",
  "tg_bot", "api.telegram.org")
t(CMD, "curl-yc-compute-iam-bearer",
  "curl -s -H \"Authorization: Bearer «S»\" \"https://compute.api.cloud.yandex.net/compute/v1/instances?folderId=«folder»\"",
  "yc_iam", "folderId=«folder»")
t(CMD, "yc-config-set-token",
  "yc config profile create prod-ru && yc config set token «S» && yc config set folder-id «folder»",
  "yc_oauth", "yc config set folder-id «folder»")
t(CMD, "docker-login-cr-yandex-stdin",
  "echo «S» | docker login --username oauth --password-stdin cr.yandex",
  "yc_oauth", "docker login --username oauth")
t(CMD, "docker-login-password-flag",
  "docker login -u «user» -p '«S»' registry.«dom»",
  "pw", "registry.«dom»")
t(CMD, "redis-cli-auth-flag",
  "redis-cli -h «ip» -p 6379 -a '«S»' --no-auth-warning INFO keyspace",
  "pw", "INFO keyspace")
t(CMD, "mongosh-uri-with-password",
  "mongosh \"mongodb://«dbuser»:«S»@«host»:27017/«db»?authSource=admin&tls=true\"",
  "pwu", "authSource=admin")
t(CMD, "sshpass-p-root",
  "sshpass -p '«S»' ssh -o StrictHostKeyChecking=no root@«pubip» 'systemctl restart nginx php8.2-fpm'",
  "pw", "root@«pubip»")
t(CMD, "aws-cli-yandex-storage-env",
  "AWS_ACCESS_KEY_ID=«yc_sak_id» AWS_SECRET_ACCESS_KEY=«S» aws --endpoint-url=https://storage.yandexcloud.net s3 ls s3://«bucket»/",
  "yc_sak", "storage.yandexcloud.net")
t(CMD, "export-daraja-consumer-secret",
  "export MPESA_ENV=sandbox\nexport MPESA_SHORTCODE=174379\nexport MPESA_CONSUMER_SECRET=«S»\nnode scripts/stk_push.js «phone» 10",
  "daraja_secret", "MPESA_SHORTCODE=174379")
t(CMD, "curl-daraja-oauth-basic",
  "curl -s -X GET 'https://sandbox.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials' -H 'Authorization: Basic «S»'",
  lambda g: _basic(g("daraja_key"), g("daraja_secret")), "grant_type=client_credentials")
t(CMD, "curl-paystack-verify-bearer",
  "curl https://api.paystack.co/transaction/verify/ord_«dig8» -H \"Authorization: Bearer «S»\" -X GET",
  "paystack_sk", "api.paystack.co/transaction/verify")
t(CMD, "curl-flutterwave-payments",
  "curl --request POST --url https://api.flutterwave.com/v3/payments \\\n  --header 'Authorization: Bearer «S»' \\\n  --header 'Content-Type: application/json' \\\n  --data '{\"tx_ref\":\"lagos-«dig8»\",\"amount\":\"7500\",\"currency\":\"NGN\",\"redirect_url\":\"https://«dom»/thanks\"}'",
  "flw_sec", "api.flutterwave.com/v3/payments")
t(CMD, "httpie-tap-charge",
  "http POST https://api.tap.company/v2/charges Authorization:\"Bearer «S»\" amount:=12.5 currency=KWD source:='{\"id\":\"src_all\"}'",
  "tap_sk", "api.tap.company/v2/charges")
t(CMD, "curl-paytabs-server-key-header",
  "curl --request POST --url https://secure.paytabs.sa/payment/request \\\n  --header 'authorization: «S»' \\\n  --header 'content-type: application/json' \\\n  --data '{\"profile_id\": «dig5», \"tran_type\": \"sale\", \"cart_amount\": 99.0, \"cart_currency\": \"SAR\"}'",
  "paytabs", "secure.paytabs.sa/payment/request")
t(CMD, "curl-hyperpay-checkouts",
  "curl https://eu-test.oppwa.com/v1/checkouts -d \"entityId=«hex32»\" -d \"amount=92.00\" -d \"currency=SAR\" -d \"paymentType=DB\" -H \"Authorization: Bearer «S»\"",
  "hyperpay", "entityId=«hex32»")
t(CMD, "curl-momo-create-api-user",
  "curl -X POST https://sandbox.momodeveloper.mtn.com/v1_0/apiuser -H \"X-Reference-Id: «uuid»\" -H \"Ocp-Apim-Subscription-Key: «S»\" -d '{\"providerCallbackHost\": \"«dom»\"}'",
  "momo_key", "X-Reference-Id: «uuid»")
t(CMD, "curl-momo-token-basic-u",
  "curl -X POST https://sandbox.momodeveloper.mtn.com/collection/token/ -u «uuid»:«S» -H \"Ocp-Apim-Subscription-Key: $MOMO_SUB_KEY\"",
  "momo_key", "$MOMO_SUB_KEY")
t(CMD, "curl-africastalking-sms",
  "curl -X POST https://api.africastalking.com/version1/messaging -H \"Accept: application/json\" -H \"apiKey: «S»\" -d \"username=«atuser»&to=«phone»&message=Nambari yako ya OTP ni «dig6»\"",
  "at_key", "username=«atuser»")
t(CMD, "git-clone-oauth2-token-url",
  "git clone https://oauth2:«S»@gitlab.«dom»/backend/billing.git",
  "glpat", "gitlab.«dom»/backend/billing.git")
t(CMD, "git-remote-set-url-pat",
  "git remote set-url origin https://«user»:«S»@github.com/«org»/«repo».git && git push -u origin main",
  "ghp", "github.com/«org»/«repo».git")
t(CMD, "npm-config-set-authtoken",
  "npm config set //npm.«dom»/:_authToken «S» && npm publish --registry https://npm.«dom»/",
  "npm_tok", "npm publish --registry")
t(CMD, "pip-install-index-url-creds",
  "pip install -i https://«user»:«S»@nexus.«dom»/repository/pypi/simple/ internal-sdk==«ver»",
  "pwu", "internal-sdk==«ver»")
t(CMD, "kubectl-create-secret-from-literal",
  "kubectl -n payments create secret generic paystack --from-literal=PAYSTACK_SECRET_KEY=«S» --dry-run=client -o yaml | kubectl apply -f -",
  "paystack_sk", "kubectl -n payments create secret generic paystack")
t(CMD, "helm-set-postgres-password",
  "helm upgrade --install pg bitnami/postgresql -n db --set auth.postgresPassword='«S»' --set primary.persistence.size=50Gi",
  "pw", "bitnami/postgresql")
t(CMD, "vault-kv-put-api-secret",
  "vault kv put secret/billing/cloudpayments public_id=pk_«hex29» api_secret=«S»",
  "hex32", "secret/billing/cloudpayments")
t(CMD, "clickhouse-client-password-flag",
  "clickhouse-client --host «host» --secure --port 9440 --user «dbuser» --password '«S»' --query \"SELECT count() FROM events WHERE date = today()\"",
  "pw", "--user «dbuser»")
t(CMD, "mikrotik-ssh-user-add",
  "ssh admin@«ip» '/user add name=«user» group=full password=«S» comment=\"офис Алматы\"'",
  "pwu", "/user add name=«user»")
t(CMD, "openssl-passout-pass",
  "openssl pkcs12 -export -in cert.pem -inkey key.pem -out kassa.p12 -name kassa -passout pass:«S»",
  "pwu", "-out kassa.p12")
t(CMD, "1cv8-designer-dump-ib",
  "\"C:\\Program Files\\1cv8\\«ver1c»\\bin\\1cv8.exe\" DESIGNER /S srv1c\\buh /N \"Администратор\" /P \"«S»\" /DumpIB C:\\backup\\buh_«date».dt",
  "pwc", "/DumpIB C:\\backup\\buh_«date».dt")
t(CMD, "rac-infobase-create-db-pwd",
  "rac infobase --cluster=«uuid» create --name=zup --dbms=PostgreSQL --db-server=«ip» --db-name=zup --locale=ru --db-user=postgres --db-pwd=«S» --create-database",
  "pwu", "--db-server=«ip»")
t(CMD, "wget-user-password-flags",
  "wget --user=«user» --password='«S»' https://«host»/exports/1c/obmen_«date».xml -O /tmp/obmen.xml",
  "pw", "/tmp/obmen.xml")
t(CMD, "rsync-password-env",
  "RSYNC_PASSWORD='«S»' rsync -avz --delete /var/www/ backup@«ip»::www/",
  "pw", "backup@«ip»::www/")
t(CMD, "smbclient-domain-user-percent",
  "smbclient //«ip»/1c_base -U 'BUH\\«user»%«S»' -c 'ls; get 1Cv8.1CD'",
  "pwu", "//«ip»/1c_base")
t(CMD, "mount-cifs-password-option",
  "sudo mount -t cifs //«ip»/share /mnt/share -o username=«user»,password=«S»,vers=3.0,iocharset=utf8",
  "pwu", "/mnt/share")
t(CMD, "lftp-user-comma-password",
  "lftp -u «user»,'«S»' ftp://«host» -e \"mirror -R ./dist /public_html; bye\"",
  "pw", "mirror -R ./dist /public_html")
t(CMD, "psql-conninfo-keyword-password",
  "psql \"host=«host» port=6432 dbname=«db» user=«dbuser» password=«S» sslmode=verify-full target_session_attrs=read-write\"",
  "pwu", "target_session_attrs=read-write")
t(CMD, "pg-dump-url-yandex-mdb",
  "pg_dump postgresql://«dbuser»:«S»@c-«lan20».rw.mdb.yandexcloud.net:6432/«db» -Fc -f «db»_«date».dump",
  "pwu", "-Fc -f «db»_«date».dump")
t(CMD, "gh-secret-set-body",
  "gh secret set TELEGRAM_BOT_TOKEN --body \"«S»\" -R «org»/«repo»",
  "tg_bot", "gh secret set TELEGRAM_BOT_TOKEN")
t(CMD, "dokku-config-set-inline",
  "dokku config:set --no-restart shop FLW_SECRET_KEY=«S» FLW_ENV=live",
  "flw_sec", "dokku config:set --no-restart shop")
t(CMD, "yc-lockbox-add-version-payload",
  "yc lockbox secret add-version --name smtp-noreply --payload '[{\"key\":\"password\",\"text_value\":\"«S»\"}]'",
  "pw", "yc lockbox secret add-version --name smtp-noreply")
t(CMD, "python-c-telebot-oneliner",
  "python3 -c \"import telebot; telebot.TeleBot('«S»').send_message(«chatid», 'ping from «host»')\"",
  "tg_bot", "send_message(«chatid»")
t(CMD, "htpasswd-batch-mode",
  "sudo htpasswd -b -c /etc/nginx/.htpasswd «user» '«S»' && sudo nginx -s reload",
  "pw", "/etc/nginx/.htpasswd")
t(CMD, "echo-chpasswd",
  "echo '«user»:«S»' | sudo chpasswd && sudo usermod -aG sudo «user»",
  "pw", "sudo usermod -aG sudo «user»")
t(CMD, "mysql-e-create-user-identified-by",
  "mysql -uroot -e \"CREATE USER 'bitrix0'@'localhost' IDENTIFIED BY '«S»'; GRANT ALL ON sitemanager.* TO 'bitrix0'@'localhost'; FLUSH PRIVILEGES;\"",
  "pw", "GRANT ALL ON sitemanager.*")
t(CMD, "rabbitmqctl-add-user",
  "rabbitmqctl add_user «user» '«S»' && rabbitmqctl set_permissions -p / «user» \".*\" \".*\" \".*\"",
  "pw", "rabbitmqctl set_permissions")
t(CMD, "echo-ansible-vault-pass-file",
  "echo '«S»' > ~/.vault_pass && chmod 600 ~/.vault_pass && ansible-playbook -i inventories/prod site.yml --vault-password-file ~/.vault_pass",
  "pwp", "inventories/prod site.yml")
t(CMD, "windows-net-use-positional",
  "net use Z: \\\\«ip»\\obmen /user:BUH\\«user» «S» /persistent:yes",
  "pwu", "\\\\«ip»\\obmen")
t(CMD, "powershell-convertto-securestring",
  "$pw = ConvertTo-SecureString '«S»' -AsPlainText -Force; New-LocalUser -Name «user» -Password $pw -PasswordNeverExpires",
  "pw", "New-LocalUser -Name «user»")
t(CMD, "curl-cookie-phpsessid-bitrix",
  "curl -s -b 'PHPSESSID=«S»; BITRIX_SM_SALE_UID=«dig6»' https://«host»/bitrix/admin/sale_order.php?lang=ru",
  "lan26", "/bitrix/admin/sale_order.php")
t(CMD, "curl-yandex-disk-oauth-header",
  "curl -s -H \"Authorization: OAuth «S»\" \"https://cloud-api.yandex.net/v1/disk/resources?path=app:/backup&limit=100\"",
  "yc_oauth", "cloud-api.yandex.net/v1/disk/resources")
t(CMD, "curl-yandexgpt-api-key-header",
  "curl -s -X POST -H \"Authorization: Api-Key «S»\" -H \"x-folder-id: «folder»\" -d @prompt.json https://llm.api.cloud.yandex.net/foundationModels/v1/completion",
  "yc_api", "x-folder-id: «folder»")
t(CMD, "wg-set-private-key-process-subst",
  "sudo wg set wg0 private-key <(echo «S») listen-port 51820 && sudo wg show wg0",
  "wgkey", "listen-port 51820")
t(CMD, "ss-local-k-password",
  "ss-local -s «pubip» -p 8388 -k '«S»' -m chacha20-ietf-poly1305 -l 1080 -u",
  "pw", "-m chacha20-ietf-poly1305")
t(CMD, "sqlcmd-sa-password",
  "sqlcmd -S «ip»,1433 -U sa -P '«S»' -Q \"BACKUP DATABASE [UT11] TO DISK='D:\\bak\\ut11_«date».bak' WITH COMPRESSION\"",
  "pw", "BACKUP DATABASE [UT11]")
t(CMD, "curl-bitrix24-inbound-webhook",
  "curl -s \"https://«portal».bitrix24.ru/rest/«dig1»/«S»/crm.deal.list.json?filter[STAGE_ID]=NEW&select[]=TITLE\"",
  "bitrix_code", "crm.deal.list.json")
t(CMD, "curl-amocrm-longlived-bearer",
  "curl -s -H \"Authorization: Bearer «S»\" \"https://«amo».amocrm.ru/api/v4/leads?limit=50&with=contacts\"",
  "jwt_amo", "«amo».amocrm.ru/api/v4/leads")
t(CMD, "s3cmd-secret-key-flag",
  "s3cmd --access_key=«hex32» --secret_key=«S» --host=s3.storage.selcloud.ru --host-bucket=s3.storage.selcloud.ru ls s3://«bucket»",
  "hex32b", "s3.storage.selcloud.ru")
t(CMD, "rclone-config-create-inline",
  "rclone config create ycs3 s3 provider Other env_auth false access_key_id «yc_sak_id» secret_access_key «S» endpoint storage.yandexcloud.net",
  "yc_sak", "rclone config create ycs3 s3")
t(CMD, "curl-dadata-token-header",
  "curl -X POST -H \"Content-Type: application/json\" -H \"Authorization: Token «S»\" -d '{\"query\": \"москва хабар\"}' https://suggestions.dadata.ru/suggestions/api/4_1/rs/suggest/address",
  "hex40", "suggestions.dadata.ru")
t(CMD, "curl-novaposhta-apikey-json-body",
  "curl -s -X POST https://api.novaposhta.ua/v2.0/json/ -d '{\"apiKey\":\"«S»\",\"modelName\":\"Address\",\"calledMethod\":\"getCities\",\"methodProperties\":{\"FindByString\":\"Київ\"}}'",
  "hex32", "api.novaposhta.ua/v2.0/json/")
t(CMD, "mc-alias-set-positional-keys",
  "mc alias set selectel https://s3.storage.selcloud.ru «hex32» «S» --api S3v4",
  "hex32b", "mc alias set selectel")
t(CMD, "curl-iyzico-iyzwsv2-header",
  "curl -X POST https://sandbox-api.iyzipay.com/payment/auth -H \"Authorization: IYZWSv2 «S»\" -H \"x-iyzi-rnd: «dig12»\" -H \"Content-Type: application/json\" -d @odeme.json",
  lambda g: _b64("apiKey:sandbox-%s&randomKey:%s&signature:%s" % (g("an32"), g("dig12"), g("hex64"))), "sandbox-api.iyzipay.com/payment/auth")
t(CMD, "curl-smsc-login-psw-query",
  "curl \"https://smsc.ru/sys/send.php?login=«user»&psw=«S»&phones=«phone»&mes=Kod+«dig4»&fmt=3\"",
  "pwu", "smsc.ru/sys/send.php")


# ===========================================================================
# tool-output: what commands printed back
# ===========================================================================
t(OUT, "env-grep-telegram-output",
  "$ env | grep -i tg_\nTG_CHAT_ID=«chatid»\nTG_BOT_TOKEN=«S»\nTG_PARSE_MODE=HTML",
  "tg_bot", "TG_CHAT_ID=«chatid»")
t(OUT, "docker-inspect-env-array",
  "$ docker inspect api-1 --format '{{json .Config.Env}}' | jq .\n[\n  \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\",\n  \"DATABASE_URL=postgres://«dbuser»:«S»@db:5432/«db»\",\n  \"TZ=Europe/Moscow\"\n]",
  "pwu", "TZ=Europe/Moscow")
t(OUT, "kubectl-jsonpath-base64-decoded",
  "$ kubectl -n pay get secret daraja -o jsonpath='{.data.passkey}' | base64 -d\n«S»",
  "daraja_passkey", "get secret daraja")
t(OUT, "kubectl-get-secret-yaml-data",
  "$ kubectl get secret pg-app -o yaml\napiVersion: v1\ndata:\n  password: «S»\n  username: YXBw\nkind: Secret\nmetadata:\n  name: pg-app\n  namespace: erp\ntype: Opaque",
  lambda g: _b64(g("pw")), "name: pg-app")
t(OUT, "yc-iam-create-token-stdout",
  "$ yc iam create-token\n«S»\n$ # токен живёт 12 часов",
  "yc_iam", "yc iam create-token")
t(OUT, "yc-iam-api-key-create-output",
  "$ yc iam api-key create --service-account-name gpt-bot --description \"YandexGPT для поддержки\"\napi_key:\n  id: «keyid»\n  service_account_id: «said»\n  created_at: \"«ts»\"\n  description: YandexGPT для поддержки\nsecret: «S»",
  "yc_api", "service_account_id: «said»")
t(OUT, "yc-iam-access-key-create-output",
  "$ yc iam access-key create --service-account-name s3-backup\naccess_key:\n  id: «keyid»\n  service_account_id: «said»\n  created_at: \"«ts»\"\n  key_id: «yc_sak_id»\nsecret: «S»",
  "yc_sak", "--service-account-name s3-backup")
t(OUT, "terraform-output-raw-sensitive",
  "$ terraform output -raw db_password\n«S»\n$ terraform output cluster_fqdn\n\"«host»\"",
  "pw", "terraform output cluster_fqdn")
t(OUT, "terraform-state-show-mdb-user",
  "$ terraform state show yandex_mdb_postgresql_user.app\n# yandex_mdb_postgresql_user.app:\nresource \"yandex_mdb_postgresql_user\" \"app\" {\n    cluster_id = \"c9q«lan17»\"\n    conn_limit = 50\n    name       = \"app\"\n    password   = \"«S»\"\n}",
  "pwr", "yandex_mdb_postgresql_user.app")
t(OUT, "git-config-list-remote-url",
  "$ git config --list --show-origin | grep url\nfile:.git/config  remote.origin.url=https://«user»:«S»@git.«dom»/erp/ut11-ext.git",
  "pwu", "git.«dom»/erp/ut11-ext.git")
t(OUT, "cat-netrc-output",
  "$ cat ~/.netrc\nmachine git.«dom»\n  login «user»\n  password «S»",
  "pw", "machine git.«dom»")
t(OUT, "pm2-env-output",
  "$ pm2 env 0\nexec_mode: fork_mode\nPAYSTACK_SECRET_KEY: «S»\nNODE_ENV: production\nunique_id: «uuid»",
  "paystack_sk", "NODE_ENV: production")
t(OUT, "systemctl-show-environment",
  "$ systemctl show zakaz-bot.service -p Environment\nEnvironment=BOT_TOKEN=«S» LOG_LEVEL=info TZ=Asia/Almaty",
  "tg_bot", "zakaz-bot.service")
t(OUT, "ps-aux-ss-server-cmdline",
  "$ ps aux | grep ss-server\nnobody    1123  0.3  0.1  21540  4412 ?  Ss  Mar03  12:44 /usr/bin/ss-server -s 0.0.0.0 -p 8388 -k «S» -m aes-256-gcm -u --fast-open",
  "pwu", "/usr/bin/ss-server")
t(OUT, "bash-history-mysql-p",
  "$ history | tail -4\n  510  cd /var/www/bitrix\n  511  mysql -uroot -p«S» -e 'show databases'\n  512  ls -la upload/\n  513  history | tail -4",
  "pwu", "cd /var/www/bitrix")
t(OUT, "docker-compose-config-rendered",
  "$ docker compose config\nname: crm-bridge\nservices:\n  api:\n    environment:\n      AMO_CLIENT_ID: «uuid»\n      AMO_CLIENT_SECRET: «S»\n      AMO_SUBDOMAIN: «amo»",
  "amo_secret", "AMO_SUBDOMAIN: «amo»")
t(OUT, "dokku-config-show-output",
  "$ dokku config:show shop\n=====> shop env vars\nDOKKU_APP_TYPE:  dockerfile\nFLW_SECRET_KEY:  «S»\nNGINX_ROOT:      dist",
  "flw_sec", "=====> shop env vars")
t(OUT, "cat-dotenv-production-output",
  "$ cat .env.production\nAPP_ENV=production\nYOOKASSA_SHOP_ID=«dig6»\nYOOKASSA_SECRET_KEY=«S»\nYOOKASSA_RETURN_URL=https://«dom»/order/success",
  "yookassa", "YOOKASSA_SHOP_ID=«dig6»")
t(OUT, "python-repl-settings-dump",
  ">>> from app.config import settings\n>>> settings.model_dump()\n{'debug': False, 'tg_token': '«S»', 'db_pool': 10, 'tz': 'Europe/Istanbul'}",
  "tg_bot", "'tz': 'Europe/Istanbul'")
t(OUT, "php-var-dump-credentials-array",
  "array(3) {\n  [\"login\"]=>\n  string(5) \"admin\"\n  [\"password\"]=>\n  string(«LEN») \"«S»\"\n  [\"host\"]=>\n  string(9) \"localhost\"\n}",
  "pwh", "[\"login\"]=>")
t(OUT, "mysql-select-token-table-box",
  "mysql> SELECT id, name, api_token FROM integrations WHERE name='retailcrm';\n+----+-----------+----------------------------------+\n| id | name      | api_token                        |\n+----+-----------+----------------------------------+\n|  3 | retailcrm | «S» |\n+----+-----------+----------------------------------+\n1 row in set (0.00 sec)",
  "an32", "1 row in set (0.00 sec)")
t(OUT, "psql-select-settings-table",
  "billing=# select key, value from settings where key like 'mpesa%';\n       key        |    value\n------------------+------------------\n mpesa_shortcode  | 600«dig3»\n mpesa_passkey    | «S»\n mpesa_env        | production\n(3 rows)",
  "daraja_passkey", "mpesa_shortcode")
t(OUT, "redis-cli-get-telethon-session",
  "127.0.0.1:6379> GET tg:session:«dig9»\n\"«S»\"",
  "telethon", "GET tg:session:")
t(OUT, "cat-aws-credentials-profile",
  "$ cat ~/.aws/credentials\n[yc]\naws_access_key_id = «yc_sak_id»\naws_secret_access_key = «S»\n",
  "yc_sak", "$ cat ~/.aws/credentials")
t(OUT, "vault-kv-get-table",
  "$ vault kv get secret/erp/1c-http\n====== Data ======\nKey         Value\n---         -----\npassword    «S»\nusername    «user»",
  "pw", "secret/erp/1c-http")
t(OUT, "github-app-installation-token-json",
  "$ curl -s -X POST -H \"Authorization: Bearer $APP_JWT\" https://api.github.com/app/installations/«dig8»/access_tokens\n{\n  \"token\": \"«S»\",\n  \"expires_at\": \"«ts»\",\n  \"permissions\": {\"contents\": \"read\"}\n}",
  "ghs", "\"permissions\": {\"contents\": \"read\"}")
t(OUT, "daraja-oauth-response-json",
  "{\"access_token\":\"«S»\",\"expires_in\":\"3599\"}",
  "daraja_token", "\"expires_in\":\"3599\"")
t(OUT, "yc-iam-tokens-response-json",
  "{\n \"iamToken\": \"«S»\",\n \"expiresAt\": \"«ts»\"\n}",
  "yc_iam", "\"expiresAt\"")
t(OUT, "amocrm-refresh-response-json",
  "HTTP/2 200\n{\"token_type\":\"Bearer\",\"expires_in\":86400,\"refresh_token\":\"«S»\",\"server_time\":«dig10»}",
  "amo_refresh", "\"token_type\":\"Bearer\"")
t(OUT, "momo-apikey-create-response",
  "$ curl -X POST https://sandbox.momodeveloper.mtn.com/v1_0/apiuser/«uuid»/apikey -H \"Ocp-Apim-Subscription-Key: $SUB\"\nHTTP/1.1 201 Created\n{\"apiKey\":\"«S»\"}",
  "momo_key", "HTTP/1.1 201 Created")
t(OUT, "seed-script-admin-password-print",
  "$ npm run seed\n> shop-backend@«ver» seed\n✔ migrations applied (14)\n✔ Created admin user admin@«dom» with password: «S»\n✔ Done in 3.2s",
  "pwr", "Created admin user admin@«dom»")
t(OUT, "django-temp-password-print",
  "$ python manage.py reset_operator «user»\nGenerated temporary password for «user»: «S»\nUser must change it on first login.",
  "pwh", "User must change it on first login.")
t(OUT, "openssl-rand-hex-jwt-secret",
  "$ openssl rand -hex 32   # JWT_SECRET для прода\n«S»",
  "hex64", "openssl rand -hex 32")
t(OUT, "wg-showconf-output",
  "$ sudo wg showconf wg0\n[Interface]\nListenPort = 51820\nPrivateKey = «S»\n\n[Peer]\nPublicKey = «wgpub»\nAllowedIPs = 10.8.0.2/32",
  "wgkey", "PublicKey = «wgpub»")
t(OUT, "outline-manager-api-url-output",
  "CONGRATULATIONS! Your Outline server is up and running.\n\nTo manage your Outline server, please copy the following line (including curly brackets) into Step 2 of the Outline Manager interface:\n\n{\"apiUrl\":\"https://«pubip»:«port»/«S»\",\"certSha256\":\"«HEX64»\"}",
  "outline_prefix", "\"certSha256\"")
t(OUT, "outline-access-keys-list-json",
  "$ curl --insecure $API_URL/access-keys\n{\"accessKeys\":[{\"id\":\"3\",\"name\":\"Reza laptop\",\"password\":\"«S»\",\"port\":«port»,\"method\":\"chacha20-ietf-poly1305\"}]}",
  "an22", "\"name\":\"Reza laptop\"")
t(OUT, "xray-x25519-keypair-output",
  "$ xray x25519\nPrivate key: «S»\nPublic key: «b64pub»",
  "reality", "Public key: «b64pub»")
t(OUT, "3x-ui-install-credentials-output",
  "###############################################\nUsername: «user»\nPassword: «S»\nPort: «port»\nWebBasePath: «lan15»\nAccess URL: http://«pubip»:«port»/«lan15»\n###############################################",
  "an12", "Access URL: http://«pubip»:«port»/«lan15»")
t(OUT, "hestia-install-summary",
  "Congratulations!\n\nYou have successfully installed Hestia Control Panel on your server.\n\nReady to get started? Log in using the following credentials:\n\n    Admin URL:  https://«host»:8083\n    Username:   admin\n    Password:   «S»",
  "an10", "Admin URL:  https://«host»:8083")
t(OUT, "aapanel-default-info",
  "==================================================================\naaPanel default info!\n==================================================================\nOuter panel address: https://«pubip»:«port»/«lan8»\nInternal panel address: https://«ip»:«port»/«lan8»\nusername: «lan8b»\npassword: «S»",
  "lan8c", "aaPanel default info!")
t(OUT, "mysqld-log-temporary-password-grep",
  "$ sudo grep 'temporary password' /var/log/mysqld.log\n«ts» 6 [Note] [MY-010454] [Server] A temporary password is generated for root@localhost: «S»",
  lambda g: _pw_strong(12, "!%;:,.<>?&#"), "[MY-010454]")
t(OUT, "jenkins-initial-admin-password",
  "$ sudo cat /var/lib/jenkins/secrets/initialAdminPassword\n«S»",
  "hex32", "initialAdminPassword")
t(OUT, "gitlab-initial-root-password-file",
  "$ sudo cat /etc/gitlab/initial_root_password\n# WARNING: This value is valid only in the following conditions\n#          1. If provided manually (either via `GITLAB_ROOT_PASSWORD` environment variable or via `gitlab_rails['initial_root_password']` setting in `gitlab.rb`, it was provided before database was seeded for the first time (usually, the first reconfigure run).\n\nPassword: «S»\n\n# NOTE: This file will be automatically deleted in the first reconfigure run after 24 hours.",
  lambda g: _b64(_rbytes(32)), "This file will be automatically deleted")
t(OUT, "grafana-cli-reset-admin-password",
  "$ grafana-cli admin reset-admin-password '«S»'\nINFO [«date»] Starting Grafana\nAdmin password changed successfully ✔",
  "pw", "Admin password changed successfully")
t(OUT, "kubeadm-init-join-token",
  "Then you can join any number of worker nodes by running the following on each as root:\n\nkubeadm join «ip»:6443 --token «S» \\\n\t--discovery-token-ca-cert-hash sha256:«hex64»",
  "kubeadm", "--discovery-token-ca-cert-hash sha256:«hex64»")
t(OUT, "minio-startup-banner",
  "MinIO Object Storage Server\nAPI: http://«ip»:9000  http://127.0.0.1:9000\nRootUser: minioadmin\nRootPass: «S»\nConsole: http://«ip»:9001",
  "pwr", "RootUser: minioadmin")
t(OUT, "pip-config-list-output",
  "$ pip config list\nglobal.index-url='https://«user»:«S»@pypi.«dom»/simple'\nglobal.timeout='60'",
  "pwu", "global.timeout='60'")
t(OUT, "cat-npmrc-authtoken-output",
  "$ cat ~/.npmrc\nregistry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=«S»",
  "npm_tok", "registry=https://registry.npmjs.org/")
t(OUT, "composer-auth-json-output",
  "$ cat ~/.config/composer/auth.json\n{\n    \"http-basic\": {\n        \"repo.«dom»\": {\n            \"username\": \"«user»\",\n            \"password\": \"«S»\"\n        }\n    }\n}",
  "pw", "\"repo.«dom»\"")
t(OUT, "docker-config-json-auths-cr-yandex",
  "$ cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"cr.yandex\": {\n\t\t\t\"auth\": \"«S»\"\n\t\t}\n\t}\n}",
  lambda g: _b64("oauth:" + g("yc_oauth")), "\"cr.yandex\"")
t(OUT, "telethon-string-session-print",
  ">>> from telethon.sessions import StringSession\n>>> print(StringSession.save(client.session))\n«S»",
  "telethon", "StringSession.save")
t(OUT, "telegram-getme-response",
  "$ curl -s https://api.telegram.org/bot«S»/getMe\n{\"ok\":true,\"result\":{\"id\":«botid»,\"is_bot\":true,\"first_name\":\"Zakaz Bot\",\"username\":\"«botname»\",\"can_join_groups\":true}}",
  lambda g: _tg_bot(g("botid")), "\"username\":\"«botname»\"")
t(OUT, "telegram-getwebhookinfo-secret-path",
  "$ curl -s https://api.telegram.org/bot$TOKEN/getWebhookInfo\n{\"ok\":true,\"result\":{\"url\":\"https://«host»/tg/hook/«S»\",\"has_custom_certificate\":false,\"pending_update_count\":0,\"max_connections\":40}}",
  "hex40", "\"pending_update_count\":0")
t(OUT, "bitrix-app-install-print-r",
  "Array\n(\n    [event] => ONAPPINSTALL\n    [auth] => Array\n        (\n            [access_token] => «S»\n            [expires_in] => 3600\n            [domain] => «portal».bitrix24.ru\n            [member_id] => «hex32»\n        )\n)",
  "bitrix_auth", "[event] => ONAPPINSTALL")
t(OUT, "cat-1c-default-vrd",
  "$ cat /var/www/ut/default.vrd\n<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<point xmlns=\"http://v8.1c.ru/8.2/virtual-resource-system\" base=\"/ut\" ib=\"Srvr=&quot;«host»&quot;;Ref=&quot;ut11&quot;;Usr=&quot;http_user&quot;;Pwd=&quot;«S»&quot;;\" enable=\"true\">\n  <ws pointEnableCommon=\"true\"/>\n</point>",
  "pwu", "base=\"/ut\"")
t(OUT, "hydra-found-credentials-line",
  "[DATA] attacking ssh://«ip»:22/\n[22][ssh] host: «ip»   login: root   password: «S»\n1 of 1 target successfully completed, 1 valid password found",
  "pwh", "1 valid password found")
t(OUT, "git-diff-added-secret-line",
  "$ git diff HEAD~1 -- config/payment.php\n@@ -12,6 +12,7 @@ return [\n     'iyzico_api_key' => env('IYZICO_API_KEY'),\n+    'iyzico_secret' => '«S»',\n     'iyzico_base_url' => 'https://sandbox-api.iyzipay.com',",
  "iyzi_sandbox", "env('IYZICO_API_KEY')")
t(OUT, "gitleaks-json-finding",
  "$ gitleaks detect -r report.json && cat report.json\n[{\"Description\": \"Generic API Key\", \"StartLine\": 7, \"File\": \"src/pay/paytr.ts\", \"Secret\": \"«S»\", \"Match\": \"PAYTR_MERCHANT_KEY = '«S»'\", \"Commit\": \"«sha40»\", \"RuleID\": \"generic-api-key\"}]",
  "an16", "src/pay/paytr.ts")
t(OUT, "trufflehog-verified-result",
  "Found verified result 🐷🔑\nDetector Type: TelegramBotToken\nDecoder Type: PLAIN\nRaw result: «S»\nFile: bot/config.py\nLine: 4\nCommit: «sha40»",
  "tg_bot", "Detector Type: TelegramBotToken")
t(OUT, "kubectl-describe-pod-env",
  "$ kubectl describe pod sms-worker-«lan5»-«lan5b»\n    Environment:\n      SMSAERO_EMAIL:    «email»\n      SMSAERO_API_KEY:  «S»\n      SENDER_NAME:      SMS Aero",
  "an32", "SMSAERO_EMAIL:    «email»")
t(OUT, "helm-get-values-output",
  "$ helm get values billing -n prod\nUSER-SUPPLIED VALUES:\nmpesa:\n  initiatorName: apiop\n  initiatorPassword: «S»\n  shortcode: \"600«dig3»\"",
  "pwh", "initiatorName: apiop")
t(OUT, "yc-function-version-get-env",
  "$ yc serverless function version get-by-tag --function-name tg-bot --tag \\$latest\nid: d4e«lan17»\nruntime: python312\nenvironment:\n  YDB_ENDPOINT: grpcs://ydb.serverless.yandexcloud.net:2135\n  TG_TOKEN: «S»",
  "tg_bot", "runtime: python312")
t(OUT, "ansible-debug-var-output",
  "TASK [debug] ***************************************************\nok: [«host»] => {\n    \"db_password\": \"«S»\"\n}",
  "pw", "ok: [«host»]")
t(OUT, "tcpdump-ascii-basic-auth",
  "$ sudo tcpdump -A -s0 -i eth0 port 80 | grep -i authorization\nAuthorization: Basic «S»",
  lambda g: _basic(g("user"), g("pw")), "tcpdump -A -s0 -i eth0 port 80")
t(OUT, "har-entry-cookie-sessionid",
  "{\"name\": \"cookie\", \"value\": \"sessionid=«S»; django_language=ru\"}",
  "lan32", "django_language=ru")
t(OUT, "sqlite-select-bot-config",
  "sqlite> .headers on\nsqlite> select * from bot_config;\nid|token|admin_chat\n1|«S»|«chatid»",
  "tg_bot", "id|token|admin_chat")


# ===========================================================================
# config-file: excerpts of files the agent opened
# ===========================================================================
t(CFG, "pgpass-line",
  "# ~/.pgpass (chmod 600)\n«host»:6432:«db»:«dbuser»:«S»",
  "pwu", "«host»:6432:«db»:«dbuser»")
t(CFG, "my-cnf-client-section",
  "[client]\nuser=root\npassword=\"«S»\"\nhost=localhost\ndefault-character-set=utf8mb4",
  "pw", "default-character-set=utf8mb4")
t(CFG, "bitrix-settings-php-connections",
  "  'connections' =>\n  array (\n    'value' =>\n    array (\n      'default' =>\n      array (\n        'className' => '\\\\Bitrix\\\\Main\\\\DB\\\\MysqliConnection',\n        'host' => 'localhost',\n        'database' => 'sitemanager',\n        'login' => 'bitrix0',\n        'password' => '«S»',\n        'options' => 2,\n      ),",
  "pw", "'database' => 'sitemanager'")
t(CFG, "bitrix-dbconn-php",
  "<?\ndefine(\"DBPersistent\", false);\n$DBType = \"mysql\";\n$DBHost = \"localhost\";\n$DBLogin = \"bitrix0\";\n$DBPassword = \"«S»\";\n$DBName = \"sitemanager\";\n$DBDebug = false;",
  "pw", "$DBLogin = \"bitrix0\";")
t(CFG, "compose-postgres-env-map",
  "services:\n  db:\n    image: postgres:16-alpine\n    environment:\n      POSTGRES_USER: «dbuser»\n      POSTGRES_PASSWORD: «S»\n      POSTGRES_DB: «db»\n    volumes:\n      - pgdata:/var/lib/postgresql/data",
  "pwu", "image: postgres:16-alpine")
t(CFG, "dotenv-bot-token-admin-ids",
  "# .env\nBOT_TOKEN=«S»\nADMIN_IDS=«dig9»,«dig9b»\nWEBHOOK_HOST=https://«host»",
  "tg_bot", "ADMIN_IDS=«dig9»,«dig9b»")
t(CFG, "dotenv-quoted-yookassa",
  "YOOKASSA_SHOP_ID=\"«dig6»\"\nYOOKASSA_SECRET_KEY=\"«S»\"",
  "yookassa", "YOOKASSA_SHOP_ID=\"«dig6»\"")
t(CFG, "spring-datasource-yaml",
  "spring:\n  datasource:\n    url: jdbc:postgresql://«host»:6432/«db»?sslmode=require\n    username: «dbuser»\n    password: '«S»'\n  jpa:\n    open-in-view: false",
  "pw", "url: jdbc:postgresql://«host»:6432/«db»")
t(CFG, "toml-telegram-section",
  "[telegram]\ntoken = \"«S»\"\nadmin_chat = «chatid»\nlanguage = \"uz\"\n\n[db]\npath = \"data/bot.sqlite3\"",
  "tg_bot", "admin_chat = «chatid»")
t(CFG, "msmtprc-yandex-app-password",
  "defaults\nauth on\ntls on\n\naccount yandex\nhost smtp.yandex.ru\nport 465\ntls_starttls off\nfrom «email»\nuser «email»\npassword «S»\n\naccount default : yandex",
  "lw16", "host smtp.yandex.ru")
t(CFG, "nginx-proxy-set-header-basic",
  "location /1c/ {\n    proxy_pass http://«ip»:8080/buh/;\n    proxy_set_header Authorization \"Basic «S»\";\n}",
  lambda g: _basic("http_user", g("pwu")), "proxy_pass http://«ip»:8080/buh/;")
t(CFG, "wireguard-interface-privatekey",
  "[Interface]\nAddress = 10.66.66.1/24\nListenPort = 51820\nPrivateKey = «S»\nPostUp = iptables -A FORWARD -i wg0 -j ACCEPT",
  "wgkey", "ListenPort = 51820")
t(CFG, "wireguard-peer-presharedkey",
  "[Peer]\n# Mariam phone\nPublicKey = «wgpub»\nPresharedKey = «S»\nEndpoint = «pubip»:51820\nAllowedIPs = 0.0.0.0/0",
  "wgkey", "PublicKey = «wgpub»")
t(CFG, "xray-reality-settings-json",
  "\"realitySettings\": {\n  \"show\": false,\n  \"dest\": \"www.«dom»:443\",\n  \"serverNames\": [\"www.«dom»\"],\n  \"privateKey\": \"«S»\",\n  \"shortIds\": [\"«hex8»\"]\n}",
  "reality", "\"shortIds\": [\"«hex8»\"]")
t(CFG, "xray-vless-clients-uuid",
  "\"inbounds\": [{\n  \"port\": 443,\n  \"protocol\": \"vless\",\n  \"settings\": {\n    \"clients\": [ { \"id\": \"«S»\", \"flow\": \"xtls-rprx-vision\", \"email\": \"«user»@office\" } ],\n    \"decryption\": \"none\"\n  }",
  "xray_uuid", "\"protocol\": \"vless\"")
t(CFG, "shadowsocks-libev-config-json",
  "{\n    \"server\": [\"::0\", \"0.0.0.0\"],\n    \"server_port\": 8388,\n    \"password\": \"«S»\",\n    \"timeout\": 300,\n    \"method\": \"chacha20-ietf-poly1305\"\n}",
  "pwr", "\"server_port\": 8388")
t(CFG, "openvpn-static-key-block",
  "#\n# 2048 bit OpenVPN static key\n#\n-----BEGIN OpenVPN Static key V1-----\n«S»\n-----END OpenVPN Static key V1-----",
  "ovpn", "2048 bit OpenVPN static key")
t(CFG, "openvpn-auth-user-pass-file",
  "# /etc/openvpn/client/office-istanbul.auth\n«user»\n«S»",
  "pw", "office-istanbul.auth")
t(CFG, "openssh-private-key-file",
  "-----BEGIN OPENSSH PRIVATE KEY-----\n«S»\n-----END OPENSSH PRIVATE KEY-----",
  "ssh_body", "-----BEGIN OPENSSH PRIVATE KEY-----")
t(CFG, "ec-private-key-pem-file",
  "# certs/kassa-signing.key\n-----BEGIN EC PRIVATE KEY-----\n«S»\n-----END EC PRIVATE KEY-----",
  "pem_ec", "certs/kassa-signing.key")
t(CFG, "yc-sa-authorized-key-json",
  "{\n   \"id\": \"«keyid»\",\n   \"service_account_id\": \"«said»\",\n   \"created_at\": \"«ts»\",\n   \"key_algorithm\": \"RSA_2048\",\n   \"public_key\": \"-----BEGIN PUBLIC KEY-----\\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA«bs60»\\n-----END PUBLIC KEY-----\\n\",\n   \"private_key\": \"PLEASE DO NOT REMOVE THIS LINE! Yandex.Cloud SA Key ID <«keyid»>\\n-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n\"\n}",
  "pem_pkcs8_esc", "\"service_account_id\": \"«said»\"")
t(CFG, "terraform-yandex-provider-token",
  "provider \"yandex\" {\n  token     = \"«S»\"\n  cloud_id  = \"«cloudid»\"\n  folder_id = \"«folder»\"\n  zone      = \"ru-central1-a\"\n}",
  "yc_oauth", "zone      = \"ru-central1-a\"")
t(CFG, "tfvars-selectel-credentials",
  "selectel_domain_name = \"«dig6»\"\nselectel_username    = \"tf-robot\"\nselectel_password    = \"«S»\"\nproject_id           = \"«hex32»\"",
  "pwr", "selectel_username    = \"tf-robot\"")
t(CFG, "terraform-backend-s3-yandex",
  "terraform {\n  backend \"s3\" {\n    endpoints  = { s3 = \"https://storage.yandexcloud.net\" }\n    bucket     = \"«bucket»\"\n    region     = \"ru-central1\"\n    key        = \"prod/terraform.tfstate\"\n    access_key = \"«yc_sak_id»\"\n    secret_key = \"«S»\"\n    skip_region_validation      = true\n    skip_credentials_validation = true\n  }\n}",
  "yc_sak", "key        = \"prod/terraform.tfstate\"")
t(CFG, "k8s-secret-stringdata",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: flutterwave\n  namespace: checkout\ntype: Opaque\nstringData:\n  FLW_SECRET_KEY: «S»",
  "flw_sec", "name: flutterwave")
t(CFG, "helm-values-paytabs",
  "paytabs:\n  region: ARE\n  profileId: «dig5»\n  serverKey: \"«S»\"\n  callbackUrl: https://«dom»/paytabs/ipn",
  "paytabs", "profileId: «dig5»")
t(CFG, "spring-properties-iyzico",
  "iyzico.base-url=https://sandbox-api.iyzipay.com\niyzico.api-key=${IYZICO_API_KEY}\niyzico.secret-key=«S»\nserver.port=8081",
  "iyzi_sandbox", "iyzico.api-key=${IYZICO_API_KEY}")
t(CFG, "appsettings-json-connectionstring",
  "\"ConnectionStrings\": {\n  \"Default\": \"Server=«host»;Database=«db»;User Id=«dbuser»;Password=«S»;TrustServerCertificate=True\"\n},\n\"Logging\": { \"LogLevel\": { \"Default\": \"Warning\" } }",
  "pwu", "\"Logging\"")
t(CFG, "web-config-connectionstring",
  "<connectionStrings>\n  <add name=\"ErpDb\" connectionString=\"Data Source=«ip»;Initial Catalog=«db»;User ID=sa;Password=«S»\" providerName=\"System.Data.SqlClient\" />\n</connectionStrings>",
  "pwu", "providerName=\"System.Data.SqlClient\"")
t(CFG, "laravel-env-app-key",
  "APP_NAME=Dukani\nAPP_ENV=production\nAPP_KEY=base64:«S»\nAPP_DEBUG=false\nAPP_URL=https://«dom»",
  "laravel_key", "APP_URL=https://«dom»")
t(CFG, "django-settings-secret-key",
  "# settings/prod.py\nDEBUG = False\nALLOWED_HOSTS = [\"«dom»\"]\nSECRET_KEY = '«S»'",
  "django_key", "ALLOWED_HOSTS = [\"«dom»\"]")
t(CFG, "rails-master-key-file",
  "# config/master.key (НЕ коммитить!)\n«S»",
  "hex32", "config/master.key")
t(CFG, "redis-conf-requirepass",
  "bind 127.0.0.1 «ip»\nprotected-mode yes\nport 6379\nrequirepass «S»\nmaxmemory 2gb",
  "pwu", "maxmemory 2gb")
t(CFG, "pgbouncer-userlist-plain",
  "; /etc/pgbouncer/userlist.txt\n\"«dbuser»\" \"«S»\"\n\"pgbouncer\" \"md5«hex32»\"",
  "pwu", "/etc/pgbouncer/userlist.txt")
t(CFG, "rabbitmq-conf-default-pass",
  "listeners.tcp.default = 5672\ndefault_vhost = /\ndefault_user = «user»\ndefault_pass = «S»\nmanagement.tcp.port = 15672",
  "pwu", "default_user = «user»")
t(CFG, "clickhouse-users-xml-password",
  "<clickhouse>\n  <users>\n    <analytics>\n      <password>«S»</password>\n      <networks><ip>::/0</ip></networks>\n      <profile>readonly</profile>\n    </analytics>\n  </users>\n</clickhouse>",
  "pw", "<profile>readonly</profile>")
t(CFG, "php-config-mailru-smtp-array",
  "'mail' => [\n    'smtp' => [\n        'host' => 'smtp.mail.ru',\n        'port' => 465,\n        'encryption' => 'ssl',\n        'username' => '«email»',\n        'password' => '«S»',\n    ],\n],",
  "an20", "'host' => 'smtp.mail.ru'")
t(CFG, "odoo-conf-admin-passwd",
  "[options]\naddons_path = /opt/odoo/addons,/opt/odoo/custom\nadmin_passwd = «S»\ndb_host = «host»\ndb_user = odoo\ndb_password = False\nproxy_mode = True",
  "pw", "addons_path = /opt/odoo/addons")
t(CFG, "wp-config-db-password",
  "/** MySQL database password */\ndefine( 'DB_PASSWORD', '«S»' );\n\n/** MySQL hostname */\ndefine( 'DB_HOST', 'localhost' );",
  "pw", "define( 'DB_HOST', 'localhost' );")
t(CFG, "wp-config-auth-key-salt",
  "define( 'AUTH_KEY',         '«S»' );\ndefine( 'SECURE_AUTH_KEY',  'put your unique phrase here' );",
  "wp_salt", "put your unique phrase here")
t(CFG, "gitlab-runner-config-toml",
  "concurrent = 4\n\n[[runners]]\n  name = \"«host»\"\n  url = \"https://gitlab.«dom»/\"\n  token = \"«S»\"\n  executor = \"docker\"\n  [runners.docker]\n    image = \"alpine:3.20\"",
  "glrt", "executor = \"docker\"")
t(CFG, "npmrc-github-packages-token",
  "@«org»:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«S»\nalways-auth=true",
  "ghp", "@«org»:registry=https://npm.pkg.github.com")
t(CFG, "pip-conf-index-url-creds",
  "[global]\nindex-url = https://«user»:«S»@nexus.«dom»/repository/pypi-group/simple\ntrusted-host = nexus.«dom»",
  "pwu", "trusted-host = nexus.«dom»")
t(CFG, "maven-settings-server-password",
  "<servers>\n  <server>\n    <id>nexus-releases</id>\n    <username>«user»</username>\n    <password>«S»</password>\n  </server>\n</servers>",
  "pw", "<id>nexus-releases</id>")
t(CFG, "gradle-properties-nexus",
  "org.gradle.jvmargs=-Xmx2g\nnexusUrl=https://nexus.«dom»\nnexusUsername=«user»\nnexusPassword=«S»",
  "pw", "nexusUsername=«user»")
t(CFG, "nuget-config-cleartextpassword",
  "<packageSourceCredentials>\n  <Internal>\n    <add key=\"Username\" value=\"«user»\" />\n    <add key=\"ClearTextPassword\" value=\"«S»\" />\n  </Internal>\n</packageSourceCredentials>",
  "pw", "<add key=\"Username\" value=\"«user»\" />")
t(CFG, "rclone-conf-selectel-section",
  "[selectel]\ntype = s3\nprovider = Other\naccess_key_id = «hex32»\nsecret_access_key = «S»\nendpoint = s3.storage.selcloud.ru\nacl = private",
  "hex32b", "endpoint = s3.storage.selcloud.ru")
t(CFG, "s3cfg-vk-cloud",
  "[default]\naccess_key = «vkc_ak»\nsecret_key = «S»\nhost_base = hb.bizmrg.com\nhost_bucket = %(bucket)s.hb.bizmrg.com\nuse_https = True",
  lambda g: _s(_AN, 44), "host_base = hb.bizmrg.com")
t(CFG, "supervisor-program-environment",
  "[program:bot]\ncommand=/opt/bot/venv/bin/python main.py\ndirectory=/opt/bot\nenvironment=BOT_TOKEN=\"«S»\",TZ=\"Asia/Tashkent\"\nautorestart=true",
  "tg_bot", "command=/opt/bot/venv/bin/python main.py")
t(CFG, "systemd-unit-environment-line",
  "[Service]\nUser=pay\nEnvironment=\"NODE_ENV=production\"\nEnvironment=\"DARAJA_PASSKEY=«S»\"\nExecStart=/usr/bin/node /srv/pay/index.js",
  "daraja_passkey", "ExecStart=/usr/bin/node /srv/pay/index.js")
t(CFG, "crontab-mysqldump-inline-password",
  "# m h dom mon dow command\n0 3 * * * /usr/bin/mysqldump -uroot -p'«S»' --all-databases | gzip > /backup/all-$(date +\\%F).sql.gz",
  "pw", "--all-databases")
t(CFG, "fstab-cifs-inline-password",
  "//«ip»/1c_backup  /mnt/1c  cifs  username=«user»,password=«S»,iocharset=utf8,uid=1000  0  0",
  "pwu", "/mnt/1c  cifs")
t(CFG, "smb-credentials-file",
  "# /root/.smbcredentials\nusername=«user»\npassword=«S»\ndomain=BUH",
  "pw", "domain=BUH")
t(CFG, "keepalived-auth-pass",
  "vrrp_instance VI_1 {\n    state MASTER\n    interface eth0\n    virtual_router_id 51\n    authentication {\n        auth_type PASS\n        auth_pass «S»\n    }\n}",
  "an8", "virtual_router_id 51")
t(CFG, "haproxy-stats-auth",
  "listen stats\n    bind *:8404\n    stats enable\n    stats uri /stats\n    stats auth admin:«S»",
  "pwu", "stats uri /stats")
t(CFG, "mikrotik-export-ppp-secret",
  "/ppp secret\nadd name=«user» password=«S» profile=vpn-profile service=l2tp\nadd name=kassa2 profile=vpn-profile service=l2tp",
  "pwu", "profile=vpn-profile")
t(CFG, "mikrotik-ipsec-identity-secret",
  "/ip ipsec identity\nadd peer=office-ankara secret=\"«S»\" generate-policy=port-strict",
  "pwr", "peer=office-ankara")
t(CFG, "strongswan-ipsec-secrets-psk",
  "# /etc/ipsec.secrets\n«pubip» %any : PSK \"«S»\"",
  "pwr", "/etc/ipsec.secrets")
t(CFG, "hostapd-wpa-passphrase",
  "interface=wlan0\nssid=Ofis-5G\nhw_mode=a\nwpa=2\nwpa_passphrase=«S»\nwpa_key_mgmt=WPA-PSK",
  "pwh", "ssid=Ofis-5G")
t(CFG, "netplan-wifi-password",
  "network:\n  version: 2\n  wifis:\n    wlan0:\n      dhcp4: true\n      access-points:\n        \"Dukani_Staff\":\n          password: \"«S»\"",
  "pwh", "\"Dukani_Staff\"")
t(CFG, "sentry-dsn-legacy-secret",
  "SENTRY_DSN=https://«hex32»:«S»@sentry.«dom»/«dig2»\nSENTRY_ENVIRONMENT=production",
  "hex32b", "SENTRY_ENVIRONMENT=production")
t(CFG, "yc-cli-config-yaml",
  "# ~/.config/yandex-cloud/config.yaml\ncurrent: default\nprofiles:\n  default:\n    token: «S»\n    cloud-id: «cloudid»\n    folder-id: «folder»\n    compute-default-zone: ru-central1-b",
  "yc_oauth", "compute-default-zone: ru-central1-b")
t(CFG, "alembic-ini-sqlalchemy-url",
  "[alembic]\nscript_location = migrations\nsqlalchemy.url = postgresql+psycopg2://«dbuser»:«S»@«host»/«db»",
  "pwu", "script_location = migrations")
t(CFG, "php-return-array-amocrm",
  "<?php\nreturn [\n    'amo' => [\n        'client_id' => '«uuid»',\n        'client_secret' => '«S»',\n        'redirect_uri' => 'https://«dom»/amo/callback',\n    ],\n];",
  "amo_secret", "'redirect_uri' => 'https://«dom»/amo/callback'")
t(CFG, "bitrix-crest-settings-json",
  "{\"C_REST_CLIENT_ID\":\"local.«hex13».«dig8»\",\"C_REST_CLIENT_SECRET\":\"«S»\",\"C_REST_WEB_HOOK_URL\":\"\"}",
  lambda g: _s(_AN, 50), "C_REST_CLIENT_ID")
t(CFG, "grafana-ini-security",
  "[security]\nadmin_user = admin\nadmin_password = «S»\ncookie_secure = true",
  "pw", "cookie_secure = true")
t(CFG, "zabbix-agent-psk-file",
  "# /etc/zabbix/zabbix_agentd.psk  (TLSPSKIdentity=PSK-«host»)\n«S»",
  "hex64", "TLSPSKIdentity=PSK-«host»")
t(CFG, "prometheus-scrape-basic-auth",
  "scrape_configs:\n  - job_name: 1c-exporter\n    basic_auth:\n      username: «user»\n      password: «S»\n    static_configs:\n      - targets: ['«ip»:9103']",
  "pw", "job_name: 1c-exporter")
t(CFG, "kibana-yml-elasticsearch-password",
  "server.host: \"0.0.0.0\"\nelasticsearch.hosts: [\"https://«ip»:9200\"]\nelasticsearch.username: \"kibana_system\"\nelasticsearch.password: \"«S»\"",
  "pwr", "elasticsearch.username: \"kibana_system\"")
t(CFG, "postfix-sasl-passwd-line",
  "# /etc/postfix/sasl_passwd\n[smtp.yandex.ru]:465 «email»:«S»",
  "lw16", "[smtp.yandex.ru]:465")


# ===========================================================================
# source-code: excerpts of code with credentials in it
# ===========================================================================
t(SRC, "py-telebot-hardcoded-token",
  "import telebot\n\nbot = telebot.TeleBot(\"«S»\")\n\n@bot.message_handler(commands=['start'])\ndef start(m):\n    bot.reply_to(m, \"Салом! Буюртма рақамини юборинг.\")",
  "tg_bot", "@bot.message_handler(commands=['start'])")
t(SRC, "py-aiogram-bot-token-kwarg",
  "from aiogram import Bot, Dispatcher\nfrom aiogram.enums import ParseMode\n\nbot = Bot(token=\"«S»\", parse_mode=ParseMode.HTML)\ndp = Dispatcher()",
  "tg_bot", "dp = Dispatcher()")
t(SRC, "py-telethon-api-hash-const",
  "API_ID = «dig8»\nAPI_HASH = \"«S»\"\nclient = TelegramClient(\"parser\", API_ID, API_HASH, proxy=(\"socks5\", \"127.0.0.1\", 1080))",
  "hex32", "TelegramClient(\"parser\"")
t(SRC, "py-daraja-stk-password-build",
  "shortcode = \"174379\"\npasskey = \"«S»\"\ntimestamp = datetime.now().strftime(\"%Y%m%d%H%M%S\")\npassword = base64.b64encode((shortcode + passkey + timestamp).encode()).decode()",
  "daraja_passkey", "timestamp = datetime.now()")
t(SRC, "js-paystack-require-key",
  "// services/paystack.js\nconst paystack = require('paystack-api')('«S»');\n\nexports.verify = (ref) => paystack.transaction.verify({ reference: ref });",
  "paystack_sk", "exports.verify")
t(SRC, "ts-flutterwave-sdk-ctor",
  "import Flutterwave from 'flutterwave-node-v3';\n\nconst flw = new Flutterwave(process.env.FLW_PUBLIC_KEY!, '«S»');",
  "flw_sec", "process.env.FLW_PUBLIC_KEY!")
t(SRC, "php-iyzipay-options-setsecretkey",
  "$options = new \\Iyzipay\\Options();\n$options->setApiKey(getenv('IYZI_API_KEY'));\n$options->setSecretKey(\"«S»\");\n$options->setBaseUrl(\"https://sandbox-api.iyzipay.com\");",
  "iyzi_sandbox", "getenv('IYZI_API_KEY')")
t(SRC, "php-paytr-merchant-key-vars",
  "$merchant_id   = '«dig6»';\n$merchant_key  = '«S»';\n$merchant_salt = getenv('PAYTR_SALT');\n$hash_str = $merchant_id . $user_ip . $merchant_oid . $email . $payment_amount;",
  "an16", "getenv('PAYTR_SALT')")
t(SRC, "java-hyperpay-access-token-const",
  "public final class HyperPayConfig {\n    public static final String ENTITY_ID = \"«hex32»\";\n    private static final String ACCESS_TOKEN = \"«S»\";\n}",
  "hyperpay", "ENTITY_ID = \"«hex32»\"")
t(SRC, "kotlin-tap-secret-todo",
  "object TapConfig {\n    val publicKey = \"pk_test_«an24»\"\n    val tapSecret = \"«S»\" // TODO: перенести в BuildConfig\n}",
  "tap_sk", "val publicKey = \"pk_test_«an24»\"")
t(SRC, "swift-momo-subscription-key",
  "enum MoMo {\n    static let baseURL = URL(string: \"https://proxy.momoapi.mtn.com\")!\n    static let subscriptionKey = \"«S»\"\n}",
  "momo_key", "proxy.momoapi.mtn.com")
t(SRC, "go-const-block-at-key",
  "const (\n\tatUsername = \"«atuser»\"\n\tatAPIKey   = \"«S»\"\n\tatSMSURL   = \"https://api.africastalking.com/version1/messaging\"\n)",
  "at_key", "atUsername = \"«atuser»\"")
t(SRC, "csharp-npgsql-connection-string",
  "var cs = \"Host=«host»;Port=5432;Database=«db»;Username=«dbuser»;Password=«S»;SSL Mode=Require\";\nawait using var conn = new NpgsqlConnection(cs);",
  "pwu", "new NpgsqlConnection(cs)")
t(SRC, "php-crest-define-webhook-url",
  "<?php\ndefine('C_REST_WEB_HOOK_URL', 'https://«portal».bitrix24.kz/rest/«dig1»/«S»/');\ndefine('C_REST_CURRENT_ENCODING', 'UTF-8');",
  "bitrix_code", "C_REST_CURRENT_ENCODING")
t(SRC, "php-amocrm-set-access-token",
  "$apiClient->setAccessToken(new AccessToken([\n    'access_token' => '«S»',\n    'expires' => «dig10»,\n    'baseDomain' => '«amo».amocrm.ru',\n]));",
  "jwt_amo", "'baseDomain' => '«amo».amocrm.ru'")
t(SRC, "py-yandexcloud-sdk-iam-token",
  "import yandexcloud\nfrom yandex.cloud.compute.v1.instance_service_pb2_grpc import InstanceServiceStub\n\nsdk = yandexcloud.SDK(iam_token=\"«S»\")",
  "yc_iam", "InstanceServiceStub")
t(SRC, "py-yandexgpt-headers-dict",
  "headers = {\n    \"Authorization\": \"Api-Key «S»\",\n    \"x-folder-id\": \"«folder»\",\n}\nbody = {\"modelUri\": f\"gpt://«folder»/yandexgpt-lite/latest\", \"messages\": msgs}",
  "yc_api", "\"x-folder-id\": \"«folder»\"")
t(SRC, "py-boto3-client-yandex-storage",
  "s3 = boto3.client(\n    \"s3\",\n    endpoint_url=\"https://storage.yandexcloud.net\",\n    aws_access_key_id=\"«yc_sak_id»\",\n    aws_secret_access_key=\"«S»\",\n    region_name=\"ru-central1\",\n)",
  "yc_sak", "region_name=\"ru-central1\"")
t(SRC, "js-vk-io-token-ctor",
  "import { VK } from 'vk-io';\n\nconst vk = new VK({ token: '«S»', apiVersion: '5.199' });",
  "vk_token", "apiVersion: '5.199'")
t(SRC, "py-vk-api-session-token",
  "import vk_api\n\nvk_session = vk_api.VkApi(token=\"«S»\")\nvk = vk_session.get_api()\nvk.messages.send(peer_id=«dig9», message=\"Заказ принят\", random_id=0)",
  "vk_token", "vk_session.get_api()")
t(SRC, "bsl-comconnector-connect-string",
  "Коннектор = Новый COMОбъект(\"V83.COMConnector\");\nСоединение = Коннектор.Connect(\"Srvr=\"\"«host»\"\";Ref=\"\"zup\"\";Usr=\"\"Обмен\"\";Pwd=\"\"«S»\"\";\");",
  "pwu", "V83.COMConnector")
t(SRC, "bsl-http-connection-positional-password",
  "ЗащищенноеСоединение = Новый ЗащищенноеСоединениеOpenSSL();\nСоединение = Новый HTTPСоединение(\"«host»\", 443, \"exchange\", \"«S»\", , 30, ЗащищенноеСоединение);\nОтвет = Соединение.Получить(Новый HTTPЗапрос(\"/hs/api/orders\"));",
  "pw", "Новый HTTPЗапрос(\"/hs/api/orders\")")
t(SRC, "bsl-ftp-connection-password",
  "FTP = Новый FTPСоединение(\"«host»\", 21, \"upload\", \"«S»\", , Истина);\nFTP.Записать(ИмяФайлаВыгрузки, \"/prices/price.xml\");",
  "pwc", "\"/prices/price.xml\"")
t(SRC, "sql-create-role-login-password",
  "-- migrations/0042_reporting_role.sql\nCREATE ROLE «dbuser» WITH LOGIN PASSWORD '«S»' CONNECTION LIMIT 5;\nGRANT pg_read_all_data TO «dbuser»;",
  "pw", "GRANT pg_read_all_data TO «dbuser»;")
t(SRC, "sql-alter-user-identified-by",
  "ALTER USER 'app'@'%' IDENTIFIED WITH caching_sha2_password BY '«S»';\nFLUSH PRIVILEGES;",
  "pw", "caching_sha2_password")
t(SRC, "sql-insert-payment-gateway-secret",
  "INSERT INTO payment_gateways (code, merchant_id, service_id, secret_key)\nVALUES ('click', '«dig5»', '«dig5b»', '«S»');",
  "an14", "INSERT INTO payment_gateways")
t(SRC, "py-requests-auth-tuple",
  "r = requests.get(f\"{BASE}/hs/exchange/v1/stock\", auth=(\"«user»\", \"«S»\"), timeout=10)\nr.raise_for_status()",
  "pw", "r.raise_for_status()")
t(SRC, "js-axios-auth-object",
  "const { data } = await axios.post(url, payload, {\n  auth: { username: '«user»', password: '«S»' },\n  timeout: 15000,\n});",
  "pw", "timeout: 15000")
t(SRC, "go-smtp-plainauth",
  "auth := smtp.PlainAuth(\"\", \"«email»\", \"«S»\", \"smtp.mail.ru\")\nerr := smtp.SendMail(\"smtp.mail.ru:587\", auth, from, to, msg)",
  "an20", "smtp.SendMail(\"smtp.mail.ru:587\"")
t(SRC, "java-drivermanager-getconnection",
  "Connection c = DriverManager.getConnection(\n    \"jdbc:mysql://«host»:3306/«db»?useSSL=true\",\n    \"«dbuser»\",\n    \"«S»\");",
  "pw", "jdbc:mysql://«host»:3306/«db»")
t(SRC, "py-psycopg2-connect-kwargs",
  "conn = psycopg2.connect(\n    host=\"«host»\", port=6432, dbname=\"«db»\",\n    user=\"«dbuser»\", password=\"«S»\",\n    sslmode=\"verify-full\", sslrootcert=\"/root/.postgresql/root.crt\")",
  "pw", "sslrootcert=\"/root/.postgresql/root.crt\"")
t(SRC, "node-pg-pool-config",
  "const pool = new Pool({\n  host: '«host»',\n  user: '«dbuser»',\n  password: '«S»',\n  database: '«db»',\n  port: 6432,\n});",
  "pw", "database: '«db»'")
t(SRC, "php-pdo-constructor-args",
  "$pdo = new PDO('mysql:host=localhost;dbname=«db»;charset=utf8mb4', 'shop', '«S»', [\n    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,\n]);",
  "pw", "PDO::ERRMODE_EXCEPTION")
t(SRC, "ruby-redis-new-url",
  "$redis = Redis.new(url: \"redis://:«S»@«ip»:6379/1\", timeout: 2)",
  "pwu", "timeout: 2")
t(SRC, "py-redis-url-constant",
  "REDIS_URL = \"redis://default:«S»@«host»:6379/0\"\ncache = redis.Redis.from_url(REDIS_URL, decode_responses=True)",
  "pwu", "decode_responses=True")
t(SRC, "py-pyjwt-encode-literal-secret",
  "def issue(user_id: int) -> str:\n    payload = {\"sub\": user_id, \"exp\": datetime.utcnow() + timedelta(days=7)}\n    return jwt.encode(payload, \"«S»\", algorithm=\"HS256\")",
  "pwr", "algorithm=\"HS256\"")
t(SRC, "js-jsonwebtoken-sign-literal",
  "const token = jwt.sign({ sub: user.id, role: user.role }, \"«S»\", { expiresIn: \"7d\" });",
  "hex48", "{ expiresIn: \"7d\" }")
t(SRC, "php-hash-hmac-paymob",
  "$concatenated = implode('', array_map(fn($k) => $obj[$k], $keys));\n$calculated = hash_hmac('sha512', $concatenated, '«S»');\nif (!hash_equals($calculated, $_GET['hmac'])) { http_response_code(403); }",
  "uan32", "http_response_code(403)")
t(SRC, "py-hmac-webhook-secret-bytes",
  "WEBHOOK_SECRET = b\"«S»\"\n\ndef valid(body: bytes, sig: str) -> bool:\n    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(mac, sig)",
  "an32", "hmac.compare_digest(mac, sig)")
t(SRC, "dart-const-chapa-secret",
  "// lib/config/payments.dart\nconst String chapaBaseUrl = 'https://api.chapa.co/v1';\nconst String chapaSecret = '«S»';",
  "chapa", "chapaBaseUrl")
t(SRC, "gradle-buildconfigfield-mapkit",
  "android {\n    defaultConfig {\n        buildConfigField \"String\", \"MAPKIT_API_KEY\", \"\\\"«S»\\\"\"\n    }\n}",
  "uuid", "buildConfigField \"String\", \"MAPKIT_API_KEY\"")
t(SRC, "py-liqpay-ctor-private-key",
  "from liqpay import LiqPay\n\nliqpay = LiqPay(\"sandbox_i«dig11»\", \"«S»\")\nhtml = liqpay.cnb_form({\"action\": \"pay\", \"amount\": \"1\", \"currency\": \"UAH\"})",
  "liqpay", "\"currency\": \"UAH\"")
t(SRC, "php-wayforpay-secret-comment",
  "$merchantAccount = 'test_merch_n1';\n$secretKey = '«S»'; // WayForPay merchant secret key\n$signature = hash_hmac('md5', implode(';', $fields), $secretKey);",
  "hex40", "$merchantAccount = 'test_merch_n1';")
t(SRC, "js-monobank-x-token-fetch",
  "const res = await fetch('https://api.monobank.ua/personal/client-info', {\n  headers: { 'X-Token': '«S»' },\n});",
  "mono", "api.monobank.ua/personal/client-info")
t(SRC, "py-przelewy24-crc-sign",
  "P24_MERCHANT_ID = «dig6»\nP24_CRC = \"«S»\"\nsign = hashlib.sha384(json.dumps({\"sessionId\": sid, \"merchantId\": P24_MERCHANT_ID, \"amount\": amount, \"currency\": \"PLN\", \"crc\": P24_CRC}, separators=(\",\", \":\")).encode()).hexdigest()",
  "hex16", "\"currency\": \"PLN\"")
t(SRC, "java-smsapi-pl-oauth-client",
  "OAuthClient client = new OAuthClient(\"«S»\");\nSmsFactory smsApi = new SmsFactory(client, new ProxyNative(\"https://api.smsapi.pl/\"));",
  "an40", "https://api.smsapi.pl/")
t(SRC, "py-kavenegar-api-ctor",
  "from kavenegar import KavenegarAPI\n\napi = KavenegarAPI('«S»')\napi.verify_lookup({'receptor': phone, 'token': code, 'template': 'otp'})",
  "kavenegar", "'template': 'otp'")
t(SRC, "php-zarinpal-merchant-id",
  "$zarinpal = new Zarinpal('«S»'); // merchant_id\n$result = $zarinpal->request('https://«dom»/verify', 10000, 'خرید اشتراک');",
  "uuid", "https://«dom»/verify")
t(SRC, "js-idpay-x-api-key-header",
  "const res = await axios.post('https://api.idpay.ir/v1.1/payment', body, {\n  headers: { 'X-API-KEY': '«S»', 'X-SANDBOX': 1 },\n});",
  "uuid", "api.idpay.ir/v1.1/payment")
t(SRC, "csharp-cardcom-api-password",
  "var req = new LowProfileRequest {\n    TerminalNumber = 1000,\n    ApiName = \"«an10»\",\n    ApiPassword = \"«S»\",\n    ReturnValue = orderId,\n};",
  "an12", "TerminalNumber = 1000")
t(SRC, "py-payplus-auth-header-json",
  "headers = {\n    \"Content-Type\": \"application/json\",\n    \"Authorization\": json.dumps({\"api_key\": os.environ[\"PAYPLUS_API_KEY\"], \"secret_key\": \"«S»\"}),\n}",
  "uuid", "os.environ[\"PAYPLUS_API_KEY\"]")
t(SRC, "go-unifonic-appsid-form",
  "form := url.Values{}\nform.Set(\"AppSid\", \"«S»\")\nform.Set(\"SenderID\", \"DUKANI\")\nform.Set(\"Recipient\", phone)",
  "an30", "form.Set(\"SenderID\", \"DUKANI\")")
t(SRC, "php-moyasar-set-api-key",
  "\\Moyasar\\Moyasar::setApiKey('«S»');\n$payment = \\Moyasar\\Providers\\PaymentService::fetch($id);",
  "moyasar", "PaymentService::fetch($id)")
t(SRC, "ts-checkout-com-ctor",
  "import { Checkout } from 'checkout-sdk-node';\n\nconst cko = new Checkout('«S»', { pk: 'pk_sbox_«lan26»' });",
  "checkout", "checkout-sdk-node")
t(SRC, "py-paymob-auth-tokens-post",
  "resp = requests.post(\n    \"https://accept.paymob.com/api/auth/tokens\",\n    json={\"api_key\": \"«S»\"},\n    timeout=20,\n)\nauth_token = resp.json()[\"token\"]",
  "paymob_key", "accept.paymob.com/api/auth/tokens")
t(SRC, "php-fawry-security-key-signature",
  "$merchantCode = '«an16»';\n$securityKey  = \"«S»\";\n$signature = hash('sha256', $merchantCode . $merchantRefNum . $customerProfileId . $returnUrl . $itemId . $qty . $price . $securityKey);",
  "hex32", "$merchantRefNum")
t(SRC, "ruby-termii-frozen-const",
  "module Sms\n  TERMII_KEY = \"«S»\".freeze\n  SENDER_ID = \"Lagosmart\"\nend",
  "termii", "SENDER_ID = \"Lagosmart\"")
t(SRC, "py-hubtel-httpbasicauth",
  "auth = HTTPBasicAuth(\"«lan8»\", \"«S»\")\nr = requests.post(\"https://smsc.hubtel.com/v1/messages/send\", auth=auth, json=msg)",
  "lan10", "smsc.hubtel.com/v1/messages/send")
t(SRC, "js-payfast-passphrase-const",
  "const merchantId = '«dig8»';\nconst passphrase = '«S»'; // must match Settings > Developer Settings > Salt Passphrase",
  "pwp", "Salt Passphrase")
t(SRC, "py-selcom-api-secret-const",
  "SELCOM_API_KEY = os.getenv(\"SELCOM_API_KEY\")\nSELCOM_API_SECRET = \"«S»\"\nSELCOM_VENDOR = \"TILL«dig8»\"",
  "hex40", "os.getenv(\"SELCOM_API_KEY\")")
t(SRC, "java-mpesa-security-credential-literal",
  "// generated with the production certificate\nString securityCredential = \"«S»\";\nb2c.setInitiatorName(\"apiop«dig2»\");",
  "daraja_cred", "b2c.setInitiatorName")
t(SRC, "php-cinetpay-apikey-site-id",
  "$apikey  = \"«S»\";\n$site_id = \"«dig6»\";\n$CinetPay = new CinetPay($site_id, $apikey);",
  "cinetpay", "new CinetPay($site_id, $apikey)")
t(SRC, "py-paydunya-master-key-dict",
  "paydunya.debug = True\npaydunya.api_keys = {\n    \"PAYDUNYA-MASTER-KEY\": \"«S»\",\n    \"PAYDUNYA-PRIVATE-KEY\": os.environ[\"PAYDUNYA_PRIVATE_KEY\"],\n    \"PAYDUNYA-TOKEN\": os.environ[\"PAYDUNYA_TOKEN\"],\n}",
  "paydunya_master", "os.environ[\"PAYDUNYA_TOKEN\"]")
t(SRC, "kotlin-telebirr-app-key",
  "object Telebirr {\n    const val SHORT_CODE = \"«dig6»\"\n    private const val APP_KEY = \"«S»\" // fabric app key\n}",
  "hex32", "SHORT_CODE = \"«dig6»\"")
t(SRC, "js-ozon-seller-headers",
  "const ozon = axios.create({\n  baseURL: 'https://api-seller.ozon.ru',\n  headers: { 'Client-Id': '«dig6»', 'Api-Key': '«S»' },\n});",
  "uuid", "baseURL: 'https://api-seller.ozon.ru'")
t(SRC, "py-wildberries-token-const",
  "WB_TOKEN = \"«S»\"\nr = httpx.get(\"https://suppliers-api.wildberries.ru/api/v3/orders/new\", headers={\"Authorization\": WB_TOKEN})",
  "jwt_wb", "suppliers-api.wildberries.ru")
t(SRC, "go-gigachat-basic-header",
  "req, _ := http.NewRequest(\"POST\", \"https://ngw.devices.sberbank.ru:9443/api/v2/oauth\", strings.NewReader(\"scope=GIGACHAT_API_PERS\"))\nreq.Header.Set(\"Authorization\", \"Basic «S»\")\nreq.Header.Set(\"RqUID\", uuid.NewString())",
  "gigachat", "scope=GIGACHAT_API_PERS")
t(SRC, "js-dadata-token-ctor",
  "const dadata = new DaData('«S»', process.env.DADATA_SECRET);\nconst res = await dadata.suggest('address', 'Казань Баумана');",
  "hex40", "process.env.DADATA_SECRET")
t(SRC, "php-smsru-api-id-ctor",
  "require_once 'sms.ru.php';\n$smsru = new SMSRU('«S»');\n$data = new stdClass();\n$data->to = '«phone»';",
  lambda g: _uuid().upper(), "require_once 'sms.ru.php';")
t(SRC, "py-retailcrm-client-v5",
  "from retailcrm import v5\n\nclient = v5(\"https://«lw8».retailcrm.ru\", \"«S»\")\norders = client.orders({\"status\": \"new\"}, limit=100)",
  "an32", "retailcrm.ru")


# ===========================================================================
# stack-trace-or-log: tracebacks and log lines that leaked a credential
# ===========================================================================
t(LOG, "sqlalchemy-operationalerror-engine-url",
  "sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at \"«host»\" («ip»), port 6432 failed: timeout expired\n\n(Background on this error at: https://sqlalche.me/e/20/e3q8)\n  engine = create_engine(\"postgresql://«dbuser»:«S»@«host»:6432/«db»\")",
  "pwu", "https://sqlalche.me/e/20/e3q8")
t(LOG, "requests-connectionerror-telegram-url",
  "Traceback (most recent call last):\n  File \"/app/bot/notify.py\", line 88, in notify\n    r = requests.post(f\"https://api.telegram.org/bot{TOKEN}/sendMessage\", data=payload)\nrequests.exceptions.ConnectionError: HTTPSConnectionPool(host='api.telegram.org', port=443): Max retries exceeded with url: /bot«S»/sendMessage (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f3a2c1d5e10>: Failed to establish a new connection: [Errno 101] Network is unreachable'))",
  "tg_bot", "File \"/app/bot/notify.py\", line 88")
t(LOG, "nginx-access-query-access-token",
  "«pubip» - - [«nginxts»] \"GET /api/export?access_token=«S»&format=xlsx HTTP/1.1\" 200 48213 \"-\" \"Mozilla/5.0 (Windows NT 10.0; Win64; x64)\"",
  "an40", "format=xlsx")
t(LOG, "nginx-access-bitrix-rest-webhook",
  "«pubip» - - [«nginxts»] \"POST /rest/«dig1»/«S»/crm.contact.add.json HTTP/1.1\" 200 61 \"-\" \"GuzzleHttp/7\"",
  "bitrix_code", "crm.contact.add.json")
t(LOG, "php-fatal-pdo-trace-args",
  "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'shop'@'localhost' (using password: YES) in /var/www/html/inc/db.php:5\nStack trace:\n#0 /var/www/html/inc/db.php(5): PDO->__construct('mysql:host=loca...', 'shop', '«S»')\n#1 /var/www/html/index.php(3): require_once('/var/www/html/i...')\n#2 {main}",
  "pwshort", "/var/www/html/inc/db.php:5")
t(LOG, "hikari-debug-jdbc-url-password",
  "Caused by: org.postgresql.util.PSQLException: FATAL: password authentication failed for user \"«dbuser»\"\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)\n«date» 10:14:02.118 DEBUG com.zaxxer.hikari.HikariConfig - jdbcUrl.........................jdbc:postgresql://«host»:5432/«db»?user=«dbuser»&password=«S»",
  "pwu", "ConnectionFactoryImpl.java:693")
t(LOG, "node-axios-error-config-headers",
  "AxiosError: Request failed with status code 401\n    at settle (/srv/app/node_modules/axios/dist/node/axios.cjs:1966:12)\n  config: {\n    headers: Object [AxiosHeaders] {\n      Accept: 'application/json, text/plain, */*',\n      Authorization: 'Bearer «S»',\n      'User-Agent': 'axios/1.6.8'\n    },\n    method: 'post',\n    url: 'https://api.paystack.co/transferrecipient'",
  "paystack_sk", "url: 'https://api.paystack.co/transferrecipient'")
t(LOG, "go-panic-mysql-dsn",
  "panic: dial tcp «ip»:3306: connect: connection refused\n\ngoroutine 1 [running]:\nmain.mustDB({0xc0000a4000, 0x3c})\n\t/src/cmd/api/main.go:41 +0x1c5\nexit status 2\n# dsn=«dbuser»:«S»@tcp(«ip»:3306)/«db»?parseTime=true&loc=Local",
  "pwu", "/src/cmd/api/main.go:41")
t(LOG, "celery-broker-url-connect-error",
  "[«date» 04:12:09,114: ERROR/MainProcess] consumer: Cannot connect to amqp://«user»:«S»@«host»:5672//: [Errno 111] Connection refused.\nTrying again in 4.00 seconds... (2/100)",
  "pwu", "Trying again in 4.00 seconds")
t(LOG, "laravel-ignition-env-dump",
  "Illuminate\\Database\\QueryException: SQLSTATE[HY000] [2002] Connection refused\n...\nEnvironment\n  \"APP_ENV\" => \"production\"\n  \"DB_HOST\" => \"«ip»\"\n  \"DB_USERNAME\" => \"forge\"\n  \"DB_PASSWORD\" => \"«S»\"",
  "pw", "SQLSTATE[HY000] [2002] Connection refused")
t(LOG, "django-debug-settings-unmasked-url",
  "Settings\nUsing settings module config.settings.prod\nSetting                 Value\nSMS_GATEWAY_URL         'https://«user»:«S»@sms.«dom»/api/send'\nTIME_ZONE               'Africa/Nairobi'",
  "pwu", "'Africa/Nairobi'")
t(LOG, "uwsgi-request-log-query-password",
  "[pid: 1123|app: 0|req: 55/210] «pubip» () {44 vars in 802 bytes} [«nginxts»] POST /login?username=«user»&password=«S» => generated 0 bytes in 12 msecs (HTTP/1.1 302) 4 headers in 169 bytes",
  "pwu", "generated 0 bytes in 12 msecs")
t(LOG, "zap-json-outgoing-headers",
  "{\"level\":\"debug\",\"ts\":\"«ts»\",\"caller\":\"flw/client.go:92\",\"msg\":\"outgoing request\",\"method\":\"POST\",\"url\":\"https://api.flutterwave.com/v3/transfers\",\"headers\":{\"Authorization\":\"Bearer «S»\",\"Content-Type\":\"application/json\"}}",
  "flw_sec", "\"caller\":\"flw/client.go:92\"")
t(LOG, "logfmt-telegram-send-failed",
  "ts=«ts» level=warn caller=notify.go:77 msg=\"telegram send failed\" token=«S» chat=«chatid» err=\"Forbidden: bot was blocked by the user\"",
  "tg_bot", "bot was blocked by the user")
t(LOG, "journald-config-dict-print",
  "May 11 03:14:07 «svc»-vm zakaz-bot[4121]: INFO config loaded: {'token': '«S»', 'admin': «dig9», 'lang': 'ru'}",
  "tg_bot", "INFO config loaded")
t(LOG, "mysql-entrypoint-generated-root-password",
  "db-1  | «date» 09:01:44+00:00 [Note] [Entrypoint]: Initializing database files\ndb-1  | «date» 09:01:51+00:00 [Note] [Entrypoint]: GENERATED ROOT PASSWORD: «S»",
  lambda g: _s(_AN + "+/=.:,", 32), "[Entrypoint]: Initializing database files")
t(LOG, "postgres-log-statement-alter-role",
  "«date» 10:02:11.123 MSK [2211] app@erp LOG:  statement: ALTER ROLE reporting WITH PASSWORD '«S»';",
  "pw", "app@erp LOG:")
t(LOG, "mysql-general-log-set-password",
  "«ts»\t   18 Query\tSET PASSWORD FOR 'buh'@'%' = '«S»'",
  "pw", "Query\tSET PASSWORD FOR 'buh'@'%'")
t(LOG, "sentry-breadcrumb-http-headers",
  "Breadcrumb [http] POST https://api.africastalking.com/version1/messaging -> 401\n  request headers: {'apiKey': '«S»', 'Accept': 'application/json'}",
  "at_key", "api.africastalking.com/version1/messaging -> 401")
t(LOG, "android-logcat-okhttp-headers",
  "05-12 10:41:22.301  8812  8890 D OkHttp  : --> POST https://api.tap.company/v2/charges\n05-12 10:41:22.301  8812  8890 D OkHttp  : Authorization: Bearer «S»\n05-12 10:41:22.302  8812  8890 D OkHttp  : Content-Type: application/json; charset=utf-8",
  "tap_sk", "api.tap.company/v2/charges")
t(LOG, "curl-verbose-request-basic-header",
  "*   Trying «pubip»:443...\n* Connected to api.hubtel.com («pubip») port 443\n> GET /v2/merchantaccount/merchants/«dig7»/transactions/status HTTP/2\n> Host: api.hubtel.com\n> authorization: Basic «S»\n> user-agent: curl/8.5.0",
  lambda g: _basic(g("lan8"), g("lan10")), "> Host: api.hubtel.com")
t(LOG, "spring-debug-property-binding",
  "«date» 08:00:01.442 DEBUG 1 --- [main] o.s.b.c.p.b.BindResult : Bound spring.mail.password=«S» (origin: class path resource [application-prod.yml] - 31:15)",
  "an20", "application-prod.yml")
t(LOG, "node-console-config-object",
  "Config loaded: {\n  port: 3000,\n  amo: { subdomain: '«amo»', clientId: '«uuid»', clientSecret: '«S»' },\n  redisUrl: 'redis://redis:6379'\n}",
  "amo_secret", "redisUrl: 'redis://redis:6379'")
t(LOG, "python-logging-stk-push-payload",
  "«date» 11:03:44,120 DEBUG daraja.client: STK push payload={'BusinessShortCode': '174379', 'Password': '«S»', 'Timestamp': '«ts14»', 'TransactionType': 'CustomerPayBillOnline', 'Amount': 10}",
  lambda g: _b64("174379" + g("daraja_passkey") + g("ts14")), "'TransactionType': 'CustomerPayBillOnline'")
t(LOG, "phpmailer-smtp-debug-auth-login",
  "2024-05-12 08:14:51\tSERVER -> CLIENT: 334 VXNlcm5hbWU6\n2024-05-12 08:14:51\tCLIENT -> SERVER: «b64email»\n2024-05-12 08:14:51\tSERVER -> CLIENT: 334 UGFzc3dvcmQ6\n2024-05-12 08:14:51\tCLIENT -> SERVER: «S»\n2024-05-12 08:14:51\tSERVER -> CLIENT: 235 2.7.0 Authentication successful",
  lambda g: _b64(g("pw")), "235 2.7.0 Authentication successful")
t(LOG, "sshd-invalid-user-is-password",
  "May 12 02:11:09 «svc»-01 sshd[2211]: Invalid user «S» from «ip» port 52144\nMay 12 02:11:12 «svc»-01 sshd[2211]: Failed password for invalid user «S» from «ip» port 52144 ssh2",
  "pwh", "from «ip» port 52144")
t(LOG, "rails-log-params-unfiltered",
  "Started POST \"/admin/sign_in\" for «pubip» at «date» 12:01:03 +0300\nProcessing by Admin::SessionsController#create as HTML\n  Parameters: {\"authenticity_token\"=>\"[FILTERED]\", \"admin\"=>{\"email\"=>\"«email»\", \"pin_code\"=>\"«S»\"}}",
  "pwh", "Admin::SessionsController#create")
t(LOG, "uvicorn-access-webhook-token-path",
  "INFO:     «ip»:51234 - \"POST /webhook/telegram/«S» HTTP/1.1\" 200 OK",
  "tg_bot", "HTTP/1.1\" 200 OK")
t(LOG, "1c-techlog-excp-descr-password",
  "45:12.345012-0,EXCP,1,process=rphost,p:processName=ut11,Usr=Обмен,Descr='Ошибка соединения с HTTP-сервером: https://«host»/hs/api; Пользователь=exchange; Пароль=«S»'",
  "pwc", "process=rphost")
t(LOG, "bitrix-app-log-auth-id",
  "«date» 09:01:12 - Host: «portal».bitrix24.ru - event: ONCRMDEALUPDATE - AUTH_ID: «S» - member_id: «hex32»",
  "bitrix_auth", "event: ONCRMDEALUPDATE")
t(LOG, "traefik-json-access-authorization",
  "{\"ClientHost\":\"«pubip»\",\"RequestMethod\":\"GET\",\"RequestPath\":\"/metrics\",\"DownstreamStatus\":200,\"request_Authorization\":\"Basic «S»\",\"time\":\"«ts»\"}",
  lambda g: _basic("prometheus", g("pwu")), "\"RequestPath\":\"/metrics\"")
t(LOG, "haproxy-captured-session-cookie",
  "«pubip»:50221 [12/May/2024:10:00:01.123] fe_https be_app/app1 0/0/1/15/16 200 512 sessionid=«S» - ---- 1/1/0/0/0 0/0 \"GET /dashboard HTTP/1.1\"",
  "lan32", "fe_https be_app/app1")
t(LOG, "grafana-request-log-session-cookie",
  "logger=context userId=3 orgId=1 uname=«user» t=«ts» level=info msg=\"Request Completed\" method=GET path=/api/user status=200 remote_addr=«ip» cookie=\"grafana_session=«S»\"",
  "hex32", "msg=\"Request Completed\"")
t(LOG, "ruby-pg-connectionbad-url",
  "PG::ConnectionBad: connection to server at \"«ip»\", port 5432 failed: FATAL:  no pg_hba.conf entry for host \"«ip»\"\n  from /app/config/initializers/db.rb:4 (url=postgres://«dbuser»:«S»@«host»/«db»)",
  "pwu", "/app/config/initializers/db.rb:4")
t(LOG, "dotnet-sqlexception-connection-string",
  "System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'sa'.\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)\nClientConnectionId:«uuid»\nConnectionString: Server=«ip»;Database=«db»;User Id=sa;Password=«S»;",
  "pw", "Login failed for user 'sa'.")
t(LOG, "k8s-crashloop-invalid-key-message",
  "$ kubectl logs checkout-api-«lan5»-«lan5b» --previous\nError: invalid FLW_SECRET_KEY \"«S»\": expected prefix FLWSECK-\n    at loadConfig (/app/dist/config.js:22:11)",
  "flw_enc", "/app/dist/config.js:22:11")
t(LOG, "terraform-debug-authorization-header",
  "«ts» [DEBUG] provider.terraform-provider-yandex_v0.120.0: Request: POST /compute/v1/instances HTTP/1.1\nHost: compute.api.cloud.yandex.net\nAuthorization: Bearer «S»\nX-Request-Id: «uuid»",
  "yc_iam", "Host: compute.api.cloud.yandex.net")
t(LOG, "yc-cli-debug-request-body",
  "DEBUG: request: POST https://iam.api.cloud.yandex.net/iam/v1/tokens\nDEBUG: body={\"yandexPassportOauthToken\":\"«S»\"}\nDEBUG: response 200 in 143ms",
  "yc_oauth", "iam.api.cloud.yandex.net/iam/v1/tokens")
t(LOG, "vk-api-error-request-params",
  "vk_api.exceptions.ApiError: [5] User authorization failed: invalid access_token (4).\nrequest_params: [{'key': 'method', 'value': 'messages.send'}, {'key': 'oauth', 'value': '1'}, {'key': 'access_token', 'value': '«S»'}, {'key': 'v', 'value': '5.199'}]",
  "vk_token", "'value': 'messages.send'")
t(LOG, "monolog-amocrm-401-context",
  "[«ts»] amo.ERROR: 401 Unauthorized {\"request\":\"GET /api/v4/contacts?page=2\",\"auth\":\"Bearer «S»\"} []",
  "jwt_amo", "amo.ERROR: 401 Unauthorized")
t(LOG, "momo-requesttopay-log-line",
  "«date» 14:22:03 INFO  momo.collection - requestToPay X-Reference-Id=«uuid» X-Target-Environment=mtnghana Ocp-Apim-Subscription-Key=«S» status=202",
  "momo_key", "X-Target-Environment=mtnghana")
t(LOG, "africastalking-exception-apikey",
  "AfricasTalkingGatewayException: The supplied authentication is invalid\n  username=«atuser» apikey=«S» endpoint=https://api.sandbox.africastalking.com/version1/messaging",
  lambda g: _hex(64), "AfricasTalkingGatewayException")
t(LOG, "iyzipay-debug-iyzws-header",
  "iyzipay request: POST /payment/auth headers={'Authorization': 'IYZWS «S»', 'x-iyzi-rnd': '«dig12»', 'x-iyzi-client-version': 'iyzipay-python-1.0.45'}",
  lambda g: g("iyzi_live") + ":" + _b64(_rbytes(20)), "'x-iyzi-rnd': '«dig12»'")
t(LOG, "php-curl-httpheader-print-r",
  "[«date» 15:40:22] hyperpay.DEBUG: curl options Array\n(\n    [CURLOPT_URL] => https://eu-prod.oppwa.com/v1/checkouts\n    [CURLOPT_HTTPHEADER] => Array ( [0] => Authorization:Bearer «S» )\n)",
  "hyperpay", "https://eu-prod.oppwa.com/v1/checkouts")
t(LOG, "selectel-sdk-debug-x-token",
  "«date» 12:00:01 DEBUG selvpcclient.httpclient: REQ: curl -g -i -X GET https://api.selectel.ru/vpc/resell/v2/projects -H \"X-Token: «S»\" -H \"Accept: application/json\"",
  "selectel_token", "selvpcclient.httpclient")
t(LOG, "ioredis-error-with-url",
  "[ioredis] Unhandled error event: ReplyError: WRONGPASS invalid username-password pair or user is disabled.\n    at parseError (/app/node_modules/redis-parser/lib/parser.js:179:12)\n    url: redis://:«S»@«host»:6379/2",
  "pwu", "WRONGPASS invalid username-password pair")
t(LOG, "browser-console-websocket-token",
  "WebSocket connection to 'wss://«host»/ws/orders?token=«S»' failed: Error during WebSocket handshake: Unexpected response code: 403\n    connect @ socket.ts:41",
  "jwt", "connect @ socket.ts:41")
t(LOG, "browser-console-geocoder-apikey",
  "GET https://geocode-maps.yandex.ru/1.x/?apikey=«S»&geocode=Алматы,+Абая+10&format=json 403 (Forbidden)\n(anonymous) @ delivery-map.js:118",
  "uuid", "delivery-map.js:118")
t(LOG, "urllib3-proxyerror-proxy-url",
  "urllib3.exceptions.ProxyError: ('Unable to connect to proxy', OSError('Tunnel connection failed: 407 Proxy Authentication Required'))\nproxies={'https': 'http://«user»:«S»@«pubip»:3128'}",
  "pwu", "407 Proxy Authentication Required")
t(LOG, "npm-debug-log-authtoken",
  "12 verbose cli /usr/bin/node /usr/bin/npm\n13 verbose config //registry.«dom»/:_authToken=«S»\n14 silly logfile done cleaning log files",
  "npm_tok", "silly logfile done cleaning log files")
t(LOG, "git-trace-credential-fill",
  "20:01:33.112204 run-command.c:657   trace: run_command: 'git credential-store get'\nprotocol=https\nhost=gitlab.«dom»\nusername=«user»\npassword=«S»",
  "glpat", "trace: run_command: 'git credential-store get'")
t(LOG, "ansible-fatal-cmd-with-password",
  "fatal: [«host»]: FAILED! => {\"changed\": true, \"cmd\": \"mysql -u root -p«S» -e 'CREATE DATABASE zup'\", \"msg\": \"non-zero return code\", \"rc\": 1, \"stderr\": \"ERROR 1007 (HY000): Can't create database 'zup'; database exists\"}",
  "pwu", "ERROR 1007 (HY000)")
t(LOG, "gunicorn-debug-raw-env",
  "[«date» 10:00:00 +0300] [1] [DEBUG] Current configuration:\n  config: ./gunicorn.conf.py\n  bind: ['0.0.0.0:8000']\n  raw_env: ['TAP_SECRET=«S»', 'DJANGO_SETTINGS_MODULE=config.settings.prod']",
  "tap_sk", "bind: ['0.0.0.0:8000']")
t(LOG, "windows-4688-process-command-line",
  "Event ID 4688: A new process has been created.\n  New Process Name: C:\\Windows\\System32\\net.exe\n  Process Command Line: net user svc_1c «S» /add /expires:never",
  "pwu", "C:\\Windows\\System32\\net.exe")
t(LOG, "powershell-transcript-invoke-sqlcmd",
  "**********************\nPS C:\\> Invoke-Sqlcmd -ServerInstance «ip» -Username sa -Password '«S»' -Query \"SELECT @@VERSION\"\n\nColumn1\n-------\nMicrosoft SQL Server 2019 (RTM-CU22)",
  "pw", "Microsoft SQL Server 2019")
t(LOG, "bash-xtrace-curl-u",
  "+ QUEUE=orders\n+ curl -s -u admin:«S» http://«ip»:15672/api/queues/%2F/orders\n{\"messages\":1204,\"consumers\":0}",
  "pwu", "/api/queues/%2F/orders")
t(LOG, "kafka-client-jaas-config-print",
  "[«date» 07:30:12,004] INFO ProducerConfig values:\n\tbootstrap.servers = [«host»:9091]\n\tsasl.jaas.config = org.apache.kafka.common.security.scram.ScramLoginModule required username=\"«user»\" password=\"«S»\";\n\tsasl.mechanism = SCRAM-SHA-512",
  "pwu", "sasl.mechanism = SCRAM-SHA-512")
t(LOG, "webhook-signature-mismatch-key",
  "WARN  webhook.paystack: signature mismatch, computed with key=«S» expected=«hex128»",
  "paystack_sk", "webhook.paystack: signature mismatch")
t(LOG, "mongod-json-log-connect-uri",
  "{\"t\":{\"$date\":\"«ts»\"},\"s\":\"I\",\"c\":\"NETWORK\",\"id\":4333208,\"ctx\":\"ReplicaSetMonitor\",\"msg\":\"Connecting\",\"attr\":{\"uri\":\"mongodb+srv://«dbuser»:«S»@cluster0.«lw5».mongodb.net/?retryWrites=true\"}}",
  "pwu", "\"ctx\":\"ReplicaSetMonitor\"")
t(LOG, "yc-function-log-secret-token-header",
  "REQUEST «uuid»: event.headers={'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': '«S»', 'X-Real-Remote-Address': '[«pubip»]:443'}",
  "an32", "'Content-Type': 'application/json'")
t(LOG, "php-warning-file-get-contents-smsc",
  "PHP Warning:  file_get_contents(https://smsc.kz/sys/send.php?login=«user»&psw=«S»&phones=«phone»&mes=%D0%9A%D0%BE%D0%B4): Failed to open stream: HTTP request failed! HTTP/1.1 503 in /var/www/sms.php on line 14",
  "pwu", "/var/www/sms.php on line 14")
t(LOG, "moysklad-401-log-token",
  "«date» 06:15:00 [ERROR] МойСклад вернул 401 для токена «S» (GET /api/remap/1.2/entity/product?limit=1000)",
  "hex40", "/api/remap/1.2/entity/product")
t(LOG, "python-traceback-locals-password",
  "Traceback (most recent call last):\n  File \"/opt/sync/onec.py\", line 52, in fetch_stock\n    resp = session.get(url, auth=(login, password), timeout=30)\n    login = 'obmen'\n    password = '«S»'\nrequests.exceptions.ReadTimeout: HTTPConnectionPool(host='«ip»', port=80): Read timed out. (read timeout=30)",
  "pwc", "File \"/opt/sync/onec.py\", line 52")
_G["b64email"] = lambda: _b64(_email())


# ===========================================================================
# note-or-chat: running notes, goals, decisions, pasted chat messages
# ===========================================================================
t(NOTE, "ru-chat-prod-db-password-handover",
  "Дима: скинь пароль от прода плиз, горит\nОля: pg на «host», юзер «dbuser», пароль «S» — только не коммить 🙏",
  "pw", "юзер «dbuser»")
t(NOTE, "uk-note-bot-token-botfather",
  "Нотатка: токен бота для сповіщень про замовлення — «S», бот @«botname». Після релізу перевипустити через @BotFather.",
  "tg_bot", "перевипустити через @BotFather")
t(NOTE, "pl-chat-hosting-ftp-haslo",
  "Kasia: hasło do FTP na hostingu (home.pl) to «S», login «user». Nie wrzucaj tego na Slacka ogólny, ok?",
  "pw", "login «user»")
t(NOTE, "tr-whatsapp-iyzico-secret",
  "Mehmet: iyzico canlı ortam secret key: «S» — kimseyle paylaşma lütfen, yarın panelden yenileriz.",
  "iyzi_live", "kimseyle paylaşma lütfen")
t(NOTE, "ar-chat-paytabs-server-key",
  "أحمد: مفتاح الخادم الخاص بـ PayTabs هو «S» — لا ترفعه على GitHub من فضلك",
  "paytabs", "لا ترفعه على GitHub")
t(NOTE, "fa-note-zarinpal-merchant",
  "یادداشت: مرچنت کد زرین‌پال برای فروشگاه: «S» — فقط روی سرور production تنظیم شود.",
  "uuid", "فقط روی سرور production تنظیم شود")
t(NOTE, "he-chat-cardcom-api-password",
  "נועה: הסיסמה ל-API של קארדקום היא «S» , שם המשתמש «user». אל תשלחו את זה בקבוצה הכללית",
  "an12", "שם המשתמש «user»")
t(NOTE, "sw-chat-mpesa-passkey",
  "Juma: Passkey ya M-Pesa (Lipa na M-Pesa Online) ni «S» — usiiweke kwenye repo tafadhali.",
  "daraja_passkey", "Lipa na M-Pesa Online")
t(NOTE, "fr-chat-orange-money-merchant-password",
  "Moussa : le mot de passe du compte marchand Orange Money c'est «S» (login «user»). Je le change après la démo.",
  "pw", "Je le change après la démo")
t(NOTE, "am-chat-telebirr-app-key",
  "አበበ: የtelebirr app key «S» ነው፣ እባክህ ለማንም አታጋራ።",
  "hex32", "እባክህ ለማንም አታጋራ")
t(NOTE, "ru-goal-ssh-unlabeled-password",
  "Цель: поднять стейджинг до пятницы. Доступы от Саши: ssh deploy@«pubip», «S» (sudo тот же).",
  "pwh", "ssh deploy@«pubip»")
t(NOTE, "en-handover-daraja-consumer-secret",
  "Handover from Wanjiru: Daraja sandbox app \"dukani-pay\" — consumer secret is «S» (key is in 1Password, vault \"Payments\").",
  "daraja_secret", "Handover from Wanjiru")
t(NOTE, "ru-telegram-forward-1c-creds",
  "[Переслано от Алексей]\nвот креды от 1С: Администратор / «S»\nбаза buh на srv1c, порт 1541",
  "pwc", "база buh на srv1c")
t(NOTE, "tr-slack-netgsm-sifre",
  "Elif: Netgsm kullanıcı kodu 850«dig7», şifre: «S» — SMS OTP için, başlık DUKANI.",
  "pwh", "SMS OTP için")
t(NOTE, "ar-note-hyperpay-test-token",
  "ملاحظة: توكن HyperPay لبيئة الاختبار: «S» (الـ entityId موجود في ملف الإعدادات)",
  "hyperpay", "موجود في ملف الإعدادات")
t(NOTE, "ru-decision-selectel-token-temp",
  "Решение: токен Selectel «S» временно храним в .env на билд-сервере, до переезда в Vault (задача INFRA-«dig3»).",
  "selectel_token", "задача INFRA-«dig3»")
t(NOTE, "pl-note-przelewy24-crc",
  "Notatka: klucz CRC do Przelewy24 (sandbox): «S», merchant id «dig6». Produkcyjny dostaniemy po weryfikacji.",
  "hex16", "merchant id «dig6»")
t(NOTE, "uk-chat-novaposhta-api-key",
  "Богдан: ключ API Нової Пошти — «S», генерував в особистому кабінеті на акаунт складу.",
  "hex32", "генерував в особистому кабінеті")
t(NOTE, "fa-chat-kavenegar-api-key",
  "رضا: کلید API کاوه‌نگار «S» هست، برای ارسال کد تایید استفاده کن.",
  "kavenegar", "برای ارسال کد تایید")
t(NOTE, "he-note-payplus-secret-key",
  "הערה: מפתח סודי של PayPlus לסביבת בדיקות: «S» — לעדכן גם ב-staging",
  "uuid", "לעדכן גם ב-staging")
t(NOTE, "sw-whatsapp-africastalking-key",
  "Baraka: API key ya Africa's Talking (username: «atuser») ni «S». Tuma SMS za majaribio tu.",
  "at_key", "username: «atuser»")
t(NOTE, "fr-note-paydunya-private-key",
  "Note : clé privée PayDunya (mode test) → «S». À mettre dans les variables d'env, pas dans le code.",
  "paydunya_priv", "pas dans le code")
t(NOTE, "am-note-chapa-secret",
  "ማስታወሻ: የChapa secret key «S» ነው። ወደ production ከመሄዳችን በፊት እንቀይረው።",
  "chapa", "ወደ production ከመሄዳችን በፊት")
t(NOTE, "ru-note-office-wifi",
  "Офис на Лиговском: Wi-Fi \"Ofis_5G\", пароль «S». Гостевая сеть без пароля.",
  "pwh", "Гостевая сеть без пароля")
t(NOTE, "tr-email-plesk-login",
  "Merhaba,\nPlesk panel girişi: https://«host»:8443\nkullanıcı: admin\nşifre: «S»\nİyi çalışmalar.",
  "pw", "https://«host»:8443")
t(NOTE, "ar-whatsapp-tap-test-key",
  "خالد: مفتاح Tap السري للتجربة: «S» — الحي نرسله لاحقاً",
  "tap_sk", "الحي نرسله لاحقاً")
t(NOTE, "ru-youtrack-comment-basic-webhook",
  "Комментарий в YT-«dig4»: для проверки вебхука используйте basic auth webhook:«S» (временно, до 20-го).",
  "pwu", "для проверки вебхука")
t(NOTE, "en-standup-momo-api-key",
  "Standup notes:\n- Amani rotated the MTN MoMo API key, new one is «S» (sandbox user «uuid»)\n- Kwame: USSD flow blocked on telco",
  "momo_key", "Kwame: USSD flow blocked on telco")
t(NOTE, "ru-chat-ansible-vault-phrase",
  "Лёша: фраза от ansible-vault — «S», без кавычек. Файл group_vars/all/vault.yml",
  "pwp", "group_vars/all/vault.yml")
t(NOTE, "pl-email-vpn-credentials",
  "Cześć,\ndane do VPN: serwer vpn.«dom», użytkownik «user», hasło: «S».\nPozdrawiam, Piotr",
  "pw", "serwer vpn.«dom»")
t(NOTE, "fr-chat-cinetpay-apikey",
  "Awa : l'apikey CinetPay c'est «S», site_id «dig6». Le secret pour la notif je te l'envoie en privé.",
  "cinetpay", "site_id «dig6»")
t(NOTE, "he-whatsapp-tranzila-terminal-password",
  "יוסי: סיסמת הטרמינל בטרנזילה: «S» (טרמינל «lw8»)",
  "an10", "סיסמת הטרמינל בטרנזילה")
t(NOTE, "uk-decision-compromised-mysql-password",
  "Рішення від 12.05: старий пароль до MySQL («S») вважаємо скомпрометованим, ротуємо сьогодні ввечері.",
  "pw", "вважаємо скомпрометованим")
t(NOTE, "sw-email-new-server-nenosiri",
  "Habari,\nServer mpya iko tayari: IP «pubip», user root, nenosiri «S».\nAsante, Amani",
  "pw", "Server mpya iko tayari")
t(NOTE, "am-chat-server-password",
  "ሰላም፡ የሰርቨሩ የይለፍ ቃል «S» ነው (ተጠቃሚ: «user»)",
  "pw", "ተጠቃሚ: «user»")
t(NOTE, "fa-goal-3xui-panel-password",
  "هدف: راه‌اندازی پنل 3x-ui روی سرور «pubip»؛ نام کاربری admin و رمز پنل: «S»",
  "pwh", "روی سرور «pubip»")
t(NOTE, "ar-email-cpanel-credentials",
  "مرحباً،\nبيانات الدخول إلى cPanel:\nاسم المستخدم: «user»\nكلمة المرور: «S»\nمع التحية",
  "pw", "اسم المستخدم: «user»")
t(NOTE, "tr-goal-paytr-merchant-key",
  "Hedef: PayTR entegrasyonu. merchant_id «dig6», merchant_key «S» (salt ayrı mesajda geliyor).",
  "an16", "merchant_id «dig6»")
t(NOTE, "ru-chat-cyrillic-mail-password",
  "Катя: пароль от почты бухгалтерии «S» — да, по-русски, так придумала главбух 🙂",
  "pwc", "так придумала главбух")
t(NOTE, "uk-chat-admin-password-in-parens",
  "Тарас: зайди в адмінку (login: admin, «S») і глянь замовлення #«dig5»",
  "pwh", "глянь замовлення #«dig5»")
t(NOTE, "en-note-unlabeled-second-line",
  "creds for staging 1C web client (https://«host»/buh_test):\nuser: Обмен\n«S»",
  "pwc", "user: Обмен")
t(NOTE, "pl-jira-smsapi-oauth-token",
  "[OPS-«dig3»] SMSAPI: token OAuth do wysyłki «S» — bez daty ważności, do rotacji w Q3.",
  "an40", "do rotacji w Q3")
t(NOTE, "ru-note-yandexgpt-api-key",
  "Завёл API-ключ для YandexGPT у сервисного аккаунта gpt-bot: «S». Роль ai.languageModels.user на каталог «folder».",
  "yc_api", "ai.languageModels.user")
t(NOTE, "ru-note-vk-community-token",
  "Токен сообщества VK (права: messages, manage, photos): «S»\nгруппа club«dig8»",
  "vk_token", "группа club«dig8»")
t(NOTE, "fr-email-flutterwave-live-key",
  "Bonjour Koffi,\nvoici la clé secrète Flutterwave (live) : «S».\nMerci de la stocker dans Vault et de supprimer ce mail.",
  "flw_sec", "Merci de la stocker dans Vault")
t(NOTE, "en-pidgin-chat-paystack-live",
  "Chidi: abeg use this paystack live secret «S», the test one don expire. I go rotate am after launch.",
  "paystack_sk", "I go rotate am after launch")
t(NOTE, "ar-note-moyasar-secret",
  "المفتاح السري لميسّر (بيئة الإنتاج): «S» — لا تضعه في تطبيق الجوال",
  "moyasar", "لا تضعه في تطبيق الجوال")
t(NOTE, "he-goal-server-root-password",
  "מטרה: להעביר את האתר לשרת החדש («pubip»). סיסמת root: «S»",
  "pwr", "להעביר את האתר לשרת החדש")
t(NOTE, "tr-chat-trendyol-api-secret",
  "Emre: Trendyol API secret: «S» (supplier id «dig6», API key ayrı mesajda)",
  "an20b", "supplier id «dig6»")
t(NOTE, "ru-meeting-notes-bitrix-webhook",
  "Созвон 14.05:\n- Битрикс вебхук перевыпустили, новый код «S» (пользователь 1, права crm, task)\n- amo: ждём доступ от клиента\n- 1С: обмен по расписанию раз в 15 мин",
  "bitrix_code", "1С: обмен по расписанию")
t(NOTE, "uk-email-yc-static-key",
  "Доброго дня!\nСтатичний ключ доступу до Object Storage: ідентифікатор «yc_sak_id», секрет «S».\nБакет: «bucket»",
  "yc_sak", "Бакет: «bucket»")
t(NOTE, "fa-chat-arvan-apikey",
  "علی: کلید API ابرآروان: Apikey «S» — دسترسی فقط به CDN",
  "uuid", "دسترسی فقط به CDN")
t(NOTE, "pl-chat-allegro-client-secret",
  "Marek: client secret aplikacji Allegro (REST API): «S»\nclient id w konfiguracji jak wcześniej",
  "amo_secret", "client id w konfiguracji jak wcześniej")
t(NOTE, "fr-goal-wave-api-key",
  "Objectif : brancher Wave Sénégal sur le checkout. Clé API (sandbox) : «S»",
  "wave", "brancher Wave Sénégal")
t(NOTE, "am-goal-db-migration-password",
  "ግብ: የዳታቤዝ ማይግሬሽን። postgres ተጠቃሚ «dbuser» ፣ ፓስወርድ «S»",
  "pw", "postgres ተጠቃሚ «dbuser»")
t(NOTE, "sw-note-pesapal-consumer-secret",
  "Kumbuka: Pesapal consumer secret (sandbox): «S» — consumer key iko kwenye .env.example",
  lambda g: _b64(_rbytes(21)), "iko kwenye .env.example")
t(NOTE, "ru-chat-multiline-abbrev-pass",
  "Саша:\nhost: «host»\nlogin: «user»\npass: «S»",
  "pw", "login: «user»")
t(NOTE, "tr-note-vpn-pw-abbrev",
  "not: vpn pw «S» / kullanıcı «user» (ofis Kadıköy)",
  "pwh", "ofis Kadıköy")
t(NOTE, "ar-chat-unifonic-appsid",
  "فاطمة: الـ AppSid الخاص بـ Unifonic هو «S» — يستخدم لإرسال رموز التحقق",
  "an30", "يستخدم لإرسال رموز التحقق")
t(NOTE, "en-issue-comment-staging-creds",
  "> @«user» the staging creds still work: admin / «S» — please rotate after QA signs off.",
  "pwh", "please rotate after QA signs off")
t(NOTE, "he-note-app-password-spaced",
  "סיסמת אפליקציה לחשבון noreply@«dom»: «S»",
  lambda g: " ".join(_s(_LO, 4) for _ in range(4)), "noreply@«dom»")
t(NOTE, "ru-note-kaspi-api-token",
  "Kaspi: API-токен магазина (кабинет продавца → Настройки → Токен API): «S»",
  lambda g: _b64(_rbytes(33)), "кабинет продавца")
t(NOTE, "ru-note-payme-cashbox-key",
  "Payme: ключ кассы (test) «S», ID кассы «hex24». Боевой ключ — у Тимура.",
  "payme", "Боевой ключ — у Тимура")
t(NOTE, "en-za-chat-payfast-passphrase",
  "Thabo: PayFast passphrase for the live merchant is «S», merchant_id «dig8». Don't put it in the React app!",
  "pwp", "Don't put it in the React app!")
t(NOTE, "pl-note-inpost-shipx-token",
  "InPost ShipX — token API (organizacja «dig5»): «S»",
  "jwt", "organizacja «dig5»")
t(NOTE, "ru-goal-running-note-iam-token",
  "Заметки агента: IAM-токен для отладки (истекает через 12ч): «S». Дальше — переключиться на ключ SA.",
  "yc_iam", "переключиться на ключ SA")


# ===========================================================================
# ci-and-deploy: pipelines, Dockerfiles, manifests, deploy scripts
# ===========================================================================
t(CI, "gitlab-ci-variables-postgres-password",
  "test:\n  image: python:3.12\n  services:\n    - postgres:16\n  variables:\n    POSTGRES_DB: test\n    POSTGRES_PASSWORD: \"«S»\"\n  script:\n    - pytest -q",
  "pwu", "POSTGRES_DB: test")
t(CI, "github-actions-env-hardcoded-token",
  "jobs:\n  notify:\n    runs-on: ubuntu-latest\n    env:\n      TELEGRAM_TOKEN: «S»\n      TELEGRAM_TO: ${{ secrets.TG_CHAT }}",
  "tg_bot", "TELEGRAM_TO: ${{ secrets.TG_CHAT }}")
t(CI, "github-actions-log-unmasked-token-url",
  "Run curl -s -X POST \"https://api.telegram.org/bot«S»/sendMessage\" -d chat_id=*** -d text=\"✅ deploy ok «sha7»\"\n{\"ok\":true,\"result\":{\"message_id\":«dig4»}}",
  "tg_bot", "chat_id=***")
t(CI, "jenkinsfile-sh-curl-upload",
  "stage('Upload') {\n    steps {\n        sh \"curl -u deploy:«S» -T build/app.zip https://nexus.«dom»/repository/raw/app-${BUILD_NUMBER}.zip\"\n    }\n}",
  "pwu", "stage('Upload')")
t(CI, "dockerfile-env-bot-token",
  "FROM python:3.12-slim\nWORKDIR /app\nENV BOT_TOKEN=«S»\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\nCOPY . .\nCMD [\"python\", \"main.py\"]",
  "tg_bot", "FROM python:3.12-slim")
t(CI, "dockerfile-run-pip-private-index",
  "RUN pip install --no-cache-dir --index-url https://«user»:«S»@pypi.«dom»/simple -r requirements.txt",
  "pwu", "--no-cache-dir")
t(CI, "compose-prod-environment-list",
  "  worker:\n    image: cr.yandex/«crid»/worker:«ver»\n    restart: unless-stopped\n    environment:\n      - MPESA_INITIATOR_NAME=apiop\n      - MPESA_INITIATOR_PASSWORD=«S»",
  "pwh", "MPESA_INITIATOR_NAME=apiop")
t(CI, "ansible-inventory-ssh-pass",
  "[web]\n«host» ansible_user=deploy ansible_ssh_pass=«S»\n\n[web:vars]\nansible_python_interpreter=/usr/bin/python3",
  "pwu", "ansible_user=deploy")
t(CI, "ansible-group-vars-mysql-root",
  "# group_vars/bitrix.yml\nmysql_root_password: \"«S»\"\nmysql_databases:\n  - name: sitemanager\n    encoding: utf8mb4",
  "pw", "name: sitemanager")
t(CI, "k8s-deployment-env-value",
  "        env:\n        - name: AT_USERNAME\n          value: «atuser»\n        - name: AT_API_KEY\n          value: \"«S»\"",
  "at_key", "name: AT_USERNAME")
t(CI, "helm-upgrade-set-secret-in-ci",
  "deploy:\n  stage: deploy\n  script:\n    - helm upgrade --install api ./chart --set env.IYZI_SECRET=«S» --set image.tag=$CI_COMMIT_SHORT_SHA",
  "iyzi_live", "--set image.tag=$CI_COMMIT_SHORT_SHA")
t(CI, "terraform-tfvars-yc-token",
  "# terraform.tfvars (закоммичен по ошибке в «sha7»)\nyc_token  = \"«S»\"\nfolder_id = \"«folder»\"",
  "yc_oauth", "folder_id = \"«folder»\"")
t(CI, "bitbucket-pipelines-lftp-sftp",
  "pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - lftp -u deploy,«S» sftp://«host» -e \"mirror -R dist /var/www/html; quit\"",
  "pwu", "mirror -R dist /var/www/html")
t(CI, "deploy-sh-sshpass-env",
  "#!/bin/bash\nset -euo pipefail\nexport SSHPASS='«S»'\nsshpass -e ssh -p 2222 deploy@«pubip» 'cd /srv/app && git pull && pm2 reload all'",
  "pw", "sshpass -e ssh -p 2222")
t(CI, "deployer-php-host-pass",
  "host('«host»')\n    ->set('remote_user', 'deploy')\n    ->set('deploy_path', '/var/www/shop')\n    ->set('become_pass', '«S»');",
  "pw", "->set('deploy_path', '/var/www/shop')")
t(CI, "docker-login-action-cr-yandex",
  "      - name: Login to Yandex Container Registry\n        uses: docker/login-action@v3\n        with:\n          registry: cr.yandex\n          username: oauth\n          password: «S»",
  "yc_oauth", "registry: cr.yandex")
t(CI, "gitlab-ci-before-script-export",
  "before_script:\n  - export SELECTEL_TOKEN=«S»\n  - export OS_REGION_NAME=ru-9",
  "selectel_token", "OS_REGION_NAME=ru-9")
t(CI, "drone-docker-plugin-password",
  "steps:\n  - name: publish\n    image: plugins/docker\n    settings:\n      registry: cr.selcloud.ru\n      repo: cr.selcloud.ru/shop/web\n      username: «user»\n      password: «S»",
  "pwr", "repo: cr.selcloud.ru/shop/web")
t(CI, "argocd-repo-secret-stringdata",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: gitops-repo\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://gitlab.«dom»/infra/gitops.git\n  username: argocd\n  password: «S»",
  "glpat", "argocd.argoproj.io/secret-type: repository")
t(CI, "k8s-dockerconfigjson-data",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: ycr-pull\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: «S»",
  lambda g: _b64(json.dumps({"auths": {"cr.yandex": {"auth": _b64("oauth:" + g("yc_oauth"))}}})), "name: ycr-pull")
t(CI, "kustomize-secretgenerator-literals",
  "secretGenerator:\n- name: amo\n  literals:\n  - AMO_CLIENT_ID=«uuid»\n  - AMO_CLIENT_SECRET=«S»",
  "amo_secret", "AMO_CLIENT_ID=«uuid»")
t(CI, "yc-serverless-version-create-environment",
  "yc serverless function version create --function-name=tg-bot --runtime python312 --entrypoint index.handler --memory 128m --environment TG_TOKEN=«S» --source-path ./src",
  "tg_bot", "--entrypoint index.handler")
t(CI, "cloud-init-chpasswd-list",
  "#cloud-config\nssh_pwauth: true\nchpasswd:\n  list: |\n    root:«S»\n  expire: False",
  "pw", "ssh_pwauth: true")
t(CI, "github-actions-ssh-action-password",
  "      - uses: appleboy/ssh-action@v1.0.3\n        with:\n          host: «pubip»\n          username: deploy\n          password: «S»\n          script: cd /srv/shop && ./deploy.sh",
  "pw", "appleboy/ssh-action@v1.0.3")
t(CI, "gitea-actions-step-env",
  "      - run: ./scripts/deploy.sh\n        env:\n          HOSTING_FTP_USER: «user»\n          HOSTING_FTP_PASS: «S»",
  "pw", "./scripts/deploy.sh")
t(CI, "makefile-deploy-mysql-p",
  "deploy:\n\tscp -r dist/* root@«pubip»:/var/www/html\n\tmysql -h «ip» -u app -p«S» shop < migrations/latest.sql",
  "pwu", "migrations/latest.sql")
t(CI, "fabfile-env-password",
  "from fabric.api import env, run\n\nenv.hosts = ['«host»']\nenv.user = 'deploy'\nenv.password = '«S»'",
  "pw", "env.user = 'deploy'")
t(CI, "jcasc-username-password-credential",
  "credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              scope: GLOBAL\n              id: \"1c-storage\"\n              username: \"ci\"\n              password: \"«S»\"",
  "pwr", "id: \"1c-storage\"")
t(CI, "gitlab-ci-1cv8-designer-load",
  "build_cf:\n  stage: build\n  tags: [windows, 1c]\n  script:\n    - '& \"C:\\Program Files\\1cv8\\«ver1c»\\bin\\1cv8.exe\" DESIGNER /S \"$SRV\\ut_ci\" /N \"ci\" /P \"«S»\" /LoadConfigFromFiles src/cf /UpdateDBCfg'",
  "pw", "/LoadConfigFromFiles src/cf")
t(CI, "vrunner-ibconnection-db-pwd",
  "vrunner update-db --ibconnection /S«host»\\buh --db-user Администратор --db-pwd «S» --uccode ci-lock",
  "pwc", "--uccode ci-lock")
t(CI, "docker-run-e-inline-token",
  "docker run -d --restart=always --name bot -e BOT_TOKEN=«S» -e TZ=Europe/Istanbul cr.yandex/«crid»/bot:latest",
  "tg_bot", "-e TZ=Europe/Istanbul")
t(CI, "render-yaml-envvars-value",
  "services:\n  - type: web\n    name: lagos-checkout\n    envVars:\n      - key: PAYSTACK_SECRET_KEY\n        value: «S»\n      - key: NODE_VERSION\n        value: 20",
  "paystack_sk", "name: lagos-checkout")
t(CI, "gitlab-ci-curl-bitrix-im-notify",
  "notify:\n  script:\n    - 'curl -s -X POST \"https://«portal».bitrix24.ua/rest/«dig1»/«S»/im.message.add.json\" -d \"DIALOG_ID=chat«dig3»&MESSAGE=deploy ok $CI_COMMIT_SHORT_SHA\"'",
  "bitrix_code", "im.message.add.json")
t(CI, "ci-log-printenv-sorted",
  "$ printenv | sort\nCI_COMMIT_REF_NAME=main\nCI_PIPELINE_ID=«dig6»\nHOME=/root\nYC_SA_API_KEY=«S»\nYC_FOLDER_ID=«folder»",
  "yc_api", "CI_COMMIT_REF_NAME=main")
t(CI, "ci-echo-ansible-vault-password",
  "deploy_prod:\n  script:\n    - echo \"«S»\" > .vault_pass\n    - ansible-playbook -i inventories/prod deploy.yml --vault-password-file .vault_pass",
  "pwp", "inventories/prod deploy.yml")
t(CI, "nomad-job-env-block",
  "task \"api\" {\n  driver = \"docker\"\n  env {\n    DARAJA_CONSUMER_SECRET = \"«S»\"\n    DARAJA_ENV = \"production\"\n  }\n}",
  "daraja_secret", "DARAJA_ENV = \"production\"")
t(CI, "packer-variable-default-password",
  "variable \"ssh_password\" {\n  type      = string\n  default   = \"«S»\"\n  sensitive = true\n}",
  "pw", "variable \"ssh_password\"")
t(CI, "terraform-yandex-mdb-mysql-user",
  "resource \"yandex_mdb_mysql_user\" \"app\" {\n  cluster_id = yandex_mdb_mysql_cluster.main.id\n  name       = \"app\"\n  password   = \"«S»\"\n  permission {\n    database_name = \"shop\"\n    roles         = [\"ALL\"]\n  }\n}",
  "pwr", "yandex_mdb_mysql_cluster.main.id")
t(CI, "terraform-selectel-provider-password",
  "provider \"selectel\" {\n  domain_name = \"«dig6»\"\n  username    = \"tf-robot\"\n  password    = \"«S»\"\n  auth_region = \"ru-9\"\n}",
  "pwr", "auth_region = \"ru-9\"")
t(CI, "terraform-vkcs-provider-password",
  "provider \"vkcs\" {\n  username   = \"«email»\"\n  password   = \"«S»\"\n  project_id = \"«hex32»\"\n  region     = \"RegionOne\"\n}",
  "pw", "region     = \"RegionOne\"")
t(CI, "github-actions-ftp-deploy-action",
  "      - name: Deploy to hosting\n        uses: SamKirkland/FTP-Deploy-Action@v4.3.5\n        with:\n          server: ftp.«dom»\n          username: «user»\n          password: «S»",
  "pw", "SamKirkland/FTP-Deploy-Action@v4.3.5")
t(CI, "gitlab-ci-sentry-auth-token",
  "variables:\n  SENTRY_ORG: «org»\n  SENTRY_AUTH_TOKEN: «S»\nrelease:\n  script:\n    - sentry-cli releases new $CI_COMMIT_SHA",
  "sentry_tok", "sentry-cli releases new $CI_COMMIT_SHA")
t(CI, "eas-build-expo-token-env",
  "- name: EAS build\n  run: EXPO_TOKEN=«S» npx eas-cli build --platform android --non-interactive",
  "an40", "npx eas-cli build --platform android")
t(CI, "fastlane-dotenv-password",
  "# fastlane/.env.default\nFASTLANE_USER=«email»\nFASTLANE_PASSWORD=\"«S»\"\nFASTLANE_SESSION_TIMEOUT=3600",
  "pw", "FASTLANE_SESSION_TIMEOUT=3600")
t(CI, "gradle-signingconfigs-storepassword",
  "signingConfigs {\n    release {\n        storeFile file(\"release.jks\")\n        storePassword \"«S»\"\n        keyAlias \"upload\"\n        keyPassword System.getenv(\"KEY_PW\")\n    }\n}",
  "pw", "keyAlias \"upload\"")
t(CI, "android-key-properties",
  "# android/key.properties\nstorePassword=«S»\nkeyAlias=upload\nstoreFile=../upload-keystore.jks",
  "pwh", "storeFile=../upload-keystore.jks")
t(CI, "docker-build-arg-npm-token",
  "docker build --build-arg NPM_TOKEN=«S» -t cr.selcloud.ru/shop/web:«ver» .",
  "npm_tok", "-t cr.selcloud.ru/shop/web:«ver»")
t(CI, "ci-aws-s3-sync-vkcs-inline",
  "  - AWS_ACCESS_KEY_ID=$VK_S3_KEY AWS_SECRET_ACCESS_KEY=«S» aws s3 sync ./build s3://«bucket» --endpoint-url https://hb.vkcs.cloud --delete",
  lambda g: _s(_AN, 44), "--endpoint-url https://hb.vkcs.cloud")
t(CI, "github-repository-dispatch-pat",
  "curl -X POST -H \"Accept: application/vnd.github+json\" -H \"Authorization: token «S»\" https://api.github.com/repos/«org»/«repo»/dispatches -d '{\"event_type\":\"deploy-prod\"}'",
  "gh_fine", "\"event_type\":\"deploy-prod\"")
t(CI, "teamcity-param-xml",
  "<parameters>\n  <param name=\"env.FLW_PUBLIC_KEY\" value=\"FLWPUBK-«hex32»-X\" />\n  <param name=\"env.FLW_SECRET_KEY\" value=\"«S»\" />\n</parameters>",
  "flw_sec", "env.FLW_PUBLIC_KEY")
t(CI, "azure-pipelines-variable-value",
  "variables:\n  - name: hyperpayEntity\n    value: «hex32»\n  - name: hyperpayToken\n    value: «S»",
  "hyperpay", "name: hyperpayEntity")
t(CI, "gitlab-pipeline-trigger-token",
  "curl -X POST --fail -F token=«S» -F ref=main https://gitlab.«dom»/api/v4/projects/«dig3»/trigger/pipeline",
  "glptt", "-F ref=main")
t(CI, "gitlab-runner-register-token",
  "sudo gitlab-runner register --non-interactive --url https://gitlab.«dom»/ --token «S» --executor docker --docker-image alpine:3.20",
  "glrt", "--docker-image alpine:3.20")
t(CI, "k8s-configmap-with-password",
  "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: sms-config\ndata:\n  SMSC_LOGIN: «user»\n  SMSC_PASSWORD: «S»\n  SMSC_SENDER: Dukani",
  "pw", "name: sms-config")
t(CI, "etc-default-env-file-refresh-token",
  "# /etc/default/shop-api (раскатывается ансиблом)\nAMO_SUBDOMAIN=«amo»\nAMO_REFRESH_TOKEN=«S»",
  "amo_refresh", "AMO_SUBDOMAIN=«amo»")
t(CI, "pm2-ecosystem-env-production",
  "module.exports = {\n  apps: [{\n    name: 'bot',\n    script: 'dist/index.js',\n    env_production: { NODE_ENV: 'production', BOT_TOKEN: '«S»' },\n  }],\n};",
  "tg_bot", "script: 'dist/index.js'")
t(CI, "helmfile-inline-values-admin-password",
  "releases:\n  - name: grafana\n    namespace: monitoring\n    chart: grafana/grafana\n    values:\n      - adminPassword: «S»",
  "pwu", "chart: grafana/grafana")
t(CI, "github-actions-services-mysql-root",
  "    services:\n      mysql:\n        image: mysql:8.0\n        env:\n          MYSQL_ROOT_PASSWORD: «S»\n        ports: ['3306:3306']",
  "pwu", "image: mysql:8.0")
t(CI, "netlify-env-set-cli",
  "netlify env:set PAYSTACK_SECRET_KEY «S» --context production",
  "paystack_sk", "--context production")
t(CI, "wrangler-secret-put-echo",
  "echo «S» | npx wrangler secret put TG_BOT_TOKEN --env production",
  "tg_bot", "npx wrangler secret put TG_BOT_TOKEN")
t(CI, "dotenv-vault-key-uri",
  "DOTENV_KEY=\"dotenv://:«S»@dotenv.org/vault/.env.vault?environment=production\"",
  "dotenv_key", "dotenv.org/vault/.env.vault?environment=production")
t(CI, "renovate-hostrules-token",
  "module.exports = {\n  platform: 'gitlab',\n  endpoint: 'https://gitlab.«dom»/api/v4/',\n  hostRules: [{ matchHost: 'gitlab.«dom»', token: '«S»' }],\n};",
  "glpat", "platform: 'gitlab'")
t(CI, "sonar-scanner-token-flag",
  "sonar-scanner -Dsonar.projectKey=erp-sync -Dsonar.sources=. -Dsonar.host.url=https://sonar.«dom» -Dsonar.token=«S»",
  "sonar", "-Dsonar.projectKey=erp-sync")
t(CI, "ci-heredoc-ssh-private-key",
  "  script:\n    - mkdir -p ~/.ssh\n    - |\n      cat > ~/.ssh/id_ed25519 <<'EOF'\n      -----BEGIN OPENSSH PRIVATE KEY-----\n«S»\n      -----END OPENSSH PRIVATE KEY-----\n      EOF",
  "ssh_body", "cat > ~/.ssh/id_ed25519 <<'EOF'")
t(CI, "ci-rsa-private-key-variable-dump",
  "$ echo \"$DEPLOY_KEY\"   # отладка, убрать!\n-----BEGIN RSA PRIVATE KEY-----\n«S»\n-----END RSA PRIVATE KEY-----",
  "pem_rsa", "# отладка, убрать!")


# ===========================================================================
# vendor-token: vendor credential shapes in their natural habitat
# ===========================================================================
t(VEN, "telegram-botfather-new-bot-reply",
  "Done! Congratulations on your new bot. You will find it at t.me/«botname». You can now add a description, about section and profile picture for your bot, see /help for a list of commands.\n\nUse this token to access the HTTP API:\n«S»\nKeep your token secure and store it safely, it can be used by anyone to control your bot.",
  "tg_bot", "t.me/«botname»")
t(VEN, "yandex-oauth-token-y0",
  "Получен OAuth-токен Яндекс ID для yc CLI (https://oauth.yandex.ru/authorize?response_type=token&client_id=«hex32»):\n«S»",
  "yc_oauth", "response_type=token")
t(VEN, "yandex-iam-token-t1",
  "export IAM_TOKEN=\"«S»\"  # живёт 12 часов, потом yc iam create-token",
  "yc_iam", "потом yc iam create-token")
t(VEN, "yandex-api-key-aqvn",
  "speechkit:\n  folder_id: «folder»\n  api_key: «S»\n  voice: alena",
  "yc_api", "voice: alena")
t(VEN, "yandex-static-key-secret-pair",
  "Object Storage static key (SA s3-writer):\n  key_id: «yc_sak_id»\n  secret: «S»",
  "yc_sak", "Object Storage static key (SA s3-writer)")
t(VEN, "yandex-sa-key-pem-with-banner",
  "PLEASE DO NOT REMOVE THIS LINE! Yandex.Cloud SA Key ID <«keyid»>\n-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----",
  "pem_pkcs8", "Yandex.Cloud SA Key ID <«keyid»>")
t(VEN, "vk-oauth-implicit-redirect-fragment",
  "https://oauth.vk.com/blank.html#access_token=«S»&expires_in=86400&user_id=«dig9»",
  "vk_token", "user_id=«dig9»")
t(VEN, "vk-teams-bot-token",
  "TOKEN = \"«S»\"  # VK Teams бот @«botname», выдан Метаботом\nbot = Bot(token=TOKEN, api_url_base=\"https://myteam.mail.ru/bot/v1\")",
  "vk_teams", "выдан Метаботом")
t(VEN, "vk-cloud-object-storage-keys",
  "VK Cloud Object Storage (hb.ru-msk.vkcloud-storage.ru):\n  Access Key ID: «vkc_ak»\n  Secret Key: «S»",
  lambda g: _s(_AN, 44), "VK Cloud Object Storage")
t(VEN, "selectel-x-token-header",
  "GET /vpc/resell/v2/projects HTTP/1.1\nHost: api.selectel.ru\nX-Token: «S»",
  "selectel_token", "Host: api.selectel.ru")
t(VEN, "selectel-s3-secret-key",
  "Selectel S3: пользователь «dig6»_s3-backup, Access key «hex32», Secret key «S»",
  "hex32b", "Selectel S3: пользователь «dig6»_s3-backup")
t(VEN, "bitrix24-inbound-webhook-url",
  "Входящий вебхук Битрикс24 (права: crm, user):\nhttps://«portal».bitrix24.ru/rest/«dig1»/«S»/",
  "bitrix_code", "права: crm, user")
t(VEN, "bitrix24-event-auth-form-body",
  "event=ONCRMLEADADD&data[FIELDS][ID]=«dig5»&ts=«dig10»&auth[domain]=«portal».bitrix24.ru&auth[client_endpoint]=https://«portal».bitrix24.ru/rest/&auth[member_id]=«hex32»&auth[application_token]=«S»",
  "hex32b", "event=ONCRMLEADADD")
t(VEN, "amocrm-longlived-token-jwt",
  "Долгосрочный токен amoCRM (интеграция «Сайт → сделки», до 2029):\n«S»",
  "jwt_amo", "интеграция")
t(VEN, "amocrm-refresh-token-def502",
  "{\n  \"client_id\": \"«uuid»\",\n  \"grant_type\": \"refresh_token\",\n  \"refresh_token\": \"«S»\",\n  \"redirect_uri\": \"https://«dom»/amo\"\n}",
  "amo_refresh", "\"grant_type\": \"refresh_token\"")
t(VEN, "amocrm-client-secret-integration",
  "amoCRM → Настройки → Интеграции → «Мой склад sync» → Ключи и доступы:\nID интеграции: «uuid»\nСекретный ключ: «S»",
  "amo_secret", "ID интеграции: «uuid»")
t(VEN, "iyzico-live-secret-key",
  "IYZICO_BASE_URL=https://api.iyzipay.com\nIYZICO_SECRET_KEY=«S»",
  "iyzi_live", "IYZICO_BASE_URL=https://api.iyzipay.com")
t(VEN, "iyzico-sandbox-api-key",
  "iyzico sandbox merchant panel → Ayarlar → Firma Ayarları\nAPI Anahtarı: «S»",
  "iyzi_sandbox", "Firma Ayarları")
t(VEN, "paytabs-server-key-shape",
  "PayTabs (UAE) profile «dig5»\nServer Key: «S»\nClient Key: C«uan9»-«uan6»-«uan6»-«uan6»",
  "paytabs", "PayTabs (UAE) profile «dig5»")
t(VEN, "tap-secret-key-shape",
  "Tap dashboard → goSell → API Credentials\nPublishable: pk_live_«an24»\nSecret: «S»",
  "tap_sk", "API Credentials")
t(VEN, "hyperpay-access-token-base64",
  "HyperPay OPPWA test credentials\nEntity ID (VISA/MASTER): «hex32»\nAccess Token: «S»",
  "hyperpay", "Entity ID (VISA/MASTER): «hex32»")
t(VEN, "mpesa-consumer-key-shape",
  "Daraja app \"sokoni-stk\" keys\nConsumer Key: «S»\nConsumer Secret: (see vault secret/mpesa/sokoni)",
  "daraja_key", "see vault secret/mpesa/sokoni")
t(VEN, "mpesa-lnm-passkey",
  "MPESA_SHORTCODE=«dig6»\nMPESA_PASSKEY=«S»\nMPESA_CALLBACK_URL=https://«dom»/mpesa/callback",
  "daraja_passkey", "MPESA_CALLBACK_URL=https://«dom»/mpesa/callback")
t(VEN, "mpesa-security-credential-b64",
  "B2C_INITIATOR=apiop«dig2»\nB2C_SECURITY_CREDENTIAL=«S»",
  "daraja_cred", "B2C_INITIATOR=apiop")
t(VEN, "mpesa-oauth-bearer-header",
  "POST /mpesa/stkpush/v1/processrequest HTTP/1.1\nHost: api.safaricom.co.ke\nAuthorization: Bearer «S»\nContent-Type: application/json",
  "daraja_token", "/mpesa/stkpush/v1/processrequest")
t(VEN, "flutterwave-secret-key-shape",
  "FLW_PUBLIC_KEY=FLWPUBK-«hex32»-X\nFLW_SECRET_KEY=«S»",
  "flw_sec", "FLW_PUBLIC_KEY=FLWPUBK-«hex32»-X")
t(VEN, "flutterwave-encryption-key",
  "Flutterwave → Settings → API keys\nEncryption Key: «S»",
  "flw_enc", "Settings → API keys")
t(VEN, "paystack-secret-key-live",
  "PAYSTACK_PUBLIC_KEY=pk_live_«hex40»\nPAYSTACK_SECRET_KEY=«S»",
  lambda g: "sk_live_" + _hex(40), "PAYSTACK_PUBLIC_KEY=pk_live_«hex40»")
t(VEN, "paystack-secret-key-test-header",
  "Authorization: Bearer «S»\nContent-Type: application/json\n# Paystack test mode",
  lambda g: "sk_test_" + _hex(40), "# Paystack test mode")
t(VEN, "mtn-momo-primary-subscription-key",
  "MTN MoMo Developer → Profile → Subscriptions → Collections\nPrimary key: «S»\nSecondary key: (not used)",
  "momo_key", "Subscriptions → Collections")
t(VEN, "mtn-momo-api-user-and-key",
  "MOMO_API_USER=«uuid»\nMOMO_API_KEY=«S»\nMOMO_TARGET_ENV=mtnuganda",
  "momo_key", "MOMO_TARGET_ENV=mtnuganda")
t(VEN, "africastalking-atsk-api-key",
  "AT_USERNAME=«atuser»\nAT_API_KEY=«S»\nAT_SENDER_ID=SOKONI",
  "at_key", "AT_SENDER_ID=SOKONI")
t(VEN, "yookassa-secret-key-shape",
  "ЮKassa: shopId «dig6», секретный ключ «S» (выпущен в ЛК → Интеграция → Ключи API)",
  "yookassa", "shopId «dig6»")
t(VEN, "tbank-terminal-password",
  "Т-Банк эквайринг:\nTerminalKey=«dig13»DEMO\nPassword=«S»",
  lambda g: _s(_LAN + "_", 16), "TerminalKey=«dig13»DEMO")
t(VEN, "cloudpayments-api-secret",
  "CloudPayments: Public ID pk_«hex29», API Secret «S»",
  "hex32", "Public ID pk_«hex29»")
t(VEN, "robokassa-password1-password2",
  "Robokassa, магазин «lw8»:\nПароль#1: «S»\nАлгоритм хеша: SHA256",
  "an20", "Алгоритм хеша: SHA256")
t(VEN, "smsru-api-id-uuid",
  "SMS.ru → Программистам → Ваш api_id: «S»",
  lambda g: _uuid().upper(), "SMS.ru → Программистам")
t(VEN, "dadata-x-secret-header",
  "Authorization: Token ${DADATA_API_KEY}\nX-Secret: «S»\nContent-Type: application/json",
  "hex40b", "Content-Type: application/json")
t(VEN, "unisender-api-key",
  "https://api.unisender.com/ru/api/getLists?format=json&api_key=«S»",
  lambda g: _s(_LAN, 40), "api.unisender.com/ru/api/getLists")
t(VEN, "gigachat-authorization-key",
  "GigaChat API → Авторизационные данные: «S»\nScope: GIGACHAT_API_PERS",
  "gigachat", "Scope: GIGACHAT_API_PERS")
t(VEN, "liqpay-private-key",
  "LIQPAY_PUBLIC_KEY=sandbox_i«dig11»\nLIQPAY_PRIVATE_KEY=«S»",
  "liqpay", "LIQPAY_PUBLIC_KEY=sandbox_i«dig11»")
t(VEN, "monobank-personal-x-token",
  "Персональний токен monobank (api.monobank.ua): «S»",
  "mono", "api.monobank.ua")
t(VEN, "fondy-payment-key",
  "Fondy merchant_id=«dig7}», payment key: «S»".replace("«dig7}»", "«dig7»"),
  "an32", "merchant_id=«dig7»")
t(VEN, "przelewy24-api-key",
  "P24_MERCHANT_ID=«dig6»\nP24_POS_ID=«dig6»\nP24_API_KEY=«S»",
  "hex32", "P24_POS_ID=«dig6»")
t(VEN, "payu-pos-client-secret",
  "PayU POS «dig6» — OAuth: client_id=«dig6», client_secret=«S»",
  "hex32", "PayU POS «dig6»")
t(VEN, "smsapi-pl-bearer",
  "Authorization: Bearer «S»\nHost: api.smsapi.pl",
  "an40", "Host: api.smsapi.pl")
t(VEN, "kavenegar-url-embedded-key",
  "https://api.kavenegar.com/v1/«S»/verify/lookup.json?receptor=«phone»&token=«dig5»&template=login",
  "kavenegar", "verify/lookup.json")
t(VEN, "arvan-apikey-authorization",
  "Authorization: Apikey «S»\nHost: napi.arvancloud.ir",
  "uuid", "Host: napi.arvancloud.ir")
t(VEN, "papara-api-key-header",
  "POST /payments HTTP/1.1\nHost: merchant-api.papara.com\nApiKey: «S»",
  lambda g: _b64(_rbytes(48)), "Host: merchant-api.papara.com")
t(VEN, "paytr-merchant-salt",
  "PAYTR_MERCHANT_ID=«dig6»\nPAYTR_MERCHANT_SALT=«S»",
  "an16", "PAYTR_MERCHANT_ID=«dig6»")
t(VEN, "unifonic-appsid-query",
  "https://el.cloud.unifonic.com/rest/SMS/messages?AppSid=«S»&SenderID=GULFRIDES&Recipient=«phone»&Body=رمز+التحقق",
  "an30", "SenderID=GULFRIDES")
t(VEN, "moyasar-secret-basic-user",
  "curl https://api.moyasar.com/v1/payments -u «S»:",
  "moyasar", "api.moyasar.com/v1/payments")
t(VEN, "telr-auth-key-form-field",
  "ivp_method=create&ivp_store=«dig5»&ivp_authkey=«S»&ivp_cart=«dig8»&ivp_amount=150.00&ivp_currency=AED",
  lambda g: "%s~%s^%s" % (_s(_AN, 5), _s(_AN, 5), _s(_AN, 5)), "ivp_currency=AED")
t(VEN, "ngenius-api-key-basic",
  "N-Genius Online → Settings → Integrations → Service Accounts\nAPI key: «S»\nOutlet reference: «uuid»",
  "ngenius", "Outlet reference: «uuid»")
t(VEN, "checkout-com-sandbox-secret",
  "CKO_SECRET_KEY=«S»\nCKO_PUBLIC_KEY=pk_sbox_«lan26»",
  "checkout", "CKO_PUBLIC_KEY=pk_sbox_«lan26»")
t(VEN, "paymob-api-key-base64-jwt",
  "Paymob dashboard → Settings → Account info → API Key:\n«S»",
  "paymob_key", "Account info")
t(VEN, "paymob-intention-secret-key",
  "Authorization: Token «S»\nPOST https://accept.paymob.com/v1/intention/",
  "paymob_sk", "accept.paymob.com/v1/intention/")
t(VEN, "fawry-security-key",
  "FAWRY_MERCHANT_CODE=«an16»\nFAWRY_SECURITY_KEY=«S»",
  "uuid", "FAWRY_MERCHANT_CODE=«an16»")
t(VEN, "chapa-secret-key-shape",
  "CHAPA_PUBLIC_KEY=CHAPUBK_TEST-«an32»\nCHAPA_SECRET_KEY=«S»",
  "chapa", "CHAPA_PUBLIC_KEY=CHAPUBK_TEST-«an32»")
t(VEN, "termii-api-key-json-body",
  "{\"to\": \"«phone»\", \"from\": \"Lagosmart\", \"sms\": \"Your code is «dig6»\", \"type\": \"plain\", \"channel\": \"generic\", \"api_key\": \"«S»\"}",
  "termii", "\"from\": \"Lagosmart\"")
t(VEN, "monnify-secret-key",
  "MONNIFY_API_KEY=${MONNIFY_API_KEY}\nMONNIFY_SECRET_KEY=«S»\nMONNIFY_CONTRACT_CODE=«dig10»",
  "uan32", "MONNIFY_CONTRACT_CODE=«dig10»")
t(VEN, "korapay-secret-key",
  "KORA_PUBLIC_KEY=pk_test_«an40»\nKORA_SECRET_KEY=«S»",
  lambda g: "sk_test_" + _s(_AN, 40), "KORA_PUBLIC_KEY=pk_test_«an40»")
t(VEN, "paydunya-headers-private-key",
  "PAYDUNYA-MASTER-KEY: ${PAYDUNYA_MASTER_KEY}\nPAYDUNYA-PRIVATE-KEY: «S»\nPAYDUNYA-TOKEN: ${PAYDUNYA_TOKEN}",
  "paydunya_priv", "PAYDUNYA-MASTER-KEY: ${PAYDUNYA_MASTER_KEY}")
t(VEN, "cinetpay-apikey-json",
  "{\"apikey\": \"«S»\", \"site_id\": \"«dig6»\", \"transaction_id\": \"TX«dig10»\", \"amount\": 5000, \"currency\": \"XOF\"}",
  "cinetpay", "\"currency\": \"XOF\"")
t(VEN, "wave-bearer-api-key",
  "curl -X POST https://api.wave.com/v1/checkout/sessions -H \"Authorization: Bearer «S»\" -d '{\"amount\":\"1000\",\"currency\":\"XOF\"}'",
  "wave", "api.wave.com/v1/checkout/sessions")
t(VEN, "github-classic-pat",
  "GH_TOKEN=«S»  # classic PAT, scopes: repo, read:packages",
  "ghp", "scopes: repo, read:packages")
t(VEN, "gitlab-personal-access-token",
  "PRIVATE-TOKEN: «S»\nGET https://gitlab.«dom»/api/v4/projects?membership=true",
  "glpat", "/api/v4/projects?membership=true")
t(VEN, "mailru-app-password",
  "Пароль для внешнего приложения (Mail.ru, «email»): «S»",
  "an20", "Пароль для внешнего приложения")
t(VEN, "yandex-mail-app-password",
  "Яндекс ID → Безопасность → Пароли приложений → «Почта (IMAP)»: «S»",
  "lw16", "Пароли приложений")
t(VEN, "shadowsocks-sip002-uri",
  "ss://«S»@«pubip»:«port»/?outline=1#Dukani%20Office",
  "ss_userinfo", "#Dukani%20Office")
t(VEN, "shadowsocks-legacy-full-base64-uri",
  "ss://«S»#Tehran-2",
  lambda g: _b64("aes-256-gcm:" + _s(_AN, 18) + "@" + g("pubip") + ":" + g("port")), "#Tehran-2")
t(VEN, "telegram-mtproto-proxy-secret",
  "tg://proxy?server=«pubip»&port=443&secret=«S»",
  "mtproto", "tg://proxy?server=«pubip»&port=443")
t(VEN, "vless-reality-share-link",
  "vless://«S»@«pubip»:443?encryption=none&security=reality&sni=www.«dom»&fp=chrome&pbk=«b64pub»&sid=«hex8»&type=tcp&flow=xtls-rprx-vision#«svc»",
  "xray_uuid", "security=reality")
t(VEN, "telegram-api-hash-my-telegram-org",
  "my.telegram.org → API development tools\nApp api_id: «dig8»\nApp api_hash: «S»",
  "hex32", "App api_id: «dig8»")
t(VEN, "timeweb-cloud-api-token",
  "TWC_TOKEN=«S»\n# Timeweb Cloud → API и Terraform → токен «terraform»".replace("«terraform»", "\"terraform\""),
  "jwt_tw", "Timeweb Cloud")
t(VEN, "beget-api-url-passwd",
  "https://api.beget.com/api/user/getAccountInfo?login=«user»&passwd=«S»&output_format=json",
  "pwu", "output_format=json")
t(VEN, "regru-api-url-password",
  "https://api.reg.ru/api/regru2/service/get_list?username=«email»&password=«S»&output_content_type=plain",
  "pwu", "api.reg.ru/api/regru2/service/get_list")
t(VEN, "ispmanager-authinfo-url",
  "https://«host»:1500/ispmgr?authinfo=«user»:«S»&func=webdomain&out=json",
  "pwu", "func=webdomain&out=json")
t(VEN, "cpanel-api-token-header",
  "Authorization: cpanel «user»:«S»\nGET https://«host»:2083/execute/Email/list_pops",
  "uan32", "/execute/Email/list_pops")
t(VEN, "directadmin-url-userinfo",
  "https://«user»:«S»@«host»:2222/CMD_API_SHOW_DOMAINS",
  "pwu", "/CMD_API_SHOW_DOMAINS")
t(VEN, "avito-client-secret",
  "Avito API: client_id «bu20», client_secret «S»",
  "bu40", "Avito API: client_id «bu20»")
t(VEN, "moysklad-bearer-token",
  "Authorization: Bearer «S»\nAccept-Encoding: gzip\nGET https://api.moysklad.ru/api/remap/1.2/entity/assortment",
  "hex40", "api.moysklad.ru/api/remap/1.2/entity/assortment")
t(VEN, "wildberries-api-token-jwt",
  "Wildberries → Профиль → Настройки → Доступ к API (Контент, Маркетплейс):\n«S»",
  "jwt_wb", "Доступ к API")
t(VEN, "click-uz-secret-key",
  "CLICK_SERVICE_ID=«dig5»\nCLICK_MERCHANT_ID=«dig5b»\nCLICK_SECRET_KEY=«S»",
  "an14", "CLICK_SERVICE_ID=«dig5»")
t(VEN, "sendpulse-api-secret",
  "SendPulse REST API: ID «hex32», Secret «S»",
  "hex32b", "SendPulse REST API")



# ===========================================================================
# extra shapes: signed URLs, cookies, wrapped values, heredocs, bare replies
# ===========================================================================
def _pem_ec_indented(ctx):
    return _pem_ec().replace("\n", "\n    ")


def _wrapped(value, width=80, first=0):
    out, line = [], width - first
    while value:
        out.append(value[:line])
        value = value[line:]
        line = width
    return "\n".join(out)


def _laravel_cookie(ctx):
    blob = json.dumps({"iv": _b64(_rbytes(16)), "value": _b64(_rbytes(96)),
                       "mac": _hex(64), "tag": ""}, separators=(",", ":"))
    return _b64(blob).replace("=", "%3D")


def _sas_sig(ctx):
    return _b64(_rbytes(32)).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


_G["d8"] = lambda: "20%02d%02d%02d" % (_R.randint(23, 25), _R.randint(1, 12), _R.randint(1, 28))
_G["acct"] = lambda: _pick(_COMPANIES).replace("-", "") + _s(_DG, 3)

t(OUT, "aws-s3-presign-yandex-storage",
  "$ aws s3 presign s3://«bucket»/reports/«date».xlsx --expires-in 3600 --endpoint-url https://storage.yandexcloud.net\nhttps://storage.yandexcloud.net/«bucket»/reports/«date».xlsx?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«yc_sak_id»%2F«d8»%2Fru-central1%2Fs3%2Faws4_request&X-Amz-Date=«d8»T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»",
  "hex64", "X-Amz-Algorithm=AWS4-HMAC-SHA256")
t(NOTE, "ru-chat-vk-cloud-presigned-link",
  "Оля: вот ссылка на выгрузку для бухгалтерии, живёт сутки:\nhttps://«bucket».hb.ru-msk.vkcloud-storage.ru/1c/oborot_«date».zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«vkc_ak»%2F«d8»%2Fru-msk%2Fs3%2Faws4_request&X-Amz-Date=«d8»T080000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»",
  "hex64", "живёт сутки")
t(LOG, "nginx-access-selectel-presigned-get",
  "«pubip» - - [«nginxts»] \"GET /media/invoices/«dig6».pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«hex32»%2F«d8»%2Fru-1%2Fs3%2Faws4_request&X-Amz-Date=«d8»T120000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=«S» HTTP/1.1\" 200 84211",
  "hex64", "/media/invoices/")
t(VEN, "azure-blob-sas-url-sig",
  "https://«acct».blob.core.windows.net/backups/erp_«date».bak?sv=2022-11-02&ss=b&srt=o&sp=r&se=«date»T23:59:00Z&st=«date»T08:00:00Z&spr=https&sig=«S»",
  _sas_sig, "blob.core.windows.net/backups")
t(CI, "ci-log-gcs-signed-artifact-url",
  "Uploading artifact... done\nDownload (valid 7 days): https://storage.googleapis.com/«bucket»/builds/«hex7»/app-release.apk?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=ci-uploader%40«lw8».iam.gserviceaccount.com%2F«d8»%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=«d8»T090000Z&X-Goog-Expires=604800&X-Goog-SignedHeaders=host&X-Goog-Signature=«S»",
  "hex512", "Uploading artifact... done")
t(SRC, "py-test-yandex-cdn-secure-token-url",
  "# пример из теста, ссылка с защищённым токеном CDN\nurl = \"https://cdn.«dom»/video/lesson-«dig3».mp4?md5=«S»&expires=«dig10»\"\nassert requests.head(url).status_code == 200",
  "bu22", "assert requests.head(url).status_code == 200")
t(OUT, "curl-i-set-cookie-laravel-session",
  "$ curl -i -X POST https://«host»/login -d 'email=«email»' -d 'password=@creds.txt'\nHTTP/1.1 302 Found\nLocation: https://«host»/dashboard\nSet-Cookie: laravel_session=«S»; expires=Sun, 12 May 2024 12:00:00 GMT; Max-Age=7200; path=/; httponly; samesite=lax",
  _laravel_cookie, "Location: https://«host»/dashboard")
t(LOG, "devtools-copied-cookie-header-bitrix",
  "Request Headers (скопировано из DevTools)\n:authority: «host»\ncookie: BITRIX_SM_LOGIN=admin; BITRIX_SM_UIDH=«S»; BITRIX_SM_SOUND_LOGIN_PLAYED=Y\nuser-agent: Mozilla/5.0",
  "hex32", "BITRIX_SM_SOUND_LOGIN_PLAYED=Y")
t(LOG, "telegram-file-download-url-log",
  "«date» 10:02:44 INFO downloading https://api.telegram.org/file/bot«S»/photos/file_«dig3».jpg -> /data/receipts/«uuid».jpg",
  "tg_bot", "/data/receipts/")
t(OUT, "terminal-wrapped-iam-token",
  "$ yc iam create-token --impersonate-service-account-id «said»\n«S»",
  lambda g: _wrapped(_yc_iam(), 80), "--impersonate-service-account-id «said»")
t(OUT, "terminal-wrapped-jwt-in-json",
  "$ http POST https://«host»/api/auth/login phone=«phone» code=«dig6»\n{\n    \"access\": \"«S»\",\n    \"user\": {\"id\": «dig5», \"role\": \"courier\"}\n}",
  lambda g: _wrapped(_jwt_generic(), 80, 15), "\"role\": \"courier\"")
t(CFG, "k8s-secret-stringdata-pem-indented",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: kassa-signing\ntype: Opaque\nstringData:\n  tls.key: |\n    -----BEGIN EC PRIVATE KEY-----\n    «S»\n    -----END EC PRIVATE KEY-----",
  _pem_ec_indented, "name: kassa-signing")
t(CMD, "cat-heredoc-env-file",
  "sudo tee /etc/«svc»/bot.env > /dev/null <<EOF\nBOT_TOKEN=«S»\nADMIN_ID=«dig9»\nTZ=Africa/Addis_Ababa\nEOF",
  "tg_bot", "TZ=Africa/Addis_Ababa")
t(NOTE, "ru-chat-bare-token-reply",
  "Дима: кинь токен для yc, мой протух\nОля: держи\n«S»\nДима: 👍",
  "yc_oauth", "Дима: 👍")
t(NOTE, "tr-chat-bare-password-reply",
  "Zeynep: sunucuya giremiyorum, root şifresi neydi?\nEmre: «S»\nZeynep: tamam girdim, teşekkürler",
  "pwh", "tamam girdim, teşekkürler")
t(VEN, "yandex-cdn-secure-token-link",
  "https://cdn.«dom»/hls/course-«dig3»/index.m3u8?secure=«S»,«dig10»",
  "bu22", "/index.m3u8")


# ===========================================================================
# BENIGN look-alikes (same groups and contexts, no credential inside)
# ===========================================================================
_BENIGN_T = []


def b(tmpl):
    _BENIGN_T.append(tmpl)


_PHRASES = ["Привет, мир", "merchant_id=600584&amount=100", "Заказ №4521 оплачен",
            "hello from Nairobi", "Merhaba dünya", "مرحبا بالعالم", "order:paid",
            "Sipariş alındı", "Bonjour Dakar", "שלום עולם", "Habari ya asubuhi",
            "{\"type\":\"ping\"}", "statement 2024-05", "user_id=4412"]


def _b64phrase(c):
    p = _pick(_PHRASES) + " #" + _dig(4)
    return "$ echo '%s' | base64 -d\n%s" % (_b64(p), p)


# --- command -----------------------------------------------------------------
b("git checkout «hex7» -- config/settings.py")
b("git revert --no-edit «sha40»")
b("docker pull cr.yandex/«crid»/api@sha256:«hex64»")
b("$ sha256sum 1c-enterprise-«ver1c»-server-deb64.tar.gz\n«hex64»  1c-enterprise-«ver1c»-server-deb64.tar.gz")
b("kubectl -n «db» get secret paystack-credentials -o jsonpath='{.metadata.creationTimestamp}'")
b("vault kv get -field=password secret/«db»/postgres > /dev/null  # не выводим в терминал (ticket OPS-«dig4»)")
b("yc lockbox payload get --name tg-bot-token --key token > /dev/null && echo ok  # folder «folder»")
b("export BOT_TOKEN=\"$(cat /run/secrets/bot_token)\"  # «botname»")
b("psql \"host=«host» dbname=«db» user=«dbuser» sslmode=verify-full\"  # пароль берётся из ~/.pgpass")
b("mysql -h «ip» -u «dbuser» -p «db»   # пароль спросит интерактивно")
b("curl -s -H \"Authorization: Bearer $PAYSTACK_SECRET_KEY\" \"https://api.paystack.co/bank?country=nigeria&perPage=«dig2»\" | jq '.data | length'")
b("curl -u \"$MOMO_API_USER:$MOMO_API_KEY\" -X POST https://sandbox.momodeveloper.mtn.com/collection/token/ -H \"X-Reference-Id: «uuid»\"")
b("$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:«bs43» «user»@«host» (ED25519)")
b("$ gpg --list-keys «email»\npub   rsa4096 «date» [SC]\n      «HEX40»\nuid           [ultimate] «user» <«email»>")
b("$ openssl x509 -noout -fingerprint -sha256 -in «dom».crt\nsha256 Fingerprint=«colonhex»")
b(_b64phrase)
b("$ git log -1 --format='%H %an %s'\n«sha40» Oksana Koval fix(bitrix): не падать на пустом UF_CRM_«dig4»")
b("$ uuidgen | tr A-Z a-z\n«uuid»")
b("$ yc iam key list --service-account-name deployer\n+----------------------+-----------+----------------------+\n|          ID          | ALGORITHM |      CREATED AT      |\n+----------------------+-----------+----------------------+\n| «keyid» | RSA_2048  | «ts» |\n+----------------------+-----------+----------------------+")
b("$ wg genkey | tee privatekey | wg pubkey > publickey && cat publickey\n«wgpub»")
b("sudo htpasswd -c /etc/nginx/.htpasswd «user»   # пароль вводим руками, не в аргументах")
b("docker login cr.yandex --username oauth --password-stdin < ~/.config/yc/token-«svc»  # файл вне репозитория")
b("git filter-repo --replace-text ../expressions-«svc».txt  # вычищаем старый токен бота из истории")
b("kubectl create secret generic daraja --from-env-file=daraja.env --dry-run=client -o yaml | kubeseal -o yaml > sealed-daraja-«svc».yaml")
b("aws --endpoint-url=https://storage.yandexcloud.net s3 cp s3://«bucket»/«date»/dump.sql.gz . --profile yc")
b("pwgen -s 24 1 | vault kv put secret/«db»/app password=-   # значение идёт через stdin, не в историю")
b("npm ci --registry=https://npm.«dom»/   # токен в ~/.npmrc через ${NPM_TOKEN}")
b("ansible-vault encrypt_string --vault-id prod@prompt --name 'db_password'  # host group «svc»")
b("curl -sS \"https://api.telegram.org/bot${TG_BOT_TOKEN}/getMe\" | jq -r .result.username  # ожидаем «botname»")
b("$ sha1sum uploads/«hex8».jpg\n«hex40»  uploads/«hex8».jpg")
b("ssh -i ~/.ssh/id_ed25519_deploy deploy@«pubip» 'sudo systemctl status «svc»'")
b("yc iam create-token | docker login --username iam --password-stdin cr.yandex  # токен не сохраняем (folder «folder»)")

# --- tool-output ----------------------------------------------------------------
b("$ env | grep -i token\nTG_BOT_TOKEN=***\nGITLAB_TOKEN=[MASKED]\nCI_JOB_ID=«dig9»")
b("$ aws configure list --profile yc\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile                       yc           manual    --profile\naccess_key     ****************«uan4» shared-credentials-file\nsecret_key     ****************«an4» shared-credentials-file")
b("$ kubectl get secrets -n pay\nNAME                  TYPE     DATA   AGE\nmpesa-credentials     Opaque   4      «dig2»d\npaystack              Opaque   2      «dig2b»d")
b("$ docker images --digests | head -2\nREPOSITORY                    TAG     DIGEST                                                                    IMAGE ID\ncr.yandex/«crid»/bot  «ver»  sha256:«hex64»  «hex12»")
b("aiogram==«ver» \\\n    --hash=sha256:«hex64» \\\n    --hash=sha256:«hex64b»")
b("$ yc iam access-key list --service-account-name s3-backup\n+----------------------+----------------------+---------------------------+\n|          ID          |  SERVICE ACCOUNT ID  |          KEY ID           |\n+----------------------+----------------------+---------------------------+\n| «keyid» | «said» | «yc_sak_id» |")
b("{\"ok\":true,\"result\":{\"id\":«botid»,\"is_bot\":true,\"first_name\":\"Sklad\",\"username\":\"«botname»\",\"supports_inline_queries\":false}}")
b("{\"update_id\":«dig9»,\"message\":{\"message_id\":«dig4»,\"from\":{\"id\":«dig9b»,\"language_code\":\"fa\"},\"chat\":{\"id\":«chatid»,\"type\":\"supergroup\"},\"photo\":[{\"file_id\":\"AgACAgIAAxkBAAI«bu60»\",\"file_unique_id\":\"AQAD«bu12»\"}]}}")
b("{\"Body\":{\"stkCallback\":{\"MerchantRequestID\":\"«dig5»-«dig8»-1\",\"CheckoutRequestID\":\"ws_CO_«ts14»«dig6»\",\"ResultCode\":0,\"ResultDesc\":\"The service request is processed successfully.\",\"CallbackMetadata\":{\"Item\":[{\"Name\":\"MpesaReceiptNumber\",\"Value\":\"«uan10»\"}]}}}}")
b("{\"status\":\"success\",\"data\":{\"id\":«dig7»,\"tx_ref\":\"lagos-«dig8»\",\"flw_ref\":\"FLW-MOCK-«hex32»\",\"amount\":7500,\"currency\":\"NGN\"}}")
b("{\"status\":true,\"message\":\"Verification successful\",\"data\":{\"id\":«dig10»,\"reference\":\"«lan10»\",\"amount\":«dig6»,\"gateway_response\":\"Successful\",\"channel\":\"card\",\"currency\":\"NGN\"}}")
b("{\"status\":\"success\",\"locale\":\"tr\",\"systemTime\":«dig13»,\"conversationId\":\"«dig9»\",\"paymentId\":\"«dig8»\",\"fraudStatus\":1,\"basketId\":\"B«dig5»\"}")
b("{\"SMSMessageData\":{\"Message\":\"Sent to 1/1 Total Cost: KES 0.8000\",\"Recipients\":[{\"statusCode\":101,\"number\":\"«phone»\",\"status\":\"Success\",\"cost\":\"KES 0.8000\",\"messageId\":\"ATXid_«hex32»\"}]}}")
b("{\"financialTransactionId\":\"«dig9»\",\"externalId\":\"«dig6»\",\"amount\":\"500\",\"currency\":\"EUR\",\"status\":\"SUCCESSFUL\"}  (X-Reference-Id: «uuid»)")
b("$ vault kv metadata get secret/payments/paytabs\n======= Metadata =======\nKey                Value\n---                -----\ncreated_time       «ts»\ncurrent_version    «dig1»")
b("$ gh secret list -R «org»/«repo»\nNAME                UPDATED\nTELEGRAM_BOT_TOKEN  about «dig1» days ago\nYC_SA_JSON_KEY      about 1 month ago")
b("$ git log --oneline -3\n«hex7» chore: bump aiogram to «ver»\n«hex7b» fix: mask bot token in logs\n«hex7c» feat(mpesa): B2C payouts")
b("$ docker compose ps\nNAME    IMAGE                                        STATUS\nbot-1   cr.yandex/«crid»/bot@sha256:«hex64»   Up 3 hours")
b("$ yc resource-manager folder get «folder»\nid: «folder»\ncloud_id: «cloudid»\ncreated_at: \"«ts»\"\nname: prod\nstatus: ACTIVE")
b("$ terraform output\ndb_host = \"«host»\"\ndb_password = <sensitive>\nregistry_id = \"«crid»\"")
b("$ pip config list\nglobal.index-url='https://nexus.«dom»/repository/pypi/simple'\nglobal.extra-index-url='${PIP_EXTRA_INDEX_URL}'")
b("$ systemctl show «svc».service -p EnvironmentFiles\nEnvironmentFiles=/etc/«svc»/bot.env (ignore_errors=no)")
b("$ ls -la /run/secrets\n-r-------- 1 root root 46 «date» bot_token\n-r-------- 1 root root 72 «date» paystack_secret_key")
b("$ cat .env.example\nBOT_TOKEN=\nPAYSTACK_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nDATABASE_URL=postgres://user:password@localhost:5432/«db»")
b("$ gitleaks detect --no-banner\n«date» 10:11AM INF «dig3» commits scanned.\n«date» 10:11AM INF scan completed in «dig3»ms\n«date» 10:11AM INF no leaks found")
b("$ openssl s_client -connect «host»:443 </dev/null 2>/dev/null | openssl x509 -noout -serial\nserial=«HEX32»")
b("$ kubectl get secret pg-app -o yaml | grep -c password\n«dig1»")
b("$ yc lockbox secret list\n+----------------------+---------------+--------+\n|          ID          |     NAME      | STATUS |\n+----------------------+---------------+--------+\n| e6q«lan17» | tg-bot-token  | ACTIVE |\n| e6q«lan17b» | smtp-noreply  | ACTIVE |")

# --- config-file ----------------------------------------------------------------
b("DB_PASSWORD=${DB_PASSWORD}\nDB_HOST=«host»\nDB_NAME=«db»")
b("[telegram]\ntoken = \"${TG_TOKEN}\"  # подставляется из Lockbox при деплое\nadmin_chat = «chatid»")
b("\"iyzico\": {\n  \"api_key\": \"<your-iyzico-api-key>\",\n  \"secret_key\": \"<your-iyzico-secret-key>\",\n  \"base_url\": \"https://sandbox-api.iyzipay.com\",\n  \"callback\": \"https://«dom»/odeme/sonuc\"\n}")
b("postgres:\n  user: «dbuser»\n  password_file: /run/secrets/«db»_password\n  host: «host»")
b("[Interface]\nPrivateKey = <вставить вывод wg genkey>\nAddress = 10.8.0.«dig2»/32\n\n[Peer]\nPublicKey = «wgpub»\nEndpoint = «pubip»:51820")
b("# ~/.ssh/authorized_keys\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI«bs43» «user»@«host»")
b("-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE«bs64»\n«bs24»==\n-----END PUBLIC KEY-----")
b("# certs/«dom».crt\n-----BEGIN CERTIFICATE-----\nMIIB«bs60»\n«bs64»\n«bs64b»\n-----END CERTIFICATE-----")
b("provider \"yandex\" {\n  service_account_key_file = \"${path.module}/key.json\"\n  cloud_id  = \"«cloudid»\"\n  folder_id = \"«folder»\"\n}")
b("TAP_PUBLISHABLE_KEY=pk_test_«an24»\nTAP_SECRET_KEY=${TAP_SECRET_KEY}")
b("FLW_PUBLIC_KEY=FLWPUBK_TEST-«hex32»-X\nFLW_SECRET_KEY=  # см. Vault secret/flutterwave/test")
b("PAYSTACK_PUBLIC_KEY=pk_live_«hex40»\nPAYSTACK_SECRET_KEY=\"\"")
b("password_policy:\n  min_length: 1«dig1»\n  require_symbols: true\n  require_digits: true\n  max_age_days: «dig2»")
b("AUTH_PASSWORD_VALIDATORS = [\n    {\"NAME\": \"django.contrib.auth.password_validation.MinimumLengthValidator\", \"OPTIONS\": {\"min_length\": 1«dig1»}},\n    {\"NAME\": \"django.contrib.auth.password_validation.CommonPasswordValidator\"},\n]")
b("\"node_modules/axios\": {\n  \"version\": \"«ver»\",\n  \"resolved\": \"https://registry.npmjs.org/axios/-/axios-«ver».tgz\",\n  \"integrity\": \"sha512-«bs86»==\"\n}")
b("        env:\n        - name: DARAJA_PASSKEY\n          valueFrom:\n            secretKeyRef:\n              name: daraja-«lan5»\n              key: passkey")
b("db_password: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret/data/1c/«svc»:password') }}\"")
b("<point base=\"/buh\" ib=\"Srvr=&quot;«host»&quot;;Ref=&quot;buh&quot;;Usr=&quot;&quot;;Pwd=&quot;&quot;;\" enable=\"true\"/>")
b("MPESA_ENV=sandbox\nMPESA_SHORTCODE=174379\nMPESA_CALLBACK_URL=https://«dom»/api/mpesa/callback?order=«dig8»")
b("HYPERPAY_ENTITY_ID=«hex32»\nHYPERPAY_ACCESS_TOKEN=${HYPERPAY_ACCESS_TOKEN}\nHYPERPAY_MODE=TEST")
b("paytabs:\n  profile_id: «dig5»\n  region: SAU\n  server_key: \"\"  # задаётся в Vault, не здесь")
b("[client]\nuser=«dbuser»\n# пароль берём из ~/.mylogin.cnf (mysql_config_editor --login-path=«svc»)")
b("spring.datasource.url=jdbc:postgresql://«host»:6432/«db»\nspring.datasource.password=${SPRING_DATASOURCE_PASSWORD:}")
b("# redis.conf (шаблон)\nrequirepass REPLACE_ME_IN_PROD\nport 63«dig2»")
b("YOOKASSA_SHOP_ID=«dig6»\nYOOKASSA_SECRET_KEY=<секретный ключ из ЛК ЮKassa>")
b("backup:\n  bucket: «bucket»\n  region: ru-central1\n  endpoint: https://storage.yandexcloud.net\n  credentials: from-instance-metadata")
b("amo:\n  subdomain: «amo»\n  client_id: «uuid»\n  client_secret: !vault |\n    $ANSIBLE_VAULT;1.1;AES256\n    «hex64»\n    «hex64b»")
b("creation_rules:\n  - path_regex: secrets/.*\\.yaml$\n    age: age1«lan58»")
b("[pgbouncer]\nauth_type = scram-sha-256\nauth_file = /etc/pgbouncer/userlist.txt\nauth_query = SELECT usename, passwd FROM pg_shadow WHERE usename=$1\nlisten_port = 6«dig3»")
b("ssl_certificate     /etc/letsencrypt/live/«dom»/fullchain.pem;\nssl_certificate_key /etc/letsencrypt/live/«dom»/privkey.pem;")
b("build:\n  commit: «sha40»\n  tag: v«ver»\n  built_at: «ts»")
b("session.cookie_httponly = 1\nsession.cookie_secure = 1\nsession.name = PHPSESSID\nsession.gc_maxlifetime = «dig4»")
b("xray:\n  inbound: vless-reality\n  public_key: «b64pub»\n  short_id: «hex8»\n  private_key_file: /etc/xray/reality.key")
b("bitrix:\n  portal: «portal».bitrix24.ru\n  member_id: «hex32»\n  webhook_code: ${BITRIX_WEBHOOK_CODE}")

# --- source-code ----------------------------------------------------------------
b("token = os.environ[\"TELEGRAM_BOT_TOKEN\"]  # бот @«botname»")
b("const key = process.env.PAYSTACK_SECRET_KEY ?? '';\nif (!key.startsWith('sk_')) throw new Error('PAYSTACK_SECRET_KEY is not set (service «svc»)');")
b("$secret = getenv('IYZI_SECRET') ?: throw new RuntimeException('IYZI_SECRET missing for store «dig5»');")
b("Пароль = ХранилищеОбщихНастроек.Загрузить(\"Обмен_«dig3»\", \"ПарольHTTP\");\nСоединение = Новый HTTPСоединение(Сервер, 443, Логин, Пароль);")
b("if len(password) < 1«dig1»:\n    raise ValueError(\"Пароль слишком короткий\")")
b("cache_key = \"rates:\" + hashlib.sha256(f\"{base}:{quote}:{day}\".encode()).hexdigest()\n# e.g. rates:«hex64»")
b("TOKEN_RE = re.compile(r\"\\d{8,10}:[A-Za-z0-9_-]{35}\")  # маскируем токены ботов в логах (#«dig4»)")
b("password = getpass.getpass(\"Пароль 1С для базы «db»: \")")
b("def mask(s: str) -> str:\n    return s[:6] + \"…\" + s[-4:] if len(s) > 1«dig1» else \"***\"")
b("headers = {\"Authorization\": f\"Bearer {settings.FLW_SECRET_KEY}\", \"X-Request-Id\": \"«uuid»\"}")
b("assert resp.headers[\"X-Request-Id\"] == \"«uuid»\"")
b("MERCHANT_REQUEST_ID_RE = r\"^\\d{4,6}-\\d{6,9}-\\d$\"  # пример: «dig5»-«dig8»-1")
b("// test fixture\nconst FAKE_TOKEN = '«dig9»:TEST-TOKEN-NOT-REAL';")
b("ENCRYPTION_KEY_ID = \"abj«lan17»\"  # id ключа KMS, сам ключ не покидает KMS")
b("sig = hmac.new(secret, body, hashlib.sha512).hexdigest()\nif not hmac.compare_digest(sig, request.headers[\"X-Paystack-Signature\"]):\n    abort(«dig3»)")
b("$hash = md5($order_id . $amount . '<merchant_secret>'); // см. документацию Click, раздел «dig1».«dig1»")
b("GET {{baseUrl}}/api/v4/leads\nAuthorization: Bearer {{access_token}}\nX-Trace: «hex16»")
b("password: z.string().min(1«dig1», 'Пароль должен быть не короче 1«dig1» символов'),")
b("@Value(\"${hyperpay.access-token}\")\nprivate String accessToken; // ENTITY «hex32»")
b("const SESSION_COOKIE = 'sid'; // value is httpOnly, never logged (issue #«dig4»)")
b("const checksum = crypto.createHash('md5').update(fileBuffer).digest('hex'); // «hex32»")
b("CSP_NONCE_LENGTH = «dig2»\nSECRET_KEY = env(\"DJANGO_SECRET_KEY\")")
b("ЗначениеПароля = \"\"; // пустой пароль = вход по ОС-аутентификации (пользователь «user»)")

# --- stack-trace-or-log ---------------------------------------------------------
b("request_id=«uuid» trace_id=«hex32» span_id=«hex16» status=200 dur=«dig2»ms")
b("«date» 10:11:12 INFO auth ok user=«user» token=***redacted*** ip=«ip»")
b("May 12 03:11:09 «svc» sshd[«dig4»]: Failed password for root from «pubip» port «dig5» ssh2")
b("POST /webhooks/paystack 200\nX-Paystack-Signature: «hex128»")
b("X-Hub-Signature-256: sha256=«hex64»\nX-GitHub-Delivery: «uuid»")
b("HTTP/2 200\nETag: \"«hex32»\"\nX-Request-Id: «uuid»\nCache-Control: max-age=60")
b("«pubip» - - [«nginxts»] \"GET /catalog?utm_source=telegram&utm_campaign=«svc» HTTP/2.0\" 200 «dig5»")
b("WARN fsm: session expired for chat_id=«chatid», state=WAIT_PHONE")
b("payment ok: MpesaReceiptNumber=«uan10» amount=10 phone=2547******«dig2»")
b("INFO flw: tx_ref=teranga-«dig10» flw_ref=FLW-MOCK-«hex32» status=successful")
b("deploy «sha40» to prod finished in «dig2»s")
b("Traceback (most recent call last):\n  File \"/app/settings.py\", line «dig2», in <module>\n    PAYSTACK_SECRET_KEY = os.environ[\"PAYSTACK_SECRET_KEY\"]\nKeyError: 'PAYSTACK_SECRET_KEY'")
b("FATAL:  password authentication failed for user \"«dbuser»\"\nDETAIL:  Connection matched pg_hba.conf line «dig2»: \"host all all 0.0.0.0/0 scram-sha-256\"")
b("WARNING auth: token is invalid or expired (token_id=«uuid»)")
b("Looking in indexes: https://ci:****@nexus.«dom»/repository/pypi/simple\nCollecting internal-sdk==«ver»")
b("[«date» 04:12:09,114: INFO/MainProcess] Connected to amqp://«user»:**@«host»:5672//")
b("«date» 11:00:01 INFO cache: connected to redis://:[REDACTED]@«host»:6379/0")
b("INFO aiogram.dispatcher: Start polling for bot @«botname» id=«botid» - 'Zakaz'")
b("«date» 12:00:00 1C:Предприятие «ver1c»: сеанс «dig5» завершён, пользователь «user», причина: таймаут")
b("«date» 14:00:02 INFO lockbox: secret e6q«lan17» version «lan20» fetched (3 keys, values not logged)")
b("Run echo \"::add-mask::$TOKEN\"\n  echo \"::add-mask::$TOKEN\"\n  shell: /usr/bin/bash -e {0}\n  env:\n    TOKEN: ***\n    RUN_ID: «dig10»")
b("ERROR amo: 401 Unauthorized, refreshing token (account_id=«dig8», attempt «dig1»/3)")
b("DEBUG iyzipay: x-iyzi-rnd=«dig12» conversationId=«dig9» status=success")
b("«ts» level=info msg=\"password changed\" user=«user» by=admin ip=«ip»")
b("nginx: [warn] \"ssl_stapling\" ignored, issuer certificate not found for certificate \"/etc/letsencrypt/live/«dom»/fullchain.pem\"")

# --- note-or-chat -----------------------------------------------------------------
b("Пароль от прода лежит в Vault: secret/prod/«db», доступ через Сашу. В чат не кидаем.")
b("Токен бота не світимо в чатах — беремо з Lockbox (tg-bot/token, каталог «folder»).")
b("Şifreler 1Password'de \"Ödeme Altyapısı\" kasasında; iyzico anahtarları da orada. Ticket: PAY-«dig4»")
b("كلمة المرور موجودة في Vault تحت المسار secret/payments/paytabs — لا ترسلها في المحادثة. (طلب رقم «dig5»)")
b("رمز عبور باید حداقل 1«dig1» کاراکتر باشد و شامل عدد و نماد باشد. (سیاست نسخه «ver»)")
b("הסיסמה נמצאת ב-Bitwarden בתיקייה «svc», תבקשו מדני גישה.")
b("Nenosiri liko kwenye Vault (secret/mpesa/«svc»); usilitume kwenye WhatsApp.")
b("Le mot de passe est dans le coffre KeePass, entrée « Orange Money prod » — ticket OPS-«dig4».")
b("የይለፍ ቃሉ በVault ውስጥ ነው (secret/«svc»)። በቻት አትላኩት።")
b("Hasło zmienione «date», nowe jest w menedżerze haseł (Bitwarden → Hosting → «dom»).")
b("Rotated the Paystack keys today; old key revoked at 14:02, new one is in Vault at secret/paystack/live (v«dig1»).")
b("Я поменял пароль от 1С, старый больше не работает. Новый спросите у Тимура лично. Задача «uw3»-«dig4»")
b("Коммит «hex7» убрал токен из истории через git filter-repo, токен перевыпущен в @BotFather.")
b("Тикет INC-«dig5»: утечка токена бота, токен отозван через @BotFather /revoke, новый положили в Lockbox.")
b("README: replace <your-bot-token> with the token from @BotFather, and set ADMIN_ID to your numeric id (e.g. «dig9»).")
b("Политика паролей: не короче 12 символов, заглавные + цифры + спецсимволы, смена раз в 90 дней, последние 5 повторять нельзя. (редакция «ver»)")
b("Not: PayTR merchant_salt'ı kimse Slack'e yazmasın, sadece Vault'tan okunacak. (karar «date»)")
b("تم تغيير مفتاح Tap السري اليوم؛ المفتاح القديم أُلغي. راجع التذكرة OPS-«dig4».")
b("Tumebadilisha API key ya Africa's Talking; mpya iko kwenye secret/at/«svc».")
b("Décision : plus de mots de passe dans les tickets Jira, on utilise des liens Vault (secret/«svc»/...).")
b("Goal: wire up Daraja STK push; consumer key/secret will come from env vars MPESA_CONSUMER_KEY / MPESA_CONSUMER_SECRET (not yet set on «host»).")
b("Decision: use Yandex Lockbox for all bot tokens; secret id e6q«lan17», access via SA «said».")
b("Саша: пароль тот же, что и на стейдже (см. Bitwarden), логин «user»")
b("Chidi: the paystack key on prod ends with …«hex4», can you confirm it matches the dashboard?")
b("נועה: המפתח של קארדקום הוא ******** (לא שולחת פה, תבדקו ב-Vault)")
b("Тарас: пароль до адмінки скинув у Bitwarden Send, посилання живе 1 годину. Замовлення #«dig5» перевір.")
b("Mehmet: iyzico'da API anahtarını yeniledim, eski anahtar «date» itibarıyla geçersiz. Yenisi Vault'ta.")
b("أحمد: لا تستخدم كلمة مرور مثل 123456 أو password — سياسة الشركة تمنعها. (تذكرة «dig4»)")
b("Wanjiru: passkey ya sandbox ni ile ya umma kutoka kwenye docs za Daraja, usiiweke kwenye .env ya prod.")
b("Awa : j'ai changé le mot de passe du compte CinetPay, demande-le-moi en DM (site_id «dig6»).")
b("ሰላም፡ አዲሱ የይለፍ ቃል በ1Password ውስጥ አለ (ቲኬት «dig4»)።")
b("Emre: Trendyol entegrasyonunda supplier id «dig6», API bilgileri Vault'ta secret/trendyol altında.")
b("Running notes: checked «sha7» — the leaked value in .env.example was a placeholder (xxxx), no rotation needed.")
b("Kasia: hasło do FTP musi mieć min. 14 znaków i nie może zawierać nazwy firmy. Ustaw w panelu, nie wysyłaj mi.")
b("رضا: کلید API کاوه‌نگار را در متغیر محیطی KAVENEGAR_API_KEY گذاشتم، در کد نیست. (کامیت «hex7»)")
b("Тестовая карта ЮKassa: 5555 5555 5555 4477, срок 12/«dig2», любой CVC — это публичные тестовые данные.")

# --- ci-and-deploy ---------------------------------------------------------------
b("env:\n  TELEGRAM_TOKEN: ${{ secrets.TELEGRAM_TOKEN }}\n  YC_SA_JSON: ${{ secrets.YC_SA_JSON_«uw4» }}")
b("docker login -u gitlab-ci-token -p $CI_JOB_TOKEN $CI_REGISTRY  # job «dig9»")
b("environment:\n  PAYSTACK_SECRET_KEY:\n    from_secret: paystack_key_«svc»")
b("image: cr.yandex/«crid»/api:«hex7»")
b("cache:\n  key: deps-«hex40»\n  paths: [.venv/]")
b("variables:\n  DOCKER_DRIVER: overlay2\n  GIT_DEPTH: \"«dig2»\"\n# секретные переменные заданы в Settings → CI/CD → Variables (masked, protected)")
b("- name: Read password from Vault\n  run: vault read -field=password secret/ci/nexus-«svc» > /dev/null")
b("helm upgrade --install api ./chart -f values.yaml --set image.tag=«hex7» --set-file secrets=/dev/null")
b("Run actions/checkout@v4\nSyncing repository: «org»/«repo»\nGetting Git version info\nHEAD is now at «hex7» Merge branch 'feature/mpesa'")
b("gitlab-runner register --url https://gitlab.«dom»/ --token \"$RUNNER_TOKEN\" --executor docker --description «svc»")
b("apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: paystack\nspec:\n  encryptedData:\n    PAYSTACK_SECRET_KEY: AgB«bs120»")
b("terraform plan -var-file=prod.tfvars -var \"yc_token=$(yc iam create-token)\" -out plan-«hex8».tfplan")
b("- uses: docker/login-action@v3\n  with:\n    registry: cr.yandex\n    username: json_key\n    password: ${{ secrets.YC_SA_JSON_KEY }}")
b("deploy:\n  environment: production\n  script:\n    - ./deploy.sh «hex7»\n  rules:\n    - if: $CI_COMMIT_TAG")
b("FROM node:20-alpine AS build\nARG NPM_TOKEN\nRUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci")
b("k8s:\n  imagePullSecrets:\n    - name: ycr-pull-«svc»")
b("ansible-playbook -i inventories/prod deploy.yml --vault-password-file ~/.vault_pass_prod --limit «svc»")
b("::notice title=Deploy::Deployed «hex7» to «host» (secrets loaded from Lockbox)")
b("steps:\n  - run: echo \"Токен берётся из секрета репозитория, в логах будет ***\" && ./notify.sh «chatid»")
b("GITHUB_SHA=«sha40»\nGITHUB_RUN_ID=«dig10»\nGITHUB_TOKEN=***")
b("serviceAccountName: «svc»-deployer\nautomountServiceAccountToken: false")
b("Pipeline #«dig6» passed: build ✔ test ✔ deploy ✔ (commit «hex7»)")

# --- vendor-token (look-alikes) ----------------------------------------------------
b("Yandex Cloud: cloud_id «cloudid», folder_id «folder», registry «crid»")
b("service_account_id: «said}\nauthorized key id: «keyid» (public part only, private key in Lockbox)".replace("«said}", "«said»"))
b("N-Genius outlet reference: «uuid}, merchant account «dig6»".replace("«uuid}", "«uuid»"))
b("Bitrix24 portal «portal».bitrix24.ru, member_id=«hex32»")
b("amoCRM: ID интеграции (client_id) «uuid», аккаунт «amo».amocrm.ru")
b("MoMo X-Reference-Id: «uuid» (создан для requestToPay)")
b("Ozon Seller: Client-Id «dig6» (API-ключ хранится отдельно в Vault)")
b("iyzico conversationId=«dig9» paymentId=«dig8» basketId=B«dig5»")
b("Paymob integration_id=«dig7», iframe_id=«dig6», order_id=«dig9»")
b("HyperPay entityId (public, used in the widget): «hex32»")
b("PayTabs profile_id: «dig5», region: EGY, endpoint https://secure-egypt.paytabs.com")
b("Telegram chat_id: «chatid», bot: @«botname», bot id «botid»")
b("Africa's Talking messageId: ATXid_«hex32»")
b("CinetPay site_id: «dig6», transaction_id TX«dig10»")
b("Tap publishable key (safe for frontend): pk_live_«an24»")
b("Flutterwave public key (used in inline JS): FLWPUBK-«hex32»-X")
b("Paystack public key (checkout.js): pk_test_«hex40»")
b("Checkout.com public key: pk_sbox_«lan26»")
b("Yandex static key id (not secret): «yc_sak_id» for SA «said»")
b("M-Pesa CheckoutRequestID ws_CO_«ts14»«dig6», MerchantRequestID «dig5»-«dig8»-1")
b("Daraja sandbox shortcode 174379, test MSISDN 2547«dig8»")
b("Telegram file_id: BQACAgIAAxkBAAI«bu50»")
b("PAYSTACK_SECRET_KEY=sk_live_****************************************«hex4»")
b("FLW_SECRET_KEY=FLWSECK-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-X")
b("TG_BOT_TOKEN=<bot_id>:<token_from_BotFather>  # example for docs, chat «chatid»")
b("Authorization: Api-Key <API_KEY>  # YandexGPT, folder «folder»")
b("Authorization: OAuth ${YANDEX_DISK_TOKEN}  # backups to app:/«svc»")
b("vless://<uuid>@«pubip»:443?security=reality&pbk=«b64pub»&sid=«hex8»#template")
b("ss://<base64(method:password)>@«pubip»:«port»#docs-example")
b("wg pubkey peer «user»: «wgpub»")
b("GitLab project access token: glpat-********************  (expires «date»)")
b("ghp_************************************ revoked on «date» (see audit log «uuid»)")


# ===========================================================================
# build
# ===========================================================================
_ORDER = [CMD, OUT, CFG, SRC, LOG, NOTE, CI, VEN]
_PER_GROUP = 187
_BENIGN_TARGET = 950


def _render_secret(group, fmt, tmpl, sec, vis):
    for _ in range(200):
        ctx = _Ctx()
        value = sec(ctx) if callable(sec) else _gen(sec)
        if len(value) >= 6 and value not in _USED:
            break
    else:
        raise RuntimeError("could not draw a fresh secret for %s" % fmt)
    _USED.add(value)
    ctx.memo["S"] = value
    ctx.memo["LEN"] = str(len(value))
    text = ctx.render(tmpl)
    visible = ctx.render(vis) if vis else ""
    return (group, fmt, text, value, visible)


def _build_secrets():
    by_group = {}
    for tpl in _TEMPLATES:
        by_group.setdefault(tpl[0], []).append(tpl)
    out = []
    for grp in _ORDER:
        tpls = by_group[grp]
        base, extra = divmod(_PER_GROUP, len(tpls))
        for i, (g, fmt, tmpl, sec, vis) in enumerate(tpls):
            n = base + (1 if i < extra else 0)
            for _ in range(min(n, 3)):
                out.append(_render_secret(g, fmt, tmpl, sec, vis))
    return out


def _contains_secret(s, long_secrets):
    for sec in long_secrets:
        if sec in s:
            return True
    return False


def _build_benign(secrets):
    long_secrets = [e[3] for e in secrets if len(e[3]) >= 8]
    static = [tp for tp in _BENIGN_T if not callable(tp) and not _PH.search(tp)]
    dynamic = [tp for tp in _BENIGN_T if tp not in static]
    base, extra = divmod(_BENIGN_TARGET - len(static), len(dynamic))
    quota = {}
    for i, tp in enumerate(dynamic):
        quota[id(tp)] = base + (1 if i < extra else 0)
    seen = set()
    out = []
    for tp in _BENIGN_T:
        n = 1 if tp in static else quota[id(tp)]
        for _ in range(n):
            for _attempt in range(30):
                ctx = _Ctx()
                s = tp(ctx) if callable(tp) else ctx.render(tp)
                if s not in seen and not _contains_secret(s, long_secrets):
                    break
            else:
                continue
            seen.add(s)
            out.append(s)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)
