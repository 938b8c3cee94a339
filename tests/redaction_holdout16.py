"""Holdout corpus #16 for a free-text secret-redaction engine.

What it is
    A labelled test corpus of strings that a coding agent might record in its
    saved working state (goal, notes, commands it ran, excerpts of files and
    tool output, decisions, next steps).  The theme is long debugging and
    operations sessions in less common settings: payment back offices,
    HL7/FHIR integrations, IoT firmware and device provisioning, game studio
    build farms and anti-cheat, notebooks and ML ops, security engineering and
    pentest notes, mobile release pipelines, telecom/VoIP, mainframe and
    AS/400, Slurm/HPC clusters, e-commerce platforms and on-prem enterprise
    software (LDAP, Kerberos, SAP, Oracle, SharePoint).

Written blind
    The corpus was written from general knowledge of what real credentials
    and real engineering text look like, without looking at the engine's
    rules, its tests, or any other corpus.

SECRETS
    A list of 5-tuples ``(group, format, text, secret, visible)``.
    ``text`` is the string as the agent would record it, ``secret`` is the
    exact contiguous substring of ``text`` that must not survive redaction
    (for private keys only the base64 body, for signed URLs only the
    signature, for user:password pairs and connection strings only the
    password), and ``visible`` is a short label that should stay readable
    (or "").  ``format`` is a kebab-case name of the shape; no format is used
    more than three times.

BENIGN
    A list of strings with no secret in them that still look like secrets to
    a naive scanner: commit SHAs, UUIDs, digests, lockfile integrity hashes,
    public keys and fingerprints, request and trace ids, placeholders,
    references to where a secret is stored, fixtures marked fake, base64 of
    ordinary text, hashed asset names, password policies and error messages.

Group shares (of about 1,600 secrets)
    command 14%, tool-output 16%, config-file 16%, source-code 14%,
    stack-trace-or-log 10%, note-or-chat 12% (about a third not in English),
    ci-and-deploy 10%, vendor-token 8%.

All values are synthetic: every token, key, password and id is produced by a
single ``random.Random(1618)`` with the shape, prefix and length of the real
thing.  None of them is a real credential.  The module is deterministic and
prints nothing on import.

It measured 0.914 recall and 3.9% false positives blind, and is regression
data now (tests/test_redaction_holdouts_recent.py holds its recall per group and
its false positives).
"""
import base64
import hashlib
import json
import random
import string

__all__ = ["SECRETS", "BENIGN"]

_R = random.Random(1618)

_LOW = string.ascii_lowercase
_UP = string.ascii_uppercase
_DIG = string.digits
_HEX = "0123456789abcdef"
_B62 = _UP + _LOW + _DIG
_B64U = _B62 + "-_"
_B64 = _B62 + "+/"
_B32L = "abcdefghijklmnopqrstuvwxyz234567"
_B32U = _B32L.upper()
_BECH = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
_SYM = "!@%*-_+=.~^"


# ---------------------------------------------------------------- primitives

def _rs(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _hx(n):
    return _rs(_HEX, n)


def _HX(n):
    return _rs(_HEX.upper(), n)


def _b62(n):
    return _rs(_B62, n)


def _b64u(n):
    return _rs(_B64U, n)


def _dig(n):
    return str(_R.randint(1, 9)) + _rs(_DIG, n - 1)


def _ua(n):
    return _rs(_UP + _DIG, n)


def _la(n):
    return _rs(_LOW + _DIG, n)


def _bytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64b(nbytes):
    return base64.b64encode(_bytes(nbytes)).decode()


def _b64raw(n):
    return _rs(_B64, n)


def _uuid():
    h = _hx(32)
    h = h[:12] + "4" + h[13:16] + _R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _pick(seq):
    return _R.choice(seq)


def _ri(a, b):
    return _R.randint(a, b)


def _b64url_json(obj):
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _jwt(iss=None, sub=None, aud=None, extra=None, alg="HS256"):
    now = _ri(1690000000, 1740000000)
    payload = {"iss": iss or "https://auth.example-idp.net/",
               "sub": sub or _uuid(), "aud": aud or "api", "iat": now,
               "exp": now + _pick([900, 3600, 86400, 604800])}
    if extra:
        payload.update(extra)
    head = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        head["kid"] = _b64u(22)
    sig = _b64u(43 if alg in ("HS256", "ES256") else 342)
    return _b64url_json(head) + "." + _b64url_json(payload) + "." + sig


def _wrap(s, width=64):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


# DER prefixes so that key bodies start the way real ones do
_RSA2048_PKCS8 = bytes.fromhex("308204be020100300d06092a864886f70d0101010500048204a8308204a40201000282010100")
_RSA2048_PKCS1 = bytes.fromhex("308204a40201000282010100")
_EC_P256 = bytes.fromhex("30770201010420")
_EC_TAIL = bytes.fromhex("a00a06082a8648ce3d030107a144034200")
_P8_EC = bytes.fromhex("308193020100301306072a8648ce3d020106082a8648ce3d030107047930770201010420")
_ED25519_PKCS8 = bytes.fromhex("302e020100300506032b657004220420")


def _key_rsa_pkcs8():
    return _wrap(base64.b64encode(_RSA2048_PKCS8 + _bytes(1218 - len(_RSA2048_PKCS8))).decode())


def _key_rsa_pkcs1():
    return _wrap(base64.b64encode(_RSA2048_PKCS1 + _bytes(1191 - len(_RSA2048_PKCS1))).decode())


def _key_ec():
    raw = _EC_P256 + _bytes(32) + _EC_TAIL + b"\x04" + _bytes(64)
    return _wrap(base64.b64encode(raw).decode())


def _key_p8():
    raw = _P8_EC + _bytes(32) + _EC_TAIL + b"\x04" + _bytes(64)
    return _wrap(base64.b64encode(raw).decode())


def _key_ed25519():
    return base64.b64encode(_ED25519_PKCS8 + _bytes(32)).decode()


def _key_openssh():
    comment = (_user() + "@" + _pick(["buildfarm", "hpc-login1", "jumpbox", "fw-lab"])).encode()
    pub = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + _bytes(32)
    chk = _bytes(4)
    priv = (chk + chk + pub + b"\x00\x00\x00\x40" + _bytes(64) +
            len(comment).to_bytes(4, "big") + comment)
    pad = bytes(range(1, 1 + (8 - len(priv) % 8) % 8))
    priv += pad
    raw = (b"openssh-key-v1\x00" + b"\x00\x00\x00\x04none" + b"\x00\x00\x00\x04none" +
           b"\x00\x00\x00\x00" + b"\x00\x00\x00\x01" + len(pub).to_bytes(4, "big") + pub +
           len(priv).to_bytes(4, "big") + priv)
    return _wrap(base64.b64encode(raw).decode(), 70)


# ------------------------------------------------------------ passwords etc.

_WORDS = """anchor amber basil birch canyon cobalt copper cedar delta ember falcon
fennel fjord garnet gravel harbor hazel indigo juniper kettle lantern maple marble
meadow mosaic nectar nutmeg orbit otter pebble pepper quartz quill raven ribbon
saffron salmon spruce tundra tulip umber velvet walnut willow yarrow zephyr
badger bramble cinder dune estuary flint glacier heron islet jasper kelp lichen
magpie nimbus oriole prairie quokka reef sorrel thistle upland vireo wren
acorn bison clover drizzle egret ferret gecko hollow iris jackal koala lagoon""".split()

_FIRST = ["anna", "ben", "chiara", "dmitri", "elif", "farid", "grace", "hiro", "ines",
          "jonas", "kasia", "lena", "marco", "nadia", "oskar", "priya", "quentin",
          "rosa", "sven", "tomasz", "uma", "viktor", "wen", "yusuf", "zoe", "aiko",
          "bruno", "carmen", "diego", "emre", "fatima", "gustav", "hana", "ivan", "jae"]
_LAST = ["okafor", "kowalski", "moreau", "tanaka", "schmidt", "rossi", "novak", "silva",
         "haddad", "lindqvist", "petrov", "garcia", "nguyen", "dubois", "muller",
         "kim", "oliveira", "fischer", "ivanova", "brennan", "castillo", "yamada"]


def _user():
    f, l = _pick(_FIRST), _pick(_LAST)
    return _pick([f + "." + l, f[0] + l, f + "_" + l[:3], l + f[0]])


def _name():
    return _pick(_FIRST).capitalize() + " " + _pick(_LAST).capitalize()


def _pw_human():
    w1, w2 = _pick(_WORDS), _pick(_WORDS)
    form = _ri(0, 4)
    if form == 0:
        return w1.capitalize() + _pick("!@%*") + str(_ri(1000, 9999)) + w2
    if form == 1:
        return w1.capitalize() + w2.capitalize() + str(_ri(10, 99)) + _pick("!*#")
    if form == 2:
        return w1[:4].capitalize() + str(_ri(100, 999)) + _pick("@%_") + w2.upper()[:5] + str(_ri(1, 9))
    if form == 3:
        return _pick(["Spring", "Summer", "Autumn", "Winter"]) + str(_ri(2023, 2026)) + _pick("!@#") + w1.capitalize()
    return w1.capitalize() + "_" + str(_ri(10, 99)) + "_" + w2.capitalize() + _pick("!#")


def _pw_rand(n=None, syms=_SYM):
    n = n or _ri(14, 26)
    while True:
        s = _rs(_UP, 1) + _rs(_B62 + syms, n - 2) + _rs(_B62, 1)
        if any(c in _DIG for c in s) and any(c in _LOW for c in s):
            return s


def _pw_safe(n=None):
    """Password without shell/URL/XML specials."""
    return _pw_rand(n, "-_.")


def _pw(n=None):
    return _pw_human() if _R.random() < 0.45 else _pw_rand(n)


def _phrase(k=None, sep=None):
    k = k or _ri(4, 6)
    sep = sep if sep is not None else _pick(["-", " ", ".", "_"])
    return sep.join(_pick(_WORDS) for _ in range(k))


def _upw8():
    while True:
        s = _rs(_UP, 1) + _rs(_UP + _DIG, 7)
        if any(c in _DIG for c in s):
            return s


def _app_pw():
    return "-".join(_rs(_LOW, 4) for _ in range(4))


# ------------------------------------------------------------------ context

_DOMS = {
    "fin": ["kestrelpay.io", "ledgerline.bank", "northvale-fs.com", "tallyhq.net"],
    "health": ["orchard-health.org", "stmarys-hie.net", "clearpath-med.com"],
    "iot": ["brightfield-iot.com", "hearthsense.io", "tidewater-devices.net"],
    "game": ["ironlantern.games", "polyhedra-studio.com", "nightjar-interactive.net"],
    "ml": ["tessellate.ai", "quarrylabs.ml", "fernwood-analytics.com"],
    "sec": ["redline-sec.io", "bastion-labs.net"],
    "mobile": ["pocketfold.app", "trailmix-mobile.com"],
    "tel": ["bluecrest-tel.net", "voxharbor.com", "relaycall.io"],
    "main": ["harbor-mutual.com", "granite-insurance.com"],
    "hpc": ["hpc.uni-lindenau.de", "cluster.ridgefield.edu"],
    "shop": ["mapleandmoss.shop", "cobaltcart.com", "thriftwell.store"],
    "ent": ["meridian.local", "corp.halvorsen.net", "ad.brookfield-energy.com"],
    "cloud": ["quillstack.dev", "northwind-ops.net", "acme-platform.io"],
}
_HOSTP = {
    "fin": ["ledger", "settle", "recon", "payout", "kyc", "cards", "fx"],
    "health": ["fhir", "mirth", "hl7-gw", "ehr-int", "pacs", "lab-feed"],
    "iot": ["mqtt", "prov", "ota", "fleet", "gw"],
    "game": ["build", "p4", "ddc", "horde", "symbols", "matchmaker"],
    "ml": ["mlflow", "feast", "jhub", "registry", "trainer", "label"],
    "sec": ["c2-lab", "kali", "scanner", "vuln"],
    "mobile": ["mac-mini", "ci-ios", "ci-android"],
    "tel": ["sbc", "pbx", "sip", "smsc", "media"],
    "main": ["mvs", "lpar", "as400", "mqhub", "cd"],
    "hpc": ["login", "slurmctl", "dtn", "irods", "ood"],
    "shop": ["shop", "checkout", "catalog", "erp-sync", "search"],
    "ent": ["dc", "sap-qas", "ora", "sp", "ldap", "adfs"],
    "cloud": ["api", "worker", "edge", "vault", "bastion"],
}


def _dom(d):
    return _pick(_DOMS[d])


def _host(d="cloud"):
    return "%s-%02d.%s.%s" % (_pick(_HOSTP[d]), _ri(1, 24), _pick(["int", "prod", "stg", "dc1", "eu1"]), _dom(d))


def _short(d="cloud"):
    return "%s%02d" % (_pick(_HOSTP[d]).replace("-", ""), _ri(1, 12))


def _ip():
    return "10.%d.%d.%d" % (_ri(0, 254), _ri(0, 254), _ri(2, 250))


def _port():
    return _pick([443, 8443, 5432, 3306, 1521, 5671, 8883, 2575, 5061, 8080, 9443, 6379])


def _ts():
    return "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
        _pick([2023, 2024, 2025]), _ri(1, 12), _ri(1, 28), _ri(0, 23), _ri(0, 59), _ri(0, 59), _ri(0, 999))


def _ts2():
    return "%04d-%02d-%02d %02d:%02d:%02d" % (
        _pick([2023, 2024, 2025]), _ri(1, 12), _ri(1, 28), _ri(0, 23), _ri(0, 59), _ri(0, 59))


def _date():
    return "%04d-%02d-%02d" % (_pick([2023, 2024, 2025]), _ri(1, 12), _ri(1, 28))


def _hhmm():
    return "%02d:%02d" % (_ri(6, 23), _ri(0, 59))


def _reqid():
    return _pick(["req_" + _b62(14), _uuid(), _hx(32), "rq-" + _la(12)])


def _sha():
    return _hx(40)


def _prompt(d="cloud"):
    return _pick(["$ ", "%s@%s:~$ " % (_user().split(".")[0], _short(d)), "[%s %s]$ " % (_user().split(".")[0], _short(d)),
                  "root@%s:~# " % _short(d), "%s:~/src %% " % _short(d), "(venv) $ "])


def _region():
    return _pick(["eu-central-1", "us-east-1", "eu-west-1", "ap-northeast-1", "us-west-2"])


def _ticket():
    return "%s-%d" % (_pick(["PAY", "OPS", "INT", "FW", "BLD", "MLO", "SEC", "REL", "VOIP", "MF", "HPC", "SHOP", "IAM"]), _ri(100, 9999))


# ------------------------------------------------------------ token shapes

def _t_stripe_sk():
    return "sk_live_" + _b62(_pick([24, 99]))


def _t_adyen():
    return "AQE" + _rs(_B62, 2) + "hmfx" + _b62(48) + "==-" + _b62(40) + "+" + _b62(3) + "=-" + _b62(16)


def _t_braintree():
    return "access_token$production$" + _la(16) + "$" + _hx(32)


def _t_neptune():
    obj = {"api_address": "https://app.neptune.ai", "api_url": "https://app.neptune.ai", "api_key": _uuid()}
    return base64.b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def _t_openai():
    return "sk-proj-" + _b64u(74) + "T3BlbkFJ" + _b64u(74)


def _t_anthropic():
    return "sk-ant-api03-" + _b64u(93) + "AA"


def _t_discord():
    ident = str(_ri(10 ** 17, 10 ** 18 - 1)).encode()
    return base64.b64encode(ident).decode().rstrip("=") + "." + _b64u(6) + "." + _b64u(38)


def _t_fcm():
    return "AAAA" + _b64u(7) + ":APA91b" + _b64u(134)


def _t_telnyx():
    return "KEY" + _ua(32) + "_" + _b62(22)


def _t_azure_ad():
    return _rs(_B62 + "~._-", 3) + "8Q~" + _rs(_B62 + "~._-", 34)


def _t_artifactory():
    raw = "reftkn:01:%d:%s" % (_ri(1700000000, 1800000000), _b62(27))
    return base64.b64encode(raw.encode()).decode().rstrip("=")


def _t_vault():
    if _R.random() < 0.5:
        return "hvs." + _b62(24)
    return "hvs.CAESI" + _b64u(82)


def _t_aws_secret():
    while True:
        s = _rs(_B64, 40)
        if "/" in s or "+" in s:
            return s


def _t_gh_fine():
    return "github_pat_11" + _ua(20) + "_" + _b62(59)


def _t_slack_bot():
    return "xoxb-%s-%s-%s" % (_dig(12), _dig(13), _b62(24))


def _t_slack_user():
    return "xoxp-%s-%s-%s-%s" % (_dig(12), _dig(12), _dig(13), _hx(32))


def _t_pypi():
    return "pypi-AgEIcHlwaS5vcmcCJD" + _b64u(140)


def _t_tfc():
    return _b62(14) + ".atlasv1." + _b64u(67)


def _t_atlassian():
    while True:
        s = "ATATT3xFfGF0" + _b64u(180)
        if "-" in s or "_" in s:
            return s + "=" + _HX(8)


def _t_mapbox():
    return "sk." + _b64url_json({"u": _user().replace(".", ""), "a": _la(25)}) + "." + _b64u(22)


def _t_unity():
    return "E3-" + "-".join(_ua(4) for _ in range(5))


def _t_onepass():
    body = _b64url_json({"signInAddress": "my.1password.com", "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256",
                         "iterations": 650000, "salt": _b64u(22)}, "email": _la(12) + "@" + _la(13) + ".1passwordserviceaccounts.com",
                         "srpX": _hx(64), "muk": {"alg": "A256GCM", "ext": True, "k": _b64u(43), "kty": "oct"}, "secretKey": "A3-" + _ua(6) + "-" + _ua(11)})
    return "ops_" + body


def _t_sentry():
    return "sntryu_" + _hx(64)


def _t_grafana_cloud():
    body = _b64url_json({"o": str(_ri(100000, 999999)), "n": "stack-" + _dig(6) + "-hm-read", "k": _b62(24), "m": {"r": "prod-eu-west-0"}})
    return "glc_" + body


def _t_ngrok():
    return "2" + _b62(26) + "_" + _b62(21)


def _t_pinecone():
    return "pcsk_" + _b62(5) + "_" + _b62(63)


def _t_tailscale():
    return "tskey-auth-k" + _b62(11) + "CNTRL-" + _b62(33)


def _t_doppler():
    return "dp.st.prd." + _b62(43)


def _t_fb_refresh():
    return "1//0" + _b64u(99)


def _t_glsa():
    return "glsa_" + _b62(32) + "_" + _hx(8)


def _t_azure_storage():
    return _b64b(64)


def _t_racf_phrase():
    return " ".join(_pick(_WORDS) for _ in range(_ri(3, 4))) + " " + str(_ri(10, 99))


class _Kind(object):
    __slots__ = ("id", "label", "env", "key", "dom", "gen", "comp", "pw")

    def __init__(self, kid, label, env, key, dom, gen, comp=None, pw=False):
        self.id, self.label, self.env, self.key, self.dom = kid, label, env, key, dom
        self.gen, self.comp, self.pw = gen, comp, pw


def _c_aws():
    return [("AWS_ACCESS_KEY_ID", "aws_access_key_id", "AKIA" + _ua(16))]


def _c_twilio():
    return [("TWILIO_ACCOUNT_SID", "account_sid", "AC" + _hx(32))]


def _c_twilio_sk():
    return [("TWILIO_API_KEY_SID", "api_key_sid", "SK" + _hx(32))]


def _c_user(env, key, dom=None):
    def f():
        return [(env, key, _pick(["svc_", "app_", "int_", ""]) + _pick(["ledger", "mirth", "fleet", "build", "mlflow", "sip", "batch", "shop", "ldap"]) + _pick(["", "_rw", "01", "_prod"]))]
    return f


def _c_clientid(env, key, shape):
    def f():
        return [(env, key, shape())]
    return f


_KINDS = [
    # payments / fintech
    _Kind("stripe-secret-key", "Stripe secret key", "STRIPE_SECRET_KEY", "secret_key", "fin", _t_stripe_sk),
    _Kind("stripe-restricted-key", "Stripe restricted key", "STRIPE_RESTRICTED_KEY", "restricted_key", "fin", lambda: "rk_live_" + _b62(99)),
    _Kind("stripe-webhook-secret", "Stripe webhook signing secret", "STRIPE_WEBHOOK_SECRET", "webhook_secret", "fin", lambda: "whsec_" + _b62(32)),
    _Kind("adyen-api-key", "Adyen API key", "ADYEN_API_KEY", "api_key", "fin", _t_adyen),
    _Kind("braintree-access-token", "Braintree access token", "BRAINTREE_ACCESS_TOKEN", "access_token", "fin", _t_braintree),
    _Kind("square-access-token", "Square access token", "SQUARE_ACCESS_TOKEN", "access_token", "fin", lambda: "EAAA" + _b64u(60)),
    _Kind("paypal-client-secret", "PayPal client secret", "PAYPAL_CLIENT_SECRET", "client_secret", "fin", lambda: "E" + _b64u(79),
          _c_clientid("PAYPAL_CLIENT_ID", "client_id", lambda: "A" + _b64u(79))),
    _Kind("plaid-secret", "Plaid secret", "PLAID_SECRET", "secret", "fin", lambda: _hx(30),
          _c_clientid("PLAID_CLIENT_ID", "client_id", lambda: _hx(24))),
    _Kind("gocardless-token", "GoCardless access token", "GOCARDLESS_ACCESS_TOKEN", "access_token", "fin", lambda: "live_" + _b64u(40)),
    _Kind("mollie-api-key", "Mollie API key", "MOLLIE_API_KEY", "api_key", "fin", lambda: "live_" + _b62(30)),
    _Kind("razorpay-key-secret", "Razorpay key secret", "RAZORPAY_KEY_SECRET", "key_secret", "fin", lambda: _b62(24),
          _c_clientid("RAZORPAY_KEY_ID", "key_id", lambda: "rzp_live_" + _b62(14))),
    _Kind("wise-api-token", "Wise API token", "WISE_API_TOKEN", "api_token", "fin", _uuid),
    _Kind("checkout-secret-key", "Checkout.com secret key", "CKO_SECRET_KEY", "secret_key", "fin", lambda: "sk_" + _la(26) + _pick(["", "", "_"]) + _la(4)),
    _Kind("ledgerline-api-key", "Ledgerline core-banking API key", "LEDGERLINE_API_KEY", "api_key", "fin", lambda: "llk_prod_" + _rs(_B32L, 40)),
    _Kind("tessera-vault-key", "Tessera card-vault key", "TESSERA_VAULT_KEY", "vault_key", "fin", lambda: "tsv_live_" + _b62(32) + "_" + _hx(8)),
    _Kind("klarna-api-password", "Klarna API password", "KLARNA_API_PASSWORD", "api_password", "fin", lambda: "klarna_live_api_" + _b64u(40),
          _c_clientid("KLARNA_API_USERNAME", "api_username", lambda: "K" + _dig(6) + "_" + _hx(12))),
    _Kind("fix-session-password", "FIX session logon password", "FIX_PASSWORD", "Password", "fin", lambda: _pw_safe(12), pw=True),
    _Kind("swift-hsm-pin", "HSM partition PIN", "HSM_PARTITION_PIN", "partition_pin", "fin", lambda: _dig(_pick([8, 10, 12])), pw=True),
    # healthcare
    _Kind("redox-api-secret", "Redox source secret", "REDOX_SOURCE_SECRET", "source_secret", "health", lambda: _b62(32),
          _c_clientid("REDOX_API_KEY_ID", "api_key_id", _uuid)),
    _Kind("medplum-client-secret", "Medplum client secret", "MEDPLUM_CLIENT_SECRET", "client_secret", "health", lambda: _hx(64),
          _c_clientid("MEDPLUM_CLIENT_ID", "client_id", _uuid)),
    _Kind("mirth-db-password", "Mirth Connect database password", "MIRTH_DB_PASSWORD", "database.password", "health", _pw_safe, pw=True),
    _Kind("healthgorilla-secret", "Health Gorilla client secret", "HG_CLIENT_SECRET", "client_secret", "health", lambda: _b62(40)),
    _Kind("caduceus-hie-token", "Caduceus HIE bearer token", "CADUCEUS_TOKEN", "bearer_token", "health", lambda: "cdx1." + _b64u(22) + "." + _b64u(43)),
    _Kind("fhir-basic-password", "FHIR server basic-auth password", "FHIR_PASSWORD", "password", "health", _pw_safe, _c_user("FHIR_USERNAME", "username"), pw=True),
    _Kind("hl7-keystore-password", "MLLP TLS keystore password", "MLLP_KEYSTORE_PASSWORD", "keystore_password", "health", _pw_safe, pw=True),
    # iot
    _Kind("wifi-psk", "Wi-Fi PSK", "WIFI_PSK", "wifi_psk", "iot", lambda: _pick([_phrase(4, "-"), _pw_safe(16), _phrase(3, "") + str(_ri(10, 99))]), pw=True),
    _Kind("azure-iot-device-key", "Azure IoT Hub device key", "IOTHUB_DEVICE_KEY", "primary_key", "iot", lambda: _b64b(32)),
    _Kind("particle-access-token", "Particle access token", "PARTICLE_ACCESS_TOKEN", "access_token", "iot", lambda: _hx(40)),
    _Kind("balena-api-key", "balenaCloud API key", "BALENA_API_KEY", "api_key", "iot", lambda: _b62(32)),
    _Kind("lorawan-appkey", "LoRaWAN AppKey", "LORAWAN_APPKEY", "app_key", "iot", lambda: _HX(32)),
    _Kind("thingsboard-device-token", "ThingsBoard device access token", "TB_ACCESS_TOKEN", "access_token", "iot", lambda: _b62(20)),
    _Kind("mqtt-password", "MQTT broker password", "MQTT_PASSWORD", "password", "iot", lambda: _pw_safe(20), _c_user("MQTT_USERNAME", "username"), pw=True),
    _Kind("ota-password", "OTA update password", "OTA_PASSWORD", "ota_password", "iot", lambda: _pw_safe(16), pw=True),
    _Kind("tuya-access-secret", "Tuya access secret", "TUYA_ACCESS_SECRET", "access_secret", "iot", lambda: _la(32),
          _c_clientid("TUYA_ACCESS_ID", "access_id", lambda: _la(20))),
    _Kind("blynk-auth-token", "Blynk auth token", "BLYNK_AUTH_TOKEN", "auth_token", "iot", lambda: _b64u(32)),
    _Kind("memfault-org-token", "Memfault organization auth token", "MEMFAULT_ORG_TOKEN", "org_token", "iot", lambda: "oat_" + _b62(40)),
    _Kind("nrfcloud-api-key", "nRF Cloud API key", "NRFCLOUD_API_KEY", "api_key", "iot", lambda: _hx(40)),
    _Kind("sensorial-prov-secret", "Sensorial provisioning secret", "SENSORIAL_PROV_SECRET", "provisioning_secret", "iot", lambda: "snp_" + _rs(_B32U, 52)),
    _Kind("golioth-psk", "Golioth device PSK", "GOLIOTH_PSK", "psk", "iot", lambda: _b62(32), _c_clientid("GOLIOTH_PSK_ID", "psk_id", lambda: "dev-" + _la(8) + "@fleet-" + _la(6))),
    # games
    _Kind("steam-web-api-key", "Steam Web API publisher key", "STEAM_WEBAPI_KEY", "webapi_key", "game", lambda: _HX(32)),
    _Kind("steam-builder-password", "Steam build account password", "STEAM_BUILDER_PASSWORD", "builder_password", "game", _pw_safe, pw=True),
    _Kind("eos-client-secret", "Epic Online Services client secret", "EOS_CLIENT_SECRET", "client_secret", "game", lambda: _b64raw(43),
          _c_clientid("EOS_CLIENT_ID", "client_id", lambda: "xyza7891" + _b62(24))),
    _Kind("playfab-secret-key", "PlayFab title secret key", "PLAYFAB_SECRET_KEY", "secret_key", "game", lambda: _ua(52)),
    _Kind("unity-serial", "Unity Pro serial", "UNITY_SERIAL", "serial", "game", _t_unity),
    _Kind("perforce-ticket", "Perforce ticket", "P4TICKET", "ticket", "game", lambda: _HX(32)),
    _Kind("perforce-password", "Perforce password", "P4PASSWD", "password", "game", _pw_safe, pw=True),
    _Kind("discord-bot-token", "Discord bot token", "DISCORD_BOT_TOKEN", "bot_token", "game", _t_discord),
    _Kind("sentinelac-api-key", "SentinelAC anti-cheat server key", "SENTINELAC_SERVER_KEY", "server_key", "game", lambda: "sac_live_" + _b62(40)),
    _Kind("gameanalytics-secret", "GameAnalytics secret key", "GA_SECRET_KEY", "secret_key", "game", lambda: _hx(40)),
    _Kind("backtrace-token", "Backtrace submission token", "BACKTRACE_TOKEN", "submission_token", "game", lambda: _hx(64)),
    _Kind("sentry-auth-token", "Sentry auth token", "SENTRY_AUTH_TOKEN", "auth_token", "game", _t_sentry),
    # ml / data
    _Kind("huggingface-token", "Hugging Face token", "HF_TOKEN", "token", "ml", lambda: "hf_" + _rs(_UP + _LOW, 34)),
    _Kind("wandb-api-key", "W&B API key", "WANDB_API_KEY", "api_key", "ml", lambda: _hx(40)),
    _Kind("comet-api-key", "Comet API key", "COMET_API_KEY", "api_key", "ml", lambda: _b62(25)),
    _Kind("neptune-api-token", "Neptune API token", "NEPTUNE_API_TOKEN", "api_token", "ml", _t_neptune),
    _Kind("databricks-pat", "Databricks PAT", "DATABRICKS_TOKEN", "token", "ml", lambda: "dapi" + _hx(32) + _pick(["", "-2", "-3"])),
    _Kind("mlflow-password", "MLflow tracking password", "MLFLOW_TRACKING_PASSWORD", "tracking_password", "ml", _pw_safe,
          _c_user("MLFLOW_TRACKING_USERNAME", "tracking_username"), pw=True),
    _Kind("openai-api-key", "OpenAI API key", "OPENAI_API_KEY", "api_key", "ml", _t_openai),
    _Kind("anthropic-api-key", "Anthropic API key", "ANTHROPIC_API_KEY", "api_key", "ml", _t_anthropic),
    _Kind("replicate-token", "Replicate API token", "REPLICATE_API_TOKEN", "api_token", "ml", lambda: "r8_" + _b62(37)),
    _Kind("kaggle-key", "Kaggle API key", "KAGGLE_KEY", "key", "ml", lambda: _hx(32), _c_clientid("KAGGLE_USERNAME", "username", lambda: _user().replace(".", ""))),
    _Kind("snowflake-password", "Snowflake password", "SNOWFLAKE_PASSWORD", "password", "ml", _pw, _c_user("SNOWFLAKE_USER", "user"), pw=True),
    _Kind("pinecone-api-key", "Pinecone API key", "PINECONE_API_KEY", "api_key", "ml", _t_pinecone),
    _Kind("cohere-api-key", "Cohere API key", "COHERE_API_KEY", "api_key", "ml", lambda: _b62(40)),
    _Kind("vectorhold-token", "Vectorhold registry token", "VECTORHOLD_TOKEN", "registry_token", "ml", lambda: "vh_pat_" + _b62(44)),
    _Kind("clearml-secret", "ClearML secret key", "CLEARML_API_SECRET_KEY", "secret_key", "ml", lambda: _b62(50),
          _c_clientid("CLEARML_API_ACCESS_KEY", "access_key", lambda: _ua(20))),
    # security tooling
    _Kind("shodan-api-key", "Shodan API key", "SHODAN_API_KEY", "api_key", "sec", lambda: _b62(32)),
    _Kind("virustotal-api-key", "VirusTotal API key", "VT_API_KEY", "api_key", "sec", lambda: _hx(64)),
    _Kind("censys-api-secret", "Censys API secret", "CENSYS_API_SECRET", "api_secret", "sec", lambda: _b62(32),
          _c_clientid("CENSYS_API_ID", "api_id", _uuid)),
    _Kind("tenable-secret-key", "Tenable secret key", "TENABLE_SECRET_KEY", "secret_key", "sec", lambda: _hx(64),
          _c_clientid("TENABLE_ACCESS_KEY", "access_key", lambda: _hx(64))),
    _Kind("crowdstrike-secret", "CrowdStrike API client secret", "FALCON_CLIENT_SECRET", "client_secret", "sec", lambda: _b62(40),
          _c_clientid("FALCON_CLIENT_ID", "client_id", lambda: _hx(32))),
    # mobile
    _Kind("match-password", "fastlane match passphrase", "MATCH_PASSWORD", "match_password", "mobile", lambda: _pick([_phrase(5, "-"), _pw_safe(24)]), pw=True),
    _Kind("android-keystore-password", "Android upload keystore password", "ANDROID_KEYSTORE_PASSWORD", "storePassword", "mobile", _pw_safe, pw=True),
    _Kind("apple-app-password", "Apple app-specific password", "FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD", "app_specific_password", "mobile", _app_pw, pw=True),
    _Kind("fcm-server-key", "FCM legacy server key", "FCM_SERVER_KEY", "server_key", "mobile", _t_fcm),
    _Kind("expo-token", "Expo access token", "EXPO_TOKEN", "expo_token", "mobile", lambda: _b62(40)),
    _Kind("codemagic-token", "Codemagic API token", "CM_API_TOKEN", "api_token", "mobile", lambda: _b64u(43)),
    _Kind("bitrise-pat", "Bitrise personal access token", "BITRISE_TOKEN", "access_token", "mobile", lambda: _b64u(86)),
    _Kind("appcenter-token", "App Center API token", "APPCENTER_ACCESS_TOKEN", "api_token", "mobile", lambda: _hx(40)),
    _Kind("firebase-ci-token", "Firebase CLI refresh token", "FIREBASE_TOKEN", "firebase_token", "mobile", _t_fb_refresh),
    # telecom
    _Kind("twilio-auth-token", "Twilio auth token", "TWILIO_AUTH_TOKEN", "auth_token", "tel", lambda: _hx(32), _c_twilio),
    _Kind("twilio-api-secret", "Twilio API key secret", "TWILIO_API_SECRET", "api_secret", "tel", lambda: _b62(32), _c_twilio_sk),
    _Kind("vonage-api-secret", "Vonage API secret", "VONAGE_API_SECRET", "api_secret", "tel", lambda: _b62(16), _c_clientid("VONAGE_API_KEY", "api_key", lambda: _hx(8))),
    _Kind("telnyx-api-key", "Telnyx API key", "TELNYX_API_KEY", "api_key", "tel", _t_telnyx),
    _Kind("plivo-auth-token", "Plivo auth token", "PLIVO_AUTH_TOKEN", "auth_token", "tel", lambda: _b62(40), _c_clientid("PLIVO_AUTH_ID", "auth_id", lambda: "MA" + _ua(18))),
    _Kind("sip-secret", "SIP trunk secret", "SIP_TRUNK_SECRET", "secret", "tel", lambda: _pw_safe(16), pw=True),
    _Kind("smpp-password", "SMPP bind password", "SMPP_PASSWORD", "password", "tel", lambda: _b62(8), _c_user("SMPP_SYSTEM_ID", "system_id"), pw=True),
    _Kind("signalwire-token", "SignalWire API token", "SIGNALWIRE_TOKEN", "api_token", "tel", lambda: "PT" + _hx(48)),
    # mainframe / legacy
    _Kind("racf-password", "RACF password", "MVS_PASSWORD", "password", "main", _upw8, pw=True),
    _Kind("racf-passphrase", "RACF password phrase", "MVS_PASSPHRASE", "passphrase", "main", _t_racf_phrase, pw=True),
    _Kind("as400-password", "IBM i user profile password", "IBMI_PASSWORD", "password", "main", lambda: _ua(10), pw=True),
    _Kind("sap-rfc-password", "SAP RFC user password", "SAP_RFC_PASSWD", "passwd", "ent", _pw_safe, pw=True),
    _Kind("oracle-password", "Oracle schema password", "ORACLE_PASSWORD", "password", "ent", lambda: _rs(_UP, 1) + _rs(_B62 + "_#", _ri(13, 19)), pw=True),
    _Kind("db2-password", "DB2 password", "DB2_PASSWORD", "password", "main", lambda: _ua(8) if _R.random() < 0.5 else _pw_safe(14), pw=True),
    _Kind("mq-app-password", "IBM MQ application password", "MQ_APP_PASSWORD", "app_password", "main", _pw_safe, pw=True),
    # hpc
    _Kind("globus-client-secret", "Globus confidential client secret", "GLOBUS_CLIENT_SECRET", "client_secret", "hpc", lambda: _b64b(32),
          _c_clientid("GLOBUS_CLIENT_ID", "client_id", _uuid)),
    _Kind("slurmdbd-storage-pass", "slurmdbd StoragePass", "SLURMDBD_STORAGE_PASS", "StoragePass", "hpc", _pw_safe, pw=True),
    _Kind("irods-password", "iRODS password", "IRODS_PASSWORD", "irods_password", "hpc", _pw_safe, pw=True),
    _Kind("jupyter-token", "Jupyter server token", "JUPYTER_TOKEN", "token", "hpc", lambda: _hx(48)),
    _Kind("galaxy-api-key", "Galaxy API key", "GALAXY_API_KEY", "api_key", "hpc", lambda: _hx(32)),
    # e-commerce
    _Kind("shopify-admin-token", "Shopify Admin API access token", "SHOPIFY_ADMIN_TOKEN", "admin_api_access_token", "shop", lambda: "shpat_" + _hx(32)),
    _Kind("shopify-app-secret", "Shopify app shared secret", "SHOPIFY_API_SECRET", "api_secret", "shop", lambda: "shpss_" + _hx(32)),
    _Kind("magento-access-token", "Magento integration access token", "MAGENTO_ACCESS_TOKEN", "access_token", "shop", lambda: _la(32)),
    _Kind("bigcommerce-token", "BigCommerce API token", "BC_ACCESS_TOKEN", "access_token", "shop", lambda: _la(31)),
    _Kind("woo-consumer-secret", "WooCommerce consumer secret", "WC_CONSUMER_SECRET", "consumer_secret", "shop", lambda: "cs_" + _hx(40),
          _c_clientid("WC_CONSUMER_KEY", "consumer_key", lambda: "ck_" + _hx(40))),
    _Kind("algolia-admin-key", "Algolia admin API key", "ALGOLIA_ADMIN_KEY", "admin_api_key", "shop", lambda: _hx(32),
          _c_clientid("ALGOLIA_APP_ID", "app_id", lambda: _ua(10))),
    _Kind("klaviyo-private-key", "Klaviyo private API key", "KLAVIYO_PRIVATE_KEY", "private_api_key", "shop", lambda: "pk_" + _hx(34)),
    _Kind("mailchimp-api-key", "Mailchimp API key", "MAILCHIMP_API_KEY", "api_key", "shop", lambda: _hx(32) + "-us" + str(_ri(2, 21))),
    # enterprise / on-prem
    _Kind("ldap-bind-password", "LDAP bind password", "LDAP_BIND_PASSWORD", "bind_password", "ent", _pw, pw=True),
    _Kind("hana-password", "SAP HANA SYSTEM password", "HANA_PASSWORD", "password", "ent", _pw_safe, pw=True),
    _Kind("sharepoint-client-secret", "SharePoint app client secret", "SP_CLIENT_SECRET", "client_secret", "ent", lambda: _b64b(32),
          _c_clientid("SP_CLIENT_ID", "client_id", _uuid)),
    _Kind("azure-ad-client-secret", "Entra ID client secret", "AZURE_CLIENT_SECRET", "client_secret", "ent", _t_azure_ad,
          _c_clientid("AZURE_CLIENT_ID", "client_id", _uuid)),
    _Kind("okta-api-token", "Okta API token", "OKTA_API_TOKEN", "api_token", "ent", lambda: "00" + _b64u(40)),
    _Kind("jenkins-api-token", "Jenkins API token", "JENKINS_API_TOKEN", "api_token", "ent", lambda: "11" + _hx(32)),
    _Kind("artifactory-token", "Artifactory identity token", "ARTIFACTORY_TOKEN", "identity_token", "ent", _t_artifactory),
    _Kind("ad-service-password", "AD service account password", "SVC_PASSWORD", "service_password", "ent", _pw, pw=True),
    _Kind("vault-token", "Vault token", "VAULT_TOKEN", "token", "cloud", _t_vault),
    # cloud / dev platforms
    _Kind("aws-secret-key", "AWS secret access key", "AWS_SECRET_ACCESS_KEY", "aws_secret_access_key", "cloud", _t_aws_secret, _c_aws),
    _Kind("gcp-api-key", "Google API key", "GOOGLE_API_KEY", "api_key", "cloud", lambda: "AIza" + _b64u(35)),
    _Kind("github-pat", "GitHub classic PAT", "GITHUB_TOKEN", "token", "cloud", lambda: "ghp_" + _b62(36)),
    _Kind("github-fine-grained-pat", "GitHub fine-grained PAT", "GH_PAT", "pat", "cloud", _t_gh_fine),
    _Kind("gitlab-pat", "GitLab personal access token", "GITLAB_TOKEN", "private_token", "cloud", lambda: "glpat-" + _b64u(20)),
    _Kind("slack-bot-token", "Slack bot token", "SLACK_BOT_TOKEN", "bot_token", "cloud", _t_slack_bot),
    _Kind("slack-user-token", "Slack user token", "SLACK_USER_TOKEN", "user_token", "cloud", _t_slack_user),
    _Kind("npm-token", "npm automation token", "NPM_TOKEN", "npm_token", "cloud", lambda: "npm_" + _b62(36)),
    _Kind("pypi-token", "PyPI API token", "PYPI_TOKEN", "pypi_token", "cloud", _t_pypi),
    _Kind("dockerhub-pat", "Docker Hub access token", "DOCKERHUB_TOKEN", "dockerhub_token", "cloud", lambda: "dckr_pat_" + _b64u(27)),
    _Kind("datadog-api-key", "Datadog API key", "DD_API_KEY", "api_key", "cloud", lambda: _hx(32)),
    _Kind("datadog-app-key", "Datadog application key", "DD_APP_KEY", "app_key", "cloud", lambda: _hx(40)),
    _Kind("newrelic-user-key", "New Relic user key", "NEW_RELIC_API_KEY", "api_key", "cloud", lambda: "NRAK-" + _ua(27)),
    _Kind("sendgrid-api-key", "SendGrid API key", "SENDGRID_API_KEY", "api_key", "cloud", lambda: "SG." + _b64u(22) + "." + _b64u(43)),
    _Kind("mailgun-api-key", "Mailgun API key", "MAILGUN_API_KEY", "api_key", "cloud", lambda: _pick(["key-" + _hx(32), _hx(32) + "-" + _hx(8) + "-" + _hx(8)])),
    _Kind("postmark-server-token", "Postmark server token", "POSTMARK_SERVER_TOKEN", "server_token", "cloud", _uuid),
    _Kind("digitalocean-token", "DigitalOcean token", "DIGITALOCEAN_TOKEN", "do_token", "cloud", lambda: "dop_v1_" + _hx(64)),
    _Kind("azure-storage-key", "Azure storage account key", "AZURE_STORAGE_KEY", "account_key", "cloud", _t_azure_storage,
          _c_clientid("AZURE_STORAGE_ACCOUNT", "account_name", lambda: _pick(["st", "sa"]) + _la(10))),
    _Kind("cloudflare-api-token", "Cloudflare API token", "CLOUDFLARE_API_TOKEN", "api_token", "cloud", lambda: _b64u(40)),
    _Kind("heroku-api-key", "Heroku API key", "HEROKU_API_KEY", "api_key", "cloud", lambda: "HRKU-" + _uuid()),
    _Kind("terraform-cloud-token", "Terraform Cloud team token", "TFC_TOKEN", "token", "cloud", _t_tfc),
    _Kind("pulumi-token", "Pulumi access token", "PULUMI_ACCESS_TOKEN", "access_token", "cloud", lambda: "pul-" + _hx(40)),
    _Kind("doppler-token", "Doppler service token", "DOPPLER_TOKEN", "service_token", "cloud", _t_doppler),
    _Kind("linear-api-key", "Linear API key", "LINEAR_API_KEY", "api_key", "cloud", lambda: "lin_api_" + _b62(40)),
    _Kind("notion-token", "Notion integration token", "NOTION_TOKEN", "integration_token", "cloud", lambda: _pick(["secret_" + _b62(43), "ntn_" + _dig(11) + _b62(35)])),
    _Kind("grafana-sa-token", "Grafana service account token", "GRAFANA_TOKEN", "sa_token", "cloud", _t_glsa),
    _Kind("grafana-cloud-token", "Grafana Cloud access policy token", "GRAFANA_CLOUD_TOKEN", "cloud_token", "cloud", _t_grafana_cloud),
    _Kind("age-secret-key", "age identity", "SOPS_AGE_KEY", "age_key", "cloud", lambda: "AGE-SECRET-KEY-1" + _rs(_BECH, 58)),
    _Kind("tailscale-authkey", "Tailscale auth key", "TS_AUTHKEY", "authkey", "cloud", _t_tailscale),
    _Kind("ngrok-authtoken", "ngrok authtoken", "NGROK_AUTHTOKEN", "authtoken", "cloud", _t_ngrok),
    _Kind("atlassian-api-token", "Atlassian API token", "JIRA_API_TOKEN", "api_token", "cloud", _t_atlassian),
    _Kind("nuget-api-key", "NuGet API key", "NUGET_API_KEY", "api_key", "cloud", lambda: "oy2" + _la(43)),
    _Kind("rubygems-api-key", "RubyGems API key", "GEM_HOST_API_KEY", "rubygems_api_key", "cloud", lambda: "rubygems_" + _hx(48)),
    _Kind("cargo-token", "crates.io token", "CARGO_REGISTRY_TOKEN", "token", "cloud", lambda: "cio" + _b62(32)),
    _Kind("onepassword-sa-token", "1Password service account token", "OP_SERVICE_ACCOUNT_TOKEN", "service_account_token", "cloud", _t_onepass),
    _Kind("confluent-api-secret", "Confluent Cloud API secret", "CONFLUENT_API_SECRET", "api_secret", "cloud", lambda: _rs(_B62 + "+/", 64),
          _c_clientid("CONFLUENT_API_KEY", "api_key", lambda: _ua(16))),
    _Kind("pagerduty-api-key", "PagerDuty REST API key", "PAGERDUTY_TOKEN", "api_token", "cloud", lambda: _rs(_B62 + "_-+", 20)),
    _Kind("mapbox-secret-token", "Mapbox secret token", "MAPBOX_SECRET_TOKEN", "secret_token", "cloud", _t_mapbox),
    _Kind("meridianpay-hmac-key", "MeridianPay HMAC signing key", "MERIDIANPAY_HMAC_KEY", "hmac_key", "fin", lambda: "mpk_hmac_" + _hx(48)),
    _Kind("carelink-fhir-token", "CareLink FHIR gateway token", "CARELINK_TOKEN", "gateway_token", "health", lambda: "clf1." + _b64u(40)),
    _Kind("rigsync-agent-key", "RigSync build-agent key", "RIGSYNC_AGENT_KEY", "agent_key", "game", lambda: "rgs_agent_" + _rs(_B32L, 26)),
    _Kind("voxgrid-sip-token", "VoxGrid SIP API token", "VOXGRID_TOKEN", "api_token", "tel", lambda: "vxg_sk_" + _b62(36)),
    _Kind("jwt-bearer", "service JWT", "SERVICE_JWT", "bearer_token", "cloud", lambda: _jwt()),
    _Kind("db-password", "database password", "DB_PASSWORD", "password", "cloud", _pw, _c_user("DB_USER", "user"), pw=True),
    _Kind("redis-password", "Redis password", "REDIS_PASSWORD", "password", "cloud", lambda: _pick([_pw_safe(24), _hx(32), _b64u(32)]), pw=True),
    _Kind("rabbitmq-password", "RabbitMQ password", "RABBITMQ_PASSWORD", "password", "cloud", _pw_safe, _c_user("RABBITMQ_USER", "username"), pw=True),
    _Kind("smtp-password", "SMTP relay password", "SMTP_PASSWORD", "smtp_password", "cloud", _pw, pw=True),
    _Kind("django-secret-key", "Django SECRET_KEY", "DJANGO_SECRET_KEY", "secret_key", "cloud", lambda: "django-insecure-" + _rs(_LOW + _DIG + "!@%^*(-_=+)", 50) if _R.random() < 0.3 else _rs(_LOW + _DIG + "!@%^*(-_=+)", 50)),
    _Kind("rails-master-key", "Rails master key", "RAILS_MASTER_KEY", "master_key", "cloud", lambda: _hx(32)),
    _Kind("jwt-signing-secret", "JWT signing secret", "JWT_SECRET", "jwt_secret", "cloud", lambda: _pick([_b64b(48), _hx(64), _b64u(43)])),
    _Kind("encryption-key", "field encryption key", "FIELD_ENCRYPTION_KEY", "encryption_key", "cloud", lambda: _b64b(32)),
]
_KBY = dict((k.id, k) for k in _KINDS)


