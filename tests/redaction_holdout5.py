"""A fifth hold-out corpus for secret redaction, written without reading the redaction
code; it measured 0.951 recall and 4.2% false positives blind, and the redaction has since
been tuned on it, so it is regression data now (tests/test_redaction_holdouts.py holds its
recall per group and its false positives).

Every secret value is generated at import time from a fixed-seed random.Random;
no value here is a real credential.  Vendor prefixes are assembled from parts.

Exports:
  SECRETS  list of (group, format, text, secret, visible)
  BENIGN   list of strings holding no secret
  RULELESS_FORMATS  set of format names a vendor rule table is unlikely to name
"""
import base64
import json
import random
import string
import urllib.parse

R = random.Random(0x5EED0005)

LOW = string.ascii_lowercase
UPP = string.ascii_uppercase
DIG = string.digits
HEX = "0123456789abcdef"
ALNUM = LOW + UPP + DIG
LALNUM = LOW + DIG
UALNUM = UPP + DIG
B64A = ALNUM + "+/"
B64U = ALNUM + "-_"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
B32L = "abcdefghijklmnopqrstuvwxyz234567"
B32U = B32L.upper()
BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(HEX, n)


def HX(n):
    return rs(HEX, n).upper()


def an(n):
    return rs(ALNUM, n)


def la(n):
    return rs(LALNUM, n)


def ua(n):
    return rs(UALNUM, n)


def dg(n):
    return R.choice("123456789") + rs(DIG, n - 1)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(n):
    return base64.b64encode(rbytes(n)).decode()


def b64u(n):
    return base64.urlsafe_b64encode(rbytes(n)).decode().rstrip("=")


def b64s(s):
    return base64.b64encode(s.encode()).decode()


def b64us(s):
    return base64.urlsafe_b64encode(s.encode()).decode().rstrip("=")


def pick(xs):
    return R.choice(xs)


def uuid():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + R.choice("89ab") + h[17:]
    return "-".join([h[:8], h[8:12], h[12:16], h[16:20], h[20:]])


def jwt(payload, alg="HS256", sig=None):
    head = b64us(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")))
    body = b64us(json.dumps(payload, separators=(",", ":")))
    if sig is None:
        sig = b64u(32 if alg.startswith("HS") else (64 if alg.startswith(("ES", "Ed")) else 256))
    return head + "." + body + "." + sig


def ts_epoch():
    return R.randint(1700000000, 1760000000)


def wrap(s, width):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


def camel(env):
    parts = env.lower().split("_")
    return parts[0] + "".join(p.capitalize() for p in parts[1:])


def slug(s):
    return "".join(ch if ch.isalnum() else "-" for ch in s.lower()).strip("-")


def qurl(s):
    return urllib.parse.quote(s, safe="")


# ---------------------------------------------------------------- passwords
WORDS = ("apple river falcon granite maple orbit velvet tiger copper harbor sunset winter "
         "coffee rocket panda dragon silver purple ocean forest thunder marble pepper cactus "
         "lemon violet anchor bridge canyon meadow willow ember frost lunar solar nova atlas "
         "zephyr quartz saffron tundra monsoon glacier pixel kernel vector socket cobalt "
         "crimson indigo jasper lotus mango nectar olive parrot quill raven sable topaz walnut "
         "banjo bison cobra daisy eagle fjord gecko hazel iris jungle koala lilac mocha "
         "nutmeg otter pebble quokka rhino spruce tulip unicorn vortex wombat yeti zinnia").split()
SEASONS = ["Summer", "Winter", "Spring", "Autumn", "Fall"]
COMPANIES = ["Acme", "Globex", "Initech", "Umbrella", "Contoso", "Fabrikam", "Hooli", "Stark",
             "Wayne", "Tyrell", "Nakatomi", "Vandelay", "Pied", "Soylent", "Wonka"]
LEET = {"a": "@", "e": "3", "i": "1", "o": "0", "s": "$"}


def leet(w):
    return "".join(LEET.get(ch, ch) if R.random() < 0.6 else ch for ch in w)


def pw_human():
    w = pick(WORDS)
    year = str(R.randint(2015, 2026))
    k = R.randrange(10)
    if k == 0:
        p = w.capitalize() + year + pick("!#$@*")
    elif k == 1:
        p = pick(SEASONS) + year + pick(["!", "#", "$", "!!", ""])
    elif k == 2:
        p = leet(w + pick(WORDS)).capitalize() + str(R.randint(1, 99))
    elif k == 3:
        p = w.capitalize() + pick(WORDS).capitalize() + str(R.randint(1, 999))
    elif k == 4:
        p = "Welcome" + str(R.randint(1, 2026)) + pick("!@#")
    elif k == 5:
        p = pick(COMPANIES) + pick(["@", "#", "_", ""]) + year + pick(["!", ""])
    elif k == 6:
        p = w + pick(WORDS) + str(R.randint(10, 9999))
    elif k == 7:
        p = pick(["P@ssw0rd", "Passw0rd", "Admin", "Qwerty", "Letmein", "Changeit"]) + str(R.randint(1, 999)) + pick(["!", "", "#"])
    elif k == 8:
        p = pick(["hunter", "monkey", "shadow", "master", "sunshine", "princess", "football", "baseball"]) + str(R.randint(10, 9999))
    else:
        p = w.capitalize() + pick(["_", ".", "-"]) + pick(WORDS) + pick(["!", "?", "7", "42"])
    while len(p) < 8:
        p += str(R.randint(0, 9))
    return p


def pw_random(n=None, sym="!#%^*-_+=.~@"):
    n = n or R.randint(12, 28)
    alpha = ALNUM + sym
    while True:
        p = rs(alpha, n)
        if any(c.isdigit() for c in p) and any(c.isalpha() for c in p):
            return p


def pw_phrase(sep=None):
    sep = sep if sep is not None else pick(["-", ".", "_", " ", ""])
    ws = [pick(WORDS) for _ in range(R.randint(3, 5))]
    if sep == "":
        ws = [x.capitalize() for x in ws]
    return sep.join(ws)


def pw():
    k = R.random()
    if k < 0.45:
        return pw_human()
    if k < 0.85:
        return pw_random()
    return pw_phrase(pick(["-", ".", "_", ""]))


def pw_plain():
    """password without shell/URL metacharacters"""
    k = R.random()
    if k < 0.4:
        return pw_random(sym="-_.")
    if k < 0.7:
        return pw_phrase(pick(["-", "_", ".", ""]))
    p = pick(WORDS).capitalize() + pick(WORDS) + str(R.randint(10, 9999))
    return p


# ---------------------------------------------------------------- context
USERS = ["admin", "root", "deploy", "app", "svc_api", "postgres", "ci-bot", "jenkins", "backup",
         "reporting", "etl_user", "grafana", "dbadmin", "webapp", "rails", "django", "node",
         "ops", "maria.lopez", "jsmith", "knakamura", "billing_rw", "analytics_ro", "keycloak",
         "gitlab", "airflow", "metabase", "svc-payments", "orders_app", "wp_user"]
DBHOSTS = ["db-prod-01.internal", "10.0.3.17", "pg.staging.acme.io", "mysql-primary.svc.cluster.local",
           "acme-prod.cluster-c9xk2lqw.us-east-1.rds.amazonaws.com", "localhost", "127.0.0.1",
           "db.example-corp.net", "pg-replica-2.eu-west-1.compute.internal", "172.16.40.9",
           "sql01.corp.contoso.com", "orders-db.prod.svc", "mongo-0.mongo.data.svc.cluster.local",
           "redis-master.cache.svc", "192.168.1.50", "warehouse.internal.globex.io"]
DBS = ["app", "orders", "billing", "analytics", "shop_prod", "crm", "inventory", "users",
       "wordpress", "metabase", "airflow", "keycloak", "gitlab_production", "payments", "events"]
APPS = ["api", "web", "worker", "billing-svc", "checkout", "notifier", "ingest", "admin-portal",
        "search-indexer", "auth-gateway", "reports", "mobile-bff", "cron-jobs", "webhooks",
        "storefront", "ledger", "pricing-engine", "chat-relay"]
ORGS = ["acme", "globex", "initech", "hooli", "umbrella-corp", "contoso", "fabrikam", "wayne-ent",
        "piedpiper", "stark-labs", "tyrell", "vandelay-io"]
DOMAINS = ["acme.io", "globex.com", "initech.dev", "hooli.xyz", "contoso.com", "fabrikam.net",
           "piedpiper.com", "example-corp.net", "shopwave.io", "ledgerly.app"]
REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-2", "ap-northeast-1"]
NSS = ["default", "prod", "staging", "payments", "platform", "monitoring", "data", "ci"]
FIRST = ["maria", "james", "li", "aisha", "tom", "priya", "oleg", "sven", "yuki", "carlos", "fatima", "noah"]


class C(object):
    def __init__(self):
        self.user = pick(USERS)
        self.host = pick(DBHOSTS)
        self.db = pick(DBS)
        self.app = pick(APPS)
        self.org = pick(ORGS)
        self.domain = pick(DOMAINS)
        self.region = pick(REGIONS)
        self.ns = pick(NSS)
        self.first = pick(FIRST)
        self.email = self.first + "@" + self.domain
        self.ip = "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        self.acct = dg(12)
        self.tenant = uuid()
        self.ts = "2025-%02d-%02dT%02d:%02d:%02d.%03dZ" % (R.randint(1, 12), R.randint(1, 28), R.randint(0, 23),
                                                       R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))
        self.bucket = self.org + "-" + pick(["backups", "assets", "logs", "exports", "artifacts"])
        self.repo = self.org + "/" + self.app


# ---------------------------------------------------------------- registry
SECRETS = []
RULELESS_FORMATS = set()
_FORMATS = {}


def add(group, fmt, text, secret, visible=""):
    if secret not in text or len(secret) < 8:
        raise ValueError("bad corpus row %s: %r" % (fmt, secret))
    SECRETS.append((group, fmt, text, secret, visible))
    _FORMATS.setdefault(fmt, group)


def T(group, fmt, gen, templates, ruleless=False, vis=None, n=None):
    """One format: gen(c) -> secret; each template t(s, c) -> text."""
    if ruleless:
        RULELESS_FORMATS.add(fmt)
    tl = list(templates)
    if n is not None and n < len(tl):
        tl = R.sample(tl, n)
    for t in tl:
        c = C()
        s = gen(c)
        text = t(s, c)
        if s not in text:
            for alt in (qurl(s), b64s(s)):
                if alt in text:
                    s = alt
                    break
        if vis is None:
            v = ""
        elif callable(vis):
            v = vis(c)
        else:
            v = vis
        if v and v not in text:
            v = ""
        add(group, fmt, text, s, v)


# ---------------------------------------------------------------- vendor tokens in generic contexts
def vctx(t, env, vend, host):
    c = C()
    k = env.lower()
    cam = camel(env)
    dot = k.replace("_", ".")
    keb = k.replace("_", "-")
    v = slug(vend)
    return [
        "export %s=%s" % (env, t),
        'export %s="%s"' % (env, t),
        "%s=%s" % (env, t),
        "%s='%s'  # %s" % (env, t, vend),
        '  "%s": "%s",' % (cam, t),
        '{"%s": "%s", "region": "%s"}' % (k, t, c.region),
        "%s: %s" % (k, t),
        '    %s: "%s"' % (k, t),
        '%s = "%s"' % (k, t),
        "[%s]\n%s = %s" % (v, k, t),
        "ENV %s=%s" % (env, t),
        "ENV %s %s" % (env, t),
        "ARG %s=%s" % (env, t),
        "%s.%s=%s" % (v, dot, t),
        '<add key="%s:%s" value="%s" />' % (vend.replace(" ", ""), cam, t),
        "<%s>%s</%s>" % (cam, t, cam),
        'os.environ["%s"] = "%s"' % (env, t),
        "process.env.%s ??= '%s';" % (env, t),
        'const %s = "%s";' % (cam, t),
        "let %s = `%s`" % (cam, t),
        '%s := "%s"' % (cam, t),
        'private static final String %s = "%s";' % (env, t),
        'var %s = "%s"; // TODO move to Key Vault' % (cam, t),
        "%s = '%s' # initializer" % (k, t),
        "$%s = '%s';" % (cam, t),
        '$env:%s = "%s"' % (env, t),
        "set %s=%s" % (env, t),
        'setx %s "%s"' % (env, t),
        "docker run --rm -e %s=%s ghcr.io/%s/%s:latest" % (env, t, c.org, c.app),
        "kubectl create secret generic %s -n %s --from-literal=%s=%s" % (v, c.ns, k, t),
        'gh secret set %s --repo %s --body "%s"' % (env, c.repo, t),
        "fly secrets set %s=%s -a %s" % (env, t, c.app),
        "heroku config:set %s=%s --app %s-prod" % (env, t, c.app),
        'railway variables --set "%s=%s"' % (env, t),
        'doppler secrets set %s="%s" --project %s --config prd' % (env, t, c.app),
        "netlify env:set %s %s" % (env, t),
        "aws ssm put-parameter --name /%s/%s --type SecureString --value '%s' --overwrite" % (c.app, k, t),
        "aws secretsmanager create-secret --name %s/%s --secret-string %s --region %s" % (c.app, keb, t, c.region),
        "az keyvault secret set --vault-name kv-%s-prod --name %s --value %s" % (c.app, keb, t),
        "echo -n '%s' | gcloud secrets versions add %s --data-file=-" % (t, keb),
        "printf '%%s' '%s' | npx wrangler secret put %s" % (t, env),
        '- name: %s\n  value: "%s"' % (env, t),
        "env:\n  %s: %s" % (env, t),
        'echo "::add-mask::%s"' % t,
        "%s INFO  [%s] loaded config %s=%s" % (c.ts, c.app, k, t),
        "%s DEBUG outgoing headers={'Authorization': 'Bearer %s', 'Accept': 'application/json'}" % (c.ts, t),
        'curl -s https://%s/ -H "Authorization: Bearer %s"' % (host, t),
        "curl -H 'X-Api-Key: %s' https://%s/v1/status" % (t, host),
        'http GET https://%s/v2/me "Authorization:Bearer %s"' % (host, t),
        "%s key for %s: %s" % (vend, c.app, t),
        "Using the %s token %s until the rotation lands." % (vend, t),
        "%s: >-\n  %s" % (k, t),
        '[%s]\ntoken = "%s"' % (v, t),
        '%s: "%s"  # TODO: move to secrets manager' % (env, t),
        '{\n  "%s": {\n    "%s": "%s"\n  }\n}' % (v, cam, t),
        'variable "%s" {\n  default = "%s"\n}' % (k, t),
        "%s = \"%s\"  # terraform.tfvars" % (k, t),
        "%s\t%s\t(copied from the %s dashboard)" % (env, t, vend),
        "docker build --build-arg %s=%s -t %s ." % (env, t, c.app),
        "env %s=%s npm run deploy" % (env, t),
        "%s=%s python manage.py sync_%s" % (env, t, v.replace("-", "_")),
        "helm upgrade %s ./chart --set secrets.%s=%s" % (c.app, cam, t),
    ]


def V(fmt, vend, env, host, gen, ruleless=False, n=2, extras=()):
    group = "unnamed-format" if ruleless else "vendor-token"
    if ruleless:
        RULELESS_FORMATS.add(fmt)
    ex = list(extras)
    R.shuffle(ex)
    k_extra = min(len(ex), 1 if n <= 2 else 2)
    for i in range(n):
        t = gen()
        if i < k_extra:
            text = ex[i](t)
        else:
            text = pick(vctx(t, env, vend, host))
        add(group, fmt, text, t, env if env in text else "")


SKL = "sk" + "_live_"
SKT = "sk" + "_test_"
TB = "T3Blbk" + "FJ"

# ---- payments
V("stripe-secret-live", "Stripe", "STRIPE_SECRET_KEY", "api.stripe.com",
  lambda: SKL + "51" + an(22) + an(75), n=3,
  extras=[lambda t: "stripe listen --forward-to localhost:4242/webhook --api-key " + t,
          lambda t: "Stripe.api_key = '%s'" % t,
          lambda t: "curl https://api.stripe.com/v1/charges -u %s:" % t])
V("stripe-secret-test-short", "Stripe", "STRIPE_API_KEY", "api.stripe.com", lambda: SKT + an(24), n=2,
  extras=[lambda t: "const stripe = require('stripe')('%s');" % t])
V("stripe-restricted-live", "Stripe", "STRIPE_RESTRICTED_KEY", "api.stripe.com", lambda: "rk" + "_live_" + "51" + an(97))
V("stripe-webhook-secret", "Stripe", "STRIPE_WEBHOOK_SECRET", "api.stripe.com", lambda: "wh" + "sec_" + an(32),
  extras=[lambda t: "event = stripe.Webhook.construct_event(payload, sig_header, '%s')" % t])
V("square-access-token", "Square", "SQUARE_ACCESS_TOKEN", "connect.squareup.com", lambda: "EAAA" + rs(B64U, 60))
V("square-oauth-secret", "Square", "SQUARE_APPLICATION_SECRET", "connect.squareup.com", lambda: "sq0" + "csp-" + rs(B64U, 43))
V("braintree-access-token", "Braintree", "BRAINTREE_ACCESS_TOKEN", "api.braintreegateway.com",
  lambda: "access_token$production$" + la(16) + "$" + hx(32))
V("adyen-api-key", "Adyen", "ADYEN_API_KEY", "checkout-live.adyen.com",
  lambda: "AQE" + rs(B64A, 97) + "==-" + rs(B64A, 43) + "=-" + an(16), ruleless=True)
V("paddle-api-key", "Paddle", "PADDLE_API_KEY", "api.paddle.com",
  lambda: "pdl_" + "live_apikey_01" + rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 24) + "_" + an(22) + "_" + an(3), ruleless=True)
V("mollie-live-key", "Mollie", "MOLLIE_API_KEY", "api.mollie.com", lambda: "live" + "_" + an(30), ruleless=True)
V("gocardless-live-token", "GoCardless", "GOCARDLESS_ACCESS_TOKEN", "api.gocardless.com", lambda: "live" + "_" + rs(B64U, 40), ruleless=True)
V("checkout-sandbox-secret", "Checkout.com", "CKO_SECRET_KEY", "api.sandbox.checkout.com", lambda: "sk_" + "sbox_" + rs(B32L, 26), ruleless=True)
V("checkout-uuid-secret", "Checkout.com", "CHECKOUT_SECRET_KEY", "api.checkout.com", lambda: "sk_" + uuid(), ruleless=True)
V("flutterwave-secret", "Flutterwave", "FLW_SECRET_KEY", "api.flutterwave.com", lambda: "FLW" + "SECK-" + hx(32) + "-X", ruleless=True)
V("paystack-secret", "Paystack", "PAYSTACK_SECRET_KEY", "api.paystack.co", lambda: SKL + hx(40), ruleless=True)
V("shopify-admin-token", "Shopify", "SHOPIFY_ACCESS_TOKEN", "acme.myshopify.com", lambda: "shp" + "at_" + hx(32),
  extras=[lambda t: "curl -H 'X-Shopify-Access-Token: %s' https://acme-store.myshopify.com/admin/api/2024-07/shop.json" % t])
V("shopify-shared-secret", "Shopify", "SHOPIFY_API_SECRET", "acme.myshopify.com", lambda: "shp" + "ss_" + hx(32))
V("shopify-custom-app-token", "Shopify", "SHOPIFY_CUSTOM_APP_TOKEN", "acme.myshopify.com", lambda: "shp" + "ca_" + hx(32), n=1)
V("recurly-api-key", "Recurly", "RECURLY_API_KEY", "v3.recurly.com", lambda: hx(32), ruleless=True)
V("chargebee-api-key", "Chargebee", "CHARGEBEE_API_KEY", "acme.chargebee.com", lambda: "live" + "_" + an(34), ruleless=True)
V("lemonsqueezy-api-key", "Lemon Squeezy", "LEMONSQUEEZY_API_KEY", "api.lemonsqueezy.com",
  lambda: jwt({"aud": "94d59cef", "jti": hx(64), "iat": ts_epoch(), "sub": dg(6), "scopes": []}, "RS256"), ruleless=True)
V("plaid-secret", "Plaid", "PLAID_SECRET", "production.plaid.com", lambda: hx(30), ruleless=True)
V("authorizenet-transaction-key", "Authorize.Net", "AUTHNET_TRANSACTION_KEY", "api.authorize.net", lambda: an(16), ruleless=True)
V("woocommerce-consumer-secret", "WooCommerce", "WC_CONSUMER_SECRET", "shop.acme.io/wp-json/wc/v3", lambda: "cs_" + hx(40), ruleless=True,
  extras=[lambda t: "curl https://shop.acme.io/wp-json/wc/v3/orders -u ck_%s:%s" % (hx(40), t)])
V("klaviyo-private-key", "Klaviyo", "KLAVIYO_PRIVATE_API_KEY", "a.klaviyo.com", lambda: "pk_" + hx(34), ruleless=True,
  extras=[lambda t: "curl https://a.klaviyo.com/api/profiles/ -H 'Authorization: Klaviyo-API-Key %s' -H 'revision: 2024-10-15'" % t])
V("lob-live-key", "Lob", "LOB_API_KEY", "api.lob.com", lambda: "live" + "_" + hx(35), ruleless=True)
V("taxjar-token", "TaxJar", "TAXJAR_API_KEY", "api.taxjar.com", lambda: hx(32), ruleless=True)
V("persona-api-key", "Persona", "PERSONA_API_KEY", "withpersona.com/api/v1", lambda: "persona_" + "production_" + uuid(), ruleless=True)
V("aftership-key", "AfterShip", "AFTERSHIP_API_KEY", "api.aftership.com", lambda: "asat_" + hx(32), ruleless=True)

# ---- email
V("sendgrid-api-key", "SendGrid", "SENDGRID_API_KEY", "api.sendgrid.com", lambda: "SG." + rs(B64U, 22) + "." + rs(B64U, 43), n=3,
  extras=[lambda t: "sg = SendGridAPIClient('%s')" % t,
          lambda t: "spring.sendgrid.api-key=%s" % t])
V("mailgun-key-prefix", "Mailgun", "MAILGUN_API_KEY", "api.mailgun.net", lambda: "key-" + hx(32), n=2,
  extras=[lambda t: "curl -s --user 'api:%s' https://api.mailgun.net/v3/mg.acme.io/messages -F from=ops@acme.io" % t])
V("mailgun-private-key-new", "Mailgun", "MAILGUN_PRIVATE_KEY", "api.eu.mailgun.net", lambda: hx(32) + "-" + hx(8) + "-" + hx(8), n=3,
  extras=[lambda t: "mg = Mailgun::Client.new '%s', 'api.eu.mailgun.net'" % t,
          lambda t: "const mg = mailgun.client({ username: 'api', key: '%s' });" % t])
V("postmark-server-token", "Postmark", "POSTMARK_SERVER_TOKEN", "api.postmarkapp.com", lambda: uuid(), ruleless=True,
  extras=[lambda t: 'curl "https://api.postmarkapp.com/email" -H "X-Postmark-Server-Token: %s" -d @mail.json' % t])
V("mailchimp-api-key", "Mailchimp", "MAILCHIMP_API_KEY", "us12.api.mailchimp.com", lambda: hx(32) + "-us" + str(R.randint(1, 21)))
V("mandrill-api-key", "Mandrill", "MANDRILL_API_KEY", "mandrillapp.com/api/1.0", lambda: "md-" + rs(B64U, 22), ruleless=True)
V("sparkpost-api-key", "SparkPost", "SPARKPOST_API_KEY", "api.sparkpost.com", lambda: hx(40), ruleless=True)
V("resend-api-key", "Resend", "RESEND_API_KEY", "api.resend.com", lambda: "re_" + an(8) + "_" + an(24), ruleless=True,
  extras=[lambda t: "const resend = new Resend('%s');" % t])
V("brevo-api-key", "Brevo", "BREVO_API_KEY", "api.brevo.com", lambda: "xkeysib-" + hx(64) + "-" + an(16))
V("brevo-smtp-key", "Brevo", "BREVO_SMTP_KEY", "smtp-relay.brevo.com", lambda: "xsmtpsib-" + hx(64) + "-" + an(16), ruleless=True)
V("mailersend-token", "MailerSend", "MAILERSEND_API_KEY", "api.mailersend.com", lambda: "mlsn." + hx(64), ruleless=True)
V("loops-api-key", "Loops", "LOOPS_API_KEY", "app.loops.so/api", lambda: hx(32), ruleless=True)
V("ses-smtp-password", "Amazon SES", "SES_SMTP_PASSWORD", "email-smtp.eu-west-1.amazonaws.com", lambda: "B" + rs(B64A, 43), ruleless=True)
V("customerio-app-key", "Customer.io", "CUSTOMERIO_APP_API_KEY", "api.customer.io", lambda: hx(32), ruleless=True)
V("mailtrap-token", "Mailtrap", "MAILTRAP_API_TOKEN", "send.api.mailtrap.io", lambda: hx(32), ruleless=True)
V("elasticemail-key", "Elastic Email", "ELASTICEMAIL_API_KEY", "api.elasticemail.com", lambda: HX(96), ruleless=True)

# ---- messaging
V("twilio-auth-token-labeled", "Twilio", "TWILIO_AUTH_TOKEN", "api.twilio.com", lambda: hx(32), ruleless=True)
V("slack-bot-token", "Slack", "SLACK_BOT_TOKEN", "slack.com/api", lambda: "xox" + "b-" + dg(12) + "-" + dg(13) + "-" + an(24), n=3,
  extras=[lambda t: "app = App(token='%s', signing_secret=os.environ['SLACK_SIGNING_SECRET'])" % t,
          lambda t: "curl -X POST -H 'Authorization: Bearer %s' -d channel=C0123 -d text=deployed https://slack.com/api/chat.postMessage" % t])
V("slack-user-token", "Slack", "SLACK_USER_TOKEN", "slack.com/api", lambda: "xox" + "p-" + dg(12) + "-" + dg(12) + "-" + dg(13) + "-" + hx(32))
V("slack-app-token", "Slack", "SLACK_APP_TOKEN", "slack.com/api", lambda: "xa" + "pp-1-A" + ua(10) + "-" + dg(13) + "-" + hx(64))
V("slack-config-token", "Slack", "SLACK_CONFIG_TOKEN", "slack.com/api", lambda: "xox" + "e.xoxp-1-" + rs(B64U, 140), n=1)
V("slack-signing-secret", "Slack", "SLACK_SIGNING_SECRET", "slack.com/api", lambda: hx(32), ruleless=True)
V("discord-bot-token", "Discord", "DISCORD_TOKEN", "discord.com/api/v10",
  lambda: b64us(dg(18)) + "." + rs(B64U, 6) + "." + rs(B64U, 38), n=3,
  extras=[lambda t: "client.run('%s')" % t,
          lambda t: "curl -H 'Authorization: Bot %s' https://discord.com/api/v10/users/@me" % t])
V("telegram-bot-token", "Telegram", "TELEGRAM_BOT_TOKEN", "api.telegram.org",
  lambda: dg(10) + ":AA" + rs(B64U, 33), n=3,
  extras=[lambda t: "curl https://api.telegram.org/bot%s/sendMessage -d chat_id=-1001234 -d text=ok" % t,
          lambda t: "bot = telebot.TeleBot('%s')" % t])
V("messagebird-live-key", "MessageBird", "MESSAGEBIRD_ACCESS_KEY", "rest.messagebird.com", lambda: an(25), ruleless=True)
V("sendbird-api-token", "Sendbird", "SENDBIRD_API_TOKEN", "api-ABCD.sendbird.com", lambda: hx(40), ruleless=True)
V("stream-api-secret", "Stream", "STREAM_API_SECRET", "chat.stream-io-api.com", lambda: la(64), ruleless=True)
V("intercom-access-token", "Intercom", "INTERCOM_ACCESS_TOKEN", "api.intercom.io",
  lambda: b64s("tok:" + uuid() + ":1:0").rstrip("="), ruleless=True)
V("zendesk-api-token", "Zendesk", "ZENDESK_API_TOKEN", "acme.zendesk.com/api/v2", lambda: an(40), ruleless=True,
  extras=[lambda t: "curl https://acme.zendesk.com/api/v2/tickets.json -u ops@acme.io/token:%s" % t])
V("meta-graph-token", "Meta", "WHATSAPP_ACCESS_TOKEN", "graph.facebook.com/v19.0", lambda: "EAA" + pick(["G", "B", "J"]) + an(190), ruleless=True)
V("fcm-server-key", "Firebase Cloud Messaging", "FCM_SERVER_KEY", "fcm.googleapis.com",
  lambda: "AAAA" + an(7) + ":APA91b" + rs(B64U, 134),
  extras=[lambda t: "curl -X POST https://fcm.googleapis.com/fcm/send -H 'Authorization: key=%s' -d @push.json" % t])
V("pagerduty-routing-key", "PagerDuty", "PAGERDUTY_ROUTING_KEY", "events.pagerduty.com", lambda: hx(32), ruleless=True)
V("infobip-api-key", "Infobip", "INFOBIP_API_KEY", "xyz12.api.infobip.com", lambda: hx(32) + "-" + uuid(), ruleless=True,
  extras=[lambda t: "curl https://xyz12.api.infobip.com/sms/2/text/advanced -H 'Authorization: App %s'" % t])
V("onesignal-rest-key", "OneSignal", "ONESIGNAL_REST_API_KEY", "api.onesignal.com", lambda: "os_v2_app_" + rs(B32L, 113), ruleless=True)
V("ably-api-key", "Ably", "ABLY_API_KEY", "rest.ably.io", lambda: an(6) + "." + an(6) + ":" + rs(B64U, 43), ruleless=True,
  extras=[lambda t: "const ably = new Ably.Realtime('%s');" % t])
V("knock-secret-key", "Knock", "KNOCK_API_KEY", "api.knock.app", lambda: "sk_" + rs(B64U, 43), ruleless=True)
V("courier-auth-token", "Courier", "COURIER_AUTH_TOKEN", "api.courier.com", lambda: "pk_" + "prod_" + ua(28), ruleless=True)
V("novu-api-key", "Novu", "NOVU_API_KEY", "api.novu.co", lambda: hx(32), ruleless=True)
V("svix-webhook-secret", "Svix", "SVIX_WEBHOOK_SECRET", "api.svix.com", lambda: "wh" + "sec_" + b64(24))
V("line-channel-token", "LINE", "LINE_CHANNEL_ACCESS_TOKEN", "api.line.me", lambda: rs(B64A, 171) + "=", ruleless=True)
V("pusher-beams-secret", "Pusher Beams", "BEAMS_SECRET_KEY", "beams.pusher.com", lambda: HX(64), ruleless=True)

# ---- observability
V("datadog-api-key", "Datadog", "DD_API_KEY", "api.datadoghq.com", lambda: hx(32), ruleless=True, n=3,
  extras=[lambda t: 'DD_API_KEY=%s DD_SITE="datadoghq.eu" bash -c "$(curl -L https://install.datadoghq.com/scripts/install_script_agent7.sh)"' % t,
          lambda t: "helm install datadog-agent datadog/datadog --set datadog.apiKey=%s --set datadog.site=datadoghq.com" % t])
V("datadog-app-key", "Datadog", "DD_APP_KEY", "api.datadoghq.com", lambda: hx(40), ruleless=True,
  extras=[lambda t: "curl -G https://api.datadoghq.com/api/v1/monitor -H \"DD-API-KEY: ${DD_API_KEY}\" -H \"DD-APPLICATION-KEY: %s\"" % t])
V("sentry-org-auth-token", "Sentry", "SENTRY_AUTH_TOKEN", "sentry.io/api/0",
  lambda: "sntrys_" + b64us(json.dumps({"iat": float(ts_epoch()), "url": "https://sentry.io", "region_url": "https://us.sentry.io", "org": pick(ORGS)}, separators=(",", ":"))) + "_" + rs(B64A, 43), n=3,
  extras=[lambda t: "sentry-cli --auth-token %s releases new 2.14.0 --org acme" % t,
          lambda t: "npx @sentry/wizard@latest -i nextjs --auth-token=%s" % t])
V("sentry-user-token", "Sentry", "SENTRY_TOKEN", "sentry.io/api/0", lambda: "sntryu_" + hx(64))
V("newrelic-user-key", "New Relic", "NEW_RELIC_API_KEY", "api.newrelic.com/graphql", lambda: "NRAK-" + ua(27),
  extras=[lambda t: "curl -X POST https://api.newrelic.com/graphql -H 'API-Key: %s' -d @query.json" % t])
V("newrelic-license-key", "New Relic", "NEW_RELIC_LICENSE_KEY", "collector.newrelic.com", lambda: hx(36) + "NRAL")
V("newrelic-insert-key", "New Relic", "NEW_RELIC_INSERT_KEY", "insights-collector.newrelic.com", lambda: "NRII-" + rs(B64U, 32), n=1)
V("honeycomb-ingest-key", "Honeycomb", "HONEYCOMB_API_KEY", "api.honeycomb.io", lambda: "hcaik_01" + la(56), ruleless=True,
  extras=[lambda t: 'OTEL_EXPORTER_OTLP_HEADERS="x-honeycomb-team=%s"' % t])
V("honeycomb-config-key", "Honeycomb", "HONEYCOMB_WRITEKEY", "api.honeycomb.io", lambda: an(22), ruleless=True)
V("grafana-service-account", "Grafana", "GRAFANA_TOKEN", "grafana.acme.io/api", lambda: "gl" + "sa_" + an(32) + "_" + hx(8))
V("grafana-cloud-token", "Grafana Cloud", "GRAFANA_CLOUD_TOKEN", "grafana.net/api",
  lambda: "gl" + "c_" + b64s(json.dumps({"o": dg(6), "n": "stack-" + dg(6) + "-hm-write", "k": an(24), "m": {"r": "prod-us-east-0"}}, separators=(",", ":"))))
V("grafana-api-key-legacy", "Grafana", "GF_API_KEY", "grafana.internal/api",
  lambda: b64s('{"k":"%s","n":"deploy-bot","id":%d}' % (an(32), R.randint(1, 99))), n=1)
V("dynatrace-api-token", "Dynatrace", "DT_API_TOKEN", "abc12345.live.dynatrace.com/api", lambda: "dt0c01." + ua(24) + "." + ua(64))
V("splunk-hec-token", "Splunk", "SPLUNK_HEC_TOKEN", "http-inputs-acme.splunkcloud.com", lambda: uuid().upper(), ruleless=True,
  extras=[lambda t: "curl -k https://http-inputs-acme.splunkcloud.com/services/collector -H 'Authorization: Splunk %s' -d '{\"event\":\"deploy\"}'" % t])
V("logzio-shipping-token", "Logz.io", "LOGZIO_TOKEN", "listener.logz.io:8071", lambda: an(32), ruleless=True)
V("elastic-api-key-encoded", "Elastic", "ELASTIC_API_KEY", "acme.es.us-east-1.aws.found.io",
  lambda: b64s(an(20) + ":" + rs(B64U, 22)), ruleless=True,
  extras=[lambda t: "curl -H 'Authorization: ApiKey %s' https://acme.es.us-east-1.aws.found.io/_cat/indices" % t])
V("rollbar-access-token", "Rollbar", "ROLLBAR_ACCESS_TOKEN", "api.rollbar.com", lambda: hx(32), ruleless=True)
V("bugsnag-api-key", "Bugsnag", "BUGSNAG_API_KEY", "notify.bugsnag.com", lambda: hx(32), ruleless=True)
V("pagerduty-api-token", "PagerDuty", "PAGERDUTY_TOKEN", "api.pagerduty.com", lambda: "u+" + rs(ALNUM + "_-", 18), ruleless=True,
  extras=[lambda t: "curl https://api.pagerduty.com/incidents -H 'Authorization: Token token=%s'" % t])
V("opsgenie-api-key", "Opsgenie", "OPSGENIE_API_KEY", "api.opsgenie.com", lambda: uuid(), ruleless=True,
  extras=[lambda t: "curl https://api.opsgenie.com/v2/alerts -H 'Authorization: GenieKey %s'" % t])
V("axiom-api-token", "Axiom", "AXIOM_TOKEN", "api.axiom.co", lambda: "xaat-" + uuid(), ruleless=True)
V("axiom-personal-token", "Axiom", "AXIOM_PERSONAL_TOKEN", "api.axiom.co", lambda: "xapt-" + uuid(), ruleless=True, n=1)
V("coralogix-key", "Coralogix", "CORALOGIX_PRIVATE_KEY", "ingress.coralogix.com", lambda: "cxtp_" + an(30), ruleless=True)
V("betterstack-source-token", "Better Stack", "LOGTAIL_SOURCE_TOKEN", "in.logs.betterstack.com", lambda: an(24), ruleless=True)
V("honeybadger-token", "Honeybadger", "HONEYBADGER_PERSONAL_TOKEN", "app.honeybadger.io", lambda: "hbp_" + an(36), ruleless=True)
V("checkly-api-key", "Checkly", "CHECKLY_API_KEY", "api.checklyhq.com", lambda: "cu_" + hx(32), ruleless=True)
V("appsignal-push-key", "AppSignal", "APPSIGNAL_PUSH_API_KEY", "push.appsignal.com", lambda: uuid(), ruleless=True)
V("instana-agent-key", "Instana", "INSTANA_AGENT_KEY", "ingress-red-saas.instana.io", lambda: rs(B64U, 22), ruleless=True)
V("signoz-ingestion-key", "SigNoz", "SIGNOZ_INGESTION_KEY", "ingest.us.signoz.cloud", lambda: uuid() + "-" + hx(4), ruleless=True, n=1)
V("lightstep-access-token", "Lightstep", "LS_ACCESS_TOKEN", "ingest.lightstep.com", lambda: rs(B64A, 84), ruleless=True, n=1)

# ---- auth providers
V("okta-api-token", "Okta", "OKTA_API_TOKEN", "acme.okta.com/api/v1", lambda: "00" + rs(B64U, 40), ruleless=True,
  extras=[lambda t: "curl https://acme.okta.com/api/v1/users?limit=5 -H 'Authorization: SSWS %s'" % t])
V("auth0-client-secret", "Auth0", "AUTH0_CLIENT_SECRET", "acme.us.auth0.com", lambda: rs(B64U, 64), ruleless=True)
V("auth0-management-jwt", "Auth0", "AUTH0_MGMT_TOKEN", "acme.us.auth0.com/api/v2",
  lambda: jwt({"iss": "https://acme.us.auth0.com/", "sub": an(32) + "@clients", "aud": "https://acme.us.auth0.com/api/v2/", "iat": ts_epoch(), "exp": ts_epoch() + 86400, "gty": "client-credentials"}, "RS256"))
V("clerk-secret-key", "Clerk", "CLERK_SECRET_KEY", "api.clerk.com/v1", lambda: SKL + an(40))
V("firebase-web-api-key", "Firebase", "FIREBASE_API_KEY", "identitytoolkit.googleapis.com", lambda: "AI" + "za" + rs(B64U, 35))
V("supabase-personal-token", "Supabase", "SUPABASE_ACCESS_TOKEN", "api.supabase.com", lambda: "sbp_" + hx(40), ruleless=True)
V("supabase-service-role-jwt", "Supabase", "SUPABASE_SERVICE_ROLE_KEY", "abcd.supabase.co",
  lambda: jwt({"iss": "supabase", "ref": la(20), "role": "service_role", "iat": ts_epoch(), "exp": ts_epoch() + 315360000}), n=3,
  extras=[lambda t: "const supabase = createClient(process.env.SUPABASE_URL, '%s')" % t])
