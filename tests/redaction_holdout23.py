"""Blind hold-out corpus #23 for the secret-redaction engine.

What this is
    A test corpus of free text that a coding agent might save in its working
    state (goal, notes, commands run, file and tool-output excerpts, decisions,
    next steps).  Each SECRETS entry holds a credential that must be scrubbed;
    each BENIGN string looks credential-like to a naive scanner but holds
    nothing that lets anyone log in, call an API, decrypt, sign or impersonate.

Theme
    Teams outside North America and Western Europe and the services they use:
    startups, agencies and IT departments in India, Brazil, Mexico, Argentina,
    Colombia, Nigeria, Kenya, South Africa, Egypt, Turkey, Indonesia, Vietnam,
    Thailand, the Philippines, Japan, Korea, China and Taiwan -- their chats
    (WhatsApp, WeChat, LINE, KakaoTalk, Zalo, Telegram, DingTalk, Lark/Feishu),
    clouds and consoles (Alibaba, Tencent, Huawei, Naver, Yandex, cPanel VPS),
    payment gateways, SMS gateways, tax / e-invoicing APIs, maps, logistics and
    push services, plus the ordinary tools everybody uses.  Roughly a third of
    the notes and chats are written in local languages and are named
    ``note-<two-letter language code>-...``.

How it was written
    Blind: from general knowledge of what real credentials and engineering
    text look like, without reading the engine, its rules, other corpora or
    any secret scanner's rule set.  Vendor token shapes of regional services
    are plausible approximations where the real shape was not known.

Layout
    SECRETS: list of 5-tuples ``(group, format, text, secret, visible)``
        group    one of command, tool-output, config-file, source-code,
                 stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
        format   kebab-case name of the shape (each used at most three times)
        text     what the agent would record
        secret   exact substring of text that must not survive
        visible  substring of text that should stay readable, or ""
    BENIGN: list of strings with no credential in them.

All values are synthetic, generated from random.Random(2323); none is a real
credential or a documented example key.  Vendor prefixes are assembled from
parts so that the file itself holds no realistic credential literally.

It measured 0.881 recall and 4.2% false positives blind with this session's final rules
(0.870 and 4.2% with those of the session before), its look-alikes then public keys and
key ids of payment gateways, a Secrets Manager ARN's name and transaction references;
it is regression data now (tests/test_redaction_holdouts_latest.py holds its recall per
group and its false positives).
"""

import base64
import json
import random
import string
import urllib.parse

R = random.Random(2323)
NL = "\n"
_ALNUM = string.ascii_letters + string.digits
_SEEN = set()


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def H(n):
    return rs("0123456789abcdef", n)


def HU(n):
    return rs("0123456789ABCDEF", n)


def A(n):
    return rs(_ALNUM, n)


def AL(n):
    return rs(string.ascii_lowercase + string.digits, n)


def AU(n):
    return rs(string.ascii_uppercase + string.digits, n)


def D(n):
    return rs(string.digits, n)


def BU(n):
    s = rs(_ALNUM + "-_", n)
    return R.choice(_ALNUM) + s[1:]


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def B64(nbytes):
    return base64.b64encode(rbytes(nbytes)).decode()


def B64NP(nbytes):
    return B64(nbytes).rstrip("=")