# --------------------------------------------------------------- registry

SECRETS = []
BENIGN = []
_SPEC = []


def _bad_b64(sec):
    flat = sec.replace("\n", "").replace("\\n", "")
    if len(flat) < 16 or "=" not in flat.rstrip("="):
        return False
    return all(c in _B64 + "=" for c in flat)


def _valid(text, sec, vis):
    if not sec or len(sec) < 8 or sec not in text or _bad_b64(sec):
        return False
    if vis and (vis not in text or vis in sec or sec in vis):
        return False
    return True


def _emit(group, fmt, fn, n):
    for _ in range(n):
        for _attempt in range(30):
            text, sec, vis = fn()
            if _valid(text, sec, vis):
                break
        SECRETS.append((group, fmt, text, sec, vis))


def _reg(group, fmt, n=2):
    def deco(fn):
        _SPEC.append((group, fmt, fn, n))
        return fn
    return deco


# ================================================================ command

@_reg("command", "cmd-curl-basic-fhir")
def _():
    p, u = _pw_safe(), _pick(["svc_fhir", "integration", "hie_pull"])
    h = _host("health")
    t = "%scurl -sS -u %s:%s \"https://%s/fhir/R4/Patient?identifier=urn:oid:2.16.840.1.113883.3.%d|%s\" -H 'Accept: application/fhir+json' | jq '.total'" % (
        _prompt("health"), u, p, h, _ri(100, 9999), _dig(8))
    return t, p, "curl"


@_reg("command", "cmd-mysql-inline-p")
def _():
    p = _pw_safe()
    t = "%smysql -h %s -u ledger_rw -p%s ledger -e \"SELECT batch_id, status FROM payout_batch WHERE created_at > NOW() - INTERVAL 1 DAY\"" % (_prompt("fin"), _host("fin"), p)
    return t, p, "mysql"


@_reg("command", "cmd-pgpassword-env", 3)
def _():
    p = _pw()
    t = "PGPASSWORD='%s' psql \"host=%s port=5432 dbname=recon user=recon_ro sslmode=require\" -c '\\dt settlement.*'" % (p, _host("fin"))
    return t, p, "PGPASSWORD"


@_reg("command", "cmd-sqlplus-slash-at")
def _():
    p = _rs(_UP, 1) + _rs(_B62 + "_", 13)
    t = "%ssqlplus -s APPS/%s@//%s:1521/EBSPRD @/home/oracle/scripts/check_invalid_objects.sql" % (_prompt("ent"), p, _host("ent"))
    return t, p, "sqlplus"


@_reg("command", "cmd-expdp-system")
def _():
    p = _rs(_UP, 1) + _rs(_B62 + "_", 11)
    t = "expdp system/%s@ORCLPDB1 schemas=LEDGER directory=DP_DIR dumpfile=ledger_%%U.dmp parallel=4 logfile=exp_ledger_%s.log" % (p, _date().replace("-", ""))
    return t, p, "expdp"


@_reg("command", "cmd-db2-connect-using")
def _():
    p = _upw8()
    t = "db2 connect to DSNP user BATCH%02d using %s\ndb2 \"SELECT CREATOR, NAME FROM SYSIBM.SYSTABLES WHERE DBNAME = 'CLMSDB' FETCH FIRST 20 ROWS ONLY\"" % (_ri(1, 40), p)
    return t, p, "db2 connect"


@_reg("command", "cmd-ldapsearch-w")
def _():
    p = _pw()
    t = ("ldapsearch -x -H ldaps://%s -D \"CN=svc-ldap-read,OU=Service Accounts,DC=meridian,DC=local\" -w '%s' \\\n"
         "  -b \"DC=meridian,DC=local\" \"(sAMAccountName=%s)\" memberOf userAccountControl") % (_host("ent"), p, _user().replace(".", ""))
    return t, p, "ldapsearch"


@_reg("command", "cmd-kinit-echo-pipe")
def _():
    p = _pw()
    t = "echo '%s' | kinit svc_hadoop@CORP.HALVORSEN.NET && klist -e" % p
    return t, p, "kinit"


@_reg("command", "cmd-ktutil-printf-addent")
def _():
    p = _pw_safe()
    t = ("printf 'addent -password -p HTTP/sp-01.meridian.local@MERIDIAN.LOCAL -k 3 -e aes256-cts-hmac-sha1-96\\n%s\\nwkt /etc/httpd/http.keytab\\nquit\\n' | ktutil\n"
         "klist -kte /etc/httpd/http.keytab") % p
    return t, p, "ktutil"


@_reg("command", "cmd-smbclient-percent")
def _():
    p = _pw()
    t = "smbclient '//%s/finance$' -U 'MERIDIAN\\svc_backup%%%s' -c 'cd Close\\2024-Q2; ls'" % (_short("ent"), p)
    return t, p, "smbclient"


@_reg("command", "cmd-secretsdump-target")
def _():
    p = _pw_human()
    t = "impacket-secretsdump 'MERIDIAN/adm_%s:%s@%s' -just-dc-user krbtgt -outputfile engagement/%s_dc" % (_pick(_FIRST), p, _ip(), _date())
    return t, p, "secretsdump"


@_reg("command", "cmd-cme-smb-shares")
def _():
    p = _pw()
    t = "crackmapexec smb 10.%d.0.0/24 -u svc_sql -p '%s' --shares --continue-on-success | tee cme_shares.txt" % (_ri(10, 60), p)
    return t, p, "crackmapexec"


@_reg("command", "cmd-evilwinrm-nthash")
def _():
    h = _hx(32)
    t = "evil-winrm -i %s -u Administrator -H %s" % (_ip(), h)
    return t, h, "evil-winrm"


@_reg("command", "cmd-sshpass-inline")
def _():
    p = _pw()
    t = "sshpass -p '%s' ssh -o StrictHostKeyChecking=no root@%s 'cat /etc/fw_version; uptime'" % (p, _host("iot"))
    return t, p, "sshpass"


@_reg("command", "cmd-steamcmd-login-build")
def _():
    p = _pw_safe()
    t = "steamcmd.exe +login ironlantern_build %s +run_app_build ..\\scripts\\app_build_%d.vdf +quit" % (p, _ri(1000000, 2999999))
    return t, p, "steamcmd"


@_reg("command", "cmd-p4-ticket-flag")
def _():
    tk = _HX(32)
    t = "p4 -p ssl:%s:1666 -u build_svc -P %s sync -q //depot/Game/Main/...@%d" % (_host("game"), tk, _ri(100000, 999999))
    return t, tk, "p4"


@_reg("command", "cmd-docker-login-stdin-pat")
def _():
    s = "dckr_pat_" + _b64u(27)
    t = "echo '%s' | docker login -u ironlanternci --password-stdin" % s
    return t, s, "docker login"


@_reg("command", "cmd-helm-repo-add-password")
def _():
    p = _pw()
    t = "helm repo add internal https://charts.%s/stable --username deploy --password '%s' && helm repo update" % (_dom("cloud"), p)
    return t, p, "helm repo add"


@_reg("command", "cmd-npm-config-authtoken")
def _():
    s = "npm_" + _b62(36)
    t = "npm config set //npm.pkg.%s/:_authToken=%s --location=project" % (_dom("shop"), s)
    return t, s, "npm config set"


@_reg("command", "cmd-twine-upload-token")
def _():
    s = _t_pypi()
    t = "python -m twine upload --non-interactive -u __token__ -p %s dist/featurekit-%d.%d.%d*" % (s, _ri(0, 3), _ri(0, 20), _ri(0, 9))
    return t, s, "twine upload"


@_reg("command", "cmd-gh-auth-herestring")
def _():
    s = "ghp_" + _b62(36)
    t = "gh auth login --hostname github.com --git-protocol https --with-token <<< '%s'" % s
    return t, s, "gh auth login"


@_reg("command", "cmd-aws-configure-set")
def _():
    s = _t_aws_secret()
    t = "aws configure set aws_access_key_id AKIA%s --profile ledger-prod\naws configure set aws_secret_access_key %s --profile ledger-prod" % (_ua(16), s)
    return t, s, "aws_secret_access_key"


@_reg("command", "cmd-az-login-sp")
def _():
    s = _t_azure_ad()
    t = "az login --service-principal -u %s -p '%s' --tenant %s --allow-no-subscriptions" % (_uuid(), s, _uuid())
    return t, s, "az login"


@_reg("command", "cmd-vault-token-env-inline")
def _():
    s = _t_vault()
    t = "VAULT_ADDR=https://%s:8200 VAULT_TOKEN=%s vault kv get -mount=secret payments/adyen" % (_host("cloud"), s)
    return t, s, "vault kv get"


@_reg("command", "cmd-hf-cli-login")
def _():
    s = "hf_" + _rs(_UP + _LOW, 34)
    t = "huggingface-cli login --token %s --add-to-git-credential" % s
    return t, s, "huggingface-cli"


@_reg("command", "cmd-databricks-env-prefix")
def _():
    s = "dapi" + _hx(32)
    t = "DATABRICKS_HOST=https://adb-%d.%d.azuredatabricks.net DATABRICKS_TOKEN=%s databricks jobs list --output JSON | jq '.jobs[].settings.name'" % (_ri(10 ** 15, 10 ** 16 - 1), _ri(1, 19), s)
    return t, s, "DATABRICKS_TOKEN"


@_reg("command", "cmd-keytool-srcstorepass")
def _():
    p = _pw_safe()
    t = "keytool -importkeystore -srckeystore upload.p12 -srcstoretype PKCS12 -srcstorepass '%s' -destkeystore upload.jks -deststorepass:env JKS_PASS -noprompt" % p
    return t, p, "keytool"


@_reg("command", "cmd-jarsigner-storepass")
def _():
    p = _pw_safe()
    t = "jarsigner -verbose -sigalg SHA256withRSA -digestalg SHA-256 -keystore ~/keys/release.jks -storepass %s app-release-unsigned.apk upload" % p
    return t, p, "jarsigner"


@_reg("command", "cmd-openssl-pkcs12-passout")
def _():
    p = _pw_safe()
    t = "openssl pkcs12 -export -in dev_%s.crt -inkey dev_%s.key -certfile fleet_ca.pem -out dev_%s.pfx -passout pass:%s" % ((_hx(8),) * 3 + (p,))
    return t, p, "openssl pkcs12"


@_reg("command", "cmd-openssl-enc-k")
def _():
    p = _pw()
    t = "openssl enc -d -aes-256-cbc -pbkdf2 -iter 100000 -in fw_secrets.bin.enc -out fw_secrets.bin -k '%s'" % p
    return t, p, "openssl enc"


@_reg("command", "cmd-espota-auth")
def _():
    p = _pw_safe(16)
    t = "python3 ~/.platformio/packages/framework-arduinoespressif32/tools/espota.py -i 192.168.4.%d -p 3232 --auth=%s -f .pio/build/esp32dev/firmware.bin" % (_ri(2, 200), p)
    return t, p, "espota.py"


@_reg("command", "cmd-nmcli-wifi-password")
def _():
    p = _pick([_phrase(4, "-"), _pw_safe(18)])
    t = "sudo nmcli dev wifi connect \"Provisioning-Lab-5G\" password '%s' ifname wlan0" % p
    return t, p, "nmcli"


@_reg("command", "cmd-wpa-passphrase-tee")
def _():
    p = _pick([_phrase(3, " "), _pw_safe(14)])
    t = "wpa_passphrase FACTORY-LINE%d '%s' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf" % (_ri(1, 6), p)
    return t, p, "wpa_passphrase"


@_reg("command", "cmd-mosquitto-pub-password")
def _():
    p = _pw_safe(20)
    d = _ri(1, 9999)
    t = "mosquitto_pub -h %s -p 8883 --cafile fleet-ca.pem -u dev-%04d -P '%s' -t 'fleet/%04d/cmd' -m '{\"op\":\"reboot\",\"delay\":5}'" % (_host("iot"), d, p, d)
    return t, p, "mosquitto_pub"


@_reg("command", "cmd-particle-access-token-query")
def _():
    s = _hx(40)
    t = "curl -s \"https://api.particle.io/v1/devices/%s/temperature?access_token=%s\"" % (_hx(24), s)
    return t, s, "curl"


@_reg("command", "cmd-sbatch-export-wandb")
def _():
    s = _hx(40)
    t = "sbatch --export=ALL,WANDB_API_KEY=%s,WANDB_PROJECT=seg-v3 --gres=gpu:a100:4 -t 12:00:00 train_ddp.sbatch" % s
    return t, s, "sbatch"


@_reg("command", "cmd-srun-env-hf-token")
def _():
    s = "hf_" + _rs(_UP + _LOW, 34)
    t = "srun -p gpu --gres=gpu:h100:8 --cpus-per-task=64 env HF_TOKEN=%s python -m torch.distributed.run --nproc_per_node=8 finetune.py --model meta-llama/Llama-3.1-8B" % s
    return t, s, "srun"


@_reg("command", "cmd-lftp-mvs-upload")
def _():
    p = _upw8()
    t = "lftp -u IBMUSER,%s -e \"quote site lrecl=80 recfm=fb; put nightly.jcl -o 'PROD.JCL.CNTL(NIGHTLY)'; bye\" ftp://%s" % (p, _host("main"))
    return t, p, "lftp"


@_reg("command", "cmd-zowe-profile-create")
def _():
    p = _upw8()
    t = "zowe profiles create zosmf-profile lpar1 --host %s --port 443 --user TSOADM --password '%s' --reject-unauthorized false" % (_host("main"), p)
    return t, p, "zowe profiles create"


@_reg("command", "cmd-as400-chgusrprf")
def _():
    p = _ua(10)
    t = "system \"CHGUSRPRF USRPRF(BATCHSVC) PASSWORD(%s) PWDEXP(*NO) STATUS(*ENABLED)\"" % p
    return t, p, "CHGUSRPRF"


@_reg("command", "cmd-hdbsql-p")
def _():
    p = _pw_safe()
    t = "hdbsql -n %s:30015 -i 00 -u SYSTEM -p '%s' \"SELECT SERVICE_NAME, ACTIVE_STATUS FROM M_SERVICES\"" % (_host("ent"), p)
    return t, p, "hdbsql"


@_reg("command", "cmd-sapcontrol-user")
def _():
    p = _pw_safe()
    t = "sapcontrol -nr 00 -host %s -user qasadm %s -function GetProcessList" % (_short("ent"), p)
    return t, p, "sapcontrol"


@_reg("command", "cmd-sipp-register-auth")
def _():
    p = _pw_safe(16)
    ext = _ri(1000, 1999)
    t = "sipp -sf uac_register.xml -s %d -au %d -ap '%s' %s:5060 -m 1 -trace_err -trace_msg" % (ext, ext, p, _host("tel"))
    return t, p, "sipp"


@_reg("command", "cmd-twilio-curl-u")
def _():
    sid, s = "AC" + _hx(32), _hx(32)
    t = ("curl -X POST https://api.twilio.com/2010-04-01/Accounts/%s/Messages.json \\\n  --data-urlencode \"To=+4915%s\" --data-urlencode \"From=+1415%s\" \\\n"
         "  --data-urlencode \"Body=OTP test\" -u %s:%s") % (sid, _dig(9), _dig(7), sid, s)
    return t, s, "api.twilio.com"


@_reg("command", "cmd-stripe-cli-api-key")
def _():
    s = "rk_live_" + _b62(99)
    t = "stripe listen --forward-to localhost:4242/webhooks/stripe --events payout.paid,payout.failed --api-key %s" % s
    return t, s, "stripe listen"


@_reg("command", "cmd-kubectl-from-literal")
def _():
    p = _pw()
    t = ("kubectl -n payments create secret generic ledger-db --from-literal=username=ledger_rw --from-literal=password='%s' \\\n"
         "  --dry-run=client -o yaml | kubeseal --format yaml > sealed-ledger-db.yaml") % p
    return t, p, "kubectl"


@_reg("command", "cmd-redis-cli-a-tls")
def _():
    p = _pick([_hx(32), _pw_safe(24)])
    t = "redis-cli -h %s -p 6380 --tls -a '%s' --no-auth-warning INFO keyspace" % (_host("ml"), p)
    return t, p, "redis-cli"


@_reg("command", "cmd-mongosh-srv-uri")
def _():
    p = _pw_safe()
    t = "mongosh \"mongodb+srv://catalog_rw:%s@catalog-prod.%s.mongodb.net/catalog?retryWrites=true&w=majority\" --eval 'db.products.countDocuments({status:\"active\"})'" % (p, _la(5))
    return t, p, "mongosh"


@_reg("command", "cmd-sqlcmd-sa")
def _():
    p = _pw()
    t = "sqlcmd -S tcp:%s,1433 -U sa -P '%s' -C -Q \"SELECT name, state_desc FROM sys.databases\"" % (_short("shop"), p)
    return t, p, "sqlcmd"


@_reg("command", "cmd-git-clone-oauth2")
def _():
    s = "glpat-" + _b64u(20)
    t = "git clone https://oauth2:%s@gitlab.%s/firmware/bootloader.git --branch release/%d.%d" % (s, _dom("iot"), _ri(1, 4), _ri(0, 12))
    return t, s, "git clone"


@_reg("command", "cmd-git-remote-x-access-token")
def _():
    s = "ghs_" + _b62(36)
    t = "git remote set-url origin https://x-access-token:%s@github.com/ironlantern/engine-patches.git && git push origin HEAD:refs/heads/ci/p4-mirror" % s
    return t, s, "git remote set-url"


@_reg("command", "cmd-mc-alias-set")
def _():
    ak, s = _ua(20), _t_aws_secret()
    t = "mc alias set artifacts https://%s %s %s --api S3v4" % (_host("ml"), ak, s)
    return t, s, "mc alias set"


@_reg("command", "cmd-hapi-fhir-cli-basic")
def _():
    p = _pw_safe()
    t = "java -jar hapi-fhir-cli.jar upload-terminology -d ~/Downloads/Loinc_2.77.zip -v r4 -t https://%s/fhir -u http://loinc.org --basic-auth admin:%s" % (_host("health"), p)
    return t, p, "upload-terminology"


@_reg("command", "cmd-altool-app-password")
def _():
    p = _app_pw()
    t = "xcrun altool --upload-app -f build/Pocketfold.ipa -t ios -u release@%s -p '%s'" % (_dom("mobile"), p)
    return t, p, "altool"


@_reg("command", "cmd-gradle-injected-signing")
def _():
    p = _pw_safe()
    t = ("./gradlew :app:bundleRelease \\\n  -Pandroid.injected.signing.store.file=$HOME/keys/upload.jks \\\n"
         "  -Pandroid.injected.signing.store.password=%s \\\n  -Pandroid.injected.signing.key.alias=upload \\\n"
         "  -Pandroid.injected.signing.key.password=\"$KEY_PASS\"") % p
    return t, p, "bundleRelease"


@_reg("command", "cmd-bundletool-ks-pass")
def _():
    p = _pw_safe()
    t = "bundletool build-apks --bundle=app-release.aab --output=app.apks --ks=upload.jks --ks-pass=pass:%s --ks-key-alias=upload --key-pass=file:keypass.txt" % p
    return t, p, "bundletool"


@_reg("command", "cmd-htpasswd-batch")
def _():
    p = _pw()
    t = "sudo htpasswd -b -B /etc/nginx/.htpasswd-grafana ops '%s'" % p
    return t, p, "htpasswd"


@_reg("command", "cmd-net-use-user")
def _():
    p = _pw_safe()
    t = "C:\\> net use Z: \\\\%s\\engineering /user:MERIDIAN\\svc_build %s /persistent:no" % (_short("ent"), p)
    return t, p, "net use"


@_reg("command", "cmd-psexec-p")
def _():
    p = _pw_safe()
    t = "PsExec64.exe \\\\%s -u MERIDIAN\\adm_sap -p %s -h cmd /c \"sc query SAPQAS_00\"" % (_short("ent"), p)
    return t, p, "PsExec64.exe"


@_reg("command", "cmd-ipmitool-lanplus")
def _():
    p = _pw()
    t = "ipmitool -I lanplus -H %s -U ADMIN -P '%s' chassis power status" % (_ip(), p)
    return t, p, "ipmitool"


@_reg("command", "cmd-racadm-remote")
def _():
    p = _pw_safe()
    t = "racadm -r %s -u root -p %s getsysinfo" % (_ip(), p)
    return t, p, "racadm"


@_reg("command", "cmd-snmpwalk-community")
def _():
    c = _pick(["bluecrest", "noc", "relay", "sbc"]) + "-ro-" + _b62(10)
    t = "snmpwalk -v2c -c %s %s 1.3.6.1.2.1.2.2.1.2" % (c, _ip())
    return t, c, "snmpwalk"


@_reg("command", "cmd-oc-login-kubeadmin")
def _():
    p = "-".join(_b62(5) for _ in range(4))
    t = "oc login -u kubeadmin -p %s https://api.ocp4.%s:6443 --insecure-skip-tls-verify" % (p, _dom("ent"))
    return t, p, "oc login"


@_reg("command", "cmd-argocd-login-admin")
def _():
    p = _b64u(16)
    t = "argocd login argocd.%s --username admin --password '%s' --grpc-web" % (_dom("cloud"), p)
    return t, p, "argocd login"


@_reg("command", "cmd-restic-password-env")
def _():
    p = _pw()
    t = "RESTIC_PASSWORD='%s' restic -r s3:https://s3.%s.amazonaws.com/ledger-backups/restic snapshots --latest 3" % (p, _region())
    return t, p, "restic"


@_reg("command", "cmd-borg-passphrase-env")
def _():
    p = _phrase(5, " ")
    t = "BORG_PASSPHRASE='%s' borg create --stats --compression zstd ssh://borg@%s/./pacs-archive::'{hostname}-{now}' /srv/dicom" % (p, _host("health"))
    return t, p, "borg create"


@_reg("command", "cmd-rabbitmqctl-add-user")
def _():
    p = _pw()
    t = "rabbitmqctl add_user hl7_ingest '%s' && rabbitmqctl set_permissions -p /hl7 hl7_ingest \".*\" \".*\" \".*\"" % p
    return t, p, "rabbitmqctl"


@_reg("command", "cmd-kafka-jaas-property")
def _():
    k, s = _ua(16), _rs(_B62 + "+/", 64)
    t = ("kafka-console-consumer --bootstrap-server pkc-%s.%s.aws.confluent.cloud:9092 --topic settlements.v2 --from-beginning \\\n"
         "  --consumer-property security.protocol=SASL_SSL --consumer-property sasl.mechanism=PLAIN \\\n"
         "  --consumer-property 'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"%s\" password=\"%s\";'") % (_la(5), _region(), k, s)
    return t, s, "kafka-console-consumer"


@_reg("command", "cmd-dotnet-nuget-push")
def _():
    s = "oy2" + _la(43)
    t = "dotnet nuget push bin/Release/Kestrel.Ledger.Client.%d.%d.%d.nupkg --api-key %s --source https://api.nuget.org/v3/index.json" % (_ri(1, 4), _ri(0, 9), _ri(0, 30), s)
    return t, s, "dotnet nuget push"


@_reg("command", "cmd-composer-magento-auth")
def _():
    pub, s = _hx(32), _hx(32)
    t = "composer config --global http-basic.repo.magento.com %s %s" % (pub, s)
    return t, s, "http-basic.repo.magento.com"


@_reg("command", "cmd-gpg-batch-passphrase")
def _():
    p = _phrase(5, " ")
    t = "gpg --batch --pinentry-mode loopback --passphrase '%s' -d settlement_%s.csv.gpg > settlement.csv" % (p, _date())
    return t, p, "gpg"


@_reg("command", "cmd-7z-archive-password")
def _():
    p = _pw_safe()
    t = "7z a -t7z -mhe=on -p%s crashdumps_build%d.7z Saved\\Crashes\\" % (p, _ri(4000, 9999))
    return t, p, "7z"


@_reg("command", "cmd-zip-password-extract")
def _():
    p = _pw_safe()
    t = "zip -r -P %s phi_extract_%s.zip extract/  # sending to the vendor via SFTP" % (p, _date())
    return t, p, "zip -r"


@_reg("command", "cmd-influx-password")
def _():
    p = _pw()
    t = "influx -host %s -ssl -username admin -password '%s' -database telemetry -execute 'SHOW MEASUREMENTS'" % (_host("iot"), p)
    return t, p, "influx"