V("supabase-secret-key-new", "Supabase", "SUPABASE_SECRET_KEY", "abcd.supabase.co", lambda: "sb_" + "secret_" + rs(B64U, 31), ruleless=True)
V("stytch-secret", "Stytch", "STYTCH_SECRET", "api.stytch.com", lambda: "secret-" + "live-" + rs(B64U, 36), ruleless=True)
V("workos-api-key", "WorkOS", "WORKOS_API_KEY", "api.workos.com",
  lambda: "sk_" + b64s("a2V5XzAx" + ua(24) + "," + an(24)).rstrip("="), ruleless=True)
V("azure-ad-client-secret", "Azure AD", "AZURE_CLIENT_SECRET", "login.microsoftonline.com",
  lambda: an(3) + "8Q~" + rs(ALNUM + "-_.~", 31), n=3,
  extras=[lambda t: "az login --service-principal -u %s -p '%s' --tenant %s" % (uuid(), t, uuid())])
V("google-oauth-client-secret", "Google OAuth", "GOOGLE_CLIENT_SECRET", "oauth2.googleapis.com", lambda: "GOC" + "SPX-" + rs(B64U, 28))
V("google-oauth-refresh-token", "Google OAuth", "GOOGLE_REFRESH_TOKEN", "oauth2.googleapis.com", lambda: "1//0" + rs(B64U, 99), ruleless=True)
V("google-oauth-access-token", "Google", "GOOGLE_ACCESS_TOKEN", "www.googleapis.com", lambda: "ya" + "29." + rs(B64U, 150))
V("keycloak-client-secret", "Keycloak", "KEYCLOAK_CLIENT_SECRET", "sso.acme.io/realms/main", lambda: an(32), ruleless=True)
V("cognito-client-secret", "Cognito", "COGNITO_CLIENT_SECRET", "cognito-idp.us-east-1.amazonaws.com", lambda: la(52), ruleless=True)
V("kinde-client-secret", "Kinde", "KINDE_CLIENT_SECRET", "acme.kinde.com", lambda: an(48), ruleless=True)
V("ory-pat", "Ory", "ORY_API_KEY", "acme.projects.oryapis.com", lambda: "ory_" + "pat_" + an(32), ruleless=True)
V("permit-api-key", "Permit.io", "PERMIT_API_KEY", "api.permit.io", lambda: "permit_" + "key_" + an(80), ruleless=True)
V("zitadel-pat", "ZITADEL", "ZITADEL_PAT", "acme.zitadel.cloud", lambda: rs(B64U, 64), ruleless=True)
V("logto-m2m-secret", "Logto", "LOGTO_M2M_APP_SECRET", "acme.logto.app", lambda: an(32), ruleless=True)
V("descope-management-key", "Descope", "DESCOPE_MANAGEMENT_KEY", "api.descope.com", lambda: "K2" + ua(27) + ":K2" + rs(B64U, 80), ruleless=True, n=1)

# ---- feature flags
V("launchdarkly-sdk-key", "LaunchDarkly", "LAUNCHDARKLY_SDK_KEY", "sdk.launchdarkly.com", lambda: "sdk-" + uuid(), ruleless=True,
  extras=[lambda t: 'ldclient.set_config(Config("%s"))' % t])
V("launchdarkly-api-token", "LaunchDarkly", "LD_API_TOKEN", "app.launchdarkly.com/api/v2", lambda: "api-" + uuid(), ruleless=True)
V("split-sdk-key", "Split", "SPLIT_SDK_KEY", "sdk.split.io", lambda: la(36), ruleless=True)
V("flagsmith-server-key", "Flagsmith", "FLAGSMITH_SERVER_KEY", "edge.api.flagsmith.com", lambda: "ser." + an(22), ruleless=True)
V("unleash-admin-token", "Unleash", "UNLEASH_API_TOKEN", "unleash.acme.io/api", lambda: "*:" + "production." + hx(64), ruleless=True)
V("unleash-client-token", "Unleash", "UNLEASH_CLIENT_KEY", "unleash.acme.io/api", lambda: "default:" + "development." + hx(64), ruleless=True)
V("configcat-sdk-key", "ConfigCat", "CONFIGCAT_SDK_KEY", "cdn-global.configcat.com", lambda: "configcat-" + "sdk-1/" + rs(B64U, 22) + "/" + rs(B64U, 22), ruleless=True)
V("statsig-server-secret", "Statsig", "STATSIG_SERVER_SECRET", "api.statsig.com", lambda: "secret-" + an(43), ruleless=True)
V("posthog-personal-key", "PostHog", "POSTHOG_PERSONAL_API_KEY", "us.posthog.com/api", lambda: "ph" + "x_" + an(43), ruleless=True)
V("growthbook-secret", "GrowthBook", "GROWTHBOOK_SECRET_KEY", "api.growthbook.io", lambda: "secret_" + "admin_" + an(40), ruleless=True)
V("devcycle-server-key", "DevCycle", "DEVCYCLE_SERVER_SDK_KEY", "bucketing-api.devcycle.com",
  lambda: "dvc_" + "server_" + uuid().replace("-", "_") + "_" + hx(7), ruleless=True)
V("optimizely-rest-token", "Optimizely", "OPTIMIZELY_API_TOKEN", "api.optimizely.com/v2", lambda: "2:" + rs(B64U, 50), ruleless=True)
V("harness-pat", "Harness", "HARNESS_PLATFORM_API_KEY", "app.harness.io", lambda: "pat." + rs(B64U, 22) + "." + hx(24) + "." + an(20), ruleless=True)

# ---- search
V("algolia-admin-key-labeled", "Algolia", "ALGOLIA_ADMIN_API_KEY", "ABCD1234-dsn.algolia.net", lambda: hx(32), ruleless=True)
V("meilisearch-master-key", "Meilisearch", "MEILI_MASTER_KEY", "search.acme.io", lambda: rs(B64U, 43), ruleless=True,
  extras=[lambda t: "docker run -p 7700:7700 -e MEILI_ENV=production -e MEILI_MASTER_KEY='%s' getmeili/meilisearch:v1.8" % t,
          lambda t: "./meilisearch --master-key=%s --env production" % t])
V("typesense-api-key", "Typesense", "TYPESENSE_API_KEY", "xyz.a1.typesense.net", lambda: an(32), ruleless=True,
  extras=[lambda t: "typesense-server --data-dir=/data --api-key=%s --enable-cors" % t])
V("pinecone-api-key", "Pinecone", "PINECONE_API_KEY", "api.pinecone.io", lambda: "pcsk_" + an(5) + "_" + an(64), ruleless=True,
  extras=[lambda t: "pc = Pinecone(api_key=\"%s\")" % t])
V("pinecone-legacy-key", "Pinecone", "PINECONE_KEY", "controller.us-west1-gcp.pinecone.io", lambda: uuid(), ruleless=True, n=1)
V("weaviate-api-key", "Weaviate", "WEAVIATE_API_KEY", "acme.weaviate.network", lambda: an(40), ruleless=True)
V("qdrant-api-key", "Qdrant", "QDRANT_API_KEY", "xyz.eu-central.aws.cloud.qdrant.io", lambda: rs(B64U, 54), ruleless=True)
V("coveo-api-key", "Coveo", "COVEO_API_KEY", "platform.cloud.coveo.com", lambda: "xx" + uuid(), ruleless=True)

# ---- AI / LLM
V("openai-project-key", "OpenAI", "OPENAI_API_KEY", "api.openai.com/v1",
  lambda: "sk-" + "proj-" + rs(B64U, 74) + TB + rs(B64U, 74), n=4,
  extras=[lambda t: "client = OpenAI(api_key=\"%s\")" % t,
          lambda t: "curl https://api.openai.com/v1/chat/completions -H \"Authorization: Bearer %s\" -H 'Content-Type: application/json' -d @req.json" % t,
          lambda t: "const openai = new OpenAI({ apiKey: '%s' });" % t])
V("openai-legacy-key", "OpenAI", "OPENAI_KEY", "api.openai.com/v1", lambda: "sk-" + an(20) + TB + an(20))
V("openai-service-account-key", "OpenAI", "OPENAI_API_KEY", "api.openai.com/v1", lambda: "sk-" + "svcacct-" + rs(B64U, 74) + TB + rs(B64U, 74))
V("openai-admin-key", "OpenAI", "OPENAI_ADMIN_KEY", "api.openai.com/v1/organization", lambda: "sk-" + "admin-" + rs(B64U, 74) + TB + rs(B64U, 74), n=1)
V("anthropic-api-key", "Anthropic", "ANTHROPIC_API_KEY", "api.anthropic.com/v1",
  lambda: "sk-" + "ant-" + "api03-" + rs(B64U, 93) + "AA", n=4,
  extras=[lambda t: "client = anthropic.Anthropic(api_key='%s')" % t,
          lambda t: "curl https://api.anthropic.com/v1/messages -H 'x-api-key: %s' -H 'anthropic-version: 2023-06-01' -d @body.json" % t])
V("anthropic-admin-key", "Anthropic", "ANTHROPIC_ADMIN_KEY", "api.anthropic.com/v1/organizations", lambda: "sk-" + "ant-" + "admin01-" + rs(B64U, 93) + "AA", n=1)
V("cohere-api-key", "Cohere", "COHERE_API_KEY", "api.cohere.com", lambda: an(40), ruleless=True,
  extras=[lambda t: "co = cohere.ClientV2('%s')" % t])
V("huggingface-token", "Hugging Face", "HF_TOKEN", "huggingface.co", lambda: "h" + "f_" + an(34), n=3,
  extras=[lambda t: "huggingface-cli login --token %s --add-to-git-credential" % t,
          lambda t: "git clone https://user:%s@huggingface.co/acme/private-model" % t])
V("huggingface-org-token", "Hugging Face", "HUGGINGFACE_API_TOKEN", "huggingface.co", lambda: "api_" + "org_" + an(34), n=1)
V("replicate-token", "Replicate", "REPLICATE_API_TOKEN", "api.replicate.com", lambda: "r8" + "_" + an(37), ruleless=True)
V("groq-api-key", "Groq", "GROQ_API_KEY", "api.groq.com/openai/v1", lambda: "gs" + "k_" + an(52), ruleless=True)
V("mistral-api-key", "Mistral", "MISTRAL_API_KEY", "api.mistral.ai/v1", lambda: an(32), ruleless=True)
V("perplexity-api-key", "Perplexity", "PERPLEXITY_API_KEY", "api.perplexity.ai", lambda: "pplx-" + an(48), ruleless=True)
V("together-api-key", "Together AI", "TOGETHER_API_KEY", "api.together.xyz/v1", lambda: hx(64), ruleless=True)
V("fireworks-api-key", "Fireworks", "FIREWORKS_API_KEY", "api.fireworks.ai/inference/v1", lambda: "fw_" + an(24), ruleless=True)
V("deepseek-api-key", "DeepSeek", "DEEPSEEK_API_KEY", "api.deepseek.com", lambda: "sk-" + hx(32), ruleless=True)
V("gemini-api-key", "Gemini", "GEMINI_API_KEY", "generativelanguage.googleapis.com", lambda: "AI" + "za" + rs(B64U, 35),
  extras=[lambda t: "curl 'https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-flash:generateContent?key=%s' -d @p.json" % t])
V("xai-api-key", "xAI", "XAI_API_KEY", "api.x.ai/v1", lambda: "xai-" + an(80), ruleless=True)
V("openrouter-api-key", "OpenRouter", "OPENROUTER_API_KEY", "openrouter.ai/api/v1", lambda: "sk-" + "or-v1-" + hx(64), ruleless=True)
V("langsmith-pat", "LangSmith", "LANGSMITH_API_KEY", "api.smith.langchain.com", lambda: "lsv2_" + "pt_" + hx(32) + "_" + hx(10), ruleless=True)
V("langsmith-service-key", "LangSmith", "LANGCHAIN_API_KEY", "api.smith.langchain.com", lambda: "lsv2_" + "sk_" + hx(32) + "_" + hx(10), ruleless=True)
V("wandb-api-key", "Weights & Biases", "WANDB_API_KEY", "api.wandb.ai", lambda: hx(40), ruleless=True,
  extras=[lambda t: "wandb login %s" % t])
V("voyage-api-key", "Voyage AI", "VOYAGE_API_KEY", "api.voyageai.com", lambda: "pa-" + rs(B64U, 43), ruleless=True)
V("elevenlabs-api-key", "ElevenLabs", "ELEVENLABS_API_KEY", "api.elevenlabs.io", lambda: "sk_" + hx(48), ruleless=True,
  extras=[lambda t: "curl https://api.elevenlabs.io/v1/voices -H 'xi-api-key: %s'" % t])
V("assemblyai-api-key", "AssemblyAI", "ASSEMBLYAI_API_KEY", "api.assemblyai.com", lambda: hx(32), ruleless=True)
V("deepgram-api-key", "Deepgram", "DEEPGRAM_API_KEY", "api.deepgram.com", lambda: hx(40), ruleless=True,
  extras=[lambda t: "curl https://api.deepgram.com/v1/listen -H 'Authorization: Token %s' --data-binary @call.wav" % t])
V("langfuse-secret-key", "Langfuse", "LANGFUSE_SECRET_KEY", "cloud.langfuse.com", lambda: "sk-" + "lf-" + uuid(), ruleless=True)
V("helicone-api-key", "Helicone", "HELICONE_API_KEY", "oai.helicone.ai", lambda: "sk-" + "helicone-" + "-".join(la(7) for _ in range(4)), ruleless=True,
  extras=[lambda t: "headers={'Helicone-Auth': 'Bearer %s'}" % t])
V("cerebras-api-key", "Cerebras", "CEREBRAS_API_KEY", "api.cerebras.ai", lambda: "csk-" + la(48), ruleless=True)
V("tavily-api-key", "Tavily", "TAVILY_API_KEY", "api.tavily.com", lambda: "tvly-" + pick(["", "dev-", "prod-"]) + an(32), ruleless=True)
V("firecrawl-api-key", "Firecrawl", "FIRECRAWL_API_KEY", "api.firecrawl.dev", lambda: "fc-" + hx(32), ruleless=True)
V("jina-api-key", "Jina", "JINA_API_KEY", "api.jina.ai", lambda: "jina_" + hx(32) + an(28), ruleless=True)
V("e2b-api-key", "E2B", "E2B_API_KEY", "api.e2b.dev", lambda: "e2b_" + hx(40), ruleless=True)
V("fal-api-key", "fal.ai", "FAL_KEY", "fal.run", lambda: uuid() + ":" + hx(32), ruleless=True)
V("runpod-api-key", "RunPod", "RUNPOD_API_KEY", "api.runpod.io", lambda: "rpa_" + ua(40) + la(8), ruleless=True)
V("nvidia-api-key", "NVIDIA NIM", "NVIDIA_API_KEY", "integrate.api.nvidia.com", lambda: "nvapi-" + rs(B64U, 64), ruleless=True)
V("llamacloud-api-key", "LlamaCloud", "LLAMA_CLOUD_API_KEY", "api.cloud.llamaindex.ai", lambda: "llx-" + an(48), ruleless=True)
V("azure-openai-key", "Azure OpenAI", "AZURE_OPENAI_API_KEY", "acme-oai.openai.azure.com", lambda: hx(32), ruleless=True,
  extras=[lambda t: "curl https://acme-oai.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-06-01 -H 'api-key: %s' -d @req.json" % t])
V("anyscale-key", "Anyscale", "ANYSCALE_API_KEY", "api.endpoints.anyscale.com", lambda: "esecret_" + la(32), ruleless=True, n=1)
V("ai21-api-key", "AI21", "AI21_API_KEY", "api.ai21.com", lambda: an(32), ruleless=True, n=1)
V("browserbase-api-key", "Browserbase", "BROWSERBASE_API_KEY", "api.browserbase.com", lambda: "bb_" + "live_" + rs(B64U, 27), ruleless=True)
V("exa-api-key", "Exa", "EXA_API_KEY", "api.exa.ai", lambda: uuid(), ruleless=True)
V("braintrust-api-key", "Braintrust", "BRAINTRUST_API_KEY", "api.braintrust.dev", lambda: "sk-" + an(48), ruleless=True)
V("stability-api-key", "Stability AI", "STABILITY_API_KEY", "api.stability.ai", lambda: "sk-" + an(48), ruleless=True)
V("serpapi-key", "SerpApi", "SERPAPI_API_KEY", "serpapi.com", lambda: hx(64), ruleless=True,
  extras=[lambda t: "curl 'https://serpapi.com/search.json?engine=google&q=coffee&api_key=%s'" % t])
V("apify-token", "Apify", "APIFY_TOKEN", "api.apify.com", lambda: "apify_" + "api_" + an(36), ruleless=True)

# ---- CI/CD, code hosting, registries
V("github-classic-pat", "GitHub", "GITHUB_TOKEN", "api.github.com", lambda: "gh" + "p_" + an(36), n=4,
  extras=[lambda t: "git remote set-url origin https://%s@github.com/acme/api.git" % t,
          lambda t: "echo %s | gh auth login --with-token" % t,
          lambda t: "//npm.pkg.github.com/:_authToken=%s" % t])
V("github-oauth-token", "GitHub", "GH_TOKEN", "api.github.com", lambda: "gh" + "o_" + an(36),
  extras=[lambda t: "github.com:\n    user: mlopez\n    oauth_token: %s\n    git_protocol: https" % t])
V("github-user-to-server", "GitHub", "GITHUB_USER_TOKEN", "api.github.com", lambda: "gh" + "u_" + an(36), n=1)
V("github-server-to-server", "GitHub", "GITHUB_APP_INSTALLATION_TOKEN", "api.github.com", lambda: "gh" + "s_" + an(36),
  extras=[lambda t: "git clone https://x-access-token:%s@github.com/acme/infra.git" % t])
V("github-refresh-token", "GitHub", "GITHUB_REFRESH_TOKEN", "github.com/login/oauth", lambda: "gh" + "r_" + an(76), n=1)
V("github-fine-grained-pat", "GitHub", "GH_PAT", "api.github.com", lambda: "github" + "_pat_" + "11" + ua(20) + "0" + an(1) + "_" + an(59), n=3,
  extras=[lambda t: "curl -H 'Authorization: token %s' https://api.github.com/repos/acme/api/actions/runs" % t])
V("gitlab-pat", "GitLab", "GITLAB_TOKEN", "gitlab.com/api/v4", lambda: "gl" + "pat-" + rs(B64U, 20), n=3,
  extras=[lambda t: "curl --header 'PRIVATE-TOKEN: %s' https://gitlab.com/api/v4/projects" % t,
          lambda t: "glab auth login --hostname gitlab.acme.io --token %s" % t])
V("gitlab-deploy-token", "GitLab", "CI_DEPLOY_PASSWORD", "registry.gitlab.com", lambda: "gl" + "dt-" + rs(B64U, 20))
V("gitlab-runner-token", "GitLab", "RUNNER_TOKEN", "gitlab.com", lambda: "gl" + "rt-" + rs(B64U, 20),
  extras=[lambda t: "gitlab-runner register --non-interactive --url https://gitlab.com --token %s --executor docker" % t])
V("gitlab-runner-registration", "GitLab", "REGISTRATION_TOKEN", "gitlab.com", lambda: "GR1348941" + rs(B64U, 20))
V("gitlab-trigger-token", "GitLab", "TRIGGER_TOKEN", "gitlab.com/api/v4", lambda: "gl" + "ptt-" + hx(40),
  extras=[lambda t: "curl -X POST --fail -F token=%s -F ref=main https://gitlab.com/api/v4/projects/4521/trigger/pipeline" % t])
V("gitlab-feed-token", "GitLab", "GITLAB_FEED_TOKEN", "gitlab.com", lambda: "gl" + "ft-" + rs(B64U, 20), ruleless=True, n=1)
V("gitlab-oauth-app-secret", "GitLab", "GITLAB_APP_SECRET", "gitlab.com/oauth", lambda: "gl" + "oas-" + hx(64), ruleless=True, n=1)
V("circleci-personal-token", "CircleCI", "CIRCLECI_TOKEN", "circleci.com/api/v2", lambda: "CCIPAT_" + an(22) + "_" + hx(40), ruleless=True,
  extras=[lambda t: "circleci setup --no-prompt --host https://circleci.com --token %s" % t])
V("circleci-legacy-token", "CircleCI", "CIRCLE_TOKEN", "circleci.com/api/v1.1", lambda: hx(40), ruleless=True,
  extras=[lambda t: "curl -X POST https://circleci.com/api/v2/project/gh/acme/api/pipeline -H 'Circle-Token: %s'" % t])
V("travis-token", "Travis CI", "TRAVIS_TOKEN", "api.travis-ci.com", lambda: rs(B64U, 22), ruleless=True)
V("buildkite-api-token", "Buildkite", "BUILDKITE_API_TOKEN", "api.buildkite.com/v2", lambda: "bk" + "ua_" + hx(40), ruleless=True)
V("buildkite-agent-token", "Buildkite", "BUILDKITE_AGENT_TOKEN", "agent.buildkite.com", lambda: hx(50), ruleless=True,
  extras=[lambda t: "buildkite-agent start --token %s --tags queue=deploy" % t])
V("jenkins-api-token", "Jenkins", "JENKINS_API_TOKEN", "jenkins.acme.io", lambda: "11" + hx(32), ruleless=True,
  extras=[lambda t: "curl -X POST https://jenkins.acme.io/job/deploy/buildWithParameters -u ci-bot:%s --data ENV=prod" % t])
V("drone-token", "Drone", "DRONE_TOKEN", "drone.acme.io", lambda: an(32), ruleless=True)
V("azure-devops-pat", "Azure DevOps", "AZURE_DEVOPS_EXT_PAT", "dev.azure.com/acme", lambda: rs(B32L, 52), ruleless=True,
  extras=[lambda t: "git clone https://anything:%s@dev.azure.com/acme/Platform/_git/infra" % t])
V("azure-devops-pat-new", "Azure DevOps", "ADO_PAT", "dev.azure.com/acme", lambda: an(52) + "JQQJ99B" + "ACAAAAAA" + "AZDO" + an(4), ruleless=True)
V("bitbucket-app-password", "Bitbucket", "BITBUCKET_APP_PASSWORD", "api.bitbucket.org/2.0", lambda: "ATBB" + an(28) + HX(8), ruleless=True,
  extras=[lambda t: "git clone https://jsmith:%s@bitbucket.org/acme/payments.git" % t])
V("atlassian-api-token", "Atlassian", "JIRA_API_TOKEN", "acme.atlassian.net", lambda: "ATATT" + "3xFfGF0" + rs(B64U, 170) + "=" + HX(8), ruleless=True,
  extras=[lambda t: "curl -u ops@acme.io:%s https://acme.atlassian.net/rest/api/3/myself" % t])
V("teamcity-token", "TeamCity", "TEAMCITY_TOKEN", "teamcity.acme.io", lambda: "eyJ0eXAiOiAiVENWMiJ9." + rs(B64U, 36) + "." + rs(B64U, 48), ruleless=True)
V("codecov-token", "Codecov", "CODECOV_TOKEN", "codecov.io", lambda: uuid(), ruleless=True,
  extras=[lambda t: "codecov -t %s -f coverage.xml" % t])
V("sonarqube-user-token", "SonarQube", "SONAR_TOKEN", "sonar.acme.io", lambda: "sq" + "u_" + hx(40), ruleless=True,
  extras=[lambda t: "mvn sonar:sonar -Dsonar.host.url=https://sonar.acme.io -Dsonar.login=%s" % t])
V("sonarqube-project-token", "SonarQube", "SONAR_TOKEN", "sonarcloud.io", lambda: "sq" + "p_" + hx(40), ruleless=True,
  extras=[lambda t: "sonar-scanner -Dsonar.projectKey=acme_api -Dsonar.token=%s" % t])
V("sonarqube-global-token", "SonarQube", "SONARQUBE_GLOBAL_TOKEN", "sonar.acme.io", lambda: "sq" + "a_" + hx(40), ruleless=True, n=1)
V("snyk-token", "Snyk", "SNYK_TOKEN", "api.snyk.io", lambda: uuid(), ruleless=True,
  extras=[lambda t: "snyk auth %s && snyk test --all-projects" % t])
V("vercel-token", "Vercel", "VERCEL_TOKEN", "api.vercel.com", lambda: an(24), ruleless=True,
  extras=[lambda t: "vercel deploy --prod --token %s --scope acme" % t,
          lambda t: "npx vercel pull --yes --environment=production --token=%s" % t])
V("netlify-pat", "Netlify", "NETLIFY_AUTH_TOKEN", "api.netlify.com", lambda: "nf" + "p_" + an(36), ruleless=True,
  extras=[lambda t: "netlify deploy --prod --dir=dist --auth %s --site 3b1c" % t])
V("heroku-api-key-new", "Heroku", "HEROKU_API_KEY", "api.heroku.com", lambda: "HRKU-" + "AA" + rs(B64U, 58))
V("heroku-api-key-uuid", "Heroku", "HEROKU_API_KEY", "api.heroku.com", lambda: uuid(), ruleless=True,
  extras=[lambda t: "machine api.heroku.com\n  login ops@acme.io\n  password %s" % t])
V("flyio-token", "Fly.io", "FLY_API_TOKEN", "api.machines.dev", lambda: "fm2_" + rs(B64A, 180), ruleless=True,
  extras=[lambda t: "flyctl deploy --remote-only --access-token 'FlyV1 %s'" % t,
          lambda t: "FLY_API_TOKEN=\"FlyV1 %s\" fly deploy" % t])
V("render-api-key", "Render", "RENDER_API_KEY", "api.render.com/v1", lambda: "rnd_" + an(32), ruleless=True)
V("railway-token", "Railway", "RAILWAY_TOKEN", "backboard.railway.app", lambda: uuid(), ruleless=True)
V("doppler-service-token", "Doppler", "DOPPLER_TOKEN", "api.doppler.com", lambda: "dp." + "st." + pick(["prd.", "stg.", "dev.", ""]) + an(43), n=3,
  extras=[lambda t: "doppler run --token %s -- node server.js" % t,
          lambda t: "doppler configure set token %s --scope /srv/app" % t])
V("doppler-personal-token", "Doppler", "DOPPLER_TOKEN", "api.doppler.com", lambda: "dp." + "pt." + an(43),
  extras=[lambda t: "curl -u %s: https://api.doppler.com/v3/projects" % t])
V("doppler-cli-token", "Doppler", "DOPPLER_CLI_TOKEN", "api.doppler.com", lambda: "dp." + "ct." + an(43))
V("doppler-service-account", "Doppler", "DOPPLER_SA_TOKEN", "api.doppler.com", lambda: "dp." + "sa." + an(43))
V("doppler-scim-token", "Doppler", "DOPPLER_SCIM_TOKEN", "api.doppler.com", lambda: "dp." + "scim." + an(43))
V("vault-service-token", "Vault", "VAULT_TOKEN", "vault.acme.io:8200", lambda: "hv" + "s." + rs(B64U, 24), n=3,
  extras=[lambda t: "curl -H 'X-Vault-Token: %s' https://vault.acme.io:8200/v1/secret/data/payments" % t,
          lambda t: "vault login %s" % t])
V("vault-service-token-long", "Vault", "VAULT_TOKEN", "vault.acme.io:8200", lambda: "hv" + "s.CAESI" + rs(B64U, 86))
V("vault-batch-token", "Vault", "VAULT_BATCH_TOKEN", "vault.acme.io:8200", lambda: "hv" + "b.AAAAAQ" + rs(B64U, 130), n=1)
V("vault-legacy-token", "Vault", "VAULT_TOKEN", "vault.internal:8200", lambda: "s." + an(24), ruleless=True,
  extras=[lambda t: "echo %s > ~/.vault-token" % t])
V("terraform-cloud-token", "Terraform Cloud", "TFE_TOKEN", "app.terraform.io", lambda: an(14) + ".atlas" + "v1." + an(67),
  extras=[lambda t: 'credentials "app.terraform.io" {\n  token = "%s"\n}' % t])
V("pulumi-token", "Pulumi", "PULUMI_ACCESS_TOKEN", "api.pulumi.com", lambda: "pul" + "-" + hx(40))
V("npm-token", "npm", "NPM_TOKEN", "registry.npmjs.org", lambda: "np" + "m_" + an(36), n=4,
  extras=[lambda t: "//registry.npmjs.org/:_authToken=%s" % t,
          lambda t: "npm config set //registry.npmjs.org/:_authToken %s" % t,
          lambda t: "echo \"//registry.npmjs.org/:_authToken=%s\" > ~/.npmrc && npm publish --access public" % t])
V("pypi-token", "PyPI", "PYPI_API_TOKEN", "upload.pypi.org", lambda: "py" + "pi-AgEIcHlwaS5vcmc" + rs(B64U, 150), n=3,
  extras=[lambda t: "twine upload -u __token__ -p %s dist/*" % t,
          lambda t: "poetry config pypi-token.pypi %s" % t])
V("rubygems-key", "RubyGems", "GEM_HOST_API_KEY", "rubygems.org", lambda: "ruby" + "gems_" + hx(48),
  extras=[lambda t: "---\n:rubygems_api_key: %s" % t])
V("nuget-api-key", "NuGet", "NUGET_API_KEY", "api.nuget.org", lambda: "oy2" + la(43),
  extras=[lambda t: "dotnet nuget push bin/Release/Acme.Core.2.1.0.nupkg --api-key %s --source https://api.nuget.org/v3/index.json" % t])
V("dockerhub-pat", "Docker Hub", "DOCKERHUB_TOKEN", "hub.docker.com", lambda: "dck" + "r_pat_" + rs(B64U, 27), n=3,
  extras=[lambda t: "docker login -u acmebot -p %s" % t,
          lambda t: "echo '%s' | docker login -u acmebot --password-stdin" % t])
V("dockerhub-org-token", "Docker Hub", "DOCKER_ORG_TOKEN", "hub.docker.com", lambda: "dck" + "r_oat_" + rs(B64U, 32), ruleless=True)
V("jfrog-api-key", "JFrog", "ARTIFACTORY_API_KEY", "acme.jfrog.io", lambda: "AKC" + "p" + an(69),
  extras=[lambda t: "curl -H 'X-JFrog-Art-Api: %s' -T app.jar https://acme.jfrog.io/artifactory/libs-release/app.jar" % t])
V("jfrog-reference-token", "JFrog", "JFROG_ACCESS_TOKEN", "acme.jfrog.io", lambda: "cmVmdGtu" + "OjAxOj" + an(50),
  extras=[lambda t: "jf c add acme --url https://acme.jfrog.io --access-token %s --interactive=false" % t])
V("crates-io-token", "crates.io", "CARGO_REGISTRY_TOKEN", "crates.io", lambda: "ci" + "o" + an(32),
  extras=[lambda t: "[registry]\ntoken = \"%s\"" % t, lambda t: "cargo login %s" % t])
V("sourcegraph-token", "Sourcegraph", "SRC_ACCESS_TOKEN", "sourcegraph.acme.io", lambda: "sg" + "p_" + hx(16) + "_" + hx(40))
V("postman-api-key", "Postman", "POSTMAN_API_KEY", "api.getpostman.com", lambda: "PM" + "AK-" + hx(24) + "-" + hx(34))
V("linear-api-key", "Linear", "LINEAR_API_KEY", "api.linear.app/graphql", lambda: "lin" + "_api_" + an(40))
V("notion-integration-secret", "Notion", "NOTION_TOKEN", "api.notion.com/v1", lambda: "sec" + "ret_" + an(43))
V("notion-ntn-token", "Notion", "NOTION_API_KEY", "api.notion.com/v1", lambda: "nt" + "n_" + dg(11) + an(35), ruleless=True)
V("airtable-pat", "Airtable", "AIRTABLE_TOKEN", "api.airtable.com/v0", lambda: "pat" + an(14) + "." + hx(64))
V("asana-pat", "Asana", "ASANA_ACCESS_TOKEN", "app.asana.com/api/1.0", lambda: "2/" + dg(16) + "/" + dg(16) + ":" + hx(32), ruleless=True)
V("figma-pat", "Figma", "FIGMA_TOKEN", "api.figma.com/v1", lambda: "fig" + "d_" + rs(B64U, 40),
  extras=[lambda t: "curl -H 'X-Figma-Token: %s' https://api.figma.com/v1/files/AbC123" % t])
V("dropbox-short-lived", "Dropbox", "DROPBOX_ACCESS_TOKEN", "api.dropboxapi.com", lambda: "sl." + rs(B64U, 135))
V("cloudflare-api-token", "Cloudflare", "CLOUDFLARE_API_TOKEN", "api.cloudflare.com/client/v4", lambda: rs(B64U, 40), ruleless=True, n=3,
  extras=[lambda t: "curl https://api.cloudflare.com/client/v4/user/tokens/verify -H 'Authorization: Bearer %s'" % t])
V("cloudflare-global-key", "Cloudflare", "CF_API_KEY", "api.cloudflare.com/client/v4", lambda: hx(37), ruleless=True,
  extras=[lambda t: "curl https://api.cloudflare.com/client/v4/zones -H 'X-Auth-Email: ops@acme.io' -H 'X-Auth-Key: %s'" % t])
V("cloudflare-origin-ca-key", "Cloudflare", "CF_ORIGIN_CA_KEY", "api.cloudflare.com", lambda: "v1.0-" + hx(24) + "-" + hx(146), ruleless=True, n=1)
V("digitalocean-pat", "DigitalOcean", "DIGITALOCEAN_TOKEN", "api.digitalocean.com/v2", lambda: "do" + "p_v1_" + hx(64),
  extras=[lambda t: "doctl auth init --context acme -t %s" % t])
V("digitalocean-oauth", "DigitalOcean", "DO_OAUTH_TOKEN", "api.digitalocean.com/v2", lambda: "do" + "o_v1_" + hx(64), n=1)
V("linode-token", "Linode", "LINODE_TOKEN", "api.linode.com/v4", lambda: hx(64), ruleless=True)
V("hetzner-token", "Hetzner Cloud", "HCLOUD_TOKEN", "api.hetzner.cloud/v1", lambda: an(64), ruleless=True)
V("vultr-api-key", "Vultr", "VULTR_API_KEY", "api.vultr.com/v2", lambda: ua(36), ruleless=True)
V("ibm-cloud-api-key", "IBM Cloud", "IBMCLOUD_API_KEY", "iam.cloud.ibm.com", lambda: rs(B64U, 44), ruleless=True,
  extras=[lambda t: "ibmcloud login --apikey %s -r us-south" % t])
V("databricks-token", "Databricks", "DATABRICKS_TOKEN", "adb-123.azuredatabricks.net", lambda: "da" + "pi" + hx(32),
  extras=[lambda t: "[DEFAULT]\nhost = https://adb-4471.17.azuredatabricks.net\ntoken = %s" % t])
V("planetscale-token", "PlanetScale", "PLANETSCALE_SERVICE_TOKEN", "api.planetscale.com", lambda: "pscale_" + "tkn_" + rs(B64U, 43))
V("planetscale-password", "PlanetScale", "DATABASE_PASSWORD", "aws.connect.psdb.cloud", lambda: "pscale_" + "pw_" + rs(B64U, 43))
V("neon-api-key", "Neon", "NEON_API_KEY", "console.neon.tech/api/v2", lambda: "napi_" + la(64), ruleless=True)
V("upstash-rest-token", "Upstash", "UPSTASH_REDIS_REST_TOKEN", "eu1-happy-cat-12345.upstash.io", lambda: "A" + pick("XYZ") + rs(B64U, 70) + "=", ruleless=True)
V("turso-db-token", "Turso", "TURSO_AUTH_TOKEN", "acme-db.turso.io",
  lambda: jwt({"a": "rw", "iat": ts_epoch(), "id": uuid()}, "EdDSA"))
V("fauna-secret", "Fauna", "FAUNA_SECRET", "db.fauna.com", lambda: "fn" + "A" + rs(B64U, 37), ruleless=True)
V("contentful-pat", "Contentful", "CONTENTFUL_MANAGEMENT_TOKEN", "api.contentful.com", lambda: "CF" + "PAT-" + rs(B64U, 43))
V("contentful-delivery-token", "Contentful", "CONTENTFUL_ACCESS_TOKEN", "cdn.contentful.com", lambda: rs(B64U, 43), ruleless=True)
V("sanity-token", "Sanity", "SANITY_API_TOKEN", "abc123.api.sanity.io", lambda: "sk" + an(180), ruleless=True)
V("shippo-token", "Shippo", "SHIPPO_API_KEY", "api.goshippo.com", lambda: "shippo_" + "live_" + hx(40))
V("easypost-key", "EasyPost", "EASYPOST_API_KEY", "api.easypost.com", lambda: "EZ" + "AK" + hx(54))
V("hubspot-pat", "HubSpot", "HUBSPOT_ACCESS_TOKEN", "api.hubapi.com", lambda: "pat-" + "na1-" + uuid(), ruleless=True)
V("salesforce-session", "Salesforce", "SF_ACCESS_TOKEN", "acme.my.salesforce.com", lambda: "00D" + an(12) + "!" + rs(ALNUM + ".", 96), ruleless=True,
  extras=[lambda t: "sf org login access-token --instance-url https://acme.my.salesforce.com --no-prompt <<< '%s'" % t])
V("segment-write-key", "Segment", "SEGMENT_WRITE_KEY", "api.segment.io", lambda: an(32), ruleless=True)
V("mixpanel-api-secret", "Mixpanel", "MIXPANEL_API_SECRET", "api.mixpanel.com", lambda: hx(32), ruleless=True)
V("amplitude-secret", "Amplitude", "AMPLITUDE_SECRET_KEY", "amplitude.com/api/2", lambda: hx(32), ruleless=True)
V("mapbox-secret-token", "Mapbox", "MAPBOX_SECRET_TOKEN", "api.mapbox.com",
  lambda: "sk." + b64us('{"u":"%s","a":"%s"}' % (pick(ORGS), la(25))) + "." + rs(B64U, 22))
V("onepassword-service-account", "1Password", "OP_SERVICE_ACCOUNT_TOKEN", "my.1password.com",
  lambda: "ops_" + b64us(json.dumps({"signInAddress": "acme.1password.com", "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256", "iterations": 650000, "salt": rs(B64U, 22)}, "email": la(12) + "@1passwordserviceaccounts.com", "srpX": hx(64), "muk": {"alg": "A256GCM", "ext": True, "k": rs(B64U, 43), "key_ops": ["encrypt", "decrypt"], "kty": "oct", "kid": "mp"}, "secretKey": "A3-" + ua(6) + "-" + ua(11) + "-" + ua(5) + "-" + ua(5) + "-" + ua(5), "throttleSecret": {"seed": hx(64), "uuid": ua(26)}, "deviceUuid": la(26)}, separators=(",", ":"))), ruleless=True, n=1)
