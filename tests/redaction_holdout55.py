# -*- coding: utf-8 -*-
"""Blind hold-out corpus #55 for a secret-redaction engine.

What it is
----------
A labelled test corpus of text fragments of the kind a coding agent (Claude
Code, Codex, Gemini CLI) keeps as its working state: goals, running notes,
shell commands it ran, tool output, excerpts of files it opened, decisions,
chat messages pasted in by teammates, log lines and CI configuration.  Each
positive fragment carries exactly one credential that a redaction engine must
remove; the negative fragments carry none but look secret-ish to a naive
scanner.

Theme
-----
Developer teams in East and Southeast Asia and the services they use: Chinese
clouds and platforms (Alibaba Cloud, Tencent Cloud, Huawei Cloud, Baidu,
WeChat and WeCom, DingTalk, Feishu/Lark, Gitee), Japanese and Korean services
(LINE, Kakao, Naver, Rakuten, Sakura, KDDI, Toss), Southeast Asian payments
and super-apps (GCash, GrabPay, Xendit, Midtrans, PayMongo, Omise), with
notes and chats in Chinese, Japanese, Korean, Vietnamese, Thai, Indonesian,
Filipino and English mixed with them.

Provenance
----------
Written blind, from general knowledge only: no existing corpus, rule set or
engine source was consulted and no search tool was used.  Where a vendor's
real credential shape is known it is imitated (prefixes such as LTAI, AKID,
ghp_, glpat-, xnd_development_, SB-Mid-server-, sk_test_, skey_test_,
test_sk_, SEC..., cli_..., ww..., wx...); where it is not known a plausible
shape was invented.  Public vendor API endpoints appear under their
well-known names; every other host, every person, company, account and every
credential value is fictitious and drawn at random.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible):
         group    one of command, tool-output, config-file, source-code,
                  stack-trace-or-log, note-or-chat, ci-and-deploy,
                  vendor-token (about 185 each);
         format   kebab-case name of the shape, each used at most 3 times;
         text     the fragment as the agent would have recorded it;
         secret   the exact substring of text that must not survive
                  redaction (only the key body for PEM keys, only the
                  signature for signed URLs, only the password for
                  user:password pairs);
         visible  a substring of text that must stay readable, or "".
BENIGN   list of distinct strings with no credential in them that still look
         secret-ish: commit SHAs, checksums, UUIDs, request and trace ids,
         public keys and fingerprints, public key ids and publishable keys,
         placeholders, masked values, references to where secrets are kept,
         base64 of ordinary text, paths, versions, prose about passwords,
         password policies, cache-key hashes, in the same contexts as the
         secrets.

Determinism
-----------
All random values are drawn from _R = random.Random(SEED) at import time in a
fixed order, so importing the module twice yields identical lists.  Nothing
is printed at import.

Measured
--------
Blind, measured before any rule was written for it: recall 0.963 (1,425 of 1,480) and false
positives 41 of 950 (4.3%), with the engine at that session's start. Tuned on since: 0.969 and
35 of 950.
"""
import base64
import json
import random
import re
import string

SEED = 55

_R = random.Random(SEED)

_LO = string.ascii_lowercase
_UPC = string.ascii_uppercase
_DG = string.digits
_AN = _LO + _UPC + _DG
_B64C = _AN + "+/"
_B64UC = _AN + "-_"

_ALPHA = {
    "hex": "0123456789abcdef",
    "HEX": "0123456789ABCDEF",
    "an": _AN,
    "up": _UPC + _DG,
    "lo": _LO + _DG,
    "dig": _DG,
    "b64": _B64C,
    "b64u": _B64UC,
    "UPL": _UPC,
    "lol": _LO,
}