@_reg("command", "cmd-java-keystore-sysprop")
def _():
    p = _pw_safe()
    t = "java -Djavax.net.ssl.keyStore=/opt/mllp/keystore.p12 -Djavax.net.ssl.keyStorePassword=%s -Djavax.net.ssl.keyStoreType=PKCS12 -jar hl7-listener-2.4.jar --port 2575" % p
    return t, p, "keyStorePassword"


@_reg("command", "cmd-ansible-extra-vars")
def _():
    p = _pw_safe()
    t = "ansible-playbook -i inventories/prod site.yml --limit sbc --tags kamailio -e \"kamailio_db_password=%s\"" % p
    return t, p, "ansible-playbook"


@_reg("command", "cmd-curl-ftps-ach")
def _():
    p = _pw_safe()
    t = "curl --ssl-reqd -u odfi_upload:%s -T ACH_%s_01.txt ftp://%s:990/inbound/" % (p, _date().replace("-", ""), _host("fin"))
    return t, p, "curl"


@_reg("command", "cmd-psql-uri-feast")
def _():
    p = _pw_safe()
    t = "psql \"postgresql://feast:%s@%s:5432/registry?sslmode=verify-full\" -c 'select project, count(*) from feature_views group by 1'" % (p, _host("ml"))
    return t, p, "psql"


@_reg("command", "cmd-wandb-login-relogin")
def _():
    s = _hx(40)
    t = "wandb login --relogin --host https://wandb.%s %s" % (_dom("ml"), s)
    return t, s, "wandb login"


@_reg("command", "cmd-httpie-bearer")
def _():
    s = _jwt(iss="https://auth.%s/" % _dom("shop"), aud="orders-api")
    t = "http POST https://api.%s/v2/orders/%d/refunds Authorization:\"Bearer %s\" amount:=1999 reason=damaged" % (_dom("shop"), _ri(100000, 999999), s)
    return t, s, "Authorization"


@_reg("command", "cmd-ps-securestring-pnp")
def _():
    p = _pw()
    t = ("PS C:\\ops> $cred = New-Object System.Management.Automation.PSCredential('MERIDIAN\\svc_sp', (ConvertTo-SecureString '%s' -AsPlainText -Force))\n"
         "PS C:\\ops> Connect-PnPOnline -Url https://sp.%s/sites/finance -Credentials $cred") % (p, _dom("ent"))
    return t, p, "ConvertTo-SecureString"


@_reg("command", "cmd-xfreerdp-p")
def _():
    p = _pw()
    t = "xfreerdp /v:%s /u:adm_%s /d:MERIDIAN /p:'%s' /cert:ignore /dynamic-resolution" % (_ip(), _pick(_FIRST), p)
    return t, p, "xfreerdp"


@_reg("command", "cmd-mysqldump-password-eq")
def _():
    p = _pw()
    t = "mysqldump --single-transaction -h %s -u magento --password='%s' magento catalog_product_entity > cpe_%s.sql" % (_host("shop"), p, _date())
    return t, p, "mysqldump"


@_reg("command", "cmd-iinit-pipe")
def _():
    p = _pw_safe()
    t = "echo '%s' | iinit && ils /lindenauZone/home/%s/runs" % (p, _user().replace(".", ""))
    return t, p, "iinit"


@_reg("command", "cmd-globus-cli-client-env")
def _():
    s = _b64b(32)
    t = "GLOBUS_CLI_CLIENT_ID=%s GLOBUS_CLI_CLIENT_SECRET='%s' globus transfer %s:/scratch/run42/ %s:/archive/run42/ --recursive --label run42" % (_uuid(), s, _uuid(), _uuid())
    return t, s, "globus transfer"


@_reg("command", "cmd-curl-virustotal-header")
def _():
    s = _hx(64)
    t = "curl -s -H \"x-apikey: %s\" https://www.virustotal.com/api/v3/files/%s | jq '.data.attributes.last_analysis_stats'" % (s, _hx(64))
    return t, s, "x-apikey"


@_reg("command", "cmd-shodan-init")
def _():
    s = _b62(32)
    t = "shodan init %s && shodan search --fields ip_str,port,org 'ssl.cert.subject.cn:*.%s'" % (s, _dom("fin"))
    return t, s, "shodan init"


@_reg("command", "cmd-balena-login-token")
def _():
    s = _b62(32)
    t = "balena login --token %s && balena devices --fleet hearthsense/thermo-v2 | head" % s
    return t, s, "balena login"


@_reg("command", "cmd-eas-build-expo-token")
def _():
    s = _b62(40)
    t = "EXPO_TOKEN=%s npx eas-cli build --platform ios --profile production --non-interactive --no-wait" % s
    return t, s, "EXPO_TOKEN"


@_reg("command", "cmd-firebase-deploy-token")
def _():
    s = _t_fb_refresh()
    t = "firebase deploy --only hosting:web-staging --project pocketfold-stg --token \"%s\"" % s
    return t, s, "firebase deploy"


@_reg("command", "cmd-sentry-cli-upload-dif")
def _():
    s = _t_sentry()
    t = "sentry-cli --auth-token %s debug-files upload --org ironlantern --project game-client --include-sources Build/Symbols" % s
    return t, s, "sentry-cli"


@_reg("command", "cmd-curl-entra-client-credentials")
def _():
    s = _t_azure_ad()
    t = ("curl -s -X POST https://login.microsoftonline.com/%s/oauth2/v2.0/token \\\n  -d client_id=%s -d client_secret=%s \\\n"
         "  -d scope=https://graph.microsoft.com/.default -d grant_type=client_credentials | jq -r .access_token") % (_uuid(), _uuid(), s)
    return t, s, "client_secret"


@_reg("command", "cmd-curl-okta-ssws")
def _():
    s = "00" + _b64u(40)
    t = "curl -s -H \"Authorization: SSWS %s\" -H 'Accept: application/json' 'https://%s.okta.com/api/v1/users?search=profile.department+eq+%%22Finance%%22&limit=5'" % (s, _pick(["meridian", "halvorsen", "brookfield"]))
    return t, s, "Authorization"


@_reg("command", "cmd-curl-shopify-header")
def _():
    s = "shpat_" + _hx(32)
    t = "curl -s -X POST https://maple-and-moss.myshopify.com/admin/api/2024-07/graphql.json -H \"X-Shopify-Access-Token: %s\" -H 'Content-Type: application/json' -d @query_inventory.json" % s
    return t, s, "X-Shopify-Access-Token"


@_reg("command", "cmd-docker-run-e-playfab")
def _():
    s = _ua(52)
    t = "docker run --rm -e PLAYFAB_TITLE_ID=%s -e PLAYFAB_SECRET_KEY=%s ironlantern/lobby-tools:1.8.%d purge-stale --older-than 6h" % (_ua(5), s, _ri(0, 9))
    return t, s, "PLAYFAB_SECRET_KEY"


@_reg("command", "cmd-ftp-url-creds-curl")
def _():
    p = _pw_safe()
    t = "curl -s --list-only \"ftp://pacsxfer:%s@%s/outbound/\"" % (p, _host("health"))
    return t, p, "--list-only"


@_reg("command", "cmd-snowsql-env-pwd")
def _():
    p = _pw()
    t = "SNOWSQL_PWD='%s' snowsql -a xy%d.eu-central-1 -u FEATURE_ETL -r TRANSFORMER -w ETL_WH -q 'select count(*) from raw.events'" % (p, _ri(10000, 99999))
    return t, p, "SNOWSQL_PWD"


@_reg("command", "cmd-openconnect-passwd-stdin")
def _():
    p = _pw()
    t = "echo '%s' | sudo openconnect --protocol=gp --user=%s --passwd-on-stdin vpn.%s" % (p, _user(), _dom("ent"))
    return t, p, "openconnect"


@_reg("command", "cmd-mvn-deploy-password-prop")
def _():
    p = _pw_safe()
    t = "mvn -B deploy -DskipTests -Drepo.username=deployer -Drepo.password=%s -DaltDeploymentRepository=releases::https://nexus.%s/repository/releases/" % (p, _dom("main"))
    return t, p, "mvn -B deploy"


# ============================================================ tool-output

def _box(rows, header=False):
    w1 = max(len(a) for a, _b in rows)
    w2 = max(len(b) for _a, b in rows)
    h = "\u2500"
    top = "\u250c" + h * (w1 + 2) + "\u252c" + h * (w2 + 2) + "\u2510"
    mid = "\u251c" + h * (w1 + 2) + "\u253c" + h * (w2 + 2) + "\u2524"
    bot = "\u2514" + h * (w1 + 2) + "\u2534" + h * (w2 + 2) + "\u2518"
    out = [top]
    for i, (a, b) in enumerate(rows):
        out.append("\u2502 %s \u2502 %s \u2502" % (a.ljust(w1), b.ljust(w2)))
        if header and i == 0:
            out.append(mid)
    out.append(bot)
    return "\n".join(out)



@_reg("tool-output", "out-aws-sts-query-text")
def _():
    s = _t_aws_secret()
    t = ("$ aws sts assume-role --role-arn arn:aws:iam::%s:role/recon-breakglass --role-session-name %s \\\n"
         "    --query 'Credentials.[AccessKeyId,SecretAccessKey,Expiration]' --output text\n"
         "ASIA%s\t%s\t%s") % (_dig(12), _user(), _ua(16), s, _ts()[:19] + "+00:00")
    return t, s, "SecretAccessKey"


@_reg("tool-output", "out-aws-iam-create-access-key")
def _():
    s = _t_aws_secret()
    t = json.dumps({"AccessKey": {"UserName": "svc-ledger-export", "AccessKeyId": "AKIA" + _ua(16), "Status": "Active",
                                  "SecretAccessKey": s, "CreateDate": _ts()[:19] + "+00:00"}}, indent=4)
    return "$ aws iam create-access-key --user-name svc-ledger-export\n" + t, s, "create-access-key"


@_reg("tool-output", "out-az-ad-sp-create-for-rbac")
def _():
    s = _t_azure_ad()
    t = json.dumps({"appId": _uuid(), "displayName": "sp-sharepoint-migration", "password": s, "tenant": _uuid()}, indent=2)
    return ("$ az ad sp create-for-rbac --name sp-sharepoint-migration --role Reader --scopes /subscriptions/%s\n"
            "Creating 'Reader' role assignment under scope '/subscriptions/%s'\n%s") % (_uuid(), _uuid(), t), s, "displayName"


@_reg("tool-output", "out-kubectl-secret-yaml-data")
def _():
    pw = _pw()
    s = base64.b64encode(pw.encode()).decode()
    t = ("$ kubectl -n fhir get secret hapi-db -o yaml\napiVersion: v1\ndata:\n  password: %s\n  username: %s\nkind: Secret\n"
         "metadata:\n  creationTimestamp: \"%s\"\n  name: hapi-db\n  namespace: fhir\n  resourceVersion: \"%d\"\n  uid: %s\ntype: Opaque") % (
        s, base64.b64encode(b"hapi").decode(), _ts()[:19] + "Z", _ri(100000, 9999999), _uuid())
    return t, s, "kind: Secret"


@_reg("tool-output", "out-kubectl-jsonpath-b64d")
def _():
    s = "glsa_" + _b62(32) + "_" + _hx(8)
    t = "$ kubectl -n monitoring get secret grafana-sa -o jsonpath='{.data.token}' | base64 -d\n%s" % s
    return t, s, "jsonpath"


@_reg("tool-output", "out-vault-kv-get-table")
def _():
    s = _pw()
    t = ("$ vault kv get secret/voip/sbc-trunk\n====== Secret Path ======\nsecret/data/voip/sbc-trunk\n\n======= Metadata =======\n"
         "Key                Value\n---                -----\ncreated_time       %s\ncustom_metadata    <nil>\ndeletion_time      n/a\ndestroyed          false\nversion            %d\n\n"
         "====== Data ======\nKey         Value\n---         -----\nrealm       sip.%s\nsecret      %s\nusername    trunk_%s") % (
        _ts(), _ri(2, 19), _dom("tel"), s, _la(6))
    return t, s, "vault kv get"


@_reg("tool-output", "out-docker-inspect-env")
def _():
    s = _hx(64)
    env = ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "BACKTRACE_URL=https://submit.backtrace.io/ironlantern/",
           "BACKTRACE_TOKEN=" + s, "GAME_BUILD=CL%d" % _ri(300000, 900000), "LANG=C.UTF-8"]
    t = "$ docker inspect crash-uploader --format '{{json .Config.Env}}' | jq .\n" + json.dumps(env, indent=2)
    return t, s, "BACKTRACE_TOKEN"


@_reg("tool-output", "out-heroku-config")
def _():
    s = "shpss_" + _hx(32)
    t = ("$ heroku config -a mm-storefront-sync\n=== mm-storefront-sync Config Vars\nDATABASE_URL:        postgres://...(managed)\nNODE_ENV:            production\n"
         "SHOPIFY_API_KEY:     %s\nSHOPIFY_API_SECRET:  %s\nSHOPIFY_SCOPES:      read_products,write_inventory") % (_hx(32), s)
    return t, s, "SHOPIFY_API_SECRET"


@_reg("tool-output", "out-printenv-grep-token")
def _():
    s = _t_tfc()
    t = "$ printenv | grep -i -E 'tf_|token'\nTF_IN_AUTOMATION=1\nTF_WORKSPACE=ledger-prod\nTF_TOKEN_app_terraform_io=%s\nGIT_TERMINAL_PROMPT=0" % s
    return t, s, "TF_TOKEN_app_terraform_io"


@_reg("tool-output", "out-terraform-output-json-sensitive")
def _():
    s = _pw_safe(24)
    t = json.dumps({"db_admin_password": {"sensitive": True, "type": "string", "value": s},
                    "db_endpoint": {"sensitive": False, "type": "string", "value": "claims-db.%s.rds.amazonaws.com:5432" % _la(12)}}, indent=2)
    return "$ terraform output -json\n" + t, s, "db_admin_password"


@_reg("tool-output", "out-op-item-get-reveal")
def _():
    p = _pw_rand(24)
    t = ("$ op item get 'SAP QAS - RFC_BATCH' --vault Ops --reveal\nID:          %s\nTitle:       SAP QAS - RFC_BATCH\nVault:       Ops (%s)\nCreated:     %d months ago\n"
         "Updated:     %d days ago by %s\nFavorite:    false\nVersion:     %d\nCategory:    LOGIN\nFields:\n  username:    RFC_BATCH\n  password:    %s\n"
         "URLs:\n  website: https://sap-qas.%s (primary)") % (_la(26), _la(26), _ri(2, 30), _ri(1, 20), _name(), _ri(2, 9), p, _dom("ent"))
    return t, p, "op item get"


@_reg("tool-output", "out-op-read-raw")
def _():
    s = "sk_live_" + _b62(99)
    t = "$ op read 'op://Payments/Stripe prod/credential'\n%s" % s
    return t, s, "op read"


@_reg("tool-output", "out-gcloud-print-access-token")
def _():
    s = "ya29.a0" + _b64u(180)
    t = "$ gcloud auth print-access-token --impersonate-service-account=feature-store@tessellate-prod.iam.gserviceaccount.com\nWARNING: This command is using service account impersonation.\n%s" % s
    return t, s, "print-access-token"


@_reg("tool-output", "out-az-get-access-token-json")
def _():
    s = _jwt(iss="https://sts.windows.net/%s/" % _uuid(), aud="https://management.azure.com/", alg="RS256",
             extra={"appid": _uuid(), "tid": _uuid(), "oid": _uuid()})
    t = json.dumps({"accessToken": s, "expiresOn": _ts2(), "subscription": _uuid(), "tenant": _uuid(), "tokenType": "Bearer"}, indent=2)
    return "$ az account get-access-token\n" + t, s, "accessToken"


@_reg("tool-output", "out-ecr-get-login-password")
def _():
    inner = json.dumps({"payload": _b64b(240), "datakey": _b64b(120), "version": "2", "type": "DATA_KEY", "expiration": _ri(1700000000, 1760000000)},
                       separators=(",", ":"))
    s = base64.b64encode(inner.encode()).decode()
    t = "$ aws ecr get-login-password --region %s\n%s" % (_region(), s)
    return t, s, "get-login-password"


@_reg("tool-output", "out-gh-auth-status-show-token")
def _():
    s = "gho_" + _b62(36)
    t = ("$ gh auth status --show-token\ngithub.com\n  \u2713 Logged in to github.com account %s (keyring)\n  - Active account: true\n"
         "  - Git operations protocol: https\n  - Token: %s\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'") % (_user().replace(".", "-"), s)
    return t, s, "gh auth status"


@_reg("tool-output", "out-vault-token-create")
def _():
    s = _t_vault()
    t = ("$ vault token create -policy=ci-readonly -ttl=24h\nKey                  Value\n---                  -----\ntoken                %s\n"
         "token_accessor       %s\ntoken_duration       24h\ntoken_renewable      true\ntoken_policies       [\"ci-readonly\" \"default\"]") % (s, _b62(24))
    return t, s, "token_accessor"


@_reg("tool-output", "out-consul-acl-token-create")
def _():
    s = _uuid()
    t = ("$ consul acl token create -description 'hl7-router agent' -policy-name hl7-router\nAccessorID:       %s\nSecretID:         %s\n"
         "Description:      hl7-router agent\nLocal:            false\nCreate Time:      %s\nPolicies:\n   %s - hl7-router") % (_uuid(), s, _ts2(), _uuid())
    return t, s, "SecretID"


@_reg("tool-output", "out-nomad-acl-bootstrap")
def _():
    s = _uuid()
    t = ("$ nomad acl bootstrap\nAccessor ID  = %s\nSecret ID    = %s\nName         = Bootstrap Token\nType         = management\nGlobal       = true\n"
         "Create Time  = %s\nExpiry Time  = <none>\nPolicies     = n/a") % (_uuid(), s, _ts2())
    return t, s, "Secret ID"


@_reg("tool-output", "out-kubeadm-token-create")
def _():
    s = _la(6) + "." + _la(16)
    t = "$ kubeadm token create --print-join-command\nkubeadm join %s:6443 --token %s --discovery-token-ca-cert-hash sha256:%s" % (_ip(), s, _hx(64))
    return t, s, "kubeadm join"


@_reg("tool-output", "out-docker-swarm-join-token")
def _():
    s = "SWMTKN-1-" + _rs(_LOW + _DIG, 50) + "-" + _rs(_LOW + _DIG, 25)
    t = ("$ docker swarm join-token worker\nTo add a worker to this swarm, run the following command:\n\n"
         "    docker swarm join --token %s %s:2377\n") % (s, _ip())
    return t, s, "docker swarm join"


@_reg("tool-output", "out-openshift-install-kubeadmin")
def _():
    p = "-".join(_b62(5) for _ in range(4))
    t = ("INFO Install complete!\nINFO To access the cluster as the system:admin user when using 'oc', run 'export KUBECONFIG=/home/%s/ocp/auth/kubeconfig'\n"
         "INFO Access the OpenShift web-console here: https://console-openshift-console.apps.ocp4.%s\n"
         "INFO Login to the console with user: \"kubeadmin\", and password: \"%s\"\nINFO Time elapsed: %dm%ds") % (_user(), _dom("ent"), p, _ri(30, 59), _ri(0, 59))
    return t, p, "kubeadmin"


@_reg("tool-output", "out-k3s-node-token")
def _():
    s = "K10" + _hx(64) + "::server:" + _hx(32)
    t = "$ sudo cat /var/lib/rancher/k3s/server/node-token\n%s" % s
    return t, s, "node-token"


@_reg("tool-output", "out-jupyter-server-list")
def _():
    s = _hx(48)
    t = "$ jupyter server list\nCurrently running servers:\nhttp://%s:%d/?token=%s :: /home/%s/projects/churn" % (_pick(["localhost", "gpu-node17", "127.0.0.1"]), _ri(8888, 8899), s, _user().replace(".", ""))
    return t, s, "jupyter server list"


@_reg("tool-output", "out-mimikatz-logonpasswords")
def _():
    p = _pw()
    u = "svc_" + _pick(["sql", "backup", "sccm", "sap"])
    t = ("mimikatz # sekurlsa::logonpasswords\n\nAuthentication Id : 0 ; %d (00000000:%s)\nSession           : Service from 0\nUser Name         : %s\n"
         "Domain            : MERIDIAN\nLogon Server      : DC-02\nLogon Time        : %s\nSID               : S-1-5-21-%d-%d-%d-%d\n"
         "\twdigest :\n\t * Username : %s\n\t * Domain   : MERIDIAN\n\t * Password : %s") % (
        _ri(100000, 999999), _hx(8), u, _ts2(), _ri(10 ** 9, 4 * 10 ** 9), _ri(10 ** 9, 4 * 10 ** 9), _ri(10 ** 9, 4 * 10 ** 9), _ri(1100, 9999), u, p)
    return t, p, "sekurlsa::logonpasswords"


@_reg("tool-output", "out-secretsdump-ntds-line")
def _():
    h = _hx(32)
    t = ("[*] Dumping Domain Credentials (domain\\uid:rid:lmhash:nthash)\n[*] Using the DRSUAPI method to get NTDS.DIT secrets\n"
         "MERIDIAN.LOCAL\\svc_sql:%d:aad3b435b51404eeaad3b435b51404ee:%s:::") % (_ri(1100, 9999), h)
    return t, h, "DRSUAPI"


@_reg("tool-output", "out-john-show")
def _():
    p = _pw_human()
    t = "$ john --show --format=krb5tgs kerberoast.txt\nsvc_mssql:%s:MSSQLSvc/sql-02.meridian.local:1433\n\n1 password hash cracked, 2 left" % p
    return t, p, "john --show"


@_reg("tool-output", "out-get-gpppassword")
def _():
    p = _pw()
    t = ("PS> Get-GPPPassword\n\nChanged   : {%s}\nUserNames : {LocalAdminBackup}\nNewName   : [BLANK]\nPasswords : {%s}\n"
         "File      : \\\\meridian.local\\SYSVOL\\meridian.local\\Policies\\{%s}\\Machine\\Preferences\\Groups\\Groups.xml") % (_ts2(), p, _uuid().upper())
    return t, p, "Get-GPPPassword"


@_reg("tool-output", "out-ldif-userpassword-b64")
def _():
    pw = _pw()
    s = base64.b64encode(pw.encode()).decode()
    t = ("$ ldapsearch -LLL -x -H ldap://%s -b ou=svc,dc=halvorsen,dc=net '(uid=jenkins)' userPassword\ndn: uid=jenkins,ou=svc,dc=halvorsen,dc=net\n"
         "userPassword:: %s") % (_host("ent"), s)
    return t, s, "userPassword"


@_reg("tool-output", "out-git-show-env-diff")
def _():
    s = "sntryu_" + _hx(64)
    t = ("$ git show %s -- .env.production\ncommit %s\nAuthor: %s <%s@ironlantern.games>\nDate:   %s\n\n    wire crash symbol upload\n\n"
         "diff --git a/.env.production b/.env.production\nindex %s..%s 100644\n--- a/.env.production\n+++ b/.env.production\n@@ -3,3 +3,4 @@\n SENTRY_ORG=ironlantern\n"
         " SENTRY_PROJECT=game-client\n SENTRY_URL=https://sentry.io/\n+SENTRY_AUTH_TOKEN=%s") % (_hx(9), _sha(), _name(), _user(), _ts2(), _hx(7), _hx(7), s)
    return t, s, "SENTRY_AUTH_TOKEN"


@_reg("tool-output", "out-grep-rn-settings")
def _():
    s = _b62(32)
    t = ("$ grep -rn 'REDOX' --include=*.py .\n./integrations/redox/client.py:12:REDOX_BASE = 'https://api.redoxengine.com'\n"
         "./integrations/redox/client.py:13:REDOX_SOURCE_SECRET = '%s'\n./tests/test_redox.py:8:from integrations.redox.client import REDOX_BASE") % s
    return t, s, "REDOX_SOURCE_SECRET"


@_reg("tool-output", "out-python-repl-environ")
def _():
    s = _t_anthropic()
    t = ">>> import os\n>>> os.environ.get('ANTHROPIC_API_KEY')\n'%s'\n>>> len(_)\n%d" % (s, len(s))
    return t, s, "os.environ.get"


@_reg("tool-output", "out-sqlite-auth-table")
def _():
    s = _jwt(iss="https://id.%s/" % _dom("mobile"), aud="pocketfold-ios")
    t = "$ sqlite3 Library/Application\\ Support/auth.sqlite 'select id, kind, value from tokens;'\n1|access|%s\n2|device_id|%s" % (s, _uuid().upper())
    return t, s, "sqlite3"


@_reg("tool-output", "out-adb-shared-prefs-xml")
def _():
    s = "1//0" + _b64u(99)
    t = ("$ adb shell run-as com.pocketfold.app cat shared_prefs/auth_prefs.xml\n<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n"
         "    <string name=\"refresh_token\">%s</string>\n    <long name=\"expires_at\" value=\"%d\" />\n    <boolean name=\"biometric_enabled\" value=\"true\" />\n</map>") % (s, _ri(1700000000000, 1760000000000))
    return t, s, "refresh_token"


@_reg("tool-output", "out-security-find-generic-password")
def _():
    p = _phrase(5, "-")
    t = "$ security find-generic-password -a ci@%s -s 'fastlane match' -w\n%s" % (_dom("mobile"), p)
    return t, p, "find-generic-password"


@_reg("tool-output", "out-fw-printenv-uboot")
def _():
    s = _b62(32)
    t = ("# fw_printenv\narch=arm\nbaudrate=115200\nboard=imx8mm-thermo\nbootcmd=run distro_bootcmd\nbootdelay=0\ncloud_endpoint=mqtts://%s:8883\n"
         "cloud_token=%s\nethaddr=%s\nserial#=HS%s") % (_host("iot"), s, ":".join(_hx(2) for _ in range(6)), _ua(10))
    return t, s, "cloud_token"


@_reg("tool-output", "out-strings-firmware-grep")
def _():
    p = _pw_safe(14)
    t = ("$ strings -n 8 build/thermo_v2.bin | grep -iE 'ssid|pass|psk'\nWIFI_SSID=HearthSense-Setup\nWIFI_PASS=%s\nwifi: psk too short\n"
         "esp_wifi_set_config failed: %%d\nE (%%u) wifi:invalid passphrase length") % p
    return t, p, "WIFI_PASS"


@_reg("tool-output", "out-aws-iot-create-keys-json")
def _():
    body = _key_rsa_pkcs1()
    esc = body.replace("\n", "\\n")
    t = ("$ aws iot create-keys-and-certificate --set-as-active\n{\n    \"certificateArn\": \"arn:aws:iot:%s:%s:cert/%s\",\n    \"certificateId\": \"%s\",\n"
         "    \"keyPair\": {\n        \"PublicKey\": \"-----BEGIN PUBLIC KEY-----\\n...\\n-----END PUBLIC KEY-----\\n\",\n"
         "        \"PrivateKey\": \"-----BEGIN RSA PRIVATE KEY-----\\n%s\\n-----END RSA PRIVATE KEY-----\\n\"\n    }\n}") % (
        _region(), _dig(12), _hx(64), _hx(64), esc)
    return t, esc, "PrivateKey"


@_reg("tool-output", "out-az-iot-connection-string")
def _():
    s = _b64b(32)
    t = ("$ az iot hub device-identity connection-string show -n tidewater-hub -d meter-%05d\n{\n  \"connectionString\": \"HostName=tidewater-hub.azure-devices.net;DeviceId=meter-%05d;SharedAccessKey=%s\"\n}") % (
        (_ri(1, 99999),) * 2 + (s,))
    return t, s, "SharedAccessKey"


@_reg("tool-output", "out-particle-token-create")
def _():
    s = _hx(40)
    t = "$ particle token create --expires-in 7776000\n? Using account %s@%s\nNew access token expires on %s\n    %s" % (_user(), _dom("iot"), _date(), s)
    return t, s, "particle token create"


@_reg("tool-output", "out-npm-token-create-table")
def _():
    s = "npm_" + _b62(36)
    t = "$ npm token create --read-only --cidr=10.0.0.0/8\n" + _box([("token", s), ("readonly", "true"), ("cidr_whitelist", "10.0.0.0/8"), ("created", _ts())])
    return t, s, "npm token create"


@_reg("tool-output", "out-doppler-secrets-table")
def _():
    s = "live_" + _hx(32)
    rows = [("NAME", "VALUE"), ("DOPPLER_CONFIG", "prd"), ("DOPPLER_ENVIRONMENT", "prd"), ("DOPPLER_PROJECT", "labeling"),
            ("SCALE_API_KEY", s), ("SCALE_PROJECT", "pedestrian-seg-v4")]
    t = "$ doppler secrets --project labeling --config prd\n" + _box(rows, header=True)
    return t, s, "SCALE_API_KEY"


@_reg("tool-output", "out-sops-decrypt-yaml")
def _():
    s = _b62(40)
    t = ("$ sops -d deploy/secrets/prod.enc.yaml\nhealthgorilla:\n    client_id: %s\n    client_secret: %s\n    base_url: https://api.healthgorilla.com\n"
         "mllp:\n    port: 2575") % (_la(24), s)
    return t, s, "client_secret"


@_reg("tool-output", "out-redis-config-get-requirepass")
def _():
    s = _hx(32)
    t = "%s:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"%s\"" % (_ip(), s)
    return t, s, "requirepass"


@_reg("tool-output", "out-mysql-select-api-keys")
def _():
    s = _la(32)
    t = ("mysql> SELECT integration_id, name, status, token FROM oauth_token WHERE consumer_id = %d;\n"
         "+----------------+---------------+--------+----------------------------------+\n"
         "| integration_id | name          | status | token                            |\n"
         "+----------------+---------------+--------+----------------------------------+\n"
         "|             %2d | erp-sync      |      1 | %s |\n"
         "+----------------+---------------+--------+----------------------------------+\n1 row in set (0.00 sec)") % (_ri(1, 40), _ri(1, 40), s)
    return t, s, "oauth_token"


@_reg("tool-output", "out-psql-select-webhook-secret")
def _():
    s = "whsec_" + _b62(32)
    t = ("recon=> select id, endpoint, signing_secret, enabled from webhook_endpoints where provider = 'stripe';\n"
         " id |                 endpoint                  |             signing_secret              | enabled\n"
         "----+-------------------------------------------+-----------------------------------------+---------\n"
         "  %d | https://recon.%s/hooks/stripe  | %s | t\n(1 row)") % (_ri(1, 9), _dom("fin"), s)
    return t, s, "signing_secret"


@_reg("tool-output", "out-ansible-debug-var")
def _():
    s = _pw_safe(16)
    t = ("TASK [kamailio : debug] ********************************************************\nok: [%s] => {\n    \"sip_trunk_secret\": \"%s\"\n}") % (_short("tel"), s)
    return t, s, "sip_trunk_secret"


@_reg("tool-output", "out-proc-environ-tr")
def _():
    s = _pw_safe()
    t = ("$ sudo cat /proc/$(pgrep -f mirth-server)/environ | tr '\\0' '\\n' | grep -i db\nDATABASE=postgres\nDATABASE_URL=jdbc:postgresql://%s:5432/mirthdb\n"
         "DATABASE_USERNAME=mirth\nDATABASE_PASSWORD=%s") % (_host("health"), s)
    return t, s, "DATABASE_PASSWORD"


@_reg("tool-output", "out-systemctl-show-environment")
def _():
    s = "pul-" + _hx(40)
    t = "$ systemctl show pulumi-drift.service -p Environment\nEnvironment=PULUMI_ACCESS_TOKEN=%s PULUMI_STACK=ledger/prod HOME=/var/lib/pulumi" % s
    return t, s, "PULUMI_ACCESS_TOKEN"


@_reg("tool-output", "out-pm2-env")
def _():
    s = "SG." + _b64u(22) + "." + _b64u(43)
    t = ("$ pm2 env 3\nNODE_ENV: production\nPORT: 3010\nSENDGRID_API_KEY: %s\nSENDGRID_FROM: orders@%s\nname: order-mailer\nexec_mode: cluster_mode") % (s, _dom("shop"))
    return t, s, "SENDGRID_API_KEY"


@_reg("tool-output", "out-dotnet-user-secrets-list")
def _():
    p = _pw_safe()
    t = ("$ dotnet user-secrets list --project src/Claims.Api\nConnectionStrings:Claims = Server=%s;Database=Claims;User Id=claims_app;Password=%s;TrustServerCertificate=True\n"
         "Hl7:ListenerPort = 2575") % (_short("main"), p)
    return t, p, "user-secrets list"


@_reg("tool-output", "out-az-keyvault-secret-show")
def _():
    s = _b64b(32)
    t = json.dumps({"attributes": {"created": _ts2(), "enabled": True, "recoveryLevel": "Recoverable+Purgeable"},
                    "id": "https://kv-sp-prod.vault.azure.net/secrets/sp-app-secret/%s" % _hx(32), "name": "sp-app-secret", "value": s}, indent=2)
    return "$ az keyvault secret show --vault-name kv-sp-prod -n sp-app-secret\n" + t, s, "keyvault secret show"


@_reg("tool-output", "out-aws-secretsmanager-escaped")
def _():
    s = _pw_safe(20)
    inner = json.dumps({"username": "claims_batch", "password": s, "engine": "db2", "host": _host("main"), "port": 50000})
    t = json.dumps({"ARN": "arn:aws:secretsmanager:%s:%s:secret:claims/db2-%s" % (_region(), _dig(12), _b62(6)), "Name": "claims/db2",
                    "SecretString": inner, "VersionStages": ["AWSCURRENT"]}, indent=4)
    return "$ aws secretsmanager get-secret-value --secret-id claims/db2\n" + t, s, "SecretString"


@_reg("tool-output", "out-kubectl-describe-pod-env")
def _():
    s = _b62(25)
    t = ("$ kubectl describe pod trainer-7d9c6b5f8-%s -n mlops | sed -n '/Environment:/,/Mounts:/p'\n    Environment:\n"
         "      COMET_API_KEY:        %s\n      COMET_WORKSPACE:      fernwood\n      NCCL_DEBUG:           WARN\n      HF_HOME:              /cache/hf\n    Mounts:") % (_la(5), s)
    return t, s, "COMET_API_KEY"


@_reg("tool-output", "out-helm-get-values")
def _():
    s = _pw_safe()
    t = ("$ helm get values keycloak -n iam\nUSER-SUPPLIED VALUES:\nauth:\n  adminUser: admin\n  adminPassword: %s\nproxy: edge\nreplicaCount: 2") % s
    return t, s, "adminPassword"


@_reg("tool-output", "out-ipython-out-dict")
def _():
    s = _b62(40)
    t = "In [7]: cfg = load_settings('prod'); cfg['labeling']\nOut[7]: {'provider': 'cohere', 'api_key': '%s', 'batch_size': 96, 'timeout_s': 30}" % s
    return t, s, "'api_key'"


@_reg("tool-output", "out-wg-showconf")
def _():
    s = _b64b(32)
    t = ("$ sudo wg showconf wg0\n[Interface]\nListenPort = 51820\nPrivateKey = %s\n\n[Peer]\nPublicKey = %s\nAllowedIPs = 10.66.0.0/24\nEndpoint = %s:51820\n"
         "PersistentKeepalive = 25") % (s, _b64b(32), _ip())
    return t, s, "PrivateKey"


@_reg("tool-output", "out-vault-approle-secret-id")
def _():
    s = _uuid()
    t = ("$ vault write -f auth/approle/role/ci-firmware/secret-id\nKey                   Value\n---                   -----\nsecret_id             %s\n"
         "secret_id_accessor    %s\nsecret_id_num_uses    0\nsecret_id_ttl         24h") % (s, _uuid())
    return t, s, "secret_id_accessor"


@_reg("tool-output", "out-stripe-listen-ready")
def _():
    s = "whsec_" + _hx(64)
    t = "$ stripe listen --forward-to localhost:4242/webhooks\n> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is %s (^C to quit)" % s
    return t, s, "stripe listen"


@_reg("tool-output", "out-cat-netrc-wandb")
def _():
    s = _hx(40)
    t = "$ cat ~/.netrc\nmachine api.wandb.ai\n  login user\n  password %s\nmachine github.com\n  login %s\n  password ${GH_TOKEN}" % (s, _user())
    return t, s, "machine api.wandb.ai"


@_reg("tool-output", "out-cat-kaggle-json")
def _():
    s = _hx(32)
    t = "$ cat ~/.kaggle/kaggle.json\n{\"username\":\"%s\",\"key\":\"%s\"}" % (_user().replace(".", ""), s)
    return t, s, "kaggle.json"


@_reg("tool-output", "out-cat-pgpass")
def _():
    p = _pw_safe()
    t = "$ cat ~/.pgpass\n%s:5432:recon:recon_ro:%s\n*:5432:*:postgres:*" % (_host("fin"), p)
    return t, p, ".pgpass"


