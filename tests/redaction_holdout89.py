"""Blind hold-out corpus #89 for a secret-redaction engine.

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
Developer teams in South Asia (India, Pakistan, Bangladesh, Sri Lanka,
Nepal) and the services they use: payment gateways and UPI (Razorpay, Paytm,
PhonePe, Cashfree, PayU, CCAvenue, Instamojo, JazzCash, Easypaisa, bKash,
SSLCommerz, Khalti, eSewa, PayHere), SMS/OTP and WhatsApp providers (MSG91,
Textlocal, Gupshup, Exotel, Kaleyra), KYC/eKYC and GST/e-invoicing APIs
(Aadhaar AUA/ASA licence keys, DigiLocker, Setu, IRP/GSP auth tokens and
session keys), Indian clouds and hosts (E2E Networks, DigitalOcean BLR1,
Azure Central India) alongside AWS Mumbai (ap-south-1), Zoho apps
(Books, Mail, ZeptoMail, CRM), Tally integrations (ODBC, sync agents, RDP
boxes), logistics (Shiprocket, Delhivery), edtech and fintech startups.
Notes and chats are written in English, Hinglish/Hindi, Bengali, Urdu,
Tamil, Sinhala and Nepali, romanised and in native scripts, with the
human-chosen passwords, MPINs and passphrases such teams really use.

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
Blind, with the engine of the session that read it, before any rule from it: recall 0.947 (1,416 of
1,496) and false positives 10 of 950 (1.1%). Tuned on since by classes (Khalti secret keys, PayU and
JazzCash salts, a merchant's `…Key`, Paytm's generateSignature and CCAvenue's AesCryptUtil keys,
hmac.new's key, TruffleHog's `Raw result:`, OTP bypass codes, MPINs, passwords in Bengali, Urdu,
Tamil and Sinhala script): 0.979 (1,466) and 10 (1.1%).
"""

import base64 as _b64
import json as _json
import random
import re as _re
import string as _string

SEED = 5107733
_R = random.Random(SEED)

