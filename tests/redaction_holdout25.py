"""Blind hold-out corpus #25 for a secret-redaction engine.

What this is
    A test corpus of text that a coding agent (Claude Code, Codex, Gemini CLI
    and similar) might save as its working state: goals, notes, commands it
    ran, excerpts of files and tool output, decisions and next steps.  Every
    credential in that text must be replaced by the engine; everything else
    must stay readable.

Theme
    People who code without being professional software teams and the tools
    they glue together: students and bootcamp learners, hackathon teams,
    hobbyists, Discord / Telegram / Slack / WhatsApp bot builders, streamers
    and content creators (OBS, stream keys, alerts, chat bots), no-code and
    low-code builders (Zapier, Make, n8n, Bubble, Retool, Airtable, Notion,
    Google Apps Script, spreadsheets), game jams and modding (Unity, Godot,
    Roblox, Minecraft, Steam), hobby electronics and home automation
    (Arduino, ESP32, Raspberry Pi, Home Assistant, MQTT, Tuya, Wi-Fi
    credentials baked into firmware), small shops and creator storefronts
    (Shopify, Gumroad, Etsy, Patreon, Ko-fi, PayPal, Stripe), personal sites
    (WordPress, Ghost, Netlify, Vercel, GitHub Pages, Cloudflare), school and
    university accounts, family IT (routers, NAS, printers, shared streaming
    accounts) and the agent's own prose about all of it.  About a quarter of
    the notes are in languages other than English (formats note-<code>-...).

Provenance
    Written blind, from general knowledge only: the author did not read the
    engine, its rules or tests, any other corpus, or any secret scanner's rule
    set.  Token shapes of services whose real format the author does not know
    are invented but plausible.

Layout
    SECRETS  list of 5-tuples (group, format, text, secret, visible)
             group    one of command, tool-output, config-file, source-code,
                      stack-trace-or-log, note-or-chat, ci-and-deploy,
                      vendor-token
             format   kebab-case name of the shape (each used at most 3 times)
             text     what the agent would record, with surrounding context
             secret   exact substring of text that must not survive
                      (private keys: body only; signed URLs: the signature;
                      user:password: the password)
             visible  substring of text that must stay readable, or ""
    BENIGN   list of strings that contain no credential but look
             credential-like to a naive scanner (hashes, ids, public and
             publishable keys, key ids, placeholders, masked values, env var
             names, base64 of ordinary text, paths, versions, SSIDs, prose
             about secrets).

    Templates below use section-sign markers: the secret marker is replaced
    by the generated secret, other markers by ordinary random filler (user
    names, SSIDs, ids, ...).  A broken bar inside a template or a '|' inside
    a secret spec literal only splits vendor prefixes so that this file holds
    no realistic credential literally.

All values are synthetic and generated at import time from
random.Random(2525); importing the module prints nothing and always yields
the same SECRETS and BENIGN.

It measured 0.938 recall and 1.7% false positives blind with all the rules of the
session that wrote the twenty-fourth (0.936 and 1.6% with those of the session before);
it is regression data now (tests/test_redaction_holdouts_latest.py holds its recall per
group and its false positives).
"""

import base64
import json
import random
import re
import string
import uuid as _uuidmod

_R = random.Random(2525)

_LO = string.ascii_lowercase
_UP = string.ascii_uppercase
_DG = string.digits
_ALPHA = {
    "A": _LO + _UP + _DG,
    "a": _LO + _DG,
    "U": _UP + _DG,
    "h": "0123456789abcdef",
    "H": "0123456789ABCDEF",
    "d": _DG,
    "b": _UP + _LO + _DG + "+/",
    "B": _UP + _LO + _DG + "-_",
    "l": _LO,
    "C": _UP,
    "E": _LO + _UP,
    "n": "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz",
    "z": "qpzry9x8gf2tvdw0s3jn54khce6mua7l",
    "Z": "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L",
    "x": _LO + _UP + _DG + "!@#$%^&*-_.?+",
    "y": _LO + _UP + _DG + "!#$&()*+,-./:;<>?@[]^_`~",
    "t": "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567",
    "m": _LO + _UP + _DG + "~._-",
    "s": "./" + _UP + _LO + _DG,
}


def _c(kind, n):
    al = _ALPHA[kind]
    return "".join(_R.choice(al) for _ in range(n))