V("onepassword-secret-key", "1Password", "OP_SECRET_KEY", "my.1password.com",
  lambda: "A3-" + ua(6) + "-" + ua(6) + "-" + ua(5) + "-" + ua(5) + "-" + ua(5) + "-" + ua(5), ruleless=True, n=1)
V("bitwarden-access-token", "Bitwarden", "BWS_ACCESS_TOKEN", "vault.bitwarden.com", lambda: "0." + uuid() + "." + an(30) + ":" + rs(B64A, 22) + "==", ruleless=True)
V("infisical-service-token", "Infisical", "INFISICAL_TOKEN", "app.infisical.com", lambda: "st." + uuid() + "." + hx(32) + "." + hx(32), ruleless=True)
V("infisical-client-secret", "Infisical", "INFISICAL_UNIVERSAL_AUTH_CLIENT_SECRET", "app.infisical.com", lambda: hx(64), ruleless=True)
V("tailscale-auth-key", "Tailscale", "TS_AUTHKEY", "login.tailscale.com", lambda: "tskey" + "-auth-" + an(17) + "-" + an(33),
  extras=[lambda t: "tailscale up --authkey=%s --advertise-tags=tag:ci --ssh" % t])
V("tailscale-api-key", "Tailscale", "TAILSCALE_API_KEY", "api.tailscale.com", lambda: "tskey" + "-api-" + an(17) + "-" + an(33), n=1)
V("ngrok-authtoken", "ngrok", "NGROK_AUTHTOKEN", "api.ngrok.com", lambda: dg(1) + an(26) + "_" + an(21), ruleless=True,
  extras=[lambda t: "ngrok config add-authtoken %s" % t, lambda t: "version: \"2\"\nauthtoken: %s" % t])
V("fastly-api-token", "Fastly", "FASTLY_API_TOKEN", "api.fastly.com", lambda: rs(B64U, 32), ruleless=True,
  extras=[lambda t: "curl -X POST -H 'Fastly-Key: %s' https://api.fastly.com/service/SU1Z0isxPaozGVKXdv0eY/purge_all" % t])
V("openshift-token", "OpenShift", "OC_TOKEN", "api.ocp.acme.io:6443", lambda: "sha256~" + rs(B64U, 43), ruleless=True,
  extras=[lambda t: "oc login --token=%s --server=https://api.ocp.acme.io:6443" % t])
V("kubernetes-sa-token", "Kubernetes", "K8S_TOKEN", "kubernetes.default.svc",
  lambda: jwt({"aud": ["https://kubernetes.default.svc.cluster.local"], "exp": ts_epoch(), "iss": "https://kubernetes.default.svc.cluster.local", "kubernetes.io": {"namespace": pick(NSS), "serviceaccount": {"name": "deployer", "uid": uuid()}}, "sub": "system:serviceaccount:ci:deployer"}, "RS256"),
  extras=[lambda t: "kubectl --server https://10.0.0.1:6443 --token %s get pods -A" % t])
V("octopus-api-key", "Octopus Deploy", "OCTOPUS_API_KEY", "acme.octopus.app", lambda: "API-" + ua(26), ruleless=True,
  extras=[lambda t: "octo create-release --project Web --server https://acme.octopus.app --apiKey %s" % t])
V("appveyor-token", "AppVeyor", "APPVEYOR_API_TOKEN", "ci.appveyor.com/api", lambda: "v2." + la(20), ruleless=True, n=1)
V("depot-token", "Depot", "DEPOT_TOKEN", "api.depot.dev", lambda: "depot_" + "project_" + hx(64), ruleless=True)
V("chromatic-project-token", "Chromatic", "CHROMATIC_PROJECT_TOKEN", "chromatic.com", lambda: "chpt_" + hx(14), ruleless=True,
  extras=[lambda t: "npx chromatic --project-token=%s --exit-zero-on-changes" % t])
V("cypress-record-key", "Cypress Cloud", "CYPRESS_RECORD_KEY", "api.cypress.io", lambda: uuid(), ruleless=True,
  extras=[lambda t: "npx cypress run --record --key %s --parallel" % t])
V("expo-token", "Expo", "EXPO_TOKEN", "api.expo.dev", lambda: rs(B64U, 40), ruleless=True)
V("cloudsmith-api-key", "Cloudsmith", "CLOUDSMITH_API_KEY", "api.cloudsmith.io", lambda: hx(40), ruleless=True)
V("packagecloud-token", "packagecloud", "PACKAGECLOUD_TOKEN", "packagecloud.io", lambda: hx(48), ruleless=True)
V("bitrise-pat", "Bitrise", "BITRISE_TOKEN", "api.bitrise.io/v0.1", lambda: an(86), ruleless=True, n=1)
V("codefresh-key", "Codefresh", "CF_API_KEY", "g.codefresh.io", lambda: hx(24) + "." + hx(32), ruleless=True)
V("gitea-token", "Gitea", "GITEA_TOKEN", "git.acme.io/api/v1", lambda: hx(40), ruleless=True,
  extras=[lambda t: "tea login add --name acme --url https://git.acme.io --token %s" % t])
V("deno-deploy-token", "Deno Deploy", "DENO_DEPLOY_TOKEN", "dash.deno.com", lambda: "ddp_" + an(36), ruleless=True)
V("convex-deploy-key", "Convex", "CONVEX_DEPLOY_KEY", "api.convex.dev",
  lambda: "prod:" + la(9) + "-" + la(7) + "-" + dg(3) + "|" + rs(B64U, 60), ruleless=True)
V("trigger-dev-secret", "Trigger.dev", "TRIGGER_SECRET_KEY", "api.trigger.dev", lambda: "tr_" + "prod_" + an(24), ruleless=True)
V("inngest-signing-key", "Inngest", "INNGEST_SIGNING_KEY", "api.inngest.com", lambda: "signkey-" + "prod-" + hx(64), ruleless=True)
V("unkey-root-key", "Unkey", "UNKEY_ROOT_KEY", "api.unkey.dev", lambda: "unkey_" + an(28), ruleless=True)
V("xata-api-key", "Xata", "XATA_API_KEY", "acme.eu-west-1.xata.sh", lambda: "xau_" + an(32), ruleless=True)
V("liveblocks-secret", "Liveblocks", "LIVEBLOCKS_SECRET_KEY", "api.liveblocks.io", lambda: "sk_" + "prod_" + rs(B64U, 48), ruleless=True)
V("uploadthing-secret", "UploadThing", "UPLOADTHING_SECRET", "uploadthing.com/api", lambda: SKL + hx(64))
V("aws-secret-key-labeled", "AWS", "AWS_SECRET_ACCESS_KEY", "sts.amazonaws.com", lambda: rs(B64A, 40), n=4,
  extras=[lambda t: "aws configure set aws_secret_access_key %s --profile prod" % t])
V("aws-session-token", "AWS", "AWS_SESSION_TOKEN", "sts.amazonaws.com", lambda: "IQoJb3JpZ2luX2Vj" + "E" + rs(B64A, 380) + "==", ruleless=True)
V("pipedrive-api-token", "Pipedrive", "PIPEDRIVE_API_TOKEN", "api.pipedrive.com/v1", lambda: hx(40), ruleless=True,
  extras=[lambda t: "curl 'https://acme.pipedrive.com/api/v1/deals?api_token=%s'" % t])
V("clickup-token", "ClickUp", "CLICKUP_API_TOKEN", "api.clickup.com/api/v2", lambda: "pk_" + dg(8) + "_" + ua(32), ruleless=True)
V("trello-token", "Trello", "TRELLO_TOKEN", "api.trello.com/1", lambda: "ATTA" + hx(64) + HX(8), ruleless=True)
V("todoist-token", "Todoist", "TODOIST_API_TOKEN", "api.todoist.com/rest/v2", lambda: hx(40), ruleless=True)
V("typeform-token", "Typeform", "TYPEFORM_TOKEN", "api.typeform.com", lambda: "tfp_" + rs(B64U, 44) + "_" + rs(B64U, 14), ruleless=True)
V("freshdesk-api-key", "Freshdesk", "FRESHDESK_API_KEY", "acme.freshdesk.com/api/v2", lambda: an(20), ruleless=True,
  extras=[lambda t: "curl -u %s:X -H 'Content-Type: application/json' https://acme.freshdesk.com/api/v2/tickets" % t])
V("etherscan-api-key", "Etherscan", "ETHERSCAN_API_KEY", "api.etherscan.io", lambda: ua(34), ruleless=True)
V("infura-project-secret", "Infura", "INFURA_API_KEY_SECRET", "mainnet.infura.io", lambda: hx(32), ruleless=True)
V("alchemy-api-key", "Alchemy", "ALCHEMY_API_KEY", "eth-mainnet.g.alchemy.com", lambda: rs(B64U, 32), ruleless=True,
  extras=[lambda t: "RPC_URL=https://eth-mainnet.g.alchemy.com/v2/%s" % t])
V("polygon-io-key", "Polygon.io", "POLYGON_API_KEY", "api.polygon.io", lambda: an(32), ruleless=True)
V("maxmind-license-key", "MaxMind", "MAXMIND_LICENSE_KEY", "download.maxmind.com", lambda: an(6) + "_" + an(29) + "_mmk", ruleless=True)
V("openweather-key", "OpenWeather", "OPENWEATHER_API_KEY", "api.openweathermap.org", lambda: hx(32), ruleless=True,
  extras=[lambda t: "curl 'https://api.openweathermap.org/data/2.5/weather?q=Berlin&appid=%s'" % t])
V("google-maps-key", "Google Maps", "GOOGLE_MAPS_API_KEY", "maps.googleapis.com", lambda: "AI" + "za" + rs(B64U, 35), n=1)
V("ipinfo-token", "ipinfo", "IPINFO_TOKEN", "ipinfo.io", lambda: hx(14), ruleless=True)
V("scrapingbee-key", "ScrapingBee", "SCRAPINGBEE_API_KEY", "app.scrapingbee.com", lambda: ua(80), ruleless=True)
V("appwrite-api-key", "Appwrite", "APPWRITE_API_KEY", "cloud.appwrite.io/v1", lambda: "standard_" + hx(256), ruleless=True)
V("hasura-admin-secret", "Hasura", "HASURA_GRAPHQL_ADMIN_SECRET", "acme.hasura.app/v1/graphql", lambda: pw_random(R.randint(24, 64), sym="-_"), ruleless=True,
  extras=[lambda t: "curl https://acme.hasura.app/v1/graphql -H 'x-hasura-admin-secret: %s' -d @q.json" % t])
V("strapi-api-token", "Strapi", "STRAPI_API_TOKEN", "cms.acme.io/api", lambda: hx(256), ruleless=True)
V("directus-static-token", "Directus", "DIRECTUS_TOKEN", "cms.acme.io", lambda: rs(B64U, 32), ruleless=True)
V("contentstack-mgmt-token", "Contentstack", "CONTENTSTACK_MANAGEMENT_TOKEN", "api.contentstack.io", lambda: "cs" + hx(32), ruleless=True)
V("storyblok-token", "Storyblok", "STORYBLOK_OAUTH_TOKEN", "mapi.storyblok.com", lambda: an(22) + "tt-" + dg(6) + "-" + rs(B64U, 20), ruleless=True)
V("onfido-api-token", "Onfido", "ONFIDO_API_TOKEN", "api.eu.onfido.com", lambda: "api_" + "live." + rs(B64U, 11) + "." + rs(B64U, 32), ruleless=True)
V("checkr-api-key", "Checkr", "CHECKR_API_KEY", "api.checkr.com", lambda: hx(40), ruleless=True)
V("clearbit-secret", "Clearbit", "CLEARBIT_KEY", "person.clearbit.com", lambda: "sk_" + hx(32), ruleless=True)
V("hunter-api-key", "Hunter", "HUNTER_API_KEY", "api.hunter.io/v2", lambda: hx(40), ruleless=True)
V("mux-token-secret-labeled", "Mux", "MUX_TOKEN_SECRET", "api.mux.com", lambda: rs(B64A, 75), ruleless=True)
V("magento-integration-token", "Magento", "MAGENTO_ACCESS_TOKEN", "shop.acme.io/rest/V1", lambda: la(32), ruleless=True)
V("zoom-client-secret", "Zoom", "ZOOM_CLIENT_SECRET", "zoom.us/oauth", lambda: an(32), ruleless=True)
V("twitch-client-secret", "Twitch", "TWITCH_CLIENT_SECRET", "id.twitch.tv/oauth2", lambda: la(30), ruleless=True)
V("spotify-client-secret", "Spotify", "SPOTIFY_CLIENT_SECRET", "accounts.spotify.com", lambda: hx(32), ruleless=True)
V("github-app-client-secret", "GitHub App", "GITHUB_CLIENT_SECRET", "github.com/login/oauth", lambda: hx(40), ruleless=True)
V("discord-client-secret", "Discord", "DISCORD_CLIENT_SECRET", "discord.com/api/oauth2", lambda: rs(B64U, 32), ruleless=True)
V("slack-client-secret", "Slack", "SLACK_CLIENT_SECRET", "slack.com/api/oauth.v2.access", lambda: hx(32), ruleless=True)
V("docusign-secret", "DocuSign", "DOCUSIGN_CLIENT_SECRET", "account.docusign.com", lambda: uuid(), ruleless=True)
V("box-client-secret", "Box", "BOX_CLIENT_SECRET", "api.box.com/oauth2", lambda: an(32), ruleless=True)

# ---- a company's own token schemes (internal, invented; no rule table names them)
V("internal-acme-live", "Acme platform", "ACME_API_KEY", "api.acme.io", lambda: "acme_" + "live_" + an(32), ruleless=True, n=3,
  extras=[lambda t: "acmectl login --key %s" % t, lambda t: "AcmeClient(base_url='https://api.acme.io', key='%s')" % t])
V("internal-ik-prod", "ingest", "INGEST_KEY", "ingest.globex.com", lambda: "ik_" + "prod_" + hx(40), ruleless=True)
V("internal-zt1-b64u", "zerotrust gateway", "ZT_SERVICE_TOKEN", "zt.hooli.xyz", lambda: "zt1." + rs(B64U, 43), ruleless=True)
V("internal-orbt-split", "Orbit", "ORBIT_TOKEN", "orbit.initech.dev", lambda: "orbt-" + la(8) + "-" + an(24), ruleless=True)
V("internal-hx-sk-b58", "HexaPay", "HEXAPAY_SK", "api.hexapay.io", lambda: "hx_" + "sk_" + rs(B58, 44), ruleless=True)
V("internal-qnt", "Quanta", "QUANTA_TOKEN", "quanta.internal", lambda: "qnt_" + la(36), ruleless=True)
V("internal-corp-license-groups", "CorpVPN", "CORPVPN_ENROLL_KEY", "vpn.contoso.com",
  lambda: "CORP-" + "-".join(ua(5) for _ in range(5)), ruleless=True,
  extras=[lambda t: "corpvpn enroll %s --profile emea" % t])
V("internal-mtk", "Metrika", "METRIKA_TOKEN", "metrika.fabrikam.net", lambda: "mtk_" + rs(B64U, 38), ruleless=True)
V("internal-vlt-v2", "vaultline", "VAULTLINE_KEY", "vaultline.hooli.xyz", lambda: "vlt:v2:" + b64(32), ruleless=True)
V("internal-tok-v1-jws", "edge auth", "EDGE_AUTH_TOKEN", "edge.piedpiper.com",
  lambda: "tok.v1." + b64us('{"sub":"svc-%s","scp":["read","write"]}' % pick(APPS)) + "." + rs(B64U, 43), ruleless=True)
V("internal-nimbus-sa", "Nimbus", "NIMBUS_SA_KEY", "nimbus.globex.com", lambda: "nimbus_" + "sa_" + hx(32), ruleless=True)
V("internal-svc-hex48", "service mesh", "MESH_SVC_TOKEN", "mesh.internal", lambda: "svc-" + hx(48), ruleless=True)
V("internal-lumen-api", "Lumen", "LUMEN_API_KEY", "lumen.tyrell.io", lambda: "lumen-api-" + hx(32), ruleless=True)
V("internal-frx-b32", "Fairex", "FAIREX_TOKEN", "api.fairex.app", lambda: "frx_" + rs(B32U, 52), ruleless=True)
V("internal-kt-checksum", "Keytab", "KT_TOKEN", "kt.vandelay.io", lambda: "kt_" + rs(B64U, 40) + "_" + hx(6), ruleless=True)
V("internal-int-numeric-dot", "intranet", "INTRANET_TOKEN", "intra.contoso.com", lambda: "INT" + dg(6) + "." + an(40), ruleless=True)
V("internal-bnk", "ledger bank", "BANK_API_SECRET", "bank.ledgerly.app", lambda: "bnk_" + "sec_" + an(36), ruleless=True)
V("internal-pvt-dashes", "Pivot", "PIVOT_PRIVATE_KEY", "pivot.acme.io", lambda: "pvt-" + "-".join(la(6) for _ in range(4)), ruleless=True)
V("internal-ttk-hex", "tenant token", "TENANT_TOKEN", "tenants.shopwave.io", lambda: "ttk_" + hx(48), ruleless=True)
V("internal-gw-hex", "API gateway", "GATEWAY_KEY", "gw.shopwave.io", lambda: "gw-" + hx(40), ruleless=True)
V("internal-hmac-b64", "webhook relay", "RELAY_HMAC", "relay.acme.io", lambda: "hmac:" + b64(32), ruleless=True)
V("internal-ssk-dot", "SecureStore", "SECURESTORE_KEY", "ss.globex.com", lambda: "ssk." + la(8) + "." + rs(B64U, 40), ruleless=True)
V("internal-dtk", "data platform", "DTK_TOKEN", "data.initech.dev", lambda: "dtk_" + an(44), ruleless=True)
V("internal-sig-v3", "signing service", "SIGNER_SECRET", "signer.hooli.xyz", lambda: "sig_" + "v3_" + rs(B64U, 48), ruleless=True)
V("internal-relay-b58", "Relay", "RELAY_TOKEN", "relay.piedpiper.com", lambda: "relay_" + rs(B58, 32), ruleless=True)
V("internal-rt-refresh", "Acme SSO", "ACME_REFRESH_TOKEN", "sso.acme.io", lambda: "rt_" + rs(B64U, 64), ruleless=True)
V("internal-ak-live", "Arcade", "ARCADE_API_KEY", "api.arcade.dev", lambda: "ak_" + "live_" + an(40), ruleless=True)
V("internal-sess-opaque", "admin portal", "ADMIN_SESSION", "admin.acme.io", lambda: "sess_" + rs(B64U, 48), ruleless=True)
V("internal-kms-v1", "kms envelope", "KMS_DATA_KEY", "kms.internal", lambda: "kms:v1:" + b64(48), ruleless=True)
V("internal-pat-generic", "DevPortal", "DEVPORTAL_PAT", "dev.fabrikam.net", lambda: "pat_" + la(8) + "_" + an(40), ruleless=True)
V("internal-x9-upper-hex", "billing core", "BILLING_CORE_SECRET", "billing.internal", lambda: "X9" + HX(62), ruleless=True)
V("internal-tk-dot-triplet", "Tenantry", "TENANTRY_KEY", "api.tenantry.co", lambda: "tk." + la(6) + "." + an(12) + "." + an(32), ruleless=True)
V("internal-zq-base58-raw", "ZQ queue", "ZQ_TOKEN", "zq.vandelay.io", lambda: rs(B58, 44), ruleless=True)
V("internal-oct-hex-colon", "Octane", "OCTANE_KEY", "octane.stark-labs.io", lambda: ":".join(hx(8) for _ in range(5)), ruleless=True)
V("internal-cfg-enc-key", "config service", "CONFIG_ENCRYPTION_KEY", "config.internal", lambda: "base64:" + b64(32), ruleless=True)
V("internal-uid-secret-pair", "partner API", "PARTNER_SECRET", "partner.globex.com", lambda: "ps_" + uuid().replace("-", "") + hx(16), ruleless=True)
V("internal-mtls-pin", "edge pinning", "EDGE_SHARED_SECRET", "edge.acme.io", lambda: rs(B64U, 86), ruleless=True)
V("internal-emoji-free-words", "kiosk", "KIOSK_UNLOCK_PHRASE", "kiosk.local", lambda: "-".join(pick(WORDS) for _ in range(6)) + "-" + dg(4), ruleless=True)
V("internal-lic-signed", "Licensing", "LICENSE_SIGNING_SECRET", "license.acme.io", lambda: "LS1." + ua(8) + "." + rs(B64U, 52), ruleless=True)
V("internal-ctrl-plane", "control plane", "CP_BOOTSTRAP_TOKEN", "cp.internal", lambda: la(6) + "." + la(16), ruleless=True,
  extras=[lambda t: "kubeadm join 10.0.0.10:6443 --token %s --discovery-token-ca-cert-hash sha256:%s" % (t, hx(64))])
V("internal-wh-path-token", "hooks", "HOOK_TOKEN", "hooks.shopwave.io", lambda: "wht_" + rs(B64U, 30), ruleless=True)
V("internal-grpc-metadata", "grpc auth", "GRPC_AUTH_TOKEN", "rpc.internal:443", lambda: "gat." + hx(16) + "." + hx(48), ruleless=True,
  extras=[lambda t: "grpcurl -H 'authorization: gat %s' rpc.internal:443 ledger.v1.Ledger/GetBalance" % t])


# ================================================================ credential files
G = "credential-file"
U = lambda c: c.user
T(G, "pgpass-line", lambda c: pw(), [
    lambda s, c: "%s:5432:%s:%s:%s" % (c.host, c.db, c.user, s),
    lambda s, c: "cat ~/.pgpass\n%s:5432:*:%s:%s\nlocalhost:5433:%s:postgres:%s" % (c.host, c.user, s, c.db, pw_plain()),
    lambda s, c: "echo '%s:6432:%s:%s:%s' >> ~/.pgpass && chmod 600 ~/.pgpass" % (c.host, c.db, c.user, s),
], vis=U)
T(G, "pgpass-wildcard", lambda c: pw(), [
    lambda s, c: "*:*:*:%s:%s" % (c.user, s),
    lambda s, c: "printf '*:*:*:postgres:%s\\n' > /root/.pgpass" % s,
    lambda s, c: "# ~/.pgpass on the bastion\n*:5432:*:%s:%s" % (c.user, s),
], vis=U)
T(G, "pgpassfile-env-line", lambda c: pw_plain(), [
    lambda s, c: "PGPASSFILE=/tmp/pgpass; echo \"%s:5432:%s:%s:%s\" > $PGPASSFILE" % (c.host, c.db, c.user, s),
    lambda s, c: "- name: write pgpass\n  copy:\n    dest: /var/lib/postgresql/.pgpass\n    content: \"%s:5432:replication:replicator:%s\"\n    mode: '0600'" % (c.host, s),
], ruleless=True)
T(G, "netrc-oneline", lambda c: pw(), [
    lambda s, c: "machine %s login %s password %s" % (c.domain, c.user, s),
    lambda s, c: "echo 'machine github.com login %s password %s' >> ~/.netrc" % (c.user, s),
    lambda s, c: "machine api.%s login %s password \"%s\" port 443" % (c.domain, c.email, s),
], vis=U)
T(G, "netrc-multiline", lambda c: pw(), [
    lambda s, c: "machine %s\n  login %s\n  password %s" % (c.domain, c.user, s),
    lambda s, c: "machine registry.%s\nlogin %s\npassword %s\n\nmachine files.%s\nlogin anonymous\npassword guest@" % (c.domain, c.user, s, c.domain),
    lambda s, c: "$ cat ~/.netrc\nmachine urs.earthdata.nasa.gov\n    login %s\n    password %s" % (c.first, s),
], vis=U)
T(G, "netrc-default", lambda c: pw(), [
    lambda s, c: "default login %s password %s" % (c.user, s),
    lambda s, c: "machine ftp.%s login ftpuser password ftpuser\ndefault\n  login %s\n  password %s" % (c.domain, c.user, s),
], vis=U)
T(G, "netrc-token-as-password", lambda c: "gh" + "p_" + an(36), [
    lambda s, c: "machine github.com login x-oauth-basic password %s" % s,
    lambda s, c: "machine api.github.com\n  login %s\n  password %s" % (c.first, s),
])
T(G, "netrc-go-private", lambda c: "gl" + "pat-" + rs(B64U, 20), [
    lambda s, c: "GOPRIVATE=gitlab.%s/*\nmachine gitlab.%s login oauth2 password %s" % (c.domain, c.domain, s),
])
T(G, "docker-config-auth", lambda c: b64s(c.user + ":" + pw()), [
    lambda s, c: '{\n  "auths": {\n    "https://index.docker.io/v1/": {\n      "auth": "%s"\n    }\n  }\n}' % s,
    lambda s, c: '{"auths":{"ghcr.io":{"auth":"%s"}},"credsStore":""}' % s,
    lambda s, c: "cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"registry.%s\": {\n\t\t\t\"auth\": \"%s\"\n\t\t}\n\t}\n}" % (c.domain, s),
    lambda s, c: "echo '{\"auths\":{\"%s.dkr.ecr.%s.amazonaws.com\":{\"auth\":\"%s\"}}}' > $HOME/.docker/config.json" % (c.acct, c.region, s),
])
T(G, "docker-config-auth-token-user", lambda c: b64s("_json_key_base64:" + b64(60)), [
    lambda s, c: '{"auths": {"europe-docker.pkg.dev": {"auth": "%s"}}}' % s,
], ruleless=True)
T(G, "docker-config-identitytoken", lambda c: jwt({"sub": c.user, "aud": "registry", "exp": ts_epoch()}, "RS256"), [
    lambda s, c: '{"auths":{"%s.azurecr.io":{"auth":"MDAwMDAwMDAtMDAwMC0wMDAwLTAwMDAtMDAwMDAwMDAwMDAwOg==","identitytoken":"%s"}}}' % (c.org.replace("-", ""), s),
])
T(G, "podman-auth-json", lambda c: b64s(c.user + ":" + pw()), [
    lambda s, c: "cat ${XDG_RUNTIME_DIR}/containers/auth.json\n{\n  \"auths\": {\n    \"quay.io\": { \"auth\": \"%s\" }\n  }\n}" % s,
])
T(G, "k8s-dockerconfigjson-b64", lambda c: b64s('{"auths":{"ghcr.io":{"username":"%s","password":"%s","auth":"%s"}}}' % (c.user, "gh" + "p_" + an(36), b64(30))), [
    lambda s, c: "apiVersion: v1\nkind: Secret\nmetadata:\n  name: regcred\n  namespace: %s\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: %s" % (c.ns, s),
], ruleless=True)
T(G, "npmrc-authtoken", lambda c: "np" + "m_" + an(36), [
    lambda s, c: "registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=%s" % s,
    lambda s, c: "@%s:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%s\nalways-auth=true" % (c.org, s),
])
T(G, "npmrc-private-registry-token", lambda c: rs(B64A, 64), [
    lambda s, c: "//nexus.%s/repository/npm-private/:_authToken=%s" % (c.domain, s),
    lambda s, c: "//%s.jfrog.io/artifactory/api/npm/npm/:_authToken=\"%s\"" % (c.org, s),
], ruleless=True)
T(G, "npmrc-basic-auth", lambda c: b64s(c.user + ":" + pw()), [
    lambda s, c: "_auth=%s\nemail=%s\nalways-auth=true" % (s, c.email),
    lambda s, c: "//artifactory.%s/api/npm/npm-virtual/:_auth=%s" % (c.domain, s),
], ruleless=True)
T(G, "npmrc-password-b64", lambda c: b64s(pw()), [
    lambda s, c: "//pkgs.dev.azure.com/%s/_packaging/feed/npm/registry/:username=%s\n//pkgs.dev.azure.com/%s/_packaging/feed/npm/registry/:_password=%s" % (c.org, c.org, c.org, s),
    lambda s, c: "//verdaccio.%s/:_password=\"%s\"" % (c.domain, s),
], ruleless=True)
T(G, "yarnrc-yml-token", lambda c: "np" + "m_" + an(36), [
    lambda s, c: "npmScopes:\n  %s:\n    npmRegistryServer: \"https://npm.pkg.github.com\"\n    npmAuthToken: \"%s\"" % (c.org, s),
    lambda s, c: "yarn config set npmAuthToken %s" % s,
])
T(G, "pypirc-password", lambda c: "py" + "pi-AgEIcHlwaS5vcmc" + rs(B64U, 120), [
    lambda s, c: "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = %s" % s,
    lambda s, c: "[testpypi]\n  repository = https://test.pypi.org/legacy/\n  username = __token__\n  password = %s" % s,
])
T(G, "pypirc-private-index", lambda c: pw(), [
    lambda s, c: "[internal]\nrepository = https://pypi.%s/\nusername = %s\npassword = %s" % (c.domain, c.user, s),
], ruleless=True)
T(G, "pip-conf-index-url", lambda c: pw_plain(), [
    lambda s, c: "[global]\nindex-url = https://%s:%s@pypi.%s/simple/" % (c.user, s, c.domain),
    lambda s, c: "PIP_EXTRA_INDEX_URL=https://%s:%s@nexus.%s/repository/pypi/simple" % (c.user, s, c.domain),
], vis=U)
T(G, "poetry-http-basic", lambda c: pw(), [
    lambda s, c: "poetry config http-basic.%s %s '%s'" % (c.org, c.user, s),
    lambda s, c: "[http-basic.%s]\nusername = \"%s\"\npassword = \"%s\"" % (c.org, c.user, s),
], vis=U)
T(G, "git-credentials", lambda c: "gh" + "p_" + an(36), [
    lambda s, c: "https://%s:%s@github.com" % (c.first, s),
    lambda s, c: "cat ~/.git-credentials\nhttps://oauth2:%s@gitlab.%s\nhttps://%s:%s@github.com" % ("gl" + "pat-" + rs(B64U, 20), c.domain, c.first, s),
])
T(G, "git-credentials-password", lambda c: qurl(pw()), [
    lambda s, c: "https://%s:%s@git.%s" % (c.user, s, c.domain),
    lambda s, c: "printf 'https://%s:%s@bitbucket.org\\n' >> ~/.git-credentials" % (c.user, s),
], vis=U)
T(G, "kubeconfig-token", lambda c: jwt({"iss": "kubernetes/serviceaccount", "sub": "system:serviceaccount:%s:admin" % c.ns}, "RS256"), [
    lambda s, c: "users:\n- name: admin\n  user:\n    token: %s" % s,
    lambda s, c: "kubectl config set-credentials ci-admin --token=%s" % s,
])
T(G, "kubeconfig-opaque-token", lambda c: an(8) + "." + an(40), [
    lambda s, c: "users:\n- name: %s-admin\n  user:\n    token: %s" % (c.app, s),
], ruleless=True)
T(G, "kubeconfig-client-key-data", lambda c: b64s("-----BEGIN EC PRIVATE KEY-----\n" + b64(121) + "\n-----END EC PRIVATE KEY-----\n"), [
    lambda s, c: "users:\n- name: kind-kind\n  user:\n    client-certificate-data: %s\n    client-key-data: %s" % (b64(60), s),
])
T(G, "kubeconfig-basic-password", lambda c: pw(), [
    lambda s, c: "- name: legacy\n  user:\n    username: admin\n    password: %s" % s,
    lambda s, c: "kubectl config set-credentials legacy --username=admin --password='%s'" % s,
])
T(G, "aws-credentials-file", lambda c: rs(B64A, 40), [
    lambda s, c: "[default]\naws_access_key_id = AKIA%s\naws_secret_access_key = %s" % (ua(16), s),
    lambda s, c: "[profile prod]\nregion=%s\naws_access_key_id=AKIA%s\naws_secret_access_key=%s\n" % (c.region, ua(16), s),
    lambda s, c: "cat ~/.aws/credentials\n[ci]\naws_access_key_id     = AKIA%s\naws_secret_access_key = %s" % (ua(16), s),
])
T(G, "aws-credentials-session", lambda c: "FwoGZXIvYXdzE" + rs(B64A, 300), [
    lambda s, c: "[temp]\naws_access_key_id = ASIA%s\naws_secret_access_key = %s\naws_session_token = %s" % (ua(16), rs(B64A, 40), s),
])
T(G, "boto-config", lambda c: rs(B64A, 40), [
    lambda s, c: "[Credentials]\naws_access_key_id = AKIA%s\naws_secret_access_key = %s" % (ua(16), s),
])
T(G, "s3cfg", lambda c: rs(B64A, 40), [
    lambda s, c: "[default]\naccess_key = AKIA%s\nsecret_key = %s\nhost_base = s3.amazonaws.com" % (ua(16), s),
    lambda s, c: "[default]\naccess_key = DO00%s\nsecret_key = %s\nhost_base = nyc3.digitaloceanspaces.com" % (ua(16), s),
], ruleless=True)
T(G, "rclone-conf-s3", lambda c: rs(B64A, 40), [
    lambda s, c: "[%s]\ntype = s3\nprovider = AWS\naccess_key_id = AKIA%s\nsecret_access_key = %s\nregion = %s" % (c.bucket, ua(16), s, c.region),
    lambda s, c: "[r2]\ntype = s3\nprovider = Cloudflare\naccess_key_id = %s\nsecret_access_key = %s\nendpoint = https://%s.r2.cloudflarestorage.com" % (hx(32), s, hx(32)),
], ruleless=True)
T(G, "rclone-conf-obscured-pass", lambda c: rs(B64U, 42), [
    lambda s, c: "[nas]\ntype = sftp\nhost = %s\nuser = %s\npass = %s" % (c.ip, c.user, s),
    lambda s, c: "[webdav]\ntype = webdav\nurl = https://cloud.%s/remote.php/dav/files/%s\nvendor = nextcloud\nuser = %s\npass = %s" % (c.domain, c.first, c.first, s),
], ruleless=True)
T(G, "htpasswd-apr1", lambda c: "$apr1$" + rs(B64A[:-2] + "./", 8) + "$" + rs(B64A[:-2] + "./", 22), [
    lambda s, c: "%s:%s" % (c.user, s),
    lambda s, c: "cat /etc/nginx/.htpasswd\nadmin:%s\n%s:%s" % ("$apr1$" + rs(ALNUM, 8) + "$" + rs(ALNUM, 22), c.user, s),
], ruleless=True, vis=U)
T(G, "htpasswd-bcrypt", lambda c: "$2y$05$" + rs(ALNUM + "./", 53), [
    lambda s, c: "%s:%s" % (c.user, s),
    lambda s, c: "echo '%s:%s' >> ./auth/users.htpasswd" % (c.user, s),
], ruleless=True)
T(G, "wp-config-db-password", lambda c: pw(), [
    lambda s, c: "define( 'DB_PASSWORD', '%s' );" % s,
    lambda s, c: "define('DB_NAME', 'wordpress');\ndefine('DB_USER', 'wp_user');\ndefine('DB_PASSWORD', '%s');\ndefine('DB_HOST', '%s');" % (s, c.host),
])
T(G, "wp-config-salt", lambda c: rs(ALNUM + "!@#%^&*()-_=+[]{}<>~|;:,.?", 64), [
    lambda s, c: "define('AUTH_KEY',         '%s');" % s,
    lambda s, c: "define( 'LOGGED_IN_SALT',   '%s' );" % s,
], ruleless=True)
T(G, "django-settings-secret-key", lambda c: "django-insecure-" + rs(LOW + DIG + "!@#$%^&*(-_=+)", 50), [
    lambda s, c: "SECRET_KEY = '%s'" % s,
    lambda s, c: "# settings/prod.py\nSECRET_KEY = \"%s\"\nDEBUG = False" % s,
])
T(G, "django-settings-secret-key-raw", lambda c: rs(LOW + DIG + "!@#$%^&*(-_=+)", 50), [
    lambda s, c: "SECRET_KEY = '%s'" % s,
], ruleless=True)
T(G, "django-databases-password", lambda c: pw(), [
    lambda s, c: "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': '%s',\n        'USER': '%s',\n        'PASSWORD': '%s',\n        'HOST': '%s',\n    }\n}" % (c.db, c.user, s, c.host),
    lambda s, c: "        'PASSWORD': '%s'," % s,
])
T(G, "appsettings-connectionstring", lambda c: pw(), [
    lambda s, c: "\"ConnectionStrings\": {\n    \"Default\": \"Server=%s;Database=%s;User Id=%s;Password=%s;TrustServerCertificate=True\"\n  }" % (c.host, c.db, c.user, s),
    lambda s, c: "{\"ConnectionStrings\":{\"Orders\":\"Host=%s;Port=5432;Database=%s;Username=%s;Password=%s\"}}" % (c.host, c.db, c.user, s),
])
T(G, "appsettings-client-secret", lambda c: an(3) + "8Q~" + rs(ALNUM + "-_.~", 31), [
    lambda s, c: "\"AzureAd\": {\n    \"Instance\": \"https://login.microsoftonline.com/\",\n    \"TenantId\": \"%s\",\n    \"ClientId\": \"%s\",\n    \"ClientSecret\": \"%s\"\n  }" % (c.tenant, uuid(), s),
])
T(G, "appsettings-jwt-key", lambda c: pw_random(R.randint(32, 64), sym="!#%-_"), [
    lambda s, c: "\"Jwt\": { \"Issuer\": \"https://%s\", \"Key\": \"%s\" }" % (c.domain, s),
    lambda s, c: "\"JwtSettings\": {\n  \"SecretKey\": \"%s\",\n  \"ExpiryMinutes\": 60\n}" % s,
], ruleless=True)
T(G, "spring-application-properties", lambda c: pw(), [
    lambda s, c: "spring.datasource.url=jdbc:postgresql://%s:5432/%s\nspring.datasource.username=%s\nspring.datasource.password=%s" % (c.host, c.db, c.user, s),
    lambda s, c: "spring.rabbitmq.password=%s" % s,
    lambda s, c: "spring.mail.password = %s" % s,
])
T(G, "spring-application-yml", lambda c: pw(), [
    lambda s, c: "spring:\n  datasource:\n    url: jdbc:mysql://%s:3306/%s\n    username: %s\n    password: %s" % (c.host, c.db, c.user, s),
    lambda s, c: "spring:\n  security:\n    oauth2:\n      client:\n        registration:\n          okta:\n            client-id: 0oa%s\n            client-secret: %s" % (an(17), s),
])
T(G, "my-cnf-client", lambda c: pw(), [
    lambda s, c: "[client]\nuser=%s\npassword=%s\nhost=%s" % (c.user, s, c.host),
    lambda s, c: "[mysqldump]\nuser = root\npassword = \"%s\"" % s,
])
T(G, "composer-auth-json", lambda c: pw_plain(), [
    lambda s, c: "{\n    \"http-basic\": {\n        \"repo.packagist.com\": {\n            \"username\": \"token\",\n            \"password\": \"%s\"\n        }\n    }\n}" % s,
], ruleless=True)
T(G, "composer-github-oauth", lambda c: "gh" + "p_" + an(36), [
    lambda s, c: "{\"github-oauth\": {\"github.com\": \"%s\"}}" % s,
    lambda s, c: "composer config -g github-oauth.github.com %s" % s,
])
T(G, "gradle-properties", lambda c: pw(), [
    lambda s, c: "ossrhUsername=%s\nossrhPassword=%s\nsigning.keyId=%s" % (c.user, s, HX(8)),
    lambda s, c: "signing.password=%s\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg" % s,
    lambda s, c: "artifactory_password=%s" % s,
])
T(G, "maven-settings-xml", lambda c: pw(), [
    lambda s, c: "<server>\n  <id>nexus-releases</id>\n  <username>%s</username>\n  <password>%s</password>\n</server>" % (c.user, s),
    lambda s, c: "<servers><server><id>github</id><username>%s</username><password>%s</password></server></servers>" % (c.first, s),
])
T(G, "maven-settings-encrypted", lambda c: "{" + b64(32) + "}", [
    lambda s, c: "<server>\n  <id>central</id>\n  <username>%s</username>\n  <password>%s</password>\n</server>" % (c.user, s),
], ruleless=True)
T(G, "nuget-config-cleartext", lambda c: pw(), [
    lambda s, c: "<packageSourceCredentials>\n  <AcmeFeed>\n    <add key=\"Username\" value=\"%s\" />\n    <add key=\"ClearTextPassword\" value=\"%s\" />\n  </AcmeFeed>\n</packageSourceCredentials>" % (c.user, s),
])
T(G, "gem-credentials", lambda c: "ruby" + "gems_" + hx(48), [
    lambda s, c: "cat ~/.gem/credentials\n---\n:rubygems_api_key: %s\n:github: Bearer %s" % (s, "gh" + "p_" + an(36)),
])
T(G, "bundler-config-credentials", lambda c: "gh" + "p_" + an(36), [
    lambda s, c: "---\nBUNDLE_RUBYGEMS__PKG__GITHUB__COM: \"%s:%s\"" % (c.first, s),
    lambda s, c: "bundle config set --global rubygems.pkg.github.com %s:%s" % (c.first, s),
])
T(G, "bundler-gemfury-env", lambda c: rs(B64U, 20), [
    lambda s, c: "BUNDLE_GEM__FURY__IO=%s" % s,
], ruleless=True)
T(G, "cargo-credentials-toml", lambda c: "ci" + "o" + an(32), [
    lambda s, c: "# ~/.cargo/credentials.toml\n[registry]\ntoken = \"%s\"" % s,
    lambda s, c: "[registries.%s]\ntoken = \"Bearer %s\"" % (c.org, s),
])
T(G, "terraformrc-credentials", lambda c: an(14) + ".atlas" + "v1." + an(67), [
    lambda s, c: "{\"credentials\":{\"app.terraform.io\":{\"token\":\"%s\"}}}" % s,
])
T(G, "gcloud-adc-json", lambda c: "1//0" + rs(B64U, 99), [
    lambda s, c: "{\n  \"client_id\": \"%s-%s.apps.googleusercontent.com\",\n  \"client_secret\": \"d-%s\",\n  \"refresh_token\": \"%s\",\n  \"type\": \"authorized_user\"\n}" % (dg(12), la(32), an(22), s),
], ruleless=True)
T(G, "gh-hosts-yml", lambda c: "gh" + "o_" + an(36), [
    lambda s, c: "github.com:\n    oauth_token: %s\n    user: %s\n    git_protocol: ssh" % (s, c.first),
])
T(G, "databrickscfg", lambda c: "da" + "pi" + hx(32) + pick(["", "-2", "-3"]), [
    lambda s, c: "[prod]\nhost  = https://%s.cloud.databricks.com\ntoken = %s" % (c.org, s),
])
T(G, "snowsql-config", lambda c: pw(), [
    lambda s, c: "[connections.prod]\naccountname = %s-xy12345\nusername = %s\npassword = %s\nwarehousename = COMPUTE_WH" % (c.org, c.user.upper(), s),
], ruleless=True)
T(G, "dbt-profiles-yml", lambda c: pw(), [
    lambda s, c: "analytics:\n  target: prod\n  outputs:\n    prod:\n      type: postgres\n      host: %s\n      user: %s\n      password: %s\n      port: 5432\n      dbname: %s\n      schema: marts" % (c.host, c.user, s, c.db),
    lambda s, c: "      type: snowflake\n      account: xy12345.eu-west-1\n      user: DBT_CI\n      password: \"%s\"\n      role: TRANSFORMER" % s,
])
T(G, "kaggle-json", lambda c: hx(32), [
    lambda s, c: "{\"username\":\"%s\",\"key\":\"%s\"}" % (c.first + dg(3), s),
    lambda s, c: "echo '{\"username\":\"%s\",\"key\":\"%s\"}' > ~/.kaggle/kaggle.json" % (c.first, s),
], ruleless=True)
T(G, "redis-conf-requirepass", lambda c: pw_random(R.randint(16, 40), sym=""), [
    lambda s, c: "requirepass %s" % s,
    lambda s, c: "masterauth %s\nrequirepass %s" % (s, s),
    lambda s, c: "user default on >%s ~* &* +@all" % s,
], ruleless=True)
T(G, "postgres-primary-conninfo", lambda c: pw_plain(), [
    lambda s, c: "primary_conninfo = 'host=%s port=5432 user=replicator password=%s application_name=replica1'" % (c.host, s),
])
T(G, "wpa-supplicant-psk", lambda c: pw_phrase(" ") if R.random() < 0.4 else pw_human(), [
    lambda s, c: "network={\n    ssid=\"%s-office\"\n    psk=\"%s\"\n    key_mgmt=WPA-PSK\n}" % (c.org, s),
    lambda s, c: "wifi:\n  ssid: \"IoT-Lab\"\n  password: \"%s\"" % s,
])
T(G, "openvpn-auth-user-pass", lambda c: pw(), [
    lambda s, c: "cat /etc/openvpn/auth.txt\n%s\n%s" % (c.email, s),
    lambda s, c: "printf '%%s\\n%%s\\n' %s '%s' > /etc/openvpn/client/creds && chmod 600 /etc/openvpn/client/creds" % (c.user, s),
], ruleless=True)
T(G, "smb-credentials-file", lambda c: pw(), [
    lambda s, c: "username=%s\npassword=%s\ndomain=CORP" % (c.user, s),
    lambda s, c: "cat /root/.smbcredentials\nusername=svc_backup\npassword=%s" % s,
])
T(G, "fstab-cifs-inline", lambda c: pw_plain(), [
    lambda s, c: "//fs01.corp.%s/share /mnt/share cifs username=%s,password=%s,uid=1000,vers=3.0 0 0" % (c.domain, c.user, s),
])
T(G, "msmtprc-password", lambda c: pw(), [
    lambda s, c: "account default\nhost smtp.%s\nport 587\nauth on\nuser %s\npassword %s\ntls on" % (c.domain, c.email, s),
])
T(G, "muttrc-smtp-pass", lambda c: pw(), [
    lambda s, c: "set smtp_url = \"smtps://%s@smtp.gmail.com:465/\"\nset smtp_pass = \"%s\"" % (c.email, s),
    lambda s, c: "set imap_pass = '%s'" % s,
])
T(G, "ansible-inventory-password", lambda c: pw(), [
    lambda s, c: "[windows]\nwin01 ansible_host=%s ansible_user=Administrator ansible_password=%s ansible_connection=winrm" % (c.ip, s),
    lambda s, c: "all:\n  vars:\n    ansible_become_pass: \"%s\"" % s,
])
T(G, "jenkins-credentials-xml", lambda c: "{AQAAABAAAAAQ" + rs(B64A, 44) + "=}", [
    lambda s, c: "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <id>deploy-creds</id>\n  <username>%s</username>\n  <password>%s</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>" % (c.user, s),
], ruleless=True)
T(G, "filezilla-sitemanager", lambda c: b64s(pw()), [
    lambda s, c: "<Server>\n  <Host>ftp.%s</Host>\n  <Port>21</Port>\n  <User>%s</User>\n  <Pass encoding=\"base64\">%s</Pass>\n</Server>" % (c.domain, c.user, s),
], ruleless=True)
T(G, "sftp-config-json", lambda c: pw(), [
    lambda s, c: "{\n    \"type\": \"sftp\",\n    \"host\": \"%s\",\n    \"user\": \"%s\",\n    \"password\": \"%s\",\n    \"remote_path\": \"/var/www/html\"\n}" % (c.ip, c.user, s),
])
T(G, "flyctl-config-yml", lambda c: "fm2_" + rs(B64A, 120), [
    lambda s, c: "access_token: FlyV1 %s\nlast_update_check: 2025-01-12T10:00:00Z" % s,
], ruleless=True)
T(G, "circleci-cli-yml", lambda c: hx(40), [
    lambda s, c: "host: https://circleci.com\ntoken: %s" % s,
], ruleless=True)
T(G, "firebase-tools-configstore", lambda c: "1//0" + rs(B64U, 99), [
    lambda s, c: "{\"tokens\": {\"refresh_token\": \"%s\", \"expires_at\": 1735689600000}}" % s,
], ruleless=True)
T(G, "clasprc-json", lambda c: "ya" + "29." + rs(B64U, 120), [
    lambda s, c: "{\"token\":{\"access_token\":\"%s\",\"scope\":\"https://www.googleapis.com/auth/script.projects\",\"token_type\":\"Bearer\"}}" % s,
])
T(G, "m2-settings-security-master", lambda c: "{" + b64(32) + "}", [
    lambda s, c: "<settingsSecurity>\n  <master>%s</master>\n</settingsSecurity>" % s,
], ruleless=True)
T(G, "condarc-channel-token", lambda c: "t/" + rs(B64U, 32), [
    lambda s, c: "channels:\n  - https://conda.anaconda.org/%s/%s/channel/internal" % (s, c.org),
], ruleless=True)
T(G, "pgbouncer-userlist", lambda c: pw_plain(), [
    lambda s, c: "\"%s\" \"%s\"\n\"pgbouncer\" \"md5%s\"" % (c.user, s, hx(32)),
], ruleless=True)
T(G, "pgbouncer-userlist-scram", lambda c: "SCRAM-SHA-256$4096:" + b64(16) + "$" + b64(32) + ":" + b64(32), [
    lambda s, c: "\"%s\" \"%s\"" % (c.user, s),
], ruleless=True)
T(G, "env-file-block", lambda c: pw(), [
    lambda s, c: "APP_ENV=production\nDB_HOST=%s\nDB_USERNAME=%s\nDB_PASSWORD=%s\nREDIS_HOST=redis" % (c.host, c.user, s),
    lambda s, c: "# .env.production\nNODE_ENV=production\nDATABASE_USER=%s\nDATABASE_PASS='%s'" % (c.user, s),
    lambda s, c: "MYSQL_ROOT_PASSWORD=%s\nMYSQL_DATABASE=%s" % (s, c.db),
])
T(G, "rails-credentials-decrypted", lambda c: hx(128), [
    lambda s, c: "$ bin/rails credentials:show\nsecret_key_base: %s\naws:\n  access_key_id: AKIA%s" % (s, ua(16)),
])
T(G, "laravel-env-app-key", lambda c: "base64:" + b64(32), [
    lambda s, c: "APP_NAME=Shop\nAPP_ENV=production\nAPP_KEY=%s\nAPP_DEBUG=false" % s,
    lambda s, c: "php artisan key:generate --show\n%s" % s,
])
T(G, "symfony-env-app-secret", lambda c: hx(32), [
    lambda s, c: "###> symfony/framework-bundle ###\nAPP_ENV=prod\nAPP_SECRET=%s\n###< symfony/framework-bundle ###" % s,
])
T(G, "phoenix-secret-key-base", lambda c: rs(B64A, 64), [
    lambda s, c: "config :shop, ShopWeb.Endpoint,\n  secret_key_base: \"%s\"" % s,
], ruleless=True)
T(G, "nextcloud-config-php", lambda c: pw(), [
    lambda s, c: "  'dbtype' => 'pgsql',\n  'dbhost' => '%s',\n  'dbuser' => 'nextcloud',\n  'dbpassword' => '%s'," % (c.host, s),
])
T(G, "nextcloud-config-secret", lambda c: rs(B64A, 48), [
    lambda s, c: "  'passwordsalt' => '%s',\n  'secret' => '%s'," % (rs(B64A, 30), s),
], ruleless=True)
T(G, "gitea-app-ini", lambda c: jwt({"nbf": ts_epoch()}), [
    lambda s, c: "[security]\nINSTALL_LOCK = true\nINTERNAL_TOKEN = %s" % s,
])
T(G, "gitea-app-ini-db", lambda c: pw(), [
    lambda s, c: "[database]\nDB_TYPE = postgres\nHOST = %s:5432\nNAME = gitea\nUSER = gitea\nPASSWD = %s" % (c.host, s),
], ruleless=True)
T(G, "grafana-ini-admin", lambda c: pw(), [
    lambda s, c: "[security]\nadmin_user = admin\nadmin_password = %s\nsecret_key = %s" % (s, an(16)),
    lambda s, c: "GF_SECURITY_ADMIN_PASSWORD=%s" % s,
])
T(G, "airflow-fernet-key", lambda c: b64u(32) + "=", [
    lambda s, c: "[core]\nfernet_key = %s" % s,
    lambda s, c: "AIRFLOW__CORE__FERNET_KEY=%s" % s,
], ruleless=True)
T(G, "home-assistant-secrets-yaml", lambda c: pw(), [
    lambda s, c: "# secrets.yaml\nwifi_password: %s\nmqtt_password: %s" % (s, pw_plain()),
], ruleless=True)
T(G, "esphome-api-encryption-key", lambda c: b64(32), [
    lambda s, c: "api:\n  encryption:\n    key: \"%s\"\nota:\n  - platform: esphome" % s,
], ruleless=True)
T(G, "mastodon-env-production", lambda c: hx(128), [
    lambda s, c: "LOCAL_DOMAIN=social.%s\nSECRET_KEY_BASE=%s\nOTP_SECRET=%s" % (c.domain, s, hx(128)),
])
T(G, "supervisord-inet-password", lambda c: pw_plain(), [
    lambda s, c: "[inet_http_server]\nport=127.0.0.1:9001\nusername=admin\npassword=%s" % s,
], ruleless=True)
T(G, "haproxy-stats-auth", lambda c: pw_plain(), [
    lambda s, c: "listen stats\n  bind :8404\n  stats enable\n  stats auth admin:%s" % s,
], ruleless=True)
T(G, "prometheus-basic-auth", lambda c: pw(), [
    lambda s, c: "  - job_name: node\n    basic_auth:\n      username: prom\n      password: %s\n    static_configs:\n      - targets: ['%s:9100']" % (s, c.ip),
])
T(G, "alertmanager-slack-url", lambda c: an(24), [
    lambda s, c: "receivers:\n- name: oncall\n  slack_configs:\n  - api_url: https://hooks.slack.com/services/T%s/B%s/%s\n    channel: '#alerts'" % (ua(8), ua(10), s),
], ruleless=True)