_GROUPS = ["command", "tool-output", "config-file", "source-code",
           "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 187

# ---------------------------------------------------------------- alphabets
_LOW, _UP, _DIG = _string.ascii_lowercase, _string.ascii_uppercase, _string.digits
_ALPHA = {
    "an": _LOW + _UP + _DIG,
    "la": _LOW + _DIG,
    "ua": _UP + _DIG,
    "hex": "0123456789abcdef",
    "HEX": "0123456789ABCDEF",
    "dig": _DIG,
    "lc": _LOW,
    "uc": _UP,
    "bc": _LOW + _UP + _DIG + "+/",
    "ax": _LOW + _UP + _DIG + "-_",
    "az": _LOW + _UP + _DIG + "~._-",
    "sy": _LOW + _UP + _DIG + "@#%^*-_+=.~",
    "wp": _LOW + _UP + _DIG + "!@#$%^&*()-_[]{}<>~+=,.;:/?|",
    "cr": "0123456789ABCDEFGHJKMNPQRSTVWXYZ",
}


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _rb(n):
    return bytes(_R.randrange(256) for _ in range(n))


def _bs(n):
    return _b64.b64encode(_rb(n)).decode()


def _bu(n):
    return _b64.urlsafe_b64encode(_rb(n)).decode().rstrip("=")


def _pick(seq):
    return _R.choice(seq)


# ------------------------------------------------------------- word lists
_FIRST = ["Aarav", "Vivaan", "Aditya", "Arjun", "Ishaan", "Rohan", "Karthik",
          "Siddharth", "Pranav", "Nikhil", "Rahul", "Ankit", "Vikram", "Saurabh",
          "Harsh", "Priya", "Ananya", "Diya", "Kavya", "Sneha", "Pooja", "Neha",
          "Ishita", "Meera", "Lakshmi", "Divya", "Sana", "Ayesha", "Fatima",
          "Hira", "Zainab", "Bilal", "Usman", "Hamza", "Faisal", "Imran",
          "Tahmid", "Nusrat", "Farhana", "Rakib", "Sabbir", "Tanvir", "Mithila",
          "Kasun", "Dilini", "Nuwan", "Chamari", "Tharindu", "Sachini",
          "Prakash", "Sushma", "Bikash", "Anjali", "Suman", "Ramesh", "Gaurav",
          "Yash", "Riya", "Shreya", "Abhishek", "Manoj", "Deepak", "Selvam",
          "Murugan", "Vignesh", "Keerthana", "Aishwarya", "Arun", "Bala",
          "Ravi", "Sunil", "Nabin", "Sarita", "Roshan", "Pasindu", "Ishara",
          "Mahmud", "Rafiq", "Shirin", "Junaid", "Ahsan", "Mehwish", "Kiran"]
_LAST = ["Sharma", "Verma", "Iyer", "Nair", "Reddy", "Rao", "Patel", "Shah",
         "Gupta", "Mehta", "Joshi", "Kulkarni", "Deshpande", "Banerjee",
         "Chatterjee", "Das", "Bose", "Khan", "Qureshi", "Siddiqui", "Malik",
         "Chaudhry", "Butt", "Rahman", "Hossain", "Islam", "Ahmed", "Perera",
         "Fernando", "Silva", "Jayasuriya", "Wickramasinghe", "Bandara",
         "Shrestha", "Adhikari", "Thapa", "Gurung", "Karki", "Pillai",
         "Subramanian", "Krishnan", "Mukherjee", "Saxena", "Agarwal", "Bhatt"]
_SLUG_A = ["kirana", "dhan", "paisa", "vyapar", "khata", "rupee", "desi", "chai",
           "mandi", "bazaar", "udaan", "setu", "lekha", "hisab", "tez", "kisan",
           "shiksha", "vidya", "gyaan", "sahay", "sathi", "bandhu", "jugaad",
           "naya", "apna", "dukaan", "dabba", "gaadi", "safar", "ghar", "bijli",
           "sona", "taka", "lanka", "ceylon", "himal", "sagar", "ganga", "padma",
           "indus", "ravi", "jhelum", "meghna", "kaveri", "tapti", "sutlej",
           "mithai", "masala", "kulfi", "tiffin", "thela", "chowk", "nukkad"]
_SLUG_B = ["kart", "pay", "ly", "hub", "wala", "box", "fin", "ed", "go", "tech",
           "labs", "mart", "nest", "cash", "tribe", "verse", "loop", "stack",
           "works", "ify", "sync", "ledger", "pe", "cart", "x", "q", "dost"]
_TLD = ["in", "co.in", "com", "io", "dev", "net.in", "pk", "com.pk", "com.bd",
        "lk", "com.np", "app", "tech", "org.in", "xyz"]
_SUB = ["api", "pay", "pg", "gw", "checkout", "kyc", "otp", "sms", "notify",
        "erp", "ledger", "orders", "internal-api", "merchant", "admin", "wa",
        "hooks", "sandbox", "uat", "staging-api", "billing", "einvoice", "gst",
        "ship", "track", "auth", "sso", "reports", "tally-bridge", "upi"]
_DBH = ["db-primary", "mysql-01", "pgsql-main", "pg-replica-2", "mariadb",
        "mongo-rs0", "redis-cache", "kafka-2", "rabbit-01", "es-node1",
        "mssql-tally", "oracle-fin", "timescale", "clickhouse-1"]
_CITY = ["Bengaluru", "Mumbai", "Pune", "Hyderabad", "Chennai", "Kolkata",
         "Delhi", "Noida", "Gurugram", "Ahmedabad", "Jaipur", "Kochi", "Indore",
         "Lahore", "Karachi", "Islamabad", "Dhaka", "Chattogram", "Colombo",
         "Kandy", "Kathmandu", "Pokhara", "Lucknow", "Coimbatore", "Surat"]
_PWW = ["Chennai", "Lahore", "Dhaka", "Colombo", "Kathmandu", "Biryani",
        "Masala", "Chai", "Samosa", "Rasgulla", "Kohli", "Dhoni", "Ganesha",
        "Krishna", "Shakti", "Tiger", "Monsoon", "Diwali", "Holi", "Pongal",
        "Vesak", "Dashain", "Himalaya", "Sundarban", "Cricket", "Jalebi",
        "Paneer", "Mango", "Lassi", "Rickshaw", "Tuktuk", "Bharat", "Pakistan",
        "Bangla", "Lanka", "Nepal", "Mumbai", "Karachi", "Pune", "Sachin",
        "Babar", "Shakib", "Sanath", "Everest", "Kaveri", "Padma", "Ganga",
        "Chandni", "Sitara", "Badshah", "Sultan", "Raja", "Rani", "Khushi"]
_PPW = ["aam", "chai", "pakoda", "barsaat", "kulfi", "dosti", "sapna", "jugnu",
        "patang", "baadal", "nadi", "pahad", "chand", "sitara", "dhoop", "mitti",
        "roti", "dal", "jalebi", "ghungroo", "tabla", "sitar", "bansuri",
        "machli", "hathi", "sher", "mor", "kabutar", "neem", "peepal", "nimbu",
        "imli", "gulab", "chameli", "rickshaw", "tiffin", "kolam", "hilsa",
        "kottu", "momo", "sel-roti", "dhaba", "lassi", "kheer", "pitha"]


# ------------------------------------------------------- named generators
def _slug():
    s = _pick(_SLUG_A) + _pick(_SLUG_B)
    if _R.random() < 0.25:
        s += str(_R.randrange(2, 99))
    return s


def _host():
    r = _R.random()
    if r < 0.55:
        return "%s.%s.%s" % (_pick(_SUB), _slug(), _pick(_TLD))
    if r < 0.75:
        return "%s.%s.internal" % (_pick(_DBH), _slug())
    if r < 0.9:
        return "%s.c%s.ap-south-1.rds.amazonaws.com" % (_pick(_DBH), _s(_ALPHA["la"], 12))
    return "%s-%s.%s.local" % (_pick(_SUB), _pick(["blr", "bom", "del", "khi", "dac", "cmb", "ktm", "hyd", "maa"]), _slug())


def _ip():
    if _R.random() < 0.6:
        return "10.%d.%d.%d" % (_R.randrange(256), _R.randrange(256), _R.randrange(1, 255))
    if _R.random() < 0.5:
        return "172.%d.%d.%d" % (_R.randrange(16, 32), _R.randrange(256), _R.randrange(1, 255))
    return "%d.%d.%d.%d" % (_pick([13, 15, 43, 52, 65, 103, 139, 157, 164]), _R.randrange(256), _R.randrange(256), _R.randrange(1, 255))


def _user():
    f, l = _pick(_FIRST).lower(), _pick(_LAST).lower()
    return _pick([f, f + "." + l, f[0] + l, f + "_" + l[:3], "svc_" + _pick(["payments", "kyc", "otp", "ledger", "tally", "ship", "notify", "gst"]),
                  _pick(["app_rw", "app_ro", "deploy", "ci-bot", "reporting", "etl_user", "backoffice", "ops"]), f + str(_R.randrange(10, 99))])


def _email():
    f, l = _pick(_FIRST).lower(), _pick(_LAST).lower()
    local = _pick([f, f + "." + l, f[0] + l, "noreply", "accounts", "tech", "alerts", "billing", "ops"])
    return "%s@%s.%s" % (local, _slug(), _pick(["in", "co.in", "com", "com.pk", "com.bd", "lk", "com.np"]))


def _app():
    return _pick(["payments", "checkout", "kyc", "otp", "ledger", "notify", "orders", "tally-sync", "gst-einvoice", "ship", "wallet",
                  "lms", "classroom", "merchant", "payouts", "upi-collect", "recon", "crm-bridge", "loan-origination", "collections"]) + _pick(["", "-api", "-svc", "-worker", "-web"])


def _db():
    return _pick(["payments", "orders", "kyc", "ledger", "tally_mirror", "lms", "wallet", "crm", "gst", "shipments", "core", "recon"]) + _pick(["", "_prod", "_uat", "_db", "_v2"])


def _ver():
    return "%d.%d.%d" % (_R.randrange(0, 9), _R.randrange(0, 30), _R.randrange(0, 40))


def _date():
    return "2024-%02d-%02d" % (_R.randrange(1, 13), _R.randrange(1, 29))


def _ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (_date(), _R.randrange(24), _R.randrange(60), _R.randrange(60), _R.randrange(1000))


def _lts():
    return "%s %02d:%02d:%02d,%03d" % (_date(), _R.randrange(24), _R.randrange(60), _R.randrange(60), _R.randrange(1000))


def _uuid():
    h = _s(_ALPHA["hex"], 32)
    h = h[:12] + "4" + h[13:16] + _pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _pw(url_safe=False):
    w, w2 = _pick(_PWW), _pick(_PWW)
    y = str(_pick([_R.randrange(1985, 2026), _R.randrange(100, 1000), _R.randrange(10, 100), _R.randrange(1000, 10000)]))
    sym = _pick("_.-~" if url_safe else "@@@@##$!_*.")
    f = _pick(_FIRST)
    return _pick([w + sym + y, w + w2 + y, w.lower() + sym + y, f + sym + y, f.lower() + y + sym,
                  w + sym + w2.lower() + y, w[0].lower() + w[1:] + "_" + y + sym, f + w + sym + y,
                  w.upper()[:4] + sym + y + w2.lower()[:3], "Pa55" + sym + w + y])


def _pwr():
    return _s(_ALPHA["sy"], _R.randrange(14, 25))


def _pp():
    n = _R.randrange(3, 5)
    ws = [_pick(_PPW) for _ in range(n)]
    sep = _pick(["-", " ", ".", "_"])
    return sep.join(ws) + _pick(["", sep + str(_R.randrange(10, 999)), "!"])


def _phone():
    return "9%d%s" % (_R.randrange(1, 10), _s(_DIG, 8))


def _rzpid():
    return "rzp_%s_%s" % (_pick(["live", "live", "test"]), _s(_ALPHA["an"], 14))


def _mid():
    k = _R.randrange(4, 8)
    return _s(_UP, k) + _s(_DIG, 20 - k)


def _gstin():
    return "%02d%s%s%s1Z%s" % (_R.randrange(1, 38), _s(_UP, 5), _s(_DIG, 4), _s(_UP, 1), _s(_ALPHA["ua"], 1))


def _vpa():
    return "%s%s@%s" % (_pick(_FIRST).lower(), _R.randrange(1, 999), _pick(["okhdfcbank", "okaxis", "oksbi", "ybl", "paytm", "ibl", "axl", "upi"]))


def _ssid():
    return _pick(["JioFiber-", "Airtel_", "ACT-", "Office-5G-", "PTCL-", "Dialog4G-", "GP-", "WorldLink-", "Nayatel-", "SLT-Fiber-"]) + _s(_ALPHA["ua"], 4)


def _jwt():
    hdr = _pick([{"alg": "HS256", "typ": "JWT"}, {"alg": "RS256", "typ": "JWT", "kid": _s(_ALPHA["hex"], 16)}, {"typ": "JWT", "alg": "HS512"}])
    t = _R.randrange(1700000000, 1735000000)
    pl = _pick([
        {"sub": str(_R.randrange(10 ** 5, 10 ** 7)), "iss": "https://auth." + _slug() + ".in", "iat": t, "exp": t + 864000},
        {"user_id": _R.randrange(1000, 999999), "email": _email(), "iat": t, "exp": t + 3600, "role": _pick(["merchant", "admin", "ops"])},
        {"aud": _app(), "scope": _pick(["orders:write", "kyc.read kyc.write", "payouts"]), "jti": _uuid(), "iat": t},
        {"iss": "supabase", "ref": _s(_LOW, 20), "role": "service_role", "iat": t, "exp": t + 315360000},
    ])
    enc = lambda o: _b64.urlsafe_b64encode(_json.dumps(o, separators=(",", ":")).encode()).decode().rstrip("=")
    sig = _bu(32) if hdr["alg"] == "HS256" else (_bu(64) if hdr["alg"] == "HS512" else _bu(256))
    return enc(hdr) + "." + enc(pl) + "." + sig


def _wrap(body, width):
    return "\n".join(body[i:i + width] for i in range(0, len(body), width))


def _pem(kind):
    if kind == "rsa":
        body = "MIIEpAIBAAKCAQEA" + _s(_ALPHA["bc"], 1572)
        return _wrap(body, 64)
    if kind == "pk8":
        body = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ" + _s(_ALPHA["bc"], 1570) + "=="
        return _wrap(body, 64)
    if kind == "ec":
        body = "MHcCAQEEI" + _s(_ALPHA["bc"], 55) + "oAoGCCqGSM49AwEHoUQDQgAE" + _s(_ALPHA["bc"], 86)
        return _wrap(body, 64)
    body = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW" + _s(_ALPHA["bc"], 330)
    return _wrap(body, 70)


_NAMED = {
    "host": _host, "ip": _ip, "user": _user, "email": _email, "slug": _slug, "app": _app, "db": _db,
    "ver": _ver, "date": _date, "ts": _ts, "lts": _lts, "uuid": _uuid, "pw": _pw, "pwr": _pwr, "pp": _pp,
    "phone": _phone, "rzpid": _rzpid, "mid": _mid, "gstin": _gstin, "vpa": _vpa, "ssid": _ssid, "jwt": _jwt,
    "name": lambda: _pick(_FIRST), "last": lambda: _pick(_LAST), "city": lambda: _pick(_CITY),
    "co": lambda: _slug().capitalize() + _pick([" Pvt Ltd", " Technologies", " Fintech", " Retail", " Solutions", " Edu"]),
    "ns": lambda: _pick(["payments", "kyc", "prod", "uat", "staging", "platform", "notify", "fin-ops"]),
    "repo": lambda: _pick(["backend", "checkout-api", "merchant-dashboard", "kyc-service", "infra", "mobile-app", "tally-connector", "ops-scripts"]),
    "region": lambda: _pick(["ap-south-1", "ap-south-1", "ap-south-2", "ap-southeast-1"]),
    "bucket": lambda: _slug() + "-" + _pick(["invoices", "kyc-docs", "backups", "static", "exports"]) + "-" + _pick(["prod", "uat"]),
    "pmk": lambda: _s(_ALPHA["an"] + "@#&_%!", 16),
    "azs": lambda: _s(_ALPHA["an"], 3) + "8Q~" + _s(_ALPHA["az"], 34),
    "cfs": lambda: "cfsk_ma_" + _pick(["prod", "prod", "test"]) + "_" + _s(_ALPHA["hex"], 32) + "_" + _s(_ALPHA["hex"], 8),
    "m91": lambda: _s(_DIG, 6) + "A" + _s(_ALPHA["an"], 17),
    "zrt": lambda: "1000." + _s(_ALPHA["hex"], 32) + "." + _s(_ALPHA["hex"], 32),
    "zcid": lambda: "1000." + _s(_ALPHA["ua"], 30),
    "akid": lambda: "AKIA" + _s(_ALPHA["ua"], 16),
    "aws": lambda: _s(_ALPHA["bc"], 40),
    "sts": lambda: "IQoJb3JpZ2luX2VjE" + _s(_ALPHA["bc"], _R.randrange(300, 420)),
    "ghp": lambda: "ghp_" + _s(_ALPHA["an"], 36),
    "ghfg": lambda: "github_pat_11" + _s(_ALPHA["ua"], 20) + "_" + _s(_ALPHA["an"], 59),
    "glpat": lambda: "glpat-" + _s(_ALPHA["ax"], 20),
    "npm": lambda: "npm_" + _s(_ALPHA["an"], 36),
    "tg": lambda: str(_R.randrange(10 ** 9, 8 * 10 ** 9)) + ":AA" + _s(_ALPHA["ax"], 33),
    "eaa": lambda: "EAA" + _s(_ALPHA["an"], _R.randrange(160, 200)),
    "goog": lambda: "AIza" + _s(_ALPHA["ax"], 35),
    "pkj": lambda: _pem("pk8").replace("\n", "\\n"),
    "pemrsa": lambda: _pem("rsa"), "pempk8": lambda: _pem("pk8"), "pemec": lambda: _pem("ec"), "pemssh": lambda: _pem("ssh"),
    "dip": lambda: "-".join(str(_R.randrange(1, 255)) for _ in range(4)),
    "exsid": lambda: _slug() + str(_R.randrange(1, 9)),
    "awb": lambda: _s(_DIG, 13),
    "pwh": lambda: _pw(True),
    "pwu": lambda: _s(_ALPHA["an"] + "-_.~", _R.randrange(16, 25)),
    "b64host": lambda: _b64.b64encode(_host().encode()).decode(),
    "b64user": lambda: _b64.b64encode(_user().encode()).decode(),
    "sassig": lambda: _bs(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
    "dd": lambda: "%02d" % _R.randrange(1, 29),
    "hh": lambda: "%02d" % _R.randrange(0, 24),
    "mi": lambda: "%02d" % _R.randrange(0, 60),
    "ppw": lambda: " ".join(_pick(_PPW) for _ in range(_R.randrange(3, 5))) + " " + str(_R.randrange(10, 2030)),
}


# ------------------------------------------------------------ template DSL
# «key» is replaced by a value drawn for that key (cached per fragment, so a
# key used twice yields the same value).  «c:a|b|c» picks one option.
# «an24», «hex40», «bs32» ... draw from an alphabet (see _ALPHA, bs = base64
# of N random bytes, bu = base64url of N bytes).  A suffix like «hex32_b»
# draws a second, independent value of the same shape.  A secret spec may
# start with "~b64:" (base64 of the filled text), "~nl:" (the value was
# wrapped by a terminal: a newline inside it), "~nli:" (wrapped onto an
# indented continuation line), "~bsl:" (shell line continuation inside it)
# or "~cat:" (a string literal split into two concatenated halves).
_TOK = _re.compile(r"«([^«»]+)»")
_KEY = _re.compile(r"([A-Za-z]+?)(\d+)(?:_\w+)?")


class _Ctx(dict):
    def __missing__(self, k):
        if k.startswith("c:"):
            v = _pick(k[2:].split("|"))
        elif k in _NAMED:
            v = _NAMED[k]()
        elif k.split("_")[0] in _NAMED:
            v = _NAMED[k.split("_")[0]]()
        else:
            m = _KEY.fullmatch(k)
            if not m:
                raise KeyError(k)
            base, n = m.group(1), int(m.group(2))
            if base in _NAMED:
                v = _NAMED[base]()
            elif base == "bs":
                v = _bs(n)
            elif base == "bu":
                v = _bu(n)
            else:
                v = _s(_ALPHA[base], n)
        self[k] = v
        return v


def _fill(tpl, ctx):
    for _ in range(3):  # a choice may itself contain «key» tokens
        if "«" not in tpl:
            break
        tpl = _TOK.sub(lambda m: ctx[m.group(1)], tpl)
    return tpl


def _secret(spec):
    post = None
    for p in ("~b64:", "~nl:", "~nli:", "~bsl:", "~cat:"):
        if spec.startswith(p):
            post, spec = p, spec[len(p):]
            break
    v = _fill(spec, _Ctx())
    if post == "~b64:":
        v = _b64.b64encode(v.encode()).decode()
    elif post in ("~nl:", "~nli:", "~bsl:", "~cat:"):
        k = _R.randrange(len(v) * 2 // 5, len(v) * 3 // 5)
        v = v[:k] + {"~nl:": "\n", "~nli:": "\n    ", "~bsl:": "\\\n", "~cat:": "\" +\n        \""}[post] + v[k:]
    return v


def _one(tpl, sspec, vspec):
    for _ in range(40):
        s = _secret(sspec)
        ctx = _Ctx()
        ctx["S"] = s
        t = _fill(tpl, ctx)
        v = _fill(vspec, ctx) if vspec else ""
        if len(s) < 6 or s not in t:
            continue
        if v and (v in s or v not in t.replace(s, "\x00")):
            continue
        return t, s, v
    raise ValueError("cannot realise %r" % tpl[:60])


_FORMATS = dict((g, []) for g in _GROUPS)


def _add(group, rows):
    _FORMATS[group].extend(rows)


# ================================================================ command
_add("command", [
    ("curl-basic-auth-key-id-secret", "curl -s -u «rzpid»:«S» https://«c:pg-egress|rzp-proxy|payments-gw».«slug».in/v1/payments/pay_«an14»/capture -H 'Content-Type: application/json' -d '{\"amount\": «dig5», \"currency\": \"INR\"}'", "«an24»", "«rzpid»"),
    ("curl-bearer-jwt-header", "curl -sS -H \"Authorization: Bearer «S»\" \"https://«host»/api/v2/orders?status=PENDING&limit=50\" | jq '.data | length'", "«jwt»", "«host»"),
    ("curl-form-api-key-field", "curl -X POST \"https://«host»/v4/?method=sms\" -d \"api_key=«S»\" -d \"to=91«phone»\" -d \"sender=«c:KALYRA|ALERTS|ORDRUP»\" -d \"message=Your order has been shipped\"", "A«hex32»", "«host»"),
    ("curl-authkey-header-flow", "curl --request POST --url https://«host»/api/v5/flow/ --header 'authkey: «S»' --header 'content-type: application/json' --data '{\"template_id\":\"«hex24»\",\"short_url\":\"0\",\"recipients\":[{\"mobiles\":\"91«phone»\",\"name\":\"«name»\"}]}'", "«m91»", "template_id"),
    ("mysql-password-quoted-flag", "mysql -h «host» -u «user» -p'«S»' «db» -e \"select count(*) from orders where created_at > now() - interval 1 day\"", "«pw»", "«user»"),
    ("pgpassword-env-prefix", "PGPASSWORD='«S»' psql -h «host» -U «user» -d «db» -c '\\dt public.*'", "«pw»", "«host»"),
    ("psql-connection-uri", "psql \"postgresql://«user»:«S»@«host»:5432/«db»?sslmode=require\" -c 'select now()'", "«pwu»", "«host»"),
    ("mongosh-srv-uri", "mongosh \"mongodb+srv://«user»:«S»@cluster0.«la5».mongodb.net/«db»?retryWrites=true&w=majority\" --eval 'db.kyc_requests.countDocuments({status: \"PENDING\"})'", "«pwh»", "«user»"),
    ("redis-cli-a-flag", "redis-cli -h «host» -p 6379 -a «S» --no-auth-warning INFO keyspace", "«an32»", "«host»"),
    ("docker-login-p-flag", "docker login «c:registry|harbor|cr».«slug».in -u «user» -p «S»", "«pwr»", "«user»"),
    ("echo-pipe-password-stdin", "echo «S» | docker login ghcr.io -u «user» --password-stdin", "«ghp»", "«user»"),
    ("git-clone-pat-in-url", "git clone https://«user»:«S»@github.com/«slug»/«repo».git && cd «repo»", "«ghfg»", "«repo».git"),
    ("git-remote-oauth2-url", "git remote set-url origin https://oauth2:«S»@gitlab.«slug».in/«slug»/«repo».git", "«glpat»", "origin"),
    ("npm-config-set-authtoken", "npm config set //registry.npmjs.org/:_authToken «S»", "«npm»", "registry.npmjs.org"),
    ("pip-index-url-credentials", "pip install --index-url https://«user»:«S»@pypi.«slug».in/simple/ «c:razorpay|paytmchecksum|cashfree-pg|tally-xml»==«ver»", "«pwh»", "«user»"),
    ("kubectl-from-literal-pair", "kubectl -n «ns» create secret generic razorpay-creds --from-literal=RAZORPAY_KEY_ID=«rzpid» --from-literal=RAZORPAY_KEY_SECRET=«S»", "«an24»", "«rzpid»"),
    ("helm-set-db-password", "helm upgrade --install «app» ./charts/«app» -n «ns» --set db.password=«S» --set image.tag=«ver»", "«pwr»", "image.tag=«ver»"),
    ("aws-configure-set-secret", "aws configure set aws_secret_access_key «S» --profile «c:mumbai-prod|ap-south-1-dev|kyc-uat|recon-ro»", "«aws»", "--profile"),
    ("export-aws-key-triplet", "export AWS_ACCESS_KEY_ID=«akid»\nexport AWS_SECRET_ACCESS_KEY=«S»\nexport AWS_DEFAULT_REGION=ap-south-1\naws s3 ls s3://«bucket»/", "«aws»", "s3://«bucket»/"),
    ("powershell-env-assignment", "$env:CASHFREE_CLIENT_SECRET = \"«S»\"; dotnet run --project .\\src\\Payments.Api", "«cfs»", "CASHFREE_CLIENT_SECRET"),
    ("setx-machine-variable", "setx PAYU_MERCHANT_SALT \"«S»\" /M", "«an32»", "PAYU_MERCHANT_SALT"),
    ("powershell-securestring-pscredential", "$pw = ConvertTo-SecureString \"«S»\" -AsPlainText -Force; $cred = New-Object System.Management.Automation.PSCredential (\"«c:CORP|TALLY|FINANCE»\\«user»\", $pw); Enter-PSSession -ComputerName «host» -Credential $cred", "«pw»", "«host»"),
    ("net-use-positional-password", "net use Z: \\\\«c:fs01|tally-srv|nas01».«slug».local\\tally «S» /user:«c:CORP|ACCOUNTS»\\«user» /persistent:yes", "«pw»", "«user»"),
    ("cmdkey-generic-pass", "cmdkey /generic:TERMSRV/«host» /user:«user» /pass:«S» && mstsc /v:«host»", "«pw»", "/user:«user»"),
    ("sqlcmd-capital-p", "sqlcmd -S «host»,1433 -U «user» -P \"«S»\" -d «db» -Q \"SELECT TOP 10 VoucherNo, Amount FROM dbo.Vouchers ORDER BY VoucherDate DESC\"", "«pwr»", "«user»"),
    ("sshpass-p-single-quoted", "sshpass -p '«S»' ssh -o StrictHostKeyChecking=no «user»@«ip» 'sudo systemctl restart «app»'", "«pw»", "«ip»"),
    ("openssl-pass-pass-prefix", "openssl enc -aes-256-cbc -salt -pbkdf2 -in gstr1_«date».xlsx -out gstr1.enc -pass pass:«S»", "«pp»", "gstr1.enc"),
    ("zip-encrypt-P-flag", "zip -P «S» salary_slips_«c:march|april|may|june».zip *.pdf", "«pw»", "*.pdf"),
    ("7z-password-glued", "7z a -p«S» -mhe=on tally_backup_«date».7z \"C:\\TallyPrime\\Data\\«dig5»\"", "«pwr»", "-mhe=on"),
    ("keytool-storepass-keypass", "keytool -genkeypair -v -alias upload -keyalg RSA -keysize 2048 -validity 10000 -keystore «c:upload|release|app»-keystore.jks -storepass «S» -keypass «S» -dname \"CN=«co», O=«co», L=«city», C=IN\"", "«pw»", "-alias upload"),
    ("gradle-injected-signing-password", "./gradlew assembleRelease -Pandroid.injected.signing.store.file=$PWD/upload.jks -Pandroid.injected.signing.store.password=«S» -Pandroid.injected.signing.key.alias=«c:upload|release|key0»", "«pw»", "upload.jks"),
    ("vault-kv-put-uuid-salt", "vault kv put secret/«ns»/phonepe merchant_id=«c:PG|M|MERCH»«ua10» salt_key=«S» salt_index=1", "«uuid»", "salt_index=1"),
    ("heroku-config-set", "heroku config:set INSTAMOJO_AUTH_TOKEN=«S» -a «slug»-«c:api|prod|staging»", "«hex32»", "-a «slug»"),
    ("fly-secrets-set", "fly secrets set BKASH_APP_SECRET=«S» BKASH_USERNAME=«user» -a «slug»-api", "«an50»", "BKASH_USERNAME=«user»"),
    ("firebase-functions-config-set", "firebase functions:config:set razorpay.key_id=\"«rzpid»\" razorpay.key_secret=\"«S»\" --project «slug»-prod", "«an24»", "«rzpid»"),
    ("gh-secret-set-body", "gh secret set SHIPROCKET_PASSWORD --body \"«S»\" --repo «slug»/«repo»", "«pw»", "«slug»/«repo»"),
    ("terraform-var-flag", "terraform apply -var=\"db_password=«S»\" -var=\"region=ap-south-1\" -auto-approve", "«pwr»", "region=ap-south-1"),
    ("az-login-service-principal", "az login --service-principal -u «uuid» -p «S» --tenant «uuid_b»", "«azs»", "«uuid»"),
    ("wget-password-option", "wget --user=«user» --password='«S»' https://«host»/exports/gstr1_«date».json", "«pw»", "«host»"),
    ("lftp-u-user-comma-pass", "lftp -u «user»,«S» sftp://«host» -e 'mirror --reverse ./einvoice /upload/einvoice; bye'", "«pwr»", "sftp://«host»"),
    ("smbclient-percent-password", "smbclient //«host»/accounts -U «user»%«S» -c 'get ledger_«date».xml'", "«pw»", "//«host»/accounts"),
    ("rabbitmqctl-add-user-positional", "rabbitmqctl add_user «user» «S» && rabbitmqctl set_permissions -p / «user» \".*\" \".*\" \".*\"", "«pwr»", "set_permissions"),
    ("mysql-create-user-identified-by", "mysql -uroot -e \"CREATE USER '«user»'@'%' IDENTIFIED BY '«S»'; GRANT SELECT ON «db».* TO '«user»'@'%';\"", "«pw»", "'«user»'@'%'"),
    ("psql-alter-role-password", "psql -U postgres -c \"ALTER ROLE «user» WITH LOGIN PASSWORD '«S»';\"", "«pwr»", "ALTER ROLE «user»"),
    ("htpasswd-batch-positional", "sudo htpasswd -bc /etc/nginx/.htpasswd «user» «S»", "«pw»", "/etc/nginx/.htpasswd"),
    ("mongosh-createuser-pwd", "mongosh admin --eval 'db.createUser({user: \"«user»\", pwd: \"«S»\", roles: [{role: \"readWrite\", db: \"«db»\"}]})'", "«pwr»", "«db»"),
    ("curl-userinfo-in-url", "curl -X POST https://«hex32»:«S»@«c:api|ccm-api».«slug».in/v1/Accounts/«exsid»/Calls/connect -d From=0«phone» -d CallerId=080«dig8» -d Url=http://my.exotel.in/exoml/start/«dig6»", "«hex40»", "Calls/connect"),
    ("curl-u-account-sid-token", "curl -X POST https://«host»/2010-04-01/Accounts/AC«hex32»/Messages.json --data-urlencode \"To=+92«phone»\" --data-urlencode \"Body=OTP service test\" -u AC«hex32»:«S»", "«hex32_b»", "Messages.json"),
    ("curl-apikey-header-lowercase", "curl -X POST https://«host»/wa/api/v1/msg -H \"apikey: «S»\" -H 'Content-Type: application/x-www-form-urlencoded' -d \"channel=whatsapp&source=91«phone»&destination=91«phone_b»&src.name=«slug»\"", "«la32»", "channel=whatsapp"),
    ("curl-apikey-query-param", "curl \"https://«host»/send/?apikey=«S»&numbers=91«phone»&sender=«c:TXTLCL|ORDRUP|KHATAP»&message=Order%20confirmed\"", "«bs30»", "«host»"),
    ("curl-refresh-token-query", "curl -X POST \"https://accounts.«slug».in/oauth/v2/token?refresh_token=«S»&client_id=«zcid»&client_secret=$ZOHO_CLIENT_SECRET&grant_type=refresh_token\"", "«zrt»", "«zcid»"),
    ("curl-x-client-secret-header", "curl --request POST --url https://«host»/pg/orders --header 'x-api-version: 2023-08-01' --header 'x-client-id: «dig6»«hex26»' --header 'x-client-secret: «S»' --data '{\"order_amount\": 1.00, \"order_currency\": \"INR\"}'", "«cfs»", "x-client-id: «dig6»«hex26»"),
    ("python-script-working-key-flag", "python ccav_encrypt.py --working-key «S» --access-code AV«ua16» --merchant-id «dig7» --order-id ORD«dig8»", "«HEX32»", "--merchant-id «dig7»"),
    ("node-script-salt-flag", "node scripts/payu-hash.js --key «an6» --salt «S» --txnid TXN«dig10» --amount 499.00 --productinfo \"Course fee\"", "«an32»", "TXN«dig10»"),
    ("python-cli-password-and-salt-ref", "python jc_test.py --merchant-id MC«dig5» --password «S» --integrity-salt \"$JC_SALT\" --amount 150000", "«la10»", "MC«dig5»"),
    ("artisan-command-hash-key", "php artisan easypaisa:ping --store-id «dig5» --hash-key «S» --env=production", "«ua16»", "--store-id «dig5»"),
    ("curl-username-password-headers", "curl -X POST https://«host»/tokenized/checkout/token/grant -H \"username: «user»\" -H \"password: «S»\" -H \"Content-Type: application/json\" -d '{\"app_key\":\"$BKASH_APP_KEY\",\"app_secret\":\"$BKASH_APP_SECRET\"}'", "«pw»", "username: «user»"),
    ("curl-form-store-passwd", "curl -X POST https://«host»/gwprocess/v4/api.php -d \"store_id=«lc5»«hex8»live\" -d \"store_passwd=«S»\" -d \"total_amount=1500&currency=BDT&tran_id=«ua10»\"", "«lc5»«hex8»@ssl", "currency=BDT"),
    ("ssh-keygen-N-passphrase", "ssh-keygen -t ed25519 -C \"«user»@«slug».in\" -N '«S»' -f ~/.ssh/deploy_«c:prod|uat|tally»", "«pp»", "~/.ssh/deploy_"),
    ("gpg-batch-passphrase", "gpg --batch --yes --pinentry-mode loopback --passphrase '«S»' -d tally_backup_«date».tar.gz.gpg | tar xz -C /restore", "«pp»", "/restore"),
    ("ansible-extra-vars-inline", "ansible-playbook site.yml -i inventory/prod -e \"mysql_root_password=«S» app_env=prod\" --limit db", "«pwr»", "inventory/prod"),
    ("docker-run-e-flag", "docker run -d --name «app» -e MSG91_AUTH_KEY=«S» -e NODE_ENV=production «c:registry|cr».«slug».in/«app»:«ver»", "«m91»", "--name «app»"),
    ("java-system-property-password", "java -Dspring.datasource.password=«S» -Dspring.profiles.active=prod -jar «app»-«ver».jar", "«pw»", "spring.profiles.active=prod"),
    ("python-c-constructor-tuple", "python -c \"import razorpay; c = razorpay.Client(auth=('«rzpid»', '«S»')); print(c.order.all({'count': 1}))\"", "«an24»", "«rzpid»"),
    ("node-e-positional-token", "node -e \"require('./lib/delhivery').track('«awb»', '«S»').then(console.log)\"", "«hex40»", "«awb»"),
    ("celery-broker-redis-url", "celery -A «c:payments|ledger|notify» worker -b redis://:«S»@«host»:6379/0 --loglevel=info -Q callbacks", "«an32»", "«host»:6379"),
    ("kafka-consumer-jaas-property", "kafka-console-consumer.sh --bootstrap-server «host»:9093 --topic upi.callbacks --consumer-property security.protocol=SASL_SSL --consumer-property sasl.mechanism=PLAIN --consumer-property sasl.jaas.config='org.apache.kafka.common.security.plain.PlainLoginModule required username=\"«user»\" password=\"«S»\";'", "«pwr»", "upi.callbacks"),
    ("rclone-config-create-s3", "rclone config create r2 s3 provider=Cloudflare access_key_id=«hex32» secret_access_key=«S» endpoint=https://«hex32_b».r2.cloudflarestorage.com", "«hex64»", "provider=Cloudflare"),
    ("doctl-auth-init-token", "doctl auth init --access-token «S» --context blr1-«c:prod|staging»", "dop_v1_«hex64»", "--context blr1-"),
    ("cli-api-key-and-auth-token", "e2e_cli alias add --name «c:mumbai|delhi-ncr|prod» --api-key «uuid» --auth-token «S»", "«jwt»", "alias add"),
    ("ngrok-add-authtoken", "ngrok config add-authtoken «S» && ngrok http 8000 --domain=«slug».ngrok.app", "2«an26»_«an21»", "ngrok http 8000"),
    ("curl-bot-token-in-path", "curl -s \"https://tg-relay.«slug».in/bot«S»/sendMessage?chat_id=-100«dig10»&text=deploy%20done%20«ver»\"", "«tg»", "sendMessage"),
    ("docker-run-mssql-sa-password", "docker run -e \"ACCEPT_EULA=Y\" -e \"MSSQL_SA_PASSWORD=«S»\" -p 1433:1433 --name tally-mirror -d mcr.microsoft.com/mssql/server:2022-latest", "«pw»", "tally-mirror"),
    ("wp-cli-user-pass", "wp user create «user» «email» --role=administrator --user_pass='«S»' --path=/var/www/«slug»", "«pw»", "--role=administrator"),
    ("supabase-secrets-set", "supabase secrets set RAZORPAY_WEBHOOK_SECRET=«S» --project-ref «lc20»", "«pw»", "--project-ref «lc20»"),
    ("mysqldump-p-glued", "mysqldump -h «host» -u«user» -p«S» --single-transaction --routines «db» | gzip > /backup/«db»_$(date +%F).sql.gz", "«pwr»", "--single-transaction"),
    ("curl-line-continuation-split", "curl -X POST https://«host»/v1/kyc/aadhaar/otp \\\n  -H \"x-api-key: «S»\" \\\n  -H 'Content-Type: application/json' \\\n  -d '{\"reference_id\": \"«uuid»\"}'", "~bsl:«la40»", "«host»"),
])


# ============================================================ tool-output
_add("tool-output", [
    ("env-grep-pair-output", "$ env | grep -i razor\nRAZORPAY_KEY_ID=«rzpid»\nRAZORPAY_KEY_SECRET=«S»\nRAZORPAY_WEBHOOK_URL=https://«host»/webhooks/razorpay", "«an24»", "«rzpid»"),
    ("printenv-single-value", "$ printenv PAYTM_MERCHANT_KEY\n«S»\n$ printenv PAYTM_MID\n«mid»", "«pmk»", "«mid»"),
    ("kubectl-get-secret-yaml-data", "$ kubectl get secret «app»-db -n «ns» -o yaml\napiVersion: v1\ndata:\n  DB_HOST: «b64host»\n  DB_PASSWORD: «S»\nkind: Secret\nmetadata:\n  name: «app»-db\n  namespace: «ns»\ntype: Opaque", "~b64:«pw»", "name: «app»-db"),
    ("docker-inspect-env-array", "$ docker inspect «app» --format '{{json .Config.Env}}' | jq .\n[\n  \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\",\n  \"CASHFREE_CLIENT_SECRET=«S»\",\n  \"TZ=Asia/Kolkata\",\n  \"NODE_VERSION=20.11.1\"\n]", "«cfs»", "TZ=Asia/Kolkata"),
    ("secretsmanager-get-secret-value-json", "$ aws secretsmanager get-secret-value --secret-id prod/«app»/db --region ap-south-1\n{\n    \"ARN\": \"arn:aws:secretsmanager:ap-south-1:«dig12»:secret:prod/«app»/db-«an6»\",\n    \"Name\": \"prod/«app»/db\",\n    \"VersionId\": \"«uuid»\",\n    \"SecretString\": \"{\\\"username\\\":\\\"«user»\\\",\\\"password\\\":\\\"«S»\\\",\\\"host\\\":\\\"«host»\\\"}\",\n    \"CreatedDate\": \"«ts»\"\n}", "«pwr»", "\"Name\": \"prod/«app»/db\""),
    ("iam-create-access-key-output", "$ aws iam create-access-key --user-name «user»\n{\n    \"AccessKey\": {\n        \"UserName\": \"«user»\",\n        \"AccessKeyId\": \"«akid»\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"«S»\",\n        \"CreateDate\": \"«ts»\"\n    }\n}", "«aws»", "\"Status\": \"Active\""),
    ("heroku-config-vars-listing", "$ heroku config -a «slug»-api\n=== «slug»-api Config Vars\nDATABASE_URL:       postgres://«user»:«S»@ec2-«dip».ap-south-1.compute.amazonaws.com:5432/«la14»\nNODE_ENV:           production\nWEB_CONCURRENCY:    2", "«hex64»", "=== «slug»-api Config Vars"),
    ("git-show-diff-added-secret", "$ git show HEAD~1 -- config/services.php\ncommit «hex40»\nAuthor: «name» «last» <«email»>\n\n    add ccavenue creds for go-live\n\n@@ -21,6 +21,8 @@ return [\n     'ccavenue' => [\n+        'merchant_id' => '«dig7»',\n+        'working_key' => '«S»',\n     ],", "«HEX32»", "commit «hex40»"),
    ("git-diff-dotenv-line", "$ git diff .env.example .env\n@@ -7,3 +7,3 @@\n-INSTAMOJO_PRIVATE_SALT=\n+INSTAMOJO_PRIVATE_SALT=«S»\n INSTAMOJO_ENDPOINT=https://test.«slug».in/api/1.1/", "«hex32»", "INSTAMOJO_ENDPOINT"),
    ("cat-env-production", "$ cat .env.production\nAPP_ENV=production\nAPP_URL=https://«host»\nMSG91_AUTHKEY=«S»\nMSG91_SENDER_ID=«uc6»\nMSG91_OTP_TEMPLATE=«hex24»", "«m91»", "MSG91_SENDER_ID=«uc6»"),
    ("terraform-output-json-sensitive", "$ terraform output -json\n{\n  \"rds_endpoint\": {\"sensitive\": false, \"type\": \"string\", \"value\": \"«host»\"},\n  \"rds_master_password\": {\"sensitive\": true, \"type\": \"string\", \"value\": \"«S»\"}\n}", "«pwr»", "rds_master_password"),
    ("vault-kv-get-table", "$ vault kv get secret/«ns»/setu\n======= Secret Path =======\nsecret/data/«ns»/setu\n\n====== Data ======\nKey              Value\n---              -----\nclient_id        «uuid»\nclient_secret    «S»\nproduct_inst_id  «uuid_b»", "«an32»", "secret/data/«ns»/setu"),
    ("cat-npmrc-user-file", "$ cat ~/.npmrc\n@«slug»:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«S»\nfund=false", "«ghp»", "@«slug»:registry"),
    ("cat-docker-config-auths", "$ cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"«c:registry|harbor|cr».«slug».in\": {\n\t\t\t\"auth\": \"«S»\"\n\t\t}\n\t},\n\t\"currentContext\": \"default\"\n}", "~b64:«user»:«pwr»", "«slug».in"),
    ("cat-git-credentials-store", "$ cat ~/.git-credentials\nhttps://«user»:«S»@github.com\nhttps://oauth2:$GITLAB_TOKEN@gitlab.«slug».in", "«ghp»", "https://«user»:"),
    ("cat-pgpass-line", "$ cat ~/.pgpass\n# host:port:database:username:password\n«host»:5432:«db»:«user»:«S»\nlocalhost:5432:*:postgres:*", "«pw»", "«host»:5432:«db»:«user»"),
    ("cat-my-cnf-client", "$ cat ~/.my.cnf\n[client]\nuser=«user»\npassword=\"«S»\"\nhost=«host»\n\n[mysqldump]\nsingle-transaction", "«pw»", "user=«user»"),
    ("cat-aws-credentials-profile", "$ cat ~/.aws/credentials\n[default]\nregion = ap-south-1\n\n[«c:mumbai-prod|kyc-uat|recon-ro»]\naws_access_key_id = «akid»\naws_secret_access_key = «S»", "«aws»", "[default]"),
    ("pm2-env-dump", "$ pm2 env 3\nexec_mode: fork_mode\nNODE_ENV: production\nRAZORPAY_WEBHOOK_SECRET: «S»\nPORT: 4000\nname: «app»", "«pw»", "name: «app»"),
    ("systemctl-show-environment", "$ systemctl show «app».service -p Environment\nEnvironment=DB_PASS=«S» SPRING_PROFILES_ACTIVE=prod JAVA_OPTS=-Xmx512m", "«pwr»", "SPRING_PROFILES_ACTIVE=prod"),
    ("ps-aux-command-line-leak", "$ ps aux | grep dump\nroot      «dig5»  2.1  0.4 112840 18332 ?  S  02:00   0:03 /usr/bin/mysqldump -h «host» -u«user» -p«S» --single-transaction «db»\nroot      «dig5_b»  0.0  0.0   6432   720 pts/0 S+ 02:01   0:00 grep dump", "«pw»", "--single-transaction «db»"),
    ("docker-compose-config-rendered", "$ docker compose config\nservices:\n  db:\n    environment:\n      POSTGRES_DB: «db»\n      POSTGRES_PASSWORD: «S»\n      POSTGRES_USER: «user»\n    image: postgres:16-alpine", "«pwr»", "POSTGRES_USER: «user»"),
    ("http-response-login-token", "HTTP/1.1 200 OK\ncontent-type: application/json\nx-request-id: «uuid»\n\n{\"company_id\":«dig6»,\"email\":\"«email»\",\"first_name\":\"«name»\",\"token\":\"«S»\"}", "«jwt»", "x-request-id: «uuid»"),
    ("token-grant-response-id-token", "{\"statusCode\":\"0000\",\"statusMessage\":\"Successful\",\"id_token\":\"«S»\",\"token_type\":\"Bearer\",\"expires_in\":3600}", "«jwt»", "\"statusMessage\":\"Successful\""),
    ("oauth-token-response-zoho-shape", "{\"access_token\":\"«S»\",\"api_domain\":\"https://www.«slug»apis.in\",\"token_type\":\"Bearer\",\"expires_in\":3600}", "«zrt»", "\"token_type\":\"Bearer\""),
    ("initiate-transaction-txn-token", "{\"head\":{\"responseTimestamp\":\"«dig13»\",\"version\":\"v1\"},\"body\":{\"resultInfo\":{\"resultStatus\":\"S\",\"resultCode\":\"0000\",\"resultMsg\":\"Success\"},\"txnToken\":\"«S»\",\"isPromoCodeValid\":false,\"authenticated\":false}}", "«hex32»«dig13»", "\"resultMsg\":\"Success\""),
    ("oauth-response-hex-access-token", "{\"access_token\":\"«S»\",\"expires_in\":3600,\"token_type\":\"Bearer\",\"scope\":\"files.issueddocs\",\"consent_valid_till\":«dig10»,\"name\":\"«name» «last»\"}", "«hex40»", "\"scope\":\"files.issueddocs\""),
    ("irp-auth-response-authtoken", "{\"Status\":1,\"Data\":{\"ClientId\":\"«ua14»\",\"UserName\":\"«user»\",\"AuthToken\":\"«S»\",\"Sek\":\"$SEK_REDACTED\",\"TokenExpiry\":\"«date» 18:30:00\"},\"ErrorDetails\":null,\"InfoDtls\":null}", "«an25»", "\"UserName\":\"«user»\""),
    ("cat-openssh-private-key", "$ cat ~/.ssh/deploy_«c:prod|tally|uat»\n-----BEGIN OPENSSH PRIVATE KEY-----\n«S»\n-----END OPENSSH PRIVATE KEY-----", "«pemssh»", "-----END OPENSSH PRIVATE KEY-----"),
    ("jq-service-account-private-key", "$ jq -r '.private_key' «slug»-prod-«hex12».json\n-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----", "«pempk8»", "-----BEGIN PRIVATE KEY-----"),
    ("jq-nested-secret-object", "$ jq .razorpay config/secrets.json\n{\n  \"key_id\": \"«rzpid»\",\n  \"key_secret\": \"«S»\",\n  \"account\": \"«co»\"\n}", "«an24»", "«rzpid»"),
    ("python-repl-environ-lookup", ">>> import os\n>>> os.environ[\"EXOTEL_API_TOKEN\"]\n'«S»'\n>>> os.environ[\"EXOTEL_SID\"]\n'«exsid»'", "«hex40»", "'«exsid»'"),
    ("rails-console-credentials-dig", "irb(main):001:0> Rails.application.credentials.dig(:payu, :salt)\n=> \"«S»\"\nirb(main):002:0> Rails.application.credentials.dig(:payu, :key)\n=> \"«an6»\"", "«an32»", "=> \"«an6»\""),
    ("django-shell-settings-databases", ">>> from django.conf import settings\n>>> settings.DATABASES['default']['PASSWORD']\n'«S»'\n>>> settings.DATABASES['default']['HOST']\n'«host»'", "«pw»", "'«host»'"),
    ("tinker-config-working-key", "> config('services.ccavenue')\n= [\n    \"merchant_id\" => \"«dig7»\",\n    \"access_code\" => \"AV«ua16»\",\n    \"working_key\" => \"«S»\",\n  ]", "«HEX32»", "\"merchant_id\" => \"«dig7»\""),
    ("mysql-select-table-with-secret", "mysql> select id, gateway, key_id, key_secret from gateway_credentials where active=1;\n+----+----------+-------------------------+--------------------------+\n| id | gateway  | key_id                  | key_secret               |\n+----+----------+-------------------------+--------------------------+\n|  «dig1» | razorpay | «rzpid» | «S» |\n+----+----------+-------------------------+--------------------------+\n1 row in set (0.01 sec)", "«an24»", "«rzpid»"),
    ("redis-get-config-key", "«ip»:6379> GET cfg:sms:«c:gupshup|kaleyra|textlocal»:password\n\"«S»\"\n«ip»:6379> TTL cfg:sms:password\n(integer) -1", "«pwr»", "(integer) -1"),
    ("curl-verbose-token-header", "> GET /api/v1/packages/json/?waybill=«awb» HTTP/2\n> Host: «host»\n> user-agent: curl/8.5.0\n> accept: */*\n> authorization: Token «S»\n>\n< HTTP/2 200", "«hex40»", "Host: «host»"),
    ("curl-verbose-basic-header", "* Connected to «host» («ip») port 443\n> POST /v1/payouts HTTP/1.1\n> Host: «host»\n> Authorization: Basic «S»\n> Content-Type: application/json", "~b64:«rzpid»:«an24»", "Host: «host»"),
    ("smtp-session-auth-plain", "S: 220 smtp.«slug».in ESMTP ready\nC: EHLO build-runner\nS: 250-AUTH LOGIN PLAIN\nC: AUTH PLAIN «S»\nS: 235 2.7.0 Authentication successful", "~b64:\x00«email»\x00«pw»", "235 2.7.0 Authentication successful"),
    ("ftp-verbose-user-pass", "Connected to «host».\n220 (vsFTPd 3.0.5)\n---> USER «user»\n331 Please specify the password.\n---> PASS «S»\n230 Login successful.", "«pw»", "---> USER «user»"),
    ("ansible-vvv-module-args", "ok: [«host»] => {\n    \"changed\": false,\n    \"invocation\": {\n        \"module_args\": {\n            \"login_host\": \"localhost\",\n            \"login_password\": \"«S»\",\n            \"login_user\": \"«user»\",\n            \"name\": \"«db»\"\n        }\n    }\n}", "«pwr»", "ok: [«host»]"),
    ("pip-config-list-index-url", "$ pip config list\nglobal.index-url='https://«user»:«S»@nexus.«slug».in/repository/pypi-group/simple'\nglobal.timeout='60'", "«pwh»", "global.timeout='60'"),
    ("git-config-list-remote-url", "$ git config --list --show-origin | grep url\nfile:.git/config        remote.origin.url=https://x-access-token:«S»@github.com/«slug»/«repo».git", "ghs_«an36»", "remote.origin.url"),
    ("docker-build-step-echo", "#7 [4/9] RUN npm config set //npm.pkg.github.com/:_authToken=«S» && npm ci --omit=dev\n#7 2.113 npm warn config production Use `--omit=dev` instead.\n#7 DONE 41.8s", "«ghp»", "#7 DONE 41.8s"),
    ("kubectl-exec-env-grep", "$ kubectl exec -n «ns» deploy/«app» -- env | grep -E 'GUPSHUP|HYPERVERGE'\nGUPSHUP_API_KEY=«S»\nGUPSHUP_APP_NAME=«slug»\nHYPERVERGE_APP_ID=«lc6»", "«la32»", "GUPSHUP_APP_NAME=«slug»"),
    ("az-storage-keys-list", "$ az storage account keys list -g rg-«slug»-cin -n «lc8»st -o json\n[\n  {\n    \"creationTime\": \"«ts»\",\n    \"keyName\": \"key1\",\n    \"permissions\": \"FULL\",\n    \"value\": \"«S»\"\n  }\n]", "«bs64»", "\"keyName\": \"key1\""),
    ("az-ad-sp-create-for-rbac", "$ az ad sp create-for-rbac --name «slug»-gh-deploy --role contributor --scopes /subscriptions/«uuid»/resourceGroups/rg-«slug»-cin\n{\n  \"appId\": \"«uuid_b»\",\n  \"displayName\": \"«slug»-gh-deploy\",\n  \"password\": \"«S»\",\n  \"tenant\": \"«uuid_c»\"\n}", "«azs»", "\"displayName\": \"«slug»-gh-deploy\""),
    ("firebase-config-get-json", "$ firebase functions:config:get\n{\n  \"razorpay\": {\n    \"key_id\": \"«rzpid»\",\n    \"key_secret\": \"«S»\"\n  },\n  \"app\": {\"env\": \"prod\"}\n}", "«an24»", "«rzpid»"),
    ("vercel-env-pull-cat", "$ vercel env pull .env.local\n> Downloading `development` Environment Variables for «slug»/web\n$ cat .env.local\nNEXT_PUBLIC_RAZORPAY_KEY_ID=\"«rzpid»\"\nNEXTAUTH_SECRET=\"«S»\"", "«bs32»", "NEXT_PUBLIC_RAZORPAY_KEY_ID=\"«rzpid»\""),
    ("cat-netrc-machine", "$ cat ~/.netrc\nmachine «host»\n  login «user»\n  password «S»", "«pwr»", "machine «host»"),
    ("script-console-credentials-dump", "Result: [«c:tally-rdp|shiprocket-api|zoho-smtp»:«user»:«S», github-app:(ssh key)]", "«pw»", "github-app:(ssh key)"),
    ("sql-dump-insert-row", "$ zcat backup.sql.gz | grep -m1 'INSERT INTO `merchant_api`'\nINSERT INTO `merchant_api` VALUES (7,'«slug»','«rzpid»','«S»','«date» 11:04:52');", "«an24»", "«rzpid»"),
    ("sqlite-settings-row", "sqlite> select key, value from settings where key like '%token%';\nwhatsapp_token|«S»\nwhatsapp_phone_number_id|«dig15»", "«eaa»", "whatsapp_phone_number_id|«dig15»"),
    ("artisan-config-show-dotted", "$ php artisan config:show mail\n  mailers.smtp.host ........................ smtp.«slug».in\n  mailers.smtp.username .................... «email»\n  mailers.smtp.password .................... «S»\n  mailers.smtp.port ........................ 587", "«la12»", "mailers.smtp.username"),
    ("dotnet-user-secrets-list", "$ dotnet user-secrets list\nConnectionStrings:Default = Server=«host»;Database=«db»;User Id=«user»;Password=«S»;TrustServerCertificate=True\nRazorpay:KeyId = «rzpid»", "«pwr»", "User Id=«user»"),
    ("actuator-env-unmasked-json", "$ curl -s localhost:8081/actuator/env/spring.datasource.password | jq .property\n{\n  \"source\": \"Config resource 'class path resource [application-prod.yml]' via location 'optional:classpath:/'\",\n  \"value\": \"«S»\"\n}", "«pw»", "application-prod.yml"),
    ("grep-wp-config-define", "$ grep DB_ wp-config.php\ndefine( 'DB_NAME', '«db»' );\ndefine( 'DB_USER', '«user»' );\ndefine( 'DB_PASSWORD', '«S»' );\ndefine( 'DB_HOST', 'localhost' );", "«pw»", "define( 'DB_USER', '«user»' );"),
    ("nmcli-show-wifi-psk", "$ nmcli -s -g 802-11-wireless-security.psk connection show \"«ssid»\"\n«S»", "«pw»", "«ssid»"),
    ("netsh-wlan-key-clear", "PS C:\\> netsh wlan show profile name=\"«ssid»\" key=clear\n...\nSecurity settings\n-----------------\n    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n    Security key           : Present\n    Key Content            : «S»", "«pw»", "WPA2-Personal"),
    ("findstr-web-config-connstring", "C:\\inetpub\\wwwroot\\«slug»> type web.config | findstr connectionString\n    <add name=\"TallyDb\" connectionString=\"Data Source=«host»;Initial Catalog=«db»;User ID=«user»;Password=«S»\" providerName=\"System.Data.SqlClient\" />", "«pw»", "name=\"TallyDb\""),
    ("grep-recursive-source-hit", "$ grep -rn \"authKey\" src/\nsrc/config/sms.js:4:  authKey: '«S»',\nsrc/services/otp.js:12:const { authKey } = require('../config/sms');", "«m91»", "src/services/otp.js:12"),
    ("secret-scanner-finding-echo", "Found verified result 🐷🔑\nDetector Type: Razorpay\nDecoder Type: PLAIN\nRaw result: «S»\nFile: services/payment/.env.bak\nLine: 4\nCommit: «hex40»", "«an24»", "services/payment/.env.bak"),
    ("git-log-p-uuid-salt", "$ git log -p -S PHONEPE_SALT --oneline\n«hex7» wip phonepe integration\ndiff --git a/.env b/.env\n+PHONEPE_MERCHANT_ID=«uc6»«dig6»\n+PHONEPE_SALT_KEY=«S»\n+PHONEPE_SALT_INDEX=1", "«uuid»", "«hex7» wip phonepe integration"),
    ("cat-ec-private-key", "$ cat certs/einvoice-signer.key\n-----BEGIN EC PRIVATE KEY-----\n«S»\n-----END EC PRIVATE KEY-----", "«pemec»", "certs/einvoice-signer.key"),
    ("kubectl-get-secret-jsonpath-decoded", "$ kubectl get secret kyc-secrets -n «ns» -o jsonpath='{.data.SIGNZY_API_KEY}' | base64 -d\n«S»", "«an32»", "kyc-secrets"),
    ("aws-ssm-get-parameter-decrypted", "$ aws ssm get-parameter --name /«app»/prod/DELHIVERY_TOKEN --with-decryption --query Parameter.Value --output text\n«S»", "«hex40»", "/«app»/prod/DELHIVERY_TOKEN"),
    ("gcloud-secrets-access-latest", "$ gcloud secrets versions access latest --secret=zeptomail-token --project=«slug»-prod\nZoho-enczapikey «S»", "«bs96»", "--secret=zeptomail-token"),
    ("history-command-listing", "$ history | tail -4\n  503  cd ~/work/«repo»\n  504  export E2E_AUTH_TOKEN=«S»\n  505  ./scripts/provision.sh mumbai\n  506  history | tail -4", "«jwt»", "./scripts/provision.sh mumbai"),
    ("doppler-secrets-table", "$ doppler secrets --only-names=false\n┌──────────────────────┬──────────────────────────────────────────┐\n│ NAME                 │ VALUE                                    │\n├──────────────────────┼──────────────────────────────────────────┤\n│ KALEYRA_API_KEY      │ «S» │\n│ KALEYRA_SID          │ HX«dig10»                              │\n└──────────────────────┴──────────────────────────────────────────┘", "A«hex32»", "KALEYRA_SID"),
    ("wrapped-terminal-token-output", "$ ./bin/issue-token --merchant «slug» --scope payouts\nissued token (valid 30d):\n«S»\nstore it now, it will not be shown again", "~nl:sk_live_51«an60»", "--merchant «slug»"),
])


# ============================================================ config-file
_add("config-file", [
    ("dotenv-key-id-secret-pair", "# Razorpay (live) - rotate every quarter\nRAZORPAY_KEY_ID=«rzpid»\nRAZORPAY_KEY_SECRET=«S»\nRAZORPAY_ACCOUNT_NUMBER=«dig16»", "«an24»", "«rzpid»"),
    ("dotenv-double-quoted-with-comment", "# Paytm staging creds (from «name»)\nPAYTM_MID=«mid»\nPAYTM_MERCHANT_KEY=\"«S»\"\nPAYTM_WEBSITE=WEBSTAGING\nPAYTM_INDUSTRY_TYPE=Retail", "«pmk»", "PAYTM_MID=«mid»"),
    ("spring-application-yml-datasource", "spring:\n  datasource:\n    url: jdbc:mysql://«host»:3306/«db»?useSSL=true&serverTimezone=Asia/Kolkata\n    username: «user»\n    password: «S»\n  jpa:\n    hibernate:\n      ddl-auto: validate", "«pw»", "username: «user»"),
    ("spring-properties-mail-password", "spring.mail.host=smtp.«slug».in\nspring.mail.port=587\nspring.mail.username=«email»\nspring.mail.password=«S»\nspring.mail.properties.mail.smtp.starttls.enable=true", "«la12»", "spring.mail.username=«email»"),
    ("toml-table-secret-key", "[payments.cashfree]\napp_id = \"«dig6»«hex26»\"\nsecret_key = \"«S»\"\nenv = \"PROD\"\nreturn_url = \"https://«host»/pg/return?order_id={order_id}\"", "«cfs»", "app_id = \"«dig6»«hex26»\""),
    ("ini-section-api-token", "[tally]\nhost = «ip»\nport = 9000\ncompany = «co»\n\n[sync]\ninterval_minutes = 15\napi_token = «S»\nendpoint = https://«host»/tally/push", "«la40»", "company = «co»"),
    ("xml-appsettings-add-key-value", "<appSettings>\n  <add key=\"CCAvenueMerchantId\" value=\"«dig7»\" />\n  <add key=\"CCAvenueWorkingKey\" value=\"«S»\" />\n  <add key=\"CCAvenueRedirectUrl\" value=\"https://«host»/ccavResponseHandler.aspx\" />\n</appSettings>", "«HEX32»", "CCAvenueMerchantId"),
    ("compose-environment-map", "services:\n  mysql:\n    image: mysql:8.0\n    environment:\n      MYSQL_DATABASE: «db»\n      MYSQL_ROOT_PASSWORD: «S»\n    volumes:\n      - ./data/mysql:/var/lib/mysql", "«pw»", "MYSQL_DATABASE: «db»"),
    ("k8s-secret-stringdata", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: sms-providers\n  namespace: «ns»\ntype: Opaque\nstringData:\n  KALEYRA_API_KEY: \"«S»\"\n  KALEYRA_SENDER: «uc6»", "A«hex32»", "name: sms-providers"),
    ("k8s-secret-data-base64", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: «app»-postgres\ndata:\n  username: «b64user»\n  password: «S»", "~b64:«pwr»", "name: «app»-postgres"),
    ("helm-values-nested-keys", "razorpay:\n  keyId: «rzpid»\n  keySecret: «S»\n  webhookSecret: \"\"   # set via --set in CI\nreplicaCount: 2", "«an24»", "«rzpid»"),
    ("nginx-proxy-set-header-basic", "location /erp/ {\n    proxy_pass http://«ip»:8069/;\n    proxy_set_header Authorization \"Basic «S»\";\n    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n}", "~b64:«user»:«pw»", "proxy_pass http://«ip»:8069/;"),
    ("php-config-array-nested", "<?php\nreturn [\n    'bkash' => [\n        'sandbox'    => false,\n        'username'   => '«user»',\n        'password'   => '«S»',\n        'base_url'   => 'https://«host»/v1.2.0-beta',\n    ],\n];", "«pw»", "'username'   => '«user»'"),
    ("laravel-dotenv-db-block", "DB_CONNECTION=mysql\nDB_HOST=«host»\nDB_PORT=3306\nDB_DATABASE=«db»\nDB_USERNAME=«user»\nDB_PASSWORD=«S»", "«pwr»", "DB_HOST=«host»"),
    ("wp-config-auth-salt", "define( 'AUTH_KEY',         '«S»' );\ndefine( 'SECURE_AUTH_KEY',  'put your unique phrase here' );\ndefine( 'WP_DEBUG', false );", "«wp64»", "put your unique phrase here"),
    ("npmrc-scoped-registry-token", "@«slug»:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«S»\nalways-auth=true", "«ghp»", "@«slug»:registry"),
    ("pip-conf-index-url", "[global]\nindex-url = https://«user»:«S»@«host»/repository/pypi/simple\ntrusted-host = «host»\ntimeout = 60", "«pwh»", "trusted-host = «host»"),
    ("maven-settings-server-password", "<servers>\n  <server>\n    <id>«slug»-releases</id>\n    <username>«user»</username>\n    <password>«S»</password>\n  </server>\n</servers>", "«pwr»", "<id>«slug»-releases</id>"),
    ("gradle-properties-signing", "RELEASE_STORE_FILE=../keystore/upload.jks\nRELEASE_STORE_PASSWORD=«S»\nRELEASE_KEY_ALIAS=upload\nRELEASE_KEY_PASSWORD=«S»\norg.gradle.jvmargs=-Xmx2048m", "«pw»", "RELEASE_KEY_ALIAS=upload"),
    ("android-local-properties-api-key", "sdk.dir=/Users/«name»/Library/Android/sdk\nMAPS_API_KEY=«S»\nRAZORPAY_KEY_ID=«rzpid»", "«goog»", "«rzpid»"),
    ("odbc-ini-pwd", "[TallyODBC_9000]\nDriver=Tally ODBC Driver64\nServer=localhost\nPort=9000\n\n[MirrorDB]\nDriver=ODBC Driver 18 for SQL Server\nServer=«host»\nUID=«user»\nPWD=«S»", "«pw»", "UID=«user»"),
    ("hibernate-cfg-xml-property", "<property name=\"hibernate.connection.url\">jdbc:postgresql://«host»:5432/«db»</property>\n<property name=\"hibernate.connection.username\">«user»</property>\n<property name=\"hibernate.connection.password\">«S»</property>", "«pwr»", "hibernate.connection.username"),
    ("appsettings-json-connection-string", "{\n  \"ConnectionStrings\": {\n    \"DefaultConnection\": \"Server=«host»;Database=«db»;User Id=«user»;Password=«S»;TrustServerCertificate=True\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } }\n}", "«pw»", "Database=«db»"),
    ("appsettings-json-vendor-section", "\"Gupshup\": {\n    \"ApiKey\": \"«S»\",\n    \"AppName\": \"«slug»\",\n    \"SourceNumber\": \"91«phone»\"\n  },", "«la32»", "\"AppName\": \"«slug»\""),
    ("serverless-yml-environment", "provider:\n  name: aws\n  runtime: nodejs20.x\n  region: ap-south-1\n  environment:\n    SHIPROCKET_EMAIL: «email»\n    SHIPROCKET_PASSWORD: «S»", "«pw»", "SHIPROCKET_EMAIL: «email»"),
    ("supervisor-program-environment", "[program:tally-sync]\ncommand=/opt/tally-sync/bin/run --company \"«co»\"\nenvironment=TALLY_SYNC_TOKEN=\"«S»\",TZ=\"Asia/Kolkata\"\nautorestart=true", "«an40»", "[program:tally-sync]"),
    ("systemd-unit-environment-line", "[Unit]\nDescription=«app» worker\n\n[Service]\nUser=«c:www-data|app|deploy»\nEnvironment=\"DELHIVERY_TOKEN=«S»\"\nExecStart=/usr/bin/node /srv/«app»/worker.js", "«hex40»", "Description=«app» worker"),
    ("crontab-pgpassword-backup", "# m h dom mon dow command\n30 1 * * * PGPASSWORD=«S» pg_dump -h «host» -U «user» «db» | gzip > /backups/«db»_$(date +\\%F).sql.gz", "«pw»", "pg_dump -h «host»"),
    ("logstash-output-es-password", "output {\n  elasticsearch {\n    hosts => [\"https://«host»:9200\"]\n    user => \"«user»\"\n    password => \"«S»\"\n    index => \"upi-callbacks-%{+YYYY.MM.dd}\"\n  }\n}", "«pwr»", "upi-callbacks-%{+YYYY.MM.dd}"),
    ("filebeat-es-api-key-id-colon", "output.elasticsearch:\n  hosts: [\"https://«host»:9243\"]\n  api_key: \"«ax20»:«S»\"", "«ax22»", "«ax20»"),
    ("prometheus-scrape-basic-auth", "scrape_configs:\n  - job_name: «app»\n    scheme: https\n    basic_auth:\n      username: «user»\n      password: «S»\n    static_configs:\n      - targets: ['«host»:9100']", "«pw»", "job_name: «app»"),
    ("grafana-ini-admin-password", "[security]\nadmin_user = admin\nadmin_password = «S»\ncookie_secure = true", "«pw»", "admin_user = admin"),
    ("redis-conf-requirepass", "bind 0.0.0.0\nprotected-mode yes\nport 6379\nrequirepass «S»\nmaxmemory 512mb", "«an40»", "maxmemory 512mb"),
    ("pgbouncer-userlist-plain", "\"«user»\" \"«S»\"\n\"pgbouncer_admin\" \"md5«hex32»\"", "«pwr»", "\"«user»\""),
    ("rabbitmq-conf-default-pass", "listeners.tcp.default = 5672\ndefault_vhost = /«slug»\ndefault_user = «user»\ndefault_pass = «S»", "«pw»", "default_user = «user»"),
    ("kafka-client-properties-scram", "bootstrap.servers=«host»:9096\nsecurity.protocol=SASL_SSL\nsasl.mechanism=SCRAM-SHA-512\nsasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username=\"«user»\" password=\"«S»\";", "«pwr»", "SCRAM-SHA-512"),
    ("wrangler-toml-vars-misuse", "name = \"«slug»-webhooks\"\ncompatibility_date = \"«date»\"\n\n[vars]\nRAZORPAY_WEBHOOK_SECRET = \"«S»\"\nENVIRONMENT = \"production\"", "«pw»", "ENVIRONMENT = \"production\""),
    ("msmtprc-account-password", "defaults\ntls on\naccount zoho\nhost smtp.«slug».in\nport 587\nauth on\nuser «email»\npassword «S»\naccount default : zoho", "«la12»", "user «email»"),
    ("pypirc-token-password", "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = «S»", "pypi-AgEIcHlwaS5vcmc«bu80»", "username = __token__"),
    ("rclone-conf-oauth-client-secret", "[gdrive-backup]\ntype = drive\nclient_id = «dig12»-«la32».apps.googleusercontent.com\nclient_secret = «S»\nscope = drive.file", "GOCSPX-«ax28»", "scope = drive.file"),
    ("s3cfg-secret-key", "[default]\naccess_key = «akid»\nsecret_key = «S»\nhost_base = s3.ap-south-1.amazonaws.com\nbucket_location = ap-south-1", "«aws»", "host_base = s3.ap-south-1.amazonaws.com"),
    ("minio-mc-config-alias", "{\n  \"version\": \"10\",\n  \"aliases\": {\n    \"«c:kyc|minio|archive»\": {\n      \"url\": \"https://«host»\",\n      \"accessKey\": \"«ua20»\",\n      \"secretKey\": \"«S»\",\n      \"api\": \"s3v4\"\n    }\n  }\n}", "«an40»", "\"url\": \"https://«host»\""),
    ("ansible-inventory-winrm-password", "[tally_windows]\n«ip» ansible_user=«user» ansible_password=«S» ansible_connection=winrm ansible_winrm_transport=ntlm", "«pw»", "[tally_windows]"),
    ("ansible-group-vars-plain", "# group_vars/db.yml  (not vaulted yet!)\nmysql_root_password: «S»\nmysql_bind_address: 0.0.0.0\nmysql_databases:\n  - name: «db»", "«pwr»", "mysql_bind_address: 0.0.0.0"),
    ("terraform-tfvars-password", "region        = \"ap-south-1\"\ninstance_type = \"t3.medium\"\ndb_username   = \"«user»\"\ndb_password   = \"«S»\"", "«pwr»", "db_username   = \"«user»\""),
    ("kubeconfig-user-token", "users:\n- name: «slug»-admin\n  user:\n    token: «S»\ncontexts:\n- context:\n    cluster: «slug»-blr1\n    user: «slug»-admin\n  name: «slug»-blr1", "«jwt»", "cluster: «slug»-blr1"),
    ("kubeconfig-client-key-data", "users:\n- name: kubernetes-admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSU«bc120»\n    client-key-data: «S»", "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFcEFJQkFBS0NBUUVB«bc1200»", "client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSU«bc120»"),
    ("rails-database-yml-password", "production:\n  adapter: postgresql\n  encoding: unicode\n  host: «host»\n  database: «db»\n  username: «user»\n  password: «S»\n  pool: 10", "«pw»", "database: «db»"),
    ("rails-secrets-yml-key-base", "production:\n  secret_key_base: «S»\n  payu_merchant_key: «an6»", "«hex128»", "payu_merchant_key: «an6»"),
    ("django-settings-secret-key", "DEBUG = False\nALLOWED_HOSTS = [\"«host»\"]\nSECRET_KEY = '«S»'\nTIME_ZONE = 'Asia/Kolkata'", "«wp50»", "TIME_ZONE = 'Asia/Kolkata'"),
    ("dart-define-json-file", "{\n  \"API_BASE\": \"https://«host»\",\n  \"PHONEPE_MERCHANT_ID\": \"«uc6»«dig8»\",\n  \"PHONEPE_SALT_KEY\": \"«S»\",\n  \"PHONEPE_SALT_INDEX\": \"1\"\n}", "«uuid»", "\"PHONEPE_SALT_INDEX\": \"1\""),
    ("ini-telegram-bot-token", "[telegram]\ntoken = «S»\nalert_chat_id = -100«dig10»\n\n[general]\ntimezone = Asia/Kathmandu", "«tg»", "alert_chat_id = -100«dig10»"),
    ("vscode-sqltools-connection", "\"sqltools.connections\": [\n    {\n      \"name\": \"«db» (prod RO)\",\n      \"driver\": \"PostgreSQL\",\n      \"server\": \"«host»\",\n      \"port\": 5432,\n      \"username\": \"«user»\",\n      \"password\": \"«S»\"\n    }\n  ]", "«pw»", "\"server\": \"«host»\""),
    ("filezilla-sitemanager-base64-pass", "<Server>\n  <Host>«host»</Host>\n  <Port>22</Port>\n  <Protocol>1</Protocol>\n  <User>«user»</User>\n  <Pass encoding=\"base64\">«S»</Pass>\n  <Name>GST upload SFTP</Name>\n</Server>", "~b64:«pw»", "<Host>«host»</Host>"),
    ("tomcat-users-xml-password", "<tomcat-users>\n  <role rolename=\"manager-gui\"/>\n  <user username=\"«user»\" password=\"«S»\" roles=\"manager-gui,manager-script\"/>\n</tomcat-users>", "«pw»", "username=\"«user»\""),
    ("context-xml-jndi-resource", "<Resource name=\"jdbc/«db»\" auth=\"Container\" type=\"javax.sql.DataSource\"\n          driverClassName=\"oracle.jdbc.OracleDriver\"\n          url=\"jdbc:oracle:thin:@«host»:1521/ORCLPDB1\"\n          username=\"«user»\" password=\"«S»\" maxTotal=\"20\"/>", "«pwr»", "jdbc:oracle:thin:@«host»:1521/ORCLPDB1"),
    ("doctrine-yaml-dsn-url", "doctrine:\n    dbal:\n        url: 'mysql://«user»:«S»@«host»:3306/«db»?serverVersion=8.0&charset=utf8mb4'", "«pwh»", "serverVersion=8.0"),
    ("prisma-env-database-url", "# Prisma\nDATABASE_URL=\"postgresql://«user»:«S»@«host»:5432/«db»?schema=public&sslmode=require\"\nSHADOW_DATABASE_URL=\"\"", "«pwu»", "schema=public"),
    ("sequelize-config-json-env", "{\n  \"production\": {\n    \"username\": \"«user»\",\n    \"password\": \"«S»\",\n    \"database\": \"«db»\",\n    \"host\": \"«host»\",\n    \"dialect\": \"mysql\",\n    \"timezone\": \"+05:30\"\n  }\n}", "«pw»", "\"timezone\": \"+05:30\""),
    ("openvpn-auth-txt-two-lines", "# /etc/openvpn/client/auth.txt\n«user»\n«S»", "«pw»", "/etc/openvpn/client/auth.txt"),
    ("wpa-supplicant-psk", "network={\n    ssid=\"«ssid»\"\n    psk=\"«S»\"\n    key_mgmt=WPA-PSK\n}", "«pw»", "ssid=\"«ssid»\""),
    ("connector-json-sync-key", "{\n  \"tallyUrl\": \"http://localhost:9000\",\n  \"company\": \"«co»\",\n  \"cloudSyncKey\": \"«S»\",\n  \"pushIntervalSec\": 300\n}", "tsk_«la32»", "\"company\": \"«co»\""),
    ("yaml-oauth-client-refresh-token", "zoho:\n  dc: in\n  organization_id: \"«dig9»\"\n  client_id: \"«zcid»\"\n  client_secret: $ZOHO_CLIENT_SECRET\n  refresh_token: \"«S»\"", "«zrt»", "«zcid»"),
    ("json-gsp-credentials-block", "\"gsp\": {\n  \"gstin\": \"«gstin»\",\n  \"client_id\": \"«ua16»\",\n  \"client_secret\": \"«S»\",\n  \"username\": \"«user»\",\n  \"einv_base_url\": \"https://«host»/eivital/v1.04\"\n}", "«an32»", "\"gstin\": \"«gstin»\""),
    ("xml-attribute-licence-key", "<authConfig>\n  <aua code=\"«ua10»\" subAua=\"«ua10_b»\" version=\"2.5\"\n       licenseKey=\"«S»\"\n       asaUrl=\"https://«host»/auth/2.5\"/>\n</authConfig>", "M«bu46»", "code=\"«ua10»\""),
    ("docker-env-file-mixed", "# .env.docker - used by docker compose --env-file\nCOMPOSE_PROJECT_NAME=«slug»\nJAZZCASH_MERCHANT_ID=MC«dig5»\nJAZZCASH_PASSWORD=«S»\nJAZZCASH_RETURN_URL=https://«host»/jc/return", "«la10»", "JAZZCASH_MERCHANT_ID=MC«dig5»"),
    ("yaml-folded-long-token", "whatsapp:\n  phone_number_id: \"«dig15»\"\n  access_token: >-\n    «S»", "~nli:«eaa»", "phone_number_id: \"«dig15»\""),
    ("env-export-prefixed-lines", "export DIGILOCKER_CLIENT_ID=«ua10»\nexport DIGILOCKER_CLIENT_SECRET=«S»\nexport DIGILOCKER_REDIRECT_URI=https://«host»/digilocker/callback", "«hex40»", "DIGILOCKER_CLIENT_ID=«ua10»"),
    ("properties-colon-separator", "payhere.merchant.id: «dig7»\npayhere.merchant.secret: «S»\npayhere.mode: live", "«bs39»", "payhere.merchant.id: «dig7»"),
])


# ============================================================ source-code
_add("source-code", [
    ("python-client-auth-tuple", "import razorpay\n\nclient = razorpay.Client(auth=(\"«rzpid»\", \"«S»\"))\nclient.set_app_details({\"title\": \"«slug»\", \"version\": \"«ver»\"})", "«an24»", "«rzpid»"),
    ("js-constructor-options-object", "const Razorpay = require('razorpay');\n\nconst instance = new Razorpay({\n  key_id: '«rzpid»',\n  key_secret: '«S»',\n});", "«an24»", "«rzpid»"),
    ("php-positional-constructor", "use Razorpay\\Api\\Api;\n\n$api = new Api('«rzpid»', '«S»');\n$order = $api->order->create(['receipt' => 'rcpt_«dig6»', 'amount' => 50000, 'currency' => 'INR']);", "«an24»", "«rzpid»"),
    ("java-positional-constructor", "RazorpayClient razorpay = new RazorpayClient(\"«rzpid»\", \"«S»\");\nJSONObject orderRequest = new JSONObject();\norderRequest.put(\"amount\", 50000);", "«an24»", "«rzpid»"),
    ("go-positional-client-constructor", "client := razorpay.NewClient(\"«rzpid»\", \"«S»\")\nbody, err := client.Order.Create(data, nil)", "«an24»", "«rzpid»"),
    ("python-checksum-call-literal-key", "paytm_params[\"body\"] = body\nchecksum = PaytmChecksum.generateSignature(json.dumps(paytm_params[\"body\"]), \"«S»\")\npaytm_params[\"head\"] = {\"signature\": checksum}", "«pmk»", "paytm_params[\"head\"]"),
    ("java-checksum-call-literal-key", "String checksum = PaytmChecksum.generateSignature(body.toString(), \"«S»\");\nhead.put(\"signature\", checksum);\nhead.put(\"mid\", \"«mid»\");", "«pmk»", "\"«mid»\""),
    ("kotlin-const-val", "object PayUConfig {\n    const val MERCHANT_KEY = \"«an6»\"\n    const val MERCHANT_SALT = \"«S»\"\n    const val SURL = \"https://«host»/payu/success\"\n}", "«an32»", "MERCHANT_KEY = \"«an6»\""),
    ("swift-let-constant", "enum Secrets {\n    static let kaleyraSID = \"HX«dig10»\"\n    static let kaleyraApiKey = \"«S»\"\n}", "A«hex32»", "HX«dig10»"),
    ("dart-static-const", "class Env {\n  static const String apiBase = 'https://«host»';\n  static const String msg91AuthKey = '«S»';\n}", "«m91»", "https://«host»"),
    ("csharp-network-credential", "var smtp = new SmtpClient(\"smtp.«slug».in\", 587)\n{\n    Credentials = new NetworkCredential(\"«email»\", \"«S»\"),\n    EnableSsl = true\n};", "«la12»", "\"«email»\""),
    ("python-smtplib-login-positional", "with smtplib.SMTP_SSL(\"smtp.«slug».in\", 465) as server:\n    server.login(\"«email»\", \"«S»\")\n    server.send_message(msg)", "«pw»", "\"«email»\""),
    ("js-nodemailer-auth", "const transporter = nodemailer.createTransport({\n  host: 'smtp.«slug».in',\n  port: 465,\n  secure: true,\n  auth: { user: '«email»', pass: '«S»' },\n});", "«la12»", "user: '«email»'"),
    ("python-requests-auth-tuple", "resp = requests.post(\n    f\"https://api.«slug».in/v1/Accounts/{SID}/Calls/connect\",\n    auth=(\"«hex32»\", \"«S»\"),\n    data={\"From\": agent, \"To\": customer, \"CallerId\": \"080«dig8»\"},\n)", "«hex40»", "Calls/connect"),
    ("python-headers-dict-token", "HEADERS = {\n    \"Authorization\": \"Token «S»\",\n    \"Content-Type\": \"application/json\",\n    \"Accept\": \"application/json\",\n}", "«hex40»", "\"Accept\": \"application/json\""),
    ("js-fetch-headers-literal", "const res = await fetch(`${BASE}/pg/orders`, {\n  method: 'POST',\n  headers: {\n    'x-client-id': process.env.CASHFREE_APP_ID,\n    'x-client-secret': '«S»',\n    'x-api-version': '2023-08-01',\n  },\n  body: JSON.stringify(order),\n});", "«cfs»", "process.env.CASHFREE_APP_ID"),
    ("python-mysql-connector-kwargs", "conn = mysql.connector.connect(\n    host=\"«host»\",\n    user=\"«user»\",\n    password=\"«S»\",\n    database=\"«db»\",\n)", "«pw»", "user=\"«user»\""),
    ("python-libpq-keyvalue-dsn", "conn = psycopg2.connect(\"dbname=«db» user=«user» password=«S» host=«host» port=5432 sslmode=require\")", "«pwr»", "user=«user»"),
    ("python-sqlalchemy-url", "engine = create_engine(\n    \"mysql+pymysql://«user»:«S»@«host»:3306/«db»?charset=utf8mb4\",\n    pool_pre_ping=True,\n)", "«pwh»", "pool_pre_ping=True"),
    ("java-drivermanager-positional", "Connection con = DriverManager.getConnection(\n    \"jdbc:mysql://«host»:3306/«db»\", \"«user»\", \"«S»\");", "«pw»", "\"«user»\""),
    ("go-sql-open-dsn", "db, err := sql.Open(\"postgres\", \"postgres://«user»:«S»@«host»:5432/«db»?sslmode=disable\")\nif err != nil {\n\tlog.Fatal(err)\n}", "«pwu»", "log.Fatal(err)"),
    ("csharp-const-connection-string", "private const string ConnStr = \"Data Source=«host»;Initial Catalog=«db»;User ID=«user»;Password=«S»;Encrypt=False\";", "«pw»", "Initial Catalog=«db»"),
    ("js-mongoose-connect-uri", "await mongoose.connect('mongodb+srv://«user»:«S»@«slug».«la5».mongodb.net/«db»?retryWrites=true');", "«pwu»", "retryWrites=true"),
    ("php-pdo-positional", "$pdo = new PDO(\"mysql:host=«host»;dbname=«db»;charset=utf8mb4\", \"«user»\", \"«S»\", [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);", "«pw»", "dbname=«db»"),
    ("ruby-setup-positional", "require 'razorpay'\nRazorpay.setup('«rzpid»', '«S»')\nRazorpay.headers = { 'X-Merchant' => '«slug»' }", "«an24»", "«rzpid»"),
    ("python-jwt-encode-literal-secret", "token = jwt.encode(\n    {\"uid\": user.id, \"exp\": datetime.utcnow() + timedelta(days=7)},\n    \"«S»\",\n    algorithm=\"HS256\",\n)", "«pw»", "algorithm=\"HS256\""),
    ("js-jwt-sign-literal-secret", "const token = jwt.sign({ uid: user.id, role: 'merchant' }, '«S»', { expiresIn: '7d' });", "«pwr»", "expiresIn: '7d'"),
    ("python-hmac-bytes-literal", "def verify(body: bytes, signature: str) -> bool:\n    expected = hmac.new(b\"«S»\", body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(expected, signature)", "«pp»", "hmac.compare_digest"),
    ("python-test-fixture-dict", "TEST_BKASH = {\n    \"app_key\": \"«an25»\",\n    \"app_secret\": \"«S»\",\n    \"username\": \"«user»\",\n}", "«an50»", "\"username\": \"«user»\""),
    ("js-const-with-todo-comment", "// TODO(«name»): move to env before go-live\nconst INSTAMOJO_AUTH_TOKEN = \"«S»\";\nconst INSTAMOJO_API_KEY = process.env.INSTAMOJO_API_KEY;", "«hex32»", "process.env.INSTAMOJO_API_KEY"),
    ("python-boto3-client-kwargs", "s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"«akid»\",\n    aws_secret_access_key=\"«S»\",\n    region_name=\"ap-south-1\",\n)", "«aws»", "region_name=\"ap-south-1\""),
    ("java-basic-aws-credentials", "BasicAWSCredentials creds = new BasicAWSCredentials(\"«akid»\", \"«S»\");\nAmazonS3 s3 = AmazonS3ClientBuilder.standard().withRegion(Regions.AP_SOUTH_1)", "«aws»", "Regions.AP_SOUTH_1"),
    ("go-static-credentials", "sess := session.Must(session.NewSession(&aws.Config{\n\tRegion:      aws.String(\"ap-south-1\"),\n\tCredentials: credentials.NewStaticCredentials(\"«akid»\", \"«S»\", \"\"),\n}))", "«aws»", "aws.String(\"ap-south-1\")"),
    ("kotlin-okhttp-add-header", "val request = chain.request().newBuilder()\n    .addHeader(\"authkey\", \"«S»\")\n    .addHeader(\"Content-Type\", \"application/json\")\n    .build()", "«m91»", "\"Content-Type\", \"application/json\""),
    ("php-curlopt-userpwd", "curl_setopt($ch, CURLOPT_URL, 'https://«host»/api/v2/orders');\ncurl_setopt($ch, CURLOPT_USERPWD, '«user»:«S»');\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);", "«pw»", "https://«host»/api/v2/orders"),
    ("python-sid-token-positional", "from twilio.rest import Client\nclient = Client(\"AC«hex32»\", \"«S»\")\nclient.messages.create(to=\"+94«dig9»\", from_=\"«c:+1415|+4420»«dig7»\", body=body)", "«hex32_b»", "AC«hex32»"),
    ("java-aes-util-working-key", "AesCryptUtil aesUtil = new AesCryptUtil(\"«S»\");\nString encRequest = aesUtil.encrypt(ccaRequest);\nString accessCode = System.getenv(\"CCAV_ACCESS_CODE\");", "«HEX32»", "CCAV_ACCESS_CODE"),
    ("csharp-string-uuid-salt", "private static readonly string SaltKey = \"«S»\";\nprivate const int SaltIndex = 1;\nprivate const string MerchantId = \"«uc6»«dig8»\";", "«uuid»", "SaltIndex = 1"),
    ("python-settings-dict-app-key", "HYPERVERGE = {\n    \"appId\": \"«lc6»\",\n    \"appKey\": \"«S»\",\n    \"baseUrl\": \"https://«host»\",\n}", "«la20»", "\"appId\": \"«lc6»\""),
    ("go-struct-literal-password", "cfg := sms.Config{\n\tUsername: \"«user»\",\n\tPassword: \"«S»\",\n\tSenderID: \"«uc6»\",\n\tBaseURL:  \"http://«host»/sendsms.jsp\",\n}", "«pw»", "Username: \"«user»\""),
    ("rust-let-token-builder", "let token = \"«S»\";\nlet octo = Octocrab::builder().personal_token(token.to_string()).build()?;", "«ghp»", "Octocrab::builder()"),
    ("python-getenv-fallback-literal", "GUPSHUP_API_KEY = os.getenv(\"GUPSHUP_API_KEY\", \"«S»\")\nGUPSHUP_APP = os.getenv(\"GUPSHUP_APP\", \"«slug»\")", "«la32»", "os.getenv(\"GUPSHUP_APP\""),
    ("js-env-or-literal-fallback", "const secret = process.env.CASHFREE_SECRET || '«S»';\nconst appId = process.env.CASHFREE_APP_ID;", "«cfs»", "process.env.CASHFREE_APP_ID"),
    ("spring-value-default-literal", "@Value(\"${jazzcash.integrity-salt:«S»}\")\nprivate String integritySalt;\n\n@Value(\"${jazzcash.merchant-id}\")\nprivate String merchantId;", "«la10»", "${jazzcash.merchant-id}"),
    ("sql-seed-insert-values", "INSERT INTO gateway_credentials (gateway, key_id, key_secret, created_by)\nVALUES ('razorpay', '«rzpid»', '«S»', '«user»');", "«an24»", "'«rzpid»'"),
    ("notebook-cell-source-json", "{\n \"cell_type\": \"code\",\n \"execution_count\": 3,\n \"source\": [\n  \"import openai\\n\",\n  \"openai.api_key = \\\"«S»\\\"\\n\"\n ]\n}", "sk-proj-«ax74»", "\"execution_count\": 3"),
    ("python-configure-api-key-kwarg", "import google.generativeai as genai\ngenai.configure(api_key=\"«S»\")\nmodel = genai.GenerativeModel(\"gemini-1.5-flash\")", "«goog»", "gemini-1.5-flash"),
    ("python-sdk-client-api-key-kwarg", "client = anthropic.Anthropic(api_key=\"«S»\")\nmsg = client.messages.create(model=model, max_tokens=1024, messages=history)", "sk-ant-api03-«ax93»AA", "max_tokens=1024"),
    ("python-hub-login-token", "from huggingface_hub import login\nlogin(token=\"«S»\")\nds = load_dataset(\"«slug»/hinglish-intents\")", "hf_«an34»", "«slug»/hinglish-intents"),
    ("js-webhook-url-constant", "const SLACK_WEBHOOK = 'https://hooks.slack.com/services/T«ua8»/B«ua10»/«S»';\nawait axios.post(SLACK_WEBHOOK, { text: `Refund failed for ${orderId}` });", "«an24»", "T«ua8»/B«ua10»"),
    ("bash-script-api-pass-var", "#!/usr/bin/env bash\nset -euo pipefail\nAPI_USER=«user»\nAPI_PASS='«S»'\ncurl -fsS -u \"$API_USER:$API_PASS\" \"https://«host»/api/ledger/export?from=$1\" -o ledger.csv", "«pw»", "API_USER=«user»"),
    ("powershell-script-plain-password", "$User = \"«c:CORP|TALLY»\\«user»\"\n$Password = \"«S»\"\n$Secure = ConvertTo-SecureString $Password -AsPlainText -Force\n$Cred = New-Object PSCredential($User, $Secure)\nCopy-Item -Path \\\\«host»\\TallyData\\* -Destination D:\\Backup -Credential $Cred", "«pw»", "D:\\Backup"),
    ("batch-file-set-variable", "@echo off\nset TALLY_HOST=«ip»\nset TALLY_PWD=«S»\n\"C:\\Program Files\\TallyPrime\\tally.exe\" /NOINITDL /LOAD:«dig5» /VARIABLE:SVPassword=%TALLY_PWD%", "«pw»", "TALLY_HOST=«ip»"),
    ("vba-adodb-connection-string", "Set conn = CreateObject(\"ADODB.Connection\")\nconn.Open \"Provider=SQLOLEDB;Data Source=«host»;Initial Catalog=«db»;User ID=«user»;Password=«S»;\"", "«pw»", "Initial Catalog=«db»"),
    ("python-positional-client-args", "gw = EasypaisaClient(\"«dig5»\", \"«S»\", sandbox=False)\nresp = gw.initiate(order_id, amount, mobile)", "«ua16»", "sandbox=False"),
    ("python-dataclass-default-field", "@dataclass\nclass BkashConfig:\n    base_url: str = \"https://«host»/tokenized/checkout\"\n    username: str = \"«user»\"\n    password: str = \"«S»\"", "«pw»", "username: str = \"«user»\""),
    ("ts-as-const-object", "export const SSLCZ = {\n  storeId: '«lc5»«hex8»live',\n  storePassword: '«S»',\n  isLive: true,\n} as const;", "«lc5»«hex8»@ssl", "isLive: true"),
    ("gradle-buildconfigfield-escaped", "buildConfigField \"String\", \"CASHFREE_APP_ID\", \"\\\"«dig6»«hex26»\\\"\"\nbuildConfigField \"String\", \"CASHFREE_SECRET\", \"\\\"«S»\\\"\"", "«cfs»", "CASHFREE_APP_ID"),
    ("java-string-concat-split", "// split so the scanner won't catch it (lol)\nprivate static final String WA_TOKEN = \"«S»\";", "~cat:«eaa»", "WA_TOKEN"),
    ("c-define-wifi-password", "#define WIFI_SSID     \"«ssid»\"\n#define WIFI_PASSWORD \"«S»\"\n#define MQTT_BROKER   \"«host»\"", "«pw»", "#define WIFI_SSID     \"«ssid»\""),
    ("arduino-const-char-pointer", "const char* mqtt_user = \"«user»\";\nconst char* mqtt_pass = \"«S»\";\nconst int   mqtt_port = 8883;", "«pwr»", "mqtt_port = 8883"),
    ("python-basic-header-constant", "HEADERS = {\"Authorization\": \"Basic «S»\", \"X-Merchant\": \"«slug»\"}", "~b64:«rzpid»:«an24»", "\"X-Merchant\": \"«slug»\""),
    ("go-test-const-webhook-secret", "const testWebhookSecret = \"«S»\"\n\nfunc TestVerifyWebhook(t *testing.T) {\n\tpayload := []byte(`{\"event\":\"payment.captured\"}`)", "whsec_«an32»", "TestVerifyWebhook"),
    ("elixir-repo-config-keyword", "config :«c:khata|ledger|recon», «c:Khata|Ledger|Recon».Repo,\n  username: \"«user»\",\n  password: \"«S»\",\n  hostname: \"«host»\",\n  pool_size: 10", "«pw»", "pool_size: 10"),
    ("python-docstring-usage-example", "class ShiprocketClient:\n    \"\"\"Thin wrapper.\n\n    Usage:\n        client = ShiprocketClient(email=\"«email»\", password=\"«S»\")\n        client.create_order(payload)\n    \"\"\"", "«pw»", "client.create_order(payload)"),
    ("python-dict-multiple-secrets-module", "DECENTRO = {\n    \"client_id\": \"«slug»_prod\",\n    \"client_secret\": \"«S»\",\n    \"module_secret\": os.environ[\"DECENTRO_MODULE_SECRET\"],\n}", "«an32»", "\"client_id\": \"«slug»_prod\""),
    ("java-two-arg-client-ctor", "DigioClient digio = new DigioClient(\"«ua26»\", \"«S»\", Environment.PRODUCTION);", "«ua32»", "Environment.PRODUCTION"),
    ("php-namespaced-ctor-three-args", "$api = new Instamojo\\Instamojo('«hex32»', '«S»', 'https://test.«slug».in/api/1.1/');", "«hex32_b»", "/api/1.1/"),
    ("python-xmlrpc-authenticate-positional", "common = xmlrpc.client.ServerProxy(f\"{url}/xmlrpc/2/common\")\nuid = common.authenticate(\"«db»\", \"«email»\", \"«S»\", {})", "«hex40»", "\"«email»\""),
    ("kotlin-interceptor-basic-credentials", "val credential = Credentials.basic(\"«user»\", \"«S»\")\nval client = OkHttpClient.Builder().authenticator { _, r -> r.request.newBuilder().header(\"Authorization\", credential).build() }.build()", "«pw»", "OkHttpClient.Builder()"),
    ("react-native-config-object", "export default {\n  API_URL: 'https://«host»',\n  RAZORPAY_KEY_ID: '«rzpid»',\n  SENTRY_AUTH_TOKEN: '«S»',\n};", "sntrys_«bu90»", "RAZORPAY_KEY_ID: '«rzpid»'"),
    ("python-fstring-url-password", "url = (f\"http://«host»/api/sendhttp.php?user=«user»&password=«S»\"\n       f\"&mobiles={mobile}&sender=«uc6»&message={quote(msg)}\")", "«pw»", "user=«user»"),
])


# ===================================================== stack-trace-or-log
_add("stack-trace-or-log", [
    ("python-traceback-dsn-in-frame", "Traceback (most recent call last):\n  File \"/app/«app»/db.py\", line 12, in connect\n    conn = psycopg2.connect(\"postgresql://«user»:«S»@«host»/«db»\")\npsycopg2.OperationalError: connection to server at \"«host»\" («ip»), port 5432 failed: timeout expired", "«pwh»", "psycopg2.OperationalError"),
    ("java-sqlexception-jdbc-url-param", "Caused by: java.sql.SQLException: Access denied for user '«user»'@'«ip»' (using password: YES)\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)\n\t... 42 more\nurl=jdbc:mysql://«host»:3306/«db»?user=«user»&password=«S»&useSSL=false", "«pwr»", "SQLError.java:130"),
    ("axios-error-config-bearer", "AxiosError: Request failed with status code 401\n    at settle (/srv/«app»/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://«host»/v1/external/orders/create/adhoc',\n    method: 'post',\n    headers: Object [AxiosHeaders] {\n      Accept: 'application/json, text/plain, */*',\n      Authorization: 'Bearer «S»'\n    }\n  }", "«jwt»", "status code 401"),
    ("axios-error-config-basic-auth-object", "AxiosError: Request failed with status code 400\n  config: {\n    baseURL: 'https://«host»/v1',\n    auth: { username: '«rzpid»', password: '«S»' },\n    data: '{\"amount\":50000,\"currency\":\"INR\"}'\n  },\n  code: 'ERR_BAD_REQUEST'", "«an24»", "«rzpid»"),
    ("django-debug-local-vars", "Local vars:\n  gateway  = 'easypaisa'\n  store_id = '«dig5»'\n  hash_key = '«S»'\n  request  = <WSGIRequest: POST '/payments/ep/initiate/'>", "«ua16»", "<WSGIRequest: POST '/payments/ep/initiate/'>"),
    ("laravel-log-curl-error-url", "[«date» 14:22:07] production.ERROR: cURL error 28: Operation timed out after 10001 milliseconds (see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for https://«host»/api/sendotp.php?authkey=«S»&mobile=91«phone»&otp_length=6 {\"exception\":\"[object] (GuzzleHttp\\\\Exception\\\\ConnectException(code: 0))\"}", "«m91»", "production.ERROR"),
    ("nginx-access-log-query-token", "«ip» - - [«dd»/Mar/2024:«hh»:«mi»:11 +0530] \"GET /api/v1/webhook/callback?token=«S»&order=«dig8» HTTP/1.1\" 200 17 \"-\" \"okhttp/4.9.2\"", "«la32»", "«ip» - -"),
    ("alb-log-access-token-param", "https «ts» app/«slug»-alb/«hex16» «ip»:«dig5» 10.0.«dig1».«dig2»:8080 0.001 0.034 0.000 200 200 512 1820 \"GET https://«host»:443/export/ledger.csv?access_token=«S» HTTP/1.1\" \"Mozilla/5.0\"", "«an40»", "app/«slug»-alb/«hex16»"),
    ("spring-debug-property-dump", "«lts» DEBUG 1 --- [           main] o.s.b.c.c.ConfigDataEnvironmentPostProcessor : spring.datasource.url=jdbc:postgresql://«host»:5432/«db»\n«lts» DEBUG 1 --- [           main] o.s.b.c.c.ConfigDataEnvironmentPostProcessor : spring.datasource.password=«S»", "«pw»", "spring.datasource.url"),
    ("celery-cannot-connect-amqp", "[«lts»: ERROR/MainProcess] consumer: Cannot connect to amqp://«user»:«S»@«host»:5672//: [Errno 111] Connection refused.\nTrying again in 4.00 seconds... (2/100)", "«pwh»", "Trying again in 4.00 seconds"),
    ("ioredis-options-dump", "[ioredis] Unhandled error event: Error: connect ETIMEDOUT\n    at Socket.<anonymous> (/app/node_modules/ioredis/built/Redis.js:170:41)\nredis options: { host: '«host»', port: 6379, password: '«S»', db: 2, tls: {} }", "«an32»", "host: '«host»'"),
    ("container-log-env-line", "«ts» INFO  [boot] env loaded: NODE_ENV=production PORT=8080 MSG91_AUTHKEY=«S» LOG_LEVEL=info", "«m91»", "LOG_LEVEL=info"),
    ("go-panic-struct-dump", "panic: dial tcp: lookup «host»: no such host\n\ngoroutine 1 [running]:\nmain.main()\n\t/app/cmd/«app»/main.go:42 +0x1c5\nconfig: &{DBHost:«host» DBUser:«user» DBPass:«S» Port:5432 SSLMode:require}", "«pwr»", "/app/cmd/«app»/main.go:42"),
    ("http-client-debug-send-bytes", "send: b'POST /v2/sms/send HTTP/1.1\\r\\nHost: «host»\\r\\nUser-Agent: python-requests/2.31.0\\r\\nAuthorization: Bearer «S»\\r\\nContent-Length: 96\\r\\n\\r\\n'\nreply: 'HTTP/1.1 202 Accepted\\r\\n'", "«la40»", "reply: 'HTTP/1.1 202 Accepted"),
    ("requests-connectionerror-url-apikey", "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='«host»', port=443): Max retries exceeded with url: /send/?apikey=«S»&numbers=91«phone»&sender=«uc6» (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f«hex10»>: Failed to establish a new connection: [Errno -3] Temporary failure in name resolution'))", "«bs30»", "host='«host»'"),
    ("okhttp-logging-interceptor", "--> POST https://«host»/pg/orders\nContent-Type: application/json; charset=utf-8\nx-api-version: 2023-08-01\nx-client-secret: «S»\n{\"order_amount\":«dig3».00,\"order_currency\":\"INR\"}\n--> END POST (58-byte body)", "«cfs»", "--> END POST (58-byte body)"),
    ("logcat-okhttp-basic-header", "«c:03|04|05|06»-1«dig1» 10:22:31.441  8123  8190 D OkHttp  : Authorization: Basic «S»\n«c:03|04|05|06»-1«dig1» 10:22:31.442  8123  8190 D OkHttp  : --> END GET", "~b64:«user»:«pw»", "D OkHttp  : --> END GET"),
    ("ios-nslog-token-line", "«date» 10:41:07.311 «slug»[«dig4»:«dig6»] [PaymentSDK] init merchant=«uc6»«dig8» token=«S» env=PROD", "«hex64»", "env=PROD"),
    ("php-stack-trace-ctor-args", "PHP Fatal error:  Uncaught mysqli_sql_exception: Access denied for user '«user»'@'«ip»' (using password: YES) in /var/www/html/inc/db.php:4\nStack trace:\n#0 /var/www/html/inc/db.php(4): mysqli->__construct('«host»', '«user»', '«S»', '«db»')\n#1 {main}", "«pw»", "/var/www/html/inc/db.php(4)"),
    ("python-traceback-kwarg-in-source-line", "  File \"/srv/«app»/payments/jazzcash.py\", line 31, in __init__\n    self.client = JazzCash(merchant_id=\"MC«dig5»\", password=\"«S»\", integrity_salt=salt)\nTypeError: JazzCash.__init__() got an unexpected keyword argument 'integrity_salt'", "«la10»", "TypeError"),
    ("ruby-smtp-settings-hash", "Net::SMTPAuthenticationError (535 5.7.8 Username and Password not accepted):\n  smtp_settings={:address=>\"smtp.«slug».in\", :port=>587, :user_name=>\"«email»\", :password=>\"«S»\", :authentication=>:login}", "«la12»", ":user_name=>\"«email»\""),
    ("dotnet-sqlexception-connstring", "System.Data.SqlClient.SqlException (0x80131904): Login failed for user '«user»'.\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)\nClientConnectionId:«uuid»\nConnectionString: Data Source=«host»;Initial Catalog=«db»;User ID=«user»;Password=«S»", "«pw»", "ClientConnectionId:«uuid»"),
    ("syslog-sudo-command-password", "Mar «dd» «hh»:14:09 «c:ip-10-0-1-23|tally-srv|db01» sudo:   «user» : TTY=pts/0 ; PWD=/home/«user» ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p«S» -e SHOW DATABASES", "«pw»", "USER=root"),
    ("json-log-login-attempt-body", "{\"ts\":\"«ts»\",\"level\":\"warn\",\"msg\":\"login failed\",\"path\":\"/admin/login\",\"body\":{\"username\":\"«user»\",\"password\":\"«S»\"},\"ip\":\"«ip»\"}", "«pw»", "\"ip\":\"«ip»\""),
    ("pino-request-headers-log", "{\"level\":30,\"time\":«dig13»,\"pid\":«dig4»,\"hostname\":\"«app»-«la10»-«la5»\",\"req\":{\"method\":\"POST\",\"url\":\"/v1/kyc/verify\",\"headers\":{\"host\":\"«host»\",\"x-api-key\":\"«S»\",\"content-type\":\"application/json\"}},\"msg\":\"incoming request\"}", "«an32»", "\"url\":\"/v1/kyc/verify\""),
    ("log4j-init-line-apikey", "«lts» INFO  [main] c.«slug».sms.GupshupClient - init apiKey=«S» appName=«slug» source=91«phone»", "«la32»", "appName=«slug»"),
    ("airflow-connection-uri-log", "[«lts»] {base.py:83} INFO - Using connection ID 'tally_mssql' for task execution.\n[«lts»] {mssql.py:54} INFO - conn uri: mssql://«user»:«S»@«host»:1433/«db»", "«pwh»", "connection ID 'tally_mssql'"),
    ("mongo-server-selection-error", "MongoServerSelectionError: getaddrinfo ENOTFOUND «la5».mongodb.net\n    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38)\n  uri: 'mongodb+srv://«user»:«S»@«la5».mongodb.net/«db»'", "«pwu»", "topology.js:278:38"),
    ("docker-compose-mysql-generated-root", "«slug»-db-1  | «lts» [Note] [Entrypoint]: GENERATED ROOT PASSWORD: «S»\n«slug»-db-1  | «lts» [Note] [Entrypoint]: Creating database «db»", "«sy32»", "Creating database «db»"),
    ("windows-event-4688-cmdline", "Log Name: Security\nEvent ID: 4688\nA new process has been created.\n  New Process Name: C:\\Windows\\System32\\net.exe\n  Process Command Line: net user «user» «S» /add /domain", "«pw»", "Event ID: 4688"),
    ("powershell-transcript-header-hashtable", "**********************\nPS C:\\deploy> Invoke-RestMethod -Uri https://«host»/api/v1/sync -Method Post -Headers @{ \"Authorization\" = \"Bearer «S»\" } -Body $json\nInvoke-RestMethod: The remote server returned an error: (403) Forbidden.", "«jwt»", "(403) Forbidden"),
    ("postgres-log-alter-user-statement", "«lts» IST [«dig5»] «user»@«db» LOG:  statement: ALTER USER «user» WITH PASSWORD '«S»';", "«pwr»", "«user»@«db»"),
    ("mysql-general-log-set-password", "«ts»\t   «dig2» Query\tSET PASSWORD FOR '«user»'@'%' = '«S»'", "«pw»", "'«user»'@'%'"),
    ("kafka-connect-config-values", "[«lts»] INFO JdbcSourceConnectorConfig values:\n\tbatch.max.rows = 100\n\tconnection.password = «S»\n\tconnection.url = jdbc:mysql://«host»:3306/«db»\n\tconnection.user = «user»", "«pwr»", "connection.user = «user»"),
    ("agent-log-post-url-key", "«lts» [TallySync] POST https://«host»/sync?company=«slug»&key=«S» -> 200 (142 vouchers)", "«la32»", "(142 vouchers)"),
    ("otp-service-master-code-log", "«lts» WARN  otp-service: bypass enabled for staging, master otp=«S» (remove before release)", "«dig6»", "otp-service"),
    ("bulk-sms-get-url-log", "«lts» DEBUG SmsSender: GET http://«host»/sendsms.jsp?user=«user»&password=«S»&mobiles=91«phone»&sms=Your+order+is+out+for+delivery&senderid=«uc6»", "«pw»", "senderid=«uc6»"),
    ("wsgi-environ-dump", "{'HTTP_HOST': '«host»', 'HTTP_USER_AGENT': 'okhttp/4.12.0', 'HTTP_AUTHORIZATION': 'Bearer «S»', 'REQUEST_METHOD': 'POST', 'PATH_INFO': '/api/upi/collect'}", "«jwt»", "'PATH_INFO': '/api/upi/collect'"),
    ("crashloop-invalid-url-error", "Error: invalid DATABASE_URL \"mysql://«user»:«S»@«host»:3306\": missing database name\n    at parseUrl (/app/dist/config.js:31:11)", "«pwh»", "missing database name"),
    ("python-logging-settings-dict", "«lts» INFO settings loaded: {'DEBUG': False, 'PAYU_KEY': '«an6»', 'PAYU_SALT': '«S»', 'PAYU_ENV': 'prod'}", "«an32»", "'PAYU_KEY': '«an6»'"),
    ("java-exception-message-with-key", "com.razorpay.RazorpayException: BAD_REQUEST_ERROR:Authentication failed\n\tat com.razorpay.ApiUtils.processResponse(ApiUtils.java:114)\n\tat com.«slug».pay.Gateway.capture(Gateway.java:«dig2»)\n[debug] credentials used: key_id=«rzpid» key_secret=«S»", "«an24»", "«rzpid»"),
    ("console-log-object-salt", "payment init { merchantId: '«uc6»UAT', saltKey: '«S»', saltIndex: 1, env: 'UAT', redirectUrl: 'https://«host»/phonepe/return' }", "«uuid»", "saltIndex: 1"),
    ("logcat-whatsapp-token", "«c:07|08|09»-2«dig1» 18:02:11.907  4412  4470 D WhatsAppSender: using token «S» for phone_number_id=«dig15»", "«eaa»", "phone_number_id=«dig15»"),
    ("camel-ftp-uri-raw-password", "«lts» INFO  [Camel (camel-1) thread #3] o.a.c.c.file.remote.FtpConsumer : Connected and logged in to: ftp://«user»@«host»:21/inbound?password=RAW(«S»)&passiveMode=true", "«pw»", "passiveMode=true"),
    ("git-fatal-unable-access-url", "fatal: unable to access 'https://«user»:«S»@gitlab.«slug».in/«slug»/«repo».git/': Could not resolve host: gitlab.«slug».in", "«glpat»", "Could not resolve host"),
    ("npm-verbose-config-authtoken", "npm verb cli /usr/local/bin/node /usr/local/bin/npm\nnpm verb config //npm.pkg.github.com/:_authToken=«S»\nnpm ERR! code E401\nnpm ERR! 401 Unauthorized - GET https://npm.pkg.github.com/@«slug»%2fui-kit", "«ghp»", "npm ERR! code E401"),
    ("terraform-debug-security-token", "«ts» [DEBUG] provider.terraform-provider-aws_v5.40.0_x5: HTTP Request Sent: aws.region=ap-south-1 http.request.header.x_amz_security_token=«S» rpc.method=DescribeInstances", "«sts»", "rpc.method=DescribeInstances"),
    ("botocore-debug-headers-dict", "«lts» botocore.endpoint [DEBUG] Making request for OperationModel(name=GetObject) with params: {'url_path': '/kyc/«uuid».pdf', 'headers': {'X-Amz-Security-Token': '«S»', 'User-Agent': 'Boto3/1.34.51'}}", "«sts»", "OperationModel(name=GetObject)"),
    ("pm2-log-init-secret", "0|«app»  | «lts»: Razorpay init with key «rzpid» and secret «S»", "«an24»", "«rzpid»"),
    ("uvicorn-access-log-api-key", "INFO:     «ip»:«dig5» - \"GET /export/gstr1?month=03&api_key=«S» HTTP/1.1\" 200 OK", "«an40»", "month=03"),
    ("cloudwatch-lambda-env-dump", "{\"level\":\"DEBUG\",\"message\":\"cold start\",\"environment\":{\"AWS_REGION\":\"ap-south-1\",\"BKASH_USERNAME\":\"«user»\",\"BKASH_PASSWORD\":\"«S»\"},\"function_name\":\"«slug»-bkash-callback\"}", "«pw»", "\"BKASH_USERNAME\":\"«user»\""),
    ("nodemailer-debug-auth-plain", "[«ts»] DEBUG [«hex8»] C: AUTH PLAIN «S»\n[«ts»] DEBUG [«hex8»] S: 235 Authentication successful", "~b64:\x00«email»\x00«la12»", "235 Authentication successful"),
    ("smtplib-debug-auth-login", "send: 'AUTH LOGIN «bs12»\\r\\n'\nreply: b'334 UGFzc3dvcmQ6\\r\\n'\nsend: '«S»\\r\\n'\nreply: b'235 Authentication successful\\r\\n'", "~b64:«pw»", "334 UGFzc3dvcmQ6"),
    ("browser-console-websocket-url", "WebSocket connection to 'wss://«host»/ws/orders?token=«S»' failed: Error during WebSocket handshake: Unexpected response code: 401", "«jwt»", "Unexpected response code: 401"),
    ("functions-log-secret-and-signature", "«ts» E razorpayWebhook: signature mismatch, secret=«S» sig=«hex64» body_len=«dig4»", "«pw»", "sig=«hex64»"),
    ("sidekiq-boot-redis-url", "«ts» pid=«dig4» tid=«la5» INFO: Booting Sidekiq 7.2.1 with Sidekiq::RedisConnection::RedisClientAdapter options {:url=>\"redis://:«S»@«host»:6379/0\"}", "«an40»", "Booting Sidekiq 7.2.1"),
    ("laravel-error-page-app-key", "Illuminate\\Encryption\\MissingAppKeyException\n...\nEnvironment Variables\nAPP_NAME      «slug»\nAPP_ENV       production\nAPP_KEY       base64:«S»\nDB_HOST       «host»", "«bs32»", "APP_ENV       production"),
    ("sentry-breadcrumb-http-url", "{\"type\":\"http\",\"category\":\"httplib\",\"data\":{\"method\":\"GET\",\"url\":\"https://«host»/api/v1/track?waybill=«awb»&token=«S»\",\"status_code\":200},\"timestamp\":«dig10»}", "«hex40»", "\"category\":\"httplib\""),
    ("gunicorn-worker-exception-headers", "[«lts»] [«dig4»] [ERROR] Error handling request /webhook/bkash\nTraceback (most recent call last):\n  ...\nKeyError: 'paymentID'\nrequest headers: [('Host', '«host»'), ('Authorization', '«S»'), ('X-App-Key', '«an25»')]", "«jwt»", "Error handling request /webhook/bkash"),
    ("pipeline-log-wrapped-token", "«lts» INFO provisioning: calling https://«host»/api/v1/nodes with token\n«S»\n«lts» INFO provisioning: 201 Created", "~nl:«jwt»", "201 Created"),
    ("exception-chain-caused-by-password-field", "org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'dataSource'\nCaused by: java.lang.IllegalStateException: Failed to connect (url=jdbc:postgresql://«host»:5432/«db», username=«user», password=«S»)", "«pw»", "Error creating bean with name 'dataSource'"),
    ("redis-monitor-auth-command", "«dig10».«dig6» [0 «ip»:«dig5»] \"AUTH\" \"«S»\"\n«dig10».«dig6_b» [0 «ip»:«dig5»] \"GET\" \"otp:91«phone»\"", "«an32»", "\"GET\""),
    ("k8s-event-failed-pull-url", "Warning  Failed     12s   kubelet  Failed to pull image \"«user»:«S»@registry.«slug».in/«app»:«ver»\": invalid reference format", "«pwu»", "invalid reference format"),
    ("winston-error-meta-credentials", "error: Shiprocket auth failed {\"service\":\"ship\",\"status\":403,\"credentials\":{\"email\":\"«email»\",\"password\":\"«S»\"},\"timestamp\":\"«ts»\"}", "«pw»", "\"service\":\"ship\""),
    ("fastapi-validation-log-body", "«lts» WARNING 422 on POST /v1/einvoice/auth body={'UserName': '«user»', 'Password': '«S»', 'AppKey': '<redacted>', 'ForceRefreshAccessToken': True}", "«pw»", "'AppKey': '<redacted>'"),
    ("ci-style-log-einvoice-sek", "«lts» INFO irp.auth: token ok for «gstin», expires «date» 23:59, sek=«S»", "«bs32»", "«gstin»"),
    ("supabase-edge-log-service-role", "«ts» [Info] edge function boot: SUPABASE_URL=https://«lc20».supabase.co SUPABASE_SERVICE_ROLE_KEY=«S»", "«jwt»", "SUPABASE_URL=https://«lc20».supabase.co"),
])


# ============================================================ note-or-chat
_add("note-or-chat", [
    ("hinglish-chat-secret-inline", "«name»: bhai staging ka razorpay secret ye hai «S» , prod wala kal «name2» dega", "«an24»", "«name»:"),
    ("hindi-devanagari-db-password", "«name»: डेटाबेस «db» का पासवर्ड «S» है, किसी से शेयर मत करना", "«pw»", "«name»:"),
    ("bengali-script-server-password", "«name»: সার্ভার «ip» এর পাসওয়ার্ড হলো «S» — কাউকে দিও না প্লিজ", "«pw»", "«ip»"),
    ("banglish-romanised-bkash-password", "«name»: bhai, bKash sandbox er password ta «S» , app_key ami DM e pathacchi", "«pw»", "bKash sandbox"),
    ("urdu-script-server-password", "«name»: سرور «host» کا پاس ورڈ «S» ہے، کسی کو مت بتانا", "«pw»", "«host»"),
    ("roman-urdu-integrity-salt", "«name»: yaar JazzCash ka integrity salt «S» hai, config mein daal do aur commit mat karna", "«la10»", "JazzCash"),
    ("tamil-script-db-password", "«name»: «db» DB கடவுச்சொல் «S» — யாரிடமும் பகிர வேண்டாம்", "«pw»", "«name»:"),
    ("tanglish-login-password", "«name»: machi, Shiprocket login «email» password «S» da, use pannitu change pannidu", "«pw»", "«email»"),
    ("sinhala-script-server-password", "«name»: සර්වර් එකේ («ip») මුරපදය «S» , කාටවත් දෙන්න එපා", "«pw»", "«ip»"),
    ("singlish-romanised-api-key", "«name»: machan SMS API key eka «S» , eka .env ekata danna, git ekata push karanna epa", "«la32»", ".env ekata"),
    ("nepali-script-secret-key", "«name»: eSewa को secret key «S» हो, prod मा मात्र प्रयोग गर्नु", "«sy16»", "eSewa"),
    ("nepali-romanised-live-secret", "«name»: dai Khalti ko secret key «S» ho, live mode ma chha hai", "live_secret_key_«hex32»", "Khalti"),
    ("standup-note-rotated-key", "- rotated MSG91 authkey, new one: «S» (old one revoked at «hh»:05 IST)\n- «name» to update the Lambda env", "«m91»", "«name» to update"),
    ("agent-running-note-found-secret", "NOTE: found hardcoded Cashfree secret in src/payments/cf.ts (value «S»); flagged to «name», will move it to SSM /«app»/prod.", "«cfs»", "src/payments/cf.ts"),
    ("decision-log-shared-uat-creds", "Decision («date»): use shared UAT account «email» / «S» for PhonePe sandbox until merchant onboarding completes.", "«pw»", "«email»"),
    ("goal-text-with-token", "Goal: fix 401 from Delhivery tracking — token «S» seems expired? verify with ops before rotating.", "«hex40»", "Delhivery tracking"),
    ("whatsapp-export-wifi-password", "[«dd»/03/24, 10:41:22 AM] «name»: office wifi «ssid» ka password: «S»\n[«dd»/03/24, 10:42:03 AM] «name2»: thanks 🙏", "«pw»", "«ssid»"),
    ("telegram-export-ssh-pass", "«name», [«dd».03.24 10:41]\nssh root@«ip»  pass: «S»\nport 2222 hai, 22 band hai", "«pwr»", "root@«ip»"),
    ("email-pasted-rdp-credentials", "From: «name» «last» <«email»>\nSubject: Tally server access\n\nHi team,\nRDP: «ip»:3389\nUser: Administrator\nPassword: «S»\n\nRegards,\n«name»", "«pw»", "Subject: Tally server access"),
    ("jira-comment-username-pwd", "@«name» used the GSTN sandbox creds — username «user», pwd «S» — still getting \"Invalid Token\" from /eivital/v1.04/auth.", "«pw»", "username «user»"),
    ("hinglish-wifi-passphrase", "office ka naya wifi: SSID «ssid», pass «S» (guest wala alag hai)", "«pp»", "«ssid»"),
    ("note-upi-mpin-test-vpa", "Staging UPI MPIN for test VPA «vpa»: «S» (only works on the UAT PSP app)", "«dig6»", "«vpa»"),
    ("chat-token-wrapped-paste", "«name»: token ye raha (terminal se copy kiya, line break ignore karna):\n«S»", "~nl:«ghp»", "«name»:"),
    ("meeting-notes-hinglish-action-item", "Action items:\n1. «name» — Exotel ka api token «S» rotate karna hai Friday tak\n2. «name2» — DLT template approval follow up", "«hex40»", "DLT template approval"),
    ("note-key-id-slash-secret", "Razorpay (live): id «rzpid» / secret «S»", "«an24»", "«rzpid»"),
    ("discord-codeblock-revoked-key", "```\nAWS_SECRET_ACCESS_KEY=«S»\n```\nye wali mat use karna, ye revoke ho gayi hai — naya «name» bhejega", "«aws»", "naya «name» bhejega"),
    ("hindi-mixed-app-password", "«name»: ZOHO का app password «S» है, Gmail वाला नहीं", "«la12»", "Gmail"),
    ("bengali-mixed-store-password", "«name»: SSLCommerz store password: «S» (লাইভ নয়, স্যান্ডবক্স)", "«lc5»«hex8»@ssl", "SSLCommerz"),
    ("urdu-mixed-hash-key", "«name»: Easypaisa hash key «S» — یہ صرف UAT کے لیے ہے", "«ua16»", "Easypaisa"),
    ("tamil-mixed-api-key", "«name»: Kaleyra API key «S» — இதை config-ல போடுங்க", "A«hex32»", "Kaleyra"),
    ("sinhala-mixed-merchant-secret", "«name»: PayHere merchant secret «S» — මේක prod එකට විතරයි", "«bs39»", "PayHere"),
    ("prose-password-rule-explained", "The admin password for the Tally box is the company name followed by the year and a bang, i.e. «S» — yes we know, changing it this sprint.", "«slug»2023!", "Tally box"),
    ("demo-creds-slash-pair", "creds for the investor demo: admin / «S» (demo tenant only)", "«pw»", "investor demo"),
    ("pr-description-hardcoded-secret", "PR #«dig3»: temporarily hardcoded the bKash app_secret («S») so QA can test the refund flow; will revert after sign-off.", "«an50»", "PR #«dig3»"),
    ("hinglish-otp-bypass-code", "staging pe OTP bypass code «S» set kiya hai, prod me nahi hai. «name» please test kar lo", "«dig6»", "«name» please"),
    ("support-note-merchant-sent-key", "Ticket «ua3»-«dig5»: merchant ne apna Instamojo API key bheja: «S» — humne bola rotate kar lo", "«hex32»", "Ticket «ua3»-«dig5»"),
    ("postmortem-root-cause-commit", "Root cause: commit «hex7» pushed .env.production with DB_PASSWORD=«S» to the public mirror. Key rotated at 16:40 IST.", "«pwr»", "commit «hex7»"),
    ("slack-thread-quote-reply-token", "> «name»: kya koi read-only GitHub token share kar sakta hai CI debug ke liye?\n«name2»: le «S» (read-only hai, 7 din)", "«ghfg»", "CI debug"),
    ("note-backup-passphrase", "backup passphrase (do not lose, not in 1Password yet): «S»", "«pp»", "do not lose"),
    ("agent-scratchpad-json-observation", "{\"step\": 4, \"observation\": \"found live key in .env.bak: «S»\", \"next\": \"ask «name» to rotate, then delete .env.bak\"}", "«cfs»", "\"step\": 4"),
    ("handover-markdown-table", "| Service | Login | Password |\n|---|---|---|\n| CCAvenue dashboard | «email» | «S» |\n| Zoho Books | «email2» | (SSO) |", "«pw»", "CCAvenue dashboard"),
    ("todo-item-remove-key", "- [ ] remove hardcoded Gupshup key («S») from notifier.py\n- [x] bump requests to 2.32", "«la32»", "notifier.py"),
    ("chat-passphrase-with-spaces", "«name»: pass me spaces hain: \"«S»\" (quotes ke bina)", "«ppw»", "quotes ke bina"),
    ("urdu-script-user-and-password", "ڈیٹا بیس یوزر «user» اور پاس ورڈ «S» ہے", "«pw»", "«user»"),
    ("tamil-root-password-note", "சர்வர் root password: «S» (நாளைக்கு மாத்திடலாம்)", "«pw»", "root password:"),
    ("hinglish-key-and-salt-pair", "«name»: PayU ka key «an6» hai aur salt «S» — dono .env me daalna", "«an32»", "key «an6» hai"),
    ("gemini-memory-file-entry", "## Gemini Added Memories\n- The staging DB («host») password is «S»\n- Use pnpm, not npm", "«pw»", "Use pnpm, not npm"),
    ("project-notes-ssh-passphrase", "# Project notes\n- Deploy script asks for the SSH key passphrase: «S»\n- Prod deploys only after 8pm IST", "«pp»", "Prod deploys only after 8pm IST"),
    ("codex-plan-step-credentials", "[plan] 2. call Shiprocket /auth/login with email «email» and password «S» to get a fresh token, then retry the AWB assignment", "«pw»", "AWB assignment"),
    ("vendor-onboarding-email-working-key", "Dear Merchant,\nYour integration credentials for «co»:\nMerchant ID: «dig7»\nAccess Code: AV«ua16»\nWorking Key: «S»\nPlease keep them confidential.", "«HEX32»", "Merchant ID: «dig7»"),
    ("sms-temporary-password", "Your KYC partner portal temporary password is «S». Valid for 24 hrs. Do not share. -«uc6»", "«ua4»«dig4»«lc2»", "Valid for 24 hrs"),
    ("singlish-laptop-password", "ado mage laptop eke password eka «S», office eke podi wedak karanna ona", "«pw»", "laptop eke"),
    ("tanglish-db-user-password", "DB user «user», password «S» nu vechuko, «name» kitta kekkadha", "«pw»", "DB user «user»"),
    ("hinglish-reset-password", "password bhool gaya tha, reset karke «S» rakh diya hai portal pe", "«pw»", "portal pe"),
    ("hindi-new-api-token", "नया API टोकन: «S» (पुराना वाला रद्द कर दिया है)", "«an40»", "API टोकन"),
    ("banglish-root-pass", "vai, server er root pass «S» , kintu sudo use koro please", "«pwr»", "sudo use koro"),
    ("roman-urdu-aws-secret", "bhai AWS ka secret key «S» hai, region Mumbai (ap-south-1) hai", "«aws»", "ap-south-1"),
    ("nepali-script-server-password", "सर्भर «ip» को पासवर्ड «S» हो, कसैलाई नदिनु", "«pw»", "«ip»"),
    ("note-masked-old-and-new-secret", "old key rzp_live_****«an4» revoked; new secret «S» is in the team vault too", "«an24»", "rzp_live_****«an4»"),
    ("adr-temporary-secret-in-env", "ADR-0«dig2»: We will temporarily keep the Setu client secret («S») in the Lambda env until Secrets Manager access is approved.", "«an32»", "Lambda env"),
    ("hinglish-jwt-expired-question", "«name»: ye token expire ho gaya kya? «S»", "«jwt»", "expire ho gaya"),
    ("bug-report-test-login", "Steps to reproduce:\n1. Login as «email» / «S»\n2. Go to Orders > Refund\n3. Click \"Initiate refund\" — spinner never stops", "«pw»", "Orders > Refund"),
    ("spreadsheet-paste-tab-separated", "«user»\t«S»\t«ip»\tTally Prime server (Accounts)", "«pw»", "Tally Prime server"),
    ("meet-chat-vpn-creds", "«name»  10:42 AM\nVPN: «user» / «S»\nserver «host»", "«pw»", "server «host»"),
    ("bengali-script-api-key", "«name»: নতুন API key: «S» , পুরোনোটা বাতিল করা হয়েছে", "«an32»", "«name»:"),
    ("sinhala-romanised-db-pass", "«name»: DB pass eka «S» machan, user «user»", "«pw»", "user «user»"),
    ("tamil-romanised-otp-bypass", "«name»: staging-la OTP bypass «S» vechirukom, prod-la illa", "«dig6»", "prod-la illa"),
    ("english-note-ekyc-licence-key", "eKYC: ASA gave us the new licence key today: «S» (valid till March, AUA code «ua10»)", "M«bu46»", "AUA code «ua10»"),
])


# ========================================================== ci-and-deploy
_add("ci-and-deploy", [
    ("gha-env-hardcoded-with-todo", "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      RAZORPAY_KEY_ID: «rzpid»\n      RAZORPAY_KEY_SECRET: «S»  # TODO use secrets.*\n    steps:\n      - uses: actions/checkout@v4", "«an24»", "«rzpid»"),
    ("gitlab-ci-variables-block", "variables:\n  DOCKER_DRIVER: overlay2\n  MSG91_AUTHKEY: \"«S»\"\n\nstages: [test, build, deploy]", "«m91»", "DOCKER_DRIVER: overlay2"),
    ("jenkinsfile-environment-literal", "pipeline {\n  agent any\n  environment {\n    DB_USER = '«user»'\n    DB_PASS = '«S»'\n  }\n  stages { stage('migrate') { steps { sh './gradlew flywayMigrate' } } }\n}", "«pw»", "DB_USER = '«user»'"),
    ("bitbucket-pipelines-docker-login", "pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - docker login -u «user» -p «S» «c:registry|cr».«slug».in\n            - docker push «c:registry|cr».«slug».in/«app»:$BITBUCKET_COMMIT", "«pwr»", "$BITBUCKET_COMMIT"),
    ("circleci-run-echo-npmrc", "      - run:\n          name: Auth to npm\n          command: echo \"//registry.npmjs.org/:_authToken=«S»\" > ~/.npmrc", "«npm»", "name: Auth to npm"),
    ("azure-pipelines-variables-literal", "variables:\n  buildConfiguration: 'Release'\n  sqlAdminPassword: '«S»'\n\npool:\n  vmImage: 'windows-latest'", "«pwr»", "buildConfiguration: 'Release'"),
    ("dockerfile-env-instruction", "FROM node:20-alpine\nWORKDIR /app\nENV NODE_ENV=production\nENV DELHIVERY_API_TOKEN=«S»\nCOPY . .\nCMD [\"node\", \"server.js\"]", "«hex40»", "FROM node:20-alpine"),
    ("dockerfile-arg-default-token", "FROM python:3.12-slim\nARG PIP_EXTRA_INDEX_URL=https://«user»:«S»@pypi.«slug».in/simple\nRUN pip install --no-cache-dir -r requirements.txt", "«pwh»", "FROM python:3.12-slim"),
    ("docker-build-log-step-run", "Step 6/14 : RUN pip install --extra-index-url https://«user»:«S»@«host»/simple -r requirements.txt\n ---> Running in «hex12»\nLooking in indexes: https://pypi.org/simple, https://«user»:****@«host»/simple", "«pwu»", "---> Running in «hex12»"),
    ("gha-log-unmasked-derived-value", "«ts» ##[group]Run ./scripts/deploy.sh\n«ts» + DEPLOY_TOKEN=«S»\n«ts» + curl -fsS -X POST https://«host»/deploy -H 'X-Deploy-Token: ***'", "«la40»", "##[group]Run ./scripts/deploy.sh"),
    ("k8s-deployment-env-value", "        env:\n        - name: GUPSHUP_APP_NAME\n          value: «slug»\n        - name: GUPSHUP_API_KEY\n          value: \"«S»\"", "«la32»", "value: «slug»"),
    ("argocd-helm-parameters", "spec:\n  source:\n    helm:\n      parameters:\n      - name: image.tag\n        value: «ver»\n      - name: db.password\n        value: «S»", "«pwr»", "value: «ver»"),
    ("terraform-rds-resource-password", "resource \"aws_db_instance\" \"«db»\" {\n  identifier        = \"«slug»-«db»\"\n  engine            = \"postgres\"\n  username          = \"«user»\"\n  password          = \"«S»\"\n  availability_zone = \"ap-south-1a\"\n}", "«pwr»", "availability_zone = \"ap-south-1a\""),
    ("terraform-provider-static-keys", "provider \"aws\" {\n  region     = \"ap-south-1\"\n  access_key = \"«akid»\"\n  secret_key = \"«S»\"\n}", "«aws»", "region     = \"ap-south-1\""),
    ("cloudformation-parameter-default", "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: «S»\n  Env:\n    Type: String\n    Default: prod", "«pw»", "NoEcho: true"),
    ("ansible-playbook-vars-inline", "- hosts: db\n  become: true\n  vars:\n    mysql_root_password: «S»\n    mysql_port: 3306\n  roles:\n    - geerlingguy.mysql", "«pwr»", "geerlingguy.mysql"),
    ("app-json-env-value", "{\n  \"name\": \"«slug»\",\n  \"env\": {\n    \"INSTAMOJO_PRIVATE_SALT\": {\"value\": \"«S»\"},\n    \"NODE_ENV\": {\"value\": \"production\"}\n  }\n}", "«hex32»", "\"name\": \"«slug»\""),
    ("render-yaml-envvars", "services:\n  - type: web\n    name: «slug»-api\n    envVars:\n      - key: CASHFREE_SECRET\n        value: «S»\n      - key: PYTHON_VERSION\n        value: 3.12.2", "«cfs»", "name: «slug»-api"),
    ("fly-toml-env-misuse", "app = \"«slug»-api\"\nprimary_region = \"bom\"\n\n[env]\n  BKASH_APP_SECRET = \"«S»\"\n  LOG_LEVEL = \"info\"", "«an50»", "primary_region = \"bom\""),
    ("compose-command-requirepass", "  redis:\n    image: redis:7-alpine\n    command: [\"redis-server\", \"--requirepass\", \"«S»\", \"--appendonly\", \"yes\"]", "«an32»", "redis:7-alpine"),
    ("gha-step-env-aws-pair", "      - name: Sync build to S3\n        run: aws s3 sync ./build s3://«bucket» --delete\n        env:\n          AWS_ACCESS_KEY_ID: «akid»\n          AWS_SECRET_ACCESS_KEY: «S»\n          AWS_REGION: ap-south-1", "«aws»", "s3://«bucket»"),
    ("jenkins-console-sshpass-trace", "[Pipeline] sh\n+ sshpass -p «S» scp -o StrictHostKeyChecking=no -r dist/ deploy@«ip»:/var/www/«slug»\n[Pipeline] }", "«pw»", "deploy@«ip»"),
    ("bash-x-trace-export", "+ export SHIPROCKET_EMAIL=«email»\n+ export SHIPROCKET_PASSWORD=«S»\n+ node scripts/sync-pincodes.js", "«pw»", "SHIPROCKET_EMAIL=«email»"),
    ("gitlab-job-log-helm-set", "$ helm upgrade --install «app» charts/«app» --namespace «ns» --set secrets.paytmKey=«S» --wait\nRelease \"«app»\" has been upgraded. Happy Helming!", "«pmk»", "Happy Helming!"),
    ("kustomize-secretgenerator-literals", "secretGenerator:\n- name: kyc-secrets\n  literals:\n  - SIGNZY_API_KEY=«S»\n  - SIGNZY_BASE_URL=https://«host»", "«an32»", "name: kyc-secrets"),
    ("fastfile-env-assignment", "lane :beta do\n  ENV[\"MATCH_PASSWORD\"] = \"«S»\"\n  match(type: \"appstore\", readonly: true)\n  build_app(scheme: \"«c:Khata|Vidya|Dukaan»\")\nend", "«pp»", "match(type: \"appstore\", readonly: true)"),
    ("fastlane-dotenv-password", "FASTLANE_USER=«email»\nFASTLANE_PASSWORD=«S»\nFASTLANE_ITC_TEAM_ID=«dig9»", "«pw»", "FASTLANE_USER=«email»"),
    ("eas-json-env-token", "{\n  \"build\": {\n    \"production\": {\n      \"env\": {\n        \"EXPO_PUBLIC_API_URL\": \"https://«host»\",\n        \"SENTRY_AUTH_TOKEN\": \"«S»\"\n      }\n    }\n  }\n}", "sntrys_«bu90»", "EXPO_PUBLIC_API_URL"),
    ("codemagic-yaml-vars", "workflows:\n  android-release:\n    environment:\n      vars:\n        CM_KEYSTORE_PASSWORD: «S»\n        CM_KEY_ALIAS: upload", "«pw»", "CM_KEY_ALIAS: upload"),
    ("gha-workflow-dispatch-input-default", "on:\n  workflow_dispatch:\n    inputs:\n      gh_token:\n        description: 'token for release notes'\n        default: '«S»'", "«ghp»", "token for release notes"),
    ("travis-env-global-plain", "env:\n  global:\n    - DOCKER_USERNAME=«user»\n    - DOCKER_PASSWORD=«S»", "«pwr»", "DOCKER_USERNAME=«user»"),
    ("drone-plugin-settings-password", "steps:\n- name: publish\n  image: plugins/docker\n  settings:\n    repo: «c:registry|cr».«slug».in/«app»\n    username: «user»\n    password: «S»", "«pwr»", "image: plugins/docker"),
    ("configmap-properties-with-salt", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: «app»-config\ndata:\n  application.properties: |\n    payu.key=«an6»\n    payu.salt=«S»\n    payu.env=prod", "«an32»", "payu.key=«an6»"),
    ("helm-notes-admin-password", "NOTES:\n1. Get the application URL: https://«host»\n2. Login with user admin and password: «S»", "«an20»", "https://«host»"),
    ("ssh-remote-export-restart", "ssh deploy@«ip» \"export PAYTM_MERCHANT_KEY='«S»' && cd /srv/«app» && pm2 restart «app» --update-env\"", "«pmk»", "pm2 restart «app»"),
    ("capistrano-ssh-options-password", "set :ssh_options, {\n  user: \"deploy\",\n  password: \"«S»\",\n  forward_agent: false\n}", "«pw»", "forward_agent: false"),
    ("ansible-become-pass-extra-var", "ansible-playbook -i hosts.ini deploy.yml --extra-vars \"ansible_become_pass=«S»\" --limit «c:tally|web|workers»", "«pw»", "hosts.ini"),
    ("docker-login-action-hardcoded", "      - uses: docker/login-action@v3\n        with:\n          registry: «c:registry|cr».«slug».in\n          username: «user»\n          password: «S»", "«pwr»", "docker/login-action@v3"),
    ("azure-devops-command-log-acr", "##[command]/usr/bin/docker login -u «slug»acr -p «S» «slug»acr.azurecr.io\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded", "«an42»+ACR«an6»", "Login Succeeded"),
    ("buildspec-env-variables", "version: 0.2\nenv:\n  variables:\n    DB_PASSWORD: «S»\n  parameter-store:\n    MSG91_AUTHKEY: /«app»/prod/msg91", "«pw»", "parameter-store"),
    ("cloudbuild-substitutions", "substitutions:\n  _REGION: asia-south1\n  _RAZORPAY_SECRET: «S»\nsteps:\n- name: gcr.io/cloud-builders/gcloud", "«an24»", "_REGION: asia-south1"),
    ("pulumi-stack-config-plaintext", "config:\n  aws:region: ap-south-1\n  «slug»:dbPassword: «S»\n  «slug»:apiKey:\n    secure: v1:«bs16»:«bs40»", "«pwr»", "aws:region: ap-south-1"),
    ("nomad-job-env-block", "task \"sms\" {\n  driver = \"docker\"\n  env {\n    KALEYRA_SID = \"HX«dig10»\"\n    KALEYRA_KEY = \"«S»\"\n  }\n}", "A«hex32»", "KALEYRA_SID = \"HX«dig10»\""),
    ("cloud-init-chpasswd-list", "#cloud-config\nssh_pwauth: true\nchpasswd:\n  list: |\n    ubuntu:«S»\n  expire: False", "«pw»", "ssh_pwauth: true"),
    ("packer-json-ssh-password", "{\n  \"builders\": [{\n    \"type\": \"amazon-ebs\",\n    \"region\": \"ap-south-1\",\n    \"ssh_username\": \"«user»\",\n    \"ssh_password\": \"«S»\"\n  }]\n}", "«pwr»", "\"ssh_username\": \"«user»\""),
    ("makefile-twine-password", "release:\n\tpython -m build\n\tTWINE_USERNAME=__token__ TWINE_PASSWORD=«S» twine upload dist/*", "pypi-AgEIcHlwaS5vcmc«bu80»", "TWINE_USERNAME=__token__"),
    ("ci-log-db-connect-error-url", "«ts» Error: Cannot connect to database postgres://«user»:«S»@«host»:5432/«db» (ECONNREFUSED)\n«ts» ##[error]Process completed with exit code 1.", "«pwh»", "Process completed with exit code 1"),
    ("ecs-task-def-environment", "\"environment\": [\n  {\"name\": \"E2E_AUTH_TOKEN\", \"value\": \"«S»\"},\n  {\"name\": \"TZ\", \"value\": \"Asia/Kolkata\"}\n],\n\"secrets\": [{\"name\": \"DB_PASSWORD\", \"valueFrom\": \"arn:aws:ssm:ap-south-1:«dig12»:parameter/«app»/db\"}]", "«jwt»", "\"TZ\", \"value\": \"Asia/Kolkata\""),
    ("lambda-get-configuration-variables", "$ aws lambda get-function-configuration --function-name «slug»-jazzcash-ipn --query Environment\n{\n    \"Variables\": {\n        \"JAZZCASH_MERCHANT_ID\": \"MC«dig5»\",\n        \"JAZZCASH_PASSWORD\": \"«S»\"\n    }\n}", "«la10»", "\"JAZZCASH_MERCHANT_ID\": \"MC«dig5»\""),
    ("netlify-cli-auth-flag", "netlify deploy --dir=out --prod --site «uuid» --auth «S»", "nfp_«an36»", "--site «uuid»"),
    ("vercel-cli-token-flag", "vercel deploy --prod --yes --token=«S» --scope «slug»", "«an24»", "--scope «slug»"),
    ("firebase-deploy-token-flag", "firebase deploy --only hosting,functions --project «slug»-prod --token \"«S»\"", "1//0«ax100»", "--only hosting,functions"),
    ("heroku-api-key-inline-push", "HEROKU_API_KEY=«S» heroku container:release web -a «slug»-api", "«uuid»", "container:release web"),
    ("expo-token-env-line", "EXPO_TOKEN=«S» npx eas-cli build --platform android --profile production --non-interactive", "«ax40»", "--profile production"),
    ("dockerhub-pat-password-stdin", "echo \"«S»\" | docker login -u «user» --password-stdin", "dckr_pat_«ax27»", "-u «user»"),
    ("sonar-scanner-login-property", "sonar-scanner -Dsonar.projectKey=«slug»_«repo» -Dsonar.host.url=https://sonar.«slug».in -Dsonar.login=«S»", "squ_«hex40»", "-Dsonar.projectKey=«slug»_«repo»"),
    ("snyk-auth-uuid-token", "- run: npx snyk auth «S» && npx snyk test --severity-threshold=high", "«uuid»", "--severity-threshold=high"),
    ("codecov-token-with-block", "      - uses: codecov/codecov-action@v4\n        with:\n          token: «S»\n          files: ./coverage.xml", "«uuid»", "files: ./coverage.xml"),
    ("slack-webhook-url-env-value", "env:\n  SLACK_WEBHOOK_URL: https://hooks.slack.com/services/T«ua8»/B«ua10»/«S»\n  SLACK_CHANNEL: '#deploys-«c:prod|blr|pk»'", "«an24»", "SLACK_CHANNEL"),
    ("telegram-token-ci-env", "  notify:\n    stage: .post\n    variables:\n      TG_BOT_TOKEN: \"«S»\"\n      TG_CHAT_ID: \"-100«dig10»\"", "«tg»", "TG_CHAT_ID: \"-100«dig10»\""),
    ("groovy-init-credentials-positional", "def c = new UsernamePasswordCredentialsImpl(CredentialsScope.GLOBAL, \"tally-rdp\", \"Tally RDP box\", \"«user»\", \"«S»\")\nSystemCredentialsProvider.getInstance().getStore().addCredentials(Domain.global(), c)", "«pw»", "\"tally-rdp\""),
    ("gha-services-postgres-password", "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_USER: «user»\n          POSTGRES_PASSWORD: «S»\n        ports: ['5432:5432']", "«pwr»", "POSTGRES_USER: «user»"),
    ("k8s-dockerconfigjson-secret", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: regcred\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: «S»", "~b64:{\"auths\":{\"registry.«slug».in\":{\"username\":\"«user»\",\"password\":\"«pwr»\"}}}", "name: regcred"),
    ("teamcity-param-value", "<param name=\"env.DB_PASSWORD\" value=\"«S»\" />\n<param name=\"env.DB_HOST\" value=\"«host»\" />", "«pw»", "env.DB_HOST"),
    ("gha-step-git-push-token-url", "      - run: git push https://x-access-token:«S»@github.com/«slug»/«repo».git HEAD:release", "ghs_«an36»", "HEAD:release"),
    ("sas-url-signature-only", "az storage blob upload-batch -s ./build -d '$web' --account-name «lc8»st --sas-token 'sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2025-0«dig1»-01T00:00:00Z&st=«date»T00:00:00Z&spr=https&sig=«S»'", "«sassig»", "sv=2022-11-02"),
    ("s3-presigned-url-signature", "«ts» uploading artifact via presigned URL https://«bucket».s3.ap-south-1.amazonaws.com/builds/«app»-«ver».apk?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20240312T101500Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»", "«hex64»", "X-Amz-Algorithm=AWS4-HMAC-SHA256"),
    ("gcs-signed-url-signature", "curl -X PUT --upload-file app-release.aab \"https://storage.googleapis.com/«bucket»/releases/«ver»/app-release.aab?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Date=20240312T101500Z&X-Goog-Expires=600&X-Goog-SignedHeaders=host&X-Goog-Signature=«S»\"", "«hex512»", "X-Goog-Algorithm=GOOG4-RSA-SHA256"),
])


# =========================================================== vendor-token
_add("vendor-token", [
    ("razorpay-key-secret-24", "key_id=«rzpid»\nkey_secret=«S»", "«an24»", "key_id=«rzpid»"),
    ("razorpay-webhook-secret-human", "Razorpay webhook (payment.captured, refund.processed) → https://«host»/rzp/webhook  secret: «S»", "«pw»", "payment.captured"),
    ("razorpay-oauth-access-token", "X-Razorpay-Account: acc_«an14»\nAuthorization: Bearer «S»", "rzp_live_oauth_«an14»", "X-Razorpay-Account: acc_«an14»"),
    ("paytm-merchant-key-16", "«c:MID|mid|merchantId»: «mid»\n«c:MERCHANT_KEY|merchant_key|merchantKey»: «S»", "«pmk»", "«mid»"),
    ("phonepe-salt-key-uuid", "PHONEPE_SALT_KEY=«S»\nPHONEPE_SALT_INDEX=«c:1|2»", "«uuid»", "PHONEPE_SALT_INDEX"),
    ("phonepe-v2-client-secret", "client_id: «uc4»_«dig10»\nclient_version: 1\nclient_secret: «S»", "«hex8»-«hex4»-«hex4_b»-«hex4_c»-«hex12»«hex8_b»", "client_version: 1"),
    ("cashfree-cfsk-secret", "«c:x-client-secret|CASHFREE_SECRET_KEY|cf_secret»: «S»", "«cfs»", ""),
    ("cashfree-payout-client-secret", "Payouts (Cashfree) client id: CF«dig6»«ua20»  client secret: «S»", "«an40»", "CF«dig6»«ua20»"),
    ("payu-merchant-salt-32", "PAYU_MERCHANT_KEY=«an6»\nPAYU_MERCHANT_SALT=«S»", "«an32»", "PAYU_MERCHANT_KEY=«an6»"),
    ("payu-salt-v2-long", "salt_v2: «S»", "MIIEv«bc120»", "salt_v2"),
    ("ccavenue-working-key-hex", "working_key = «S»\naccess_code = AV«ua16»", "«HEX32»", "access_code"),
    ("instamojo-private-salt-hex", "X-Api-Key: «hex32»\nX-Auth-Token: «S»", "«hex32_b»", "X-Api-Key"),
    ("instamojo-v2-client-secret-long", "grant_type=client_credentials&client_id=«an40»&client_secret=«S»", "«an128»", "grant_type=client_credentials"),
    ("jazzcash-integrity-salt", "pp_MerchantID=MC«dig5»\npp_Password=«la10_b»\nIntegritySalt=«S»", "«la10»", "pp_MerchantID=MC«dig5»"),
    ("easypaisa-hash-key-16", "storeId=«dig5»&hashKey=«S»", "«ua16»", "storeId=«dig5»"),
    ("bkash-app-secret-50", "app_key: «an25»\napp_secret: «S»", "«an50»", "app_key"),
    ("sslcommerz-store-passwd", "store_id: «lc5»«hex8»live\nstore_passwd: «S»", "«lc5»«hex8»@ssl", "store_id"),
    ("khalti-live-secret-key", "Authorization: Key «S»", "live_secret_key_«hex32»", "Authorization: Key"),
    ("esewa-secret-key-symbols", "ESEWA_PRODUCT_CODE=«uc4»«dig4»\nESEWA_SECRET_KEY=«S»", "«sy16»", "ESEWA_PRODUCT_CODE=«uc4»«dig4»"),
    ("payhere-merchant-secret-b64", "merchant_id: «dig7»  merchant_secret: «S»", "«bs39»", "merchant_id: «dig7»"),
    ("stripe-live-secret-key", "«c:STRIPE_SECRET_KEY|stripe.api_key|sk»=«S»", "sk_live_51«an96»", ""),
    ("stripe-restricted-key", "rk: «S» (read-only charges, for recon job)", "rk_live_51«an96»", "read-only charges"),
    ("msg91-authkey", "authkey: «S»", "«m91»", "authkey"),
    ("textlocal-apikey-b64ish", "apikey=«S»&sender=«uc6»", "«bs30»", "sender=«uc6»"),
    ("gupshup-apikey-32", "apikey: «S»\nappname: «slug»", "«la32»", "appname: «slug»"),
    ("exotel-api-token-40", "EXOTEL_SID=«exsid»\nEXOTEL_API_KEY=«hex32»\nEXOTEL_API_TOKEN=«S»", "«hex40»", "EXOTEL_SID=«exsid»"),
    ("kaleyra-api-key-a-hex", "api-key: «S»", "A«hex32»", "api-key"),
    ("twilio-auth-token-with-sid", "TWILIO_ACCOUNT_SID=AC«hex32»\nTWILIO_AUTH_TOKEN=«S»", "«hex32_b»", "AC«hex32»"),
    ("twilio-api-key-secret", "SK«hex32»:«S»", "«an32»", "SK«hex32»"),
    ("whatsapp-cloud-access-token", "WA_ACCESS_TOKEN=«S»", "«eaa»", "WA_ACCESS_TOKEN"),
    ("meta-app-secret-hex32", "FB_APP_ID=«dig15»\nFB_APP_SECRET=«S»", "«hex32»", "FB_APP_ID=«dig15»"),
    ("zoho-refresh-token-dotted", "refresh_token=«S»", "«zrt»", "refresh_token"),
    ("zoho-client-secret-42", "client_id=«zcid»\nclient_secret=«S»", "«la42»", "«zcid»"),
    ("zeptomail-enczapikey", "Authorization: Zoho-enczapikey «S»", "«bs96»", "Zoho-enczapikey"),
    ("tally-connector-sync-key", "TALLY_CLOUD_SYNC_KEY=«S»", "tsk_«la32»", "TALLY_CLOUD_SYNC_KEY"),
    ("shiprocket-api-token-jwt", "SHIPROCKET_TOKEN=«S»", "«jwt»", "SHIPROCKET_TOKEN"),
    ("delhivery-token-hex40", "Authorization: Token «S»", "«hex40»", "Authorization: Token"),
    ("bluedart-licence-key", "LoginID: «uc3»«dig5»\nLicenceKey: «S»", "«hex32»", "LoginID: «uc3»«dig5»"),
    ("digio-client-secret", "DIGIO_CLIENT_ID=«ua26»\nDIGIO_CLIENT_SECRET=«S»", "«ua32»", "DIGIO_CLIENT_ID=«ua26»"),
    ("karza-x-karza-key", "x-karza-key: «S»", "«an16»", "x-karza-key"),
    ("hyperverge-app-key", "appId: «lc6»\nappKey: «S»", "«la20»", "appId: «lc6»"),
    ("setu-client-secret", "x-client-id: «uuid»\nx-client-secret: «S»\nx-product-instance-id: «uuid_b»", "«an32»", "x-product-instance-id: «uuid_b»"),
    ("digilocker-client-secret", "client_id=«ua10»&client_secret=«S»&redirect_uri=https%3A%2F%2F«host»%2Fcb", "«hex40»", "client_id=«ua10»"),
    ("aadhaar-asa-licence-key", "lk=«S»", "M«bu46»", ""),
    ("irp-appkey-base64-32", "AppKey: «S»", "«bs32»", "AppKey"),
    ("irp-session-encryption-key", "Sek: «S»\nTokenExpiry: «date» 23:59:00", "«bs32»", "TokenExpiry: «date» 23:59:00"),
    ("ewaybill-api-password", "ewb_username: «user»_API_«uc3»\newb_password: «S»", "«pw»", "ewb_username: «user»_API_«uc3»"),
    ("aws-secret-access-key-40", "«akid»:«S»", "«aws»", "«akid»"),
    ("aws-session-token-long", "AWS_SESSION_TOKEN=«S»", "«sts»", "AWS_SESSION_TOKEN"),
    ("azure-storage-account-key-88", "DefaultEndpointsProtocol=https;AccountName=«lc8»st;AccountKey=«S»;EndpointSuffix=core.windows.net", "«bs64»", "AccountName=«lc8»st"),
    ("azure-ad-client-secret-q-tilde", "AZURE_CLIENT_ID=«uuid»\nAZURE_CLIENT_SECRET=«S»", "«azs»", "AZURE_CLIENT_ID=«uuid»"),
    ("google-api-key-aiza", "«c:GOOGLE_API_KEY|MAPS_KEY|gemini_key»=«S»", "«goog»", ""),
    ("gcp-service-account-pem-body", "\"private_key\": \"-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n\"", "«pkj»", "-----BEGIN PRIVATE KEY-----"),
    ("digitalocean-pat-dop-v1", "DIGITALOCEAN_TOKEN=«S»", "dop_v1_«hex64»", "DIGITALOCEAN_TOKEN"),
    ("e2e-networks-auth-token", "api_key: «uuid»\nauth_token: «S»", "«jwt»", "api_key: «uuid»"),
    ("linode-token-hex64", "LINODE_TOKEN=«S»", "«hex64»", "LINODE_TOKEN"),
    ("cloudflare-api-token-40", "CF_API_TOKEN=«S»", "«ax40»", "CF_API_TOKEN"),
    ("github-classic-pat", "GH_TOKEN=«S»", "«ghp»", "GH_TOKEN"),
    ("github-fine-grained-pat", "token: «S»", "«ghfg»", ""),
    ("github-oauth-gho", "oauth_token: «S»\nuser: «user»", "gho_«an36»", "user: «user»"),
    ("gitlab-pat-glpat", "PRIVATE-TOKEN: «S»", "«glpat»", "PRIVATE-TOKEN"),
    ("npm-automation-token", "//registry.npmjs.org/:_authToken=«S»", "«npm»", "registry.npmjs.org"),
    ("pypi-api-token", "password = «S»", "pypi-AgEIcHlwaS5vcmc«bu80»", ""),
    ("slack-bot-token-xoxb", "SLACK_BOT_TOKEN=«S»", "xoxb-«dig12»-«dig13»-«an24»", "SLACK_BOT_TOKEN"),
    ("slack-user-token-xoxp", "xoxp token for the export script: «S»", "xoxp-«dig12»-«dig12_b»-«dig13»-«hex32»", "export script"),
    ("telegram-bot-token", "BOT_TOKEN=«S»", "«tg»", "BOT_TOKEN"),
    ("discord-bot-token", "DISCORD_TOKEN=«S»", "MT«an24».«ax6».«ax38»", "DISCORD_TOKEN"),
    ("sendgrid-api-key", "SENDGRID_API_KEY=«S»", "SG.«ax22».«ax43»", "SENDGRID_API_KEY"),
    ("mailgun-key-hex", "api:«S»", "key-«hex32»", ""),
    ("openai-project-key", "OPENAI_API_KEY=«S»", "sk-proj-«ax74»T3BlbkFJ«ax74_b»", "OPENAI_API_KEY"),
    ("anthropic-api-key", "ANTHROPIC_API_KEY=«S»", "sk-ant-api03-«ax93»AA", "ANTHROPIC_API_KEY"),
    ("huggingface-token", "HF_TOKEN=«S»", "hf_«an34»", "HF_TOKEN"),
    ("fcm-legacy-server-key", "Authorization: key=«S»", "AAAA«ax7»:APA91b«ax134»", "Authorization: key="),
    ("sentry-org-auth-token", "SENTRY_AUTH_TOKEN=«S»", "sntrys_«bu90»", "SENTRY_AUTH_TOKEN"),
    ("atlassian-api-token", "«email»:«S»", "ATATT3xFfGF0«ax180»", "«email»"),
    ("postman-api-key", "X-Api-Key: «S»", "PMAK-«hex24»-«hex34»", ""),
    ("shopify-admin-access-token", "X-Shopify-Access-Token: «S»", "shpat_«hex32»", "X-Shopify-Access-Token"),
    ("newrelic-user-key", "NEW_RELIC_API_KEY=«S»", "NRAK-«ua27»", "NEW_RELIC_API_KEY"),
    ("datadog-api-and-app-key", "DD_API_KEY=«hex32»\nDD_APP_KEY=«S»", "«hex40»", ""),
    ("vault-service-token-hvs", "VAULT_TOKEN=«S»", "hvs.«ax90»", "VAULT_TOKEN"),
    ("doppler-service-token", "DOPPLER_TOKEN=«S»", "dp.st.prd.«an40»", "DOPPLER_TOKEN"),
    ("grafana-service-account-token", "Authorization: Bearer «S»", "glsa_«an32»_«hex8»", ""),
    ("mapbox-secret-token", "MAPBOX_DOWNLOADS_TOKEN=«S»", "sk.eyJ1Ijoi«bu40».«ax22»", "MAPBOX_DOWNLOADS_TOKEN"),
    ("google-oauth-client-secret", "client_id: «dig12»-«la32».apps.googleusercontent.com\nclient_secret: «S»", "GOCSPX-«ax28»", "apps.googleusercontent.com"),
    ("supabase-secret-key-sb", "SUPABASE_SECRET_KEY=«S»", "sb_secret_«ax32»", "SUPABASE_SECRET_KEY"),
    ("jwt-hs256-signing-secret", "JWT_SECRET=«S»", "«hex64»", "JWT_SECRET"),
])


# ================================================================= BENIGN
_BENIGN_TPL = [
    # commit SHAs, digests, checksums
    "commit «hex40»\nAuthor: «name» «last» <«email»>\nDate:   «c:Mon|Tue|Wed|Thu|Fri» Mar «dd» «hh»:«mi»:07 2024 +0530\n\n    fix(payments): retry capture on 502 from gateway",
    "deployed «app»@«hex7» to ap-south-1 (build #«dig4», triggered by «name»)",
    "«hex64»  «app»-«ver»-linux-amd64.tar.gz",
    "«c:registry|cr|harbor».«slug».in/«app»@sha256:«hex64»",
    "\"integrity\": \"sha512-«bs64»\"",
    "Merge pull request #«dig4» from «slug»/fix/«c:upi-timeout|gst-rounding|otp-resend|awb-retry» («hex7»)",
    "checksum mismatch for tally_export_«date».zip: expected «hex40» got «hex40_b»",
    "oid sha256:«hex64»\nsize «dig7»",
    "github.com/«slug»/«repo» v«ver» h1:«bc43»=",
    "ETag: \"«hex32»\"",
    "md5(invoice_«dig6».pdf) = «hex32»",
    # ids and trace ids
    "request_id=«uuid» method=POST path=/v1/payments/capture status=200 latency_ms=«dig3»",
    "traceparent: 00-«hex32»-«hex16»-01",
    "X-Amzn-Trace-Id: Root=1-«hex8»-«hex24»",
    "x-amz-request-id: «ua16»\nx-amz-id-2: «bs56»",
    "cf-ray: «hex16»-«c:BOM|DEL|MAA|BLR|KHI|DAC|CMB»",
    "correlationId=«uuid» merchantOrderId=ORD«dig10» state=COMPLETED",
    "job «uuid» finished in «dig2».«dig1»s (queue=gst-einvoice, attempts=1)",
    "ulid=01H«cr23» event=order.created",
    "«app»-«la10»-«la5»   1/1   Running   0   «dig1»d",
    "container «hex12» exited with code 137 (OOMKilled)",
    "Run #«dig5» · «hex7» · main · «name» «last»",
    # payment / gateway references that are not secrets
    "payment_id=pay_«an14» order_id=order_«an14_b» amount=«dig5» currency=INR status=captured",
    "refund rfnd_«an14_b» created for pay_«an14» (amount «dig4» paise)",
    "Checkout options: key: '«rzpid»' — this is the publishable key id, safe to ship in the web bundle",
    "TXNID=«dig20» BANKTXNID=«dig12» STATUS=TXN_SUCCESS RESPCODE=01 GATEWAYNAME=«c:HDFC|ICICI|SBI|AXIS»",
    "CHECKSUMHASH=«bs81»",
    "X-VERIFY: «hex64»###1",
    "X-Razorpay-Signature: «hex64»",
    "webhook signature ok: computed=«hex64» (event payment.captured, id evt_«an14»)",
    "UPI Ref No «dig12» | VPA «vpa» | ₹«dig3».00 | «c:SUCCESS|PENDING|FAILED»",
    "UTR: «c:HDFC|ICIC|SBIN|UTIB»N«dig12» credited ₹«dig5».00 on «date»",
    "IFSC «c:HDFC|ICIC|SBIN|UTIB|KKBK»0«ua6» branch «city»",
    "GSTIN «gstin» — «co», «city»",
    "IRN: «hex64»\nAckNo: «dig15»\nAckDt: «date» 12:«mi»:00",
    "EWB No. «dig12» generated, valid upto «date» 23:59:00",
    "AWB «awb» (Delhivery) — In Transit, «c:Bhiwandi|Gurgaon|Bengaluru|Kolkata» hub",
    "shipment_id=«dig9» order_id=«dig9_b» courier=«c:Delhivery|Xpressbees|Ecom Express|Shadowfax» awb=«awb»",
    "Invoice INV/2024-25/«dig5» dated «date», HSN «dig8», IGST 18%",
    "bKash trxID «ua10» paymentID TR«ua21»",
    "JazzCash pp_TxnRefNo T«dig14» pp_ResponseCode=000",
    "SSLCommerz val_id «dig12»«ua6» tran_id «ua10» status VALID",
    "merchant id «dig7» / terminal «ua8» (CCAvenue)",
    # masked values
    "RAZORPAY_KEY_SECRET=************************",
    "key_secret: rzp_live_••••••••«an4» (masked in dashboard)",
    "PAYTM_MERCHANT_KEY=****************  # masked by `env | mask`",
    "card XXXX XXXX XXXX «dig4» (VISA) approved",
    "Aadhaar XXXX XXXX «dig4» verified via OTP (masked as per UIDAI guidelines)",
    "PAN «uc5»****«uc1» linked",
    "+91 9«dig1»XXXXXX«dig2» ne OTP request kiya (masked)",
    "Looking in indexes: https://«user»:****@nexus.«slug».in/repository/pypi/simple",
    "Error: Invalid API Key provided: sk_live_************«an4»",
    "DB_PASSWORD=[REDACTED] DB_HOST=«host»",
    "authorization: Bearer ***",
    # placeholders and templates
    "RAZORPAY_KEY_SECRET=<your_key_secret>",
    "PAYTM_MERCHANT_KEY=${PAYTM_MERCHANT_KEY}",
    "password: ${{ secrets.«c:DB_PASSWORD|SHIPROCKET_PASSWORD|BKASH_PASSWORD|CASHFREE_SECRET» }}",
    "value: {{ .Values.«c:db|redis|razorpay».«c:password|secret|keySecret» | quote }}",
    "mysql_root_password: \"{{ vault_mysql_root_password }}\"",
    "DB_PASSWORD=changeme  # placeholder, real value comes from SSM at boot",
    "MSG91_AUTHKEY=YOUR_MSG91_AUTHKEY_HERE",
    "api_key: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  # replace with your Gupshup key",
    "export CASHFREE_CLIENT_SECRET=\"$(vault kv get -field=client_secret secret/«ns»/cashfree)\"",
    "DB_PASSWORD=${DB_PASSWORD:?DB_PASSWORD must be set}",
    "$env:DB_PASSWORD = Read-Host -AsSecureString -Prompt 'Tally SQL password'",
    "docker login «c:registry|cr».«slug».in -u «user» --password-stdin < /run/secrets/registry_pw",
    "mysql -h «host» -u «user» -p «db»",
    "Enter passphrase for key '/home/«user»/.ssh/id_ed25519':",
    "curl -u \"$RAZORPAY_KEY_ID:$RAZORPAY_KEY_SECRET\" https://«host»/v1/orders",
    "password = os.environ[\"«c:DB_PASSWORD|PAYU_SALT|EXOTEL_API_TOKEN|ZOHO_CLIENT_SECRET»\"]",
    "const secret = process.env.«c:RAZORPAY_KEY_SECRET|CF_SECRET|MSG91_AUTHKEY»; // never hardcode",
    # where secrets live
    "vault kv get -field=key_secret secret/«ns»/razorpay",
    "arn:aws:secretsmanager:ap-south-1:«dig12»:secret:prod/«app»/db-«an6»",
    "valueFrom: arn:aws:ssm:ap-south-1:«dig12»:parameter/«app»/prod/«c:MSG91_AUTHKEY|DELHIVERY_TOKEN|PAYU_SALT»",
    "        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: «app»-db\n              key: password",
    "password_file: /run/secrets/«c:db_password|tally_pwd|smtp_pass»",
    "Required env: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET, «c:MSG91_AUTHKEY|EXOTEL_API_TOKEN|GUPSHUP_API_KEY»",
    "$ gh secret list\n«c:RAZORPAY_KEY_SECRET|SHIPROCKET_PASSWORD|AWS_SECRET_ACCESS_KEY»  Updated «date»\nSLACK_WEBHOOK_URL  Updated «date_b»",
    "$ kubectl describe secret «app»-db -n «ns»\nType:  Opaque\n\nData\n====\npassword:  «dig2» bytes\nusername:  «dig1» bytes",
    "  # module.rds.aws_db_instance.main will be updated in-place\n      ~ password = (sensitive value)",
    "sops: ENC[AES256_GCM,data:«bs24»,iv:«bs32»,tag:«bs16»,type:str]",
    "  «c:apiKey|dbPassword|razorpaySecret»:\n    secure: v1:«bs12»:«bs48»",
    "encryptedData:\n  password: AgB«bc300»",
    "1Password item: \"«c:Tally RDP|Zoho Books admin|CCAvenue dashboard|bKash merchant portal»\" in vault «c:Finance|Payments|Ops»",
    "Secret «c:razorpay-creds|kyc-secrets|regcred» created in namespace «ns» (3 keys)",
    "KeyVault reference: @Microsoft.KeyVault(SecretUri=https://«slug»-kv.vault.azure.net/secrets/«c:SqlPassword|PayuSalt|ZohoSecret»/)",
    # public keys and fingerprints
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI«bc43» «user»@«slug»-laptop",
    "ED25519 key fingerprint is SHA256:«bc43».",
    "gpg: key «HEX16»: public key \"«name» «last» <«email»>\" imported",
    "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA«bc300»\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\nMIID«bc200»\n-----END CERTIFICATE-----",
    "{\"kty\":\"RSA\",\"kid\":\"«hex16»\",\"use\":\"sig\",\"alg\":\"RS256\",\"n\":\"«bu256»\",\"e\":\"AQAB\"}",
    "[Peer]\nPublicKey = «bs32»\nAllowedIPs = 10.«dig2».0.0/16\nEndpoint = «ip»:51820",
    "age recipient: age1«la58»",
    "SHA-1 certificate fingerprint: «HEX2»:«HEX2_b»:«HEX2_c»:«HEX2_d»:«HEX2_e»:«HEX2_f»:«HEX2_g»:«HEX2_h»:«HEX2_i»:«HEX2_j»:«HEX2_k»:«HEX2_l»:«HEX2_m»:«HEX2_n»:«HEX2_o»:«HEX2_p»:«HEX2_q»:«HEX2_r»:«HEX2_s»:«HEX2_t»",
    "Twilio Account SID AC«hex32» (identifier only; auth token lives in vault)",
    "Firebase app id 1:«dig12»:android:«hex16»",
    "measurement id G-«ua10», tag manager GTM-«ua7»",
    "NEXT_PUBLIC_RAZORPAY_KEY_ID=«rzpid»",
    # base64 of ordinary text
    "«c:banner|motd|note»: «b64txt»",
    "data: «b64txt»",
    # paths, versions, misc
    "/home/«user»/.ssh/id_ed25519.pub",
    "C:\\Users\\«name»\\AppData\\Local\\TallyPrime\\tally.ini",
    "razorpay==1.4.«dig1», paytmchecksum==1.7.«dig1_b», cashfree-pg==4.«dig1_c».«dig1_d»",
    "node v20.«dig2».«dig1» / npm 10.«dig1_b».«dig1_c» / pnpm 8.«dig2_b».«dig1_d»",
    "v«ver»-rc.«dig1»+build.«hex7»",
    "SKU-«ua12»-«dig4» | HSN «dig8» | MRP ₹«dig4_b»",
    "MAC «HEX2»:«HEX2_b»:«HEX2_c»:«HEX2_d»:«HEX2_e»:«HEX2_f» on tally-srv («ip»)",
    "otp:attempts:91«phone» = 2 (ttl 600)",
    "IMG_«date»_«dig6».jpg uploaded to s3://«bucket»/kyc/«uuid».jpg",
    "at com.«slug».payments.RazorpayService.capture(RazorpayService.java:«dig3»)",
    "«lts» INFO  payment captured pay_«an14» amount=«dig5» paise method=upi",
    "Ticket «c:PAY|KYC|OPS|GST»-«dig4»: «c:refund stuck|OTP not delivered|e-invoice IRN mismatch|AWB not assigned»",
    "session expired at «ts», please log in again",
    # prose about passwords and policy, multilingual
    "Password policy: at least 12 characters, one digit, one symbol; rotate every 90 days; no reuse of the last «c:5|6|8» passwords.",
    "Never paste the Razorpay key_secret in Slack — share the vault path instead («c:secret/payments/razorpay|secret/prod/razorpay»).",
    "bhai password yahan mat daalo, DM kar do ya vault me rakh do («c:secret/«ns»/db|1Password › Payments»)",
    "पासवर्ड कम से कम 12 अक्षर का होना चाहिए और हर «c:60|90» दिन में बदलना है",
    "OTP kisi ke saath share na karein — «co» kabhi OTP nahi maangta",
    "পাসওয়ার্ড এখানে শেয়ার করবেন না, vault এ secret/«ns»/«c:db|bkash|sslcz» দেখুন",
    "پاس ورڈ یہاں شیئر نہ کریں، vault میں «c:secret/jazzcash|secret/easypaisa|secret/db» دیکھیں",
    "password-ஐ vault-ல இருந்து எடுத்துக்கோங்க, chat-ல போடாதீங்க («name»)",
    "මුරපදය vault එකේ තියෙනවා — secret/«ns»/«c:payhere|db|sms» බලන්න",
    "पासवर्ड यहाँ नलेख्नुहोस्, vault को secret/«ns»/«c:khalti|esewa|db» हेर्नुहोस्",
    "machan, token eka chat ekata danna epa, «name»ta DM karanna",
    "machi password-a Slack-la podatha, 1Password-la share pannu",
    "OTP «c:6|4» digits ka hota hai aur 10 minute mein expire ho jata hai; 3 galat attempts ke baad 30 min lock",
    "The key_secret is shown only once in the dashboard; if lost, regenerate it and update secret/«ns»/razorpay.",
    "Rotated the MSG91 authkey on «date»; new value is in SSM, not pasted here.",
    "Reminder: UPI MPIN and ATM PIN must never be logged, even in staging.",
    "«name»: creds bhej diye hain 1Password me, check kar lo",
    "«name»: password reset link bhej diya hai «email» pe, 15 min valid",
    "TODO: move PHONEPE_SALT_KEY from .env to AWS Secrets Manager before «date»",
    "Security review: secrets in code — «c:0|none|zero» findings after the «date» sweep",
]


def _b64txt():
    words = ["Namaste", "from", "the", _pick(_CITY), "team", "deploy", "window", "is", "Friday", "after",
             "8pm", "IST", "please", "do", "not", "push", "to", "main", "chai", "break", "at", "4"]
    n = _R.randrange(5, 11)
    s = " ".join(_pick(words) for _ in range(n))
    return _b64.b64encode(s.encode()).decode()


_NAMED["b64txt"] = _b64txt


# ================================================================== build
def _build_secrets():
    out = []
    for g in _GROUPS:
        rows = _FORMATS[g]
        base, extra = divmod(_PER_GROUP, len(rows))
        if base < 1 or base + (1 if extra else 0) > 3:
            raise ValueError("group %s has %d formats" % (g, len(rows)))
        for i, (name, tpl, sspec, vspec) in enumerate(rows):
            for _ in range(base + (1 if i < extra else 0)):
                t, s, v = _one(tpl, sspec, vspec)
                out.append((g, name, t, s, v))
    return out


def _build_benign(n, secrets):
    long_secrets = [e[3] for e in secrets if len(e[3]) >= 8]
    seen, out = set(), []
    for _ in range(40):
        for tpl in _BENIGN_TPL:
            b = _fill(tpl, _Ctx())
            if b in seen or "«" in b or any(s in b for s in long_secrets):
                continue
            seen.add(b)
            out.append(b)
            if len(out) == n:
                return out
    raise ValueError("not enough benign strings")


SECRETS = _build_secrets()
BENIGN = _build_benign(950, SECRETS)