def _rb(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(raw):
    return base64.b64encode(raw).decode("ascii")


def _b64u(raw):
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _wrap(s, w, sep="\n"):
    return sep.join(s[i:i + w] for i in range(0, len(s), w))


def _j(*parts):
    return "".join(parts)


_WORDS = [
    "pickle", "dragon", "sunny", "biscuit", "galaxy", "pancake", "thunder",
    "marble", "kitten", "rocket", "pumpkin", "waffle", "shadow", "noodle",
    "penguin", "cactus", "mango", "tiger", "bubble", "falcon", "hedgehog",
    "coconut", "lemon", "nugget", "maple", "otter", "pixel", "comet", "banjo",
    "cobalt", "velvet", "turnip", "walrus", "zebra", "meadow", "harbor",
    "willow", "ember", "frost", "orbit", "quartz", "raven", "saffron", "tofu",
    "ukulele", "violet", "wombat", "yodel", "zephyr", "acorn", "bramble",
    "cricket", "dumpling", "espresso", "fiddle", "gecko", "hazel", "igloo",
    "jelly", "koala", "lantern", "muffin", "nebula", "olive", "parsnip",
    "quokka", "radish", "sprocket", "tulip", "unicorn", "vortex", "wizard",
    "yeti", "basil", "cinder", "doodle", "fable", "goblin", "hiccup",
]
_FIRST = [
    "Jess", "Mikey", "Priya", "Tomas", "Lena", "Kofi", "Aiko", "Sam", "Noah",
    "Zoe", "Mateo", "Chloe", "Ravi", "Emma", "Luca", "Maya", "Omar", "Hana",
    "Finn", "Ines", "Yuki", "Leo", "Sofia", "Dev", "Ana", "Ben", "Kim",
    "Tariq", "Nina", "Oskar", "Jamal", "Freya", "Ike", "Rosa", "Theo",
]
_LAST = [
    "Nguyen", "Schmidt", "Okafor", "Silva", "Kowalski", "Tanaka", "Rossi",
    "Murphy", "Haddad", "Larsen", "Dubois", "Garcia", "Ivanova", "Park",
    "Mensah", "Novak", "Costa", "Fischer", "Bauer", "Moreau",
]
_SSIDS = [
    "TP-Link_4F2A", "NETGEAR42", "The LAN Before Time", "Pretty Fly for a WiFi",
    "FBI Surveillance Van", "Vodafone-8C21", "FRITZ!Box 7590 KL",
    "Livebox-3A1C", "SKY3F9C2", "BTHub6-XX12", "Bill Wi the Science Fi",
    "Garage_IoT", "Makerspace-Guest", "eduroam", "Dorm-B-2F", "HomeNet-5G",
    "Casa_Silva", "Oma WLAN", "MOVISTAR_7D21", "Ziggo8812345", "UPC4419201",
    "Wu-Tang LAN", "iot-2g4", "ESP-Setup", "Linksys00042", "xfinitywifi-home",
    "Telstra2A9F", "Bbox-81C2F3", "Orange-1F3B", "Cafe Luna Guests",
]
_CITIES = ["London", "Berlin", "Lagos", "Lisbon", "Osaka", "Toronto",
           "Krakow", "Austin", "Lyon", "Seoul", "Pune", "Utrecht"]
_UNIS = ["northfield", "lakeside", "riverdale", "techuni", "westbrook",
         "uni-nordstadt", "eastgate", "hillcrest"]
_TLDS = ["com", "net", "org", "dev", "io", "shop", "blog", "de", "fr", "co.uk"]
_MAILS = ["gmail.com", "outlook.com", "proton.me", "yahoo.com", "icloud.com",
          "hotmail.co.uk", "gmx.de", "web.de"]


def _handle():
    p = _R.randrange(4)
    w = _R.choice(_WORDS)
    if p == 0:
        return w + str(_R.randint(1, 2009))
    if p == 1:
        return _R.choice(_FIRST).lower() + "_" + w
    if p == 2:
        return w + _R.choice(_WORDS).capitalize()
    return "x" + w + "x" + str(_R.randint(10, 99))


def _email():
    return "%s.%s%d@%s" % (_R.choice(_FIRST).lower(), _R.choice(_LAST).lower(),
                           _R.randint(1, 99), _R.choice(_MAILS))


def _domain():
    return "%s%s.%s" % (_R.choice(_WORDS), _R.choice(_WORDS), _R.choice(_TLDS))


def _snow():
    return str(_R.randint(300000000000000000, 1299999999999999999))


def _uuid():
    return str(_uuidmod.UUID(int=_R.getrandbits(128), version=4))


def _ip():
    return "192.168.%d.%d" % (_R.choice([0, 1, 1, 2, 178, 86, 50]), _R.randint(2, 250))


def _wgpub():
    return _b64(_rb(32))


_FILLS = {
    "user": _handle,
    "first": lambda: _R.choice(_FIRST),
    "last": lambda: _R.choice(_LAST),
    "email": _email,
    "stud": lambda: _R.choice(["s", "u", "stu", ""]) + _c("d", 7),
    "uni": lambda: _R.choice(_UNIS),
    "dom": _domain,
    "ip": _ip,
    "ipv": lambda: "203.0.113.%d" % _R.randint(2, 250),
    "ipd": lambda: "%d-%d-%d-%d" % (_R.choice([3, 18, 34, 52, 54]), _R.randint(1, 254),
                                    _R.randint(1, 254), _R.randint(1, 254)),
    "ssid": lambda: _R.choice(_SSIDS),
    "snow": _snow,
    "num": lambda: str(_R.randint(1000, 9999999)),
    "port": lambda: str(_R.randint(3000, 9999)),
    "proj": lambda: _R.choice(_WORDS) + "-" + _R.choice(["bot", "app", "site", "jam", "shop", "hub", "tracker", "dash"]),
    "uuid": _uuid,
    "sha": lambda: _c("h", 40),
    "sha7": lambda: _c("h", 7),
    "date": lambda: "2024-%02d-%02d" % (_R.randint(1, 12), _R.randint(1, 28)),
    "city": lambda: _R.choice(_CITIES),
    "wgpub": _wgpub,
    "word": lambda: _R.choice(_WORDS),
    "mac": lambda: ":".join(_c("h", 2) for _ in range(6)),
}

_FILL_RE = re.compile(u"\u00a7([A-Za-z0-9_]+)\u00a7")


def _fill(s, vals):
    def rep(m):
        k = m.group(1)
        if k not in vals:
            base = k.rstrip("0123456789")
            if base in _FILLS:
                vals[k] = _FILLS[base]()
            elif re.match(r"^[A-Za-z]\d+$", k) and k[0] in _ALPHA:
                vals[k] = _c(k[0], int(k[1:]))
            else:
                raise KeyError(k)
        return vals[k]
    return _FILL_RE.sub(rep, s)


# ---------------------------------------------------------------------------
# secret generators
# ---------------------------------------------------------------------------

_SYMS = "!@#$*?"


def _pw():
    p = _R.randrange(7)
    w1 = _R.choice(_WORDS)
    w2 = _R.choice(_WORDS)
    if p == 0:
        s = w1.capitalize() + w2.capitalize() + str(_R.randint(10, 9999)) + _R.choice(_SYMS)
    elif p == 1:
        s = w1 + str(_R.randint(1990, 2024)) + _R.choice(["", "!", "#", "?"])
    elif p == 2:
        s = w1.capitalize() + "_" + w2 + str(_R.randint(10, 99))
    elif p == 3:
        s = (w1 + w2).replace("a", "@").replace("o", "0").replace("e", "3").capitalize() + str(_R.randint(1, 99))
    elif p == 4:
        s = _R.choice(_FIRST) + str(_R.randint(1970, 2020)) + "!" + w1
    elif p == 5:
        s = w1.capitalize() + _R.choice(".-") + w2.capitalize() + "." + str(_R.randint(1, 999))
    else:
        s = _c("A", 3) + w1 + _R.choice(_SYMS) + _c("d", 3)
    if len(s) < 8:
        s += str(_R.randint(100, 999))
    return s


def _pwl():
    s = _R.choice(_WORDS) + _R.choice(_WORDS) + str(_R.randint(1, 99))
    return s if len(s) >= 8 else s + "2024"


def _wifi():
    p = _R.randrange(6)
    if p == 0:
        return _R.choice(_WORDS).capitalize() + _R.choice(_WORDS).capitalize() + str(_R.randint(1000, 9999))
    if p == 1:
        return _c("a", 12)
    if p == 2:
        return _c("U", 16)
    if p == 3:
        return "-".join(_R.choice(_WORDS) for _ in range(3))
    if p == 4:
        return "%s%s%d!" % (_R.choice(_LAST), _R.choice(["Family", "Haus", "Home", "Casa"]), _R.randint(1, 2024))
    return _c("d", 4) + _c("l", 4) + _c("d", 4)


def _grp(kind, n, size, sep):
    return sep.join(_c(kind, size) for _ in range(n))


def _jwt_raw(payload, alg="HS256", sig=43):
    h = _b64u(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")).encode())
    p = _b64u(json.dumps(payload, separators=(",", ":")).encode())
    return h + "." + p + "." + _c("B", sig)


def _now():
    return _R.randint(1690000000, 1735000000)


def _jwt():
    t = _now()
    v = _R.randrange(4)
    if v == 0:
        pl = {"sub": _uuid(), "name": _handle(), "iat": t}
    elif v == 1:
        pl = {"user_id": _R.randint(1, 99999), "role": "admin", "iat": t, "exp": t + 604800}
    elif v == 2:
        pl = {"sub": _c("d", 8), "email": _email(), "scope": "read write", "exp": t + 3600}
    else:
        pl = {"uid": _c("A", 28), "aud": _handle(), "iat": t}
    return _jwt_raw(pl)


def _jwtsb():
    t = _now()
    return _jwt_raw({"iss": "supabase", "ref": _c("l", 20), "role": "service" + "_role",
                     "iat": t, "exp": t + 315360000})


def _jwtsbuser():
    t = _now()
    return _jwt_raw({"aud": "authenticated", "exp": t + 3600, "sub": _uuid(),
                     "email": _email(), "role": "authenticated"})


def _jwtha():
    t = _now()
    return _jwt_raw({"iss": _c("h", 32), "iat": t, "exp": t + 315360000})


def _jwtse():
    return _jwt_raw({"citadel": _c("h", 24), "channel": _c("h", 24), "role": "owner",
                     "authToken": _c("B", 22), "user": _c("h", 24), "provider": "twitch",
                     "iss": "StreamElements"})


def _jwtn8n():
    return _jwt_raw({"sub": _uuid(), "iss": "n8n", "aud": "public-api", "iat": _now()})


def _jwtpin():
    return _jwt_raw({"userInformation": {"id": _uuid(), "email": _email(), "email_verified": True},
                     "authenticationType": "scopedKey", "scopedKeyKey": _c("h", 20),
                     "iat": _now()})


def _jwtrs():
    t = _now()
    return _jwt_raw({"iss": "https://" + _domain(), "sub": _c("d", 10), "iat": t, "exp": t + 86400},
                    alg="RS256", sig=342)


def _jwttmdb():
    return _jwt_raw({"aud": _c("h", 32), "nbf": float(_now()), "sub": _c("h", 24),
                     "scopes": ["api_read"], "version": 1})


def _jwtls():
    return _jwt_raw({"iss": "https://app.lemonsqueezy.com", "aud": "94d59cef-dbb8-4ea5-b178-d2540fcd6919",
                     "sub": str(_R.randint(100000, 999999)), "jti": _c("h", 64)}, alg="RS256", sig=342)


# --- private key bodies ----------------------------------------------------

def _rsa():
    der = bytes([0x30, 0x82, 0x04, 0xa4, 0x02, 0x01, 0x00, 0x02, 0x82, 0x01, 0x01, 0x00]) + _rb(1180)
    return _wrap(_b64(der), 64)


def _pkcs8_raw():
    head = bytes([0x30, 0x82, 0x04, 0xbd, 0x02, 0x01, 0x00, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86,
                  0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x04, 0x82, 0x04, 0xa7])
    return _b64(head + _rb(1191))


def _pkcs8():
    return _wrap(_pkcs8_raw(), 64)


def _pkcs8esc():
    return _wrap(_pkcs8_raw(), 64, "\\n")


def _ec():
    der = (bytes([0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20]) + _rb(32)
           + bytes([0xa0, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07,
                    0xa1, 0x44, 0x03, 0x42, 0x00, 0x04]) + _rb(64))
    return _wrap(_b64(der), 64)


def _p8_raw():
    der = (bytes([0x30, 0x81, 0x93, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48,
                  0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01,
                  0x07, 0x04, 0x79, 0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20]) + _rb(32)
           + bytes([0xa0, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07,
                    0xa1, 0x44, 0x03, 0x42, 0x00, 0x04]) + _rb(64))
    return _b64(der)


def _p8():
    return _wrap(_p8_raw(), 64)


def _p8i2():
    return _wrap(_p8_raw(), 64, "\n  ")


def _ossh_raw():
    body = (b"openssh-key-v1\x00" + b"\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00"
            + b"\x00\x00\x00\x01\x00\x00\x00\x33\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20"
            + _rb(32) + b"\x00\x00\x00\x90" + _rb(8) + b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20"
            + _rb(96) + b"\x00\x00\x00\x0c" + _handle().encode()[:12].ljust(12, b"x") + b"\x01\x02\x03")
    return _b64(body)


def _ossh():
    return _wrap(_ossh_raw(), 70)


def _ossh12():
    return _wrap(_ossh_raw(), 70, "\n" + " " * 12)


def _pgp():
    return _wrap(_b64(bytes([0x95, 0x03, 0x98, 0x04]) + _rb(700)), 64)


def _ppk():
    return _wrap(_b64(_rb(190)), 64)


def _ovpn():
    return "\n".join(_c("h", 32) for _ in range(16))


def _r(n):
    return _b64(_rb(n))


def _seed(n):
    return " ".join(_R.choice(_BIP) for _ in range(n))


_BIP = (
    "abandon ability able about above absent absorb abstract absurd abuse access accident account "
    "accuse achieve acid acoustic acquire across act action actor actress actual adapt add addict "
    "address adjust admit adult advance advice aerobic affair afford afraid again age agent agree "
    "ahead aim air airport aisle alarm album alcohol alert alien all alley allow almost alone alpha "
    "already also alter always amateur amazing among amount amused analyst anchor ancient anger angle "
    "angry animal ankle announce annual another answer antenna antique anxiety any apart apology "
    "appear apple approve april arch arctic area arena argue arm armed armor army around arrange "
    "arrest arrive arrow art artefact artist artwork ask aspect assault asset assist assume asthma "
    "athlete atom attack attend attitude attract auction audit august aunt author auto autumn average "
    "avocado avoid awake aware away awesome awful awkward axis baby bachelor bacon badge bag balance "
    "balcony ball bamboo banana banner bar barely bargain barrel base basic basket battle beach bean "
    "beauty because become beef before begin behave behind believe below belt bench benefit best "
    "betray better between beyond bicycle bid bike bind biology bird birth bitter black blade blame "
    "blanket blast bleak bless blind blood blossom blouse blue blur blush board boat body boil bomb "
    "bone bonus book boost border boring borrow boss bottom bounce box boy bracket brain brand brass "
    "brave bread breeze brick bridge brief bright bring brisk broccoli broken bronze broom brother "
    "brown brush bubble buddy budget buffalo build bulb bulk bullet bundle bunker burden burger burst "
    "bus business busy butter buyer buzz cabbage cabin cable cactus cage cake call calm camera camp "
    "canal cancel candy cannon canoe canvas canyon capable capital captain carbon card cargo carpet "
    "carry cart case cash casino castle casual catalog catch category cattle caught cause caution "
    "cave ceiling celery cement census century cereal certain chair chalk champion change chaos "
    "chapter charge chase chat cheap check cheese chef cherry chest chicken chief child chimney choice"
).split()


def _discord():
    uid = _snow()
    return _b64u(uid.encode()) + "." + _c("B", 6) + "." + _c("B", 38)


def _tg():
    return str(_R.randint(100000000, 7999999999)) + ":AA" + _c("B", 33)


def _cftunnel():
    d = {"a": _c("h", 32), "t": _uuid(), "s": _b64(_rb(32))}
    return _b64(json.dumps(d, separators=(",", ":")).encode()).rstrip("=")


def _sntrys():
    d = {"iat": float(_now()), "url": "https://sentry.io", "region_url": "https://us.sentry.io",
         "org": _handle()}
    return _j("sntr", "ys_", _b64(json.dumps(d, separators=(",", ":")).encode()).rstrip("="), "_", _c("B", 43))


def _mapboxsk():
    d = {"u": _handle(), "a": _c("B", 25)}
    return _j("sk", ".", _b64u(json.dumps(d, separators=(",", ":")).encode()), ".", _c("B", 22))


def _basic_pw():
    return _b64((_handle() + ":" + _pw()).encode())


def _basic_gh():
    return _b64(("x-access-token:" + _j("gh", "p_") + _c("A", 36)).encode())


def _basic_docker():
    return _b64((_handle() + ":" + _j("dckr", "_pat_") + _c("B", 27)).encode())


def _authplain():
    return _b64(("\x00" + _email() + "\x00" + _pw()).encode())


def _b64pw():
    return _b64(_pw().encode())


def _b64tok():
    return _b64(_discord().encode())


def _rev():
    return (_j("sk", "-") + _c("A", 20) + _j("T3Blbk", "FJ") + _c("A", 20))[::-1]


def _keystore():
    return _b64(bytes([0xfe, 0xed, 0xfe, 0xed, 0, 0, 0, 2, 0, 0, 0, 1]) + _rb(520))


def _solbytes(sep):
    return "[" + sep.join(str(_R.randint(0, 255)) for _ in range(64)) + "]"


def _netkey():
    return ", ".join(str(_R.randint(0, 255)) for _ in range(16))


def _recovery():
    return "\n".join(_c("h", 5) + "-" + _c("h", 5) for _ in range(8))


def _totp32():
    return _grp("t", 8, 4, " ").lower()


def _djkey():
    al = "abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)"
    return "".join(_R.choice(al) for _ in range(50))


def _wpsalt():
    al = _LO + _UP + _DG + "!#$%&()*+,-./:;<=>?@[]^_`{|}~ "
    while True:
        s = "".join(_R.choice(al) for _ in range(64))
        if "{{" not in s and s.strip() == s:
            return s


def _mercado():
    return _j("APP", "_USR-") + _c("d", 16) + "-" + _c("d", 6) + "-" + _c("h", 32) + "-" + _c("d", 9)


def _syt():
    return _j("sy", "t_") + _b64u(_handle().encode()) + "_" + _c("E", 20) + "_" + _c("A", 6)


def _fly():
    return _j("Fly", "V1 fm2_") + _c("B", 180) + "," + _j("fm2", "_") + _c("B", 120)


def _k3s():
    return _j("K1", "0") + _c("h", 64) + "::server:" + _c("h", 32)


def _passphrase():
    return "-".join(_R.choice(_WORDS) for _ in range(6))


_SPECIAL = {
    "pw": _pw, "pwl": _pwl, "wifi": _wifi, "uuid": _uuid, "UUID": lambda: _uuid().upper(),
    "jwt": _jwt, "jwtsb": _jwtsb, "jwtsbuser": _jwtsbuser, "jwtha": _jwtha, "jwtse": _jwtse,
    "jwtn8n": _jwtn8n, "jwtpin": _jwtpin, "jwtrs": _jwtrs, "jwttmdb": _jwttmdb, "jwtls": _jwtls,
    "rsa": _rsa, "pkcs8": _pkcs8, "pkcs8esc": _pkcs8esc, "ec": _ec, "p8": _p8, "p8i2": _p8i2,
    "ossh": _ossh, "ossh12": _ossh12, "pgp": _pgp, "ppk": _ppk, "ovpn": _ovpn,
    "seed12": lambda: _seed(12), "seed24": lambda: _seed(24),
    "discord": _discord, "tg": _tg, "cftunnel": _cftunnel, "sntrys": _sntrys, "mapboxsk": _mapboxsk,
    "basicpw": _basic_pw, "basicgh": _basic_gh, "basicdocker": _basic_docker,
    "authplain": _authplain, "b64pw": _b64pw, "b64tok": _b64tok, "rev": _rev,
    "keystore": _keystore, "solbytes": lambda: _solbytes(","), "solbytes2": lambda: _solbytes(", "),
    "netkey": _netkey, "recovery": _recovery, "totp32": _totp32, "djkey": _djkey,
    "wpsalt": _wpsalt, "mercado": _mercado, "syt": _syt, "fly": _fly, "k3s": _k3s,
    "passphrase": _passphrase,
    "ytkey": lambda: _grp("a", 5, 4, "-"),
    "bsky": lambda: _grp("a", 4, 4, "-"),
    "gapp": lambda: _grp("l", 4, 4, " "),
    "wpapp": lambda: _grp("A", 6, 4, " "),
    "gumlic": lambda: _grp("H", 4, 8, "-"),
    "applerk": lambda: _grp("U", 7, 4, "-"),
    "bitlocker": lambda: _grp("d", 8, 6, "-"),
    "unityserial": lambda: "E3-" + _grp("U", 5, 4, "-"),
    "wgkey": lambda: _r(32),
}

_SPEC_TOKEN = re.compile(r"^([A-Za-z])(\d+)$")


def _gen(spec):
    out = []
    for tok in spec.split(" "):
        if tok.startswith("'"):
            out.append(tok[1:].replace("|", "").replace("^", " "))
        elif tok in _SPECIAL:
            out.append(_SPECIAL[tok]())
        elif tok.startswith("r") and tok[1:].isdigit():
            out.append(_r(int(tok[1:])))
        else:
            m = _SPEC_TOKEN.match(tok)
            if not m:
                raise ValueError(spec)
            out.append(_c(m.group(1), int(m.group(2))))
    return "".join(out)


# common vendor shapes (prefixes split so the file holds no literal credential)
V = {
    "ghp": "'gh|p_ A36",
    "gho": "'gh|o_ A36",
    "ghu": "'gh|u_ A36",
    "ghs": "'gh|s_ A36",
    "ghr": "'gh|r_ A76",
    "ghfg": "'github|_pat_11 U9 A13 '_ A59",
    "glpat": "'glp|at- B20",
    "npm": "'np|m_ A36",
    "pypi": "'pyp|i-AgEIcHlwaS5vcmc B150",
    "dckr": "'dckr|_pat_ B27",
    "skproj": "'sk-|proj- B74 'T3Blbk|FJ B74",
    "sklegacy": "'sk|- A20 'T3Blbk|FJ A20",
    "skant": "'sk-|ant-api03- B93 'AA",
    "gsk": "'gs|k_ A52",
    "orkey": "'sk-|or-v1- h64",
    "hf": "'h|f_ E34",
    "r8": "'r|8_ A37",
    "aiza": "'AI|za 'Sy B33",
    "gocspx": "'GOC|SPX- B28",
    "ya29": "'ya|29. 'a0A B170",
    "goog1": "'1/|/0 B99",
    "sklive": "'sk|_live_ '51 A97",
    "sklive24": "'sk|_live_ A24",
    "sktest": "'sk|_test_ '51 A97",
    "rklive": "'rk|_live_ '51 A97",
    "rktest": "'rk|_test_ '51 A97",
    "whsec": "'whs|ec_ A32",
    "shpat": "'shp|at_ h32",
    "shpss": "'shp|ss_ h32",
    "shpca": "'shp|ca_ h32",
    "twlive": "'live|_ d9 '_ A30",
    "xoxb": "'xo|xb- d12 '- d13 '- A24",
    "xoxp": "'xo|xp- d12 '- d12 '- d13 '- h32",
    "xapp": "'xa|pp-1-A U10 '- d13 '- h64",
    "dwh": "B68",
    "awssec": "b40",
    "dop": "'do|p_v1_ h64",
    "heroku": "'HR|KU-AA B58",
    "ngrok": "'2 A26 '_ A21",
    "tskey": "'tskey|-auth-k A10 'CNTRL- A32",
    "paypal": "'E B79",
    "sendgrid": "'S|G. B22 '. B43",
    "mchimp": "h32 '-us d2",
    "mailgun": "h32 '- h8 '- h8",
    "brevo": "'xkey|sib- h64 '- A16",
    "resend": "'r|e_ A8 '_ A24",
    "airtable": "'pa|t A14 '. h64",
    "notion": "'sec|ret_ A43",
    "ntn": "'nt|n_ d12 A34",
    "aio": "'ai|o_ A28",
    "upstash": "'AY A62",
    "nfp": "'nf|p_ A36",
    "msq": "A3 d1 'Q~ m34",
    "square": "'EA|AA B60",
    "twbearer": "'AAAAAAAAAAAAAAAAAAAAA A22 '%3D A50",
    "ptlc": "'ptl|c_ A43",
    "cfkey": "'$2a$10$ s53",
    "canvas": "d4 '~ A64",
    "ghost": "h64",
    "hue": "B40",
    "tuyalocal": "y16",
    "line": "r128",
    "aastr": "'AT|ATT3xFfGF0 B90 '_ B89 '= H8",
}


# ---------------------------------------------------------------------------
# templates: (format, text, secret-spec, visible[, count])
# ---------------------------------------------------------------------------

COMMAND = [
    ("curl-discord-bot-auth-header", 'curl -s -H "Authorization: Bot §S§" https://discord.com/api/v10/users/@me | jq .username', "discord", "curl -s -H"),
    ("curl-telegram-bot-path", 'curl -s "https://api.telegram.org/bot§S§/getUpdates" | python3 -m json.tool', "tg", "getUpdates"),
    ("curl-twitch-helix-bearer", 'curl -H "Client-Id: §a30§" -H "Authorization: Bearer §S§" "https://api.twitch.tv/helix/streams?user_login=§user§"', "a30", "Client-Id"),
    ("curl-twitch-client-credentials-query", 'curl -X POST "https://id.twitch.tv/oauth2/token?client_id=§a30§&client_secret=§S§&grant_type=client_credentials"', "a30", "grant_type=client_credentials"),
    ("ffmpeg-rtmp-twitch-ingest", "ffmpeg -re -stream_loop -1 -i overlay_test.mp4 -c:v libx264 -preset veryfast -b:v 3000k -c:a aac -f flv rtmp://live.twitch.tv/app/§S§", "@twlive", "ffmpeg -re"),
    ("ffmpeg-rtmp-youtube-live2", 'ffmpeg -f v4l2 -i /dev/video0 -f lavfi -i anullsrc -c:v libx264 -c:a aac -f flv "rtmp://a.rtmp.youtube.com/live2/§S§"', "ytkey", "/dev/video0"),
    ("ffmpeg-rtmps-facebook-live", 'ffmpeg -i stream.mp4 -c copy -f flv "rtmps://live-api-s.facebook.com:443/rtmp/§S§"', "'FB- d15 '-0- 'Ab B34", "live-api-s.facebook.com"),
    ("ffmpeg-rtmps-kick-ingest", "ffmpeg -i obs_out.ts -c copy -f flv rtmps://fa723fc1b171.global-contribute.live-video.net:443/app/§S§", "'sk_us-west-2_ A12 '_ A30", "global-contribute.live-video.net"),
    ("streamlink-twitch-api-header-oauth", 'streamlink --twitch-api-header="Authorization=OAuth §S§" twitch.tv/§user§ best -o vod.ts', "a30", "streamlink"),
    ("gh-auth-login-with-token-echo", "echo §S§ | gh auth login --with-token", "@ghp", "gh auth login --with-token"),
    ("git-remote-set-url-user-pat", "git remote set-url origin https://§user§:§S§@github.com/§user§/§proj§.git", "@ghfg", "git remote set-url origin"),
    ("git-clone-gitlab-oauth2-user", "git clone https://oauth2:§S§@gitlab.com/§user§/§proj§.git", "@glpat", "git clone"),
    ("npm-config-set-registry-authtoken", "npm config set //registry.npmjs.org/:_authToken §S§", "@npm", "npm config set"),
    ("pip-install-extra-index-token-url", "pip install --extra-index-url https://__token__:§S§@gitlab.com/api/v4/projects/§num§/packages/pypi/simple pixelkit", "@glpat", "pip install --extra-index-url"),
    ("twine-upload-token-password-flag", "twine upload dist/* -u __token__ -p §S§", "@pypi", "twine upload dist/*"),
    ("docker-login-password-flag", "docker login -u §user§ -p §S§", "@dckr", "docker login"),
    ("bash-export-openai-key", "export OPENAI_API_KEY=§S§", "@skproj", "OPENAI_API_KEY"),
    ("cmd-setx-gemini-key", 'setx GEMINI_API_KEY "§S§"', "@aiza", "GEMINI_API_KEY"),
    ("powershell-env-anthropic-key", '$env:ANTHROPIC_API_KEY = "§S§"', "@skant", "$env:ANTHROPIC_API_KEY"),
    ("heroku-config-set-discord", "heroku config:set DISCORD_TOKEN=§S§ -a §proj§", "discord", "heroku config:set"),
    ("vercel-env-add-piped", 'echo "§S§" | vercel env add STRIPE_SECRET_KEY production', "@sklive", "vercel env add"),
    ("netlify-env-set-resend", "netlify env:set RESEND_API_KEY §S§", "@resend", "netlify env:set"),
    ("fly-secrets-set-telegram", "fly secrets set TELEGRAM_TOKEN=§S§ --app §proj§", "tg", "fly secrets set"),
    ("railway-variables-set-mongo-uri", 'railway variables --set "MONGO_URL=mongodb+srv://§user§:§S§@cluster0.§a5§.mongodb.net/?retryWrites=true"', "pw", "railway variables --set"),
    ("wrangler-secret-put-interactive", '$ npx wrangler secret put OPENWEATHER_KEY\n? Enter a secret value: » §S§\n🌀 Creating the secret for the Worker "§proj§"\n✨ Success! Uploaded secret OPENWEATHER_KEY', "h32", "wrangler secret put"),
    ("mosquitto-pub-capital-p-password", "mosquitto_pub -h §ip§ -u §user§ -P §S§ -t home/livingroom/lamp -m ON", "pw", "mosquitto_pub"),
    ("mosquitto-sub-hivemq-tls", "mosquitto_sub -h §a8§.s1.eu.hivemq.cloud -p 8883 -u esp32 -P '§S§' -t 'sensors/#' -v", "x16", "mosquitto_sub"),
    ("arduino-cli-build-property-define", 'arduino-cli compile --fqbn esp32:esp32:esp32 --build-property "compiler.cpp.extra_flags=-DWIFI_PASS=\\"§S§\\"" weather_station', "wifi", "arduino-cli compile"),
    ("platformio-build-flags-env-inline", "PLATFORMIO_BUILD_FLAGS='-DBLYNK_AUTH_TOKEN=\"§S§\"' pio run -t upload -e esp32dev", "B32", "pio run -t upload"),
    ("nmcli-wifi-connect-password", 'sudo nmcli dev wifi connect "§ssid§" password "§S§"', "wifi", "nmcli dev wifi connect"),
    ("wpa-passphrase-tee-append", 'wpa_passphrase "§ssid§" "§S§" | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf', "wifi", "wpa_passphrase"),
    ("raspi-config-nonint-wifi", 'sudo raspi-config nonint do_wifi_ssid_passphrase "§ssid§" "§S§"', "wifi", "do_wifi_ssid_passphrase"),
    ("sshpass-pi-remote-restart", "sshpass -p '§S§' ssh pi@§ip§ 'sudo systemctl restart homebridge'", "pw", "sshpass -p"),
    ("mysql-cli-inline-p-password", "mysql -u root -p§S§ wordpress < backup_§date§.sql", "pw", "mysql -u root"),
    ("wp-cli-user-create-pass", "wp user create §user§ §email§ --role=administrator --user_pass=§S§", "pw", "wp user create"),
    ("wp-cli-config-set-db-password", "wp config set DB_PASSWORD '§S§' --type=constant", "x16", "wp config set DB_PASSWORD"),
    ("psql-supabase-uri", 'psql "postgresql://postgres:§S§@db.§l20§.supabase.co:5432/postgres"', "x18", "psql"),
    ("mongosh-username-password-flags", 'mongosh "mongodb+srv://cluster0.§a5§.mongodb.net/" --username §user§ --password §S§', "A16", "--username"),
    ("redis-cli-upstash-tls-auth", "redis-cli -h §a12§.upstash.io -p 6379 --tls -a §S§", "@upstash", "redis-cli"),
    ("rcon-cli-minecraft-whitelist", 'rcon-cli --host §ip§ --port 25575 --password §S§ "whitelist add §user§"', "pw", "rcon-cli"),
    ("mcrcon-say-restart", 'mcrcon -H mc.§dom§ -P 25575 -p "§S§" "say server restarting in 5"', "x14", "mcrcon -H"),
    ("steamcmd-login-user-pass", "steamcmd +login §user§ §S§ +app_update 896660 validate +quit", "pw", "steamcmd +login"),
    ("butler-push-env-apikey", "BUTLER_API_KEY=§S§ butler push build/web §user§/§proj§:html5", "a40", "butler push"),
    ("godot-headless-export-keystore-env", "GODOT_ANDROID_KEYSTORE_RELEASE_PASSWORD='§S§' godot --headless --export-release \"Android\" build/game.apk", "pw", "--export-release"),
    ("keytool-genkey-storepass-keypass", "keytool -genkey -v -keystore release.keystore -alias §word§ -keyalg RSA -keysize 2048 -validity 10000 -storepass §S§ -keypass §S§", "x20", "keytool -genkey"),
    ("jarsigner-storepass-flag", "jarsigner -verbose -keystore my.keystore -storepass §S§ app-release-unsigned.apk upload", "pw", "jarsigner"),
    ("unity-batchmode-login-password", 'Unity -batchmode -nographics -username "§email§" -password "§S§" -quit', "pw", "-batchmode"),
    ("ngrok-config-add-authtoken", "ngrok config add-authtoken §S§", "@ngrok", "ngrok config add-authtoken"),
    ("tailscale-up-authkey-flag", "sudo tailscale up --authkey=§S§ --ssh --hostname=§word§-pi", "@tskey", "tailscale up"),
    ("cloudflared-tunnel-run-token", "cloudflared tunnel run --token §S§", "cftunnel", "cloudflared tunnel run"),
    ("duckdns-update-url-token", 'curl "https://www.duckdns.org/update?domains=§user§&token=§S§&ip="', "uuid", "duckdns.org/update"),
    ("noip-dyndns-basic-user", 'curl -u "§email§:§S§" "https://dynupdate.no-ip.com/nic/update?hostname=§user§.ddns.net"', "pw", "dynupdate.no-ip.com"),
    ("curl-home-assistant-states", 'curl -H "Authorization: Bearer §S§" -H "Content-Type: application/json" http://homeassistant.local:8123/api/states', "jwtha", "/api/states"),
    ("tinytuya-wizard-key-secret-flags", "python -m tinytuya wizard -key §a20§ -secret §S§ -region eu", "h32", "tinytuya wizard"),
    ("curl-openai-chat-bearer", 'curl https://api.openai.com/v1/chat/completions -H "Content-Type: application/json" -H "Authorization: Bearer §S§" -d @req.json', "@skproj", "/v1/chat/completions"),
    ("curl-gemini-key-query", "curl \"https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-flash:generateContent?key=§S§\" -H 'Content-Type: application/json' -d @prompt.json", "@aiza", "generateContent"),
    ("curl-anthropic-x-api-key", 'curl https://api.anthropic.com/v1/messages -H "x-api-key: §S§" -H "anthropic-version: 2023-06-01" -d @msg.json', "@skant", "anthropic-version"),
    ("stripe-listen-api-key-flag", "stripe listen --forward-to localhost:4242/webhook --api-key §S§", "@rktest", "stripe listen"),
    ("curl-stripe-basic-key-colon", "curl https://api.stripe.com/v1/charges -u §S§: -d amount=500 -d currency=eur -d source=tok_visa", "@sklive24", "api.stripe.com/v1/charges"),
    ("curl-paypal-oauth-client-basic", 'curl -v https://api-m.sandbox.paypal.com/v1/oauth2/token -u "A§B79§:§S§" -d "grant_type=client_credentials"', "@paypal", "v1/oauth2/token"),
    ("curl-shopify-admin-token-header", 'curl -X GET "https://§word§-shop.myshopify.com/admin/api/2024-01/products.json" -H "X-Shopify-Access-Token: §S§"', "@shpat", "X-Shopify-Access-Token"),
    ("curl-gumroad-sales-access-token", 'curl https://api.gumroad.com/v2/sales -d "access_token=§S§" -X GET', "B43", "api.gumroad.com/v2/sales"),
    ("curl-etsy-x-api-key", 'curl -H "x-api-key: §S§" "https://openapi.etsy.com/v3/application/shops?shop_name=§user§"', "a24", "openapi.etsy.com"),
    ("curl-airtable-pat-bearer", 'curl "https://api.airtable.com/v0/app§A14§/Orders?maxRecords=3" -H "Authorization: Bearer §S§"', "@airtable", "api.airtable.com"),
    ("curl-notion-query-database", "curl -X POST https://api.notion.com/v1/databases/§h32§/query -H 'Authorization: Bearer §S§' -H 'Notion-Version: 2022-06-28'", "@notion", "Notion-Version"),
    ("curl-make-webhook-post", "curl -X POST https://hook.eu2.make.com/§S§ -H 'Content-Type: application/json' -d '{\"order\":\"§num§\"}'", "a32", "hook.eu2.make.com"),
    ("curl-zapier-catch-hook-path", 'curl -X POST "https://hooks.zapier.com/hooks/catch/§S§/" -H "Content-Type: application/json" -d @lead.json', "d8 '/ a7", "hooks.zapier.com/hooks/catch"),
    ("curl-n8n-api-key-header", 'curl -H "X-N8N-API-KEY: §S§" http://localhost:5678/api/v1/workflows', "jwtn8n", "X-N8N-API-KEY"),
    ("curl-slack-incoming-webhook", "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy done :tada:\"}' https://hooks.slack.com/services/T§U10§/B§U11§/§S§", "A24", "hooks.slack.com/services"),
    ("curl-discord-webhook-json", 'curl -H "Content-Type: application/json" -d \'{"content":"new follower!"}\' https://discord.com/api/webhooks/§snow§/§S§', "@dwh", "discord.com/api/webhooks"),
    ("curl-ifttt-maker-trigger", "curl -X POST https://maker.ifttt.com/trigger/doorbell_pressed/with/key/§S§", "B22", "maker.ifttt.com/trigger"),
    ("curl-pushover-form-token", 'curl -s --form-string "token=§S§" --form-string "user=§a30§" --form-string "message=washer done" https://api.pushover.net/1/messages.json', "a30", "api.pushover.net"),
    ("curl-ntfy-bearer-publish", 'curl -H "Authorization: Bearer §S§" -d "Backup finished" ntfy.sh/§user§-alerts', "'t|k_ a29", "ntfy.sh"),
    ("curl-sendgrid-mail-send", 'curl --request POST --url https://api.sendgrid.com/v3/mail/send --header "Authorization: Bearer §S§" --header "Content-Type: application/json" -d @mail.json', "@sendgrid", "v3/mail/send"),
    ("curl-mailgun-api-user", "curl -s --user 'api:§S§' https://api.mailgun.net/v3/mg.§dom§/messages -F from='Shop <noreply@§dom§>' -F to=§email§ -F subject='Order shipped'", "@mailgun", "api.mailgun.net"),
    ("curl-twilio-sid-token-basic", 'curl -X POST https://api.twilio.com/2010-04-01/Accounts/AC§h32§/Messages.json --data-urlencode "Body=Door opened" --data-urlencode "To=+15550100§d3§" -u AC§h32§:§S§', "h32", "Messages.json"),
    ("aws-configure-set-secret", "aws configure set aws_secret_access_key §S§ --profile hackathon", "@awssec", "aws configure set"),
    ("aws-s3-sync-inline-env", "AWS_ACCESS_KEY_ID=AKIA§U16§ AWS_SECRET_ACCESS_KEY=§S§ aws s3 sync ./public s3://§proj§-site --delete", "@awssec", "aws s3 sync"),
    ("doctl-auth-init-token", "doctl auth init --access-token §S§", "@dop", "doctl auth init"),
    ("firebase-deploy-token-flag", 'firebase deploy --only hosting --token "§S§"', "@goog1", "firebase deploy"),
    ("huggingface-cli-login-token", "huggingface-cli login --token §S§ --add-to-git-credential", "@hf", "huggingface-cli login"),
    ("kaggle-env-inline-download", "KAGGLE_USERNAME=§user§ KAGGLE_KEY=§S§ kaggle competitions download -c titanic", "h32", "kaggle competitions download"),
    ("wandb-login-positional", "wandb login §S§", "h40", "wandb login"),
    ("replicate-env-python-run", "REPLICATE_API_TOKEN=§S§ python gen_thumbnails.py --style pixel", "@r8", "REPLICATE_API_TOKEN"),
    ("python-bot-token-argument", 'python bot.py --token §S§ --prefix "!"', "discord", "python bot.py"),
    ("node-env-deploy-commands", "DISCORD_TOKEN=§S§ CLIENT_ID=§snow§ node deploy-commands.js", "discord", "deploy-commands.js"),
    ("smbclient-percent-password", "smbclient //§ip§/media -U §user§%§S§", "pw", "smbclient"),
    ("mount-cifs-options-password", "sudo mount -t cifs //nas.local/photos /mnt/photos -o username=§user§,password=§S§,vers=3.0", "pw", "mount -t cifs"),
    ("rclone-config-create-drive-secret", "rclone config create gdrive drive client_id §d12§-§a32§.apps.googleusercontent.com client_secret §S§ scope drive", "@gocspx", "rclone config create"),
    ("htpasswd-batch-create", "htpasswd -b -c /etc/nginx/.htpasswd §user§ §S§", "pw", "htpasswd -b -c"),
    ("docker-run-minecraft-rcon-env", "docker run -d --name mc -e EULA=TRUE -e RCON_PASSWORD=§S§ -p 25565:25565 itzg/minecraft-server", "pw", "itzg/minecraft-server"),
    ("docker-run-pihole-webpassword", "docker run -d --name pihole -e WEBPASSWORD='§S§' -e TZ=Europe/Berlin -p 80:80 pihole/pihole:latest", "pw", "pihole/pihole"),
    ("git-commit-message-hardcoded-token", 'git commit -am "temp: hardcode bot token §S§ (remove later!!)"', "discord", "git commit -am"),
    ("sqlite3-insert-settings-key", "sqlite3 app.db \"INSERT INTO settings(key, value) VALUES ('openweather_key', '§S§');\"", "h32", "sqlite3 app.db"),
    ("supabase-link-password-flag", "supabase link --project-ref §l20§ --password '§S§'", "x18", "supabase link"),
    ("vercel-prod-token-flag", "vercel --prod --token §S§ --yes", "A24", "vercel --prod"),
    ("netlify-deploy-auth-flag", "netlify deploy --prod --dir=dist --auth §S§ --site §uuid§", "@nfp", "netlify deploy"),
    ("gh-secret-set-body", 'gh secret set STEAM_API_KEY --body "§S§" --repo §user§/§proj§', "H32", "gh secret set"),
    ("ssh-keygen-empty-n-passphrase", 'ssh-keygen -t ed25519 -C "§email§" -N "§S§" -f ~/.ssh/id_school', "pw", "ssh-keygen -t ed25519"),
    ("openssl-enc-pass-pass", "openssl enc -aes-256-cbc -pbkdf2 -in diary.txt -out diary.enc -pass pass:§S§", "pw", "openssl enc"),
    ("sevenzip-password-switch", "7z a -p§S§ -mhe=on homework_backup.7z ~/Documents/uni", "pw", "7z a"),
    ("zip-capital-p-password", "zip -P §S§ -r minecraft_world.zip world/", "pwl", "zip -P"),
    ("gpg-batch-passphrase-decrypt", "gpg --batch --pinentry-mode loopback --passphrase '§S§' -d secrets.txt.gpg", "pw", "gpg --batch"),
    ("curl-plex-token-query", 'curl "http://§ip§:32400/library/sections?X-Plex-Token=§S§"', "B20", "library/sections"),
    ("curl-octoprint-x-api-key", 'curl -H "X-Api-Key: §S§" http://octopi.local/api/job', "H32", "octopi.local/api/job"),
    ("curl-sonarr-apikey-query", 'curl "http://§ip§:8989/api/v3/series?apikey=§S§"', "h32", "api/v3/series"),
    ("curl-jellyfin-emby-token", "curl -H 'X-Emby-Token: §S§' 'http://§ip§:8096/Items?Recursive=true&IncludeItemTypes=Movie'", "h32", "X-Emby-Token"),
    ("curl-hue-bridge-api-path", "curl -X PUT -d '{\"on\":false}' http://§ip§/api/§S§/lights/3/state", "@hue", "lights/3/state"),
    ("curl-shelly-basic-admin", 'curl -u admin:§S§ "http://§ip§/relay/0?turn=on"', "pw", "relay/0?turn=on"),
    ("curl-openwrt-luci-basic", 'curl -u "root:§S§" http://192.168.1.1/cgi-bin/luci/admin/status', "x12", "cgi-bin/luci"),
    ("curl-cloudflare-verify-token", 'curl "https://api.cloudflare.com/client/v4/user/tokens/verify" -H "Authorization: Bearer §S§"', "B40", "tokens/verify"),
    ("curl-cloudflare-global-key-headers", 'curl "https://api.cloudflare.com/client/v4/zones" -H "X-Auth-Email: §email§" -H "X-Auth-Key: §S§"', "h37", "X-Auth-Email"),
    ("curl-wordpress-app-password-user", 'curl --user "§user§:§S§" https://§dom§/wp-json/wp/v2/posts -X POST -d "title=Test&status=draft"', "wpapp", "wp-json/wp/v2/posts"),
    ("node-ghost-admin-key-env", "GHOST_ADMIN_API_KEY=§h24§:§S§ node publish.js drafts/§word§.md", "@ghost", "publish.js"),
    ("curl-github-token-scheme", 'curl -H "Authorization: token §S§" https://api.github.com/user/repos?per_page=100', "@gho", "api.github.com/user/repos"),
    ("curl-spotify-client-credentials-basic", 'curl -X POST "https://accounts.spotify.com/api/token" -d grant_type=client_credentials -u §h32§:§S§', "h32", "accounts.spotify.com"),
    ("curl-reddit-password-grant", "curl -X POST -d 'grant_type=password&username=§user§&password=§S§' --user \"§B22§:$REDDIT_SECRET\" https://www.reddit.com/api/v1/access_token", "pw", "grant_type=password"),
    ("curl-openweather-appid", 'curl "https://api.openweathermap.org/data/2.5/weather?q=§city§&appid=§S§&units=metric"', "h32", "api.openweathermap.org"),
    ("curl-steam-player-summaries-key", 'curl "https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v2/?key=§S§&steamids=7656119§d10§"', "H32", "GetPlayerSummaries"),
    ("curl-riot-x-riot-token", 'curl -H "X-Riot-Token: §S§" "https://euw1.api.riotgames.com/lol/summoner/v4/summoners/by-puuid/§B78§"', "'RGAPI- uuid", "X-Riot-Token"),
    ("curl-youtube-data-search-key", 'curl "https://www.googleapis.com/youtube/v3/search?part=snippet&channelId=UC§B22§&maxResults=10&order=date&key=§S§"', "@aiza", "youtube/v3/search"),
    ("mapbox-tilesets-env-secret-token", "MAPBOX_ACCESS_TOKEN=§S§ tilesets upload-source §user§ trails trails.geojson.ld", "mapboxsk", "tilesets upload-source"),
    ("curl-canvas-lms-courses", 'curl -H "Authorization: Bearer §S§" "https://canvas.§uni§.edu/api/v1/courses?per_page=50"', "@canvas", "api/v1/courses"),
    ("curl-moodle-wstoken", 'curl "https://moodle.§uni§.ac.uk/webservice/rest/server.php?wstoken=§S§&wsfunction=core_webservice_get_site_info&moodlewsrestformat=json"', "h32", "wsfunction="),
    ("nmcli-eduroam-peap-password", 'nmcli connection add type wifi con-name eduroam ssid eduroam wifi-sec.key-mgmt wpa-eap 802-1x.eap peap 802-1x.phase2-auth mschapv2 802-1x.identity "§stud§@§uni§.edu" 802-1x.password "§S§"', "pw", "802-1x.identity"),
    ("tasmota-console-backlog-wifi", "Backlog SSID1 §ssid§; Password1 §S§; MqttHost §ip§; MqttUser tasmota; Topic plug_§word§", "wifi", "Backlog SSID1"),
    ("tasmota-console-mqttpassword", "MqttPassword §S§", "pw", "MqttPassword"),
    ("esphome-dashboard-env-password", "USERNAME=admin PASSWORD=§S§ esphome dashboard config/", "pw", "esphome dashboard"),
    ("python-venv-pip-index-token-env", "PIP_INDEX_URL=https://§user§:§S§@pypi.§dom§/simple pip install -r requirements.txt", "x16", "pip install -r requirements.txt"),
    ("curl-pterodactyl-client-api", 'curl "https://panel.§dom§/api/client/servers/§h8§/power" -H "Authorization: Bearer §S§" -H "Content-Type: application/json" -X POST -d \'{"signal":"restart"}\'', "@ptlc", "api/client/servers"),
    ("curl-curseforge-x-api-key", "curl -H 'x-api-key: §S§' 'https://api.curseforge.com/v1/mods/search?gameId=432&searchFilter=jei'", "@cfkey", "api.curseforge.com"),
    ("curl-roblox-opencloud-x-api-key", 'curl -X POST "https://apis.roblox.com/messaging-service/v1/universes/§d10§/topics/announcements" -H "x-api-key: §S§" -d \'{"message":"update in 5"}\'', "b120", "messaging-service"),
    ("curl-itch-api-key-path", 'curl "https://itch.io/api/1/§S§/my-games"', "a40", "my-games"),
    ("curl-blynk-update-token-query", 'curl "https://blynk.cloud/external/api/update?token=§S§&V1=23.5"', "B32", "blynk.cloud/external/api/update"),
    ("curl-thingspeak-update-api-key", 'curl "https://api.thingspeak.com/update?api_key=§S§&field1=21.4&field2=48"', "U16", "api.thingspeak.com/update"),
    ("curl-adafruit-io-key-header", 'curl -H "X-AIO-Key: §S§" https://io.adafruit.com/api/v2/§user§/feeds/temperature/data -d "value=22.1"', "@aio", "X-AIO-Key"),
    ("particle-call-access-token", "particle call §h24§ led on --access_token §S§", "h40", "particle call"),
    ("curl-linear-graphql-auth", 'curl https://api.linear.app/graphql -H "Content-Type: application/json" -H "Authorization: §S§" --data \'{"query":"{ viewer { id name } }"}\'', "'lin|_api_ A40", "api.linear.app/graphql"),
    ("curl-todoist-tasks-bearer", 'curl https://api.todoist.com/rest/v2/tasks -H "Authorization: Bearer §S§"', "h40", "rest/v2/tasks"),
    ("curl-trello-key-token-query", 'curl "https://api.trello.com/1/members/me/boards?key=§h32§&token=§S§"', "'AT|TA h72", "members/me/boards"),
    ("curl-figma-token-header", "curl -H 'X-Figma-Token: §S§' 'https://api.figma.com/v1/files/§A22§'", "'fig|d_ B40", "X-Figma-Token"),
    ("curl-dropbox-upload-bearer", 'curl -X POST https://content.dropboxapi.com/2/files/upload --header "Authorization: Bearer §S§" --header "Dropbox-API-Arg: {\\"path\\": \\"/backup/db.sql\\"}" --data-binary @db.sql', "'sl. 'B B137", "files/upload"),
    ("curl-mailchimp-anystring-basic", 'curl -u "anystring:§S§" https://us§d2§.api.mailchimp.com/3.0/lists', "@mchimp", "api.mailchimp.com/3.0/lists"),
    ("curl-brevo-api-key-header", 'curl --request POST --url https://api.brevo.com/v3/smtp/email --header "api-key: §S§" --header "content-type: application/json" -d @mail.json', "@brevo", "api.brevo.com"),
    ("curl-sentry-auth-bearer", 'curl -H "Authorization: Bearer §S§" https://sentry.io/api/0/projects/', "sntrys", "sentry.io/api/0/projects"),
    ("curl-deepl-auth-key-header", 'curl -X POST "https://api-free.deepl.com/v2/translate" --header "Authorization: DeepL-Auth-Key §S§" --data "text=Hallo Welt" --data "target_lang=EN"', "uuid ':fx", "api-free.deepl.com"),
    ("curl-elevenlabs-xi-api-key", 'curl -X POST "https://api.elevenlabs.io/v1/text-to-speech/§A20§" -H "xi-api-key: §S§" -d \'{"text":"welcome to the stream"}\' -o tts.mp3', "'sk|_ h48", "xi-api-key"),
    ("curl-groq-chat-bearer", 'curl https://api.groq.com/openai/v1/chat/completions -H "Authorization: Bearer §S§" -d @q.json', "@gsk", "api.groq.com"),
    ("curl-openrouter-bearer", 'curl https://openrouter.ai/api/v1/chat/completions -H "Authorization: Bearer §S§" -H "HTTP-Referer: https://§dom§" -d @q.json', "@orkey", "openrouter.ai"),
    ("curl-bluesky-create-session", 'curl -X POST https://bsky.social/xrpc/com.atproto.server.createSession -H "Content-Type: application/json" -d \'{"identifier":"§user§.bsky.social","password":"§S§"}\'', "bsky", "createSession"),
    ("curl-mastodon-status-post", "curl -X POST -H 'Authorization: Bearer §S§' -F 'status=new devlog is up!' https://mastodon.social/api/v1/statuses", "B43", "api/v1/statuses"),
    ("curl-matrix-send-access-token-query", "curl -X PUT 'https://matrix.org/_matrix/client/v3/rooms/!§A18§:matrix.org/send/m.room.message/1?access_token=§S§' -d '{\"msgtype\":\"m.text\",\"body\":\"hi\"}'", "syt", "m.room.message"),
    ("curl-line-notify-bearer", 'curl -X POST -H "Authorization: Bearer §S§" -F "message=Plant needs water" https://notify-api.line.me/api/notify', "B43", "notify-api.line.me"),
    ("curl-vk-api-access-token-query", 'curl "https://api.vk.com/method/wall.post?owner_id=-§d9§&message=test&access_token=§S§&v=5.199"', "'vk1.a. B200", "method/wall.post"),
    ("curl-dingtalk-robot-access-token", "curl 'https://oapi.dingtalk.com/robot/send?access_token=§S§' -H 'Content-Type: application/json' -d '{\"msgtype\":\"text\",\"text\":{\"content\":\"build ok\"}}'", "h64", "oapi.dingtalk.com"),
    ("curl-wecom-webhook-key", "curl 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=§S§' -H 'Content-Type: application/json' -d '{\"msgtype\":\"text\",\"text\":{\"content\":\"hello\"}}'", "uuid", "cgi-bin/webhook/send"),
    ("curl-telegram-sendphoto-form", 'curl -F chat_id=§d9§ -F photo=@cam.jpg https://api.telegram.org/bot§S§/sendPhoto', "tg", "sendPhoto"),
    ("hass-cli-token-flag", "hass-cli --server http://§ip§:8123 --token §S§ state list 'light.*'", "jwtha", "hass-cli"),
    ("esphome-upload-ota-prompt-comment", "esphome upload kitchen.yaml --device §ip§  # OTA password prompt answered with: §S§", "pw", "esphome upload"),
    ("curl-octoprint-upload-apikey-query", 'curl -F "file=@benchy.gcode" "http://octopi.local/api/files/local?apikey=§S§"', "B43", "api/files/local"),
    ("curl-unifi-login-json", 'curl -k -X POST https://§ip§:8443/api/login -d \'{"username":"admin","password":"§S§"}\' -c cookies.txt', "pw", "api/login"),
    ("curl-synology-auth-query", 'curl "http://§ip§:5000/webapi/auth.cgi?api=SYNO.API.Auth&version=3&method=login&account=§user§&passwd=§S§&format=sid"', "pw", "SYNO.API.Auth"),
    ("curl-qbittorrent-login-form", "curl -i --data 'username=admin&password=§S§' http://§ip§:8080/api/v2/auth/login", "pw", "api/v2/auth/login"),
    ("curl-printful-bearer", 'curl -H "Authorization: Bearer §S§" https://api.printful.com/store/products', "A40", "api.printful.com"),
    ("curl-woocommerce-consumer-secret-query", 'curl "https://§dom§/wp-json/wc/v3/orders?consumer_key=$WC_KEY&consumer_secret=§S§"', "'c|s_ h40", "wc/v3/orders"),
    ("curl-kofi-webhook-test-token", "curl -X POST http://localhost:3000/kofi -d 'data={\"verification_token\":\"§S§\",\"type\":\"Donation\",\"amount\":\"3.00\"}'", "uuid", "verification_token"),
]


TOOL_OUTPUT = [
    ("gh-auth-status-show-token", "$ gh auth status --show-token\ngithub.com\n  ✓ Logged in to github.com account §user§ (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: §S§\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'", "@gho", "Token scopes"),
    ("heroku-config-vars-database-url", "$ heroku config -a §proj§\n=== §proj§ Config Vars\nDATABASE_URL: postgres://§l14§:§S§@ec2-§ipd§.compute-1.amazonaws.com:5432/§l12§\nNODE_ENV:     production", "h64", "Config Vars"),
    ("vercel-env-pull-cat", "$ vercel env pull .env.local\nVercel CLI 37.4.2\n> Downloading `development` Environment Variables for §user§/§proj§\n✅  Created .env.local file  [180ms]\n$ cat .env.local\n# Created by Vercel CLI\nNEXTAUTH_SECRET=\"§S§\"\nNEXTAUTH_URL=\"http://localhost:3000\"", "r32", "NEXTAUTH_SECRET"),
    ("docker-inspect-config-env-json", "$ docker inspect pihole --format '{{json .Config.Env}}'\n[\"TZ=Europe/London\",\"WEBPASSWORD=§S§\",\"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\",\"phpver=php\"]", "pw", "docker inspect pihole"),
    ("kubectl-secret-jsonpath-decoded", "$ kubectl get secret grafana -n monitoring -o jsonpath=\"{.data.admin-password}\" | base64 -d\n§S§", "x20", "kubectl get secret grafana"),
    ("printenv-grep-twitch-oauth", "$ printenv | grep -i twitch\nTWITCH_CHANNEL=§user§\nTWITCH_BOT_TOKEN=oauth:§S§\nTWITCH_CLIENT_ID=§a30§", "a30", "TWITCH_BOT_TOKEN"),
    ("cat-dotenv-stripe-pair", "$ cat .env\nPORT=3000\nSTRIPE_SECRET_KEY=§S§\nSTRIPE_PUBLISHABLE_KEY=pk_¦live_§A99§", "@sklive", "STRIPE_PUBLISHABLE_KEY"),
    ("npm-publish-verbose-authtoken", "$ npm publish --verbose\nnpm verb cli /usr/bin/node /usr/bin/npm\nnpm verb title npm publish\nnpm http fetch PUT 401 https://registry.npmjs.org/§proj§ 512ms\nnpm verb config //registry.npmjs.org/:_authToken=§S§ (from ~/.npmrc)", "@npm", "npm publish --verbose"),
    ("git-config-list-remote-url", "$ git config --list --show-origin\nfile:.git/config\tcore.bare=false\nfile:.git/config\tremote.origin.url=https://§user§:§S§@github.com/§user§/§proj§.git\nfile:.git/config\tbranch.main.remote=origin", "@ghp", "git config --list"),
    ("pm2-env-dump", "$ pm2 env 0\nnode_version: 20.11.1\nNODE_ENV: production\nBOT_TOKEN: §S§\nPREFIX: !\nunstable_restarts: 0", "discord", "pm2 env 0"),
    ("serial-monitor-wifi-debug-print", "--- Miniterm on /dev/ttyUSB0  115200,8,N,1 ---\nConnecting to WiFi SSID: §ssid§\nUsing password: §S§\n.......\nWiFi connected, IP: §ip§", "wifi", "Connecting to WiFi SSID"),
    ("serial-monitor-mqtt-connect-debug", "[MQTT] connecting to broker §ip§:1883 as esp-garage (user=§user§ pass=§S§)\n[MQTT] rc=0 connected\n[MQTT] subscribed garage/door/cmd", "pw", "[MQTT] connecting"),
    ("cat-aws-credentials-file", "$ cat ~/.aws/credentials\n[default]\naws_access_key_id = AKIA§U16§\naws_secret_access_key = §S§", "@awssec", "aws_secret_access_key"),
    ("aws-sts-session-credentials-json", "$ aws sts get-session-token --duration-seconds 3600\n{\n    \"Credentials\": {\n        \"AccessKeyId\": \"ASIA§U16§\",\n        \"SecretAccessKey\": \"§S§\",\n        \"SessionToken\": \"(cut, 700 chars)\",\n        \"Expiration\": \"§date§T18:22:41+00:00\"\n    }\n}", "@awssec", "SecretAccessKey"),
    ("stripe-config-list-test-key", "$ stripe config --list\n[default]\n  account_id = 'acct_§A16§'\n  device_name = '§user§-laptop'\n  display_name = '§proj§'\n  test_mode_api_key = '§S§'\n  test_mode_pub_key = 'pk_¦test_§A99§'", "@rktest", "test_mode_api_key"),
    ("cat-ngrok-yml-authtoken", "$ cat ~/.config/ngrok/ngrok.yml\nversion: \"2\"\nauthtoken: §S§\ntunnels:\n  web:\n    proto: http\n    addr: 3000", "@ngrok", "authtoken"),
    ("python-repl-environ-hf", ">>> import os\n>>> os.environ[\"HF_TOKEN\"]\n'§S§'\n>>> ", "@hf", "os.environ"),
    ("node-repl-process-env-service-role", "> process.env.SUPABASE_SERVICE_ROLE_KEY\n'§S§'\n> ", "jwtsb", "process.env.SUPABASE_SERVICE_ROLE_KEY"),
    ("ipython-out-api-key", "In [3]: openai.api_key\nOut[3]: '§S§'\n\nIn [4]: ", "@sklegacy", "openai.api_key"),
    ("sqlite-select-config-pipes", "sqlite> SELECT * FROM config;\nbot_prefix|!\ntwitch_oauth|oauth:§S§\nchannel|§user§\nsqlite> ", "a30", "twitch_oauth"),
    ("mysql-table-wp-options-smtp", "mysql> SELECT option_name, option_value FROM wp_options WHERE option_name LIKE 'smtp%';\n+-------------+--------------------------+\n| option_name | option_value             |\n+-------------+--------------------------+\n| smtp_user   | §email§ |\n| smtp_pass   | §S§      |\n+-------------+--------------------------+\n2 rows in set (0.00 sec)", "gapp", "option_name"),
    ("redis-cli-get-refresh-token", "127.0.0.1:6379> GET session:spotify:refresh\n\"§S§\"\n127.0.0.1:6379> TTL session:spotify:refresh\n(integer) -1", "'AQ B130", "session:spotify:refresh"),
    ("tinytuya-wizard-device-listing", "Device Listing\n\n[\n    {\n        \"name\": \"Living Room Plug\",\n        \"id\": \"bf§a20§\",\n        \"key\": \"§S§\",\n        \"mac\": \"§mac§\",\n        \"ip\": \"§ip§\",\n        \"version\": \"3.3\"\n    }\n]", "@tuyalocal", "Device Listing"),
    ("ha-long-lived-token-dialog-copy", "Long-lived access tokens\nToken created\nCopy your access token. It will not be shown again.\n§S§\n[OK]", "jwtha", "It will not be shown again"),
    ("github-new-pat-page-copy", "Personal access tokens (classic)\nMake sure to copy your personal access token now. You won’t be able to see it again!\n✓ §S§   [copy]\n[Delete]", "@ghp", "Personal access tokens"),
    ("discord-portal-reset-token-copy", "Bot\nTOKEN\nFor security purposes, tokens can only be viewed once, when created. If you forgot or lost access to your token, please regenerate a new one.\n§S§\n[Copy]  [Reset Token]", "discord", "Reset Token"),
    ("botfather-newbot-reply", "BotFather: Done! Congratulations on your new bot. You will find it at t.me/§user§_bot. You can now add a description, about section and profile picture for your bot, see /help for a list of commands.\n\nUse this token to access the HTTP API:\n§S§\nKeep your token secure and store it safely, it can be used by anyone to control your bot.", "tg", "Use this token to access the HTTP API"),
    ("obs-settings-stream-screenshot-ocr", "[screenshot OCR: OBS 30.1 Settings > Stream]\nService: Twitch\nServer: Auto (Recommended)\nStream Key: §S§   [Show] [Get Stream Key]\n☐ Use bandwidth test mode", "@twlive", "Settings > Stream"),
    ("youtube-studio-stream-key-ocr", "Stream settings\nStream key (paste in encoder)\nDefault stream key (Variable)\n§S§   COPY\nStream URL\nrtmp://a.rtmp.youtube.com/live2", "ytkey", "Stream URL"),
    ("tiktok-live-push-url-signed", "LIVE Center > Stream setup\nServer URL: rtmp://push-rtmp-l11-va01.tiktokcdn.com/game/\nStream key: stream-§d19§?expire=§d10§&sign=§S§", "h32", "Server URL"),
    ("streamelements-secrets-page", "StreamElements > Account > Channels > Show secrets\nAccount ID: §h24§\nJWT Token: §S§\nOverlay token: (hidden)", "jwtse", "Account ID"),
    ("pip-config-list-index-url", "$ pip config list\nglobal.index-url='https://§user§:§S§@pypi.§dom§/simple'\nglobal.timeout='60'", "pw", "pip config list"),
    ("netsh-wlan-show-profile-key-clear", "> netsh wlan show profile name=\"§ssid§\" key=clear\n\nSecurity settings\n-----------------\n    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n    Security key           : Present\n    Key Content            : §S§", "wifi", "Key Content"),
    ("nmcli-show-secrets-psk-only", "$ nmcli -s -g 802-11-wireless-security.psk connection show \"§ssid§\"\n§S§", "wifi", "802-11-wireless-security.psk"),
    ("macos-security-find-generic-password", "$ security find-generic-password -wa \"§ssid§\"\n§S§", "wifi", "find-generic-password"),
    ("wpa-passphrase-output-hex-psk", "$ wpa_passphrase \"§ssid§\" | sed '/#psk/d'\nnetwork={\n\tssid=\"§ssid§\"\n\tpsk=§S§\n}", "h64", "wpa_passphrase"),
    ("router-web-ui-wireless-page-text", "TP-Link Archer C6 > Wireless > Wireless Settings\nNetwork Name (SSID): §ssid§   ☑ Hide SSID\nSecurity: WPA/WPA2-Personal\nVersion: WPA2-PSK   Encryption: AES\nPassword: §S§", "wifi", "Network Name (SSID)"),
    ("printer-network-config-page-text", "HP LaserJet Pro M404dw — Network Configuration Page\nHostname: NPI§H6§\nWi-Fi Direct: On\nWi-Fi Direct Name: DIRECT-§U2§-HP M404\nWi-Fi Direct Password: §S§", "a10", "Wi-Fi Direct Name"),
    ("docker-compose-config-rendered-env", "$ docker compose config\nname: cloud\nservices:\n  nextcloud:\n    environment:\n      MYSQL_DATABASE: nextcloud\n      MYSQL_PASSWORD: §S§\n      MYSQL_USER: nextcloud\n    image: nextcloud:28", "pw", "docker compose config"),
    ("curl-verbose-basic-authorization-line", "$ curl -v --netrc https://api.§dom§/v1/me\n* Connected to api.§dom§ port 443\n> GET /v1/me HTTP/2\n> Host: api.§dom§\n> Authorization: Basic §S§\n> User-Agent: curl/8.5.0\n< HTTP/2 200", "basicpw", "--netrc"),
    ("httpie-request-echo-bearer", "$ http -v GET :8000/api/me \"Authorization:Bearer §S§\"\nGET /api/me HTTP/1.1\nAccept: */*\nAuthorization: Bearer §S§\nHost: localhost:8000\n\nHTTP/1.1 200 OK", "jwt", "http -v GET"),
    ("postman-console-request-body", "POST https://api.§dom§/oauth/token\n▶ Request Headers\n  Content-Type: application/x-www-form-urlencoded\n▶ Request Body\n  grant_type: \"client_credentials\"\n  client_id: \"§a24§\"\n  client_secret: \"§S§\"", "A40", "Request Body"),
    ("firebase-login-ci-output", "$ firebase login:ci\nVisit this URL on this device to log in:\nhttps://accounts.google.com/o/oauth2/auth?client_id=§d12§-...\nWaiting for authentication...\n✔  Success! Use this token to login on a CI server:\n\n§S§\n\nExample: firebase deploy --token \"$FIREBASE_TOKEN\"", "@goog1", "firebase login:ci"),
    ("gcloud-print-access-token", "$ gcloud auth print-access-token\n§S§", "@ya29", "gcloud auth print-access-token"),
    ("az-sp-create-for-rbac-json", "$ az ad sp create-for-rbac --name hackbot\n{\n  \"appId\": \"§uuid§\",\n  \"displayName\": \"hackbot\",\n  \"password\": \"§S§\",\n  \"tenant\": \"§uuid2§\"\n}", "@msq", "create-for-rbac"),
    ("supabase-status-service-role-line", "$ supabase status\n         API URL: http://127.0.0.1:54321\n     GraphQL URL: http://127.0.0.1:54321/graphql/v1\n          DB URL: postgresql://postgres:postgres@127.0.0.1:54322/postgres\n      Studio URL: http://127.0.0.1:54323\nservice_role key: §S§", "jwtsb", "supabase status"),
    ("tailscale-admin-generated-key-copy", "Generated new key\nBe sure to copy your new key below. It won't be shown in full again.\n§S§\n[Done]", "@tskey", "Generated new key"),
    ("ngrok-dashboard-authtoken-copy", "Your Authtoken\nThis is your personal Authtoken. Use this to authenticate the ngrok agent that you downloaded.\n§S§\n[Copy]  [Reset Authtoken]", "@ngrok", "Your Authtoken"),
    ("cloudflare-token-created-page", "Edit zone DNS API token was successfully created\nCopy this token to access the Cloudflare API. For security this will not be shown again.\n§S§\nTest this token\ncurl \"https://api.cloudflare.com/client/v4/user/tokens/verify\" \\\n     -H \"Authorization: Bearer §S§\"", "B40", "Test this token"),
    ("openai-save-your-key-dialog", "Save your key\nPlease save your secret key in a safe place since you won't be able to view it again. Keep it secure, as anyone with your API key can make requests on your behalf.\n§S§   [Copy]\nPermissions: All", "@skproj", "Save your key"),
    ("git-log-patch-hardcoded-token", "$ git log -p -1\ncommit §sha§\nAuthor: §first§ <§email§>\nDate:   §date§\n\n    oops\n\ndiff --git a/config.js b/config.js\n-const TOKEN = process.env.TOKEN;\n+const TOKEN = \"§S§\";", "discord", "git log -p -1"),
    ("git-diff-cached-env-added", "$ git diff --cached .env\ndiff --git a/.env b/.env\nnew file mode 100644\n--- /dev/null\n+++ b/.env\n@@ -0,0 +1,2 @@\n+SPOTIFY_CLIENT_ID=§h32§\n+SPOTIFY_CLIENT_SECRET=§S§", "h32", "SPOTIFY_CLIENT_SECRET"),
    ("grep-rn-api-key-hit", "$ grep -rn \"api_key\" .\n./weather.py:4:api_key = \"§S§\"\n./README.md:12:Set api_key to your OpenWeather key.", "h32", "grep -rn"),
    ("ripgrep-hidden-stripe-hit", "$ rg -n \"stripe\" --hidden src/\nsrc/pages/api/checkout.js\n7:const stripe = require('stripe')('§S§');\n8:// TODO env var", "@sklive", "src/pages/api/checkout.js"),
    ("cat-kaggle-json", "$ cat ~/.kaggle/kaggle.json\n{\"username\":\"§user§\",\"key\":\"§S§\"}", "h32", "kaggle.json"),
    ("cat-netrc-heroku-machine", "$ cat ~/.netrc\nmachine api.heroku.com\n  login §email§\n  password §S§\nmachine git.heroku.com\n  login §email§\n  password §S§", "@heroku", "machine api.heroku.com"),
    ("cat-docker-config-auths", "$ cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"https://index.docker.io/v1/\": {\n\t\t\t\"auth\": \"§S§\"\n\t\t}\n\t}\n}", "basicdocker", "index.docker.io"),
    ("cat-git-credentials-store", "$ cat ~/.git-credentials\nhttps://§user§:§S§@github.com", "@ghfg", "git-credentials"),
    ("cat-pgpass-line", "$ cat ~/.pgpass\nlocalhost:5432:hackathon:postgres:§S§", "pw", ".pgpass"),
    ("cat-debian-cnf-maint", "$ sudo cat /etc/mysql/debian.cnf\n# Automatically generated for Debian scripts. DO NOT TOUCH!\n[client]\nhost     = localhost\nuser     = debian-sys-maint\npassword = §S§\nsocket   = /var/run/mysqld/mysqld.sock", "A16", "debian-sys-maint"),
    ("cat-ha-secrets-yaml-wifi", "$ cat /config/secrets.yaml\n# Use this file to store secrets like usernames and passwords.\nwifi_ssid: \"§ssid§\"\nwifi_password: \"§S§\"", "wifi", "wifi_password"),
    ("pihole-install-complete-password", "  [✓] Installation complete!\n  Configure your devices to use the Pi-hole as their DNS server using:\n  IPv4:        §ip§\n  View the web interface at http://pi.hole/admin or http://§ip§/admin\n  Your Admin Webpage login password is §S§", "A8", "Admin Webpage login password"),
    ("nextcloud-aio-initial-passphrase", "Nextcloud AIO\nYour initial Nextcloud password: §S§\nPlease note it down, it will not be shown again.", "passphrase", "initial Nextcloud password"),
    ("jupyter-server-list-token-url", "$ jupyter server list\nCurrently running servers:\nhttp://localhost:8888/?token=§S§ :: /home/§user§/notebooks", "h48", "jupyter server list"),
    ("cat-code-server-config-yaml", "$ cat ~/.config/code-server/config.yaml\nbind-addr: 127.0.0.1:8080\nauth: password\npassword: §S§\ncert: false", "h24", "code-server"),
    ("atlas-connect-dialog-uri-filled", "Connect to Cluster0\n2. Choose a connection method > Drivers\n3. Add your connection string into your application code\nmongodb+srv://§user§:§S§@cluster0.§a5§.mongodb.net/?retryWrites=true&w=majority&appName=Cluster0", "A16", "Connect to Cluster0"),
    ("grep-server-properties-rcon", "$ grep rcon server.properties\nbroadcast-rcon-to-ops=true\nenable-rcon=true\nrcon.password=§S§\nrcon.port=25575", "pw", "grep rcon"),
    ("pterodactyl-account-api-key-created", "Account API\nAPI Key created: \"discord-bot\"  Allowed IPs: any\nThe API key you have requested is shown below. Please store it in a safe location, it will not be shown again.\n§S§", "@ptlc", "Account API"),
    ("replit-secrets-pane-ocr", "[OCR of Replit Secrets tab]\nKey                 Value\nOPENAI_API_KEY      §S§     👁 ✎ 🗑\n+ New Secret", "@sklegacy", "Replit Secrets"),
    ("airtable-token-created-page", "Token created!\nCopy your token now. For your security, it won't be shown again.\n§S§\nScopes: data.records:read, data.records:write   Access: Orders base", "@airtable", "Token created!"),
    ("shopify-admin-token-reveal-once", "API credentials\nAdmin API access token\n§S§\nReveal token once — you can only reveal it once.\nAPI key and secret key: (see below)", "@shpat", "Admin API access token"),
    ("wordpress-app-password-created", "Your new password for §proj§-zapier is:\n§S§\nBe sure to save this in a safe location. You will not be able to retrieve it.", "wpapp", "Be sure to save this"),
    ("notion-integration-secret-shown", "Secrets\nInternal Integration Secret\n§S§   [Show] [Copy] [Refresh]\nCapabilities: Read content, Update content, Insert content", "@ntn", "Internal Integration Secret"),
    ("patreon-client-page-tokens", "Clients & API Keys > §proj§\nClient ID: §B64§\nCreator's Access Token\n§S§\nCreator's Refresh Token\n(click to show)", "B43", "Creator's Access Token"),
    ("twilio-console-account-info-ocr", "Account Info\nAccount SID    AC§h32§\nAuth Token     §S§\nMy Twilio phone number   +1 555 010 §d4§", "h32", "Account SID"),
    ("google-app-password-generated", "Generated app password\nYour app password for your device\n§S§\nHow to use it: Go to the settings for your Google Account in the application or device you are trying to set up.", "gapp", "Generated app password"),
    ("cat-ssh-private-key-openssh", "$ cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n§S§\n-----END OPENSSH PRIVATE KEY-----", "ossh", "cat ~/.ssh/id_ed25519"),
    ("openssl-genpkey-tee-pem", "$ openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 | tee key.pem\n-----BEGIN PRIVATE KEY-----\n§S§\n-----END PRIVATE KEY-----", "pkcs8", "openssl genpkey"),
    ("wg-genkey-cat-privatekey", "$ wg genkey | tee privatekey | wg pubkey > publickey\n$ cat privatekey\n§S§\n$ cat publickey\n§wgpub§", "wgkey", "wg genkey"),
    ("age-keygen-key-file", "$ age-keygen -o key.txt\nPublic key: age1§z58§\n$ cat key.txt\n# created: §date§T10:11:12+02:00\n# public key: age1§z58§\n§S§", "'AGE-SECRET-KEY-1 Z58", "age-keygen"),
    ("solana-keygen-seed-phrase", "$ solana-keygen new --no-bip39-passphrase\nGenerating a new keypair\nWrote new keypair to /home/§user§/.config/solana/id.json\n================================================================\npubkey: §n44§\n================================================================\nSave this seed phrase to recover your new keypair:\n§S§\n================================================================", "seed12", "solana-keygen new"),
    ("hardhat-node-account-private-key", "Account #0: 0x§h40§ (10000 ETH)\nPrivate Key: 0x§S§\n\nAccount #1: 0x§H40§ (10000 ETH)\nPrivate Key: (see above, same pattern)", "h64", "Account #0"),
    ("esphome-wizard-ota-answer", "$ esphome wizard garage.yaml\n...\n(Optional) Please enter the OTA password (leave empty for no password)\nPress ENTER for no password\nOTA password: §S§\nDONE! I've now written a new configuration file to garage.yaml", "pw", "esphome wizard"),
    ("jq-mafile-shared-secret", "$ jq .shared_secret maFiles/7656119§d10§.maFile\n\"§S§\"", "r20", "shared_secret"),
    ("k3s-cat-node-token", "$ sudo cat /var/lib/rancher/k3s/server/node-token\n§S§", "k3s", "node-token"),
    ("heroku-auth-token-print", "$ heroku auth:token\n ›   Warning: token will expire 06/12/2025\n ›   Use heroku authorizations:create to generate a long-term token\n§S§", "@heroku", "heroku auth:token"),
    ("gh-auth-token-print", "$ gh auth token\n§S§", "@gho", "gh auth token"),
    ("doctl-auth-list-context-token", "$ cat ~/.config/doctl/config.yaml\naccess-token: §S§\ncontext: default", "@dop", "doctl"),
    ("fly-auth-token-print", "$ fly auth token\n§S§", "fly", "fly auth token"),
    ("netlify-status-token-json", "$ cat ~/.config/netlify/config.json\n{\n  \"telemetryDisabled\": false,\n  \"userId\": \"§h24§\",\n  \"users\": {\n    \"§h24§\": {\n      \"id\": \"§h24§\",\n      \"auth\": { \"token\": \"§S§\" }\n    }\n  }\n}", "@nfp", "netlify/config.json"),
    ("railway-whoami-config-json", "$ cat ~/.railway/config.json\n{\"user\":{\"token\":\"§S§\"},\"projects\":{}}", "uuid", "railway/config.json"),
    ("wrangler-config-oauth-toml", "$ cat ~/.wrangler/config/default.toml\noauth_token = \"§S§\"\nexpiration_time = \"§date§T12:00:00.000Z\"\nrefresh_token = \"(expired)\"", "B86", "oauth_token"),
    ("clasp-login-rc-json", "$ cat ~/.clasprc.json\n{\"token\":{\"access_token\":\"(expired)\",\"refresh_token\":\"§S§\",\"scope\":\"https://www.googleapis.com/auth/script.projects https://www.googleapis.com/auth/drive.file\",\"token_type\":\"Bearer\"},\"oauth2ClientSettings\":{\"clientId\":\"§d12§-§a32§.apps.googleusercontent.com\"}}", "@goog1", "clasprc.json"),
    ("pio-account-token-show", "$ pio account token --password ********\nPersonal Authentication Token: §S§", "h40", "Personal Authentication Token"),
    ("arduino-cloud-cli-credentials-find", "$ cat ~/.arduino15/arduino-cloud-credentials.yaml\nclient: §A32§\nsecret: §S§", "A64", "arduino-cloud-credentials.yaml"),
    ("mqtt-explorer-connection-export", "MQTT Explorer > Connections > export\n{\"name\":\"home\",\"host\":\"§ip§\",\"port\":1883,\"username\":\"§user§\",\"password\":\"§S§\",\"tls\":false}", "pw", "MQTT Explorer"),
    ("bitwarden-cli-get-password", "$ bw get password \"Router admin\"\n§S§", "x16", "bw get password"),
    ("pass-show-entry", "$ pass show school/eduroam\n§S§\nuser: §stud§@§uni§.edu", "pw", "pass show school/eduroam"),
    ("keepassxc-cli-show-attrs", "$ keepassxc-cli show -s Passwords.kdbx \"Shop/Etsy\"\nTitle: Etsy\nUserName: §email§\nPassword: §S§\nURL: https://www.etsy.com/signin", "pw", "keepassxc-cli show"),
    ("chrome-password-export-row", "$ head -3 'Chrome Passwords.csv'\nname,url,username,password,note\nwww.roblox.com,https://www.roblox.com/login,§user§,§S§,\n", "pw", "Chrome Passwords.csv"),
    ("steam-console-webapi-key-page", "Steam Web API Key\nDomain Name: §dom§\nKey: §S§\n[Revoke My Steam Web API Key]", "H32", "Steam Web API Key"),
    ("roblox-creator-hub-api-key-copy", "Creator Hub > Open Cloud > API Keys > Save & Generate Key\nAPI key generated. Copy the key below — you will not be able to see it again.\n§S§", "b180", "Open Cloud"),
    ("itch-api-keys-page-copy", "itch.io > Settings > API keys\n§S§   wharf   created §date§\n[Generate new API key]", "a40", "API keys"),
]


CONFIG_FILE = [
    ("arduino-secrets-h-define-pass", "// arduino_secrets.h\n#define SECRET_SSID \"§ssid§\"\n#define SECRET_PASS \"§S§\"", "wifi", "SECRET_SSID"),
    ("esp32-config-h-mqtt-define", "// config.h  -- DO NOT COMMIT (oops)\n#define MQTT_SERVER   \"§ip§\"\n#define MQTT_PORT     1883\n#define MQTT_USER     \"§user§\"\n#define MQTT_PASSWORD \"§S§\"", "pw", "MQTT_SERVER"),
    ("blynk-template-define-auth-token", "#define BLYNK_TEMPLATE_ID \"TMPL§A8§\"\n#define BLYNK_TEMPLATE_NAME \"Plant Monitor\"\n#define BLYNK_AUTH_TOKEN \"§S§\"", "B32", "BLYNK_TEMPLATE_NAME"),
    ("thingspeak-define-write-key", "#define TS_CHANNEL_ID  §d7§\n#define TS_WRITE_KEY   \"§S§\"   // write key, not the read one", "U16", "TS_CHANNEL_ID"),
    ("esphome-yaml-api-encryption-key", "api:\n  encryption:\n    key: \"§S§\"\n\nota:\n  - platform: esphome\n    password: !secret ota_password", "r32", "encryption"),
    ("esphome-yaml-wifi-inline-password", "wifi:\n  ssid: \"§ssid§\"\n  password: \"§S§\"\n  ap:\n    ssid: \"Garage Fallback Hotspot\"\n    password: !secret fallback_pw", "wifi", "Garage Fallback Hotspot"),
    ("ha-secrets-yaml-mqtt-password", "# secrets.yaml\nmqtt_password: §S§\nlatitude_home: 52.37\nlongitude_home: 4.89", "pw", "mqtt_password"),
    ("ha-rest-sensor-bearer-header", "sensor:\n  - platform: rest\n    name: Solar today\n    resource: https://api.§dom§/v1/usage\n    headers:\n      Authorization: \"Bearer §S§\"\n    value_template: \"{{ value_json.kwh }}\"", "A40", "platform: rest"),
    ("ha-telegram-bot-polling-api-key", "telegram_bot:\n  - platform: polling\n    api_key: §S§\n    allowed_chat_ids:\n      - §d9§", "tg", "telegram_bot"),
    ("zigbee2mqtt-network-key-array", "advanced:\n  network_key: [§S§]\n  pan_id: 6754\n  channel: 15", "netkey", "network_key"),
    ("zigbee2mqtt-mqtt-user-password", "mqtt:\n  base_topic: zigbee2mqtt\n  server: mqtt://§ip§\n  user: z2m\n  password: §S§", "pw", "base_topic"),
    ("mosquitto-bridge-remote-password", "# /etc/mosquitto/conf.d/bridge.conf\nconnection hivemq\naddress §a8§.s1.eu.hivemq.cloud:8883\nremote_username §user§\nremote_password §S§\ntopic sensors/# out 1", "x16", "remote_username"),
    ("frigate-camera-rtsp-credentials", "cameras:\n  driveway:\n    ffmpeg:\n      inputs:\n        - path: rtsp://admin:§S§@§ip§:554/cam/realmonitor?channel=1&subtype=0\n          roles: [detect, record]", "pw", "realmonitor"),
    ("octoprint-config-yaml-api-key", "api:\n  key: §S§\nserver:\n  firstRun: false\n  onlineCheck:\n    enabled: true", "H32", "onlineCheck"),
    ("node-red-settings-credential-secret", "module.exports = {\n    flowFile: 'flows.json',\n    credentialSecret: \"§S§\",\n    uiPort: process.env.PORT || 1880,\n}", "pw", "credentialSecret"),
    ("docker-compose-mariadb-root-password", "services:\n  db:\n    image: mariadb:10.11\n    environment:\n      MARIADB_ROOT_PASSWORD: §S§\n      MARIADB_DATABASE: wordpress", "pw", "MARIADB_DATABASE"),
    ("docker-compose-env-list-wp-db", "  wordpress:\n    image: wordpress:6.5\n    environment:\n      - WORDPRESS_DB_HOST=db\n      - WORDPRESS_DB_USER=wp\n      - WORDPRESS_DB_PASSWORD=§S§", "x16", "WORDPRESS_DB_USER"),
    ("dotenv-discord-guild-client", "# .env\nDISCORD_TOKEN=§S§\nGUILD_ID=§snow§\nCLIENT_ID=§snow2§", "discord", "DISCORD_TOKEN"),
    ("dotenv-quoted-telegram-admin", "BOT_TOKEN=\"§S§\"\nADMIN_CHAT_ID=§d9§\nLOG_LEVEL=info", "tg", "ADMIN_CHAT_ID"),
    ("dotenv-typo-key-name", "OPENAI_API_KYE=§S§   # typo but it works lol\nMODEL=gpt-4o-mini", "@skproj", "OPENAI_API_KYE"),
    ("dotenv-unlabeled-bare-line", "# .env.local\n§S§\nNEXT_PUBLIC_SITE_URL=http://localhost:3000", "@sktest", "NEXT_PUBLIC_SITE_URL"),
    ("dotenv-export-single-quoted", "export SUPABASE_URL='https://§l20§.supabase.co'\nexport SUPABASE_SERVICE_KEY='§S§'", "jwtsb", "SUPABASE_SERVICE_KEY"),
    ("dotenv-example-filled-by-mistake", "# .env.example  (copy to .env and fill in)\nSTRIPE_WEBHOOK_SECRET=§S§\nSTRIPE_SECRET_KEY=sk_¦test_xxxxxxxxxxxxxxxxxxxxxxxx", "@whsec", "STRIPE_WEBHOOK_SECRET"),
    ("wp-config-db-password-define", "define( 'DB_NAME', 'wp_§l6§' );\ndefine( 'DB_USER', 'wp_user' );\ndefine( 'DB_PASSWORD', '§S§' );\ndefine( 'DB_HOST', 'localhost' );", "pw", "DB_PASSWORD"),
    ("wp-config-auth-key-salt", "define('AUTH_KEY',         '§S§');\ndefine('SECURE_AUTH_KEY',  'put your unique phrase here');", "wpsalt", "AUTH_KEY"),
    ("wp-config-wpms-smtp-pass", "define( 'WPMS_ON', true );\ndefine( 'WPMS_SMTP_HOST', 'smtp.gmail.com' );\ndefine( 'WPMS_SMTP_USER', '§email§' );\ndefine( 'WPMS_SMTP_PASS', '§S§' ); // WP Mail SMTP", "gapp", "WPMS_SMTP_USER"),
    ("ghost-config-json-mailgun-smtp", "\"mail\": {\n  \"transport\": \"SMTP\",\n  \"options\": {\n    \"service\": \"Mailgun\",\n    \"auth\": {\n      \"user\": \"postmaster@mg.§dom§\",\n      \"pass\": \"§S§\"\n    }\n  }\n}", "@mailgun", "postmaster@mg."),
    ("ghost-config-json-db-connection", "\"database\": {\"client\": \"mysql\", \"connection\": {\"host\": \"127.0.0.1\", \"user\": \"ghost-§d3§\", \"password\": \"§S§\", \"database\": \"ghost_prod\"}}", "A20", "ghost_prod"),
    ("netlify-toml-build-environment", "[build]\n  command = \"npm run build\"\n  publish = \"dist\"\n[build.environment]\n  NODE_VERSION = \"20\"\n  CONTENTFUL_ACCESS_TOKEN = \"§S§\"", "B43", "CONTENTFUL_ACCESS_TOKEN"),
    ("vercel-json-env-mongodb-uri", "{\n  \"env\": {\n    \"MONGODB_URI\": \"mongodb+srv://§user§:§S§@cluster0.§a5§.mongodb.net/app\"\n  }\n}", "pw", "MONGODB_URI"),
    ("wrangler-toml-vars-secret", "name = \"§proj§\"\nmain = \"src/index.ts\"\n[vars]\nENVIRONMENT = \"production\"\nTELEGRAM_SECRET = \"§S§\"", "A32", "TELEGRAM_SECRET"),
    ("firebase-service-account-json-key", "{\n  \"type\": \"service_account\",\n  \"project_id\": \"§proj§-§d5§\",\n  \"private_key_id\": \"§h40§\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n§S§\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"firebase-adminsdk-§a5§@§proj§-§d5§.iam.gserviceaccount.com\"\n}", "pkcs8esc", "private_key_id"),
    ("google-client-secret-installed-json", "{\"installed\":{\"client_id\":\"§d12§-§a32§.apps.googleusercontent.com\",\"project_id\":\"§proj§\",\"auth_uri\":\"https://accounts.google.com/o/oauth2/auth\",\"token_uri\":\"https://oauth2.googleapis.com/token\",\"client_secret\":\"§S§\",\"redirect_uris\":[\"http://localhost\"]}}", "@gocspx", "client_id"),
    ("google-token-json-refresh-only", "{\"refresh_token\": \"§S§\", \"token_uri\": \"https://oauth2.googleapis.com/token\", \"client_id\": \"§d12§-§a32§.apps.googleusercontent.com\", \"scopes\": [\"https://www.googleapis.com/auth/spreadsheets\"], \"expiry\": \"§date§T10:00:00Z\"}", "@goog1", "token_uri"),
    ("rclone-conf-drive-token-json", "[gdrive]\ntype = drive\nscope = drive\ntoken = {\"access_token\":\"(expired)\",\"token_type\":\"Bearer\",\"refresh_token\":\"§S§\",\"expiry\":\"§date§T09:41:00Z\"}", "@goog1", "type = drive"),
    ("rclone-conf-webdav-obscured-pass", "[nas]\ntype = webdav\nurl = http://§ip§:5005\nvendor = other\nuser = §user§\npass = §S§", "B38", "type = webdav"),
    ("ssh-config-comment-password", "Host pi\n    HostName §ip§\n    User pi\n    # password is §S§ if key auth breaks again", "pw", "HostName"),
    ("filezilla-sitemanager-base64-pass", "<Server>\n  <Host>ftp.§dom§</Host>\n  <Port>21</Port>\n  <Protocol>0</Protocol>\n  <User>§user§</User>\n  <Pass encoding=\"base64\">§S§</Pass>\n  <Name>my site</Name>\n</Server>", "b64pw", "Pass encoding"),
    ("filezilla-recentservers-plain-pass", "<RecentServers>\n  <Server>\n    <Host>§dom§</Host>\n    <Port>22</Port>\n    <Protocol>1</Protocol>\n    <User>§user§</User>\n    <Pass>§S§</Pass>\n  </Server>\n</RecentServers>", "pw", "RecentServers"),
    ("obs-service-json-twitch-key", "{\n    \"settings\": {\n        \"bwtest\": false,\n        \"key\": \"§S§\",\n        \"server\": \"auto\",\n        \"service\": \"Twitch\"\n    },\n    \"type\": \"rtmp_common\"\n}", "@twlive", "rtmp_common"),
    ("obs-websocket-config-server-password", "{\n    \"alerts_enabled\": false,\n    \"auth_required\": true,\n    \"first_load\": false,\n    \"server_enabled\": true,\n    \"server_password\": \"§S§\",\n    \"server_port\": 4455\n}", "A16", "server_port"),
    ("obs-service-json-youtube-rtmps", "{\"settings\": {\"service\": \"YouTube - RTMPS\", \"server\": \"rtmps://a.rtmps.youtube.com:443/live2\", \"key\": \"§S§\"}, \"type\": \"rtmp_common\"}", "ytkey", "YouTube - RTMPS"),
    ("twitch-chatbot-config-json-oauth", "{\n  \"username\": \"§user§bot\",\n  \"oauth\": \"oauth:§S§\",\n  \"channels\": [\"§user§\"],\n  \"prefix\": \"!\"\n}", "a30", "channels"),
    ("discord-bot-config-json-owner", "{\n  \"prefix\": \"?\",\n  \"token\": \"§S§\",\n  \"ownerID\": \"§snow§\",\n  \"embedColor\": \"#5865F2\"\n}", "discord", "ownerID"),
    ("discord-bot-config-ini", "[bot]\ntoken = §S§\nprefix = $\nstatus = Playing with Raspberry Pi\n\n[db]\npath = data/bot.sqlite3", "discord", "[bot]"),
    ("telegram-bot-config-toml", "[telegram]\ntoken = \"§S§\"\nadmin_ids = [§d9§]\n\n[scheduler]\ntimezone = \"Europe/Madrid\"", "tg", "admin_ids"),
    ("fivem-server-cfg-license-key", "# server.cfg\nendpoint_add_tcp \"0.0.0.0:30120\"\nsv_hostname \"§proj§ RP | discord.gg/§A7§\"\nsv_licenseKey \"§S§\"\nsv_maxclients 48", "'cfx|k_ A20 '_ A6", "sv_licenseKey"),
    ("fivem-server-cfg-steam-webapikey", "set steam_webApiKey \"§S§\"\nsv_enforceGameBuild 2944", "H32", "steam_webApiKey"),
    ("minecraft-server-properties-full", "#Minecraft server properties\n#§date§\nmotd=§proj§ SMP\nenable-rcon=true\nrcon.port=25575\nrcon.password=§S§\nwhite-list=true\nmax-players=12", "pw", "enable-rcon"),
    ("velocity-forwarding-secret-file", "$ cat velocity/forwarding.secret\n§S§", "A12", "forwarding.secret"),
    ("discordsrv-config-yml-bot-token", "# DiscordSRV config.yml\nBotToken: \"§S§\"\nChannels: {\"global\": \"§snow§\"}\nDiscordConsoleChannelId: \"§snow2§\"", "discord", "DiscordConsoleChannelId"),
    ("luckperms-yml-mysql-password", "storage-method: mysql\ndata:\n  address: §ip§:3306\n  database: minecraft\n  username: luckperms\n  password: '§S§'", "pw", "storage-method"),
    ("pterodactyl-wings-config-token", "debug: false\nuuid: §uuid§\ntoken_id: §A16§\ntoken: §S§\napi:\n  host: 0.0.0.0\n  port: 8080", "A64", "token_id"),
    ("godot-export-presets-keystore-password", "[preset.0.options]\ncustom_template/debug=\"\"\nkeystore/release=\"/home/§user§/keys/release.keystore\"\nkeystore/release_user=\"§word§\"\nkeystore/release_password=\"§S§\"", "pw", "keystore/release_user"),
    ("godot-export-credentials-encryption-key", "; export_credentials.cfg\n[preset.1]\nscript_encryption_key=\"§S§\"", "h64", "script_encryption_key"),
    ("dotenv-roblosecurity-cookie", "ROBLOSECURITY=_|WARNING:-DO-NOT-SHARE-THIS.--Sharing-this-will-allow-someone-to-log-in-as-you-and-to-steal-your-ROBUX-and-items.|_§S§", "H312", "ROBLOSECURITY"),
    ("dotenv-roblox-opencloud-universe", "RBX_API_KEY=§S§\nUNIVERSE_ID=§d10§\nPLACE_ID=§d11§", "b160", "UNIVERSE_ID"),
    ("curseforge-launcher-json-api-key", "{ \"curseforgeApiKey\": \"§S§\", \"modpack\": \"all-the-mods-9\" }", "@cfkey", "curseforgeApiKey"),
    ("modrinth-token-toml-section", "[modrinth]\ntoken = \"§S§\"\nproject = \"§proj§\"", "'mr|p_ A36", "[modrinth]"),
    ("nexus-mods-api-key-ini", "[Nexus]\nApiKey=§S§\nGame=skyrimspecialedition", "b56 '-- b24 '-- b24", "[Nexus]"),
    ("itch-butler-creds-file", "$ cat ~/.config/itch/butler_creds\n§S§", "a40", "butler_creds"),
    ("netrc-github-oneline", "machine github.com login §user§ password §S§", "@ghp", "machine github.com"),
    ("npmrc-registry-authtoken", "//registry.npmjs.org/:_authToken=§S§\n@§user§:registry=https://npm.pkg.github.com", "@npm", "registry.npmjs.org"),
    ("npmrc-github-packages-token", "@§user§:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=§S§", "@gho", "npm.pkg.github.com"),
    ("pypirc-token-password", "[distutils]\nindex-servers = pypi\n\n[pypi]\n  username = __token__\n  password = §S§", "@pypi", "index-servers"),
    ("yarnrc-yml-npm-auth-token", "npmScopes:\n  §user§:\n    npmAlwaysAuth: true\n    npmAuthToken: \"§S§\"\n    npmRegistryServer: \"https://npm.pkg.github.com\"", "@ghp", "npmAlwaysAuth"),
    ("pip-conf-extra-index-credentials", "[global]\nextra-index-url = https://§user§:§S§@§dom§/simple/", "pw", "extra-index-url"),
    ("gitconfig-extraheader-basic", "[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic §S§", "basicgh", "extraheader"),
    ("aws-credentials-default-profile", "[default]\naws_access_key_id = AKIA§U16§\naws_secret_access_key = §S§\nregion = us-east-1", "@awssec", "aws_access_key_id"),
    ("gcloud-adc-authorized-user-refresh", "{\n  \"account\": \"\",\n  \"quota_project_id\": \"§proj§\",\n  \"refresh_token\": \"§S§\",\n  \"type\": \"authorized_user\",\n  \"universe_domain\": \"googleapis.com\"\n}", "@goog1", "authorized_user"),
    ("azure-functions-local-settings-storage", "{\n  \"IsEncrypted\": false,\n  \"Values\": {\n    \"AzureWebJobsStorage\": \"DefaultEndpointsProtocol=https;AccountName=§l12§;AccountKey=§S§;EndpointSuffix=core.windows.net\",\n    \"FUNCTIONS_WORKER_RUNTIME\": \"python\"\n  }\n}", "r64", "AzureWebJobsStorage"),
    ("appsettings-json-sql-connection-string", "\"ConnectionStrings\": {\n    \"Default\": \"Server=tcp:§l10§.database.windows.net,1433;Initial Catalog=shopdb;User ID=sqladmin;Password=§S§;Encrypt=True;\"\n  }", "pw", "ConnectionStrings"),
    ("appsettings-json-jwt-signing-key", "\"Jwt\": {\n    \"Key\": \"§S§\",\n    \"Issuer\": \"https://localhost:5001\",\n    \"Audience\": \"game-client\"\n  }", "A48", "Issuer"),
    ("django-settings-insecure-secret-key", "# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = 'django-insecure-§S§'", "djkey", "SECURITY WARNING"),
    ("rails-master-key-file", "$ cat config/master.key\n§S§", "h32", "config/master.key"),
    ("laravel-env-app-key-base64", "APP_NAME=§proj§\nAPP_ENV=local\nAPP_KEY=base64:§S§\nAPP_DEBUG=true", "r32", "APP_KEY=base64:"),
    ("strapi-env-admin-jwt-secret", "HOST=0.0.0.0\nPORT=1337\nADMIN_JWT_SECRET=§S§\nTRANSFER_TOKEN_SALT=(see vault)", "r16", "ADMIN_JWT_SECRET"),
    ("authjs-env-auth-secret", "AUTH_SECRET=\"§S§\" # Added by `npx auth`. Read more: https://cli.authjs.dev", "r33", "npx auth"),
    ("payload-cms-env-secret", "DATABASE_URI=mongodb://127.0.0.1/payload\nPAYLOAD_SECRET=§S§", "h24", "PAYLOAD_SECRET"),
    ("directus-env-secret", "KEY=\"§uuid§\"\nSECRET=\"§S§\"\nADMIN_EMAIL=\"§email§\"", "A32", "ADMIN_EMAIL"),
    ("n8n-docker-env-basic-auth-password", "N8N_BASIC_AUTH_ACTIVE=true\nN8N_BASIC_AUTH_USER=§user§\nN8N_BASIC_AUTH_PASSWORD=§S§\nWEBHOOK_URL=https://n8n.§dom§/", "pw", "N8N_BASIC_AUTH_USER"),
    ("n8n-config-encryption-key-json", "$ cat ~/.n8n/config\n{\n\t\"encryptionKey\": \"§S§\"\n}", "A32", "encryptionKey"),
    ("retool-env-api-key", "RETOOL_API_KEY=§S§\nRETOOL_ORG=§user§", "'retool|_01 a40", "RETOOL_ORG"),
    ("shopify-app-dotenv-api-secret", "SHOPIFY_API_KEY=§h32§\nSHOPIFY_API_SECRET=§S§\nSCOPES=write_products,read_orders", "h32", "SHOPIFY_API_SECRET"),
    ("woocommerce-sync-yaml-consumer-secret", "woo:\n  url: https://§dom§\n  consumer_secret: §S§\n  version: wc/v3", "'c|s_ h40", "consumer_secret"),
    ("stripe-webhook-yaml-secret", "stripe:\n  webhook_secret: §S§\n  success_url: https://§dom§/thanks", "@whsec", "webhook_secret"),
    ("paypal-json-live-client-secret", "{\n  \"mode\": \"live\",\n  \"client_id\": \"A§B79§\",\n  \"client_secret\": \"§S§\"\n}", "@paypal", "\"mode\": \"live\""),
    ("patreon-yaml-client-secret", "patreon:\n  client_id: §B64§\n  client_secret: §S§\n  redirect_uri: https://§dom§/oauth/patreon", "B64", "redirect_uri"),
    ("kofi-dotenv-verification-token", "KOFI_VERIFICATION_TOKEN=§S§\nDISCORD_SUPPORTER_ROLE=§snow§", "uuid", "KOFI_VERIFICATION_TOKEN"),
    ("jekyll-config-yml-github-token", "title: §first§'s blog\ntheme: minima\nplugins:\n  - jekyll-github-metadata\ngithub_token: §S§", "@ghp", "jekyll-github-metadata"),
    ("cloudflare-ddns-config-json-api-token", "{\n  \"cloudflare\": [\n    {\n      \"authentication\": {\n        \"api_token\": \"§S§\"\n      },\n      \"zone_id\": \"§h32§\",\n      \"subdomains\": [{\"name\": \"home\", \"proxied\": false}]\n    }\n  ]\n}", "B40", "zone_id"),
    ("ddclient-conf-namecheap-password", "# /etc/ddclient.conf\nprotocol=namecheap\nserver=dynamicdns.park-your-domain.com\nlogin=§dom§\npassword=§S§\n@", "h32", "protocol=namecheap"),
    ("inadyn-conf-noip-block", "provider no-ip.com {\n    username = §email§\n    password = §S§\n    hostname = §user§.ddns.net\n}", "pw", "provider no-ip.com"),
    ("wireguard-conf-interface-private-key", "[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = §S§\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = §wgpub§\nEndpoint = §dom§:51820\nAllowedIPs = 0.0.0.0/0", "wgkey", "[Interface]"),
    ("wireguard-conf-peer-preshared-key", "[Peer]\n# phone\nPublicKey = §wgpub§\nPresharedKey = §S§\nAllowedIPs = 10.8.0.3/32", "wgkey", "PresharedKey"),
    ("openvpn-auth-txt-two-lines", "# auth.txt for ProtonVPN (OpenVPN / IKEv2 username)\n§user§+pmp\n§S§", "A24", "auth.txt"),
    ("openvpn-tls-auth-static-key", "<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n§S§\n-----END OpenVPN Static key V1-----\n</tls-auth>\nkey-direction 1", "ovpn", "key-direction 1"),
    ("wpa-supplicant-conf-network-block", "ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\ncountry=GB\nnetwork={\n\tssid=\"§ssid§\"\n\tpsk=\"§S§\"\n\tkey_mgmt=WPA-PSK\n}", "wifi", "key_mgmt=WPA-PSK"),
    ("netplan-yaml-access-point-password", "network:\n  version: 2\n  wifis:\n    wlan0:\n      dhcp4: true\n      access-points:\n        \"§ssid§\":\n          password: \"§S§\"", "wifi", "access-points"),
    ("rpi-imager-custom-toml-wlan", "[wlan]\nssid = \"§ssid§\"\npassword = \"§S§\"\npassword_encrypted = false\nhidden = false\ncountry = \"GB\"", "wifi", "password_encrypted"),
    ("hostapd-conf-wpa-passphrase", "interface=wlan0\ndriver=nl80211\nssid=§ssid§\nhw_mode=g\nchannel=7\nwpa=2\nwpa_passphrase=§S§\nwpa_key_mgmt=WPA-PSK", "wifi", "wpa_key_mgmt"),
    ("openwrt-uci-wireless-key", "config wifi-iface 'default_radio0'\n\toption device 'radio0'\n\toption network 'lan'\n\toption mode 'ap'\n\toption ssid '§ssid§'\n\toption encryption 'psk2'\n\toption key '§S§'", "wifi", "option encryption"),
    ("homebridge-config-ring-refresh-token", "\"platforms\": [\n  {\n    \"platform\": \"Ring\",\n    \"refreshToken\": \"§S§\",\n    \"hideDoorbellSwitch\": true\n  }\n]", "B160", "\"platform\": \"Ring\""),
    ("homebridge-config-tuya-access-key", "{\n  \"platform\": \"TuyaPlatform\",\n  \"options\": {\n    \"projectType\": \"1\",\n    \"endpoint\": \"https://openapi.tuyaeu.com\",\n    \"accessId\": \"§a20§\",\n    \"accessKey\": \"§S§\"\n  }\n}", "h32", "accessId"),
    ("platformio-ini-build-flags-wifi", "[env:d1_mini]\nplatform = espressif8266\nboard = d1_mini\nframework = arduino\nbuild_flags =\n  -DWIFI_SSID=\\\"§ssid§\\\"\n  -DWIFI_PASS=\\\"§S§\\\"", "wifi", "[env:d1_mini]"),
    ("circuitpython-settings-toml-wifi", "# settings.toml\nCIRCUITPY_WIFI_SSID = \"§ssid§\"\nCIRCUITPY_WIFI_PASSWORD = \"§S§\"\nCIRCUITPY_WEB_API_PORT = 80", "wifi", "CIRCUITPY_WIFI_SSID"),
    ("circuitpython-settings-toml-aio-key", "ADAFRUIT_AIO_USERNAME = \"§user§\"\nADAFRUIT_AIO_KEY = \"§S§\"", "@aio", "ADAFRUIT_AIO_USERNAME"),
    ("arduino-iot-thingproperties-device-key", "const char DEVICE_LOGIN_NAME[]  = \"§uuid§\";\nconst char SSID[]               = SECRET_SSID;\nconst char PASS[]               = SECRET_OPTIONAL_PASS;\nconst char DEVICE_KEY[]         = \"§S§\";", "U20", "DEVICE_LOGIN_NAME"),
    ("particle-config-json-access-token", "$ cat ~/.particle/particle.config.json\n{\n  \"username\": \"§email§\",\n  \"access_token\": \"§S§\"\n}", "h40", "particle.config.json"),
    ("nginx-proxy-set-header-api-key", "location /octoprint/ {\n    proxy_pass http://127.0.0.1:5000/;\n    proxy_set_header X-Api-Key §S§;\n    proxy_set_header X-Script-Name /octoprint;\n}", "B43", "X-Script-Name"),
    ("caddyfile-tls-dns-cloudflare-token", "home.§dom§ {\n    reverse_proxy 127.0.0.1:8123\n    tls {\n        dns cloudflare §S§\n    }\n}", "B40", "reverse_proxy"),
    ("traefik-env-cf-dns-token", "CF_API_EMAIL=§email§\nCF_DNS_API_TOKEN=§S§", "B40", "CF_DNS_API_TOKEN"),
    ("grafana-ini-security-admin-password", "[security]\nadmin_user = admin\nadmin_password = §S§\nsecret_key = (default)", "pw", "admin_user"),
    ("grafana-datasource-influx-token", "apiVersion: 1\ndatasources:\n  - name: InfluxDB\n    type: influxdb\n    url: http://influxdb:8086\n    jsonData:\n      version: Flux\n      organization: home\n    secureJsonData:\n      token: §S§", "r64", "secureJsonData"),
    ("influx-cli-configs-toml-token", "[default]\n  url = \"http://localhost:8086\"\n  token = \"§S§\"\n  org = \"home\"\n  active = true", "r64", "active = true"),
    ("telegraf-conf-mqtt-consumer-password", "[[inputs.mqtt_consumer]]\n  servers = [\"tcp://§ip§:1883\"]\n  topics = [\"sensors/#\"]\n  username = \"telegraf\"\n  password = \"§S§\"", "pw", "inputs.mqtt_consumer"),
    ("smbcredentials-file", "# /root/.smbcredentials\nusername=§user§\npassword=§S§\ndomain=WORKGROUP", "pw", "domain=WORKGROUP"),
    ("fstab-cifs-inline-credentials", "//§ip§/backup  /mnt/backup  cifs  username=§user§,password=§S§,uid=1000,gid=1000,iocharset=utf8  0  0", "pw", "/mnt/backup"),
    ("msmtprc-gmail-account-password", "account gmail\nhost smtp.gmail.com\nport 587\ntls on\nfrom §email§\nuser §email§\npassword §S§\naccount default : gmail", "gapp", "account gmail"),
    ("muttrc-imap-pass", "set imap_user = \"§email§\"\nset imap_pass = \"§S§\"\nset folder = \"imaps://imap.gmail.com:993\"", "gapp", "imap_user"),
    ("fetchmailrc-uni-imap", "poll imap.§uni§.edu protocol IMAP\n  user \"§stud§\" there with password \"§S§\" is \"§user§\" here\n  ssl", "pw", "protocol IMAP"),
    ("sonarr-config-xml-api-key", "<Config>\n  <BindAddress>*</BindAddress>\n  <Port>8989</Port>\n  <ApiKey>§S§</ApiKey>\n  <AuthenticationMethod>Forms</AuthenticationMethod>\n</Config>", "h32", "AuthenticationMethod"),
    ("transmission-settings-rpc-password", "{\n    \"rpc-authentication-required\": true,\n    \"rpc-enabled\": true,\n    \"rpc-password\": \"§S§\",\n    \"rpc-username\": \"§user§\",\n    \"rpc-whitelist-enabled\": false\n}", "pw", "rpc-username"),
    ("syncthing-config-xml-gui-apikey", "<gui enabled=\"true\" tls=\"false\" debugging=\"false\">\n    <address>0.0.0.0:8384</address>\n    <apikey>§S§</apikey>\n    <theme>dark</theme>\n</gui>", "a32", "<theme>dark</theme>"),
    ("plex-preferences-xml-online-token", "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Preferences MachineIdentifier=\"§uuid§\" PlexOnlineToken=\"§S§\" PlexOnlineUsername=\"§user§\" AcceptedEULA=\"1\"/>", "B20", "PlexOnlineUsername"),
    ("nextcloud-config-php-secret", "$CONFIG = array (\n  'instanceid' => 'oc§a10§',\n  'passwordsalt' => '(moved)',\n  'secret' => '§S§',\n  'trusted_domains' => array (0 => 'cloud.§dom§'),", "A48", "trusted_domains"),
    ("nextcloud-config-php-dbpassword", "  'dbtype' => 'mysql',\n  'dbname' => 'nextcloud',\n  'dbhost' => 'localhost',\n  'dbuser' => 'ncadmin',\n  'dbpassword' => '§S§',", "pw", "dbuser"),
    ("vaultwarden-env-admin-token", "DOMAIN=https://vault.§dom§\nSIGNUPS_ALLOWED=false\nADMIN_TOKEN=§S§", "r48", "SIGNUPS_ALLOWED"),
    ("immich-env-db-password", "UPLOAD_LOCATION=./library\nDB_DATA_LOCATION=./postgres\nDB_PASSWORD=§S§\nDB_USERNAME=postgres", "pw", "UPLOAD_LOCATION"),
    ("gitea-app-ini-security-secret-key", "[security]\nINSTALL_LOCK = true\nSECRET_KEY = §S§\nPASSWORD_HASH_ALGO = pbkdf2", "A64", "INSTALL_LOCK"),
    ("gitea-app-ini-lfs-jwt-secret", "[server]\nLFS_START_SERVER = true\nLFS_JWT_SECRET = §S§\nOFFLINE_MODE = false", "B43", "LFS_START_SERVER"),
    ("kubeconfig-k3s-user-token", "users:\n- name: default\n  user:\n    token: §S§\ncontexts:\n- context:\n    cluster: default\n    user: default", "k3s", "contexts"),
    ("ansible-inventory-ini-passwords", "[pis]\n§ip§ ansible_user=pi ansible_password=§S§ ansible_become_pass=§S§", "pw", "ansible_user=pi"),
    ("moodle-config-php-dbpass", "$CFG->dbtype    = 'mariadb';\n$CFG->dbhost    = 'localhost';\n$CFG->dbname    = 'moodle';\n$CFG->dbuser    = 'moodleuser';\n$CFG->dbpass    = '§S§';", "pw", "moodleuser"),
    ("canvas-scraper-config-yaml-token", "canvas:\n  base_url: https://canvas.§uni§.edu\n  token: §S§\n  courses: [§d5§, §d5§]", "@canvas", "base_url"),
    ("obsidian-remotely-save-s3-secret", "// .obsidian/plugins/remotely-save/data.json\n{\"s3\":{\"s3Endpoint\":\"s3.eu-central-1.amazonaws.com\",\"s3Region\":\"eu-central-1\",\"s3AccessKeyID\":\"AKIA§U16§\",\"s3SecretAccessKey\":\"§S§\",\"s3BucketName\":\"§user§-vault\"}}", "@awssec", "s3BucketName"),
    ("vscode-settings-json-extension-api-key", "{\n  \"editor.fontSize\": 14,\n  \"codegpt.apiKey\": \"§S§\",\n  \"codegpt.model\": \"llama3-70b-8192\"\n}", "@gsk", "editor.fontSize"),
    ("continue-config-json-anthropic-model", "{\n  \"models\": [\n    {\n      \"title\": \"Claude\",\n      \"provider\": \"anthropic\",\n      \"model\": \"claude-3-5-sonnet-latest\",\n      \"apiKey\": \"§S§\"\n    }\n  ]\n}", "@skant", "\"provider\": \"anthropic\""),
    ("aider-conf-yml-openai-key", "# .aider.conf.yml\nmodel: gpt-4o\nopenai-api-key: §S§\nauto-commits: false", "@skproj", "auto-commits"),
    ("sillytavern-secrets-json-openrouter", "{\n    \"api_key_openrouter\": \"§S§\"\n}", "@orkey", "api_key_openrouter"),
    ("spotify-tui-client-yml-secret", "# ~/.config/spotify-tui/client.yml\nclient_id: §h32§\nclient_secret: §S§\nport: 8888", "h32", "spotify-tui"),
    ("beets-config-yaml-lastfm-secret", "plugins: lastgenre fetchart\nlastfm:\n  user: §user§\n  api_secret: §S§", "h32", "lastgenre"),
    ("streamerbot-websocket-settings", "[WebSocket Server]\nEnabled=True\nAddress=127.0.0.1\nPort=8080\nEndpoint=/\nAuthenticationEnabled=True\nPassword=§S§", "A24", "[WebSocket Server]"),
    ("htaccess-comment-ftp-password", "# .htaccess\n# ftp login for this host: §user§ / §S§\nRewriteEngine On\nRewriteRule ^(.*)$ index.php [QSA,L]", "pw", "RewriteEngine On"),
    ("php-ini-style-config-smtp", "; config.ini\n[mail]\nsmtp_host = mail.§dom§\nsmtp_user = shop@§dom§\nsmtp_pass = \"§S§\"", "pw", "smtp_host"),
    ("unity-ugs-service-account-json", "{\n  \"keyId\": \"§uuid§\",\n  \"secretKey\": \"§S§\",\n  \"projectId\": \"§uuid2§\"\n}", "B32", "keyId"),
    ("gradle-local-properties-signing", "sdk.dir=/Users/§user§/Library/Android/sdk\nRELEASE_STORE_PASSWORD=§S§\nRELEASE_KEY_ALIAS=upload", "pw", "sdk.dir"),
    ("firebase-web-config-plus-db-secret", "// firebaseConfig (public) + legacy db secret (NOT public!)\nconst firebaseConfig = { projectId: \"§proj§\", appId: \"1:§d12§:web:§h22§\" };\nconst DB_SECRET = \"§S§\";", "A40", "firebaseConfig"),
    ("supabase-config-toml-smtp-pass", "[auth.email.smtp]\nhost = \"smtp.resend.com\"\nport = 465\nuser = \"resend\"\npass = \"§S§\"\nadmin_email = \"noreply@§dom§\"", "@resend", "auth.email.smtp"),
    ("docker-compose-watchtower-telegram-url", "  watchtower:\n    image: containrrr/watchtower\n    environment:\n      WATCHTOWER_NOTIFICATION_URL: telegram://§S§@telegram?chats=§d9§", "tg", "containrrr/watchtower"),
    ("uptime-kuma-notification-json", "{\"name\":\"Discord alerts\",\"type\":\"discord\",\"discordWebhookUrl\":\"https://discord.com/api/webhooks/§snow§/§S§\",\"isDefault\":true}", "@dwh", "Discord alerts"),
    ("apprise-yaml-pushover-token", "urls:\n  - pover://§a30§@§S§:\n    - tag: backups", "a30", "tag: backups"),
    ("tuya-convert-devices-json-local-key", "[{\"name\": \"Desk lamp\", \"id\": \"bf§a20§\", \"key\": \"§S§\", \"mac\": \"§mac§\", \"category\": \"dj\"}]", "@tuyalocal", "Desk lamp"),
    ("home-assistant-lovelace-iframe-token-url", "type: iframe\nurl: http://§ip§:3000/d/solar?orgId=1&kiosk&auth_token=§S§\naspect_ratio: 60%", "A32", "type: iframe"),
]


SOURCE_CODE = [
    ("py-discord-bot-run-literal", "intents = discord.Intents.default()\nintents.message_content = True\nbot = commands.Bot(command_prefix=\"!\", intents=intents)\n\n# ... commands ...\n\nbot.run(\"§S§\")", "discord", "commands.Bot"),
    ("js-discord-client-login-literal", "client.once(Events.ClientReady, c => console.log(`Ready! Logged in as ${c.user.tag}`));\nclient.login('§S§'); // TODO move to .env", "discord", "client.once"),
    ("py-telebot-constructor", "import telebot\nbot = telebot.TeleBot(\"§S§\", parse_mode=None)\n\n@bot.message_handler(commands=['start'])", "tg", "telebot.TeleBot"),
    ("py-aiogram-bot-token-kwarg", "from aiogram import Bot, Dispatcher\nbot = Bot(token='§S§')\ndp = Dispatcher()", "tg", "Dispatcher"),
    ("js-telegraf-constructor", "const { Telegraf } = require('telegraf')\nconst bot = new Telegraf('§S§')\nbot.start((ctx) => ctx.reply('Welcome'))", "tg", "new Telegraf"),
    ("js-tmi-client-identity-password", "const client = new tmi.Client({\n  identity: {\n    username: '§user§',\n    password: 'oauth:§S§'\n  },\n  channels: [ '§user§' ]\n});", "a30", "identity"),
    ("py-twitchio-bot-init-token", "class Bot(commands.Bot):\n    def __init__(self):\n        super().__init__(token='oauth:§S§', prefix='?', initial_channels=['§user§'])", "a30", "initial_channels"),
    ("cs-unity-dreamlo-private-code", "public class Leaderboard : MonoBehaviour\n{\n    const string privateCode = \"§S§\";   // dreamlo private code\n    const string publicCode = \"§h24§\";", "B30", "publicCode"),
    ("cs-unity-playfab-developer-secret", "PlayFabSettings.staticSettings.TitleId = \"§U5§\";\nPlayFabSettings.staticSettings.DeveloperSecretKey = \"§S§\";", "U52", "TitleId"),
    ("gdscript-http-headers-bearer-format", "var headers = [\"Content-Type: application/json\", \"Authorization: Bearer %s\" % \"§S§\"]\n$HTTPRequest.request(url, headers, HTTPClient.METHOD_POST, body)", "@skproj", "HTTPClient.METHOD_POST"),
    ("gdscript-const-supabase-key", "const SUPABASE_URL = \"https://§l20§.supabase.co\"\nconst SUPABASE_KEY = \"§S§\"  # service role, ok for the jam", "jwtsb", "SUPABASE_URL"),
    ("lua-roblox-discord-webhook-const", "local HttpService = game:GetService(\"HttpService\")\nlocal WEBHOOK = \"https://discord.com/api/webhooks/§snow§/§S§\"\nHttpService:PostAsync(WEBHOOK, HttpService:JSONEncode({content = msg}))", "@dwh", "HttpService"),
    ("lua-roblox-opencloud-api-key-local", "local API_KEY = \"§S§\" -- open cloud datastore key\nlocal UNIVERSE = §d10§", "b100", "UNIVERSE"),
    ("lua-love2d-gamejolt-init", "local gamejolt = require(\"gamejolt\")\ngamejolt.init(§d6§, \"§S§\")", "h32", "gamejolt.init"),
    ("lua-nodemcu-wifi-sta-config", "wifi.setmode(wifi.STATION)\nwifi.sta.config({ssid=\"§ssid§\", pwd=\"§S§\"})\nwifi.sta.connect()", "wifi", "wifi.setmode"),
    ("arduino-wifi-begin-literals", "void setup() {\n  Serial.begin(115200);\n  WiFi.begin(\"§ssid§\", \"§S§\");\n  while (WiFi.status() != WL_CONNECTED) delay(500);\n}", "wifi", "WiFi.status()"),
    ("arduino-const-char-ssid-password", "const char* ssid = \"§ssid§\";\nconst char* password = \"§S§\";", "wifi", "const char* ssid"),
    ("arduino-define-bottoken-chat-id", "#define BOTtoken \"§S§\"  // your Bot Token (Get from Botfather)\n#define CHAT_ID \"§d9§\"", "tg", "CHAT_ID"),
    ("arduino-string-ifttt-key", "String IFTTT_EVENT = \"motion_detected\";\nString IFTTT_KEY = \"§S§\";", "B22", "IFTTT_EVENT"),
    ("arduino-string-thingspeak-apikey", "String apiKey = \"§S§\"; // Enter your Write API key from ThingSpeak\nconst char* server = \"api.thingspeak.com\";", "U16", "api.thingspeak.com"),
    ("arduino-openweather-url-concat", "String serverPath = \"http://api.openweathermap.org/data/2.5/weather?q=\" + city + \",\" + countryCode + \"&APPID=\" + \"§S§\";", "h32", "serverPath"),
    ("arduino-firebase-user-password-define", "#define USER_EMAIL \"§email§\"\n#define USER_PASSWORD \"§S§\"\n#define DATABASE_URL \"https://§proj§-default-rtdb.firebaseio.com\"", "pw", "USER_EMAIL"),
    ("arduino-firebase-legacy-database-secret", "#define FIREBASE_HOST \"§proj§.firebaseio.com\"\n#define FIREBASE_AUTH \"§S§\"   // database secret", "A40", "FIREBASE_HOST"),
    ("arduino-blynk-char-auth-array", "char auth[] = \"§S§\";\nchar ssid[] = \"§ssid§\";\nchar pass[] = \"(same as router)\";", "B32", "char ssid[]"),
    ("esp-idf-wifi-config-struct", "wifi_config_t wifi_config = {\n    .sta = {\n        .ssid = \"§ssid§\",\n        .password = \"§S§\",\n        .threshold.authmode = WIFI_AUTH_WPA2_PSK,\n    },\n};", "wifi", "wifi_config_t"),
    ("micropython-wlan-connect", "import network\nsta = network.WLAN(network.STA_IF)\nsta.active(True)\nsta.connect('§ssid§', '§S§')", "wifi", "network.WLAN"),
    ("micropython-umqtt-client-password", "from umqtt.simple import MQTTClient\nc = MQTTClient(\"pico-w\", \"§ip§\", user=\"§user§\", password=\"§S§\")\nc.connect()", "pw", "MQTTClient"),
    ("py-paho-username-pw-set", "client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)\nclient.username_pw_set(\"§user§\", \"§S§\")\nclient.connect(\"§ip§\", 1883)", "pw", "username_pw_set"),
    ("js-mqtt-connect-options-object", "const client = mqtt.connect('mqtts://§a8§.s1.eu.hivemq.cloud:8883', { username: '§user§', password: '§S§' })", "x16", "mqtt.connect"),
    ("py-tinytuya-outlet-device", "d = tinytuya.OutletDevice('bf§a20§', '§ip§', '§S§')\nd.set_version(3.3)\nprint(d.status())", "@tuyalocal", "OutletDevice"),
    ("py-ha-token-constant-fstring", "HA_URL = \"http://homeassistant.local:8123\"\nHA_TOKEN = \"§S§\"\nheaders = {\"Authorization\": f\"Bearer {HA_TOKEN}\"}", "jwtha", "HA_URL"),
    ("py-openai-client-api-key-kwarg", "from openai import OpenAI\nclient = OpenAI(api_key=\"§S§\")", "@skproj", "from openai import OpenAI"),
    ("py-openai-legacy-module-assign", "import openai\nopenai.api_key = \"§S§\"\nresp = openai.ChatCompletion.create(model=\"gpt-3.5-turbo\", messages=msgs)", "@sklegacy", "ChatCompletion"),
    ("py-anthropic-client-kwarg", "client = anthropic.Anthropic(\n    # defaults to os.environ.get(\"ANTHROPIC_API_KEY\")\n    api_key=\"§S§\",\n)", "@skant", "defaults to os.environ.get"),
    ("py-genai-configure-key", "import google.generativeai as genai\ngenai.configure(api_key=\"§S§\")\nmodel = genai.GenerativeModel(\"gemini-1.5-flash\")", "@aiza", "GenerativeModel"),
    ("py-groq-client-kwarg", "from groq import Groq\nclient = Groq(api_key=\"§S§\")", "@gsk", "from groq import Groq"),
    ("js-fetch-openrouter-template-bearer", "const res = await fetch(\"https://openrouter.ai/api/v1/chat/completions\", {\n  method: \"POST\",\n  headers: {\n    \"Authorization\": `Bearer §S§`,\n    \"Content-Type\": \"application/json\"\n  },", "@orkey", "openrouter.ai/api/v1"),
    ("py-hf-hub-login-call", "from huggingface_hub import login\nlogin(\"§S§\")", "@hf", "from huggingface_hub import login"),
    ("ipynb-cell-bang-hf-login", "# Colab cell 2\n!huggingface-cli login --token §S§\n!pip -q install diffusers", "@hf", "Colab cell 2"),
    ("ipynb-json-source-environ-line", "   \"source\": [\n    \"import os\\n\",\n    \"os.environ[\\\"OPENAI_API_KEY\\\"] = \\\"§S§\\\"\\n\"\n   ]", "@skproj", "\"source\""),
    ("py-environ-assign-replicate", "os.environ[\"REPLICATE_API_TOKEN\"] = \"§S§\"\noutput = replicate.run(\"stability-ai/sdxl\", input={\"prompt\": p})", "@r8", "replicate.run"),
    ("py-elevenlabs-client-kwarg", "from elevenlabs.client import ElevenLabs\nclient = ElevenLabs(api_key=\"§S§\")", "'sk|_ h48", "ElevenLabs"),
    ("py-spotipy-client-credentials", "sp = spotipy.Spotify(auth_manager=SpotifyClientCredentials(client_id=\"§h32§\", client_secret=\"§S§\"))", "h32", "SpotifyClientCredentials"),
    ("py-praw-reddit-client-secret", "reddit = praw.Reddit(client_id=\"§B14§\", client_secret=\"§S§\", user_agent=\"memebot by u/§user§\")", "B27", "user_agent"),
    ("py-tweepy-bearer-token", "client = tweepy.Client(bearer_token=\"§S§\")\ntweets = client.search_recent_tweets(query=\"#gamedev\")", "@twbearer", "search_recent_tweets"),
    ("py-instagrapi-login-literal", "from instagrapi import Client\ncl = Client()\ncl.login(\"§user§\", \"§S§\")", "pw", "from instagrapi import Client"),
    ("py-inline-service-account-dict", "creds = {\n    \"type\": \"service_account\",\n    \"client_email\": \"sheets-bot@§proj§.iam.gserviceaccount.com\",\n    \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n§S§\\n-----END PRIVATE KEY-----\\n\",\n}\ngc = gspread.service_account_from_dict(creds)", "pkcs8esc", "service_account_from_dict"),
    ("apps-script-discord-webhook-var", "function postToDiscord(msg) {\n  var url = \"https://discord.com/api/webhooks/§snow§/§S§\";\n  UrlFetchApp.fetch(url, {method: \"post\", contentType: \"application/json\", payload: JSON.stringify({content: msg})});\n}", "@dwh", "UrlFetchApp.fetch"),
    ("apps-script-set-script-property-once", "function setup() {\n  PropertiesService.getScriptProperties().setProperty('OPENAI_KEY', '§S§'); // run once then delete\n}", "@skproj", "PropertiesService"),
    ("apps-script-airtable-token-const", "const AIRTABLE_TOKEN = '§S§';\nconst BASE_ID = 'app§A14§';\nconst TABLE = 'Orders';", "@airtable", "BASE_ID"),
    ("apps-script-stripe-basic-encode", "const options = { headers: { Authorization: 'Basic ' + Utilities.base64Encode('§S§:') }, muteHttpExceptions: true };", "@rklive", "Utilities.base64Encode"),
    ("js-airtable-base-apikey", "const Airtable = require('airtable');\nconst base = new Airtable({ apiKey: '§S§' }).base('app§A14§');", "@airtable", "require('airtable')"),
    ("js-notion-client-auth", "const { Client } = require(\"@notionhq/client\")\nconst notion = new Client({ auth: \"§S§\" })", "@notion", "@notionhq/client"),
    ("js-stripe-require-key-call", "const stripe = require('stripe')('§S§');\nconst session = await stripe.checkout.sessions.create({ mode: 'payment', line_items });", "@rklive", "checkout.sessions.create"),
    ("py-stripe-module-api-key", "import stripe\nstripe.api_key = \"§S§\"\nstripe.PaymentLink.create(line_items=[{\"price\": price_id, \"quantity\": 1}])", "@sktest", "PaymentLink.create"),
    ("php-stripe-set-api-key", "require_once('vendor/autoload.php');\n\\Stripe\\Stripe::setApiKey('§S§');", "@sklive", "vendor/autoload.php"),
    ("php-wp-functions-mailchimp-key", "// functions.php (child theme)\n$api_key = '§S§'; // mailchimp\n$list_id = '§h10§';", "@mchimp", "functions.php"),
    ("php-wp-add-option-recaptcha-secret", "add_option( 'myplugin_recaptcha_site_key', '6L§B38§' );\nadd_option( 'myplugin_recaptcha_secret', '§S§' );", "'6L B38", "myplugin_recaptcha_site_key"),
    ("php-mysqli-connect-literals", "$conn = mysqli_connect(\"localhost\", \"root\", \"§S§\", \"school_project\");\nif (!$conn) { die(\"Connection failed: \" . mysqli_connect_error()); }", "pw", "mysqli_connect_error"),
    ("php-pdo-new-dsn-password", "$pdo = new PDO('mysql:host=localhost;dbname=shop;charset=utf8mb4', 'shopuser', '§S§');", "pw", "new PDO"),
    ("js-mongoose-connect-srv-uri", "mongoose.connect(\"mongodb+srv://§user§:§S§@cluster0.§a5§.mongodb.net/todo?retryWrites=true&w=majority\")\n  .then(() => console.log(\"db ok\"))", "pw", "mongoose.connect"),
    ("py-pymongo-client-uri-admin", "client = MongoClient(\"mongodb://admin:§S§@§ip§:27017/?authSource=admin\")\ndb = client.plants", "pw", "MongoClient"),
    ("js-firebase-admin-cert-object", "admin.initializeApp({ credential: admin.credential.cert({ projectId: \"§proj§\", clientEmail: \"firebase-adminsdk-§a5§@§proj§.iam.gserviceaccount.com\", privateKey: \"-----BEGIN PRIVATE KEY-----\\n§S§\\n-----END PRIVATE KEY-----\\n\" }) });", "pkcs8esc", "admin.initializeApp"),
    ("js-supabase-create-client-literal", "import { createClient } from '@supabase/supabase-js'\nconst supabase = createClient('https://§l20§.supabase.co', '§S§')", "jwtsb", "@supabase/supabase-js"),
    ("py-supabase-create-client-var", "url = \"https://§l20§.supabase.co\"\nsupabase: Client = create_client(url, \"§S§\")", "jwtsb", "create_client"),
    ("dart-flutter-const-string-key", "const String kCity = '§city§';\nconst String kOpenWeatherKey = '§S§';", "h32", "kCity"),
    ("kotlin-private-val-api-key", "class GeminiRepo {\n    private val apiKey = \"§S§\" // gemini\n    private val model = GenerativeModel(\"gemini-1.5-flash\", apiKey)\n}", "@aiza", "GeminiRepo"),
    ("swift-let-revenuecat-secret", "// Purchases.swift\nlet rcSecret = \"§S§\" // secret key from RevenueCat, used for the REST call\nlet rcPublic = \"appl_§A24§\"", "'sk|_ A32", "rcPublic"),
    ("java-spigot-webhook-constant", "public final class SalesListener implements Listener {\n    private static final String WEBHOOK_URL = \"https://discord.com/api/webhooks/§snow§/§S§\";", "@dwh", "SalesListener"),
    ("java-jdbc-getconnection-password", "connection = DriverManager.getConnection(\"jdbc:mysql://§ip§:3306/mc\", \"plugin\", \"§S§\");", "pw", "DriverManager.getConnection"),
    ("js-fetch-env-fallback-webhook", "await fetch(process.env.WEBHOOK || \"https://discordapp.com/api/webhooks/§snow§/§S§\", {\n  method: \"POST\", headers: { \"Content-Type\": \"application/json\" }, body: JSON.stringify(payload)\n})", "@dwh", "process.env.WEBHOOK"),
    ("py-requests-slack-webhook-post", "requests.post(\"https://hooks.slack.com/services/T§U10§/B§U11§/§S§\", json={\"text\": msg})", "A24", "requests.post"),
    ("py-smtplib-login-app-password", "server = smtplib.SMTP_SSL(\"smtp.gmail.com\", 465)\nserver.login(\"§email§\", \"§S§\")\nserver.sendmail(sender, to, msg.as_string())", "gapp", "smtplib.SMTP_SSL"),
    ("js-nodemailer-transport-auth", "const transporter = nodemailer.createTransport({\n  service: 'gmail',\n  auth: {\n    user: '§email§',\n    pass: '§S§' // app password\n  }\n});", "gapp", "createTransport"),
    ("py-imaplib-uni-login", "mail = imaplib.IMAP4_SSL(\"imap.§uni§.edu\")\nmail.login(\"§stud§@§uni§.edu\", \"§S§\")", "pw", "IMAP4_SSL"),
    ("py-selenium-send-keys-password", "driver.get(\"https://portal.§uni§.edu/login\")\ndriver.find_element(By.ID, \"username\").send_keys(\"§stud§\")\ndriver.find_element(By.ID, \"password\").send_keys(\"§S§\")", "pw", "driver.get"),
    ("js-puppeteer-page-type-password", "await page.type('#email', '§email§');\nawait page.type('#password', '§S§');\nawait page.click('button[type=submit]');", "pw", "page.click"),
    ("py-requests-cookie-sessionid", "s = requests.Session()\ns.cookies.set(\"sessionid\", \"§S§\", domain=\".instagram.com\")", "d11 '%3A A22 '%3A d2 '%3A B40", "requests.Session"),
    ("js-cookie-header-connect-sid", "const res = await fetch(`${BASE}/api/admin/export`, {\n  headers: { cookie: 'connect.sid=s%3A§S§' }\n});", "B32 '. B43", "api/admin/export"),
    ("py-roblosecurity-cookie-dict", "cookies = {\".ROBLOSECURITY\": \"_|WARNING:-DO-NOT-SHARE-THIS.--Sharing-this-will-allow-someone-to-log-in-as-you-and-to-steal-your-ROBUX-and-items.|_§S§\"}\nr = requests.get(\"https://users.roblox.com/v1/users/authenticated\", cookies=cookies)", "H400", "users/authenticated"),
    ("py-steam-webauth-login-password", "sa = wa.WebAuth(\"§user§\")\nsa.login(password=\"§S§\", twofactor_code=code)", "pw", "wa.WebAuth"),
    ("py-steam-shared-secret-const", "SHARED_SECRET = \"§S§\"  # from maFile\ncode = generate_twofactor_code(base64.b64decode(SHARED_SECRET))", "r20", "generate_twofactor_code"),
    ("cs-steamworks-web-api-key-const", "static class SteamApi\n{\n    const string WebApiKey = \"§S§\";\n}", "H32", "SteamApi"),
    ("js-steam-user-logon-password", "client.logOn({\n  accountName: '§user§',\n  password: '§S§'\n});", "pw", "client.logOn"),
    ("py-obsws-reqclient-password", "import obsws_python as obs\ncl = obs.ReqClient(host='localhost', port=4455, password='§S§', timeout=3)", "A16", "obs.ReqClient"),
    ("js-obs-websocket-connect-password", "const obs = new OBSWebSocket();\nawait obs.connect('ws://127.0.0.1:4455', '§S§');", "A16", "OBSWebSocket"),
    ("py-streamlabs-socket-token-const", "TOKEN = \"§S§\"\nsio.connect(f\"https://sockets.streamlabs.com?token={TOKEN}\", transports=[\"websocket\"])", "jwt", "sockets.streamlabs.com"),
    ("js-streamelements-socket-authenticate", "socket.on('connect', () => {\n  socket.emit('authenticate', { method: 'jwt', token: '§S§' });\n});", "jwtse", "authenticate"),
    ("py-youtube-build-developer-key", "youtube = build(\"youtube\", \"v3\", developerKey=\"§S§\")\nreq = youtube.search().list(part=\"snippet\", channelId=CHANNEL, order=\"date\")", "@aiza", "developerKey"),
    ("py-pushover-requests-data-token", "requests.post(\"https://api.pushover.net/1/messages.json\", data={\"token\": \"§S§\", \"user\": USER_KEY, \"message\": \"Plant is thirsty\"})", "a30", "USER_KEY"),
    ("py-flask-app-secret-key", "app = Flask(__name__)\napp.secret_key = \"§S§\"", "pw", "Flask(__name__)"),
    ("py-flask-config-class-fallback", "class Config:\n    SECRET_KEY = os.environ.get(\"SECRET_KEY\") or \"§S§\"\n    SQLALCHEMY_DATABASE_URI = \"sqlite:///app.db\"", "h32", "SQLALCHEMY_DATABASE_URI"),
    ("py-django-email-host-password", "EMAIL_BACKEND = 'django.core.mail.backends.smtp.EmailBackend'\nEMAIL_HOST_USER = '§email§'\nEMAIL_HOST_PASSWORD = '§S§'", "gapp", "EMAIL_HOST_USER"),
    ("js-express-session-secret", "app.use(session({ secret: '§S§', resave: false, saveUninitialized: true }))", "pw", "saveUninitialized"),
    ("js-jsonwebtoken-sign-literal-secret", "const token = jwt.sign({ id: user._id }, \"§S§\", { expiresIn: \"7d\" });", "A32", "expiresIn"),
    ("ts-nextauth-github-provider", "GithubProvider({\n  clientId: \"§h20§\",\n  clientSecret: \"§S§\",\n}),", "h40", "GithubProvider"),
    ("ts-nextauth-google-provider", "GoogleProvider({ clientId: \"§d12§-§a32§.apps.googleusercontent.com\", clientSecret: \"§S§\" })", "@gocspx", "GoogleProvider"),
    ("js-vite-env-fallback-literal", "// src/api.js\nconst key = import.meta.env.VITE_OPENAI_KEY ?? \"§S§\";", "@skproj", "import.meta.env.VITE_OPENAI_KEY"),
    ("js-template-url-openweather-appid", "const res = await fetch(`https://api.openweathermap.org/data/2.5/forecast?lat=${lat}&lon=${lon}&appid=§S§&units=metric`);", "h32", "data/2.5/forecast"),
    ("html-script-emailjs-private-key", "<script>\n  emailjs.init({ publicKey: \"§B15§\", privateKey: \"§S§\" });\n</script>", "B22", "emailjs.init"),
    ("py-gumroad-license-verify-call", "r = requests.post(\"https://api.gumroad.com/v2/licenses/verify\", data={\"product_id\": \"§B22§\", \"license_key\": \"§S§\"})", "gumlic", "licenses/verify"),
    ("py-patreon-api-positional-token", "api_client = patreon.API(\"§S§\")\ncampaign = api_client.fetch_campaign()", "B43", "fetch_campaign"),
    ("js-shopify-rest-session-token", "const client = new shopify.clients.Rest({ session: { shop: '§word§.myshopify.com', accessToken: '§S§' } });", "@shpca", "shopify.clients.Rest"),
    ("py-paypalrestsdk-configure", "paypalrestsdk.configure({\"mode\": \"live\", \"client_id\": \"A§B79§\", \"client_secret\": \"§S§\"})", "@paypal", "paypalrestsdk.configure"),
    ("py-square-client-access-token", "from square.client import Client\nclient = Client(access_token=\"§S§\", environment=\"production\")", "@square", "square.client"),
    ("js-lemonsqueezy-setup-api-key", "import { lemonSqueezySetup } from \"@lemonsqueezy/lemonsqueezy.js\";\nlemonSqueezySetup({ apiKey: \"§S§\" });", "jwtls", "lemonSqueezySetup"),
    ("go-const-telegram-token", "package main\n\nconst botToken = \"§S§\"\n\nfunc main() {\n\tbot, err := tgbotapi.NewBotAPI(botToken)", "tg", "tgbotapi.NewBotAPI"),
    ("rust-let-token-literal", "let token = \"§S§\"; // env::var(\"DISCORD_TOKEN\") didn't work on replit\nlet mut client = Client::builder(&token, intents).event_handler(Handler).await?;", "discord", "Client::builder"),
    ("cs-discord-net-login-async", "await _client.LoginAsync(TokenType.Bot, \"§S§\");\nawait _client.StartAsync();", "discord", "TokenType.Bot"),
    ("java-jda-create-default", "JDA jda = JDABuilder.createDefault(\"§S§\").enableIntents(GatewayIntent.MESSAGE_CONTENT).build();", "discord", "JDABuilder.createDefault"),
    ("py-discord-webhook-lib-url", "webhook = DiscordWebhook(url=\"https://discord.com/api/webhooks/§snow§/§S§\", content=\"New sale on Etsy!\")\nwebhook.execute()", "@dwh", "DiscordWebhook"),
    ("py-whatsapp-cloud-bearer-dict", "headers = {\"Authorization\": \"Bearer §S§\"}  # WhatsApp Cloud API temp token\nurl = f\"https://graph.facebook.com/v19.0/{PHONE_ID}/messages\"", "'EA|AJ A200", "graph.facebook.com"),
    ("py-twilio-client-positional", "from twilio.rest import Client\nclient = Client(\"AC§h32§\", \"§S§\")", "h32", "twilio.rest"),
    ("js-line-bot-config-access-token", "const config = {\n  channelAccessToken: '§S§',\n  channelSecret: process.env.LINE_SECRET,\n};", "@line", "channelSecret"),
    ("py-matrix-nio-access-token-assign", "client = AsyncClient(\"https://matrix.org\", \"@§user§:matrix.org\")\nclient.access_token = \"§S§\"", "syt", "AsyncClient"),
    ("py-mastodon-py-access-token", "mastodon = Mastodon(access_token=\"§S§\", api_base_url=\"https://mastodon.social\")", "B43", "api_base_url"),
    ("py-atproto-login-app-password", "from atproto import Client\nclient = Client()\nclient.login(\"§user§.bsky.social\", \"§S§\")", "bsky", "from atproto import Client"),
    ("js-slack-bolt-app-token", "const app = new App({\n  token: \"§S§\",\n  signingSecret: process.env.SLACK_SIGNING_SECRET\n});", "@xoxb", "signingSecret"),
    ("py-slack-socket-mode-handler", "if __name__ == \"__main__\":\n    SocketModeHandler(app, \"§S§\").start()", "@xapp", "SocketModeHandler"),
    ("py-boto3-client-inline-keys", "s3 = boto3.client(\"s3\", aws_access_key_id=\"AKIA§U16§\", aws_secret_access_key=\"§S§\", region_name=\"eu-west-2\")", "@awssec", "boto3.client"),
    ("js-aws-sdk-credentials-object", "const s3 = new S3Client({ region: 'us-east-1', credentials: { accessKeyId: 'AKIA§U16§', secretAccessKey: '§S§' } });", "@awssec", "S3Client"),
    ("py-cloudinary-config-call", "cloudinary.config(cloud_name=\"§l8§\", api_key=\"§d15§\", api_secret=\"§S§\")", "B27", "cloud_name"),
    ("js-cloudinary-url-fallback", "process.env.CLOUDINARY_URL = process.env.CLOUDINARY_URL || \"cloudinary://§d15§:§S§@§l8§\";", "B27", "CLOUDINARY_URL"),
    ("py-kaggle-environ-key", "os.environ['KAGGLE_USERNAME'] = '§user§'\nos.environ['KAGGLE_KEY'] = '§S§'", "h32", "KAGGLE_USERNAME"),
    ("py-wandb-login-key-kwarg", "import wandb\nwandb.login(key=\"§S§\")\nwandb.init(project=\"§proj§\")", "h40", "wandb.init"),
    ("py-pinecone-client-api-key", "from pinecone import Pinecone\npc = Pinecone(api_key=\"§S§\")", "'pcs|k_ A6 '_ A60", "from pinecone import Pinecone"),
    ("py-environ-serpapi-key", "os.environ[\"SERPAPI_API_KEY\"] = \"§S§\"\ntools = load_tools([\"serpapi\", \"llm-math\"], llm=llm)", "h64", "load_tools"),
    ("py-wolframalpha-client-appid", "client = wolframalpha.Client(\"§S§\")\nres = client.query(question)", "U6 '- U10", "wolframalpha.Client"),
    ("py-lyricsgenius-token", "genius = lyricsgenius.Genius(\"§S§\")\nsong = genius.search_song(title, artist)", "B64", "search_song"),
    ("py-pyowm-positional-key", "owm = OWM('§S§')\nmgr = owm.weather_manager()", "h32", "weather_manager"),
    ("py-newsapi-client-key", "newsapi = NewsApiClient(api_key='§S§')\ntop = newsapi.get_top_headlines(country='gb')", "h32", "get_top_headlines"),
    ("js-giphy-key-const", "const GIPHY_KEY = \"§S§\";\nconst url = `https://api.giphy.com/v1/gifs/search?api_key=${GIPHY_KEY}&q=${q}`;", "A32", "api.giphy.com"),
    ("py-imgur-client-secret-positional", "client_id = \"§h15§\"\nclient = ImgurClient(client_id, \"§S§\")", "h40", "ImgurClient"),
    ("gdscript-var-itch-api-key", "extends Node\nvar itch_api_key := \"§S§\"\nvar game_id := §d7§", "a40", "extends Node"),
    ("gdscript-silentwolf-configure-dict", "SilentWolf.configure({\n  \"api_key\": \"§S§\",\n  \"game_id\": \"§proj§\",\n  \"log_level\": 1\n})", "A40", "SilentWolf.configure"),
    ("cs-unity-ugs-secret-const", "const string keyId = \"§uuid§\";\nconst string secretKey = \"§S§\"; // UGS service account", "B32", "keyId"),
    ("lua-gmod-steam-key-http-fetch", "local STEAM_KEY = \"§S§\"\nhttp.Fetch(\"https://api.steampowered.com/ISteamUser/GetPlayerBans/v1/?key=\" .. STEAM_KEY .. \"&steamids=\" .. sid)", "H32", "http.Fetch"),
    ("py-mcrcon-context-manager", "with MCRcon(\"§ip§\", \"§S§\") as mcr:\n    resp = mcr.command(\"/list\")", "pw", "mcr.command"),
    ("js-mineflayer-create-bot-password", "const bot = mineflayer.createBot({ host: 'play.§dom§', username: '§email§', password: '§S§', auth: 'microsoft' })", "pw", "mineflayer.createBot"),
    ("py-pydactyl-client-key", "from pydactyl import PterodactylClient\napi = PterodactylClient('https://panel.§dom§', '§S§')", "@ptlc", "PterodactylClient"),
    ("bash-script-restic-password-var", "#!/bin/bash\n# backup.sh\nexport RESTIC_PASSWORD=\"§S§\"\nrestic -r sftp:§user§@§ip§:/backups backup ~/photos", "pw", "restic -r"),
    ("bat-script-set-token", "@echo off\nset DISCORD_TOKEN=§S§\npython bot.py\npause", "discord", "@echo off"),
    ("ps1-convertto-securestring-plain", "$pass = ConvertTo-SecureString \"§S§\" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential (\"§user§\", $pass)", "pw", "ConvertTo-SecureString"),
    ("autohotkey-hotkey-send-password", "; login.ahk\n^!p::Send, §S§{Enter}", "pw", "login.ahk"),
    ("vba-const-api-key", "Const API_KEY As String = \"§S§\"\nSub RefreshRates()\n    url = \"https://api.§dom§/latest?access_key=\" & API_KEY", "h32", "Sub RefreshRates"),
    ("sheets-formula-importdata-token", "=IMPORTDATA(\"https://api.§dom§/v1/export.csv?token=§S§\")", "A32", "=IMPORTDATA"),
    ("sql-insert-admin-plaintext-password", "INSERT INTO users (username, password, role) VALUES ('admin', '§S§', 'admin'); -- plain text for now, hash later", "pw", "INSERT INTO users"),
    ("py-config-dict-nested-db-pass", "CONFIG = {\n    \"db\": {\"host\": \"localhost\", \"user\": \"root\", \"pass\": \"§S§\"},\n    \"debug\": True,\n}", "pw", "\"debug\": True"),
    ("py-commented-old-token-line", "# old token (revoked?): §S§\nTOKEN = os.getenv(\"TOKEN\")", "discord", "os.getenv"),
    ("js-commented-out-api-key-line", "// const apiKey = \"§S§\";\nconst apiKey = process.env.API_KEY;", "@skproj", "process.env.API_KEY"),
    ("py-string-backslash-continuation", "TOKEN = \"§S§\"\nbot.run(TOKEN)", "'sk|-proj- B60 '\\\n B60", "bot.run(TOKEN)"),
    ("js-template-literal-telegram-url", "const url = `https://api.telegram.org/bot§S§/sendMessage?chat_id=${chatId}&text=${encodeURIComponent(msg)}`;", "tg", "sendMessage"),
    ("py-fstring-url-tmdb-v3-key", "url = f\"https://api.themoviedb.org/3/movie/popular?api_key=§S§&page={page}\"", "h32", "api.themoviedb.org"),
    ("js-axios-defaults-bearer-tmdb", "axios.defaults.baseURL = 'https://api.themoviedb.org/3';\naxios.defaults.headers.common['Authorization'] = 'Bearer §S§';", "jwttmdb", "axios.defaults.baseURL"),
    ("cs-httpclient-default-header-key", "client.DefaultRequestHeaders.Add(\"X-Api-Key\", \"§S§\");\nvar json = await client.GetStringAsync(\"https://api.§dom§/v1/quests\");", "a32", "DefaultRequestHeaders"),
    ("py-base64-obfuscated-token", "TOKEN = base64.b64decode(\"§S§\").decode()  # so github doesn't see it", "b64tok", "base64.b64decode"),
    ("py-reversed-string-key", "API_KEY = \"§S§\"[::-1]  # lol obfuscation", "rev", "[::-1]"),
    ("arduino-ota-set-password", "ArduinoOTA.setHostname(\"esp-§word§\");\nArduinoOTA.setPassword(\"§S§\");\nArduinoOTA.begin();", "pw", "ArduinoOTA.begin"),
    ("arduino-softap-password", "WiFi.softAP(\"ESP32-Setup\", \"§S§\");\nIPAddress IP = WiFi.softAPIP();", "wifi", "WiFi.softAP"),
    ("arduino-httpclient-set-authorization", "http.begin(client, \"http://§ip§/api/relay\");\nhttp.setAuthorization(\"admin\", \"§S§\");", "pw", "http.setAuthorization"),
    ("cpp-esp-webserver-authenticate", "if (!server.authenticate(\"admin\", \"§S§\")) {\n  return server.requestAuthentication();\n}", "pw", "requestAuthentication"),
    ("py-opencv-rtsp-url-credentials", "cap = cv2.VideoCapture(\"rtsp://admin:§S§@§ip§:554/h264Preview_01_main\")", "pw", "cv2.VideoCapture"),
    ("py-phue-bridge-username", "from phue import Bridge\nb = Bridge('§ip§', username='§S§')\nb.set_light(3, 'on', True)", "@hue", "from phue import Bridge"),
    ("py-octoprint-headers-dict", "OCTO = \"http://octopi.local\"\nheaders = {\"X-Api-Key\": \"§S§\"}\nrequests.post(f\"{OCTO}/api/job\", json={\"command\": \"pause\", \"action\": \"pause\"}, headers=headers)", "H32", "api/job"),
    ("node-red-function-node-headers", "// function node: call HA\nmsg.headers = { \"Authorization\": \"Bearer §S§\" };\nmsg.url = \"http://§ip§:8123/api/services/light/toggle\";\nreturn msg;", "jwtha", "function node"),
    ("py-adafruit-io-client-positional", "from Adafruit_IO import Client\naio = Client('§user§', '§S§')", "@aio", "Adafruit_IO"),
    ("py-blynklib-blynk-token", "import BlynkLib\nblynk = BlynkLib.Blynk('§S§', server='blynk.cloud')", "B32", "BlynkLib.Blynk"),
    ("py-tinytuya-cloud-api-secret", "c = tinytuya.Cloud(apiRegion=\"eu\", apiKey=\"§a20§\", apiSecret=\"§S§\", apiDeviceID=\"bf§a20§\")", "h32", "tinytuya.Cloud"),
    ("py-tkinter-hardcoded-password-check", "def check():\n    if entry.get() == \"§S§\":\n        messagebox.showinfo(\"Login\", \"Access granted\")", "pw", "messagebox.showinfo"),
    ("js-game-dev-mode-password-check", "if (input === \"§S§\") { unlockDevMode(); }", "pw", "unlockDevMode"),
    ("php-session-admin-password-compare", "if ($_POST['pass'] === '§S§') { $_SESSION['admin'] = true; header('Location: /dashboard.php'); }", "pw", "$_SESSION['admin']"),
    ("py-sqlalchemy-create-engine-url", "engine = create_engine(\"postgresql+psycopg2://§user§:§S§@localhost:5432/hackathon\")", "pw", "create_engine"),
    ("py-redis-from-url-upstash", "r = redis.from_url(\"rediss://default:§S§@§a12§.upstash.io:6379\")", "@upstash", "redis.from_url"),
    ("prisma-schema-datasource-url", "datasource db {\n  provider = \"postgresql\"\n  url      = \"postgresql://neondb_owner:§S§@ep-§l6§-§l5§-§a8§.eu-central-1.aws.neon.tech/neondb?sslmode=require\"\n}", "'np|g_ A12", "datasource db"),
    ("py-todoist-api-positional", "from todoist_api_python.api import TodoistAPI\napi = TodoistAPI(\"§S§\")", "h40", "TodoistAPI"),
    ("js-linear-client-api-key", "const linear = new LinearClient({ apiKey: \"§S§\" });", "'lin|_api_ A40", "LinearClient"),
    ("py-trello-client-token", "client = TrelloClient(api_key='§h32§', token='§S§')", "'AT|TA h72", "TrelloClient"),
    ("js-fetch-figma-header", "fetch(`https://api.figma.com/v1/files/${FILE}`, { headers: { 'X-Figma-Token': '§S§' } })", "'fig|d_ B40", "api.figma.com"),
    ("py-dropbox-constructor-token", "dbx = dropbox.Dropbox(\"§S§\")\ndbx.files_upload(data, \"/backups/db.sqlite\")", "'sl. 'u. B140", "files_upload"),
    ("py-mailchimp-set-config", "client = MailchimpMarketing.Client()\nclient.set_config({\"api_key\": \"§S§\", \"server\": \"us21\"})", "@mchimp", "MailchimpMarketing"),
    ("py-sendgrid-client-positional", "sg = SendGridAPIClient('§S§')\nresponse = sg.send(message)", "@sendgrid", "SendGridAPIClient"),
    ("js-resend-constructor", "import { Resend } from 'resend';\nconst resend = new Resend('§S§');", "@resend", "from 'resend'"),
    ("py-brevo-configuration-api-key", "configuration = sib_api_v3_sdk.Configuration()\nconfiguration.api_key['api-key'] = '§S§'", "@brevo", "sib_api_v3_sdk"),
    ("js-postmark-server-client", "const postmark = require(\"postmark\");\nconst client = new postmark.ServerClient(\"§S§\");", "uuid", "postmark.ServerClient"),
    ("ts-clerk-create-client-secret", "const clerk = createClerkClient({ secretKey: \"§S§\" });", "'sk|_live_ A40", "createClerkClient"),
    ("py-algolia-admin-key-client", "client = SearchClient.create(\"§U10§\", \"§S§\")  # admin key! search-only key is in the frontend", "h32", "SearchClient.create"),
    ("py-deepgram-client-positional", "deepgram = DeepgramClient(\"§S§\")", "h40", "DeepgramClient"),
    ("py-assemblyai-settings-key", "import assemblyai as aai\naai.settings.api_key = \"§S§\"", "h32", "aai.settings.api_key"),
    ("py-cohere-client-positional", "co = cohere.Client(\"§S§\")\nresp = co.chat(message=q)", "A40", "cohere.Client"),
    ("py-mistral-client-kwarg", "from mistralai import Mistral\nclient = Mistral(api_key=\"§S§\")", "A32", "from mistralai import Mistral"),
    ("py-etherscan-key-const", "ETHERSCAN_KEY = \"§S§\"\nurl = f\"https://api.etherscan.io/api?module=account&action=balance&address={addr}&apikey={ETHERSCAN_KEY}\"", "U34", "api.etherscan.io"),
    ("js-hardhat-config-accounts-private-key", "module.exports = {\n  solidity: \"0.8.24\",\n  networks: {\n    sepolia: {\n      url: process.env.ALCHEMY_URL,\n      accounts: [\"0x§S§\"]\n    }\n  }\n};", "h64", "process.env.ALCHEMY_URL"),
    ("py-web3-account-from-key", "acct = Account.from_key(\"0x§S§\")\nprint(acct.address)", "h64", "Account.from_key"),
    ("js-ethers-wallet-from-phrase", "const wallet = ethers.Wallet.fromPhrase(\"§S§\");", "seed12", "ethers.Wallet.fromPhrase"),
    ("py-solana-keypair-from-bytes", "kp = Keypair.from_bytes(bytes(§S§))", "solbytes2", "Keypair.from_bytes"),
    ("js-pinata-sdk-jwt", "const pinata = new PinataSDK({ pinataJwt: \"§S§\", pinataGateway: \"§l8§.mypinata.cloud\" });", "jwtpin", "pinataGateway"),
    ("js-alchemy-settings-api-key", "const settings = { apiKey: \"§S§\", network: Network.ETH_MAINNET };\nconst alchemy = new Alchemy(settings);", "B32", "Network.ETH_MAINNET"),
    ("py-web3-infura-url-project-id", "w3 = Web3(Web3.HTTPProvider(\"https://mainnet.infura.io/v3/§S§\"))", "h32", "Web3.HTTPProvider"),
    ("py-dotenv-fallback-default-arg", "TOKEN = os.getenv(\"TELEGRAM_TOKEN\", \"§S§\")", "tg", "os.getenv(\"TELEGRAM_TOKEN\""),
    ("js-object-config-module-exports", "module.exports = {\n  prefix: '!',\n  token: '§S§',\n  color: '#ff66aa'\n};", "discord", "prefix: '!'"),
    ("lua-discordia-client-run", "local discordia = require('discordia')\nlocal client = discordia.Client()\nclient:run('Bot §S§')", "discord", "discordia.Client"),
    ("py-header-x-api-key-hobby-api", "HEADERS = {\"x-api-key\": \"§S§\", \"accept\": \"application/json\"}\nr = requests.get(\"https://api.thecatapi.com/v1/images/search\", headers=HEADERS)", "'live_ A64", "api.thecatapi.com"),
    ("py-rapidapi-headers", "headers = {\n    \"X-RapidAPI-Key\": \"§S§\",\n    \"X-RapidAPI-Host\": \"api-football-v1.p.rapidapi.com\"\n}", "A10 'msh A14 'p1 A6 'jsn A12", "X-RapidAPI-Host"),
    ("cs-unity-webgl-jslib-key", "mergeInto(LibraryManager.library, {\n  InitAnalytics: function () {\n    window.apiSecret = \"§S§\";\n  }\n});", "A40", "LibraryManager.library"),
]


STACK_LOG = [
    ("py-traceback-discord-improper-token", "Traceback (most recent call last):\n  File \"/home/runner/§proj§/main.py\", line 42, in <module>\n    bot.run(\"§S§\")\n  File \"/home/runner/§proj§/.pythonlibs/lib/python3.11/site-packages/discord/client.py\", line 860, in run\n    asyncio.run(runner())\ndiscord.errors.LoginFailure: Improper token has been passed.", "discord", "LoginFailure"),
    ("py-requests-httperror-url-appid", "Traceback (most recent call last):\n  File \"weather.py\", line 17, in get_weather\n    r.raise_for_status()\nrequests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://api.openweathermap.org/data/2.5/weather?q=§city§&appid=§S§", "h32", "raise_for_status"),
    ("py-telegram-conflict-getupdates-url", "telegram.error.Conflict: Conflict: terminated by other getUpdates request; make sure that only one bot instance is running\n  while requesting https://api.telegram.org/bot§S§/getUpdates", "tg", "telegram.error.Conflict"),
    ("node-axios-error-config-headers", "AxiosError: Request failed with status code 429\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://api.openai.com/v1/chat/completions',\n    method: 'post',\n    headers: Object [AxiosHeaders] {\n      Accept: 'application/json, text/plain, */*',\n      'Content-Type': 'application/json',\n      Authorization: 'Bearer §S§',", "@skproj", "AxiosError"),
    ("node-discordjs-token-invalid-debug", "Error [TokenInvalid]: An invalid token was provided.\n    at Client.login (/app/node_modules/discord.js/src/client/Client.js:214:52)\n[debug] Provided token: §S§", "discord", "TokenInvalid"),
    ("pm2-log-config-object-dump", "PM2        | App [bot:0] exited with code [1] via signal [SIGINT]\n0|bot      | config loaded { token: '§S§', prefix: '!', owner: '§snow§' }", "discord", "config loaded"),
    ("esp32-boot-log-wifi-begin-args", "rst:0x1 (POWERON_RESET),boot:0x13 (SPI_FAST_FLASH_BOOT)\n...\n[  1024][I][main.cpp:31] setup(): WiFi.begin(ssid=§ssid§, pass=§S§)\n[  3120][W][WiFiGeneric.cpp:1062] _eventCallback(): Reason: 15 - 4WAY_HANDSHAKE_TIMEOUT", "wifi", "4WAY_HANDSHAKE_TIMEOUT"),
    ("ha-log-rest-fetch-error-url", "2024-05-03 08:12:44.102 ERROR (MainThread) [homeassistant.components.rest.data] Error fetching data: https://api.§dom§/v1/status?api_key=§S§ failed with Client error '401 Unauthorized'", "h32", "homeassistant.components.rest.data"),
    ("ha-log-mqtt-connect-url-credentials", "2024-06-11 21:03:01.441 WARNING (MainThread) [homeassistant.components.mqtt.client] Failed to connect to MQTT server mqtt://§user§:§S§@§ip§:1883 due to exception: [Errno 111] Connection refused", "pw", "homeassistant.components.mqtt.client"),
    ("z2m-log-mqtt-debug-password", "[2024-06-01 10:22:01] error: \tz2m: MQTT error: Connection refused: Not authorized\n[2024-06-01 10:22:01] debug: \tz2m: Using MQTT login with username 'z2m' and password '§S§'", "pw", "Not authorized"),
    ("minecraft-server-log-rcon-debug", "[12:01:33] [Server thread/INFO]: RCON running on 0.0.0.0:25575\n[12:01:33] [Server thread/WARN]: [MyAdminPlugin] debug: rcon.password=§S§", "pw", "RCON running on"),
    ("discordsrv-log-login-token", "[14:22:10 INFO]: [DiscordSRV] Attempting to login with token: §S§\n[14:22:11 ERROR]: [DiscordSRV] [JDA] Login failed: 401 Unauthorized", "discord", "[DiscordSRV]"),
    ("unity-console-webrequest-auth-url", "UnityWebRequest error: HTTP/1.1 403 Forbidden\nURL: https://§proj§-default-rtdb.firebaseio.com/scores.json?auth=§S§\nUnityEngine.Debug:LogError (object)\nScoreUploader:OnComplete () (at Assets/Scripts/ScoreUploader.cs:48)", "A40", "UnityWebRequest error"),
    ("godot-push-error-headers-array", "ERROR: request failed: code=401 headers=[\"Content-Type: application/json\", \"Authorization: Bearer §S§\"]\n   at: push_error (core/variant/variant_utility.cpp:1091)\n   GDScript backtrace: [0] _on_request_completed (res://scripts/ai_npc.gd:57)", "@skant", "GDScript backtrace"),
    ("roblox-studio-output-webhook-url", "11:02:03.233  Sending to https://discord.com/api/webhooks/§snow§/§S§  -  Server - Logger:12\n11:02:03.540  HTTP 403 (Forbidden)  -  Server - Logger:14", "@dwh", "Server - Logger"),
    ("py-logging-urllib3-telegram-path", "DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): api.telegram.org:443\nDEBUG:urllib3.connectionpool:https://api.telegram.org:443 \"POST /bot§S§/sendMessage HTTP/1.1\" 200 341", "tg", "urllib3.connectionpool"),
    ("httpx-info-log-telegram-getupdates", "2024-07-02 10:11:12,345 - httpx - INFO - HTTP Request: POST https://api.telegram.org/bot§S§/getUpdates \"HTTP/1.1 200 OK\"", "tg", "httpx - INFO"),
    ("nginx-access-log-query-token", "§ipv§ - - [12/Mar/2024:21:04:11 +0000] \"GET /api/feed.ics?token=§S§ HTTP/1.1\" 200 5123 \"-\" \"Google-Calendar-Importer\"", "A32", "Google-Calendar-Importer"),
    ("apache-access-log-wp-login-get", "§ipv§ - - [03/Apr/2024:10:11:12 +0000] \"GET /wp-login.php?log=admin&pwd=§S§&wp-submit=Log+In HTTP/1.1\" 302 0", "pw", "wp-login.php"),
    ("flask-traceback-locals-webhook-secret", "  File \"/app/app.py\", line 33, in webhook\n    sig = hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()\n    [locals] SECRET = '§S§'\n             body = b'{\"type\":\"checkout.session.completed\"...'", "@whsec", "hmac.new"),
    ("django-debug-page-custom-setting", "Settings\nUsing settings module mysite.settings\nSetting\tValue\nALLOWED_HOSTS\t['*']\nDB_PASS\t'§S§'\nDEBUG\tTrue", "pw", "Using settings module"),
    ("laravel-ignition-env-table", "Environment\n  APP_ENV ........................ local\n  DB_CONNECTION .................. mysql\n  DB_PASSWORD .................... §S§\n  MAIL_PASSWORD .................. ********", "pw", "DB_CONNECTION"),
    ("nextjs-route-error-env-snapshot", "Error: Missing env STRIPE_SECRET_KEY\n    at Object.<anonymous> (.next/server/app/api/checkout/route.js:1:1337)\n  env snapshot: { NEXT_PUBLIC_URL: 'http://localhost:3000', STRIPE_KEY: '§S§' }", "@sktest", "env snapshot"),
    ("vercel-function-log-webhook-secret", "[POST] /api/webhook status=500\nStripeSignatureVerificationError: No signatures found matching the expected signature for payload. Are you passing the raw request body you received from Stripe?\n  secret used: §S§", "@whsec", "StripeSignatureVerificationError"),
    ("netlify-build-log-command-env", "3:14:07 PM: $ npm run build\n3:14:08 PM: > §proj§@1.0.0 build\n3:14:08 PM: > VITE_AIRTABLE_TOKEN=§S§ vite build\n3:14:12 PM: ✓ 231 modules transformed.", "@airtable", "vite build"),
    ("wrangler-tail-log-request-headers", "$ wrangler tail\nGET https://§proj§.workers.dev/api - Ok @ §date§ 10:02:11\n  (log) incoming headers: {\"cf-connecting-ip\":\"§ipv§\",\"x-api-key\":\"§S§\"}", "A32", "wrangler tail"),
    ("supabase-edge-log-authorization", "event_message: \"Invalid JWT\"\nmetadata.request.headers.authorization: \"Bearer §S§\"\nmetadata.response.status_code: 401", "jwtsbuser", "Invalid JWT"),
    ("firebase-functions-log-smtp-config", "2024-07-10T12:00:01.123Z ? sendOrderEmail: Error: Invalid login: 535-5.7.8 Username and Password not accepted.\n  smtp config { user: '§email§', pass: '§S§' }", "gapp", "sendOrderEmail"),
    ("nodemailer-debug-auth-plain", "[2024-05-12 09:00:01] DEBUG [Kx3Mm9] SMTP: C: AUTH PLAIN §S§\n[2024-05-12 09:00:01] DEBUG [Kx3Mm9] SMTP: S: 235 2.7.0 Accepted", "authplain", "AUTH PLAIN"),
    ("smtp-auth-login-transcript", "S: 220 smtp.§dom§ ESMTP\nC: AUTH LOGIN\nS: 334 VXNlcm5hbWU6\nC: c2hvcEBleGFtcGxlLmNvbQ==\nS: 334 UGFzc3dvcmQ6\nC: §S§\nS: 235 2.7.0 Authentication successful", "b64pw", "AUTH LOGIN"),
    ("curl-trace-cookie-roblosecurity", "> GET /v1/users/authenticated HTTP/2\n> Host: users.roblox.com\n> Cookie: .ROBLOSECURITY=_|WARNING:-DO-NOT-SHARE-THIS.--Sharing-this-will-allow-someone-to-log-in-as-you-and-to-steal-your-ROBUX-and-items.|_§S§\n< HTTP/2 200", "H320", "users.roblox.com"),
    ("obs-log-rtmp-connect-url", "21:03:11.221: [rtmp stream: 'adv_stream'] Connecting to RTMP URL rtmp://live.twitch.tv/app/§S§...\n21:03:11.650: [rtmp stream: 'adv_stream'] Connection to rtmp://live.twitch.tv/app/ successful", "@twlive", "adv_stream"),
    ("ffmpeg-output-line-youtube-url", "Output #0, flv, to 'rtmp://a.rtmp.youtube.com/live2/§S§':\n  Metadata:\n    encoder         : Lavf60.3.100\n  Stream #0:0: Video: h264 (High) ([7][0][0][0] / 0x0007), yuv420p", "ytkey", "Output #0, flv"),
    ("streamlink-cli-debug-arguments", "[cli][debug] OS:         Windows 10\n[cli][debug] Arguments:\n[cli][debug]  url=twitch.tv/§user§\n[cli][debug]  --twitch-api-header=[('Authorization', 'OAuth §S§')]", "a30", "[cli][debug] Arguments"),
    ("twitch-irc-raw-pass-line", "< CAP REQ :twitch.tv/tags twitch.tv/commands\n< PASS oauth:§S§\n< NICK §user§bot\n> :tmi.twitch.tv 001 §user§bot :Welcome, GLHF!", "a30", "CAP REQ"),
    ("irc-nickserv-identify-log", "[21:15] -> *NickServ* IDENTIFY §S§\n[21:15] -NickServ- You are now identified for §user§.", "pw", "You are now identified"),
    ("mosquitto-client-debug-connect", "Client null sending CONNECT\n  (debug) host=§ip§ port=1883 username=§user§ password=§S§\nClient null received CONNACK (5)\nConnection error: Connection Refused: not authorised.", "pw", "sending CONNECT"),
    ("homebridge-log-debug-platform-config", "[6/1/2024, 9:00:01 AM] [Ring] Config: {\"platform\":\"Ring\",\"refreshToken\":\"§S§\",\"cameraStatusPollingSeconds\":20}", "B150", "cameraStatusPollingSeconds"),
    ("py-insecure-request-warning-login-url", "/usr/lib/python3/dist-packages/urllib3/connectionpool.py:1045: InsecureRequestWarning: Unverified HTTPS request is being made to host '§ip§'.\nGET https://§ip§:8443/api/login?user=admin&pass=§S§ -> 200", "pw", "InsecureRequestWarning"),
    ("java-sqlexception-jdbc-url-password", "java.sql.SQLException: Access denied for user 'root'@'localhost' (using password: YES)\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)\n\tat me.§user§.shop.Database.connect(Database.java:22)\nCaused by: url=jdbc:mysql://localhost:3306/minecraft?user=root&password=§S§", "pw", "java.sql.SQLException"),
    ("unity-mysqlexception-connstr", "MySqlException: Authentication to host 'localhost' for user 'game' using method 'mysql_native_password' failed with message: Access denied\n  at MySql.Data.MySqlClient.Authentication.MySqlAuthenticationPlugin.AuthenticationFailed\n  connStr: \"Server=localhost;Database=game;Uid=game;Pwd=§S§;\"", "pw", "MySqlException"),
    ("php-fatal-pdo-stack-args", "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'shopuser'@'localhost' in /var/www/html/db.php:4\nStack trace:\n#0 /var/www/html/db.php(4): PDO->__construct('mysql:host=loca...', 'shopuser', '§S§')", "A12", "PDOException"),
    ("wp-debug-log-smtp-auth-fail", "[03-Apr-2024 10:11:12 UTC] WP Mail SMTP: SMTP Error: Could not authenticate. user=§email§ pass=§S§", "gapp", "WP Mail SMTP"),
    ("py-print-twitch-oauth-response-dict", "{'access_token': '§S§', 'expires_in': 14400, 'refresh_token': '(not requested)', 'scope': ['chat:read', 'chat:edit'], 'token_type': 'bearer'}", "a30", "chat:read"),
    ("spotipy-cache-write-log", "DEBUG:spotipy.oauth2:token info saved to .cache: {\"access_token\": \"§S§\", \"token_type\": \"Bearer\", \"expires_in\": 3600, \"scope\": \"user-read-currently-playing\"}", "'BQ B180", "spotipy.oauth2"),
    ("jest-snapshot-diff-api-key", "- Snapshot  - 1\n+ Received  + 1\n\n  Object {\n-   \"apiKey\": \"test-key\",\n+   \"apiKey\": \"§S§\",\n    \"from\": \"shop@§dom§\",", "@resend", "Snapshot"),
    ("cypress-command-log-type-password", "  cy.visit('/login')\n  cy.get('#user')  .type('§stud§')\n  cy.get('#password').type('§S§')\n  ✓ logs in to the student portal (1203ms)", "pw", "cy.visit"),
    ("pytest-captured-stdout-key", "E       AssertionError: assert 401 == 200\nE        +  where 401 = <Response [401]>.status_code\n\ntests/test_api.py:18: AssertionError\n----------------------------- Captured stdout call -----------------------------\nusing key §S§", "A40", "Captured stdout call"),
    ("syslog-cron-cmd-password-arg", "Jun  3 04:00:01 raspberrypi CRON[2231]: (pi) CMD (/home/pi/backup.sh --pass §S§ >> /var/log/backup.log 2>&1)", "pw", "raspberrypi CRON"),
    ("journalctl-bot-static-token", "Jun 03 10:00:00 pi systemd[1]: Started Discord music bot.\nJun 03 10:00:02 pi python3[881]: [INFO] discord.client: logging in using static token §S§", "discord", "Started Discord music bot"),
    ("android-logcat-okhttp-authorization", "D/OkHttp: --> GET https://api.§dom§/v2/scores\nD/OkHttp: Authorization: Bearer §S§\nD/OkHttp: --> END GET", "jwt", "D/OkHttp"),
    ("flutter-debug-print-session-map", "I/flutter (12345): [DEBUG] supabase session: {access_token: §S§, token_type: bearer, expires_in: 3600, user: {id: §uuid§}}", "jwtsbuser", "I/flutter"),
    ("browser-console-config-object", "main.js:27 config loaded {apiKey: '§S§', model: 'gpt-4o-mini', temperature: 0.7}", "@skproj", "main.js:27"),
    ("devtools-request-headers-token-scheme", "Request Headers\n:authority: api.§dom§\n:method: GET\n:path: /api/orders/\naccept: application/json\nauthorization: Token §S§", "h40", "Request Headers"),
    ("har-entry-header-bearer", "\"headers\": [\n  {\"name\": \"accept\", \"value\": \"*/*\"},\n  {\"name\": \"authorization\", \"value\": \"Bearer §S§\"},\n  {\"name\": \"user-agent\", \"value\": \"Mozilla/5.0\"}\n]", "@ya29", "user-agent"),
    ("replit-console-token-print", "--> python3 main.py\nToken: §S§\nLogged in as §user§Bot#§d4§\nSynced 6 command(s)", "discord", "python3 main.py"),
    ("heroku-router-log-oauth-code", "2024-05-02T10:11:12.000000+00:00 heroku[router]: at=info method=GET path=\"/callback?code=§S§&state=§a16§\" host=§proj§.herokuapp.com fwd=\"§ipv§\" status=302", "B30", "heroku[router]"),
    ("access-log-implicit-grant-fragment", "127.0.0.1 - - [§date§] \"GET /auth/twitch/callback#access_token=§S§&scope=chat%3Aread&token_type=bearer HTTP/1.1\" 200 -", "a30", "auth/twitch/callback"),
    ("express-debug-request-headers", "{ method: 'POST',\n  url: '/api/checkout',\n  headers: { host: 'localhost:3000', 'x-admin-key': '§S§', 'content-type': 'application/json' } }", "A24", "/api/checkout"),
    ("sentry-breadcrumb-http-url-token", "breadcrumb [http] GET https://api.§dom§/data?access_token=§S§ [401]\nbreadcrumb [ui.click] button#refresh", "a40", "breadcrumb"),
    ("arduino-ide-verbose-compile-define", "\"/home/§user§/.arduino15/packages/esp32/tools/xtensa-esp32-elf-gcc/esp-2021r2-patch5-8.4.0/bin/xtensa-esp32-elf-g++\" -DWIFI_PASSWORD=\"§S§\" -DCORE_DEBUG_LEVEL=0 -c sketch/weather.ino.cpp", "wifi", "xtensa-esp32-elf-g++"),
    ("platformio-verbose-build-flag-aio", "Compiling .pio/build/esp32dev/src/main.cpp.o\nxtensa-esp32-elf-g++ -o .pio/build/esp32dev/src/main.cpp.o -c -DAIO_USERNAME=\\\"§user§\\\" -DAIO_KEY=\\\"§S§\\\" src/main.cpp", "@aio", "Compiling"),
    ("openvpn-verbose-log-auth", "2024-06-02 11:12:13 us=123 WARNING: --auth-user-pass file echo: user=§user§ pass=§S§\n2024-06-02 11:12:14 AUTH: Received control message: AUTH_FAILED", "A24", "AUTH_FAILED"),
    ("rclone-debug-log-webdav-pass", "2024/06/01 10:00:00 DEBUG : rclone: Version \"v1.66.0\" starting with parameters [\"rclone\" \"-vv\" \"sync\" \"photos\" \"nas:photos\"]\n2024/06/01 10:00:00 DEBUG : nas: pass = \"§S§\"", "pw", "rclone: Version"),
    ("nextcloud-log-json-failed-login", "{\"reqId\":\"§A20§\",\"level\":2,\"app\":\"core\",\"method\":\"POST\",\"url\":\"/login\",\"message\":\"Login failed: '§user§' (Remote IP: '§ip§')\",\"params\":{\"password\":\"§S§\"}}", "pw", "Login failed"),
    ("php-warning-ftp-login-source-line", "Warning: ftp_login(): Login incorrect. in /home/§user§/public_html/upload.php on line 7\n// line 7: ftp_login($conn, \"§user§\", \"§S§\");", "pw", "ftp_login(): Login incorrect"),
    ("psycopg-operational-error-dsn", "psycopg2.OperationalError: connection to server at \"db.§l20§.supabase.co\" (§ipv§), port 5432 failed: FATAL:  password authentication failed for user \"postgres\"\n\nDuring handling of the above exception:\n  dsn = 'postgresql://postgres:§S§@db.§l20§.supabase.co:5432/postgres'", "x18", "psycopg2.OperationalError"),
    ("jupyter-keyerror-environ-dump", "KeyError: 'OPENAI_API_KEY'\n\nDuring handling of the above exception, another exception occurred:\n  os.environ = environ({'HOME': '/root', 'HF_TOKEN': '§S§', 'COLAB_GPU': '1'})", "@hf", "COLAB_GPU"),
    ("docker-build-log-netrc-echo", "#7 [4/6] RUN echo \"machine github.com login x password §S§\" > ~/.netrc\n#7 DONE 0.2s", "@ghp", "#7 DONE"),
    ("github-webhook-delivery-log-secret", "Recent Deliveries > ping\nRequest headers\n  X-Hub-Signature-256: sha256=§h64§\nPayload: {\"zen\": \"Design for failure.\", \"hook\": {\"config\": {\"secret\": \"§S§\", \"url\": \"https://§dom§/hook\"}}}", "A24", "Recent Deliveries"),
    ("n8n-execution-log-credential", "Execution #§d4§ failed  |  HTTP Request node\nNodeApiError: Authorization failed - please check your credentials\n  request: { headers: { \"X-Api-Key\": \"§S§\" }, url: \"https://api.§dom§/orders\" }", "a32", "NodeApiError"),
    ("make-scenario-log-http-module", "Scenario run §date§ 09:00 — HTTP › Make a request [1]\nThe operation failed with an error. [401] Unauthorized\nInput bundle: { url: \"https://api.airtable.com/v0/app§A14§/Leads\", headers: [ { name: \"Authorization\", value: \"Bearer §S§\" } ] }", "@airtable", "Input bundle"),
    ("zapier-task-history-data-in", "Zap history › Task §d10§ › Step 2 Webhooks by Zapier (POST)\nData in:\n  url: https://api.§dom§/v1/orders\n  headers: X-API-Key|§S§\n  payload type: json", "A32", "Zap history"),
    ("apps-script-execution-log-logger", "§date§ 10:01:22\tInfo\tFetching https://api.notion.com/v1/pages with token §S§\n§date§ 10:01:23\tError\tException: Request failed for https://api.notion.com returned code 401", "@ntn", "Fetching https://api.notion.com/v1/pages"),
    ("bubble-server-log-api-connector", "Server logs › Workflow 'send-invoice' › API Connector call 'Stripe - create invoice'\n  Authorization: Bearer §S§\n  Result: error 400", "@sklive", "Server logs"),
]


NOTE_CHAT = [
    ("handoff-bot-token-in-prose", "Handoff: bot is running on the Pi in a tmux session named \"bot\". Token is §S§ (I know, I know, will rotate after the jam). Restart with ./run.sh.", "discord", "Handoff"),
    ("todo-rotate-stripe-key-prose", "TODO(before launch): rotate §S§ - it was pasted in the #general channel on Tuesday.", "@sklive", "TODO(before launch)"),
    ("whatsapp-chat-lab-wifi-slash", "[WhatsApp] §first§: what's the wifi in the lab again\n[WhatsApp] me: §ssid§ / §S§", "wifi", "[WhatsApp]"),
    ("discord-chat-paste-test-bot-token", "§user§ - Today at 9:41 PM\nhere's the token for the test bot, don't share\n§S§", "discord", "here's the token for the test bot"),
    ("slack-dm-aws-keys-two-lines", "§first§  10:02 AM\nok here are the keys for the hackathon s3 bucket\nAKIA§U16§\n§S§", "@awssec", "hackathon s3 bucket"),
    ("family-chat-netflix-password", "Mum: what's the netflix password again?? it logged me out\nme: §email§ and §S§ (capital first letter)", "pw", "netflix password"),
    ("sticky-note-router-admin", "router admin: http://192.168.0.1\nuser: admin\npass: §S§\n(the sticker on the back is the OLD one)", "x12", "router admin"),
    ("agent-notes-wp-admin-reset", "Notes: recovered wp-admin access for aunt's bakery site. New admin password set to §S§ and sent it to her by SMS. Need to enable the 2FA plugin next.", "pw", "recovered wp-admin access"),
    ("agent-decision-log-ha-token", "Decision: use a long-lived HA token for the ESP dashboard instead of OAuth. Token (created §date§, named \"esp-dash\"): §S§", "jwtha", "Decision:"),
    ("agent-next-steps-move-key", "Next steps:\n1. move the key out of app.py (currently §S§)\n2. add .env to .gitignore\n3. force-push to remove history", "@skproj", "Next steps:"),
    ("readme-setup-section-key", "## Setup\n1. Clone the repo\n2. Put this in your .env (it's my test account so it's fine):\n   WEATHER_KEY=§S§\n3. npm start", "h32", "## Setup"),
    ("readme-credentials-markdown-table", "| Service | Username | Password |\n|---|---|---|\n| Grafana | admin | §S§ |\n| Pi-hole | - | (see Grafana) |", "pw", "| Service | Username | Password |"),
    ("spreadsheet-csv-client-logins", "Client,Site,Login,Password,Notes\nBakery,§dom§,admin,§S§,\"renewal due Nov\"", "pw", "Client,Site,Login,Password,Notes"),
    ("spreadsheet-tsv-api-key-owner", "Service\tKey\tOwner\nOpenWeather\t§S§\t§first§", "h32", "Service\tKey\tOwner"),
    ("team-chat-mongo-uri-paste", "[#team-chat] §user§: db is up! mongodb+srv://team:§S§@cluster0.§a5§.mongodb.net/hack\n[#team-chat] §user2§: 🔥", "A14", "db is up!"),
    ("email-draft-prof-temp-password", "Hi Prof. §last§,\nI can't access the lab server. My account is §stud§ and the temporary password you gave us (§S§) says expired. Could you reset it?\nThanks, §first§", "pw", "I can't access the lab server"),
    ("chat-screenshot-transcribed-client-secret", "[image: screenshot of Twitch developer console]\nTranscribed: \"Client ID §a30§   Client Secret §S§   [New Secret]\"", "a30", "Twitch developer console"),
    ("note-bare-token-in-list", "stuff to remember:\n- buy ESP32-C3 boards\n- §S§\n- ask §first§ about the soldering iron", "@ghp", "stuff to remember"),
    ("note-label-far-from-value", "The Spotify client secret (Dashboard > Settings > Basic Information) is the one below, the client ID is the other one in config.py:\n\n\n§S§", "h32", "Basic Information"),
    ("chat-stream-key-two-parts", "§first§: stream key part 1: live_§d9§_\n§first§: part 2: §S§\n§first§: paste them together", "A30", "paste them together"),
    ("chat-token-typo-label-tokn", "here's the tokn for the group bot: §S§", "tg", "tokn"),
    ("note-steam-login-slash-hint", "Steam: §user§ / §S§ (the one with the dog's name + year)", "pw", "Steam:"),
    ("family-it-printer-admin-note", "Printer (Brother HL-L2350DW) admin page: http://§ip§ - login password on sticker was changed to §S§", "pw", "Brother HL-L2350DW"),
    ("family-it-nas-synology-note", "Synology DS220+ at §ip§:5001 - admin account disabled, use \"§user§\" with password §S§. QuickConnect ID: §user§-home", "pw", "QuickConnect ID"),
    ("family-group-disney-login", "Family group chat - Disney+ login is §email§ / §S§, please don't change the password again Tyler", "pw", "Disney+ login"),
    ("school-portal-password-note", "Uni portal: student number §d8§, password §S§ (changed after the phishing email)", "pw", "student number"),
    ("classmate-chat-canvas-token", "§first§: just use my canvas token for the scraper, §S§, it expires in June anyway", "@canvas", "canvas token for the scraper"),
    ("bootcamp-pairing-notes-heroku", "Pairing notes w/ §first§ (week 6): we used her Heroku key §S§ for the demo deploy - she'll revoke Friday.", "@heroku", "Pairing notes"),
    ("devpost-writeup-demo-login", "How we built it: Flask + Twilio + a lot of coffee.\n(Judges: demo account is demo@§dom§ / §S§)", "pw", "How we built it"),
    ("game-jam-upload-checklist-butler", "Jam upload checklist: butler key §S§ | channel: html5 | page: §user§.itch.io/§proj§", "a40", "Jam upload checklist"),
    ("modding-discord-curseforge-key-share", "#modding-chat\n§user2§: anyone have a curseforge api key?\n§user§: use mine lol §S§", "@cfkey", "#modding-chat"),
    ("streamer-backup-notes-stream-key", "stream setup backup (in case OBS profile breaks):\nserver: rtmp://live.twitch.tv/app\nkey: §S§", "@twlive", "stream setup backup"),
    ("twitch-chat-viewer-reports-key", "[Twitch chat] §user§: yo your youtube stream key was visible for like 2 seconds on screen: §S§", "ytkey", "[Twitch chat]"),
    ("creator-notes-patreon-webhook-secret", "Patreon webhook secret (for the discord role sync): §S§", "B64", "Patreon webhook secret"),
    ("shop-owner-notes-shopify-custom-app", "Shop stuff: custom app \"inventory-sync\" admin token §S§ - scopes read_products, write_inventory", "@shpat", "inventory-sync"),
    ("kofi-discord-notes-verification-token", "Ko-fi -> Discord: verification token from ko-fi.com/manage/webhooks is §S§", "uuid", "ko-fi.com/manage/webhooks"),
    ("support-email-customer-license-key", "Customer email (§date§): \"Hi! my license key §S§ doesn't work on my second laptop, can you reset it?\"", "gumlic", "Customer email"),
    ("paypal-sandbox-buyer-notes", "PayPal sandbox buyer: sb-§a8§@personal.example.com / §S§", "pw", "PayPal sandbox buyer"),
    ("etsy-api-keystring-notes", "Etsy API: keystring §S§, shared secret in 1Password", "a24", "shared secret in 1Password"),
    ("notion-page-keys-bullets", "🔑 Keys (don't share this page!!)\n* Notion integration: §S§\n* (others moved to Bitwarden)", "@notion", "Keys (don't share this page!!)"),
    ("airtable-record-comment-token", "Comment on record \"Zapier setup\": token is §S§ (scope data.records:write)", "@airtable", "Comment on record"),
    ("zapier-step-notes-header", "Zap \"New Etsy order -> Sheet\": step 3 uses Webhooks by Zapier POST with header X-API-Key = §S§", "A32", "Webhooks by Zapier"),
    ("make-scenario-notes-authorization", "Make scenario #§d6§: HTTP module -> Authorization header \"Bearer §S§\"", "A40", "HTTP module"),
    ("n8n-credential-notes-header-auth", "n8n credential \"Header Auth - Baserow\": name Authorization, value Token §S§", "A32", "Header Auth - Baserow"),
    ("bubble-api-connector-notes", "Bubble API Connector: private key in header -> Bearer §S§", "h32", "Bubble API Connector"),
    ("retool-resource-notes-db-password", "Retool resource \"shop-db\" uses postgres password §S§ - same as the Supabase dashboard", "x18", "Retool resource"),
    ("apps-script-notes-hardcoded-line", "Sheet \"Orders\" has a script (Extensions > Apps Script) with the Stripe restricted key hardcoded on line 4: §S§", "@rklive", "Extensions > Apps Script"),
    ("tuya-local-keys-journal", "Got local keys via tinytuya wizard:\nkitchen plug -> §S§\n(bulb keys are in devices.json)", "@tuyalocal", "tinytuya wizard"),
    ("esp-project-journal-blynk", "Day 3: soil sensor works. Blynk token §S§, template \"Plant Monitor\". Battery lasts ~2 days.", "B32", "soil sensor works"),
    ("ha-forum-post-draft-bearer", "[Draft post for HA community] My configuration.yaml (token removed? NO wait):\n  Authorization: \"Bearer §S§\"", "jwtha", "Draft post for HA community"),
    ("agent-scratchpad-found-mailchimp", "Scratchpad: while grepping I found a hardcoded Mailchimp key in functions.php line 88 (§S§). Not touching it per user instruction; flagging in summary.", "@mchimp", "Scratchpad:"),
    ("agent-summary-revoke-app-password", "Summary for user:\n- Found your Gmail app password in mailer.py: §S§ - please revoke it at myaccount.google.com/apppasswords.", "gapp", "Summary for user"),
    ("agent-plan-uses-pasted-token", "Plan: (1) call the GitHub API with the token the user pasted (§S§) to list repos, (2) archive the old bootcamp ones.", "@ghfg", "Plan:"),
    ("agent-memory-file-vercel-token", "## Memory\n- user prefers pnpm\n- user's Vercel token: §S§\n- deploy target: §proj§.vercel.app", "A24", "## Memory"),
    ("agent-tool-call-args-header", "Called tool http_request(url=\"https://api.§dom§/v2/orders\", headers={\"Authorization\": \"Token §S§\"}) -> 200, 14 orders", "A40", "Called tool http_request"),
    ("user-message-bot-code-paste", "User: my bot isn't working, here's my code: client.run('§S§') what's wrong?", "discord", "my bot isn't working"),
    ("irc-style-chat-webhook-test", "<§user§> can someone test my webhook https://discord.com/api/webhooks/§snow§/§S§", "@dwh", "can someone test my webhook"),
    ("matrix-chat-as-token", "§user§: the bridge needs the as_token from registration.yaml, it's §S§", "A64", "as_token"),
    ("github-recovery-codes-block", "GitHub recovery codes (§user§) - keep somewhere safe:\n§S§", "recovery", "GitHub recovery codes"),
    ("note-totp-seed-shared-admin", "Authenticator seed for the shop's Shopify admin (so both of us can log in): §S§", "totp32", "Authenticator seed"),
    ("note-otpauth-uri-secret", "otpauth://totp/Discord:§email§?secret=§S§&issuer=Discord", "t32", "issuer=Discord"),
    ("wifi-qr-decoded-string", "Decoded the Wi-Fi QR on the fridge: WIFI:T:WPA;S:§ssid§;P:§S§;;", "wifi", "Decoded the Wi-Fi QR"),
    ("party-guest-wifi-announcement", "Guest Wi-Fi (for the party): network \"§ssid§\" password §S§", "wifi", "Guest Wi-Fi"),
    ("rental-guidebook-wifi-line", "Welcome! WiFi: §ssid§ - Password: §S§ - Door code is on the lockbox.", "wifi", "Welcome!"),
    ("note-pasted-friend-ssh-key", "§first§ sent me her key for the shared VPS, pasting here so I don't lose it:\n-----BEGIN OPENSSH PRIVATE KEY-----\n§S§\n-----END OPENSSH PRIVATE KEY-----", "ossh", "shared VPS"),
    ("note-hackathon-wallet-seed", "DO NOT LOSE: hackathon wallet seed - §S§", "seed12", "DO NOT LOSE"),
    ("note-deployer-eth-key", "deployer key (sepolia only!!): 0x§S§", "h64", "deployer key"),
    ("voice-message-transcript-password", "[voice message transcript] \"...yeah so the password is, uh, §S§, all lowercase, no spaces\"", "pwl", "voice message transcript"),
    ("chat-youtube-api-key-dm", "§user§: can u test with my yt key? §S§\n§user2§: on it", "@aiza", "can u test with my yt key"),
    ("meeting-notes-twilio-creds", "Meeting notes 14:00 - decided: Firebase for auth, Twilio for SMS. Twilio creds: SID AC§h32§ / token §S§", "h32", "Meeting notes"),
    ("pr-review-comment-npm-token", "Review comment on PR #§d2§: \"Please don't commit this: §S§ - use GitHub secrets instead.\"", "@npm", "Review comment on PR"),
    ("git-commit-message-body-token", "commit §sha§\nAuthor: §user§\n\n    fix bot\n\n    token was wrong, new one: §S§", "tg", "fix bot"),
    ("issue-body-steps-with-token", "Issue #§d2§: Bot crashes on startup\nSteps to reproduce: set TOKEN=§S§ and run python main.py", "discord", "Steps to reproduce"),
    ("stackoverflow-question-draft-wifi", "Q: Why does my ESP8266 not connect? Code:\n    WiFi.begin(\"§ssid§\", \"§S§\");\nSerial shows ........ forever", "wifi", "Why does my ESP8266 not connect"),
    ("reddit-post-draft-tuya-secret", "r/homeassistant - Can't get Tuya to work. client id §a20§, secret §S§, region eu. Any ideas?", "h32", "r/homeassistant"),
    ("diary-minecraft-rcon-pass", "Dear diary, finally set up the Minecraft server for my little brother. RCON pass: §S§. He wants mods next.", "pw", "Dear diary"),
    ("password-manager-export-csv-row", "name,url,username,password,note\nDiscord,https://discord.com,§email§,§S§,", "pw", "name,url,username,password,note"),
    ("browser-saved-passwords-quoted-row", "\"§dom§\",\"https://§dom§/login\",\"§user§\",\"§S§\"", "pw", "/login"),
    ("ocr-sticky-note-typo-passwrod", "[OCR of sticky note] Wi-Fi passwrod: §S§", "wifi", "passwrod"),
    ("emoji-label-obs-websocket", "🔐 §S§ 👈 that's the OBS websocket pw", "A16", "OBS websocket pw"),
    ("slack-thread-postgres-password", "§first§: deploy failed. can you add POSTGRES_PASSWORD? it's §S§", "x18", "POSTGRES_PASSWORD"),
    ("chat-dad-router-admin", "Dad: The internet is broken again\nMe: Unplug the box. If it asks, the admin password for the router is §S§", "x12", "The internet is broken again"),
    ("note-grandma-email-password", "Grandma's email password (she asked me to write it down somewhere): §S§", "pw", "Grandma's email password"),
    ("note-kid-roblox-account", "Roblox account for §first§: username §user§, password §S§ - parental PIN on the fridge", "pw", "Roblox account for"),
    ("note-esphome-ota-password-all", "OTA password for all the ESPHome nodes: §S§", "pw", "ESPHome nodes"),
    ("chat-authme-login-command", "[SMP chat] §user§: /login §S§\n[SMP chat] §user§: oops wrong window", "pw", "oops wrong window"),
    ("note-ssh-key-passphrase", "id_ed25519 passphrase = §S§", "pw", "id_ed25519 passphrase"),
    ("note-apple-recovery-key", "Apple ID recovery key: §S§ (printed copy in the desk drawer)", "applerk", "Apple ID recovery key"),
    ("note-bitlocker-recovery-key", "BitLocker recovery key for the school laptop (ID §H8§): §S§", "bitlocker", "BitLocker recovery key"),
    ("note-unity-plus-serial", "Unity Plus serial (team license, don't activate on more than 2 machines): §S§", "unityserial", "Unity Plus serial"),
    ("handoff-markdown-bullets-creds", "### Handoff to §first§\n- repo: github.com/§user§/§proj§\n- admin login: admin / §S§\n- deploy: push to main", "pw", "### Handoff to"),
    ("chat-telegram-group-botfather-forward", "[Forwarded from BotFather]\nUse this token to access the HTTP API:\n§S§\n\n§first§: use this one for the school club bot", "tg", "Forwarded from BotFather"),
    ("note-colab-secret-tip", "Tip for next session: Colab > 🔑 Secrets has HF_TOKEN, but I also wrote it here in case: §S§", "@hf", "Tip for next session"),
    ("summary-line-found-webhook-url", "Found in Apps Script project \"Sheet->Discord\": https://discord.com/api/webhooks/§snow§/§S§ (still active)", "@dwh", "Sheet->Discord"),
    ("note-mqtt-creds-one-liner", "mqtt: §user§@§ip§ pw §S§", "pw", "mqtt:"),
    ("chat-classmate-github-pat-group-project", "§first§: added you to the repo. if the invite doesn't work just push with my token lol §S§", "@ghp", "added you to the repo"),
    ("note-nas-quickconnect-colon", "NAS login -> §user§:§S§", "pw", "NAS login"),
    ("note-printer-wifi-direct", "Printer Wi-Fi Direct password (for when the router is down): §S§", "a10", "Printer Wi-Fi Direct"),
    ("note-steamguard-mafile-secret", "SDA maFile for the trading alt: shared_secret §S§ identity_secret (same file)", "r20", "SDA maFile"),
    ("note-cloudflare-tunnel-token", "Cloudflare Zero Trust > Tunnels > homelab > install: token is §S§", "cftunnel", "Zero Trust"),
    ("chat-ngrok-token-share", "§user§: ngrok free tier keeps kicking me, use my authtoken §S§", "@ngrok", "ngrok free tier"),
    ("note-de-wlan-passwort-werkstatt", "Notiz: WLAN für die Werkstatt heißt „§ssid§“, Passwort: §S§ (nicht an Gäste weitergeben)", "wifi", "Notiz:"),
    ("note-de-uebergabe-discord-token", "Übergabe: Der Discord-Bot läuft auf dem Raspberry Pi. Token steht in der .env, zur Sicherheit hier nochmal: §S§", "discord", "Übergabe:"),
    ("note-de-fritzbox-kennwort", "FRITZ!Box-Kennwort (Benutzeroberfläche): §S§ – bitte nicht ändern, Papa kennt es auswendig", "pw", "FRITZ!Box-Kennwort"),
    ("note-de-chat-stream-key-gezeigt", "[Discord] §user§: hab aus Versehen meinen Stream-Key gezeigt 😬 §S§ – schnell neu generieren", "@twlive", "aus Versehen"),
    ("note-de-moodle-token-skript", "Moodle-Token fürs Skript (Kurs Informatik 2): §S§", "h32", "Moodle-Token"),
    ("note-fr-cle-api-station-meteo", "Note : la clé API OpenWeather pour la station météo est §S§. À mettre dans secrets.h avant de flasher.", "h32", "station météo"),
    ("note-fr-livebox-admin", "Mot de passe de la Livebox (admin) : §S§ — le code Wi-Fi est sur l'étiquette", "A10", "Livebox"),
    ("note-fr-chat-token-bot-classe", "[Discord] §user§ : tiens le token du bot pour le serveur de la classe §S§ ne le partage pas stp", "discord", "serveur de la classe"),
    ("note-fr-shopify-jeton-admin", "Jeton d'accès Admin API pour la boutique : §S§ (app « sync-stocks »)", "@shpat", "Jeton d'accès"),
    ("note-fr-eduroam-identifiants", "Identifiants eduroam : §stud§@§uni§.fr / §S§", "pw", "Identifiants eduroam"),
    ("note-es-contrasena-wifi-abuela", "Nota: la contraseña del wifi de la abuela es §S§ (red §ssid§)", "wifi", "contraseña del wifi"),
    ("note-es-token-telegram-filtrado", "Pendiente: cambiar el token del bot de Telegram, se filtró en el grupo: §S§", "tg", "Pendiente:"),
    ("note-es-stripe-clave-prueba", "Clave secreta de Stripe (modo prueba) para la tienda: §S§", "@sktest", "Clave secreta de Stripe"),
    ("note-es-chat-uri-mongo-grupo", "§first§: la URI de mongo es mongodb+srv://grupo4:§S§@cluster0.§a5§.mongodb.net — no la subas al repo", "A14", "no la subas al repo"),
    ("note-es-router-movistar-clave", "Router Movistar: usuario 1234, clave §S§ (está en la pegatina de abajo)", "A20", "Router Movistar"),
    ("note-pt-senha-roteador-mae", "Senha do roteador (admin): §S§ — não mudar sem avisar a mãe", "pw", "Senha do roteador"),
    ("note-pt-mercadopago-access-token", "Access token do Mercado Pago (produção) da lojinha: §S§", "mercado", "Mercado Pago"),
    ("note-pt-whatsapp-senha-netflix", "[WhatsApp] §first§: a senha do netflix mudou, agora é §S§", "pw", "a senha do netflix mudou"),
    ("note-pt-blynk-feira-ciencias", "Galera, o token do Blynk do projeto da feira de ciências: §S§", "B32", "feira de ciências"),
    ("note-it-password-nas-soggiorno", "Promemoria: password del NAS in soggiorno: §S§ (utente §user§)", "pw", "Promemoria:"),
    ("note-it-chiave-gemini-scuola", "La chiave API di Gemini per il progetto scolastico è §S§, scade a fine semestre", "@aiza", "progetto scolastico"),
    ("note-it-rcon-server-minecraft", "Password RCON del server Minecraft: §S§, porta 25575", "pw", "porta 25575"),
    ("note-nl-wachtwoord-ziggo-modem", "Wachtwoord van de Ziggo-modem: §S§ (netwerk: §ssid§)", "wifi", "Ziggo-modem"),
    ("note-nl-overdracht-ha-token", "Overdracht: de Home Assistant-token voor het dashboard is §S§", "jwtha", "Overdracht:"),
    ("note-nl-steam-gedeeld-account", "Mijn Steam-wachtwoord voor het gedeelde account: §S§ (niet veranderen aub)", "pw", "Steam-wachtwoord"),
    ("note-pl-haslo-wifi-akademik", "Hasło do Wi-Fi w akademiku: §S§ — sieć §ssid§", "wifi", "w akademiku"),
    ("note-pl-klucz-twitch", "Klucz do Twitcha (token czatu, nie dawać nikomu): §S§", "a30", "Klucz do Twitcha"),
    ("note-pl-token-github-zajecia", "Token do GitHuba dla bota z zajęć: §S§", "@ghp", "Token do GitHuba"),
    ("note-ru-parol-wifi-dacha", "Пароль от Wi-Fi на даче: §S§ (сеть §ssid§)", "wifi", "Пароль от Wi-Fi"),
    ("note-ru-token-bota-github", "Токен бота (не выкладывать в гитхаб!): §S§", "tg", "Токен бота"),
    ("note-ru-vk-token-gruppy", "VK access token для группы: §S§", "'vk1.a. B210", "VK access token"),
    ("note-ru-steam-web-api-kljuch", "Ключ Steam Web API: §S§", "H32", "Steam Web API"),
    ("note-ja-wifi-jikka", "メモ：実家のWi-Fiパスワードは §S§ です（SSID: §ssid§）", "wifi", "メモ"),
    ("note-ja-hikitsugi-discord-token", "引き継ぎ：Discord ボットのトークンは §S§ 。.env に入れてください。", "discord", "引き継ぎ"),
    ("note-ja-line-notify-token", "LINE Notify のトークン：§S§（家族グループ用）", "B43", "LINE Notify"),
    ("note-ja-youtube-stream-key", "配信用ストリームキー（YouTube）：§S§ 絶対に画面に映さない", "ytkey", "配信用ストリームキー"),
    ("note-zh-sushe-wifi-mima", "备忘：宿舍 Wi-Fi 密码是 §S§，网络名 §ssid§", "wifi", "备忘"),
    ("note-zh-jiaojie-openai-key", "交接：OpenAI 的 key 是 §S§，别提交到 GitHub。", "@skproj", "交接"),
    ("note-zh-wechat-miniprogram-appsecret", "微信小程序 AppID: wx§h16§，AppSecret: §S§", "h32", "AppID"),
    ("note-zh-bilibili-stream-code", "B站直播推流码：?streamname=live_§d9§_§d7§&key=§S§&schedule=rtmp&pflag=1", "h32", "B站直播推流码"),
    ("note-ko-cafe-wifi-password", "메모: 카페 와이파이 비밀번호 §S§ (네트워크 §ssid§)", "wifi", "와이파이 비밀번호"),
    ("note-ko-discord-bot-token-handoff", "인수인계: 디스코드 봇 토큰 §S§ — 절대 공유 금지", "discord", "인수인계"),
    ("note-ko-chzzk-stream-key", "치지직 스트림 키: §S§ (방송 전에 재발급하기)", "a32", "치지직 스트림 키"),
    ("note-tr-modem-arayuz-sifresi", "Not: Modem arayüz şifresi §S§, kullanıcı adı admin", "pw", "kullanıcı adı admin"),
    ("note-sv-losenord-stugan", "Lösenord till routern i stugan: §S§", "wifi", "Lösenord till routern"),
    ("note-uk-wordpress-admin-parol", "Пароль до адмінки WordPress: §S§ (логін §user§)", "pw", "адмінки WordPress"),
    ("note-cs-heslo-wifi-chata", "Heslo na Wi-Fi na chatě: §S§ (síť §ssid§)", "wifi", "Heslo na Wi-Fi"),
    ("note-hi-wifi-password-hostel", "हॉस्टल का वाई-फाई पासवर्ड: §S§", "wifi", "हॉस्टल"),
    ("note-id-token-bot-kelas", "Catatan: token bot Telegram buat grup kelas: §S§ — jangan disebar ya", "tg", "grup kelas"),
    ("note-vi-mat-khau-router", "Mật khẩu router nhà: §S§ (tên wifi §ssid§)", "wifi", "Mật khẩu router"),
]


CI_DEPLOY = [
    ("gha-job-env-vercel-token-inline", "# .github/workflows/deploy.yml\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      VERCEL_TOKEN: §S§\n    steps:\n      - uses: actions/checkout@v4", "A24", "runs-on: ubuntu-latest"),
    ("gha-step-with-vercel-action-token", "      - uses: amondnet/vercel-action@v25\n        with:\n          vercel-token: §S§\n          vercel-org-id: team_§A24§\n          vercel-project-id: prj_§A28§", "A24", "amondnet/vercel-action"),
    ("gha-run-curl-discord-notify", "      - name: Notify Discord\n        if: success()\n        run: curl -H \"Content-Type: application/json\" -d '{\"content\":\"deployed ✅\"}' https://discord.com/api/webhooks/§snow§/§S§", "@dwh", "Notify Discord"),
    ("gha-log-npm-e401-authtoken", "Run npm publish --access public\nnpm ERR! code E401\nnpm ERR! Unable to authenticate, your authentication token seems to be invalid.\nnpm ERR! To correct this please try logging in again with:\nnpm ERR!     npm login\n(debug) //registry.npmjs.org/:_authToken=§S§", "@npm", "npm ERR! code E401"),
    ("gha-log-base64-bypass-mask", "Run echo \"$DEPLOY_TOKEN\" | base64\n  echo \"$DEPLOY_TOKEN\" | base64\n  shell: /usr/bin/bash -e {0}\n§S§", "b64tok", "shell: /usr/bin/bash -e {0}"),
    ("gha-log-set-output-token", "Run ./scripts/get-token.sh\n::set-output name=token::§S§\nWarning: The `set-output` command is deprecated and will be disabled soon.", "@ghs", "set-output"),
    ("gha-debug-log-token-printed", "Run echo \"token length ${#TOKEN}\"\ntoken length 40\n##[debug]Evaluating: secrets.MY_TOKEN\n##[debug]value (unmasked, set via env file): §S§", "h40", "##[debug]Evaluating"),
    ("gitlab-ci-variables-docker-auth", "variables:\n  DOCKER_AUTH_CONFIG_RAW: \"§S§\"\n  IMAGE: registry.gitlab.com/§user§/§proj§:latest", "basicdocker", "registry.gitlab.com"),
    ("gitlab-ci-script-docker-login-p", "build:\n  stage: build\n  script:\n    - docker login -u §user§ -p §S§ registry.gitlab.com\n    - docker build -t $IMAGE .", "@glpat", "stage: build"),
    ("netlify-toml-command-build-hook", "[build]\n  command = \"hugo --minify && curl -X POST -d {} https://api.netlify.com/build_hooks/§S§\"\n  publish = \"public\"", "h24", "api.netlify.com/build_hooks"),
    ("vercel-deploy-hook-url-note", "Deploy hook (main): https://api.vercel.com/v1/integrations/deploy/prj_§A28§/§S§", "A10", "api.vercel.com/v1/integrations/deploy"),
    ("render-yaml-env-var-value", "services:\n  - type: worker\n    name: §proj§\n    env: python\n    startCommand: python bot.py\n    envVars:\n      - key: DISCORD_TOKEN\n        value: §S§", "discord", "startCommand"),
    ("fly-toml-env-database-url", "app = \"§proj§\"\n[env]\n  PORT = \"8080\"\n  DATABASE_URL = \"postgres://postgres:§S§@§proj§-db.flycast:5432\"", "A16", "flycast"),
    ("procfile-worker-token-flag", "web: gunicorn app:app\nworker: python bot.py --token=§S§", "discord", "gunicorn app:app"),
    ("dockerfile-env-telegram-token", "FROM node:20-alpine\nWORKDIR /app\nENV TELEGRAM_TOKEN=§S§\nCOPY . .\nRUN npm ci\nCMD [\"node\", \"index.js\"]", "tg", "FROM node:20-alpine"),
    ("dockerfile-arg-default-npm-token", "ARG NPM_TOKEN=§S§\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci && rm .npmrc", "@npm", "ARG NPM_TOKEN"),
    ("dockerfile-run-git-clone-token-user", "RUN git clone https://§S§@github.com/§user§/private-assets.git /assets", "@ghp", "private-assets.git"),
    ("docker-compose-prod-openai-env", "  bot:\n    build: .\n    environment:\n      - OPENAI_API_KEY=§S§\n      - MODEL=gpt-4o-mini\n    restart: unless-stopped", "@skproj", "restart: unless-stopped"),
    ("package-json-gh-pages-deploy-repo-token", "\"scripts\": {\n  \"build\": \"vite build\",\n  \"deploy\": \"gh-pages -d dist -r https://§S§@github.com/§user§/§user§.github.io.git\"\n}", "@ghp", "gh-pages -d dist"),
    ("package-json-register-commands-token", "\"scripts\": {\n  \"start\": \"node index.js\",\n  \"register\": \"DISCORD_TOKEN=§S§ node deploy-commands.js\"\n}", "discord", "\"register\""),
    ("makefile-deploy-firebase-token", "deploy:\n\tnpm run build\n\tFIREBASE_TOKEN=§S§ firebase deploy --only hosting", "@goog1", "firebase deploy --only hosting"),
    ("deploy-sh-sshpass-rsync", "#!/bin/sh\n# deploy.sh\nnpm run build\nsshpass -p \"§S§\" rsync -avz dist/ §user§@§dom§:/var/www/html", "pw", "# deploy.sh"),
    ("gha-ftp-deploy-action-password", "      - name: 📂 Sync files\n        uses: SamKirkland/FTP-Deploy-Action@v4.3.5\n        with:\n          server: ftp.§dom§\n          username: §user§\n          password: §S§", "pw", "FTP-Deploy-Action"),
    ("lftp-mirror-deploy-user-comma", "lftp -u §user§,§S§ ftp.§dom§ -e \"mirror -R ./public_html /public_html; quit\"", "pw", "mirror -R"),
    ("gha-ssh-private-key-block-scalar", "      - uses: easingthemes/ssh-deploy@v5\n        env:\n          SSH_PRIVATE_KEY: |\n            -----BEGIN OPENSSH PRIVATE KEY-----\n            §S§\n            -----END OPENSSH PRIVATE KEY-----\n          REMOTE_HOST: §dom§", "ossh12", "easingthemes/ssh-deploy"),
    ("gha-wrangler-action-api-token", "      - uses: cloudflare/wrangler-action@v3\n        with:\n          apiToken: §S§\n          accountId: §h32§\n          command: pages deploy dist --project-name=§proj§", "B40", "cloudflare/wrangler-action"),
    ("repo-secrets-copied-fly-token", "Repository secrets (copied from settings before the repo was transferred):\nFLY_API_TOKEN = §S§", "fly", "Repository secrets"),
    ("circleci-command-heroku-api-key", "      - run:\n          name: release\n          command: HEROKU_API_KEY=§S§ heroku container:release web -a §proj§", "@heroku", "container:release"),
    ("travis-yml-env-global-gh-token", "language: node_js\nnode_js: 20\nenv:\n  global:\n    - GH_TOKEN=§S§\ndeploy:\n  provider: pages", "@ghp", "provider: pages"),
    ("vercel-build-log-env-echo", "Running build in Washington, D.C., USA (East) – iad1\nCloning github.com/§user§/§proj§ (Branch: main, Commit: §sha7§)\n> next build\n[env] DATABASE_URL=postgresql://§user§:§S§@ep-§l6§-§l6§.us-east-2.aws.neon.tech/neondb", "'np|g_ A12", "Running build in"),
    ("netlify-deploy-log-env-list", "1:02:33 PM: Build environment variables:\n1:02:33 PM:   - CONTENTFUL_SPACE_ID=§a12§\n1:02:33 PM:   - CONTENTFUL_TOKEN=§S§\n1:02:34 PM: Starting build script", "B43", "Build environment variables"),
    ("gha-jekyll-github-token-env", "    env:\n      JEKYLL_GITHUB_TOKEN: §S§\n      JEKYLL_ENV: production", "@ghfg", "JEKYLL_ENV"),
    ("eas-json-build-env-sentry-token", "{\n  \"build\": {\n    \"production\": {\n      \"env\": {\n        \"EXPO_PUBLIC_API_URL\": \"https://api.§dom§\",\n        \"SENTRY_AUTH_TOKEN\": \"§S§\"\n      }\n    }\n  }\n}", "sntrys", "EXPO_PUBLIC_API_URL"),
    ("eas-cli-expo-token-inline", "EXPO_TOKEN=§S§ eas build -p android --profile production --non-interactive", "A40", "eas build"),
    ("fastlane-dotenv-password", "# fastlane/.env\nFASTLANE_USER=§email§\nFASTLANE_PASSWORD=§S§\nFASTLANE_SESSION=", "pw", "FASTLANE_USER"),
    ("ci-app-store-connect-p8-block", "APP_STORE_CONNECT_API_KEY_ID: §U10§\nAPP_STORE_CONNECT_API_KEY_CONTENT: |\n  -----BEGIN PRIVATE KEY-----\n  §S§\n  -----END PRIVATE KEY-----", "p8i2", "APP_STORE_CONNECT_API_KEY_ID"),
    ("gradle-signing-config-store-key-password", "signingConfigs {\n    release {\n        storeFile file(\"release.jks\")\n        storePassword \"§S§\"\n        keyAlias \"upload\"\n        keyPassword \"§S§\"\n    }\n}", "pw", "signingConfigs"),
    ("react-native-gradle-properties-upload", "MYAPP_UPLOAD_STORE_FILE=my-upload-key.keystore\nMYAPP_UPLOAD_KEY_ALIAS=my-key-alias\nMYAPP_UPLOAD_STORE_PASSWORD=§S§", "pw", "MYAPP_UPLOAD_KEY_ALIAS"),
    ("ci-keystore-base64-decode-step", "      - name: Decode keystore\n        run: echo \"§S§\" | base64 -d > android/app/release.jks", "keystore", "Decode keystore"),
    ("gameci-unity-license-developer-data", "UNITY_LICENSE: |\n  <?xml version=\"1.0\" encoding=\"UTF-8\"?><root><License id=\"Terms\"><MachineBindings/><DeveloperData Value=\"§S§\"/><Features>...</Features></License></root>", "r40", "MachineBindings"),
    ("gameci-steam-config-vdf-base64", "  steam_username: §user§\n  configVdf: §S§", "r300", "steam_username"),
    ("gha-butler-push-env-key", "      - run: butler push build §user§/§proj§:windows\n        env:\n          BUTLER_API_KEY: §S§", "a40", "butler push build"),
    ("gha-godot-export-keystore-env", "    env:\n      GODOT_ANDROID_KEYSTORE_RELEASE_USER: upload\n      GODOT_ANDROID_KEYSTORE_RELEASE_PASSWORD: \"§S§\"", "pw", "GODOT_ANDROID_KEYSTORE_RELEASE_USER"),
    ("gha-rbxcloud-publish-api-key", "      - run: rbxcloud experience publish --filename game.rbxl --place-id §d11§ --universe-id §d10§ --version-type published --api-key §S§", "b120", "rbxcloud experience publish"),
    ("gha-mc-publish-modrinth-token", "      - uses: Kir-Antipov/mc-publish@v3.3\n        with:\n          modrinth-id: §A8§\n          modrinth-token: §S§\n          curseforge-token: ${{ secrets.CF_TOKEN }}", "'mr|p_ A36", "Kir-Antipov/mc-publish"),
    ("gha-heredoc-esphome-secrets", "      - run: |\n          cat > secrets.yaml <<EOF\n          wifi_ssid: \"§ssid§\"\n          wifi_password: \"§S§\"\n          EOF\n          esphome compile node.yaml", "wifi", "esphome compile"),
    ("gha-platformio-auth-token-env", "env:\n  PLATFORMIO_AUTH_TOKEN: §S§\njobs:\n  build:\n    runs-on: ubuntu-latest", "h40", "PLATFORMIO_AUTH_TOKEN"),
    ("ci-arduino-cloud-client-secret-env", "ARDUINO_CLOUD_CLIENT=§A32§\nARDUINO_CLOUD_CLIENT_SECRET=§S§ arduino-cloud-cli ota upload --device-id §uuid§ --file build/fw.bin", "A64", "arduino-cloud-cli ota upload"),
    ("heroku-app-json-env-value", "{\n  \"name\": \"§proj§\",\n  \"env\": {\n    \"BOT_TOKEN\": {\n      \"description\": \"Telegram token\",\n      \"value\": \"§S§\"\n    }\n  }\n}", "tg", "Telegram token"),
    ("k8s-secret-stringdata-token", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: bot-secrets\ntype: Opaque\nstringData:\n  token: §S§", "discord", "kind: Secret"),
    ("k8s-secret-data-base64-password", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: mariadb\ndata:\n  mariadb-root-password: §S§", "b64pw", "mariadb-root-password"),
    ("helm-values-grafana-admin-password", "# values.yaml\ngrafana:\n  adminUser: admin\n  adminPassword: §S§\n  persistence:\n    enabled: true", "pw", "adminUser"),
    ("terraform-tfvars-cloudflare-token", "cloudflare_api_token = \"§S§\"\nzone_id              = \"§h32§\"", "B40", "cloudflare_api_token"),
    ("terraform-provider-digitalocean-token", "provider \"digitalocean\" {\n  token = \"§S§\"\n}", "@dop", "provider \"digitalocean\""),
    ("ansible-vault-pass-file", "$ cat .vault_pass\n§S§", "pw", ".vault_pass"),
    ("ansible-group-vars-become-password", "# group_vars/pis.yml\nansible_user: pi\nansible_become_password: §S§", "pw", "group_vars/pis.yml"),
    ("gha-supabase-db-password-env", "    env:\n      SUPABASE_ACCESS_TOKEN: ${{ secrets.SUPABASE_ACCESS_TOKEN }}\n      SUPABASE_DB_PASSWORD: §S§\n      PROJECT_ID: §l20§", "x18", "SUPABASE_ACCESS_TOKEN"),
    ("crontab-git-pull-token-url", "0 * * * * cd ~/site && git pull https://§user§:§S§@github.com/§user§/site.git main && hugo --minify", "@ghfg", "hugo --minify"),
    ("systemd-unit-environment-token", "[Service]\nUser=pi\nEnvironment=\"DISCORD_TOKEN=§S§\"\nExecStart=/usr/bin/python3 /home/pi/bot/main.py\nRestart=always", "discord", "ExecStart"),
    ("pm2-ecosystem-env-twitch-oauth", "module.exports = {\n  apps: [{\n    name: \"chatbot\",\n    script: \"index.js\",\n    env: { TWITCH_OAUTH: \"oauth:§S§\" }\n  }]\n}", "a30", "module.exports"),
    ("supervisor-program-environment", "[program:bot]\ncommand=python3 bot.py\ndirectory=/home/§user§/bot\nenvironment=TG_TOKEN=\"§S§\"\nautorestart=true", "tg", "[program:bot]"),
    ("watchtower-shoutrrr-discord-url", "docker run -d --restart=always -v /var/run/docker.sock:/var/run/docker.sock -e WATCHTOWER_NOTIFICATION_URL=\"discord://§S§@§snow§\" containrrr/watchtower", "@dwh", "WATCHTOWER_NOTIFICATION_URL"),
    ("apprise-env-pushover-url", "APPRISE_URLS=pover://§a30§@§S§", "a30", "APPRISE_URLS"),
    ("surge-token-inline-deploy", "SURGE_TOKEN=§S§ npx surge ./dist §proj§.surge.sh", "h32", "npx surge"),
    ("ci-env-firebase-service-account-json", "FIREBASE_SERVICE_ACCOUNT_§U6§: '{\"type\":\"service_account\",\"project_id\":\"§proj§\",\"private_key\":\"-----BEGIN PRIVATE KEY-----\\n§S§\\n-----END PRIVATE KEY-----\\n\"}'", "pkcs8esc", "FIREBASE_SERVICE_ACCOUNT_"),
    ("gha-ghost-deploy-theme-api-key", "      - uses: TryGhost/action-deploy-theme@v1\n        with:\n          api-url: https://§dom§\n          api-key: §h24§:§S§", "@ghost", "TryGhost/action-deploy-theme"),
    ("codemagic-yaml-vars-keystore-password", "workflows:\n  android:\n    environment:\n      vars:\n        CM_KEYSTORE_PASSWORD: §S§\n        CM_KEY_ALIAS: upload", "pw", "CM_KEY_ALIAS"),
    ("bitbucket-pipelines-ftp-pipe-password", "      - pipe: atlassian/ftp-deploy:0.3.7\n        variables:\n          USER: §user§\n          PASSWORD: '§S§'\n          SERVER: ftp.§dom§", "pw", "atlassian/ftp-deploy"),
    ("ci-docker-login-ghcr-stdin", "echo §S§ | docker login ghcr.io -u §user§ --password-stdin", "@ghp", "docker login ghcr.io"),
    ("azure-swa-workflow-api-token", "        with:\n          azure_static_web_apps_api_token: §S§\n          repo_token: ${{ secrets.GITHUB_TOKEN }}\n          action: \"upload\"", "h56 '- h8", "repo_token"),
    ("ci-run-echo-npmrc-literal", "      - run: echo \"//registry.npmjs.org/:_authToken=§S§\" >> ~/.npmrc", "@npm", ">> ~/.npmrc"),
    ("ci-set-x-trace-curl-basic", "+ curl -u deploy:§S§ -T site.zip https://§dom§/upload\n  % Total    % Received % Xferd", "pw", "-T site.zip"),
    ("ci-set-x-trace-export-cf-token", "+ export CLOUDFLARE_API_TOKEN=§S§\n+ npx wrangler deploy\n ⛅️ wrangler 3.57.0", "B40", "npx wrangler deploy"),
    ("ci-buildkit-log-arg-stripe", "#5 [build 2/6] ARG STRIPE_KEY=§S§\n#5 CACHED", "@sklive", "#5 CACHED"),
    ("gha-log-printenv-input-token", "Run printenv | sort\nGITHUB_ACTIONS=true\nINPUT_TOKEN=§S§\nRUNNER_OS=Linux", "@ghs", "printenv | sort"),
    ("gitlab-ci-log-git-push-oauth2", "$ git push https://oauth2:§S§@gitlab.com/§user§/§proj§.git HEAD:main\nTo https://gitlab.com/§user§/§proj§.git\n   §sha7§..§sha7§  HEAD -> main", "@glpat", "HEAD -> main"),
    ("replit-deployment-secrets-export", "Deployments > Secrets > Export as .env\nDATABASE_URL=postgresql://§user§:§S§@ep-§l6§.neon.tech/neondb\nSESSION_SECRET=(see workspace)", "'np|g_ A12", "Export as .env"),
    ("glitch-env-file-deploy", "# .env (Glitch keeps this private... unless you remix)\nSECRET=§S§\nPORT=3000", "A32", "unless you remix"),
    ("docker-compose-traefik-cf-token-env", "  traefik:\n    image: traefik:v3.0\n    environment:\n      - CF_DNS_API_TOKEN=§S§\n    command:\n      - --certificatesresolvers.le.acme.dnschallenge.provider=cloudflare", "B40", "dnschallenge.provider=cloudflare"),
    ("gha-workflow-dispatch-input-default", "on:\n  workflow_dispatch:\n    inputs:\n      api_key:\n        description: 'API key for the scraper'\n        default: '§S§'", "h32", "workflow_dispatch"),
    ("pages-deploy-script-wrangler-env", "# deploy-pages.sh\nCLOUDFLARE_ACCOUNT_ID=§h32§ CLOUDFLARE_API_TOKEN=§S§ npx wrangler pages deploy ./public", "B40", "wrangler pages deploy"),
]


# vendor tokens: (format, env-style name, human label, spec); the text around
# each value is picked from _VENDOR_WRAPPERS so labels and layouts vary.
VENDOR = [
    ("github-classic-pat", "GITHUB_TOKEN", "GitHub personal access token (classic)", "@ghp"),
    ("github-fine-grained-pat", "GH_PAT", "GitHub fine-grained token", "@ghfg"),
    ("github-oauth-app-token", "GITHUB_OAUTH_TOKEN", "GitHub OAuth token", "@gho"),
    ("github-user-to-server-token", "GH_USER_TOKEN", "GitHub App user token", "@ghu"),
    ("github-installation-token", "GH_INSTALLATION_TOKEN", "GitHub App installation token", "@ghs"),
    ("github-app-refresh-token", "GH_REFRESH_TOKEN", "GitHub App refresh token", "@ghr"),
    ("github-oauth-app-client-secret", "GITHUB_CLIENT_SECRET", "GitHub OAuth app client secret", "h40"),
    ("gitlab-personal-access-token", "GITLAB_TOKEN", "GitLab PAT", "@glpat"),
    ("gitlab-runner-auth-token", "RUNNER_TOKEN", "GitLab runner token", "'glr|t- B20"),
    ("gitlab-deploy-token", "GITLAB_DEPLOY_TOKEN", "GitLab deploy token", "'gld|t- B20"),
    ("bitbucket-app-password", "BITBUCKET_APP_PASSWORD", "Bitbucket app password", "'ATB|B A32 H8"),
    ("slack-bot-user-token", "SLACK_BOT_TOKEN", "Slack bot token", "@xoxb"),
    ("slack-user-oauth-token", "SLACK_USER_TOKEN", "Slack user token", "@xoxp"),
    ("slack-app-level-token", "SLACK_APP_TOKEN", "Slack app-level token", "@xapp"),
    ("slack-signing-secret", "SLACK_SIGNING_SECRET", "Slack signing secret", "h32"),
    ("discord-bot-token", "DISCORD_BOT_TOKEN", "Discord bot token", "discord"),
    ("discord-oauth-client-secret", "DISCORD_CLIENT_SECRET", "Discord client secret", "B32"),
    ("discord-user-token-mfa", "DISCORD_USER_TOKEN", "Discord user token (selfbot, against ToS)", "'mfa. B84"),
    ("telegram-bot-api-token", "TELEGRAM_BOT_TOKEN", "Telegram bot token", "tg"),
    ("telegram-api-hash", "TG_API_HASH", "Telegram api_hash (api_id is public-ish)", "h32"),
    ("twitch-chat-oauth-token", "TWITCH_OAUTH", "Twitch chat token", "'oauth: a30"),
    ("twitch-app-client-secret", "TWITCH_CLIENT_SECRET", "Twitch client secret", "a30"),
    ("twitch-refresh-token", "TWITCH_REFRESH_TOKEN", "Twitch refresh token", "a50"),
    ("twitch-stream-key", "TWITCH_STREAM_KEY", "Twitch stream key", "@twlive"),
    ("youtube-stream-key", "YT_STREAM_KEY", "YouTube stream key", "ytkey"),
    ("facebook-live-stream-key", "FB_STREAM_KEY", "Facebook Live stream key", "'FB- d15 '-0- 'Ab B34"),
    ("kick-stream-key", "KICK_STREAM_KEY", "Kick stream key", "'sk_us-west-2_ A12 '_ A30"),
    ("restream-stream-key", "RESTREAM_KEY", "Restream key", "'re_ d7 '_ h20"),
    ("streamlabs-access-token", "STREAMLABS_TOKEN", "Streamlabs API access token", "A40"),
    ("streamlabs-socket-token", "STREAMLABS_SOCKET_TOKEN", "Streamlabs socket token", "jwt"),
    ("google-api-key", "GOOGLE_API_KEY", "Google API key", "@aiza"),
    ("google-oauth-client-secret", "GOOGLE_CLIENT_SECRET", "Google OAuth client secret", "@gocspx"),
    ("google-oauth-refresh-token", "GOOGLE_REFRESH_TOKEN", "Google refresh token", "@goog1"),
    ("google-oauth-access-token", "GOOGLE_ACCESS_TOKEN", "Google access token", "@ya29"),
    ("openai-project-api-key", "OPENAI_API_KEY", "OpenAI project key", "@skproj"),
    ("openai-legacy-user-key", "OPENAI_KEY", "OpenAI key (old style)", "@sklegacy"),
    ("openai-service-account-key", "OPENAI_SVC_KEY", "OpenAI service account key", "'sk-|svcacct- B74 'T3Blbk|FJ B74"),
    ("anthropic-api-key", "ANTHROPIC_API_KEY", "Anthropic API key", "@skant"),
    ("anthropic-admin-key", "ANTHROPIC_ADMIN_KEY", "Anthropic admin key", "'sk-|ant-admin01- B93 'AA"),
    ("huggingface-user-access-token", "HF_TOKEN", "Hugging Face token", "@hf"),
    ("replicate-api-token", "REPLICATE_API_TOKEN", "Replicate token", "@r8"),
    ("groq-api-key", "GROQ_API_KEY", "Groq key", "@gsk"),
    ("openrouter-api-key", "OPENROUTER_API_KEY", "OpenRouter key", "@orkey"),
    ("perplexity-api-key", "PPLX_API_KEY", "Perplexity key", "'ppl|x- A48"),
    ("elevenlabs-api-key", "ELEVENLABS_API_KEY", "ElevenLabs key", "'sk|_ h48"),
    ("stability-api-key", "STABILITY_API_KEY", "Stability AI key", "'sk|- A48"),
    ("xai-api-key", "XAI_API_KEY", "xAI key", "'xa|i- A80"),
    ("fireworks-api-key", "FIREWORKS_API_KEY", "Fireworks key", "'f|w_ A24"),
    ("together-api-key", "TOGETHER_API_KEY", "Together AI key", "h64"),
    ("langsmith-api-key", "LANGCHAIN_API_KEY", "LangSmith key", "'lsv2|_pt_ h32 '_ h10"),
    ("azure-openai-key", "AZURE_OPENAI_API_KEY", "Azure OpenAI key", "h32"),
    ("stripe-live-secret-key", "STRIPE_SECRET_KEY", "Stripe live secret key", "@sklive"),
    ("stripe-live-restricted-key", "STRIPE_RESTRICTED_KEY", "Stripe restricted key", "@rklive"),
    ("stripe-webhook-signing-secret", "STRIPE_WEBHOOK_SECRET", "Stripe webhook signing secret", "@whsec"),
    ("stripe-test-secret-key", "STRIPE_TEST_KEY", "Stripe test secret key", "@sktest"),
    ("paypal-rest-client-secret", "PAYPAL_CLIENT_SECRET", "PayPal client secret", "@paypal"),
    ("paypal-access-token", "PAYPAL_ACCESS_TOKEN", "PayPal access token", "'A21 'AA B90"),
    ("square-access-token", "SQUARE_ACCESS_TOKEN", "Square access token", "@square"),
    ("square-oauth-application-secret", "SQUARE_APP_SECRET", "Square application secret", "'sq0|csp- B43"),
    ("shopify-admin-api-token", "SHOPIFY_ACCESS_TOKEN", "Shopify admin token", "@shpat"),
    ("shopify-shared-secret", "SHOPIFY_SHARED_SECRET", "Shopify app shared secret", "@shpss"),
    ("shopify-custom-app-token", "SHOPIFY_CUSTOM_APP_TOKEN", "Shopify custom app token", "@shpca"),
    ("gumroad-oauth-access-token", "GUMROAD_ACCESS_TOKEN", "Gumroad access token", "B43"),
    ("patreon-creator-access-token", "PATREON_ACCESS_TOKEN", "Patreon creator token", "B43"),
    ("lemonsqueezy-api-key", "LEMONSQUEEZY_API_KEY", "Lemon Squeezy API key", "jwtls"),
    ("twilio-auth-token", "TWILIO_AUTH_TOKEN", "Twilio auth token", "h32"),
    ("twilio-api-key-secret", "TWILIO_API_SECRET", "Twilio API key secret", "A32"),
    ("sendgrid-api-key", "SENDGRID_API_KEY", "SendGrid key", "@sendgrid"),
    ("mailgun-legacy-api-key", "MAILGUN_API_KEY", "Mailgun key (old format)", "'key- h32"),
    ("mailchimp-api-key", "MAILCHIMP_API_KEY", "Mailchimp key", "@mchimp"),
    ("brevo-api-key", "BREVO_API_KEY", "Brevo key", "@brevo"),
    ("resend-api-key", "RESEND_API_KEY", "Resend key", "@resend"),
    ("postmark-server-token", "POSTMARK_SERVER_TOKEN", "Postmark server token", "uuid"),
    ("airtable-personal-access-token", "AIRTABLE_TOKEN", "Airtable PAT", "@airtable"),
    ("airtable-legacy-api-key", "AIRTABLE_API_KEY", "Airtable API key (legacy)", "'ke|y A14"),
    ("notion-internal-integration-secret", "NOTION_TOKEN", "Notion integration secret", "@notion"),
    ("notion-ntn-token", "NOTION_API_KEY", "Notion token (new prefix)", "@ntn"),
    ("linear-api-key", "LINEAR_API_KEY", "Linear key", "'lin|_api_ A40"),
    ("figma-personal-token", "FIGMA_TOKEN", "Figma token", "'fig|d_ B40"),
    ("asana-personal-access-token", "ASANA_PAT", "Asana PAT", "'2/ d16 '/ d16 ': h32"),
    ("trello-api-token", "TRELLO_TOKEN", "Trello token", "'AT|TA h72"),
    ("dropbox-short-lived-token", "DROPBOX_TOKEN", "Dropbox token", "'sl. 'B B137"),
    ("aws-secret-access-key", "AWS_SECRET_ACCESS_KEY", "AWS secret access key", "@awssec"),
    ("aws-session-token", "AWS_SESSION_TOKEN", "AWS session token", "'IQoJb3JpZ2luX2Vj b380"),
    ("azure-storage-account-key", "AZURE_STORAGE_KEY", "Azure storage account key", "r64"),
    ("azure-ad-client-secret", "AZURE_CLIENT_SECRET", "Azure app client secret", "@msq"),
    ("gcp-service-account-rsa-key", "GCP_SA_KEY", "GCP key (PEM)", "rsa",
     ("# key.pem for the §env§ secret (old RSA format)\n-----BEGIN RSA PRIVATE KEY-----\n§S§\n-----END RSA PRIVATE KEY-----", "old RSA format")),
    ("digitalocean-pat", "DIGITALOCEAN_TOKEN", "DigitalOcean token", "@dop"),
    ("linode-pat", "LINODE_TOKEN", "Linode token", "h64"),
    ("vultr-api-key", "VULTR_API_KEY", "Vultr key", "U36"),
    ("hetzner-cloud-token", "HCLOUD_TOKEN", "Hetzner Cloud token", "A64"),
    ("cloudflare-api-token", "CLOUDFLARE_API_TOKEN", "Cloudflare API token", "B40"),
    ("cloudflare-global-api-key", "CLOUDFLARE_API_KEY", "Cloudflare global API key", "h37"),
    ("cloudflare-origin-ca-key", "CF_ORIGIN_CA_KEY", "Cloudflare Origin CA key", "'v1.0- h24 '- h146"),
    ("netlify-personal-access-token", "NETLIFY_AUTH_TOKEN", "Netlify token", "@nfp"),
    ("vercel-access-token", "VERCEL_TOKEN", "Vercel token", "A24"),
    ("heroku-api-key", "HEROKU_API_KEY", "Heroku API key", "@heroku"),
    ("render-api-key", "RENDER_API_KEY", "Render key", "'rn|d_ A32"),
    ("fly-io-api-token", "FLY_API_TOKEN", "Fly.io token", "fly"),
    ("railway-api-token", "RAILWAY_TOKEN", "Railway token", "uuid"),
    ("supabase-service-role-key", "SUPABASE_SERVICE_ROLE_KEY", "Supabase service_role key", "jwtsb"),
    ("supabase-personal-access-token", "SUPABASE_ACCESS_TOKEN", "Supabase access token", "'sb|p_ h40"),
    ("planetscale-password", "PLANETSCALE_PASSWORD", "PlanetScale password", "'pscale|_pw_ B43"),
    ("neon-api-key", "NEON_API_KEY", "Neon API key", "'nap|i_ a64"),
    ("upstash-redis-rest-token", "UPSTASH_REDIS_REST_TOKEN", "Upstash REST token", "@upstash"),
    ("mongodb-atlas-private-api-key", "ATLAS_PRIVATE_KEY", "Atlas private API key", "uuid"),
    ("firebase-fcm-legacy-server-key", "FCM_SERVER_KEY", "FCM server key", "'AAAA B7 ':APA91b B134"),
    ("npm-access-token", "NPM_TOKEN", "npm token", "@npm"),
    ("pypi-api-token", "PYPI_TOKEN", "PyPI token", "@pypi"),
    ("docker-hub-pat", "DOCKERHUB_TOKEN", "Docker Hub token", "@dckr"),
    ("ngrok-authtoken", "NGROK_AUTHTOKEN", "ngrok authtoken", "@ngrok"),
    ("tailscale-auth-key", "TS_AUTHKEY", "Tailscale auth key", "@tskey"),
    ("cloudflare-tunnel-token", "TUNNEL_TOKEN", "cloudflared tunnel token", "cftunnel"),
    ("sentry-org-auth-token", "SENTRY_AUTH_TOKEN", "Sentry auth token", "sntrys"),
    ("sentry-user-auth-token", "SENTRY_USER_TOKEN", "Sentry user token", "'sntr|yu_ h64"),
    ("posthog-personal-api-key", "POSTHOG_PERSONAL_API_KEY", "PostHog personal key", "'ph|x_ A43"),
    ("mapbox-secret-token", "MAPBOX_SECRET_TOKEN", "Mapbox secret token", "mapboxsk"),
    ("algolia-admin-api-key", "ALGOLIA_ADMIN_KEY", "Algolia admin key", "h32"),
    ("home-assistant-long-lived-token", "HA_TOKEN", "Home Assistant long-lived token", "jwtha"),
    ("blynk-device-auth-token", "BLYNK_AUTH_TOKEN", "Blynk auth token", "B32"),
    ("adafruit-io-key", "AIO_KEY", "Adafruit IO key", "@aio"),
    ("particle-access-token", "PARTICLE_TOKEN", "Particle token", "h40"),
    ("thingspeak-write-api-key", "THINGSPEAK_WRITE_KEY", "ThingSpeak write key", "U16"),
    ("tuya-cloud-access-secret", "TUYA_ACCESS_SECRET", "Tuya access secret", "h32"),
    ("tuya-device-local-key", "TUYA_LOCAL_KEY", "Tuya local key", "@tuyalocal"),
    ("hue-bridge-app-key", "HUE_USERNAME", "Hue bridge username (app key)", "@hue"),
    ("octoprint-app-key", "OCTOPRINT_API_KEY", "OctoPrint key", "B43"),
    ("plex-auth-token", "PLEX_TOKEN", "Plex token", "B20"),
    ("steam-web-api-key", "STEAM_API_KEY", "Steam Web API key", "H32"),
    ("steam-guard-shared-secret", "STEAM_SHARED_SECRET", "Steam Guard shared_secret", "r20"),
    ("steam-guard-identity-secret", "STEAM_IDENTITY_SECRET", "Steam Guard identity_secret", "r21"),
    ("roblox-security-cookie", "ROBLOX_COOKIE", ".ROBLOSECURITY cookie (value after the warning prefix)", "H300"),
    ("roblox-open-cloud-api-key", "ROBLOX_API_KEY", "Roblox Open Cloud key", "b140"),
    ("curseforge-api-key", "CF_API_KEY", "CurseForge API key", "@cfkey"),
    ("modrinth-pat", "MODRINTH_TOKEN", "Modrinth token", "'mr|p_ A36"),
    ("itch-io-api-key", "BUTLER_API_KEY", "itch.io API key", "a40"),
    ("riot-games-dev-key", "RIOT_API_KEY", "Riot dev key", "'RGAPI- uuid"),
    ("pterodactyl-client-api-key", "PTERODACTYL_KEY", "Pterodactyl client key", "@ptlc"),
    ("pterodactyl-application-api-key", "PTERO_APP_KEY", "Pterodactyl application key", "'ptl|a_ A43"),
    ("unity-license-serial", "UNITY_SERIAL", "Unity serial", "unityserial"),
    ("spotify-client-secret", "SPOTIFY_CLIENT_SECRET", "Spotify client secret", "h32"),
    ("spotify-refresh-token", "SPOTIFY_REFRESH_TOKEN", "Spotify refresh token", "'AQ B130"),
    ("reddit-app-client-secret", "REDDIT_CLIENT_SECRET", "Reddit client secret", "B27"),
    ("twitter-app-bearer-token", "TWITTER_BEARER_TOKEN", "X/Twitter bearer token", "@twbearer"),
    ("meta-graph-page-token", "FB_PAGE_TOKEN", "Facebook page token", "'EA|AG A190"),
    ("line-channel-access-token", "LINE_CHANNEL_ACCESS_TOKEN", "LINE channel token", "@line"),
    ("line-channel-secret", "LINE_CHANNEL_SECRET", "LINE channel secret", "h32"),
    ("matrix-synapse-access-token", "MATRIX_ACCESS_TOKEN", "Matrix access token", "syt"),
    ("mastodon-app-access-token", "MASTODON_TOKEN", "Mastodon token", "B43"),
    ("bluesky-app-password", "BSKY_APP_PASSWORD", "Bluesky app password", "bsky"),
    ("google-account-app-password", "GMAIL_APP_PASSWORD", "Gmail app password", "gapp"),
    ("wordpress-application-password", "WP_APP_PASSWORD", "WordPress application password", "wpapp"),
    ("ghost-admin-api-secret", "GHOST_ADMIN_SECRET", "Ghost admin key secret half", "@ghost"),
    ("canvas-lms-access-token", "CANVAS_TOKEN", "Canvas access token", "@canvas"),
    ("moodle-webservice-token", "MOODLE_TOKEN", "Moodle web service token", "h32"),
    ("kaggle-api-key", "KAGGLE_KEY", "Kaggle key", "h32"),
    ("wandb-api-key", "WANDB_API_KEY", "W&B key", "h40"),
    ("generic-hs256-session-jwt", "SESSION_TOKEN", "session JWT", "jwt"),
    ("generic-rs256-id-token", "ID_TOKEN", "id_token", "jwtrs"),
    ("age-secret-key", "SOPS_AGE_KEY", "age secret key", "'AGE-SECRET-KEY-1 Z58"),
    ("wireguard-private-key", "WG_PRIVATE_KEY", "WireGuard private key", "wgkey"),
    ("ethereum-private-key-hex", "PRIVATE_KEY", "wallet private key", "'0x h64"),
    ("bitcoin-wif-private-key", "BTC_WIF", "WIF key", "'L n51"),
    ("bip39-mnemonic-24-words", "MNEMONIC", "seed phrase", "seed24"),
    ("pushbullet-access-token", "PUSHBULLET_TOKEN", "Pushbullet token", "'o. A32"),
    ("ntfy-access-token", "NTFY_TOKEN", "ntfy token", "'t|k_ a29"),
    ("pushover-app-token", "PUSHOVER_TOKEN", "Pushover app token", "a30"),
    ("ifttt-webhooks-key", "IFTTT_KEY", "IFTTT webhooks key", "B22"),
    ("duckdns-token", "DUCKDNS_TOKEN", "DuckDNS token", "uuid"),
    ("zerotier-api-token", "ZEROTIER_TOKEN", "ZeroTier token", "A32"),
    ("openweathermap-api-key", "OWM_API_KEY", "OpenWeatherMap key", "h32"),
    ("tmdb-read-access-token", "TMDB_READ_TOKEN", "TMDB read access token", "jwttmdb"),
    ("deepl-free-auth-key", "DEEPL_AUTH_KEY", "DeepL key", "uuid ':fx"),
    ("vk-community-token", "VK_TOKEN", "VK token", "'vk1.a. B200"),
    ("yandex-oauth-token", "YANDEX_OAUTH", "Yandex OAuth token", "'y0_AgAAAA B47"),
    ("kakao-rest-api-key", "KAKAO_REST_KEY", "Kakao REST key", "h32"),
    ("feishu-bot-webhook-uuid", "FEISHU_HOOK", "Feishu bot hook id", "uuid"),
    ("teams-incoming-webhook-secret-part", "TEAMS_WEBHOOK_SECRET", "Teams webhook secret part", "h32"),
    ("google-chat-webhook-token", "GCHAT_TOKEN", "Google Chat webhook token", "B43 '%3D"),
    ("make-webhook-id", "MAKE_HOOK", "Make webhook id", "a32"),
    ("n8n-public-api-key", "N8N_API_KEY", "n8n API key", "jwtn8n"),
    ("retool-api-key", "RETOOL_TOKEN", "Retool API token", "'retool|_01 a40"),
    ("bubble-api-token", "BUBBLE_API_TOKEN", "Bubble API token", "h32"),
    ("jotform-api-key", "JOTFORM_API_KEY", "Jotform key", "h32"),
    ("typeform-personal-token", "TYPEFORM_TOKEN", "Typeform token", "'tf|p_ B44 '_ B14"),
    ("calendly-personal-token", "CALENDLY_TOKEN", "Calendly token", "jwt"),
    ("hubspot-private-app-token", "HUBSPOT_TOKEN", "HubSpot private app token", "'pat-|na1- uuid"),
    ("klaviyo-private-api-key", "KLAVIYO_PRIVATE_KEY", "Klaviyo private key", "'pk_ h34"),
    ("convertkit-api-secret", "CONVERTKIT_API_SECRET", "ConvertKit API secret", "B43"),
    ("beehiiv-api-key", "BEEHIIV_API_KEY", "beehiiv key", "A64"),
    ("printful-private-token", "PRINTFUL_TOKEN", "Printful token", "A40"),
    ("printify-personal-token", "PRINTIFY_TOKEN", "Printify token", "jwtrs"),
    ("woocommerce-consumer-secret", "WC_CONSUMER_SECRET", "WooCommerce consumer secret", "'c|s_ h40"),
    ("woocommerce-consumer-key", "WC_CONSUMER_KEY", "WooCommerce consumer key", "'c|k_ h40"),
    ("wix-api-key", "WIX_API_KEY", "Wix API key", "'IST. jwt"),
    ("webflow-site-token", "WEBFLOW_TOKEN", "Webflow token", "h64"),
    ("contentful-management-token", "CONTENTFUL_MANAGEMENT_TOKEN", "Contentful CMA token", "'CFP|AT- B43"),
    ("sanity-write-token", "SANITY_WRITE_TOKEN", "Sanity write token", "'sk A80"),
    ("strapi-full-access-token", "STRAPI_TOKEN", "Strapi full-access token", "h128"),
    ("cloudinary-api-secret", "CLOUDINARY_API_SECRET", "Cloudinary API secret", "B27"),
    ("uploadthing-secret", "UPLOADTHING_SECRET", "UploadThing secret", "'sk|_live_ h64"),
    ("clerk-secret-key", "CLERK_SECRET_KEY", "Clerk secret key", "'sk|_test_ A40"),
    ("auth0-client-secret", "AUTH0_CLIENT_SECRET", "Auth0 client secret", "B64"),
    ("plaid-secret", "PLAID_SECRET", "Plaid secret", "h30"),
    ("alchemy-api-key", "ALCHEMY_API_KEY", "Alchemy key", "B32"),
    ("infura-api-key-secret", "INFURA_API_KEY_SECRET", "Infura key secret", "h32"),
    ("etherscan-api-key", "ETHERSCAN_API_KEY", "Etherscan key", "U34"),
    ("pinata-secret-api-key", "PINATA_SECRET_API_KEY", "Pinata secret key", "h64"),
    ("pinata-jwt", "PINATA_JWT", "Pinata JWT", "jwtpin"),
    ("minecraft-ms-refresh-token", "MSA_REFRESH_TOKEN", "Microsoft account refresh token (launcher)", "'M.C d3 '_BAY. B160"),
    ("battlenet-client-secret", "BNET_CLIENT_SECRET", "Battle.net client secret", "A32"),
    ("lastfm-shared-secret", "LASTFM_SECRET", "Last.fm shared secret", "h32"),
    ("genius-client-access-token", "GENIUS_ACCESS_TOKEN", "Genius token", "B64"),
    ("weatherapi-key", "WEATHERAPI_KEY", "WeatherAPI.com key", "h31"),
    ("newsapi-key", "NEWSAPI_KEY", "NewsAPI key", "h32"),
    ("rapidapi-key", "RAPIDAPI_KEY", "RapidAPI key", "A10 'msh A14 'p1 A6 'jsn A12"),
    ("serpapi-key", "SERPAPI_KEY", "SerpApi key", "h64"),
    ("wolfram-alpha-appid", "WOLFRAM_APPID", "Wolfram|Alpha AppID", "U6 '- U10"),
    ("deepgram-api-key", "DEEPGRAM_API_KEY", "Deepgram key", "h40"),
    ("assemblyai-api-key", "ASSEMBLYAI_API_KEY", "AssemblyAI key", "h32"),
    ("cohere-api-key", "COHERE_API_KEY", "Cohere key", "A40"),
    ("mistral-api-key", "MISTRAL_API_KEY", "Mistral key", "A32"),
    ("pinecone-api-key", "PINECONE_API_KEY", "Pinecone key", "'pcs|k_ A6 '_ A60"),
    ("apify-api-token", "APIFY_TOKEN", "Apify token", "'apify|_api_ A36"),
    ("modal-token-secret", "MODAL_TOKEN_SECRET", "Modal token secret", "'a|s- A22"),
    ("doppler-personal-token", "DOPPLER_TOKEN", "Doppler token", "'dp.|pt. A43"),
    ("hashicorp-vault-token", "VAULT_TOKEN", "Vault token", "'hv|s. B90"),
    ("terraform-cloud-token", "TFE_TOKEN", "Terraform Cloud token", "A14 '.atlasv1. B67"),
    ("1password-service-account-token", "OP_SERVICE_ACCOUNT_TOKEN", "1Password service account token", "'op|s_eyJ B200"),
    ("bitwarden-api-client-secret", "BW_CLIENTSECRET", "Bitwarden API client secret", "A30"),
    ("sonarcloud-token", "SONAR_TOKEN", "SonarCloud token", "'sq|u_ h40"),
    ("atlassian-api-token", "JIRA_API_TOKEN", "Atlassian API token", "@aastr"),
    ("shippo-live-token", "SHIPPO_TOKEN", "Shippo live token", "'shippo|_live_ h40"),
    ("easypost-api-key", "EASYPOST_API_KEY", "EasyPost key", "'EZ|AK h54"),
    ("mercadopago-access-token", "MP_ACCESS_TOKEN", "Mercado Pago access token", "mercado"),
    ("wechat-appsecret", "WECHAT_APPSECRET", "WeChat AppSecret", "h32"),
    ("dingtalk-robot-sign-secret", "DINGTALK_SECRET", "DingTalk robot signing secret", "'SEC h64"),
    ("chzzk-client-secret", "CHZZK_CLIENT_SECRET", "CHZZK client secret", "B43"),
]

_VENDOR_WRAPPERS = [
    ("§env§=§S§", "§env§"),
    ("§human§: §S§", "§human§"),
    ("{\n  \"§lower§\": \"§S§\"\n}", "§lower§"),
    ("§lower§ = '§S§'", "§lower§"),
    ("export §env§=\"§S§\"", "export §env§"),
    ("# §human§\n§S§", "§human§"),
    ("§human§ (rotated §date§): §S§", "§human§"),
    ("- name: §env§\n  value: §S§", "name: §env§"),
    ("§env§: §S§  # §human§", "§env§"),
    ("| §human§ | `§S§` | §first§ |", "§human§"),
    ("<add key=\"§env§\" value=\"§S§\" />", "§env§"),
    ("[§lower§]\nvalue = \"§S§\"", "[§lower§]"),
]



# ---------------------------------------------------------------------------
# benign look-alikes
# ---------------------------------------------------------------------------

_PHRASES = [
    "hello world", "my first bot", "{\"theme\":\"dark\",\"lang\":\"en\"}", "Username:", "Password:",
    "plant monitor v2", "{\"volume\":0.8,\"muted\":false}", "see you at the game jam",
    "shopping list: flux, solder, headers", "{\"level\":3,\"score\":1200}", "GET /index.html",
    "The quick brown fox", "lorem ipsum dolor sit amet", "{\"alg\":\"none\"}", "channel=general",
    "homework week 7", "{\"name\":\"desk lamp\",\"room\":\"office\"}", "release notes 1.2.0",
]


def _pubpem():
    der = base64.b64decode("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA") + _rb(257) + b"\x02\x03\x01\x00\x01"
    return _wrap(_b64(der), 64)


def _mapboxpk():
    d = {"u": _handle(), "a": _c("B", 25)}
    return "pk." + _b64u(json.dumps(d, separators=(",", ":")).encode()) + "." + _c("B", 22)


_FILLS.update({
    "pubpem": _pubpem,
    "mapboxpk": _mapboxpk,
    "b64txt": lambda: _b64(_R.choice(_PHRASES).encode()),
    "edpub": lambda: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _c("b", 43),
    "rsapub": lambda: "AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _c("b", 300),
    "fpr": lambda: " ".join(_c("H", 4) for _ in range(10)),
    "certfp": lambda: ":".join(_c("H", 2) for _ in range(20)),
    "ver": lambda: "%d.%d.%d" % (_R.randint(0, 9), _R.randint(0, 30), _R.randint(0, 20)),
})

BENIGN_TEMPLATES = [
    # hashes, commits, digests
    ("commit §sha§\nAuthor: §first§ <§email§>\nDate:   §date§\n\n    add hcaptcha to contact form", 8),
    ("HEAD is now at §sha7§ fix: typo in README", 6),
    ("Merge pull request #§d3§ from §user§/fix-ci", 6),
    ("git checkout §sha§ -- config.example.json", 5),
    ("https://github.com/§user§/§proj§/commit/§sha§", 6),
    ("https://github.com/§user§/§proj§/blob/§sha§/README.md#setup", 4),
    ("$ sha256sum firmware.bin\n§h64§  firmware.bin", 8),
    ("SHA256 (Godot_v4.2.2-stable_win64.exe.zip) = §h64§", 6),
    ("md5: §h32§  world_backup_§date§.zip", 6),
    ("sha1sum: §h40§  mod-pack.zip", 4),
    ("Digest: sha256:§h64§\nStatus: Downloaded newer image for ghcr.io/home-assistant/home-assistant:stable", 6),
    ("\"integrity\": \"sha512-§b86§==\"", 5),
    ("<script src=\"https://cdn.jsdelivr.net/npm/chart.js@4.4.1\" integrity=\"sha384-§b64§\" crossorigin=\"anonymous\"></script>", 4),
    ("ETag: \"§h32§\"", 4),
    ("dist/assets/index-§h8§.js   142.31 kB │ gzip: 45.02 kB", 5),
    ("X-Hub-Signature-256: sha256=§h64§  (computed from the payload, changes every delivery)", 3),
    ("pip install flask==3.0.3 --hash=sha256:§h64§", 3),
    ("go.sum: golang.org/x/net v0.25.0 h1:§b43§=", 3),
    ("cf-ray: §h16§-FRA", 3),
    ("Godot Engine v4.2.2.stable.official.§h9§ - https://godotengine.org", 3),
    # ids
    ("request-id: §uuid§", 6),
    ("Order ID: §uuid§ (shown on the thank-you page)", 4),
    ("device_id: §uuid§", 4),
    ("trace_id=§h32§ span_id=§h16§", 4),
    ("guild id: §snow§", 5),
    ("<@§snow§> joined the server. Say hi!", 5),
    ("channel_id=§snow§ message_id=§snow2§", 5),
    ("https://discord.com/channels/§snow§/§snow2§/§snow3§", 5),
    ("Discord Application ID (public): §snow§", 3),
    ("CLIENT_ID=§snow§  # application id, not a secret", 3),
    ("https://youtu.be/§B11§", 5),
    ("https://www.youtube.com/watch?v=§B11§&t=42s", 5),
    ("YouTube channel id: UC§B22§", 4),
    ("spotify:track:§A22§", 4),
    ("https://open.spotify.com/playlist/§A22§?si=§h16§", 4),
    ("broadcaster_id=§d9§ (Twitch user id)", 3),
    ("https://clips.twitch.tv/§E30§-§B16§", 3),
    ("https://steamcommunity.com/profiles/7656119§d10§", 4),
    ("Steam AppID 1245620, depot 1245621, manifest §d19§", 3),
    ("PlaceId §d11§ / UniverseId §d10§", 4),
    ("Minecraft player UUID: §uuid§", 3),
    ("Minecraft seed: -§d18§", 3),
    ("Shopify Order #10§d3§ — 2 items — paid", 4),
    ("Etsy receipt #§d10§ shipped", 4),
    ("PayPal Transaction ID: §U17§", 4),
    ("payment_intent: pi_§A24§ status=succeeded", 4),
    ("customer: cus_§A14§", 3),
    ("Stripe event evt_§A24§ (checkout.session.completed)", 3),
    ("connected account acct_§A16§", 3),
    ("price_§A24§ / prod_§A14§", 3),
    ("Ko-fi message id: §uuid§", 2),
    ("UPS tracking: 1Z§U16§", 4),
    ("USPS tracking 9400 1§d21§", 3),
    ("DHL Express waybill §d10§", 3),
    ("Royal Mail tracking: §C2§§d9§GB", 3),
    ("S/N: §U12§", 4),
    ("Raspberry Pi Serial: 10000000§h8§", 3),
    ("ESP32 Chip ID: §H12§  MAC: §mac§", 4),
    ("wlan0: flags=4163<UP,BROADCAST,RUNNING,MULTICAST>  mtu 1500  ether §mac§", 4),
    ("BSSID §mac§  channel 6  -61 dBm", 3),
    ("Airtable: base app§A14§ / table tbl§A14§ / record rec§A14§", 5),
    ("https://www.notion.so/§user§/Shop-Inventory-§h32§", 4),
    ("https://docs.google.com/spreadsheets/d/1§B43§/edit#gid=0", 5),
    ("https://drive.google.com/file/d/1§B32§/view?usp=sharing", 3),
    ("https://us1.make.com/§d6§/scenarios/§d7§/edit", 3),
    ("Zap ID §d9§ — Etsy → Google Sheets", 3),
    ("gtag('config', 'G-§U10§');", 4),
    ("Google Tag Manager container GTM-§U7§", 3),
    ("Tuya device id bf§a20§ (category: cz)", 3),
    ("TikTok video id §d19§", 3),
    ("discord.gg/§A8§ — join our jam server!", 4),
    ("ko-fi.com/§user§ · patreon.com/§user§", 3),
    ("Etsy listing https://www.etsy.com/listing/1§d9§/handmade-§word§-keychain", 3),
    ("cloud run revision §proj§-00042-§l3§", 2),
    ("Supabase project ref: §l20§", 3),
    ("Vercel project prj_§A28§ in team_§A24§", 3),
    ("CLOUDFLARE_ACCOUNT_ID=§h32§", 3),
    ("zone_id = \"§h32§\"", 3),
    ("Firebase project id: §proj§-§d5§", 3),
    ("x-request-id: §a32§", 3),
    # more ids and build artefacts
    ("Build #§d4§ succeeded in §d2§s (commit §sha7§)", 4),
    ("Release v§ver§ (§sha7§)", 3),
    ("docker pull ghcr.io/§user§/§proj§@sha256:§h64§", 3),
    ("Netlify deploy id §h24§ published", 4),
    ("Vercel deployment dpl_§A28§ is READY", 3),
    ("Render service srv-§a20§ deploy live", 3),
    ("Fly machine §h14§ started in fra", 3),
    ("Railway deployment §uuid§ succeeded", 2),
    ("https://§h8§.§proj§.pages.dev (preview)", 3),
    ("https://github.com/§user§/§proj§/actions/runs/§d10§/job/§d11§", 4),
    ("entity_id: sensor.§word§_temperature  unique_id: §h32§", 4),
    ("Zigbee IEEE address 0x§h16§ (interviewed successfully)", 4),
    ("ESPHome node §word§-§h6§ online", 3),
    ("Tasmota topic tasmota_§H6§", 3),
    ("MQTT client id esp32-§h12§", 3),
    ("guid: §h32§", 6),
    ("uid://§a13§", 3),
    ("rbxassetid://§d11§", 3),
    ("Steam Workshop item §d10§", 3),
    ("CurseForge project id §d6§, file id §d7§", 3),
    ("Modrinth project id §A8§ / version id §A8§", 2),
    ("YouTube playlist https://www.youtube.com/playlist?list=PL§B32§", 3),
    ("Twitch VOD https://www.twitch.tv/videos/§d10§", 3),
    ("Spotify snapshot_id: §B32§", 2),
    ("gid://shopify/Product/§d13§", 3),
    ("Stripe Checkout Session id cs_¦live_§A58§ (appears in the success URL)", 3),
    ("Payment link: https://buy.stripe.com/§A14§", 3),
    ("Discord emoji <:pepe_wave:§snow§>", 3),
    ("Discord role id §snow§ (Supporter)", 3),
    ("Telegram chat_id -100§d10§", 4),
    ("WhatsApp phone_number_id §d15§", 2),
    ("Slack channel C§U10§ / user U§U10§ / team T§U8§", 4),
    ("Notion database id §uuid§", 3),
    ("Apps Script project id 1§B56§", 2),
    ("Calendar ID §a26§@group.calendar.google.com", 3),
    ("Canvas course id §d6§, assignment §d7§", 3),
    ("Printer serial VNB§U7§", 2),
    ("Firmware 1.0.§d1§ Build §d8§ Rel.§d5§n", 2),
    ("Windows Product ID: 00330-§d5§-§d5§-AA§d3§", 2),
    ("BitLocker Key ID: §uuid§ (the recovery key itself is stored in the Microsoft account)", 2),
    ("Apple Team ID §U10§, bundle id com.§word§.§word§app", 3),
    ("Upload certificate SHA1: §certfp§", 3),
    ("Certificate serial number: §h36§", 2),
    ("SHA-256 fingerprint of the Let's Encrypt cert: §H64§", 2),
    ("git tag -a v§ver§ §sha7§ -m \"jam build\"", 2),
    ("npm notice shasum: §h40§", 2),
    ("npm notice integrity: sha512-§b20§[...]§b10§==", 2),
    # public keys and publishable values
    ("ssh-ed25519 §edpub§ §email§", 8),
    ("ssh-rsa §rsapub§ §user§@raspberrypi", 4),
    ("[Peer]\nPublicKey = §wgpub§\nAllowedIPs = 10.8.0.0/24", 6),
    ("age recipient (public): age1§z58§", 3),
    ("-----BEGIN PUBLIC KEY-----\n§pubpem§\n-----END PUBLIC KEY-----", 4),
    ("Key fingerprint = §fpr§", 4),
    ("The server's host key fingerprint is SHA256:§b43§.", 4),
    ("pubkey: §n44§", 3),
    ("ETH address (public, send tips here): 0x§h40§", 5),
    ("BTC address: bc1q§z38§", 3),
    ("IPFS CID: Qm§n44§", 3),
    ("ipfs://bafybei§z52§", 3),
    ("const stripe = Stripe('pk_¦live_§A99§'); // publishable key, fine in the browser", 4),
    ("NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_¦test_§A99§", 4),
    ("<div class=\"g-recaptcha\" data-sitekey=\"6L§B38§\"></div>", 4),
    ("<div class=\"h-captcha\" data-sitekey=\"§uuid§\"></div>", 3),
    ("mapboxgl.accessToken = '§mapboxpk§'; // public token, URL-restricted", 3),
    ("posthog.init('phc_§A43§', { api_host: 'https://eu.i.posthog.com' })", 3),
    ("WalletConnect projectId: §h32§ (public)", 2),
    ("Algolia search-only API key (safe for the frontend): §h32§", 2),
    ("appId: \"1:§d12§:web:§h22§\",\nmessagingSenderId: \"§d12§\",", 3),
    ("<script defer data-domain=\"§dom§\" src=\"https://plausible.io/js/script.js\"></script>", 2),
    ("Purchases.configure(withAPIKey: \"appl_§A24§\") // RevenueCat public SDK key", 2),
    ("Ghost Content API key (public, read-only): §h26§", 2),
    ("emailjs.init({ publicKey: \"§B15§\" });", 2),
    # key ids, names, account ids
    ("\"private_key_id\": \"§h40§\",  (the key itself lives in Secret Manager)", 3),
    ("App Store Connect: Key ID §U10§, Issuer ID §uuid§ — the .p8 file is in 1Password", 3),
    ("JWT header {\"alg\":\"RS256\",\"kid\":\"§h40§\"}", 3),
    ("gpg: using RSA key §H40§", 3),
    ("sec   rsa4096/§H16§ 2024-01-01 [SC]", 3),
    ("Access key ID AKIA§U16§ (the secret half was never written down here)", 2),
    ("Twilio Account SID: AC§h32§", 3),
    ("client_id=§d12§-§a32§.apps.googleusercontent.com", 4),
    ("Telegram api_id = §d8§", 2),
    ("GitHub App ID: §d6§, Installation ID: §d8§", 3),
    ("Stripe restricted key name: \"zapier-readonly\" (created §date§, last used yesterday)", 3),
    ("SSH key \"school-laptop\" added to your account (SHA256:§b43§)", 3),
    ("Spotify client ID: §h32§ (client secret is in the .env, not here)", 3),
    ("Twitch Client-Id: §a30§", 3),
    ("PayPal client ID (sandbox): A§B79§", 2),
    ("OAuth client ID for the Apps Script project: §d12§-§a32§.apps.googleusercontent.com", 2),
    # base64 of ordinary text
    ("echo §b64txt§ | base64 -d", 10),
    ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk§b8§AAAAAElFTkSuQmCC", 3),
    # masked values
    ("STRIPE_SECRET_KEY=sk_¦live_…§A4§", 4),
    ("token: gh¦p_****************************§A4§", 4),
    ("Authorization: Bearer ****************§a4§", 4),
    ("AKIA************§U4§ (masked in the console)", 3),
    ("Key Content            : ************", 2),
    ("DISCORD_TOKEN=********  # hidden by Replit", 2),
    ("api_key: §h4§…§h4§ (last 4 shown)", 3),
    ("xo¦xb-****-****-§A4§", 2),
    ("Webhook URL: https://discord.com/api/webhooks/§snow§/••••••••", 3),
    ("mongodb+srv://§user§:****@cluster0.§a5§.mongodb.net/app", 3),
    ("rtmp://live.twitch.tv/app/live_§d9§_************", 3),
    # wifi names only
    ("Connected to §ssid§", 4),
    ("SSID: §ssid§ (5 GHz)", 4),
    ("Connection '§ssid§' successfully activated (D-Bus active path: /org/freedesktop/NetworkManager/ActiveConnection/§d2§)", 3),
    ("WiFi: connected to §ssid§, RSSI -58, IP §ip§", 3),
    # versions
    ("esp32 by Espressif Systems §ver§ installed", 3),
    ("Unity 2022.3.§d2§f1 — build target WebGL", 3),
    ("node v20.§d2§.1 / npm 10.§d1§.0", 3),
    ("Home Assistant 2024.§d1§.§d1§ — Supervisor 2024.06.0", 3),
    ("OBS Studio 30.1.2 (64 bit) — obs-websocket §ver§", 2),
    ("Paper version git-Paper-§d3§ (MC: 1.20.4)", 3),
    ("discord.js v14.§d2§.3, node 20", 2),
    # paths
    ("C:\\Users\\§first§\\AppData\\Roaming\\obs-studio\\basic\\profiles\\Untitled\\service.json", 3),
    ("/home/§user§/.config/rclone/rclone.conf", 3),
    ("/Users/§first§/Library/Application Support/Godot/export_credentials.cfg", 2),
    ("~/.ssh/id_ed25519 (private key file path) and ~/.ssh/id_ed25519.pub", 2),
    ("Project saved to /home/§user§/Arduino/§proj§/§proj§.ino", 3),
    # misc
    ("Minecraft world seed 80918679874§d8§", 2),
    ("Phone: +1 555 010 §d4§ (fictional)", 2),
    ("Test card 4242 4242 4242 4242, any future date, any CVC", 1),
    ("Invoice INV-§d6§ for §first§ §last§", 3),
    ("Student ID §d8§ — enrolled in CS101", 3),
    ("Discord message link copied: https://discord.com/channels/@me/§snow§/§snow2§", 2),
    ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 is only the JWT header ({\"alg\":\"HS256\",\"typ\":\"JWT\"})", 1),
    ("Color palette: #5865F2 #57F287 #FEE75C #EB459E #ED4245", 1),
    ("ISBN 978-1-§d5§-§d3§-§d1§", 2),
]

BENIGN_FIXED = [
    "<your-token>", "<YOUR_BOT_TOKEN>", "${TOKEN}", "${{ secrets.DISCORD_TOKEN }}",
    "YOUR_API_KEY_HERE", "xxxx-xxxx-xxxx-xxxx-xxxx", "sk-...", "gh" + "p_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "sk_" + "test_xxxxxxxxxxxxxxxxxxxxxxxx", "TOKEN=changeme", "password: <password>",
    "WIFI_PASS=\"your-wifi-password\"", "#define SECRET_PASS \"\"", "api_key = os.environ['API_KEY']",
    "Authorization: Bearer <token>", "https://discord.com/api/webhooks/<id>/<token>",
    "mongodb+srv://<username>:<password>@cluster0.xxxxx.mongodb.net/",
    "postgres://USER:PASSWORD@HOST:5432/DBNAME", "rtmp://live.twitch.tv/app/{stream_key}",
    "REPLACE_ME", "%API_KEY%", "$env:OPENAI_API_KEY", "process.env.TOKEN!", "<insert key>",
    "TODO: add key", "put your token here", "INSERT_TOKEN_HERE", "your_password_here",
    "DB_PASSWORD=", "STRIPE_WEBHOOK_SECRET=whsec_...", "BLYNK_AUTH_TOKEN \"YourAuthToken\"",
    "const char* password = \"YOUR_PASSWORD\";", "bot.run(os.getenv('DISCORD_TOKEN'))",
    "client.login(process.env.DISCORD_TOKEN);", "openai.api_key = os.getenv(\"OPENAI_API_KEY\")",
    "OPENAI_API_KEY=sk-proj-<redacted>", "token: \"{{ states('input_text.token') }}\"",
    "password: !secret wifi_password", "api_key: !secret openweather_key", "ssid: !secret wifi_ssid",
    "Environment=\"DISCORD_TOKEN=%h/.config/bot/token\"",
    "key: ${{ secrets.STEAM_CONFIG_VDF }}", "apiToken: ${{ secrets.CLOUDFLARE_API_TOKEN }}",
    "env:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}", "password: ${{ secrets.FTP_PASSWORD }}",
    "Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')", "ENV['SHOPIFY_API_SECRET']",
    "import.meta.env.VITE_SUPABASE_ANON_KEY", "getenv(\"WIFI_PASS\")", "Settings.Secrets.GetString(\"ApiKey\")",
    "PropertiesService.getScriptProperties().getProperty('OPENAI_KEY')",
    "os.environ.get(\"HF_TOKEN\")", "userdata.get('HF_TOKEN')", "export OPENAI_API_KEY",
    "unset AWS_SECRET_ACCESS_KEY", "gh secret set FLY_API_TOKEN < token.txt",
    "vercel env rm STRIPE_SECRET_KEY production", "heroku config:unset DISCORD_TOKEN -a my-bot",
    "fly secrets list", "wrangler secret list", "netlify env:list", "kubectl create secret generic bot --from-env-file=.env",
    "[REDACTED]", "<redacted>", "api_key: (hidden)", "••••••••••••", "********", "Token: (not shown)",
    "password=***", "secret: REDACTED_BY_USER", "sk_" + "live_…", "whsec_…", "xapp-…",
    "The Discord token is stored in Replit Secrets as DISCORD_TOKEN.",
    "I rotated the Telegram bot token via /revoke in BotFather; the new one is only in the server .env.",
    "Never commit .env — it's in .gitignore now.",
    "The stream key lives in OBS > Settings > Stream. Don't screen-share that window!",
    "Ask Dad for the Wi-Fi password, it's not written anywhere in this repo.",
    "Stripe webhook secrets start with whsec_; copy yours from Developers > Webhooks.",
    "GitHub push protection blocked the push because a token was detected; I removed it and amended the commit.",
    "Regenerated the OpenAI key after it showed up in a public gist. Old key is revoked.",
    "Use a Gmail app password instead of your real password (Google Account > Security > App passwords).",
    "Home Assistant tokens are created under Profile > Security > Long-lived access tokens.",
    "Tuya local keys change whenever you re-pair the device in the Smart Life app.",
    "ESPHome: put wifi_password in secrets.yaml and reference it with !secret.",
    "WordPress application passwords can be revoked one by one under Users > Profile.",
    "Shopify admin tokens can only be revealed once — if lost, uninstall and reinstall the custom app.",
    "The Ghost Content API key is public; the Admin API key must stay on the server.",
    "Stripe publishable keys (pk_...) are fine in frontend code; secret keys are not.",
    "reCAPTCHA has a site key (public, in HTML) and a secret key (server only).",
    "Firebase web config is not secret, but the service account JSON absolutely is.",
    "Supabase anon key goes in the client, service_role key never does.",
    "If you leak a Discord bot token GitHub may auto-report it and Discord will reset it.",
    "Twitch OAuth tokens expire; the bot refreshes them every 4 hours.",
    "Don't paste your .ROBLOSECURITY cookie anywhere — it logs people into your account.",
    "The router password is on the sticker under the box (not copied here on purpose).",
    "Pi-hole admin password was changed with `pihole -a -p` — ask me in person.",
    "Keep the Unity license file out of the repo; the CI reads it from a secret.",
    "Steam Guard codes come from the authenticator app, not from email.",
    "Moved all API keys into Bitwarden under the folder 'hackathon'.",
    "Minecraft RCON is disabled now, so there is no RCON password anymore.",
    "Lesson learned: add secrets.h to .gitignore BEFORE the first commit.",
    "Grandma's email is now protected by 2FA; the recovery codes are printed in the drawer.",
    "The Make.com webhook URL is considered secret; it's stored in the scenario only.",
    "n8n credentials are encrypted with N8N_ENCRYPTION_KEY (value kept off this machine).",
    "Notion integrations need to be shared with the page before the token works.",
    "Twilio auth tokens can be rotated from the console; secondary token promotes on confirm.",
    "To reset the Discord webhook, delete it and create a new one in channel settings.",
    "The Patreon creator token refreshes monthly; the refresh job runs on the 1st.",
    "Ko-fi sends a verification_token in every webhook — compare it server-side.",
    "Wi-Fi name is CasaSilva-5G; password intentionally not written here.",
    "wpa_supplicant.conf should be chmod 600.",
    "chmod 600 ~/.ssh/id_ed25519 fixed the 'UNPROTECTED PRIVATE KEY FILE' warning.",
    "Permissions 0644 for '/home/pi/.ssh/id_rsa' are too open.",
    "Error: Invalid API Key provided: sk_" + "test_****************1234",
    "discord.errors.LoginFailure: Improper token has been passed.",
    "telegram.error.InvalidToken: The token `<redacted>` was rejected by the server.",
    "401 Unauthorized — check that OPENWEATHER_KEY is set.",
    "fatal: Authentication failed for 'https://github.com/jess-codes/plant-bot.git/'",
    "remote: Support for password authentication was removed on August 13, 2021.",
    "npm ERR! code E401 — Unable to authenticate, need: Bearer authorization",
    "Error: connect ECONNREFUSED 127.0.0.1:1883",
    "MQTT connect failed, rc=-2 try again in 5 seconds",
    "WARNING: Permanently added '192.168.1.42' (ED25519) to the list of known hosts.",
    "Notiz: Das WLAN-Passwort steht NICHT im Repo, frag Oma.",
    "Note : la clé API est dans le gestionnaire de mots de passe, pas ici.",
    "Nota: el token del bot está en las variables de entorno de Railway.",
    "Obs: a senha do Wi-Fi está colada atrás do roteador.",
    "Promemoria: la chiave Stripe è salvata su Vercel, non nel codice.",
    "Let op: de API-sleutel staat in de .env die niet gecommit wordt.",
    "Uwaga: token do bota jest tylko w sekretach GitHuba.",
    "Заметка: токен бота хранится в переменных окружения, не в коде.",
    "メモ：APIキーは .env にだけ置く。GitHub には上げない。",
    "备忘：密钥放在 1Password 里，不要写进代码。",
    "메모: 토큰은 깃허브 시크릿에만 저장함.",
    "Not: API anahtarı .env dosyasında, repoda değil.",
    "Anteckning: lösenordet till routern finns på klistermärket.",
    "Poznámka: heslo k Wi-Fi není v repozitáři.",
    "Pi 4 model B rev 1.5, 4GB — hostname raspberrypi.local",
    "AdafruitIO feed key: temperature (feed name, not an API key)",
    "Blynk virtual pin V5 → soil moisture",
    "TMPL" + "4xA9kQ2bZ (template id only)",
    "BLYNK_TEMPLATE_NAME \"Plant Monitor\"",
    "GUILD_ID=1098765432109876543",
    "Steam64 ID 76561198000000001 (example in docs)",
    "AKIAIOSFODNN7" + "EXAMPLE (the documentation example key id)",
    "Customer ID: cus_NffrFeUfNV2Hib (from the Stripe docs)",
    "uuid4(): 123e4567-e89b-12d3-a456-426614174000",
    "00000000-0000-0000-0000-000000000000",
    "deadbeefdeadbeefdeadbeefdeadbeef",
    "0123456789abcdef0123456789abcdef",
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  (sha256 of empty file)",
    "d41d8cd98f00b204e9800998ecf8427e  (md5 of empty string)",
    "da39a3ee5e6b4b0d3255bfef95601890afd80709  (sha1 of empty string)",
    "HTTP/1.1 429 Too Many Requests — retry-after: 30",
    "Set-Cookie: theme=dark; Path=/; SameSite=Lax",
    "Set-Cookie: csrftoken=<value omitted>; Path=/",
    "X-RateLimit-Remaining: 4999",
    "Bearer",
    "Basic realm=\"Restricted\"",
    "token_type: bearer, expires_in: 3600",
    "scope: chat:read chat:edit channel:moderate",
    "grant_type=client_credentials",
    "response_type=code&redirect_uri=http://localhost:3000/callback",
    "ANTHROPIC_API_KEY, OPENAI_API_KEY and GEMINI_API_KEY are read from the environment.",
    "Required secrets: VERCEL_TOKEN, VERCEL_ORG_ID, VERCEL_PROJECT_ID",
    "Secrets needed for the workflow: BUTLER_API_KEY, UNITY_LICENSE, UNITY_EMAIL, UNITY_PASSWORD",
    "Names only: TWITCH_CLIENT_ID / TWITCH_CLIENT_SECRET / TWITCH_OAUTH",
    "MQTT_USER and MQTT_PASSWORD are defined in secrets.h (not committed)",
    "arduino_secrets.h is listed in .gitignore",
    "config.example.json → copy to config.json and add your token",
    ".env.example, .env.local, .env.production",
    "~/.aws/credentials", "~/.docker/config.json", "~/.npmrc", "~/.netrc", "~/.kaggle/kaggle.json",
    "/etc/wpa_supplicant/wpa_supplicant.conf", "/config/secrets.yaml", "/var/lib/rancher/k3s/server/node-token",
    "%APPDATA%\\discord\\Local Storage\\leveldb", "C:\\ProgramData\\ssh\\sshd_config",
    "python3 -c 'import secrets; print(secrets.token_hex(32))'",
    "openssl rand -base64 32",
    "ssh-keygen -t ed25519 -C \"school laptop\"",
    "age-keygen -o key.txt",
    "wg genkey | tee privatekey | wg pubkey > publickey",
    "python -m tinytuya wizard",
    "stripe login --interactive",
    "gh auth login --web",
    "firebase login",
    "huggingface-cli login",
    "npx wrangler login",
    "docker login ghcr.io -u jess --password-stdin < token.txt",
    "ngrok http 3000",
    "cloudflared tunnel login",
    "Password must be at least 8 characters and include a number.",
    "Forgot password? We'll email you a reset link.",
    "Your password was changed on 2024-05-02. If this wasn't you, contact support.",
    "Two-factor authentication is enabled for this account.",
    "Recovery codes were regenerated; old codes no longer work.",
    "Personal access tokens (classic) — Tokens you have generated that can be used to access the GitHub API.",
    "This token has no expiration date.",
    "Token expired on 2024-03-01 — generate a new one.",
    "API key deleted.",
    "Webhook signing secret: click Reveal to view",
    "Stream key: click 'Show' to reveal",
    "Key rotated by jess on 2024-06-01",
    "OTA password: (set in secrets.yaml)",
    "Wi-Fi password: see the card on the fridge",
    "admin / (ask Tomas)",
    "login: admin, password: on the sticker",
    "Rotated: Discord bot token (reset in the developer portal), Stripe restricted key, GitHub PAT.",
    "If the OBS websocket password leaks, anyone on the LAN could switch scenes.",
    "The MQTT broker now requires TLS and a username; credentials are in the password manager.",
    "Moved the Wi-Fi credentials out of the .ino into arduino_secrets.h (git-ignored).",
    "Replaced the hardcoded Telegram token with os.environ['TG_TOKEN'].",
    "The ESP32 firmware no longer contains the Wi-Fi password; it uses WiFiManager's captive portal.",
    "Zapier stores the connection credentials; nothing secret is in the Zap description.",
    "Airtable PATs are scoped per base; this one only has data.records:read.",
    "Removed the SSH private key from the Dropbox folder and deleted it from the trash.",
    "The Godot export_credentials.cfg file is ignored by default since 4.0.",
    "Unity: the keystore passwords are not saved in ProjectSettings.asset.",
    "GitHub Actions masks secrets in logs as ***.",
    "Secret scanning alert #3 closed as revoked.",
    "Cloudflare API token scoped to Zone:DNS:Edit for one zone only.",
    "Twitch stream keys can be reset from the Creator Dashboard > Settings > Stream.",
    "YouTube stream keys: Live Control Room > Stream settings > Select stream key.",
    "Kid's Roblox account now uses a parent-managed email, PIN changed.",
    "Netflix household password changed after the family trip; only Mum has it.",
    "School account password resets go through the IT help desk.",
    "The printer's admin password was reset to default via the hardware button.",
    "NAS admin account disabled; we log in with personal accounts now.",
    "Family shared passwords live in the Bitwarden organisation 'Home'.",
    "Shopify staff accounts each have their own login now, no shared password.",
    "Ko-fi, Gumroad and Patreon payouts go to the same PayPal account (no credentials here).",
    "Etsy API keystring and shared secret are in Vercel env vars.",
    "WordPress: disabled XML-RPC and application passwords for non-admins.",
    "Ghost: Admin API key moved to the server; the theme uses the Content API only.",
    "Set up a new Gmail filter for Stripe receipts.",
    "The Pi's SSH now only accepts keys; password login is off.",
    "Home Assistant: removed the old long-lived token named 'tablet'.",
    "Minecraft server whitelist: jess, tomas, priya.",
    "Bot permissions integer: 274877975552",
    "OAuth2 URL generator scopes: bot applications.commands",
    "Intents enabled: MESSAGE CONTENT, SERVER MEMBERS",
    "Rate limit: 50 requests per second per bot",
    "Hackathon judging criteria: impact, technical difficulty, design, demo.",
    "TODO: ask the TA whether we can use the OpenAI API for the project.",
    "TODO: rotate all keys after the demo (list in the team Notion).",
    "TODO: delete the test webhook in #dev-null",
    "Reminder: never paste tokens into Discord, even in DMs.",
]


# ---------------------------------------------------------------------------
# assembly
# ---------------------------------------------------------------------------

_USED = set()


def _secret(spec):
    if spec.startswith("@"):
        spec = V[spec[1:]]
    for _ in range(100):
        v = _gen(spec)
        if v not in _USED and len(v) >= 8:
            _USED.add(v)
            return v
    raise ValueError("could not make a unique secret for " + spec)


def _counts(n_templates, target):
    base = max(1, target // n_templates)
    extra = max(0, target - base * n_templates)
    out = []
    for i in range(n_templates):
        bump = (i + 1) * extra // n_templates - i * extra // n_templates
        out.append(min(3, base + bump))
    return out


_GROUPS = [
    ("command", COMMAND, 190),
    ("tool-output", TOOL_OUTPUT, 160),
    ("config-file", CONFIG_FILE, 220),
    ("source-code", SOURCE_CODE, 230),
    ("stack-trace-or-log", STACK_LOG, 125),
    ("note-or-chat", NOTE_CHAT, 235),
    ("ci-and-deploy", CI_DEPLOY, 125),
]

SECRETS = []

for _group, _templates, _target in _GROUPS:
    _fixed = {}
    if _group == "note-or-chat":
        _intl = [t[0] for t in _templates if re.match(r"note-[a-z]{2}-", t[0])]
        for _jj, _f in enumerate(_intl):
            _fixed[_f] = 2 if _jj % 3 == 0 else 1
    _rest = [t for t in _templates if t[0] not in _fixed]
    _plan = dict(zip([t[0] for t in _rest], _counts(len(_rest), _target - sum(_fixed.values()))))
    _plan.update(_fixed)
    for (_fmt, _text, _spec, _vis) in _templates:
        _n = _plan[_fmt]
        for _k in range(_n):
            _vals = {}
            _s = _secret(_spec)
            _vals["S"] = _s
            _t = _fill(_text.replace(u"\u00a6", ""), _vals)
            _v = _fill(_vis.replace(u"\u00a6", ""), _vals) if _vis else ""
            SECRETS.append((_group, _fmt, _t, _s, _v))

for _i, _entry in enumerate(VENDOR):
    _fmt, _env, _human, _spec = _entry[:4]
    _wt, _wv = _entry[4] if len(_entry) > 4 else _VENDOR_WRAPPERS[_i % len(_VENDOR_WRAPPERS)]
    _vals = {"env": _env, "human": _human, "lower": _env.lower()}
    _s = _secret(_spec)
    _vals["S"] = _s
    SECRETS.append(("vendor-token", _fmt, _fill(_wt, _vals), _s, _fill(_wv, _vals)))

BENIGN = []
_seen = set()
for _text, _n in BENIGN_TEMPLATES:
    for _k in range(_n):
        _b = _fill(_text.replace(u"\u00a6", ""), {})
        if _b not in _seen:
            _seen.add(_b)
            BENIGN.append(_b)
for _b in BENIGN_FIXED:
    if _b not in _seen:
        _seen.add(_b)
        BENIGN.append(_b)

del _group, _templates, _target, _fixed, _rest, _plan, _intl, _jj, _f, _fmt, _text, _spec, _vis, _n, _k, _vals, _s, _t, _v
del _i, _entry, _env, _human, _wt, _wv, _b, _seen