def U():
    h = H(32)
    h = h[:12] + "4" + h[13:16] + R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def J(*parts):
    """Join prefix parts (keeps full vendor prefixes out of the source)."""
    return "".join(parts)


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def jwt(claims):
    head = b64u(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    body = b64u(json.dumps(claims, separators=(",", ":")).encode())
    return head + "." + body + "." + BU(43)


def pick(seq):
    return R.choice(seq)


def ip():
    return "%d.%d.%d.%d" % (pick([103, 152, 43, 45, 139, 180, 185, 202, 41, 196, 177, 189]),
                            R.randrange(1, 255), R.randrange(0, 255), R.randrange(2, 254))


def hhmm():
    return "%02d:%02d" % (R.randrange(7, 23), R.randrange(60))


def fresh(gen):
    for _ in range(200):
        v = gen()
        if v not in _SEEN and len(v) >= 8:
            _SEEN.add(v)
            return v
    raise RuntimeError("could not make a fresh value")


# ---------------------------------------------------------------- passwords
CRICKET = ["MumbaiIndians", "csk", "ChennaiSuperKings", "RCB", "KKR", "SunRisers",
           "RajasthanRoyals", "Dhoni", "Virat", "Sachin", "TeamIndia", "Rohit",
           "Bumrah", "Lahore", "Qalandars", "Karachi", "Proteas", "Kohli"]
FOOTBALL = ["Flamengo", "Corinthians", "Palmeiras", "Gremio", "BocaJuniors", "River",
            "Galatasaray", "Fenerbahce", "Besiktas", "KaizerChiefs", "Pirates",
            "AlAhly", "Zamalek", "GorMahia", "SuperEagles", "Persija", "Chivas",
            "Millonarios", "Nacional", "Cruzeiro", "Santos", "Urawa", "Ulsan"]
NAMES = ["priya", "rahul", "ananya", "joao", "ana", "lucia", "mehmet", "ayse", "budi",
         "siti", "nguyen", "linh", "somchai", "juan", "maria", "chidi", "amaka",
         "wanjiru", "kamau", "thabo", "ahmed", "fatma", "yuki", "haruto", "minji",
         "jisoo", "wei", "xiaoming", "lihua", "jose", "arjun", "deepika", "tunde",
         "zanele", "emre", "dewi", "thanh", "malee", "paolo", "sakura"]
LOCALW = ["saudade", "bismillah", "jaanu", "sayang", "mahalkita", "saranghae",
          "ganbatte", "woaini", "hakunamatata", "ubuntu", "merhaba", "habibi",
          "alhamdulillah", "namaste", "jugaad", "cafezinho", "sawasdee", "xinchao",
          "arigatou", "shukran", "asante", "ekaaro", "salamat", "terimakasih",
          "chalo", "dosti", "bahut", "querida", "chevere", "bacana", "gotong",
          "kopi", "mabuhay", "pyaar", "kismat", "sabar", "aroha", "jeongmal"]
WALKS = ["qwerty", "1qaz2wsx", "zaq12wsx", "asdfgh", "qazwsx", "1q2w3e4r", "123qwe",
         "!QAZ2wsx", "qwertyuiop", "zxcvbnm", "1qaz@WSX", "poiuytrewq", "asdf;lkj",
         "q1w2e3r4", "zxcvb123", "1234qwer"]
WORDS = ["admin", "welcome", "sunshine", "monkey", "dragon", "tiger", "mango", "chai",
         "samba", "tequila", "biryani", "jollof", "sambal", "pho", "tomyum", "kimchi",
         "ramen", "dimsum", "masala", "arepa", "asado", "suya", "ugali", "koshari",
         "baklava", "adobo", "rendang", "bulgogi"]
ORGS = ["Sabziwala", "Kirana", "Lojinha", "Tiendita", "Duka", "Warung", "Sari", "Bodega",
        "Chaiwala", "Tokoku", "Pasar", "Mercadito", "Kedai", "Quitanda", "Bazaar"]
SEPS = ["@", "#", "_", ".", "!", "", "$", "-", "*"]
LEET = {"a": "@", "e": "3", "i": "1", "o": "0", "s": "$", "t": "7"}


def _cap(w):
    return w[:1].upper() + w[1:]


def _year():
    return str(R.randrange(1975, 2026))


def _date():
    return "%02d%02d%s" % (R.randrange(1, 29), R.randrange(1, 13), _year())


def _leet(w):
    return "".join(LEET.get(ch, ch) if R.random() < 0.7 else ch for ch in w)


def _pw_cricket():
    return pick([lambda: pick(CRICKET) + pick(SEPS) + _year(),
                 lambda: pick(CRICKET).lower() + pick(["#7", "@7", "_18", "45", "@10"]) + pick(NAMES),
                 lambda: _cap(pick(NAMES)) + pick(["18", "7", "45", "10"]) + "@" + pick(CRICKET)])()


def _pw_football():
    return pick([lambda: pick(FOOTBALL) + _year() + pick(["!", "", "#", "*"]),
                 lambda: pick(FOOTBALL).lower() + pick(SEPS) + D(R.randrange(2, 5)),
                 lambda: "Vamos" + pick(FOOTBALL) + D(2)])()


def _pw_namedate():
    n = pick(NAMES)
    return pick([lambda: _cap(n) + pick(SEPS) + _date(),
                 lambda: n + "." + _year() + pick(["!", "", "#"]),
                 lambda: _cap(n) + _cap(pick(NAMES)) + D(4)])()


def _pw_walk():
    return pick(WALKS) + pick(SEPS) + pick(["", "Rs", "Ab", "Xy"]) + D(R.randrange(2, 5))


def _pw_leet():
    return _cap(_leet(pick(WORDS + LOCALW))) + pick(SEPS) + D(R.randrange(2, 5))


def _pw_local():
    return _cap(pick(LOCALW)) + pick(["786", "1004", "520", "1314", "2024", "99", "4ever"]) + pick(["!", "", "#", "@"]) + D(R.randrange(0, 3))


def _pw_company():
    return pick(ORGS) + pick(["@", "#", "_"]) + _year() + pick(["", "!", "prod"])


def _pw_phrase():
    return "-".join([pick(WORDS), pick(LOCALW), pick(WORDS)]) + "-" + D(2)


def _pw_phone():
    return pick(["98", "99", "81", "0803", "0812", "0917", "0722", "0532", "1390"]) + D(8) + pick(["@Ab", "#", "", "!x"])


def _pw_digits():
    return pick([_date, lambda: D(8), lambda: "520" + D(7), lambda: _year() + D(4)])()


def _pw_strong():
    return rs(_ALNUM + "!#%&*+=?@^~", R.randrange(12, 20))


def _pw_dollar():
    return pick(["Rs$", "R$", "Paisa$", "Peso$", "Naira$"]) + pick(WORDS) + D(3)


PW_STYLES = [_pw_cricket, _pw_football, _pw_namedate, _pw_walk, _pw_leet, _pw_local,
             _pw_company, _pw_phrase, _pw_phone, _pw_digits, _pw_strong, _pw_dollar,
             _pw_cricket, _pw_football, _pw_local, _pw_namedate]


def human_pw():
    p = pick(PW_STYLES)()
    while len(p) < 8:
        p += D(1)
    return p


# ---------------------------------------------------------------- vendor specs
SPECS = []


def V(key, svc, env, label, gen, host, idk=None, idgen=None, idpub=False, auth="bearer", cc="en"):
    SPECS.append(dict(key=key, svc=svc, env=env, label=label, gen=gen, host=host, idk=idk,
                      idgen=idgen, idpub=idpub, auth=auth, kind="api", cc=cc))


def _asaas():
    inner = H(32) + "::" + D(18) + "::" + J("$aa", "ch_") + U()
    return J("$aa", "ct_", "prod_") + base64.b64encode(inner.encode()).decode().rstrip("=")


def _paymob():
    claims = {"class": "Merchant", "profile_pk": R.randrange(100000, 999999), "name": "initial"}
    return base64.b64encode(jwt(claims).encode()).decode().rstrip("=")


def _fcm():
    return J("AAAA", BU(7), ":APA91b") + BU(134)


# India
V("razorpay-key-secret", "Razorpay", "RAZORPAY_KEY_SECRET", "key_secret", lambda: A(24), "api.razorpay.com",
  "RAZORPAY_KEY_ID", lambda: J("rzp", "_live_") + A(14), True, "basic", "hi")
V("razorpay-webhook-secret", "Razorpay webhook", "RAZORPAY_WEBHOOK_SECRET", "webhook_secret", lambda: A(20), "api.razorpay.com", auth="hdr:X-Razorpay-Signature", cc="hi")
V("paytm-merchant-key", "Paytm", "PAYTM_MERCHANT_KEY", "merchant_key", lambda: rs(_ALNUM + "#&@%_!", 16), "securegw.paytm.in",
  "PAYTM_MID", lambda: rs(string.ascii_letters, 6) + D(14), True, "body:merchantKey", "hi")
V("phonepe-salt-key", "PhonePe", "PHONEPE_SALT_KEY", "salt_key", U, "api.phonepe.com",
  "PHONEPE_MERCHANT_ID", lambda: "M" + AU(13), True, "hdr:X-VERIFY", "hi")
V("payu-merchant-salt", "PayU India", "PAYU_MERCHANT_SALT", "salt", lambda: A(32), "secure.payu.in",
  "PAYU_MERCHANT_KEY", lambda: A(7), True, "body:salt", "hi")
V("cashfree-client-secret", "Cashfree", "CASHFREE_SECRET_KEY", "x-client-secret",
  lambda: J("cfsk", "_ma_prod_") + H(32) + "_" + H(8), "api.cashfree.com",
  "CASHFREE_APP_ID", lambda: D(7) + H(25), True, "hdr:x-client-secret", "hi")
V("instamojo-auth-token", "Instamojo", "INSTAMOJO_AUTH_TOKEN", "auth_token", lambda: H(32), "www.instamojo.com", auth="hdr:X-Auth-Token", cc="hi")
V("ccavenue-working-key", "CCAvenue", "CCAVENUE_WORKING_KEY", "working_key", lambda: HU(32), "secure.ccavenue.com",
  "CCAVENUE_ACCESS_CODE", lambda: "AVRK" + AU(16), True, "body:working_key", "hi")
V("msg91-authkey", "MSG91", "MSG91_AUTH_KEY", "authkey", lambda: D(6) + A(18), "control.msg91.com", auth="query:authkey", cc="hi")
V("textlocal-apikey", "Textlocal", "TEXTLOCAL_API_KEY", "apikey", lambda: B64NP(30), "api.textlocal.in", auth="query:apikey", cc="hi")
V("shiprocket-token", "Shiprocket", "SHIPROCKET_TOKEN", "token",
  lambda: jwt({"sub": R.randrange(1000000, 9999999), "iss": "https://apiv2.shiprocket.in/v1/external/auth/login", "exp": 1700000000 + R.randrange(10 ** 7)}),
  "apiv2.shiprocket.in", cc="hi")
V("delhivery-api-token", "Delhivery", "DELHIVERY_API_TOKEN", "token", lambda: H(40), "track.delhivery.com", auth="token", cc="hi")
V("gsp-client-secret", "GST GSP", "GSP_CLIENT_SECRET", "client_secret", lambda: A(30), "api.gsp-partner.in",
  "GSP_CLIENT_ID", lambda: "GSP" + AU(12), False, "hdr:client_secret", "hi")
V("mappls-client-secret", "Mappls (MapmyIndia)", "MAPPLS_CLIENT_SECRET", "client_secret", lambda: A(44) + "==", "outpost.mappls.com",
  "MAPPLS_CLIENT_ID", lambda: "33OkryzDZsK" + A(20), False, "body:client_secret", "hi")
V("digilocker-client-secret", "DigiLocker", "DIGILOCKER_CLIENT_SECRET", "client_secret", lambda: H(40), "api.digitallocker.gov.in",
  "DIGILOCKER_CLIENT_ID", lambda: AU(8), True, "body:client_secret", "hi")
# Brazil / LatAm
V("mercadopago-access-token", "Mercado Pago", "MP_ACCESS_TOKEN", "access_token",
  lambda: J("APP", "_USR-") + D(16) + "-" + D(6) + "-" + H(32) + "-" + D(9), "api.mercadopago.com",
  "MP_PUBLIC_KEY", lambda: J("APP", "_USR-") + U(), True, "bearer", "pt")
V("pagseguro-token", "PagSeguro", "PAGSEGURO_TOKEN", "token", lambda: HU(32), "ws.pagseguro.uol.com.br",
  "PAGSEGURO_EMAIL", lambda: "financeiro@" + pick(["lojinha", "bazar", "modafit"]) + D(2) + ".com.br", True, "query:token", "pt")
V("pagarme-secret-key", "Pagar.me", "PAGARME_SECRET_KEY", "secret_key", lambda: J("sk", "_") + A(32), "api.pagar.me",
  "PAGARME_PUBLIC_KEY", lambda: J("pk", "_") + A(32), True, "basic", "pt")
V("asaas-api-key", "Asaas", "ASAAS_API_KEY", "access_token", _asaas, "api.asaas.com", auth="hdr:access_token", cc="pt")
V("iugu-api-token", "iugu", "IUGU_API_TOKEN", "api_token", lambda: HU(32), "api.iugu.com", auth="basic", cc="pt")
V("efi-client-secret", "Efi (Gerencianet) Pix", "EFI_CLIENT_SECRET", "client_secret", lambda: J("Client", "_Secret_") + H(40), "pix.api.efipay.com.br",
  "EFI_CLIENT_ID", lambda: J("Client", "_Id_") + H(40), False, "basic", "pt")
V("zenvia-api-token", "Zenvia", "ZENVIA_API_TOKEN", "X-API-TOKEN", lambda: BU(36), "api.zenvia.com", auth="hdr:X-API-TOKEN", cc="pt")
V("focusnfe-token", "Focus NFe", "FOCUS_NFE_TOKEN", "token", lambda: A(32), "api.focusnfe.com.br", auth="basic", cc="pt")
V("conekta-private-key", "Conekta", "CONEKTA_PRIVATE_KEY", "private_key", lambda: J("key", "_") + A(27), "api.conekta.io",
  "CONEKTA_PUBLIC_KEY", lambda: J("key", "_") + A(27), True, "bearer", "es")
V("openpay-private-key", "Openpay MX", "OPENPAY_PRIVATE_KEY", "private_key", lambda: J("sk", "_") + H(32), "api.openpay.mx",
  "OPENPAY_MERCHANT_ID", lambda: "m" + AL(19), True, "basic", "es")
V("wompi-private-key", "Wompi", "WOMPI_PRIVATE_KEY", "private_key", lambda: J("prv", "_prod_") + A(32), "production.wompi.co",
  "WOMPI_PUBLIC_KEY", lambda: J("pub", "_prod_") + A(32), True, "bearer", "es")
V("wompi-integrity-secret", "Wompi integrity", "WOMPI_INTEGRITY_SECRET", "integrity_secret", lambda: J("prod", "_integrity_") + A(32), "production.wompi.co", auth="body:integrity", cc="es")
V("culqi-secret-key", "Culqi", "CULQI_SECRET_KEY", "secret_key", lambda: J("sk", "_live_") + H(16), "api.culqi.com",
  "CULQI_PUBLIC_KEY", lambda: J("pk", "_live_") + H(16), True, "bearer", "es")
V("transbank-api-secret", "Transbank Webpay", "TBK_API_KEY_SECRET", "Tbk-Api-Key-Secret", lambda: HU(64), "webpay3g.transbank.cl",
  "TBK_COMMERCE_CODE", lambda: "5970" + D(8), True, "hdr:Tbk-Api-Key-Secret", "es")
V("dlocal-secret-key", "dLocal", "DLOCAL_SECRET_KEY", "secret_key", lambda: A(32), "api.dlocal.com",
  "DLOCAL_X_LOGIN", lambda: A(10), False, "hdr:X-Login", "es")
V("mercadolibre-client-secret", "Mercado Libre", "ML_CLIENT_SECRET", "client_secret", lambda: A(32), "api.mercadolibre.com",
  "ML_APP_ID", lambda: D(16), True, "body:client_secret", "es")
V("alegra-token", "Alegra", "ALEGRA_TOKEN", "token", lambda: H(20), "api.alegra.com", auth="basic", cc="es")
# Africa / Middle East / Turkey
V("paystack-secret-key", "Paystack", "PAYSTACK_SECRET_KEY", "secret_key", lambda: J("sk", "_live_") + H(40), "api.paystack.co",
  "PAYSTACK_PUBLIC_KEY", lambda: J("pk", "_live_") + H(40), True, "bearer", "yo")
V("flutterwave-secret-key", "Flutterwave", "FLW_SECRET_KEY", "secret_key", lambda: J("FLW", "SECK-") + H(32) + "-X", "api.flutterwave.com",
  "FLW_PUBLIC_KEY", lambda: J("FLW", "PUBK-") + H(32) + "-X", True, "bearer", "yo")
V("flutterwave-encryption-key", "Flutterwave encryption", "FLW_ENCRYPTION_KEY", "encryption_key", lambda: J("FLW", "SECK") + H(12), "api.flutterwave.com", auth="body:encryption_key", cc="yo")
V("mpesa-consumer-secret", "M-Pesa Daraja", "MPESA_CONSUMER_SECRET", "consumer_secret", lambda: A(64), "api.safaricom.co.ke",
  "MPESA_CONSUMER_KEY", lambda: A(48), False, "basic", "sw")
V("mpesa-passkey", "M-Pesa STK push", "MPESA_PASSKEY", "passkey", lambda: H(64), "api.safaricom.co.ke",
  "MPESA_SHORTCODE", lambda: D(6), True, "body:Password", "sw")
V("africastalking-api-key", "Africa's Talking", "AT_API_KEY", "apiKey", lambda: J("atsk", "_") + H(64), "api.africastalking.com",
  "AT_USERNAME", lambda: pick(["duka", "bodaapp", "shambapay"]) + D(2), True, "hdr:apiKey", "sw")
V("termii-api-key", "Termii", "TERMII_API_KEY", "api_key", lambda: "TL" + A(58), "api.ng.termii.com", auth="body:api_key", cc="yo")
V("monnify-secret-key", "Monnify", "MONNIFY_SECRET_KEY", "secret_key", lambda: AU(32), "api.monnify.com",
  "MONNIFY_API_KEY", lambda: J("MK", "_PROD_") + AU(10), False, "basic", "yo")
V("interswitch-client-secret", "Interswitch", "ISW_CLIENT_SECRET", "client_secret", lambda: B64(33), "qa.interswitchng.com",
  "ISW_CLIENT_ID", lambda: "IKIA" + HU(36), True, "basic", "yo")
V("yoco-secret-key", "Yoco", "YOCO_SECRET_KEY", "secret_key", lambda: J("sk", "_live_") + H(20) + A(8), "payments.yoco.com", cc="zu")
V("ozow-private-key", "Ozow", "OZOW_PRIVATE_KEY", "private_key", lambda: A(32), "api.ozow.com",
  "OZOW_SITE_CODE", lambda: AU(3) + "-" + AU(3) + "-" + D(3), True, "body:PrivateKey", "zu")
V("paymob-api-key", "Paymob", "PAYMOB_API_KEY", "api_key", _paymob, "accept.paymob.com", auth="body:api_key", cc="ar")
V("paymob-hmac-secret", "Paymob HMAC", "PAYMOB_HMAC_SECRET", "hmac", lambda: AU(32), "accept.paymob.com", auth="body:hmac", cc="ar")
V("fawry-security-key", "Fawry", "FAWRY_SECURE_KEY", "secure_key", lambda: H(32), "www.atfawry.com",
  "FAWRY_MERCHANT_CODE", lambda: B64(16), True, "body:signature", "ar")
V("eta-client-secret", "ETA e-invoicing", "ETA_CLIENT_SECRET", "client_secret", U, "id.eta.gov.eg",
  "ETA_CLIENT_ID", U, False, "body:client_secret", "ar")
V("iyzico-secret-key", "iyzico", "IYZICO_SECRET_KEY", "secretKey", lambda: A(32), "api.iyzipay.com",
  "IYZICO_API_KEY", lambda: A(32), False, "body:secretKey", "tr")
V("paytr-merchant-key", "PayTR", "PAYTR_MERCHANT_KEY", "merchant_key", lambda: A(16), "www.paytr.com",
  "PAYTR_MERCHANT_ID", lambda: D(6), True, "body:merchant_key", "tr")
V("paytr-merchant-salt", "PayTR salt", "PAYTR_MERCHANT_SALT", "merchant_salt", lambda: A(16), "www.paytr.com", auth="body:merchant_salt", cc="tr")
# South-east Asia
V("midtrans-server-key", "Midtrans", "MIDTRANS_SERVER_KEY", "server_key", lambda: J("Mid", "-server-") + BU(24), "api.midtrans.com",
  "MIDTRANS_CLIENT_KEY", lambda: J("Mid", "-client-") + BU(16), True, "basic", "id")
V("xendit-secret-key", "Xendit", "XENDIT_SECRET_KEY", "secret_key", lambda: J("xnd", "_production_") + A(60), "api.xendit.co",
  "XENDIT_PUBLIC_KEY", lambda: J("xnd", "_public_production_") + A(50), True, "basic", "id")
V("xendit-callback-token", "Xendit callback", "XENDIT_CALLBACK_TOKEN", "x-callback-token", lambda: A(48), "api.xendit.co", auth="hdr:x-callback-token", cc="id")
V("doku-secret-key", "DOKU", "DOKU_SECRET_KEY", "secret_key", lambda: "SK-" + A(20), "api.doku.com",
  "DOKU_CLIENT_ID", lambda: "BRN-0" + D(3) + "-" + D(13), True, "hdr:Signature", "id")
V("paymongo-secret-key", "PayMongo", "PAYMONGO_SECRET_KEY", "secret_key", lambda: J("sk", "_live_") + A(24), "api.paymongo.com",
  "PAYMONGO_PUBLIC_KEY", lambda: J("pk", "_live_") + A(24), True, "basic", "tl")
V("maya-secret-key", "Maya (PayMaya)", "MAYA_SECRET_KEY", "secret_key", lambda: J("sk", "-") + A(43), "pg.maya.ph",
  "MAYA_PUBLIC_KEY", lambda: J("pk", "-") + A(43), True, "basic", "tl")
V("semaphore-apikey", "Semaphore SMS", "SEMAPHORE_API_KEY", "apikey", lambda: H(32), "api.semaphore.co", auth="query:apikey", cc="tl")
V("momo-secret-key", "MoMo", "MOMO_SECRET_KEY", "secretKey", lambda: A(32), "payment.momo.vn",
  "MOMO_PARTNER_CODE", lambda: "MOMO" + AU(10), True, "body:signature", "vi")
V("vnpay-hash-secret", "VNPAY", "VNP_HASH_SECRET", "vnp_HashSecret", lambda: AU(32), "pay.vnpay.vn",
  "VNP_TMN_CODE", lambda: AU(8), True, "body:vnp_SecureHash", "vi")
V("zalopay-key2", "ZaloPay", "ZALOPAY_KEY2", "key2", lambda: A(32), "openapi.zalopay.vn",
  "ZALOPAY_APP_ID", lambda: D(4), True, "body:mac", "vi")
V("zalo-oa-access-token", "Zalo OA", "ZALO_OA_ACCESS_TOKEN", "access_token", lambda: BU(180), "openapi.zalo.me", auth="hdr:access_token", cc="vi")
V("omise-secret-key", "Omise", "OMISE_SECRET_KEY", "secret_key", lambda: J("skey", "_5") + AL(18), "api.omise.co",
  "OMISE_PUBLIC_KEY", lambda: J("pkey", "_5") + AL(18), True, "basic", "th")
V("c2p-secret-key", "2C2P", "C2P_SECRET_KEY", "secret_key", lambda: HU(64), "pgw.2c2p.com",
  "C2P_MERCHANT_ID", lambda: "JT" + D(2), True, "body:payload", "th")
V("scb-api-secret", "SCB Open API", "SCB_API_SECRET", "apiSecret", lambda: A(16), "api.partners.scb",
  "SCB_API_KEY", lambda: "l7" + A(30), False, "body:applicationSecret", "th")
V("line-channel-secret", "LINE Messaging API", "LINE_CHANNEL_SECRET", "channel_secret", lambda: H(32), "api.line.me",
  "LINE_CHANNEL_ID", lambda: "16" + D(8), True, "body:channel_secret", "th")
V("line-channel-token", "LINE channel", "LINE_CHANNEL_ACCESS_TOKEN", "channel_access_token", lambda: B64(127), "api.line.me", cc="ja")
V("line-notify-token", "LINE Notify", "LINE_NOTIFY_TOKEN", "token", lambda: A(43), "notify-api.line.me", cc="ja")
V("linepay-channel-secret", "LINE Pay", "LINEPAY_CHANNEL_SECRET", "channelSecret", lambda: H(32), "api-pay.line.me",
  "LINEPAY_CHANNEL_ID", lambda: "16" + D(8), True, "hdr:X-LINE-Authorization", "th")
# China / Taiwan / Korea / Japan / Russia-region clouds
V("wechatpay-apiv3-key", "WeChat Pay", "WECHATPAY_APIV3_KEY", "apiv3_key", lambda: A(32), "api.mch.weixin.qq.com",
  "WECHATPAY_MCHID", lambda: "16" + D(8), True, "body:apiv3_key", "zh")
V("wechat-appsecret", "WeChat mini-program", "WECHAT_APPSECRET", "appsecret", lambda: H(32), "api.weixin.qq.com",
  "WECHAT_APPID", lambda: "wx" + H(16), True, "query:secret", "zh")
V("aliyun-accesskey-secret", "Alibaba Cloud", "ALIBABA_CLOUD_ACCESS_KEY_SECRET", "access_key_secret", lambda: A(30), "ecs.aliyuncs.com",
  "ALIBABA_CLOUD_ACCESS_KEY_ID", lambda: "LTAI" + A(20), False, "body:AccessKeySecret", "zh")
V("tencent-secret-key", "Tencent Cloud", "TENCENTCLOUD_SECRET_KEY", "secret_key", lambda: A(32), "cvm.tencentcloudapi.com",
  "TENCENTCLOUD_SECRET_ID", lambda: "AKID" + A(32), False, "body:SecretKey", "zh")
V("huawei-cloud-sk", "Huawei Cloud", "HUAWEICLOUD_SDK_SK", "sk", lambda: A(40), "ecs.ap-southeast-1.myhuaweicloud.com",
  "HUAWEICLOUD_SDK_AK", lambda: AU(20), False, "body:sk", "zh")
V("baidu-bce-secret", "Baidu AI Cloud", "BCE_SECRET_KEY", "secret_key", lambda: H(32), "bcc.bj.baidubce.com",
  "BCE_ACCESS_KEY", lambda: H(32), False, "body:secret_key", "zh")
V("qiniu-secret-key", "Qiniu Kodo", "QINIU_SECRET_KEY", "secret_key", lambda: BU(40), "api.qiniu.com",
  "QINIU_ACCESS_KEY", lambda: BU(40), False, "body:secret_key", "zh")
V("volcengine-secret-key", "Volcengine", "VOLC_SECRETKEY", "secret_key", lambda: B64(45), "open.volcengineapi.com",
  "VOLC_ACCESSKEY", lambda: "AKLT" + BU(40), False, "body:SecretKey", "zh")
V("dingtalk-robot-token", "DingTalk robot", "DINGTALK_ACCESS_TOKEN", "access_token", lambda: H(64), "oapi.dingtalk.com", auth="query:access_token", cc="zh")
V("dingtalk-sign-secret", "DingTalk robot sign", "DINGTALK_SECRET", "secret", lambda: "SEC" + H(64), "oapi.dingtalk.com", auth="body:sign", cc="zh")
V("feishu-app-secret", "Feishu / Lark app", "FEISHU_APP_SECRET", "app_secret", lambda: A(32), "open.feishu.cn",
  "FEISHU_APP_ID", lambda: "cli_" + H(16), True, "body:app_secret", "zh")
V("feishu-bot-hook", "Feishu bot webhook", "FEISHU_WEBHOOK_TOKEN", "hook", U, "open.feishu.cn", auth="path:/open-apis/bot/v2/hook/", cc="zh")
V("wecom-webhook-key", "WeCom robot", "WECOM_WEBHOOK_KEY", "key", U, "qyapi.weixin.qq.com", auth="query:key", cc="zh")
V("wecom-corp-secret", "WeCom app", "WECOM_CORP_SECRET", "corpsecret", lambda: BU(43), "qyapi.weixin.qq.com",
  "WECOM_CORP_ID", lambda: "ww" + H(16), True, "query:corpsecret", "zh")
V("gitee-token", "Gitee", "GITEE_TOKEN", "private_token", lambda: H(32), "gitee.com", auth="query:access_token", cc="zh")
V("jpush-master-secret", "JPush", "JPUSH_MASTER_SECRET", "master_secret", lambda: H(24), "api.jpush.cn",
  "JPUSH_APP_KEY", lambda: H(24), True, "basic", "zh")
V("getui-master-secret", "Getui push", "GETUI_MASTER_SECRET", "mastersecret", lambda: A(22), "restapi.getui.com",
  "GETUI_APP_ID", lambda: A(22), True, "body:sign", "zh")
V("hms-client-secret", "Huawei Push Kit", "HMS_CLIENT_SECRET", "client_secret", lambda: H(64), "oauth-login.cloud.huawei.com",
  "HMS_APP_ID", lambda: "10" + D(7), True, "body:client_secret", "zh")
V("xiaomi-push-secret", "Xiaomi push", "MI_PUSH_APP_SECRET", "app_secret", lambda: B64(16), "api.xmpush.xiaomi.com",
  "MI_PUSH_APP_ID", lambda: "2882303761" + D(9), True, "hdr:Authorization: key=", "zh")
V("oppo-master-secret", "OPPO push", "OPPO_MASTER_SECRET", "master_secret", lambda: H(32), "api.push.oppomobile.com",
  "OPPO_APP_KEY", lambda: H(32), True, "body:sign", "zh")
V("amap-security-jscode", "Amap (Gaode)", "AMAP_SECURITY_JSCODE", "securityJsCode", lambda: H(32), "restapi.amap.com",
  "AMAP_KEY", lambda: H(32), True, "body:jscode", "zh")
V("baidu-map-sk", "Baidu Maps", "BAIDU_MAP_SK", "sk", lambda: A(32), "api.map.baidu.com",
  "BAIDU_MAP_AK", lambda: A(32), True, "body:sn", "zh")
V("ecpay-hash-key", "ECPay", "ECPAY_HASH_KEY", "HashKey", lambda: A(16), "payment.ecpay.com.tw",
  "ECPAY_MERCHANT_ID", lambda: "30" + D(5), True, "body:CheckMacValue", "zh")
V("ecpay-hash-iv", "ECPay IV", "ECPAY_HASH_IV", "HashIV", lambda: A(16), "payment.ecpay.com.tw", auth="body:CheckMacValue", cc="zh")
V("newebpay-hash-key", "NewebPay", "NEWEBPAY_HASH_KEY", "HashKey", lambda: A(32), "core.newebpay.com",
  "NEWEBPAY_MERCHANT_ID", lambda: "MS" + D(9), True, "body:TradeSha", "zh")
V("kakao-admin-key", "Kakao", "KAKAO_ADMIN_KEY", "admin_key", lambda: H(32), "kapi.kakao.com",
  "KAKAO_JS_KEY", lambda: H(32), True, "hdr:Authorization: KakaoAK", "ko")
V("kakao-rest-key", "Kakao REST", "KAKAO_REST_API_KEY", "rest_api_key", lambda: H(32), "dapi.kakao.com", auth="hdr:Authorization: KakaoAK", cc="ko")
V("naver-client-secret", "Naver Open API", "NAVER_CLIENT_SECRET", "X-Naver-Client-Secret", lambda: BU(10), "openapi.naver.com",
  "NAVER_CLIENT_ID", lambda: A(20), True, "hdr:X-Naver-Client-Secret", "ko")
V("ncloud-secret-key", "Naver Cloud", "NCLOUD_SECRET_KEY", "secret_key", lambda: A(40), "ncloud.apigw.ntruss.com",
  "NCLOUD_ACCESS_KEY", lambda: "ncp_iam_" + AU(20), False, "hdr:x-ncp-apigw-signature-v2", "ko")
V("toss-secret-key", "Toss Payments", "TOSS_SECRET_KEY", "secretKey", lambda: J("live", "_gsk_") + A(24), "api.tosspayments.com",
  "TOSS_CLIENT_KEY", lambda: J("live", "_gck_") + A(24), True, "basic", "ko")
V("portone-api-secret", "PortOne", "PORTONE_API_SECRET", "apiSecret", lambda: A(80), "api.portone.io",
  "PORTONE_STORE_ID", lambda: "store-" + U(), True, "hdr:Authorization: PortOne", "ko")
V("nhn-sms-secret", "NHN Cloud SMS", "NHN_SMS_SECRET_KEY", "X-Secret-Key", lambda: A(16), "api-sms.cloud.toast.com",
  "NHN_SMS_APP_KEY", lambda: A(16), True, "hdr:X-Secret-Key", "ko")
V("payjp-secret-key", "PAY.JP", "PAYJP_SECRET_KEY", "secret_key", lambda: J("sk", "_live_") + H(48), "api.pay.jp",
  "PAYJP_PUBLIC_KEY", lambda: J("pk", "_live_") + H(48), True, "basic", "ja")
V("chatwork-token", "Chatwork", "CHATWORK_API_TOKEN", "api_token", lambda: H(32), "api.chatwork.com", auth="hdr:X-ChatWorkToken", cc="ja")
V("kintone-token", "kintone", "KINTONE_API_TOKEN", "api_token", lambda: A(40), "example-corp.cybozu.com", auth="hdr:X-Cybozu-API-Token", cc="ja")
V("backlog-apikey", "Backlog", "BACKLOG_API_KEY", "apiKey", lambda: A(64), "nihon-dev.backlog.jp", auth="query:apiKey", cc="ja")
V("sakura-token-secret", "Sakura Cloud", "SAKURACLOUD_ACCESS_TOKEN_SECRET", "access_token_secret", lambda: A(64), "secure.sakura.ad.jp",
  "SAKURACLOUD_ACCESS_TOKEN", U, False, "basic", "ja")
V("yandex-cloud-api-key", "Yandex Cloud", "YC_API_KEY", "api_key", lambda: "AQVN" + BU(36), "llm.api.cloud.yandex.net",
  "YC_FOLDER_ID", lambda: "b1g" + AL(17), True, "hdr:Authorization: Api-Key", "ru")
V("yandex-iam-token", "Yandex IAM", "YC_IAM_TOKEN", "iam_token", lambda: "t1.9euelZ" + BU(60) + "." + BU(86), "iam.api.cloud.yandex.net", cc="ru")
V("yandex-static-secret", "Yandex Object Storage", "YC_SECRET_ACCESS_KEY", "secret_access_key", lambda: "YC" + BU(38), "storage.yandexcloud.net",
  "YC_ACCESS_KEY_ID", lambda: "YCAJ" + BU(21), False, "body:secret_access_key", "ru")
V("yandex-oauth-token", "Yandex OAuth", "YANDEX_OAUTH_TOKEN", "oauth_token", lambda: "y0_" + BU(55), "oauth.yandex.ru", auth="hdr:Authorization: OAuth", cc="ru")
# ordinary tools
V("github-pat", "GitHub", "GITHUB_TOKEN", "token", lambda: J("gh", "p_") + A(36), "api.github.com")
V("github-fine-pat", "GitHub fine-grained", "GH_PAT", "token", lambda: J("github", "_pat_") + "11" + AU(20) + "_" + A(59), "api.github.com")
V("gitlab-pat", "GitLab", "GITLAB_TOKEN", "private_token", lambda: J("gl", "pat-") + BU(20), "gitlab.com", auth="hdr:PRIVATE-TOKEN")
V("slack-bot-token", "Slack", "SLACK_BOT_TOKEN", "bot_token", lambda: J("xo", "xb-") + D(12) + "-" + D(13) + "-" + A(24), "slack.com")
V("telegram-bot-token", "Telegram bot", "TELEGRAM_BOT_TOKEN", "bot_token", lambda: D(10) + ":AA" + BU(33), "api.telegram.org", auth="path:/bot")
V("google-maps-key", "Google Maps server key", "GOOGLE_MAPS_SERVER_KEY", "key", lambda: J("AI", "za") + BU(35), "maps.googleapis.com", auth="query:key")
V("fcm-server-key", "FCM legacy", "FCM_SERVER_KEY", "server_key", _fcm, "fcm.googleapis.com", auth="hdr:Authorization: key=")
V("npm-token", "npm", "NPM_TOKEN", "_authToken", lambda: J("np", "m_") + A(36), "registry.npmjs.org")
V("docker-hub-pat", "Docker Hub", "DOCKERHUB_TOKEN", "token", lambda: J("dckr", "_pat_") + BU(27), "hub.docker.com")
V("openai-key", "OpenAI", "OPENAI_API_KEY", "api_key", lambda: J("sk", "-proj-") + BU(48) + "T3Blbk" + "FJ" + BU(48), "api.openai.com")
V("aws-secret-key", "AWS", "AWS_SECRET_ACCESS_KEY", "aws_secret_access_key", lambda: rs(_ALNUM + "+/", 40), "ap-south-1.amazonaws.com",
  "AWS_ACCESS_KEY_ID", lambda: J("AK", "IA") + AU(16), False, "body:aws_secret_access_key")
V("cloudflare-token", "Cloudflare", "CLOUDFLARE_API_TOKEN", "api_token", lambda: BU(40), "api.cloudflare.com")
V("digitalocean-token", "DigitalOcean", "DIGITALOCEAN_TOKEN", "token", lambda: J("do", "p_v1_") + H(64), "api.digitalocean.com")
V("sendgrid-key", "SendGrid", "SENDGRID_API_KEY", "api_key", lambda: "SG." + BU(22) + "." + BU(43), "api.sendgrid.com")
V("twilio-auth-token", "Twilio", "TWILIO_AUTH_TOKEN", "auth_token", lambda: H(32), "api.twilio.com",
  "TWILIO_ACCOUNT_SID", lambda: "AC" + H(32), True, "basic")
V("cpanel-api-token", "cPanel", "CPANEL_API_TOKEN", "api_token", lambda: AU(32), "server1.hostgator.in:2083", auth="hdr:Authorization: cpanel deploy:")
V("django-secret-key", "Django", "DJANGO_SECRET_KEY", "SECRET_KEY", lambda: rs(string.ascii_lowercase + string.digits + "!@#$%^&*(-_=+)", 50), "localhost", auth="body:SECRET_KEY")
V("laravel-app-key", "Laravel", "APP_KEY", "key", lambda: "base64:" + B64(32), "localhost", auth="body:APP_KEY")
V("jwt-signing-secret", "JWT signing", "JWT_SECRET", "jwt_secret", lambda: H(64), "localhost", auth="body:secret")
V("sentry-auth-token", "Sentry", "SENTRY_AUTH_TOKEN", "auth_token", lambda: J("sntry", "s_") + B64NP(90), "sentry.io")
V("huggingface-token", "Hugging Face", "HF_TOKEN", "token", lambda: J("h", "f_") + A(34), "huggingface.co")

API_SPECS = list(SPECS)


def P(key, svc, env, user, host, port=None, scheme=None, db="", cc="en", label="password"):
    SPECS.append(dict(key=key, svc=svc, env=env, label=label, gen=human_pw, host=host, idk=None, idgen=None,
                      idpub=False, auth="basic", kind="pw", user=user, port=port, scheme=scheme, db=db, cc=cc))


P("mysql-root-pw", "MySQL on the VPS", "DB_PASSWORD", "root", "103.21.58.14", 3306, "mysql", "shop_prod", "hi")
P("mysql-app-pw", "MySQL app user", "MYSQL_PASSWORD", "app_rw", "mysql.internal.bengaluru", 3306, "mysql", "erp", "hi")
P("postgres-pw", "PostgreSQL", "POSTGRES_PASSWORD", "postgres", "pg-01.saopaulo.lan", 5432, "postgresql", "loja", "pt")
P("postgres-replica-pw", "PostgreSQL replica", "PGPASSWORD", "replicator", "10.20.3.11", 5432, "postgres", "faturas", "es")
P("mongo-atlas-pw", "MongoDB Atlas", "MONGO_PASSWORD", "lagos_api", "cluster0.x7kq2.mongodb.net", None, "mongodb+srv", "orders", "yo")
P("redis-pw", "Redis", "REDIS_PASSWORD", "default", "redis.jakarta.internal", 6379, "redis", "0", "id")
P("rabbitmq-pw", "RabbitMQ", "RABBITMQ_DEFAULT_PASS", "mq_admin", "mq.hcm.local", 5672, "amqp", "vhost_orders", "vi")
P("mssql-sa-pw", "SQL Server", "MSSQL_SA_PASSWORD", "sa", "sqlsrv01.cairo.corp", 1433, "mssql", "Contabilidad", "ar")
P("oracle-pw", "Oracle ERP", "ORACLE_PWD", "apps", "ebs.lima.corp", 1521, "oracle", "PROD", "es")
P("ftp-pw", "FTP on shared hosting", "FTP_PASSWORD", "u84512@site", "ftp.hostinger-host.co.id", 21, "ftp", "", "id")
P("sftp-deploy-pw", "SFTP deploy user", "SFTP_PASSWORD", "deploy", "45.117.82.9", 22, "sftp", "", "vi")
P("smtp-pw", "SMTP relay", "SMTP_PASSWORD", "noreply@tienda-mx.com", "smtp.zoho.in", 587, "smtp", "", "es")
P("gmail-app-pw", "Gmail app password", "EMAIL_HOST_PASSWORD", "alerts.kenyaops@gmail.com", "smtp.gmail.com", 587, "smtp", "", "sw")
P("cpanel-login-pw", "cPanel login", "CPANEL_PASSWORD", "bazaarin", "cp.bigrock-host.in", 2083, None, "", "hi")
P("wp-admin-pw", "WordPress admin", "WP_ADMIN_PASSWORD", "admin", "blog.padaria-sp.com.br", None, None, "", "pt")
P("ssh-root-pw", "VPS root", "SSH_PASSWORD", "root", "139.59.77.201", 22, "ssh", "", "hi")
P("mikrotik-pw", "MikroTik router", "ROUTER_PASSWORD", "admin", "192.168.88.1", 8291, None, "", "tl")
P("jenkins-admin-pw", "Jenkins admin", "JENKINS_ADMIN_PASSWORD", "admin", "ci.ankara-yazilim.local", 8080, None, "", "tr")
P("gst-portal-pw", "GST portal login", "GST_PORTAL_PASSWORD", "27AAKCS1234M1Z5", "services.gst.gov.in", None, None, "", "hi")
P("einvoice-irp-pw", "e-invoice IRP API user", "IRP_PASSWORD", "API_acme_mh", "api.einvoice1.gst.gov.in", None, None, "", "hi")
P("sat-efirma-pw", "SAT e.firma key", "SAT_FIEL_PASSWORD", "RFC XAXX010101", "portalsat.plataforma.sat.gob.mx", None, None, "", "es")
P("csd-key-pw", "CFDI CSD key", "CSD_KEY_PASSWORD", "CSD_Sucursal_Centro", "facturacion.finkok.com", None, None, "", "es", "key_password")
P("pac-finkok-pw", "PAC timbrado", "PAC_PASSWORD", "timbrado@tienda-mx.com", "facturacion.finkok.com", None, None, "", "es")
P("nfe-a1-cert-pw", "NF-e certificado A1", "NFE_CERT_PASSWORD", "certificado_a1.pfx", "nfe.fazenda.sp.gov.br", None, None, "", "pt", "cert_password")
P("afip-cert-pw", "ARCA/AFIP cert", "AFIP_KEY_PASSPHRASE", "20-30111222-3", "wsaa.afip.gov.ar", None, None, "", "es", "passphrase")
P("efatura-pw", "e-Fatura portal", "EFATURA_PASSWORD", "4840001234", "earsivportal.efatura.gov.tr", None, None, "", "tr")
P("kra-itax-pw", "KRA iTax", "ITAX_PASSWORD", "P051234567X", "itax.kra.go.ke", None, None, "", "sw")
P("acr-registry-pw", "Alibaba ACR registry", "ACR_PASSWORD", "devops@1234567890123456", "registry.cn-hangzhou.aliyuncs.com", None, None, "", "zh")
P("appstore-connect-pw", "App Store Connect", "FASTLANE_PASSWORD", "ios-release@studio.co.kr", "appstoreconnect.apple.com", None, None, "", "ko")
P("payfast-passphrase", "PayFast passphrase", "PAYFAST_PASSPHRASE", "10000100", "www.payfast.co.za", None, None, "", "zu", "passphrase")
P("odoo-admin-pw", "Odoo admin", "ODOO_ADMIN_PASSWD", "admin", "erp.bogota-distrib.co", 8069, None, "", "es", "admin_passwd")
P("tally-pw", "Tally server", "TALLY_PASSWORD", "accounts", "tally.pune.lan", 9000, None, "", "hi")
P("vpn-pw", "FortiClient VPN", "VPN_PASSWORD", "it.manila", "vpn.makati-bpo.ph", 10443, None, "", "tl")
P("bkash-pw", "bKash tokenized checkout", "BKASH_PASSWORD", "sandboxTokenizedUser02", "tokenized.pay.bka.sh", None, None, "", "hi")
P("grafana-admin-pw", "Grafana admin", "GF_SECURITY_ADMIN_PASSWORD", "admin", "grafana.seoul-ops.kr", 3000, None, "", "ko")
P("kafka-sasl-pw", "Kafka SASL", "KAFKA_SASL_PASSWORD", "svc-orders", "kafka-1.shenzhen.lan", 9093, None, "", "zh")
P("huawei-swr-pw", "Huawei SWR login", "SWR_LOGIN_KEY", "ap-southeast-3@" + "HST3" + "WQ9Z", "swr.ap-southeast-3.myhuaweicloud.com", None, None, "", "zh")
P("keycloak-admin-pw", "Keycloak admin", "KEYCLOAK_ADMIN_PASSWORD", "admin", "sso.istanbul-app.com", 8443, None, "", "tr")
P("nas-pw", "Synology NAS", "NAS_PASSWORD", "backup", "nas.osaka-office.local", 5001, None, "", "ja")
P("wifi-office-pw", "office Wi-Fi (WPA2 on the staff SSID)", "WIFI_PSK", "Staff-5G", "192.168.1.1", None, None, "", "th", "psk")

PW_SPECS = [s for s in SPECS if s["kind"] == "pw"]

# ---------------------------------------------------------------- PEM keys
RSA_PFX = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100")
RSA1_PFX = bytes.fromhex("308204a40201000282010100")
EC_PFX = bytes.fromhex("308193020100301306072a8648ce3d020106082a8648ce3d030107047930770201010420")
SSH_PFX = b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x003\x00\x00\x00\x0bssh-ed25519\x00\x00\x00 "

PEMS = [
    # key, svc, header, prefix bytes, total bytes, line width, env
    ("alipay-app-private-key", "Alipay app private key", "PRIVATE KEY", RSA_PFX, 1217, 64, "ALIPAY_APP_PRIVATE_KEY"),
    ("wechatpay-apiclient-key", "WeChat Pay apiclient_key.pem", "PRIVATE KEY", RSA_PFX, 1217, 64, "WECHATPAY_PRIVATE_KEY"),
    ("appstore-p8-key", "App Store Connect .p8", "PRIVATE KEY", EC_PFX, 150, 64, "ASC_KEY_CONTENT"),
    ("apple-signin-p8", "Sign in with Apple key", "PRIVATE KEY", EC_PFX, 150, 64, "APPLE_PRIVATE_KEY"),
    ("vps-ssh-ed25519", "deploy SSH key", "OPENSSH PRIVATE KEY", SSH_PFX, 280, 70, "SSH_PRIVATE_KEY"),
    ("vps-ssh-rsa", "old RSA deploy key", "RSA PRIVATE KEY", RSA1_PFX, 1192, 64, "DEPLOY_KEY"),
    ("gcp-sa-private-key", "GCP service account", "PRIVATE KEY", RSA_PFX, 1217, 64, "GOOGLE_PRIVATE_KEY"),
    ("firebase-admin-key", "firebase-adminsdk service account", "PRIVATE KEY", RSA_PFX, 1217, 64, "FIREBASE_PRIVATE_KEY"),
    ("paytm-rsa-key", "UPI PSP signing key", "RSA PRIVATE KEY", RSA1_PFX, 1192, 64, "UPI_SIGNING_KEY"),
    ("sefaz-cert-key", "e-CNPJ private key", "PRIVATE KEY", RSA_PFX, 1217, 64, "NFE_PRIVATE_KEY"),
    ("tencent-cos-rsa", "Tencent SMS RSA key", "PRIVATE KEY", RSA_PFX, 1217, 64, "TENCENT_RSA_KEY"),
    ("kakao-jwt-key", "Kakao sync signing key", "PRIVATE KEY", EC_PFX, 150, 64, "KAKAO_SIGNING_KEY"),
]


def make_pem(p):
    key, svc, head, pfx, total, width, env = p
    body = base64.b64encode(pfx + rbytes(total - len(pfx))).decode()
    lines = [body[i:i + width] for i in range(0, len(body), width)]
    full = [l for l in lines if len(l) == width]
    idx = R.randrange(1, len(full) - 1) if len(full) > 2 else len(full) - 1
    sec = lines[idx]
    _SEEN.add(sec)
    return dict(key=key, svc=svc, head=head, lines=lines, secret=sec, env=env, kind="pem",
                begin="-----BEGIN %s-----" % head, end="-----END %s-----" % head)


def pem_text(c, sep=NL):
    return sep.join([c["begin"]] + c["lines"] + [c["end"]])


# ---------------------------------------------------------------- credentials
def cred(spec):
    c = dict(spec)
    c["val"] = fresh(spec["gen"])
    c["idv"] = spec["idgen"]() if spec["idgen"] else None
    return c


def url_of(c, pw_enc=None):
    pw = pw_enc if pw_enc is not None else urllib.parse.quote(c["val"], safe="")
    user = urllib.parse.quote(c["user"], safe="")
    port = ":%d" % c["port"] if c["port"] else ""
    db = "/" + c["db"] if c["db"] else ""
    return "%s://%s:%s@%s%s%s" % (c["scheme"], user, pw, c["host"], port, db), pw


def curl_auth(c, v=None):
    """Return curl args that carry the credential."""
    v = c["val"] if v is None else v
    a = c["auth"]
    if a == "basic":
        if c.get("idv"):
            return "-u '%s:%s'" % (c["idv"], v)
        return "-u '%s:'" % v
    if a == "token":
        return "-H 'Authorization: Token %s'" % v
    if a.startswith("hdr:"):
        h = a[4:]
        if ":" in h:
            return "-H '%s %s'" % (h, v) if not h.endswith("=") else "-H '%s%s'" % (h, v)
        return "-H '%s: %s'" % (h, v)
    if a.startswith("query:") or a.startswith("path:") or a.startswith("body:"):
        return "-H 'Authorization: Bearer %s'" % v
    return "-H 'Authorization: Bearer %s'" % v


def api_path(c):
    return pick(["/v1/payments", "/v2/orders", "/api/v1/sms/send", "/v3/charges", "/v1/refunds",
                 "/open-apis/im/v1/messages", "/api/v2/invoices", "/v1/customers", "/oauth/token",
                 "/v1/payouts", "/api/shipments/create", "/v1/webhooks", "/v2/transactions/status"])


def noise_env():
    pool = ["TZ=Asia/Kolkata", "TZ=America/Sao_Paulo", "TZ=Asia/Jakarta", "TZ=Africa/Lagos",
            "NODE_ENV=production", "PORT=8080", "LOG_LEVEL=info", "APP_LOCALE=pt_BR",
            "DB_HOST=10.0.4.12", "REDIS_URL=redis://127.0.0.1:6379/0", "SENTRY_ENVIRONMENT=prod",
            "CURRENCY=INR", "CURRENCY=NGN", "DEFAULT_COUNTRY=KE", "FEATURE_UPI_INTENT=true",
            "APP_NAME=kirana-pos", "QUEUE=sms-otp", "WORKERS=4", "DEBUG=false", "LANG=C.UTF-8",
            "GST_STATE_CODE=27", "MPESA_ENV=production", "CALLBACK_BASE=https://api.duka.co.ke",
            "S3_BUCKET=media-prod-ap-south-1", "OTEL_SERVICE_NAME=checkout", "RETRY_MAX=5"]
    return R.sample(pool, R.randrange(2, 5))


for _s in SPECS:
    _s["len"] = len(_s["gen"]()) if _s["kind"] == "api" else 12

URL_SCHEMES = ("mysql", "postgresql", "postgres", "mongodb+srv", "redis", "amqp", "ftp", "mssql", "smtp")
CLOUD_CLI = {
    "aliyun-accesskey-secret": "aliyun configure set --profile prod --mode AK --region cn-hangzhou --access-key-id {idv} --access-key-secret {val}",
    "tencent-secret-key": "tccli configure set secretId {idv} secretKey {val} region ap-guangzhou",
    "huawei-cloud-sk": "hcloud configure set --cli-region=ap-southeast-3 --cli-access-key={idv} --cli-secret-key={val}",
    "aws-secret-key": "aws configure set aws_secret_access_key {val} --profile mumbai   # key id {idv}",
    "baidu-bce-secret": "bce -c   # then typed: Access Key ID [None]: {idv}  Secret Access Key [None]: {val}",
    "qiniu-secret-key": "qshell account {idv} {val} kodo-prod -w",
    "volcengine-secret-key": "ve configure set --profile default --region cn-beijing --access-key {idv} --secret-key {val}",
    "yandex-static-secret": "aws configure set aws_secret_access_key {val} --profile yc  # endpoint https://storage.yandexcloud.net, id {idv}",
    "ncloud-secret-key": "ncloud configure --profile ops  # access key {idv} / secret key {val}",
    "sakura-token-secret": "usacloud config --token {idv} --secret {val} --zone tk1b",
}
GIT_KEYS = ("github-pat", "github-fine-pat", "gitlab-pat", "gitee-token")
NPM_KEYS = ("npm-token", "github-pat", "gitlab-pat", "github-fine-pat")


def compat(spec, kinds):
    k = spec["kind"]
    for kind in kinds.split("|"):
        if kind.startswith("k="):
            if spec["key"] in kind[2:].split(","):
                return True
            continue
        if kind == "any" and k in ("api", "pw"):
            return True
        if kind == k:
            return True
        if kind == "url" and k == "pw" and spec.get("scheme") in URL_SCHEMES:
            return True
        if kind == "long" and k == "api" and spec["len"] >= 40:
            return True
        if kind == "basic" and (k == "pw" or (k == "api" and spec["auth"] == "basic")):
            return True
        if kind == "cloud" and spec["key"] in CLOUD_CLI:
            return True
        if kind == "git" and spec["key"] in GIT_KEYS:
            return True
        if kind == "npm" and spec["key"] in NPM_KEYS:
            return True
        if kind == "paired" and k == "api" and spec["idk"]:
            return True
    return False


CTX = {}


def ctx(group, name, kinds="any"):
    def deco(fn):
        CTX.setdefault(group, []).append((name, kinds, fn))
        return fn
    return deco


PEOPLE = {"hi": ["Ravi Kumar", "Priya S", "Ankit (backend)", "Deepa Iyer", "Rohit Verma"],
          "pt": ["Joao Pedro", "Ana Clara", "Thiago Dev", "Camila Souza", "Rafa"],
          "es": ["Juan Carlos", "Lucia Fernandez", "Diego", "Mariana (ops)", "Sebas"],
          "tr": ["Mehmet Y.", "Ayse Kaya", "Emre", "Zeynep", "Burak"],
          "ar": ["Ahmed Samir", "Mona", "Omar Hassan", "Youssef", "Nour"],
          "id": ["Budi Santoso", "Siti", "Dewi", "Agus", "Rizky"],
          "vi": ["Nguyen Van An", "Linh", "Tuan", "Thanh Ha", "Minh"],
          "th": ["Somchai", "Malee", "Nok", "Arthit", "Ploy"],
          "tl": ["Paolo", "Jenny R.", "Mark Anthony", "Kristine", "JM"],
          "ja": ["Tanaka", "Sato Yuki", "Haruto", "Aoi", "Kenji"],
          "ko": ["Kim Minji", "Park Jisoo", "Lee Junho", "Choi", "Seo-yeon"],
          "zh": ["Wang Wei", "Li Hua", "Zhang Min", "Chen Jie", "Liu Yang"],
          "sw": ["Wanjiru", "Kamau", "Otieno", "Achieng", "Mwangi"],
          "yo": ["Tunde", "Amaka", "Chidi", "Bisi", "Femi"],
          "ru": ["Dmitry", "Olga", "Sergey", "Anya", "Ivan"],
          "en": ["Ravi", "Wanjiru", "Tunde", "Camila", "Budi", "Thabo", "Mehmet", "Linh"]}


def who(lang="en"):
    return pick(PEOPLE.get(lang, PEOPLE["en"]))


def day():
    return "%02d/%02d/%d" % (R.randrange(1, 29), R.randrange(1, 13), pick([2023, 2024, 2025]))


def sh_dq(v):
    out = v
    for ch in ["\\", "$", "`", '"']:
        out = out.replace(ch, "\\" + ch)
    return out


def user_of(c):
    return c.get("user") or c.get("idv") or "api"


def ident(c):
    if c.get("idk"):
        return "%s=%s" % (c["idk"], c["idv"])
    return pick(noise_env())


# ================================================================ command
@ctx("command", "cmd-export-env")
def _(c):
    ne = noise_env()
    t = NL.join(["$ export %s" % ne[0], "$ export %s='%s'" % (c["env"], c["val"]), "$ export %s" % ne[1],
                 "$ npm run start:prod 2>&1 | tee /tmp/boot.log"])
    return t, c["val"], ["npm run start:prod", c["env"]]


@ctx("command", "cmd-curl-auth", "api")
def _(c):
    p = api_path(c)
    body = pick(['{"amount": 49900, "currency": "INR", "receipt": "rcpt_%s"}' % D(4),
                 '{"transaction_amount": 120.5, "payment_method_id": "pix"}',
                 '{"phone": "2547%s", "amount": 10}' % D(8),
                 '{"external_id": "inv-%s", "amount": 150000}' % D(5)])
    t = "curl -sS -X POST 'https://%s%s' \\\n  %s \\\n  -H 'Content-Type: application/json' \\\n  -d '%s' | jq ." % (
        c["host"], p, curl_auth(c), body)
    return t, c["val"], [p, "Content-Type: application/json"]


@ctx("command", "cmd-curl-query", "api")
def _(c):
    q = c["auth"][6:] if c["auth"].startswith("query:") else c["label"]
    t = "curl -s \"https://%s/api/v2/send?%s=%s&sender=TXTLCL&numbers=91%s&message=Your%%20OTP%%20is%%20%s\"" % (
        c["host"], q, c["val"], D(10), D(6))
    return t, c["val"], ["sender=TXTLCL", c["host"]]


@ctx("command", "cmd-docker-run-env")
def _(c):
    img = pick(["registry.cn-hangzhou.aliyuncs.com/duka/api:1.8.2", "ghcr.io/kirana-tech/pos:2024.06",
                "asia-south1-docker.pkg.dev/shop/api/app:v3", "loja/checkout:latest"])
    t = "docker run -d --restart unless-stopped --name api \\\n  -e %s \\\n  -e %s=%s \\\n  -p 8080:8080 %s" % (
        pick(noise_env()), c["env"], c["val"], img)
    return t, c["val"], [img, "--restart unless-stopped"]


@ctx("command", "cmd-kubectl-literal")
def _(c):
    ns = pick(["payments", "checkout", "sms", "prod", "erp"])
    t = "kubectl -n %s create secret generic %s \\\n  --from-literal=%s='%s' \\\n  --dry-run=client -o yaml | kubectl apply -f -" % (
        ns, c["key"], c["label"], c["val"])
    return t, c["val"], ["kubectl apply -f -", "--dry-run=client"]


@ctx("command", "cmd-paas-secret-set")
def _(c):
    app = pick(["kirana-api", "loja-prod", "duka-backend", "tienda-mx", "warung-app"])
    tool = pick(["fly secrets set %s=%s -a %s", "heroku config:set %s=%s -a %s",
                 "railway variables --set \"%s=%s\" --service %s", "doppler secrets set %s=%s --project %s"])
    t = "$ " + tool % (c["env"], c["val"], app) + NL + "Release v%d created" % R.randrange(20, 400)
    return t, c["val"], [app, "Release v"]


@ctx("command", "cmd-gh-secret-set")
def _(c):
    repo = pick(["kirana-tech/pos", "duka-ke/api", "lojinha/checkout", "nihon-dev/app", "tokoku/backend"])
    t = "gh secret set %s --env production --repo %s --body \"%s\"\n\u2713 Set Actions secret %s for %s" % (
        c["env"], repo, sh_dq(c["val"]), c["env"], repo)
    return t, sh_dq(c["val"]), ["Set Actions secret", repo]


@ctx("command", "cmd-python-inline", "api")
def _(c):
    t = ("python3 -c \"import requests; r = requests.get('https://%s%s', headers={'Authorization': 'Bearer %s'}, timeout=10); "
         "print(r.status_code, r.text[:200])\"" % (c["host"], api_path(c), c["val"]))
    return t, c["val"], ["print(r.status_code", c["host"]]


@ctx("command", "cmd-node-inline", "api")
def _(c):
    t = ("node -e \"fetch('https://%s%s', {headers: {'%s': '%s'}}).then(r => r.json()).then(console.log)\"" % (
        c["host"], api_path(c), c["label"], c["val"]))
    return t, c["val"], ["then(console.log)"]


@ctx("command", "cmd-httpie", "api")
def _(c):
    t = "http --print=HhBb POST https://%s%s \"Authorization:Bearer %s\" amount:=%d currency=%s" % (
        c["host"], api_path(c), c["val"], R.randrange(100, 99999), pick(["IDR", "PHP", "THB", "VND", "NGN"]))
    return t, c["val"], ["--print=HhBb"]


@ctx("command", "cmd-mysql-cli", "k=mysql-root-pw,mysql-app-pw,tally-pw")
def _(c):
    port = c["port"] or 3306
    t = "mysql -h %s -P %d -u %s -p'%s' %s -e \"SHOW PROCESSLIST; SELECT COUNT(*) FROM orders WHERE created_at > NOW() - INTERVAL 1 DAY;\"" % (
        c["host"], port, c["user"].split("@")[0], c["val"], c["db"] or "app")
    return t, c["val"], ["SHOW PROCESSLIST"]


@ctx("command", "cmd-psql-url", "url")
def _(c):
    u, pw = url_of(c)
    if c["scheme"].startswith("postgres"):
        t = "psql \"%s?sslmode=require\" -c '\\dt public.*'" % u
    else:
        t = "usql \"%s\" -c 'select 1'  # sslmode=require not supported here" % u
    return t, pw, ["sslmode=require"]


@ctx("command", "cmd-sshpass", "k=ssh-root-pw,sftp-deploy-pw,mikrotik-pw,nas-pw,cpanel-login-pw")
def _(c):
    t = "sshpass -p '%s' ssh -o StrictHostKeyChecking=no -p %d %s@%s \"df -h && sudo systemctl restart php8.1-fpm\"" % (
        c["val"], pick([22, 2222, 65002]), c["user"].split("@")[0], c["host"])
    return t, c["val"], ["StrictHostKeyChecking=no", "df -h"]


@ctx("command", "cmd-lftp-mirror", "k=ftp-pw,sftp-deploy-pw,cpanel-login-pw")
def _(c):
    t = "lftp -u '%s,%s' -e \"set ssl:verify-certificate no; mirror -R ./dist /public_html; bye\" %s" % (
        c["user"], c["val"], c["host"])
    return t, c["val"], ["mirror -R ./dist /public_html"]


@ctx("command", "cmd-redis-cli", "k=redis-pw,kafka-sasl-pw")
def _(c):
    t = "redis-cli -h %s -p 6379 -a '%s' --no-auth-warning INFO keyspace" % (c["host"], c["val"])
    return t, c["val"], ["INFO keyspace"]


@ctx("command", "cmd-docker-login", "k=acr-registry-pw,huawei-swr-pw,docker-hub-pat,gitlab-pat,github-pat")
def _(c):
    reg = pick(["registry.cn-hangzhou.aliyuncs.com", "swr.ap-southeast-3.myhuaweicloud.com", "ccr.ccs.tencentyun.com",
                "cr.yandex", "registry.gitlab.com", "docker.io"])
    t = "echo \"%s\" | docker login %s --username %s --password-stdin\nLogin Succeeded" % (sh_dq(c["val"]), reg, user_of(c) if c["kind"] == "pw" else "ci-bot")
    return t, sh_dq(c["val"]), ["Login Succeeded", "--password-stdin"]


@ctx("command", "cmd-mongosh-url", "k=mongo-atlas-pw")
def _(c):
    u, pw = url_of(c)
    t = "mongosh \"%s\" --quiet --eval 'db.orders.countDocuments({status: \"PAID\"})'" % u
    return t, pw, ["countDocuments"]


@ctx("command", "cmd-dq-escaped", "k=mysql-root-pw,mysql-app-pw,wp-admin-pw")
def _(c):
    e = sh_dq(c["val"])
    t = "mysqldump -h %s -u %s -p\"%s\" --single-transaction %s | gzip > /backup/%s_$(date +%%F).sql.gz" % (
        c["host"], c["user"].split("@")[0], e, c["db"] or "app", c["db"] or "app")
    return t, e, ["--single-transaction"]


@ctx("command", "cmd-git-clone-token", "git")
def _(c):
    host = "gitee.com" if c["key"] == "gitee-token" else ("gitlab.com" if "gitlab" in c["key"] else "github.com")
    t = "git clone https://oauth2:%s@%s/%s.git && cd %s && git checkout release/%s" % (
        c["val"], host, pick(["kirana-tech/pos", "duka/api", "nihon-dev/app"]), "repo", pick(["1.4", "2.0", "2024-06"]))
    return t, c["val"], ["git checkout release"]


@ctx("command", "cmd-cloud-cli", "cloud")
def _(c):
    t = "$ " + CLOUD_CLI[c["key"]].format(idv=c["idv"], val=c["val"]) + NL + "Configure Done!!!"
    return t, c["val"], ["Configure Done"]


@ctx("command", "cmd-env-prefix")
def _(c):
    t = "%s='%s' python manage.py send_test_sms --to +63917%s --template otp_login" % (c["env"], c["val"], D(7))
    return t, c["val"], ["send_test_sms"]


@ctx("command", "cmd-history")
def _(c):
    n = R.randrange(480, 1900)
    lines = ["  %d  cd /var/www/%s" % (n, pick(["loja", "kirana", "duka"])),
             "  %d  git pull origin main" % (n + 1),
             "  %d  composer install --no-dev" % (n + 2),
             "  %d  echo '%s=%s' >> .env" % (n + 3, c["env"], c["val"]),
             "  %d  php artisan config:cache" % (n + 4),
             "  %d  history | tail -n 6" % (n + 5)]
    return "$ history | tail -n 6\n" + NL.join(lines), c["val"], ["composer install --no-dev", "config:cache"]


@ctx("command", "cmd-wget-header", "api")
def _(c):
    t = "wget -qO- --header=\"%s: %s\" https://%s%s | head -c 400" % (c["label"], c["val"], c["host"], api_path(c))
    return t, c["val"], ["head -c 400"]


# ================================================================ tool-output
@ctx("tool-output", "out-printenv-grep")
def _(c):
    pat = c["env"].split("_")[0]
    lines = ["$ printenv | grep -i %s" % pat.lower()]
    if c.get("idk"):
        lines.append("%s=%s" % (c["idk"], c["idv"]))
    lines.append("%s=%s" % (c["env"], c["val"]))
    lines.append("%s_ENV=production" % pat)
    return NL.join(lines), c["val"], ["printenv | grep -i", "_ENV=production"]


@ctx("tool-output", "out-k8s-secret-decoded")
def _(c):
    t = "$ kubectl -n prod get secret %s -o jsonpath='{.data.%s}' | base64 -d\n%s\n$ kubectl -n prod rollout restart deploy/api\ndeployment.apps/api restarted" % (
        c["key"], c["label"], c["val"])
    return t, c["val"], ["deployment.apps/api restarted"]


@ctx("tool-output", "out-k8s-secret-yaml")
def _(c):
    b = base64.b64encode(c["val"].encode()).decode()
    t = NL.join(["$ kubectl get secret %s -o yaml" % c["key"], "apiVersion: v1", "data:",
                 "  ENVIRONMENT: %s" % base64.b64encode(b"production").decode(),
                 "  %s: %s" % (c["env"], b),
                 "  REGION: %s" % base64.b64encode(pick([b"ap-south-1", b"sa-east-1", b"cn-hangzhou", b"af-south-1"])).decode(),
                 "kind: Secret", "metadata:", "  name: %s" % c["key"], "  namespace: prod", "type: Opaque"])
    return t, b, ["type: Opaque"]


@ctx("tool-output", "out-docker-inspect")
def _(c):
    ne = noise_env()
    t = NL.join(["$ docker inspect api --format '{{json .Config.Env}}' | jq .", "[",
                 "  \"%s\"," % ne[0], "  \"%s=%s\"," % (c["env"], c["val"]), "  \"%s\"," % ne[1],
                 "  \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\"", "]"])
    return t, c["val"], ["PATH=/usr/local/sbin"]


@ctx("tool-output", "out-git-diff")
def _(c):
    t = NL.join(["$ git diff HEAD~1 -- .env.example", "diff --git a/.env.example b/.env.example",
                 "index %s..%s 100644" % (H(7), H(7)), "--- a/.env.example", "+++ b/.env.example",
                 "@@ -4,3 +4,4 @@ APP_URL=https://staging.%s" % pick(["kirana.in", "loja.com.br", "duka.co.ke"]),
                 " %s=" % (c.get("idk") or "APP_ENV"), "-%s=changeme" % c["env"], "+%s=%s" % (c["env"], c["val"]),
                 " LOG_CHANNEL=stack"])
    return t, c["val"], [".env.example", "LOG_CHANNEL=stack"]


@ctx("tool-output", "out-cat-dotenv")
def _(c):
    lines = ["$ cat .env.production"] + noise_env()
    if c.get("idk"):
        lines.append("%s=%s" % (c["idk"], c["idv"]))
    lines.append("%s=\"%s\"" % (c["env"], c["val"]))
    lines.append("# last rotated %s" % day())
    return NL.join(lines), c["val"], ["cat .env.production", "last rotated"]


@ctx("tool-output", "out-heroku-config")
def _(c):
    app = pick(["loja-prod", "kirana-api", "tienda-mx"])
    rows = [("DATABASE_URL", "postgres://u%s:%s@ec2-13-232-1-1.ap-south-1.compute.amazonaws.com:5432/d%s" % (AL(6), "*" * 8, AL(6))),
            (c["env"], c["val"]), ("WEB_CONCURRENCY", "2")]
    w = max(len(k) for k, _v in rows) + 2
    t = "=== %s Config Vars\n" % app + NL.join(("%s:" % k).ljust(w) + v for k, v in rows)
    return t, c["val"], ["WEB_CONCURRENCY", "Config Vars"]


@ctx("tool-output", "out-vault-kv")
def _(c):
    path = "secret/%s/%s" % (pick(["payments", "sms", "infra", "erp"]), c["key"])
    t = NL.join(["$ vault kv get %s" % path, "======= Metadata =======", "Key              Value",
                 "---              -----", "created_time     2024-%02d-%02dT0%d:12:44.120Z" % (R.randrange(1, 13), R.randrange(1, 28), R.randrange(10)),
                 "version          %d" % R.randrange(1, 9), "", "====== Data ======", "Key          Value",
                 "---          -----", "%s%s" % (c["label"].ljust(13), c["val"])])
    return t, c["val"], [path, "created_time"]


@ctx("tool-output", "out-grep-rn")
def _(c):
    f1 = pick(["app/services/payment.py", "src/config/gateway.ts", "internal/pay/client.go", "config/services.php"])
    t = NL.join(["$ grep -rn \"%s\" --include=*.{py,ts,go,php} ." % c["label"],
                 "./%s:%d:    %s = settings.%s" % (f1, R.randrange(10, 200), c["label"], c["env"]),
                 "./scripts/smoke_test.py:%d:%s = \"%s\"  # TODO remove" % (R.randrange(5, 60), c["label"], c["val"]),
                 "./docs/setup.md:%d:Set `%s` in the vault, never in code." % (R.randrange(5, 80), c["env"])])
    return t, c["val"], ["never in code", f1]


@ctx("tool-output", "out-wrapped-terminal", "long")
def _(c):
    v = c["val"]
    cut = R.randrange(len(v) // 3, 2 * len(v) // 3)
    a, b = v[:cut], v[cut:]
    sec = a if len(a) >= len(b) else b
    t = "$ cat /etc/app/%s.env\n%s=%s\n%s\n$ # (terminal wrapped the line above)" % (c["key"], c["env"], a, b)
    return t, sec, ["terminal wrapped the line"]


@ctx("tool-output", "out-systemctl-show")
def _(c):
    t = "$ systemctl show api.service -p Environment\nEnvironment=%s %s=%s %s" % (
        pick(noise_env()), c["env"], c["val"], "PYTHONUNBUFFERED=1")
    return t, c["val"], ["PYTHONUNBUFFERED=1"]


@ctx("tool-output", "out-ps-aux", "api")
def _(c):
    pid = R.randrange(1000, 40000)
    t = ("$ ps aux | grep worker\nwww-data %d  2.1  1.4 812344 118220 ?  Sl  %s   3:12 /usr/bin/node /srv/worker.js --queue=sms --%s=%s\n"
         "root     %d  0.0  0.0   6432   724 pts/0 S+ %s   0:00 grep worker") % (
        pid, hhmm(), c["label"].replace("_", "-").lower(), c["val"], pid + 311, hhmm())
    return t, c["val"], ["/srv/worker.js", "--queue=sms"]


@ctx("tool-output", "out-curl-verbose-basic", "basic")
def _(c):
    u = user_of(c)
    b = base64.b64encode(("%s:%s" % (u, c["val"])).encode()).decode()
    t = NL.join(["$ curl -v https://%s/v1/ping" % c["host"].split(":")[0], "*   Trying %s:443..." % ip(),
                 "* Connected to %s port 443" % c["host"].split(":")[0], "> GET /v1/ping HTTP/2",
                 "> Host: %s" % c["host"].split(":")[0], "> Authorization: Basic %s" % b, "> user-agent: curl/8.5.0",
                 "< HTTP/2 401", "< content-type: application/json"])
    return t, b, ["user-agent: curl/8.5.0", "HTTP/2 401"]


@ctx("tool-output", "out-token-response", "api")
def _(c):
    t = "$ curl -s -X POST https://%s/oauth/token -d grant_type=client_credentials | jq .\n{\n  \"access_token\": \"%s\",\n  \"token_type\": \"Bearer\",\n  \"expires_in\": %d,\n  \"scope\": \"payments:write\"\n}" % (
        c["host"], c["val"], pick([3599, 7200, 86400]))
    return t, c["val"], ["grant_type=client_credentials", "payments:write"]


@ctx("tool-output", "out-terraform-output")
def _(c):
    t = "$ terraform output -json | jq '.%s'\n{\n  \"sensitive\": true,\n  \"type\": \"string\",\n  \"value\": \"%s\"\n}" % (
        c["label"].lower().replace("-", "_"), c["val"])
    return t, c["val"], ["\"sensitive\": true"]


@ctx("tool-output", "out-npmrc", "npm")
def _(c):
    reg = {"npm-token": "registry.npmjs.org", "github-pat": "npm.pkg.github.com",
           "github-fine-pat": "npm.pkg.github.com", "gitlab-pat": "gitlab.com/api/v4/projects/%d/packages/npm" % R.randrange(10 ** 6, 10 ** 8)}[c["key"]]
    t = "$ cat ~/.npmrc\n@kirana-tech:registry=https://%s/\n//%s/:_authToken=%s\nfund=false" % (reg, reg, c["val"])
    return t, c["val"], ["fund=false"]


@ctx("tool-output", "out-pm2-env")
def _(c):
    t = NL.join(["$ pm2 env 0", "NODE_APP_INSTANCE: 0", "%s: %s" % (c["env"], c["val"]),
                 "pm_cwd: /home/ubuntu/apps/api", "unique_id: %s" % U()])
    return t, c["val"], ["pm_cwd: /home/ubuntu/apps/api"]


@ctx("tool-output", "out-compose-config")
def _(c):
    t = NL.join(["$ docker compose config", "name: stack", "services:", "  api:", "    environment:",
                 "      %s: %s" % (c["env"], c["val"]), "      TZ: %s" % pick(["Asia/Ho_Chi_Minh", "Asia/Manila", "Africa/Nairobi"]),
                 "    image: api:%s" % pick(["1.2.0", "2.7.1", "3.0.0-rc1"])])
    return t, c["val"], ["docker compose config"]


@ctx("tool-output", "out-pem-cat", "pem")
def _(c):
    t = "$ cat keys/%s.pem\n%s\n$ ls -l keys/\n-rw------- 1 deploy deploy 1704 Jun 12 10:02 %s.pem" % (c["key"], pem_text(c), c["key"])
    return t, c["secret"], ["ls -l keys/"]


# ================================================================ config-file
def xml_esc(v):
    return v.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


@ctx("config-file", "cfg-dotenv")
def _(c):
    lines = ["# .env (%s)" % pick(["staging", "production", "local"]), "APP_ENV=production"] + noise_env()
    if c.get("idk"):
        lines.append("%s=%s" % (c["idk"], c["idv"]))
    lines.append("%s=%s" % (c["env"], c["val"]))
    return NL.join(lines), c["val"], ["APP_ENV=production"]


@ctx("config-file", "cfg-yaml-app")
def _(c):
    svc = c["key"].split("-")[0]
    lines = ["# config/application-prod.yml", "server:", "  port: 8080", "%s:" % svc, "  base-url: https://%s" % c["host"]]
    if c.get("idk"):
        lines.append("  %s: %s" % (c["idk"].lower().replace("_", "-"), c["idv"]))
    lines += ["  %s: \"%s\"" % (c["label"].replace("_", "-"), c["val"]), "  timeout-ms: 15000"]
    return NL.join(lines), c["val"], ["timeout-ms: 15000"]


@ctx("config-file", "cfg-json-appsettings")
def _(c):
    d = {"Logging": {"LogLevel": {"Default": "Information"}},
         c["svc"].split(" ")[0]: {"BaseUrl": "https://" + c["host"], c["label"]: c["val"]}}
    if c.get("idk"):
        d[c["svc"].split(" ")[0]]["Id"] = c["idv"]
    t = "// appsettings.Production.json\n" + json.dumps(d, indent=2, ensure_ascii=False)
    v = json.dumps(c["val"])[1:-1]
    return t, v, ["appsettings.Production.json", "Information"]


@ctx("config-file", "cfg-toml")
def _(c):
    t = NL.join(["# settings.toml", "[default]", "region = \"%s\"" % pick(["ap-south-1", "sa-east-1", "ap-southeast-1"]), "",
                 "[production.%s]" % c["key"].split("-")[0], "endpoint = \"https://%s\"" % c["host"],
                 "%s = '%s'" % (c["label"].lower().replace("-", "_"), c["val"]), "retries = 3"])
    return t, c["val"], ["retries = 3"]


@ctx("config-file", "cfg-ini")
def _(c):
    t = NL.join(["; config.ini  -- do not commit", "[general]", "debug = off", "", "[%s]" % c["key"].split("-")[0],
                 "host = %s" % c["host"], "%s = %s" % (c["label"], c["val"]), "verify_ssl = true"])
    return t, c["val"], ["verify_ssl = true", "[general]"]


@ctx("config-file", "cfg-xml-webconfig")
def _(c):
    e = xml_esc(c["val"])
    t = NL.join(["<configuration>", "  <appSettings>", "    <add key=\"Environment\" value=\"Production\" />",
                 "    <add key=\"%s\" value=\"%s\" />" % (c["env"], e),
                 "    <add key=\"Culture\" value=\"%s\" />" % pick(["es-MX", "pt-BR", "tr-TR", "ar-EG"]), "  </appSettings>", "</configuration>"])
    return t, e, ["<appSettings>"]


@ctx("config-file", "cfg-k8s-stringdata")
def _(c):
    t = NL.join(["apiVersion: v1", "kind: Secret", "metadata:", "  name: %s" % c["key"], "  namespace: %s" % pick(["payments", "prod"]),
                 "type: Opaque", "stringData:", "  %s: \"%s\"" % (c["env"], c["val"].replace("\\", "\\\\").replace('"', '\\"'))])
    return t, c["val"].replace("\\", "\\\\").replace('"', '\\"'), ["kind: Secret"]


@ctx("config-file", "cfg-compose-env")
def _(c):
    v = c["val"].replace("$", "$$")
    t = NL.join(["services:", "  worker:", "    image: %s/worker:%s" % (pick(["duka", "loja", "kirana"]), pick(["1.3", "2.0.4"])),
                 "    environment:", "      - %s" % pick(noise_env()), "      - %s=%s" % (c["env"], v), "    restart: always"])
    return t, v, ["restart: always"]


@ctx("config-file", "cfg-java-properties")
def _(c):
    k = c["key"].split("-")[0]
    t = NL.join(["# application-prod.properties", "spring.profiles.active=prod", "%s.api.url=https://%s" % (k, c["host"]),
                 "%s.api.%s=%s" % (k, c["label"].replace("_", "-"), c["val"].replace("\\", "\\\\")), "management.endpoints.web.exposure.include=health"])
    return t, c["val"].replace("\\", "\\\\"), ["spring.profiles.active=prod"]


@ctx("config-file", "cfg-php-array")
def _(c):
    v = c["val"].replace("\\", "\\\\").replace("'", "\\'")
    t = NL.join(["<?php", "// config/services.php", "return [", "    '%s' => [" % c["key"].split("-")[0],
                 "        'endpoint' => 'https://%s'," % c["host"], "        '%s' => env('%s', '%s')," % (c["label"], c["env"], v), "    ],", "];"])
    return t, v, ["config/services.php"]


@ctx("config-file", "cfg-helm-values")
def _(c):
    t = NL.join(["# values-prod.yaml", "replicaCount: 3", "image:", "  tag: \"%s\"" % pick(["1.9.3", "2024.05.1"]), "env:",
                 "  - name: %s" % c["env"], "    value: \"%s\"" % c["val"], "  - name: GOMAXPROCS", "    value: \"2\""])
    return t, c["val"], ["replicaCount: 3"]


@ctx("config-file", "cfg-supervisor")
def _(c):
    t = NL.join(["[program:queue-worker]", "command=php /var/www/html/artisan queue:work --sleep=3 --tries=3",
                 "environment=APP_ENV=\"production\",%s=\"%s\"" % (c["env"], c["val"]), "autorestart=true", "user=www-data"])
    return t, c["val"], ["autorestart=true"]


@ctx("config-file", "cfg-docker-config-auth", "k=acr-registry-pw,huawei-swr-pw,docker-hub-pat,gitlab-pat,github-pat,github-fine-pat")
def _(c):
    reg = pick(["registry.cn-shanghai.aliyuncs.com", "swr.cn-north-4.myhuaweicloud.com", "ccr.ccs.tencentyun.com", "cr.yandex"])
    b = base64.b64encode(("%s:%s" % (c["user"] if c["kind"] == "pw" else "ci-bot", c["val"])).encode()).decode()
    t = "// ~/.docker/config.json\n{\n  \"auths\": {\n    \"%s\": {\n      \"auth\": \"%s\"\n    }\n  },\n  \"credsStore\": \"\"\n}" % (reg, b)
    return t, b, ["credsStore", reg]


@ctx("config-file", "cfg-netrc", "pw")
def _(c):
    t = "# ~/.netrc\nmachine %s\n  login %s\n  password %s\nmachine github.com login ci-bot password ${GITHUB_TOKEN}" % (
        c["host"], c["user"], c["val"])
    return t, c["val"], ["machine github.com"]


@ctx("config-file", "cfg-pgpass", "k=postgres-pw,postgres-replica-pw")
def _(c):
    t = "# ~/.pgpass  (chmod 600)\n%s:%d:%s:%s:%s\nlocalhost:5432:*:postgres:*" % (
        c["host"], c["port"] or 5432, c["db"] or "*", c["user"], c["val"].replace("\\", "\\\\").replace(":", "\\:"))
    return t, c["val"].replace("\\", "\\\\").replace(":", "\\:"), ["chmod 600"]


@ctx("config-file", "cfg-far-label")
def _(c):
    lines = ["# NOTE: `blob` further down is the %s %s -- rotate every quarter" % (c["svc"], c["label"]),
             "# owner: platform team, ticket OPS-%d" % R.randrange(100, 9999), "settings:", "  retries: 4",
             "  backoff_ms: 250", "  locale: %s" % pick(["hi_IN", "pt_BR", "es_CO", "id_ID", "th_TH"]),
             "  cache:", "    ttl: 600", "    driver: redis", "  blob: %s" % c["val"], "  feature_flags: [upi_intent, pix_qr]"]
    return NL.join(lines), c["val"], ["backoff_ms: 250", "feature_flags"]


@ctx("config-file", "cfg-rclone", "cloud")
def _(c):
    prov = {"aliyun-accesskey-secret": "Alibaba", "tencent-secret-key": "TencentCOS", "huawei-cloud-sk": "HuaweiOBS",
            "qiniu-secret-key": "Qiniu", "aws-secret-key": "AWS", "yandex-static-secret": "Other",
            "baidu-bce-secret": "Other", "volcengine-secret-key": "Other", "ncloud-secret-key": "Other", "sakura-token-secret": "Other"}[c["key"]]
    t = NL.join(["# ~/.config/rclone/rclone.conf", "[backup]", "type = s3", "provider = %s" % prov,
                 "access_key_id = %s" % c["idv"], "secret_access_key = %s" % c["val"], "endpoint = %s" % c["host"], "acl = private"])
    return t, c["val"], ["acl = private", "type = s3"]


@ctx("config-file", "cfg-sa-json", "k=gcp-sa-private-key,firebase-admin-key")
def _(c):
    pk = pem_text(c, "\\n") + "\\n"
    t = NL.join(["{", "  \"type\": \"service_account\",", "  \"project_id\": \"%s-%s\"," % (pick(["loja", "kirana", "duka"]), D(5)),
                 "  \"private_key_id\": \"%s\"," % H(40), "  \"private_key\": \"%s\"," % pk,
                 "  \"client_email\": \"push@%s.iam.gserviceaccount.com\"" % AL(10), "}"])
    return t, c["secret"], ["service_account"]


@ctx("config-file", "cfg-env-pem-escaped", "k=alipay-app-private-key,wechatpay-apiclient-key,paytm-rsa-key,sefaz-cert-key,tencent-cos-rsa")
def _(c):
    t = "# .env\nAPP_ID=2021%s\n%s=\"%s\"\nSIGN_TYPE=RSA2" % (D(12), c["env"], pem_text(c, "\\n"))
    return t, c["secret"], ["SIGN_TYPE=RSA2"]


@ctx("config-file", "cfg-wp-config", "pw")
def _(c):
    v = c["val"].replace("\\", "\\\\").replace("'", "\\'")
    t = NL.join(["/** wp-config.php */", "define( 'DB_NAME', '%s' );" % (c["db"] or "wp_site"), "define( 'DB_USER', '%s' );" % c["user"].split("@")[0],
                 "define( 'DB_PASSWORD', '%s' );" % v, "define( 'DB_HOST', 'localhost' );", "$table_prefix = 'wp_';"])
    return t, v, ["$table_prefix = 'wp_';"]


@ctx("config-file", "cfg-django-dburl", "k=mysql-root-pw,mysql-app-pw,postgres-pw,postgres-replica-pw,mssql-sa-pw")
def _(c):
    u, pw = url_of(c)
    t = "# settings/prod.py\nDATABASES = {\n    'default': dj_database_url.parse(\n        os.getenv('DATABASE_URL', '%s'),\n        conn_max_age=600,\n    )\n}" % u
    return t, pw, ["conn_max_age=600"]


# ================================================================ source-code
def py_str(v):
    return v.replace("\\", "\\\\").replace('"', '\\"')


@ctx("source-code", "src-python-const")
def _(c):
    v = py_str(c["val"])
    t = NL.join(["# payments/%s.py" % c["key"].split("-")[0], "import requests", "",
                 "BASE_URL = \"https://%s\"" % c["host"], "%s = \"%s\"  # TODO: move to env before go-live" % (c["env"], v), "",
                 "def client():", "    s = requests.Session()", "    s.headers[\"User-Agent\"] = \"kirana-pos/2.3\"", "    return s"])
    return t, v, ["move to env before go-live", "kirana-pos/2.3"]


@ctx("source-code", "src-python-getenv-default")
def _(c):
    v = py_str(c["val"])
    t = "%s = os.getenv(\"%s\", \"%s\")\nif not %s:\n    raise ImproperlyConfigured(\"%s missing\")" % (
        c["label"].upper().replace("-", "_"), c["env"], v, c["label"].upper().replace("-", "_"), c["env"])
    return t, v, ["ImproperlyConfigured"]


@ctx("source-code", "src-js-sdk-init", "api")
def _(c):
    name = c["svc"].split(" ")[0].replace(".", "").replace("(", "")
    idline = "  %s: '%s',\n" % ("keyId", c["idv"]) if c.get("idv") else ""
    t = "// src/lib/%s.ts\nimport %s from '%s';\n\nexport const client = new %s({\n%s  %s: '%s',\n  timeout: 20_000,\n});" % (
        c["key"].split("-")[0], name, c["key"].split("-")[0], name, idline, "secret", c["val"])
    return t, c["val"], ["timeout: 20_000"]


@ctx("source-code", "src-go-struct")
def _(c):
    t = NL.join(["var defaultCfg = Config{", "\tBaseURL:   \"https://%s\"," % c["host"], "\tSecret:    \"%s\"," % py_str(c["val"]),
                 "\tTimeout:   15 * time.Second,", "\tUserAgent: \"duka-go/1.4\",", "}"])
    return t, py_str(c["val"]), ["15 * time.Second"]


@ctx("source-code", "src-java-const")
def _(c):
    v = py_str(c["val"])
    t = NL.join(["public final class GatewayConfig {", "    public static final String BASE_URL = \"https://%s\";" % c["host"],
                 "    // FIXME hardcoded for UAT", "    private static final String %s = \"%s\";" % (c["env"], v),
                 "    private GatewayConfig() {}", "}"])
    return t, v, ["FIXME hardcoded for UAT"]


@ctx("source-code", "src-php-define")
def _(c):
    v = c["val"].replace("\\", "\\\\").replace("'", "\\'")
    t = "<?php\n// includes/config.php\ndefine('%s', '%s');\ndefine('GATEWAY_URL', 'https://%s');\nrequire_once __DIR__ . '/vendor/autoload.php';" % (
        c["env"], v, c["host"])
    return t, v, ["require_once __DIR__"]


@ctx("source-code", "src-swift-kotlin")
def _(c):
    v = py_str(c["val"])
    if R.random() < 0.5:
        t = "// AppDelegate.swift\nlet %sKey = \"%s\"\nSDK.configure(apiKey: %sKey, environment: .production)" % (
            c["key"].split("-")[0], v, c["key"].split("-")[0])
    else:
        t = "// BuildConfig.kt\nobject Keys {\n    const val %s = \"%s\"\n    const val REGION = \"%s\"\n}" % (
            c["env"], v, pick(["ID", "VN", "TH", "PH"]))
    return t, v, ["AppDelegate.swift", "BuildConfig.kt"]


@ctx("source-code", "src-csharp")
def _(c):
    v = py_str(c["val"])
    t = "var options = new GatewayOptions\n{\n    Endpoint = new Uri(\"https://%s\"),\n    %s = \"%s\",\n    Culture = \"%s\"\n};" % (
        c["host"], "ApiSecret", v, pick(["es-MX", "tr-TR", "ar-EG", "pt-BR"]))
    return t, v, ["new GatewayOptions"]


@ctx("source-code", "src-dart-flutter")
def _(c):
    v = c["val"].replace("\\", "\\\\").replace("'", "\\'").replace("$", "\\$")
    t = "// lib/env.dart\nclass Env {\n  static const String baseUrl = 'https://%s';\n  static const String %s = '%s';\n}" % (
        c["host"], "apiSecret", v)
    return t, v, ["lib/env.dart"]


@ctx("source-code", "src-json-in-string")
def _(c):
    inner = json.dumps({"merchant": "M" + D(6), c["label"]: c["val"]})
    outer = json.dumps(inner)
    v = json.dumps(json.dumps(c["val"])[1:-1])[1:-1]
    t = "payload = %s\nresp = http.post(url, data=payload, headers={\"Content-Type\": \"application/json\"})" % outer
    return t, v, ["Content-Type", "http.post"]


@ctx("source-code", "src-test-fixture")
def _(c):
    v = py_str(c["val"])
    t = "def test_refund_flow(monkeypatch):\n    monkeypatch.setenv(\"%s\", \"%s\")\n    r = refund(order_id=\"order_%s\", amount=100)\n    assert r.status == \"processed\"" % (
        c["env"], v, A(14))
    return t, v, ["test_refund_flow", "processed"]


@ctx("source-code", "src-sql-insert")
def _(c):
    v = c["val"].replace("'", "''")
    t = "-- migrations/0042_gateway_settings.sql\nINSERT INTO gateway_settings (gateway, setting_key, setting_value, updated_at)\nVALUES ('%s', '%s', '%s', NOW());" % (
        c["key"].split("-")[0], c["label"], v)
    return t, v, ["0042_gateway_settings.sql"]


@ctx("source-code", "src-shell-script")
def _(c):
    t = NL.join(["#!/usr/bin/env bash", "set -euo pipefail", "# deploy/notify.sh", "%s=\"%s\"" % (c["env"], sh_dq(c["val"])),
                 "curl -fsS \"https://%s/health\" >/dev/null || exit 1" % c["host"], "echo \"deploy ok $(date)\""])
    return t, sh_dq(c["val"]), ["set -euo pipefail"]


@ctx("source-code", "src-java-pem-string", "k=alipay-app-private-key,wechatpay-apiclient-key,paytm-rsa-key,sefaz-cert-key,tencent-cos-rsa")
def _(c):
    t = "AlipayConfig config = new AlipayConfig();\nconfig.setServerUrl(\"https://openapi.alipay.com/gateway.do\");\nconfig.setAppId(\"2021%s\");\nconfig.setPrivateKey(\"%s\");\nconfig.setSignType(\"RSA2\");" % (
        D(12), "".join(c["lines"]))
    return t, "".join(c["lines"]), ["setSignType"]


@ctx("source-code", "src-python-dburl", "k=mysql-root-pw,mysql-app-pw,postgres-pw,postgres-replica-pw,mssql-sa-pw")
def _(c):
    u, pw = url_of(c)
    t = "engine = create_engine(\n    \"%s\",\n    pool_pre_ping=True,\n)" % u.replace("postgres://", "postgresql+psycopg2://").replace("mysql://", "mysql+pymysql://")
    return t, pw, ["pool_pre_ping=True"]


@ctx("source-code", "src-hmac-sign", "api")
def _(c):
    t = NL.join(["def sign(params: dict) -> str:", "    raw = \"&\".join(f\"{k}={params[k]}\" for k in sorted(params))",
                 "    key = b\"%s\"" % py_str(c["val"]),
                 "    return hmac.new(key, raw.encode(), hashlib.sha256).hexdigest()"])
    return t, py_str(c["val"]), ["hashlib.sha256"]


# ================================================================ stack-trace-or-log
def ts():
    return "2024-%02d-%02d %02d:%02d:%02d,%03d" % (R.randrange(1, 13), R.randrange(1, 28), R.randrange(24), R.randrange(60), R.randrange(60), R.randrange(1000))


@ctx("stack-trace-or-log", "log-urllib3-headers", "api")
def _(c):
    t = "%s DEBUG urllib3.connectionpool: Starting new HTTPS connection (1): %s:443\n%s DEBUG client: POST %s%s headers={'User-Agent': 'python-requests/2.31.0', 'Authorization': 'Bearer %s', 'Accept': '*/*'}" % (
        ts(), c["host"], ts(), c["host"], api_path(c), c["val"])
    return t, c["val"], ["python-requests/2.31.0", "Starting new HTTPS connection"]


@ctx("stack-trace-or-log", "log-py-traceback-locals")
def _(c):
    v = c["val"].replace("\\", "\\\\").replace("'", "\\'")
    t = NL.join(["Traceback (most recent call last):", "  File \"/srv/app/payments/gateway.py\", line %d, in charge" % R.randrange(40, 300),
                 "    resp.raise_for_status()", "    locals: order_id='ord_%s' amount=%d %s='%s'" % (A(10), R.randrange(100, 99999), c["label"], v),
                 "requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://%s%s" % (c["host"], api_path(c))])
    return t, v, ["Traceback (most recent call last)", "raise_for_status"]


@ctx("stack-trace-or-log", "log-java-401-url", "api")
def _(c):
    q = c["auth"][6:] if c["auth"].startswith("query:") else "key"
    t = NL.join(["java.io.IOException: Server returned HTTP response code: 401 for URL: https://%s/api/send?%s=%s&mobile=91%s" % (c["host"], q, c["val"], D(10)),
                 "\tat sun.net.www.protocol.http.HttpURLConnection.getInputStream0(HttpURLConnection.java:2000)",
                 "\tat com.kirana.sms.SmsClient.send(SmsClient.java:%d)" % R.randrange(30, 200),
                 "\tat com.kirana.otp.OtpService.issue(OtpService.java:%d)" % R.randrange(30, 200)])
    return t, c["val"], ["OtpService.java", "HttpURLConnection.java"]


@ctx("stack-trace-or-log", "log-nginx-access", "api")
def _(c):
    q = c["auth"][6:] if c["auth"].startswith("query:") else c["label"]
    t = "%s - - [12/Jun/2024:%s:%02d +0530] \"GET /webhook/%s?%s=%s&status=SUCCESS HTTP/1.1\" 200 17 \"-\" \"%s\"" % (
        ip(), hhmm(), R.randrange(60), c["key"].split("-")[0], q, c["val"], pick(["Go-http-client/1.1", "okhttp/4.12.0", "Java/1.8.0_381"]))
    return t, c["val"], ["status=SUCCESS"]


@ctx("stack-trace-or-log", "log-axios-error", "api")
def _(c):
    t = NL.join(["AxiosError: Request failed with status code 403", "    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)",
                 "  config: {", "    url: 'https://%s%s'," % (c["host"], api_path(c)), "    method: 'post',",
                 "    headers: { 'Content-Type': 'application/json', '%s': '%s' }," % (c["label"], c["val"]), "  },",
                 "  code: 'ERR_BAD_REQUEST'"])
    return t, c["val"], ["ERR_BAD_REQUEST", "settle.js"]


@ctx("stack-trace-or-log", "log-json-structured")
def _(c):
    rec = {"ts": "2024-06-%02dT%s:11.204Z" % (R.randrange(1, 29), hhmm()), "level": "error", "svc": c["key"].split("-")[0] + "-adapter",
           "msg": "gateway auth failed", "request_id": U(), "cfg": {"endpoint": c["host"], c["label"]: c["val"]}}
    t = json.dumps(rec, ensure_ascii=False)
    return t, json.dumps(c["val"])[1:-1], ["gateway auth failed"]


@ctx("stack-trace-or-log", "log-sqlalchemy-error", "k=mysql-root-pw,mysql-app-pw,postgres-pw,postgres-replica-pw,mssql-sa-pw")
def _(c):
    u, pw = url_of(c)
    drv = "psycopg2.OperationalError" if c["scheme"].startswith("postgres") else ("pymysql.err.OperationalError" if c["scheme"] == "mysql" else "pyodbc.OperationalError")
    t = "sqlalchemy.exc.OperationalError: (" + drv + ") connection to server at \"%s\", port %s failed: timeout expired\n(Background on this error at: https://sqlalche.me/e/20/e3q8)\n  engine url: %s" % (
        c["host"], c["port"] or 5432, u)
    return t, pw, ["sqlalche.me/e/20/e3q8"]


@ctx("stack-trace-or-log", "log-laravel-context")
def _(c):
    v = c["val"].replace("\\", "\\\\").replace("'", "\\'")
    t = "[2024-06-%02d %s:%02d] production.ERROR: Gateway handshake failed {\"exception\":\"[object] (GuzzleHttp\\\\Exception\\\\ClientException(code: 401))\"} \narray (\n  'endpoint' => 'https://%s',\n  '%s' => '%s',\n)" % (
        R.randrange(1, 29), hhmm(), R.randrange(60), c["host"], c["label"], v)
    return t, v, ["production.ERROR", "Gateway handshake failed"]


@ctx("stack-trace-or-log", "log-php-pdo-trace", "k=mysql-root-pw,mysql-app-pw,wp-admin-pw")
def _(c):
    v = c["val"].replace("\\", "\\\\").replace("'", "\\'")
    t = NL.join(["PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user '%s'@'%s' (using password: YES) in /var/www/html/db.php:12" % (c["user"].split("@")[0], ip()),
                 "Stack trace:", "#0 /var/www/html/db.php(12): PDO->__construct('mysql:host=%s;...', '%s', '%s')" % (c["host"], c["user"].split("@")[0], v),
                 "#1 /var/www/html/index.php(4): require_once('/var/www/html/d...')", "#2 {main}"])
    return t, v, ["Access denied for user", "Stack trace:"]


@ctx("stack-trace-or-log", "log-go-config-dump")
def _(c):
    v = json.dumps(c["val"])[1:-1].replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
    t = "%s\tINFO\tboot/config.go:%d\tloaded config\t{\"config\": \"{\\\"Env\\\":\\\"prod\\\",\\\"Secret\\\":\\\"%s\\\"}\"}" % (
        "2024-06-%02dT%s:05.118+0700" % (R.randrange(1, 29), hhmm()), R.randrange(20, 90), v.replace("\\", "\\\\").replace('"', '\\"'))
    return t, v.replace("\\", "\\\\").replace('"', '\\"'), ["loaded config"]


@ctx("stack-trace-or-log", "log-celery-args", "api")
def _(c):
    t = "[%s: ERROR/ForkPoolWorker-%d] Task notifications.send_sms[%s] raised unexpected: HTTPError('401')\nargs=('+2547%s', 'Your code is %s', '%s') kwargs={}" % (
        ts(), R.randrange(1, 9), U(), D(8), D(6), c["val"])
    return t, c["val"], ["ForkPoolWorker", "notifications.send_sms"]


@ctx("stack-trace-or-log", "log-basic-auth-b64", "basic")
def _(c):
    b = base64.b64encode(("%s:%s" % (user_of(c), c["val"])).encode()).decode()
    t = "%s WARN  [http-nio-8080-exec-%d] o.a.c.c.RequestDumper : header=authorization=Basic %s\n%s WARN  [http-nio-8080-exec-%d] o.a.c.c.RequestDumper : status=401" % (
        ts(), R.randrange(1, 20), b, ts(), R.randrange(1, 20))
    return t, b, ["RequestDumper", "status=401"]


@ctx("stack-trace-or-log", "log-pem-dump", "pem")
def _(c):
    t = "ERROR crypto/signer.py:44 cannot parse key (wrong password?) key repr follows:\n%s\nValueError: Could not deserialize key data." % pem_text(c)
    return t, c["secret"], ["Could not deserialize key data"]


# ================================================================ ci-and-deploy
@ctx("ci-and-deploy", "ci-gha-env")
def _(c):
    t = NL.join(["# .github/workflows/deploy.yml", "jobs:", "  deploy:", "    runs-on: ubuntu-latest", "    env:",
                 "      %s: %s" % (c["env"], json.dumps(c["val"])), "      REGION: %s" % pick(["ap-south-1", "ap-southeast-5", "sa-east-1"]),
                 "    steps:", "      - uses: actions/checkout@v4", "      - run: ./scripts/deploy.sh"])
    return t, json.dumps(c["val"])[1:-1], ["actions/checkout@v4"]


@ctx("ci-and-deploy", "ci-gitlab-vars")
def _(c):
    t = NL.join([".gitlab-ci.yml", "variables:", "  DOCKER_DRIVER: overlay2", "  %s: '%s'" % (c["env"], c["val"].replace("'", "''")),
                 "deploy_prod:", "  stage: deploy", "  script:", "    - helm upgrade --install api ./chart -f values-prod.yaml", "  only: [main]"])
    return t, c["val"].replace("'", "''"), ["DOCKER_DRIVER: overlay2", "helm upgrade --install"]


@ctx("ci-and-deploy", "ci-jenkinsfile")
def _(c):
    v = c["val"].replace("\\", "\\\\").replace("'", "\\'")
    t = NL.join(["pipeline {", "  agent any", "  environment {", "    %s = '%s'" % (c["env"], v),
                 "    APP_VERSION = \"${env.BUILD_NUMBER}\"", "  }", "  stages {", "    stage('Deploy') { steps { sh './gradlew publish' } }", "  }", "}"])
    return t, v, ["./gradlew publish"]


@ctx("ci-and-deploy", "ci-bitbucket")
def _(c):
    t = NL.join(["# bitbucket-pipelines.yml", "pipelines:", "  branches:", "    main:", "      - step:", "          name: Deploy to cPanel",
                 "          script:", "            - export %s=\"%s\"" % (c["env"], sh_dq(c["val"])),
                 "            - pipe: atlassian/ftp-deploy:0.3.7"])
    return t, sh_dq(c["val"]), ["atlassian/ftp-deploy"]


@ctx("ci-and-deploy", "ci-dockerfile")
def _(c):
    t = NL.join(["FROM node:20-alpine AS build", "WORKDIR /app", "ARG %s=%s" % (c["env"], c["val"]), "ENV %s=${%s}" % (c["env"], c["env"]),
                 "COPY package*.json ./", "RUN npm ci --omit=dev", "COPY . .", "CMD [\"node\", \"dist/main.js\"]"])
    return t, c["val"], ["npm ci --omit=dev"]


@ctx("ci-and-deploy", "ci-fastlane", "k=appstore-connect-pw")
def _(c):
    t = NL.join(["# fastlane/.env.default", "FASTLANE_USER=%s" % c["user"], "FASTLANE_PASSWORD=%s" % c["val"],
                 "MATCH_GIT_URL=git@github.com:studio/certs.git", "FASTLANE_ITC_TEAM_ID=%s" % D(9)])
    return t, c["val"], ["MATCH_GIT_URL"]


@ctx("ci-and-deploy", "ci-tfvars")
def _(c):
    t = "# prod.auto.tfvars\nregion      = \"%s\"\ninstance_ty = \"ecs.g7.large\"\n%s = \"%s\"" % (
        pick(["cn-hongkong", "ap-southeast-5", "me-central-1"]), c["label"].lower().replace("-", "_"), py_str(c["val"]))
    return t, py_str(c["val"]), ["ecs.g7.large"]


@ctx("ci-and-deploy", "ci-ansible-inventory", "k=ssh-root-pw,sftp-deploy-pw,mikrotik-pw,nas-pw,vpn-pw")
def _(c):
    t = NL.join(["# inventory/prod.ini", "[web]", "%s ansible_user=%s ansible_password='%s' ansible_port=22" % (c["host"], c["user"].split("@")[0], c["val"]),
                 "[web:vars]", "ansible_python_interpreter=/usr/bin/python3"])
    return t, c["val"], ["ansible_python_interpreter"]


@ctx("ci-and-deploy", "ci-log-unmasked")
def _(c):
    t = NL.join(["Run ./scripts/smoke.sh", "+ echo 'checking gateway creds'", "checking gateway creds",
                 "+ curl -fsS -H 'X-Env: prod' -d '%s=%s' https://%s/verify" % (c["label"], c["val"], c.get("host", "api.local")),
                 "{\"ok\":true}", "Post job cleanup."])
    return t, c["val"], ["Post job cleanup."]


@ctx("ci-and-deploy", "ci-aliyun-flow")
def _(c):
    t = NL.join(["# .workflow/pipeline.yml (Yunxiao Flow)", "stages:", "  build:", "    jobs:", "      docker_build:",
                 "        steps:", "          - step: DockerBuild", "            with:", "              registry: registry.cn-beijing.aliyuncs.com",
                 "              build_args: \"%s=%s\"" % (c["env"], sh_dq(c["val"]))])
    return t, sh_dq(c["val"]), ["DockerBuild"]


@ctx("ci-and-deploy", "ci-k8s-patch")
def _(c):
    t = "kubectl -n prod set env deploy/api %s='%s' && kubectl -n prod rollout status deploy/api --timeout=120s" % (c["env"], c["val"])
    return t, c["val"], ["rollout status"]


# ================================================================ vendor-token
@ctx("vendor-token", "tok-bare", "api")
def _(c):
    return c["val"], c["val"], []


@ctx("vendor-token", "tok-paired", "paired")
def _(c):
    t = "%s\n%s" % (c["idv"], c["val"])
    return t, c["val"], ([c["idv"]] if c["idpub"] else [])


@ctx("vendor-token", "tok-labelled", "api")
def _(c):
    t = "%s %s: %s" % (c["svc"], c["label"], c["val"])
    return t, c["val"], [c["svc"]]


# ================================================================ note-or-chat
def _fill(tpl, c, lang):
    return tpl.format(n1=who(lang), n2=who(lang), t=hhmm(), d=day(), svc=c["svc"], label=c["label"], val=c["val"],
                      host=c.get("host", ""), user=user_of(c), env=c["env"])


@ctx("note-or-chat", "note-en-whatsapp")
def _(c):
    t = _fill("[{d}, {t}] {n1}: here's the {svc} {label}, pls don't forward\n[{d}, {t}] {n1}: {val}\n[{d}, {t}] {n2}: got it, updating the droplet now", c, "en")
    return t, c["val"], ["updating the droplet now"]


@ctx("note-or-chat", "note-en-slack-thread")
def _(c):
    t = _fill("{n1}  {t}\nfyi prod {svc} creds changed after the incident\n{n1}  {t}\n{label} = {val}\n{n2}  {t}\n:white_check_mark: updated in the secret manager, will delete this msg", c, "en")
    return t, c["val"], ["will delete this msg"]


@ctx("note-or-chat", "note-en-handover", "pw")
def _(c):
    t = _fill("Handover - {svc}\nURL: https://{host}\nuser: {user}\npass: {val}\n2FA: ask {n1} (OTP goes to her phone)\nBackups: daily 02:00 IST to the NAS", c, "en")
    return t, c["val"], ["Backups: daily 02:00 IST"]


@ctx("note-or-chat", "note-en-far-label")
def _(c):
    t = _fill("Goal: finish the {svc} integration before the Diwali sale.\nThe {label} is the last line of this note.\n\n"
              "Context:\n- sandbox works, prod returns 401\n- callback URL whitelisted on {host}\n- rate limit 100 req/min\n- {n1} owns the merchant dashboard\n\n{val}", c, "en")
    return t, c["val"], ["rate limit 100 req/min"]


@ctx("note-or-chat", "note-en-no-label")
def _(c):
    t = _fill("{n1}: try this one\n{n1}: {val}\n{n2}: worked 👍 thanks", c, "en")
    return t, c["val"], ["worked"]


@ctx("note-or-chat", "note-en-decision")
def _(c):
    t = _fill("Decision ({d}): keep the sandbox flow for now. Found the live {svc} {label} hardcoded in legacy/checkout.php ({val}); "
              "flagged to {n1} for rotation, not touching it in this PR.", c, "en")
    return t, c["val"], ["not touching it in this PR"]


@ctx("note-or-chat", "note-en-next-steps")
def _(c):
    t = _fill("Next steps:\n1. move {env} out of settings.py into the vault\n2. old value {val} must be revoked on {host}\n3. re-run the e2e refund test\n4. ping {n1} on Telegram", c, "en")
    return t, c["val"], ["re-run the e2e refund test"]


@ctx("note-or-chat", "note-en-telegram-fwd", "paired")
def _(c):
    t = _fill("Forwarded from {n1}\n{svc} prod\nid: " + c["idv"] + "\nsecret: {val}\nuse only from the Mumbai box", c, "en")
    return t, c["val"], (["use only from the Mumbai box"] + ([c["idv"]] if c["idpub"] else []))


@ctx("note-or-chat", "note-en-jira-comment")
def _(c):
    t = _fill("PAY-%d  comment by {n1}: reproduced on staging with {val} -> 401 from {host}. Looks like the key was regenerated on the dashboard yesterday." % R.randrange(100, 9999), c, "en")
    return t, c["val"], ["reproduced on staging"]


@ctx("note-or-chat", "note-en-email-fwd")
def _(c):
    t = _fill("---------- Forwarded message ---------\nFrom: {n1} <ops@partner-agency.co>\nSubject: {svc} live credentials\n\nDear team,\n\n"
              "As discussed on the call, the production {label} for your account is:\n\n    {val}\n\nKindly keep it confidential.\n\nRegards,\n{n1}", c, "en")
    return t, c["val"], ["Kindly keep it confidential."]


@ctx("note-or-chat", "note-en-wrapped", "long")
def _(c):
    v = c["val"]
    cut = R.randrange(len(v) // 3, 2 * len(v) // 3)
    a, b = v[:cut], v[cut:]
    t = _fill("{n1} ({t}): new {svc} token below, whatsapp broke it into two lines, just join them\n", c, "en") + a + NL + b + NL + "(no spaces)"
    return t, (a if len(a) >= len(b) else b), ["just join them"]


@ctx("note-or-chat", "note-en-goal")
def _(c):
    t = _fill("GOAL: get {svc} working in prod for the {n1} demo.\nCreds from {n2} (via WhatsApp): {val}\nStatus: blocked on IP whitelisting.", c, "en")
    return t, c["val"], ["blocked on IP whitelisting"]


@ctx("note-or-chat", "note-en-pw-hint", "pw")
def _(c):
    t = _fill("{n1}: the {svc} password is the usual one, {val} -- team name + year like always\n{n2}: lol ok", c, "en")
    return t, c["val"], ["team name + year like always"]


@ctx("note-or-chat", "note-en-lookalike-ids", "api")
def _(c):
    t = _fill("Debug notes: order_" + A(14) + " / pay_" + A(14) + " failed signature check.\nrequest id " + U() +
              "\nsigned with {val}\nwebhook id wh_" + A(12) + " (not a secret)", c, "en")
    return t, c["val"], ["failed signature check", "(not a secret)"]


@ctx("note-or-chat", "note-en-pem-paste", "pem")
def _(c):
    t = "%s: this is the key from the old laptop, paste into the CI variable\n%s\n(delete after copying)" % (who(), pem_text(c))
    return t, c["secret"], ["delete after copying"]


LOCAL_EXTRA = {
    "pt": [("whatsapp-bare", "[{d} {t}] {n1}: {val}\n[{d} {t}] {n2}: funcionou, valeu! apaga aí", "funcionou, valeu")],
    "es": [("whatsapp-bare", "[{d}, {t}] {n1}: prueba con esta\n[{d}, {t}] {n1}: {val}\n[{d}, {t}] {n2}: listo, ya quedó 👌", "listo, ya quedó")],
    "id": [("whatsapp-bare", "[{d} {t}] {n1}: coba yg ini\n[{d} {t}] {n1}: {val}\n[{d} {t}] {n2}: udah bisa masuk 👍", "udah bisa masuk")],
    "hi": [("whatsapp-bare", "[{d}, {t}] {n1}: ye try kar\n[{d}, {t}] {n1}: {val}\n[{d}, {t}] {n2}: ho gaya login, thanks bhai", "ho gaya login")],
    "vi": [("zalo-bare", "[{t}] {n1}: {val}\n[{t}] {n2}: được rồi nha, cảm ơn", "cảm ơn")],
    "zh": [("wechat-nospace", "{n1}：测试环境账号{user}，密码{val}，用完跟我说一声", "用完跟我说一声"),
           ("wecom-far", "{n1}：上线清单\n1. 域名解析已切换\n2. CDN 缓存已刷新\n3. 回调地址已在商户后台配置\n最后一条是{svc}的{label}，放到配置中心就行：\n\n\n{val}", "域名解析已切换")],
    "ja": [("line-kakko", "[{t}] {n1}: 検証環境のパスワードは「{val}」です（{svc}）", "検証環境のパスワード")],
    "ko": [("kakaotalk-bare", "[{n1}] [오전 {t}] {val}\n[{n1}] [오전 {t}] 이거 쓰시면 돼요", "이거 쓰시면 돼요")],
    "tr": [("whatsapp-bare", "[{d} {t}] {n1}: şunu dene: {val}\n[{d} {t}] {n2}: oldu 👍", "oldu")],
    "sw": [("whatsapp-bare", "[{d} {t}] {n1}: {val}\n[{d} {t}] {n2}: imefanya kazi, asante", "imefanya kazi")],
}

LOCAL_NOTES = {
    "hi": [("whatsapp", "[{d}, {t}] {n1}: bhai {svc} ka {label} bhej raha hu, kisi ko forward mat karna\n[{d}, {t}] {n1}: {val}\n[{d}, {t}] {n2}: 👍 mil gaya, .env me daal diya", "kisi ko forward mat karna"),
           ("whatsapp-deva", "[{d}, {t}] {n1}: {svc} का {label} ये है — {val}\n[{d}, {t}] {n2}: ठीक है, मैं staging पर टेस्ट करता हूँ", "मैं staging पर टेस्ट करता हूँ"),
           ("telegram", "{n1}:\nनोट: {host} वाला लॉगिन\nuser: {user}\nपासवर्ड: {val}\nकल तक बदल देंगे", "कल तक बदल देंगे")],
    "pt": [("whatsapp", "[{d} {t}] {n1}: gente, a senha do {svc} é {val}\n[{d} {t}] {n2}: valeu! vou trocar depois do deploy", "vou trocar depois do deploy"),
           ("telegram", "{n1}: segue a chave de produção do {svc} (não compartilhar):\n\n{val}\n\n{n2}: anotado, obrigado", "anotado, obrigado"),
           ("nota", "Anotações da reunião {d}\n- cliente pediu PIX automático\n- credencial ({label}) que o {n1} mandou: {val}\n- próximo passo: homologar NF-e", "próximo passo: homologar NF-e")],
    "es": [("whatsapp", "[{d}, {t}] {n1}: oye, te paso la contraseña de {svc}: {val}\n[{d}, {t}] {n2}: gracias, ya entré 🙌", "ya entré"),
           ("telegram", "{n1}: ahí va el {label} de producción de {svc}\n{val}\nno lo subas al repo porfa", "no lo subas al repo porfa"),
           ("slack", "{n1} [{t}]: Para el timbrado en {host} usen esto mientras tanto:\n`{val}`\nlo rotamos el lunes", "lo rotamos el lunes")],
    "tr": [("whatsapp", "[{d} {t}] {n1}: {svc} şifresi: {val}\n[{d} {t}] {n2}: tamamdır, teşekkürler", "tamamdır, teşekkürler"),
           ("telegram", "{n1}: Canlı ortam {label} değeri aşağıda, kimseyle paylaşma:\n{val}", "kimseyle paylaşma"),
           ("not", "Toplantı notu ({d}): {svc} hesabı açıldı. Kullanıcı {user}, parola {val}. Yarın test edilecek.", "Yarın test edilecek")],
    "ar": [("whatsapp", "[{d} {t}] {n1}: كلمة السر بتاعة {svc} هي {val}\n[{d} {t}] {n2}: تمام شكرا", "تمام شكرا"),
           ("telegram", "{n1}: المفتاح السري ({label}) للإنتاج:\n{val}\nمن فضلك لا ترفعه على GitHub", "لا ترفعه على GitHub")],
    "id": [("whatsapp", "[{d} {t}] {n1}: bro ini {label} {svc} yang prod ya: {val}\n[{d} {t}] {n2}: siap, makasih", "siap, makasih"),
           ("telegram", "{n1}: Kredensial {svc} buat staging:\nuser {user}\npass {val}\njangan disebar ya 🙏", "jangan disebar ya"),
           ("catatan", "Catatan: integrasi {svc} sudah jalan di sandbox. Kunci yang dipakai sementara: {val} — nanti ganti ke env var {env}.", "nanti ganti ke env var")],
    "vi": [("zalo", "[{t}] {n1}: Anh ơi, mật khẩu {svc} là {val} nhé\n[{t}] {n2}: Ok em, anh đăng nhập được rồi", "anh đăng nhập được rồi"),
           ("zalo-group", "{n1}: {label} của {svc} môi trường production:\n{val}\nĐừng đưa lên git nha mọi người", "Đừng đưa lên git"),
           ("ghichu", "Ghi chú {d}: đã cấu hình {svc} trên server {host}; khóa bí mật tạm thời {val}; tuần sau đổi lại.", "tuần sau đổi lại")],
    "th": [("line", "[{t}] {n1}: รหัสผ่าน {svc} คือ {val} นะคะ\n[{t}] {n2}: ได้แล้วครับ ขอบคุณครับ", "ขอบคุณครับ"),
           ("line-group", "{n1}: {label} ของ {svc} (production) ตามนี้\n{val}\nอย่าเอาขึ้น git นะ", "อย่าเอาขึ้น git นะ")],
    "tl": [("messenger", "{n1}: pre, eto yung password ng {svc}: {val}\n{n2}: salamat! naka-login na ako", "naka-login na ako"),
           ("viber", "{n1}: Yung {label} ng {svc} sa prod ay {val}, wag mo i-share sa iba ha\n{n2}: oks po", "wag mo i-share sa iba")],
    "ja": [("line", "[{t}] {n1}: {svc}のパスワードは {val} です\n[{t}] {n2}: ありがとうございます、ログインできました", "ログインできました"),
           ("chatwork", "[info][title]{svc} 本番環境の{label}[/title]{val}\n※社外秘、リポジトリには入れないでください[/info]", "リポジトリには入れないでください"),
           ("memo", "メモ {d}: {host} の管理画面 ユーザー {user} / パスワード {val} 。来週変更予定。", "来週変更予定")],
    "ko": [("kakaotalk", "[{n1}] [오후 {t}] {svc} 비밀번호 {val} 입니다\n[{n2}] [오후 {t}] 넵 감사합니다", "넵 감사합니다"),
           ("kakaotalk-group", "{n1}: 운영 서버 {label} 공유드려요\n{val}\n깃에 올리지 마세요!!", "깃에 올리지 마세요"),
           ("memo", "회의록 {d} - {svc} 연동 완료. 임시 키: {val} (다음 주에 교체 예정)", "다음 주에 교체 예정")],
    "zh": [("wechat", "{n1}：{svc}的密码是 {val} ，别外传哈\n{n2}：收到👌", "别外传哈"),
           ("dingtalk", "【{svc}】生产环境 {label}：\n{val}\n@所有人 请勿提交到代码仓库", "请勿提交到代码仓库"),
           ("feishu", "{n1} {t}\n账号：{user}\n密码：{val}\n登录地址：https://{host}", "登录地址"),
           ("line-tw", "[{t}] {n1}：{svc} 的 {label} 給你 {val}\n[{t}] {n2}：好喔 謝謝", "好喔 謝謝")],
    "sw": [("whatsapp", "[{d} {t}] {n1}: Nenosiri la {svc} ni {val}\n[{d} {t}] {n2}: Asante sana, nimeingia", "Asante sana, nimeingia"),
           ("telegram", "{n1}: Hii ndiyo {label} ya {svc} ya production:\n{val}\nUsiiweke kwenye GitHub tafadhali", "Usiiweke kwenye GitHub")],
    "yo": [("whatsapp", "[{d} {t}] {n1}: Ọ̀rọ̀ aṣínà {svc} ni {val}\n[{d} {t}] {n2}: O ṣeun, mo ti wọlé", "O ṣeun"),
           ("telegram", "{n1}: E jọ̀ọ́, ẹ má fi {label} yìí sí GitHub:\n{val}", "ẹ má fi")],
    "ru": [("telegram", "{n1}: пароль от {svc}: {val}\n{n2}: спасибо, зашёл", "спасибо, зашёл")],
}


def _local_ctx(lang, plat, tpl, vis):
    def fn(c):
        return _fill(tpl, c, lang), c["val"], [vis]
    return fn


for _lang, _items in list(LOCAL_NOTES.items()) + list(LOCAL_EXTRA.items()):
    for _plat, _tpl, _vis in _items:
        CTX["note-or-chat"].append(("note-%s-%s" % (_lang, _plat), "any", _local_ctx(_lang, _plat, _tpl, _vis)))


# ================================================================ signed URLs
def _sig_b64(n):
    return urllib.parse.quote(B64(n), safe="")


def make_surl(key):
    exp = 1717000000 + R.randrange(10 ** 7)
    path = pick(["invoices/2024/06/NF-%s.pdf" % D(9), "kyc/pan_%s.jpg" % D(6), "exports/gstr1_%s.xlsx" % D(6),
                 "apk/release-%s.apk" % D(3), "receipts/%s.png" % U()])
    b = pick(["loja-docs", "kirana-kyc", "duka-exports", "warung-media", "tienda-cfdi"])
    if key == "aliyun-oss":
        sig = _sig_b64(20)
        url = "https://%s.oss-cn-shenzhen.aliyuncs.com/%s?OSSAccessKeyId=LTAI%s&Expires=%d&Signature=%s" % (b, path, A(20), exp, sig)
    elif key == "tencent-cos":
        sig = H(40)
        url = "https://%s-125%s.cos.ap-guangzhou.myqcloud.com/%s?q-sign-algorithm=sha1&q-ak=AKID%s&q-sign-time=%d%%3B%d&q-key-time=%d%%3B%d&q-header-list=host&q-url-param-list=&q-signature=%s" % (
            b, D(7), path, A(32), exp - 3600, exp, exp - 3600, exp, sig)
    elif key == "huawei-obs":
        sig = _sig_b64(20)
        url = "https://%s.obs.ap-southeast-3.myhuaweicloud.com/%s?AccessKeyId=%s&Expires=%d&Signature=%s" % (b, path, AU(20), exp, sig)
    elif key in ("aws-s3", "yandex-storage"):
        sig = H(64)
        host = "%s.s3.ap-south-1.amazonaws.com" % b if key == "aws-s3" else "storage.yandexcloud.net/%s" % b
        cid = (J("AK", "IA") + AU(16)) if key == "aws-s3" else "YCAJ" + BU(21)
        url = "https://%s/%s?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=%s%%2F20240611%%2Fap-south-1%%2Fs3%%2Faws4_request&X-Amz-Date=20240611T101500Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=%s" % (
            host, path, cid, sig)
    elif key == "gcs":
        sig = H(256)
        url = "https://storage.googleapis.com/%s/%s?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=uploader%%40%s.iam.gserviceaccount.com%%2F20240611%%2Fasia-south1%%2Fstorage%%2Fgoog4_request&X-Goog-Date=20240611T101500Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=%s" % (
            b, path, AL(8), sig)
    elif key == "azure-sas":
        sig = _sig_b64(32)
        url = "https://%sstore.blob.core.windows.net/docs/%s?sv=2022-11-02&ss=b&srt=o&sp=r&se=2024-07-01T00:00:00Z&spr=https&sig=%s" % (b.replace("-", ""), path, sig)
    elif key == "qiniu-private":
        sig = b64u(rbytes(20)) + "="
        url = "https://cdn.%s.com/%s?e=%d&token=%s:%s" % (b.replace("-", ""), path, exp, BU(40), sig)
    else:  # cloudfront
        sig = b64u(rbytes(128)).replace("-", "~")
        url = "https://d%s.cloudfront.net/%s?Expires=%d&Signature=%s&Key-Pair-Id=K%s" % (AL(13), path, exp, sig, AU(13))
    _SEEN.add(sig)
    return dict(key=key + "-signed-url", kind="surl", url=url, secret=sig, svc=key)


SURL_KEYS = ["aliyun-oss", "tencent-cos", "huawei-obs", "aws-s3", "yandex-storage", "gcs", "azure-sas", "qiniu-private", "cloudfront"]


@ctx("tool-output", "out-signed-url", "surl")
def _(c):
    t = "$ python scripts/share_invoice.py --expires 15m\nshare link (valid 15 min):\n%s" % c["url"]
    return t, c["secret"], ["valid 15 min"]


@ctx("stack-trace-or-log", "log-signed-url", "surl")
def _(c):
    t = "%s INFO  download.worker - fetching %s\n%s WARN  download.worker - 403 SignatureDoesNotMatch, retrying (2/3)" % (ts(), c["url"], ts())
    return t, c["secret"], ["SignatureDoesNotMatch"]


@ctx("note-or-chat", "note-en-signed-url", "surl")
def _(c):
    t = "%s: here's the file, link expires in 15 min\n%s" % (who(), c["url"])
    return t, c["secret"], ["link expires in 15 min"]


@ctx("config-file", "cfg-signed-url-fixture", "surl")
def _(c):
    t = "# tests/fixtures/download.yaml\nsource:\n  url: \"%s\"\n  checksum: sha256:%s" % (c["url"], H(64))
    return t, c["secret"], ["tests/fixtures/download.yaml"]


# ================================================================ extra hard shapes
@ctx("note-or-chat", "note-en-prompt-later", "k=mysql-root-pw,mysql-app-pw,tally-pw,wp-admin-pw")
def _(c):
    t = NL.join(["$ mysql -h %s -u %s -p" % (c["host"], c["user"].split("@")[0]), "Enter password:",
                 "ERROR 1045 (28000): Access denied for user '%s'@'%s' (using password: YES)" % (c["user"].split("@")[0], ip()),
                 "", "- checked security group, port open", "- asked %s on WhatsApp for the current one" % who(),
                 "- retried at the prompt above with %s -> logged in" % c["val"], "- TODO: move to a .my.cnf with 600 perms"])
    return t, c["val"], ["checked security group, port open"]


@ctx("tool-output", "out-expect-echo", "pw")
def _(c):
    t = NL.join(["$ ./scripts/provision.exp %s" % c["host"], "spawn ssh %s@%s" % (c["user"].split("@")[0], c["host"]),
                 "%s@%s's password: " % (c["user"].split("@")[0], c["host"]), "send: sending \"%s\\r\" to { exp4 }" % c["val"],
                 "Welcome to Ubuntu 22.04.4 LTS (GNU/Linux 5.15.0-105-generic x86_64)"])
    return t, c["val"], ["Welcome to Ubuntu 22.04.4 LTS"]


@ctx("stack-trace-or-log", "log-form-urlencoded", "pw")
def _(c):
    e = urllib.parse.quote_plus(c["val"])
    t = "%s DEBUG http.client: send: b'POST /oauth/token HTTP/1.1\\r\\nHost: %s\\r\\nContent-Type: application/x-www-form-urlencoded\\r\\n\\r\\ngrant_type=password&username=%s&password=%s&client_id=mobile-app'" % (
        ts(), c["host"], urllib.parse.quote_plus(c["user"]), e)
    return t, e, ["grant_type=password", "client_id=mobile-app"]


@ctx("tool-output", "out-clipboard-raw")
def _(c):
    t = "$ xclip -o -selection clipboard\n%s\n$ xclip -o -selection clipboard | wc -c\n%d" % (c["val"], len(c["val"].encode()) + 1)
    return t, c["val"], ["xclip -o -selection clipboard | wc -c"]


@ctx("stack-trace-or-log", "log-bytes-repr", "api")
def _(c):
    t = "%s DEBUG hpack: encoded header block b':method: POST\\r\\n:path: %s\\r\\nauthorization: Bearer %s\\r\\nuser-agent: okhttp/4.12.0\\r\\n'" % (
        ts(), api_path(c), c["val"])
    return t, c["val"], ["okhttp/4.12.0"]


@ctx("config-file", "cfg-powershell-profile")
def _(c):
    v = c["val"].replace("`", "``").replace("$", "`$").replace('"', '`"')
    t = "# Microsoft.PowerShell_profile.ps1\n$env:%s = \"%s\"\n$env:DOTNET_ENVIRONMENT = \"Production\"\nSet-Location C:\\src\\erp" % (c["env"], v)
    return t, v, ["DOTNET_ENVIRONMENT"]


@ctx("tool-output", "out-password-csv", "pw")
def _(c):
    v = c["val"]
    cell = '"%s"' % v.replace('"', '""') if any(ch in v for ch in ',"') else v
    t = NL.join(["$ head -4 export_bitwarden_%s.csv" % D(8), "folder,name,login_uri,login_username,login_password",
                 "Infra,%s,https://%s,%s,%s" % (c["svc"].replace(",", " "), c["host"], c["user"], cell),
                 "Infra,Grafana,https://grafana.local,viewer,", "Social,Instagram loja,https://instagram.com,%s," % pick(NAMES)])
    return t, cell.strip('"') if cell.startswith('"') and '""' not in cell else cell, ["folder,name,login_uri"]


@ctx("command", "cmd-mysql-config-editor", "k=mysql-root-pw,mysql-app-pw,mssql-sa-pw,oracle-pw")
def _(c):
    t = NL.join(["$ cat > ~/.my.cnf <<'EOF'", "[client]", "user=%s" % c["user"], "password=\"%s\"" % c["val"], "host=%s" % c["host"], "EOF",
                 "$ chmod 600 ~/.my.cnf && mysql -e 'SELECT 1'"])
    return t, c["val"], ["chmod 600 ~/.my.cnf"]


@ctx("ci-and-deploy", "ci-secret-far-from-step")
def _(c):
    t = NL.join(["# deploy.yml (Coding.net CI)", "env:", "  # value for the gateway step (see step 4)", "  X1: %s" % json.dumps(c["val"]),
                 "steps:", "  - name: checkout", "  - name: build", "    run: pnpm build", "  - name: test", "    run: pnpm test --ci",
                 "  - name: gateway-smoke", "    run: ./smoke.sh --%s \"$X1\"" % c["label"].lower().replace("_", "-")])
    return t, json.dumps(c["val"])[1:-1], ["pnpm test --ci"]


@ctx("source-code", "src-split-concat", "long")
def _(c):
    v = c["val"]
    cut = len(v) // 2
    a, b = v[:cut], v[cut:]
    t = "# split so the linter stops complaining\n_K1 = \"%s\"\n_K2 = \"%s\"\n%s = _K1 + _K2" % (a, b, c["env"])
    return t, (a if len(a) >= len(b) else b), ["so the linter stops complaining"]


# ================================================================ assembly
GROUP_N = [("command", 195), ("tool-output", 225), ("config-file", 225), ("source-code", 180),
           ("stack-trace-or-log", 150), ("note-or-chat", 300), ("ci-and-deploy", 105), ("vendor-token", 120)]

ALL_SPECS = list(SPECS) + [dict(key=p[0], kind="pem", tpl=p, len=0, cc="en") for p in PEMS] + \
    [dict(key=k + "-signed-url", kind="surl", base=k, len=0, cc="en") for k in SURL_KEYS]


def instantiate(spec):
    if spec["kind"] == "pem":
        return make_pem(spec["tpl"])
    if spec["kind"] == "surl":
        return make_surl(spec["base"])
    return cred(spec)


def _choose_vis(text, sec, cands):
    for v in cands:
        if v and v in text and v not in sec and sec not in v:
            return v
    return ""


def build_secrets():
    out = []
    fcount = {}
    used = set()
    for group, n in GROUP_N:
        ctxs = CTX[group]
        loc = [x for x in ctxs if x[0].startswith("note-") and not x[0].startswith("note-en-")]
        eng = [x for x in ctxs if x not in loc]
        i = j = 0
        made = 0
        misses = 0
        while made < n:
            if loc and R.random() < 0.4:
                name, kinds, fn = loc[j % len(loc)]
                j += 1
            else:
                name, kinds, fn = eng[i % len(eng)]
                i += 1
            pool = [s for s in ALL_SPECS if compat(s, kinds) and fcount.get(name + "-" + s["key"], 0) < 2]
            if not pool:
                misses += 1
                if misses > 50 * len(ctxs):
                    raise RuntimeError("stuck in " + group)
                continue
            lang = name.split("-")[1] if name.startswith("note-") else ""
            if lang and lang != "en":
                local = [s for s in pool if s.get("cc") == lang]
                if local and R.random() < 0.7:
                    pool = local
            spec = pick(pool)
            c = instantiate(spec)
            text, sec, vis = fn(c)
            if sec in used or len(sec) < 8 or sec not in text:
                continue
            used.add(sec)
            fmt = name + "-" + spec["key"]
            fcount[fmt] = fcount.get(fmt, 0) + 1
            out.append((group, fmt, text, sec, _choose_vis(text, sec, vis)))
            made += 1
    return out


SECRETS = build_secrets()


# ================================================================ BENIGN
STATES = ["27", "29", "33", "07", "09", "24", "36", "19", "32", "06"]


def _gstin():
    pan = rs(string.ascii_uppercase, 3) + pick("PCHFT") + rs(string.ascii_uppercase, 1) + D(4) + rs(string.ascii_uppercase, 1)
    return pick(STATES) + pan + pick("123") + "Z" + AU(1)


def _cpf():
    d = D(11)
    return "%s.%s.%s-%s" % (d[:3], d[3:6], d[6:9], d[9:])


def _cnpj():
    d = D(8)
    return "%s.%s.%s/0001-%s" % (d[:2], d[2:5], d[5:8], D(2))


def _nfe_key():
    return pick(["35", "33", "31", "41", "43"]) + "24" + pick(["01", "02", "03", "04", "05", "06"]) + D(14) + "55" + D(3) + D(9) + "1" + D(8) + D(1)


BENIGN_GENS = [
    lambda: "Razorpay order created: order_%s (amount 49900 paise, receipt rcpt_%s)" % (A(14), D(5)),
    lambda: "payment pay_%s captured; refund rfnd_%s queued" % (A(14), A(14)),
    lambda: "UPI collect request sent to %s.%s@%s" % (pick(NAMES), pick(NAMES), pick(["okicici", "okaxis", "oksbi", "ybl", "paytm", "ibl"])),
    lambda: "upi://pay?pa=%s@%s&pn=%s&am=%d.00&cu=INR&tn=Order%s" % (pick(ORGS).lower(), pick(["okaxis", "ybl", "hdfcbank"]), pick(ORGS), R.randrange(10, 5000), D(6)),
    lambda: "Customer GSTIN %s, place of supply %s" % (_gstin(), pick(["Maharashtra", "Karnataka", "Tamil Nadu", "Delhi"])),
    lambda: "IRN generated for invoice INV/%d-%02d/%s: %s" % (R.randrange(2023, 2026), R.randrange(1, 13), D(5), H(64)),
    lambda: "CPF do cliente: %s (mascarar no log!)" % _cpf(),
    lambda: "CNPJ emitente %s - IE %s" % (_cnpj(), D(12)),
    lambda: "Chave de acesso NF-e: %s" % _nfe_key(),
    lambda: "protocolo de autorização %s, cStat=100 Autorizado o uso da NF-e" % ("1" + D(14)),
    lambda: "CFDI timbrado, UUID (folio fiscal) %s" % U().upper(),
    lambda: "RFC receptor %s%s%s" % (rs(string.ascii_uppercase, 4), D(6), AU(3)),
    lambda: "CUIT %s-%s-%s, punto de venta %04d" % (pick(["20", "27", "30"]), D(8), D(1), R.randrange(1, 20)),
    lambda: "NIT %s.%s.%s-%s (DIAN)" % (D(3), D(3), D(3), D(1)),
    lambda: "NPWP %s.%s.%s.%s-%s.%s" % (D(2), D(3), D(3), D(1), D(3), D(3)),
    lambda: "KRA PIN P%s%s" % (D(9), rs(string.ascii_uppercase, 1)),
    lambda: "VKN %s / vergi dairesi %s" % (D(10), pick(["Kadıköy", "Çankaya", "Beşiktaş"])),
    lambda: "統一編號 %s，發票號碼 %s%s" % (D(8), rs(string.ascii_uppercase, 2), D(8)),
    lambda: "统一社会信用代码 91%s%s" % (D(6), AU(10)),
    lambda: "사업자등록번호 %s-%s-%s" % (D(3), D(2), D(5)),
    lambda: "法人番号 %s" % D(13),
    lambda: "Delhivery AWB %s status: In Transit (Bhiwandi hub)" % D(13),
    lambda: "SF Express waybill SF%s" % D(13),
    lambda: "China Post tracking L%s%sCN" % (rs(string.ascii_uppercase, 1), D(9)),
    lambda: "J&T resi JP%s, JNE resi %s" % (D(10), AU(4) + D(10)),
    lambda: "LBC tracking number %s" % D(12),
    lambda: "Shiprocket shipment_id %s, awb_code %s" % (D(9), D(14)),
    lambda: "bundle id com.%s.%s, version %d.%d.%d (%d)" % (pick(ORGS).lower(), pick(["pos", "app", "driver", "merchant"]), R.randrange(1, 6), R.randrange(20), R.randrange(20), R.randrange(100, 900)),
    lambda: "WeChat mini-program appid wx%s (public, shown in app.json)" % H(16),
    lambda: "Alipay app_id 2021%s, sign_type RSA2" % D(12),
    lambda: "Feishu app id cli_%s (tenant %s)" % (H(16), AL(8)),
    lambda: "LINE channel ID 16%s, LIFF id 16%s-%s" % (D(8), D(8), A(8)),
    lambda: "Razorpay key id (public, goes in checkout.js): " + J("rzp", "_live_") + A(14),
    lambda: "PAYSTACK_PUBLIC_KEY=" + J("pk", "_live_") + H(40),
    lambda: "Flutterwave public key " + J("FLW", "PUBK-") + H(32) + "-X (safe in the frontend bundle)",
    lambda: "MIDTRANS_CLIENT_KEY=" + J("Mid", "-client-") + BU(16) + "  # public, used by snap.js",
    lambda: "Mercado Pago public key: " + J("APP", "_USR-") + U(),
    lambda: "Omise public key " + J("pkey", "_5") + AL(18),
    lambda: "PayMongo publishable key " + J("pk", "_live_") + A(24),
    lambda: "Xendit public key " + J("xnd", "_public_production_") + A(40),
    lambda: "merchant id (MID) %s, terminal id %s" % (rs(string.ascii_letters, 6) + D(14), D(8)),
    lambda: "WECHATPAY_MCHID=16%s  serial_no=%s" % (D(8), HU(40)),
    lambda: "M-Pesa CheckoutRequestID ws_CO_%s%s, MerchantRequestID %s-%s-1" % (D(12), D(10), D(5), D(8)),
    lambda: "M-Pesa receipt %s confirmed, Ksh %d" % (AU(10), R.randrange(10, 90000)),
    lambda: "Paystack reference T%s, access_code %s" % (D(15), AL(15)),
    lambda: "tx_ref FLW-MOCK-%s, flw_ref FLW-M03K-%s" % (H(32), H(32)),
    lambda: "Xendit invoice id %s" % H(24),
    lambda: "Alipay trade_no %s%s" % (time_id(), D(10)),
    lambda: "WeChat transaction_id 42000%s%s" % (D(5), time_id()),
    lambda: "PIX EndToEndId E%s%s%s" % (D(8), time_id()[:12], AL(11)),
    lambda: "Chave PIX aleatória (pública, vai no QR): %s" % U(),
    lambda: "IFSC %s0%s, A/c XXXXXXXX%s" % (pick(["HDFC", "ICIC", "SBIN", "UTIB", "KKBK"]), D(6), D(4)),
    lambda: "commit %s (HEAD -> main, origin/main)" % H(40),
    lambda: "Merge pull request #%d from %s/fix-%s  (%s)" % (R.randrange(10, 3000), pick(["kirana-tech", "duka-ke", "lojinha"]), pick(["upi-retry", "pix-timeout", "mpesa-callback"]), H(7)),
    lambda: "image digest sha256:%s" % H(64),
    lambda: "sha1 fingerprint %s" % ":".join(HU(2) for _ in range(20)),
    lambda: "X-Request-Id: %s" % U(),
    lambda: "traceparent: 00-%s-%s-01" % (H(32), H(16)),
    lambda: "Cursor for next page: %s" % base64.b64encode(json.dumps({"page": R.randrange(2, 90), "limit": 50}).encode()).decode(),
    lambda: "base64 of the SMS template: %s" % base64.b64encode(("Your %s order %s has shipped" % (pick(ORGS), D(6))).encode()).decode(),
    lambda: "%s=%s" % (pick(["RAZORPAY_KEY_SECRET", "MPESA_PASSKEY", "PAYSTACK_SECRET_KEY", "FLW_SECRET_KEY", "MIDTRANS_SERVER_KEY"]), pick(["********", "<redacted>", "[REDACTED]", "****" + H(4), "xxxxxxxxxxxxxxxx"])) + " (%s)" % pick(["masked", "hidden", "from vault"]),
    lambda: "key_secret: %s (last 4: %s)" % ("*" * R.randrange(16, 25), A(4)),
    lambda: J("sk", "_live_") + "*" * 20 + H(4) + " was rotated on %s" % day(),
    lambda: "%s=your_%s_here" % (pick(["RAZORPAY_KEY_SECRET", "ASAAS_API_KEY", "XENDIT_SECRET_KEY", "OMISE_SECRET_KEY"]), pick(["secret", "api_key", "token"])),
    lambda: "export %s=\"${%s:?missing}\"" % (pick(["MPESA_PASSKEY", "PAYMOB_API_KEY", "IYZICO_SECRET_KEY"]), pick(["MPESA_PASSKEY", "PAYMOB_API_KEY", "IYZICO_SECRET_KEY"])),
    lambda: "%s: ${{ secrets.%s }}" % (pick(["FLW_SECRET_KEY", "MP_ACCESS_TOKEN", "LINE_CHANNEL_SECRET", "KAKAO_ADMIN_KEY"]), pick(["FLW_SECRET_KEY", "MP_ACCESS_TOKEN", "LINE_CHANNEL_SECRET", "KAKAO_ADMIN_KEY"])),
    lambda: "password = os.environ[\"%s\"]  # %d" % (pick(["DB_PASSWORD", "SMTP_PASSWORD", "GST_PORTAL_PASSWORD", "EFATURA_PASSWORD"]), R.randrange(10, 999)),
    lambda: "api_key: <YOUR_%s_API_KEY>  # replace before running (line %d)" % (pick(["TERMII", "SEMAPHORE", "MSG91", "ZENVIA"]), R.randrange(1, 400)),
    lambda: "secret path: secret/data/%s/%s (kv v2, version %d)" % (pick(["payments", "sms", "infra", "tax"]), pick(["razorpay", "mpesa", "paystack", "sefaz", "sat"]), R.randrange(1, 20)),
    lambda: "arn:aws:secretsmanager:ap-south-1:%s:secret:prod/%s-%s" % (D(12), pick(["razorpay", "cashfree", "shiprocket"]), A(6)),
    lambda: "acs:kms:cn-hangzhou:%s:secret/%s" % (D(16), pick(["oss-uploader", "sms-gateway", "wechat-pay"])),
    lambda: "valueFrom.secretKeyRef: {name: %s, key: %s}" % (pick(["paystack", "mpesa", "wompi", "momo"]), pick(["secret_key", "passkey", "private_key"])),
    lambda: "password policy (%d): min 8 chars, 1 uppercase, 1 digit, 1 symbol, no reuse of last %d" % (R.randrange(2019, 2026), R.randrange(3, 12)),
    lambda: pick(["A senha deve ter pelo menos %d caracteres, incluindo uma letra maiúscula e um número.",
                  "La contraseña debe tener al menos %d caracteres y un símbolo.",
                  "Şifreniz en az %d karakter olmalı ve bir rakam içermelidir.",
                  "يجب أن تتكون كلمة المرور من %d أحرف على الأقل.",
                  "Kata sandi minimal %d karakter dan mengandung angka.",
                  "Mật khẩu phải có ít nhất %d ký tự.",
                  "รหัสผ่านต้องมีอย่างน้อย %d ตัวอักษร",
                  "パスワードは%d文字以上で、英数字を含めてください。",
                  "비밀번호는 %d자 이상이어야 합니다.",
                  "密码长度至少为%d位，须包含字母和数字。",
                  "पासवर्ड कम से कम %d अक्षरों का होना चाहिए।",
                  "Nenosiri lazima liwe na herufi %d au zaidi.",
                  "Ang password ay dapat may hindi bababa sa %d character."]) % R.randrange(8, 17),
    lambda: pick(["Senha incorreta. Você tem %d tentativas restantes.", "Contraseña incorrecta (intento %d de 5)",
                  "Şifre hatalı, kalan deneme: %d", "كلمة المرور غير صحيحة (%d)", "Kata sandi salah (%d)",
                  "Mật khẩu không đúng, còn %d lần thử", "รหัสผ่านไม่ถูกต้อง เหลือ %d ครั้ง", "パスワードが違います（残り%d回）",
                  "비밀번호가 일치하지 않습니다 (%d회 남음)", "密码错误，还可以尝试%d次", "गलत पासवर्ड, %d प्रयास बाकी",
                  "Nenosiri si sahihi, majaribio %d yamebaki", "Mali ang password, %d pagsubok na lang",
                  "ERROR 1045 (28000): Access denied for user 'app'@'10.0.%d.5' (using password: YES)"]) % R.randrange(1, 6),
    lambda: "Forgot password? OTP sent to +%s ******%s" % (pick(["91", "55", "234", "254", "62", "63", "84"]), D(4)),
    lambda: "Ticket %s-%d: rotate %s after offboarding %s" % (pick(["OPS", "SEC", "PAY", "INFRA"]), R.randrange(10, 9999), pick(["the Paystack key", "M-Pesa passkey", "Razorpay secret", "cPanel password"]), pick(NAMES)),
    lambda: "see issue #%d and PR #%d (%s)" % (R.randrange(10, 5000), R.randrange(10, 5000), pick(["flaky UPI test", "NF-e rejeição 539", "CFDI 4.0 migration", "GCash redirect"])),
    lambda: "pip install %s==%d.%d.%d" % (pick(["razorpay", "mercadopago", "paystackapi", "xendit-python", "alipay-sdk-python", "wechatpayv3", "iyzipay"]), R.randrange(0, 5), R.randrange(20), R.randrange(20)),
    lambda: "\"%s\": \"^%d.%d.%d\"" % (pick(["midtrans-client", "razorpay", "@line/bot-sdk", "omise", "paymongo", "flutterwave-node-v3"]), R.randrange(0, 9), R.randrange(20), R.randrange(20)),
    lambda: "%s.%s.internal resolves to 10.%d.%d.%d" % (pick(["pg", "redis", "mq", "api"]), pick(["mumbai", "saopaulo", "lagos", "jakarta", "hanoi"]), R.randrange(256), R.randrange(256), R.randrange(256)),
    lambda: "contact %s.%s@%s for merchant onboarding" % (pick(NAMES), pick(NAMES), pick(["kirana.in", "lojinha.com.br", "duka.co.ke", "warung.co.id", "tienda.mx"])),
    lambda: "DLT template id 1107%s, sender id %s" % (D(15), rs(string.ascii_uppercase, 6)),
    lambda: "Telegram chat id -100%s, Slack channel C0%s" % (D(10), AU(9)),
    lambda: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@%s" % (B64NP(32)[:43], pick(NAMES), pick(["macbook", "thinkpad", "ci-runner"])),
    lambda: "Alipay public key (platform, public): MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA%s..." % B64NP(30),
    lambda: "kid=%s, alg=ES256, jwks at https://%s/.well-known/jwks.json" % (AU(10), pick(["auth.kirana.in", "sso.duka.co.ke", "id.loja.com.br"])),
    lambda: "OTP %s expired at %s" % (D(6), hhmm()),
    lambda: "webhook event evt_%s (type payment.captured) id %s" % (A(14), U()),
    lambda: "Huawei AppGallery app id %s, Xiaomi app id 2882303761%s" % (D(9), D(9)),
    lambda: "Firebase project %s-%s, sender id %s" % (pick(ORGS).lower(), D(5), D(12)),
    lambda: "order #%s total Rp %d.%03d via QRIS NMID ID%s" % (D(7), R.randrange(10, 999), R.randrange(1000), D(13)),
    lambda: "GCash ref no. %s %s %s" % (D(4), D(3), D(6)),
    lambda: "VNPAY vnp_TxnRef=%s vnp_TransactionNo=%s" % (D(8), D(8)),
    lambda: "MoMo orderId MOMO%s requestId %s" % (D(13), U()),
    lambda: "PromptPay ID 0%s, ref1 %s" % (D(9), D(12)),
    lambda: "Ozow TransactionReference %s, SiteCode %s-%s-%s" % (D(10), AU(3), AU(3), D(3)),
    lambda: "ETA submission UUID %s (status: Valid)" % AU(26),
    lambda: "e-Fatura ETTN %s" % U().upper(),
    lambda: "Kakao Talk channel @%s, native app key is in AndroidManifest (public)" % AL(8),
    lambda: "build %s passed on runner %s in %dm%02ds" % (H(8), pick(["gitlab-runner-03", "self-hosted-bkk", "aliyun-flow-2"]), R.randrange(1, 30), R.randrange(60)),
    lambda: "hash check: md5 %s  %s" % (H(32), pick(["release.apk", "backup.sql.gz", "export.csv"])),
    lambda: "session expired for user %s at %s; please log in again" % (pick(NAMES), hhmm()),
]


def time_id():
    return "2024%02d%02d%02d%02d%02d" % (R.randrange(1, 13), R.randrange(1, 29), R.randrange(24), R.randrange(60), R.randrange(60))


def build_benign(n=860):
    vals = [s[3] for s in SECRETS]
    out = []
    seen = set()
    i = 0
    while len(out) < n:
        b = BENIGN_GENS[i % len(BENIGN_GENS)]()
        i += 1
        if b in seen or any(v in b for v in vals):
            continue
        seen.add(b)
        out.append(b)
    return out


BENIGN = build_benign()
