"""Blind hold-out corpus #71 for a secret-redaction engine.

What it is
----------
A test corpus of text fragments of the kind a coding agent (Claude Code,
Codex, Gemini CLI) writes into its saved working state: goals, running
notes, shell commands it ran, tool output, excerpts of files it opened,
decisions, chat messages pasted in by teammates, log lines and CI config.
Each positive fragment carries exactly one credential that a redaction
engine must remove; each negative fragment looks secret-ish but carries
none.

Theme
-----
Developer teams in Latin America, Spain, Portugal and Africa.  Notes,
chats, commit messages and comments are written in Spanish (Mexican,
Chilean, Argentine, Colombian, Peruvian flavours), Portuguese (Brazil,
Portugal, Mozambique), French (Senegal, Cote d'Ivoire, Morocco),
Swahili, Afrikaans, Nigerian Pidgin and English, freely mixed.  The
services are the ones such teams wire up: Mercado Pago, PIX providers,
Conekta, Openpay, Wompi, Culqi, CinetPay, M-Pesa Daraja, Flutterwave,
Paystack, Yoco, Asaas, Cielo, Pagar.me; SAT CFDI PACs, NF-e/NFS-e
emitters and SII DTE; WhatsApp Business Cloud API, 360dialog, Twilio,
Africa's Talking, Infobip, Termii and other SMS gateways; local and
global clouds and hosting.

Provenance
----------
Written blind, from general knowledge only: no existing corpus, engine
rule or web source was consulted.  Where a vendor's real credential
shape is known it is imitated (prefix, length, alphabet); where it is
not known, a plausible shape was invented.  All hosts, companies,
people, phone numbers, tax ids and values are fictitious; every
credential is a fresh pseudo-random draw and none is live.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible):
         group    one of command, tool-output, config-file, source-code,
                  stack-trace-or-log, note-or-chat, ci-and-deploy,
                  vendor-token (roughly equal shares);
         format   kebab-case name of the shape; each format is used at
                  most three times;
         text     the fragment as the agent would have recorded it;
         secret   the exact substring of text that must not survive
                  redaction (only the key body for PEM private keys,
                  only the signature for signed URLs, only the password
                  for user:password pairs);
         visible  a substring of text that must stay readable, or "".
BENIGN   list of distinct strings in the same contexts that contain no
         credential but look secret-ish: commit SHAs, digests, UUIDs,
         request ids, public keys and fingerprints, public key ids,
         placeholders, masked values, references to where a secret is
         stored, encrypted blobs, base64 of ordinary text, prose about
         passwords, password policies, cache-key hashes and so on.

Determinism
-----------
Every random value is drawn from one random.Random(SEED) instance at
import time, in a fixed order, so importing the module twice yields
identical lists.  Nothing is printed at import.

Measured
--------
Blind, read after that session's first two rules, which changed none of its results: recall
0.982 (1,461 of 1,488) and false positives 18 of 950 (1.9%). Tuned on since: 0.987 and 10 of 950
(1.1%; seven are AWS key ids alone, which the redaction takes for a credential's id, three a GPG
fingerprint written in mixed case).
"""

import base64
import json
import random
import re
import string
import unicodedata
from urllib.parse import quote

SEED = 71071971
_R = random.Random(SEED)

# ---------------------------------------------------------------------------
# low-level random helpers
# ---------------------------------------------------------------------------
_LOW = string.ascii_lowercase
_UP = string.ascii_uppercase
_DIG = string.digits
_HEXD = "0123456789abcdef"
_AN = _LOW + _UP + _DIG
_B64C = _AN + "+/"
_B64U = _AN + "-_"