# ================================================================ connection strings / URLs with userinfo
G = "connection-string"


def upw(c):
    return qurl(pw())


T(G, "postgres-url", upw, [
    lambda s, c: "postgres://%s:%s@%s:5432/%s" % (c.user, s, c.host, c.db),
    lambda s, c: "DATABASE_URL=postgres://%s:%s@%s/%s?sslmode=require" % (c.user, s, c.host, c.db),
    lambda s, c: "psql 'postgres://%s:%s@%s:5432/%s'" % (c.user, s, c.host, c.db),
], vis=U)
T(G, "postgresql-url", upw, [
    lambda s, c: "postgresql://%s:%s@%s:5432/%s" % (c.user, s, c.host, c.db),
    lambda s, c: "SQLALCHEMY_DATABASE_URI = 'postgresql+psycopg2://%s:%s@%s/%s'" % (c.user, s, c.host, c.db),
    lambda s, c: "pg_dump \"postgresql://%s:%s@%s/%s\" -Fc -f backup.dump" % (c.user, s, c.host, c.db),
], vis=U)
T(G, "postgres-asyncpg-url", upw, [
    lambda s, c: "engine = create_async_engine(\"postgresql+asyncpg://%s:%s@%s:5432/%s\", pool_size=10)" % (c.user, s, c.host, c.db),
])
T(G, "supabase-pooler-url", lambda c: qurl(pw()), [
    lambda s, c: "postgresql://postgres.%s:%s@aws-0-%s.pooler.supabase.com:6543/postgres" % (la(20), s, c.region),
])
T(G, "neon-url", lambda c: an(12), [
    lambda s, c: "DATABASE_URL=postgresql://neondb_owner:%s@ep-%s-%s-%s.%s.aws.neon.tech/neondb?sslmode=require" % (s, pick(WORDS), pick(WORDS), la(8), c.region),
], ruleless=True)
T(G, "mysql-url", upw, [
    lambda s, c: "mysql://%s:%s@%s:3306/%s" % (c.user, s, c.host, c.db),
    lambda s, c: "DATABASE_URL=\"mysql://%s:%s@%s/%s?serverVersion=8.0&charset=utf8mb4\"" % (c.user, s, c.host, c.db),
], vis=U)
T(G, "mysql-pymysql-url", upw, [
    lambda s, c: "create_engine('mysql+pymysql://%s:%s@%s/%s')" % (c.user, s, c.host, c.db),
])
T(G, "mariadb-url", upw, [
    lambda s, c: "mariadb://%s:%s@%s:3306/%s" % (c.user, s, c.host, c.db),
], ruleless=True)
T(G, "planetscale-mysql-url", lambda c: "pscale_" + "pw_" + rs(B64U, 43), [
    lambda s, c: "DATABASE_URL='mysql://%s:%s@aws.connect.psdb.cloud/%s?sslaccept=strict'" % (la(12), s, c.db),
])
T(G, "mongodb-url", upw, [
    lambda s, c: "mongodb://%s:%s@%s:27017/%s?authSource=admin" % (c.user, s, c.host, c.db),
    lambda s, c: "mongosh \"mongodb://%s:%s@mongo-0,mongo-1,mongo-2/?replicaSet=rs0\"" % (c.user, s),
], vis=U)
T(G, "mongodb-srv-url", upw, [
    lambda s, c: "mongodb+srv://%s:%s@cluster0.%s.mongodb.net/?retryWrites=true&w=majority" % (c.user, s, la(5)),
    lambda s, c: "MONGO_URI=mongodb+srv://%s:%s@%s-prod.%s.mongodb.net/%s" % (c.user, s, c.org, la(5), c.db),
    lambda s, c: "mongoose.connect('mongodb+srv://%s:%s@cluster0.%s.mongodb.net/test')" % (c.user, s, la(5)),
], vis=U)
T(G, "redis-url-password-only", lambda c: pw_random(R.randint(16, 40), sym=""), [
    lambda s, c: "redis://:%s@%s:6379/0" % (s, c.host),
    lambda s, c: "REDIS_URL=redis://:%s@redis-master.cache.svc:6379" % s,
    lambda s, c: "CELERY_BROKER_URL = 'redis://:%s@localhost:6379/1'" % s,
])
T(G, "rediss-url-default-user", lambda c: an(32), [
    lambda s, c: "rediss://default:%s@%s-%s-%s.upstash.io:6379" % (s, pick(WORDS), pick(WORDS), dg(5)),
    lambda s, c: "redis-cli -u rediss://default:%s@redis-12345.c1.us-east-1-2.ec2.redns.redis-cloud.com:12345" % s,
])
T(G, "amqp-url", upw, [
    lambda s, c: "amqp://%s:%s@rabbitmq.%s:5672/%%2F" % (c.user, s, c.ns),
    lambda s, c: "BROKER_URL=amqp://%s:%s@%s:5672/vhost" % (c.user, s, c.host),
], vis=U)
T(G, "amqps-cloudamqp-url", lambda c: rs(B64U, 32), [
    lambda s, c: "CLOUDAMQP_URL=amqps://%s:%s@%s.rmq.cloudamqp.com/%s" % (la(8), s, pick(WORDS), la(8)),
], ruleless=True)
T(G, "nats-url", upw, [
    lambda s, c: "nats://%s:%s@nats.%s:4222" % (c.user, s, c.ns),
], ruleless=True)
T(G, "mqtt-url", upw, [
    lambda s, c: "mqtt://%s:%s@broker.%s:1883" % (c.user, s, c.domain),
    lambda s, c: "MQTT_URL=mqtts://%s:%s@%s.s1.eu.hivemq.cloud:8883" % (c.user, s, hx(32)),
], ruleless=True)
T(G, "kafka-sasl-jaas", lambda c: pw(), [
    lambda s, c: "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"%s\" password=\"%s\";" % (c.user, s),
    lambda s, c: "KAFKA_SASL_JAAS_CONFIG='org.apache.kafka.common.security.scram.ScramLoginModule required username=\"%s\" password=\"%s\";'" % (c.user, s),
])
T(G, "confluent-sasl-properties", lambda c: rs(B64A, 64), [
    lambda s, c: "bootstrap.servers=pkc-%s.%s.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanisms=PLAIN\nsasl.username=%s\nsasl.password=%s" % (la(5), c.region, ua(16), s),
])
T(G, "ftp-url", upw, [
    lambda s, c: "ftp://%s:%s@ftp.%s/pub/exports/" % (c.user, s, c.domain),
    lambda s, c: "wget -r ftp://%s:%s@%s/backups/" % (c.user, s, c.ip),
], vis=U)
T(G, "sftp-url", upw, [
    lambda s, c: "sftp://%s:%s@%s:22/upload" % (c.user, s, c.ip),
    lambda s, c: "curl -T report.csv sftp://%s:%s@sftp.%s/inbound/" % (c.user, s, c.domain),
])
T(G, "smtp-url", upw, [
    lambda s, c: "SMTP_URL=smtp://%s:%s@smtp.%s:587" % (qurl(c.email), s, c.domain),
    lambda s, c: "MAILER_DSN=smtp://%s:%s@smtp.sendgrid.net:587" % ("apikey", s),
])
T(G, "smtps-url-symfony", lambda c: "SG." + rs(B64U, 22) + "." + rs(B64U, 43), [
    lambda s, c: "MAILER_DSN=sendgrid+smtp://%s@default" % s,
], ruleless=True)
T(G, "imap-url", upw, [
    lambda s, c: "imaps://%s:%s@imap.%s:993/INBOX" % (qurl(c.email), s, c.domain),
], ruleless=True)
T(G, "https-basic-userinfo", upw, [
    lambda s, c: "https://%s:%s@%s/api/v1/health" % (c.user, s, c.domain),
    lambda s, c: "curl https://%s:%s@jenkins.%s/job/deploy/build?delay=0sec" % (c.user, s, c.domain),
    lambda s, c: "webhook_url: https://%s:%s@hooks.%s/ingest" % (c.user, s, c.domain),
], vis=U)
T(G, "git-https-token-userinfo", lambda c: "gh" + "s_" + an(36), [
    lambda s, c: "git clone https://x-access-token:%s@github.com/%s.git" % (s, c.repo),
    lambda s, c: "remote: https://%s:%s@github.com/%s" % (c.first, s, c.repo),
])
T(G, "git-gitlab-ci-token-userinfo", lambda c: "gl" + "cbt-" + dg(2) + "_" + rs(B64U, 20), [
    lambda s, c: "Cloning into 'infra'...\n$ git clone https://gitlab-ci-token:%s@gitlab.%s/platform/infra.git" % (s, c.domain),
])
T(G, "jdbc-postgres-params", lambda c: pw_plain(), [
    lambda s, c: "jdbc:postgresql://%s:5432/%s?user=%s&password=%s&ssl=true" % (c.host, c.db, c.user, s),
    lambda s, c: "spring.datasource.url=jdbc:postgresql://%s/%s?user=%s&password=%s" % (c.host, c.db, c.user, s),
])
T(G, "jdbc-mysql-params", lambda c: pw_plain(), [
    lambda s, c: "jdbc:mysql://%s:3306/%s?user=%s&password=%s&useSSL=false" % (c.host, c.db, c.user, s),
])
T(G, "jdbc-sqlserver", lambda c: pw(), [
    lambda s, c: "jdbc:sqlserver://%s:1433;databaseName=%s;user=%s;password=%s;encrypt=true" % (c.host, c.db, c.user, s),
])
T(G, "jdbc-oracle-thin-userpass", lambda c: pw_plain(), [
    lambda s, c: "jdbc:oracle:thin:%s/%s@//%s:1521/ORCLPDB1" % (c.user, s, c.host),
], ruleless=True)
T(G, "jdbc-snowflake", lambda c: pw_plain(), [
    lambda s, c: "jdbc:snowflake://xy12345.eu-west-1.snowflakecomputing.com/?user=%s&password=%s&warehouse=WH" % (c.user.upper(), s),
], ruleless=True)
T(G, "jdbc-redshift", lambda c: pw_plain(), [
    lambda s, c: "jdbc:redshift://%s-dwh.%s.%s.redshift.amazonaws.com:5439/dev?user=admin&password=%s" % (c.org, la(12), c.region, s),
], ruleless=True)
T(G, "adonet-sqlserver", lambda c: pw(), [
    lambda s, c: "Server=tcp:%s.database.windows.net,1433;Initial Catalog=%s;User ID=%s;Password=%s;Encrypt=True;" % (c.org, c.db, c.user, s),
    lambda s, c: "Data Source=%s;Initial Catalog=%s;uid=%s;pwd=%s;" % (c.host, c.db, c.user, s),
    lambda s, c: "var cs = \"Server=%s;Database=%s;User Id=%s;Password=%s;\";" % (c.host, c.db, c.user, s),
])
T(G, "npgsql-connection", lambda c: pw(), [
    lambda s, c: "Host=%s;Username=%s;Password=%s;Database=%s;SSL Mode=Require" % (c.host, c.user, s, c.db),
])
T(G, "odbc-connection", lambda c: pw(), [
    lambda s, c: "Driver={ODBC Driver 18 for SQL Server};Server=%s;Database=%s;Uid=%s;Pwd=%s;" % (c.host, c.db, c.user, s),
    lambda s, c: "conn = pyodbc.connect('DRIVER={PostgreSQL Unicode};SERVER=%s;DATABASE=%s;UID=%s;PWD=%s')" % (c.host, c.db, c.user, s),
])
T(G, "libpq-keyword-dsn", lambda c: pw_plain(), [
    lambda s, c: "host=%s port=5432 dbname=%s user=%s password=%s sslmode=verify-full" % (c.host, c.db, c.user, s),
    lambda s, c: "psql \"host=%s dbname=%s user=%s password=%s\"" % (c.host, c.db, c.user, s),
    lambda s, c: "conn = psycopg2.connect(\"dbname=%s user=%s password=%s host=%s\")" % (c.db, c.user, s, c.host),
])
T(G, "go-mysql-dsn", lambda c: pw_plain(), [
    lambda s, c: "dsn := \"%s:%s@tcp(%s:3306)/%s?parseTime=true\"" % (c.user, s, c.host, c.db),
    lambda s, c: "MYSQL_DSN=%s:%s@tcp(%s)/%s" % (c.user, s, c.host, c.db),
], ruleless=True)
T(G, "oracle-ezconnect", lambda c: pw_plain(), [
    lambda s, c: "sqlplus %s/%s@//%s:1521/ORCL" % (c.user, s, c.host),
    lambda s, c: "expdp system/%s@XEPDB1 schemas=HR directory=DATA_PUMP_DIR" % s,
], ruleless=True)
T(G, "azure-storage-connection", lambda c: b64(64), [
    lambda s, c: "DefaultEndpointsProtocol=https;AccountName=%sstore;AccountKey=%s;EndpointSuffix=core.windows.net" % (c.org.replace("-", ""), s),
    lambda s, c: "AZURE_STORAGE_CONNECTION_STRING=\"DefaultEndpointsProtocol=https;AccountName=st%s;AccountKey=%s\"" % (la(8), s),
    lambda s, c: "az storage blob upload --account-name st%s --account-key %s -c backups -f db.bak" % (la(8), s),
])
T(G, "azure-servicebus-connection", lambda c: b64(32), [
    lambda s, c: "Endpoint=sb://%s-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=%s" % (c.org, s),
])
T(G, "azure-eventhub-connection", lambda c: b64(32), [
    lambda s, c: "EVENTHUB_CONN=\"Endpoint=sb://%s.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=%s;EntityPath=telemetry\"" % (c.org, s),
])
T(G, "azure-signalr-connection", lambda c: b64(32), [
    lambda s, c: "Endpoint=https://%s.service.signalr.net;AccessKey=%s;Version=1.0;" % (c.org, s),
], ruleless=True)
T(G, "azure-appconfig-connection", lambda c: b64(32), [
    lambda s, c: "Endpoint=https://%s-cfg.azconfig.io;Id=%s;Secret=%s" % (c.org, an(4) + "-l0-s0:" + an(20), s),
], ruleless=True)
T(G, "azure-cosmos-connection", lambda c: b64(64), [
    lambda s, c: "AccountEndpoint=https://%s-cosmos.documents.azure.com:443/;AccountKey=%s;" % (c.org, s),
])
T(G, "azure-iothub-connection", lambda c: b64(32), [
    lambda s, c: "HostName=%s-hub.azure-devices.net;DeviceId=sensor-%s;SharedAccessKey=%s" % (c.org, dg(3), s),
], ruleless=True)
T(G, "azure-sas-url", lambda c: qurl(b64(32)), [
    lambda s, c: "https://st%s.blob.core.windows.net/backups/db.bak?sv=2022-11-02&ss=b&srt=o&sp=rw&se=2026-01-01T00:00:00Z&spr=https&sig=%s" % (la(8), s),
    lambda s, c: "azcopy copy ./dist 'https://st%s.blob.core.windows.net/$web?sp=racwdl&st=2025-03-01&se=2025-12-31&sv=2022-11-02&sr=c&sig=%s' --recursive" % (la(8), s),
])
T(G, "clickhouse-url", upw, [
    lambda s, c: "clickhouse://%s:%s@%s:9440/%s?secure=true" % (c.user, s, c.host, c.db),
], ruleless=True)
T(G, "snowflake-sqlalchemy-url", upw, [
    lambda s, c: "snowflake://%s:%s@xy12345.eu-west-1/%s/PUBLIC?warehouse=COMPUTE_WH" % (c.user, s, c.db.upper()),
], ruleless=True)
T(G, "elasticsearch-url", upw, [
    lambda s, c: "ELASTICSEARCH_URL=https://elastic:%s@%s.es.%s.aws.found.io:9243" % (s, c.org, c.region),
    lambda s, c: "curl -k https://elastic:%s@localhost:9200/_cluster/health" % s,
])
T(G, "opensearch-url", upw, [
    lambda s, c: "OPENSEARCH_HOSTS=https://admin:%s@search-%s-%s.%s.es.amazonaws.com" % (s, c.app, la(26), c.region),
], ruleless=True)
T(G, "couchdb-url", upw, [
    lambda s, c: "COUCHDB_URL=http://admin:%s@couchdb.%s:5984" % (s, c.ns),
], ruleless=True)
T(G, "influxdb-url", upw, [
    lambda s, c: "influx -host %s -username admin -password %s" % (c.host, s) if False else "http://admin:%s@influx.%s:8086/query?db=telegraf" % (s, c.domain),
], ruleless=True)
T(G, "neo4j-url", upw, [
    lambda s, c: "NEO4J_URI=neo4j+s://neo4j:%s@%s.databases.neo4j.io" % (s, la(8)),
], ruleless=True)
T(G, "cassandra-cqlsh-creds", lambda c: pw(), [
    lambda s, c: "cqlsh %s 9042 -u cassandra -p '%s'" % (c.host, s),
], ruleless=True)
T(G, "http-proxy-userinfo", upw, [
    lambda s, c: "export HTTPS_PROXY=http://%s:%s@proxy.corp.%s:3128" % (c.user, s, c.domain),
    lambda s, c: "git config --global http.proxy http://%s:%s@10.10.1.1:8080" % (c.user, s),
    lambda s, c: "Acquire::http::Proxy \"http://%s:%s@proxy.%s:3128/\";" % (c.user, s, c.domain),
], vis=U)
T(G, "socks5-proxy-userinfo", upw, [
    lambda s, c: "ALL_PROXY=socks5h://%s:%s@%s:1080" % (c.user, s, c.ip),
], ruleless=True)
T(G, "rtsp-camera-url", lambda c: qurl(pw_human()), [
    lambda s, c: "ffmpeg -i rtsp://admin:%s@192.168.1.%d:554/Streaming/Channels/101 -c copy out.mp4" % (s, R.randint(2, 250)),
    lambda s, c: "camera_url: rtsp://viewer:%s@cam-lobby.local/stream1" % s,
], ruleless=True)
T(G, "ldap-bind-url", upw, [
    lambda s, c: "ldaps://cn=admin,dc=%s,dc=com:%s@ldap.%s:636" % (c.org.replace("-", ""), s, c.domain),
], ruleless=True)
T(G, "webdav-url", upw, [
    lambda s, c: "davs://%s:%s@cloud.%s/remote.php/webdav/" % (c.first, s, c.domain),
], ruleless=True)
T(G, "docker-registry-url-userinfo", upw, [
    lambda s, c: "image: https://%s:%s@registry.%s/v2/%s/manifests/latest" % (c.user, s, c.domain, c.app),
], ruleless=True)
T(G, "s3-url-with-keys", lambda c: qurl(rs(B64A, 40)), [
    lambda s, c: "s3://AKIA%s:%s@%s/exports/" % (ua(16), s, c.bucket),
], ruleless=True)
T(G, "cloudinary-url", lambda c: rs(B64U, 27), [
    lambda s, c: "CLOUDINARY_URL=cloudinary://%s:%s@%s" % (dg(15), s, c.org),
])
T(G, "sentry-dsn", lambda c: hx(32), [
    lambda s, c: "SENTRY_DSN=https://%s@o%s.ingest.sentry.io/%s" % (s, dg(6), dg(7)),
    lambda s, c: "Sentry.init({ dsn: \"https://%s@o%s.ingest.us.sentry.io/%s\", tracesSampleRate: 0.2 });" % (s, dg(6), dg(7)),
    lambda s, c: "sentry_sdk.init(dsn='https://%s@sentry.%s/%d')" % (s, c.domain, R.randint(2, 40)),
])
T(G, "bonsai-url", lambda c: la(10), [
    lambda s, c: "BONSAI_URL=https://%s:%s@%s-%s.us-east-1.bonsaisearch.net:443" % (la(10), s, c.app, la(8)),
], ruleless=True)
T(G, "rabbitmq-management-url", upw, [
    lambda s, c: "curl -s http://%s:%s@rabbitmq.%s:15672/api/queues | jq '.[].messages'" % (c.user, s, c.ns),
])
T(G, "memcached-sasl-url", upw, [
    lambda s, c: "MEMCACHIER_SERVERS=mc1.dev.eu.ec2.memcachier.com:11211\nMEMCACHE_URL=memcached://%s:%s@mc1.dev.eu.ec2.memcachier.com:11211" % (ua(6), s),
], ruleless=True)
T(G, "trino-url", upw, [
    lambda s, c: "trino://%s:%s@trino.%s:443/hive/default" % (c.user, s, c.domain),
], ruleless=True)
T(G, "sqlalchemy-mssql-url", upw, [
    lambda s, c: "mssql+pyodbc://%s:%s@%s/%s?driver=ODBC+Driver+18+for+SQL+Server" % (c.user, s, c.host, c.db),
], ruleless=True)
T(G, "vnc-url", lambda c: pw_plain()[:8] if False else rs(ALNUM, 8), [
    lambda s, c: "vnc://:%s@%s:5901" % (s, c.ip),
], ruleless=True)
T(G, "svn-url-userinfo", upw, [
    lambda s, c: "svn checkout https://%s:%s@svn.%s/repos/legacy/trunk" % (c.user, s, c.domain),
], ruleless=True)
T(G, "sip-uri-password", upw, [
    lambda s, c: "sip:%s:%s@pbx.%s;transport=tls" % (dg(4), s, c.domain),
], ruleless=True)
T(G, "mssql-go-url", upw, [
    lambda s, c: "sqlserver://sa:%s@%s:1433?database=%s" % (s, c.host, c.db),
], ruleless=True)


