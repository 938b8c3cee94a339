"""Blind hold-out corpus no. 17 for a secret-redaction engine.

What this is
    A test corpus for the scrubber that cleans free-text fields (goal, notes,
    commands run, excerpts of files and tool output, decisions, next steps)
    before a coding agent's saved working state is written to disk inside a
    project.  The theme is the everyday sessions of product developers: JS/TS
    monorepos (Next.js, Nest, Vite, pnpm/turbo), Python (Django, FastAPI,
    Celery), Rails, Laravel, Go, Rust, Spring Boot/Kotlin, .NET, Flutter and
    React Native, cloud consoles and CLIs, data stacks, SaaS integrations,
    observability tools, and the agent's own prose (notes, decisions, TODOs,
    chat summaries, commit messages, incident write-ups), about a quarter of
    the notes in languages other than English.

How it was written
    Blind: the author did not read the engine, its rules, its tests or any
    other corpus, and did not consult any secret-scanner rule set.  Every
    shape comes from general knowledge of what real credentials and real
    engineering text look like.

Exports
    SECRETS  list of 5-tuples (group, format, text, secret, visible)
             group    one of the eight groups below
             format   kebab-case name of the shape (no format used > 3 times)
             text     what an agent would record (one line to ~15 lines)
             secret   exact contiguous substring of text that must not survive
                      redaction (private keys: base64 body only; signed URLs:
                      the signature value; user:password and connection
                      strings: the password only)
             visible  short substring that should stay readable, or ""
    BENIGN   list of strings with no secret in them that a naive scanner
             would still flag: git SHAs, UUIDs, digests, lockfile integrity
             hashes, public keys and fingerprints, request/trace ids,
             idempotency keys, cursors, placeholders, secret references,
             fixtures marked fake, base64 of ordinary text, hashed asset
             names, minified code, masked values, password policies and
             error messages, public-by-design keys, vendor object ids.

Group shares of SECRETS (approximate)
    command 14%, tool-output 15%, config-file 16%, source-code 15%,
    stack-trace-or-log 10%, note-or-chat 15%, ci-and-deploy 8%,
    vendor-token 7%.

All values are synthetic, produced by random.Random(1719); none is a real
credential.  The module is deterministic and prints nothing on import.

It measured 0.966 recall and 11.5% false positives blind, and is regression
data now (tests/test_redaction_holdouts_recent.py holds its recall per group and
its false positives).
"""

import base64
import collections
import hashlib
import json
import random
import string

_R = random.Random(1719)

LOW = string.ascii_lowercase
UPP = string.ascii_uppercase
DIG = string.digits
HEX = "0123456789abcdef"
HEXU = "0123456789ABCDEF"
B62 = UPP + LOW + DIG
B64 = B62 + "+/"
B64U = B62 + "-_"
B32 = UPP + "234567"
B36L = LOW + DIG
URLSAFE_PW = B62 + "-_.~"
SYM = "!@#$%^&*-_=+?"


def rs(n, a=B62):
    return "".join(_R.choice(a) for _ in range(n))


def hx(n):
    return rs(n, HEX)


def HX(n):
    return rs(n, HEXU)


def pick(seq):
    return _R.choice(seq)


def num(a, b):
    return _R.randint(a, b)


def digits(n):
    return str(_R.randint(1, 9)) + rs(n - 1, DIG)


def rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def b64of(bs):
    return base64.b64encode(bs).decode("ascii")


def b64s(s):
    return base64.b64encode(s.encode("utf-8")).decode("ascii")


def b64u_np(bs):
    return base64.urlsafe_b64encode(bs).decode("ascii").rstrip("=")


def b64u_js(obj):
    return b64u_np(json.dumps(obj, separators=(",", ":")).encode("utf-8"))


def uuid4():
    h = list(hx(32))
    h[12] = "4"
    h[16] = pick("89ab")
    s = "".join(h)
    return "%s-%s-%s-%s-%s" % (s[:8], s[8:12], s[12:16], s[16:20], s[20:])


def with_sep(s):
    """make sure a random b64url-ish body holds at least one '-' or '_'"""
    if "-" in s or "_" in s:
        return s
    i = _R.randint(1, len(s) - 2)
    return s[:i] + pick("-_") + s[i + 1:]


def wrap(s, n=64):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


def ts(year=2024):
    return "%d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
        year, num(1, 12), num(1, 28), num(0, 23), num(0, 59), num(0, 59), num(0, 999))


def ts_plain(year=2024):
    return "%d-%02d-%02d %02d:%02d:%02d" % (
        year, num(1, 12), num(1, 28), num(0, 23), num(0, 59), num(0, 59))


def hhmm():
    return "%02d:%02d" % (num(7, 22), num(0, 59))


def epoch():
    return str(num(1704067200, 1735603200))


def ipv4():
    return "%d.%d.%d.%d" % (pick([10, 172, 192, 34, 52, 18, 35]), num(0, 255), num(0, 255), num(1, 254))


def jwt(payload, alg="HS256", siglen=None):
    head = b64u_js({"alg": alg, "typ": "JWT"})
    body = b64u_js(payload)
    if siglen is None:
        siglen = 43 if alg.startswith("HS") or alg == "ES256" else 342
    return head + "." + body + "." + rs(siglen, B64U)


ORGS = ["acme", "northwind", "lumen", "brightcart", "parcelly", "tidepool", "fernhill",
        "quanta", "orbital", "kitehq", "mapleway", "harborlight", "pinecrest", "copperline",
        "bluefin", "tallgrass", "moonbeam", "ridgeback", "saltbox", "wavelet"]
SVCS = ["api", "web", "billing", "checkout", "notifications", "search", "auth", "payments",
        "worker", "scheduler", "ingest", "reports", "admin", "gateway", "webhooks", "catalog",
        "orders", "inventory", "mailer", "analytics"]
PEOPLE = ["Priya", "Marco", "Jonas", "Aiko", "Sam", "Lena", "Diego", "Fatima", "Tom", "Wei",
          "Olga", "Kenji", "Chloe", "Mateus", "Ines", "Ravi", "Nora", "Ahmed", "Julia", "Bart",
          "Emeka", "Hana", "Tomasz", "Sofia", "Yusuf"]
REGIONS = ["us-east-1", "eu-west-1", "eu-central-1", "us-west-2", "ap-southeast-2", "ap-northeast-1"]
WORDS = ["amber", "anchor", "apple", "atlas", "badger", "bamboo", "basil", "beacon", "birch",
         "bison", "blossom", "bramble", "breeze", "bronze", "cactus", "canyon", "caramel",
         "cedar", "cello", "cherry", "cinder", "clover", "cobalt", "comet", "copper", "coral",
         "cosmic", "cotton", "crater", "cricket", "crimson", "dahlia", "delta", "denim",
         "dolphin", "dragon", "drizzle", "dune", "ember", "falcon", "fennel", "fern", "fig",
         "fjord", "flint", "forest", "fossil", "gadget", "garnet", "ginger", "glacier",
         "granite", "gravel", "harbor", "hazel", "hickory", "honey", "indigo", "iris", "ivory",
         "jasper", "juniper", "kettle", "koala", "lagoon", "lantern", "lemon", "lilac", "linen",
         "lotus", "lunar", "magnet", "mango", "maple", "marble", "meadow", "mercury", "mint",
         "mocha", "monsoon", "mosaic", "nectar", "nickel", "nutmeg", "oasis", "olive", "onyx",
         "orbit", "orchid", "otter", "paddle", "papaya", "pebble", "pepper", "pilot", "pine",
         "pixel", "plum", "polar", "poppy", "prairie", "puffin", "quartz", "quill", "radar",
         "raven", "reef", "ribbon", "river", "robin", "rocket", "saffron", "sage", "salmon",
         "sapphire", "sequoia", "shadow", "sierra", "silver", "sparrow", "spruce", "starling",
         "storm", "sunset", "tango", "thistle", "thunder", "timber", "topaz", "tulip", "tundra",
         "turtle", "umber", "velvet", "violet", "walnut", "willow", "wombat", "yarrow", "zephyr"]
CAPWORDS = ["Summer", "Winter", "Autumn", "Spring", "Welcome", "Dragon", "Falcon", "Monkey",
            "Sunshine", "Coffee", "Pizza", "Rocket", "Banana", "Tiger", "Bluebird", "Galaxy",
            "Harbor", "Maple", "Pepper", "Shadow", "Lisbon", "Berlin", "Kyoto", "Toronto",
            "Bailey", "Charlie", "Buster", "Luna", "Mochi", "Pumpkin", "Biscuit", "Hunter"]


def human_pw():
    k = _R.randint(0, 7)
    if k == 0:
        return pick(CAPWORDS) + str(num(2019, 2025)) + pick("!#$@?*")
    if k == 1:
        return pick(CAPWORDS) + pick("!#$@.") + digits(num(3, 4))
    if k == 2:
        return pick(WORDS) + "_" + pick(WORDS) + str(num(10, 99))
    if k == 3:
        w = pick(CAPWORDS)
        t = w.replace("a", "@").replace("o", "0").replace("e", "3").replace("i", "1")
        return t + str(num(10, 999)) + pick("!$%")
    if k == 4:
        return pick(ORGS).capitalize() + pick(["#", "!", "@", "-"]) + digits(4)
    if k == 5:
        return pick(CAPWORDS) + pick(CAPWORDS) + digits(2) + pick("!?")
    if k == 6:
        return pick(WORDS) + pick(WORDS).capitalize() + pick("#$%&") + digits(3)
    return pick(CAPWORDS).lower() + digits(3) + pick(CAPWORDS) + pick("!@")


def passphrase(sep="-", n=4):
    return sep.join(pick(WORDS) for _ in range(n))


def strong_pw(n=20, extra="!@#%^&*-_+="):
    while True:
        s = rs(n, B62 + extra)
        if any(c in extra for c in s) and any(c.isdigit() for c in s):
            return s


def url_pw(n=24):
    return rs(n, B62 + "-_~")


def ident(n=8):
    return pick(LOW) + rs(n - 1, B36L)


# ---------------------------------------------------------------------------
# private-key bodies (DER structures with random key material, base64)
# ---------------------------------------------------------------------------

P256_OID = bytes.fromhex("06082a8648ce3d030107")


def ec_sec1_der():
    return (bytes.fromhex("30770201010420") + rbytes(32) + bytes.fromhex("a00a") + P256_OID
            + bytes.fromhex("a144034200") + b"\x04" + rbytes(64))


def ec_pkcs8_der():
    return (bytes.fromhex("308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420")
            + rbytes(32) + bytes.fromhex("a144034200") + b"\x04" + rbytes(64))


def ed25519_pkcs8_der():
    return bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)


def rsa_pkcs8_der(total=1217):
    head = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7308204a3020100"
                         "0282010100")
    return head + rbytes(total - len(head))


def rsa1024_pkcs8_der():
    head = bytes.fromhex("30820276020100300d06092a864886f70d0101010500048202603082025c02010002818100")
    return head + rbytes(634 - len(head))


def rsa1024_pkcs1_der():
    head = bytes.fromhex("3082025c02010002818100")
    return head + rbytes(608 - len(head))


def _sshstr(b):
    return len(b).to_bytes(4, "big") + b


def openssh_ed25519_der(comment="dev@laptop"):
    pub = rbytes(32)
    pubblob = _sshstr(b"ssh-ed25519") + _sshstr(pub)
    chk = rbytes(4)
    priv = (chk + chk + _sshstr(b"ssh-ed25519") + _sshstr(pub) + _sshstr(rbytes(32) + pub)
            + _sshstr(comment.encode()))
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    return (b"openssh-key-v1\x00" + _sshstr(b"none") + _sshstr(b"none") + _sshstr(b"")
            + (1).to_bytes(4, "big") + _sshstr(pubblob) + _sshstr(priv))


def pem_body(der, width=64):
    return wrap(b64of(der), width)


def ssh_pub_ed25519():
    return "ssh-ed25519 " + b64of(_sshstr(b"ssh-ed25519") + _sshstr(rbytes(32)))


# ---------------------------------------------------------------------------
# token shapes: well-known vendors and invented lesser-known ones
# ---------------------------------------------------------------------------

TOKENS = []


def T(key, label, env, gen, hdr="Authorization: Bearer %s", url=None):
    http = url is not None
    if url is None:
        slug = "".join(c for c in label.split()[0].lower() if c.isalnum())
        url = "https://api.%s.com/v1/%s" % (slug, pick(["account", "me", "status", "projects", "keys/verify"]))
    TOKENS.append({"key": key, "label": label, "env": env, "gen": gen, "hdr": hdr, "url": url, "http": http})


T("stripe-sk-live", "Stripe secret key", "STRIPE_SECRET_KEY",
  lambda: "sk_live_51" + rs(14) + rs(83), url="https://api.stripe.com/v1/balance")
T("stripe-sk-live-legacy", "Stripe secret key", "STRIPE_API_KEY",
  lambda: "sk_live_" + rs(24), url="https://api.stripe.com/v1/customers?limit=3")
T("stripe-rk-live", "Stripe restricted key", "STRIPE_RESTRICTED_KEY",
  lambda: "rk_live_51" + rs(14) + rs(83), url="https://api.stripe.com/v1/payment_intents?limit=5")
T("stripe-sk-test", "Stripe test secret key", "STRIPE_SECRET_KEY",
  lambda: "sk_test_51" + rs(14) + rs(83), url="https://api.stripe.com/v1/products")
T("stripe-whsec", "Stripe webhook signing secret", "STRIPE_WEBHOOK_SECRET",
  lambda: "whsec_" + rs(32))
T("github-ghp", "GitHub classic PAT", "GITHUB_TOKEN", lambda: "ghp_" + rs(36),
  hdr="Authorization: token %s", url="https://api.github.com/user")
T("github-pat-fine", "GitHub fine-grained PAT", "GH_TOKEN",
  lambda: "github_pat_11" + rs(20, UPP + DIG) + "_" + rs(59),
  url="https://api.github.com/repos/%s/%s/actions/runs" % ("acme", "web"))
T("github-gho", "GitHub OAuth token", "GITHUB_OAUTH_TOKEN", lambda: "gho_" + rs(36),
  url="https://api.github.com/user/repos")
T("github-ghs", "GitHub App installation token", "GITHUB_APP_TOKEN", lambda: "ghs_" + rs(36),
  url="https://api.github.com/installation/repositories")
T("github-ghu", "GitHub user-to-server token", "GH_USER_TOKEN", lambda: "ghu_" + rs(36),
  url="https://api.github.com/user")
T("gitlab-glpat", "GitLab PAT", "GITLAB_TOKEN", lambda: "glpat-" + rs(20, B64U),
  hdr="PRIVATE-TOKEN: %s", url="https://gitlab.com/api/v4/projects?membership=true")
T("gitlab-glrt", "GitLab runner token", "CI_RUNNER_TOKEN", lambda: "glrt-" + rs(20, B64U))
T("gitlab-gldt", "GitLab deploy token", "GITLAB_DEPLOY_TOKEN", lambda: "gldt-" + rs(20, B64U))
T("slack-xoxb", "Slack bot token", "SLACK_BOT_TOKEN",
  lambda: "xoxb-%s-%s-%s" % (digits(11), digits(13), rs(24)),
  url="https://slack.com/api/auth.test")
T("slack-xoxp", "Slack user token", "SLACK_USER_TOKEN",
  lambda: "xoxp-%s-%s-%s-%s" % (digits(11), digits(11), digits(13), hx(32)),
  url="https://slack.com/api/conversations.list")
T("slack-xapp", "Slack app-level token", "SLACK_APP_TOKEN",
  lambda: "xapp-1-A0%s-%s-%s" % (rs(9, UPP + DIG), digits(13), hx(64)))
T("openai-sk-proj", "OpenAI project key", "OPENAI_API_KEY",
  lambda: "sk-proj-" + with_sep(rs(64, B64U)) + "T3BlbkFJ" + rs(64, B64U),
  url="https://api.openai.com/v1/models")
T("openai-sk-legacy", "OpenAI API key", "OPENAI_API_KEY",
  lambda: "sk-" + rs(20) + "T3BlbkFJ" + rs(20), url="https://api.openai.com/v1/models")
T("openai-svcacct", "OpenAI service account key", "OPENAI_API_KEY",
  lambda: "sk-svcacct-" + with_sep(rs(64, B64U)) + "T3BlbkFJ" + rs(64, B64U),
  url="https://api.openai.com/v1/files")
T("anthropic-api03", "Anthropic API key", "ANTHROPIC_API_KEY",
  lambda: "sk-ant-api03-" + with_sep(rs(93, B64U)) + "AA", hdr="x-api-key: %s",
  url="https://api.anthropic.com/v1/models")
T("anthropic-admin01", "Anthropic admin key", "ANTHROPIC_ADMIN_KEY",
  lambda: "sk-ant-admin01-" + with_sep(rs(93, B64U)) + "AA", hdr="x-api-key: %s",
  url="https://api.anthropic.com/v1/organizations/users")
T("gcp-api-key", "Google API key", "GOOGLE_API_KEY", lambda: "AIza" + rs(35, B64U),
  hdr="X-Goog-Api-Key: %s", url="https://maps.googleapis.com/maps/api/geocode/json?address=Lisbon")
T("google-oauth-client-secret", "Google OAuth client secret", "GOOGLE_CLIENT_SECRET",
  lambda: "GOCSPX-" + rs(28, B64U))
T("google-refresh-token", "Google refresh token", "GOOGLE_REFRESH_TOKEN",
  lambda: "1//0" + pick("3456eg") + with_sep(rs(99, B64U)))
T("google-ya29", "Google OAuth access token", "GCP_ACCESS_TOKEN",
  lambda: "ya29.a0" + with_sep(rs(150, B64U)) + "0175",
  url="https://storage.googleapis.com/storage/v1/b?project=acme-prod")
T("azure-ad-client-secret", "Azure AD client secret", "AZURE_CLIENT_SECRET",
  lambda: rs(3, B62) + "8Q~" + rs(34, B62 + "_~.-"))
T("azure-devops-pat", "Azure DevOps PAT", "AZURE_DEVOPS_EXT_PAT",
  lambda: rs(52, "abcdefghijklmnopqrstuvwxyz234567"))
T("twilio-auth-token", "Twilio auth token", "TWILIO_AUTH_TOKEN", lambda: hx(32))
T("twilio-api-secret", "Twilio API key secret", "TWILIO_API_SECRET", lambda: rs(32))
T("sendgrid", "SendGrid API key", "SENDGRID_API_KEY",
  lambda: "SG." + rs(22, B64U) + "." + rs(43, B64U), url="https://api.sendgrid.com/v3/scopes")
T("mailgun", "Mailgun API key", "MAILGUN_API_KEY",
  lambda: "%s-%s-%s" % (hx(32), hx(8), hx(8)))
T("mailchimp", "Mailchimp API key", "MAILCHIMP_API_KEY",
  lambda: hx(32) + "-us" + str(num(2, 21)))
T("shopify-shpat", "Shopify Admin API token", "SHOPIFY_ADMIN_TOKEN", lambda: "shpat_" + hx(32),
  hdr="X-Shopify-Access-Token: %s",
  url="https://brightcart.myshopify.com/admin/api/2024-04/shop.json")
T("shopify-shpss", "Shopify shared secret", "SHOPIFY_API_SECRET", lambda: "shpss_" + hx(32))
T("shopify-shpca", "Shopify custom app token", "SHOPIFY_ACCESS_TOKEN", lambda: "shpca_" + hx(32),
  hdr="X-Shopify-Access-Token: %s",
  url="https://parcelly-store.myshopify.com/admin/api/2024-01/orders.json?status=any")
T("hubspot-pat", "HubSpot private app token", "HUBSPOT_ACCESS_TOKEN",
  lambda: "pat-" + pick(["na1", "eu1", "na2"]) + "-" + uuid4(),
  url="https://api.hubapi.com/crm/v3/objects/contacts?limit=10")
T("salesforce-session", "Salesforce access token", "SF_ACCESS_TOKEN",
  lambda: "00D" + rs(12, B62) + "!" + rs(96, B62 + "._"),
  url="https://acme.my.salesforce.com/services/data/v60.0/sobjects/Account")
T("auth0-client-secret", "Auth0 client secret", "AUTH0_CLIENT_SECRET", lambda: rs(64, B64U))
T("okta-ssws", "Okta API token", "OKTA_API_TOKEN", lambda: "00" + rs(40, B64U),
  hdr="Authorization: SSWS %s", url="https://acme.okta.com/api/v1/users?limit=25")
T("supabase-sbp", "Supabase access token", "SUPABASE_ACCESS_TOKEN", lambda: "sbp_" + hx(40),
  url="https://api.supabase.com/v1/projects")
T("supabase-sb-secret", "Supabase secret key", "SUPABASE_SECRET_KEY",
  lambda: "sb_secret_" + rs(31, B64U))
T("firebase-fcm-server", "FCM legacy server key", "FCM_SERVER_KEY",
  lambda: "AAAA" + rs(7, B64U) + ":APA91b" + rs(134, B64U),
  hdr="Authorization: key=%s", url="https://fcm.googleapis.com/fcm/send")
T("sentry-sntrys", "Sentry org auth token", "SENTRY_AUTH_TOKEN",
  lambda: "sntrys_" + b64u_js({"iat": float(epoch()), "url": "https://sentry.io",
                               "region_url": "https://us.sentry.io", "org": pick(ORGS)})
  + "_" + rs(43, B64U), url="https://sentry.io/api/0/organizations/acme/projects/")
T("sentry-sntryu", "Sentry user auth token", "SENTRY_AUTH_TOKEN", lambda: "sntryu_" + hx(64),
  url="https://sentry.io/api/0/projects/")
T("datadog-api-key", "Datadog API key", "DD_API_KEY", lambda: hx(32), hdr="DD-API-KEY: %s",
  url="https://api.datadoghq.com/api/v1/validate")
T("datadog-app-key", "Datadog application key", "DD_APP_KEY", lambda: hx(40),
  hdr="DD-APPLICATION-KEY: %s", url="https://api.datadoghq.eu/api/v1/monitor")
T("newrelic-nrak", "New Relic user key", "NEW_RELIC_API_KEY", lambda: "NRAK-" + rs(27, UPP + DIG),
  hdr="API-Key: %s", url="https://api.newrelic.com/graphql")
T("newrelic-license", "New Relic license key", "NEW_RELIC_LICENSE_KEY",
  lambda: hx(36) + "NRAL")
T("grafana-glsa", "Grafana service account token", "GRAFANA_TOKEN",
  lambda: "glsa_" + rs(32) + "_" + hx(8), url="https://grafana.acme.dev/api/dashboards/home")
T("grafana-glc", "Grafana Cloud access policy token", "GRAFANA_CLOUD_TOKEN",
  lambda: "glc_" + b64u_js({"o": digits(6), "n": "stack-%s-otlp" % digits(6),
                            "k": rs(24), "m": {"r": pick(["prod-eu-west-2", "prod-us-east-0"])}}))
T("npm-token", "npm access token", "NPM_TOKEN", lambda: "npm_" + rs(36))
T("pypi-token", "PyPI API token", "PYPI_API_TOKEN",
  lambda: "pypi-AgEIcHlwaS5vcmcCJG" + with_sep(rs(150, B64U)))
T("docker-pat", "Docker Hub PAT", "DOCKERHUB_TOKEN", lambda: "dckr_pat_" + with_sep(rs(27, B64U)))
T("vercel-token", "Vercel token", "VERCEL_TOKEN", lambda: rs(24),
  url="https://api.vercel.com/v9/projects")
T("netlify-nfp", "Netlify PAT", "NETLIFY_AUTH_TOKEN", lambda: "nfp_" + rs(36),
  url="https://api.netlify.com/api/v1/sites")
T("fly-fo1", "Fly.io token", "FLY_API_TOKEN", lambda: "fo1_" + with_sep(rs(43, B64U)),
  url="https://api.machines.dev/v1/apps?org_slug=personal")
T("fly-macaroon", "Fly.io deploy token", "FLY_API_TOKEN",
  lambda: "FlyV1 fm2_lJPE" + rs(160, B64) + "==,fm2_lJPE" + rs(120, B64))
T("heroku-hrku", "Heroku API key", "HEROKU_API_KEY", lambda: "HRKU-AA" + rs(58, B64U),
  hdr="Authorization: Bearer %s", url="https://api.heroku.com/apps")
T("heroku-uuid", "Heroku API key", "HEROKU_API_KEY", lambda: uuid4(),
  url="https://api.heroku.com/account")
T("cloudflare-api-token", "Cloudflare API token", "CLOUDFLARE_API_TOKEN",
  lambda: with_sep(rs(40, B64U)), url="https://api.cloudflare.com/client/v4/user/tokens/verify")
T("cloudflare-global-key", "Cloudflare global API key", "CF_API_KEY", lambda: hx(37),
  hdr="X-Auth-Key: %s", url="https://api.cloudflare.com/client/v4/zones")
T("doppler-st", "Doppler service token", "DOPPLER_TOKEN",
  lambda: "dp.st." + pick(["prd", "stg", "dev"]) + "." + rs(43))
T("doppler-pt", "Doppler personal token", "DOPPLER_TOKEN", lambda: "dp.pt." + rs(43))
T("linear-api", "Linear API key", "LINEAR_API_KEY", lambda: "lin_api_" + rs(40),
  hdr="Authorization: %s", url="https://api.linear.app/graphql")
T("notion-secret", "Notion integration secret", "NOTION_TOKEN", lambda: "secret_" + rs(43),
  url="https://api.notion.com/v1/users/me")
T("notion-ntn", "Notion integration token", "NOTION_API_KEY",
  lambda: "ntn_" + digits(11) + rs(35), url="https://api.notion.com/v1/search")
T("figma-figd", "Figma PAT", "FIGMA_TOKEN", lambda: "figd_" + with_sep(rs(40, B64U)),
  hdr="X-Figma-Token: %s", url="https://api.figma.com/v1/me")
T("atlassian-api", "Atlassian API token", "JIRA_API_TOKEN",
  lambda: "ATATT3xFfGF0" + with_sep(rs(180, B64U)) + "=" + HX(8))
T("postman-pmak", "Postman API key", "POSTMAN_API_KEY",
  lambda: "PMAK-" + hx(24) + "-" + hx(34), hdr="X-Api-Key: %s",
  url="https://api.getpostman.com/collections")
T("discord-bot", "Discord bot token", "DISCORD_TOKEN",
  lambda: b64of(digits(19).encode()).rstrip("=") + "." + rs(6, B64U) + "." + with_sep(rs(38, B64U)),
  hdr="Authorization: Bot %s", url="https://discord.com/api/v10/users/@me")
T("telegram-bot", "Telegram bot token", "TELEGRAM_BOT_TOKEN",
  lambda: digits(10) + ":AA" + rs(33, B64U))
T("mapbox-sk", "Mapbox secret token", "MAPBOX_SECRET_TOKEN",
  lambda: "sk." + b64u_js({"u": pick(ORGS), "a": rs(25, LOW + DIG)}) + "." + rs(22, B64U))
T("square-access", "Square access token", "SQUARE_ACCESS_TOKEN",
  lambda: "EAAA" + with_sep(rs(60, B64U)), url="https://connect.squareup.com/v2/locations")
T("paypal-client-secret", "PayPal client secret", "PAYPAL_CLIENT_SECRET",
  lambda: "E" + with_sep(rs(79, B64U)))
T("plaid-secret", "Plaid secret", "PLAID_SECRET", lambda: hx(30))
T("razorpay-secret", "Razorpay key secret", "RAZORPAY_KEY_SECRET", lambda: rs(24))
T("braintree-access", "Braintree access token", "BRAINTREE_ACCESS_TOKEN",
  lambda: "access_token$production$" + rs(16, B36L) + "$" + hx(32))
T("ably-key", "Ably API key", "ABLY_API_KEY",
  lambda: rs(6, B64U) + "." + rs(6, B64U) + ":" + with_sep(rs(43, B64U)))
T("launchdarkly-sdk", "LaunchDarkly SDK key", "LAUNCHDARKLY_SDK_KEY", lambda: "sdk-" + uuid4())
T("launchdarkly-api", "LaunchDarkly API token", "LD_API_TOKEN", lambda: "api-" + uuid4(),
  hdr="Authorization: %s", url="https://app.launchdarkly.com/api/v2/flags/default")
T("posthog-phx", "PostHog personal API key", "POSTHOG_PERSONAL_API_KEY",
  lambda: "phx_" + rs(43), url="https://eu.posthog.com/api/projects/")
T("clerk-sk", "Clerk secret key", "CLERK_SECRET_KEY", lambda: "sk_live_" + rs(40),
  url="https://api.clerk.com/v1/users?limit=10")
T("resend", "Resend API key", "RESEND_API_KEY", lambda: "re_" + rs(8) + "_" + rs(24),
  url="https://api.resend.com/domains")
T("postmark-server", "Postmark server token", "POSTMARK_SERVER_TOKEN", lambda: uuid4(),
  hdr="X-Postmark-Server-Token: %s", url="https://api.postmarkapp.com/server")
T("upstash-rest", "Upstash Redis REST token", "UPSTASH_REDIS_REST_TOKEN",
  lambda: "AX" + rs(2, UPP) + "ASQgN" + rs(60, B64U))
T("planetscale-pw", "PlanetScale password", "DATABASE_PASSWORD",
  lambda: "pscale_pw_" + with_sep(rs(43, B64U)))
T("planetscale-tkn", "PlanetScale service token", "PLANETSCALE_SERVICE_TOKEN",
  lambda: "pscale_tkn_" + with_sep(rs(43, B64U)))
T("vault-hvs", "Vault token", "VAULT_TOKEN", lambda: "hvs." + rs(91, B64U),
  hdr="X-Vault-Token: %s", url="https://vault.internal.acme.dev:8200/v1/auth/token/lookup-self")
T("vault-hvb", "Vault batch token", "VAULT_TOKEN", lambda: "hvb." + rs(130, B64U),
  hdr="X-Vault-Token: %s", url="https://vault.acme.dev/v1/secret/data/ci")
T("tfc-atlasv1", "Terraform Cloud token", "TF_API_TOKEN",
  lambda: rs(14) + ".atlasv1." + rs(67), url="https://app.terraform.io/api/v2/account/details")
T("pulumi", "Pulumi access token", "PULUMI_ACCESS_TOKEN", lambda: "pul-" + hx(40),
  hdr="Authorization: token %s", url="https://api.pulumi.com/api/user")
T("circleci-pat", "CircleCI PAT", "CIRCLE_TOKEN", lambda: "CCIPAT_" + rs(22) + "_" + hx(40),
  hdr="Circle-Token: %s", url="https://circleci.com/api/v2/me")
T("buildkite", "Buildkite API token", "BUILDKITE_API_TOKEN", lambda: "bkua_" + hx(40),
  url="https://api.buildkite.com/v2/user")