@_reg("tool-output", "out-cat-s3cfg")
def _():
    s = _t_aws_secret()
    t = "$ cat ~/.s3cfg | head -6\n[default]\naccess_key = AKIA%s\nhost_base = s3.%s.amazonaws.com\nhost_bucket = %%(bucket)s.s3.amazonaws.com\nsecret_key = %s\nuse_https = True" % (_ua(16), _region(), s)
    return t, s, "secret_key"


@_reg("tool-output", "out-ftp-session-transcript")
def _():
    p = _upw8()
    t = ("$ ftp %s\nConnected to %s.\n220-FTPD1 IBM FTP CS V2R5 at MVS1, %s\nName (mvs1:%s): CLMSBAT\n331 Send password please.\nPassword: %s\n"
         "230 CLMSBAT is logged on.  Working directory is \"CLMSBAT.\".\nftp> quote site filetype=jes") % (_host("main"), _ip(), _hhmm(), _user(), p)
    return t, p, "331 Send password please."


@_reg("tool-output", "out-mirth-cli-channel-export")
def _():
    p = _pw_safe()
    t = ("$ grep -A3 '<properties class=\"com.mirth.connect.connectors.jdbc.DatabaseReceiverProperties\"' channels/ADT_Inbound.xml\n"
         "      <properties class=\"com.mirth.connect.connectors.jdbc.DatabaseReceiverProperties\" version=\"4.4.1\">\n"
         "        <url>jdbc:sqlserver://%s:1433;databaseName=EHR_STAGE</url>\n        <username>mirth_reader</username>\n        <password>%s</password>") % (_short("health"), p)
    return t, p, "<username>mirth_reader</username>"


@_reg("tool-output", "out-sacct-comment-leak")
def _():
    s = "hf_" + _rs(_UP + _LOW, 34)
    t = ("$ scontrol show job %d | grep -E 'Command|Environment'\n   Command=/home/%s/jobs/eval.sh --hf-token %s --model llama3-8b-ft\n"
         "   WorkDir=/scratch/%s/eval") % (_ri(1000000, 9999999), _user().replace(".", ""), s, _user().replace(".", ""))
    return t, s, "scontrol show job"


@_reg("tool-output", "out-nvs-partition-csv-dump")
def _():
    p = _pw_safe(16)
    t = ("$ python nvs_tool.py --dump readable partitions/nvs.bin | grep -A1 wifi\nNamespace wifi\n  Entry 3: key=sta.ssid type=STR value=\"Brightfield-Ops\"\n"
         "  Entry 4: key=sta.pswd type=STR value=\"%s\"\n  Entry 5: key=sta.authmode type=U8 value=3") % p
    return t, p, "sta.pswd"


# ============================================================ config-file

@_reg("config-file", "cfg-asterisk-sip-conf")
def _():
    s = _pw_safe(16)
    t = ("; /etc/asterisk/sip.conf (excerpt)\n[bluecrest-trunk]\ntype=peer\nhost=sip.%s\nport=5061\ntransport=tls\ndefaultuser=%s\nsecret=%s\n"
         "fromdomain=%s\ninsecure=port,invite\ncontext=from-trunk\ndisallow=all\nallow=alaw,ulaw") % (_dom("tel"), _dig(8), s, _dom("tel"))
    return t, s, "defaultuser"


@_reg("config-file", "cfg-pjsip-auth-section")
def _():
    s = _pw_safe(18)
    t = ("[voxharbor-auth]\ntype=auth\nauth_type=userpass\nusername=%s\npassword=%s\n\n[voxharbor-aor]\ntype=aor\ncontact=sip:%s:5060\nqualify_frequency=60") % (
        _dig(10), s, _host("tel"))
    return t, s, "auth_type=userpass"


@_reg("config-file", "cfg-freeswitch-gateway-xml")
def _():
    s = _pw_safe(16)
    t = ("<include>\n  <gateway name=\"relaycall-out\">\n    <param name=\"username\" value=\"%s\"/>\n    <param name=\"password\" value=\"%s\"/>\n"
         "    <param name=\"realm\" value=\"sip.%s\"/>\n    <param name=\"register\" value=\"true\"/>\n    <param name=\"expire-seconds\" value=\"600\"/>\n  </gateway>\n</include>") % (
        _dig(9), s, _dom("tel"))
    return t, s, "gateway name"


@_reg("config-file", "cfg-wpa-supplicant-network")
def _():
    s = _pick([_phrase(4, " "), _pw_safe(20)])
    t = ("ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\nupdate_config=1\ncountry=DE\n\nnetwork={\n    ssid=\"Tidewater-Field-%d\"\n"
         "    psk=\"%s\"\n    key_mgmt=WPA-PSK\n    priority=10\n}") % (_ri(1, 9), s)
    return t, s, "key_mgmt=WPA-PSK"


@_reg("config-file", "cfg-esp-idf-sdkconfig")
def _():
    s = _pw_safe(16)
    t = ("#\n# Example Connection Configuration\n#\nCONFIG_EXAMPLE_CONNECT_WIFI=y\nCONFIG_ESP_WIFI_SSID=\"Brightfield-Lab\"\nCONFIG_ESP_WIFI_PASSWORD=\"%s\"\n"
         "CONFIG_ESP_MAXIMUM_RETRY=5\nCONFIG_ESP_WIFI_AUTH_WPA2_PSK=y\n# end of Example Connection Configuration") % s
    return t, s, "CONFIG_ESP_WIFI_PASSWORD"


@_reg("config-file", "cfg-platformio-build-flags")
def _():
    s = _pw_safe(14)
    t = ("[env:esp32dev]\nplatform = espressif32@6.5.0\nboard = esp32dev\nframework = arduino\nmonitor_speed = 115200\nbuild_flags =\n"
         "    -DCORE_DEBUG_LEVEL=3\n    -DWIFI_SSID=\\\"HearthSense-QA\\\"\n    -DWIFI_PASS=\\\"%s\\\"\n    -DMQTT_HOST=\\\"%s\\\"") % (s, _host("iot"))
    return t, s, "WIFI_PASS"


@_reg("config-file", "cfg-mosquitto-bridge")
def _():
    s = _pw_safe(22)
    t = ("# /etc/mosquitto/conf.d/bridge.conf\nconnection cloud-bridge\naddress %s:8883\nbridge_protocol_version mqttv311\nremote_clientid gw-%s\n"
         "remote_username gw-%s\nremote_password %s\ntopic telemetry/# out 1 \"\" site/%d/\nbridge_cafile /etc/mosquitto/ca_certificates/cloud-ca.pem") % (
        _host("iot"), _hx(6), _hx(6), s, _ri(1, 300))
    return t, s, "remote_username"


@_reg("config-file", "cfg-chirpstack-device-toml")
def _():
    s = _HX(32)
    t = ("[[devices]]\nname = \"soil-probe-%03d\"\ndev_eui = \"%s\"\njoin_eui = \"%s\"\ndevice_profile = \"%s\"\n\n[devices.keys]\n"
         "nwk_key = \"%s\"") % (_ri(1, 999), _HX(16), _HX(16), _uuid(), s)
    return t, s, "nwk_key"


@_reg("config-file", "cfg-sssd-conf-authtok")
def _():
    s = _pw()
    t = ("[domain/halvorsen.net]\nid_provider = ldap\nauth_provider = ldap\nldap_uri = ldaps://%s\nldap_search_base = dc=halvorsen,dc=net\n"
         "ldap_default_bind_dn = uid=sssd-bind,ou=svc,dc=halvorsen,dc=net\nldap_default_authtok_type = password\nldap_default_authtok = %s\ncache_credentials = true") % (_host("ent"), s)
    return t, s, "ldap_default_authtok_type"


@_reg("config-file", "cfg-saprfc-ini")
def _():
    s = _pw_safe()
    t = ("DEST=QAS_BATCH\nTYPE=A\nASHOST=%s\nSYSNR=00\nCLIENT=100\nUSER=RFC_BATCH\nPASSWD=%s\nLANG=EN\nTRACE=0") % (_host("ent"), s)
    return t, s, "DEST=QAS_BATCH"


@_reg("config-file", "cfg-odbc-ini-db2")
def _():
    s = _upw8()
    t = ("[DB2PROD]\nDriver      = /opt/ibm/db2/clidriver/lib/libdb2o.so\nDescription = claims warehouse\nDatabase    = CLMSDW\nHostname    = %s\n"
         "Port        = 50000\nProtocol    = TCPIP\nUID         = CLMSRPT\nPWD         = %s") % (_host("main"), s)
    return t, s, "[DB2PROD]"


@_reg("config-file", "cfg-slurmdbd-conf")
def _():
    s = _pw_safe()
    t = ("# slurmdbd.conf\nAuthType=auth/munge\nDbdHost=%s\nSlurmUser=slurm\nDebugLevel=info\nLogFile=/var/log/slurm/slurmdbd.log\nPidFile=/run/slurmdbd.pid\n"
         "StorageType=accounting_storage/mysql\nStorageHost=%s\nStorageUser=slurm\nStoragePass=%s\nStorageLoc=slurm_acct_db") % (_short("hpc"), _short("hpc"), s)
    return t, s, "StorageType"


@_reg("config-file", "cfg-jupyter-server-config")
def _():
    s = _hx(48)
    t = ("# ~/.jupyter/jupyter_server_config.py\nc = get_config()  # noqa\nc.ServerApp.ip = '0.0.0.0'\nc.ServerApp.port = %d\nc.ServerApp.open_browser = False\n"
         "c.IdentityProvider.token = '%s'\nc.ServerApp.root_dir = '/scratch/%s'") % (_ri(8800, 8999), s, _user().replace(".", ""))
    return t, s, "IdentityProvider.token"


@_reg("config-file", "cfg-dvc-config-local")
def _():
    s = _t_aws_secret()
    t = ("# .dvc/config.local (not committed)\n['remote \"storage\"']\n    access_key_id = AKIA%s\n    secret_access_key = %s\n"
         "['remote \"minio\"']\n    endpointurl = https://%s") % (_ua(16), s, _host("ml"))
    return t, s, "secret_access_key"


@_reg("config-file", "cfg-rclone-conf-b2")
def _():
    s = "K00" + _rs(_B62 + "/+", 28)
    t = "[b2-archive]\ntype = b2\naccount = 00%s0000000%s\nkey = %s\nhard_delete = false\n\n[local-scratch]\ntype = local" % (_hx(10), _dig(3), s)
    return t, s, "type = b2"


@_reg("config-file", "cfg-aws-credentials-profile")
def _():
    s = _t_aws_secret()
    t = ("[default]\nregion = %s\n\n[recon-readonly]\naws_access_key_id = AKIA%s\naws_secret_access_key = %s\n\n[sso-admin]\nsso_session = corp\nsso_account_id = %s") % (
        _region(), _ua(16), s, _dig(12))
    return t, s, "aws_secret_access_key"


@_reg("config-file", "cfg-npmrc-authtoken-scope")
def _():
    s = "npm_" + _b62(36)
    t = "@kestrel:registry=https://npm.pkg.github.com/\n//npm.pkg.github.com/:_authToken=%s\nalways-auth=true\nengine-strict=true" % s
    return t, s, "_authToken"


@_reg("config-file", "cfg-pip-conf-index-url-creds")
def _():
    p = _pw_safe()
    t = ("[global]\ntimeout = 60\nindex-url = https://ml-ci:%s@artifactory.%s/artifactory/api/pypi/pypi-virtual/simple\ntrusted-host = artifactory.%s") % (
        p, _dom("ml"), _dom("ml"))
    return t, p, "index-url"


@_reg("config-file", "cfg-maven-settings-server")
def _():
    p = _pw_safe()
    t = ("<settings>\n  <servers>\n    <server>\n      <id>harbor-releases</id>\n      <username>deployer</username>\n      <password>%s</password>\n    </server>\n"
         "  </servers>\n</settings>") % p
    return t, p, "harbor-releases"


@_reg("config-file", "cfg-gradle-properties-signing")
def _():
    p = _pw_safe()
    t = ("org.gradle.jvmargs=-Xmx4g -Dfile.encoding=UTF-8\nandroid.useAndroidX=true\nsigning.keyId=%s\nsigning.password=%s\n"
         "signing.secretKeyRingFile=/home/ci/.gnupg/secring.gpg") % (_HX(8), p)
    return t, p, "signing.password"


@_reg("config-file", "cfg-p4config-passwd")
def _():
    p = _pw_safe()
    t = "P4PORT=ssl:%s:1666\nP4USER=%s\nP4CLIENT=%s_ws_main\nP4PASSWD=%s\nP4IGNORE=.p4ignore" % (_host("game"), _user().replace(".", ""), _short("game"), p)
    return t, p, "P4PASSWD"


@_reg("config-file", "cfg-keystore-properties")
def _():
    p = _pw_safe()
    t = "# keystore.properties - read by app/build.gradle.kts\nstoreFile=../keys/upload.jks\nstorePassword=%s\nkeyAlias=upload\nkeyPassword=${UPLOAD_KEY_PASSWORD}" % p
    return t, p, "storePassword"


@_reg("config-file", "cfg-hapi-application-yaml")
def _():
    p = _pw_safe()
    t = ("spring:\n  datasource:\n    url: 'jdbc:postgresql://%s:5432/hapi'\n    username: hapi\n    password: '%s'\n    driverClassName: org.postgresql.Driver\n"
         "hapi:\n  fhir:\n    fhir_version: R4\n    allow_external_references: true") % (_host("health"), p)
    return t, p, "driverClassName"


@_reg("config-file", "cfg-mirth-properties")
def _():
    p = _pw_safe()
    t = ("# mirth.properties\nhttp.port = 8080\nhttps.port = 8443\ndatabase = postgres\ndatabase.url = jdbc:postgresql://%s:5432/mirthdb\n"
         "database.username = mirth\ndatabase.password = %s\ndatabase.max-connections = 20") % (_host("health"), p)
    return t, p, "database.password"


@_reg("config-file", "cfg-spring-ldap-yaml")
def _():
    p = _pw()
    t = ("spring:\n  ldap:\n    urls: ldaps://%s:636\n    base: dc=meridian,dc=local\n    username: CN=svc-portal,OU=Service Accounts,DC=meridian,DC=local\n"
         "    password: \"%s\"") % (_host("ent"), p)
    return t, p, "urls"


@_reg("config-file", "cfg-kafka-client-jaas")
def _():
    s = _rs(_B62 + "+/", 64)
    t = ("KafkaClient {\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n  username=\"%s\"\n  password=\"%s\";\n};") % (_ua(16), s)
    return t, s, "KafkaClient"


@_reg("config-file", "cfg-tomcat-users-xml")
def _():
    p = _pw_safe()
    t = ("<tomcat-users xmlns=\"http://tomcat.apache.org/xml\" version=\"1.0\">\n  <role rolename=\"manager-gui\"/>\n"
         "  <user username=\"deploy\" password=\"%s\" roles=\"manager-script,manager-gui\"/>\n</tomcat-users>") % p
    return t, p, "manager-script"


@_reg("config-file", "cfg-tomcat-context-resource")
def _():
    p = _pw_safe()
    t = ("<Context>\n  <Resource name=\"jdbc/claims\" auth=\"Container\" type=\"javax.sql.DataSource\"\n            driverClassName=\"com.ibm.db2.jcc.DB2Driver\"\n"
         "            url=\"jdbc:db2://%s:50000/CLMSDB\"\n            username=\"clmsapp\" password=\"%s\" maxTotal=\"40\"/>\n</Context>") % (_host("main"), p)
    return t, p, "jdbc/claims"


@_reg("config-file", "cfg-weblogic-boot-properties")
def _():
    p = _pw_safe()
    t = "# servers/AdminServer/security/boot.properties (re-encrypted on next start)\nusername=weblogic\npassword=%s" % p
    return t, p, "boot.properties"


@_reg("config-file", "cfg-web-config-appsettings")
def _():
    s = _b64b(32)
    t = ("<configuration>\n  <appSettings>\n    <add key=\"SharePointSiteUrl\" value=\"https://sp.%s/sites/contracts\" />\n    <add key=\"ClientId\" value=\"%s\" />\n"
         "    <add key=\"ClientSecret\" value=\"%s\" />\n  </appSettings>\n</configuration>") % (_dom("ent"), _uuid(), s)
    return t, s, "ClientSecret"


@_reg("config-file", "cfg-nslcd-bindpw")
def _():
    p = _pw()
    t = "# /etc/nslcd.conf\nuid nslcd\ngid ldap\nuri ldaps://%s/\nbase dc=halvorsen,dc=net\nbinddn cn=nslcd,ou=svc,dc=halvorsen,dc=net\nbindpw %s\ntls_reqcert demand" % (_host("ent"), p)
    return t, p, "binddn"


@_reg("config-file", "cfg-freeradius-clients")
def _():
    s = _pw_safe(24)
    t = "client wlc-hq {\n    ipaddr = %s\n    secret = %s\n    shortname = wlc-hq\n    nas_type = cisco\n}" % (_ip(), s)
    return t, s, "nas_type"


@_reg("config-file", "cfg-docker-config-auths")
def _():
    u, p = "ci-bot", _pw_safe()
    s = base64.b64encode(("%s:%s" % (u, p)).encode()).decode()
    t = json.dumps({"auths": {"harbor.%s" % _dom("game"): {"auth": s}}, "credHelpers": {"%s.dkr.ecr.%s.amazonaws.com" % (_dig(12), _region()): "ecr-login"}}, indent="\t")
    return t, s, "credHelpers"


@_reg("config-file", "cfg-kubeconfig-user-token")
def _():
    s = _jwt(iss="kubernetes/serviceaccount", sub="system:serviceaccount:ci:deployer", aud="https://kubernetes.default.svc", alg="RS256")
    t = ("apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    server: https://%s:6443\n  name: ocp-prod\nusers:\n- name: ci-deployer\n  user:\n    token: %s\n"
         "contexts:\n- context: {cluster: ocp-prod, user: ci-deployer, namespace: payments}\n  name: prod\ncurrent-context: prod") % (_ip(), s)
    return t, s, "ci-deployer"


@_reg("config-file", "cfg-git-credentials-store")
def _():
    s = _t_gh_fine()
    t = "https://%s:%s@github.com\nhttps://oauth2:${GITLAB_TOKEN}@gitlab.%s" % (_user().replace(".", "-"), s, _dom("iot"))
    return t, s, "github.com"


@_reg("config-file", "cfg-composer-auth-json")
def _():
    s = _hx(32)
    t = json.dumps({"http-basic": {"repo.magento.com": {"username": _hx(32), "password": s}}}, indent=4)
    return t, s, "repo.magento.com"


@_reg("config-file", "cfg-magento-env-php")
def _():
    p = _pw_safe()
    t = ("<?php\nreturn [\n    'db' => [\n        'connection' => [\n            'default' => [\n                'host' => '%s',\n                'dbname' => 'magento',\n"
         "                'username' => 'magento',\n                'password' => '%s',\n                'active' => '1',\n            ],\n        ],\n    ],\n];") % (_host("shop"), p)
    return t, p, "'dbname'"


@_reg("config-file", "cfg-wp-config-define")
def _():
    p = _pw()
    t = "define( 'DB_NAME', 'thriftwell_wp' );\ndefine( 'DB_USER', 'wp_thriftwell' );\ndefine( 'DB_PASSWORD', '%s' );\ndefine( 'DB_HOST', '%s' );" % (p, _host("shop"))
    return t, p, "DB_PASSWORD"


@_reg("config-file", "cfg-mlflow-credentials-ini")
def _():
    p = _pw_safe()
    t = "# ~/.mlflow/credentials\n[mlflow]\nmlflow_tracking_username = %s\nmlflow_tracking_password = %s" % (_user(), p)
    return t, p, "mlflow_tracking_password"


@_reg("config-file", "cfg-feast-redis-connection")
def _():
    p = _pw_safe(24)
    t = ("project: churn_features\nregistry: s3://fernwood-feast/registry.db\nprovider: aws\nonline_store:\n  type: redis\n"
         "  connection_string: \"%s:6379,password=%s,ssl=true\"\noffline_store:\n  type: snowflake.offline") % (_host("ml"), p)
    return t, p, "online_store"


@_reg("config-file", "cfg-dbt-profiles-yml")
def _():
    p = _pw()
    t = ("fernwood:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n      account: xy%d.eu-central-1\n      user: DBT_PROD\n      password: \"%s\"\n"
         "      role: TRANSFORMER\n      warehouse: TRANSFORM_WH\n      database: ANALYTICS\n      schema: marts\n      threads: 8") % (_ri(10000, 99999), p)
    return t, p, "TRANSFORMER"


@_reg("config-file", "cfg-airflow-cfg-sqlalchemy")
def _():
    p = _pw_safe()
    t = "[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow:%s@%s:5432/airflow\nsql_alchemy_pool_size = 10\n\n[core]\nexecutor = CeleryExecutor" % (p, _host("ml"))
    return t, p, "sql_alchemy_conn"


@_reg("config-file", "cfg-airflow-fernet-key")
def _():
    s = base64.urlsafe_b64encode(_bytes(32)).decode()
    t = "[core]\ndags_folder = /opt/airflow/dags\nload_examples = False\nfernet_key = %s\nparallelism = 64" % s
    return t, s, "fernet_key"


@_reg("config-file", "cfg-clearml-conf-hocon")
def _():
    s = _b62(50)
    t = ("api {\n    web_server: https://app.clearml.%s\n    api_server: https://api.clearml.%s\n    credentials {\n        \"access_key\" = \"%s\"\n"
         "        \"secret_key\" = \"%s\"\n    }\n}") % (_dom("ml"), _dom("ml"), _ua(20), s)
    return t, s, "credentials"


@_reg("config-file", "cfg-nginx-basic-auth-header")
def _():
    s = base64.b64encode(("mirth_api:" + _pw_safe()).encode()).decode()
    t = ("location /api/ {\n    proxy_pass https://%s:8443/api/;\n    proxy_set_header Authorization \"Basic %s\";\n    proxy_set_header X-Requested-With OpenAPI;\n}") % (_short("health"), s)
    return t, s, "proxy_set_header"


@_reg("config-file", "cfg-haproxy-userlist")
def _():
    p = _pw_safe()
    t = "userlist stats_users\n    user ops insecure-password %s\n\nlisten stats\n    bind :8404\n    stats enable\n    stats uri /stats\n    acl auth_ok http_auth(stats_users)" % p
    return t, p, "userlist"


@_reg("config-file", "cfg-prometheus-basic-auth")
def _():
    p = _pw_safe()
    t = ("scrape_configs:\n  - job_name: 'sbc-exporter'\n    scheme: https\n    basic_auth:\n      username: prom\n      password: %s\n    static_configs:\n"
         "      - targets: ['%s:9100']") % (p, _short("tel"))
    return t, p, "basic_auth"


@_reg("config-file", "cfg-alertmanager-slack-url")
def _():
    s = _b62(24)
    t = ("receivers:\n  - name: payments-oncall\n    slack_configs:\n      - api_url: https://hooks.slack.com/services/T%s/B%s/%s\n        channel: '#payments-alerts'\n"
         "        send_resolved: true") % (_ua(8), _ua(10), s)
    return t, s, "slack_configs"


@_reg("config-file", "cfg-grafana-ini-admin")
def _():
    p = _pw()
    t = "[security]\nadmin_user = admin\nadmin_password = %s\ndisable_gravatar = true\ncookie_secure = true" % p
    return t, p, "admin_user"


@_reg("config-file", "cfg-pgbouncer-userlist")
def _():
    p = _pw_safe()
    t = "\"recon_app\" \"%s\"\n\"pgbouncer_stats\" \"SCRAM-SHA-256$4096:%s$%s:%s\"" % (p, _b64b(16), _b64b(32), _b64b(32))
    return t, p, "recon_app"


@_reg("config-file", "cfg-odoo-conf-admin-passwd")
def _():
    p = _pw()
    t = "[options]\naddons_path = /opt/odoo/addons,/opt/odoo/custom\nadmin_passwd = %s\ndb_host = %s\ndb_user = odoo\nproxy_mode = True" % (p, _host("shop"))
    return t, p, "admin_passwd"


@_reg("config-file", "cfg-keycloak-client-json")
def _():
    s = _b62(32)
    t = json.dumps({"clientId": "fhir-gateway", "enabled": True, "clientAuthenticatorType": "client-secret", "secret": s,
                    "redirectUris": ["https://fhir.%s/*" % _dom("health")], "serviceAccountsEnabled": True}, indent=2)
    return t, s, "clientAuthenticatorType"


@_reg("config-file", "cfg-openvpn-auth-user-pass")
def _():
    p = _pw()
    t = "# /etc/openvpn/client/auth.txt  (auth-user-pass)\nsvc-telemetry-gw\n%s" % p
    return t, p, "auth-user-pass"


@_reg("config-file", "cfg-ipsec-secrets-psk")
def _():
    s = _pw_safe(32)
    t = "# /etc/ipsec.secrets\n%s %s : PSK \"%s\"" % (_ip(), _ip(), s)
    return t, s, "ipsec.secrets"


@_reg("config-file", "cfg-cisco-username-password0")
def _():
    p = _pw_safe()
    t = ("hostname sbc-edge-%02d\n!\nusername netops privilege 15 password 0 %s\n!\nsnmp-server community ${SNMP_RO} RO\nip ssh version 2\nline vty 0 4\n login local") % (_ri(1, 20), p)
    return t, p, "privilege 15"


@_reg("config-file", "cfg-gh-hosts-yml")
def _():
    s = "gho_" + _b62(36)
    t = "github.com:\n    users:\n        %s:\n            oauth_token: %s\n    git_protocol: https\n    user: %s" % ((_user().replace(".", "-"),) + (s,) + (_user().replace(".", "-"),))
    return t, s, "oauth_token"


@_reg("config-file", "cfg-gcp-service-account-json")
def _():
    body = _key_rsa_pkcs8()
    esc = body.replace("\n", "\\n")
    proj = "tessellate-%s" % _la(6)
    t = ("{\n  \"type\": \"service_account\",\n  \"project_id\": \"%s\",\n  \"private_key_id\": \"%s\",\n"
         "  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n\",\n"
         "  \"client_email\": \"vertex-batch@%s.iam.gserviceaccount.com\",\n  \"client_id\": \"%s\",\n  \"token_uri\": \"https://oauth2.googleapis.com/token\"\n}") % (
        proj, _hx(40), esc, proj, _dig(21))
    return t, esc, "private_key_id"


@_reg("config-file", "cfg-appstore-p8-file")
def _():
    body = _key_p8()
    kid = _ua(10)
    t = "==> fastlane/keys/AuthKey_%s.p8 <==\n-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----" % (kid, body)
    return t, body, "AuthKey_" + kid


@_reg("config-file", "cfg-openssh-private-key-file")
def _():
    body = _key_openssh()
    t = "# ~/.ssh/id_ed25519_hpc\n-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % body
    return t, body, "BEGIN OPENSSH PRIVATE KEY"


@_reg("config-file", "cfg-epic-backend-ec-key")
def _():
    body = _key_ec()
    t = ("# secrets/epic/nonprod_private.pem - JWT signing key for Epic backend services (client_id %s)\n-----BEGIN EC PRIVATE KEY-----\n%s\n-----END EC PRIVATE KEY-----") % (_uuid(), body)
    return t, body, "BEGIN EC PRIVATE KEY"


@_reg("config-file", "cfg-device-ed25519-pkcs8")
def _():
    body = _key_ed25519()
    t = "# provisioning/devkeys/thermo-%s.key\n-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----" % (_hx(6), body)
    return t, body, "BEGIN PRIVATE KEY"


@_reg("config-file", "cfg-ldap-pam-ldap-conf-rootbindpw")
def _():
    p = _pw()
    t = "# /etc/ldap.secret is referenced by pam_ldap; value below copied for the migration\nrootbinddn cn=admin,dc=halvorsen,dc=net\nrootbindpw %s" % p
    return t, p, "rootbinddn"


@_reg("config-file", "cfg-steam-builder-config-vdf")
def _():
    p = _pw_safe()
    t = ("\"BuildConfig\"\n{\n\t\"SteamLogin\"\t\"ironlantern_build\"\n\t\"SteamPassword\"\t\"%s\"\n\t\"AppID\"\t\"%d\"\n\t\"Branch\"\t\"qa\"\n}") % (p, _ri(1000000, 2999999))
    return t, p, "SteamLogin"


@_reg("config-file", "cfg-unreal-defaultengine-ini")
def _():
    s = _b64raw(43)
    t = ("[/Script/OnlineSubsystemEOS.EOSSettings]\nProductId=%s\nSandboxId=%s\n+Artifacts=(ArtifactName=\"Game\",ClientId=\"xyza7891%s\",ClientSecret=\"%s\",ProductId=\"%s\",DeploymentId=\"%s\")") % (
        _hx(32), _hx(32), _b62(24), s, _hx(32), _hx(32))
    return t, s, "ClientSecret"


@_reg("config-file", "cfg-hl7-connector-yaml-tls")
def _():
    p = _pw_safe()
    t = ("mllp:\n  listen: 0.0.0.0:2575\n  tls:\n    enabled: true\n    keystore: /etc/hl7/keystore.p12\n    keystore_password: %s\n  ack_mode: original\n"
         "routing:\n  ADT^A01: fhir-encounter\n  ORU^R01: lab-results") % p
    return t, p, "keystore_password"


@_reg("config-file", "cfg-iso8583-switch-properties")
def _():
    s = _HX(32)
    t = ("# switch.properties - acquirer link to processor\nlink.host=%s\nlink.port=%d\nlink.header=ISO026000070\nlink.mac.algorithm=ANSI-X9.19\n"
         "link.zmk.clear=%s\nlink.kcv=%s") % (_host("fin"), _ri(7000, 7999), s, _HX(6))
    return t, s, "link.zmk.clear"


# ============================================================ source-code

@_reg("source-code", "src-cobol-working-storage-value")
def _():
    p = _upw8()
    t = ("       WORKING-STORAGE SECTION.\n       01  WS-DB2-CONN.\n           05  WS-DB2-LOCATION     PIC X(16) VALUE 'DSNPCLMS'.\n"
         "           05  WS-DB2-AUTHID       PIC X(08) VALUE 'CLMSBAT'.\n           05  WS-DB2-PASSWORD     PIC X(08) VALUE '%s'.\n"
         "       01  WS-SQLCODE-DISP         PIC -9(9).") % p
    return t, p, "WS-DB2-PASSWORD"


@_reg("source-code", "src-jcl-job-card-password")
def _():
    p = _upw8()
    t = ("//CLMSNITE JOB (ACCT%04d),'NIGHTLY SETTLE',CLASS=A,MSGCLASS=X,\n//             NOTIFY=&SYSUID,USER=CLMSBAT,PASSWORD=%s\n"
         "//STEP010  EXEC PGM=IKJEFT01,DYNAMNBR=20\n//SYSTSPRT DD SYSOUT=*\n//SYSTSIN  DD *\n  DSN SYSTEM(DSNP)\n  RUN PROGRAM(CLMS400) PLAN(CLMSPLN)\n/*") % (_ri(1, 9999), p)
    return t, p, "//CLMSNITE JOB"


@_reg("source-code", "src-jcl-ftp-batch-input")
def _():
    p = _upw8()
    t = ("//FTPSTEP  EXEC PGM=FTP,PARM='(EXIT TIMEOUT 120'\n//SYSPRINT DD SYSOUT=*\n//OUTPUT   DD SYSOUT=*\n//INPUT    DD *\n%s\nEDIXFER %s\n"
         "ascii\nput 'PROD.EDI.OUTBOUND.X837' /inbound/x837_%s.txt\nquit\n/*") % (_host("health"), p, _date().replace("-", ""))
    return t, p, "//FTPSTEP"


@_reg("source-code", "src-rpgle-sql-connect")
def _():
    p = _ua(10)
    t = ("**free\nctl-opt dftactgrp(*no) actgrp(*caller);\ndcl-s rmtUser char(10) inz('EDIREMOTE');\ndcl-s rmtPwd char(10) inz('%s');\n\n"
         "exec sql CONNECT TO RMTDB01 USER :rmtUser USING :rmtPwd;\nif sqlcode <> 0;\n  dsply ('Connect failed: ' + %%char(sqlcode));\nendif;") % p
    return t, p, "rmtPwd"


@_reg("source-code", "src-cl-chgdtaara-apikey")
def _():
    s = "llk_prod_" + _rs(_B32L, 40)
    t = ("PGM\n  DCL VAR(&KEY) TYPE(*CHAR) LEN(64)\n  CHGVAR VAR(&KEY) VALUE('%s')\n  CHGDTAARA DTAARA(LEDGERLIB/APIKEY (1 64)) VALUE(&KEY)\n  CALL PGM(LEDGERLIB/PAYSYNC)\nENDPGM") % s
    return t, s, "CHGDTAARA"


@_reg("source-code", "src-py-psycopg2-connect")
def _():
    p = _pw()
    t = ("import psycopg2\n\nconn = psycopg2.connect(\n    host=\"%s\",\n    dbname=\"recon\",\n    user=\"recon_ro\",\n    password=\"%s\",\n"
         "    sslmode=\"require\",\n)") % (_host("fin"), p)
    return t, p, "psycopg2.connect"


@_reg("source-code", "src-py-requests-auth-tuple")
def _():
    p = _pw()
    t = ("resp = requests.get(\n    f\"{FHIR_BASE}/Observation\",\n    params={\"patient\": patient_id, \"category\": \"laboratory\", \"_count\": 200},\n"
         "    auth=(\"svc_lab_feed\", \"%s\"),\n    timeout=30,\n)\nresp.raise_for_status()") % p
    return t, p, "svc_lab_feed"


@_reg("source-code", "src-py-fhirclient-settings")
def _():
    s = _hx(64)
    t = ("from fhirclient import client\n\nsettings = {\n    'app_id': 'orchard_bulk_export',\n    'api_base': 'https://fhir.%s/r4',\n"
         "    'secret': '%s',\n}\nsmart = client.FHIRClient(settings=settings)") % (_dom("health"), s)
    return t, s, "'app_id'"


@_reg("source-code", "src-ipynb-cell-environ-escaped")
def _():
    s = _hx(40)
    t = ("  {\n   \"cell_type\": \"code\",\n   \"execution_count\": 3,\n   \"id\": \"%s\",\n   \"metadata\": {},\n   \"outputs\": [],\n   \"source\": [\n"
         "    \"import os\\n\",\n    \"os.environ[\\\"WANDB_API_KEY\\\"] = \\\"%s\\\"\\n\",\n    \"wandb.init(project=\\\"churn-v3\\\")\"\n   ]\n  },") % (_hx(8), s)
    return t, s, "cell_type"


@_reg("source-code", "src-r-dbconnect-odbc")
def _():
    p = _pw()
    t = ("library(DBI)\ncon <- dbConnect(odbc::odbc(),\n                 Driver = \"Snowflake\",\n                 Server = \"xy%d.eu-central-1.snowflakecomputing.com\",\n"
         "                 UID = \"ANALYST_RO\",\n                 PWD = \"%s\",\n                 Warehouse = \"ADHOC_WH\")") % (_ri(10000, 99999), p)
    return t, p, "dbConnect"


@_reg("source-code", "src-julia-env-assign")
def _():
    s = "hf_" + _rs(_UP + _LOW, 34)
    t = "using HuggingFaceApi, Flux\nENV[\"HUGGINGFACE_TOKEN\"] = \"%s\"\nmodel = load_pretrained(\"quarrylabs/seg-unet-v2\")" % s
    return t, s, "HUGGINGFACE_TOKEN"


@_reg("source-code", "src-c-firmware-define-wifi")
def _():
    p = _pw_safe(16)
    t = ("/* secrets.h - DO NOT COMMIT (yes, it was committed) */\n#ifndef SECRETS_H\n#define SECRETS_H\n\n#define WIFI_SSID      \"HearthSense-Prod\"\n"
         "#define WIFI_PASSWORD  \"%s\"\n#define MQTT_PORT      8883\n\n#endif") % p
    return t, p, "WIFI_PASSWORD"


@_reg("source-code", "src-c-lorawan-appkey-bytes")
def _():
    kb = ["0x%s" % _HX(2) for _ in range(16)]
    s = ", ".join(kb)
    t = ("// LMIC keys for soil probe batch %d (MSB order)\nstatic const u1_t PROGMEM DEVEUI[8] = { %s };\n"
         "static const u1_t PROGMEM APPKEY[16] = { %s };\nvoid os_getDevKey (u1_t* buf) { memcpy_P(buf, APPKEY, 16); }") % (
        _ri(1, 30), ", ".join("0x%s" % _HX(2) for _ in range(8)), s)
    return t, s, "APPKEY"


@_reg("source-code", "src-cpp-unreal-fstring")
def _():
    s = _ua(52)
    t = ("// LobbyServerSubsystem.cpp\nnamespace\n{\n    static const FString PlayFabTitleId = TEXT(\"%s\");\n    static const FString PlayFabSecretKey = TEXT(\"%s\");\n}") % (_ua(5), s)
    return t, s, "PlayFabSecretKey"