# ================================================================ CLI arguments
G = "cli-argument"
T(G, "mysql-p-attached", lambda c: pw_plain(), [
    lambda s, c: "mysql -h %s -u%s -p%s %s" % (c.host, c.user, s, c.db),
    lambda s, c: "mysqldump -uroot -p%s --single-transaction %s > dump.sql" % (s, c.db),
    lambda s, c: "mysql -u %s -p'%s' -e 'SHOW PROCESSLIST'" % (c.user, s),
], vis=U)
T(G, "mysql-password-eq", lambda c: pw(), [
    lambda s, c: "mysql --host=%s --user=%s --password='%s' %s < migrate.sql" % (c.host, c.user, s, c.db),
    lambda s, c: "mysqladmin -u root --password=\"%s\" status" % s,
], vis=U)
T(G, "pgpassword-env-prefix", lambda c: pw(), [
    lambda s, c: "PGPASSWORD='%s' psql -h %s -U %s -d %s -c 'select 1'" % (s, c.host, c.user, c.db),
    lambda s, c: "PGPASSWORD=%s pg_dump -h %s -U %s %s | gzip > %s.sql.gz" % (qurl(s), c.host, c.user, c.db, c.db),
    lambda s, c: "env PGPASSWORD=\"%s\" pg_restore -h %s -U %s -d %s latest.dump" % (s, c.host, c.user, c.db),
])
T(G, "mongosh-u-p", lambda c: pw(), [
    lambda s, c: "mongosh --host %s -u %s -p '%s' --authenticationDatabase admin" % (c.host, c.user, s),
    lambda s, c: "mongodump --username=%s --password=\"%s\" --db=%s --out=/backup" % (c.user, s, c.db),
], vis=U)
T(G, "redis-cli-a", lambda c: pw_random(R.randint(16, 40), sym=""), [
    lambda s, c: "redis-cli -h %s -p 6379 -a %s INFO replication" % (c.host, s),
    lambda s, c: "redis-cli --pass '%s' --no-auth-warning FLUSHDB" % s,
    lambda s, c: "REDISCLI_AUTH=%s redis-cli -h %s keys 'session:*'" % (s, c.host),
])
T(G, "sqlcmd-P", lambda c: pw(), [
    lambda s, c: "sqlcmd -S %s -U sa -P '%s' -Q \"SELECT @@VERSION\"" % (c.host, s),
    lambda s, c: "sqlcmd -S tcp:%s,1433 -d %s -U %s -P %s -i seed.sql" % (c.host, c.db, c.user, s),
], ruleless=True)
T(G, "bcp-P", lambda c: pw_plain(), [
    lambda s, c: "bcp %s.dbo.Orders out orders.dat -S %s -U %s -P %s -n" % (c.db, c.host, c.user, s),
], ruleless=True)
T(G, "sqlplus-user-slash-pass", lambda c: pw_plain(), [
    lambda s, c: "sqlplus -s %s/%s@PRODDB @report.sql" % (c.user, s),
], ruleless=True)
T(G, "docker-login-p", lambda c: pw(), [
    lambda s, c: "docker login -u %s -p '%s' registry.%s" % (c.user, s, c.domain),
    lambda s, c: "docker login registry.gitlab.com --username %s --password %s" % (c.user, qurl(s)),
], vis=U)
T(G, "podman-login-p", lambda c: pw(), [
    lambda s, c: "podman login quay.io -u %s+robot -p '%s'" % (c.org, s),
], ruleless=True)
T(G, "skopeo-creds", lambda c: pw_plain(), [
    lambda s, c: "skopeo copy --dest-creds %s:%s docker://alpine:3.20 docker://registry.%s/mirror/alpine:3.20" % (c.user, s, c.domain),
    lambda s, c: "skopeo inspect --creds=%s:%s docker://ghcr.io/%s:latest" % (c.user, s, c.repo),
], ruleless=True)
T(G, "crane-oras-login", lambda c: pw_plain(), [
    lambda s, c: "crane auth login registry.%s -u %s -p %s" % (c.domain, c.user, s),
    lambda s, c: "oras login -u %s -p '%s' %s.azurecr.io" % (c.user, s, c.org.replace("-", "")),
], ruleless=True)
T(G, "helm-repo-password", lambda c: pw(), [
    lambda s, c: "helm repo add internal https://charts.%s --username %s --password '%s'" % (c.domain, c.user, s),
    lambda s, c: "helm registry login registry.%s -u %s -p %s" % (c.domain, c.user, qurl(s)),
])
T(G, "helm-set-password", lambda c: pw_plain(), [
    lambda s, c: "helm install pg bitnami/postgresql --set auth.postgresPassword=%s --set auth.database=%s" % (s, c.db),
    lambda s, c: "helm upgrade --install redis bitnami/redis -n %s --set-string auth.password='%s'" % (c.ns, s),
    lambda s, c: "helm upgrade gitlab gitlab/gitlab --set global.initialRootPassword.secret=x --set postgresql.postgresqlPassword=%s" % s,
])
T(G, "az-sp-login", lambda c: an(3) + "8Q~" + rs(ALNUM + "-_.~", 31), [
    lambda s, c: "az login --service-principal --username %s --password %s --tenant %s" % (uuid(), s, c.tenant),
])
T(G, "az-keyvault-secret-set", lambda c: pw(), [
    lambda s, c: "az keyvault secret set --vault-name kv-%s --name db-password --value '%s'" % (c.app, s),
    lambda s, c: "az keyvault secret set -n sql-admin --vault-name kv-core-prod --value %s" % qurl(s),
], ruleless=True)
T(G, "az-webapp-appsettings", lambda c: pw_plain(), [
    lambda s, c: "az webapp config appsettings set -g rg-%s -n app-%s --settings DB_PASSWORD=%s ASPNETCORE_ENVIRONMENT=Production" % (c.app, c.app, s),
    lambda s, c: "az functionapp config appsettings set --name fn-%s --resource-group rg --settings \"ApiSecret=%s\"" % (c.app, s),
], ruleless=True)
T(G, "az-sql-admin-password", lambda c: pw(), [
    lambda s, c: "az sql server create -n sql-%s -g rg-data -l westeurope --admin-user sqladmin --admin-password '%s'" % (c.app, s),
    lambda s, c: "az postgres flexible-server create --name pg-%s --admin-user %s --admin-password %s" % (c.app, c.user, qurl(s)),
], ruleless=True)
T(G, "az-vm-admin-password", lambda c: pw(), [
    lambda s, c: "az vm create -g rg-lab -n win-01 --image Win2022Datacenter --admin-username azureuser --admin-password '%s'" % s,
], ruleless=True)
T(G, "az-pipelines-secret-variable", lambda c: pw_plain(), [
    lambda s, c: "az pipelines variable create --name DEPLOY_KEY --secret true --value %s --pipeline-name web-ci" % s,
    lambda s, c: "az pipelines variable-group variable create --group-id 12 --name NpmToken --secret true --value %s" % s,
], ruleless=True)
T(G, "aws-configure-set-secret", lambda c: rs(B64A, 40), [
    lambda s, c: "aws configure set aws_secret_access_key %s --profile %s" % (s, c.app),
    lambda s, c: "aws configure set profile.ci.aws_secret_access_key '%s'" % s,
])
T(G, "aws-secretsmanager-secret-string", lambda c: pw(), [
    lambda s, c: "aws secretsmanager create-secret --name prod/%s/db --secret-string '{\"username\":\"%s\",\"password\":\"%s\"}'" % (c.app, c.user, s),
    lambda s, c: "aws secretsmanager put-secret-value --secret-id %s-api-key --secret-string %s" % (c.app, qurl(s)),
], ruleless=True)
T(G, "aws-ssm-put-parameter", lambda c: pw(), [
    lambda s, c: "aws ssm put-parameter --name '/%s/prod/DB_PASSWORD' --value '%s' --type SecureString" % (c.app, s),
    lambda s, c: "aws ssm put-parameter --overwrite --type SecureString --name /shared/smtp/password --value %s" % qurl(s),
], ruleless=True)
T(G, "aws-rds-master-password", lambda c: pw_plain(), [
    lambda s, c: "aws rds create-db-instance --db-instance-identifier %s-db --engine postgres --master-username postgres --master-user-password %s --db-instance-class db.t4g.medium" % (c.app, s),
    lambda s, c: "aws rds modify-db-instance --db-instance-identifier %s --master-user-password '%s' --apply-immediately" % (c.db, s),
], ruleless=True)
T(G, "aws-lambda-env-variables", lambda c: pw_plain(), [
    lambda s, c: "aws lambda update-function-configuration --function-name %s --environment \"Variables={DB_PASS=%s,STAGE=prod}\"" % (c.app, s),
], ruleless=True)
T(G, "gcloud-secrets-stdin", lambda c: pw(), [
    lambda s, c: "echo -n '%s' | gcloud secrets create %s-db-pass --data-file=-" % (s, c.app),
    lambda s, c: "printf '%%s' \"%s\" | gcloud secrets versions add smtp-password --data-file=-" % s,
], ruleless=True)
T(G, "gcloud-run-set-env", lambda c: pw_plain(), [
    lambda s, c: "gcloud run deploy %s --image gcr.io/%s/%s --set-env-vars DB_PASSWORD=%s,ENV=prod" % (c.app, c.org, c.app, s),
    lambda s, c: "gcloud functions deploy hook --runtime python312 --set-env-vars API_SECRET=%s" % s,
], ruleless=True)
T(G, "gcloud-sql-set-password", lambda c: pw(), [
    lambda s, c: "gcloud sql users set-password %s --instance=%s-pg --password='%s'" % (c.user, c.app, s),
], ruleless=True)
T(G, "kubectl-from-literal", lambda c: pw(), [
    lambda s, c: "kubectl create secret generic db-creds --from-literal=username=%s --from-literal=password='%s'" % (c.user, s),
    lambda s, c: "kubectl -n %s create secret generic %s-env --from-literal=API_SECRET=%s --dry-run=client -o yaml" % (c.ns, c.app, qurl(s)),
])
T(G, "kubectl-docker-registry-secret", lambda c: pw(), [
    lambda s, c: "kubectl create secret docker-registry regcred --docker-server=registry.%s --docker-username=%s --docker-password='%s'" % (c.domain, c.user, s),
])
T(G, "kubectl-set-env", lambda c: pw_plain(), [
    lambda s, c: "kubectl set env deployment/%s DB_PASSWORD=%s -n %s" % (c.app, s, c.ns),
], ruleless=True)
T(G, "vault-kv-put", lambda c: pw(), [
    lambda s, c: "vault kv put secret/%s/db username=%s password='%s'" % (c.app, c.user, s),
    lambda s, c: "vault kv put -mount=kv payments/stripe api_key=%s" % s,
])
T(G, "vault-approle-secret-id", lambda c: uuid(), [
    lambda s, c: "vault write auth/approle/login role_id=%s secret_id=%s" % (uuid(), s),
    lambda s, c: "VAULT_SECRET_ID=%s vault-agent -config=/etc/vault/agent.hcl" % s,
], ruleless=True)
T(G, "openssl-pass-arg", lambda c: pw_plain(), [
    lambda s, c: "openssl enc -aes-256-cbc -salt -pbkdf2 -in backup.tar -out backup.tar.enc -pass pass:%s" % s,
    lambda s, c: "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:%s" % s,
    lambda s, c: "openssl rsa -in server.key -passin 'pass:%s' -out server.nopass.key" % s,
])
T(G, "keytool-storepass", lambda c: pw_plain(), [
    lambda s, c: "keytool -importcert -alias rootca -file ca.crt -keystore truststore.jks -storepass %s -noprompt" % s,
    lambda s, c: "keytool -genkeypair -alias app -keyalg RSA -keystore app.p12 -storetype PKCS12 -storepass '%s' -keypass '%s'" % (s, s),
], ruleless=True)
T(G, "curl-u-userpass", lambda c: pw(), [
    lambda s, c: "curl -u %s:'%s' https://api.%s/v2/export" % (c.user, s, c.domain),
    lambda s, c: "curl --user \"%s:%s\" -X POST https://nexus.%s/service/rest/v1/components?repository=raw" % (c.user, s, c.domain),
    lambda s, c: "curl -su admin:%s http://localhost:15672/api/overview" % qurl(s),
], vis=U)
T(G, "wget-password", lambda c: pw(), [
    lambda s, c: "wget --user=%s --password='%s' https://downloads.%s/release.tgz" % (c.user, s, c.domain),
    lambda s, c: "wget --http-user=%s --http-password=%s https://repo.%s/artifacts/app.jar" % (c.user, qurl(s), c.domain),
], vis=U)
T(G, "httpie-auth", lambda c: pw_plain(), [
    lambda s, c: "http -a %s:%s POST https://api.%s/v1/jobs name=reindex" % (c.user, s, c.domain),
], ruleless=True)
T(G, "sshpass-p", lambda c: pw(), [
    lambda s, c: "sshpass -p '%s' ssh -o StrictHostKeyChecking=no %s@%s uptime" % (s, c.user, c.ip),
    lambda s, c: "sshpass -p%s scp dump.sql %s@%s:/tmp/" % (qurl(s), c.user, c.ip),
], ruleless=True)
T(G, "smbclient-user-percent", lambda c: pw_plain(), [
    lambda s, c: "smbclient //fs01/share -U 'CORP\\%s%%%s' -c 'ls'" % (c.user, s),
    lambda s, c: "smbclient -L //%s -U %s%%%s" % (c.ip, c.user, s),
], ruleless=True)
T(G, "mount-cifs-password", lambda c: pw_plain(), [
    lambda s, c: "sudo mount -t cifs //nas/media /mnt/media -o username=%s,password=%s,vers=3.0" % (c.user, s),
], ruleless=True)
T(G, "net-use-positional", lambda c: pw_human(), [
    lambda s, c: "net use Z: \\\\fs01\\projects /user:CORP\\%s %s /persistent:no" % (c.user, s),
    lambda s, c: "net use \\\\%s\\c$ %s /user:Administrator" % (c.ip, s),
], ruleless=True)
T(G, "cmdkey-pass", lambda c: pw_human(), [
    lambda s, c: "cmdkey /add:TERMSRV/%s /user:CORP\\%s /pass:%s" % (c.ip, c.user, s),
    lambda s, c: "cmdkey /generic:git:https://dev.azure.com /user:%s /pass:%s" % (c.email, s),
], ruleless=True)
T(G, "schtasks-rp", lambda c: pw_human(), [
    lambda s, c: "schtasks /Create /TN \"Nightly Backup\" /TR C:\\scripts\\backup.bat /SC DAILY /ST 02:00 /RU CORP\\svc_backup /RP %s" % s,
], ruleless=True)
T(G, "psexec-p", lambda c: pw_human(), [
    lambda s, c: "psexec \\\\%s -u CORP\\%s -p %s -h cmd /c ipconfig" % (c.ip, c.user, s),
], ruleless=True)
T(G, "runas-savecred-sc-password", lambda c: pw_human(), [
    lambda s, c: "sc.exe config AcmeAgent obj= \"CORP\\svc_agent\" password= \"%s\"" % s,
], ruleless=True)
T(G, "wmic-password", lambda c: pw_human(), [
    lambda s, c: "wmic /node:%s /user:administrator /password:%s process list brief" % (c.ip, s),
], ruleless=True)
T(G, "xfreerdp-p", lambda c: pw_human(), [
    lambda s, c: "xfreerdp /v:%s /u:Administrator /p:%s /cert:ignore" % (c.ip, s),
    lambda s, c: "xfreerdp /u:%s /d:CORP /p:'%s' /v:jump01.corp.local +clipboard" % (c.user, s),
], ruleless=True)
T(G, "msbuild-msdeploy-password", lambda c: pw(), [
    lambda s, c: "msbuild Web.csproj /p:DeployOnBuild=true /p:PublishProfile=Prod /p:UserName=$%s /p:Password=%s" % (c.app, s),
    lambda s, c: "msdeploy -verb:sync -source:package=app.zip -dest:auto,computerName=https://%s:8172/msdeploy.axd,userName=deploy,password=%s,authType=Basic" % (c.ip, s),
], ruleless=True)
T(G, "powershell-convertto-securestring", lambda c: pw(), [
    lambda s, c: "$secpw = ConvertTo-SecureString '%s' -AsPlainText -Force" % s,
    lambda s, c: "$cred = New-Object System.Management.Automation.PSCredential ('CORP\\%s', (ConvertTo-SecureString \"%s\" -AsPlainText -Force))" % (c.user, s),
    lambda s, c: "New-LocalUser -Name svc_%s -Password (ConvertTo-SecureString -String '%s' -AsPlainText -Force)" % (c.app.replace("-", ""), s),
], ruleless=True)
T(G, "powershell-password-param", lambda c: pw(), [
    lambda s, c: "Invoke-Sqlcmd -ServerInstance %s -Database %s -Username %s -Password '%s' -Query 'SELECT 1'" % (c.host, c.db, c.user, s),
    lambda s, c: ".\\deploy.ps1 -Environment Prod -Password \"%s\"" % s,
    lambda s, c: "Connect-VIServer -Server vcenter.corp.local -User administrator@vsphere.local -Password '%s'" % s,
], ruleless=True)
T(G, "powershell-set-adaccountpassword", lambda c: pw_human(), [
    lambda s, c: "Set-ADAccountPassword -Identity %s -Reset -NewPassword (ConvertTo-SecureString -AsPlainText '%s' -Force)" % (c.user, s),
], ruleless=True)
T(G, "powershell-env-secret", lambda c: pw(), [
    lambda s, c: "[Environment]::SetEnvironmentVariable('SQL_PASSWORD', '%s', 'Machine')" % s,
    lambda s, c: "$env:ConnectionStrings__Default = \"Server=%s;Database=%s;User Id=%s;Password=%s\"" % (c.host, c.db, c.user, s),
], ruleless=True)
T(G, "dotnet-user-secrets-set", lambda c: pw(), [
    lambda s, c: "dotnet user-secrets set \"Smtp:Password\" \"%s\"" % s,
    lambda s, c: "dotnet user-secrets set ConnectionStrings:Db \"Server=.;Database=%s;User Id=sa;Password=%s\" --project src/Api" % (c.db, s),
], ruleless=True)
T(G, "dotnet-nuget-add-source-password", lambda c: rs(B32L, 52), [
    lambda s, c: "dotnet nuget add source https://pkgs.dev.azure.com/%s/_packaging/feed/nuget/v3/index.json -n feed -u az --password %s --store-password-in-clear-text" % (c.org, s),
], ruleless=True)
T(G, "nuget-setapikey-positional", lambda c: "oy2" + la(43), [
    lambda s, c: "nuget setapikey %s -Source https://api.nuget.org/v3/index.json" % s,
    lambda s, c: "nuget push Acme.Core.1.4.2.nupkg -ApiKey %s -Source nuget.org" % s,
])
T(G, "npm-config-set-authtoken", lambda c: "np" + "m_" + an(36), [
    lambda s, c: "npm config set //registry.npmjs.org/:_authToken=%s" % s,
    lambda s, c: "pnpm config set '//npm.pkg.github.com/:_authToken' '%s'" % s,
])
T(G, "twine-upload-p", lambda c: pw(), [
    lambda s, c: "twine upload --repository-url https://pypi.%s/ -u %s -p '%s' dist/*" % (c.domain, c.user, s),
], ruleless=True)
T(G, "composer-http-basic-positional", lambda c: pw_plain(), [
    lambda s, c: "composer config --global http-basic.repo.%s %s %s" % (c.domain, c.user, s),
    lambda s, c: "composer config http-basic.nova.laravel.com %s %s" % (c.email, s),
], ruleless=True)
T(G, "gradle-mvn-d-password", lambda c: pw_plain(), [
    lambda s, c: "./gradlew publish -PmavenUser=%s -PmavenPassword=%s" % (c.user, s),
    lambda s, c: "mvn deploy -DaltDeploymentRepository=nexus::default::https://nexus.%s/repository/releases -Dnexus.password=%s" % (c.domain, s),
    lambda s, c: "java -Dspring.datasource.password=%s -jar app.jar --spring.profiles.active=prod" % s,
])
T(G, "docker-run-e-password", lambda c: pw_plain(), [
    lambda s, c: "docker run -d --name pg -e POSTGRES_PASSWORD=%s -p 5432:5432 postgres:16" % s,
    lambda s, c: "docker run -e MYSQL_ROOT_PASSWORD='%s' -e MYSQL_DATABASE=%s mysql:8.4" % (s, c.db),
    lambda s, c: "docker run -e 'ACCEPT_EULA=Y' -e 'MSSQL_SA_PASSWORD=%s' -p 1433:1433 mcr.microsoft.com/mssql/server:2022-latest" % s,
])
T(G, "terraform-var-password", lambda c: pw(), [
    lambda s, c: "terraform apply -var 'db_password=%s' -var env=prod" % s,
    lambda s, c: "TF_VAR_admin_password='%s' terraform plan -out tf.plan" % s,
], ruleless=True)
T(G, "ansible-extra-vars-password", lambda c: pw(), [
    lambda s, c: "ansible-playbook site.yml -i inventories/prod --extra-vars \"ansible_become_pass=%s\"" % s,
    lambda s, c: "ansible all -m ping -e 'ansible_password=%s ansible_user=%s'" % (s, c.user),
])
T(G, "gh-secret-set-body", lambda c: pw(), [
    lambda s, c: "gh secret set DB_PASSWORD --body '%s' --env production" % s,
    lambda s, c: "gh secret set SMTP_PASS -b\"%s\" -R %s" % (s, c.repo),
], ruleless=True)
T(G, "glab-variable-set", lambda c: pw_plain(), [
    lambda s, c: "glab variable set DEPLOY_PASSWORD '%s' --masked --protected" % s,
], ruleless=True)
T(G, "heroku-fly-set-password", lambda c: pw_plain(), [
    lambda s, c: "heroku config:set SMTP_PASSWORD=%s -a %s" % (s, c.app),
    lambda s, c: "fly secrets set DATABASE_PASSWORD='%s' --app %s" % (s, c.app),
    lambda s, c: "railway variables --set ADMIN_PASSWORD=%s" % s,
], ruleless=True)
T(G, "firebase-functions-config-set", lambda c: SKL + an(24), [
    lambda s, c: "firebase functions:config:set stripe.secret=\"%s\" stripe.mode=live" % s,
])
T(G, "supabase-secrets-set", lambda c: pw_plain(), [
    lambda s, c: "supabase secrets set SMTP_PASS=%s --project-ref %s" % (s, la(20)),
], ruleless=True)
T(G, "eb-setenv", lambda c: pw_plain(), [
    lambda s, c: "eb setenv RDS_PASSWORD=%s SECRET_KEY_BASE=%s" % (s, hx(24)),
], ruleless=True)
T(G, "consul-etcd-password", lambda c: pw_plain(), [
    lambda s, c: "etcdctl --user root --password %s get /config/app" % s,
    lambda s, c: "etcdctl --user=root:%s member list" % s,
], ruleless=True)
T(G, "rabbitmqctl-add-user-positional", lambda c: pw_plain(), [
    lambda s, c: "rabbitmqctl add_user %s %s && rabbitmqctl set_user_tags %s administrator" % (c.user, s, c.user),
    lambda s, c: "rabbitmqctl change_password guest %s" % s,
], ruleless=True)
T(G, "sql-alter-user-password", lambda c: pw(), [
    lambda s, c: "ALTER USER %s WITH PASSWORD '%s';" % (c.user, s),
    lambda s, c: "psql -c \"ALTER ROLE %s PASSWORD '%s'\"" % (c.user, s),
    lambda s, c: "CREATE USER %s WITH LOGIN PASSWORD '%s' VALID UNTIL 'infinity';" % (c.user, s),
])
T(G, "mysql-identified-by", lambda c: pw(), [
    lambda s, c: "CREATE USER '%s'@'%%' IDENTIFIED BY '%s';" % (c.user, s),
    lambda s, c: "mysql -e \"ALTER USER 'root'@'localhost' IDENTIFIED WITH mysql_native_password BY '%s'; FLUSH PRIVILEGES;\"" % s,
])
T(G, "mssql-create-login", lambda c: pw(), [
    lambda s, c: "CREATE LOGIN %s WITH PASSWORD = '%s', CHECK_POLICY = OFF;" % (c.user, s),
], ruleless=True)
T(G, "mongo-createuser-pwd", lambda c: pw(), [
    lambda s, c: "db.createUser({ user: \"%s\", pwd: \"%s\", roles: [{ role: \"readWrite\", db: \"%s\" }] })" % (c.user, s, c.db),
], ruleless=True)
T(G, "htpasswd-b-positional", lambda c: pw_plain(), [
    lambda s, c: "htpasswd -b /etc/nginx/.htpasswd %s %s" % (c.user, s),
    lambda s, c: "htpasswd -Bbc auth/htpasswd %s '%s'" % (c.user, s),
], ruleless=True)
T(G, "chpasswd-echo", lambda c: pw(), [
    lambda s, c: "echo '%s:%s' | sudo chpasswd" % (c.user, s),
    lambda s, c: "echo \"%s\" | passwd --stdin %s" % (s, c.user),
], ruleless=True)
T(G, "useradd-p-hash", lambda c: "$6$" + rs(ALNUM + "./", 16) + "$" + rs(ALNUM + "./", 86), [
    lambda s, c: "useradd -m -p '%s' -s /bin/bash %s" % (s, c.user),
], ruleless=True)
T(G, "ldapsearch-w", lambda c: pw(), [
    lambda s, c: "ldapsearch -x -H ldaps://ldap.%s -D 'cn=admin,dc=corp,dc=local' -w '%s' -b 'ou=people,dc=corp,dc=local'" % (c.domain, s),
    lambda s, c: "ldapmodify -x -D cn=admin,dc=acme,dc=io -w %s -f change.ldif" % qurl(s),
], ruleless=True)
T(G, "mosquitto-P", lambda c: pw_plain(), [
    lambda s, c: "mosquitto_pub -h broker.%s -p 8883 -u %s -P %s -t sensors/temp -m 21.5" % (c.domain, c.user, s),
], ruleless=True)
T(G, "clickhouse-client-password", lambda c: pw_plain(), [
    lambda s, c: "clickhouse-client --host %s --user %s --password %s --secure --query 'SELECT count() FROM events'" % (c.host, c.user, s),
], ruleless=True)
T(G, "neo4j-admin-initial-password", lambda c: pw_plain(), [
    lambda s, c: "neo4j-admin dbms set-initial-password %s" % s,
], ruleless=True)
T(G, "jupyter-token-arg", lambda c: hx(48), [
    lambda s, c: "jupyter lab --ip=0.0.0.0 --port=8888 --no-browser --IdentityProvider.token=%s" % s,
    lambda s, c: "    http://127.0.0.1:8888/lab?token=%s" % s,
], ruleless=True)
T(G, "x11vnc-passwd", lambda c: pw_plain(), [
    lambda s, c: "x11vnc -display :0 -passwd %s -forever -shared" % s,
], ruleless=True)
T(G, "gpg-passphrase-arg", lambda c: pw_phrase(" ") if R.random() < 0.3 else pw_plain(), [
    lambda s, c: "gpg --batch --yes --pinentry-mode loopback --passphrase '%s' -d secrets.tar.gpg" % s,
    lambda s, c: "echo '%s' | gpg --batch --passphrase-fd 0 --symmetric db.sql" % s,
], ruleless=True)
T(G, "archive-password-arg", lambda c: pw_plain(), [
    lambda s, c: "7z a -p%s -mhe=on backup.7z ./exports" % s,
    lambda s, c: "zip -P %s -r customers.zip export/" % s,
    lambda s, c: "unzip -P '%s' invoices-2024.zip" % s,
], ruleless=True)
T(G, "borg-restic-passphrase-env", lambda c: pw_phrase(pick(["-", " "])), [
    lambda s, c: "BORG_PASSPHRASE='%s' borg create ::'{hostname}-{now}' /srv" % s,
    lambda s, c: "RESTIC_PASSWORD=\"%s\" restic -r s3:s3.amazonaws.com/%s backup /var/lib/app" % (s, c.bucket),
], ruleless=True)
T(G, "lftp-u-comma", lambda c: pw_plain(), [
    lambda s, c: "lftp -u %s,%s sftp://%s -e 'mirror -R ./site /var/www; quit'" % (c.user, s, c.ip),
], ruleless=True)
T(G, "pscp-plink-pw", lambda c: pw_human(), [
    lambda s, c: "pscp -pw %s -batch build.zip %s@%s:/opt/app/" % (s, c.user, c.ip),
    lambda s, c: "plink -ssh %s@%s -pw %s -batch \"systemctl restart app\"" % (c.user, c.ip, s),
], ruleless=True)
T(G, "winscp-open-password", lambda c: qurl(pw()), [
    lambda s, c: "winscp.com /command \"open sftp://%s:%s@%s/ -hostkey=*\" \"put dist\\*\" \"exit\"" % (c.user, s, c.ip),
], ruleless=True)
T(G, "jenkins-cli-auth", lambda c: "11" + hx(32), [
    lambda s, c: "java -jar jenkins-cli.jar -s https://jenkins.%s/ -auth %s:%s build deploy -p ENV=prod" % (c.domain, c.user, s),
])
T(G, "sonar-scanner-login", lambda c: hx(40), [
    lambda s, c: "sonar-scanner -Dsonar.host.url=https://sonar.%s -Dsonar.login=%s" % (c.domain, s),
], ruleless=True)
T(G, "stripe-cli-api-key", lambda c: SKT + "51" + an(97), [
    lambda s, c: "stripe customers list --limit 3 --api-key %s" % s,
    lambda s, c: "stripe trigger payment_intent.succeeded --api-key=%s" % s,
])
T(G, "doctl-token-arg", lambda c: "do" + "p_v1_" + hx(64), [
    lambda s, c: "doctl kubernetes cluster kubeconfig save prod-k8s --access-token %s" % s,
])
T(G, "cf-login-p", lambda c: pw(), [
    lambda s, c: "cf login -a https://api.sys.%s -u %s -p '%s' -o %s -s prod" % (c.domain, c.user, s, c.org),
], ruleless=True)
T(G, "oc-login-p", lambda c: pw(), [
    lambda s, c: "oc login https://api.ocp.%s:6443 -u kubeadmin -p '%s' --insecure-skip-tls-verify" % (c.domain, s),
], ruleless=True)
T(G, "kubeadmin-password-ocp", lambda c: "-".join(rs(ALNUM, 5) for _ in range(4)), [
    lambda s, c: "INFO Login to the console with user: \"kubeadmin\", and password: \"%s\"" % s,
    lambda s, c: "oc login -u kubeadmin -p %s https://api.crc.testing:6443" % s,
], ruleless=True)
T(G, "argocd-login-password", lambda c: pw_random(16, sym="-"), [
    lambda s, c: "argocd login argocd.%s --username admin --password %s --grpc-web" % (c.domain, s),
    lambda s, c: "argocd account update-password --current-password %s --new-password '%s'" % (s, pw()),
], ruleless=True)
T(G, "mc-alias-set-positional", lambda c: rs(B64A, 40), [
    lambda s, c: "mc alias set minio http://%s:9000 %s %s" % (c.ip, ua(20), s),
    lambda s, c: "mc alias set r2 https://%s.r2.cloudflarestorage.com %s %s --api S3v4" % (hx(32), hx(32), s),
], ruleless=True)
T(G, "rclone-config-create-positional", lambda c: rs(B64A, 40), [
    lambda s, c: "rclone config create s3prod s3 provider AWS access_key_id AKIA%s secret_access_key %s region %s" % (ua(16), s, c.region),
], ruleless=True)
T(G, "s3cmd-secret-key-arg", lambda c: rs(B64A, 40), [
    lambda s, c: "s3cmd --access_key=AKIA%s --secret_key=%s ls s3://%s" % (ua(16), s, c.bucket),
], ruleless=True)
T(G, "b2-authorize-positional", lambda c: "K005" + rs(B64A, 27), [
    lambda s, c: "b2 account authorize %s %s" % ("005" + hx(22), s),
    lambda s, c: "b2 authorize-account 0014%s %s" % (hx(20), s),
], ruleless=True)
T(G, "confluent-api-key-store-positional", lambda c: rs(B64A, 64), [
    lambda s, c: "confluent api-key store %s %s --resource lkc-%s" % (ua(16), s, la(5)),
], ruleless=True)
T(G, "atlas-cli-private-key", lambda c: uuid(), [
    lambda s, c: "atlas config set private_api_key %s" % s,
    lambda s, c: "curl --user \"%s:%s\" --digest https://cloud.mongodb.com/api/atlas/v2/groups" % (la(8), s),
], ruleless=True)
T(G, "twilio-cli-auth-token", lambda c: hx(32), [
    lambda s, c: "twilio profiles:add --account-sid AC%s --auth-token %s -p prod" % (hx(32), s),
], ruleless=True)
T(G, "expo-eas-login-password", lambda c: pw(), [
    lambda s, c: "npx expo login -u %s -p '%s'" % (c.first, s),
], ruleless=True)
T(G, "keychain-security-add", lambda c: pw(), [
    lambda s, c: "security add-generic-password -a %s -s deploy-key -w '%s' -U" % (c.user, s),
    lambda s, c: "security unlock-keychain -p '%s' build.keychain" % s,
], ruleless=True)
T(G, "git-credential-approve-stdin", lambda c: "gh" + "p_" + an(36), [
    lambda s, c: "printf 'protocol=https\\nhost=github.com\\nusername=%s\\npassword=%s\\n' | git credential approve" % (c.first, s),
])
T(G, "python-c-inline-secret", lambda c: pw(), [
    lambda s, c: "python -c \"import psycopg2; psycopg2.connect(host='%s', user='%s', password='%s')\"" % (c.host, c.user, s),
], ruleless=True)
T(G, "node-e-inline-secret", lambda c: "sk-" + "proj-" + rs(B64U, 40) + TB + rs(B64U, 40), [
    lambda s, c: "node -e \"new (require('openai'))({apiKey:'%s'}).models.list().then(console.log)\"" % s,
])
T(G, "kafka-cli-sasl-password", lambda c: pw_plain(), [
    lambda s, c: "kcat -b broker:9093 -X security.protocol=SASL_SSL -X sasl.mechanisms=SCRAM-SHA-512 -X sasl.username=%s -X sasl.password=%s -L" % (c.user, s),
], ruleless=True)
T(G, "influx-cli-token", lambda c: rs(B64U, 86) + "==", [
    lambda s, c: "influx config create --config-name prod --host-url https://influx.%s --org %s --token %s --active" % (c.domain, c.org, s),
], ruleless=True)
T(G, "nomad-consul-token", lambda c: uuid(), [
    lambda s, c: "NOMAD_TOKEN=%s nomad job run web.nomad.hcl" % s,
    lambda s, c: "consul kv get -token=%s config/app/db" % s,
], ruleless=True)
T(G, "wg-genkey-output-used", lambda c: b64(32), [
    lambda s, c: "wg set wg0 private-key <(echo %s) peer %s allowed-ips 10.8.0.2/32" % (s, b64(32)),
], ruleless=True)
T(G, "ipmitool-P", lambda c: pw_human(), [
    lambda s, c: "ipmitool -I lanplus -H %s -U ADMIN -P %s chassis power status" % (c.ip, s),
], ruleless=True)
T(G, "snmp-community-auth", lambda c: pw_plain(), [
    lambda s, c: "snmpwalk -v3 -l authPriv -u monitor -a SHA -A %s -x AES -X %s %s" % (s, pw_plain(), c.ip),
], ruleless=True)
T(G, "rsync-password-env", lambda c: pw_plain(), [
    lambda s, c: "RSYNC_PASSWORD=%s rsync -av ./www/ rsync://%s@backup.%s/web/" % (s, c.user, c.domain),
], ruleless=True)
T(G, "curl-data-password-form", lambda c: pw(), [
    lambda s, c: "curl -X POST https://auth.%s/oauth/token -d grant_type=password -d username=%s -d password=%s" % (c.domain, c.email, qurl(s)),
    lambda s, c: "curl -s https://api.%s/login -H 'Content-Type: application/json' -d '{\"email\":\"%s\",\"password\":\"%s\"}'" % (c.domain, c.email, s),
])
T(G, "curl-client-secret-form", lambda c: rs(B64U, 40), [
    lambda s, c: "curl -X POST https://login.%s/oauth2/token -d client_id=%s -d client_secret=%s -d grant_type=client_credentials" % (c.domain, la(20), s),
    lambda s, c: "curl https://%s.us.auth0.com/oauth/token --data '{\"client_id\":\"%s\",\"client_secret\":\"%s\",\"audience\":\"https://api\",\"grant_type\":\"client_credentials\"}'" % (c.org, an(32), s),
])


# ================================================================ CI logs
G = "ci-log"
T(G, "gha-add-mask-literal", lambda c: pw_random(R.randint(20, 40), sym="-_"), [
    lambda s, c: "Run echo \"::add-mask::%s\"\n  echo \"::add-mask::%s\"\n  shell: /usr/bin/bash -e {0}" % (s, s),
    lambda s, c: "##[group]Run echo ::add-mask::%s\n##[endgroup]" % s,
], ruleless=True)
T(G, "gha-env-dump", lambda c: pw(), [
    lambda s, c: "Run ./deploy.sh\n  ./deploy.sh\n  shell: /usr/bin/bash -e {0}\n  env:\n    DB_HOST: %s\n    DB_PASSWORD: %s" % (c.host, s),
    lambda s, c: "2025-03-04T10:12:55.1234567Z   env:\n2025-03-04T10:12:55.1234568Z     SMTP_PASSWORD: %s" % s,
], ruleless=True)
T(G, "gha-set-output-secret", lambda c: "gh" + "s_" + an(36), [
    lambda s, c: "echo \"token=%s\" >> $GITHUB_OUTPUT" % s,
    lambda s, c: "::set-output name=installation_token::%s" % s,
])
T(G, "gitlab-job-log-export", lambda c: pw_plain(), [
    lambda s, c: "$ export DEPLOY_PASSWORD=%s\n$ ./scripts/deploy.sh production\nDeploying %s..." % (s, c.app),
    lambda s, c: "Running with gitlab-runner 17.2.0 (81ab07f6)\n$ echo \"registry pass: %s\"\nregistry pass: %s" % (s, s),
], ruleless=True)
T(G, "jenkins-console-curl-u", lambda c: pw(), [
    lambda s, c: "[Pipeline] sh\n+ curl -fsS -u %s:%s https://nexus.%s/repository/raw/app.tgz -o app.tgz" % (c.user, s, c.domain),
    lambda s, c: "[deploy] $ /bin/sh -xe /tmp/jenkins123.sh\n+ mysql -u%s -p%s -h %s -e 'source migrate.sql'" % (c.user, qurl(s), c.host),
], ruleless=True)
T(G, "travis-env-log", lambda c: pw_plain(), [
    lambda s, c: "Setting environment variables from repository settings\n$ export DOCKER_USER=%s\n$ export DOCKER_PASS=%s" % (c.user, s),
], ruleless=True)
T(G, "circleci-step-output", lambda c: hx(40), [
    lambda s, c: "#!/bin/bash -eo pipefail\ncurl -X POST -H \"Circle-Token: %s\" https://circleci.com/api/v2/project/gh/%s/pipeline\n{\"number\":1234,\"state\":\"pending\"}" % (s, c.repo),
], ruleless=True)
T(G, "docker-build-arg-log", lambda c: "np" + "m_" + an(36), [
    lambda s, c: "#7 [build 3/8] RUN echo \"//registry.npmjs.org/:_authToken=%s\" > .npmrc\n#7 DONE 0.2s" % s,
    lambda s, c: "Step 5/12 : ARG NPM_TOKEN=%s\n ---> Running in 3f2a1c9e8b7d" % s,
])
T(G, "terraform-plan-output-sensitive-leak", lambda c: pw(), [
    lambda s, c: "  # aws_db_instance.main will be updated in-place\n  ~ resource \"aws_db_instance\" \"main\" {\n      ~ password = \"%s\" -> (sensitive value)\n    }" % s,
    lambda s, c: "  + resource \"random_password\" \"db\" {\n      + result = \"%s\"\n    }" % s,
], ruleless=True)
T(G, "kubectl-get-secret-decoded", lambda c: pw(), [
    lambda s, c: "$ kubectl get secret %s-db -o jsonpath='{.data.password}' | base64 -d\n%s" % (c.app, s),
    lambda s, c: "kubectl -n %s get secret grafana -o jsonpath=\"{.data.admin-password}\" | base64 --decode ; echo\n%s" % (c.ns, s),
], ruleless=True)
T(G, "pytest-failure-repr", lambda c: "sk-" + "proj-" + rs(B64U, 40) + TB + rs(B64U, 40), [
    lambda s, c: "E       AssertionError: assert 401 == 200\nE        +  where settings = Settings(openai_api_key='%s', model='gpt-4o')" % s,
], ruleless=True)
T(G, "npm-debug-log-token", lambda c: "np" + "m_" + an(36), [
    lambda s, c: "12 verbose cli [ '/usr/bin/node', '/usr/bin/npm', 'publish', '--//registry.npmjs.org/:_authToken=%s' ]" % s,
])
T(G, "argo-workflow-param-log", lambda c: pw_plain(), [
    lambda s, c: "time=\"%s\" level=info msg=\"parameters: [{env prod} {db_password %s}]\"" % (c.ts, s),
], ruleless=True)
T(G, "app-log-connection-error", lambda c: pw_plain(), [
    lambda s, c: "%s ERROR sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at \"%s\" failed for dsn 'postgresql://%s:%s@%s:5432/%s'" % (c.ts, c.host, c.user, s, c.host, c.db),
    lambda s, c: "[%s] WARN  redis: retrying connect redis://:%s@%s:6379/0 (ECONNREFUSED)" % (c.ts, s, c.host),
], ruleless=True)
T(G, "ansible-verbose-log", lambda c: pw(), [
    lambda s, c: "ok: [web01] => (item={'name': 'app', 'password': '%s'})" % s,
], ruleless=True)
T(G, "buildkite-env-log", lambda c: "sk-" + "ant-" + "api03-" + rs(B64U, 93) + "AA", [
    lambda s, c: "~~~ Preparing working directory\n$ env | sort\nANTHROPIC_API_KEY=%s\nBUILDKITE_BRANCH=main" % s,
])
T(G, "bitbucket-pipelines-log", lambda c: pw_plain(), [
    lambda s, c: "+ docker login -u $DOCKER_USER -p %s\nWARNING! Using --password via the CLI is insecure. Use --password-stdin." % s,
], ruleless=True)
T(G, "azure-pipelines-log", lambda c: rs(B32L, 52), [
    lambda s, c: "##[section]Starting: npm publish\n========================\n/usr/bin/npm config set //pkgs.dev.azure.com/%s/_packaging/feed/npm/registry/:_password %s" % (c.org, b64s(s)),
], ruleless=True)