def _chars(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _sized(kind, n):
    s = _chars(_ALPHA[kind], n)
    if kind == "dig" and n > 1 and s[0] == "0":
        s = _R.choice("123456789") + s[1:]
    if kind in ("an", "b64", "b64u", "up", "lo") and n >= 8:
        # make sure a long random token is not accidentally all letters
        if not any(c.isdigit() for c in s):
            i = _R.randrange(n)
            s = s[:i] + _R.choice(_DG) + s[i + 1:]
    return s


def _b64(s):
    return base64.b64encode(s.encode("utf-8")).decode("ascii")


def _b64url_nopad(b):
    return base64.urlsafe_b64encode(b).decode("ascii").rstrip("=")


# ---------------------------------------------------------------- vocabulary
_USERS = ["zhangwei", "li_na", "wangfang", "chenjie", "liuyang", "zhao.lei",
          "huangmin", "sun.hao", "tanaka", "sato.k", "suzuki_h", "watanabe",
          "yamamoto.r", "nakamura", "kobayashi", "kimjh", "park.minji",
          "lee.seojun", "choi.yuna", "jung.hoon", "nguyen.an", "tran.binh",
          "le.thu", "pham.duc", "somchai", "nattapong", "siriporn", "budi",
          "dewi.s", "agus.p", "rina", "juan.dc", "maria.santos", "mreyes",
          "deploy", "ci-bot", "svc_pay", "app_rw", "ops", "dev01", "backup",
          "readonly", "etl_user", "report", "jenkins", "gitops", "ubuntu",
          "ec2-user", "admin01", "wms_app", "crm_api", "bi_reader"]
_NAMES_ZH = ["张伟", "李娜", "王芳", "陈杰", "刘洋", "赵磊", "黄敏", "孙浩", "周婷", "吴昊"]
_NAMES_TW = ["林志明", "陳怡君", "黃建宏", "張雅婷"]
_NAMES_HK = ["陳大文", "李嘉欣", "黃子軒"]
_NAMES_JA = ["田中", "佐藤さん", "鈴木", "高橋 健太", "渡辺 美咲", "山本", "中村 翔", "小林"]
_NAMES_KO = ["김민준", "박지연", "이서준", "최유나", "정훈", "강하늘", "윤서아"]
_NAMES_VI = ["Nguyễn Văn An", "Trần Thị Bình", "Lê Thu", "Phạm Đức", "Hoàng Minh"]
_NAMES_TH = ["Somchai", "Nattapong", "Siriporn", "Kanya", "Anan"]
_NAMES_ID = ["Budi", "Dewi", "Agus", "Rina", "Putri", "Andi", "Wahyu"]
_NAMES_PH = ["Juan", "Maria", "Mark", "Joy", "Paolo", "Andrea"]
_NAMES_EN = ["Wei Ling", "Darren", "Priya", "Jun Hao", "Aisyah", "Kelvin"]
_DOMAINS = ["kumo-tech.cn", "hanabi-labs.jp", "saebyeok.kr", "lotuspay.vn",
            "nusantara-dev.id", "siamcart.co.th", "bayanipay.ph", "pandamall.cn",
            "yuzusoft.jp", "hangang-data.kr", "merlion-apps.sg", "bamboo-io.com",
            "tsubame.dev", "mekong-soft.vn", "kopi-cloud.id", "chaophraya.io",
            "jeepney.tech", "xiaolong-ai.cn", "sakuraba.co.jp", "dolphin-pay.com"]
_HOST_PRE = ["db", "pg", "mysql", "redis", "mq", "es", "api", "gw", "app",
             "batch", "jump", "bastion", "kafka", "mongo", "nacos", "etl",
             "report", "pay", "order", "crm", "wms", "ci", "git", "nexus"]
_HOST_REG = ["sh", "bj", "hz", "sz", "gz", "cd", "tyo", "osa", "sel", "pus",
             "hcm", "han", "bkk", "jkt", "mnl", "sgp", "tpe", "hkg"]
_DBS = ["orders", "mall", "payment", "crm", "wms", "user_center", "ledger",
        "app_prod", "ods", "dwd", "member", "coupon", "loyalty", "booking",
        "inventory", "settlement", "shop", "cms"]
_PROJS = ["pay-gateway", "line-bot", "mall-backend", "wx-mini", "kakao-login",
          "grab-connector", "xendit-adapter", "gcash-bridge", "order-center",
          "data-sync", "ops-portal", "member-api", "promo-engine", "toss-checkout",
          "omise-shop", "midtrans-hook", "feishu-notifier", "ding-alert",
          "rakuten-sync", "naver-search", "ekyc-service", "loyalty-app",
          "shopee-sync", "lazada-feed", "paymongo-link", "sakura-vps"]
_SVCS = ["order-svc", "pay-svc", "user-svc", "notify-svc", "gateway", "auth-svc",
         "cart-svc", "search-svc", "report-svc", "admin-web", "webhook-svc",
         "settle-svc", "risk-svc", "coupon-svc"]
_NS = ["prod", "staging", "uat", "pay", "default", "ops", "data", "sit"]
_ENVS = ["prod", "staging", "uat", "dev", "sit", "pre"]
_BRANCHES = ["main", "develop", "release/2.4", "feature/line-login",
             "fix/gcash-timeout", "hotfix/xendit-callback", "feat/wecom-alert",
             "chore/rotate-keys", "feature/toss-v2", "release/v3.1.0"]
_REG_ALI = ["cn-hangzhou", "cn-shanghai", "cn-beijing", "cn-shenzhen",
            "cn-hongkong", "ap-southeast-1", "ap-northeast-1", "ap-southeast-5"]
_REG_TC = ["ap-guangzhou", "ap-shanghai", "ap-beijing", "ap-chengdu",
           "ap-singapore", "ap-bangkok", "ap-jakarta", "ap-seoul", "ap-tokyo"]
_REG_HW = ["cn-north-4", "cn-east-3", "cn-south-1", "ap-southeast-1",
           "ap-southeast-2", "ap-southeast-3", "af-south-1"]
_FILES = ["config.yml", "app.env", "release.tar.gz", "dist.zip", "settings.py",
          "app-release.apk", "backup.sql.gz", "docker-compose.yml", "go.sum",
          "package-lock.json", "orders_export.csv", "cert.pem"]

# word lists for human passwords
_W_EN = ["tiger", "dragon", "monkey", "sunshine", "panda", "rocket", "coffee",
         "lantern", "mango", "river", "orange", "purple", "winter", "summer",
         "falcon", "shadow", "silver", "phoenix", "banana", "thunder", "ocean",
         "garden", "pepper", "cookie", "maple", "lotus", "jasmine", "bamboo"]
_W_ROMA = ["sakura", "neko", "tanuki", "mochi", "ramen", "fuji", "hikari",
           "yuki", "kaze", "hoshi", "tsuki", "umi", "sora", "kitsune", "kumo"]
_W_PINYIN = ["woaini", "xiaomi", "longma", "tianxia", "huanghe", "chunjie",
             "baozi", "dashan", "xingfu", "kuaile", "pengyou", "jinlong",
             "meihua", "xiaobai", "laowang", "zhongguo"]
_W_KO = ["saranghae", "haneul", "bada", "byeol", "gangaji", "kimchi",
         "hangang", "busan", "jeju", "maeum", "chingu", "dkssud", "tkfkdgo"]
_W_VI = ["anhyeuem", "hanoi", "saigon", "phoxua", "binhminh", "matroi",
         "hoasen", "bienxanh", "caphe", "trangsang", "dalat"]
_W_TH = ["sawasdee", "sabai", "chiangmai", "mali", "khaosan", "tomyum",
         "rakthai", "songkran", "phuket"]
_W_ID = ["rahasia", "merdeka", "nasigoreng", "bandung", "kopi", "pelangi",
         "garuda", "semangat", "bintang", "laut", "sambal"]
_W_PH = ["mahal", "bayanihan", "kalayaan", "pinoy", "adobo", "sampaguita",
         "tadhana", "ilog", "halohalo"]
_W_ALL = _W_EN + _W_ROMA + _W_PINYIN + _W_KO + _W_VI + _W_TH + _W_ID + _W_PH
_CITIES = ["Tokyo", "Osaka", "Seoul", "Busan", "Shanghai", "Shenzhen",
           "Hangzhou", "Chengdu", "Hanoi", "Saigon", "Bangkok", "Jakarta",
           "Manila", "Cebu", "Taipei", "Singapore", "Surabaya", "Danang",
           "Fukuoka", "Incheon", "Penang", "Yogya", "Davao", "Kyoto"]

_SYM_FULL = "!@#%^&*_-+=.?~"
_SYM_SHELL = "@_-+=.:~"
_SYM_URL = "-_.~!*"


def _cap(w):
    return w[:1].upper() + w[1:]


def _pw_styled(sym):
    st = _R.randrange(13)
    w = _R.choice(_W_ALL)
    s = _R.choice(sym)
    if st == 0:
        return _cap(w) + str(_R.randint(10, 9999)) + s
    if st == 1:
        return w + s + str(_R.randint(1980, 2025))
    if st == 2:
        return _R.choice(_CITIES) + s + str(_R.randint(100, 99999))
    if st == 3:  # pronounceable
        cons, vow = "bdfghjklmnprstvz", "aeiou"
        syl = "".join(_R.choice(cons) + _R.choice(vow) for _ in range(_R.randint(3, 4)))
        return _cap(syl) + s + _cap("".join(_R.choice(cons) + _R.choice(vow) for _ in range(2))) + str(_R.randint(1, 99))
    if st == 4:  # random printable
        return _chars(_AN + sym, _R.randint(14, 22))
    if st == 5:  # leet
        t = _cap(_R.choice(_W_EN + _W_ROMA)).replace("a", "4").replace("o", "0").replace("e", "3").replace("i", "1")
        return t + s + _R.choice(_CITIES) + str(_R.randint(1, 99))
    if st == 6:  # korean keyboard / pinyin plus birthday
        return _R.choice(_W_KO + _W_PINYIN) + "%02d%02d" % (_R.randint(1, 12), _R.randint(1, 28)) + s + s
    if st == 7:  # keyboard walk with salt
        return _R.choice(["1qaz", "Qwer", "Asdf", "Zxcv", "!QAZ", "qazW"]) + _R.choice(["2wsx", "Tyui", "Ghjk", "@WSX", "sxEd"]) + s + _chars(_AN, 4)
    if st == 8:  # two words and digits
        return _cap(_R.choice(_W_ALL)) + _cap(_R.choice(_W_ALL)) + s + str(_R.randint(0, 999)).zfill(3)
    if st == 9:  # initials + date
        return _chars(_UPC, 1) + _chars(_LO, _R.randint(2, 5)) + str(_R.randint(1975, 2005)) + "%02d%02d" % (_R.randint(1, 12), _R.randint(1, 28)) + s
    if st == 10:  # random mixed, no symbols after start
        return _chars(_UPC, 2) + s + _chars(_LO + _DG, _R.randint(9, 14))
    if st == 11:
        return w.upper()[:4] + s + _chars(_DG, 4) + s + w[-3:]
    return _cap(w) + "_" + _chars(_LO + _DG, 6) + s


def _pw_safe(sym):
    while True:
        p = _pw_styled(sym)
        if len(p) >= 8:
            return p


def _pwp():
    n = _R.randint(3, 5)
    words = [_R.choice(_W_ALL) for _ in range(n)]
    sep = _R.choice(["-", " ", ".", "_", "-"])
    tail = _R.choice(["", str(_R.randint(1, 99)), "!", "?" + str(_R.randint(1, 9))])
    return sep.join(words) + tail


def _pwr():
    return _chars(_AN + "!@#%^&*()-_=+[]{}<>?", _R.randint(16, 28))


def _jwt():
    alg = _R.choice(["HS256", "RS256", "HS512", "ES256"])
    hdr = _b64url_nopad(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")).encode())
    now = _R.randint(1700000000, 1760000000)
    body = {"sub": str(_R.randint(10000, 99999999)), "iat": now,
            "exp": now + _R.choice([900, 3600, 7200, 86400, 604800])}
    if _R.random() < 0.5:
        body["iss"] = "https://auth." + _R.choice(_DOMAINS)
    if _R.random() < 0.5:
        body["role"] = _R.choice(["admin", "merchant", "ops", "service"])
    pl = _b64url_nopad(json.dumps(body, separators=(",", ":")).encode())
    siglen = {"HS256": 43, "RS256": 342, "HS512": 86, "ES256": 86}[alg]
    return hdr + "." + pl + "." + _sized("b64u", siglen)


def _pem_lines(prefix, total, width=64):
    body = prefix + _chars(_B64C, total - len(prefix))
    if total % 4 == 0 and _R.random() < 0.5:
        body = body[:-1] + "="
    return [body[i:i + width] for i in range(0, len(body), width)]


def _rsa_body():
    return "\n".join(_pem_lines("MIIEpAIBAAKCAQEA", _R.choice([1588, 1592, 1596])))


def _pk8_body():
    return "\n".join(_pem_lines("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", _R.choice([1620, 1624, 1628])))


def _ec_body():
    return "\n".join(_pem_lines("MHcCAQEEI", 164))


def _ossh_body():
    return "\n".join(_pem_lines("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", 400, 70))


def _pk8_esc():
    return "\\n".join(_pem_lines("MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ", 1624))


def _rsa_body_i2():
    return "\n  ".join(_pem_lines("MIIEowIBAAKCAQEA", 1588))


def _pgp_body():
    lines = ["lQdGBGX" + _chars(_B64C, 57)] + [_chars(_B64C, 64) for _ in range(_R.randint(10, 16))]
    return "\n".join(lines)


def _wpsalt():
    return _chars(_AN + "!@#%^&*()-_=+[]{}<>?,.;:|~", 64)


def _djkey():
    return _chars(_LO + _DG + "!@#%^&*(-_=+)", 50)


def _host():
    return "%s-%s-%02d.%s" % (_R.choice(_HOST_PRE), _R.choice(_HOST_REG),
                              _R.randint(1, 40), _R.choice(["internal.", "corp.", "svc.", ""]) + _R.choice(_DOMAINS))


def _ip():
    k = _R.randrange(3)
    if k == 0:
        return "10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255), _R.randint(2, 254))
    if k == 1:
        return "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 255), _R.randint(2, 254))
    return "192.168.%d.%d" % (_R.randint(0, 255), _R.randint(2, 254))


def _uuid():
    h = _sized("hex", 32)
    h = h[:12] + "4" + h[13:16] + _R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _date():
    return "2024-%02d-%02d" % (_R.randint(1, 12), _R.randint(1, 28))


def _time():
    return "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def _b64text():
    phrases = ["hello from %s build %d" % (_R.choice(_CITIES), _R.randint(1, 999)),
               "release notes for v%d.%d" % (_R.randint(1, 9), _R.randint(0, 30)),
               '{"env":"%s","region":"%s"}' % (_R.choice(_ENVS), _R.choice(_REG_ALI)),
               "user=%s;lang=%s" % (_R.choice(_USERS), _R.choice(["zh-CN", "ja-JP", "ko-KR", "vi-VN", "th-TH", "id-ID"])),
               "order %d shipped to %s" % (_R.randint(1000, 99999), _R.choice(_CITIES)),
               "このファイルは設定のサンプルです %d" % _R.randint(1, 999),
               "测试数据 第%d批" % _R.randint(1, 99)]
    return _b64(_R.choice(phrases))


_GEN = {
    "host": _host,
    "ip": _ip,
    "user": lambda: _R.choice(_USERS),
    "name_zh": lambda: _R.choice(_NAMES_ZH),
    "name_tw": lambda: _R.choice(_NAMES_TW),
    "name_hk": lambda: _R.choice(_NAMES_HK),
    "name_ja": lambda: _R.choice(_NAMES_JA),
    "name_ko": lambda: _R.choice(_NAMES_KO),
    "name_vi": lambda: _R.choice(_NAMES_VI),
    "name_th": lambda: _R.choice(_NAMES_TH),
    "name_id": lambda: _R.choice(_NAMES_ID),
    "name_ph": lambda: _R.choice(_NAMES_PH),
    "name_en": lambda: _R.choice(_NAMES_EN),
    "person": lambda: _R.choice(_NAMES_ZH + _NAMES_JA + _NAMES_KO + _NAMES_VI + _NAMES_TH + _NAMES_ID + _NAMES_PH + _NAMES_EN),
    "dom": lambda: _R.choice(_DOMAINS),
    "email": lambda: _R.choice(_USERS).replace("_", ".") + "@" + _R.choice(_DOMAINS),
    "db": lambda: _R.choice(_DBS),
    "proj": lambda: _R.choice(_PROJS),
    "svc": lambda: _R.choice(_SVCS),
    "ns": lambda: _R.choice(_NS),
    "env": lambda: _R.choice(_ENVS),
    "branch": lambda: _R.choice(_BRANCHES),
    "sha": lambda: _sized("hex", 40),
    "sha7": lambda: _sized("hex", 7),
    "uuid": _uuid,
    "UUID": lambda: _uuid().upper(),
    "date": _date,
    "time": _time,
    "ts": lambda: _date() + "T" + _time() + "Z",
    "epoch": lambda: str(_R.randint(1700000000, 1760000000)),
    "ver": lambda: "%d.%d.%d" % (_R.randint(0, 5), _R.randint(0, 30), _R.randint(0, 40)),
    "region_ali": lambda: _R.choice(_REG_ALI),
    "region_tc": lambda: _R.choice(_REG_TC),
    "region_hw": lambda: _R.choice(_REG_HW),
    "bucket": lambda: _R.choice(["static", "assets", "backup", "export", "media", "logs", "invoice", "kyc-docs"]) + "-" + _R.choice(_PROJS).split("-")[0] + "-" + _R.choice(_ENVS),
    "num": lambda: str(_R.randint(2, 999)),
    "pid": lambda: str(_R.randint(300, 65000)),
    "file": lambda: _R.choice(_FILES),
    "pw": lambda: _pw_safe(_SYM_FULL),
    "pws": lambda: _pw_safe(_SYM_SHELL),
    "pwu": lambda: _pw_safe(_SYM_URL),
    "pwp": _pwp,
    "pwr": _pwr,
    "jwt": _jwt,
    "rsa_body": _rsa_body,
    "pk8_body": _pk8_body,
    "ec_body": _ec_body,
    "ossh_body": _ossh_body,
    "pk8_esc": _pk8_esc,
    "rsa_body_i2": _rsa_body_i2,
    "pgp_body": _pgp_body,
    "wpsalt": _wpsalt,
    "djkey": _djkey,
    "b64text": _b64text,
    "b64user": lambda: _b64(_R.choice(_USERS)),
}

_SIZED_RE = re.compile(r"^(hex|HEX|an|up|lo|dig|b64u|b64|UPL|lol)_(\d+)[a-z]?$")
_FIELD_RE = re.compile(u"\u00ab([A-Za-z0-9_]+)\u00bb")


def _gen(name):
    m = _SIZED_RE.match(name)
    if m:
        return _sized(m.group(1), int(m.group(2)))
    if name in _GEN:
        return _GEN[name]()
    if name.rstrip("0123456789") in _GEN:
        return _GEN[name.rstrip("0123456789")]()
    return _GEN[name[:-1]]()


class _Ctx(dict):
    def __missing__(self, k):
        v = _gen(k)
        self[k] = v
        return v


def _sub(tpl, ctx):
    return _FIELD_RE.sub(lambda m: ctx[m.group(1)], tpl)


# helpers for composite secrets (callables receive the template context)
def _basic(user_field="user", pwkind="pw"):
    def f(ctx):
        return _b64(ctx[user_field] + ":" + _GEN[pwkind]())
    return f


def _basic_tok(prefix, kind, n):
    def f(ctx):
        return _b64(prefix + _sized(kind, n) + ":")
    return f


def _b64pw(ctx):
    return _b64(_GEN["pw"]())


def _urlenc_sig(n):
    def f(ctx):
        raw = _chars(_B64C, n)
        return raw.replace("+", "%2B").replace("/", "%2F") + "%3D"
    return f


_USED = set()
_FORMATS = set()


def _secret(spec, ctx):
    for _ in range(100):
        if callable(spec):
            s = spec(ctx)
        else:
            s = _sub(spec, _Ctx())
        if s not in _USED and len(s) >= 6:
            _USED.add(s)
            return s
    raise ValueError("could not draw a fresh secret for %r" % (spec,))


def _build(group, templates, target):
    out = []
    n = len(templates)
    base, rem = divmod(target, n)
    if base + (1 if rem else 0) > 3:
        raise ValueError("too few templates for group %s" % group)
    for i, (fmt, text, spec, vis) in enumerate(templates):
        if fmt in _FORMATS:
            raise ValueError("duplicate format %s" % fmt)
        _FORMATS.add(fmt)
        for _ in range(base + (1 if i < rem else 0)):
            for attempt in range(50):
                ctx = _Ctx()
                s = _secret(spec, ctx)
                ctx["S"] = s
                t = _sub(text, ctx)
                v = _sub(vis, ctx)
                if s in t and (not v or (v in t and s not in v and v not in s)):
                    out.append((group, fmt, t, s, v))
                    break
                _USED.discard(s)
            else:
                raise ValueError("template %s never produced a valid entry" % fmt)
    return out


# ====================================================================== command
_COMMAND = [
    ("mysql-cli-inline-p-flag", "mysql -h «host» -P 3306 -u «user» -p«S» «db» -e 'SHOW TABLES;'", "«pws»", "mysql -h «host»"),
    ("psql-pgpassword-prefix", "PGPASSWORD='«S»' psql -h «host» -U «user» -d «db» -c '\\dt'", "«pw»", "psql -h «host» -U «user»"),
    ("redis-cli-a-flag", "redis-cli -h «host» -p 6379 -a «S» --no-auth-warning INFO keyspace", "«an_32»", "redis-cli -h «host»"),
    ("mongosh-uri-userinfo", "mongosh \"mongodb://«user»:«S»@«host»:27017/«db»?authSource=admin\"", "«pwu»", "«host»:27017"),
    ("aliyun-cli-configure-set-ak", "aliyun configure set --profile «proj» --mode AK --region «region_ali» --access-key-id LTAI5t«an_18» --access-key-secret «S»", "«an_30»", "aliyun configure set --profile «proj»"),
    ("tccli-configure-set-secretkey", "tccli configure set secretId AKID«an_32» secretKey «S» region «region_tc»", "«an_32»", "tccli configure set"),
    ("koocli-hcloud-configure-aksk", "hcloud configure set --cli-profile=«proj» --cli-mode=AKSK --cli-region=«region_hw» --cli-access-key=«up_20» --cli-secret-key=«S»", "«an_40»", "--cli-region=«region_hw»"),
    ("ossutil-config-k-flag", "ossutil config -e oss-«region_ali».aliyuncs.com -i LTAI5t«an_18» -k «S» -L CH", "«an_30»", "oss-«region_ali».aliyuncs.com"),
    ("coscmd-config-s-flag", "coscmd config -a AKID«an_32» -s «S» -b «bucket»-1«dig_9» -r «region_tc»", "«an_32»", "-r «region_tc»"),
    ("curl-dingtalk-robot-access-token", "curl -s 'https://oapi.dingtalk.com/robot/send?access_token=«S»' -H 'Content-Type: application/json' -d '{\"msgtype\":\"text\",\"text\":{\"content\":\"部署完成 «proj» «ver»\"}}'", "«hex_64»", "oapi.dingtalk.com/robot/send"),
    ("curl-wecom-gettoken-corpsecret", "curl 'https://qyapi.weixin.qq.com/cgi-bin/gettoken?corpid=ww«hex_16»&corpsecret=«S»'", "«b64u_43»", "qyapi.weixin.qq.com/cgi-bin/gettoken"),
    ("curl-wechat-token-secret-param", "curl -G https://api.weixin.qq.com/cgi-bin/token -d grant_type=client_credential -d appid=wx«hex_16» -d secret=«S»", "«hex_32»", "grant_type=client_credential"),
    ("curl-feishu-tenant-token-body", "curl -X POST https://open.feishu.cn/open-apis/auth/v3/tenant_access_token/internal -H 'Content-Type: application/json' -d '{\"app_id\":\"cli_«hex_16»\",\"app_secret\":\"«S»\"}'", "«an_32»", "tenant_access_token/internal"),
    ("git-clone-gitee-userinfo-token", "git clone https://«user»:«S»@gitee.com/«proj»/«svc».git", "«hex_32»", "gitee.com/«proj»/«svc».git"),
    ("git-remote-set-url-oauth2-glpat", "git remote set-url origin https://oauth2:«S»@gitlab.«dom»/«proj»/api.git", "glpat-«b64u_20»", "gitlab.«dom»/«proj»/api.git"),
    ("docker-login-acr-password-flag", "docker login --username=«user»@«dom» --password «S» registry.cn-hangzhou.aliyuncs.com", "«pws»", "registry.cn-hangzhou.aliyuncs.com"),
    ("echo-pipe-docker-login-tcr", "echo '«S»' | docker login ccr.ccs.tencentyun.com --username «dig_12» --password-stdin", "«pw»", "ccr.ccs.tencentyun.com"),
    ("kubectl-create-secret-from-literal", "kubectl -n «ns» create secret generic «svc»-db --from-literal=DB_USER=«user» --from-literal=DB_PASSWORD='«S»'", "«pw»", "create secret generic «svc»-db"),
    ("helm-upgrade-set-root-password", "helm upgrade --install «svc» ./charts/«svc» -n «ns» --set mysql.auth.rootPassword=«S» --set image.tag=«ver»", "«pws»", "--set image.tag=«ver»"),
    ("export-line-channel-secret", "export LINE_CHANNEL_SECRET=«S»\nexport LINE_CHANNEL_ACCESS_TOKEN=\"$(cat ~/.line/token)\"", "«hex_32»", "LINE_CHANNEL_ACCESS_TOKEN"),
    ("httpie-kakao-bearer", "http POST https://kapi.kakao.com/v2/api/talk/memo/default/send 'Authorization:Bearer «S»' template_object=@memo.json", "«b64u_54»", "kapi.kakao.com/v2/api/talk/memo"),
    ("curl-naver-client-secret-header", "curl 'https://openapi.naver.com/v1/search/blog.json?query=%EC%B9%B4%ED%8E%98&display=10' -H 'X-Naver-Client-Id: «an_20»' -H 'X-Naver-Client-Secret: «S»'", "«an_10»", "openapi.naver.com/v1/search/blog.json"),
    ("curl-xendit-u-secret-key", "curl https://api.xendit.co/v2/invoices -X POST -u «S»: -d external_id=inv-«num» -d amount=150000 -d payer_email=«email»", "xnd_development_«an_60»", "api.xendit.co/v2/invoices"),
    ("curl-midtrans-basic-header", "curl -X POST https://app.sandbox.midtrans.com/snap/v1/transactions -H 'Accept: application/json' -H 'Authorization: Basic «S»' -d '{\"transaction_details\":{\"order_id\":\"ORD-«dig_8»\",\"gross_amount\":250000}}'", _basic_tok("SB-Mid-server-", "b64u", 24), "app.sandbox.midtrans.com/snap/v1/transactions"),
    ("curl-paymongo-u-sk-test", "curl -u «S»: https://api.paymongo.com/v1/payment_intents -H 'Content-Type: application/json' -d '{\"data\":{\"attributes\":{\"amount\":10000,\"currency\":\"PHP\",\"payment_method_allowed\":[\"gcash\",\"paymaya\"]}}}'", "sk_test_«an_24»", "api.paymongo.com/v1/payment_intents"),
    ("curl-omise-charge-skey", "curl https://api.omise.co/charges -u «S»: -d amount=100000 -d currency=thb -d return_uri=https://«dom»/done", "skey_test_5«lo_18»", "api.omise.co/charges"),
    ("sshpass-p-ssh-remote", "sshpass -p '«S»' ssh -o StrictHostKeyChecking=no «user»@«ip» 'sudo systemctl restart «svc»'", "«pw»", "«user»@«ip»"),
    ("mysqldump-password-long-flag", "mysqldump --host=«host» --user=«user» --password=«S» --single-transaction «db» | gzip > /backup/«db»-«date».sql.gz", "«pws»", "/backup/«db»-«date».sql.gz"),
    ("htpasswd-batch-mode", "sudo htpasswd -b -c /etc/nginx/.htpasswd «user» «S»", "«pws»", "/etc/nginx/.htpasswd"),
    ("openssl-pkcs12-passout-pass", "openssl pkcs12 -export -in cert.pem -inkey key.pem -out «svc».p12 -passout pass:«S»", "«pws»", "-out «svc».p12"),
    ("echo-chpasswd-pipe", "echo '«user»:«S»' | sudo chpasswd", "«pw»", "sudo chpasswd"),
    ("mc-alias-set-minio", "mc alias set «proj» https://minio.«dom» «up_20» «S»", "«an_40»", "https://minio.«dom»"),
    ("s3cmd-obs-keys-flags", "s3cmd --access_key=«up_20» --secret_key=«S» --host=obs.«region_hw».myhuaweicloud.com --host-bucket='%(bucket)s.obs.«region_hw».myhuaweicloud.com' ls s3://«bucket»", "«an_40»", "s3://«bucket»"),
    ("aws-cli-inline-env-keys", "AWS_ACCESS_KEY_ID=AKIA«up_16» AWS_SECRET_ACCESS_KEY=«S» aws s3 ls s3://«bucket» --region ap-northeast-1", "«b64_40»", "aws s3 ls s3://«bucket»"),
    ("npm-config-set-authtoken", "npm config set //registry.npmjs.org/:_authToken=«S»", "npm_«an_36»", "npm config set"),
    ("pip-install-index-url-creds", "pip install -i https://«user»:«S»@nexus.«dom»/repository/pypi-group/simple «proj»==«ver»", "«pwu»", "nexus.«dom»/repository/pypi-group/simple"),
    ("gh-auth-login-herestring", "gh auth login --hostname github.com --with-token <<< «S»", "ghp_«an_36»", "gh auth login --hostname github.com"),
    ("wget-private-token-header", "wget --header='PRIVATE-TOKEN: «S»' 'https://gitlab.«dom»/api/v4/projects/«num»/jobs/artifacts/main/download?job=build'", "glpat-«b64u_20»", "gitlab.«dom»/api/v4/projects/«num»"),
    ("echo-append-git-credentials", "echo 'https://«user»:«S»@gitee.com' >> ~/.git-credentials && git config --global credential.helper store", "«pwu»", "credential.helper store"),
    ("rsync-password-env-prefix", "RSYNC_PASSWORD=«S» rsync -avz --delete ./dist/ rsync://«user»@«host»/www/", "«pws»", "rsync://«user»@«host»/www/"),
    ("lftp-u-user-comma-pass", "lftp -u «user»,«S» sftp://«host» -e 'mirror -R dist /var/www/html; quit'", "«pws»", "sftp://«host»"),
    ("curl-line-notify-bearer", "curl -X POST -H 'Authorization: Bearer «S»' -F 'message=本番デプロイ完了 «ver»' https://notify-api.line.me/api/notify", "«an_43»", "notify-api.line.me/api/notify"),
    ("curl-line-push-channel-token", "curl -v -X POST https://api.line.me/v2/bot/message/push \\\n  -H 'Content-Type: application/json' \\\n  -H 'Authorization: Bearer «S»' \\\n  -d '{\"to\":\"U«hex_32»\",\"messages\":[{\"type\":\"text\",\"text\":\"テスト\"}]}'", "«b64_171»=", "api.line.me/v2/bot/message/push"),
    ("curl-toss-confirm-basic", "curl --request POST --url https://api.tosspayments.com/v1/payments/confirm --header 'Authorization: Basic «S»' --header 'Content-Type: application/json' --data '{\"paymentKey\":\"«an_20»\",\"orderId\":\"order-«dig_8»\",\"amount\":15000}'", _basic_tok("test_sk_", "an", 20), "api.tosspayments.com/v1/payments/confirm"),
    ("redis-cli-u-uri-default-user", "redis-cli -u redis://default:«S»@«host»:6380/0 --tls ping", "«pwu»", "redis-cli -u"),
    ("wget-ftp-url-userinfo", "wget ftp://«user»:«S»@«ip»/export/orders_«date».csv", "«pwu»", "/export/orders_«date».csv"),
    ("python-script-app-secret-flag", "python3 scripts/top_sign.py --app-key «dig_8» --app-secret «S» --method taobao.trade.fullinfo.get --session-env prod", "«hex_32»", "scripts/top_sign.py"),
    ("java-d-datasource-password", "java -Dspring.datasource.password=«S» -jar «svc».jar --spring.profiles.active=«env»", "«pws»", "-jar «svc».jar"),
    ("docker-run-e-mysql-root-password", "docker run -d --name «svc»-mysql -e MYSQL_ROOT_PASSWORD=«S» -e TZ=Asia/Shanghai -p 3306:3306 mysql:8.0", "«pws»", "--name «svc»-mysql"),
    ("kubectl-exec-env-pgpassword", "kubectl exec -it deploy/«svc» -n «ns» -- env PGPASSWORD=«S» psql -h «host» -U «user» -d «db»", "«pws»", "kubectl exec -it deploy/«svc»"),
    ("terraform-apply-var-secret", "terraform apply -auto-approve -var 'alicloud_secret_key=«S»' -var 'region=«region_ali»'", "«an_30»", "-var 'region=«region_ali»'"),
    ("ansible-playbook-extra-vars", "ansible-playbook -i inventory/«env» site.yml -e 'mysql_root_password=«S» app_env=«env»'", "«pws»", "inventory/«env» site.yml"),
    ("vault-kv-put-field", "vault kv put secret/«proj»/«env» db_password='«S»' db_user=«user»", "«pw»", "secret/«proj»/«env»"),
    ("consul-kv-put-redis-password", "consul kv put config/«svc»/redis/password «S»", "«pws»", "config/«svc»/redis/password"),
    ("etcdctl-user-root-colon", "etcdctl --endpoints=https://«ip»:2379 --user=root:«S» get /registry --prefix --keys-only", "«pws»", "--endpoints=https://«ip»:2379"),
    ("curl-nacos-login-form", "curl -X POST 'http://«host»:8848/nacos/v1/auth/login' -d 'username=nacos&password=«S»'", "«pwu»", "«host»:8848/nacos/v1/auth/login"),
    ("curl-u-elasticsearch-cat", "curl -u elastic:«S» 'http://«host»:9200/_cat/indices?v&s=index'", "«pws»", "«host»:9200/_cat/indices"),
    ("rabbitmqctl-add-user-quoted", "rabbitmqctl add_user «user» '«S»' && rabbitmqctl set_user_tags «user» monitoring", "«pw»", "set_user_tags «user» monitoring"),
    ("mongosh-eval-create-user", "mongosh admin --eval 'db.createUser({user:\"«user»\",pwd:\"«S»\",roles:[{role:\"readWrite\",db:\"«db»\"}]})'", "«pw»", "db:\"«db»\""),
    ("sqlcmd-sa-p-flag", "sqlcmd -S «host»,1433 -U sa -P '«S»' -Q 'SELECT @@VERSION'", "«pw»", "sqlcmd -S «host»,1433"),
    ("sqlplus-slash-connect", "sqlplus «user»/«S»@//«host»:1521/ORCLPDB1 @scripts/patch_«num».sql", "«pwu»", "«host»:1521/ORCLPDB1"),
    ("clickhouse-client-password-flag", "clickhouse-client --host «host» --user «user» --password '«S»' --query 'SELECT count() FROM events WHERE dt = today()'", "«pw»", "clickhouse-client --host «host»"),
    ("swaks-auth-password", "swaks --to «email» --server smtp.exmail.qq.com:465 --tls-on-connect --auth LOGIN --auth-user noreply@«dom» --auth-password '«S»'", "«pw»", "smtp.exmail.qq.com:465"),
    ("curl-baidu-oauth-client-secret", "curl -X POST 'https://aip.baidubce.com/oauth/2.0/token?grant_type=client_credentials&client_id=«an_24»&client_secret=«S»'", "«an_32»", "aip.baidubce.com/oauth/2.0/token"),
    ("curl-huawei-iam-password-json", "curl -X POST https://iam.«region_hw».myhuaweicloud.com/v3/auth/tokens -H 'Content-Type: application/json' -d '{\"auth\":{\"identity\":{\"methods\":[\"password\"],\"password\":{\"user\":{\"name\":\"«user»\",\"password\":\"«S»\",\"domain\":{\"name\":\"«proj»\"}}}},\"scope\":{\"project\":{\"name\":\"«region_hw»\"}}}}'", "«pw»", "/v3/auth/tokens"),
    ("powershell-new-localuser-securestring", "$pw = ConvertTo-SecureString '«S»' -AsPlainText -Force; New-LocalUser -Name «user» -Password $pw -PasswordNeverExpires", "«pw»", "New-LocalUser -Name «user»"),
    ("net-use-mapped-drive", "net use Z: \\\\«host»\\share /user:CORP\\«user» «S» /persistent:no", "«pws»", "/persistent:no"),
    ("git-c-extraheader-bearer", "git -c http.extraHeader='Authorization: Bearer «S»' clone https://git.«dom»/«proj».git", "«b64u_40»", "https://git.«dom»/«proj».git"),
    ("curl-gitee-api-access-token-query", "curl 'https://gitee.com/api/v5/user/repos?access_token=«S»&per_page=100&sort=pushed'", "«hex_32»", "gitee.com/api/v5/user/repos"),
    ("jfrog-cli-config-add-token", "jf c add «proj» --url https://«dom»/artifactory --user «user» --access-token «S» --interactive=false", "cmVmdGtuOjAxOj«b64_50»", "jf c add «proj»"),
    ("heredoc-my-cnf-client", "cat > ~/.my.cnf <<'EOF'\n[client]\nuser=«user»\npassword=«S»\nhost=«host»\nEOF\nchmod 600 ~/.my.cnf", "«pw»", "chmod 600 ~/.my.cnf"),
    ("sed-inplace-replace-password", "sed -i 's/^spring.redis.password=.*/spring.redis.password=«S»/' config/application-«env».properties", "«an_24»", "config/application-«env».properties"),
    ("curl-sakura-cloud-basic-u", "curl -s -u «uuid»:«S» https://secure.sakura.ad.jp/cloud/zone/is1a/api/cloud/1.1/server | jq '.Servers[].Name'", "«an_64»", "secure.sakura.ad.jp/cloud/zone/is1a"),
    ("curl-chatwork-token-header", "curl -X POST -H 'X-ChatWorkToken: «S»' -d 'body=リリースしました «ver»' https://api.chatwork.com/v2/rooms/«dig_9»/messages", "«hex_32»", "api.chatwork.com/v2/rooms"),
    ("mysql-defaults-extra-heredoc-pipe", "mysql --defaults-extra-file=<(printf '[client]\\npassword=%s\\n' '«S»') -h «host» -u «user» «db» < migrate.sql", "«pw»", "-h «host» -u «user»"),
]

# ================================================================== tool-output
_TOOL_OUTPUT = [
    ("kubectl-get-secret-yaml-data", "$ kubectl get secret «svc»-db -n «ns» -o yaml\napiVersion: v1\ndata:\n  password: «S»\n  username: «b64user»\nkind: Secret\nmetadata:\n  name: «svc»-db\n  namespace: «ns»\ntype: Opaque", _b64pw, "name: «svc»-db"),
    ("kubectl-jsonpath-base64-decoded", "$ kubectl get secret «svc»-redis -n «ns» -o jsonpath='{.data.redis-password}' | base64 -d\n«S»", "«pw»", "kubectl get secret «svc»-redis"),
    ("printenv-grep-alibaba", "$ printenv | grep -i -E 'ali|oss'\nOSS_ENDPOINT=oss-«region_ali».aliyuncs.com\nALIBABA_CLOUD_ACCESS_KEY_ID=LTAI5t«an_18»\nALIBABA_CLOUD_ACCESS_KEY_SECRET=«S»", "«an_30»", "OSS_ENDPOINT=oss-«region_ali».aliyuncs.com"),
    ("docker-inspect-config-env", "$ docker inspect «svc» --format '{{json .Config.Env}}' | jq .\n[\n  \"TZ=Asia/Shanghai\",\n  \"MYSQL_HOST=«host»\",\n  \"MYSQL_PASSWORD=«S»\",\n  \"JAVA_OPTS=-Xms512m -Xmx1g\"\n]", "«pw»", "MYSQL_HOST=«host»"),
    ("cat-aliyun-config-json", "$ cat ~/.aliyun/config.json\n{\n  \"current\": \"default\",\n  \"profiles\": [\n    {\n      \"name\": \"default\",\n      \"mode\": \"AK\",\n      \"access_key_id\": \"LTAI5t«an_18»\",\n      \"access_key_secret\": \"«S»\",\n      \"region_id\": \"«region_ali»\",\n      \"output_format\": \"json\",\n      \"language\": \"zh\"\n    }\n  ]\n}", "«an_30»", "\"region_id\": \"«region_ali»\""),
    ("tccli-configure-list-output", "$ tccli configure list\ncredential:\nsecretId = AKID«an_32»\nsecretKey = «S»\nconfigure:\nregion = «region_tc»\noutput = json", "«an_32»", "region = «region_tc»"),
    ("git-config-list-remote-url", "$ git config --list --show-origin | grep url\nfile:.git/config\tremote.origin.url=https://«user»:«S»@gitee.com/«proj»/«svc».git", "«hex_32»", "gitee.com/«proj»/«svc».git"),
    ("pip-config-list-index-url", "$ pip config list\nglobal.index-url='https://«user»:«S»@mirrors.«dom»/pypi/simple'\nglobal.trusted-host='mirrors.«dom»'", "«pwu»", "global.trusted-host='mirrors.«dom»'"),
    ("cat-npmrc-scoped-registry", "$ cat .npmrc\nregistry=https://registry.npmmirror.com/\n@«proj»:registry=https://npm.«dom»/\n//npm.«dom»/:_authToken=«S»\nalways-auth=true", "npm_«an_36»", "registry=https://registry.npmmirror.com/"),
    ("mysql-select-plaintext-column", "mysql> SELECT id, login, plain_pw FROM legacy_admin WHERE id = «num»;\n+-----+------------+------------------+\n| id  | login      | plain_pw         |\n+-----+------------+------------------+\n| «num» | «user» | «S» |\n+-----+------------+------------------+\n1 row in set (0.01 sec)", "«pw»", "FROM legacy_admin"),
    ("redis-config-get-requirepass", "127.0.0.1:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"«S»\"", "«an_24»", "CONFIG GET requirepass"),
    ("systemctl-show-environment", "$ systemctl show «svc» -p Environment\nEnvironment=SPRING_PROFILES_ACTIVE=«env» DB_PASS=«S» TZ=Asia/Tokyo", "«pws»", "SPRING_PROFILES_ACTIVE=«env»"),
    ("ps-aux-mysqldump-cmdline", "$ ps aux | grep [m]ysqldump\nroot     «pid»  3.1  0.4 112804  9120 ?  S  03:00  0:12 mysqldump -h«host» -uroot -p«S» --all-databases --single-transaction", "«pws»", "--all-databases --single-transaction"),
    ("docker-compose-config-rendered", "$ docker compose config\nname: «proj»\nservices:\n  db:\n    environment:\n      POSTGRES_DB: «db»\n      POSTGRES_PASSWORD: «S»\n      POSTGRES_USER: «user»\n    image: postgres:15-alpine", "«pw»", "POSTGRES_USER: «user»"),
    ("terraform-state-show-ram-key", "$ terraform state show alicloud_ram_access_key.ci\n# alicloud_ram_access_key.ci:\nresource \"alicloud_ram_access_key\" \"ci\" {\n    id        = \"LTAI5t«an_18»\"\n    secret    = \"«S»\"\n    status    = \"Active\"\n    user_name = \"«user»\"\n}", "«an_30»", "user_name = \"«user»\""),
    ("terraform-output-json-value", "$ terraform output -json\n{\n  \"rds_password\": {\n    \"sensitive\": true,\n    \"type\": \"string\",\n    \"value\": \"«S»\"\n  }\n}", "«pwr»", "\"sensitive\": true"),
    ("vercel-env-pull-cat", "$ vercel env pull .env.local && cat .env.local\n# Created by Vercel CLI\nLINE_CHANNEL_SECRET=\"«S»\"\nNEXT_PUBLIC_LIFF_ID=\"«dig_10»-«an_8»\"", "«hex_32»", "# Created by Vercel CLI"),
    ("wecom-gettoken-json-response", "{\"errcode\":0,\"errmsg\":\"ok\",\"access_token\":\"«S»\",\"expires_in\":7200}", "«b64u_128»", "\"errmsg\":\"ok\""),
    ("wechat-cgi-token-response", "$ curl -s 'https://api.weixin.qq.com/cgi-bin/token?grant_type=client_credential&appid=wx«hex_16»&secret=$WX_SECRET'\n{\"access_token\":\"«S»\",\"expires_in\":7200}", "8«dig_1»_«b64u_120»", "secret=$WX_SECRET"),
    ("feishu-tenant-token-response", "{\"code\":0,\"expire\":7200,\"msg\":\"ok\",\"tenant_access_token\":\"«S»\"}", "t-g10«up_4»«an_34»", "\"expire\":7200"),
    ("dingtalk-gettoken-response", "$ curl -s 'https://oapi.dingtalk.com/gettoken?appkey=ding«lo_16»&appsecret=${DING_SECRET}'\n{\"errcode\":0,\"access_token\":\"«S»\",\"errmsg\":\"ok\",\"expires_in\":7200}", "«hex_32»", "appsecret=${DING_SECRET}"),
    ("kakao-oauth-refresh-token-jq", "$ curl -s -X POST https://kauth.kakao.com/oauth/token -d grant_type=authorization_code -d client_id=$KAKAO_REST_KEY -d code=$CODE | jq -r .refresh_token\n«S»", "«b64u_54»", "kauth.kakao.com/oauth/token"),
    ("line-oauth-v3-token-response", "{\"access_token\":\"«S»\",\"expires_in\":2592000,\"token_type\":\"Bearer\",\"key_id\":\"«b64u_22»\"}", "eyJhbGciOiJIUzI1NiJ9.«b64u_180».«b64u_43»", "\"token_type\":\"Bearer\""),
    ("cat-env-xendit-output", "$ cat .env | grep XENDIT\nXENDIT_SECRET_KEY=«S»\nXENDIT_CALLBACK_URL=https://«dom»/webhooks/xendit", "xnd_production_«an_60»", "XENDIT_CALLBACK_URL=https://«dom»/webhooks/xendit"),
    ("aws-sts-assume-role-credentials", "$ aws sts assume-role --role-arn arn:aws:iam::«dig_12»:role/«proj»-deploy --role-session-name ci\n{\n    \"Credentials\": {\n        \"AccessKeyId\": \"ASIA«up_16»\",\n        \"SecretAccessKey\": \"«S»\",\n        \"SessionToken\": \"IQoJb3JpZ2luX2VjE...(truncated)\",\n        \"Expiration\": \"«ts»\"\n    }\n}", "«b64_40»", "--role-session-name ci"),
    ("git-log-p-env-diff", "$ git log -p -1 -- config/prod.env\ncommit «sha»\nAuthor: «person» <«email»>\nDate:   Mon May 13 10:22:31 2024 +0800\n\n    chore: update prod env\n\n-DB_PASSWORD=\n+DB_PASSWORD=«S»", "«pw»", "chore: update prod env"),
    ("grep-rn-secret-key-yaml", "$ grep -rn 'secret' src/main/resources/\nsrc/main/resources/application-prod.yml:14:    secret-key: «S»\nsrc/main/resources/application-prod.yml:15:    # secret rotation: see wiki", "«an_32»", "# secret rotation: see wiki"),
    ("head-env-production", "$ head -5 .env.production\nAPP_ENV=production\nAPP_URL=https://«dom»\nDB_HOST=«host»\nDB_PASSWORD=«S»\nREDIS_URL=redis://«host2»:6379/0", "«pw»", "DB_HOST=«host»"),
    ("cat-aws-credentials-file", "$ cat ~/.aws/credentials\n[default]\naws_access_key_id = AKIA«up_16»\naws_secret_access_key = «S»\nregion = ap-southeast-1", "«b64_40»", "region = ap-southeast-1"),
    ("cat-ossutilconfig", "$ cat ~/.ossutilconfig\n[Credentials]\nlanguage=CH\nendpoint=oss-«region_ali».aliyuncs.com\naccessKeyID=LTAI5t«an_18»\naccessKeySecret=«S»", "«an_30»", "endpoint=oss-«region_ali».aliyuncs.com"),
    ("cat-docker-config-auths", "$ cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"registry.cn-shanghai.aliyuncs.com\": {\n\t\t\t\"auth\": \"«S»\"\n\t\t}\n\t}\n}", _basic("email"), "registry.cn-shanghai.aliyuncs.com"),
    ("kubectl-describe-configmap-password", "$ kubectl describe cm «svc»-config -n «ns»\nName:         «svc»-config\nNamespace:    «ns»\n\nData\n====\napplication.yml:\n----\nspring:\n  datasource:\n    url: jdbc:mysql://«host»:3306/«db»\n    password: «S»", "«pw»", "Name:         «svc»-config"),
    ("helm-get-values-auth", "$ helm get values «svc» -n «ns»\nUSER-SUPPLIED VALUES:\nauth:\n  password: «S»\n  username: «user»\nreplicaCount: 2", "«pw»", "USER-SUPPLIED VALUES:"),
    ("windows-set-findstr-token", "C:\\work\\«proj»> set | findstr /i token\nGITEE_TOKEN=«S»\nNUMBER_OF_PROCESSORS=16", "«hex_32»", "set | findstr /i token"),
    ("pm2-env-output", "$ pm2 env 0\nNODE_ENV: production\nPORT: 3000\nWECHAT_APP_ID: wx«hex_16»\nWECHAT_APP_SECRET: «S»\nunique_id: «uuid»", "«hex_32»", "NODE_ENV: production"),
    ("firebase-functions-config-get", "$ firebase functions:config:get\n{\n  \"line\": {\n    \"channel_id\": \"«dig_10»\",\n    \"channel_secret\": \"«S»\"\n  }\n}", "«hex_32»", "firebase functions:config:get"),
    ("cat-gradle-properties-keystore", "$ cat ~/.gradle/gradle.properties\norg.gradle.jvmargs=-Xmx4g\nRELEASE_STORE_FILE=../keystore/«proj».jks\nRELEASE_STORE_PASSWORD=«S»\nRELEASE_KEY_ALIAS=«proj»", "«pw»", "RELEASE_KEY_ALIAS=«proj»"),
    ("sqlite-select-oauth-token", "sqlite> SELECT provider, token FROM oauth_tokens WHERE user_id = «num»;\nnaver|«S»", "AAAAO«b64u_60»", "FROM oauth_tokens"),
    ("cat-pgpass-file", "$ cat ~/.pgpass\n«host»:5432:«db»:«user»:«S»", "«pwu»", "«host»:5432:«db»:«user»"),
    ("cat-netrc-gitee", "$ cat ~/.netrc\nmachine gitee.com\n  login «user»\n  password «S»", "«hex_32»", "machine gitee.com"),
    ("cat-openssh-private-key", "$ cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n«S»\n-----END OPENSSH PRIVATE KEY-----", "«ossh_body»", "cat ~/.ssh/id_ed25519"),
    ("openssl-genrsa-stdout", "$ openssl genrsa -traditional 2048 2>/dev/null\n-----BEGIN RSA PRIVATE KEY-----\n«S»\n-----END RSA PRIVATE KEY-----", "«rsa_body»", "openssl genrsa -traditional 2048"),
    ("cat-wireguard-wg0-conf", "$ sudo cat /etc/wireguard/wg0.conf\n[Interface]\nPrivateKey = «S»\nAddress = 10.8.0.1/24\nListenPort = 51820\n\n[Peer]\nPublicKey = «b64_43»=\nAllowedIPs = 10.8.0.2/32", "«b64_43»=", "ListenPort = 51820"),
    ("curl-verbose-bearer-request", "$ curl -v https://api.«dom»/v1/me\n> GET /v1/me HTTP/2\n> Host: api.«dom»\n> authorization: Bearer «S»\n> user-agent: curl/8.4.0\n>\n< HTTP/2 200", "«jwt»", "> Host: api.«dom»"),
    ("curl-verbose-cookie-request", "> GET /admin/orders?page=2 HTTP/1.1\n> Host: ops.«dom»\n> Cookie: lang=ja; SESSION=«S»\n> Accept: */*", "«b64u_48»", "> Host: ops.«dom»"),
    ("curl-i-set-cookie-jsessionid", "$ curl -i -X POST https://«host»/admin/login -d @login.json\nHTTP/1.1 302 Found\nSet-Cookie: JSESSIONID=«S»; Path=/; HttpOnly\nLocation: /admin/index", "«HEX_32»", "Location: /admin/index"),
    ("mitmproxy-flow-toss-basic", "POST https://api.tosspayments.com/v1/billing/authorizations/issue\n    Authorization: Basic «S»\n    Content-Type: application/json\n    User-Agent: okhttp/4.12.0\n    {\"customerKey\":\"cus_«an_12»\",\"authKey\":\"bln_«an_12b»\"}", _basic_tok("live_sk_", "an", 20), "/v1/billing/authorizations/issue"),
    ("jq-login-token-output", "$ curl -s -X POST https://api.«dom»/auth/login -d @login.json | jq -r .data.token\n«S»", "«jwt»", "jq -r .data.token"),
    ("gcloud-print-access-token", "$ gcloud auth print-access-token\n«S»", "ya29.a0«b64u_150»", "gcloud auth print-access-token"),
    ("vault-kv-get-table", "$ vault kv get secret/«proj»/«env»\n====== Data ======\nKey         Value\n---         -----\npassword    «S»\nusername    «user»", "«pw»", "secret/«proj»/«env»"),
    ("jenkins-initial-admin-password", "*************************************************************\n\nJenkins initial setup is required. An admin user has been created and a password generated.\nPlease use the following password to proceed to installation:\n\n«S»\n\nThis may also be found at: /var/jenkins_home/secrets/initialAdminPassword\n\n*************************************************************", "«hex_32»", "/var/jenkins_home/secrets/initialAdminPassword"),
    ("gitlab-initial-root-password-file", "$ sudo cat /etc/gitlab/initial_root_password\n# WARNING: This value is valid only in the following conditions\n#          1. If provided manually, or automatically generated\nPassword: «S»\n\n# NOTE: This file will be automatically deleted in the first reconfigure run after 24 hours.", "«b64_43»=", "/etc/gitlab/initial_root_password"),
    ("elasticsearch-reset-password-output", "$ bin/elasticsearch-reset-password -u elastic\nThis tool will reset the password of the [elastic] user to an autogenerated value.\nPassword for the [elastic] user successfully reset.\nNew value: «S»", "«b64u_20»", "Password for the [elastic] user successfully reset."),
    ("mysqld-log-temporary-password", "$ sudo grep 'temporary password' /var/log/mysqld.log\n«ts» 6 [Note] [MY-010454] [Server] A temporary password is generated for root@localhost: «S»", "«pwr»", "A temporary password is generated for root@localhost"),
    ("argocd-initial-password-output", "$ argocd admin initial-password -n argocd\n«S»\n\n This password must be only used for first time login. We strongly recommend you update the password using `argocd account update-password`.", "«b64u_16»", "argocd admin initial-password -n argocd"),
    ("cat-kubeconfig-user-token", "$ cat ~/.kube/config | sed -n '/users:/,$p'\nusers:\n- name: «user»@«proj»\n  user:\n    token: «S»", "kubeconfig-u-«lo_10»:«lo_60»", "- name: «user»@«proj»"),
    ("harbor-robot-create-response", "$ curl -s -u admin:$HARBOR_PW -X POST https://harbor.«dom»/api/v2.0/robots -d @robot.json\n{\"creation_time\":\"«ts»\",\"expires_at\":-1,\"id\":«num»,\"name\":\"robot$«proj»+ci\",\"secret\":\"«S»\"}", "«an_32»", "harbor.«dom»/api/v2.0/robots"),
    ("gitea-generate-access-token-output", "$ gitea admin user generate-access-token --username «user» --token-name ci --scopes write:repository\nAccess token was successfully created: «S»", "«hex_40»", "--token-name ci"),
    ("supabase-status-service-role", "$ supabase status\n         API URL: http://127.0.0.1:54321\n          DB URL: postgresql://postgres:postgres@127.0.0.1:54322/postgres\nservice_role key: «S»", "«jwt»", "API URL: http://127.0.0.1:54321"),
    ("artisan-key-generate-show", "$ php artisan key:generate --show\n«S»", "base64:«b64_43»=", "php artisan key:generate --show"),
    ("grep-django-secret-key", "$ grep -n SECRET_KEY «proj»/settings/prod.py\n23:SECRET_KEY = '«S»'", "«djkey»", "settings/prod.py"),
    ("rails-credentials-show", "$ EDITOR=cat bin/rails credentials:show\nsecret_key_base: «S»\nline:\n  channel_id: \"«dig_10»\"", "«hex_128»", "bin/rails credentials:show"),
    ("strings-native-lib-unlabeled", "$ strings -n 12 build/unpacked/lib/arm64-v8a/libnative.so | grep -A1 APP_SECRET\nAPP_SECRET_KEY\n«S»\nhttps://api.«dom»/v2/", "«an_32»", "libnative.so"),
    ("cat-tencent-sms-config-json", "$ cat config/sms.json\n{\"secretId\":\"AKID«an_32»\",\"secretKey\":\"«S»\",\"sdkAppId\":\"14«dig_8»\",\"signName\":\"鲸选科技\",\"templateId\":\"«dig_7»\"}", "«an_32»", "\"signName\":\"鲸选科技\""),
    ("nmcli-show-password-output", "$ nmcli device wifi show-password\nSSID: «proj»-5G\nSecurity: WPA\nPassword: «S»", "«pw»", "SSID: «proj»-5G"),
    ("macos-security-find-password-w", "$ security find-generic-password -s 'gitee-deploy' -a «user» -w\n«S»", "«hex_32»", "security find-generic-password -s 'gitee-deploy'"),
    ("cat-pypirc-token", "$ cat ~/.pypirc\n[pypi]\nusername = __token__\npassword = «S»", "pypi-AgEIcHlwaS5vcmc«b64u_120»", "username = __token__"),
    ("env-sorted-huawei-sk", "$ env | sort | grep -i huawei\nHUAWEICLOUD_SDK_AK=«up_20»\nHUAWEICLOUD_SDK_PROJECT_ID=«hex_32»\nHUAWEICLOUD_SDK_SK=«S»", "«an_40»", "HUAWEICLOUD_SDK_PROJECT_ID"),
    ("keytool-list-storepass-echo", "$ keytool -list -v -keystore release.jks -storepass «S» | head -3\nKeystore type: PKCS12\nKeystore provider: SUN\n\nYour keystore contains 1 entry", "«pws»", "Keystore type: PKCS12"),
    ("consul-kv-get-recurse", "$ consul kv get -recurse config/«svc»/\nconfig/«svc»/db/host:«host»\nconfig/«svc»/db/password:«S»\nconfig/«svc»/db/user:«user»", "«pw»", "config/«svc»/db/host:«host»"),
    ("nacos-config-get-response", "$ curl -s 'http://«host»:8848/nacos/v1/cs/configs?dataId=«svc»-«env».yaml&group=DEFAULT_GROUP'\nspring:\n  redis:\n    host: «host2»\n    password: «S»", "«an_24»", "dataId=«svc»-«env».yaml"),
    ("etcdctl-get-value-output", "$ etcdctl get /config/«proj»/gcash/client_secret --print-value-only\n«S»", "«b64u_40»", "/config/«proj»/gcash/client_secret"),
]

# ================================================================== config-file
_CONFIG_FILE = [
    ("spring-yaml-datasource-password", "# src/main/resources/application-«env».yml\nspring:\n  datasource:\n    url: jdbc:mysql://«host»:3306/«db»?useSSL=false&serverTimezone=Asia/Shanghai\n    username: «user»\n    password: «S»", "«pw»", "username: «user»"),
    ("spring-properties-redis-password", "spring.redis.host=«host»\nspring.redis.port=6379\nspring.redis.database=3\nspring.redis.password=«S»", "«an_24»", "spring.redis.host=«host»"),
    ("nacos-bootstrap-yaml-password", "spring:\n  application:\n    name: «svc»\n  cloud:\n    nacos:\n      config:\n        server-addr: «host»:8848\n        namespace: «uuid»\n        username: nacos\n        password: «S»\n        file-extension: yaml", "«pw»", "server-addr: «host»:8848"),
    ("alibabacloud-credentials-ini", "# ~/.alibabacloud/credentials.ini\n[default]\ntype = access_key\naccess_key_id = LTAI5t«an_18»\naccess_key_secret = «S»", "«an_30»", "type = access_key"),
    ("tencentcloud-credentials-ini", "# ~/.tencentcloud/credentials\n[default]\nsecret_id = AKID«an_32»\nsecret_key = «S»", "«an_32»", "~/.tencentcloud/credentials"),
    ("obsutilconfig-ak-sk", "[Credentials]\nendpoint=https://obs.«region_hw».myhuaweicloud.com\nak=«up_20»\nsk=«S»\ntoken=\nakCrypto=\nskCrypto=", "«an_40»", "obs.«region_hw».myhuaweicloud.com"),
    ("dotenv-wechatpay-apiv3-key", "WECHATPAY_MCH_ID=«dig_10»\nWECHATPAY_SERIAL_NO=«HEX_40»\nWECHATPAY_API_V3_KEY=«S»\nWECHATPAY_PRIVATE_KEY_PATH=./cert/apiclient_key.pem", "«an_32»", "WECHATPAY_PRIVATE_KEY_PATH=./cert/apiclient_key.pem"),
    ("php-array-alipay-merchant-private-key", "return [\n    'alipay' => [\n        'app_id' => '2021«dig_12»',\n        'merchant_private_key' => '«S»',\n        'alipay_public_key' => 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA«b64_60»',\n        'notify_url' => 'https://«dom»/pay/alipay/notify',\n    ],\n];", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC«b64_300»", "'notify_url' => 'https://«dom»/pay/alipay/notify'"),
    ("compose-environment-mysql-root", "services:\n  mysql:\n    image: mysql:8.0\n    restart: always\n    environment:\n      MYSQL_ROOT_PASSWORD: \"«S»\"\n      MYSQL_DATABASE: «db»\n    ports:\n      - \"3306:3306\"", "«pw»", "MYSQL_DATABASE: «db»"),
    ("nginx-proxy-set-header-basic", "location /api/ {\n    proxy_pass http://«host»:8080;\n    proxy_set_header Host $host;\n    proxy_set_header Authorization \"Basic «S»\";\n}", _basic(), "proxy_pass http://«host»:8080;"),
    ("my-cnf-client-section", "[client]\nuser = «user»\npassword = \"«S»\"\nhost = «host»\ndefault-character-set = utf8mb4", "«pw»", "default-character-set = utf8mb4"),
    ("redis-conf-requirepass-masterauth", "bind 0.0.0.0\nprotected-mode yes\nport 6379\nrequirepass «S»\nmasterauth «S»\nmaxmemory 2gb", "«an_32»", "maxmemory 2gb"),
    ("pgbouncer-userlist-plain", "; /etc/pgbouncer/userlist.txt\n\"«user»\" \"«S»\"\n\"pgbouncer_stats\" \"md5«hex_32»\"", "«pw»", "/etc/pgbouncer/userlist.txt"),
    ("odbc-ini-dsn-password", "[«db»]\nDriver=PostgreSQL Unicode\nServername=«host»\nPort=5432\nUsername=«user»\nPassword=«S»\nDatabase=«db»", "«pw»", "Servername=«host»"),
    ("maven-settings-xml-server", "<servers>\n  <server>\n    <id>«proj»-releases</id>\n    <username>«user»</username>\n    <password>«S»</password>\n  </server>\n</servers>", "«pws»", "<id>«proj»-releases</id>"),
    ("gradle-properties-nexus-password", "nexusUrl=https://nexus.«dom»/repository/maven-releases/\nnexusUsername=«user»\nnexusPassword=«S»\norg.gradle.jvmargs=-Xmx2g", "«pw»", "nexusUsername=«user»"),
    ("pypirc-testpypi-token", "[distutils]\nindex-servers =\n    testpypi\n\n[testpypi]\nrepository = https://test.pypi.org/legacy/\nusername = __token__\npassword = «S»", "pypi-AgENdGVzdC5weXBpLm9yZw«b64u_110»", "repository = https://test.pypi.org/legacy/"),
    ("composer-auth-json-http-basic", "{\n    \"http-basic\": {\n        \"repo.«dom»\": {\n            \"username\": \"«user»\",\n            \"password\": \"«S»\"\n        }\n    }\n}", "«pw»", "\"repo.«dom»\""),
    ("yarnrc-yml-npm-auth-token", "npmScopes:\n  «proj»:\n    npmRegistryServer: \"https://npm.«dom»\"\n    npmAlwaysAuth: true\n    npmAuthToken: \"«S»\"", "npm_«an_36»", "npmRegistryServer: \"https://npm.«dom»\""),
    ("cargo-credentials-toml-registry", "# ~/.cargo/credentials.toml\n[registries.«proj»]\ntoken = \"«S»\"", "cio«an_32»", "[registries.«proj»]"),
    ("git-credentials-codeup-line", "# ~/.git-credentials\nhttps://«user»:«S»@codeup.aliyun.com", "«pwu»", "codeup.aliyun.com"),
    ("hcl-alicloud-provider-keys", "provider \"alicloud\" {\n  access_key = \"LTAI5t«an_18»\"\n  secret_key = \"«S»\"\n  region     = \"«region_ali»\"\n}", "«an_30»", "region     = \"«region_ali»\""),
    ("hcl-tencentcloud-provider-keys", "provider \"tencentcloud\" {\n  secret_id  = \"AKID«an_32»\"\n  secret_key = \"«S»\"\n  region     = \"«region_tc»\"\n}", "«an_32»", "provider \"tencentcloud\""),
    ("hcl-huaweicloud-provider-keys", "provider \"huaweicloud\" {\n  region     = \"«region_hw»\"\n  access_key = \"«up_20»\"\n  secret_key = \"«S»\"\n}", "«an_40»", "region     = \"«region_hw»\""),
    ("terraform-tfvars-db-password", "# envs/«env».tfvars\nproject     = \"«proj»\"\ndb_password = \"«S»\"\nvpc_cidr    = \"10.«num».0.0/16\"", "«pwr»", "project     = \"«proj»\""),
    ("toml-database-section-password", "[database]\nhost = \"«host»\"\nport = 5432\nuser = \"«user»\"\npassword = \"«S»\"\n\n[server]\nport = 8080", "«pw»", "host = \"«host»\""),
    ("thinkphp-env-database-ini", "[DATABASE]\nTYPE = mysql\nHOSTNAME = «host»\nDATABASE = «db»\nUSERNAME = «user»\nPASSWORD = «S»\nHOSTPORT = 3306\nCHARSET = utf8mb4", "«pws»", "HOSTNAME = «host»"),
    ("laravel-env-mail-password", "MAIL_MAILER=smtp\nMAIL_HOST=smtp.exmail.qq.com\nMAIL_PORT=465\nMAIL_USERNAME=noreply@«dom»\nMAIL_PASSWORD=«S»\nMAIL_ENCRYPTION=ssl", "«pws»", "MAIL_USERNAME=noreply@«dom»"),
    ("django-settings-databases-dict", "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.mysql',\n        'NAME': '«db»',\n        'USER': '«user»',\n        'PASSWORD': '«S»',\n        'HOST': '«host»',\n        'PORT': '3306',\n    }\n}", "«pw»", "'HOST': '«host»'"),
    ("appsettings-json-connection-string", "{\n  \"ConnectionStrings\": {\n    \"Default\": \"Server=«host»;Database=«db»;User Id=«user»;Password=«S»;TrustServerCertificate=True\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } }\n}", "«pwu»", "Server=«host»;Database=«db»"),
    ("web-config-xml-add-connectionstring", "<connectionStrings>\n  <add name=\"Main\" connectionString=\"Data Source=«host»;Initial Catalog=«db»;User ID=«user»;Password=«S»\" providerName=\"System.Data.SqlClient\" />\n</connectionStrings>", "«pwu»", "Initial Catalog=«db»"),
    ("k8s-secret-stringdata-line-token", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: «svc»-line\n  namespace: «ns»\ntype: Opaque\nstringData:\n  LINE_CHANNEL_ACCESS_TOKEN: \"«S»\"", "«b64_171»=", "name: «svc»-line"),
    ("k8s-deployment-env-inline-value", "        env:\n        - name: XENDIT_SECRET_KEY\n          value: \"«S»\"\n        - name: TZ\n          value: Asia/Jakarta", "xnd_production_«an_60»", "value: Asia/Jakarta"),
    ("logstash-jdbc-input-password", "input {\n  jdbc {\n    jdbc_connection_string => \"jdbc:mysql://«host»:3306/«db»\"\n    jdbc_user => \"«user»\"\n    jdbc_password => \"«S»\"\n    schedule => \"*/5 * * * *\"\n  }\n}", "«pw»", "jdbc_user => \"«user»\""),
    ("filebeat-output-elasticsearch-password", "output.elasticsearch:\n  hosts: [\"https://«host»:9200\"]\n  username: \"elastic\"\n  password: \"«S»\"\n  ssl.verification_mode: none", "«pw»", "hosts: [\"https://«host»:9200\"]"),
    ("prometheus-scrape-basic-auth", "  - job_name: '«svc»'\n    basic_auth:\n      username: prom\n      password: «S»\n    static_configs:\n      - targets: ['«ip»:9100']", "«pws»", "targets: ['«ip»:9100']"),
    ("grafana-ini-admin-password", "[security]\nadmin_user = admin\nadmin_password = «S»\ndisable_gravatar = true", "«pw»", "disable_gravatar = true"),
    ("alertmanager-wechat-api-secret", "receivers:\n- name: wecom-ops\n  wechat_configs:\n  - corp_id: 'ww«hex_16»'\n    agent_id: '1000002'\n    api_secret: '«S»'\n    to_party: '2'", "«b64u_43»", "name: wecom-ops"),
    ("dingtalk-webhook-config-sign-secret", "# prometheus-webhook-dingtalk config.yml\ntargets:\n  ops:\n    url: https://oapi.dingtalk.com/robot/send?access_token=${DINGTALK_TOKEN}\n    secret: «S»", "SEC«hex_64»", "access_token=${DINGTALK_TOKEN}"),
    ("supervisor-program-environment", "[program:«svc»]\ncommand=/opt/«svc»/bin/start.sh\ndirectory=/opt/«svc»\nenvironment=DB_PASS=\"«S»\",APP_ENV=\"«env»\"\nautorestart=true", "«pws»", "[program:«svc»]"),
    ("systemd-unit-environment-kakao", "[Service]\nUser=«user»\nEnvironment=\"KAKAO_ADMIN_KEY=«S»\"\nExecStart=/usr/bin/node /srv/«svc»/index.js\nRestart=on-failure", "«hex_32»", "ExecStart=/usr/bin/node /srv/«svc»/index.js"),
    ("crontab-mysqldump-password", "# m h dom mon dow command\n0 3 * * * /usr/bin/mysqldump -u«user» -p'«S»' «db» > /data/backup/«db»_$(date +\\%F).sql 2>&1", "«pws»", "/data/backup/«db»_"),
    ("fstab-cifs-inline-password", "//«host»/share  /mnt/share  cifs  username=«user»,password=«S»,uid=1000,iocharset=utf8  0 0", "«pwu»", "/mnt/share  cifs"),
    ("smb-credentials-file", "# /root/.smbcredentials\nusername=«user»\npassword=«S»\ndomain=CORP", "«pw»", "/root/.smbcredentials"),
    ("wpa-supplicant-network-psk", "ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\ncountry=TH\n\nnetwork={\n    ssid=\"«proj»-office\"\n    psk=\"«S»\"\n    key_mgmt=WPA-PSK\n}", "«pw»", "ssid=\"«proj»-office\""),
    ("openvpn-auth-user-pass-file", "# /etc/openvpn/client/auth.txt (referenced by auth-user-pass)\n«user»\n«S»", "«pw»", "/etc/openvpn/client/auth.txt"),
    ("rclone-conf-alibaba-oss", "[oss]\ntype = s3\nprovider = Alibaba\naccess_key_id = LTAI5t«an_18»\nsecret_access_key = «S»\nendpoint = oss-«region_ali».aliyuncs.com\nacl = private", "«an_30»", "provider = Alibaba"),
    ("s3cfg-cos-secret-key", "[default]\naccess_key = AKID«an_32»\nsecret_key = «S»\nhost_base = cos.«region_tc».myqcloud.com\nhost_bucket = %(bucket)s.cos.«region_tc».myqcloud.com\nuse_https = True", "«an_32»", "host_base = cos.«region_tc».myqcloud.com"),
    ("msmtprc-aliyun-mail-password", "account default\nhost smtp.qiye.aliyun.com\nport 465\nauth on\ntls on\ntls_starttls off\nuser «email»\npassword «S»", "«pws»", "host smtp.qiye.aliyun.com"),
    ("gitlab-runner-config-toml-token", "concurrent = 4\n\n[[runners]]\n  name = \"«host»\"\n  url = \"https://gitlab.«dom»/\"\n  token = \"«S»\"\n  executor = \"docker\"", "glrt-«b64u_20»", "url = \"https://gitlab.«dom»/\""),
    ("spring-properties-wecom-secret", "wecom.corp-id=ww«hex_16»\nwecom.agent-id=1000005\nwecom.secret=«S»\nwecom.callback-url=https://«dom»/wecom/callback", "«b64u_43»", "wecom.agent-id=1000005"),
    ("wxpay-properties-mch-key", "wxpay.appId=wx«hex_16»\nwxpay.mchId=«dig_10»\nwxpay.mchKey=«S»\nwxpay.notifyUrl=https://«dom»/pay/notify", "«an_32»", "wxpay.notifyUrl=https://«dom»/pay/notify"),
    ("dotenv-line-channel-secret-pair", "LINE_CHANNEL_ID=«dig_10»\nLINE_CHANNEL_SECRET=«S»\nLIFF_ID=«dig_10b»-«an_8»", "«hex_32»", "LINE_CHANNEL_ID=«dig_10»"),
    ("spring-yaml-kakao-client-secret", "kakao:\n  client-id: ${KAKAO_REST_API_KEY}\n  client-secret: «S»\n  redirect-uri: https://«dom»/login/oauth2/code/kakao", "«an_32»", "client-id: ${KAKAO_REST_API_KEY}"),
    ("spring-oauth2-naver-registration", "spring.security.oauth2.client.registration.naver.client-id=«an_20»\nspring.security.oauth2.client.registration.naver.client-secret=«S»\nspring.security.oauth2.client.registration.naver.authorization-grant-type=authorization_code", "«an_10»", "authorization-grant-type=authorization_code"),
    ("rakuten-api-json-config", "{\n  \"rakuten\": {\n    \"applicationId\": \"«dig_19»\",\n    \"applicationSecret\": \"«S»\",\n    \"affiliateId\": \"«hex_8».«hex_8b».«hex_8c».«hex_8d»\"\n  }\n}", "«b64u_40»", "\"affiliateId\""),
    ("dotenv-toss-client-and-secret", "NEXT_PUBLIC_TOSS_CLIENT_KEY=test_ck_«an_20»\nTOSS_SECRET_KEY=«S»", "test_sk_«an_20»", "NEXT_PUBLIC_TOSS_CLIENT_KEY"),
    ("codeigniter-config-midtrans", "<?php\n$config['midtrans_server_key'] = '«S»';\n$config['midtrans_client_key'] = 'SB-Mid-client-«b64u_16»';\n$config['midtrans_is_production'] = false;", "SB-Mid-server-«b64u_24»", "$config['midtrans_is_production'] = false;"),
    ("yaml-xendit-secret-with-placeholder", "xendit:\n  secret_key: «S»\n  callback_token: ${XENDIT_CALLBACK_TOKEN}\n  base_url: https://api.xendit.co", "xnd_development_«an_60»", "callback_token: ${XENDIT_CALLBACK_TOKEN}"),
    ("rails-credentials-paymongo-yaml", "# config/credentials/production.yml (decrypted)\npaymongo:\n  secret_key: «S»\n  public_key: pk_live_«an_24»", "sk_live_«an_24b»", "config/credentials/production.yml"),
    ("dotenv-omise-key-pair", "OMISE_PUBLIC_KEY=pkey_test_5«lo_18»\nOMISE_SECRET_KEY=«S»\nOMISE_API_VERSION=2019-05-29", "skey_test_5«lo_18»", "OMISE_API_VERSION=2019-05-29"),
    ("json-gcash-partner-config", "{\n  \"gcash\": {\n    \"clientId\": \"«uuid»\",\n    \"clientSecret\": \"«S»\",\n    \"merchantId\": \"«dig_16»\",\n    \"env\": \"sandbox\"\n  }\n}", "«b64u_40»", "\"env\": \"sandbox\""),
    ("yaml-grabpay-partner-secret", "grab:\n  partner_id: «uuid»\n  partner_secret: «S»\n  merchant_id: «uuid2»\n  country: SG", "«b64u_32»", "country: SG"),
    ("jdbc-url-password-query-param", "db.url=jdbc:postgresql://«host»:5432/«db»?user=«user»&password=«S»&ssl=true&sslmode=require", "«pwu»", "«host»:5432/«db»"),
    ("yaml-mongodb-srv-uri", "mongodb:\n  uri: mongodb+srv://«user»:«S»@cluster0.«lo_5».mongodb.net/«db»?retryWrites=true&w=majority", "«pwu»", "retryWrites=true&w=majority"),
    ("redis-sentinel-auth-pass", "sentinel monitor mymaster «ip» 6379 2\nsentinel auth-pass mymaster «S»\nsentinel down-after-milliseconds mymaster 5000", "«an_24»", "sentinel monitor mymaster «ip» 6379 2"),
    ("spring-ldap-bind-password", "ldap:\n  url: ldaps://ldap.«dom»:636\n  bind-dn: cn=«user»,ou=svc,dc=corp,dc=local\n  bind-password: «S»", "«pw»", "url: ldaps://ldap.«dom»:636"),
    ("keepalived-auth-pass", "vrrp_instance VI_1 {\n    state MASTER\n    interface eth0\n    virtual_router_id 51\n    authentication {\n        auth_type PASS\n        auth_pass «S»\n    }\n    virtual_ipaddress { «ip» }\n}", "«an_8»", "virtual_router_id 51"),
    ("haproxy-stats-auth", "listen stats\n    bind *:8404\n    stats enable\n    stats uri /stats\n    stats auth admin:«S»", "«pws»", "stats uri /stats"),
    ("jupyter-config-notebook-token", "# ~/.jupyter/jupyter_notebook_config.py\nc.NotebookApp.ip = '0.0.0.0'\nc.NotebookApp.token = '«S»'\nc.NotebookApp.open_browser = False", "«hex_48»", "c.NotebookApp.ip = '0.0.0.0'"),
    ("kafka-jaas-plain-login", "KafkaClient {\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n  username=\"«user»\"\n  password=\"«S»\";\n};", "«pw»", "PlainLoginModule required"),
    ("frpc-ini-common-token", "[common]\nserver_addr = «ip»\nserver_port = 7000\ntoken = «S»\n\n[ssh]\ntype = tcp\nlocal_port = 22\nremote_port = 6000", "«an_16»", "server_port = 7000"),
    ("canal-instance-properties-dbpassword", "canal.instance.master.address=«host»:3306\ncanal.instance.dbUsername=canal\ncanal.instance.dbPassword=«S»\ncanal.instance.filter.regex=«db»\\\\..*", "«pw»", "canal.instance.dbUsername=canal"),
    ("xxl-job-admin-properties-token", "xxl.job.admin.addresses=http://«host»:8080/xxl-job-admin\nxxl.job.accessToken=«S»\nxxl.job.executor.appname=«svc»", "«hex_32»", "xxl.job.executor.appname=«svc»"),
    ("dubbo-registry-zookeeper-password", "dubbo:\n  registry:\n    address: zookeeper://«host»:2181\n    username: «user»\n    password: «S»", "«pw»", "address: zookeeper://«host»:2181"),
]

# ================================================================== source-code
_SOURCE_CODE = [
    ("python-pymysql-connect-kwargs", "conn = pymysql.connect(host='«host»', user='«user»', password='«S»', database='«db»', charset='utf8mb4')", "«pw»", "host='«host»'"),
    ("python-oss2-auth-positional", "import oss2\n\nauth = oss2.Auth('LTAI5t«an_18»', '«S»')\nbucket = oss2.Bucket(auth, 'https://oss-«region_ali».aliyuncs.com', '«bucket»')", "«an_30»", "oss-«region_ali».aliyuncs.com"),
    ("java-aliyun-defaultprofile", "DefaultProfile profile = DefaultProfile.getProfile(\n        \"«region_ali»\",\n        \"LTAI5t«an_18»\",\n        \"«S»\");\nIAcsClient client = new DefaultAcsClient(profile);", "«an_30»", "IAcsClient client = new DefaultAcsClient(profile);"),
    ("go-tencentcloud-new-credential", "credential := common.NewCredential(\n\t\"AKID«an_32»\",\n\t\"«S»\",\n)\ncpf := profile.NewClientProfile()\ncpf.HttpProfile.Endpoint = \"cvm.tencentcloudapi.com\"", "«an_32»", "cvm.tencentcloudapi.com"),
    ("python-huaweicloud-basic-credentials", "from huaweicloudsdkcore.auth.credentials import BasicCredentials\n\ncredentials = BasicCredentials(\"«up_20»\", \"«S»\", \"«hex_32»\")", "«an_40»", "BasicCredentials"),
    ("php-easywechat-config-array", "$config = [\n    'app_id' => 'wx«hex_16»',\n    'secret' => '«S»',\n    'response_type' => 'array',\n];\n$app = Factory::officialAccount($config);", "«hex_32»", "Factory::officialAccount($config)"),
    ("java-dingtalk-sign-secret-string", "String secret = \"«S»\";\nLong timestamp = System.currentTimeMillis();\nString stringToSign = timestamp + \"\\n\" + secret;\nMac mac = Mac.getInstance(\"HmacSHA256\");", "SEC«hex_64»", "Mac.getInstance(\"HmacSHA256\")"),
    ("go-lark-new-client", "client := lark.NewClient(\"cli_«hex_16»\", \"«S»\",\n\tlark.WithLogLevel(larkcore.LogLevelInfo))", "«an_32»", "lark.WithLogLevel"),
    ("python-line-bot-api-constructor", "line_bot_api = LineBotApi('«S»')\nhandler = WebhookHandler(os.environ['LINE_CHANNEL_SECRET'])", "«b64_171»=", "os.environ['LINE_CHANNEL_SECRET']"),
    ("kotlin-kakao-admin-key-header", "val headers = mapOf(\n    \"Authorization\" to \"KakaoAK «S»\",\n    \"Content-Type\" to \"application/x-www-form-urlencoded;charset=utf-8\"\n)", "«hex_32»", "application/x-www-form-urlencoded;charset=utf-8"),
    ("js-axios-naver-headers", "const res = await axios.get('https://openapi.naver.com/v1/search/shop.json', {\n  params: { query },\n  headers: { 'X-Naver-Client-Id': '«an_20»', 'X-Naver-Client-Secret': '«S»' },\n});", "«an_10»", "openapi.naver.com/v1/search/shop.json"),
    ("python-requests-xendit-auth-tuple", "r = requests.post(\n    'https://api.xendit.co/ewallets/charges',\n    auth=('«S»', ''),\n    json=payload,\n    timeout=10,\n)", "xnd_development_«an_60»", "api.xendit.co/ewallets/charges"),
    ("node-midtrans-snap-server-key", "const snap = new midtransClient.Snap({\n  isProduction: false,\n  serverKey: '«S»',\n  clientKey: 'SB-Mid-client-«b64u_16»',\n});", "SB-Mid-server-«b64u_24»", "isProduction: false"),
    ("ruby-omise-secret-api-key", "require 'omise'\n\nOmise.secret_api_key = \"«S»\"\nOmise.public_api_key = \"pkey_test_5«lo_18»\"", "skey_test_5«lo_18»", "require 'omise'"),
    ("php-curl-userpwd-paymongo", "$ch = curl_init('https://api.paymongo.com/v1/links');\ncurl_setopt($ch, CURLOPT_USERPWD, '«S»:');\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);", "sk_live_«an_24»", "api.paymongo.com/v1/links"),
    ("java-toss-secret-base64-encode", "String secretKey = \"«S»\";\nString encoded = Base64.getEncoder()\n        .encodeToString((secretKey + \":\").getBytes(StandardCharsets.UTF_8));", "live_sk_«an_20»", "StandardCharsets.UTF_8"),
    ("csharp-mysql-connection-string", "var cs = \"Server=«host»;Port=3306;Database=«db»;Uid=«user»;Pwd=«S»;SslMode=None;\";\nusing var conn = new MySqlConnection(cs);", "«pwu»", "new MySqlConnection(cs)"),
    ("go-sql-open-mysql-dsn", "db, err := sql.Open(\"mysql\", \"«user»:«S»@tcp(«host»:3306)/«db»?charset=utf8mb4&parseTime=True&loc=Local\")", "«pwu»", "tcp(«host»:3306)"),
    ("go-gorm-postgres-dsn-kv", "dsn := \"host=«host» user=«user» password=«S» dbname=«db» port=5432 sslmode=disable TimeZone=Asia/Shanghai\"\ndb, err := gorm.Open(postgres.Open(dsn), &gorm.Config{})", "«pwu»", "TimeZone=Asia/Shanghai"),
    ("rust-redis-client-open-url", "let client = redis::Client::open(\"redis://:«S»@«host»:6379/\")?;\nlet mut con = client.get_connection()?;", "«an_24»", "client.get_connection()"),
    ("python-sqlalchemy-create-engine-url", "engine = create_engine(\n    \"postgresql+psycopg2://«user»:«S»@«host»:5432/«db»\",\n    pool_size=10,\n    pool_pre_ping=True,\n)", "«pwu»", "pool_pre_ping=True"),
    ("node-mongoose-connect-uri", "await mongoose.connect('mongodb://«user»:«S»@«host»:27017/«db»?authSource=admin');", "«pwu»", "authSource=admin"),
    ("java-jedispool-password-arg", "JedisPool pool = new JedisPool(new JedisPoolConfig(), \"«host»\", 6379, 2000, \"«S»\");", "«an_24»", "new JedisPoolConfig()"),
    ("python-smtplib-163-auth-code", "server = smtplib.SMTP_SSL('smtp.163.com', 465)\nserver.login('«user»@163.com', '«S»')  # 163 邮箱客户端授权码", "«UPL_16»", "smtp.163.com"),
    ("js-nodemailer-qq-auth-code", "const transporter = nodemailer.createTransport({\n  host: 'smtp.qq.com',\n  port: 465,\n  secure: true,\n  auth: {\n    user: '«dig_9»@qq.com',\n    pass: '«S»', // QQ邮箱授权码\n  },\n});", "«lol_16»", "host: 'smtp.qq.com'"),
    ("python-hmac-webhook-secret-bytes", "WEBHOOK_SECRET = b'«S»'\n\ndef verify(body: bytes, sig: str) -> bool:\n    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(mac, sig)", "whsec_«b64_32»", "hmac.compare_digest(mac, sig)"),
    ("go-jwt-signing-key-bytes", "var jwtKey = []byte(\"«S»\")\n\nfunc sign(claims jwt.MapClaims) (string, error) {\n\treturn jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(jwtKey)\n}", "«pwr»", "jwt.SigningMethodHS256"),
    ("java-value-annotation-default", "@Value(\"${jwt.secret:«S»}\")\nprivate String jwtSecret;", "«b64_44»", "private String jwtSecret;"),
    ("ts-firebase-admin-inline-private-key", "admin.initializeApp({\n  credential: admin.credential.cert({\n    projectId: '«proj»',\n    clientEmail: 'firebase-adminsdk-«lo_5»@«proj».iam.gserviceaccount.com',\n    privateKey: '-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n',\n  }),\n});", "«pk8_esc»", "projectId: '«proj»'"),
    ("python-boto3-cos-compatible-keys", "s3 = boto3.client(\n    's3',\n    endpoint_url='https://cos.«region_tc».myqcloud.com',\n    aws_access_key_id='AKID«an_32»',\n    aws_secret_access_key='«S»',\n)", "«an_32»", "endpoint_url='https://cos.«region_tc».myqcloud.com'"),
    ("swift-enum-static-secret", "enum Secrets {\n    static let rakutenAppSecret = \"«S»\"\n    static let apiBase = URL(string: \"https://api.«dom»\")!\n}", "«b64u_40»", "enum Secrets"),
    ("kotlin-gradle-buildconfig-field", "buildConfigField(\"String\", \"NAVER_CLIENT_SECRET\", \"\\\"«S»\\\"\")\nbuildConfigField(\"String\", \"API_BASE\", \"\\\"https://api.«dom»\\\"\")", "«an_10»", "NAVER_CLIENT_SECRET"),
    ("dart-const-partner-secret", "const String kGrabPartnerId = '«uuid»';\nconst String kGrabPartnerSecret = '«S»';", "«b64u_32»", "kGrabPartnerId"),
    ("php-define-db-password", "define('DB_NAME', '«db»');\ndefine('DB_USER', '«user»');\ndefine('DB_PASSWORD', '«S»');\ndefine('DB_HOST', '«host»');", "«pw»", "define('DB_HOST', '«host»');"),
    ("wp-config-auth-key-salt", "define( 'AUTH_KEY',         '«S»' );", "«wpsalt»", "AUTH_KEY"),
    ("sql-create-user-identified-by", "CREATE USER '«user»'@'%' IDENTIFIED BY '«S»';\nGRANT SELECT, INSERT, UPDATE ON «db».* TO '«user»'@'%';\nFLUSH PRIVILEGES;", "«pw»", "GRANT SELECT, INSERT, UPDATE ON «db».*"),
    ("sql-alter-user-with-password", "-- rotate app role\nALTER USER «user» WITH PASSWORD '«S»';", "«pw»", "-- rotate app role"),
    ("sql-insert-channel-credentials", "INSERT INTO merchant_channel (merchant_id, channel, app_id, app_secret, enabled)\nVALUES («num», 'gcash', '«dig_8»', '«S»', 1);", "«b64u_40»", "INSERT INTO merchant_channel"),
    ("sql-oracle-database-link", "CREATE DATABASE LINK erp_link CONNECT TO «user» IDENTIFIED BY \"«S»\" USING '«host»:1521/ERP';", "«pwu»", "CREATE DATABASE LINK erp_link"),
    ("bash-script-db-pass-variable", "#!/bin/bash\nset -e\nDB_HOST=«host»\nDB_USER=«user»\nDB_PASS='«S»'\nmysql -h\"$DB_HOST\" -u\"$DB_USER\" -p\"$DB_PASS\" «db» < migrate.sql", "«pw»", "DB_HOST=«host»"),
    ("python-dict-baidu-aip-config", "CONFIG = {\n    'baidu': {\n        'app_id': '«dig_8»',\n        'api_key': '«an_24»',\n        'secret_key': '«S»',\n    },\n}", "«an_32»", "'app_id': '«dig_8»'"),
    ("python-aipocr-positional-args", "from aip import AipOcr\n\nclient = AipOcr('«dig_8»', '«an_24»', '«S»')\nresult = client.basicGeneral(image)", "«an_32»", "client.basicGeneral(image)"),
    ("java-qiniu-auth-create", "Auth auth = Auth.create(\"«b64u_40»\", \"«S»\");\nString upToken = auth.uploadToken(\"«bucket»\");", "«b64u_40b»", "auth.uploadToken(\"«bucket»\")"),
    ("go-minio-static-v4-creds", "minioClient, err := minio.New(\"«host»:9000\", &minio.Options{\n\tCreds:  credentials.NewStaticV4(\"«up_20»\", \"«S»\", \"\"),\n\tSecure: true,\n})", "«an_40»", "minio.New(\"«host»:9000\""),
    ("csharp-basic-auth-header-value", "client.DefaultRequestHeaders.Authorization =\n    new AuthenticationHeaderValue(\"Basic\", \"«S»\");", _basic(), "AuthenticationHeaderValue"),
    ("js-fetch-hardcoded-bearer", "const res = await fetch('https://api.«dom»/v1/orders', {\n  headers: { Authorization: 'Bearer «S»' },\n});", "«jwt»", "https://api.«dom»/v1/orders"),
    ("python-test-constant-todo-remove", "# TODO remove before merge\nTEST_GITEE_TOKEN = \"«S»\"\n\ndef test_list_repos():\n    assert list_repos(TEST_GITEE_TOKEN)", "«hex_32»", "def test_list_repos():"),
    ("python-dashscope-api-key-assign", "import dashscope\n\ndashscope.api_key = '«S»'\nresp = dashscope.Generation.call(model='qwen-turbo', prompt=q)", "sk-«hex_32»", "model='qwen-turbo'"),
    ("python-zhipuai-client-key", "from zhipuai import ZhipuAI\n\nclient = ZhipuAI(api_key=\"«S»\")", "«hex_32».«an_16»", "from zhipuai import ZhipuAI"),
    ("js-openai-compatible-moonshot", "const client = new OpenAI({\n  apiKey: '«S»',\n  baseURL: 'https://api.moonshot.cn/v1',\n});", "sk-«an_48»", "baseURL: 'https://api.moonshot.cn/v1'"),
    ("python-os-environ-assign-qianfan", "os.environ[\"QIANFAN_AK\"] = \"«an_24»\"\nos.environ[\"QIANFAN_SK\"] = \"«S»\"\nchat = qianfan.ChatCompletion()", "«an_32»", "qianfan.ChatCompletion()"),
    ("go-wxpay-v2-md5-sign-key", "sign := md5Sign(params, \"«S»\") // 商户平台 API 密钥\nparams[\"sign\"] = strings.ToUpper(sign)", "«an_32»", "strings.ToUpper(sign)"),
    ("java-props-getproperty-default", "String pwd = props.getProperty(\"db.password\", \"«S»\");", "«pw»", "props.getProperty(\"db.password\""),
    ("ruby-env-fetch-default-erb", "production:\n  adapter: mysql2\n  host: <%= ENV.fetch('DB_HOST', '«host»') %>\n  password: <%= ENV.fetch('DB_PASSWORD', '«S»') %>", "«pw»", "adapter: mysql2"),
    ("rust-const-telegram-bot-token", "const TELEGRAM_BOT_TOKEN: &str = \"«S»\";\nconst CHAT_ID: i64 = -100«dig_10»;", "«dig_10b»:AA«b64u_33»", "const CHAT_ID: i64"),
    ("c-define-wifi-pass-esp32", "#define WIFI_SSID \"«proj»-iot\"\n#define WIFI_PASS \"«S»\"\n#define MQTT_HOST \"«ip»\"", "«pw»", "#define WIFI_SSID \"«proj»-iot\""),
    ("arduino-mqtt-connect-positional", "if (client.connect(\"esp32-«hex_6»\", \"«user»\", \"«S»\")) {\n  client.subscribe(\"factory/line3/cmd\");\n}", "«pw»", "factory/line3/cmd"),
    ("lua-openresty-redis-auth", "local red = redis:new()\nred:set_timeout(1000)\nlocal ok, err = red:connect(\"«ip»\", 6379)\nlocal res, err = red:auth(\"«S»\")", "«an_24»", "red:connect(\"«ip»\", 6379)"),
    ("kotlin-retrofit-headers-annotation", "@Headers(\"x-ncp-apigw-api-key: «S»\", \"Accept: application/json\")\n@GET(\"map-geocode/v2/geocode\")\nsuspend fun geocode(@Query(\"query\") q: String): GeocodeResponse", "«an_40»", "map-geocode/v2/geocode"),
    ("objc-nsstring-const-channel-secret", "NSString *const kLinePayChannelSecret = @\"«S»\";\nNSString *const kLinePayChannelId = @\"«dig_10»\";", "«hex_32»", "kLinePayChannelId"),
    ("js-amap-security-js-code", "window._AMapSecurityConfig = {\n  securityJsCode: '«S»',\n};\nAMapLoader.load({ key: '«hex_32»', version: '2.0' });", "«hex_32b»", "AMapLoader.load"),
    ("python-django-test-login-password", "def setUp(self):\n    self.client.login(username='«user»', password='«S»')", "«pw»", "self.client.login(username='«user»'"),
    ("java-jasypt-system-property", "System.setProperty(\"jasypt.encryptor.password\", \"«S»\");\nSpringApplication.run(Application.class, args);", "«pw»", "SpringApplication.run(Application.class, args);"),
    ("python-fernet-key-constant", "FERNET_KEY = b'«S»'\ncipher = Fernet(FERNET_KEY)", "«b64u_43»=", "cipher = Fernet(FERNET_KEY)"),
    ("go-aes-key-byte-slice", "var aesKey = []byte(\"«S»\") // 32 bytes AES-256\nblock, _ := aes.NewCipher(aesKey)", "«an_32»", "aes.NewCipher(aesKey)"),
    ("php-openssl-decrypt-positional-key", "$plain = openssl_decrypt($cipher, 'AES-128-CBC', '«S»', 0, $iv);", "«an_16»", "'AES-128-CBC'"),
    ("js-cryptojs-utf8-parse-key", "const key = CryptoJS.enc.Utf8.parse('«S»');\nconst iv = CryptoJS.enc.Utf8.parse('0102030405060708');", "«an_16»", "CryptoJS.enc.Utf8.parse('0102030405060708')"),
    ("powershell-pscredential-object", "$secpw = ConvertTo-SecureString \"«S»\" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential(\"CORP\\«user»\", $secpw)\nInvoke-Command -ComputerName «host» -Credential $cred -ScriptBlock { Get-Service }", "«pw»", "-ComputerName «host»"),
    ("python-paramiko-connect-password", "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect('«ip»', username='«user»', password='«S»', timeout=10)", "«pw»", "paramiko.AutoAddPolicy()"),
    ("java-ftpclient-login-args", "FTPClient ftp = new FTPClient();\nftp.connect(\"«ip»\", 21);\nftp.login(\"«user»\", \"«S»\");", "«pw»", "ftp.connect(\"«ip»\", 21);"),
    ("csharp-smtp-network-credential", "var smtp = new SmtpClient(\"smtp.«dom»\", 587) { EnableSsl = true };\nsmtp.Credentials = new NetworkCredential(\"«email»\", \"«S»\");", "«pw»", "new SmtpClient(\"smtp.«dom»\", 587)"),
    ("sql-seed-comment-plain-password", "-- seed admin (pw: «S»)\nINSERT INTO admin_user (username, password_hash) VALUES ('«user»', '$2a$10$«b64_53»');", "«pw»", "INSERT INTO admin_user"),
    ("python-gcp-service-account-dict", "SERVICE_ACCOUNT = {\n    \"type\": \"service_account\",\n    \"project_id\": \"«proj»\",\n    \"private_key_id\": \"«hex_40»\",\n    \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n\",\n    \"client_email\": \"sheets@«proj».iam.gserviceaccount.com\",\n}", "«pk8_esc»", "\"type\": \"service_account\""),
]

# ============================================================ stack-trace-or-log
_LOG = [
    ("jdbc-communications-exception-url", "com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createCommunicationsException(SQLError.java:174)\n\tat com.zaxxer.hikari.pool.HikariPool.createPoolEntry(HikariPool.java:476)\n[HikariPool-1] jdbcUrl=jdbc:mysql://«host»:3306/«db»?user=«user»&password=«S»&useSSL=false", "«pwu»", "SQLError.java:174"),
    ("python-traceback-dsn-local", "Traceback (most recent call last):\n  File \"/srv/«svc»/db.py\", line 42, in connect\n    conn = psycopg2.connect(dsn)\npsycopg2.OperationalError: connection to server at \"«host»\", port 5432 failed: FATAL:  password authentication failed for user \"«user»\"\n\nlocals: dsn = 'postgresql://«user»:«S»@«host»:5432/«db»'", "«pwu»", "File \"/srv/«svc»/db.py\", line 42"),
    ("hikari-startup-log-password-field", "«date» 10:22:01.331  INFO 1 --- [main] com.zaxxer.hikari.HikariConfig : HikariPool-1 - configuration: jdbcUrl=jdbc:postgresql://«host»:5432/«db» username=«user» password=«S» maximumPoolSize=20", "«pw»", "maximumPoolSize=20"),
    ("nginx-access-log-query-access-token", "«ip» - - [12/May/2024:03:14:07 +0800] \"GET /api/v1/callback?state=«hex_16»&access_token=«S» HTTP/1.1\" 200 512 \"-\" \"Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)\"", "«b64u_43»", "\"GET /api/v1/callback?state=«hex_16»"),
    ("wechat-client-error-log-secret-url", "[«date» 09:01:11] ERROR WechatClient - request failed: GET https://api.weixin.qq.com/cgi-bin/token?grant_type=client_credential&appid=wx«hex_16»&secret=«S» -> {\"errcode\":40164,\"errmsg\":\"invalid ip «ip», not in whitelist\"}", "«hex_32»", "\"errcode\":40164"),
    ("dingtalk-robot-warn-log-token", "WARN  robot.send failed url=https://oapi.dingtalk.com/robot/send?access_token=«S»&timestamp=«epoch»123&sign=«an_40»%3D errcode=310000 errmsg=sign not match", "«hex_64»", "errcode=310000"),
    ("feishu-bot-hook-info-log", "INFO  notify.feishu POST https://open.feishu.cn/open-apis/bot/v2/hook/«S» status=200 body={\"StatusCode\":0,\"StatusMessage\":\"success\"}", "«uuid»", "notify.feishu POST"),
    ("urllib3-debug-headers-basic-xendit", "DEBUG:urllib3.connectionpool:https://api.xendit.co:443 \"POST /v2/invoices HTTP/1.1\" 401 98\nDEBUG:«svc».xendit:request headers: {'Authorization': 'Basic «S»', 'Content-Type': 'application/json'}", _basic_tok("xnd_development_", "an", 60), "\"POST /v2/invoices HTTP/1.1\" 401 98"),
    ("android-logcat-okhttp-bearer", "05-12 10:22:31.112  «pid»  «pid2» D OkHttp  : --> GET https://api.«dom»/v2/profile\n05-12 10:22:31.112  «pid»  «pid2» D OkHttp  : Authorization: Bearer «S»\n05-12 10:22:31.113  «pid»  «pid2» D OkHttp  : --> END GET", "«jwt»", "D OkHttp  : --> END GET"),
    ("k8s-pod-log-redis-wrongpass", "«ts» ERROR failed to connect to redis at «host»:6379 with password «S»: WRONGPASS invalid username-password pair or user is disabled.", "«an_24»", "WRONGPASS invalid username-password pair"),
    ("gin-debug-log-form-body", "[GIN] 2024/05/12 - 10:22:31 | 200 |    1.2ms |  «ip» | POST     \"/api/v1/login\"\n[DEBUG] form: username=«user»&password=«S»&captcha=8371", "«pwu»", "POST     \"/api/v1/login\""),
    ("laravel-log-pdo-config-context", "[«date» 10:22:31] production.ERROR: SQLSTATE[HY000] [1045] Access denied for user '«user»'@'«ip»' (using password: YES) {\"exception\":\"[object] (PDOException(code: 1045))\",\"config\":{\"host\":\"«host»\",\"username\":\"«user»\",\"password\":\"«S»\"}}", "«pw»", "production.ERROR: SQLSTATE[HY000] [1045]"),
    ("django-debug-page-broker-url", "CELERY_BROKER_URL\n'amqp://«user»:«S»@«host»:5672//'\nCELERY_TIMEZONE\n'Asia/Ho_Chi_Minh'\nDATABASES\n{'default': {'PASSWORD': '********************', 'HOST': '«host2»'}}", "«pwu»", "'Asia/Ho_Chi_Minh'"),
    ("node-mongo-auth-failed-config-dump", "MongoServerError: Authentication failed.\n    at Connection.onMessage (/app/node_modules/mongodb/lib/cmap/connection.js:207:30)\n    at MessageStream.<anonymous> (/app/node_modules/mongodb/lib/cmap/connection.js:60:60)\n  config: { uri: 'mongodb://«user»:«S»@«host»:27017/«db»' }", "«pwu»", "connection.js:207:30"),
    ("sftp-util-error-log-pwd", "«date» 02:00:03.411 ERROR [sync-job-1] c.«lo_6».sync.SftpUtil - login failed host=«host» port=22 user=«user» pwd=«S»\ncom.jcraft.jsch.JSchException: Auth fail\n\tat com.jcraft.jsch.Session.connect(Session.java:519)", "«pw»", "com.jcraft.jsch.JSchException: Auth fail"),
    ("go-panic-dsn-in-message", "panic: dial tcp «ip»:3306: connect: connection refused (dsn=«user»:«S»@tcp(«host»:3306)/«db»)\n\ngoroutine 1 [running]:\nmain.main()\n\t/app/cmd/server/main.go:31 +0x1a5\nexit status 2", "«pwu»", "goroutine 1 [running]:"),
    ("airflow-task-log-conn-uri", "[2024-05-12, 03:00:02 UTC] {base.py:73} INFO - Using connection ID 'mysql_ods' for task execution.\n[2024-05-12, 03:00:02 UTC] {ods_loader.py:41} INFO - conn uri mysql://«user»:«S»@«host»:3306/ods", "«pwu»", "Using connection ID 'mysql_ods'"),
    ("app-startup-broker-url-info", "«ts» INFO  [main] config loaded: env=«env» broker_url=amqp://«user»:«S»@«host»:5672/«proj» result_backend=redis://«host2»:6379/1", "«pwu»", "config loaded: env=«env»"),
    ("mysql-general-log-alter-user", "«ts»\t   42 Query\tALTER USER 'app'@'%' IDENTIFIED BY '«S»'", "«pw»", "ALTER USER 'app'@'%'"),
    ("postgres-log-statement-create-role", "«date» 03:22:10.123 CST [«pid»] LOG:  statement: CREATE ROLE «user» LOGIN PASSWORD '«S»';", "«pw»", "LOG:  statement: CREATE ROLE «user»"),
    ("audit-json-log-changes-new-value", "{\"ts\":\"«ts»\",\"level\":\"info\",\"msg\":\"settings updated\",\"actor\":\"«user»\",\"changes\":{\"smtp_password\":{\"old\":null,\"new\":\"«S»\"}}}", "«pw»", "\"msg\":\"settings updated\""),
    ("sentry-event-extra-request-header", "Sentry event «hex_32» (production)\n  request.headers: {\"Host\": \"api.«dom»\", \"X-Api-Key\": \"«S»\", \"Accept-Language\": \"ko-KR\"}", "«an_40»", "(production)"),
    ("sshd-invalid-user-password-typed", "May 12 03:14:07 «host» sshd[«pid»]: Invalid user «S» from «ip» port 52144\nMay 12 03:14:11 «host» sshd[«pid2»]: Accepted password for «user» from «ip» port 52146 ssh2", "«pw»", "Accepted password for «user»"),
    ("cloud-init-console-random-passwords", "Cloud-init v. 23.4 running 'modules:final' at Sun, 12 May 2024 03:14:07 +0000.\nSet the following 'random' passwords\n«user»:«S»\nCloud-init v. 23.4 finished", "«an_16»", "Set the following 'random' passwords"),
    ("docker-build-log-npm-token-run", "#7 [4/9] RUN npm config set //npm.«dom»/:_authToken=«S» && npm ci --omit=dev\n#7 0.512 npm WARN config production Use `--omit=dev` instead.\n#7 DONE 41.3s", "npm_«an_36»", "#7 DONE 41.3s"),
    ("aliyun-sdk-debug-credential-dump", "[DEBUG] «ts» alibabacloud.credentials: resolved provider=env credential={accessKeyId: LTAI5t«an_18», accessKeySecret: «S», securityToken: null}", "«an_30»", "resolved provider=env"),
    ("tencent-sdk-exception-with-keys", "[TencentCloudSDKException] code:AuthFailure.SignatureFailure message:The provided credentials could not be validated. requestId:«uuid»\n  client init: SecretId=AKID«an_32» SecretKey=«S» Region=«region_tc»", "«an_32»", "code:AuthFailure.SignatureFailure"),
    ("line-webhook-debug-channel-secret", "«ts» DEBUG line-webhook: verify signature channelSecret=«S» computed=«b64_43»= header=«b64_43b»= -> mismatch", "«hex_32»", "-> mismatch"),
    ("kakao-oauth-service-info-token", "«date» 11:02:44.190  INFO 7 --- [nio-8080-exec-3] c.«lo_5».auth.KakaoOAuthService : token response: access_token=«S», token_type=bearer, expires_in=21599", "«b64u_54»", "token_type=bearer, expires_in=21599"),
    ("grpc-go-metadata-debug", "«ts» DEBUG grpc: incoming metadata: map[:authority:[«svc».«ns».svc:9090] authorization:[Bearer «S»] user-agent:[grpc-go/1.62.0]]", "«jwt»", "user-agent:[grpc-go/1.62.0]"),
    ("kafka-connect-task-config-dump", "INFO Starting JdbcSourceTask with config {connection.url=jdbc:mysql://«host»:3306/«db», connection.user=«user», connection.password=«S», mode=timestamp, topic.prefix=ods_} (io.confluent.connect.jdbc.source.JdbcSourceTask:112)", "«pw»", "JdbcSourceTask:112"),
    ("php-stack-trace-mysqli-args", "PHP Warning:  mysqli::__construct(): (HY000/1045): Access denied for user '«user»'@'localhost' (using password: YES) in /var/www/html/inc/db.php on line 12\nPHP Stack trace:\nPHP   1. {main}() /var/www/html/index.php:0\nPHP   2. mysqli->__construct('«host»', '«user»', '«S»', '«db»') /var/www/html/inc/db.php:12", "«pw»", "/var/www/html/inc/db.php on line 12"),
    ("java-mail-auth-exception-props", "org.springframework.mail.MailAuthenticationException: Authentication failed; nested exception is javax.mail.AuthenticationFailedException: 535 Error: authentication failed\n  resolved mail properties: mail.host=smtp.qiye.163.com mail.username=«email» mail.password=«S»", "«pw»", "535 Error: authentication failed"),
    ("python-logging-settings-dict", "«date» 10:22:31,443 INFO settings: {'DEBUG': False, 'REDIS_URL': 'redis://:«S»@«host»:6379/0', 'TIME_ZONE': 'Asia/Ho_Chi_Minh'}", "«an_24»", "'TIME_ZONE': 'Asia/Ho_Chi_Minh'"),
    ("axios-error-config-auth-username", "AxiosError: Request failed with status code 401\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://api.paymongo.com/v1/sources',\n    method: 'post',\n    auth: { username: '«S»', password: '' }\n  }", "sk_live_«an_24»", "url: 'https://api.paymongo.com/v1/sources'"),
    ("rails-log-unfiltered-params", "Started POST \"/users/sign_in\" for «ip» at «date» 10:22:31 +0900\nProcessing by Users::SessionsController#create as HTML\n  Parameters: {\"authenticity_token\"=>\"[FILTERED]\", \"user\"=>{\"email\"=>\"«email»\", \"pwd\"=>\"«S»\"}}", "«pw»", "Users::SessionsController#create"),
    ("varnishlog-req-header-cookie", "-   ReqURL         /mypage/orders\n-   ReqHeader      Host: shop.«dom»\n-   ReqHeader      Cookie: _ga=GA1.2.«dig_9».«epoch»; sessionid=«S»", "«lo_32»", "ReqHeader      Host: shop.«dom»"),
    ("redis-monitor-auth-command", "1715480527.123456 [0 «ip»:52144] \"AUTH\" \"«S»\"\n1715480527.124001 [0 «ip»:52144] \"SELECT\" \"3\"", "«an_24»", "\"SELECT\" \"3\""),
    ("mqtt-broker-debug-connect-creds", "1715480527: New client connected from «ip»:49152 as esp32-«hex_6» (p2, c1, k60, u'«user»').\n1715480527: |-- auth plugin: checking u='«user»' p='«S»' -> DENY", "«pw»", "auth plugin: checking u='«user»'"),
    ("browser-console-config-object", "main.«hex_8».js:1 config {apiBase: 'https://api.«dom»', env: 'prod', aesKey: '«S»', amapKey: '«hex_32»'}", "«an_16»", "apiBase: 'https://api.«dom»'"),
    ("flutter-debugprint-refresh-token", "I/flutter («pid»): [Auth] login ok uid=«num»\nI/flutter («pid»): [Auth] refreshToken=«S»", "«b64u_64»", "[Auth] login ok uid=«num»"),
    ("ios-console-request-headers-dict", "«date» 10:22:31.112 «proj»[«pid»:«pid2»] [Network] headers: [\"Authorization\": \"Bearer «S»\", \"X-App-Version\": \"«ver»\"]", "«jwt»", "\"X-App-Version\": \"«ver»\""),
    ("wxpay-notify-warn-apiv3-key", "«ts» WARN  c.«lo_5».pay.WxPayNotifyHandler - AEAD decrypt failed, check apiV3Key=«S» serialNo=«HEX_40»", "«an_32»", "AEAD decrypt failed"),
    ("omise-charge-error-key-in-log", "«ts» ERROR omise: charge create failed (HTTP 401 authentication_failure) key=«S» amount=«num»00 currency=thb", "skey_5«lo_18»", "authentication_failure"),
    ("midtrans-notification-signature-debug", "«ts» DEBUG midtrans-notify: order_id=ORD-«dig_8» status_code=200 gross_amount=250000.00 serverKey=«S» expected=«hex_128»", "Mid-server-«b64u_24»", "order_id=ORD-«dig_8»"),
    ("gcash-adapter-signing-log", "[gcash-adapter] «ts» INFO signing payload with clientSecret «S» (clientId=«uuid»)", "«b64u_40»", "[gcash-adapter]"),
    ("grabpay-hmac-debug-partner-secret", "«ts» DEBUG grabpay.hmac partnerSecret=«S» date=\"Sun, 12 May 2024 03:14:07 GMT\" contentDigest=«b64_43»=", "«b64u_32»", "grabpay.hmac"),
    ("toss-client-error-secret-key-log", "«ts» ERROR [TossPaymentsClient] 401 UNAUTHORIZED_KEY 인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다. secretKey=«S»", "test_sk_«an_20»", "401 UNAUTHORIZED_KEY"),
    ("git-trace-curl-redact-off", "$ GIT_TRACE_CURL=1 GIT_TRACE_REDACT=0 git fetch\n11:22:33.444 http.c:756  => Send header: GET /«proj»/«svc».git/info/refs?service=git-upload-pack HTTP/1.1\n11:22:33.444 http.c:756  => Send header: Authorization: Basic «S»", _basic(), "service=git-upload-pack"),
    ("supervisor-stderr-mysql-cmd", "«svc» stderr | ERROR 1045 (28000): Access denied for user '«user»'@'«ip»' (using password: YES)\n«svc» stderr | cmd: mysql -h«host» -u«user» -p«S» «db»", "«pws»", "ERROR 1045 (28000)"),
    ("xxl-job-log-param-json", "----------- xxl-job job execute start -----------\n----------- Param:{\"ftpHost\":\"«ip»\",\"ftpUser\":\"«user»\",\"ftpPass\":\"«S»\",\"remoteDir\":\"/out\"}", "«pw»", "xxl-job job execute start"),
    ("dubbo-registry-url-in-log", "«ts» INFO [DUBBO] Register: zookeeper://«host»:2181/org.apache.dubbo.registry.RegistryService?application=«svc»&username=«user»&password=«S», dubbo version: 3.2.9", "«pwu»", "dubbo version: 3.2.9"),
    ("canal-startup-log-db-password", "«ts» [main] INFO  c.a.otter.canal.instance.spring.CanalInstanceWithSpring - start CanalInstances[example] with destination:example, canal.instance.dbPassword=«S»", "«pw»", "CanalInstanceWithSpring"),
    ("cron-mail-bash-xtrace-mysqldump", "From: root@«host» (Cron Daemon)\nSubject: Cron <root@«host»> /opt/scripts/backup.sh\n\n+ DATE=«date»\n+ mysqldump -ubackup -p«S» --all-databases\n+ gzip", "«pws»", "Subject: Cron <root@«host»> /opt/scripts/backup.sh"),
    ("bash-xtrace-export-secret", "+ export ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI5t«an_18»\n+ ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI5t«an_18»\n+ export ALIBABA_CLOUD_ACCESS_KEY_SECRET=«S»\n+ ALIBABA_CLOUD_ACCESS_KEY_SECRET=«S»\n+ aliyun oss ls", "«an_30»", "+ aliyun oss ls"),
    ("mysql-duplicate-entry-token-key", "ERROR 1062 (23000) at line 1: Duplicate entry '«S»' for key 'uk_access_token'", "«hex_40»", "for key 'uk_access_token'"),
    ("zap-json-log-token-field", "{\"level\":\"debug\",\"ts\":\"«ts»\",\"caller\":\"auth/client.go:88\",\"msg\":\"got token\",\"token\":\"«S»\",\"expires_in\":7200}", "«b64u_64»", "\"caller\":\"auth/client.go:88\""),
    ("winston-log-line-push-meta", "«ts» info: LINE push ok {\"to\":\"U«hex_32»\",\"status\":200,\"channelAccessToken\":\"«S»\"}", "«b64_171»=", "LINE push ok"),
    ("serverless-offline-query-apikey", "offline: GET /dev/pay/status?orderId=«dig_10»&apiKey=«S» (λ: payStatus)\noffline: (λ: payStatus) RequestId: «uuid»  Duration: 41.22 ms", "«an_32»", "(λ: payStatus)"),
    ("celery-custom-log-sentinel-password", "[«date» 03:00:00,112: INFO/MainProcess] sentinel master «proj» via sentinel://:«S»@«host»:26379", "«an_24»", "INFO/MainProcess"),
    ("spring-actuator-env-unmasked", "\"spring.datasource.password\": {\n  \"value\": \"«S»\",\n  \"origin\": \"class path resource [application-«env».yml] - 12:15\"\n}", "«pw»", "class path resource [application-«env».yml]"),
    ("ftp-client-verbose-pass-command", "Connected to «ip».\n220 (vsFTPd 3.0.3)\n---> USER «user»\n331 Please specify the password.\n---> PASS «S»\n230 Login successful.", "«pw»", "230 Login successful."),
    ("smtp-debug-auth-plain-b64", "DEBUG SMTP: AUTH PLAIN command trace suppressed\nC: EHLO «host»\nC: AUTH PLAIN «S»\nS: 235 2.7.0 Authentication successful", lambda c: _b64("\x00" + c["email"] + "\x00" + _GEN["pw"]()), "S: 235 2.7.0 Authentication successful"),
    ("http-access-log-basic-auth-userinfo", "«ip» - - [12/May/2024:10:22:31 +0700] \"GET http://«user»:«S»@«host»/cgi-bin/status HTTP/1.1\" 404 153", "«pwu»", "/cgi-bin/status"),
    ("jenkins-agent-log-jnlp-secret", "INFO: Agent discovery successful\n  java -jar agent.jar -url https://jenkins.«dom»/ -secret «S» -name «host» -workDir /home/jenkins", "«hex_64»", "INFO: Agent discovery successful"),
    ("hive-beeline-connect-log", "Connecting to jdbc:hive2://«host»:10000/«db»;user=«user»;password=«S»\nConnected to: Apache Hive (version 3.1.3)", "«pwu»", "Connected to: Apache Hive (version 3.1.3)"),
    ("seata-server-log-db-config", "«ts» INFO --- [main] i.s.s.store.db.DataSourceProvider : db config: url=jdbc:mysql://«host»:3306/seata user=«user» password=«S»", "«pw»", "DataSourceProvider"),
    ("nodejs-debug-env-dump-line-secret", "  «svc»:config env loaded +0ms { NODE_ENV: 'production', LINE_CHANNEL_SECRET: '«S»', PORT: '3000' }", "«hex_32»", "NODE_ENV: 'production'"),
    ("terraform-debug-log-provider-config", "«ts» [DEBUG] provider.terraform-provider-alicloud: configuring client: region=«region_ali» access_key=LTAI5t«an_18» secret_key=«S»", "«an_30»", "provider.terraform-provider-alicloud"),
    ("vpn-client-log-psk", "«ts» [IKE] using pre-shared key for «ip»: psk=\"«S»\" (from /etc/ipsec.secrets)", "«pw»", "/etc/ipsec.secrets"),
    ("unity-debug-log-playfab-secret", "[«time»] PlayFabSettings: TitleId=«HEX_5», DeveloperSecretKey=«S»", "«UPL_10»«up_30»", "PlayFabSettings: TitleId="),
]

# ================================================================= note-or-chat
_NOTE = [
    ("wecom-chat-zh-test-db-password", "[企业微信] «name_zh» 14:02\n测试库密码改了，新的是 «S» ，别外传哈", "«pw»", "测试库密码改了"),
    ("dingtalk-chat-zh-ram-ak-pair", "«name_zh»: 阿里云子账号的 AK 发你了\nAccessKey ID: LTAI5t«an_18»\nAccessKey Secret: «S»\n用完记得在 RAM 控制台里禁用", "«an_30»", "用完记得在 RAM 控制台里禁用"),
    ("feishu-doc-zh-handover-jumpbox", "## 交接文档\n- 跳板机: «ip» (用户 «user»)\n- 密码: «S»\n- 生产环境变更需要走审批", "«pw»", "跳板机: «ip»"),
    ("slack-ja-staging-admin-password", "@«user» ステージングの管理画面のパスワードは «S» です。リリース後に変更します。", "«pw»", "ステージングの管理画面"),
    ("line-chat-ja-wifi-casual", "«name_ja»: Wi-Fiのパス、«S» だよ〜 (5Gの方)", "«pw»", "5Gの方"),
    ("ja-todo-rakuten-secret-move", "TODO(«name_ja»): 楽天APIのapplicationSecret «S» を Secrets Manager に移す", "«b64u_40»", "Secrets Manager に移す"),
    ("kakaotalk-ko-prod-server-password", "[카카오톡] «name_ko»: 운영 서버 비번 «S» 입니다. 절대 외부 공유하지 마세요 ㅎㅎ", "«pw»", "운영 서버"),
    ("ko-notion-toss-test-secret", "토스페이먼츠 시크릿 키 (테스트): «S»\n- 라이브 키는 1Password 'Payments' 볼트에 있음", "test_sk_«an_20»", "1Password 'Payments' 볼트"),
    ("naver-works-ko-db-access-info", "«name_ko» 님, DB 접속 정보 드립니다\n호스트: «host»\n계정: «user» / «S»", "«pw»", "호스트: «host»"),
    ("zalo-vi-vpn-password", "«name_vi»: Mật khẩu VPN mới là «S» nhé anh, đổi từ hôm nay.", "«pw»", "Mật khẩu VPN mới"),
    ("vi-note-momo-integration-keys", "Ghi chú tích hợp MoMo:\n- partnerCode: MOMO«up_8»\n- endpoint: https://test-payment.momo.vn/v2/gateway/api/create\n- secretKey: «S»", "«an_32»", "https://test-payment.momo.vn/v2/gateway/api/create"),
    ("th-line-backoffice-password", "«name_th»: รหัสผ่านเข้าระบบหลังบ้านคือ «S» นะครับ", "«pw»", "รหัสผ่านเข้าระบบหลังบ้าน"),
    ("th-note-omise-live-key", "โน้ต: Omise secret key ของร้าน «proj» = «S» (อย่า commit ขึ้น git)", "skey_5«lo_18»", "อย่า commit ขึ้น git"),
    ("id-whatsapp-staging-db-password", "«name_id»: Bang, password database staging: «S» ya. Jangan disebar.", "«pw»", "password database staging"),
    ("id-note-xendit-test-secret", "Catatan integrasi Xendit:\nsecret key (mode test): «S»\nwebhook verification token ada di dashboard > Settings > Callbacks.", "xnd_development_«an_60»", "webhook verification token ada di dashboard"),
    ("id-chat-midtrans-server-key", "«name_id»: server key sandbox Midtrans «S», client key nanti aku kirim ya", "SB-Mid-server-«b64u_24»", "client key nanti aku kirim"),
    ("ph-viber-taglish-gcash-secret", "«name_ph»: Bro eto na yung GCash sandbox client secret: «S» — paki-update mo na lang sa .env", "«b64u_40»", "paki-update mo na lang sa .env"),
    ("ph-note-paymongo-test-keys", "PayMongo keys (test): sk = «S», pk nasa FE repo", "sk_test_«an_24»", "pk nasa FE repo"),
    ("en-slack-oncall-grafana-handover", "Handing over on-call. Grafana admin login is admin / «S» until SSO is fixed. Rotate after Friday.", "«pw»", "Handing over on-call."),
    ("zh-en-mixed-redis-pwd", "«name_zh»: prod 的 redis pwd 是 «S»，staging 也是同一个 lol", "«an_24»", "staging 也是同一个"),
    ("ja-pr-comment-hardcoded-key", "レビューありがとうございます。config.yml に api_key: «S» がハードコードされてたので消しました（ローテーションはまだ）", "«hex_32»", "レビューありがとうございます。"),
    ("agent-note-unlabeled-ssh-creds", "Notes: user gave me the creds for the Sakura VPS — ssh «user»@«ip», «S». Will try deploy after lunch.", "«pw»", "ssh «user»@«ip»"),
    ("agent-goal-line-migration-secret", "Goal: migrate the LINE bot from Heroku to Sakura Cloud. Channel secret is «S» (from user message); access token is in ~/.line/token.", "«hex_32»", "Goal: migrate the LINE bot"),
    ("agent-decision-dingtalk-token", "Decision: use the DingTalk robot for alerts. Webhook access_token «S» (from the 钉钉 group settings); store it in Nacos, not in the repo.", "«hex_64»", "store it in Nacos"),
    ("ko-en-meeting-notes-kakao-admin", "회의록 5/12\n- Kakao admin key: «S» (임시)\n- 다음 주까지 KMS로 이관", "«hex_32»", "다음 주까지 KMS로 이관"),
    ("zh-pasted-email-root-password", "发件人: «name_zh» <«email»>\n主题: 新服务器账号\n\n您好，服务器 «ip» 的 root 密码为：«S»\n请登录后立即修改。", "«pw»", "主题: 新服务器账号"),
    ("ja-pasted-email-ftp-account", "件名: 【重要】FTPアカウント発行のお知らせ\n\nホスト: «host»\nID: «user»\nPW: «S»\n\n※本メールは送信専用です。", "«pw»", "FTPアカウント発行のお知らせ"),
    ("ko-pasted-email-initial-password", "제목: [안내] 개발 서버 계정 발급\n아이디: «user»\n초기 비밀번호: «S»\n최초 로그인 시 변경 바랍니다.", "«pw»", "[안내] 개발 서버 계정 발급"),
    ("vi-pasted-email-sftp-partner", "Tiêu đề: Tài khoản SFTP đối tác\nHost: «host»\nUser: «user»\nPass: «S»\nVui lòng không chia sẻ.", "«pw»", "Tài khoản SFTP đối tác"),
    ("th-pasted-email-account", "เรื่อง: บัญชีเข้าใช้งานระบบ «proj»\nชื่อผู้ใช้: «user»\nรหัสผ่าน: «S»", "«pw»", "ชื่อผู้ใช้: «user»"),
    ("id-pasted-email-new-server", "Subjek: Akun server baru\nUsername: «user»\nKata sandi: «S»\nSilakan ganti setelah login pertama.", "«pw»", "Silakan ganti setelah login pertama."),
    ("zh-wiki-markdown-creds-table", "| 环境 | 地址 | 账号 | 密码 |\n|---|---|---|---|\n| 测试 | «host» | «user» | «S» |", "«pw»", "| 环境 | 地址 | 账号 | 密码 |"),
    ("ja-confluence-env-table", "| 環境 | URL | ユーザー | パスワード |\n|---|---|---|---|\n| stg | https://stg.«dom»/admin | «user» | «S» |", "«pw»", "https://stg.«dom»/admin"),
    ("github-issue-comment-curl-token", "I can reproduce with `curl -H 'Authorization: token «S»' https://api.github.com/user` — it returns 401 from the Jakarta runner but 200 from my laptop.", "ghp_«an_36»", "returns 401 from the Jakarta runner"),
    ("standup-note-vault-passphrase", "standup: rotated the shared 1Password vault master pass to \"«S»\" (tell «name_id» in person)", "«pwp»", "standup: rotated the shared 1Password vault"),
    ("tw-chat-nas-admin-password", "«name_tw»: NAS 的管理員密碼是 «S»，記得改掉預設值", "«pw»", "記得改掉預設值"),
    ("hk-cantonese-router-password", "«name_hk»: 部 router admin 密碼係 «S» 呀，唔該你改咗佢", "«pw»", "部 router admin"),
    ("ja-slack-basic-auth-creds", "お疲れ様です。検証環境のBasic認証は «user» / «S» でお願いします。", "«pw»", "検証環境のBasic認証"),
    ("ko-slack-ncp-api-keys", "스레드: 네이버 클라우드 API 인증키\nAccess Key ID: «up_20»\nSecret Key: «S»", "«an_40»", "네이버 클라우드 API 인증키"),
    ("zh-code-review-gitee-token", "这里别把 Gitee 私人令牌写死：`«S»`，改成从环境变量 GITEE_TOKEN 读", "«hex_32»", "改成从环境变量 GITEE_TOKEN 读"),
    ("agent-scratchpad-key-passphrase", "Scratch: key ~/.ssh/deploy_ed25519 has passphrase «S» (user typed it in chat).", "«pwp»", "~/.ssh/deploy_ed25519"),
    ("agent-todo-rotate-huawei-sk", "- [ ] rotate Huawei Cloud SK «S» (leaked in #ops)\n- [x] open ticket with security", "«an_40»", "open ticket with security"),
    ("whiteboard-transcription-guest-wifi", "(transcribed from whiteboard photo) Guest WiFi: «proj»-Guest / «S»", "«pw»", "Guest WiFi: «proj»-Guest"),
    ("sticky-note-wifi-pw", "wifi: «proj»_5G\npw: «S»", "«pw»", "wifi: «proj»_5G"),
    ("teams-chat-sg-uat-admin", "«name_en»: Can you try the UAT admin? user «user», pass «S». Let me know if locked out lah", "«pw»", "Can you try the UAT admin?"),
    ("zh-abbrev-mm-prod-root", "mm: «S» (prod mysql root)", "«pw»", "(prod mysql root)"),
    ("ja-abbrev-honban-pw-arrow", "本番DB pw→ «S»", "«pw»", "本番DB"),
    ("ko-abbrev-bibeon-account", "비번: «S» / 계정: «user»", "«pw»", "계정: «user»"),
    ("vi-abbrev-mk-wifi-floor", "mk wifi tầng 3: «S»", "«pw»", "wifi tầng 3"),
    ("th-abbrev-rahat-wifi", "รหัส wifi ชั้น 5: «S»", "«pw»", "wifi ชั้น 5"),
    ("id-abbrev-pw-wifi-kantor", "pw wifi kantor: «S»", "«pw»", "wifi kantor"),
    ("tw-chat-arrow-password", "«name_tw»: 密碼給你 → «S»", "«pw»", "密碼給你"),
    ("en-creds-double-slash-rakuten", "creds for the Rakuten RMS sandbox: «user» // «S»", "«pw»", "Rakuten RMS sandbox"),
    ("jira-ticket-steps-with-login", "PAY-«num»: Omise webhook failing since 02:00 ICT.\nSteps: login to dashboard with ops@«dom» / «S», go to Webhooks, resend the last event.", "«pw»", "go to Webhooks, resend the last event"),
    ("zh-handover-vpn-otp", "VPN 账号: «user»\nVPN 密码: «S»\nOTP 绑定在 «name_zh» 手机上", "«pw»", "VPN 账号: «user»"),
    ("ja-retro-kddi-portal-password", "振り返り: KDDIの回線管理ポータルのパスワード(«S»)がSlackに平文で貼られていた → 要ローテーション", "«pw»", "要ローテーション"),
    ("zh-weekly-report-apiv3-key", "本周: 完成微信支付 V3 对接，APIv3 密钥已设置为 «S»（仅测试商户）", "«an_32»", "完成微信支付 V3 对接"),
    ("ko-incident-memo-redis-auth", "장애 메모: 레디스 AUTH 실패. 설정 파일의 비밀번호가 «S» 로 바뀌어 있었음.", "«an_24»", "레디스 AUTH 실패"),
    ("id-en-standup-grabpay-secret", "Update: GrabPay partner secret buat staging = «S», yang prod belum dapat dari Grab.", "«b64u_32»", "yang prod belum dapat dari Grab"),
    ("agent-user-quote-nas-password", "User said: \"the root password on the NAS is «S», go ahead and mount it at /mnt/nas\"", "«pw»", "/mnt/nas"),
    ("agent-context-summary-gitee-token", "Context so far: repo «proj», Gitee token provided by user («S») with projects scope only; pushing to branch «branch».", "«hex_32»", "pushing to branch «branch»"),
    ("feishu-alert-card-leaked-password", "【告警】数据库连接失败\n实例: «host»\n账号: «user»\n密码: «S»\n请值班同学处理", "«pw»", "【告警】数据库连接失败"),
    ("lark-chat-en-ja-app-secret", "«name_ja»: the Lark app secret is «S» — 次からは全体チャンネルに貼らないでね 🙏", "«an_32»", "次からは全体チャンネルに貼らないでね"),
    ("discord-dev-bot-token", "«user»: bot token for the test server → «S»", "M«b64u_25».G«b64u_5».«b64u_38»", "bot token for the test server"),
    ("zh-github-recovery-code-backup", "GitHub 恢复码（备份，别删）:\n«S»", "«hex_5»-«hex_5b»", "GitHub 恢复码"),
    ("en-naver-shared-account-lol", "fyi the shared Naver account password is literally «S» lol, we should change it", "«pw»", "we should change it"),
    ("ja-key-passphrase-kagikakko", "鍵のパスフレーズ: 「«S»」", "«pwp»", "鍵のパスフレーズ"),
    ("vi-zalo-group-telegram-bot-token", "[Zalo] Nhóm Dev: «name_vi»: token bot Telegram: «S»", "«dig_10»:AA«b64u_33»", "token bot Telegram"),
    ("ko-webhook-secret-shared", "«name_ko»: 웹훅 시크릿 공유드려요 → «S» (토스 대시보드에서 재발급 가능)", "«b64u_32»", "토스 대시보드에서 재발급 가능"),
    ("zh-cloud-console-login-note", "华为云 IAM 子用户登录: «user» / «S»（控制台 https://auth.huaweicloud.com）", "«pw»", "华为云 IAM 子用户登录"),
    ("th-en-mixed-db-password", "«name_th»: พี่ครับ DB password ของ UAT คือ «S» ครับ ใช้ได้ถึงสิ้นเดือน", "«pw»", "ใช้ได้ถึงสิ้นเดือน"),
    ("agent-plan-with-unlabeled-api-key", "Plan:\n1. set BAIDU_MAP_AK in .env (user pasted «S» — server-side key)\n2. call geocoder v3", "«an_32»", "call geocoder v3"),
]

# ================================================================ ci-and-deploy
_CI = [
    ("gha-env-block-hardcoded-ali-secret", "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      ALIYUN_ACCESS_KEY_ID: ${{ secrets.ALIYUN_AK }}\n      ALIYUN_ACCESS_KEY_SECRET: «S»", "«an_30»", "${{ secrets.ALIYUN_AK }}"),
    ("gitlab-ci-variables-registry-password", "variables:\n  DOCKER_REGISTRY: registry.cn-shenzhen.aliyuncs.com\n  REGISTRY_USER: «user»@«dom»\n  REGISTRY_PASSWORD: \"«S»\"\n\nbuild:\n  script:\n    - docker login -u $REGISTRY_USER -p $REGISTRY_PASSWORD $DOCKER_REGISTRY", "«pw»", "docker login -u $REGISTRY_USER -p $REGISTRY_PASSWORD"),
    ("jenkinsfile-withenv-sonar-token", "stage('Sonar') {\n  steps {\n    withEnv([\"SONAR_TOKEN=«S»\"]) {\n      sh 'mvn -B sonar:sonar -Dsonar.host.url=https://sonar.«dom»'\n    }\n  }\n}", "squ_«hex_40»", "sonar.host.url=https://sonar.«dom»"),
    ("jenkins-console-curl-nexus-upload", "[Pipeline] sh\n+ curl -sf -u deploy:«S» --upload-file target/«svc»-«ver».jar https://nexus.«dom»/repository/releases/«svc»/«ver»/\n[Pipeline] }", "«pws»", "--upload-file target/«svc»-«ver».jar"),
    ("drone-yml-docker-plugin-password", "kind: pipeline\nname: publish\nsteps:\n- name: publish\n  image: plugins/docker\n  settings:\n    registry: ccr.ccs.tencentyun.com\n    repo: ccr.ccs.tencentyun.com/«proj»/«svc»\n    username: «dig_12»\n    password: «S»", "«pw»", "repo: ccr.ccs.tencentyun.com/«proj»/«svc»"),
    ("gitee-go-shell-sshpass-scp", "- step: shell@general\n  name: deploy_web\n  displayName: 部署到测试机\n  commands:\n    - sshpass -p «S» scp -o StrictHostKeyChecking=no -r dist/* «user»@«ip»:/var/www/", "«pws»", "displayName: 部署到测试机"),
    ("yunxiao-flow-ssh-step-password", "stages:\n  deploy:\n    name: 部署\n    jobs:\n      ssh_deploy:\n        steps:\n          - step: SSHCommand\n            with:\n              host: «ip»\n              username: root\n              password: «S»\n              script: cd /opt/«svc» && ./restart.sh", "«pw»", "script: cd /opt/«svc» && ./restart.sh"),
    ("coding-ci-docker-login-literal", "sh \"docker login -u «user»-1«dig_9» -p «S» «proj»-docker.pkg.coding.net\"", "«b64u_40»", "«proj»-docker.pkg.coding.net"),
    ("circleci-job-environment-token", "jobs:\n  notify:\n    docker:\n      - image: cimg/base:2024.05\n    environment:\n      LINE_NOTIFY_TOKEN: «S»\n    steps:\n      - run: ./scripts/notify.sh", "«an_43»", "./scripts/notify.sh"),
    ("bitbucket-pipelines-ssh-run-password", "- step:\n    name: Deploy\n    script:\n      - pipe: atlassian/ssh-run:0.4.1\n        variables:\n          SSH_USER: «user»\n          SERVER: «ip»\n          PASSWORD: '«S»'\n          COMMAND: 'sudo systemctl restart «svc»'", "«pw»", "pipe: atlassian/ssh-run:0.4.1"),
    ("azure-pipelines-variables-acr-password", "variables:\n  acrName: «lo_8»acr\n  acrPassword: '«S»'\nsteps:\n- script: docker login $(acrName).azurecr.io -u $(acrName) -p $(acrPassword)", "«b64_52»", "docker login $(acrName).azurecr.io"),
    ("gha-run-curl-feishu-hook", "- name: Notify Feishu\n  run: |\n    curl -X POST -H 'Content-Type: application/json' \\\n      -d '{\"msg_type\":\"text\",\"content\":{\"text\":\"build ${{ github.sha }} ok\"}}' \\\n      https://open.feishu.cn/open-apis/bot/v2/hook/«S»", "«uuid»", "build ${{ github.sha }} ok"),
    ("gha-ssh-action-with-password", "- name: Deploy\n  uses: appleboy/ssh-action@v1.0.3\n  with:\n    host: «ip»\n    username: «user»\n    password: «S»\n    script: cd ~/app && git pull && pm2 reload all", "«pw»", "uses: appleboy/ssh-action@v1.0.3"),
    ("ansible-inventory-ansible-password", "[web]\n«ip» ansible_user=«user» ansible_password=«S» ansible_become=true\n\n[web:vars]\nansible_python_interpreter=/usr/bin/python3", "«pws»", "ansible_python_interpreter=/usr/bin/python3"),
    ("ansible-group-vars-root-password", "# group_vars/db.yml\nmysql_root_password: «S»\nmysql_databases:\n  - name: «db»\n    encoding: utf8mb4", "«pw»", "# group_vars/db.yml"),
    ("helm-values-prod-redis-auth", "# values-prod.yaml\nimage:\n  repository: registry.«dom»/«proj»/«svc»\n  tag: «ver»\nredis:\n  auth:\n    enabled: true\n    password: «S»", "«an_24»", "tag: «ver»"),
    ("kustomize-secretgenerator-literal", "secretGenerator:\n- name: «svc»-secrets\n  literals:\n  - WECHAT_APP_ID=wx«hex_16»\n  - WECHAT_APP_SECRET=«S»", "«hex_32»", "name: «svc»-secrets"),
    ("argocd-repository-secret-password", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-gitee\n  namespace: argocd\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://gitee.com/«proj»/deploy.git\n  username: «user»\n  password: «S»", "«hex_32»", "argocd.argoproj.io/secret-type: repository"),
    ("compose-prod-params-datasource-password", "  xxl-job-admin:\n    image: xuxueli/xxl-job-admin:2.4.0\n    environment:\n      PARAMS: \"--spring.datasource.url=jdbc:mysql://«host»:3306/xxl_job --spring.datasource.password=«S»\"", "«pws»", "image: xuxueli/xxl-job-admin:2.4.0"),
    ("dockerfile-env-midtrans-server-key", "FROM node:20-alpine\nWORKDIR /app\nENV NODE_ENV=production\nENV MIDTRANS_SERVER_KEY=«S»\nCOPY . .\nCMD [\"node\", \"server.js\"]", "Mid-server-«b64u_24»", "FROM node:20-alpine"),
    ("dockerfile-arg-default-npm-token", "ARG NPM_TOKEN=«S»\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci && rm -f .npmrc", "npm_«an_36»", "rm -f .npmrc"),
    ("k8s-cronjob-args-mysqldump", "          containers:\n          - name: backup\n            image: mysql:8.0\n            args: [\"sh\", \"-c\", \"mysqldump -h «host» -uroot -p«S» «db» | gzip > /backup/«db».sql.gz\"]", "«pws»", "name: backup"),
    ("serverless-devs-s-yaml-env", "edition: 3.0.0\nname: «proj»\naccess: default\nresources:\n  api:\n    component: fc3\n    props:\n      region: «region_ali»\n      environmentVariables:\n        DB_PASSWORD: «S»", "«pw»", "component: fc3"),
    ("tencent-scf-serverless-yml-env", "component: scf\nname: «svc»\ninputs:\n  region: «region_tc»\n  runtime: Nodejs18.15\n  environment:\n    variables:\n      TENCENT_SECRET_KEY: «S»", "«an_32»", "runtime: Nodejs18.15"),
    ("fly-toml-env-paymongo", "app = \"«proj»\"\nprimary_region = \"sin\"\n\n[env]\n  PAYMONGO_SECRET_KEY = \"«S»\"\n  TZ = \"Asia/Manila\"", "sk_live_«an_24»", "primary_region = \"sin\""),
    ("vercel-json-env-line-secret", "{\n  \"version\": 2,\n  \"env\": {\n    \"LINE_CHANNEL_SECRET\": \"«S»\",\n    \"NEXT_PUBLIC_SITE\": \"https://«dom»\"\n  }\n}", "«hex_32»", "\"NEXT_PUBLIC_SITE\": \"https://«dom»\""),
    ("netlify-toml-build-environment", "[build]\n  command = \"npm run build\"\n  publish = \"dist\"\n\n[build.environment]\n  OMISE_SECRET_KEY = \"«S»\"", "skey_test_5«lo_18»", "command = \"npm run build\""),
    ("pm2-ecosystem-env-production", "module.exports = {\n  apps: [{\n    name: '«svc»',\n    script: 'dist/main.js',\n    env_production: { NODE_ENV: 'production', XENDIT_SECRET_KEY: '«S»' },\n  }],\n};", "xnd_production_«an_60»", "script: 'dist/main.js'"),
    ("capistrano-ssh-options-password", "set :application, '«proj»'\nset :ssh_options, { user: '«user»', password: '«S»', forward_agent: false }", "«pw»", "set :application, '«proj»'"),
    ("fabric-connection-connect-kwargs", "from fabric import Connection\n\nc = Connection('«ip»', user='«user»', connect_kwargs={'password': '«S»'})\nc.run('supervisorctl restart «svc»')", "«pw»", "supervisorctl restart «svc»"),
    ("deployer-php-host-become-password", "host('«ip»')\n    ->set('remote_user', '«user»')\n    ->set('deploy_path', '/var/www/«proj»')\n    ->set('sudo_password', '«S»');", "«pw»", "->set('deploy_path', '/var/www/«proj»')"),
    ("gh-secret-set-body-literal", "gh secret set ALIYUN_AK_SECRET --body '«S»' --repo «user»/«proj»", "«an_30»", "gh secret set ALIYUN_AK_SECRET"),
    ("gitlab-job-log-echo-deploy-token", "$ echo \"Using deploy token $CI_DEPLOY_TOKEN\"\nUsing deploy token «S»\n$ helm upgrade --install «svc» ./chart", "gldt-«b64u_20»", "$ helm upgrade --install «svc» ./chart"),
    ("gha-log-echo-unmasked-var", "Run echo \"sign key=${SIGN_KEY}\"\n  echo \"sign key=${SIGN_KEY}\"\n  shell: /usr/bin/bash -e {0}\nsign key=«S»", "«an_32»", "shell: /usr/bin/bash -e {0}"),
    ("docker-build-step-arg-gitee-token", "Step 5/12 : ARG GITEE_TOKEN=«S»\n ---> Running in «hex_12»\nStep 6/12 : RUN git clone https://oauth2:${GITEE_TOKEN}@gitee.com/«proj»/common.git", "«hex_32»", "Step 6/12 : RUN git clone"),
    ("tfe-variable-sensitive-false", "resource \"tfe_variable\" \"line_secret\" {\n  key          = \"line_channel_secret\"\n  value        = \"«S»\"\n  category     = \"terraform\"\n  sensitive    = false\n  workspace_id = tfe_workspace.«lo_6».id\n}", "«hex_32»", "category     = \"terraform\""),
    ("jenkins-credentials-xml-plain-password", "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <scope>GLOBAL</scope>\n  <id>gitee-deploy</id>\n  <username>«user»</username>\n  <password>«S»</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>", "«pws»", "<id>gitee-deploy</id>"),
    ("sonar-project-properties-login", "sonar.projectKey=«proj»\nsonar.host.url=https://sonar.«dom»\nsonar.login=«S»\nsonar.sources=src", "sqp_«hex_40»", "sonar.projectKey=«proj»"),
    ("fastlane-env-password-ruby", "ENV[\"FASTLANE_USER\"] = \"«email»\"\nENV[\"FASTLANE_PASSWORD\"] = \"«S»\"\napp_identifier \"jp.«lo_6».app\"", "«pw»", "ENV[\"FASTLANE_USER\"] = \"«email»\""),
    ("fastlane-match-password-inline", "MATCH_PASSWORD=«S» bundle exec fastlane ios beta --env «env»", "«pws»", "bundle exec fastlane ios beta"),
    ("android-signingconfigs-store-password", "signingConfigs {\n    release {\n        storeFile file('release.jks')\n        storePassword '«S»'\n        keyAlias '«proj»'\n        keyPassword '«S»'\n    }\n}", "«pw»", "storeFile file('release.jks')"),
    ("eas-build-env-expo-token", "# .github/workflows/eas.yml\n      - run: npx eas-cli build --platform android --non-interactive\n        env:\n          EXPO_TOKEN: «S»", "«b64u_40»", "npx eas-cli build --platform android"),
    ("codemagic-yaml-keystore-password", "workflows:\n  android-release:\n    environment:\n      vars:\n        CM_KEYSTORE_PATH: /tmp/keystore.jks\n        CM_KEYSTORE_PASSWORD: «S»", "«pw»", "CM_KEYSTORE_PATH: /tmp/keystore.jks"),
    ("appgallery-connect-publish-secret", "agconnect:\n  client_id: «dig_18»\n  client_secret: «S»\n  app_id: «dig_9»", "«HEX_64»", "agconnect:"),
    ("wx-miniprogram-ci-upload-key-block", "env:\n  WX_UPLOAD_KEY: |\n  -----BEGIN RSA PRIVATE KEY-----\n  «S»\n  -----END RSA PRIVATE KEY-----\nrun: npx miniprogram-ci upload --pp ./dist --pkp ./private.key --appid wx«hex_16» --uv «ver»", "«rsa_body_i2»", "npx miniprogram-ci upload"),
    ("k8s-dockerconfigjson-plain-string", "apiVersion: v1\nkind: Secret\ntype: kubernetes.io/dockerconfigjson\nmetadata:\n  name: tcr-pull\nstringData:\n  .dockerconfigjson: '{\"auths\":{\"«proj».tencentcloudcr.com\":{\"username\":\"«dig_12»\",\"password\":\"«S»\"}}}'", "«b64u_40»", "name: tcr-pull"),
    ("deploy-env-prod-postgres-password", "# deploy/.env.prod\nCOMPOSE_PROJECT_NAME=«proj»\nPOSTGRES_PASSWORD=«S»\nAPP_IMAGE=registry.«dom»/«proj»/api:«ver»", "«pw»", "COMPOSE_PROJECT_NAME=«proj»"),
    ("gha-git-push-x-access-token", "- run: git push https://x-access-token:«S»@github.com/«user»/«proj».git HEAD:gh-pages", "ghs_«an_36»", "HEAD:gh-pages"),
    ("gitlab-pipeline-trigger-curl", "curl -X POST --fail -F token=«S» -F ref=main https://gitlab.«dom»/api/v4/projects/«num»/trigger/pipeline", "glptt-«hex_40»", "/trigger/pipeline"),
    ("nomad-template-env-block", "template {\n  data        = <<EOH\nDB_PASSWORD=«S»\nEOH\n  destination = \"secrets/file.env\"\n  env         = true\n}", "«pw»", "destination = \"secrets/file.env\""),
    ("salt-pillar-mysql-root", "# pillar/mysql.sls\nmysql:\n  server:\n    root_password: '«S»'\n    bind-address: 0.0.0.0", "«pw»", "# pillar/mysql.sls"),
    ("puppet-hiera-profile-password", "---\nprofile::db::user: «user»\nprofile::db::password: '«S»'\nprofile::db::host: «host»", "«pw»", "profile::db::host: «host»"),
    ("chef-data-bag-json-unencrypted", "{\n  \"id\": \"«svc»\",\n  \"db_user\": \"«user»\",\n  \"db_password\": \"«S»\"\n}", "«pw»", "\"id\": \"«svc»\""),
    ("cloud-init-chpasswd-list", "#cloud-config\nchpasswd:\n  list: |\n    «user»:«S»\n  expire: False\nssh_pwauth: true", "«pw»", "ssh_pwauth: true"),
    ("packer-alicloud-ecs-source", "source \"alicloud-ecs\" \"base\" {\n  access_key    = \"LTAI5t«an_18»\"\n  secret_key    = \"«S»\"\n  region        = \"«region_ali»\"\n  image_name    = \"«proj»-base-{{timestamp}}\"\n  source_image  = \"ubuntu_22_04_x64_20G_alibase_20240508.vhd\"\n}", "«an_30»", "source \"alicloud-ecs\" \"base\""),
    ("pulumi-stack-config-plaintext", "# Pulumi.«env».yaml\nconfig:\n  alicloud:region: «region_ali»\n  «proj»:dbPassword: «S»", "«pw»", "alicloud:region: «region_ali»"),
    ("kubeconfig-ci-deployer-token", "users:\n- name: ci-deployer\n  user:\n    token: «S»\ncontexts:\n- context:\n    cluster: ack-«env»\n    user: ci-deployer", "«jwt»", "cluster: ack-«env»"),
    ("helm-values-wecom-webhook-key", "alerting:\n  wecom:\n    enabled: true\n    webhook: https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=«S»", "«uuid»", "qyapi.weixin.qq.com/cgi-bin/webhook/send"),
    ("deploy-script-docker-run-nacos", "#!/bin/sh\ndocker pull registry.«dom»/«proj»/«svc»:«ver»\ndocker run -d --restart=always --name «svc» -e NACOS_USERNAME=nacos -e NACOS_PASSWORD=«S» registry.«dom»/«proj»/«svc»:«ver»", "«pws»", "docker pull registry.«dom»/«proj»/«svc»:«ver»"),
    ("expect-script-scp-send-password", "#!/usr/bin/expect -f\nset timeout 30\nspawn scp dist.tar.gz «user»@«ip»:/opt/app/\nexpect \"*password:\"\nsend \"«S»\\r\"\nexpect eof", "«pws»", "spawn scp dist.tar.gz «user»@«ip»:/opt/app/"),
    ("makefile-deploy-sshpass-rsync", "deploy: build\n\tsshpass -p '«S»' rsync -az --delete dist/ «user»@«ip»:/srv/«svc»/", "«pw»", "deploy: build"),
    ("gradle-publishing-aliyun-packages", "publishing {\n  repositories {\n    maven {\n      url 'https://packages.aliyun.com/maven/repository/«dig_7»-release-«lo_6»/'\n      credentials {\n        username = '«an_24»'\n        password = '«S»'\n      }\n    }\n  }\n}", "«b64u_24»", "packages.aliyun.com/maven/repository"),
    ("ci-ossutil-mixed-var-and-literal", "  script:\n    - ossutil64 cp -r -f dist/ oss://«bucket»/ -e oss-«region_ali».aliyuncs.com -i $OSS_AK_ID -k «S»", "«an_30»", "-i $OSS_AK_ID"),
    ("gha-tencent-cos-action-secret-key", "- uses: TencentCloud/cos-action@v1\n  with:\n    secret_id: ${{ secrets.TENCENT_SECRET_ID }}\n    secret_key: «S»\n    cos_bucket: «bucket»-1«dig_9»\n    cos_region: «region_tc»", "«an_32»", "secret_id: ${{ secrets.TENCENT_SECRET_ID }}"),
    ("jenkinsfile-sh-dingtalk-notify", "post {\n  failure {\n    sh \"\"\"curl -s 'https://oapi.dingtalk.com/robot/send?access_token=«S»' -H 'Content-Type: application/json' -d '{\"msgtype\":\"text\",\"text\":{\"content\":\"构建失败 ${env.JOB_NAME} #${env.BUILD_NUMBER}\"}}'\"\"\"\n  }\n}", "«hex_64»", "构建失败 ${env.JOB_NAME}"),
    ("argo-workflow-parameter-value", "spec:\n  arguments:\n    parameters:\n    - name: kakao-admin-key\n      value: «S»\n    - name: target-env\n      value: «env»", "«hex_32»", "- name: target-env"),
    ("harbor-robot-docker-login-ci", "docker login harbor.«dom» -u 'robot$«proj»+ci' -p «S»", "«an_32»", "docker login harbor.«dom»"),
    ("railway-variables-set-toss", "railway variables --set TOSS_SECRET_KEY=«S» --service «svc»", "live_sk_«an_20»", "--service «svc»"),
    ("ci-log-helm-set-gcash-secret", "+ helm upgrade --install «svc» ./chart -n «ns» --set secrets.gcashClientSecret=«S» --wait\nRelease \"«svc»\" has been upgraded. Happy Helming!", "«b64u_40»", "Happy Helming!"),
    ("sentry-cli-auth-token-inline", "SENTRY_AUTH_TOKEN=«S» sentry-cli releases new «ver» --org «proj»", "sntrys_«b64u_80»", "sentry-cli releases new «ver»"),
    ("appcenter-codepush-token-flag", "appcenter codepush release-react -a «user»/«proj» -d Production --token «S»", "«hex_40»", "-d Production"),
    ("gha-workflow-dispatch-curl-pat", "curl -X POST -H 'Accept: application/vnd.github+json' -H 'Authorization: Bearer «S»' https://api.github.com/repos/«user»/«proj»/actions/workflows/deploy.yml/dispatches -d '{\"ref\":\"main\"}'", "github_pat_11«up_9»0«an_12»_«an_59»", "actions/workflows/deploy.yml/dispatches"),
    ("jenkins-job-config-xml-string-param", "<hudson.model.StringParameterDefinition>\n  <name>XENDIT_CALLBACK_TOKEN</name>\n  <defaultValue>«S»</defaultValue>\n  <trim>true</trim>\n</hudson.model.StringParameterDefinition>", "«an_48»", "<name>XENDIT_CALLBACK_TOKEN</name>"),
]

# ================================================================= vendor-token
_VENDOR = [
    ("aliyun-accesskey-csv-download", "AccessKey ID,AccessKey Secret\nLTAI5t«an_18»,«S»", "«an_30»", "AccessKey ID,AccessKey Secret"),
    ("aliyun-sts-security-token", "{\n  \"AccessKeyId\": \"STS.NU«an_22»\",\n  \"AccessKeySecret\": \"${STS_SECRET}\",\n  \"SecurityToken\": \"«S»\",\n  \"Expiration\": \"«ts»\"\n}", "CAIS«b64_200»", "\"AccessKeySecret\": \"${STS_SECRET}\""),
    ("tencent-secretid-secretkey-pair", "API密钥管理 → 新建密钥\nSecretId: AKID«an_32»\nSecretKey: «S»", "«an_32»", "API密钥管理"),
    ("huawei-credentials-csv", "User Name,Access Key Id,Secret Access Key\n«user»,«up_20»,«S»", "«an_40»", "User Name,Access Key Id,Secret Access Key"),
    ("baidu-bce-ak-sk-hex", "百度智能云 Access Key\nAK: «hex_32»\nSK: «S»", "«hex_32b»", "百度智能云 Access Key"),
    ("baidu-ai-api-key-secret-key", "应用名称: «proj»-ocr\nAppID: «dig_8»\nAPI Key: «an_24»\nSecret Key: «S»", "«an_32»", "应用名称: «proj»-ocr"),
    ("baidu-oauth-access-token-shape", "access_token=«S»&expires_in=2592000", "24.«hex_32».2592000.«epoch».282335-«dig_8»", "expires_in=2592000"),
    ("wechat-miniprogram-appsecret", "开发管理 → 开发设置\nAppID(小程序ID): wx«hex_16»\nAppSecret(小程序密钥): «S»", "«hex_32»", "AppID(小程序ID): wx«hex_16»"),
    ("wechatpay-v2-api-key", "商户号: «dig_10»\nAPI密钥(v2): «S»", "«an_32»", "商户号: «dig_10»"),
    ("wechatpay-apiclient-key-pem", "apiclient_key.pem:\n-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----", "«pk8_body»", "apiclient_key.pem:"),
    ("wechat-mp-encoding-aes-key", "服务器配置\nURL: https://«dom»/wx/portal\nEncodingAESKey: «S»\n消息加解密方式: 安全模式", "«an_43»", "消息加解密方式: 安全模式"),
    ("wecom-corpid-and-secret", "企业ID: ww«hex_16»\n应用 AgentId: 1000003\nSecret: «S»", "«b64u_43»", "应用 AgentId: 1000003"),
    ("wecom-group-robot-webhook-url", "群机器人 Webhook 地址:\nhttps://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=«S»", "«uuid»", "群机器人 Webhook 地址"),
    ("dingtalk-appkey-appsecret", "应用凭证\nAppKey: ding«lo_16»\nAppSecret: «S»", "«b64u_64»", "应用凭证"),
    ("dingtalk-robot-sign-secret", "安全设置: 加签\n密钥: «S»", "SEC«hex_64»", "安全设置: 加签"),
    ("feishu-app-id-app-secret", "凭证与基础信息\nApp ID: cli_«hex_16»\nApp Secret: «S»", "«an_32»", "凭证与基础信息"),
    ("feishu-event-encrypt-key", "事件订阅 → 加密策略\nEncrypt Key: «S»\nVerification Token: (已重置)", "«an_32»", "Verification Token: (已重置)"),
    ("gitee-private-token-settings", "个人设置 → 私人令牌 → 生成新令牌 (projects, pull_requests)\n«S»", "«hex_32»", "个人设置 → 私人令牌"),
    ("qiniu-access-secret-key-pair", "七牛 AccessKey: «b64u_40»\nSecretKey: «S»", "«b64u_40b»", "七牛 AccessKey"),
    ("jpush-master-secret", "JPush AppKey: «hex_24»\nMaster Secret: «S»", "«hex_24b»", "JPush AppKey: «hex_24»"),
    ("getui-master-secret", "个推 AppID: «an_22»\nMasterSecret: «S»", "«an_22b»", "个推 AppID"),
    ("amap-web-service-key-server", "高德开放平台 Web服务 Key (服务端, 勿用于前端): «S»", "«hex_32»", "高德开放平台 Web服务 Key"),
    ("line-long-lived-channel-access-token", "Messaging API → Channel access token (long-lived)\n«S»", "«b64_171»=", "Channel access token (long-lived)"),
    ("line-channel-secret-basic-settings", "Basic settings\nChannel ID: «dig_10»\nChannel secret: «S»", "«hex_32»", "Channel ID: «dig_10»"),
    ("line-notify-personal-token", "LINE Notify 発行したトークン: «S»", "«an_43»", "LINE Notify"),
    ("line-pay-channel-secret-header", "X-LINE-ChannelId: «dig_10»\nX-LINE-ChannelSecret: «S»", "«hex_32»", "X-LINE-ChannelId: «dig_10»"),
    ("kakao-rest-api-key-app-keys", "앱 키\n네이티브 앱 키: «hex_32»\nREST API 키: «S»", "«hex_32b»", "앱 키"),
    ("kakao-admin-key-header", "Authorization: KakaoAK «S»", "«hex_32»", "Authorization: KakaoAK"),
    ("kakaopay-secret-key-header", "Authorization: SECRET_KEY «S»\nContent-Type: application/json", "DEV«HEX_36»", "Content-Type: application/json"),
    ("naver-developers-client-secret", "애플리케이션 정보\nClient ID: «an_20»\nClient Secret: «S»", "«an_10»", "애플리케이션 정보"),
    ("naver-cloud-access-secret-key", "NCP_ACCESS_KEY=«up_20»\nNCP_SECRET_KEY=«S»", "«an_40»", "NCP_ACCESS_KEY"),
    ("toss-live-secret-key", "토스페이먼츠 API 키 (라이브)\n시크릿 키: «S»", "live_sk_«an_20»", "토스페이먼츠 API 키"),
    ("toss-widget-secret-key", "결제위젯 연동 키\n클라이언트 키: test_gck_«an_20»\n시크릿 키: «S»", "test_gsk_«an_20»", "결제위젯 연동 키"),
    ("rakuten-rms-service-secret", "RMS WEB SERVICE\nserviceSecret: «S»\nlicenseKey: (期限 «date»)", "SP«dig_6»_«an_16»", "RMS WEB SERVICE"),
    ("sakura-cloud-api-key-pair", "SAKURACLOUD_ACCESS_TOKEN=«uuid»\nSAKURACLOUD_ACCESS_TOKEN_SECRET=«S»\nSAKURACLOUD_ZONE=is1a", "«an_64»", "SAKURACLOUD_ZONE=is1a"),
    ("kddi-iot-api-key-header", "KDDI IoTクラウド API\nx-api-key: «S»", "kddi-«lo_8»-«an_32»", "KDDI IoTクラウド API"),
    ("paypay-api-key-secret", "PAYPAY_API_KEY=a_«an_10»_«an_4»\nPAYPAY_API_SECRET=«S»\nPAYPAY_MERCHANT_ID=«dig_18»", "«b64_44»", "PAYPAY_MERCHANT_ID=«dig_18»"),
    ("chatwork-api-token-header", "X-ChatWorkToken: «S»", "«hex_32»", "X-ChatWorkToken"),
    ("backlog-api-key-query", "https://«lo_8».backlog.jp/api/v2/issues?apiKey=«S»&projectId[]=«num»", "«an_64»", "backlog.jp/api/v2/issues"),
    ("kintone-api-token-header", "X-Cybozu-API-Token: «S»", "«an_40»", "X-Cybozu-API-Token"),
    ("gcash-client-secret-labelled", "GCash for Business (sandbox)\nClient ID: «uuid»\nClient Secret: «S»", "«b64u_40»", "GCash for Business (sandbox)"),
    ("grabpay-partner-secret-labelled", "GrabPay partner credentials\npartner_id: «uuid»\npartner_secret: «S»", "«b64u_32»", "GrabPay partner credentials"),
    ("xendit-production-secret-key", "Xendit API keys\nSecret key: «S»", "xnd_production_«an_60»", "Xendit API keys"),
    ("xendit-callback-verification-token", "x-callback-token: «S»", "«an_48»", "x-callback-token"),
    ("midtrans-production-server-key", "Midtrans Access Keys\nMerchant ID: G«dig_9»\nServer Key: «S»", "Mid-server-«b64u_24»", "Merchant ID: G«dig_9»"),
    ("paymongo-live-secret-key", "PayMongo Developers → API Keys\nSecret key: «S»", "sk_live_«an_24»", "PayMongo Developers"),
    ("paymongo-webhook-signing-secret", "webhook created: {\"id\":\"hook_«an_24»\",\"secret_key\":\"«S»\"}", "whsk_«an_24»", "webhook created"),
    ("omise-live-secret-key", "Omise dashboard → Keys\nSecret key: «S»", "skey_5«lo_18»", "Omise dashboard"),
    ("momo-access-secret-keys", "MoMo Business\npartnerCode: MOMO«up_8»\naccessKey: «an_16»\nsecretKey: «S»", "«an_32»", "MoMo Business"),
    ("zalopay-key1-key2", "ZaloPay app_id: «dig_4»\nkey1: ${ZALOPAY_KEY1}\nkey2: «S»", "«an_32»", "key1: ${ZALOPAY_KEY1}"),
    ("vnpay-hash-secret", "vnp_TmnCode=«UPL_8»\nvnp_HashSecret=«S»", "«UPL_32»", "vnp_TmnCode"),
    ("twoc2p-merchant-secret-key", "2C2P Merchant ID: JT«dig_2»\nSecret Key: «S»", "«HEX_64»", "2C2P Merchant ID"),
    ("shopee-open-platform-partner-key", "Shopee Open Platform (test)\npartner_id: «dig_7»\npartner_key: «S»", "«hex_64»", "Shopee Open Platform (test)"),
    ("lazada-open-platform-app-secret", "Lazada Open Platform\nApp Key: «dig_6»\nApp Secret: «S»", "«an_32»", "Lazada Open Platform"),
    ("telegram-bot-token-botfather", "Done! Congratulations on your new bot. Use this token to access the HTTP API:\n«S»\nKeep your token secure and store it safely.", "«dig_10»:AA«b64u_33»", "Keep your token secure and store it safely."),
    ("github-fine-grained-pat", "github_pat token for «proj» CI: «S»", "github_pat_11«up_9»0«an_12»_«an_59»", "token for «proj» CI"),
    ("gitlab-personal-access-token", "GITLAB_TOKEN=«S»", "glpat-«b64u_20»", "GITLAB_TOKEN"),
    ("slack-bot-token-xoxb", "SLACK_BOT_TOKEN=«S»", "xoxb-«dig_12»-«dig_13»-«an_24»", "SLACK_BOT_TOKEN"),
    ("aws-access-key-pair-sgp", "aws_access_key_id=AKIA«up_16»\naws_secret_access_key=«S»", "«b64_40»", "aws_access_key_id"),
    ("google-maps-api-key", "GOOGLE_MAPS_API_KEY=«S»  # restrict to *.«dom»", "AIza«b64u_35»", "GOOGLE_MAPS_API_KEY"),
    ("anthropic-api-key", "ANTHROPIC_API_KEY=«S»", "sk-ant-api03-«b64u_93»AA", "ANTHROPIC_API_KEY"),
    ("deepseek-api-key", "DEEPSEEK_API_KEY=«S»\nDEEPSEEK_BASE_URL=https://api.deepseek.com", "sk-«hex_32»", "DEEPSEEK_BASE_URL=https://api.deepseek.com"),
    ("stripe-restricted-key", "STRIPE_RESTRICTED_KEY=«S»", "rk_live_51«an_22»«an_70»", "STRIPE_RESTRICTED_KEY"),
    ("docker-hub-personal-access-token", "docker login -u «user» -p «S»", "dckr_pat_«b64u_27»", "docker login -u «user»"),
    ("huggingface-user-access-token", "HF_TOKEN=«S»", "hf_«an_34»", "HF_TOKEN"),
    ("sendgrid-api-key-shape", "SENDGRID_API_KEY=«S»", "SG.«b64u_22».«b64u_43»", "SENDGRID_API_KEY"),
    ("pem-ec-private-key-block", "-----BEGIN EC PRIVATE KEY-----\n«S»\n-----END EC PRIVATE KEY-----", "«ec_body»", "-----BEGIN EC PRIVATE KEY-----"),
    ("pgp-private-key-block", "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n«S»\n=«b64_4»\n-----END PGP PRIVATE KEY BLOCK-----", "«pgp_body»", "-----END PGP PRIVATE KEY BLOCK-----"),
    ("oss-signed-url-signature", "https://«bucket».oss-«region_ali».aliyuncs.com/exports/«date».csv?Expires=«epoch»&OSSAccessKeyId=LTAI5t«an_18»&Signature=«S»", _urlenc_sig(27), "/exports/«date».csv"),
    ("cos-presigned-q-signature", "https://«bucket»-1«dig_9».cos.«region_tc».myqcloud.com/invoice/«num».pdf?q-sign-algorithm=sha1&q-ak=AKID«an_32»&q-sign-time=«epoch»;«epoch2»&q-key-time=«epoch»;«epoch2»&q-header-list=host&q-url-param-list=&q-signature=«S»", "«hex_40»", "q-sign-algorithm=sha1"),
    ("obs-temporary-url-signature", "https://«bucket».obs.«region_hw».myhuaweicloud.com/kyc/«uuid».jpg?AccessKeyId=«up_20»&Expires=«epoch»&Signature=«S»", _urlenc_sig(27), "/kyc/«uuid».jpg"),
    ("s3-presigned-v4-signature", "https://«bucket».s3.ap-southeast-1.amazonaws.com/report.xlsx?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA«up_16»%2F20240512%2Fap-southeast-1%2Fs3%2Faws4_request&X-Amz-Date=20240512T031407Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»", "«hex_64»", "X-Amz-Algorithm=AWS4-HMAC-SHA256"),
    ("gcs-signed-url-goog-signature", "https://storage.googleapis.com/«bucket»/build/app-release.apk?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=ci%40«proj».iam.gserviceaccount.com%2F20240512%2Fasia-southeast1%2Fstorage%2Fgoog4_request&X-Goog-Date=20240512T031407Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=«S»", "«hex_256»", "X-Goog-Algorithm=GOOG4-RSA-SHA256"),
    ("azure-blob-sas-sig", "https://«lo_10».blob.core.windows.net/exports/«date».zip?sv=2022-11-02&ss=b&srt=o&sp=r&se=2024-06-01T00:00:00Z&st=2024-05-12T00:00:00Z&spr=https&sig=«S»", _urlenc_sig(43), "blob.core.windows.net/exports"),
    ("cookie-header-session-tokens", "Cookie: locale=th_TH; connect.sid=s%3A«S»", "«b64u_32».«b64u_43»", "locale=th_TH"),
    ("set-cookie-remember-token", "Set-Cookie: remember_web_59ba36addc2b2f9401580f014c7f58ea4e30989d=«S»; expires=Sun, 12-Jun-2024 03:14:07 GMT; path=/; secure; httponly", "eyJpdiI6I«b64_200»", "path=/; secure; httponly"),
    ("gcp-service-account-json-key", "{\n  \"type\": \"service_account\",\n  \"project_id\": \"«proj»\",\n  \"private_key_id\": \"«hex_40»\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"deployer@«proj».iam.gserviceaccount.com\"\n}", "«pk8_esc»", "\"project_id\": \"«proj»\""),
]

# ======================================================================= BENIGN
_BENIGN_T = [
    # --- commands with references, placeholders, ids
    "git log --oneline -3\n«sha7» fix(pay): handle GCash timeout on refund\n«sha7b» feat(line): add rich menu switcher\n«sha7c» chore: bump axios to «ver»",
    "git checkout «sha7» -- src/pay/xendit.ts",
    "git rev-parse HEAD\n«sha»",
    "git cherry-pick «sha»  # 修复微信支付回调验签",
    "git show --stat «sha7»\ncommit «sha»\nAuthor: «person» <«email»>\n\n    refactor: read LINE_CHANNEL_SECRET from env instead of config.yml",
    "git revert «sha7» --no-edit  # revert accidental .env commit (keys were already rotated)",
    "kubectl get secret «svc»-db -n «ns» -o jsonpath='{.data.password}' | base64 -d | wc -c",
    "kubectl create secret generic «svc»-db --from-env-file=./secrets/«env».env --dry-run=client -o yaml | kubeseal -o yaml > sealed-«svc».yaml",
    "vault kv get -field=password secret/«proj»/«env»/mysql",
    "vault kv metadata get secret/«proj»/«env»",
    "aws secretsmanager get-secret-value --secret-id «proj»/«env»/db --query SecretString --output text | jq -r .password >/dev/null && echo ok",
    "aliyun kms GetSecretValue --SecretName «proj»-«env»-db --region «region_ali»",
    "tccli ssm GetSecretValue --SecretName «proj»-redis --VersionId v«num»",
    "export DB_PASSWORD=\"$(cat /run/secrets/db_password)\"",
    "export LINE_CHANNEL_SECRET=\"${LINE_CHANNEL_SECRET:?missing}\"",
    "read -s -p 'MySQL password: ' MYSQL_PWD && export MYSQL_PWD",
    "mysql -h «host» -u «user» -p «db»   # will prompt for the password",
    "psql \"host=«host» dbname=«db» user=«user» sslmode=require\"  # password from ~/.pgpass",
    "docker login --username=«user»@«dom» registry.cn-hangzhou.aliyuncs.com --password-stdin < /run/secrets/acr_password",
    "echo \"$CR_PAT\" | docker login ghcr.io -u «user» --password-stdin",
    "unset ALIBABA_CLOUD_ACCESS_KEY_SECRET TENCENTCLOUD_SECRET_KEY HUAWEICLOUD_SDK_SK",
    "ssh-keygen -t ed25519 -C \"«email»\" -f ~/.ssh/«proj»_deploy -N ''",
    "ssh -i ~/.ssh/«proj»_deploy «user»@«ip»",
    "openssl rand -hex 32 > /dev/null  # how we generate WeChat Pay APIv3 keys (never paste the output)",
    "sha256sum «file»\n«hex_64»  «file»",
    "md5sum «file»\n«hex_32»  «file»",
    "shasum -a 1 «file»\n«hex_40»  «file»",
    "echo «b64text» | base64 -d",
    "curl -s https://api.«dom»/healthz -H \"X-Request-Id: «uuid»\"",
    "curl -H \"Authorization: Bearer $TOKEN\" https://api.«dom»/v1/orders/«dig_10»",
    "curl -u \"$NEXUS_USER:$NEXUS_PASS\" -T target/«svc»-«ver».jar https://nexus.«dom»/repository/releases/",
    "helm upgrade --install «svc» ./chart -n «ns» --set image.tag=«ver» --set-file secrets.existingSecret=«svc»-secrets",
    "npm config get //registry.npmjs.org/:_authToken  # prints (protected)",
    "gh secret list --repo «user»/«proj»",
    "gh secret set GITEE_TOKEN --repo «user»/«proj» < /dev/stdin",
    "openssl x509 -in cert.pem -noout -fingerprint -sha256\nsha256 Fingerprint=«HEX_2»:«HEX_2b»:«HEX_2c»:«HEX_2d»:«HEX_2e»:«HEX_2f»:«HEX_2g»:«HEX_2h»:«HEX_2i»:«HEX_2j»:«HEX_2k»:«HEX_2l»",
    "gpg --list-secret-keys --keyid-format=long\nsec   ed25519/«HEX_16» 2024-01-08 [SC]\n      «HEX_40»\nuid                 [ultimate] «person» <«email»>",
    "docker pull registry.cn-shanghai.aliyuncs.com/«proj»/«svc»@sha256:«hex_64»",
    "terraform plan -var-file=envs/«env».tfvars -out=tfplan  # secrets come from TF_VAR_db_password",
    "ansible-vault encrypt group_vars/«env»/vault.yml",
    "ansible-playbook site.yml --ask-vault-pass -i inventory/«env»",
    "pass show «proj»/«env»/mysql-root | head -c 0",
    "op read \"op://Engineering/«proj» «env» DB/password\" > /dev/null",
    "security add-generic-password -s gitee-deploy -a «user» -w  # prompts",
    "cat ~/.aliyun/config.json | jq '.profiles[].access_key_secret' | sed 's/./*/g'",
    # --- tool output: masked, fingerprints, ids
    "$ aliyun configure list\nProfile   | Credential         | Valid   | Region           | Language\n--------- | ------------------ | ------- | ---------------- | --------\ndefault * | AK:***«up_3»           | Valid   | «region_ali»      | zh",
    "$ tccli configure list\ncredential:\nsecretId = AKID****************«an_4»\nsecretKey = ********************************\nconfigure:\nregion = «region_tc»",
    "$ npm config list\n; \"user\" config from /home/«user»/.npmrc\n//npm.«dom»/:_authToken = (protected)\nregistry = \"https://registry.npmmirror.com/\"",
    "$ fly secrets list\nNAME                 DIGEST           CREATED AT\nPAYMONGO_SECRET_KEY  «hex_16»  3h ago\nDATABASE_URL         «hex_16b»  12d ago",
    "$ gh secret list\nALIYUN_AK_SECRET   Updated «date»\nLINE_CHANNEL_SECRET Updated «date2»\nXENDIT_SECRET_KEY  Updated «date3»",
    "$ kubectl get secrets -n «ns»\nNAME                  TYPE                             DATA   AGE\n«svc»-db             Opaque                           2      41d\n«svc»-tls            kubernetes.io/tls                2      41d\ntcr-pull              kubernetes.io/dockerconfigjson   1      90d",
    "$ kubectl describe secret «svc»-db -n «ns»\nName:         «svc»-db\nType:  Opaque\n\nData\n====\npassword:  24 bytes\nusername:  «num» bytes",
    "$ docker inspect «svc» --format '{{.Image}}'\nsha256:«hex_64»",
    "$ docker images --digests | grep «svc»\nregistry.«dom»/«proj»/«svc»   «ver»   sha256:«hex_64»   «hex_12»   2 days ago   212MB",
    "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:«b64_43» «email» (ED25519)",
    "$ ssh-keyscan gitee.com 2>/dev/null | ssh-keygen -lf -\n256 SHA256:«b64_43» gitee.com (ED25519)",
    "The authenticity of host '«ip» («ip»)' can't be established.\nED25519 key fingerprint is SHA256:«b64_43».\nAre you sure you want to continue connecting (yes/no/[fingerprint])?",
    "$ cat ~/.ssh/id_ed25519.pub\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI«b64_43» «user»@«host»",
    "$ cat ~/.ssh/known_hosts | head -1\n«host» ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI«b64_43»",
    "$ vault kv get secret/«proj»/«env»\n======= Metadata =======\nKey              Value\n---              -----\ncreated_time     «ts»\nversion          «num»",
    "$ terraform output\nrds_endpoint = \"«host»\"\nrds_password = <sensitive>\nvpc_id = \"vpc-«lo_17»\"",
    "$ helm get values «svc» -n «ns»\nUSER-SUPPLIED VALUES:\nauth:\n  existingSecret: «svc»-redis\n  existingSecretPasswordKey: redis-password",
    "$ git config --get remote.origin.url\ngit@gitee.com:«proj»/«svc».git",
    "$ env | grep -c SECRET\n«num»",
    "$ printenv | grep -i key | sed -E 's/=.*/=<redacted>/'\nALIBABA_CLOUD_ACCESS_KEY_ID=<redacted>\nALIBABA_CLOUD_ACCESS_KEY_SECRET=<redacted>",
    "$ gpg --verify «file».asc «file»\ngpg: Signature made «date» using RSA key «HEX_40»\ngpg: Good signature from \"«person» <«email»>\"",
    "$ go mod download -json golang.org/x/crypto | jq -r .Sum\nh1:«b64_43»=",
    "$ npm view @«proj»/sdk@«ver» dist.integrity\nsha512-«b64_86»==",
    "$ pip hash dist/«proj»-«ver».tar.gz\n--hash=sha256:«hex_64»",
    "$ openssl rsa -in key.pem -pubout\n-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA«b64_20»\n«b64_64»\n«b64_64b»\n-----END PUBLIC KEY-----",
    "$ openssl x509 -in wechatpay_«HEX_40».pem -noout -serial\nserial=«HEX_40»",
    "$ curl -sI https://«bucket».oss-«region_ali».aliyuncs.com/index.html\nHTTP/1.1 200 OK\nETag: \"«HEX_32»\"\nx-oss-request-id: «HEX_24»\nx-oss-hash-crc64ecma: «dig_19»\nContent-MD5: «b64_22»==",
    "$ curl -s https://api.«dom»/v1/ping -i | grep -i request\nx-request-id: «uuid»\nx-b3-traceid: «hex_32»",
    "$ jq .RequestId response.json\n\"«UUID»\"",
    "$ tccli cvm DescribeInstances | jq .RequestId\n\"«uuid»\"",
    "$ aliyun ecs DescribeRegions | jq -r .RequestId\n«UUID»",
    # --- config with placeholders and references
    "spring:\n  datasource:\n    url: jdbc:mysql://«host»:3306/«db»\n    username: ${DB_USER}\n    password: ${DB_PASSWORD}",
    "spring.redis.password=${REDIS_PASSWORD:}\nspring.redis.host=«host»",
    "spring:\n  datasource:\n    password: ENC(${JASYPT_CIPHERTEXT})  # decrypted at runtime by jasypt",
    "DB_HOST=«host»\nDB_USER=«user»\nDB_PASSWORD=\nREDIS_URL=redis://«host2»:6379/0",
    "# .env.example\nLINE_CHANNEL_SECRET=<your-channel-secret>\nLINE_CHANNEL_ACCESS_TOKEN=<your-channel-access-token>",
    "# .env.example\nXENDIT_SECRET_KEY=xnd_development_xxxxxxxxxxxxxxxxxxxxxxxxxxxx\nXENDIT_CALLBACK_TOKEN=",
    "# .env.sample\nMIDTRANS_SERVER_KEY=SB-Mid-server-XXXXXXXXXXXXXXXX\nMIDTRANS_CLIENT_KEY=SB-Mid-client-«b64u_16»",
    "OMISE_PUBLIC_KEY=pkey_test_5«lo_18»\nOMISE_SECRET_KEY=${OMISE_SECRET_KEY}",
    "NEXT_PUBLIC_TOSS_CLIENT_KEY=test_ck_«an_20»",
    "VITE_PAYMONGO_PUBLIC_KEY=pk_test_«an_24»",
    "STRIPE_PUBLISHABLE_KEY=pk_live_51«an_22»«an_70»",
    "MIDTRANS_CLIENT_KEY=Mid-client-«b64u_16»",
    "XENDIT_PUBLIC_KEY=xnd_public_development_«an_50»",
    "wechat:\n  app-id: wx«hex_16»\n  app-secret: ${WECHAT_APP_SECRET}\n  mch-id: «dig_10»",
    "wxpay:\n  mch-serial-no: «HEX_40»\n  private-key-path: /etc/«proj»/cert/apiclient_key.pem\n  api-v3-key: ${WXPAY_APIV3_KEY}",
    "feishu:\n  app_id: cli_«hex_16»\n  app_secret: \"{{ .Values.feishu.appSecret }}\"",
    "dingtalk:\n  agent-id: «dig_10»\n  app-key: ding«lo_16»\n  app-secret: ${DINGTALK_APP_SECRET}",
    "line:\n  channel-id: \"«dig_10»\"\n  channel-secret: \"${LINE_CHANNEL_SECRET}\"\n  liff-id: «dig_10b»-«an_8»",
    "kakao:\n  javascript-key: «hex_32»  # public, restricted by domain in Kakao console\n  rest-api-key: ${KAKAO_REST_API_KEY}",
    "naver:\n  client-id: ${NAVER_CLIENT_ID}\n  client-secret: ${NAVER_CLIENT_SECRET}",
    "provider \"alicloud\" {\n  region  = \"«region_ali»\"\n  profile = \"«proj»\"  # credentials from ~/.aliyun/config.json\n}",
    "provider \"tencentcloud\" {\n  region = \"«region_tc»\"\n  # secret_id / secret_key read from TENCENTCLOUD_SECRET_ID / TENCENTCLOUD_SECRET_KEY\n}",
    "variable \"db_password\" {\n  type      = string\n  sensitive = true\n}",
    "resource \"random_password\" \"db\" {\n  length           = 24\n  special          = true\n  override_special = \"!#%*-_=+\"\n}",
    "env:\n- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: «svc»-db\n      key: password",
    "envFrom:\n- secretRef:\n    name: «svc»-secrets\n- configMapRef:\n    name: «svc»-config",
    "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: «svc»-db\nspec:\n  secretStoreRef:\n    name: alicloud-kms\n    kind: ClusterSecretStore\n  data:\n  - secretKey: password\n    remoteRef:\n      key: «proj»-«env»-db",
    "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: «svc»-db\nspec:\n  encryptedData:\n    password: AgB«b64_120»",
    "password_file: /run/secrets/db_password\nuser: «user»",
    "secrets:\n  db_password:\n    file: ./secrets/db_password.txt",
    "[client]\nuser = «user»\n# password is read from ~/.mylogin.cnf (mysql_config_editor)",
    "<server>\n  <id>«proj»-releases</id>\n  <username>${env.NEXUS_USER}</username>\n  <password>${env.NEXUS_PASSWORD}</password>\n</server>",
    "<password>{«b64_44»}</password>  <!-- encrypted with settings-security.xml master password -->",
    "[Credentials]\nendpoint=oss-«region_ali».aliyuncs.com\naccessKeyID=\naccessKeySecret=",
    "redis:\n  auth:\n    enabled: true\n    existingSecret: «svc»-redis\n    existingSecretPasswordKey: redis-password",
    "# Pulumi.«env».yaml\nconfig:\n  «proj»:dbPassword:\n    secure: v1:«b64_16»:«b64_64»",
    "sops:\n  kms:\n  - arn: arn:aws:kms:ap-southeast-1:«dig_12»:key/«uuid»\n  lastmodified: \"«ts»\"\n  mac: ENC[AES256_GCM,data:«b64_44»,iv:«b64_43»=,tag:«b64_22»==,type:str]",
    "db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  «hex_64»\n  «hex_64b»",
    "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <id>gitee-deploy</id>\n  <username>«user»</username>\n  <password>{AQAAABAAAAAQ«b64_40»}</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>",
    "webpack: main.«hex_8».js  vendor.«hex_8b».js  runtime.«hex_8c».js",
    "cache:\n  key: ${CI_COMMIT_REF_SLUG}-«hex_16»\n  paths:\n    - node_modules/",
    "\"integrity\": \"sha512-«b64_86»==\"",
    "golang.org/x/crypto v0.23.0 h1:«b64_43»=",
    "github.com/aliyun/alibaba-cloud-sdk-go v1.62.«num» h1:«b64_43»=",
    "resolved \"https://registry.npmmirror.com/axios/-/axios-«ver».tgz#«hex_40»\"",
    "ssl_certificate     /etc/nginx/ssl/«dom».pem;\nssl_certificate_key /etc/nginx/ssl/«dom».key;",
    "IdentityFile ~/.ssh/«proj»_deploy\nHost jump-«env»\n  HostName «ip»\n  User «user»",
    "-----BEGIN CERTIFICATE-----\nMIID«b64_60»\n«b64_64»\n«b64_64b»\n-----END CERTIFICATE-----",
    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE«b64_52»\n«b64_36»==\n-----END PUBLIC KEY-----",
    "{\"keys\":[{\"kty\":\"RSA\",\"kid\":\"«b64u_43»\",\"use\":\"sig\",\"alg\":\"RS256\",\"n\":\"«b64u_342»\",\"e\":\"AQAB\"}]}",
    "alipay_public_key: MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA«b64_120»IDAQAB",
    "wechatpay_public_key_id: PUB_KEY_ID_«dig_26»",
    "appid: wx«hex_16»\nprojectname: «proj»\nminiprogramRoot: dist/",
    # --- source code with env lookups, constants that aren't secrets
    "conn = pymysql.connect(host=os.environ['DB_HOST'], user=os.environ['DB_USER'], password=os.environ['DB_PASSWORD'], database='«db»')",
    "secret = os.getenv(\"LINE_CHANNEL_SECRET\")\nif not secret:\n    raise RuntimeError(\"LINE_CHANNEL_SECRET is not set\")",
    "const apiKey = process.env.XENDIT_SECRET_KEY ?? '';\nif (!apiKey.startsWith('xnd_')) throw new Error('invalid Xendit key format');",
    "String secret = System.getenv(\"DINGTALK_ROBOT_SECRET\");",
    "credential := common.NewCredential(os.Getenv(\"TENCENTCLOUD_SECRET_ID\"), os.Getenv(\"TENCENTCLOUD_SECRET_KEY\"))",
    "auth = oss2.Auth(os.environ['OSS_ACCESS_KEY_ID'], os.environ['OSS_ACCESS_KEY_SECRET'])",
    "client = AcsClient(ak=cfg.ak, secret=cfg.sk, region_id='«region_ali»')",
    "PASSWORD_MIN_LENGTH = 12\nPASSWORD_REQUIRE_SYMBOL = True\nPASSWORD_HISTORY = 5",
    "const PASSWORD_REGEX = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[!@#$%^&*]).{8,16}$/;",
    "if len(password) < 8:\n    raise ValidationError(_('パスワードは8文字以上で入力してください'))",
    "hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))",
    "token = secrets.token_urlsafe(32)  # generated per request, never logged",
    "String nonceStr = UUID.randomUUID().toString().replace(\"-\", \"\");",
    "cache_key = hashlib.sha256(f\"{user_id}:{page}\".encode()).hexdigest()  # e.g. «hex_64»",
    "CACHE_KEY_PREFIX = \"«proj»:v2:«hex_8»:\"",
    "@Value(\"${jwt.secret}\")\nprivate String jwtSecret;",
    "SECRET_KEY = env('DJANGO_SECRET_KEY')",
    "TEST_CARD = '4242 4242 4242 4242'  # Stripe/Omise documented test card",
    "const MASKED = key.slice(0, 4) + '*'.repeat(key.length - 8) + key.slice(-4);",
    "logger.info(\"token refreshed, expires_in={}\", resp.getExpiresIn());",
    "headers = {\"Authorization\": f\"Bearer {access_token}\", \"X-Request-Id\": str(uuid.uuid4())}",
    "const sig = crypto.createHmac('sha256', process.env.LINE_CHANNEL_SECRET).update(body).digest('base64');",
    "sign := hmacSHA256(timestamp+\"\\n\"+secret, secret) // secret comes from Nacos",
    "export const TRACE_HEADER = 'x-b3-traceid';\nexport const SAMPLE_TRACE = '«hex_32»';",
    "# SHA-1 of the empty string, used as sentinel\nEMPTY_SHA1 = 'da39a3ee5e6b4b0d3255bfef95601890afd80709'",
    "EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'",
    "ORDER_NO_PREFIX = 'WX«date»'",
    "APP_VERSION = '«ver»+«sha7»'",
    "const KAKAO_JS_KEY = '«hex_32»'; // JavaScript 키: 공개 키, 도메인 제한 설정됨",
    "const LIFF_ID = '«dig_10»-«an_8»';",
    "AMAP_JS_KEY = '«hex_32»'  # 前端 Web 端(JS API) Key，已配置域名白名单",
    "GOOGLE_ANALYTICS_ID = 'G-«UPL_10»'",
    "SENTRY_DSN = 'https://«hex_32»@o«dig_6».ingest.sentry.io/«dig_7»'  # DSN is public by design",
    "FIREBASE_CONFIG = {'projectId': '«proj»', 'appId': '1:«dig_12»:web:«hex_22»', 'messagingSenderId': '«dig_12b»'}",
    "-- password column stores bcrypt hashes only\nALTER TABLE admin_user MODIFY password_hash CHAR(60) NOT NULL;",
    "SELECT id, login, LEFT(password_hash, 7) AS algo FROM admin_user WHERE login = '«user»';",
    "CREATE USER '«user»'@'%' IDENTIFIED WITH caching_sha2_password BY RANDOM PASSWORD;",
    "GRANT SELECT ON «db».* TO '«user»'@'10.%';",
    # --- logs with ids, masked values, failures without secrets
    "«ts» INFO  [«svc»] request_id=«uuid» trace_id=«hex_32» span_id=«hex_16» status=200 latency=41ms",
    "«ts» ERROR password authentication failed for user \"«user»\" (host «ip»)",
    "ERROR 1045 (28000): Access denied for user '«user»'@'«ip»' (using password: YES)",
    "(error) WRONGPASS invalid username-password pair or user is disabled.",
    "{\"errcode\":40001,\"errmsg\":\"invalid credential, access_token is invalid or not latest rid: «hex_8»-«hex_8b»-«hex_8c»\"}",
    "{\"errcode\":40125,\"errmsg\":\"invalid appsecret, view more at http://t.cn/RAEkdVq rid: «hex_8»-«hex_8b»-«hex_8c»\"}",
    "[TencentCloudSDKException] code:AuthFailure.SecretIdNotFound message:The SecretId is not found, please ensure that your SecretId is correct. requestId:«uuid»",
    "ErrorCode: InvalidAccessKeyId.NotFound\nRecommend: https://api.aliyun.com/troubleshoot?q=InvalidAccessKeyId.NotFound&product=Ecs\nRequestId: «UUID»",
    "{\"code\":99991663,\"msg\":\"Invalid access token for authorization. Please make a request with token attached.\"}",
    "{\"message\":\"Authentication failed\",\"details\":[]}  x-line-request-id: «uuid»",
    "{\"msg\":\"NotAuthorizedError: this API key is not authorized\",\"error_code\":\"INVALID_API_KEY\"}",
    "{\"errors\":[{\"code\":\"api_key_invalid\",\"detail\":\"API key sk_test_****************«an_4» is invalid.\"}]}",
    "«ts» WARN  omise: request failed (401) key=skey_test_****«lo_4»",
    "«ts» INFO  celery@«host» ready. transport: redis://:**@«host2»:6379/2",
    "«ts» INFO  connecting to amqp://«user»:******@«host»:5672/«proj»",
    "«ts» DEBUG mongodb://«user»:<redacted>@«host»:27017/«db»?authSource=admin",
    "11:22:33.444 http.c:756  => Send header: Authorization: Basic <redacted>",
    "connection.password = [hidden]\nconnection.url = jdbc:mysql://«host»:3306/«db»",
    "+ docker login -u ****** -p ****** registry.cn-hangzhou.aliyuncs.com\nLogin Succeeded",
    "Run ./deploy.sh\n  env:\n    ALIYUN_AK_SECRET: ***\n    GITEE_TOKEN: ***",
    "[Pipeline] withCredentials\nMasking supported pattern matches of $NEXUS_PASSWORD\n[Pipeline] sh\n+ curl -u deploy:**** https://nexus.«dom»/",
    "«ts» audit: {\"type\":\"request\",\"auth\":{\"client_token\":\"hmac-sha256:«hex_64»\",\"accessor\":\"hmac-sha256:«hex_64b»\"},\"request\":{\"path\":\"secret/data/«proj»/«env»\"}}",
    "«ts» INFO  wxpay notify ok transaction_id=4200«dig_24» out_trade_no=«dig_18»",
    "«ts» INFO  xendit invoice created id=«hex_24» external_id=inv-«num» status=PENDING",
    "«ts» INFO  midtrans transaction_id=«uuid» order_id=ORD-«dig_8» transaction_status=settlement",
    "«ts» INFO  paymongo payment pay_«an_24» paid (source src_«an_24b»)",
    "«ts» INFO  omise charge chrg_test_5«lo_18» successful",
    "«ts» INFO  grabpay partnerTxID=«hex_32» status=success",
    "«ts» INFO  gcash acquirementId=«dig_24» resultStatus=S",
    "«ts» INFO  toss paymentKey=tgen_«dig_14»«an_6» status=DONE method=카드",
    "«ts» INFO  LINE webhook event from U«hex_32» (type=message, webhookEventId=«UPL_26»)",
    "«ts» INFO  kakao user id=«dig_10» logged in via KakaoSync",
    "«ts» INFO  wecom callback from userid=«user» agentid=1000002 msgid=«dig_19»",
    "«ts» INFO  dingtalk event corpId=ding«hex_16» eventType=user_add_org",
    "«ts» INFO  feishu event_id=«hex_32» open_id=ou_«hex_32b»",
    "«ts» INFO  wx login openid=o«b64u_27» unionid=o«b64u_27b»",
    "May 12 03:14:07 «host» sshd[«pid»]: Accepted publickey for «user» from «ip» port 52144 ssh2: ED25519 SHA256:«b64_43»",
    "May 12 03:14:07 «host» sshd[«pid»]: Failed password for invalid user admin from «ip» port 41234 ssh2",
    "May 12 03:14:07 «host» sudo: «user» : TTY=pts/0 ; PWD=/home/«user» ; USER=root ; COMMAND=/usr/bin/systemctl restart «svc»",
    "«ip» - - [12/May/2024:03:14:07 +0800] \"GET /static/js/app.«hex_8».js HTTP/1.1\" 200 81233 \"-\" \"Mozilla/5.0\"",
    "«ip» - - [12/May/2024:03:14:07 +0900] \"POST /api/v1/login HTTP/1.1\" 401 64 \"-\" \"okhttp/4.12.0\"",
    "Caused by: java.lang.IllegalStateException: Required property 'wechat.app-secret' is not set\n\tat com.«lo_6».config.WechatProperties.validate(WechatProperties.java:48)",
    "KeyError: 'XENDIT_SECRET_KEY'\n  File \"/app/settings.py\", line 31, in <module>\n    XENDIT_KEY = os.environ['XENDIT_SECRET_KEY']",
    "Error: Missing required environment variable LINE_CHANNEL_ACCESS_TOKEN\n    at loadConfig (/app/src/config.ts:14:11)",
    "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x«hex_7»]",
    "«ts» INFO  cache miss key=sku:«hex_40» ttl=300",
    "«ts» DEBUG etag match «hex_32», returning 304",
    "«ts» INFO  build cache hit: «hex_64»",
    "Successfully built «hex_12»\nSuccessfully tagged registry.«dom»/«proj»/«svc»:«ver»",
    "#12 exporting to image\n#12 writing image sha256:«hex_64» done\n#12 naming to registry.«dom»/«proj»/«svc»:«ver» done",
    "Downloading https://npmmirror.com/mirrors/node/v20.12.2/node-v20.12.2-linux-x64.tar.xz (sha256 «hex_64»)",
    # --- notes & chats: prose about secrets, policies, references
    "密码策略：至少12位，包含大小写字母、数字和特殊字符，90天更换一次，不得与最近5次相同。",
    "パスワードは8文字以上で、英大文字・小文字・数字・記号をそれぞれ1文字以上含めてください。",
    "비밀번호는 8~16자의 영문 대소문자, 숫자, 특수문자를 조합해 주세요.",
    "Mật khẩu phải có ít nhất 8 ký tự, gồm chữ hoa, chữ thường và số.",
    "รหัสผ่านต้องมีความยาวอย่างน้อย 8 ตัวอักษร และมีตัวเลขอย่างน้อย 1 ตัว",
    "Kata sandi minimal 8 karakter dan harus mengandung huruf besar, huruf kecil, dan angka.",
    "Ang password ay dapat hindi bababa sa 8 characters at may kasamang numero.",
    "«name_zh»: AK/SK 不要发群里，去 KMS 凭据管家里看 «proj»-«env» 那条",
    "«name_zh»: 测试库密码在 Nacos 的 «svc»-«env».yaml 里，自己去看哈",
    "«name_ja»: 本番のパスワードは1Passwordの「«proj» 本番」ボールトにあります。Slackには貼らないでください。",
    "«name_ja»: LINEのチャネルシークレットは再発行しました。新しい値は Secrets Manager の «proj»/line にあります。",
    "«name_ko»: 토스 시크릿 키는 Vault secret/«proj»/toss 에 넣어뒀어요. 코드에 하드코딩 금지!",
    "«name_ko»: 비밀번호 재설정 메일 발송했습니다. 링크는 30분간 유효해요.",
    "«name_vi»: Anh ơi, secret key MoMo em để trong Vault rồi, path secret/«proj»/momo nhé.",
    "«name_th»: คีย์ Omise อยู่ใน AWS Secrets Manager ชื่อ «proj»/omise นะครับ ไม่ต้องส่งในแชท",
    "«name_id»: Server key Midtrans sudah aku taruh di GitHub Secrets (MIDTRANS_SERVER_KEY), jangan di-commit ya.",
    "«name_ph»: Nasa 1Password na yung PayMongo keys, vault \"Payments PH\".",
    "«name_en»: pls don't paste tokens in this channel, use the «proj» vault and share the item link",
    "Reminder: rotate the Alibaba Cloud RAM AccessKey for ci-bot every 90 days (next: «date»).",
    "Postmortem: a Gitee private token was committed in «sha7»; it was revoked within 20 minutes and history was rewritten.",
    "Note to self: the WeCom corpsecret lives in Apollo namespace «proj».secrets, not in application.yml.",
    "Goal: move all DingTalk robot tokens from code into Nacos config «svc»-«env».yaml (key dingtalk.robots[*].token).",
    "Decision: rotate LINE channel access tokens via the v2.1 JWT flow; the assertion signing key id is «uuid».",
    "TODO: ask «person» to re-issue the Xendit callback token after the domain change.",
    "The password must not contain the username, and must not be one of the 10,000 most common passwords.",
    "We store only bcrypt(cost=12) hashes; plaintext passwords never hit the logs (see LoggingFilter).",
    "Secret scanning flagged «sha7» but it was the public Kakao JavaScript key, which is fine to ship in the bundle.",
    "publishable key (pk_live_…) is safe in the frontend; the secret key (sk_live_…) must stay server-side.",
    "AWS docs example: AKIAIOSFODNN7EXAMPLE is the placeholder access key id used in the CLI guide.",
    "Password: ********  (hidden, click the eye icon to reveal)",
    "API Key: ****************************«an_4»",
    "AccessKey Secret: 仅在创建时可见，请妥善保存（已隐藏）",
    "密钥: ******（已隐藏）",
    "シークレット: ●●●●●●●●●●●● (再発行)",
    "시크릿 키: ********************** (보기)",
    "token: REDACTED",
    "password: \"\"",
    "password: <set-me>",
    "api_key: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "client_secret: YOUR_CLIENT_SECRET_HERE",
    "AppSecret: 在此填写你的AppSecret",
    "SECRET_KEY=changeme-in-production  # placeholder, app refuses to start with this value",
    "| 环境 | 地址 | 账号 | 密码 |\n|---|---|---|---|\n| 测试 | «host» | «user» | 见 KMS 凭据 «proj»-test |",
    "| 環境 | URL | ユーザー | パスワード |\n| stg | https://stg.«dom»/admin | «user» | 1Password参照 |",
    "Meeting notes «date»: agreed to use Alibaba Cloud KMS for payment keys; key alias alias/«proj»-pay, key id key-«lo_8»-«lo_4»-«lo_4b»-«lo_12».",
    "«name_zh»: 提交 «sha7» 把 .env 加进 .gitignore 了，顺便把 example 里的值都换成了占位符",
    "«name_ko»: 커밋 «sha7» 에서 키 노출된 건 이미 폐기했고 새 키는 Vault에 있습니다.",
    "«name_ja»: CIが落ちてるのは GITEE_TOKEN の期限切れが原因っぽいです（値は変えてません）",
    "Request ID for support ticket: «UUID» (Alibaba Cloud), please attach when you escalate.",
    "Tencent Cloud ticket #«dig_9», RequestId «uuid» — AuthFailure resolved after re-binding the CAM policy.",
    "«name_vi»: mã giao dịch MoMo là «dig_10», không phải key đâu anh.",
    "«name_th»: หมายเลขอ้างอิงธุรกรรม «dig_12» ครับ",
    "«name_id»: invoice id Xendit «hex_24», sudah PAID.",
    "«name_ph»: GCash reference no. «dig_13», pakicheck",
    "Password reset link (expired): https://«dom»/reset?uid=«num»&ts=«epoch»",
    "verification code sent to +84 *** *** «dig_3»",
    "OTP: 6 digits, valid 5 minutes, max 5 attempts per hour.",
    # --- CI/deploy referencing secrets properly
    "env:\n  ALIYUN_ACCESS_KEY_ID: ${{ secrets.ALIYUN_AK }}\n  ALIYUN_ACCESS_KEY_SECRET: ${{ secrets.ALIYUN_SK }}",
    "- uses: aliyun/acr-login@v1\n  with:\n    login-server: https://registry.cn-hangzhou.aliyuncs.com\n    username: \"${{ secrets.ACR_USERNAME }}\"\n    password: \"${{ secrets.ACR_PASSWORD }}\"",
    "- name: Checkout\n  uses: actions/checkout@«hex_40»  # v4.1.6",
    "- uses: actions/cache@v4\n  with:\n    path: ~/.gradle/caches\n    key: gradle-${{ hashFiles('**/*.gradle*') }}-«hex_16»",
    "variables:\n  REGISTRY_PASSWORD: $ACR_PASSWORD  # masked & protected CI/CD variable",
    "script:\n  - echo \"$ACR_PASSWORD\" | docker login -u \"$ACR_USER\" --password-stdin registry.cn-shenzhen.aliyuncs.com",
    "withCredentials([usernamePassword(credentialsId: 'gitee-deploy', usernameVariable: 'GIT_USER', passwordVariable: 'GIT_PASS')]) {\n  sh 'git push https://$GIT_USER:$GIT_PASS@gitee.com/«proj»/«svc».git HEAD:«branch»'\n}",
    "environment {\n  SONAR_TOKEN = credentials('sonar-token')\n}",
    "- name: Deploy\n  env:\n    SSH_PRIVATE_KEY: ${{ secrets.DEPLOY_KEY }}\n  run: ./scripts/deploy.sh «env»",
    "steps:\n- name: publish\n  image: plugins/docker\n  settings:\n    username:\n      from_secret: tcr_username\n    password:\n      from_secret: tcr_password",
    "signingConfigs {\n    release {\n        storePassword System.getenv(\"KEYSTORE_PASSWORD\")\n        keyPassword System.getenv(\"KEY_PASSWORD\")\n    }\n}",
    "MATCH_PASSWORD is provided by the CI secret store; locally run `fastlane match --readonly`.",
    "deploy «svc» «ver» to «env» ok (image sha256:«hex_64»)",
    "Release «ver» («sha7») deployed to «env» by «user» at «ts»",
    "ArgoCD: app «svc» synced to revision «sha» (Healthy)",
    "helm history «svc» -n «ns»\nREVISION  UPDATED                   STATUS      CHART          APP VERSION\n«num»      «date» 10:22:31  deployed    «svc»-«ver»   «sha7»",
    "Pipeline #«dig_6» passed on «branch» («sha7») in 4m 12s",
    "terraform apply: Apply complete! Resources: 2 added, 1 changed, 0 destroyed.\nOutputs:\nrds_password = <sensitive>",
    "kubectl rollout restart deploy/«svc» -n «ns» && kubectl rollout status deploy/«svc» -n «ns»",
    "docker buildx build --secret id=npmrc,src=$HOME/.npmrc -t registry.«dom»/«proj»/«svc»:«ver» .",
    "RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci",
    "cosign verify --key cosign.pub registry.«dom»/«proj»/«svc»@sha256:«hex_64»",
    "sops --decrypt secrets/«env».enc.yaml | kubectl apply -f -",
    "gitleaks detect --source . --report-path gitleaks-«date».json  # 0 leaks found",
    "trufflehog git file://. --since-commit «sha» --only-verified",
    # --- vendor public identifiers and non-secret ids
    "微信小程序 AppID: wx«hex_16»（公开信息，可写在 project.config.json）",
    "企业微信 企业ID: ww«hex_16»，应用 AgentId: 1000002",
    "飞书 App ID: cli_«hex_16»（App Secret 在开发者后台查看）",
    "钉钉 AgentId: «dig_10», CorpId: ding«hex_16»",
    "LINE Channel ID: «dig_10» / LIFF ID: «dig_10b»-«an_8»",
    "LINE user id: U«hex_32», group id: C«hex_32b»",
    "카카오 앱 ID: «dig_6», 네이티브 앱 키는 앱 번들에 포함되는 공개 값",
    "Naver Cloud: Access Key ID 는 콘솔 > 마이페이지 > 인증키 관리 에서 확인",
    "Rakuten affiliateId: «hex_8».«hex_8b».«hex_8c».«hex_8d»",
    "Toss clientKey: test_ck_«an_20» (공개 키)",
    "Midtrans Merchant ID: G«dig_9»",
    "PayMongo public key: pk_test_«an_24»",
    "Omise public key: pkey_test_5«lo_18»",
    "Xendit public key: xnd_public_production_«an_50»",
    "GrabPay merchant_id: «uuid»",
    "WeChat Pay merchant certificate serial: «HEX_40»",
    "Alipay app_id: 2021«dig_12»",
    "Huawei AppGallery app_id: «dig_9»",
    "Sakura Cloud zone: is1a, server id: «dig_12»",
    "Gitee repo: https://gitee.com/«proj»/«svc» (mirror of GitHub)",
    "Google Play package: jp.«lo_6».app, version code «dig_5»",
    "App Store app id: «dig_10»",
    "GitHub App ID: «dig_6», Installation ID: «dig_8»",
    "Slack channel: C«UPL_10», workspace T«UPL_9»",
    "Sentry issue «UPL_4»-«num»: \"AuthFailure.SignatureExpire\" in «svc»",
    "Jira PAY-«num»: rotate Xendit keys (done), update runbook link",
    "UUID v4 example: «uuid»",
    "order_no=«dig_20» trace=«hex_32»",
    "commit «sha» (tag: v«ver»)",
    "Docker image: registry.cn-hangzhou.aliyuncs.com/«proj»/«svc»:«ver»-«sha7»",
    "checksum (crc64): «dig_19»",
    "ETag: W/\"«hex_40»\"",
    "x-amz-request-id: «UPL_16»\nx-amz-id-2: «b64_76»=",
    "CF-Ray: «hex_16»-NRT",
    "X-Tt-Logid: «dig_14»«HEX_18»",
    "traceparent: 00-«hex_32»-«hex_16»-01",
    "Content-Security-Policy: script-src 'self' 'nonce-«b64_22»=='",
    "Set-Cookie: lang=ko-KR; Path=/; Max-Age=31536000",
    "Set-Cookie: _ga=GA1.1.«dig_10».«epoch»; Domain=.«dom»; Path=/",
    "Cookie: theme=dark; tz=Asia%2FJakarta; currency=IDR",
    "https://«bucket».oss-«region_ali».aliyuncs.com/public/logo.png",
    "https://«bucket»-1«dig_9».cos.«region_tc».myqcloud.com/static/app.«hex_8».css",
    "https://gitee.com/«proj»/«svc»/commit/«sha»",
    "https://github.com/«user»/«proj»/actions/runs/«dig_10»",
    "https://console.cloud.tencent.com/cam/capi  ← SecretId/SecretKey 在这里管理",
    "https://ram.console.aliyun.com/users/«user»  (AccessKey 管理)",
    "https://developers.line.biz/console/channel/«dig_10»/messaging-api",
    "https://developers.kakao.com/console/app/«dig_6»/config/appKey",
    "https://dashboard.xendit.co/settings/developers#api-keys",
    "https://dashboard.midtrans.com/settings/config_info",
    "https://open.feishu.cn/app/cli_«hex_16»/baseinfo",
    "/etc/«proj»/cert/apiclient_key.pem",
    "~/.config/gcloud/application_default_credentials.json",
    "secrets/«env»/gcash_client_secret.enc",
    "/var/run/secrets/kubernetes.io/serviceaccount/token",
    "«proj»-«env»-db-password (Secrets Manager, version «uuid»)",
    "acs:ram::«dig_16»:role/«proj»-ecs-role",
    "qcs::cam::uin/«dig_10»:roleName/«proj»-scf-role",
    "arn:aws:secretsmanager:ap-southeast-1:«dig_12»:secret:«proj»/«env»/db-«an_6»",
    "arn:aws:kms:ap-northeast-1:«dig_12»:key/«uuid»",
    "Key ID (public): «HEX_16»  — import my GPG key from keys.openpgp.org",
    "PGP fingerprint: «HEX_4» «HEX_4b» «HEX_4c» «HEX_4d» «HEX_4e»  «HEX_4f» «HEX_4g» «HEX_4h» «HEX_4i» «HEX_4j»",
    "age1«lo_58»  # recipient public key for sops",
    "npub1«lo_58»",
    "base64 of config: «b64text»",
    "data:\n  banner.txt: «b64text»",
    "content: «b64text»\nencoding: base64",
    "LS0tIHJlbGVhc2Ugbm90ZXMgLS0t (base64 of '--- release notes ---')",
    "Version: «ver» (build «dig_8».«num»)",
    "node v20.12.2, npm 10.5.0, pnpm 9.1.0",
    "go version go1.22.3 linux/amd64",
    "Python 3.11.9 (main, «date», «time») [GCC 12.2.0]",
    "«svc»@«ver» | «sha7» | built «ts»",
    "flutter --version\nFlutter 3.22.0 • channel stable • https://github.com/flutter/flutter.git\nFramework • revision «hex_10» • «date»",
]


def _build_benign(templates, target):
    out = []
    seen = set()
    secrets8 = [s for s in _USED if len(s) >= 8]
    # round-robin over templates until target is reached
    rounds = 0
    while len(out) < target and rounds < 12:
        rounds += 1
        for t in templates:
            if len(out) >= target:
                break
            s = _sub(t, _Ctx())
            if s in seen:
                continue
            if any(x in s for x in secrets8):
                continue
            seen.add(s)
            out.append(s)
    return out

# ===================================================================== assembly
_GROUPS = (
    ("command", _COMMAND),
    ("tool-output", _TOOL_OUTPUT),
    ("config-file", _CONFIG_FILE),
    ("source-code", _SOURCE_CODE),
    ("stack-trace-or-log", _LOG),
    ("note-or-chat", _NOTE),
    ("ci-and-deploy", _CI),
    ("vendor-token", _VENDOR),
)

SECRETS = []
for _g, _tpls in _GROUPS:
    SECRETS.extend(_build(_g, _tpls, 185))

BENIGN = _build_benign(_BENIGN_T, 950)

del _g, _tpls