T("sonarqube", "SonarQube token", "SONAR_TOKEN", lambda: pick(["squ_", "sqp_", "sqa_"]) + hx(40))
T("age-secret", "age identity", "SOPS_AGE_KEY",
  lambda: "AGE-SECRET-KEY-1" + rs(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"))
T("databricks", "Databricks PAT", "DATABRICKS_TOKEN", lambda: "dapi" + hx(32) + pick(["", "-2", "-3"]),
  url="https://adb-%s.12.azuredatabricks.net/api/2.0/clusters/list" % digits(16))
T("confluent-secret", "Confluent Cloud API secret", "CONFLUENT_API_SECRET",
  lambda: rs(64, B64))
T("dbt-cloud", "dbt Cloud service token", "DBT_CLOUD_API_TOKEN",
  lambda: "dbtc_" + with_sep(rs(56, B64U)), hdr="Authorization: Token %s",
  url="https://cloud.getdbt.com/api/v2/accounts/")
T("elastic-apikey", "Elastic API key", "ELASTIC_API_KEY",
  lambda: b64s(rs(20, B64U) + ":" + rs(22, B64U)), hdr="Authorization: ApiKey %s",
  url="https://acme.es.us-east-1.aws.found.io:9243/_security/_authenticate")
T("airtable-pat", "Airtable PAT", "AIRTABLE_TOKEN", lambda: "pat" + rs(14) + "." + hx(64),
  url="https://api.airtable.com/v0/meta/bases")
T("asana-pat", "Asana PAT", "ASANA_ACCESS_TOKEN",
  lambda: "2/%s/%s:%s" % (digits(16), digits(16), hx(32)),
  url="https://app.asana.com/api/1.0/users/me")
T("typeform", "Typeform token", "TYPEFORM_TOKEN", lambda: "tfp_" + rs(44, B64U) + "_" + rs(14))
T("contentful-cfpat", "Contentful management token", "CONTENTFUL_MANAGEMENT_TOKEN",
  lambda: "CFPAT-" + with_sep(rs(43, B64U)))
T("contentful-delivery", "Contentful delivery token", "CONTENTFUL_ACCESS_TOKEN",
  lambda: with_sep(rs(43, B64U)))
T("huggingface", "Hugging Face token", "HF_TOKEN", lambda: "hf_" + rs(34, UPP + LOW),
  url="https://huggingface.co/api/whoami-v2")
T("replicate", "Replicate token", "REPLICATE_API_TOKEN", lambda: "r8_" + rs(37),
  url="https://api.replicate.com/v1/account")
T("groq", "Groq API key", "GROQ_API_KEY", lambda: "gsk_" + rs(52),
  url="https://api.groq.com/openai/v1/models")
T("openrouter", "OpenRouter key", "OPENROUTER_API_KEY", lambda: "sk-or-v1-" + hx(64),
  url="https://openrouter.ai/api/v1/auth/key")
T("pinecone", "Pinecone API key", "PINECONE_API_KEY", lambda: "pcsk_" + rs(5) + "_" + rs(60),
  hdr="Api-Key: %s", url="https://api.pinecone.io/indexes")
T("perplexity", "Perplexity key", "PERPLEXITY_API_KEY", lambda: "pplx-" + rs(48))
T("xai", "xAI key", "XAI_API_KEY", lambda: "xai-" + rs(80), url="https://api.x.ai/v1/models")
T("fireworks", "Fireworks key", "FIREWORKS_API_KEY", lambda: "fw_" + rs(24))
T("elevenlabs", "ElevenLabs key", "ELEVENLABS_API_KEY", lambda: "sk_" + hx(48),
  hdr="xi-api-key: %s", url="https://api.elevenlabs.io/v1/user")
T("deepgram", "Deepgram key", "DEEPGRAM_API_KEY", lambda: hx(40), hdr="Authorization: Token %s",
  url="https://api.deepgram.com/v1/projects")
T("mistral", "Mistral key", "MISTRAL_API_KEY", lambda: rs(32), url="https://api.mistral.ai/v1/models")
T("cohere", "Cohere key", "COHERE_API_KEY", lambda: rs(40), url="https://api.cohere.com/v1/models")
T("shippo", "Shippo live token", "SHIPPO_API_TOKEN", lambda: "shippo_live_" + hx(40),
  hdr="Authorization: ShippoToken %s", url="https://api.goshippo.com/addresses/")
T("easypost", "EasyPost key", "EASYPOST_API_KEY", lambda: "EZAK" + hx(54))
T("intercom", "Intercom access token", "INTERCOM_ACCESS_TOKEN",
  lambda: b64s("tok:" + uuid4() + ":1:0"), url="https://api.intercom.io/me")
T("zendesk", "Zendesk API token", "ZENDESK_API_TOKEN", lambda: rs(40))
T("mixpanel-secret", "Mixpanel API secret", "MIXPANEL_API_SECRET", lambda: hx(32))
T("algolia-admin", "Algolia admin key", "ALGOLIA_ADMIN_KEY", lambda: hx(32),
  hdr="X-Algolia-API-Key: %s", url="https://XJ3K9PQ2LM.algolia.net/1/keys")
T("rollbar", "Rollbar server token", "ROLLBAR_ACCESS_TOKEN", lambda: hx(32),
  hdr="X-Rollbar-Access-Token: %s", url="https://api.rollbar.com/api/1/items")
T("honeycomb", "Honeycomb ingest key", "HONEYCOMB_API_KEY", lambda: "hcaik_01" + rs(56, B36L),
  hdr="x-honeycomb-team: %s", url="https://api.honeycomb.io/1/auth")
T("jfrog-reftkn", "JFrog reference token", "JFROG_ACCESS_TOKEN",
  lambda: b64s("reftkn:01:" + epoch() + ":" + rs(31)).rstrip("="))
T("jfrog-akcp", "Artifactory API key", "ARTIFACTORY_API_KEY", lambda: "AKCp" + rs(69))
T("pusher-secret", "Pusher secret", "PUSHER_APP_SECRET", lambda: hx(20))
T("mux-secret", "Mux token secret", "MUX_TOKEN_SECRET", lambda: rs(75, B64))
T("vonage-secret", "Vonage API secret", "VONAGE_API_SECRET", lambda: rs(16))
T("plivo-auth", "Plivo auth token", "PLIVO_AUTH_TOKEN", lambda: rs(40))
T("checkout-sk", "Checkout.com secret key", "CKO_SECRET_KEY",
  lambda: "sk_" + rs(26, LOW + "234567"))
T("mollie-live", "Mollie live key", "MOLLIE_API_KEY", lambda: "live_" + rs(30),
  url="https://api.mollie.com/v2/methods")
T("paddle-live", "Paddle API key", "PADDLE_API_KEY",
  lambda: "pdl_live_apikey_01" + rs(24, "0123456789abcdefghjkmnpqrstvwxyz") + "_" + rs(22) + "_A" + rs(2))
T("onepassword-sa", "1Password service account token", "OP_SERVICE_ACCOUNT_TOKEN",
  lambda: "ops_" + b64u_js({"signInAddress": "%s.1password.com" % pick(ORGS),
                            "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256",
                                         "iterations": 650000, "salt": rs(22, B64U)},
                            "email": "%s@%s.1password.local" % (rs(26, B36L), rs(8, B36L)),
                            "srpX": hx(64), "muk": {"alg": "A256GCM", "ext": True,
                                                    "k": rs(43, B64U), "key_ops": ["encrypt", "decrypt"],
                                                    "kty": "oct", "kid": "mp"},
                            "secretKey": "A3-" + rs(6, UPP + DIG) + "-" + rs(6, UPP + DIG),
                            "throttleSecret": {"seed": hx(64), "uuid": rs(26, UPP + DIG)},
                            "deviceUuid": rs(26, B36L)}))
T("tailscale-auth", "Tailscale auth key", "TS_AUTHKEY",
  lambda: "tskey-auth-k" + rs(10) + "CNTRL-" + rs(33))
T("tailscale-api", "Tailscale API key", "TAILSCALE_API_KEY",
  lambda: "tskey-api-k" + rs(10) + "CNTRL-" + rs(33))
T("ngrok-authtoken", "ngrok authtoken", "NGROK_AUTHTOKEN", lambda: "2" + rs(26) + "_" + rs(21))
T("render-api", "Render API key", "RENDER_API_KEY", lambda: "rnd_" + rs(32),
  url="https://api.render.com/v1/services?limit=20")
T("railway-token", "Railway token", "RAILWAY_TOKEN", lambda: uuid4())
T("digitalocean-dop", "DigitalOcean token", "DIGITALOCEAN_ACCESS_TOKEN",
  lambda: "dop_v1_" + hx(64), url="https://api.digitalocean.com/v2/account")
T("linode", "Linode token", "LINODE_TOKEN", lambda: hx(64),
  url="https://api.linode.com/v4/linode/instances")
T("hetzner", "Hetzner Cloud token", "HCLOUD_TOKEN", lambda: rs(64),
  url="https://api.hetzner.cloud/v1/servers")
T("scaleway-secret", "Scaleway secret key", "SCW_SECRET_KEY", lambda: uuid4(),
  hdr="X-Auth-Token: %s", url="https://api.scaleway.com/instance/v1/zones/fr-par-1/servers")
T("alibaba-secret", "Alibaba Cloud AccessKey secret", "ALIBABA_CLOUD_ACCESS_KEY_SECRET",
  lambda: rs(30))
T("ibm-cloud", "IBM Cloud API key", "IBMCLOUD_API_KEY", lambda: with_sep(rs(44, B64U)))
T("b2-app-key", "Backblaze B2 application key", "B2_APPLICATION_KEY", lambda: "K00" + rs(28, B64U.replace("-", "")))
T("r2-secret", "Cloudflare R2 secret access key", "R2_SECRET_ACCESS_KEY", lambda: hx(64))
T("aws-secret", "AWS secret access key", "AWS_SECRET_ACCESS_KEY", lambda: rs(40, B64))
T("azure-storage-key", "Azure storage account key", "AZURE_STORAGE_KEY",
  lambda: b64of(rbytes(64)))
T("jwt-hs-secret", "JWT signing secret", "JWT_SECRET", lambda: rs(48, B64U))
T("nextauth-secret", "NextAuth secret", "NEXTAUTH_SECRET", lambda: b64of(rbytes(32)))
T("session-secret", "Express session secret", "SESSION_SECRET", lambda: hx(64))
T("lemonsqueezy", "Lemon Squeezy API key", "LEMONSQUEEZY_API_KEY",
  lambda: jwt({"aud": "94d59cef-dbb8-4ea5-b178-d2540fcd6919", "jti": hx(64), "iat": int(epoch()),
               "nbf": int(epoch()), "exp": 2051222400, "sub": digits(6), "scopes": []}, "RS256"))
T("expo-token", "Expo access token", "EXPO_TOKEN", lambda: rs(40, B64U.replace("-", "")))
T("snyk-token", "Snyk API token", "SNYK_TOKEN", lambda: uuid4(),
  hdr="Authorization: token %s", url="https://api.snyk.io/rest/self?version=2024-04-29")
T("codecov-token", "Codecov upload token", "CODECOV_TOKEN", lambda: uuid4())
# invented, lesser-known vendors
T("quillstack-live", "Quillstack API key", "QUILLSTACK_API_KEY", lambda: "qsk_live_" + rs(40),
  url="https://api.quillstack.io/v2/documents")
T("tallybird-pat", "Tallybird PAT", "TALLYBIRD_TOKEN", lambda: "tbd_pat_" + hx(32),
  url="https://app.tallybird.com/api/v1/ledgers")
T("orbitly-sec", "Orbitly secret", "ORBITLY_SECRET", lambda: "orb_sec_" + with_sep(rs(48, B64U)),
  hdr="X-Orbitly-Secret: %s", url="https://ingest.orbitly.dev/v1/events")
T("parcelo-live", "Parcelo API key", "PARCELO_API_KEY", lambda: "prc_live_" + hx(24) + "_" + rs(16),
  url="https://api.parcelo.eu/v3/shipments")
T("lumenpay-sk", "Lumenpay secret key", "LUMENPAY_SECRET_KEY", lambda: "lp_sk_prod_" + rs(36),
  url="https://api.lumenpay.com/v1/payouts")
T("hookrelay-sig", "Hookrelay signing secret", "HOOKRELAY_SIGNING_SECRET",
  lambda: "hrsig_" + rs(44, B62))
T("nimbusdb-token", "NimbusDB token", "NIMBUSDB_TOKEN", lambda: "nmb1." + rs(20) + "." + rs(40))
T("ferrocloud", "Ferrocloud API token", "FERRO_API_TOKEN", lambda: "fcl_" + rs(52, "abcdefghijklmnopqrstuvwxyz234567"),
  url="https://api.ferrocloud.dev/v1/machines")
T("kestrelmail", "Kestrelmail key", "KESTREL_API_KEY", lambda: "km_live_" + hx(40),
  hdr="X-Kestrel-Key: %s", url="https://api.kestrelmail.com/v1/send")
T("brightlane", "Brightlane key", "BRIGHTLANE_SECRET", lambda: "bl-sk-" + hx(64))
T("gridforge", "Gridforge token", "GRIDFORGE_TOKEN", lambda: "gfg_" + digits(8) + "." + rs(40),
  url="https://gridforge.app/api/v1/jobs")
T("coralq", "CoralQ key", "CORALQ_API_KEY", lambda: "cq_" + pick(["prod", "live"]) + "_" + rs(32, B36L))
T("zephyrlog", "Zephyrlog ingest key", "ZEPHYR_INGEST_KEY", lambda: "zl_ingest_" + hx(32),
  hdr="X-Zephyr-Key: %s", url="https://in.zephyrlog.io/v1/logs")
T("tessellate", "Tessellate API secret", "TESS_API_SECRET", lambda: "tsl-" + rs(8, B36L) + "-" + rs(40))
T("murmur-bot", "Murmur bot token", "MURMUR_BOT_TOKEN", lambda: "mmr:" + digits(9) + ":" + rs(40, B64U))
T("quokka-ci", "Quokka CI token", "QUOKKA_CI_TOKEN", lambda: "qci_" + rs(8, B36L) + "_" + hx(40))
T("ravenpath", "Ravenpath key", "RAVENPATH_KEY", lambda: "rvp_" + rs(4, UPP) + "_" + rs(44))
T("sundial-sec", "Sundial secret", "SUNDIAL_SECRET", lambda: "sdl_sec_" + rs(38))
T("lantern-server", "Lantern flags server key", "LANTERN_SERVER_KEY", lambda: "lfs-server-" + uuid4())
T("pebblepay", "Pebblepay secret", "PEBBLEPAY_SECRET_KEY", lambda: "ppk_live_" + rs(12) + "." + rs(32))
T("driftwood-sign", "Driftwood signing key", "DRIFTWOOD_SIGNING_KEY", lambda: "dwsk1_" + rs(52, B32))
T("inkwell-ai", "Inkwell AI key", "INKWELL_API_KEY", lambda: "iw-" + rs(6, B36L) + "-" + rs(48))

_VENDOR_FIX = {"Hugging": "HuggingFace", "New": "NewRelic", "Lemon": "LemonSqueezy", "Express": "Session",
               "JWT": "Jwt", "Terraform": "TerraformCloud", "IBM": "IbmCloud", "FCM": "Fcm", "age": "Age",
               "Quokka": "QuokkaCi", "dbt": "DbtCloud", "1Password": "OnePassword", "Checkout.com": "Checkout",
               "Fly.io": "Fly", "Artifactory": "Artifactory", "Google": "Google", "Azure": "Azure"}


def vendor_word(t):
    w = t["label"].split()[0]
    return _VENDOR_FIX.get(w, w.replace(".", "").replace("-", ""))


TOKBY = dict((t["key"], t) for t in TOKENS)


def tok(key=None):
    t = TOKBY[key] if key else pick(TOKENS)
    return t, t["gen"]()


HTTP_TOKENS = [t for t in TOKENS if t["http"]]


def http_tok():
    t = pick(HTTP_TOKENS)
    return t, t["gen"]()


_REG = collections.OrderedDict((g, []) for g in [
    "command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
    "note-or-chat", "ci-and-deploy", "vendor-token"])


def reg(group):
    def deco(fn):
        _REG[group].append(fn)
        return fn
    return deco


def dburl(scheme, user, pw, host, port, db, tail=""):
    return "%s://%s:%s@%s:%s/%s%s" % (scheme, user, pw, host, port, db, tail)


def pg_host():
    return pick([
        "db.%s.supabase.co" % rs(20, LOW),
        "%s-prod.cluster-%s.%s.rds.amazonaws.com" % (pick(SVCS), rs(12, B36L), pick(REGIONS)),
        "ep-%s-%s-%s.%s.aws.neon.tech" % (pick(WORDS), pick(WORDS), rs(8, B36L), pick(REGIONS)),
        "%s-db.internal" % pick(SVCS),
        "postgres.%s.svc.cluster.local" % pick(ORGS),
        "%s.postgres.database.azure.com" % pick(ORGS),
        "10.%d.%d.%d" % (num(0, 40), num(0, 255), num(2, 250)),
    ])


def human_pw_url():
    while True:
        p = human_pw()
        if not any(c in p for c in "@#?/%&$ "):
            return p


def ns():
    return pick(["prod", "staging", "default", "payments", "platform", "apps", "data"])


def sha7():
    return hx(7)


def env_lower(t):
    return t["env"].lower()


def env_dash(t):
    return t["env"].lower().replace("_", "-")


def env_pascal(t):
    return "".join(p.capitalize() for p in t["env"].lower().split("_"))


def app_name():
    return "%s-%s" % (pick(ORGS), pick(SVCS))


def shprompt():
    return pick(["$ ", "% ", "❯ ", "➜  %s git:(%s) " % (pick(SVCS), pick(["main", "develop", "feat/checkout-v2", "fix/webhook-retry"])), ""])


# ---------------------------------------------------------------- generic command contexts

@reg("command")
def c_export_env():
    t, v = tok()
    nxt = pick(["pnpm --filter @%s/%s dev" % (pick(ORGS), pick(SVCS)), "npm run dev", "uvicorn app.main:app --reload",
                "bin/rails s", "go run ./cmd/server", "cargo run -p api", "./gradlew bootRun",
                "php artisan serve", "python manage.py runserver 0.0.0.0:8000"])
    return ("export-env-" + t["key"], "%sexport %s=%s\n%s%s" % (shprompt(), t["env"], v, shprompt(), nxt), v, nxt.split()[0])


@reg("command")
def c_inline_env():
    t, v = tok()
    cmd = pick(["node scripts/backfill-customers.mjs --dry-run", "pnpm turbo run test --filter=api",
                "python -m scripts.sync_contacts --since 2024-05-01", "go test ./internal/... -run TestIntegration",
                "bundle exec rspec spec/integrations", "npx tsx scripts/seed.ts", "uv run pytest -k smoke -x"])
    q = pick(["'", '"', ""])
    return ("inline-env-" + t["key"], "%s=%s%s%s %s" % (t["env"], q, v, q, cmd), v, cmd.split()[0])


@reg("command")
def c_curl_header():
    t, v = http_tok()
    h = t["hdr"] % v
    extra = pick([" | jq .", " | jq '.data | length'", " -o /dev/null -w '%{http_code}\\n'", "", " | head -c 400"])
    return ("curl-header-" + t["key"], "curl -sS -H \"%s\" \"%s\"%s" % (h, t["url"], extra), v, "curl")


@reg("command")
def c_docker_run_env():
    t, v = tok()
    org, svc = pick(ORGS), pick(SVCS)
    return ("docker-run-env-" + t["key"],
            "docker run --rm -it \\\n  -e %s=%s \\\n  -e NODE_ENV=production \\\n  -p %d:%d ghcr.io/%s/%s:%s" % (
                t["env"], v, num(3000, 9000), 8080, org, svc, sha7()), v, "docker run")


@reg("command")
def c_fly_secrets():
    t, v = tok()
    return ("fly-secrets-set-" + t["key"], "fly secrets set %s=%s -a %s" % (t["env"], v, app_name()), v, "fly secrets set")


@reg("command")
def c_heroku_config():
    t, v = tok()
    return ("heroku-config-set-" + t["key"], "heroku config:set %s=%s --app %s-staging" % (t["env"], v, app_name()), v, "heroku config:set")


@reg("command")
def c_gh_secret():
    t, v = tok()
    return ("gh-secret-set-body-" + t["key"], "gh secret set %s --body \"%s\" --repo %s/%s" % (t["env"], v, pick(ORGS), pick(SVCS)), v, "gh secret set")


@reg("command")
def c_vercel_env():
    t, v = tok()
    return ("vercel-env-add-" + t["key"], "printf '%%s' '%s' | vercel env add %s production" % (v, t["env"]), v, "vercel env add")


@reg("command")
def c_kubectl_literal():
    t, v = tok()
    svc = pick(SVCS)
    return ("kubectl-from-literal-" + t["key"],
            "kubectl -n %s create secret generic %s-secrets \\\n  --from-literal=%s=%s \\\n  --dry-run=client -o yaml | kubectl apply -f -" % (
                ns(), svc, env_lower(t), v), v, "kubectl")


@reg("command")
def c_ssm_put():
    t, v = tok()
    return ("aws-ssm-put-parameter-" + t["key"],
            "aws ssm put-parameter --name /%s/prod/%s --type SecureString --value '%s' --overwrite --region %s" % (
                pick(ORGS), env_lower(t), v, pick(REGIONS)), v, "aws ssm put-parameter")


@reg("command")
def c_gcloud_secret():
    t, v = tok()
    return ("gcloud-secrets-add-" + t["key"],
            "echo -n \"%s\" | gcloud secrets versions add %s --data-file=- --project %s-prod" % (v, env_dash(t), pick(ORGS)),
            v, "gcloud secrets versions add")


@reg("command")
def c_az_kv():
    t, v = tok()
    return ("az-keyvault-set-" + t["key"],
            "az keyvault secret set --vault-name kv-%s-prod --name %s --value \"%s\"" % (pick(ORGS), env_dash(t), v),
            v, "az keyvault secret set")


@reg("command")
def c_doppler_set():
    t, v = tok()
    return ("doppler-secrets-set-" + t["key"],
            "doppler secrets set %s=\"%s\" --project %s --config prd" % (t["env"], v, pick(SVCS)), v, "doppler secrets set")


@reg("command")
def c_wrangler():
    t, v = tok()
    return ("wrangler-secret-put-" + t["key"],
            "echo \"%s\" | npx wrangler secret put %s --env production" % (v, t["env"]), v, "wrangler secret put")


@reg("command")
def c_netlify_env():
    t, v = tok()
    return ("netlify-env-set-" + t["key"], "netlify env:set %s %s --context production" % (t["env"], v), v, "netlify env:set")


@reg("command")
def c_supabase_secrets():
    t, v = tok()
    return ("supabase-secrets-set-" + t["key"],
            "supabase secrets set %s=%s --project-ref %s" % (t["env"], v, rs(20, LOW)), v, "supabase secrets set")


@reg("command")
def c_dotnet_user_secrets():
    t, v = tok()
    return ("dotnet-user-secrets-" + t["key"],
            "dotnet user-secrets set \"%s:ApiKey\" \"%s\" --project src/%s.Api" % (
                vendor_word(t), v, pick(ORGS).capitalize()), v, "dotnet user-secrets set")


@reg("command")
def c_vault_kv_put():
    t, v = tok()
    return ("vault-kv-put-" + t["key"], "vault kv put secret/%s/prod %s=%s" % (pick(SVCS), env_lower(t), v), v, "vault kv put")


@reg("command")
def c_eas_secret():
    t, v = tok()
    return ("eas-secret-create-" + t["key"],
            "eas secret:create --scope project --name %s --value %s --type string" % (t["env"], v), v, "eas secret:create")


@reg("command")
def c_powershell_env():
    t, v = tok()
    return ("powershell-env-" + t["key"],
            "PS C:\\src\\%s> $env:%s = \"%s\"\nPS C:\\src\\%s> dotnet run --project src\\Api" % (
                pick(SVCS), t["env"], v, pick(SVCS)), v, "dotnet run")


@reg("command")
def c_append_dotenv():
    t, v = tok()
    path = pick(["apps/web/.env.local", ".env", "backend/.env", "services/api/.env.development.local"])
    return ("echo-append-dotenv-" + t["key"], "echo '%s=%s' >> %s" % (t["env"], v, path), v, path)


@reg("command")
def c_terraform_var():
    t, v = tok()
    return ("terraform-apply-var-" + t["key"],
            "terraform -chdir=infra/envs/prod apply -var=\"%s=%s\" -auto-approve" % (env_lower(t), v), v, "terraform")


@reg("command")
def c_helm_set():
    t, v = tok()
    svc = pick(SVCS)
    key = env_lower(t).split("_")
    camel = key[0] + "".join(k.capitalize() for k in key[1:])
    return ("helm-set-" + t["key"],
            "helm upgrade --install %s ./charts/%s -n %s \\\n  --set image.tag=%s \\\n  --set secrets.%s=%s" % (
                svc, svc, ns(), sha7(), camel, v), v, "helm upgrade")


@reg("command")
def c_docker_build_arg():
    t, v = tok()
    return ("docker-build-arg-" + t["key"],
            "docker build --build-arg %s=%s -t %s/%s:dev -f apps/%s/Dockerfile ." % (
                t["env"], v, pick(ORGS), pick(SVCS), pick(SVCS)), v, "docker build")


@reg("command")
def c_glab_var():
    t, v = tok()
    return ("glab-variable-set-" + t["key"],
            "glab variable set %s --value '%s' --masked --scope production" % (t["env"], v), v, "glab variable set")


@reg("command")
def c_railway_vars():
    t, v = tok()
    return ("railway-variables-set-" + t["key"], "railway variables --set \"%s=%s\" --service %s" % (t["env"], v, pick(SVCS)),
            v, "railway variables")


@reg("command")
def c_fish_set():
    t, v = tok()
    return ("fish-set-ux-" + t["key"], "set -Ux %s %s" % (t["env"], v), v, t["env"])


@reg("command")
def c_httpie():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    return ("httpie-header-" + t["key"], "http GET '%s' '%s:%s'" % (t["url"], name, val), v, "http GET")


# ---------------------------------------------------------------- specific commands

@reg("command")
def c_psql_pgpassword():
    pw = human_pw()
    h = pg_host()
    return (pick(["psql-pgpassword-env", "psql-pgpassword-inline"]),
            "PGPASSWORD='%s' psql -h %s -U app -d app_prod -c \"select count(*) from orders where created_at > now() - interval '1 day';\"" % (pw, h),
            pw, "psql")


@reg("command")
def c_psql_url():
    pw = url_pw(num(16, 32))
    return ("psql-connection-uri",
            "psql \"postgresql://app_rw:%s@%s:5432/app?sslmode=require\"" % (pw, pg_host()), pw, "psql")


@reg("command")
def c_mysql_p():
    pw = human_pw()
    return ("mysql-dash-p-attached",
            "mysql -h 127.0.0.1 -P 3307 -u root -p'%s' shop_dev < tmp/dump-%s.sql" % (pw, ts_plain()[:10]), pw, "mysql")


@reg("command")
def c_mongosh():
    pw = url_pw(num(12, 24))
    return ("mongosh-srv-uri",
            "mongosh \"mongodb+srv://%s-admin:%s@cluster0.%s.mongodb.net/%s\" --eval 'db.users.countDocuments()'" % (
                pick(ORGS), pw, rs(5, B36L), pick(SVCS)), pw, "mongosh")


@reg("command")
def c_redis_cli():
    pw = rs(32)
    return ("redis-cli-auth-flag",
            "redis-cli -h %s-cache.%s.cache.amazonaws.com -p 6379 --tls -a '%s' --no-auth-warning INFO keyspace" % (
                pick(SVCS), rs(6, B36L), pw), pw, "redis-cli")


@reg("command")
def c_git_clone_oauth2():
    t, v = tok("gitlab-glpat")
    return ("git-clone-oauth2-url",
            "git clone https://oauth2:%s@gitlab.com/%s/%s.git" % (v, pick(ORGS), pick(SVCS)), v, "git clone")


@reg("command")
def c_git_remote_xat():
    v = "ghs_" + rs(36)
    return ("git-remote-x-access-token",
            "git remote set-url origin https://x-access-token:%s@github.com/%s/%s.git && git push origin HEAD:release" % (
                v, pick(ORGS), pick(SVCS)), v, "git remote set-url")


@reg("command")
def c_npm_config_token():
    v = "npm_" + rs(36)
    return ("npm-config-set-authtoken",
            "npm config set //registry.npmjs.org/:_authToken %s" % v, v, "npm config set")


@reg("command")
def c_docker_login_p():
    pw = pick([human_pw(), "dckr_pat_" + with_sep(rs(27, B64U))])
    return ("docker-login-password-flag",
            "docker login -u %s -p %s registry.%s.dev" % (pick(PEOPLE).lower(), pw, pick(ORGS)), pw, "docker login")


@reg("command")
def c_docker_login_stdin():
    v = "ghp_" + rs(36)
    return ("docker-login-stdin-echo",
            "echo \"%s\" | docker login ghcr.io -u %s --password-stdin" % (v, pick(PEOPLE).lower()), v, "docker login")


@reg("command")
def c_aws_configure():
    s = rs(40, B64)
    return ("aws-configure-set-secret",
            "aws configure set aws_secret_access_key %s --profile %s-prod" % (s, pick(ORGS)), s, "aws configure set")


@reg("command")
def c_aws_inline_keys():
    s = rs(40, B64)
    return ("aws-inline-key-pair",
            "AWS_ACCESS_KEY_ID=AKIA%s AWS_SECRET_ACCESS_KEY=%s aws s3 ls s3://%s-%s-assets/ --recursive | tail" % (
                rs(16, UPP + "234567"), s, pick(ORGS), pick(["prod", "staging"])), s, "aws s3 ls")


@reg("command")
def c_az_login_sp():
    s = TOKBY["azure-ad-client-secret"]["gen"]()
    return ("az-login-service-principal",
            "az login --service-principal -u %s -p '%s' --tenant %s" % (uuid4(), s, uuid4()), s, "az login")


@reg("command")
def c_gcloud_sql_pw():
    pw = strong_pw(24, "-_.")
    return ("gcloud-sql-set-password",
            "gcloud sql users set-password app --instance=%s-pg --password='%s'" % (pick(ORGS), pw), pw, "gcloud sql users")


@reg("command")
def c_curl_user_pass():
    pw = human_pw()
    return ("curl-user-colon-password",
            "curl -u admin:'%s' 'https://jenkins.%s.dev/job/deploy-prod/api/json?pretty=true'" % (pw, pick(ORGS)), pw, "curl")


@reg("command")
def c_curl_stripe_u():
    v = TOKBY["stripe-sk-live"]["gen"]()
    return ("curl-stripe-basic-u",
            "curl https://api.stripe.com/v1/customers \\\n  -u %s: \\\n  -d email=\"%s@example.com\" -d name=\"QA Customer\"" % (
                v, pick(PEOPLE).lower()), v, "curl")


@reg("command")
def c_curl_basic_b64():
    b = b64s("%s:%s" % (pick(["svc-reports", "api", "ci-bot", "grafana"]), strong_pw(18, "-_")))
    return ("curl-basic-auth-header",
            "curl -H 'Authorization: Basic %s' https://search.%s.internal:9200/_cat/indices?v" % (b, pick(ORGS)), b, "curl")


@reg("command")
def c_curl_cookie():
    k = pick([("_session_id", hx(32)), ("connect.sid", "s%3A" + rs(32, B64U) + "." + rs(43, B64)),
              ("laravel_session", b64s(json.dumps({"iv": rs(24, B64), "value": rs(40, B64), "mac": hx(64)}))),
              ("sessionid", rs(32, B36L))])
    return ("curl-cookie-" + k[0].replace("_", "-").replace(".", "-").strip("-"),
            "curl -s -b \"%s=%s\" https://app.%s.com/admin/reports/export.csv -o reports.csv" % (k[0], k[1], pick(ORGS)),
            k[1], "curl")


@reg("command")
def c_htpasswd():
    pw = human_pw()
    return ("htpasswd-batch-create", "htpasswd -b -c deploy/nginx/.htpasswd staging '%s'" % pw, pw, "htpasswd")


@reg("command")
def c_rails_runner_pw():
    pw = human_pw()
    return ("rails-runner-reset-password",
            "bin/rails runner 'User.find_by!(email: \"ops@%s.com\").update!(password: \"%s\")' -e production" % (
                pick(ORGS), pw), pw, "bin/rails runner")


@reg("command")
def c_django_superuser():
    pw = human_pw()
    return ("django-superuser-env",
            "DJANGO_SUPERUSER_PASSWORD='%s' python manage.py createsuperuser --noinput --username admin --email admin@%s.io" % (
                pw, pick(ORGS)), pw, "createsuperuser")


@reg("command")
def c_artisan_tinker():
    pw = human_pw()
    return ("artisan-tinker-hash-make",
            "php artisan tinker --execute=\"App\\Models\\User::where('email','qa@%s.test')->update(['password' => Hash::make('%s')]);\"" % (
                pick(ORGS), pw), pw, "php artisan tinker")


@reg("command")
def c_openssl_enc():
    pw = passphrase(pick(["-", " ", "."]), num(4, 5))
    return ("openssl-enc-k-passphrase",
            "openssl enc -aes-256-cbc -pbkdf2 -salt -in backup.sql -out backup.sql.enc -k '%s'" % pw, pw, "openssl enc")


@reg("command")
def c_zip_p():
    pw = human_pw()
    return ("zip-dash-p-password", "zip -r -P '%s' exports-%s.zip exports/*.csv" % (pw, ts()[:7]), pw, "zip")


@reg("command")
def c_sshpass():
    pw = human_pw()
    return ("sshpass-p-flag", "sshpass -p '%s' ssh -o StrictHostKeyChecking=no deploy@%s 'sudo systemctl restart %s'" % (
        pw, ipv4(), pick(SVCS)), pw, "sshpass")


@reg("command")
def c_keytool():
    pw = strong_pw(16, "-_!")
    return ("keytool-storepass-keypass",
            "keytool -genkeypair -v -keystore android/app/upload-keystore.jks -alias upload \\\n  -keyalg RSA -keysize 2048 -validity 10000 -storepass '%s' -keypass '%s' \\\n  -dname \"CN=%s Mobile, O=%s, C=DE\"" % (
                pw, pw, pick(ORGS).capitalize(), pick(ORGS).capitalize()), pw, "keytool")


@reg("command")
def c_mc_alias():
    s = rs(40, B62 + "+/")
    return ("minio-mc-alias-set",
            "mc alias set prod https://s3.%s.dev %s %s" % (pick(ORGS), rs(20, UPP + DIG), s), s, "mc alias set")


@reg("command")
def c_kcat_sasl():
    s = rs(64, B64)
    return ("kcat-sasl-password-flag",
            "kcat -b pkc-%s.%s.aws.confluent.cloud:9092 -X security.protocol=SASL_SSL -X sasl.mechanisms=PLAIN \\\n  -X sasl.username=%s -X sasl.password=%s -t orders.v1 -C -c 5 -e" % (
                rs(5, B36L), pick(REGIONS), rs(16, UPP + DIG), s), s, "kcat")


@reg("command")
def c_snowsql():
    pw = human_pw()
    return ("snowsql-pwd-env",
            "SNOWSQL_PWD='%s' snowsql -a %s-%s -u DBT_SVC -w TRANSFORMING_WH -d ANALYTICS -r TRANSFORMER" % (
                pw, rs(7, UPP), rs(7, UPP)), pw, "snowsql")


@reg("command")
def c_dbt_env_secret():
    pw = strong_pw(22, "-_!")
    return ("dbt-env-secret-inline",
            "DBT_ENV_SECRET_SNOWFLAKE_PASSWORD='%s' dbt build --select orders+ --target prod" % pw, pw, "dbt build")


@reg("command")
def c_airflow_conn():
    pw = url_pw(20)
    return ("airflow-connections-add-uri",
            "airflow connections add 'warehouse_pg' --conn-uri 'postgresql://airflow:%s@%s:5432/analytics'" % (pw, pg_host()),
            pw, "airflow connections add")


@reg("command")
def c_celery_broker():
    pw = url_pw(24)
    return ("celery-broker-amqps-flag",
            "celery -A %s worker -l info -Q default,emails -b 'amqps://%s:%s@%s.rmq.cloudamqp.com/%s'" % (
                pick(SVCS), rs(8, LOW), pw, pick(WORDS) + "-" + pick(WORDS), rs(8, LOW)), pw, "celery")


@reg("command")
def c_stripe_listen():
    v = pick([TOKBY["stripe-rk-live"], TOKBY["stripe-sk-test"]])["gen"]()
    return ("stripe-listen-api-key-flag",
            "stripe listen --forward-to localhost:3000/api/webhooks/stripe --api-key %s" % v, v, "stripe listen")


@reg("command")
def c_twilio_curl():
    v = hx(32)
    sid = "AC" + hx(32)
    return ("twilio-curl-sid-token",
            "curl -X POST https://api.twilio.com/2010-04-01/Accounts/%s/Messages.json \\\n  --data-urlencode \"Body=test from staging\" --data-urlencode \"From=+1555%s\" --data-urlencode \"To=+1555%s\" \\\n  -u %s:%s" % (
                sid, digits(7), digits(7), sid, v), v, "Messages.json")


@reg("command")
def c_swaks():
    v = TOKBY["sendgrid"]["gen"]()
    return ("swaks-smtp-auth-password",
            "swaks --to %s@%s.com --server smtp.sendgrid.net:587 -tls --auth-user apikey --auth-password '%s'" % (
                pick(PEOPLE).lower(), pick(ORGS), v), v, "swaks")


@reg("command")
def c_ngrok_add():
    v = TOKBY["ngrok-authtoken"]["gen"]()
    return ("ngrok-config-add-authtoken", "ngrok config add-authtoken %s" % v, v, "ngrok config add-authtoken")


@reg("command")
def c_gpg_passphrase():
    pw = passphrase(" ", num(4, 6))
    return ("gpg-batch-passphrase",
            "gpg --batch --pinentry-mode loopback --passphrase '%s' -d secrets.tar.gz.gpg | tar xz" % pw, pw, "gpg")


@reg("command")
def c_jenkins_cli():
    v = "11" + hx(32)
    return ("jenkins-cli-auth-apitoken",
            "java -jar jenkins-cli.jar -s https://ci.%s.dev/ -auth %s:%s build deploy-prod -p TAG=v%d.%d.%d" % (
                pick(ORGS), pick(PEOPLE).lower(), v, num(1, 4), num(0, 30), num(0, 9)), v, "jenkins-cli.jar")


@reg("command")
def c_composer_auth():
    v = "ghp_" + rs(36)
    return ("composer-config-github-oauth", "composer config -g github-oauth.github.com %s" % v, v, "composer config")


@reg("command")
def c_bundle_config():
    pw = hx(8) + ":" + hx(8)
    user, _, p = pw.partition(":")
    return ("bundle-config-gem-source-creds",
            "bundle config set --global gems.contribsys.com %s:%s" % (user, p), p, "bundle config")


@reg("command")
def c_poetry_token():
    v = TOKBY["pypi-token"]["gen"]()
    return ("poetry-config-pypi-token", "poetry config pypi-token.pypi %s" % v, v, "poetry config")


@reg("command")
def c_cargo_login():
    v = "cio" + rs(32)
    return ("cargo-login-positional", "cargo login %s" % v, v, "cargo login")


@reg("command")
def c_nuget_source():
    v = "ghp_" + rs(36)
    return ("dotnet-nuget-add-source-pw",
            "dotnet nuget add source https://nuget.pkg.github.com/%s/index.json -n github -u %s -p %s --store-password-in-clear-text" % (
                pick(ORGS), pick(PEOPLE).lower(), v), v, "dotnet nuget add source")


@reg("command")
def c_mvn_gpg():
    pw = passphrase("-", 4)
    return ("mvn-gpg-passphrase-define",
            "mvn -B -ntp deploy -Prelease -Dgpg.passphrase='%s' -DskipTests" % pw, pw, "mvn")


@reg("command")
def c_gradle_signing():
    pw = strong_pw(20, "-_.")
    return ("gradlew-signing-password-prop",
            "./gradlew :library:publishToSonatype -PsigningPassword='%s' -PsigningKeyId=%s" % (pw, HX(8)), pw, "./gradlew")


@reg("command")
def c_flutter_dart_define():
    t = pick([TOKBY["openai-sk-proj"], TOKBY["gcp-api-key"], TOKBY["mapbox-sk"]])
    v = t["gen"]()
    return ("flutter-dart-define-" + t["key"],
            "flutter build apk --release --dart-define=%s=%s --obfuscate --split-debug-info=build/symbols" % (t["env"], v),
            v, "flutter build apk")


@reg("command")
def c_slack_webhook_curl():
    s = rs(24)
    return ("curl-slack-incoming-webhook",
            "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy of %s finished\"}' \\\n  https://hooks.slack.com/services/T0%s/B0%s/%s" % (
                pick(SVCS), rs(8, UPP + DIG), rs(9, UPP + DIG), s), s, "hooks.slack.com")


@reg("command")
def c_discord_webhook_curl():
    s = with_sep(rs(68, B64U))
    return ("curl-discord-webhook",
            "curl -H \"Content-Type: application/json\" -d '{\"content\":\"nightly build failed\"}' https://discord.com/api/webhooks/%s/%s" % (
                digits(19), s), s, "discord.com/api/webhooks")


@reg("command")
def c_wget_password():
    pw = human_pw()
    return ("wget-user-password-flags",
            "wget --user=ci --password='%s' https://nexus.%s.dev/repository/raw-releases/tools/migrate-%s.tar.gz" % (
                pw, pick(ORGS), sha7()), pw, "wget")


@reg("command")
def c_lftp():
    pw = human_pw()
    return ("lftp-user-comma-password",
            "lftp -u deploy,'%s' sftp://files.%s.com -e 'mirror -R dist/ /var/www/html; bye'" % (pw, pick(ORGS)), pw, "lftp")


@reg("command")
def c_sqlcmd():
    pw = strong_pw(18, "!#-_")
    return ("sqlcmd-password-flag",
            "sqlcmd -S tcp:%s-sql.database.windows.net,1433 -d appdb -U sqladmin -P '%s' -Q \"SELECT @@VERSION\"" % (
                pick(ORGS), pw), pw, "sqlcmd")


@reg("command")
def c_pgdump_url():
    pw = url_pw(28)
    return ("pg-dump-dbname-uri",
            "pg_dump --dbname=\"postgres://postgres.%s:%s@aws-0-%s.pooler.supabase.com:5432/postgres\" -Fc -f prod.dump" % (
                rs(20, LOW), pw, pick(REGIONS)), pw, "pg_dump")


@reg("command")
def c_rq_info():
    pw = rs(32, B62)
    return ("rq-info-redis-url", "rq info --url redis://:%s@%s:6379/0 --interval 2" % (pw, ipv4()), pw, "rq info")


@reg("command")
def c_clickhouse_client():
    pw = strong_pw(16, "_-")
    return ("clickhouse-client-password",
            "clickhouse-client --host %s.clickhouse.cloud --secure --user default --password '%s' --query 'SELECT count() FROM events'" % (
                rs(10, B36L), pw), pw, "clickhouse-client")


@reg("command")
def c_kubectl_docker_registry():
    v = pick(["ghp_" + rs(36), TOKBY["docker-pat"]["gen"](), "glpat-" + rs(20, B64U)])
    return ("kubectl-docker-registry-secret",
            "kubectl create secret docker-registry regcred --docker-server=ghcr.io \\\n  --docker-username=%s-ci --docker-password=%s -n %s" % (
                pick(ORGS), v, ns()), v, "kubectl create secret docker-registry")


@reg("command")
def c_cosign_password():
    pw = passphrase("-", 5)
    return ("cosign-password-env",
            "COSIGN_PASSWORD='%s' cosign sign --key cosign.key ghcr.io/%s/%s@sha256:%s" % (pw, pick(ORGS), pick(SVCS), hx(64)),
            pw, "cosign sign")


@reg("command")
def c_openssl_pkcs12():
    pw = human_pw()
    return ("openssl-pkcs12-passout",
            "openssl pkcs12 -export -in cert.pem -inkey key.pem -out apns-prod.p12 -passout pass:'%s'" % pw, pw, "openssl pkcs12")


@reg("command")
def c_sentry_cli():
    v = TOKBY["sentry-sntrys"]["gen"]()
    return ("sentry-cli-auth-token-flag",
            "sentry-cli --auth-token %s sourcemaps upload --org %s --project web ./dist" % (v, pick(ORGS)), v, "sentry-cli")


@reg("command")
def c_vercel_token_flag():
    v = rs(24)
    return ("vercel-deploy-token-flag", "npx vercel deploy --prod --token %s --yes" % v, v, "vercel deploy")


@reg("command")
def c_netlify_auth_flag():
    v = "nfp_" + rs(36)
    return ("netlify-deploy-auth-flag", "netlify deploy --prod --dir=dist --auth %s --site %s" % (v, uuid4()), v, "netlify deploy")


@reg("command")
def c_fly_access_token():
    v = "fo1_" + with_sep(rs(43, B64U))
    return ("fly-deploy-access-token", "fly deploy --remote-only --access-token %s -a %s" % (v, app_name()), v, "fly deploy")


@reg("command")
def c_tf_token_env():
    v = TOKBY["tfc-atlasv1"]["gen"]()
    return ("tf-token-app-terraform-io", "TF_TOKEN_app_terraform_io=%s terraform init -upgrade" % v, v, "terraform init")


@reg("command")
def c_gh_auth_herestring():
    v = "ghp_" + rs(36)
    return ("gh-auth-login-with-token", "gh auth login --with-token <<< %s" % v, v, "gh auth login")


@reg("command")
def c_glab_auth():
    v = "glpat-" + rs(20, B64U)
    return ("glab-auth-login-token", "glab auth login --hostname gitlab.%s.dev --token %s" % (pick(ORGS), v), v, "glab auth login")


@reg("command")
def c_hf_login():
    v = "hf_" + rs(34, UPP + LOW)
    return ("huggingface-cli-login-token", "huggingface-cli login --token %s --add-to-git-credential" % v, v, "huggingface-cli login")


@reg("command")
def c_postgres_container():
    pw = human_pw()
    return ("docker-run-postgres-password",
            "docker run -d --name pg16 -e POSTGRES_PASSWORD='%s' -e POSTGRES_DB=app -p 5432:5432 postgres:16-alpine" % pw,
            pw, "POSTGRES_DB")


@reg("command")
def c_supabase_link():
    pw = strong_pw(20, "-_")
    return ("supabase-link-password", "supabase link --project-ref %s --password '%s'" % (rs(20, LOW), pw), pw, "supabase link")


@reg("command")
def c_cloudflared_token():
    v = b64s(json.dumps({"a": hx(32), "t": uuid4(), "s": b64of(rbytes(32))}, separators=(",", ":")))
    return ("cloudflared-tunnel-run-token", "cloudflared tunnel --no-autoupdate run --token %s" % v, v, "cloudflared tunnel")


@reg("command")
def c_tailscale_up():
    v = TOKBY["tailscale-auth"]["gen"]()
    return ("tailscale-up-authkey", "sudo tailscale up --authkey=%s --advertise-tags=tag:ci" % v, v, "tailscale up")


@reg("command")
def c_twine():
    v = TOKBY["pypi-token"]["gen"]()
    return ("twine-upload-password-flag", "twine upload -u __token__ -p %s dist/*" % v, v, "twine upload")


@reg("command")
def c_uv_publish():
    v = TOKBY["pypi-token"]["gen"]()
    return ("uv-publish-token", "uv publish --token %s" % v, v, "uv publish")


@reg("command")
def c_gem_credentials():
    v = "rubygems_" + hx(48)
    return ("echo-gem-credentials-file",
            "mkdir -p ~/.gem && printf -- '---\\n:rubygems_api_key: %s\\n' > ~/.gem/credentials && chmod 0600 ~/.gem/credentials" % v,
            v, "chmod 0600")


@reg("command")
def c_mongodump():
    pw = url_pw(20)
    return ("mongodump-uri-flag",
            "mongodump --uri=\"mongodb://backup:%s@mongo-0.%s.internal:27017/?replicaSet=rs0&authSource=admin\" --gzip --archive=nightly.gz" % (
                pw, pick(ORGS)), pw, "mongodump")


@reg("command")
def c_wg_private():
    v = b64of(rbytes(32))
    return ("wg-set-private-key-process-subst",
            "sudo wg set wg0 private-key <(echo %s) peer %s allowed-ips 10.8.0.0/24" % (v, b64of(rbytes(32))), v, "wg set")


@reg("command")
def c_ansible_vault_echo():
    pw = passphrase("-", 4)
    return ("ansible-vault-pass-echo", "echo '%s' > ~/.vault_pass && ansible-playbook -i inventory/prod site.yml --vault-password-file ~/.vault_pass" % pw,
            pw, "ansible-playbook")


@reg("command")
def c_sqlite_cipher():
    pw = passphrase("", 3) + str(num(10, 99))
    return ("sqlcipher-pragma-key", "sqlcipher app.db \"PRAGMA key = '%s'; SELECT count(*) FROM sessions;\"" % pw, pw, "sqlcipher")


@reg("command")
def c_history_line():
    t, v = tok()
    n = num(480, 2200)
    return ("shell-history-numbered-" + t["key"],
            "  %d  git status\n  %d  export %s=%s\n  %d  pnpm dev" % (n, n + 1, t["env"], v, n + 2), v, "git status")


# =============================================================== tool-output

def filler_env_lines(k=3):
    pool = ["NODE_ENV=production", "PORT=3000", "LOG_LEVEL=info", "NEXT_PUBLIC_APP_URL=https://app.%s.com" % pick(ORGS),
            "TZ=UTC", "RAILS_ENV=production", "APP_ENV=staging", "FEATURE_NEW_CHECKOUT=true",
            "SENTRY_ENVIRONMENT=production", "AWS_REGION=%s" % pick(REGIONS), "CELERY_CONCURRENCY=4",
            "VITE_API_BASE=/api", "WEB_CONCURRENCY=2", "OTEL_SERVICE_NAME=%s" % pick(SVCS),
            "DEBUG=false", "ALLOWED_HOSTS=.%s.com" % pick(ORGS), "MAX_UPLOAD_MB=25", "QUEUE_NAME=default"]
    _R.shuffle(pool)
    return pool[:k]


@reg("tool-output")
def t_cat_dotenv():
    t, v = tok()
    lines = filler_env_lines(num(2, 5))
    lines.insert(num(0, len(lines)), "%s=%s" % (t["env"], v))
    f = pick([".env", ".env.local", "apps/api/.env", ".env.production.local", "backend/.env.staging"])
    return ("cat-dotenv-" + t["key"], "$ cat %s\n%s" % (f, "\n".join(lines)), v, t["env"])


@reg("tool-output")
def t_heroku_config():
    t, v = tok()
    app = app_name()
    lines = ["=== %s Config Vars" % app, ""]
    others = [("LANG", "en_US.UTF-8"), ("RACK_ENV", "production"), ("RAILS_LOG_TO_STDOUT", "enabled"),
              ("WEB_CONCURRENCY", "3"), ("MALLOC_ARENA_MAX", "2"), ("RAILS_SERVE_STATIC_FILES", "enabled")]
    _R.shuffle(others)
    rows = others[:3] + [(t["env"], v)]
    rows.sort()
    w = max(len(a) for a, b in rows) + 1
    for a, b in rows:
        lines.append("%s %s" % ((a + ":").ljust(w), b))
    return ("heroku-config-output-" + t["key"], "$ heroku config -a %s\n%s" % (app, "\n".join(lines)), v, "Config Vars")


@reg("tool-output")
def t_kubectl_decode():
    t, v = tok()
    return ("kubectl-secret-jsonpath-decode-" + t["key"],
            "$ kubectl -n %s get secret %s-env -o jsonpath='{.data.%s}' | base64 -d\n%s" % (ns(), pick(SVCS), t["env"], v),
            v, "base64 -d")


@reg("tool-output")
def t_printenv_grep():
    t, v = tok()
    return ("printenv-grep-" + t["key"],
            "$ printenv | grep -i %s\n%s=%s" % (t["env"].split("_")[0].lower(), t["env"], v), v, "printenv")


@reg("tool-output")
def t_docker_inspect_env():
    t, v = tok()
    return ("docker-inspect-env-array-" + t["key"],
            "$ docker inspect %s --format '{{json .Config.Env}}' | jq .\n[\n  \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\",\n  \"NODE_VERSION=20.12.2\",\n  \"%s=%s\",\n  \"YARN_VERSION=1.22.19\"\n]" % (
                pick(SVCS), t["env"], v), v, "docker inspect")


@reg("tool-output")
def t_doppler_table():
    t, v = tok()
    rows = [("NAME", "VALUE", "NOTE"), ("DOPPLER_CONFIG", "prd", ""), ("DOPPLER_ENVIRONMENT", "prd", ""),
            (t["env"], v, "")]
    w1 = max(len(r[0]) for r in rows) + 2
    w2 = max(len(r[1]) for r in rows) + 2
    line = "┌" + "─" * w1 + "┬" + "─" * w2 + "┬──────┐"
    out = [line]
    for r in rows:
        out.append("│ " + r[0].ljust(w1 - 1) + "│ " + r[1].ljust(w2 - 1) + "│      │")
    out.append("└" + "─" * w1 + "┴" + "─" * w2 + "┴──────┘")
    return ("doppler-secrets-table-" + t["key"], "$ doppler secrets --project %s --config prd\n%s" % (pick(SVCS), "\n".join(out)),
            v, "DOPPLER_CONFIG")


@reg("tool-output")
def t_ssm_get():
    t, v = tok()
    name = "/%s/prod/%s" % (pick(ORGS), env_lower(t))
    body = json.dumps({"Parameter": {"Name": name, "Type": "SecureString", "Value": v, "Version": num(1, 9),
                                     "LastModifiedDate": "2024-%02d-%02dT10:12:44.310000+00:00" % (num(1, 12), num(1, 28)),
                                     "ARN": "arn:aws:ssm:%s:%s:parameter%s" % (pick(REGIONS), digits(12), name),
                                     "DataType": "text"}}, indent=4)
    return ("aws-ssm-get-parameter-output-" + t["key"],
            "$ aws ssm get-parameter --name %s --with-decryption\n%s" % (name, body), v, "SecureString")


@reg("tool-output")
def t_gcloud_access():
    t, v = tok()
    return ("gcloud-secrets-access-output-" + t["key"],
            "$ gcloud secrets versions access latest --secret=%s\n%s" % (env_dash(t), v), v, "gcloud secrets versions access")


@reg("tool-output")
def t_az_kv_show():
    t, v = tok()
    body = json.dumps({"attributes": {"enabled": True, "recoveryLevel": "Recoverable+Purgeable"},
                       "id": "https://kv-%s-prod.vault.azure.net/secrets/%s/%s" % (pick(ORGS), env_dash(t), hx(32)),
                       "name": env_dash(t), "value": v}, indent=2)
    return ("az-keyvault-secret-show-" + t["key"], "$ az keyvault secret show --vault-name kv-prod --name %s\n%s" % (env_dash(t), body),
            v, "recoveryLevel")


@reg("tool-output")
def t_compose_config():
    t, v = tok()
    svc = pick(SVCS)
    return ("docker-compose-config-render-" + t["key"],
            "$ docker compose config\nname: %s\nservices:\n  %s:\n    build:\n      context: /home/dev/src/%s\n      dockerfile: Dockerfile\n    environment:\n      LOG_LEVEL: debug\n      %s: %s\n    ports:\n      - mode: ingress\n        target: 8000\n        published: \"8000\"\n        protocol: tcp" % (
                pick(ORGS), svc, svc, t["env"], v), v, "docker compose config")


@reg("tool-output")
def t_kubectl_describe():
    t, v = tok()
    return ("kubectl-describe-pod-env-" + t["key"],
            "Containers:\n  app:\n    Image:          ghcr.io/%s/%s:%s\n    Port:           8080/TCP\n    Environment:\n      SPRING_PROFILES_ACTIVE:  prod\n      %s:  %s\n      JAVA_OPTS:               -Xmx512m\n    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-%s (ro)" % (
                pick(ORGS), pick(SVCS), sha7(), t["env"], v, rs(5, B36L)), v, "SPRING_PROFILES_ACTIVE")


@reg("tool-output")
def t_tf_output_json():
    t, v = tok()
    body = json.dumps({env_lower(t): {"sensitive": True, "type": "string", "value": v},
                       "service_url": {"sensitive": False, "type": "string",
                                       "value": "https://%s-%s.a.run.app" % (pick(SVCS), rs(10, B36L))}}, indent=2)
    return ("terraform-output-json-" + t["key"], "$ terraform output -json\n" + body, v, "service_url")


@reg("tool-output")
def t_pulumi_show_secrets():
    t, v = tok()
    key = "%s:%s" % (pick(SVCS), env_lower(t).replace("_", ""))
    return ("pulumi-config-show-secrets-" + t["key"],
            "$ pulumi config --show-secrets\nKEY                 VALUE\naws:region          %s\n%s  %s" % (pick(REGIONS), key, v),
            v, "aws:region")


@reg("tool-output")
def t_git_diff_env():
    t, v = tok()
    f = pick([".env.example", ".env.production", "apps/web/.env", "config/.env.staging"])
    return ("git-diff-added-env-line-" + t["key"],
            "$ git diff --cached %s\ndiff --git a/%s b/%s\nindex %s..%s 100644\n--- a/%s\n+++ b/%s\n@@ -4,3 +4,4 @@ LOG_LEVEL=info\n NEXT_PUBLIC_APP_URL=https://app.%s.com\n-%s=\n+%s=%s\n SENTRY_ENVIRONMENT=production" % (
                f, f, f, hx(7), hx(7), f, f, pick(ORGS), t["env"], t["env"], v), v, "diff --git")


@reg("tool-output")
def t_grep_hit():
    t, v = tok()
    f = pick(["src/lib/client.ts", "app/services/sync.py", "internal/vendor/client.go", "config/initializers/vendors.rb",
              "src/main/kotlin/com/acme/Clients.kt", "scripts/oneoff/migrate.js"])
    return ("grep-rn-hit-" + t["key"],
            "$ rg -n '%s' --hidden -g '!node_modules'\n%s:%d:    apiKey: \"%s\",\n%s:%d:// TODO: move %s to env" % (
                v[:6], f, num(5, 120), v, f, num(121, 200), t["env"]), v, "rg -n")


@reg("tool-output")
def t_curl_verbose():
    t, v = http_tok()
    host = t["url"].split("/")[2]
    return ("curl-verbose-request-header-" + t["key"],
            "*   Trying %s:443...\n* Connected to %s (%s) port 443\n* ALPN: server accepted h2\n> GET /%s HTTP/2\n> Host: %s\n> User-Agent: curl/8.4.0\n> Accept: */*\n> %s\n>\n< HTTP/2 200\n< content-type: application/json" % (
                ipv4(), host, ipv4(), "/".join(t["url"].split("/")[3:]), host, t["hdr"] % v), v, "HTTP/2 200")


@reg("tool-output")
def t_psql_table():
    t, v = tok()
    prov = vendor_word(t).lower()
    return ("psql-select-integrations-" + t["key"],
            "app_prod=> select id, provider, account_ref, api_key, updated_at from integrations where provider = '%s';\n id | provider | account_ref | api_key | updated_at\n----+----------+-------------+---------+-----------\n %d | %s | acct_%s | %s | %s\n(1 row)" % (
                prov, num(1, 400), prov, rs(8, B36L), v, ts_plain()), v, "integrations")


@reg("tool-output")
def t_rails_console():
    t, v = tok()
    return ("rails-console-inspect-" + t["key"],
            "irb(main):001> Integration.last\n=> #<Integration:0x000000010%s id: %d, shop_id: %d, provider: \"%s\", access_token: \"%s\", created_at: \"%s\">" % (
                hx(7), num(1, 9000), num(1, 900), vendor_word(t).lower(), v, ts_plain()), v, "Integration.last")


@reg("tool-output")
def t_django_shell():
    t, v = tok()
    return ("django-shell-settings-" + t["key"],
            ">>> from django.conf import settings\n>>> settings.%s\n'%s'\n>>> settings.DEBUG\nFalse" % (t["env"], v), v, "settings.DEBUG")


@reg("tool-output")
def t_tinker():
    t, v = tok()
    return ("artisan-tinker-config-" + t["key"],
            "> config('services.%s.secret')\n= \"%s\"\n\n> config('app.env')\n= \"production\"" % (vendor_word(t).lower(), v),
            v, "config('app.env')")


@reg("tool-output")
def t_netlify_env_plain():
    t, v = tok()
    return ("netlify-env-list-plain-" + t["key"],
            "$ netlify env:list --plain --context production\nNODE_VERSION=20\n%s=%s\nVITE_PUBLIC_SITE=https://%s.netlify.app" % (
                t["env"], v, pick(ORGS)), v, "NODE_VERSION")


@reg("tool-output")
def t_heroku_config_get():
    t, v = tok()
    return ("heroku-config-get-output-" + t["key"], "$ heroku config:get %s -a %s\n%s" % (t["env"], app_name(), v), v, "heroku config:get")


@reg("tool-output")
def t_lambda_config():
    t, v = tok()
    fn = "%s-%s-handler" % (pick(ORGS), pick(SVCS))
    body = json.dumps({"FunctionName": fn, "Runtime": "nodejs20.x", "Handler": "index.handler", "MemorySize": 512,
                       "Environment": {"Variables": {"NODE_OPTIONS": "--enable-source-maps", t["env"]: v}}}, indent=4)
    return ("aws-lambda-get-config-env-" + t["key"], "$ aws lambda get-function-configuration --function-name %s\n%s" % (fn, body),
            v, "get-function-configuration")


@reg("tool-output")
def t_appsettings_list():
    t, v = tok()
    body = json.dumps([{"name": "ASPNETCORE_ENVIRONMENT", "slotSetting": False, "value": "Production"},
                       {"name": t["env"], "slotSetting": False, "value": v}], indent=2)
    return ("az-webapp-appsettings-list-" + t["key"],
            "$ az webapp config appsettings list -g rg-%s-prod -n app-%s-api\n%s" % (pick(ORGS), pick(ORGS), body), v,
            "ASPNETCORE_ENVIRONMENT")


@reg("tool-output")
def t_functions_config_get():
    t, v = tok()
    vend = vendor_word(t).lower()
    return ("firebase-functions-config-get-" + t["key"],
            "$ firebase functions:config:get\n{\n  \"%s\": {\n    \"key\": \"%s\"\n  },\n  \"app\": {\n    \"env\": \"prod\"\n  }\n}" % (vend, v),
            v, "functions:config:get")


@reg("tool-output")
def t_sops_decrypt():
    t, v = tok()
    return ("sops-decrypt-output-" + t["key"],
            "$ sops -d deploy/secrets/prod.enc.yaml\n%s:\n  %s: %s\n  log_level: info" % (pick(SVCS), env_lower(t), v), v, "sops -d")


@reg("tool-output")
def t_op_read():
    t, v = tok()
    return ("op-read-output-" + t["key"],
            "$ op read \"op://%s/%s/credential\"\n%s" % (pick(["Engineering", "Platform", "Shared", "Payments"]), t["label"], v), v, "op read")


# ---- fixed tool outputs

@reg("tool-output")
def t_iam_create_key():
    s = rs(40, B64)
    body = json.dumps({"AccessKey": {"UserName": "%s-ci" % pick(ORGS), "AccessKeyId": "AKIA" + rs(16, UPP + "234567"),
                                     "Status": "Active", "SecretAccessKey": s,
                                     "CreateDate": "2024-%02d-%02dT08:41:12+00:00" % (num(1, 12), num(1, 28))}}, indent=4)
    return ("aws-iam-create-access-key-output", "$ aws iam create-access-key --user-name %s-ci\n%s" % (pick(ORGS), body), s, "AccessKeyId")


@reg("tool-output")
def t_aws_export_creds():
    s = rs(40, B64)
    return ("aws-configure-export-credentials-env",
            "$ aws configure export-credentials --profile %s --format env\nexport AWS_ACCESS_KEY_ID=AKIA%s\nexport AWS_SECRET_ACCESS_KEY=%s" % (
                pick(ORGS), rs(16, UPP + "234567"), s), s, "export-credentials")


@reg("tool-output")
def t_az_sp_create():
    s = TOKBY["azure-ad-client-secret"]["gen"]()
    body = json.dumps({"appId": uuid4(), "displayName": "gh-actions-%s" % pick(SVCS), "password": s, "tenant": uuid4()}, indent=2)
    return ("az-ad-sp-create-for-rbac-output",
            "$ az ad sp create-for-rbac --name gh-actions --role contributor --scopes /subscriptions/%s\nCreating 'contributor' role assignment under scope '/subscriptions/%s'\n%s" % (
                uuid4(), uuid4(), body), s, "create-for-rbac")


@reg("tool-output")
def t_az_storage_key():
    s = b64of(rbytes(64))
    return ("az-storage-keys-list-tsv",
            "$ az storage account keys list -g rg-data -n st%sprod --query \"[0].value\" -o tsv\n%s" % (pick(ORGS), s), s, "az storage account keys list")


@reg("tool-output")
def t_gcp_sa_json():
    body = b64of(rsa_pkcs8_der())
    esc = "\\n".join(body[i:i + 64] for i in range(0, len(body), 64))
    proj = "%s-%s" % (pick(ORGS), pick(["prod", "data", "staging"]))
    sa = "%s@%s.iam.gserviceaccount.com" % (pick(["bq-loader", "ci-deployer", "airflow", "firebase-adminsdk-" + rs(5, B36L)]), proj)
    txt = ("$ cat %s-key.json\n{\n  \"type\": \"service_account\",\n  \"project_id\": \"%s\",\n  \"private_key_id\": \"%s\",\n"
           "  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"%s\",\n"
           "  \"client_id\": \"%s\",\n  \"auth_uri\": \"https://accounts.google.com/o/oauth2/auth\",\n  \"token_uri\": \"https://oauth2.googleapis.com/token\"\n}") % (
        proj, proj, hx(40), esc, sa, digits(21))
    return ("gcp-service-account-json-private-key", txt, esc, "client_email")


@reg("tool-output")
def t_stripe_listen_out():
    s = "whsec_" + rs(32)
    return ("stripe-listen-ready-banner",
            "$ stripe listen --forward-to localhost:4242/webhook\n> Ready! You are using Stripe API Version [2024-04-10]. Your webhook signing secret is %s (^C to quit)\n%s   --> payment_intent.created [evt_%s]" % (
                s, ts_plain(), rs(24)), s, "Ready!")


@reg("tool-output")
def t_supabase_api_keys():
    ref = rs(20, LOW)
    anon = jwt({"iss": "supabase", "ref": ref, "role": "anon", "iat": 1715000000, "exp": 2030576000})
    sr = jwt({"iss": "supabase", "ref": ref, "role": "service_role", "iat": 1715000000, "exp": 2030576000})
    return ("supabase-projects-api-keys-table",
            "$ supabase projects api-keys --project-ref %s\n\n        NAME      |  KEY VALUE\n  ----------------|---------------\n    anon          | %s\n    service_role  | %s\n" % (
                ref, anon, sr), sr, "service_role")


@reg("tool-output")
def t_gh_auth_token():
    v = "gho_" + rs(36)
    return ("gh-auth-token-output", "$ gh auth token\n%s" % v, v, "gh auth token")


@reg("tool-output")
def t_gh_auth_status():
    v = "gho_" + rs(36)
    return ("gh-auth-status-show-token",
            "$ gh auth status --show-token\ngithub.com\n  ✓ Logged in to github.com account %s (keyring)\n  - Active account: true\n  - Git operations protocol: ssh\n  - Token: %s\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'" % (
                pick(PEOPLE).lower() + "-" + pick(ORGS), v), v, "Token scopes")


@reg("tool-output")
def t_npm_token_create():
    v = "npm_" + rs(36)
    return ("npm-token-create-table",
            "$ npm token create --read-only\n┌────────────────┬──────────────────────────────────────────┐\n│ token          │ %s │\n├────────────────┼──────────────────────────────────────────┤\n│ readonly       │ true                                     │\n├────────────────┼──────────────────────────────────────────┤\n│ created        │ %s                 │\n└────────────────┴──────────────────────────────────────────┘" % (
                v, ts()), v, "readonly")


@reg("tool-output")
def t_fly_tokens():
    v = TOKBY["fly-macaroon"]["gen"]()
    return ("fly-tokens-create-deploy-output", "$ fly tokens create deploy -x 999999h -a %s\n%s" % (app_name(), v), v, "fly tokens create")


@reg("tool-output")
def t_vault_token_create():
    v = "hvs." + rs(91, B64U)
    return ("vault-token-create-table",
            "$ vault token create -policy=ci -ttl=24h\nKey                  Value\n---                  -----\ntoken                %s\ntoken_accessor       %s\ntoken_duration       24h\ntoken_renewable      true\ntoken_policies       [\"ci\" \"default\"]" % (
                v, rs(24)), v, "token_accessor")


@reg("tool-output")
def t_vault_db_creds():
    pw = rs(20, B62 + "-")
    return ("vault-read-database-creds",
            "$ vault read database/creds/readonly\nKey                Value\n---                -----\nlease_id           database/creds/readonly/%s\nlease_duration     1h\nlease_renewable    true\npassword           %s\nusername           v-token-readonly-%s-%s" % (
                rs(24), pw, rs(20, B62), epoch()), pw, "lease_duration")


@reg("tool-output")
def t_vault_kv_get():
    t, v = tok()
    return ("vault-kv-get-table-" + t["key"],
            "$ vault kv get -mount=secret %s/prod\n====== Data ======\nKey              Value\n---              -----\n%s    %s\nregion           %s" % (
                pick(SVCS), env_lower(t), v, pick(REGIONS)), v, "====== Data ======")


@reg("tool-output")
def t_kubectl_secret_yaml():
    pw = human_pw()
    enc = b64s(pw)
    return ("kubectl-get-secret-yaml-data",
            "$ kubectl get secret db-credentials -n %s -o yaml\napiVersion: v1\ndata:\n  DB_PASSWORD: %s\n  DB_USER: %s\nkind: Secret\nmetadata:\n  name: db-credentials\ntype: Opaque" % (
                ns(), enc, b64s("app")), enc, "kind: Secret")


@reg("tool-output")
def t_kubeconfig_token():
    v = jwt({"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": "ci",
             "kubernetes.io/serviceaccount/service-account.name": "deployer", "sub": "system:serviceaccount:ci:deployer"}, "RS256")
    return ("kubectl-config-view-raw-token",
            "$ kubectl config view --raw --minify\napiVersion: v1\nclusters:\n- cluster:\n    server: https://%s.gr7.%s.eks.amazonaws.com\n  name: prod\nusers:\n- name: deployer\n  user:\n    token: %s" % (
                HX(32), pick(REGIONS), v), v, "config view")


@reg("tool-output")
def t_kubeconfig_client_key():
    pem = "-----BEGIN EC PRIVATE KEY-----\n" + pem_body(ec_sec1_der()) + "\n-----END EC PRIVATE KEY-----\n"
    v = b64s(pem)
    return ("kubeconfig-client-key-data",
            "$ cat ~/.kube/config | sed -n '12,20p'\n- name: kind-dev\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSURJVENDQWdtZ0F3SUJBZ0lJ\n    client-key-data: %s" % v,
            v, "client-certificate-data")


@reg("tool-output")
def t_docker_config_json():
    a = b64s("%s:%s" % (pick(PEOPLE).lower(), "dckr_pat_" + with_sep(rs(27, B64U))))
    return ("docker-config-json-auth",
            "$ cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"https://index.docker.io/v1/\": {\n\t\t\t\"auth\": \"%s\"\n\t\t}\n\t}\n}" % a,
            a, "auths")


@reg("tool-output")
def t_cat_npmrc():
    v = pick(["npm_" + rs(36), "ghp_" + rs(36)])
    return ("cat-npmrc-authtoken",
            "$ cat ~/.npmrc\n@%s:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%s\nsave-exact=true" % (pick(ORGS), v),
            v, "save-exact")


@reg("tool-output")
def t_cat_pypirc():
    v = TOKBY["pypi-token"]["gen"]()
    return ("cat-pypirc-password",
            "$ cat ~/.pypirc\n[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\npassword = %s" % v, v, "index-servers")


@reg("tool-output")
def t_cat_netrc():
    v = pick(["HRKU-AA" + rs(58, B64U), uuid4()])
    u = "%s@%s.com" % (pick(PEOPLE).lower(), pick(ORGS))
    return ("cat-netrc-heroku",
            "$ cat ~/.netrc\nmachine api.heroku.com\n  login %s\n  password %s\nmachine git.heroku.com\n  login %s\n  password %s" % (u, v, u, v),
            v, "machine api.heroku.com")


@reg("tool-output")
def t_cat_aws_credentials():
    s = rs(40, B64)
    return ("cat-aws-credentials-ini",
            "$ cat ~/.aws/credentials\n[default]\nregion = %s\n\n[%s-prod]\naws_access_key_id = AKIA%s\naws_secret_access_key = %s" % (
                pick(REGIONS), pick(ORGS), rs(16, UPP + "234567"), s), s, "aws_access_key_id")


@reg("tool-output")
def t_gh_hosts():
    v = "gho_" + rs(36)
    return ("cat-gh-hosts-yml",
            "$ cat ~/.config/gh/hosts.yml\ngithub.com:\n    users:\n        %s:\n            oauth_token: %s\n    git_protocol: https\n    oauth_token: %s\n    user: %s" % (
                "dev", v, v, "dev"), v, "git_protocol")


@reg("tool-output")
def t_git_remote_v():
    v = pick(["ghp_" + rs(36), "github_pat_11" + rs(20, UPP + DIG) + "_" + rs(59)])
    r = "%s/%s" % (pick(ORGS), pick(SVCS))
    return ("git-remote-v-token-url",
            "$ git remote -v\norigin\thttps://%s:%s@github.com/%s.git (fetch)\norigin\thttps://%s:%s@github.com/%s.git (push)" % (
                "dev", v, r, "dev", v, r), v, "git remote -v")


@reg("tool-output")
def t_pip_config():
    v = TOKBY["azure-devops-pat"]["gen"]()
    return ("pip-config-list-index-url",
            "$ pip config list\nglobal.index-url='https://pkgs:%s@pkgs.dev.azure.com/%s/_packaging/internal/pypi/simple/'\nglobal.timeout='60'" % (
                v, pick(ORGS)), v, "pip config list")


@reg("tool-output")
def t_docker_history():
    t, v = tok()
    return ("docker-history-no-trunc-env-" + t["key"],
            "$ docker history --no-trunc %s/%s:latest | head -4\nIMAGE          CREATED        CREATED BY                                                    SIZE\nsha256:%s   2 days ago     CMD [\"node\" \"dist/main.js\"]                              0B\n<missing>      2 days ago     ENV %s=%s    0B\n<missing>      2 days ago     RUN /bin/sh -c pnpm install --frozen-lockfile           182MB" % (
                pick(ORGS), pick(SVCS), hx(12), t["env"], v), v, "docker history")


@reg("tool-output")
def t_ps_aux():
    pw = human_pw()
    return ("ps-aux-jvm-datasource-password",
            "$ ps aux | grep java\napp       %d  3.1 12.4 4123456 812344 ?     Ssl  09:12  14:02 java -Xmx1g -Dspring.datasource.url=jdbc:postgresql://%s:5432/orders -Dspring.datasource.username=orders -Dspring.datasource.password=%s -jar /opt/app/orders.jar" % (
                num(1000, 40000), pg_host(), pw), pw, "spring.datasource.username")


@reg("tool-output")
def t_systemctl_cat():
    pw = url_pw(22)
    return ("systemctl-cat-environment-line",
            "$ systemctl cat %s-worker\n# /etc/systemd/system/%s-worker.service\n[Service]\nUser=app\nEnvironment=\"DATABASE_URL=postgres://app:%s@127.0.0.1:5432/app\"\nExecStart=/opt/app/bin/worker\nRestart=always" % (
                pick(SVCS), pick(SVCS), pw), pw, "ExecStart")


@reg("tool-output")
def t_heroku_pg_creds():
    pw = rs(64, "0123456789abcdef")
    return ("heroku-pg-credentials-url",
            "$ heroku pg:credentials:url DATABASE -a %s\nConnection information for default credential.\nConnection info string:\n   \"dbname=%s host=ec2-%s.compute-1.amazonaws.com port=5432 user=%s password=%s sslmode=require\"\nConnection URL:\n   postgres://%s:%s@ec2-%s.compute-1.amazonaws.com:5432/%s" % (
                app_name(), rs(14, B36L), ipv4().replace(".", "-"), rs(14, LOW), pw, rs(14, LOW), pw, ipv4().replace(".", "-"), rs(14, B36L)),
            pw, "Connection information")


@reg("tool-output")
def t_fly_pg_create():
    pw = rs(16, B62)
    return ("fly-postgres-create-output",
            "$ fly postgres create --name %s-db --region fra\nPostgres cluster %s-db created\n  Username:    postgres\n  Password:    %s\n  Hostname:    %s-db.internal\n  Flycast:     fdaa:2:%s:0:1::2\n  Proxy port:  5432\n  Postgres port:  5433\nSave your credentials in a secure place -- you won't be able to see them again!" % (
                pick(ORGS), pick(ORGS), pw, pick(ORGS), hx(4)), pw, "Save your credentials")


@reg("tool-output")
def t_neon_conn():
    pw = rs(12, B62)
    return ("neonctl-connection-string-output",
            "$ neonctl connection-string --database-name app\npostgresql://app_owner:%s@ep-%s-%s-%s.%s.aws.neon.tech/app?sslmode=require" % (
                pw, pick(WORDS), pick(WORDS), rs(8, B36L), pick(REGIONS)), pw, "neonctl")


@reg("tool-output")
def t_pscale_pw():
    v = "pscale_pw_" + with_sep(rs(43, B64U))
    return ("pscale-password-create-table",
            "$ pscale password create %s main app-rw --role readwriter\nPassword app-rw was successfully created in %s/main.\nPlease save the values below as they will not be shown again\n\n  NAME     BRANCH   ID             USERNAME       ACCESS HOST URL                    ROLE         PASSWORD\n -------- -------- -------------- -------------- ---------------------------------- ------------ -------------------------------------------------------\n  app-rw   main     %s   %s   aws.connect.psdb.cloud             readwriter   %s" % (
                pick(SVCS), pick(SVCS), rs(12, B36L), rs(12, B36L), v), v, "readwriter")


@reg("tool-output")
def t_ec_key_cat():
    b = pem_body(ec_sec1_der())
    return ("cat-ec-private-key-pem",
            "$ openssl ecparam -name prime256v1 -genkey -noout -out jwt-signing.pem && cat jwt-signing.pem\n-----BEGIN EC PRIVATE KEY-----\n%s\n-----END EC PRIVATE KEY-----" % b,
            b, "openssl ecparam")


@reg("tool-output")
def t_openssh_cat():
    b = wrap(b64of(openssh_ed25519_der("deploy@%s" % pick(ORGS))), 70)
    return ("cat-openssh-ed25519-private",
            "$ cat ~/.ssh/deploy_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % b,
            b, "deploy_ed25519")


@reg("tool-output")
def t_rails_credentials_show():
    v = hx(128)
    return ("rails-credentials-show-secret-key-base",
            "$ EDITOR=cat bin/rails credentials:show\n# aws:\n#   access_key_id: 123\n#   secret_access_key: 345\n\n# Used as the base secret for all MessageVerifiers in Rails, including the one protecting cookies.\nsecret_key_base: %s" % v,
            v, "credentials:show")


@reg("tool-output")
def t_artisan_keygen():
    v = "base64:" + b64of(rbytes(32))
    return ("artisan-key-generate-show", "$ php artisan key:generate --show\n%s" % v, v, "key:generate")


@reg("tool-output")
def t_openssl_rand():
    v = b64of(rbytes(32))
    return ("openssl-rand-base64-for-secret",
            "$ openssl rand -base64 32   # new NEXTAUTH_SECRET for prod\n%s" % v, v, "openssl rand")


@reg("tool-output")
def t_django_secret_gen():
    v = rs(50, LOW + DIG + "!@#%^&*(-_=+)")
    return ("django-get-random-secret-key-output",
            "$ python -c 'from django.core.management.utils import get_random_secret_key; print(get_random_secret_key())'\n%s" % v,
            v, "get_random_secret_key")


@reg("tool-output")
def t_phx_secret():
    v = rs(64, B64)
    return ("mix-phx-gen-secret-output", "$ mix phx.gen.secret\n%s" % v, v, "mix phx.gen.secret")


@reg("tool-output")
def t_rails_secret():
    v = hx(128)
    return ("rails-secret-output", "$ bin/rails secret\n%s" % v, v, "bin/rails secret")


@reg("tool-output")
def t_wg_genkey():
    v = b64of(rbytes(32))
    p = b64of(rbytes(32))
    return ("wg-genkey-tee-output", "$ wg genkey | tee privatekey | wg pubkey > publickey; cat privatekey publickey\n%s\n%s" % (v, p), v, "wg genkey")


@reg("tool-output")
def t_age_keygen():
    v = TOKBY["age-secret"]["gen"]()
    return ("age-keygen-output",
            "$ age-keygen\n# created: %s\n# public key: age1%s\n%s" % (ts()[:19] + "Z", rs(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"), v),
            v, "public key")


@reg("tool-output")
def t_security_find():
    pw = human_pw()
    return ("macos-security-find-generic-password",
            "$ security find-generic-password -s '%s-staging-db' -w\n%s" % (pick(ORGS), pw), pw, "find-generic-password")


@reg("tool-output")
def t_secretsmanager_get():
    pw = strong_pw(32, "!#%^*-_=+")
    inner = json.dumps({"username": "app", "password": pw, "engine": "postgres", "host": pg_host(), "port": 5432})
    body = json.dumps({"ARN": "arn:aws:secretsmanager:%s:%s:secret:prod/%s/db-%s" % (pick(REGIONS), digits(12), pick(SVCS), rs(6)),
                       "Name": "prod/%s/db" % pick(SVCS), "VersionId": uuid4(), "SecretString": inner,
                       "VersionStages": ["AWSCURRENT"]}, indent=4)
    return ("aws-secretsmanager-get-secret-value-output", "$ aws secretsmanager get-secret-value --secret-id prod/db\n" + body, pw, "AWSCURRENT")


@reg("tool-output")
def t_gcloud_print_token():
    v = TOKBY["google-ya29"]["gen"]()
    return ("gcloud-auth-print-access-token-output", "$ gcloud auth print-access-token\n%s" % v, v, "print-access-token")


@reg("tool-output")
def t_az_access_token():
    v = jwt({"aud": "https://management.azure.com/", "iss": "https://sts.windows.net/%s/" % uuid4(), "oid": uuid4(),
             "tid": uuid4(), "upn": "%s@%s.onmicrosoft.com" % (pick(PEOPLE).lower(), pick(ORGS))}, "RS256")
    body = json.dumps({"accessToken": v, "expiresOn": ts_plain() + ".000000", "subscription": uuid4(), "tenant": uuid4(),
                       "tokenType": "Bearer"}, indent=2)
    return ("az-account-get-access-token-output", "$ az account get-access-token\n" + body, v, "tokenType")


@reg("tool-output")
def t_ecr_login_pw():
    inner = json.dumps({"payload": rs(420, B64), "datakey": rs(240, B64), "version": "2", "type": "DATA_KEY",
                        "expiration": int(epoch())}, separators=(",", ":"))
    v = b64s(inner)
    return ("aws-ecr-get-login-password-output", "$ aws ecr get-login-password --region %s\n%s" % (pick(REGIONS), v), v, "get-login-password")


@reg("tool-output")
def t_heroku_auth_token():
    v = "HRKU-AA" + rs(58, B64U)
    return ("heroku-auth-token-output",
            "$ heroku auth:token\n ›   Warning: token will expire %s\n ›   Use heroku authorizations:create to generate a long-term token\n%s" % (
                ts_plain()[:10], v), v, "auth:token")


@reg("tool-output")
def t_firebase_login_ci():
    v = TOKBY["google-refresh-token"]["gen"]()
    return ("firebase-login-ci-output",
            "$ firebase login:ci --no-localhost\n\n✔  Success! Use this token to login on a CI server:\n\n%s\n\nExample: firebase deploy --token \"$FIREBASE_TOKEN\"" % v,
            v, "Success!")


@reg("tool-output")
def t_stripe_config_list():
    v = TOKBY["stripe-rk-live"]["gen"]()
    return ("stripe-config-list-toml",
            "$ stripe config --list\n[default]\n  account_id = 'acct_%s'\n  device_name = 'dev-mbp'\n  display_name = '%s'\n  live_mode_api_key = '%s'\n  live_mode_key_expires_at = '%s'\n  test_mode_pub_key = 'pk_test_51%s'" % (
                rs(16), pick(ORGS).capitalize(), v, ts_plain()[:10], rs(97)), v, "device_name")


@reg("tool-output")
def t_twilio_keys_create():
    v = rs(32)
    return ("twilio-api-keys-create-output",
            "$ twilio api:core:keys:create --friendly-name ci-%s\nSID                                 Friendly Name  Date Created                 Secret\nSK%s  ci-%s          %s  %s" % (
                pick(SVCS), hx(32), pick(SVCS), ts_plain(), v), v, "Friendly Name")


@reg("tool-output")
def t_shopify_env_show():
    v = "shpss_" + hx(32)
    return ("shopify-app-env-show-output",
            "$ shopify app env show\n\n    SHOPIFY_API_KEY=%s\n    SHOPIFY_API_SECRET=%s\n    SCOPES=read_products,write_orders" % (hx(32), v),
            v, "SHOPIFY_API_KEY")


@reg("tool-output")
def t_auth0_apps_show():
    v = rs(64, B64U)
    return ("auth0-apps-show-reveal-secrets",
            "$ auth0 apps show %s --reveal-secrets\n\n  === %s.eu.auth0.com application\n\n  CLIENT ID            %s\n  NAME                 %s Web\n  TYPE                 Regular Web Application\n  CLIENT SECRET        %s\n  CALLBACKS            https://app.%s.com/api/auth/callback" % (
                rs(32), pick(ORGS), rs(32), pick(ORGS).capitalize(), v, pick(ORGS)), v, "CLIENT ID")


@reg("tool-output")
def t_okta_env():
    v = rs(64, B64U)
    return ("okta-apps-create-env-output",
            "$ okta apps create web\nApplication name [my-web-app]: %s-portal\nOkta application configuration has been written to: /home/dev/src/portal/.okta.env\n$ cat .okta.env\nexport OKTA_OAUTH2_ISSUER=\"https://dev-%s.okta.com/oauth2/default\"\nexport OKTA_OAUTH2_CLIENT_ID=\"0oa%s\"\nexport OKTA_OAUTH2_CLIENT_SECRET=\"%s\"" % (
                pick(ORGS), digits(8), rs(17), v), v, "OKTA_OAUTH2_ISSUER")


@reg("tool-output")
def t_redis_config_get():
    pw = rs(32, B62)
    return ("redis-cli-config-get-requirepass",
            "127.0.0.1:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"%s\"" % pw, pw, "CONFIG GET")


@reg("tool-output")
def t_har_excerpt():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    body = json.dumps({"request": {"method": "GET", "url": t["url"], "httpVersion": "h2",
                                   "headers": [{"name": ":authority", "value": t["url"].split("/")[2]},
                                               {"name": name.lower(), "value": val},
                                               {"name": "accept", "value": "application/json"}]}})
    return ("har-entry-request-header-" + t["key"], "exported HAR, entries[14]:\n" + body, v, "httpVersion")


@reg("tool-output")
def t_gpg_export():
    body = wrap(b64of(bytes.fromhex("9505d804") + rbytes(438)), 64)
    txt = "$ gpg --export-secret-keys --armor %s\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n%s\n=%s\n-----END PGP PRIVATE KEY BLOCK-----" % (
        HX(16), body, rs(4, B64))
    return ("gpg-export-secret-keys-armor", txt, body, "export-secret-keys")


@reg("tool-output")
def t_ecs_taskdef():
    t, v = tok()
    body = json.dumps({"containerDefinitions": [{"name": pick(SVCS), "image": "%s.dkr.ecr.%s.amazonaws.com/%s:%s" % (
        digits(12), pick(REGIONS), pick(SVCS), sha7()), "environment": [{"name": "NODE_ENV", "value": "production"},
                                                                         {"name": t["env"], "value": v}]}]}, indent=1)
    return ("aws-ecs-describe-task-definition-env-" + t["key"],
            "$ aws ecs describe-task-definition --task-definition %s --query taskDefinition\n%s" % (pick(SVCS), body),
            v, "containerDefinitions")


@reg("tool-output")
def t_cloudrun_describe():
    t, v = tok()
    return ("gcloud-run-describe-env-" + t["key"],
            "$ gcloud run services describe %s --region europe-west1 --format yaml | grep -A2 %s\n        - name: %s\n          value: %s" % (
                pick(SVCS), t["env"], t["env"], v), v, "gcloud run services describe")


@reg("tool-output")
def t_jupyter_env():
    t, v = tok()
    return ("jupyter-cell-output-env-" + t["key"],
            "In [3]: os.environ.get(\"%s\")\nOut[3]: '%s'" % (t["env"], v), v, "os.environ.get")


@reg("tool-output")
def t_node_repl():
    t, v = tok()
    return ("node-repl-process-env-" + t["key"],
            "> process.env.%s\n'%s'\n> process.env.NODE_ENV\n'development'" % (t["env"], v), v, "process.env.NODE_ENV")


# =============================================================== config-file

def camel(s):
    p = s.lower().split("_")
    return p[0] + "".join(x.capitalize() for x in p[1:])


@reg("config-file")
def k_dotenv_file():
    t, v = tok()
    f = pick(["apps/web/.env.local", ".env", "services/api/.env.production", "backend/.env", ".env.staging"])
    q = pick(["", "\"", "'"])
    lines = ["# %s" % f, "# generated %s, do not commit" % ts()[:10]] + filler_env_lines(num(2, 4))
    lines.insert(num(2, len(lines)), "%s=%s%s%s" % (t["env"], q, v, q))
    return ("dotenv-file-" + t["key"], "\n".join(lines), v, t["env"])


@reg("config-file")
def k_k8s_stringdata():
    t, v = tok()
    svc = pick(SVCS)
    return ("k8s-secret-stringdata-" + t["key"],
            "apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s-env\n  namespace: %s\ntype: Opaque\nstringData:\n  %s: \"%s\"\n  LOG_LEVEL: info" % (
                svc, ns(), t["env"], v), v, "stringData")


@reg("config-file")
def k_compose_env_list():
    t, v = tok()
    svc = pick(SVCS)
    return ("compose-environment-list-" + t["key"],
            "services:\n  %s:\n    image: ghcr.io/%s/%s:latest\n    environment:\n      - NODE_ENV=production\n      - %s=%s\n    depends_on:\n      - db" % (
                svc, pick(ORGS), svc, t["env"], v), v, "depends_on")


@reg("config-file")
def k_appsettings_json():
    t, v = tok()
    body = json.dumps({"Logging": {"LogLevel": {"Default": "Information"}}, "AllowedHosts": "*",
                       vendor_word(t): {"ApiKey": v, "BaseUrl": t["url"].split("/v")[0]}}, indent=2)
    return ("appsettings-json-section-" + t["key"], "// src/Api/appsettings.Production.json\n" + body, v, "AllowedHosts")


@reg("config-file")
def k_spring_yaml():
    t, v = tok()
    return ("spring-application-yml-" + t["key"],
            "# src/main/resources/application-prod.yml\nserver:\n  port: 8080\n%s:\n  %s:\n    base-url: %s\n    api-key: %s\n    timeout: 5s" % (
                pick(ORGS), vendor_word(t).lower(), t["url"].split("/v")[0], v), v, "base-url")


@reg("config-file")
def k_spring_props():
    t, v = tok()
    return ("spring-application-properties-" + t["key"],
            "spring.application.name=%s\nmanagement.endpoints.web.exposure.include=health,info\nintegrations.%s.api-key=%s\nintegrations.%s.enabled=true" % (
                pick(SVCS), vendor_word(t).lower(), v, vendor_word(t).lower()), v, "spring.application.name")


@reg("config-file")
def k_wrangler_vars():
    t, v = tok()
    return ("wrangler-toml-vars-" + t["key"],
            "name = \"%s-edge\"\nmain = \"src/index.ts\"\ncompatibility_date = \"2024-05-13\"\n\n[vars]\nENVIRONMENT = \"production\"\n%s = \"%s\"" % (
                pick(ORGS), t["env"], v), v, "compatibility_date")


@reg("config-file")
def k_netlify_toml():
    t, v = tok()
    return ("netlify-toml-build-environment-" + t["key"],
            "[build]\n  command = \"pnpm build\"\n  publish = \"dist\"\n\n[build.environment]\n  NODE_VERSION = \"20\"\n  %s = \"%s\"" % (t["env"], v),
            v, "[build.environment]")


@reg("config-file")
def k_vercel_json():
    t, v = tok()
    body = json.dumps({"$schema": "https://openapi.vercel.sh/vercel.json", "framework": "nextjs",
                       "env": {t["env"]: v}, "crons": [{"path": "/api/cron/digest", "schedule": "0 7 * * *"}]}, indent=2)
    return ("vercel-json-env-" + t["key"], body, v, "crons")


@reg("config-file")
def k_fly_toml():
    t, v = tok()
    return ("fly-toml-env-section-" + t["key"],
            "app = \"%s\"\nprimary_region = \"fra\"\n\n[env]\n  PORT = \"8080\"\n  %s = \"%s\"\n\n[http_service]\n  internal_port = 8080\n  force_https = true" % (
                app_name(), t["env"], v), v, "primary_region")


@reg("config-file")
def k_render_yaml():
    t, v = tok()
    svc = pick(SVCS)
    return ("render-yaml-envvars-value-" + t["key"],
            "services:\n  - type: web\n    name: %s\n    runtime: node\n    buildCommand: pnpm install && pnpm build\n    startCommand: node dist/server.js\n    envVars:\n      - key: %s\n        value: %s\n      - key: DATABASE_URL\n        fromDatabase:\n          name: %s-db\n          property: connectionString" % (
                svc, t["env"], v, svc), v, "fromDatabase")


@reg("config-file")
def k_gae_app_yaml():
    t, v = tok()
    return ("gae-app-yaml-env-variables-" + t["key"],
            "runtime: python312\nentrypoint: gunicorn -b :$PORT main:app\n\nenv_variables:\n  %s: '%s'\n  FLASK_ENV: production" % (t["env"], v),
            v, "entrypoint")


@reg("config-file")
def k_serverless():
    t, v = tok()
    return ("serverless-yml-provider-env-" + t["key"],
            "service: %s\nprovider:\n  name: aws\n  runtime: nodejs20.x\n  region: %s\n  environment:\n    STAGE: ${sls:stage}\n    %s: %s\nfunctions:\n  handler:\n    handler: src/handler.main" % (
                pick(SVCS), pick(REGIONS), t["env"], v), v, "runtime")


@reg("config-file")
def k_tfvars():
    t, v = tok()
    return ("terraform-tfvars-" + t["key"],
            "# infra/envs/prod/terraform.tfvars\nproject     = \"%s-prod\"\nregion      = \"%s\"\n%s = \"%s\"" % (
                pick(ORGS), pick(REGIONS), env_lower(t), v), v, "terraform.tfvars")


@reg("config-file")
def k_helm_values():
    t, v = tok()
    return ("helm-values-secrets-" + t["key"],
            "# charts/%s/values-prod.yaml\nreplicaCount: 3\nimage:\n  repository: ghcr.io/%s/%s\n  tag: \"%s\"\nsecrets:\n  %s: %s\nresources:\n  limits:\n    memory: 512Mi" % (
                pick(SVCS), pick(ORGS), pick(SVCS), sha7(), camel(t["env"]), v), v, "replicaCount")


@reg("config-file")
def k_vscode_launch():
    t, v = tok()
    body = json.dumps({"version": "0.2.0", "configurations": [{"type": "node", "request": "launch", "name": "API (debug)",
                                                                "program": "${workspaceFolder}/apps/api/src/main.ts",
                                                                "env": {"NODE_ENV": "development", t["env"]: v}}]}, indent=2)
    return ("vscode-launch-json-env-" + t["key"], "// .vscode/launch.json\n" + body, v, "launch.json")


@reg("config-file")
def k_rails_creds_yml():
    t, v = tok()
    return ("rails-credentials-yml-decrypted-" + t["key"],
            "# config/credentials/production.yml (decrypted)\n%s:\n  api_key: %s\n  environment: live" % (vendor_word(t).lower(), v),
            v, "environment: live")


@reg("config-file")
def k_webconfig_appsettings():
    t, v = tok()
    return ("web-config-appsettings-add-" + t["key"],
            "<configuration>\n  <appSettings>\n    <add key=\"Environment\" value=\"Production\" />\n    <add key=\"%s\" value=\"%s\" />\n  </appSettings>\n</configuration>" % (
                env_pascal(t), v), v, "appSettings")


@reg("config-file")
def k_gradle_props():
    t, v = tok()
    return ("gradle-properties-" + t["key"],
            "# gradle.properties\norg.gradle.jvmargs=-Xmx4g -Dfile.encoding=UTF-8\nandroid.useAndroidX=true\n%s=%s" % (camel(t["env"]), v),
            v, "org.gradle.jvmargs")


@reg("config-file")
def k_info_plist():
    t, v = tok()
    return ("ios-info-plist-string-" + t["key"],
            "<key>CFBundleShortVersionString</key>\n<string>2.%d.%d</string>\n<key>%s</key>\n<string>%s</string>" % (
                num(0, 20), num(0, 9), env_pascal(t), v), v, "CFBundleShortVersionString")


@reg("config-file")
def k_mcp_json():
    t, v = tok()
    body = json.dumps({"mcpServers": {vendor_word(t).lower(): {"command": "npx", "args": ["-y", "@%s/mcp-server" % vendor_word(t).lower()],
                                                                "env": {t["env"]: v}}}}, indent=2)
    return ("mcp-json-server-env-" + t["key"], "// .mcp.json\n" + body, v, "mcpServers")


@reg("config-file")
def k_devcontainer():
    t, v = tok()
    body = json.dumps({"name": "%s-dev" % pick(ORGS), "image": "mcr.microsoft.com/devcontainers/typescript-node:20",
                       "containerEnv": {t["env"]: v}, "forwardPorts": [3000, 5432]}, indent=2)
    return ("devcontainer-json-containerenv-" + t["key"], body, v, "forwardPorts")


@reg("config-file")
def k_postman_env():
    t, v = tok()
    body = json.dumps({"id": uuid4(), "name": "%s prod" % pick(ORGS).capitalize(),
                       "values": [{"key": "baseUrl", "value": t["url"].split("/v")[0], "enabled": True},
                                  {"key": camel(t["env"]), "value": v, "type": "secret", "enabled": True}],
                       "_postman_variable_scope": "environment"}, indent=1)
    return ("postman-environment-json-" + t["key"], body, v, "_postman_variable_scope")


@reg("config-file")
def k_http_file():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    return ("rest-client-http-file-" + t["key"],
            "### requests.http\n@baseUrl = %s\n@token = %s\n\nGET {{baseUrl}}/%s\n%s: %s\nAccept: application/json" % (
                "/".join(t["url"].split("/")[:3]), v, "/".join(t["url"].split("/")[3:]), name,
                val.replace(v, "{{token}}")), v, "@baseUrl")


@reg("config-file")
def k_bruno_env():
    t, v = tok()
    return ("bruno-environment-bru-" + t["key"],
            "vars {\n  baseUrl: %s\n  %s: %s\n}\nvars:secret [\n  refreshToken\n]" % (t["url"].split("/v")[0], camel(t["env"]), v),
            v, "vars:secret")


@reg("config-file")
def k_supervisord():
    t, v = tok()
    return ("supervisord-program-environment-" + t["key"],
            "[program:%s-worker]\ncommand=/srv/app/venv/bin/celery -A app worker -l info\ndirectory=/srv/app\nenvironment=DJANGO_SETTINGS_MODULE=\"app.settings.prod\",%s=\"%s\"\nautorestart=true" % (
                pick(SVCS), t["env"], v), v, "autorestart")


@reg("config-file")
def k_otel_collector():
    t = pick([TOKBY["honeycomb"], TOKBY["newrelic-license"], TOKBY["datadog-api-key"], TOKBY["zephyrlog"], TOKBY["grafana-glc"]])
    v = t["gen"]()
    hname = {"honeycomb": "x-honeycomb-team", "newrelic-license": "api-key", "datadog-api-key": "dd-api-key",
             "zephyrlog": "x-zephyr-key", "grafana-glc": "authorization"}[t["key"]]
    return ("otel-collector-exporter-headers-" + t["key"],
            "exporters:\n  otlphttp:\n    endpoint: https://otlp.example-vendor.io:4318\n    headers:\n      %s: %s\nservice:\n  pipelines:\n    traces:\n      receivers: [otlp]\n      exporters: [otlphttp]" % (
                hname, v), v, "pipelines")


@reg("config-file")
def k_expo_app_json():
    t, v = tok()
    body = json.dumps({"expo": {"name": "%s" % pick(ORGS).capitalize(), "slug": pick(ORGS), "version": "1.%d.0" % num(0, 30),
                                "extra": {camel(t["env"]): v, "eas": {"projectId": uuid4()}}}}, indent=2)
    return ("expo-app-json-extra-" + t["key"], body, v, "projectId")


# ---- fixed config files

@reg("config-file")
def k_database_yml():
    pw = human_pw()
    return ("rails-database-yml-password",
            "production:\n  <<: *default\n  database: %s_production\n  username: %s\n  password: %s\n  host: %s" % (
                pick(ORGS), pick(ORGS), pw, pg_host()), pw, "database:")


@reg("config-file")
def k_alembic_ini():
    pw = url_pw(20)
    return ("alembic-ini-sqlalchemy-url",
            "[alembic]\nscript_location = migrations\nsqlalchemy.url = postgresql+psycopg://app:%s@%s:5432/app\n\n[loggers]\nkeys = root,sqlalchemy,alembic" % (
                pw, pg_host()), pw, "script_location")


@reg("config-file")
def k_maven_settings():
    pw = pick([human_pw(), "ghp_" + rs(36), "AKCp" + rs(69)])
    return ("maven-settings-xml-server-password",
            "<settings>\n  <servers>\n    <server>\n      <id>%s-releases</id>\n      <username>ci</username>\n      <password>%s</password>\n    </server>\n  </servers>\n</settings>" % (
                pick(ORGS), pw), pw, "<servers>")


@reg("config-file")
def k_gradle_signing():
    pw = strong_pw(18, "-_!")
    return ("gradle-properties-signing-password",
            "signing.keyId=%s\nsigning.password=%s\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg\nossrhUsername=%s" % (
                HX(8), pw, pick(ORGS)), pw, "signing.keyId")


@reg("config-file")
def k_android_key_props():
    pw = human_pw()
    return ("android-key-properties",
            "storePassword=%s\nkeyPassword=%s\nkeyAlias=upload\nstoreFile=/Users/%s/keys/upload-keystore.jks" % (pw, pw, pick(PEOPLE).lower()),
            pw, "keyAlias")


@reg("config-file")
def k_nuget_config():
    v = "ghp_" + rs(36)
    return ("nuget-config-cleartextpassword",
            "<configuration>\n  <packageSourceCredentials>\n    <github>\n      <add key=\"Username\" value=\"%s\" />\n      <add key=\"ClearTextPassword\" value=\"%s\" />\n    </github>\n  </packageSourceCredentials>\n</configuration>" % (
                pick(ORGS), v), v, "packageSourceCredentials")


@reg("config-file")
def k_composer_auth():
    pw = rs(40, HEX)
    body = json.dumps({"http-basic": {"repo.packagist.com": {"username": "token", "password": pw}},
                       "github-oauth": {}}, indent=4)
    return ("composer-auth-json-http-basic", "// auth.json\n" + body, pw, "repo.packagist.com")


@reg("config-file")
def k_npmrc_auth_b64():
    a = b64s("%s:%s" % ("ci-bot", strong_pw(20, "-_")))
    return ("npmrc-underscore-auth-base64",
            "registry=https://nexus.%s.dev/repository/npm-group/\n_auth=%s\nalways-auth=true\nemail=ci@%s.dev" % (pick(ORGS), a, pick(ORGS)),
            a, "always-auth")


@reg("config-file")
def k_yarnrc():
    v = "npm_" + rs(36)
    return ("yarnrc-yml-npm-auth-token",
            "nodeLinker: node-modules\nnpmScopes:\n  %s:\n    npmRegistryServer: \"https://registry.npmjs.org\"\n    npmAuthToken: %s" % (pick(ORGS), v),
            v, "nodeLinker")


@reg("config-file")
def k_bunfig():
    v = "npm_" + rs(36)
    return ("bunfig-toml-scoped-token",
            "[install.scopes]\n\"@%s\" = { token = \"%s\", url = \"https://registry.npmjs.org/\" }" % (pick(ORGS), v), v, "install.scopes")


@reg("config-file")
def k_pip_conf():
    pw = rs(32, B62)
    return ("pip-conf-extra-index-url-creds",
            "[global]\nextra-index-url = https://deploy:%s@pypi.%s.internal/simple/\ntrusted-host = pypi.%s.internal" % (pw, pick(ORGS), pick(ORGS)),
            pw, "trusted-host")


@reg("config-file")
def k_cargo_credentials():
    v = "cio" + rs(32)
    return ("cargo-credentials-toml", "# ~/.cargo/credentials.toml\n[registry]\ntoken = \"%s\"" % v, v, "[registry]")


@reg("config-file")
def k_pgpass():
    pw = human_pw_url().replace(":", "")
    return ("pgpass-line", "# ~/.pgpass\n%s:5432:*:app_ro:%s" % (pg_host(), pw), pw, ".pgpass")


@reg("config-file")
def k_my_cnf():
    pw = human_pw()
    return ("my-cnf-client-password", "# ~/.my.cnf\n[client]\nuser=root\npassword=\"%s\"\nhost=127.0.0.1" % pw, pw, "[client]")


@reg("config-file")
def k_s3cfg():
    s = rs(40, B64)
    return ("s3cmd-s3cfg-secret-key",
            "[default]\naccess_key = AKIA%s\nsecret_key = %s\nhost_base = s3.amazonaws.com\nuse_https = True" % (rs(16, UPP + "234567"), s),
            s, "host_base")


@reg("config-file")
def k_rclone_conf():
    s = hx(64)
    return ("rclone-conf-r2-secret",
            "[r2]\ntype = s3\nprovider = Cloudflare\naccess_key_id = %s\nsecret_access_key = %s\nendpoint = https://%s.r2.cloudflarestorage.com" % (
                hx(32), s, hx(32)), s, "provider = Cloudflare")


@reg("config-file")
def k_kafka_client_props():
    s = rs(64, B64)
    return ("kafka-client-properties-jaas",
            "bootstrap.servers=pkc-%s.%s.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"%s\" password=\"%s\";" % (
                rs(5, B36L), pick(REGIONS), rs(16, UPP + DIG), s), s, "bootstrap.servers")


@reg("config-file")
def k_spring_datasource():
    pw = human_pw()
    return ("spring-yml-datasource-password",
            "spring:\n  datasource:\n    url: jdbc:postgresql://%s:5432/orders\n    username: orders\n    password: '%s'\n  jpa:\n    hibernate:\n      ddl-auto: validate" % (
                pg_host(), pw), pw, "ddl-auto")


@reg("config-file")
def k_appsettings_connstr():
    pw = strong_pw(20, "!#-_")
    return ("appsettings-connectionstrings-password",
            "{\n  \"ConnectionStrings\": {\n    \"Default\": \"Server=tcp:%s-sql.database.windows.net,1433;Initial Catalog=app;User ID=appuser;Password=%s;Encrypt=True;TrustServerCertificate=False;\"\n  }\n}" % (
                pick(ORGS), pw), pw, "ConnectionStrings")


@reg("config-file")
def k_webconfig_connstr():
    pw = strong_pw(16, "!#-_")
    return ("web-config-connectionstrings",
            "<connectionStrings>\n  <add name=\"DefaultConnection\" connectionString=\"Data Source=sql01;Initial Catalog=Legacy;User Id=legacy_app;Password=%s;\" providerName=\"System.Data.SqlClient\" />\n</connectionStrings>" % pw,
            pw, "providerName")


@reg("config-file")
def k_dbt_profiles():
    pw = human_pw()
    return ("dbt-profiles-yml-snowflake-password",
            "analytics:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n      account: %s-%s\n      user: DBT_SVC\n      password: \"%s\"\n      role: TRANSFORMER\n      warehouse: TRANSFORMING_WH\n      database: ANALYTICS\n      schema: marts\n      threads: 8" % (
                rs(7, UPP), rs(7, UPP), pw), pw, "warehouse")


@reg("config-file")
def k_dbt_profiles_bq():
    b = b64of(rsa1024_pkcs8_der())
    esc = "\\n".join(b[i:i + 64] for i in range(0, len(b), 64))
    return ("dbt-profiles-yml-bigquery-keyfile-json",
            "analytics:\n  outputs:\n    prod:\n      type: bigquery\n      method: service-account-json\n      project: %s-data\n      keyfile_json:\n        type: service_account\n        private_key_id: %s\n        private_key: \"-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n\"\n        client_email: dbt-runner@%s-data.iam.gserviceaccount.com" % (
                pick(ORGS), hx(40), esc, pick(ORGS)), esc, "keyfile_json")


@reg("config-file")
def k_snowflake_toml():
    pw = human_pw()
    return ("snowflake-connections-toml",
            "# ~/.snowflake/connections.toml\n[default]\naccount = \"%s-%s\"\nuser = \"%s\"\npassword = \"%s\"\nwarehouse = \"DEV_WH\"\nrole = \"ANALYST\"" % (
                rs(7, UPP), rs(7, UPP), pick(PEOPLE).upper(), pw), pw, "warehouse")


@reg("config-file")
def k_compose_postgres():
    pw = human_pw()
    return ("compose-postgres-password-map",
            "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: app\n      POSTGRES_PASSWORD: \"%s\"\n      POSTGRES_DB: app\n    volumes:\n      - pgdata:/var/lib/postgresql/data" % pw,
            pw, "POSTGRES_USER")


@reg("config-file")
def k_redis_conf():
    pw = rs(40, B62)
    return ("redis-conf-requirepass", "# /etc/redis/redis.conf\nbind 0.0.0.0\nprotected-mode yes\nrequirepass %s\nmaxmemory 2gb" % pw, pw, "protected-mode")


@reg("config-file")
def k_rabbitmq_conf():
    pw = human_pw()
    return ("rabbitmq-conf-default-pass",
            "listeners.tcp.default = 5672\ndefault_user = %s\ndefault_pass = %s\nmanagement.tcp.port = 15672" % (pick(ORGS), pw), pw, "default_user")


@reg("config-file")
def k_wg_conf():
    v = b64of(rbytes(32))
    return ("wireguard-conf-private-key",
            "[Interface]\nAddress = 10.8.0.%d/24\nPrivateKey = %s\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = %s\nEndpoint = vpn.%s.com:51820\nAllowedIPs = 10.8.0.0/24" % (
                num(2, 200), v, b64of(rbytes(32)), pick(ORGS)), v, "[Interface]")


@reg("config-file")
def k_prom_basic_auth():
    pw = rs(24, B62)
    return ("prometheus-scrape-basic-auth",
            "scrape_configs:\n  - job_name: %s\n    scheme: https\n    basic_auth:\n      username: prometheus\n      password: %s\n    static_configs:\n      - targets: ['%s.%s.internal:9100']" % (
                pick(SVCS), pw, pick(SVCS), pick(ORGS)), pw, "scrape_configs")


@reg("config-file")
def k_alertmanager_slack():
    s = rs(24)
    return ("alertmanager-slack-api-url",
            "receivers:\n  - name: oncall-slack\n    slack_configs:\n      - api_url: https://hooks.slack.com/services/T0%s/B0%s/%s\n        channel: '#alerts-prod'\n        send_resolved: true" % (
                rs(8, UPP + DIG), rs(9, UPP + DIG), s), s, "send_resolved")


@reg("config-file")
def k_grafana_ds():
    pw = strong_pw(22, "-_")
    return ("grafana-datasource-securejsondata",
            "apiVersion: 1\ndatasources:\n  - name: Postgres (prod replica)\n    type: postgres\n    url: %s:5432\n    user: grafana_ro\n    jsonData:\n      database: app\n      sslmode: require\n    secureJsonData:\n      password: %s" % (
                pg_host(), pw), pw, "secureJsonData")


@reg("config-file")
def k_tf_provider():
    t = pick([TOKBY["cloudflare-api-token"], TOKBY["digitalocean-dop"], TOKBY["hetzner"], TOKBY["linode"], TOKBY["vercel-token"]])
    v = t["gen"]()
    prov = {"cloudflare-api-token": ("cloudflare", "api_token"), "digitalocean-dop": ("digitalocean", "token"),
            "hetzner": ("hcloud", "token"), "linode": ("linode", "token"), "vercel-token": ("vercel", "api_token")}[t["key"]]
    return ("terraform-provider-block-" + t["key"],
            "provider \"%s\" {\n  %s = \"%s\"\n}\n\nresource \"%s_record\" \"www\" {\n  name = \"www\"\n}" % (prov[0], prov[1], v, prov[0]),
            v, "resource")


@reg("config-file")
def k_tf_backend_s3():
    s = rs(40, B64)
    return ("terraform-backend-s3-secret-key",
            "terraform {\n  backend \"s3\" {\n    bucket     = \"%s-tfstate\"\n    key        = \"prod/terraform.tfstate\"\n    region     = \"%s\"\n    access_key = \"AKIA%s\"\n    secret_key = \"%s\"\n  }\n}" % (
                pick(ORGS), pick(REGIONS), rs(16, UPP + "234567"), s), s, "tfstate")


@reg("config-file")
def k_ansible_group_vars():
    pw = human_pw()
    return ("ansible-group-vars-become-password",
            "# inventories/prod/group_vars/web.yml\nansible_user: deploy\nansible_become: true\nansible_become_password: \"%s\"\nnginx_worker_processes: auto" % pw,
            pw, "ansible_user")


@reg("config-file")
def k_apple_p8():
    b = pem_body(ec_pkcs8_der())
    return ("apple-authkey-p8-file",
            "# ios/fastlane/AuthKey_%s.p8\n-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----" % (rs(10, UPP + DIG), b), b, "AuthKey_")


@reg("config-file")
def k_github_app_pem_yaml():
    body = pem_body(rsa1024_pkcs1_der())
    ind = "\n".join("    " + l for l in body.split("\n"))
    return ("github-app-private-key-block-scalar",
            "github:\n  app_id: %d\n  private_key: |\n    -----BEGIN RSA PRIVATE KEY-----\n%s\n    -----END RSA PRIVATE KEY-----" % (num(100000, 999999), ind),
            ind.lstrip(), "app_id")


@reg("config-file")
def k_env_private_key_escaped():
    b = b64of(ec_pkcs8_der())
    esc = "\\n".join(b[i:i + 64] for i in range(0, len(b), 64))
    return ("dotenv-pem-escaped-newlines",
            "APPLE_TEAM_ID=%s\nAPPLE_KEY_ID=%s\nAPPLE_PRIVATE_KEY=\"-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\"" % (
                rs(10, UPP + DIG), rs(10, UPP + DIG), esc), esc, "APPLE_TEAM_ID")


@reg("config-file")
def k_jwks_private():
    d = b64u_np(rbytes(32))
    body = json.dumps({"keys": [{"kty": "EC", "crv": "P-256", "kid": "sig-%s" % ts()[:10], "use": "sig", "alg": "ES256",
                                 "x": b64u_np(rbytes(32)), "y": b64u_np(rbytes(32)), "d": d}]}, indent=2)
    return ("jwks-private-jwk-d-param", "// keys/jwks.private.json\n" + body, d, "\"kty\"")


@reg("config-file")
def k_symfony_env():
    v = hx(32)
    return ("symfony-dotenv-app-secret", "###> symfony/framework-bundle ###\nAPP_ENV=prod\nAPP_SECRET=%s\n###< symfony/framework-bundle ###" % v, v, "APP_ENV")


@reg("config-file")
def k_laravel_env():
    v = "base64:" + b64of(rbytes(32))
    return ("laravel-dotenv-app-key", "APP_NAME=%s\nAPP_ENV=production\nAPP_KEY=%s\nAPP_DEBUG=false\nAPP_URL=https://%s.com" % (
        pick(ORGS).capitalize(), v, pick(ORGS)), v, "APP_DEBUG")


@reg("config-file")
def k_laravel_env_db():
    pw = human_pw()
    return ("laravel-dotenv-db-password",
            "DB_CONNECTION=mysql\nDB_HOST=127.0.0.1\nDB_PORT=3306\nDB_DATABASE=forge\nDB_USERNAME=forge\nDB_PASSWORD=%s" % pw, pw, "DB_CONNECTION")


@reg("config-file")
def k_django_env():
    v = rs(50, LOW + DIG + "!@#%^&*(-_=+)")
    return ("django-dotenv-secret-key", "DJANGO_SETTINGS_MODULE=config.settings.production\nDJANGO_SECRET_KEY='%s'\nDJANGO_ALLOWED_HOSTS=.%s.com" % (
        v, pick(ORGS)), v, "DJANGO_SETTINGS_MODULE")


@reg("config-file")
def k_master_key():
    v = hx(32)
    return ("rails-master-key-file", "==> config/master.key <==\n%s" % v, v, "config/master.key")


@reg("config-file")
def k_vite_env():
    t = pick([TOKBY["openai-sk-proj"], TOKBY["anthropic-api03"], TOKBY["supabase-sb-secret"], TOKBY["stripe-sk-live"]])
    v = t["gen"]()
    return ("vite-dotenv-exposed-" + t["key"],
            "# apps/web/.env.production\nVITE_API_BASE=https://api.%s.com\nVITE_%s=%s" % (pick(ORGS), t["env"], v), v, "VITE_API_BASE")


@reg("config-file")
def k_sentryclirc():
    v = TOKBY["sentry-sntryu"]["gen"]()
    return ("sentryclirc-auth-token", "[defaults]\norg=%s\nproject=web\n\n[auth]\ntoken=%s" % (pick(ORGS), v), v, "[defaults]")


@reg("config-file")
def k_dotenv_vault():
    s = "key_" + hx(64)
    return ("dotenv-key-uri",
            "DOTENV_KEY=\"dotenv://:%s@dotenv.org/vault/.env.vault?environment=production\"" % s, s, "environment=production")


@reg("config-file")
def k_supabase_config_toml():
    v = "GOCSPX-" + rs(28, B64U)
    return ("supabase-config-toml-oauth-secret",
            "[auth.external.google]\nenabled = true\nclient_id = \"%s-%s.apps.googleusercontent.com\"\nsecret = \"%s\"\nredirect_uri = \"\"" % (
                digits(12), rs(32, B36L), v), v, "auth.external.google")


@reg("config-file")
def k_keycloak_realm():
    v = rs(32, B62)
    body = json.dumps({"clientId": "%s-backend" % pick(ORGS), "enabled": True, "clientAuthenticatorType": "client-secret",
                       "secret": v, "redirectUris": ["https://app.%s.com/*" % pick(ORGS)]}, indent=2)
    return ("keycloak-realm-export-client-secret", "// realm-export.json (clients[3])\n" + body, v, "clientAuthenticatorType")


@reg("config-file")
def k_msmtprc():
    pw = rs(16, LOW)
    g = " ".join(pw[i:i + 4] for i in range(0, 16, 4))
    return ("msmtprc-gmail-app-password",
            "account gmail\nhost smtp.gmail.com\nport 587\nauth on\nuser %s.%s@gmail.com\npassword %s\ntls on" % (
                pick(PEOPLE).lower(), pick(WORDS), g), g, "smtp.gmail.com")


@reg("config-file")
def k_git_credentials():
    v = pick(["ghp_" + rs(36), "glpat-" + rs(20, B64U)])
    host = "github.com" if v.startswith("ghp") else "gitlab.com"
    return ("git-credentials-store-line", "# ~/.git-credentials\nhttps://%s:%s@%s" % (pick(PEOPLE).lower(), v, host), v, ".git-credentials")


@reg("config-file")
def k_cloud_init():
    pw = human_pw()
    return ("cloud-init-chpasswd",
            "#cloud-config\nusers:\n  - name: ops\n    groups: sudo\n    shell: /bin/bash\nchpasswd:\n  list: |\n    ops:%s\n  expire: false" % pw,
            pw, "#cloud-config")


@reg("config-file")
def k_tomcat_users():
    pw = human_pw()
    return ("tomcat-users-xml-password",
            "<tomcat-users>\n  <role rolename=\"manager-gui\"/>\n  <user username=\"deployer\" password=\"%s\" roles=\"manager-gui,manager-script\"/>\n</tomcat-users>" % pw,
            pw, "manager-gui")


@reg("config-file")
def k_wp_config():
    pw = strong_pw(20, "!#%^*-_")
    return ("wp-config-php-db-password",
            "define( 'DB_NAME', 'wp_%s' );\ndefine( 'DB_USER', 'wp_user' );\ndefine( 'DB_PASSWORD', '%s' );\ndefine( 'DB_HOST', 'localhost' );" % (
                pick(ORGS), pw), pw, "DB_NAME")


@reg("config-file")
def k_prisma_schema():
    pw = url_pw(24)
    return ("prisma-schema-datasource-literal",
            "datasource db {\n  provider = \"postgresql\"\n  url      = \"postgresql://postgres:%s@%s:5432/postgres?schema=public\"\n}\n\ngenerator client {\n  provider = \"prisma-client-js\"\n}" % (
                pw, pg_host()), pw, "prisma-client-js")


@reg("config-file")
def k_hasura_compose():
    v = rs(32, B62)
    return ("compose-hasura-admin-secret",
            "  graphql-engine:\n    image: hasura/graphql-engine:v2.38.0\n    environment:\n      HASURA_GRAPHQL_DATABASE_URL: ${DATABASE_URL}\n      HASURA_GRAPHQL_ENABLE_CONSOLE: \"false\"\n      HASURA_GRAPHQL_ADMIN_SECRET: %s" % v,
            v, "HASURA_GRAPHQL_ENABLE_CONSOLE")


@reg("config-file")
def k_code_server():
    pw = passphrase("-", 3) + str(num(10, 99))
    return ("code-server-config-yaml-password",
            "# ~/.config/code-server/config.yaml\nbind-addr: 127.0.0.1:8080\nauth: password\npassword: %s\ncert: false" % pw, pw, "bind-addr")


@reg("config-file")
def k_runtime_exs():
    v = rs(64, B64)
    return ("phoenix-runtime-exs-secret-key-base",
            "config :%s, %sWeb.Endpoint,\n  url: [host: \"%s.com\", port: 443, scheme: \"https\"],\n  secret_key_base: \"%s\"" % (
                pick(ORGS), pick(ORGS).capitalize(), pick(ORGS), v), v, "Endpoint")


@reg("config-file")
def k_airflow_cfg():
    v = b64u_np(rbytes(32)) + "="
    return ("airflow-cfg-fernet-key",
            "[core]\ndags_folder = /opt/airflow/dags\nexecutor = CeleryExecutor\nfernet_key = %s\nload_examples = False" % v, v, "dags_folder")


@reg("config-file")
def k_airflow_sql_conn():
    pw = url_pw(18)
    return ("airflow-cfg-sql-alchemy-conn",
            "[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow:%s@%s:5432/airflow\nsql_alchemy_pool_size = 10" % (pw, pg_host()),
            pw, "sql_alchemy_pool_size")


@reg("config-file")
def k_logstash_out():
    pw = strong_pw(20, "-_")
    return ("logstash-elasticsearch-output-password",
            "output {\n  elasticsearch {\n    hosts => [\"https://es.%s.internal:9200\"]\n    user => \"logstash_writer\"\n    password => \"%s\"\n    index => \"app-%%{+YYYY.MM.dd}\"\n  }\n}" % (
                pick(ORGS), pw), pw, "logstash_writer")


@reg("config-file")
def k_fluentbit_dd():
    v = hx(32)
    return ("fluent-bit-datadog-apikey",
            "[OUTPUT]\n    Name        datadog\n    Match       *\n    Host        http-intake.logs.datadoghq.eu\n    TLS         on\n    apikey      %s\n    dd_service  %s" % (
                v, pick(SVCS)), v, "http-intake.logs.datadoghq.eu")


@reg("config-file")
def k_argocd_repo():
    v = "ghp_" + rs(36)
    return ("argocd-repository-secret-password",
            "apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-%s\n  namespace: argocd\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://github.com/%s/deploy\n  username: git\n  password: %s" % (
                pick(ORGS), pick(ORGS), v), v, "argocd.argoproj.io/secret-type")


@reg("config-file")
def k_nginx_proxy_auth():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    return ("nginx-proxy-set-header-" + t["key"],
            "location /upstream/ {\n    proxy_pass %s/;\n    proxy_set_header %s \"%s\";\n    proxy_ssl_server_name on;\n}" % (
                "/".join(t["url"].split("/")[:3]), name, val), v, "proxy_pass")


@reg("config-file")
def k_caddy_header():
    v = TOKBY["cloudflare-api-token"]["gen"]()
    return ("caddyfile-tls-dns-cloudflare",
            "%s.com {\n    tls {\n        dns cloudflare %s\n    }\n    reverse_proxy localhost:3000\n}" % (pick(ORGS), v), v, "reverse_proxy")


@reg("config-file")
def k_pgbouncer_userlist():
    pw = url_pw(24)
    return ("pgbouncer-userlist-plain", "; /etc/pgbouncer/userlist.txt\n\"app\" \"%s\"\n\"pgbouncer_admin\" \"SCRAM-SHA-256$4096:%s$%s:%s\"" % (
        pw, rs(24, B64), rs(44, B64), rs(44, B64)), pw, "userlist.txt")


@reg("config-file")
def k_gitlab_rb():
    pw = human_pw()
    return ("gitlab-rb-smtp-password",
            "gitlab_rails['smtp_enable'] = true\ngitlab_rails['smtp_address'] = \"smtp.mailgun.org\"\ngitlab_rails['smtp_user_name'] = \"postmaster@mg.%s.com\"\ngitlab_rails['smtp_password'] = \"%s\"" % (
                pick(ORGS), pw), pw, "smtp_enable")


@reg("config-file")
def k_ini_section():
    t, v = tok()
    return ("ini-integration-section-" + t["key"],
            "; config/integrations.ini\n[%s]\nendpoint = %s\n%s = %s\ntimeout = 30" % (vendor_word(t).lower(), t["url"].split("?")[0], env_lower(t), v),
            v, "timeout = 30")


@reg("config-file")
def k_toml_app_config():
    t, v = tok()
    return ("toml-app-config-table-" + t["key"],
            "# config/production.toml\n[server]\nport = 8080\n\n[%s]\napi_key = \"%s\"\nretries = 3" % (vendor_word(t).lower(), v), v, "[server]")


@reg("config-file")
def k_hcl_nomad():
    t, v = tok()
    return ("nomad-job-env-stanza-" + t["key"],
            "task \"%s\" {\n  driver = \"docker\"\n  env {\n    %s = \"%s\"\n  }\n  config {\n    image = \"ghcr.io/%s/%s:%s\"\n  }\n}" % (
                pick(SVCS), t["env"], v, pick(ORGS), pick(SVCS), sha7()), v, "driver = \"docker\"")


# =============================================================== source-code

def lineno():
    return num(3, 240)


@reg("source-code")
def s_ts_const():
    t, v = tok()
    f = pick(["src/lib/%s.ts" % vendor_word(t).lower(), "packages/integrations/src/%s/client.ts" % vendor_word(t).lower(),
              "apps/api/src/config/vendors.ts"])
    return ("ts-export-const-" + t["key"],
            "// %s\nimport { z } from \"zod\";\n\nexport const %s = \"%s\";\nexport const TIMEOUT_MS = 10_000;" % (f, t["env"], v), v, "TIMEOUT_MS")


@reg("source-code")
def s_js_env_fallback():
    t, v = tok()
    return ("js-env-or-fallback-" + t["key"],
            "const apiKey = process.env.%s || '%s';\nif (!apiKey) throw new Error('missing %s');" % (t["env"], v, t["env"]), v, "process.env")


@reg("source-code")
def s_ts_nullish():
    t, v = tok()
    return ("ts-env-nullish-default-" + t["key"],
            "export const config = {\n  %s: process.env.%s ?? \"%s\",\n  region: process.env.AWS_REGION ?? \"%s\",\n} as const;" % (
                camel(t["env"]), t["env"], v, pick(REGIONS)), v, "as const")


@reg("source-code")
def s_py_const():
    t, v = tok()
    return ("py-module-constant-" + t["key"],
            "# app/integrations/%s.py\nimport httpx\n\n%s = \"%s\"\nBASE_URL = \"%s\"\n" % (
                vendor_word(t).lower(), t["env"], v, t["url"].split("/v")[0]), v, "BASE_URL")


@reg("source-code")
def s_py_getenv_default():
    t, v = tok()
    return ("py-getenv-default-" + t["key"],
            "%s = os.getenv(\"%s\", \"%s\")" % (t["env"], t["env"], v), v, "os.getenv")


@reg("source-code")
def s_py_setdefault():
    t, v = tok()
    return ("py-environ-setdefault-" + t["key"],
            "import os\n\nos.environ.setdefault(\"DJANGO_SETTINGS_MODULE\", \"config.settings.local\")\nos.environ.setdefault(\"%s\", \"%s\")" % (t["env"], v),
            v, "DJANGO_SETTINGS_MODULE")


@reg("source-code")
def s_go_const():
    t, v = tok()
    return ("go-const-block-" + t["key"],
            "package %s\n\nconst (\n\tbaseURL = \"%s\"\n\tapiKey  = \"%s\"\n)" % (vendor_word(t).lower(), t["url"].split("/v")[0], v), v, "baseURL")


@reg("source-code")
def s_go_header_set():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    return ("go-header-set-" + t["key"],
            "req, err := http.NewRequestWithContext(ctx, http.MethodGet, \"%s\", nil)\nif err != nil {\n\treturn nil, err\n}\nreq.Header.Set(\"%s\", \"%s\")" % (
                t["url"], name, val), v, "NewRequestWithContext")


@reg("source-code")
def s_rust_bearer():
    t, v = http_tok()
    return ("rust-reqwest-bearer-auth-" + t["key"],
            "let resp = client\n    .get(\"%s\")\n    .bearer_auth(\"%s\")\n    .send()\n    .await?\n    .error_for_status()?;" % (t["url"], v),
            v, "error_for_status")


@reg("source-code")
def s_rust_const():
    t, v = tok()
    return ("rust-const-str-" + t["key"], "const %s: &str = \"%s\";\nconst MAX_RETRIES: u32 = 3;" % (t["env"], v), v, "MAX_RETRIES")


@reg("source-code")
def s_java_static():
    t, v = tok()
    return ("java-static-final-string-" + t["key"],
            "public final class %sClient {\n    private static final String API_KEY = \"%s\";\n    private static final Duration TIMEOUT = Duration.ofSeconds(10);" % (
                vendor_word(t), v), v, "Duration.ofSeconds")


@reg("source-code")
def s_spring_value_default():
    t, v = tok()
    return ("spring-value-placeholder-default-" + t["key"],
            "@Value(\"${integrations.%s.api-key:%s}\")\nprivate String apiKey;" % (vendor_word(t).lower(), v), v, "@Value")


@reg("source-code")
def s_kotlin_const():
    t, v = tok()
    return ("kotlin-const-val-" + t["key"],
            "object %sConfig {\n    const val API_KEY = \"%s\"\n    const val BASE_URL = \"%s\"\n}" % (vendor_word(t), v, t["url"].split("/v")[0]),
            v, "BASE_URL")


@reg("source-code")
def s_csharp_fallback():
    t, v = tok()
    return ("csharp-configuration-fallback-" + t["key"],
            "var apiKey = builder.Configuration[\"%s:ApiKey\"] ?? \"%s\";\nbuilder.Services.AddHttpClient<%sClient>();" % (
                vendor_word(t), v, vendor_word(t)), v, "AddHttpClient")


@reg("source-code")
def s_ruby_fetch():
    t, v = tok()
    return ("ruby-env-fetch-default-" + t["key"],
            "%s = ENV.fetch(\"%s\") { \"%s\" }" % (t["env"], t["env"], v), v, "ENV.fetch")


@reg("source-code")
def s_laravel_env_default():
    t, v = tok()
    return ("laravel-config-env-default-" + t["key"],
            "// config/services.php\n'%s' => [\n    'key' => env('%s', '%s'),\n    'timeout' => 15,\n]," % (vendor_word(t).lower(), t["env"], v),
            v, "config/services.php")


@reg("source-code")
def s_dart_const():
    t, v = tok()
    return ("dart-const-string-" + t["key"],
            "// lib/config/env.dart\nclass Env {\n  static const %s = '%s';\n  static const apiBase = 'https://api.%s.com';\n}" % (
                camel(t["env"]), v, pick(ORGS)), v, "apiBase")


@reg("source-code")
def s_swift_let():
    t, v = tok()
    return ("swift-static-let-" + t["key"],
            "enum Secrets {\n    static let %s = \"%s\"\n}" % (camel(t["env"]), v), v, "enum Secrets")


@reg("source-code")
def s_jest_setup():
    t, v = tok()
    return ("jest-setup-process-env-" + t["key"],
            "// jest.setup.ts\nprocess.env.%s = '%s';\nprocess.env.TZ = 'UTC';" % (t["env"], v), v, "jest.setup.ts")


@reg("source-code")
def s_pytest_monkeypatch():
    t, v = tok()
    return ("pytest-monkeypatch-setenv-" + t["key"],
            "@pytest.fixture(autouse=True)\ndef _env(monkeypatch):\n    monkeypatch.setenv(\"%s\", \"%s\")" % (t["env"], v), v, "monkeypatch")


@reg("source-code")
def s_diff_source():
    t, v = tok()
    f = pick(["src/server/payments.ts", "app/services/notifier.py", "internal/client/client.go", "lib/sync.rb"])
    return ("diff-added-source-line-" + t["key"],
            "diff --git a/%s b/%s\n@@ -8,7 +8,7 @@\n-const key = process.env.%s;\n+const key = \"%s\"; // TEMP for local testing\n const client = createClient(key);" % (
                f, f, t["env"], v), v, "TEMP for local testing")


@reg("source-code")
def s_fetch_headers():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    return ("js-fetch-headers-literal-" + t["key"],
            "const res = await fetch(\"%s\", {\n  headers: {\n    \"%s\": \"%s\",\n    \"Content-Type\": \"application/json\",\n  },\n});" % (
                t["url"], name, val), v, "Content-Type")


@reg("source-code")
def s_axios_create():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    return ("axios-create-default-headers-" + t["key"],
            "export const http = axios.create({\n  baseURL: '%s',\n  headers: { '%s': '%s' },\n  timeout: 8000,\n});" % (
                "/".join(t["url"].split("/")[:3]), name, val), v, "axios.create")


@reg("source-code")
def s_py_requests():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    return ("py-requests-headers-dict-" + t["key"],
            "HEADERS = {\"%s\": \"%s\", \"Accept\": \"application/json\"}\nresp = requests.get(\"%s\", headers=HEADERS, timeout=10)\nresp.raise_for_status()" % (
                name, val, t["url"]), v, "raise_for_status")


@reg("source-code")
def s_httpx_client():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    return ("py-httpx-async-client-" + t["key"],
            "client = httpx.AsyncClient(\n    base_url=\"%s\",\n    headers={\"%s\": \"%s\"},\n    timeout=httpx.Timeout(10.0),\n)" % (
                "/".join(t["url"].split("/")[:3]), name, val), v, "httpx.AsyncClient")


@reg("source-code")
def s_bash_default():
    t, v = tok()
    return ("bash-param-default-expansion-" + t["key"],
            "#!/usr/bin/env bash\nset -euo pipefail\n%s=\"${%s:-%s}\"\nnode scripts/sync.mjs" % (t["env"], t["env"], v), v, "set -euo pipefail")


@reg("source-code")
def s_makefile():
    t, v = tok()
    return ("makefile-variable-" + t["key"],
            "%s ?= %s\n\n.PHONY: smoke\nsmoke:\n\t%s=$(%s) go test ./e2e/... -run Smoke" % (t["env"], v, t["env"], t["env"]), v, ".PHONY")


@reg("source-code")
def s_ipynb():
    t, v = tok()
    cell = json.dumps({"cell_type": "code", "execution_count": num(1, 40), "metadata": {}, "outputs": [],
                       "source": ["import os\n", "os.environ[\"%s\"] = \"%s\"\n" % (t["env"], v), "client = make_client()"]}, indent=1)
    return ("ipynb-cell-source-" + t["key"], "notebooks/explore.ipynb, cells[2]:\n" + cell, v, "cell_type")


@reg("source-code")
def s_sql_seed():
    t, v = tok()
    return ("sql-insert-seed-" + t["key"],
            "-- db/seeds/002_integrations.sql\nINSERT INTO integrations (org_id, provider, api_key, created_at)\nVALUES (%d, '%s', '%s', now());" % (
                num(1, 99), vendor_word(t).lower(), v), v, "INSERT INTO integrations")


@reg("source-code")
def s_go_struct():
    t, v = tok()
    return ("go-config-struct-literal-" + t["key"],
            "cfg := %s.Config{\n\tAPIKey:  \"%s\",\n\tTimeout: 5 * time.Second,\n}" % (vendor_word(t).lower(), v), v, "time.Second")


@reg("source-code")
def s_php_guzzle():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    return ("php-guzzle-headers-" + t["key"],
            "$client = new \\GuzzleHttp\\Client(['base_uri' => '%s']);\n$res = $client->get('%s', [\n    'headers' => ['%s' => '%s'],\n]);" % (
                "/".join(t["url"].split("/")[:3]), "/" + "/".join(t["url"].split("/")[3:]), name, val), v, "GuzzleHttp")


@reg("source-code")
def s_ruby_faraday():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    return ("ruby-faraday-headers-" + t["key"],
            "conn = Faraday.new(url: \"%s\") do |f|\n  f.headers[\"%s\"] = \"%s\"\n  f.response :raise_error\nend" % (
                "/".join(t["url"].split("/")[:3]), name, val), v, "Faraday.new")


@reg("source-code")
def s_kotlin_okhttp():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    return ("kotlin-okhttp-interceptor-" + t["key"],
            "val client = OkHttpClient.Builder()\n    .addInterceptor { chain ->\n        chain.proceed(chain.request().newBuilder().addHeader(\"%s\", \"%s\").build())\n    }\n    .build()" % (
                name, val), v, "OkHttpClient.Builder")


@reg("source-code")
def s_csharp_httpclient():
    t, v = tok()
    return ("csharp-httpclient-bearer-" + t["key"],
            "_http.DefaultRequestHeaders.Authorization =\n    new AuthenticationHeaderValue(\"Bearer\", \"%s\");" % v, v, "AuthenticationHeaderValue")


@reg("source-code")
def s_swift_urlrequest():
    t, v = tok()
    return ("swift-urlrequest-setvalue-" + t["key"],
            "var request = URLRequest(url: URL(string: \"%s\")!)\nrequest.setValue(\"Bearer %s\", forHTTPHeaderField: \"Authorization\")" % (
                t["url"], v), v, "forHTTPHeaderField")


@reg("source-code")
def s_dart_dio():
    t, v = tok()
    return ("dart-dio-base-options-" + t["key"],
            "final dio = Dio(BaseOptions(\n  baseUrl: '%s',\n  headers: {'Authorization': 'Bearer %s'},\n));" % (t["url"].split("/v")[0], v),
            v, "BaseOptions")


# ---- fixed source

@reg("source-code")
def s_django_secret_key():
    v = pick(["django-insecure-", ""]) + rs(50, LOW + DIG + "!@#%^&*(-_=+)")
    return ("django-settings-secret-key",
            "# config/settings/base.py\nBASE_DIR = Path(__file__).resolve().parent.parent\n\nSECRET_KEY = '%s'\n\nDEBUG = False" % v, v, "BASE_DIR")


@reg("source-code")
def s_django_databases():
    pw = human_pw()
    return ("django-settings-databases-password",
            "DATABASES = {\n    \"default\": {\n        \"ENGINE\": \"django.db.backends.postgresql\",\n        \"NAME\": \"app\",\n        \"USER\": \"app\",\n        \"PASSWORD\": \"%s\",\n        \"HOST\": \"%s\",\n        \"PORT\": \"5432\",\n    }\n}" % (
                pw, pg_host()), pw, "django.db.backends.postgresql")


@reg("source-code")
def s_flask_secret():
    v = hx(64)
    return ("flask-app-config-secret-key", "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"%s\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True" % v,
            v, "SESSION_COOKIE_SECURE")


@reg("source-code")
def s_pydantic_default():
    v = rs(48, B64U)
    return ("pydantic-settings-field-default",
            "class Settings(BaseSettings):\n    model_config = SettingsConfigDict(env_file=\".env\")\n    database_url: str = \"sqlite:///./dev.db\"\n    jwt_secret: str = \"%s\"\n    jwt_ttl_minutes: int = 60" % v,
            v, "SettingsConfigDict")


@reg("source-code")
def s_sqlalchemy_engine():
    pw = url_pw(20)
    return ("sqlalchemy-create-engine-url",
            "engine = create_async_engine(\n    \"postgresql+asyncpg://app:%s@%s:5432/app\",\n    pool_size=10,\n    pool_pre_ping=True,\n)" % (pw, pg_host()),
            pw, "create_async_engine")


@reg("source-code")
def s_celery_broker():
    pw = url_pw(22)
    return ("celeryconfig-broker-url",
            "# celeryconfig.py\nbroker_url = \"redis://default:%s@%s.upstash.io:6379/0\"\nresult_backend = \"django-db\"\ntask_acks_late = True" % (
                pw, pick(WORDS) + "-" + pick(WORDS) + "-" + digits(5)), pw, "task_acks_late")


@reg("source-code")
def s_stripe_rb():
    v = TOKBY["stripe-sk-live-legacy"]["gen"]()
    return ("rails-initializer-stripe-api-key",
            "# config/initializers/stripe.rb\nStripe.api_key = \"%s\"\nStripe.api_version = \"2024-04-10\"" % v, v, "api_version")


@reg("source-code")
def s_rails_smtp():
    pw = rs(32, B62)
    return ("rails-action-mailer-smtp-password",
            "config.action_mailer.smtp_settings = {\n  address: \"smtp.postmarkapp.com\",\n  port: 587,\n  user_name: \"%s\",\n  password: \"%s\",\n  authentication: :plain\n}" % (
                uuid4(), pw), pw, "smtp_settings")


@reg("source-code")
def s_laravel_db_php():
    pw = human_pw()
    return ("laravel-config-database-php-password",
            "'mysql' => [\n    'driver' => 'mysql',\n    'host' => env('DB_HOST', '127.0.0.1'),\n    'database' => env('DB_DATABASE', 'forge'),\n    'username' => env('DB_USERNAME', 'forge'),\n    'password' => env('DB_PASSWORD', '%s'),\n]," % pw,
            pw, "'driver' => 'mysql'")


@reg("source-code")
def s_java_datasource():
    pw = human_pw()
    return ("java-datasource-builder-password",
            "@Bean\npublic DataSource dataSource() {\n    return DataSourceBuilder.create()\n        .url(\"jdbc:mysql://%s:3306/shop\")\n        .username(\"shop\")\n        .password(\"%s\")\n        .build();\n}" % (
                pick(SVCS) + "-db", pw), pw, "DataSourceBuilder")


@reg("source-code")
def s_dotnet_connstr():
    pw = strong_pw(18, "!#-_")
    return ("dotnet-program-cs-connection-string",
            "builder.Services.AddDbContext<AppDbContext>(o =>\n    o.UseNpgsql(\"Host=%s;Database=app;Username=app;Password=%s\"));" % (pg_host(), pw),
            pw, "UseNpgsql")


@reg("source-code")
def s_go_mysql_dsn():
    pw = human_pw_url().replace(":", "")
    return ("go-sql-open-mysql-dsn",
            "db, err := sql.Open(\"mysql\", \"shop:%s@tcp(%s:3306)/shop?parseTime=true\")\nif err != nil {\n\tlog.Fatal(err)\n}" % (
                pw, pick(SVCS) + "-mysql"), pw, "parseTime")


@reg("source-code")
def s_go_redis():
    pw = rs(32, B62)
    return ("go-redis-options-password",
            "rdb := redis.NewClient(&redis.Options{\n\tAddr:     \"%s:6379\",\n\tPassword: \"%s\",\n\tDB:       0,\n})" % (ipv4(), pw), pw, "redis.NewClient")


@reg("source-code")
def s_rust_sqlx():
    pw = url_pw(20)
    return ("rust-sqlx-pgpool-connect",
            "let pool = PgPoolOptions::new()\n    .max_connections(5)\n    .connect(\"postgres://app:%s@localhost:5432/app\")\n    .await?;" % pw, pw, "PgPoolOptions")


@reg("source-code")
def s_node_pg_pool():
    pw = human_pw()
    return ("node-pg-pool-config-password",
            "const pool = new Pool({\n  host: '%s',\n  user: 'app',\n  password: '%s',\n  database: 'app',\n  max: 20,\n});" % (pg_host(), pw),
            pw, "new Pool")


@reg("source-code")
def s_mongoose():
    pw = url_pw(16)
    return ("mongoose-connect-srv-uri",
            "await mongoose.connect(\"mongodb+srv://api:%s@%s.%s.mongodb.net/app?retryWrites=true&w=majority\");" % (
                pw, pick(ORGS), rs(5, B36L)), pw, "mongoose.connect")


@reg("source-code")
def s_ioredis():
    pw = rs(40, B62)
    return ("ioredis-rediss-url", "export const redis = new Redis(\"rediss://default:%s@%s.upstash.io:6379\");" % (
        pw, pick(WORDS) + "-" + pick(WORDS) + "-" + digits(5)), pw, "new Redis")


@reg("source-code")
def s_nodemailer():
    pw = TOKBY["sendgrid"]["gen"]()
    return ("nodemailer-transport-auth-pass",
            "const transporter = nodemailer.createTransport({\n  host: 'smtp.sendgrid.net',\n  port: 587,\n  auth: { user: 'apikey', pass: '%s' },\n});" % pw,
            pw, "createTransport")


@reg("source-code")
def s_smtplib():
    pw = human_pw()
    return ("py-smtplib-login",
            "with smtplib.SMTP(\"smtp.office365.com\", 587) as s:\n    s.starttls()\n    s.login(\"reports@%s.com\", \"%s\")\n    s.send_message(msg)" % (pick(ORGS), pw),
            pw, "starttls")


@reg("source-code")
def s_boto3():
    s = rs(40, B64)
    return ("py-boto3-client-static-keys",
            "s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"AKIA%s\",\n    aws_secret_access_key=\"%s\",\n    region_name=\"%s\",\n)" % (
                rs(16, UPP + "234567"), s, pick(REGIONS)), s, "boto3.client")


@reg("source-code")
def s_aws_sdk_v3():
    s = rs(40, B64)
    return ("js-aws-sdk-v3-credentials-object",
            "const client = new S3Client({\n  region: \"%s\",\n  credentials: {\n    accessKeyId: \"AKIA%s\",\n    secretAccessKey: \"%s\",\n  },\n});" % (
                pick(REGIONS), rs(16, UPP + "234567"), s), s, "S3Client")


@reg("source-code")
def s_go_aws_static():
    s = rs(40, B64)
    return ("go-aws-static-credentials-provider",
            "cfg, err := config.LoadDefaultConfig(ctx,\n\tconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider(\"AKIA%s\", \"%s\", \"\")),\n)" % (
                rs(16, UPP + "234567"), s), s, "LoadDefaultConfig")


@reg("source-code")
def s_firebase_admin_cert():
    b = b64of(rsa1024_pkcs8_der())
    esc = "\\n".join(b[i:i + 64] for i in range(0, len(b), 64))
    return ("firebase-admin-cert-inline-private-key",
            "admin.initializeApp({\n  credential: admin.credential.cert({\n    projectId: \"%s-prod\",\n    clientEmail: \"firebase-adminsdk-%s@%s-prod.iam.gserviceaccount.com\",\n    privateKey: \"-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n\",\n  }),\n});" % (
                pick(ORGS), rs(5, B36L), pick(ORGS), esc), esc, "initializeApp")


@reg("source-code")
def s_jsonwebtoken():
    v = pick([rs(32, B62), passphrase("-", 4), hx(64)])
    return ("jsonwebtoken-sign-literal-secret",
            "const token = jwt.sign({ sub: user.id, role: user.role }, \"%s\", { expiresIn: \"1h\" });" % v, v, "jwt.sign")


@reg("source-code")
def s_pyjwt():
    v = rs(40, B64U)
    return ("pyjwt-encode-literal-secret",
            "token = jwt.encode({\"sub\": str(user.id), \"exp\": exp}, \"%s\", algorithm=\"HS256\")" % v, v, "jwt.encode")


@reg("source-code")
def s_go_jwt():
    v = rs(32, B62)
    return ("go-jwt-signedstring-literal",
            "var jwtKey = []byte(\"%s\")\n\nsigned, err := token.SignedString(jwtKey)" % v, v, "SignedString")


@reg("source-code")
def s_stripe_construct_event():
    v = "whsec_" + rs(32)
    return ("stripe-construct-event-literal-whsec",
            "const event = stripe.webhooks.constructEvent(\n  req.body,\n  req.headers[\"stripe-signature\"] as string,\n  \"%s\"\n);" % v,
            v, "constructEvent")


@reg("source-code")
def s_github_webhook_hmac():
    v = rs(40, B62)
    return ("py-github-webhook-hmac-secret",
            "WEBHOOK_SECRET = b\"%s\"\n\ndef verify(sig: str, body: bytes) -> bool:\n    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(\"sha256=\" + mac, sig)" % v,
            v, "compare_digest")


@reg("source-code")
def s_twilio_client():
    v = hx(32)
    return ("py-twilio-client-positional",
            "from twilio.rest import Client\n\nclient = Client(\"AC%s\", \"%s\")" % (hx(32), v), v, "twilio.rest")


@reg("source-code")
def s_slack_bolt():
    v = hx(32)
    return ("py-slack-bolt-signing-secret",
            "app = App(\n    token=os.environ[\"SLACK_BOT_TOKEN\"],\n    signing_secret=\"%s\",\n)" % v, v, "signing_secret")


@reg("source-code")
def s_openai_client():
    v = TOKBY["openai-sk-proj"]["gen"]()
    return ("py-openai-client-api-key-kwarg",
            "from openai import OpenAI\n\nclient = OpenAI(api_key=\"%s\")\nresp = client.responses.create(model=\"gpt-4.1-mini\", input=prompt)" % v, v, "from openai")


@reg("source-code")
def s_anthropic_ts():
    v = TOKBY["anthropic-api03"]["gen"]()
    return ("ts-anthropic-sdk-api-key",
            "import Anthropic from \"@anthropic-ai/sdk\";\n\nconst anthropic = new Anthropic({ apiKey: \"%s\" });" % v, v, "@anthropic-ai/sdk")


@reg("source-code")
def s_langchain():
    v = pick([TOKBY["openai-sk-legacy"], TOKBY["groq"], TOKBY["mistral"]])["gen"]()
    return ("py-langchain-chat-model-key",
            "llm = ChatOpenAI(model=\"gpt-4o-mini\", temperature=0, openai_api_key=\"%s\")" % v, v, "ChatOpenAI")


@reg("source-code")
def s_supabase_service():
    ref = rs(20, LOW)
    v = jwt({"iss": "supabase", "ref": ref, "role": "service_role", "iat": 1712000000, "exp": 2027576000})
    return ("ts-supabase-createclient-service-role",
            "export const supabaseAdmin = createClient(\n  \"https://%s.supabase.co\",\n  \"%s\",\n  { auth: { persistSession: false } }\n);" % (ref, v),
            v, "persistSession")


@reg("source-code")
def s_hubspot_client():
    v = TOKBY["hubspot-pat"]["gen"]()
    return ("ts-hubspot-client-access-token", "const hubspot = new Client({ accessToken: \"%s\" });" % v, v, "new Client")


@reg("source-code")
def s_jsforce():
    pw = human_pw() + rs(25)
    return ("jsforce-login-password-plus-token",
            "// password with the security token appended, as Salesforce expects\nawait conn.login(\"integration@%s.com\", \"%s\");" % (pick(ORGS), pw),
            pw, "conn.login")


@reg("source-code")
def s_kafka_py():
    s = rs(64, B64)
    return ("py-confluent-kafka-conf-sasl",
            "conf = {\n    \"bootstrap.servers\": \"pkc-%s.%s.aws.confluent.cloud:9092\",\n    \"security.protocol\": \"SASL_SSL\",\n    \"sasl.mechanisms\": \"PLAIN\",\n    \"sasl.username\": \"%s\",\n    \"sasl.password\": \"%s\",\n}" % (
                rs(5, B36L), pick(REGIONS), rs(16, UPP + DIG), s), s, "bootstrap.servers")


@reg("source-code")
def s_snowflake_connect():
    pw = human_pw()
    return ("py-snowflake-connector-password",
            "conn = snowflake.connector.connect(\n    account=\"%s-%s\",\n    user=\"ETL_SVC\",\n    password=\"%s\",\n    warehouse=\"LOAD_WH\",\n)" % (
                rs(7, UPP), rs(7, UPP), pw), pw, "snowflake.connector")


@reg("source-code")
def s_airflow_dag_conn():
    pw = url_pw(18)
    return ("airflow-dag-hardcoded-conn-uri",
            "with DAG(\"nightly_export\", schedule=\"0 2 * * *\", catchup=False) as dag:\n    export = PostgresOperator(\n        task_id=\"export\",\n        postgres_conn_id=\"warehouse\",\n        sql=\"sql/export.sql\",\n    )\n# os.environ[\"AIRFLOW_CONN_WAREHOUSE\"] = \"postgresql://etl:%s@%s:5432/dw\"" % (
                pw, pg_host()), pw, "nightly_export")


@reg("source-code")
def s_cypress_login():
    pw = human_pw()
    return ("cypress-login-type-password",
            "it('logs in as staging admin', () => {\n  cy.visit('/login');\n  cy.get('[name=email]').type('admin@%s.com');\n  cy.get('[name=password]').type('%s', { log: false });\n  cy.contains('Dashboard');\n});" % (
                pick(ORGS), pw), pw, "cy.visit")


@reg("source-code")
def s_playwright_fill():
    pw = human_pw()
    return ("playwright-fill-password",
            "await page.getByLabel('Email').fill('qa+%s@%s.com');\nawait page.getByLabel('Password').fill('%s');\nawait page.getByRole('button', { name: 'Sign in' }).click();" % (
                pick(WORDS), pick(ORGS), pw), pw, "getByRole")


@reg("source-code")
def s_selenium():
    pw = human_pw()
    return ("py-selenium-send-keys-password",
            "driver.find_element(By.ID, \"username\").send_keys(\"ops\")\ndriver.find_element(By.ID, \"password\").send_keys(\"%s\")\ndriver.find_element(By.CSS_SELECTOR, \"button[type=submit]\").click()" % pw,
            pw, "find_element")


@reg("source-code")
def s_k6():
    v = TOKBY["jwt-hs-secret"]["gen"]()
    return ("k6-script-params-header",
            "export default function () {\n  const params = { headers: { Authorization: `Bearer %s` } };\n  http.get(`${BASE}/api/orders`, params);\n}" % v,
            v, "export default function")


@reg("source-code")
def s_basic_b64_code():
    b = b64s("%s:%s" % (pick(["integration", "svc_sync", "reporting"]), strong_pw(18, "-_!")))
    return ("js-basic-auth-header-literal",
            "const AUTH = \"Basic %s\";\nawait fetch(url, { headers: { Authorization: AUTH } });" % b, b, "await fetch")


@reg("source-code")
def s_aes_key_hex():
    v = hx(64)
    return ("node-aes-key-hex-buffer",
            "const ENCRYPTION_KEY = Buffer.from(\"%s\", \"hex\"); // 32 bytes\nconst IV_LENGTH = 12;" % v, v, "IV_LENGTH")


@reg("source-code")
def s_fernet_py():
    v = b64u_np(rbytes(32)) + "="
    return ("py-fernet-literal-key", "from cryptography.fernet import Fernet\n\nf = Fernet(b\"%s\")" % v, v, "cryptography.fernet")


@reg("source-code")
def s_apns_p8_ts():
    b = b64of(ec_pkcs8_der())
    esc = "\\n".join(b[i:i + 64] for i in range(0, len(b), 64))
    return ("ts-apns-p8-inline-escaped",
            "const apnProvider = new apn.Provider({\n  token: {\n    key: \"-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\",\n    keyId: \"%s\",\n    teamId: \"%s\",\n  },\n  production: true,\n});" % (
                esc, rs(10, UPP + DIG), rs(10, UPP + DIG)), esc, "apn.Provider")


@reg("source-code")
def s_sql_create_user():
    pw = human_pw()
    return ("sql-migration-create-role-password",
            "-- migrations/20240611_create_reporting_role.sql\nCREATE ROLE reporting LOGIN PASSWORD '%s';\nGRANT SELECT ON ALL TABLES IN SCHEMA public TO reporting;" % pw,
            pw, "GRANT SELECT")


@reg("source-code")
def s_mysql_identified():
    pw = human_pw()
    return ("sql-mysql-create-user-identified-by",
            "CREATE USER 'metabase'@'%%' IDENTIFIED BY '%s';\nGRANT SELECT ON shop.* TO 'metabase'@'%%';" % pw, pw, "GRANT SELECT")


@reg("source-code")
def s_mongo_create_user():
    pw = human_pw()
    return ("mongo-shell-createuser-pwd",
            "db.getSiblingDB(\"admin\").createUser({\n  user: \"reporting\",\n  pwd: \"%s\",\n  roles: [{ role: \"read\", db: \"app\" }]\n});" % pw,
            pw, "createUser")


@reg("source-code")
def s_rn_config():
    t, v = tok()
    return ("react-native-config-fallback-" + t["key"],
            "import Config from 'react-native-config';\n\nexport const %s = Config.%s ?? '%s';" % (camel(t["env"]), t["env"], v), v, "react-native-config")


@reg("source-code")
def s_next_config_env():
    t, v = tok()
    return ("next-config-env-block-" + t["key"],
            "/** @type {import('next').NextConfig} */\nconst nextConfig = {\n  reactStrictMode: true,\n  env: {\n    %s: \"%s\",\n  },\n};\nmodule.exports = nextConfig;" % (t["env"], v),
            v, "reactStrictMode")


@reg("source-code")
def s_nestjs_module():
    t, v = tok()
    return ("nestjs-module-forroot-" + t["key"],
            "@Module({\n  imports: [\n    %sModule.forRoot({\n      apiKey: '%s',\n      isGlobal: true,\n    }),\n  ],\n})\nexport class AppModule {}" % (
                vendor_word(t), v), v, "forRoot")


@reg("source-code")
def s_fastapi_dep():
    v = rs(40, B64U)
    return ("fastapi-api-key-header-compare",
            "API_KEY = \"%s\"\n\nasync def require_key(x_api_key: str = Header(...)):\n    if not secrets.compare_digest(x_api_key, API_KEY):\n        raise HTTPException(status_code=401)" % v,
            v, "HTTPException")


@reg("source-code")
def s_elixir_config():
    pw = human_pw()
    return ("elixir-repo-config-password",
            "config :%s, %s.Repo,\n  username: \"postgres\",\n  password: \"%s\",\n  hostname: \"localhost\",\n  database: \"%s_prod\"" % (
                pick(ORGS), pick(ORGS).capitalize(), pw, pick(ORGS)), pw, "hostname")


@reg("source-code")
def s_postman_prerequest():
    v = TOKBY["jwt-hs-secret"]["gen"]()
    return ("postman-prerequest-script-set",
            "// Pre-request Script\npm.environment.set(\"accessToken\", \"%s\");\npm.request.headers.add({ key: \"X-Client\", value: \"postman\" });" % v,
            v, "pm.environment.set")


@reg("source-code")
def s_vite_define():
    t, v = tok()
    return ("vite-config-define-literal-" + t["key"],
            "export default defineConfig({\n  plugins: [react()],\n  define: {\n    'import.meta.env.%s': JSON.stringify('%s'),\n  },\n});" % (t["env"], v),
            v, "defineConfig")


@reg("source-code")
def s_gradle_kts_buildconfig():
    t, v = tok()
    return ("gradle-kts-buildconfigfield-" + t["key"],
            "defaultConfig {\n    applicationId = \"com.%s.app\"\n    buildConfigField(\"String\", \"%s\", \"\\\"%s\\\"\")\n}" % (pick(ORGS), t["env"], v),
            v, "applicationId")


# =============================================================== stack-trace-or-log

@reg("stack-trace-or-log")
def l_json_outgoing():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    rec = {"level": "debug", "time": ts(), "service": pick(SVCS), "msg": "outgoing request", "method": "GET",
           "url": t["url"], "headers": {name.lower(): val, "user-agent": "undici"}}
    return ("json-log-outgoing-headers-" + t["key"], json.dumps(rec), v, "outgoing request")


@reg("stack-trace-or-log")
def l_axios_error():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    return ("axios-error-config-dump-" + t["key"],
            "AxiosError: Request failed with status code 401\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n    at IncomingMessage.handleStreamEnd (/app/node_modules/axios/lib/adapters/http.js:589:11) {\n  code: 'ERR_BAD_REQUEST',\n  config: {\n    url: '%s',\n    method: 'get',\n    headers: Object [AxiosHeaders] {\n      Accept: 'application/json, text/plain, */*',\n      '%s': '%s'\n    },\n    timeout: 10000\n  }" % (
                t["url"], name, val), v, "ERR_BAD_REQUEST")


@reg("stack-trace-or-log")
def l_requests_httperror():
    t, v = tok()
    host = pick(["api.%s.io" % vendor_word(t).lower(), "rest.%s.com" % vendor_word(t).lower()])
    return ("py-requests-httperror-query-key-" + t["key"],
            "Traceback (most recent call last):\n  File \"/app/jobs/sync.py\", line %d, in run\n    resp.raise_for_status()\n  File \"/usr/local/lib/python3.12/site-packages/requests/models.py\", line 1024, in raise_for_status\n    raise HTTPError(http_error_msg, response=self)\nrequests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://%s/v2/items?page=3&api_key=%s" % (
                lineno(), host, v), v, "raise_for_status")


@reg("stack-trace-or-log")
def l_logfmt():
    t, v = tok()
    return ("logfmt-line-" + t["key"],
            "time=%s level=debug msg=\"vendor client init\" component=%s %s=%s retries=3" % (ts(), vendor_word(t).lower(), env_lower(t), v),
            v, "vendor client init")


@reg("stack-trace-or-log")
def l_nginx_access():
    t, v = tok()
    return ("nginx-access-log-query-token-" + t["key"],
            "%s - - [%02d/Jun/2024:%s:%02d +0000] \"GET /api/v1/export?format=csv&token=%s HTTP/1.1\" 200 48213 \"-\" \"python-requests/2.31.0\"" % (
                ipv4(), num(1, 28), hhmm(), num(0, 59), v), v, "python-requests")


@reg("stack-trace-or-log")
def l_rails_params():
    t, v = tok()
    return ("rails-log-parameters-unfiltered-" + t["key"],
            "Started POST \"/api/integrations\" for %s at %s +0000\nProcessing by Api::IntegrationsController#create as JSON\n  Parameters: {\"provider\"=>\"%s\", \"credentials\"=>{\"access_token\"=>\"%s\"}, \"integration\"=>{\"provider\"=>\"%s\"}}" % (
                ipv4(), ts_plain(), vendor_word(t).lower(), v, vendor_word(t).lower()), v, "IntegrationsController#create")


@reg("stack-trace-or-log")
def l_go_panic_struct():
    t, v = tok()
    return ("go-panic-struct-print-" + t["key"],
            "panic: vendor client: unexpected status 500\n\ngoroutine 1 [running]:\nmain.mustInit(...)\n\t/src/cmd/server/main.go:%d\ncfg=&config.Vendor{BaseURL:\"%s\", APIKey:\"%s\", Timeout:5000000000}\nexit status 2" % (
                lineno(), t["url"].split("/v")[0], v), v, "goroutine 1")


@reg("stack-trace-or-log")
def l_rust_debug():
    t, v = tok()
    return ("rust-debug-config-struct-" + t["key"],
            "[2024-%02d-%02dT%s:11Z DEBUG api::config] loaded Config { bind: 0.0.0.0:8080, database_max_conns: 10, %s: \"%s\", log_json: true }" % (
                num(1, 12), num(1, 28), hhmm(), env_lower(t), v), v, "database_max_conns")


@reg("stack-trace-or-log")
def l_rich_locals():
    t, v = tok()
    return ("py-rich-traceback-locals-" + t["key"],
            "│ /app/app/clients/%s.py:%d in fetch_page                                   │\n│ ╭──────────────── locals ────────────────╮                              │\n│ │   api_key = '%s' │\n│ │      page = 4                                 │\n│ │  response = <Response [429]>                  │\n│ ╰────────────────────────────────────────╯                              │\nRateLimitError: too many requests" % (
                vendor_word(t).lower(), lineno(), v), v, "RateLimitError")


@reg("stack-trace-or-log")
def l_celery_args():
    t, v = tok()
    return ("celery-task-received-args-" + t["key"],
            "[%s,%03d: INFO/MainProcess] Task integrations.tasks.sync_account[%s] received\n[%s,%03d: ERROR/ForkPoolWorker-3] Task integrations.tasks.sync_account[%s] raised unexpected: AuthError('invalid credentials') args=(%d, '%s')" % (
                ts_plain(), num(0, 999), uuid4(), ts_plain(), num(0, 999), uuid4(), num(1, 9999), v), v, "ForkPoolWorker")


@reg("stack-trace-or-log")
def l_datadog_escaped():
    t, v = tok()
    inner = json.dumps({"event": "webhook_config", "payload": json.dumps({"provider": vendor_word(t).lower(), "secret": v})})
    return ("json-log-escaped-inner-json-" + t["key"],
            "%s INFO %s %s" % (ts(), pick(SVCS), inner), v, "webhook_config")


@reg("stack-trace-or-log")
def l_sidekiq():
    t, v = tok()
    return ("sidekiq-job-args-log-" + t["key"],
            "%s pid=%d tid=%s class=SyncShopJob jid=%s INFO: start\n%s pid=%d tid=%s class=SyncShopJob jid=%s elapsed=0.412 INFO: fail: ArgumentError args=[%d, \"%s\"]" % (
                ts(), num(1, 99), rs(4, B36L), hx(24), ts(), num(1, 99), rs(4, B36L), hx(24), num(1, 999), v), v, "SyncShopJob")


@reg("stack-trace-or-log")
def l_okhttp():
    t, v = http_tok()
    return ("android-okhttp-logging-interceptor-" + t["key"],
            "I/okhttp.OkHttpClient: --> GET %s\nI/okhttp.OkHttpClient: %s\nI/okhttp.OkHttpClient: --> END GET\nI/okhttp.OkHttpClient: <-- 200 %s (%dms)" % (
                t["url"], t["hdr"] % v, t["url"], num(80, 900)), v, "okhttp.OkHttpClient")


@reg("stack-trace-or-log")
def l_spring_webclient():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    return ("spring-webclient-debug-headers-" + t["key"],
            "%s DEBUG 1 --- [ctor-http-nio-3] o.s.w.r.f.client.ExchangeFunctions       : [%s] HTTP GET %s, headers=[%s:\"%s\", Accept:\"application/json\"]" % (
                ts_plain(), hx(8), t["url"], name, val), v, "ExchangeFunctions")


@reg("stack-trace-or-log")
def l_vercel_fn():
    t, v = tok()
    return ("vercel-function-log-env-" + t["key"],
            "%s  λ  POST /api/checkout  500\n[Error: upstream rejected request] { status: 401, keyUsed: '%s' }" % (ts(), v), v, "/api/checkout")


@reg("stack-trace-or-log")
def l_cloudwatch():
    t, v = tok()
    return ("cloudwatch-lambda-init-log-" + t["key"],
            "%s\tINIT_START Runtime Version: nodejs:20.v22\n%s\t%s\tINFO\tconfig loaded { stage: 'prod', %s: '%s' }\nEND RequestId: %s" % (
                ts(), ts(), uuid4(), camel(t["env"]), v, uuid4()), v, "INIT_START")


@reg("stack-trace-or-log")
def l_django_debug_dict():
    t, v = tok()
    return ("django-debug-page-settings-dict-" + t["key"],
            "Settings\nUsing settings module config.settings.staging\nSetting\tValue\nALLOWED_HOSTS\t['.%s.dev']\nAUTH_USER_MODEL\t'accounts.User'\nAPI_KEY\t'********************'\nVENDOR_ACCOUNTS\t{'%s': {'live': '%s', 'region': 'eu'}}" % (
                pick(ORGS), vendor_word(t).lower(), v), v, "AUTH_USER_MODEL")


@reg("stack-trace-or-log")
def l_ignition_env():
    t, v = tok()
    return ("laravel-ignition-env-table-" + t["key"],
            "Illuminate\\Http\\Client\\RequestException\nHTTP request returned status code 401\n\nEnvironment\nAPP_ENV      staging\nAPP_DEBUG    true\n%s    %s\nLOG_CHANNEL  stack" % (
                t["env"], v), v, "LOG_CHANNEL")


@reg("stack-trace-or-log")
def l_sentry_event():
    t, v = http_tok()
    name, _, val = (t["hdr"] % v).partition(": ")
    body = json.dumps({"event_id": hx(32), "level": "error", "request": {"url": "https://app.%s.com/api/proxy" % pick(ORGS),
                                                                         "method": "POST", "headers": [[name, val], ["Host", "app.%s.com" % pick(ORGS)]]}})
    return ("sentry-event-request-headers-" + t["key"], "Sentry event JSON (excerpt):\n" + body, v, "event_id")


@reg("stack-trace-or-log")
def l_k8s_pod_log():
    t, v = tok()
    return ("kubectl-logs-startup-dump-" + t["key"],
            "$ kubectl logs deploy/%s -n %s --tail=5\nstarting %s v%d.%d.%d\nenv: NODE_ENV=production PORT=8080 %s=%s\nlistening on :8080" % (
                pick(SVCS), ns(), pick(SVCS), num(1, 5), num(0, 40), num(0, 9), t["env"], v), v, "listening on")


# ---- fixed logs

@reg("stack-trace-or-log")
def l_node_pg_error():
    pw = url_pw(20)
    return ("node-pg-error-connection-string-in-message",
            "Error: getaddrinfo ENOTFOUND %s\n    at GetAddrInfoReqWrap.onlookup [as oncomplete] (node:dns:107:26) {\n  errno: -3008,\n  code: 'ENOTFOUND',\n  syscall: 'getaddrinfo',\n  connectionString: 'postgres://app:%s@%s:5432/app'\n}" % (
                pg_host(), pw, pg_host()), pw, "ENOTFOUND")


@reg("stack-trace-or-log")
def l_mongo_uri_error():
    pw = url_pw(16)
    return ("mongo-server-selection-error-uri",
            "MongoServerSelectionError: connection <monitor> to %s:27017 closed\n    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38)\n  uri: 'mongodb://app:%s@mongo-0.mongo:27017,mongo-1.mongo:27017/app?replicaSet=rs0'" % (
                ipv4(), pw), pw, "MongoServerSelectionError")


@reg("stack-trace-or-log")
def l_redis_options_dump():
    pw = rs(32, B62)
    return ("ioredis-error-options-dump",
            "[ioredis] Unhandled error event: Error: connect ETIMEDOUT\n    at Socket.<anonymous> (/app/node_modules/ioredis/built/Redis.js:170:41)\n  options: { host: '%s', port: 6379, password: '%s', db: 2, tls: {} }" % (
                ipv4(), pw), pw, "ETIMEDOUT")


@reg("stack-trace-or-log")
def l_spring_jdbc_url():
    pw = human_pw_url()
    return ("spring-boot-startup-jdbc-url-password",
            "%s  INFO 1 --- [main] com.zaxxer.hikari.HikariDataSource       : HikariPool-1 - Starting...\n%s ERROR 1 --- [main] o.s.b.d.LoggingFailureAnalysisReporter   : Failed to connect to jdbc:postgresql://%s:5432/orders?user=orders&password=%s&ssl=true" % (
                ts_plain(), ts_plain(), pg_host(), pw), pw, "HikariPool-1")


@reg("stack-trace-or-log")
def l_airflow_get_uri():
    pw = url_pw(18)
    return ("airflow-task-log-conn-uri",
            "[%s] {taskinstance.py:1159} INFO - Dependencies all met for <TaskInstance: nightly_export.export scheduled__2024-06-01T02:00:00+00:00 [queued]>\n[%s] {export.py:42} INFO - Connecting with postgresql://etl:%s@%s:5432/dw" % (
                ts_plain(), ts_plain(), pw, pg_host()), pw, "Dependencies all met")


@reg("stack-trace-or-log")
def l_docker_build_arg():
    v = "npm_" + rs(36)
    return ("docker-build-log-arg-value",
            "#7 [deps 3/5] RUN echo \"//registry.npmjs.org/:_authToken=%s\" > .npmrc && pnpm install --frozen-lockfile\n#7 2.114 Lockfile is up to date, resolution step is skipped\n#7 9.870 Progress: resolved 1482, reused 0, downloaded 1482, added 1482, done" % v,
            v, "frozen-lockfile")


@reg("stack-trace-or-log")
def l_git_fatal_url():
    v = "ghp_" + rs(36)
    return ("git-fatal-unable-to-access-cred-url",
            "fatal: unable to access 'https://%s:%s@github.com/%s/%s.git/': The requested URL returned error: 403" % (
                pick(PEOPLE).lower(), v, pick(ORGS), pick(SVCS)), v, "unable to access")


@reg("stack-trace-or-log")
def l_pydantic_repr():
    pw = url_pw(22)
    return ("pydantic-settings-repr-startup",
            "INFO:     Started server process [%d]\nINFO:     settings=Settings(env='prod', database_url='postgresql://api:%s@%s:5432/api', redis_url='redis://cache:6379/0', debug=False)" % (
                num(1, 999), pw, pg_host()), pw, "Started server process")


@reg("stack-trace-or-log")
def l_uvicorn_ws_token():
    v = jwt({"sub": digits(6), "sid": uuid4(), "exp": int(epoch()), "scope": "realtime"})
    return ("uvicorn-access-log-ws-token",
            "INFO:     %s:%d - \"WebSocket /ws?token=%s\" [accepted]\nINFO:     connection open" % (ipv4(), num(30000, 65000), v), v, "connection open")


@reg("stack-trace-or-log")
def l_reset_token():
    v = rs(20, B62 + "-_")
    return ("devise-mailer-log-reset-password-token",
            "[ActionMailer] Delivered mail %s@%s.mail (%.1fms)\nDate: Tue, 11 Jun 2024 09:14:02 +0000\nTo: %s@example.com\nSubject: Reset password instructions\n<p><a href=\"https://app.%s.com/users/password/edit?reset_password_token=%s\">Change my password</a></p>" % (
                hx(24), pick(ORGS), num(10, 900) / 10.0, pick(PEOPLE).lower(), pick(ORGS), v), v, "Reset password instructions")


@reg("stack-trace-or-log")
def l_magic_link():
    v = rs(43, B64U)
    return ("magic-link-email-log-token",
            "%s info [mailer] sent magic link to %s@%s.com url=https://app.%s.com/auth/verify?token=%s&email=%s%%40%s.com" % (
                ts(), pick(PEOPLE).lower(), pick(ORGS), pick(ORGS), v, pick(PEOPLE).lower(), pick(ORGS)), v, "sent magic link")


@reg("stack-trace-or-log")
def l_spring_generated_pw():
    v = uuid4()
    return ("spring-security-generated-password",
            "%s  WARN 31337 --- [  restartedMain] .s.s.UserDetailsServiceAutoConfiguration :\n\nUsing generated security password: %s\n\nThis generated password is for development use only. Your security configuration must be updated before running your application in production." % (
                ts_plain(), v), v, "development use only")


@reg("stack-trace-or-log")
def l_jenkins_initial():
    v = hx(32)
    return ("jenkins-initial-admin-password-log",
            "*************************************************************\n\nJenkins initial setup is required. An admin user has been created and a password generated.\nPlease use the following password to proceed to installation:\n\n%s\n\nThis may also be found at: /var/jenkins_home/secrets/initialAdminPassword\n\n*************************************************************" % v,
            v, "initialAdminPassword")


@reg("stack-trace-or-log")
def l_elastic_first_start():
    v = rs(20, B62 + "*_=-")
    return ("elasticsearch-first-start-elastic-password",
            "✅ Elasticsearch security features have been automatically configured!\n✅ Authentication is enabled and cluster connections are encrypted.\n\nℹ️  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  %s\n\nℹ️  HTTP CA certificate SHA-256 fingerprint:\n  %s" % (
                v, hx(64)), v, "HTTP CA certificate")


@reg("stack-trace-or-log")
def l_elastic_enroll():
    v = b64s(json.dumps({"ver": "8.14.0", "adr": ["172.18.0.2:9200"], "fgr": hx(64), "key": rs(20, B64U) + ":" + rs(22, B64U)},
                        separators=(",", ":")))
    return ("elasticsearch-kibana-enrollment-token",
            "ℹ️  Configure Kibana to use this cluster:\n• Run Kibana and click the configuration link in the terminal when Kibana starts.\n• Copy the following enrollment token and paste it into Kibana in your browser (valid for the next 30 minutes):\n  %s" % v,
            v, "Configure Kibana")


@reg("stack-trace-or-log")
def l_airflow_standalone():
    v = rs(16, B62)
    return ("airflow-standalone-admin-password",
            "standalone | Airflow is ready\nstandalone | Login with username: admin  password: %s\nstandalone | Airflow Standalone is for development purposes only. Do not use this in production!" % v,
            v, "Airflow is ready")


@reg("stack-trace-or-log")
def l_jupyter_token():
    v = hx(48)
    return ("jupyter-server-url-token",
            "[I %s ServerApp] Jupyter Server 2.14.0 is running at:\n[I %s ServerApp] http://127.0.0.1:8888/lab?token=%s\n[I %s ServerApp]     http://127.0.0.1:8888/lab" % (
                ts_plain(), ts_plain(), v, ts_plain()), v, "Jupyter Server")


@reg("stack-trace-or-log")
def l_minio_rootpass():
    pw = rs(24, B62)
    return ("minio-startup-root-credentials",
            "MinIO Object Storage Server\nCopyright: 2015-2024 MinIO, Inc.\nAPI: http://172.19.0.3:9000  http://127.0.0.1:9000\n   RootUser: %s-admin\n   RootPass: %s\nConsole: http://172.19.0.3:9001 http://127.0.0.1:9001" % (
                pick(ORGS), pw), pw, "MinIO Object Storage Server")


@reg("stack-trace-or-log")
def l_php_trace_args():
    pw = human_pw()
    return ("php-stack-trace-pdo-construct-args",
            "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/app/src/Db.php:%d\nStack trace:\n#0 /var/www/app/src/Db.php(%d): PDO->__construct('mysql:host=10.0....', 'shop', '%s', Array)\n#1 /var/www/app/public/index.php(12): App\\Db::connect()\n#2 {main}" % (
                lineno(), lineno(), pw), pw, "PDOException")


@reg("stack-trace-or-log")
def l_py_trace_source_line():
    v = hx(32)
    return ("py-traceback-source-line-literal",
            "Traceback (most recent call last):\n  File \"/srv/app/notify.py\", line 9, in <module>\n    client = Client(\"AC%s\", \"%s\")\n  File \"/srv/app/.venv/lib/python3.11/site-packages/twilio/rest/__init__.py\", line 54, in __init__\ntwilio.base.exceptions.TwilioException: Credentials are required to create a TwilioClient" % (
                hx(32), v), v, "TwilioException")


@reg("stack-trace-or-log")
def l_dotnet_connstr_log():
    pw = strong_pw(18, "!#-_")
    return ("dotnet-log-using-connection-string",
            "info: Program[0]\n      Using connection string Server=tcp:%s-sql.database.windows.net,1433;Database=app;User Id=app;Password=%s;\nfail: Microsoft.EntityFrameworkCore.Database.Connection[20004]\n      An error occurred using the connection to database 'app' on server 'tcp:%s-sql.database.windows.net,1433'." % (
                pick(ORGS), pw, pick(ORGS)), pw, "EntityFrameworkCore")


@reg("stack-trace-or-log")
def l_rn_metro():
    v = jwt({"sub": uuid4(), "email": "%s@%s.com" % (pick(PEOPLE).lower(), pick(ORGS)), "exp": int(epoch()), "role": "authenticated"})
    return ("react-native-metro-log-session",
            " LOG  [auth] session restored {\"accessToken\": \"%s\", \"expiresIn\": 3600, \"tokenType\": \"bearer\"}" % v, v, "session restored")


@reg("stack-trace-or-log")
def l_flutter_print():
    v = TOKBY["firebase-fcm-server"]["gen"]()
    return ("flutter-console-print-server-key",
            "flutter: [push] sending with key=%s\nflutter: [push] response 401 Unauthorized" % v, v, "401 Unauthorized")


@reg("stack-trace-or-log")
def l_gha_log_unmasked():
    v = b64s("x-access-token:" + "ghs_" + rs(36))
    return ("gha-log-base64-unmasked",
            "2024-06-11T09:12:44.1200011Z ##[group]Run git config --global http.extraheader\n2024-06-11T09:12:44.1213402Z git config --global http.https://github.com/.extraheader \"AUTHORIZATION: basic %s\"\n2024-06-11T09:12:44.1290014Z ##[endgroup]" % v,
            v, "extraheader")


@reg("stack-trace-or-log")
def l_api_key_created():
    v = "sk_%s_" % pick(["live", "prod"]) + rs(32)
    return ("app-log-api-key-created",
            "%s INFO  [api-keys] created key id=ak_%s org=%d scopes=[read,write] value=%s" % (ts(), rs(12, B36L), num(10, 9999), v), v, "api-keys")


@reg("stack-trace-or-log")
def l_wrapped_token_log():
    t, v = tok()
    cut = len(v) // 2
    wrapped = v[:cut] + "\n" + v[cut:]
    return ("terminal-wrapped-log-line-" + t["key"],
            "%s DEBUG bootstrap: %s resolved from env (%s=%s)" % (ts_plain(), t["label"], t["env"], wrapped), wrapped, "bootstrap")


@reg("stack-trace-or-log")
def l_http_access_basic():
    b = b64s("%s:%s" % ("metrics", strong_pw(16, "-_")))
    return ("envoy-access-log-authorization-basic",
            "[%s] \"GET /metrics HTTP/1.1\" 200 - 0 48211 12 11 \"%s\" \"Prometheus/2.51.0\" \"%s\" \"%s:9090\" authorization=\"Basic %s\"" % (
                ts(), ipv4(), uuid4(), ipv4(), b), b, "Prometheus/2.51.0")


@reg("stack-trace-or-log")
def l_websocket_key():
    v = TOKBY["deepgram"]["gen"]()
    return ("browser-console-websocket-url-key",
            "WebSocket connection to 'wss://api.deepgram.com/v1/listen?model=nova-2&token=%s' failed: Error during WebSocket handshake: Unexpected response code: 401" % v,
            v, "WebSocket connection")


@reg("stack-trace-or-log")
def l_cookie_morgan():
    v = "s%3A" + rs(32, B64U) + "." + rs(43, B64)
    return ("express-log-cookie-header",
            "%s - GET /admin 302 4.211 ms - 28 cookie=\"connect.sid=%s; theme=dark\"" % (ipv4(), v), v, "GET /admin")


# =============================================================== note-or-chat (English)

def who():
    return pick(PEOPLE)


def day():
    return pick(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])


@reg("note-or-chat")
def n_session_goal():
    t, v = tok()
    return ("note-en-session-goal-" + t["key"],
            "Goal: get the %s integration working against staging.\nNotes so far:\n- staging uses %s=%s (copied from the team vault entry, not yet in Doppler)\n- webhook endpoint is /api/webhooks/%s\nNext: write the retry test, then open PR." % (
                vendor_word(t), t["env"], v, vendor_word(t).lower()), v, "Next:")


@reg("note-or-chat")
def n_slack_pw():
    pw = human_pw()
    return ("note-en-slack-summary-admin-password",
            "%s in #%s: new staging pw for the admin panel is %s (rotating %s). Use the ops@ account." % (
                who(), pick(["payments", "backend", "platform", "dev-chat"]), pw, day()), pw, "admin panel")


@reg("note-or-chat")
def n_pr_review_hardcoded():
    t, v = tok()
    return ("note-en-pr-review-flag-" + t["key"],
            "PR #%d review (%s): flagged that %s still has the live key hardcoded (%s). Asked to move it to env and rotate. Blocking until fixed." % (
                num(1000, 9999), who(), pick(["src/lib/client.ts", "app/services/billing.py", "internal/pay/pay.go"]), v), v, "Blocking until fixed")


@reg("note-or-chat")
def n_decision_shared_account():
    pw = human_pw()
    return ("note-en-decision-shared-sandbox-login",
            "Decision: keep using the shared sandbox account (qa@%s.com / %s) for e2e until SSO lands. Owner: %s." % (
                pick(ORGS), pw, who()), pw, "Decision:")


@reg("note-or-chat")
def n_todo_rotate():
    t, v = tok()
    return ("note-en-todo-rotate-" + t["key"],
            "- [ ] rotate %s (%s) - it was pasted into #dev-chat on %s\n- [ ] add secret scanning to pre-commit\n- [x] bump next to 14.2.3" % (
                t["label"], v, day()), v, "pre-commit")


@reg("note-or-chat")
def n_incident():
    t, v = tok()
    sha = hx(40)
    return ("note-en-incident-root-cause-" + t["key"],
            "Incident %s - summary\nImpact: ~%d min of failed %s calls.\nRoot cause: the %s `%s` was committed in .github/workflows/deploy.yml at %s and revoked by the vendor's scanner.\nFollow-up: move to repo secrets, add gitleaks to CI." % (
                "INC-%d" % num(100, 999), num(5, 90), vendor_word(t), t["label"], v, sha[:10]), v, "Follow-up")


@reg("note-or-chat")
def n_commit_msg():
    t, v = tok()
    p = who()
    return ("note-en-commit-message-body-" + t["key"],
            "commit %s\nAuthor: %s <%s@%s.com>\n\n    fix(%s): read key from env\n\n    Previously the client fell back to %s when %s was unset,\n    which meant local runs hit production." % (
                hx(40), p, p.lower(), pick(ORGS), vendor_word(t).lower(), v, t["env"]), v, "read key from env")


@reg("note-or-chat")
def n_db_creds_channel():
    pw = strong_pw(20, "-_!")
    return ("note-en-chat-db-creds-analytics",
            "@here DB creds for the analytics replica: user `analyst` / `%s` - host %s. Please don't share outside this channel." % (pw, pg_host()),
            pw, "analytics replica")


@reg("note-or-chat")
def n_handoff():
    pw = human_pw()
    return ("note-en-handoff-next-steps-retool",
            "Handoff for tomorrow:\n1. Re-run the failed backfill (job id %s).\n2. Log in to Retool with ops@%s.com / %s and fix the refunds query.\n3. Ping %s about the Stripe payout mismatch." % (
                uuid4()[:8], pick(ORGS), pw, who()), pw, "Handoff")


@reg("note-or-chat")
def n_wifi():
    pw = human_pw()
    return ("note-en-office-wifi-password",
            "Onsite in Lisbon next week - office wifi is %s-Guest, password %s. Badge pickup at reception." % (pick(ORGS).capitalize(), pw),
            pw, "Badge pickup")


@reg("note-or-chat")
def n_gpg_pass():
    pw = passphrase(" ", num(4, 6))
    return ("note-en-release-signing-passphrase",
            "Release signing: the GPG key passphrase is \"%s\" (from %s, stored nowhere else yet - move to 1Password)." % (pw, who()),
            pw, "Release signing")


@reg("note-or-chat")
def n_wrapped_note():
    t, v = tok()
    cut = num(len(v) // 3, 2 * len(v) // 3)
    w = v[:cut] + "\n" + v[cut:]
    return ("note-en-wrapped-token-" + t["key"],
            "%s sent the %s over DM, it wrapped in my notes:\n%s\n(verify it works with a read-only call first)" % (who(), t["label"], w),
            w, "read-only call")


@reg("note-or-chat")
def n_vendor_email():
    t, v = tok()
    return ("note-en-vendor-welcome-email-" + t["key"],
            "Forwarded by %s:\n> Welcome to %s! Your API key is %s\n> Keep it secret. You can regenerate it from Settings -> API.\nTODO: add to Doppler (prd) and delete this email." % (
                who(), vendor_word(t), v), v, "Keep it secret")


@reg("note-or-chat")
def n_dm_token():
    v = "ghp_" + rs(36)
    return ("note-en-dm-try-my-token",
            "%s: can you try the release script with my token? %s - it has repo + workflow scope, I'll revoke it after lunch" % (who(), v),
            v, "release script")


@reg("note-or-chat")
def n_new_pw_is():
    pw = human_pw()
    return ("note-en-chat-the-new-pw-is",
            "[%s] %s: the new pw is %s\n[%s] %s: thx, works" % (hhmm(), who(), pw, hhmm(), who()), pw, "thx, works")


@reg("note-or-chat")
def n_jira_comment():
    t, v = tok()
    return ("note-en-jira-comment-" + t["key"],
            "%s-%d comment by %s: Reproduced with the customer's key %s, the 403 comes from their IP allowlist, not our code." % (
                pick(["PAY", "CORE", "INT", "WEB"]), num(100, 4000), who(), v), v, "IP allowlist")


@reg("note-or-chat")
def n_meeting_notes():
    pw = human_pw()
    return ("note-en-meeting-notes-vendor-portal",
            "Sync w/ finance (%s):\n- payouts dashboard login for the vendor portal: finance@%s.com / %s\n- they need CSV export by the 15th\n- %s owns reconciliation" % (
                ts()[:10], pick(ORGS), pw, who()), pw, "reconciliation")


@reg("note-or-chat")
def n_standup():
    t, v = tok()
    return ("note-en-standup-update-" + t["key"],
            "Standup: yesterday wired up %s in the worker; it only works with the prod key right now (%s) because the sandbox is down. Today: tests + fallback." % (
                vendor_word(t), v), v, "Standup:")


@reg("note-or-chat")
def n_summary_conn():
    pw = url_pw(20)
    return ("note-en-summary-connection-string",
            "Summary: migration 0042 ran fine on staging. Used postgres://migrator:%s@%s:5432/app with --lock-timeout 5s. Prod run scheduled for %s." % (
                pw, pg_host(), day()), pw, "Summary:")


@reg("note-or-chat")
def n_pr_description():
    t, v = tok()
    return ("note-en-pr-description-testing-" + t["key"],
            "## Testing\n- ran `pnpm test` locally\n- manual check against staging with `%s=%s pnpm dev`\n- screenshots below" % (t["env"], v), v, "## Testing")


@reg("note-or-chat")
def n_postmortem_timeline():
    v = TOKBY["slack-xoxb"]["gen"]()
    return ("note-en-postmortem-timeline-bot-token",
            "Timeline (UTC)\n%s  bot token %s seen in public gist by GitHub secret scanning\n%s  token revoked, new one issued\n%s  alerts bot back online" % (
                hhmm(), v, hhmm(), hhmm()), v, "Timeline")


@reg("note-or-chat")
def n_customer_support():
    pw = human_pw()
    return ("note-en-support-ticket-customer-password",
            "Ticket #%d: customer says they can't log in, sent their password in the ticket (%s). Reset requested and asked support to scrub the ticket." % (
                num(10000, 99999), pw), pw, "Reset requested")


@reg("note-or-chat")
def n_pairing():
    t, v = tok()
    return ("note-en-pairing-notes-" + t["key"],
            "Pairing w/ %s: the flaky test was using a real key (%s) from the shared .env; switched it to a recorded cassette (vcr)." % (who(), v),
            v, "recorded cassette")


@reg("note-or-chat")
def n_decision_log():
    pw = strong_pw(24, "-_")
    return ("note-en-decision-log-break-glass",
            "ADR-%03d: break-glass DB user `bg_admin` created, password %s sealed in the envelope in the safe. Use only during Sev1." % (num(1, 60), pw),
            pw, "break-glass")


@reg("note-or-chat")
def n_quote_in_md():
    t, v = tok()
    return ("note-en-markdown-code-span-" + t["key"],
            "**Note:** local `.env` needs `%s=%s` or the dev server crashes on boot." % (t["env"], v), v, "**Note:**")


@reg("note-or-chat")
def n_voice_call():
    pw = passphrase("-", 3) + "-" + str(num(10, 99))
    return ("note-en-call-notes-vpn-passphrase",
            "Call with %s: VPN profile passphrase is %s, expires end of month. IT will send the new .ovpn." % (who(), pw), pw, "IT will send")


@reg("note-or-chat")
def n_thread_summary():
    v = TOKBY["openai-sk-proj"]["gen"]()
    return ("note-en-thread-summary-llm-key",
            "Thread summary (#ml-infra): %s shared a temporary project key for the eval run (%s); budget cap $50, delete after Friday." % (who(), v),
            v, "budget cap")


# =============================================================== note-or-chat (other languages)

@reg("note-or-chat")
def n_de_pw():
    pw = human_pw()
    return ("note-de-chat-staging-passwort",
            "Hab mit %s gesprochen: das neue Passwort für den Staging-Admin ist %s – bitte nicht ins Wiki kopieren." % (who(), pw), pw, "Staging-Admin")


@reg("note-or-chat")
def n_de_token():
    t, v = tok()
    return ("note-de-notiz-bastion-env-" + t["key"],
            "Notiz: %s für Prod liegt jetzt in der .env auf dem Bastion-Host (%s=%s). Rotation ist für nächste Woche geplant." % (
                t["label"], t["env"], v), v, "Rotation")


@reg("note-or-chat")
def n_de_db():
    pw = url_pw(18)
    return ("note-de-todo-replika-zugangsdaten",
            "TODO: Zugangsdaten der Replika-DB ändern, aktuell postgres://readonly:%s@%s:5432/analytics – läuft noch über den alten Jumphost." % (
                pw, pg_host()), pw, "Zugangsdaten")


@reg("note-or-chat")
def n_fr_pw():
    pw = human_pw()
    return ("note-fr-chat-mot-de-passe-demo",
            "%s m'a envoyé le mot de passe du compte de démo sur Slack : %s (à changer après la démo client de jeudi)." % (who(), pw), pw, "compte de démo")


@reg("note-or-chat")
def n_fr_token():
    t, v = tok()
    return ("note-fr-decision-cle-actuelle-" + t["key"],
            "Décision : on garde la clé %s actuelle (%s) jusqu'à la migration vers Vault, prévue au sprint prochain." % (t["label"], v), v, "Décision")


@reg("note-or-chat")
def n_fr_webhook():
    s = rs(24)
    return ("note-fr-passation-webhook-slack",
            "Note de passation — le webhook Slack de l'équipe est https://hooks.slack.com/services/T0%s/B0%s/%s, ne surtout pas le commiter." % (
                rs(8, UPP + DIG), rs(9, UPP + DIG), s), s, "Note de passation")


@reg("note-or-chat")
def n_es_pw():
    pw = human_pw()
    return ("note-es-chat-contrasena-admin",
            "Según %s, la contraseña nueva del panel de admin en staging es %s. La cambian otra vez el viernes." % (who(), pw), pw, "panel de admin")


@reg("note-or-chat")
def n_es_token():
    t, v = tok()
    return ("note-es-pendiente-rotar-" + t["key"],
            "Pendiente: rotar el token de %s: %s — quedó pegado en el canal #backend ayer por la tarde." % (vendor_word(t), v), v, "Pendiente")


@reg("note-or-chat")
def n_es_mysql():
    pw = human_pw()
    return ("note-es-nota-replica-mysql",
            "Nota: para conectarse a la réplica usar mysql -u lectura -p'%s' -h %s-replica.internal (solo lectura)." % (pw, pick(SVCS)), pw, "solo lectura")


@reg("note-or-chat")
def n_pt_pw():
    pw = human_pw()
    return ("note-pt-chat-senha-homologacao",
            "O %s passou a senha do banco de homologação: %s (vale até sexta, depois ele troca)." % (who(), pw), pw, "homologação")


@reg("note-or-chat")
def n_pt_token():
    t, v = tok()
    return ("note-pt-proximos-passos-vazou-" + t["key"],
            "Próximos passos: trocar a chave %s (%s) que vazou no log do CI e avisar o time de segurança." % (vendor_word(t), v), v, "Próximos passos")


@reg("note-or-chat")
def n_pt_commit():
    t, v = tok()
    return ("note-pt-mensagem-commit-" + t["key"],
            "fix: remove chave fixa do cliente %s\n\nA chave %s estava no código desde o commit %s; agora vem da variável %s." % (
                vendor_word(t), v, hx(7), t["env"]), v, "remove chave fixa")


@reg("note-or-chat")
def n_ja_pw():
    pw = human_pw()
    return ("note-ja-share-staging-password",
            "%sさんから共有: ステージング管理画面のパスワードは %s です。金曜にローテーション予定。" % (who(), pw), pw, "ローテーション予定")


@reg("note-or-chat")
def n_ja_token():
    t, v = tok()
    return ("note-ja-memo-hardcoded-env-" + t["key"],
            "メモ: %s を一時的に .env に直書きした (%s=%s)。後で Secrets Manager に移すこと。" % (t["label"], t["env"], v), v, "Secrets Manager")


@reg("note-or-chat")
def n_ja_incident():
    t, v = tok()
    return ("note-ja-incident-ci-log-" + t["key"],
            "障害報告: 本番の %s (%s) が CI ログに出力されていた。ベンダー側で失効済み、再発行した。" % (vendor_word(t), v), v, "障害報告")


@reg("note-or-chat")
def n_zh_pw():
    pw = human_pw()
    return ("note-zh-group-chat-test-password",
            "%s 在群里说测试环境后台的新密码是 %s，周五前别外传。" % (who(), pw), pw, "测试环境")


@reg("note-or-chat")
def n_zh_token():
    t, v = tok()
    return ("note-zh-beizhu-hardcoded-" + t["key"],
            "备注：%s 先写死在配置里了：%s，上线前要移到 KMS。" % (vendor_word(t), v), v, "上线前")


@reg("note-or-chat")
def n_zh_review():
    t, v = tok()
    return ("note-zh-postmortem-public-repo-" + t["key"],
            "事故复盘：%s 密钥 %s 被提交到了公开仓库，已联系厂商吊销并更换。" % (vendor_word(t), v), v, "事故复盘")


@reg("note-or-chat")
def n_ru_pw():
    pw = human_pw()
    return ("note-ru-chat-admin-parol",
            "%s скинул в чат новый пароль от админки стейджинга: %s" % (who(), pw), pw, "админки")


@reg("note-or-chat")
def n_ru_token():
    t, v = tok()
    return ("note-ru-zametka-prod-key-" + t["key"],
            "Заметка: ключ %s для прода — %s, потом перенести в Vault и отозвать этот." % (vendor_word(t), v), v, "Заметка")


@reg("note-or-chat")
def n_ru_db():
    pw = url_pw(20)
    return ("note-ru-todo-smenit-parol-bd",
            "TODO: сменить пароль БД, сейчас строка подключения postgres://app:%s@%s:5432/app" % (pw, pg_host()), pw, "сменить пароль")


@reg("note-or-chat")
def n_it_pw():
    pw = human_pw()
    return ("note-it-chat-password-account-test",
            "%s mi ha girato la password dell'account di test: %s (valida fino al rilascio)." % (who(), pw), pw, "account di test")


@reg("note-or-chat")
def n_it_token():
    t, v = tok()
    return ("note-it-nota-chiave-produzione-" + t["key"],
            "Nota: la chiave %s di produzione è %s, da ruotare dopo il rilascio di giovedì." % (vendor_word(t), v), v, "da ruotare")


@reg("note-or-chat")
def n_nl_pw():
    pw = human_pw()
    return ("note-nl-chat-wachtwoord-staging",
            "%s zei in het kanaal dat het nieuwe wachtwoord voor de staging-admin %s is." % (who(), pw), pw, "wachtwoord")


@reg("note-or-chat")
def n_nl_token():
    t, v = tok()
    return ("note-nl-notitie-hardcoded-" + t["key"],
            "Notitie: %s staat tijdelijk hardcoded in de config (%s); vóór de release verplaatsen naar de secret store." % (t["label"], v), v, "Notitie")


@reg("note-or-chat")
def n_pl_pw():
    pw = human_pw()
    return ("note-pl-chat-haslo-panel-admina",
            "%s podesłał hasło do panelu admina na stagingu: %s" % (who(), pw), pw, "panelu admina")


@reg("note-or-chat")
def n_pl_token():
    t, v = tok()
    return ("note-pl-notatka-wyciek-ci-" + t["key"],
            "Notatka: klucz %s (%s) wyciekł w logach CI, trzeba go unieważnić i wygenerować nowy." % (vendor_word(t), v), v, "unieważnić")


@reg("note-or-chat")
def n_ko_pw():
    pw = human_pw()
    return ("note-ko-chat-staging-admin-password",
            "%s님이 스테이징 관리자 비밀번호를 %s 로 바꿨다고 함." % (who(), pw), pw, "비밀번호")


@reg("note-or-chat")
def n_ko_token():
    t, v = tok()
    return ("note-ko-memo-hardcoded-" + t["key"],
            "메모: %s 키 %s 를 임시로 하드코딩함. 배포 전에 시크릿 매니저로 옮길 것." % (vendor_word(t), v), v, "시크릿 매니저")


@reg("note-or-chat")
def n_tr_pw():
    pw = human_pw()
    return ("note-tr-chat-staging-sifre",
            "%s staging admin panelinin yeni şifresinin %s olduğunu söyledi." % (who(), pw), pw, "şifresinin")


@reg("note-or-chat")
def n_tr_token():
    t, v = tok()
    return ("note-tr-not-ci-log-" + t["key"],
            "Not: %s anahtarı (%s) CI loglarında göründü, iptal edilmesi gerekiyor." % (vendor_word(t), v), v, "iptal edilmesi")


# =============================================================== ci-and-deploy

@reg("ci-and-deploy")
def d_gha_env_literal():
    t, v = tok()
    return ("gha-workflow-env-literal-" + t["key"],
            "# .github/workflows/e2e.yml\njobs:\n  e2e:\n    runs-on: ubuntu-latest\n    env:\n      NODE_ENV: test\n      %s: %s\n    steps:\n      - uses: actions/checkout@v4\n      - run: pnpm test:e2e" % (
                t["env"], v), v, "runs-on")


@reg("ci-and-deploy")
def d_gha_run_curl():
    t, v = http_tok()
    return ("gha-run-step-curl-header-" + t["key"],
            "      - name: Notify release\n        run: |\n          curl -fsS -X GET \"%s\" \\\n            -H \"%s\"" % (t["url"], t["hdr"] % v), v, "Notify release")


@reg("ci-and-deploy")
def d_gitlab_vars():
    t, v = tok()
    return ("gitlab-ci-variables-block-" + t["key"],
            "# .gitlab-ci.yml\nvariables:\n  DOCKER_DRIVER: overlay2\n  %s: \"%s\"\n\ntest:\n  stage: test\n  script:\n    - bundle exec rspec" % (t["env"], v),
            v, "DOCKER_DRIVER")


@reg("ci-and-deploy")
def d_circleci_env():
    t, v = tok()
    return ("circleci-config-environment-" + t["key"],
            "jobs:\n  build:\n    docker:\n      - image: cimg/python:3.12\n        environment:\n          %s: %s\n    steps:\n      - checkout\n      - run: pytest -q" % (t["env"], v),
            v, "cimg/python")


@reg("ci-and-deploy")
def d_bitbucket():
    t, v = tok()
    return ("bitbucket-pipelines-script-export-" + t["key"],
            "pipelines:\n  branches:\n    main:\n      - step:\n          name: Deploy\n          script:\n            - export %s=%s\n            - ./scripts/deploy.sh production" % (t["env"], v),
            v, "pipelines:")


@reg("ci-and-deploy")
def d_azure_pipelines():
    t, v = tok()
    return ("azure-pipelines-variables-" + t["key"],
            "trigger:\n  - main\npool:\n  vmImage: ubuntu-latest\nvariables:\n  buildConfiguration: Release\n  %s: '%s'\nsteps:\n  - script: dotnet test --configuration $(buildConfiguration)" % (
                t["env"], v), v, "buildConfiguration")


@reg("ci-and-deploy")
def d_jenkinsfile():
    t, v = tok()
    return ("jenkinsfile-environment-block-" + t["key"],
            "pipeline {\n  agent any\n  environment {\n    %s = '%s'\n  }\n  stages {\n    stage('Deploy') { steps { sh './gradlew deploy' } }\n  }\n}" % (t["env"], v),
            v, "agent any")


@reg("ci-and-deploy")
def d_dockerfile_env():
    t, v = tok()
    return ("dockerfile-env-instruction-" + t["key"],
            "FROM node:20-alpine AS runner\nWORKDIR /app\nENV NODE_ENV=production\nENV %s=%s\nCOPY --from=builder /app/.next ./.next\nCMD [\"node\", \"server.js\"]" % (t["env"], v),
            v, "WORKDIR")


@reg("ci-and-deploy")
def d_dockerfile_arg():
    t, v = tok()
    return ("dockerfile-arg-default-" + t["key"],
            "FROM python:3.12-slim\nARG %s=%s\nRUN pip install --no-cache-dir -r requirements.txt\nCOPY . ." % (t["env"], v), v, "requirements.txt")


@reg("ci-and-deploy")
def d_k8s_deploy_env():
    t, v = tok()
    return ("k8s-deployment-env-value-" + t["key"],
            "      containers:\n        - name: %s\n          image: ghcr.io/%s/%s:%s\n          env:\n            - name: %s\n              value: \"%s\"\n            - name: DB_PASSWORD\n              valueFrom:\n                secretKeyRef:\n                  name: db\n                  key: password" % (
                pick(SVCS), pick(ORGS), pick(SVCS), sha7(), t["env"], v), v, "secretKeyRef")


@reg("ci-and-deploy")
def d_cloudbuild():
    t, v = tok()
    return ("cloudbuild-substitutions-" + t["key"],
            "steps:\n  - name: gcr.io/cloud-builders/docker\n    args: ['build', '--build-arg', '%s=${_%s}', '-t', 'europe-docker.pkg.dev/$PROJECT_ID/app/web:$SHORT_SHA', '.']\nsubstitutions:\n  _%s: %s" % (
                t["env"], t["env"], t["env"], v), v, "substitutions")


@reg("ci-and-deploy")
def d_buildspec():
    t, v = tok()
    return ("codebuild-buildspec-plaintext-env-" + t["key"],
            "version: 0.2\nenv:\n  variables:\n    %s: \"%s\"\n  parameter-store:\n    DB_PASSWORD: /prod/db/password\nphases:\n  build:\n    commands:\n      - npm ci && npm run build" % (
                t["env"], v), v, "parameter-store")


@reg("ci-and-deploy")
def d_eas_json():
    t, v = tok()
    body = json.dumps({"build": {"production": {"channel": "production", "env": {t["env"]: v}}}}, indent=2)
    return ("eas-json-build-env-" + t["key"], "// eas.json\n" + body, v, "channel")


@reg("ci-and-deploy")
def d_codemagic():
    t, v = tok()
    return ("codemagic-yaml-vars-" + t["key"],
            "workflows:\n  ios-release:\n    environment:\n      vars:\n        %s: %s\n      xcode: latest\n    scripts:\n      - flutter build ipa --release" % (t["env"], v),
            v, "ios-release")


@reg("ci-and-deploy")
def d_gha_log_echo():
    t, v = tok()
    return ("gha-run-log-echoed-value-" + t["key"],
            "Run ./scripts/check-env.sh\n  ./scripts/check-env.sh\n  shell: /usr/bin/bash -e {0}\n  env:\n    %s: %s\nchecking required variables... ok" % (t["env"], v), v, "check-env.sh")


# ---- fixed ci/deploy

@reg("ci-and-deploy")
def d_docker_login_action():
    pw = "dckr_pat_" + with_sep(rs(27, B64U))
    return ("gha-docker-login-action-literal-password",
            "      - uses: docker/login-action@v3\n        with:\n          username: %sci\n          password: %s" % (pick(ORGS), pw), pw, "docker/login-action")


@reg("ci-and-deploy")
def d_setup_node_auth():
    v = "npm_" + rs(36)
    return ("gha-setup-node-node-auth-token-literal",
            "      - uses: actions/setup-node@v4\n        with:\n          node-version: 20\n          registry-url: https://registry.npmjs.org\n      - run: pnpm publish --no-git-checks\n        env:\n          NODE_AUTH_TOKEN: %s" % v,
            v, "actions/setup-node")


@reg("ci-and-deploy")
def d_vercel_deploy_hook():
    s = rs(10, B62)
    return ("vercel-deploy-hook-url",
            "Content team rebuild hook (Vercel): https://api.vercel.com/v1/integrations/deploy/prj_%s/%s" % (rs(28), s), s, "rebuild hook")


@reg("ci-and-deploy")
def d_netlify_build_hook():
    s = hx(24)
    return ("netlify-build-hook-url",
            "curl -X POST -d {} https://api.netlify.com/build_hooks/%s?trigger_title=cms+publish" % s, s, "trigger_title")


@reg("ci-and-deploy")
def d_render_deploy_hook():
    s = rs(11, B62)
    return ("render-deploy-hook-key",
            "      - name: Trigger Render deploy\n        run: curl -fsS \"https://api.render.com/deploy/srv-%s?key=%s\"" % (rs(20, B36L), s), s, "Trigger Render deploy")


@reg("ci-and-deploy")
def d_kamal():
    pw = "ghp_" + rs(36)
    return ("kamal-deploy-yml-registry-password-literal",
            "service: %s\nimage: %s/%s\nservers:\n  web:\n    - %s\nregistry:\n  server: ghcr.io\n  username: %s\n  password: %s" % (
                pick(SVCS), pick(ORGS), pick(SVCS), ipv4(), pick(ORGS), pw), pw, "registry:")


@reg("ci-and-deploy")
def d_fastlane_match():
    pw = passphrase("-", 4)
    return ("fastlane-match-password-env-ci",
            "  ios-build:\n    runs-on: macos-14\n    env:\n      MATCH_PASSWORD: %s\n      MATCH_GIT_URL: git@github.com:%s/certificates.git\n    steps:\n      - run: bundle exec fastlane beta" % (pw, pick(ORGS)),
            pw, "fastlane beta")


@reg("ci-and-deploy")
def d_fastlane_app_specific():
    pw = "-".join(rs(4, LOW) for _ in range(4))
    return ("fastlane-app-specific-password",
            "# fastlane/.env.default\nFASTLANE_USER=ios@%s.com\nFASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=%s\nFASTLANE_ITC_TEAM_ID=%s" % (
                pick(ORGS), pw, digits(9)), pw, "FASTLANE_USER")


@reg("ci-and-deploy")
def d_matchfile_basic():
    b = b64s("%s:%s" % ("ci-bot", "ghp_" + rs(36)))
    return ("fastlane-matchfile-git-basic-authorization",
            "git_url(\"https://github.com/%s/certificates\")\nstorage_mode(\"git\")\ngit_basic_authorization(\"%s\")\ntype(\"appstore\")" % (pick(ORGS), b),
            b, "storage_mode")


@reg("ci-and-deploy")
def d_argocd_helm_params():
    pw = human_pw()
    return ("argocd-application-helm-parameter",
            "spec:\n  source:\n    repoURL: https://charts.bitnami.com/bitnami\n    chart: postgresql\n    targetRevision: 15.5.0\n    helm:\n      parameters:\n        - name: auth.postgresPassword\n          value: \"%s\"" % pw,
            pw, "targetRevision")


@reg("ci-and-deploy")
def d_capistrano():
    pw = human_pw()
    s = pick(SVCS)
    return ("capistrano-deploy-rb-sudo-password",
            "set :application, \"%s\"\nset :repo_url, \"git@github.com:%s/%s.git\"\nset :sudo_password, \"%s\"\nappend :linked_files, \"config/master.key\"" % (
                s, pick(ORGS), s, pw), pw, "linked_files")


@reg("ci-and-deploy")
def d_netlify_deploy_log():
    t, v = tok()
    return ("netlify-deploy-log-env-print-" + t["key"],
            "%s build: Netlify Build\n%s build: ────────────────────────────\n%s build: > Version\n%s build:   @netlify/build 29.41.2\n%s build: $ env | grep %s\n%s build: %s=%s" % (
                hhmm(), hhmm(), hhmm(), hhmm(), hhmm(), t["env"][:6], hhmm(), t["env"], v), v, "Netlify Build")


@reg("ci-and-deploy")
def d_fly_deploy_log():
    pw = url_pw(20)
    return ("fly-deploy-release-command-log",
            "Running %s release_command: bin/rails db:migrate\n  release_command %s completed successfully\n  DATABASE_URL=postgres://%s:%s@%s-db.flycast:5432/%s?sslmode=disable" % (
                app_name(), hx(14), pick(ORGS), pw, pick(ORGS), pick(ORGS)), pw, "release_command")


@reg("ci-and-deploy")
def d_heroku_release_log():
    t, v = tok()
    return ("heroku-release-phase-log-" + t["key"],
            "-----> Running release command...\n       Migrating database... done\n       WARN: %s looks like a live key (%s); check Config Vars\nWaiting for release.... done." % (t["env"], v), v, "Running release command")


@reg("ci-and-deploy")
def d_tfc_run_log():
    pw = strong_pw(24, "-_")
    return ("terraform-plan-log-unmarked-password",
            "  # random_password.db will be created\n  + resource \"aws_db_instance\" \"main\" {\n      + engine          = \"postgres\"\n      + username        = \"app\"\n      + password        = \"%s\"\n      + instance_class  = \"db.t4g.medium\"\n    }" % pw,
            pw, "aws_db_instance")


@reg("ci-and-deploy")
def d_gha_matrix_secret():
    v = "glpat-" + rs(20, B64U)
    return ("gha-workflow-dispatch-input-default",
            "on:\n  workflow_dispatch:\n    inputs:\n      gitlab_token:\n        description: token for mirror push\n        default: %s\n        required: false" % v, v, "workflow_dispatch")


@reg("ci-and-deploy")
def d_ansible_deploy_vars():
    pw = human_pw()
    return ("ansible-playbook-extra-vars-password",
            "ansible-playbook -i inventories/prod deploy.yml --limit web \\\n  -e \"app_version=%s db_password=%s\"" % (sha7(), pw), pw, "ansible-playbook")


@reg("ci-and-deploy")
def d_play_service_json():
    b = b64of(rsa1024_pkcs8_der())
    esc = "\\n".join(b[i:i + 64] for i in range(0, len(b), 64))
    return ("gha-play-publisher-json-key-literal",
            "      - uses: r0adkll/upload-google-play@v1\n        with:\n          serviceAccountJsonPlainText: '{\"type\":\"service_account\",\"project_id\":\"%s-mobile\",\"private_key\":\"-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n\",\"client_email\":\"play-publisher@%s-mobile.iam.gserviceaccount.com\"}'\n          packageName: com.%s.app" % (
                pick(ORGS), esc, pick(ORGS), pick(ORGS)), esc, "packageName")


@reg("ci-and-deploy")
def d_compose_prod_override():
    pw = human_pw()
    return ("compose-prod-override-redis-command",
            "# docker-compose.prod.yml\n  redis:\n    image: redis:7-alpine\n    command: [\"redis-server\", \"--requirepass\", \"%s\", \"--appendonly\", \"yes\"]" % pw,
            pw, "redis:7-alpine")


@reg("ci-and-deploy")
def d_gh_pages_deploy_key():
    b = wrap(b64of(openssh_ed25519_der("gh-pages-deploy")), 70)
    return ("gha-deploy-key-inline-openssh",
            "      - uses: peaceiris/actions-gh-pages@v4\n        with:\n          deploy_key: |\n            -----BEGIN OPENSSH PRIVATE KEY-----\n%s\n            -----END OPENSSH PRIVATE KEY-----" % "\n".join(
                "            " + l for l in b.split("\n")),
            "\n".join("            " + l for l in b.split("\n")).lstrip(), "actions-gh-pages")


# =============================================================== vendor-token

_VORDER = list(range(len(TOKENS)))
_R.shuffle(_VORDER)
_VSTATE = [0]


def _next_vendor():
    t = TOKENS[_VORDER[_VSTATE[0] % len(_VORDER)]]
    _VSTATE[0] += 1
    return t, t["gen"]()


@reg("vendor-token")
def v_label_colon():
    t, v = _next_vendor()
    style = _R.randint(0, 6)
    if style == 0:
        text, vis = "%s: %s" % (t["label"], v), t["label"]
    elif style == 1:
        text, vis = "%s=%s" % (t["env"], v), t["env"]
    elif style == 2:
        text, vis = v, ""
    elif style == 3:
        text, vis = "%s (%s, created %s): %s" % (t["label"], pick(["read-write", "read-only", "full access", "deploy only"]), ts()[:10], v), t["label"]
    elif style == 4:
        text, vis = "new %s → %s" % (t["label"].lower(), v), "new"
    elif style == 5:
        text, vis = "`%s`" % v, ""
    else:
        text, vis = "%s  %s  %s" % (t["env"], v, pick(["Production", "Preview", "Development"])), t["env"]
    return ("vendor-" + t["key"], text, v, vis)


@reg("vendor-token")
def v_aws_pair():
    s = rs(40, B64)
    k = "AKIA" + rs(16, UPP + "234567")
    style = _R.randint(0, 2)
    if style == 0:
        return ("vendor-aws-key-pair-csv", "Access key ID,Secret access key\n%s,%s" % (k, s), s, "Access key ID")
    if style == 1:
        return ("vendor-aws-key-pair-labelled", "aws_access_key_id=%s aws_secret_access_key=%s" % (k, s), s, "aws_access_key_id")
    return ("vendor-aws-secret-alone", s, s, "")


@reg("vendor-token")
def v_private_key_block():
    k = _R.randint(0, 2)
    if k == 0:
        b = pem_body(ec_sec1_der())
        return ("vendor-ec-private-key-block", "-----BEGIN EC PRIVATE KEY-----\n%s\n-----END EC PRIVATE KEY-----" % b, b, "BEGIN EC PRIVATE KEY")
    if k == 1:
        b = pem_body(ed25519_pkcs8_der())
        return ("vendor-ed25519-pkcs8-block", "-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----" % b, b, "BEGIN PRIVATE KEY")
    b = pem_body(rsa1024_pkcs1_der())
    return ("vendor-rsa-pkcs1-block", "-----BEGIN RSA PRIVATE KEY-----\n%s\n-----END RSA PRIVATE KEY-----" % b, b, "BEGIN RSA PRIVATE KEY")


@reg("vendor-token")
def v_signed_urls():
    k = _R.randint(0, 4)
    if k == 0:
        sig = hx(64)
        u = ("https://%s-uploads.s3.%s.amazonaws.com/exports/%s.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%s%%2F2024%02d%02d%%2F%s%%2Fs3%%2Faws4_request"
             "&X-Amz-Date=2024%02d%02dT%02d%02d00Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=%s") % (
            pick(ORGS), pick(REGIONS), uuid4(), rs(16, UPP + "234567"), num(1, 12), num(1, 28), pick(REGIONS), num(1, 12), num(1, 28), num(0, 23), num(0, 59), sig)
        return ("vendor-s3-presigned-url", u, sig, "X-Amz-Expires")
    if k == 1:
        sig = hx(512)
        u = ("https://storage.googleapis.com/%s-reports/q2.pdf?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=signer%%40%s.iam.gserviceaccount.com%%2F20240611%%2Fauto%%2Fstorage%%2Fgoog4_request"
             "&X-Goog-Date=20240611T101500Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=%s") % (pick(ORGS), pick(ORGS), sig)
        return ("vendor-gcs-v4-signed-url", u, sig, "X-Goog-Expires")
    if k == 2:
        raw = b64of(rbytes(32))
        sig = raw.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
        u = "https://st%sprod.blob.core.windows.net/invoices/2024/06/%s.pdf?sv=2022-11-02&ss=b&srt=o&sp=r&se=2024-06-30T23:59:59Z&st=2024-06-01T00:00:00Z&spr=https&sig=%s" % (
            pick(ORGS), digits(6), sig)
        return ("vendor-azure-sas-url", u, sig, "spr=https")
    if k == 3:
        sig = rs(172, B62 + "-~_")
        u = "https://%s.cloudfront.net/videos/%s/master.m3u8?Expires=%s&Signature=%s&Key-Pair-Id=K%s" % (
            rs(14, B36L), uuid4(), epoch(), sig, rs(13, UPP + DIG))
        return ("vendor-cloudfront-signed-url", u, sig, "Key-Pair-Id")
    sig = rs(43, B64U) + "=="
    u = "https://func-%s-prod.azurewebsites.net/api/HttpTrigger?code=%s" % (pick(ORGS), sig)
    return ("vendor-azure-function-key-url", u, sig, "HttpTrigger")


@reg("vendor-token")
def v_conn_strings():
    k = _R.randint(0, 3)
    if k == 0:
        s = b64of(rbytes(32))
        return ("vendor-azure-servicebus-connection-string",
                "Endpoint=sb://%s-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=%s" % (pick(ORGS), s),
                s, "SharedAccessKeyName")
    if k == 1:
        s = b64of(rbytes(64))
        return ("vendor-azure-storage-connection-string",
                "DefaultEndpointsProtocol=https;AccountName=st%sprod;AccountKey=%s;EndpointSuffix=core.windows.net" % (pick(ORGS), s),
                s, "DefaultEndpointsProtocol")
    if k == 2:
        s = rs(27, B64U)
        return ("vendor-cloudinary-url", "CLOUDINARY_URL=cloudinary://%s:%s@%s" % (digits(15), s, pick(ORGS)), s, "CLOUDINARY_URL")
    s = b64of(rbytes(32))
    return ("vendor-azure-iothub-connection-string",
            "HostName=%s-hub.azure-devices.net;DeviceId=gateway-%d;SharedAccessKey=%s" % (pick(ORGS), num(1, 40), s), s, "DeviceId")


@reg("vendor-token")
def v_totp():
    s = rs(32, B32)
    return ("vendor-otpauth-uri-secret",
            "otpauth://totp/%s:ops%%40%s.com?secret=%s&issuer=%s&algorithm=SHA1&digits=6&period=30" % (
                pick(ORGS).capitalize(), pick(ORGS), s, pick(ORGS).capitalize()), s, "otpauth://totp/")


# =============================================================== BENIGN generators

_BEN = []


def ben(fn):
    _BEN.append(fn)
    return fn


def semver():
    return "%d.%d.%d" % (num(0, 9), num(0, 30), num(0, 20))


PKGS = ["react", "react-dom", "next", "zod", "axios", "lodash", "@tanstack/react-query", "vite", "esbuild",
        "typescript", "eslint", "prettier", "date-fns", "@nestjs/core", "express", "pino", "undici",
        "@prisma/client", "drizzle-orm", "tailwindcss", "postcss", "jose", "stripe", "@sentry/node"]
CRATES = ["serde", "tokio", "reqwest", "axum", "sqlx", "tracing", "anyhow", "thiserror", "hyper", "clap", "uuid", "chrono"]
GOMODS = ["github.com/jackc/pgx/v5", "github.com/redis/go-redis/v9", "golang.org/x/sync", "github.com/spf13/viper",
          "go.uber.org/zap", "github.com/go-chi/chi/v5", "google.golang.org/grpc", "github.com/stretchr/testify"]
PYPKGS = ["django", "fastapi", "celery", "pydantic", "sqlalchemy", "httpx", "boto3", "requests", "uvicorn", "redis", "psycopg"]


@ben
def b_git_log():
    lines = []
    for _ in range(num(3, 6)):
        lines.append("%s %s(%s): %s" % (hx(7), pick(["fix", "feat", "chore", "refactor", "test"]), pick(SVCS),
                                         pick(["handle 3DS redirect", "retry webhook delivery", "bump deps", "split invoice job",
                                               "add idempotency to refunds", "drop legacy token column", "rotate signing keys via KMS"])))
    return "$ git log --oneline -n %d\n%s" % (len(lines), "\n".join(lines))


@ben
def b_git_show():
    p, o = pick(PEOPLE), pick(ORGS)
    return "commit %s\nMerge: %s %s\nAuthor: %s <%s@%s.com>\nDate:   Tue Jun 11 10:%02d:12 2024 +0200\n\n    Merge pull request #%d from %s/fix/secret-rotation\n\n    Move API keys to Secrets Manager" % (
        hx(40), hx(7), hx(7), p, p.lower(), o, num(0, 59), num(100, 9999), o)


@ben
def b_git_cmds():
    return pick(["git rebase -i %s" % hx(12), "git cherry-pick %s %s" % (hx(40), hx(40)), "git revert --no-edit %s" % hx(10),
                 "git bisect bad %s && git bisect good %s" % (hx(40), hx(40)), "git diff %s..%s -- apps/api" % (hx(7), hx(7)),
                 "git reset --hard %s" % hx(40)])


@ben
def b_docker_pull():
    return "$ docker pull ghcr.io/%s/%s:%s\n%s: Pulling from %s/%s\n%s: Pull complete\nDigest: sha256:%s\nStatus: Downloaded newer image for ghcr.io/%s/%s:%s" % (
        pick(ORGS), pick(SVCS), semver(), semver(), pick(ORGS), pick(SVCS), hx(12), hx(64), pick(ORGS), pick(SVCS), semver())


@ben
def b_image_digest_ref():
    return "image: %s.dkr.ecr.%s.amazonaws.com/%s@sha256:%s" % (digits(12), pick(REGIONS), pick(SVCS), hx(64))


@ben
def b_pnpm_lock():
    p = pick(PKGS)
    return "  /%s@%s:\n    resolution: {integrity: sha512-%s}\n    engines: {node: '>=18'}\n    dev: false" % (p, semver(), b64of(rbytes(64)))


@ben
def b_package_lock():
    p = pick(PKGS)
    return "\"node_modules/%s\": {\n  \"version\": \"%s\",\n  \"resolved\": \"https://registry.npmjs.org/%s/-/%s-%s.tgz\",\n  \"integrity\": \"sha512-%s\",\n  \"license\": \"MIT\"\n}" % (
        p, semver(), p, p.split("/")[-1], semver(), b64of(rbytes(64)))


@ben
def b_yarn_berry():
    p = pick(PKGS)
    return "\"%s@npm:^%s\":\n  version: %s\n  resolution: \"%s@npm:%s\"\n  checksum: 10c0/%s\n  languageName: node\n  linkType: hard" % (
        p, semver(), semver(), p, semver(), hx(128))


@ben
def b_cargo_lock():
    c = pick(CRATES)
    return "[[package]]\nname = \"%s\"\nversion = \"%s\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"%s\"" % (c, semver(), hx(64))


@ben
def b_go_sum():
    m = pick(GOMODS)
    v = "v" + semver()
    return "%s %s h1:%s\n%s %s/go.mod h1:%s" % (m, v, b64of(rbytes(32)), m, v, b64of(rbytes(32)))


@ben
def b_pip_hashes():
    p = pick(PYPKGS)
    return "%s==%s \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s" % (p, semver(), hx(64), hx(64))


@ben
def b_gemfile_checksums():
    return "CHECKSUMS\n  rack (3.0.%d) sha256=%s\n  rails (7.1.%d) sha256=%s" % (num(0, 11), hx(64), num(0, 4), hx(64))


@ben
def b_composer_lock():
    return "\"name\": \"laravel/framework\",\n\"version\": \"v11.%d.%d\",\n\"source\": {\n    \"type\": \"git\",\n    \"url\": \"https://github.com/laravel/framework.git\",\n    \"reference\": \"%s\"\n}," % (
        num(0, 20), num(0, 9), hx(40))


@ben
def b_gradle_verification():
    return "<component group=\"com.squareup.okhttp3\" name=\"okhttp\" version=\"4.12.0\">\n   <artifact name=\"okhttp-4.12.0.jar\">\n      <sha256 value=\"%s\" origin=\"Generated by Gradle\"/>\n   </artifact>\n</component>" % hx(64)


@ben
def b_sri_tag():
    return "<script src=\"https://cdn.jsdelivr.net/npm/alpinejs@3.%d.%d/dist/cdn.min.js\" integrity=\"sha384-%s\" crossorigin=\"anonymous\" defer></script>" % (
        num(10, 14), num(0, 9), b64of(rbytes(48)))


@ben
def b_authorized_keys():
    return "%s %s@%s-laptop" % (ssh_pub_ed25519(), pick(PEOPLE).lower(), pick(ORGS))


@ben
def b_known_hosts():
    blob = _sshstr(b"ecdsa-sha2-nistp256") + _sshstr(b"nistp256") + _sshstr(b"\x04" + rbytes(64))
    return "|1|%s|%s ecdsa-sha2-nistp256 %s" % (b64of(rbytes(20)), b64of(rbytes(20)), b64of(blob))


@ben
def b_public_pem():
    body = wrap(b64of(bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004") + rbytes(64)))
    return "# keys/jwt-public.pem (safe to publish)\n-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % body


@ben
def b_jwks_public():
    return json.dumps({"keys": [{"kty": "RSA", "use": "sig", "alg": "RS256", "kid": hx(40), "n": b64u_np(rbytes(256)), "e": "AQAB"}]})


@ben
def b_gpg_fpr():
    f = HX(40)
    return "pub   ed25519 2023-0%d-1%d [SC]\n      %s\nuid           [ultimate] %s <%s@%s.com>\nsub   cv25519 2023-0%d-1%d [E]" % (
        num(1, 9), num(0, 9), f, pick(PEOPLE), pick(PEOPLE).lower(), pick(ORGS), num(1, 9), num(0, 9))


@ben
def b_cert_fpr():
    return "SHA256 Fingerprint=%s\nnotAfter=Sep  9 12:00:00 2025 GMT\nsubject=CN = *.%s.com" % (":".join(HX(2) for _ in range(32)), pick(ORGS))


@ben
def b_age_recipients():
    return "# .sops.yaml\ncreation_rules:\n  - path_regex: secrets/prod/.*\\.yaml$\n    age: age1%s" % rs(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")


@ben
def b_wg_peer():
    return "[Peer]\n# %s laptop\nPublicKey = %s\nAllowedIPs = 10.8.0.%d/32" % (pick(PEOPLE), b64of(rbytes(32)), num(2, 250))


@ben
def b_cert_pem():
    body = wrap(b64of(bytes.fromhex("308201") + rbytes(300)))
    return "-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % body


@ben
def b_kube_ca():
    return "clusters:\n- cluster:\n    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvakNDQWVhZ0F3SUJBZ0lCQURBTkJna3Foa2lHOXcwQkFRc0ZBREFWTVJNd0VRWURWUVFERXdwcmRXSmwK%s\n    server: https://%s.gr7.%s.eks.amazonaws.com\n  name: prod" % (
        rs(120, B64), HX(32), pick(REGIONS))


@ben
def b_traceparent():
    return "traceparent: 00-%s-%s-01\ntracestate: dd=s:1;o:rum" % (hx(32), hx(16))


@ben
def b_amzn_trace():
    return "X-Amzn-Trace-Id: Root=1-%s-%s;Parent=%s;Sampled=1" % (hx(8), hx(24), hx(16))


@ben
def b_request_ids():
    return pick(["x-request-id: %s" % uuid4(), "cf-ray: %s-FRA" % hx(16), "x-vercel-id: fra1::iad1::%s-%s-%s" % (rs(5, B36L), epoch() + str(num(100, 999)), hx(12)),
                 "X-Heroku-Request-Id: %s" % uuid4(), "request-id: req_%s" % rs(14), "x-amz-request-id: %s" % HX(16),
                 "apigw-requestid: %s=" % rs(15, B62)])


@ben
def b_lambda_start():
    r = uuid4()
    return "START RequestId: %s Version: $LATEST\nEND RequestId: %s\nREPORT RequestId: %s\tDuration: %.2f ms\tBilled Duration: %d ms" % (
        r, r, r, num(100, 9000) / 10.0, num(10, 900))


@ben
def b_sentry_issue():
    return "Sentry issue %s-%s: TypeError: Cannot read properties of undefined (reading 'id')\nhttps://%s.sentry.io/issues/%s/?project=%s&query=is%%3Aunresolved  event_id=%s" % (
        pick(SVCS).upper(), rs(3, UPP + DIG), pick(ORGS), digits(10), digits(7), hx(32))


@ben
def b_dd_trace_log():
    return "%s ERROR [%s] dd.trace_id=%s dd.span_id=%s dd.service=%s dd.env=prod - payment declined for order %s" % (
        ts(), pick(SVCS), digits(19), digits(19), pick(SVCS), rs(10, UPP + DIG))


@ben
def b_stripe_ids():
    return "Created PaymentIntent pi_3P%s for customer cus_Q%s (price price_1P%s, invoice in_1P%s)\nwebhook evt_1P%s -> 200 OK" % (
        rs(22), rs(13), rs(22), rs(22), rs(22))


@ben
def b_stripe_idempotency():
    return "POST /v1/refunds\nIdempotency-Key: %s\nStripe-Account: acct_1%s\ncharge=ch_3P%s&amount=%d" % (uuid4(), rs(15), rs(22), num(100, 99999))


@ben
def b_idem_key_code():
    return "await stripe.paymentIntents.create(params, { idempotencyKey: `order-%s-${attempt}` }); // key like order-%s-1" % (rs(8, B36L), rs(8, B36L))


@ben
def b_cursor_slack():
    inner = "user:U0%s" % rs(8, UPP + DIG)
    return "{\"ok\":true,\"members\":[...],\"response_metadata\":{\"next_cursor\":\"%s\"}}" % b64s(inner)


@ben
def b_cursor_graphql():
    return "\"pageInfo\": {\"hasNextPage\": true, \"endCursor\": \"%s\"}" % b64s("arrayconnection:%d" % num(10, 9999)).rstrip("=")


@ben
def b_cursor_shopify():
    pi = b64u_np(json.dumps({"direction": "next", "last_id": num(10 ** 12, 10 ** 13), "last_value": num(10 ** 12, 10 ** 13)}).encode())
    return "Link: <https://%s.myshopify.com/admin/api/2024-04/products.json?limit=50&page_info=%s>; rel=\"next\"" % (pick(ORGS), pi)


@ben
def b_cursor_api():
    return "GET /v1/events?limit=100&starting_after=evt_1P%s\nGET /api/orders?cursor=%s" % (rs(22), b64u_np(("ts:%s|id:%d" % (epoch(), num(1, 99999))).encode()))


@ben
def b_env_example():
    return "# .env.example — copy to .env and fill in\nOPENAI_API_KEY=<your-openai-key>\nSTRIPE_SECRET_KEY=sk_test_...\nSTRIPE_WEBHOOK_SECRET=whsec_...\nDATABASE_URL=postgres://USER:PASSWORD@localhost:5432/%s" % pick(ORGS)


@ben
def b_placeholder_vars():
    return pick(["environment:\n  - STRIPE_SECRET_KEY=${STRIPE_SECRET_KEY}\n  - DATABASE_URL=${DATABASE_URL:?database url required}",
                 "export ANTHROPIC_API_KEY=\"your-key-here\"\npython examples/quickstart.py",
                 "DB_PASSWORD=$(cat /run/secrets/db_password)",
                 "api_key = \"REPLACE_ME\"  # set via env in production",
                 "Authorization: Bearer <token>",
                 "curl -H \"Authorization: Bearer $GITHUB_TOKEN\" https://api.github.com/user",
                 "SENDGRID_API_KEY=SG.xxxxxxxx.yyyyyyyy",
                 "SLACK_BOT_TOKEN=xoxb-your-bot-token",
                 "password: %s" % pick(["\"<set-me>\"", "\"${DB_PASSWORD}\"", "\"\""]),
                 "aws_secret_access_key = <YOUR_SECRET_ACCESS_KEY>",
                 "set OPENAI_API_KEY=%OPENAI_API_KEY%",
                 "token: {{ .Values.github.token | quote }}"])


@ben
def b_placeholder_xxx():
    return pick(["STRIPE_SECRET_KEY=sk_live_" + "x" * 24, "GITHUB_TOKEN=ghp_" + "X" * 36, "OPENAI_API_KEY=sk-proj-" + "*" * 40,
                 "AWS_SECRET_ACCESS_KEY=" + "x" * 40, "api_key: \"" + "0" * 32 + "\"  # placeholder",
                 "DD_API_KEY=<DATADOG_API_KEY>", "glpat-XXXXXXXXXXXXXXXXXXXX (replace with your token)",
                 "TWILIO_AUTH_TOKEN=your_auth_token", "NPM_TOKEN=npm_" + "0" * 36])


@ben
def b_gha_secret_ref():
    return "    env:\n      NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n      SENTRY_AUTH_TOKEN: ${{ secrets.SENTRY_AUTH_TOKEN }}\n      TURBO_TEAM: ${{ vars.TURBO_TEAM }}"


@ben
def b_valuefrom():
    return "          env:\n            - name: %s\n              valueFrom:\n                secretKeyRef:\n                  name: %s-secrets\n                  key: %s" % (
        pick(TOKENS)["env"], pick(SVCS), pick(["api-key", "password", "token"]))


@ben
def b_op_ref():
    t = pick(TOKENS)
    return "%s=op://%s/%s/credential\n$ op run --env-file=.env -- pnpm dev" % (t["env"], pick(["Engineering", "Platform", "Shared"]), t["label"])


@ben
def b_secretsmanager_arn():
    return "DB secret: arn:aws:secretsmanager:%s:%s:secret:prod/%s/db-%s (rotation every 30 days via Lambda)" % (
        pick(REGIONS), digits(12), pick(SVCS), rs(6))


@ben
def b_gcp_secret_ref():
    return pick(["gcloud run deploy %s --set-secrets=DB_PASSWORD=db-password:latest,STRIPE_KEY=stripe-key:%d" % (pick(SVCS), num(1, 9)),
                 "secret: projects/%s/secrets/%s-api-key/versions/latest" % (digits(12), pick(SVCS))])


@ben
def b_keyvault_ref():
    return "\"StripeSecret\": \"@Microsoft.KeyVault(SecretUri=https://kv-%s-prod.vault.azure.net/secrets/stripe-secret/)\"" % pick(ORGS)


@ben
def b_vault_template():
    return "template {\n  data = <<EOT\n{{ with secret \"secret/data/%s/db\" }}DB_PASSWORD={{ .Data.data.password }}{{ end }}\nEOT\n  destination = \"/secrets/db.env\"\n}" % pick(SVCS)


@ben
def b_doppler_run():
    return "$ doppler run --project %s --config dev -- pnpm turbo dev\nInjecting %d secrets" % (pick(SVCS), num(8, 40))


@ben
def b_sops_enc():
    return "db:\n    password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    age:\n        - recipient: age1%s\n    lastmodified: \"%s\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (
        b64of(rbytes(num(12, 30))), b64of(rbytes(32)), b64of(rbytes(16)), rs(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"), ts()[:19] + "Z",
        b64of(rbytes(64)), b64of(rbytes(32)), b64of(rbytes(16)))


@ben
def b_ansible_vault():
    lines = "\n".join(hx(80) for _ in range(num(3, 5)))
    return "db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n" + "\n".join("  " + l for l in lines.split("\n"))


@ben
def b_sealed_secret():
    return "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: %s-env\nspec:\n  encryptedData:\n    API_KEY: %s" % (
        pick(SVCS), b64of(b"\x00\x01" + rbytes(num(280, 420))))


@ben
def b_rails_enc():
    return "$ cat config/credentials.yml.enc\n%s--%s--%s" % (b64of(rbytes(num(100, 160))), b64of(rbytes(12)), b64of(rbytes(16)))


@ben
def b_fake_fixture():
    return pick(["# tests/fixtures/aws.py — documented example values, not real\nAWS_ACCESS_KEY_ID = \"AKIAIOSFODNN7EXAMPLE\"\nAWS_SECRET_ACCESS_KEY = \"wJalrXUtnFEMI/" "K7MDENG/bPxRfiCYEXAMPLEKEY\"",
                 "const FAKE_STRIPE_KEY = 'sk_test_fake_0000000000000000'; // used by nock, never hits Stripe",
                 "fixtures:\n  github_token: ghp_FAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE  # dummy for vcr cassettes",
                 "let token = \"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ." "SflKxwRJSMeKKF2QT4fw" "pMeJf36POk6yJV_adQssw5c\" // jwt.io sample token",
                 "factory :integration do\n  provider { \"shopify\" }\n  access_token { \"test-token-#{SecureRandom.hex(4)}\" }\nend",
                 "@pytest.fixture\ndef client():\n    return Client(api_key=\"dummy-key-for-tests\")",
                 "SLACK_BOT_TOKEN=xoxb-not-a-real-token-this-will-not-work",
                 "// mock: the value below is a fake key generated for snapshot tests\nexpect(mask(\"sk_test_FAKE1234567890abcdefFAKE\")).toBe(\"sk_test_…FAKE\")",
                 "OPENAI_API_KEY=sk-test-dummy  # CI uses the recorded responses in tests/cassettes"])


@ben
def b_base64_text():
    k = _R.randint(0, 4)
    if k == 0:
        msg = pick(["hello world", "deploy finished", "{\"type\":\"ping\",\"v\":1}", "{\"event\":\"order.created\",\"id\":%d}" % num(1, 99999)])
        return "$ echo '%s' | base64 -d\n%s" % (b64s(msg), msg)
    if k == 1:
        return "apiVersion: v1\nkind: ConfigMap\nbinaryData:\n  banner.txt: %s" % b64s("Welcome to %s %s environment\n" % (pick(ORGS), pick(["staging", "prod"])))
    if k == 2:
        svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 16 16\"><circle cx=\"8\" cy=\"8\" r=\"%d\" fill=\"#%s\"/></svg>" % (num(3, 8), hx(6))
        return "background-image: url(\"data:image/svg+xml;base64,%s\");" % b64s(svg)
    if k == 3:
        return "Content-Transfer-Encoding: base64\n\n%s" % b64s("Hi %s,\n\nYour export is ready. It will be available for 7 days.\n\nThanks,\nThe %s team\n" % (pick(PEOPLE), pick(ORGS).capitalize()))
    return "JWT header: eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9 decodes to {\"alg\":\"RS256\",\"typ\":\"JWT\"}"


@ben
def b_vite_build():
    lines = ["vite v5.2.%d building for production..." % num(0, 12), "✓ %d modules transformed." % num(200, 2000)]
    for n in ["index", "vendor", "Dashboard", "Checkout"]:
        lines.append("dist/assets/%s-%s.js   %7.2f kB │ gzip: %6.2f kB" % (n, rs(8, B64U), num(1000, 40000) / 100.0, num(300, 9000) / 100.0))
    lines.append("dist/assets/index-%s.css   %.2f kB" % (rs(8, B64U), num(500, 9000) / 100.0))
    return "\n".join(lines)


@ben
def b_next_build():
    return "Route (app)                              Size     First Load JS\n┌ ○ /                                    %.1f kB        %d kB\n└ ƒ /api/checkout                        0 B                0 B\n+ First Load JS shared by all            %d kB\n  ├ chunks/%d-%s.js                    %.1f kB\n  └ chunks/main-app-%s.js          %d B" % (
        num(10, 90) / 10.0, num(80, 200), num(80, 120), num(100, 999), hx(16), num(100, 500) / 10.0, hx(16), num(200, 900))


@ben
def b_webpack_assets():
    return "asset main.%s.js 412 KiB [emitted] [immutable] [minimized] (name: main)\nasset runtime.%s.js 2.1 KiB [emitted] [immutable]\nasset static/media/logo.%s.svg 3.4 KiB" % (
        hx(20), hx(20), hx(8))


@ben
def b_minified():
    a = rs(2, LOW)
    return "!function(e,t){\"object\"==typeof exports?module.exports=t():e.%s=t()}(this,function(){var %s=\"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=\",n=%d;return{k:\"%s\",h:function(r){return r.split(\"\").map(function(c){return %s.indexOf(c)})}}});" % (
        rs(6, UPP + LOW), a, num(10, 999), rs(12, B62), a)


@ben
def b_css_modules():
    return "<button class=\"Button_root__%s Button_primary__%s css-%s\">Pay now</button>" % (rs(5, B64U), rs(5, B64U), rs(6, B36L))


@ben
def b_masked():
    return pick(["Using Stripe key sk_live_…%s" % digits(4), "token ****%s" % rs(4, LOW + DIG), "GITHUB_TOKEN=ghp_" + "*" * 32 + rs(4),
                 "AWS key AKIA************%s" % rs(4, UPP), "password=***", "postgres://app:****@%s:5432/app" % pg_host(),
                 "Authorization: Bearer [REDACTED]", "Parameters: {\"user\"=>{\"email\"=>\"a@b.co\", \"password\"=>\"[FILTERED]\"}}",
                 "DATADOG_API_KEY: ******************************%s" % hx(2), "api_key: sk-...%s" % rs(4)])


@ben
def b_vendor_masked_errors():
    return pick(["Stripe::AuthenticationError: Invalid API Key provided: sk_live_********************%s" % rs(4),
                 "openai.AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect API key provided: sk-proj-****************************************%s. You can find your API key at https://platform.openai.com/account/api-keys.', 'type': 'invalid_request_error'}}" % rs(4),
                 "Datadog Agent: API key ending with %s: API Key valid" % hx(5),
                 "Error: Your Heroku API token (ending in %s) has expired." % rs(4, LOW + DIG)])


@ben
def b_cli_secret_lists():
    k = _R.randint(0, 3)
    if k == 0:
        return "$ gh secret list\nNPM_TOKEN          Updated 2024-0%d-1%d\nSENTRY_AUTH_TOKEN  Updated 2024-0%d-2%d\nVERCEL_TOKEN       Updated 2024-0%d-0%d" % (
            num(1, 9), num(0, 9), num(1, 9), num(0, 8), num(1, 9), num(1, 9))
    if k == 1:
        return "$ fly secrets list\nNAME                 DIGEST            CREATED AT\nDATABASE_URL         %s  2024-05-0%dT10:12:00Z\nSTRIPE_SECRET_KEY    %s  2024-05-1%dT08:41:00Z" % (
            hx(16), num(1, 9), hx(16), num(0, 9))
    if k == 2:
        return "$ vercel env ls\n name                 value       environments        created\n OPENAI_API_KEY       Encrypted   Production          %dd ago\n DATABASE_URL         Encrypted   Production, Preview %dd ago" % (
            num(2, 90), num(2, 90))
    return "$ npx wrangler secret list\n[\n  { \"name\": \"STRIPE_SECRET_KEY\", \"type\": \"secret_text\" },\n  { \"name\": \"RESEND_API_KEY\", \"type\": \"secret_text\" }\n]"


@ben
def b_password_policy():
    return pick(["Password must be at least 12 characters and include an uppercase letter, a number and a symbol.",
                 "AUTH_PASSWORD_VALIDATORS = [\n    {\"NAME\": \"django.contrib.auth.password_validation.MinimumLengthValidator\", \"OPTIONS\": {\"min_length\": 12}},\n    {\"NAME\": \"django.contrib.auth.password_validation.CommonPasswordValidator\"},\n]",
                 "config.password_length = 12..128\nconfig.reset_password_within = 6.hours",
                 "'password' => ['required', 'confirmed', Password::min(12)->mixedCase()->numbers()->uncompromised()],",
                 "password: z.string().min(12, \"Password must be at least 12 characters\").regex(/[0-9]/, \"Add a number\"),",
                 "<input type=\"password\" name=\"password\" autocomplete=\"new-password\" minlength=\"12\" required>",
                 "\"passwords.reset\": \"Your password has been reset.\", \"passwords.token\": \"This password reset token is invalid.\"",
                 "Policy: rotate service account passwords every 90 days; minimum 20 chars; stored only in Vault.",
                 "resource \"random_password\" \"db\" {\n  length           = 32\n  special          = true\n  override_special = \"!#%&*()-_=+[]{}<>:?\"\n}"])


@ben
def b_password_errors():
    return pick(["psql: error: connection to server at \"%s\" (%s), port 5432 failed: FATAL:  password authentication failed for user \"app\"" % (pg_host(), ipv4()),
                 "ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)",
                 "ReplyError: WRONGPASS invalid username-password pair or user is disabled.",
                 "MongoServerError: Authentication failed.",
                 "SQLSTATE[HY000] [1045] Access denied for user 'forge'@'10.0.%d.%d' (using password: YES)" % (num(0, 9), num(1, 254)),
                 "django.db.utils.OperationalError: FATAL:  password authentication failed for user \"postgres\"",
                 "bcrypt: hashedPassword is not the hash of the given password",
                 "remote: Support for password authentication was removed on August 13, 2021.\nremote: Please see https://docs.github.com/get-started/getting-started-with-git/about-remote-repositories#cloning-with-https-urls for information on currently recommended modes of authentication.",
                 "Error: Invalid login: 535 Authentication failed: Bad username / password"])


@ben
def b_sqlalchemy_masked():
    return pick(["sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server failed\n(Background on this error at: https://sqlalche.me/e/20/e3q8)\nengine url: postgresql+psycopg2://app:***@%s:5432/app" % pg_host(),
                 "Looking in indexes: https://pypi.org/simple, https://__token__:****@pkgs.dev.azure.com/%s/_packaging/internal/pypi/simple/" % pick(ORGS),
                 "[%s: INFO/MainProcess] Connected to amqp://guest:**@127.0.0.1:5672//" % ts_plain(),
                 "HikariPool-1 - configuration:\npassword................................<masked>\nusername................................\"orders\"",
                 "\tsasl.jaas.config = [hidden]\n\tsasl.mechanism = PLAIN\n\tssl.key.password = null\n\tssl.truststore.password = [hidden]"])


@ben
def b_public_keys_frontend():
    k = _R.randint(0, 7)
    if k == 0:
        return "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_live_51%s" % rs(97)
    if k == 1:
        ref = rs(20, LOW)
        return "NEXT_PUBLIC_SUPABASE_URL=https://%s.supabase.co\nNEXT_PUBLIC_SUPABASE_ANON_KEY=%s" % (
            ref, jwt({"iss": "supabase", "ref": ref, "role": "anon", "iat": 1712000000, "exp": 2027576000}))
    if k == 2:
        return "mapboxgl.accessToken = 'pk.%s.%s';" % (b64u_js({"u": pick(ORGS), "a": rs(25, LOW + DIG)}), rs(22, B64U))
    if k == 3:
        return "posthog.init('phc_%s', { api_host: 'https://eu.i.posthog.com' })" % rs(43)
    if k == 4:
        return "<div class=\"g-recaptcha\" data-sitekey=\"6L%s\"></div>" % rs(38, B64U)
    if k == 5:
        return "const searchClient = algoliasearch('%s', '%s'); // search-only key, safe in browser" % (rs(10, UPP + DIG), hx(32))
    if k == 6:
        return "Sentry.init({ dsn: \"https://%s@o%s.ingest.us.sentry.io/%s\", tracesSampleRate: 0.1 });" % (hx(32), digits(6), digits(7))
    return "datadogRum.init({ applicationId: '%s', clientToken: 'pub%s', site: 'datadoghq.eu', service: '%s-web' });" % (uuid4(), hx(32), pick(ORGS))


@ben
def b_public_ids_auth():
    return pick(["AUTH0_DOMAIN=%s.eu.auth0.com\nAUTH0_CLIENT_ID=%s" % (pick(ORGS), rs(32)),
                 "GOOGLE_CLIENT_ID=%s-%s.apps.googleusercontent.com" % (digits(12), rs(32, B36L)),
                 "OKTA_CLIENT_ID=0oa%s\nOKTA_ISSUER=https://%s.okta.com/oauth2/default" % (rs(17), pick(ORGS)),
                 "GitHub App: App ID %d, Client ID Iv1.%s, installation %d" % (num(100000, 999999), hx(16), num(10000000, 99999999)),
                 "NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_%s" % b64s("clerk.%s.com$" % pick(ORGS)).rstrip("="),
                 "AZURE_TENANT_ID=%s\nAZURE_CLIENT_ID=%s\nAZURE_SUBSCRIPTION_ID=%s" % (uuid4(), uuid4(), uuid4())])


@ben
def b_vendor_object_ids():
    return pick(["Twilio: Account SID AC%s, Messaging Service MG%s, message SM%s delivered" % (hx(32), hx(32), hx(32)),
                 "Slack: channel C0%s in team T0%s, bot user U0%s, ts=%s.%s" % (rs(9, UPP + DIG), rs(8, UPP + DIG), rs(9, UPP + DIG), epoch(), digits(6)),
                 "OpenAI: org-%s / proj_%s, response resp_%s, file file-%s" % (rs(24), rs(24), hx(48), rs(22)),
                 "Anthropic response id msg_01%s (request-id req_011C%s), tool_use id toolu_01%s" % (rs(22), rs(20), rs(22)),
                 "Vercel project prj_%s (team team_%s), deployment dpl_%s" % (rs(28), rs(24), rs(28)),
                 "Cloudflare zone_id=%s account_id=%s" % (hx(32), hx(32)),
                 "chatcmpl-%s finished with reason=stop, usage=%d tokens" % (rs(29), num(100, 4000)),
                 "Shopify order gid://shopify/Order/%s, customer gid://shopify/Customer/%s" % (digits(13), digits(13)),
                 "Airtable base app%s, table tbl%s, record rec%s" % (rs(14), rs(14), rs(14)),
                 "Notion page https://www.notion.so/%s/%s-%s" % (pick(ORGS), pick(["Runbook", "Onboarding", "Incident-Review"]), hx(32)),
                 "HubSpot portal %d, deal %d, owner %d" % (num(1000000, 99999999), num(10 ** 9, 10 ** 10), num(10 ** 7, 10 ** 8)),
                 "Render service srv-%s, deploy dep-%s" % (rs(20, B36L), rs(20, B36L)),
                 "Fly machine %s in app %s (image deployment-%s)" % (hx(14), app_name(), rs(26, UPP + DIG)),
                 "Netlify deploy %s for site %s" % (hx(24), uuid4())])


@ben
def b_misc_ids():
    return pick(["Mongo _id ObjectId(\"%s\")" % hx(24), "ULID %s" % rs(26, "0123456789ABCDEFGHJKMNPQRSTVWXYZ"),
                 "KSUID %s" % rs(27, B62), "Firestore doc users/%s" % rs(20, B62),
                 "Google Doc https://docs.google.com/document/d/%s/edit" % rs(44, B64U),
                 "YouTube demo https://youtu.be/%s" % rs(11, B64U), "Figma https://www.figma.com/design/%s/Checkout-v2" % rs(22, B62),
                 "k8s uid %s" % uuid4(), "terraform state lineage \"%s\"" % uuid4(), "container %s" % hx(64),
                 "BigQuery job bquxjob_%s_%s" % (hx(8), hx(11)), "Snowflake query id 01b%s-0000-%s-0000-%s" % (hx(5), hx(4), hx(12)),
                 "run_id=scheduled__2024-06-%02dT02:00:00+00:00" % num(1, 28), "nanoid order ord_%s" % rs(21, B64U),
                 "git lfs oid sha256:%s size %d" % (hx(64), num(1000, 9 ** 9))])


@ben
def b_csp():
    return "Content-Security-Policy: default-src 'self'; script-src 'self' 'nonce-%s' 'sha256-%s'; object-src 'none'" % (b64of(rbytes(16)), b64of(rbytes(32)))


@ben
def b_pkce():
    return "https://%s.eu.auth0.com/authorize?response_type=code&client_id=%s&redirect_uri=https%%3A%%2F%%2Fapp.%s.com%%2Fcallback&scope=openid%%20profile&state=%s&code_challenge=%s&code_challenge_method=S256" % (
        pick(ORGS), rs(32), pick(ORGS), rs(32, B64U), rs(43, B64U))


@ben
def b_sha256sum():
    s = pick(SVCS)
    return "$ sha256sum dist/%s-linux-amd64.tar.gz\n%s  dist/%s-linux-amd64.tar.gz" % (s, hx(64), s)


@ben
def b_npm_view():
    p = pick(PKGS)
    return "$ npm view %s dist\n{\n  shasum: '%s',\n  tarball: 'https://registry.npmjs.org/%s/-/%s-%s.tgz',\n  integrity: 'sha512-%s'\n}" % (
        p, hx(40), p, p.split("/")[-1], semver(), b64of(rbytes(64)))


@ben
def b_ci_cache():
    return "Cache restored from key: node-cache-Linux-x64-pnpm-%s\nCache hit for restore-key: turbo-Linux-%s" % (hx(64), hx(40))


@ben
def b_pinned_actions():
    return "      - uses: actions/checkout@%s # v4.1.%d\n      - uses: pnpm/action-setup@%s # v3.0.0\n      - uses: actions/setup-node@%s # v4.0.%d" % (
        hx(40), num(0, 7), hx(40), hx(40), num(0, 3))


@ben
def b_renovate():
    return "| Package | Update | Change |\n|---|---|---|\n| node | digest | `%s` -> `%s` |\n| postgres | digest | `%s` -> `%s` |" % (hx(7), hx(7), hx(7), hx(7))


@ben
def b_tf_plan_sensitive():
    return "  ~ resource \"aws_db_instance\" \"main\" {\n      ~ password = (sensitive value)\n        id       = \"%s-prod\"\n        arn      = \"arn:aws:rds:%s:%s:db:%s-prod\"\n    }" % (
        pick(ORGS), pick(REGIONS), digits(12), pick(ORGS))


@ben
def b_kubectl_describe_secret():
    return "Name:         %s-env\nNamespace:    %s\nType:  Opaque\n\nData\n====\nDATABASE_URL:       %d bytes\nSTRIPE_SECRET_KEY:  %d bytes\nSESSION_SECRET:     64 bytes" % (
        pick(SVCS), ns(), num(60, 120), num(100, 110))


@ben
def b_env_lookups():
    return pick(["api_key = os.environ[\"OPENAI_API_KEY\"]", "const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!, { apiVersion: \"2024-04-10\" });",
                 "token = ENV.fetch(\"SHOPIFY_ACCESS_TOKEN\")", "@Value(\"${stripe.secret-key}\")\nprivate String stripeSecretKey;",
                 "'secret' => env('STRIPE_SECRET'),", "password := viper.GetString(\"database.password\")",
                 "let url = std::env::var(\"DATABASE_URL\").context(\"DATABASE_URL must be set\")?;",
                 "var key = Environment.GetEnvironmentVariable(\"SENDGRID_API_KEY\");",
                 "final apiKey = const String.fromEnvironment('MAPS_API_KEY');",
                 "val token = BuildConfig.SENTRY_AUTH_TOKEN // injected from local.properties, not committed"])


@ben
def b_env_schema():
    return "export const env = createEnv({\n  server: {\n    DATABASE_URL: z.string().url(),\n    STRIPE_SECRET_KEY: z.string().startsWith(\"sk_\"),\n    OPENAI_API_KEY: z.string().min(20),\n  },\n  client: { NEXT_PUBLIC_POSTHOG_KEY: z.string() },\n});"


@ben
def b_token_regex():
    return pick(["const STRIPE_KEY_RE = /^(sk|rk)_(live|test)_[0-9a-zA-Z]{24,}$/;",
                 "GITHUB_PAT = re.compile(r\"^(ghp|gho|ghs|ghu)_[A-Za-z0-9]{36}$\")",
                 "if !strings.HasPrefix(key, \"sk-ant-\") { return errInvalidKey }",
                 "# mask anything that looks like xoxb-\\d+-\\d+-\\w+ before logging"])


@ben
def b_notes_no_secret():
    return pick(["Rotated the Stripe restricted key; new value is in 1Password under \"Stripe prod (rk)\". Old one revoked at %s." % hhmm(),
                 "Decision: secrets live in Doppler (prd config), CI pulls them with a service token stored as ${{ secrets.DOPPLER_TOKEN }}.",
                 "%s says the staging DB password is in Vault at secret/data/staging/db — don't paste it here." % pick(PEOPLE),
                 "TODO: move SENDGRID_API_KEY from the Heroku config to Secrets Manager, then delete it from Heroku.",
                 "Incident follow-up: the leaked key was revoked within 4 minutes; GitHub push protection now enabled org-wide.",
                 "Reminder: never log request headers in the proxy — Authorization values ended up in Datadog last quarter.",
                 "PR review: %s asked to replace the hardcoded token with process.env.GITHUB_TOKEN and add it to turbo.json globalEnv." % pick(PEOPLE),
                 "Summary: password reset emails were failing because the Postmark server token env var was missing on the worker dyno."])


@ben
def b_notes_intl():
    return pick(["Das Passwort für die Staging-DB liegt im Vault unter secret/data/staging/db, bitte nicht hier reinkopieren.",
                 "Le mot de passe est dans 1Password (coffre « Plateforme »), ne pas le coller dans le ticket.",
                 "La clave de Stripe ya está en Doppler; la vieja se revocó ayer.",
                 "A senha nova está no cofre do Bitwarden, pasta Infra.",
                 "APIキーは Secrets Manager の prod/payments/stripe に保存済み。ここには書かないこと。",
                 "密钥已经放到 KMS 里了，代码里只读环境变量 STRIPE_SECRET_KEY。",
                 "Пароль от стейджинга лежит в Vault, путь secret/staging/admin.",
                 "La password è nel vault del team, chiedi a %s l'accesso." % pick(PEOPLE),
                 "Het wachtwoord staat in de gedeelde kluis, niet in Slack zetten.",
                 "Hasło jest w menedżerze haseł zespołu, nie wklejać do czatu.",
                 "비밀번호는 팀 볼트에 저장되어 있음. 채팅에 붙여넣지 말 것.",
                 "Şifre ekip kasasında duruyor, buraya yapıştırmayın."])


@ben
def b_commit_msgs():
    return pick(["chore(deps): bump axios from 1.6.8 to 1.7.2 in /apps/web\n\nSigned-off-by: dependabot[bot] <support@github.com>",
                 "fix(auth): stop logging Authorization header\n\nRefs: SEC-%d" % num(10, 400),
                 "feat(billing): read Stripe key from Secrets Manager instead of env\n\nCo-authored-by: {0} <{1}@{2}.com>".format(*((lambda p: (p, p.lower(), pick(ORGS)))(pick(PEOPLE)))),
                 "revert \"add temporary debug token\"\n\nThis reverts commit %s." % hx(40)])


@ben
def b_uuid_lists():
    return "\n".join("%s  %s  %s" % (uuid4(), pick(["queued", "running", "succeeded", "failed"]), ts()) for _ in range(num(2, 4)))


@ben
def b_aws_ids():
    return pick(["arn:aws:iam::%s:role/%s-github-oidc" % (digits(12), pick(ORGS)),
                 "KMS key arn:aws:kms:%s:%s:key/%s" % (pick(REGIONS), digits(12), uuid4()),
                 "Instance i-%s in subnet-%s, sg-%s" % (hx(17), hx(17), hx(17)),
                 "CloudFront distribution E%s, invalidation I%s" % (rs(13, UPP + DIG), rs(26, UPP + DIG)),
                 "AccessKeyId AKIA%s was last used %d days ago (secret not shown)" % (rs(16, UPP + "234567"), num(1, 400))])


@ben
def b_azurite():
    return pick(["AzureWebJobsStorage=UseDevelopmentStorage=true",
                 "# local Azurite emulator (well-known dev account, documented by Microsoft)\nDefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNO" "cqFlqUwJPLlmEtlCDXJ1" "OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/" "K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;"])


@ben
def b_hex_content():
    return pick(["ETag: \"%s\"" % hx(32), "x-goog-hash: crc32c=%s, md5=%s" % (b64of(rbytes(4)), b64of(rbytes(16))),
                 "Content-MD5: %s" % b64of(rbytes(16)), "If-None-Match: W/\"%s\"" % hx(40),
                 "Digest: sha-256=%s" % b64of(rbytes(32))])


@ben
def b_webhook_verify_code():
    return pick(["const sig = req.headers['x-hub-signature-256']; // sha256=<hex> computed with the secret from env",
                 "expected = hmac.new(settings.SHOPIFY_API_SECRET.encode(), body, hashlib.sha256).digest()",
                 "event = stripe.Webhook.construct_event(payload, sig_header, os.environ[\"STRIPE_WEBHOOK_SECRET\"])"])


@ben
def b_firebase_web():
    return "// firebase web config — these values are public identifiers, security is enforced by rules\nconst firebaseConfig = {\n  apiKey: \"AIza%s\",\n  authDomain: \"%s-app.firebaseapp.com\",\n  projectId: \"%s-app\",\n  appId: \"1:%s:web:%s\",\n};" % (
        rs(35, B64U), pick(ORGS), pick(ORGS), digits(12), hx(22))


@ben
def b_jwt_explainer():
    return pick(["The access token is a JWT (header.payload.signature); we verify it against the JWKS at https://%s.eu.auth0.com/.well-known/jwks.json." % pick(ORGS),
                 "Session cookie is `__Host-session`, HttpOnly, SameSite=Lax; value never logged.",
                 "Tokens expire after 15 minutes; refresh tokens rotate on every use (reuse detection on)."])


@ben
def b_debug_config_masked():
    return "Settings\nSECRET_KEY\t'********************'\nDATABASES\t{'default': {'ENGINE': 'django.db.backends.postgresql', 'HOST': '%s', 'NAME': 'app', 'PASSWORD': '********************', 'USER': 'app'}}" % pg_host()


@ben
def b_tool_versions():
    return "node %s\npnpm 9.%d.%d\npython 3.12.%d\nruby 3.3.%d\ngo 1.22.%d\n# .tool-versions sha %s" % (
        semver(), num(0, 12), num(0, 9), num(0, 4), num(0, 4), num(0, 5), hx(12))


@ben
def b_hashes_in_db():
    return "select id, email, created_at from users where id = '%s';\n id | email | created_at\n----+-------+-----------\n %s | %s@example.com | %s" % (
        uuid4(), uuid4(), pick(PEOPLE).lower(), ts_plain())


@ben
def b_otel_resource():
    return "resource.attributes: service.name=%s service.version=%s deployment.environment=prod host.id=%s k8s.pod.uid=%s" % (
        pick(SVCS), hx(7), hx(32), uuid4())


# =============================================================== assembly

_TARGETS = [("command", 224), ("tool-output", 240), ("config-file", 256), ("source-code", 240),
            ("stack-trace-or-log", 160), ("note-or-chat", 240), ("ci-and-deploy", 128), ("vendor-token", 112)]
_INTL = ("n_de_", "n_fr_", "n_es_", "n_pt_", "n_ja_", "n_zh_", "n_ru_", "n_it_", "n_nl_", "n_pl_", "n_ko_", "n_tr_")
_MAX_PER_FORMAT = 3
_BUILD_ISSUES = []


def _overlaps(text, a, b):
    i = text.find(a)
    while i != -1:
        j = text.find(b)
        while j != -1:
            if i < j + len(b) and j < i + len(a):
                return True
            j = text.find(b, j + 1)
        i = text.find(a, i + 1)
    return False


def _build_secrets():
    out = []
    fmts = collections.Counter()
    seen = set()
    for group, target in _TARGETS:
        fns = []
        for fn in _REG[group]:
            w = 1
            if group == "note-or-chat" and not fn.__name__.startswith(_INTL):
                w = 4
            fns.extend([fn] * w)
        got = 0
        i = 0
        while got < target and i < target * 40:
            fn = fns[i % len(fns)]
            i += 1
            fmt, text, sec, vis = fn()
            if fmts[fmt] >= _MAX_PER_FORMAT or sec in seen:
                continue
            if sec not in text or len(sec) < 8:
                _BUILD_ISSUES.append((fmt, "secret"))
                continue
            if vis and (vis not in text or vis in sec or sec in vis or _overlaps(text, vis, sec)):
                vis = ""
            fmts[fmt] += 1
            seen.add(sec)
            out.append((group, fmt, text, sec, vis))
            got += 1
    return out


SECRETS = _build_secrets()


def _build_benign(target=800):
    values = [s[3] for s in SECRETS]
    out = []
    seen = set()
    i = 0
    while len(out) < target and i < target * 30:
        fn = _BEN[i % len(_BEN)]
        i += 1
        b = fn()
        if b in seen or any(v in b for v in values):
            continue
        seen.add(b)
        out.append(b)
    return out


BENIGN = _build_benign()

__all__ = ["SECRETS", "BENIGN"]