# ================================================================ config lines and blocks
G = "config-line"
T(G, "yaml-password-key", lambda c: pw(), [
    lambda s, c: "database:\n  host: %s\n  user: %s\n  password: %s" % (c.host, c.user, s),
    lambda s, c: "  password: \"%s\"" % s,
    lambda s, c: "db_pass: '%s'" % s,
])
T(G, "yaml-folded-secret-next-line", lambda c: pw_random(R.randint(24, 48), sym="-_"), [
    lambda s, c: "api_secret: >-\n  %s" % s,
    lambda s, c: "client_secret: |\n    %s" % s,
], ruleless=True)
T(G, "toml-password", lambda c: pw(), [
    lambda s, c: "[database]\nhost = \"%s\"\nuser = \"%s\"\npassword = \"%s\"" % (c.host, c.user, s),
    lambda s, c: "smtp_password = '%s'" % s,
])
T(G, "ini-password", lambda c: pw(), [
    lambda s, c: "[mysql]\nhost=%s\nuser=%s\npasswd=%s" % (c.host, c.user, s),
    lambda s, c: "[smtp]\nserver = smtp.%s\nlogin = %s\npwd = %s" % (c.domain, c.email, s),
])
T(G, "xml-password-element", lambda c: pw(), [
    lambda s, c: "<datasource>\n  <user-name>%s</user-name>\n  <password>%s</password>\n</datasource>" % (c.user, s),
    lambda s, c: "<add name=\"Default\" connectionString=\"Data Source=%s;Initial Catalog=%s;User ID=%s;Password=%s\" providerName=\"System.Data.SqlClient\" />" % (c.host, c.db, c.user, s),
])
T(G, "xml-attribute-secret", lambda c: pw_random(R.randint(20, 40), sym="-_"), [
    lambda s, c: "<appSettings>\n  <add key=\"ApiSecret\" value=\"%s\" />\n</appSettings>" % s,
    lambda s, c: "<Resource name=\"jdbc/app\" auth=\"Container\" username=\"%s\" password=\"%s\" url=\"jdbc:postgresql://%s/%s\"/>" % (c.user, s, c.host, c.db),
])
T(G, "hcl-password", lambda c: pw(), [
    lambda s, c: "resource \"aws_db_instance\" \"main\" {\n  engine   = \"postgres\"\n  username = \"%s\"\n  password = \"%s\"\n}" % (c.user, s),
    lambda s, c: "db_password = \"%s\"" % s,
])
T(G, "hcl-provider-token", lambda c: rs(B64U, 40), [
    lambda s, c: "provider \"cloudflare\" {\n  api_token = \"%s\"\n}" % s,
    lambda s, c: "provider \"github\" {\n  owner = \"%s\"\n  token = \"%s\"\n}" % (c.org, s),
])
T(G, "java-properties-secret", lambda c: pw(), [
    lambda s, c: "app.jwt.secret=%s" % s,
    lambda s, c: "mail.smtp.password = %s" % s,
    lambda s, c: "quarkus.datasource.password=%s" % s,
])
T(G, "dotenv-quoted", lambda c: pw(), [
    lambda s, c: "DB_PASSWORD=\"%s\"" % s,
    lambda s, c: "SMTP_PASS='%s'" % s,
    lambda s, c: "ADMIN_PASSWORD=%s # set by ops on %s" % (qurl(s), c.ts[:10]),
])
T(G, "shell-export-secret", lambda c: pw(), [
    lambda s, c: "export DATABASE_PASSWORD='%s'" % s,
    lambda s, c: "export MYSQL_PWD=\"%s\"" % s,
    lambda s, c: "declare -x REDIS_PASSWORD=%s" % qurl(s),
])
T(G, "dockerfile-env-password", lambda c: pw_plain(), [
    lambda s, c: "FROM postgres:16\nENV POSTGRES_PASSWORD=%s\nENV POSTGRES_DB=%s" % (s, c.db),
    lambda s, c: "ARG DB_PASSWORD=%s" % s,
    lambda s, c: "ENV SA_PASSWORD %s" % s,
])
T(G, "k8s-secret-data-b64", lambda c: b64s(pw()), [
    lambda s, c: "apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s-db\ntype: Opaque\ndata:\n  username: %s\n  password: %s" % (c.app, b64s(c.user), s),
    lambda s, c: "data:\n  DB_PASSWORD: %s" % s,
])
T(G, "k8s-secret-data-b64-token", lambda c: b64s("sk-" + "proj-" + rs(B64U, 40) + TB + rs(B64U, 40)), [
    lambda s, c: "kind: Secret\napiVersion: v1\nmetadata:\n  name: openai\n  namespace: %s\ndata:\n  OPENAI_API_KEY: %s" % (c.ns, s),
], ruleless=True)
T(G, "k8s-secret-stringdata", lambda c: pw(), [
    lambda s, c: "kind: Secret\nstringData:\n  password: \"%s\"" % s,
    lambda s, c: "stringData:\n  config.yaml: |\n    smtp:\n      password: %s" % s,
])
T(G, "k8s-tls-key-b64", lambda c: b64s("-----BEGIN PRIVATE KEY-----\n" + wrap(b64(138), 64) + "\n-----END PRIVATE KEY-----\n"), [
    lambda s, c: "apiVersion: v1\nkind: Secret\ntype: kubernetes.io/tls\ndata:\n  tls.crt: %s\n  tls.key: %s" % (b64(90), s),
])
T(G, "k8s-env-value-literal", lambda c: pw(), [
    lambda s, c: "        env:\n        - name: DB_PASSWORD\n          value: \"%s\"" % s,
    lambda s, c: "- name: SPRING_DATASOURCE_PASSWORD\n  value: '%s'" % s,
])
T(G, "helm-values-password", lambda c: pw(), [
    lambda s, c: "auth:\n  postgresPassword: \"%s\"\n  username: %s\n  database: %s" % (s, c.user, c.db),
    lambda s, c: "redis:\n  auth:\n    enabled: true\n    password: %s" % s,
    lambda s, c: "grafana:\n  adminPassword: '%s'" % s,
])
T(G, "docker-compose-environment", lambda c: pw(), [
    lambda s, c: "services:\n  db:\n    image: mysql:8\n    environment:\n      MYSQL_ROOT_PASSWORD: %s" % s,
    lambda s, c: "    environment:\n      - POSTGRES_PASSWORD=%s\n      - POSTGRES_USER=%s" % (s, c.user),
    lambda s, c: "      RABBITMQ_DEFAULT_PASS: \"%s\"" % s,
])
T(G, "gha-workflow-env-literal", lambda c: pw(), [
    lambda s, c: "jobs:\n  test:\n    runs-on: ubuntu-latest\n    env:\n      DB_PASSWORD: %s" % s,
    lambda s, c: "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_PASSWORD: '%s'" % s,
])
T(G, "gitlab-ci-variables", lambda c: pw_plain(), [
    lambda s, c: "variables:\n  POSTGRES_PASSWORD: %s\n  POSTGRES_DB: %s" % (s, c.db),
])
T(G, "circleci-config-environment", lambda c: pw_plain(), [
    lambda s, c: "    docker:\n      - image: cimg/postgres:16.2\n        environment:\n          POSTGRES_PASSWORD: %s" % s,
])
T(G, "tfvars-secret", lambda c: pw(), [
    lambda s, c: "admin_password = \"%s\"" % s,
    lambda s, c: "rds_master_password = \"%s\"\ninstance_class = \"db.r6g.large\"" % s,
])
T(G, "ansible-vars-plain", lambda c: pw(), [
    lambda s, c: "mysql_root_password: \"%s\"\nmysql_databases:\n  - name: %s" % (s, c.db),
    lambda s, c: "vault_db_password: %s" % s,
])
T(G, "serverless-yml-env", lambda c: pw_plain(), [
    lambda s, c: "provider:\n  name: aws\n  environment:\n    DB_PASSWORD: %s" % s,
], ruleless=True)
T(G, "rails-database-yml", lambda c: pw(), [
    lambda s, c: "production:\n  adapter: postgresql\n  database: %s\n  username: %s\n  password: <%%= ENV.fetch('DB_PASSWORD', '%s') %%>" % (c.db, c.user, s),
    lambda s, c: "production:\n  <<: *default\n  password: %s" % s,
])
T(G, "rails-secret-key-base", lambda c: hx(128), [
    lambda s, c: "SECRET_KEY_BASE=%s" % s,
    lambda s, c: "config.secret_key_base = '%s'" % s,
])
T(G, "flask-secret-key", lambda c: hx(48) if R.random() < 0.5 else pw_random(32), [
    lambda s, c: "app.config['SECRET_KEY'] = '%s'" % s,
    lambda s, c: "SECRET_KEY=%s" % s,
])
T(G, "express-session-secret", lambda c: pw_random(R.randint(24, 40), sym="-_!"), [
    lambda s, c: "app.use(session({ secret: '%s', resave: false, saveUninitialized: false }))" % s,
    lambda s, c: "SESSION_SECRET=%s" % s,
])
T(G, "nextauth-secret", lambda c: b64(32), [
    lambda s, c: "NEXTAUTH_SECRET=%s" % s,
    lambda s, c: "AUTH_SECRET=\"%s\" # npx auth secret" % s,
])
T(G, "jwt-secret-env", lambda c: pw_random(R.randint(32, 64), sym="-_"), [
    lambda s, c: "JWT_SECRET=%s" % s,
    lambda s, c: "jwt:\n  secret: %s\n  expiresIn: 7d" % s,
])
T(G, "jwt-secret-weak-human", lambda c: pw_human(), [
    lambda s, c: "JWT_SECRET=%s" % s,
    lambda s, c: "const JWT_SECRET = process.env.JWT_SECRET || '%s';" % s,
])
T(G, "grafana-datasource-provisioning", lambda c: pw(), [
    lambda s, c: "datasources:\n  - name: Postgres\n    type: postgres\n    url: %s:5432\n    user: grafana\n    secureJsonData:\n      password: '%s'" % (c.host, s),
])
T(G, "keycloak-realm-json-secret", lambda c: an(32), [
    lambda s, c: "{\"clientId\": \"%s\", \"enabled\": true, \"clientAuthenticatorType\": \"client-secret\", \"secret\": \"%s\"}" % (c.app, s),
], ruleless=True)
T(G, "traefik-basicauth-label", lambda c: "$$apr1$$" + rs(ALNUM, 8) + "$$" + rs(ALNUM + "./", 22), [
    lambda s, c: "      - \"traefik.http.middlewares.auth.basicauth.users=admin:%s\"" % s,
], ruleless=True)
T(G, "caddy-basicauth-hash", lambda c: "$2a$14$" + rs(ALNUM + "./", 53), [
    lambda s, c: "basicauth /admin/* {\n    admin %s\n}" % s,
], ruleless=True)
T(G, "nginx-proxy-set-header-auth", lambda c: b64s(c.user + ":" + pw()), [
    lambda s, c: "location /upstream/ {\n    proxy_set_header Authorization \"Basic %s\";\n    proxy_pass https://backend;\n}" % s,
])
T(G, "strapi-env-keys", lambda c: ",".join(b64(16) for _ in range(4)), [
    lambda s, c: "APP_KEYS=%s\nAPI_TOKEN_SALT=%s" % (s, b64(16)),
], ruleless=True)
T(G, "n8n-encryption-key", lambda c: rs(ALNUM, 32), [
    lambda s, c: "N8N_ENCRYPTION_KEY=%s" % s,
    lambda s, c: "{\n  \"encryptionKey\": \"%s\"\n}" % s,
], ruleless=True)
T(G, "metabase-encryption-key", lambda c: pw_random(32, sym=""), [
    lambda s, c: "MB_ENCRYPTION_SECRET_KEY=%s" % s,
], ruleless=True)
T(G, "minio-root-password", lambda c: pw_plain(), [
    lambda s, c: "MINIO_ROOT_USER=admin\nMINIO_ROOT_PASSWORD=%s" % s,
    lambda s, c: "    command: server /data --console-address :9001\n    environment:\n      MINIO_ROOT_PASSWORD: %s" % s,
])
T(G, "payload-directus-secret", lambda c: hx(48), [
    lambda s, c: "PAYLOAD_SECRET=%s" % s,
    lambda s, c: "SECRET=\"%s\"\nADMIN_EMAIL=%s" % (s, "admin@example.com"),
], ruleless=True)
T(G, "superset-config-secret", lambda c: b64(42), [
    lambda s, c: "SECRET_KEY = '%s'" % s,
], ruleless=True)
T(G, "sentry-selfhosted-system-secret", lambda c: rs(LOW + DIG + "!@#$%^&*(-_=+)", 50), [
    lambda s, c: "system.secret-key: '%s'" % s,
], ruleless=True)
T(G, "harbor-rundeck-admin", lambda c: pw(), [
    lambda s, c: "harborAdminPassword: \"%s\"" % s,
    lambda s, c: "rundeck.admin.password=%s" % s,
], ruleless=True)
T(G, "spring-cloud-config-encrypt-key", lambda c: pw_random(R.randint(24, 40), sym="-_"), [
    lambda s, c: "encrypt:\n  key: %s" % s,
], ruleless=True)
T(G, "otel-collector-headers", lambda c: hx(32), [
    lambda s, c: "exporters:\n  otlphttp:\n    endpoint: https://otlp.%s\n    headers:\n      api-key: %s" % (c.domain, s),
    lambda s, c: "exporters:\n  datadog:\n    api:\n      key: %s\n      site: datadoghq.eu" % s,
])
T(G, "logstash-output-password", lambda c: pw(), [
    lambda s, c: "output {\n  elasticsearch {\n    hosts => [\"https://%s:9200\"]\n    user => \"logstash_writer\"\n    password => \"%s\"\n  }\n}" % (c.host, s),
], ruleless=True)
T(G, "fluentbit-http-passwd", lambda c: pw_plain(), [
    lambda s, c: "[OUTPUT]\n    Name  es\n    Host  %s\n    HTTP_User elastic\n    HTTP_Passwd %s" % (c.host, s),
], ruleless=True)
T(G, "vector-toml-auth", lambda c: pw_plain(), [
    lambda s, c: "[sinks.loki]\ntype = \"loki\"\nendpoint = \"https://logs-prod.grafana.net\"\nauth.strategy = \"basic\"\nauth.user = \"%s\"\nauth.password = \"%s\"" % (dg(6), s),
], ruleless=True)
T(G, "telegraf-influx-token", lambda c: rs(B64U, 86) + "==", [
    lambda s, c: "[[outputs.influxdb_v2]]\n  urls = [\"https://influx.%s\"]\n  token = \"%s\"\n  organization = \"%s\"" % (c.domain, s, c.org),
], ruleless=True)
T(G, "json-nested-secret", lambda c: pw_random(R.randint(20, 40), sym="-_."), [
    lambda s, c: "{\"service\": \"%s\", \"auth\": {\"type\": \"hmac\", \"secret\": \"%s\"}}" % (c.app, s),
    lambda s, c: "{\n  \"smtp\": {\n    \"host\": \"smtp.%s\",\n    \"pass\": \"%s\"\n  }\n}" % (c.domain, s),
])
T(G, "json-camelcase-credential", lambda c: pw(), [
    lambda s, c: "{\"dbUser\":\"%s\",\"dbPassword\":\"%s\"}" % (c.user, s),
    lambda s, c: "  \"adminPassword\": \"%s\"," % s,
])
T(G, "php-array-config", lambda c: pw(), [
    lambda s, c: "'mysql' => [\n    'host' => '%s',\n    'username' => '%s',\n    'password' => '%s',\n]," % (c.host, c.user, s),
    lambda s, c: "$config['db_pass'] = \"%s\";" % s,
])
T(G, "elixir-config-password", lambda c: pw(), [
    lambda s, c: "config :shop, Shop.Repo,\n  username: \"%s\",\n  password: \"%s\",\n  hostname: \"%s\"" % (c.user, s, c.host),
])
T(G, "hocon-password", lambda c: pw(), [
    lambda s, c: "db.default.password = \"%s\"" % s,
    lambda s, c: "slick.dbs.default.db {\n  user = \"%s\"\n  password = \"%s\"\n}" % (c.user, s),
], ruleless=True)
T(G, "systemd-environment-line", lambda c: pw_plain(), [
    lambda s, c: "[Service]\nEnvironment=\"DB_PASSWORD=%s\"\nExecStart=/opt/%s/bin/server" % (s, c.app),
], ruleless=True)
T(G, "crontab-inline-secret", lambda c: pw_plain(), [
    lambda s, c: "0 3 * * * mysqldump -u backup -p%s --all-databases | gzip > /backups/all-$(date +\\%%F).sql.gz" % s,
    lambda s, c: "*/5 * * * * curl -fsS -u monitor:%s https://status.%s/ping >/dev/null" % (s, c.domain),
], ruleless=True)
T(G, "gitconfig-extraheader", lambda c: b64s("x-access-token:" + "gh" + "s_" + an(36)), [
    lambda s, c: "[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic %s" % s,
    lambda s, c: "git -c http.extraheader=\"AUTHORIZATION: basic %s\" fetch origin" % s,
])
T(G, "sops-decrypted-yaml", lambda c: pw(), [
    lambda s, c: "$ sops -d secrets.enc.yaml\ndb:\n    password: %s\n    user: %s" % (s, c.user),
], ruleless=True)
T(G, "launchd-plist-env", lambda c: pw_plain(), [
    lambda s, c: "<key>EnvironmentVariables</key>\n<dict>\n  <key>API_SECRET</key>\n  <string>%s</string>\n</dict>" % s,
], ruleless=True)
T(G, "vscode-settings-token", lambda c: "gh" + "p_" + an(36), [
    lambda s, c: "{\n  \"github.copilot.advanced\": {},\n  \"sqltools.connections\": [],\n  \"gitlens.remotes\": [],\n  \"rest-client.environmentVariables\": {\"prod\": {\"token\": \"%s\"}}\n}" % s,
])
T(G, "mcp-server-config-env", lambda c: "gh" + "p_" + an(36), [
    lambda s, c: "{\n  \"mcpServers\": {\n    \"github\": {\n      \"command\": \"npx\",\n      \"args\": [\"-y\", \"@modelcontextprotocol/server-github\"],\n      \"env\": {\"GITHUB_PERSONAL_ACCESS_TOKEN\": \"%s\"}\n    }\n  }\n}" % s,
])
T(G, "mcp-server-config-arg", lambda c: "sk-" + "ant-" + "api03-" + rs(B64U, 93) + "AA", [
    lambda s, c: "\"args\": [\"-y\", \"some-mcp-server\", \"--api-key\", \"%s\"]" % s,
])


# ================================================================ code in many languages
G = "code"
T(G, "python-requests-auth-tuple", lambda c: pw(), [
    lambda s, c: "r = requests.get('https://api.%s/v1/report', auth=('%s', '%s'), timeout=10)" % (c.domain, c.user, s),
    lambda s, c: "session.auth = (\"%s\", \"%s\")" % (c.user, s),
])
T(G, "python-kwarg-password", lambda c: pw(), [
    lambda s, c: "conn = pymysql.connect(host='%s', user='%s', password='%s', database='%s')" % (c.host, c.user, s, c.db),
    lambda s, c: "client = MongoClient(host, username='%s', password='%s')" % (c.user, s),
    lambda s, c: "smtp.login('%s', '%s')" % (c.email, s),
])
T(G, "python-jwt-encode-literal", lambda c: pw_random(R.randint(20, 48), sym="-_"), [
    lambda s, c: "token = jwt.encode({'sub': user.id}, '%s', algorithm='HS256')" % s,
    lambda s, c: "payload = jwt.decode(token, \"%s\", algorithms=[\"HS256\"])" % s,
], ruleless=True)
T(G, "python-hmac-new-key", lambda c: hx(64), [
    lambda s, c: "sig = hmac.new(b'%s', body, hashlib.sha256).hexdigest()" % s,
], ruleless=True)
T(G, "python-boto3-client-keys", lambda c: rs(B64A, 40), [
    lambda s, c: "s3 = boto3.client('s3', aws_access_key_id='AKIA%s', aws_secret_access_key='%s')" % (ua(16), s),
])
T(G, "node-jwt-sign-literal", lambda c: pw_random(R.randint(20, 48), sym="-_"), [
    lambda s, c: "const token = jwt.sign({ id: user.id }, '%s', { expiresIn: '1h' });" % s,
    lambda s, c: "jwt.verify(req.headers.authorization.split(' ')[1], \"%s\")" % s,
], ruleless=True)
T(G, "node-db-config-object", lambda c: pw(), [
    lambda s, c: "const pool = new Pool({ host: '%s', user: '%s', password: '%s', database: '%s' });" % (c.host, c.user, s, c.db),
    lambda s, c: "mysql.createConnection({\n  host: '%s',\n  user: '%s',\n  password: \"%s\",\n});" % (c.host, c.user, s),
])
T(G, "ts-constructor-positional-secret", lambda c: rs(B64U, 40), [
    lambda s, c: "const client = new ApiClient('%s', '%s');" % (la(16), s),
    lambda s, c: "export const gateway = new PaymentGateway(\"merchant_%s\", \"%s\", { sandbox: false });" % (dg(6), s),
], ruleless=True)
T(G, "ts-fetch-headers", lambda c: an(40), [
    lambda s, c: "await fetch(url, { headers: { 'Authorization': `Bearer %s` } });" % s,
    lambda s, c: "axios.defaults.headers.common['X-API-Key'] = '%s';" % s,
])
T(G, "go-struct-literal", lambda c: pw(), [
    lambda s, c: "cfg := mysql.Config{User: \"%s\", Passwd: \"%s\", Net: \"tcp\", Addr: \"%s:3306\", DBName: \"%s\"}" % (c.user, s, c.host, c.db),
    lambda s, c: "auth := smtp.PlainAuth(\"\", \"%s\", \"%s\", \"smtp.%s\")" % (c.email, s, c.domain),
])
T(G, "go-const-token", lambda c: an(40), [
    lambda s, c: "const apiToken = \"%s\"" % s,
    lambda s, c: "req.Header.Set(\"Authorization\", \"Bearer %s\")" % s,
])
T(G, "go-basic-auth-positional", lambda c: pw(), [
    lambda s, c: "req.SetBasicAuth(\"%s\", \"%s\")" % (c.user, s),
], ruleless=True)
T(G, "rust-const-secret", lambda c: an(40), [
    lambda s, c: "const API_KEY: &str = \"%s\";" % s,
    lambda s, c: "let client = reqwest::Client::new().get(url).bearer_auth(\"%s\");" % s,
])
T(G, "rust-basic-auth-positional", lambda c: pw(), [
    lambda s, c: ".basic_auth(\"%s\", Some(\"%s\"))" % (c.user, s),
], ruleless=True)
T(G, "java-string-password", lambda c: pw(), [
    lambda s, c: "private static final String DB_PASSWORD = \"%s\";" % s,
    lambda s, c: "Connection conn = DriverManager.getConnection(\"jdbc:postgresql://%s/%s\", \"%s\", \"%s\");" % (c.host, c.db, c.user, s),
    lambda s, c: "dataSource.setPassword(\"%s\");" % s,
])
T(G, "java-spring-value-default", lambda c: pw_random(R.randint(20, 40), sym="-_"), [
    lambda s, c: "@Value(\"${app.jwt.secret:%s}\")\nprivate String jwtSecret;" % s,
], ruleless=True)
T(G, "kotlin-const-val", lambda c: an(40), [
    lambda s, c: "const val API_KEY = \"%s\"" % s,
    lambda s, c: "buildConfigField(\"String\", \"MAPS_SECRET\", \"\\\"%s\\\"\")" % s,
])
T(G, "csharp-credential", lambda c: pw(), [
    lambda s, c: "var client = new SmtpClient(\"smtp.%s\") { Credentials = new NetworkCredential(\"%s\", \"%s\") };" % (c.domain, c.email, s),
    lambda s, c: "options.ClientSecret = \"%s\";" % s,
])
T(G, "csharp-client-secret-credential-positional", lambda c: an(3) + "8Q~" + rs(ALNUM + "-_.~", 31), [
    lambda s, c: "var cred = new ClientSecretCredential(\"%s\", \"%s\", \"%s\");" % (c.tenant, uuid(), s),
])
T(G, "ruby-initializer-secret", lambda c: an(40), [
    lambda s, c: "Octokit::Client.new(access_token: '%s')" % s,
    lambda s, c: "config.api_secret = \"%s\"" % s,
])
T(G, "ruby-net-http-basic", lambda c: pw(), [
    lambda s, c: "req.basic_auth '%s', '%s'" % (c.user, s),
], ruleless=True)
T(G, "php-pdo-positional", lambda c: pw(), [
    lambda s, c: "$pdo = new PDO('mysql:host=%s;dbname=%s', '%s', '%s');" % (c.host, c.db, c.user, s),
    lambda s, c: "$mysqli = new mysqli(\"%s\", \"%s\", \"%s\", \"%s\");" % (c.host, c.user, s, c.db),
], ruleless=True)
T(G, "perl-dbi-connect-positional", lambda c: pw(), [
    lambda s, c: "my $dbh = DBI->connect(\"dbi:Pg:dbname=%s;host=%s\", \"%s\", \"%s\", { RaiseError => 1 });" % (c.db, c.host, c.user, s),
], ruleless=True)
T(G, "swift-let-secret", lambda c: an(40), [
    lambda s, c: "let apiSecret = \"%s\"" % s,
    lambda s, c: "request.setValue(\"Bearer %s\", forHTTPHeaderField: \"Authorization\")" % s,
])
T(G, "dart-flutter-key", lambda c: an(40), [
    lambda s, c: "static const String apiKey = '%s';" % s,
], ruleless=True)
T(G, "scala-config-literal", lambda c: pw(), [
    lambda s, c: "val db = Database.forURL(\"jdbc:postgresql://%s/%s\", user = \"%s\", password = \"%s\")" % (c.host, c.db, c.user, s),
])
T(G, "lua-redis-auth", lambda c: pw_plain(), [
    lambda s, c: "local ok, err = red:auth(\"%s\")" % s,
], ruleless=True)
T(G, "r-sys-setenv", lambda c: an(40), [
    lambda s, c: "Sys.setenv(MISTRAL_API_KEY = \"%s\")" % s,
    lambda s, c: "con <- dbConnect(RPostgres::Postgres(), host = \"%s\", user = \"%s\", password = \"%s\")" % (c.host, c.user, s),
])
T(G, "cpp-string-literal-key", lambda c: hx(64), [
    lambda s, c: "static const char* kHmacKey = \"%s\";" % s,
    lambda s, c: "std::string secret{\"%s\"};" % s,
], ruleless=True)
T(G, "objc-nsstring-secret", lambda c: an(40), [
    lambda s, c: "static NSString * const kClientSecret = @\"%s\";" % s,
], ruleless=True)
T(G, "bash-function-default-secret", lambda c: pw_plain(), [
    lambda s, c: "DB_PASS=\"${DB_PASS:-%s}\"" % s,
    lambda s, c: ": \"${API_TOKEN:=%s}\"" % s,
], ruleless=True)
T(G, "sql-dblink-password", lambda c: pw_plain(), [
    lambda s, c: "SELECT * FROM dblink('host=%s dbname=%s user=%s password=%s', 'select id from t') AS t(id int);" % (c.host, c.db, c.user, s),
    lambda s, c: "CREATE USER MAPPING FOR app SERVER remote OPTIONS (user '%s', password '%s');" % (c.user, s),
], ruleless=True)
T(G, "python-dict-credentials", lambda c: pw(), [
    lambda s, c: "CREDENTIALS = {\n    'username': '%s',\n    'password': '%s',\n}" % (c.user, s),
    lambda s, c: "DEFAULT_CONFIG = dict(user='%s', passwd='%s', host='%s')" % (c.user, s, c.host),
])
T(G, "python-test-fixture-secret", lambda c: SKT + an(24), [
    lambda s, c: "@pytest.fixture\ndef stripe_key():\n    return '%s'" % s,
])
T(G, "java-annotation-secret", lambda c: an(32), [
    lambda s, c: "@SpringBootTest(properties = {\"payments.api-secret=%s\"})" % s,
], ruleless=True)
T(G, "elixir-hackney-basic", lambda c: pw(), [
    lambda s, c: "HTTPoison.get(url, [], hackney: [basic_auth: {\"%s\", \"%s\"}])" % (c.user, s),
], ruleless=True)
T(G, "haskell-bytestring-secret", lambda c: hx(40), [
    lambda s, c: "apiSecret :: ByteString\napiSecret = \"%s\"" % s,
], ruleless=True)
T(G, "terraform-local-exec-secret", lambda c: pw_plain(), [
    lambda s, c: "  provisioner \"local-exec\" {\n    command = \"mysql -uadmin -p%s -h ${self.address} < schema.sql\"\n  }" % s,
], ruleless=True)


# ================================================================ a secret beside its id, no label on the secret
G = "id-beside-secret"
T(G, "twilio-client-positional", lambda c: hx(32), [
    lambda s, c: "client = Client('AC%s', '%s')" % (hx(32), s),
    lambda s, c: "const client = require('twilio')('AC%s', '%s');" % (hx(32), s),
    lambda s, c: "Twilio.init(\"AC%s\", \"%s\");" % (hx(32), s),
], ruleless=True)
T(G, "twilio-prose-sid-token", lambda c: hx(32), [
    lambda s, c: "twilio account AC%s auth token %s" % (hx(32), s),
    lambda s, c: "Twilio sub-account for staging: AC%s / %s" % (hx(32), s),
    lambda s, c: "use SID AC%s with %s for the SMS tests" % (hx(32), s),
], ruleless=True)
T(G, "twilio-curl-u-sid-token", lambda c: hx(32), [
    lambda s, c: "curl -X POST https://api.twilio.com/2010-04-01/Accounts/AC%s/Messages.json -u AC%s:%s --data-urlencode 'Body=hi'" % (hx(32), hx(32), s),
], ruleless=True)
T(G, "twilio-api-key-sid-secret", lambda c: an(32), [
    lambda s, c: "client = Client('SK%s', '%s', 'AC%s')" % (hx(32), s, hx(32)),
    lambda s, c: "API key SK%s secret %s" % (hx(32), s),
], ruleless=True)
T(G, "aws-credentials-constructor", lambda c: rs(B64A, 40), [
    lambda s, c: "new AWS.Credentials('AKIA%s', '%s');" % (ua(16), s),
    lambda s, c: "AWS.config.update({ accessKeyId: 'AKIA%s', secretAccessKey: '%s', region: '%s' });" % (ua(16), s, c.region),
    lambda s, c: "credentials = AwsBasicCredentials.create(\"AKIA%s\", \"%s\");" % (ua(16), s),
    lambda s, c: "creds := credentials.NewStaticCredentials(\"AKIA%s\", \"%s\", \"\")" % (ua(16), s),
])
T(G, "aws-keypair-prose", lambda c: rs(B64A, 40), [
    lambda s, c: "AWS key for the backup user: AKIA%s / %s" % (ua(16), s),
    lambda s, c: "CI IAM user -> AKIA%s %s (us-east-1)" % (ua(16), s),
], ruleless=True)
T(G, "aws-credentials-csv", lambda c: rs(B64A, 40), [
    lambda s, c: "User name,Password,Access key ID,Secret access key,Console login link\n%s,,AKIA%s,%s,https://%s.signin.aws.amazon.com/console" % (c.user, ua(16), s, c.acct),
    lambda s, c: "Access key ID,Secret access key\nAKIA%s,%s" % (ua(16), s),
], ruleless=True)
T(G, "aws-sts-json-output", lambda c: rs(B64A, 40), [
    lambda s, c: "{\n    \"Credentials\": {\n        \"AccessKeyId\": \"ASIA%s\",\n        \"SecretAccessKey\": \"%s\",\n        \"SessionToken\": \"IQoJb3JpZ2luX2VjE%s\",\n        \"Expiration\": \"2025-06-01T12:00:00Z\"\n    }\n}" % (ua(16), s, rs(B64A, 200)),
])
T(G, "aws-iam-create-access-key-output", lambda c: rs(B64A, 40), [
    lambda s, c: "$ aws iam create-access-key --user-name %s\n{\"AccessKey\": {\"UserName\": \"%s\", \"AccessKeyId\": \"AKIA%s\", \"Status\": \"Active\", \"SecretAccessKey\": \"%s\"}}" % (c.user, c.user, ua(16), s),
])
T(G, "alibaba-ltai-positional", lambda c: an(30), [
    lambda s, c: "client = AcsClient('LTAI%s', '%s', 'cn-hangzhou')" % (an(20), s),
    lambda s, c: "aliyun configure set --access-key-id LTAI%s --access-key-secret %s --region cn-shanghai" % (an(20), s),
], ruleless=True)
T(G, "tencent-akid-positional", lambda c: an(32), [
    lambda s, c: "cred = credential.Credential(\"AKID%s\", \"%s\")" % (an(32), s),
], ruleless=True)
T(G, "gcs-hmac-goog-positional", lambda c: rs(B64A, 40), [
    lambda s, c: "gsutil -o 'Credentials:gs_access_key_id=GOOG1E%s' -o 'Credentials:gs_secret_access_key=%s' ls gs://%s" % (ua(55), s, c.bucket),
    lambda s, c: "HMAC key GOOG1E%s secret %s" % (ua(55), s),
], ruleless=True)
T(G, "r2-access-key-pair", lambda c: hx(64), [
    lambda s, c: "R2 token: access key %s secret %s" % (hx(32), s),
    lambda s, c: "new S3Client({ endpoint: 'https://%s.r2.cloudflarestorage.com', credentials: { accessKeyId: '%s', secretAccessKey: '%s' } })" % (hx(32), hx(32), s),
], ruleless=True)
T(G, "do-spaces-key-pair", lambda c: rs(B64A, 43), [
    lambda s, c: "spaces key DO00%s / %s" % (ua(16), s),
], ruleless=True)
T(G, "backblaze-keyid-appkey", lambda c: "K005" + rs(B64A, 27), [
    lambda s, c: "B2_KEY_ID=005%s B2_APP_KEY=%s" % (hx(22), s),
    lambda s, c: "b2 keyID 005%s applicationKey %s" % (hx(22), s),
], ruleless=True)
T(G, "scaleway-scw-pair", lambda c: uuid(), [
    lambda s, c: "scw init access-key=SCW%s secret-key=%s organization-id=%s" % (ua(17), s, uuid()),
    lambda s, c: "Scaleway API key SCW%s : %s" % (ua(17), s),
], ruleless=True)
T(G, "algolia-appid-adminkey", lambda c: hx(32), [
    lambda s, c: "const client = algoliasearch('%s', '%s');" % (ua(10), s),
    lambda s, c: "client = SearchClient.create('%s', '%s')" % (ua(10), s),
], ruleless=True)
T(G, "pusher-appid-key-secret", lambda c: hx(20), [
    lambda s, c: "const pusher = new Pusher({ appId: '%s', key: '%s', secret: '%s', cluster: 'eu' });" % (dg(7), hx(20), s),
    lambda s, c: "pusher = pusher.Pusher('%s', '%s', '%s', cluster='mt1')" % (dg(7), hx(20), s),
], ruleless=True)
T(G, "razorpay-keyid-secret", lambda c: an(24), [
    lambda s, c: "client = razorpay.Client(auth=(\"rzp_live_%s\", \"%s\"))" % (an(14), s),
    lambda s, c: "curl -u rzp_live_%s:%s https://api.razorpay.com/v1/payments" % (an(14), s),
], ruleless=True)
T(G, "mailjet-key-secret-positional", lambda c: hx(32), [
    lambda s, c: "mailjet = Client(auth=('%s', '%s'), version='v3.1')" % (hx(32), s),
    lambda s, c: "curl -s -X POST --user \"%s:%s\" https://api.mailjet.com/v3.1/send" % (hx(32), s),
], ruleless=True)
T(G, "vonage-key-secret-positional", lambda c: an(16), [
    lambda s, c: "client = vonage.Client(key=\"%s\", secret=\"%s\")" % (hx(8), s),
    lambda s, c: "vonage auth set --api-key=%s --api-secret=%s" % (hx(8), s),
], ruleless=True)
T(G, "plaid-clientid-secret", lambda c: hx(30), [
    lambda s, c: "curl -X POST https://production.plaid.com/link/token/create -d '{\"client_id\": \"%s\", \"secret\": \"%s\", \"user\": {\"client_user_id\": \"u1\"}}'" % (hx(24), s),
], ruleless=True)
T(G, "braintree-gateway-keys", lambda c: hx(32), [
    lambda s, c: "gateway = braintree.BraintreeGateway(braintree.Configuration(braintree.Environment.Production, merchant_id=\"%s\", public_key=\"%s\", private_key=\"%s\"))" % (la(16), la(16), s),
])
T(G, "paypal-clientid-secret-basic", lambda c: rs(B64U, 80), [
    lambda s, c: "curl -v https://api-m.paypal.com/v1/oauth2/token -u \"A%s:%s\" -d grant_type=client_credentials" % (rs(B64U, 79), s),
], ruleless=True)
T(G, "oauth-client-id-secret-pair-prose", lambda c: rs(B64U, 40), [
    lambda s, c: "Google OAuth client %s-%s.apps.googleusercontent.com, secret GOCSPX-%s" % (dg(12), la(32), rs(B64U, 28)) if False else "OAuth app for %s: client id %s, client %s" % (c.app, la(20), s),
    lambda s, c: "Zoom S2S app -> account %s client %s %s" % (rs(B64U, 22), rs(B64U, 22), s),
], ruleless=True)
T(G, "github-oauth-app-id-secret", lambda c: hx(40), [
    lambda s, c: "GitHub OAuth app: Iv1.%s / %s" % (hx(16), s),
    lambda s, c: "passport.use(new GitHubStrategy({ clientID: 'Ov23li%s', clientSecret: '%s', callbackURL }))" % (an(14), s),
], ruleless=True)
T(G, "slack-app-id-secret", lambda c: hx(32), [
    lambda s, c: "slack app %s.%s secret %s" % (dg(12), dg(13), s),
], ruleless=True)
T(G, "tweepy-consumer-pair", lambda c: an(50), [
    lambda s, c: "auth = tweepy.OAuth1UserHandler('%s', '%s', '%s-%s', '%s')" % (an(25), s, dg(19), an(30), an(45)),
], ruleless=True)
T(G, "cloudinary-config-positional", lambda c: rs(B64U, 27), [
    lambda s, c: "cloudinary.config(cloud_name='%s', api_key='%s', api_secret='%s')" % (c.org, dg(15), s),
])
T(G, "mux-token-id-secret", lambda c: rs(B64A, 75), [
    lambda s, c: "mux = Mux(token_id='%s', token_secret='%s')" % (uuid(), s),
    lambda s, c: "curl https://api.mux.com/video/v1/assets -u %s:%s" % (uuid(), s),
], ruleless=True)
T(G, "modal-token-pair", lambda c: "as-" + an(22), [
    lambda s, c: "modal token set --token-id ak-%s --token-secret %s" % (an(22), s),
    lambda s, c: "MODAL_TOKEN_ID=ak-%s MODAL_TOKEN_SECRET=%s modal deploy app.py" % (an(22), s),
], ruleless=True)
T(G, "pubnub-keys", lambda c: "sec-c-" + rs(B64A[:-2], 46), [
    lambda s, c: "pubnub = PubNub(PNConfiguration(publish_key='pub-c-%s', subscribe_key='sub-c-%s', secret_key='%s'))" % (uuid(), uuid(), s),
], ruleless=True)
T(G, "azure-storage-account-name-key", lambda c: b64(64), [
    lambda s, c: "BlobServiceClient(account_url='https://st%s.blob.core.windows.net', credential='%s')" % (la(8), s),
    lambda s, c: "storage account st%s key %s" % (la(8), s),
], ruleless=True)
T(G, "kaggle-username-key-prose", lambda c: hx(32), [
    lambda s, c: "kaggle creds %s %s" % (c.first + dg(2), s),
], ruleless=True)
T(G, "browserstack-user-accesskey", lambda c: an(20), [
    lambda s, c: "https://%s_%s:%s@hub-cloud.browserstack.com/wd/hub" % (c.first, la(5), s),
    lambda s, c: "BrowserStack %s_%s / %s" % (c.first, la(5), s),
], ruleless=True)
T(G, "saucelabs-user-accesskey", lambda c: uuid(), [
    lambda s, c: "sauce: oauth-%s-%s %s" % (c.first, la(5), s),
    lambda s, c: "saucectl configure -u oauth-%s-%s -a %s" % (c.first, la(5), s),
], ruleless=True)
T(G, "atlas-public-private-pair", lambda c: uuid(), [
    lambda s, c: "atlas API key: public %s private %s" % (la(8), s),
], ruleless=True)
T(G, "confluent-key-secret-prose", lambda c: rs(B64A, 64), [
    lambda s, c: "kafka cluster key %s secret %s" % (ua(16), s),
    lambda s, c: "Confluent Cloud API key %s:%s (cluster lkc-%s)" % (ua(16), s, la(5)),
], ruleless=True)
T(G, "datadog-initialize-pair", lambda c: hx(40), [
    lambda s, c: "initialize(api_key='%s', app_key='%s')" % (hx(32), s),
], ruleless=True)
T(G, "binance-key-secret", lambda c: an(64), [
    lambda s, c: "client = Client('%s', '%s')" % (an(64), s),
    lambda s, c: "exchange = ccxt.binance({'apiKey': '%s', 'secret': '%s'})" % (an(64), s),
], ruleless=True)
T(G, "alpaca-key-secret", lambda c: an(40), [
    lambda s, c: "api = tradeapi.REST('PK%s', '%s', 'https://api.alpaca.markets')" % (ua(18), s),
], ruleless=True)
T(G, "maxmind-account-license", lambda c: an(6) + "_" + an(29) + "_mmk", [
    lambda s, c: "geoipupdate account %s license %s" % (dg(6), s),
    lambda s, c: "AccountID %s\nLicenseKey %s\nEditionIDs GeoLite2-City" % (dg(6), s),
], ruleless=True)
T(G, "shopify-key-secret-prose", lambda c: "shp" + "ss_" + hx(32), [
    lambda s, c: "Shopify app %s / %s (partners dashboard)" % (hx(32), s),
])
T(G, "generic-account-token-prose", lambda c: an(R.randint(28, 44)), [
    lambda s, c: "account %s token %s" % (dg(8), s),
    lambda s, c: "tenant %s -> %s" % (c.tenant, s),
    lambda s, c: "merchant %s key %s" % (dg(9), s),
    lambda s, c: "login %s with %s" % (c.email, s),
], ruleless=True)
T(G, "user-slash-password-prose", lambda c: pw(), [
    lambda s, c: "creds: %s / %s" % (c.user, s),
    lambda s, c: "%s:%s on the bastion" % (c.user, s),
    lambda s, c: "SSH into %s as %s (%s)" % (c.ip, c.user, s),
], ruleless=True)
T(G, "ckan-style-apikey-after-user", lambda c: uuid(), [
    lambda s, c: "ckanapi action package_list -r https://data.%s -a %s" % (c.domain, s),
], ruleless=True)
T(G, "keen-project-key", lambda c: HX(64), [
    lambda s, c: "KeenClient(project_id='%s', write_key='%s')" % (hx(24), s),
], ruleless=True)
T(G, "oracle-customer-secret-key", lambda c: rs(B64A, 44), [
    lambda s, c: "OCI customer secret key %s : %s" % (hx(40), s),
], ruleless=True)
T(G, "ibm-hmac-pair", lambda c: hx(48), [
    lambda s, c: "cos_hmac_keys: {\"access_key_id\": \"%s\", \"secret_access_key\": \"%s\"}" % (hx(32), s),
])