@_reg("source-code", "src-csharp-unity-serializefield")
def _():
    s = "sac_live_" + _b62(40)
    t = ("public class AntiCheatBootstrap : MonoBehaviour\n{\n    [SerializeField] private string endpoint = \"https://ac.%s/v2\";\n"
         "    [SerializeField] private string serverKey = \"%s\";\n\n    void Awake() { SentinelAC.Init(endpoint, serverKey); }\n}") % (_dom("game"), s)
    return t, s, "SerializeField"


@_reg("source-code", "src-lua-game-server-const")
def _():
    s = _HX(32)
    t = "-- server/steam_auth.lua\nlocal STEAM_WEBAPI_KEY = \"%s\"\nlocal APP_ID = %d\n\nlocal function verify_ticket(ticket)\n  return http.get(AUTH_URL .. \"?key=\" .. STEAM_WEBAPI_KEY .. \"&appid=\" .. APP_ID .. \"&ticket=\" .. ticket)\nend" % (s, _ri(1000000, 2999999))
    return t, s, "STEAM_WEBAPI_KEY ="


@_reg("source-code", "src-gdscript-const")
def _():
    s = _hx(40)
    t = "extends Node\n\nconst GA_GAME_KEY := \"%s\"\nconst GA_SECRET_KEY := \"%s\"\n\nfunc _ready() -> void:\n\tGameAnalytics.init(GA_GAME_KEY, GA_SECRET_KEY)" % (_hx(32), s)
    return t, s, "GA_SECRET_KEY"


@_reg("source-code", "src-swift-constants-enum")
def _():
    s = "sk_live_" + _b62(24)
    t = "enum Secrets {\n    static let stripePublishable = \"pk_live_%s\"\n    static let stripeSecret = \"%s\" // TODO move server-side\n}" % (_b62(24), s)
    return t, s, "stripeSecret"


@_reg("source-code", "src-gradle-kts-buildconfigfield")
def _():
    s = "AIza" + _b64u(35)
    t = ("android {\n    defaultConfig {\n        applicationId = \"com.trailmix.app\"\n        buildConfigField(\"String\", \"MAPS_API_KEY\", \"\\\"%s\\\"\")\n    }\n}") % s
    return t, s, "buildConfigField"


@_reg("source-code", "src-dart-flutter-const")
def _():
    s = _b62(40)
    t = "// lib/env/prod.dart\nclass ProdEnv {\n  static const apiBase = 'https://api.%s';\n  static const revenueCatKey = 'sk_%s';\n}" % (_dom("mobile"), s)
    return t, "sk_" + s, "revenueCatKey"


@_reg("source-code", "src-java-as400-getconnection")
def _():
    p = _ua(10)
    t = ("Class.forName(\"com.ibm.as400.access.AS400JDBCDriver\");\nConnection conn = DriverManager.getConnection(\n"
         "    \"jdbc:as400://%s;naming=system;libraries=EDILIB,QGPL\", \"EDISVC\", \"%s\");") % (_host("main"), p)
    return t, p, "DriverManager.getConnection"


@_reg("source-code", "src-java-sap-jco-passwd")
def _():
    p = _pw_safe()
    t = ("Properties props = new Properties();\nprops.setProperty(DestinationDataProvider.JCO_ASHOST, \"%s\");\nprops.setProperty(DestinationDataProvider.JCO_SYSNR, \"00\");\n"
         "props.setProperty(DestinationDataProvider.JCO_CLIENT, \"100\");\nprops.setProperty(DestinationDataProvider.JCO_USER, \"RFC_BATCH\");\n"
         "props.setProperty(DestinationDataProvider.JCO_PASSWD, \"%s\");") % (_host("ent"), p)
    return t, p, "JCO_PASSWD"


@_reg("source-code", "src-csharp-networkcredential")
def _():
    p = _pw()
    t = ("using var ldap = new LdapConnection(new LdapDirectoryIdentifier(\"%s\", 636));\nldap.SessionOptions.SecureSocketLayer = true;\n"
         "ldap.Credential = new NetworkCredential(\"svc_portal\", \"%s\", \"MERIDIAN\");\nldap.Bind();") % (_host("ent"), p)
    return t, p, "NetworkCredential"


@_reg("source-code", "src-ps1-sharepoint-clientsecret")
def _():
    s = _b64b(32)
    t = ("$SiteUrl      = \"https://sp.%s/sites/hr\"\n$ClientId     = \"%s\"\n$ClientSecret = \"%s\"\n"
         "Connect-PnPOnline -Url $SiteUrl -ClientId $ClientId -ClientSecret $ClientSecret -WarningAction Ignore") % (_dom("ent"), _uuid(), s)
    return t, s, "$ClientSecret ="


@_reg("source-code", "src-go-twilio-clientparams")
def _():
    s = _hx(32)
    t = ("client := twilio.NewRestClientWithParams(twilio.ClientParams{\n\tUsername: \"AC%s\",\n\tPassword: \"%s\",\n})\n"
         "params := &api.CreateMessageParams{}\nparams.SetTo(to)") % (_hx(32), s)
    return t, s, "ClientParams"


@_reg("source-code", "src-rust-const-str")
def _():
    s = "dop_v1_" + _hx(64)
    t = "// src/provision.rs\nconst DO_TOKEN: &str = \"%s\";\nconst REGION: &str = \"fra1\";\n\nfn client() -> DigitalOcean { DigitalOcean::new(DO_TOKEN).unwrap() }" % s
    return t, s, "DO_TOKEN"


@_reg("source-code", "src-ruby-shopify-context-setup")
def _():
    s = "shpss_" + _hx(32)
    t = ("ShopifyAPI::Context.setup(\n  api_key: \"%s\",\n  api_secret_key: \"%s\",\n  host: \"https://sync.%s\",\n  scope: \"read_orders,write_fulfillments\",\n"
         "  is_embedded: false,\n  api_version: \"2024-07\",\n  is_private: false,\n)") % (_hx(32), s, _dom("shop"))
    return t, s, "api_secret_key"


@_reg("source-code", "src-php-woocommerce-client")
def _():
    s = "cs_" + _hx(40)
    t = ("$woocommerce = new Client(\n    'https://%s',\n    'ck_%s',\n    '%s',\n    ['version' => 'wc/v3', 'timeout' => 30]\n);") % (_dom("shop"), _hx(40), s)
    return t, s, "wc/v3"


@_reg("source-code", "src-elixir-runtime-config")
def _():
    p = _pw_safe()
    t = ("config :ledger, Ledger.Repo,\n  username: \"ledger\",\n  password: \"%s\",\n  hostname: \"%s\",\n  database: \"ledger_prod\",\n  pool_size: 15") % (p, _host("fin"))
    return t, p, "Ledger.Repo"


@_reg("source-code", "src-scala-spark-jdbc-option")
def _():
    p = _pw()
    t = ("val claims = spark.read\n  .format(\"jdbc\")\n  .option(\"url\", \"jdbc:oracle:thin:@//%s:1521/CLMSPRD\")\n  .option(\"dbtable\", \"CLAIMS.CLAIM_LINE\")\n"
         "  .option(\"user\", \"SPARK_ETL\")\n  .option(\"password\", \"%s\")\n  .load()") % (_host("ent"), p)
    return t, p, "spark.read"


@_reg("source-code", "src-sql-alter-user-identified")
def _():
    p = _rs(_UP, 1) + _rs(_B62 + "_", 15)
    t = "-- rotate after the audit finding %s\nALTER USER APPS_RO IDENTIFIED BY \"%s\" REPLACE \"%s\";\nGRANT SELECT ON AP.AP_INVOICES_ALL TO APPS_RO;" % (_ticket(), p, _rs(_UP, 1) + _rs(_B62, 13))
    return t, p, "ALTER USER"


@_reg("source-code", "src-abap-hardcoded-password")
def _():
    p = _pw_safe(12)
    t = ("DATA: lv_user     TYPE string VALUE 'IF_OUTBOUND',\n      lv_password TYPE string VALUE '%s'.\n\n"
         "lo_http_client->authenticate( username = lv_user password = lv_password ).") % p
    return t, p, "lv_password"


@_reg("source-code", "src-matlab-database-call")
def _():
    p = _pw()
    t = "conn = database('CLMSPRD', 'MATLAB_RO', '%s', 'Vendor', 'Oracle', 'Server', '%s', 'PortNumber', 1521);\ndata = fetch(conn, 'SELECT * FROM LOSS_TRIANGLE');" % (p, _host("ent"))
    return t, p, "database("


@_reg("source-code", "src-sas-libname-oracle")
def _():
    p = _pw_safe()
    t = "libname ora oracle user=SAS_ETL password=\"%s\" path=CLMSPRD schema=CLAIMS;\nproc sql; create table work.lines as select * from ora.claim_line; quit;" % p
    return t, p, "libname ora"


@_reg("source-code", "src-bash-script-header-vars")
def _():
    s = "NRAK-" + _ua(27)
    t = ("#!/usr/bin/env bash\nset -euo pipefail\n\nNR_ACCOUNT_ID=%d\nNR_API_KEY=\"%s\"\n\ncurl -s https://api.newrelic.com/graphql -H \"API-Key: ${NR_API_KEY}\" -d @query.json") % (_ri(1000000, 9999999), s)
    return t, s, "NR_API_KEY="


@_reg("source-code", "src-ts-env-fallback")
def _():
    s = "sk_live_" + _b62(99)
    t = "const stripe = new Stripe(process.env.STRIPE_SECRET_KEY ?? \"%s\", {\n  apiVersion: \"2024-06-20\",\n  maxNetworkRetries: 2,\n});" % s
    return t, s, "process.env.STRIPE_SECRET_KEY"


@_reg("source-code", "src-py-boto3-explicit-keys")
def _():
    s = _t_aws_secret()
    t = ("s3 = boto3.client(\n    \"s3\",\n    region_name=\"%s\",\n    aws_access_key_id=\"AKIA%s\",\n    aws_secret_access_key=\"%s\",\n)") % (_region(), _ua(16), s)
    return t, s, "boto3.client"


@_reg("source-code", "src-py-paramiko-key-password")
def _():
    p = _pw()
    t = "key = paramiko.Ed25519Key.from_private_key_file(os.path.expanduser('~/.ssh/id_ed25519_hpc'), password='%s')\nssh.connect('%s', username='%s', pkey=key)" % (p, _host("hpc"), _user().replace(".", ""))
    return t, p, "from_private_key_file"


@_reg("source-code", "src-py-ldap3-connection")
def _():
    p = _pw()
    t = ("server = Server('ldaps://%s', get_info=ALL)\nconn = Connection(server, user='MERIDIAN\\\\svc_audit', password='%s', authentication=NTLM, auto_bind=True)") % (_host("ent"), p)
    return t, p, "authentication=NTLM"


@_reg("source-code", "src-cs-connection-string-const")
def _():
    p = _pw_safe()
    t = "private const string ClaimsDb =\n    \"Server=%s;Database=Claims;User Id=claims_app;Password=%s;Encrypt=True;\";" % (_short("main"), p)
    return t, p, "ClaimsDb"


@_reg("source-code", "src-java-hmac-key-base64")
def _():
    s = _b64b(32)
    t = ("// ISO 8583 MAC key for the test acquirer link\nprivate static final byte[] MAC_KEY =\n        Base64.getDecoder().decode(\"%s\");") % s
    return t, s, "MAC_KEY"


@_reg("source-code", "src-arduino-mqtt-char-ptr")
def _():
    p = _pw_safe(20)
    t = "const char* mqtt_server = \"%s\";\nconst char* mqtt_user = \"thermo-%s\";\nconst char* mqtt_pass = \"%s\";\nWiFiClientSecure espClient;\nPubSubClient client(espClient);" % (_host("iot"), _hx(6), p)
    return t, p, "mqtt_pass"


@_reg("source-code", "src-micropython-wlan-connect")
def _():
    p = _pick([_phrase(3, "-"), _pw_safe(14)])
    t = "import network, time\nwlan = network.WLAN(network.STA_IF)\nwlan.active(True)\nwlan.connect('Tidewater-Field', '%s')\nwhile not wlan.isconnected():\n    time.sleep(0.5)" % p
    return t, p, "wlan.connect"


@_reg("source-code", "src-objc-nsstring-const")
def _():
    s = _b62(40)
    t = "static NSString * const kPTAppCenterSecret = @\"%s\";\nstatic NSString * const kPTExpoToken = @\"%s\";" % (_uuid(), s)
    return t, s, "kPTExpoToken"


@_reg("source-code", "src-diff-py-settings-added")
def _():
    s = "pcsk_" + _b62(5) + "_" + _b62(63)
    t = ("diff --git a/rag/settings.py b/rag/settings.py\n@@ -14,6 +14,8 @@ EMBED_MODEL = \"text-embedding-3-large\"\n CHUNK_SIZE = 800\n"
         " CHUNK_OVERLAP = 120\n+PINECONE_API_KEY = \"%s\"\n+PINECONE_INDEX = \"contracts-v2\"\n \n def index():") % s
    return t, s, "PINECONE_API_KEY"


@_reg("source-code", "src-diff-ts-header-added")
def _():
    s = "lin_api_" + _b62(40)
    t = ("--- a/scripts/triage.ts\n+++ b/scripts/triage.ts\n@@ -3,7 +3,7 @@ import { LinearClient } from \"@linear/sdk\";\n"
         "-const linear = new LinearClient({ apiKey: process.env.LINEAR_API_KEY });\n+const linear = new LinearClient({ apiKey: \"%s\" });\n") % s
    return t, s, "LinearClient"


@_reg("source-code", "src-kotlin-okhttp-interceptor")
def _():
    s = _t_fcm()
    t = ("val client = OkHttpClient.Builder()\n    .addInterceptor { chain ->\n        chain.proceed(chain.request().newBuilder()\n"
         "            .header(\"Authorization\", \"key=%s\")\n            .build())\n    }\n    .build()") % s
    return t, s, "addInterceptor"


@_reg("source-code", "src-vba-adodb-connection")
def _():
    p = _pw_safe()
    t = ("Dim cn As New ADODB.Connection\ncn.ConnectionString = \"Provider=OraOLEDB.Oracle;Data Source=CLMSPRD;User Id=XL_REPORT;Password=%s;\"\ncn.Open") % p
    return t, p, "ADODB.Connection"


@_reg("source-code", "src-perl-dbi-connect")
def _():
    p = _pw()
    t = "my $dbh = DBI->connect('dbi:Pg:dbname=billing;host=%s', 'billing_rw', '%s', { RaiseError => 1, AutoCommit => 0 });" % (_host("tel"), p)
    return t, p, "DBI->connect"


# ====================================================== stack-trace-or-log

@_reg("stack-trace-or-log", "log-py-traceback-locals-headers")
def _():
    s = _t_adyen()
    h = "ca-live.adyen.com"
    t = ("Traceback (most recent call last):\n  File \"/srv/recon/recon/adyen_sync.py\", line 88, in fetch_settlement\n    resp.raise_for_status()\n"
         "requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://%s/reports/download/MerchantAccount/KestrelEU/settlement_detail_report_batch_%d.csv\n"
         "Local variables:\n    batch = %d\n    headers = {'X-API-Key': '%s', 'Accept': 'text/csv'}\n    url = 'https://%s/reports/download/...'") % (h, _ri(100, 999), _ri(100, 999), s, h)
    return t, s, "X-API-Key"


@_reg("stack-trace-or-log", "log-json-escaped-nested-request")
def _():
    s = "EAAA" + _b64u(60)
    inner = json.dumps({"method": "POST", "url": "https://connect.squareup.com/v2/refunds", "headers": {"Authorization": "Bearer " + s, "Square-Version": "2024-06-04"}})
    t = json.dumps({"ts": _ts(), "level": "debug", "logger": "pos.refunds", "msg": "outbound request", "request": inner, "trace_id": _hx(32)})
    return t, s, "pos.refunds"


@_reg("stack-trace-or-log", "log-java-ioexception-url-key")
def _():
    s = _hx(32)
    t = ("java.io.IOException: Server returned HTTP response code: 403 for URL: https://api.%s/v1/catalog/export?store=eu&apikey=%s\n"
         "\tat java.base/sun.net.www.protocol.http.HttpURLConnection.getInputStream0(HttpURLConnection.java:2000)\n"
         "\tat com.cobaltcart.sync.CatalogExporter.pull(CatalogExporter.java:141)\n\tat com.cobaltcart.sync.Main.main(Main.java:27)") % (_dom("shop"), s)
    return t, s, "java.io.IOException"


@_reg("stack-trace-or-log", "log-curl-verbose-basic")
def _():
    s = base64.b64encode(("svc_export:" + _pw_safe()).encode()).decode()
    t = ("* Connected to %s (%s) port 443\n> GET /fhir/R4/$export?_type=Patient,Encounter HTTP/2\n> Host: %s\n> User-Agent: curl/8.5.0\n"
         "> Authorization: Basic %s\n> Accept: application/fhir+json\n> Prefer: respond-async\n< HTTP/2 202") % ((_host("health"), _ip(), _host("health"), s))
    return t, s, "Prefer: respond-async"


@_reg("stack-trace-or-log", "log-nginx-access-token-query")
def _():
    s = _b64u(32)
    t = "%s - - [%s] \"GET /ota/manifest.json?device=thermo-%s&token=%s HTTP/1.1\" 200 %d \"-\" \"esp32-http-client/1.0\"" % (
        _ip(), "14/Jun/2024:%s:%02d +0000" % (_hhmm(), _ri(0, 59)), _hx(6), s, _ri(300, 2000))
    return t, s, "esp32-http-client"


@_reg("stack-trace-or-log", "log-logfmt-config-loaded")
def _():
    s = "sk_" + _la(26)
    t = "time=%s level=debug msg=\"config loaded\" service=payout-worker env=prod cko_secret_key=%s cko_env=live retries=3" % (_ts(), s)
    return t, s, "cko_secret_key"


@_reg("stack-trace-or-log", "log-go-panic-struct-dump")
def _():
    p = _pw_safe()
    t = ("panic: dial tcp %s:5432: connect: connection refused\n\ngoroutine 1 [running]:\nmain.mustOpen(0xc0000a6000)\n\t/app/cmd/registry/main.go:41 +0x1c5\n"
         "cfg=&config.Config{ListenAddr:\":8081\", DSN:\"postgres://feast:%s@%s:5432/registry?sslmode=require\", LogLevel:\"info\"}") % (_ip(), p, _host("ml"))
    return t, p, "goroutine 1"


@_reg("stack-trace-or-log", "log-axios-error-config-dump")
def _():
    s = "shpat_" + _hx(32)
    t = ("AxiosError: Request failed with status code 429\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n  code: 'ERR_BAD_REQUEST',\n  config: {\n"
         "    method: 'post',\n    url: 'https://maple-and-moss.myshopify.com/admin/api/2024-07/graphql.json',\n    headers: {\n"
         "      'Content-Type': 'application/json',\n      'X-Shopify-Access-Token': '%s'\n    },") % s
    return t, s, "AxiosError"


@_reg("stack-trace-or-log", "log-rails-parameters-unfiltered")
def _():
    s = _la(31)
    t = ("Started POST \"/integrations/bigcommerce/callback\" for %s at %s +0000\nProcessing by Integrations::BigcommerceController#callback as JSON\n"
         "  Parameters: {\"store_hash\"=>\"%s\", \"access_token\"=>\"%s\", \"scope\"=>\"store_v2_orders store_v2_products\"}") % (_ip(), _ts2(), _la(10), s)
    return t, s, "Parameters"


@_reg("stack-trace-or-log", "log-esp-idf-serial-prov")
def _():
    p = _pw_safe(16)
    t = ("I (1532) wifi_prov_mgr: Provisioning started with service name : PROV_%s\nI (8811) app: Received Wi-Fi credentials\n"
         "\tSSID     : Tidewater-Field-2\n\tPassword : %s\nI (9020) wifi:connected with Tidewater-Field-2, aid = 3, channel 6") % (_HX(6), p)
    return t, p, "Received Wi-Fi credentials"


@_reg("stack-trace-or-log", "log-dotnet-sqlexception-connstr")
def _():
    p = _pw()
    t = ("fail: Claims.Api.Startup[0]\n      Could not open connection using 'Server=%s;Database=Claims;User Id=claims_app;Password=%s;Encrypt=True'\n"
         "      Microsoft.Data.SqlClient.SqlException (0x80131904): A network-related or instance-specific error occurred while establishing a connection to SQL Server.") % (_short("main"), p)
    return t, p, "SqlException"


@_reg("stack-trace-or-log", "log-php-mysqli-stack-args")
def _():
    p = _pw_safe()
    t = ("PHP Warning:  mysqli_connect(): (HY000/2002): Connection timed out in /var/www/erp-sync/lib/db.php on line 12\nPHP Stack trace:\n"
         "PHP   1. {main}() /var/www/erp-sync/cron/sync.php:0\nPHP   2. mysqli_connect($hostname = '%s', $username = 'shop_rw', $password = '%s', $database = 'shop') /var/www/erp-sync/lib/db.php:12") % (_host("shop"), p)
    return t, p, "mysqli_connect"


@_reg("stack-trace-or-log", "log-logcat-okhttp-bearer")
def _():
    s = _jwt(iss="https://id.%s/" % _dom("mobile"), aud="trailmix-android")
    t = ("06-14 12:03:55.118  8812  8901 D OkHttp  : --> GET https://api.%s/v3/trails/nearby?lat=47.37&lon=8.54\n"
         "06-14 12:03:55.118  8812  8901 D OkHttp  : Authorization: Bearer %s\n06-14 12:03:55.119  8812  8901 D OkHttp  : --> END GET") % (_dom("mobile"), s)
    return t, s, "OkHttp"


@_reg("stack-trace-or-log", "log-unity-player-playfab")
def _():
    s = _ua(52)
    t = ("[PlayFab] Settings loaded from Resources/PlayFabSharedSettings\n[PlayFab] TitleId=%s DeveloperSecretKey=%s (server build)\n"
         "UnityEngine.Debug:Log (object)\nPlayFabBootstrap:Awake () (at Assets/Scripts/Net/PlayFabBootstrap.cs:31)") % (_ua(5), s)
    return t, s, "DeveloperSecretKey"


@_reg("stack-trace-or-log", "log-mirth-jdbc-error")
def _():
    p = _pw_safe()
    t = ("ERROR 2024-06-14 03:12:44,118 [Database Reader Polling Thread on ADT_Inbound (%s)] com.mirth.connect.connectors.jdbc.DatabaseReceiver: "
         "Failed to connect to jdbc:sqlserver://%s:1433;databaseName=EHR_STAGE;user=mirth_reader;password=%s") % (_uuid(), _short("health"), p)
    return t, p, "DatabaseReceiver"


@_reg("stack-trace-or-log", "log-hl7-msh8-security")
def _():
    s = _b62(24)
    t = ("2024-06-14 08:44:02,337 DEBUG mllp.inbound - received 412 bytes from %s\nMSH|^~\\&|LABSYS|ORCHARD|HIEGW|STMARYS|%s||%s|ORU^R01^ORU_R01|%s|P|2.5.1\n"
         "PID|1||%s^^^ORCH^MR||DOE^JANE||19800101|F") % (_ip(), "20240614084401", s, _dig(10), _dig(8))
    return t, s, "ORU^R01"


@_reg("stack-trace-or-log", "log-hf-hub-traceback-token")
def _():
    s = "hf_" + _rs(_UP + _LOW, 34)
    t = ("  File \"/home/%s/.conda/envs/ft/lib/python3.11/site-packages/huggingface_hub/utils/_validators.py\", line 114, in _inner_fn\n"
         "    return fn(*args, **kwargs)\nhuggingface_hub.errors.GatedRepoError: 403 Client Error. Cannot access gated repo for url https://huggingface.co/meta-llama/Llama-3.1-8B/resolve/main/config.json.\n"
         "  call: hf_hub_download(repo_id='meta-llama/Llama-3.1-8B', filename='config.json', token='%s')\nslurmstepd: error: *** JOB %d ON gpu%02d CANCELLED ***") % (
        _user().replace(".", ""), s, _ri(1000000, 9999999), _ri(1, 40))
    return t, s, "GatedRepoError"


@_reg("stack-trace-or-log", "log-python-ldap-trace")
def _():
    p = _pw()
    t = ("*** <ldap.ldapobject.SimpleLDAPObject object at 0x7f3a%s> ldaps://%s - SimpleLDAPObject.simple_bind\n"
         "(('uid=svc-audit,ou=svc,dc=halvorsen,dc=net', '%s', None, None), {})\n=> result:\n%d") % (_hx(8), _host("ent"), p, _ri(1, 5))
    return t, p, "simple_bind"


@_reg("stack-trace-or-log", "log-db2-jcc-sqlexception-url")
def _():
    p = _upw8()
    t = ("com.ibm.db2.jcc.am.SqlInvalidAuthorizationSpecException: [jcc][t4][2013][11249][4.33.31] Connection authorization failure occurred.  Reason: User ID revoked. ERRORCODE=-4214, SQLSTATE=28000\n"
         "\tat com.ibm.db2.jcc.am.b7.a(b7.java:794)\n  datasource url=jdbc:db2://%s:50000/CLMSDB:user=CLMSAPP;password=%s;sslConnection=true;") % (_host("main"), p)
    return t, p, "ERRORCODE=-4214"


@_reg("stack-trace-or-log", "log-k8s-event-container-args")
def _():
    s = _t_tailscale()
    t = ("Warning  BackOff  2m (x31 over 9m)  kubelet  Back-off restarting failed container tailscale in pod subnet-router-0_infra(%s)\n"
         "  Command: /usr/local/bin/containerboot\n  Args: --hostname=k8s-subnet-router --authkey=%s --advertise-routes=10.40.0.0/16") % (_uuid(), s)
    return t, s, "containerboot"


@_reg("stack-trace-or-log", "log-celery-task-args")
def _():
    s = "live_" + _b64u(40)
    t = ("[%s: ERROR/ForkPoolWorker-3] Task ledger.tasks.sync_mandates[%s] raised unexpected: HTTPError('401 Unauthorized')\n"
         "  args=('%s', 'creditor_%s')\n  kwargs={'since': '%s'}") % (_ts2() + ",%03d" % _ri(0, 999), _uuid(), s, _ua(10), _date())
    return t, s, "sync_mandates"


@_reg("stack-trace-or-log", "log-node-ioredis-url")
def _():
    p = _pw_safe(24)
    t = ("[ioredis] Unhandled error event: Error: connect ETIMEDOUT\n    at Socket.<anonymous> (/app/node_modules/ioredis/built/Redis.js:170:41)\n"
         "  options: { url: 'rediss://default:%s@%s:6380/0', connectTimeout: 10000 }") % (p, _host("shop"))
    return t, p, "ioredis"


@_reg("stack-trace-or-log", "log-python-logging-dict-repr")
def _():
    p = _pw_safe()
    t = "%s DEBUG feast.infra.online_stores.redis Connecting with {'host': '%s', 'port': 6379, 'password': '%s', 'ssl': True, 'db': 0}" % (_ts2(), _host("ml"), p)
    return t, p, "feast.infra.online_stores.redis"


@_reg("stack-trace-or-log", "log-iis-w3c-query-apikey")
def _():
    s = _b62(32)
    t = ("#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip sc-status time-taken\n"
         "%s %s GET /ConnectorApi/sync apikey=%s&since=2024-06-13 443 - %s 200 412") % (_date(), _hhmm() + ":%02d" % _ri(0, 59), s, _ip())
    return t, s, "cs-uri-query"


@_reg("stack-trace-or-log", "log-syslog-cron-cmd")
def _():
    s = _t_aws_secret()
    t = "%s %s CRON[%d]: (root) CMD (/usr/local/bin/pacs-offsite.sh --bucket pacs-dr --access-key AKIA%s --secret-key %s >> /var/log/pacs-offsite.log 2>&1)" % (
        "Jun 14 02:00:01", _short("health"), _ri(1000, 60000), _ua(16), s)
    return t, s, "CRON"


@_reg("stack-trace-or-log", "log-auditd-execve-mysql")
def _():
    p = _pw_safe()
    t = "type=EXECVE msg=audit(%d.%03d:%d): argc=6 a0=\"mysql\" a1=\"-h\" a2=\"%s\" a3=\"-u\" a4=\"root\" a5=\"-p%s\"" % (
        _ri(1700000000, 1760000000), _ri(0, 999), _ri(1000, 99999), _host("shop"), p)
    return t, p, "type=EXECVE"


@_reg("stack-trace-or-log", "log-sentry-breadcrumb-json")
def _():
    s = "xoxb-%s-%s-%s" % (_dig(12), _dig(13), _b62(24))
    t = json.dumps({"breadcrumbs": {"values": [{"category": "httplib", "data": {"method": "POST", "url": "https://slack.com/api/chat.postMessage",
                    "headers": {"Authorization": "Bearer " + s}}, "level": "info", "timestamp": _ts()}]}, "event_id": _hx(32)}, indent=1)
    return t, s, "breadcrumbs"


@_reg("stack-trace-or-log", "log-win-4688-cmdline")
def _():
    p = _pw()
    t = ("An new process has been created.\nCreator Subject:\n\tAccount Name:\t\tsvc_sched\n\tAccount Domain:\t\tMERIDIAN\nProcess Information:\n"
         "\tNew Process Name:\tC:\\Program Files\\Microsoft SQL Server\\Client SDK\\ODBC\\170\\Tools\\Binn\\SQLCMD.EXE\n"
         "\tProcess Command Line:\t\"SQLCMD.EXE\" -S %s -U sa -P %s -i C:\\jobs\\purge_staging.sql") % (_short("ent"), p)
    return t, p, "Process Command Line"


@_reg("stack-trace-or-log", "log-retrofit-http-failed-key")
def _():
    s = "AIza" + _b64u(35)
    t = "<-- HTTP FAILED: java.net.SocketTimeoutException: timeout\n--> GET https://maps.googleapis.com/maps/api/geocode/json?address=Bahnhofstrasse+1&key=%s\nE/TrailRepo: geocode failed after 3 retries" % s
    return t, s, "HTTP FAILED"


@_reg("stack-trace-or-log", "log-jupyter-startup-token-url")
def _():
    s = _hx(48)
    ts = _ts2()
    t = ("[I %s.%03d ServerApp] Jupyter Server 2.14.1 is running at:\n[I %s.%03d ServerApp] http://gpu%02d:8888/lab?token=%s\n"
         "[I %s.%03d ServerApp]     http://127.0.0.1:8888/lab?token=%s") % (ts, _ri(0, 499), ts, _ri(500, 999), _ri(1, 40), s, ts, 999, s)
    return t, s, "ServerApp"


# ========================================================== ci-and-deploy

@_reg("ci-and-deploy", "ci-gha-env-hardcoded")
def _():
    s = "rk_live_" + _b62(99)
    t = ("name: nightly-reconciliation\non:\n  schedule:\n    - cron: '15 2 * * *'\njobs:\n  recon:\n    runs-on: ubuntu-latest\n    env:\n"
         "      STRIPE_API_KEY: %s\n      RECON_BUCKET: kestrel-recon-prod\n    steps:\n      - uses: actions/checkout@v4\n      - run: python -m recon.stripe_payouts --date yesterday") % s
    return t, s, "STRIPE_API_KEY"


@_reg("ci-and-deploy", "ci-gha-run-inline-header")
def _():
    s = _t_doppler()
    t = ("      - name: Pull runtime config\n        run: |\n          curl -sf -u %s: https://api.doppler.com/v3/configs/config/secrets/download?format=env > .env\n"
         "          echo \"loaded $(wc -l < .env) vars\"") % s
    return t, s, "Pull runtime config"


@_reg("ci-and-deploy", "ci-gitlab-variables-block")
def _():
    s = _t_gh_fine()
    t = ("variables:\n  GIT_DEPTH: \"20\"\n  UPSTREAM_MIRROR_TOKEN: \"%s\"\n  FIRMWARE_TARGET: nrf9160dk_nrf9160_ns\n\nmirror:\n  stage: sync\n"
         "  script:\n    - git push --mirror https://x-access-token:${UPSTREAM_MIRROR_TOKEN}@github.com/tidewater/fw-mirror.git") % s
    return t, s, "UPSTREAM_MIRROR_TOKEN:"


@_reg("ci-and-deploy", "ci-jenkinsfile-environment")
def _():
    s = "11" + _hx(32)
    t = ("pipeline {\n  agent { label 'win-ue5' }\n  environment {\n    UE_ROOT = 'D:\\\\UE_5.4'\n    HORDE_URL = 'https://horde.%s'\n"
         "    REMOTE_JENKINS_TOKEN = '%s'\n  }\n  stages {\n    stage('Cook') { steps { bat 'RunUAT.bat BuildCookRun -project=Game.uproject -cook' } }\n  }\n}") % (_dom("game"), s)
    return t, s, "REMOTE_JENKINS_TOKEN"


@_reg("ci-and-deploy", "ci-jenkins-console-unmasked-curl")
def _():
    p = _pw_safe()
    t = ("[Pipeline] sh\n+ curl -fsS -u deploy:%s -T build/ledger-api-%d.%d.%d.jar https://nexus.%s/repository/releases/com/kestrel/ledger-api/\n"
         "  %% Total    %% Received %% Xferd  Average Speed   Time    Time     Time  Current\n[Pipeline] }") % (p, _ri(1, 3), _ri(0, 30), _ri(0, 9), _dom("fin"))
    return t, p, "[Pipeline] sh"


@_reg("ci-and-deploy", "ci-gitlab-job-log-ci-token")
def _():
    s = "glcbt-64_" + _b64u(20)
    t = ("$ git clone https://gitlab-ci-token:%s@gitlab.%s/firmware/zephyr-modules.git deps/modules\nCloning into 'deps/modules'...\n"
         "Job succeeded") % (s, _dom("iot"))
    return t, s, "gitlab-ci-token"


@_reg("ci-and-deploy", "ci-dockerfile-env-npm-token")
def _():
    s = "npm_" + _b62(36)
    t = ("FROM node:20-alpine AS build\nWORKDIR /app\nENV NPM_TOKEN=%s\nCOPY .npmrc package*.json ./\nRUN npm ci --omit=dev\nCOPY . .\nRUN npm run build") % s
    return t, s, "ENV NPM_TOKEN"


@_reg("ci-and-deploy", "ci-dockerfile-arg-index-url")
def _():
    p = _pw_safe()
    t = ("FROM python:3.11-slim\nARG PIP_EXTRA_INDEX_URL=https://ml-ci:%s@artifactory.%s/artifactory/api/pypi/ml-local/simple\n"
         "RUN pip install --no-cache-dir -r requirements.txt") % (p, _dom("ml"))
    return t, p, "PIP_EXTRA_INDEX_URL"


@_reg("ci-and-deploy", "ci-k8s-deployment-env-value")
def _():
    s = _hx(64)
    t = ("      containers:\n        - name: fhir-bridge\n          image: registry.%s/fhir-bridge:2.3.1\n          env:\n            - name: MEDPLUM_CLIENT_ID\n"
         "              value: %s\n            - name: MEDPLUM_CLIENT_SECRET\n              value: \"%s\"\n            - name: LOG_LEVEL\n              value: info") % (_dom("health"), _uuid(), s)
    return t, s, "MEDPLUM_CLIENT_SECRET"


@_reg("ci-and-deploy", "ci-deploy-sh-helm-set")
def _():
    s = _b62(32)
    t = ("#!/bin/sh\n# deploy.sh prod\nhelm upgrade --install telemetry-api charts/telemetry-api -n iot \\\n  --set image.tag=\"$GIT_SHA\" \\\n"
         "  --set balena.apiKey=%s \\\n  --set replicaCount=3 --wait --timeout 10m") % s
    return t, s, "helm upgrade"


@_reg("ci-and-deploy", "ci-ansible-task-environment")
def _():
    s = _t_telnyx()
    t = ("- name: Sync number inventory\n  ansible.builtin.command: /opt/numbers/bin/sync --provider telnyx\n  environment:\n    TELNYX_API_KEY: \"%s\"\n"
         "    NUMBERS_DB: postgres://numbers@%s/numbers\n  changed_when: false") % (s, _host("tel"))
    return t, s, "TELNYX_API_KEY"


@_reg("ci-and-deploy", "ci-fastfile-asc-key-content")
def _():
    body = _key_p8()
    esc = body.replace("\n", "\\n")
    t = ("lane :beta do\n  api_key = app_store_connect_api_key(\n    key_id: \"%s\",\n    issuer_id: \"%s\",\n"
         "    key_content: \"-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\"\n  )\n  pilot(api_key: api_key, skip_waiting_for_build_processing: true)\nend") % (_ua(10), _uuid(), esc)
    return t, esc, "app_store_connect_api_key"


