"""Blind hold-out corpus #27 for a secret-redaction engine.

What this is
    Text that a coding agent (Claude Code, Codex, Gemini CLI and similar)
    might save as its working state -- goals, notes, commands, tool output,
    file excerpts, decisions, chats -- in which every credential must be
    replaced by the engine while everything else stays readable.

Theme
    Web agencies, online shops and the teams that market and support them,
    and mobile app teams: e-commerce platforms and plugins (Shopify apps and
    themes, Magento/Adobe Commerce, WooCommerce, BigCommerce, PrestaShop,
    Shopware, Saleor, Medusa), headless CMSs and site builders (Contentful,
    Sanity, Strapi, Storyblok, Prismic, Drupal, Joomla, Craft, Webflow, Wix,
    Squarespace), marketing and analytics tools (HubSpot, Mailchimp, Klaviyo,
    Brevo/Sendinblue, Customer.io, Segment, Mixpanel, Amplitude, GA4
    Measurement Protocol, server-side Google Tag Manager, Meta Conversions
    API, Google Ads, TikTok and LinkedIn ads APIs), support and CRM (Zendesk,
    Intercom, Freshdesk, Help Scout, Pipedrive, Salesforce), payments and
    shipping (Adyen, Mollie, Klarna, Braintree, Square, ShipStation, EasyPost,
    Shippo, DHL/UPS/FedEx), search and media (Algolia, Typesense,
    Meilisearch, Cloudinary, Imgix, Mux, Vimeo), localization (Crowdin,
    Lokalise, Phrase, Transifex), mobile release engineering (App Store
    Connect API keys and .p8 files, Google Play service accounts, Fastlane
    match, Firebase, Expo EAS, CodePush, OneSignal, RevenueCat, Sentry,
    Bitrise, Codemagic, keystores), plus ordinary tooling (git, ssh, docker,
    kubectl, cloud CLIs, databases, CI) and the agent's own prose about all
    of it, about a quarter of the notes and chats in languages other than
    English.

Provenance
    Written blind, from general knowledge only: the author did not read the
    engine, its rules or tests, any other corpus, or any secret scanner's rule
    set.  Token shapes of services whose real format the author does not know
    are invented but plausible.

Layout
    SECRETS is a list of 5-tuples (group, format, text, secret, visible):
    group is one of command, tool-output, config-file, source-code,
    stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token; format is
    a kebab-case name of the shape (used at most three times); text is what
    the agent would record; secret is the exact substring of text that must
    not survive (the body only for private keys, the signature for signed
    URLs, the password for user:password); visible is a substring of text
    that must stay readable, or "".
    BENIGN is a list of distinct strings that contain no credential but look
    credential-like to a naive scanner (order numbers, SKUs, tracking numbers,
    digests, public and publishable keys, key ids alone, placeholders, masked
    values, variable names, prose about secrets, password-less connection
    strings, ...).

All values are synthetic and generated at import time from
random.Random(2727); importing the module prints nothing and always yields
the same SECRETS and BENIGN.

It measured 0.960 recall and 7.8% false positives blind, after every rule of the session
that added the twenty-sixth (0.959 and 7.8% with the rules of the session before); it is
regression data now (tests/test_redaction_holdouts_latest.py holds its recall per group
and its false positives).
"""
import base64
import json
import random
import re
import string
import struct

_R = random.Random(2727)
_USED = set()

_LOW = string.ascii_lowercase
_UPP = string.ascii_uppercase
_DIG = string.digits
_ALNUM = _LOW + _UPP + _DIG
_B64C = _UPP + _LOW + _DIG + "+/"
_B64U = _UPP + _LOW + _DIG + "-_"


def _c(chars, n):
    return "".join(_R.choice(chars) for _ in range(n))


def _bytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_bytes(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_bytes(n)).decode().rstrip("=")


def _enc(obj):
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _uuid4():
    h = "%032x" % _R.getrandbits(128)
    h = h[:12] + "4" + h[13:16] + _R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


_WORDS = ["Summer", "Winter", "Autumn", "Marigold", "Pistachio", "Copenhagen",
          "Lisboa", "Bergamot", "Tangerine", "Falcon", "Otter", "Maple",
          "Harbor", "Juniper", "Sparrow", "Cobalt", "Saffron", "Velvet",
          "Orchid", "Pepper", "Nimbus", "Cactus", "Biscuit", "Mango", "Rocket",
          "Panther", "Kiwi", "Lemon", "Bluebird", "Sunset", "Olive", "Ginger",
          "Hazel", "Willow", "Basil", "Cinnamon", "Coral", "Ember", "Frost",
          "Granite", "Indigo", "Jasmine", "Lotus", "Meadow", "Nova", "Pebble",
          "Quartz", "Raven", "Sequoia", "Tulip", "Vanilla", "Walnut",
          "Zephyr", "Koffie", "Zomer", "Sommer", "Primavera", "Verano",
          "Gato", "Kuchen", "Cerveza", "Schatz", "Soleil", "Fjord", "Lagom",
          "Sakura", "Tofu", "Pierogi", "Espresso", "Brioche", "Gelato",
          "Paprika", "Hygge", "Churro", "Matcha", "Croissant", "Stroopwafel"]
_YEARS = [str(y) for y in range(1979, 2026)]


def _pw_kind(syms):
    w = _R.choice(_WORDS)
    w2 = _R.choice(_WORDS)
    k = _R.randrange(9)
    if k == 0:
        return w + _R.choice(_YEARS) + _R.choice(syms)
    if k == 1:
        return w + _R.choice(syms) + _c(_DIG, _R.randint(2, 4))
    if k == 2:
        return w.lower() + "_" + w2.lower() + _c(_DIG, 2)
    if k == 3:
        return w + w2 + _c(_DIG, 3)
    if k == 4:
        t = w.replace("a", "@").replace("o", "0").replace("e", "3")
        if "@" in syms:
            return t + _R.choice(syms) + _c(_DIG, 2)
        return w.replace("o", "0").replace("e", "3") + _R.choice(syms) + _c(_DIG, 2)
    if k == 5:
        return "%s-%s-%s-%d" % (w.lower(), w2.lower(), _R.choice(_WORDS).lower(), _R.randint(1, 99))
    if k == 6:
        return _R.choice(["Welkom", "Willkommen", "Bienvenue", "Shop", "Admin", "Sklep", "Tienda", "Loja"]) + _c(_DIG, 4) + _R.choice(syms)
    if k == 7:
        return w + "." + w2 + "." + _c(_DIG, 2)
    return _c(_ALNUM + syms, _R.randint(14, 22))


def _pw(syms):
    while True:
        p = _pw_kind(syms)
        if len(p) >= 9 and any(ch.isdigit() for ch in p):
            return p


_PEM_EC8 = bytes.fromhex("308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420")
_PEM_RSA8 = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100")
_PEM_RSA1 = bytes.fromhex("308204a40201000282010100")
_PEM_SEC1 = bytes.fromhex("307702010104")


def _lines(s, width, sep):
    return sep.join(s[i:i + width] for i in range(0, len(s), width))


def _pem_ec8():
    der = _PEM_EC8 + _bytes(32) + bytes.fromhex("a144034200") + b"\x04" + _bytes(64)
    return base64.b64encode(der).decode()


def _pem_rsa8():
    der = _PEM_RSA8 + _bytes(1217 - len(_PEM_RSA8))
    return base64.b64encode(der).decode()


def _pem_rsa1():
    der = _PEM_RSA1 + _bytes(1192 - len(_PEM_RSA1))
    return base64.b64encode(der).decode()


def _pem_sec1():
    der = _PEM_SEC1 + b"\x20" + _bytes(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200") + b"\x04" + _bytes(64)
    return base64.b64encode(der).decode()


def _sshstr(b):
    return struct.pack(">I", len(b)) + b


def _openssh():
    pub = _sshstr(b"ssh-ed25519") + _sshstr(_bytes(32))
    chk = _bytes(4)
    priv = chk + chk + pub + _sshstr(_bytes(64)) + _sshstr(b"deploy@ci") + b"\x01\x02\x03\x04\x05"
    blob = (b"openssh-key-v1\x00" + _sshstr(b"none") + _sshstr(b"none") + _sshstr(b"")
            + struct.pack(">I", 1) + _sshstr(pub) + _sshstr(priv))
    return base64.b64encode(blob).decode()


def _jwt_generic():
    now = _R.randint(1690000000, 1735000000)
    body = {"sub": _R.choice([str(_R.randint(1000, 99999)), _uuid4()]), "iat": now,
            "exp": now + _R.choice([900, 3600, 86400, 2592000])}
    if _R.random() < 0.5:
        body["role"] = _R.choice(["admin", "editor", "service", "api"])
    return _enc({"alg": "HS256", "typ": "JWT"}) + "." + _enc(body) + "." + _b64u(32)


def _jwt_rs():
    now = _R.randint(1690000000, 1735000000)
    body = {"iss": _R.choice(["https://auth.shopcloud.io/", "https://id.agency-hub.net", "saleor", "medusa-auth"]),
            "sub": _uuid4(), "aud": _R.choice(["api", "storefront", "admin"]), "iat": now, "exp": now + 3600}
    return _enc({"alg": "RS256", "typ": "JWT", "kid": _c(_B64U, 22)}) + "." + _enc(body) + "." + _b64u(256)


def _jwt_k8s():
    now = _R.randint(1690000000, 1735000000)
    ns = _R.choice(["shop-prod", "storefront", "cms", "default", "checkout"])
    body = {"aud": ["https://kubernetes.default.svc"], "exp": now + 31536000, "iat": now,
            "iss": "https://kubernetes.default.svc",
            "kubernetes.io": {"namespace": ns, "serviceaccount": {"name": "ci-deployer", "uid": _uuid4()}},
            "sub": "system:serviceaccount:%s:ci-deployer" % ns}
    return _enc({"alg": "RS256", "kid": _c(_B64U, 43)}) + "." + _enc(body) + "." + _b64u(256)


def _jwt_sb():
    now = _R.randint(1690000000, 1735000000)
    body = {"iss": "supabase", "ref": _c(_LOW, 20), "role": "service_role", "iat": now, "exp": now + 315360000}
    return _enc({"alg": "HS256", "typ": "JWT"}) + "." + _enc(body) + "." + _b64u(32)


def _jwt_es():
    now = _R.randint(1690000000, 1735000000)
    body = {"iss": _uuid4(), "iat": now, "exp": now + 1200, "aud": "appstoreconnect-v1"}
    return _enc({"alg": "ES256", "kid": _c(_UPP + _DIG, 10), "typ": "JWT"}) + "." + _enc(body) + "." + _b64u(64)


def _asp():
    return "-".join(_c(_LOW, 4) for _ in range(4))


_KIND = {
    "h": lambda n: _c("0123456789abcdef", n),
    "H": lambda n: _c("0123456789ABCDEF", n),
    "a": lambda n: _c(_ALNUM, n),
    "l": lambda n: _c(_LOW + _DIG, n),
    "u": lambda n: _c(_UPP + _DIG, n),
    "d": lambda n: _c(_DIG, n),
    "L": lambda n: _c(_LOW, n),
    "U": lambda n: _c(_UPP, n),
    "k": lambda n: _c(_B64C, n),
    "x": lambda n: _c(_B64U, n),
    "b": lambda n: _b64(n),
    "w": lambda n: _b64u(n),
    "z": lambda n: _c("abcdefghijklmnopqrstuvwxyz234567", n),
    "pw": lambda n: _pw("!@#$%&*?-_."),
    "pwu": lambda n: _pw("!-_.~*"),
    "pws": lambda n: _pw("_-."),
    "pwx": lambda n: _c(_ALNUM + "!#%&*-_@^+=", n or 20),
    "uuid": lambda n: _uuid4(),
    "jwt": lambda n: _jwt_generic(),
    "jwtrs": lambda n: _jwt_rs(),
    "jwtk": lambda n: _jwt_k8s(),
    "jwtsb": lambda n: _jwt_sb(),
    "jwtes": lambda n: _jwt_es(),
    "asp": lambda n: _asp(),
    "pp": lambda n: "-".join(_R.choice(_WORDS).lower() for _ in range(4)) + "-" + _c(_DIG, 2),
    "pem": lambda n: _lines(_pem_ec8(), 64, "\n"),
    "pemj": lambda n: _lines(_pem_ec8(), 64, "\\n"),
    "rsa": lambda n: _lines(_pem_rsa8(), 64, "\n"),
    "rsaj": lambda n: _lines(_pem_rsa8(), 64, "\\n"),
    "rsaone": lambda n: _lines(_pem_rsa1(), 64, "\n"),
    "ecpem": lambda n: _lines(_pem_sec1(), 64, "\n"),
    "ossh": lambda n: _lines(_openssh(), 70, "\n"),
    "osshin": lambda n: _lines(_openssh(), 70, "\n" + " " * n),
    "pemflat": lambda n: _pem_ec8(),
    "rsaflat": lambda n: _pem_rsa8(),
}

_SPEC = re.compile(r"\{([a-zA-Z]+)(\d*)\}")


_ENCB = re.compile(r"<<(.*?)>>")


def _spec(spec):
    spec = spec.replace("|", "")
    spec = _ENCB.sub(lambda m: base64.b64encode(_spec(m.group(1)).encode()).decode(), spec)
    return _SPEC.sub(lambda m: _KIND[m.group(1)](int(m.group(2) or 0)), spec)


def _secret(spec):
    for _ in range(200):
        s = _spec(spec)
        if s not in _USED:
            _USED.add(s)
            return s
    raise ValueError("cannot make unique secret from %r" % spec)


_SHOPS = ["nordic-threads", "casa-olivia", "kaffeebohne-shop", "lumen-skincare", "petit-atelier",
          "trailhead-outfitters", "bloom-and-bark", "urban-spice-co", "maison-lune", "verde-botanics",
          "hakuna-home", "tidepool-swim", "daily-grind-roasters", "fjord-knitwear", "pampa-leather",
          "zielony-ogrod", "bakkerij-janssen", "sakura-tea-house", "oliveira-ceramics", "bergkaese-direkt"]
_CLIENTS = ["Bakker & Zonen", "Olivia's Kitchen", "Lumen Skincare", "Fjord Knitwear", "Verde Botanics",
            "Atelier Roux", "Tidepool Swim", "Kaffeebohne GmbH", "Pampa Leather", "Studio Halden",
            "Casa Olivia", "Maison Lune", "Trailhead Outfitters", "Sakura Tea House", "Zielony Ogrod"]
_USERS = ["deploy", "shop_admin", "wp_admin", "magento", "app", "strapi", "saleor", "medusa", "ci-bot",
          "svc_sync", "marta.k", "jonas", "priya", "tomasz", "lea.dubois", "admin", "shopware",
          "presta", "craft", "drupal", "api_user", "reporting", "etl", "woo_sync", "fulfil"]
_DOMAINS = ["nordicthreads.com", "casaolivia.es", "kaffeebohne.de", "lumen-skin.co", "petitatelier.fr",
            "trailhead.shop", "bloomandbark.co.uk", "urbanspice.com", "maisonlune.fr", "verdebotanics.nl",
            "tidepoolswim.com", "fjordknit.no", "pampaleather.com.ar", "zielonyogrod.pl", "sakuratea.jp",
            "oliveiraceramica.pt", "bergkaese.at", "studiohalden.se"]
_FIRST = ["Marta", "Jonas", "Priya", "Tomasz", "Lea", "Diego", "Aiko", "Sven", "Chloe", "Matteo",
          "Ana", "Femke", "Kasia", "Oren", "Linh", "Yusuf", "Min-jun", "Camille", "Lukas", "Beatriz"]
_HOSTS = ["db-1.internal", "mysql.shop-prod.svc", "10.0.3.12", "pg-main.cluster-c8x2.eu-west-1.rds.amazonaws.com",
          "maria.agency.lan", "127.0.0.1", "postgres", "mysql-primary", "db.staging.internal",
          "shopdb.mysql.database.azure.com", "aws-0-eu-central-1.pooler.supabase.com"]
_APPIDS = ["com.tidepool.swim", "nl.bakker.bestel", "de.kaffeebohne.app", "io.lumen.skincare",
           "com.fjordknit.shop", "fr.maisonlune.boutique", "es.casaolivia.pedidos", "jp.sakuratea.app",
           "com.trailhead.outfitters", "pl.zielonyogrod.sklep"]
_REGIONS = ["eu-west-1", "eu-central-1", "us-east-1", "us-west-2", "ap-northeast-1", "eu-north-1", "sa-east-1"]
_BRANCHES = ["main", "develop", "release/3.4", "feature/klaviyo-sync", "fix/checkout-tax", "hotfix/ios-push",
             "feat/headless-pdp", "chore/bump-deps", "release/2024.11", "staging"]


def _ts():
    return "2024-%02d-%02dT%02d:%02d:%02d" % (_R.randint(1, 12), _R.randint(1, 28), _R.randint(0, 23),
                                             _R.randint(0, 59), _R.randint(0, 59))


_FIELDS = {
    "shop": lambda: _R.choice(_SHOPS),
    "client": lambda: _R.choice(_CLIENTS),
    "user": lambda: _R.choice(_USERS),
    "name": lambda: _R.choice(_FIRST),
    "name2": lambda: _R.choice(_FIRST),
    "domain": lambda: _R.choice(_DOMAINS),
    "host": lambda: _R.choice(_HOSTS),
    "ip": lambda: "%d.%d.%d.%d" % (_R.choice([10, 172, 192, 34, 35, 52, 18, 85, 91]), _R.randint(0, 255),
                                   _R.randint(0, 255), _R.randint(1, 254)),
    "date": lambda: "2024-%02d-%02d" % (_R.randint(1, 12), _R.randint(1, 28)),
    "ts": _ts,
    "time": lambda: "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59)),
    "epoch": lambda: str(_R.randint(1700000000, 1735000000)),
    "sha": lambda: _c("0123456789abcdef", 40),
    "sha7": lambda: _c("0123456789abcdef", 7),
    "uuid": _uuid4,
    "uuid2": _uuid4,
    "order": lambda: str(_R.randint(1001, 98000)),
    "n": lambda: str(_R.randint(2, 60)),
    "port": lambda: _R.choice(["5432", "3306", "6379", "8080", "3000", "9000", "8443", "27017"]),
    "kid": lambda: _c(_UPP + _DIG, 10),
    "team": lambda: _c(_UPP + _DIG, 10),
    "iss": _uuid4,
    "akid": lambda: "AK" + "IA" + _c(_UPP + "234567", 16),
    "appid": lambda: _R.choice(_APPIDS),
    "ver": lambda: "%d.%d.%d" % (_R.randint(1, 9), _R.randint(0, 30), _R.randint(0, 20)),
    "build": lambda: str(_R.randint(100, 9999)),
    "branch": lambda: _R.choice(_BRANCHES),
    "region": lambda: _R.choice(_REGIONS),
    "pid": lambda: str(_R.randint(1200, 65000)),
    "h8": lambda: _c("0123456789abcdef", 8),
    "h12": lambda: _c("0123456789abcdef", 12),
    "h16": lambda: _c("0123456789abcdef", 16),
    "h32": lambda: _c("0123456789abcdef", 32),
    "cid": lambda: _c(_ALNUM, 24),
    "num": lambda: str(_R.randint(100000, 9999999)),
    "proj": lambda: _R.choice(["shop-prod-4821", "agency-analytics", "tidepool-app", "lumen-mobile",
                               "kaffeebohne-web", "fjord-release"]),
    "ms": lambda: str(_R.randint(3, 2400)),
    "bpk": lambda: "-----BEGIN " + "PRIVATE KEY-----",
    "epk": lambda: "-----END " + "PRIVATE KEY-----",
    "brsa": lambda: "-----BEGIN RSA " + "PRIVATE KEY-----",
    "ersa": lambda: "-----END RSA " + "PRIVATE KEY-----",
    "bec": lambda: "-----BEGIN EC " + "PRIVATE KEY-----",
    "eec": lambda: "-----END EC " + "PRIVATE KEY-----",
    "bos": lambda: "-----BEGIN OPENSSH " + "PRIVATE KEY-----",
    "eos": lambda: "-----END OPENSSH " + "PRIVATE KEY-----",
}

_FILL = re.compile(r"\u00a7(?:=([a-z][a-z0-9]*)\[([^\]]*)\]|\[([^\]]*)\]|(S)|("
                   + "|".join(sorted(_FIELDS, key=len, reverse=True)) + "))")


def _fill(t, cache, sec):
    def rep(m):
        if m.group(1):
            v = _spec(m.group(2))
            cache[m.group(1)] = v
            return v
        if m.group(3) is not None:
            return _spec(m.group(3))
        if m.group(4):
            if sec is None:
                raise ValueError("secret marker in benign: %r" % t[:60])
            return sec
        name = m.group(5)
        if name not in cache:
            cache[name] = _FIELDS[name]()
        return cache[name]
    return _FILL.sub(rep, t)


_GROUPS = {"cmd": "command", "out": "tool-output", "cfg": "config-file", "src": "source-code",
           "log": "stack-trace-or-log", "note": "note-or-chat", "ci": "ci-and-deploy",
           "tok": "vendor-token"}

SECRETS = []
BENIGN = []
_BSEEN = set()


def E(g, f, t, s, v="", n=1):
    t = t.strip("\n")
    for _ in range(n):
        cache = {}
        sec = _secret(s)
        text = _fill(t, cache, sec)
        vis = _fill(v, cache, sec) if v else ""
        SECRETS.append((_GROUPS[g], f, text, sec, vis))


def B(t, n=1):
    t = t.strip("\n")
    made = 0
    for _ in range(n * 30):
        if made >= n:
            break
        x = _fill(t, {}, None)
        if x not in _BSEEN:
            _BSEEN.add(x)
            BENIGN.append(x)
            made += 1


# ---------------------------------------------------------------- entries ---
# ------------------------------------------------------------- command ---
E("cmd", "curl-shopify-admin-graphql-header", """
$ curl -s -X POST "https://§shop.myshopify.com/admin/api/2024-07/graphql.json" \\
    -H "Content-Type: application/json" \\
    -H "X-Shopify-Access-Token: §S" \\
    -d '{"query":"{ shop { name currencyCode } }"}'
""", "shp|at_{h32}", "§shop.myshopify.com", n=2)
E("cmd", "shopify-theme-push-password-flag", """
shopify theme push --store §shop --password §S --theme 1432§n --nodelete
""", "shp|tka_{h32}", "--store §shop")
E("cmd", "shopify-app-dev-inline-env", """
# run the app against the dev store with the real partner secret
SHOPIFY_API_KEY=§h32 SHOPIFY_API_SECRET=§S npm run dev -- --store §shop
""", "shp|ss_{h32}", "SHOPIFY_API_KEY=§h32")
E("cmd", "curl-woocommerce-basic-pair", """
curl https://§domain/wp-json/wc/v3/orders?status=processing \\
  -u §[ck|_{h40}]:§S
""", "cs|_{h40}", "wp-json/wc/v3/orders", n=2)
E("cmd", "magento-setup-install-db-password", """
bin/magento setup:install --base-url=https://staging.§domain/ \\
  --db-host=§host --db-name=magento --db-user=magento --db-password='§S' \\
  --admin-firstname=Agency --admin-lastname=Ops --admin-email=ops@§domain \\
  --admin-user=agency_ops --admin-password='§[{pw}]' --language=en_US --currency=EUR
""", "{pwx18}", "--db-user=magento")
E("cmd", "magento-config-set-adyen-live-key", """
bin/magento config:set --scope=websites --scope-code=base payment/adyen_abstract/api_key_live "§S"
bin/magento cache:flush config
""", "AQ|E{k80}==-{k43}=-{a16}", "payment/adyen_abstract/api_key_live")
E("cmd", "wp-cli-user-create-pass", """
wp user create shopmanager manager@§domain --role=shop_manager --user_pass='§S' --path=/var/www/html
""", "{pw}", "shopmanager", n=2)
E("cmd", "wp-config-set-db-password", """
wp config set DB_PASSWORD '§S' --type=constant --path=/srv/www/§shop
""", "{pw}", "DB_PASSWORD")
E("cmd", "mysql-inline-p-no-space", """
mysql -h §host -u §user -p§S shop_prod -e "SELECT COUNT(*) FROM sales_order WHERE created_at > NOW() - INTERVAL 1 DAY;"
""", "{pws}", "-u §user", n=2)
E("cmd", "mysqldump-long-password-option", """
mysqldump --single-transaction --quick --host=§host --user=§user --password='§S' woocommerce | gzip > /backups/woo-§date.sql.gz
""", "{pw}", "--user=§user")
E("cmd", "psql-uri-positional", """
psql "postgresql://§user:§S@§host:5432/saleor?sslmode=require" -c '\\dt'
""", "{pwu}", "§user", n=2)
E("cmd", "pgdump-pgpassword-prefix", """
PGPASSWORD='§S' pg_dump -h §host -U medusa -Fc medusa_prod > medusa-§date.dump
""", "{pw}", "-U medusa")
E("cmd", "redis-cli-auth-flag", """
redis-cli -h §host -p 6379 -a '§S' --no-auth-warning INFO keyspace
""", "{pwx24}", "INFO keyspace")
E("cmd", "redis-cli-uri-default-user", """
redis-cli -u redis://default:§S@redis-1§n.c2.eu-west-1-2.ec2.cloud.redislabs.com:1§n8§n --tls
""", "{a32}", "redis://default:")
E("cmd", "mongosh-srv-uri", """
mongosh "mongodb+srv://§user:§S@cluster0.§[{l5}].mongodb.net/shop?retryWrites=true&w=majority"
""", "{pwu}", "§user")
E("cmd", "docker-login-p-flag", """
docker login registry.gitlab.com -u §user -p §S
""", "glp|at-{x20}", "registry.gitlab.com")
E("cmd", "docker-run-env-stripe", """
docker run --rm -p 3000:3000 -e NODE_ENV=production -e STRIPE_SECRET_KEY=§S -e STRIPE_PUBLISHABLE_KEY=§[pk|_live_{a24}] shop-api:§ver
""", "sk_|live_51{a97}", "STRIPE_PUBLISHABLE_KEY=")
E("cmd", "kubectl-create-secret-from-literal", """
kubectl -n storefront create secret generic klaviyo --from-literal=KLAVIYO_PRIVATE_KEY=§S --dry-run=client -o yaml | kubectl apply -f -
""", "p|k_{h34}", "-n storefront", n=2)
E("cmd", "kubectl-token-flag", """
kubectl --server=https://k8s.agency.internal:6443 --token=§S get pods -n shop-prod
""", "{jwtk}", "k8s.agency.internal:6443")
E("cmd", "helm-set-saleor-secret", """
helm upgrade --install saleor ./charts/saleor -n saleor --set secretKey=§S --set ingress.host=api.§domain
""", "{a50}", "./charts/saleor")
E("cmd", "gh-secret-set-body", """
gh secret set MATCH_PASSWORD --repo §shop/mobile-app --body "§S"
""", "{pp}", "MATCH_PASSWORD")
E("cmd", "git-clone-pat-in-url", """
git clone https://§user:§S@github.com/agency-studio/§shop-theme.git
""", "gh|p_{a36}", "github.com/agency-studio", n=2)
E("cmd", "git-remote-oauth2-gitlab", """
git remote set-url origin https://oauth2:§S@gitlab.com/agency/§shop/storefront.git && git push origin §branch
""", "glp|at-{x20}", "gitlab.com/agency")
E("cmd", "npm-config-set-authtoken", """
npm config set //registry.npmjs.org/:_authToken §S
""", "np|m_{a36}", "registry.npmjs.org")
E("cmd", "composer-http-basic-magento-repo", """
composer config --global http-basic.repo.magento.com §h32 §S
""", "{h32}", "§h32", n=2)
E("cmd", "composer-bearer-private-packagist", """
composer config --global --auth bearer.repo.packagist.com §S
""", "packagist_|uut_{h68}", "repo.packagist.com")
E("cmd", "aws-configure-set-secret", """
aws configure set aws_access_key_id §akid --profile §shop
aws configure set aws_secret_access_key §S --profile §shop
""", "{k40}", "§akid")
E("cmd", "export-aws-pair", """
export AWS_ACCESS_KEY_ID=§akid
export AWS_SECRET_ACCESS_KEY=§S
aws s3 sync ./dist s3://§shop-assets --delete
""", "{k40}", "§akid", n=2)
E("cmd", "gcloud-secrets-add-herestring", """
gcloud secrets versions add shopify-api-secret --data-file=- <<< "§S"
""", "{h32}", "shopify-api-secret")
E("cmd", "az-storage-account-key", """
az storage blob upload-batch -d '$web' -s ./build --account-name §[{l12}]cdn --account-key "§S"
""", "{b64}", "upload-batch")
E("cmd", "heroku-config-set-mollie", """
heroku config:set MOLLIE_API_KEY=§S -a §shop-checkout
""", "li|ve_{a30}", "MOLLIE_API_KEY")
E("cmd", "vercel-env-add-pipe", """
echo -n "§S" | vercel env add CONTENTFUL_MANAGEMENT_TOKEN production
""", "CF|PAT-{x43}", "CONTENTFUL_MANAGEMENT_TOKEN")
E("cmd", "netlify-env-set", """
netlify env:set SANITY_API_TOKEN §S --context production
""", "s|k{a178}", "SANITY_API_TOKEN")
E("cmd", "fly-secrets-set-multi", """
fly secrets set -a §shop-medusa DATABASE_URL=postgres://medusa@§host/medusa JWT_SECRET=§S COOKIE_SECRET=supersecret-placeholder
""", "{x48}", "DATABASE_URL=postgres://medusa@§host/medusa")
E("cmd", "eas-secret-create-value", """
eas secret:create --scope project --name SENTRY_AUTH_TOKEN --value §S --type string
""", "sntry|s_{b150}", "SENTRY_AUTH_TOKEN")
E("cmd", "expo-token-prefix-build", """
EXPO_TOKEN=§S eas build --platform ios --profile production --non-interactive
""", "{x40}", "--profile production")
E("cmd", "fastlane-match-inline-password", """
MATCH_PASSWORD='§S' bundle exec fastlane match appstore --readonly --app_identifier §appid
""", "{pw}", "§appid", n=2)
E("cmd", "fastlane-pilot-app-specific-password", """
FASTLANE_USER=release@§domain FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=§S bundle exec fastlane pilot upload --ipa build/App.ipa
""", "{asp}", "release@§domain")
E("cmd", "xcrun-altool-upload-p", """
xcrun altool --upload-app -f build/§[{L6}].ipa -t ios -u appstore@§domain -p §S
""", "{asp}", "appstore@§domain")
E("cmd", "notarytool-store-credentials", """
xcrun notarytool store-credentials "agency-notary" --apple-id dev@§domain --team-id §team --password §S
""", "{asp}", "--team-id §team")
E("cmd", "keytool-genkeypair-storepass", """
keytool -genkeypair -v -keystore release.keystore -alias upload -keyalg RSA -keysize 2048 -validity 10000 \\
  -storepass '§S' -keypass '§S' -dname "CN=§client, O=Agency, C=NL"
""", "{pw}", "-alias upload")
E("cmd", "jarsigner-storepass", """
jarsigner -verbose -sigalg SHA256withRSA -digestalg SHA-256 -keystore upload.jks -storepass §S app-release-unsigned.apk upload
""", "{pws}", "upload.jks")
E("cmd", "apksigner-ks-pass-pass", """
apksigner sign --ks android/app/release.jks --ks-key-alias §shop --ks-pass pass:§S --out app-release.apk app-release-unsigned.apk
""", "{pw}", "--ks-key-alias §shop", n=2)
E("cmd", "gradlew-injected-signing", """
./gradlew :app:bundleRelease \\
  -Pandroid.injected.signing.store.file=$PWD/keystore/release.jks \\
  -Pandroid.injected.signing.store.password=§S \\
  -Pandroid.injected.signing.key.alias=release \\
  -Pandroid.injected.signing.key.password=§S
""", "{pws}", "key.alias=release")
E("cmd", "firebase-deploy-token-flag", """
firebase deploy --only hosting,functions --project §proj --token "§S"
""", "1//0{x97}", "--project §proj")
E("cmd", "appcenter-codepush-token", """
appcenter codepush release-react -a agency/§shop-ios -d Production --token §S --description "hotfix cart badge"
""", "{h40}", "agency/§shop-ios")
E("cmd", "curl-onesignal-basic-rest", """
curl --request POST --url https://onesignal.com/api/v1/notifications \\
  --header 'Authorization: Basic §S' \\
  --header 'content-type: application/json' \\
  --data '{"app_id":"§uuid","included_segments":["Subscribed Users"],"contents":{"en":"Flash sale: 20% off"}}'
""", "{a48}", "§uuid")
E("cmd", "curl-onesignal-key-v2", """
curl -X POST https://api.onesignal.com/notifications?c=push -H "Authorization: Key §S" -H "Content-Type: application/json" -d @push.json
""", "os_v2_|app_{z112}", "api.onesignal.com")
E("cmd", "curl-revenuecat-secret-bearer", """
curl https://api.revenuecat.com/v1/subscribers/§uuid -H "Authorization: Bearer §S"
""", "s|k_{a28}", "api.revenuecat.com")
E("cmd", "sentry-cli-auth-token-flag", """
sentry-cli --auth-token §S releases -o agency -p §shop-ios new "§appid@§ver+§build"
""", "sntry|u_{h64}", "releases -o agency")
E("cmd", "curl-bitrise-authorization", """
curl -H "Authorization: §S" https://api.bitrise.io/v0.1/apps/§h16/builds?limit=5
""", "{x86}", "api.bitrise.io")
E("cmd", "curl-codemagic-x-auth-token", """
curl -H "Content-Type: application/json" -H "x-auth-token: §S" --data '{"appId":"§h12","workflowId":"ios-release","branch":"main"}' -X POST https://api.codemagic.io/builds
""", "{x43}", "api.codemagic.io")
E("cmd", "curl-asc-bearer-jwt", """
curl -s -H "Authorization: Bearer §S" "https://api.appstoreconnect.apple.com/v1/apps?filter[bundleId]=§appid"
""", "{jwtes}", "api.appstoreconnect.apple.com")
E("cmd", "curl-klaviyo-api-key-header", """
curl --request GET --url 'https://a.klaviyo.com/api/lists/' --header 'Authorization: Klaviyo-API-Key §S' --header 'revision: 2024-07-15'
""", "p|k_{h34}", "a.klaviyo.com", n=2)
E("cmd", "curl-mailchimp-anystring-user", """
curl -sS --user "anystring:§S" https://us§[{d2}].api.mailchimp.com/3.0/lists/§[{h10}]/members?count=100
""", "{h32}-us{d2}", "api.mailchimp.com")
E("cmd", "curl-hubspot-private-app-bearer", """
curl https://api.hubapi.com/crm/v3/objects/contacts?limit=10 --header 'authorization: Bearer §S'
""", "pat-|eu1-{uuid}", "api.hubapi.com")
E("cmd", "curl-brevo-api-key-header", """
curl --request POST --url https://api.brevo.com/v3/smtp/email --header 'api-key: §S' --header 'content-type: application/json' --data @order-confirmation.json
""", "xkey|sib-{h64}-{a16}", "api.brevo.com", n=2)
E("cmd", "curl-customerio-track-basic", """
curl -i https://track-eu.customer.io/api/v1/customers/§order -X PUT -u §h12§[{h8}]:§S -d email=test+§n@§domain
""", "{h20}", "track-eu.customer.io")
E("cmd", "curl-segment-writekey-user", """
curl https://api.segment.io/v1/track -u '§S:' -H 'Content-Type: application/json' -d '{"userId":"§order","event":"Order Completed"}'
""", "{a32}", "api.segment.io")
E("cmd", "curl-mixpanel-service-account", """
curl --request POST --url 'https://api-eu.mixpanel.com/import?strict=1&project_id=§num' \\
  -u "agency-import.§[{h6}].mp-service-account:§S" --header 'Content-Type: application/x-ndjson' --data-binary @events.ndjson
""", "{a32}", "mp-service-account")
E("cmd", "curl-amplitude-export-pair", """
curl -u §h32:§S 'https://analytics.eu.amplitude.com/api/2/export?start=20240601T00&end=20240601T23' -o export.zip
""", "{h32}", "§h32")
E("cmd", "curl-ga4-mp-api-secret-query", """
curl -X POST "https://www.google-analytics.com/mp/collect?measurement_id=G-§[{u10}]&api_secret=§S" \\
  -d '{"client_id":"§num.§epoch","events":[{"name":"purchase","params":{"transaction_id":"T-§order","value":49.9,"currency":"EUR"}}]}'
""", "{x22}", "measurement_id=G-", n=2)
E("cmd", "curl-meta-capi-access-token-query", """
curl -X POST -F 'data=[{"event_name":"Purchase","event_time":§epoch,"action_source":"website","user_data":{"em":["§h32§h32"]},"custom_data":{"currency":"EUR","value":89.00}}]' \\
  -F 'access_token=§S' https://graph.facebook.com/v19.0/§num§[{d8}]/events
""", "EA|AB{a180}", "graph.facebook.com")
E("cmd", "curl-google-ads-developer-token", """
curl -X POST https://googleads.googleapis.com/v16/customers/§[{d10}]/googleAds:searchStream \\
  -H "Authorization: Bearer $(gcloud auth print-access-token)" \\
  -H "developer-token: §S" -H "login-customer-id: §[{d10}]" \\
  -d '{"query":"SELECT campaign.name, metrics.clicks FROM campaign WHERE segments.date DURING LAST_7_DAYS"}'
""", "{x22}", "login-customer-id")
E("cmd", "curl-tiktok-business-access-token", """
curl -H "Access-Token: §S" "https://business-api.tiktok.com/open_api/v1.3/report/integrated/get/?advertiser_id=§[{d19}]&report_type=BASIC"
""", "{h40}", "business-api.tiktok.com")
E("cmd", "curl-linkedin-bearer-aq", """
curl -H 'Authorization: Bearer §S' -H 'LinkedIn-Version: 202405' 'https://api.linkedin.com/rest/adAnalytics?q=analytics&pivot=CAMPAIGN'
""", "AQ{x300}", "api.linkedin.com")
E("cmd", "curl-zendesk-email-token", """
curl https://§shop.zendesk.com/api/v2/tickets.json?status=open -u support@§domain/token:§S
""", "{a40}", "support@§domain/token", n=2)
E("cmd", "curl-intercom-bearer", """
curl https://api.intercom.io/conversations?per_page=20 -H 'Authorization: Bearer §S' -H 'Intercom-Version: 2.11'
""", "dG9rOj{a50}=", "api.intercom.io")
E("cmd", "curl-freshdesk-key-x", """
curl -v -u §S:X -H "Content-Type: application/json" -X GET 'https://§shop.freshdesk.com/api/v2/tickets?updated_since=§date'
""", "{a20}", "freshdesk.com/api/v2/tickets")
E("cmd", "curl-helpscout-client-credentials", """
curl -X POST https://api.helpscout.net/v2/oauth2/token --data "grant_type=client_credentials" --data "client_id=§cid" --data "client_secret=§S"
""", "{a32}", "client_id=§cid")
E("cmd", "curl-pipedrive-api-token-query", """
curl "https://agency-§shop.pipedrive.com/api/v1/deals?status=open&api_token=§S"
""", "{h40}", "pipedrive.com/api/v1/deals")
E("cmd", "curl-salesforce-password-grant", """
curl https://login.salesforce.com/services/oauth2/token -d grant_type=password \\
  -d client_id=3MVG9§[{x80}] \\
  -d client_secret=§S \\
  -d username=integration@§domain -d password="§[{pws}]§[{a24}]"
""", "{H64}", "integration@§domain")
E("cmd", "curl-adyen-x-api-key", """
curl https://checkout-test.adyen.com/v71/paymentMethods -H 'x-API-key: §S' -H 'content-type: application/json' -d '{"merchantAccount":"§[{U6}]ECOM","countryCode":"NL"}'
""", "AQ|E{k80}==-{k43}=-{a16}", "checkout-test.adyen.com")
E("cmd", "curl-mollie-bearer-live", """
curl -X GET https://api.mollie.com/v2/payments?limit=5 -H "Authorization: Bearer §S"
""", "li|ve_{a30}", "api.mollie.com", n=2)
E("cmd", "curl-klarna-basic-pair", """
curl -u 'K§[{d6}]_§[{h12}]:§S' https://api.klarna.com/ordermanagement/v1/orders/§uuid
""", "klarna_|live_api_{x60}", "api.klarna.com")
E("cmd", "curl-braintree-graphql-basic", """
curl -H "Braintree-Version: 2019-01-01" -u "§[{l16}]:§S" https://payments.braintree-api.com/graphql -d '{"query":"{ ping }"}'
""", "{h32}", "payments.braintree-api.com")
E("cmd", "curl-square-bearer", """
curl https://connect.squareup.com/v2/locations -H 'Square-Version: 2024-06-04' -H 'Authorization: Bearer §S'
""", "EA|AA{x60}", "connect.squareup.com")
E("cmd", "curl-shipstation-basic-pair", """
curl -u "§h32:§S" "https://ssapi.shipstation.com/orders?orderStatus=awaiting_shipment&pageSize=100"
""", "{h32}", "ssapi.shipstation.com")
E("cmd", "curl-easypost-user-colon", """
curl -X POST https://api.easypost.com/v2/shipments -u "§S:" -d 'shipment[to_address][id]=adr_§h32' -d 'shipment[parcel][weight]=12'
""", "EZ|AK{h54}", "api.easypost.com", n=2)
E("cmd", "curl-shippo-token-header", """
curl https://api.goshippo.com/shipments/ -H "Authorization: ShippoToken §S" -d address_from=§h32 -d async=false
""", "shippo_|live_{h40}", "api.goshippo.com")
E("cmd", "curl-dhl-api-key-header", """
curl -X GET 'https://api-eu.dhl.com/track/shipments?trackingNumber=00340434§[{d10}]' -H 'DHL-API-Key: §S'
""", "{a32}", "api-eu.dhl.com")
E("cmd", "curl-ups-oauth-client-credentials", """
curl -X POST https://wwwcie.ups.com/security/v1/oauth/token -H "x-merchant-id: §[{u6}]" -u "§[{a48}]:§S" -d grant_type=client_credentials
""", "{a64}", "wwwcie.ups.com")
E("cmd", "curl-fedex-oauth-form", """
curl -X POST https://apis-sandbox.fedex.com/oauth/token -H 'Content-Type: application/x-www-form-urlencoded' \\
  -d 'grant_type=client_credentials&client_id=l7§[{h30}]&client_secret=§S'
""", "{h32}", "apis-sandbox.fedex.com")
E("cmd", "curl-algolia-admin-key", """
curl -X POST -H "X-Algolia-API-Key: §S" -H "X-Algolia-Application-Id: §[{U10}]" "https://§[{U10}].algolia.net/1/indexes/products_prod/clear"
""", "{h32}", "products_prod/clear", n=2)
E("cmd", "curl-typesense-api-key-header", """
curl "http://localhost:8108/collections" -H "X-TYPESENSE-API-KEY: §S"
""", "{a32}", "localhost:8108")
E("cmd", "curl-meilisearch-master-bearer", """
curl -X GET 'https://search.§domain/keys' -H 'Authorization: Bearer §S'
""", "{x43}", "search.§domain")
E("cmd", "cloudinary-url-env-cli", """
CLOUDINARY_URL=cloudinary://§[{d15}]:§S@§shop cld uploader upload hero.jpg folder=home public_id=hero-§date
""", "{x27}", "cld uploader upload")
E("cmd", "curl-mux-basic-token-pair", """
curl https://api.mux.com/video/v1/assets -X POST -H "Content-Type: application/json" -u §uuid:§S -d '{"input":"https://cdn.§domain/promo.mp4","playback_policy":["public"]}'
""", "{k75}", "§uuid")
E("cmd", "curl-vimeo-bearer", """
curl -H "Authorization: bearer §S" -H "Accept: application/vnd.vimeo.*+json;version=3.4" https://api.vimeo.com/me/videos?per_page=50
""", "{h32}", "api.vimeo.com")
E("cmd", "crowdin-cli-token-flag", """
crowdin upload sources --token §S --project-id §[{d6}] --base-path .
""", "{h80}", "--project-id")
E("cmd", "lokalise2-token-download", """
lokalise2 --token §S --project-id §[{d9}].§[{h8}]_§[{d5}] file download --format json --unzip-to ./src/locales
""", "{h40}", "file download --format json")
E("cmd", "phrase-pull-access-token", """
phrase pull --access_token §S --project_id §h32
""", "{h64}", "--project_id §h32")
E("cmd", "tx-push-env-token", """
TX_TOKEN=§S tx push --source --translation --languages de,fr,nl
""", "1/{h40}", "tx push --source")
E("cmd", "curl-contentful-cma-bearer", """
curl -X PUT https://api.contentful.com/spaces/§[{l12}]/environments/master/entries/§[{a22}] \\
  -H "Authorization: Bearer §S" -H "X-Contentful-Version: 7" -d @entry.json
""", "CF|PAT-{x43}", "api.contentful.com")
E("cmd", "contentful-space-export-flag", """
contentful space export --space-id §[{l12}] --management-token §S --export-dir ./backups/contentful
""", "CF|PAT-{x43}", "--export-dir ./backups/contentful")
E("cmd", "sanity-auth-token-env-export", """
SANITY_AUTH_TOKEN=§S npx sanity dataset export production ./backups/production-§date.tar.gz
""", "s|k{a178}", "dataset export production")
E("cmd", "curl-strapi-api-token", """
curl -H "Authorization: Bearer §S" "https://cms.§domain/api/products?populate=*&pagination[pageSize]=100"
""", "{h256}", "cms.§domain")
E("cmd", "curl-storyblok-management", """
curl "https://mapi.storyblok.com/v1/spaces/§[{d6}]/stories" -H "Authorization: §S"
""", "{a22}-{d6}-{a20}", "mapi.storyblok.com")
E("cmd", "curl-prismic-access-token-query", """
curl "https://§shop.cdn.prismic.io/api/v2?access_token=§S"
""", "MC5{x40}.{x40}", "cdn.prismic.io")
E("cmd", "drush-site-install-db-url", """
drush si standard --db-url=mysql://drupal:§S@localhost/drupal --account-name=admin --site-name="§client"
""", "{pwu}", "mysql://drupal:")
E("cmd", "joomla-cli-reset-password", """
php cli/joomla.php user:reset-password --username=§user --password='§S'
""", "{pw}", "--username=§user")
E("cmd", "craft-env-db-password-migrate", """
CRAFT_DB_PASSWORD='§S' php craft migrate/all --interactive=0
""", "{pw}", "migrate/all")
E("cmd", "curl-webflow-bearer", """
curl --request GET --url https://api.webflow.com/v2/sites/§h16§h8/collections --header 'authorization: Bearer §S'
""", "{h64}", "api.webflow.com")
E("cmd", "curl-wix-ist-authorization", """
curl -X POST 'https://www.wixapis.com/stores/v1/products/query' -H 'Authorization: IST.§S' -H 'wix-site-id: §uuid' -d '{}'
""", "{jwt}", "wix-site-id: §uuid")
E("cmd", "curl-squarespace-bearer", """
curl "https://api.squarespace.com/1.0/commerce/orders?modifiedAfter=§tsZ" -H "Authorization: Bearer §S" -H "User-Agent: agency-sync/1.0"
""", "{uuid}", "api.squarespace.com")
E("cmd", "curl-bigcommerce-x-auth-token", """
curl -H "X-Auth-Token: §S" -H "Accept: application/json" https://api.bigcommerce.com/stores/§[{l10}]/v3/catalog/products?limit=250
""", "{l31}", "api.bigcommerce.com", n=2)
E("cmd", "curl-prestashop-webservice-key-user", """
curl -u §S: "https://§domain/api/orders?display=full&output_format=JSON"
""", "{u32}", "output_format=JSON")
E("cmd", "curl-shopware-oauth-integration", """
curl -X POST https://§domain/api/oauth/token -H 'Content-Type: application/json' \\
  -d '{"grant_type":"client_credentials","client_id":"SWIA§[{U22}]","client_secret":"§S"}'
""", "{a54}", "grant_type")
E("cmd", "curl-saleor-app-token", """
curl https://§shop.saleor.cloud/graphql/ -H 'Authorization: Bearer §S' -H 'Content-Type: application/json' -d '{"query":"{ orders(first: 5) { edges { node { number } } } }"}'
""", "{a30}", "saleor.cloud/graphql")
E("cmd", "curl-medusa-secret-api-key-basic", """
curl http://localhost:9000/admin/products -H 'Authorization: Basic §S'
""", "c2tf{b40}", "localhost:9000/admin/products")
E("cmd", "sshpass-rsync-deploy", """
sshpass -p '§S' rsync -avz --delete -e "ssh -p 2222" ./public/ §user@§ip:/var/www/§shop/
""", "{pw}", "§user@§ip", n=2)
E("cmd", "lftp-user-comma-password", """
lftp -u §shop,§S sftp://ftp.hosting-provider.net -e "mirror -R wp-content/themes/§shop-child /htdocs/wp-content/themes/§shop-child; bye"
""", "{pws}", "ftp.hosting-provider.net")
E("cmd", "curl-ftp-userinfo", """
curl -T feed.xml ftp://feeds_§shop:§S@upload.google-merchant-feeds.example/products.xml
""", "{pwu}", "feeds_§shop")
E("cmd", "htpasswd-batch-password", """
htpasswd -bB /etc/nginx/.htpasswd-staging §client §S
""", "{pws}", ".htpasswd-staging")
E("cmd", "openssl-pkcs12-passout", """
openssl pkcs12 -export -inkey apns.key -in apns.crt -out apns-prod.p12 -passout pass:§S
""", "{pw}", "apns-prod.p12")
E("cmd", "openssl-enc-k-passphrase", """
openssl aes-256-cbc -d -md sha256 -in certs/profile.mobileprovision.enc -out profile.mobileprovision -k §S
""", "{pwx24}", "profile.mobileprovision")
E("cmd", "gpg-batch-passphrase", """
gpg --batch --yes --passphrase '§S' --pinentry-mode loopback -d secrets/google-play.json.gpg > google-play.json
""", "{pp}", "google-play.json.gpg")
E("cmd", "ansible-vault-pass-echo", """
echo '§S' > ~/.vault_pass && ansible-playbook -i inventories/prod site.yml --vault-password-file ~/.vault_pass
""", "{pwx20}", "inventories/prod")
E("cmd", "terraform-var-db-password", """
terraform apply -var="db_password=§S" -var="environment=prod" -auto-approve
""", "{pw}", "environment=prod")
E("cmd", "pulumi-config-set-secret-plaintext", """
pulumi config set --secret mollie:apiKey §S
""", "li|ve_{a30}", "mollie:apiKey")
E("cmd", "doctl-auth-init-t", """
doctl auth init --context agency -t §S
""", "dop_|v1_{h64}", "--context agency")
E("cmd", "hcloud-token-env-prefix", """
HCLOUD_TOKEN=§S hcloud server list -o columns=name,status,ipv4
""", "{a64}", "hcloud server list")
E("cmd", "wrangler-cloudflare-token-prefix", """
CLOUDFLARE_API_TOKEN=§S npx wrangler deploy --env production
""", "{x40}", "wrangler deploy")
E("cmd", "wrangler-secret-put-echo", """
echo "§S" | npx wrangler secret put SHOPIFY_API_SECRET --env production
""", "shp|ss_{h32}", "wrangler secret put SHOPIFY_API_SECRET")
E("cmd", "twilio-profiles-add-api-secret", """
twilio profiles:add --account-sid AC§h32 --api-key SK§[{h32}] --api-secret §S --profile §shop
""", "{a32}", "--account-sid AC§h32")
E("cmd", "curl-sendgrid-bearer", """
curl --request POST --url https://api.sendgrid.com/v3/mail/send --header "Authorization: Bearer §S" --header 'Content-Type: application/json' --data @mail.json
""", "S|G.{x22}.{x43}", "api.sendgrid.com")
E("cmd", "curl-postmark-server-token", """
curl "https://api.postmarkapp.com/email" -X POST -H "Accept: application/json" -H "X-Postmark-Server-Token: §S" -d @receipt.json
""", "{uuid}", "api.postmarkapp.com")
E("cmd", "curl-mailgun-api-key-user", """
curl -s --user 'api:§S' https://api.eu.mailgun.net/v3/mg.§domain/messages -F from='Shop <orders@§domain>' -F to=test@§domain -F subject='test' -F text='hi'
""", "key-{h32}", "mg.§domain")
E("cmd", "curl-slack-webhook-post", """
curl -X POST -H 'Content-type: application/json' --data '{"text":"Deploy of §shop finished ✅"}' https://hooks.slack.com/services/T§[{U8}]/B§[{U10}]/§S
""", "{a24}", "hooks.slack.com/services", n=2)
E("cmd", "curl-discord-webhook", """
curl -H "Content-Type: application/json" -d '{"content":"New order #§order"}' "https://discord.com/api/webhooks/§[{d18}]/§S"
""", "{x68}", "discord.com/api/webhooks")
E("cmd", "stripe-cli-api-key-restricted", """
stripe products list --limit 5 --api-key §S
""", "rk_|live_51{a97}", "stripe products list")
E("cmd", "stripe-webhook-secret-node-env", """
STRIPE_WEBHOOK_SECRET=§S node server/webhooks.js
""", "wh|sec_{a32}", "server/webhooks.js")
E("cmd", "curl-paypal-oauth-client-pair", """
curl -v https://api-m.paypal.com/v1/oauth2/token -u "A§[{x79}]:§S" -d "grant_type=client_credentials"
""", "E{x79}", "api-m.paypal.com")
E("cmd", "rails-master-key-env", """
RAILS_MASTER_KEY=§S bin/rails credentials:show
""", "{h32}", "credentials:show")
E("cmd", "django-secret-key-inline", """
DJANGO_SECRET_KEY='§S' python manage.py collectstatic --noinput
""", "django-insecure-{x50}", "collectstatic")
E("cmd", "rabbitmqctl-add-user", """
rabbitmqctl add_user shop_worker §S && rabbitmqctl set_permissions -p / shop_worker ".*" ".*" ".*"
""", "{pws}", "shop_worker")
E("cmd", "psql-alter-user-password", """
psql -U postgres -c "ALTER USER saleor WITH PASSWORD '§S';"
""", "{pw}", "ALTER USER saleor")
E("cmd", "mysql-create-user-identified-by", """
mysql -uroot -e "CREATE USER 'woo_ro'@'%' IDENTIFIED BY '§S'; GRANT SELECT ON woocommerce.* TO 'woo_ro'@'%';"
""", "{pw}", "'woo_ro'@'%'", n=2)
E("cmd", "git-config-insteadof-x-access-token", """
git config --global url."https://x-access-token:§S@github.com/".insteadOf "https://github.com/"
""", "gh|s_{a36}", "insteadOf")
E("cmd", "pip-index-url-userinfo", """
pip install --index-url https://§user:§S@pypi.agency.dev/simple/ agency-shop-utils==§ver
""", "{pwu}", "pypi.agency.dev")
E("cmd", "bundle-config-sidekiq-pro", """
bundle config set --global gems.contribsys.com §h8:§S
""", "{h8}", "gems.contribsys.com")
E("cmd", "yarn-config-npm-auth-token", """
yarn config set npmAuthToken §S -H
""", "np|m_{a36}", "npmAuthToken")
E("cmd", "expo-login-password-flag", """
npx expo login -u §user-agency -p '§S' --non-interactive
""", "{pw}", "§user-agency")
E("cmd", "codemagic-asc-private-key-inline", """
app-store-connect fetch-signing-files §appid --type IOS_APP_STORE --create \\
  --issuer-id §iss --key-id §kid --private-key "§bpk
§S
§epk"
""", "{pem}", "--key-id §kid")
E("cmd", "fastlane-asc-key-content-base64", """
bundle exec fastlane run app_store_connect_api_key key_id:"§kid" issuer_id:"§iss" key_content:"§S" is_key_content_base64:true
""", "{b250}", 'key_id:"§kid"')
E("cmd", "curl-androidpublisher-ya29", """
curl -H "Authorization: Bearer §S" "https://androidpublisher.googleapis.com/androidpublisher/v3/applications/§appid/reviews"
""", "ya29.{x150}", "androidpublisher.googleapis.com")
E("cmd", "ngrok-add-authtoken", """
ngrok config add-authtoken §S && ngrok http 3000 --domain §shop-dev.ngrok.app
""", "2{a26}_{a21}", "ngrok http 3000")
E("cmd", "tailscale-up-authkey", """
sudo tailscale up --authkey tskey-auth-§S --hostname ci-runner-§n
""", "{a12}CNTRL-{a33}", "--hostname ci-runner")
E("cmd", "vault-kv-put-stripe", """
vault kv put secret/shops/§shop/stripe secret_key=§S publishable_key=§[pk|_live_{a24}]
""", "sk_|live_{a24}", "secret/shops/§shop/stripe")
E("cmd", "curl-cloudflare-purge-bearer", """
curl -X POST "https://api.cloudflare.com/client/v4/zones/§h32/purge_cache" -H "Authorization: Bearer §S" -H "Content-Type: application/json" --data '{"purge_everything":true}'
""", "{x40}", "zones/§h32")
E("cmd", "curl-cloudflare-global-key", """
curl -X GET "https://api.cloudflare.com/client/v4/zones?name=§domain" -H "X-Auth-Email: ops@§domain" -H "X-Auth-Key: §S"
""", "{h37}", "ops@§domain")
E("cmd", "curl-imgix-purge-bearer", """
curl -X POST 'https://api.imgix.com/api/v1/purge' -H 'Authorization: Bearer §S' -H 'Content-Type: application/vnd.api+json' -d '{"data":{"attributes":{"url":"https://§shop.imgix.net/products/§sha7.jpg"},"type":"purges"}}'
""", "ak_{h64}", "api.imgix.com")
E("cmd", "curl-zapier-catch-hook", """
curl -X POST https://hooks.zapier.com/hooks/catch/§S/ -d "order=§order&total=59.00"
""", "{d7}/{l7}", "hooks.zapier.com/hooks/catch")
E("cmd", "mc-alias-set-minio", """
mc alias set shopminio https://minio.§domain §[{u20}] §S --api S3v4
""", "{a40}", "shopminio")
E("cmd", "rclone-config-create-r2", """
rclone config create r2 s3 provider=Cloudflare access_key_id=§h32 secret_access_key=§S endpoint=https://§h32.r2.cloudflarestorage.com
""", "{h64}", "provider=Cloudflare")
E("cmd", "s3cmd-access-secret-flags", """
s3cmd --access_key=§akid --secret_key=§S sync ./media/ s3://§shop-media/
""", "{k40}", "§akid")
E("cmd", "curl-elastic-user-password", """
curl -u elastic:§S -k "https://es.§domain:9200/_cat/indices/products*?v"
""", "{a20}", "elastic:")
E("cmd", "docker-exec-mysql-root-p", """
docker exec -it §shop_db_1 mysql -uroot -p§S -e "SHOW DATABASES;"
""", "{pws}", "SHOW DATABASES")
E("cmd", "kubectl-exec-env-pgpassword", """
kubectl -n cms exec -it deploy/strapi -- env PGPASSWORD=§S psql -h postgres -U strapi -c 'select count(*) from up_users'
""", "{a24}", "-U strapi")
E("cmd", "powershell-env-assignment", """
PS C:\\dev\\§shop> $env:SHOPWARE_ADMIN_PASSWORD = "§S"
PS C:\\dev\\§shop> bin/console system:install --create-database --basic-setup
""", "{pw}", "SHOPWARE_ADMIN_PASSWORD")
E("cmd", "windows-set-env-cmd", """
C:\\projects\\§shop> set ALGOLIA_ADMIN_API_KEY=§S
C:\\projects\\§shop> npm run reindex
""", "{h32}", "ALGOLIA_ADMIN_API_KEY")
E("cmd", "fish-set-gx", """
set -gx KLAVIYO_PRIVATE_API_KEY §S
""", "p|k_{h34}", "KLAVIYO_PRIVATE_API_KEY")
E("cmd", "curl-saleor-token-create-mutation", """
curl -s https://api.§domain/graphql/ -H 'Content-Type: application/json' \\
  -d '{"query":"mutation { tokenCreate(email: \\"ops@§domain\\", password: \\"§S\\") { token errors { message } } }"}'
""", "{pw}", "ops@§domain")
E("cmd", "http-httpie-auth-header", """
http GET https://api.§domain/admin/orders Authorization:"Bearer §S" page==2
""", "{jwt}", "api.§domain/admin/orders")
E("cmd", "wget-header-api-key", """
wget --header="X-Api-Key: §S" -O products.csv "https://feeds.§domain/export/products.csv"
""", "{a40}", "feeds.§domain")
E("cmd", "curl-oauth-refresh-token-google", """
curl -s https://oauth2.googleapis.com/token -d client_id=§[{d12}]-§[{l32}].apps.googleusercontent.com \\
  -d client_secret=GOCSPX-§[{x28}] -d refresh_token=§S -d grant_type=refresh_token
""", "1//0{x97}", "oauth2.googleapis.com")
E("cmd", "curl-google-client-secret-gocspx", """
curl https://oauth2.googleapis.com/token -d code=4/0§[{x70}] -d client_id=§[{d12}]-§[{l32}].apps.googleusercontent.com -d client_secret=§S -d redirect_uri=http://localhost:8080 -d grant_type=authorization_code
""", "GOC|SPX-{x28}", "redirect_uri=http://localhost:8080")
E("cmd", "ssh-keygen-passphrase-n", """
ssh-keygen -t ed25519 -C "deploy@§shop" -f ~/.ssh/§shop_deploy -N '§S'
""", "{pp}", "deploy@§shop")
E("cmd", "sqlcmd-password-flag", """
sqlcmd -S tcp:§[{l8}].database.windows.net,1433 -d shop -U shopadmin -P '§S' -Q "select top 5 * from Orders"
""", "{pw}", "-U shopadmin")
E("cmd", "curl-github-api-fine-grained", """
curl -L -H "Accept: application/vnd.github+json" -H "Authorization: Bearer §S" https://api.github.com/repos/agency-studio/§shop-app/actions/secrets/public-key
""", "github_|pat_11{u21}_{a59}", "api.github.com/repos/agency-studio")
E("cmd", "curl-gitlab-private-token", """
curl --header "PRIVATE-TOKEN: §S" "https://gitlab.com/api/v4/projects/§[{d8}]/pipelines?ref=main"
""", "glp|at-{x20}", "gitlab.com/api/v4/projects")
E("cmd", "curl-bitbucket-app-password", """
curl -u agency-bot:§S https://api.bitbucket.org/2.0/repositories/agency/§shop-magento/pipelines/
""", "ATBB{a28}{H8}", "agency-bot")
E("cmd", "curl-netlify-build-hook", """
curl -X POST -d {} https://api.netlify.com/build_hooks/§S
""", "{h24}", "api.netlify.com/build_hooks")
E("cmd", "curl-vercel-deploy-hook", """
curl -X POST "https://api.vercel.com/v1/integrations/deploy/prj_§[{a28}]/§S"
""", "{a10}", "api.vercel.com/v1/integrations/deploy")
E("cmd", "php-artisan-tinker-set-password", """
php artisan tinker --execute="App\\Models\\User::where('email','owner@§domain')->update(['password'=>bcrypt('§S')]);"
""", "{pw}", "owner@§domain")
E("cmd", "node-e-inline-key", """
node -e "require('./scripts/sync-inventory')({ shop: '§shop', token: '§S' })"
""", "shp|at_{h32}", "scripts/sync-inventory")
E("cmd", "python-c-inline-api-key", """
python3 -c "import klaviyo_api as k; c=k.KlaviyoAPI('§S'); print(c.Lists.get_lists())"
""", "p|k_{h34}", "import klaviyo_api")
E("cmd", "history-line-numbered", """
  512  cd ~/clients/§shop
  513  export SHIPPO_API_TOKEN=§S
  514  node scripts/create-return-label.js --order §order
""", "shippo_|live_{h40}", "create-return-label.js")
E("cmd", "zsh-history-extended", """
: §epoch:0;git pull --rebase
: §epoch:0;export TYPESENSE_ADMIN_KEY=§S
: §epoch:0;npm run search:reindex
""", "{a32}", "search:reindex")
E("cmd", "curl-positional-in-path-api-key", """
curl "https://api.openexchangerates.example/latest.json/§S?base=EUR&symbols=USD,GBP,PLN"
""", "{h32}", "base=EUR")
E("cmd", "sqlite-attach-key", """
sqlite3 app.db "PRAGMA key = '§S'; SELECT count(*) FROM cart_items;"
""", "{pwx32}", "cart_items")
E("cmd", "redis-auth-command-inside-cli", """
$ redis-cli -h cache.§domain
cache.§domain:6379> AUTH §S
OK
cache.§domain:6379> KEYS sess:*
""", "{pwx24}", "KEYS sess:*")
E("cmd", "ftp-open-user-pass-sequence", """
ftp> open ftp.§domain
Name (ftp.§domain:agency): §shop
331 Password required for §shop
Password: §S
230 User §shop logged in
""", "{pws}", "230 User")
E("cmd", "git-credential-approve-stdin", """
printf "protocol=https\\nhost=bitbucket.org\\nusername=agency-ci\\npassword=§S\\n" | git credential approve
""", "ATBB{a28}{H8}", "username=agency-ci")
E("cmd", "docker-build-arg-npm-token", """
docker build --build-arg NPM_TOKEN=§S -t registry.§domain/storefront:§sha7 .
""", "np|m_{a36}", "registry.§domain/storefront")
E("cmd", "ssh-remote-command-env", """
ssh deploy@§ip 'cd /var/www/shop && SHOPWARE_ES_PASSWORD=§S bin/console es:index'
""", "{pw}", "deploy@§ip")
E("cmd", "kubectl-patch-secret-stringdata", """
kubectl -n checkout patch secret adyen --type merge -p '{"stringData":{"hmacKey":"§S"}}'
""", "{H64}", "-n checkout patch secret adyen")
E("cmd", "heroku-pg-credentials-url-connect", """
psql postgres://u§[{l12}]:§S@ec2-§[{d2}]-§[{d3}]-§[{d2}]-§[{d2}].eu-west-1.compute.amazonaws.com:5432/d§[{l13}]
""", "p{h64}", "eu-west-1.compute.amazonaws.com")
E("cmd", "curl-basic-b64-precomputed", """
curl -H "Authorization: Basic §S" https://§domain/wp-json/wc/v3/products?per_page=50
""", "Y2tf{b60}", "wp-json/wc/v3/products")
E("cmd", "gcloud-run-deploy-set-env", """
gcloud run deploy sgtm --image gcr.io/cloud-tagging-10302018/gtm-cloud-image:stable --region europe-west1 \\
  --set-env-vars CONTAINER_CONFIG=§[{b60}],META_CAPI_TOKEN=§S
""", "EA|AB{a180}", "gtm-cloud-image:stable")
E("cmd", "aws-ssm-put-parameter-value", """
aws ssm put-parameter --name /shop/prod/BRAINTREE_PRIVATE_KEY --type SecureString --value §S --overwrite
""", "{h32}", "/shop/prod/BRAINTREE_PRIVATE_KEY")
E("cmd", "aws-secretsmanager-secret-string-json", """
aws secretsmanager create-secret --name prod/medusa --secret-string '{"JWT_SECRET":"§S","COOKIE_SECRET":"see-1password"}'
""", "{x48}", "prod/medusa")
E("cmd", "curl-basic-auth-staging-site", """
curl -I -u preview:§S https://staging.§domain/
""", "{pws}", "staging.§domain")
E("cmd", "lighthouse-extra-headers-cookie", """
npx lighthouse https://staging.§domain/checkout --extra-headers='{"Cookie":"_secure_session_id=§S"}' --output html
""", "{h32}", "staging.§domain/checkout")

# --------------------------------------------------------- tool-output ---
E("out", "heroku-config-listing", """
$ heroku config -a §shop-api
=== §shop-api Config Vars
DATABASE_URL:          postgres://u§[{l10}]@ec2-§[{d2}]-§[{d3}].compute-1.amazonaws.com:5432/d§[{l10}]
KLAVIYO_PUBLIC_KEY:    §[{U6}]
KLAVIYO_PRIVATE_KEY:   §S
NODE_ENV:              production
""", "p|k_{h34}", "KLAVIYO_PUBLIC_KEY", n=2)
E("out", "kubectl-get-secret-yaml-data-b64", """
$ kubectl -n storefront get secret shopify-app -o yaml
apiVersion: v1
data:
  SHOPIFY_API_KEY: §[{b24}]
  SHOPIFY_API_SECRET: §S
kind: Secret
metadata:
  name: shopify-app
  namespace: storefront
type: Opaque
""", "<<shp|ss_{h32}>>", "name: shopify-app", n=2)
E("out", "kubectl-jsonpath-base64-decode", """
$ kubectl get secret mollie -n checkout -o jsonpath='{.data.MOLLIE_API_KEY}' | base64 -d
§S
""", "li|ve_{a30}", "-n checkout")
E("out", "docker-inspect-env-array", """
$ docker inspect shop-worker --format '{{json .Config.Env}}' | jq .
[
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",
  "NODE_VERSION=20.11.1",
  "EASYPOST_API_KEY=§S",
  "QUEUE=fulfilment"
]
""", "EZ|AK{h54}", "QUEUE=fulfilment")
E("out", "env-grep-output", """
$ env | grep -i algolia
ALGOLIA_APP_ID=§[{U10}]
ALGOLIA_SEARCH_KEY=§[{h32}]
ALGOLIA_ADMIN_KEY=§S
""", "{h32}", "ALGOLIA_APP_ID")
E("out", "printenv-single-value", """
$ printenv CUSTOMERIO_APP_API_KEY
§S
""", "{h32}", "CUSTOMERIO_APP_API_KEY")
E("out", "aws-sts-session-token-json", """
$ aws sts get-session-token --serial-number arn:aws:iam::§[{d12}]:mfa/§user --token-code 482913
{
    "Credentials": {
        "AccessKeyId": "§[AS|IA{U16}]",
        "SecretAccessKey": "§S",
        "SessionToken": "(trimmed by agent)",
        "Expiration": "§tsZ"
    }
}
""", "{k40}", "Expiration")
E("out", "aws-iam-create-access-key-json", """
$ aws iam create-access-key --user-name s3-media-uploader
{
    "AccessKey": {
        "UserName": "s3-media-uploader",
        "AccessKeyId": "§akid",
        "Status": "Active",
        "SecretAccessKey": "§S",
        "CreateDate": "§tsZ"
    }
}
""", "{k40}", "§akid", n=2)
E("out", "gcloud-print-access-token", """
$ gcloud auth print-access-token --impersonate-service-account=play-publisher@§proj.iam.gserviceaccount.com
WARNING: This command is using service account impersonation.
§S
""", "ya29.c.{x200}", "play-publisher@§proj.iam.gserviceaccount.com")
E("out", "firebase-login-ci-output", """
$ firebase login:ci --no-localhost
Visit this URL on this device to log in: https://accounts.google.com/o/oauth2/auth?client_id=563584335869-fgrhgmd47bqnekij5i8b5pr03ho849e6.apps.googleusercontent.com&scope=...
✔  Success! Use this token to login on a CI server:

§S

Example: firebase deploy --token "$FIREBASE_TOKEN"
""", "1//0{x97}", "firebase deploy --token")
E("out", "shopify-app-env-show", """
$ shopify app env show
    SHOPIFY_API_KEY=§h32
    SHOPIFY_API_SECRET=§S
    SCOPES=read_products,write_orders,read_customers
""", "{h32}", "SHOPIFY_API_KEY=§h32")
E("out", "artisan-key-generate-show", """
$ php artisan key:generate --show
base64:§S
""", "{b32}", "key:generate")
E("out", "magento-config-show-braintree", """
$ bin/magento config:show payment/braintree/private_key
§S
$ bin/magento config:show payment/braintree/merchant_id
§[{l16}]
""", "{h32}", "payment/braintree/merchant_id")
E("out", "wp-option-get-stripe-json", """
$ wp option get woocommerce_stripe_settings --format=json | jq '{testmode, publishable_key, secret_key}'
{
  "testmode": "no",
  "publishable_key": "§[pk|_live_{a24}]",
  "secret_key": "§S"
}
""", "sk_|live_{a24}", "testmode")
E("out", "wp-config-list-table", """
$ wp config list --fields=name,value --format=table
+------------------+-----------------------------------+
| name             | value                             |
+------------------+-----------------------------------+
| DB_NAME          | wp_§[{l6}]                         |
| DB_USER          | wp_user                           |
| DB_PASSWORD      | §S                   |
| DB_HOST          | localhost                         |
+------------------+-----------------------------------+
""", "{pw}", "wp_user", n=2)
E("out", "drush-config-get-smtp", """
$ drush config:get smtp.settings
smtp_on: true
smtp_host: smtp.eu.mailgun.org
smtp_port: '587'
smtp_username: postmaster@mg.§domain
smtp_password: §S
""", "{h32}-{h8}-{h8}", "postmaster@mg.§domain")
E("out", "composer-config-list-http-basic", """
$ composer config --list --global | grep http-basic
[http-basic.repo.magento.com.username] §h32
[http-basic.repo.magento.com.password] §S
""", "{h32}", "http-basic.repo.magento.com.username")
E("out", "npm-config-list-authtoken", """
$ npm config list
; "user" config from /home/§user/.npmrc
//npm.pkg.github.com/:_authToken = "§S"
@agency-studio:registry = "https://npm.pkg.github.com"
; node bin location = /usr/bin/node
""", "gh|p_{a36}", "@agency-studio:registry")
E("out", "git-remote-v-token", """
$ git remote -v
origin  https://§user:§S@bitbucket.org/agency/§shop-prestashop.git (fetch)
origin  https://§user:§S@bitbucket.org/agency/§shop-prestashop.git (push)
""", "ATBB{a28}{H8}", "bitbucket.org/agency")
E("out", "terraform-output-json-sensitive", """
$ terraform output -json
{
  "cdn_domain": { "sensitive": false, "type": "string", "value": "d§[{l13}].cloudfront.net" },
  "db_password": { "sensitive": true, "type": "string", "value": "§S" }
}
""", "{pwx20}", "cdn_domain")
E("out", "pulumi-config-show-secrets", """
$ pulumi config --show-secrets
KEY                      VALUE
aws:region               §region
shop:algoliaAdminKey     §S
shop:environment         production
""", "{h32}", "shop:environment")
E("out", "fastlane-spaceauth-session", """
$ bundle exec fastlane spaceauth -u release@§domain
Pass the following via the FASTLANE_SESSION environment variable:
---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n  value: §S\\n  domain: apple.com\\n  for_domain: true\\n  path: \\"/\\"\\n
Example:
export FASTLANE_SESSION='---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n ...'
""", "DAWTKNV2{h300}", "release@§domain")
E("out", "stripe-listen-ready-whsec", """
$ stripe listen --forward-to localhost:3000/api/webhooks/stripe
> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is §S (^C to quit)
""", "wh|sec_{a64}", "localhost:3000/api/webhooks/stripe", n=2)
E("out", "openssl-rand-base64-output", """
$ openssl rand -base64 32    # -> ADMIN_JWT_SECRET for strapi prod
§S
""", "{b32}", "ADMIN_JWT_SECRET")
E("out", "docker-compose-config-env", """
$ docker compose config | sed -n '/medusa:/,/ports:/p'
  medusa:
    environment:
      COOKIE_SECRET: §S
      DATABASE_URL: postgres://medusa@db:5432/medusa
      REDIS_URL: redis://redis:6379
    ports:
""", "{x40}", "postgres://medusa@db:5432/medusa")
E("out", "helm-get-values-output", """
$ helm get values strapi -n cms
USER-SUPPLIED VALUES:
env:
  ADMIN_JWT_SECRET: §S
  DATABASE_CLIENT: postgres
image:
  tag: §ver
""", "{b24}", "DATABASE_CLIENT: postgres")
E("out", "kubectl-describe-pod-env", """
$ kubectl describe pod sync-worker-§h8-§[{l5}] -n jobs | sed -n '/Environment:/,/Mounts:/p'
    Environment:
      PIPEDRIVE_API_TOKEN:  §S
      HUBSPOT_PORTAL_ID:    §[{d8}]
      DRY_RUN:              false
    Mounts:
""", "{h40}", "HUBSPOT_PORTAL_ID")
E("out", "az-storage-keys-list-json", """
$ az storage account keys list -g rg-§shop -n st§[{l10}] -o json
[
  { "creationTime": "§tsZ", "keyName": "key1", "permissions": "FULL", "value": "§S" },
  { "creationTime": "§tsZ", "keyName": "key2", "permissions": "FULL", "value": "(not copied)" }
]
""", "{b64}", "keyName")
E("out", "az-ad-sp-create-for-rbac", """
$ az ad sp create-for-rbac --name gh-actions-§shop --role contributor --scopes /subscriptions/§uuid/resourceGroups/rg-§shop
{
  "appId": "§uuid2",
  "displayName": "gh-actions-§shop",
  "password": "§S",
  "tenant": "§[{uuid}]"
}
""", "{x3}8Q~{x34}", "§uuid2")
E("out", "gh-auth-token-output", """
$ gh auth token
§S
""", "gh|o_{a36}", "gh auth token")
E("out", "gh-auth-status-show-token", """
$ gh auth status -t
github.com
  ✓ Logged in to github.com account agency-bot (keyring)
  - Active account: true
  - Git operations protocol: https
  - Token: §S
  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'
""", "gh|o_{a36}", "agency-bot")
E("out", "glab-auth-status-show-token", """
$ glab auth status --show-token
gitlab.com
  ✓ Logged in to gitlab.com as §user (/home/§user/.config/glab-cli/config.yml)
  ✓ Git operations for gitlab.com configured to use https protocol.
  ✓ API calls for gitlab.com are made over https protocol
  ✓ REST API Endpoint: https://gitlab.com/api/v4/
  ✓ Token: §S
""", "glp|at-{x20}", "REST API Endpoint")
E("out", "vault-kv-get-table", """
$ vault kv get secret/shops/§shop/adyen
====== Data ======
Key            Value
---            -----
hmac_key       §S
merchant       §[{U8}]ECOM
""", "{H64}", "merchant")
E("out", "op-read-output", """
$ op read "op://Clients/§client Mailchimp/credential"
§S
""", "{h32}-us{d2}", "op://Clients/")
E("out", "macos-security-find-generic-password", """
$ security find-generic-password -s "fastlane match" -a §domain -w
§S
""", "{pp}", "fastlane match")
E("out", "mysql-select-wp-options-table", """
mysql> SELECT option_name, LEFT(option_value, 80) FROM wp_options WHERE option_name LIKE '%mailchimp%';
+------------------------------+--------------------------------------+
| option_name                  | LEFT(option_value, 80)               |
+------------------------------+--------------------------------------+
| mailchimp-woocommerce-cached | 1                                    |
| mc4wp_api_key                | §S |
+------------------------------+--------------------------------------+
2 rows in set (0.00 sec)
""", "{h32}-us{d2}", "mc4wp_api_key")
E("out", "psql-magento-oauth-token-row", """
magento=> SELECT entity_id, consumer_id, type, token, secret FROM oauth_token WHERE type = 'access';
 entity_id | consumer_id |  type  |              token               |              secret
-----------+-------------+--------+----------------------------------+----------------------------------
        §n |           3 | access | §S | (redacted by dba)
(1 row)
""", "{l32}", "consumer_id")
E("out", "shopware-integration-create-output", """
$ bin/console integration:create erp-sync --admin
 [OK] Integration created.

 Access key ID:     SWIA§[{U22}]
 Secret access key: §S
""", "{a54}", "Access key ID")
E("out", "oauth-token-json-response-ups", """
$ curl -s -X POST https://onlinetools.ups.com/security/v1/oauth/token ... | jq
{
  "token_type": "Bearer",
  "issued_at": "§epoch000",
  "client_id": "§[{a48}]",
  "access_token": "§S",
  "expires_in": "14399",
  "status": "approved"
}
""", "{jwtrs}", "token_type")
E("out", "salesforce-token-response", """
{"access_token":"§S","instance_url":"https://§shop.my.salesforce.com","id":"https://login.salesforce.com/id/00D§[{a15}]/005§[{a15}]","token_type":"Bearer","issued_at":"§epoch123","signature":"§[{b32}]"}
""", "00D{a12}!AQ{x4}.{x96}", "instance_url")
E("out", "paypal-oauth-token-response", """
{"scope":"https://uri.paypal.com/services/payments/payment ...","access_token":"§S","token_type":"Bearer","app_id":"APP-80W284485P519543T","expires_in":32400,"nonce":"§ts§[{x20}]"}
""", "A21AA{x90}", "APP-80W284485P519543T")
E("out", "shopify-oauth-exchange-response", """
< HTTP/2 200
{"access_token":"§S","scope":"write_orders,read_customers,read_products"}
""", "shp|ua_{h32}", "write_orders")
E("out", "saleor-token-create-response", """
{"data":{"tokenCreate":{"token":"§S","refreshToken":"(dropped)","errors":[]}}}
""", "{jwtrs}", "tokenCreate")
E("out", "mux-signing-key-create-response", """
$ curl -s -X POST https://api.mux.com/system/v1/signing-keys -u $MUX_TOKEN_ID:$MUX_TOKEN_SECRET | jq .data
{
  "private_key": "§S",
  "id": "§[{a40}]",
  "created_at": "§epoch"
}
""", "<<-----BEGIN RSA PRIVATE| KEY-----\n{rsaone}\n-----END RSA PRIVATE| KEY-----\n>>", "created_at")
E("out", "algolia-cli-apikeys-create", """
$ algolia apikeys create --acl addObject,deleteObject,editSettings --indices products_prod --description "catalog import"
✓ API key created: §S
""", "{h32}", "catalog import")
E("out", "meilisearch-keys-list-json", """
{"results":[{"name":"Default Search API Key","description":"Use it to search from the frontend","key":"§[{h64}]","actions":["search"]},
{"name":"Default Admin API Key","description":"Use it for anything that is not a search operation.","key":"§S","actions":["*"]}]}
""", "{h64}", "Default Admin API Key")
E("out", "typesense-create-key-response", """
{"actions":["documents:*","collections:*"],"collections":["products"],"description":"Admin key for import job","expires_at":64723363199,"id":§n,"value":"§S"}
""", "{a32}", "Admin key for import job")
E("out", "cld-config-output", """
$ cld config
cloud_name:  §shop
api_key:     §[{d15}]
api_secret:  §S
""", "{x27}", "cloud_name")
E("out", "sanity-debug-secrets", """
$ npx sanity debug --secrets
User:
  ID: 'p§[{a8}]'
  Name: '§name'
Authentication:
  User type: 'normal'
  Auth token: '§S'
Project:
  ID: '§[{l8}]'
""", "s|k{a178}", "User type")
E("out", "netlify-env-list-plain", """
$ netlify env:list --plain --context production
STOREFRONT_API_URL=https://api.§domain/graphql
PRISMIC_ACCESS_TOKEN=§S
NEXT_PUBLIC_GTM_ID=GTM-§[{U7}]
""", "MC5{x40}.{x40}", "STOREFRONT_API_URL")
E("out", "railway-variables-table", """
$ railway variables
╔══════════════════════ Variables for medusa-backend ══════════════════════╗
║ JWT_SECRET         │ §S                                  ║
║ PORT               │ 9000                                                 ║
║ STORE_CORS         │ https://§domain                                      ║
╚══════════════════════════════════════════════════════════════════════════╝
""", "{x32}", "STORE_CORS")
E("out", "eas-credentials-keystore-view", """
$ eas credentials -p android
Android Credentials
Project: @agency/§shop
Application Identifier: §appid
Keystore
  Type: JKS
  Key Alias: §h32
  Key Password: §S
  MD5 Fingerprint: §[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:...
""", "{h32}", "Key Alias: §h32")
E("out", "fastlane-summary-table-git-basic-auth", """
+------------------------------+------------------------------------------------+
|                            Summary for match 2.220.0                          |
+------------------------------+------------------------------------------------+
| type                         | appstore                                       |
| readonly                     | true                                           |
| git_url                      | https://github.com/agency-studio/certificates  |
| git_basic_authorization      | §S   |
| app_identifier               | ["§appid"]                                     |
+------------------------------+------------------------------------------------+
""", "<<agency-bot:gh|p_{a36}>>", "agency-studio/certificates")
E("out", "firebase-functions-config-get", """
$ firebase functions:config:get
{
  "revenuecat": { "webhook_auth": "§S" },
  "app": { "env": "prod" }
}
""", "Bearer {a32}", '"env": "prod"')
E("out", "gcloud-sa-keys-create-cat", """
$ gcloud iam service-accounts keys create play.json --iam-account=fastlane@§proj.iam.gserviceaccount.com && cat play.json
created key [§h40] of type [json] as [play.json] for [fastlane@§proj.iam.gserviceaccount.com]
{
  "type": "service_account",
  "project_id": "§proj",
  "private_key_id": "§h40",
  "private_key": "§bpk\\n§S\\n§epk\\n",
  "client_email": "fastlane@§proj.iam.gserviceaccount.com",
  "client_id": "§[{d21}]"
}
""", "{rsaj}", "fastlane@§proj.iam.gserviceaccount.com")
E("out", "redis-config-get-requirepass", """
127.0.0.1:6379> CONFIG GET requirepass
1) "requirepass"
2) "§S"
""", "{pwx32}", "requirepass")
E("out", "ansible-vault-view-output", """
$ ansible-vault view group_vars/prod/vault.yml
vault_magento_db_password: "§S"
vault_magento_admin_user: agency_ops
""", "{pw}", "vault_magento_admin_user")
E("out", "sops-decrypt-output", """
$ sops -d k8s/secrets.enc.yaml
apiVersion: v1
kind: Secret
metadata:
  name: payments
stringData:
  ADYEN_API_KEY: §S
""", "AQ|E{k80}==-{k43}=-{a16}", "name: payments")
E("out", "git-show-old-env-file", """
$ git show 3f2a91c:.env | head -5
APP_ENV=prod
APP_URL=https://§domain
DATABASE_URL=mysql://shopware:§S@127.0.0.1:3306/shopware
MAILER_DSN=null://null
""", "{pwu}", "mysql://shopware:")
E("out", "git-log-p-removed-line", """
commit §sha
Author: §name <§[{L5}]@agency.studio>
    remove hardcoded key (rotated? TODO confirm with client)

diff --git a/src/lib/shipping.ts b/src/lib/shipping.ts
-const SHIPPO_KEY = '§S';
+const SHIPPO_KEY = process.env.SHIPPO_API_KEY!;
""", "shippo_|live_{h40}", "src/lib/shipping.ts", n=2)
E("out", "git-diff-added-line", """
$ git diff --staged config/app.php
@@ -12,6 +12,7 @@ return [
     'mollie' => [
+        'key' => env('MOLLIE_KEY', '§S'),
     ],
""", "li|ve_{a30}", "config/app.php")
E("out", "grep-recursive-output", """
$ grep -rn "xkeysib" --include=*.php wp-content/
wp-content/plugins/§shop-newsletter/includes/class-sync.php:27:    private $key = '§S';
""", "xkey|sib-{h64}-{a16}", "class-sync.php:27")
E("out", "ripgrep-output-env-fallback", """
$ rg -n "api_secret" -g '*.js'
src/server/ga4.js
14:const API_SECRET = process.env.GA4_API_SECRET || "§S";
""", "{x22}", "src/server/ga4.js")
E("out", "strings-apk-grep", """
$ unzip -p app-release.apk classes.dex | strings | grep -iE "sk_|secret"
revenuecat_secret
§S
Lcom/revenuecat/purchases/Purchases;
""", "s|k_{a28}", "Lcom/revenuecat/purchases/Purchases")
E("out", "apktool-strings-xml-cat", """
$ cat out/res/values/strings.xml | grep -i key
    <string name="google_maps_key">AI§[za{x35}]</string>
    <string name="onesignal_rest_key">§S</string>
""", "os_v2_|app_{z112}", "onesignal_rest_key")
E("out", "plutil-p-info-plist", """
$ plutil -p Payload/§[{U5}].app/Info.plist | grep -i -A1 key
  "CFBundleIdentifier" => "§appid"
  "MixpanelAPISecret" => "§S"
""", "{h32}", "CFBundleIdentifier")
E("out", "curl-verbose-request-header", """
* Connected to api.hubapi.com (104.16.§[{d2}].§[{d2}]) port 443
> GET /crm/v3/objects/deals?limit=100 HTTP/2
> Host: api.hubapi.com
> user-agent: curl/8.4.0
> authorization: Bearer §S
>
< HTTP/2 200
""", "pat-|na1-{uuid}", "Host: api.hubapi.com")
E("out", "http-response-set-cookie", """
HTTP/1.1 302 Found
Location: https://admin.§domain/admin/dashboard/
Set-Cookie: admin=§S; expires=§date; path=/admin; domain=admin.§domain; secure; HttpOnly; SameSite=Lax
""", "{l26}", "admin.§domain/admin/dashboard")
E("out", "newman-run-request-headers", """
→ Create label
  POST https://api.easypost.com/v2/shipments [201 Created, 3.1kB, 812ms]
  ┌ Request Headers
  │ Authorization: Basic §S
  │ Content-Type: application/json
  └
""", "<<EZ|AK{h54}:>>", "api.easypost.com/v2/shipments")
E("out", "aws-ecs-task-definition-env", """
"environment": [
    {"name": "NODE_ENV", "value": "production"},
    {"name": "INTERCOM_ACCESS_TOKEN", "value": "§S"},
    {"name": "LOG_LEVEL", "value": "info"}
],
""", "dG9rOj{a50}=", "LOG_LEVEL")
E("out", "aws-lambda-env-variables-json", """
$ aws lambda get-function-configuration --function-name order-webhook --query Environment
{
    "Variables": {
        "SHOPIFY_WEBHOOK_SECRET": "§S",
        "TABLE": "orders-prod"
    }
}
""", "{h64}", "orders-prod")
E("out", "gcloud-run-describe-env", """
$ gcloud run services describe sgtm-preview --region europe-west1 --format='value(spec.template.spec.containers[0].env)'
{'name': 'RUN_AS_PREVIEW_SERVER', 'value': 'true'};{'name': 'TIKTOK_EVENTS_TOKEN', 'value': '§S'}
""", "{h40}", "RUN_AS_PREVIEW_SERVER")
E("out", "az-webapp-appsettings-list", """
[
  { "name": "WEBSITE_NODE_DEFAULT_VERSION", "slotSetting": false, "value": "~20" },
  { "name": "ZENDESK_API_TOKEN", "slotSetting": false, "value": "§S" }
]
""", "{a40}", "WEBSITE_NODE_DEFAULT_VERSION")
E("out", "heroku-config-get-database-url", """
$ heroku config:get DATABASE_URL -a §shop-api
postgres://u§[{l13}]:§S@c§[{l10}].cluster-czrs8kj4isg7.us-east-1.rds.amazonaws.com:5432/d§[{l13}]
""", "p{h64}", "rds.amazonaws.com:5432")
E("out", "supabase-status-output", """
$ supabase status
         API URL: http://127.0.0.1:54321
          DB URL: postgresql://postgres:postgres@127.0.0.1:54322/postgres
      Studio URL: http://127.0.0.1:54323
        anon key: §[{jwt}]
service_role key: §S
""", "{jwtsb}", "Studio URL")
E("out", "openssl-pkcs12-info-nodes", """
$ openssl pkcs12 -in push-prod.p12 -nodes -passin pass: | sed -n '/BEGIN PRIVATE/,/END PRIVATE/p'
§bpk
§S
§epk
""", "{rsa}", "push-prod.p12")
E("out", "cat-authkey-p8", """
$ cat ~/Downloads/AuthKey_§kid.p8
§bpk
§S
§epk
""", "{pem}", "AuthKey_§kid.p8", n=2)
E("out", "base64-authkey-p8-output", """
$ base64 -i AuthKey_§kid.p8 | tr -d '\\n'
§S
""", "<<-----BEGIN PRIVATE| KEY-----\n{pem}\n-----END PRIVATE| KEY----->>", "AuthKey_§kid.p8")
E("out", "cat-ssh-ed25519-private", """
$ cat ~/.ssh/id_ed25519_§shop
§bos
§S
§eos
""", "{ossh}", "id_ed25519_§shop")
E("out", "kubectl-config-view-raw-token", """
$ kubectl config view --raw --minify
users:
- name: do-fra1-§shop-admin
  user:
    token: §S
""", "dop_|v1_{h64}", "do-fra1-§shop-admin")
E("out", "kubectl-config-client-key-data", """
users:
- name: kubernetes-admin
  user:
    client-certificate-data: LS0tLS1CRUdJTi...(cut)
    client-key-data: §S
""", "<<-----BEGIN RSA PRIVATE| KEY-----\n{rsaone}\n-----END RSA PRIVATE| KEY-----\n>>", "kubernetes-admin")
E("out", "cat-docker-config-auths", """
$ cat ~/.docker/config.json
{
  "auths": {
    "ghcr.io": { "auth": "§S" }
  }
}
""", "<<agency-bot:gh|p_{a36}>>", "ghcr.io")
E("out", "terraform-state-show-password", """
$ terraform state show aws_db_instance.shop
resource "aws_db_instance" "shop" {
    engine            = "mysql"
    identifier        = "§shop-prod"
    password          = "§S"
    username          = "magento"
}
""", "{pwx20}", 'username          = "magento"')
E("out", "wp-eval-get-option", """
$ wp eval 'echo get_option("woocommerce_klarna_payments_settings")["production_password_eu"];'
§S
""", "klarna_|live_api_{x60}", "production_password_eu")
E("out", "magento-config-show-grep", """
$ bin/magento config:show | grep -iE 'secret|password|key' | grep -v 'encrypted'
carriers/dhl/password - §S
carriers/dhl/id - agency§[{d4}]
""", "{pws}", "carriers/dhl/id")
E("out", "symfony-secrets-list-reveal", """
$ php bin/console secrets:list --reveal
 ------------------------- ------------------------------------------------ -------------
  Secret                    Value                                            Local Value
 ------------------------- ------------------------------------------------ -------------
  PAYPAL_CLIENT_SECRET      "§S"
  SHOPWARE_ES_HOSTS         "es:9200"
 ------------------------- ------------------------------------------------ -------------
""", "E{x79}", "SHOPWARE_ES_HOSTS")
E("out", "symfony-debug-dotenv", """
$ bin/console debug:dotenv APP_SECRET
 Variables
 ----------- ---------------------------------- ----------- ------
  Variable    Value                              .env.local  .env
 ----------- ---------------------------------- ----------- ------
  APP_SECRET  §S   §S  n/a
""", "{h32}", "debug:dotenv")
E("out", "rails-credentials-show", """
$ bin/rails credentials:show
secret_key_base: §S
stripe:
  publishable_key: §[pk|_live_{a24}]
""", "{h128}", "publishable_key")
E("out", "django-shell-print-secret", """
$ python manage.py shell -c "from django.conf import settings; print(settings.SALEOR_APP_TOKEN)"
§S
""", "{a30}", "SALEOR_APP_TOKEN")
E("out", "node-p-process-env", """
$ node -p "process.env.HELPSCOUT_APP_SECRET"
§S
""", "{a32}", "HELPSCOUT_APP_SECRET")
E("out", "appcenter-tokens-create", """
$ appcenter tokens create -d "codepush ci"
ID:          §uuid
API Token:   §S
Description: codepush ci
Created at:  §tsZ
""", "{h40}", "ID:          §uuid")
E("out", "contentful-config-list", """
$ contentful config list
managementToken: §S
activeSpaceId: §[{l12}]
activeEnvironmentId: master
""", "CF|PAT-{x43}", "activeEnvironmentId")
E("out", "crowdin-init-wizard", """
$ crowdin init
Your Crowdin credentials:
  Project ID: §[{d6}]
  API token: §S
  Base URL: https://api.crowdin.com
The configuration file 'crowdin.yml' is successfully generated
""", "{h80}", "crowdin.yml")
E("out", "expo-whoami-token-list", """
$ npx eas-cli account:view && cat ~/.expo/state.json
Logged in as §user-agency
{"auth":{"sessionSecret":"§S","userId":"§uuid","username":"§user-agency"}}
""", "<<{\"id\":\"{uuid}\",\"version\":1,\"expires_at\":{d13}}>>", "§user-agency")
E("out", "bitrise-env-list", """
$ envman print
BITRISE_APP_SLUG: §h16
BITRISEIO_ANDROID_KEYSTORE_PASSWORD: §S
BITRISEIO_ANDROID_KEYSTORE_ALIAS: upload
""", "{pws}", "BITRISEIO_ANDROID_KEYSTORE_ALIAS")
E("out", "gpg-export-secret-armor", """
$ gpg --export-secret-keys --armor releases@§domain
§[-----BEGIN PGP PRIVATE| KEY BLOCK-----]

§S
=§[{a4}]
§[-----END PGP PRIVATE| KEY BLOCK-----]
""", "{ecpem}", "releases@§domain")
E("out", "jq-service-account-private-key", """
$ jq -r .private_key google-play-key.json
§bpk
§S
§epk
""", "{rsa}", "google-play-key.json")
E("out", "python-repl-token-print", """
>>> from woocommerce import API
>>> wc = API(url="https://§domain", consumer_key="§[ck|_{h40}]", consumer_secret="§S", version="wc/v3")
>>> wc.get("orders", params={"per_page": 1}).status_code
200
""", "cs|_{h40}", 'version="wc/v3"')
E("out", "irb-session-api-key", """
irb(main):001> ShopifyAPI::Context.setup(api_key: "§h32", api_secret_key: "§S", host: "https://app.§domain", scope: "read_orders", is_embedded: true, api_version: "2024-04")
=> nil
""", "{h32}", 'api_key: "§h32"')
E("out", "node-repl-object-dump", """
> config
{
  braintree: {
    environment: 'Production',
    merchantId: '§[{l16}]',
    publicKey: '§[{l16}]',
    privateKey: '§S'
  }
}
""", "{h32}", "environment: 'Production'")
E("out", "jest-failure-diff-shows-token", """
  ● klaviyo client › sends revision header

    expect(jest.fn()).toHaveBeenCalledWith(...expected)

    - Expected
    + Received

      Object {
        "headers": Object {
    -     "Authorization": "Klaviyo-API-Key test",
    +     "Authorization": "Klaviyo-API-Key §S",
""", "p|k_{h34}", "klaviyo client")
E("out", "ocr-screenshot-magento-integration", """
[OCR of screenshot "integration-tokens.png" pasted by PM]
Integration Tokens for Extensions
Consumer Key        §[{l32}]
Consumer Secret     (hidden)
Access Token        §S
Access Token Secret (hidden)
""", "{l32}", "Integration Tokens for Extensions")
E("out", "ocr-screenshot-strapi-token-created", """
[image text extracted]
✓ Make sure to copy this token, you won't be able to see it again!
§S
Name: storefront-read   Token duration: Unlimited   Token type: Read-only
""", "{h256}", "storefront-read")
E("out", "ocr-screenshot-klarna-portal", """
OCR (klarna-portal.png):
Merchant portal > Settings > Klarna API credentials
Username (UID)   K§[{d6}]_§[{h12}]
Password         §S
[Copy]  [Disable]
""", "klarna_|live_api_{x60}", "Klarna API credentials")
E("out", "ocr-screenshot-app-store-connect-keys", """
[screenshot: App Store Connect > Users and Access > Integrations]
Issuer ID  §iss
Active  Name: CI Release   Key ID: §kid   Access: App Manager
Download API Key ... (already downloaded, file content was pasted below by client)
§S
""", "{pemflat}", "Key ID: §kid")
E("out", "wrangler-secret-list-plus-dev-vars", """
$ cat .dev.vars
SHOPIFY_API_KEY="§h32"
SHOPIFY_API_SECRET="§S"
""", "shp|ss_{h32}", "SHOPIFY_API_KEY")
E("out", "curl-json-response-access-token-helpscout", """
{"token_type":"bearer","access_token":"§S","expires_in":172800}
""", "{x32}", "token_type")
E("out", "mixpanel-service-account-created-json", """
{"status":"ok","results":{"id":§num,"username":"shop-import.§[{h6}].mp-service-account","secret":"§S","expires":null,"role":"admin"}}
""", "{a32}", "mp-service-account")
E("out", "docker-run-output-generated-password", """
$ docker run --name shop-mysql -e MYSQL_RANDOM_ROOT_PASSWORD=yes -d mysql:8.0 && docker logs shop-mysql 2>&1 | grep GENERATED
[Entrypoint]: GENERATED ROOT PASSWORD: §S
""", "{a32}", "MYSQL_RANDOM_ROOT_PASSWORD")
E("out", "gitlab-runner-register-output", """
$ gitlab-runner register --url https://gitlab.com --token §S --executor docker
Runtime platform  arch=amd64 os=linux pid=§pid revision=§h8 version=16.11.0
Verifying runner... is valid  runner=§[{x8}]
""", "glrt-{x20}", "gitlab-runner register")
E("out", "pm2-env-show", """
$ pm2 env 0 | grep -i token
BIGCOMMERCE_ACCESS_TOKEN: §S
BIGCOMMERCE_STORE_HASH: §[{l10}]
""", "{l31}", "BIGCOMMERCE_STORE_HASH")
E("out", "systemctl-show-environment", """
$ systemctl show meilisearch -p Environment
Environment=MEILI_ENV=production MEILI_MASTER_KEY=§S MEILI_DB_PATH=/var/lib/meilisearch/data
""", "{x32}", "MEILI_DB_PATH")
E("out", "ps-aux-cmdline-leak", """
$ ps aux | grep [n]ode
www-data  §pid  2.1  3.4 1123456 280120 ?  Sl  09:12  0:41 node dist/worker.js --shop §shop --token §S --queue webhooks
""", "shp|at_{h32}", "dist/worker.js")
E("out", "proc-environ-tr", """
$ sudo cat /proc/§pid/environ | tr '\\0' '\\n' | grep -i key
LOKALISE_API_TOKEN=§S
LANG=C.UTF-8
""", "{h40}", "LANG=C.UTF-8")
E("out", "adb-shell-sharedprefs-cat", """
$ adb shell run-as §appid cat shared_prefs/auth.xml
<?xml version='1.0' encoding='utf-8' standalone='yes' ?>
<map>
    <string name="refresh_token">§S</string>
    <boolean name="onboarding_done" value="true" />
</map>
""", "{x64}", "onboarding_done")
E("out", "xcrun-simctl-defaults-read", """
$ xcrun simctl spawn booted defaults read §appid
{
    "com.revenuecat.userdefaults.appUserID.new" = "$RCAnonymousID:§h32";
    apiSessionToken = "§S";
}
""", "{jwt}", "RCAnonymousID")

# --------------------------------------------------------- config-file ---
E("cfg", "dotenv-shopify-remix-app", """
# .env  (shopify app, do not commit)
SHOPIFY_API_KEY=§h32
SHOPIFY_API_SECRET=§S
SCOPES=write_products,read_orders
HOST=https://§shop-app.fly.dev
""", "shp|ss_{h32}", "SHOPIFY_API_KEY=§h32", n=2)
E("cfg", "dotenv-medusa-backend", """
STORE_CORS=http://localhost:8000,https://§domain
ADMIN_CORS=http://localhost:5173
DATABASE_URL=postgres://medusa:§S@§host:5432/medusa-store
REDIS_URL=redis://localhost:6379
""", "{pwu}", "postgres://medusa:")
E("cfg", "dotenv-medusa-jwt-secret", """
JWT_SECRET=§S
COOKIE_SECRET=
MEDUSA_ADMIN_ONBOARDING_TYPE=default
""", "{x48}", "MEDUSA_ADMIN_ONBOARDING_TYPE")
E("cfg", "dotenv-strapi-app-keys", """
HOST=0.0.0.0
PORT=1337
APP_KEYS="§S,§[{b16}],§[{b16}],§[{b16}]"
API_TOKEN_SALT=tobemodified
""", "{b16}", "API_TOKEN_SALT=tobemodified")
E("cfg", "dotenv-strapi-admin-jwt", """
ADMIN_JWT_SECRET=§S
TRANSFER_TOKEN_SALT=§[{b16}]
DATABASE_CLIENT=postgres
DATABASE_HOST=§host
""", "{b16}", "DATABASE_CLIENT=postgres")
E("cfg", "dotenv-saleor-secret-key", """
SECRET_KEY=§S
ALLOWED_HOSTS=api.§domain,localhost
DEFAULT_FROM_EMAIL=noreply@§domain
""", "{x50}", "DEFAULT_FROM_EMAIL=noreply@§domain")
E("cfg", "dotenv-nextjs-storefront-mixed", """
# .env.local
NEXT_PUBLIC_SHOPIFY_STORE_DOMAIN=§shop.myshopify.com
NEXT_PUBLIC_SHOPIFY_STOREFRONT_TOKEN=§h32
SHOPIFY_ADMIN_API_TOKEN=§S
SHOPIFY_REVALIDATION_SECRET=change-me
""", "shp|at_{h32}", "NEXT_PUBLIC_SHOPIFY_STOREFRONT_TOKEN=§h32", n=2)
E("cfg", "dotenv-hydrogen-private-storefront", """
SESSION_SECRET="§[{h40}]"
PUBLIC_STOREFRONT_API_TOKEN="§h32"
PRIVATE_STOREFRONT_API_TOKEN="§S"
PUBLIC_STORE_DOMAIN="§shop.myshopify.com"
""", "shp|at_{h32}", "PUBLIC_STOREFRONT_API_TOKEN")
E("cfg", "dotenv-laravel-app-key", """
APP_NAME="§client Shop"
APP_ENV=production
APP_KEY=base64:§S
APP_DEBUG=false
""", "{b32}", "APP_ENV=production", n=2)
E("cfg", "dotenv-laravel-mail-password", """
MAIL_MAILER=smtp
MAIL_HOST=smtp-relay.brevo.com
MAIL_PORT=587
MAIL_USERNAME=§[{h6}]001@smtp-brevo.com
MAIL_PASSWORD=§S
""", "xsmtp|sib-{h64}-{a16}", "smtp-relay.brevo.com")
E("cfg", "dotenv-shopware-app-secret", """
APP_ENV=prod
APP_SECRET=§S
APP_URL=https://§domain
DATABASE_URL=mysql://shopware@db:3306/shopware
""", "{h64}", "mysql://shopware@db:3306/shopware")
E("cfg", "dotenv-craft-security-key", """
CRAFT_APP_ID=CraftCMS--§uuid
CRAFT_ENVIRONMENT=production
CRAFT_SECURITY_KEY=§S
CRAFT_DB_DRIVER=mysql
""", "{x32}", "CRAFT_APP_ID=CraftCMS--§uuid")
E("cfg", "dotenv-quoted-single-spaces", """
SANITY_PROJECT_ID = '§[{l8}]'
SANITY_DATASET = 'production'
SANITY_API_WRITE_TOKEN = '§S'
""", "s|k{a178}", "SANITY_DATASET")
E("cfg", "dotenv-storyblok-preview", """
STORYBLOK_PUBLIC_TOKEN=§[{a22}]tt
STORYBLOK_PREVIEW_TOKEN=§S
STORYBLOK_REGION=eu
""", "{a22}tt", "STORYBLOK_REGION=eu")
E("cfg", "dotenv-webflow-wix-squarespace", """
# site builders we still sync from
WEBFLOW_SITE_ID=§h16§h8
WEBFLOW_API_TOKEN=§S
WIX_SITE_ID=
""", "{h64}", "WEBFLOW_SITE_ID=§h16§h8")
E("cfg", "dotenv-marketing-block", """
HUBSPOT_PORTAL_ID=§[{d8}]
HUBSPOT_ACCESS_TOKEN=§S
MAILCHIMP_SERVER_PREFIX=us§[{d2}]
""", "pat-|eu1-{uuid}", "HUBSPOT_PORTAL_ID")
E("cfg", "dotenv-meta-capi", """
META_PIXEL_ID=§[{d16}]
META_CAPI_ACCESS_TOKEN=§S
META_TEST_EVENT_CODE=TEST§[{d5}]
""", "EA|AB{a180}", "META_PIXEL_ID")
E("cfg", "dotenv-ga4-sgtm", """
GA4_MEASUREMENT_ID=G-§[{U10}]
GA4_API_SECRET=§S
SGTM_URL=https://sst.§domain
""", "{x22}", "GA4_MEASUREMENT_ID")
E("cfg", "dotenv-segment-write-key", """
SEGMENT_WRITE_KEY=§S
SEGMENT_ENDPOINT=https://events.eu1.segmentapis.com
""", "{a32}", "SEGMENT_ENDPOINT")
E("cfg", "dotenv-amplitude-pair", """
AMPLITUDE_API_KEY=§h32
AMPLITUDE_SECRET_KEY=§S
""", "{h32}", "AMPLITUDE_API_KEY=§h32")
E("cfg", "dotenv-customerio-pair", """
CUSTOMERIO_SITE_ID=§h12§[{h8}]
CUSTOMERIO_TRACK_API_KEY=§S
CUSTOMERIO_REGION=eu
""", "{h20}", "CUSTOMERIO_REGION=eu")
E("cfg", "dotenv-zendesk-block", """
ZENDESK_SUBDOMAIN=§shop
ZENDESK_EMAIL=support@§domain
ZENDESK_API_TOKEN=§S
""", "{a40}", "ZENDESK_EMAIL=support@§domain")
E("cfg", "dotenv-intercom-token", """
INTERCOM_APP_ID=§[{l8}]
INTERCOM_ACCESS_TOKEN=§S
""", "dG9rOj{a50}=", "INTERCOM_APP_ID")
E("cfg", "dotenv-freshdesk", """
FRESHDESK_DOMAIN=§shop.freshdesk.com
FRESHDESK_API_KEY=§S
""", "{a20}", "FRESHDESK_DOMAIN")
E("cfg", "dotenv-adyen-block", """
ADYEN_ENVIRONMENT=LIVE
ADYEN_MERCHANT_ACCOUNT=§[{U8}]ECOM
ADYEN_CLIENT_KEY=live_§[{U32}]
ADYEN_API_KEY=§S
ADYEN_HMAC_KEY=
""", "AQ|E{k80}==-{k43}=-{a16}", "ADYEN_MERCHANT_ACCOUNT")
E("cfg", "dotenv-adyen-hmac", """
ADYEN_HMAC_KEY=§S
ADYEN_WEBHOOK_USERNAME=adyen-notify
""", "{H64}", "ADYEN_WEBHOOK_USERNAME=adyen-notify")
E("cfg", "dotenv-braintree-block", """
BRAINTREE_ENVIRONMENT=production
BRAINTREE_MERCHANT_ID=§[{l16}]
BRAINTREE_PUBLIC_KEY=§[{l16}]
BRAINTREE_PRIVATE_KEY=§S
""", "{h32}", "BRAINTREE_ENVIRONMENT=production")
E("cfg", "dotenv-square-access", """
SQUARE_ENVIRONMENT=production
SQUARE_APPLICATION_ID=sq0idp-§[{x22}]
SQUARE_ACCESS_TOKEN=§S
""", "EA|AA{x60}", "SQUARE_APPLICATION_ID")
E("cfg", "dotenv-shipping-carriers", """
SHIPSTATION_API_KEY=§h32
SHIPSTATION_API_SECRET=§S
SHIPSTATION_STORE_ID=§[{d6}]
""", "{h32}", "SHIPSTATION_API_KEY=§h32")
E("cfg", "dotenv-dhl-parcel-de", """
DHL_API_KEY=§[{a32}]
DHL_API_SECRET=§S
DHL_GKP_USER=§user
DHL_BILLING_NUMBER=§[{d14}]
""", "{a16}", "DHL_BILLING_NUMBER")
E("cfg", "dotenv-fedex-client", """
FEDEX_CLIENT_ID=l7§[{h30}]
FEDEX_CLIENT_SECRET=§S
FEDEX_ACCOUNT_NUMBER=§[{d9}]
""", "{h32}", "FEDEX_ACCOUNT_NUMBER")
E("cfg", "dotenv-cloudinary-url", """
CLOUDINARY_URL=cloudinary://§[{d15}]:§S@§shop
NEXT_PUBLIC_CLOUDINARY_CLOUD_NAME=§shop
""", "{x27}", "NEXT_PUBLIC_CLOUDINARY_CLOUD_NAME")
E("cfg", "dotenv-imgix-token", """
IMGIX_DOMAIN=§shop.imgix.net
IMGIX_SECURE_URL_TOKEN=§S
""", "{a16}", "IMGIX_DOMAIN")
E("cfg", "dotenv-mux-pair", """
MUX_TOKEN_ID=§uuid
MUX_TOKEN_SECRET=§S
""", "{k75}", "MUX_TOKEN_ID=§uuid")
E("cfg", "dotenv-vimeo", """
VIMEO_CLIENT_ID=§h40
VIMEO_CLIENT_SECRET=§S
VIMEO_ACCESS_TOKEN=
""", "{k128}", "VIMEO_CLIENT_ID=§h40")
E("cfg", "dotenv-typesense-meili", """
TYPESENSE_HOST=§[{l10}]-1.a1.typesense.net
TYPESENSE_SEARCH_ONLY_KEY=§[{a32}]
TYPESENSE_ADMIN_KEY=§S
""", "{a32}", "TYPESENSE_HOST")
E("cfg", "dotenv-meilisearch-master", """
MEILI_ENV=production
MEILI_MASTER_KEY=§S
MEILI_NO_ANALYTICS=true
""", "{x43}", "MEILI_NO_ANALYTICS=true")
E("cfg", "dotenv-expo-eas", """
EXPO_PUBLIC_API_URL=https://api.§domain
EXPO_PUBLIC_REVENUECAT_IOS_KEY=appl_§[{a27}]
REVENUECAT_SECRET_KEY=§S
""", "s|k_{a28}", "EXPO_PUBLIC_REVENUECAT_IOS_KEY")
E("cfg", "dotenv-fastlane-default", """
# fastlane/.env.default
FASTLANE_USER=release@§domain
FASTLANE_PASSWORD=§S
FASTLANE_TEAM_ID=§team
""", "{pw}", "FASTLANE_TEAM_ID=§team", n=2)
E("cfg", "dotenv-fastlane-match-password", """
MATCH_GIT_URL=git@github.com:agency-studio/ios-certificates.git
MATCH_PASSWORD=§S
""", "{pp}", "agency-studio/ios-certificates.git")
E("cfg", "dotenv-asc-api-key-inline", """
APP_STORE_CONNECT_API_KEY_KEY_ID=§kid
APP_STORE_CONNECT_API_KEY_ISSUER_ID=§iss
APP_STORE_CONNECT_API_KEY_KEY="§bpk
§S
§epk"
""", "{pem}", "APP_STORE_CONNECT_API_KEY_KEY_ID=§kid")
E("cfg", "dotenv-onesignal", """
ONESIGNAL_APP_ID=§uuid
ONESIGNAL_REST_API_KEY=§S
""", "{a48}", "ONESIGNAL_APP_ID=§uuid")
E("cfg", "dotenv-sentry-auth", """
SENTRY_ORG=agency-studio
SENTRY_PROJECT=§shop-rn
SENTRY_AUTH_TOKEN=§S
""", "sntry|s_{b150}", "SENTRY_PROJECT")
E("cfg", "dotenv-crowdin-lokalise", """
CROWDIN_PROJECT_ID=§[{d6}]
CROWDIN_PERSONAL_TOKEN=§S
LOKALISE_PROJECT_ID=§[{d9}].§[{h8}]
""", "{h80}", "CROWDIN_PROJECT_ID")
E("cfg", "dotenv-klarna-mollie", """
MOLLIE_PROFILE_ID=pfl_§[{a10}]
MOLLIE_API_KEY=§S
""", "li|ve_{a30}", "MOLLIE_PROFILE_ID")
E("cfg", "dotenv-with-export-prefix", """
export DB_HOST=§host
export DB_USER=prestashop
export DB_PASSWD='§S'
""", "{pw}", "DB_USER=prestashop")
E("cfg", "dotenv-commented-old-value", """
# old key, revoked? keep until §date just in case
# STRIPE_SECRET_KEY=§S
STRIPE_SECRET_KEY=${STRIPE_SECRET_KEY_PROD}
""", "sk_|live_{a24}", "${STRIPE_SECRET_KEY_PROD}")
E("cfg", "wp-config-db-password-define", """
/** The name of the database for WordPress */
define( 'DB_NAME', '§[{l6}]_wp' );
define( 'DB_USER', '§[{l6}]_wp' );
define( 'DB_PASSWORD', '§S' );
define( 'DB_HOST', 'localhost' );
""", "{pw}", "define( 'DB_HOST', 'localhost' );", n=2)
E("cfg", "wp-config-auth-salt", """
define( 'AUTH_KEY',         '§S' );
define( 'SECURE_AUTH_KEY',  'put your unique phrase here' );
""", "{pwx64}", "SECURE_AUTH_KEY")
E("cfg", "wp-config-custom-constant", """
define( 'WP_ENVIRONMENT_TYPE', 'production' );
define( 'WPMS_SMTP_PASS', '§S' );
define( 'WPMS_ON', true );
""", "{pw}", "WP_ENVIRONMENT_TYPE")
E("cfg", "magento-env-php-crypt-key", """
    'crypt' => [
        'key' => '§S'
    ],
    'db' => [
        'table_prefix' => '',
""", "{h32}", "'table_prefix' => ''")
E("cfg", "magento-env-php-db-connection", """
            'default' => [
                'host' => '§host',
                'dbname' => 'magento2',
                'username' => 'magento',
                'password' => '§S',
                'model' => 'mysql4',
""", "{pw}", "'username' => 'magento'", n=2)
E("cfg", "magento-env-php-amqp", """
    'queue' => [
        'amqp' => [
            'host' => 'rabbitmq',
            'port' => '5672',
            'user' => 'magento',
            'password' => '§S',
            'virtualhost' => '/'
        ]
    ],
""", "{pws}", "'virtualhost' => '/'")
E("cfg", "magento-auth-json", """
{
    "http-basic": {
        "repo.magento.com": {
            "username": "§h32",
            "password": "§S"
        }
    }
}
""", "{h32}", "repo.magento.com", n=2)
E("cfg", "composer-auth-json-bearer-github", """
{
    "github-oauth": { "github.com": "§S" },
    "bearer": {}
}
""", "gh|p_{a36}", "github-oauth")
E("cfg", "prestashop-parameters-php", """
<?php return array (
  'parameters' =>
  array (
    'database_host' => '127.0.0.1',
    'database_name' => 'prestashop',
    'database_user' => 'presta',
    'database_password' => '§S',
    'database_prefix' => 'ps_',
""", "{pw}", "'database_user' => 'presta'")
E("cfg", "prestashop-parameters-cookie-key", """
    'secret' => '§[{a64}]',
    'cookie_key' => '§S',
    'cookie_iv' => '§[{a32}]',
""", "{a64}", "'cookie_iv'")
E("cfg", "drupal-settings-databases", """
$databases['default']['default'] = [
  'database' => 'drupal10',
  'username' => 'drupal',
  'password' => '§S',
  'host' => '§host',
  'driver' => 'mysql',
];
""", "{pw}", "'username' => 'drupal'")
E("cfg", "drupal-settings-hash-salt", """
$settings['hash_salt'] = '§S';
$settings['update_free_access'] = FALSE;
""", "{x74}", "update_free_access")
E("cfg", "joomla-configuration-php", """
class JConfig {
	public $dbtype = 'mysqli';
	public $host = 'localhost';
	public $user = 'joomla_§[{l4}]';
	public $password = '§S';
	public $db = 'joomla_§[{l4}]';
""", "{pw}", "public $dbtype = 'mysqli';")
E("cfg", "joomla-configuration-secret-smtp", """
	public $secret = '§[{a16}]';
	public $smtpuser = 'shop@§domain';
	public $smtppass = '§S';
	public $smtphost = 'smtp.office365.com';
""", "{pw}", "smtp.office365.com")
E("cfg", "craft-general-php-security-key", """
return GeneralConfig::create()
    ->devMode(App::env('DEV_MODE') ?? false)
    ->securityKey('§S')
    ->aliases(['@web' => 'https://§domain']);
""", "{x32}", "->devMode")
E("cfg", "docker-compose-mysql-env", """
services:
  db:
    image: mariadb:10.11
    environment:
      MYSQL_DATABASE: magento
      MYSQL_USER: magento
      MYSQL_PASSWORD: §S
      MYSQL_ROOT_PASSWORD: root
""", "{pw}", "MYSQL_USER: magento", n=2)
E("cfg", "docker-compose-list-env-style", """
  saleor-api:
    image: ghcr.io/saleor/saleor:3.19
    environment:
      - DATABASE_URL=postgres://saleor:§S@db/saleor
      - DEFAULT_CHANNEL_SLUG=default-channel
""", "{pwu}", "DEFAULT_CHANNEL_SLUG")
E("cfg", "docker-compose-meili-master", """
  meilisearch:
    image: getmeili/meilisearch:v1.8
    environment:
      - MEILI_MASTER_KEY=§S
    volumes:
      - ./meili_data:/meili_data
""", "{x43}", "getmeili/meilisearch:v1.8")
E("cfg", "k8s-secret-stringdata", """
apiVersion: v1
kind: Secret
metadata:
  name: hubspot
  namespace: crm-sync
type: Opaque
stringData:
  HUBSPOT_ACCESS_TOKEN: "§S"
""", "pat-|na1-{uuid}", "namespace: crm-sync", n=2)
E("cfg", "k8s-secret-data-b64", """
apiVersion: v1
kind: Secret
metadata: { name: algolia }
data:
  ALGOLIA_ADMIN_KEY: §S
""", "<<{h32}>>", "name: algolia")
E("cfg", "helm-values-yaml-nested", """
saleor:
  secretKey: ""
  database:
    host: §host
    user: saleor
    password: §S
  allowedHosts: ["api.§domain"]
""", "{pw}", "user: saleor")
E("cfg", "kustomize-secret-generator-literal", """
secretGenerator:
  - name: mux-credentials
    literals:
      - MUX_TOKEN_ID=§uuid
      - MUX_TOKEN_SECRET=§S
""", "{k75}", "MUX_TOKEN_ID=§uuid")
E("cfg", "aws-credentials-ini", """
[default]
region = §region

[§shop-media]
aws_access_key_id = §akid
aws_secret_access_key = §S
""", "{k40}", "§akid", n=2)
E("cfg", "my-cnf-client", """
[client]
user=backup
password="§S"
host=§host
""", "{pw}", "user=backup")
E("cfg", "pgpass-line", """
# ~/.pgpass
§host:5432:saleor:saleor_ro:§S
localhost:5432:*:postgres:*
""", "{pwx20}", "saleor_ro")
E("cfg", "netrc-machine", """
machine api.heroku.com
  login ops@§domain
  password §S
machine git.heroku.com
""", "HRKU-{uuid}", "ops@§domain")
E("cfg", "netrc-single-line", """
machine github.com login agency-bot password §S
""", "gh|p_{a36}", "agency-bot")
E("cfg", "git-credentials-file", """
https://§user:§S@gitlab.agency.dev
https://agency-bot:see-keychain@github.com
""", "glp|at-{x20}", "gitlab.agency.dev")
E("cfg", "npmrc-scoped-registry", """
@agency-studio:registry=https://npm.pkg.github.com
//npm.pkg.github.com/:_authToken=§S
always-auth=true
""", "gh|p_{a36}", "@agency-studio:registry", n=2)
E("cfg", "npmrc-fontawesome-pro", """
@fortawesome:registry=https://npm.fontawesome.com/
//npm.fontawesome.com/:_authToken=§S
""", "{uuid}", "@fortawesome:registry")
E("cfg", "yarnrc-yml-npm-auth", """
nodeLinker: node-modules
npmScopes:
  agency:
    npmRegistryServer: "https://registry.agency.dev"
    npmAuthToken: "§S"
""", "np|m_{a36}", "registry.agency.dev")
E("cfg", "pypirc-password", """
[distutils]
index-servers = agency

[agency]
repository = https://pypi.agency.dev/
username = __token__
password = §S
""", "pypi-AgEIcHlwaS5vcmc{x150}", "username = __token__")
E("cfg", "gh-hosts-yml", """
github.com:
    user: agency-bot
    oauth_token: §S
    git_protocol: https
""", "gh|o_{a36}", "git_protocol: https")
E("cfg", "stripe-cli-config-toml", """
[default]
  device_name = "§name-mbp"
  live_mode_api_key = "§S"
  live_mode_key_expires_at = "§date"
""", "rk_|live_51{a97}", "device_name")
E("cfg", "sentryclirc-ini", """
[auth]
token=§S

[defaults]
org=agency-studio
project=§shop-ios
""", "sntry|u_{h64}", "org=agency-studio")
E("cfg", "sentry-properties-mobile", """
defaults.url=https://sentry.io/
defaults.org=agency-studio
defaults.project=§shop-android
auth.token=§S
""", "sntry|s_{b150}", "defaults.project=§shop-android", n=2)
E("cfg", "docker-config-json-auth", """
{
	"auths": {
		"registry.gitlab.com": {
			"auth": "§S"
		}
	},
	"credsStore": ""
}
""", "<<gitlab-ci-token:glp|at-{x20}>>", "registry.gitlab.com")
E("cfg", "kubeconfig-user-token", """
users:
- name: shop-prod-deployer
  user:
    token: §S
contexts:
- context: { cluster: shop-prod, user: shop-prod-deployer }
""", "{jwtk}", "shop-prod-deployer")
E("cfg", "android-key-properties", """
storePassword=§S
keyPassword=§[{pw}]
keyAlias=upload
storeFile=../keystores/upload.jks
""", "{pw}", "keyAlias=upload", n=2)
E("cfg", "gradle-properties-upload-store", """
org.gradle.jvmargs=-Xmx4096m
MYAPP_UPLOAD_STORE_FILE=my-upload-key.keystore
MYAPP_UPLOAD_KEY_ALIAS=my-key-alias
MYAPP_UPLOAD_STORE_PASSWORD=§S
MYAPP_UPLOAD_KEY_PASSWORD=§S
""", "{pws}", "MYAPP_UPLOAD_KEY_ALIAS=my-key-alias")
E("cfg", "local-properties-api-secret", """
sdk.dir=/Users/§name/Library/Android/sdk
klaviyo.privateKey=§S
""", "p|k_{h34}", "sdk.dir")
E("cfg", "xcconfig-secret", """
// Secrets.xcconfig  (gitignored... in theory)
API_BASE_URL = https:/$()/api.§domain
MIXPANEL_TOKEN = §h32
ALGOLIA_WRITE_KEY = §S
""", "{h32}", "MIXPANEL_TOKEN = §h32")
E("cfg", "info-plist-secret-entry", """
	<key>CFBundleShortVersionString</key>
	<string>§ver</string>
	<key>ShopifyAdminToken</key>
	<string>§S</string>
""", "shp|at_{h32}", "CFBundleShortVersionString")
E("cfg", "matchfile-ruby", """
git_url("https://github.com/agency-studio/certificates")
storage_mode("git")
type("appstore")
git_basic_authorization("§S")
app_identifier(["§appid"])
""", "<<agency-bot:gh|p_{a36}>>", "storage_mode(\"git\")")
E("cfg", "eas-json-build-env", """
{
  "build": {
    "production": {
      "env": {
        "APP_VARIANT": "production",
        "SENTRY_AUTH_TOKEN": "§S"
      },
      "autoIncrement": true
    }
  }
}
""", "sntry|u_{h64}", "APP_VARIANT")
E("cfg", "app-json-extra-secret", """
{
  "expo": {
    "name": "§client",
    "slug": "§shop",
    "extra": {
      "eas": { "projectId": "§uuid" },
      "oneSignalRestKey": "§S"
    }
  }
}
""", "{a48}", "§uuid")
E("cfg", "google-play-service-account-json", """
{
  "type": "service_account",
  "project_id": "pc-api-§[{d19}]-§[{d3}]",
  "private_key_id": "§h40",
  "private_key": "§bpk\\n§S\\n§epk\\n",
  "client_email": "play-publisher@pc-api-§[{d10}].iam.gserviceaccount.com",
  "token_uri": "https://oauth2.googleapis.com/token"
}
""", "{rsaj}", "private_key_id\": \"§h40", n=2)
E("cfg", "firebase-admin-sa-private-key-id", """
{
  "type": "service_account",
  "project_id": "§proj",
  "private_key_id": "§h40",
  "private_key": "§bpk\\n§S\\n§epk\\n",
  "client_email": "firebase-adminsdk-§[{l5}]@§proj.iam.gserviceaccount.com",
""", "{rsaj}", "firebase-adminsdk")
E("cfg", "authkey-p8-file", """
==> fastlane/keys/AuthKey_§kid.p8 <==
§bpk
§S
§epk
""", "{pem}", "AuthKey_§kid.p8")
E("cfg", "asc-api-key-json-fastlane", """
{
  "key_id": "§kid",
  "issuer_id": "§iss",
  "key": "§bpk\\n§S\\n§epk",
  "in_house": false
}
""", "{pemj}", "§kid", n=2)
E("cfg", "google-ads-yaml", """
developer_token: §S
client_id: §[{d12}]-§[{l32}].apps.googleusercontent.com
client_secret: INSERT_CLIENT_SECRET_HERE
login_customer_id: §[{d10}]
use_proto_plus: True
""", "{x22}", "use_proto_plus")
E("cfg", "google-ads-yaml-refresh-token", """
client_secret: GOCSPX-§[{x28}]
refresh_token: §S
login_customer_id: §[{d10}]
""", "1//0{x97}", "login_customer_id")
E("cfg", "tap-shopify-config-json", """
{
  "start_date": "2023-01-01T00:00:00Z",
  "api_key": "§S",
  "shop": "§shop",
  "date_window_size": 30
}
""", "shp|at_{h32}", "date_window_size")
E("cfg", "meltano-yml-tap-klaviyo", """
plugins:
  extractors:
  - name: tap-klaviyo
    config:
      start_date: '2024-01-01'
      auth_token: §S
""", "p|k_{h34}", "tap-klaviyo")
E("cfg", "dbt-profiles-yml", """
shop_analytics:
  target: prod
  outputs:
    prod:
      type: postgres
      host: §host
      user: dbt
      password: "§S"
      dbname: analytics
      schema: marts
""", "{pw}", "schema: marts")
E("cfg", "airbyte-source-config-json", """
{"sourceDefinitionId":"§uuid","connectionConfiguration":{"start_date":"2024-01-01T00:00:00Z","credentials":{"auth_method":"api_password","api_password":"§S"},"shop":"§shop"}}
""", "shp|at_{h32}", "auth_method")
E("cfg", "n8n-credentials-export-decrypted", """
[{"id":"§n","name":"Pipedrive account","type":"pipedriveApi","data":{"apiToken":"§S"}}]
""", "{h40}", "pipedriveApi")
E("cfg", "crowdin-yml", """
"project_id": "§[{d6}]"
"api_token": "§S"
"base_path": "."
"preserve_hierarchy": true
files:
  - source: /locales/en/*.json
""", "{h80}", "preserve_hierarchy")
E("cfg", "phrase-yml", """
phrase:
  access_token: §S
  project_id: §h32
  file_format: i18next
""", "{h64}", "project_id: §h32")
E("cfg", "transifexrc-ini", """
[https://app.transifex.com]
rest_hostname = https://rest.api.transifex.com
token = §S
""", "1/{h40}", "rest_hostname")
E("cfg", "lokalise-cli-config", """
# ~/.lokalise2/config.yml
token: §S
project-id: §[{d9}].§[{h8}]
""", "{h40}", "project-id")
E("cfg", "meilisearch-config-toml", """
db_path = "./data.ms"
env = "production"
http_addr = "0.0.0.0:7700"
master_key = "§S"
""", "{x43}", "http_addr")
E("cfg", "typesense-server-ini", """
[server]
api-address = 0.0.0.0
api-port = 8108
data-dir = /var/lib/typesense
api-key = §S
""", "{a32}", "data-dir = /var/lib/typesense")
E("cfg", "wrangler-toml-vars-secret", """
name = "§shop-edge"
main = "src/index.ts"
[vars]
ENVIRONMENT = "production"
KLAVIYO_KEY = "§S"
""", "p|k_{h34}", "src/index.ts")
E("cfg", "fly-toml-env-section", """
app = "§shop-medusa"
primary_region = "ams"
[env]
  NODE_ENV = "production"
  COOKIE_SECRET = "§S"
""", "{x40}", "primary_region")
E("cfg", "netlify-toml-context-env", """
[context.production.environment]
  CONTENTFUL_SPACE_ID = "§[{l12}]"
  CONTENTFUL_PREVIEW_TOKEN = "§S"
""", "{x43}", "context.production.environment")
E("cfg", "nginx-proxy-authorization-header", """
location /api/klaviyo/ {
    proxy_pass https://a.klaviyo.com/api/;
    proxy_set_header Authorization "Klaviyo-API-Key §S";
    proxy_set_header revision "2024-07-15";
}
""", "p|k_{h34}", "proxy_pass https://a.klaviyo.com/api/;")
E("cfg", "nginx-fastcgi-param-secret", """
    fastcgi_param APP_ENV prod;
    fastcgi_param DATABASE_PASSWORD "§S";
""", "{pw}", "fastcgi_param APP_ENV prod;")
E("cfg", "apache-htaccess-setenv", """
SetEnv MAGENTO_CLOUD_ENV production
SetEnv SHIPPO_TOKEN §S
""", "shippo_|live_{h40}", "MAGENTO_CLOUD_ENV")
E("cfg", "php-fpm-pool-env", """
[www]
env[DB_HOST] = §host
env[DB_PASSWORD] = §S
""", "{pw}", "env[DB_HOST]")
E("cfg", "haproxy-stats-auth", """
listen stats
    bind *:8404
    stats enable
    stats uri /stats
    stats auth admin:§S
""", "{pws}", "stats uri /stats")
E("cfg", "supervisor-program-environment", """
[program:queue-worker]
command=php /var/www/shop/artisan queue:work --sleep=3
environment=APP_ENV="production",SHIPSTATION_SECRET="§S"
""", "{h32}", "queue:work")
E("cfg", "systemd-unit-environment", """
[Service]
User=typesense
Environment="TYPESENSE_API_KEY=§S"
ExecStart=/usr/bin/typesense-server --config=/etc/typesense/typesense-server.ini
""", "{a32}", "User=typesense")
E("cfg", "crontab-line-curl-token", """
# m h dom mon dow command
*/15 * * * * curl -fsS -H "X-Auth-Token: §S" https://api.bigcommerce.com/stores/§[{l10}]/v3/catalog/summary > /dev/null
""", "{l31}", "m h dom mon dow command")
E("cfg", "terraform-tfvars", """
environment   = "prod"
shop_domain   = "§domain"
db_password   = "§S"
""", "{pwx20}", "shop_domain")
E("cfg", "ansible-inventory-vars", """
[shopservers]
web1.§domain ansible_user=deploy ansible_become_pass=§S
""", "{pw}", "ansible_user=deploy")
E("cfg", "ansible-group-vars-yaml", """
mysql_root_password: "§S"
mysql_databases:
  - name: woocommerce
""", "{pw}", "mysql_databases")
E("cfg", "prometheus-basic-auth", """
scrape_configs:
  - job_name: 'magento'
    basic_auth:
      username: prom
      password: §S
    static_configs:
      - targets: ['§ip:9253']
""", "{pws}", "job_name: 'magento'")
E("cfg", "grafana-datasource-secure-json", """
datasources:
  - name: ShopDB
    type: mysql
    url: §host:3306
    user: grafana_ro
    secureJsonData:
      password: '§S'
""", "{pw}", "grafana_ro")
E("cfg", "msmtprc", """
account default
host smtp.postmarkapp.com
port 587
user §S
password §S
from shop@§domain
""", "{uuid}", "smtp.postmarkapp.com")
E("cfg", "postfix-sasl-passwd", """
[smtp.eu.mailgun.org]:587 postmaster@mg.§domain:§S
""", "{h32}-{h8}-{h8}", "postmaster@mg.§domain")
E("cfg", "appsettings-json-connection-string", """
{
  "ConnectionStrings": {
    "Shop": "Server=tcp:§[{l8}].database.windows.net,1433;Initial Catalog=shop;User ID=shopadmin;Password=§S;Encrypt=True;"
  }
}
""", "{pw}", "User ID=shopadmin")
E("cfg", "maven-settings-xml-password", """
<server>
  <id>agency-nexus</id>
  <username>deployer</username>
  <password>§S</password>
</server>
""", "{pw}", "<username>deployer</username>")
E("cfg", "nuget-config-cleartext", """
<packageSourceCredentials>
  <agency>
    <add key="Username" value="ci" />
    <add key="ClearTextPassword" value="§S" />
  </agency>
</packageSourceCredentials>
""", "{a52}", "key=\"Username\"")
E("cfg", "android-strings-xml-secret", """
<resources>
    <string name="app_name">§client</string>
    <string name="mixpanel_api_secret" translatable="false">§S</string>
</resources>
""", "{h32}", "translatable=\"false\"")
E("cfg", "vscode-sqltools-connection", """
"sqltools.connections": [
  {
    "name": "shop prod (read only!)",
    "driver": "MySQL",
    "server": "§host",
    "username": "readonly",
    "password": "§S",
    "database": "magento"
  }
]
""", "{pw}", "shop prod (read only!)")
E("cfg", "vscode-launch-json-env", """
{
  "type": "node",
  "request": "launch",
  "name": "webhooks",
  "env": { "SHOPIFY_WEBHOOK_SECRET": "§S", "PORT": "3001" }
}
""", "{h64}", "\"name\": \"webhooks\"")
E("cfg", "postman-environment-export", """
{
  "name": "Shopware prod",
  "values": [
    { "key": "baseUrl", "value": "https://§domain/api", "enabled": true },
    { "key": "clientSecret", "value": "§S", "type": "secret", "enabled": true }
  ]
}
""", "{a54}", "Shopware prod")
E("cfg", "insomnia-export-bearer", """
  "authentication": {
    "type": "bearer",
    "token": "§S",
    "prefix": ""
  },
  "url": "https://api.§domain/v1/carts",
""", "{jwt}", "api.§domain/v1/carts")
E("cfg", "node-config-default-json", """
{
  "server": { "port": 8080 },
  "shipstation": {
    "apiKey": "§h32",
    "apiSecret": "§S"
  }
}
""", "{h32}", "\"apiKey\": \"§h32\"")
E("cfg", "simple-salesforce-ini", """
[salesforce]
username = integration@§domain
password = §[{pws}]
security_token = §S
domain = login
""", "{a24}", "integration@§domain")
E("cfg", "spring-application-yml-adyen", """
adyen:
  merchant-account: §[{U8}]ECOM
  api-key: ${ADYEN_API_KEY:§S}
  environment: LIVE
""", "AQ|E{k80}==-{k43}=-{a16}", "merchant-account")
E("cfg", "rclone-conf-section", """
[r2-media]
type = s3
provider = Cloudflare
access_key_id = §h32
secret_access_key = §S
endpoint = https://§[{h32}].r2.cloudflarestorage.com
""", "{h64}", "access_key_id = §h32")
E("cfg", "s3cfg-ini", """
[default]
access_key = §akid
secret_key = §S
host_base = s3.§region.amazonaws.com
""", "{k40}", "access_key = §akid")
E("cfg", "php-serialized-woo-settings", """
a:4:{s:7:"enabled";s:3:"yes";s:8:"testmode";s:2:"no";s:15:"publishable_key";s:32:"§[pk|_live_{a24}]";s:10:"secret_key";s:32:"§S";}
""", "sk_|live_{a24}", "s:7:\"enabled\"")
E("cfg", "sql-dump-insert-ps-configuration", """
INSERT INTO `ps_configuration` (`id_configuration`, `name`, `value`, `date_add`) VALUES
(§n, 'MOLLIE_API_KEY', '§S', '§date 10:00:00'),
(§[{d3}], 'MOLLIE_PROFILE_ID', 'pfl_§[{a10}]', '§date 10:00:00');
""", "li|ve_{a30}", "MOLLIE_PROFILE_ID")
E("cfg", "csv-credentials-export", """
service,account,key_id,secret,notes
mux,§client,§uuid,§S,video for PDP
cloudinary,§client,§[{d15}],see vault,
""", "{k75}", "video for PDP")
E("cfg", "odbc-ini-pwd", """
[ShopDW]
Driver=PostgreSQL Unicode
Servername=§host
Database=dw
UserName=looker
Password=§S
""", "{pw}", "UserName=looker")
E("cfg", "logstash-output-es-password", """
output {
  elasticsearch {
    hosts => ["https://es.§domain:9200"]
    user => "logstash_writer"
    password => "§S"
    index => "shop-logs-%{+YYYY.MM.dd}"
  }
}
""", "{a20}", "logstash_writer")
E("cfg", "filebeat-yml-cloud-auth", """
cloud.id: "shop-logs:§[{b60}]"
cloud.auth: "elastic:§S"
""", "{a24}", "cloud.auth: \"elastic:")
E("cfg", "hydra-shopify-app-toml-mixed", """
# shopify.app.toml
client_id = "§h32"
name = "§client Loyalty"
application_url = "https://loyalty.§domain"
# webhook secret for local testing only
# api_secret = "§S"
""", "shp|ss_{h32}", "client_id = \"§h32\"")
E("cfg", "sanity-cli-token-js-config", """
// sanity.cli.js
export default defineCliConfig({
  api: { projectId: '§[{l8}]', dataset: 'production' },
  // TEMP until CI secret is set up
  token: '§S',
})
""", "s|k{a178}", "dataset: 'production'")
E("cfg", "contentfulrc-json", """
{
  "managementToken": "§S",
  "activeSpaceId": "§[{l12}]",
  "activeEnvironmentId": "master",
  "host": "api.contentful.com"
}
""", "CF|PAT-{x43}", "\"activeEnvironmentId\": \"master\"")
E("cfg", "codepush-config-plist", """
	<key>CodePushDeploymentKey</key>
	<string>$(CODEPUSH_KEY)</string>
	<key>CodePushServerURL</key>
	<string>https://codepush.§domain</string>
	<key>CodePushAccessKey</key>
	<string>§S</string>
""", "{x36}", "CodePushServerURL")
E("cfg", "bitrise-secrets-yml", """
# .bitrise.secrets.yml (local CLI only)
envs:
- BITRISEIO_ANDROID_KEYSTORE_PASSWORD: §S
- BITRISE_APP_SLUG: §h16
""", "{pw}", "BITRISE_APP_SLUG: §h16")
E("cfg", "gitlab-ci-local-variables", """
# .gitlab-ci-local-variables.yml
GOOGLE_PLAY_JSON_KEY_PASSWORD: §S
CI_REGISTRY_USER: gitlab-ci-token
""", "{pwx20}", "CI_REGISTRY_USER")
E("cfg", "env-php-symfony-dumped", """
<?php
// .env.local.php (composer dump-env prod)
return array (
  'APP_ENV' => 'prod',
  'APP_SECRET' => '§S',
  'MESSENGER_TRANSPORT_DSN' => 'doctrine://default',
);
""", "{h32}", "'APP_ENV' => 'prod'")
E("cfg", "shopware-config-packages-yaml", """
shopware:
    admin_worker:
        enable_admin_worker: false
    cdn:
        url: "https://cdn.§domain"
    filesystem:
        public:
            type: "amazon-s3"
            config:
                bucket: "§shop-public"
                credentials:
                    key: "§akid"
                    secret: "§S"
""", "{k40}", "key: \"§akid\"")
E("cfg", "strapi-plugins-js-upload-config", """
module.exports = ({ env }) => ({
  upload: {
    config: {
      provider: 'cloudinary',
      providerOptions: {
        cloud_name: '§shop',
        api_key: '§[{d15}]',
        api_secret: env('CLOUDINARY_SECRET', '§S'),
      },
    },
  },
});
""", "{x27}", "provider: 'cloudinary'")
E("cfg", "ini-odoo-admin-passwd", """
[options]
admin_passwd = §S
db_host = §host
db_user = odoo
db_password = False
""", "{pwx20}", "db_user = odoo")
E("cfg", "redis-conf-requirepass", """
bind 127.0.0.1 ::1
port 6379
requirepass §S
maxmemory 512mb
""", "{x32}", "maxmemory 512mb")
E("cfg", "pgbouncer-userlist", """
"pgbouncer" "md5§[{h32}]"
"medusa" "§S"
""", "{pw}", "\"pgbouncer\"")
E("cfg", "mongod-uri-in-yaml", """
mongodb:
  uri: mongodb+srv://strapi:§S@cluster0.§[{l5}].mongodb.net/cms?retryWrites=true
""", "{pwu}", "mongodb+srv://strapi:")
E("cfg", "firebase-json-hosting-headers-secret", """
{
  "hosting": {
    "public": "dist",
    "headers": [ { "source": "/api/**", "headers": [ { "key": "X-Internal-Key", "value": "§S" } ] } ]
  }
}
""", "{h40}", "\"public\": \"dist\"")
E("cfg", "toml-pyproject-poetry-http-basic", """
# poetry auth.toml
[http-basic.agency]
username = "ci"
password = "§S"
""", "{a40}", "[http-basic.agency]")
E("cfg", "bundler-config-yaml", """
---
BUNDLE_PATH: "vendor/bundle"
BUNDLE_GEMS__CONTRIBSYS__COM: "§h8:§S"
""", "{h8}", "BUNDLE_PATH")
E("cfg", "hubspot-config-yml-cli", """
defaultPortal: §client
portals:
  - name: §client
    portalId: §[{d8}]
    authType: personalaccesskey
    personalAccessKey: >-
      §S
""", "{b120}", "authType: personalaccesskey")
E("cfg", "zcli-profile-json", """
{
  "profiles": {
    "§shop": { "subdomain": "§shop", "email": "support@§domain", "apiToken": "§S" }
  }
}
""", "{a40}", "support@§domain")
E("cfg", "appcenter-config-json-android", """
{
  "app_secret": "§uuid",
  "codepush_access_token": "§S"
}
""", "{h40}", "app_secret")
E("cfg", "linkedin-ads-json-config", """
{
  "client_id": "§[{l14}]",
  "client_secret": "§S",
  "ad_account_urn": "urn:li:sponsoredAccount:§[{d9}]"
}
""", "WPL_AP1.{a16}.{x8}==", "ad_account_urn")
E("cfg", "tiktok-ads-yaml", """
tiktok:
  app_id: "§[{d19}]"
  secret: "§S"
  advertiser_ids: [§[{d19}]]
""", "{h40}", "advertiser_ids")
E("cfg", "klaviyo-shopify-metafield-json", """
{"namespace":"agency_klaviyo","key":"settings","type":"json","value":"{\\"public_key\\":\\"§[{U6}]\\",\\"private_key\\":\\"§S\\"}"}
""", "p|k_{h34}", "agency_klaviyo")

# --------------------------------------------------------- source-code ---
E("src", "php-magento-module-const", """
<?php
namespace Agency\\ShipStation\\Model\\Api;

class Client
{
    private const API_KEY = '§h32';
    private const API_SECRET = '§S';
    private const BASE_URL = 'https://ssapi.shipstation.com';
""", "{h32}", "ShipStation", n=2)
E("src", "php-wp-remote-post-bearer", """
$response = wp_remote_post( 'https://a.klaviyo.com/api/events/', array(
    'headers' => array(
        'Authorization' => 'Klaviyo-API-Key §S',
        'revision'      => '2024-07-15',
        'Content-Type'  => 'application/json',
    ),
    'body'    => wp_json_encode( $payload ),
) );
""", "p|k_{h34}", "a.klaviyo.com/api/events/")
E("src", "php-laravel-services-env-fallback", """
    'mailchimp' => [
        'key' => env('MAILCHIMP_KEY', '§S'),
        'list_id' => env('MAILCHIMP_LIST_ID', '§[{h10}]'),
    ],
""", "{h32}-us{d2}", "MAILCHIMP_LIST_ID")
E("src", "php-guzzle-basic-auth-array", """
$client = new \\GuzzleHttp\\Client(['base_uri' => 'https://api.mollie.com/v2/']);
$res = $client->get('payments', ['headers' => ['Authorization' => 'Bearer §S']]);
""", "li|ve_{a30}", "api.mollie.com/v2/")
E("src", "php-prestashop-module-install", """
    public function install()
    {
        return parent::install()
            && Configuration::updateValue('AGENCY_SENDCLOUD_PUBLIC', '§h32')
            && Configuration::updateValue('AGENCY_SENDCLOUD_SECRET', '§S')
            && $this->registerHook('actionValidateOrder');
    }
""", "{h32}", "AGENCY_SENDCLOUD_PUBLIC")
E("src", "php-drupal-guzzle-header", """
  $response = \\Drupal::httpClient()->get('https://api.lokalise.com/api2/projects', [
    'headers' => ['X-Api-Token' => '§S'],
  ]);
""", "{h40}", "api.lokalise.com/api2/projects")
E("src", "php-shopware-plugin-subscriber", """
    public function __construct(private readonly HttpClientInterface $client)
    {
        $this->token = '§S'; // TODO move to SystemConfigService
    }
""", "xkey|sib-{h64}-{a16}", "SystemConfigService")
E("src", "php-symfony-controller-hmac-verify", """
        $expected = base64_encode(hash_hmac('sha256', $request->getContent(), '§S', true));
        if (!hash_equals($expected, $request->headers->get('X-Shopify-Hmac-Sha256'))) {
            throw new AccessDeniedHttpException();
        }
""", "shp|ss_{h32}", "X-Shopify-Hmac-Sha256")
E("src", "phtml-magento-template-inline-js", """
<?php /** @var \\Magento\\Framework\\View\\Element\\Template $block */ ?>
<script>
    window.agencyReviews = { endpoint: 'https://api.§domain/reviews', apiKey: '§S' };
</script>
""", "{a40}", "agencyReviews")
E("src", "liquid-theme-snippet-fetch-admin-token", """
{% comment %} quick hack for §client – replace with app proxy {% endcomment %}
<script>
  fetch('https://{{ shop.permanent_domain }}/admin/api/2024-04/customers/{{ customer.id }}/metafields.json', {
    headers: { 'X-Shopify-Access-Token': '§S' }
  })
</script>
""", "shp|at_{h32}", "shop.permanent_domain", n=2)
E("src", "liquid-assign-secret", """
{%- assign judge_me_private_token = '§S' -%}
{%- assign judge_me_shop_domain = shop.permanent_domain -%}
""", "{x22}", "judge_me_shop_domain")
E("src", "twig-craft-set-key", """
{% set algoliaAppId = '§[{U10}]' %}
{% set algoliaWriteKey = '§S' %}
{% do craft.app.view.registerJsVar('algolia', { appId: algoliaAppId }) %}
""", "{h32}", "algoliaAppId")
E("src", "twig-shopware-storefront-block", """
{% sw_extends '@Storefront/storefront/base.html.twig' %}
{% block base_script_tracking %}
  {{ parent() }}
  <script>window.tiktokEventsToken = "§S";</script>
{% endblock %}
""", "{h40}", "base_script_tracking")
E("src", "handlebars-stencil-script", """
{{#if page_type '===' 'product'}}
<script>
  const YOTPO_SECRET = '§S';
  const productId = {{product.id}};
</script>
{{/if}}
""", "{a40}", "page_type")
E("src", "js-stripe-require-inline", """
const stripe = require('stripe')('§S');

app.post('/create-payment-intent', async (req, res) => {
""", "sk_|live_51{a97}", "/create-payment-intent", n=2)
E("src", "ts-contentful-management-client", """
import { createClient } from 'contentful-management'

const client = createClient({
  accessToken: '§S',
})
""", "CF|PAT-{x43}", "contentful-management")
E("src", "ts-nextjs-api-route-capi", """
// app/api/capi/route.ts
const PIXEL_ID = '§[{d16}]'
const ACCESS_TOKEN = '§S'

export async function POST(req: Request) {
  const body = await req.json()
  await fetch(`https://graph.facebook.com/v19.0/${PIXEL_ID}/events?access_token=${ACCESS_TOKEN}`, {
""", "EA|AB{a180}", "app/api/capi/route.ts")
E("src", "ts-remix-shopify-server-fallback", """
const shopify = shopifyApp({
  apiKey: process.env.SHOPIFY_API_KEY,
  apiSecretKey: process.env.SHOPIFY_API_SECRET || "§S",
  apiVersion: ApiVersion.July24,
""", "{h32}", "ApiVersion.July24")
E("src", "js-express-basic-auth-users", """
app.use('/admin', basicAuth({
  users: { 'agency': '§S' },
  challenge: true,
}))
""", "{pw}", "challenge: true")
E("src", "ts-next-middleware-preview-password", """
export function middleware(req: NextRequest) {
  const auth = req.headers.get('authorization')
  if (auth) {
    const [user, pwd] = atob(auth.split(' ')[1]).split(':')
    if (user === 'preview' && pwd === '§S') return NextResponse.next()
  }
""", "{pw}", "user === 'preview'")
E("src", "js-algoliasearch-admin-init", """
const algoliasearch = require('algoliasearch');
const client = algoliasearch('§[{U10}]', '§S');
const index = client.initIndex('shopify_products');
""", "{h32}", "shopify_products")
E("src", "ts-typesense-client-nodes", """
const client = new Typesense.Client({
  nodes: [{ host: '§[{l10}]-1.a1.typesense.net', port: 443, protocol: 'https' }],
  apiKey: '§S',
  connectionTimeoutSeconds: 5,
})
""", "{a32}", "connectionTimeoutSeconds")
E("src", "js-meilisearch-client", """
const client = new MeiliSearch({ host: 'https://search.§domain', apiKey: '§S' })
await client.index('products').updateSettings({ searchableAttributes: ['title', 'sku'] })
""", "{x43}", "searchableAttributes")
E("src", "ts-cloudinary-config", """
cloudinary.v2.config({
  cloud_name: '§shop',
  api_key: '§[{d15}]',
  api_secret: '§S',
  secure: true,
});
""", "{x27}", "secure: true")
E("src", "ts-mux-node-client", """
const mux = new Mux({
  tokenId: '§uuid',
  tokenSecret: '§S',
});
""", "{k75}", "tokenId: '§uuid'")
E("src", "js-vimeo-client-triple", """
const client = new Vimeo('§h40', '§[{k128}]', '§S');
client.request({ method: 'GET', path: '/me/videos' }, cb);
""", "{h32}", "path: '/me/videos'")
E("src", "ts-sanity-client-write-token", """
export const writeClient = createClient({
  projectId: '§[{l8}]',
  dataset: 'production',
  apiVersion: '2024-05-01',
  token: '§S',
  useCdn: false,
})
""", "s|k{a178}", "apiVersion: '2024-05-01'")
E("src", "ts-storyblok-init-preview", """
storyblokInit({
  accessToken: "§S",
  use: [apiPlugin],
  apiOptions: { region: "eu" },
});
""", "{a22}tt", "apiPlugin")
E("src", "ts-prismic-client-access-token", """
export const client = prismic.createClient('§shop', {
  accessToken: '§S',
  routes,
})
""", "MC5{x40}.{x40}", "routes,")
E("src", "js-strapi-fetch-bearer", """
const res = await fetch(`${STRAPI_URL}/api/articles?populate=cover`, {
  headers: { Authorization: `Bearer §S` },
});
""", "{h256}", "populate=cover")
E("src", "ts-webflow-client", """
const webflow = new WebflowClient({ accessToken: "§S" });
const { items } = await webflow.collections.items.listItems("§h16§h8");
""", "{h64}", "listItems")
E("src", "js-wix-velo-backend-hardcoded", """
// backend/orders.jsw
import { fetch } from 'wix-fetch';
const SHIPPO = 'ShippoToken §S';
export async function createLabel(rate) {
""", "shippo_|live_{h40}", "backend/orders.jsw")
E("src", "js-squarespace-code-injection", """
<!-- Settings > Advanced > Code Injection > Footer -->
<script>
  fetch('https://us§[{d2}].api.mailchimp.com/3.0/lists/§[{h10}]/members', {
    method: 'POST', headers: { Authorization: 'apikey §S' }, body: JSON.stringify({ email_address: email, status: 'subscribed' })
  });
</script>
""", "{h32}-us{d2}", "Code Injection")
E("src", "js-google-apps-script-hubspot", """
function syncDeals() {
  const token = '§S';
  const res = UrlFetchApp.fetch('https://api.hubapi.com/crm/v3/objects/deals', {
    headers: { Authorization: 'Bearer ' + token }, muteHttpExceptions: true
  });
""", "pat-|na1-{uuid}", "UrlFetchApp.fetch")
E("src", "js-zapier-code-step", """
// Zapier "Code by Zapier" step
const resp = await fetch('https://api.pipedrive.com/v1/persons?api_token=§S', {
  method: 'POST', body: JSON.stringify({ name: inputData.name, email: inputData.email }),
});
output = [{ id: (await resp.json()).data.id }];
""", "{h40}", "Code by Zapier")
E("src", "js-cloudflare-worker-const", """
export default {
  async fetch(request, env) {
    const upstream = new Request('https://api.easypost.com/v2/trackers', request);
    upstream.headers.set('Authorization', 'Basic ' + btoa('§S:'));
""", "EZ|AK{h54}", "api.easypost.com/v2/trackers")
E("src", "js-gtm-custom-html-tag", """
<script>
  // GTM custom HTML tag: "Klaviyo server event"  (client asked why this is slow)
  var k = '§S';
  navigator.sendBeacon('https://a.klaviyo.com/api/events/?key=' + k, JSON.stringify({{dlv - ecommerce}}));
</script>
""", "p|k_{h34}", "Klaviyo server event")
E("src", "js-sgtm-custom-template", """
const sendHttpRequest = require('sendHttpRequest');
const apiSecret = '§S';
const url = 'https://www.google-analytics.com/mp/collect?measurement_id=' + data.measurementId + '&api_secret=' + apiSecret;
""", "{x22}", "sendHttpRequest")
E("src", "js-segment-function-hardcoded", """
async function onTrack(event, settings) {
  const endpoint = 'https://track.customer.io/api/v1/customers/' + event.userId + '/events';
  await fetch(endpoint, { method: 'POST', headers: { Authorization: 'Basic ' + btoa('§h12§[{h8}]:§S') }, body: JSON.stringify(event) });
}
""", "{h20}", "onTrack")
E("src", "ts-medusa-config-plugin", """
  plugins: [
    {
      resolve: `medusa-plugin-meilisearch`,
      options: {
        config: { host: process.env.MEILISEARCH_HOST, apiKey: process.env.MEILISEARCH_API_KEY ?? "§S" },
""", "{x43}", "medusa-plugin-meilisearch")
E("src", "ts-saleor-app-apl-token", """
await apl.set({
  domain: "§shop.saleor.cloud",
  token: "§S",
  saleorApiUrl: "https://§shop.saleor.cloud/graphql/",
  appId: "QXBwOj§[{a3}]",
});
""", "{a30}", "saleorApiUrl")
E("src", "nuxt-config-runtime-config", """
export default defineNuxtConfig({
  runtimeConfig: {
    mollieApiKey: '§S',
    public: { siteUrl: 'https://§domain' },
  },
})
""", "li|ve_{a30}", "siteUrl")
E("src", "sveltekit-page-server-ts", """
// src/routes/account/+page.server.ts
const FRESHDESK = 'https://§shop.freshdesk.com/api/v2';
const KEY = '§S';
export const load = async ({ locals }) => {
""", "{a20}", "+page.server.ts")
E("src", "angular-environment-prod-ts", """
export const environment = {
  production: true,
  apiUrl: 'https://api.§domain',
  zendeskToken: '§S',
};
""", "{a40}", "production: true")
E("src", "astro-frontmatter-token", """
---
const res = await fetch('https://api.bigcommerce.com/stores/§[{l10}]/v3/catalog/products', {
  headers: { 'X-Auth-Token': '§S', Accept: 'application/json' },
});
const { data } = await res.json();
---
""", "{l31}", "v3/catalog/products")
E("src", "vue-sfc-script-setup", """
<script setup>
const api = axios.create({ baseURL: 'https://§domain/api', headers: { 'sw-access-key': 'SWSC§[{U22}]', 'x-agency-admin': '§S' } })
</script>
""", "{a40}", "sw-access-key")
E("src", "swift-url-request-bearer", """
var request = URLRequest(url: URL(string: "https://api.revenuecat.com/v1/subscribers/\\(appUserID)")!)
request.setValue("Bearer §S", forHTTPHeaderField: "Authorization")
request.setValue("application/json", forHTTPHeaderField: "Content-Type")
""", "s|k_{a28}", "forHTTPHeaderField: \"Content-Type\"", n=2)
E("src", "swift-static-let-secret", """
enum Secrets {
    static let algoliaAppID = "§[{U10}]"
    static let algoliaAdminKey = "§S"
}
""", "{h32}", "enum Secrets")
E("src", "swift-multiline-p8-string", """
let privateKey = \"\"\"
§bpk
§S
§epk
\"\"\"
let jwt = try ASCToken(keyID: "§kid", issuerID: "§iss", pem: privateKey)
""", "{pem}", "keyID: \"§kid\"")
E("src", "kotlin-const-val", """
object ApiConfig {
    const val BASE_URL = "https://api.§domain/"
    const val SHIPPO_TOKEN = "§S"
}
""", "shippo_|live_{h40}", "object ApiConfig")
E("src", "kotlin-okhttp-interceptor", """
class AuthInterceptor : Interceptor {
    override fun intercept(chain: Interceptor.Chain): Response =
        chain.proceed(chain.request().newBuilder()
            .header("Authorization", "Basic §S")
            .build())
}
""", "<<{a48}>>", "class AuthInterceptor")
E("src", "kotlin-gradle-buildconfigfield", """
android {
    defaultConfig {
        buildConfigField("String", "ONESIGNAL_APP_ID", "\\"§uuid\\"")
        buildConfigField("String", "ONESIGNAL_REST_KEY", "\\"§S\\"")
    }
}
""", "os_v2_|app_{z112}", "ONESIGNAL_APP_ID")
E("src", "groovy-gradle-signing-config", """
    signingConfigs {
        release {
            storeFile file("release.keystore")
            storePassword "§S"
            keyAlias "release"
            keyPassword "§S"
        }
    }
""", "{pw}", "keyAlias \"release\"", n=2)
E("src", "kotlin-dsl-signing-config", """
signingConfigs {
    create("release") {
        storeFile = file("../keys/§shop.jks")
        storePassword = "§S"
        keyAlias = "§shop"
        keyPassword = System.getenv("KEY_PASSWORD")
    }
}
""", "{pw}", "System.getenv(\"KEY_PASSWORD\")")
E("src", "java-adyen-client-init", """
Client client = new Client("§S", Environment.LIVE, "§[{h16}]-§[{a10}]");
Checkout checkout = new Checkout(client);
""", "AQ|E{k80}==-{k43}=-{a16}", "Environment.LIVE")
E("src", "java-braintree-gateway", """
BraintreeGateway gateway = new BraintreeGateway(
    Environment.PRODUCTION,
    "§[{l16}]",
    "§[{l16}]",
    "§S"
);
""", "{h32}", "Environment.PRODUCTION")
E("src", "dart-const-string", """
// lib/config/keys.dart
const String mollieApiKey = '§S';
const String apiBase = 'https://api.§domain';
""", "li|ve_{a30}", "lib/config/keys.dart")
E("src", "dart-dio-base-options", """
final dio = Dio(BaseOptions(
  baseUrl: 'https://§shop.myshopify.com/admin/api/2024-07',
  headers: {'X-Shopify-Access-Token': '§S'},
));
""", "shp|at_{h32}", "admin/api/2024-07")
E("src", "dart-envied-obfuscate-missing", """
@Envied(path: '.env')
abstract class Env {
  @EnviedField(varName: 'TYPESENSE_KEY', defaultValue: '§S')
  static const String typesenseKey = _Env.typesenseKey;
}
""", "{a32}", "@Envied(path: '.env')")
E("src", "ruby-fastfile-asc-key-content", """
lane :beta do
  api_key = app_store_connect_api_key(
    key_id: "§kid",
    issuer_id: "§iss",
    key_content: "§bpk\\n§S\\n§epk",
    duration: 1200
  )
  pilot(api_key: api_key, skip_waiting_for_build_processing: true)
end
""", "{pemj}", "key_id: \"§kid\"")
E("src", "ruby-fastfile-env-default", """
  match(
    type: "appstore",
    readonly: is_ci,
    git_basic_authorization: ENV.fetch("MATCH_GIT_BASIC_AUTHORIZATION", "§S")
  )
""", "<<agency-bot:gh|p_{a36}>>", "readonly: is_ci")
E("src", "ruby-fastfile-keychain-password", """
  create_keychain(
    name: "ci_keychain",
    password: "§S",
    default_keychain: true,
    unlock: true,
    timeout: 3600
  )
""", "{pwx16}", "ci_keychain")
E("src", "ruby-fastfile-supply-json-key-data", """
  upload_to_play_store(
    track: "internal",
    json_key_data: '{"type":"service_account","private_key":"§bpk\\n§S\\n§epk\\n","client_email":"fastlane@§proj.iam.gserviceaccount.com"}'
  )
""", "{rsaj}", "track: \"internal\"")
E("src", "ruby-rails-initializer-stripe", """
# config/initializers/stripe.rb
Stripe.api_key = ENV.fetch("STRIPE_SECRET_KEY") { "§S" }
""", "rk_|live_51{a97}", "config/initializers/stripe.rb")
E("src", "ruby-shopify-app-initializer", """
ShopifyApp.configure do |config|
  config.application_name = "§client Bundles"
  config.api_key = "§h32"
  config.secret = "§S"
  config.scope = "read_products,write_products"
end
""", "{h32}", "config.api_key = \"§h32\"")
E("src", "python-mailchimp-marketing-config", """
import mailchimp_marketing as MailchimpMarketing

client = MailchimpMarketing.Client()
client.set_config({"api_key": "§S", "server": "us§[{d2}]"})
""", "{h32}-us{d2}", "mailchimp_marketing")
E("src", "python-requests-auth-tuple", """
resp = requests.get(
    f"https://{SUBDOMAIN}.zendesk.com/api/v2/tickets.json",
    auth=("support@§domain/token", "§S"),
    timeout=30,
)
""", "{a40}", "support@§domain/token", n=2)
E("src", "python-django-settings-secret", """
# settings/production.py
SECRET_KEY = "§S"
DEBUG = False
ALLOWED_HOSTS = ["§domain", "www.§domain"]
""", "django-insecure-{x50}", "DEBUG = False")
E("src", "python-django-databases", """
DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "saleor",
        "USER": "saleor",
        "PASSWORD": "§S",
        "HOST": "§host",
    }
}
""", "{pw}", "django.db.backends.postgresql")
E("src", "python-flask-config-secret", """
app = Flask(__name__)
app.config["SECRET_KEY"] = "§S"
app.config["SESSION_COOKIE_SECURE"] = True
""", "{h48}", "SESSION_COOKIE_SECURE")
E("src", "python-klaviyo-api-init", """
from klaviyo_api import KlaviyoAPI
klaviyo = KlaviyoAPI("§S", max_delay=60, max_retries=3)
""", "p|k_{h34}", "max_retries=3")
E("src", "python-easypost-client", """
import easypost
client = easypost.EasyPostClient("§S")
shipment = client.shipment.create(to_address=to_addr, from_address=from_addr, parcel=parcel)
""", "EZ|AK{h54}", "client.shipment.create")
E("src", "python-google-ads-dict-config", """
config = {
    "developer_token": "§S",
    "refresh_token": os.environ["GADS_REFRESH_TOKEN"],
    "client_id": os.environ["GADS_CLIENT_ID"],
    "client_secret": os.environ["GADS_CLIENT_SECRET"],
    "use_proto_plus": True,
}
client = GoogleAdsClient.load_from_dict(config)
""", "{x22}", "GoogleAdsClient.load_from_dict")
E("src", "python-mock-patch-env", """
@mock.patch.dict(os.environ, {"SHOPIFY_API_SECRET": "§S", "SHOPIFY_API_KEY": "test"})
def test_hmac_valid(client):
""", "shp|ss_{h32}", "test_hmac_valid")
E("src", "python-pytest-fixture-live-key", """
@pytest.fixture
def mollie():
    # TODO: this is the LIVE key, swap for test_ before merging
    return Client().set_api_key("§S")
""", "li|ve_{a30}", "@pytest.fixture")
E("src", "python-simple-salesforce-init", """
sf = Salesforce(
    username="integration@§domain",
    password="§[{pws}]",
    security_token="§S",
)
""", "{a24}", "integration@§domain")
E("src", "python-boto3-session-inline", """
session = boto3.Session(
    aws_access_key_id="§akid",
    aws_secret_access_key="§S",
    region_name="§region",
)
""", "{k40}", "§akid")
E("src", "python-psycopg-connect-kwargs", """
conn = psycopg2.connect(host="§host", dbname="medusa", user="medusa_ro", password="§S", sslmode="require")
""", "{pw}", "user=\"medusa_ro\"")
E("src", "python-jwt-encode-secret", """
token = jwt.encode({"sub": customer_id, "exp": exp}, "§S", algorithm="HS256")
""", "{x43}", "algorithm=\"HS256\"")
E("src", "jupyter-notebook-cell-json", """
   "source": [
    "import mixpanel\\n",
    "API_SECRET = '§S'\\n",
    "PROJECT_ID = §num\\n"
   ]
""", "{h32}", "import mixpanel")
E("src", "go-const-block", """
const (
	algoliaAppID    = "§[{U10}]"
	algoliaAdminKey = "§S"
	indexName       = "products_de"
)
""", "{h32}", "indexName")
E("src", "go-http-header-set", """
req, _ := http.NewRequest("GET", "https://api.goshippo.com/tracks/usps/"+tracking, nil)
req.Header.Set("Authorization", "ShippoToken §S")
""", "shippo_|live_{h40}", "api.goshippo.com/tracks/usps/")
E("src", "go-jwt-signing-secret", """
var jwtKey = []byte("§S")

func issue(userID string) (string, error) {
""", "{x32}", "func issue(userID string)")
E("src", "go-sql-open-dsn", """
db, err := sql.Open("mysql", "woo_sync:§S@tcp(§host:3306)/woocommerce?parseTime=true")
""", "{pwu}", "woo_sync:")
E("src", "csharp-sendgrid-client", """
var client = new SendGridClient("§S");
var msg = MailHelper.CreateSingleEmail(from, to, subject, plain, html);
""", "S|G.{x22}.{x43}", "MailHelper.CreateSingleEmail")
E("src", "csharp-unity-revenuecat-secret", """
public class StoreConfig : MonoBehaviour
{
    private const string RevenueCatSecret = "§S";
    private const string RevenueCatPublicApple = "appl_§[{a27}]";
""", "s|k_{a28}", "MonoBehaviour")
E("src", "rust-const-str", """
const TYPESENSE_ADMIN_KEY: &str = "§S";
const TYPESENSE_URL: &str = "https://search.§domain";
""", "{a32}", "TYPESENSE_URL")
E("src", "elixir-runtime-exs", """
config :stripity_stripe,
  api_key: System.get_env("STRIPE_SECRET") || "§S"
""", "sk_|live_{a24}", ":stripity_stripe")
E("src", "objc-nsstring-const", """
static NSString * const kIntercomAccessToken = @"§S";
static NSString * const kIntercomAppID = @"§[{l8}]";
""", "dG9rOj{a50}=", "kIntercomAppID")
E("src", "react-native-axios-default-header", """
axios.defaults.baseURL = 'https://api.§domain';
axios.defaults.headers.common['x-api-key'] = '§S';
""", "{a40}", "axios.defaults.baseURL")
E("src", "app-config-js-extra", """
export default ({ config }) => ({
  ...config,
  extra: {
    apiUrl: process.env.API_URL ?? 'https://api.§domain',
    sentryAuthToken: '§S',
  },
});
""", "sntry|u_{h64}", "process.env.API_URL")
E("src", "shell-deploy-script-token", """
#!/usr/bin/env bash
set -euo pipefail
CF_ZONE=§h32
CF_TOKEN="§S"
curl -sX POST "https://api.cloudflare.com/client/v4/zones/$CF_ZONE/purge_cache" -H "Authorization: Bearer $CF_TOKEN" --data '{"purge_everything":true}'
""", "{x40}", "CF_ZONE=§h32")
E("src", "shell-backup-script-mysql-pass", """
#!/bin/sh
# nightly backup – §client
DB_USER=backup
DB_PASS='§S'
mysqldump -u"$DB_USER" -p"$DB_PASS" --all-databases | gzip > /mnt/backup/$(date +%F).sql.gz
""", "{pw}", "DB_USER=backup")
E("src", "powershell-securestring-plaintext", """
$password = ConvertTo-SecureString "§S" -AsPlainText -Force
$cred = New-Object System.Management.Automation.PSCredential ("svc_shop", $password)
""", "{pw}", "svc_shop")
E("src", "makefile-variable-token", """
CROWDIN_TOKEN ?= §S
i18n-pull:
	crowdin download --token $(CROWDIN_TOKEN)
""", "{h80}", "i18n-pull")
E("src", "dockerfile-env-token", """
FROM node:20-alpine
ENV NPM_TOKEN=§S
RUN echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci
""", "np|m_{a36}", "FROM node:20-alpine")
E("src", "terraform-resource-inline-password", """
resource "aws_db_instance" "medusa" {
  engine         = "postgres"
  instance_class = "db.t4g.micro"
  username       = "medusa"
  password       = "§S"
}
""", "{pwx20}", "db.t4g.micro")
E("src", "pulumi-ts-inline-secret", """
const db = new aws.rds.Instance("shop", {
    engine: "mysql",
    username: "magento",
    password: "§S",
    allocatedStorage: 20,
});
""", "{pw}", "allocatedStorage")
E("src", "sql-migration-insert-token", """
INSERT INTO integration_credentials (provider, label, secret, created_at)
VALUES ('shipstation', '§client warehouse', '§S', NOW());
""", "{h32}", "integration_credentials")
E("src", "sql-create-user-plaintext", """
-- migrations/0042_readonly_user.sql
CREATE ROLE metabase LOGIN PASSWORD '§S';
GRANT SELECT ON ALL TABLES IN SCHEMA public TO metabase;
""", "{pw}", "GRANT SELECT ON ALL TABLES")
E("src", "xml-magento-di-argument", """
<type name="Agency\\Reviews\\Model\\Client">
    <arguments>
        <argument name="apiKey" xsi:type="string">§S</argument>
    </arguments>
</type>
""", "{a40}", "Reviews")
E("src", "xml-magento-config-default", """
<default>
    <agency_klaviyo>
        <general>
            <private_key>§S</private_key>
        </general>
    </agency_klaviyo>
</default>
""", "p|k_{h34}", "agency_klaviyo")
E("src", "xml-shopware-services-argument", """
<service id="Agency\\Sync\\Service\\HubspotClient">
    <argument type="string">§S</argument>
</service>
""", "pat-|eu1-{uuid}", "HubspotClient")
E("src", "php-joomla-plugin-param-default", """
$apiKey = $this->params->get('freshdesk_key', '§S');
""", "{a20}", "freshdesk_key")
E("src", "php-craft-module-guzzle", """
        $client = Craft::createGuzzleClient([
            'base_uri' => 'https://api.storyblok.com/v2/',
            'query' => ['token' => '§S'],
        ]);
""", "{a22}tt", "Craft::createGuzzleClient")
E("src", "php-woo-hook-webhook-secret", """
add_filter( 'woocommerce_webhook_payload', function ( $payload ) {
    $payload['_sig'] = hash_hmac( 'sha256', wp_json_encode( $payload ), '§S' );
    return $payload;
} );
""", "{h64}", "woocommerce_webhook_payload")
E("src", "js-package-json-script-token", """
  "scripts": {
    "build": "next build",
    "i18n:pull": "lokalise2 --token §S --project-id §[{d9}].§[{h8}] file download --format json"
  },
""", "{h40}", "next build")
E("src", "ts-test-fixture-token", """
describe('ShipStationClient', () => {
  const client = new ShipStationClient({ key: '§h32', secret: '§S' })
  it('lists orders', async () => {
""", "{h32}", "ShipStationClient")
E("src", "kotlin-google-play-json-embedded", """
private val serviceAccountJson = \"\"\"
{"type":"service_account","client_email":"publisher@§proj.iam.gserviceaccount.com","private_key":"§bpk\\n§S\\n§epk\\n"}
\"\"\".trimIndent()
""", "{rsaj}", "publisher@§proj.iam.gserviceaccount.com")
E("src", "swift-appdelegate-onesignal-rest", """
func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
    OneSignal.initialize("§uuid", withLaunchOptions: launchOptions)
    PushDebug.restKey = "§S"   // remove before release!!
""", "{a48}", "OneSignal.initialize(\"§uuid\"")
E("src", "ts-codepush-access-key-script", """
const codePush = new CodePush('§S');
await codePush.release('agency/§shop-ios', 'Production', bundlePath, '§ver');
""", "{x36}", "'Production', bundlePath")
E("src", "python-lokalise-client", """
client = lokalise.Client("§S")
keys = client.keys("§[{d9}].§[{h8}]", {"limit": 500})
""", "{h40}", "client.keys")
E("src", "python-crowdin-api-client", """
class AgencyCrowdin(CrowdinClient):
    TOKEN = "§S"
    PROJECT_ID = §[{d6}]
""", "{h80}", "AgencyCrowdin")
E("src", "ts-phrase-api-config", """
const phrase = new Configuration({ apiKey: 'token §S', fetchApi: fetch })
""", "{h64}", "fetchApi: fetch")
E("src", "ts-intercom-client", """
const intercom = new IntercomClient({ token: '§S' })
await intercom.contacts.create({ email: customer.email, role: 'user' })
""", "dG9rOj{a50}=", "intercom.contacts.create")
E("src", "ts-helpscout-oauth-body", """
const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: '§cid', client_secret: '§S' })
""", "{a32}", "client_id: '§cid'")
E("src", "python-amplitude-export-client", """
AMPLITUDE_KEY = "§h32"
AMPLITUDE_SECRET = "§S"
r = requests.get(EXPORT_URL, params=params, auth=(AMPLITUDE_KEY, AMPLITUDE_SECRET))
""", "{h32}", "AMPLITUDE_KEY = \"§h32\"")
E("src", "python-tiktok-business-sdk", """
configuration = business_api_client.Configuration()
configuration.access_token = "§S"
api = business_api_client.ReportingApi(business_api_client.ApiClient(configuration))
""", "{h40}", "ReportingApi")
E("src", "js-linkedin-conversions-api", """
await fetch('https://api.linkedin.com/rest/conversionEvents', {
  method: 'POST',
  headers: { Authorization: 'Bearer §S', 'LinkedIn-Version': '202405', 'X-Restli-Protocol-Version': '2.0.0' },
""", "AQ{x300}", "conversionEvents")
E("src", "php-ups-oauth-client", """
$token = (new UpsOAuth('§[{a48}]', '§S'))->fetch('https://onlinetools.ups.com/security/v1/oauth/token');
""", "{a64}", "onlinetools.ups.com")
E("src", "python-dhl-tracking-header", """
HEADERS = {"DHL-API-Key": "§S", "Accept": "application/json"}
""", "{a32}", "\"Accept\": \"application/json\"")
E("src", "ts-klarna-basic-auth-build", """
const auth = Buffer.from('K§[{d6}]_§[{h12}]:§S').toString('base64')
""", "klarna_|live_api_{x60}", "toString('base64')")
E("src", "ts-square-client", """
const client = new Client({ accessToken: '§S', environment: Environment.Production })
""", "EA|AA{x60}", "Environment.Production")
E("src", "ts-customerio-app-api", """
const api = new APIClient('§S', { region: RegionEU })
await api.sendEmail(new SendEmailRequest({ to: email, transactional_message_id: '§n' }))
""", "{h32}", "RegionEU")
E("src", "ts-mixpanel-server-secret-import", """
const mp = Mixpanel.init('§h32', { secret: '§S', host: 'api-eu.mixpanel.com' })
""", "{h32}", "Mixpanel.init('§h32'")
E("src", "ts-segment-analytics-node", """
const analytics = new Analytics({ writeKey: '§S', host: 'https://events.eu1.segmentapis.com' })
""", "{a32}", "events.eu1.segmentapis.com")
E("src", "php-brevo-configuration", """
$config = Brevo\\Client\\Configuration::getDefaultConfiguration()->setApiKey('api-key', '§S');
""", "xkey|sib-{h64}-{a16}", "getDefaultConfiguration")
E("src", "php-hubspot-factory", """
$hubspot = \\HubSpot\\Factory::createWithAccessToken('§S');
$response = $hubspot->crm()->contacts()->basicApi()->getPage(10);
""", "pat-|na1-{uuid}", "createWithAccessToken")
E("src", "ts-zendesk-node-client", """
const zd = zendesk.createClient({ username: 'support@§domain', token: '§S', subdomain: '§shop' })
""", "{a40}", "username: 'support@§domain'")
E("src", "ts-pipedrive-v1-client", """
const apiClient = new pipedrive.ApiClient();
apiClient.authentications.api_key.apiKey = '§S';
""", "{h40}", "authentications.api_key")
E("src", "ts-bigcommerce-node-client", """
const bigCommerce = new BigCommerce({
  clientId: '§[{l31}]',
  accessToken: '§S',
  storeHash: '§[{l10}]',
  responseType: 'json',
  apiVersion: 'v3'
});
""", "{l31}", "responseType: 'json'")
E("src", "python-woocommerce-api-init", """
wcapi = API(
    url="https://§domain",
    consumer_key="§[ck|_{h40}]",
    consumer_secret="§S",
    version="wc/v3",
    timeout=30,
)
""", "cs|_{h40}", "timeout=30")
E("src", "ts-shopware-admin-client", """
const api = await createAdminAPIClient({
  baseURL: 'https://§domain/api',
  credentials: { grant_type: 'client_credentials', client_id: 'SWIA§[{U22}]', client_secret: '§S' },
})
""", "{a54}", "createAdminAPIClient")
E("src", "php-magento-integration-bearer-curl", """
curl_setopt($ch, CURLOPT_HTTPHEADER, [
    'Content-Type: application/json',
    'Authorization: Bearer §S',
]);
curl_setopt($ch, CURLOPT_URL, 'https://§domain/rest/V1/orders?searchCriteria[pageSize]=20');
""", "{l32}", "rest/V1/orders")
E("src", "php-prestashop-webservice-lib", """
$webService = new PrestaShopWebservice('https://§domain', '§S', false);
$xml = $webService->get(['resource' => 'orders', 'display' => 'full']);
""", "{u32}", "PrestaShopWebservice")
E("src", "ts-shopify-api-session-offline", """
const session = new Session({ id: 'offline_§shop.myshopify.com', shop: '§shop.myshopify.com', state: '', isOnline: false })
session.accessToken = '§S'
""", "shp|ca_{h32}", "isOnline: false")
E("src", "ts-expo-notifications-server", """
const expo = new Expo({ accessToken: '§S', useFcmV1: true })
""", "{x40}", "useFcmV1")
E("src", "ts-firebase-admin-cert-inline", """
admin.initializeApp({
  credential: admin.credential.cert({
    projectId: '§proj',
    clientEmail: 'firebase-adminsdk-§[{l5}]@§proj.iam.gserviceaccount.com',
    privateKey: '§bpk\\n§S\\n§epk\\n',
  }),
})
""", "{rsaj}", "projectId: '§proj'")
E("src", "python-fcm-legacy-server-key", """
headers = {"Authorization": "key=§S", "Content-Type": "application/json"}
requests.post("https://fcm.googleapis.com/fcm/send", json=payload, headers=headers)
""", "AAAA{x7}:APA91b{x134}", "fcm.googleapis.com/fcm/send")
E("src", "ts-bitrise-trigger-script", """
await fetch(`https://app.bitrise.io/app/§h16/build/start.json`, {
  method: 'POST',
  body: JSON.stringify({ hook_info: { type: 'bitrise', build_trigger_token: '§S' }, build_params: { branch: 'main' } }),
})
""", "{x22}", "build_trigger_token")
E("src", "js-imgix-sign-url", """
const client = new ImgixClient({ domain: '§shop.imgix.net', secureURLToken: '§S' })
const url = client.buildURL('/products/§sha7.jpg', { w: 800, auto: 'format' })
""", "{a16}", "§shop.imgix.net")
E("src", "ts-mux-jwt-signing-key-b64", """
const token = Mux.JWT.signPlaybackId(playbackId, {
  keyId: '§[{a40}]',
  keySecret: '§S',
  expiration: '7d',
})
""", "<<-----BEGIN RSA PRIVATE| KEY-----\n{rsaone}\n-----END RSA PRIVATE| KEY-----\n>>", "expiration: '7d'")
E("src", "python-transifex-native-secret", """
tx.init(token="1/§[{h40}]", secret="§S", languages=["de", "fr", "nl"])
""", "1/{h40}", "languages=[\"de\", \"fr\", \"nl\"]")

# -------------------------------------------------- stack-trace-or-log ---
E("log", "python-traceback-locals-rich", """
Traceback (most recent call last):
  File "/app/sync/klaviyo_sync.py", line 88, in push_profiles
    resp.raise_for_status()
      api_key = '§S'
      batch = [<Profile 4411>, <Profile 4412>, ...]
      resp = <Response [429]>
requests.exceptions.HTTPError: 429 Client Error: Too Many Requests for url: https://a.klaviyo.com/api/profile-bulk-import-jobs/
""", "p|k_{h34}", "klaviyo_sync.py", n=2)
E("log", "python-requests-httperror-url-query", """
requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://api.pipedrive.com/v1/deals?status=open&start=0&api_token=§S
""", "{h40}", "api.pipedrive.com/v1/deals")
E("log", "python-urllib3-debug-line", """
DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): graph.facebook.com:443
DEBUG:urllib3.connectionpool:https://graph.facebook.com:443 "POST /v19.0/§[{d16}]/events?access_token=§S HTTP/1.1" 400 231
""", "EA|AB{a180}", "urllib3.connectionpool")
E("log", "node-axios-error-config-headers", """
AxiosError: Request failed with status code 403
    at settle (/srv/app/node_modules/axios/lib/core/settle.js:19:12)
  config: {
    url: 'https://api.hubapi.com/crm/v3/objects/contacts/batch/upsert',
    method: 'post',
    headers: Object [AxiosHeaders] {
      Accept: 'application/json, text/plain, */*',
      'Content-Type': 'application/json',
      Authorization: 'Bearer §S',
""", "pat-|na1-{uuid}", "settle.js:19:12", n=2)
E("log", "node-unhandled-rejection-fetch-url", """
(node:§pid) UnhandledPromiseRejectionWarning: FetchError: request to https://api.mailchimp.com/3.0/?apikey=§S failed, reason: getaddrinfo ENOTFOUND api.mailchimp.com
""", "{h32}-us{d2}", "UnhandledPromiseRejectionWarning")
E("log", "php-fatal-trace-full-args", """
PHP Fatal error:  Uncaught Mollie\\Api\\Exceptions\\ApiException: Error executing API call (401: Unauthorized Request): Missing authentication, or failed to authenticate.
Stack trace:
#0 /var/www/html/vendor/mollie/mollie-api-php/src/MollieApiClient.php(612): Mollie\\Api\\Exceptions\\ApiException::createFromResponse(Object(GuzzleHttp\\Psr7\\Response), NULL)
#1 /var/www/html/wp-content/plugins/§shop-checkout/src/Gateway.php(41): Mollie\\Api\\MollieApiClient->setApiKey('§S')
#2 {main}
""", "li|ve_{a30}", "MollieApiClient.php(612)")
E("log", "php-pdo-construct-trace", """
PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/shop/lib/internal/Magento/Framework/DB/Adapter/Pdo/Mysql.php:412
#0 /var/www/shop/vendor/magento/zend-db/library/Zend/Db/Adapter/Pdo/Abstract.php(128): PDO->__construct('mysql:host=§host;dbname=magento', 'magento', '§S', Array)
""", "{pw}", "Mysql.php:412", n=2)
E("log", "magento-exception-log-context-json", """
[§ts.000000+00:00] main.CRITICAL: Adyen\\AdyenException: HTTP Status Response - Unauthorized {"exception":"[object] (Adyen\\\\AdyenException(code: 401))","request":{"merchantAccount":"§[{U8}]ECOM","apiKey":"§S"}} []
""", "AQ|E{k80}==-{k43}=-{a16}", "main.CRITICAL")
E("log", "woocommerce-stripe-log-array", """
§ts+00:00 DEBUG ====Stripe Version: 8.2.0====
====Start Log====
request headers: Array
(
    [Authorization] => Basic §S
    [Stripe-Version] => 2024-06-20
)
====End Log====
""", "<<sk_|live_{a24}:>>", "====Stripe Version")
E("log", "wordpress-debug-log-print-r", """
[§date 10:14:22 UTC] PHP Notice:  wp_remote_post args: Array
(
    [headers] => Array
        (
            [api-key] => §S
        )
    [timeout] => 15
)
 in /var/www/wp-content/themes/§shop-child/functions.php on line 214
""", "xkey|sib-{h64}-{a16}", "functions.php on line 214")
E("log", "laravel-log-error-context", """
[§date 03:11:54] production.ERROR: Client error: `POST https://api.easypost.com/v2/shipments` resulted in a `401 Unauthorized` response {"userId":§n,"headers":{"Authorization":["Basic §S"]},"exception":"[object] (GuzzleHttp\\\\Exception\\\\ClientException(code: 401))"}
""", "<<EZ|AK{h54}:>>", "production.ERROR")
E("log", "symfony-request-critical-guzzle", """
[§ts] request.CRITICAL: Uncaught PHP Exception GuzzleHttp\\Exception\\ClientException: "Client error: `POST https://§domain/api/oauth/token` resulted in a `401 Unauthorized` response" at ClientException.php line 113 {"body":"grant_type=client_credentials&client_id=SWIA§[{U22}]&client_secret=§S"} []
""", "{a54}", "request.CRITICAL")
E("log", "android-okhttp-logging-interceptor", """
2024-§[{d2}]-1§[{d1}] 11:02:13.481  §pid-§[{d4}]  okhttp.OkHttpClient     §appid   I  --> POST https://api.revenuecat.com/v1/receipts
2024-§[{d2}]-1§[{d1}] 11:02:13.481  §pid-§[{d4}]  okhttp.OkHttpClient     §appid   I  Authorization: Bearer §S
2024-§[{d2}]-1§[{d1}] 11:02:13.482  §pid-§[{d4}]  okhttp.OkHttpClient     §appid   I  X-Platform: android
""", "s|k_{a28}", "okhttp.OkHttpClient", n=2)
E("log", "ios-xcode-console-url-load-failed", """
Task <§[{U8}]-§[{U4}]-§[{U4}]-§[{U4}]-§[{U12}]>.<3> finished with error [-1009] Error Domain=NSURLErrorDomain Code=-1009 "The Internet connection appears to be offline." UserInfo={NSErrorFailingURLStringKey=https://api.§domain/v2/cart?session_token=§S, NSLocalizedDescription=The Internet connection appears to be offline.}
""", "{h48}", "NSURLErrorDomain")
E("log", "flutter-pretty-dio-logger", """
I/flutter (§pid): ╔╣ Request ║ POST
I/flutter (§pid): ║  https://api.mollie.com/v2/payments
I/flutter (§pid): ╟ Headers
I/flutter (§pid): ╟ Authorization: Bearer §S
I/flutter (§pid): ╟ contentType: application/json
""", "li|ve_{a30}", "api.mollie.com/v2/payments")
E("log", "nginx-access-log-query-secret", """
§ip - - [§date:14:22:01 +0000] "POST /mp/collect?measurement_id=G-§[{U10}]&api_secret=§S HTTP/1.1" 204 0 "-" "sgtm/2.3"
""", "{x22}", "sgtm/2.3")
E("log", "apache-combined-log-token-param", """
§ip - - [§date:09:41:17 +0200] "GET /wp-json/agency/v1/export?token=§S&format=csv HTTP/1.1" 200 48213 "-" "python-requests/2.31.0"
""", "{h40}", "wp-json/agency/v1/export")
E("log", "heroku-router-log-path", """
§tsZ heroku[router]: at=info method=GET path="/webhooks/revenuecat?auth=§S" host=§shop-api.herokuapp.com request_id=§uuid fwd="§ip" dyno=web.1 connect=0ms service=12ms status=200 bytes=214
""", "{a32}", "heroku[router]")
E("log", "cloud-run-json-log-request-url", """
{"httpRequest":{"requestMethod":"GET","requestUrl":"https://sgtm-§[{l10}]-ew.a.run.app/g/collect?v=2&tid=G-§[{U10}]&api_secret=§S","status":200,"latency":"0.041s"},"severity":"INFO","timestamp":"§tsZ"}
""", "{x22}", "httpRequest")
E("log", "cloudwatch-lambda-event-dump", """
START RequestId: §uuid Version: $LATEST
§tsZ	§uuid	INFO	event: {"headers":{"content-type":"application/json","x-shopify-access-token":"§S","x-shopify-shop-domain":"§shop.myshopify.com"},"body":"..."}
END RequestId: §uuid
""", "shp|at_{h32}", "x-shopify-shop-domain")
E("log", "fastlane-shell-echo-keychain", """
[§time]: ----------------------------------
[§time]: --- Step: unlock_keychain ---
[§time]: ----------------------------------
[§time]: $ security unlock-keychain -p §S ~/Library/Keychains/ci.keychain-db
[§time]: $ security set-keychain-settings -t 3600 -l ~/Library/Keychains/ci.keychain-db
""", "{pwx16}", "Step: unlock_keychain", n=2)
E("log", "gradle-info-jarsigner-command", """
> Task :app:signReleaseBundle
Starting process 'command '/usr/lib/jvm/java-17/bin/jarsigner''. Working directory: /builds/agency/§shop-android/app Command: /usr/lib/jvm/java-17/bin/jarsigner -keystore /builds/agency/§shop-android/release.jks -storepass §S -keypass §S app-release.aab upload
""", "{pws}", "signReleaseBundle")
E("log", "xcodebuild-export-env-escaped", """
    export SDKROOT\\=/Applications/Xcode.app/Contents/Developer/Platforms/iPhoneOS.platform/Developer/SDKs/iPhoneOS17.5.sdk
    export SENTRY_AUTH_TOKEN\\=§S
    export SENTRY_ORG\\=agency-studio
""", "sntry|u_{h64}", "SENTRY_ORG")
E("log", "eas-build-log-cli-echo", """
[RUN_FASTLANE] Running 'npx @sentry/cli --auth-token §S upload-dif --org agency-studio --project §shop-ios ios/build'
[RUN_FASTLANE] > Found 3 debug information files
""", "sntry|u_{h64}", "upload-dif --org agency-studio")
E("log", "npm-debug-log-registry-url", """
14 verbose stack HttpErrorGeneral: 404 Not Found - GET https://agency-bot:§S@npm.agency.dev/@agency%2fui-kit - not_found
15 verbose cwd /builds/§shop/storefront
""", "{pwu}", "HttpErrorGeneral")
E("log", "git-trace-run-command", """
§time.481920 run-command.c:657          trace: run_command: git-remote-https origin https://x-access-token:§S@github.com/agency-studio/§shop-theme.git
""", "gh|s_{a36}", "run-command.c:657")
E("log", "postgres-log-alter-user-statement", """
§date 02:14:55.123 UTC [§pid] postgres@saleor LOG:  statement: ALTER ROLE saleor_app WITH LOGIN PASSWORD '§S';
""", "{pw}", "saleor_app")
E("log", "mysql-general-log-create-user", """
§tsZ	   §n Query	CREATE USER 'looker'@'%' IDENTIFIED BY '§S'
§tsZ	   §n Query	GRANT SELECT ON shop.* TO 'looker'@'%'
""", "{pw}", "'looker'@'%'")
E("log", "terraform-debug-http-body", """
§ts.123Z [DEBUG] provider.terraform-provider-mysql_v3.0.62: request body: {"user":"reporting","host":"%","plaintext_password":"§S"}
""", "{pwx20}", "terraform-provider-mysql")
E("log", "ansible-vvv-module-args", """
<web1.§domain> ESTABLISH SSH CONNECTION FOR USER: deploy
changed: [web1.§domain] => {"changed": true, "invocation": {"module_args": {"name": "wp_§shop", "password": "§S", "priv": "wp_§shop.*:ALL", "state": "present"}}}
""", "{pw}", "ESTABLISH SSH CONNECTION")
E("log", "jenkins-console-set-x-curl", """
[Pipeline] sh
+ curl -fsS -u admin:§S https://jenkins.agency.dev/job/§shop-deploy/buildWithParameters?ENV=prod
[Pipeline] }
""", "{h34}", "buildWithParameters")
E("log", "bash-set-x-export", """
++ cat /run/secrets/match_password
+ export MATCH_PASSWORD=§S
+ MATCH_PASSWORD=§S
+ bundle exec fastlane ios beta
""", "{pp}", "fastlane ios beta")
E("log", "gitlab-ci-job-log-base64-decode", """
$ echo "$KEYSTORE_B64" | base64 -d > release.jks
$ echo "storePassword=$KEYSTORE_PASSWORD" && echo "alias ok"
storePassword=§S
alias ok
""", "{pws}", "KEYSTORE_B64")
E("log", "github-actions-log-unmasked-derived", """
2024-§[{d2}]-§[{d2}]T10:11:12.1234567Z ##[group]Run echo "AUTH=$(echo -n agency-bot:$GH_PAT | base64)" >> $GITHUB_ENV
2024-§[{d2}]-§[{d2}]T10:11:12.2234567Z AUTH=§S
""", "<<agency-bot:gh|p_{a36}>>", "GITHUB_ENV")
E("log", "bitrise-step-inputs-print", """
+------------------------------------------------------------------------------+
| (3) android-sign@1                                                           |
+------------------------------------------------------------------------------+
Config:
- KeystoreURL: file://./keystore/release.jks
- KeystorePassword: §S
- KeystoreAlias: upload
""", "{pw}", "KeystoreAlias: upload")
E("log", "codemagic-build-log-env-print", """
== Environment ==
CM_BUILD_ID=§h12§h12
CM_KEYSTORE_PASSWORD=§S
CM_KEY_ALIAS=codemagic
""", "{pws}", "CM_KEY_ALIAS=codemagic")
E("log", "docker-buildkit-run-line", """
#9 [builder 4/8] RUN echo "//registry.npmjs.org/:_authToken=§S" > .npmrc && npm ci --omit=dev
#9 2.114 npm warn deprecated inflight@1.0.6
""", "np|m_{a36}", "npm warn deprecated")
E("log", "kubectl-apply-error-echo-secret", """
Error from server (Invalid): error when creating "secret.yaml": Secret "klarna" is invalid: data[KLARNA_PASSWORD]: Invalid value: "§S": a valid config key must consist of alphanumeric characters
""", "klarna_|live_api_{x60}", "Secret \"klarna\" is invalid")
E("log", "argocd-diff-output", """
===== /Secret shop-prod/meilisearch ======
12c12
<   MEILI_MASTER_KEY: '++++++++'
---
>   MEILI_MASTER_KEY: §S
""", "{x43}", "shop-prod/meilisearch")
E("log", "meilisearch-startup-generated-key-warning", """
A master key has been set. Requests to Meilisearch won't be authorized unless you provide an authentication key.
... in production you MUST use at least 16 bytes. Here is a secure key you can use instead:
§S
""", "{x43}", "in production you MUST use")
E("log", "spring-log-jdbc-url", """
§ts.481 INFO 1 --- [main] com.zaxxer.hikari.HikariDataSource : HikariPool-1 - Starting... url=jdbc:mysql://§host:3306/shop?user=shop_app&password=§S&useSSL=true
""", "{pwu}", "HikariPool-1")
E("log", "go-panic-struct-print", """
panic: shipping: label request failed: 401

goroutine 1 [running]:
main.main()
	/src/cmd/labels/main.go:57 +0x1c5
config: &{BaseURL:https://api.goshippo.com APIKey:§S Timeout:30s}
""", "shippo_|live_{h40}", "main.go:57")
E("log", "ruby-faraday-error-request-headers", """
Faraday::UnauthorizedError: the server responded with status 401
  request headers: {"User-Agent"=>"Faraday v2.9.0", "Authorization"=>"Token token=§S"}
  /usr/local/bundle/gems/faraday-2.9.0/lib/faraday/response/raise_error.rb:24:in `on_complete'
""", "{h32}", "raise_error.rb:24")
E("log", "rails-log-unfiltered-param", """
Started POST "/integrations/crowdin/callback" for §ip at §date 11:20:33 +0000
Processing by Integrations::CrowdinController#callback as JSON
  Parameters: {"project_id"=>"§[{d6}]", "api_token"=>"§S", "password"=>"[FILTERED]"}
""", "{h80}", "Integrations::CrowdinController#callback")
E("log", "rails-started-get-with-token", """
Started GET "/feeds/google.xml?key=§S" for §ip at §date 04:00:01 +0000
""", "{a24}", "/feeds/google.xml")
E("log", "sidekiq-job-args-log", """
§tsZ pid=§pid tid=§[{l6}] class=SyncZendeskTicketsJob jid=§[{h24}] args=["§shop", "support@§domain", "§S"] INFO: start
""", "{a40}", "SyncZendeskTicketsJob")
E("log", "celery-task-received-args", """
[§date 08:00:00,012: INFO/MainProcess] Task shop.tasks.push_to_amplitude[§uuid] received: args=('§h32', '§S', 500)
""", "{h32}", "push_to_amplitude")
E("log", "sentry-event-json-request-headers", """
"request": {
  "url": "https://checkout.§domain/api/pay",
  "method": "POST",
  "headers": [["Content-Type","application/json"],["X-Api-Key","§S"],["User-Agent","okhttp/4.12.0"]]
},
""", "{a40}", "checkout.§domain/api/pay")
E("log", "sentry-breadcrumb-http-url", """
{"type":"http","category":"xhr","data":{"method":"GET","url":"https://api.storyblok.com/v2/cdn/stories?version=draft&token=§S","status_code":200},"timestamp":§epoch.12}
""", "{a22}tt", "version=draft")
E("log", "har-excerpt-cookie", """
        "headers": [
          { "name": "cookie", "value": "_shopify_y=§uuid; _secure_admin_session_id=§S; koa.sid=§[{x22}]" },
          { "name": "x-csrf-token", "value": "§[{x43}]" }
        ],
""", "{h32}", "_shopify_y=§uuid")
E("log", "browser-console-fetch-failed", """
VM§[{d3}]:1  GET https://cdn.contentful.com/spaces/§[{l12}]/environments/master/entries?access_token=§S&content_type=product 401 (Unauthorized)
""", "{x43}", "content_type=product")
E("log", "nginx-error-log-upstream", """
§date 02:11:31 [error] 1182#1182: *§[{d6}] upstream timed out (110: Connection timed out) while reading response header from upstream, client: §ip, server: §domain, request: "GET /export HTTP/1.1", upstream: "http://127.0.0.1:8080/export?secret=§S", host: "§domain"
""", "{h32}", "upstream timed out")
E("log", "vercel-function-log-env-dump", """
[GET] /api/debug 200
env: { VERCEL_ENV: 'production', STORYBLOK_MANAGEMENT_TOKEN: '§S', NEXT_RUNTIME: 'nodejs' }
""", "{a22}-{d6}-{a20}", "VERCEL_ENV: 'production'")
E("log", "cloudflare-wrangler-tail-json", """
{"outcome":"ok","scriptName":"§shop-edge","logs":[{"message":["forwarding with key","§S"],"level":"log","timestamp":§epoch123}],"eventTimestamp":§epoch000}
""", "p|k_{h34}", "forwarding with key")
E("log", "k8s-pod-log-startup-config", """
§tsZ  INFO  config loaded {"env":"prod","shop":"§shop","typesense":{"host":"ts.§domain","apiKey":"§S"},"workers":4}
""", "{a32}", "config loaded")
E("log", "docker-compose-up-log-prefix", """
strapi-1    | [§date 07:41:10.118] info: ⚡️ Server started: http://0.0.0.0:1337
strapi-1    | [§date 07:41:10.120] debug: transfer token salt = §S
""", "{b16}", "Server started")
E("log", "react-native-metro-console-log", """
 LOG  [config] {"apiUrl": "https://api.§domain", "onesignalRestKey": "§S", "env": "production"}
""", "{a48}", "\"env\": \"production\"")
E("log", "shopify-cli-error-headers", """
╭─ error ──────────────────────────────────────────────────────────────╮
│  Request failed with status 401                                      │
│  X-Shopify-Access-Token: §S                        │
│  Shop: §shop.myshopify.com                                  │
╰──────────────────────────────────────────────────────────────────────╯
""", "shp|at_{h32}", "Request failed with status 401")
E("log", "firebase-debug-log-request", """
[debug] [§tsZ] >>> [apiv2][body] POST https://oauth2.googleapis.com/token {"refresh_token":"§S","client_id":"563584335869-fgrhgmd47bqnekij5i8b5pr03ho849e6.apps.googleusercontent.com","grant_type":"refresh_token"}
""", "1//0{x97}", "[apiv2][body]")
E("log", "revenuecat-webhook-log-auth-header", """
§tsZ webhook.revenuecat received event=INITIAL_PURCHASE app_user_id=$RCAnonymousID:§h32 authorization="Bearer §S" ok=true
""", "{a40}", "INITIAL_PURCHASE")
E("log", "onesignal-api-error-log", """
ERROR onesignal push failed status=403 body={"errors":["Access denied.  Please include an 'Authorization: ...' header with a valid API key"]} key=§S app=§uuid
""", "{a48}", "Access denied")
E("log", "iis-log-query-key", """
§date 10:04:11 10.0.0.4 GET /api/feed/products.xml apikey=§S 443 - §ip Mozilla/5.0+(compatible;+Googlebot/2.1) - 200 0 0 812
""", "{a32}", "products.xml")
E("log", "syslog-cron-mail-output", """
§date 03:00:01 shop-web CRON[§pid]: (www-data) CMD (curl -s "https://§domain/cron/sitemap?key=§S" >/dev/null)
""", "{h24}", "(www-data) CMD")
E("log", "python-logging-dict-config-repr", """
2024-§[{d2}]-§[{d2}] 06:00:00,114 DEBUG sync.transifex settings={'organization': 'agency', 'project': '§shop-app', 'token': '§S', 'dry_run': False}
""", "1/{h40}", "sync.transifex")
E("log", "python-httpx-log-headers", """
DEBUG httpx: HTTP Request: POST https://api.phrase.com/v2/projects/§h32/uploads "HTTP/1.1 401 Unauthorized"
DEBUG httpx: request headers: {'authorization': 'token §S', 'user-agent': 'agency-i18n/0.4'}
""", "{h64}", "api.phrase.com/v2/projects")
E("log", "node-pino-json-log-headers", """
{"level":50,"time":§epoch123,"pid":§pid,"hostname":"medusa-7c9","req":{"method":"POST","url":"/admin/auth","headers":{"authorization":"Basic §S"}},"msg":"request errored"}
""", "<<admin@agency.studio:{pw}>>", "request errored")
E("log", "winston-log-meta-object", """
§ts.118Z error: mux upload failed {"status":401,"tokenId":"§uuid","tokenSecret":"§S"}
""", "{k75}", "mux upload failed")
E("log", "dotnet-log-connection-string", """
fail: Microsoft.EntityFrameworkCore.Database.Connection[20004]
      An error occurred using the connection to database 'shop' on server 'tcp:§[{l8}].database.windows.net,1433'. ConnectionString: Server=tcp:§[{l8}].database.windows.net;Database=shop;User Id=shopadmin;Password=§S;
""", "{pw}", "Microsoft.EntityFrameworkCore")
E("log", "java-filenotfound-url-query", """
java.io.FileNotFoundException: https://api.dhl.com/track/shipments?trackingNumber=JJD00§[{d16}]&apikey=§S
	at sun.net.www.protocol.http.HttpURLConnection.getInputStream0(HttpURLConnection.java:1993)
""", "{a32}", "HttpURLConnection.java:1993")
E("log", "kotlin-exception-retrofit-message", """
E/AndroidRuntime(§pid): FATAL EXCEPTION: OkHttp Dispatcher
E/AndroidRuntime(§pid): retrofit2.HttpException: HTTP 401 Unauthorized (x-api-key=§S)
E/AndroidRuntime(§pid): 	at retrofit2.KotlinExtensions$await$2$2.onResponse(KotlinExtensions.kt:53)
""", "{a40}", "OkHttp Dispatcher")
E("log", "swift-fatal-error-description", """
Fatal error: Unexpectedly found nil while unwrapping an Optional value: file Shop/CheckoutService.swift, line 77
(lldb) po config
▿ Config
  - baseURL : "https://api.§domain"
  - adyenAPIKey : "§S"
""", "AQ|E{k80}==-{k43}=-{a16}", "CheckoutService.swift")
E("log", "php-var-dump-output", """
array(3) {
  ["endpoint"]=>
  string(38) "https://ssapi.shipstation.com/shipments"
  ["secret"]=>
  string(32) "§S"
}
""", "{h32}", "ssapi.shipstation.com/shipments")
E("log", "drupal-watchdog-row", """
| §n | mailchimp | Error | §date 08:12 | MailchimpApiException: 401 API key invalid (key: §S) |
""", "{h32}-us{d2}", "MailchimpApiException")
E("log", "prestashop-log-table-row", """
[§date 12:00:41] app.ERROR: Sendcloud request failed {"public_key":"§h32","secret_key":"§S","code":401}
""", "{h32}", "Sendcloud request failed")
E("log", "magento-debug-log-curl", """
[§ts] main.DEBUG: ShipStation request: curl -u '§h32:§S' https://ssapi.shipstation.com/orders/createorder [] []
""", "{h32}", "main.DEBUG")
E("log", "strapi-log-database-connection", """
[§date 09:00:12.014] error: KnexTimeoutError: Knex: Timeout acquiring a connection. connection: postgres://strapi:§S@§host:5432/strapi
""", "{pwu}", "KnexTimeoutError")
E("log", "saleor-celery-log-webhook-url", """
[§date 14:22:09,551: WARNING/ForkPoolWorker-2] Webhook delivery failed: https://hooks.slack.com/services/T§[{U8}]/B§[{U10}]/§S (status 404)
""", "{a24}", "ForkPoolWorker-2")
E("log", "medusa-log-redis-url", """
info:    Connection to Redis established
error:   An error occurred while connecting to Redis: rediss://default:§S@§[{l8}]-§[{d5}].upstash.io:6379 ECONNRESET
""", "{a32}", "Connection to Redis established")
E("log", "ci-log-curl-verbose-basic", """
> POST /v2/shipments HTTP/2
> Host: api.shippo.com
> authorization: ShippoToken §S
> content-type: application/json
< HTTP/2 401
""", "shippo_|live_{h40}", "Host: api.shippo.com")
E("log", "logcat-firebase-auth-debug", """
D/FirebaseAuth(§pid): Notifying id token listeners about user ( §[{a28}] ).
D/ApiClient(§pid): refreshing with refresh_token=§S
""", "AMf-vB{x180}", "Notifying id token listeners")
E("log", "xcode-network-log-curl-dump", """
⤴ POST https://api.appstoreconnect.apple.com/v1/betaGroups
Headers: ["Content-Type": "application/json", "Authorization": "Bearer §S"]
⤵ 201 Created (412 ms)
""", "{jwtes}", "v1/betaGroups")
E("log", "pm2-error-log-db-url", """
0|shop-api | §ts: MongoServerSelectionError: connection <monitor> to §ip:27017 closed
0|shop-api |   uri: 'mongodb://shopapp:§S@§ip:27017/shop?authSource=admin'
""", "{pwu}", "MongoServerSelectionError")
E("log", "supervisor-stderr-log-env-echo", """
worker stderr | ENV check: AMPLITUDE_SECRET_KEY=§S AMPLITUDE_API_KEY=set
""", "{h32}", "ENV check")
E("log", "gcp-error-reporting-message", """
Error: 403 PERMISSION_DENIED: Developer token is not approved. developer-token=§S customer=§[{d10}]
    at GoogleAdsApi.query (/workspace/node_modules/google-ads-api/build/src/customer.js:127:19)
""", "{x22}", "GoogleAdsApi.query")
E("log", "tiktok-sdk-debug-log", """
[TikTokBusinessSDK] DEBUG POST /open_api/v1.3/event/track/ headers={'Access-Token': '§S'} payload_size=1832
""", "{h40}", "TikTokBusinessSDK")
E("log", "linkedin-capi-error-log", """
WARN linkedin-capi: 401 EXPIRED_ACCESS_TOKEN token=§S campaign=urn:li:sponsoredCampaign:§[{d9}]
""", "AQ{x300}", "EXPIRED_ACCESS_TOKEN")
E("log", "intercom-ruby-error-log", """
Intercom::AuthenticationError (Unauthorized): token used: §S
  app/jobs/sync_intercom_job.rb:14:in `perform'
""", "dG9rOj{a50}=", "sync_intercom_job.rb:14")
E("log", "freshdesk-python-log", """
2024-§[{d2}]-§[{d2}] 09:15:02 WARNING freshdesk: 401 for GET https://§shop.freshdesk.com/api/v2/tickets (auth=('§S', 'X'))
""", "{a20}", "freshdesk.com/api/v2/tickets")
E("log", "helpscout-webhook-signature-secret-log", """
DEBUG helpscout.webhooks: computing signature with secret=§S body_len=2212
""", "{a40}", "helpscout.webhooks")
E("log", "salesforce-apex-debug-log", """
§time.3 (412341134)|USER_DEBUG|[12]|DEBUG|callout body: grant_type=password&client_id=3MVG9§[{x40}]&client_secret=§S&username=integration%40§domain
""", "{H64}", "USER_DEBUG")
E("log", "adyen-notification-log-hmac-key", """
§ts WARNING adyen.webhook HMAC validation failed using key §S (signature from payload: §[{b32}])
""", "{H64}", "HMAC validation failed")
E("log", "klarna-plugin-log", """
[§ts] klarna.DEBUG: OM request auth user=K§[{d6}]_§[{h12}] pass=§S
""", "klarna_|live_api_{x60}", "OM request auth")
E("log", "braintree-gateway-log", """
[Braintree] §ts POST /merchants/§[{l16}]/transactions Basic §S
""", "<<{l16}:{h32}>>", "[Braintree]")
E("log", "square-sdk-log", """
[square] request GET https://connect.squareup.com/v2/catalog/list Authorization=Bearer §S Square-Version=2024-06-04
""", "EA|AA{x60}", "v2/catalog/list")
E("log", "fedex-soap-legacy-log", """
<v26:WebAuthenticationDetail><v26:UserCredential><v26:Key>§[{a16}]</v26:Key><v26:Password>§S</v26:Password></v26:UserCredential></v26:WebAuthenticationDetail>
""", "{a25}", "WebAuthenticationDetail")
E("log", "ups-xml-access-request-log", """
<AccessRequest xml:lang="en-US"><AccessLicenseNumber>§[{H16}]</AccessLicenseNumber><UserId>§user</UserId><Password>§S</Password></AccessRequest>
""", "{pw}", "AccessLicenseNumber")
E("log", "cloudinary-upload-error-log", """
CloudinaryError: Invalid Signature 3f2a... String to sign - 'folder=products&timestamp=§epoch'. (api_secret used: §S)
""", "{x27}", "Invalid Signature")
E("log", "algolia-php-log", """
[§ts] algolia.ERROR: Invalid Application-ID or API key {"appId":"§[{U10}]","apiKey":"§S","index":"magento2_default_products"}
""", "{h32}", "magento2_default_products")
E("log", "vimeo-upload-log", """
tus upload failed: PATCH https://us-files.tus.vimeo.com/files/vimeo-prod-src-tus-us/§h32 Authorization: bearer §S -> 412
""", "{h32}", "tus upload failed")
E("log", "crowdin-github-action-log", """
Run crowdin/github-action@v2
  with:
    upload_sources: true
    config: crowdin.yml
    token: §S
""", "{h80}", "crowdin/github-action@v2")
E("log", "expo-updates-log-code-signing", """
[expo-updates] codeSigningPrivateKey loaded: §bpk\\n§S\\n§epk
""", "{rsaj}", "[expo-updates]")
E("log", "codepush-release-log", """
Releasing update contents to CodePush:
Upload progress:[==================================================] 100% 0.0s
Successfully released an update containing the "./build/CodePush" directory to the "Production" deployment of the "§shop-android" app. (access key: §S)
""", "{x36}", "Successfully released an update")
E("log", "php-error-log-smtp-debug", """
2024-§[{d2}]-§[{d2}] 11:01:05 CLIENT -> SERVER: AUTH LOGIN
2024-§[{d2}]-§[{d2}] 11:01:05 CLIENT -> SERVER: §[{b20}]
2024-§[{d2}]-§[{d2}] 11:01:05 CLIENT -> SERVER: §S
2024-§[{d2}]-§[{d2}] 11:01:05 SERVER -> CLIENT: 235 2.7.0 Authentication successful
""", "<<{pw}>>", "Authentication successful")
E("log", "python-sqlalchemy-create-engine-echo", """
INFO sqlalchemy.engine.Engine: engine created for mysql+pymysql://etl:§S@§host:3306/shop
""", "{pwu}", "sqlalchemy.engine.Engine")
E("log", "uwsgi-env-dump", """
*** Starting uWSGI 2.0.24 (64bit) on [§date] ***
env SALEOR_SECRET_KEY=§S
env ALLOWED_HOSTS=api.§domain
""", "{x50}", "Starting uWSGI")
E("log", "loki-logfmt-line", """
level=warn ts=§tsZ caller=sync.go:142 msg="retrying lokalise download" project=§[{d9}].§[{h8}] token=§S attempt=3
""", "{h40}", "caller=sync.go:142")
E("log", "datadog-log-attribute", """
{"service":"checkout","status":"error","message":"braintree auth failed","attributes":{"merchant_id":"§[{l16}]","private_key":"§S"}}
""", "{h32}", "braintree auth failed")
E("log", "sentry-cli-debug-log", """
  DEBUG   §time.412 sentry-cli: request POST https://sentry.io/api/0/projects/agency-studio/§shop-ios/files/dsyms/
  DEBUG   §time.412 sentry-cli: using token authentication (§S)
""", "sntry|s_{b150}", "files/dsyms/")

# -------------------------------------------------------- note-or-chat ---
E("note", "handoff-markdown-credentials-section", """
## Hand-off for §name2 (§client, Shopify Plus)
- Theme: Dawn fork, repo agency-studio/§shop-theme, deploy via GitHub integration
- Custom app "Agency Sync" installed; Admin API token: §S
- Klaviyo is connected natively, nothing to do there
- Next: finish metafield migration for size charts (§n products left)
""", "shp|at_{h32}", "agency-studio/§shop-theme", n=2)
E("note", "todo-list-inline-password", """
TODO (§date)
[x] move staging to new droplet (§ip)
[ ] rotate the WP admin pw, currently still §S — client shared it in the kickoff call
[ ] ask §name about GA4 property access
""", "{pw}", "rotate the WP admin pw")
E("note", "agent-goal-state-json", """
{"goal": "Fix failing Klaviyo back-in-stock flow for §shop",
 "status": "in_progress",
 "facts": ["Flow triggers on metric 'Subscribed to Back in Stock'", "private key used by the sync lambda: §S"],
 "next": ["check lambda logs", "verify catalog sync"]}
""", "p|k_{h34}", "Subscribed to Back in Stock")
E("note", "slack-thread-pm-pastes-key", """
§name (PM)  10:42
here's the mailchimp key from the client's account, can you hook up the footer form?
§S
you (agent)  10:44
Got it — will store it as MAILCHIMP_API_KEY in Vercel rather than in the repo.
""", "{h32}-us{d2}", "footer form")
E("note", "client-email-quoted-password", """
> From: §name <§[{L6}]@§domain>
> Subject: Re: access for the new agency
>
> Hi! The login for the Wix site is marketing@§domain and the password is §S
> Please don't change it, our interns use it too.
> Thanks, §name
""", "{pw}", "marketing@§domain", n=2)
E("note", "jira-ticket-description-token", """
SHOP-§[{d3}]  Orders not syncing to ShipStation since Friday
Priority: High   Reporter: §name
Steps: 1) place order 2) wait 15 min 3) order missing in ShipStation
Env: prod. ShipStation API key/secret used by the connector: §h32 / §S
""", "{h32}", "Orders not syncing to ShipStation")
E("note", "linear-issue-comment", """
§name commented on AGY-§[{d3}]:
The Contentful preview is broken because the preview token was regenerated. New one: §S
Can someone update the Netlify env var? I don't have access.
""", "{x43}", "Contentful preview is broken")
E("note", "decision-log-entry", """
### Decision §date — search provider
We go with Typesense Cloud instead of Algolia (cost). Cluster: §[{l10}].a1.typesense.net
Admin key (import jobs only, never in the browser): §S
Search-only key goes into the theme.
""", "{a32}", "Typesense Cloud instead of Algolia")
E("note", "next-steps-bullets-no-label", """
Next steps
1. ssh deploy@§ip (pw for sudo: §S)
2. composer install --no-dev && bin/magento setup:upgrade
3. re-enable cron
""", "{pw}", "composer install --no-dev")
E("note", "pm-chat-whatsapp-export", """
[§date, 18:03:11] §name: the app store guy sent the app-specific password for uploads
[§date, 18:03:29] §name: §S
[§date, 18:04:02] §name2: 👍 thx
""", "{asp}", "app-specific password")
E("note", "teams-chat-ftp-details", """
§name2 3:14 PM
FTP for the old Joomla site:
host: ftp.§domain
user: §shop_ftp
pass: §S
§name 3:15 PM
thanks, migrating the images tonight
""", "{pws}", "ftp.§domain")
E("note", "standup-notes-markdown", """
**Standup §date**
- §name: Medusa admin upgrade done; had to reset the admin password to §S (tell client)
- §name2: waiting on App Review (rejected for 4.3)
- blockers: none
""", "{pw}", "Medusa admin upgrade done")
E("note", "agent-scratchpad-observation", """
Observation: the failing test is test_refund_webhook. It reads MOLLIE_WEBHOOK_SECRET from .env.test — value there is §S which does not match what Mollie signs with.
Plan: regenerate fixture payload signatures using that secret instead of touching prod.
""", "{a32}", "test_refund_webhook")
E("note", "support-ticket-zendesk-customer", """
Ticket #§[{d5}] — "Can't log in to the app"
Customer: §name (order #§order)
Internal note from L1: I reset their password to §S and asked them to change it after login.
""", "{pw}", "Can't log in to the app")
E("note", "client-email-plaintext-apikey", """
Hello team,

As discussed, here is our Brevo API key so you can set up the abandoned-cart automation:

§S

Best regards,
§name | E-commerce Manager, §client
""", "xkey|sib-{h64}-{a16}", "abandoned-cart automation")
E("note", "meeting-minutes-adyen", """
Kick-off w/ Adyen (§date)
- Merchant account: §[{U8}]ECOM, live endpoint prefix §[{h16}]-§[{a10}]
- Web service user ws@Company.§[{a8}] — API key generated during the call: §S
- HMAC for notifications: pending
""", "AQ|E{k80}==-{k43}=-{a16}", "Kick-off w/ Adyen")
E("note", "runbook-excerpt-markdown", """
### Restore staging DB
1. `scp backup@§ip:/backups/latest.sql.gz .`
2. `gunzip -c latest.sql.gz | mysql -ustaging -p staging_wp`  (password: `§S`)
3. `wp search-replace 'https://§domain' 'https://staging.§domain'`
""", "{pw}", "Restore staging DB")
E("note", "status-update-to-client", """
Hi §name,

Quick update: the Pipedrive ↔ website form integration is live. For your records, it authenticates with the API token from the "Website" user (§S). If that user is deactivated the form will stop creating deals.

Cheers
""", "{h40}", "Pipedrive ↔ website form integration")
E("note", "code-review-comment-leak", """
Review on PR #§[{d3}] (feat/cloudinary-upload):
> api_secret: '§S',
Please don't commit this. Use process.env.CLOUDINARY_API_SECRET and rotate this one in the console.
""", "{x27}", "feat/cloudinary-upload")
E("note", "retro-notes-what-went-wrong", """
What went wrong: staging used the LIVE Stripe restricted key (§S) for ~2 days, so test refunds hit real customers. Action: separate Vercel envs, add a startup check that rejects live keys outside prod.
""", "rk_|live_{a24}", "separate Vercel envs")
E("note", "agent-memory-file-yaml", """
# .agent/memory.yaml
project: §shop-mobile
release:
  fastlane_match_repo: agency-studio/ios-certificates
  match_passphrase: "§S"
  asc_key_id: §kid
""", "{pp}", "asc_key_id: §kid")
E("note", "quick-note-line-after-label", """
EasyPost prod key (from §name, pasted in chat):
§S
""", "EZ|AK{h54}", "EasyPost prod key")
E("note", "table-markdown-accounts", """
| Service   | Login                | Secret                         |
|-----------|----------------------|--------------------------------|
| Mixpanel  | service acct import  | §S |
| Amplitude | project §[{d6}]        | see 1Password                  |
""", "{a32}", "service acct import")
E("note", "checklist-release-mobile", """
Release checklist v§ver (§appid)
- [x] bump build to §build
- [x] keystore pw verified: §S
- [ ] upload to Play internal track
- [ ] submit iOS build for review
""", "{pws}", "bump build to §build")
E("note", "pm-asks-agent-question", """
§name (PM): can you check why the Meta pixel shows half the purchases? Business Manager system user token is §S if you need the API
agent: Checking CAPI dedup — event_id mismatch between browser and server events is the likely cause.
""", "EA|AB{a180}", "event_id mismatch")
E("note", "email-forwarded-from-vendor", """
---------- Forwarded message ---------
From: Shippo Support <support@goshippo.com>
Date: §date
Subject: Your live API token

Your new live token is: §S
For security, we will not show it again.
""", "shippo_|live_{h40}", "Shippo Support")
E("note", "note-ocr-whiteboard-photo", """
(OCR of whiteboard photo, meeting room 2)
WIFI: Agency-Guest / §[{a10}]
Typesense admin → §S
deadline friday!!
""", "{a32}", "deadline friday")
E("note", "handover-plain-prose-no-label", """
For the Storyblok space (id §[{d6}]) I used §S with the management API to bulk-rename the component fields; it's a personal token from §name's account so it should probably be replaced with one tied to the agency user.
""", "{a22}-{d6}-{a20}", "bulk-rename the component fields")
E("note", "agent-plan-with-env-snippet", """
Plan:
1. Reproduce locally with the client's Segment source (write key §S)
2. Inspect `Order Completed` payloads for missing `products[]`
3. Patch the theme's checkout.liquid replacement (extensibility)
""", "{a32}", "Order Completed")
E("note", "github-issue-comment-pasted-env", """
@§user I tried your branch but get 401 from HubSpot. My .env:
```
HUBSPOT_PORTAL_ID=§[{d8}]
HUBSPOT_ACCESS_TOKEN=§S
```
Any idea?
""", "pat-|na1-{uuid}", "get 401 from HubSpot")
E("note", "slack-dm-database-url", """
§name2: prod db url for the report (read replica, please don't write!):
mysql://analyst:§S@replica.§domain:3306/magento
""", "{pwu}", "read replica")
E("note", "onboarding-doc-accounts", """
Accounts you'll need on day one
• Bitbucket (ask §name)
• Bitrise — workspace "Agency Mobile", personal access token for the CLI: §S
• Codemagic — invite only
""", "{x86}", "Agency Mobile")
E("note", "sms-2fa-forward-note", """
Client forwarded the Apple ID details for the developer account:
Apple ID: appdev@§domain
Password: §S
2FA goes to §name's phone, ping her before logging in.
""", "{pw}", "appdev@§domain")
E("note", "agent-summary-of-findings", """
Summary of findings (§shop)
* 3 plugins outdated (WooCommerce Payments, Yoast, WP Mail SMTP)
* wp-config.php contains DB password §S — also reused for the cPanel account (!)
* no object cache; recommend Redis
""", "{pw}", "3 plugins outdated")
E("note", "ticket-freshdesk-internal-note", """
Freshdesk #§[{d5}]  (internal note, not visible to customer)
Customer's Klarna merchant portal login — user §name@§domain, pw §S. Needed to check the settlement report.
""", "{pw}", "settlement report")
E("note", "email-from-client-it-smtp", """
Hi,
for the order notifications please use our SMTP relay:
server: mail.§domain, port 587, user shop-notify@§domain
password: §S
Regards, IT
""", "{pw}", "shop-notify@§domain")
E("note", "notion-page-export", """
# Integrations — §client
Owner: §name
## Shipping
- Sendcloud: public key §h32, secret §S
- DHL Parcel DE: via Sendcloud
""", "{h32}", "public key §h32")
E("note", "voice-memo-transcript", """
Transcript (voice memo §date): "...so the Lokalise token is, uh, §S, and the project is the one called Mobile App v2, please pull the German strings before Friday..."
""", "{h40}", "Mobile App v2")
E("note", "agent-question-to-user", """
I found a hard-coded Crowdin token in scripts/i18n.sh (§S). Do you want me to (a) move it to CI secrets and rotate it, or (b) leave it for now and only open a ticket?
""", "{h80}", "scripts/i18n.sh")
E("note", "post-mortem-timeline", """
14:02 alert: checkout 5xx spike
14:09 root cause: Braintree private key rotated by client, env still had §S
14:15 new key deployed, errors stop
""", "{h32}", "checkout 5xx spike")
E("note", "teams-chat-quoted-reply", """
> §name: what's the vimeo token for the product videos?
§S — it's the one with upload scope, the read-only one is in 1Password
""", "{h32}", "upload scope")
E("note", "proposal-email-with-creds", """
Dear §name,

Please find the staging site at https://staging.§domain (basic auth: preview / §S).
We'd love your feedback on the new PDP layout by Thursday.

Kind regards,
Agency team
""", "{pws}", "basic auth: preview")
E("note", "agent-state-yaml-block", """
state:
  task: migrate newsletter from Mailchimp to Klaviyo
  done: [export audiences, map merge fields]
  pending: [import suppressions]
  credentials_seen:
    klaviyo_private: §S
""", "p|k_{h34}", "import suppressions")
E("note", "hand-written-credential-list", """
creds for the pop-up shop tablet (Square POS):
location: Amsterdam Pop-up
access token §S
device code: §[{U6}]
""", "EA|AA{x60}", "Amsterdam Pop-up")
E("note", "gitlab-mr-description", """
!§[{d3}] Switch DHL integration to new Parcel DE API
- Uses API key from developer.dhl.com app "§client shop"
- For testing: user §user-test, pw §S (sandbox, but same as their portal pw...)
""", "{pw}", "Parcel DE API")
E("note", "confluence-table-environments", """
|| Env || URL || Admin user || Admin password ||
| staging | https://staging.§domain/admin | agency | §S |
| prod | https://§domain/admin | (client only) | - |
""", "{pw}", "(client only)")
E("note", "agent-log-of-actions", """
[§time] read .env.production (22 vars)
[§time] found FASTLANE_PASSWORD=§S — this is an Apple ID password, not an app-specific one; flagged
[§time] continuing with build
""", "{pw}", "flagged")
E("note", "chat-with-client-about-rotation", """
Client: did you change the Shopify collaborator password? it was §S before
Agent: No changes from our side. The collaborator account uses its own login; I'd recommend you change that password now since it was shared in this chat.
""", "{pw}", "collaborator account")
E("note", "email-signature-with-login", """
Thanks!
§name
--
P.S. the WooCommerce REST key for the ERP guys: §S (read/write)
""", "cs|_{h40}", "ERP guys")
E("note", "bullet-inline-backticks", """
- Intercom workspace `§[{l8}]`, token `§S`, scopes: read conversations, write tags
""", "dG9rOj{a50}=", "Intercom workspace")
E("note", "handoff-mobile-keys", """
## Mobile keys (Tidepool)
- iOS: ASC API key §kid, issuer §iss, .p8 lives in 1Password → "ASC CI key"
- Android: upload keystore pw `§S`, alias `upload`
- Play service account: fastlane@§proj.iam.gserviceaccount.com
""", "{pw}", "ASC API key §kid")
E("note", "user-prompt-pasted", """
User: here's our RevenueCat secret key §S — can you write a script that lists all active subscribers with their entitlements?
""", "s|k_{a28}", "active subscribers")
E("note", "user-prompt-with-p8", """
User: use this key to automate TestFlight uploads. Key ID §kid, issuer §iss:
§bpk
§S
§epk
""", "{pem}", "Key ID §kid")
E("note", "agent-reply-quoting-secret", """
Assistant: I've added the OneSignal REST API key (`§S`) to the EAS secret `ONESIGNAL_REST_API_KEY` and removed it from app.json. You should rotate it since it was in git history.
""", "os_v2_|app_{z112}", "ONESIGNAL_REST_API_KEY")
E("note", "sticky-note-monitor", """
post-it on monitor (photo): "Freshdesk key = §S  — don't share!!"
""", "{a20}", "post-it on monitor")
E("note", "mail-merge-csv-leak", """
Attached CSV (first rows):
email,first_name,coupon,portal_password
§[{l6}]@example.com,Ana,WELCOME10,§S
""", "{pw}", "WELCOME10")
E("note", "incident-slack-alert", """
:rotating_light: Secret scanning alert: Google OAuth refresh token exposed in agency-studio/§shop-ads-scripts (scripts/gads.py line 12): §S
""", "1//0{x97}", "Secret scanning alert")
E("note", "client-ticket-wix-dev", """
Hi support, our developer needs API access. I created an API key in the Wix dashboard:
§S
Account ID §uuid. Is that enough?
""", "IST.{jwt}", "Account ID §uuid")
E("note", "squarespace-handoff", """
Squarespace Commerce API key for inventory sync (created §date, permissions: Inventory read/write, Orders read): §S
""", "{uuid}", "Inventory read/write")
E("note", "agent-notes-db-access", """
DB access: tunnel via bastion (ssh -L 3307:db:3306 ops@§ip), then `mysql -h127.0.0.1 -P3307 -uops -p` and paste §S
""", "{pw}", "tunnel via bastion")
E("note", "pm-reminder-deadline", """
Reminder from §name: Black Friday code freeze §date. Before that: rotate the Adyen HMAC key (current §S), test refunds, and load-test checkout.
""", "{H64}", "Black Friday code freeze")
E("note", "email-thread-reply-all", """
On §date, §name wrote:
> Here is the Customer.io App API key you asked for: §S
> It has access to transactional messages only.

Thanks §name — confirmed working in staging.
""", "{h32}", "transactional messages only")
E("note", "agent-handoff-json-lines", """
{"t":"§ts","kind":"note","text":"Sanity write token created for migration script"}
{"t":"§ts","kind":"secret-seen","where":".env.migration","value":"§S"}
{"t":"§ts","kind":"todo","text":"delete token after import"}
""", "s|k{a178}", "Sanity write token created")
E("note", "linkedin-campaign-note", """
LinkedIn Ads: the reporting script uses §name's member token (60 days), expires around §date. Token: §S
""", "AQ{x300}", "member token (60 days)")
E("note", "tiktok-ads-note", """
TikTok Events API — pixel §[{U20}], access token generated in Events Manager: §S (no expiry)
""", "{h40}", "Events Manager")
E("note", "google-ads-api-center", """
Google Ads API Center → developer token (Basic access approved §date): §S
MCC: §[{d3}]-§[{d3}]-§[{d4}]
""", "{x22}", "Basic access approved")
E("note", "ga4-note-measurement-protocol", """
GA4 → Admin → Data streams → Web → Measurement Protocol API secrets: created "server-purchases" = §S
""", "{x22}", "server-purchases")
E("note", "agent-todo-cleanup", """
- [ ] remove debug route /api/_env (it prints SHOPIFY_API_SECRET=§S !!)
- [ ] add rate limiting to /api/newsletter
""", "shp|ss_{h32}", "rate limiting")
E("note", "pr-description-with-test-creds", """
## How to test
1. Log into https://review-§[{d3}].§domain/admin with `qa@agency.studio` / `§S`
2. Create a bundle product
3. Check the storefront price
""", "{pw}", "qa@agency.studio")
E("note", "chat-ai-assistant-earlier-turn", """
[earlier in conversation]
User: the bigcommerce store hash is §[{l10}] and the token §S
Assistant: Thanks — I'll use them only for the read-only catalog export script.
""", "{l31}", "read-only catalog export")
E("note", "email-agency-to-freelancer", """
Hey §name,
welcome aboard! Git access is sorted. For the Saleor dashboard use staff account dev@agency.studio / §S. Please enable 2FA on first login.
""", "{pw}", "dev@agency.studio")
E("note", "meeting-notes-zoom-chat-export", """
10:14:22 From §name to Everyone:
	the medusa admin: admin@§domain
10:14:30 From §name to Everyone:
	§S
10:14:41 From §name2 to Everyone:
	thx!
""", "{pw}", "medusa admin")
E("note", "bug-report-with-curl", """
Bug: /wp-json/wc/v3/products returns 401 on staging.
Repro:
curl -u §[ck|_{h40}]:§S https://staging.§domain/wp-json/wc/v3/products
Works on prod with the same key.
""", "cs|_{h40}", "returns 401 on staging")
E("note", "personal-note-passwords-file", """
passwords.txt (found on shared drive, reported to §name):
cpanel §client: §S
""", "{pw}", "found on shared drive")
E("note", "handoff-firebase-legacy", """
Push notifications still go through the legacy FCM endpoint. Server key (Firebase console → Cloud Messaging): §S. Migration to HTTP v1 is ticket MOB-§[{d3}].
""", "AAAA{x7}:APA91b{x134}", "Migration to HTTP v1")
E("note", "codepush-note", """
CodePush: access key for CI (appcenter login --token) is §S; deployment keys are in the Info.plist/strings.xml as usual.
""", "{h40}", "deployment keys are in the Info.plist")
E("note", "expo-note", """
EAS: robot user "ci-robot" created, token §S stored as EXPO_TOKEN in GitHub.
""", "{x40}", "ci-robot")
E("note", "prismic-note", """
Prismic repo §shop is private now; API access token (master): §S
""", "MC5{x40}.{x40}", "repo §shop is private now")
E("note", "drupal-admin-note", """
Drupal 7 → 10 migration: source DB creds in migrate settings: d7user / §S @ legacy-db.§domain
""", "{pw}", "Drupal 7 → 10 migration")
E("note", "craft-license-note", """
Craft Pro license key for §domain (from client's Craft ID):
§S
""", "{u250}", "Craft Pro license key")
E("note", "magento-marketplace-keys-note", """
Magento Marketplace access keys (§client account): public §h32 / private §S — needed for composer on the new build server.
""", "{h32}", "Magento Marketplace access keys")
E("note", "saleor-cloud-note", """
Saleor Cloud env "§shop-prod": App token for the ERP connector §S; webhook secret set in dashboard.
""", "{a30}", "ERP connector")
E("note", "helpscout-note", """
Help Scout: OAuth app "agency-reports" — App ID §cid, App Secret §S
""", "{a32}", "App ID §cid")
E("note", "salesforce-note-security-token", """
SF integration user: integration@§domain; password in 1P; security token (reset §date): §S
""", "{a24}", "integration@§domain")
E("note", "ups-account-note", """
UPS Developer Portal app "§client Labels": Client ID §[{a48}], Client Secret §S, shipper number §[{u6}]
""", "{a64}", "Developer Portal app")
E("note", "fedex-note", """
FedEx prod project keys — API key l7§[{h30}], secret key §S. Account §[{d9}] linked.
""", "{h32}", "FedEx prod project keys")
E("note", "dhl-note-express", """
DHL Express MyDHL API: username agency§[{u6}], password §S (not the same as the portal!)
""", "{a16}", "MyDHL API")
E("note", "imgix-note", """
imgix source "§shop-products" is secured; signing token §S, needed to generate URLs server-side.
""", "{a16}", "§shop-products")
E("note", "meilisearch-note", """
Meilisearch on the Hetzner box, master key §S — generate scoped keys from it, don't use it in the frontend.
""", "{x43}", "Hetzner box")
E("note", "phrase-note", """
Phrase Strings: access token for the CLI (§name's account, scope read+write) → §S
""", "{h64}", "Phrase Strings")
E("note", "transifex-note", """
Transifex: API token §S (org agency-studio). The old one in CI is revoked.
""", "1/{h40}", "org agency-studio")
E("note", "agent-diff-explanation", """
I changed config/services.php: removed the inline fallback '§S' for POSTMARK_TOKEN so a missing env var fails loudly instead of silently using the old server token.
""", "{uuid}", "fails loudly")
E("note", "pm-email-subject-line-secret", """
Subject: FW: Stripe key §S
Body: see subject, for the new checkout. – §name
""", "rk_|live_{a24}", "for the new checkout")
E("note", "agent-hypothesis", """
Hypothesis: the webhook 401s come from the Medusa secret API key being regenerated; logs show requests signed with §S while the DB has a newer key.
""", "sk_{h64}", "webhook 401s")
E("note", "chat-emoji-heavy", """
§name2: 🔑 §S 🔑 <- new codemagic token, old one is dead ☠️
""", "{x43}", "new codemagic token")
E("note", "status-report-weekly", """
Weekly report §client (wk §n)
Done: product feed for Google Merchant (SFTP user mc-feed, password §S), GA4 purchase event fixed
Next: Meta catalog sync
""", "{pws}", "Google Merchant")
E("note", "agent-reasoning-trace", """
Thinking: The 403 from Mux means the token pair lacks "Mux Video: read+write". Token ID §uuid is correct; secret §S looks like it's from the "Data" environment. Ask client to create a new pair in Production env.
""", "{k75}", "Token ID §uuid")
E("note", "customer-chat-transcript", """
Visitor: hi i forgot my password
Agent(bot): I've set a temporary password for you: §S — please change it after logging in.
Visitor: thanks
""", "{pw}", "forgot my password")
E("note", "phone-call-notes", """
Call w/ hosting support (§date): they reset the SFTP password for user §shop to §S, valid immediately.
""", "{pws}", "hosting support")

# ---------------------------------------------- note-or-chat, non-English ---
E("note", "note-es-traspaso-tienda", """
Traspaso a §name2: la tienda WooCommerce de §client ya está en el servidor nuevo.
La contraseña del usuario admin de WordPress es §S (cámbiala cuando termines).
Pendiente: configurar Redsys y revisar los correos de pedido.
""", "{pw}", "Pendiente: configurar Redsys")
E("note", "note-es-correo-cliente-clave", """
> Hola equipo, os paso la clave de la API de Mailchimp que me pedisteis: §S
> Un saludo, §name (Marketing, §client)
""", "{h32}-us{d2}", "Un saludo")
E("note", "note-es-chat-pm-token", """
§name: ¿me confirmas que el token de Shopify funciona? es este: §S
Agente: Sí, funciona; lo he guardado como secreto en Fly y no en el repositorio.
""", "shp|at_{h32}", "no en el repositorio")
E("note", "note-es-ticket-envios", """
Incidencia #§[{d4}]: las etiquetas de envío no se generan desde el viernes.
Clave de EasyPost que usa el conector: §S. Revisar si la cuenta tiene saldo.
""", "EZ|AK{h54}", "las etiquetas de envío no se generan")
E("note", "note-pt-passagem-magento", """
Passagem de bastão (§date): o Magento da §client está na versão 2.4.7.
Senha do banco de dados (usuário magento): §S
Próximos passos: atualizar o módulo do PagSeguro e limpar o cache do Varnish.
""", "{pw}", "Próximos passos")
E("note", "note-pt-email-cliente-vtex", """
Oi pessoal, segue o token da Klaviyo para a integração de carrinho abandonado: §S
Qualquer dúvida me chamem no WhatsApp. Abraços, §name
""", "p|k_{h34}", "carrinho abandonado")
E("note", "note-pt-chat-app-loja", """
§name: a senha do keystore do app Android é §S, não perde isso senão não dá pra publicar atualização 😅
Agente: anotado, vou guardar no cofre do Bitrise.
""", "{pw}", "cofre do Bitrise")
E("note", "note-de-uebergabe-shopware", """
Übergabe an §name2 – Shopware 6 bei §client
- Integration „ERP-Sync“: Zugriffsschlüssel-ID SWIA§[{U22}], geheimer Schlüssel §S
- Nächster Schritt: Lagerbestände stündlich statt täglich abgleichen
""", "{a54}", "Nächster Schritt")
E("note", "note-de-kundenmail-zugangsdaten", """
> Hallo zusammen,
> anbei die Zugangsdaten für das DHL-Geschäftskundenportal: Benutzer §user, Passwort §S
> Viele Grüße, §name
""", "{pw}", "DHL-Geschäftskundenportal")
E("note", "note-de-ticket-zahlungsausfall", """
Ticket SHOP-§[{d3}]: Mollie-Zahlungen schlagen seit heute Morgen fehl (401).
Im .env steht noch der alte Live-Schlüssel §S – der wurde laut Kunde gestern ersetzt.
""", "li|ve_{a30}", "Mollie-Zahlungen schlagen")
E("note", "note-de-chat-pm-app-store", """
§name: Kannst du den Build hochladen? App-spezifisches Passwort für release@§domain: §S
Agent: Mache ich, Upload läuft über altool.
""", "{asp}", "Upload läuft über altool")
E("note", "note-fr-passation-prestashop", """
Passation (§date) – boutique PrestaShop de §client
Clé du webservice utilisée par l'ERP : §S
À faire : mettre à jour le module Colissimo et vérifier les règles de TVA.
""", "{u32}", "mettre à jour le module Colissimo")
E("note", "note-fr-mail-client-acces", """
Bonjour,
Voici les accès au back-office Wix : compte boutique@§domain, mot de passe §S.
Merci de ne pas le modifier, toute l'équipe l'utilise.
Cordialement, §name
""", "{pw}", "back-office Wix")
E("note", "note-fr-chat-jeton-sentry", """
§name : j'ai généré un jeton Sentry pour la CI iOS → §S
Agent : merci, je le mets dans les secrets Codemagic et je le retire du Fastfile.
""", "sntry|u_{h64}", "secrets Codemagic")
E("note", "note-fr-ticket-recherche", """
Ticket #§[{d4}] : la recherche Algolia ne renvoie plus de résultats.
La clé d'admin a été collée dans le thème par erreur (§S) — il faut la révoquer.
""", "{h32}", "la recherche Algolia")
E("note", "note-it-consegne-sito", """
Consegne per §name2: il sito Joomla di §client è migrato su Craft.
Password dell'utente FTP del vecchio hosting: §S
Da fare: redirect 301 delle vecchie URL dei prodotti.
""", "{pws}", "redirect 301")
E("note", "note-it-email-cliente-chiave", """
Ciao a tutti, vi giro la chiave API di Brevo per le newsletter: §S
Fatemi sapere se funziona. Grazie, §name
""", "xkey|sib-{h64}-{a16}", "Fatemi sapere se funziona")
E("note", "note-it-chat-pagamenti", """
§name: la chiave HMAC di Adyen per le notifiche è §S, l'ho presa dal Customer Area
Agente: perfetto, la configuro come segreto nel deploy di produzione.
""", "{H64}", "Customer Area")
E("note", "note-nl-overdracht-webshop", """
Overdracht (§date) – webshop van §client
Lightspeed is vervangen door Shopify; de Admin API-token van de custom app is §S.
Volgende stap: PostNL-koppeling testen met een echte bestelling.
""", "shp|at_{h32}", "PostNL-koppeling")
E("note", "note-nl-mail-klant-wachtwoord", """
> Hoi team, het wachtwoord van het Mollie-dashboard is §S, gebruikersnaam finance@§domain.
> Groetjes, §name
""", "{pw}", "finance@§domain")
E("note", "note-nl-chat-sendcloud", """
§name: de Sendcloud secret key is §S (public key staat al in de Slack)
Agent: dank je, ik zet hem in de omgevingsvariabelen van de server.
""", "{h32}", "omgevingsvariabelen")
E("note", "note-pl-przekazanie-sklepu", """
Przekazanie projektu (§date): sklep §client na PrestaShop 8.
Hasło do bazy danych użytkownika presta: §S
Następny krok: podpiąć Przelewy24 i sprawdzić faktury.
""", "{pw}", "Następny krok", n=2)
E("note", "note-pl-mail-klucz-api", """
> Cześć, przesyłam klucz API do InPost ShipX: §S
> Pozdrawiam, §name
""", "{jwt}", "InPost ShipX")
E("note", "note-pl-czat-aplikacja", """
§name: hasło do keystore'a aplikacji to §S, alias upload
Agent: dzięki, zapisuję je w sekretach GitHub Actions.
""", "{pws}", "sekretach GitHub Actions")
E("note", "note-cs-predani-eshopu", """
Předání projektu (§date): e-shop §client běží na Shoptetu, napojení na Zásilkovnu.
API heslo pro Zásilkovnu: §S
Další krok: otestovat doručení na výdejní místo.
""", "{h32}", "Další krok", n=2)
E("note", "note-cs-email-klienta", """
> Dobrý den, posílám přístup do administrace: uživatel admin@§domain, heslo §S
> S pozdravem §name
""", "{pw}", "S pozdravem")
E("note", "note-sv-overlamning-butik", """
Överlämning (§date): §client har flyttat till Shopify. Klarna-användarnamn K§[{d6}]_§[{h12}], lösenord §S.
Nästa steg: testa returer via Klarna-portalen.
""", "klarna_|live_api_{x60}", "Nästa steg", n=2)
E("note", "note-sv-chatt-pm", """
§name: här är Postnord-nyckeln till fraktintegrationen: §S
Agent: tack! Jag lägger den som hemlighet i Vercel och inte i koden.
""", "{h32}", "fraktintegrationen")
E("note", "note-da-overdragelse", """
Overdragelse til §name2: WooCommerce-butikken kører nu på den nye server.
Adgangskode til databasebrugeren wp_shop: §S
Næste skridt: opsæt GLS-integrationen og tjek ordremails.
""", "{pw}", "Næste skridt")
E("note", "note-fi-luovutus", """
Luovutus (§date): §client verkkokauppa siirretty Shopifyhin.
Paytrail-kauppiastunnuksen salainen avain: §S
Seuraavaksi: testaa palautukset ja tarkista ALV-asetukset.
""", "{a40}", "Seuraavaksi")
E("note", "note-nb-overlevering", """
Overlevering: nettbutikken til §client bruker nå Vipps. Vipps client secret: §S
Neste steg: teste refusjon og oppdatere personvernerklæringen.
""", "{b32}", "Neste steg")
E("note", "note-ja-hikitsugi-shopify", """
引き継ぎメモ（§date）
§client の Shopify ストア：カスタムアプリの Admin API アクセストークンは §S です。
次のステップ：ヤマト運輸の送り状連携をテストすること。
""", "shp|at_{h32}", "次のステップ", n=2)
E("note", "note-ja-chat-pm-password", """
§name：ステージング環境の Basic 認証パスワードは §S です（ユーザー名は preview）
エージェント：ありがとうございます。確認しました。
""", "{pws}", "ユーザー名は preview")
E("note", "note-ja-client-mail", """
> お世話になっております。決済代行（GMO）のショップパスワードは §S です。
> よろしくお願いいたします。§name
""", "{a10}{d4}", "よろしくお願いいたします")
E("note", "note-zh-jiaojie-app", """
交接说明（§date）：§client 的 App 已上架。
Android 签名密钥库密码：§S，别名 upload。
下一步：接入 OneSignal 推送并测试订单通知。
""", "{pw}", "下一步", n=2)
E("note", "note-zh-kehu-youjian", """
> 你好，这是我们店铺的 Stripe 密钥：§S
> 请勿外传，谢谢！——§name
""", "sk_|live_{a24}", "请勿外传")
E("note", "note-zh-liaotian-pm", """
§name：Sanity 的写入令牌我放这里了 §S
代理：收到，我会把它加到 Netlify 的环境变量里，不放进代码仓库。
""", "s|k{a178}", "不放进代码仓库")
E("note", "note-ko-insugye-meomo", """
인수인계 메모 (§date): §client 카페24 쇼핑몰 → Shopify 이전 완료.
관리자 계정 비밀번호: §S
다음 단계: 네이버페이 연동 테스트.
""", "{pw}", "다음 단계", n=2)
E("note", "note-ko-chat-api-key", """
§name: 토스페이먼츠 시크릿 키 여기 있어요 §S
에이전트: 감사합니다. 서버 환경 변수에만 저장할게요.
""", "live_sk_{a24}", "서버 환경 변수에만")
E("note", "note-vi-ban-giao", """
Bàn giao (§date): cửa hàng WooCommerce của §client đã chuyển sang máy chủ mới.
Mật khẩu cơ sở dữ liệu: §S
Bước tiếp theo: kết nối cổng thanh toán VNPay và kiểm tra email đơn hàng.
""", "{pw}", "Bước tiếp theo", n=2)
E("note", "note-vi-chat-token", """
§name: token Haravan đây nhé §S
Agent: cảm ơn anh, em sẽ lưu vào biến môi trường trên Vercel.
""", "{h32}", "biến môi trường")
E("note", "note-ar-taslim-almashru", """
ملاحظة تسليم (§date): متجر §client على سلة تم ربطه بالمستودع.
كلمة مرور حساب المدير: §S
الخطوة التالية: اختبار الدفع عبر مدى.
""", "{pw}", "الخطوة التالية", n=2)
E("note", "note-ar-risala-ameel", """
> مرحباً، هذا مفتاح واجهة برمجة التطبيقات الخاص بـ Tap Payments: §S
> شكراً، §name
""", "sk_|live_{a24}", "Tap Payments")
E("note", "note-tr-devir-notu", """
Devir notu (§date): §client mağazası ikas'tan Shopify'a taşındı.
iyzico gizli anahtarı: §S
Sonraki adım: taksit seçeneklerini test etmek.
""", "{a32}", "Sonraki adım", n=2)
E("note", "note-tr-sohbet-pm", """
§name: Trendyol entegrasyonu için API şifresi §S, kullanıcı adı §[{a20}]
Ajan: teşekkürler, sunucu ortam değişkenlerine ekliyorum.
""", "{a20}", "Trendyol entegrasyonu")
E("note", "note-ru-peredacha-proekta", """
Передача проекта (§date): интернет-магазин §client на Битриксе.
Пароль пользователя БД bitrix: §S
Следующий шаг: настроить выгрузку в СДЭК.
""", "{pw}", "Следующий шаг")
E("note", "note-uk-notatka-peredachi", """
Нотатка для §name2: магазин §client переїхав на Shopify, токен Нової Пошти: §S
Наступний крок: перевірити автоматичне створення ТТН.
""", "{h32}", "Наступний крок")
E("note", "note-he-mesira", """
הערת העברה (§date): החנות של §client עברה לשופיפיי.
הסיסמה של משתמש הניהול: §S
השלב הבא: לחבר את קארדקום ולבדוק חשבוניות.
""", "{pw}", "השלב הבא")
E("note", "note-id-serah-terima", """
Catatan serah terima (§date): toko §client sudah pindah ke server baru.
Server key Midtrans: §S
Langkah berikutnya: uji pembayaran lewat GoPay dan cek email pesanan.
""", "Mid-server-{x24}", "Langkah berikutnya")
E("note", "note-th-kan-song-mob", """
บันทึกส่งมอบงาน (§date): ร้านค้าของ §client ย้ายไป Shopify แล้ว
รหัสผ่านแอดมิน: §S
ขั้นตอนถัดไป: ทดสอบการชำระเงินผ่าน Omise
""", "{pw}", "ขั้นตอนถัดไป")
E("note", "note-el-paradosi", """
Σημείωμα παράδοσης (§date): το κατάστημα του §client τρέχει σε WooCommerce.
Κωδικός της βάσης δεδομένων: §S
Επόμενο βήμα: σύνδεση με ACS Courier.
""", "{pw}", "Επόμενο βήμα")
E("note", "note-hu-atadas", """
Átadás (§date): a(z) §client webshopja Shopify-ra költözött.
A Barion POS kulcs: §S
Következő lépés: számlázz.hu integráció tesztelése.
""", "{h32}", "Következő lépés")
E("note", "note-ro-predare", """
Notă de predare (§date): magazinul §client rulează acum pe Shopify.
Parola contului FAN Courier: §S
Pasul următor: testarea AWB-urilor automate.
""", "{pw}", "Pasul următor")
E("note", "note-de-agent-zusammenfassung", """
Zusammenfassung: Der Fehler im Checkout kommt von einem abgelaufenen Klarna-Passwort. Im Shopware-Admin ist noch §S hinterlegt; der Händler muss im Klarna-Portal neue Zugangsdaten erzeugen.
""", "klarna_|live_api_{x60}", "abgelaufenen Klarna-Passwort")
E("note", "note-fr-resume-agent", """
Résumé : j'ai trouvé la clé secrète Meilisearch (§S) en clair dans docker-compose.yml. Je propose de la déplacer dans un fichier .env ignoré par git et de la renouveler.
""", "{x43}", "ignoré par git")
E("note", "note-es-resumen-agente", """
Resumen: el token de Contentful (§S) está en el historial de git desde el commit §sha7. Recomiendo revocarlo y usar variables de entorno en Vercel.
""", "CF|PAT-{x43}", "historial de git")
E("note", "note-pt-resumo-agente", """
Resumo: o token do Bitrise (§S) estava no README.md. Já removi do arquivo, mas ele continua no histórico — precisa ser revogado.
""", "{x86}", "continua no histórico")
E("note", "note-it-riassunto-agente", """
Riepilogo: la password del keystore (§S) compare nei log della build su Codemagic perché lo script fa echo della variabile. Ho tolto l'echo.
""", "{pws}", "Ho tolto l'echo")
E("note", "note-nl-samenvatting-agent", """
Samenvatting: de Phrase-token (§S) stond in .phrase.yml in de repo. Verplaatst naar een CI-secret; graag intrekken in het Phrase-account.
""", "{h64}", "graag intrekken")
E("note", "note-ja-agent-matome", """
まとめ：Lokalise の API トークン（§S）が package.json のスクリプトに直書きされていました。CI のシークレットに移し、トークンの再発行をお願いします。
""", "{h40}", "直書きされていました")
E("note", "note-zh-agent-zongjie", """
总结：Firebase 服务账号的 JSON 密钥被提交到了仓库，private_key 的内容是 §S ，需要在 GCP 控制台里删除该密钥并重新生成。
""", "{rsaflat}", "GCP 控制台")
E("note", "note-ko-agent-yoyak", """
요약: RevenueCat 시크릿 키(§S)가 앱 번들에 포함되어 있습니다. 공개 키(appl_)만 앱에 넣고 시크릿 키는 교체해야 합니다.
""", "s|k_{a28}", "공개 키(appl_)")
E("note", "note-pl-podsumowanie-agenta", """
Podsumowanie: token Crowdin (§S) był wklejony w skrypcie i18n.sh. Przeniosłem go do sekretów CI — proszę go unieważnić.
""", "{h80}", "proszę go unieważnić")
E("note", "note-tr-ozet-ajan", """
Özet: Algolia yönetici anahtarı (§S) tema dosyasında açıkta duruyordu. Kaldırdım; anahtarın yenilenmesi gerekiyor.
""", "{h32}", "yenilenmesi gerekiyor")
E("note", "note-sv-sammanfattning", """
Sammanfattning: Intercom-token (§S) låg i appens Info.plist. Flyttad till backend; token måste bytas ut.
""", "dG9rOj{a50}=", "måste bytas ut")
E("note", "note-cs-shrnuti-agenta", """
Shrnutí: heslo k databázi (§S) bylo v souboru wp-config.php v repozitáři. Doporučuji ho změnit a soubor přidat do .gitignore.
""", "{pw}", "Doporučuji ho změnit")
E("note", "note-de-slack-mit-url", """
§name: Hier die DB-URL für den Report, bitte nur lesend zugreifen:
postgres://report:§S@replica.§domain:5432/shop
""", "{pwu}", "nur lesend zugreifen")
E("note", "note-fr-email-transfert", """
---------- Message transféré ---------
De : Support Mollie
Objet : Votre nouvelle clé API live
Votre clé : §S
""", "li|ve_{a30}", "Message transféré")
E("note", "note-es-tabla-accesos", """
| Servicio | Usuario | Contraseña |
|---|---|---|
| Shopify (colaborador) | agencia@§domain | §S |
| Google Merchant | — | acceso por invitación |
""", "{pw}", "acceso por invitación")

# ------------------------------------------------------- ci-and-deploy ---
E("ci", "gha-workflow-env-hardcoded", """
name: deploy-theme
on: { push: { branches: [main] } }
jobs:
  deploy:
    runs-on: ubuntu-latest
    env:
      SHOPIFY_FLAG_STORE: §shop.myshopify.com
      SHOPIFY_CLI_THEME_TOKEN: §S
    steps:
      - uses: actions/checkout@v4
      - run: shopify theme push --live --allow-live
""", "shp|tka_{h32}", "SHOPIFY_FLAG_STORE", n=2)
E("ci", "gha-step-with-input-token", """
      - name: Upload to Firebase App Distribution
        uses: wzieba/Firebase-Distribution-Github-Action@v1
        with:
          appId: 1:§[{d12}]:android:§h16
          token: §S
          groups: qa-team
          file: app/build/outputs/apk/release/app-release.apk
""", "1//0{x97}", "groups: qa-team")
E("ci", "gha-upload-google-play-plaintext", """
      - uses: r0adkll/upload-google-play@v1
        with:
          serviceAccountJsonPlainText: '{"type":"service_account","private_key":"§bpk\\n§S\\n§epk\\n","client_email":"ci@§proj.iam.gserviceaccount.com"}'
          packageName: §appid
          track: internal
""", "{rsaj}", "packageName: §appid")
E("ci", "gha-run-inline-curl-secret", """
      - name: Notify Slack
        run: |
          curl -X POST -H 'Content-type: application/json' \\
            --data '{"text":"iOS build ${{ github.run_number }} uploaded"}' \\
            https://hooks.slack.com/services/T§[{U8}]/B§[{U10}]/§S
""", "{a24}", "github.run_number")
E("ci", "gha-matrix-env-block", """
    strategy:
      matrix:
        store: [de, nl, fr]
    env:
      ALGOLIA_APP_ID: §[{U10}]
      ALGOLIA_ADMIN_KEY: §S
      STORE: ${{ matrix.store }}
""", "{h32}", "matrix.store")
E("ci", "gha-services-postgres-password", """
    services:
      postgres:
        image: postgres:16
        env:
          POSTGRES_USER: medusa
          POSTGRES_PASSWORD: §S
        ports: ["5432:5432"]
""", "{pwx20}", "POSTGRES_USER: medusa")
E("ci", "gha-fastlane-env-block", """
      - name: Build & upload
        run: bundle exec fastlane ios release
        env:
          MATCH_PASSWORD: §S
          APP_STORE_CONNECT_API_KEY_ID: §kid
          APP_STORE_CONNECT_ISSUER_ID: §iss
""", "{pp}", "APP_STORE_CONNECT_API_KEY_ID: §kid")
E("ci", "gha-docker-login-action", """
      - uses: docker/login-action@v3
        with:
          registry: ghcr.io
          username: agency-bot
          password: §S
""", "gh|p_{a36}", "username: agency-bot")
E("ci", "gitlab-ci-variables-block", """
variables:
  DOCKER_DRIVER: overlay2
  COMPOSER_AUTH: '{"http-basic":{"repo.magento.com":{"username":"§h32","password":"§S"}}}'
  MAGENTO_MODE: production
""", "{h32}", "MAGENTO_MODE: production", n=2)
E("ci", "gitlab-ci-script-inline-token", """
deploy:prod:
  stage: deploy
  script:
    - apk add --no-cache curl
    - curl -X POST -F token=§S -F ref=main https://gitlab.com/api/v4/projects/§[{d8}]/trigger/pipeline
  only: [main]
""", "glptt-{h40}", "stage: deploy")
E("ci", "gitlab-ci-before-script-npmrc", """
before_script:
  - echo "@agency:registry=https://gitlab.com/api/v4/packages/npm/" > .npmrc
  - echo "//gitlab.com/api/v4/packages/npm/:_authToken=§S" >> .npmrc
""", "glp|at-{x20}", "@agency:registry")
E("ci", "bitbucket-pipelines-deploy-step", """
pipelines:
  branches:
    main:
      - step:
          name: Deploy to Cloudways
          deployment: production
          script:
            - pipe: atlassian/ssh-run:0.8.0
              variables:
                SSH_USER: 'master_§[{l10}]'
                SERVER: '§ip'
                COMMAND: 'cd applications/§[{l10}]/public_html && MYSQL_PWD=§S wp db export'
""", "{pws}", "Deploy to Cloudways")
E("ci", "circleci-config-environment", """
jobs:
  build:
    docker:
      - image: cimg/node:20.11
        auth:
          username: agencyci
          password: §S
""", "dckr_|pat_{x27}", "cimg/node:20.11")
E("ci", "bitrise-yml-app-envs", """
app:
  envs:
  - BITRISE_PROJECT_PATH: ios/§[{U5}].xcworkspace
  - BITRISE_SCHEME: Release
  - FASTLANE_SESSION: §S
""", "{b200}", "BITRISE_SCHEME: Release")
E("ci", "bitrise-yml-step-input-password", """
    - sign-apk@1:
        inputs:
        - android_app: $BITRISE_AAB_PATH
        - keystore_url: $BITRISEIO_ANDROID_KEYSTORE_URL
        - keystore_password: §S
        - keystore_alias: upload
""", "{pw}", "keystore_alias: upload")
E("ci", "codemagic-yaml-vars", """
workflows:
  ios-release:
    name: iOS release
    environment:
      vars:
        APP_STORE_APPLE_ID: §[{d10}]
        CM_CERTIFICATE_PASSWORD: §S
      xcode: latest
""", "{pw}", "APP_STORE_APPLE_ID")
E("ci", "codemagic-yaml-asc-integration-inline", """
    environment:
      vars:
        APP_STORE_CONNECT_KEY_IDENTIFIER: §kid
        APP_STORE_CONNECT_ISSUER_ID: §iss
        APP_STORE_CONNECT_PRIVATE_KEY: |
          §bpk
          §S
          §epk
""", "{pemflat}", "APP_STORE_CONNECT_KEY_IDENTIFIER: §kid")
E("ci", "azure-pipelines-variables", """
variables:
  buildConfiguration: 'Release'
  sqlPassword: '§S'
steps:
- task: DotNetCoreCLI@2
""", "{pw}", "buildConfiguration")
E("ci", "jenkinsfile-environment-block", """
pipeline {
  agent any
  environment {
    DEPLOY_HOST = 'web1.§domain'
    SSHPASS = '§S'
  }
  stages {
    stage('Deploy') { steps { sh 'sshpass -e rsync -az build/ deploy@$DEPLOY_HOST:/var/www/shop' } }
  }
}
""", "{pw}", "DEPLOY_HOST = 'web1.§domain'")
E("ci", "travis-yml-env-global", """
env:
  global:
    - NODE_ENV=test
    - CONTENTFUL_DELIVERY_TOKEN=§S
""", "{x43}", "NODE_ENV=test")
E("ci", "buildkite-pipeline-env", """
steps:
  - label: ":rocket: deploy"
    command: "scripts/deploy.sh"
    env:
      HEROKU_API_KEY: "§S"
""", "{uuid}", ":rocket: deploy")
E("ci", "drone-yml-settings-password", """
steps:
- name: publish
  image: plugins/docker
  settings:
    repo: registry.§domain/shop/api
    username: drone
    password: §S
""", "{pwx24}", "registry.§domain/shop/api")
E("ci", "netlify-build-settings-ocr", """
[screenshot OCR – Netlify › Site configuration › Environment variables]
Key                              Values
STRAPI_API_TOKEN                 §S
NEXT_PUBLIC_SITE_URL             https://§domain
""", "{h256}", "NEXT_PUBLIC_SITE_URL")
E("ci", "vercel-project-json-env", """
{
  "env": {
    "SHOPIFY_STOREFRONT_PRIVATE_TOKEN": "§S",
    "NEXT_PUBLIC_STORE": "§shop.myshopify.com"
  },
  "framework": "nextjs"
}
""", "shp|at_{h32}", "\"framework\": \"nextjs\"")
E("ci", "heroku-app-json-env-value", """
{
  "name": "§shop-checkout",
  "env": {
    "ADYEN_API_KEY": { "description": "Adyen key", "value": "§S" },
    "NODE_ENV": { "value": "production" }
  }
}
""", "AQ|E{k80}==-{k43}=-{a16}", "Adyen key")
E("ci", "k8s-deployment-env-value", """
        env:
          - name: NODE_ENV
            value: production
          - name: SENDGRID_API_KEY
            value: "§S"
          - name: DATABASE_URL
            valueFrom: { secretKeyRef: { name: db, key: url } }
""", "S|G.{x22}.{x43}", "secretKeyRef", n=2)
E("ci", "helm-values-prod-override", """
# values-prod.yaml
image:
  tag: "§sha7"
env:
  HELPSCOUT_APP_SECRET: "§S"
  LOG_LEVEL: warn
""", "{a32}", "LOG_LEVEL: warn")
E("ci", "argocd-application-helm-parameters", """
  source:
    helm:
      parameters:
        - name: secrets.typesenseApiKey
          value: §S
        - name: replicaCount
          value: "2"
""", "{a32}", "replicaCount")
E("ci", "terraform-cloud-variable-hcl", """
resource "tfe_variable" "shopify_secret" {
  key          = "shopify_api_secret"
  value        = "§S"
  category     = "terraform"
  workspace_id = tfe_workspace.shop.id
  sensitive    = false
}
""", "shp|ss_{h32}", "tfe_workspace.shop.id")
E("ci", "capistrano-deploy-rb", """
set :application, "§shop"
set :repo_url, "https://deploy:§S@gitlab.agency.dev/shops/§shop.git"
set :deploy_to, "/var/www/§shop"
""", "glp|at-{x20}", "set :deploy_to")
E("ci", "deployer-php-host-config", """
host('§ip')
    ->set('remote_user', 'deployer')
    ->set('deploy_path', '~/§shop')
    ->set('shopware_admin_password', '§S');
""", "{pw}", "remote_user")
E("ci", "magento-env-yaml-variables", """
# .magento.env.yaml
stage:
  global:
    SCD_ON_DEMAND: true
  deploy:
    REDIS_BACKEND: '\\Magento\\Framework\\Cache\\Backend\\RemoteSynchronizedCache'
    CRYPT_KEY: '§S'
""", "{h32}", "SCD_ON_DEMAND: true")
E("ci", "platformsh-app-yaml-variables", """
variables:
    env:
        APP_ENV: 'prod'
        APP_SECRET: '§S'
        SHOPWARE_HTTP_CACHE_ENABLED: 1
""", "{h32}", "SHOPWARE_HTTP_CACHE_ENABLED")
E("ci", "xcode-cloud-ci-post-clone", """
#!/bin/sh
# ci_scripts/ci_post_clone.sh
set -e
echo "REVENUECAT_API_KEY=appl_§[{a27}]" >> ../Config.xcconfig
echo "SENTRY_AUTH_TOKEN=§S" > ../sentry.properties.env
brew install cocoapods && pod install
""", "sntry|s_{b150}", "ci_post_clone.sh")
E("ci", "appcenter-pre-build-script", """
#!/usr/bin/env bash
# appcenter-pre-build.sh
echo "Injecting keys"
sed -i '' "s/__SEGMENT_WRITE_KEY__/§S/" ios/§[{U5}]/Config.plist
""", "{a32}", "appcenter-pre-build.sh")
E("ci", "eas-workflow-yaml-env", """
# .eas/workflows/release.yml
jobs:
  build_ios:
    type: build
    params:
      platform: ios
    env:
      SENTRY_AUTH_TOKEN: §S
""", "sntry|u_{h64}", ".eas/workflows/release.yml")
E("ci", "fastlane-appfile-plus-env", """
# fastlane/Appfile
app_identifier("§appid")
apple_id("release@§domain")
itc_team_id("§[{d9}]")
# ENV["FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD"] = "§S"
""", "{asp}", "app_identifier(\"§appid\")")
E("ci", "github-actions-secret-in-if-condition", """
      - name: Purge CDN
        if: github.ref == 'refs/heads/main'
        run: curl -X POST "https://api.bunny.net/pullzone/§[{d6}]/purgeCache" -H "AccessKey: §S"
""", "{uuid}-{uuid}", "refs/heads/main")
E("ci", "gha-composite-action-default", """
inputs:
  lokalise-token:
    description: 'Lokalise API token'
    required: false
    default: '§S'
""", "{h40}", "Lokalise API token")
E("ci", "gha-reusable-workflow-call-secrets", """
jobs:
  call-deploy:
    uses: agency-studio/workflows/.github/workflows/deploy.yml@main
    secrets:
      cloudflare_token: §S
""", "{x40}", "agency-studio/workflows")
E("ci", "gitlab-ci-yaml-anchor", """
.deploy_vars: &deploy_vars
  SSH_HOST: §ip
  SSH_USER: gitlab
  SSH_PASS: "§S"

deploy_staging:
  variables: *deploy_vars
""", "{pw}", "SSH_USER: gitlab")
E("ci", "docker-compose-prod-secret-env", """
# docker-compose.prod.yml
  worker:
    image: registry.§domain/shop/worker:§sha7
    environment:
      KLAVIYO_PRIVATE_KEY: "§S"
      QUEUE_CONCURRENCY: "4"
""", "p|k_{h34}", "QUEUE_CONCURRENCY")
E("ci", "dockerfile-arg-default-secret", """
ARG SENTRY_AUTH_TOKEN=§S
RUN npx @sentry/cli sourcemaps upload --org agency-studio --project storefront ./dist
""", "sntry|u_{h64}", "sourcemaps upload")
E("ci", "procfile-release-command", """
release: DATABASE_URL=postgres://u:§S@§host:5432/d bin/rails db:migrate
web: bundle exec puma -C config/puma.rb
""", "{pwu}", "config/puma.rb")
E("ci", "ansible-deploy-playbook-vars", """
- hosts: shop
  vars:
    wp_db_password: "§S"
    wp_site_url: https://§domain
  roles:
    - wordpress
""", "{pw}", "roles:")
E("ci", "github-actions-log-deploy-step", """
Run ./scripts/deploy.sh production
+ export STRIPE_WEBHOOK_SECRET=§S
+ pm2 reload ecosystem.config.js --env production
[PM2] Applying action reloadProcessId on app [shop-api](ids: [ 0, 1 ])
""", "wh|sec_{a32}", "ecosystem.config.js")
E("ci", "ecosystem-config-js-env", """
module.exports = {
  apps: [{
    name: 'shop-api',
    script: 'dist/main.js',
    env_production: { NODE_ENV: 'production', SHIPSTATION_API_SECRET: '§S' },
  }],
}
""", "{h32}", "dist/main.js")
E("ci", "render-yaml-envvars", """
services:
  - type: web
    name: §shop-strapi
    envVars:
      - key: ADMIN_JWT_SECRET
        value: §S
      - key: DATABASE_URL
        fromDatabase: { name: strapi-db, property: connectionString }
""", "{b16}", "fromDatabase")
E("ci", "railway-toml-or-json-vars", """
{
  "$schema": "https://railway.app/railway.schema.json",
  "deploy": { "startCommand": "medusa start" },
  "variables": { "COOKIE_SECRET": "§S" }
}
""", "{x40}", "medusa start")
E("ci", "digitalocean-app-spec", """
envs:
- key: SALEOR_SECRET_KEY
  scope: RUN_TIME
  value: §S
- key: ALLOWED_HOSTS
  value: api.§domain
""", "{x50}", "scope: RUN_TIME")
E("ci", "cloudbuild-yaml-substitution", """
substitutions:
  _META_TOKEN: '§S'
steps:
- name: gcr.io/cloud-builders/gcloud
  args: ['run', 'deploy', 'sgtm', '--set-env-vars', 'META_TOKEN=$_META_TOKEN']
""", "EA|AB{a180}", "gcr.io/cloud-builders/gcloud")
E("ci", "aws-codebuild-buildspec-env", """
version: 0.2
env:
  variables:
    NODE_ENV: production
    EASYPOST_API_KEY: §S
phases:
  build:
    commands: [ "npm ci", "npm run build" ]
""", "EZ|AK{h54}", "version: 0.2")
E("ci", "serverless-yml-environment", """
provider:
  name: aws
  runtime: nodejs20.x
  environment:
    SHOPIFY_WEBHOOK_SECRET: §S
    TABLE_NAME: orders
""", "{h64}", "runtime: nodejs20.x")
E("ci", "sam-template-env", """
  OrderSyncFunction:
    Type: AWS::Serverless::Function
    Properties:
      Environment:
        Variables:
          PIPEDRIVE_TOKEN: §S
""", "{h40}", "AWS::Serverless::Function")
E("ci", "gha-env-file-write", """
      - name: Write .env
        run: |
          cat > .env <<EOF
          NEXT_PUBLIC_API=https://api.§domain
          MEDUSA_ADMIN_TOKEN=§S
          EOF
""", "sk_{h64}", "NEXT_PUBLIC_API")
E("ci", "ci-variable-export-json-gitlab", """
[
  {"variable_type":"env_var","key":"KUBE_TOKEN","value":"§S","protected":true,"masked":false,"environment_scope":"production"},
  {"variable_type":"env_var","key":"KUBE_NAMESPACE","value":"shop-prod","protected":true,"masked":false,"environment_scope":"production"}
]
""", "{jwtk}", "KUBE_NAMESPACE")
E("ci", "github-env-secrets-ocr", """
[OCR of screenshot: Settings → Secrets and variables → Actions]
Repository secrets
  ASC_KEY_ID            Updated 2 days ago
  MATCH_PASSWORD        Updated 3 weeks ago
(client wrote the value in the comment box below the screenshot: §S)
""", "{pp}", "Repository secrets")
E("ci", "gha-workflow-dispatch-input-default", """
on:
  workflow_dispatch:
    inputs:
      klaviyo_key:
        description: "Klaviyo private key (leave default)"
        default: "§S"
""", "p|k_{h34}", "workflow_dispatch")
E("ci", "gradle-ci-signing-env-fallback", """
    signingConfigs {
        release {
            storePassword System.getenv("KS_PASS") ?: "§S"
            keyAlias System.getenv("KS_ALIAS") ?: "upload"
        }
    }
""", "{pw}", "KS_ALIAS")
E("ci", "xcodebuild-export-options-plist", """
<key>method</key><string>app-store</string>
<key>teamID</key><string>§team</string>
<!-- for notarize step -->
<key>appleIdPassword</key><string>§S</string>
""", "{asp}", "<key>teamID</key><string>§team</string>")
E("ci", "gha-ssh-action-password", """
      - uses: appleboy/ssh-action@v1
        with:
          host: §ip
          username: deploy
          password: §S
          script: cd /var/www/§shop && git pull && php artisan migrate --force
""", "{pw}", "appleboy/ssh-action@v1")
E("ci", "gha-ftp-deploy-action", """
      - name: FTP deploy theme
        uses: SamKirkland/FTP-Deploy-Action@v4.3.5
        with:
          server: ftp.§domain
          username: §shop
          password: §S
          local-dir: ./wp-content/themes/§shop/
""", "{pws}", "SamKirkland/FTP-Deploy-Action")
E("ci", "gitlab-ci-kaniko-auth", """
  script:
    - echo "{\\"auths\\":{\\"$CI_REGISTRY\\":{\\"auth\\":\\"§S\\"}}}" > /kaniko/.docker/config.json
    - /kaniko/executor --context $CI_PROJECT_DIR --destination $CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA
""", "<<gitlab-ci-token:glp|at-{x20}>>", "/kaniko/executor")
E("ci", "bitbucket-pipeline-variable-inline", """
          script:
            - export PRESTASHOP_WS_KEY=§S
            - php bin/sync-stock.php --shop §shop
""", "{u32}", "bin/sync-stock.php")
E("ci", "circleci-orb-parameters", """
workflows:
  release:
    jobs:
      - slack/on-hold:
          webhook: https://hooks.slack.com/services/T§[{U8}]/B§[{U10}]/§S
""", "{a24}", "slack/on-hold")
E("ci", "shopify-cli-ci-env-export", """
# deploy step on Buddy.works
export SHOPIFY_CLI_PARTNERS_TOKEN=§S
shopify app deploy --force --source-control-url "$BUDDY_EXECUTION_REVISION_URL"
""", "atkn_{h64}", "shopify app deploy --force")
E("ci", "expo-github-action-token", """
      - uses: expo/expo-github-action@v8
        with:
          eas-version: latest
          token: §S
""", "{x40}", "expo/expo-github-action@v8")
E("ci", "sentry-release-action", """
      - uses: getsentry/action-release@v1
        env:
          SENTRY_AUTH_TOKEN: §S
          SENTRY_ORG: agency-studio
          SENTRY_PROJECT: storefront
""", "sntry|s_{b150}", "getsentry/action-release@v1")
E("ci", "crowdin-action-with-token", """
      - uses: crowdin/github-action@v2
        with:
          upload_sources: true
          download_translations: true
        env:
          CROWDIN_PROJECT_ID: §[{d6}]
          CROWDIN_PERSONAL_TOKEN: §S
""", "{h80}", "download_translations: true")
E("ci", "lokalise-action-inputs", """
      - uses: lokalise/lokalise-pull-action@v3
        with:
          api_token: §S
          project_id: §[{d9}].§[{h8}]
          base_lang: en
""", "{h40}", "base_lang: en")
E("ci", "algolia-crawler-ci-step", """
      - name: Reindex docs
        run: npx algolia-crawler reindex --app-id §[{U10}] --api-key §S --crawler-id §uuid
""", "{h32}", "--crawler-id §uuid")
E("ci", "vercel-cli-deploy-token-flag", """
      - run: npx vercel deploy --prod --token=§S --scope agency-studio
""", "{a24}", "--scope agency-studio")
E("ci", "netlify-cli-deploy-auth-flag", """
      - run: npx netlify deploy --prod --dir=dist --site §uuid --auth §S
""", "nfp_{a36}", "--site §uuid")
E("ci", "firebase-hosting-deploy-action", """
      - uses: FirebaseExtended/action-hosting-deploy@v0
        with:
          repoToken: ${{ secrets.GITHUB_TOKEN }}
          firebaseServiceAccount: '{"type":"service_account","project_id":"§proj","private_key":"§bpk\\n§S\\n§epk\\n"}'
          channelId: live
""", "{rsaj}", "channelId: live")
E("ci", "wp-engine-deploy-action", """
      - uses: wpengine/github-action-wpe-site-deploy@v3
        with:
          WPE_SSHG_KEY_PRIVATE: |
            §bos
            §S
            §eos
          WPE_ENV: §[{l10}]prod
""", "{osshin12}", "github-action-wpe-site-deploy@v3")
E("ci", "gha-ssh-key-private-inline", """
      - name: Setup SSH
        run: |
          mkdir -p ~/.ssh
          cat > ~/.ssh/id_ed25519 <<'KEY'
          §bos
          §S
          §eos
          KEY
          chmod 600 ~/.ssh/id_ed25519
""", "{osshin10}", "chmod 600 ~/.ssh/id_ed25519")
E("ci", "gitlab-ci-ssh-private-key-var-export", """
# exported CI/CD variable (file type) SSH_PRIVATE_KEY, pasted by client for debugging
§brsa
§S
§ersa
""", "{rsaone}", "SSH_PRIVATE_KEY")
E("ci", "jenkins-credentials-xml", """
<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
  <scope>GLOBAL</scope>
  <id>magento-repo</id>
  <username>§h32</username>
  <password>§S</password>
</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
""", "{h32}", "<id>magento-repo</id>")
E("ci", "teamcity-parameter-xml", """
<param name="env.BRAINTREE_PRIVATE_KEY" value="§S" />
<param name="env.BRAINTREE_ENV" value="production" />
""", "{h32}", "BRAINTREE_ENV")
E("ci", "gha-secret-in-matrix-include", """
        include:
          - shop: §shop
            token: §S
          - shop: demo-store
            token: ${{ secrets.DEMO_TOKEN }}
""", "shp|at_{h32}", "secrets.DEMO_TOKEN")
E("ci", "ci-deploy-script-heredoc-env", """
ssh deploy@§ip <<'EOF'
  cd /srv/medusa
  export JWT_SECRET=§S
  pm2 restart medusa
EOF
""", "{x48}", "pm2 restart medusa")
E("ci", "k8s-cronjob-args-token", """
          containers:
            - name: feed-export
              image: registry.§domain/feeds:§sha7
              args: ["--shop", "§shop", "--token", "§S", "--out", "gs://§shop-feeds/google.xml"]
""", "shp|at_{h32}", "feed-export")
E("ci", "nomad-job-template-env", """
      template {
        data = <<EOH
MEILI_MASTER_KEY="§S"
EOH
        destination = "secrets/meili.env"
        env = true
      }
""", "{x43}", "secrets/meili.env")
E("ci", "docker-swarm-stack-env", """
  api:
    image: shop/api:§ver
    environment:
      - ZENDESK_TOKEN=§S
    deploy:
      replicas: 2
""", "{a40}", "replicas: 2")
E("ci", "ci-log-helm-upgrade-set", """
$ helm upgrade --install storefront ./chart --namespace shop --set env.MUX_TOKEN_SECRET=§S --set image.tag=§sha7
Release "storefront" has been upgraded. Happy Helming!
""", "{k75}", "Happy Helming")
E("ci", "codemagic-yaml-scripts-inline", """
    scripts:
      - name: Set up keystore
        script: |
          echo $CM_KEYSTORE | base64 --decode > $CM_BUILD_DIR/keystore.jks
          cat >> "$CM_BUILD_DIR/android/key.properties" <<EOF
          storePassword=§S
          keyAlias=upload
          EOF
""", "{pws}", "Set up keystore")
E("ci", "gha-env-at-workflow-level-mixed", """
env:
  NODE_VERSION: 20
  TURBO_TEAM: agency
  TURBO_TOKEN: §S
""", "{x24}", "TURBO_TEAM: agency")
E("ci", "fastlane-ci-env-file", """
# fastlane/.env.ci  (committed by mistake in §sha7)
SUPPLY_JSON_KEY_DATA={"type":"service_account","private_key":"§bpk\\n§S\\n§epk\\n"}
SUPPLY_PACKAGE_NAME=§appid
""", "{rsaj}", "SUPPLY_PACKAGE_NAME=§appid")
E("ci", "ci-terraform-apply-log-var", """
Terraform will perform the following actions:
  # cloudflare_record.shop will be updated in-place
Plan: 0 to add, 1 to change, 0 to destroy.
Running: terraform apply -auto-approve -var cloudflare_api_token=§S
""", "{x40}", "cloudflare_record.shop")
E("ci", "gha-job-outputs-leak", """
Run echo "::set-output name=token::$(cat token.txt)"
::set-output name=token::§S
""", "{x40}", "set-output name=token")
E("ci", "gitlab-pages-ci-env", """
pages:
  script:
    - HUGO_ENV=production CONTENTFUL_TOKEN=§S hugo --minify
  artifacts:
    paths: [public]
""", "{x43}", "hugo --minify")
E("ci", "bunnycdn-deploy-script", """
curl --request PUT --url https://storage.bunnycdn.com/§shop-assets/theme.css --header "AccessKey: §S" --header "Content-Type: application/octet-stream" --data-binary @dist/theme.css
""", "{uuid}-{h4}-{h4}", "storage.bunnycdn.com")
E("ci", "deploy-notes-markdown-ci", """
### CI secrets to set in Codemagic (copy from old Bitrise)
| Name | Value |
|---|---|
| ANDROID_KEYSTORE_PASSWORD | §S |
| APP_STORE_KEY_ID | §kid |
""", "{pws}", "APP_STORE_KEY_ID | §kid")
E("ci", "gha-action-yml-env-hubspot", """
      - name: Sync forms
        env:
          HUBSPOT_TOKEN: ${{ secrets.HUBSPOT_TOKEN || '§S' }}
        run: node scripts/sync-forms.mjs
""", "pat-|eu1-{uuid}", "scripts/sync-forms.mjs")
E("ci", "skaffold-yaml-set-value", """
deploy:
  helm:
    releases:
      - name: saleor
        chartPath: charts/saleor
        setValues:
          database.password: §S
""", "{pw}", "chartPath: charts/saleor")
E("ci", "pulumi-stack-config-yaml-plaintext", """
config:
  aws:region: §region
  shop:mollieApiKey: §S
  shop:domain: §domain
""", "li|ve_{a30}", "shop:domain")
E("ci", "gha-cache-key-plus-secret-echo", """
Run echo "Using Typesense key §S for collection products_v3"
Using Typesense key §S for collection products_v3
""", "{a32}", "products_v3")

# -------------------------------------------------------- vendor-token ---
E("tok", "shopify-admin-token-labelled", "Shopify Admin API access token (§shop): §S", "shp|at_{h32}", "§shop", n=2)
E("tok", "shopify-custom-app-token-bare", """
§shop.myshopify.com
§S
""", "shp|ca_{h32}", "§shop.myshopify.com")
E("tok", "shopify-legacy-private-app-password", "private app \"Agency ERP\" — API key §h32, password §S", "shp|pa_{h32}", "API key §h32")
E("tok", "shopify-app-shared-secret", "App credentials → Client secret: §S", "shp|ss_{h32}", "Client secret")
E("tok", "shopify-theme-access-password", "Theme Access app password for §name: §S", "shp|tka_{h32}", "Theme Access app")
E("tok", "shopify-partners-cli-token", "Partner Dashboard CLI token: §S", "atkn_{h64}", "Partner Dashboard")
E("tok", "stripe-secret-live-labelled", "Stripe secret key (live): §S", "sk_|live_51{a97}", "Stripe secret key (live)", n=2)
E("tok", "stripe-restricted-key-bare", "§S", "rk_|live_51{a97}")
E("tok", "stripe-webhook-signing-secret", "Signing secret for endpoint we_§[{a24}]: §S", "wh|sec_{a32}", "endpoint we_")
E("tok", "stripe-test-secret-key", "test mode key (still a secret!): §S", "sk_|test_51{a97}", "test mode key")
E("tok", "woocommerce-consumer-secret", "Consumer secret: §S", "cs|_{h40}", "Consumer secret", n=2)
E("tok", "bigcommerce-api-account-token", "BigCommerce API account — Client ID §[{l31}] · Access token §S", "{l31}", "BigCommerce API account")
E("tok", "magento-integration-access-token", "Magento integration \"PIM\" access token = §S", "{l32}", "Magento integration")
E("tok", "prestashop-webservice-key", "PS webservice key §S (orders GET/PUT)", "{u32}", "orders GET/PUT")
E("tok", "shopware-integration-secret", "SWIA§[{U22}] / §S", "{a54}", "SWIA")
E("tok", "saleor-app-token-bare", "saleor app token §S", "{a30}", "saleor app token")
E("tok", "medusa-secret-api-key", "Medusa secret API key: §S", "sk_{h64}", "Medusa secret API key")
E("tok", "contentful-cma-token", "CMA token: §S", "CF|PAT-{x43}", "CMA token", n=2)
E("tok", "contentful-delivery-token", "Content Delivery API - access token §S (space §[{l12}])", "{x43}", "Content Delivery API")
E("tok", "sanity-robot-token", "Sanity robot token (Editor): §S", "s|k{a178}", "Sanity robot token")
E("tok", "strapi-full-access-token", "Strapi full-access API token:\n§S", "{h256}", "Strapi full-access")
E("tok", "storyblok-oauth-token", "Storyblok personal access token → §S", "{a22}-{d6}-{a20}", "personal access token")
E("tok", "prismic-master-token", "prismic permanent access token: §S", "MC5{x40}.{x40}", "prismic")
E("tok", "webflow-site-token", "Webflow site API token (CMS read/write) §S", "{h64}", "CMS read/write")
E("tok", "wix-api-key-ist", "Wix API key: §S", "IST.{jwt}", "Wix API key")
E("tok", "squarespace-api-key", "Squarespace API key – Orders: §S", "{uuid}", "Squarespace API key")
E("tok", "hubspot-private-app-token", "HubSpot private app token: §S", "pat-|na1-{uuid}", "HubSpot private app", n=2)
E("tok", "hubspot-legacy-hapikey", "hapikey=§S (legacy, sunset)", "{uuid}", "legacy, sunset")
E("tok", "hubspot-developer-api-key", "HubSpot developer API key (app §[{d7}]): §S", "{uuid}", "developer API key")
E("tok", "mailchimp-api-key-dc-suffix", "§S", "{h32}-us{d2}")
E("tok", "mailchimp-transactional-key", "Mandrill key: §S", "md-{x22}", "Mandrill key")
E("tok", "klaviyo-private-key-bare", "klaviyo §S", "p|k_{h34}", "klaviyo", n=2)
E("tok", "brevo-api-v3-key", "Brevo API v3 key: §S", "xkey|sib-{h64}-{a16}", "Brevo API v3 key")
E("tok", "brevo-smtp-key", "SMTP key (Brevo): §S", "xsmtp|sib-{h64}-{a16}", "SMTP key (Brevo)")
E("tok", "customerio-app-api-key", "Customer.io App API key (bearer): §S", "{h32}", "Customer.io App API key")
E("tok", "customerio-track-key-with-site-id", "site id §h12§[{h8}] · tracking API key §S", "{h20}", "tracking API key")
E("tok", "segment-write-key-labelled", "Segment source \"iOS app\" write key: §S", "{a32}", "iOS app")
E("tok", "segment-public-api-token", "Segment Public API token: §S", "sgp_{a64}", "Segment Public API token")
E("tok", "mixpanel-api-secret", "Mixpanel API secret (project §[{d7}]): §S", "{h32}", "Mixpanel API secret")
E("tok", "amplitude-secret-key", "Amplitude secret key §S", "{h32}", "Amplitude secret key")
E("tok", "ga4-measurement-protocol-secret", "api_secret=§S", "{x22}", "api_secret=")
E("tok", "meta-system-user-token", "Meta system user access token (never expires):\n§S", "EA|AB{a180}", "system user access token")
E("tok", "meta-app-secret", "FB app secret §S (app id §[{d16}])", "{h32}", "FB app secret")
E("tok", "google-ads-developer-token-labelled", "developer-token: §S", "{x22}", "developer-token:")
E("tok", "google-oauth-client-secret", "client_secret: §S", "GOC|SPX-{x28}", "client_secret:", n=2)
E("tok", "google-refresh-token", "refresh_token §S", "1//0{x97}", "refresh_token")
E("tok", "google-server-api-key-unrestricted", "Places API server key (no restrictions!): §S", "AI|za{x35}", "Places API server key")
E("tok", "tiktok-marketing-access-token", "TikTok Marketing API long-term token: §S", "{h40}", "TikTok Marketing API")
E("tok", "linkedin-access-token", "LinkedIn 3-legged token: §S", "AQ{x300}", "3-legged token")
E("tok", "zendesk-api-token", "Zendesk API token (Admin Center → Apps and integrations): §S", "{a40}", "Admin Center")
E("tok", "intercom-access-token", "intercom access token §S", "dG9rOj{a50}=", "intercom access token")
E("tok", "freshdesk-api-key", "Freshdesk profile → Your API Key: §S", "{a20}", "Your API Key")
E("tok", "helpscout-app-secret", "Help Scout app secret: §S", "{a32}", "Help Scout app secret")
E("tok", "pipedrive-personal-token", "Pipedrive personal API token §S", "{h40}", "Pipedrive personal API token")
E("tok", "salesforce-consumer-secret", "Connected App consumer secret: §S", "{H64}", "Connected App")
E("tok", "salesforce-session-id", "sid=§S", "00D{a12}!AQ{x4}.{x96}", "sid=")
E("tok", "adyen-api-key-ws-user", "ws@Company.§[{a8}] API key:\n§S", "AQ|E{k80}==-{k43}=-{a16}", "ws@Company.")
E("tok", "adyen-hmac-key-bare", "HMAC key §S", "{H64}", "HMAC key")
E("tok", "mollie-live-key", "§S", "li|ve_{a30}")
E("tok", "mollie-organization-token", "Mollie organization access token: §S", "access_{a40}", "organization access token")
E("tok", "klarna-api-password", "Klarna API credentials — UID K§[{d6}]_§[{h12}], password §S", "klarna_|live_api_{x60}", "Klarna API credentials")
E("tok", "braintree-access-token", "§S", "access_token$production${l16}${h32}")
E("tok", "braintree-private-key", "Braintree private key: §S", "{h32}", "Braintree private key")
E("tok", "square-production-token", "Square production access token §S", "EA|AA{x60}", "production access token")
E("tok", "square-app-secret", "Square application secret: §S", "sq0|csp-{x43}", "application secret")
E("tok", "paypal-client-secret", "PayPal live app secret: §S", "E{x79}", "PayPal live app secret")
E("tok", "shipstation-api-secret", "ShipStation API Secret §S", "{h32}", "ShipStation API Secret")
E("tok", "easypost-production-key", "EasyPost production key: §S", "EZ|AK{h54}", "production key", n=2)
E("tok", "easypost-test-key", "EasyPost test key §S", "EZ|TK{h54}", "EasyPost test key")
E("tok", "shippo-live-token", "ShippoToken §S", "shippo_|live_{h40}", "ShippoToken")
E("tok", "dhl-developer-secret", "developer.dhl.com app secret §S", "{a16}", "developer.dhl.com")
E("tok", "ups-client-secret", "UPS Client Secret: §S", "{a64}", "UPS Client Secret")
E("tok", "fedex-secret-key", "FedEx Secret Key §S", "{h32}", "FedEx Secret Key")
E("tok", "sendcloud-secret-key", "Sendcloud secret §S", "{h32}", "Sendcloud secret")
E("tok", "algolia-admin-api-key", "Algolia Admin API Key: §S", "{h32}", "Algolia Admin API Key")
E("tok", "typesense-admin-key", "typesense admin key §S", "{a32}", "typesense admin key")
E("tok", "meilisearch-master-key", "MEILI master key: §S", "{x43}", "MEILI master key")
E("tok", "cloudinary-env-url", "CLOUDINARY_URL=cloudinary://§[{d15}]:§S@§shop", "{x27}", "CLOUDINARY_URL=cloudinary://")
E("tok", "imgix-api-key", "imgix API key §S", "ak_{h64}", "imgix API key")
E("tok", "mux-token-secret", "Mux access token §uuid — secret: §S", "{k75}", "Mux access token §uuid")
E("tok", "vimeo-personal-access-token", "Vimeo personal access token §S", "{h32}", "Vimeo personal access token")
E("tok", "crowdin-personal-token", "Crowdin personal access token:\n§S", "{h80}", "Crowdin personal access token")
E("tok", "lokalise-api-token", "Lokalise API token §S (read and write)", "{h40}", "read and write")
E("tok", "phrase-access-token", "Phrase access token: §S", "{h64}", "Phrase access token")
E("tok", "transifex-api-token", "§S", "1/{h40}")
E("tok", "asc-p8-key-file-body", """
AuthKey_§kid.p8
§bpk
§S
§epk
""", "{pem}", "AuthKey_§kid.p8")
E("tok", "asc-key-base64-oneline", "APP_STORE_CONNECT_PRIVATE_KEY_B64=§S", "<<-----BEGIN PRIVATE| KEY-----\n{pem}\n-----END PRIVATE| KEY-----\n>>", "APP_STORE_CONNECT_PRIVATE_KEY_B64")
E("tok", "google-play-sa-private-key-escaped", "\"private_key\": \"§bpk\\n§S\\n§epk\\n\"", "{rsaj}", "\"private_key\"")
E("tok", "fastlane-match-passphrase", "match passphrase: §S", "{pp}", "match passphrase", n=2)
E("tok", "apple-app-specific-password", "app-specific password (CI uploads): §S", "{asp}", "CI uploads")
E("tok", "firebase-fcm-server-key", "FCM server key §S", "AAAA{x7}:APA91b{x134}", "FCM server key")
E("tok", "firebase-ci-token", "FIREBASE_TOKEN §S", "1//0{x97}", "FIREBASE_TOKEN")
E("tok", "expo-access-token", "Expo robot access token: §S", "{x40}", "Expo robot access token")
E("tok", "codepush-access-key", "code-push access key §S", "{x36}", "code-push access key")
E("tok", "onesignal-rest-api-key-v2", "OneSignal REST API key: §S", "os_v2_|app_{z112}", "OneSignal REST API key")
E("tok", "onesignal-user-auth-key", "OneSignal user auth key §S", "{a48}", "user auth key")
E("tok", "revenuecat-secret-key", "RevenueCat secret API key §S", "s|k_{a28}", "RevenueCat secret API key")
E("tok", "sentry-org-auth-token", "§S", "sntry|s_{b150}")
E("tok", "sentry-user-auth-token", "Sentry user auth token: §S", "sntry|u_{h64}", "Sentry user auth token")
E("tok", "bitrise-personal-access-token", "Bitrise PAT §S", "{x86}", "Bitrise PAT")
E("tok", "codemagic-api-token", "Codemagic API token: §S", "{x43}", "Codemagic API token")
E("tok", "github-classic-pat", "§S", "gh|p_{a36}", n=2)
E("tok", "github-fine-grained-pat", "fine-grained PAT (contents:read on §shop-theme): §S", "github_|pat_11{u21}_{a59}", "fine-grained PAT")
E("tok", "github-oauth-token", "gh oauth token §S", "gh|o_{a36}", "gh oauth token")
E("tok", "gitlab-personal-token", "GitLab PAT: §S", "glp|at-{x20}", "GitLab PAT")
E("tok", "gitlab-deploy-token", "deploy token gitlab+deploy-token-§[{d6}] / §S", "gldt-{x20}", "gitlab+deploy-token")
E("tok", "npm-automation-token", "npm automation token §S", "np|m_{a36}", "npm automation token")
E("tok", "docker-hub-pat", "Docker Hub PAT §S", "dckr_|pat_{x27}", "Docker Hub PAT")
E("tok", "slack-bot-token", "Slack bot token: §S", "xo|xb-{d12}-{d13}-{a24}", "Slack bot token")
E("tok", "slack-user-token", "xoxp token for the export script: §S", "xo|xp-{d12}-{d12}-{d13}-{h32}", "export script")
E("tok", "slack-webhook-full-url-path", "https://hooks.slack.com/services/§S", "T{U8}/B{U10}/{a24}", "hooks.slack.com/services")
E("tok", "sendgrid-api-key", "SendGrid: §S", "S|G.{x22}.{x43}", "SendGrid:")
E("tok", "postmark-server-token", "Postmark server token §S", "{uuid}", "Postmark server token")
E("tok", "mailgun-private-key", "Mailgun private API key: §S", "key-{h32}", "Mailgun private API key")
E("tok", "twilio-auth-token", "Twilio Account SID AC§h32 / Auth Token §S", "{h32}", "Account SID AC§h32")
E("tok", "aws-secret-access-key-pair", "§akid §S", "{k40}", "§akid")
E("tok", "digitalocean-pat", "DO token §S", "dop_|v1_{h64}", "DO token")
E("tok", "cloudflare-api-token", "Cloudflare API token (Zone.Cache Purge): §S", "{x40}", "Zone.Cache Purge")
E("tok", "heroku-api-key", "HEROKU_API_KEY §S", "HRKU-{uuid}", "HEROKU_API_KEY")
E("tok", "vercel-access-token", "Vercel token (agency-studio scope): §S", "{a24}", "agency-studio scope")
E("tok", "netlify-personal-token", "Netlify PAT: §S", "nfp_{a36}", "Netlify PAT")
E("tok", "doppler-service-token", "Doppler service token §S", "dp.st.prd.{a43}", "Doppler service token")
E("tok", "onepassword-service-account-token", "OP_SERVICE_ACCOUNT_TOKEN=§S", "ops_{w180}", "OP_SERVICE_ACCOUNT_TOKEN")
E("tok", "supabase-service-role", "supabase service_role: §S", "{jwtsb}", "supabase service_role")
E("tok", "planetscale-password", "pscale password for branch main: §S", "pscale_|pw_{x43}", "branch main")
E("tok", "upstash-redis-rest-token", "UPSTASH_REDIS_REST_TOKEN=§S", "A{x67}=", "UPSTASH_REDIS_REST_TOKEN")
E("tok", "openai-project-key", "OpenAI key used for product description generator: §S", "sk-|proj-{x48}T3Blbk|FJ{x48}", "product description generator")
E("tok", "anthropic-api-key", "ANTHROPIC_API_KEY=§S", "sk-|ant-api03-{x93}AA", "ANTHROPIC_API_KEY")
E("tok", "gorgias-api-key", "Gorgias API key (user ops@§domain): §S", "{h64}", "Gorgias API key")
E("tok", "recharge-api-token", "Recharge API token §S", "sk_1x1_{h64}", "Recharge API token")
E("tok", "yotpo-secret-key", "Yotpo app key §[{a40}] / secret key §S", "{a40}", "Yotpo app key")
E("tok", "judgeme-private-token", "Judge.me private API token: §S", "{x27}", "Judge.me private API token")
E("tok", "aftership-api-key", "AfterShip API key §S", "asat_{h32}", "AfterShip API key")
E("tok", "loop-returns-api-key", "Loop Returns API key §S", "{h40}", "Loop Returns")
E("tok", "okendo-api-key", "Okendo API key §S", "{uuid}", "Okendo API key")
E("tok", "omnisend-api-key", "Omnisend API key: §S", "{h24}-{a50}", "Omnisend API key")
E("tok", "attentive-api-key", "Attentive API key §S", "{w32}", "Attentive API key")
E("tok", "postscript-private-key", "Postscript private API key §S", "sk_{h32}", "Postscript private API key")
E("tok", "nosto-api-token", "Nosto API token (Products) §S", "{a64}", "Nosto API token")
E("tok", "rebuy-api-key", "Rebuy private key §S", "{h40}", "Rebuy private key")
E("tok", "smile-io-private-key", "Smile.io private key: §S", "{x40}", "Smile.io private key")
E("tok", "trustpilot-api-secret", "Trustpilot API key §[{a32}] secret §S", "{a16}", "Trustpilot API key")
E("tok", "bunny-storage-password", "Bunny storage zone password: §S", "{uuid}-{h4}-{h4}", "Bunny storage zone password")

# ------------------------------------------------- more notes (English) ---
E("note", "agent-progress-log-bullets", """
Progress (§time)
- reproduced the Klarna 401 locally
- creds in use: K§[{d6}]_§[{h12}] : §S
- next: compare with Merchant Portal, maybe the playground creds were pasted
""", "klarna_|live_api_{x60}", "reproduced the Klarna 401", n=2)
E("note", "chat-client-sends-screenshot-text", """
Client: here's what I see in the dashboard (copied): "Secret key  §S  Reveal  Roll key"
Agent: Thanks. Please click "Roll key" after we switch the env var — that value is now in this chat history.
""", "sk_|live_{a24}", "Roll key", n=2)
E("note", "csv-row-export-vault", """
name,url,username,password,extra
Shopware admin §client,https://§domain/admin,agency,§S,
Plausible,https://plausible.io,ops@agency.studio,,SSO
""", "{pw}", "Plausible,https://plausible.io", n=2)
E("note", "bitwarden-json-export-item", """
{"type":1,"name":"§client – PrestaShop BO","login":{"username":"agency@§domain","password":"§S","uris":[{"uri":"https://§domain/admin-§[{l8}]"}]}}
""", "{pw}", "PrestaShop BO")
E("note", "keepass-xml-entry", """
<Entry><String><Key>Title</Key><Value>Magento prod SSH</Value></String><String><Key>UserName</Key><Value>§user</Value></String><String><Key>Password</Key><Value ProtectInMemory="True">§S</Value></String></Entry>
""", "{pw}", "Magento prod SSH")
E("note", "agent-final-report-secret-flagged", """
Final report
• Upgraded Saleor 3.17 → 3.19, migrations ran clean
• Found a leaked App token in dashboard/.env.local: §S — recommend revoking in Dashboard → Apps
• Storefront build green
""", "{a30}", "Upgraded Saleor 3.17")
E("note", "pm-task-assignment", """
@agent task for today: wire the Help Scout beacon + the conversation export. App secret is §S, app id is in the ticket.
""", "{a32}", "Help Scout beacon")
E("note", "email-reset-link-token", """
From: no-reply@§domain
Subject: Reset your password
Click here to reset: https://§domain/account/reset/§[{d12}]/§S
This link expires in 24 hours.
""", "{h32}-{d10}", "Reset your password", n=2)
E("note", "magic-link-login-url", """
Client forwarded the admin magic link (expires in 15 min): https://admin.§domain/auth/magic?token=§S&email=owner%40§domain
""", "{x43}", "admin magic link")
E("note", "invitation-link-with-token", """
Here's the staff invite for the Shopify store: https://§shop.myshopify.com/admin/invitations/accept?token=§S
""", "{h32}", "staff invite")
E("note", "signed-url-s3-presigned", """
Client's product images zip (link valid 1h):
https://§shop-exports.s3.§region.amazonaws.com/images.zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=§akid%2F20240612%2F§region%2Fs3%2Faws4_request&X-Amz-Date=20240612T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=§S
""", "{h64}", "X-Amz-Algorithm=AWS4-HMAC-SHA256", n=2)
E("note", "gcs-signed-url", """
CSV export from the warehouse (signed URL): https://storage.googleapis.com/§shop-exports/orders-§date.csv?GoogleAccessId=exporter%40§proj.iam.gserviceaccount.com&Expires=§epoch&Signature=§S
""", "{b256}", "GoogleAccessId=exporter")
E("note", "azure-sas-url", """
Upload the feed here: https://§[{l10}]feeds.blob.core.windows.net/feeds/google.xml?sv=2022-11-02&ss=b&srt=o&sp=rwc&se=2024-12-31T23:59:59Z&st=2024-06-01T00:00:00Z&spr=https&sig=§S
""", "{b32}", "sv=2022-11-02")
E("note", "cloudfront-signed-url", """
Preview video for client approval: https://d§[{l13}].cloudfront.net/promo/final.mp4?Expires=§epoch&Signature=§S&Key-Pair-Id=K§[{U13}]
""", "{x300}", "Key-Pair-Id=K")
E("note", "imgix-signed-url-note", """
Signed imgix URL for the hero banner: https://§shop.imgix.net/hero.jpg?w=1600&auto=format&s=§S
""", "{h32}", "hero banner")
E("note", "mux-signed-playback-url", """
Private playback link for the client: https://stream.mux.com/§[{a40}].m3u8?token=§S
""", "{jwtrs}", "stream.mux.com")
E("note", "agent-note-no-credential-word", """
Copied from the old server's crontab before decommissioning:
0 3 * * * /usr/bin/php /var/www/shop/cron.php §S >/dev/null 2>&1
""", "{h32}", "decommissioning")
E("note", "chat-number-looking-secret", """
§name: the Joomla admin is "admin" and then §S (yes, that's the whole thing)
""", "{pws}", "the Joomla admin is")
E("note", "ticket-comment-api-response-paste", """
Comment by §name on SUP-§[{d4}]:
Response from /oauth/token was:
{"access_token":"§S","expires_in":3600,"token_type":"Bearer"}
and the next call still 401s.
""", "{jwt}", "still 401s")
E("note", "handoff-stripe-connect", """
Stripe Connect platform: connected account acct_§[{a16}] (the §client shop). Platform secret in 1P; the webhook secret for the connect endpoint is §S.
""", "wh|sec_{a32}", "connect endpoint")
E("note", "email-quoted-twice", """
>> Subject: DB access
>> host: §host  user: readonly
>> pw: §S
> Is this still valid?
Yes, still valid until the migration.
""", "{pw}", "until the migration")
E("note", "notes-yaml-frontmatter", """
---
title: "§client — ops notes"
updated: §date
owner: §name
---
The Plausible stats API key is §S (read-only, site §domain).
""", "{x64}", "ops notes")
E("note", "pm-jira-comment-mention", """
[~§user] The Vimeo upload is failing because the token (§S) only has public scope. Please generate one with "upload" + "edit".
""", "{h32}", "public scope")
E("note", "agent-notes-sql-insert", """
I seeded the staging admin directly:
INSERT INTO admin_user (username, email, password) VALUES ('agency', 'agency@§domain', '§S');
(plain text for now, it's rehashed on first login by the legacy module)
""", "{pw}", "rehashed on first login")
E("note", "message-with-url-userinfo", """
Webhook for the ERP: https://erp:§S@erp.§domain/hooks/shopify/orders (they use basic auth in the URL, ugh)
""", "{pwu}", "basic auth in the URL")
E("note", "handoff-smtp-relay-gmail", """
Transactional mails go via Google Workspace SMTP relay; app password for shop@§domain: §S
""", "{L4} {L4} {L4} {L4}", "Google Workspace SMTP relay")
E("note", "instagram-graph-token-note", """
Instagram feed on the homepage uses a long-lived token (60d), refreshed by cron. Current: §S
""", "IGQW{x180}", "long-lived token")
E("note", "pinterest-api-token-note", """
Pinterest Conversions API token for ad account §[{d12}]: §S
""", "pina_{x100}", "Conversions API token")
E("note", "snapchat-capi-note", """
Snap CAPI long-lived token (from Business Manager → Conversions API): §S
""", "{jwt}", "Snap CAPI")
E("note", "trello-card-description", """
Card: "Reconnect Typeform → HubSpot"
Description: Typeform personal token §S; HubSpot side is the private app.
""", "tfp_{x44}_{x14}", "Reconnect Typeform")
E("note", "airtable-pat-note", """
Product data is still in Airtable (base app§[{a14}]). PAT with data.records:read: §S
""", "pat{a14}.{h64}", "data.records:read")
E("note", "notion-integration-secret", """
Notion integration "Agency Docs Sync" — internal integration secret: §S
""", "secret_{a43}", "Agency Docs Sync")
E("note", "figma-token-note", """
Design tokens export script needs a Figma PAT: §S (from §name's account)
""", "figd_{x40}", "Design tokens export")
E("note", "asana-token-note", """
Asana PAT for the time-tracking report: §S
""", "2/{d16}/{d16}:{h32}", "time-tracking report")
E("note", "plain-chat-line-token-only", """
§name2: §S
§name2: ^ that's the new one for the search index
""", "{h32}", "search index")
E("note", "chat-correction-message", """
§name: sorry wrong one, the staging key was pk_test_... — correct LIVE private key is §S
""", "p|k_{h34}", "sorry wrong one")
E("note", "agent-memory-markdown-table", """
| key | value | note |
|---|---|---|
| store | §shop.myshopify.com | Plus |
| admin token | §S | custom app "Ops" |
| api version | 2024-07 | bump in Oct |
""", "shp|at_{h32}", "bump in Oct")
E("note", "ticket-template-filled", """
Access request
System: Google Play Console (§client)
Role: Release manager
Temporary console password (change on first login): §S
Approved by: §name
""", "{pw}", "Release manager")
E("note", "client-whatsapp-voice-to-text", """
[voice message transcribed] hi it's §name the password for the instagram shop manager is §S capital first letter thanks bye
""", "{pw}", "instagram shop manager")
E("note", "agent-plan-step-with-secret-in-cmd", """
Step 3/5: run the import against staging
  node scripts/import-reviews.js --judgeme-token §S --shop §shop --dry-run
""", "{x27}", "import-reviews.js")
E("note", "retro-action-items", """
Action items:
1. §name: rotate Gorgias key (leaked in Loom video at 03:12 — value §S)
2. §name2: add secret scanning to CI
""", "{h64}", "Loom video")
E("note", "loom-transcript-ocr", """
[Loom OCR frame 00:41] Settings › API › Private apps › Password  §S  [Show]
""", "shp|pa_{h32}", "Private apps")
E("note", "agent-tool-call-record", """
tool_call: bash
args: {"command": "curl -s -H 'Authorization: Bearer §S' https://api.§domain/v1/health"}
result: {"ok":true}
""", "{jwt}", "tool_call: bash")
E("note", "agent-tool-call-json-env", """
{"tool":"write_file","path":".env.production","content":"NODE_ENV=production\\nRECHARGE_API_TOKEN=§S\\n"}
""", "sk_1x1_{h64}", "write_file")
E("note", "standup-async-thread", """
§name2 (async standup): yesterday – fixed the AfterShip webhook (had to regenerate, new secret §S); today – return portal styling
""", "{h32}", "return portal styling")
E("note", "client-feedback-doc-comment", """
Comment on "Homepage v3" (Google Doc): "Also pls connect our Omnisend, key: §S – thx!"
""", "{h24}-{a50}", "Homepage v3")
E("note", "agent-env-diff-summary", """
Env diff staging vs prod:
  + ALGOLIA_INDEX_PREFIX=prod_
  ~ ALGOLIA_ADMIN_KEY: (staging) §S → (prod) <unchanged>
""", "{h32}", "ALGOLIA_INDEX_PREFIX")
E("note", "security-review-finding", """
Finding SR-§[{d2}] (High): Hard-coded Square access token in ios/Shop/Payments.swift line 18: "§S". Token is production-scoped.
""", "EA|AA{x60}", "production-scoped")
E("note", "pm-email-deadline-creds", """
Subject: Go-live Monday!!

All set on our side. The Adyen live credentials are in the shared doc; API key for convenience: §S

§name
""", "AQ|E{k80}==-{k43}=-{a16}", "Go-live Monday")
E("note", "agent-scratch-regex-test", """
tested the redaction helper with a real value from .env: redact("§S") -> "sk_live_***" OK
""", "sk_|live_{a24}", "redaction helper")
E("note", "handoff-dns-registrar", """
DNS is at the registrar (not Cloudflare yet). Registrar account: it@§domain / §S — client said we can use it for the migration.
""", "{pw}", "not Cloudflare yet")
E("note", "onboarding-email-vpn", """
Welcome! Your WireGuard config for the client VPN:
[Interface]
PrivateKey = §S
Address = 10.8.0.§n/32
""", "{b32}", "WireGuard config")
E("note", "vpn-preshared-key-note", """
IPsec to the warehouse: peer §ip, PSK §S, IKEv2 AES256/SHA256
""", "{pwx28}", "IKEv2 AES256/SHA256")
E("note", "wifi-and-pos-note", """
Store opening checklist: POS tablet Square login done; Square device code §[{U6}]; Lightspeed X-Series personal token §S for stock sync.
""", "lsxs_pt_{a32}", "Store opening checklist")
E("note", "agent-final-answer-with-secret", """
Done. I configured the Pipedrive webhook with HTTP auth user `pd-hook` and password `§S`, and verified a test deal triggers the Slack message.
""", "{pwx18}", "pd-hook")
E("note", "jira-bug-stacktrace-paste", """
SHOP-§[{d3}] Checkout fails on Apple Pay
Stack (from Sentry): PaymentError: Braintree authentication failed for merchant §[{l16}] using key §S
""", "{h32}", "Apple Pay")

# ---------------------------------------------------- more commands ---
E("cmd", "curl-gorgias-basic-email-key", """
curl -u ops@§domain:§S https://§shop.gorgias.com/api/tickets?limit=30
""", "{h64}", "gorgias.com/api/tickets")
E("cmd", "curl-recharge-token-header", """
curl -H "X-Recharge-Access-Token: §S" -H "X-Recharge-Version: 2021-11" https://api.rechargeapps.com/subscriptions?status=active
""", "sk_1x1_{h64}", "api.rechargeapps.com")
E("cmd", "curl-aftership-key-header", """
curl https://api.aftership.com/tracking/2024-04/trackings -H "as-api-key: §S" -H "Content-Type: application/json"
""", "asat_{h32}", "api.aftership.com")
E("cmd", "curl-judgeme-query-token", """
curl "https://judge.me/api/v1/reviews?shop_domain=§shop.myshopify.com&api_token=§S&per_page=100"
""", "{x27}", "judge.me/api/v1/reviews")
E("cmd", "curl-omnisend-api-key-header", """
curl -X POST https://api.omnisend.com/v3/contacts -H "X-API-KEY: §S" -H "Content-Type: application/json" -d @contact.json
""", "{h24}-{a50}", "api.omnisend.com")
E("cmd", "curl-airtable-bearer-pat", """
curl "https://api.airtable.com/v0/app§[{a14}]/Products?maxRecords=3" -H "Authorization: Bearer §S"
""", "pat{a14}.{h64}", "api.airtable.com")
E("cmd", "curl-notion-secret-bearer", """
curl https://api.notion.com/v1/databases/§h32/query -H "Authorization: Bearer §S" -H "Notion-Version: 2022-06-28" -X POST
""", "secret_{a43}", "api.notion.com")
E("cmd", "curl-instagram-graph-token-query", """
curl -s "https://graph.instagram.com/me/media?fields=id,caption,media_url&access_token=§S"
""", "IGQW{x180}", "graph.instagram.com")
E("cmd", "curl-pinterest-bearer", """
curl -X POST https://api.pinterest.com/v5/ad_accounts/§[{d12}]/events -H "Authorization: Bearer §S" -H 'Content-Type: application/json' -d @events.json
""", "pina_{x100}", "api.pinterest.com")
E("cmd", "wg-quick-privatekey-echo", """
echo "§S" > /etc/wireguard/privatekey && chmod 600 /etc/wireguard/privatekey && wg-quick up wg0
""", "{b32}", "wg-quick up wg0")
E("cmd", "openai-cli-env-prefix", """
OPENAI_API_KEY=§S python scripts/generate_alt_texts.py --shop §shop --limit 200
""", "sk-|proj-{x48}T3Blbk|FJ{x48}", "generate_alt_texts.py")
E("cmd", "curl-typeform-bearer", """
curl -H "Authorization: Bearer §S" "https://api.typeform.com/forms/§[{a8}]/responses?page_size=25"
""", "tfp_{x44}_{x14}", "api.typeform.com")
E("cmd", "curl-lightspeed-bearer", """
curl -H "Authorization: Bearer §S" https://§shop.retail.lightspeed.app/api/2.0/products?page_size=200
""", "lsxs_pt_{a32}", "retail.lightspeed.app")
E("cmd", "curl-plausible-stats-bearer", """
curl "https://plausible.io/api/v1/stats/aggregate?site_id=§domain&period=30d&metrics=visitors,pageviews" -H "Authorization: Bearer §S"
""", "{x64}", "plausible.io/api/v1/stats")
E("cmd", "psql-conninfo-keyword-password", """
psql "host=§host port=5432 dbname=strapi user=strapi password=§S sslmode=require"
""", "{pw}", "dbname=strapi user=strapi")
E("cmd", "mysql-defaults-extra-file-heredoc", """
mysql --defaults-extra-file=<(printf "[client]\\nuser=%s\\npassword=%s\\n" magento '§S') -h §host magento -e 'SELECT 1'
""", "{pw}", "defaults-extra-file")
E("cmd", "ssh-keyscan-plus-sshpass-scp", """
sshpass -p §S scp -P 2222 -o StrictHostKeyChecking=no dump.sql.gz §user@§ip:/tmp/
""", "{pws}", "StrictHostKeyChecking=no")
E("cmd", "curl-data-urlencode-password", """
curl -s -X POST https://§domain/index.php/rest/V1/integration/admin/token -H "Content-Type: application/json" -d '{"username":"agency_api","password":"§S"}'
""", "{pw}", "agency_api")
E("cmd", "curl-shopware-store-api-login", """
curl -X POST https://§domain/store-api/account/login -H 'sw-access-key: SWSC§[{U22}]' -d '{"email":"test@agency.studio","password":"§S"}'
""", "{pw}", "store-api/account/login")
E("cmd", "mc-admin-user-add", """
mc admin user add shopminio media-uploader §S
""", "{pwx24}", "media-uploader")
E("cmd", "gsutil-hmac-boto-env", """
GS_ACCESS_KEY_ID=GOOG1E§[{U55}] GS_SECRET_ACCESS_KEY=§S gsutil cp feed.xml gs://§shop-feeds/
""", "{k40}", "gsutil cp feed.xml")
E("cmd", "curl-bunny-purge-accesskey", """
curl -X POST "https://api.bunny.net/purge?url=https%3A%2F%2Fcdn.§domain%2Fassets%2F*" -H "AccessKey: §S"
""", "{uuid}-{uuid}", "api.bunny.net/purge")
E("cmd", "curl-doppler-service-token-download", """
curl -s "https://api.doppler.com/v3/configs/config/secrets/download?format=env" -u §S:
""", "dp.st.prd.{a43}", "api.doppler.com")
E("cmd", "op-inject-service-token-prefix", """
OP_SERVICE_ACCOUNT_TOKEN=§S op inject -i .env.tpl -o .env
""", "ops_{w180}", "op inject -i .env.tpl")
E("cmd", "curl-upstash-rest", """
curl https://§[{l8}]-§[{d5}].upstash.io/get/cart:§uuid -H "Authorization: Bearer §S"
""", "A{x67}=", "upstash.io/get/cart")

# ----------------------------------------------- more tool-output ---
E("out", "curl-json-response-typeform-token", """
$ curl -s -X POST https://api.typeform.com/oauth/token -d ... | jq
{ "access_token": "§S", "token_type": "bearer", "expires_in": 604800 }
""", "{x44}", "api.typeform.com/oauth/token")
E("out", "wg-genkey-output", """
$ wg genkey | tee privatekey | wg pubkey > publickey; cat privatekey
§S
""", "{b32}", "wg pubkey")
E("out", "ssh-add-l-plus-cat-key", """
$ cat deploy_key
§brsa
§S
§ersa
$ ssh-keygen -lf deploy_key.pub
2048 SHA256:§[{x43}] deploy@§shop (RSA)
""", "{rsaone}", "deploy@§shop (RSA)")
E("out", "mysql-select-integration-tokens", """
mysql> SELECT name, token FROM agency_integrations;
+-----------+------------------------------------------+
| name      | token                                    |
+-----------+------------------------------------------+
| loop      | §S |
+-----------+------------------------------------------+
""", "{h40}", "agency_integrations")
E("out", "sqlite-select-sessions", """
sqlite> SELECT shop, accessToken, scope FROM Session LIMIT 1;
§shop.myshopify.com|§S|read_products,write_products
""", "shp|at_{h32}", "read_products,write_products")
E("out", "redis-cli-get-session", """
127.0.0.1:6379> GET shopify_session:offline_§shop.myshopify.com
"{\\"id\\":\\"offline_§shop.myshopify.com\\",\\"accessToken\\":\\"§S\\",\\"isOnline\\":false}"
""", "shp|at_{h32}", "isOnline")
E("out", "mongo-find-output", """
shop> db.integrations.findOne({ provider: "gorgias" })
{ _id: ObjectId('§[{h24}]'), provider: 'gorgias', email: 'ops@§domain', apiKey: '§S' }
""", "{h64}", "provider: 'gorgias'")
E("out", "prisma-studio-copy-row", """
Session row copied from Prisma Studio:
id: offline_§shop.myshopify.com | shop: §shop.myshopify.com | isOnline: false | accessToken: §S
""", "shp|at_{h32}", "Prisma Studio")
E("out", "aws-secretsmanager-get-secret-value", """
$ aws secretsmanager get-secret-value --secret-id prod/shop/adyen --query SecretString --output text
{"ADYEN_API_KEY":"§S","ADYEN_MERCHANT":"§[{U8}]ECOM"}
""", "AQ|E{k80}==-{k43}=-{a16}", "prod/shop/adyen")
E("out", "gcloud-secrets-access-output", """
$ gcloud secrets versions access latest --secret=recharge-token
§S
""", "sk_1x1_{h64}", "recharge-token")
E("out", "az-keyvault-secret-show", """
$ az keyvault secret show --vault-name kv-§shop --name PaypalSecret --query value -o tsv
§S
""", "E{x79}", "PaypalSecret")
E("out", "doppler-secrets-table", """
$ doppler secrets --only-names=false
┌────────────────────┬──────────────────────────────────────────┐
│ NAME               │ VALUE                                    │
├────────────────────┼──────────────────────────────────────────┤
│ AFTERSHIP_API_KEY  │ §S                                       │
│ DOPPLER_ENVIRONMENT│ prd                                      │
└────────────────────┴──────────────────────────────────────────┘
""", "asat_{h32}", "DOPPLER_ENVIRONMENT")
E("out", "infisical-export-output", """
$ infisical export --env=prod
OMNISEND_API_KEY='§S'
SHOP_URL='https://§domain'
""", "{h24}-{a50}", "infisical export")
E("out", "chamber-read-output", """
$ chamber read shop-prod yotpo_secret
Key             Value           Version   LastModified    User
yotpo_secret    §S    3   §date  arn:aws:iam::§[{d12}]:user/§user
""", "{a40}", "LastModified")
E("out", "kubectl-get-configmap-misplaced", """
$ kubectl get cm storefront-config -o yaml
data:
  API_URL: https://api.§domain
  NOSTO_API_TOKEN: §S
kind: ConfigMap
""", "{a64}", "storefront-config")
E("out", "pgpass-cat-output", """
$ cat ~/.pgpass
*:*:*:postgres:§S
""", "{pwx20}", "postgres:")
E("out", "php-r-getenv-output", """
$ php -r 'echo getenv("PRESTASHOP_COOKIE_KEY"), PHP_EOL;'
§S
""", "{a64}", "PRESTASHOP_COOKIE_KEY")
E("out", "ruby-e-credentials-dig", """
$ bin/rails runner 'puts Rails.application.credentials.dig(:shopify, :api_secret)'
§S
""", "shp|ss_{h32}", "Rails.application.credentials.dig")
E("out", "tail-env-file-output", """
$ tail -n 3 /var/www/shop/.env
MAILER_DSN=smtp://apikey:§S@smtp.sendgrid.net:587
APP_DEBUG=0
TRUSTED_PROXIES=127.0.0.1
""", "S|G.{x22}.{x43}", "smtp.sendgrid.net:587")
E("out", "docker-exec-env-output", """
$ docker exec shop-api env | sort | head -4
APP_ENV=production
HOSTNAME=§h12
NOSTO_TOKEN=§S
PATH=/usr/local/bin:/usr/bin
""", "{a64}", "HOSTNAME=§h12")
E("out", "cat-htpasswd-and-plain-note", """
$ cat .htpasswd.plain   # <- someone kept the plaintext next to the hash
preview:§S
""", "{pws}", ".htpasswd.plain")
E("out", "cat-wireguard-conf", """
$ sudo cat /etc/wireguard/wg0.conf
[Interface]
Address = 10.20.0.1/24
ListenPort = 51820
PrivateKey = §S
""", "{b32}", "ListenPort = 51820")
E("out", "magento-admin-user-create-output", """
$ bin/magento admin:user:create --admin-user=agency --admin-password='§S' --admin-email=agency@§domain --admin-firstname=Agency --admin-lastname=Ops
Created Magento administrator user named agency
""", "{pw}", "Created Magento administrator user")
E("out", "medusa-user-create-output", """
$ npx medusa user -e admin@§domain -p '§S'
info:    User created successfully.
""", "{pw}", "User created successfully")
E("out", "wp-user-update-output", """
$ wp user update 1 --user_pass='§S' --skip-email
Success: Updated user 1.
""", "{pw}", "Success: Updated user 1.")

# ------------------------------------------------------ more config ---
E("cfg", "dotenv-gorgias-recharge", """
GORGIAS_DOMAIN=§shop
GORGIAS_EMAIL=ops@§domain
GORGIAS_API_KEY=§S
""", "{h64}", "GORGIAS_EMAIL=ops@§domain")
E("cfg", "dotenv-recharge-token", """
RECHARGE_API_TOKEN=§S
RECHARGE_API_VERSION=2021-11
""", "sk_1x1_{h64}", "RECHARGE_API_VERSION")
E("cfg", "dotenv-openai-anthropic", """
# AI product descriptions
OPENAI_API_KEY=
ANTHROPIC_API_KEY=§S
DESCRIPTION_MODEL=claude-3-5-sonnet
""", "sk-|ant-api03-{x93}AA", "DESCRIPTION_MODEL")
E("cfg", "dotenv-airtable-notion", """
AIRTABLE_BASE_ID=app§[{a14}]
AIRTABLE_TOKEN=§S
""", "pat{a14}.{h64}", "AIRTABLE_BASE_ID")
E("cfg", "dotenv-upstash-redis", """
UPSTASH_REDIS_REST_URL=https://§[{l8}]-§[{d5}].upstash.io
UPSTASH_REDIS_REST_TOKEN=§S
""", "A{x67}=", "UPSTASH_REDIS_REST_URL")
E("cfg", "dotenv-supabase-service", """
NEXT_PUBLIC_SUPABASE_URL=https://§[{l20}].supabase.co
NEXT_PUBLIC_SUPABASE_ANON_KEY=§[{jwt}]
SUPABASE_SERVICE_ROLE_KEY=§S
""", "{jwtsb}", "NEXT_PUBLIC_SUPABASE_URL")
E("cfg", "dotenv-planetscale-url", """
DATABASE_URL='mysql://§[{l12}]:§S@aws.connect.psdb.cloud/shop?sslaccept=strict'
""", "pscale_|pw_{x43}", "aws.connect.psdb.cloud")
E("cfg", "dotenv-multiline-private-key", """
GOOGLE_PRIVATE_KEY="§bpk
§S
§epk"
GOOGLE_CLIENT_EMAIL=merchant-feed@§proj.iam.gserviceaccount.com
""", "{rsa}", "GOOGLE_CLIENT_EMAIL")
E("cfg", "dotenv-escaped-private-key", """
FIREBASE_PRIVATE_KEY="§bpk\\n§S\\n§epk\\n"
FIREBASE_PROJECT_ID=§proj
""", "{rsaj}", "FIREBASE_PROJECT_ID=§proj")
E("cfg", "yaml-anchor-merge-secret", """
defaults: &defaults
  adapter: postgresql
  username: shop
  password: §S
production:
  <<: *defaults
  database: shop_production
""", "{pw}", "database: shop_production")
E("cfg", "rails-database-yml-url", """
production:
  url: postgres://shop:§S@§host/shop_production?pool=10
""", "{pwu}", "shop_production?pool=10")
E("cfg", "rails-storage-yml", """
amazon:
  service: S3
  access_key_id: §akid
  secret_access_key: §S
  region: §region
  bucket: §shop-uploads
""", "{k40}", "access_key_id: §akid")
E("cfg", "laravel-filesystems-php-inline", """
        's3' => [
            'driver' => 's3',
            'key' => env('AWS_ACCESS_KEY_ID', '§akid'),
            'secret' => env('AWS_SECRET_ACCESS_KEY', '§S'),
            'region' => env('AWS_DEFAULT_REGION', '§region'),
""", "{k40}", "'driver' => 's3'")
E("cfg", "wireguard-client-conf", """
[Interface]
PrivateKey = §S
Address = 10.8.0.§n/32
DNS = 1.1.1.1

[Peer]
PublicKey = §[{b32}]
Endpoint = vpn.§domain:51820
""", "{b32}", "Endpoint = vpn.§domain:51820")
E("cfg", "ipsec-secrets-psk", """
# /etc/ipsec.secrets
§ip %any : PSK "§S"
""", "{pwx28}", "/etc/ipsec.secrets")
E("cfg", "openvpn-auth-user-pass-file", """
# auth.txt for warehouse VPN
warehouse-§shop
§S
""", "{pw}", "warehouse VPN")
E("cfg", "mcp-server-config-json", """
{
  "mcpServers": {
    "shopify-admin": {
      "command": "npx",
      "args": ["-y", "@agency/shopify-mcp"],
      "env": { "SHOPIFY_STORE": "§shop.myshopify.com", "SHOPIFY_ACCESS_TOKEN": "§S" }
    }
  }
}
""", "shp|at_{h32}", "@agency/shopify-mcp", n=2)
E("cfg", "claude-settings-env-block", """
{
  "permissions": { "allow": ["Bash(npm run test:*)"] },
  "env": { "KLAVIYO_PRIVATE_KEY": "§S" }
}
""", "p|k_{h34}", "npm run test:*")
E("cfg", "codex-config-toml-env", """
[mcp_servers.postgres]
command = "npx"
args = ["-y", "@modelcontextprotocol/server-postgres", "postgresql://readonly:§S@§host:5432/shop"]
""", "{pwu}", "server-postgres")
E("cfg", "gemini-settings-json-mcp", """
{
  "mcpServers": {
    "sentry": { "command": "npx", "args": ["@sentry/mcp-server"], "env": { "SENTRY_ACCESS_TOKEN": "§S" } }
  }
}
""", "sntry|u_{h64}", "@sentry/mcp-server")
E("cfg", "cursor-mcp-json-headers", """
{ "mcpServers": { "linear": { "url": "https://mcp.linear.app/sse", "headers": { "Authorization": "Bearer §S" } } } }
""", "lin_api_{a40}", "mcp.linear.app")
E("cfg", "vscode-rest-client-http-file", """
@baseUrl = https://§domain/wp-json/wc/v3
@auth = §S

GET {{baseUrl}}/orders?per_page=5
Authorization: Basic {{auth}}
""", "<<ck_{h40}:cs_{h40}>>", "@baseUrl")
E("cfg", "bruno-env-file", """
vars {
  baseUrl: https://api.§domain
}
vars:secret [
  apiKey
]
# local override (should not be committed)
apiKey: §S
""", "{a40}", "vars:secret")
E("cfg", "http-client-env-json-jetbrains", """
{
  "prod": {
    "host": "https://§domain/rest/V1",
    "token": "§S"
  }
}
""", "{l32}", "rest/V1")
E("cfg", "proxy-pac-or-npm-proxy-creds", """
proxy=http://§user:§S@proxy.§domain:3128/
https-proxy=http://§user:§S@proxy.§domain:3128/
""", "{pwu}", "proxy.§domain:3128")
E("cfg", "git-config-http-extraheader", """
[http "https://github.com/"]
	extraheader = AUTHORIZATION: basic §S
""", "<<x-access-token:gh|s_{a36}>>", "extraheader")

# -------------------------------------------------- more source-code ---
E("src", "ts-openai-client-inline", """
const openai = new OpenAI({ apiKey: '§S' })
const alt = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages })
""", "sk-|proj-{x48}T3Blbk|FJ{x48}", "gpt-4o-mini")
E("src", "python-anthropic-client-inline", """
client = anthropic.Anthropic(api_key="§S")
msg = client.messages.create(model="claude-3-5-haiku-latest", max_tokens=300, messages=[{"role": "user", "content": prompt}])
""", "sk-|ant-api03-{x93}AA", "claude-3-5-haiku-latest")
E("src", "ts-airtable-base-init", """
const base = new Airtable({ apiKey: '§S' }).base('app§[{a14}]')
""", "pat{a14}.{h64}", "new Airtable")
E("src", "ts-notion-client-auth", """
const notion = new Client({ auth: '§S' })
""", "secret_{a43}", "new Client({ auth")
E("src", "ts-upstash-redis-inline", """
const redis = new Redis({ url: 'https://§[{l8}]-§[{d5}].upstash.io', token: '§S' })
""", "A{x67}=", "upstash.io")
E("src", "ts-supabase-admin-client", """
export const supabaseAdmin = createClient('https://§[{l20}].supabase.co', '§S', { auth: { persistSession: false } })
""", "{jwtsb}", "persistSession: false")
E("src", "python-airtable-pyairtable", """
api = Api("§S")
table = api.table("app§[{a14}]", "Products")
""", "pat{a14}.{h64}", "\"Products\"")
E("src", "php-recharge-client", """
$recharge = new RechargeClient(['token' => '§S', 'version' => '2021-11']);
""", "sk_1x1_{h64}", "'version' => '2021-11'")
E("src", "ts-gorgias-axios-auth", """
const gorgias = axios.create({
  baseURL: 'https://§shop.gorgias.com/api',
  auth: { username: 'ops@§domain', password: '§S' },
})
""", "{h64}", "username: 'ops@§domain'")
E("src", "ts-aftership-sdk", """
const aftership = new AfterShip({ api_key: '§S' })
""", "asat_{h32}", "new AfterShip")
E("src", "liquid-theme-settings-schema-default", """
{% schema %}
{
  "name": "Reviews widget",
  "settings": [
    { "type": "text", "id": "api_secret", "label": "API secret", "default": "§S" }
  ]
}
{% endschema %}
""", "{a40}", "Reviews widget")
E("src", "liquid-app-proxy-signature-hardcoded", """
{% comment %} TODO: remove, temporary while app proxy is broken {% endcomment %}
{% capture proxy_url %}https://loyalty.§domain/proxy?shop={{ shop.permanent_domain }}&secret=§S{% endcapture %}
""", "shp|ss_{h32}", "app proxy is broken")
E("src", "twig-email-template-bcc-smtp", """
{# mail debug – remove #}
{% set smtp = { host: 'smtp.mailgun.org', user: 'postmaster@mg.§domain', pass: '§S' } %}
""", "{h32}-{h8}-{h8}", "mail debug")
E("src", "kotlin-companion-object-secret", """
companion object {
    private const val TAG = "CheckoutRepo"
    private const val ADYEN_API_KEY = "§S"
}
""", "AQ|E{k80}==-{k43}=-{a16}", "CheckoutRepo")
E("src", "swift-keychain-seed-comment", """
// Seed for first launch; real token is fetched from backend afterwards
private let fallbackToken = "§S"
""", "{jwt}", "Seed for first launch")
E("src", "dart-flutter-dotenv-fallback", """
final stripeSecret = dotenv.env['STRIPE_SECRET'] ?? '§S';
""", "rk_|live_{a24}", "dotenv.env['STRIPE_SECRET']")
E("src", "java-spring-value-default", """
@Value("${shipping.fedex.secret:§S}")
private String fedexSecret;
""", "{h32}", "private String fedexSecret")
E("src", "csharp-appsettings-fallback", """
var key = configuration["Klaviyo:PrivateKey"] ?? "§S";
""", "p|k_{h34}", "Klaviyo:PrivateKey")
E("src", "go-struct-literal-config", """
cfg := mollie.Config{
	Testing: false,
	APIKey:  "§S",
}
""", "li|ve_{a30}", "Testing: false")
E("src", "python-dataclass-default", """
@dataclass
class ShippoSettings:
    api_token: str = "§S"
    timeout: int = 20
""", "shippo_|live_{h40}", "class ShippoSettings")
E("src", "python-argparse-default-secret", """
parser.add_argument("--gorgias-key", default="§S", help="API key (override via env)")
""", "{h64}", "override via env")
E("src", "js-webpack-define-plugin", """
new webpack.DefinePlugin({
  'process.env.SEGMENT_WRITE_KEY': JSON.stringify('§S'),
  'process.env.NODE_ENV': JSON.stringify('production'),
})
""", "{a32}", "webpack.DefinePlugin")
E("src", "vite-config-define", """
export default defineConfig({
  define: { __ZENDESK_TOKEN__: JSON.stringify('§S') },
})
""", "{a40}", "defineConfig")
E("src", "php-wp-mu-plugin-define", """
<?php
/* Plugin Name: Agency SMTP */
define( 'AGENCY_SMTP_PASS', '§S' );
add_action( 'phpmailer_init', function ( $m ) { $m->Password = AGENCY_SMTP_PASS; } );
""", "{pw}", "phpmailer_init")
E("src", "ruby-rake-task-token", """
namespace :sync do
  task reviews: :environment do
    Yotpo::Client.new(app_key: "§[{a40}]", secret: "§S").import!
  end
end
""", "{a40}", "namespace :sync")
E("src", "bash-function-api-call", """
klaviyo() {
  curl -s "https://a.klaviyo.com/api/$1" -H "Authorization: Klaviyo-API-Key §S" -H "revision: 2024-07-15"
}
""", "p|k_{h34}", "klaviyo()")
E("src", "sql-stored-procedure-password", """
CALL mysql.rds_set_configuration('binlog retention hours', 48);
ALTER USER 'etl'@'%' IDENTIFIED BY '§S';
""", "{pw}", "binlog retention hours")
E("src", "graphql-variables-json", """
{
  "query": "mutation appTokenCreate($input: AppTokenCreateInput!) { appTokenCreate(input: $input) { authToken } }",
  "variables": { "input": { "app": "QXBwOj§[{a3}]" } },
  "_debugAuth": "Bearer §S"
}
""", "{jwtrs}", "appTokenCreate")
E("src", "php-symfony-env-local-php-array", """
$_ENV['SHOPWARE_ES_PASSWORD'] = '§S';
$_ENV['SHOPWARE_ES_HOSTS'] = 'elasticsearch:9200';
""", "{pw}", "elasticsearch:9200")
E("src", "ts-sgtm-client-template-test", """
// tests for the sGTM client template
mock('getRequestHeader', (h) => h === 'x-gtm-server-preview' ? '§S' : undefined);
""", "{b40}", "x-gtm-server-preview")

# ---------------------------------------------------- more logs ---
E("log", "php-traceback-with-array-param", """
#3 /var/www/html/app/code/Agency/Ups/Model/Carrier.php(188): Agency\\Ups\\Model\\Api->authenticate(Array ( [client_id] => §[{a48}] [client_secret] => §S ))
""", "{a64}", "Carrier.php(188)")
E("log", "python-traceback-frame-args", """
  File "/srv/feeds/google_merchant.py", line 52, in upload
    sftp = pysftp.Connection(host="partnerupload.google.com", port=19321, username="mc-sftp-§[{d9}]", password="§S")
paramiko.ssh_exception.AuthenticationException: Authentication failed.
""", "{pws}", "partnerupload.google.com")
E("log", "python-sentry-locals-dict", """
Local variables:
  self = <HubspotSync object at 0x7f§[{h9}]>
  token = '§S'
  after = None
  page = 3
""", "pat-|na1-{uuid}", "HubspotSync object")
E("log", "node-error-cause-url", """
TypeError: fetch failed
    at node:internal/deps/undici/undici:12500:13 {
  [cause]: Error: connect ETIMEDOUT
  url: 'https://api.rechargeapps.com/charges?access_token=§S'
}
""", "sk_1x1_{h64}", "undici:12500:13")
E("log", "deno-or-bun-error-headers", """
error: Uncaught (in promise) Error: 401 Unauthorized
    headers: Headers { "x-api-key": "§S", "content-type": "application/json" }
    at file:///app/sync.ts:41:11
""", "{a40}", "file:///app/sync.ts:41:11")
E("log", "kubernetes-event-failed-env-print", """
Warning  Failed  12s  kubelet  Error: failed to start container "typesense": exec: "typesense-server --api-key=§S --data-dir /data": permission denied
""", "{a32}", "failed to start container")
E("log", "ci-log-npm-publish-error", """
npm notice Publishing to https://npm.pkg.github.com with tag latest and default access
npm error code E401
npm error 401 Unauthorized - PUT https://npm.pkg.github.com/@agency-studio%2fcheckout-ui - authentication token §S is invalid
""", "gh|p_{a36}", "npm error code E401")
E("log", "expo-build-log-env-echo", """
[PREBUILD] Using env: EXPO_PUBLIC_API_URL=https://api.§domain
[PREBUILD] Using env: GORGIAS_CHAT_SECRET=§S
""", "{h64}", "EXPO_PUBLIC_API_URL")
E("log", "fastlane-error-dump-options", """
[!] Could not authenticate with App Store Connect: invalid credentials
Options used: {:username=>"release@§domain", :password=>"§S", :team_id=>"§team"}
""", "{pw}", "Could not authenticate")
E("log", "gradle-play-publisher-error", """
> Task :app:publishReleaseBundle FAILED
Error: Credentials for service account "play@§proj.iam.gserviceaccount.com" were rejected: invalid_grant
Loaded from ANDROID_PUBLISHER_CREDENTIALS: {"private_key":"§bpk\\n§S\\n§epk\\n"}
""", "{rsaj}", "publishReleaseBundle FAILED")
E("log", "xcode-cloud-log-keychain", """
2024-§[{d2}]-§[{d2}]T08:12:00.000Z [ci_post_clone] security create-keychain -p "§S" build.keychain
""", "{pwx16}", "create-keychain")
E("log", "haproxy-log-basic-auth-header-capture", """
§date 10:22:31 lb haproxy[§pid]: §ip:51812 [§date:10:22:31.118] https~ admin/web1 0/0/1/12/13 200 812 - - ---- {Basic §S} "GET /admin/stats HTTP/1.1"
""", "<<admin:{pws}>>", "admin/web1")
E("log", "traefik-access-log-json", """
{"ClientHost":"§ip","RequestMethod":"GET","RequestPath":"/api/export?key=§S","DownstreamStatus":200,"Duration":41233110,"RouterName":"shop-api@docker"}
""", "{a32}", "shop-api@docker")
E("log", "cloudflare-logpush-line", """
{"ClientIP":"§ip","ClientRequestHost":"§domain","ClientRequestURI":"/wp-admin/admin-ajax.php?action=export&nonce=§[{h10}]&auth=§S","EdgeResponseStatus":200}
""", "{h40}", "admin-ajax.php?action=export")
E("log", "varnish-log-url", """
-   ReqURL         /rest/V1/products?searchCriteria[pageSize]=1&access_token=§S
-   ReqHeader      Host: §domain
""", "{l32}", "ReqHeader")
E("log", "php-slowlog-with-args", """
[§date 12:01:44]  [pool www] pid §pid
script_filename = /var/www/html/index.php
[0x00007f§[{h10}]] curl_exec() /var/www/html/vendor/agency/sendcloud/src/Client.php:88
[0x00007f§[{h10}]] request('https://panel.sendcloud.sc/api/v2/parcels', '§h32', '§S') /var/www/html/vendor/agency/sendcloud/src/Client.php:41
""", "{h32}", "pool www")
E("log", "mysql-slow-query-log-with-secret", """
# Time: §tsZ
# User@Host: woo[woo] @ localhost []
SET timestamp=§epoch;
UPDATE wp_options SET option_value = '§S' WHERE option_name = 'woocommerce_aftership_api_key';
""", "asat_{h32}", "woocommerce_aftership_api_key")
E("log", "postgres-log-connection-string-error", """
§date 07:03:12 UTC [§pid] FATAL:  password authentication failed for user "saleor"
§date 07:03:12 UTC [§pid] DETAIL:  Connection matched pg_hba.conf line 99: "host all all 0.0.0.0/0 md5"
-- client app config dump: DATABASE_URL=postgres://saleor:§S@db:5432/saleor
""", "{pwu}", "pg_hba.conf line 99")
E("log", "github-actions-annotation", """
Warning: Unexpected input(s) 'password', valid inputs are ['registry', 'username', 'token']
Run docker/login-action@v3
  with:
    registry: ghcr.io
    username: agency-bot
    password: §S
""", "gh|p_{a36}", "Unexpected input(s)")
E("log", "supervisord-log-command-line", """
§date 03:00:01,118 INFO spawned: 'reindex' with pid §pid
§date 03:00:01,120 INFO exited: reindex (exit status 1; not expected) cmd=/usr/bin/node /app/reindex.js --meili-key §S
""", "{x43}", "spawned: 'reindex'")
E("log", "wp-cron-log-url", """
[§date 04:00:00] wp-cron: calling https://§domain/wp-cron.php?doing_wp_cron&import_key=§S
""", "{h24}", "wp-cron: calling")
E("log", "mobile-crashlytics-custom-key", """
Crashlytics custom keys:
  user_tier: gold
  api_token: §S
  last_screen: CheckoutViewController
""", "{jwt}", "CheckoutViewController")
E("log", "ios-console-print-request", """
🌐 [API] POST https://api.§domain/v2/orders
   headers: ["Authorization": "Bearer §S", "X-App-Version": "§ver"]
""", "{jwtrs}", "X-App-Version")
E("log", "android-logcat-retrofit-url", """
D/OkHttp: --> GET https://api.aftership.com/tracking/2024-04/trackings?keyword=§order&as-api-key=§S
D/OkHttp: <-- 200 OK (312ms)
""", "asat_{h32}", "keyword=§order")
E("log", "webpack-bundle-analyzer-string", """
static/chunks/pages/_app-§h16.js contains string literal: "§S" (flagged by bundle audit as possible secret)
""", "{a32}", "bundle audit")
E("log", "jest-snapshot-failure-secret", """
  › 1 snapshot failed.
    - "authorization": "Bearer <redacted>",
    + "authorization": "Bearer §S",
""", "{jwt}", "1 snapshot failed")
E("log", "pytest-captured-log", """
----------------------------- Captured log call ------------------------------
DEBUG    shop.integrations.gorgias:gorgias.py:41 auth=('ops@§domain', '§S')
""", "{h64}", "Captured log call")
E("log", "phpunit-failure-message", """
1) Tests\\Feature\\MollieWebhookTest::test_paid
Failed asserting that 401 is identical to 200.
Request used key §S
""", "li|ve_{a30}", "MollieWebhookTest")
E("log", "cypress-log-cy-request", """
  (xhr) POST 200 /api/login
  cy.request()  POST https://staging.§domain/api/login  body: {"email":"qa@agency.studio","password":"§S"}
""", "{pw}", "qa@agency.studio")
E("log", "playwright-trace-network", """
Network: POST https://staging.§domain/admin/api/login
Request body: username=agency&password=§S&_csrf=§[{h32}]
""", "{pwu}", "Request body: username=agency")
E("log", "k6-load-test-log", """
     ✓ status is 200
     INFO[0003] using token §S for checkout scenario  source=console
""", "{jwt}", "checkout scenario")
E("log", "terraform-plan-output-sensitive-missed", """
  # aws_ssm_parameter.mollie will be created
  + resource "aws_ssm_parameter" "mollie" {
      + name  = "/shop/prod/MOLLIE_API_KEY"
      + type  = "String"
      + value = "§S"
    }
""", "li|ve_{a30}", "aws_ssm_parameter.mollie")
E("log", "ansible-debug-var-output", """
TASK [debug] *******************************************************************
ok: [web1] => {
    "typesense_api_key": "§S"
}
""", "{a32}", "TASK [debug]")

# ------------------------------------------------- more ci-and-deploy ---
E("ci", "gha-step-env-openai", """
      - name: Generate alt texts
        run: python scripts/alt_texts.py
        env:
          OPENAI_API_KEY: §S
          SHOP: §shop
""", "sk-|proj-{x48}T3Blbk|FJ{x48}", "scripts/alt_texts.py")
E("ci", "gitlab-ci-include-with-inputs", """
include:
  - component: gitlab.com/agency/ci/deploy@1.4
    inputs:
      stage: deploy
      ssh_password: "§S"
""", "{pw}", "gitlab.com/agency/ci/deploy@1.4")
E("ci", "bitbucket-deployment-variables-ocr", """
[OCR: Repository settings → Deployments → Production]
Name                      Value                       Secured
SHOPWARE_CLIENT_ID        SWIA§[{U22}]                 ☐
SHOPWARE_CLIENT_SECRET    §S      ☐
""", "{a54}", "SHOPWARE_CLIENT_ID")
E("ci", "circleci-context-env-dump", """
$ circleci context show agency shop-prod
Name                 Value
KLARNA_UID           K§[{d6}]_§[{h12}]
KLARNA_PASSWORD      §S
""", "klarna_|live_api_{x60}", "KLARNA_UID")
E("ci", "gha-environment-protection-note", """
# environment: production (required reviewers: §name)
      - name: Deploy Saleor
        env:
          SALEOR_APP_TOKEN: §S
        run: ./deploy.sh
""", "{a30}", "required reviewers")
E("ci", "docker-compose-ci-test-stack", """
# docker-compose.ci.yml
  typesense:
    image: typesense/typesense:27.0
    command: --data-dir /data --api-key=§S --enable-cors
""", "{a32}", "typesense/typesense:27.0")
E("ci", "gha-upload-to-testflight-action", """
      - uses: apple-actions/upload-testflight-build@v1
        with:
          app-path: build/§[{U5}].ipa
          issuer-id: §iss
          api-key-id: §kid
          api-private-key: '§bpk
            §S
            §epk'
""", "{pemflat}", "api-key-id: §kid")
E("ci", "gha-import-codesign-certs", """
      - uses: apple-actions/import-codesign-certs@v2
        with:
          p12-file-base64: ${{ secrets.CERTIFICATES_P12 }}
          p12-password: §S
""", "{pw}", "import-codesign-certs@v2")
E("ci", "bitrise-yml-workflow-env-inline", """
workflows:
  deploy:
    envs:
    - CODEPUSH_ACCESS_KEY: §S
      opts: { is_expand: false }
""", "{x36}", "is_expand: false")
E("ci", "codemagic-publishing-play", """
    publishing:
      google_play:
        credentials: '{"type":"service_account","private_key":"§bpk\\n§S\\n§epk\\n","project_id":"§proj"}'
        track: internal
""", "{rsaj}", "track: internal")
E("ci", "gha-deploy-shopify-app-partners-token", """
      - name: Deploy app config
        run: npx shopify app deploy --force
        env:
          SHOPIFY_CLI_PARTNERS_TOKEN: §S
          SHOPIFY_API_KEY: §h32
""", "atkn_{h64}", "SHOPIFY_API_KEY: §h32")
E("ci", "deploy-hook-url-in-readme", """
## Deploy
Push to main, or trigger manually:
`curl -X POST https://api.render.com/deploy/srv-§[{l20}]?key=§S`
""", "{x11}", "api.render.com/deploy")
E("ci", "forge-deploy-script", """
cd /home/forge/§domain
git pull origin $FORGE_SITE_BRANCH
$FORGE_COMPOSER install --no-dev --no-interaction --prefer-dist --optimize-autoloader
MAILCHIMP_KEY=§S $FORGE_PHP artisan newsletter:sync
""", "{h32}-us{d2}", "FORGE_SITE_BRANCH")
E("ci", "envoyer-hook-env-dump", """
Running hook "Sync Meili settings" on §ip
> MEILISEARCH_KEY=§S php artisan scout:sync-index-settings
""", "{x43}", "scout:sync-index-settings")
E("ci", "ploi-deploy-script", """
cd /home/ploi/§domain
git pull origin main
echo "SHIPPO_TOKEN=§S" >> .env
php artisan config:cache
""", "shippo_|live_{h40}", "php artisan config:cache")
E("ci", "runcloud-deploy-script", """
# RunCloud deployment script
composer install --no-dev
wp --path=/home/runcloud/webapps/§shop option update agency_loop_api_key §S
""", "{h40}", "RunCloud deployment script")
E("ci", "gha-k8s-set-context-token", """
      - uses: azure/k8s-set-context@v4
        with:
          method: service-account
          k8s-url: https://k8s.§domain:6443
          k8s-secret: |
            apiVersion: v1
            data:
              token: §S
""", "<<{jwtk}>>", "method: service-account")
E("ci", "gha-cloudflare-pages-action", """
      - uses: cloudflare/pages-action@v1
        with:
          apiToken: §S
          accountId: §h32
          projectName: §shop-storefront
""", "{x40}", "accountId: §h32")
E("ci", "gha-s3-sync-inline-keys", """
      - name: Sync assets
        run: aws s3 sync ./public s3://§shop-assets --delete
        env:
          AWS_ACCESS_KEY_ID: §akid
          AWS_SECRET_ACCESS_KEY: §S
""", "{k40}", "AWS_ACCESS_KEY_ID: §akid")
E("ci", "gitlab-ci-trigger-token-curl", """
trigger_mobile:
  script:
    - curl -X POST --fail -F token=§S -F ref=main -F "variables[PLATFORM]=ios" https://gitlab.com/api/v4/projects/§[{d8}]/trigger/pipeline
""", "glptt-{h40}", "variables[PLATFORM]=ios")
E("ci", "magento-cloud-variable-set-cmd", """
magento-cloud variable:create --level environment --environment production --name env:KLAVIYO_PRIVATE_KEY --value §S --sensitive false
""", "p|k_{h34}", "magento-cloud variable:create")
E("ci", "platformsh-cli-variable-create", """
platform variable:create --level project --name env:STRIPE_SECRET --value '§S' --sensitive true
""", "sk_|live_{a24}", "platform variable:create")
E("ci", "upsun-env-yaml-inline", """
applications:
  medusa:
    variables:
      env:
        COOKIE_SECRET: "§S"
        NODE_ENV: production
""", "{x40}", "applications:")
E("ci", "cron-ci-schedule-with-token", """
schedules:
  - cron: "0 5 * * *"
    command: "node jobs/fetch-reviews.js --okendo-key §S"
""", "{uuid}", "fetch-reviews.js")
E("ci", "gha-secrets-json-printed", """
Run echo '${{ toJSON(secrets) }}' | jq 'del(.github_token)'
{
  "GORGIAS_API_KEY": "§S",
  "SLACK_CHANNEL": "#deploys"
}
""", "{h64}", "SLACK_CHANNEL")
E("ci", "coolify-env-bulk-edit", """
# Coolify › Resources › medusa › Environment Variables (bulk edit)
DATABASE_URL=postgres://medusa@postgres:5432/medusa
REDIS_URL=redis://redis:6379
JWT_SECRET=§S
""", "{x48}", "bulk edit")
E("ci", "dokku-config-set-cmd", """
dokku config:set --no-restart §shop-api OMNISEND_API_KEY=§S
""", "{h24}-{a50}", "dokku config:set")
E("ci", "caprover-captain-definition-env", """
{
  "schemaVersion": 2,
  "dockerfilePath": "./Dockerfile",
  "envVars": { "NOSTO_API_TOKEN": "§S" }
}
""", "{a64}", "dockerfilePath")
E("ci", "kamal-deploy-yml-env-clear", """
env:
  clear:
    RAILS_LOG_TO_STDOUT: true
    RECHARGE_API_TOKEN: §S
  secret:
    - RAILS_MASTER_KEY
""", "sk_1x1_{h64}", "RAILS_LOG_TO_STDOUT")
E("ci", "kamal-secrets-file", """
# .kamal/secrets (should read from 1Password, but:)
KAMAL_REGISTRY_PASSWORD=§S
RAILS_MASTER_KEY=$(cat config/master.key)
""", "dckr_|pat_{x27}", ".kamal/secrets")

# ------------------------------------------------- last English notes ---
E("note", "handoff-shop-apps-inventory", """
Installed apps & creds (§client):
- Gorgias: ops@§domain + API key §S
- Recharge: token in 1P
- Judge.me: via app, no key needed
""", "{h64}", "Installed apps & creds")
E("note", "pm-slack-code-block", """
§name: ```
RECHARGE_API_TOKEN=§S
```
use this one for staging too, they only have one account
""", "sk_1x1_{h64}", "only have one account")
E("note", "client-email-html-to-text", """
*Van:* §name
*Onderwerp:* API

Hi! Here's the Loop Returns key you asked for: §S

Thanks!
""", "{h40}", "Loop Returns key")
E("note", "agent-questions-list", """
Open questions for §name:
1. Is the AfterShip key §S still used by the old Magento store, or can we rotate it?
2. Do we keep the Klaviyo list "VIP" after migration?
""", "asat_{h32}", "Open questions")
E("note", "bug-triage-notes", """
Triage: 500 on /cart/add — Upstash token expired? log shows Authorization: Bearer §S returning 401. Checking console.
""", "A{x67}=", "Triage: 500 on /cart/add")
E("note", "agent-summary-mcp-config", """
I added a Shopify MCP server to .mcp.json for you. Note: it currently contains the admin token (§S) in plain text — move it to an env var before committing.
""", "shp|at_{h32}", ".mcp.json")
E("note", "ticket-escalation-vendor", """
Escalated to Yotpo support (case §[{d8}]): widget not loading. They asked for the secret key to debug; I did NOT send §S, only the app key.
""", "{a40}", "did NOT send")
E("note", "linear-comment-code-fence", """
@§user here's the failing request:
```http
POST /v3/contacts HTTP/1.1
Host: api.omnisend.com
X-API-KEY: §S
```
""", "{h24}-{a50}", "failing request")
E("note", "whatsapp-business-token-note", """
WhatsApp Cloud API (order updates): phone number id §[{d15}], permanent token §S
""", "EA|AB{a180}", "WhatsApp Cloud API")
E("note", "shopify-flow-http-action-note", """
Shopify Flow → "Send HTTP request" action to the ERP uses header X-ERP-Key: §S (hardcoded in the flow, can't use secrets there)
""", "{a40}", "Send HTTP request")

# ============================================================= BENIGN ===
# --- order numbers, SKUs, tracking numbers, barcodes, coupons
B("Order #§order placed by §name — 3 items, total €§n.90, paid via Mollie (tr_§[{a10}])", 3)
B("Shopify order gid://shopify/Order/§[{d13}] marked as fulfilled, tracking 1Z§[{U6}]§[{d10}] (UPS)", 3)
B("Magento increment id 000§[{d6}] stuck in pending_payment since §date", 3)
B("WooCommerce order §order: status changed from processing to completed.", 2)
B("SKU FJD-KNT-§[{U3}]-§[{d3}] is out of stock in warehouse AMS-1", 3)
B("sku,title,price,qty\nLUM-SER-§[{d3}]-30ML,Vitamin C Serum 30ml,34.90,§n\nLUM-CRM-§[{d3}]-50ML,Night Cream 50ml,29.00,§n", 2)
B("DHL tracking: JJD00§[{d16}] — out for delivery", 3)
B("FedEx tracking number §[{d12}] (Ground), label created §date", 3)
B("USPS 9400§[{d18}] delivered to front door", 2)
B("PostNL barcode 3S§[{U4}]§[{d9}] — bezorgd", 2)
B("Royal Mail tracked 24: §[{U2}]§[{d9}]GB", 2)
B("GTIN 0§[{d12}] / EAN §[{d13}] added to the Google Merchant feed", 3)
B("<g:gtin>§[{d13}]</g:gtin><g:mpn>§[{U3}]-§[{d5}]</g:mpn><g:brand>§client</g:brand>", 3)
B("Coupon code WELCOME10 applied (−10%), order §order", 1)
B("Discount codes created for BFCM: BFCM-§[{U6}], BFCM-§[{U6}], BFCM-§[{U6}] (one use each)", 3)
B("Gift wrap add-on variant id §[{d14}] hidden from search", 2)
B("PayPal order id §[{U17}] captured, capture id §[{U17}]", 3)
B("Adyen pspReference §[{d16}] — AUTHORISATION success=true", 3)
B("Klarna order_id §uuid, fraud_status ACCEPTED", 3)
B("Braintree transaction id §[{l8}] settled", 2)
B("Square payment id §[{x27}] (COMPLETED) at location §[{U13}]", 2)
B("Mollie payment tr_§[{a10}] paid; refund re_§[{a10}] queued", 3)
B("Stripe: pi_3P§[{a21}] succeeded, charge ch_3P§[{a21}], customer cus_§[{a14}]", 3)
B("evt_1P§[{a22}] (checkout.session.completed) delivered to we_1O§[{a22}] in 212 ms", 3)
B("price_1P§[{a22}] attached to prod_§[{a14}] (Monthly coffee subscription)", 2)
B("Stripe Connect account acct_1§[{a15}] onboarding incomplete (missing IBAN)", 2)
B("Return RMA-§[{d6}] approved, label via Sendcloud parcel id §[{d9}]", 3)
B("Invoice INV-2024-§[{d5}] sent to billing@§domain", 3)
B("ShipStation orderId §[{d9}], orderKey §h32 (that's their order key field, not an API key)", 2)
B("EasyPost shipment shp_§h32 rate rate_§h32 purchased, tracker trk_§h32", 3)
B("Shippo transaction object_id §h32, label_url https://deliver.goshippo.com/§h32.pdf", 2)

# --- ids of carts, sessions, requests, traces
B("cart token c1-§h32 expired after 14 days", 3)
B("checkout_id=§uuid&step=payment_method", 3)
B("X-Request-Id: §uuid", 3)
B("traceparent: 00-§h32-§h16-01", 3)
B("Sentry event §h32 grouped into issue SHOP-§[{U3}] (first seen §date)", 3)
B("CF-Ray: §h16-AMS", 3)
B("Zendesk ticket #§[{d6}] merged into #§[{d6}]", 2)
B("Intercom conversation §[{d15}] assigned to team Support NL", 2)
B("HubSpot portal §[{d8}], deal id §[{d11}] moved to Closed Won", 2)
B("Mailchimp audience id §[{h10}] (Newsletter NL) — 12,408 subscribed", 3)
B("Klaviyo list Xy§[{a4}] and metric id §[{a6}] (Placed Order)", 2)
B("Segment source id §[{a22}] (iOS) — workspace agency-studio", 2)
B("Mixpanel project id §[{d7}], data residency EU", 2)
B("Google Ads customer id §[{d3}]-§[{d3}]-§[{d4}] linked to MCC §[{d3}]-§[{d3}]-§[{d4}]", 3)
B("Merchant Center account §[{d9}], feed id §[{d10}]", 2)
B("Meta ad account act_§[{d15}], Business Manager §[{d15}]", 2)
B("LinkedIn ad account urn:li:sponsoredAccount:§[{d9}]", 2)
B("TikTok advertiser_id §[{d19}]", 2)
B("Crowdin project id §[{d6}], branch main, 84% translated (de)", 2)
B("Lokalise project §[{d9}].§[{h8}] — 1,204 keys, 6 languages", 2)
B("Phrase project_id §h32 (Mobile App), locale id §h32", 2)
B("Transifex project o:agency-studio:p:§shop-app:r:strings", 2)
B("Bitrise app slug §h16, build slug §uuid — status: success", 3)
B("Codemagic app id §[{h24}], build id §[{h24}] finished in 14m 31s", 3)
B("EAS build §uuid (ios, production) — finished, artifact https://expo.dev/artifacts/eas/§[{a22}].ipa", 2)
B("Expo project id §uuid (owner: agency)", 2)
B("OneSignal app id §uuid — 18,240 subscribed devices", 2)
B("RevenueCat app_user_id $RCAnonymousID:§h32 has entitlement 'pro'", 3)
B("Firebase project number §[{d12}], App ID 1:§[{d12}]:ios:§h16", 3)
B("Firebase App ID 1:§[{d12}]:android:§h16", 2)
B("App Store Connect app id §[{d10}] (§appid)", 3)
B("Apple Team ID §team, bundle id §appid", 3)
B("Provisioning profile UUID §uuid expires §date", 3)
B("Key ID: §kid  Issuer ID: §iss  (the .p8 itself is in 1Password, not here)", 3)
B("app_store_connect_api_key(key_id: \"§kid\", issuer_id: \"§iss\", key_filepath: \"./AuthKey_§kid.p8\")", 3)
B("ls fastlane/keys/ → AuthKey_§kid.p8  (file name only; content not copied)", 2)
B("AWS access key id §akid belongs to IAM user s3-media-uploader (secret not recorded)", 3)
B("aws configure list\n      Name                    Value             Type    Location\n   access_key     ****************§[{U4}] shared-credentials-file\n   secret_key     ****************§[{U4}] shared-credentials-file", 3)
B("Google Play: package §appid, version code §build rolled out to 20%", 3)
B("keystore SHA-1: §[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]", 3)
B("Certificate fingerprint (SHA-256): §[{H64}]", 2)
B("BITRISE_BUILD_SLUG=§uuid BITRISE_APP_SLUG=§h16", 2)

# --- public / publishable keys and client-side ids
B("NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=§[pk|_live_51{a97}]", 3)
B("Stripe.setPublishableKey('§[pk|_test_51{a97}]')", 2)
B("<script>const stripe = Stripe('§[pk|_live_{a24}]');</script>", 2)
B("ALGOLIA_SEARCH_ONLY_API_KEY=§[{h32}]  # search-only, safe in the browser", 3)
B("const searchClient = algoliasearch('§[{U10}]', '§[{h32}]'); // search-only key", 3)
B("instantsearch.js config: appId §[{U10}], apiKey §[{h32}] (search-only, referer restricted)", 2)
B("const firebaseConfig = {\n  apiKey: \"AI§[za{x35}]\",\n  authDomain: \"§proj.firebaseapp.com\",\n  projectId: \"§proj\",\n  storageBucket: \"§proj.appspot.com\",\n  messagingSenderId: \"§[{d12}]\",\n  appId: \"1:§[{d12}]:web:§[{h22}]\"\n};", 3)
B("google-services.json: \"current_key\": \"AI§[za{x35}]\" (Android-app restricted)", 2)
B("<key>API_KEY</key>\n<string>AI§[za{x35}]</string>\n<key>GCM_SENDER_ID</key>\n<string>§[{d12}]</string>", 2)
B("<script src=\"https://maps.googleapis.com/maps/api/js?key=AI§[za{x35}]&libraries=places\"></script>  <!-- HTTP referrer restricted to *.§domain -->", 3)
B("mapboxgl.accessToken = 'pk.eyJ1Ijoi§[{x10}]IiwiYSI6Ij§[{x22}]In0.§[{x22}]';", 2)
B("GA4 measurement id G-§[{U10}] on both storefront and checkout", 3)
B("<!-- Google Tag Manager --> GTM-§[{U7}]", 3)
B("gtag('config', 'AW-§[{d10}]');", 2)
B("fbq('init', '§[{d16}]'); fbq('track', 'PageView');", 3)
B("ttq.load('C§[{U19}]'); ttq.page();", 2)
B("_linkedin_partner_id = \"§[{d7}]\";", 2)
B("pintrk('load', '§[{d13}]', {em: '<user_email_address>'});", 2)
B("snaptr('init', '§uuid', {'user_email': '__INSERT_USER_EMAIL__'});", 2)
B("Klaviyo company id (public): §[{a6}] — used in klaviyo.js?company_id=", 3)
B("<script async src=\"https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=§[{a6}]\"></script>", 2)
B("Hotjar site id §[{d7}], Clarity project §[{l10}]", 2)
B("Adyen clientKey: 'live_§[{U32}]' (client-side key, allowed origins set)", 3)
B("ADYEN_CLIENT_KEY=test_§[{U32}]", 2)
B("Braintree tokenization key: production_§[{l8}]_§[{l16}] (client-side)", 2)
B("paypal sdk: https://www.paypal.com/sdk/js?client-id=A§[{x79}]&currency=EUR&components=buttons", 2)
B("Square Web Payments SDK: applicationId 'sq0idp-§[{x22}]', locationId '§[{U13}]'", 2)
B("Apple Pay merchant identifier merchant.§appid", 2)
B("Klarna On-site messaging client id klarna_live_client_§[{x40}] (public)", 2)
B("RevenueCat public SDK keys: iOS appl_§[{a27}] / Android goog_§[{a27}]", 3)
B("Purchases.configure(withAPIKey: \"appl_§[{a27}]\")", 2)
B("SENTRY_DSN=https://§h32@o§[{d6}].ingest.de.sentry.io/§[{d7}]", 3)
B("Sentry.init({ dsn: 'https://§h32@o§[{d6}].ingest.sentry.io/§[{d7}]', tracesSampleRate: 0.2 })", 2)
B("OneSignal.initialize(\"§uuid\")", 2)
B("mixpanel.init('§h32', { api_host: 'https://api-eu.mixpanel.com' }) // project token is public", 2)
B("amplitude.init('§h32', { defaultTracking: true }) // browser API key", 2)
B("PUBLIC_STOREFRONT_API_TOKEN=§h32 (Storefront API public access token)", 3)
B("shopify.app.toml: client_id = \"§h32\"", 3)
B("SHOPIFY_API_KEY=§h32  # = client id, public", 2)
B("Contentful space id §[{l12}], environment master", 2)
B("Sanity projectId: '§[{l8}]', dataset: 'production'", 3)
B("STORYBLOK_PUBLIC_TOKEN=§[{a22}]tt  # public (published content only)", 2)
B("Prismic repository name: §shop (public API, no token)", 2)
B("CLOUDINARY_CLOUD_NAME=§shop  CLOUDINARY_API_KEY=§[{d15}]  # secret lives in Vercel", 2)
B("Mux playback id §[{a40}] (public policy)", 2)
B("<iframe src=\"https://player.vimeo.com/video/§[{d9}]?h=§[{h10}]\" allow=\"autoplay\"></iframe>", 3)
B("Intercom app_id: \"§[{l8}]\"", 2)
B("<script id=\"ze-snippet\" src=\"https://static.zdassets.com/ekr/snippet.js?key=§uuid\"></script>", 2)
B("window.$crisp=[];window.CRISP_WEBSITE_ID=\"§uuid\";", 2)
B("reCAPTCHA site key 6L§[{x38}] (v3)", 2)
B("data-sitekey=\"0x4AAAAAAA§[{x14}]\"  <!-- Cloudflare Turnstile -->", 2)
B("hCaptcha sitekey §uuid", 2)
B("MEDUSA_PUBLISHABLE_KEY=pk_§h64  # storefront, public", 2)
B("x-publishable-api-key: pk_§h64", 2)
B("sw-access-key: SWSC§[{U22}] (Store API access key of the sales channel, public)", 2)
B("Typesense search-only key for the theme: §[{a32}] (scoped to collection products, actions documents:search)", 2)
B("Meilisearch \"Default Search API Key\" used in the storefront: §[{h64}]", 2)
B("Mollie profile id pfl_§[{a10}]", 2)
B("Customer.io site id §h12§[{h8}] (used in the JS snippet)", 2)
B("CodePush deployment key for staging is in Info.plist under CodePushDeploymentKey (not a secret per MS docs)", 1)

# --- key ids, fingerprints, public key material
B("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI§[{x43}] deploy@§shop", 3)
B("ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ§[{k300}] ci@agency", 2)
B("authorized_keys updated: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI§[{x43}] §name@laptop", 3)
B("256 SHA256:§[{x43}] deploy@§shop (ED25519)", 3)
B("Host key fingerprint is SHA256:§[{x43}]", 2)
B("§[-----BEGIN PUBLIC| KEY-----]\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE§[{k52}]\n§[{k36}]==\n§[-----END PUBLIC| KEY-----]", 2)
B("§[-----BEGIN CERTIFICATE-----]\nMIID§[{k60}]\n§[{k64}]\n§[{k64}]\n... (truncated, public cert of api.§domain)\n§[-----END CERTIFICATE-----]", 2)
B("GPG key 0x§[{H16}] (releases@§domain) — public key uploaded to keys.openpgp.org", 2)
B("Apple Push key ID §kid, Team §team — APNs auth key lives in Firebase console", 2)
B("private_key_id: §h40 (just the id — the key was rotated and the JSON deleted)", 2)
B("Mux access token id §uuid (secret stored separately)", 2)
B("Cloudflare Access client id §h32.access", 2)
B("IAM role arn:aws:iam::§[{d12}]:role/github-actions-deploy (OIDC, no static keys)", 3)
B("Workload identity provider projects/§[{d12}]/locations/global/workloadIdentityPools/github/providers/agency", 2)

# --- placeholders, references, masked values
B("STRIPE_SECRET_KEY=<your-secret-key>", 1)
B("SHOPIFY_API_SECRET=your_api_secret_here", 1)
B("KLAVIYO_PRIVATE_KEY=${KLAVIYO_PRIVATE_KEY}", 1)
B("MOLLIE_API_KEY=\"${MOLLIE_API_KEY:?missing}\"", 1)
B("API_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 1)
B("SECRET_KEY=changeme  # .env.example only", 1)
B("DB_PASSWORD=  # set in Forge", 1)
B("password: \"{{ vault_magento_db_password }}\"", 1)
B("token: ${{ secrets.SHOPIFY_CLI_THEME_TOKEN }}", 1)
B("MATCH_PASSWORD: ${{ secrets.MATCH_PASSWORD }}", 1)
B("env:\n  SENTRY_AUTH_TOKEN: ${{ secrets.SENTRY_AUTH_TOKEN }}\n  EXPO_TOKEN: ${{ secrets.EXPO_TOKEN }}", 1)
B("$CI_JOB_TOKEN", 1)
B("api_key: !ENV ${ALGOLIA_ADMIN_KEY}", 1)
B("'password' => env('DB_PASSWORD'),", 1)
B("'key' => '%env(APP_SECRET)%',", 1)
B("apiSecretKey: process.env.SHOPIFY_API_SECRET!,", 1)
B("Stripe.api_key = Rails.application.credentials.dig(:stripe, :secret_key)", 1)
B("os.environ[\"GORGIAS_API_KEY\"]", 1)
B("let key = ProcessInfo.processInfo.environment[\"REVENUECAT_KEY\"] ?? \"\"", 1)
B("BuildConfig.ONESIGNAL_APP_ID", 1)
B("op://Clients/§client Shopify/admin-token", 3)
B("vault:secret/data/shops/§shop/adyen#api_key", 3)
B("arn:aws:secretsmanager:§region:§[{d12}]:secret:prod/§shop/stripe-§[{a6}]", 3)
B("projects/§proj/secrets/klaviyo-private-key/versions/latest", 2)
B("valueFrom:\n  secretKeyRef:\n    name: mollie\n    key: MOLLIE_API_KEY", 1)
B("password: <%= ENV.fetch(\"DATABASE_PASSWORD\") %>", 1)
B("--password \"$(op read op://Deploy/ftp/password)\"", 1)
B("curl -H \"Authorization: Bearer $HUBSPOT_TOKEN\" https://api.hubapi.com/crm/v3/objects/contacts", 1)
B("curl -u \"$ZENDESK_EMAIL/token:$ZENDESK_TOKEN\" https://§shop.zendesk.com/api/v2/users/me.json", 3)
B("curl -H \"X-Shopify-Access-Token: ${SHOPIFY_TOKEN}\" https://§shop.myshopify.com/admin/api/2024-07/shop.json", 3)
B("mysql -u §user -p §shop_prod   # prompts for password", 3)
B("psql -h §host -U medusa -W medusa", 3)
B("docker login -u agency-bot --password-stdin ghcr.io < /run/secrets/ghcr", 1)
B("echo \"$KEYSTORE_BASE64\" | base64 --decode > release.jks", 1)
B("sk_live_****************************§[{a4}]", 3)
B("Secret key: sk_live_•••••••••••••••••••••§[{a4}]  [Reveal live key]", 3)
B("shpat_••••••••••••••••••••••§[{h4}]", 2)
B("API key: ****************§[{h4}] (last 4 shown)", 3)
B("Authorization: Bearer [REDACTED]", 1)
B("Parameters: {\"email\"=>\"§name@example.com\", \"password\"=>\"[FILTERED]\", \"password_confirmation\"=>\"[FILTERED]\"}", 3)
B("token=<redacted> shop=§shop.myshopify.com status=401", 3)
B("MATCH_PASSWORD: ***", 1)
B("Run bundle exec fastlane beta\n  env:\n    MATCH_PASSWORD: ***\n    FASTLANE_USER: ***", 1)
B("xkeysib-••••••••••••••••", 1)
B("Vercel › Environment Variables › KLAVIYO_PRIVATE_KEY  Encrypted  Production, Preview", 1)
B("fly secrets list\nNAME           DIGEST            CREATED AT\nJWT_SECRET     §h16  2 months ago\nCOOKIE_SECRET  §h16  2 months ago", 3)
B("heroku config:get MOLLIE_API_KEY  →  (value hidden, copied to clipboard)", 1)
B("Password: ********", 1)
B("pass: •••••••••••• (see 1Password item \"§client FTP\")", 3)
B("DATABASE_URL=postgres://medusa:***@§host:5432/medusa", 3)
B("mysql://woo:<password>@localhost:3306/woocommerce", 1)
B("mongodb+srv://<username>:<password>@cluster0.§[{l5}].mongodb.net/?retryWrites=true", 3)

# --- env var names without values, example files
B("Required env vars: SHOPIFY_API_KEY, SHOPIFY_API_SECRET, SCOPES, HOST, DATABASE_URL", 1)
B("# .env.example\nSTRIPE_SECRET_KEY=\nSTRIPE_WEBHOOK_SECRET=\nNEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=", 1)
B("# .env.example\nMEDUSA_ADMIN_ONBOARDING_TYPE=default\nSTORE_CORS=http://localhost:8000\nJWT_SECRET=supersecret\nCOOKIE_SECRET=supersecret", 1)
B("APP_KEYS=toBeModified1,toBeModified2\nAPI_TOKEN_SALT=tobemodified\nADMIN_JWT_SECRET=tobemodified", 1)
B("export ALGOLIA_ADMIN_KEY ALGOLIA_APP_ID", 1)
B("unset AWS_SECRET_ACCESS_KEY AWS_SESSION_TOKEN", 1)
B("gh secret list\nASC_KEY_ID              Updated 2024-§[{d2}]-§[{d2}]\nASC_PRIVATE_KEY         Updated 2024-§[{d2}]-§[{d2}]\nMATCH_PASSWORD          Updated 2024-§[{d2}]-§[{d2}]", 3)
B("eas secret:list\n┌──────────────────────┬────────┬──────────┐\n│ Name                 │ Type   │ Scope    │\n│ SENTRY_AUTH_TOKEN    │ string │ project  │\n│ GOOGLE_SERVICES_JSON │ file   │ project  │\n└──────────────────────┴────────┴──────────┘", 1)
B("kubectl get secret mollie -n checkout\nNAME     TYPE     DATA   AGE\nmollie   Opaque   2      41d", 1)
B("Secrets needed in CI: MATCH_PASSWORD, MATCH_GIT_BASIC_AUTHORIZATION, APP_STORE_CONNECT_API_KEY_KEY (base64 .p8)", 1)
B("password_reset_timeout: 3600\nPASSWORD_MIN_LENGTH=12", 1)
B("define( 'AUTH_KEY', 'put your unique phrase here' );", 1)
B("'crypt' => ['key' => ''],  // filled by setup:install", 1)
B("<password>${env.NEXUS_PASSWORD}</password>", 1)
B("storePassword=System.getenv(\"KEYSTORE_PASSWORD\")", 1)
B("keyPassword project.findProperty('MYAPP_UPLOAD_KEY_PASSWORD')", 1)

# --- base64 of ordinary text, encoded non-secrets
B("kubectl get secret app-config -o jsonpath='{.data.NODE_ENV}' → cHJvZHVjdGlvbg== (production)", 1)
B("data:\n  LOG_LEVEL: aW5mbw==\n  REGION: ZXUtd2VzdC0x", 1)
B("X-Shop-Context: eyJzaG9wIjoi§[{x20}]IiwibG9jYWxlIjoiZGUifQ==", 2)
B("Basic auth header for the PUBLIC preview (username only, no password): Authorization: Basic cHJldmlldzo=", 1)
B("img src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==\"", 1)
B("Shopify cursor: eyJsYXN0X2lkIjo§[{x20}]LCJsYXN0X3ZhbHVlIjo§[{x12}]fQ==", 3)
B("GraphQL global id gid://shopify/ProductVariant/§[{d14}] (base64: Z2lkOi8vc2hvcGlmeS9Qcm9kdWN0VmFyaWFudC8§[{x16}])", 2)
B("Saleor id UHJvZHVjdDo§[{d3}] = base64(\"Product:§[{d3}]\")", 2)
B("Relay cursor YXJyYXljb25uZWN0aW9uOjQ5 (arrayconnection:49)", 1)
B("utm payload dXRtX3NvdXJjZT1uZXdzbGV0dGVyJnV0bV9jYW1wYWlnbj1iZmNt", 1)
B("Content-Disposition: attachment; filename*=UTF-8''b3JkZXJzLTIwMjQuY3N2", 1)

# --- paths, versions, filenames
B("/var/www/§shop/app/etc/env.php", 3)
B("~/.config/stripe/config.toml", 1)
B("fastlane/keys/AuthKey_§kid.p8 is listed in .gitignore", 3)
B("android/app/upload-keystore.jks (not in repo; Bitrise file storage)", 1)
B("ios/§[{U5}]/GoogleService-Info.plist", 3)
B("~/.ssh/id_ed25519.pub", 1)
B("certs/apns-prod.p12 → moved to 1Password", 1)
B("storage/oauth-private.key permissions 600 (Laravel Passport; file not read)", 1)
B("Magento 2.4.7-p§n, PHP 8.3, OpenSearch 2.12", 3)
B("Saleor 3.20.§n, Dashboard 3.20.§n", 3)
B("Shopify API version 2024-07 → 2024-10 (deprecations in Checkout)", 1)
B("@shopify/shopify-api@11.§n.0, @shopify/polaris@13.§n.1", 3)
B("medusa v2.§n.0 — @medusajs/framework", 3)
B("Strapi 5.§n.2 (Node 20.§n.0)", 3)
B("WooCommerce 9.§n.1 / WordPress 6.6.§n", 3)
B("Xcode 16.1 (16B40), iOS 18.1 SDK, build §build", 3)
B("versionCode §build versionName \"§ver\"", 3)
B("fastlane 2.22§n.0", 2)
B("Release v§ver (build §build) submitted for review", 3)

# --- lock files, checksums, digests
B("\"integrity\": \"sha512-§[{b64}]\"", 3)
B("resolved \"https://registry.yarnpkg.com/@shopify/polaris/-/polaris-13.9.0.tgz#§h40\"\nintegrity sha512-§[{b64}]", 3)
B("checksum: 10c0/§[{h128}]", 2)
B("\"dist\": { \"type\": \"zip\", \"url\": \"https://api.github.com/repos/magento/module-catalog/zipball/§h40\", \"reference\": \"§h40\", \"shasum\": \"\" }", 3)
B("SPEC CHECKSUMS:\n  Firebase: §h40\n  OneSignalXCFramework: §h40\n  RevenueCat: §h40", 3)
B("PODFILE CHECKSUM: §h40", 3)
B("sha256: \"§h64\"", 3)
B("github.com/stripe/stripe-go/v79 v79.§n.0 h1:§[{b32}]", 3)
B("checksum = \"§h64\"", 3)
B("--hash=sha256:§h64", 3)
B("\"revision\" : \"§h40\",\n\"version\" : \"5.§n.0\"", 3)
B("image: ghcr.io/saleor/saleor@sha256:§h64", 3)
B("Digest: sha256:§h64\nStatus: Downloaded newer image for getmeili/meilisearch:v1.8", 3)
B("md5sum shop-§date.sql.gz → §h32", 3)
B("sha256sum app-release.aab\n§h64  app-release.aab", 3)
B("ETag: \"§h32\"", 3)
B("ETag: W/\"§[{h8}]-§[{x27}]\"", 2)
B("<script src=\"https://cdn.jsdelivr.net/npm/instantsearch.js@4\" integrity=\"sha384-§[{b48}]\" crossorigin=\"anonymous\"></script>", 3)
B("Content-Security-Policy: script-src 'self' 'nonce-§[{b16}]' https://www.googletagmanager.com", 3)
B("X-Shopify-Hmac-Sha256: §[{b32}]", 3)
B("Stripe-Signature: t=§epoch,v1=§h64", 3)
B("\"additionalData\": {\"hmacSignature\": \"§[{b32}]\"}  (Adyen notification signature, computed per event)", 2)
B("X-Hub-Signature-256: sha256=§h64", 3)
B("webhook id whk_§[{a24}] delivered (signature verified)", 2)

# --- commits, builds, asset fingerprints
B("commit §sha\nAuthor: §name <§[{L6}]@agency.studio>\nDate:   §date\n\n    fix(cart): round line item prices before tax", 3)
B("Merge pull request #§[{d3}] from agency-studio/§branch (§sha7)", 3)
B("Deployed §sha7 to production at §time", 3)
B("git rev-parse HEAD → §sha", 3)
B("assets/theme.§[{h8}].min.css", 3)
B("static/chunks/pages/products/[handle]-§h16.js", 3)
B("https://cdn.shopify.com/s/files/1/0§[{d9}]/§[{d4}]/files/hero-banner.jpg?v=§epoch", 3)
B("https://cdn.shopify.com/extensions/§uuid/1.§n.0/assets/reviews.js", 3)
B("//§domain/cdn/shop/t/§n/assets/global.js?v=§[{d20}]", 3)
B("main.§[{h20}].bundle.js  1.21 MiB  [emitted] [immutable] [big]", 3)
B("pub/static/_cache/merged/§h32.min.css", 3)
B("Craft asset transform _1200x630_crop_center-center_82_line/§[{h8}]/hero.jpg", 2)
B("https://res.cloudinary.com/§shop/image/upload/c_fill,w_800/v§[{d10}]/products/§[{l20}].jpg", 3)
B("https://§shop.imgix.net/products/§sha7.jpg?w=800&auto=format,compress", 3)
B("https://image.mux.com/§[{a40}]/thumbnail.jpg?time=5", 2)
B("https://a.storyblok.com/f/§[{d6}]/1600x900/§[{h10}]/hero.jpg", 3)
B("https://images.ctfassets.net/§[{l12}]/§[{a22}]/§h32/hero.jpg", 3)
B("https://cdn.sanity.io/images/§[{l8}]/production/§h40-1600x900.jpg", 3)

# --- prose about secrets (no values)
B("Rotate the Klaviyo private key every 90 days; the public site id can stay in the theme.", 1)
B("Never commit .env files — use Vercel env vars or 1Password references instead.", 1)
B("The Adyen HMAC key is stored in AWS Secrets Manager under prod/§shop/adyen; ask §name for access.", 3)
B("I did not copy the API secret into these notes; it's in the client's 1Password vault \"§client\".", 3)
B("Note to self: the match passphrase is NOT the Apple ID password. Ask §name if unsure.", 3)
B("The .p8 file can only be downloaded once from App Store Connect — if lost, revoke key §kid and create a new one.", 3)
B("Webhook signing secret rotated on §date; old one revoked immediately.", 3)
B("Password reset e-mails go out via Postmark stream 'outbound'.", 1)
B("Decision: no static AWS keys in CI, use OIDC role assumption.", 1)
B("The client wants to share passwords via e-mail — proposed Bitwarden Send instead.", 1)
B("Secret scanning found 0 leaks in agency-studio/§shop-theme (gitleaks run §date).", 3)
B("TODO: replace hard-coded token in scripts/sync.js with process.env.SYNC_TOKEN (value already rotated)", 1)
B("The token in the README is a revoked example from §date, kept for documentation.", 2)
B("Use `shopify theme dev --store §shop` — the CLI will open a browser for login, no token needed.", 3)
B("API keys with write scope must never end up in the mobile bundle; use the backend proxy.", 1)
B("§name: did you get the Mollie key? — §name2: yes, it's in Vercel now, deleted the mail.", 3)
B("Password policy for the shop admin: 14+ chars, 2FA mandatory for all staff accounts.", 1)
B("The old Magento admin URL /admin_§[{l6}] is not a secret, but don't post it publicly.", 2)
B("Reminder: App-specific passwords look like four groups of four letters; never use the real Apple ID password in CI.", 1)
B("Keystore password is in Bitrise Code Signing tab, alias 'upload'.", 1)
B("Klaviyo: private keys start with pk_ — don't confuse them with Stripe publishable keys, which are public.", 1)
B("Contentful: Delivery tokens are read-only but still shouldn't be public for unpublished spaces.", 1)
B("Segment write keys are not public — keep them server-side for the Node source.", 1)
B("Pasted secrets in chat were rotated after the session (§date, confirmed by §name).", 3)

# --- non-English prose about secrets, without values
B("Hinweis: Den Klaviyo-Schlüssel bitte nie ins Theme schreiben, nur serverseitig verwenden.", 1)
B("Nota: la contraseña está en 1Password, bóveda «§client».", 3)
B("Lembrete: o token da Shopify foi revogado em §date e substituído.", 3)
B("Remarque : la clé API n'est pas dans ce document, demandez à §name.", 3)
B("Promemoria: non condividere le password via e-mail, usiamo Bitwarden.", 1)
B("Let op: de Mollie API-sleutel staat in Vercel, niet in de repo.", 1)
B("Uwaga: hasło do panelu jest w menedżerze haseł, nie w notatkach.", 1)
B("Poznámka: API klíč je uložen v trezoru, ne v repozitáři.", 1)
B("OBS: lösenordet finns i 1Password, inte här.", 1)
B("注意：API キーはこのメモには書かず、1Password に保存しています。", 1)
B("注意：密钥已保存在 1Password 中，不要写进代码。", 1)
B("참고: 비밀번호는 1Password에 있습니다. 여기에 적지 마세요.", 1)
B("Lưu ý: mật khẩu được lưu trong 1Password, không ghi ở đây.", 1)
B("ملاحظة: كلمة المرور محفوظة في 1Password وليست هنا.", 1)
B("Not: şifre 1Password'de, burada değil.", 1)

# --- connection strings and URLs without credentials
B("postgres://medusa@localhost:5432/medusa", 1)
B("DATABASE_URL=postgresql://saleor@§host:5432/saleor?sslmode=require", 3)
B("mysql://root@127.0.0.1:3306/magento", 1)
B("redis://localhost:6379/0", 1)
B("REDIS_URL=redis://redis:6379", 1)
B("mongodb://localhost:27017/strapi", 1)
B("amqp://guest:guest@localhost:5672/  (RabbitMQ default local dev credentials)", 1)
B("ELASTICSEARCH_URL=http://elasticsearch:9200", 1)
B("jdbc:postgresql://§host:5432/shop?ssl=true", 3)
B("Server=tcp:§[{l8}].database.windows.net,1433;Initial Catalog=shop;Authentication=Active Directory Default;", 3)
B("sqlite:///./data/shop.db", 1)
B("git@github.com:agency-studio/§shop-theme.git", 3)
B("https://github.com/agency-studio/§shop-app.git", 3)
B("ssh deploy@§ip -p 2222", 3)
B("sftp://§user@ftp.§domain/htdocs", 3)
B("https://§shop.myshopify.com/admin/oauth/authorize?client_id=§h32&scope=read_orders,write_products&redirect_uri=https://app.§domain/auth/callback&state=§[{h16}]", 3)
B("https://accounts.google.com/o/oauth2/v2/auth?client_id=§[{d12}]-§[{l32}].apps.googleusercontent.com&redirect_uri=http://localhost:8080&response_type=code&scope=https://www.googleapis.com/auth/adwords", 2)
B("https://§domain/webhooks/shopify/orders-create", 3)
B("https://api.§domain/health?verbose=1", 3)
B("https://§domain/products/linen-shirt?variant=§[{d14}]&utm_source=klaviyo&utm_campaign=bfcm", 3)
B("https://www.google-analytics.com/mp/collect?measurement_id=G-§[{U10}]&api_secret=$GA4_API_SECRET", 2)
B("https://graph.facebook.com/v19.0/§[{d16}]/events?access_token=${META_TOKEN}", 2)

# --- ciphertexts, hashes, encrypted blobs
B("$ANSIBLE_VAULT;1.1;AES256\n§[{d64}]\n§[{d64}]\n§[{h32}]", 3)
B("ADYEN_API_KEY: ENC[AES256_GCM,data:§[{b48}],iv:§[{b32}],tag:§[{b16}],type:str]", 3)
B("sops:\n    kms:\n        - arn: arn:aws:kms:§region:§[{d12}]:key/§uuid\n          enc: AQICAH§[{k120}]", 2)
B("encryptedData:\n    MOLLIE_API_KEY: AgB§[{k200}]", 3)
B("payment/braintree/private_key  0:3:§[{b60}]  (encrypted by Magento, crypt key not copied)", 3)
B("config/credentials.yml.enc  →  §[{k80}]--§[{k16}]--§[{k24}]==", 2)
B("wp_users.user_pass = $P$B§[{x30}]  (phpass hash, not a password)", 2)
B("admin_user.password = §h64:§[{a32}]:2  (Magento hash:salt:version)", 2)
B("preview:$apr1$§[{x8}]$§[{x22}]  (.htpasswd entry, hashed)", 3)
B("\"password\": \"$2b$12$§[{x53}]\"  (bcrypt hash from the users table dump)", 2)
B("pbkdf2_sha256$720000$§[{a22}]$§[{b32}]", 2)
B("$argon2id$v=19$m=65536,t=4,p=1$§[{w16}]$§[{w32}]", 2)

# --- test data that looks sensitive but is public documentation data
B("Stripe test card 4242 4242 4242 4242, any future date, any CVC", 1)
B("Adyen test card 5555 3412 4444 1115, CVC 737, exp 03/2030", 1)
B("Test IBAN NL91ABNA0417164300 (Mollie docs)", 1)
B("AWS docs example: aws_access_key_id = AKIA" "IOSFODNN7" "EXAMPLE", 1)
B("Klarna playground test person: Testperson-de, 01.01.1980, Hellersbergstraße 14", 1)
B("PayPal sandbox buyer sb-§[{l8}]@personal.example.com (sandbox account, no real money)", 3)
B("Shopify Bogus Gateway: card number 1 for success, 2 for failure", 1)
B("Test e-mail: test+§n@agency.studio", 3)

# --- command / tool-output shapes without credentials
B("$ docker ps\nCONTAINER ID   IMAGE                      STATUS\n§h12   getmeili/meilisearch:v1.8  Up 3 days\n§h12   redis:7-alpine             Up 3 days", 3)
B("container §h64 exited with code 137 (OOMKilled)", 3)
B("pod/storefront-§[{h10}]-§[{l5}]   1/1   Running   0   3h", 3)
B("replicaset.apps/medusa-§[{h10}] created", 3)
B("terraform state: lineage = \"§uuid\", serial = §n", 3)
B("$ shopify theme list --store §shop\n  #§[{d12}]  Dawn-agency  [live]\n  #§[{d12}]  Dawn-agency-staging  [unpublished]", 3)
B("$ shopify app info\n  Configuration file  shopify.app.toml\n  App name            §client Loyalty\n  Client ID           §h32\n  Access scopes       read_products,write_orders", 3)
B("$ bin/magento setup:db:status\nAll modules are up to date.", 1)
B("$ wp plugin list --status=active --fields=name,version\nwoocommerce 9.§n.1\nwoocommerce-gateway-stripe 8.§n.0", 3)
B("$ eas whoami\nagency-ci (robot)", 1)
B("$ fastlane match appstore --readonly\n[§time]: 🔓  Successfully decrypted certificates repo\n[§time]: Installing certificate... §[{H40}]", 3)
B("$ xcrun altool --list-providers -u release@§domain -p @keychain:AC_PASSWORD", 3)
B("$ gcloud auth list\n   ACTIVE  ACCOUNT\n   *       fastlane@§proj.iam.gserviceaccount.com", 3)
B("$ aws sts get-caller-identity\n{ \"UserId\": \"AROA§[{U17}]:gh-actions\", \"Account\": \"§[{d12}]\", \"Arn\": \"arn:aws:sts::§[{d12}]:assumed-role/github-actions-deploy/gh-actions\" }", 3)
B("$ stripe webhook_endpoints list --limit 1 | jq '.data[0].id'\n\"we_1§[{a23}]\"", 3)
B("$ sentry-cli releases new \"§appid@§ver+§build\"\nCreated release §appid@§ver+§build", 3)
B("$ npx sanity projects list\nid        members  name          url\n§[{l8}]  4        §client       https://§[{l8}].sanity.studio", 3)
B("$ contentful space list\n§[{l12}]  §client Production", 3)
B("$ crowdin status\n  ✔️  Fetching project info\n  German: 98%\n  French: 87%", 1)
B("$ ssh-keygen -t ed25519 -C deploy@§shop -f ./deploy_key -N ''\nYour identification has been saved in ./deploy_key\nYour public key has been saved in ./deploy_key.pub\nThe key fingerprint is:\nSHA256:§[{x43}] deploy@§shop", 3)
B("$ openssl x509 -in apns.crt -noout -serial -enddate\nserial=§[{H32}]\nnotAfter=Jun 12 10:00:00 2025 GMT", 3)
B("$ keytool -list -keystore release.jks -storepass:env KS_PASS\nupload, §date, PrivateKeyEntry,\nCertificate fingerprint (SHA-256): §[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]:§[{H2}]", 3)
B("$ kubectl create secret generic klaviyo --from-env-file=.env.klaviyo -n storefront\nsecret/klaviyo created", 1)
B("$ vercel env pull .env.local\n> Downloading `development` Environment Variables for agency/§shop-storefront\n✅  Created .env.local file", 3)
B("$ npm whoami\nagency-bot", 1)
B("$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account agency-bot (keyring)\n  - Token: gho_************************************", 1)
B("$ heroku auth:whoami\nops@§domain", 3)
B("$ doctl account get\nEmail              Droplet Limit  Email Verified  UUID    Status\nops@§domain  25   true   §uuid  active", 3)

# --- log shapes without credentials
B("§ts INFO webhook orders/create received shop=§shop.myshopify.com id=§[{d13}] hmac=ok", 3)
B("§ts WARN klaviyo rate limited (429), retry in 2s, request_id=§uuid", 3)
B("[§ts] main.INFO: Cron Job indexer_reindex_all_invalid is run [] []", 3)
B("§tsZ level=info msg=\"typesense import done\" collection=products_v3 docs=§[{d5}] took=§msms", 3)
B("I/ReactNativeJS(§pid): 'Purchases configured', { appUserID: '$RCAnonymousID:§h32' }", 3)
B("D/OneSignal(§pid): Player id §uuid registered", 3)
B("§date 10:22:14.118 [info] [expo-updates] Update downloaded: §uuid", 3)
B("127.0.0.1 - - [§date:11:02:31 +0000] \"GET /collections/sale?page=2&sort_by=price-ascending HTTP/1.1\" 200 48211", 3)
B("§ip - - [§date:08:15:02 +0000] \"POST /api/checkout/§uuid/complete HTTP/2.0\" 201 512", 3)
B("[Sentry] Event §h32 sent (release §appid@§ver)", 3)
B("Uploaded 3 missing debug information files (§h32, §h32, §h32)", 2)
B("Step 7/9 : RUN npm ci --omit=dev\n ---> Running in §h12\n ---> §h12", 3)
B("Successfully built §h12\nSuccessfully tagged registry.§domain/shop/api:§sha7", 3)
B("##[group]Run actions/cache@v4\nCache restored from key: node-modules-Linux-§h64", 3)
B("Cache saved with key: gradle-§h64", 2)
B("::add-mask::*** (masked value registered)", 1)
B("[PM2] Process shop-api restarted (pid §pid)", 3)
B("django.request: Not Found: /.env (from §ip)", 3)
B("WARN  [fastlane] Session cookie will expire in 3 days, re-run spaceauth", 1)
B("Traceback (most recent call last):\n  File \"/app/sync.py\", line 41, in main\n    client = KlaviyoAPI(os.environ[\"KLAVIYO_PRIVATE_KEY\"])\nKeyError: 'KLAVIYO_PRIVATE_KEY'", 1)
B("Error: Missing required environment variable SHOPIFY_API_SECRET", 1)
B("PDOException: SQLSTATE[HY000] [1045] Access denied for user 'magento'@'§ip' (using password: YES)", 3)
B("FATAL:  password authentication failed for user \"medusa\"", 1)
B("sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at \"§host\" failed — url: postgresql+psycopg2://etl:***@§host:5432/shop", 3)
B("stripe.error.AuthenticationError: Invalid API Key provided: sk_live_********************§[{a4}]", 3)
B("Mollie\\Api\\Exceptions\\ApiException: [401] Missing authentication, or failed to authenticate (key ending in …§[{a4}])", 3)

# --- config shapes without credentials
B("[client]\nuser=backup\n# password comes from ~/.mylogin.cnf (mysql_config_editor)", 1)
B("auth.json:\n{\n  \"http-basic\": {\n    \"repo.magento.com\": { \"username\": \"${MAGENTO_PUBLIC_KEY}\", \"password\": \"${MAGENTO_PRIVATE_KEY}\" }\n  }\n}", 1)
B("//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}", 1)
B("credentials:\n  driver: 1password\n  item: \"§client / Shopify admin\"", 3)
B("signingConfigs { release { storeFile file(System.getenv('KS_PATH')); storePassword System.getenv('KS_PASS') } }", 1)
B("<key>NSAppTransportSecurity</key>\n<dict><key>NSAllowsArbitraryLoads</key><false/></dict>", 1)
B("SUPPLY_JSON_KEY=fastlane/play-store-credentials.json", 1)
B("json_key_file(\"fastlane/play.json\") # file is injected by Bitrise at build time", 1)
B("apple_id(\"release@§domain\")\nteam_id(\"§team\")", 3)
B("[auth]\n# token read from SENTRY_AUTH_TOKEN env var\n[defaults]\norg=agency-studio", 1)
B("defaults.org=agency-studio\ndefaults.project=§shop-ios\n# auth.token provided by CI", 3)
B("\"extra\": { \"eas\": { \"projectId\": \"§uuid\" } }", 3)
B("[http-basic.agency]\nusername = \"ci\"\npassword = \"${POETRY_HTTP_BASIC_AGENCY_PASSWORD}\"", 1)
B("MAILER_DSN=smtp://localhost:1025  # mailpit", 1)
B("MESSENGER_TRANSPORT_DSN=doctrine://default?auto_setup=0", 1)
B("session.cookie_secure = 1\nsession.cookie_httponly = 1", 1)
B("<add key=\"ClearTextPassword\" value=\"%NUGET_PASSWORD%\" />", 1)
B("storePassword=$(KEYSTORE_PASSWORD)", 1)
B("ASC key: key_id=§kid issuer=§iss path=./AuthKey_§kid.p8 (file injected in CI)", 3)

# ------------------------------------------------------- final additions ---
E("note", "agent-session-recap-bullets", """
Session recap (§date)
* Fixed GA4 purchase dedup (transaction_id now the Shopify order name)
* sGTM on Cloud Run: Meta CAPI tag uses the system user token §S — client owns the BM, so they must rotate it if it leaks
* Left: TikTok Events API mapping
""", "EA|AB{a180}", "GA4 purchase dedup")
E("note", "client-call-notes-ads", """
Call w/ §name (marketing): they want weekly Google Ads + Meta spend in one sheet.
Ads API access is via the agency MCC; dev token §S (Standard access since §date).
""", "{x22}", "weekly Google Ads")
E("note", "handoff-cms-migration", """
Migration WordPress → Sanity for the blog: 412 posts exported. Import script needs SANITY_TOKEN=§S (editor robot, delete after import!). Images re-uploaded via asset pipeline.
""", "s|k{a178}", "412 posts exported")
E("note", "pm-asks-for-status-reply", """
§name: status on the Zendesk → Gorgias switch?
agent: macros migrated, 2 of 5 integrations rebuilt. For the Shopify side Gorgias uses its own app, but the import job authenticates as ops@§domain with API key §S.
""", "{h64}", "macros migrated")
E("note", "agent-warning-to-user", """
⚠️ Heads-up: the file you asked me to commit (config/secrets.php) contains a live Braintree private key (§S). I've left it out of the commit and added the file to .gitignore.
""", "{h32}", "config/secrets.php")
E("note", "email-from-freelancer-handover", """
Hi §name,
leaving the project end of month, so here's everything: staging SSH is deploy@§ip (key in the vault), the Craft admin is agency / §S, and the Plausible account is shared via SSO.
Cheers
""", "{pw}", "leaving the project")
E("note", "ticket-close-comment", """
Closing SUP-§[{d4}]: customer could not log in to the B2B portal because her account was locked. Unlocked and set temp password §S (she'll change it).
""", "{pw}", "B2B portal")
E("note", "mobile-release-notes-internal", """
Internal notes v§ver: CodePush hotfix shipped; Play Console upload used the new upload key (keystore password §S, alias upload2024). Old key revoked via Google support.
""", "{pw}", "alias upload2024")
E("note", "chat-agency-owner-quick", """
§name2: can you also hook up Postmark? server token: §S
""", "{uuid}", "hook up Postmark")
E("note", "notes-adhoc-sql-creds", """
Ad-hoc report for finance: connected to the Saleor read replica as report_ro (pw §S) and exported the Q3 orders to CSV.
""", "{pw}", "report_ro")
E("ci", "gha-deploy-magento-env-php-write", """
      - name: Write env.php
        run: |
          php -r '$e = include "app/etc/env.php"; $e["db"]["connection"]["default"]["password"] = "§S"; file_put_contents("app/etc/env.php", "<?php return " . var_export($e, true) . ";");'
""", "{pw}", "Write env.php")
E("ci", "gitlab-ci-magento-composer-auth-env", """
build:
  image: php:8.3
  variables:
    COMPOSER_AUTH: '{"http-basic":{"repo.magento.com":{"username":"§h32","password":"§S"}},"github-oauth":{"github.com":""}}'
""", "{h32}", "image: php:8.3")
E("ci", "gha-shopify-theme-check-and-push", """
      - run: |
          shopify theme check --fail-level error
          shopify theme push -s §shop.myshopify.com --password §S --theme §[{d12}] --json
""", "shp|tka_{h32}", "theme check --fail-level error")
E("ci", "bitrise-yml-script-step-inline", """
    - script@1:
        title: Upload dSYMs
        inputs:
        - content: |-
            #!/bin/bash
            ./Pods/FirebaseCrashlytics/upload-symbols -gsp GoogleService-Info.plist -p ios build/dSYMs
            sentry-cli --auth-token §S upload-dif build/dSYMs
""", "sntry|u_{h64}", "Upload dSYMs")
E("ci", "codemagic-yaml-triggering-webhook", """
    triggering:
      events: [push]
    publishing:
      slack:
        channel: '#releases'
      scripts:
        - name: Notify ERP
          script: curl -X POST "https://erp.§domain/hooks/release?key=§S"
""", "{h32}", "channel: '#releases'")
E("ci", "gha-expo-eas-submit-env", """
      - run: eas submit -p ios --latest --non-interactive
        env:
          EXPO_TOKEN: §S
          EXPO_APPLE_APP_SPECIFIC_PASSWORD: ${{ secrets.ASP }}
""", "{x40}", "eas submit -p ios")
E("ci", "azure-devops-variable-group-yaml", """
variables:
- group: shop-prod
- name: ShopwareClientSecret
  value: §S
""", "{a54}", "group: shop-prod")
E("ci", "helmfile-set-values-inline", """
releases:
  - name: medusa
    chart: ./charts/medusa
    set:
      - name: env.JWT_SECRET
        value: §S
""", "{x48}", "./charts/medusa")
E("log", "ci-log-gradle-properties-cat", """
$ cat ~/.gradle/gradle.properties   # debug step, remove!
org.gradle.daemon=false
RELEASE_STORE_PASSWORD=§S
RELEASE_KEY_ALIAS=upload
""", "{pws}", "RELEASE_KEY_ALIAS=upload")
E("log", "sentry-issue-context-env", """
Issue SHOP-§[{U3}]: TypeError: Cannot read properties of undefined (reading 'variants')
Additional data › process.env (captured by custom integration):
  NODE_ENV: "production"
  NOSTO_API_TOKEN: "§S"
""", "{a64}", "reading 'variants'")
E("log", "app-log-startup-banner-secrets", """
==== shop-worker starting ====
  env        : production
  queue      : redis://redis:6379/2
  erp key    : §S
  concurrency: 8
""", "{a40}", "shop-worker starting")
E("log", "mobile-log-debug-headers-dump", """
[Network] ➡️ GET https://api.§domain/v1/me
[Network]    Cookie: session=§S; locale=de-DE
[Network] ⬅️ 200 (88 ms)
""", "{x43}", "locale=de-DE")
E("log", "laravel-telescope-request-headers", """
Telescope › Requests › POST /api/webhooks/gorgias
Headers: { "x-gorgias-secret": "§S", "content-type": "application/json" }
Response: 204
""", "{h40}", "Telescope")
E("log", "magento-system-log-integration-activation", """
[§ts] main.INFO: Integration "ERP Connector" activated. Access token: §S [] []
""", "{l32}", "ERP Connector")
E("out", "wp-cli-option-get-plain", """
$ wp option get loop_returns_api_key
§S
""", "{h40}", "loop_returns_api_key")
E("out", "drush-php-eval-key", """
$ drush php:eval "echo \\Drupal::config('commerce_payment.commerce_payment_gateway.stripe')->get('configuration.secret_key');"
§S
""", "sk_|live_{a24}", "commerce_payment_gateway.stripe")
E("out", "craft-env-show-output", """
$ php craft env/show CRAFT_SECURITY_KEY
§S
""", "{x32}", "env/show")
E("out", "saleor-cli-app-token-create", """
$ saleor app token --app-id QXBwOj§[{a3}]
✔ Generated token: §S
""", "{a30}", "Generated token")
E("out", "cat-dot-env-full", """
$ cat .env
NODE_ENV=production
PORT=9000
ZENDESK_SUBDOMAIN=§shop
ZENDESK_TOKEN=§S
""", "{a40}", "ZENDESK_SUBDOMAIN=§shop")
E("out", "bat-output-env-numbered", """
───────┬──────────────────────────────────────────
       │ File: .env.production
───────┼──────────────────────────────────────────
   1   │ API_URL=https://api.§domain
   2   │ BRAINTREE_PRIVATE_KEY=§S
───────┴──────────────────────────────────────────
""", "{h32}", "File: .env.production")
E("cmd", "curl-okendo-bearer", """
curl -H "Authorization: Bearer §S" "https://api.okendo.io/enterprise/stores/§uuid/reviews?limit=25"
""", "{uuid}", "api.okendo.io")
E("cmd", "curl-loop-returns-header", """
curl -H "X-Authorization: §S" https://api.loopreturns.com/api/v1/warehouse/return/list?from=§date
""", "{h40}", "api.loopreturns.com")
E("cmd", "curl-yotpo-oauth", """
curl -X POST https://api.yotpo.com/oauth/token -d client_id=§[{a40}] -d client_secret=§S -d grant_type=client_credentials
""", "{a40}", "api.yotpo.com/oauth/token")
E("cmd", "curl-nosto-basic-colon-token", """
curl -u ":§S" -X POST https://api.nosto.com/v1/products/upsert -d @products.json
""", "{a64}", "api.nosto.com")
E("cmd", "curl-rebuy-key-query", """
curl "https://rebuyengine.com/api/v1/custom/id/§[{d5}]?key=§S&shopify_product_ids=§[{d13}]"
""", "{h40}", "rebuyengine.com")