# ================================================================ headers, cookies, query strings
G = "header-cookie"
T(G, "authorization-bearer-opaque", lambda c: rs(B64U, R.randint(32, 64)), [
    lambda s, c: "curl -H 'Authorization: Bearer %s' https://api.%s/v1/me" % (s, c.domain),
    lambda s, c: "GET /v2/orders HTTP/1.1\nHost: api.%s\nAuthorization: Bearer %s\nAccept: */*" % (c.domain, s),
    lambda s, c: "authorization: bearer %s" % s,
], ruleless=True)
T(G, "authorization-bearer-jwt", lambda c: jwt({"sub": uuid(), "email": c.email, "iat": ts_epoch(), "exp": ts_epoch() + 3600, "scope": "openid profile"}, pick(["RS256", "HS256", "ES256"])), [
    lambda s, c: "curl https://api.%s/graphql -H \"Authorization: Bearer %s\" -d @q.json" % (c.domain, s),
    lambda s, c: "{\"headers\": {\"Authorization\": \"Bearer %s\"}}" % s,
])
T(G, "authorization-basic", lambda c: b64s(c.user + ":" + pw()), [
    lambda s, c: "curl -H 'Authorization: Basic %s' https://registry.%s/v2/_catalog" % (s, c.domain),
    lambda s, c: "Authorization: Basic %s" % s,
    lambda s, c: "headers = {'Authorization': 'Basic %s'}" % s,
])
T(G, "authorization-token-drf", lambda c: hx(40), [
    lambda s, c: "curl -H 'Authorization: Token %s' https://%s/api/v1/projects/" % (s, c.domain),
    lambda s, c: "http https://netbox.%s/api/dcim/devices/ 'Authorization:Token %s'" % (c.domain, s),
], ruleless=True)
T(G, "authorization-custom-scheme", lambda c: rs(B64U, 40), [
    lambda s, c: "Authorization: Acme-HMAC key=%s, sig=%s" % (la(12), s),
    lambda s, c: "curl -H 'Authorization: SharedKey st%s:%s' https://st.blob.core.windows.net/c" % (la(6), b64(32)) if False else "curl -H 'Authorization: ApiToken %s' https://api.%s/v3/status" % (s, c.domain),
], ruleless=True)
T(G, "x-api-key-header", lambda c: an(R.randint(32, 48)), [
    lambda s, c: "curl -H 'X-API-KEY: %s' https://api.%s/v1/items" % (s, c.domain),
    lambda s, c: "x-api-key: %s" % s,
    lambda s, c: "requests.get(url, headers={\"X-Api-Key\": \"%s\"})" % s,
])
T(G, "ocp-apim-subscription-key", lambda c: hx(32), [
    lambda s, c: "curl -H 'Ocp-Apim-Subscription-Key: %s' https://%s-apim.azure-api.net/orders/v1" % (s, c.org),
], ruleless=True)
T(G, "x-auth-token-header", lambda c: rs(B64U, 43), [
    lambda s, c: "curl -H \"X-Auth-Token: %s\" https://openstack.%s:8774/v2.1/servers" % (s, c.domain),
    lambda s, c: "X-Auth-Token: %s" % s,
], ruleless=True)
T(G, "custom-vendor-header", lambda c: an(36), [
    lambda s, c: "curl -H 'X-RapidAPI-Key: %s' -H 'X-RapidAPI-Host: weather.p.rapidapi.com' https://weather.p.rapidapi.com/now" % s,
    lambda s, c: "curl -H 'X-Riot-Token: RGAPI-%s' https://euw1.api.riotgames.com/lol/status/v4/platform-data" % s,
    lambda s, c: "curl -H 'X-CMC_PRO_API_KEY: %s' https://pro-api.coinmarketcap.com/v1/cryptocurrency/listings/latest" % s,
    lambda s, c: "curl -H 'X-Goog-Api-Key: AIza%s' https://translation.googleapis.com/language/translate/v2" % rs(B64U, 35) if False else "curl -H 'X-Acme-Service-Secret: %s' https://internal.%s/jobs" % (s, c.domain),
], ruleless=True)
T(G, "apikey-header-supabase", lambda c: jwt({"iss": "supabase", "ref": la(20), "role": "service_role", "iat": ts_epoch(), "exp": ts_epoch() + 3e8}), [
    lambda s, c: "curl 'https://%s.supabase.co/rest/v1/orders?select=*' -H 'apikey: %s'" % (la(20), s),
])
T(G, "cookie-connect-sid", lambda c: "s%3A" + rs(B64U, 32) + "." + qurl(b64(32).rstrip("=")), [
    lambda s, c: "curl -b 'connect.sid=%s' https://%s/admin/api/users" % (s, c.domain),
    lambda s, c: "curl --cookie \"connect.sid=%s; theme=dark\" http://localhost:3000/dashboard" % s,
    lambda s, c: "Cookie: connect.sid=%s" % s,
])
T(G, "cookie-django-sessionid", lambda c: la(32), [
    lambda s, c: "curl -b 'csrftoken=%s; sessionid=%s' https://%s/admin/" % (an(32), s, c.domain),
    lambda s, c: "Cookie: sessionid=%s" % s,
])
T(G, "cookie-rails-session", lambda c: qurl(b64(120)) + "--" + hx(40), [
    lambda s, c: "Cookie: _%s_session=%s" % (c.app.replace("-", "_"), s),
    lambda s, c: "curl -H 'Cookie: _shop_session=%s' https://%s/orders" % (s, c.domain),
], ruleless=True)
T(G, "cookie-laravel-session", lambda c: qurl(b64s('{"iv":"%s","value":"%s","mac":"%s","tag":""}' % (b64(16), b64(64), hx(64)))), [
    lambda s, c: "Cookie: XSRF-TOKEN=abc; laravel_session=%s" % s,
], ruleless=True)
T(G, "cookie-phpsessid", lambda c: la(26), [
    lambda s, c: "curl -b PHPSESSID=%s https://%s/wp-admin/" % (s, c.domain),
    lambda s, c: "Set-Cookie: PHPSESSID=%s; path=/; HttpOnly" % s,
], ruleless=True)
T(G, "cookie-jsessionid", lambda c: HX(32), [
    lambda s, c: "Cookie: JSESSIONID=%s" % s,
    lambda s, c: "curl --cookie 'JSESSIONID=%s' https://jira.%s/rest/api/2/myself" % (s, c.domain),
], ruleless=True)
T(G, "cookie-aspnet-auth", lambda c: "CfDJ8" + rs(B64U, 300), [
    lambda s, c: "Cookie: .AspNetCore.Cookies=%s" % s,
], ruleless=True)
T(G, "cookie-nextauth-session", lambda c: "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.." + rs(B64U, 22) + "." + rs(B64U, 200) + "." + rs(B64U, 22), [
    lambda s, c: "Cookie: __Secure-next-auth.session-token=%s" % s,
    lambda s, c: "curl -b '__Secure-authjs.session-token=%s' https://%s/api/me" % (s, c.domain),
])
T(G, "cookie-gitlab-session", lambda c: hx(32), [
    lambda s, c: "curl -b '_gitlab_session=%s' https://gitlab.%s/api/v4/user" % (s, c.domain),
], ruleless=True)
T(G, "cookie-wordpress-logged-in", lambda c: c.user + "%7C" + dg(10) + "%7C" + an(43) + "%7C" + hx(64), [
    lambda s, c: "Cookie: wordpress_logged_in_%s=%s" % (hx(32), s),
], ruleless=True)
T(G, "set-cookie-remember-token", lambda c: rs(B64U, 64), [
    lambda s, c: "Set-Cookie: remember_user_token=%s; expires=Fri, 01 Aug 2025 10:00:00 GMT; HttpOnly; Secure" % s,
    lambda s, c: "< set-cookie: session=%s; Path=/; Secure; HttpOnly; SameSite=Lax" % s,
], ruleless=True)
T(G, "har-header-entry", lambda c: rs(B64U, 48), [
    lambda s, c: "{\"name\": \"authorization\", \"value\": \"Bearer %s\"}" % s,
    lambda s, c: "\"headers\": [{\"name\": \"Cookie\", \"value\": \"sid=%s\"}]" % s,
], ruleless=True)
T(G, "query-api-key", lambda c: an(32), [
    lambda s, c: "GET https://api.%s/v1/search?q=shoes&api_key=%s" % (c.domain, s),
    lambda s, c: "curl 'https://maps.%s/geocode?address=Berlin&key=%s'" % (c.domain, s),
], ruleless=True)
T(G, "query-access-token", lambda c: rs(B64U, 48), [
    lambda s, c: "https://graph.%s/me?fields=id,name&access_token=%s" % (c.domain, s),
    lambda s, c: "wss://realtime.%s/socket?token=%s&vsn=2.0.0" % (c.domain, s),
], ruleless=True)
T(G, "query-client-secret", lambda c: rs(B64U, 32), [
    lambda s, c: "https://login.%s/oauth/token?grant_type=client_credentials&client_id=%s&client_secret=%s" % (c.domain, la(16), s),
])
T(G, "query-password-urlencoded", lambda c: qurl(pw()), [
    lambda s, c: "https://%s/api/login?user=%s&password=%s" % (c.domain, c.user, s),
    lambda s, c: "GET /cgi-bin/admin.cgi?action=login&pass=%s HTTP/1.1" % s,
])
T(G, "webhook-url-slack", lambda c: an(24), [
    lambda s, c: "SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T%s/B%s/%s" % (ua(8), ua(10), s),
    lambda s, c: "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy ok\"}' https://hooks.slack.com/services/T%s/B%s/%s" % (ua(8), ua(10), s),
])
T(G, "webhook-url-discord", lambda c: rs(B64U, 68), [
    lambda s, c: "DISCORD_WEBHOOK=https://discord.com/api/webhooks/%s/%s" % (dg(19), s),
])
T(G, "webhook-url-teams", lambda c: hx(32), [
    lambda s, c: "https://%s.webhook.office.com/webhookb2/%s@%s/IncomingWebhook/%s/%s" % (c.org, uuid(), c.tenant, s, uuid()),
], ruleless=True)
T(G, "webhook-url-zapier-make", lambda c: la(7) + dg(3) + la(2), [
    lambda s, c: "ZAPIER_HOOK=https://hooks.zapier.com/hooks/catch/%s/%s/" % (dg(7), s),
], ruleless=True)
T(G, "webhook-url-generic-path-token", lambda c: rs(B64U, 40), [
    lambda s, c: "https://hooks.%s/in/%s" % (c.domain, s),
    lambda s, c: "alertmanager webhook_configs: - url: https://ops.%s/hook/%s" % (c.domain, s),
], ruleless=True)
T(G, "google-chat-webhook", lambda c: rs(B64U, 43) + "%3D", [
    lambda s, c: "https://chat.googleapis.com/v1/spaces/AAAA%s/messages?key=AIza%s&token=%s" % (an(7), rs(B64U, 35), s),
], ruleless=True)
T(G, "signed-url-signature", lambda c: hx(64), [
    lambda s, c: "https://%s.s3.amazonaws.com/export.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%s%%2F20250301%%2F%s%%2Fs3%%2Faws4_request&X-Amz-Date=20250301T000000Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature=%s" % (c.bucket, ua(16), c.region, s),
], ruleless=True)
T(G, "grpc-metadata-token", lambda c: rs(B64U, 40), [
    lambda s, c: "grpcurl -H 'x-token: %s' api.%s:443 list" % (s, c.domain),
], ruleless=True)
T(G, "websocket-auth-message", lambda c: rs(B64U, 40), [
    lambda s, c: "ws.send(JSON.stringify({type: 'auth', key: '%s'}))" % s,
], ruleless=True)


# ================================================================ prose notes
G = "prose"
T(G, "prose-password-is", lambda c: pw(), [
    lambda s, c: "The staging password is %s - same for the admin console." % s,
    lambda s, c: "Decision: keep the %s DB user; its password is %s until ops rotates it." % (c.user, s),
    lambda s, c: "Note to self: prod db pw = %s" % s,
    lambda s, c: "Logged in to the router with admin/%s and reset the DHCP range." % s,
], ruleless=True)
T(G, "prose-next-steps-rotate", lambda c: pw_random(R.randint(14, 24)), [
    lambda s, c: "Next steps: rotate the shared password (%s) after the migration and update 1Password." % s,
    lambda s, c: "TODO: %s is hardcoded in seed.ts; move it to the vault" % s,
], ruleless=True)
T(G, "prose-token-mentioned", lambda c: an(R.randint(30, 48)), [
    lambda s, c: "The deploy token I generated is %s (expires Friday)." % s,
    lambda s, c: "Used %s as the bearer for the smoke tests against %s." % (s, c.domain),
    lambda s, c: "Jamie shared the partner key over Slack: %s" % s,
], ruleless=True)
T(G, "prose-colon-newline", lambda c: rs(B64U, R.randint(32, 56)), [
    lambda s, c: "Service account token (copy exactly):\n%s" % s,
    lambda s, c: "here's the key they sent us\n\n    %s\n\nit only works from the office IP" % s,
], ruleless=True)
T(G, "prose-human-password-hunter", lambda c: pick(["hunter22", "letmein12", "iloveyou2", "trustno1!", "qwerty123", "dragon2024", "Passw0rd!", "abc12345", "monkey123", "football7"]), [
    lambda s, c: "password for the test VM: %s" % s,
    lambda s, c: "The kiosk login password is '%s' (yes, really)." % s,
], ruleless=True)
T(G, "prose-passphrase", lambda c: pw_phrase(" "), [
    lambda s, c: "The GPG passphrase for the release key is \"%s\"." % s,
    lambda s, c: "wifi passphrase: %s" % s,
], ruleless=True)
T(G, "prose-pin-code", lambda c: dg(8), [
    lambda s, c: "Door/alarm code for the server room is %s" % s,
    lambda s, c: "The HSM operator PIN is %s, SO PIN is in the safe." % s,
], ruleless=True)
T(G, "prose-quoted-backticks", lambda c: pw(), [
    lambda s, c: "Set `DB_PASSWORD` to `%s` in the staging env and redeploy." % s,
    lambda s, c: "Mot: the credential is \u201c%s\u201d." % s if False else "The root password (\u201c%s\u201d) was in the handover doc." % s,
], ruleless=True)
T(G, "prose-markdown-table", lambda c: pw(), [
    lambda s, c: "| env | user | password |\n|-----|------|----------|\n| staging | %s | %s |" % (c.user, s),
], ruleless=True)
T(G, "prose-german", lambda c: pw(), [
    lambda s, c: "Das Passwort f\u00fcr die Staging-Datenbank ist %s" % s,
    lambda s, c: "Zugangsdaten: Benutzer %s, Kennwort %s" % (c.user, s),
], ruleless=True)
T(G, "prose-german-api-key", lambda c: an(40), [
    lambda s, c: "Der API-Schl\u00fcssel lautet %s, bitte nicht committen." % s,
], ruleless=True)
T(G, "prose-french", lambda c: pw(), [
    lambda s, c: "Le mot de passe de la base de prod est %s" % s,
    lambda s, c: "mdp admin : %s (\u00e0 changer)" % s,
], ruleless=True)
T(G, "prose-french-api-key", lambda c: an(40), [
    lambda s, c: "La cl\u00e9 API du fournisseur est %s" % s,
], ruleless=True)
T(G, "prose-spanish", lambda c: pw(), [
    lambda s, c: "La contrase\u00f1a del servidor es %s" % s,
    lambda s, c: "usuario: %s contrase\u00f1a: %s" % (c.user, s),
], ruleless=True)
T(G, "prose-spanish-token", lambda c: an(40), [
    lambda s, c: "El token de acceso es %s y vence en 30 d\u00edas." % s,
], ruleless=True)
T(G, "prose-portuguese", lambda c: pw(), [
    lambda s, c: "A senha do banco de homologa\u00e7\u00e3o \u00e9 %s" % s,
    lambda s, c: "senha do admin: %s" % s,
], ruleless=True)
T(G, "prose-italian", lambda c: pw(), [
    lambda s, c: "La password dell'utente %s \u00e8 %s" % (c.user, s),
], ruleless=True)
T(G, "prose-dutch", lambda c: pw(), [
    lambda s, c: "Het wachtwoord voor de testomgeving is %s" % s,
], ruleless=True)
T(G, "prose-polish", lambda c: pw(), [
    lambda s, c: "Has\u0142o do serwera testowego: %s" % s,
], ruleless=True)
T(G, "prose-russian", lambda c: pw(), [
    lambda s, c: "\u041f\u0430\u0440\u043e\u043b\u044c \u043e\u0442 \u0431\u0430\u0437\u044b: %s" % s,
    lambda s, c: "\u0442\u043e\u043a\u0435\u043d \u0434\u043b\u044f API: %s" % s,
], ruleless=True)
T(G, "prose-japanese", lambda c: pw(), [
    lambda s, c: "\u30b9\u30c6\u30fc\u30b8\u30f3\u30b0\u306e\u30d1\u30b9\u30ef\u30fc\u30c9\u306f %s \u3067\u3059" % s,
    lambda s, c: "API\u30ad\u30fc\uff1a%s" % s,
], ruleless=True)
T(G, "prose-chinese", lambda c: pw(), [
    lambda s, c: "\u6570\u636e\u5e93\u5bc6\u7801\u662f %s" % s,
    lambda s, c: "\u8bbf\u95ee\u4ee4\u724c\uff1a%s" % s,
], ruleless=True)
T(G, "prose-korean", lambda c: pw(), [
    lambda s, c: "\uc11c\ubc84 \ube44\ubc00\ubc88\ud638\ub294 %s \uc785\ub2c8\ub2e4" % s,
], ruleless=True)
T(G, "prose-turkish", lambda c: pw(), [
    lambda s, c: "Veritaban\u0131 \u015fifresi: %s" % s,
], ruleless=True)
T(G, "prose-swedish", lambda c: pw(), [
    lambda s, c: "L\u00f6senordet till testmilj\u00f6n \u00e4r %s" % s,
], ruleless=True)
T(G, "prose-czech", lambda c: pw(), [
    lambda s, c: "Heslo k datab\u00e1zi je %s" % s,
], ruleless=True)
T(G, "prose-vietnamese", lambda c: pw(), [
    lambda s, c: "M\u1eadt kh\u1ea9u m\u00e1y ch\u1ee7 l\u00e0 %s" % s,
], ruleless=True)
T(G, "prose-hindi", lambda c: pw(), [
    lambda s, c: "\u0938\u0930\u094d\u0935\u0930 \u0915\u093e \u092a\u093e\u0938\u0935\u0930\u094d\u0921 %s \u0939\u0948" % s,
], ruleless=True)
T(G, "prose-indonesian", lambda c: pw(), [
    lambda s, c: "Kata sandi untuk server staging adalah %s" % s,
], ruleless=True)
T(G, "prose-ukrainian", lambda c: pw(), [
    lambda s, c: "\u041f\u0430\u0440\u043e\u043b\u044c \u0434\u043e \u0441\u0435\u0440\u0432\u0435\u0440\u0430: %s" % s,
], ruleless=True)
T(G, "prose-arabic", lambda c: pw(), [
    lambda s, c: "\u0643\u0644\u0645\u0629 \u0627\u0644\u0645\u0631\u0648\u0631 \u0647\u064a %s" % s,
], ruleless=True)
T(G, "prose-handoff-multi", lambda c: rs(B64A, 40), [
    lambda s, c: "Handoff: bucket %s, region %s, key id AKIA%s, secret %s. Don't paste in Jira." % (c.bucket, c.region, ua(16), s),
], ruleless=True)
T(G, "prose-chat-paste", lambda c: pw(), [
    lambda s, c: "[10:42] %s: try %s\n[10:43] me: that worked, thanks" % (c.first, s),
    lambda s, c: "> %s wrote: the vpn pass changed to %s" % (c.first, s),
], ruleless=True)
T(G, "prose-commit-message", lambda c: pw(), [
    lambda s, c: "git commit -m \"temp: use %s for local admin until SSO lands\"" % s,
], ruleless=True)
T(G, "prose-decision-record", lambda c: hx(64), [
    lambda s, c: "ADR-12: webhook signing secret is %s for all tenants (to be split per tenant in Q3)." % s,
], ruleless=True)


# ================================================================ private keys, wallets
G = "private-key"
RSA_PFX = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ"
T(G, "pem-pkcs8-private-key", lambda c: wrap(RSA_PFX + rs(B64A, 1574) + "==", 64), [
    lambda s, c: "-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----" % s,
    lambda s, c: "cat > key.pem <<'EOF'\n-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----\nEOF" % s,
])
T(G, "pem-rsa-private-key", lambda c: wrap("MIIEpAIBAAKCAQEA" + rs(B64A, 1572), 64), [
    lambda s, c: "-----BEGIN RSA PRIVATE KEY-----\n%s\n-----END RSA PRIVATE KEY-----" % s,
])
T(G, "pem-ec-private-key", lambda c: wrap("MHcCAQEEI" + rs(B64A, 151), 64), [
    lambda s, c: "-----BEGIN EC PRIVATE KEY-----\n%s\n-----END EC PRIVATE KEY-----" % s,
    lambda s, c: "APNS_KEY=\"-----BEGIN EC PRIVATE KEY-----\n%s\n-----END EC PRIVATE KEY-----\"" % s,
])
T(G, "pem-encrypted-private-key", lambda c: wrap("MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI" + rs(B64A, 1700), 64), [
    lambda s, c: "-----BEGIN ENCRYPTED PRIVATE KEY-----\n%s\n-----END ENCRYPTED PRIVATE KEY-----" % s,
])
T(G, "apple-p8-key", lambda c: wrap("MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg" + rs(B64A, 140), 64), [
    lambda s, c: "AuthKey_%s.p8:\n-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----" % (ua(10), s),
])
T(G, "openssh-private-key", lambda c: wrap("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW" + rs(B64A, 330), 70), [
    lambda s, c: "-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % s,
    lambda s, c: "echo \"-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----\" > ~/.ssh/id_ed25519" % s,
])
T(G, "json-escaped-private-key", lambda c: "\\n".join(wrap(RSA_PFX + rs(B64A, 1574) + "==", 64).split("\n")), [
    lambda s, c: "{\n  \"type\": \"service_account\",\n  \"project_id\": \"%s-prod\",\n  \"private_key_id\": \"%s\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"deployer@%s-prod.iam.gserviceaccount.com\"\n}" % (c.org, hx(40), s, c.org),
    lambda s, c: "FIREBASE_PRIVATE_KEY=\"-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n\"" % s,
])
T(G, "gcp-private-key-id-alone", lambda c: hx(40), [
    lambda s, c: "\"private_key_id\": \"%s\"," % s,
], ruleless=True)
T(G, "putty-ppk-private-lines", lambda c: wrap(rs(B64A, 44) + "=", 64), [
    lambda s, c: "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: %s@laptop\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAI%s\n%s\nPrivate-Lines: 1\n%s\nPrivate-MAC: %s" % (c.first, rs(B64A, 43)[:40], rs(B64A, 8), s, hx(64)),
], ruleless=True)
T(G, "pgp-private-key-block", lambda c: wrap("lQdGBG" + rs(B64A, 900), 64), [
    lambda s, c: "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n%s\n=%s\n-----END PGP PRIVATE KEY BLOCK-----" % (s, rs(B64A, 4)),
])
T(G, "age-secret-key", lambda c: "AGE-SECRET-KEY-1" + rs(BECH.upper(), 58), [
    lambda s, c: "# created: 2025-02-01T10:00:00Z\n# public key: age1%s\n%s" % (rs(BECH, 58), s),
    lambda s, c: "SOPS_AGE_KEY=%s" % s,
])
T(G, "wireguard-private-key", lambda c: b64(32), [
    lambda s, c: "[Interface]\nPrivateKey = %s\nAddress = 10.8.0.2/24\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = %s\nEndpoint = vpn.%s:51820" % (s, b64(32), c.domain),
    lambda s, c: "wg0:\n  private_key: \"%s\"" % s,
], ruleless=True)
T(G, "jwk-private-d", lambda c: b64u(32), [
    lambda s, c: "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"%s\",\"y\":\"%s\",\"d\":\"%s\",\"kid\":\"sig-2025\"}" % (b64u(32), b64u(32), s),
    lambda s, c: "{\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"d\":\"%s\",\"x\":\"%s\"}" % (s, b64u(32)),
], ruleless=True)
T(G, "jwk-rsa-private-d", lambda c: b64u(256), [
    lambda s, c: "{\"kty\":\"RSA\",\"n\":\"%s\",\"e\":\"AQAB\",\"d\":\"%s\",\"p\":\"%s\"}" % (b64u(256), s, b64u(128)),
], ruleless=True)
T(G, "ethereum-private-key-hex", lambda c: "0x" + hx(64), [
    lambda s, c: "PRIVATE_KEY=%s" % s,
    lambda s, c: "const wallet = new ethers.Wallet('%s', provider);" % s,
    lambda s, c: "deployer key %s (funded with 0.5 ETH on sepolia)" % s,
], ruleless=True)
T(G, "ethereum-private-key-bare", lambda c: hx(64), [
    lambda s, c: "networks: { sepolia: { url: RPC, accounts: ['%s'] } }" % s,
    lambda s, c: "cast send --private-key %s 0x%s 'mint()'" % (s, hx(40)),
], ruleless=True)
T(G, "bitcoin-wif", lambda c: pick(["K", "L"]) + rs(B58, 51), [
    lambda s, c: "bitcoin-cli importprivkey %s \"cold\" false" % s,
    lambda s, c: "WIF: %s" % s,
], ruleless=True)
T(G, "bip32-xprv", lambda c: "xprv9s21ZrQH143K" + rs(B58, 95), [
    lambda s, c: "master xprv: %s" % s,
], ruleless=True)
WL = ("abandon ability able about above absent absorb abstract absurd abuse access accident account accuse "
      "achieve acid acoustic acquire across act action actor actress actual adapt add addict address adjust "
      "admit adult advance advice aerobic affair afford afraid again age agent agree ahead aim air airport "
      "aisle alarm album alcohol alert alien all alley allow almost alone alpha already also alter always "
      "amateur amazing among amount amused analyst anchor ancient anger angle angry animal ankle announce "
      "annual another answer antenna antique anxiety any apart apology appear apple approve april arch "
      "arctic area arena argue arm armed armor army around arrange arrest arrive arrow art artefact artist "
      "bacon badge bag balance balcony ball bamboo banana banner bar barely bargain barrel base basic basket "
      "battle beach bean beauty because become beef before begin behave behind believe below belt bench "
      "benefit best betray better between beyond bicycle bid bike bind biology bird birth bitter black blade "
      "cabbage cabin cable cactus cage cake call calm camera camp can canal cancel candy cannon canoe canvas "
      "canyon capable capital captain car carbon card cargo carpet carry cart case cash casino castle "
      "dance danger daring dash daughter dawn day deal debate debris decade december decide decline "
      "decorate decrease deer defense define defy degree delay deliver demand demise denial dentist deny "
      "eager eagle early earn earth easily east easy echo ecology economy edge edit educate effort egg").split()
T(G, "bip39-mnemonic-12", lambda c: " ".join(pick(WL) for _ in range(12)), [
    lambda s, c: "seed phrase: %s" % s,
    lambda s, c: "MNEMONIC=\"%s\"" % s,
    lambda s, c: "hardhat: accounts: { mnemonic: \"%s\" }" % s,
], ruleless=True)
T(G, "bip39-mnemonic-24", lambda c: " ".join(pick(WL) for _ in range(24)), [
    lambda s, c: "recovery words for the treasury ledger:\n%s" % s,
    lambda s, c: "WALLET_SEED='%s'" % s,
], ruleless=True)
T(G, "solana-keypair-array", lambda c: "[" + ",".join(str(R.randint(0, 255)) for _ in range(64)) + "]", [
    lambda s, c: "cat ~/.config/solana/id.json\n%s" % s,
    lambda s, c: "SOLANA_PRIVATE_KEY=%s" % s,
], ruleless=True)
T(G, "solana-base58-secret", lambda c: rs(B58, 88), [
    lambda s, c: "const payer = Keypair.fromSecretKey(bs58.decode('%s'));" % s,
], ruleless=True)
T(G, "nostr-nsec", lambda c: "nsec1" + rs(BECH, 58), [
    lambda s, c: "NOSTR_PRIVATE_KEY=%s" % s,
    lambda s, c: "my bot key is %s" % s,
], ruleless=True)
T(G, "stellar-secret-seed", lambda c: "S" + rs(B32U, 55), [
    lambda s, c: "StellarSdk.Keypair.fromSecret('%s')" % s,
], ruleless=True)
T(G, "minisign-secret-key", lambda c: "RWRTY0Iy" + rs(B64A, 204), [
    lambda s, c: "untrusted comment: minisign encrypted secret key\n%s" % s,
], ruleless=True)
T(G, "signify-secret-key", lambda c: "RWRCSwAAAA" + rs(B64A, 142), [
    lambda s, c: "untrusted comment: signify secret key\n%s" % s,
], ruleless=True)
T(G, "cosign-private-key", lambda c: wrap("eyJrZGYiOnsibmFtZSI6InNjcnlwdCIsInBhcmFtcyI6eyJOIjozMjc2OCwiciI6OCwicCI6MX0sInNhbHQiOiI" + rs(B64A, 500), 64), [
    lambda s, c: "-----BEGIN ENCRYPTED SIGSTORE PRIVATE KEY-----\n%s\n-----END ENCRYPTED SIGSTORE PRIVATE KEY-----" % s,
], ruleless=True)
T(G, "ssh-key-b64-env", lambda c: b64s("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ" + rs(B64A, 300) + "\n-----END OPENSSH PRIVATE KEY-----\n"), [
    lambda s, c: "SSH_PRIVATE_KEY_B64=%s" % s,
    lambda s, c: "echo %s | base64 -d > ~/.ssh/deploy_key" % s,
])
T(G, "tor-hs-ed25519-secret", lambda c: b64(96), [
    lambda s, c: "hs_ed25519_secret_key (base64): %s" % s,
], ruleless=True)
T(G, "tink-keyset-json", lambda c: b64(68), [
    lambda s, c: "{\"primaryKeyId\":%s,\"key\":[{\"keyData\":{\"typeUrl\":\"type.googleapis.com/google.crypto.tink.AesGcmKey\",\"value\":\"%s\",\"keyMaterialType\":\"SYMMETRIC\"},\"status\":\"ENABLED\",\"keyId\":%s,\"outputPrefixType\":\"TINK\"}]}" % (dg(9), s, dg(9)),
], ruleless=True)
T(G, "symmetric-aes-key-hex", lambda c: hx(64), [
    lambda s, c: "ENCRYPTION_KEY=%s" % s,
    lambda s, c: "aes_key: %s  # 256-bit, used for PII columns" % s,
], ruleless=True)
T(G, "totp-seed-base32", lambda c: rs(B32U, 32), [
    lambda s, c: "otpauth://totp/Acme:%s?secret=%s&issuer=Acme" % (qurl(c.email), s),
    lambda s, c: "MFA seed for the shared root account: %s" % s,
], ruleless=True)
T(G, "android-keystore-props", lambda c: pw_plain(), [
    lambda s, c: "storeFile=release.jks\nstorePassword=%s\nkeyAlias=upload\nkeyPassword=%s" % (s, s),
], ruleless=True)


# ================================================================ trim to about 1,000 rows
def _trim(rows, target, priority):
    rr = random.Random(0x5EED0005 + 1)
    by = {}
    order = []
    for row in rows:
        if row[1] not in by:
            order.append(row[1])
        by.setdefault(row[1], []).append(row)
    keep = []
    spare = []
    for f in order:
        lst = by[f][:]
        rr.shuffle(lst)
        k = 3 if f in priority else 1
        keep.extend(lst[:k])
        spare.extend(lst[k:])
    rr.shuffle(spare)
    keep.extend(spare[:max(0, target - len(keep))])
    idx = {id(r): i for i, r in enumerate(rows)}
    keep.sort(key=lambda r: idx[id(r)])
    return keep


_PRIORITY = set("""pgpass-line pgpass-wildcard netrc-oneline netrc-multiline netrc-default docker-config-auth
twilio-client-positional twilio-prose-sid-token aws-credentials-constructor mailgun-private-key-new
mailgun-key-prefix cookie-connect-sid doppler-service-token kubectl-from-literal
powershell-convertto-securestring prose-password-is user-slash-password-prose generic-account-token-prose
mysql-p-attached postgres-url mongodb-srv-url curl-u-userpass""".split())
SECRETS[:] = _trim(SECRETS, 1050, _PRIORITY)
_FORMATS = dict((r[1], r[0]) for r in SECRETS)
RULELESS_FORMATS = set(f for f in RULELESS_FORMATS if f in _FORMATS)


# ================================================================ BENIGN look-alikes
BENIGN = []


def B(n, *fns):
    for i in range(n):
        c = C()
        BENIGN.append(fns[i % len(fns)](c))