@_reg("ci-and-deploy", "ci-codemagic-yaml-vars")
def _():
    p = _pw_safe()
    t = ("workflows:\n  android-release:\n    name: Android release\n    instance_type: mac_mini_m2\n    environment:\n      vars:\n"
         "        CM_KEYSTORE_PATH: /tmp/upload.jks\n        CM_KEYSTORE_PASSWORD: %s\n        CM_KEY_ALIAS: upload\n      flutter: stable") % p
    return t, p, "CM_KEYSTORE_PASSWORD"


@_reg("ci-and-deploy", "ci-bitbucket-pipelines-export")
def _():
    s = "ATCTT3xFfGN0" + _b64u(60)
    t = ("pipelines:\n  branches:\n    main:\n      - step:\n          name: Publish docs\n          script:\n            - export CONFLUENCE_TOKEN=%s\n"
         "            - python tools/publish_runbooks.py --space OPS") % s
    return t, s, "Publish docs"


@_reg("ci-and-deploy", "ci-azure-pipelines-variables")
def _():
    s = _b64b(64)
    t = ("variables:\n  buildConfiguration: 'Release'\n  storageAccount: 'stpacsarchive'\n  storageKey: '%s'\n\nsteps:\n"
         "- script: az storage blob upload-batch -d dicom -s out/ --account-name $(storageAccount) --account-key $(storageKey)") % s
    return t, s, "storageKey"


@_reg("ci-and-deploy", "ci-circleci-environment")
def _():
    s = _t_sentry()
    t = ("jobs:\n  upload-symbols:\n    docker:\n      - image: getsentry/sentry-cli:2\n    environment:\n      SENTRY_ORG: nightjar\n"
         "      SENTRY_AUTH_TOKEN: %s\n    steps:\n      - run: sentry-cli debug-files upload --project pc-client ./symbols") % s
    return t, s, "upload-symbols"


@_reg("ci-and-deploy", "ci-drone-yml-settings")
def _():
    p = _pw_safe()
    t = ("kind: pipeline\ntype: docker\nname: publish\nsteps:\n- name: docker\n  image: plugins/docker\n  settings:\n    registry: harbor.%s\n"
         "    repo: harbor.%s/tools/asset-cooker\n    username: robot$ci\n    password: %s") % (_dom("game"), _dom("game"), p)
    return t, p, "plugins/docker"


@_reg("ci-and-deploy", "ci-buildkite-step-env")
def _():
    s = "hf_" + _rs(_UP + _LOW, 34)
    t = ("steps:\n  - label: \":hugging_face: push checkpoint\"\n    command: python scripts/push_to_hub.py --repo quarrylabs/seg-unet-v2 --ckpt runs/best.ckpt\n"
         "    env:\n      HF_TOKEN: \"%s\"\n    agents:\n      queue: gpu") % s
    return t, s, "push checkpoint"


@_reg("ci-and-deploy", "ci-terraform-apply-var")
def _():
    p = _pw_safe(20)
    t = "terraform apply -auto-approve -var-file=env/prod.tfvars -var \"claims_db_master_password=%s\" -target=module.claims_db" % p
    return t, p, "terraform apply"


@_reg("ci-and-deploy", "ci-argocd-app-helm-parameters")
def _():
    s = _b62(40)
    t = ("spec:\n  source:\n    repoURL: https://git.%s/platform/charts.git\n    path: charts/label-service\n    helm:\n      parameters:\n"
         "        - name: cohere.apiKey\n          value: %s\n        - name: replicaCount\n          value: \"2\"") % (_dom("ml"), s)
    return t, s, "cohere.apiKey"


@_reg("ci-and-deploy", "ci-teamcity-kotlin-param")
def _():
    p = _pw_safe()
    t = ("object CookWindows : BuildType({\n    name = \"Cook Win64\"\n    params {\n        param(\"env.P4USER\", \"tc_build\")\n        param(\"env.P4PASSWD\", \"%s\")\n    }\n})") % p
    return t, p, "env.P4USER"


@_reg("ci-and-deploy", "ci-buildgraph-property")
def _():
    p = _pw_safe()
    t = ("<BuildGraph xmlns=\"http://www.epicgames.com/BuildGraph\">\n  <Property Name=\"SteamUser\" Value=\"ironlantern_build\"/>\n"
         "  <Property Name=\"SteamPassword\" Value=\"%s\"/>\n  <Agent Name=\"Upload\" Type=\"Win64\">\n    <Node Name=\"Upload To Steam\" Requires=\"#Staged\"/>\n  </Agent>\n</BuildGraph>") % p
    return t, p, "SteamUser"


@_reg("ci-and-deploy", "ci-pr-diff-secret-stringdata")
def _():
    s = _pw()
    t = ("+apiVersion: v1\n+kind: Secret\n+metadata:\n+  name: sbc-trunk\n+  namespace: voip\n+type: Opaque\n+stringData:\n+  SIP_USER: \"trunk_%s\"\n"
         "+  SIP_SECRET: \"%s\"") % (_la(6), s)
    return t, s, "stringData"


@_reg("ci-and-deploy", "ci-gha-log-unmasked-echo")
def _():
    s = "NRAK-" + _ua(27)
    t = ("Run echo \"using key from config/newrelic.env: $NR_KEY\"\n  echo \"using key from config/newrelic.env: $NR_KEY\"\n  shell: /usr/bin/bash -e {0}\n"
         "  env:\n    NR_KEY: %s\nusing key from config/newrelic.env: %s") % (s, s)
    return t, s, "shell: /usr/bin/bash"


@_reg("ci-and-deploy", "ci-eas-json-build-env")
def _():
    s = _t_sentry()
    t = json.dumps({"build": {"production": {"channel": "production", "env": {"SENTRY_ORG": "pocketfold", "SENTRY_PROJECT": "ios",
                    "SENTRY_AUTH_TOKEN": s}, "ios": {"resourceClass": "m-medium"}}}}, indent=2)
    return t, s, "SENTRY_PROJECT"


@_reg("ci-and-deploy", "ci-salt-pillar-smpp")
def _():
    p = _b62(8)
    t = "# pillar/smsc/prod.sls\nsmsc:\n  bind:\n    host: %s\n    port: 2775\n    system_id: relay_%s\n    password: %s\n    system_type: OTP" % (_host("tel"), _la(4), p)
    return t, p, "system_type"


@_reg("ci-and-deploy", "ci-hiera-ldap-bind")
def _():
    p = _pw()
    t = "---\nprofile::sssd::ldap_uri: 'ldaps://%s'\nprofile::sssd::bind_dn: 'uid=sssd-bind,ou=svc,dc=halvorsen,dc=net'\nprofile::sssd::bind_pw: '%s'" % (_host("ent"), p)
    return t, p, "profile::sssd::bind_pw"


@_reg("ci-and-deploy", "ci-chef-databag-json")
def _():
    p = _pw()
    t = json.dumps({"id": "oracle_ebs", "apps_password": p, "listener_port": 1521, "sid": "EBSPRD"}, indent=2)
    return "# data_bags/credentials/oracle_ebs.json (unencrypted!)\n" + t, p, "apps_password"


@_reg("ci-and-deploy", "ci-nomad-job-template-env")
def _():
    s = _hx(32)
    t = ("task \"alert-relay\" {\n  driver = \"docker\"\n  config { image = \"relaycall/alert-relay:0.9\" }\n  env {\n    PAGER_ROUTING_KEY = \"%s\"\n"
         "    SIP_HOST = \"%s\"\n  }\n}") % (s, _host("tel"))
    return t, s, "PAGER_ROUTING_KEY"


@_reg("ci-and-deploy", "ci-serverless-yml-environment")
def _():
    s = "key-" + _hx(32)
    t = ("provider:\n  name: aws\n  runtime: python3.12\n  region: %s\n  environment:\n    MAILGUN_DOMAIN: mg.%s\n    MAILGUN_API_KEY: %s\n"
         "functions:\n  receipt:\n    handler: handler.send_receipt") % (_region(), _dom("shop"), s)
    return t, s, "MAILGUN_API_KEY"


@_reg("ci-and-deploy", "ci-netlify-toml-build-env")
def _():
    s = _hx(32)
    t = "[build]\n  command = \"npm run build\"\n  publish = \"dist\"\n\n[build.environment]\n  NODE_VERSION = \"20\"\n  ALGOLIA_APP_ID = \"%s\"\n  ALGOLIA_ADMIN_KEY = \"%s\"" % (_ua(10), s)
    return t, s, "build.environment"


@_reg("ci-and-deploy", "ci-cloud-init-chpasswd")
def _():
    p = _pw_safe()
    t = "#cloud-config\nhostname: edge-gw-%02d\nssh_pwauth: false\nchpasswd:\n  expire: false\n  users:\n    - name: ubuntu\n      password: %s\n      type: text" % (_ri(1, 40), p)
    return t, p, "#cloud-config"


@_reg("ci-and-deploy", "ci-packer-variable-default")
def _():
    p = _pw_safe()
    t = "variable \"winrm_password\" {\n  type    = string\n  default = \"%s\"\n}\n\nsource \"vsphere-iso\" \"win2022\" {\n  communicator   = \"winrm\"\n  winrm_username = \"Administrator\"\n  winrm_password = var.winrm_password\n}" % p
    return t, p, "winrm_password"


@_reg("ci-and-deploy", "ci-kickstart-rootpw")
def _():
    p = _pw()
    t = "# ks-hpc-compute.cfg\nlang en_US.UTF-8\nkeyboard us\ntimezone Europe/Berlin --utc\nrootpw --plaintext %s\nbootloader --location=mbr\n%%packages\n@^minimal-environment\nslurm-slurmd\n%%end" % p
    return t, p, "rootpw --plaintext"


@_reg("ci-and-deploy", "ci-preseed-root-password")
def _():
    p = _pw_safe()
    t = "d-i passwd/root-login boolean true\nd-i passwd/root-password password %s\nd-i passwd/root-password-again password %s\nd-i netcfg/get_hostname string kiosk" % (p, p)
    return t, p, "passwd/root-login"


# =========================================================== note-or-chat
# non-English notes

@_reg("note-or-chat", "note-de-ldap-rotation")
def _():
    p = _pw()
    t = "Stand %s: Bind-Passwort für svc-ldap-read rotiert. Neues PW: %s – bitte bis morgen in den Tresor (Vault, Pfad secret/iam/ldap) übernehmen, dann lösche ich die Notiz." % (_date(), p)
    return t, p, "svc-ldap-read"


@_reg("note-or-chat", "note-de-ticket-sap-rfc")
def _():
    p = _pw_safe()
    t = ("Ticket %s: RFC-Verbindung QAS→PRD schlägt fehl (RFC_LOGON_FAILURE). Ursache: Passwort des RFC_BATCH-Users abgelaufen.\n"
         "Neues Kennwort gesetzt: %s\nSM59 angepasst, Verbindungstest OK. Offen: Ablaufdatum auf 'unbegrenzt' stellen (Systembenutzer).") % (_ticket(), p)
    return t, p, "RFC_LOGON_FAILURE"


@_reg("note-or-chat", "note-de-chat-wlan-psk")
def _():
    p = _pick([_phrase(4, "-"), _pw_safe(16)])
    t = "[09:14] Jonas: kurze Frage, wie lautet der PSK fürs Provisionierungs-WLAN in Halle 3?\n[09:15] Lena: %s\n[09:15] Lena: bitte nicht weitergeben, wird nach dem Rollout geändert" % p
    return t, p, "Provisionierungs-WLAN"


@_reg("note-or-chat", "note-fr-sap-service-account")
def _():
    p = _pw_safe()
    t = "Le mot de passe du compte de service SAP (RFC_BATCH) a été changé ce matin. Nouveau : %s. Pensez à mettre à jour le job de nuit et la destination SM59." % p
    return t, p, "RFC_BATCH"


@_reg("note-or-chat", "note-fr-passation-stripe")
def _():
    s = "whsec_" + _b62(32)
    t = ("Passation d'astreinte – paiements\n- Les virements SEPA sont bloqués depuis 02h10 (webhook en 401).\n- J'ai régénéré le secret de signature : %s\n"
         "- À reporter dans Vault avant de redéployer payout-worker.") % s
    return t, s, "payout-worker"


@_reg("note-or-chat", "note-fr-chat-keystore-mllp")
def _():
    p = _pw_safe()
    t = "Salut ! pour l'interface HL7 du labo, le mot de passe du keystore MLLP est %s — je te l'envoie ici faute de mieux, supprime le message après." % p
    return t, p, "MLLP"


@_reg("note-or-chat", "note-es-redox-secreto")
def _():
    s = _b62(32)
    t = "Oye, el secreto de Redox caducó; te paso el nuevo mientras arreglamos el vault: %s (bórralo del chat cuando lo guardes)." % s
    return t, s, "Redox"


@_reg("note-or-chat", "note-es-incidente-replica")
def _():
    p = _pw()
    t = "Incidente %s: la réplica de conciliación dejó de sincronizar. Entré con el usuario recon_admin (contraseña: %s) y reinicié el slot de replicación." % (_ticket(), p)
    return t, p, "recon_admin"


@_reg("note-or-chat", "note-es-bienvenida-perforce")
def _():
    p = _pw_safe()
    t = ("Bienvenida al equipo de build \U0001F44B\nServidor Perforce: ssl:%s:1666\nUsuario: build_svc\nContraseña temporal: %s\n"
         "Cámbiala con `p4 passwd` el primer día.") % (_host("game"), p)
    return t, p, "build_svc"


@_reg("note-or-chat", "note-pt-senha-wifi-lab")
def _():
    p = _pick([_phrase(3, ""), _pw_safe(14)])
    t = "A senha do Wi-Fi do laboratório de provisionamento mudou: %s. Os dispositivos da linha 3 precisam ser regravados antes de sexta." % p
    return t, p, "Wi-Fi"


@_reg("note-or-chat", "note-pt-token-shopify")
def _():
    s = "shpat_" + _hx(32)
    t = "Gerei um novo token de Admin API para a loja (app 'erp-sync'): %s. O antigo foi revogado às %s." % (s, _hhmm())
    return t, s, "erp-sync"


@_reg("note-or-chat", "note-pt-plantao-hana")
def _():
    p = _pw_safe()
    t = "Anotação do plantão: o usuário SYSTEM do HANA (QAS) ficou bloqueado. Resetei via hdbsql com a senha nova %s e desbloqueei." % p
    return t, p, "hdbsql"


@_reg("note-or-chat", "note-ja-stripe-key-update")
def _():
    s = "sk_live_" + _b62(99)
    t = "本番環境のStripeシークレットキーを更新しました：%s\nVaultへの登録はまだです。明日の朝やります。" % s
    return t, s, "Stripe"


@_reg("note-or-chat", "note-ja-steam-build-pw")
def _():
    p = _pw_safe()
    t = "ビルドマシン用Steamアカウントのパスワード変更済み → %s\nSteam Guardのコードは佐藤さんの端末に届きます。" % p
    return t, p, "Steam Guard"


@_reg("note-or-chat", "note-ja-as400-reset")
def _():
    p = _ua(10)
    t = "AS/400（本番）のバッチユーザー EDISVC のパスワードを %s に再設定。次回サインオン時の変更は *NO にしています。" % p
    return t, p, "EDISVC"


@_reg("note-or-chat", "note-zh-db-password")
def _():
    p = _pw()
    t = "新的数据库密码是 %s ，记得同步更新 Jenkins 凭据（ledger-db-prod）。" % p
    return t, p, "ledger-db-prod"


@_reg("note-or-chat", "note-zh-wandb-key")
def _():
    s = _hx(40)
    t = "训练集群上的 W&B API key 换成了 %s ，旧的已经作废，提交作业前请重新 wandb login。" % s
    return t, s, "wandb login"


@_reg("note-or-chat", "note-zh-twilio-token")
def _():
    s = _hx(32)
    t = "短信验证码发不出去是因为 Twilio Auth Token 被轮换了。新的：%s ，Account SID 不变。" % s
    return t, s, "Account SID"


@_reg("note-or-chat", "note-ru-kerberos-svc")
def _():
    p = _pw()
    t = "Пароль от сервисной учётки svc_hadoop для Kerberos поменял: %s. Keytab надо перегенерировать на всех edge-нодах." % p
    return t, p, "svc_hadoop"


@_reg("note-or-chat", "note-ru-mqtt-stand")
def _():
    p = _pw_safe(18)
    t = "Для стенда: логин брокера MQTT — dev-bench, пароль — %s. Не коммитьте в репозиторий, пожалуйста." % p
    return t, p, "dev-bench"


@_reg("note-or-chat", "note-ru-tso-reset")
def _():
    p = _upw8()
    t = "Сбросил пароль TSO для CLMSBAT, временный: %s. При первом входе система попросит сменить." % p
    return t, p, "CLMSBAT"


@_reg("note-or-chat", "note-it-password-rfc")
def _():
    p = _pw_safe()
    t = "La nuova password dell'utente RFC è %s, l'ho già inserita in SM59 in QA. In produzione la cambiamo giovedì." % p
    return t, p, "SM59"


@_reg("note-or-chat", "note-it-fhir-test")
def _():
    p = _pw_safe()
    t = "Per i test dell'integrazione FHIR con l'ospedale: utente integrazione_fhir, password %s. Valida fino a fine mese." % p
    return t, p, "integrazione_fhir"


@_reg("note-or-chat", "note-it-virustotal-soc")
def _():
    s = _hx(64)
    t = "Chiave API di VirusTotal per il team SOC: %s (quota premium, non usarla negli script pubblici)." % s
    return t, s, "VirusTotal"


@_reg("note-or-chat", "note-nl-mqtt-wachtwoord")
def _():
    p = _pw_safe(20)
    t = "Nieuw wachtwoord voor de MQTT-broker: %s — graag niet in de repo zetten." % p
    return t, p, "MQTT-broker"


@_reg("note-or-chat", "note-nl-adyen-sleutel")
def _():
    s = _t_adyen()
    t = "Adyen API-key voor de testomgeving is vervangen. Nieuwe key: %s\nOude key is ingetrokken om %s." % (s, _hhmm())
    return t, s, "Adyen"


@_reg("note-or-chat", "note-nl-overdracht-ldap")
def _():
    p = _pw()
    t = "Overdracht: het bind-wachtwoord van svc-portal is gereset naar %s ; de portal-pods zijn herstart en de login werkt weer." % p
    return t, p, "svc-portal"


@_reg("note-or-chat", "note-pl-haslo-perforce")
def _():
    p = _pw_safe()
    t = "Hasło do konta builda w Perforce zmienione, nowe: %s. Daj znać, jak agent zaloguje się poprawnie." % p
    return t, p, "Perforce"


@_reg("note-or-chat", "note-pl-keystore-wydanie")
def _():
    p = _pw_safe()
    t = "Hasło do keystore'a (upload.jks) na potrzeby wydania 4.2: %s. Po wydaniu przeniosę je do sejfu." % p
    return t, p, "upload.jks"


@_reg("note-or-chat", "note-pl-trunk-sip")
def _():
    p = _pw_safe(16)
    t = "Zmiana na trunku SIP: nowy secret %s, realm bez zmian. Asterisk przeładowany (sip reload)." % p
    return t, p, "sip reload"


@_reg("note-or-chat", "note-ko-steam-password")
def _():
    p = _pw_safe()
    t = "스팀 빌드 계정 비밀번호 변경했습니다: %s\n빌드 머신에 반영 부탁드려요." % p
    return t, p, "스팀"


@_reg("note-or-chat", "note-ko-openai-key")
def _():
    s = _t_openai()
    t = "사내 RAG 데모용 OpenAI 키 새로 발급: %s\n사용량 한도 월 $200으로 걸어둠." % s
    return t, s, "RAG"


@_reg("note-or-chat", "note-ko-vpn-reset")
def _():
    p = _pw()
    t = "VPN 서비스 계정 비밀번호 재설정 완료 → %s (만료 90일)" % p
    return t, p, "VPN"


# English notes

@_reg("note-or-chat", "note-en-oncall-handoff")
def _():
    s = "live_" + _b64u(40)
    t = ("On-call handoff (payments), %s\n- GoCardless mandates sync failing since 01:40 UTC with 401.\n- Generated a new access token in the dashboard: %s\n"
         "- NOT yet in Vault; payout-worker still reads the old one from secret/payments/gocardless.\n- Next: update Vault, roll payout-worker, confirm mandate events resume.") % (_date(), s)
    return t, s, "On-call handoff"


@_reg("note-or-chat", "note-en-slack-thread-pw")
def _():
    p = _pw()
    t = ("#iam-ops thread\n%s: is the svc_sharepoint password still the one from the migration?\n%s: no, I reset it Friday, new pw is %s\n"
         "%s: thx, updating the search crawler now") % (_pick(_FIRST), _pick(_FIRST), p, _pick(_FIRST))
    return t, p, "svc_sharepoint"


@_reg("note-or-chat", "note-en-decision-log")
def _():
    s = _t_vault()
    t = ("Decision %s: keep the bootstrap root token out of CI; ops will hand it over in person.\nFor today's DR drill only, using %s (revoke after drill)."
         ) % (_date(), s)
    return t, s, "DR drill"


@_reg("note-or-chat", "note-en-pentest-gpp-finding")
def _():
    p = _pw()
    t = ("PT-%02d (High) Credentials in Group Policy Preferences\nGroups.xml under SYSVOL contains a cpassword for LocalAdminBackup.\n"
         "Decrypted value: %s\nImpact: local admin on ~340 workstations. Recommendation: remove GPP item, deploy LAPS.") % (_ri(1, 30), p)
    return t, p, "LocalAdminBackup"


@_reg("note-or-chat", "note-en-pentest-cracked")
def _():
    p = _pw_human()
    t = "Kerberoasting results (hashcat -m 13100, rockyou + OneRule, 41 min):\n  svc_mssql      -> %s\n  svc_reporting  -> (not cracked)\n  svc_backup     -> (not cracked)" % p
    return t, p, "Kerberoasting"


@_reg("note-or-chat", "note-en-next-steps-key")
def _():
    s = _b62(32)
    t = ("Next steps:\n1. Re-run the Shodan sweep for *.%s with the engagement key %s\n2. Diff against last week's exposure list\n3. Send delta to the client contact") % (_dom("fin"), s)
    return t, s, "Next steps"


@_reg("note-or-chat", "note-en-jira-comment-tfc")
def _():
    s = _t_tfc()
    t = ("[%s] %s commented:\nI created a team token for the ledger-prod workspace so the runbook job can plan: %s\n"
         "Please move it into the CI variable set, I'll delete this comment afterwards.") % (_ticket(), _name(), s)
    return t, s, "commented"


@_reg("note-or-chat", "note-en-email-sftp-creds")
def _():
    p = _pw_safe()
    t = ("Subject: SFTP access for the 837 claims feed\n\nHi team,\n\nYour credentials for the test environment are below.\n\n  Host:     sftp-test.%s\n"
         "  Port:     22\n  Username: orchard_837\n  Password: %s\n\nPlease confirm once the first file has landed.\n\nBest,\nEDI Onboarding") % (_dom("health"), p)
    return t, p, "orchard_837"


@_reg("note-or-chat", "note-en-recovery-codes")
def _():
    codes = "\n".join("%s-%s" % (_la(5), _la(5)) for _ in range(6))
    t = "GitHub recovery codes for the release-bot account (store in the safe, then delete this note):\n%s" % codes
    return t, codes, "release-bot"


@_reg("note-or-chat", "note-en-hsm-partition-pin")
def _():
    p = _dig(_pick([8, 10]))
    t = "Card-issuing HSM (Luna, partition ISSUING-P1): partition PIN is %s. SO PIN stays in the safe in room B2; dual control for anything else." % p
    return t, p, "ISSUING-P1"


@_reg("note-or-chat", "note-en-sim-puk")
def _():
    p = _dig(8)
    t = "Field router FR-%03d locked its SIM after three wrong PINs. PUK from the carrier portal: %s. Set PIN back to the fleet default afterwards." % (_ri(1, 400), p)
    return t, p, "PUK"


@_reg("note-or-chat", "note-en-bitlocker-recovery")
def _():
    k = "-".join(_dig(6) for _ in range(8))
    t = "BitLocker recovery key for LAB-WS-%02d (Key ID %s): %s" % (_ri(1, 40), _HX(8), k)
    return t, k, "BitLocker"


@_reg("note-or-chat", "note-en-signing-passphrase")
def _():
    p = _phrase(6, " ")
    t = "Offline firmware signing key (yubikey slot 9c) passphrase, agreed in the ceremony today: \"%s\". Two people must be present to use it." % p
    return t, p, "ceremony"


@_reg("note-or-chat", "note-en-standup")
def _():
    s = _hx(40)
    t = ("Standup %s\n- me: label QA export blocked on Label Studio auth; used the admin token %s to unblock, will swap to a bot user\n"
         "- Priya: feature store backfill 60%%\n- blockers: none") % (_date(), s)
    return t, s, "Standup"


@_reg("note-or-chat", "note-en-agent-goal-notes")
def _():
    s = "r8_" + _b62(37)
    t = ("Goal: reproduce the flaky image-caption eval.\nNotes: eval script reads REPLICATE_API_TOKEN from env; I exported %s (from Priya's message) to run it locally.\n"
         "Decision: pin model version %s.") % (s, _hx(64))
    return t, s, "REPLICATE_API_TOKEN"


@_reg("note-or-chat", "note-en-wiki-breakglass")
def _():
    p = _ua(10)
    t = ("Runbook: emergency access to the IBM i (PROD)\n1. Sign on at the HMC console as QSECOFR\n2. Password: %s\n3. Log the session in the break-glass register\n"
         "4. Change the password afterwards (CHGPWD)") % p
    return t, p, "QSECOFR"


@_reg("note-or-chat", "note-en-teams-kaggle")
def _():
    s = _hx(32)
    t = "[Teams] %s 10:42: use my kaggle key for the competition download, just don't push it: %s\n[Teams] %s 10:43: 👍" % (_name(), s, _name())
    return t, s, "[Teams]"


@_reg("note-or-chat", "note-en-customer-ticket")
def _():
    s = "sk_live_" + _b62(24)
    t = ("Support ticket #%d from merchant 'Harbor Coffee': \"Our integration stopped working, here is our key so you can check: %s\"\n"
         "Internal: advised the merchant to roll the key immediately.") % (_ri(100000, 999999), s)
    return t, s, "Support ticket"


@_reg("note-or-chat", "note-en-postmortem-leak")
def _():
    s = "xoxp-%s-%s-%s-%s" % (_dig(12), _dig(12), _dig(13), _hx(32))
    t = ("Postmortem draft: a user token (%s) was pasted into the #build-farm channel by a bot misconfiguration at 14:02.\n"
         "Rotated 14:20. Root cause: the bot logged its own config on startup.") % s
    return t, s, "Postmortem"


@_reg("note-or-chat", "note-en-commit-message")
def _():
    s = _hx(32) + "-" + _hx(8) + "-" + _hx(8)
    t = "commit %s\n\n    fix(mailer): switch to the new mailgun sending key %s\n\n    the old one was revoked by the vendor after the domain move" % (_sha(), s)
    return t, s, "fix(mailer)"


@_reg("note-or-chat", "note-en-todo-list")
def _():
    s = "oat_" + _b62(40)
    t = "TODO before Friday:\n[x] bump nRF SDK to 2.6\n[ ] upload symbols to Memfault (org token %s)\n[ ] OTA canary on 5%% of fleet" % s
    return t, s, "TODO"


@_reg("note-or-chat", "note-en-pairing-notes")
def _():
    p = _pw_safe(12)
    t = "Pairing w/ %s on the gateway: the factory image has a root password of %s on the debug UART (console=ttymxc1). Need a ticket to disable it in prod builds." % (_pick(_FIRST).capitalize(), p)
    return t, p, "UART"


@_reg("note-or-chat", "note-en-handover-sms-vendor")
def _():
    s = _b62(40)
    t = ("Handover to night shift: OTP SMS failing over to Plivo works. Auth ID MA%s, auth token %s. "
         "If Plivo also fails, page the telecom on-call.") % (_ua(18), s)
    return t, s, "Handover"


# ============================================================ combinations
# Generic shapes (file syntaxes, code idioms, tool printouts) crossed with
# the credential kinds above; each (shape, kind) pair is its own format.

_FILL = {
    "fin": [("SETTLEMENT_CUTOFF", "16:30"), ("LEDGER_CURRENCY", "EUR"), ("PAYOUT_BATCH_SIZE", "500"), ("RECON_BUCKET", "kestrel-recon-prod"), ("SEPA_CREDITOR_ID", "DE98ZZZ09999999999")],
    "health": [("FHIR_BASE_URL", "https://fhir.orchard-health.org/r4"), ("HL7_MLLP_PORT", "2575"), ("PHI_AUDIT", "true"), ("FACILITY_OID", "2.16.840.1.113883.3.1234")],
    "iot": [("FLEET_ID", "thermo-v2"), ("OTA_CHANNEL", "beta"), ("MQTT_HOST", "mqtt.hearthsense.io"), ("TELEMETRY_INTERVAL_S", "60")],
    "game": [("BUILD_CONFIG", "Shipping"), ("PLATFORM", "Win64"), ("UE_VERSION", "5.4"), ("BRANCH", "release-1.8")],
    "ml": [("EXPERIMENT", "churn-v3"), ("CUDA_VISIBLE_DEVICES", "0,1"), ("HF_HOME", "/cache/hf"), ("FEATURE_STORE", "feast")],
    "sec": [("ENGAGEMENT", "2024-Q2-EXT"), ("SCOPE_FILE", "scope.txt"), ("RATE_LIMIT", "1")],
    "mobile": [("APP_IDENTIFIER", "com.pocketfold.app"), ("BUILD_NUMBER", "4211"), ("FLAVOR", "prod")],
    "tel": [("SIP_DOMAIN", "sip.bluecrest-tel.net"), ("RTP_PORT_RANGE", "10000-20000"), ("CODECS", "opus,alaw")],
    "main": [("MVS_HOST", "mvs1.harbor-mutual.com"), ("JOB_CLASS", "A"), ("CODEPAGE", "IBM-1047")],
    "hpc": [("SLURM_PARTITION", "gpu"), ("SCRATCH", "/scratch"), ("OMP_NUM_THREADS", "8")],
    "shop": [("STORE_DOMAIN", "maple-and-moss.myshopify.com"), ("CURRENCY", "CAD"), ("CATALOG_SYNC_CRON", "*/15 * * * *")],
    "ent": [("AD_DOMAIN", "MERIDIAN"), ("SAP_CLIENT", "100"), ("ORACLE_SID", "EBSPRD")],
    "cloud": [("REGION", "eu-central-1"), ("OTEL_SERVICE_NAME", "api"), ("FEATURE_FLAGS", "new-checkout")],
}
_GEN_FILL = [("APP_ENV", "production"), ("LOG_LEVEL", "info"), ("PORT", "8080"), ("TZ", "UTC"), ("NODE_ENV", "production"), ("WORKERS", "4")]


def _fill_pairs(k, n=3):
    pool = _FILL[k.dom] + _GEN_FILL
    return _R.sample(pool, min(n, len(pool)))


def _vendor(k):
    return k.id.split("-")[0]


def _camel(key):
    parts = key.replace(".", "_").split("_")
    return parts[0] + "".join(x.capitalize() for x in parts[1:])


def _env_lines(k, s, quote=""):
    lines = ["%s=%s" % (a, b) for a, b in _fill_pairs(k, _ri(2, 4))]
    comp = k.comp() if k.comp else []
    lines += ["%s=%s" % (e, quote + v + quote) for e, _c, v in comp]
    lines.insert(_ri(1, len(lines)), "%s=%s%s%s" % (k.env, quote, s, quote))
    return lines


def _url_safe(s):
    return all(c in _B62 + "-._~" for c in s)


def _no_space(s):
    return " " not in s


# ------------------------------------------------------ config-file shapes

def _x_dotenv(k):
    s = k.gen()
    name = _pick([".env", ".env.production", "deploy/%s.env" % _vendor(k), "config/prod.env", ".env.local"])
    return "# %s\n%s" % (name, "\n".join(_env_lines(k, s))), s, k.env


def _x_dotenv_quoted(k):
    s = k.gen()
    return "\n".join(_env_lines(k, s, '"')), s, k.env


def _x_yaml(k):
    s = k.gen()
    v = _vendor(k)
    comp = k.comp() if k.comp else []
    lines = ["%s:" % v, "  enabled: true"]
    lines += ["  %s: %s" % (c, val) for _e, c, val in comp]
    q = "'" if not s[0].isalnum() or ": " in s or " #" in s else _pick(["", "\"", "'"])
    lines.append("  %s: %s%s%s" % (k.key, q, s, q))
    lines.append("  timeout_seconds: %d" % _pick([10, 15, 30, 60]))
    return "\n".join(lines), s, k.key + ":"


def _x_toml(k):
    s = k.gen()
    v = _vendor(k)
    comp = k.comp() if k.comp else []
    lines = ["[%s]" % v] + ["%s = \"%s\"" % (c, val) for _e, c, val in comp] + ["%s = \"%s\"" % (k.key, s), "retries = %d" % _ri(2, 5)]
    return "\n".join(lines), s, "[%s]" % v


def _x_ini(k):
    s = k.gen()
    v = _vendor(k)
    comp = k.comp() if k.comp else []
    lines = ["; %s settings" % k.label, "[%s]" % v] + ["%s = %s" % (c, val) for _e, c, val in comp] + ["%s = %s" % (k.key, s)]
    return "\n".join(lines), s, k.label


def _x_json(k):
    s = k.gen()
    v = _vendor(k)
    comp = k.comp() if k.comp else []
    body = dict((_camel(c), val) for _e, c, val in comp)
    body[_camel(k.key)] = s
    body["endpoint"] = "https://%s" % _host(k.dom)
    return json.dumps({v: body, "logLevel": "info"}, indent=2), s, _camel(k.key)


def _x_properties(k):
    s = k.gen()
    v = _vendor(k)
    comp = k.comp() if k.comp else []
    lines = ["# %s" % k.label] + ["%s.%s=%s" % (v, _camel(c), val) for _e, c, val in comp] + ["%s.%s=%s" % (v, _camel(k.key), s), "%s.connect-timeout=5000" % v]
    return "\n".join(lines), s, "%s.%s" % (v, _camel(k.key))


def _x_appsettings_xml(k):
    s = k.gen()
    name = "".join(w.capitalize() for w in k.id.split("-"))
    return ("<appSettings>\n  <add key=\"Environment\" value=\"Production\" />\n  <add key=\"%s\" value=\"%s\" />\n</appSettings>") % (name, s), s, name


def _x_tfvars(k):
    s = k.gen()
    name = k.id.replace("-", "_")
    return "# env/prod.auto.tfvars\nregion = \"%s\"\n%s = \"%s\"\nenvironment = \"prod\"" % (_region(), name, s), s, name


def _x_compose_env(k):
    s = k.gen()
    v = _vendor(k)
    lines = ["services:", "  %s-worker:" % v, "    image: registry.%s/%s-worker:%d.%d" % (_dom(k.dom), v, _ri(1, 4), _ri(0, 20)), "    environment:"]
    lines += ["      - %s" % x for x in _env_lines(k, s)]
    return "\n".join(lines), s, k.env


def _x_k8s_secret(k):
    s = k.gen()
    v = _vendor(k)
    t = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s-credentials\n  namespace: %s\ntype: Opaque\nstringData:\n  %s: \"%s\"") % (
        v, _pick(["payments", "integrations", "iot", "mlops", "voip", "shop", "default"]), k.env, s)
    return t, s, "stringData"


def _x_systemd(k):
    s = k.gen()
    v = _vendor(k)
    t = ("[Service]\nUser=%s\nExecStart=/opt/%s/bin/%s-sync --daemon\nEnvironment=\"%s=%s\"\nRestart=on-failure") % (v, v, v, k.env, s)
    return t, s, "Environment="


def _x_helm_values(k):
    s = k.gen()
    v = _vendor(k)
    t = "# values-prod.yaml\nreplicaCount: 2\n%s:\n  existingSecret: \"\"\n  %s: \"%s\"\nresources:\n  limits:\n    memory: 512Mi" % (v, _camel(k.key), s)
    return t, s, "existingSecret"


def _x_plist(k):
    s = k.gen()
    t = ("<key>EnvironmentVariables</key>\n<dict>\n    <key>%s</key>\n    <string>%s</string>\n</dict>") % (k.env, s)
    return t, s, k.env


def _x_regfile(k):
    s = k.gen()
    v = _vendor(k).capitalize()
    t = "Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\%s\\Connector]\n\"Endpoint\"=\"https://%s\"\n\"%s\"=\"%s\"" % (v, _host(k.dom), _camel(k.key), s)
    return t, s, "HKEY_LOCAL_MACHINE"


def _x_supervisord(k):
    s = k.gen()
    v = _vendor(k)
    t = "[program:%s-consumer]\ncommand=/srv/%s/venv/bin/python -m consumer\nautorestart=true\nenvironment=%s=\"%s\",PYTHONUNBUFFERED=\"1\"" % (v, v, k.env, s)
    return t, s, "[program:"


