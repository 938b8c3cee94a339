# -*- coding: utf-8 -*-
"""A twelfth hold-out corpus for secret redaction, written without reading the redaction
code: a fifth prose and chat in twenty languages, a fifth configuration in many formats, a
fifth code in 36 languages, a fifth commands and terminal sessions, a fifth vendor tokens
(296 shapes of about 246 vendors), with secrets beside look-alike ids and wrapped across
lines. It measured 0.918 recall and 3.4% false positives blind (some of its look-alikes
are public by design: publishable keys, site keys), and is regression data now
(tests/test_redaction_holdouts.py holds its recall per group and its false positives).

Defines SECRETS (group, format, text, secret, visible) and BENIGN (list of str). In a
private key's text the secret is the body only; in a signed URL, the signature.
All secret values are synthetic, generated from a fixed-seed random.Random.
Standard library only; silent on import.
"""
import base64 as _b64mod
import json as _json
import random as _random
import re as _re
import string as _string
import urllib.parse as _urlparse

_R = _random.Random(0x401D14)

# ---------------------------------------------------------------------------
# alphabets and primitive generators
# ---------------------------------------------------------------------------
_LO = _string.ascii_lowercase
_UPC = _string.ascii_uppercase
_DG = _string.digits
_HX = "0123456789abcdef"
_HXU = "0123456789ABCDEF"
_AN = _LO + _UPC + _DG
_LAN = _LO + _DG
_UAN = _UPC + _DG
_LET = _LO + _UPC
_B64A = _AN + "+/"
_B64UA = _AN + "-_"
_B32 = _UPC + "234567"
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
_CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def _rs(alpha, n):
    return "".join([_R.choice(alpha) for _ in range(n)])


def _edge(alpha, n):
    """Random string over ``alpha`` whose first and last chars are alphanumeric."""
    if n <= 2:
        return _rs(_AN, n)
    return _R.choice(_AN) + _rs(alpha, n - 2) + _R.choice(_AN)


def _hex(n):
    return _rs(_HX, n)


def _hexu(n):
    return _rs(_HXU, n)


def _b62(n):
    return _rs(_AN, n)


def _b64u(n):
    return _edge(_B64UA, n)


def _b64c(n):
    return _edge(_B64A, n)


def _low(n):
    return _rs(_LAN, n)


def _up(n):
    return _rs(_UAN, n)


def _let(n):
    return _rs(_LET, n)


def _num(n):
    return _R.choice("123456789") + _rs(_DG, n - 1)


def _rb(n):
    return bytes([_R.getrandbits(8) for _ in range(n)])


def _b64(nbytes):
    return _b64mod.b64encode(_rb(nbytes)).decode()


def _b64url(nbytes):
    return _b64mod.urlsafe_b64encode(_rb(nbytes)).decode().rstrip("=")


def _b64s(s):
    return _b64mod.b64encode(s.encode("utf-8")).decode()


def _b64us(s):
    return _b64mod.urlsafe_b64encode(s.encode("utf-8")).decode().rstrip("=")


def _uuid():
    h = _hex(32)
    h = h[:12] + "4" + h[13:16] + _R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _ts():
    return 1704067200 + _R.randint(0, 60000000)


def _jenc(obj):
    return _b64us(_json.dumps(obj, separators=(",", ":")))


_SIGLEN = {"HS256": 43, "HS384": 64, "HS512": 86, "RS256": 342, "ES256": 86, "EdDSA": 86}


def _jwt(claims, alg="HS256", kid=None, typ=True):
    hdr = {"alg": alg}
    if typ:
        hdr["typ"] = "JWT"
    if kid:
        hdr["kid"] = kid
    return _jenc(hdr) + "." + _jenc(claims) + "." + _b64u(_SIGLEN[alg])


def _wrap(s, width, sep="\n"):
    return sep.join([s[i:i + width] for i in range(0, len(s), width)])


# ---------------------------------------------------------------------------
# filler pools
# ---------------------------------------------------------------------------
_USERS = ["deploy", "app_rw", "svc_billing", "ci-bot", "etl_reader", "jenkins", "analytics",
          "orders_svc", "backup", "webapp", "reporting", "airflow", "metabase", "keycloak",
          "sonar", "nextcloud", "superset", "payments", "ledger_app", "crm_sync", "ops",
          "migrator", "readonly", "api_user"]
_HOSTS = ["db.staging.internal", "pg-prod-eu1.acme.io", "mysql-01.corp.example.com",
          "10.0.3.17", "10.12.40.5", "172.16.8.21",
          "orders-db.c9akciq32xyz.eu-west-1.rds.amazonaws.com",
          "reporting.cluster-ro-cx8k2.us-east-2.rds.amazonaws.com",
          "db-primary.service.consul", "postgres.default.svc.cluster.local", "mariadb.lan",
          "sql-prod.acme.local", "192.168.1.40", "analytics-replica.internal",
          "ledger-db-2.prod.example.net", "pg.dev.globex.net"]
_DBS = ["orders", "app_production", "billing", "analytics", "inventory", "keycloak",
        "grafana", "wiki", "crm", "ledger", "events", "users", "payments", "catalog"]
_ORGS = ["acme", "globex", "initech", "umbrella", "hooli", "piedpiper", "starkind",
         "wayneent", "tyrell", "cyberdyne", "soylent", "vandelay", "contoso", "fabrikam"]
_REPOS = ["api", "web", "infra", "billing-service", "mobile-app", "data-pipeline",
          "terraform-modules", "helm-charts", "docs", "auth-gateway", "worker", "monorepo"]
_PEOPLE = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan",
           "judy", "oscar", "peggy", "trent", "victor", "walter", "yuki", "zoe", "lena",
           "marco", "sofia", "jan", "kasia", "pierre", "hans", "wei", "tanaka", "joao",
           "lucia", "giulia", "sven"]
_REGIONS = ["us-east-1", "eu-west-1", "eu-central-1", "ap-southeast-2", "us-west-2",
            "ap-northeast-1", "eu-north-1", "ca-central-1"]
_WORDS = ("apple river falcon maple orbit tundra violin copper meadow harbor lantern pepper "
          "quartz rocket saddle timber velvet walnut zephyr amber breeze cactus dolphin ember "
          "fjord glacier hazel island jungle kettle lemon mango nectar olive panda quill raven "
          "sierra tiger willow anchor bishop candle dragon eagle forest garnet hollow indigo "
          "jasper koala lotus marble nickel oyster pillow ribbon silver thistle vortex wander "
          "yellow zebra badger cobalt dune fossil gravel hermit igloo jigsaw kayak ladder "
          "magnet nomad orchid puzzle quarry rhubarb sprout tulip valley wombat yogurt "
          "crimson saffron basalt cedar comet delta falcon granite harvest juniper lagoon "
          "mistral nebula obsidian prairie quiver sequoia trumpet umbrella voyage whistle").split()
_BIP = ("abandon ability able about above absent absorb abstract absurd abuse access accident "
        "account accuse achieve acid acoustic acquire across act action actor actress actual "
        "adapt add addict address adjust admit adult advance advice aerobic affair afford "
        "afraid again age agent agree ahead aim air airport aisle alarm album alcohol alert "
        "alien all alley allow almost alone alpha already also alter always amateur amazing "
        "among amount amused analyst anchor ancient anger angle angry animal ankle announce "
        "annual another answer antenna antique anxiety any apart apology appear apple approve "
        "april arch arctic area arena argue arm armed armor army around arrange arrest arrive "
        "arrow art artefact artist artwork ask aspect assault asset assist assume asthma "
        "athlete atom attack attend attitude attract auction audit august aunt author auto "
        "autumn average avocado avoid awake aware away awesome awful awkward axis baby "
        "bachelor bacon badge bag balance balcony ball bamboo banana banner bar barely "
        "bargain barrel base basic basket battle beach bean beauty because become beef "
        "before begin behave behind believe below belt bench benefit best betray better "
        "between beyond bicycle bid bike bind biology bird birth bitter black blade blame "
        "blanket blast bleak bless blind blood blossom blouse blue blur blush board boat "
        "body boil bomb bone bonus book boost border boring borrow boss bottom bounce box "
        "boy bracket brain brand brass brave bread breeze brick bridge brief bright bring "
        "brisk broccoli broken bronze broom brother brown brush bubble buddy budget buffalo "
        "build bulb bulk bullet bundle bunker burden burger burst bus business busy butter "
        "buyer buzz cabbage cabin cable cactus cage cake call calm camera camp canal cancel "
        "candy cannon canoe canvas canyon").split()


def _leet(w):
    return w.replace("a", "4").replace("e", "3").replace("o", "0").replace("i", "1")


_SYM = {
    "any": "!#$%&*-_+=?.@^~",
    "env": "!%*-_+=?.@^~,:",
    "dq": "#%&*-_+=?.@^~,:;()[]{}",
    "sq": "!#$%&*-_+=?.@^~,:;()[]{}<>|",
    "sql": "!#$%&*-_+=?.@^~,:;()[]{}<>|",
    "url": "-_.~",
    "shell": "-_.+=%^,:@",
    "ado": "!#$%&*-_+=?.@^~,:()[]",
    "xml": "!#$%*-_+=?.@^~,:;()[]{}",
    "props": "!#$%&*-_+=?.@^~,:;()[]{}",
    "ini": "!$%&*-_+=?.@^~,:()[]",
    "yaml": "!$%&*-_+=?.@^~()",
    "json": "!#$%&*-_+=?.@^~,:;()[]{}<>|'",
    "nocolon": "!#$%&*-_+=?.@^~",
    "nocomma": "!#$%&*-_+=?.@^~",
    "nopct": "!#$&*-_+=?.^~",
    "oracle": "_#",
    "perl": "-_.~+=,:",
    "nospace": "!#%&*-_+=?.@^~,:;",
    "colonfree_url": "-_.~",
}


def _pw_random(sym, n=None):
    n = n or _R.randint(14, 24)
    alpha = _AN + sym
    while True:
        s = _R.choice(_AN) + _rs(alpha, n - 2) + _R.choice(_AN)
        if (any(c.isdigit() for c in s) and any(c.isupper() for c in s)
                and any(c.islower() for c in s) and any(c in sym for c in s)):
            return s


def _pw_human(sym):
    s = _R.choice(sym) if sym else ""
    w1, w2 = _R.choice(_WORDS), _R.choice(_WORDS)
    k = _R.randint(0, 3)
    if k == 0:
        return w1.capitalize() + s + w2.capitalize() + str(_R.randint(10, 9999))
    if k == 1:
        return w1.capitalize() + str(_R.randint(1, 99)) + s + w2 + str(_R.randint(0, 9))
    if k == 2:
        return _leet(w1).capitalize() + s + _leet(w2) + str(_R.randint(11, 999))
    return (_R.choice(["Spring", "Summer", "Autumn", "Winter"]) + str(_R.randint(2019, 2026))
            + s + _let(3))


def _pw_phrase(sym, sep=None):
    if sep is None:
        seps = [c for c in "-._" if c in sym]
        sep = _R.choice(seps) if seps else ""
    ws = [_R.choice(_WORDS) for _ in range(_R.randint(4, 5))]
    if sep == "":
        ws = [w.capitalize() for w in ws]
    out = sep.join(ws)
    if _R.random() < 0.5:
        out += (sep or "") + str(_R.randint(2, 99))
    return out


def _pw(kind="any"):
    sym = _SYM[kind]
    x = _R.random()
    if x < 0.55:
        return _pw_random(sym)
    if x < 0.85:
        return _pw_human(sym)
    return _pw_phrase(sym)


# ---------------------------------------------------------------------------
# specialised secret shapes
# ---------------------------------------------------------------------------
def _akid():
    return "AKIA" + _rs(_UPC + "234567", 16)


def _gcid():
    return _num(12) + "-" + _low(32) + ".apps.googleusercontent.com"


def _aws_secret():
    return _b64c(40)


def _aws_secret_urlenc():
    s = _b64c(40)
    s = s[:9] + "/" + s[10:22] + "+" + s[23:]
    return _urlparse.quote(s, safe="")


def _pem_lines(prefix, total_bytes, width=64):
    p = prefix[:len(prefix) // 4 * 4]
    raw = _b64mod.b64decode(p)
    raw = raw + _rb(max(0, total_bytes - len(raw)))
    return _wrap(_b64mod.b64encode(raw).decode(), width)


def _rsa_pkcs1_body():
    return _pem_lines("MIIEpAIBAAKCAQEA", 1192)


def _rsa_pkcs8_body():
    return _pem_lines("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", 1217)


def _ec_body():
    return _pem_lines("MHcCAQEEI" + "A", 121)


def _ec_pkcs8_body():
    return _pem_lines("MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg", 138)


def _ed25519_pkcs8_body():
    return _pem_lines("MC4CAQAwBQYDK2VwBCIEI", 48)


def _enc_pkcs8_body():
    return _pem_lines("MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI", 1312)


def _openssh_ed25519_body():
    return _pem_lines("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
                      "QyNTUxOQAAACA", 399, 70)


def _openssh_rsa_body():
    return _pem_lines("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABlwAAAAdzc2gtcn"
                      "NhAAAAAwEAAQAAAYEA", 1876, 70)


def _pgp_body():
    return _pem_lines("lQVYBGZ", 1000) + "\n=" + _b64(3)


def _cert_b64():
    return _pem_lines("MIIDBTCCAe2gAwIBAgIIY", 777)


def _pem_block(kind, body):
    return "-----BEGIN %s-----\n%s\n-----END %s-----\n" % (kind, body, kind)


def _kube_client_key_data():
    return _b64s(_pem_block("RSA PRIVATE KEY", _rsa_pkcs1_body()))


def _kube_cert_data():
    return _b64s(_pem_block("CERTIFICATE", _cert_b64()))


def _wg_key():
    return _b64(32)


def _age_secret():
    return "AGE-SECRET-KEY-1" + _rs(_BECH.upper(), 58)


def _age_pub():
    return "age1" + _rs(_BECH, 58)


def _minisign_secret():
    return "RWRTY0Iy" + _b64c(204)


def _k8s_sa_jwt():
    ns, sa = _R.choice([("ci", "deployer"), ("kube-system", "admin-user"), ("argocd", "argocd-server"),
                        ("monitoring", "prometheus"), ("default", "ci-bot")])
    iat = _ts()
    claims = {"aud": ["https://kubernetes.default.svc.cluster.local"], "exp": iat + 86400, "iat": iat,
              "iss": "https://kubernetes.default.svc.cluster.local",
              "kubernetes.io": {"namespace": ns, "serviceaccount": {"name": sa, "uid": _uuid()}},
              "nbf": iat, "sub": "system:serviceaccount:%s:%s" % (ns, sa)}
    return _jwt(claims, "RS256", kid=_b64u(43), typ=False)


def _jwt_generic():
    iat = _ts()
    k = _R.randint(0, 4)
    if k == 0:
        c = {"sub": _uuid(), "email": "%s@%s.com" % (_R.choice(_PEOPLE), _R.choice(_ORGS)),
             "role": "admin", "iat": iat, "exp": iat + 3600}
        return _jwt(c, "HS256")
    if k == 1:
        c = {"iss": "https://auth.%s.io/" % _R.choice(_ORGS), "sub": "auth0|" + _hex(24),
             "aud": "https://api.%s.io" % _R.choice(_ORGS), "iat": iat, "exp": iat + 86400,
             "scope": "read:orders write:orders", "azp": _b62(32)}
        return _jwt(c, "RS256", kid=_b64u(22))
    if k == 2:
        c = {"user_id": _R.randint(1000, 99999), "session": _hex(16), "iat": iat, "exp": iat + 900}
        return _jwt(c, "HS512")
    if k == 3:
        c = {"aud": "00000003-0000-0000-c000-000000000000",
             "iss": "https://sts.windows.net/%s/" % _uuid(), "iat": iat, "nbf": iat,
             "exp": iat + 4200, "appid": _uuid(), "tid": _uuid(), "scp": "User.Read Mail.Send"}
        return _jwt(c, "RS256", kid=_b64u(27))
    c = {"sub": str(_R.randint(1, 5000)), "name": _R.choice(_PEOPLE).capitalize(),
         "org": _R.choice(_ORGS), "iat": iat}
    return _jwt(c, "ES256")


def _supabase_jwt(role="service_role"):
    iat = _ts()
    return _jwt({"iss": "supabase", "ref": _rs(_LO, 20), "role": role, "iat": iat,
                 "exp": iat + 315360000}, "HS256")


def _basic_b64():
    return _b64s(_R.choice(_USERS) + ":" + _pw("any"))


def _basic_b64_ghp():
    return _b64s(_R.choice(_PEOPLE) + ":ghp_" + _b62(36))


def _b64_of_pw():
    return _b64s(_pw("any"))


def _django():
    body = _edge(_AN + "!@#%^&*(-_=+)", 50)
    return ("django-insecure-" + body) if _R.random() < 0.5 else body


def _fernet():
    return _b64mod.urlsafe_b64encode(_rb(32)).decode()


def _bytearr():
    bs = ["0x%02x" % b for b in _rb(32)]
    return ", ".join(bs[:16]) + ",\n    " + ", ".join(bs[16:])


def _sas_sig():
    return _urlparse.quote(_b64(32), safe="")


def _sas_pair():
    sig = _sas_sig()
    full = ("sv=2022-11-02&ss=b&srt=sco&sp=rwdlacup&se=2025-06-30T18:00:00Z"
            "&st=2024-05-13T10:00:00Z&spr=https&sig=" + sig)
    return (full, sig)


def _wp_salt():
    return _edge(_AN + "!@#$%^&*()-_=+[]{}<>~|;:,.?/", 64)


def _otpauth_pair():
    sec = _rs(_B32, 32)
    who = "%s@%s.com" % (_R.choice(_PEOPLE), _R.choice(_ORGS))
    iss = _R.choice(["GitHub", "AWS", "Okta", "Vault", "Grafana", "GitLab"])
    full = "otpauth://totp/%s:%s?secret=%s&issuer=%s&algorithm=SHA1&digits=6&period=30" % (
        iss, who, sec, iss)
    return (full, sec)


def _recovery():
    return "\n".join([_low(5) + "-" + _low(5) for _ in range(8)])


def _cloudflare_tunnel():
    return _b64s(_json.dumps({"a": _hex(32), "t": _uuid(), "s": _b64(32)}, separators=(",", ":")))


def _discord_bot():
    return _b64us(_num(18)) + "." + _b64u(6) + "." + _b64u(38)


def _mapbox_sk():
    u = _R.choice(_PEOPLE) + _low(3)
    return "sk." + _jenc({"u": u, "a": "cl" + _low(23)}) + "." + _b64u(22)


def _elastic_apikey():
    return _b64s(_b64u(20) + ":" + _b64u(22))


def _sentry_org_token():
    c = {"iat": float(_ts()), "url": "https://sentry.io", "region_url": "https://us.sentry.io",
         "org": _R.choice(_ORGS)}
    return "sntrys_" + _jenc(c) + "_" + _b64u(43)


def _grafana_cloud():
    c = {"o": str(_num(6)), "n": "stack-%s-%s" % (_num(6), _R.choice(["ci", "push", "read"])),
         "k": _b62(24), "m": {"r": _R.choice(["prod-eu-west-0", "prod-us-central-0"])}}
    return "glc_" + _jenc(c)


def _onepassword_sa():
    c = {"signInAddress": "my.1password.com", "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256",
         "iterations": 650000, "salt": _b64u(22)}, "email": _low(26) + "@1passwordserviceaccounts.com",
         "srpX": _hex(64), "muk": {"alg": "A256GCM", "ext": True, "k": _b64u(43), "key_ops": ["encrypt", "decrypt"],
         "kty": "oct", "kid": "mp"}, "secretKey": "A3-" + _up(6) + "-" + _up(6) + "-" + _up(5) + "-" + _up(5)
         + "-" + _up(5) + "-" + _up(5), "throttleSecret": {"seed": _hex(64), "uuid": _up(26)},
         "deviceUuid": _low(26)}
    return "ops_" + _jenc(c)


def _intercom():
    return _b64s("tok:" + _uuid() + ":1:0")


def _twitter_bearer():
    return ("AAAAAAAAAAAAAAAAAAAAA" + _b62(7) + "AAAAAAA" + _b62(4) + "%2B" + _b62(14) + "%3D"
            + _b62(50))


def _salesforce_sid():
    return "00D" + _b62(12) + "!AQ" + _b62(2) + "AQ" + _edge(_AN + "._", 92)


def _upstash():
    return "A" + _R.choice("XY") + "ASQgN" + _b62(3) + _b64u(58)


def _yc_iam():
    return "t1.9euelZq" + _b64u(130) + "." + _b64u(86)


def _ably_secret():
    return _b64u(43)


def _cloud_id():
    name = _R.choice(["prod-search", "logs-eu", "observability", "app-search"])
    host = _R.choice(["europe-west3.gcp.cloud.es.io", "eu-west-1.aws.found.io",
                      "us-central1.gcp.cloud.es.io"])
    return name + ":" + _b64s("%s:443$%s$%s" % (host, _hex(32), _hex(32)))


def _solana_arr():
    return ",".join([str(_R.randint(0, 255)) for _ in range(64)])


def _wif():
    return _R.choice("KL") + _rs(_B58, 51)


def _xprv():
    return "xprv9s21ZrQH143K" + _rs(_B58, 95)


def _mnemonic(n=12):
    return " ".join([_R.choice(_BIP) for _ in range(n)])


def _laravel_cookie():
    inner = _json.dumps({"iv": _b64(16), "value": _b64(48), "mac": _hex(64), "tag": ""},
                        separators=(",", ":"))
    return _urlparse.quote(_b64s(inner), safe="")


def _nextauth_jwe():
    return (_jenc({"alg": "dir", "enc": "A256GCM"}) + ".." + _b64u(16) + "." + _b64u(420)
            + "." + _b64u(22))


def _express_sid():
    return "s%3A" + _b64u(32) + "." + _urlparse.quote(_b64c(43), safe="")


def _rails_cookie():
    return _urlparse.quote(_b64(120), safe="") + "--" + _hex(40)


def _slack_d_cookie():
    return "xoxd-" + _urlparse.quote(_b64(90), safe="")


def _cf_sig():
    return _b64c(172).replace("+", "-").replace("/", "~")


def _k8s_ws_protocol():
    return _b64us(_k8s_sa_jwt())


def _rapidapi():
    return _hex(10) + "msh" + _hex(15) + "p1" + _hex(6) + "jsn" + _hex(12)


def _jsonbin_master():
    return "$2a$10$" + _edge(_AN + "./", 53)


def _auth_plain():
    return _b64s("\0%s@%s.com\0%s" % (_R.choice(_PEOPLE), _R.choice(_ORGS), _pw("any")))


def _pw_urlencoded():
    base = _pw_random("@#%/:?&+!$", _R.randint(14, 20))
    return _urlparse.quote(base, safe="")


def _matrix():
    return "syt_" + _b64us(_R.choice(_PEOPLE)) + "_" + _b62(20) + "_" + _b62(6)


def _ghost_admin_secret():
    return _hex(64)


def _hass_token():
    iat = _ts()
    return _jwt({"iss": _hex(32), "iat": iat, "exp": iat + 315360000}, "HS256")


# ---------------------------------------------------------------------------
# named generators (referenced by name in the format tables)
# ---------------------------------------------------------------------------
_NAMED = {
    "pw": lambda: _pw("any"),
    "pw_env": lambda: _pw("env"),
    "pw_dq": lambda: _pw("dq"),
    "pw_sq": lambda: _pw("sq"),
    "pw_sql": lambda: _pw("sql"),
    "pw_url": lambda: _pw("url"),
    "pw_shell": lambda: _pw("shell"),
    "pw_ado": lambda: _pw("ado"),
    "pw_xml": lambda: _pw("xml"),
    "pw_props": lambda: _pw("props"),
    "pw_ini": lambda: _pw("ini"),
    "pw_yaml": lambda: _pw("yaml"),
    "pw_json": lambda: _pw("json"),
    "pw_py": lambda: _pw("sql"),
    "pw_perl": lambda: _pw("perl"),
    "pw_nocolon": lambda: _pw("nocolon"),
    "pw_nocomma": lambda: _pw("nocomma"),
    "pw_nopct": lambda: _pw("nopct"),
    "pw_oracle": lambda: _pw("oracle"),
    "pw_nospace": lambda: _pw("nospace"),
    "pw_urlencoded": _pw_urlencoded,
    "phrase": lambda: _pw_phrase(_SYM["any"], _R.choice(["-", ".", "_"])),
    "phrase_space": lambda: _pw_phrase("", " "),
    "mnemonic": lambda: _mnemonic(12),
    "mnemonic24": lambda: _mnemonic(24),
    "totp": lambda: _rs(_B32, 32),
    "otpauth": _otpauth_pair,
    "recovery": _recovery,
    "jwt": _jwt_generic,
    "k8s_sa_jwt": _k8s_sa_jwt,
    "basic_b64": _basic_b64,
    "basic_b64_ghp": _basic_b64_ghp,
    "b64_of_pw": _b64_of_pw,
    "django": _django,
    "fernet": _fernet,
    "bytearr": _bytearr,
    "sas_pair": _sas_pair,
    "sas_sig": _sas_sig,
    "wp_salt": _wp_salt,
    "apple_app_pw": lambda: "-".join([_rs(_LO, 4) for _ in range(4)]),
    "google_app_pw": lambda: " ".join([_rs(_LO, 4) for _ in range(4)]),
    "k8s_bootstrap": lambda: _low(6) + "." + _low(16),
    "k3s_token": lambda: "K10" + _hex(64) + "::server:" + _hex(32),
    "swarm_token": lambda: "SWMTKN-1-" + _low(50) + "-" + _low(25),
    "influx_token": lambda: _b64u(86) + "==",
    "yt_stream_key": lambda: "-".join([_low(4) for _ in range(5)]),
    "sidekiq_lic": lambda: _hex(8) + ":" + _hex(8),
    "slack_webhook_secret": lambda: _b62(24),
    "rclone_obscured": lambda: _b64u(43),
    "upstash_pw": lambda: _b62(32),
    "neon_pw": lambda: "npg_" + _b62(12),
    "pscale_pw": lambda: "pscale_pw_" + _b64u(43),
    "aiven_pw": lambda: "AVNS_" + _b64u(19),
    "ses_smtp_pw": lambda: "B" + _b64c(43),
    "aws_secret": _aws_secret,
    "aws_secret_urlenc": _aws_secret_urlenc,
    "auth_plain_b64": _auth_plain,
    "wg_key": _wg_key,
    "age_secret": _age_secret,
    "minisign": _minisign_secret,
    "rsa_pkcs1_body": _rsa_pkcs1_body,
    "rsa_pkcs8_body": _rsa_pkcs8_body,
    "ec_body": _ec_body,
    "ec_pkcs8_body": _ec_pkcs8_body,
    "ed25519_pkcs8_body": _ed25519_pkcs8_body,
    "enc_pkcs8_body": _enc_pkcs8_body,
    "openssh_ed25519_body": _openssh_ed25519_body,
    "openssh_rsa_body": _openssh_rsa_body,
    "pgp_body": _pgp_body,
    "kube_client_key_data": _kube_client_key_data,
    "wif": _wif,
    "xprv": _xprv,
    "solana_arr": _solana_arr,
    "nextcloud_app_pw": lambda: "-".join([_b62(5) for _ in range(5)]),
    "jenkins_token": lambda: "11" + _hex(32),
    "wp_app_pw": lambda: " ".join([_b62(4) for _ in range(6)]),
    "cf_sig": _cf_sig,
    "hex512": lambda: _hex(512),
    "mux_secret": lambda: _b64c(75),
    "ably_secret": _ably_secret,
    "laravel_cookie": _laravel_cookie,
    "nextauth_jwe": _nextauth_jwe,
    "express_sid": _express_sid,
    "rails_cookie": _rails_cookie,
    "slack_d_cookie": _slack_d_cookie,
    "k8s_ws_protocol": _k8s_ws_protocol,
    "rapidapi": _rapidapi,
    "jsonbin_master": _jsonbin_master,
    "matrix": _matrix,
    "hass_token": _hass_token,
    "erlang_cookie": lambda: _rs(_UPC, 20),
    "aspnet_cookie": lambda: "CfDJ8" + _b64u(300),
    "wp_logged_in": lambda: "admin%7C" + str(_ts()) + "%7C" + _b62(43) + "%7C" + _hex(64),
    "paypal_secret": lambda: "E" + _b64u(79),
    "cs_woo": lambda: "cs_" + _hex(40),
    "langfuse_sk": lambda: "sk-lf-" + _uuid(),
    "modal_secret": lambda: "as-" + _b62(22),
    "uptime_kuma": lambda: "uk1_" + _b62(40),
    "unleash_admin": lambda: "*:*." + _hex(64),
    "acme_internal": lambda: "acme_live_" + _b62(32),
    "internal_pat": lambda: "ipat_" + _b64u(40),
    "eth_hex": lambda: _hex(64),
    "nostr_nsec": lambda: "nsec1" + _rs(_BECH, 58),
    "ppk_priv": lambda: _b64(48),
    "jwk_d": lambda: _b64u(43),
}

_PAT_RE = _re.compile(r"^(HEXU|HEX|B62_|B64U_|B64_|UP|LOW|N|LET)(\d+)$")
_PAT_FN = {"HEXU": _hexu, "HEX": _hex, "B62_": _b62, "B64U_": _b64u, "B64_": _b64c,
           "UP": _up, "LOW": _low, "N": _num, "LET": _let}


def _named(name):
    if name in _NAMED:
        return _NAMED[name]()
    m = _re.match(r"^(hexu|hex|b62|b64u|b64c|low|up|let|num)_?(\d+)$", name)
    if m:
        fn = {"hexu": _hexu, "hex": _hex, "b62": _b62, "b64u": _b64u, "b64c": _b64c, "low": _low, "up": _up,
              "let": _let, "num": _num}[m.group(1)]
        return fn(int(m.group(2)))
    m = _re.match(r"^b64_(\d+)$", name)          # base64 of N random bytes (with padding)
    if m:
        return _b64(int(m.group(1)))
    raise KeyError(name)


# ---------------------------------------------------------------------------
# template filling
# ---------------------------------------------------------------------------
_POOLS = {"U": _USERS, "H": _HOSTS, "DB": _DBS, "ORG": _ORGS, "REPO": _REPOS, "P": _PEOPLE,
          "REG": _REGIONS, "W": _WORDS}
_SPECIAL = {
    "AKID": _akid,
    "ASIA": lambda: "ASIA" + _rs(_UPC + "234567", 16),
    "UUID": _uuid,
    "UUIDU": lambda: _uuid().upper(),
    "GCID": _gcid,
    "IP": lambda: "10.%d.%d.%d" % (_R.randint(0, 40), _R.randint(0, 255), _R.randint(2, 250)),
    "PUBIP": lambda: "%d.%d.%d.%d" % (_R.choice([34, 35, 52, 54, 3, 18, 104, 141]),
                                      _R.randint(0, 255), _R.randint(0, 255), _R.randint(2, 250)),
    "AGEPUB": _age_pub,
    "WGPUB": _wg_key,
    "CERTB64": _kube_cert_data,
    "CLOUDID": _cloud_id,
    "ABLYID": lambda: _b62(6) + "." + _b64u(6),
    "DATE": lambda: "2024-%02d-%02d" % (_R.randint(1, 12), _R.randint(1, 28)),
    "TS": lambda: str(_ts()),
    "ISO": lambda: "2024-%02d-%02dT%02d:%02d:%02dZ" % (_R.randint(1, 12), _R.randint(1, 28),
                                                     _R.randint(0, 23), _R.randint(0, 59),
                                                     _R.randint(0, 59)),
    "FPR": lambda: ":".join([_hex(2) for _ in range(16)]),
    "SEM": lambda: "%d.%d.%d" % (_R.randint(0, 9), _R.randint(0, 40), _R.randint(0, 30)),
    "KID": lambda: _b64u(43),
    "NIX": lambda: _rs("0123456789abcdfghijklmnpqrsvwxyz", 32),
    "B58_44": lambda: _rs(_B58, 44),
    "ULID": lambda: "01H" + _rs(_CROCK, 23),
    "PORT": lambda: str(_R.choice([5432, 3306, 6379, 8080, 8443, 9200, 27017, 5672])),
}


def _mkval(name):
    base = name[:-1] if (len(name) > 1 and name[-1].islower()) else name
    if base in _POOLS:
        return _R.choice(_POOLS[base])
    if base in _SPECIAL:
        return _SPECIAL[base]()
    m = _PAT_RE.match(base)
    if m:
        return _PAT_FN[m.group(1)](int(m.group(2)))
    raise KeyError("unknown marker " + name)


_MK = _re.compile(u"\u00a7([A-Za-z0-9_]+)\u00a7")


def _fill(tmpl, cache):
    def rep(m):
        k = m.group(1)
        if k not in cache:
            cache[k] = _mkval(k)
        return cache[k]
    return _MK.sub(rep, tmpl)


# ---------------------------------------------------------------------------
# vendor table: key -> (label, ENV_VAR, generator, header-name, header-prefix, api-host)
# ---------------------------------------------------------------------------
_VEND = {}
_VORDER = []


def _v(key, label, env, gen, hname=None, hpre="", host=None):
    _VEND[key] = (label, env, gen, hname, hpre, host)
    _VORDER.append(key)


_BEARER = ("Authorization", "Bearer ")

_v("github-classic-pat", "GitHub", "GITHUB_TOKEN", lambda: "ghp_" + _b62(36), "Authorization", "token ", "api.github.com")
_v("github-fine-grained-pat", "GitHub", "GH_TOKEN", lambda: "github_pat_11" + _up(20) + "_" + _b62(59), *_BEARER, host="api.github.com")
_v("github-oauth-token", "GitHub", "GITHUB_OAUTH_TOKEN", lambda: "gho_" + _b62(36), *_BEARER, host="api.github.com")
_v("github-app-installation-token", "GitHub App", "GITHUB_APP_TOKEN", lambda: "ghs_" + _b62(36), *_BEARER, host="api.github.com")
_v("github-user-to-server-token", "GitHub", "GITHUB_USER_TOKEN", lambda: "ghu_" + _b62(36), *_BEARER, host="api.github.com")
_v("github-refresh-token", "GitHub", "GITHUB_REFRESH_TOKEN", lambda: "ghr_" + _b62(76))
_v("gitlab-pat", "GitLab", "GITLAB_TOKEN", lambda: "glpat-" + _b64u(20), "PRIVATE-TOKEN", "", "gitlab.com")
_v("gitlab-runner-auth-token", "GitLab Runner", "CI_RUNNER_TOKEN", lambda: "glrt-" + _b64u(20))
_v("gitlab-deploy-token", "GitLab", "GITLAB_DEPLOY_TOKEN", lambda: "gldt-" + _b64u(20))
_v("gitlab-pipeline-trigger-token", "GitLab", "TRIGGER_TOKEN", lambda: "glptt-" + _hex(40))
_v("gitlab-runner-registration-token", "GitLab", "REGISTRATION_TOKEN", lambda: "GR1348941" + _b64u(20))
_v("gitlab-oauth-app-secret", "GitLab", "GITLAB_APP_SECRET", lambda: "gloas-" + _hex(64))
_v("gitlab-feed-token", "GitLab", "GITLAB_FEED_TOKEN", lambda: "glft-" + _b64u(20))
_v("bitbucket-app-password", "Bitbucket", "BITBUCKET_APP_PASSWORD", lambda: "ATBB" + _b62(32) + _hexu(8))
_v("atlassian-api-token", "Atlassian", "JIRA_API_TOKEN", lambda: "ATATT3xFfGF0" + _b64u(171) + "=" + _hexu(8))
_v("slack-bot-token", "Slack", "SLACK_BOT_TOKEN", lambda: "xoxb-%s-%s-%s" % (_num(12), _num(13), _b62(24)), *_BEARER, host="slack.com")
_v("slack-user-token", "Slack", "SLACK_USER_TOKEN", lambda: "xoxp-%s-%s-%s-%s" % (_num(12), _num(12), _num(13), _hex(32)), *_BEARER, host="slack.com")
_v("slack-app-token", "Slack", "SLACK_APP_TOKEN", lambda: "xapp-1-A%s-%s-%s" % (_up(10), _num(13), _hex(64)), *_BEARER, host="slack.com")
_v("slack-config-token", "Slack", "SLACK_CONFIG_TOKEN", lambda: "xoxe.xoxp-1-" + _b62(140))
_v("stripe-live-secret-key", "Stripe", "STRIPE_SECRET_KEY", lambda: "sk_live_51" + _b62(97), *_BEARER, host="api.stripe.com")
_v("stripe-restricted-key", "Stripe", "STRIPE_RESTRICTED_KEY", lambda: "rk_live_51" + _b62(97), *_BEARER, host="api.stripe.com")
_v("stripe-legacy-secret-key", "Stripe", "STRIPE_API_KEY", lambda: "sk_live_" + _b62(24), *_BEARER, host="api.stripe.com")
_v("stripe-test-secret-key", "Stripe", "STRIPE_TEST_SECRET_KEY", lambda: "sk_test_51" + _b62(97), *_BEARER, host="api.stripe.com")
_v("stripe-webhook-secret", "Stripe", "STRIPE_WEBHOOK_SECRET", lambda: "whsec_" + _b62(32))
_v("openai-project-key", "OpenAI", "OPENAI_API_KEY", lambda: "sk-proj-" + _b64u(74) + "T3BlbkFJ" + _b64u(74), *_BEARER, host="api.openai.com")
_v("openai-legacy-key", "OpenAI", "OPENAI_API_KEY", lambda: "sk-" + _b62(20) + "T3BlbkFJ" + _b62(20), *_BEARER, host="api.openai.com")
_v("openai-service-account-key", "OpenAI", "OPENAI_API_KEY", lambda: "sk-svcacct-" + _b64u(74) + "T3BlbkFJ" + _b64u(74), *_BEARER, host="api.openai.com")
_v("openai-admin-key", "OpenAI", "OPENAI_ADMIN_KEY", lambda: "sk-admin-" + _b64u(74) + "T3BlbkFJ" + _b64u(74), *_BEARER, host="api.openai.com")
_v("anthropic-api-key", "Anthropic", "ANTHROPIC_API_KEY", lambda: "sk-ant-api03-" + _b64u(93) + "AA", "x-api-key", "", "api.anthropic.com")
_v("anthropic-admin-key", "Anthropic", "ANTHROPIC_ADMIN_KEY", lambda: "sk-ant-admin01-" + _b64u(93) + "AA", "x-api-key", "", "api.anthropic.com")
_v("huggingface-token", "Hugging Face", "HF_TOKEN", lambda: "hf_" + _let(34), *_BEARER, host="huggingface.co")
_v("replicate-token", "Replicate", "REPLICATE_API_TOKEN", lambda: "r8_" + _b62(37), "Authorization", "Token ", "api.replicate.com")
_v("groq-api-key", "Groq", "GROQ_API_KEY", lambda: "gsk_" + _b62(52), *_BEARER, host="api.groq.com")
_v("perplexity-api-key", "Perplexity", "PPLX_API_KEY", lambda: "pplx-" + _b62(48), *_BEARER, host="api.perplexity.ai")
_v("xai-api-key", "xAI", "XAI_API_KEY", lambda: "xai-" + _b62(80), *_BEARER, host="api.x.ai")
_v("openrouter-key", "OpenRouter", "OPENROUTER_API_KEY", lambda: "sk-or-v1-" + _hex(64), *_BEARER, host="openrouter.ai")
_v("cohere-api-key", "Cohere", "CO_API_KEY", lambda: _b62(40), *_BEARER, host="api.cohere.com")
_v("mistral-api-key", "Mistral", "MISTRAL_API_KEY", lambda: _b62(32), *_BEARER, host="api.mistral.ai")
_v("deepseek-api-key", "DeepSeek", "DEEPSEEK_API_KEY", lambda: "sk-" + _hex(32), *_BEARER, host="api.deepseek.com")
_v("together-api-key", "Together AI", "TOGETHER_API_KEY", lambda: "tgp_v1_" + _b64u(43), *_BEARER, host="api.together.xyz")
_v("fireworks-api-key", "Fireworks", "FIREWORKS_API_KEY", lambda: "fw_" + _b62(24), *_BEARER, host="api.fireworks.ai")
_v("pinecone-api-key", "Pinecone", "PINECONE_API_KEY", lambda: "pcsk_" + _b62(5) + "_" + _b62(63), "Api-Key", "", "api.pinecone.io")
_v("langsmith-api-key", "LangSmith", "LANGSMITH_API_KEY", lambda: "lsv2_pt_" + _hex(32) + "_" + _hex(10), "x-api-key", "", "api.smith.langchain.com")
_v("wandb-api-key", "Weights & Biases", "WANDB_API_KEY", lambda: _hex(40))
_v("elevenlabs-api-key", "ElevenLabs", "ELEVENLABS_API_KEY", lambda: "sk_" + _hex(48), "xi-api-key", "", "api.elevenlabs.io")
_v("assemblyai-api-key", "AssemblyAI", "ASSEMBLYAI_API_KEY", lambda: _hex(32), "authorization", "", "api.assemblyai.com")
_v("deepgram-api-key", "Deepgram", "DEEPGRAM_API_KEY", lambda: _hex(40), "Authorization", "Token ", "api.deepgram.com")
_v("voyage-api-key", "Voyage AI", "VOYAGE_API_KEY", lambda: "pa-" + _b64u(43), *_BEARER, host="api.voyageai.com")
_v("cerebras-api-key", "Cerebras", "CEREBRAS_API_KEY", lambda: "csk-" + _low(48), *_BEARER, host="api.cerebras.ai")
_v("google-api-key", "Google Cloud", "GOOGLE_API_KEY", lambda: "AIzaSy" + _b64u(33), "x-goog-api-key", "", "maps.googleapis.com")
_v("gemini-api-key", "Gemini", "GEMINI_API_KEY", lambda: "AIzaSy" + _b64u(33), "x-goog-api-key", "", "generativelanguage.googleapis.com")
_v("azure-openai-key", "Azure OpenAI", "AZURE_OPENAI_API_KEY", lambda: _hex(32), "api-key", "", "contoso-oai.openai.azure.com")
_v("npm-access-token", "npm", "NPM_TOKEN", lambda: "npm_" + _b62(36), *_BEARER, host="registry.npmjs.org")
_v("pypi-api-token", "PyPI", "PYPI_TOKEN", lambda: "pypi-AgEIcHlwaS5vcmc" + _b64u(160))
_v("testpypi-api-token", "TestPyPI", "TEST_PYPI_TOKEN", lambda: "pypi-AgENdGVzdC5weXBpLm9yZw" + _b64u(150))
_v("rubygems-api-key", "RubyGems", "GEM_HOST_API_KEY", lambda: "rubygems_" + _hex(48), "Authorization", "", "rubygems.org")
_v("nuget-api-key", "NuGet", "NUGET_API_KEY", lambda: "oy2" + _low(43), "X-NuGet-ApiKey", "", "www.nuget.org")
_v("crates-io-token", "crates.io", "CARGO_REGISTRY_TOKEN", lambda: "cio" + _b62(32), "Authorization", "", "crates.io")
_v("docker-hub-pat", "Docker Hub", "DOCKERHUB_TOKEN", lambda: "dckr_pat_" + _b64u(27))
_v("twilio-auth-token", "Twilio", "TWILIO_AUTH_TOKEN", lambda: _hex(32))
_v("twilio-api-key-secret", "Twilio", "TWILIO_API_SECRET", lambda: _b62(32))
_v("sendgrid-api-key", "SendGrid", "SENDGRID_API_KEY", lambda: "SG." + _b64u(22) + "." + _b64u(43), *_BEARER, host="api.sendgrid.com")
_v("mailgun-api-key", "Mailgun", "MAILGUN_API_KEY", lambda: "key-" + _hex(32))
_v("mailgun-private-key", "Mailgun", "MAILGUN_PRIVATE_KEY", lambda: _hex(32) + "-" + _hex(8) + "-" + _hex(8))
_v("mailchimp-api-key", "Mailchimp", "MAILCHIMP_API_KEY", lambda: _hex(32) + "-us" + str(_R.randint(1, 21)), *_BEARER, host="us14.api.mailchimp.com")
_v("postmark-server-token", "Postmark", "POSTMARK_SERVER_TOKEN", _uuid, "X-Postmark-Server-Token", "", "api.postmarkapp.com")
_v("brevo-api-key", "Brevo", "BREVO_API_KEY", lambda: "xkeysib-" + _hex(64) + "-" + _b62(16), "api-key", "", "api.brevo.com")
_v("resend-api-key", "Resend", "RESEND_API_KEY", lambda: "re_" + _b62(8) + "_" + _b62(24), *_BEARER, host="api.resend.com")
_v("sparkpost-api-key", "SparkPost", "SPARKPOST_API_KEY", lambda: _hex(40), "Authorization", "", "api.sparkpost.com")
_v("shopify-admin-token", "Shopify", "SHOPIFY_ACCESS_TOKEN", lambda: "shpat_" + _hex(32), "X-Shopify-Access-Token", "", "acme-store.myshopify.com")
_v("shopify-custom-app-token", "Shopify", "SHOPIFY_ADMIN_API_TOKEN", lambda: "shpca_" + _hex(32), "X-Shopify-Access-Token", "", "globex.myshopify.com")
_v("shopify-private-app-password", "Shopify", "SHOPIFY_PASSWORD", lambda: "shppa_" + _hex(32))
_v("shopify-shared-secret", "Shopify", "SHOPIFY_API_SECRET", lambda: "shpss_" + _hex(32))
_v("linear-api-key", "Linear", "LINEAR_API_KEY", lambda: "lin_api_" + _b62(40), "Authorization", "", "api.linear.app")
_v("notion-integration-secret", "Notion", "NOTION_TOKEN", lambda: "secret_" + _b62(43), *_BEARER, host="api.notion.com")
_v("notion-ntn-token", "Notion", "NOTION_API_KEY", lambda: "ntn_" + _num(11) + _b62(35), *_BEARER, host="api.notion.com")
_v("figma-pat", "Figma", "FIGMA_TOKEN", lambda: "figd_" + _b64u(40), "X-Figma-Token", "", "api.figma.com")
_v("vercel-token", "Vercel", "VERCEL_TOKEN", lambda: _b62(24), *_BEARER, host="api.vercel.com")
_v("netlify-pat", "Netlify", "NETLIFY_AUTH_TOKEN", lambda: "nfp_" + _b62(36) + _hex(4), *_BEARER, host="api.netlify.com")
_v("cloudflare-api-token", "Cloudflare", "CLOUDFLARE_API_TOKEN", lambda: _b64u(40), *_BEARER, host="api.cloudflare.com")
_v("cloudflare-global-api-key", "Cloudflare", "CF_API_KEY", lambda: _hex(37), "X-Auth-Key", "", "api.cloudflare.com")
_v("cloudflare-origin-ca-key", "Cloudflare", "CF_ORIGIN_CA_KEY", lambda: "v1.0-" + _hex(24) + "-" + _hex(146), "X-Auth-User-Service-Key", "", "api.cloudflare.com")
_v("cloudflare-tunnel-token", "Cloudflare Tunnel", "TUNNEL_TOKEN", _cloudflare_tunnel)
_v("digitalocean-pat", "DigitalOcean", "DIGITALOCEAN_TOKEN", lambda: "dop_v1_" + _hex(64), *_BEARER, host="api.digitalocean.com")
_v("digitalocean-oauth-token", "DigitalOcean", "DIGITALOCEAN_ACCESS_TOKEN", lambda: "doo_v1_" + _hex(64), *_BEARER, host="api.digitalocean.com")
_v("digitalocean-refresh-token", "DigitalOcean", "DO_REFRESH_TOKEN", lambda: "dor_v1_" + _hex(64))
_v("linode-token", "Linode", "LINODE_TOKEN", lambda: _hex(64), *_BEARER, host="api.linode.com")
_v("vultr-api-key", "Vultr", "VULTR_API_KEY", lambda: _up(36), *_BEARER, host="api.vultr.com")
_v("hetzner-cloud-token", "Hetzner Cloud", "HCLOUD_TOKEN", lambda: _b62(64), *_BEARER, host="api.hetzner.cloud")
_v("heroku-api-key", "Heroku", "HEROKU_API_KEY", lambda: "HRKU-AA" + _b64u(58), *_BEARER, host="api.heroku.com")
_v("heroku-legacy-api-key", "Heroku", "HEROKU_API_KEY", _uuid, *_BEARER, host="api.heroku.com")
_v("flyio-token", "Fly.io", "FLY_API_TOKEN", lambda: "fm2_lJPE" + _b64c(260), "Authorization", "FlyV1 ", "api.machines.dev")
_v("render-api-key", "Render", "RENDER_API_KEY", lambda: "rnd_" + _b62(32), *_BEARER, host="api.render.com")
_v("railway-token", "Railway", "RAILWAY_TOKEN", _uuid, *_BEARER, host="backboard.railway.app")
_v("supabase-access-token", "Supabase", "SUPABASE_ACCESS_TOKEN", lambda: "sbp_" + _hex(40), *_BEARER, host="api.supabase.com")
_v("supabase-secret-key", "Supabase", "SUPABASE_SECRET_KEY", lambda: "sb_secret_" + _b64u(31), "apikey", "", "xyzcompany.supabase.co")
_v("supabase-service-role-jwt", "Supabase", "SUPABASE_SERVICE_ROLE_KEY", _supabase_jwt, "apikey", "", "xyzcompany.supabase.co")
_v("firebase-fcm-server-key", "Firebase Cloud Messaging", "FCM_SERVER_KEY", lambda: "AAAA" + _b64u(7) + ":APA91b" + _b64u(134), "Authorization", "key=", "fcm.googleapis.com")
_v("doppler-service-token", "Doppler", "DOPPLER_TOKEN", lambda: "dp.st." + _R.choice(["prd", "stg", "dev"]) + "." + _b62(40), *_BEARER, host="api.doppler.com")
_v("doppler-personal-token", "Doppler", "DOPPLER_TOKEN", lambda: "dp.pt." + _b62(43), *_BEARER, host="api.doppler.com")
_v("pulumi-access-token", "Pulumi", "PULUMI_ACCESS_TOKEN", lambda: "pul-" + _hex(40), "Authorization", "token ", "api.pulumi.com")
_v("terraform-cloud-token", "Terraform Cloud", "TFE_TOKEN", lambda: _b62(14) + ".atlasv1." + _b62(67), *_BEARER, host="app.terraform.io")
_v("postman-api-key", "Postman", "POSTMAN_API_KEY", lambda: "PMAK-" + _hex(24) + "-" + _hex(34), "X-Api-Key", "", "api.getpostman.com")
_v("airtable-pat", "Airtable", "AIRTABLE_API_KEY", lambda: "pat" + _b62(14) + "." + _hex(64), *_BEARER, host="api.airtable.com")
_v("asana-pat", "Asana", "ASANA_ACCESS_TOKEN", lambda: "2/" + _num(16) + "/" + _num(16) + ":" + _hex(32), *_BEARER, host="app.asana.com")
_v("discord-bot-token", "Discord", "DISCORD_BOT_TOKEN", _discord_bot, "Authorization", "Bot ", "discord.com")
_v("telegram-bot-token", "Telegram", "TELEGRAM_BOT_TOKEN", lambda: _num(10) + ":AA" + _b64u(33))
_v("mapbox-secret-token", "Mapbox", "MAPBOX_SECRET_TOKEN", _mapbox_sk)
_v("algolia-admin-key", "Algolia", "ALGOLIA_ADMIN_KEY", lambda: _hex(32), "X-Algolia-API-Key", "", "latency-dsn.algolia.net")
_v("square-access-token", "Square", "SQUARE_ACCESS_TOKEN", lambda: "EAAA" + _b64u(60), *_BEARER, host="connect.squareup.com")
_v("square-oauth-secret", "Square", "SQUARE_APP_SECRET", lambda: "sq0csp-" + _b64u(43))
_v("braintree-access-token", "Braintree", "BRAINTREE_ACCESS_TOKEN", lambda: "access_token$production$" + _low(16) + "$" + _hex(32), *_BEARER, host="payments.braintree-api.com")
_v("plaid-secret", "Plaid", "PLAID_SECRET", lambda: _hex(30), "PLAID-SECRET", "", "production.plaid.com")
_v("plaid-access-token", "Plaid", "PLAID_ACCESS_TOKEN", lambda: "access-production-" + _uuid())
_v("coinbase-api-secret", "Coinbase", "COINBASE_API_SECRET", lambda: _b62(32))
_v("alchemy-api-key", "Alchemy", "ALCHEMY_API_KEY", lambda: _b64u(32))
_v("infura-api-secret", "Infura", "INFURA_API_SECRET", lambda: _hex(32))
_v("grafana-service-account-token", "Grafana", "GRAFANA_TOKEN", lambda: "glsa_" + _b62(32) + "_" + _hex(8), *_BEARER, host="grafana.acme.io")
_v("grafana-cloud-token", "Grafana Cloud", "GRAFANA_CLOUD_TOKEN", _grafana_cloud, *_BEARER, host="grafana.com")
_v("elastic-api-key", "Elastic", "ELASTIC_API_KEY", _elastic_apikey, "Authorization", "ApiKey ", "es.acme.io:9243")
_v("elastic-cloud-api-key", "Elastic Cloud", "EC_API_KEY", lambda: "essu_" + _b64c(120), "Authorization", "ApiKey ", "api.elastic-cloud.com")
_v("mongodb-atlas-private-key", "MongoDB Atlas", "MONGODB_ATLAS_PRIVATE_KEY", _uuid)
_v("confluent-api-secret", "Confluent Cloud", "CONFLUENT_API_SECRET", lambda: _b64c(64))
_v("databricks-pat", "Databricks", "DATABRICKS_TOKEN", lambda: "dapi" + _hex(32), *_BEARER, host="adb-4242424242424242.2.azuredatabricks.net")
_v("okta-api-token", "Okta", "OKTA_API_TOKEN", lambda: "00" + _b64u(40), "Authorization", "SSWS ", "acme.okta.com")
_v("auth0-client-secret", "Auth0", "AUTH0_CLIENT_SECRET", lambda: _b64u(64))
_v("sentry-org-token", "Sentry", "SENTRY_AUTH_TOKEN", _sentry_org_token, *_BEARER, host="sentry.io")
_v("sentry-user-token", "Sentry", "SENTRY_AUTH_TOKEN", lambda: "sntryu_" + _hex(64), *_BEARER, host="sentry.io")
_v("newrelic-user-key", "New Relic", "NEW_RELIC_API_KEY", lambda: "NRAK-" + _up(27), "Api-Key", "", "api.newrelic.com")
_v("newrelic-license-key", "New Relic", "NEW_RELIC_LICENSE_KEY", lambda: _hex(36) + "NRAL", "X-License-Key", "", "log-api.newrelic.com")
_v("newrelic-insert-key", "New Relic", "NEW_RELIC_INSERT_KEY", lambda: "NRII-" + _b64u(32), "X-Insert-Key", "", "insights-collector.newrelic.com")
_v("datadog-api-key", "Datadog", "DD_API_KEY", lambda: _hex(32), "DD-API-KEY", "", "api.datadoghq.eu")
_v("datadog-app-key", "Datadog", "DD_APP_KEY", lambda: _hex(40), "DD-APPLICATION-KEY", "", "api.datadoghq.com")
_v("pagerduty-api-token", "PagerDuty", "PAGERDUTY_TOKEN", lambda: "u+" + _b64u(18), "Authorization", "Token token=", "api.pagerduty.com")
_v("pagerduty-integration-key", "PagerDuty", "PD_ROUTING_KEY", lambda: _hex(32))
_v("opsgenie-api-key", "Opsgenie", "OPSGENIE_API_KEY", _uuid, "Authorization", "GenieKey ", "api.opsgenie.com")
_v("splunk-hec-token", "Splunk HEC", "SPLUNK_HEC_TOKEN", _uuid, "Authorization", "Splunk ", "http-inputs-acme.splunkcloud.com")
_v("dynatrace-token", "Dynatrace", "DT_API_TOKEN", lambda: "dt0c01." + _up(24) + "." + _up(64), "Authorization", "Api-Token ", "abc12345.live.dynatrace.com")
_v("honeycomb-ingest-key", "Honeycomb", "HONEYCOMB_API_KEY", lambda: "hcaik_01" + _low(56), "X-Honeycomb-Team", "", "api.honeycomb.io")
_v("rollbar-token", "Rollbar", "ROLLBAR_ACCESS_TOKEN", lambda: _hex(32), "X-Rollbar-Access-Token", "", "api.rollbar.com")
_v("fastly-api-token", "Fastly", "FASTLY_API_TOKEN", lambda: _b64u(32), "Fastly-Key", "", "api.fastly.com")
_v("contentful-cma-token", "Contentful", "CONTENTFUL_MANAGEMENT_TOKEN", lambda: "CFPAT-" + _b64u(43), *_BEARER, host="api.contentful.com")
_v("sanity-token", "Sanity", "SANITY_AUTH_TOKEN", lambda: "sk" + _b62(180), *_BEARER, host="abc123.api.sanity.io")
_v("intercom-access-token", "Intercom", "INTERCOM_TOKEN", _intercom, *_BEARER, host="api.intercom.io")
_v("zendesk-api-token", "Zendesk", "ZENDESK_API_TOKEN", lambda: _b62(40))
_v("hubspot-private-app-token", "HubSpot", "HUBSPOT_ACCESS_TOKEN", lambda: "pat-na1-" + _uuid(), *_BEARER, host="api.hubapi.com")
_v("klaviyo-private-key", "Klaviyo", "KLAVIYO_PRIVATE_KEY", lambda: "pk_" + _hex(34), "Authorization", "Klaviyo-API-Key ", "a.klaviyo.com")
_v("posthog-personal-key", "PostHog", "POSTHOG_PERSONAL_API_KEY", lambda: "phx_" + _b62(47), *_BEARER, host="eu.posthog.com")
_v("launchdarkly-sdk-key", "LaunchDarkly", "LD_SDK_KEY", lambda: "sdk-" + _uuid(), "Authorization", "", "sdk.launchdarkly.com")
_v("launchdarkly-api-token", "LaunchDarkly", "LD_API_TOKEN", lambda: "api-" + _uuid(), "Authorization", "", "app.launchdarkly.com")
_v("unleash-client-token", "Unleash", "UNLEASH_API_TOKEN", lambda: "default:production." + _hex(64), "Authorization", "", "unleash.acme.io")
_v("statsig-server-secret", "Statsig", "STATSIG_SERVER_SECRET", lambda: "secret-" + _b62(43), "statsig-api-key", "", "api.statsig.com")
_v("flagsmith-server-key", "Flagsmith", "FLAGSMITH_SERVER_KEY", lambda: "ser." + _b62(26), "X-Environment-Key", "", "edge.api.flagsmith.com")
_v("paystack-secret-key", "Paystack", "PAYSTACK_SECRET_KEY", lambda: "sk_live_" + _hex(40), *_BEARER, host="api.paystack.co")
_v("flutterwave-secret-key", "Flutterwave", "FLW_SECRET_KEY", lambda: "FLWSECK-" + _hex(32) + "-X", *_BEARER, host="api.flutterwave.com")
_v("mollie-api-key", "Mollie", "MOLLIE_API_KEY", lambda: "live_" + _b62(30), *_BEARER, host="api.mollie.com")
_v("paddle-api-key", "Paddle", "PADDLE_API_KEY", lambda: "pdl_live_apikey_01" + _up(24) + "_" + _b62(22) + "_" + _b62(3), *_BEARER, host="api.paddle.com")
_v("gocardless-access-token", "GoCardless", "GOCARDLESS_ACCESS_TOKEN", lambda: "live_" + _b64u(40), *_BEARER, host="api.gocardless.com")
_v("adyen-api-key", "Adyen", "ADYEN_API_KEY", lambda: "AQE" + _b64c(150), "X-API-Key", "", "checkout-live.adyenpayments.com")
_v("lemonsqueezy-api-key", "Lemon Squeezy", "LEMONSQUEEZY_API_KEY", lambda: _jwt({"aud": "94d59cef-dbb8-4ea5-b178-d2540fcd6919", "jti": _hex(80), "iat": _ts(), "sub": str(_num(6)), "scopes": []}, "RS256"), *_BEARER, host="api.lemonsqueezy.com")
_v("twitch-oauth-token", "Twitch", "TWITCH_OAUTH_TOKEN", lambda: _low(30), *_BEARER, host="api.twitch.tv")
_v("dropbox-access-token", "Dropbox", "DROPBOX_ACCESS_TOKEN", lambda: "sl.u." + _b64u(150), *_BEARER, host="api.dropboxapi.com")
_v("box-developer-token", "Box", "BOX_DEVELOPER_TOKEN", lambda: _b62(32), *_BEARER, host="api.box.com")
_v("salesforce-session-id", "Salesforce", "SF_ACCESS_TOKEN", _salesforce_sid, *_BEARER, host="acme.my.salesforce.com")
_v("facebook-access-token", "Facebook", "FB_ACCESS_TOKEN", lambda: "EAA" + _R.choice("BGI") + _b62(180))
_v("twitter-bearer-token", "X (Twitter)", "TWITTER_BEARER_TOKEN", _twitter_bearer, *_BEARER, host="api.twitter.com")
_v("google-oauth-access-token", "Google OAuth", "GOOGLE_ACCESS_TOKEN", lambda: "ya29.a0" + _b64u(200), *_BEARER, host="www.googleapis.com")
_v("google-oauth-refresh-token", "Google OAuth", "GOOGLE_REFRESH_TOKEN", lambda: "1//0" + _b64u(99))
_v("google-oauth-client-secret", "Google OAuth", "GOOGLE_CLIENT_SECRET", lambda: "GOCSPX-" + _b64u(28))
_v("azure-ad-client-secret", "Microsoft Entra ID", "AZURE_CLIENT_SECRET", lambda: _b62(3) + "8Q~" + _edge(_AN + "_~.-", 34))
_v("azure-storage-account-key", "Azure Storage", "AZURE_STORAGE_KEY", lambda: _b64(64))
_v("azure-devops-pat", "Azure DevOps", "AZURE_DEVOPS_EXT_PAT", lambda: _rs("abcdefghijklmnopqrstuvwxyz234567", 52))
_v("azure-function-key", "Azure Functions", "FUNCTION_KEY", lambda: _b64u(54) + "==", "x-functions-key", "", "acme-fn.azurewebsites.net")
_v("azure-apim-subscription-key", "Azure API Management", "APIM_SUBSCRIPTION_KEY", lambda: _hex(32), "Ocp-Apim-Subscription-Key", "", "acme-apim.azure-api.net")
_v("aws-secret-access-key", "AWS", "AWS_SECRET_ACCESS_KEY", _aws_secret)
_v("aws-session-token", "AWS STS", "AWS_SESSION_TOKEN", lambda: "IQoJb3JpZ2luX2VjE" + _b64c(640) + "=", "X-Amz-Security-Token", "", "s3.amazonaws.com")
_v("alibaba-access-key-secret", "Alibaba Cloud", "ALIBABA_CLOUD_ACCESS_KEY_SECRET", lambda: _b62(30))
_v("tencent-secret-key", "Tencent Cloud", "TENCENTCLOUD_SECRET_KEY", lambda: _b62(32))
_v("huawei-secret-key", "Huawei Cloud", "HUAWEICLOUD_SDK_SK", lambda: _b62(40))
_v("yandex-api-key", "Yandex Cloud", "YC_API_KEY", lambda: "AQVN" + _b64u(36), "Authorization", "Api-Key ", "llm.api.cloud.yandex.net")
_v("yandex-iam-token", "Yandex Cloud", "YC_IAM_TOKEN", _yc_iam, *_BEARER, host="compute.api.cloud.yandex.net")
_v("yandex-oauth-token", "Yandex", "YC_TOKEN", lambda: "y0_AgAAAAA" + _b64u(48), "Authorization", "OAuth ", "cloud-api.yandex.net")
_v("ibm-cloud-api-key", "IBM Cloud", "IBMCLOUD_API_KEY", lambda: _b64u(44))
_v("hashicorp-vault-token", "Vault", "VAULT_TOKEN", lambda: "hvs.CAESI" + _b64u(82), "X-Vault-Token", "", "vault.acme.io:8200")
_v("vault-batch-token", "Vault", "VAULT_TOKEN", lambda: "hvb.AAAAAQ" + _b64u(130), "X-Vault-Token", "", "vault.acme.io:8200")
_v("vault-legacy-token", "Vault", "VAULT_TOKEN", lambda: "s." + _b62(24), "X-Vault-Token", "", "vault.service.consul:8200")
_v("consul-acl-token", "Consul", "CONSUL_HTTP_TOKEN", _uuid, "X-Consul-Token", "", "consul.service.consul:8501")
_v("nomad-token", "Nomad", "NOMAD_TOKEN", _uuid, "X-Nomad-Token", "", "nomad.service.consul:4646")
_v("buildkite-api-token", "Buildkite", "BUILDKITE_API_TOKEN", lambda: "bkua_" + _hex(40), *_BEARER, host="api.buildkite.com")
_v("circleci-pat", "CircleCI", "CIRCLECI_TOKEN", lambda: "CCIPAT_" + _b62(22) + "_" + _hex(40), "Circle-Token", "", "circleci.com")
_v("travis-token", "Travis CI", "TRAVIS_TOKEN", lambda: _b64u(22), "Authorization", "token ", "api.travis-ci.com")
_v("codecov-token", "Codecov", "CODECOV_TOKEN", _uuid)
_v("sonarqube-user-token", "SonarQube", "SONAR_TOKEN", lambda: "squ_" + _hex(40), *_BEARER, host="sonar.acme.io")
_v("sonarqube-project-token", "SonarQube", "SONAR_TOKEN", lambda: "sqp_" + _hex(40), *_BEARER, host="sonar.acme.io")
_v("snyk-token", "Snyk", "SNYK_TOKEN", _uuid, "Authorization", "token ", "api.snyk.io")
_v("jfrog-reference-token", "JFrog", "JFROG_ACCESS_TOKEN", lambda: "cmVmdGtuOjAxOjE3" + _b62(48), *_BEARER, host="acme.jfrog.io")
_v("jfrog-api-key", "Artifactory", "ARTIFACTORY_API_KEY", lambda: "AKCp" + _b62(69), "X-JFrog-Art-Api", "", "acme.jfrog.io")
_v("cloudsmith-api-key", "Cloudsmith", "CLOUDSMITH_API_KEY", lambda: _hex(40), "X-Api-Key", "", "api.cloudsmith.io")
_v("tailscale-auth-key", "Tailscale", "TS_AUTHKEY", lambda: "tskey-auth-k" + _b62(16) + "CNTRL-" + _b62(33))
_v("tailscale-api-key", "Tailscale", "TS_API_KEY", lambda: "tskey-api-k" + _b62(16) + "CNTRL-" + _b62(33), *_BEARER, host="api.tailscale.com")
_v("ngrok-authtoken", "ngrok", "NGROK_AUTHTOKEN", lambda: "2" + _b62(26) + "_" + _b62(21))
_v("ngrok-api-key", "ngrok", "NGROK_API_KEY", lambda: "2" + _b62(26) + "_" + _b62(21), *_BEARER, host="api.ngrok.com")
_v("1password-service-account-token", "1Password", "OP_SERVICE_ACCOUNT_TOKEN", _onepassword_sa)
_v("bitwarden-sm-access-token", "Bitwarden Secrets Manager", "BWS_ACCESS_TOKEN", lambda: "0." + _uuid() + "." + _b62(30) + ":" + _b64(16))
_v("infisical-service-token", "Infisical", "INFISICAL_TOKEN", lambda: "st." + _uuid() + "." + _hex(32) + "." + _hex(32))
_v("planetscale-service-token", "PlanetScale", "PLANETSCALE_SERVICE_TOKEN", lambda: "pscale_tkn_" + _b64u(43))
_v("neon-api-key", "Neon", "NEON_API_KEY", lambda: _low(64), *_BEARER, host="console.neon.tech")
_v("upstash-redis-rest-token", "Upstash", "UPSTASH_REDIS_REST_TOKEN", _upstash, *_BEARER, host="eu1-upright-mole-34567.upstash.io")
_v("turso-auth-token", "Turso", "TURSO_AUTH_TOKEN", lambda: _jwt({"a": "rw", "iat": _ts(), "id": _uuid()}, "EdDSA"), *_BEARER, host="acme-db.turso.io")
_v("fauna-secret", "Fauna", "FAUNA_SECRET", lambda: "fnA" + _b64u(37), *_BEARER, host="db.fauna.com")
_v("astra-db-token", "DataStax Astra", "ASTRA_DB_APPLICATION_TOKEN", lambda: "AstraCS:" + _let(24) + ":" + _hex(64), *_BEARER, host="apps.astra.datastax.com")
_v("convex-deploy-key", "Convex", "CONVEX_DEPLOY_KEY", lambda: "prod:" + _R.choice(_WORDS) + "-" + _R.choice(_WORDS) + "-" + str(_R.randint(100, 999)) + "|" + _b64c(80))
_v("appwrite-api-key", "Appwrite", "APPWRITE_API_KEY", lambda: "standard_" + _hex(256), "X-Appwrite-Key", "", "cloud.appwrite.io")
_v("expo-access-token", "Expo", "EXPO_TOKEN", lambda: _b64u(40), *_BEARER, host="api.expo.dev")
_v("vimeo-access-token", "Vimeo", "VIMEO_ACCESS_TOKEN", lambda: _hex(32), *_BEARER, host="api.vimeo.com")
_v("onesignal-rest-key", "OneSignal", "ONESIGNAL_REST_API_KEY", lambda: "os_v2_app_" + _rs("abcdefghijklmnopqrstuvwxyz234567", 113), "Authorization", "Key ", "api.onesignal.com")
_v("telnyx-api-key", "Telnyx", "TELNYX_API_KEY", lambda: "KEY" + _hexu(32) + "_" + _b62(22), *_BEARER, host="api.telnyx.com")
_v("zulip-api-key", "Zulip", "ZULIP_API_KEY", lambda: _b62(32))
_v("matrix-access-token", "Matrix", "MATRIX_ACCESS_TOKEN", _matrix, *_BEARER, host="matrix.acme.io")
_v("gitea-token", "Gitea", "GITEA_TOKEN", lambda: _hex(40), "Authorization", "token ", "gitea.acme.io")
_v("gitee-private-token", "Gitee", "GITEE_TOKEN", lambda: _hex(32))
_v("etherscan-api-key", "Etherscan", "ETHERSCAN_API_KEY", lambda: _up(34))
_v("binance-api-secret", "Binance", "BINANCE_API_SECRET", lambda: _b62(64))
_v("kraken-private-key", "Kraken", "KRAKEN_PRIVATE_KEY", lambda: _b64(64))
_v("blockfrost-project-id", "Blockfrost", "BLOCKFROST_PROJECT_ID", lambda: "mainnet" + _b62(32), "project_id", "", "cardano-mainnet.blockfrost.io")
_v("pinata-jwt", "Pinata", "PINATA_JWT", lambda: _jwt({"userInformation": {"id": _uuid(), "email": "%s@%s.com" % (_R.choice(_PEOPLE), _R.choice(_ORGS)), "email_verified": True}, "authenticationType": "scopedKey", "scopedKeyKey": _hex(20), "scopedKeySecret": _hex(64), "iat": _ts()}), *_BEARER, host="api.pinata.cloud")
_v("helius-api-key", "Helius", "HELIUS_API_KEY", _uuid)
_v("openweather-api-key", "OpenWeather", "OWM_API_KEY", lambda: _hex(32))
_v("newsapi-key", "NewsAPI", "NEWS_API_KEY", lambda: _hex(32), "X-Api-Key", "", "newsapi.org")
_v("alpha-vantage-key", "Alpha Vantage", "ALPHAVANTAGE_API_KEY", lambda: _up(16))
_v("polygon-api-key", "Polygon.io", "POLYGON_API_KEY", lambda: _b62(32), *_BEARER, host="api.polygon.io")
_v("finnhub-api-key", "Finnhub", "FINNHUB_API_KEY", lambda: _low(20), "X-Finnhub-Token", "", "finnhub.io")
_v("tomtom-api-key", "TomTom", "TOMTOM_API_KEY", lambda: _b62(32))
_v("here-api-key", "HERE", "HERE_API_KEY", lambda: _b64u(43))
_v("riot-api-key", "Riot Games", "RIOT_API_KEY", lambda: "RGAPI-" + _uuid(), "X-Riot-Token", "", "euw1.api.riotgames.com")
_v("coinmarketcap-key", "CoinMarketCap", "CMC_PRO_API_KEY", _uuid, "X-CMC_PRO_API_KEY", "", "pro-api.coinmarketcap.com")
_v("deepl-auth-key", "DeepL", "DEEPL_AUTH_KEY", lambda: _uuid() + ":fx", "Authorization", "DeepL-Auth-Key ", "api-free.deepl.com")
_v("shippo-token", "Shippo", "SHIPPO_API_TOKEN", lambda: "shippo_live_" + _hex(40), "Authorization", "ShippoToken ", "api.goshippo.com")
_v("easypost-api-key", "EasyPost", "EASYPOST_API_KEY", lambda: "EZAK" + _hex(54))
_v("lob-api-key", "Lob", "LOB_API_KEY", lambda: "live_" + _hex(35))
_v("trello-token", "Trello", "TRELLO_TOKEN", lambda: "ATTA" + _hex(64) + _hexu(8))
_v("clickup-token", "ClickUp", "CLICKUP_API_TOKEN", lambda: "pk_" + _num(8) + "_" + _up(32), "Authorization", "", "api.clickup.com")
_v("todoist-token", "Todoist", "TODOIST_API_TOKEN", lambda: _hex(40), *_BEARER, host="api.todoist.com")
_v("pipedrive-token", "Pipedrive", "PIPEDRIVE_API_TOKEN", lambda: _hex(40), "x-api-token", "", "api.pipedrive.com")
_v("zoho-refresh-token", "Zoho", "ZOHO_REFRESH_TOKEN", lambda: "1000." + _hex(32) + "." + _hex(32))
_v("typeform-token", "Typeform", "TYPEFORM_TOKEN", lambda: "tfp_" + _b64u(44) + "_" + _b62(14), *_BEARER, host="api.typeform.com")
_v("monday-api-token", "monday.com", "MONDAY_API_TOKEN", lambda: _jwt({"tid": _R.randint(10 ** 8, 10 ** 9), "aai": 11, "uid": _R.randint(10 ** 7, 10 ** 8), "iad": "2024-04-02T09:14:11.000Z", "per": "me:write", "actid": _R.randint(10 ** 6, 10 ** 7), "rgn": "euc1"}), "Authorization", "", "api.monday.com")
_v("line-channel-access-token", "LINE Messaging API", "LINE_CHANNEL_ACCESS_TOKEN", lambda: _b64c(171) + "=", *_BEARER, host="api.line.me")
_v("dingtalk-robot-secret", "DingTalk", "DINGTALK_SECRET", lambda: "SEC" + _hex(64))
_v("kakao-rest-api-key", "Kakao", "KAKAO_REST_API_KEY", lambda: _hex(32), "Authorization", "KakaoAK ", "dapi.kakao.com")
_v("mixpanel-service-account-secret", "Mixpanel", "MIXPANEL_SERVICE_ACCOUNT_SECRET", lambda: _b62(32))
_v("amplitude-secret-key", "Amplitude", "AMPLITUDE_SECRET_KEY", lambda: _hex(32))
_v("customerio-app-api-key", "Customer.io", "CUSTOMERIO_APP_API_KEY", lambda: _hex(32), *_BEARER, host="api.customer.io")
_v("checkly-api-key", "Checkly", "CHECKLY_API_KEY", lambda: "cu_" + _hex(32), *_BEARER, host="api.checklyhq.com")
_v("uptimerobot-api-key", "UptimeRobot", "UPTIMEROBOT_API_KEY", lambda: "u" + _num(7) + "-" + _hex(24))
_v("betterstack-token", "Better Stack", "LOGTAIL_SOURCE_TOKEN", lambda: _b62(24), *_BEARER, host="in.logs.betterstack.com")
_v("browserstack-access-key", "BrowserStack", "BROWSERSTACK_ACCESS_KEY", lambda: _b62(20))
_v("saucelabs-access-key", "Sauce Labs", "SAUCE_ACCESS_KEY", _uuid)
_v("percy-token", "Percy", "PERCY_TOKEN", lambda: "web_" + _hex(64))
_v("chromatic-project-token", "Chromatic", "CHROMATIC_PROJECT_TOKEN", lambda: "chpt_" + _hex(15))
_v("cypress-record-key", "Cypress Cloud", "CYPRESS_RECORD_KEY", _uuid)
_v("stytch-secret", "Stytch", "STYTCH_SECRET", lambda: "secret-live-" + _b64u(36))
_v("clerk-secret-key", "Clerk", "CLERK_SECRET_KEY", lambda: "sk_live_" + _b62(40), *_BEARER, host="api.clerk.com")
_v("workos-api-key", "WorkOS", "WORKOS_API_KEY", lambda: "sk_" + _b62(58), *_BEARER, host="api.workos.com")
_v("sendbird-api-token", "Sendbird", "SENDBIRD_API_TOKEN", lambda: _hex(40), "Api-Token", "", "api-" + "A1B2C3D4" + ".sendbird.com")
_v("typesense-admin-key", "Typesense", "TYPESENSE_API_KEY", lambda: _b62(32), "X-TYPESENSE-API-KEY", "", "xyz123.a1.typesense.net")
_v("scaleway-secret-key", "Scaleway", "SCW_SECRET_KEY", _uuid, "X-Auth-Token", "", "api.scaleway.com")
_v("ovh-application-secret", "OVHcloud", "OVH_APPLICATION_SECRET", lambda: _b62(32))
_v("backblaze-application-key", "Backblaze B2", "B2_APPLICATION_KEY", lambda: "K005" + _b62(27))
_v("imagekit-private-key", "ImageKit", "IMAGEKIT_PRIVATE_KEY", lambda: "private_" + _b64c(27) + "=")
_v("uploadthing-secret", "UploadThing", "UPLOADTHING_SECRET", lambda: "sk_live_" + _hex(64))
_v("liveblocks-secret", "Liveblocks", "LIVEBLOCKS_SECRET_KEY", lambda: "sk_prod_" + _b64u(48), *_BEARER, host="api.liveblocks.io")
_v("courier-auth-token", "Courier", "COURIER_AUTH_TOKEN", lambda: "pk_prod_" + _up(28), *_BEARER, host="api.courier.com")
_v("lokalise-token", "Lokalise", "LOKALISE_API_TOKEN", lambda: _hex(40), "X-Api-Token", "", "api.lokalise.com")
_v("crowdin-token", "Crowdin", "CROWDIN_PERSONAL_TOKEN", lambda: _hex(80), *_BEARER, host="api.crowdin.com")
_v("harness-pat", "Harness", "HARNESS_API_KEY", lambda: "pat." + _b64u(22) + "." + _hex(24) + "." + _b62(20), "x-api-key", "", "app.harness.io")
_v("octopus-api-key", "Octopus Deploy", "OCTOPUS_API_KEY", lambda: "API-" + _up(26), "X-Octopus-ApiKey", "", "acme.octopus.app")
_v("prefect-api-key", "Prefect Cloud", "PREFECT_API_KEY", lambda: "pnu_" + _b62(36), *_BEARER, host="api.prefect.cloud")
_v("dagster-cloud-token", "Dagster+", "DAGSTER_CLOUD_API_TOKEN", lambda: "user:" + _hex(32), "Dagster-Cloud-Api-Token", "", "acme.dagster.cloud")
_v("dbt-cloud-token", "dbt Cloud", "DBT_CLOUD_API_TOKEN", lambda: "dbtc_" + _b64u(54), "Authorization", "Token ", "cloud.getdbt.com")
_v("runpod-api-key", "RunPod", "RUNPOD_API_KEY", lambda: "rpa_" + _up(46), *_BEARER, host="api.runpod.io")
_v("rapidapi-key", "RapidAPI", "RAPIDAPI_KEY", _rapidapi, "X-RapidAPI-Key", "", "weatherapi-com.p.rapidapi.com")
_v("jsonbin-master-key", "JSONBin", "JSONBIN_MASTER_KEY", _jsonbin_master, "X-Master-Key", "", "api.jsonbin.io")
_v("ipinfo-token", "IPinfo", "IPINFO_TOKEN", lambda: _hex(14), *_BEARER, host="ipinfo.io")
_v("mailersend-token", "MailerSend", "MAILERSEND_API_KEY", lambda: "mlsn." + _hex(64), *_BEARER, host="api.mailersend.com")
_v("loops-api-key", "Loops", "LOOPS_API_KEY", lambda: _hex(32), *_BEARER, host="app.loops.so")
_v("hunter-api-key", "Hunter", "HUNTER_API_KEY", lambda: _hex(40))
_v("serpapi-key", "SerpApi", "SERPAPI_API_KEY", lambda: _hex(64))
_v("firecrawl-api-key", "Firecrawl", "FIRECRAWL_API_KEY", lambda: "fc-" + _hex(32), *_BEARER, host="api.firecrawl.dev")
_v("tavily-api-key", "Tavily", "TAVILY_API_KEY", lambda: "tvly-" + _b62(32), *_BEARER, host="api.tavily.com")
_v("exa-api-key", "Exa", "EXA_API_KEY", _uuid, "x-api-key", "", "api.exa.ai")
_v("browserbase-api-key", "Browserbase", "BROWSERBASE_API_KEY", lambda: "bb_live_" + _b64u(27), "X-BB-API-Key", "", "api.browserbase.com")
_v("e2b-api-key", "E2B", "E2B_API_KEY", lambda: "e2b_" + _hex(40))
_v("modal-token-secret", "Modal", "MODAL_TOKEN_SECRET", lambda: "as-" + _b62(22))
_v("portkey-api-key", "Portkey", "PORTKEY_API_KEY", lambda: _b64c(32), "x-portkey-api-key", "", "api.portkey.ai")
_v("helicone-api-key", "Helicone", "HELICONE_API_KEY", lambda: "sk-helicone-" + _low(7) + "-" + _low(7) + "-" + _low(7) + "-" + _low(7), "Helicone-Auth", "Bearer ", "oai.helicone.ai")


# ---------------------------------------------------------------------------
# emission helpers
# ---------------------------------------------------------------------------
_OUT = []


def _gen_value(gen):
    if callable(gen):
        return gen()
    if gen in _VEND:
        return _VEND[gen][2]()
    return _named(gen)


def _emit(group, fmt, tmpl, gen, vis="", n=1, extra=None):
    for _ in range(n):
        cache = {}
        if isinstance(gen, str) and gen in _VEND:
            label, env, _g, hname, hpre, host = _VEND[gen]
            cache["L"] = label
            cache["ENV"] = env
            cache["LENV"] = env.lower()
            cache["HN"] = hname or "Authorization"
            cache["HP"] = hpre if hname else "Bearer "
            cache["API"] = host or ("api." + _re.sub(r"[^a-z0-9]", "", label.lower()) + ".com")
        if extra:
            for k, val in extra.items():
                cache[k] = val() if callable(val) else val
        v = _gen_value(gen)
        payload, secret = v if isinstance(v, tuple) else (v, v)
        cache["S"] = payload
        text = _fill(tmpl, cache)
        visible = _fill(vis, cache) if vis else ""
        _OUT.append((group, fmt, text, secret, visible))


def _table(group, rows, default_n=1):
    """rows: (format, template, generator, visible[, n])"""
    for row in rows:
        fmt, tmpl, gen, vis = row[:4]
        n = row[4] if len(row) > 4 else default_n
        _emit(group, fmt, tmpl, gen, vis, n)


# ---------------------------------------------------------------------------
# group: vendor-token -- every vendor's token shape in a few everyday contexts
# ---------------------------------------------------------------------------
_VCTX = [
    ("in-dotenv", "§ENV§=§S§", "§ENV§"),
    ("in-shell-export", "export §ENV§=§S§", "§ENV§"),
    ("in-quoted-export", "export §ENV§=\"§S§\"", "§ENV§"),
    ("in-mcp-json-env", "{\n  \"env\": {\n    \"§ENV§\": \"§S§\",\n    \"LOG_LEVEL\": \"debug\"\n  }\n}", "LOG_LEVEL"),
    ("in-yaml-env-map", "env:\n  §ENV§: §S§\n  LOG_LEVEL: info", "§ENV§"),
    ("printenv-output", "$ printenv §ENV§\n§S§", "printenv §ENV§"),
    ("in-git-diff-added-line", "@@ -3,6 +3,7 @@\n NODE_ENV=production\n+§ENV§=§S§\n PORT=8080", "NODE_ENV=production"),
    ("in-debug-log-line", "§ISO§ DEBUG [§L§ client] init with credential §S§ (source=env:§ENV§)", "source=env:§ENV§"),
    ("in-error-message", "Error: §L§ API request failed (401 Unauthorized) using key '§S§' - check that it has not been revoked", "401 Unauthorized"),
    ("in-docker-inspect-env", "\"Env\": [\n    \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\",\n    \"§ENV§=§S§\",\n    \"TZ=UTC\"\n]", "TZ=UTC"),
    ("in-python-repl", ">>> os.environ[\"§ENV§\"]\n'§S§'", "os.environ"),
    ("in-node-repl", "> process.env.§ENV§\n'§S§'", "process.env"),
    ("in-k8s-secret-stringdata", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: §REPO§-secrets\nstringData:\n  §ENV§: \"§S§\"", "kind: Secret"),
    ("in-github-env-echo", "Run echo \"§ENV§=§S§\" >> \"$GITHUB_ENV\"", "GITHUB_ENV"),
    ("in-ripgrep-hit", "$ rg -n §LENV§ src/\nsrc/config/settings.ts:14:  §LENV§: \"§S§\",", "src/config/settings.ts"),
    ("in-powershell-env", "PS C:\\dev\\§REPO§> $env:§ENV§ = \"§S§\"", "$env:§ENV§"),
    ("in-fish-set", "set -gx §ENV§ §S§", "set -gx"),
    ("in-windows-cmd-set", "C:\\Users\\§P§> set §ENV§=§S§", "set §ENV§"),
    ("in-dockerfile-env", "FROM node:20-alpine\nENV §ENV§=§S§\nRUN npm ci --omit=dev", "FROM node:20-alpine"),
    ("in-toml-table", "[secrets]\n§LENV§ = \"§S§\"", "[secrets]"),
    ("in-markdown-inline-code", "New §L§ key for the sandbox: `§S§`", "New §L§ key"),
    ("in-jupyter-cell", "In [3]: §LENV§ = \"§S§\"\n\nIn [4]: client = make_client(§LENV§)", "make_client"),
    ("in-vercel-env-pull", "# Created by Vercel CLI\n§ENV§=\"§S§\"\nVERCEL_ENV=\"development\"", "Created by Vercel CLI"),
    ("in-systemd-environment", "[Service]\nEnvironment=§ENV§=§S§\nExecStart=/usr/local/bin/§REPO§", "ExecStart"),
    ("in-launchctl-setenv", "launchctl setenv §ENV§ §S§", "launchctl setenv"),
    ("in-heroku-config-output", "=== §ORG§-api Config Vars\n§ENV§:   §S§\nWEB_CONCURRENCY: 2", "Config Vars"),
    ("in-json-api-response", "{\"id\": \"§UUID§\", \"name\": \"ci\", \"token\": \"§S§\", \"created_at\": \"§ISO§\"}", "\"name\": \"ci\""),
    ("in-docker-run-e", "docker run --rm -e §ENV§=§S§ ghcr.io/§ORG§/§REPO§:§SEM§", "docker run --rm"),
    ("in-terraform-tfvars", "§LENV§ = \"§S§\"", "§LENV§"),
    ("in-sentry-breadcrumb", "breadcrumb: http POST https://§API§ headers={\"user-agent\": \"§REPO§/§SEM§\", \"key\": \"§S§\"}", "breadcrumb"),
]


def _emit_vendor_tokens():
    ci = 0
    for idx, vk in enumerate(_VORDER):
        reps = 2 if idx < 24 else 1
        for _ in range(reps):
            slug, tmpl, vis = _VCTX[ci % len(_VCTX)]
            ci += 7
            _emit("vendor-token", vk + "-" + slug, tmpl, vk, vis)


# ---------------------------------------------------------------------------
# group: http-header -- vendor tokens in request headers
# ---------------------------------------------------------------------------
_HCTX = [
    ("raw-http-request", "GET /v1/me HTTP/1.1\nHost: §API§\n§HN§: §HP§§S§\nAccept: application/json\nUser-Agent: §REPO§/§SEM§", "Host: §API§"),
    ("curl-header", "curl -sS https://§API§/v1/projects -H '§HN§: §HP§§S§' -H 'Accept: application/json'", "Accept: application/json"),
    ("httpie-header", "http GET https://§API§/api/v2/items '§HN§:§HP§§S§'", "http GET"),
    ("curl-verbose-output", "* Connected to §API§ (§PUBIP§) port 443\n> POST /v1/events HTTP/2\n> Host: §API§\n> user-agent: curl/8.5.0\n> accept: */*\n> §HN§: §HP§§S§\n>\n< HTTP/2 201", "user-agent: curl/8.5.0"),
    ("har-entry", "{\"name\": \"§HN§\", \"value\": \"§HP§§S§\"}, {\"name\": \"content-type\", \"value\": \"application/json\"}", "content-type"),
    ("wget-header", "wget --header=\"§HN§: §HP§§S§\" -O out.json https://§API§/v1/export", "out.json"),
    ("fetch-copy-as", "fetch(\"https://§API§/graphql\", {\n  \"headers\": {\n    \"content-type\": \"application/json\",\n    \"§HN§\": \"§HP§§S§\"\n  },\n  \"method\": \"POST\"\n});", "\"method\": \"POST\""),
    ("python-requests-headers", "resp = requests.get(\"https://§API§/v1/usage\", headers={\"§HN§\": \"§HP§§S§\"}, timeout=10)", "timeout=10"),
    ("mitmproxy-dump", "§PUBIP§:443: GET https://§API§/v2/status\n    §HN§: §HP§§S§\n    accept-encoding: gzip\n << 200 OK 312b", "accept-encoding: gzip"),
    ("postman-collection-header", "\"header\": [\n  {\n    \"key\": \"§HN§\",\n    \"value\": \"§HP§§S§\",\n    \"type\": \"text\"\n  }\n]", "\"type\": \"text\""),
    ("go-header-set", "req.Header.Set(\"§HN§\", \"§HP§§S§\")", "req.Header.Set"),
    ("nginx-proxy-set-header", "location /upstream/ {\n    proxy_pass https://§API§;\n    proxy_set_header §HN§ \"§HP§§S§\";\n}", "proxy_pass"),
]


def _emit_vendor_headers():
    ci = 0
    cnt = 0
    for idx, vk in enumerate(_VORDER):
        if not _VEND[vk][3]:
            continue
        cnt += 1
        if cnt % 2 == 0:
            continue
        slug, tmpl, vis = _HCTX[ci % len(_HCTX)]
        ci += 5
        hn = _VEND[vk][3].lower()
        _emit("http-header", "%s-in-%s-%s" % (vk, _re.sub(r"[^a-z0-9]+", "-", hn).strip("-"), slug),
              tmpl, vk, vis)


# ---------------------------------------------------------------------------
# group: cli-argument -- secrets passed on command lines
# ---------------------------------------------------------------------------
_CLI = [
    ("mysql-p-attached-password", "mysql -h §H§ -u §U§ -p§S§ §DB§", "pw_shell", "mysql -h §H§", 2),
    ("mysqldump-password-long-flag", "mysqldump --user=§U§ --password=§S§ --single-transaction §DB§ > /tmp/§DB§.sql", "pw_shell", "--single-transaction", 2),
    ("psql-pgpassword-env-prefix", "PGPASSWORD=§S§ psql -h §H§ -U §U§ -d §DB§ -c 'select count(*) from users'", "pw_shell", "psql -h §H§", 2),
    ("psql-uri-argument", "psql \"postgresql://§U§:§S§@§H§:5432/§DB§?sslmode=require\"", "pw_url", "sslmode=require", 2),
    ("redis-cli-a-flag", "redis-cli -h §H§ -p 6379 -a §S§ --no-auth-warning ping", "pw_shell", "--no-auth-warning", 2),
    ("redis-cli-user-pass-flags", "redis-cli --user default --pass §S§ -h §H§ --tls", "pw_shell", "redis-cli --user default"),
    ("mongosh-password-flag", "mongosh --host §H§ -u §U§ -p '§S§' --authenticationDatabase admin", "pw_sq", "--authenticationDatabase admin", 2),
    ("sqlcmd-capital-p-password-flag", "sqlcmd -S §H§ -U sa -P '§S§' -Q \"SELECT name FROM sys.databases\"", "pw_sq", "sqlcmd -S §H§"),
    ("curl-u-user-password", "curl -u §U§:§S§ https://§H§/api/v1/status", "pw_url", "/api/v1/status", 2),
    ("curl-u-stripe-key-colon", "curl https://api.stripe.com/v1/charges -u §S§: -d limit=3", "stripe-live-secret-key", "api.stripe.com/v1/charges", 2),
    ("curl-user-mailgun-api", "curl -s --user 'api:§S§' https://api.mailgun.net/v3/mg.§ORG§.com/messages -F from='ops@§ORG§.com' -F to=oncall@§ORG§.com -F subject=test", "mailgun-private-key", "api.mailgun.net"),
    ("curl-oauth2-bearer-flag", "curl --oauth2-bearer §S§ https://graph.microsoft.com/v1.0/me", "jwt", "--oauth2-bearer"),
    ("curl-data-urlencode-slack-token", "curl -X POST https://slack.com/api/chat.postMessage --data-urlencode 'token=§S§' --data-urlencode 'channel=#deploys' --data-urlencode 'text=done'", "slack-bot-token", "chat.postMessage"),
    ("curl-form-google-client-secret", "curl -X POST https://oauth2.googleapis.com/token -d client_id=§GCID§ -d client_secret=§S§ -d grant_type=refresh_token -d refresh_token=\"$REFRESH\"", "google-oauth-client-secret", "grant_type=refresh_token"),
    ("curl-twilio-basic-sid-token", "curl -X POST https://api.twilio.com/2010-04-01/Accounts/AC§HEX32§/Messages.json --data-urlencode \"To=+4915112345678\" --data-urlencode \"Body=hi\" -u AC§HEX32§:§S§", "twilio-auth-token", "Messages.json"),
    ("curl-query-api-key", "curl 'https://api.openweathermap.org/data/2.5/weather?q=Berlin&units=metric&appid=§S§'", "openweather-api-key", "units=metric", 2),
    ("wget-password-flag", "wget --user=§U§ --password='§S§' https://artifacts.§ORG§.internal/releases/app-§SEM§.tar.gz", "pw_sq", "wget --user=§U§"),
    ("docker-login-p-flag", "docker login -u §U§ -p §S§ registry.gitlab.com", "gitlab-pat", "registry.gitlab.com", 2),
    ("echo-pipe-docker-password-stdin", "echo '§S§' | docker login ghcr.io -u §U§ --password-stdin", "github-classic-pat", "--password-stdin", 2),
    ("docker-login-dockerhub-pat", "docker login -u §P§ --password §S§", "docker-hub-pat", "docker login -u §P§"),
    ("helm-repo-add-password", "helm repo add internal https://charts.§ORG§.io --username ci --password §S§", "pw_shell", "helm repo add internal"),
    ("git-clone-oauth2-gitlab", "git clone https://oauth2:§S§@gitlab.com/§ORG§/§REPO§.git", "gitlab-pat", "gitlab.com/§ORG§/§REPO§.git", 2),
    ("git-clone-x-access-token", "git clone https://x-access-token:§S§@github.com/§ORG§/§REPO§.git", "github-app-installation-token", "x-access-token", 2),
    ("git-remote-set-url-bitbucket", "git remote set-url origin https://§U§:§S§@bitbucket.org/§ORG§/§REPO§.git", "bitbucket-app-password", "git remote set-url origin"),
    ("git-c-extraheader-basic", "git -c http.extraHeader=\"Authorization: Basic §S§\" fetch origin main", "basic_b64", "http.extraHeader"),
    ("git-push-azure-devops-pat-url", "git push https://build:§S§@dev.azure.com/§ORG§/Platform/_git/§REPO§ HEAD:main", "azure-devops-pat", "dev.azure.com/§ORG§"),
    ("kubectl-create-secret-from-literal", "kubectl create secret generic db-creds --from-literal=username=§U§ --from-literal=password='§S§' -n prod", "pw_sq", "kubectl create secret generic db-creds", 2),
    ("kubectl-create-secret-docker-registry", "kubectl create secret docker-registry regcred --docker-server=ghcr.io --docker-username=§U§ --docker-password=§S§ -n apps", "github-classic-pat", "docker-registry regcred"),
    ("kubectl-set-env-deployment", "kubectl -n prod set env deployment/api STRIPE_SECRET_KEY=§S§", "stripe-live-secret-key", "set env deployment/api"),
    ("kubectl-token-flag", "kubectl --server=https://10.0.0.1:6443 --insecure-skip-tls-verify --token=§S§ get pods -A", "k8s_sa_jwt", "get pods -A"),
    ("vault-kv-put-api-key", "vault kv put secret/payments/stripe api_key=§S§", "stripe-restricted-key", "vault kv put secret/payments/stripe"),
    ("vault-login-token-positional", "vault login §S§", "hashicorp-vault-token", "vault login", 2),
    ("vault-write-userpass-password", "vault write auth/userpass/users/§U§ password='§S§' policies=dev", "pw_sq", "auth/userpass/users/§U§"),
    ("op-item-create-password-field", "op item create --category=login --title='Staging DB' username=§U§ 'password=§S§'", "pw_sq", "op item create"),
    ("gh-secret-set-body", "gh secret set NPM_TOKEN --body '§S§' --repo §ORG§/§REPO§", "npm-access-token", "gh secret set NPM_TOKEN", 2),
    ("gh-auth-login-with-token-herestring", "gh auth login --with-token <<< '§S§'", "github-classic-pat", "gh auth login --with-token"),
    ("az-login-service-principal", "az login --service-principal -u §UUID§ -p §S§ --tenant §UUIDb§", "azure-ad-client-secret", "--service-principal", 2),
    ("az-keyvault-secret-set-value", "az keyvault secret set --vault-name kv-§ORG§-prod --name db-password --value '§S§'", "pw_sq", "az keyvault secret set"),
    ("az-storage-account-key-flag", "az storage blob upload --account-name st§ORG§prod --account-key §S§ -c backups -f db.bak -n db.bak", "azure-storage-account-key", "--account-name st§ORG§prod"),
    ("az-storage-sas-token-flag", "az storage blob list --account-name st§ORG§ -c logs --sas-token '§S§'", "sas_pair", "--account-name st§ORG§"),
    ("gcloud-secrets-create-echo-pipe", "echo -n '§S§' | gcloud secrets create stripe-key --data-file=-", "stripe-live-secret-key", "gcloud secrets create stripe-key"),
    ("aws-configure-set-secret", "aws configure set aws_secret_access_key §S§ --profile prod", "aws-secret-access-key", "--profile prod", 2),
    ("aws-ssm-put-parameter-value", "aws ssm put-parameter --name /prod/api/jwt_secret --type SecureString --value '§S§' --overwrite", "b64_48", "--type SecureString"),
    ("aws-secretsmanager-secret-string-json", "aws secretsmanager create-secret --name prod/db --secret-string '{\"username\":\"§U§\",\"password\":\"§S§\"}'", "pw_sql", "--name prod/db"),
    ("aws-cli-inline-env-credentials", "AWS_ACCESS_KEY_ID=§AKID§ AWS_SECRET_ACCESS_KEY=§S§ aws s3 ls s3://§ORG§-backups/", "aws-secret-access-key", "aws s3 ls", 2),
    ("heroku-config-set", "heroku config:set SENDGRID_API_KEY=§S§ -a §ORG§-api", "sendgrid-api-key", "heroku config:set"),
    ("flyctl-secrets-set", "fly secrets set DATABASE_PASSWORD=§S§ --app §ORG§-web", "pw_shell", "fly secrets set"),
    ("netlify-env-set", "netlify env:set RESEND_API_KEY §S§", "resend-api-key", "netlify env:set RESEND_API_KEY"),
    ("vercel-env-add-echo-pipe", "echo §S§ | vercel env add OPENAI_API_KEY production", "openai-project-key", "vercel env add OPENAI_API_KEY"),
    ("terraform-apply-var-flag", "terraform apply -var 'db_password=§S§' -auto-approve", "pw_sq", "-auto-approve"),
    ("tf-var-env-prefix", "TF_VAR_cloudflare_api_token=§S§ terraform plan -out tfplan", "cloudflare-api-token", "terraform plan"),
    ("ansible-playbook-extra-vars-become-pass", "ansible-playbook site.yml -i inventory/prod -e 'ansible_become_pass=§S§'", "pw_sq", "ansible-playbook site.yml"),
    ("sshpass-p-flag", "sshpass -p '§S§' ssh -o StrictHostKeyChecking=no §U§@§H§ 'sudo systemctl restart app'", "pw_sq", "StrictHostKeyChecking=no", 2),
    ("smbclient-user-percent-password", "smbclient //fileserver/share -U 'CORP\\§U§%§S§' -c 'ls'", "pw_nopct", "smbclient //fileserver/share"),
    ("mc-alias-set-positional-keys", "mc alias set prod https://s3.§ORG§.io §UP20§ §S§", "b62_40", "mc alias set prod"),
    ("s3cmd-secret-key-flag", "s3cmd --access_key=§AKID§ --secret_key=§S§ ls s3://§ORG§-backups", "aws-secret-access-key", "s3cmd --access_key="),
    ("openssl-enc-pass-arg", "openssl enc -aes-256-cbc -pbkdf2 -salt -in backup.tar -out backup.tar.enc -pass pass:§S§", "pw_shell", "-in backup.tar"),
    ("zip-capital-p-password", "zip -r -P §S§ exports.zip ./exports", "pw_shell", "exports.zip"),
    ("7z-p-attached-password", "7z a -p§S§ -mhe=on archive.7z ./data", "pw_shell", "-mhe=on"),
    ("gpg-batch-passphrase", "gpg --batch --pinentry-mode loopback --passphrase '§S§' -d secrets.tar.gpg | tar x", "phrase", "--pinentry-mode loopback"),
    ("keytool-srcstorepass", "keytool -importkeystore -srckeystore app.p12 -srcstoretype PKCS12 -srcstorepass §S§ -destkeystore app.jks", "pw_shell", "-srcstoretype PKCS12"),
    ("java-sysprop-keystore-password", "java -Djavax.net.ssl.keyStore=/etc/app/keystore.jks -Djavax.net.ssl.keyStorePassword=§S§ -jar app.jar", "pw_shell", "-jar app.jar"),
    ("mvn-sysprop-password-deploy", "mvn deploy -DrepositoryId=nexus -Dusername=ci -Dpassword=§S§", "pw_shell", "-DrepositoryId=nexus"),
    ("gradle-project-prop-signing-password", "./gradlew publish -PsigningKeyId=§HEXU8§ -PsigningPassword=§S§", "pw_shell", "./gradlew publish"),
    ("npm-config-set-authtoken", "npm config set //registry.npmjs.org/:_authToken §S§", "npm-access-token", "npm config set", 2),
    ("yarn-config-set-npmauthtoken", "yarn config set npmAuthToken §S§", "npm-access-token", "yarn config set npmAuthToken"),
    ("pip-install-index-url-credentials", "pip install --index-url https://§U§:§S§@pypi.§ORG§.internal/simple/ internal-lib==§SEM§", "pw_url", "pip install --index-url"),
    ("twine-upload-p-token", "twine upload -u __token__ -p §S§ dist/*", "pypi-api-token", "twine upload -u __token__", 2),
    ("cargo-login-token", "cargo login §S§", "crates-io-token", "cargo login"),
    ("gem-push-env-prefix", "GEM_HOST_API_KEY=§S§ gem push pkg/§REPO§-§SEM§.gem", "rubygems-api-key", "gem push"),
    ("dotnet-nuget-push-k", "dotnet nuget push bin/Release/*.nupkg -k §S§ -s https://api.nuget.org/v3/index.json", "nuget-api-key", "dotnet nuget push"),
    ("dotnet-nuget-add-source-p", "dotnet nuget add source https://pkgs.dev.azure.com/§ORG§/_packaging/feed/nuget/v3/index.json -n feed -u ci -p §S§ --store-password-in-clear-text", "azure-devops-pat", "--store-password-in-clear-text"),
    ("composer-config-http-basic", "composer config --global http-basic.repo.packagist.com token §S§", "hex40", "http-basic.repo.packagist.com"),
    ("poetry-config-pypi-token", "poetry config pypi-token.pypi §S§", "pypi-api-token", "poetry config pypi-token.pypi"),
    ("databricks-configure-token-echo", "echo '§S§' | databricks configure --host https://adb-§N16§.12.azuredatabricks.net --token", "databricks-pat", "databricks configure"),
    ("doctl-auth-init-t", "doctl auth init -t §S§", "digitalocean-pat", "doctl auth init", 2),
    ("ngrok-config-add-authtoken", "ngrok config add-authtoken §S§", "ngrok-authtoken", "ngrok config add-authtoken", 2),
    ("tailscale-up-authkey", "sudo tailscale up --authkey=§S§ --advertise-tags=tag:ci", "tailscale-auth-key", "--advertise-tags=tag:ci", 2),
    ("cloudflared-tunnel-run-token", "cloudflared tunnel --no-autoupdate run --token §S§", "cloudflare-tunnel-token", "cloudflared tunnel --no-autoupdate"),
    ("stripe-cli-listen-api-key", "stripe listen --api-key §S§ --forward-to localhost:4242/webhook", "stripe-restricted-key", "--forward-to localhost:4242/webhook"),
    ("sentry-cli-auth-token", "sentry-cli --auth-token §S§ releases new -p web §SEM§", "sentry-org-token", "releases new"),
    ("codecov-uploader-t", "./codecov -t §S§ -f coverage.xml -F unittests", "codecov-token", "coverage.xml"),
    ("sonar-scanner-sysprop-token", "sonar-scanner -Dsonar.projectKey=§ORG§_api -Dsonar.host.url=https://sonar.§ORG§.io -Dsonar.token=§S§", "sonarqube-user-token", "sonar.projectKey"),
    ("snyk-auth-positional", "snyk auth §S§", "snyk-token", "snyk auth"),
    ("jf-config-add-access-token", "jf c add prod --url=https://§ORG§.jfrog.io --access-token=§S§ --interactive=false", "jfrog-reference-token", "--interactive=false"),
    ("firebase-deploy-token-flag", "firebase deploy --only hosting --token \"§S§\"", "google-oauth-refresh-token", "firebase deploy --only hosting"),
    ("xcrun-altool-app-specific-password", "xcrun altool --upload-app -f App.ipa -t ios -u dev@§ORG§.com -p §S§", "apple_app_pw", "xcrun altool --upload-app"),
    ("docker-run-e-postgres-password", "docker run -d --name pg -e POSTGRES_PASSWORD=§S§ -p 5432:5432 postgres:16", "pw_shell", "postgres:16", 2),
    ("helm-upgrade-set-auth-password", "helm upgrade --install redis bitnami/redis --set auth.password=§S§ -n cache", "pw_shell", "bitnami/redis"),
    ("consul-kv-get-token-flag", "consul kv get -token=§S§ config/api/feature_flags", "consul-acl-token", "consul kv get"),
    ("nomad-token-env-prefix", "NOMAD_TOKEN=§S§ nomad job run api.nomad.hcl", "nomad-token", "nomad job run"),
    ("etcdctl-user-root-colon", "etcdctl --endpoints=https://10.0.0.5:2379 --user root:§S§ get /config --prefix", "pw_url", "etcdctl --endpoints"),
    ("influx-query-token-flag", "influx query 'from(bucket:\"metrics\") |> range(start:-1h)' --org §ORG§ --token §S§", "influx_token", "influx query"),
    ("mosquitto-pub-capital-p-password", "mosquitto_pub -h mqtt.§ORG§.io -p 8883 -u sensor01 -P §S§ -t 'plant/temp' -m 21.4", "pw_shell", "mosquitto_pub -h"),
    ("lftp-u-user-comma-password", "lftp -u §U§,§S§ sftp://files.§ORG§.com", "pw_nocomma", "lftp -u §U§"),
    ("rsync-password-env-prefix", "RSYNC_PASSWORD=§S§ rsync -av rsync://backup@§H§/module/ ./restore/", "pw_shell", "./restore/"),
    ("svn-checkout-password-flag", "svn checkout https://svn.§ORG§.com/repos/legacy --username §U§ --password §S§ --non-interactive", "pw_shell", "--non-interactive"),
    ("nmcli-wifi-connect-password", "nmcli dev wifi connect 'Office-5G' password '§S§'", "pw_sq", "nmcli dev wifi connect"),
    ("wpa-passphrase-ssid-password", "wpa_passphrase HomeNet '§S§' >> /etc/wpa_supplicant/wpa_supplicant.conf", "pw_sq", "wpa_passphrase HomeNet"),
    ("mount-cifs-password-option", "sudo mount -t cifs //nas/backups /mnt/backups -o username=§U§,password=§S§,vers=3.0", "pw_nocomma", "mount -t cifs"),
    ("ipmitool-capital-p-password", "ipmitool -I lanplus -H 10.10.0.21 -U ADMIN -P §S§ chassis power status", "pw_shell", "chassis power status"),
    ("net-use-windows-password", "net use Z: \\\\files01\\eng /user:CORP\\§U§ §S§ /persistent:no", "pw_shell", "/persistent:no"),
    ("cmdkey-pass-flag", "cmdkey /generic:TERMSRV/jump01 /user:CORP\\§U§ /pass:§S§", "pw_shell", "cmdkey /generic:TERMSRV/jump01"),
    ("sc-config-service-password", "sc.exe config AcmeAgent obj= \"CORP\\svc_agent\" password= \"§S§\"", "pw_dq", "sc.exe config AcmeAgent"),
    ("psexec-p-password", "psexec \\\\build02 -u CORP\\§U§ -p §S§ cmd /c ipconfig", "pw_shell", "cmd /c ipconfig"),
    ("ldapsearch-w-bind-password", "ldapsearch -x -H ldaps://ldap.§ORG§.com -D 'cn=admin,dc=§ORG§,dc=com' -w '§S§' -b 'ou=people,dc=§ORG§,dc=com'", "pw_sq", "ldapsearch -x -H"),
    ("rabbitmqctl-add-user-password", "rabbitmqctl add_user §U§ '§S§'", "pw_sq", "rabbitmqctl add_user §U§"),
    ("htpasswd-b-batch-password", "htpasswd -b -c /etc/nginx/.htpasswd §U§ '§S§'", "pw_sq", "/etc/nginx/.htpasswd"),
    ("wp-cli-user-create-pass", "wp user create qa qa@§ORG§.com --role=administrator --user_pass='§S§'", "pw_sq", "--role=administrator"),
    ("hcloud-token-env-prefix", "HCLOUD_TOKEN=§S§ hcloud server list", "hetzner-cloud-token", "hcloud server list"),
    ("linode-cli-token-env-prefix", "LINODE_CLI_TOKEN=§S§ linode-cli linodes list", "linode-token", "linode-cli linodes list"),
    ("pulumi-access-token-env-prefix", "PULUMI_ACCESS_TOKEN=§S§ pulumi up --yes --stack prod", "pulumi-access-token", "pulumi up --yes"),
    ("gitlab-runner-register-token", "gitlab-runner register --non-interactive --url https://gitlab.com --token §S§ --executor docker --docker-image alpine:3.19", "gitlab-runner-auth-token", "gitlab-runner register"),
    ("gitlab-runner-register-legacy-registration-token", "gitlab-runner register --url https://gitlab.§ORG§.com --registration-token §S§ --executor shell", "gitlab-runner-registration-token", "--executor shell"),
    ("glab-auth-login-token", "glab auth login --hostname gitlab.§ORG§.com --token §S§", "gitlab-pat", "glab auth login"),
    ("kubeadm-join-token-with-ca-hash", "kubeadm join 10.0.0.10:6443 --token §S§ --discovery-token-ca-cert-hash sha256:§HEX64§", "k8s_bootstrap", "--discovery-token-ca-cert-hash", 2),
    ("k3s-install-agent-token", "curl -sfL https://get.k3s.io | K3S_URL=https://10.0.0.10:6443 K3S_TOKEN=§S§ sh -", "k3s_token", "get.k3s.io"),
    ("docker-swarm-join-token", "docker swarm join --token §S§ 10.0.0.10:2377", "swarm_token", "docker swarm join", 2),
    ("sqlplus-user-slash-password", "sqlplus §U§/§S§@//§H§:1521/ORCLPDB1", "pw_oracle", "ORCLPDB1"),
    ("clickhouse-client-password-flag", "clickhouse-client --host §H§ --secure --user default --password '§S§'", "pw_sq", "clickhouse-client --host"),
    ("snowsql-pwd-env-prefix", "SNOWSQL_PWD='§S§' snowsql -a xy12345.eu-central-1 -u §U§ -d ANALYTICS", "pw_sq", "snowsql -a"),
    ("cqlsh-p-password", "cqlsh §H§ 9042 -u cassandra -p §S§ --ssl", "pw_shell", "9042 -u cassandra"),
    ("cypher-shell-p-password", "cypher-shell -a neo4j+s://§LOW8§.databases.neo4j.io -u neo4j -p §S§", "pw_shell", "cypher-shell -a"),
    ("httpie-auth-a-flag", "http -a §U§:§S§ GET https://§H§/api/health", "pw_url", "/api/health"),
    ("ssh-keygen-new-passphrase-flag", "ssh-keygen -t ed25519 -N '§S§' -f ~/.ssh/deploy_ed25519 -C deploy@ci", "phrase", "~/.ssh/deploy_ed25519"),
    ("openssl-pkcs12-passout", "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:§S§", "pw_shell", "-out bundle.p12"),
    ("wget-ftp-url-credentials", "wget ftp://§U§:§S§@ftp.§ORG§.com/outgoing/report.csv", "pw_url", "report.csv"),
    ("redis-cli-u-rediss-url", "redis-cli -u rediss://default:§S§@§LOW8§.upstash.io:6379", "upstash_pw", "upstash.io:6379"),
    ("mongoimport-uri-credentials", "mongoimport --uri 'mongodb+srv://§U§:§S§@cluster0.§LOW5§.mongodb.net/§DB§' --collection events --file events.json", "pw_url", "--collection events"),
    ("ffmpeg-rtmp-stream-key", "ffmpeg -re -i show.mp4 -c copy -f flv rtmp://a.rtmp.youtube.com/live2/§S§", "yt_stream_key", "rtmp://a.rtmp.youtube.com/live2/"),
    ("curl-upload-pypi-token-basic", "curl -F ':action=file_upload' -u __token__:§S§ https://upload.pypi.org/legacy/", "pypi-api-token", "upload.pypi.org"),
    ("curl-openai-shell-continuation-wrapped", "curl https://api.openai.com/v1/models \\\n  -H \"Authorization: Bearer §S§\"", lambda: (lambda k: (k[:60] + "\\\n" + k[60:], k[:60] + "\\\n" + k[60:]))(_VEND["openai-project-key"][2]()), "api.openai.com/v1/models", 2),
    ("gcloud-sql-users-set-password", "gcloud sql users set-password §U§ --instance=prod-pg --password='§S§'", "pw_sq", "--instance=prod-pg"),
    ("mc-admin-user-add", "mc admin user add prod §U§ §S§", "pw_shell", "mc admin user add prod"),
    ("rclone-config-create-pass", "rclone config create nas sftp host §H§ user §U§ pass §S§ --obscure", "pw_shell", "rclone config create nas sftp"),
    ("pg-dump-dbname-uri", "pg_dump --dbname=postgresql://§U§:§S§@§H§:5432/§DB§ -Fc -f §DB§.dump", "pw_url", "-Fc -f"),
    ("curl-elastic-user-password", "curl -k -u elastic:§S§ https://localhost:9200/_cat/indices?v", "pw_url", "_cat/indices"),
    ("grpcurl-authorization-header", "grpcurl -H 'authorization: Bearer §S§' api.§ORG§.io:443 orders.v1.OrderService/ListOrders", "jwt", "OrderService/ListOrders"),
    ("swaks-auth-password", "swaks --to qa@§ORG§.com --server smtp.§ORG§.com:587 --auth LOGIN --auth-user §U§ --auth-password '§S§' --tls", "pw_sq", "--auth LOGIN"),
    ("openvpn-askpass-echo", "echo '§S§' > /tmp/pass && sudo openvpn --config client.ovpn --askpass /tmp/pass", "pw_sq", "--config client.ovpn"),
    ("ssh-copy-id-sshpass", "sshpass -p §S§ ssh-copy-id -i ~/.ssh/id_ed25519.pub pi@192.168.1.50", "pw_shell", "ssh-copy-id"),
    ("terraform-cloud-login-token-env", "TF_TOKEN_app_terraform_io=§S§ terraform init", "terraform-cloud-token", "terraform init"),
    ("supabase-link-password", "supabase link --project-ref §LOW20§ --password '§S§'", "pw_sq", "supabase link --project-ref"),
    ("prisma-db-url-inline", "DATABASE_URL=\"mysql://§U§:§S§@§H§:3306/§DB§\" npx prisma migrate deploy", "pw_url", "npx prisma migrate deploy"),
    ("curl-telegram-bot-api", "curl -s \"https://api.telegram.org/bot§S§/sendMessage\" -d chat_id=-100§N10§ -d text=\"deploy ok\"", "telegram-bot-token", "sendMessage"),
    ("curl-discord-webhook-url", "curl -H 'Content-Type: application/json' -d '{\"content\":\"build failed\"}' https://discord.com/api/webhooks/§N19§/§S§", "b64u_68", "discord.com/api/webhooks"),
]

# ---------------------------------------------------------------------------
# group: terminal-session -- commands together with their (secret-bearing) output
# ---------------------------------------------------------------------------
_TERM = [
    ("aws-configure-interactive-prompts", "$ aws configure --profile prod\nAWS Access Key ID [None]: §AKID§\nAWS Secret Access Key [None]: §S§\nDefault region name [None]: §REG§\nDefault output format [None]: json", "aws-secret-access-key", "Default region name", 2),
    ("gh-auth-token-output", "$ gh auth token\n§S§", "github-oauth-token", "gh auth token", 2),
    ("heroku-auth-token-output", "$ heroku auth:token\n ›   Warning: token will expire 05/14/2025\n ›   Use heroku authorizations:create to generate a long-term token\n§S§", "heroku-api-key", "heroku auth:token"),
    ("op-read-output", "$ op read \"op://Private/Stripe prod/credential\"\n§S§", "stripe-live-secret-key", "op read", 2),
    ("vault-token-create-table", "$ vault token create -policy=ci -ttl=768h\nKey                  Value\n---                  -----\ntoken                §S§\ntoken_accessor       §B62_24§\ntoken_duration       768h\ntoken_renewable      true\ntoken_policies       [\"ci\" \"default\"]", "hashicorp-vault-token", "token_duration", 2),
    ("kubectl-get-secret-base64-decode", "$ kubectl get secret db-creds -n prod -o jsonpath='{.data.password}' | base64 -d\n§S§", "pw", "kubectl get secret db-creds", 2),
    ("openssl-rand-hex-new-session-secret", "$ openssl rand -hex 32   # new SESSION_SECRET for prod\n§S§", "hex64", "openssl rand -hex 32"),
    ("openssl-rand-base64-jwt-secret", "$ openssl rand -base64 32  # JWT_SECRET for staging\n§S§", "b64_32", "JWT_SECRET for staging"),
    ("rails-secret-output", "$ bin/rails secret\n§S§", "hex128", "bin/rails secret"),
    ("artisan-key-generate-show", "$ php artisan key:generate --show\nbase64:§S§", "b64_32", "key:generate --show"),
    ("python-secrets-token-urlsafe", "$ python3 -c 'import secrets; print(secrets.token_urlsafe(32))'\n§S§", "b64u_43", "secrets.token_urlsafe"),
    ("wg-genkey-cat-privatekey", "$ wg genkey | tee privatekey | wg pubkey > publickey\n$ cat privatekey\n§S§", "wg_key", "cat privatekey"),
    ("age-keygen-output", "$ age-keygen -o key.txt\nPublic key: §AGEPUB§\n$ cat key.txt\n# created: 2024-05-13T09:12:44+02:00\n# public key: §AGEPUB§\n§S§", "age_secret", "# public key:"),
    ("az-ad-sp-create-for-rbac-json", "$ az ad sp create-for-rbac --name ci-deployer --role Contributor --scopes /subscriptions/§UUIDs§\n{\n  \"appId\": \"§UUID§\",\n  \"displayName\": \"ci-deployer\",\n  \"password\": \"§S§\",\n  \"tenant\": \"§UUIDt§\"\n}", "azure-ad-client-secret", "\"displayName\": \"ci-deployer\"", 2),
    ("gcloud-auth-print-access-token", "$ gcloud auth print-access-token\n§S§", "google-oauth-access-token", "gcloud auth print-access-token"),
    ("aws-iam-create-access-key-json", "$ aws iam create-access-key --user-name ci-bot\n{\n    \"AccessKey\": {\n        \"UserName\": \"ci-bot\",\n        \"AccessKeyId\": \"§AKID§\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"§S§\",\n        \"CreateDate\": \"2024-05-13T08:41:12+00:00\"\n    }\n}", "aws-secret-access-key", "\"Status\": \"Active\"", 2),
    ("aws-sts-assume-role-query-secret", "$ aws sts assume-role --role-arn arn:aws:iam::§N12§:role/deployer --role-session-name ci --query Credentials.SecretAccessKey --output text\n§S§", "aws-secret-access-key", "--role-session-name ci"),
    ("npm-token-create-table", "$ npm token create --read-only\n┌────────────────┬──────────────────────────────────────────┐\n│ token          │ §S§ │\n├────────────────┼──────────────────────────────────────────┤\n│ readonly       │ true                                     │\n│ created        │ 2024-05-13T10:02:51.447Z                 │\n└────────────────┴──────────────────────────────────────────┘", "npm-access-token", "readonly"),
    ("mysql-password-prompt-echoed", "$ mysql -u root -p\nEnter password: §S§\nERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)", "pw", "Enter password:", 2),
    ("psql-password-prompt-echoed", "$ psql -h §H§ -U §U§ §DB§\nPassword for user §U§: §S§\npsql (16.2)\nSSL connection (protocol: TLSv1.3, cipher: TLS_AES_256_GCM_SHA384)\n§DB§=>", "pw", "psql (16.2)"),
    ("sudo-stdin-herestring-password", "$ sudo -S systemctl restart nginx <<< '§S§'\n[sudo] password for §U§:", "pw_sq", "systemctl restart nginx"),
    ("ssh-password-prompt-typed", "$ ssh §U§@§H§\n§U§@§H§'s password: §S§\nPermission denied, please try again.", "pw", "Permission denied", 2),
    ("redis-cli-auth-in-session", "$ redis-cli -h §H§\n§H§:6379> AUTH §S§\nOK\n§H§:6379> INFO keyspace\n# Keyspace\ndb0:keys=1832,expires=12,avg_ttl=0", "pw_shell", "INFO keyspace"),
    ("mongosh-db-auth-in-session", "test> use admin\nswitched to db admin\nadmin> db.auth(\"§U§\", \"§S§\")\n{ ok: 1 }", "pw_sql", "switched to db admin"),
    ("psql-alter-role-in-session", "postgres=# ALTER ROLE §U§ WITH PASSWORD '§S§';\nALTER ROLE\npostgres=# \\q", "pw_sql", "postgres=#"),
    ("twitch-irc-pass-oauth", "< PASS oauth:§S§\n< NICK §U§\n> :tmi.twitch.tv 001 §U§ :Welcome, GLHF!", "twitch-oauth-token", "tmi.twitch.tv"),
    ("docker-login-interactive-echoed", "$ docker login registry.§ORG§.io\nUsername: §U§\nPassword: §S§\nLogin Succeeded", "pw", "Login Succeeded"),
    ("vault-operator-init-single-share", "$ vault operator init -key-shares=1 -key-threshold=1\nUnseal Key 1: §S§\n\nInitial Root Token: (moved to 1Password)\n\nVault initialized with 1 key shares and a key threshold of 1.", "b64_32", "Vault initialized with 1 key shares"),
    ("jenkins-initial-admin-password-cat", "$ docker exec jenkins cat /var/jenkins_home/secrets/initialAdminPassword\n§S§", "hex32", "initialAdminPassword"),
    ("argocd-initial-admin-password", "$ argocd admin initial-password -n argocd\n§S§\n\n This password must be only used for first time login. We strongly recommend you update the password using `argocd account update-password`.", "b64u_16", "argocd admin initial-password"),
    ("grafana-cli-reset-admin-password", "$ grafana cli admin reset-admin-password '§S§'\nAdmin password changed successfully ✔", "pw_sq", "Admin password changed successfully"),
    ("supabase-status-service-role", "$ supabase status\n         API URL: http://127.0.0.1:54321\n     GraphQL URL: http://127.0.0.1:54321/graphql/v1\n      Studio URL: http://127.0.0.1:54323\nservice_role key: §S§", "supabase-service-role-jwt", "Studio URL"),
    ("stripe-login-interactive-key-prompt", "$ stripe login --interactive\nEnter your API key: §S§\nYour API key is: rk_live_*********************************\nYou're configured!", "stripe-restricted-key", "Enter your API key"),
    ("firebase-login-ci-output", "$ firebase login:ci\n\n✔  Success! Use this token to login on a CI server:\n\n§S§\n\nExample: firebase deploy --token \"$FIREBASE_TOKEN\"", "google-oauth-refresh-token", "firebase login:ci"),
    ("heroku-authorizations-create-output", "$ heroku authorizations:create -d 'ci deploy'\nCreating OAuth Authorization... done\nClient:      <none>\nID:          §UUID§\nDescription: ci deploy\nScope:       global\nToken:       §S§\nUpdated at:  Mon May 13 2024 10:14:07 GMT+0200", "heroku-legacy-api-key", "Description: ci deploy"),
    ("doppler-configs-tokens-create-plain", "$ doppler configs tokens create ci-token --plain\n§S§", "doppler-service-token", "doppler configs tokens create"),
    ("databricks-tokens-create-json", "$ databricks tokens create --comment ci --lifetime-seconds 7776000\n{\n  \"token_info\": {\n    \"comment\":\"ci\",\n    \"creation_time\":1715594400000,\n    \"expiry_time\":1723370400000,\n    \"token_id\":\"§HEX64§\"\n  },\n  \"token_value\":\"§S§\"\n}", "databricks-pat", "token_info"),
    ("kubectl-create-token-output", "$ kubectl -n ci create token deployer --duration=24h\n§S§", "k8s_sa_jwt", "create token deployer"),
    ("kubectl-create-token-wrapped-80-cols", "$ kubectl -n ci create token deployer --duration=1h\n§S§\n$ ", lambda: (lambda t: (_wrap(t, 80), _wrap(t, 80)))(_k8s_sa_jwt()), "create token deployer", 2),
    ("cat-dotenv-local-output", "$ cat .env.local\n# generated by setup.sh\nNEXT_PUBLIC_APP_URL=http://localhost:3000\n§ENV§=§S§", "clerk-secret-key", "NEXT_PUBLIC_APP_URL"),
    ("env-sorted-output-among-vars", "$ env | sort | head -5\nHOME=/home/§U§\nHOSTNAME=runner-7f8c9\nLANG=C.UTF-8\n§ENV§=§S§\nPATH=/usr/local/bin:/usr/bin:/bin", "datadog-api-key", "HOSTNAME=runner-7f8c9"),
    ("git-log-p-hardcoded-key", "$ git log -p -1 -- config/settings.py\ncommit §HEX40§\nAuthor: §P§ <§P§@§ORG§.com>\nDate:   Mon May 13 10:12:44 2024 +0200\n\n    temp: hardcode key for demo\n\n-API_KEY = os.environ[\"API_KEY\"]\n+API_KEY = \"§S§\"", "sendgrid-api-key", "temp: hardcode key for demo"),
    ("shell-history-tail", "$ history | tail -3\n  501  cd infra/\n  502  export CLOUDFLARE_API_TOKEN=§S§\n  503  terraform plan", "cloudflare-api-token", "terraform plan"),
    ("docker-compose-config-grep", "$ docker compose config | grep -A3 environment\n    environment:\n      POSTGRES_DB: §DB§\n      POSTGRES_PASSWORD: §S§\n      POSTGRES_USER: §U§", "pw_yaml", "POSTGRES_USER"),
    ("kubectl-describe-pod-env", "$ kubectl describe pod api-7d9c8f6b5-x2k4p | grep -A4 Environment\n    Environment:\n      NODE_ENV:      production\n      SENTRY_DSN:    <set to the key 'dsn' in secret 'sentry'>\n      JWT_SECRET:    §S§", "b64_48", "NODE_ENV:      production"),
    ("terraform-output-raw-password", "$ terraform output -raw db_password\n§S§", "pw", "terraform output -raw db_password"),
    ("terraform-state-show-password", "$ terraform state show aws_db_instance.main | grep password\n    password                              = \"§S§\"", "pw_sql", "aws_db_instance.main"),
    ("pulumi-config-get-show-secrets", "$ pulumi config get dbPassword --stack prod\n§S§", "pw", "pulumi config get dbPassword"),
    ("sops-decrypt-output", "$ sops -d secrets/prod.enc.yaml\napi:\n    stripe_key: §S§\n    log_level: info", "stripe-live-secret-key", "log_level: info"),
    ("ansible-vault-view-output", "$ ansible-vault view group_vars/prod/vault.yml\nVault password:\nvault_db_password: §S§", "pw_yaml", "ansible-vault view"),
    ("pass-show-output", "$ pass show infra/cloudflare\n§S§\nurl: https://dash.cloudflare.com\nuser: ops@§ORG§.com", "cloudflare-api-token", "pass show infra/cloudflare"),
    ("macos-security-find-generic-password", "$ security find-generic-password -s '§REPO§-cli' -w\n§S§", "hex40", "find-generic-password"),
    ("secret-tool-lookup-output", "$ secret-tool lookup service smtp user §U§\n§S§", "pw", "secret-tool lookup"),
    ("bw-get-password-output", "$ bw get password 'Prod MySQL root'\n§S§", "pw", "bw get password"),
    ("curl-verbose-basic-auth-leak", "$ curl -v -u §U§ https://ci.§ORG§.io/api/v2/builds\nEnter host password for user '§U§':\n* Server auth using Basic with user '§U§'\n> GET /api/v2/builds HTTP/1.1\n> Host: ci.§ORG§.io\n> Authorization: Basic §S§\n> User-Agent: curl/8.5.0", "basic_b64", "Server auth using Basic"),
    ("smtp-starttls-auth-plain", "$ openssl s_client -starttls smtp -connect smtp.§ORG§.com:587 -quiet\n250 SMTPUTF8\nEHLO dev\n250-AUTH PLAIN LOGIN\nAUTH PLAIN §S§\n235 2.7.0 Authentication successful", "auth_plain_b64", "235 2.7.0 Authentication successful"),
    ("imap-login-session", "$ openssl s_client -connect imap.§ORG§.com:993 -quiet\n* OK IMAP4rev1 ready\na1 LOGIN §U§@§ORG§.com §S§\na1 OK LOGIN completed", "pw_shell", "a1 OK LOGIN completed"),
    ("ftp-interactive-session", "$ ftp files.§ORG§.com\nConnected to files.§ORG§.com.\n220 (vsFTPd 3.0.5)\nName (files.§ORG§.com:§U§): §U§\n331 Please specify the password.\nPassword: §S§\n230 Login successful.", "pw", "230 Login successful"),
    ("rails-console-credentials-dig", "irb(main):001> Rails.application.credentials.dig(:aws, :secret_access_key)\n=> \"§S§\"", "aws-secret-access-key", "Rails.application.credentials"),
    ("django-shell-settings-email-password", ">>> from django.conf import settings\n>>> settings.EMAIL_HOST_PASSWORD\n'§S§'", "sendgrid-api-key", "EMAIL_HOST_PASSWORD"),
    ("ngrok-config-check-cat", "$ ngrok config check\nValid configuration file at /Users/§U§/Library/Application Support/ngrok/ngrok.yml\n$ cat \"/Users/§U§/Library/Application Support/ngrok/ngrok.yml\"\nversion: \"2\"\nauthtoken: §S§", "ngrok-authtoken", "Valid configuration file"),
    ("mc-admin-user-add-output", "$ mc admin user add prod §U§ §S§\nAdded user `§U§` successfully.", "pw_shell", "successfully"),
    ("wp-cli-application-password-porcelain", "$ wp user application-password create admin ci --porcelain\n§S§", "b62_24", "application-password create"),
    ("expect-script-send-password", "spawn ssh admin@§H§\nexpect \"password:\"\nsend \"§S§\\r\"\ninteract", "pw_dq", "spawn ssh admin@§H§"),
    ("aws-session-token-wrapped-in-log", "[ci] exported temporary credentials:\n[ci] AWS_SESSION_TOKEN=§S§\n[ci] expires 2024-05-13T11:41:00Z", lambda: (lambda t: (_wrap(t, 76, "\n[ci] "), _wrap(t, 76, "\n[ci] ")))(_VEND["aws-session-token"][2]()), "expires 2024-05-13T11:41:00Z"),
    ("k3s-node-token-cat", "$ sudo cat /var/lib/rancher/k3s/server/node-token\n§S§", "k3s_token", "node-token"),
    ("docker-swarm-join-token-q", "$ docker swarm join-token -q worker\n§S§", "swarm_token", "join-token -q worker"),
    ("kubeadm-token-create-output", "$ kubeadm token create --ttl 2h\n§S§", "k8s_bootstrap", "kubeadm token create"),
    ("gpg-export-secret-key-armor", "$ gpg --armor --export-secret-keys §HEXU16§\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n§S§\n-----END PGP PRIVATE KEY BLOCK-----", "pgp_body", "--export-secret-keys"),
    ("cat-id-ed25519", "$ cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n§S§\n-----END OPENSSH PRIVATE KEY-----", "openssh_ed25519_body", "cat ~/.ssh/id_ed25519"),
    ("tailscale-cli-authkey-printed", "$ ./scripts/mint-ts-key.sh --tags tag:ci --ephemeral\nminted key (expires in 90d): §S§", "tailscale-auth-key", "--ephemeral"),
    ("llm-cli-keys-set-paste", "$ llm keys set openai\nEnter key: §S§\n$ llm 'hello'", "openai-project-key", "llm keys set openai"),
    ("huggingface-cli-login-echo", "$ huggingface-cli login\n    _|    _|  _|    _|    _|_|_|\nEnter your token (input will not be visible): §S§\nToken is valid (permission: write).", "huggingface-token", "Token is valid"),
    ("npm-login-legacy-prompts", "$ npm login --auth-type=legacy\nUsername: §U§\nPassword: §S§\nEmail: (this IS public) §U§@§ORG§.com\nLogged in as §U§ on https://registry.npmjs.org/.", "pw", "Logged in as §U§"),
    ("gitlab-rails-runner-set-token", "$ sudo gitlab-rails runner \"token = User.find_by_username('automation').personal_access_tokens.create(scopes: ['api'], name: 'ci', expires_at: 365.days.from_now); token.set_token('§S§'); token.save!\"", "gitlab-pat", "gitlab-rails runner"),
]


# ---------------------------------------------------------------------------
# group: config-line -- configuration files of many syntaxes
# ---------------------------------------------------------------------------
def _wrapped_b64_yaml():
    s = _b64s(_pem_block("PRIVATE KEY", _rsa_pkcs8_body()))[:240]
    w = _wrap(s, 76, "\n    ")
    return (w, w)


def _k8s_data_b64_pw():
    return _b64s(_pw("any"))


_CONFIG = [
    # .env
    ("dotenv-unquoted-db-password", "DB_HOST=§H§\nDB_USER=§U§\nDB_PASSWORD=§S§", "pw_env", "DB_USER=§U§", 2),
    ("dotenv-double-quoted-with-comment", "# prod mail relay\nSMTP_PASSWORD=\"§S§\"  # rotated 2024-04", "pw_dq", "prod mail relay", 2),
    ("dotenv-single-quoted-export", "export JWT_SECRET='§S§'", "b64_48", "export JWT_SECRET"),
    ("dotenv-non-secret-looking-name", "NEXT_PUBLIC_SITE=https://§ORG§.com\nAPP_SIGNING=§S§\nFEATURE_FLAGS=beta,search", "hex64", "APP_SIGNING", 2),
    ("dotenv-spaces-around-equals", "REDIS_PASS = §S§", "pw_env", "REDIS_PASS"),
    ("dotenv-lowercase-key", "upstream_key=§S§", "b62_40", "upstream_key"),
    ("dotenv-example-leaked-real-value", "# .env.example  (copy to .env)\nPORT=3000\nMAPBOX_TOKEN=§S§", "mapbox-secret-token", ".env.example"),
    # INI
    ("ini-database-section", "[database]\nhost = §H§\nport = 5432\nuser = §U§\npassword = §S§", "pw_ini", "[database]", 2),
    ("mycnf-client-section", "[client]\nuser=§U§\npassword=\"§S§\"\nhost=§H§", "pw_dq", "[client]"),
    ("php-ini-mysqli-default-pw", "mysqli.default_host = §H§\nmysqli.default_user = §U§\nmysqli.default_pw = \"§S§\"", "pw_dq", "mysqli.default_user"),
    ("odbc-ini-pwd", "[ReportingDSN]\nDriver=ODBC Driver 18 for SQL Server\nServer=§H§\nUID=§U§\nPWD=§S§", "pw_ini", "ReportingDSN"),
    ("tox-ini-setenv", "[testenv]\ndeps = -rrequirements-dev.txt\nsetenv =\n    SAUCE_ACCESS_KEY = §S§", "saucelabs-access-key", "[testenv]"),
    ("certbot-dns-cloudflare-ini", "# /etc/letsencrypt/cloudflare.ini\ndns_cloudflare_api_token = §S§", "cloudflare-api-token", "dns_cloudflare_api_token"),
    ("supervisord-program-environment", "[program:worker]\ncommand=/srv/app/bin/worker --concurrency 4\nenvironment=QUEUE=\"default\",API_KEY=\"§S§\"", "hex40", "[program:worker]"),
    ("gitconfig-http-extraheader-basic", "[http \"https://dev.azure.com/\"]\n\textraheader = AUTHORIZATION: Basic §S§", "basic_b64", "extraheader"),
    ("pip-conf-index-url-token", "[global]\nindex-url = https://__token__:§S§@gitlab.com/api/v4/projects/§N5§/packages/pypi/simple", "gitlab-deploy-token", "[global]"),
    ("grafana-ini-security-admin", "[security]\nadmin_user = admin\nadmin_password = §S§\nsecret_key = (see vault)", "pw_ini", "admin_user = admin"),
    ("php-fpm-pool-env", "[www]\nenv[APP_ENV] = production\nenv[DB_PASSWORD] = §S§", "pw_ini", "env[APP_ENV]"),
    ("networkmanager-wifi-psk", "[wifi-security]\nkey-mgmt=wpa-psk\npsk=§S§", "pw_ini", "key-mgmt=wpa-psk"),
    ("alembic-ini-sqlalchemy-url", "[alembic]\nscript_location = migrations\nsqlalchemy.url = postgresql://§U§:§S§@§H§/§DB§", "pw_url", "script_location = migrations"),
    # TOML
    ("gitlab-runner-config-toml", "concurrent = 4\n\n[[runners]]\n  name = \"docker-runner-01\"\n  url = \"https://gitlab.com\"\n  token = \"§S§\"\n  executor = \"docker\"", "gitlab-runner-auth-token", "docker-runner-01", 2),
    ("streamlit-secrets-toml", "[connections.snowflake]\naccount = \"xy12345.eu-central-1\"\nuser = \"§U§\"\npassword = \"§S§\"\nwarehouse = \"COMPUTE_WH\"", "pw_sql", "connections.snowflake"),
    ("netlify-toml-build-environment", "[build.environment]\n  NODE_VERSION = \"20\"\n  ALGOLIA_ADMIN_KEY = \"§S§\"", "algolia-admin-key", "NODE_VERSION"),
    ("telegraf-influxdb-v2-token", "[[outputs.influxdb_v2]]\n  urls = [\"https://eu-central-1-1.aws.cloud2.influxdata.com\"]\n  token = \"§S§\"\n  organization = \"§ORG§\"\n  bucket = \"telegraf\"", "influx_token", "outputs.influxdb_v2"),
    ("wrangler-toml-vars", "name = \"edge-proxy\"\n\n[vars]\nENVIRONMENT = \"production\"\nUPSTREAM_KEY = \"§S§\"", "b62_40", "ENVIRONMENT = \"production\""),
    ("fly-toml-env-section", "app = \"§ORG§-web\"\n\n[env]\n  PORT = \"8080\"\n  MAILGUN_KEY = \"§S§\"", "mailgun-private-key", "PORT = \"8080\""),
    ("pyproject-tool-section-token", "[tool.semantic_release]\nversion_variable = \"src/§REPO§/__init__.py:__version__\"\nrepository_token = \"§S§\"", "github-fine-grained-pat", "tool.semantic_release"),
    ("rust-config-toml-env", "[env]\nRUST_LOG = \"info\"\nSENTRY_AUTH_TOKEN = \"§S§\"", "sentry-user-token", "RUST_LOG"),
    ("toml-inline-table-credentials", "credentials = { user = \"§U§\", password = \"§S§\" }", "pw_sql", "credentials = {"),
    # YAML
    ("k8s-secret-data-base64-password", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\ntype: Opaque\ndata:\n  username: YXBwX3J3\n  password: §S§", _k8s_data_b64_pw, "type: Opaque", 2),
    ("k8s-secret-data-base64-api-token", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: slack\ndata:\n  token: §S§", lambda: _b64s(_VEND["slack-bot-token"][2]()), "name: slack"),
    ("k8s-secret-stringdata-plain", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: stripe\nstringData:\n  STRIPE_SECRET_KEY: §S§", "stripe-live-secret-key", "stringData"),
    ("k8s-secret-folded-base64-wrapped", "apiVersion: v1\nkind: Secret\ntype: kubernetes.io/tls\ndata:\n  tls.key: >-\n    §S§", _wrapped_b64_yaml, "kubernetes.io/tls"),
    ("docker-compose-environment-list", "services:\n  db:\n    image: postgres:16\n    environment:\n      - POSTGRES_USER=§U§\n      - POSTGRES_PASSWORD=§S§", "pw_env", "image: postgres:16", 2),
    ("docker-compose-environment-map", "  cache:\n    image: bitnami/redis:7.2\n    environment:\n      REDIS_PASSWORD: \"§S§\"", "pw_dq", "bitnami/redis:7.2"),
    ("docker-compose-command-requirepass", "  redis:\n    image: redis:7-alpine\n    command: redis-server --requirepass §S§ --appendonly yes", "pw_shell", "--appendonly yes"),
    ("github-actions-env-literal", "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      FLY_API_TOKEN: FlyV1 §S§", "flyio-token", "runs-on: ubuntu-latest"),
    ("github-actions-docker-login-with-password", "      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: §U§\n          password: §S§", "github-classic-pat", "docker/login-action@v3", 2),
    ("github-actions-step-env-inline", "      - name: Publish\n        run: npm publish --access public\n        env:\n          NODE_AUTH_TOKEN: §S§", "npm-access-token", "npm publish --access public"),
    ("gitlab-ci-variables-block", "variables:\n  DOCKER_DRIVER: overlay2\n  SONAR_TOKEN: \"§S§\"", "sonarqube-user-token", "DOCKER_DRIVER: overlay2"),
    ("circleci-job-environment", "    docker:\n      - image: cimg/python:3.12\n    environment:\n      COVERALLS_REPO_TOKEN: §S§", "b62_32", "cimg/python:3.12"),
    ("bitbucket-pipelines-variables", "pipelines:\n  default:\n    - step:\n        script:\n          - export SNYK_TOKEN=§S§\n          - snyk test", "snyk-token", "snyk test"),
    ("ansible-inventory-vars-password", "all:\n  vars:\n    ansible_user: §U§\n    ansible_password: §S§\n    ansible_become: true", "pw_yaml", "ansible_become: true", 2),
    ("ansible-vars-vault-prefixed-plaintext", "vault_mysql_root_password: \"§S§\"\nmysql_port: 3306", "pw_dq", "mysql_port: 3306"),
    ("helm-values-postgresql-auth", "postgresql:\n  auth:\n    username: §U§\n    password: §S§\n    database: §DB§", "pw_yaml", "database: §DB§", 2),
    ("spring-application-yml-datasource", "spring:\n  datasource:\n    url: jdbc:postgresql://§H§:5432/§DB§\n    username: §U§\n    password: §S§", "pw_yaml", "datasource:", 2),
    ("rails-database-yml-erb-fallback", "production:\n  adapter: postgresql\n  database: §DB§\n  username: §U§\n  password: <%= ENV.fetch(\"DB_PASSWORD\") { \"§S§\" } %>", "pw_dq", "adapter: postgresql"),
    ("serverless-yml-provider-environment", "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    STRIPE_WEBHOOK_SECRET: §S§", "stripe-webhook-secret", "runtime: nodejs20.x"),
    ("prometheus-scrape-basic-auth", "  - job_name: 'node'\n    basic_auth:\n      username: prometheus\n      password: §S§\n    static_configs:\n      - targets: ['10.0.0.5:9100']", "pw_yaml", "job_name: 'node'"),
    ("prometheus-remote-write-grafana-cloud", "remote_write:\n  - url: https://prometheus-prod-01-eu-west-0.grafana.net/api/prom/push\n    basic_auth:\n      username: §N6§\n      password: §S§", "grafana-cloud-token", "remote_write:"),
    ("alertmanager-slack-api-url", "receivers:\n  - name: oncall\n    slack_configs:\n      - api_url: https://hooks.slack.com/services/T§UP8§/B§UP10§/§S§\n        channel: '#alerts'", "slack_webhook_secret", "channel: '#alerts'"),
    ("alertmanager-pagerduty-routing-key", "receivers:\n  - name: pager\n    pagerduty_configs:\n      - routing_key: §S§\n        severity: critical", "pagerduty-integration-key", "severity: critical"),
    ("grafana-datasource-securejsondata", "datasources:\n  - name: Postgres\n    type: postgres\n    url: §H§:5432\n    user: grafana\n    secureJsonData:\n      password: '§S§'", "pw_dq", "secureJsonData:"),
    ("home-assistant-secrets-yaml", "# secrets.yaml\nmqtt_password: §S§\nlatitude_home: 52.3731", "pw_yaml", "latitude_home"),
    ("datadog-agent-datadog-yaml", "## @param api_key - string - required\napi_key: §S§\nsite: datadoghq.eu", "datadog-api-key", "site: datadoghq.eu"),
    ("filebeat-output-elasticsearch", "output.elasticsearch:\n  hosts: [\"https://§LOW8§.es.eu-west-1.aws.found.io:9243\"]\n  username: \"elastic\"\n  password: \"§S§\"", "pw_dq", "output.elasticsearch:"),
    ("netplan-wifi-access-point-password", "network:\n  wifis:\n    wlan0:\n      access-points:\n        \"Office-5G\":\n          password: \"§S§\"", "pw_dq", "access-points:"),
    ("cloud-init-chpasswd", "#cloud-config\nchpasswd:\n  expire: false\n  users:\n    - name: ubuntu\n      password: §S§\n      type: text", "pw_yaml", "#cloud-config"),
    ("argocd-repository-secret", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: private-repo\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://github.com/§ORG§/§REPO§\n  password: §S§\n  username: not-used", "github-fine-grained-pat", "secret-type: repository"),
    ("kustomize-secretgenerator-literal", "secretGenerator:\n  - name: api-secrets\n    literals:\n      - SIGNING_KEY=§S§", "hex64", "secretGenerator:"),
    ("jekyll-config-algolia-admin", "algolia:\n  application_id: §UP10§\n  index_name: docs\n  admin_api_key: §S§", "algolia-admin-key", "index_name: docs"),
    ("dependabot-registries-token", "registries:\n  npm-github:\n    type: npm-registry\n    url: https://npm.pkg.github.com\n    token: §S§", "github-classic-pat", "type: npm-registry"),
    ("openapi-spec-example-leak", "components:\n  securitySchemes:\n    ApiKeyAuth:\n      type: apiKey\n      in: header\n      name: X-API-Key\n      x-example: §S§", "hex40", "securitySchemes:"),
    ("mkdocs-plugin-config-token", "plugins:\n  - git-committers:\n      repository: §ORG§/§REPO§\n      token: §S§", "github-classic-pat", "git-committers:"),
    ("gitlab-rb-smtp-password", "gitlab_rails['smtp_address'] = \"smtp.mailgun.org\"\ngitlab_rails['smtp_password'] = \"§S§\"", "pw_dq", "smtp_address"),
    ("sentry-config-yml-mail-password", "mail.host: 'smtp.§ORG§.com'\nmail.password: '§S§'", "pw_dq", "mail.host"),
    ("yaml-anchor-merged-secret", "defaults: &defaults\n  adapter: postgresql\n  password: &dbpw §S§\nproduction:\n  <<: *defaults", "pw_yaml", "<<: *defaults"),
    ("conda-condarc-channel-token", "channels:\n  - https://conda.anaconda.org/t/§S§/§ORG§\n  - conda-forge", "b62_32", "conda-forge"),
    # JSON
    ("mcp-json-github-server-env", "{\n  \"mcpServers\": {\n    \"github\": {\n      \"command\": \"npx\",\n      \"args\": [\"-y\", \"@modelcontextprotocol/server-github\"],\n      \"env\": {\n        \"GITHUB_PERSONAL_ACCESS_TOKEN\": \"§S§\"\n      }\n    }\n  }\n}", "github-classic-pat", "mcpServers", 2),
    ("mcp-json-postgres-args-url", "{\n  \"mcpServers\": {\n    \"postgres\": {\n      \"command\": \"npx\",\n      \"args\": [\"-y\", \"@modelcontextprotocol/server-postgres\", \"postgresql://§U§:§S§@§H§:5432/§DB§\"]\n    }\n  }\n}", "pw_url", "server-postgres"),
    ("vscode-sqltools-connection-password", "{\n  \"sqltools.connections\": [\n    {\n      \"name\": \"staging\",\n      \"server\": \"§H§\",\n      \"username\": \"§U§\",\n      \"password\": \"§S§\"\n    }\n  ]\n}", "pw_json", "sqltools.connections"),
    ("terraform-tfvars-json", "{\n  \"region\": \"§REG§\",\n  \"datadog_api_key\": \"§S§\"\n}", "datadog-api-key", "\"region\": \"§REG§\""),
    ("vscode-launch-json-env", "\"env\": {\n    \"FLASK_ENV\": \"development\",\n    \"MAIL_PASSWORD\": \"§S§\"\n}", "pw_json", "FLASK_ENV"),
    ("package-json-script-inline-token", "\"scripts\": {\n  \"build\": \"vite build\",\n  \"deploy\": \"SURGE_TOKEN=§S§ surge ./dist\"\n}", "hex32", "vite build"),
    ("firebase-functions-config-json", "{\n  \"stripe\": {\n    \"secret\": \"§S§\"\n  }\n}", "stripe-live-secret-key", "\"stripe\""),
    ("secretsmanager-get-secret-value-escaped-json", "{\n    \"Name\": \"prod/payments\",\n    \"SecretString\": \"{\\\"username\\\":\\\"§U§\\\",\\\"password\\\":\\\"§S§\\\"}\",\n    \"VersionStages\": [\"AWSCURRENT\"]\n}", "pw_sql", "VersionStages"),
    ("devcontainer-jsonc-containerenv", "// .devcontainer/devcontainer.json\n\"containerEnv\": {\n  \"NPM_TOKEN\": \"§S§\" // TODO move to secrets\n}", "npm-access-token", "containerEnv"),
    ("appsettings-json-nested-key", "{\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } },\n  \"Twilio\": {\n    \"AccountSid\": \"AC§HEX32§\",\n    \"AuthToken\": \"§S§\"\n  }\n}", "twilio-auth-token", "LogLevel"),
    ("keycloak-realm-export-client-secret", "{\n  \"clientId\": \"backend\",\n  \"enabled\": true,\n  \"secret\": \"§S§\",\n  \"redirectUris\": [\"https://app.§ORG§.com/*\"]\n}", "b62_32", "\"clientId\": \"backend\""),
    ("claude-settings-json-env", "{\n  \"env\": {\n    \"ANTHROPIC_API_KEY\": \"§S§\",\n    \"DISABLE_TELEMETRY\": \"1\"\n  }\n}", "anthropic-api-key", "DISABLE_TELEMETRY"),
    ("json-array-of-pairs", "[[\"host\", \"§H§\"], [\"user\", \"§U§\"], [\"pass\", \"§S§\"]]", "pw_json", "[\"host\""),
    # XML
    ("maven-settings-server-password", "<servers>\n  <server>\n    <id>nexus-releases</id>\n    <username>§U§</username>\n    <password>§S§</password>\n  </server>\n</servers>", "pw_xml", "nexus-releases", 2),
    ("dotnet-web-config-appsettings", "<appSettings>\n  <add key=\"Environment\" value=\"Production\" />\n  <add key=\"SendGridKey\" value=\"§S§\" />\n</appSettings>", "sendgrid-api-key", "SendGridKey"),
    ("dotnet-web-config-connectionstrings", "<connectionStrings>\n  <add name=\"Default\" connectionString=\"Data Source=§H§;Initial Catalog=§DB§;User ID=§U§;Password=§S§\" providerName=\"System.Data.SqlClient\" />\n</connectionStrings>", "pw_xml", "providerName", 2),
    ("tomcat-users-xml", "<tomcat-users>\n  <role rolename=\"manager-gui\"/>\n  <user username=\"manager\" password=\"§S§\" roles=\"manager-gui,admin-gui\"/>\n</tomcat-users>", "pw_xml", "rolename=\"manager-gui\""),
    ("tomcat-context-resource-datasource", "<Resource name=\"jdbc/AppDB\" auth=\"Container\" type=\"javax.sql.DataSource\"\n          username=\"§U§\" password=\"§S§\"\n          url=\"jdbc:mysql://§H§:3306/§DB§\"/>", "pw_xml", "jdbc/AppDB"),
    ("nuget-config-cleartextpassword", "<packageSourceCredentials>\n  <github>\n    <add key=\"Username\" value=\"§U§\" />\n    <add key=\"ClearTextPassword\" value=\"§S§\" />\n  </github>\n</packageSourceCredentials>", "github-classic-pat", "ClearTextPassword"),
    ("android-gradle-properties-xml-string", "<resources>\n    <string name=\"mapbox_downloads_token\" translatable=\"false\">§S§</string>\n</resources>", "mapbox-secret-token", "translatable=\"false\""),
    ("ios-info-plist-key-string", "<key>SentryAuthToken</key>\n<string>§S§</string>", "sentry-user-token", "SentryAuthToken"),
    ("hibernate-cfg-connection-password", "<property name=\"hibernate.connection.username\">§U§</property>\n<property name=\"hibernate.connection.password\">§S§</property>", "pw_xml", "hibernate.connection.username"),
    ("log4j2-smtp-appender-password", "<SMTP name=\"Mail\" subject=\"[prod] error\" to=\"oncall@§ORG§.com\" smtpHost=\"smtp.sendgrid.net\" smtpPort=\"587\" smtpUsername=\"apikey\" smtpPassword=\"§S§\"/>", "sendgrid-api-key", "smtpHost=\"smtp.sendgrid.net\""),
    ("jboss-datasource-security-block", "<datasource jndi-name=\"java:jboss/datasources/AppDS\" pool-name=\"AppDS\">\n  <security>\n    <user-name>§U§</user-name>\n    <password>§S§</password>\n  </security>\n</datasource>", "pw_xml", "pool-name=\"AppDS\""),
    ("spring-beans-hikari-password-property", "<bean id=\"dataSource\" class=\"com.zaxxer.hikari.HikariDataSource\">\n  <property name=\"username\" value=\"§U§\"/>\n  <property name=\"password\" value=\"§S§\"/>\n</bean>", "pw_xml", "HikariDataSource"),
    ("pom-xml-properties-sonar-login", "<properties>\n  <java.version>21</java.version>\n  <sonar.login>§S§</sonar.login>\n</properties>", "sonarqube-user-token", "java.version"),
    ("icecast-xml-source-password", "<authentication>\n    <source-password>§S§</source-password>\n    <admin-user>admin</admin-user>\n</authentication>", "pw_xml", "<admin-user>admin</admin-user>"),
    ("sonarr-config-xml-apikey", "<Config>\n  <Port>8989</Port>\n  <ApiKey>§S§</ApiKey>\n  <LogLevel>info</LogLevel>\n</Config>", "hex32", "<Port>8989</Port>"),
    ("syncthing-config-xml-gui-apikey", "<gui enabled=\"true\" tls=\"false\">\n    <address>127.0.0.1:8384</address>\n    <apikey>§S§</apikey>\n</gui>", "b62_32", "127.0.0.1:8384"),
    ("filezilla-sitemanager-base64-pass", "<Server>\n  <Host>ftp.§ORG§.com</Host>\n  <User>§U§</User>\n  <Pass encoding=\"base64\">§S§</Pass>\n</Server>", "b64_of_pw", "encoding=\"base64\""),
    # HCL / Terraform
    ("terraform-provider-aws-static-keys", "provider \"aws\" {\n  region     = \"§REG§\"\n  access_key = \"§AKID§\"\n  secret_key = \"§S§\"\n}", "aws-secret-access-key", "provider \"aws\"", 2),
    ("terraform-variable-default-sensitive", "variable \"db_password\" {\n  type      = string\n  sensitive = true\n  default   = \"§S§\"\n}", "pw_sql", "sensitive = true"),
    ("terraform-tfvars-line", "cloudflare_zone_id   = \"§HEX32§\"\ncloudflare_api_token = \"§S§\"", "cloudflare-api-token", "cloudflare_zone_id"),
    ("terraform-provider-github-token", "provider \"github\" {\n  owner = \"§ORG§\"\n  token = \"§S§\"\n}", "github-fine-grained-pat", "provider \"github\""),
    ("terraform-resource-inline-password", "resource \"aws_db_instance\" \"main\" {\n  engine            = \"postgres\"\n  username          = \"§U§\"\n  password          = \"§S§\"\n  allocated_storage = 100\n}", "pw_sql", "allocated_storage = 100"),
    ("nomad-job-task-env-block", "task \"api\" {\n  driver = \"docker\"\n  env {\n    PORT    = \"8080\"\n    SIGNING = \"§S§\"\n  }\n}", "hex64", "driver = \"docker\""),
    ("packer-hcl-ssh-password", "source \"proxmox-iso\" \"ubuntu\" {\n  ssh_username = \"packer\"\n  ssh_password = \"§S§\"\n}", "pw_sql", "proxmox-iso"),
    ("terraform-kubernetes-provider-token", "provider \"kubernetes\" {\n  host  = \"https://§IP§:6443\"\n  token = \"§S§\"\n}", "k8s_sa_jwt", "provider \"kubernetes\""),
    ("consul-hcl-gossip-encrypt", "datacenter = \"eu-west\"\nencrypt    = \"§S§\"\nserver     = true", "b64_32", "datacenter = \"eu-west\""),
    ("vault-agent-hcl-token-inline", "vault {\n  address = \"https://vault.§ORG§.io:8200\"\n}\nauto_auth {\n  method \"token_file\" {}\n}\ntoken = \"§S§\"", "hashicorp-vault-token", "auto_auth"),
    ("terragrunt-inputs-block", "inputs = {\n  environment   = \"prod\"\n  pagerduty_key = \"§S§\"\n}", "pagerduty-integration-key", "environment   = \"prod\""),
    # Java .properties
    ("spring-application-properties-datasource", "spring.datasource.url=jdbc:mysql://§H§:3306/§DB§\nspring.datasource.username=§U§\nspring.datasource.password=§S§", "pw_props", "spring.datasource.username", 2),
    ("gradle-properties-signing-password", "signing.keyId=§HEXU8§\nsigning.password=§S§\nsigning.secretKeyRingFile=/home/§U§/.gnupg/secring.gpg", "pw_props", "signing.keyId"),
    ("gradle-properties-ossrh-password", "ossrhUsername=§U§\nossrhPassword=§S§", "pw_props", "ossrhUsername"),
    ("kafka-client-properties-jaas", "sasl.mechanism=PLAIN\nsecurity.protocol=SASL_SSL\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"§UP16§\" password=\"§S§\";", "confluent-api-secret", "sasl.mechanism=PLAIN", 2),
    ("mail-smtp-properties-password", "mail.smtp.host=smtp.office365.com\nmail.smtp.user=§P§@§ORG§.com\nmail.smtp.password=§S§", "pw_props", "mail.smtp.host"),
    ("android-local-properties-maps-key", "sdk.dir=/Users/§U§/Library/Android/sdk\nMAPS_API_KEY=§S§", "google-api-key", "sdk.dir"),
    ("properties-colon-separator", "db.user: §U§\ndb.password: §S§", "pw_props", "db.user"),
    ("liquibase-properties-password", "changeLogFile=db/changelog/db.changelog-master.yaml\nurl=jdbc:postgresql://§H§:5432/§DB§\nusername=§U§\npassword=§S§", "pw_props", "changeLogFile"),
    # nginx / Apache / proxies
    ("nginx-proxy-set-header-bearer", "location /api/ {\n    proxy_pass https://upstream.internal;\n    proxy_set_header Authorization \"Bearer §S§\";\n}", "jwt", "proxy_pass https://upstream.internal"),
    ("nginx-proxy-set-header-x-api-key", "proxy_set_header X-Api-Key §S§;", "hex32", "proxy_set_header X-Api-Key"),
    ("apache-setenv-line", "SetEnv STRIPE_SECRET §S§", "stripe-live-secret-key", "SetEnv STRIPE_SECRET"),
    ("apache-requestheader-basic", "<Location /jenkins>\n  RequestHeader set Authorization \"Basic §S§\"\n</Location>", "basic_b64", "RequestHeader set Authorization"),
    ("haproxy-stats-auth", "listen stats\n    bind :8404\n    stats enable\n    stats uri /\n    stats auth admin:§S§", "pw_nocolon", "stats enable"),
    ("caddyfile-header-up", "api.§ORG§.com {\n    reverse_proxy localhost:9000 {\n        header_up X-Internal-Token §S§\n    }\n}", "hex40", "reverse_proxy localhost:9000"),
    ("traefik-basicauth-plain-label", "      - \"traefik.http.middlewares.upstream-auth.headers.customrequestheaders.X-Api-Key=§S§\"", "hex32", "customrequestheaders"),
    # systemd & friends
    ("systemd-environment-quoted", "[Service]\nEnvironment=\"DB_PASSWORD=§S§\"\nExecStart=/usr/local/bin/api", "pw_dq", "ExecStart=/usr/local/bin/api", 2),
    ("systemd-environment-unquoted", "[Service]\nUser=bot\nEnvironment=SLACK_TOKEN=§S§", "slack-bot-token", "User=bot"),
    ("systemd-environmentfile-contents", "# /etc/default/acme-agent\nACME_AGENT_KEY=§S§", "hex40", "/etc/default/acme-agent"),
    ("crontab-line-inline-token", "*/15 * * * * curl -fsS -X POST -H 'X-Token: §S§' https://hc.§ORG§.io/ping > /dev/null", "hex40", "*/15 * * * *"),
    ("procfile-inline-env", "web: bundle exec puma -C config/puma.rb\nworker: SIDEKIQ_LICENSE=§S§ bundle exec sidekiq", "sidekiq_lic", "bundle exec sidekiq"),
    ("dockerfile-env-npm-token", "FROM node:20-alpine\nENV NPM_TOKEN=§S§\nRUN npm ci", "npm-access-token", "RUN npm ci"),
    ("dockerfile-arg-default-index-url", "ARG PIP_EXTRA_INDEX_URL=https://§U§:§S§@pypi.§ORG§.io/simple\nRUN pip install -r requirements.txt", "pw_url", "PIP_EXTRA_INDEX_URL"),
    ("makefile-conditional-variable", "DEPLOY_TOKEN ?= §S§\n\ndeploy:\n\t./deploy.sh --token $(DEPLOY_TOKEN)", "b62_40", "./deploy.sh"),
    ("ssh-config-proxycommand-sshpass", "Host bastion\n    HostName §IP§\n    User §U§\n    ProxyCommand sshpass -p '§S§' ssh -W %h:%p jump@§IP§", "pw_sq", "Host bastion"),
    ("wpa-supplicant-network-psk", "network={\n    ssid=\"Office-5G\"\n    psk=\"§S§\"\n    key_mgmt=WPA-PSK\n}", "pw_dq", "key_mgmt=WPA-PSK"),
    ("redis-conf-requirepass", "bind 0.0.0.0\nport 6379\nrequirepass §S§", "pw_shell", "bind 0.0.0.0"),
    ("redis-conf-masterauth", "replicaof 10.0.0.11 6379\nmasterauth §S§", "pw_shell", "replicaof 10.0.0.11 6379"),
    ("jupyter-server-config-token", "c.ServerApp.ip = '0.0.0.0'\nc.ServerApp.token = '§S§'", "hex48", "c.ServerApp.ip"),
    ("renovate-config-js-hostrules", "module.exports = {\n  hostRules: [{ matchHost: 'npm.pkg.github.com', token: '§S§' }],\n};", "github-classic-pat", "hostRules"),
    ("pgbouncer-ini-auth", "[databases]\n§DB§ = host=§H§ port=5432 dbname=§DB§ user=§U§ password=§S§", "pw_nospace", "[databases]"),
    ("mosquitto-bridge-conf", "connection cloud-bridge\naddress §LOW8§.s1.eu.hivemq.cloud:8883\nremote_username §U§\nremote_password §S§", "pw_shell", "connection cloud-bridge"),
    ("unbound-like-conf-colon", "dns-provider: cloudflare\ncf-api-token: §S§", "cloudflare-api-token", "dns-provider: cloudflare"),
    ("env-block-in-markdown-fence", "```env\nPOSTHOG_HOST=https://eu.posthog.com\nPOSTHOG_PERSONAL_API_KEY=§S§\n```", "posthog-personal-key", "POSTHOG_HOST"),
]

# ---------------------------------------------------------------------------
# group: credential-file -- contents of well-known credential files
# ---------------------------------------------------------------------------
_CRED = [
    ("pgpass-line", "§H§:5432:§DB§:§U§:§S§", "pw_nocolon", "§H§:5432:§DB§", 2),
    ("pgpass-wildcard-line", "# ~/.pgpass\n*:*:*:replicator:§S§", "pw_nocolon", "replicator"),
    ("netrc-machine-heroku", "machine api.heroku.com\n  login §P§@§ORG§.com\n  password §S§\nmachine git.heroku.com\n  login §P§@§ORG§.com", "heroku-api-key", "machine git.heroku.com"),
    ("netrc-one-line-github", "machine github.com login §U§ password §S§", "github-classic-pat", "machine github.com", 2),
    ("netrc-wandb", "machine api.wandb.ai\n  login user\n  password §S§", "wandb-api-key", "api.wandb.ai"),
    ("npmrc-authtoken-line", "//registry.npmjs.org/:_authToken=§S§", "npm-access-token", "//registry.npmjs.org/", 2),
    ("npmrc-github-packages-scope", "@§ORG§:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=§S§", "github-classic-pat", "registry=https://npm.pkg.github.com"),
    ("npmrc-legacy-auth-base64", "registry=https://nexus.§ORG§.com/repository/npm-group/\n_auth=§S§\nalways-auth=true", "basic_b64", "always-auth=true"),
    ("npmrc-password-base64", "//nexus.§ORG§.com/repository/npm/:username=§U§\n//nexus.§ORG§.com/repository/npm/:_password=§S§", "b64_of_pw", ":username=§U§"),
    ("pypirc-pypi-token", "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = §S§", "pypi-api-token", "index-servers = pypi", 2),
    ("pypirc-testpypi-token", "[testpypi]\nrepository = https://test.pypi.org/legacy/\nusername = __token__\npassword = §S§", "testpypi-api-token", "test.pypi.org"),
    ("gem-credentials-yaml", "---\n:rubygems_api_key: §S§", "rubygems-api-key", ":rubygems_api_key:"),
    ("git-credentials-store-github", "https://§U§:§S§@github.com", "github-classic-pat", "@github.com", 2),
    ("git-credentials-store-gitlab-oauth2", "https://oauth2:§S§@gitlab.§ORG§.com", "gitlab-pat", "gitlab.§ORG§.com"),
    ("aws-credentials-default-profile", "[default]\naws_access_key_id = §AKID§\naws_secret_access_key = §S§", "aws-secret-access-key", "[default]", 2),
    ("aws-credentials-session-token-only", "[temp]\nregion = §REG§\naws_session_token = §S§", "aws-session-token", "region = §REG§"),
    ("gh-hosts-yml-oauth-token", "github.com:\n    user: §U§\n    oauth_token: §S§\n    git_protocol: https", "github-oauth-token", "git_protocol: https", 2),
    ("docker-config-json-auths-dockerhub", "{\n\t\"auths\": {\n\t\t\"https://index.docker.io/v1/\": {\n\t\t\t\"auth\": \"§S§\"\n\t\t}\n\t}\n}", "basic_b64", "index.docker.io", 2),
    ("docker-config-json-auths-ghcr", "{\"auths\":{\"ghcr.io\":{\"auth\":\"§S§\"}},\"credsStore\":\"\"}", "basic_b64_ghp", "ghcr.io"),
    ("kubeconfig-user-token", "users:\n- name: ci-bot\n  user:\n    token: §S§", "k8s_sa_jwt", "name: ci-bot"),
    ("terraform-credentials-tfrc-json", "{\n  \"credentials\": {\n    \"app.terraform.io\": {\n      \"token\": \"§S§\"\n    }\n  }\n}", "terraform-cloud-token", "app.terraform.io"),
    ("terraformrc-credentials-block", "credentials \"app.terraform.io\" {\n  token = \"§S§\"\n}", "terraform-cloud-token", "credentials \"app.terraform.io\""),
    ("databrickscfg-default-profile", "[DEFAULT]\nhost = https://adb-§N16§.2.azuredatabricks.net\ntoken = §S§", "databricks-pat", "azuredatabricks.net"),
    ("snowsql-config-connection", "[connections.prod]\naccountname = xy12345.eu-central-1\nusername = §U§\npassword = §S§", "pw_ini", "accountname"),
    ("s3cfg-secret-key", "[default]\naccess_key = §AKID§\nhost_base = s3.amazonaws.com\nsecret_key = §S§", "aws-secret-access-key", "host_base"),
    ("boto-config-gcs-hmac", "[Credentials]\ngs_access_key_id = GOOG1E§UP55§\ngs_secret_access_key = §S§", "b64c40", "gs_access_key_id"),
    ("doctl-config-yaml", "access-token: §S§\ncontext: default", "digitalocean-pat", "context: default"),
    ("hcloud-cli-toml-context", "active_context = \"prod\"\n\n[[contexts]]\n  name = \"prod\"\n  token = \"§S§\"", "hetzner-cloud-token", "active_context"),
    ("wrangler-default-toml-oauth", "oauth_token = \"§S§\"\nexpiration_time = \"2024-05-13T11:42:08.318Z\"\nscopes = [\"account:read\", \"workers:write\"]", "b64u_43", "expiration_time"),
    ("vercel-auth-json", "{\n  \"// Note\": \"This is your Vercel credentials file. DO NOT SHARE!\",\n  \"// Docs\": \"https://vercel.com/docs/projects/project-configuration/global-configuration#auth.json\",\n  \"token\": \"§S§\"\n}", "vercel-token", "DO NOT SHARE"),
    ("netlify-config-json-user-token", "{\"telemetryDisabled\":false,\"userId\":\"§HEX24§\",\"users\":{\"§HEX24§\":{\"id\":\"§HEX24§\",\"auth\":{\"token\":\"§S§\",\"github\":{}}}}}", "netlify-pat", "telemetryDisabled"),
    ("gcloud-adc-authorized-user", "{\n  \"account\": \"\",\n  \"client_id\": \"§GCID§\",\n  \"quota_project_id\": \"§ORG§-prod\",\n  \"refresh_token\": \"§S§\",\n  \"type\": \"authorized_user\"\n}", "google-oauth-refresh-token", "authorized_user"),
    ("kaggle-json", "{\"username\":\"§U§\",\"key\":\"§S§\"}", "hex32", "\"username\":\"§U§\""),
    ("huggingface-token-file-cat", "$ cat ~/.cache/huggingface/token\n§S§", "huggingface-token", "~/.cache/huggingface/token"),
    ("ngrok-yml-v3-agent", "version: \"3\"\nagent:\n  authtoken: §S§", "ngrok-authtoken", "version: \"3\""),
    ("sentryclirc-auth-token", "[auth]\ntoken=§S§\n\n[defaults]\norg=§ORG§\nproject=web", "sentry-user-token", "[defaults]"),
    ("circleci-cli-yml", "host: https://circleci.com\nendpoint: graphql-unstable\ntoken: §S§", "circleci-pat", "graphql-unstable"),
    ("glab-cli-config-yml", "hosts:\n  gitlab.com:\n    token: §S§\n    api_protocol: https\n    git_protocol: ssh", "gitlab-pat", "api_protocol: https"),
    ("bundler-config-gem-source-credentials", "---\nBUNDLE_GEMS__CONTRIBSYS__COM: \"§S§\"", "sidekiq_lic", "BUNDLE_GEMS__CONTRIBSYS__COM"),
    ("composer-auth-json-github-oauth", "{\n    \"github-oauth\": {\n        \"github.com\": \"§S§\"\n    }\n}", "github-oauth-token", "github-oauth"),
    ("composer-auth-json-magento-http-basic", "{\"http-basic\": {\"repo.magento.com\": {\"username\": \"§HEX32§\", \"password\": \"§S§\"}}}", "hex32", "repo.magento.com"),
    ("ivy-sbt-credentials-file", "realm=Sonatype Nexus Repository Manager\nhost=nexus.§ORG§.com\nuser=§U§\npassword=§S§", "pw_props", "realm=Sonatype Nexus Repository Manager"),
    ("gradle-user-home-properties-artifactory", "# ~/.gradle/gradle.properties\nartifactoryUser=§U§\nartifactoryPassword=§S§", "jfrog-api-key", "artifactoryUser"),
    ("ppp-chap-secrets", "# client\tserver\tsecret\t\tIP addresses\n§U§\t*\t\"§S§\"\t*", "pw_dq", "IP addresses"),
    ("openvpn-auth-txt-cat", "$ cat /etc/openvpn/client/auth.txt\n§U§\n§S§", "pw", "auth.txt"),
    ("fetchmailrc-poll", "poll imap.§ORG§.com protocol IMAP user \"§U§\" password \"§S§\" ssl", "pw_dq", "protocol IMAP"),
    ("muttrc-imap-pass-google-app-password", "set imap_user = \"§P§@gmail.com\"\nset imap_pass = \"§S§\"\nset folder = \"imaps://imap.gmail.com/\"", "google_app_pw", "imap_user"),
    ("msmtprc-account-password", "account default\nhost smtp.fastmail.com\nport 587\nuser §P§@fastmail.com\npassword §S§", "low16", "host smtp.fastmail.com"),
    ("pgbouncer-userlist-txt", "\"§U§\" \"§S§\"", "pw_dq", "\"§U§\""),
    ("postfix-sasl-passwd-sendgrid", "[smtp.sendgrid.net]:587 apikey:§S§", "sendgrid-api-key", "[smtp.sendgrid.net]:587"),
    ("firebase-tools-configstore-json", "{\n  \"tokens\": {\n    \"expires_at\": 1715601234567,\n    \"refresh_token\": \"§S§\",\n    \"scope\": \"email openid\"\n  }\n}", "google-oauth-refresh-token", "expires_at"),
    ("pulumi-credentials-json", "{\n    \"current\": \"https://api.pulumi.com\",\n    \"accessTokens\": {\n        \"https://api.pulumi.com\": \"§S§\"\n    }\n}", "pulumi-access-token", "accessTokens"),
    ("doppler-yaml-scoped-token", "scoped:\n    /:\n        token: §S§\n        api-host: https://api.doppler.com", "doppler-personal-token", "api-host"),
    ("supabase-access-token-file-cat", "$ cat ~/.supabase/access-token\n§S§", "supabase-access-token", "~/.supabase/access-token"),
    ("stripe-cli-config-toml", "[default]\n  device_name = \"§U§-mbp\"\n  live_mode_api_key = \"§S§\"\n  live_mode_key_expires_at = \"2024-08-11\"", "stripe-restricted-key", "device_name"),
    ("flyctl-config-yml-access-token", "access_token: FlyV1 §S§\nsend_metrics: true", "flyio-token", "send_metrics: true"),
    ("rclone-conf-webdav-obscured-pass", "[nextcloud]\ntype = webdav\nurl = https://cloud.§ORG§.com/remote.php/dav/files/§U§/\nvendor = nextcloud\nuser = §U§\npass = §S§", "rclone_obscured", "vendor = nextcloud"),
    ("rclone-conf-s3-secret", "[s3-backup]\ntype = s3\nprovider = AWS\naccess_key_id = §AKID§\nsecret_access_key = §S§\nregion = §REG§", "aws-secret-access-key", "provider = AWS"),
    ("ansible-vault-password-file-cat", "$ cat ~/.vault_pass.txt\n§S§", "phrase", "~/.vault_pass.txt"),
    ("hub-config-oauth-token", "github.com:\n- user: §U§\n  oauth_token: §S§\n  protocol: https", "github-classic-pat", "protocol: https"),
    ("travis-cli-config-yml", "endpoints:\n  https://api.travis-ci.com/:\n    access_token: §S§", "travis-token", "api.travis-ci.com"),
    ("svn-auth-simple-cache", "K 8\npassword\nV 18\n§S§\nK 15\nsvn:realmstring\nV 45\n<https://svn.§ORG§.com:443> Subversion Repo\nK 8\nusername\nV 5\n§U§\nEND", "pw", "svn:realmstring"),
    ("yarnrc-yml-npm-scopes", "npmScopes:\n  §ORG§:\n    npmRegistryServer: \"https://npm.pkg.github.com\"\n    npmAuthToken: \"§S§\"", "github-classic-pat", "npmRegistryServer"),
    ("m2-settings-server-github-packages", "<server>\n  <id>github</id>\n  <username>§U§</username>\n  <password>§S§</password>\n</server>", "github-classic-pat", "<id>github</id>"),
    ("nuget-config-user-apikeys", "<apikeys>\n  <add key=\"https://www.nuget.org/api/v2/package\" value=\"§S§\" />\n</apikeys>", "nuget-api-key", "<apikeys>"),
    ("oci-config-pass-phrase", "[DEFAULT]\nuser=ocid1.user.oc1..aaaa§LOW52§\nfingerprint=§FPR§\ntenancy=ocid1.tenancy.oc1..aaaa§LOW52b§\nregion=eu-frankfurt-1\npass_phrase=§S§\nkey_file=~/.oci/oci_api_key.pem", "pw_ini", "region=eu-frankfurt-1"),
    ("cargo-credentials-toml", "[registry]\ntoken = \"§S§\"", "crates-io-token", "[registry]"),
    ("azure-devops-pat-in-gitconfig-credential", "[credential \"https://dev.azure.com\"]\n\tusername = build\n\thelper = \"!f() { echo password=§S§; }; f\"", "azure-devops-pat", "[credential \"https://dev.azure.com\"]"),
    ("expo-state-json-session", "{\n  \"auth\": {\n    \"sessionSecret\": \"§S§\",\n    \"userId\": \"§UUID§\",\n    \"username\": \"§U§\"\n  }\n}", "b64u_43", "\"username\": \"§U§\""),
    ("kaggle-like-replicate-config", "# ~/.config/replicate/auth\ntoken: §S§", "replicate-token", "~/.config/replicate/auth"),
]

# ---------------------------------------------------------------------------
# group: connection-string -- URLs, DSNs and driver connection strings
# ---------------------------------------------------------------------------
_CONN = [
    ("postgres-url-database-url-env", "DATABASE_URL=postgres://§U§:§S§@§H§:5432/§DB§", "pw_url", "DATABASE_URL", 2),
    ("postgresql-url-sslmode-verify-full", "postgresql://§U§:§S§@§H§/§DB§?sslmode=verify-full&application_name=api", "pw_url", "sslmode=verify-full"),
    ("sqlalchemy-psycopg2-url", "SQLALCHEMY_DATABASE_URI = \"postgresql+psycopg2://§U§:§S§@§H§:5432/§DB§\"", "pw_url", "SQLALCHEMY_DATABASE_URI"),
    ("mysql-url", "mysql://§U§:§S§@§H§:3306/§DB§", "pw_url", "3306/§DB§"),
    ("mysql-pymysql-url-charset", "mysql+pymysql://§U§:§S§@§H§/§DB§?charset=utf8mb4", "pw_url", "charset=utf8mb4"),
    ("mongodb-srv-url", "MONGODB_URI=mongodb+srv://§U§:§S§@cluster0.§LOW5§.mongodb.net/§DB§?retryWrites=true&w=majority", "pw_url", "retryWrites=true", 2),
    ("mongodb-replicaset-url", "mongodb://§U§:§S§@mongo-0.mongo:27017,mongo-1.mongo:27017,mongo-2.mongo:27017/§DB§?replicaSet=rs0&authSource=admin", "pw_url", "replicaSet=rs0"),
    ("redis-url-empty-username", "REDIS_URL=redis://:§S§@§H§:6379/0", "pw_url", "REDIS_URL", 2),
    ("rediss-url-default-user-upstash", "rediss://default:§S§@§LOW8§-§N5§.upstash.io:6379", "upstash_pw", "upstash.io:6379"),
    ("amqp-url-celery-broker", "CELERY_BROKER_URL=amqp://§U§:§S§@rabbitmq.internal:5672/prod", "pw_url", "CELERY_BROKER_URL"),
    ("amqps-url-cloudamqp", "CLOUDAMQP_URL=amqps://§LOW8§:§S§@rat.rmq2.cloudamqp.com/§LOW8b§", "b64u_32", "rmq2.cloudamqp.com"),
    ("jdbc-postgres-query-password", "jdbc:postgresql://§H§:5432/§DB§?user=§U§&password=§S§&ssl=true", "pw_url", "jdbc:postgresql://"),
    ("jdbc-sqlserver-semicolon-properties", "jdbc:sqlserver://§H§:1433;databaseName=§DB§;user=§U§;password=§S§;encrypt=true", "pw_ado", "encrypt=true"),
    ("adonet-azure-sql-connection-string", "Server=tcp:§LOW8§.database.windows.net,1433;Initial Catalog=§DB§;Persist Security Info=False;User ID=§U§;Password=§S§;MultipleActiveResultSets=False;Encrypt=True;", "pw_ado", "Persist Security Info=False", 2),
    ("azure-storage-connection-string", "DefaultEndpointsProtocol=https;AccountName=st§ORG§prod;AccountKey=§S§;EndpointSuffix=core.windows.net", "azure-storage-account-key", "EndpointSuffix=core.windows.net", 2),
    ("azure-service-bus-connection-string", "Endpoint=sb://§ORG§-prod.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=§S§", "b64_32", "RootManageSharedAccessKey"),
    ("azure-event-hubs-connection-string-entitypath", "Endpoint=sb://§ORG§-events.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=§S§;EntityPath=telemetry", "b64_32", "EntityPath=telemetry"),
    ("azure-iot-hub-connection-string", "HostName=§ORG§-iot.azure-devices.net;SharedAccessKeyName=iothubowner;SharedAccessKey=§S§", "b64_32", "SharedAccessKeyName=iothubowner"),
    ("azure-cosmos-connection-string", "AccountEndpoint=https://§ORG§-cosmos.documents.azure.com:443/;AccountKey=§S§;", "b64_64", "AccountEndpoint"),
    ("azure-signalr-connection-string", "Endpoint=https://§ORG§-signalr.service.signalr.net;AccessKey=§S§;Version=1.0;", "b64_32", "Version=1.0"),
    ("azure-redis-stackexchange-config", "§ORG§-cache.redis.cache.windows.net:6380,password=§S§,ssl=True,abortConnect=False", "b64_32", "abortConnect=False"),
    ("oracle-easy-connect-user-slash-pass", "§U§/§S§@//§H§:1521/ORCLPDB1", "pw_oracle", "ORCLPDB1"),
    ("odbc-connection-string-braced-pwd", "Driver={ODBC Driver 18 for SQL Server};Server=§H§;Database=§DB§;Uid=§U§;Pwd={§S§};Encrypt=yes;", "pw_ado", "ODBC Driver 18 for SQL Server"),
    ("clickhouse-cloud-url", "clickhouse://default:§S§@§LOW8§.eu-central-1.aws.clickhouse.cloud:9440/default?secure=true", "pw_url", "clickhouse.cloud:9440"),
    ("snowflake-sqlalchemy-url", "snowflake://§U§:§S§@xy12345.eu-central-1/ANALYTICS/PUBLIC?warehouse=COMPUTE_WH&role=TRANSFORMER", "pw_url", "warehouse=COMPUTE_WH"),
    ("elasticsearch-url-elastic-user", "ELASTICSEARCH_URL=https://elastic:§S§@§LOW8§.es.us-central1.gcp.cloud.es.io:443", "pw_url", "ELASTICSEARCH_URL"),
    ("neo4j-aura-url", "NEO4J_URI=neo4j+s://neo4j:§S§@§LOW8§.databases.neo4j.io", "b64u_43", "databases.neo4j.io"),
    ("nats-url-credentials", "nats://§U§:§S§@nats.internal:4222", "pw_url", "nats.internal:4222"),
    ("mqtts-url-hivemq", "mqtts://§U§:§S§@§LOW8§.s1.eu.hivemq.cloud:8883", "pw_url", "hivemq.cloud:8883"),
    ("smtp-url-sendgrid-apikey", "EMAIL_URL=smtp://apikey:§S§@smtp.sendgrid.net:587", "sendgrid-api-key", "smtp.sendgrid.net:587"),
    ("smtps-url-ses-smtp-password", "MAIL_URL=smtps://§AKID§:§S§@email-smtp.§REG§.amazonaws.com:465", "ses_smtp_pw", "email-smtp.§REG§.amazonaws.com"),
    ("ftp-url-credentials", "ftp://§U§:§S§@ftp.§ORG§.com:21/incoming/", "pw_url", "/incoming/"),
    ("couchdb-url-admin", "COUCHDB_URL=http://admin:§S§@couchdb:5984", "pw_url", "couchdb:5984"),
    ("supabase-pooler-url", "postgresql://postgres.§LOW20§:§S§@aws-0-eu-central-1.pooler.supabase.com:6543/postgres", "pw_url", "pooler.supabase.com:6543", 2),
    ("neon-url-npg-password", "postgresql://§U§:§S§@ep-§W§-§Wb§-§LOW8§.eu-central-1.aws.neon.tech/neondb?sslmode=require", "neon_pw", "neon.tech/neondb"),
    ("planetscale-url-pscale-pw", "DATABASE_URL='mysql://§LOW12§:§S§@aws.connect.psdb.cloud/§DB§?ssl={\"rejectUnauthorized\":true}'", "pscale_pw", "aws.connect.psdb.cloud"),
    ("aiven-postgres-url-avns", "postgres://avnadmin:§S§@pg-§LOW8§-§ORG§.aivencloud.com:21706/defaultdb?sslmode=require", "aiven_pw", "aivencloud.com:21706"),
    ("database-url-percent-encoded-password", "DATABASE_URL=postgresql://§U§:§S§@§H§:5432/§DB§", "pw_urlencoded", "DATABASE_URL=postgresql://§U§", 2),
    ("gitlab-ci-token-clone-url", "https://gitlab-ci-token:§S§@gitlab.§ORG§.com/§ORG§/§REPO§.git", "gitlab-pat", "gitlab-ci-token"),
    ("sentry-legacy-dsn-with-secret-key", "SENTRY_DSN=https://§HEX32§:§S§@sentry.§ORG§.io/12", "hex32", "SENTRY_DSN"),
    ("celery-sqs-broker-url-encoded-secret", "BROKER_URL=sqs://§AKID§:§S§@", "aws_secret_urlenc", "BROKER_URL=sqs://"),
    ("jdbc-oracle-thin-user-pass", "jdbc:oracle:thin:§U§/§S§@//§H§:1521/ORCL", "pw_oracle", "jdbc:oracle:thin"),
    ("mssql-go-url", "sqlserver://sa:§S§@§H§:1433?database=§DB§&encrypt=true", "pw_url", "sqlserver://sa:"),
    ("rabbitmq-management-api-url", "http://guest:§S§@rabbitmq.internal:15672/api/overview", "pw_url", "15672/api/overview"),
    ("libpq-keyvalue-dsn", "host=§H§ port=5432 dbname=§DB§ user=§U§ password=§S§ sslmode=require", "pw_nospace", "sslmode=require"),
    ("sqlalchemy-mssql-pyodbc-url", "mssql+pyodbc://§U§:§S§@§H§/§DB§?driver=ODBC+Driver+18+for+SQL+Server", "pw_url", "driver=ODBC+Driver+18"),
    ("cockroachdb-cloud-url", "postgresql://§U§:§S§@free-tier14.aws-us-east-1.cockroachlabs.cloud:26257/defaultdb?sslmode=verify-full", "b64u_22", "cockroachlabs.cloud:26257"),
    ("influxdb-v1-url-credentials", "INFLUX_URL=https://§U§:§S§@influx.§ORG§.io:8086/telegraf", "pw_url", "influx.§ORG§.io:8086"),
    ("rtsp-camera-url", "rtsp://admin:§S§@192.168.1.64:554/Streaming/Channels/101", "pw_url", "Streaming/Channels/101"),
    ("ldap-bind-url-in-config", "LDAP_URL=ldaps://cn=admin,dc=§ORG§,dc=com:§S§@ldap.§ORG§.com:636", "pw_url", "ldap.§ORG§.com:636"),
    ("kafka-sasl-bootstrap-url", "KAFKA_URL=kafka+ssl://§UP16§:§S§@pkc-§LOW5§.eu-west-1.aws.confluent.cloud:9092", lambda: _b62(64), "confluent.cloud:9092"),
    ("memcached-sasl-url", "MEMCACHIER_URL=memcache://§UP6§:§S§@mc4.dev.eu.ec2.memcachier.com:11211", "hex32", "memcachier.com:11211"),
    ("dynamodb-local-url-credentials", "DYNAMO_ENDPOINT=http://§AKID§:§S§@localhost:8000", "aws-secret-access-key", "localhost:8000"),
    ("webdav-url-credentials", "davs://§U§:§S§@cloud.§ORG§.com/remote.php/dav/files/§U§/", "pw_url", "remote.php/dav"),
]


# ---------------------------------------------------------------------------
# group: code-literal -- secrets as literals in source code of many languages
# ---------------------------------------------------------------------------
_CODE = [
    # Go
    ("go-twilio-client-params-struct", "client := twilio.NewRestClientWithParams(twilio.ClientParams{\n\tUsername: \"AC§HEX32§\",\n\tPassword: \"§S§\",\n})", "twilio-auth-token", "NewRestClientWithParams", 2),
    ("go-stripe-key-package-var", "stripe.Key = \"§S§\"", "stripe-live-secret-key", "stripe.Key", 2),
    ("go-short-var-k-header", "k := \"§S§\"\nreq.Header.Set(\"DD-API-KEY\", k)", "datadog-api-key", "req.Header.Set"),
    ("go-struct-field-value", "cfg := &Config{\n\tEndpoint: \"https://api.§ORG§.io\",\n\tValue:    \"§S§\",\n}", "hex64", "Endpoint:"),
    ("go-hmac-byte-slice-sig", "var sig = []byte(\"§S§\")\nmac := hmac.New(sha256.New, sig)", "b64_32", "hmac.New"),
    ("go-aws-static-credentials-provider", "creds := credentials.NewStaticCredentialsProvider(\"§AKID§\", \"§S§\", \"\")", "aws-secret-access-key", "NewStaticCredentialsProvider"),
    ("go-sql-open-mysql-dsn", "db, err := sql.Open(\"mysql\", \"§U§:§S§@tcp(§H§:3306)/§DB§?parseTime=true\")", "pw_url", "parseTime=true"),
    ("go-oauth2-static-token-source", "ts := oauth2.StaticTokenSource(&oauth2.Token{AccessToken: \"§S§\"})", "github-classic-pat", "StaticTokenSource"),
    ("go-os-setenv-in-test", "func TestMain(m *testing.M) {\n\tos.Setenv(\"§ENV§\", \"§S§\")\n\tos.Exit(m.Run())\n}", "sendgrid-api-key", "TestMain"),
    ("go-const-block-bearer", "const (\n\tbaseURL = \"https://hooks.internal/v1\"\n\tbearer  = \"§S§\"\n)", "jwt", "baseURL"),
    ("go-map-literal-headers", "headers := map[string]string{\"Content-Type\": \"application/json\", \"X-Api-Key\": \"§S§\"}", "postman-api-key", "Content-Type"),
    # Rust
    ("rust-client-new-positional", "let client = Client::new(\"§S§\");", "openai-project-key", "Client::new", 2),
    ("rust-const-str-k", "const K: &str = \"§S§\";", "anthropic-api-key", "const K: &str"),
    ("rust-reqwest-bearer-auth", "let resp = reqwest::Client::new()\n    .get(\"https://api.linear.app/graphql\")\n    .bearer_auth(\"§S§\")\n    .send()\n    .await?;", "linear-api-key", ".bearer_auth("),
    ("rust-hashmap-from-pairs", "let creds = HashMap::from([(\"user\", \"§U§\"), (\"pass\", \"§S§\")]);", "pw_py", "HashMap::from"),
    ("rust-basic-auth-some", "let res = client.get(url).basic_auth(\"§U§\", Some(\"§S§\")).send()?;", "pw_py", ".basic_auth("),
    ("rust-raw-string-literal-sig", "let sig = r#\"§S§\"#;", "b64_64", "let sig"),
    ("rust-struct-init-secret-field", "let cfg = S3Config { bucket: \"§ORG§-data\".into(), region: \"§REG§\".into(), access_key: \"§AKID§\".into(), secret: \"§S§\".into() };", "aws-secret-access-key", "S3Config"),
    # Java
    ("java-basic-aws-credentials-ctor", "AWSCredentials c = new BasicAWSCredentials(\"§AKID§\", \"§S§\");", "aws-secret-access-key", "BasicAWSCredentials", 2),
    ("java-drivermanager-positional", "Connection conn = DriverManager.getConnection(\"jdbc:postgresql://§H§:5432/§DB§\", \"§U§\", \"§S§\");", "pw_py", "DriverManager.getConnection", 2),
    ("java-properties-put-password", "props.put(\"user\", \"§U§\");\nprops.put(\"password\", \"§S§\");", "pw_py", "props.put(\"user\""),
    ("java-twilio-init-positional", "Twilio.init(\"AC§HEX32§\", \"§S§\");", "twilio-auth-token", "Twilio.init"),
    ("java-keystore-load-chararray", "ks.load(in, \"§S§\".toCharArray());", "pw_py", "ks.load(in"),
    ("java-jwt-algorithm-hmac256", "Algorithm alg = Algorithm.HMAC256(\"§S§\");", "b64_64", "Algorithm.HMAC256"),
    ("java-sendgrid-ctor", "SendGrid sg = new SendGrid(\"§S§\");", "sendgrid-api-key", "new SendGrid("),
    ("java-spring-value-default", "@Value(\"${slack.token:§S§}\")\nprivate String token;", "slack-bot-token", "private String token"),
    ("java-static-final-value", "private static final String VALUE = \"§S§\";", "hex64", "private static final String VALUE"),
    ("java-builder-chain-apikey", "OpenAIClient client = OpenAIOkHttpClient.builder()\n    .apiKey(\"§S§\")\n    .build();", "openai-legacy-key", "OpenAIOkHttpClient.builder()"),
    ("java-map-of-entries", "Map<String, String> env = Map.of(\"REGION\", \"§REG§\", \"TOKEN\", \"§S§\");", "hashicorp-vault-token", "Map.of(\"REGION\""),
    # Kotlin
    ("kotlin-val-bearer", "val bearer = \"§S§\"", "github-fine-grained-pat", "val bearer"),
    ("kotlin-okhttp-add-header", "val req = Request.Builder()\n    .url(\"https://api.github.com/user\")\n    .addHeader(\"Authorization\", \"token §S§\")\n    .build()", "github-classic-pat", "Request.Builder()"),
    ("kotlin-gradle-buildconfigfield-escaped", "buildConfigField(\"String\", \"MAPS_KEY\", \"\\\"§S§\\\"\")", "google-api-key", "buildConfigField", 2),
    ("kotlin-mapof-to-pairs", "val headers = mapOf(\"X-Api-Key\" to \"§S§\", \"Accept\" to \"application/json\")", "newsapi-key", "\"Accept\" to"),
    ("kotlin-data-class-named-args", "val cfg = MailConfig(host = \"smtp.mailgun.org\", port = 587, user = \"postmaster@mg.§ORG§.com\", secret = \"§S§\")", "mailgun-private-key", "smtp.mailgun.org"),
    ("kotlin-companion-const", "companion object {\n    private const val SIG = \"§S§\"\n}", "hex40", "companion object"),
    # C#
    ("csharp-sqlconnection-ctor-string", "using var conn = new SqlConnection(\"Server=§H§;Database=§DB§;User Id=§U§;Password=§S§;TrustServerCertificate=True\");", "pw_ado", "new SqlConnection", 2),
    ("csharp-stripeclient-ctor", "var client = new StripeClient(\"§S§\");", "stripe-restricted-key", "new StripeClient"),
    ("csharp-default-request-headers-add", "http.DefaultRequestHeaders.Add(\"X-Api-Key\", \"§S§\");", "postman-api-key", "DefaultRequestHeaders"),
    ("csharp-networkcredential-positional", "var cred = new NetworkCredential(\"§U§\", \"§S§\", \"CORP\");", "pw_py", "NetworkCredential"),
    ("csharp-symmetric-security-key", "var key = new SymmetricSecurityKey(Encoding.UTF8.GetBytes(\"§S§\"));", "b64_64", "SymmetricSecurityKey"),
    ("csharp-verbatim-servicebus-string", "const string cs = @\"Endpoint=sb://§ORG§-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=§S§\";", "b64_32", "SharedAccessKeyName"),
    ("csharp-object-initializer-value", "var opts = new ClientOptions { ApiBase = \"https://api.cohere.com\", Value = \"§S§\" };", "cohere-api-key", "ApiBase"),
    ("csharp-dictionary-initializer", "var secrets = new Dictionary<string, string> { [\"smtp\"] = \"§S§\" };", "pw_py", "Dictionary<string, string>"),
    # Swift / Objective-C
    ("swift-config-value-label", "let cfg = Config(value: \"§S§\")", "mapbox-secret-token", "Config(value:"),
    ("swift-urlrequest-setvalue-header", "request.setValue(\"Bearer §S§\", forHTTPHeaderField: \"Authorization\")", "openai-project-key", "forHTTPHeaderField", 2),
    ("swift-private-let-k", "private let k = \"§S§\"", "algolia-admin-key", "private let k"),
    ("swift-enum-static-let", "enum Secrets {\n    static let sentry = \"§S§\"\n}", "sentry-user-token", "enum Secrets"),
    ("objc-nsstring-const", "static NSString *const kApiKey = @\"§S§\";", "hex32", "kApiKey"),
    ("objc-setvalue-header", "[request setValue:@\"Bearer §S§\" forHTTPHeaderField:@\"Authorization\"];", "jwt", "forHTTPHeaderField:@\"Authorization\""),
    # Ruby
    ("ruby-stripe-api-key-assign", "Stripe.api_key = '§S§'", "stripe-legacy-secret-key", "Stripe.api_key", 2),
    ("ruby-octokit-access-token-kwarg", "client = Octokit::Client.new(access_token: '§S§')", "github-oauth-token", "Octokit::Client.new"),
    ("ruby-aws-credentials-positional", "Aws.config.update(credentials: Aws::Credentials.new('§AKID§', '§S§'))", "aws-secret-access-key", "Aws::Credentials.new"),
    ("ruby-env-fetch-default", "token = ENV.fetch('§ENV§', '§S§')", "slack-bot-token", "ENV.fetch"),
    ("ruby-rails-secret-key-base", "config.secret_key_base = '§S§'", "hex128", "config.secret_key_base"),
    ("ruby-faraday-hashrocket-header", "conn = Faraday.new(url: 'https://api.§ORG§.com', headers: { 'X-Auth-Token' => '§S§' })", "hex40", "Faraday.new"),
    ("ruby-establish-connection-kwargs", "ActiveRecord::Base.establish_connection(adapter: 'postgresql', host: '§H§', username: '§U§', password: '§S§')", "pw_sql", "establish_connection"),
    # PHP
    ("php-pdo-ctor-positional", "$pdo = new PDO('mysql:host=§H§;dbname=§DB§', '§U§', '§S§');", "pw_sql", "new PDO(", 2),
    ("php-wp-config-auth-key-salt", "define( 'AUTH_KEY',         '§S§' );", "wp_salt", "AUTH_KEY"),
    ("php-define-db-password", "define('DB_USER', '§U§');\ndefine('DB_PASSWORD', '§S§');", "pw_sql", "define('DB_USER'"),
    ("php-twilio-rest-client", "$twilio = new \\Twilio\\Rest\\Client('AC§HEX32§', '§S§');", "twilio-auth-token", "Rest\\Client"),
    ("php-laravel-env-default-app-key", "'key' => env('APP_KEY', 'base64:§S§'),", "b64_32", "env('APP_KEY'"),
    ("php-phpmailer-password-property", "$mail->Username = 'apikey';\n$mail->Password = '§S§';", "sendgrid-api-key", "$mail->Username"),
    ("php-short-array-v", "$cfg = ['v' => '§S§', 'ttl' => 300];", "hex40", "'ttl' => 300"),
    # Elixir
    ("elixir-repo-config-password", "config :my_app, MyApp.Repo,\n  username: \"§U§\",\n  password: \"§S§\",\n  hostname: \"§H§\"", "pw_py", "MyApp.Repo", 2),
    ("elixir-stripity-api-key", "config :stripity_stripe, api_key: \"§S§\"", "stripe-live-secret-key", ":stripity_stripe"),
    ("elixir-endpoint-secret-key-base", "config :my_app, MyAppWeb.Endpoint,\n  secret_key_base: \"§S§\",\n  server: true", "b64_48", "MyAppWeb.Endpoint"),
    ("elixir-req-bearer-tuple", "Req.new(base_url: \"https://api.notion.com/v1\", auth: {:bearer, \"§S§\"})", "notion-integration-secret", ":bearer"),
    # Scala / Haskell / Clojure / F#
    ("scala-sys-env-getorelse-default", "val token = sys.env.getOrElse(\"§ENV§\", \"§S§\")", "datadog-app-key", "sys.env.getOrElse"),
    ("scala-http-header-interpolated", "Http(url).header(\"Authorization\", s\"Bearer §S§\").asString", "jwt", ".asString"),
    ("scala-case-class-positional", "val db = DbConf(\"§H§\", 5432, \"§U§\", \"§S§\")", "pw_py", "DbConf("),
    ("haskell-bytestring-overloaded", "apiKey :: ByteString\napiKey = \"§S§\"", "hex40", "apiKey :: ByteString"),
    ("haskell-setrequestheader", "let req' = setRequestHeader \"Authorization\" [\"Bearer §S§\"] req", "github-fine-grained-pat", "setRequestHeader"),
    ("haskell-mkclient-positional", "client <- mkClient \"AC§HEX32§\" \"§S§\"", "twilio-auth-token", "mkClient"),
    ("clojure-def-string", "(def api-key \"§S§\")", "hex32", "(def api-key"),
    ("clojure-headers-map-str", "(client/get url {:headers {\"Authorization\" (str \"Bearer \" \"§S§\")}})", "jwt", ":headers"),
    ("fsharp-literal-attribute", "[<Literal>]\nlet Key = \"§S§\"", "b62_32", "[<Literal>]"),
    # Lua / R / Dart / Julia
    ("lua-local-k", "local k = \"§S§\"\nlocal res = http.request(\"https://api.§ORG§.io/v1/ping?key=\" .. k)", "b62_40", "http.request"),
    ("lua-resty-redis-auth", "local ok, err = red:auth(\"§S§\")", "pw_py", "red:auth"),
    ("lua-ngx-set-header", "ngx.req.set_header(\"X-Api-Key\", \"§S§\")", "hex32", "ngx.req.set_header"),
    ("r-sys-setenv", "Sys.setenv(OPENAI_API_KEY = \"§S§\")", "openai-project-key", "Sys.setenv"),
    ("r-dbconnect-password-arg", "con <- dbConnect(RPostgres::Postgres(), host = \"§H§\", user = \"§U§\", password = \"§S§\")", "pw_py", "RPostgres::Postgres()"),
    ("r-httr-add-headers-paste", "res <- GET(url, add_headers(Authorization = paste(\"Bearer\", \"§S§\")))", "huggingface-token", "add_headers"),
    ("dart-supabaseclient-positional", "final client = SupabaseClient('https://§LOW20§.supabase.co', '§S§');", "supabase-service-role-jwt", "SupabaseClient("),
    ("dart-const-private-k", "const String _k = '§S§';", "google-api-key", "const String _k"),
    ("dart-headers-map-literal", "final res = await http.get(uri, headers: {'Authorization': 'Bearer §S§'});", "jwt", "http.get(uri"),
    ("julia-env-assign", "ENV[\"§ENV§\"] = \"§S§\"", "wandb-api-key", "ENV[\"§ENV§\"]"),
    # C / C++
    ("c-define-api-key", "#define API_KEY \"§S§\"", "hex32", "#define API_KEY"),
    ("c-static-const-char-k", "static const char *k = \"§S§\";", "b62_40", "static const char *k"),
    ("c-curlopt-userpwd", "curl_easy_setopt(curl, CURLOPT_USERPWD, \"§U§:§S§\");", "pw_py", "CURLOPT_USERPWD"),
    ("c-mysql-real-connect-positional", "mysql_real_connect(conn, \"§H§\", \"§U§\", \"§S§\", \"§DB§\", 3306, NULL, 0);", "pw_py", "mysql_real_connect"),
    ("cpp-std-string-bearer", "std::string bearer = \"§S§\";", "jwt", "std::string bearer"),
    ("c-aes-key-byte-array-wrapped", "static const uint8_t aes_key[32] = {\n    §S§\n};", "bytearr", "aes_key[32]", 2),
    ("cpp-raw-string-json-client-secret", "auto cfg = R\"({\"client_id\":\"§B62_32§\",\"client_secret\":\"§S§\"})\";", "auth0-client-secret", "client_id"),
    ("cpp-adjacent-literal-concatenation", "const char* token = \"§S§\";  // TODO(§P§): read from env", "telegram-bot-token", "TODO(§P§)"),
    # SQL
    ("sql-create-user-with-password", "CREATE USER §U§ WITH PASSWORD '§S§';", "pw_sql", "CREATE USER §U§", 2),
    ("sql-alter-user-identified-by", "ALTER USER '§U§'@'%' IDENTIFIED BY '§S§';", "pw_sql", "IDENTIFIED BY"),
    ("sql-create-login-mssql", "CREATE LOGIN §U§ WITH PASSWORD = '§S§', CHECK_POLICY = OFF;", "pw_sql", "CHECK_POLICY = OFF"),
    ("sql-insert-api-key-row", "INSERT INTO api_keys (name, key, created_at) VALUES ('ci', '§S§', now());", "hex64", "INSERT INTO api_keys"),
    ("sql-postgres-user-mapping-fdw", "CREATE USER MAPPING FOR app SERVER legacy_db OPTIONS (user '§U§', password '§S§');", "pw_sql", "CREATE USER MAPPING"),
    ("sql-snowflake-stage-credentials", "CREATE STAGE raw_stage URL='s3://§ORG§-raw/events/' CREDENTIALS=(AWS_KEY_ID='§AKID§' AWS_SECRET_KEY='§S§');", "aws-secret-access-key", "CREATE STAGE raw_stage"),
    ("sql-redshift-copy-credentials", "COPY events FROM 's3://§ORG§-logs/2024/' CREDENTIALS 'aws_access_key_id=§AKID§;aws_secret_access_key=§S§' FORMAT AS JSON 'auto';", "aws-secret-access-key", "FORMAT AS JSON"),
    ("sql-mysql-change-master-password", "CHANGE MASTER TO MASTER_HOST='§H§', MASTER_USER='repl', MASTER_PASSWORD='§S§';", "pw_sql", "MASTER_USER='repl'"),
    ("sql-mssql-database-scoped-credential-sas", "CREATE DATABASE SCOPED CREDENTIAL BlobCred WITH IDENTITY = 'SHARED ACCESS SIGNATURE', SECRET = '§S§';", "sas_pair", "DATABASE SCOPED CREDENTIAL"),
    ("sql-update-settings-table", "UPDATE integrations SET config = jsonb_set(config, '{token}', '\"§S§\"') WHERE provider = 'slack';", "slack-bot-token", "WHERE provider = 'slack'"),
    # PowerShell / Bash / Perl
    ("powershell-convertto-securestring", "$pw = ConvertTo-SecureString '§S§' -AsPlainText -Force", "pw_sq", "-AsPlainText -Force", 2),
    ("powershell-hashtable-header", "$headers = @{ 'X-Api-Key' = '§S§' }\nInvoke-RestMethod -Uri $uri -Headers $headers", "hex32", "Invoke-RestMethod"),
    ("powershell-env-assign", "$env:GITHUB_TOKEN = '§S§'", "github-classic-pat", "$env:GITHUB_TOKEN"),
    ("powershell-pscredential-ctor", "$cred = New-Object System.Management.Automation.PSCredential('CORP\\§U§', (ConvertTo-SecureString '§S§' -AsPlainText -Force))", "pw_sq", "PSCredential"),
    ("powershell-invoke-restmethod-bearer", "Invoke-RestMethod -Uri 'https://management.azure.com/subscriptions?api-version=2022-12-01' -Headers @{Authorization = \"Bearer §S§\"}", "jwt", "management.azure.com"),
    ("bash-heredoc-key-file", "mkdir -p ~/.config/§REPO§\ncat > ~/.config/§REPO§/key <<'EOF'\n§S§\nEOF", "hex64", "mkdir -p ~/.config/§REPO§"),
    ("bash-declare-readonly-k", "declare -r K=\"§S§\"\ncurl -s -H \"X-Key: $K\" https://api.§ORG§.io/v1/ping", "b62_40", "declare -r"),
    ("bash-inline-env-prefix-script", "TOKEN=§S§ ./scripts/release.sh --tag v§SEM§", "npm-access-token", "./scripts/release.sh"),
    ("bash-parameter-expansion-default", "api_key=\"${API_KEY:-§S§}\"", "mailgun-private-key", "API_KEY:-"),
    ("bash-printf-pipe-to-gh-secret", "printf '%s' '§S§' | gh secret set NPM_TOKEN --repo §ORG§/§REPO§", "npm-access-token", "gh secret set NPM_TOKEN"),
    ("perl-dbi-connect-positional", "my $dbh = DBI->connect(\"dbi:Pg:dbname=§DB§;host=§H§\", \"§U§\", \"§S§\", { RaiseError => 1 });", "pw_perl", "DBI->connect"),
    ("perl-lwp-default-header", "$ua->default_header('Authorization' => 'Bearer §S§');", "jwt", "default_header"),
    ("perl-hash-fat-comma", "my %cfg = (apikey => '§S§', timeout => 30);", "hex32", "timeout => 30"),
    # Python
    ("python-openai-client-kwarg", "client = OpenAI(api_key=\"§S§\")", "openai-project-key", "client = OpenAI(", 2),
    ("python-boto3-client-kwargs", "s3 = boto3.client(\"s3\", aws_access_key_id=\"§AKID§\", aws_secret_access_key=\"§S§\", region_name=\"§REG§\")", "aws-secret-access-key", "boto3.client(\"s3\"", 2),
    ("python-twilio-client-positional", "client = Client(\"AC§HEX32§\", \"§S§\")", "twilio-auth-token", "client = Client(", 2),
    ("python-psycopg2-connect-kwargs", "conn = psycopg2.connect(host=\"§H§\", dbname=\"§DB§\", user=\"§U§\", password=\"§S§\")", "pw_py", "psycopg2.connect"),
    ("python-os-getenv-default", "TOKEN = os.getenv(\"§ENV§\", \"§S§\")", "slack-app-token", "os.getenv"),
    ("python-requests-auth-tuple", "r = requests.get(url, auth=(\"§U§\", \"§S§\"), timeout=5)", "pw_py", "timeout=5"),
    ("python-jwt-encode-positional-key", "token = jwt.encode(payload, \"§S§\", algorithm=\"HS256\")", "b64_32", "algorithm=\"HS256\""),
    ("python-django-secret-key", "SECRET_KEY = '§S§'", "django", "SECRET_KEY", 2),
    ("python-hmac-new-bytes-literal", "sig = hmac.new(b\"§S§\", body, hashlib.sha256).hexdigest()", "hex64", "hashlib.sha256"),
    ("python-fernet-key-bytes", "f = Fernet(b'§S§')", "fernet", "Fernet("),
    ("python-dict-short-key", "CFG = {\"url\": \"https://api.§ORG§.io\", \"k\": \"§S§\"}", "b62_32", "\"url\""),
    ("python-anthropic-client", "client = anthropic.Anthropic(api_key=\"§S§\")", "anthropic-api-key", "anthropic.Anthropic"),
    ("python-slack-webclient-positional", "client = WebClient(\"§S§\")", "slack-bot-token", "WebClient("),
    ("python-environ-setdefault", "os.environ.setdefault(\"§ENV§\", \"§S§\")", "huggingface-token", "os.environ.setdefault"),
    ("python-pydantic-settings-default", "class Settings(BaseSettings):\n    sentry_dsn: str = \"https://§HEX32§@o§N6§.ingest.sentry.io/§N7§\"\n    stripe_key: str = \"§S§\"", "stripe-live-secret-key", "class Settings(BaseSettings)"),
    ("python-httpx-basicauth", "auth = httpx.BasicAuth(username=\"§U§\", password=\"§S§\")", "pw_py", "httpx.BasicAuth"),
    ("python-kwargs-unpack-dict", "conn = pymysql.connect(**{\"host\": \"§H§\", \"user\": \"§U§\", \"passwd\": \"§S§\", \"db\": \"§DB§\"})", "pw_py", "pymysql.connect"),
    ("python-fstring-placeholder-mixed", "url = f\"https://api.telegram.org/bot{'§S§'}/getUpdates\"", "telegram-bot-token", "getUpdates"),
    ("python-tuple-default-arg", "def connect(host=\"§H§\", user=\"§U§\", pw=\"§S§\"):", "pw_py", "def connect("),
    ("python-redis-ctor-password", "r = redis.Redis(host=\"§H§\", port=6379, password=\"§S§\", ssl=True)", "pw_py", "redis.Redis("),
    ("python-google-genai-configure", "genai.configure(api_key=\"§S§\")", "gemini-api-key", "genai.configure"),
    # JavaScript / TypeScript
    ("js-new-stripe-ctor", "const stripe = new Stripe('§S§', { apiVersion: '2024-04-10' });", "stripe-live-secret-key", "apiVersion", 2),
    ("js-octokit-auth-option", "const octokit = new Octokit({ auth: '§S§' });", "github-fine-grained-pat", "new Octokit"),
    ("js-nullish-coalescing-fallback", "const key = process.env.§ENV§ ?? '§S§';", "resend-api-key", "process.env.§ENV§"),
    ("js-fetch-template-literal-bearer", "await fetch(url, { headers: { Authorization: `Bearer §S§` } });", "vercel-token", "await fetch(url"),
    ("ts-jwt-sign-secret-arg", "const token = jwt.sign({ sub: user.id }, '§S§', { expiresIn: '1h' });", "b64_48", "expiresIn"),
    ("ts-supabase-createclient-service-role", "export const supabase = createClient('https://§LOW20§.supabase.co', '§S§');", "supabase-service-role-jwt", "createClient("),
    ("js-axios-create-headers", "const api = axios.create({ baseURL: 'https://api.§ORG§.com', headers: { 'X-Auth-Token': '§S§' } });", "hex40", "axios.create"),
    ("ts-anthropic-sdk-apikey", "const anthropic = new Anthropic({ apiKey: '§S§' });", "anthropic-api-key", "new Anthropic"),
    ("js-mailgun-client-key", "const mg = mailgun.client({ username: 'api', key: '§S§' });", "mailgun-private-key", "mailgun.client"),
    ("ts-enum-member-value", "export enum Keys {\n  Maps = '§S§',\n}", "google-api-key", "export enum Keys"),
    ("js-webpack-defineplugin-stringify", "new webpack.DefinePlugin({ 'process.env.SENTRY_AUTH_TOKEN': JSON.stringify('§S§') })", "sentry-org-token", "DefinePlugin"),
    ("js-pg-pool-connection-string", "const pool = new Pool({ connectionString: 'postgres://§U§:§S§@§H§:5432/§DB§' });", "pw_url", "new Pool("),
    ("ts-const-assertion-object", "export const config = { region: '§REG§', secret: '§S§' } as const;", "b64u_43", "as const"),
    ("js-base64-basic-header-literal", "headers.set('Authorization', 'Basic ' + '§S§');", "basic_b64", "headers.set('Authorization'"),
    ("ts-nextauth-secret-option", "export default NextAuth({ providers, secret: '§S§' });", "b64_32", "NextAuth("),
    ("js-express-session-secret", "app.use(session({ secret: '§S§', resave: false, saveUninitialized: false }));", "pw_sq", "saveUninitialized"),
    # Groovy / misc
    ("groovy-jenkinsfile-withenv", "withEnv([\"NEXUS_PASSWORD=§S§\"]) {\n    sh './gradlew publish'\n}", "pw_py", "./gradlew publish"),
    ("groovy-jenkinsfile-sh-curl-interpolated", "sh \"curl -sf -u admin:§S§ http://nexus:8081/service/rest/v1/status\"", "pw_url", "nexus:8081"),
    ("erlang-epgsql-connect-positional", "{ok, C} = epgsql:connect(\"§H§\", \"§U§\", \"§S§\", #{database => \"§DB§\"}).", "pw_py", "epgsql:connect"),
    ("nim-let-token", "let token = \"§S§\"\nlet bot = newTelegramBot(token)", "telegram-bot-token", "newTelegramBot"),
    ("zig-const-slice", "const api_key: []const u8 = \"§S§\";", "hex64", "[]const u8"),
    ("vbnet-dim-connection-string", "Dim cs As String = \"Data Source=§H§;Initial Catalog=§DB§;User ID=§U§;Password=§S§\"", "pw_ado", "Dim cs As String"),
    ("solidity-hardcoded-private-key-comment", "// deployer: 0x§HEX40§\n// pk: §S§\ncontract Vault {", "eth_hex", "contract Vault"),
    ("terraform-locals-map-code", "locals {\n  webhook = \"https://hooks.slack.com/services/T§UP8§/B§UP10§/§S§\"\n}", "slack_webhook_secret", "locals {"),
    ("jsonnet-local-secret", "local token = '§S§';\n{ apiVersion: 'v1', kind: 'Secret', stringData: { token: token } }", "github-classic-pat", "apiVersion: 'v1'"),
    ("starlark-bazel-env-attr", "env = {\"REMOTE_CACHE_KEY\": \"§S§\"},", "hex40", "REMOTE_CACHE_KEY"),
]

_CODE += [
    ("python-module-dict-sig-nonsecret-name", "UPSTREAM = {\n    \"base\": \"https://partner.§ORG§.com\",\n    \"sig\": \"§S§\",\n}", "hex64", "\"base\": \"https://partner.§ORG§.com\""),
    ("go-viper-setdefault", "viper.SetDefault(\"smtp.password\", \"§S§\")", "pw_py", "viper.SetDefault"),
    ("java-jedis-auth", "Jedis jedis = new Jedis(\"§H§\", 6379);\njedis.auth(\"§S§\");", "pw_py", "new Jedis("),
    ("csharp-config-indexer-fallback", "var key = config[\"Stripe:SecretKey\"] ?? \"§S§\";", "stripe-live-secret-key", "config[\"Stripe:SecretKey\"]"),
    ("rust-env-var-unwrap-or", "let key = env::var(\"RESEND_API_KEY\").unwrap_or(\"§S§\".to_string());", "resend-api-key", "unwrap_or"),
    ("php-guzzle-client-headers", "$client = new GuzzleHttp\\Client(['headers' => ['Authorization' => 'Bearer §S§']]);", "jwt", "GuzzleHttp\\Client"),
    ("swift-keychain-set-refresh-token", "try keychain.set(\"§S§\", key: \"refreshToken\")", "google-oauth-refresh-token", "key: \"refreshToken\""),
    ("kotlin-retrofit-query-default-param", "@GET(\"weather\") fun current(@Query(\"q\") city: String, @Query(\"appid\") appid: String = \"§S§\"): Call<Weather>", "openweather-api-key", "@GET(\"weather\")"),
    ("dart-dio-base-options-header", "final dio = Dio(BaseOptions(baseUrl: 'https://api.§ORG§.com', headers: {'x-api-key': '§S§'}));", "hex32", "BaseOptions("),
    ("elixir-module-attribute-key", "@api_key \"§S§\"\ndef headers, do: [{\"authorization\", \"Bearer \" <> @api_key}]", "openai-project-key", "def headers"),
    ("lua-returned-config-table", "return {\n  host = \"§H§\",\n  password = \"§S§\",\n}", "pw_py", "return {"),
    ("r-list-config-secret", "cfg <- list(user = \"§U§\", secret = \"§S§\")", "b62_32", "cfg <- list("),
    ("haskell-record-update-token", "let cfg = defaultConfig { cfgHost = \"§H§\", cfgToken = \"§S§\" }", "github-classic-pat", "defaultConfig"),
    ("scala-typesafe-parsestring", "val conf = ConfigFactory.parseString(\"\"\"db.password = \"§S§\" \"\"\")", "pw_py", "ConfigFactory.parseString"),
    ("perl-env-default-or", "my $key = $ENV{STRIPE_KEY} || '§S§';", "stripe-live-secret-key", "$ENV{STRIPE_KEY}"),
    ("powershell-body-hashtable-client-secret", "$body = @{ client_id = '§UUID§'; client_secret = '§S§'; grant_type = 'client_credentials' }", "azure-ad-client-secret", "grant_type = 'client_credentials'"),
    ("bash-array-curl-args-bearer", "args=(-H \"Authorization: Bearer §S§\" -H \"Accept: application/json\")\ncurl \"${args[@]}\" https://api.digitalocean.com/v2/droplets", "digitalocean-pat", "api.digitalocean.com/v2/droplets"),
    ("sql-oracle-create-user-identified-by-quoted", "CREATE USER app_ro IDENTIFIED BY \"§S§\" DEFAULT TABLESPACE users;", "pw_oracle", "DEFAULT TABLESPACE users"),
    ("python-pytest-monkeypatch-setenv", "def test_client(monkeypatch):\n    monkeypatch.setenv(\"§ENV§\", \"§S§\")", "datadog-api-key", "def test_client"),
    ("js-jest-process-env-assign", "beforeAll(() => {\n  process.env.§ENV§ = '§S§';\n});", "sentry-user-token", "beforeAll"),
    ("ts-zod-schema-default-secret", "const Env = z.object({\n  JWT_SECRET: z.string().default('§S§'),\n});", "b64u_43", "z.object"),
    ("go-grpc-per-rpc-metadata", "ctx = metadata.AppendToOutgoingContext(ctx, \"x-api-key\", \"§S§\")", "hex40", "AppendToOutgoingContext"),
]


# ---------------------------------------------------------------------------
# group: private-key
# ---------------------------------------------------------------------------
def _escaped_pem_body(fn):
    b = fn()
    e = b.replace("\n", "\\n")
    return (e, e)


def _indented(fn, ind):
    def g():
        b = fn().replace("\n", "\n" + ind)
        return (b, b)
    return g


def _gcp_sa_json():
    body = _rsa_pkcs8_body().replace("\n", "\\n")
    proj = "%s-%s-%d" % (_R.choice(_ORGS), _R.choice(["prod", "data", "ml", "infra"]), _R.randint(100000, 999999))
    sa = _R.choice(["ci-deployer", "bq-loader", "terraform", "gke-nodes"])
    doc = ("{\n  \"type\": \"service_account\",\n  \"project_id\": \"%s\",\n  \"private_key_id\": \"%s\",\n"
           "  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n\",\n"
           "  \"client_email\": \"%s@%s.iam.gserviceaccount.com\",\n  \"client_id\": \"%s\",\n"
           "  \"auth_uri\": \"https://accounts.google.com/o/oauth2/auth\",\n"
           "  \"token_uri\": \"https://oauth2.googleapis.com/token\"\n}") % (
        proj, _hex(40), body, sa, proj, _num(21))
    return (doc, body)


_PKEY = [
    ("openssh-ed25519-private-key-file", "# ~/.ssh/id_ed25519 (deploy key for §REPO§)\n-----BEGIN OPENSSH PRIVATE KEY-----\n§S§\n-----END OPENSSH PRIVATE KEY-----", "openssh_ed25519_body", "deploy key for §REPO§", 2),
    ("openssh-rsa-private-key-ci-log-echo", "+ echo \"$SSH_KEY\" > ~/.ssh/id_rsa\n+ cat ~/.ssh/id_rsa\n-----BEGIN OPENSSH PRIVATE KEY-----\n§S§\n-----END OPENSSH PRIVATE KEY-----\n+ chmod 600 ~/.ssh/id_rsa", "openssh_rsa_body", "chmod 600 ~/.ssh/id_rsa"),
    ("pem-rsa-pkcs1-server-key", "$ sudo cat /etc/ssl/private/§ORG§.key\n-----BEGIN RSA PRIVATE KEY-----\n§S§\n-----END RSA PRIVATE KEY-----", "rsa_pkcs1_body", "/etc/ssl/private/§ORG§.key", 2),
    ("pem-pkcs8-openssl-genpkey-output", "$ openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048\n-----BEGIN PRIVATE KEY-----\n§S§\n-----END PRIVATE KEY-----", "rsa_pkcs8_body", "openssl genpkey"),
    ("pem-ec-private-key", "# api-signing.key\n-----BEGIN EC PRIVATE KEY-----\n§S§\n-----END EC PRIVATE KEY-----", "ec_body", "api-signing.key", 2),
    ("pem-encrypted-rsa-legacy-dek-info", "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-256-CBC,§HEXU32§\n\n§S§\n-----END RSA PRIVATE KEY-----", "rsa_pkcs1_body", "Proc-Type: 4,ENCRYPTED"),
    ("pem-encrypted-pkcs8-snowflake-key", "snowflake rsa_key.p8 (passphrase in 1Password):\n-----BEGIN ENCRYPTED PRIVATE KEY-----\n§S§\n-----END ENCRYPTED PRIVATE KEY-----", "enc_pkcs8_body", "rsa_key.p8"),
    ("pgp-private-key-block", "$ gpg --armor --export-secret-subkeys §HEXU16§!\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n§S§\n-----END PGP PRIVATE KEY BLOCK-----", "pgp_body", "--export-secret-subkeys"),
    ("gcp-service-account-json-private-key", "§S§", _gcp_sa_json, "\"type\": \"service_account\"", 2),
    ("github-app-private-key-env-escaped-newlines", "GITHUB_APP_ID=§N6§\nGITHUB_PRIVATE_KEY=\"-----BEGIN RSA PRIVATE KEY-----\\n§S§\\n-----END RSA PRIVATE KEY-----\\n\"", lambda: _escaped_pem_body(_rsa_pkcs1_body), "GITHUB_APP_ID=§N6§"),
    ("apple-p8-key-with-key-id-team-id", "AuthKey_§UP10§.p8 (Team ID §UP10b§):\n-----BEGIN PRIVATE KEY-----\n§S§\n-----END PRIVATE KEY-----", "ec_pkcs8_body", "Team ID §UP10b§"),
    ("coinbase-cdp-key-json-ec", "{\n   \"name\": \"organizations/§UUID§/apiKeys/§UUIDb§\",\n   \"privateKey\": \"-----BEGIN EC PRIVATE KEY-----\\n§S§\\n-----END EC PRIVATE KEY-----\\n\"\n}", lambda: _escaped_pem_body(_ec_body), "organizations/§UUID§"),
    ("kubeconfig-client-key-data", "users:\n- name: kubernetes-admin\n  user:\n    client-certificate-data: §CERTB64§\n    client-key-data: §S§", "kube_client_key_data", "client-certificate-data"),
    ("wireguard-interface-privatekey", "[Interface]\nPrivateKey = §S§\nAddress = 10.8.0.2/32\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = §WGPUB§\nEndpoint = vpn.§ORG§.com:51820\nAllowedIPs = 0.0.0.0/0", "wg_key", "AllowedIPs = 0.0.0.0/0", 2),
    ("age-identity-file", "# created: 2024-03-02T10:11:12Z\n# public key: §AGEPUB§\n§S§", "age_secret", "# public key:"),
    ("sops-age-key-env", "export SOPS_AGE_KEY=§S§", "age_secret", "SOPS_AGE_KEY"),
    ("minisign-secret-key-file", "untrusted comment: minisign encrypted secret key\n§S§", "minisign", "untrusted comment"),
    ("putty-ppk-private-lines", "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: ed25519-key-20240513\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAI§B64_42§\n§B64_20§\nPrivate-Lines: 1\n§S§\nPrivate-MAC: §HEX64§", "ppk_priv", "Private-Lines: 1"),
    ("ethereum-private-key-dotenv", "RPC_URL=https://eth-sepolia.g.alchemy.com/v2/${ALCHEMY_KEY}\nPRIVATE_KEY=0x§S§", "eth_hex", "RPC_URL", 2),
    ("hardhat-config-accounts-array", "networks: {\n  sepolia: {\n    url: `https://eth-sepolia.g.alchemy.com/v2/${process.env.ALCHEMY_KEY}`,\n    accounts: [\"0x§S§\"],\n  },\n}", "eth_hex", "sepolia"),
    ("foundry-cast-send-private-key-flag", "cast send 0x§HEX40§ \"transfer(address,uint256)\" 0x§HEX40b§ 1000 --rpc-url $RPC --private-key 0x§S§", "eth_hex", "transfer(address,uint256)"),
    ("bitcoin-wif-importprivkey", "bitcoin-cli importprivkey §S§ \"cold-1\" false", "wif", "importprivkey"),
    ("bip32-xprv-master-key", "master xprv for the test wallet: §S§", "xprv", "master xprv"),
    ("solana-keypair-json-array", "$ cat ~/.config/solana/id.json\n[§S§]", "solana_arr", "~/.config/solana/id.json"),
    ("bip39-mnemonic-env", "MNEMONIC=\"§S§\"", "mnemonic", "MNEMONIC", 2),
    ("gitlab-ci-variable-ssh-key-block", "variables:\n  SSH_PRIVATE_KEY: |\n    -----BEGIN OPENSSH PRIVATE KEY-----\n    §S§\n    -----END OPENSSH PRIVATE KEY-----", _indented(_openssh_ed25519_body, "    "), "SSH_PRIVATE_KEY"),
    ("k8s-tls-secret-stringdata-key-block", "apiVersion: v1\nkind: Secret\ntype: kubernetes.io/tls\nstringData:\n  tls.key: |\n    -----BEGIN PRIVATE KEY-----\n    §S§\n    -----END PRIVATE KEY-----", _indented(_rsa_pkcs8_body, "    "), "kubernetes.io/tls"),
    ("ansible-var-deploy-key-block", "deploy_key: |\n  -----BEGIN OPENSSH PRIVATE KEY-----\n  §S§\n  -----END OPENSSH PRIVATE KEY-----\ndeploy_user: §U§", _indented(_openssh_ed25519_body, "  "), "deploy_user: §U§"),
    ("jwk-ec-private-d-member", "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"§B64U_43§\",\"y\":\"§B64U_43b§\",\"d\":\"§S§\",\"use\":\"sig\",\"kid\":\"§KID§\"}", "jwk_d", "\"crv\":\"P-256\"", 2),
    ("nostr-nsec-in-note", "Nostr key for the release bot: §S§ (npub is on the wiki)", "nostr_nsec", "Nostr key for the release bot"),
    ("terraform-heredoc-private-key", "private_key = <<EOT\n-----BEGIN RSA PRIVATE KEY-----\n§S§\n-----END RSA PRIVATE KEY-----\nEOT", "rsa_pkcs1_body", "private_key = <<EOT"),
    ("python-triple-quoted-ec-key", "SIGNING_KEY = \"\"\"-----BEGIN EC PRIVATE KEY-----\n§S§\n-----END EC PRIVATE KEY-----\"\"\"", "ec_body", "SIGNING_KEY = "),
    ("ed25519-pkcs8-genpkey", "$ openssl genpkey -algorithm ed25519\n-----BEGIN PRIVATE KEY-----\n§S§\n-----END PRIVATE KEY-----", "ed25519_pkcs8_body", "-algorithm ed25519"),
    ("json-ssh-key-escaped", "{\"host\": \"§IP§\", \"user\": \"§U§\", \"ssh_key\": \"-----BEGIN OPENSSH PRIVATE KEY-----\\n§S§\\n-----END OPENSSH PRIVATE KEY-----\\n\"}", lambda: _escaped_pem_body(_openssh_ed25519_body), "\"user\": \"§U§\""),
    ("wg-show-private-key", "$ sudo wg show wg0 private-key\n§S§", "wg_key", "wg show wg0"),
    ("github-actions-secret-dump-ssh-key", "Run webfactory/ssh-agent@v0.9.0\n  with:\n    ssh-private-key: -----BEGIN OPENSSH PRIVATE KEY-----\n§S§\n-----END OPENSSH PRIVATE KEY-----", "openssh_ed25519_body", "webfactory/ssh-agent@v0.9.0"),
    ("tls-key-pem-in-docker-secret-create", "$ printf '%s' \"-----BEGIN EC PRIVATE KEY-----\n§S§\n-----END EC PRIVATE KEY-----\" | docker secret create api_tls_key -", "ec_body", "docker secret create api_tls_key"),
]

# ---------------------------------------------------------------------------
# group: id-beside-secret -- un-prefixed secrets next to their (non-secret) id
# ---------------------------------------------------------------------------
_IDSEC = [
    ("algolia-app-id-and-admin-key", "ALGOLIA_APP_ID=§UP10§\nALGOLIA_ADMIN_API_KEY=§S§", "hex32", "ALGOLIA_APP_ID=§UP10§", 2),
    ("twilio-account-sid-and-auth-token", "TWILIO_ACCOUNT_SID=AC§HEX32§\nTWILIO_AUTH_TOKEN=§S§", "hex32", "TWILIO_ACCOUNT_SID", 2),
    ("twilio-api-key-sid-and-secret", "api_key_sid: SK§HEX32§\napi_key_secret: §S§", "b62_32", "api_key_sid"),
    ("aws-key-id-and-secret-env", "AWS_ACCESS_KEY_ID=§AKID§\nAWS_SECRET_ACCESS_KEY=§S§\nAWS_DEFAULT_REGION=§REG§", "aws-secret-access-key", "AWS_DEFAULT_REGION=§REG§", 2),
    ("alibaba-access-key-id-and-secret", "accessKeyId: LTAI§B62_20§\naccessKeySecret: §S§\nendpoint: oss-cn-hangzhou.aliyuncs.com", "b62_30", "oss-cn-hangzhou.aliyuncs.com"),
    ("tencent-secret-id-and-key", "TENCENTCLOUD_SECRET_ID=AKID§B62_32§\nTENCENTCLOUD_SECRET_KEY=§S§", "b62_32", "TENCENTCLOUD_SECRET_ID"),
    ("huawei-ak-and-sk", "HUAWEICLOUD_SDK_AK=§UP20§\nHUAWEICLOUD_SDK_SK=§S§", "b62_40", "HUAWEICLOUD_SDK_AK"),
    ("cloudflare-r2-hex-key-id-and-secret", "R2_ACCOUNT_ID=§HEX32b§\nR2_ACCESS_KEY_ID=§HEX32§\nR2_SECRET_ACCESS_KEY=§S§", "hex64", "R2_ACCESS_KEY_ID", 2),
    ("backblaze-key-id-and-application-key", "B2_APPLICATION_KEY_ID=005§HEX22§\nB2_APPLICATION_KEY=§S§", "backblaze-application-key", "B2_APPLICATION_KEY_ID"),
    ("pusher-app-key-public-and-secret", "PUSHER_APP_ID=§N7§\nPUSHER_KEY=§HEX20§\nPUSHER_SECRET=§S§\nPUSHER_CLUSTER=eu", "hex20", "PUSHER_CLUSTER=eu"),
    ("mux-token-id-and-secret", "MUX_TOKEN_ID=§UUID§\nMUX_TOKEN_SECRET=§S§", "mux_secret", "MUX_TOKEN_ID"),
    ("ably-appid-keyid-colon-secret", "ABLY_API_KEY=§ABLYID§:§S§", "ably_secret", "ABLY_API_KEY=§ABLYID§:"),
    ("google-oauth-client-id-and-secret", "GOOGLE_CLIENT_ID=§GCID§\nGOOGLE_CLIENT_SECRET=§S§", "google-oauth-client-secret", "§GCID§", 2),
    ("github-oauth-app-client-id-and-secret", "GITHUB_CLIENT_ID=Ov23li§B62_14§\nGITHUB_CLIENT_SECRET=§S§", "hex40", "GITHUB_CLIENT_ID", 2),
    ("github-app-iv1-client-id-and-secret", "client_id: Iv1.§HEX16§\nclient_secret: §S§\nwebhook_url: https://smee.io/§B62_16§", "hex40", "client_id: Iv1.§HEX16§"),
    ("azure-app-registration-triple", "AZURE_TENANT_ID=§UUID§\nAZURE_CLIENT_ID=§UUIDb§\nAZURE_CLIENT_SECRET=§S§", "azure-ad-client-secret", "AZURE_TENANT_ID", 2),
    ("spotify-client-id-and-secret-both-hex", "SPOTIPY_CLIENT_ID='§HEX32§'\nSPOTIPY_CLIENT_SECRET='§S§'", "hex32", "SPOTIPY_CLIENT_ID"),
    ("discord-client-id-and-secret", "DISCORD_CLIENT_ID=§N18§\nDISCORD_CLIENT_SECRET=§S§", "b64u_32", "DISCORD_CLIENT_ID=§N18§"),
    ("slack-client-id-and-secret", "SLACK_CLIENT_ID=§N12§.§N13§\nSLACK_CLIENT_SECRET=§S§", "hex32", "SLACK_CLIENT_ID"),
    ("auth0-domain-client-id-and-secret", "AUTH0_DOMAIN=§ORG§.eu.auth0.com\nAUTH0_CLIENT_ID=§B62_32§\nAUTH0_CLIENT_SECRET=§S§", "auth0-client-secret", "AUTH0_DOMAIN=§ORG§.eu.auth0.com"),
    ("okta-spring-client-id-and-secret", "okta.oauth2.issuer=https://§ORG§.okta.com/oauth2/default\nokta.oauth2.client-id=0oa§B62_17§\nokta.oauth2.client-secret=§S§", "b64u_40", "okta.oauth2.issuer"),
    ("keycloak-client-id-and-secret", "KEYCLOAK_CLIENT_ID=backend-api\nKEYCLOAK_CLIENT_SECRET=§S§", "b62_32", "KEYCLOAK_CLIENT_ID=backend-api"),
    ("facebook-app-id-and-secret", "FACEBOOK_APP_ID=§N15§\nFACEBOOK_APP_SECRET=§S§", "hex32", "FACEBOOK_APP_ID=§N15§"),
    ("twitter-api-key-and-secret", "TWITTER_API_KEY=§B62_25§\nTWITTER_API_SECRET=§S§", "b62_50", "TWITTER_API_KEY"),
    ("reddit-praw-client-id-and-secret", "reddit = praw.Reddit(client_id=\"§B64U_14§\", client_secret=\"§S§\", user_agent=\"§REPO§-bot/0.1\")", "b64u_30", "user_agent="),
    ("salesforce-consumer-key-and-secret", "SF_CONSUMER_KEY=3MVG9§B62_80§\nSF_CONSUMER_SECRET=§S§", "hexu64", "SF_CONSUMER_KEY"),
    ("hubspot-app-id-and-client-secret", "HUBSPOT_APP_ID=§N7§\nHUBSPOT_CLIENT_ID=§UUID§\nHUBSPOT_CLIENT_SECRET=§S§", _uuid, "HUBSPOT_APP_ID"),
    ("shopify-api-key-and-secret", "SHOPIFY_API_KEY=§HEX32§\nSHOPIFY_API_SECRET=§S§", "shopify-shared-secret", "SHOPIFY_API_KEY"),
    ("plaid-client-id-and-secret", "PLAID_CLIENT_ID=§HEX24§\nPLAID_SECRET=§S§\nPLAID_ENV=production", "plaid-secret", "PLAID_ENV=production"),
    ("razorpay-key-id-and-secret", "RAZORPAY_KEY_ID=rzp_live_§B62_14§\nRAZORPAY_KEY_SECRET=§S§", "b62_24", "RAZORPAY_KEY_ID"),
    ("paypal-client-id-and-secret", "PAYPAL_CLIENT_ID=A§B64U_79§\nPAYPAL_CLIENT_SECRET=§S§", "paypal_secret", "PAYPAL_CLIENT_ID"),
    ("braintree-merchant-public-private-key", "gateway = braintree.BraintreeGateway(braintree.Configuration(braintree.Environment.Production, merchant_id=\"§LOW16§\", public_key=\"§LOW16b§\", private_key=\"§S§\"))", "hex32", "merchant_id=\"§LOW16§\""),
    ("binance-api-key-and-secret-same-shape", "BINANCE_API_KEY=§B62_64§\nBINANCE_API_SECRET=§S§", "binance-api-secret", "BINANCE_API_KEY"),
    ("kraken-api-key-and-private-key", "KRAKEN_API_KEY=§B64_56§\nKRAKEN_PRIVATE_KEY=§S§", "kraken-private-key", "KRAKEN_API_KEY"),
    ("coinbase-legacy-key-and-secret", "COINBASE_API_KEY=§B62_16§\nCOINBASE_API_SECRET=§S§", "coinbase-api-secret", "COINBASE_API_KEY"),
    ("alpaca-key-id-and-secret", "APCA_API_KEY_ID=PK§UP18§\nAPCA_API_SECRET_KEY=§S§\nAPCA_API_BASE_URL=https://api.alpaca.markets", "b62_40", "APCA_API_BASE_URL"),
    ("confluent-cloud-key-and-secret", "CONFLUENT_CLOUD_API_KEY=§UP16§\nCONFLUENT_CLOUD_API_SECRET=§S§", "confluent-api-secret", "CONFLUENT_CLOUD_API_KEY"),
    ("mongodb-atlas-public-and-private-key", "MONGODB_ATLAS_PUBLIC_KEY=§LOW8§\nMONGODB_ATLAS_PRIVATE_KEY=§S§", "mongodb-atlas-private-key", "MONGODB_ATLAS_PUBLIC_KEY"),
    ("sumologic-access-id-and-key", "SUMO_ACCESS_ID=su§B62_12§\nSUMO_ACCESS_KEY=§S§", "b62_64", "SUMO_ACCESS_ID"),
    ("cloudinary-url-key-secret-cloud", "CLOUDINARY_URL=cloudinary://§N15§:§S§@§LOW8§", "b64u_27", "CLOUDINARY_URL=cloudinary://§N15§:"),
    ("imagekit-public-and-private-key", "IMAGEKIT_PUBLIC_KEY=public_§B64_27§=\nIMAGEKIT_PRIVATE_KEY=§S§\nIMAGEKIT_URL_ENDPOINT=https://ik.imagekit.io/§LOW8§", "imagekit-private-key", "IMAGEKIT_URL_ENDPOINT"),
    ("uploadcare-public-and-secret-key", "UPLOADCARE_PUBLIC_KEY=§HEX20§\nUPLOADCARE_SECRET_KEY=§S§", "hex20", "UPLOADCARE_PUBLIC_KEY"),
    ("agora-app-id-and-certificate-both-hex", "AGORA_APP_ID=§HEX32§\nAGORA_APP_CERTIFICATE=§S§", "hex32", "AGORA_APP_ID"),
    ("vonage-api-key-and-secret", "VONAGE_API_KEY=§HEX8§\nVONAGE_API_SECRET=§S§", "b62_16", "VONAGE_API_KEY"),
    ("plivo-auth-id-and-token", "PLIVO_AUTH_ID=MA§UP18§\nPLIVO_AUTH_TOKEN=§S§", "b62_40", "PLIVO_AUTH_ID"),
    ("mailjet-public-and-private-key", "MJ_APIKEY_PUBLIC=§HEX32§\nMJ_APIKEY_PRIVATE=§S§", "hex32", "MJ_APIKEY_PUBLIC"),
    ("wechat-appid-and-appsecret", "wechat:\n  appid: wx§HEX16§\n  secret: §S§", "hex32", "appid: wx§HEX16§"),
    ("feishu-app-id-and-secret", "FEISHU_APP_ID=cli_§HEX16§\nFEISHU_APP_SECRET=§S§", "b62_32", "FEISHU_APP_ID"),
    ("naver-client-id-and-short-secret", "X-Naver-Client-Id: §B62_20§\nX-Naver-Client-Secret: §S§", "b62_10", "X-Naver-Client-Id"),
    ("dingtalk-webhook-and-sign-secret", "webhook: https://oapi.dingtalk.com/robot/send?access_token=${DINGTALK_TOKEN}\nsecret: §S§", "dingtalk-robot-secret", "oapi.dingtalk.com"),
    ("akamai-edgerc-host-and-client-secret", "[default]\nhost = akab-§LOW16§-§LOW16b§.luna.akamaiapis.net\nclient_secret = §S§", "b64_32", "luna.akamaiapis.net"),
    ("scaleway-access-key-and-secret-uuid", "SCW_ACCESS_KEY=SCW§UP17§\nSCW_SECRET_KEY=§S§\nSCW_DEFAULT_PROJECT_ID=§UUIDb§", _uuid, "SCW_ACCESS_KEY"),
    ("digitalocean-spaces-key-and-secret", "SPACES_KEY=DO00§UP16§\nSPACES_SECRET=§S§\nSPACES_ENDPOINT=fra1.digitaloceanspaces.com", "b64c43", "SPACES_ENDPOINT"),
    ("wasabi-profile-key-and-secret", "[wasabi]\naws_access_key_id = §UP20§\naws_secret_access_key = §S§", "aws_secret", "[wasabi]"),
    ("minio-root-user-and-password", "MINIO_ROOT_USER=§U§\nMINIO_ROOT_PASSWORD=§S§", "pw_env", "MINIO_ROOT_USER"),
    ("gcs-hmac-access-id-and-secret", "GCS_HMAC_ACCESS_ID=GOOG1E§UP55§\nGCS_HMAC_SECRET=§S§", "b64c40", "GCS_HMAC_ACCESS_ID"),
    ("ghost-admin-api-key-id-colon-secret", "GHOST_ADMIN_API_KEY=§HEX24§:§S§", "hex64", "GHOST_ADMIN_API_KEY=§HEX24§:"),
    ("woocommerce-consumer-key-and-secret", "WC_CONSUMER_KEY=ck_§HEX40§\nWC_CONSUMER_SECRET=§S§", "cs_woo", "WC_CONSUMER_KEY"),
    ("stream-api-key-and-secret", "STREAM_API_KEY=§LOW12§\nSTREAM_API_SECRET=§S§", "low64", "STREAM_API_KEY"),
    ("langfuse-public-and-secret-key", "LANGFUSE_PUBLIC_KEY=pk-lf-§UUID§\nLANGFUSE_SECRET_KEY=§S§\nLANGFUSE_HOST=https://cloud.langfuse.com", "langfuse_sk", "LANGFUSE_HOST"),
    ("modal-token-id-and-secret", "MODAL_TOKEN_ID=ak-§B62_22§\nMODAL_TOKEN_SECRET=§S§", "modal_secret", "MODAL_TOKEN_ID"),
    ("fivetran-api-key-and-secret", "FIVETRAN_API_KEY=§B62_16§\nFIVETRAN_API_SECRET=§S§", "b62_32", "FIVETRAN_API_KEY"),
    ("elastic-cloud-id-and-password", "ELASTIC_CLOUD_ID=§CLOUDID§\nELASTIC_USERNAME=elastic\nELASTIC_PASSWORD=§S§", "pw_env", "ELASTIC_USERNAME=elastic"),
    ("twitch-client-id-and-secret-same-shape", "TWITCH_CLIENT_ID=§LOW30§\nTWITCH_CLIENT_SECRET=§S§", "low30", "TWITCH_CLIENT_ID"),
    ("zoom-s2s-oauth-account-client-secret", "ZOOM_ACCOUNT_ID=§B64U_22§\nZOOM_CLIENT_ID=§B64U_22b§\nZOOM_CLIENT_SECRET=§S§", "b62_32", "ZOOM_ACCOUNT_ID"),
    ("dropbox-app-key-and-secret-same-shape", "DROPBOX_APP_KEY=§LOW15§\nDROPBOX_APP_SECRET=§S§", "low15", "DROPBOX_APP_KEY"),
    ("strava-client-id-and-secret", "STRAVA_CLIENT_ID=§N6§\nSTRAVA_CLIENT_SECRET=§S§", "hex40", "STRAVA_CLIENT_ID=§N6§"),
    ("line-channel-id-and-secret", "LINE_CHANNEL_ID=§N10§\nLINE_CHANNEL_SECRET=§S§", "hex32", "LINE_CHANNEL_ID=§N10§"),
    ("datadog-api-and-app-key-pair", "DD_SITE=datadoghq.eu\nDD_API_KEY_ID=§UUID§\nDD_APP_KEY=§S§", "datadog-app-key", "DD_SITE=datadoghq.eu"),
    ("newrelic-account-id-and-user-key", "NEW_RELIC_ACCOUNT_ID=§N7§\nNEW_RELIC_API_KEY=§S§\nNEW_RELIC_REGION=EU", "newrelic-user-key", "NEW_RELIC_REGION=EU"),
    ("oauth-json-client-credentials", "{\"installed\":{\"client_id\":\"§GCID§\",\"project_id\":\"§ORG§-prod\",\"auth_uri\":\"https://accounts.google.com/o/oauth2/auth\",\"token_uri\":\"https://oauth2.googleapis.com/token\",\"client_secret\":\"§S§\",\"redirect_uris\":[\"http://localhost\"]}}", "google-oauth-client-secret", "\"project_id\":\"§ORG§-prod\""),
    ("prose-table-key-id-and-secret", "| key id | secret | created |\n|---|---|---|\n| §AKID§ | §S§ | 2024-05-13 |", "aws-secret-access-key", "| key id | secret | created |"),
]

# ---------------------------------------------------------------------------
# group: internal-token -- company-internal / self-hosted credentials without a vendor prefix
# ---------------------------------------------------------------------------
_INTERNAL = [
    ("django-secret-key-env", "DJANGO_SECRET_KEY=§S§", "django", "DJANGO_SECRET_KEY", 2),
    ("rails-secret-key-base-env", "SECRET_KEY_BASE=§S§", "hex128", "SECRET_KEY_BASE"),
    ("laravel-app-key-env", "APP_NAME=Laravel\nAPP_ENV=production\nAPP_KEY=base64:§S§", "b64_32", "APP_ENV=production", 2),
    ("nextauth-secret-env", "NEXTAUTH_URL=https://app.§ORG§.com\nNEXTAUTH_SECRET=§S§", "b64_32", "NEXTAUTH_URL"),
    ("symfony-app-secret-env", "APP_ENV=prod\nAPP_SECRET=§S§", "hex32", "APP_ENV=prod"),
    ("phoenix-secret-key-base-env", "export SECRET_KEY_BASE=\"§S§\"", "b64_48", "export SECRET_KEY_BASE"),
    ("flask-secret-key-config", "app.config['SECRET_KEY'] = '§S§'", "hex48", "app.config['SECRET_KEY']"),
    ("jwt-secret-env", "JWT_SECRET=§S§\nJWT_TTL=3600", "b64u_64", "JWT_TTL=3600", 2),
    ("data-encryption-key-hex-env", "DATA_ENCRYPTION_KEY=§S§", "hex64", "DATA_ENCRYPTION_KEY"),
    ("cookie-secret-env", "COOKIE_SECRET=§S§", "b62_32", "COOKIE_SECRET"),
    ("outbound-webhook-hmac-key", "OUTBOUND_WEBHOOK_HMAC_KEY=§S§", "b64_32", "OUTBOUND_WEBHOOK_HMAC_KEY"),
    ("internal-service-token-header-line", "X-Internal-Token: §S§", "hex40", "X-Internal-Token"),
    ("company-prefixed-live-key", "BILLING_SVC_KEY=§S§", "acme_internal", "BILLING_SVC_KEY", 2),
    ("internal-pat-in-log-line", "§ISO§ INFO auth-service issued token §S§ to user_id=4411 scopes=[read:reports]", "internal_pat", "scopes=[read:reports]", 2),
    ("grpc-metadata-internal-jwt", "grpcurl -H \"authorization: Bearer §S§\" -d '{\"id\": 42}' orders.internal:443 orders.v1.Orders/Get", "jwt", "orders.v1.Orders/Get"),
    ("keycloak-admin-password-env", "KEYCLOAK_ADMIN=admin\nKEYCLOAK_ADMIN_PASSWORD=§S§", "pw_env", "KEYCLOAK_ADMIN=admin"),
    ("grafana-admin-password-env", "GF_SECURITY_ADMIN_USER=admin\nGF_SECURITY_ADMIN_PASSWORD=§S§", "pw_env", "GF_SECURITY_ADMIN_USER"),
    ("rabbitmq-erlang-cookie", "RABBITMQ_ERLANG_COOKIE=§S§", "erlang_cookie", "RABBITMQ_ERLANG_COOKIE"),
    ("consul-gossip-encrypt-key", "$ consul keygen\n§S§", "b64_32", "consul keygen"),
    ("nomad-server-gossip-key", "server {\n  enabled = true\n  encrypt = \"§S§\"\n}", "b64_32", "enabled = true"),
    ("vault-unseal-key-note", "unseal key (1 of 3, keep offline): §S§", "b64_33", "unseal key (1 of 3"),
    ("jenkins-api-token-curl", "curl -X POST -u admin:§S§ https://jenkins.§ORG§.io/job/deploy/buildWithParameters?ENV=prod", "jenkins_token", "buildWithParameters"),
    ("drone-rpc-secret-env", "DRONE_RPC_SECRET=§S§\nDRONE_SERVER_HOST=drone.§ORG§.io", "hex32", "DRONE_SERVER_HOST"),
    ("woodpecker-agent-secret-env", "WOODPECKER_AGENT_SECRET=§S§", "hex64", "WOODPECKER_AGENT_SECRET"),
    ("harbor-robot-account-docker-login", "docker login harbor.§ORG§.io -u 'robot$ci-pusher' -p '§S§'", "b62_32", "robot$ci-pusher"),
    ("mattermost-personal-access-token", "MM_SERVICESETTINGS_SITEURL=https://chat.§ORG§.io\nMM_TOKEN=§S§", "low26", "MM_SERVICESETTINGS_SITEURL"),
    ("rocketchat-token-and-user-id", "X-Auth-Token: §S§\nX-User-Id: §B62_17§", "b64u_43", "X-User-Id"),
    ("plex-token-in-url", "http://192.168.1.10:32400/library/sections?X-Plex-Token=§S§", "b64u_20", "library/sections"),
    ("jellyfin-api-key-env", "JELLYFIN_URL=http://media.lan:8096\nJELLYFIN_API_KEY=§S§", "hex32", "JELLYFIN_URL"),
    ("proxmox-api-token-header", "Authorization: PVEAPIToken=root@pam!ci=§S§", _uuid, "PVEAPIToken=root@pam!ci="),
    ("opnsense-api-key-and-secret", "key=§B64_80§\nsecret=§S§", "b64c80", "key="),
    ("home-assistant-long-lived-token", "HASS_URL=http://homeassistant.local:8123\nHASS_TOKEN=§S§", "hass_token", "HASS_URL"),
    ("meilisearch-master-key", "MEILI_ENV=production\nMEILI_MASTER_KEY=§S§", "b64u_43", "MEILI_ENV=production"),
    ("hasura-admin-secret-env", "HASURA_GRAPHQL_ADMIN_SECRET=§S§", "pw_env", "HASURA_GRAPHQL_ADMIN_SECRET"),
    ("strapi-admin-jwt-secret", "ADMIN_JWT_SECRET=§S§\nAPI_TOKEN_SALT=(generated on boot)", "b64_16", "ADMIN_JWT_SECRET"),
    ("n8n-encryption-key", "N8N_ENCRYPTION_KEY=§S§", "b64_24", "N8N_ENCRYPTION_KEY"),
    ("synapse-registration-shared-secret", "registration_shared_secret: \"§S§\"\nenable_registration: false", "b64u_43", "enable_registration: false"),
    ("synapse-macaroon-secret-key", "macaroon_secret_key: \"§S§\"", "b64u_43", "macaroon_secret_key"),
    ("nextcloud-app-password-note", "Nextcloud app password for the desktop client: §S§", "nextcloud_app_pw", "Nextcloud app password"),
    ("uptime-kuma-api-key", "UPTIME_KUMA_URL=https://status.§ORG§.io\nUPTIME_KUMA_API_KEY=§S§", "uptime_kuma", "UPTIME_KUMA_URL"),
    ("unleash-admin-token", "UNLEASH_ADMIN_TOKEN=§S§", "unleash_admin", "UNLEASH_ADMIN_TOKEN"),
    ("internal-api-key-query-param", "GET https://reports.internal.§ORG§.com/export.csv?from=2024-05-01&api_key=§S§&format=csv", "hex40", "format=csv"),
    ("go-cookie-store-key", "store := sessions.NewCookieStore([]byte(\"§S§\"))", "b64_32", "sessions.NewCookieStore"),
    ("argocd-server-secretkey", "data:\n  server.secretkey: §S§", "b64_32", "server.secretkey"),
    ("sentry-self-hosted-system-secret-key", "system.secret-key: '§S§'", "django", "system.secret-key"),
    ("oidc-client-secret-internal-idp", "OIDC_ISSUER=https://sso.§ORG§.internal/realms/main\nOIDC_CLIENT_ID=grafana\nOIDC_CLIENT_SECRET=§S§", "b64u_43", "OIDC_CLIENT_ID=grafana"),
    ("internal-webhook-url-token-path", "https://hooks.§ORG§.internal/deploy/§S§", "hex40", "hooks.§ORG§.internal/deploy/"),
    ("internal-log-line-wrapped-at-120", "§ISO§ WARN gateway upstream auth failed for token=§S§ (retrying)", lambda: (lambda t: (t[:52] + "\n    " + t[52:], t[:52] + "\n    " + t[52:]))("svc_" + _b64u(96)), "upstream auth failed"),
    ("kubelet-bootstrap-kubeconfig-token", "users:\n- name: kubelet-bootstrap\n  user:\n    token: §S§", "k8s_bootstrap", "kubelet-bootstrap"),
    ("redis-acl-user-plain-password", "user worker on >§S§ ~jobs:* +@all", "pw_shell", "user worker on"),
    ("mongo-keyfile-content", "$ cat /etc/mongo/keyfile\n§S§", "b64_756", "/etc/mongo/keyfile"),
    ("session-id-in-app-log", "§ISO§ DEBUG session restored sid=§S§ user=§U§ ip=§PUBIP§", "b64u_32", "session restored"),
    ("celery-flower-basic-auth-flag", "celery -A proj flower --basic_auth=admin:§S§", "pw_url", "celery -A proj flower"),
]


# ---------------------------------------------------------------------------
# group: http-header -- headers, cookies, signed and capability URLs
# ---------------------------------------------------------------------------
_HTTP = [
    ("basic-auth-header-raw-request", "GET /api/v1/builds HTTP/1.1\nHost: ci.§ORG§.io\nAuthorization: Basic §S§\nAccept: application/json", "basic_b64", "Host: ci.§ORG§.io", 2),
    ("proxy-authorization-basic", "CONNECT registry.npmjs.org:443 HTTP/1.1\nProxy-Authorization: Basic §S§", "basic_b64", "CONNECT registry.npmjs.org:443"),
    ("bearer-jwt-raw-request", "POST /graphql HTTP/2\nHost: api.§ORG§.io\nAuthorization: Bearer §S§\nContent-Type: application/json", "jwt", "Content-Type: application/json", 2),
    ("cookie-django-sessionid", "Cookie: django_language=en; sessionid=§S§", "low32", "django_language=en"),
    ("set-cookie-express-connect-sid", "Set-Cookie: connect.sid=§S§; Path=/; HttpOnly; Secure; SameSite=Lax", "express_sid", "Path=/; HttpOnly"),
    ("cookie-phpsessid-with-ga", "Cookie: PHPSESSID=§S§; _ga=GA1.2.§N9§.§N10§", "low26", "_ga=GA1.2"),
    ("cookie-jsessionid", "Cookie: JSESSIONID=§S§; Path=/app", "hexu32", "JSESSIONID"),
    ("cookie-aspnetcore-auth", "Cookie: .AspNetCore.Cookies=§S§", "aspnet_cookie", ".AspNetCore.Cookies"),
    ("cookie-laravel-session", "Cookie: laravel_session=§S§; locale=de", "laravel_cookie", "locale=de"),
    ("cookie-nextauth-session-token-jwe", "Cookie: __Secure-next-auth.session-token=§S§", "nextauth_jwe", "__Secure-next-auth.session-token"),
    ("cookie-rails-signed-session", "Cookie: _§REPO§_session=§S§", "rails_cookie", "_session="),
    ("cookie-github-user-session", "Cookie: logged_in=yes; user_session=§S§; tz=Europe%2FBerlin", "b64u_48", "tz=Europe%2FBerlin"),
    ("cookie-slack-d-xoxd", "Cookie: d=§S§; d-s=1715590000; lc=1715590000", "slack_d_cookie", "d-s=1715590000"),
    ("cookie-wordpress-logged-in", "Cookie: wordpress_logged_in_§HEX32§=§S§", "wp_logged_in", "wordpress_logged_in_"),
    ("set-cookie-gitlab-session", "set-cookie: _gitlab_session=§S§; path=/; secure; HttpOnly; SameSite=None", "hex32", "_gitlab_session"),
    ("k8s-websocket-bearer-subprotocol", "Sec-WebSocket-Protocol: base64url.bearer.authorization.k8s.io.§S§, v4.channel.k8s.io", "k8s_ws_protocol", "v4.channel.k8s.io"),
    ("s3-presigned-url-signature", "https://§ORG§-exports.s3.§REG§.amazonaws.com/reports/2024-05.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=§AKID§%2F20240513%2F§REG§%2Fs3%2Faws4_request&X-Amz-Date=20240513T101500Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature=§S§", "hex64", "X-Amz-Expires=604800", 2),
    ("gcs-v4-signed-url-signature", "https://storage.googleapis.com/§ORG§-artifacts/builds/app.tar.gz?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=signer%40§ORG§-prod.iam.gserviceaccount.com%2F20240513%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20240513T101500Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=§S§", "hex512", "X-Goog-Expires=900"),
    ("azure-blob-sas-url-sig", "https://st§ORG§.blob.core.windows.net/backups/db.bak?sp=r&st=2024-05-13T08:00:00Z&se=2024-05-20T16:00:00Z&spr=https&sv=2022-11-02&sr=b&sig=§S§", "sas_sig", "spr=https", 2),
    ("cloudfront-signed-url-signature", "https://d§LOW13§.cloudfront.net/videos/intro.mp4?Expires=1716000000&Signature=§S§&Key-Pair-Id=K§UP13§", "cf_sig", "Key-Pair-Id"),
    ("slack-incoming-webhook-url", "SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T§UP8§/B§UP10§/§S§", "slack_webhook_secret", "hooks.slack.com/services", 2),
    ("discord-webhook-url", "DISCORD_WEBHOOK=https://discord.com/api/webhooks/§N19§/§S§", "b64u_68", "discord.com/api/webhooks"),
    ("teams-incoming-webhook-url", "https://§ORG§.webhook.office.com/webhookb2/§UUID§@§UUIDb§/IncomingWebhook/§S§/§UUIDc§", "hex32", "IncomingWebhook"),
    ("google-chat-webhook-token", "https://chat.googleapis.com/v1/spaces/AAAA§B64U_7§/messages?token=§S§", "b64u_43", "chat.googleapis.com/v1/spaces"),
    ("openweather-appid-query", "GET /data/2.5/weather?q=Berlin&appid=§S§ HTTP/1.1\nHost: api.openweathermap.org", "openweather-api-key", "q=Berlin"),
    ("facebook-graph-access-token-query", "https://graph.facebook.com/v19.0/me/accounts?access_token=§S§", "facebook-access-token", "graph.facebook.com/v19.0"),
    ("google-maps-key-query", "https://maps.googleapis.com/maps/api/geocode/json?address=Alexanderplatz&key=§S§", "google-api-key", "address=Alexanderplatz"),
    ("alchemy-rpc-url-path-key", "ETH_RPC_URL=https://eth-mainnet.g.alchemy.com/v2/§S§", "alchemy-api-key", "eth-mainnet.g.alchemy.com/v2/"),
    ("infura-rpc-url-basic-secret", "https://:§S§@mainnet.infura.io/v3/§HEX32§", "infura-api-secret", "mainnet.infura.io/v3/"),
    ("quicknode-endpoint-url-token", "https://§W§-§Wb§-§Wc§.quiknode.pro/§S§/", "hex40", "quiknode.pro"),
    ("helius-rpc-api-key-query", "https://mainnet.helius-rpc.com/?api-key=§S§", "helius-api-key", "mainnet.helius-rpc.com"),
    ("ipinfo-token-query", "curl ipinfo.io/8.8.8.8?token=§S§", "ipinfo-token", "ipinfo.io/8.8.8.8"),
    ("websocket-url-token-query", "wss://stream.§ORG§.io/v1/ws?token=§S§&channel=orders", "jwt", "channel=orders"),
    ("jwt-in-oauth-implicit-fragment", "https://app.§ORG§.com/callback#access_token=§S§&token_type=Bearer&expires_in=3600", "jwt", "token_type=Bearer"),
    ("hasura-admin-secret-header", "X-Hasura-Admin-Secret: §S§\nContent-Type: application/json", "pw", "X-Hasura-Admin-Secret"),
    ("parse-master-key-header", "X-Parse-Application-Id: §B62_40§\nX-Parse-Master-Key: §S§", "b62_40", "X-Parse-Application-Id"),
    ("rapidapi-key-header", "curl --request GET --url 'https://weatherapi-com.p.rapidapi.com/current.json?q=Paris' --header 'X-RapidAPI-Host: weatherapi-com.p.rapidapi.com' --header 'X-RapidAPI-Key: §S§'", "rapidapi", "X-RapidAPI-Host"),
    ("jsonbin-master-key-header", "X-Master-Key: §S§", "jsonbin_master", "X-Master-Key"),
    ("supabase-apikey-and-bearer-same-token-service-role", "apikey: §S§", "supabase-service-role-jwt", "apikey"),
    ("binance-mbx-apikey-header", "X-MBX-APIKEY: §S§", "b62_64", "X-MBX-APIKEY"),
    ("cloudflare-global-key-with-email", "curl -X GET https://api.cloudflare.com/client/v4/zones -H 'X-Auth-Email: ops@§ORG§.com' -H 'X-Auth-Key: §S§'", "cloudflare-global-api-key", "X-Auth-Email: ops@§ORG§.com"),
    ("azure-openai-api-key-header", "POST https://§ORG§-oai.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-02-01\napi-key: §S§", "azure-openai-key", "api-version=2024-02-01"),
    ("x-amz-security-token-header", "x-amz-date: 20240513T101500Z\nx-amz-security-token: §S§", "aws-session-token", "x-amz-date"),
    ("vault-token-header-curl", "curl -s -H \"X-Vault-Token: §S§\" https://vault.§ORG§.io:8200/v1/secret/data/app", "hashicorp-vault-token", "/v1/secret/data/app"),
    ("gitlab-job-token-header", "curl --header \"JOB-TOKEN: §S§\" --upload-file dist/app.tgz \"https://gitlab.com/api/v4/projects/§N8§/packages/generic/app/1.0.0/app.tgz\"", lambda: "glcbt-64_" + _b64u(20), "--upload-file dist/app.tgz"),
    ("authorization-token-token-equals", "Authorization: Token token=\"§S§\", email=\"ops@§ORG§.com\"", "hex32", "email=\"ops@§ORG§.com\""),
    ("http-request-line-wrapped-long-header", "> Authorization: Bearer §S§", lambda: (lambda t: (t[:70] + "\n> " + t[70:], t[:70] + "\n> " + t[70:]))(_jwt_generic()), "Authorization: Bearer"),
]

# ---------------------------------------------------------------------------
# group: prose -- chat, notes and sentences in many languages
# ---------------------------------------------------------------------------
_PROSE_VENDORS = ["stripe-live-secret-key", "github-classic-pat", "gitlab-pat", "openai-project-key",
                  "anthropic-api-key", "slack-bot-token", "sendgrid-api-key", "huggingface-token",
                  "npm-access-token", "datadog-api-key", "github-fine-grained-pat", "cloudflare-api-token",
                  "digitalocean-pat", "twilio-auth-token", "postmark-server-token", "linear-api-key",
                  "notion-integration-secret", "vercel-token", "sentry-user-token", "mailgun-private-key",
                  "groq-api-key", "resend-api-key", "shopify-admin-token", "doppler-service-token",
                  "hashicorp-vault-token", "supabase-access-token", "airtable-pat", "figma-pat",
                  "pulumi-access-token", "telegram-bot-token", "azure-ad-client-secret",
                  "aws-secret-access-key", "openrouter-key", "replicate-token", "mistral-api-key"]

# (slug, template, visible, kind)
_PROSE = {
    "en": [
        ("staging-db-password-is", "the staging db password is §S§", "staging db password", "pw"),
        ("prod-redis-password-em-dash-dont-share", "FYI the prod Redis password is §S§ — please don't paste it in #general.", "prod Redis password", "pw"),
        ("use-to-log-in-grafana", "use §S§ to log in to the Grafana admin account", "Grafana admin account", "pw"),
        ("rotated-key-new-one-colon", "I rotated the §L§ key, new one: §S§", "I rotated the §L§ key", "tok"),
        ("login-slash-for-test-tenant", "Login for the test tenant: admin / §S§", "Login for the test tenant", "pw"),
        ("creds-user-colon-pass-parenthetical", "Creds are svc_report:§S§ (same as the old box).", "same as the old box", "pw_nocolon"),
        ("curly-quoted-vpn-password", "Password for the VPN is “§S§”.", "Password for the VPN", "pw"),
        ("token-you-asked-for-backticks", "Here's the token you asked for: `§S§`", "the token you asked for", "tok"),
        ("set-env-to-value-and-rerun", "Set §ENV§ to §S§ and rerun the failing job.", "rerun the failing job", "tok"),
        ("guest-wifi-password-period", "The guest wifi password is §S§.", "guest wifi password", "pw"),
        ("question-try-new-deploy-key", "Can you try §S§? That's the new deploy key for the §L§ account.", "new deploy key", "tok"),
        ("markdown-table-service-user-password", "| Service | User | Password |\n|---|---|---|\n| staging-db | app_rw | §S§ |\n| redis | default | (see vault) |", "| Service | User | Password |", "pw"),
        ("markdown-note-temporary-password", "> **Note:** the temporary password `§S§` expires in 24h.", "expires in 24h", "pw"),
        ("user-pasted-key-why-401", "User: my API key is §S§, why does every request return 401?", "why does every request return 401", "tok"),
        ("slack-transcript-timestamped", "[10:42] alice: new §L§ key -> §S§\n[10:43] bob: thx, updating the secret now", "updating the secret now", "tok"),
        ("email-sftp-password-signature", "Hi Bob,\n\nThe SFTP password for the vendor drop is §S§\n\nThanks,\nCarol", "SFTP password for the vendor drop", "pw"),
        ("parenthetical-pw-ssh-in", "ssh in as deploy (pw §S§) and restart the worker", "restart the worker", "pw"),
        ("passphrase-double-quoted-spaces", "The passphrase for the release signing key is \"§S§\" — it's in the team vault too.", "release signing key", "phrase_space"),
        ("agent-note-user-pasted-token", "Note: the user pasted a §L§ token (§S§) into the chat; I used it only to clone the repo.", "used it only to clone the repo", "tok"),
        ("exclamation-end-router-admin", "Finally got in — the router admin password was §S§!", "router admin password", "pw"),
        ("semicolon-list-accounts", "Accounts: root uses the hardware key; backup uses §S§; ci has no password.", "ci has no password", "pw"),
        ("bullet-list-host-user-password", "- host: §H§\n- user: §U§\n- password: §S§\n- port: 5432", "- port: 5432", "pw"),
        ("code-review-nit-hardcoded", "nit: you hard-coded §S§ in settings.py, please move it to an env var", "please move it to an env var", "tok"),
        ("jira-ticket-steps-to-reproduce", "Steps to reproduce:\n1. Log in as qa-admin with password §S§\n2. Open /billing\n3. Observe 500", "Steps to reproduce", "pw"),
        ("commit-message-registry-password", "fix(ci): use new registry password §S§ (old one expired)", "old one expired", "pw"),
        ("totp-seed-shared-ops-account", "2FA seed for the shared ops account is §S§ — add it to your authenticator.", "add it to your authenticator", "totp"),
        ("recovery-codes-list-block", "Backup codes for the GitHub org owner account:\n§S§\nKeep these offline.", "Keep these offline", "recovery"),
        ("otpauth-uri-in-note", "Scan this in Authy if the QR code doesn't load: §S§", "Scan this in Authy", "otpauth"),
        ("single-quoted-mid-sentence-jenkins", "I set the Jenkins password to '§S§' so the nightly job can authenticate.", "nightly job can authenticate", "pw"),
        ("colon-no-space-after-label", "staging API key:§S§", "staging API key", "tok"),
        ("quoted-email-reply", "> On Mon, Dave wrote:\n> the mongo password is §S§\n\nThanks, that worked.", "Thanks, that worked", "pw"),
        ("comma-clause-after-key", "The key §S§, which I generated this morning, is only valid for the sandbox.", "which I generated this morning", "tok"),
        ("github-issue-repro-with-token", "I can reproduce with token §S§ on v2.3.1, stack trace below.", "stack trace below", "tok"),
        ("voice-transcript-all-one-word", "okay so the password is §S§ all one word", "all one word", "pw_nospace"),
        ("session-summary-connected-with-password", "Session summary: connected to §H§ as §U§ using password §S§, ran migrations 0042-0045.", "ran migrations 0042-0045", "pw"),
        ("bold-markdown-label", "**New prod DB password:** §S§", "New prod DB password", "pw"),
        ("wallet-passphrase-hyphenated-words", "wallet passphrase: §S§", "wallet passphrase", "phrase"),
        ("seed-phrase-do-not-use-mainnet", "Seed phrase for the test wallet (do NOT use on mainnet): §S§", "do NOT use on mainnet", "mnemonic"),
        ("html-comment-todo-remove", "<!-- TODO remove: admin pw is §S§ -->", "TODO remove", "pw"),
        ("parens-admin-slash-password-port", "Grafana (admin / §S§) is on port 3000.", "is on port 3000", "pw"),
        ("chat-rotated-space-before-comma", "ok rotated it. new one is §S§ , old one revoked", "old one revoked", "tok"),
        ("question-mark-end-sandbox-key", "is the sandbox key still §S§?", "is the sandbox key still", "tok"),
        ("ellipsis-end-still-403", "tried §S§... still 403", "still 403", "tok"),
        ("angle-brackets-api-key", "API key: <§S§>", "API key:", "tok"),
        ("onboarding-doc-quote-default-password", "From the onboarding doc: \"Default password for new laptops is §S§, change it on first login.\"", "change it on first login", "pw"),
        ("same-as-before-ends-in", "The admin password is the same as before except it now ends in 7: §S§", "same as before", "pw"),
        ("google-app-password-spaced", "Gmail app password for the alerts mailbox: §S§", "Gmail app password", "google_app_pw"),
        ("email-wrapped-storage-key", "Hi,\nthe storage account key is\n§S§\nBest, Ops", "the storage account key is", "wrapped_az"),
        ("token-split-by-soft-wrap", "Heads-up: the new deploy token is §S§ — please update the CI variable.", "please update the CI variable", "wrapped_gh"),
        ("pairing-session-notes-mixed", "Pairing notes: Sam used `psql -U §U§` then typed §S§ at the prompt; we should switch to IAM auth.", "switch to IAM auth", "pw"),
    ],
    "de": [
        ("passwort-staging-db-ist", "Das Passwort für die Staging-DB ist §S§.", "Passwort für die Staging-DB", "pw"),
        ("neues-token-widerrufen", "Neues §L§-Token: §S§ (das alte habe ich widerrufen)", "das alte habe ich widerrufen", "tok"),
        ("zugangsdaten-benutzer-kennwort", "Zugangsdaten: Benutzer admin, Kennwort §S§", "Zugangsdaten: Benutzer admin", "pw"),
        ("bitte-nutze-zum-einloggen", "Bitte nutze §S§ zum Einloggen ins Jenkins.", "zum Einloggen ins Jenkins", "pw"),
        ("api-schluessel-lautet-gaensefuesschen", "Der API-Schlüssel für §L§ lautet „§S§“.", "API-Schlüssel für", "tok"),
        ("pw-ftp-gedankenstrich", "PW für den FTP-Server: §S§ – bitte nicht weitergeben.", "bitte nicht weitergeben", "pw"),
        ("wlan-passwort-ausrufezeichen", "Das WLAN-Passwort im Büro lautet §S§!", "WLAN-Passwort im Büro", "pw"),
        ("schluessel-rotiert-neuer", "Ich habe den Schlüssel rotiert, der neue ist §S§", "Ich habe den Schlüssel rotiert", "tok"),
        ("tabelle-dienst-passwort", "| Dienst | Benutzer | Passwort |\n|---|---|---|\n| Datenbank | app | §S§ |", "| Dienst | Benutzer | Passwort |", "pw"),
    ],
    "fr": [
        ("mdp-base-staging-est", "Le mot de passe de la base de staging est §S§.", "mot de passe de la base de staging", "pw"),
        ("voici-jeton-espace-deux-points", "Voici le jeton §L§ : §S§", "Voici le jeton", "tok"),
        ("identifiants-admin-slash", "Identifiants : admin / §S§", "Identifiants : admin", "pw"),
        ("guillemets-nouvelle-cle", "J'ai régénéré la clé, la nouvelle est « §S§ ».", "J'ai régénéré la clé", "tok"),
        ("utilise-pour-te-connecter", "Utilise §S§ pour te connecter au back-office.", "pour te connecter au back-office", "pw"),
        ("cle-api-prod-espace-exclamation", "La clé d'API de prod est §S§ !", "clé d'API de prod", "tok"),
        ("mdp-wifi-invite", "Le mot de passe du wifi invité : §S§", "wifi invité", "pw"),
        ("email-mdp-temporaire", "Bonjour,\nle mot de passe temporaire est §S§\nCordialement", "mot de passe temporaire", "pw"),
    ],
    "es": [
        ("contrasena-bd-staging", "La contraseña de la base de datos de staging es §S§.", "contraseña de la base de datos", "pw"),
        ("usa-para-entrar-panel", "Usa §S§ para entrar al panel de administración.", "panel de administración", "pw"),
        ("te-paso-el-token", "Te paso el token de §L§: §S§", "Te paso el token", "tok"),
        ("cambie-la-clave-nueva", "Cambié la clave, la nueva es: §S§", "Cambié la clave", "tok"),
        ("pregunta-invertida-probaste", "¿Probaste con §S§? Es la contraseña del usuario de pruebas.", "usuario de pruebas", "pw"),
        ("usuario-clave-raya", "Usuario: soporte — Clave: §S§", "Usuario: soporte", "pw"),
        ("ojo-api-key-no-compartas", "Ojo, la API key de producción es §S§, no la compartas.", "no la compartas", "tok"),
    ],
    "pt": [
        ("senha-banco-homologacao", "A senha do banco de homologação é §S§.", "senha do banco de homologação", "pw"),
        ("segue-token", "Segue o token do §L§: §S§", "Segue o token", "tok"),
        ("troquei-chave-antiga-revogada", "Troquei a chave, a nova é §S§ (a antiga já foi revogada).", "a antiga já foi revogada", "tok"),
        ("usuario-senha-slash", "Usuário: admin / Senha: §S§", "Usuário: admin", "pw"),
        ("ptbr-chat-vc-consegue", "vc consegue entrar com §S§? é a senha do servidor de testes", "senha do servidor de testes", "pw"),
        ("ptpt-palavra-passe-router", "A palavra-passe do router é §S§.", "palavra-passe do router", "pw"),
    ],
    "it": [
        ("password-db-staging-e", "La password del db di staging è §S§.", "password del db di staging", "pw"),
        ("ecco-il-token", "Ecco il token di §L§: §S§", "Ecco il token", "tok"),
        ("ruotato-chiave-nuova", "Ho ruotato la chiave, quella nuova è §S§", "Ho ruotato la chiave", "tok"),
        ("usa-per-accedere-dashboard", "Usa §S§ per accedere alla dashboard.", "per accedere alla dashboard", "pw"),
        ("credenziali-caporali", "Credenziali: utente ops, password «§S§»", "Credenziali: utente ops", "pw"),
        ("chiave-api-non-committarla", "La chiave API di produzione è §S§, non committarla!", "non committarla", "tok"),
    ],
    "nl": [
        ("wachtwoord-staging-database", "Het wachtwoord van de staging-database is §S§.", "wachtwoord van de staging-database", "pw"),
        ("hier-is-het-token", "Hier is het §L§-token: §S§", "Hier is het", "tok"),
        ("nieuwe-sleutel-ingetrokken", "Nieuwe sleutel: §S§ (de oude is ingetrokken)", "de oude is ingetrokken", "tok"),
        ("gebruik-om-in-te-loggen", "Gebruik §S§ om in te loggen op de VPN.", "om in te loggen op de VPN", "pw"),
        ("inloggegevens-beheer", "Inloggegevens: gebruiker beheer, wachtwoord §S§", "Inloggegevens: gebruiker beheer", "pw"),
    ],
    "pl": [
        ("haslo-baza-staging", "Hasło do bazy na stagingu to §S§.", "Hasło do bazy na stagingu", "pw"),
        ("nowy-token", "Nowy token §L§: §S§", "Nowy token", "tok"),
        ("zmienilem-klucz-nowy", "Zmieniłem klucz, nowy to §S§", "Zmieniłem klucz", "tok"),
        ("uzyj-zeby-sie-zalogowac", "Użyj §S§, żeby się zalogować do panelu.", "żeby się zalogować do panelu", "pw"),
        ("login-admin-haslo", "Login: admin, hasło: §S§", "Login: admin", "pw"),
    ],
    "ja": [
        ("staging-db-password-desu-no-spaces", "ステージングDBのパスワードは§S§です。", "ステージングDBのパスワード", "pw"),
        ("atarashii-token-fullwidth-colon", "新しい§L§トークン：§S§", "トークン", "tok"),
        ("saihakkou-kagi-kakko", "APIキーを再発行しました。新しいキーは「§S§」です。", "APIキーを再発行しました", "tok"),
        ("login-ni-tsukatte", "ログインには §S§ を使ってください。", "ログインには", "pw"),
        ("password-colon-halfwidth", "パスワード: §S§", "パスワード", "pw"),
        ("keigo-email-kanrisha-password", "お疲れ様です。検証環境の管理者パスワードは §S§ になります。よろしくお願いします。", "検証環境の管理者パスワード", "pw"),
    ],
    "zh": [
        ("test-env-db-password-shi", "测试环境数据库密码是 §S§。", "测试环境数据库密码", "pw"),
        ("new-token-fullwidth-colon", "新的§L§令牌：§S§", "令牌", "tok"),
        ("rotated-key-no-spaces-fullwidth-comma", "我已经轮换了密钥，新密钥是§S§，旧的已失效。", "旧的已失效", "tok"),
        ("login-password-fullwidth-colon", "登录密码：§S§", "登录密码", "pw"),
        ("use-to-login", "用 §S§ 登录即可", "登录即可", "pw"),
        ("api-key-corner-brackets", "API 密钥为「§S§」，请勿外传。", "请勿外传", "tok"),
        ("traditional-prod-password", "正式環境的密碼是 §S§ ，請勿分享。", "正式環境的密碼", "pw"),
    ],
    "ru": [
        ("parol-staging-bazy", "Пароль от staging базы: §S§", "Пароль от staging базы", "pw"),
        ("novyi-token-staryi-otozval", "Новый токен §L§ — §S§, старый отозвал.", "старый отозвал", "tok"),
    ],
    "ko": [
        ("staging-db-bimilbeonho", "스테이징 DB 비밀번호는 §S§ 입니다.", "스테이징 DB 비밀번호", "pw"),
        ("sae-api-ki", "새 API 키: §S§", "새 API 키", "tok"),
    ],
    "tr": [("test-sunucusu-sifresi", "Test sunucusunun şifresi §S§.", "Test sunucusunun şifresi", "pw")],
    "sv": [("losenord-staging-databasen", "Lösenordet till staging-databasen är §S§.", "Lösenordet till staging-databasen", "pw")],
    "vi": [("mat-khau-staging", "Mật khẩu cơ sở dữ liệu staging là §S§.", "Mật khẩu cơ sở dữ liệu staging", "pw")],
}


def _wrapped_az():
    k = _b64(64)
    w = k[:44] + "\n" + k[44:]
    return (w, w)


def _wrapped_gh():
    k = "ghp_" + _b62(36)
    w = k[:22] + "\n" + k[22:]
    return (w, w)


_PROSE_KIND = {
    "pw": lambda: _pw("any"),
    "pw_nocolon": lambda: _pw("nocolon"),
    "pw_nospace": lambda: _pw("nospace"),
    "phrase": _NAMED["phrase"],
    "phrase_space": _NAMED["phrase_space"],
    "totp": _NAMED["totp"],
    "recovery": _recovery,
    "otpauth": _otpauth_pair,
    "mnemonic": _NAMED["mnemonic"],
    "google_app_pw": _NAMED["google_app_pw"],
    "wrapped_az": _wrapped_az,
    "wrapped_gh": _wrapped_gh,
}


def _emit_prose():
    vi = 0
    for lang, rows in _PROSE.items():
        n = 3
        for slug, tmpl, vis, kind in rows:
            fmt = "prose-%s-%s" % (lang, slug)
            for _ in range(n):
                if kind == "tok":
                    vk = _PROSE_VENDORS[vi % len(_PROSE_VENDORS)]
                    vi += 1
                    _emit("prose", fmt, tmpl, vk, vis)
                else:
                    _emit("prose", fmt, tmpl, _PROSE_KIND.get(kind, kind), vis)

_PROSE["en"] += [
    ("slack-thread-reply-key-emoji", "thread reply from @§P§: here you go :key: §S§", "here you go", "tok"),
    ("assistant-echoes-user-password", "Assistant: You mentioned your database password is \"§S§\" — I won't store it, but you should rotate it since it's now in this log.", "you should rotate it", "pw"),
    ("meeting-notes-action-items", "Action items:\n- [ ] Eve: revoke old token\n- [x] Frank: new prod token is §S§ (stored in vault too)\n- [ ] Grace: update runbook", "Grace: update runbook", "tok"),
    ("support-ticket-customer-quote", "Customer wrote: \"I regenerated my key (§S§) but the webhook still fails.\"", "the webhook still fails", "tok"),
    ("semicolon-after-temp-root-password", "Temporary root password: §S§; it expires Friday.", "it expires Friday", "pw"),
    ("parenthetical-new-password-restarted", "Reset the service account (new password: §S§) and restarted the pods.", "restarted the pods", "pw"),
    ("handoff-key-value-pairs", "Handoff: cluster=prod-eu, user=§U§, pass=§S§, ticket=OPS-4821", "ticket=OPS-4821", "pw_nocomma"),
    ("emoji-wifi-slash-password", "🔑 Wi-Fi: Office-5G / §S§", "Wi-Fi: Office-5G", "pw"),
    ("all-caps-label-temporary", "PROD ADMIN PASSWORD = §S§ (TEMPORARY!!)", "PROD ADMIN PASSWORD", "pw"),
    ("auth-token-in-shared-link", "just open https://grafana.§ORG§.io/d/abc?orgId=1&auth_token=§S§ and you'll see it", "and you'll see it", "hex40"),
    ("passphrase-single-spaces-colon", "the passphrase is: §S§ (lowercase, single spaces)", "lowercase, single spaces", "phrase_space"),
]
_PROSE["de"] += [
    ("chat-hier-der-key-tresor", "hier der Key für §L§, bitte gleich in den Tresor: §S§", "bitte gleich in den Tresor", "tok"),
    ("ticket-login-mit-benutzer", "Login mit Benutzer „support“ und Passwort „§S§“ funktioniert wieder.", "funktioniert wieder", "pw"),
]
_PROSE["fr"] += [
    ("slack-tiens-le-token-ci", "tiens, le token §L§ pour la CI : §S§", "pour la CI", "tok"),
    ("mdp-entre-parentheses-relance", "Connecte-toi au serveur (mdp : §S§) puis relance le service.", "puis relance le service", "pw"),
]
_PROSE["es"] += [
    ("chat-ahi-va-clave-wifi-emoji", "ahí va la clave del wifi: §S§ 😉", "la clave del wifi", "pw"),
    ("credenciales-de-acceso", "Credenciales de acceso — usuario: admin, contraseña: §S§.", "Credenciales de acceso", "pw"),
]
_PROSE["pt"] += [("token-do-bot-nao-compartilhe", "O token do bot do Telegram é §S§, não compartilhe.", "não compartilhe", "tok")]
_PROSE["it"] += [("chat-ti-giro-password-jenkins", "ti giro la password di jenkins: §S§", "ti giro la password di jenkins", "pw")]
_PROSE["nl"] += [("api-sleutel-niet-delen", "De API-sleutel voor productie is §S§, niet delen aub.", "niet delen aub", "tok")]
_PROSE["pl"] += [("podsylam-klucz-api", "podsyłam klucz API do §L§: §S§ (stary unieważniony)", "stary unieważniony", "tok")]
_PROSE["ja"] += [
    ("slack-kochira-honban-api-key-arrow", "こちらが本番用の§L§ APIキーです → §S§", "本番用の", "tok"),
    ("markdown-table-kankyo-password", "| 環境 | ユーザー | パスワード |\n|---|---|---|\n| 本番 | admin | §S§ |", "| 環境 | ユーザー | パスワード |", "pw"),
]
_PROSE["zh"] += [
    ("wechat-style-test-account", "【测试账号】用户名：test01 密码：§S§", "用户名：test01", "pw"),
    ("deploy-token-fullwidth-parens", "新的部署令牌（§S§）已经配置到 CI 里了。", "已经配置到 CI 里了", "tok"),
]
_PROSE["ru"] += [("chat-parol-ot-vaifaya", "пароль от вайфая: §S§", "пароль от вайфая", "pw")]
_PROSE["uk"] = [("parol-do-bazy-danykh", "Пароль до бази даних: §S§.", "Пароль до бази даних", "pw")]
_PROSE["cs"] = [("heslo-testovaci-databaze", "Heslo k testovací databázi je §S§.", "Heslo k testovací databázi", "pw")]
_PROSE["hi"] = [("staging-database-password-hai", "स्टेजिंग डेटाबेस का पासवर्ड §S§ है।", "स्टेजिंग डेटाबेस का पासवर्ड", "pw")]
_PROSE["ar"] = [("kalimat-al-murur-qaidat-al-bayanat", "كلمة المرور لقاعدة البيانات هي §S§", "كلمة المرور لقاعدة البيانات", "pw")]
_PROSE["id"] = [("kata-sandi-server-staging", "Kata sandi server staging adalah §S§.", "Kata sandi server staging", "pw")]


# ---------------------------------------------------------------------------
# BENIGN look-alikes: (template, how many instances)
# ---------------------------------------------------------------------------
def _ssh_ed25519_pub():
    return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _b64c(43)


def _ssh_rsa_pub():
    return "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _b64c(540)


def _ecdsa_pub():
    return ("ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB"
            + _b64c(86) + "=")


_BENIGN_SPECIAL = {
    "EDPUB": _ssh_ed25519_pub,
    "RSAPUB": _ssh_rsa_pub,
    "ECPUB": _ecdsa_pub,
    "PUBPEM": lambda: _pem_lines("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA", 294),
    "CERTPEM": _cert_b64,
    "PGPPUB": lambda: _pem_lines("mDMEZ", 400) + "\n=" + _b64(3),
    "PGPSIG": lambda: _pem_lines("iHUEABYKAB0WIQ", 119) + "\n=" + _b64(3),
    "MINIPUB": lambda: "RWQ" + _b64c(53),
    "JWKN": lambda: _b64u(342),
    "DKIM": lambda: _b64c(392),
    "SRI384": lambda: _b64(48),
    "SRI512": lambda: _b64(64),
    "H1": lambda: _b64(32),
    "B64TXT": lambda: _b64s(_R.choice([
        "Hello, World!", "The quick brown fox jumps over the lazy dog",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\n",
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit.",
        "{\"page\":2,\"per_page\":50}", "user=anonymous; theme=dark",
        "Release notes for version 2.4.1: bug fixes and performance improvements.",
        "#!/bin/sh\necho starting\nexec /app/server\n", "name,email\nalice,alice@example.com\n",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"16\"></svg>",
        "This is not a secret, just base64-encoded documentation text.",
        "{\"offset\":100,\"limit\":25,\"sort\":\"created_at\"}"])),
    "CURSOR": lambda: _b64s(_json.dumps({"offset": _R.randint(0, 5000), "limit": 50}, separators=(",", ":"))),
    "RELAYID": lambda: _b64s(_R.choice(["User", "Repository", "Issue", "PullRequest", "Order"]) + ":" + str(_R.randint(1, 99999))),
    "GHNODE": lambda: _b64s("04:User" + str(_R.randint(10000, 9999999))),
    "STRIPEID": lambda: _R.choice(["ch_3", "pi_3", "evt_1", "price_1", "in_1", "sub_1"]) + _b62(23),
    "CUSID": lambda: "cus_" + _b62(14),
    "REQID": lambda: "req_" + _b62(14),
    "KSUID": lambda: _b62(27),
    "YTID": lambda: _b64u(11),
    "GDOC": lambda: "1" + _b64u(43),
    "IPFS": lambda: "bafybei" + _rs("abcdefghijklmnopqrstuvwxyz234567", 52),
    "QM": lambda: "Qm" + _rs(_B58, 44),
    "BTCADDR": lambda: "bc1q" + _rs(_BECH, 38),
    "NPUB": lambda: "npub1" + _rs(_BECH, 58),
    "ONION": lambda: _rs("abcdefghijklmnopqrstuvwxyz234567", 56) + ".onion",
    "SOLADDR": lambda: _rs(_B58, 44),
    "SSHFP": lambda: "SHA256:" + _b64c(43),
    "MD5FP": lambda: ":".join([_hex(2) for _ in range(16)]),
    "SHA256FP": lambda: ":".join([_hexu(2) for _ in range(32)]),
    "GPGFP": lambda: " ".join([_hexu(4) for _ in range(5)]) + "  " + " ".join([_hexu(4) for _ in range(5)]),
    "COLOR": lambda: "#" + _hex(6),
    "MAC": lambda: ":".join([_hex(2) for _ in range(6)]),
    "IPV6": lambda: "2001:db8:" + ":".join([_hex(4) for _ in range(6)]),
    "XXD": lambda: " ".join([_hex(4) for _ in range(8)]),
    "AMZID2": lambda: _b64c(76),
    "CFID": lambda: _b64u(56) + "==",
    "RECAPTCHA": lambda: "6L" + _R.choice("cdef") + _b64u(37),
    "PHC": lambda: "phc_" + _b62(43),
    "MAPBOXPK": lambda: "pk." + _jenc({"u": _R.choice(_PEOPLE), "a": "cl" + _low(23)}) + "." + _b64u(22),
    "PKLIVE": lambda: "pk_live_51" + _b62(97),
    "VITE": lambda: _b64u(8),
    "CLERKPK": lambda: "pk_live_" + _b64us("clerk.%s.com$" % _R.choice(_ORGS)),
    "TWSM": lambda: "SM" + _hex(32),
    "AIDA": lambda: "AIDA" + _rs(_UPC + "234567", 17),
    "AROA": lambda: "AROA" + _rs(_UPC + "234567", 17),
}
_SPECIAL.update(_BENIGN_SPECIAL)

_BENIGN_T = [
    # --- git hashes and ranges
    ("commit §HEX40§\nAuthor: §P§ <§P§@§ORG§.com>\nDate:   Mon May 13 10:12:44 2024 +0200\n\n    fix: handle empty payload", 4),
    ("HEAD is now at §HEX7§ chore(deps): bump axios from 1.6.7 to 1.6.8", 3),
    ("git cherry-pick §HEX40§", 3),
    ("Merge: §HEX7§ §HEX7b§", 2),
    ("git log --oneline §HEX7§..§HEX7b§", 3),
    ("git diff §HEX12§...origin/main -- src/", 2),
    ("[main §HEX7§] refactor: split config loader (3 files changed, 41 insertions(+), 12 deletions(-))", 3),
    ("This reverts commit §HEX40§.", 2),
    ("diff --git a/config/app.yml b/config/app.yml\nindex §HEX7§..§HEX7b§ 100644", 3),
    ("Fixes a regression introduced in §HEX10§ (see #4821).", 2),
    ("$ git rev-parse HEAD\n§HEX40§", 3),
    ("Compare: https://github.com/§ORG§/§REPO§/compare/§HEX12§...§HEX12b§", 3),
    ("$ git ls-tree HEAD src\n100644 blob §HEX40§\tsrc/main.rs\n040000 tree §HEX40b§\tsrc/util", 2),
    ("Signed-off-by: §P§ <§P§@§ORG§.com>\nChange-Id: I§HEX40§", 2),
    # --- hashes and checksums
    ("§HEX64§  dist/§REPO§-§SEM§-linux-amd64.tar.gz", 4),
    ("SHA512 (ubuntu-24.04-live-server-amd64.iso) = §HEX128§", 2),
    ("md5sum: §HEX32§  backup-2024-05-13.sql.gz", 3),
    ("§HEX40§  README.md", 2),
    ("checksum = \"§HEX64§\"", 3),
    ("    --hash=sha256:§HEX64§ \\", 3),
    ("golang.org/x/net v0.24.0 h1:§H1§", 3),
    ("golang.org/x/crypto v0.22.0/go.mod h1:§H1§", 2),
    ("  version \"§SEM§\"\n  sha256 \"§HEX64§\"", 2),
    ("ETag: \"§HEX32§\"", 3),
    ("Content-MD5: §B64_22§==", 2),
    ("x-goog-hash: crc32c=§B64_6§==, md5=§B64_22§==", 2),
    ("  hashes = [\n    \"h1:§H1§\",\n    \"zh:§HEX64§\",\n  ]", 3),
    ("Nix: got: sha256-§H1§", 2),
    ("/nix/store/§NIX§-openssl-3.0.13", 3),
    ("sha1: §HEX40§ (pre-compiled asset manifest)", 2),
    ("BLAKE3: §HEX64§", 1),
    # --- UUIDs and request ids
    ("request_id=§UUID§ status=200 duration_ms=42", 4),
    ("Correlation-Id: §UUID§", 3),
    ("  uid: §UUID§\n  resourceVersion: \"§N8§\"", 3),
    ("/subscriptions/§UUID§/resourceGroups/rg-prod/providers/Microsoft.Web/sites/§ORG§-api", 3),
    ("Terraform acquired the state lock. Lock Info:\n  ID:        §UUID§\n  Operation: OperationTypeApply", 2),
    ("job §UUID§ finished in 3.2s", 2),
    ("DeviceID={§UUIDU§}", 2),
    ("tenant: §UUID§ (Default Directory)", 2),
    ("x-request-id: §HEX32§", 3),
    ("x-amz-request-id: §HEXU16§\nx-amz-id-2: §AMZID2§", 3),
    ("X-Amz-Cf-Id: §CFID§", 2),
    ("cf-ray: §HEX16§-FRA", 2),
    ("traceparent: 00-§HEX32§-§HEX16§-01", 4),
    ("X-B3-TraceId: §HEX16§\nX-B3-SpanId: §HEX16b§", 2),
    ("X-Amzn-Trace-Id: Root=1-§HEX8§-§HEX24§", 3),
    ("dd.trace_id=§N19§ dd.span_id=§N19b§ level=info msg=\"request completed\"", 3),
    ("trace_id=§HEX32§ span_id=§HEX16§ service=checkout", 3),
    ("Sentry event ID: §HEX32§", 3),
    ("X-GitHub-Request-Id: §HEXU4§:§HEXU6§:§HEXU7§:§HEXU8§:§HEXU8b§", 2),
    ("Bluetooth heart rate service UUID 0000180d-0000-1000-8000-00805f9b34fb", 1),
    ("ulid: §ULID§", 3),
    ("event_id: §KSUID§ (ksuid)", 2),
    # --- base64 of ordinary data
    ("echo §B64TXT§ | base64 -d", 6),
    ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", 1),
    ("\"next_cursor\": \"§CURSOR§\"", 4),
    ("GraphQL node id: §RELAYID§", 3),
    ("\"node_id\": \"§GHNODE§\"", 3),
    ("binaryData:\n  logo.svg: §B64TXT§", 3),
    ("content: §B64TXT§\nencoding: base64", 3),
    # --- file paths
    ("/var/lib/docker/overlay2/§HEX64§/merged", 3),
    ("~/.ssh/id_ed25519.pub", 1),
    ("/etc/ssl/certs/ca-certificates.crt", 1),
    ("C:\\Users\\§P§\\AppData\\Local\\Temp\\tmp§HEXU4§.tmp", 2),
    ("node_modules/.cache/babel-loader/§HEX32§.json", 2),
    ("config/credentials.yml.enc", 1),
    ("/run/secrets/db_password", 1),
    ("Loaded credentials from ~/.aws/credentials (profile: default)", 1),
    ("/home/runner/work/_temp/§UUID§.sh", 2),
    ("src/secrets/README.md", 1),
    ("/etc/letsencrypt/live/§ORG§.com/privkey.pem", 2),
    ("~/.kube/config", 1),
    ("app/src/main/res/values/strings.xml", 1),
    ("dist/assets/index-§VITE§.js", 3),
    ("static/js/main.§HEX8§.chunk.js", 3),
    ("_next/static/chunks/pages/_app-§HEX16§.js", 2),
    # --- versions and build ids
    ("v§SEM§", 4),
    ("1.29.3-eks-§HEX7§", 2),
    ("Python 3.12.3", 1),
    ("node v20.12.2", 1),
    ("OpenSSL 3.0.13 30 Jan 2024 (Library: OpenSSL 3.0.13 30 Jan 2024)", 1),
    ("Client Version: v1.29.4\nKustomize Version: v5.0.4-0.20230601165947-6ce0bf390ce3", 1),
    ("go version go1.22.2 linux/amd64", 1),
    ("Terraform v1.8.2 on linux_amd64", 1),
    ("postgres (PostgreSQL) 16.2 (Debian 16.2-1.pgdg120+2)", 1),
    ("Linux build-7 5.15.0-105-generic #115-Ubuntu SMP x86_64 GNU/Linux", 1),
    ("1.0.0-beta.3+exp.sha.§HEX7§", 2),
    ("v0.0.0-20240513104207-§HEX12§", 3),
    ("Build #§N4§ (§HEX8§) succeeded in 4m12s", 3),
    ("build-20240513.§N1§", 2),
    ("GITHUB_RUN_ID=§N10§\nGITHUB_RUN_NUMBER=§N4§\nGITHUB_SHA=§HEX40§", 3),
    ("CODEBUILD_BUILD_ID=§REPO§-build:§UUID§", 2),
    ("image: ghcr.io/§ORG§/§REPO§:sha-§HEX7§", 3),
    ("Successfully built §HEX12§\nSuccessfully tagged §REPO§:latest", 2),
    ("=> writing image sha256:§HEX64§ done", 3),
    ("§HEX12§: Pull complete", 3),
    ("Digest: sha256:§HEX64§\nStatus: Downloaded newer image for nginx:1.27", 3),
    ("FROM python:3.12-slim@sha256:§HEX64§", 3),
    ("CONTAINER ID   IMAGE          STATUS\n§HEX12§   redis:7.2      Up 3 hours", 2),
    ("kubectl set image deploy/api api=§ORG§/api@sha256:§HEX64§", 2),
    ("buildkite agent i-0§HEX16§ picked up job §UUID§", 2),
    # --- placeholders
    ("${TOKEN}", 1), ("$GITHUB_TOKEN", 1), ("<your-api-key>", 1), ("YOUR_API_KEY_HERE", 1),
    ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 1), ("sk-...", 1),
    ("ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX", 1), ("AKIAXXXXXXXXXXXXXXXX", 1),
    ("password: changeme  # example only, see docs", 1),
    ("export OPENAI_API_KEY=<paste key here>", 1),
    ("STRIPE_SECRET_KEY=sk_test_...", 1),
    ("api_key = \"{{ api_key }}\"", 1),
    ("token: ${{ secrets.NPM_TOKEN }}", 1),
    ("password: \"{{ vault_db_password }}\"", 1),
    ("PASSWORD=%PASSWORD%", 1),
    ("--password=\"$(cat /run/secrets/db)\"", 1),
    ("DB_PASSWORD=", 1),
    ("token = var.cloudflare_api_token", 1),
    ("Authorization: Bearer <token>", 1),
    ("Authorization: Bearer $ACCESS_TOKEN", 1),
    ("-H \"PRIVATE-TOKEN: $GITLAB_TOKEN\"", 1),
    ("docker login -u \"$CI_REGISTRY_USER\" -p \"$CI_REGISTRY_PASSWORD\" \"$CI_REGISTRY\"", 1),
    ("echo \"$DOCKER_PASSWORD\" | docker login -u \"$DOCKER_USERNAME\" --password-stdin", 1),
    ("PGPASSWORD=\"$(vault kv get -field=password secret/db)\" psql -h db -U app", 1),
    ("curl -H \"Authorization: token ${GH_TOKEN}\" https://api.github.com/user", 1),
    ("aws_secret_access_key = {{ aws_secret }}", 1),
    ("SECRET_KEY=<generate with: openssl rand -hex 32>", 1),
    ("password = \"${var.db_password}\"", 1),
    ("\"apiKey\": \"YOUR_API_KEY\"", 1),
    ("client_secret: REPLACE_ME", 1),
    ("export ANTHROPIC_API_KEY=\"sk-ant-...\"", 1),
    ("Set HF_TOKEN to your Hugging Face token (hf_xxx...)", 1),
    ("password: <%= ENV['DB_PASSWORD'] %>", 1),
    ("spring.datasource.password=${DB_PASSWORD:}", 1),
    ("sk_live_<redacted>", 1),
    ("api-key: insert-key-here", 1),
    ("DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DBNAME", 1),
    ("mongodb+srv://<username>:<password>@cluster0.example.mongodb.net/", 1),
    ("https://<user>:<token>@github.com/<org>/<repo>.git", 1),
    ("-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----", 1),
    ("PrivateKey = <contents of privatekey file>", 1),
    # --- redacted values
    ("****", 1), ("********", 1), ("[REDACTED]", 1), ("<redacted>", 1), ("***REDACTED***", 1),
    ("sk_live_••••••••••••••••4242", 1),
    ("AWS Secret Access Key [****************§UP4§]:", 3),
    ("  Token: gho_************************************", 1),
    ("password=***", 1),
    ("Authorization: Bearer [FILTERED]", 1),
    ("X-Api-Key: <hidden>", 1),
    ("DATABASE_URL=postgres://app:*****@db:5432/app", 1),
    ("SECRET_KEY=********** (set)", 1),
    ("github_pat_11A…(truncated)", 1),
    ("value: REDACTED_BY_GITLEAKS", 1),
    ("      access_key     ****************§UP4§ shared-credentials-file\n      secret_key     ****************§UP4b§ shared-credentials-file", 3),
    ("Run ./deploy.sh\n  env:\n    STRIPE_KEY: ***\n    NPM_TOKEN: ***", 1),
    ("Password: ••••••••", 1),
    ("api_key=sk-proj-…", 1),
    ("✔ Rotated key (last 4: §UP4§)", 2),
    # --- public keys and certificates
    ("§EDPUB§ §P§@laptop", 4),
    ("§RSAPUB§ deploy@ci", 2),
    ("§ECPUB§ root@bastion", 2),
    ("github.com §EDPUB§", 2),
    ("command=\"/usr/local/bin/backup-only\",no-pty §EDPUB§ backup@nas", 2),
    ("-----BEGIN PUBLIC KEY-----\n§PUBPEM§\n-----END PUBLIC KEY-----", 3),
    ("-----BEGIN CERTIFICATE-----\n§CERTPEM§\n-----END CERTIFICATE-----", 3),
    ("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n§PGPPUB§\n-----END PGP PUBLIC KEY BLOCK-----", 2),
    ("-----BEGIN PGP SIGNATURE-----\n\n§PGPSIG§\n-----END PGP SIGNATURE-----", 2),
    ("# public key: §AGEPUB§", 3),
    ("age -r §AGEPUB§ -o secrets.enc secrets.txt", 2),
    ("[Peer]\nPublicKey = §WGPUB§\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.§ORG§.com:51820", 3),
    ("untrusted comment: minisign public key §HEXU16§\n§MINIPUB§", 2),
    ("{\"kty\":\"RSA\",\"e\":\"AQAB\",\"use\":\"sig\",\"kid\":\"§KID§\",\"alg\":\"RS256\",\"n\":\"§JWKN§\"}", 3),
    ("{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"§B64U_43§\",\"y\":\"§B64U_43b§\",\"use\":\"sig\",\"kid\":\"§KID§\"}", 2),
    ("selector1._domainkey.§ORG§.com. 300 IN TXT \"v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA§DKIM§\"", 2),
    ("§ORG§.com. 300 IN TXT \"google-site-verification=§B64U_43§\"", 2),
    ("_acme-challenge.§ORG§.com. 60 IN TXT \"§B64U_43§\"", 2),
    ("v=spf1 include:_spf.google.com include:sendgrid.net ~all", 1),
    ("v=DMARC1; p=quarantine; rua=mailto:dmarc@§ORG§.com; pct=100", 1),
    ("Ethereum address: 0x§HEX40§", 3),
    ("Transaction hash: 0x§HEX64§ (block 19854321)", 3),
    ("\"blockHash\": \"0x§HEX64§\"", 2),
    ("Send testnet funds to §BTCADDR§", 2),
    ("Solana wallet (public): §SOLADDR§", 2),
    ("Follow the bot on nostr: §NPUB§", 1),
    ("Onion service: §ONION§", 1),
    ("ipfs://§IPFS§", 2),
    ("https://ipfs.io/ipfs/§QM§", 2),
    # --- fingerprints
    ("256 §SSHFP§ §P§@laptop (ED25519)", 3),
    ("The key fingerprint is:\n§SSHFP§ deploy@ci\nThe key's randomart image is:", 3),
    ("RSA key fingerprint is MD5:§MD5FP§.", 2),
    ("sha256 Fingerprint=§SHA256FP§", 3),
    ("      Key fingerprint = §GPGFP§", 2),
    ("gpg: key §HEXU16§: public key \"§P§ <§P§@§ORG§.com>\" imported", 3),
    ("sec   ed25519/§HEXU16§ 2023-01-01 [SC] [expires: 2026-01-01]\n      §HEXU40§\nuid                 [ultimate] §P§ <§P§@§ORG§.com>\nssb   cv25519/§HEXU16b§ 2023-01-01 [E]", 3),
    ("Serial Number: 04:§HEX2§:§HEX2b§:§HEX2c§:§HEX2d§:§HEX2e§:§HEX2f§", 2),
    ("ssh-add -l\n256 §SSHFP§ §P§@work (ED25519)", 2),
    ("Apple Key ID: §UP10§ (App Store Connect API)", 2),
    ("private_key_id: §HEX40§ (used to look up the key, not the key itself)", 1),
    # --- docs text about passwords (multi-language)
    ("Set the database password via the DB_PASSWORD environment variable; never hard-code it.", 1),
    ("Passwords must be at least 12 characters long and contain a digit.", 1),
    ("Never commit API keys to the repository — use the secrets manager instead.", 1),
    ("Rotate the deploy token every 90 days.", 1),
    ("The token is shown only once after creation, so copy it to your password manager.", 1),
    ("If you lost your recovery codes, contact support to reset 2FA.", 1),
    ("Use --password-stdin instead of -p so the password does not end up in shell history.", 1),
    ("The API key is sent in the X-Api-Key header.", 1),
    ("Tokens expire after 1 hour; use the refresh token flow to obtain a new one.", 1),
    ("Das Passwort muss mindestens 12 Zeichen lang sein.", 1),
    ("Bitte das Kennwort niemals per E-Mail verschicken.", 1),
    ("Le mot de passe doit contenir au moins un chiffre et une majuscule.", 1),
    ("Ne partagez jamais votre clé d'API.", 1),
    ("La contraseña debe tener al menos 12 caracteres.", 1),
    ("No compartas tu token de acceso con nadie.", 1),
    ("A senha expira a cada 90 dias.", 1),
    ("La password deve essere cambiata al primo accesso.", 1),
    ("Het wachtwoord moet minimaal 12 tekens bevatten.", 1),
    ("Hasło musi mieć co najmniej 12 znaków.", 1),
    ("パスワードは12文字以上で設定してください。", 1),
    ("APIキーはリポジトリにコミットしないでください。", 1),
    ("密码长度至少为12位，且必须包含数字。", 1),
    ("请不要把访问令牌提交到代码仓库。", 1),
    ("Пароль должен содержать не менее 12 символов.", 1),
    ("비밀번호는 12자 이상이어야 합니다.", 1),
    ("I rotated the Stripe key and updated the secret in Vault; the old key is revoked.", 1),
    ("The staging DB password is stored in 1Password under \"Staging / Postgres\".", 1),
    ("Ask Dave for the Grafana admin password, it is not in the repo.", 1),
    ("Reset your password at https://id.§ORG§.com/reset", 2),
    ("Password reset link expires in 30 minutes.", 1),
    ("We use bcrypt with cost 12 for password hashing.", 1),
    ("Note: the API key in the screenshot was revoked before publishing.", 1),
    ("TODO: move the webhook secret to AWS Secrets Manager", 1),
    ("Found 3 potential secrets; all were false positives (test fixtures).", 1),
    ("The Authorization header must use the Bearer scheme.", 1),
    ("Passwort vergessen? Klicken Sie auf \"Zurücksetzen\".", 1),
    ("Mot de passe oublié ? Cliquez sur « Réinitialiser ».", 1),
    ("¿Olvidaste tu contraseña? Haz clic en \"Restablecer\".", 1),
    # --- env var names without values
    ("export AWS_SECRET_ACCESS_KEY", 1),
    ("unset GITHUB_TOKEN NPM_TOKEN", 1),
    ("Required environment variables: STRIPE_SECRET_KEY, DATABASE_URL, REDIS_URL", 1),
    ("if [ -z \"$NPM_TOKEN\" ]; then echo 'NPM_TOKEN not set'; exit 1; fi", 1),
    ("api_key = os.environ[\"OPENAI_API_KEY\"]", 1),
    ("const key = process.env.ANTHROPIC_API_KEY;", 1),
    ("- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db-creds\n      key: password", 1),
    ("env:\n  GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}", 1),
    ("secret = ENV['SECRET_KEY_BASE']", 1),
    ("String secret = System.getenv(\"JWT_SECRET\");", 1),
    ("key := os.Getenv(\"DD_API_KEY\")", 1),
    ("let token = std::env::var(\"HF_TOKEN\")?;", 1),
    ("printenv | grep -c TOKEN", 1),
    ("$env:AZURE_CLIENT_SECRET = $null", 1),
    ("envFrom:\n  - secretRef:\n      name: api-secrets", 1),
    ("echo \"::add-mask::$DEPLOY_KEY\"", 1),
    # --- code without secrets
    ("password = getpass.getpass(\"Password: \")", 1),
    ("const token = await getAccessToken(scopes);", 1),
    ("if password != confirm_password:\n    raise ValueError(\"passwords do not match\")", 1),
    ("hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))", 1),
    ("token = secrets.token_urlsafe(32)", 1),
    ("PASSWORD_MIN_LENGTH = 12", 1),
    ("response = client.messages.create(model=\"claude-sonnet-4\", max_tokens=4096, messages=msgs)", 1),
    ("key = request.headers.get(\"X-Api-Key\")", 1),
    ("SECRET_KEY = env(\"SECRET_KEY\")", 1),
    ("@Value(\"${jwt.secret}\")\nprivate String jwtSecret;", 1),
    ("client = OpenAI()  # reads OPENAI_API_KEY from the environment", 1),
    ("{\"token_type\": \"Bearer\", \"expires_in\": 3600, \"scope\": \"read write\"}", 1),
    ("usage: {\"prompt_tokens\": §N3§, \"completion_tokens\": §N3b§, \"total_tokens\": §N4§}", 3),
    ("def rotate_key(old_key_id: str) -> str:", 1),
    ("assert len(api_key) == 32, \"api key must be 32 chars\"", 1),
    ("password_hash = Column(String(128), nullable=False)", 1),
    ("private_key = load_pem_private_key(data, password=None)", 1),
    ("sig = hmac.new(secret, payload, hashlib.sha256).hexdigest()", 1),
    ("headers[\"Authorization\"] = f\"Bearer {token}\"", 1),
    ("Stripe::Charge.retrieve(\"§STRIPEID§\")", 3),
    ("customer: §CUSID§", 3),
    ("Request-Id: §REQID§", 3),
    ("Twilio message §TWSM§ queued", 3),
    ("\"UserId\": \"§AIDA§\",\n\"Account\": \"§N12§\",\n\"Arn\": \"arn:aws:iam::§N12§:user/ci-bot\"", 3),
    ("\"AssumedRoleUser\": {\"AssumedRoleId\": \"§AROA§:ci\"}", 2),
    # --- config without secrets
    ("password_file = /run/secrets/pg_pass", 1),
    ("auth_basic_user_file /etc/nginx/.htpasswd;", 1),
    ("IdentityFile ~/.ssh/id_ed25519", 1),
    ("ssl_certificate_key /etc/ssl/private/api.key;", 1),
    ("[credential]\n\thelper = osxkeychain", 1),
    ("{\"credsStore\": \"desktop\"}", 1),
    ("token_ttl = \"768h\"", 1),
    ("password_encryption = scram-sha-256", 1),
    ("PasswordAuthentication no\nPermitRootLogin prohibit-password", 1),
    ("security:\n  keyFile: /etc/mongo/keyfile", 1),
    ("vault_addr = \"https://vault.§ORG§.io:8200\"", 2),
    ("max_tokens: 4096\ntemperature: 0.2", 1),
    ("session_timeout: 30m\nremember_me: true", 1),
    ("jwt:\n  issuer: https://auth.§ORG§.io\n  audience: api\n  algorithms: [RS256]", 2),
    ("secretName: api-tls", 1),
    ("kind: SealedSecret\nspec:\n  template:\n    metadata:\n      name: db-creds", 1),
    ("ServerAliveInterval 60\nHostKeyAlgorithms +ssh-rsa", 1),
    ("allowed_origins = [\"https://app.§ORG§.com\"]", 2),
    # --- terminal output without secrets
    ("$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account §P§ (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo'", 2),
    ("$ kubectl describe secret db-creds\nName:         db-creds\nNamespace:    prod\nType:  Opaque\n\nData\n====\npassword:  24 bytes\nusername:  6 bytes", 2),
    ("$ kubectl get secrets\nNAME              TYPE                             DATA   AGE\ndb-creds          Opaque                           2      41d\nregcred           kubernetes.io/dockerconfigjson   1      12d", 1),
    ("$ vault status\nKey             Value\n---             -----\nSeal Type       shamir\nInitialized     true\nSealed          false\nVersion         1.16.2\nCluster ID      §UUID§", 2),
    ("$ docker login ghcr.io\nAuthenticating with existing credentials...\nLogin Succeeded", 1),
    ("$ npm whoami\n§P§", 2),
    ("$ op whoami\nURL:        https://my.1password.com\nEmail:      §P§@§ORG§.com\nUser ID:    §UP26§", 2),
    ("$ az account show --query id -o tsv\n§UUID§", 2),
    ("$ gcloud config list\n[core]\naccount = §P§@§ORG§.com\nproject = §ORG§-prod-§N6§", 2),
    ("$ aws sts get-caller-identity --query Account --output text\n§N12§", 2),
    ("$ ssh-keygen -t ed25519 -C \"§P§@§ORG§.com\"\nGenerating public/private ed25519 key pair.\nYour identification has been saved in /home/§P§/.ssh/id_ed25519\nYour public key has been saved in /home/§P§/.ssh/id_ed25519.pub", 2),
    ("$ openssl x509 -in cert.pem -noout -subject -enddate\nsubject=CN = api.§ORG§.com\nnotAfter=Aug 11 23:59:59 2024 GMT", 2),
    ("Vault password: \nDecryption successful", 1),
    ("Enter passphrase for key '/home/§P§/.ssh/id_ed25519':", 2),
    ("[sudo] password for §U§:", 2),
    ("Password for 'https://§P§@github.com':", 2),
    ("error: authentication failed for 'https://github.com/§ORG§/§REPO§.git/'", 2),
    ("401 Unauthorized: Bad credentials", 1),
    ("ERROR: invalid api key provided (key ending in …§B62_4§)", 2),
    ("auth: login failed for user 'app' (reason: password mismatch)", 1),
    ("WARN token for ci-bot expires in 6 days", 1),
    ("Secret \"db-creds\" created", 1),
    ("Successfully stored secret 'prod/db' version §UUID§", 2),
    ("00000000: 7f45 4c46 0201 0100 0000 0000 0000 0000  .ELF............\n00000010: §XXD§  ................", 2),
    # --- colors, css
    ("color: §COLOR§;", 4),
    ("background: linear-gradient(90deg, §COLOR§ 0%, §COLORb§ 100%);", 3),
    ("--brand-primary: §COLOR§;", 3),
    ("rgba(15, 23, 42, 0.8)", 1),
    ("hsl(222.2 84% 4.9%)", 1),
    ("className=\"bg-[§COLOR§] text-white\"", 2),
    ("<path fill=\"§COLOR§\" d=\"M0 0h24v24H0z\"/>", 2),
    ("theme_color: '§COLOR§'", 2),
    ("._button_§LOW5§_12 { border-radius: 4px }", 2),
    # --- integrity, lockfiles
    ("\"integrity\": \"sha512-§SRI512§\"", 4),
    ("<script src=\"https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.bundle.min.js\" integrity=\"sha384-§SRI384§\" crossorigin=\"anonymous\"></script>", 3),
    ("resolved \"https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#§HEX40§\"", 2),
    ("npm notice shasum:      §HEX40§\nnpm notice integrity:   sha512-§B64_20§[...]§B64_6§==", 3),
    ("resolution: {integrity: sha512-§SRI512§}", 2),
    ("\"sha\": \"§HEX40§\", \"path\": \"package.json\"", 2),
    ("cache key: Linux-node-modules-§HEX64§", 3),
    ("Restored cache from key: pip-§HEX64§", 2),
    # --- cloud resource ids and object keys
    ("arn:aws:iam::§N12§:role/ci-deployer", 3),
    ("arn:aws:kms:eu-west-1:§N12§:key/§UUID§", 3),
    ("i-0§HEX16§", 3),
    ("vpc-0§HEX16§ / subnet-0§HEX16b§ / sg-0§HEX16c§", 3),
    ("ami-0§HEX16§", 2),
    ("projects/§ORG§-prod-§N6§/locations/europe-west1/services/api", 2),
    ("ocid1.instance.oc1.eu-frankfurt-1.§LOW60§", 2),
    ("s3://§ORG§-uploads/2024/05/13/§HEX64§.png", 3),
    ("uploads/avatars/§UUID§/original.jpg", 3),
    ("s3://§ORG§-logs/AWSLogs/§N12§/CloudTrail/eu-west-1/2024/05/13/§N12b§_CloudTrail_eu-west-1_20240513T1015Z_§B62_16§.json.gz", 3),
    ("gs://§ORG§-artifacts/builds/§HEX40§/app.tar.gz", 3),
    ("https://§ORG§-assets.s3.amazonaws.com/static/js/main.§HEX8§.chunk.js", 2),
    ("ci-deployer@§ORG§-prod.iam.gserviceaccount.com", 2),
    ("client_id=§GCID§", 3),
    ("https://docs.google.com/document/d/§GDOC§/edit", 3),
    ("https://www.figma.com/file/§B62_22§/Design-System", 2),
    ("https://www.notion.so/§ORG§/Runbook-§HEX32§", 2),
    ("Airtable base: app§B62_14§ / table tbl§B62_14b§", 2),
    ("https://youtu.be/§YTID§", 2),
    ("mongo _id: ObjectId(\"§HEX24§\")", 3),
    ("Slack channel C0§UP9§ (user U0§UP9b§)", 2),
    ("Discord guild id §N18§", 2),
    ("gid://shopify/Product/§N13§", 2),
    ("Jira: PLAT-§N4§", 2),
    ("https://§REPO§-§HEX9§-§ORG§.vercel.app", 2),
    ("Netlify deploy id §HEX24§", 2),
    ("Sentry DSN (public, safe for the browser): https://§HEX32§@o§N6§.ingest.sentry.io/§N7§", 2),
    ("NEXT_PUBLIC_SUPABASE_URL=https://§LOW20§.supabase.co", 2),
    ("publishable key: §PKLIVE§", 2),
    ("NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=§CLERKPK§", 2),
    ("mapboxgl.accessToken = '§MAPBOXPK§'; // public token, URL-restricted", 2),
    ("posthog.init('§PHC§', { api_host: 'https://eu.posthog.com' })", 2),
    ("data-sitekey=\"§RECAPTCHA§\"", 2),
    ("gtag('config', 'G-§UP10§');", 2),
    ("LaunchDarkly clientSideID: §HEX24§", 2),
    # --- numbers, dates, misc identifiers
    ("§ISO§", 3), ("1715596927", 1), ("1715596927123", 1), ("Mon, 13 May 2024 10:42:07 GMT", 1),
    ("+49 30 12345678", 1), ("port 5432", 1), ("0x7ffeefbff5c8", 1), ("CVE-2024-3094", 1),
    ("ISBN 978-3-16-148410-0", 1), ("PR #12345 merged", 1), ("Order #§N9§ shipped", 2),
    ("p99 latency 412ms, error rate 0.03%", 1), ("§MAC§", 2), ("§IPV6§", 2), ("§PUBIP§:443", 2),
    ("Invoice INV-2024-§N6§ total 1,299.00 EUR", 2),
    ("Page 3 of 17", 1), ("version: 3.8", 1), ("uptime 41 days, 3:22", 1),
    ("Go build ID: \"§B64U_20§/§B64U_20b§/§B64U_20c§/§B64U_20d§\"", 2),
    ("Turbo cache hit, replaying logs §HEX16§", 2),
    ("lock file: pnpm-lock.yaml (lockfileVersion: '9.0')", 1),
    ("Bazel action key §HEX64§", 1),
]


def _build_benign():
    out = []
    seen = set()
    for tmpl, n in _BENIGN_T:
        for _ in range(n):
            s = _fill(tmpl, {})
            if s not in seen:
                seen.add(s)
                out.append(s)
    return out


# ---------------------------------------------------------------------------
# assembly
# ---------------------------------------------------------------------------
def _build_secrets():
    _emit_vendor_tokens()
    _emit_vendor_headers()
    _table("http-header", _HTTP)
    _table("cli-argument", _CLI, 2)
    _table("terminal-session", _TERM, 2)
    _table("config-line", _CONFIG, 2)
    _table("credential-file", _CRED, 2)
    _table("connection-string", _CONN)
    _table("code-literal", _CODE, 2)
    _table("private-key", _PKEY)
    _table("id-beside-secret", _IDSEC)
    _table("internal-token", _INTERNAL)
    _emit_prose()
    return list(_OUT)


def _clean_benign(benign, secrets):
    vals = [s[3] for s in secrets]
    return [b for b in benign if not any(v in b for v in vals)]


SECRETS = _build_secrets()
BENIGN = _clean_benign(_build_benign(), SECRETS)