SENT = ["deploy finished without errors", "migrate the orders table to the new schema",
        "hello from the staging cluster", "user preferences: dark mode, compact list",
        "The quick brown fox jumps over the lazy dog", "release notes for version 4.2",
        "{\"feature\":\"checkout-v2\",\"enabled\":true}", "backup completed at 03:00 UTC",
        "apiVersion: v1\nkind: ConfigMap", "#!/bin/sh\necho starting worker",
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit", "order_id,total,currency"]

# git SHAs and commit refs
B(40,
  lambda c: "git checkout %s" % hx(40),
  lambda c: "git cherry-pick %s && git push origin HEAD:release/4.%d" % (hx(40), R.randint(1, 9)),
  lambda c: "Merge commit %s into main" % hx(7),
  lambda c: "fixed in %s (see PR #%d)" % (hx(10), R.randint(100, 9999)),
  lambda c: "git rebase -i %s~3" % hx(12),
  lambda c: "HEAD is now at %s chore: bump deps" % hx(7),
  lambda c: "commit %s\nAuthor: %s <%s>\nDate:   Tue Mar 4 10:12:55 2025 +0100\n\n    fix: retry on 429" % (hx(40), c.first, c.email),
  lambda c: "git diff %s..%s -- src/auth/" % (hx(8), hx(8)),
  lambda c: "GITHUB_SHA=%s" % hx(40),
  lambda c: "CI_COMMIT_SHA: %s\nCI_COMMIT_SHORT_SHA: %s" % (hx(40), hx(8)),
  lambda c: "git bisect bad %s" % hx(40),
  lambda c: "Reverted %s because the auth token refresh loop regressed" % hx(12),
  lambda c: "uses: actions/checkout@%s # v4.1.7" % hx(40),
  lambda c: "submodule 'vendor/proto' (%s)" % hx(40),
  lambda c: "  - repo: https://github.com/psf/black\n    rev: %s" % hx(40),
)
# checksums, integrity lines, digests, etags
B(60,
  lambda c: "sha256:%s" % hx(64),
  lambda c: "SHA256 (%s-linux-amd64.tar.gz) = %s" % (c.app, hx(64)),
  lambda c: "%s  %s-v%d.%d.%d.zip" % (hx(64), c.app, R.randint(0, 9), R.randint(0, 20), R.randint(0, 9)),
  lambda c: "md5sum dump.sql\n%s  dump.sql" % hx(32),
  lambda c: "\"integrity\": \"sha512-%s==\"," % rs(B64A, 86),
  lambda c: "  resolved \"https://registry.yarnpkg.com/%s/-/%s-1.2.3.tgz#%s\"\n  integrity sha512-%s==" % (pick(WORDS), pick(WORDS), hx(40), rs(B64A, 86)),
  lambda c: "golang.org/x/crypto v0.%d.0 h1:%s=" % (R.randint(10, 30), rs(B64A, 43)),
  lambda c: "github.com/%s/%s v1.%d.0/go.mod h1:%s=" % (c.org, pick(WORDS), R.randint(0, 20), rs(B64A, 43)),
  lambda c: "[[package]]\nname = \"serde\"\nversion = \"1.0.%d\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"%s\"" % (R.randint(100, 219), hx(64)),
  lambda c: "requests==2.32.3 \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s" % (hx(64), hx(64)),
  lambda c: "ETag: \"%s\"" % hx(32),
  lambda c: "etag: W/\"%s-%s\"" % (hx(4), rs(B64U, 27)),
  lambda c: "x-amz-checksum-sha256: %s=" % rs(B64A, 43),
  lambda c: "Content-MD5: %s==" % rs(B64A, 22),
  lambda c: "oid sha256:%s\nsize %d" % (hx(64), R.randint(1000, 99999999)),
  lambda c: "sha1: %s" % hx(40),
  lambda c: "checksum: sha512:%s" % hx(128),
  lambda c: "\"contentHash\": \"%s\"" % hx(64),
  lambda c: "cache hit for key node-modules-Linux-%s" % hx(64),
  lambda c: "Digest: sha256:%s\nStatus: Downloaded newer image for postgres:16" % hx(64),
  lambda c: "SRI: <script src=\"https://cdn.jsdelivr.net/npm/htmx.org@2.0.2\" integrity=\"sha384-%s\" crossorigin=\"anonymous\"></script>" % rs(B64A, 64),
  lambda c: "fingerprint: SHA256:%s" % rs(B64A, 43),
  lambda c: "Build ID: %s" % hx(40),
)
# container image digests
B(20,
  lambda c: "image: ghcr.io/%s/%s@sha256:%s" % (c.org, c.app, hx(64)),
  lambda c: "docker pull %s.dkr.ecr.%s.amazonaws.com/%s@sha256:%s" % (c.acct, c.region, c.app, hx(64)),
  lambda c: "FROM node:20-alpine@sha256:%s AS build" % hx(64),
  lambda c: "Successfully built %s\nSuccessfully tagged %s:latest" % (hx(12), c.app),
  lambda c: " => => writing image sha256:%s" % hx(64),
)
# UUIDs, request ids, trace ids
B(55,
  lambda c: "request_id=%s status=500 path=/api/v1/orders" % uuid(),
  lambda c: "X-Request-Id: %s" % uuid(),
  lambda c: "traceparent: 00-%s-%s-01" % (hx(32), hx(16)),
  lambda c: "trace_id=%s span_id=%s" % (hx(32), hx(16)),
  lambda c: "X-Amzn-Trace-Id: Root=1-%s-%s" % (hx(8), hx(24)),
  lambda c: "x-amz-request-id: %s\nx-amz-id-2: %s" % (HX(16), rs(B64A, 76)),
  lambda c: "Sentry event %s captured" % hx(32),
  lambda c: "dd.trace_id=%s dd.span_id=%s" % (dg(19), dg(19)),
  lambda c: "correlationId: %s" % uuid(),
  lambda c: "subscription: %s  tenant: %s" % (uuid(), uuid()),
  lambda c: "az account set --subscription %s" % uuid(),
  lambda c: "Job %s failed after 3 retries" % uuid(),
  lambda c: "\"id\": \"%s\", \"created_at\": \"%s\"" % (uuid(), c.ts),
  lambda c: "cf-ray: %s-FRA" % hx(16),
  lambda c: "x-github-request-id: %s:%s:%s:%s:%s" % (HX(4), HX(5), HX(6), HX(7), HX(8)),
  lambda c: "ObjectId(\"%s\")" % hx(24),
  lambda c: "ULID %s" % rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26),
  lambda c: "ksuid=%s" % an(27),
  lambda c: "workflow run https://github.com/%s/actions/runs/%s/job/%s" % (c.repo, dg(11), dg(11)),
  lambda c: "Deployment %s ready on %s" % (uuid(), c.app),
  lambda c: "idempotency-key: %s" % uuid(),
)
# vendor object ids that are not secrets
B(45,
  lambda c: "customer cus_%s charged via pi_%s" % (an(14), an(24)),
  lambda c: "evt_%s (invoice.paid) delivered to we_%s" % (an(24), an(24)),
  lambda c: "price_%s / prod_%s" % (an(24), an(14)),
  lambda c: "subscription sub_%s cancelled at period end" % an(24),
  lambda c: "refund re_%s for ch_%s" % (an(24), an(24)),
  lambda c: "Twilio message SM%s delivered" % hx(32),
  lambda c: "chatcmpl-%s finished with stop" % an(29),
  lambda c: "openai request id req_%s" % hx(32),
  lambda c: "uploaded file-%s; assistant asst_%s; thread thread_%s" % (an(24), an(24), an(24)),
  lambda c: "anthropic message msg_01%s, request-id req_011C%s" % (an(22), an(20)),
  lambda c: "Slack channel C0%s, user U0%s, team T0%s" % (ua(8), ua(8), ua(8)),
  lambda c: "instance i-0%s in subnet-0%s sg-0%s" % (hx(16), hx(16), hx(16)),
  lambda c: "arn:aws:iam::%s:role/%s-deployer" % (c.acct, c.app),
  lambda c: "arn:aws:secretsmanager:%s:%s:secret:prod/%s/db-%s" % (c.region, c.acct, c.app, an(6)),
  lambda c: "ami-0%s" % hx(16),
  lambda c: "pod/%s-%s-%s restarted" % (c.app, la(10), la(5)),
  lambda c: "PagerDuty incident Q%s acknowledged" % ua(13),
  lambda c: "Datadog monitor %s muted until 18:00" % dg(8),
  lambda c: "Linear issue ENG-%d, Jira PLAT-%d" % (R.randint(100, 9999), R.randint(100, 9999)),
  lambda c: "Auth0 user auth0|%s" % hx(24),
  lambda c: "Okta app 0oa%s" % an(17),
  lambda c: "Shopify order gid://shopify/Order/%s" % dg(13),
  lambda c: "projects/%s-prod/locations/%s/functions/%s" % (c.org, c.region, c.app),
  lambda c: "eth address 0x%s received 0.2 ETH" % hx(40),
  lambda c: "tx hash 0x%s confirmed in block %s" % (hx(64), dg(8)),
)
# base64 of ordinary text
B(20,
  lambda c: "echo '%s' | base64 -d" % b64s(pick(SENT)),
  lambda c: "data:\n  config.txt: %s" % b64s(pick(SENT)),
  lambda c: "payload=%s" % b64s(pick(SENT)),
  lambda c: "binaryData:\n  motd: %s" % b64s(pick(SENT) + "\n"),
  lambda c: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk%s==" % rs(B64A, 14),
)
# versions
B(22,
  lambda c: "v%d.%d.%d-rc.%d+build.%d" % (R.randint(0, 9), R.randint(0, 30), R.randint(0, 20), R.randint(1, 5), R.randint(1, 999)),
  lambda c: "node v20.%d.%d, npm 10.%d.0, pnpm 9.%d.1" % (R.randint(0, 18), R.randint(0, 9), R.randint(0, 9), R.randint(0, 12)),
  lambda c: "github.com/%s/%s v0.0.0-2024%02d%02d%06d-%s" % (c.org, pick(WORDS), R.randint(1, 12), R.randint(1, 28), R.randint(0, 235959), hx(12)),
  lambda c: "%s-2025.%02d.%02d-%s" % (c.app, R.randint(1, 12), R.randint(1, 28), hx(7)),
  lambda c: "Python 3.%d.%d (main, Jan 2025) [GCC 12.2.0]" % (R.randint(8, 13), R.randint(0, 12)),
  lambda c: "\"version\": \"%d.%d.%d\"" % (R.randint(0, 9), R.randint(0, 30), R.randint(0, 20)),
)
# paths
B(25,
  lambda c: "/var/lib/docker/overlay2/%s/merged/usr/lib" % hx(64),
  lambda c: "node_modules/.pnpm/@babel+core@7.24.%d_%s/node_modules/@babel/core" % (R.randint(0, 9), hx(10)) if False else "node_modules/.pnpm/@babel+core@7.24.%d/node_modules/@babel/core/lib/index.js" % R.randint(0, 9),
  lambda c: "dist/assets/index-%s.js" % rs(B64U, 8),
  lambda c: "static/js/main.%s.chunk.js" % hx(8),
  lambda c: "~/.cache/pip/wheels/%s/%s/%s" % (hx(2), hx(2), hx(56)),
  lambda c: "/home/%s/.config/gcloud/configurations/config_default" % c.first,
  lambda c: "C:\\Users\\%s\\AppData\\Local\\Temp\\%s.tmp" % (c.first, uuid()),
  lambda c: "/run/secrets/db_password",
  lambda c: "~/.ssh/id_ed25519.pub",
  lambda c: "/etc/ssl/private/%s.key (mode 0600, owned by root)" % c.domain,
  lambda c: "~/.aws/credentials",
  lambda c: "target/release/build/ring-%s/out" % hx(16),
  lambda c: "/nix/store/%s-openssl-3.0.13" % rs("0123456789abcdfghijklmnpqrsvwxyz", 32),
  lambda c: ".terraform/providers/registry.terraform.io/hashicorp/aws/5.%d.0/linux_amd64" % R.randint(10, 80),
  lambda c: "secrets/%s/prod.enc.yaml" % c.app,
)
# URLs without credentials
B(35,
  lambda c: "https://github.com/%s/pull/%d" % (c.repo, R.randint(10, 9999)),
  lambda c: "git@github.com:%s.git" % c.repo,
  lambda c: "postgres://%s:5432/%s" % (c.host, c.db),
  lambda c: "postgresql://%s@%s/%s?sslmode=require" % (c.user, c.host, c.db),
  lambda c: "redis://localhost:6379/0",
  lambda c: "mongodb://mongo-0.mongo:27017,mongo-1.mongo:27017/?replicaSet=rs0",
  lambda c: "https://%s/api/v1/users?page=2&per_page=50" % c.domain,
  lambda c: "https://console.aws.amazon.com/secretsmanager/secret?name=prod%%2F%s%%2Fdb&region=%s" % (c.app, c.region),
  lambda c: "https://vault.%s/ui/vault/secrets/kv/show/payments/stripe" % c.domain,
  lambda c: "https://app.datadoghq.com/apm/trace/%s" % dg(19),
  lambda c: "https://%s.sentry.io/issues/%s/?project=%s" % (c.org, dg(10), dg(7)),
  lambda c: "https://dashboard.stripe.com/test/payments/pi_%s" % an(24),
  lambda c: "https://accounts.google.com/o/oauth2/v2/auth?client_id=%s-%s.apps.googleusercontent.com&redirect_uri=https%%3A%%2F%%2F%s%%2Fcallback&response_type=code&scope=openid%%20email&state=%s" % (dg(12), la(32), c.domain, hx(16)),
  lambda c: "https://%s/reset-password?email=%s" % (c.domain, qurl(c.email)),
  lambda c: "amqp://rabbitmq.%s:5672/%%2F" % c.ns,
  lambda c: "https://user@%s/repo.git" % c.domain if False else "ssh://git@gitlab.%s:2222/%s.git" % (c.domain, c.repo),
  lambda c: "jdbc:postgresql://%s:5432/%s?ssl=true&sslmode=verify-full" % (c.host, c.db),
  lambda c: "https://hooks.slack.com/services/...  (webhook URL is in 1Password)",
  lambda c: "https://api.%s/oauth/authorize?response_type=code&client_id=%s&code_challenge=%s&code_challenge_method=S256" % (c.domain, la(16), rs(B64U, 43)),
  lambda c: "https://pypi.org/project/%s/%d.%d.%d/" % (pick(WORDS), R.randint(0, 5), R.randint(0, 20), R.randint(0, 9)),
)
# placeholders
PLACE = ["${TOKEN}", "$API_KEY", "<your-api-key>", "<YOUR_TOKEN_HERE>", "xxxxxxxxxxxxxxxxxxxx", "********",
         "YOUR_API_KEY", "REPLACE_ME", "changeme", "<password>", "{{ .Values.db.password }}", "%DB_PASSWORD%",
         "${{ secrets.NPM_TOKEN }}", "$(cat /run/secrets/token)", "[REDACTED]", "<redacted>", "***",
         "${env:API_KEY}", "{{ vault \"secret/data/app\" \"password\" }}", "${DB_PASSWORD:?required}",
         "op://Engineering/Stripe/secret-key", "${SECRET_KEY_BASE}", "<insert-secret>", "TODO", "dummy",
         "sk_live_" + "x" * 24, "ghp_" + "X" * 36, "AKIA" + "X" * 16, "xoxb-your-token", "null", "''", "\"\"",
         "your-password", "example-password", "<db-password-from-vault>",
         "ENC(...)", "secretRef", "!vault |", "process.env.STRIPE_SECRET_KEY", "os.environ[\"OPENAI_API_KEY\"]"]
B(70,
  lambda c: "export API_KEY=%s" % pick(PLACE[:12]),
  lambda c: "password: %s" % pick(PLACE),
  lambda c: "\"apiKey\": \"%s\"" % pick(PLACE),
  lambda c: "STRIPE_SECRET_KEY=%s" % pick(["sk_live_" + "x" * 24, "sk_test_...", "<stripe-secret>", "${STRIPE_SECRET_KEY}"]),
  lambda c: "curl -H \"Authorization: Bearer $TOKEN\" https://api.%s/v1/me" % c.domain,
  lambda c: "curl -H 'Authorization: Bearer <access_token>' https://api.%s/v1/me" % c.domain,
  lambda c: "DATABASE_URL=postgres://user:password@localhost:5432/dbname" if R.random() < 0.5 else "DATABASE_URL=postgres://${DB_USER}:${DB_PASSWORD}@${DB_HOST}:5432/${DB_NAME}",
  lambda c: "token: ${{ secrets.GITHUB_TOKEN }}",
  lambda c: "          password: ${{ secrets.DOCKERHUB_TOKEN }}",
  lambda c: "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: %s-db\n        key: password" % c.app,
  lambda c: "OPENAI_API_KEY=sk-...  # get one at platform.openai.com",
  lambda c: "api_key = os.environ[\"%s\"]" % pick(["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "STRIPE_KEY", "SENDGRID_API_KEY"]),
  lambda c: "const key = process.env.%s ?? '';" % pick(["RESEND_API_KEY", "CLERK_SECRET_KEY", "GITHUB_TOKEN"]),
  lambda c: "aws_secret_access_key = %s" % pick(["<secret>", "${AWS_SECRET_ACCESS_KEY}", "REPLACE_ME", "****************"]),
  lambda c: "mysql -u root -p%s" % pick(["$MYSQL_ROOT_PASSWORD", "\"${DB_PASS}\"", "\"$(cat /run/secrets/mysql)\""]),
  lambda c: "Authorization: Basic <base64(user:password)>",
  lambda c: "password = \"\"  # set via env",
  lambda c: "SECRET_KEY = env('DJANGO_SECRET_KEY')",
  lambda c: "config.api_key = Rails.application.credentials.dig(:stripe, :secret_key)",
  lambda c: "db_password = var.db_password",
  lambda c: "password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  " + wrap(hx(320), 80).replace("\n", "\n  "),
  lambda c: "  DB_PASSWORD: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (rs(B64A, 24), rs(B64A, 43) + "=", rs(B64A, 22) + "=="),
  lambda c: "spec:\n  encryptedData:\n    password: AgB%s" % rs(B64A, 300),
  lambda c: "[REDACTED] token was masked by the CI runner: ***",
  lambda c: "Connecting with password: ******** (hidden)",
)
# env var names, no values
B(22,
  lambda c: "Set %s and %s in the Vercel dashboard before deploying." % (pick(["STRIPE_SECRET_KEY", "CLERK_SECRET_KEY", "RESEND_API_KEY"]), pick(["DATABASE_URL", "NEXTAUTH_SECRET", "OPENAI_API_KEY"])),
  lambda c: "Required env: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_REGION",
  lambda c: "unset GITHUB_TOKEN GH_TOKEN NPM_TOKEN",
  lambda c: "env | grep -c _TOKEN",
  lambda c: "missing SENTRY_AUTH_TOKEN; skipping source map upload",
  lambda c: "Error: Environment variable ANTHROPIC_API_KEY is not set",
  lambda c: "printenv | cut -d= -f1 | sort | grep -E 'KEY|SECRET|TOKEN|PASS'",
  lambda c: "KeyError: 'DB_PASSWORD'",
  lambda c: "secrets: [DD_API_KEY, SLACK_WEBHOOK_URL, SONAR_TOKEN]",
  lambda c: "- TWILIO_ACCOUNT_SID\n- TWILIO_AUTH_TOKEN\n- TWILIO_FROM_NUMBER",
  lambda c: "@Value(\"${spring.datasource.password}\") private String dbPassword;",
)
# commands that take secrets from a variable, file, or stdin
B(70,
  lambda c: "echo \"$CR_PAT\" | docker login ghcr.io -u %s --password-stdin" % c.user,
  lambda c: "aws ecr get-login-password --region %s | docker login --username AWS --password-stdin %s.dkr.ecr.%s.amazonaws.com" % (c.region, c.acct, c.region),
  lambda c: "openssl enc -aes-256-cbc -pbkdf2 -in backup.tar -out backup.tar.enc -pass file:./backup.key",
  lambda c: "openssl enc -d -aes-256-cbc -pbkdf2 -in dump.enc -pass env:BACKUP_PASSPHRASE",
  lambda c: "openssl pkcs12 -in bundle.p12 -nodes -passin fd:3 3<./p12.pass",
  lambda c: "openssl rsa -in key.pem -passin file:/run/secrets/keypass -pubout",
  lambda c: "gh auth login --with-token < ~/.config/gh-token.txt",
  lambda c: "curl -H \"Authorization: Bearer $(gcloud auth print-access-token)\" https://%s-run.app/" % c.app,
  lambda c: "curl -u \"$NEXUS_USER:$NEXUS_PASS\" -T app.jar https://nexus.%s/repository/releases/" % c.domain,
  lambda c: "curl --netrc-file ~/.netrc https://%s/api/export" % c.domain,
  lambda c: "curl -H \"X-Api-Key: ${API_KEY}\" https://api.%s/v1/status" % c.domain,
  lambda c: "psql \"$DATABASE_URL\" -c '\\dt'",
  lambda c: "PGPASSWORD=\"$(vault kv get -field=password secret/%s/db)\" psql -h %s -U %s %s" % (c.app, c.host, c.user, c.db),
  lambda c: "mysql --defaults-extra-file=/etc/mysql/backup.cnf -e 'SHOW DATABASES'",
  lambda c: "mysql --login-path=prod %s" % c.db,
  lambda c: "mysql -u %s -p %s   # prompts for the password" % (c.user, c.db),
  lambda c: "kubectl create secret generic %s-tls --from-file=tls.crt=./cert.pem --from-file=tls.key=./key.pem" % c.app,
  lambda c: "kubectl create secret generic %s-env --from-env-file=.env.production -n %s" % (c.app, c.ns),
  lambda c: "docker secret create db_password ./db_password.txt",
  lambda c: "vault kv get -field=api_key secret/%s/stripe" % c.app,
  lambda c: "vault login -method=oidc role=%s" % c.app,
  lambda c: "gcloud secrets versions access latest --secret=%s-db-pass" % c.app,
  lambda c: "az keyvault secret show --vault-name kv-%s --name db-password --query value -o tsv" % c.app,
  lambda c: "aws secretsmanager get-secret-value --secret-id prod/%s/db --query SecretString --output text" % c.app,
  lambda c: "op read op://Engineering/%s-db/password" % c.app,
  lambda c: "op run --env-file=.env.tpl -- npm start",
  lambda c: "doppler run -- python manage.py migrate",
  lambda c: "sops -d secrets/%s.enc.yaml | kubectl apply -f -" % c.app,
  lambda c: "ansible-playbook deploy.yml --vault-password-file ~/.vault_pass.txt",
  lambda c: "ansible-vault encrypt_string --stdin-name 'db_password'",
  lambda c: "openssl rand -hex 32 > .secrets/session.key",
  lambda c: "python -c 'import secrets; print(secrets.token_urlsafe(32))'",
  lambda c: "ssh-keygen -t ed25519 -C '%s' -f ~/.ssh/id_ed25519 -N ''" % c.email,
  lambda c: "htpasswd -i -B /etc/nginx/.htpasswd %s < /run/secrets/admin_pw" % c.user,
  lambda c: "docker login -u \"$DOCKER_USER\" -p \"$DOCKER_PASS\" %s" % c.domain,
  lambda c: "twine upload -u __token__ -p \"$PYPI_TOKEN\" dist/*",
  lambda c: "npm publish --otp=%s" % dg(6),
  lambda c: "terraform apply -var-file=prod.tfvars -var \"db_password=${TF_DB_PASSWORD}\"",
  lambda c: "helm upgrade %s ./chart --set-file secrets.key=./keys/signing.pem" % c.app,
  lambda c: "stripe listen --forward-to localhost:4242/webhook --api-key \"$STRIPE_SECRET_KEY\"",
  lambda c: "sentry-cli --auth-token \"$SENTRY_AUTH_TOKEN\" releases finalize \"$VERSION\"",
  lambda c: "wrangler secret put OPENAI_API_KEY   # paste when prompted",
  lambda c: "vercel env add DATABASE_URL production < .db_url",
  lambda c: "fly secrets import < .env.production",
  lambda c: "gh secret set NPM_TOKEN < npm_token.txt",
  lambda c: "echo \"$KUBECONFIG_B64\" | base64 -d > kubeconfig",
  lambda c: "git clone https://gitlab-ci-token:${CI_JOB_TOKEN}@gitlab.%s/%s.git" % (c.domain, c.repo),
  lambda c: "git clone https://x-access-token:${GITHUB_TOKEN}@github.com/%s.git" % c.repo,
  lambda c: "sshpass -f ~/.ssh/pass.txt ssh %s@%s" % (c.user, c.ip),
  lambda c: "7z a -p\"$ARCHIVE_PASS\" backup.7z ./data",
  lambda c: "redis-cli -h %s --askpass" % c.host,
  lambda c: "sqlcmd -S %s -U sa -P \"$env:SA_PASSWORD\" -Q 'SELECT 1'" % c.host,
  lambda c: "$cred = Get-Credential -UserName 'CORP\\%s' -Message 'deploy'" % c.user,
  lambda c: "$pw = Read-Host -AsSecureString 'Password'",
  lambda c: "keytool -list -keystore truststore.jks -storepass:env STOREPASS",
  lambda c: "aws configure sso --profile %s" % c.app,
  lambda c: "az login --identity",
  lambda c: "gcloud auth application-default login",
  lambda c: "kubectl get secret %s-db -o yaml | grep -v password" % c.app,
  lambda c: "dotnet user-secrets list --project src/Api",
  lambda c: "mc alias set minio http://%s:9000 \"$MINIO_ACCESS_KEY\" \"$MINIO_SECRET_KEY\"" % c.ip,
)
# public keys and certificates
B(25,
  lambda c: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@%s" % (rs(B64A, 43), c.first, pick(["laptop", "workstation", "ci"])),
  lambda c: "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ%s %s" % (rs(B64A, 540), c.email),
  lambda c: "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB%s" % rs(B64A, 87) + "=",
  lambda c: "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA%s\n-----END PUBLIC KEY-----" % wrap(rs(B64A, 350), 64),
  lambda c: "-----BEGIN CERTIFICATE-----\nMIID%s\n-----END CERTIFICATE-----" % wrap(rs(B64A, 1000), 64),
  lambda c: "# public key: age1%s" % rs(BECH, 58),
  lambda c: "[Peer]\nPublicKey = %s\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.%s:51820" % (b64(32), c.domain),
  lambda c: "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"%s\",\"y\":\"%s\",\"use\":\"sig\",\"kid\":\"%s\"}" % (b64u(32), b64u(32), hx(8)),
  lambda c: "{\"keys\":[{\"kty\":\"RSA\",\"n\":\"%s\",\"e\":\"AQAB\",\"alg\":\"RS256\",\"kid\":\"%s\"}]}" % (b64u(256), hx(16)),
  lambda c: "gpg: key %s: public key \"%s <%s>\" imported\nFingerprint: %s" % (HX(16), c.first, c.email, " ".join(HX(4) for _ in range(10))),
  lambda c: "github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl",
  lambda c: "npub1%s" % rs(BECH, 58),
  lambda c: "minisign public key: RWQ%s" % rs(B64A, 53),
  lambda c: "RSA public exponent 65537, modulus 00:%s" % ":".join(hx(2) for _ in range(24)),
  lambda c: "cosign verify --key cosign.pub ghcr.io/%s/%s@sha256:%s" % (c.org, c.app, hx(64)),
)
# long identifiers and code without secrets
B(30,
  lambda c: "class AbstractSingletonProxyFactoryBeanTokenRefreshHandler implements PasswordEncoderAware {}",
  lambda c: "def get_user_account_settings_by_organization_identifier(org_id: str) -> AccountSettings:",
  lambda c: "MAX_TOKEN_REFRESH_INTERVAL_SECONDS = 3600",
  lambda c: "const tokenBucketRefillRatePerSecond = 42;",
  lambda c: "if (!passwordResetTokenRepository.existsByUserIdAndExpiresAtAfter(userId, now)) {",
  lambda c: "func (s *SecretStore) RotateEncryptionKeyForTenant(ctx context.Context, tenantID string) error {",
  lambda c: "export type ApiKeyCreateResponse = { id: string; prefix: string; createdAt: Date };",
  lambda c: "password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))",
  lambda c: "hashed = argon2.PasswordHasher().hash(form.password.data)",
  lambda c: "SECRET_KEY = os.environ['DJANGO_SECRET_KEY']",
  lambda c: "token = secrets.token_hex(32)",
  lambda c: "const apiKey = await getSecret(`projects/${projectId}/secrets/stripe-key/versions/latest`);",
  lambda c: "password: z.string().min(12).regex(/[A-Z]/).regex(/[0-9]/),",
  lambda c: "@JsonProperty(\"access_token\") private String accessToken;",
  lambda c: "public const string AuthorizationHeaderName = \"Authorization\";",
  lambda c: "assert response.json()['token_type'] == 'Bearer'",
  lambda c: "let key_id = format!(\"{}-{}\", tenant, Uuid::new_v4());",
  lambda c: "$table->string('remember_token', 100)->nullable();",
  lambda c: "expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');",
  lambda c: "jwt.decode(token, options={'verify_signature': False})",
  lambda c: "ALTER TABLE api_keys ADD COLUMN hashed_secret BYTEA NOT NULL;",
  lambda c: "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
  lambda c: "GO_PRIVATE_MODULE_PROXY_AUTH_HEADER_NAME",
  lambda c: "getServerSidePropsWithSessionAndCsrfTokenValidation",
  lambda c: "test_rotate_api_key_invalidates_previous_token_after_grace_period",
)
# minified CSS classes, html, cache keys
B(25,
  lambda c: "<div class=\"css-%s e1%s0 sc-%s %s\">" % (la(7), la(6), an(6), an(6)),
  lambda c: "<button class=\"Button_primary__%s Button_large__%s\">" % (an(5), an(5)),
  lambda c: "class=\"flex items-center justify-between rounded-lg bg-slate-900/80 px-4 py-2 text-sm\"",
  lambda c: "._%s{display:flex}.%s>.%s{margin:0}" % (an(5), an(6), an(6)),
  lambda c: "<style data-emotion=\"css %s\">" % la(7),
  lambda c: "key: v1-deps-{{ checksum \"package-lock.json\" }}-{{ .Branch }}",
  lambda c: "Cache restored from key: node-cache-Linux-x64-npm-%s" % hx(64),
  lambda c: "restore_cache: Linux-pip-%s" % hx(64),
  lambda c: "redis GET session:user:%s:prefs" % dg(6),
  lambda c: "cache key: build/%s/%s" % (c.app, hx(40)),
  lambda c: "<input type=\"hidden\" name=\"csrfmiddlewaretoken\" value=\"{{ csrf_token }}\">",
  lambda c: "#%s" % hx(6),
  lambda c: "<meta name=\"theme-color\" content=\"#%s\">" % hx(6),
  lambda c: "nonce-%s" % hx(8) if False else "Content-Security-Policy: script-src 'self' 'sha256-%s='" % rs(B64A, 43),
  lambda c: "turbo cache hit, replaying logs %s" % hx(16),
)
# prose about secrets without a secret
PROSE = [
    "Rotated the Stripe API key yesterday; the old one is revoked.",
    "The password must be at least 12 characters and contain a digit.",
    "Token expired - re-run `gh auth login` and retry the release.",
    "The Stripe secret key lives in Vault at secret/data/payments/stripe.",
    "Do not commit .env; the DB password is injected by the operator.",
    "Moved all API keys to AWS Secrets Manager and removed them from the repo.",
    "Next step: ask Priya to regenerate the Twilio auth token after the audit.",
    "We use short-lived OIDC tokens in CI, so there is no long-lived AWS secret.",
    "The SendGrid key was leaked in a screenshot; revoked it and created a new one in the dashboard.",
    "Decision: session cookies are HttpOnly, Secure, SameSite=Lax; JWTs expire after 15 minutes.",
    "Passwords are hashed with argon2id (m=64MiB, t=3, p=4).",
    "Remember to set NEXTAUTH_SECRET in production or sessions will break.",
    "The kubeconfig token rotates every hour via the exec credential plugin.",
    "GitHub push protection blocked the commit because it found a secret; removed the file.",
    "Asked the vendor for a sandbox API key; still waiting.",
    "The webhook signing secret is per-endpoint; fetch it from the Stripe dashboard.",
    "Password reset emails now include a one-time link valid for 30 minutes.",
    "Das Passwort wird \u00fcber Vault injiziert, nicht in der Datei.",
    "Le mot de passe est stock\u00e9 dans le coffre, pas dans le d\u00e9p\u00f4t.",
    "La contrase\u00f1a se rota cada 90 d\u00edas autom\u00e1ticamente.",
    "\u30d1\u30b9\u30ef\u30fc\u30c9\u306f\u74b0\u5883\u5909\u6570\u304b\u3089\u8aad\u307f\u8fbc\u307f\u307e\u3059\u3002",
    "Using the 1Password CLI (op) to inject secrets at runtime.",
    "The API returns 401 when the bearer token is missing or malformed.",
    "Rate limit is 100 requests per minute per API key.",
    "CI masks anything registered with ::add-mask::, so logs show ***.",
    "Renamed SECRET_TOKEN to WEBHOOK_SIGNING_SECRET for clarity.",
    "Keys are 256-bit and generated with `openssl rand -base64 32`.",
    "The admin password is managed by LAPS on every Windows host.",
    "Confirmed that credentials.json is in .gitignore.",
    "Switched the Redis connection to TLS and AUTH via the ACL user `app`.",
]
B(50,
  lambda c: pick(PROSE),
  lambda c: "Next steps:\n- %s\n- %s" % (pick(PROSE), pick(PROSE)),
  lambda c: "%s (ticket SEC-%d)" % (pick(PROSE), R.randint(10, 999)),
)
# look-alike config lines with non-secret values
B(45,
  lambda c: "password_min_length: %d" % R.randint(8, 16),
  lambda c: "token_ttl: %dh" % R.randint(1, 72),
  lambda c: "session_timeout_minutes = %d" % R.randint(5, 120),
  lambda c: "auth:\n  enabled: true\n  provider: oidc\n  issuer: https://sso.%s/realms/main" % c.domain,
  lambda c: "api_key_header: X-Api-Key",
  lambda c: "PASSWORD_HASHERS = ['django.contrib.auth.hashers.Argon2PasswordHasher']",
  lambda c: "secret_store: aws-secrets-manager",
  lambda c: "credentials_file: ~/.config/%s/credentials.json" % c.app,
  lambda c: "token_endpoint: https://login.%s/oauth2/v2.0/token" % c.domain,
  lambda c: "keyring_backend: secretservice",
  lambda c: "\"passwordPolicy\": \"length(12) and digits(1) and notUsername\"",
  lambda c: "spring.datasource.password=${DB_PASSWORD}",
  lambda c: "quarkus.datasource.password=${DB_PASS:}",
  lambda c: "ENV NODE_ENV=production PORT=3000",
  lambda c: "ARG BUILDKIT_INLINE_CACHE=1",
  lambda c: "client_id: %s" % la(20),
  lambda c: "tenant_id: %s" % uuid(),
  lambda c: "aws_access_key_id = ${AWS_ACCESS_KEY_ID}",
  lambda c: "region = %s\noutput = json" % c.region,
  lambda c: "[profile %s]\nsso_start_url = https://%s.awsapps.com/start\nsso_region = %s\nsso_account_id = %s\nsso_role_name = Admin" % (c.app, c.org, c.region, c.acct),
  lambda c: "credential_process = /usr/local/bin/aws-vault exec %s --json" % c.app,
  lambda c: "users:\n- name: %s\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: aws\n      args: [eks, get-token, --cluster-name, %s]" % (c.app, c.app),
  lambda c: "\"auths\": {\"ghcr.io\": {}}, \"credsStore\": \"desktop\"",
  lambda c: "{\"credHelpers\": {\"%s.dkr.ecr.%s.amazonaws.com\": \"ecr-login\"}}" % (c.acct, c.region),
  lambda c: "//registry.npmjs.org/:_authToken=${NPM_TOKEN}",
  lambda c: "machine github.com login %s password ${GITHUB_TOKEN}" % c.first,
  lambda c: "*:*:*:%s:${PGPASSWORD}" % c.user,
  lambda c: "[pypi]\nusername = __token__\npassword = %(PYPI_TOKEN)s",
  lambda c: "define( 'DB_PASSWORD', getenv('WORDPRESS_DB_PASSWORD') );",
  lambda c: "requirepass ${REDIS_PASSWORD}",
  lambda c: "PrivateKey = $(cat /etc/wireguard/private.key)",
  lambda c: "IdentityFile ~/.ssh/%s_deploy" % c.app,
  lambda c: "data:\n  password: \"\"",
  lambda c: "max_password_age_days: 90\nmin_password_length: 14",
  lambda c: "mailgun_domain: mg.%s" % c.domain,
)

# more log lines with ids, hashes and counters next to credential words
B(70,
  lambda c: "%s INFO auth: token refreshed for user_id=%s session=%s expires_in=3600" % (c.ts, dg(7), uuid()),
  lambda c: "%s WARN api-key %s... rejected (revoked) for tenant %s" % (c.ts, pick(["sk_live_", "pk_", "ak_", "key_"]) + "****", c.tenant),
  lambda c: "[%s] password reset requested for %s (request %s)" % (c.ts, c.email, uuid()),
  lambda c: "secret version %d of projects/%s/secrets/%s-db-pass enabled" % (R.randint(1, 40), dg(12), c.app),
  lambda c: "Vault lease %s/creds/%s/%s renewed, ttl=768h" % (pick(["database", "aws"]), c.app, an(24)),
  lambda c: "kid=%s alg=RS256 use=sig" % hx(16),
  lambda c: "api_key_id=%s last_used=%s" % (dg(9), c.ts),
  lambda c: "token fingerprint (sha256, first 12): %s" % hx(12),
  lambda c: "session %s closed after %ds" % (hx(32), R.randint(1, 9999)),
  lambda c: "%s git-receive-pack: ref refs/heads/%s %s..%s" % (c.ts, pick(WORDS), hx(40), hx(40)),
  lambda c: "Cloud Build %s SUCCESS images: gcr.io/%s/%s:%s" % (uuid(), c.org, c.app, hx(40)),
  lambda c: "Uploaded sourcemaps for release %s@%s (bundle %s)" % (c.app, hx(12), uuid()),
  lambda c: "cert serial %s expires 2026-%02d-%02d" % (":".join(HX(2) for _ in range(16)), R.randint(1, 12), R.randint(1, 28)),
  lambda c: "HMAC-SHA256 signature verified: sha256=%s" % hx(64),
)

_seen = set()
BENIGN[:] = [b for b in BENIGN if not (b in _seen or _seen.add(b))]
del _seen


if __name__ == "__main__":
    import ast
    import collections
    import sys

    src = open(__file__).read()
    ast.parse(src, feature_version=(3, 8))
    bad = [r for r in SECRETS if r[3] not in r[2] or len(r[3]) < 8]
    assert not bad, bad[:3]
    for r in SECRETS:
        assert len(r) == 5 and all(isinstance(x, str) for x in r)
        assert r[4] == "" or r[4] in r[2]
    formats = collections.OrderedDict()
    for r in SECRETS:
        formats.setdefault(r[1], r[0])
    groups = collections.Counter(r[0] for r in SECRETS)
    ruleless = sum(1 for r in SECRETS if r[1] in RULELESS_FORMATS)
    print("secrets:", len(SECRETS))
    print("distinct formats:", len(formats))
    print("secrets in formats a rule table is unlikely to name: %d (%.1f%%)" % (ruleless, 100.0 * ruleless / len(SECRETS)))
    print("per group:")
    for g, n in sorted(groups.items(), key=lambda kv: -kv[1]):
        print("  %-18s %4d secrets  %4d formats" % (g, n, sum(1 for f in formats.values() if f == g)))
    print("benign:", len(BENIGN))
    print("all secrets occur verbatim in their text: yes")
    sys.exit(0)