def _x_php_array(k):
    s = k.gen()
    v = _vendor(k)
    t = "<?php\n// config/services.php\nreturn [\n    '%s' => [\n        '%s' => '%s',\n        'timeout' => 30,\n    ],\n];" % (v, k.key, s)
    return t, s, "config/services.php"


def _x_hocon(k):
    s = k.gen()
    v = _vendor(k)
    t = "%s {\n  base-url = \"https://%s\"\n  %s = \"%s\"\n  %s = ${?%s}\n}" % (v, _host(k.dom), k.key.replace("_", "-"), s, k.key.replace("_", "-") + "-override", k.env)
    return t, s, "base-url"


def _x_profile_export(k):
    s = k.gen()
    t = "# /etc/profile.d/%s.sh\nexport %s=\"%s\"\nexport PATH=\"$PATH:/opt/%s/bin\"" % (_vendor(k), k.env, s, _vendor(k))
    return t, s, "export " + k.env


_CFG_SHAPES = [("cfgx-dotenv", _x_dotenv, _no_space), ("cfgx-dotenv-quoted", _x_dotenv_quoted, None), ("cfgx-yaml", _x_yaml, None),
               ("cfgx-toml", _x_toml, None), ("cfgx-ini", _x_ini, None), ("cfgx-json", _x_json, None), ("cfgx-properties", _x_properties, None),
               ("cfgx-appsettings-xml", _x_appsettings_xml, None), ("cfgx-tfvars", _x_tfvars, None), ("cfgx-compose-env", _x_compose_env, _no_space),
               ("cfgx-k8s-stringdata", _x_k8s_secret, None), ("cfgx-systemd-env", _x_systemd, None), ("cfgx-helm-values", _x_helm_values, None),
               ("cfgx-launchd-plist", _x_plist, None), ("cfgx-regfile", _x_regfile, None), ("cfgx-supervisord", _x_supervisord, None),
               ("cfgx-php-array", _x_php_array, None), ("cfgx-hocon", _x_hocon, None), ("cfgx-profile-export", _x_profile_export, None)]


# ------------------------------------------------------ source-code shapes

def _cname(k):
    return k.env


def _x_py_const(k):
    s = k.gen()
    return "# %s\n%s = \"%s\"\n%s_URL = \"https://%s\"" % (_pick(["settings_prod.py", "config.py", "constants.py"]), k.env, s, _vendor(k).upper(), _host(k.dom)), s, k.env + " ="


def _x_py_kwarg(k):
    s = k.gen()
    cls = "".join(w.capitalize() for w in _vendor(k).split("_")) + "Client"
    return "client = %s(\n    %s=\"%s\",\n    timeout=30,\n)\nresult = client.ping()" % (cls, k.key.replace(".", "_"), s), s, cls


def _x_py_setdefault(k):
    s = k.gen()
    return "import os\nos.environ.setdefault(\"%s\", \"%s\")" % (k.env, s), s, "os.environ.setdefault"


def _x_js_const(k):
    s = k.gen()
    q = _pick(["'", "\"", "`"])
    return "// %s\nconst %s = %s%s%s;\nmodule.exports = { %s };" % (_pick(["config/prod.js", "src/secrets.js", "lib/keys.js"]), _camel(k.key), q, s, q, _camel(k.key)), s, "const " + _camel(k.key)


def _x_js_options(k):
    s = k.gen()
    return "const client = createClient({\n  baseUrl: 'https://%s',\n  %s: '%s',\n  retries: 3,\n});" % (_host(k.dom), _camel(k.key), s), s, "createClient"


def _x_go_const(k):
    s = k.gen()
    return "package config\n\nconst (\n\t%sEndpoint = \"https://%s\"\n\t%s = \"%s\"\n)" % (_vendor(k).capitalize(), _host(k.dom), "".join(w.capitalize() for w in k.env.lower().split("_")), s), s, "package config"


def _x_java_static(k):
    s = k.gen()
    return "public final class Credentials {\n    private Credentials() {}\n    public static final String %s = \"%s\";\n}" % (k.env, s), s, "public static final String " + k.env


def _x_kotlin_val(k):
    s = k.gen()
    return "object Keys {\n    const val %s = \"%s\"\n}" % (k.env, s), s, "object Keys"


def _x_swift_let(k):
    s = k.gen()
    return "struct Config {\n    static let %s = \"%s\"\n    static let region = \"eu\"\n}" % (_camel(k.key), s), s, "struct Config"


def _x_csharp_const(k):
    s = k.gen()
    nm = "".join(w.capitalize() for w in k.id.split("-"))
    return "internal static class Secrets\n{\n    public const string %s = \"%s\";\n}" % (nm, s), s, "public const string " + nm


def _x_c_define(k):
    s = k.gen()
    return "/* config_prod.h */\n#define %s_HOST \"%s\"\n#define %s \"%s\"" % (_vendor(k).upper(), _host(k.dom), k.env, s), s, "#define " + k.env


def _x_ruby_assign(k):
    s = k.gen()
    v = _vendor(k).capitalize()
    return "# config/initializers/%s.rb\n%s.configure do |config|\n  config.%s = \"%s\"\nend" % (_vendor(k), v, k.key.replace(".", "_"), s), s, "config/initializers"


def _x_php_var(k):
    s = k.gen()
    return "<?php\n$%s = '%s';\n$client = new ApiClient($%s);" % (_camel(k.key), s, _camel(k.key)), s, "ApiClient"


def _x_sh_export(k):
    s = k.gen()
    return "#!/bin/bash\n# run_sync.sh\nexport %s='%s'\nexec python3 -m sync --since \"$(date -d yesterday +%%F)\"" % (k.env, s), s, "run_sync.sh"


def _x_ps1_var(k):
    s = k.gen()
    return "$env:%s = '%s'\n& .\\Invoke-Sync.ps1 -Verbose" % (k.env, s), s, "$env:" + k.env


def _x_r_sysenv(k):
    s = k.gen()
    return "Sys.setenv(%s = \"%s\")\nsource(\"R/pull_data.R\")" % (k.env, s), s, "Sys.setenv"


def _x_dart_const(k):
    s = k.gen()
    return "class Env {\n  static const String %s = '%s';\n}" % (_camel(k.key), s), s, "class Env"


def _x_diff_added(k):
    s = k.gen()
    f = _pick(["config/settings.py", "src/config.ts", "app/config.yml", "deploy/.env.prod"])
    return "--- a/%s\n+++ b/%s\n@@ -7,3 +7,4 @@\n LOG_LEVEL = \"info\"\n+%s = \"%s\"\n TIMEOUT = 30" % (f, f, k.env, s), s, "+++ b/" + f


def _x_lua_local(k):
    s = k.gen()
    return "local %s = \"%s\"\nreturn { key = %s }" % (k.key.replace(".", "_"), s, k.key.replace(".", "_")), s, "return {"


def _x_scala_val(k):
    s = k.gen()
    return "object Conf {\n  val %s: String = \"%s\"\n}" % (_camel(k.key), s), s, "object Conf"


def _x_ts_config_object(k):
    s = k.gen()
    return "export const config = {\n  %s: {\n    %s: \"%s\",\n  },\n} as const;" % (_vendor(k), _camel(k.key), s), s, "export const config"


_SRC_SHAPES = [("srcx-py-const", _x_py_const, None), ("srcx-py-kwarg", _x_py_kwarg, None), ("srcx-py-setdefault", _x_py_setdefault, None),
               ("srcx-js-const", _x_js_const, None), ("srcx-js-options", _x_js_options, None), ("srcx-go-const", _x_go_const, None),
               ("srcx-java-static", _x_java_static, None), ("srcx-kotlin-val", _x_kotlin_val, None), ("srcx-swift-let", _x_swift_let, None),
               ("srcx-csharp-const", _x_csharp_const, None), ("srcx-c-define", _x_c_define, None), ("srcx-ruby-configure", _x_ruby_assign, None),
               ("srcx-php-var", _x_php_var, None), ("srcx-sh-export", _x_sh_export, None), ("srcx-ps1-env", _x_ps1_var, None),
               ("srcx-r-sysenv", _x_r_sysenv, None), ("srcx-dart-const", _x_dart_const, None), ("srcx-diff-added", _x_diff_added, None),
               ("srcx-lua-local", _x_lua_local, None), ("srcx-scala-val", _x_scala_val, None), ("srcx-ts-config", _x_ts_config_object, None)]


# ------------------------------------------------------ tool-output shapes

def _x_printenv(k):
    s = k.gen()
    return "$ printenv | sort | grep -i %s\n%s" % (_vendor(k), "\n".join(sorted(_env_lines(k, s)))), s, "printenv"


def _x_docker_exec_env(k):
    s = k.gen()
    return "$ docker exec -it %s-%d env\n%s" % (_vendor(k), _ri(1, 3), "\n".join(["HOSTNAME=%s" % _hx(12)] + _env_lines(k, s))), s, "docker exec"


def _x_kubectl_exec_printenv(k):
    s = k.gen()
    return "$ kubectl exec deploy/%s-api -- printenv %s\n%s" % (_vendor(k), k.env, s), s, "kubectl exec"


def _x_cat_env(k):
    s = k.gen()
    return "$ cat /etc/%s/env\n%s" % (_vendor(k), "\n".join(_env_lines(k, s))), s, "cat /etc/"


def _x_vault_field(k):
    s = k.gen()
    return "$ vault kv get -field=%s secret/%s/%s\n%s" % (k.key, _pick(["prod", "shared", "ops"]), _vendor(k), s), s, "vault kv get"


def _x_repl(k):
    s = k.gen()
    return ">>> settings.%s\n'%s'" % (k.env, s), s, ">>> settings"


def _x_ssm_param(k):
    s = k.gen()
    body = {"Parameter": {"Name": "/%s/prod/%s" % (_vendor(k), k.key), "Type": "SecureString", "Value": s, "Version": _ri(1, 12),
                          "LastModifiedDate": _ts(), "ARN": "arn:aws:ssm:%s:%s:parameter/%s/prod/%s" % (_region(), _dig(12), _vendor(k), k.key)}}
    return "$ aws ssm get-parameter --with-decryption --name /%s/prod/%s\n%s" % (_vendor(k), k.key, json.dumps(body, indent=4)), s, "SecureString"


def _x_lambda_config(k):
    s = k.gen()
    body = {"FunctionName": "%s-webhook" % _vendor(k), "Runtime": "python3.12", "Environment": {"Variables": {k.env: s, "LOG_LEVEL": "INFO"}}}
    return "$ aws lambda get-function-configuration --function-name %s-webhook\n%s" % (_vendor(k), json.dumps(body, indent=4)), s, "get-function-configuration"


def _x_appsettings_list(k):
    s = k.gen()
    body = [{"name": "WEBSITE_RUN_FROM_PACKAGE", "slotSetting": False, "value": "1"}, {"name": k.env, "slotSetting": False, "value": s}]
    return "$ az webapp config appsettings list -g rg-%s -n app-%s-prod\n%s" % (_vendor(k), _vendor(k), json.dumps(body, indent=2)), s, "appsettings list"


def _x_gcloud_run_describe(k):
    s = k.gen()
    t = ("$ gcloud run services describe %s-api --region europe-west3 --format yaml | grep -A1 %s\n        - name: %s\n          value: %s") % (_vendor(k), k.env, k.env, s)
    return t, s, "gcloud run services describe"


def _x_ecs_taskdef(k):
    s = k.gen()
    body = {"environment": [{"name": "STAGE", "value": "prod"}, {"name": k.env, "value": s}]}
    return "$ aws ecs describe-task-definition --task-definition %s-worker --query 'taskDefinition.containerDefinitions[0].environment'\n%s" % (
        _vendor(k), json.dumps(body["environment"], indent=4)), s, "describe-task-definition"


def _x_grep_hit(k):
    s = k.gen()
    f = _pick(["scripts/backfill.py", "tools/export.sh", "config/legacy.ini", "notebooks/explore.ipynb", "ops/cron/nightly.sh"])
    return "$ git grep -n %s\n%s:%d:%s=%s" % (k.env, f, _ri(3, 200), k.env, s), s, "git grep"


def _x_table_box(k):
    s = k.gen()
    w = max(len(s), 12)
    line = "+" + "-" * 26 + "+" + "-" * (w + 2) + "+"
    rows = [line, "| %-24s | %-*s |" % ("KEY", w, "VALUE"), line]
    for a, b in _fill_pairs(k, 2):
        rows.append("| %-24s | %-*s |" % (a, w, b))
    rows.append("| %-24s | %-*s |" % (k.env, w, s))
    rows.append(line)
    return "$ envctl show --app %s --reveal\n%s" % (_vendor(k), "\n".join(rows)), s, "--reveal"


def _x_fly_ssh_env(k):
    s = k.gen()
    return "$ fly ssh console -a %s-prod -C 'sh -c \"echo $%s\"'\nConnecting to %s... complete\n%s" % (_vendor(k), k.env, _ip(), s), s, "fly ssh console"


_OUT_SHAPES = [("outx-printenv", _x_printenv, None), ("outx-docker-exec-env", _x_docker_exec_env, None), ("outx-kubectl-exec-printenv", _x_kubectl_exec_printenv, None),
               ("outx-cat-env", _x_cat_env, None), ("outx-vault-field", _x_vault_field, None), ("outx-repl", _x_repl, None),
               ("outx-ssm-parameter", _x_ssm_param, None), ("outx-lambda-config", _x_lambda_config, None), ("outx-appsettings-list", _x_appsettings_list, None),
               ("outx-gcloud-run-describe", _x_gcloud_run_describe, None), ("outx-ecs-taskdef", _x_ecs_taskdef, None), ("outx-git-grep", _x_grep_hit, _no_space),
               ("outx-table-box", _x_table_box, None), ("outx-fly-ssh-echo", _x_fly_ssh_env, None)]


# ---------------------------------------------- stack-trace-or-log shapes

def _x_log_json(k):
    s = k.gen()
    body = {"ts": _ts(), "level": "debug", "svc": "%s-adapter" % _vendor(k), "msg": "effective config", "config": {_camel(k.key): s, "timeoutMs": 5000}}
    return json.dumps(body), s, "effective config"


def _x_log_logfmt(k):
    s = k.gen()
    return "ts=%s lvl=debug caller=client.go:%d msg=\"init client\" %s=%s region=%s" % (_ts(), _ri(20, 400), k.key.replace(".", "_"), s, _region()), s, "init client"


def _x_log_py_locals(k):
    s = k.gen()
    v = _vendor(k)
    t = ("Traceback (most recent call last):\n  File \"/app/%s/client.py\", line %d, in _request\n    raise ApiError(resp.status_code, resp.text)\n%s.errors.ApiError: (401, 'invalid credentials')\n\n"
         "  Locals at frame _request:\n    self = <%sClient base=https://%s>\n    %s = '%s'\n    attempt = 3") % (v, _ri(40, 300), v, v.capitalize(), _host(k.dom), k.key.replace(".", "_"), s)
    return t, s, "Traceback"


def _x_log_spring_env(k):
    s = k.gen()
    return "%s DEBUG 1 --- [           main] o.s.c.e.PropertySourcesPropertyResolver  : Found key '%s.%s' in PropertySource 'systemEnvironment' with value of type String: %s" % (
        _ts2() + ".%03d" % _ri(0, 999), _vendor(k), _camel(k.key), s), s, "PropertySourcesPropertyResolver"


def _x_log_header(k):
    s = k.gen()
    return "%s DEBUG http.client send: b'POST /v1/%s HTTP/1.1\\r\\nHost: %s\\r\\nX-Api-Key: %s\\r\\nContent-Type: application/json\\r\\n\\r\\n'" % (
        _ts2(), _pick(["events", "sync", "batches", "messages"]), _host(k.dom), s), s, "http.client"


def _x_log_url_query(k):
    s = k.gen()
    return "%s WARN  [%s-poller] GET https://%s/api/v2/status?%s=%s -> 503 (retry 2/5)" % (_ts2(), _vendor(k), _host(k.dom), _camel(k.key), s), s, "retry 2/5"


def _x_log_go_struct(k):
    s = k.gen()
    return "%s DEBUG loaded settings: &%s.Options{Endpoint:\"https://%s\", %s:\"%s\", Timeout:30000000000}" % (
        _ts2(), _vendor(k), _host(k.dom), "".join(w.capitalize() for w in k.key.replace(".", "_").split("_")), s), s, "loaded settings"


def _x_log_node_inspect(k):
    s = k.gen()
    return "[%s] info: starting worker with options {\n  endpoint: 'https://%s',\n  %s: '%s',\n  concurrency: 4\n}" % (_ts(), _host(k.dom), _camel(k.key), s), s, "starting worker"


def _x_log_journal(k):
    s = k.gen()
    return "%s %s %s-sync[%d]: using %s=%s from /etc/%s/env" % ("Jun %02d %s:%02d" % (_ri(1, 28), _hhmm(), _ri(0, 59)), _short(k.dom), _vendor(k), _ri(300, 40000), k.env, s, _vendor(k)), s, "from /etc/"


def _x_log_dotnet(k):
    s = k.gen()
    return "dbug: Microsoft.Extensions.Configuration[0]\n      Loaded %s:%s = %s (source: EnvironmentVariablesConfigurationProvider)" % (
        "".join(w.capitalize() for w in _vendor(k).split("_")), _camel(k.key).capitalize(), s), s, "Microsoft.Extensions.Configuration"


def _x_log_k8s_startup(k):
    s = k.gen()
    return "%s  INFO  entrypoint.sh: starting with %s (%d chars): %s" % (_ts(), k.env, len(s), s), s, "entrypoint.sh"


def _x_log_error_message(k):
    s = k.gen()
    return "%s ERROR [%s] authentication rejected for credential '%s' (HTTP 401) - check %s" % (_ts2(), _vendor(k), s, k.env), s, "authentication rejected"


_LOG_SHAPES = [("logx-json", _x_log_json, None), ("logx-logfmt", _x_log_logfmt, _no_space), ("logx-py-locals", _x_log_py_locals, None),
               ("logx-spring-property", _x_log_spring_env, None), ("logx-http-header", _x_log_header, None), ("logx-url-query", _x_log_url_query, _url_safe),
               ("logx-go-struct", _x_log_go_struct, None), ("logx-node-inspect", _x_log_node_inspect, None), ("logx-journal", _x_log_journal, None),
               ("logx-dotnet-config", _x_log_dotnet, None), ("logx-entrypoint", _x_log_k8s_startup, None), ("logx-auth-rejected", _x_log_error_message, None)]


# --------------------------------------------------- ci-and-deploy shapes

def _x_gha_env(k):
    s = k.gen()
    return ("jobs:\n  deploy:\n    runs-on: ubuntu-22.04\n    env:\n      %s: %s\n    steps:\n      - uses: actions/checkout@v4\n      - run: ./scripts/deploy.sh") % (k.env, s), s, "runs-on"


def _x_gitlab_vars(k):
    s = k.gen()
    return "deploy:%s:\n  stage: deploy\n  variables:\n    %s: \"%s\"\n  script:\n    - make deploy" % (_vendor(k), k.env, s), s, "stage: deploy"


def _x_jenkins_env(k):
    s = k.gen()
    return "pipeline {\n  agent any\n  environment {\n    %s = '%s'\n  }\n  stages { stage('Sync') { steps { sh './sync.sh' } } }\n}" % (k.env, s), s, "environment {"


def _x_dockerfile_env(k):
    s = k.gen()
    return "FROM python:3.12-slim\nWORKDIR /srv\nENV %s=%s\nCOPY . .\nCMD [\"python\", \"-m\", \"%s_worker\"]" % (k.env, s, _vendor(k)), s, "ENV " + k.env


def _x_k8s_env(k):
    s = k.gen()
    return "        env:\n          - name: %s\n            value: \"%s\"\n          - name: GOMAXPROCS\n            value: \"2\"" % (k.env, s), s, "- name: " + k.env


def _x_circleci_env(k):
    s = k.gen()
    return "  build:\n    docker:\n      - image: cimg/base:2024.06\n        environment:\n          %s: %s" % (k.env, s), s, "cimg/base"


def _x_azure_var(k):
    s = k.gen()
    return "variables:\n- name: %s\n  value: '%s'\n- name: vmImage\n  value: ubuntu-latest" % (k.env, s), s, "vmImage"


def _x_helm_cli(k):
    s = k.gen()
    return "helm upgrade --install %s ./chart -n %s --set secrets.%s=%s --atomic" % (_vendor(k), _vendor(k), _camel(k.key), s), s, "helm upgrade"


def _x_ansible_env(k):
    s = k.gen()
    return "- name: run %s sync\n  ansible.builtin.shell: /opt/%s/sync.sh\n  environment:\n    %s: \"%s\"" % (_vendor(k), _vendor(k), k.env, s), s, "ansible.builtin.shell"


def _x_gha_with(k):
    s = k.gen()
    return "      - name: Notify\n        uses: %s/notify-action@v2\n        with:\n          %s: %s\n          channel: releases" % (_vendor(k), k.key.replace("_", "-"), s), s, "uses:"


def _x_setx_log(k):
    s = k.gen()
    return "+ export %s=%s\n+ ./gradlew publish --no-daemon\n> Task :publish UP-TO-DATE\nBUILD SUCCESSFUL in 41s" % (k.env, s), s, "BUILD SUCCESSFUL"


def _x_compose_override(k):
    s = k.gen()
    return "# docker-compose.prod.yml\nservices:\n  app:\n    environment:\n      %s: \"%s\"" % (k.env, s), s, "docker-compose.prod.yml"


_CI_SHAPES = [("cix-gha-env", _x_gha_env, None), ("cix-gitlab-vars", _x_gitlab_vars, None), ("cix-jenkins-env", _x_jenkins_env, None),
              ("cix-dockerfile-env", _x_dockerfile_env, _no_space), ("cix-k8s-env", _x_k8s_env, None), ("cix-circleci-env", _x_circleci_env, None),
              ("cix-azure-var", _x_azure_var, None), ("cix-helm-set", _x_helm_cli, _no_space), ("cix-ansible-env", _x_ansible_env, None),
              ("cix-gha-with", _x_gha_with, None), ("cix-setx-log", _x_setx_log, _no_space), ("cix-compose-override", _x_compose_override, None)]


# ---------------------------------------------------- note-or-chat shapes

def _x_note_chat(k):
    s = k.gen()
    a, b = _pick(_FIRST).capitalize(), _pick(_FIRST).capitalize()
    return "%s: vault sync is broken again, can you paste the %s?\n%s: %s\n%s: got it, thx" % (a, k.label, b, s, a), s, k.label


def _x_note_handoff(k):
    s = k.gen()
    return "Handoff %s: rotated the %s after the vendor notice; new value is %s. Old one revoked, services restarted." % (_date(), k.label, s), s, "Handoff"


def _x_note_todo(k):
    s = k.gen()
    return "- [ ] replace the %s in the runbook (currently %s) with a vault reference\n- [ ] ping security about rotation" % (k.label, s), s, "runbook"


def _x_note_email(k):
    s = k.gen()
    return "Hi,\n\nas discussed, here is the %s for the integration:\n\n    %s\n\nPlease store it in your secret manager.\n\nRegards,\n%s" % (k.label, s, _name()), s, "as discussed"


def _x_note_agent(k):
    s = k.gen()
    return "Notes: reproduced locally with %s=%s (taken from the staging box); the 401 goes away with that value, so the prod value in the config map is stale." % (k.env, s), s, "reproduced locally"


_NOTE_SHAPES = [("notex-chat", _x_note_chat, None), ("notex-handoff", _x_note_handoff, None), ("notex-todo", _x_note_todo, None),
                ("notex-email", _x_note_email, None), ("notex-agent-notes", _x_note_agent, None)]


# ----------------------------------------------------- vendor-token shapes

def _x_vendor(k):
    s = k.gen()
    style = _ri(0, 4)
    if style == 0:
        return "%s (issued %s): %s" % (k.label, _date(), s), s, k.label
    if style == 1:
        return "new %s -> %s" % (k.label, s), s, k.label
    if style == 2:
        return "%s=%s" % (k.env, s), s, k.env
    if style == 3:
        return "token: %s" % s, s, ""
    return "%s\n%s" % (k.label, s), s, k.label


def _fill(group, shapes, target, kinds, uses=2):
    have = sum(1 for x in SECRETS if x[0] == group)
    queues = []
    for prefix, fn, pred in shapes:
        ks = [k for k in kinds]
        _R.shuffle(ks)
        queues.append([prefix, fn, pred, ks])
    i = 0
    while have < target:
        prefix, fn, pred, ks = queues[i % len(queues)]
        i += 1
        while ks:
            k = ks.pop()
            if pred is None or all(pred(k.gen()) for _ in range(6)):
                break
        else:
            continue
        n = min(uses, target - have)
        _emit(group, "%s-%s" % (prefix, k.id), (lambda f=fn, kk=k: f(kk)), n)
        have += n


# ------------------------------------------------------- command shapes

def _x_cmd_export_run(k):
    s = k.gen()
    return "%sexport %s='%s'\n%s./bin/%s-sync --dry-run" % (_prompt(k.dom), k.env, s, _prompt(k.dom), _vendor(k)), s, "export " + k.env


def _x_cmd_env_prefix(k):
    s = k.gen()
    return "%s='%s' ./scripts/smoke_%s.sh --env prod --verbose" % (k.env, s, _vendor(k)), s, "./scripts/smoke_"


def _x_cmd_curl_bearer(k):
    s = k.gen()
    return "curl -sS -H \"Authorization: Bearer %s\" https://%s/api/v1/health | jq ." % (s, _host(k.dom)), s, "Authorization: Bearer"


def _x_cmd_docker_e(k):
    s = k.gen()
    return "docker run --rm -e %s=%s registry.%s/%s-cli:latest verify" % (k.env, s, _dom(k.dom), _vendor(k)), s, "docker run"


def _x_cmd_history(k):
    s = k.gen()
    n = _ri(900, 2400)
    return "$ history | tail -3\n %d  cd ~/src/%s\n %d  export %s=%s\n %d  make integration-test" % (n, _vendor(k), n + 1, k.env, s, n + 2), s, "history"


def _x_cmd_setx(k):
    s = k.gen()
    return "C:\\Users\\build> setx %s \"%s\"\n\nSUCCESS: Specified value was saved." % (k.env, s), s, "setx"


def _x_cmd_fish(k):
    s = k.gen()
    return "> set -gx %s %s\n> %s-cli whoami" % (k.env, s, _vendor(k)), s, "set -gx"


_CMD_SHAPES = [("cmdx-export-run", _x_cmd_export_run, None), ("cmdx-env-prefix", _x_cmd_env_prefix, None), ("cmdx-curl-bearer", _x_cmd_curl_bearer, _no_space),
               ("cmdx-docker-run-e", _x_cmd_docker_e, _no_space), ("cmdx-history", _x_cmd_history, _no_space), ("cmdx-setx", _x_cmd_setx, None),
               ("cmdx-fish-set", _x_cmd_fish, _no_space)]


# ================================================================ BENIGN
# Strings that look secret-ish but hold no credential.

def _cert_body():
    raw = bytes.fromhex("308203c5308202ada0030201020214") + _bytes(954)
    return _wrap(base64.b64encode(raw).decode())


def _pub_body():
    raw = bytes.fromhex("30820122300d06092a864886f70d01010105000382010f003082010a0282010100") + _bytes(256) + bytes.fromhex("0203010001")
    return _wrap(base64.b64encode(raw).decode())


def _ssh_ed_pub():
    return base64.b64encode(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + _bytes(32)).decode()


def _ssh_rsa_pub():
    return base64.b64encode(b"\x00\x00\x00\x07ssh-rsa\x00\x00\x00\x03\x01\x00\x01\x00\x00\x01\x01\x00" + _bytes(256)).decode()


def _sha256_b64():
    return base64.b64encode(hashlib.sha256(_bytes(16)).digest()).decode()


def _b_git():
    f = _ri(0, 3)
    if f == 0:
        return "\n".join("%s %s" % (_hx(_pick([7, 8, 10])), _pick(["fix(recon): handle partial refunds", "chore: bump nRF SDK to 2.6.1", "feat(fhir): map OBX-5 units",
                         "build: cache DDC on horde agents", "revert \"ota: enable delta updates\"", "docs: runbook for RACF resets", "perf(feast): batch redis reads"]))
                         for _ in range(_ri(3, 6)))
    if f == 1:
        return "commit %s\nMerge: %s %s\nAuthor: %s <%s@%s>\nDate:   %s\n\n    Merge branch 'release/%d.%d' into main" % (
            _sha(), _hx(9), _hx(9), _name(), _user(), _dom("cloud"), _ts2(), _ri(1, 9), _ri(0, 20))
        
    if f == 2:
        return "Reviewed-on: https://gerrit.%s/c/firmware/+/%d\nChange-Id: I%s\nTested-by: CI Bot <ci@%s>" % (_dom("iot"), _ri(10000, 99999), _hx(40), _dom("iot"))
    return "$ git rev-parse HEAD\n%s\n$ git describe --tags\nv%d.%d.%d-%d-g%s" % (_sha(), _ri(1, 4), _ri(0, 20), _ri(0, 9), _ri(1, 80), _hx(8))


def _b_uuid_log():
    return _pick([
        "%s INFO  request_id=%s correlation_id=%s path=/v2/payouts status=200 dur_ms=%d" % (_ts(), _uuid(), _uuid(), _ri(3, 900)),
        "Job %s finished in %ds (tenant %s)" % (_uuid(), _ri(1, 999), _uuid()),
        "<Encounter><id value=\"%s\"/><meta><versionId value=\"%d\"/></meta></Encounter>" % (_uuid(), _ri(1, 9)),
        "kernel_id: %s  session: %s  notebook: churn_eda.ipynb" % (_uuid(), _uuid()),
    ])


def _b_docker_digest():
    return _pick([
        "image: registry.%s/ledger-api@sha256:%s" % (_dom("fin"), _hx(64)),
        "#8 exporting manifest sha256:%s done\n#8 exporting config sha256:%s done\n#8 naming to harbor.%s/tools/asset-cooker:1.4 done" % (_hx(64), _hx(64), _dom("game")),
        "Digest: sha256:%s\nStatus: Downloaded newer image for ghcr.io/%s/fhir-bridge:2.3.1" % (_hx(64), _pick(["orchard", "kestrel", "tessellate"])),
        "ENTRYPOINT digest pinned: FROM python:3.12-slim@sha256:%s" % _hx(64),
    ])


def _b_npm_integrity():
    name = _pick(["lodash.merge", "@types/node", "fast-json-stable-stringify", "tslib", "semver", "debug", "ms"])
    sha512 = base64.b64encode(hashlib.sha512(_bytes(12)).digest()).decode()
    return _pick([
        "\"node_modules/%s\": {\n  \"version\": \"%d.%d.%d\",\n  \"resolved\": \"https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz\",\n  \"integrity\": \"sha512-%s\"\n}" % (
            name, 1, _ri(0, 20), _ri(0, 9), name, name.split("/")[-1], 1, _ri(0, 20), _ri(0, 9), sha512),
        "%s@^%d.%d.0:\n  version \"%d.%d.%d\"\n  resolved \"https://registry.yarnpkg.com/%s/-/%s-%d.%d.%d.tgz#%s\"\n  integrity sha512-%s" % (
            name, 2, 1, 2, 1, _ri(0, 9), name, name.split("/")[-1], 2, 1, 3, _hx(40), sha512),
    ])


def _b_pip_hashes():
    return _pick([
        "requests==2.32.3 \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s" % (_hx(64), _hx(64)),
        "[[package]]\nname = \"numpy\"\nversion = \"1.26.4\"\nfiles = [\n    {file = \"numpy-1.26.4-cp311-cp311-manylinux_2_17_x86_64.whl\", hash = \"sha256:%s\"},\n]" % _hx(64),
        "[[package]]\nname = \"serde\"\nversion = \"1.0.203\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"%s\"" % _hx(64),
        "github.com/eclipse/paho.mqtt.golang v1.4.3 h1:%s\ngithub.com/eclipse/paho.mqtt.golang v1.4.3/go.mod h1:%s" % (_sha256_b64(), _sha256_b64()),
    ])


def _b_ssh_pub():
    return _pick([
        "ssh-ed25519 %s %s@%s" % (_ssh_ed_pub(), _user(), _pick(["buildfarm", "laptop", "hpc-login1"])),
        "# authorized_keys for deploy\nssh-rsa %s deploy@ci" % _ssh_rsa_pub(),
        "|1|%s|%s ssh-ed25519 %s" % (base64.b64encode(_bytes(20)).decode(), base64.b64encode(_bytes(20)).decode(), _ssh_ed_pub()),
        "The authenticity of host '%s (%s)' can't be established.\nED25519 key fingerprint is SHA256:%s." % (_host("hpc"), _ip(), _sha256_b64().rstrip("=")),
    ])


def _b_cert_fp():
    fp = ":".join(_HX(2) for _ in range(32))
    return _pick([
        "SHA256 Fingerprint=%s" % fp,
        "$ openssl x509 -in fhir-gw.crt -noout -fingerprint -sha1\nsha1 Fingerprint=%s" % ":".join(_HX(2) for _ in range(20)),
        "\"sha256_cert_fingerprints\": [\"%s\"]" % fp,
        "Certificate fingerprint (SHA-256): %s  issuer=CN=Orchard Issuing CA 02" % fp,
    ])


def _b_pem_cert():
    return _pick([
        "# fleet CA (public, bundled into firmware)\n-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % _cert_body(),
        "-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % _pub_body(),
    ])


def _b_ca_data():
    pem = "-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----\n" % _cert_body()
    return "clusters:\n- cluster:\n    certificate-authority-data: %s\n    server: https://%s:6443" % (base64.b64encode(pem.encode()).decode()[:400], _ip())


def _b_jwks():
    return json.dumps({"keys": [{"kty": "RSA", "use": "sig", "alg": "RS256", "kid": _b64u(22), "n": _b64u(342), "e": "AQAB"}]}, indent=1)


def _b_trace():
    return _pick([
        "traceparent: 00-%s-%s-01" % (_hx(32), _hx(16)),
        "X-Amzn-Trace-Id: Root=1-%s-%s;Parent=%s;Sampled=1" % (_hx(8), _hx(24), _hx(16)),
        "dd.trace_id=%d dd.span_id=%d" % (_R.getrandbits(63), _R.getrandbits(63)),
        "Sentry event %s captured (release game-client@1.8.%d)" % (_hx(32), _ri(0, 99)),
        "x-request-id: %s\nx-b3-traceid: %s" % (_uuid(), _hx(32)),
    ])


def _b_stripe_ids():
    return _pick([
        "%s INFO stripe request_id=req_%s object=pi_3P%s status=succeeded amount=4200 currency=eur" % (_ts(), _b62(14), _b62(22)),
        "webhook evt_1P%s (payout.paid) for po_1P%s acknowledged" % (_b62(22), _b62(22)),
        "customer cus_%s attached pm_1P%s (card, last4 4242)" % (_b62(14), _b62(22)),
        "// publishable key, safe to ship in the client bundle\nconst stripe = Stripe('pk_live_%s');" % _b62(99),
    ])


def _b_aws_example():
    return _pick([
        "# values from the AWS documentation, not real\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "arn:aws:iam::%s:role/recon-breakglass (account %s, region %s)" % (_dig(12), _dig(12), _region()),
        "AccessKeyId AKIA%s was deactivated at %s; no further action needed (key material was never exported)." % (_ua(16), _ts()),
    ])


def _b_placeholder():
    return _pick([
        "STRIPE_SECRET_KEY=<your-stripe-secret-key>\nSTRIPE_WEBHOOK_SECRET=<paste from dashboard>",
        "export OPENAI_API_KEY=${OPENAI_API_KEY:?set me}",
        "api_key: sk_live_xxxxxxxxxxxxxxxxxxxxxxxx   # replace before running",
        "password: changeme  # placeholder, the real value is injected by the operator",
        "TWILIO_AUTH_TOKEN=REPLACE_ME",
        "GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
        "DB_PASSWORD=********",
        "Authorization: Bearer <token>",
        "hf_token = \"hf_...\"  # put your own token here",
        "MATCH_PASSWORD=\"${MATCH_PASSWORD}\"",
        "\"client_secret\": \"[REDACTED]\"",
        "-p <password> -u <user>",
        "P4PASSWD=%(p4_password)s",
        "sip secret=<set-per-trunk>",
    ])