def _c(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def hx(n):
    return _c(_HEXD, n)


def HX(n):
    return _c(_HEXD.upper(), n)


def an(n):
    return _c(_AN, n)


def lan(n):
    return _c(_LOW + _DIG, n)


def uan(n):
    return _c(_UP + _DIG, n)


def dg(n):
    return str(_R.randint(1, 9)) + _c(_DIG, n - 1)


def rb(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def b64(n):
    return base64.b64encode(rb(n)).decode()


def b64u(n):
    return base64.urlsafe_b64encode(rb(n)).decode().rstrip("=")


def b64uc(n):
    return _c(_B64U, n)


def b64s(s):
    return base64.b64encode(s.encode("utf-8")).decode()


def b64us(s):
    return base64.urlsafe_b64encode(s.encode("utf-8")).decode().rstrip("=")


def uuid4():
    h = hx(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _R.choice("89ab"), h[17:20], h[20:32])


def pick(seq):
    return _R.choice(seq)


def ascii_fold(s):
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


def wrap(s, width):
    return [s[i:i + width] for i in range(0, len(s), width)]


# ---------------------------------------------------------------------------
# vocabulary
# ---------------------------------------------------------------------------
FIRST = ["Lucía", "Mateo", "Valentina", "Santiago", "Camila", "Joaquín", "Ximena", "Diego",
         "Renata", "Emiliano", "Sofía", "Andrés", "Paula", "Nicolás", "João", "Thiago",
         "Beatriz", "Rafaela", "Gonçalo", "Inês", "Tiago", "Leonor", "Larissa", "Caio",
         "Fernanda", "Aminata", "Moussa", "Fatou", "Ousmane", "Awa", "Cheikh", "Mariam",
         "Wanjiru", "Otieno", "Achieng", "Kamau", "Njeri", "Baraka", "Neema", "Juma",
         "Zawadi", "Pieter", "Annelie", "Johan", "Marike", "Riaan", "Sipho", "Thandiwe",
         "Lerato", "Chidi", "Ngozi", "Tunde", "Kofi", "Ama", "Yaw", "Zanele", "Mpho",
         "Nuno", "Mariana", "Kwame", "Adaeze", "Salif", "Héctor", "Florencia"]
SURN = ["garcia", "hernandez", "lopez", "martinez", "rojas", "silva", "santos", "oliveira",
        "souza", "pereira", "costa", "ferreira", "diallo", "ndiaye", "traore", "kone",
        "mwangi", "ochieng", "kariuki", "wanjiku", "vandermerwe", "botha", "nkosi",
        "dlamini", "okafor", "adeyemi", "mensah", "boateng", "fernandes", "ribeiro",
        "moreno", "castillo", "vargas", "quispe", "mamani", "sow", "njoroge", "pretorius"]
COS = ["tiendaluz", "pagafacil", "mkopohub", "lojaverde", "cafezinho", "terangasoft",
       "umojapay", "sabanalabs", "kasicloud", "jacarandait", "quetzalfin", "andinodata",
       "pampalog", "zebramobile", "savannetech", "boerefin", "dukaonline", "mercadito",
       "cobrafacil", "nfefacil", "remesaya", "chapachapa", "kwetutech", "ilangapay",
       "bairroapp", "mamaduka", "caju-pay", "tamarindo", "baobabsoft", "fynbos-it"]
TLDS = ["internal", "lan", "corp", "example", "test", "example.com.br", "example.co.ke",
        "example.com.mx", "example.co.za", "example.sn", "example.pt", "example.es",
        "example.cl", "example.com.co", "example.ng"]
ENVS = ["prod", "producao", "staging", "homolog", "sandbox", "dev", "qa", "preprod"]
ROLES = ["api", "app", "web", "worker", "bastion", "k8s-node", "mq", "vault", "jump",
         "sftp", "cron", "edge", "gw", "pos-sync", "ussd"]
DBROLES = ["pg", "pgsql", "mysql", "db", "mariadb", "pg-ledger", "db-pagos", "pg-nfe",
           "mysql-cfdi", "pg-main"]
DBS = ["pagos", "facturacion", "cobranzas", "nfe", "daraja", "ledger", "carteira", "billing",
       "checkout", "wallet", "remesas", "kyc", "dte", "loja", "odoo_prod", "pix", "conciliacao"]
DBUSERS = ["app_pagos", "svc_cfdi", "nfe_writer", "mpesa_cb", "ledger_rw", "bi_readonly",
           "deploy", "integracao", "facturador", "odoo", "app_user", "etl_sii", "wp_loja",
           "pix_api", "cobranca", "ussd_app", "yoco_sync", "remesas_rw"]
NSS = ["pagos", "pix", "cfdi", "nfe", "mpesa", "payments", "billing", "wa-notify", "sms",
       "kyc", "ledger", "fiscal", "checkout"]
SVCS = ["pix-gateway", "cfdi-timbrado", "daraja-callbacks", "nfe-emissor", "wa-notifier",
        "sms-relay", "checkout-api", "ledger-core", "kyc-worker", "payouts", "conciliacion",
        "cobranca-api", "boleto-worker", "dte-sii", "yoco-pos-sync", "remesas-api",
        "ussd-menu", "stk-push", "nfse-worker", "paystack-hooks"]
REGIONS = ["sa-east-1", "us-east-1", "af-south-1", "eu-south-2", "eu-west-3", "mx-central-1",
           "southamerica-east1", "africa-south1", "brazilsouth", "southafricanorth",
           "eu-west-1", "us-west-2"]
CITIES = ["Ciudad de México", "Guadalajara", "Monterrey", "Bogotá", "Medellín", "Lima",
          "Santiago", "Buenos Aires", "Montevideo", "São Paulo", "Recife", "Belo Horizonte",
          "Porto Alegre", "Lisboa", "Porto", "Madrid", "Sevilla", "Nairobi", "Mombasa",
          "Kisumu", "Lagos", "Abuja", "Accra", "Dakar", "Abidjan", "Kigali", "Kampala",
          "Cape Town", "Johannesburg", "Durban", "Maputo", "Luanda", "Casablanca"]
BRANCHES = ["feat/pix-cobranca", "fix/daraja-callback", "feat/cfdi-40", "chore/rotate-keys",
            "fix/nfe-rejeicao-539", "feat/wa-templates", "hotfix/paystack-webhook",
            "feat/yoco-refunds", "fix/sii-dte-token", "feat/flutterwave-payouts",
            "feat/conekta-oxxo", "fix/mp-preference-expiry", "feat/ussd-menu-v2"]
TICKPFX = ["PAG", "FIN", "NFE", "MPESA", "CFDI", "OPS", "SEC", "PIX", "WA", "INFRA", "DTE"]
SSIDS = ["Oficina_5G", "Escritorio-Lisboa", "Duka_la_Mama", "Kantoor-Gast", "Bureau-Plateau",
         "CoworkBA-2.4", "Casa_Matriz", "Teranga-Office", "Nyumbani-Net", "Loja-Centro"]

_PW_WORDS = [
    "girasol", "tortuga", "mango", "cafetal", "quetzal", "colibri", "nopal", "aguacate",
    "jaguar", "mezcal", "tamal", "chapulin", "cenote", "pampa", "yerba", "alfajor",
    "jabuticaba", "saudade", "cachoeira", "pitanga", "sabia", "capivara", "farofa",
    "maracuja", "goiaba", "caju", "pastel", "bacalhau", "tram", "fado", "azulejo",
    "simba", "twiga", "tembo", "kahawa", "nyota", "jua", "mvua", "pwani", "kilima",
    "ndege", "chui", "faru", "chai", "safari", "mbuzi", "ndizi", "braai", "lekker",
    "boerewors", "koeksister", "vetkoek", "springbok", "fynbos", "karoo", "biltong",
    "rooibos", "baobab", "mangue", "teranga", "soleil", "papillon", "hirondelle",
    "savane", "cacao", "yassa", "attieke", "jollof", "suya", "kente", "plantain",
    "condor", "llama", "vicuna", "andes", "ceviche", "arepa", "tango", "malbec",
    "sertao", "ipanema", "chimichurri", "paella", "tapas", "flamenco", "sardinha",
]
_SYM_GEN = "!#%*_-.+?@&$^~"
_SYM_SH = "_-.%+=:,"
_SYM_URL = "_-.~!*"


def _cap(w):
    return w[:1].upper() + w[1:]


def _leet(w):
    t = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5"}
    return "".join(t.get(ch, ch) if _R.random() < 0.7 else ch for ch in w)


def _syll(k):
    cons = "bcdfghjklmnprstvwz"
    vow = "aeiou"
    return "".join(_R.choice(cons) + _R.choice(vow) for _ in range(k))


def _year():
    return str(_R.randint(2019, 2026))


def password(sym=_SYM_GEN):
    """A human-chosen or generated password, in one of many styles."""
    def s():
        return _R.choice(sym) if sym else _R.choice(_DIG)
    w1, w2 = _R.choice(_PW_WORDS), _R.choice(_PW_WORDS)
    style = _R.randrange(10)
    if style == 0:
        p = _cap(w1) + _R.choice([_year(), dg(2), dg(3), dg(4)]) + s()
    elif style == 1:
        p = w1 + s() + _cap(w2) + dg(2)
    elif style == 2:
        p = _cap(w1) + s() + _cap(w2) + s() + dg(1)
    elif style == 3:
        p = _cap(_leet(w1)) + dg(2) + s()
    elif style == 4:
        p = _cap(_syll(_R.randint(3, 4))) + dg(2) + s()
    elif style == 5:
        body = _R.choice(_LOW + _UP) + _c(_AN + (sym or ""), _R.randint(13, 19))
        p = body[:-2] + _R.choice(_DIG) + _R.choice(_UP)
    elif style == 6:
        p = _cap(ascii_fold(_R.choice(CITIES)).replace(" ", "")) + s() + _year()
    elif style == 7:
        p = w1 + w2 + dg(2) + s()
    elif style == 8:
        p = _year() + s() + _cap(w1) + s() + _cap(w2)
    else:
        p = _cap(_syll(2)) + s() + _cap(_syll(2)) + s() + dg(4)
    while len(p) < 9:
        p += _R.choice(_DIG)
    return p


def passphrase(seps="- ._"):
    sep = _R.choice(seps)
    words = [_R.choice(_PW_WORDS) for _ in range(_R.randint(3, 5))]
    if _R.random() < 0.5:
        words.append(dg(2))
    return sep.join(words)


def pwlong():
    return _c(_AN + "!#%*_-+=", _R.randint(24, 32))


def gapp_pw():
    return " ".join(_c(_LOW, 4) for _ in range(4))


def pw_pct():
    raw = password("@:/#?%&")
    while not any(ch in raw for ch in "@:/#?%&"):
        raw = password("@:/#?%&")
    return quote(raw, safe="")


# ---------------------------------------------------------------------------
# structured token helpers
# ---------------------------------------------------------------------------
def jwt(payload=None, alg="HS256", kid=None, siglen=43):
    hdr = {"alg": alg, "typ": "JWT"}
    if kid:
        hdr["kid"] = kid
    if payload is None:
        iat = _R.randint(1700000000, 1760000000)
        payload = {"sub": dg(6), "iat": iat, "exp": iat + _R.choice([3600, 86400, 604800])}
    return (b64us(json.dumps(hdr, separators=(",", ":"))) + "." +
            b64us(json.dumps(payload, separators=(",", ":"))) + "." + b64uc(siglen))


def jwt_supabase():
    iat = _R.randint(1690000000, 1750000000)
    return jwt({"iss": "supabase", "ref": lan(20), "role": "service_role",
                "iat": iat, "exp": iat + 315360000})


def jwt_k8s():
    iat = _R.randint(1700000000, 1760000000)
    return jwt({"iss": "kubernetes/serviceaccount",
                "kubernetes.io/serviceaccount/namespace": _R.choice(NSS),
                "kubernetes.io/serviceaccount/service-account.name": _R.choice(SVCS) + "-deployer",
                "sub": "system:serviceaccount:%s:deployer" % _R.choice(NSS), "iat": iat},
               alg="RS256", kid=b64uc(43), siglen=342)


def jwt_sw():
    iat = _R.randint(1700000000, 1760000000)
    return jwt({"usr": dg(5), "tipo": "Usuario", "iat": iat, "exp": iat + 7200,
                "iss": "sw-sapien"})


def jwt_firebase():
    iat = _R.randint(1700000000, 1760000000)
    return jwt({"iss": "https://securetoken.google.com/" + _R.choice(COS) + "-app",
                "aud": _R.choice(COS) + "-app", "user_id": an(28), "iat": iat,
                "exp": iat + 3600}, alg="RS256", kid=hx(40), siglen=342)


def _pem_body(prefix, total, width=64):
    return wrap(prefix + _c(_B64C, total - len(prefix)), width)


def pem_pkcs8(sep="\n"):
    return sep.join(_pem_body("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC", 1624))


def pem_pkcs1(sep="\n"):
    return sep.join(_pem_body("MIIEpAIBAAKCAQEA", 1592))


def pem_ec(sep="\n"):
    return sep.join(_pem_body("MHcCAQEEI", 162))


def pem_openssh(sep="\n"):
    pre = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZWQyNTUxOQAAACD"
    return sep.join(_pem_body(pre, 392, 70))


def pem_file_b64():
    txt = "-----BEGIN RSA PRIVATE KEY-----\n" + pem_pkcs1() + "\n-----END RSA PRIVATE KEY-----\n"
    return b64s(txt)


def laravel_cookie():
    d = {"iv": b64(16), "value": b64(48), "mac": hx(64), "tag": ""}
    return quote(b64s(json.dumps(d, separators=(",", ":"))), safe="")


def asaas_key():
    inner = "%s::%s::$aach_%s" % (hx(32), "00000000000000" + dg(6), uuid4())
    return "$aact_" + b64s(inner)


def daraja_seccred():
    return b64(256)


def sentry_token():
    meta = {"iat": _R.randint(1700000000, 1760000000), "url": "https://sentry.io",
            "region_url": "https://us.sentry.io", "org": _R.choice(COS)}
    return "sntrys_" + b64us(json.dumps(meta, separators=(",", ":"))) + "_" + b64uc(43)


def mapbox_sk():
    meta = {"u": _R.choice(COS), "a": lan(25)}
    return "sk." + b64us(json.dumps(meta, separators=(",", ":"))) + "." + b64uc(22)


def discord_bot():
    return b64s(dg(18)).rstrip("=") + "." + b64uc(6) + "." + b64uc(38)


def django_sk():
    body = _c(_LOW + _DIG + "!@#%^*(-_=+)", 50)
    return ("django-insecure-" + body) if _R.random() < 0.3 else body


def wp_salt():
    alpha = _AN + "!#%^&*()-_=+[]{}<>~`;:,.|/?@"
    return _c(alpha, 64)


def cloudfront_sig():
    return b64(128).replace("+", "-").replace("=", "_").replace("/", "~")


def rails_cookie():
    return quote(b64(120), safe="") + "--" + hx(40)


# ---------------------------------------------------------------------------
# secret kinds: name -> zero-argument generator
# ---------------------------------------------------------------------------
KINDS = {
    # passwords and generic secrets
    "pw": lambda: password(),
    "pws": lambda: password(_SYM_SH),
    "pwu": lambda: password(_SYM_URL),
    "pwa": lambda: password(""),
    "phrase": lambda: passphrase(),
    "phrase_ns": lambda: passphrase("-._"),
    "pwlong": pwlong,
    "pwpct": pw_pct,
    "gapp": gapp_pw,
    "hex32": lambda: hx(32),
    "hex40": lambda: hx(40),
    "hex64": lambda: hx(64),
    "an32": lambda: an(32),
    "an40": lambda: an(40),
    "b64_32": lambda: b64(32),
    "b64_48": lambda: b64(48),
    "totp": lambda: _c("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 32),
    "wgkey": lambda: b64(32),
    "django_sk": django_sk,
    "wp_salt": wp_salt,
    "jwt": lambda: jwt(),
    "jwt_supabase": jwt_supabase,
    "jwt_k8s": jwt_k8s,
    "jwt_sw": jwt_sw,
    "jwt_firebase": jwt_firebase,
    "pem_pkcs8": lambda: pem_pkcs8(),
    "pem_pkcs8_esc": lambda: pem_pkcs8("\\n"),
    "pem_pkcs1": lambda: pem_pkcs1(),
    "pem_pkcs1_ind4": lambda: pem_pkcs1("\n    "),
    "pem_ec": lambda: pem_ec(),
    "pem_ec_esc": lambda: pem_ec("\\n"),
    "pem_openssh": lambda: pem_openssh(),
    "pem_openssh_ind": lambda: pem_openssh("\n            "),
    "pem_file_b64": pem_file_b64,
    # cookies / sessions
    "django_session": lambda: lan(32),
    "phpsessid": lambda: lan(26),
    "laravel_cookie": laravel_cookie,
    "connect_sid": lambda: "s%3A" + b64uc(32) + "." + quote(b64(32).rstrip("="), safe=""),
    "jsessionid": lambda: HX(32),
    "aspnet_cookie": lambda: "CfDJ8" + b64uc(_R.randint(240, 300)),
    "rails_cookie": rails_cookie,
    # signed-URL signatures
    "amz_sig": lambda: hx(64),
    "goog_sig": lambda: hx(512),
    "sas_sig": lambda: quote(b64(32), safe=""),
    "cf_sig": cloudfront_sig,
    # payments / fintech
    "mp_access": lambda: "APP_USR-%s-%s-%s-%s" % (dg(16), dg(6), hx(32), dg(9)),
    "mp_test": lambda: "TEST-%s-%s-%s-%s" % (dg(16), dg(6), hx(32), dg(9)),
    "mp_cs": lambda: an(32),
    "conekta": lambda: "key_" + an(_R.choice([20, 27, 31])),
    "stripe_live": lambda: "sk_live_51" + an(_R.choice([22, 97])),
    "stripe_test": lambda: "sk_test_51" + an(_R.choice([22, 97])),
    "stripe_rk": lambda: "rk_live_51" + an(97),
    "whsec": lambda: "whsec_" + an(32),
    "paystack_live": lambda: "sk_live_" + hx(40),
    "paystack_test": lambda: "sk_test_" + hx(40),
    "flw_live": lambda: "FLWSECK-" + hx(32) + "-X",
    "flw_test": lambda: "FLWSECK_TEST-" + hx(32) + "-X",
    "flw_enc": lambda: "FLWSECK_TEST" + hx(12),
    "flw_hash": lambda: passphrase("-_"),
    "yoco_live": lambda: "sk_live_" + hx(8) + an(12) + hx(8),
    "yoco_test": lambda: "sk_test_" + hx(8) + an(12) + hx(8),
    "daraja_ck": lambda: an(48),
    "daraja_cs": lambda: an(64),
    "daraja_passkey": lambda: hx(64),
    "daraja_token": lambda: an(28),
    "daraja_seccred": daraja_seccred,
    "efi_cs": lambda: "Client_Secret_" + hx(40),
    "asaas": asaas_key,
    "pagseguro": lambda: HX(32),
    "cielo_mk": lambda: uan(40),
    "pagarme": lambda: "sk_" + hx(32),
    "openpay": lambda: "sk_" + lan(32),
    "wompi": lambda: "prv_prod_" + an(32),
    "wompi_test": lambda: "prv_test_" + an(32),
    "culqi": lambda: "sk_live_" + hx(16),
    "cinetpay": lambda: dg(11) + hx(13) + "." + dg(8),
    "orange_cs": lambda: an(32),
    "hubtel": lambda: lan(32),
    "mpesa_mz": lambda: lan(32),
    "paypal_cs": lambda: "E" + b64uc(79),
    "square": lambda: "EAAA" + b64uc(60),
    "shopify": lambda: "shpat_" + hx(32),
    # messaging
    "twilio_auth": lambda: hx(32),
    "twilio_ks": lambda: an(32),
    "at_key": lambda: "atsk_" + hx(64),
    "infobip": lambda: hx(32) + "-" + uuid4(),
    "termii": lambda: "TL" + an(60),
    "d360": lambda: an(32),
    "wa_token": lambda: "EAA" + _R.choice("GJBIL") + an(_R.randint(150, 200)),
    "wa_secret": lambda: hx(32),
    "wa_verify": lambda: passphrase("-_") + "-" + dg(4),
    "zenvia": lambda: b64uc(20) + "-" + b64uc(20),
    "gupshup": lambda: lan(32),
    "sendgrid": lambda: "SG." + b64uc(22) + "." + b64uc(43),
    "mailgun": lambda: _R.choice(["key-" + hx(32), hx(32) + "-" + hx(8) + "-" + hx(8)]),
    "telegram": lambda: dg(10) + ":AA" + b64uc(33),
    "slack_bot": lambda: "xoxb-%s-%s-%s" % (dg(12), dg(13), an(24)),
    "slack_user": lambda: "xoxp-%s-%s-%s-%s" % (dg(12), dg(12), dg(13), hx(32)),
    "slack_hook": lambda: an(24),
    "discord_bot": discord_bot,
    "discord_hook": lambda: b64uc(68),
    # code hosting / registries
    "gh_pat": lambda: "ghp_" + an(36),
    "gho": lambda: "gho_" + an(36),
    "ghs": lambda: "ghs_" + an(36),
    "gh_fine": lambda: "github_pat_11" + uan(22) + "_" + an(59),
    "gh_runner": lambda: "A" + uan(28),
    "glpat": lambda: "glpat-" + b64uc(20),
    "glrt": lambda: "glrt-" + b64uc(20),
    "glptt": lambda: "glptt-" + hx(40),
    "bitbucket": lambda: "ATBB" + an(28) + HX(8),
    "npm": lambda: "npm_" + an(36),
    "pypi": lambda: "pypi-AgEIcHlwaS5vcmc" + b64uc(_R.randint(140, 180)),
    "crates": lambda: "cio" + an(32),
    "nuget": lambda: "oy2" + lan(43),
    "artifactory": lambda: "AKCp8" + an(68),
    "dckr": lambda: "dckr_pat_" + b64uc(27),
    "sonar_p": lambda: "sqp_" + hx(40),
    "sonar_u": lambda: "squ_" + hx(40),
    "codecov": uuid4,
    "expo": lambda: b64uc(40),
    "sentry": sentry_token,
    "ngrok": lambda: "2" + an(26) + "_" + an(21),
    # clouds
    "aws_sk": lambda: _c(_AN + "/+", 40),
    "aws_session": lambda: "IQoJb3JpZ2luX2Vj" + _c(_B64C, _R.randint(280, 360)),
    "azure_key": lambda: b64(64),
    "az_cs": lambda: an(3) + "8Q~" + _c(_AN + "~._-", 34),
    "do_token": lambda: "dop_v1_" + hx(64),
    "cf_token": lambda: b64uc(40),
    "vercel": lambda: an(24),
    "netlify": lambda: "nfp_" + an(36),
    "google_key": lambda: "AIza" + b64uc(35),
    "ya29": lambda: "ya29." + b64uc(_R.randint(140, 200)),
    "firebase_ci": lambda: "1//0" + b64uc(_R.randint(90, 110)),
    "huawei_sk": lambda: an(40),
    "alibaba_sk": lambda: an(30),
    "minio_sk": lambda: an(40),
    "linode": lambda: hx(64),
    "vultr": lambda: uan(36),
    "hetzner": lambda: an(64),
    "scaleway_sk": uuid4,
    "ovh_as": lambda: an(32),
    "r2_sk": lambda: hx(64),
    "heroku_key": uuid4,
    "vault": lambda: "hvs.CAESI" + b64uc(_R.randint(84, 92)),
    "tfc": lambda: an(14) + ".atlasv1." + an(67),
    "doppler": lambda: "dp.st." + _R.choice(ENVS) + "." + an(40),
    # SaaS / AI
    "openai": lambda: "sk-proj-" + b64uc(_R.choice([48, 156])),
    "anthropic": lambda: "sk-ant-api03-" + b64uc(93) + "AA",
    "hf": lambda: "hf_" + an(34),
    "atlassian": lambda: "ATATT3xFfGF0" + b64uc(180) + "=" + HX(8),
    "notion": lambda: "ntn_" + dg(11) + an(35),
    "datadog": lambda: hx(32),
    "newrelic": lambda: "NRAK-" + uan(27),
    "age": lambda: "AGE-SECRET-KEY-1" + _c("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58).upper(),
    "mapbox": mapbox_sk,
    "grafana": lambda: "glsa_" + an(32) + "_" + hx(8),
    "linear": lambda: "lin_api_" + an(40),
    "postman": lambda: "PMAK-" + hx(24) + "-" + hx(34),
    "resend": lambda: "re_" + an(8) + "_" + an(24),
    "algolia": lambda: hx(32),
    "sii_token": lambda: uan(13),
    "focusnfe": lambda: an(32),
    "nfeio": lambda: an(48),
    "openfactura": lambda: hx(32),
}

# secret kinds that depend on other fields of the same fragment
DERIVED = {
    "basic_login": lambda f: b64s("%s:%s" % (f("login"), password(_SYM_URL))),
    "basic_user": lambda f: b64s("%s:%s" % (f("user"), password(_SYM_URL))),
    "basic_daraja": lambda f: b64s("%s:%s" % (an(48), an(64))),
    "basic_dckr": lambda f: b64s("%s:%s" % (f("login"), KINDS["dckr"]())),
    "basic_ci": lambda f: b64s("gitlab-ci-token:%s" % KINDS["glpat"]()),
    "smtp_plain": lambda f: b64s("\0%s\0%s" % (f("email"), password())),
    "b64pw": lambda f: b64s(password()),
    "b64_paystack": lambda f: b64s(KINDS["paystack_live"]()),
    "b64_token_wa": lambda f: b64s(KINDS["wa_token"]()),
    "stk_password": lambda f: b64s(f("shortcode") + hx(64) + f("dts")),
}

# ---------------------------------------------------------------------------
# context fields: name -> zero-argument generator (a trailing digit in a
# placeholder such as <<host2>> draws an independent value of the same field)
# ---------------------------------------------------------------------------


def _person():
    return _R.choice(FIRST)


def _login():
    return ascii_fold(_R.choice(FIRST)).lower() + "." + _R.choice(SURN)


def _co():
    return _R.choice(COS)


def _tld():
    return _R.choice(TLDS)


def _host():
    return "%s-%s-%02d.%s.%s" % (_R.choice(ROLES), _R.choice(ENVS), _R.randint(1, 12),
                                 _co(), _tld())


def _dbhost():
    if _R.random() < 0.3:
        return "%s-%s.c%s.%s.rds.amazonaws.com" % (_co(), _R.choice(ENVS), lan(12),
                                                   _R.choice(REGIONS[:6]))
    return "%s-%s.%s.%s" % (_R.choice(DBROLES), _R.choice(ENVS), _co(), _tld())


def _apihost():
    return _R.choice(["api", "gw", "pagos", "pay", "fiscal", "integracoes", "apis"]) + \
        "." + ("" if _R.random() < 0.5 else _R.choice(ENVS) + ".") + _co() + "." + _tld()


def _date():
    return "%d-%02d-%02d" % (_R.randint(2023, 2025), _R.randint(1, 12), _R.randint(1, 28))


def _time():
    return "%02d:%02d" % (_R.randint(7, 22), _R.randint(0, 59))


def _ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (_date(), _R.randint(0, 23), _R.randint(0, 59),
                                        _R.randint(0, 59), _R.randint(0, 999))


def _dts():
    return "%d%02d%02d%02d%02d%02d" % (_R.randint(2023, 2025), _R.randint(1, 12),
                                       _R.randint(1, 28), _R.randint(0, 23),
                                       _R.randint(0, 59), _R.randint(0, 59))


def _clf():
    mon = _R.choice(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
                     "Nov", "Dec"])
    return "%02d/%s/%d:%02d:%02d:%02d %s" % (_R.randint(1, 28), mon, _R.randint(2023, 2025),
                                             _R.randint(0, 23), _R.randint(0, 59),
                                             _R.randint(0, 59),
                                             _R.choice(["+0000", "-0300", "-0600", "+0300",
                                                        "+0100", "+0200"]))


def _ddmm():
    return "%02d/%02d/%02d" % (_R.randint(1, 28), _R.randint(1, 12), _R.randint(23, 25))


def _ip():
    k = _R.randrange(3)
    if k == 0:
        return "10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255), _R.randint(2, 254))
    if k == 1:
        return "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 255), _R.randint(2, 254))
    return "192.168.%d.%d" % (_R.randint(0, 20), _R.randint(2, 254))


def _pubip():
    return _R.choice(["203.0.113.", "198.51.100.", "192.0.2."]) + str(_R.randint(2, 254))


def _rfc():
    return _c(_UP, _R.choice([3, 4])) + "%02d%02d%02d" % (_R.randint(60, 99), _R.randint(1, 12),
                                                         _R.randint(1, 28)) + uan(3)


def _cnpj():
    d = _c(_DIG, 12)
    return "%s.%s.%s/%s-%s" % (d[:2], d[2:5], d[5:8], "0001", _c(_DIG, 2))


def _rut():
    return "%d.%03d.%03d-%s" % (_R.randint(60, 99), _R.randint(0, 999), _R.randint(0, 999),
                                _R.choice(_DIG + "K"))


def _msisdn():
    return _R.choice(["2547", "2541", "2348", "2339", "2557", "2567", "2507", "2588",
                      "2217", "5511", "5521", "5255", "2776", "2348"]) + _c(_DIG, 8)


def _ver():
    return "%d.%d.%d" % (_R.randint(0, 5), _R.randint(0, 30), _R.randint(0, 20))


FIELDS = {
    "person": _person,
    "login": _login,
    "email": lambda: _login() + "@" + _co() + "." + _R.choice(TLDS[4:]),
    "co": _co,
    "tld": _tld,
    "host": _host,
    "dbhost": _dbhost,
    "apihost": _apihost,
    "ip": _ip,
    "pubip": _pubip,
    "db": lambda: _R.choice(DBS),
    "user": lambda: _R.choice(DBUSERS),
    "ns": lambda: _R.choice(NSS),
    "svc": lambda: _R.choice(SVCS),
    "env": lambda: _R.choice(ENVS),
    "region": lambda: _R.choice(REGIONS),
    "city": lambda: _R.choice(CITIES),
    "branch": lambda: _R.choice(BRANCHES),
    "ticket": lambda: _R.choice(TICKPFX) + "-" + str(_R.randint(100, 4999)),
    "ssid": lambda: _R.choice(SSIDS),
    "date": _date,
    "time": _time,
    "ts": _ts,
    "dts": _dts,
    "clf": _clf,
    "ddmm": _ddmm,
    "sha": lambda: hx(40),
    "sha7": lambda: hx(7),
    "hex64": lambda: hx(64),
    "hex32": lambda: hx(32),
    "hex16": lambda: hx(16),
    "hex8": lambda: hx(8),
    "HEX16": lambda: HX(16),
    "uuid": uuid4,
    "num": lambda: str(_R.randint(2, 98)),
    "pid": lambda: str(_R.randint(1200, 65000)),
    "port": lambda: str(_R.choice([5432, 3306, 6379, 6380, 27017, 5672, 8080, 8443, 9200, 1433])),
    "d6": lambda: dg(6),
    "d9": lambda: dg(9),
    "d10": lambda: dg(10),
    "d12": lambda: dg(12),
    "d15": lambda: dg(15),
    "d18": lambda: dg(18),
    "an8": lambda: an(8),
    "an10": lambda: uan(10),
    "an20": lambda: an(20),
    "an26": lambda: an(26),
    "b64_43": lambda: b64(32).rstrip("="),
    "akid": lambda: "AKIA" + uan(16),
    "asia": lambda: "ASIA" + uan(16),
    "acct": lambda: dg(12),
    "rfc": _rfc,
    "cnpj": _cnpj,
    "cnpjd": lambda: _c(_DIG, 14),
    "rut": _rut,
    "msisdn": _msisdn,
    "shortcode": lambda: dg(6),
    "amount": lambda: "%d.%02d" % (_R.randint(10, 25000), _R.randint(0, 99)),
    "ver": _ver,
    "waphone": lambda: dg(15),
    "waba": lambda: dg(15),
    "mpuser": lambda: dg(9),
    "chatid": lambda: "-100" + dg(10),
    "repo": lambda: _co() + "/" + _R.choice(SVCS),
    "bucket": lambda: "%s-%s-%s" % (_co(), _R.choice(["nfe-xml", "cfdi", "backups", "recibos",
                                                      "exports", "dte", "assets"]),
                                    _R.choice(ENVS)),
    "path": lambda: _R.choice(["/srv", "/opt", "/var/www", "/home/deploy", "/data"]) + "/" +
    _R.choice(SVCS) + "/" + _R.choice(["config", "certs", "releases", "shared", "tmp"]),
}

_PH = re.compile(r"«([A-Za-z_][A-Za-z0-9_]*)»")


def _render(template, kind=None, visible=""):
    ctx = {}

    def field(name):
        if name in ctx:
            return ctx[name]
        if name == "S":
            val = DERIVED[kind](field) if kind in DERIVED else KINDS[kind]()
        else:
            base = name
            while base not in FIELDS:
                base = base[:-1]
                if not base:
                    raise KeyError(name)
            val = FIELDS[base]()
        ctx[name] = val
        return val

    def sub(t):
        return _PH.sub(lambda m: field(m.group(1)), t)

    if kind is not None:
        field("S")
    text = sub(template)
    vis = sub(visible) if visible else ""
    return text, ctx.get("S"), vis


SPEC = []


def F(group, fmt, kind, text, visible=""):
    SPEC.append((group, fmt, kind, text, visible))


# ===========================================================================
# group: command  (shell commands the agent ran or was told to run)
# ===========================================================================
G = "command"
F(G, "pgpass-append-echo", "pw",
  "echo '«dbhost»:5432:«db»:«user»:«S»' >> ~/.pgpass && chmod 600 ~/.pgpass", "«dbhost»")
F(G, "psql-uri-argument", "pwu",
  "psql \"postgresql://«user»:«S»@«dbhost»:5432/«db»?sslmode=require\" -c '\\dt public.*'",
  "«dbhost»")
F(G, "pgpassword-env-prefix-pg-dump", "pw",
  "PGPASSWORD='«S»' pg_dump -h «dbhost» -U «user» -Fc «db» > /tmp/«db»_«date».dump",
  "pg_dump -h «dbhost»")
F(G, "mysql-p-attached-quoted", "pw",
  "mysql -h «dbhost» -u «user» -p'«S»' «db» -e \"SELECT COUNT(*) FROM cfdi_emitidos WHERE fecha >= '«date»';\"",
  "cfdi_emitidos")
F(G, "mysqldump-password-long-flag", "pws",
  "mysqldump --host=«dbhost» --user=«user» --password=«S» --single-transaction --routines «db» | gzip > «db»_«date».sql.gz",
  "--single-transaction")
F(G, "mongosh-srv-uri", "pwu",
  "mongosh \"mongodb+srv://«user»:«S»@cluster0.«co».mongo.internal/«db»?retryWrites=true&w=majority\" --eval 'db.pagos.countDocuments()'",
  "cluster0.«co».mongo.internal")
F(G, "redis-cli-a-flag", "pw",
  "redis-cli -h «host» -p 6380 --tls -a '«S»' --no-auth-warning INFO keyspace", "«host»")
F(G, "curl-user-colon-password", "pws",
  "curl -sS -u «login»:«S» https://«apihost»/v1/health | jq .", "«apihost»")
F(G, "curl-bearer-mercadopago-search", "mp_access",
  "curl -s -X GET \"https://api.mercadopago.com/v1/payments/search?sort=date_created&criteria=desc&range=date_created&begin_date=NOW-1DAYS\" \\\n  -H \"Authorization: Bearer «S»\"",
  "api.mercadopago.com")
F(G, "curl-daraja-oauth-basic", "basic_daraja",
  "curl -X GET 'https://sandbox.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials' \\\n  -H 'Authorization: Basic «S»'",
  "sandbox.safaricom.co.ke")
F(G, "curl-login-json-body", "pw",
  "curl -X POST https://«apihost»/auth/login -H 'Content-Type: application/json' -d '{\"email\":\"«email»\",\"password\":\"«S»\"}'",
  "«email»")
F(G, "httpie-api-key-header", "an32",
  "http POST https://«apihost»/v3/cobros X-Api-Key:«S» monto:=«amount» moneda=MXN", "«apihost»")
F(G, "docker-login-p-flag", "pws",
  "docker login registry.«co».internal -u «login» -p «S»", "registry.«co».internal")
F(G, "docker-login-echo-stdin-ghcr", "gh_pat",
  "echo \"«S»\" | docker login ghcr.io -u «login» --password-stdin", "ghcr.io")
F(G, "git-clone-oauth2-token-url", "glpat",
  "git clone https://oauth2:«S»@gitlab.«co».internal/«repo».git", "gitlab.«co».internal")
F(G, "git-remote-set-url-pat", "gh_fine",
  "git remote set-url origin https://«login»:«S»@github.com/«repo».git && git push -u origin «branch»",
  "git remote set-url origin")
F(G, "export-aws-keys-then-s3-ls", "aws_sk",
  "export AWS_ACCESS_KEY_ID=«akid»\nexport AWS_SECRET_ACCESS_KEY=«S»\naws s3 ls s3://«bucket»/ --region «region»",
  "s3://«bucket»/")
F(G, "aws-configure-set-secret", "aws_sk",
  "aws configure set aws_secret_access_key «S» --profile «co»-«env»", "aws configure set")
F(G, "kubectl-create-secret-from-literal", "pw",
  "kubectl -n «ns» create secret generic «svc»-db --from-literal=DB_USER=«user» --from-literal=DB_PASSWORD='«S»'",
  "«svc»-db")
F(G, "kubectl-patch-secret-base64", "b64_paystack",
  "kubectl -n «ns» patch secret «svc»-env -p '{\"data\":{\"PAYSTACK_SECRET_KEY\":\"«S»\"}}'",
  "kubectl -n «ns» patch secret")
F(G, "helm-set-db-password", "pws",
  "helm upgrade --install «svc» ./charts/«svc» -n «ns» --set postgresql.auth.password=«S» --set image.tag=«sha7»",
  "helm upgrade --install «svc»")
F(G, "sshpass-inline-password", "pw",
  "sshpass -p '«S»' ssh -o StrictHostKeyChecking=no «user»@«ip» 'sudo systemctl restart «svc»'",
  "«ip»")
F(G, "openssl-pkcs12-passin-a1", "pw",
  "openssl pkcs12 -in certificado_a1_«cnpjd».pfx -nodes -passin pass:«S» -out /tmp/cert_a1.pem",
  "certificado_a1_«cnpjd».pfx")
F(G, "openssl-pkcs8-sat-csd-key", "pw",
  "openssl pkcs8 -inform DER -in CSD_«rfc».key -passin 'pass:«S»' -out /tmp/csd_«rfc».pem",
  "CSD_«rfc».key")
F(G, "keytool-srcstorepass", "pws",
  "keytool -importkeystore -srckeystore nfe_«cnpjd».pfx -srcstoretype PKCS12 -srcstorepass «S» -destkeystore nfe.jks -deststorepass \"$JKS_PASS\"",
  "-destkeystore nfe.jks")
F(G, "htpasswd-batch-bcrypt", "pw",
  "sudo htpasswd -bB /etc/nginx/.htpasswd «login» '«S»'", "/etc/nginx/.htpasswd")
F(G, "rabbitmqctl-add-user", "pw",
  "rabbitmqctl add_user «user» '«S»' && rabbitmqctl set_permissions -p / «user» \".*\" \".*\" \".*\"",
  "rabbitmqctl add_user «user»")
F(G, "mysql-e-create-user-identified", "pw",
  "mysql -uroot -e \"CREATE USER '«user»'@'%' IDENTIFIED BY '«S»'; GRANT SELECT ON «db».* TO '«user»'@'%';\"",
  "GRANT SELECT ON «db».*")
F(G, "psql-c-alter-role-password", "pw",
  "psql -h «dbhost» -U postgres -c \"ALTER ROLE «user» WITH LOGIN PASSWORD '«S»';\"",
  "ALTER ROLE «user»")
F(G, "smbclient-user-percent-pass", "pwa",
  "smbclient //«host»/contabilidad -U '«login»%«S»' -c 'ls NOMINA/«date»*'", "//«host»/contabilidad")
F(G, "wget-http-password", "pw",
  "wget --http-user=«login» --http-password='«S»' https://«apihost»/exports/nfe_«date».zip",
  "nfe_«date».zip")
F(G, "lftp-user-comma-pass", "pw",
  "lftp -u «user»,'«S»' sftp://«host» -e 'mirror --reverse ./xml /in/cfdi; bye'", "sftp://«host»")
F(G, "rclone-config-create-sftp", "pws",
  "rclone config create sii-backup sftp host «host» user «user» pass «S» --obscure", "sii-backup")
F(G, "vault-kv-put-daraja", "daraja_cs",
  "vault kv put secret/«svc»/«env» daraja_consumer_secret=«S» daraja_shortcode=«shortcode»",
  "secret/«svc»/«env»")
F(G, "gh-secret-set-body", "flw_live",
  "gh secret set FLW_SECRET_KEY --repo «repo» --body \"«S»\"", "FLW_SECRET_KEY")
F(G, "heroku-config-set", "paystack_live",
  "heroku config:set PAYSTACK_SECRET_KEY=«S» -a «co»-api", "-a «co»-api")
F(G, "fly-secrets-set", "conekta",
  "fly secrets set CONEKTA_PRIVATE_KEY=«S» --app «svc»", "CONEKTA_PRIVATE_KEY")
F(G, "vercel-env-add-piped", "mp_access",
  "echo -n '«S»' | vercel env add MP_ACCESS_TOKEN production", "vercel env add")
F(G, "npm-config-set-authtoken", "npm",
  "npm config set //registry.npmjs.org/:_authToken «S»", "registry.npmjs.org")
F(G, "pip-install-index-url-token", "pypi",
  "pip install --index-url https://__token__:«S»@pypi.«co».internal/simple/ «co»-sdk==«ver»",
  "pypi.«co».internal")
F(G, "twine-upload-p-flag", "pypi",
  "twine upload --repository-url https://upload.pypi.org/legacy/ -u __token__ -p «S» dist/*",
  "twine upload")
F(G, "az-storage-upload-account-key", "azure_key",
  "az storage blob upload --account-name «co»nfe --account-key «S» -c nfe-xml -f ./nfe_«cnpjd».xml -n «date»/nfe.xml",
  "--account-name «co»nfe")
F(G, "mc-alias-set-minio", "minio_sk",
  "mc alias set «co»-minio https://minio.«co».internal «user» «S» --api S3v4", "«co»-minio")
F(G, "restic-password-env-prefix", "pw",
  "RESTIC_PASSWORD='«S»' restic -r s3:https://s3.«region».amazonaws.com/«bucket» backup /srv/cfdi",
  "restic -r")
F(G, "borg-passphrase-export", "phrase",
  "export BORG_PASSPHRASE=\"«S»\"\nborg create --stats ssh://borg@«host»/./repo::nfe-{now} /var/lib/nfe",
  "borg create")
F(G, "gpg-batch-passphrase-decrypt", "phrase",
  "gpg --batch --yes --pinentry-mode loopback --passphrase '«S»' -d backups/«db»_«date».sql.gpg | psql «db»",
  "backups/«db»_«date».sql.gpg")
F(G, "7z-extract-p-flag", "pwa",
  "7z x reporte_sii_«date».7z -p«S» -o./tmp/sii", "reporte_sii_«date».7z")
F(G, "zip-encrypt-capital-p-flag", "pw",
  "zip -P '«S»' nomina_«date».zip nomina_*.xlsx && mv nomina_«date».zip /mnt/compartido/",
  "nomina_«date».zip")
F(G, "sqlcmd-sa-password", "pw",
  "sqlcmd -S «host»,1433 -U sa -P '«S»' -d «db» -Q \"SELECT TOP 5 * FROM dbo.Facturas ORDER BY Fecha DESC\"",
  "dbo.Facturas")
F(G, "ldapsearch-bind-w", "pw",
  "ldapsearch -x -H ldaps://ldap.«co».internal -D \"cn=admin,dc=«co»,dc=local\" -w '«S»' -b \"ou=people,dc=«co»,dc=local\" uid=«login»",
  "ldaps://ldap.«co».internal")
F(G, "wp-cli-user-pass", "pw",
  "wp user update admin --user_pass='«S»' --path=/var/www/loja --allow-root", "wp user update admin")
F(G, "django-superuser-env-prefix", "pw",
  "DJANGO_SUPERUSER_PASSWORD='«S»' python manage.py createsuperuser --noinput --username «login» --email «email»",
  "createsuperuser")
F(G, "curl-telegram-bot-url", "telegram",
  "curl -s \"https://api.telegram.org/bot«S»/sendMessage\" -d chat_id=«chatid» -d text=\"deploy «svc» ok ✅\"",
  "api.telegram.org")
F(G, "curl-whatsapp-cloud-send", "wa_token",
  "curl -X POST \"https://graph.facebook.com/v19.0/«waphone»/messages\" \\\n  -H \"Authorization: Bearer «S»\" \\\n  -H 'Content-Type: application/json' \\\n  -d '{\"messaging_product\":\"whatsapp\",\"to\":\"«msisdn»\",\"type\":\"template\",\"template\":{\"name\":\"pedido_confirmado\",\"language\":{\"code\":\"pt_BR\"}}}'",
  "graph.facebook.com")
F(G, "curl-africastalking-apikey-header", "at_key",
  "curl -X POST https://api.africastalking.com/version1/messaging \\\n  -H \"apiKey: «S»\" -H 'Accept: application/json' \\\n  -d \"username=«co»&to=+«msisdn»&message=Msimbo wako ni «d6}\"".replace("«d6}", "«d6»"),
  "api.africastalking.com")
F(G, "curl-flutterwave-verify", "flw_live",
  "curl https://api.flutterwave.com/v3/transactions/«d9»/verify -H \"Authorization: Bearer «S»\"",
  "api.flutterwave.com")
F(G, "git-credentials-printf-append", "bitbucket",
  "printf 'https://«login»:%s@bitbucket.org\\n' '«S»' >> ~/.git-credentials", "bitbucket.org")
F(G, "docker-run-e-postgres-password", "pws",
  "docker run -d --name «db»-pg -e POSTGRES_PASSWORD=«S» -e POSTGRES_DB=«db» -p 5432:5432 postgres:16",
  "postgres:16")
F(G, "terraform-apply-var-flag", "pws",
  "terraform apply -var \"db_password=«S»\" -var-file=«env».tfvars -auto-approve", "-var-file=«env».tfvars")
F(G, "ansible-playbook-extra-vars-become", "pws",
  "ansible-playbook site.yml -i inventories/«env» -e \"ansible_become_pass=«S»\" --limit «host»",
  "ansible-playbook site.yml")
F(G, "curl-cookie-django-sessionid", "django_session",
  "curl -s -b \"sessionid=«S»\" https://«apihost»/admin/facturacion/cfdi/?estado=error | head -50",
  "«apihost»")
F(G, "curl-conekta-basic-u-key-colon", "conekta",
  "curl -u «S»: -H 'Accept: application/vnd.conekta-v2.1.0+json' https://api.conekta.io/orders?limit=5",
  "api.conekta.io")
F(G, "curl-efi-pix-cert-colon-password", "pwa",
  "curl --cert ./certs/efi_«env».p12:«S» --cert-type P12 -X POST https://pix.api.efipay.com.br/oauth/token -d '{\"grant_type\":\"client_credentials\"}'",
  "pix.api.efipay.com.br")
F(G, "curl-s3-presigned-get", "amz_sig",
  "curl -o recibo.pdf 'https://«bucket».s3.«region».amazonaws.com/recibos/«uuid».pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«akid»%2F«dts»%2F«region»%2Fs3%2Faws4_request&X-Amz-Date=«dts»Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»'",
  "X-Amz-Expires=900")
F(G, "psql-set-password-meta-command", "pw",
  "psql -h «dbhost» -U postgres «db» <<'SQL'\nCREATE ROLE «user» LOGIN;\nALTER ROLE «user» PASSWORD '«S»';\nGRANT CONNECT ON DATABASE «db» TO «user»;\nSQL",
  "GRANT CONNECT ON DATABASE «db»")
F(G, "ssh-keyscan-then-cat-key-heredoc", "pem_openssh",
  "cat > ~/.ssh/deploy_«svc» <<'EOF'\n-----BEGIN OPENSSH PRIVATE KEY-----\n«S»\n-----END OPENSSH PRIVATE KEY-----\nEOF\nchmod 600 ~/.ssh/deploy_«svc»",
  "chmod 600 ~/.ssh/deploy_«svc»")
F(G, "mosquitto-pub-capital-p-flag", "pw",
  "mosquitto_pub -h mqtt.«co».internal -p 8883 -u pos_device -P '«S»' -t lojas/«num»/vendas -m '{\"ok\":true}'",
  "mqtt.«co».internal")


# ===========================================================================
# group: tool-output  (what commands printed back)
# ===========================================================================
G = "tool-output"
F(G, "env-grep-pass-output", "pw",
  "$ env | grep -i -E 'pg|pass'\nPGHOST=«dbhost»\nPGUSER=«user»\nPGPASSWORD=«S»\nPASSWORD_MIN_LENGTH=12",
  "PGHOST=«dbhost»")
F(G, "docker-inspect-env-array", "mp_access",
  "$ docker inspect «svc» --format '{{json .Config.Env}}' | jq .\n[\n  \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\",\n  \"MP_ACCESS_TOKEN=«S»\",\n  \"TZ=America/Mexico_City\",\n  \"NODE_ENV=production\"\n]",
  "TZ=America/Mexico_City")
F(G, "kubectl-get-secret-yaml-data", "b64pw",
  "$ kubectl -n «ns» get secret «svc»-db -o yaml\napiVersion: v1\ndata:\n  DB_HOST: «hex16»\n  DB_PASSWORD: «S»\nkind: Secret\nmetadata:\n  name: «svc»-db\n  namespace: «ns»\ntype: Opaque",
  "namespace: «ns»")
F(G, "kubectl-describe-pod-env-section", "daraja_passkey",
  "    Environment:\n      DARAJA_ENV:        sandbox\n      DARAJA_SHORTCODE:  «shortcode»\n      DARAJA_PASSKEY:    «S»\n      CALLBACK_URL:      https://«apihost»/mpesa/callback\n    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-«an8» (ro)",
  "DARAJA_SHORTCODE:  «shortcode»")
F(G, "git-config-list-remote-url", "gho",
  "$ git config --list --show-origin | grep url\nfile:.git/config        remote.origin.url=https://«login»:«S»@github.com/«repo».git",
  "remote.origin.url")
F(G, "cat-git-credentials-file", "glpat",
  "$ cat ~/.git-credentials\nhttps://«login»:«S»@gitlab.«co».internal", "gitlab.«co».internal")
F(G, "heroku-config-database-url", "hex64",
  "$ heroku config -a «co»-api\n=== «co»-api Config Vars\nDATABASE_URL:  postgres://u«an8»:«S»@ec2-3-«num»-1-2.compute-1.amazonaws.com:5432/d«an10»\nNODE_ENV:      production",
  "=== «co»-api Config Vars")
F(G, "terraform-output-json-sensitive", "pw",
  "$ terraform output -json\n{\n  \"db_admin_password\": {\n    \"sensitive\": true,\n    \"type\": \"string\",\n    \"value\": \"«S»\"\n  },\n  \"db_endpoint\": {\n    \"sensitive\": false,\n    \"type\": \"string\",\n    \"value\": \"«dbhost»:5432\"\n  }\n}",
  "«dbhost»:5432")
F(G, "terraform-state-pull-storage-key", "azure_key",
  "$ terraform state pull | jq '.resources[] | select(.type==\"azurerm_storage_account\") | .instances[0].attributes | {name, primary_access_key}'\n{\n  \"name\": \"«co»nfexml\",\n  \"primary_access_key\": \"«S»\"\n}",
  "azurerm_storage_account")
F(G, "aws-sts-query-secret-text", "aws_sk",
  "$ aws sts assume-role --role-arn arn:aws:iam::«acct»:role/«svc»-deploy --role-session-name ci --query 'Credentials.SecretAccessKey' --output text\n«S»",
  "arn:aws:iam::«acct»:role/«svc»-deploy")
F(G, "daraja-oauth-json-response", "daraja_token",
  "$ curl -s -u \"$MPESA_KEY:$MPESA_SECRET\" 'https://sandbox.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials'\n{\"access_token\":\"«S»\",\"expires_in\":\"3599\"}",
  "expires_in")
F(G, "mercadopago-oauth-token-response", "mp_access",
  "HTTP/1.1 200 OK\nContent-Type: application/json;charset=UTF-8\n\n{\"access_token\":\"«S»\",\"token_type\":\"Bearer\",\"expires_in\":15552000,\"scope\":\"offline_access read write\",\"user_id\":«mpuser»,\"live_mode\":true}",
  "\"user_id\":«mpuser»")
F(G, "sw-sapien-auth-response", "jwt_sw",
  "$ curl -s -X POST https://services.test.sw.com.mx/security/authenticate -H 'user: «email»' -H 'password: ********'\n{\"data\":{\"token\":\"«S»\",\"expires_in\":«d10»,\"tokeny_type\":\"Bearer\"},\"status\":\"success\"}",
  "services.test.sw.com.mx")
F(G, "psql-select-integraciones-row", "hex40",
  "«db»=> SELECT id, proveedor, api_key, activo FROM integraciones WHERE proveedor = 'openfactura';\n id |  proveedor  |                 api_key                  | activo\n----+-------------+------------------------------------------+--------\n «num» | openfactura | «S» | t\n(1 row)",
  "openfactura")
F(G, "mysql-select-config-table", "pw",
  "mysql> SELECT clave, valor FROM configuracion WHERE clave LIKE 'smtp%';\n+---------------+-------------------------+\n| clave         | valor                   |\n+---------------+-------------------------+\n| smtp_host     | smtp.«co».example       |\n| smtp_user     | notificaciones          |\n| smtp_password | «S}        |\n+---------------+-------------------------+\n3 rows in set (0.01 sec)".replace("«S}", "«S»"),
  "smtp_host")
F(G, "redis-cli-get-session-json", "mp_test",
  "127.0.0.1:6379> GET checkout:sess:«uuid»\n\"{\\\"user_id\\\":«num»,\\\"mp_token\\\":\\\"«S»\\\",\\\"cart\\\":[«num2»]}\"",
  "checkout:sess:«uuid»")
F(G, "printenv-single-var", "flw_test",
  "$ printenv FLW_SECRET_KEY\n«S»\n$ printenv FLW_PUBLIC_KEY\nFLWPUBK_TEST-«hex32»-X", "printenv FLW_SECRET_KEY")
F(G, "cat-dotenv-local-output", "pw",
  "$ cat .env.local\nAPP_ENV=local\nDB_HOST=127.0.0.1\nDB_DATABASE=«db»\nDB_USERNAME=«user»\nDB_PASSWORD=«S»\nLOG_LEVEL=debug",
  "DB_DATABASE=«db»")
F(G, "ansible-vault-view-output", "pw",
  "$ ansible-vault view group_vars/«env»/vault.yml\nVault password:\n---\nvault_mysql_root_password: \"«S»\"\n", "group_vars/«env»/vault.yml")
F(G, "sops-decrypt-yaml-output", "yoco_live",
  "$ sops -d secrets/«env».enc.yaml\nyoco:\n    public_key: pk_live_«hex16»«hex8»\n    secret_key: «S»\nsentry_env: «env»",
  "secrets/«env».enc.yaml")
F(G, "docker-compose-config-rendered", "pw",
  "$ docker compose config | sed -n '/mysql:/,/ports:/p'\n  mysql:\n    environment:\n      MYSQL_DATABASE: «db»\n      MYSQL_ROOT_PASSWORD: «S»\n    image: mysql:8.0\n    ports:",
  "MYSQL_DATABASE: «db»")
F(G, "gcp-service-account-json-jq", "pem_pkcs8_esc",
  "$ jq . «co»-«env»-sa.json\n{\n  \"type\": \"service_account\",\n  \"project_id\": \"«co»-«env»\",\n  \"private_key_id\": \"«sha»\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"nfe-uploader@«co»-«env».iam.gserviceaccount.com\",\n  \"client_id\": \"«d18»\"\n}",
  "nfe-uploader@«co»-«env».iam.gserviceaccount.com")
F(G, "cat-openssh-private-key", "pem_openssh",
  "$ cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n«S»\n-----END OPENSSH PRIVATE KEY-----", "cat ~/.ssh/id_ed25519")
F(G, "openssl-pkcs12-nodes-output", "pem_pkcs8",
  "$ openssl pkcs12 -in a1_«cnpjd».pfx -nodes -passin env:PFX_PASS\nBag Attributes\n    localKeyID: 01 00 00 00\nKey Attributes: <No Attributes>\n-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----",
  "Bag Attributes")
F(G, "curl-verbose-bearer-request", "jwt",
  "$ curl -v https://«apihost»/v1/clientes?limit=1\n> GET /v1/clientes?limit=1 HTTP/2\n> Host: «apihost»\n> authorization: Bearer «S»\n> user-agent: curl/8.5.0\n>\n< HTTP/2 200\n< content-type: application/json",
  "> Host: «apihost»")
F(G, "curl-verbose-basic-request", "basic_login",
  "* Connected to «apihost» («ip») port 443\n> POST /ws/nfse HTTP/1.1\n> Host: «apihost»\n> Authorization: Basic «S»\n> Content-Type: text/xml; charset=utf-8\n< HTTP/1.1 500 Internal Server Error",
  "POST /ws/nfse")
F(G, "http-response-set-cookie-laravel", "laravel_cookie",
  "< HTTP/1.1 302 Found\n< Location: https://«apihost»/painel\n< Set-Cookie: laravel_session=«S»; expires=Fri, 12-Jul-2024 18:22:01 GMT; Max-Age=7200; path=/; httponly; samesite=lax",
  "Location: https://«apihost»/painel")
F(G, "har-entry-phpsessid-cookie", "phpsessid",
  "        \"cookies\": [\n          {\n            \"name\": \"PHPSESSID\",\n            \"value\": \"«S»\",\n            \"path\": \"/\",\n            \"domain\": \"«apihost»\",\n            \"httpOnly\": true\n          }\n        ],",
  "PHPSESSID")
F(G, "cat-npmrc-github-packages", "gh_pat",
  "$ cat ~/.npmrc\n@«co»:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«S»\nalways-auth=true",
  "npm.pkg.github.com")
F(G, "cat-docker-config-json-auth", "basic_login",
  "$ cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"registry.«co».internal\": {\n\t\t\t\"auth\": \"«S»\"\n\t\t}\n\t}\n}",
  "registry.«co».internal")
F(G, "pip-config-list-extra-index", "pwu",
  "$ pip config list\nglobal.extra-index-url='https://«user»:«S»@nexus.«co».internal/repository/pypi-internal/simple'\nglobal.timeout='60'",
  "nexus.«co».internal")
F(G, "git-show-patch-added-secret", "efi_cs",
  "$ git show «sha7» -- config/pix.yml\ncommit «sha»\nAuthor: «person» <«email»>\nDate:   «date»\n\n    chore: config sandbox efí\n\n@@ -3,4 +3,5 @@ efi:\n   sandbox: true\n   client_id: Client_Id_«hex40»\n+  client_secret: «S»\n   cert_path: certs/homolog.p12",
  "config/pix.yml")
F(G, "secret-scanner-finding-output", "paystack_live",
  "Found verified result 🐷🔑\nDetector Type: Paystack\nDecoder Type: PLAIN\nRaw result: «S»\nFile: src/payments/paystack.js\nLine: «num»\nCommit: «sha»",
  "src/payments/paystack.js")
F(G, "gitleaks-json-report-entry", "an32",
  "[\n {\n  \"Description\": \"Generic API Key\",\n  \"StartLine\": «num»,\n  \"Match\": \"api_key = \\\"«S»\\\"\",\n  \"Secret\": \"«S»\",\n  \"File\": \"integraciones/zenvia/client.py\",\n  \"Commit\": \"«sha»\",\n  \"RuleID\": \"generic-api-key\"\n }\n]",
  "integraciones/zenvia/client.py")
F(G, "systemctl-show-environment", "pws",
  "$ systemctl show «svc» -p Environment\nEnvironment=NODE_ENV=production DB_USER=«user» DB_PASS=«S» PORT=3000", "systemctl show «svc»")
F(G, "ps-aux-java-system-property", "pws",
  "$ ps aux | grep [j]ava\nnfe      «pid»  2.1  8.4 4821332 689112 ?     Sl   09:14  12:03 java -Xmx2g -Dnfe.certificado.senha=«S» -jar /opt/nfe/emissor-nfe.jar",
  "/opt/nfe/emissor-nfe.jar")
F(G, "proc-cmdline-node-worker", "daraja_passkey",
  "$ cat /proc/«pid»/cmdline | tr '\\0' ' '\nnode dist/worker.js --mpesa-shortcode «shortcode» --mpesa-passkey «S» --env production",
  "--mpesa-shortcode «shortcode»")
F(G, "grep-wp-config-defines", "pw",
  "$ grep \"DB_\" /var/www/loja/wp-config.php\ndefine( 'DB_NAME', '«db»' );\ndefine( 'DB_USER', '«user»' );\ndefine( 'DB_PASSWORD', '«S»' );\ndefine( 'DB_HOST', 'localhost' );",
  "define( 'DB_NAME', '«db»' );")
F(G, "history-tail-export", "pw",
  "$ history | tail -4\n  512  cd /srv/cfdi\n  513  export PAC_PASSWORD='«S»'\n  514  ./timbrar.sh lote_«date».txt\n  515  history | tail -4",
  "./timbrar.sh lote_«date».txt")
F(G, "mitmproxy-flow-dump-header", "paystack_test",
  "POST https://api.paystack.co/transaction/initialize\n    Host:           api.paystack.co\n    Authorization:  Bearer «S»\n    Content-Type:   application/json\n    {\"email\": \"«email»\", \"amount\": «d6»}\n << 200 OK 412b",
  "api.paystack.co")
F(G, "openssl-s-client-smtp-auth-plain", "smtp_plain",
  "$ openssl s_client -starttls smtp -connect smtp.«co».example:587 -quiet\n250 SMTPUTF8\nEHLO test\nAUTH PLAIN «S»\n235 2.7.0 Authentication successful",
  "smtp.«co».example:587")
F(G, "tcpflow-soap-cfdi-credentials", "pwu",
  "POST /servicios/soap/stamp HTTP/1.1\nHost: demo-facturacion.«co».example\nSOAPAction: \"stamp\"\n\n<soapenv:Body><stamp><xml>PD94bWwg...</xml><username>«email»</username><password>«S»</password></stamp></soapenv:Body>",
  "SOAPAction: \"stamp\"")
F(G, "az-storage-keys-list-json", "azure_key",
  "$ az storage account keys list -g rg-«env» -n «co»cfdi --query '[0]'\n{\n  \"creationTime\": \"«ts»\",\n  \"keyName\": \"key1\",\n  \"permissions\": \"FULL\",\n  \"value\": \"«S»\"\n}",
  "\"keyName\": \"key1\"")
F(G, "gcloud-print-access-token", "ya29",
  "$ gcloud auth print-access-token --impersonate-service-account=nfe@«co».iam.gserviceaccount.com\nWARNING: This command is using service account impersonation.\n«S»",
  "gcloud auth print-access-token")
F(G, "firebase-login-ci-output", "firebase_ci",
  "✔  Success! Use this token to login on a CI server:\n\n«S»\n\nExample: firebase deploy --token \"$FIREBASE_TOKEN\"",
  "firebase deploy")
F(G, "vault-kv-get-table", "pw",
  "$ vault kv get secret/«svc»/«env»/db\n====== Data ======\nKey         Value\n---         -----\npassword    «S»\nusername    «user»",
  "username    «user»")
F(G, "helm-get-values-output", "pw",
  "$ helm get values «svc» -n «ns»\nUSER-SUPPLIED VALUES:\npostgresql:\n  auth:\n    database: «db»\n    password: «S»\n    username: «user»",
  "USER-SUPPLIED VALUES:")
F(G, "docker-history-no-trunc-env", "pws",
  "$ docker history --no-trunc «co»/nfe-emissor:«ver» | grep ENV\n<missing>   3 weeks ago   ENV NFE_CERT_PASSWORD=«S»   0B   buildkit.dockerfile.v0",
  "buildkit.dockerfile.v0")
F(G, "pytest-failure-repr-headers", "nfeio",
  "E       AssertionError: assert 401 == 200\nE        +  where 401 = <Response [401]>.status_code\n\nrequest = {'url': 'https://api.nfe.example/v1/companies/«hex16»/serviceinvoices', 'headers': {'Authorization': '«S»', 'Accept': 'application/json'}}",
  "AssertionError: assert 401 == 200")
F(G, "stripe-cli-listen-output", "whsec",
  "$ stripe listen --forward-to localhost:8000/webhooks/stripe\n> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is «S» (^C to quit)",
  "localhost:8000/webhooks/stripe")
F(G, "ngrok-config-check-output", "ngrok",
  "$ ngrok config check\nValid configuration file at /home/«login»/.config/ngrok/ngrok.yml\n$ cat /home/«login»/.config/ngrok/ngrok.yml\nversion: \"2\"\nauthtoken: «S»",
  "ngrok config check")
F(G, "cat-netrc-multiline", "pw",
  "$ cat ~/.netrc\nmachine api.«co».internal\n  login «login»\n  password «S»", "machine api.«co».internal")
F(G, "cat-composer-auth-json", "pw",
  "$ cat auth.json\n{\n    \"http-basic\": {\n        \"repo.«co».internal\": {\n            \"username\": \"«login»\",\n            \"password\": \"«S»\"\n        }\n    }\n}",
  "repo.«co».internal")
F(G, "s3cmd-dump-config", "aws_sk",
  "$ s3cmd --dump-config | grep -E 'key|host'\naccess_key = «akid»\nhost_base = s3.«region».amazonaws.com\nsecret_key = «S»",
  "host_base = s3.«region».amazonaws.com")
F(G, "az-ad-sp-create-output", "az_cs",
  "$ az ad sp create-for-rbac --name sp-«svc»-«env» --role Contributor\n{\n  \"appId\": \"«uuid»\",\n  \"displayName\": \"sp-«svc»-«env»\",\n  \"password\": \"«S»\",\n  \"tenant\": \"«uuid2»\"\n}",
  "sp-«svc»-«env»")
F(G, "openssl-rand-output-used-as-secret", "b64_32",
  "$ openssl rand -base64 32\n«S»\n# ^ usando como JWT_SECRET do «svc» em «env»", "openssl rand -base64 32")
F(G, "pwgen-output-for-new-user", "pwlong",
  "$ pwgen -sy 28 1\n«S»\n(colei isso como senha do usuário «user» no RDS)", "pwgen -sy 28 1")
F(G, "cat-wpa-supplicant-psk", "phrase",
  "$ sudo cat /etc/wpa_supplicant/wpa_supplicant.conf\nnetwork={\n    ssid=\"«ssid»\"\n    psk=\"«S»\"\n    key_mgmt=WPA-PSK\n}",
  "ssid=\"«ssid»\"")
F(G, "nmcli-show-password", "pw",
  "$ nmcli device wifi show-password\nSSID: «ssid»\nSecurity: WPA\nPassword: «S»", "SSID: «ssid»")
F(G, "docker-exec-cat-run-secret", "pw",
  "$ docker exec «svc» cat /run/secrets/db_password\n«S»", "/run/secrets/db_password")
F(G, "kubectl-jsonpath-token-decoded", "jwt_k8s",
  "$ kubectl -n «ns» get secret deployer-token -o jsonpath='{.data.token}' | base64 -d\n«S»",
  "deployer-token")
F(G, "artisan-tinker-config-value", "paystack_live",
  "$ php artisan tinker\nPsy Shell v0.12.0 (PHP 8.2.12 — cli) by Justin Hileman\n> config('services.paystack.secret')\n= \"«S»\"",
  "services.paystack.secret")
F(G, "mongo-getusers-connection-string-echo", "pwu",
  "$ echo $MONGO_URL\nmongodb://«user»:«S»@mongo-0.«co».internal:27017,mongo-1.«co».internal:27017/«db»?replicaSet=rs0",
  "replicaSet=rs0")
F(G, "gh-auth-token-output", "gho",
  "$ gh auth token\n«S»\n$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account «login» (keyring)",
  "Logged in to github.com account «login»")
F(G, "wrangler-secret-list-then-dev-vars", "paystack_test",
  "$ cat .dev.vars\nPAYSTACK_SECRET=«S}\nENVIRONMENT=dev".replace("«S}", "«S»"), "ENVIRONMENT=dev")
F(G, "env-command-output-twilio", "twilio_auth",
  "$ env | sort | grep TWILIO\nTWILIO_ACCOUNT_SID=AC«hex32»\nTWILIO_AUTH_TOKEN=«S»\nTWILIO_FROM=+«msisdn»",
  "TWILIO_FROM=+«msisdn»")


# ===========================================================================
# group: config-file  (excerpts of files the agent opened)
# ===========================================================================
G = "config-file"
F(G, "dotenv-mercadopago-pair", "mp_access",
  "# Mercado Pago (conta «co»)\nMP_PUBLIC_KEY=APP_USR-«uuid»\nMP_ACCESS_TOKEN=«S»\nMP_WEBHOOK_URL=https://«apihost»/webhooks/mp",
  "MP_PUBLIC_KEY")
F(G, "dotenv-double-quoted-db-password", "pw",
  "DB_CONNECTION=pgsql\nDB_HOST=«dbhost»\nDB_PORT=5432\nDB_DATABASE=«db»\nDB_USERNAME=«user»\nDB_PASSWORD=\"«S»\"",
  "DB_HOST=«dbhost»")
F(G, "dotenv-export-single-quoted", "conekta",
  "# .envrc (direnv)\nexport CONEKTA_API_KEY='«S»'\nexport CONEKTA_API_VERSION=2.1.0\nexport OXXO_EXPIRES_DAYS=3",
  "CONEKTA_API_VERSION=2.1.0")
F(G, "yaml-spring-datasource", "pw",
  "spring:\n  datasource:\n    url: jdbc:postgresql://«dbhost»:5432/«db»\n    username: «user»\n    password: «S»\n  jpa:\n    hibernate:\n      ddl-auto: validate",
  "jdbc:postgresql://«dbhost»:5432/«db»")
F(G, "yaml-rails-database-production", "pw",
  "production:\n  <<: *default\n  host: «dbhost»\n  database: «db»_production\n  username: «user»\n  password: \"«S»\"",
  "«db»_production")
F(G, "docker-compose-environment-list", "pw",
  "services:\n  db:\n    image: mariadb:11\n    environment:\n      - MARIADB_DATABASE=«db»\n      - MARIADB_ROOT_PASSWORD=«S»\n    volumes:\n      - dbdata:/var/lib/mysql",
  "MARIADB_DATABASE=«db»")
F(G, "k8s-secret-stringdata-whatsapp", "wa_token",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: wa-cloud\n  namespace: «ns»\ntype: Opaque\nstringData:\n  WHATSAPP_PHONE_NUMBER_ID: \"«waphone»\"\n  WHATSAPP_TOKEN: \"«S»\"",
  "WHATSAPP_PHONE_NUMBER_ID")
F(G, "k8s-secret-data-base64-cert-pass", "b64pw",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: sii-cert\ndata:\n  cert.p12: MIIK«hex16»...(truncado)\n  SII_CERT_PASSWORD: «S»",
  "name: sii-cert")
F(G, "cargo-credentials-toml", "crates",
  "# ~/.cargo/credentials.toml\n[registry]\ntoken = \"«S»\"", "[registry]")
F(G, "toml-app-database-section", "pw",
  "[server]\nport = 8080\n\n[database]\nhost = \"«dbhost»\"\nname = \"«db»\"\nuser = \"«user»\"\npassword = \"«S»\"\npool_size = 10",
  "pool_size = 10")
F(G, "ini-php-app-config", "pws",
  "[database]\ndb.driver = mysql\ndb.host = «dbhost»\ndb.name = «db»\ndb.user = «user»\ndb.password = «S»",
  "db.host = «dbhost»")
F(G, "odbc-ini-dsn", "pws",
  "[NFE_DSN]\nDriver = ODBC Driver 18 for SQL Server\nServer = «host»,1433\nDatabase = «db»\nUID = «user»\nPWD = «S»\nTrustServerCertificate = yes",
  "ODBC Driver 18 for SQL Server")
F(G, "web-config-connection-string", "pwu",
  "<connectionStrings>\n  <add name=\"Facturacion\" connectionString=\"Server=«host»;Database=«db»;User Id=«user»;Password=«S»;TrustServerCertificate=True\" providerName=\"System.Data.SqlClient\" />\n</connectionStrings>",
  "name=\"Facturacion\"")
F(G, "maven-settings-server", "pwu",
  "<servers>\n  <server>\n    <id>«co»-nexus</id>\n    <username>«user»</username>\n    <password>«S»</password>\n  </server>\n</servers>",
  "<id>«co»-nexus</id>")
F(G, "nuget-config-cleartext-password", "pwu",
  "<packageSourceCredentials>\n  <«co»-feed>\n    <add key=\"Username\" value=\"«login»\" />\n    <add key=\"ClearTextPassword\" value=\"«S»\" />\n  </«co»-feed>\n</packageSourceCredentials>",
  "packageSourceCredentials")
F(G, "terraform-tfvars-db-password", "pw",
  "# «env».tfvars\nregion      = \"«region»\"\ndb_username = \"«user»\"\ndb_password = \"«S»\"\ninstance    = \"db.t4g.medium\"",
  "db.t4g.medium")
F(G, "hcl-provider-digitalocean-token", "do_token",
  "provider \"digitalocean\" {\n  token = \"«S»\"\n}\n\nresource \"digitalocean_droplet\" \"ussd\" {\n  image  = \"ubuntu-22-04-x64\"\n  region = \"fra1\"\n}",
  "digitalocean_droplet")
F(G, "appsettings-json-connection-string", "pwu",
  "{\n  \"ConnectionStrings\": {\n    \"Default\": \"Host=«dbhost»;Database=«db»;Username=«user»;Password=«S»\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } }\n}",
  "\"LogLevel\"")
F(G, "java-properties-nfe-certificate", "pw",
  "# emissor NF-e\nnfe.ambiente=2\nnfe.uf=SP\nnfe.certificado.caminho=/opt/certs/«cnpjd».pfx\nnfe.certificado.senha=«S»",
  "nfe.certificado.caminho=/opt/certs/«cnpjd».pfx")
F(G, "spring-mail-properties", "gapp",
  "spring.mail.host=smtp.gmail.com\nspring.mail.port=587\nspring.mail.username=«email»\nspring.mail.password=«S»\nspring.mail.properties.mail.smtp.starttls.enable=true",
  "spring.mail.host=smtp.gmail.com")
F(G, "pgpass-wildcard-line-file", "pw",
  "# ~/.pgpass  (hostname:port:database:username:password)\n*:*:*:«user»:«S»", "hostname:port:database:username:password")
F(G, "netrc-single-line-file", "pw",
  "machine «host» login «user» password «S»", "machine «host»")
F(G, "my-cnf-client-section", "pw",
  "[client]\nuser=«user»\npassword=\"«S»\"\nhost=«dbhost»\ndefault-character-set=utf8mb4",
  "default-character-set=utf8mb4")
F(G, "redis-conf-requirepass", "pwlong",
  "bind 0.0.0.0\nprotected-mode yes\nport 6379\nrequirepass «S»\nmaxmemory 512mb\nmaxmemory-policy allkeys-lru",
  "maxmemory-policy allkeys-lru")
F(G, "pgbouncer-userlist-plaintext", "pw",
  "; /etc/pgbouncer/userlist.txt\n\"«user»\" \"«S»\"\n\"pgbouncer_stats\" \"md5«hex32»\"", "/etc/pgbouncer/userlist.txt")
F(G, "nginx-proxy-set-header-basic", "basic_user",
  "location /nfse/ {\n    proxy_pass https://«apihost»/ws/;\n    proxy_set_header Authorization \"Basic «S»\";\n    proxy_ssl_server_name on;\n}",
  "proxy_ssl_server_name on;")
F(G, "apache-setenv-pac-password", "pw",
  "<VirtualHost *:443>\n    ServerName facturas.«co».«tld»\n    SetEnv PAC_USER «email»\n    SetEnv PAC_PASSWORD \"«S»\"\n</VirtualHost>",
  "ServerName facturas.«co».«tld»")
F(G, "systemd-unit-environment-line", "daraja_cs",
  "[Service]\nUser=mpesa\nWorkingDirectory=/opt/«svc»\nEnvironment=\"MPESA_CONSUMER_SECRET=«S»\"\nExecStart=/opt/«svc»/bin/server",
  "WorkingDirectory=/opt/«svc»")
F(G, "supervisord-environment-secret-key", "django_sk",
  "[program:«svc»]\ncommand=/srv/venv/bin/gunicorn config.wsgi -b 127.0.0.1:8000\nenvironment=DJANGO_SECRET_KEY=\"«S»\",DJANGO_SETTINGS_MODULE=\"config.settings.prod\"",
  "config.settings.prod")
F(G, "wp-config-auth-key-define", "wp_salt",
  "define( 'AUTH_KEY',         '«S»' );\ndefine( 'WP_DEBUG', false );\n$table_prefix = 'wp_loja_';",
  "$table_prefix = 'wp_loja_';")
F(G, "laravel-env-app-key-base64", "b64_32",
  "APP_NAME=\"Loja «co»\"\nAPP_ENV=production\nAPP_KEY=base64:«S»\nAPP_DEBUG=false\nAPP_URL=https://loja.«co».«tld»",
  "APP_ENV=production")
F(G, "rails-master-key-file-head", "hex32",
  "==> config/master.key <==\n«S»\n\n==> config/credentials.yml.enc <==\n«b64_43»--«b64_43b»--«hex16»==",
  "config/credentials.yml.enc")
F(G, "git-config-remote-with-app-password", "bitbucket",
  "[core]\n\trepositoryformatversion = 0\n[remote \"origin\"]\n\turl = https://«login»:«S»@bitbucket.org/«repo».git\n\tfetch = +refs/heads/*:refs/remotes/origin/*",
  "fetch = +refs/heads/*:refs/remotes/origin/*")
F(G, "docker-config-json-dockerhub-auth", "basic_dckr",
  "{\n  \"auths\": {\n    \"https://index.docker.io/v1/\": {\n      \"auth\": \"«S»\"\n    }\n  },\n  \"currentContext\": \"default\"\n}",
  "https://index.docker.io/v1/")
F(G, "pip-conf-artifactory-api-key", "artifactory",
  "[global]\nindex-url = https://«login»:«S»@artifactory.«co».internal/artifactory/api/pypi/pypi-remote/simple\ntimeout = 60",
  "artifactory.«co».internal")
F(G, "gradle-properties-nexus-password", "pws",
  "org.gradle.jvmargs=-Xmx2048m\nnexusUrl=https://nexus.«co».internal\nnexusUsername=«user»\nnexusPassword=«S»",
  "nexusUsername=«user»")
F(G, "npmrc-legacy-auth-base64", "basic_user",
  "registry=https://npm.«co».internal/repository/npm-group/\n_auth=«S»\nalways-auth=true\nemail=«email»",
  "always-auth=true")
F(G, "yarnrc-yml-npm-auth-token", "npm",
  "nodeLinker: node-modules\nnpmRegistries:\n  \"https://registry.npmjs.org\":\n    npmAuthToken: \"«S»\"\nnpmScopes:\n  «co»:\n    npmPublishRegistry: \"https://registry.npmjs.org\"",
  "nodeLinker: node-modules")
F(G, "composer-auth-github-oauth", "gho",
  "{\n    \"github-oauth\": {\n        \"github.com\": \"«S»\"\n    }\n}", "github-oauth")
F(G, "gitlab-runner-config-toml", "glrt",
  "concurrent = 4\n\n[[runners]]\n  name = \"«host»\"\n  url = \"https://gitlab.«co».internal\"\n  token = \"«S»\"\n  executor = \"docker\"",
  "executor = \"docker\"")
F(G, "rclone-conf-r2-section", "r2_sk",
  "[r2-backups]\ntype = s3\nprovider = Cloudflare\naccess_key_id = «hex32»\nsecret_access_key = «S»\nendpoint = https://«hex32b».r2.cloudflarestorage.com",
  "provider = Cloudflare")
F(G, "aws-credentials-profile", "aws_sk",
  "[«co»-«env»]\naws_access_key_id = «akid»\naws_secret_access_key = «S»\nregion = «region»",
  "[«co»-«env»]")
F(G, "kubeconfig-user-token", "jwt_k8s",
  "users:\n- name: «ns»-deployer\n  user:\n    token: «S»\ncontexts:\n- context:\n    cluster: «co»-«env»\n    user: «ns»-deployer",
  "cluster: «co»-«env»")
F(G, "kubeconfig-client-key-data", "pem_file_b64",
  "- name: admin@«co»-«env»\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t«hex16»...\n    client-key-data: «S»",
  "name: admin@«co»-«env»")
F(G, "wireguard-interface-private-key", "wgkey",
  "[Interface]\nPrivateKey = «S»\nAddress = 10.8.0.«num»/24\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = «b64_43»=\nEndpoint = «pubip»:51820\nAllowedIPs = 10.8.0.0/24",
  "Endpoint = «pubip»:51820")
F(G, "openvpn-auth-user-pass-file", "pw",
  "# /etc/openvpn/client/auth.txt (auth-user-pass)\n«login»\n«S»", "/etc/openvpn/client/auth.txt")
F(G, "msmtprc-account-password", "gapp",
  "account        gmail\nhost           smtp.gmail.com\nport           587\nfrom           «email»\nuser           «email»\npassword       «S»\naccount default : gmail",
  "host           smtp.gmail.com")
F(G, "muttrc-smtp-pass", "pw",
  "set smtp_url = \"smtps://«login»@smtp.«co».example:465/\"\nset smtp_pass = \"«S»\"\nset from = \"«email»\"",
  "set smtp_url")
F(G, "postfix-sasl-passwd-sendgrid", "sendgrid",
  "# /etc/postfix/sasl_passwd\n[smtp.sendgrid.net]:587 apikey:«S»", "[smtp.sendgrid.net]:587")
F(G, "grafana-ini-admin-password", "pw",
  "[security]\nadmin_user = admin\nadmin_password = «S»\nsecret_key = ${GF_SECRET_KEY}\ncookie_secure = true",
  "admin_user = admin")
F(G, "prometheus-scrape-basic-auth", "pw",
  "scrape_configs:\n  - job_name: '«svc»'\n    scheme: https\n    basic_auth:\n      username: «user»\n      password: «S»\n    static_configs:\n      - targets: ['«host»:9100']",
  "job_name: '«svc»'")
F(G, "alertmanager-slack-api-url", "slack_hook",
  "global:\n  slack_api_url: 'https://hooks.slack.com/services/T0«an8»/B0«an8b»/«S»'\nroute:\n  receiver: pagos-oncall",
  "hooks.slack.com")
F(G, "filebeat-elasticsearch-output", "pw",
  "output.elasticsearch:\n  hosts: [\"https://es.«co».internal:9200\"]\n  username: \"elastic\"\n  password: \"«S»\"\n  ssl.verification_mode: certificate",
  "es.«co».internal:9200")
F(G, "odoo-conf-admin-passwd", "pw",
  "[options]\naddons_path = /opt/odoo/addons,/opt/odoo/l10n_mx\nadmin_passwd = «S»\ndb_host = «dbhost»\ndb_user = odoo\ndb_password = False",
  "l10n_mx")
F(G, "settings-ini-decouple-secret-key", "django_sk",
  "[settings]\nDEBUG=False\nSECRET_KEY=«S»\nALLOWED_HOSTS=.«co».«tld»", "ALLOWED_HOSTS")
F(G, "application-yml-openpay", "openpay",
  "openpay:\n  merchant-id: m«hex16»\n  private-key: «S»\n  sandbox: false\n  country: MX", "country: MX")
F(G, "appsettings-pac-finkok", "pw",
  "\"Pac\": {\n  \"Proveedor\": \"Finkok\",\n  \"Usuario\": \"«email»\",\n  \"Password\": \"«S»\",\n  \"UrlTimbrado\": \"https://demo-facturacion.finkok.com/servicios/soap/stamp.wsdl\"\n}",
  "\"Proveedor\": \"Finkok\"")
F(G, "acbr-nfe-ini-certificado", "pw",
  "[Certificado]\nSSLLib=4\nArquivoPFX=C:\\ACBr\\certs\\«cnpjd».pfx\nSenha=«S»\nNumeroSerie=\n[WebService]\nUF=SP\nAmbiente=1",
  "[Certificado]")
F(G, "sii-dte-config-ini", "pw",
  "[sii]\nrut_emisor = «rut»\nambiente = certificacion\ncert_path = /etc/dte/certificado.p12\ncert_password = «S»",
  "rut_emisor = «rut»")
F(G, "whatsapp-config-yaml", "wa_token",
  "whatsapp:\n  api_version: v19.0\n  phone_number_id: \"«waphone»\"\n  waba_id: \"«waba»\"\n  access_token: \"«S»\"\n  templates_lang: es_MX",
  "waba_id: \"«waba»\"")
F(G, "sms-gateway-json-config", "at_key",
  "{\n  \"provider\": \"africastalking\",\n  \"username\": \"«co»\",\n  \"api_key\": \"«S»\",\n  \"sender_id\": \"MKOPO\",\n  \"shortcode\": \"«shortcode»\"\n}",
  "\"provider\": \"africastalking\"")
F(G, "pypirc-token-password", "pypi",
  "[distutils]\nindex-servers = pypi\n\n[pypi]\n  username = __token__\n  password = «S»", "index-servers = pypi")
F(G, "gh-hosts-yml-oauth-token", "gho",
  "github.com:\n    users:\n        «login»:\n    oauth_token: «S»\n    git_protocol: https\n    user: «login»",
  "git_protocol: https")
F(G, "terraformrc-credentials-block", "tfc",
  "credentials \"app.terraform.io\" {\n  token = \"«S»\"\n}", "app.terraform.io")
F(G, "dotenv-production-yoco", "yoco_live",
  "# .env.production — POS sync Kaapstad\nYOCO_PUBLIC_KEY=pk_live_«hex16»\nYOCO_SECRET_KEY=«S»\nYOCO_WEBHOOK_PATH=/hooks/yoco",
  "YOCO_WEBHOOK_PATH=/hooks/yoco")
F(G, "dotenv-flutterwave-secret-hash", "flw_hash",
  "FLW_PUBLIC_KEY=FLWPUBK-«hex32»-X\nFLW_SECRET_HASH=«S»\nFLW_REDIRECT_URL=https://«apihost»/pagamentos/retorno",
  "FLW_REDIRECT_URL")
F(G, "ovh-conf-application-secret", "ovh_as",
  "[default]\nendpoint=ovh-eu\n\n[ovh-eu]\napplication_key=«an8»«an8b»\napplication_secret=«S»\nconsumer_key=${OVH_CONSUMER_KEY}",
  "endpoint=ovh-eu")

# ===========================================================================
# group: source-code  (code the agent read or wrote)
# ===========================================================================
G = "source-code"
F(G, "python-psycopg2-connect-kwargs", "pw",
  "conn = psycopg2.connect(\n    host=\"«dbhost»\",\n    dbname=\"«db»\",\n    user=\"«user»\",\n    password=\"«S»\",\n)",
  "psycopg2.connect(")
F(G, "python-requests-headers-constant", "paystack_live",
  "PAYSTACK_URL = \"https://api.paystack.co\"\nHEADERS = {\n    \"Authorization\": \"Bearer «S»\",\n    \"Content-Type\": \"application/json\",\n}",
  "PAYSTACK_URL")
F(G, "python-mercadopago-sdk-init", "mp_access",
  "import mercadopago\n\nsdk = mercadopago.SDK(\"«S»\")\npreference = sdk.preference().create(preference_data)[\"response\"]",
  "sdk.preference().create")
F(G, "python-getenv-default-leak", "daraja_passkey",
  "MPESA_SHORTCODE = os.getenv(\"MPESA_SHORTCODE\", \"«shortcode»\")\nMPESA_PASSKEY = os.getenv(\"MPESA_PASSKEY\", \"«S»\")",
  "os.getenv(\"MPESA_PASSKEY\"")
F(G, "python-django-settings-secret-key", "django_sk",
  "# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = '«S»'\n\nDEBUG = False",
  "SECURITY WARNING")
F(G, "python-boto3-client-keys", "aws_sk",
  "s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"«akid»\",\n    aws_secret_access_key=\"«S»\",\n    region_name=\"«region»\",\n)",
  "region_name=\"«region»\"")
F(G, "python-zeep-positional-password", "pw",
  "client = zeep.Client(\"https://demo-facturacion.finkok.com/servicios/soap/stamp.wsdl\")\nresp = client.service.stamp(xml_b64, \"«email»\", \"«S»\")",
  "client.service.stamp(xml_b64")
F(G, "python-smtplib-login", "gapp",
  "with smtplib.SMTP(\"smtp.gmail.com\", 587) as server:\n    server.starttls()\n    server.login(\"«email»\", \"«S»\")\n    server.send_message(msg)",
  "server.starttls()")
F(G, "python-twilio-client-positional", "twilio_auth",
  "from twilio.rest import Client\n\nclient = Client(\"AC«hex32»\", \"«S»\")\nclient.messages.create(to=\"+«msisdn»\", from_=\"+«msisdn2»\", body=\"Seu código: «d6»\")",
  "from twilio.rest import Client")
F(G, "python-django-databases-dict", "pw",
  "DATABASES = {\n    \"default\": {\n        \"ENGINE\": \"django.db.backends.postgresql\",\n        \"NAME\": \"«db»\",\n        \"USER\": \"«user»\",\n        \"PASSWORD\": \"«S»\",\n        \"HOST\": \"«dbhost»\",\n    }\n}",
  "django.db.backends.postgresql")
F(G, "js-axios-create-bearer", "paystack_test",
  "const paystack = axios.create({\n  baseURL: 'https://api.paystack.co',\n  headers: { Authorization: 'Bearer «S»' },\n});",
  "baseURL: 'https://api.paystack.co'")
F(G, "js-const-with-todo-comment", "flw_live",
  "const FLW_SECRET = \"«S»\"; // TODO: mover para o .env antes do merge\nconst flw = new Flutterwave(FLW_PUBLIC, FLW_SECRET);",
  "new Flutterwave(FLW_PUBLIC, FLW_SECRET)")
F(G, "js-mongoose-connect-uri", "pwu",
  "mongoose.connect('mongodb://«user»:«S»@«dbhost»:27017/«db»?authSource=admin', {\n  serverSelectionTimeoutMS: 5000,\n});",
  "serverSelectionTimeoutMS")
F(G, "ts-config-object-consumer-secret", "daraja_cs",
  "export const config = {\n  daraja: {\n    consumerKey: process.env.DARAJA_CONSUMER_KEY!,\n    consumerSecret: '«S»',\n    shortcode: '«shortcode»',\n  },\n};",
  "process.env.DARAJA_CONSUMER_KEY")
F(G, "js-nodemailer-transport-auth", "pw",
  "const transporter = nodemailer.createTransport({\n  host: 'smtp.«co».example',\n  port: 465,\n  secure: true,\n  auth: { user: '«email»', pass: '«S»' },\n});",
  "smtp.«co».example")
F(G, "js-buffer-basic-template-literal", "daraja_cs",
  "const auth = Buffer.from(`${process.env.MPESA_CONSUMER_KEY}:«S»`).toString('base64');\nconst { data } = await axios.get(OAUTH_URL, { headers: { Authorization: `Basic ${auth}` } });",
  "toString('base64')")
F(G, "php-pdo-positional-args", "pw",
  "$pdo = new PDO('mysql:host=«dbhost»;dbname=«db»;charset=utf8mb4', '«user»', '«S»', [\n    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,\n]);",
  "PDO::ERRMODE_EXCEPTION")
F(G, "php-curl-httpheader-bearer", "yoco_live",
  "curl_setopt($ch, CURLOPT_URL, 'https://payments.yoco.com/api/checkouts');\ncurl_setopt($ch, CURLOPT_HTTPHEADER, [\n    'Authorization: Bearer «S»',\n    'Content-Type: application/json',\n]);",
  "payments.yoco.com")
F(G, "php-conekta-set-api-key", "conekta",
  "require_once 'vendor/autoload.php';\n\\Conekta\\Conekta::setApiKey(\"«S»\");\n\\Conekta\\Conekta::setApiVersion(\"2.0.0\");",
  "setApiVersion")
F(G, "php-laravel-config-env-default", "paystack_live",
  "'paystack' => [\n    'public' => env('PAYSTACK_PUBLIC_KEY'),\n    'secret' => env('PAYSTACK_SECRET_KEY', '«S»'),\n],",
  "env('PAYSTACK_PUBLIC_KEY')")
F(G, "java-drivermanager-getconnection", "pw",
  "Connection conn = DriverManager.getConnection(\n    \"jdbc:mysql://«dbhost»:3306/«db»?useSSL=true\", \"«user»\", \"«S»\");",
  "DriverManager.getConnection(")
F(G, "java-keystore-load-tochararray", "pw",
  "KeyStore ks = KeyStore.getInstance(\"PKCS12\");\nks.load(new FileInputStream(\"/opt/certs/«cnpjd».pfx\"), \"«S»\".toCharArray());",
  "KeyStore.getInstance(\"PKCS12\")")
F(G, "kotlin-private-const-val", "wa_token",
  "object WhatsAppConfig {\n    private const val WHATSAPP_TOKEN = \"«S»\"\n    const val PHONE_NUMBER_ID = \"«waphone»\"\n}",
  "object WhatsAppConfig")
F(G, "csharp-connection-string-literal", "pwu",
  "var cs = \"Server=«host»;Database=«db»;User Id=«user»;Password=«S»;Encrypt=True;\";\nusing var conn = new SqlConnection(cs);",
  "new SqlConnection(cs)")
F(G, "csharp-x509-pfx-password", "pw",
  "var cert = new X509Certificate2(@\"C:\\certs\\«cnpjd».pfx\", \"«S»\",\n    X509KeyStorageFlags.MachineKeySet | X509KeyStorageFlags.Exportable);",
  "X509KeyStorageFlags.MachineKeySet")
F(G, "go-sql-open-dsn-keyvalue", "pws",
  "db, err := sql.Open(\"postgres\", \"host=«dbhost» user=«user» password=«S» dbname=«db» sslmode=disable\")\nif err != nil {\n\tlog.Fatal(err)\n}",
  "sql.Open(\"postgres\"")
F(G, "go-const-api-key", "flw_test",
  "package flutterwave\n\nconst (\n\tbaseURL   = \"https://api.flutterwave.com/v3\"\n\tsecretKey = \"«S»\"\n)",
  "package flutterwave")
F(G, "ruby-net-http-basic-auth", "pw",
  "req = Net::HTTP::Get.new(URI(\"https://«apihost»/api/v1/boletos\"))\nreq.basic_auth \"«login»\", \"«S»\"\nres = http.request(req)",
  "Net::HTTP::Get.new")
F(G, "ruby-stripe-api-key-assign", "stripe_live",
  "# config/initializers/stripe.rb\nStripe.api_key = \"«S»\"\nStripe.api_version = \"2024-06-20\"",
  "config/initializers/stripe.rb")
F(G, "rust-reqwest-bearer-auth", "resend",
  "let resp = client\n    .post(\"https://api.resend.com/emails\")\n    .bearer_auth(\"«S»\")\n    .json(&email)\n    .send()\n    .await?;",
  "api.resend.com")
F(G, "shell-script-variable-then-curl", "pw",
  "#!/usr/bin/env bash\nset -euo pipefail\nSII_CERT=/etc/dte/cert.p12\nSII_PASS=\"«S»\"\ncurl --cert-type P12 --cert \"$SII_CERT:$SII_PASS\" https://maullin.sii.example/DTEWS/CrSeed.jws",
  "SII_CERT=/etc/dte/cert.p12")
F(G, "sql-migration-insert-api-key", "conekta",
  "-- 20240311_seed_integraciones.sql\nINSERT INTO integraciones (proveedor, ambiente, api_key, activo)\nVALUES ('conekta', 'produccion', '«S»', true);",
  "20240311_seed_integraciones.sql")
F(G, "sql-create-user-with-password", "pw",
  "-- V12__crear_usuario_reportes.sql\nCREATE USER «user» WITH PASSWORD '«S»';\nGRANT SELECT ON ALL TABLES IN SCHEMA public TO «user»;",
  "GRANT SELECT ON ALL TABLES IN SCHEMA public")
F(G, "sql-dblink-connection-string", "pws",
  "SELECT *\nFROM dblink('host=«dbhost» dbname=«db» user=«user» password=«S»',\n            'SELECT id, valor FROM pagos WHERE criado_em > now() - interval ''1 day''')\n  AS t(id int, valor numeric);",
  "FROM dblink(")
F(G, "dockerfile-env-cert-password", "pws",
  "FROM eclipse-temurin:17-jre\nCOPY certs/a1.pfx /opt/certs/a1.pfx\nENV NFE_CERT_PATH=/opt/certs/a1.pfx \\\n    NFE_CERT_PASSWORD=«S»\nCOPY target/emissor.jar /app.jar",
  "FROM eclipse-temurin:17-jre")
F(G, "dockerfile-arg-default-npm-token", "npm",
  "FROM node:20-alpine AS deps\nARG NPM_TOKEN=«S»\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci",
  "FROM node:20-alpine AS deps")
F(G, "jupyter-cell-openai-key", "openai",
  "# In [3]:\nimport openai\nclient = openai.OpenAI(api_key=\"«S»\")\n# clasificar descripciones de gastos para el SAT",
  "# In [3]:")
F(G, "pytest-fixture-passkey", "daraja_passkey",
  "@pytest.fixture\ndef stk_client():\n    return StkPushClient(shortcode=\"«shortcode»\", passkey=\"«S»\", env=\"sandbox\")",
  "@pytest.fixture")
F(G, "python-jwt-encode-literal-secret", "pwlong",
  "token = jwt.encode({\"sub\": str(user.id), \"exp\": exp}, \"«S»\", algorithm=\"HS256\")",
  "algorithm=\"HS256\"")
F(G, "node-jwt-sign-literal-secret", "phrase",
  "const token = jwt.sign({ sub: user.id, role: user.role }, '«S»', { expiresIn: '8h' });",
  "expiresIn: '8h'")
F(G, "python-hmac-webhook-key-bytes", "paystack_live",
  "def verify_paystack(body: bytes, signature: str) -> bool:\n    expected = hmac.new(b\"«S»\", body, hashlib.sha512).hexdigest()\n    return hmac.compare_digest(expected, signature)",
  "def verify_paystack")
F(G, "go-hmac-new-app-secret", "wa_secret",
  "// valida X-Hub-Signature-256 do WhatsApp\nmac := hmac.New(sha256.New, []byte(\"«S»\"))\nmac.Write(body)",
  "X-Hub-Signature-256")
F(G, "gradle-build-config-field", "yoco_test",
  "defaultConfig {\n    applicationId \"za.co.«co».pos\"\n    buildConfigField(\"String\", \"YOCO_SECRET\", \"\\\"«S»\\\"\")\n}",
  "applicationId \"za.co.«co».pos\"")
F(G, "dart-const-string-secret", "paystack_test",
  "// lib/config.dart\nconst String paystackPublicKey = 'pk_test_«hex40»';\nconst String paystackSecretKey = '«S»';",
  "lib/config.dart")
F(G, "python-commented-out-password", "pw",
  "def conectar_sftp():\n    # password = \"«S»\"  # a antiga, acho que ainda funciona\n    password = os.environ[\"SFTP_PASSWORD\"]\n    return paramiko.Transport((HOST, 22))",
  "def conectar_sftp():")
F(G, "js-commented-out-bot-token", "telegram",
  "// const BOT_TOKEN = '«S»'; // usar o do cofre!\nconst BOT_TOKEN = process.env.TELEGRAM_BOT_TOKEN;",
  "process.env.TELEGRAM_BOT_TOKEN")
F(G, "php-array-config-passkey", "daraja_passkey",
  "return [\n    'mpesa' => [\n        'consumer_key' => env('MPESA_KEY'),\n        'shortcode'    => '«shortcode»',\n        'passkey'      => '«S»',\n    ],\n];",
  "env('MPESA_KEY')")
F(G, "python-dataclass-default-password", "pw",
  "@dataclass\nclass SftpConfig:\n    host: str = \"«host»\"\n    user: str = \"«user»\"\n    password: str = \"«S»\"",
  "class SftpConfig:")
F(G, "erb-yaml-env-fetch-default", "pw",
  "production:\n  password: <%= ENV.fetch(\"DB_PASSWORD\", \"«S»\") %>", "ENV.fetch(\"DB_PASSWORD\"")
F(G, "elixir-repo-config", "pw",
  "config :cobranca, Cobranca.Repo,\n  username: \"«user»\",\n  password: \"«S»\",\n  hostname: \"«dbhost»\",\n  database: \"«db»\",\n  pool_size: 10",
  "config :cobranca, Cobranca.Repo")
F(G, "python-fstring-url-apikey-param", "an40",
  "url = f\"https://api.«co».internal/v2/nfe?apikey=«S»&cnpj={cnpj}&pagina={pagina}\"", "&cnpj={cnpj}")
F(G, "java-spring-value-default", "pw",
  "@Value(\"${sii.cert.password:«S»}\")\nprivate String certPassword;", "private String certPassword;")
F(G, "js-fetch-d360-api-key-header", "d360",
  "await fetch('https://waba-v2.360dialog.io/messages', {\n  method: 'POST',\n  headers: { 'D360-API-KEY': '«S»', 'Content-Type': 'application/json' },\n  body: JSON.stringify(msg),\n});",
  "waba-v2.360dialog.io")
F(G, "python-redis-from-url-password", "pwu",
  "cache = redis.from_url(\"rediss://:«S»@«host»:6380/0\", decode_responses=True)",
  "decode_responses=True")
F(G, "csharp-options-client-secret", "az_cs",
  "builder.Services.AddAuthentication().AddMicrosoftIdentityWebApi(options => {\n    options.ClientId = \"«uuid»\";\n    options.ClientSecret = \"«S»\";\n});",
  "AddMicrosoftIdentityWebApi")
F(G, "go-struct-literal-apikey", "flw_live",
  "cfg := payments.Config{\n\tAPIKey:  \"«S»\",\n\tBaseURL: \"https://api.flutterwave.com/v3\",\n\tTimeout: 30 * time.Second,\n}",
  "payments.Config{")
F(G, "php-soapclient-login-password", "pw",
  "$client = new SoapClient($wsdl, [\n    'login'    => '«rfc»',\n    'password' => '«S»',\n    'trace'    => 1,\n]);",
  "new SoapClient($wsdl")
F(G, "python-ftplib-login-positional", "pw",
  "ftp = ftplib.FTP_TLS(\"«host»\")\nftp.login(\"«user»\", \"«S»\")\nftp.prot_p()",
  "ftp.prot_p()")
F(G, "js-env-or-fallback-literal", "pw",
  "const smtpPass = process.env.SMTP_PASS || '«S»';", "process.env.SMTP_PASS")
F(G, "ts-test-setup-env-assign", "mp_test",
  "beforeAll(() => {\n  process.env.MP_ACCESS_TOKEN = '«S»'; // sandbox\n  process.env.MP_WEBHOOK_SECRET = 'test';\n});",
  "beforeAll(() => {")
F(G, "c-define-wifi-password", "pw",
  "#define WIFI_SSID     \"«ssid»\"\n#define WIFI_PASSWORD \"«S»\"\n#define API_HOST      \"«apihost»\"",
  "#define WIFI_SSID")
F(G, "c-define-mqtt-password", "pwu",
  "// firmware balança loja «num»\n#define MQTT_HOST \"mqtt.«co».internal\"\n#define MQTT_USER \"balanca_«num»\"\n#define MQTT_PASS \"«S»\"",
  "#define MQTT_HOST")
F(G, "python-raw-ec-key-triple-quoted", "pem_ec",
  "SIGNING_KEY = \"\"\"-----BEGIN EC PRIVATE KEY-----\n«S»\n-----END EC PRIVATE KEY-----\"\"\"\n",
  "SIGNING_KEY")


# ===========================================================================
# group: stack-trace-or-log
# ===========================================================================
G = "stack-trace-or-log"
F(G, "python-traceback-connect-dsn-line", "pwu",
  "Traceback (most recent call last):\n  File \"/app/cobranca/db.py\", line 42, in conectar\n    conn = psycopg2.connect(\"postgresql://«user»:«S»@«dbhost»/«db»\")\npsycopg2.OperationalError: connection to server at \"«dbhost»\" («ip»), port 5432 failed: timeout expired",
  "psycopg2.OperationalError")
F(G, "sqlalchemy-engine-repr-url", "pwu",
  "«ts» ERROR [cfdi.worker] cannot reach database Engine(mysql+pymysql://«user»:«S»@«dbhost»:3306/«db»): (2003, \"Can't connect to MySQL server\")",
  "Can't connect to MySQL server")
F(G, "hikari-jdbc-url-with-password-param", "pwu",
  "«ts»  WARN 1 --- [main] com.zaxxer.hikari.HikariConfig : HikariPool-1 - jdbcUrl=jdbc:postgresql://«dbhost»:5432/«db»?user=«user»&password=«S»&ssl=true\norg.postgresql.util.PSQLException: FATAL: password authentication failed for user \"«user»\"",
  "HikariPool-1")
F(G, "nginx-access-log-webhook-token-query", "an40",
  "«pubip» - - [«clf»] \"POST /webhooks/pix?token=«S» HTTP/1.1\" 200 17 \"-\" \"Go-http-client/2.0\"",
  "/webhooks/pix")
F(G, "apache-access-log-sms-http-api", "pwa",
  "«ip» - - [«clf»] \"GET /sms/send?username=«co»&password=«S»&to=«msisdn»&text=Seu+pedido+saiu HTTP/1.1\" 200 64",
  "/sms/send")
F(G, "json-log-outgoing-request-headers", "paystack_live",
  "{\"level\":\"debug\",\"ts\":\"«ts»\",\"msg\":\"outgoing request\",\"method\":\"POST\",\"url\":\"https://api.paystack.co/transfer\",\"headers\":{\"Authorization\":\"Bearer «S»\",\"Content-Type\":\"application/json\"}}",
  "https://api.paystack.co/transfer")
F(G, "logfmt-line-client-secret", "efi_cs",
  "ts=«ts» level=info svc=«svc» msg=\"pix cob criada\" txid=«an26» client_secret=«S» latency_ms=«num»3",
  "msg=\"pix cob criada\"")
F(G, "axios-error-config-dump", "flw_live",
  "AxiosError: Request failed with status code 401\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://api.flutterwave.com/v3/transfers',\n    method: 'post',\n    headers: AxiosHeaders {\n      Accept: 'application/json, text/plain, */*',\n      Authorization: 'Bearer «S»',\n      'Content-Type': 'application/json'\n    },",
  "Request failed with status code 401")
F(G, "go-log-fatalf-dsn", "pwu",
  "«date» 03:12:44 cannot connect to postgres://«user»:«S»@«ip»:5432/«db»?sslmode=disable: dial tcp «ip»:5432: connect: connection refused\nexit status 1",
  "connection refused")
F(G, "php-fatal-pdo-stack-args", "pw",
  "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user '«user»'@'«ip»' (using password: YES) in /var/www/html/conexao.php:7\nStack trace:\n#0 /var/www/html/conexao.php(7): PDO->__construct('mysql:host=loc...', '«user»', '«S»')\n#1 /var/www/html/index.php(3): require_once('/var/www/html/c...')",
  "Uncaught PDOException")
F(G, "laravel-log-context-api-key", "conekta",
  "[«date» 10:22:01] production.ERROR: Conekta: cargo rechazado {\"order\":\"ord_«an20»\",\"api_key\":\"«S»\",\"exception\":\"[object] (Conekta\\\\ProcessingError(code: 0)\"}",
  "Conekta: cargo rechazado")
F(G, "rails-log-unfiltered-params", "pw",
  "Started POST \"/usuarios/entrar\" for «ip» at «date» 11:02:33 -0300\nProcessing by Usuarios::SessionsController#create as HTML\n  Parameters: {\"authenticity_token\"=>\"[FILTERED]\", \"usuario\"=>{\"email\"=>\"«email»\", \"senha\"=>\"«S»\"}, \"commit\"=>\"Entrar\"}",
  "Usuarios::SessionsController#create")
F(G, "django-debug-local-vars", "pw",
  "Local vars\nVariable    Value\nhost        '«host»'\npassword    '«S»'\nport        22\nusername    '«user»'\n\nparamiko.ssh_exception.AuthenticationException: Authentication failed.",
  "Authentication failed.")
F(G, "httpclient-wire-log-basic", "basic_user",
  "«ts» DEBUG [main] org.apache.http.headers - http-outgoing-3 >> POST /nfse/ws/RecepcionarLoteRps HTTP/1.1\n«ts» DEBUG [main] org.apache.http.headers - http-outgoing-3 >> Authorization: Basic «S»",
  "RecepcionarLoteRps")
F(G, "kafka-connect-config-dump", "pwu",
  "[«ts»] INFO JdbcSinkConfig values:\n\tauto.create = false\n\tconnection.password = «S»\n\tconnection.url = jdbc:postgresql://«dbhost»:5432/«db»\n\tconnection.user = «user»",
  "JdbcSinkConfig values")
F(G, "daraja-stk-push-payload-debug", "stk_password",
  "DEBUG daraja.stk push payload={\"BusinessShortCode\":«shortcode»,\"Password\":\"«S»\",\"Timestamp\":\"«dts»\",\"TransactionType\":\"CustomerPayBillOnline\",\"Amount\":«num»,\"PartyA\":«msisdn»}",
  "CustomerPayBillOnline")
F(G, "whatsapp-webhook-verify-access-log", "wa_verify",
  "«pubip» - - [«clf»] \"GET /webhook/whatsapp?hub.mode=subscribe&hub.verify_token=«S»&hub.challenge=«d10» HTTP/1.1\" 200 10",
  "hub.mode=subscribe")
F(G, "celery-task-received-kwargs", "termii",
  "[«ts»: INFO/MainProcess] Task sms.tasks.enviar_otp[«uuid»] received\n[«ts»: DEBUG/ForkPoolWorker-2] args=('+«msisdn»',) kwargs={'api_key': '«S»', 'channel': 'dnd'}",
  "sms.tasks.enviar_otp")
F(G, "sentry-breadcrumb-form-body", "pwu",
  "\"breadcrumbs\": [{\"category\": \"httplib\", \"data\": {\"method\": \"POST\", \"url\": \"https://«apihost»/login\", \"body\": \"username=«login»&password=«S»\"}, \"level\": \"info\"}]",
  "\"category\": \"httplib\"")
F(G, "k8s-event-container-args-leak", "pws",
  "Warning  Failed     12s   kubelet  Error: failed to start container \"«svc»\": exec: \"--db-password=«S»\": executable file not found in $PATH",
  "executable file not found")
F(G, "sudo-auth-log-command-line", "pwa",
  "«date» 02:11:09 «host» sudo: «login» : TTY=pts/0 ; PWD=/home/«login» ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p«S» -e SHOW DATABASES",
  "TTY=pts/0")
F(G, "sshd-password-typed-as-username", "pw",
  "sshd[«pid»]: Invalid user «S» from «ip» port 52144\nsshd[«pid»]: Failed password for invalid user «S» from «ip» port 52144 ssh2\nsshd[«pid»]: Accepted password for «login» from «ip» port 52150 ssh2\n# («person»: colei a senha no campo de usuário, por isso o 'invalid user' aí em cima 🤦)",
  "Accepted password for «login»")
F(G, "okhttp-logcat-bearer", "jwt_firebase",
  "«date» 14:03:22.118  «pid»  «pid2» D OkHttp  : --> GET https://«apihost»/v1/pedidos\n«date» 14:03:22.118  «pid»  «pid2» D OkHttp  : Authorization: Bearer «S»\n«date» 14:03:22.119  «pid»  «pid2» D OkHttp  : --> END GET",
  "D OkHttp")
F(G, "react-native-metro-log-token", "jwt_supabase",
  " LOG  [supabase] init with key «S»\n WARN  Possible unhandled promise rejection (id: 0)", "Possible unhandled promise rejection")
F(G, "terraform-debug-security-token-header", "aws_session",
  "«ts» [DEBUG] provider.terraform-provider-aws_v5.40.0_x5: HTTP Request Sent: http.request.header.x_amz_security_token=«S» http.method=POST http.url=https://sts.«region».amazonaws.com/",
  "provider.terraform-provider-aws")
F(G, "buildkit-log-npm-authtoken-run", "gh_pat",
  "#7 [builder 3/8] RUN npm config set //npm.pkg.github.com/:_authToken=«S» && npm ci\n#7 12.41 added 812 packages in 11s",
  "[builder 3/8]")
F(G, "pm2-log-dotenv-echo", "pwu",
  "0|api      | [dotenv] loaded 14 vars\n0|api      | DB_URL=mysql://«user»:«S»@«dbhost»:3306/«db»\n0|api      | Server listening on :3000",
  "Server listening on :3000")
F(G, "actuator-env-custom-property", "pw",
  "\"nfe.certificado.senha\": {\n  \"value\": \"«S»\",\n  \"origin\": \"class path resource [application-prod.properties] - 7:24\"\n},",
  "application-prod.properties")
F(G, "hibernate-binding-parameter-log", "pw",
  "Hibernate: insert into usuarios (email, senha, criado_em) values (?, ?, ?)\nTRACE o.h.type.descriptor.sql.BasicBinder - binding parameter [1] as [VARCHAR] - [«email»]\nTRACE o.h.type.descriptor.sql.BasicBinder - binding parameter [2] as [VARCHAR] - [«S»]",
  "BasicBinder")
F(G, "mysql-general-log-set-password", "pw",
  "«ts»\t   12 Query\tSET PASSWORD FOR '«user»'@'%' = '«S»'", "SET PASSWORD FOR '«user»'")
F(G, "postgres-log-statement-alter-user", "pw",
  "«date» 09:14:02.311 UTC [«pid»] postgres@«db» LOG:  statement: ALTER USER «user» PASSWORD '«S»';",
  "LOG:  statement")
F(G, "redis-monitor-auth-command", "pw",
  "1712345678.123456 [0 «ip»:51234] \"AUTH\" \"«S»\"\n1712345678.124001 [0 «ip»:51234] \"SELECT\" \"2\"",
  "\"SELECT\" \"2\"")
F(G, "mongodb-json-log-connection-uri", "pwu",
  "{\"t\":{\"$date\":\"«ts»\"},\"s\":\"I\",\"c\":\"NETWORK\",\"id\":4333208,\"ctx\":\"ReplicaSetMonitor\",\"msg\":\"Connecting\",\"attr\":{\"uri\":\"mongodb://«user»:«S»@mongo-0.«co».internal:27017/«db»\"}}",
  "ReplicaSetMonitor")
F(G, "urllib3-debug-url-key-param", "google_key",
  "DEBUG:urllib3.connectionpool:https://maps.googleapis.com:443 \"GET /maps/api/geocode/json?address=Carrera+7+%2345-10+Bogot%C3%A1&key=«S» HTTP/1.1\" 200 1421",
  "urllib3.connectionpool")
F(G, "smtplib-debug-auth-plain", "smtp_plain",
  "send: 'ehlo [«ip»]\\r\\n'\nreply: b'250-AUTH PLAIN LOGIN\\r\\n'\nsend: 'AUTH PLAIN «S»\\r\\n'\nreply: b'235 2.7.0 Accepted\\r\\n'",
  "235 2.7.0 Accepted")
F(G, "ftplib-debug-pass-command", "pw",
  "*cmd* 'USER «user»'\n*resp* '331 Please specify the password.'\n*cmd* 'PASS «S»'\n*resp* '230 Login successful.'",
  "230 Login successful.")
F(G, "node-error-config-url-credentials", "pwu",
  "Error: getaddrinfo ENOTFOUND «host»\n    at GetAddrInfoReqWrap.onlookupall [as oncomplete] (node:dns:118:26) {\n  errno: -3008,\n  code: 'ENOTFOUND',\n  config: { url: 'https://«user»:«S»@«host»/api/v1/lotes' }\n}",
  "ENOTFOUND")
F(G, "dotnet-sqlexception-connection-string", "pwu",
  "System.Data.SqlClient.SqlException (0x80131904): Login failed for user '«user»'.\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)\nConnectionString: Data Source=«host»;Initial Catalog=«db»;User ID=«user»;Password=«S»",
  "SqlInternalConnectionTds")
F(G, "traefik-json-access-log-auth-header", "vault",
  "{\"ClientHost\":\"«ip»\",\"RequestMethod\":\"GET\",\"RequestPath\":\"/v1/secret/data/«svc»\",\"DownstreamStatus\":200,\"request_X-Vault-Token\":\"«S»\",\"time\":\"«ts»\"}",
  "/v1/secret/data/«svc»")
F(G, "yoco-webhook-register-log", "whsec",
  "«ts» INFO  yoco.webhooks registered id=sub_«an20» url=https://«apihost»/hooks/yoco secret=«S»",
  "yoco.webhooks registered")
F(G, "cron-mail-xtrace-mysqldump", "pwa",
  "Subject: Cron <root@«host»> /usr/local/bin/backup.sh\n\n+ DATA=«date»\n+ mysqldump -uroot -p«S» --all-databases\n+ gzip -9",
  "/usr/local/bin/backup.sh")
F(G, "bash-xtrace-curl-bearer", "flw_test",
  "+ curl -s -H 'Authorization: Bearer «S»' https://api.flutterwave.com/v3/balances/NGN\n{\"status\":\"success\",\"message\":\"Wallet balance fetched\"}",
  "Wallet balance fetched")
F(G, "git-push-fatal-url-with-token", "gh_fine",
  "remote: Permission to «repo».git denied to «login».\nfatal: unable to access 'https://«login»:«S»@github.com/«repo».git/': The requested URL returned error: 403",
  "The requested URL returned error: 403")
F(G, "pip-looking-in-indexes-credentials", "pwu",
  "Looking in indexes: https://pypi.org/simple, https://«user»:«S»@nexus.«co».internal/repository/pypi/simple\nERROR: Could not find a version that satisfies the requirement «co»-fiscal==«ver»",
  "Could not find a version")
F(G, "npm-err-registry-url-credentials", "pwu",
  "npm ERR! code E401\nnpm ERR! 401 Unauthorized - GET https://«user»:«S»@registry.«co».internal/@«co»%2fnfe-utils",
  "npm ERR! code E401")
F(G, "ansible-fatal-cmd-json", "pwa",
  "fatal: [«host»]: FAILED! => {\"changed\": true, \"cmd\": \"mysql -u root -p«S» -e 'FLUSH PRIVILEGES'\", \"rc\": 1, \"stderr\": \"ERROR 2002 (HY000)\"}",
  "FAILED!")
F(G, "kafka-sasl-jaas-config-log", "pwu",
  "\tsasl.jaas.config = org.apache.kafka.common.security.plain.PlainLoginModule required username=\"«user»\" password=\"«S»\";\n\tsasl.mechanism = PLAIN",
  "sasl.mechanism = PLAIN")
F(G, "kombu-operational-error-amqp-url", "pwu",
  "kombu.exceptions.OperationalError: [Errno 111] Connection refused\n  while connecting to amqp://«user»:«S»@«host»:5672//",
  "kombu.exceptions.OperationalError")
F(G, "fastlane-log-unlock-keychain", "pws",
  "[16:02:11]: $ security unlock-keychain -p «S» ~/Library/Keychains/ci.keychain-db\n[16:02:12]: ▸ Keychain unlocked",
  "Keychain unlocked")
F(G, "cypress-command-log-type", "pw",
  "  ✓ login com senha válida (2311ms)\n    GET #email\n    TYPE «email»\n    GET #senha\n    TYPE «S»\n    CLICK button[type=submit]",
  "login com senha válida")
F(G, "selenium-sendkeys-log", "pw",
  "[«ts»] [INFO] sendKeys on <input id=\"password\" name=\"password\">: «S»\n[«ts»] [INFO] click on <button id=\"entrar\">",
  "button id=\"entrar\"")
F(G, "mpesa-b2c-request-log-credential", "daraja_seccred",
  "INFO b2c request: InitiatorName=«user» CommandID=BusinessPayment Amount=«num»00 PartyA=«shortcode»\nDEBUG SecurityCredential=«S»",
  "CommandID=BusinessPayment")
F(G, "nfe-sefaz-cert-load-log", "pw",
  "[«ts»] [NFe] Carregando certificado A1 /opt/certs/«cnpjd».pfx com senha '«S»'\n[«ts»] [NFe] Status SEFAZ SP: 107 - Serviço em Operação",
  "Serviço em Operação")
F(G, "cfdi-timbrado-debug-token", "jwt_sw",
  "[timbrado] «ts» PAC=SW ambiente=pruebas usuario=«email» token=«S»\n[timbrado] «ts» CFDI timbrado UUID=«uuid»",
  "PAC=SW")
F(G, "sii-dte-gettoken-log", "sii_token",
  "[DTE] «ts» getSeed OK semilla=0«d10»\n[DTE] «ts» getToken OK TOKEN=«S»\n[DTE] «ts» EnvioDTE trackid=«d10b»",
  "getSeed OK")
F(G, "whatsapp-cloud-error-with-request-token", "wa_token",
  "ERROR wa-notifier send failed: {\"error\":{\"message\":\"Error validating access token: Session has expired\",\"type\":\"OAuthException\",\"code\":190,\"fbtrace_id\":\"A«an20»\"}}\n  request: POST /v19.0/«waphone»/messages access_token=«S»",
  "OAuthException")
F(G, "africastalking-sdk-debug-headers", "at_key",
  "DEBUG africastalking: POST https://api.africastalking.com/version1/messaging headers={'apiKey': '«S»', 'Accept': 'application/json'} data={'username': '«co»', 'to': '+«msisdn»'}",
  "DEBUG africastalking")
F(G, "cloudflare-worker-tail-log", "cf_token",
  "  (log) upstream fetch https://api.cloudflare.com/client/v4/zones/«hex32»/purge_cache with token «S»\n  (log) purge ok",
  "purge ok")
F(G, "auth-middleware-warn-token-expired", "jwt",
  "«ts» WARN auth.middleware token expired for user=«login» token=«S» path=/v1/boletos",
  "auth.middleware")
F(G, "vite-build-warning-exposed-env", "jwt_supabase",
  "(!) VITE_SUPABASE_SERVICE_ROLE_KEY is exposed to the client bundle (dist/assets/index-«hex8».js):\n    \"«S»\"",
  "dist/assets/index-«hex8».js")
F(G, "stacktrace-url-userinfo-sftp", "pwu",
  "com.jcraft.jsch.JSchException: Auth fail\n\tat com.jcraft.jsch.Session.connect(Session.java:519)\n\tat br.com.«co».remessa.SftpUploader.enviar(SftpUploader.java:88)\nCaused by: uploading to sftp://«user»:«S»@«host»:22/remessa/CNAB240",
  "com.jcraft.jsch.JSchException")
F(G, "gunicorn-debug-request-cookie-header", "connect_sid",
  "[«ts»] [DEBUG] GET /painel\n[«ts»] [DEBUG] Headers: host=«apihost», cookie=connect.sid=«S», user-agent=Mozilla/5.0",
  "[DEBUG] GET /painel")

# ===========================================================================
# group: note-or-chat  (notes, chats, mails, comments, commit messages)
# ===========================================================================
G = "note-or-chat"
F(G, "slack-es-handover-db-password", "pw",
  "[«time»] «person»: oye, te paso la contraseña de la BD de staging: «S» — bórrala del chat cuando la copies 🙏\n[«time»] «person2»: listo, ya la guardé",
  "[«time»] «person»")
F(G, "slack-es-user-slash-pass", "pw",
  "«person»: user «user» / pass «S» (es el de homologación, no prod eh)", "user «user»")
F(G, "whatsapp-pt-senha-certificado", "pw",
  "[«ddmm» «time»] «person»: Segue a senha do certificado A1: «S»\n[«ddmm» «time»] «person2»: valeu! já instalei no servidor de NF-e",
  "servidor de NF-e")
F(G, "teams-pt-credenciais-efi-bullets", "efi_cs",
  "Credenciais do sandbox Efí (PIX):\n- client_id: Client_Id_«hex40»\n- client_secret: «S»\n- certificado: homologacao-«d6».p12 (no drive)",
  "Credenciais do sandbox Efí (PIX)")
F(G, "pt-pt-nota-palavra-passe", "pw",
  "Nota («city»): a palavra-passe do router do escritório é «S» — mudar depois da auditoria de sexta.",
  "router do escritório")
F(G, "fr-chat-mdp-admin", "pw",
  "«person» : le mdp du compte admin de l'API SMS c'est «S», je le mets dans Bitwarden ce soir promis",
  "je le mets dans Bitwarden")
F(G, "fr-identifiants-ftp-bloc", "pw",
  "Identifiants FTP (fournisseur) :\nhôte : «host»\nidentifiant : «user»\nmot de passe : «S»\n(port 21, passif)",
  "hôte : «host»")
F(G, "sw-nenosiri-seva", "pw",
  "«person»: Habari timu! Nenosiri la seva ya «env» ni «S». Tafadhali msishiriki nje ya timu.",
  "Habari timu!")
F(G, "sw-ufunguo-api-daraja", "daraja_cs",
  "«person»: Ufunguo wa siri wa Daraja (consumer secret) ni huu: «S} — nimeuweka kwenye vault pia.".replace("«S}", "«S»"),
  "nimeuweka kwenye vault")
F(G, "af-wagwoord-dashboard", "pw",
  "«person»: Hier is die wagwoord vir die Yoco dashboard: «S». Moenie dit op Slack los nie, ek verander dit môre.",
  "Yoco dashboard")
F(G, "af-geheime-sleutel-live", "yoco_live",
  "«person»: Die geheime sleutel vir Yoco live is «S» — gebruik dit net op die bediener, nie in die app nie.",
  "gebruik dit net op die bediener")
F(G, "ng-pidgin-paystack-test-key", "paystack_test",
  "«person»: abeg use this one for the paystack test: «S» make una no push am to git o 🙏🏾",
  "make una no push am to git")
F(G, "es-mx-clave-csd", "pw",
  "«person»: va, ahí te va la clave del CSD: «S} (la del .key, no la de la FIEL ojo)".replace("«S}", "«S»"),
  "no la de la FIEL")
F(G, "es-cl-clave-tributaria", "pw",
  "«person»: la clave tributaria del SII pa la empresa («rut») es «S», po. Cámbiala después del piloto",
  "clave tributaria del SII")
F(G, "es-ar-token-mp-voseo", "mp_access",
  "«person»: che, el token de MP de prod es este: «S} no lo subas al repo, por favor 🙃".replace("«S}", "«S»"),
  "no lo subas al repo")
F(G, "pt-br-token-permanente-whatsapp", "wa_token",
  "«person»: pessoal, gerei um token permanente do WhatsApp (System User) pro «svc»:\n«S}\nexpira nunca, então cuidado".replace("«S}", "«S»"),
  "token permanente do WhatsApp")
F(G, "standup-notes-rotated-passkey", "daraja_passkey",
  "Standup «date»:\n- «person» rotated the M-Pesa passkey; new one is «S»\n- «person2» blocked on NF-e homologação (rejeição 539)",
  "blocked on NF-e homologação")
F(G, "agent-goal-note-inline-creds", "daraja_passkey",
  "GOAL: fix STK push timeout on «svc».\nContext: user pasted creds in chat -> shortcode «shortcode», passkey «S». Do NOT commit; put in .env.local only.",
  "fix STK push timeout")
F(G, "agent-decision-note-sandbox-key", "flw_test",
  "Decision («date»): use the Flutterwave sandbox key for now; value «S» lives only in .env.local, prod key requested from «person».",
  "use the Flutterwave sandbox key")
F(G, "email-es-accesos-portal-pac", "pw",
  "De: «person» <«email»>\nAsunto: Accesos portal PAC\n\nHola, los accesos son:\nUsuario: «email2»\nContraseña: «S»\n\nSaludos",
  "Asunto: Accesos portal PAC")
F(G, "email-pt-senha-temporaria", "pw",
  "Olá «person»,\nSeu acesso ao portal NFS-e foi criado. Sua senha temporária é: «S»\nAltere no primeiro acesso.",
  "portal NFS-e")
F(G, "jira-comment-es-contra", "pw",
  "«person» commented on «ticket»: Probé con el usuario «login» y la contra «S» y sigue dando 401 en /v1/cfdi 😩",
  "sigue dando 401 en /v1/cfdi")
F(G, "github-issue-comment-test-key-backticks", "stripe_test",
  "I can reproduce it with my own key (test mode, sorry): `«S»` — the `payment_intent.succeeded` event never arrives.",
  "payment_intent.succeeded")
F(G, "mixed-es-en-webhook-secret", "whsec",
  "«person»: the webhook secret es «S» pero ojo que cambia por ambiente", "cambia por ambiente")
F(G, "fr-cle-secrete-orange-money", "orange_cs",
  "«person» : Salut, voici la clé secrète Orange Money (sandbox) : «S}. Merci de ne pas la partager hors de l'équipe.".replace("«S}", "«S»"),
  "Orange Money (sandbox)")
F(G, "fr-ci-acces-cinetpay", "cinetpay",
  "«person»: on a reçu les accès CinetPay 🎉 apikey «S» site_id «d6»", "accès CinetPay")
F(G, "sw-en-initiator-password", "pw",
  "«person»: B2C initiator password ni «S}, initiator name ni «user}".replace("«S}", "«S»").replace("«user}", "«user»"),
  "initiator name ni «user»")
F(G, "af-en-vpn-login-slash", "pw",
  "«person»: Lekker! Login vir die VPN: «login» / «S»", "Login vir die VPN")
F(G, "pt-mz-chave-api-mpesa", "mpesa_mz",
  "«person»: a chave da API do M-Pesa Moçambique (sandbox) é «S}, o service provider code é «d6}".replace("«S}", "«S»").replace("«d6}", "«d6»"),
  "M-Pesa Moçambique")
F(G, "todo-rotacionar-senha-atual", "pw",
  "TODO(«person»): rotacionar a senha do RDS — atual: «S» (vazou no print do grupo)", "rotacionar a senha do RDS")
F(G, "postmortem-es-cronologia-token", "conekta",
  "Cronología del incidente («date»):\n«time» se publicó por error en #general el token de Conekta («S»)\n«time» se revocó y se generó uno nuevo",
  "Cronología del incidente")
F(G, "user-prompt-to-agent-es-key", "google_key",
  "usa esta key para geocodificar las direcciones de Bogotá: «S} y no la guardes en ningún archivo porfa".replace("«S}", "«S»"),
  "geocodificar las direcciones")
F(G, "chat-es-unlabeled-next-message", "pw",
  "[«time»] «person»: ya está el usuario creado en el Odoo 👉 «login»\n[«time»] «person»: «S»\n[«time»] «person2»: gracias!!",
  "usuario creado en el Odoo")
F(G, "chat-pt-unlabeled-three-lines", "pw",
  "«person»: acesso do painel da hospedagem\n«person»: «email»\n«person»: «S»\n«person2»: 👍", "acesso do painel")
F(G, "fr-note-wifi-cle-wpa", "phrase",
  "WiFi bureau Dakar : SSID «ssid» / clé WPA « «S» »", "WiFi bureau Dakar")
F(G, "sw-note-wifi-nywila", "pw",
  "Wi-Fi ya ofisi: jina «ssid», nywila «S»", "Wi-Fi ya ofisi")
F(G, "onboarding-doc-es-shared-account", "pw",
  "## Onboarding\n1. Pide acceso a Bitwarden a «person».\n2. Mientras tanto usa la cuenta compartida: soporte@«co».example / «S»\n3. Configura el 2FA.",
  "Pide acceso a Bitwarden")
F(G, "markdown-table-pt-sistema-senha", "pw",
  "| Sistema | Usuário | Senha |\n|---|---|---|\n| Portal NFS-e Prefeitura | «cnpj» | «S» |\n| e-CAC | (certificado) | — |",
  "Portal NFS-e Prefeitura")
F(G, "fr-compte-rendu-cle-flutterwave", "flw_test",
  "CR réunion «date» :\n- Accès sandbox Flutterwave OK (clé secrète : «S»)\n- Intégration Wave reportée au sprint prochain",
  "CR réunion «date»")
F(G, "sw-telegram-bot-token", "telegram",
  "«person»: kama unataka kujaribu bot ya arifa, tokeni ni «S»", "bot ya arifa")
F(G, "pr-review-quote-and-comment", "daraja_cs",
  "> DARAJA_CONSUMER_SECRET = \"«S»\"\n\n«person»: Esto no debería estar en el diff 😬 sácalo y rota la credencial, porfa",
  "rota la credencial")
F(G, "commit-message-es-temp-token", "mp_test",
  "commit «sha»\nAuthor: «person» <«email»>\n\n    fix: pago con tarjeta en checkout\n\n    usa token temporal «S» para pruebas",
  "fix: pago con tarjeta")
F(G, "commit-message-pt-senha-homolog", "pw",
  "«sha7» chore: ajusta senha do banco de homolog pra «S» (era a antiga)", "chore: ajusta senha")
F(G, "handover-en-af-old-sandbox-key", "yoco_test",
  "Handover — «person» gaan met verlof:\n* Yoco live secret: in 1Password vault \"Payments\"\n* Old sandbox key still used by the POS app: «S»\n* Baie dankie!",
  "in 1Password vault \"Payments\"")
F(G, "es-abbrev-usr-pwd-host", "pw",
  "usr: «user} | pwd: «S} | host: «dbhost}".replace("«user}", "«user»").replace("«S}", "«S»").replace("«dbhost}", "«dbhost»"),
  "host: «dbhost»")
F(G, "pt-abbrev-login-senha-inline", "pw",
  "«person»: login «login» senha «S» (só pra hoje)", "só pra hoje")
F(G, "fr-abbrev-user-mdp", "pw",
  "user «user» mdp «S} — c'est pour le back-office".replace("«S}", "«S»"), "c'est pour le back-office")
F(G, "es-creds-sftp-banco", "pw",
  "«person»: creds del SFTP del banco (conciliación): «user» / «S»", "creds del SFTP del banco")
F(G, "sw-en-creds-za-staging", "pw",
  "«person»: creds za staging: «user» / «S» — tafadhali usizibadilishe", "creds za staging")
F(G, "en-quick-note-pw-equals", "pw",
  "pw=«S» (for the «host» admin UI, ask «person» before changing)", "admin UI")
F(G, "es-gpg-frase-contrasena", "phrase",
  "La frase de contraseña de la llave GPG de respaldos es \"«S»\" (con los guiones/espacios tal cual)",
  "llave GPG de respaldos")
F(G, "pt-seed-2fa-totp", "totp",
  "seed do 2FA (TOTP) da conta root AWS: «S} — cadastrar no Authy do time".replace("«S}", "«S»"),
  "cadastrar no Authy do time")
F(G, "en-shared-2fa-secret-paystack", "totp",
  "Added the shared 2FA secret to the team authenticator: «S» (issuer: Paystack, account: finance@«co».example)",
  "issuer: Paystack")
F(G, "chat-pasted-rsa-key-sftp", "pem_pkcs1",
  "«person»: te pego la llave del SFTP del banco:\n-----BEGIN RSA PRIVATE KEY-----\n«S»\n-----END RSA PRIVATE KEY-----\n«person2»: 😱 bórralo ya",
  "llave del SFTP del banco")
F(G, "sw-nenosiri-mpesa-org-portal", "pw",
  "Nenosiri la M-Pesa Org Portal (operator «user»): «S» — libadilishe kila mwezi", "M-Pesa Org Portal")
F(G, "pt-senha-ecnpj-drive", "pw",
  "O certificado e-CNPJ A1 tá no drive, pasta Fiscal/«date». Senha: «S»", "pasta Fiscal/«date»")
F(G, "es-co-parce-clave-wompi", "wompi",
  "«person»: parce, la llave privada de Wompi de prod: «S} — no la compartas en el grupo grande".replace("«S}", "«S»"),
  "llave privada de Wompi")
F(G, "es-pe-llave-secreta-culqi", "culqi",
  "«person»: causa, la llave secreta de Culqi es «S}, la pública ya está en el front".replace("«S}", "«S»"),
  "la pública ya está en el front")
F(G, "pt-br-chave-asaas-producao", "asaas",
  "«person»: chave da API do Asaas (produção): «S}\n«person2»: anotado, vou pôr no secrets manager".replace("«S}", "«S»"),
  "secrets manager")
F(G, "en-gh-hubtel-client-secret", "hubtel",
  "«person»: Hubtel client secret is «S», client id «an8» — merchant account «d6»", "Hubtel client secret")
F(G, "fr-ma-cle-hachage-cmi", "pw",
  "«person» : la clé de hachage (store key) CMI du marchand est «S}, ne pas la committer svp".replace("«S}", "«S»"),
  "store key")
F(G, "agent-scratchpad-tried-token", "mp_access",
  "Scratch: tried MP token «S» against /v1/payments -> 401 \"invalid_token\"; maybe expired, asked «person».",
  "invalid_token")


# ===========================================================================
# group: ci-and-deploy
# ===========================================================================
G = "ci-and-deploy"
F(G, "gha-workflow-env-hardcoded", "paystack_live",
  "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      NODE_ENV: production\n      PAYSTACK_SECRET_KEY: «S»\n    steps:\n      - uses: actions/checkout@v4",
  "runs-on: ubuntu-latest")
F(G, "gha-run-curl-dispatch-token", "gh_pat",
  "      - name: Disparar deploy do «svc»\n        run: |\n          curl -X POST -H \"Authorization: token «S»\" \\\n            https://api.github.com/repos/«repo»/dispatches -d '{\"event_type\":\"deploy\"}'",
  "api.github.com/repos/«repo»/dispatches")
F(G, "gitlab-ci-variables-block", "sonar_p",
  "variables:\n  SONAR_HOST_URL: \"https://sonar.«co».internal\"\n  SONAR_TOKEN: \"«S»\"\n  GIT_DEPTH: \"0\"",
  "SONAR_HOST_URL")
F(G, "gitlab-ci-docker-login-hardcoded", "glpat",
  "build:\n  stage: build\n  before_script:\n    - docker login -u «login» -p «S» $CI_REGISTRY\n  script:\n    - docker build -t $CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA .",
  "$CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA")
F(G, "bitbucket-pipelines-pipe-variables", "aws_sk",
  "- pipe: atlassian/aws-s3-deploy:1.1.0\n  variables:\n    AWS_ACCESS_KEY_ID: '«akid»'\n    AWS_SECRET_ACCESS_KEY: '«S»'\n    AWS_DEFAULT_REGION: '«region»'\n    S3_BUCKET: '«bucket»'",
  "atlassian/aws-s3-deploy:1.1.0")
F(G, "jenkinsfile-withenv-password", "pws",
  "stage('Testes NF-e') {\n    steps {\n        withEnv([\"NFE_CERT_PASS=«S»\", \"NFE_AMBIENTE=2\"]) {\n            sh './gradlew nfeIntegrationTest'\n        }\n    }\n}",
  "stage('Testes NF-e')")
F(G, "jenkins-console-docker-login-warning", "pws",
  "[Pipeline] sh\n+ docker login -u deploy -p «S» registry.«co».internal\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded",
  "Login Succeeded")
F(G, "circleci-job-environment", "conekta",
  "jobs:\n  test:\n    docker:\n      - image: cimg/ruby:3.3\n        environment:\n          RAILS_ENV: test\n          CONEKTA_KEY: «S»",
  "cimg/ruby:3.3")
F(G, "azure-pipelines-az-login-sp", "az_cs",
  "- script: |\n    az login --service-principal -u «uuid» -p «S» --tenant «uuid2»\n    az webapp deploy -g rg-«env» -n «svc» --src-path app.zip\n  displayName: Deploy «svc»",
  "displayName: Deploy «svc»")
F(G, "argocd-app-helm-parameter", "daraja_passkey",
  "spec:\n  source:\n    repoURL: https://github.com/«repo»\n    helm:\n      parameters:\n        - name: mpesa.shortcode\n          value: \"«shortcode»\"\n        - name: mpesa.passkey\n          value: «S»",
  "name: mpesa.shortcode")
F(G, "helm-values-prod-external-db", "pw",
  "# values-prod.yaml\nexternalDatabase:\n  host: «dbhost»\n  port: 5432\n  user: «user»\n  password: «S»\n  database: «db»",
  "values-prod.yaml")
F(G, "k8s-deployment-env-value-literal", "flw_live",
  "        env:\n          - name: FLW_PUBLIC_KEY\n            value: FLWPUBK-«hex32»-X\n          - name: FLW_SECRET_KEY\n            value: \"«S»\"",
  "name: FLW_PUBLIC_KEY")
F(G, "compose-prod-override-environment", "wa_token",
  "# docker-compose.prod.yml\nservices:\n  notifier:\n    image: ghcr.io/«repo»:«sha7»\n    environment:\n      WA_PHONE_ID: \"«waphone»\"\n      WA_ACCESS_TOKEN: «S»",
  "docker-compose.prod.yml")
F(G, "ansible-group-vars-unvaulted", "pw",
  "# group_vars/«env»/main.yml\nmysql_root_password: «S»\nmysql_databases:\n  - name: «db»", "mysql_databases:")
F(G, "ansible-inventory-ini-password", "pws",
  "[pos_servers]\n«host» ansible_user=«user» ansible_password=«S» ansible_port=2222", "[pos_servers]")
F(G, "terraform-tfvars-cloudflare-token", "cf_token",
  "zone_id              = \"«hex32»\"\ncloudflare_api_token = \"«S»\"\nrecords              = [\"api\", \"pagos\"]",
  "zone_id")
F(G, "terraform-variable-default-password", "pw",
  "variable \"db_password\" {\n  type      = string\n  sensitive = true\n  default   = \"«S»\"\n}",
  "variable \"db_password\"")
F(G, "pulumi-stack-config-plaintext", "pw",
  "config:\n  aws:region: «region»\n  «co»:dbUser: «user»\n  «co»:dbPassword: «S»", "aws:region: «region»")
F(G, "serverless-yml-provider-environment", "daraja_cs",
  "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    MPESA_CONSUMER_KEY: ${ssm:/«svc»/consumer-key}\n    MPESA_CONSUMER_SECRET: «S»",
  "runtime: nodejs20.x")
F(G, "netlify-toml-build-environment", "mp_access",
  "[build]\n  command = \"npm run build\"\n  publish = \"dist\"\n[build.environment]\n  MP_ACCESS_TOKEN = \"«S»\"",
  "publish = \"dist\"")
F(G, "vercel-json-env-block", "jwt_supabase",
  "{\n  \"framework\": \"nextjs\",\n  \"env\": {\n    \"NEXT_PUBLIC_SUPABASE_URL\": \"https://«an20».supabase.co\",\n    \"SUPABASE_SERVICE_ROLE_KEY\": \"«S»\"\n  }\n}",
  "\"framework\": \"nextjs\"")
F(G, "fly-toml-env-database-url", "pwu",
  "app = \"«svc»\"\nprimary_region = \"gru\"\n\n[env]\n  DATABASE_URL = \"postgres://«user»:«S»@«svc»-db.flycast:5432/«db»\"",
  "primary_region = \"gru\"")
F(G, "render-yaml-env-vars", "yoco_live",
  "services:\n  - type: web\n    name: «svc»\n    envVars:\n      - key: YOCO_SECRET_KEY\n        value: «S»\n      - key: NODE_VERSION\n        value: 20",
  "key: NODE_VERSION")
F(G, "heroku-app-json-env-value", "paystack_live",
  "{\n  \"name\": \"«svc»\",\n  \"env\": {\n    \"PAYSTACK_SECRET\": { \"value\": \"«S»\" },\n    \"WEB_CONCURRENCY\": { \"value\": \"2\" }\n  }\n}",
  "WEB_CONCURRENCY")
F(G, "gha-log-unmasked-curl-user", "pws",
  "Run curl -fsS -u ci:«S» https://nexus.«co».internal/service/rest/v1/components?repository=releases\n  curl -fsS -u ci:«S» https://nexus.«co».internal/service/rest/v1/components?repository=releases\n  shell: /usr/bin/bash -e {0}",
  "shell: /usr/bin/bash -e {0}")
F(G, "drone-yml-docker-plugin-password", "pws",
  "steps:\n  - name: publish\n    image: plugins/docker\n    settings:\n      repo: registry.«co».internal/«svc»\n      username: drone\n      password: «S»",
  "image: plugins/docker")
F(G, "appveyor-yml-nuget-api-key", "nuget",
  "environment:\n  NUGET_API_KEY: «S»\ndeploy_script:\n  - dotnet nuget push **/*.nupkg -k %NUGET_API_KEY% -s https://api.nuget.org/v3/index.json",
  "dotnet nuget push")
F(G, "fastlane-env-match-password", "phrase_ns",
  "# fastlane/.env.default\nMATCH_GIT_URL=git@github.com:«co»/certificados-ios.git\nMATCH_PASSWORD=«S»\nFASTLANE_USER=«email»",
  "MATCH_GIT_URL")
F(G, "eas-json-build-env-expo-token", "expo",
  "{\n  \"build\": {\n    \"production\": {\n      \"env\": { \"EXPO_TOKEN\": \"«S»\", \"APP_VARIANT\": \"production\" }\n    }\n  }\n}",
  "\"APP_VARIANT\": \"production\"")
F(G, "sentry-cli-release-env-prefix", "sentry",
  "- run: SENTRY_AUTH_TOKEN=«S» sentry-cli releases new «svc»@«ver» && sentry-cli releases finalize «svc»@«ver»",
  "sentry-cli releases new")
F(G, "docker-build-arg-npm-token-ci", "npm",
  "script:\n  - docker build --build-arg NPM_TOKEN=«S» -t «co»/web:«sha7» .\n  - docker push «co»/web:«sha7»",
  "docker push «co»/web:«sha7»")
F(G, "kaniko-config-json-echo", "basic_ci",
  "  script:\n    - echo \"{\\\"auths\\\":{\\\"$CI_REGISTRY\\\":{\\\"auth\\\":\\\"«S»\\\"}}}\" > /kaniko/.docker/config.json\n    - /kaniko/executor --context $CI_PROJECT_DIR --destination $CI_REGISTRY_IMAGE:«sha7»",
  "/kaniko/executor")
F(G, "cloudbuild-yaml-set-env-vars", "pws",
  "steps:\n  - name: gcr.io/google.com/cloudsdktool/cloud-sdk\n    args: ['gcloud', 'run', 'deploy', '«svc»', '--region=southamerica-east1', '--set-env-vars=SII_CERT_PASS=«S»']",
  "--region=southamerica-east1")
F(G, "gha-ssh-action-password-input", "pw",
  "      - uses: appleboy/ssh-action@v1\n        with:\n          host: «host»\n          username: deploy\n          password: «S»\n          script: cd /srv/«svc» && ./deploy.sh",
  "appleboy/ssh-action@v1")
F(G, "gha-ssh-key-block-scalar", "pem_openssh_ind",
  "      - uses: webfactory/ssh-agent@v0.9.0\n        with:\n          ssh-private-key: |\n            -----BEGIN OPENSSH PRIVATE KEY-----\n            «S»\n            -----END OPENSSH PRIVATE KEY-----",
  "webfactory/ssh-agent@v0.9.0")
F(G, "k8s-secret-manifest-committed", "efi_cs",
  "# k8s/«env»/pix-secret.yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: pix-efi\nstringData:\n  PIX_CLIENT_ID: Client_Id_«hex40»\n  PIX_CLIENT_SECRET: «S»",
  "name: pix-efi")
F(G, "swarm-stack-environment-list", "termii",
  "services:\n  sms:\n    image: «co»/sms-relay:«ver»\n    environment:\n      - \"SMS_PROVIDER=termii\"\n      - \"SMS_API_KEY=«S»\"\n    deploy:\n      replicas: 2",
  "SMS_PROVIDER=termii")
F(G, "deploy-script-ssh-export-token", "mp_access",
  "#!/bin/sh\n# deploy.sh\nrsync -az dist/ deploy@«host»:/srv/api/\nssh deploy@«host» \"export MP_ACCESS_TOKEN=«S» && pm2 restart api --update-env\"",
  "pm2 restart api --update-env")
F(G, "capistrano-repo-url-with-token", "gh_pat",
  "# config/deploy.rb\nset :application, \"«svc»\"\nset :repo_url, \"https://«login»:«S»@github.com/«repo».git\"\nset :branch, \"main\"",
  "set :application, \"«svc»\"")
F(G, "makefile-deploy-sshpass", "pw",
  "deploy:\n\tnpm run build\n\tsshpass -p '«S»' rsync -az dist/ «user»@«host»:/var/www/loja/",
  "npm run build")
F(G, "nomad-job-template-data", "pws",
  "  template {\n    data        = \"DB_USER=«user»\\nDB_PASS=«S»\\n\"\n    destination = \"secrets/app.env\"\n    env         = true\n  }",
  "destination = \"secrets/app.env\"")
F(G, "consul-kv-put-in-pipeline", "pw",
  "- run: consul kv put «svc»/config/smtp_password '«S»'", "consul kv put «svc»/config/smtp_password")
F(G, "github-env-file-echo", "yoco_live",
  "      - name: Export keys\n        run: echo \"YOCO_SECRET_KEY=«S»\" >> $GITHUB_ENV", "$GITHUB_ENV")
F(G, "gitlab-trigger-pipeline-token", "glptt",
  "curl -X POST --fail -F token=«S» -F ref=main -F \"variables[AMBIENTE]=«env»\" https://gitlab.«co».internal/api/v4/projects/«num»/trigger/pipeline",
  "/trigger/pipeline")
F(G, "gh-runner-config-sh-token", "gh_runner",
  "./config.sh --url https://github.com/«co» --token «S» --name runner-«city» --labels self-hosted,linux,x64 --unattended",
  "--labels self-hosted,linux,x64")
F(G, "dockerhub-pat-stdin-in-ci", "dckr",
  "  - echo «S» | docker login -u «co»ci --password-stdin\n  - docker push «co»/pos-sync:«ver»",
  "docker push «co»/pos-sync:«ver»")
F(G, "sonar-project-properties-login", "sonar_u",
  "sonar.projectKey=«co»_«svc»\nsonar.host.url=https://sonarcloud.io\nsonar.login=«S»\nsonar.sources=src",
  "sonar.projectKey=«co»_«svc»")
F(G, "codecov-yml-token", "codecov",
  "codecov:\n  token: «S»\n  require_ci_to_pass: yes\ncoverage:\n  precision: 2", "require_ci_to_pass: yes")
F(G, "gha-slack-webhook-env-url", "slack_hook",
  "    env:\n      SLACK_WEBHOOK_URL: https://hooks.slack.com/services/T0«an8»/B0«an8b»/«S»\n      SLACK_CHANNEL: '#deploys-pagos'",
  "SLACK_CHANNEL: '#deploys-pagos'")
F(G, "discord-webhook-notify-step", "discord_hook",
  "- name: Avisar no Discord\n  run: |\n    curl -H 'Content-Type: application/json' -d '{\"content\":\"deploy «svc» ok\"}' https://discord.com/api/webhooks/«d18»/«S»",
  "Avisar no Discord")
F(G, "wrangler-toml-vars-secret", "paystack_live",
  "name = \"«svc»\"\nmain = \"src/index.ts\"\ncompatibility_date = \"«date»\"\n\n[vars]\nPAYSTACK_SECRET = \"«S»\"",
  "main = \"src/index.ts\"")
F(G, "supabase-db-push-password-flag", "pw",
  "      - run: supabase link --project-ref «an20» && supabase db push --password \"«S»\"",
  "supabase db push")
F(G, "android-signing-config-store-password", "pw",
  "signingConfigs {\n    release {\n        storeFile file(\"upload-keystore.jks\")\n        storePassword \"«S»\"\n        keyAlias \"upload\"\n        keyPassword System.getenv(\"KEY_PASSWORD\")\n    }\n}",
  "upload-keystore.jks")
F(G, "gradle-properties-ci-release-store", "pws",
  "RELEASE_STORE_FILE=../keystores/release.jks\nRELEASE_STORE_PASSWORD=«S»\nRELEASE_KEY_ALIAS=«co»", "RELEASE_STORE_FILE")
F(G, "k8s-cronjob-args-api-key", "at_key",
  "          containers:\n            - name: lembretes-sms\n              image: «co»/sms-relay:«ver»\n              args: [\"--provider\", \"africastalking\", \"--api-key\", \"«S»\"]",
  "name: lembretes-sms")
F(G, "kustomize-secret-generator-literals", "pw",
  "secretGenerator:\n  - name: cfdi-pac\n    literals:\n      - PAC_USER=«email»\n      - PAC_PASSWORD=«S»", "name: cfdi-pac")
F(G, "gha-service-container-postgres-password", "pws",
  "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_PASSWORD: «S»\n        ports: ['5432:5432']",
  "image: postgres:16")
F(G, "codebuild-buildspec-plain-variable", "daraja_cs",
  "version: 0.2\nenv:\n  variables:\n    DARAJA_ENV: production\n    DARAJA_CONSUMER_SECRET: «S»\nphases:\n  build:\n    commands:\n      - npm run deploy",
  "version: 0.2")
F(G, "ecs-task-definition-environment", "mp_access",
  "\"environment\": [\n  { \"name\": \"NODE_ENV\", \"value\": \"production\" },\n  { \"name\": \"MP_ACCESS_TOKEN\", \"value\": \"«S»\" }\n],",
  "\"name\": \"NODE_ENV\"")
F(G, "deploy-log-printed-database-url", "pwu",
  "Deploying «svc»@«sha7» to «env»...\n  DATABASE_URL=mysql://«user»:«S»@«dbhost»:3306/«db»\n  REPLICAS=3\n✔ rollout complete",
  "rollout complete")
F(G, "octopus-variable-json", "pw",
  "{\n  \"Name\": \"Nfe.CertPassword\",\n  \"Value\": \"«S»\",\n  \"IsSensitive\": false,\n  \"Scope\": { \"Environment\": [\"Environments-«num»\"] }\n}",
  "\"Name\": \"Nfe.CertPassword\"")
F(G, "cloudfront-signed-url-in-deploy-notes", "cf_sig",
  "Smoke test URL (expira em 1h): https://d«lan13».cloudfront.net/relatorios/«date».pdf?Expires=«d10»&Key-Pair-Id=K«an10»&Signature=«S»",
  "Key-Pair-Id=K")

# ===========================================================================
# group: vendor-token  (recognisable vendor credential shapes)
# ===========================================================================
G = "vendor-token"
F(G, "mercadopago-access-token-prod", "mp_access",
  "MERCADOPAGO_ACCESS_TOKEN=«S»", "MERCADOPAGO_ACCESS_TOKEN")
F(G, "mercadopago-test-access-token", "mp_test",
  "mp.configure(access_token: \"«S»\") # conta de teste vendedor", "conta de teste vendedor")
F(G, "mercadopago-client-secret-pair", "mp_cs",
  "Mercado Pago app «d15»\nclient_id: «d15b»\nclient_secret: «S»", "Mercado Pago app «d15»")
F(G, "conekta-private-key-header", "conekta",
  "Authorization: Bearer «S»\nAccept: application/vnd.conekta-v2.1.0+json", "application/vnd.conekta-v2.1.0+json")
F(G, "stripe-live-secret-key", "stripe_live",
  "STRIPE_SECRET_KEY=«S»\nSTRIPE_PUBLISHABLE_KEY=pk_live_51«an20»«an20b»", "STRIPE_PUBLISHABLE_KEY")
F(G, "stripe-restricted-key", "stripe_rk",
  "# chave restrita só leitura de payouts (Brasil)\nstripe_rk = \"«S»\"", "chave restrita")
F(G, "stripe-webhook-signing-secret", "whsec",
  "STRIPE_WEBHOOK_SECRET=«S»", "STRIPE_WEBHOOK_SECRET")
F(G, "paystack-live-secret-key", "paystack_live",
  "paystack:\n  public_key: pk_live_«hex40»\n  secret_key: «S»", "public_key: pk_live_«hex40»")
F(G, "paystack-test-secret-key", "paystack_test",
  "PAYSTACK_SECRET_KEY=«S»  # test mode", "# test mode")
F(G, "flutterwave-live-secret-key", "flw_live",
  "FLUTTERWAVE_SECRET_KEY=«S»", "FLUTTERWAVE_SECRET_KEY")
F(G, "flutterwave-encryption-key", "flw_enc",
  "FLW_ENCRYPTION_KEY=«S}\nFLW_PUBLIC_KEY=FLWPUBK_TEST-«hex32»-X".replace("«S}", "«S»"), "FLW_ENCRYPTION_KEY")
F(G, "yoco-live-secret-key", "yoco_live",
  "yoco_secret = '«S»'", "yoco_secret")
F(G, "daraja-consumer-key-secret-pair", "daraja_cs",
  "Daraja app: «svc»\nConsumer Key: <in vault>\nConsumer Secret: «S»", "Daraja app: «svc»")
F(G, "daraja-bearer-access-token", "daraja_token",
  "Authorization: Bearer «S}\nHost: api.safaricom.co.ke".replace("«S}", "«S»"), "api.safaricom.co.ke")
F(G, "daraja-security-credential-b64", "daraja_seccred",
  "\"SecurityCredential\": \"«S»\",\n\"CommandID\": \"SalaryPayment\"", "SalaryPayment")
F(G, "efi-pix-client-secret", "efi_cs",
  "EFI_CLIENT_SECRET=«S»", "EFI_CLIENT_SECRET")
F(G, "asaas-api-key-header", "asaas",
  "access_token: «S}\nUser-Agent: «svc»/«ver»".replace("«S}", "«S»"), "User-Agent: «svc»/«ver»")
F(G, "pagseguro-token-legacy", "pagseguro",
  "https://ws.pagseguro.uol.com.br/v2/transactions?email=«email»&token=«S»", "ws.pagseguro.uol.com.br")
F(G, "cielo-merchant-key-header", "cielo_mk",
  "MerchantId: «uuid»\nMerchantKey: «S»", "MerchantId: «uuid»")
F(G, "pagarme-secret-key-basic", "pagarme",
  "PAGARME_SECRET_KEY=«S»", "PAGARME_SECRET_KEY")
F(G, "openpay-private-key-mx", "openpay",
  "OPENPAY_MERCHANT_ID=m«hex16»\nOPENPAY_PRIVATE_KEY=«S»", "OPENPAY_MERCHANT_ID")
F(G, "wompi-private-key-prod", "wompi",
  "WOMPI_PUBLIC_KEY=pub_prod_«an32»\nWOMPI_PRIVATE_KEY=«S»", "WOMPI_PUBLIC_KEY")
F(G, "wompi-private-key-test", "wompi_test",
  "wompi = Wompi(private_key=\"«S»\", sandbox=True)", "sandbox=True")
F(G, "culqi-secret-key", "culqi",
  "CULQI_SECRET_KEY=«S»", "CULQI_SECRET_KEY")
F(G, "cinetpay-apikey-json", "cinetpay",
  "{\"apikey\": \"«S»\", \"site_id\": \"«d6»\", \"transaction_id\": \"«an10»\"}", "\"site_id\": \"«d6»\"")
F(G, "twilio-auth-token-pair", "twilio_auth",
  "TWILIO_ACCOUNT_SID=AC«hex32»\nTWILIO_AUTH_TOKEN=«S»", "TWILIO_ACCOUNT_SID")
F(G, "twilio-api-key-secret", "twilio_ks",
  "TWILIO_API_KEY=SK«hex32»\nTWILIO_API_SECRET=«S»", "TWILIO_API_KEY")
F(G, "africastalking-api-key", "at_key",
  "AT_USERNAME=«co»\nAT_API_KEY=«S»", "AT_USERNAME=«co»")
F(G, "infobip-app-authorization", "infobip",
  "Authorization: App «S}\nBase URL: https://«an8».api.infobip.com".replace("«S}", "«S»"), "api.infobip.com")
F(G, "termii-api-key-json", "termii",
  "{\"to\": \"«msisdn»\", \"from\": \"MKOPO\", \"sms\": \"Your OTP is «d6»\", \"type\": \"plain\", \"channel\": \"dnd\", \"api_key\": \"«S»\"}",
  "\"channel\": \"dnd\"")
F(G, "360dialog-api-key-header", "d360",
  "D360-API-KEY: «S»", "D360-API-KEY")
F(G, "whatsapp-cloud-access-token", "wa_token",
  "WHATSAPP_ACCESS_TOKEN=«S»", "WHATSAPP_ACCESS_TOKEN")
F(G, "meta-app-secret", "wa_secret",
  "META_APP_ID=«d15»\nMETA_APP_SECRET=«S»", "META_APP_ID")
F(G, "zenvia-api-token-header", "zenvia",
  "X-API-TOKEN: «S»", "X-API-TOKEN")
F(G, "gupshup-apikey-header", "gupshup",
  "apikey: «S}\nsrc.name: «co»WA".replace("«S}", "«S»"), "src.name")
F(G, "sendgrid-api-key", "sendgrid",
  "SENDGRID_API_KEY=«S»", "SENDGRID_API_KEY")
F(G, "mailgun-api-key", "mailgun",
  "MAILGUN_DOMAIN=mg.«co».example\nMAILGUN_API_KEY=«S»", "MAILGUN_DOMAIN")
F(G, "telegram-bot-token", "telegram",
  "TELEGRAM_BOT_TOKEN=«S»", "TELEGRAM_BOT_TOKEN")
F(G, "slack-bot-token", "slack_bot",
  "SLACK_BOT_TOKEN=«S»\nSLACK_CHANNEL_ID=C0«an8»", "SLACK_CHANNEL_ID")
F(G, "slack-user-token", "slack_user",
  "slack_user_token: «S»", "slack_user_token")
F(G, "discord-bot-token", "discord_bot",
  "client.login('«S»');", "client.login(")
F(G, "github-classic-pat", "gh_pat",
  "GITHUB_TOKEN=«S»", "GITHUB_TOKEN")
F(G, "github-fine-grained-pat", "gh_fine",
  "gh_token: «S}  # fine-grained, só repo «repo}".replace("«S}", "«S»").replace("«repo}", "«repo»"),
  "fine-grained")
F(G, "gitlab-personal-access-token", "glpat",
  "PRIVATE-TOKEN: «S»", "PRIVATE-TOKEN")
F(G, "npm-automation-token", "npm",
  "NPM_TOKEN=«S»", "NPM_TOKEN")
F(G, "pypi-api-token", "pypi",
  "PYPI_API_TOKEN=«S»", "PYPI_API_TOKEN")
F(G, "aws-access-key-pair", "aws_sk",
  "AWS_ACCESS_KEY_ID=«akid»\nAWS_SECRET_ACCESS_KEY=«S»", "AWS_ACCESS_KEY_ID")
F(G, "azure-storage-connection-string", "azure_key",
  "DefaultEndpointsProtocol=https;AccountName=«co»cfdi;AccountKey=«S»;EndpointSuffix=core.windows.net",
  "AccountName=«co»cfdi")
F(G, "google-api-key", "google_key",
  "GOOGLE_MAPS_SERVER_KEY=«S»", "GOOGLE_MAPS_SERVER_KEY")
F(G, "digitalocean-pat", "do_token",
  "DIGITALOCEAN_TOKEN=«S»", "DIGITALOCEAN_TOKEN")
F(G, "cloudflare-api-token", "cf_token",
  "CLOUDFLARE_API_TOKEN=«S}\nCLOUDFLARE_ACCOUNT_ID=«hex32}".replace("«S}", "«S»").replace("«hex32}", "«hex32»"),
  "CLOUDFLARE_ACCOUNT_ID")
F(G, "huawei-cloud-ak-sk", "huawei_sk",
  "HUAWEICLOUD_SDK_AK=«an10»«an10b»\nHUAWEICLOUD_SDK_SK=«S»\nHUAWEICLOUD_REGION=la-south-2", "HUAWEICLOUD_REGION=la-south-2")
F(G, "alibaba-accesskey-secret", "alibaba_sk",
  "ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI«an20»\nALIBABA_CLOUD_ACCESS_KEY_SECRET=«S»", "ALIBABA_CLOUD_ACCESS_KEY_ID")
F(G, "openai-project-key", "openai",
  "OPENAI_API_KEY=«S»", "OPENAI_API_KEY")
F(G, "anthropic-api-key", "anthropic",
  "export ANTHROPIC_API_KEY=«S»", "ANTHROPIC_API_KEY")
F(G, "huggingface-token", "hf",
  "HF_TOKEN=«S»", "HF_TOKEN")
F(G, "shopify-admin-access-token", "shopify",
  "X-Shopify-Access-Token: «S»", "X-Shopify-Access-Token")
F(G, "square-access-token", "square",
  "SQUARE_ACCESS_TOKEN=«S}\nSQUARE_ENVIRONMENT=production".replace("«S}", "«S»"), "SQUARE_ENVIRONMENT=production")
F(G, "paypal-client-secret", "paypal_cs",
  "PAYPAL_CLIENT_ID=A«an20»«an20b»\nPAYPAL_CLIENT_SECRET=«S»", "PAYPAL_CLIENT_ID")
F(G, "dockerhub-personal-access-token", "dckr",
  "DOCKERHUB_TOKEN=«S»", "DOCKERHUB_TOKEN")
F(G, "vault-service-token", "vault",
  "VAULT_ADDR=https://vault.«co».internal:8200\nVAULT_TOKEN=«S»", "VAULT_ADDR")
F(G, "terraform-cloud-token", "tfc",
  "TF_TOKEN_app_terraform_io=«S»", "TF_TOKEN_app_terraform_io")
F(G, "atlassian-api-token", "atlassian",
  "JIRA_USER=«email»\nJIRA_API_TOKEN=«S»", "JIRA_USER")
F(G, "notion-integration-token", "notion",
  "NOTION_TOKEN=«S»", "NOTION_TOKEN")
F(G, "datadog-api-key", "datadog",
  "DD_SITE=datadoghq.com\nDD_API_KEY=«S»", "DD_SITE=datadoghq.com")
F(G, "newrelic-user-api-key", "newrelic",
  "NEW_RELIC_API_KEY=«S»", "NEW_RELIC_API_KEY")
F(G, "age-secret-key-file", "age",
  "# created: «ts»\n# public key: age1«bech»\n«S»",
  "# public key: age1")
F(G, "mapbox-secret-token", "mapbox",
  "MAPBOX_DOWNLOADS_TOKEN=«S»", "MAPBOX_DOWNLOADS_TOKEN")
F(G, "grafana-service-account-token", "grafana",
  "GRAFANA_SA_TOKEN=«S»", "GRAFANA_SA_TOKEN")
F(G, "doppler-service-token", "doppler",
  "DOPPLER_TOKEN=«S»", "DOPPLER_TOKEN")
F(G, "postman-api-key", "postman",
  "X-Api-Key: «S»", "X-Api-Key")
F(G, "linear-api-key", "linear",
  "LINEAR_API_KEY=«S»", "LINEAR_API_KEY")


# ===========================================================================
# BENIGN look-alikes
# ===========================================================================
_PLAIN_PHRASES = ["hola mundo", "bom dia equipe", "habari ya asubuhi", "goeie more almal",
                  "bonjour tout le monde", "pedido confirmado", "nota fiscal emitida",
                  "factura timbrada", "malipo yamepokelewa", "betaling ontvang",
                  "paiement reçu", "entrega programada", "config de ejemplo",
                  "lote de remessa 240", "checkout v2", "boleto registrado"]


def _pix_brcode():
    key = uuid4()
    gui = "0014br.gov.bcb.pix01" + "%02d" % len(key) + key
    mai = "26" + "%02d" % len(gui) + gui
    amount = "%d.%02d" % (_R.randint(5, 900), _R.randint(0, 99))
    name = _R.choice(["LOJA VERDE LTDA", "CAFEZINHO ME", "BAIRRO APP SA", "CAJU PAY"])
    city = _R.choice(["SAO PAULO", "RECIFE", "CURITIBA", "BELEM"])
    txid = uan(_R.randint(10, 25))
    add = "05" + "%02d" % len(txid) + txid
    body = ("000201" + mai + "52040000" + "5303986" + "54" + "%02d" % len(amount) + amount +
            "5802BR" + "59" + "%02d" % len(name) + name + "60" + "%02d" % len(city) + city +
            "62" + "%02d" % len(add) + add + "6304")
    return body + HX(4)


def _fp_colon():
    return ":".join(HX(2) for _ in range(32))


FIELDS.update({
    "lan13": lambda: lan(13),
    "bech": lambda: _c("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
    "hex128": lambda: hx(128),
    "sello": lambda: b64(256),
    "d20": lambda: "0000" + dg(16),
    "d44": lambda: "".join(_c(_DIG, 44)),
    "fp": _fp_colon,
    "sri": lambda: "sha384-" + b64(48),
    "npmint": lambda: "sha512-" + b64(64),
    "sshpub": lambda: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _c(_B64C, 43),
    "rsapub": lambda: "AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _c(_B64C, 510),
    "pixbr": _pix_brcode,
    "wamid": lambda: "wamid.HBgM" + b64(36),
    "last4": lambda: _c(_DIG, 4),
    "jwks_n": lambda: b64uc(342),
    "plainb64": lambda: b64s(_R.choice(_PLAIN_PHRASES)),
    "vaultcipher": lambda: "\n".join(wrap(hx(320), 80)),
    "sopsdata": lambda: b64(_R.randint(12, 40)),
    "sopsiv": lambda: b64(32),
    "sopstag": lambda: b64(16),
    "pulumicipher": lambda: b64(_R.randint(30, 60)),
    "ws_co": lambda: "ws_CO_" + _dts() + dg(9),
    "mpreceipt": lambda: uan(10),
    "stripeid": lambda: an(24),
    "certpem": lambda: "\n".join(wrap("MIID" + _c(_B64C, 860), 64)),
    "pubpem": lambda: "\n".join(wrap("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _c(_B64C, 348) + "IDAQAB", 64)),
})

B = []


def BN(*templates):
    B.extend(templates)


# --- commands -------------------------------------------------------------
BN("export DB_PASSWORD=\"${DB_PASSWORD:?defina DB_PASSWORD no .env}\"",
   "curl -s -H \"Authorization: Bearer $MP_ACCESS_TOKEN\" https://api.mercadopago.com/v1/payments/«d10»",
   "kubectl -n «ns» get secret «svc»-db -o yaml",
   "vault kv get -field=password secret/«svc»/«env»/db",
   "gh secret set PAYSTACK_SECRET_KEY --repo «repo» < /dev/stdin",
   "docker login -u «login» --password-stdin registry.«co».internal < ~/.secrets/registry_token",
   "openssl rand -hex 32 > /run/secrets/jwt_secret && chmod 400 /run/secrets/jwt_secret",
   "psql \"host=«dbhost» dbname=«db» user=«user» sslmode=require\"   # senha vem do ~/.pgpass",
   "aws secretsmanager get-secret-value --secret-id «env»/«svc»/db --query SecretString --output text | jq -r .username",
   "git checkout «sha» -- config/cfdi.yml",
   "git revert «sha7» --no-edit   # revierte el commit que metió la clave",
   "sha256sum nfe_lote_«date».zip\n«hex64»  nfe_lote_«date».zip",
   "docker pull ghcr.io/«repo»@sha256:«hex64»",
   "ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:«b64_43» «email» (ED25519)",
   "curl -u \"$NEXUS_USER:$NEXUS_PASS\" -T build/«svc»-«ver».jar https://nexus.«co».internal/repository/releases/",
   "mysql -u «user» -p «db»   # pede a senha interativamente",
   "sops --encrypt --in-place secrets/«env».yaml",
   "htpasswd -B /etc/nginx/.htpasswd «login}   # vai pedir a senha".replace("«login}", "«login»"),
   "echo -n '«phr»' | base64".replace("«phr»", "pedido confirmado"),
   "kubectl create secret generic sii-cert --from-file=cert.p12=./cert.p12 --from-literal=CERT_PASSWORD=\"$(cat /run/secrets/cert_pass)\"",
   "az keyvault secret show --vault-name kv-«co»-«env» --name daraja-consumer-secret --query id",
   "gcloud secrets versions access latest --secret=wa-cloud-token --project=«co»-«env» > /dev/null && echo ok",
   "read -s -p 'Senha do certificado: ' PFX_PASS && openssl pkcs12 -in a1.pfx -nokeys -passin env:PFX_PASS",
   "terraform apply -var-file=«env».tfvars   # db_password vem de TF_VAR_db_password",
   "git log --oneline -3\n«sha7» fix(pix): remove client_secret hardcoded\n«sha7b» chore: bump efí sdk to «ver»\n«sha7c» docs: como pedir acesso ao Vault",
   "uuidgen | tr 'A-Z' 'a-z'\n«uuid»",
   "curl -s https://«apihost»/health -H 'X-Request-Id: «uuid»'",
   "git tag -s v«ver» -m 'release v«ver»' && git push origin v«ver»",
   "pass show pagos/«env»/mpesa-passkey | wc -c",
   "op read 'op://Pagos/Conekta «env»/credential' > /dev/null && echo 'leído OK'",
   "bw get password 'PAC Finkok prod' | pbcopy   # no lo pegues en el chat",
   "helm upgrade «svc» ./chart -n «ns» --set-string image.digest=sha256:«hex64»",
   "npm install --integrity «npmint» «co»-sdk@«ver»",
   "ansible-vault encrypt group_vars/«env»/vault.yml --vault-password-file ~/.vault_pass.txt",
   "docker run --rm -e POSTGRES_PASSWORD_FILE=/run/secrets/pg_pass -v ./pg_pass:/run/secrets/pg_pass:ro postgres:16",
   "export MP_ACCESS_TOKEN=$(vault kv get -field=token secret/mp/«env»)",
   )

# --- tool output ----------------------------------------------------------
BN("$ kubectl -n «ns» get secrets\nNAME                TYPE                DATA   AGE\n«svc»-db            Opaque              2      41d\n«svc»-tls           kubernetes.io/tls   2      12d",
   "$ aws sts get-caller-identity\n{\n    \"UserId\": \"AIDA«an10»«an10b»\",\n    \"Account\": \"«acct»\",\n    \"Arn\": \"arn:aws:iam::«acct»:user/«login»\"\n}",
   "$ aws iam list-access-keys --user-name ci-«svc»\nAccessKeyId: «akid»  Status: Active  CreateDate: «ts»  (a chave secreta fica só no Secrets Manager)",
   "$ gh secret list --repo «repo»\nFLW_SECRET_KEY        Updated «date»\nMP_ACCESS_TOKEN       Updated «date2»\nPAYSTACK_SECRET_KEY   Updated «date3»",
   "$ terraform plan\n  ~ resource \"aws_db_instance\" \"pagos\" {\n      ~ password = (sensitive value)\n        # (41 unchanged attributes hidden)\n    }",
   "$ env | grep -i pass\nDB_PASSWORD=********\nPASSWORD_MIN_LENGTH=12\nPASSWORD_EXPIRY_DAYS=90",
   "$ vault kv metadata get secret/«svc»/«env»\ncreated_time    «ts»\ncurrent_version 7\nmax_versions    10",
   "$ openssl x509 -in cert.pem -noout -fingerprint -sha256\nsha256 Fingerprint=«fp»",
   "$ ssh-keyscan -t ed25519 «host»\n«host» ssh-ed25519 «sshpub»",
   "$ curl -sI https://«apihost»/v1/status\nHTTP/2 200\netag: \"«hex32»\"\nx-request-id: «uuid»\ncf-ray: «hex16»-GRU",
   "$ docker images --digests | head -3\nREPOSITORY         TAG     DIGEST                                                                    IMAGE ID\n«co»/«svc»         «ver»   sha256:«hex64»   «hex8»«hex8b»",
   "{\"id\": «d10», \"status\": \"approved\", \"status_detail\": \"accredited\", \"collector_id\": «mpuser», \"payment_method_id\": \"pix\", \"transaction_amount\": «amount»}",
   "Chave de acesso: «d44»\nProtocolo de autorização: «d15» («date» 10:42:11)",
   "<cfdi:Comprobante Version=\"4.0\" NoCertificado=\"«d20»\" Sello=\"«sello»\" Total=\"«amount»\">",
   "<tfd:TimbreFiscalDigital UUID=\"«uuid»\" FechaTimbrado=\"«date»T12:01:44\" NoCertificadoSAT=\"«d20»\" SelloSAT=\"«sello»\"/>",
   "{\"Body\":{\"stkCallback\":{\"MerchantRequestID\":\"«d5»-«d9»-1\",\"CheckoutRequestID\":\"«ws_co»\",\"ResultCode\":0,\"ResultDesc\":\"The service request is processed successfully.\"}}}",
   "MpesaReceiptNumber: «mpreceipt»  Amount: «num»0  PhoneNumber: «msisdn»",
   "{\"status\":\"success\",\"data\":{\"id\":«d9»,\"tx_ref\":\"«svc»-«d10»\",\"flw_ref\":\"FLW-MOCK-«hex32»\",\"amount\":«amount»,\"currency\":\"NGN\"}}",
   "Pix Copia e Cola: «pixbr»",
   "{\"endToEndId\":\"E«d8»«dts»«an10»\",\"txid\":\"«an26»\",\"valor\":\"«amount»\",\"horario\":\"«ts»\"}",
   "{\"messaging_product\":\"whatsapp\",\"contacts\":[{\"input\":\"«msisdn»\",\"wa_id\":\"«msisdn»\"}],\"messages\":[{\"id\":\"«wamid»\"}]}",
   "Message SID: SM«hex32»  Status: delivered  Account: AC«hex32b»",
   "x-amz-request-id: «HEX16»\nx-amz-id-2: «b64_43»/«b64_43b»=\nETag: \"«hex32»\"",
   "added 812 packages, and audited 813 packages in 14s\n\"integrity\": \"«npmint»\"",
   "--hash=sha256:«hex64» \\\n    --hash=sha256:«hex64b»",
   "Password for 'https://«login»@github.com': ",
   "[sudo] password for «login»: ",
   "Enter pass phrase for /etc/ssl/private/«svc».key:",
   "Sorry, try again.\nsudo: 3 incorrect password attempts",
   "HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Bearer realm=\"«apihost»\", error=\"invalid_token\"\n{\"message\":\"invalid credentials\",\"request_id\":\"«uuid»\"}",
   "$ git log -1 --format='%H %an %s'\n«sha» «person» chore(secrets): move PAYSTACK_SECRET_KEY to GitHub secrets",
   "$ gpg --list-keys «email»\npub   ed25519 «date» [SC]\n      «HEX16»«HEX16b»«hex8»\nuid           [ultimate] «person» <«email»>",
   "$ kubectl get externalsecret -n «ns»\nNAME         STORE              REFRESH INTERVAL   STATUS         READY\n«svc»-env    vault-backend      1h                 SecretSynced   True",
   "$ echo 'aG9sYSBtdW5kbw==' | base64 -d\nhola mundo",
   "$ echo «plainb64» | base64 -d   # só texto, nada sensível",
   "$ stripe payment_intents retrieve pi_«stripeid»\n{\"id\": \"pi_«stripeid»\", \"object\": \"payment_intent\", \"customer\": \"cus_«an14»\", \"status\": \"succeeded\"}".replace("«an14»", "«an10»"),
   "$ md5sum logo_loja.png\n«hex32»  logo_loja.png",
   "$ cat .env.example\nMP_ACCESS_TOKEN=\nPAYSTACK_SECRET_KEY=\nDB_PASSWORD=",
   )

# --- config files ---------------------------------------------------------
BN("# .env.example\nMP_ACCESS_TOKEN=your-access-token-here\nPAYSTACK_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nDB_PASSWORD=changeme",
   "spring:\n  datasource:\n    url: jdbc:postgresql://«dbhost»:5432/«db»\n    username: ${DB_USER}\n    password: ${DB_PASSWORD}",
   "mysql_root_password: \"{{ vault_mysql_root_password }}\"",
   "db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  «vaultcipher»",
   "password: ENC[AES256_GCM,data:«sopsdata»,iv:«sopsiv»,tag:«sopstag»,type:str]",
   "config:\n  «co»:dbPassword:\n    secure: v1:«pulumicipher»",
   "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nspec:\n  data:\n    - secretKey: DARAJA_PASSKEY\n      remoteRef:\n        key: secret/«svc»/«env»\n        property: passkey",
   "DB_PASSWORD_FILE=/run/secrets/db_password\nDB_USER=«user»",
   "spring.datasource.password=${SPRING_DATASOURCE_PASSWORD}\nnfe.certificado.senha=${NFE_CERT_PASSWORD}",
   "<server>\n  <id>«co»-nexus</id>\n  <username>${env.NEXUS_USER}</username>\n  <password>${env.NEXUS_PASSWORD}</password>\n</server>",
   "resource \"aws_db_instance\" \"pagos\" {\n  username = var.db_username\n  password = var.db_password\n}",
   "provider \"cloudflare\" {\n  api_token = data.vault_generic_secret.cf.data[\"token\"]\n}",
   "MP_PUBLIC_KEY=APP_USR-«uuid»",
   "PAYSTACK_PUBLIC_KEY=pk_live_«hex40»",
   "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_live_51«an20»«an20b»«an20c»",
   "FLW_PUBLIC_KEY=FLWPUBK-«hex32»-X",
   "CULQI_PUBLIC_KEY=pk_live_«hex16»",
   "WOMPI_PUBLIC_KEY=pub_prod_«an32»",
   "<script src=\"https://cdn.«co».example/checkout.js\" integrity=\"«sri»\" crossorigin=\"anonymous\"></script>",
   "checksum: sha256:«hex64»\nurl: https://github.com/«repo»/releases/download/v«ver»/cli_linux_amd64.tar.gz",
   "image: ghcr.io/«repo»@sha256:«hex64»",
   "password_policy:\n  min_length: 12\n  require_uppercase: true\n  require_digit: true\n  max_age_days: 90\n  history: 5",
   "«host» ssh-ed25519 «sshpub»",
   "ssh-rsa «rsapub» «email»",
   "-----BEGIN PUBLIC KEY-----\n«pubpem»\n-----END PUBLIC KEY-----",
   "-----BEGIN CERTIFICATE-----\n«certpem»\n-----END CERTIFICATE-----",
   "# .gitignore\n.env\n.env.*\n!.env.example\n*.pfx\n*.p12\n*.key\nsecrets/",
   "creation_rules:\n  - path_regex: secrets/«env»\\.yaml$\n    age: age1«bech»",
   "[Peer]\nPublicKey = «b64_43»=\nAllowedIPs = 10.8.0.0/24\nEndpoint = «pubip»:51820",
   "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY   # valores de exemplo da documentação da AWS",
   "client_id: «uuid»\nclient_secret_ref: kv://kv-«co»-«env»/entra-«svc»-secret",
   "[client]\nuser=«user»\n# password vem de ~/.mylogin.cnf (mysql_config_editor)",
   "DATABASE_URL=postgres://«user»@«dbhost»:5432/«db»?sslmode=verify-full&sslrootcert=/etc/ssl/rds-ca.pem",
   "REDIS_URL=redis://«host»:6379/0",
   "GOOGLE_CLIENT_ID=«d12»-«lan13»«lan13b».apps.googleusercontent.com",
   "SENTRY_RELEASE=«svc»@«sha»",
   "cache:\n  key: «hex40»\n  paths:\n    - node_modules/",
   "{\"kty\":\"RSA\",\"kid\":\"«hex16»\",\"use\":\"sig\",\"alg\":\"RS256\",\"n\":\"«jwks_n»\",\"e\":\"AQAB\"}",
   "TWILIO_ACCOUNT_SID=AC«hex32»\nTWILIO_AUTH_TOKEN=${TWILIO_AUTH_TOKEN}",
   "WHATSAPP_PHONE_NUMBER_ID=«waphone»\nWHATSAPP_BUSINESS_ACCOUNT_ID=«waba»\nWHATSAPP_TOKEN=<pega-aqui-el-token>",
   "paystack:\n  secret_key: <your-secret-key>\n  public_key: <your-public-key>",
   "SII_CERT_PASSWORD=\nSII_RUT_EMISOR=«rut»",
   "admin_passwd = ${ODOO_MASTER_PASSWORD}\ndb_host = «dbhost»",
   )

# --- source code ----------------------------------------------------------
BN("password = os.environ[\"DB_PASSWORD\"]",
   "const token = process.env.MP_ACCESS_TOKEN ?? '';\nif (!token) throw new Error('MP_ACCESS_TOKEN não configurado');",
   "if len(password) < 12:\n    raise ValueError(\"la contraseña debe tener al menos 12 caracteres\")",
   "hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))",
   "PASSWORD_FIELD = \"password\"\nTOKEN_HEADER = \"X-Api-Key\"\nSECRET_PREFIXES = (\"sk_live_\", \"FLWSECK-\", \"APP_USR-\")",
   "def get_secret(name: str) -> str:\n    return client.access_secret_version(name=f\"projects/{PROJECT}/secrets/{name}/versions/latest\").payload.data.decode()",
   "// TODO: mover la clave a Secret Manager (ver «ticket»)",
   "cache_key = f\"cfdi:{hashlib.sha1(xml).hexdigest()}\"  # ej. cfdi:«hex40»",
   "UUID_RE = re.compile(r\"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$\")",
   "KEY_ID = \"«hex16»\"  # kid público do JWKS",
   "\"login.password_label\": \"Contraseña\",\n\"login.password_hint\": \"Mínimo 12 caracteres\",",
   "\"erro.senha_incorreta\": \"Senha incorreta. Tente novamente.\"",
   "\"reset.sent\": \"Nous vous avons envoyé un lien pour réinitialiser votre mot de passe.\"",
   "\"auth.nenosiri_si_sahihi\": \"Nenosiri si sahihi. Jaribu tena.\"",
   "\"auth.wagwoord_verkeerd\": \"Verkeerde wagwoord. Probeer weer.\"",
   "RE_PAYSTACK = re.compile(r\"sk_(live|test)_[0-9a-f]{40}\")",
   "def mask(value: str) -> str:\n    return value[:8] + \"*\" * (len(value) - 12) + value[-4:]",
   "assert mask(\"sk_live_\" + \"0\" * 40).startswith(\"sk_live_\")",
   "client = MercadoPago(access_token=settings.MP_ACCESS_TOKEN)",
   "headers = {\"Authorization\": f\"Bearer {token}\", \"X-Idempotency-Key\": str(uuid.uuid4())}",
   "expected = hmac.new(secret.encode(), body, hashlib.sha512).hexdigest()",
   "TEST_PASSWORD = \"<PASSWORD>\"  # substituído no CI",
   "api_key = \"test\"  # mock do sandbox, o client não chama a rede",
   "const PLACEHOLDER_TOKEN = 'xxxx-xxxx-xxxx-xxxx';",
   "SIGNATURE_HEADER = \"X-Hub-Signature-256\"\nVERIFY_TOKEN_ENV = \"WA_VERIFY_TOKEN\"",
   "@Value(\"${nfe.certificado.senha}\")\nprivate String senhaCertificado;",
   "config :cobranca, Cobranca.Repo, password: System.fetch_env!(\"DB_PASSWORD\")",
   "$pdo = new PDO($dsn, getenv('DB_USER'), getenv('DB_PASSWORD'));",
   "var cs = builder.Configuration.GetConnectionString(\"Default\");",
   "db, err := sql.Open(\"postgres\", os.Getenv(\"DATABASE_URL\"))",
   "COMMIT_SHA = \"«sha»\"\nBUILD_ID = \"«uuid»\"",
   "ETAG = '\"«hex32»\"'",
   "MIGRATION_CHECKSUM = \"«hex64»\"",
   "random_bytes(32)  # gera o salt em runtime, nada fixo aqui",
   "# senha: nunca logar este campo\nlogger.info(\"login ok user=%s\", user.email)",
   "password = getpass.getpass(\"Senha do certificado A1: \")",
   "const secretName = `projects/${project}/secrets/paystack-secret/versions/latest`;",
   "if (req.headers['x-paystack-signature'] !== hash) return res.sendStatus(401);",
   )

# --- logs -----------------------------------------------------------------
BN("«ts» ERROR invalid credentials for user «login» (password: ***)",
   "«ts» WARN token expired (kid=«hex16», exp=«ts2»)",
   "«ts» INFO loaded secret «env»/«svc»/db (version 7) from AWS Secrets Manager",
   "request_id=«uuid» trace_id=«hex32» span_id=«hex16» status=200 latency_ms=«num»",
   "«ts» DEBUG outgoing headers: {'Authorization': 'Bearer [REDACTED]', 'Content-Type': 'application/json'}",
   "sshd[«pid»]: Accepted publickey for «user» from «ip» port 51234 ssh2: ED25519 SHA256:«b64_43»",
   "ERROR 1045 (28000): Access denied for user '«user»'@'«ip»' (using password: YES)",
   "FATAL:  password authentication failed for user \"«user»\"",
   "«ip» - - [«clf»] \"GET /v1/payments/«d10»?access_token=[FILTERED] HTTP/1.1\" 200 812",
   "X-Hub-Signature-256: sha256=«hex64»",
   "x-paystack-signature: «hex128»",
   "verif-hash header mismatch for event charge.completed (id «d9»)",
   "- ** ---------- .> transport:   amqp://«user»:**@«host»:5672//",
   "Connecting to postgresql://«user»:***@«dbhost»:5432/«db»",
   "«ts» INFO Started PagoService in 4.211 seconds (process running for 4.9)",
   "CheckoutRequestID: «ws_co» ResultCode: 1032 ResultDesc: Request cancelled by user",
   "NF-e autorizada: protocolo «d15», chave «d44»",
   "CFDI timbrado UUID «uuid» NoCertificadoSAT «d20»",
   "[DTE] EnvioDTE aceptado trackid=«d10» estado=EPR",
   "«ts» INFO wa-notifier sent template pedido_confirmado id=«wamid»",
   "«ts» level=warn msg=\"rate limited\" provider=africastalking retry_after=30s",
   "«ts» INFO rotated secret «svc»/smtp_password (old version disabled)",
   "Authorization header missing or malformed (expected 'Bearer <token>')",
   "«ts» INFO cache hit key=sha256:«hex64»",
   "java.lang.IllegalStateException: Senha do certificado não configurada (NFE_CERT_PASSWORD vazio)\n\tat br.com.«co».nfe.CertLoader.load(CertLoader.java:41)",
   "KeyError: 'PAYSTACK_SECRET_KEY'\n  File \"/app/pagos/settings.py\", line 27, in <module>",
   "«ts» INFO Vault token renewed, ttl=768h accessor=«an26»",
   "«ts» audit: secret read path=secret/data/«svc»/«env» by=«login» (value not logged)",
   "webhook signature ok: t=«d10»,v1=«hex64»",
   "«ts» DEBUG S3 GET s3://«bucket»/xml/«uuid».xml etag=«hex32»",
   "«clf» \"POST /webhooks/flutterwave HTTP/1.1\" 200 2 \"-\" \"Flutterwave-Webhook/1.0\"",
   "docker: Error response from daemon: pull access denied for «co»/«svc», repository does not exist or may require 'docker login'",
   "remote: Invalid username or password.\nfatal: Authentication failed for 'https://github.com/«repo».git/'",
   "«ts» ERROR Conekta: authentication_error \"Please include your private key\" (request «an20»)",
   "«ts» ERROR daraja: 400.002.02 Bad Request - Invalid BusinessShortCode",
   )

# --- notes and chats ------------------------------------------------------
BN("«person»: la contraseña está en Bitwarden, colección \"Pagos\", ítem \"PAC Finkok prod\"",
   "«person»: a senha tá no cofre (Vault) em secret/«svc»/«env», pede acesso pro «person2»",
   "«person»: Nenosiri liko kwenye 1Password, vault ya \"Fedha\". Usilitume hapa.",
   "«person»: Die wagwoord is in 1Password onder \"Yoco live\". Vra vir «person2» vir toegang.",
   "Le mot de passe doit contenir au moins 12 caractères, une majuscule, un chiffre et un symbole.",
   "Política: senhas expiram a cada 90 dias; não reutilizar as últimas 5.",
   "No compartan contraseñas por WhatsApp; usen Bitwarden Send con expiración de 1 hora.",
   "rotated the Daraja consumer secret at «time» EAT; old one revoked. New value only in Vault.",
   "Token de MP: APP_USR-****************-******-****-«last4» (mascarado)",
   "«person»: la key que termina en ...«last4» es la de sandbox, la de prod termina distinto",
   "PR #«num»: remove hardcoded credentials, read from env instead («ticket»)",
   "«sha7» chore(secrets): move PAYSTACK_SECRET_KEY to GitHub secrets",
   "Recordatorio: la e.firma (FIEL) vence el «date», renovar en el portal del SAT.",
   "Habari, tafadhali badilisha nenosiri lako kabla ya Ijumaa.",
   "Moenie wagwoorde in Slack plak nie, asseblief. Gebruik die kluis.",
   "o token do Daraja expira em 1 hora, então o job renova com client_credentials a cada 50 min",
   "«person»: senha? a mesma do ano passado, pergunta pro «person2» no privado",
   "«person»: la clave es la de siempre, está en el sobre del cofre físico 😅",
   "ticket «ticket»: 401 Unauthorized em /oauth/v1/generate — consumer key revogada?",
   "«person»: j'ai régénéré la clé API CinetPay, elle est dans le coffre, pas ici",
   "GOAL: move all provider keys (Conekta, MP, Paystack) to Secret Manager; remove from .env files.",
   "Decision: rotate WhatsApp system-user token monthly; store in Vault at secret/wa/«env».",
   "Note: password reset e-mails are sent by the «svc» service; link valid for 30 minutes.",
   "«person»: the PIX key of the store is the CNPJ «cnpj} (it's public, goes on the QR)".replace("«cnpj}", "«cnpj»"),
   "«person»: nossa chave Pix aleatória é «uuid», pode colocar no site",
   "«person»: o ID da transação é «an26», o endToEndId tá no log",
   "«person»: Mercado Pago payment id «d10» ficou em pending_contingency",
   "«person»: M-Pesa receipt «mpreceipt} imethibitishwa ✅".replace("«mpreceipt}", "«mpreceipt»"),
   "«person»: el RFC del cliente es «rfc», no la confundas con la contraseña del CSD",
   "«person»: commit «sha» tiene el fix, hay que cherry-pickearlo a release/«ver»",
   "Standup: «person» - rotated SSH host keys on «host»; new fingerprint SHA256:«b64_43»",
   "«person»: chave de acesso da NF-e «d44} — consulta pública no portal".replace("«d44}", "«d44»"),
   "«person»: senha do Wi-Fi de visitantes tá no quadro da recepção, não coloca aqui",
   "«person»: contraseña: ******** (te la mando por Signal)",
   "«person»: password: <redacted> — asked in DM",
   "«person»: le mdp c'est toujours REDACTED dans les logs, normal",
   "«person»: nenosiri: xxxxxxxx (nitakutumia kwa simu)",
   "«person»: tokeni ya zamani imefutwa; mpya iko kwenye vault",
   "«person»: ek het die sleutel geroteer; die ou een werk nie meer nie",
   "«person»: API key prefix pk_live_ es pública, la sk_live_ nunca va al front",
   "Checklist de segurança: [x] senhas no cofre [x] 2FA obrigatório [ ] rotacionar chaves do Asaas",
   "Meeting notes «date»: discussed moving from Basic Auth to OAuth client credentials for the NFS-e API.",
   "«person»: usa la variable ${CONEKTA_API_KEY}, no pegues el valor",
   "«person»: a base64 disso é só o nome do arquivo: «plainb64»",
   "«person»: sha do release: «sha»",
   "«person»: trace id pra investigar: «hex32»",
   "«person»: request id «uuid» — timeout no PAC",
   )

# --- CI / deploy ----------------------------------------------------------
BN("      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}",
   "      - uses: docker/login-action@v3\n        with:\n          username: ${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}",
   "    - docker login -u gitlab-ci-token -p $CI_JOB_TOKEN $CI_REGISTRY",
   "        env:\n          - name: DB_PASSWORD\n            valueFrom:\n              secretKeyRef:\n                name: «svc»-db\n                key: password",
   "image: ghcr.io/«repo»:«sha7»",
   "      - uses: actions/checkout@«sha»  # v4.1.1 pinned",
   "Cache restored from key: Linux-node-«hex64»",
   "withCredentials([usernamePassword(credentialsId: 'nexus-deploy', usernameVariable: 'NEXUS_USER', passwordVariable: 'NEXUS_PASS')]) {\n    sh './gradlew publish'\n}",
   "Run curl -u ci:*** https://nexus.«co».internal/service/rest/v1/status\n  shell: /usr/bin/bash -e {0}",
   "echo \"::add-mask::$WA_TOKEN\"",
   "TF_VAR_db_password: ${{ secrets.DB_PASSWORD }}",
   "  argocd.argoproj.io/secret-type: repository\n  sshPrivateKeySecret:\n    name: repo-«svc»\n    key: sshPrivateKey",
   "cosign verify ghcr.io/«repo»@sha256:«hex64» --key cosign.pub",
   "Deployed to https://«co»-«lan13»-pagos.vercel.app (deployment id dpl_«an20»)",
   "Netlify deploy id: «hex8»«hex16»",
   "Uploaded artifact «svc»-«ver».tar.gz (sha256 «hex64»)",
   "##[warning]Secret PAYSTACK_SECRET_KEY is empty for pull requests from forks",
   "- name: Configure AWS credentials\n  uses: aws-actions/configure-aws-credentials@v4\n  with:\n    role-to-assume: arn:aws:iam::«acct»:role/gha-«svc»\n    aws-region: «region»",
   "  variables:\n    MP_ACCESS_TOKEN: $MP_ACCESS_TOKEN_PROD   # masked + protected na UI do GitLab",
   "secrets:\n  - source: db_password\n    target: /run/secrets/db_password",
   "envFrom:\n  - secretRef:\n      name: «svc»-env",
   "gh workflow run deploy.yml -f ambiente=«env» -f sha=«sha»",
   "Successfully built «hex8»«hex8b»\nSuccessfully tagged «co»/«svc»:«sha7»",
   "sonar.login=${SONAR_TOKEN}",
   "CODECOV_TOKEN: ${{ secrets.CODECOV_TOKEN }}",
   "storePassword System.getenv(\"RELEASE_STORE_PASSWORD\")",
   "helm secrets upgrade «svc» ./chart -f secrets.«env».yaml   # decifrado com sops em runtime",
   "kubectl rollout status deploy/«svc» -n «ns» --timeout=120s\ndeployment \"«svc»\" successfully rolled out",
   "provenance: sha256:«hex64» (slsa-github-generator v1.9.0)",
   "Pipeline #«d6» passed for «sha7» on «branch»",
   )

# --- vendor-ish identifiers that are not secrets ---------------------------
BN("pi_«stripeid» / cus_«an10» / evt_«stripeid»",
   "price_«stripeid»",
   "ch_«stripeid» refunded",
   "preference_id: «mpuser»-«uuid»",
   "Twilio Messaging Service SID: MG«hex32»",
   "Slack channel C0«an8» in workspace T0«an8b»",
   "Conta AWS «acct», role arn:aws:iam::«acct»:role/«svc»-readonly",
   "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  <- formato do token, não é real",
   "sk_live_**********************«last4»",
   "FLWSECK-••••••••••••••••••••••••••••••••-X",
   "APP_USR-…-«last4»",
   "xoxb-…(redacted)…",
   "EAAG... (token truncado no print)",
   "Paystack reference: «svc»_«d10»",
   "Flutterwave tx_ref: «uuid»",
   "Yoco checkout id: ch_«an20»",
   "Daraja OriginatorConversationID: «uuid»",
   "Infobip messageId: «hex32»",
   "Africa's Talking messageId: ATXid_«hex32»",
   "WhatsApp template id «d15», namespace «uuid»",
   "Meta app id «d15» (público, aparece no login)",
   "Google OAuth client id «d12»-«lan13»«lan13b».apps.googleusercontent.com",
   "Key Vault secret id: https://kv-«co»-«env».vault.azure.net/secrets/daraja-passkey/«hex32»",
   "arn:aws:secretsmanager:«region»:«acct»:secret:«env»/«svc»/db-«an8»",
   "projects/«co»-«env»/secrets/wa-cloud-token/versions/3",
   "vault path: secret/data/«svc»/«env» (keys: username, password)",
   "age1«bech»",
   "SHA256:«b64_43»",
   "fingerprint «fp»",
   "kid: «hex16»",
   "AKIA access key id: «akid} (o segredo nunca sai do Secrets Manager)".replace("«akid}", "«akid»"),
   "CLOUDFLARE_ACCOUNT_ID=«hex32»",
   "Sentry org slug «co», project id «d6»",
   "Datadog trace_id «d18»",
   "NRQL: SELECT count(*) FROM Transaction WHERE appName = '«svc»'",
   "token_type: Bearer, expires_in: 3599, scope: read write (token omitido)",
   )


FIELDS.update({
    "d5": lambda: dg(5),
    "d8": lambda: dg(8),
    "an32": lambda: an(32),
    "hex40": lambda: hx(40),
})

# ===========================================================================
# assembly
# ===========================================================================
_PER_FORMAT = 3
_PER_GROUP = 186
_TARGET_BENIGN = 950


def _quotas():
    """Per-format instance counts: at most three, about _PER_GROUP per group."""
    by_group = {}
    for i, spec in enumerate(SPEC):
        by_group.setdefault(spec[0], []).append(i)
    quota = {}
    for idx in by_group.values():
        n = len(idx)
        total = min(_PER_GROUP, _PER_FORMAT * n)
        threes = max(0, total - (_PER_FORMAT - 1) * n)
        for j, i in enumerate(idx):
            quota[i] = _PER_FORMAT if j < threes else _PER_FORMAT - 1
    return quota


def _build_secrets():
    out = []
    seen = set()
    quota = _quotas()
    for i, (group, fmt, kind, template, visible) in enumerate(SPEC):
        made = 0
        tries = 0
        while made < quota[i] and tries < 20:
            tries += 1
            text, secret, vis = _render(template, kind, visible)
            if (not secret or len(secret) < 6 or secret in seen or secret not in text
                    or (vis and (vis not in text or secret in vis)) or _PH.search(text)):
                continue
            seen.add(secret)
            out.append((group, fmt, text, secret, vis))
            made += 1
    return out


def _build_benign(secrets):
    long_secrets = [s for s in secrets if len(s) >= 8]
    out = []
    seen = set()
    idle = 0
    while len(out) < _TARGET_BENIGN and idle < 20:
        added = 0
        for template in B:
            if len(out) >= _TARGET_BENIGN:
                break
            text, _, _ = _render(template)
            if text in seen or _PH.search(text) or any(s in text for s in long_secrets):
                continue
            seen.add(text)
            out.append(text)
            added += 1
        idle = idle + 1 if added == 0 else 0
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])

del G