def _b_secret_ref():
    return _pick([
        "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: ledger-db\n        key: password",
        "$ vault kv get -field=password secret/iam/ldap/svc-ldap-read",
        "token: op://Payments/Stripe prod/credential",
        "      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}",
        "$ aws secretsmanager get-secret-value --secret-id claims/db2 --query SecretString --output text | jq -r .password > /dev/null",
        "$ gcloud secrets versions access latest --secret=feast-redis-password --project=fernwood-prod",
        "spec:\n  secretStoreRef:\n    name: vault-backend\n    kind: ClusterSecretStore\n  data:\n  - secretKey: api_key\n    remoteRef:\n      key: secret/iot/balena\n      property: api_key",
        "password = var.db_password  # marked sensitive = true in variables.tf",
        "PGPASSFILE=/run/secrets/pgpass psql -h %s recon" % _host("fin"),
        "credentials('p4-build-svc')  // Jenkins credential id, value lives in the controller",
        "storePassword=System.getenv(\"ANDROID_KEYSTORE_PASSWORD\")",
        "c.IdentityProvider.token = os.environ['JUPYTER_TOKEN']",
    ])


def _b_ansible_vault():
    lines = "\n".join(_hx(80) for _ in range(_ri(3, 5)))
    return "ldap_bind_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          %s" % lines.replace("\n", "\n          ")


def _b_sops():
    return "healthgorilla:\n    client_secret: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    kms:\n    -   arn: arn:aws:kms:%s:%s:key/%s" % (
        _b64b(30), _b64b(32), _b64b(16), _region(), _dig(12), _uuid())


def _b_sealed():
    return "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: ledger-db\nspec:\n  encryptedData:\n    password: AgB%s" % _rs(_B64, 300)


def _b_fake_fixture():
    return _pick([
        "# tests/fixtures/stripe.py -- fake values, never valid\nFAKE_SECRET_KEY = \"sk_test_FAKE0000000000000000000000\"",
        "@pytest.fixture\ndef fhir_creds():\n    return {\"user\": \"test-user\", \"password\": \"not-a-real-password\"}  # dummy",
        "const MOCK_TOKEN = 'mock-token-for-unit-tests-only';",
        "// example from the vendor docs (sandbox, intentionally public)\nconst demoKey = 'demo-key-000000';",
        "TEST_JWT = \"eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ0ZXN0In0.\"  # unsigned fixture",
        "assert mask(\"abcd1234efgh5678\") == \"************5678\"",
    ])


def _b_b64_text():
    txt = _pick([b"log_level: info\nretries: 3\n", b"Hello from the provisioning service", b"ADT^A01 sample for docs",
                 b"{\"feature\":\"new-checkout\",\"rollout\":25}", b"#!/bin/sh\necho starting gateway\n", b"no secrets here, just a banner"])
    e = base64.b64encode(txt).decode()
    return _pick([
        "binaryData:\n  app.yaml: %s" % e,
        "Content-Transfer-Encoding: base64\n\n%s" % e,
        "$ echo %s | base64 -d\n%s" % (e, txt.decode().strip()),
        "<img src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9h%s\" alt=\"status\">" % base64.b64encode(_bytes(60)).decode().rstrip("="),
    ])


def _b_assets():
    return _pick([
        "dist/assets/index-%s.js   412.33 kB | gzip: 131.02 kB" % _b64u(8),
        "static/js/main.%s.chunk.js" % _hx(8),
        "/_next/static/chunks/pages/_app-%s.js" % _hx(16),
        "public/build/app-%s.css" % _hx(20),
        "Asset   Size  Chunks  Chunk Names\nvendor.%s.js  1.2 MiB  0  vendor" % _hx(20),
        "logo.%s.svg, fonts/inter-var.%s.woff2" % (_hx(12), _hx(12)),
    ])


def _b_sourcemap():
    segs = ",".join(_rs(_B64, _ri(4, 8)) for _ in range(14))
    return "{\"version\":3,\"file\":\"main.%s.js\",\"sources\":[\"src/index.ts\"],\"names\":[\"e\",\"t\",\"n\"],\"mappings\":\"%s\"}" % (_hx(8), segs)


def _b_policy():
    return _pick([
        "Password policy (IAM-STD-04): minimum 14 characters, at least three character classes, no reuse of the last 24 passwords, max age 90 days for service accounts.",
        "RACF: PASSWORD(INTERVAL(60)) MINCHANGE(1) HISTORY(12) REVOKE(5) RULE1(LENGTH(8) ALPHANUM(1:8))",
        "IBM i system values: QPWDMINLEN 10, QPWDRQDDIF 1, QPWDLVL 3 (case-sensitive passphrases up to 128 chars).",
        "Rotate the SIP trunk secret every quarter; never paste it into tickets, use the vault path instead.",
        "The Wi-Fi PSK for the factory line is printed on the sealed card in the QA cabinet; ask the shift lead.",
        "SAP login/min_password_lng = 12, login/password_expiration_time = 90",
        "Reminder: the kubeadmin password is shown once by the installer; store it in the break-glass vault.",
    ])


def _b_auth_errors():
    return _pick([
        "FATAL:  password authentication failed for user \"ledger_rw\"",
        "ORA-01017: invalid username/password; logon denied",
        "LDAP: error code 49 - 80090308: LdapErr: DSID-0C090447, comment: AcceptSecurityContext error, data 52e, v4563",
        "ICH408I USER(CLMSBAT ) GROUP(CLMSGRP ) NAME(CLAIMS BATCH) LOGON/JOB INITIATION - INVALID PASSWORD",
        "CPF1107: Password not correct for user profile EDISVC.",
        "RFC_LOGON_FAILURE: Name or password is incorrect (repeat logon)",
        "kinit: Preauthentication failed while getting initial credentials",
        "smpp: bind_transceiver_resp command_status=0x0000000E (ESME_RINVPASWD)",
        "ERROR 1045 (28000): Access denied for user 'magento'@'%s' (using password: YES)" % _ip(),
        "munge: Error: Invalid credential (rewound), job %d cancelled" % _ri(1000000, 9999999),
        "fastlane: [!] Couldn't decrypt the repo, please make sure you enter the right password!",
        "p4: Password invalid. (Perforce password (P4PASSWD) invalid or unset.)",
    ])


def _b_sip():
    return _pick([
        "SIP/2.0 401 Unauthorized\nVia: SIP/2.0/TLS %s:5061;branch=z9hG4bK%s\nCall-ID: %s@%s\nWWW-Authenticate: Digest realm=\"sip.%s\", nonce=\"%s\", algorithm=MD5, qop=\"auth\"" % (
            _ip(), _hx(16), _hx(32), _ip(), _dom("tel"), _hx(32)),
        "INVITE sip:+4930%s@sip.%s SIP/2.0\nFrom: <sip:%s@%s>;tag=%s\nCall-ID: %s" % (_dig(8), _dom("tel"), _dig(6), _dom("tel"), _hx(10), _uuid()),
        "rtp: new stream ssrc=0x%s pt=111 (opus) from %s:%d" % (_HX(8), _ip(), _ri(10000, 20000)),
        "SIM ICCID 89%s IMSI 262%s attached to APN iot.%s" % (_dig(18), _dig(12), _dom("tel")),
    ])


def _b_hl7():
    return _pick([
        "MSH|^~\\&|EPIC|ORCH|MIRTH|STMARYS|%s||ADT^A08^ADT_A01|%s|P|2.5.1\nPID|1||%s^^^ORCH^MR~%s^^^SSA^SS||DOE^JOHN||19750412|M" % (
            _dig(14), _dig(12), _dig(8), "000-00-0000"),
        json.dumps({"resourceType": "Patient", "id": _uuid(), "meta": {"versionId": str(_ri(1, 9)), "lastUpdated": _ts()},
                    "identifier": [{"system": "http://hl7.org/fhir/sid/us-npi", "value": _dig(10)}]}),
        "Bundle %s: 200 entries, next link ...?_getpages=%s&_getpagesoffset=200" % (_uuid(), _uuid()),
    ])


def _b_payments_ids():
    return _pick([
        "ISO8583 0210 STAN=%s RRN=%s RC=00 PAN=411111******1111 AUTH=%s" % (_dig(6), _dig(12), _ua(6)),
        "ARN %s for chargeback case %s" % (_dig(23), _ua(10)),
        "test card 4242 4242 4242 4242, exp 12/34, CVC 123 (Stripe test mode)",
        "SEPA end-to-end id E2E-%s, mandate MD%s" % (_ua(20), _ua(14)),
        "settlement batch %s: 1,204 transactions, checksum %s" % (_uuid(), _hx(40)),
    ])


def _b_iot_ids():
    return _pick([
        "DevEUI %s JoinEUI %s DevAddr %s" % (_HX(16), _HX(16), _HX(8)),
        "esp_image: Image SHA256: %s\nboot: Loaded app from partition at offset 0x10000" % _hx(64),
        "MCUboot: image 0 hash %s, signature OK (key id 0x%s)" % (_hx(64), _hx(8)),
        "IMEI %s, ICCID 8949%s, MAC %s" % (_dig(15), _dig(15), ":".join(_hx(2) for _ in range(6))),
        "$ xxd -l 64 -s 0x9000 nvs.bin\n" + "\n".join("%08x: %s  ................" % (0x9000 + i * 16, " ".join(_hx(4) for _ in range(8))) for i in range(4)),
    ])


def _b_game_ids():
    return _pick([
        "Depot %d manifest %s (build %d)" % (_ri(1000000, 2999999), _dig(19), _ri(10000000, 19999999)),
        "fileFormatVersion: 2\nguid: %s\nMonoImporter:\n  serializedVersion: 2" % _hx(32),
        "PDB signature %s age %d for GameClient.pdb" % (_HX(32), _ri(1, 9)),
        "Crash report %s uploaded (CL %d, Win64 Shipping)" % (_uuid().upper(), _ri(300000, 900000)),
        "Change %d on %s by build_svc@%s 'CL sync for cook'" % (_ri(300000, 900000), _date().replace("-", "/"), _short("game")),
        "DDC: hit 93.2%% (key %s)" % _HX(40),
    ])


def _b_ml_ids():
    return _pick([
        "mlflow run_id=%s experiment_id=%d status=FINISHED" % (_hx(32), _ri(1, 400)),
        "wandb: Syncing run %s\nwandb: View run at https://wandb.ai/fernwood/churn-v3/runs/%s" % (_la(8), _la(8)),
        "outs:\n- md5: %s\n  size: %d\n  path: data/features.parquet" % (_hx(32), _ri(10 ** 6, 10 ** 9)),
        "Downloading model.safetensors (sha256 %s) from revision %s" % (_hx(64), _sha()),
        "\"id\": \"%s\", \"cell_type\": \"markdown\"" % _hx(8),
        "Registered model 'churn-xgb' version %d, source runs:/%s/model" % (_ri(1, 40), _hx(32)),
    ])


def _b_sec_ids():
    return _pick([
        "IOC sha256 %s (loader), md5 %s" % (_hx(64), _hx(32)),
        "rule Loader_Config {\n  strings:\n    $a = { %s }\n  condition: $a\n}" % " ".join(_HX(2) for _ in range(16)),
        "JA3 %s  JA3S %s" % (_hx(32), _hx(32)),
        "CVE-2024-%d: affected sbc firmware 4.2.%d; Nessus plugin %d" % (_ri(1000, 49999), _ri(0, 9), _ri(100000, 210000)),
        "hashcat mode 1000 = NTLM, 13100 = Kerberos 5 TGS-REP etype 23, 18200 = AS-REP",
        "Finding closed: the secret previously exposed in build logs was rotated and the job now uses a masked variable.",
    ])


def _b_mobile_ids():
    return _pick([
        "Provisioning profile %s (Team ID %s) expires %s" % (_uuid().upper(), _ua(10), _date()),
        "App Store Connect API key id %s, issuer id %s (private key stored in the CI keychain)" % (_ua(10), _uuid()),
        "Firebase App ID 1:%s:android:%s" % (_dig(12), _hx(16)),
        "versionCode %d, upload certificate SHA-256 %s" % (_ri(100, 9999), ":".join(_HX(2) for _ in range(32))),
    ])


def _b_mainframe():
    return _pick([
        "//CLMSRPT  JOB (ACCT%04d),'MONTHLY RPT',CLASS=B,MSGCLASS=X,NOTIFY=&SYSUID\n//STEP01   EXEC PGM=CLMS500\n//INFILE   DD DSN=PROD.CLMS.EXTRACT(0),DISP=SHR" % _ri(1, 9999),
        "$HASP395 CLMSNITE ENDED - RC=0000  JOB%05d" % _ri(1, 99999),
        "PERMIT 'PROD.CLMS.**' CLASS(DATASET) ID(CLMSGRP) ACCESS(READ)",
        "DSPJOBLOG JOB(%06d/EDISVC/EDIXFER)" % _ri(1, 999999),
        "SM59: destination QAS_BATCH, connection test 12 ms, logon user RFC_BATCH (password stored in secure store)",
    ])


def _b_hpc():
    return _pick([
        "       JobID    JobName  Partition    Account  AllocCPUS      State ExitCode\n------------ ---------- ---------- ---------- ---------- ---------- --------\n%d     train_ddp        gpu   ml-lab         64  COMPLETED      0:0" % _ri(1000000, 9999999),
        "module load cuda/12.4 nccl/2.21 openmpi/4.1.6",
        "sbatch: Submitted batch job %d" % _ri(1000000, 9999999),
        "globus transfer task %s SUCCEEDED, 1.2 TB in 41m" % _uuid(),
    ])


def _b_shop_ids():
    return _pick([
        "gid://shopify/Product/%d variant gid://shopify/ProductVariant/%d" % (_ri(10 ** 12, 10 ** 13), _ri(10 ** 13, 10 ** 14)),
        "X-Shopify-Webhook-Id: %s\nX-Shopify-Topic: orders/paid" % _uuid(),
        "order #%d (increment_id %09d) exported to ERP" % (_ri(1000, 99999), _ri(1, 999999999)),
        "cart id %s expired after 7 days" % _hx(32),
    ])


def _b_ent_ids():
    return _pick([
        "CN=svc-ldap-read,OU=Service Accounts,DC=meridian,DC=local  objectSid: S-1-5-21-%d-%d-%d-%d" % (_ri(10 ** 9, 4 * 10 ** 9), _ri(10 ** 9, 4 * 10 ** 9), _ri(10 ** 9, 4 * 10 ** 9), _ri(1100, 9999)),
        "objectGUID:: %s" % base64.b64encode(_bytes(16)).decode(),
        "setspn -L svc_mssql\nRegistered ServicePrincipalNames for CN=svc_mssql:\n        MSSQLSvc/sql-02.meridian.local:1433",
        "transport request QASK9%05d released" % _ri(0, 99999),
        "AWR top SQL: sql_id %s, plan_hash_value %d" % (_rs("0123456789abcdfghjkmnpqrstuvwxyz", 13), _ri(10 ** 9, 4 * 10 ** 9)),
        "krbtgt/MERIDIAN.LOCAL@MERIDIAN.LOCAL  Valid starting %s, renew until %s" % (_ts2(), _ts2()),
    ])


def _b_sri():
    return _pick([
        "<script src=\"https://cdn.%s/checkout.js\" integrity=\"sha384-%s\" crossorigin=\"anonymous\"></script>" % (_dom("shop"), base64.b64encode(hashlib.sha384(_bytes(8)).digest()).decode()),
        "Content-Security-Policy: script-src 'self' 'nonce-%s'" % base64.b64encode(_bytes(16)).decode(),
        "ETag: \"%s\"" % _hx(40),
        "ETag: W/\"%s-%s\"" % (_hx(4), _b64u(27)),
    ])


def _b_oauth_public():
    return _pick([
        "client_id=%s-%s.apps.googleusercontent.com&redirect_uri=https://app.%s/callback&code_challenge=%s&code_challenge_method=S256&state=%s" % (
            _dig(12), _la(32), _dom("mobile"), _b64u(43), _b64u(22)),
        "OIDC discovery: issuer https://login.%s, jwks_uri https://login.%s/.well-known/jwks.json, kid %s" % ((_dom("ent"),) * 2 + (_b64u(22),)),
        "SAML AssertionConsumerService index=0, SP entityID https://sp.%s/saml, cert fingerprint %s" % (_dom("ent"), _hx(40)),
    ])


def _b_pubkeys_misc():
    return _pick([
        "[Peer]\nPublicKey = %s\nAllowedIPs = 10.66.0.%d/32" % (_b64b(32), _ri(2, 250)),
        "recipients: age1%s" % _rs(_B32L.replace("b", "").replace("i", "").replace("o", "") + "0", 58),
        "minisign public key: RWQ%s" % _rs(_B64, 53),
        "Discord application id %s, interactions public key %s" % (_dig(18), _hx(64)),
        "GPG key fingerprint = %s" % " ".join(_HX(4) for _ in range(10)),
    ])


def _b_masked():
    return _pick([
        "STRIPE_SECRET_KEY=sk_live_\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022%s" % _b62(4),
        "Token: ghp_************************************",
        "password: ******** (hidden)",
        "api_key: ***%s (last 4)" % _hx(4),
        "  SENTRY_AUTH_TOKEN: ***",
        "DATABASE_URL=postgres://recon_ro:***@%s:5432/recon" % _host("fin"),
    ])


def _b_k8s_ids():
    return _pick([
        "trainer-7d9c6b5f8-%s   1/1   Running   0   3h12m" % _la(5),
        "  uid: %s\n  resourceVersion: \"%d\"" % (_uuid(), _ri(10 ** 6, 10 ** 8)),
        "terraform.tfstate: serial %d, lineage %s" % (_ri(1, 900), _uuid()),
        "pod-template-hash=%s controller-revision-hash=%s" % (_la(10), _la(10)),
    ])


def _b_prose():
    return _pick([
        "We need a new password for svc_sharepoint before Friday; request raised as %s." % _ticket(),
        "The HSM holds the zone master key; nobody has the clear value, which is the point.",
        "Rotated the Adyen API key, updated Vault, restarted payout-worker. No secrets in this note on purpose.",
        "Decision: Perforce tickets for CI agents will be generated nightly with p4 login -a; no static passwords.",
        "The token in the screenshot was already revoked, but please avoid screenshots of the dashboard anyway.",
        "If the MLLP listener fails with 'keystore was tampered with, or password was incorrect', the keystore password env var is missing.",
        "Kerberos keytab for HTTP/sp-01 regenerated; kvno is now 4.",
        "fastlane match uses the MATCH_PASSWORD env var; ask release eng for access to the vault entry.",
    ])


def _b_signed_meta():
    return _pick([
        "Signature verification OK: key id %s, algorithm ecdsa-p256, firmware digest %s" % (_hx(16), _hx(64)),
        "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=%sT%sZ&X-Amz-Expires=900&X-Amz-SignedHeaders=host  (signature stripped before logging)" % (_date().replace("-", ""), "101500"),
        "Stripe-Signature header present (scheme v1), timestamp %d, verified against endpoint %s" % (_ri(1700000000, 1760000000), "we_" + _b62(24)),
        "Webhook HMAC verified: header X-Shopify-Hmac-Sha256 matched for topic orders/create",
    ])


def _b_sentry_dsn():
    return "# public DSN, meant for the client bundle\nSENTRY_DSN=https://%s@o%d.ingest.sentry.io/%d" % (_hx(32), _ri(100000, 999999), _ri(10 ** 15, 10 ** 16))


def _b_ids_misc():
    return _pick([
        "Build %s-%s finished: artifacts uploaded to s3://builds/%s/" % (_date().replace("-", ""), _hx(7), _hx(12)),
        "session %s resumed from checkpoint step %d" % (_hx(24), _ri(1000, 99999)),
        "Idempotency-Key: %s" % _uuid(),
        "object key uploads/%s/%s.pdf" % (_hx(2), _hx(40)),
        "Feature flag 'new-checkout' hash bucket %s -> 37" % _hx(16),
        "license id %s seats=40 (node-locked)" % "-".join(_ua(5) for _ in range(4)),
    ])


_BENIGN_GENS = [_b_git, _b_uuid_log, _b_docker_digest, _b_npm_integrity, _b_pip_hashes, _b_ssh_pub, _b_cert_fp, _b_pem_cert, _b_ca_data,
                _b_jwks, _b_trace, _b_stripe_ids, _b_aws_example, _b_placeholder, _b_secret_ref, _b_ansible_vault, _b_sops, _b_sealed,
                _b_fake_fixture, _b_b64_text, _b_assets, _b_sourcemap, _b_policy, _b_auth_errors, _b_sip, _b_hl7, _b_payments_ids,
                _b_iot_ids, _b_game_ids, _b_ml_ids, _b_sec_ids, _b_mobile_ids, _b_mainframe, _b_hpc, _b_shop_ids, _b_ent_ids, _b_sri,
                _b_oauth_public, _b_pubkeys_misc, _b_masked, _b_k8s_ids, _b_prose, _b_signed_meta, _b_sentry_dsn, _b_ids_misc]


# ============================================ signed URLs, DSNs, wrapping

def _sas_sig():
    return base64.b64encode(_bytes(32)).decode().replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _cf_sig():
    return base64.b64encode(_bytes(256)).decode().replace("+", "-").replace("=", "_").replace("/", "~")


@_reg("tool-output", "out-s3-presign-signature")
def _():
    sig = _hx(64)
    d = _date().replace("-", "")
    t = ("$ aws s3 presign s3://kestrel-recon-exports/2024-06/settlement_0614.csv --expires-in 3600\n"
         "https://kestrel-recon-exports.s3.eu-central-1.amazonaws.com/2024-06/settlement_0614.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256"
         "&X-Amz-Credential=AKIA%s%%2F%s%%2Feu-central-1%%2Fs3%%2Faws4_request&X-Amz-Date=%sT101500Z&X-Amz-Expires=3600"
         "&X-Amz-SignedHeaders=host&X-Amz-Signature=%s") % (_ua(16), d, d, sig)
    return t, sig, "aws s3 presign"


@_reg("stack-trace-or-log", "log-gcs-signed-url")
def _():
    sig = _hx(512)
    d = _date().replace("-", "")
    t = ("%s INFO exporter: predictions ready, download link valid 7d: https://storage.googleapis.com/fernwood-exports/churn/preds_%s.parquet"
         "?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=exporter%%40fernwood-prod.iam.gserviceaccount.com%%2F%s%%2Fauto%%2Fstorage%%2Fgoog4_request"
         "&X-Goog-Date=%sT101500Z&X-Goog-Expires=604800&X-Goog-SignedHeaders=host&X-Goog-Signature=%s") % (_ts2(), d, d, d, sig)
    return t, sig, "exporter"


@_reg("config-file", "cfg-azure-sas-url")
def _():
    sig = _sas_sig()
    t = ("archive:\n  provider: azure-blob\n  container_url: \"https://stpacsarchive.blob.core.windows.net/dicom?sv=2022-11-02&ss=b&srt=co&sp=rwl"
         "&se=2025-12-31T23:59:59Z&st=%sT00:00:00Z&spr=https&sig=%s\"\n  retention_days: 3650") % (_date(), sig)
    return t, sig, "container_url"


@_reg("command", "cmd-azcopy-sas-upload")
def _():
    sig = _sas_sig()
    t = ("azcopy copy './out/*.dcm' 'https://stpacsarchive.blob.core.windows.net/dicom/%s?sv=2022-11-02&ss=b&srt=co&sp=cw&se=%sT18:00:00Z"
         "&spr=https&sig=%s' --recursive --log-level=WARNING") % (_date().replace("-", "/"), _date(), sig)
    return t, sig, "azcopy copy"


@_reg("note-or-chat", "note-en-cloudfront-signed-link")
def _():
    sig = _cf_sig()
    t = ("%s: QA build for cert is up, link is valid 24h:\nhttps://d%s.cloudfront.net/builds/Game_1.8.%d_Win64.zip?Expires=%d&Signature=%s&Key-Pair-Id=K%s\n"
         "please don't forward it outside the studio") % (_pick(_FIRST).capitalize(), _la(13), _ri(100, 999), _ri(1700000000, 1760000000), sig, _ua(13))
    return t, sig, "Key-Pair-Id"


@_reg("ci-and-deploy", "ci-log-presigned-artifact")
def _():
    sig = _hx(64)
    t = ("$ wget -q -O firmware.bin \"https://fw-artifacts.s3.eu-west-1.amazonaws.com/thermo-v2/%s/firmware.bin?X-Amz-Algorithm=AWS4-HMAC-SHA256"
         "&X-Amz-Credential=AKIA%s%%2F%s%%2Feu-west-1%%2Fs3%%2Faws4_request&X-Amz-Date=%sT080000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=%s\"\n"
         "$ sha256sum firmware.bin\n%s  firmware.bin") % (_hx(7), _ua(16), _date().replace("-", ""), _date().replace("-", ""), sig, _hx(64))
    return t, sig, "sha256sum"


@_reg("stack-trace-or-log", "log-oss-signed-url")
def _():
    sig = base64.b64encode(_bytes(20)).decode().replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    t = ("[%s] WARN  AssetCdn - slow download (8.2s): https://nightjar-patches.oss-cn-shanghai.aliyuncs.com/pc/patch_%d.pak"
         "?OSSAccessKeyId=LTAI5t%s&Expires=%d&Signature=%s") % (_ts(), _ri(100, 999), _b62(18), _ri(1700000000, 1760000000), sig)
    return t, sig, "AssetCdn"


@_reg("config-file", "cfg-database-url-env")
def _():
    p = _pw_safe()
    t = "# .env.production\nDATABASE_URL=postgres://ledger:%s@%s:5432/ledger?sslmode=require\nDATABASE_POOL=20\nRAILS_LOG_LEVEL=info" % (p, _host("fin"))
    return t, p, "DATABASE_URL"


@_reg("config-file", "cfg-database-url-percent-encoded")
def _():
    raw = _pw_rand(16, "@!#%:/")
    enc = "".join("%%%02X" % ord(c) if c in "@!#%:/" else c for c in raw)
    t = "SQLALCHEMY_DATABASE_URI=postgresql+psycopg2://mirth_ro:%s@%s:5432/mirthdb" % (enc, _host("health"))
    return t, enc, "SQLALCHEMY_DATABASE_URI"


@_reg("config-file", "cfg-amqp-url-celery")
def _():
    p = _pw_safe()
    t = "celery:\n  broker_url: amqps://hl7_ingest:%s@%s:5671/hl7\n  result_backend: rpc://\n  task_acks_late: true" % (p, _host("health"))
    return t, p, "broker_url"


@_reg("config-file", "cfg-jdbc-sqlserver-url-password")
def _():
    p = _pw_safe()
    t = ("spring.datasource.url=jdbc:sqlserver://%s:1433;databaseName=Claims;user=claims_app;password=%s;encrypt=true;trustServerCertificate=false\n"
         "spring.jpa.hibernate.ddl-auto=validate") % (_short("main"), p)
    return t, p, "spring.datasource.url"


@_reg("config-file", "cfg-adonet-appsettings-json")
def _():
    p = _pw_safe()
    t = json.dumps({"Logging": {"LogLevel": {"Default": "Information"}},
                    "ConnectionStrings": {"Ledger": "Server=%s;Database=Ledger;User Id=ledger_app;Password=%s;TrustServerCertificate=True" % (_short("fin"), p)}}, indent=2)
    return t, p, "ConnectionStrings"


@_reg("config-file", "cfg-mongodb-uri-toml")
def _():
    p = _pw_safe()
    t = "[mongo]\nuri = \"mongodb://catalog:%s@mongo-0.%s,mongo-1.%s,mongo-2.%s/catalog?replicaSet=rs0&authSource=admin\"\npool_size = 50" % ((p,) + (_dom("shop"),) * 3)
    return t, p, "replicaSet"


@_reg("config-file", "cfg-smtp-url-sendgrid")
def _():
    s = "SG." + _b64u(22) + "." + _b64u(43)
    t = "EMAIL_URL=smtp+tls://apikey:%s@smtp.sendgrid.net:587\nDEFAULT_FROM_EMAIL=orders@%s" % (s, _dom("shop"))
    return t, s, "EMAIL_URL"


@_reg("note-or-chat", "note-en-email-wrapped-token")
def _():
    tok = _t_atlassian()
    cut = _ri(60, 72)
    sec = tok[:cut] + "\n" + tok[cut:cut + 72] + "\n" + tok[cut + 72:]
    t = ("Hi %s,\n\nhere is the API token for the jira-automation user (scopes: read/write issues):\n\n%s\n\n"
         "It expires in 90 days. Please put it in the vault and delete this mail.\n\n%s") % (_pick(_FIRST).capitalize(), sec, _name())
    return t, sec, "jira-automation"


@_reg("stack-trace-or-log", "log-terminal-wrapped-bearer")
def _():
    tok = _jwt(iss="https://auth.%s/" % _dom("health"), aud="fhir-gateway")
    width = 100
    line = "%s DEBUG fhir.client Authorization: Bearer %s" % (_ts2(), tok)
    wrapped = "\n".join(line[i:i + width] for i in range(0, len(line), width))
    start = wrapped.index("Bearer ") + len("Bearer ")
    sec = wrapped[start:]
    return wrapped + "\n" + "%s DEBUG fhir.client <- 200 OK (312 ms)" % _ts2(), sec, "fhir.client"


@_reg("config-file", "cfg-yaml-folded-token")
def _():
    tok = _t_pypi()
    a, b = tok[:80], tok[80:]
    sec = a + "\n    " + b
    t = "publish:\n  repository: pypi\n  username: __token__\n  password: >-\n    %s\n  skip_existing: true" % sec
    return t, sec, "skip_existing"


def _b_env_reads():
    return _pick([
        "stripe.api_key = os.environ[\"STRIPE_SECRET_KEY\"]",
        "String pw = System.getenv(\"MIRTH_DB_PASSWORD\"); // injected by the pod spec",
        "const token = process.env.SHOPIFY_ADMIN_TOKEN;\nif (!token) throw new Error('SHOPIFY_ADMIN_TOKEN is not set');",
        "let key = std::env::var(\"PLAYFAB_SECRET_KEY\").expect(\"PLAYFAB_SECRET_KEY must be set\");",
        "$password = Get-Secret -Name 'svc_sharepoint' -Vault CorpVault -AsPlainText",
        "password = keyring.get_password(\"snowflake\", user)",
        "api_key = dbutils.secrets.get(scope=\"ml-prod\", key=\"wandb-api-key\")",
        "secret = SecretManagerServiceClient().access_secret_version(name=f\"projects/{PROJECT}/secrets/redox-secret/versions/latest\")",
        "INFO vault-agent: rendered 14 secrets to /vault/secrets/app.env (values not logged)",
        "<input type=\"password\" name=\"password\" autocomplete=\"current-password\" minlength=\"12\" required>",
    ])


def _b_public_by_design():
    return _pick([
        "// search-only key, safe for the storefront bundle (admin key lives server-side)\nconst searchClient = algoliasearch('%s', '%s');" % (_ua(10), _hx(32)),
        "mapboxgl.accessToken = 'pk.%s.%s'; // public token, URL-restricted" % (_b64url_json({"u": "mapleandmoss", "a": _la(25)}), _b64u(22)),
        "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_live_%s" % _b62(99),
        "PLAID_ENV=production\nPLAID_PRODUCTS=auth,transactions\nPLAID_COUNTRY_CODES=US,CA",
    ])


def _b_lfs_nix():
    return _pick([
        "version https://git-lfs.github.com/spec/v1\noid sha256:%s\nsize %d" % (_hx(64), _ri(10 ** 5, 10 ** 9)),
        "/nix/store/%s-openssl-3.0.13/lib/libssl.so.3" % _rs("0123456789abcdfghijklmnpqrsvwxyz", 32),
        "build/fw.elf: ELF 32-bit LSB executable, ARM, EABI5 version 1 (SYSV), statically linked, BuildID[sha1]=%s, with debug_info" % _hx(40),
        "pkg:maven/com.ibm.mq/com.ibm.mq.allclient@9.3.4.1?type=jar  sha256=%s" % _hx(64),
        "conda: numpy-1.26.4-py311h64a7726_0.conda md5=%s" % _hx(32),
    ])


def _b_key_listings():
    return _pick([
        "$ klist -kte /etc/httpd/http.keytab\nKeytab name: FILE:/etc/httpd/http.keytab\nKVNO Timestamp           Principal\n---- ------------------- ------------------------------------------------------\n   4 %s HTTP/sp-01.meridian.local@MERIDIAN.LOCAL (aes256-cts-hmac-sha1-96)" % _ts2(),
        "$ ssh-keygen -lf ~/.ssh/id_ed25519_hpc.pub\n256 SHA256:%s %s@hpc-login1 (ED25519)" % (_sha256_b64().rstrip("="), _user()),
        "$ gpg --list-keys release@%s\npub   ed25519 2024-01-10 [SC] [expires: 2026-01-09]\n      %s\nuid           [ultimate] Release Signing <release@%s>" % (_dom("mobile"), _HX(40), _dom("mobile")),
        "Signer #1 certificate SHA-256 digest: %s\nSigner #1 certificate SHA-1 digest: %s" % (_hx(64), _hx(40)),
        "Modulus:\n    00:%s" % ":".join(_hx(2) for _ in range(48)),
        "$ vault status\nSeal Type       shamir\nInitialized     true\nSealed          true\nTotal Shares    5\nThreshold       3\nUnseal Progress 1/3\nUnseal Nonce    %s" % _uuid(),
    ])


def _b_placeholder_configs():
    return _pick([
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: adyen\ntype: Opaque\ndata:\n  api_key: \"\"  # filled by external-secrets",
        "{\n  \"auths\": {},\n  \"credsStore\": \"desktop\",\n  \"currentContext\": \"default\"\n}",
        "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n@kestrel:registry=https://npm.pkg.github.com/",
        "variable \"db_password\" {\n  type      = string\n  sensitive = true\n}",
        "[mlflow]\nmlflow_tracking_username = %s\nmlflow_tracking_password =  ; set MLFLOW_TRACKING_PASSWORD instead" % _user(),
        "P4PORT=ssl:p4.%s:1666\nP4USER=%s\nP4TICKETS=~/.p4tickets   # run p4 login, do not store P4PASSWD here" % (_dom("game"), _user().replace(".", "")),
        "wifi:\n  ssid: !secret wifi_ssid\n  password: !secret wifi_password",
        "spring.datasource.password=${DB_PASSWORD:}",
    ])


def _b_doc_examples():
    return _pick([
        "IBAN example from the spec: DE89 3704 0044 0532 0130 00 (test data)",
        "Example JWT header (decoded part only): eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9 -> {\"alg\":\"RS256\",\"typ\":\"JWT\"}",
        "The header looks like `Authorization: Bearer <access_token>` where the token comes from /oauth2/token.",
        "Use `SharedAccessKey=<key>` in the connection string; get the key from the portal, never from this doc.",
        "Key format reminder: Stripe secret keys start with sk_live_ (prod) or sk_test_ (test); restricted keys start with rk_.",
        "HMAC-SHA256 test vector (RFC 4231, case 2): key = \"Jefe\", data = \"what do ya want for nothing?\"",
    ])


def _b_ids_more():
    return _pick([
        "Slack channel C0%s in team T0%s, message ts %d.%06d" % (_ua(8), _ua(8), _ri(1700000000, 1760000000), _ri(0, 999999)),
        "Jira %s: linked commits %s, %s" % (_ticket(), _hx(12), _hx(12)),
        "Content-MD5: %s" % base64.b64encode(hashlib.md5(_bytes(8)).digest()).decode(),
        "bazel: action key %s (remote cache hit)" % _hx(64),
        "Windows Update KB50%05d, package hash %s" % (_ri(0, 99999), _HX(40)),
        "AS2 Message-ID: <%s@as2.%s>  MIC: %s, sha-256" % (_uuid(), _dom("health"), _sha256_b64()),
    ])


_BENIGN_GENS += [_b_env_reads, _b_public_by_design, _b_lfs_nix, _b_key_listings, _b_placeholder_configs, _b_doc_examples, _b_ids_more]


# ================================================================= build

_TARGETS = [("command", 224, _CMD_SHAPES), ("tool-output", 256, _OUT_SHAPES), ("config-file", 256, _CFG_SHAPES),
            ("source-code", 224, _SRC_SHAPES), ("stack-trace-or-log", 160, _LOG_SHAPES), ("note-or-chat", 192, _NOTE_SHAPES),
            ("ci-and-deploy", 160, _CI_SHAPES)]


def _build():
    for group, fmt, fn, n in _SPEC:
        _emit(group, fmt, fn, n)
    for group, target, shapes in _TARGETS:
        _fill(group, shapes, target, _KINDS)
    tokens = [k for k in _KINDS if not k.pw]
    _R.shuffle(tokens)
    for i in range(128):
        k = tokens[i % len(tokens)]
        _emit("vendor-token", "tok-" + k.id, (lambda kk=k: _x_vendor(kk)), 1)
    seen = set()
    i = 0
    while len(BENIGN) < 800 and i < 20000:
        b = _BENIGN_GENS[i % len(_BENIGN_GENS)]()
        i += 1
        if b not in seen:
            seen.add(b)
            BENIGN.append(b)


_build()
del _build
