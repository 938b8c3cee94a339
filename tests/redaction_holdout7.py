# -*- coding: utf-8 -*-
"""A seventh hold-out corpus for secret redaction, written without reading the redaction
code; it measured 0.948 recall and 4.1% false positives blind (after the rules tuned on
the fourth, fifth and sixth; 0.934 and 5.2% with the rules before them), and the
redaction has since been tuned on it, so it is regression data now
(tests/test_redaction_holdouts.py holds its recall per group and its false positives).

Emphasis: the notes a coding agent keeps while working in a real team's repo
(hand-off notes, TODOs, decisions, pasted debug logs, shell history with
mistakes), config files from many ecosystems, secrets in unusual places, and
look-alikes a careless scanner would redact.

All values are generated at import time from random.Random(0x5EED0008).
No real credentials. Vendor prefixes are assembled from parts.
"""
import base64
import random
import string
import urllib.parse

R = random.Random(0x5EED0008)

SECRETS = []
BENIGN = []

LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
DIG = string.digits
HEXL = "0123456789abcdef"
HEXU = "0123456789ABCDEF"
ALNUM = LOWER + UPPER + DIG
LOWNUM = LOWER + DIG
UPNUM = UPPER + DIG
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
B32 = UPPER + "234567"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(HEXL, n)


def an(n):
    return rs(ALNUM, n)


def b64e(raw):
    return base64.b64encode(raw.encode() if isinstance(raw, str) else raw).decode()


def b64url_nopad(nbytes):
    return base64.urlsafe_b64encode(bytes(R.getrandbits(8) for _ in range(nbytes))).decode().rstrip("=")


def b64_bytes(nbytes):
    return base64.b64encode(bytes(R.getrandbits(8) for _ in range(nbytes))).decode()


def pick(seq):
    return R.choice(seq)


WORDS = ["river", "maple", "falcon", "copper", "orbit", "velvet", "harbor", "cactus",
         "lantern", "pixel", "tundra", "walnut", "saffron", "glacier", "otter", "meteor",
         "cobalt", "juniper", "quartz", "badger", "nimbus", "pepper", "willow", "zephyr",
         "marble", "tango", "sierra", "basil", "ember", "fjord", "granite", "hazel"]
SEASONS = ["Summer", "Winter", "Spring", "Autumn", "Fall"]
NAMES = ["alice", "bob", "carol", "dmitri", "eun-ji", "farah", "gustavo", "hiro", "ines",
         "jamal", "katya", "liam", "mei", "noor", "oskar", "priya", "quentin", "rosa"]
HOSTS = ["db.internal", "pg-main.prod.acme.io", "10.0.3.17", "mysql-replica-2",
         "redis.staging.svc.cluster.local", "mongo0.corp.example.net", "localhost",
         "warehouse.eu-west-1.rds.amazonaws.com", "192.168.56.10", "sql01.contoso.local"]
USERS = ["postgres", "admin", "deploy", "svc_etl", "app_rw", "root", "ci-bot",
         "reporting", "grafana", "jenkins", "sa", "backup_op", "webapp"]


def human_pw():
    k = R.randrange(8)
    w = pick(WORDS)
    if k == 0:
        return pick(SEASONS) + str(R.randrange(2019, 2027)) + pick("!#$@?")
    if k == 1:
        return w.capitalize() + str(R.randrange(10, 9999)) + pick("!.*%")
    if k == 2:
        return w.capitalize() + pick("@#_") + pick(WORDS).capitalize() + str(R.randrange(1, 99))
    if k == 3:
        return rs(ALNUM + "!@#%^*-_", R.randrange(14, 24))
    if k == 4:
        return "-".join(pick(WORDS) for _ in range(4))
    if k == 5:
        return w.replace("a", "@").replace("o", "0").capitalize() + str(R.randrange(100, 999)) + "!"
    if k == 6:
        return rs(ALNUM, R.randrange(16, 32))
    return pick(WORDS).capitalize() + pick(WORDS) + str(R.randrange(1000, 9999))


def rand_pw(n=None):
    return rs(ALNUM + "!#%+-_=~", n or R.randrange(16, 28))


def add(group, fmt, text, secret, visible=""):
    SECRETS.append((group, fmt, text, secret, visible))


def benign(text):
    BENIGN.append(text)


def uuid4():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


# ---------------------------------------------------------------------------
# Generic contexts for a token: returns (text) that contains val.
# ---------------------------------------------------------------------------

def ctx_variants(env, label, vendor, val):
    """Return a list of realistic carrier strings for a token value."""
    lab = label
    return [
        "export %s=%s" % (env, val),
        "%s=\"%s\"" % (env, val),
        "%s='%s'  # %s, do not commit" % (env, val, vendor),
        "{\"%s\": \"%s\", \"region\": \"eu\"}" % (lab, val),
        "%s:\n  %s: %s\n  timeout: 30" % (vendor.lower().replace(" ", "_"), lab, val),
        "curl -sS -H \"Authorization: Bearer %s\" https://api.%s.example/v1/me" % (val, vendor.lower().replace(" ", "")),
        "NOTE: used the %s token %s for the smoke test, rotate after merge" % (vendor, val),
        "client = %sClient(%s=\"%s\")" % (vendor.replace(" ", ""), lab, val),
        "gh secret set %s --body \"%s\" --repo acme/web" % (env, val),
        "kubectl create secret generic %s-creds --from-literal=%s=%s -n apps" % (vendor.lower().replace(" ", "-"), lab, val),
        "[%s]\n%s = \"%s\"" % (vendor.lower().replace(" ", "_"), lab, val),
        "docker run -e %s=%s ghcr.io/acme/worker:1.8.2" % (env, val),
        "  - name: %s\n    value: \"%s\"" % (env, val),
        "const %s = process.env.%s || '%s';" % (lab.upper() if lab.isupper() else "apiKey", env, val),
        "os.environ.setdefault(\"%s\", \"%s\")" % (env, val),
        "2026-11-30T10:14:22Z DEBUG http: X-Api-Key: %s" % val,
        "$env:%s = \"%s\"" % (env, val),
        "set %s=%s" % (env, val),
        "  %s = \"%s\"" % (env.lower(), val),
        "<add key=\"%s\" value=\"%s\" />" % (env, val),
    ]


def emit_token(group, fmt, env, label, vendor, gen, n=2):
    vs = ctx_variants(env, label, vendor, "X")
    n = min(n, 1 + (R.random() < 0.55))
    idx = R.sample(range(len(vs)), n)
    for i in idx:
        val = gen()
        text = ctx_variants(env, label, vendor, val)[i]
        add(group, fmt, text, val, env if env in text else "")


# ---------------------------------------------------------------------------
# Section 1: vendor tokens with well known prefixes
# ---------------------------------------------------------------------------
P = lambda *parts: "".join(parts)

KNOWN = [
    ("github-pat-classic", "GITHUB_TOKEN", "token", "GitHub", lambda: P("gh", "p_") + an(36)),
    ("github-fine-grained", "GH_PAT", "token", "GitHub", lambda: P("github", "_pat_") + rs(UPNUM, 22) + "_" + an(59)),
    ("github-oauth", "GH_OAUTH", "token", "GitHub", lambda: P("gh", "o_") + an(36)),
    ("github-app-install", "GH_APP_TOKEN", "token", "GitHub", lambda: P("gh", "s_") + an(36)),
    ("github-refresh", "GH_REFRESH", "refresh_token", "GitHub", lambda: P("gh", "r_") + an(76)),
    ("gitlab-pat", "GITLAB_TOKEN", "private_token", "GitLab", lambda: P("gl", "pat-") + rs(B64URL, 20)),
    ("gitlab-runner", "RUNNER_TOKEN", "token", "GitLab", lambda: P("glr", "t-") + rs(B64URL, 20)),
    ("gitlab-deploy", "CI_DEPLOY_PASSWORD", "password", "GitLab", lambda: P("gl", "dt-") + rs(B64URL, 20)),
    ("slack-bot", "SLACK_BOT_TOKEN", "bot_token", "Slack", lambda: P("xo", "xb-") + str(R.randrange(10**11, 10**12)) + "-" + str(R.randrange(10**12, 10**13)) + "-" + an(24)),
    ("slack-user", "SLACK_USER_TOKEN", "token", "Slack", lambda: P("xo", "xp-") + "-".join(str(R.randrange(10**11, 10**12)) for _ in range(3)) + "-" + hx(32)),
    ("slack-app", "SLACK_APP_TOKEN", "app_token", "Slack", lambda: P("xa", "pp-1-") + rs(UPNUM, 11) + "-" + str(R.randrange(10**12, 10**13)) + "-" + hx(64)),
    ("stripe-live-secret", "STRIPE_SECRET_KEY", "secret_key", "Stripe", lambda: P("sk", "_live_") + an(99)),
    ("stripe-test-secret", "STRIPE_KEY", "api_key", "Stripe", lambda: P("sk", "_test_") + an(24)),
    ("stripe-restricted", "STRIPE_RK", "restricted_key", "Stripe", lambda: P("rk", "_live_") + an(24)),
    ("stripe-webhook", "STRIPE_WEBHOOK_SECRET", "webhook_secret", "Stripe", lambda: P("wh", "sec_") + an(32)),
    ("openai-project", "OPENAI_API_KEY", "api_key", "OpenAI", lambda: P("sk", "-proj-") + rs(B64URL, 120)),
    ("openai-legacy", "OPENAI_KEY", "api_key", "OpenAI", lambda: P("sk", "-") + an(20) + "T3Blbk" + "FJ" + an(20)),
    ("anthropic", "ANTHROPIC_API_KEY", "api_key", "Anthropic", lambda: P("sk", "-ant-", "api03-") + rs(B64URL, 93) + "AA"),
    ("google-api-key", "GOOGLE_API_KEY", "key", "Google", lambda: P("AI", "za") + rs(B64URL, 35)),
    ("google-oauth-secret", "GOOGLE_CLIENT_SECRET", "client_secret", "Google", lambda: P("GOC", "SPX-") + rs(B64URL, 28)),
    ("aws-access-key-id+secret", "AWS_SECRET_ACCESS_KEY", "aws_secret_access_key", "AWS", lambda: rs(ALNUM + "+/", 40)),
    ("sendgrid", "SENDGRID_API_KEY", "api_key", "SendGrid", lambda: P("S", "G.") + rs(B64URL, 22) + "." + rs(B64URL, 43)),
    ("npm-token", "NPM_TOKEN", "token", "npm", lambda: P("np", "m_") + an(36)),
    ("pypi-token", "PYPI_API_TOKEN", "password", "PyPI", lambda: P("py", "pi-") + "AgEIcHlwaS5vcmc" + rs(B64URL, 140)),
    ("hf-token", "HF_TOKEN", "token", "HuggingFace", lambda: P("h", "f_") + rs(ALNUM, 34)),
    ("digitalocean-pat", "DIGITALOCEAN_TOKEN", "token", "DigitalOcean", lambda: P("dop", "_v1_") + hx(64)),
    ("shopify-admin", "SHOPIFY_ACCESS_TOKEN", "access_token", "Shopify", lambda: P("shp", "at_") + hx(32)),
    ("shopify-shared", "SHOPIFY_SHARED_SECRET", "shared_secret", "Shopify", lambda: P("shp", "ss_") + hx(32)),
    ("twilio-api-key-secret", "TWILIO_API_SECRET", "api_secret", "Twilio", lambda: an(32)),
    ("mailgun-key", "MAILGUN_API_KEY", "api_key", "Mailgun", lambda: P("ke", "y-") + hx(32)),
    ("mailgun-private-new", "MAILGUN_PRIVATE_KEY", "private_key", "Mailgun", lambda: hx(32) + "-" + hx(8) + "-" + hx(8)),
    ("doppler-service", "DOPPLER_TOKEN", "token", "Doppler", lambda: P("dp", ".st.") + pick(["prd", "stg", "dev"]) + "." + an(43)),
    ("doppler-personal", "DOPPLER_TOKEN", "token", "Doppler", lambda: P("dp", ".pt.") + an(43)),
    ("doppler-cli", "DOPPLER_CLI_TOKEN", "token", "Doppler", lambda: P("dp", ".ct.") + an(43)),
    ("doppler-sa", "DOPPLER_SA_TOKEN", "token", "Doppler", lambda: P("dp", ".sa.") + an(43)),
    ("doppler-scim", "DOPPLER_SCIM", "scim_token", "Doppler", lambda: P("dp", ".scim.") + an(43)),
    ("vault-service", "VAULT_TOKEN", "token", "Vault", lambda: P("hv", "s.") + rs(B64URL, 90)),
    ("vault-legacy", "VAULT_TOKEN", "token", "Vault", lambda: P("s", ".") + an(24)),
    ("terraform-cloud", "TFE_TOKEN", "token", "Terraform Cloud", lambda: an(14) + P(".at", "lasv1.") + an(67)),
    ("pulumi", "PULUMI_ACCESS_TOKEN", "access_token", "Pulumi", lambda: P("pu", "l-") + hx(40)),
    ("databricks", "DATABRICKS_TOKEN", "token", "Databricks", lambda: P("dap", "i") + hx(32)),
    ("linear", "LINEAR_API_KEY", "api_key", "Linear", lambda: P("lin", "_api_") + an(40)),
    ("notion", "NOTION_TOKEN", "token", "Notion", lambda: P("secret", "_") + an(43)),
    ("notion-ntn", "NOTION_API_KEY", "api_key", "Notion", lambda: P("nt", "n_") + rs(DIG, 11) + an(35)),
    ("atlassian", "JIRA_API_TOKEN", "api_token", "Atlassian", lambda: P("ATA", "TT3") + rs(B64URL, 180) + "=" + hx(8).upper()),
    ("sentry-auth", "SENTRY_AUTH_TOKEN", "auth_token", "Sentry", lambda: P("sn", "trys_") + b64url_nopad(60)),
    ("sentry-user", "SENTRY_TOKEN", "token", "Sentry", lambda: P("sn", "tryu_") + hx(64)),
    ("grafana-sa", "GRAFANA_TOKEN", "token", "Grafana", lambda: P("gl", "sa_") + an(32) + "_" + hx(8)),
    ("grafana-cloud", "GRAFANA_CLOUD_TOKEN", "token", "Grafana", lambda: P("gl", "c_") + b64url_nopad(90)),
    ("newrelic-user", "NEW_RELIC_API_KEY", "api_key", "New Relic", lambda: P("NR", "AK-") + rs(UPNUM, 27)),
    ("newrelic-ingest", "NEW_RELIC_LICENSE_KEY", "license_key", "New Relic", lambda: hx(36) + P("NR", "AL")),
    ("datadog-api", "DD_API_KEY", "api_key", "Datadog", lambda: hx(32)),
    ("datadog-app", "DD_APP_KEY", "app_key", "Datadog", lambda: hx(40)),
    ("postman", "POSTMAN_API_KEY", "api_key", "Postman", lambda: P("PM", "AK-") + hx(24) + "-" + hx(34)),
    ("figma", "FIGMA_TOKEN", "token", "Figma", lambda: P("fig", "d_") + rs(B64URL, 40)),
    ("planetscale-pw", "DATABASE_PASSWORD", "password", "PlanetScale", lambda: P("pscale", "_pw_") + rs(B64URL, 43)),
    ("planetscale-token", "PLANETSCALE_TOKEN", "service_token", "PlanetScale", lambda: P("pscale", "_tkn_") + rs(B64URL, 43)),
    ("supabase-service", "SUPABASE_SERVICE_KEY", "service_key", "Supabase", lambda: P("sb", "_secret_") + rs(B64URL, 32)),
    ("fly-io", "FLY_API_TOKEN", "token", "Fly", lambda: P("Fly", "V1 ") + "fm2_" + b64_bytes(96)),
    ("age-secret-key", "SOPS_AGE_KEY", "age_key", "SOPS", lambda: P("AGE-SECRET", "-KEY-1") + rs("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)),
    ("clojars", "CLOJARS_TOKEN", "password", "Clojars", lambda: P("CL", "OJARS_") + hx(60)),
    ("rubygems", "GEM_HOST_API_KEY", "api_key", "RubyGems", lambda: P("rubygems", "_") + hx(48)),
    ("dockerhub-pat", "DOCKERHUB_TOKEN", "token", "DockerHub", lambda: P("dck", "r_pat_") + rs(B64URL, 27)),
    ("heroku-new", "HEROKU_API_KEY", "api_key", "Heroku", lambda: P("HRK", "U-AA") + rs(B64URL, 58)),
    ("cloudflare-api-token", "CLOUDFLARE_API_TOKEN", "api_token", "Cloudflare", lambda: rs(B64URL, 40)),
    ("telegram-bot", "TELEGRAM_BOT_TOKEN", "bot_token", "Telegram", lambda: str(R.randrange(10**8, 10**10)) + ":AA" + rs(B64URL, 33)),
    ("discord-bot", "DISCORD_TOKEN", "token", "Discord", lambda: "MT" + rs(B64URL, 24) + "." + rs(B64URL, 6) + "." + rs(B64URL, 38)),
    ("square-access", "SQUARE_ACCESS_TOKEN", "access_token", "Square", lambda: P("EAA", "A") + rs(B64URL, 60)),
    ("shippo", "SHIPPO_API_KEY", "api_key", "Shippo", lambda: P("shippo", "_live_") + hx(40)),
    ("easypost", "EASYPOST_API_KEY", "api_key", "EasyPost", lambda: P("EZ", "AK") + hx(54)),
    ("lob", "LOB_API_KEY", "api_key", "Lob", lambda: P("live", "_") + hx(35)),
    ("algolia-admin", "ALGOLIA_ADMIN_KEY", "admin_key", "Algolia", lambda: hx(32)),
    ("mapbox-secret", "MAPBOX_SECRET_TOKEN", "access_token", "Mapbox", lambda: P("s", "k.") + b64url_nopad(45) + "." + rs(B64URL, 22)),
    ("okta", "OKTA_API_TOKEN", "api_token", "Okta", lambda: "00" + rs(B64URL, 40)),
    ("azure-storage-key", "AZURE_STORAGE_KEY", "account_key", "Azure", lambda: b64_bytes(64)),
    ("azure-ad-client-secret", "AZURE_CLIENT_SECRET", "client_secret", "Azure", lambda: rs(ALNUM, 3) + "8Q~" + rs(ALNUM + "~_.-", 34)),
    ("jwt-bearer", "ACCESS_TOKEN", "access_token", "Auth0", lambda: "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9." + b64url_nopad(R.randrange(90, 200)) + "." + b64url_nopad(256)),
    ("buildkite", "BUILDKITE_AGENT_TOKEN", "token", "Buildkite", lambda: P("bk", "ua_") + hx(40)),
    ("circleci", "CIRCLE_TOKEN", "token", "CircleCI", lambda: P("CC", "IPAT_") + an(22) + "_" + hx(40)),
    ("netlify", "NETLIFY_AUTH_TOKEN", "auth_token", "Netlify", lambda: P("nf", "p_") + an(36)),
    ("vercel", "VERCEL_TOKEN", "token", "Vercel", lambda: an(24)),
    ("render", "RENDER_API_KEY", "api_key", "Render", lambda: P("rn", "d_") + an(32)),
    ("railway", "RAILWAY_TOKEN", "token", "Railway", lambda: uuid4()),
    ("replicate", "REPLICATE_API_TOKEN", "api_token", "Replicate", lambda: P("r", "8_") + an(37)),
    ("groq", "GROQ_API_KEY", "api_key", "Groq", lambda: P("gs", "k_") + an(52)),
    ("xai", "XAI_API_KEY", "api_key", "xAI", lambda: P("xa", "i-") + an(80)),
    ("perplexity", "PPLX_API_KEY", "api_key", "Perplexity", lambda: P("pp", "lx-") + an(48)),
    ("langsmith", "LANGCHAIN_API_KEY", "api_key", "LangSmith", lambda: P("ls", "v2_pt_") + hx(32) + "_" + hx(10)),
    ("contentful", "CONTENTFUL_DELIVERY_TOKEN", "access_token", "Contentful", lambda: rs(B64URL, 43)),
    ("twitch", "TWITCH_CLIENT_SECRET", "client_secret", "Twitch", lambda: rs(LOWNUM, 30)),
    ("dropbox", "DROPBOX_TOKEN", "token", "Dropbox", lambda: P("sl", ".") + rs(B64URL, 135)),
    ("asana", "ASANA_PAT", "token", "Asana", lambda: "2/" + rs(DIG, 16) + "/" + rs(DIG, 16) + ":" + hx(32)),
    ("airtable-pat", "AIRTABLE_TOKEN", "token", "Airtable", lambda: P("pa", "t") + an(14) + "." + hx(64)),
    ("hubspot-pat", "HUBSPOT_TOKEN", "token", "HubSpot", lambda: P("pat", "-na1-") + uuid4()),
    ("cohere", "CO_API_KEY", "api_key", "Cohere", lambda: an(40)),
    ("mistral", "MISTRAL_API_KEY", "api_key", "Mistral", lambda: an(32)),
    ("pinecone", "PINECONE_API_KEY", "api_key", "Pinecone", lambda: P("pc", "sk_") + an(5) + "_" + an(60)),
    ("tailscale", "TS_AUTHKEY", "authkey", "Tailscale", lambda: P("tskey", "-auth-") + an(12) + "CNTRL-" + an(33)),
    ("ngrok", "NGROK_AUTHTOKEN", "authtoken", "ngrok", lambda: an(27) + "_" + an(21)),
    ("snyk", "SNYK_TOKEN", "token", "Snyk", lambda: uuid4()),
    ("sonar", "SONAR_TOKEN", "token", "SonarQube", lambda: P("sq", "p_") + hx(40)),
    ("octopus", "OCTOPUS_API_KEY", "api_key", "Octopus", lambda: P("API", "-") + rs(UPNUM, 26)),
]

for fmt, env, label, vendor, gen in KNOWN:
    emit_token("vendor-token", fmt, env, label, vendor, gen, n=2)



# ---------------------------------------------------------------------------
# Section 2: obscure / new / internal token schemes (no rule table names them)
# ---------------------------------------------------------------------------
OBSCURE = [
    # (fmt, env, label, vendor, generator)
    ("acme-internal-svc", "ACME_SVC_TOKEN", "svc_token", "Acme", lambda: P("acme", "_svc_") + an(40)),
    ("acme-internal-live", "ACME_API_KEY", "api_key", "Acme", lambda: P("acm", "_live_") + rs(LOWNUM, 32)),
    ("globex-bearer", "GLOBEX_TOKEN", "token", "Globex", lambda: P("gbx", ".v2.") + b64url_nopad(33)),
    ("initech-tps", "TPS_REPORT_KEY", "key", "Initech", lambda: P("TPS", "-") + "-".join(rs(UPNUM, 5) for _ in range(5))),
    ("hooli-xyz", "HOOLI_SECRET", "secret", "Hooli", lambda: P("hxyz", "_") + hx(48)),
    ("umbrella-corp", "UMB_KEY", "key", "Umbrella", lambda: P("umb", "k1") + rs(B32, 52)),
    ("piedpiper-mc", "PP_MIDDLEOUT", "token", "PiedPiper", lambda: P("ppmo", "~") + rs(B64URL, 36)),
    ("wonka-int", "WONKA_TICKET", "ticket", "Wonka", lambda: P("gold", "tkt_") + rs(LOWNUM, 28)),
    ("internal-jwt-hs", "INTERNAL_JWT_SECRET", "jwt_secret", "Platform", lambda: hx(64)),
    ("session-signing", "SESSION_SECRET", "session_secret", "Express", lambda: rs(ALNUM, 48)),
    ("django-secret-key", "DJANGO_SECRET_KEY", "SECRET_KEY", "Django", lambda: P("django", "-insecure-") + rs(LOWER + DIG + "!@#$%^&*(-_=+)", 50)),
    ("rails-master-key", "RAILS_MASTER_KEY", "master_key", "Rails", lambda: hx(32)),
    ("laravel-app-key", "APP_KEY", "app_key", "Laravel", lambda: "base64:" + b64_bytes(32)),
    ("phoenix-secret-key-base", "SECRET_KEY_BASE", "secret_key_base", "Phoenix", lambda: rs(B64, 64)),
    ("nextauth-secret", "NEXTAUTH_SECRET", "secret", "NextAuth", lambda: b64_bytes(32)),
    ("flask-secret", "FLASK_SECRET_KEY", "SECRET_KEY", "Flask", lambda: hx(48)),
    ("symfony-app-secret", "APP_SECRET", "secret", "Symfony", lambda: hx(32)),
    ("ghost-admin-key", "GHOST_ADMIN_API_KEY", "admin_key", "Ghost", lambda: hx(24) + ":" + hx(64)),
    ("strapi-jwt", "ADMIN_JWT_SECRET", "jwt_secret", "Strapi", lambda: b64_bytes(16)),
    ("keygen-sh", "KEYGEN_TOKEN", "token", "Keygen", lambda: P("prod", "-") + hx(64) + "v3"),
    ("unkey-root", "UNKEY_ROOT_KEY", "root_key", "Unkey", lambda: P("unkey", "_") + an(24)),
    ("resend", "RESEND_API_KEY", "api_key", "Resend", lambda: P("r", "e_") + an(8) + "_" + an(24)),
    ("loops", "LOOPS_API_KEY", "api_key", "Loops", lambda: hx(32)),
    ("postmark-server", "POSTMARK_SERVER_TOKEN", "server_token", "Postmark", lambda: uuid4()),
    ("brevo", "BREVO_API_KEY", "api_key", "Brevo", lambda: P("xke", "ysib-") + hx(64) + "-" + an(16)),
    ("mailjet-secret", "MJ_APIKEY_PRIVATE", "secret_key", "Mailjet", lambda: hx(32)),
    ("sparkpost", "SPARKPOST_API_KEY", "api_key", "SparkPost", lambda: hx(40)),
    ("plivo-auth", "PLIVO_AUTH_TOKEN", "auth_token", "Plivo", lambda: an(40)),
    ("vonage-secret", "VONAGE_API_SECRET", "api_secret", "Vonage", lambda: an(16)),
    ("messagebird", "MESSAGEBIRD_KEY", "access_key", "MessageBird", lambda: an(25)),
    ("onesignal", "ONESIGNAL_REST_KEY", "rest_api_key", "OneSignal", lambda: P("os", "_v2_app_") + rs(LOWER + "234567", 120)),
    ("expo-access", "EXPO_TOKEN", "token", "Expo", lambda: rs(B64URL, 40)),
    ("appcenter", "APPCENTER_API_TOKEN", "api_token", "AppCenter", lambda: hx(40)),
    ("fastlane-session", "FASTLANE_SESSION", "session", "Fastlane", lambda: "---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n  value: " + hx(80)),
    ("match-password", "MATCH_PASSWORD", "password", "fastlane match", lambda: human_pw()),
    ("app-store-connect-p8-id", "ASC_KEY_CONTENT", "key_content", "AppStoreConnect", lambda: b64_bytes(96)),
    ("firebase-server-key", "FCM_SERVER_KEY", "server_key", "Firebase", lambda: P("AAAA", "") + rs(B64URL, 7) + ":" + P("APA91b") + rs(B64URL, 134)),
    ("unity-license", "UNITY_PASSWORD", "password", "Unity", lambda: human_pw()),
    ("unity-serial", "UNITY_SERIAL", "serial", "Unity", lambda: "-".join([P("E", "3")+rs(UPNUM, 2)] + [rs(UPNUM, 4) for _ in range(5)])),
    ("steam-webapi", "STEAM_API_KEY", "key", "Steam", lambda: hx(32).upper()),
    ("epic-eos-secret", "EOS_CLIENT_SECRET", "client_secret", "EpicOnlineServices", lambda: rs(B64URL, 43)),
    ("playfab-secret", "PLAYFAB_SECRET_KEY", "secret_key", "PlayFab", lambda: rs(UPNUM, 52)),
    ("photon-appid-secret", "PHOTON_SECRET", "secret", "Photon", lambda: uuid4().replace("-", "")),
    ("itch-butler", "BUTLER_API_KEY", "api_key", "itch.io", lambda: rs(ALNUM, 40)),
    ("gamelift-fleet-token", "GAMELIFT_AUTH_TOKEN", "auth_token", "GameLift", lambda: P("glft", ".") + b64url_nopad(30)),
    ("particle-io", "PARTICLE_ACCESS_TOKEN", "access_token", "Particle", lambda: hx(40)),
    ("balena", "BALENA_TOKEN", "token", "balena", lambda: an(32)),
    ("golioth-psk", "GOLIOTH_PSK", "psk", "Golioth", lambda: hx(32)),
    ("thingsboard-device", "TB_ACCESS_TOKEN", "accessToken", "ThingsBoard", lambda: an(20)),
    ("azure-iot-sas", "IOTHUB_DEVICE_KEY", "SharedAccessKey", "AzureIoT", lambda: b64_bytes(32)),
    ("blynk", "BLYNK_AUTH_TOKEN", "auth", "Blynk", lambda: rs(B64URL, 32)),
    ("adafruit-io", "AIO_KEY", "aio_key", "AdafruitIO", lambda: P("ai", "o_") + an(28)),
    ("hivemq-pass", "MQTT_PASSWORD", "password", "HiveMQ", lambda: human_pw()),
    ("ttn-api-key", "TTN_API_KEY", "api_key", "TheThingsNetwork", lambda: P("NNS", "XS.") + rs(UPNUM, 39) + "." + rs(UPNUM, 52)),
    ("arduino-cloud", "ARDUINO_CLIENT_SECRET", "client_secret", "ArduinoCloud", lambda: rs(ALNUM, 64)),
    ("esp-ota-pass", "OTA_PASSWORD", "ota_password", "ESPHome", lambda: rs(LOWNUM, 16)),
    ("esphome-api-encryption", "API_ENCRYPTION_KEY", "key", "ESPHome", lambda: b64_bytes(32)),
    ("homeassistant-llat", "HASS_TOKEN", "token", "HomeAssistant", lambda: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + b64url_nopad(80) + "." + b64url_nopad(32)),
    ("snowflake-pat", "SNOWFLAKE_TOKEN", "token", "Snowflake", lambda: "ver:1-hint:" + rs(DIG, 10) + "-ETMsDgAAA" + rs(B64, 100)),
    ("dbt-cloud", "DBT_CLOUD_API_TOKEN", "token", "dbtCloud", lambda: P("dbt", "c_") + an(52)),
    ("fivetran-secret", "FIVETRAN_API_SECRET", "api_secret", "Fivetran", lambda: an(32)),
    ("airbyte-token", "AIRBYTE_CLIENT_SECRET", "client_secret", "Airbyte", lambda: an(40)),
    ("prefect-key", "PREFECT_API_KEY", "api_key", "Prefect", lambda: P("pn", "u_") + an(36)),
    ("dagster-cloud", "DAGSTER_CLOUD_API_TOKEN", "token", "Dagster", lambda: P("user", ":") + hx(32)),
    ("wandb", "WANDB_API_KEY", "api_key", "WandB", lambda: hx(40)),
    ("comet", "COMET_API_KEY", "api_key", "Comet", lambda: an(25)),
    ("neptune", "NEPTUNE_API_TOKEN", "api_token", "Neptune", lambda: b64e('{"api_address":"https://app.neptune.ai","api_key":"' + uuid4() + '"}')),
    ("clickhouse-cloud", "CLICKHOUSE_PASSWORD", "password", "ClickHouse", lambda: rs(ALNUM + "~._", 14)),
    ("motherduck", "MOTHERDUCK_TOKEN", "motherduck_token", "MotherDuck", lambda: "eyJhbGciOiJIUzI1NiJ9." + b64url_nopad(120) + "." + b64url_nopad(32)),
    ("upstash-redis", "UPSTASH_REDIS_REST_TOKEN", "token", "Upstash", lambda: "A" + rs(B64URL, 4) + "AAIjcD" + rs(B64URL, 60)),
    ("neon-api", "NEON_API_KEY", "api_key", "Neon", lambda: rs(LOWNUM, 64)),
    ("turso-auth", "TURSO_AUTH_TOKEN", "authToken", "Turso", lambda: "eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9." + b64url_nopad(100) + "." + b64url_nopad(64)),
    ("convex-deploy", "CONVEX_DEPLOY_KEY", "deploy_key", "Convex", lambda: "prod:" + pick(WORDS) + "-" + pick(WORDS) + "-" + str(R.randrange(100, 999)) + "|" + rs(B64URL, 60)),
    ("clerk-secret", "CLERK_SECRET_KEY", "secret_key", "Clerk", lambda: P("sk", "_test_") + an(46)),
    ("stytch-secret", "STYTCH_SECRET", "secret", "Stytch", lambda: P("secret", "-test-") + rs(B64URL, 36) + "="),
    ("workos", "WORKOS_API_KEY", "api_key", "WorkOS", lambda: P("sk", "_") + rs(B64URL, 64)),
    ("launchdarkly-sdk", "LD_SDK_KEY", "sdk_key", "LaunchDarkly", lambda: P("sdk", "-") + uuid4()),
    ("launchdarkly-api", "LD_API_KEY", "api_key", "LaunchDarkly", lambda: P("api", "-") + uuid4()),
    ("statsig-server", "STATSIG_SERVER_SECRET", "server_secret", "Statsig", lambda: P("secret", "-") + an(43)),
    ("posthog-personal", "POSTHOG_PERSONAL_API_KEY", "api_key", "PostHog", lambda: P("ph", "x_") + an(47)),
    ("mixpanel-secret", "MIXPANEL_API_SECRET", "api_secret", "Mixpanel", lambda: hx(32)),
    ("segment-write", "SEGMENT_WRITE_KEY", "write_key", "Segment", lambda: an(32)),
    ("bugsnag", "BUGSNAG_API_KEY", "api_key", "Bugsnag", lambda: hx(32)),
    ("rollbar-server", "ROLLBAR_ACCESS_TOKEN", "access_token", "Rollbar", lambda: hx(32)),
    ("honeycomb", "HONEYCOMB_API_KEY", "api_key", "Honeycomb", lambda: P("hc", "aik_") + rs(LOWNUM, 58)),
    ("logtail", "LOGTAIL_SOURCE_TOKEN", "source_token", "BetterStack", lambda: an(24)),
    ("axiom", "AXIOM_TOKEN", "token", "Axiom", lambda: P("xa", "at-") + uuid4()),
    ("opsgenie", "OPSGENIE_API_KEY", "api_key", "Opsgenie", lambda: uuid4()),
    ("pagerduty-routing", "PD_ROUTING_KEY", "routing_key", "PagerDuty", lambda: hx(32)),
    ("pagerduty-api", "PAGERDUTY_TOKEN", "token", "PagerDuty", lambda: P("u+", "") + rs(B64URL, 18)),
    ("incident-io", "INCIDENT_IO_API_KEY", "api_key", "incident.io", lambda: P("inc", "_") + an(56)),
    ("jfrog-identity", "JFROG_ACCESS_TOKEN", "access_token", "JFrog", lambda: P("cmVm", "dGtu") + rs(B64, 60)),
    ("jfrog-apikey", "ARTIFACTORY_API_KEY", "apikey", "Artifactory", lambda: P("AKC", "p8") + an(69)),
    ("nexus-pass", "NEXUS_PASSWORD", "password", "Nexus", lambda: human_pw()),
    ("cloudsmith", "CLOUDSMITH_API_KEY", "api_key", "Cloudsmith", lambda: hx(40)),
    ("gemfury", "FURY_TOKEN", "token", "Gemfury", lambda: rs(LOWNUM + "-", 20)),
    ("bitbucket-app-pw", "BITBUCKET_APP_PASSWORD", "app_password", "Bitbucket", lambda: P("ATB", "B") + an(28) + hx(8).upper()),
    ("gitea", "GITEA_TOKEN", "token", "Gitea", lambda: hx(40)),
    ("forgejo-runner", "FORGEJO_RUNNER_SECRET", "secret", "Forgejo", lambda: hx(40)),
    ("drone", "DRONE_TOKEN", "token", "Drone", lambda: an(32)),
    ("woodpecker-agent", "WOODPECKER_AGENT_SECRET", "agent_secret", "Woodpecker", lambda: hx(64)),
    ("argocd-token", "ARGOCD_AUTH_TOKEN", "auth_token", "ArgoCD", lambda: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + b64url_nopad(150) + "." + b64url_nopad(32)),
    ("harbor-robot", "HARBOR_ROBOT_SECRET", "secret", "Harbor", lambda: an(32)),
    ("quay-robot", "QUAY_ROBOT_TOKEN", "token", "Quay", lambda: rs(UPNUM, 64)),
    ("rancher", "RANCHER_TOKEN", "token", "Rancher", lambda: P("token", "-") + rs(LOWNUM, 5) + ":" + rs(LOWNUM, 54)),
    ("portainer", "PORTAINER_API_KEY", "api_key", "Portainer", lambda: P("pt", "r_") + rs(B64, 44)),
    ("coolify", "COOLIFY_TOKEN", "token", "Coolify", lambda: str(R.randrange(1, 99)) + "|" + an(40)),
    ("hetzner", "HCLOUD_TOKEN", "token", "Hetzner", lambda: an(64)),
    ("linode", "LINODE_TOKEN", "token", "Linode", lambda: hx(64)),
    ("vultr", "VULTR_API_KEY", "api_key", "Vultr", lambda: rs(UPNUM, 36)),
    ("scaleway-secret", "SCW_SECRET_KEY", "secret_key", "Scaleway", lambda: uuid4()),
    ("ovh-app-secret", "OVH_APPLICATION_SECRET", "application_secret", "OVH", lambda: hx(32)),
    ("exoscale", "EXOSCALE_API_SECRET", "api_secret", "Exoscale", lambda: rs(B64URL, 43)),
    ("backblaze-appkey", "B2_APPLICATION_KEY", "applicationKey", "Backblaze", lambda: "K0" + rs(ALNUM + "/+", 29)),
    ("wasabi-secret", "WASABI_SECRET_KEY", "secret_key", "Wasabi", lambda: rs(UPNUM, 40)),
    ("minio-secret", "MINIO_ROOT_PASSWORD", "secretKey", "MinIO", lambda: rs(ALNUM, 40)),
    ("r2-secret", "R2_SECRET_ACCESS_KEY", "secret_access_key", "CloudflareR2", lambda: hx(64)),
    ("tencent-secretkey", "TENCENTCLOUD_SECRET_KEY", "SecretKey", "TencentCloud", lambda: an(32)),
    ("alibaba-secret", "ALIBABA_CLOUD_ACCESS_KEY_SECRET", "AccessKeySecret", "Alibaba", lambda: an(30)),
    ("huawei-sk", "HUAWEICLOUD_SDK_SK", "sk", "HuaweiCloud", lambda: an(40)),
    ("yandex-iam", "YC_TOKEN", "token", "YandexCloud", lambda: P("t1", ".9euelZ") + rs(B64URL, 120)),
    ("oracle-auth-token", "OCI_AUTH_TOKEN", "auth_token", "OCI", lambda: rs(ALNUM + "()<>[]{}:;.-_", 20)),
    ("ibm-cloud-apikey", "IBMCLOUD_API_KEY", "apikey", "IBMCloud", lambda: rs(B64URL, 44)),
    ("salesforce-consumer", "SF_CONSUMER_SECRET", "consumer_secret", "Salesforce", lambda: hx(64).upper()),
    ("zendesk", "ZENDESK_API_TOKEN", "api_token", "Zendesk", lambda: an(40)),
    ("intercom", "INTERCOM_ACCESS_TOKEN", "access_token", "Intercom", lambda: "dG9rOj" + rs(B64, 54) + "="),
    ("freshdesk", "FRESHDESK_KEY", "api_key", "Freshdesk", lambda: an(20)),
    ("monday", "MONDAY_TOKEN", "token", "monday.com", lambda: "eyJhbGciOiJIUzI1NiJ9." + b64url_nopad(110) + "." + b64url_nopad(32)),
    ("clickup", "CLICKUP_TOKEN", "token", "ClickUp", lambda: P("pk", "_") + rs(DIG, 8) + "_" + rs(UPNUM, 32)),
    ("trello-secret", "TRELLO_SECRET", "secret", "Trello", lambda: hx(64)),
    ("miro", "MIRO_TOKEN", "token", "Miro", lambda: "eyJtaXJvLm9yaWdpbiI6ImV1MDEifQ_" + rs(B64URL, 27)),
    ("calendly", "CALENDLY_PAT", "token", "Calendly", lambda: "eyJraWQiOiIxY2UxZTEzNjE3ZGNmNzY2YjNjZWJjY2Y4ZGM1YmFmYThhNjVlNjg0MDIzZjdjMzJiZTgzNDliMjM4MDEzNWI0IiwidHlwIjoiUEFUIiwiYWxnIjoiRVMyNTYifQ." + b64url_nopad(200) + "." + b64url_nopad(64)),
    ("typeform", "TYPEFORM_TOKEN", "token", "Typeform", lambda: P("tf", "p_") + an(44)),
    ("docusign-secret", "DOCUSIGN_CLIENT_SECRET", "client_secret", "DocuSign", lambda: uuid4()),
    ("plaid-secret", "PLAID_SECRET", "secret", "Plaid", lambda: hx(30)),
    ("adyen-api", "ADYEN_API_KEY", "api_key", "Adyen", lambda: "AQE" + rs(B64, 120)),
    ("braintree-private", "BRAINTREE_PRIVATE_KEY", "private_key", "Braintree", lambda: hx(32)),
    ("paypal-secret", "PAYPAL_CLIENT_SECRET", "client_secret", "PayPal", lambda: "E" + rs(B64URL, 79)),
    ("razorpay-secret", "RAZORPAY_KEY_SECRET", "key_secret", "Razorpay", lambda: an(24)),
    ("mollie", "MOLLIE_API_KEY", "api_key", "Mollie", lambda: P("live", "_") + an(30)),
    ("paddle", "PADDLE_API_KEY", "api_key", "Paddle", lambda: P("pdl", "_live_apikey_") + rs(LOWNUM, 26) + "_" + an(22) + "_" + an(3)),
    ("lemonsqueezy", "LEMONSQUEEZY_API_KEY", "api_key", "LemonSqueezy", lambda: "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9." + b64url_nopad(300) + "." + b64url_nopad(256)),
    ("coinbase-cdp", "CDP_API_KEY_SECRET", "privateKey", "CoinbaseCDP", lambda: b64_bytes(64)),
    ("alchemy", "ALCHEMY_API_KEY", "api_key", "Alchemy", lambda: rs(B64URL, 32)),
    ("infura-secret", "INFURA_API_SECRET", "secret", "Infura", lambda: hx(32)),
    ("etherscan", "ETHERSCAN_API_KEY", "api_key", "Etherscan", lambda: rs(UPNUM, 34)),
    ("moralis", "MORALIS_API_KEY", "api_key", "Moralis", lambda: "eyJub25jZSI6I" + rs(B64URL, 150)),
]

for fmt, env, label, vendor, gen in OBSCURE:
    emit_token("unnamed-format", fmt, env, label, vendor, gen, n=2)


# ---------------------------------------------------------------------------
# Section 3: credential files pasted or echoed
# ---------------------------------------------------------------------------
G_FILE = "credential-file"


def cf_pgpass():
    pw = human_pw().replace(":", "")
    h, u = pick(HOSTS), pick(USERS)
    k = R.randrange(4)
    if k == 0:
        t = "%s:5432:%s:%s:%s" % (h, pick(["app", "orders", "*"]), u, pw)
    elif k == 1:
        t = "$ cat ~/.pgpass\n*:*:*:%s:%s\nlocalhost:5433:test:test:test" % (u, pw)
    elif k == 2:
        t = "echo '%s:*:*:%s:%s' >> ~/.pgpass && chmod 600 ~/.pgpass" % (h, u, pw)
    else:
        t = "# .pgpass (copied from the old bastion)\n%s:6432:*:%s:%s" % (h, u, pw)
    add(G_FILE, "pgpass-line", t, pw, u)


def cf_netrc():
    pw = pick([human_pw(), P("gh", "p_") + an(36), hx(40)])
    m = pick(["api.heroku.com", "github.com", "artifacts.corp.net", "ftp.example.org", "git.internal"])
    u = pick(NAMES + ["oauth2", "x-access-token", "builder"])
    k = R.randrange(4)
    if k == 0:
        t = "machine %s login %s password %s" % (m, u, pw)
    elif k == 1:
        t = "machine %s\n  login %s\n  password %s\n" % (m, u, pw)
    elif k == 2:
        t = "default login %s password %s" % (u, pw)
    else:
        t = "printf 'machine %s\\nlogin %s\\npassword %s\\n' > ~/.netrc" % (m, u, pw)
    add(G_FILE, "netrc", t, pw, u)


def cf_docker_auth():
    u = pick(USERS + NAMES)
    pw = pick([human_pw(), P("dck", "r_pat_") + rs(B64URL, 27)])
    a = b64e(u + ":" + pw)
    reg = pick(["https://index.docker.io/v1/", "ghcr.io", "registry.gitlab.com", "123456789012.dkr.ecr.eu-west-1.amazonaws.com", "harbor.corp.local:8443"])
    k = R.randrange(3)
    if k == 0:
        t = '{\n  "auths": {\n    "%s": {\n      "auth": "%s"\n    }\n  }\n}' % (reg, a)
    elif k == 1:
        t = 'cat ~/.docker/config.json -> {"auths":{"%s":{"auth":"%s","email":"%s@acme.io"}}}' % (reg, a, u)
    else:
        t = 'kubectl create secret docker-registry regcred --docker-server=%s --docker-username=%s --docker-password=%s' % (reg, u, pw)
        add(G_FILE, "docker-registry-secret-cli", t, pw, u)
        return
    add(G_FILE, "docker-config-auth", t, a, reg)


def cf_npmrc():
    tok = pick([P("np", "m_") + an(36), b64_bytes(24), uuid4()])
    k = R.randrange(4)
    if k == 0:
        t = "//registry.npmjs.org/:_authToken=%s" % tok
    elif k == 1:
        t = "@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%s\nalways-auth=true" % tok
    elif k == 2:
        pw = human_pw()
        tok = b64e(pw)
        t = "//nexus.corp.local/repository/npm/:username=builder\n//nexus.corp.local/repository/npm/:_password=%s" % tok
    else:
        tok = b64e(pick(USERS) + ":" + human_pw())
        t = "registry=https://artifactory.acme.io/api/npm/npm/\n_auth=%s\nemail=ci@acme.io" % tok
    add(G_FILE, "npmrc", t, tok)


def cf_yarnrc():
    tok = P("np", "m_") + an(36)
    t = 'npmRegistries:\n  "https://registry.yarnpkg.com":\n    npmAuthToken: %s' % tok
    add(G_FILE, "yarnrc-yml", t, tok)


def cf_pypirc():
    tok = P("py", "pi-") + "AgEIcHlwaS5vcmc" + rs(B64URL, 120)
    pw = human_pw()
    k = R.randrange(2)
    if k == 0:
        t = "[pypi]\nusername = __token__\npassword = %s" % tok
        add(G_FILE, "pypirc", t, tok, "__token__")
    else:
        t = "[distutils]\nindex-servers = internal\n\n[internal]\nrepository = https://pypi.corp.local/simple\nusername = deploy\npassword = %s" % pw
        add(G_FILE, "pypirc", t, pw, "deploy")


def cf_git_credentials():
    u = pick(NAMES + ["oauth2", "x-token-auth", "gitlab-ci-token"])
    tok = pick([P("gh", "p_") + an(36), P("gl", "pat-") + rs(B64URL, 20), human_pw(), an(32)])
    host = pick(["github.com", "gitlab.com", "bitbucket.org", "git.corp.local", "dev.azure.com"])
    enc = urllib.parse.quote(tok, safe="")
    t = pick(["https://%s:%s@%s", "$ cat ~/.git-credentials\nhttps://%s:%s@%s\n"]) % (u, enc, host)
    add(G_FILE, "git-credentials", t, enc, u)


def cf_aws_credentials():
    kid = P("AK", "IA") + rs(UPNUM, 16)
    sec = rs(ALNUM + "/+", 40)
    k = R.randrange(3)
    if k == 0:
        t = "[default]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = us-east-1" % (kid, sec)
    elif k == 1:
        sess = "IQoJb3JpZ2luX2VjE" + rs(B64, 300)
        t = "[profile-%s]\naws_access_key_id=%s\naws_secret_access_key=%s\naws_session_token=%s" % (pick(NAMES), P("AS", "IA") + rs(UPNUM, 16), sec, sess)
        add(G_FILE, "aws-credentials-session", t, sess)
    else:
        t = "$ cat ~/.aws/credentials\n[prod]\naws_access_key_id     = %s\naws_secret_access_key = %s" % (kid, sec)
    add(G_FILE, "aws-credentials", t, sec, "aws_access_key_id")


def cf_kubeconfig():
    tok = pick(["eyJhbGciOiJSUzI1NiIsImtpZCI6Ii" + rs(B64URL, 40) + "." + b64url_nopad(200) + "." + b64url_nopad(256), an(64)])
    k = R.randrange(3)
    if k == 0:
        t = "users:\n- name: ci-deployer\n  user:\n    token: %s" % tok
        add(G_FILE, "kubeconfig-token", t, tok, "ci-deployer")
    elif k == 1:
        key = b64_bytes(R.randrange(600, 900))
        t = "- name: kind-admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\n    client-key-data: %s" % key
        add(G_FILE, "kubeconfig-client-key", t, key, "client-key-data")
    else:
        pw = human_pw()
        t = "users:\n- name: legacy\n  user:\n    username: admin\n    password: %s" % pw
        add(G_FILE, "kubeconfig-basic", t, pw, "admin")


def cf_rclone():
    k = R.randrange(3)
    if k == 0:
        sec = rs(ALNUM + "/+", 40)
        t = "[s3remote]\ntype = s3\nprovider = AWS\naccess_key_id = %s\nsecret_access_key = %s\nregion = eu-central-1" % (P("AK", "IA") + rs(UPNUM, 16), sec)
    elif k == 1:
        sec = rs(B64URL, 30)
        t = "[nas]\ntype = sftp\nhost = 192.168.1.20\nuser = backup\npass = %s" % sec
    else:
        sec = '{"access_token":"ya29.' + rs(B64URL, 120) + '","token_type":"Bearer","refresh_token":"1//0' + rs(B64URL, 90) + '","expiry":"2026-12-01T10:00:00Z"}'
        t = "[gdrive]\ntype = drive\nscope = drive\ntoken = %s" % sec
    add(G_FILE, "rclone-conf", t, sec)


def cf_s3cfg():
    sec = rs(ALNUM + "/+", 40)
    t = "[default]\naccess_key = %s\nsecret_key = %s\nhost_base = s3.amazonaws.com\nuse_https = True" % (P("AK", "IA") + rs(UPNUM, 16), sec)
    add(G_FILE, "s3cfg", t, sec)


def cf_htpasswd():
    u = pick(NAMES)
    k = R.randrange(3)
    if k == 0:
        h = "$apr1$" + rs(ALNUM + "./", 8) + "$" + rs(ALNUM + "./", 22)
    elif k == 1:
        h = "$2y$05$" + rs(ALNUM + "./", 53)
    else:
        h = "{SHA}" + b64_bytes(20)
    t = pick(["%s:%s", "$ cat /etc/nginx/.htpasswd\n%s:%s"]) % (u, h)
    add(G_FILE, "htpasswd", t, h, u)


def cf_wpconfig():
    pw = human_pw()
    t = "define( 'DB_NAME', 'wordpress' );\ndefine( 'DB_USER', 'wp_%s' );\ndefine( 'DB_PASSWORD', '%s' );\ndefine( 'DB_HOST', 'localhost' );" % (pick(NAMES), pw)
    add(G_FILE, "wp-config-db", t, pw, "DB_USER")
    salt = rs(ALNUM + "!@#$%^&*()-_[]{}<>~+=,.;:/?|", 64)
    t = "define('AUTH_KEY',         '%s');" % salt
    add(G_FILE, "wp-config-salt", t, salt, "AUTH_KEY")


def cf_django_settings():
    pw = human_pw()
    t = "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'shop',\n        'USER': 'shop',\n        'PASSWORD': '%s',\n        'HOST': 'db',\n    }\n}" % pw
    add(G_FILE, "django-settings-db", t, pw, "USER")
    sk = rs(LOWER + DIG + "!@#$%^&*(-_=+)", 50)
    add(G_FILE, "django-settings-secret", "SECRET_KEY = '%s'" % sk, sk, "SECRET_KEY")


def cf_appsettings():
    pw = human_pw()
    t = '{\n  "ConnectionStrings": {\n    "Default": "Server=tcp:sql01.contoso.local,1433;Initial Catalog=Orders;User ID=orders_app;Password=%s;Encrypt=True;"\n  },\n  "Logging": { "LogLevel": { "Default": "Warning" } }\n}' % pw
    add(G_FILE, "appsettings-json-connstr", t, pw, "orders_app")
    sec = an(32)
    t = '"Jwt": {\n    "Issuer": "https://auth.contoso.local",\n    "SigningKey": "%s"\n  }' % sec
    add(G_FILE, "appsettings-json-jwt", t, sec, "SigningKey")


def cf_app_properties():
    pw = human_pw()
    k = R.randrange(3)
    if k == 0:
        t = "spring.datasource.url=jdbc:postgresql://db:5432/app\nspring.datasource.username=app\nspring.datasource.password=%s" % pw
    elif k == 1:
        t = "spring.mail.host=smtp.office365.com\nspring.mail.username=noreply@acme.io\nspring.mail.password=%s" % pw
    else:
        pw = an(40)
        t = "spring.security.oauth2.client.registration.keycloak.client-secret=%s" % pw
    add(G_FILE, "application-properties", t, pw)


def cf_application_yml():
    pw = human_pw()
    t = "spring:\n  rabbitmq:\n    host: mq.internal\n    username: orders\n    password: '%s'" % pw
    add(G_FILE, "application-yml", t, pw, "orders")


def cf_maven_settings():
    pw = pick([human_pw(), "{" + b64_bytes(32) + "}"])
    t = "<server>\n  <id>nexus-releases</id>\n  <username>deployment</username>\n  <password>%s</password>\n</server>" % pw
    add(G_FILE, "maven-settings-xml", t, pw, "deployment")


def cf_gradle_props():
    pw = human_pw()
    k = R.randrange(3)
    if k == 0:
        t = "ossrhUsername=%s\nossrhPassword=%s\nsigning.keyId=%s" % (pick(NAMES), pw, hx(8).upper())
    elif k == 1:
        t = "RELEASE_STORE_FILE=release.keystore\nRELEASE_STORE_PASSWORD=%s\nRELEASE_KEY_ALIAS=upload\nRELEASE_KEY_PASSWORD=%s" % (pw, pw)
    else:
        t = "signing.password=%s\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg" % pw
    add(G_FILE, "gradle-properties", t, pw)


def cf_keystore_properties():
    pw = human_pw()
    t = "storePassword=%s\nkeyPassword=%s\nkeyAlias=upload\nstoreFile=/Users/%s/upload-keystore.jks" % (pw, pw, pick(NAMES))
    add(G_FILE, "flutter-key-properties", t, pw, "keyAlias")


def cf_composer_auth():
    tok = P("gh", "p_") + an(36)
    t = '{\n    "github-oauth": {\n        "github.com": "%s"\n    }\n}' % tok
    add(G_FILE, "composer-auth-json", t, tok, "github.com")
    pw = human_pw()
    t = '{"http-basic": {"repo.magento.com": {"username": "%s", "password": "%s"}}}' % (hx(32), pw)
    add(G_FILE, "composer-auth-http-basic", t, pw)


def cf_gem_credentials():
    tok = P("rubygems", "_") + hx(48)
    t = "---\n:rubygems_api_key: %s" % tok
    add(G_FILE, "gem-credentials", t, tok)


def cf_cargo_credentials():
    tok = "cio" + an(32)
    t = '[registry]\ntoken = "%s"' % tok
    add(G_FILE, "cargo-credentials-toml", t, tok)


def cf_nuget_config():
    pw = human_pw()
    t = '<packageSourceCredentials>\n  <AcmeFeed>\n    <add key="Username" value="build" />\n    <add key="ClearTextPassword" value="%s" />\n  </AcmeFeed>\n</packageSourceCredentials>' % pw
    add(G_FILE, "nuget-config", t, pw, "build")


def cf_pip_conf():
    pw = human_pw()
    enc = urllib.parse.quote(pw, safe="")
    t = "[global]\nindex-url = https://%s:%s@pypi.corp.local/simple\ntrusted-host = pypi.corp.local" % (pick(USERS), enc)
    add(G_FILE, "pip-conf", t, enc)


def cf_my_cnf():
    pw = human_pw()
    t = "[client]\nuser=%s\npassword=\"%s\"\nhost=%s" % (pick(USERS), pw, pick(HOSTS))
    add(G_FILE, "my-cnf", t, pw)


def cf_redis_conf():
    pw = rand_pw(32)
    t = pick(["requirepass %s", "masterauth %s\nreplica-read-only yes", "user worker on >%s ~jobs:* +@all"]) % pw
    add(G_FILE, "redis-conf", t, pw)


def cf_pg_hba_like_pgbouncer():
    pw = human_pw()
    t = '"pgbouncer" "%s"\n"app" "md5%s"' % (pw, hx(32))
    add(G_FILE, "pgbouncer-userlist", t, pw, "pgbouncer")


def cf_wpa_supplicant():
    pw = human_pw()
    t = 'network={\n    ssid="Office-5G"\n    psk="%s"\n    key_mgmt=WPA-PSK\n}' % pw
    add(G_FILE, "wpa-supplicant", t, pw, "Office-5G")


def cf_nm_connection():
    pw = human_pw()
    t = "[wifi-security]\nkey-mgmt=wpa-psk\npsk=%s" % pw
    add(G_FILE, "networkmanager-psk", t, pw)


def cf_smb_credentials():
    pw = human_pw()
    t = "username=%s\npassword=%s\ndomain=CORP" % (pick(NAMES), pw)
    add(G_FILE, "cifs-credentials", t, pw)


def cf_ansible_vault_pw():
    pw = "-".join(pick(WORDS) for _ in range(5))
    t = "echo '%s' > ~/.vault_pass.txt  # TODO move to 1password" % pw
    add(G_FILE, "ansible-vault-pass-file", t, pw)


def cf_terraform_rc():
    tok = an(14) + P(".at", "lasv1.") + an(67)
    t = 'credentials "app.terraform.io" {\n  token = "%s"\n}' % tok
    add(G_FILE, "terraformrc", t, tok)


def cf_gcloud_sa():
    pk = "-----BEGIN PRIVATE KEY-----\\n" + "\\n".join(b64_bytes(48) for _ in range(6)) + "\\n-----END PRIVATE KEY-----\\n"
    t = '{\n  "type": "service_account",\n  "project_id": "acme-prod-231",\n  "private_key_id": "%s",\n  "private_key": "%s",\n  "client_email": "deployer@acme-prod-231.iam.gserviceaccount.com"\n}' % (hx(40), pk)
    add(G_FILE, "gcp-service-account-json", t, pk, "client_email")


def cf_firebase_admin():
    pk = "\\n".join(b64_bytes(48) for _ in range(4))
    t = 'FIREBASE_PRIVATE_KEY="-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n"' % pk
    add(G_FILE, "firebase-private-key-env", t, pk)


def cf_boto_cfg():
    sec = rs(ALNUM + "/+", 40)
    t = "[Credentials]\ngs_access_key_id = GOOG%s\ngs_secret_access_key = %s" % (rs(UPNUM, 20), sec)
    add(G_FILE, "boto-cfg", t, sec)


def cf_azure_profile():
    sec = rs(ALNUM, 3) + "8Q~" + rs(ALNUM + "~_.-", 34)
    t = '{"clientId": "%s", "clientSecret": "%s", "subscriptionId": "%s", "tenantId": "%s"}' % (uuid4(), sec, uuid4(), uuid4())
    add(G_FILE, "azure-sdk-auth-json", t, sec, "clientId")


def cf_openvpn_auth():
    pw = human_pw()
    t = "$ cat auth.txt\n%s\n%s" % (pick(NAMES) + "@corp", pw)
    add(G_FILE, "openvpn-auth-user-pass", t, pw)


def cf_fetchmailrc():
    pw = human_pw()
    t = 'poll imap.corp.net protocol IMAP user "%s" password "%s" ssl' % (pick(NAMES), pw)
    add(G_FILE, "fetchmailrc", t, pw)


def cf_msmtprc():
    pw = rs(LOWER, 16)
    t = "account gmail\nhost smtp.gmail.com\nport 587\nauth on\nuser %s@gmail.com\npassword %s" % (pick(NAMES), pw)
    add(G_FILE, "msmtprc-app-password", t, pw)


def cf_tox_pgservice():
    pw = human_pw()
    t = "[reporting]\nhost=%s\nport=5432\ndbname=dw\nuser=reporting\npassword=%s" % (pick(HOSTS), pw)
    add(G_FILE, "pg-service-conf", t, pw, "reporting")


def cf_odbc_ini():
    pw = human_pw()
    t = "[MSSQL_PROD]\nDriver=ODBC Driver 18 for SQL Server\nServer=sql01.contoso.local\nUID=report\nPWD=%s" % pw
    add(G_FILE, "odbc-ini", t, pw, "report")


def cf_tnsnames_wallet():
    pw = human_pw()
    t = "mkstore -wrl /opt/oracle/wallet -createCredential ORCLPDB1 scott %s" % pw
    add(G_FILE, "oracle-mkstore", t, pw, "scott")


def cf_sops_decrypted():
    pw = human_pw()
    t = "$ sops -d secrets.enc.yaml\ndb:\n    user: app\n    password: %s\nsops:\n    version: 3.9.1" % pw
    add(G_FILE, "sops-decrypted-dump", t, pw)


CF = [cf_pgpass, cf_netrc, cf_docker_auth, cf_npmrc, cf_yarnrc, cf_pypirc, cf_git_credentials,
      cf_aws_credentials, cf_kubeconfig, cf_rclone, cf_s3cfg, cf_htpasswd, cf_wpconfig,
      cf_django_settings, cf_appsettings, cf_app_properties, cf_application_yml, cf_maven_settings,
      cf_gradle_props, cf_keystore_properties, cf_composer_auth, cf_gem_credentials,
      cf_cargo_credentials, cf_nuget_config, cf_pip_conf, cf_my_cnf, cf_redis_conf,
      cf_pg_hba_like_pgbouncer, cf_wpa_supplicant, cf_nm_connection, cf_smb_credentials,
      cf_ansible_vault_pw, cf_terraform_rc, cf_gcloud_sa, cf_firebase_admin, cf_boto_cfg,
      cf_azure_profile, cf_openvpn_auth, cf_fetchmailrc, cf_msmtprc, cf_tox_pgservice,
      cf_odbc_ini, cf_tnsnames_wallet, cf_sops_decrypted]
REPS = {cf_pgpass: 6, cf_netrc: 6, cf_docker_auth: 5, cf_npmrc: 4, cf_git_credentials: 3,
        cf_aws_credentials: 3, cf_kubeconfig: 3, cf_rclone: 3, cf_htpasswd: 2}
for f in CF:
    for _ in range(REPS.get(f, 1)):
        f()



# ---------------------------------------------------------------------------
# Section 4: a secret beside its id, no label on the secret
# ---------------------------------------------------------------------------
G_ID = "id-beside-secret"


def aws_pair():
    return P("AK", "IA") + rs(UPNUM, 16), rs(ALNUM + "/+", 40)


def twilio_pair():
    return P("A", "C") + hx(32), hx(32)


ID_TEMPLATES = [
    ("twilio-client-positional", twilio_pair, "client = Client('{i}', '{s}')"),
    ("twilio-prose", twilio_pair, "twilio account {i} auth token {s} (trial account, Noor's)"),
    ("twilio-curl-u", twilio_pair, "curl -X POST https://api.twilio.com/2010-04-01/Accounts/{i}/Messages.json -u {i}:{s} --data-urlencode 'Body=hi'"),
    ("twilio-node", twilio_pair, "const client = require('twilio')(\"{i}\", \"{s}\");"),
    ("twilio-csharp", twilio_pair, "TwilioClient.Init(\"{i}\", \"{s}\");"),
    ("aws-js-credentials", aws_pair, "AWS.config.credentials = new AWS.Credentials('{i}', '{s}');"),
    ("aws-boto-positional", aws_pair, "s3 = boto3.client('s3', 'eu-west-1', None, False, None, '{i}', '{s}')"),
    ("aws-go-static", aws_pair, "credentials.NewStaticCredentials(\"{i}\", \"{s}\", \"\")"),
    ("aws-java-basic", aws_pair, "new BasicAWSCredentials(\"{i}\", \"{s}\")"),
    ("aws-prose", aws_pair, "temp creds for the migration: {i} / {s} - expire Friday"),
    ("aws-colon-pair", aws_pair, "{i}:{s}"),
    ("aws-csv-export", aws_pair, "User name,Password,Access key ID,Secret access key\nci-bot,,{i},{s}"),
    ("aws-minio-mc", aws_pair, "mc alias set prod https://s3.amazonaws.com {i} {s}"),
    ("aws-rclone-cli", aws_pair, "rclone lsd :s3: --s3-access-key-id {i} --s3-secret-access-key {s}"),
    ("aws-php-sdk", aws_pair, "$credentials = new Aws\\Credentials\\Credentials('{i}', '{s}');"),
    ("aws-ruby-sdk", aws_pair, "Aws::Credentials.new('{i}', '{s}')"),
    ("aws-csharp-sdk", aws_pair, "var creds = new BasicAWSCredentials(\"{i}\", \"{s}\");"),
    ("gcs-hmac-pair", lambda: ("GOOG1E" + rs(UPNUM, 55), rs(ALNUM + "/+", 40)), "gsutil hmac: access id {i} secret {s}"),
    ("azure-storage-account-key", lambda: ("acmeprodstore", b64_bytes(64)), "az storage blob list --account-name {i} --account-key {s} -c backups"),
    ("alibaba-pair", lambda: ("LTAI" + an(20), an(30)), "aliyun configure set --access-key-id {i} --access-key-secret {s} --region cn-hangzhou"),
    ("tencent-pair", lambda: ("AKID" + an(32), an(32)), "credential.Credential(\"{i}\", \"{s}\")"),
    ("huawei-pair", lambda: (rs(UPNUM, 20), an(40)), "BasicCredentials().with_ak(\"{i}\").with_sk(\"{s}\")"),
    ("ibm-cos-hmac", lambda: (hx(32), hx(48)), "ibm cos hmac: {i} {s}"),
    ("oci-fingerprint-pass", lambda: (":".join(hx(2) for _ in range(16)), human_pw()), "oci setup: key fingerprint {i}, key passphrase {s}"),
    ("algolia-appid-admin", lambda: (rs(UPNUM, 10), hx(32)), "algoliasearch('{i}', '{s}')  // admin key, server only"),
    ("pusher-triplet", lambda: (str(R.randrange(10**6, 10**7)), hx(20)), "new Pusher({{ appId: '{i}', key: '" + hx(20) + "', secret: '{s}', cluster: 'eu' }})"),
    ("ably-key", lambda: (rs(ALNUM, 6) + "." + rs(ALNUM, 6), rs(B64URL, 43)), "new Ably.Realtime('{i}:{s}')"),
    ("cloudinary-url", lambda: (str(R.randrange(10**14, 10**15)), rs(B64URL, 27)), "CLOUDINARY_URL=cloudinary://{i}:{s}@acme"),
    ("oauth-client-pair-positional", lambda: (uuid4(), rs(B64URL, 40)), "oauth = OAuth2Session('{i}', '{s}', redirect_uri=CB)"),
    ("google-oauth-pair", lambda: (str(R.randrange(10**11, 10**12)) + "-" + rs(LOWNUM, 32) + ".apps.googleusercontent.com", P("GOC", "SPX-") + rs(B64URL, 28)), "flow = Flow.from_client_config(web('{i}', '{s}'))"),
    ("github-app-client", lambda: ("Iv1." + hx(16), hx(40)), "GitHub App client {i} secret {s}"),
    ("spotify-pair", lambda: (hx(32), hx(32)), "SpotifyOAuth(client_id='{i}', '{s}')"),
    ("reddit-praw", lambda: (rs(B64URL, 22), rs(B64URL, 30)), "praw.Reddit('{i}', '{s}', user_agent='bot/0.1')"),
    ("twitter-consumer", lambda: (an(25), an(50)), "tweepy.OAuth1UserHandler('{i}', '{s}')"),
    ("keycloak-client", lambda: ("orders-api", an(32)), "KeycloakOpenID(server_url=URL, realm_name='acme', client_id='{i}', client_secret_key='{s}')"),
    ("account-token-prose", lambda: ("acct_" + an(16), an(40)), "account {i} token {s}"),
    ("tenant-key-prose", lambda: (uuid4(), rs(B64URL, 44)), "tenant {i} -> key {s}"),
    ("mqtt-client-pos", lambda: ("sensor-" + hx(6), rs(ALNUM, 24)), "client.username_pw_set(\"{i}\", \"{s}\")"),
    ("ftp-login-pos", lambda: (pick(USERS), human_pw()), "ftp.login('{i}', '{s}')"),
    ("smtp-login-pos", lambda: (pick(NAMES) + "@acme.io", human_pw()), "server.login(\"{i}\", \"{s}\")"),
    ("paramiko-pos", lambda: (pick(USERS), human_pw()), "ssh.connect('10.0.4.12', 22, '{i}', '{s}')"),
    ("requests-auth-tuple", lambda: (pick(USERS), human_pw()), "requests.get(url, auth=('{i}', '{s}'))"),
    ("httpx-basic", lambda: (pick(USERS), human_pw()), "httpx.BasicAuth(\"{i}\", \"{s}\")"),
    ("java-passwordauth", lambda: (pick(USERS), human_pw()), "new PasswordAuthentication(\"{i}\", \"{s}\".toCharArray())"),
    ("dotnet-networkcred", lambda: (pick(USERS), human_pw()), "new NetworkCredential(\"{i}\", \"{s}\", \"CORP\")"),
    ("go-setbasicauth", lambda: (pick(USERS), human_pw()), "req.SetBasicAuth(\"{i}\", \"{s}\")"),
    ("mysql-connector-pos", lambda: (pick(USERS), human_pw()), "pymysql.connect('db.internal', '{i}', '{s}', 'shop')"),
    ("mysqli-pos", lambda: (pick(USERS), human_pw()), "$db = new mysqli('localhost', '{i}', '{s}', 'wordpress');"),
    ("pdo-pos", lambda: (pick(USERS), human_pw()), "$pdo = new PDO('pgsql:host=db;dbname=app', '{i}', '{s}');"),
    ("jdbc-getconnection", lambda: (pick(USERS), human_pw()), "DriverManager.getConnection(url, \"{i}\", \"{s}\");"),
    ("ldap-bind", lambda: ("cn=admin,dc=acme,dc=io", human_pw()), "conn.simple_bind_s('{i}', '{s}')"),
    ("redis-auth-acl", lambda: (pick(USERS), rand_pw(24)), "redis-cli -h redis.internal AUTH {i} {s}"),
    ("rabbit-add-user", lambda: (pick(USERS), human_pw()), "rabbitmqctl add_user {i} {s}"),
    ("ruby-net-smtp", lambda: (pick(NAMES) + "@acme.io", human_pw()), "smtp.start('acme.io', '{i}', '{s}', :login)"),
    ("rust-credentials-new", lambda: (pick(USERS), human_pw()), "let creds = Credentials::new(\"{i}\".to_string(), \"{s}\".to_string());"),
    ("swift-urlcredential", lambda: (pick(USERS), human_pw()), "URLCredential(user: \"{i}\", password: \"{s}\", persistence: .forSession)"),
    ("kotlin-credentials-basic", lambda: (pick(USERS), human_pw()), "Credentials.basic(\"{i}\", \"{s}\")"),
    ("steam-login-pos", lambda: ("acme_build_" + pick(WORDS), human_pw()), "steamcmd +login {i} {s} +run_app_build ../scripts/app_build.vdf +quit"),
    ("unity-cli-pos", lambda: (pick(NAMES) + "@acme.io", human_pw()), "Unity -quit -batchmode -username {i} -password {s} -serial " + "-".join(rs(UPNUM, 4) for _ in range(6))),
    ("wifi-ssid-pass", lambda: ("Lab-IoT-2G", human_pw()), "WiFi.begin(\"{i}\", \"{s}\");"),
    ("esp-idf-wifi-config", lambda: ("Warehouse-AP", human_pw()), "wifi_config_t cfg = {{ .sta = {{ .ssid = \"{i}\", .password = \"{s}\" }} }};"),
    ("nmcli-wifi", lambda: ("Office-5G", human_pw()), "nmcli dev wifi connect {i} password {s}"),
]

for fmt, pair, tmpl in ID_TEMPLATES:
    for _ in range(1 + (R.random() < 0.5)):
        i, s = pair()
        text = tmpl.format(i=i, s=s)
        add(G_ID, fmt, text, s, i if len(i) < 40 else "")


# ---------------------------------------------------------------------------
# Section 5: CLI arguments of admin tools, PowerShell / Windows, cloud CLIs, CI
# ---------------------------------------------------------------------------
G_CLI = "cli-argument"

CLI = [
    ("mysql-p-attached", "mysql -h {h} -u {u} -p{s} shop -e 'select count(*) from orders'"),
    ("mysql-password-eq", "mysql --host={h} --user={u} --password={s} --database=shop"),
    ("mysqldump-p", "mysqldump -u{u} -p'{s}' --single-transaction shop > shop.sql"),
    ("mysqladmin", "mysqladmin -u root -p\"{s}\" password 'NewPass'"),
    ("psql-pgpassword", "PGPASSWORD={s} psql -h {h} -U {u} -d app -c '\\dt'"),
    ("psql-pgpassword-quoted", "PGPASSWORD='{s}' pg_dump -h {h} -U {u} app | gzip > app.sql.gz"),
    ("mongo-p", "mongosh --host {h} -u {u} -p {s} --authenticationDatabase admin"),
    ("mongodump-password", "mongodump --uri mongodb://{h}:27017 --username={u} --password='{s}' --out /backup"),
    ("redis-cli-a", "redis-cli -h {h} -p 6379 -a {s} --no-auth-warning INFO"),
    ("sqlcmd-P", "sqlcmd -S sql01.contoso.local -U {u} -P {s} -Q \"SELECT @@VERSION\""),
    ("bcp-P", "bcp Orders.dbo.Items out items.dat -S sql01 -U {u} -P \"{s}\" -c"),
    ("sqlplus-slash", "sqlplus {u}/{s}@//{h}:1521/ORCLPDB1"),
    ("expdp-userid", "expdp userid={u}/{s}@PROD schemas=HR directory=DUMP_DIR"),
    ("clickhouse-client", "clickhouse-client --host {h} --user {u} --password {s} --query 'SHOW TABLES'"),
    ("influx-cli", "influx -host {h} -username {u} -password '{s}' -execute 'SHOW DATABASES'"),
    ("cqlsh", "cqlsh {h} -u {u} -p {s}"),
    ("neo4j-cypher-shell", "cypher-shell -a bolt://{h}:7687 -u neo4j -p {s}"),
    ("rabbitmqadmin", "rabbitmqadmin -H {h} -u {u} -p {s} list queues"),
    ("curl-u", "curl -u {u}:{s} https://jenkins.corp.local/job/deploy/buildWithParameters"),
    ("curl-user-long", "curl --user '{u}:{s}' -X POST https://nexus.corp.local/service/rest/v1/components?repository=raw"),
    ("wget-password", "wget --user={u} --password={s} https://artifacts.corp.net/release.tar.gz"),
    ("htpasswd-b", "htpasswd -b -c /etc/nginx/.htpasswd {u} {s}"),
    ("sshpass-p", "sshpass -p '{s}' ssh -o StrictHostKeyChecking=no {u}@{h}"),
    ("smbclient-U", "smbclient //fileserver01/builds -U CORP/{u}%{s}"),
    ("mount-cifs", "sudo mount -t cifs //nas/share /mnt/share -o username={u},password={s},vers=3.0"),
    ("rdesktop-p", "xfreerdp /v:{h} /u:{u} /p:{s} /cert:ignore"),
    ("net-use-pos", "net use \\\\fileserver01\\share {s} /user:CORP\\{u}"),
    ("runas-savecred-cmdkey", "cmdkey /generic:TERMSRV/{h} /user:{u} /pass:{s}"),
    ("schtasks-rp", "schtasks /create /tn Backup /tr C:\\scripts\\backup.bat /sc daily /ru CORP\\{u} /rp {s}"),
    ("sc-config-password", "sc.exe config AcmeAgent obj= \"CORP\\{u}\" password= \"{s}\""),
    ("msdeploy-password", "msdeploy.exe -verb:sync -source:package=app.zip -dest:auto,computerName=https://{h}:8172/msdeploy.axd,userName={u},password={s},authType=Basic"),
    ("msbuild-p-password", "msbuild Acme.sln /p:DeployOnBuild=true /p:UserName={u} /p:Password={s}"),
    ("nuget-push-apikey", "dotnet nuget push bin/Release/Acme.Core.1.4.0.nupkg --api-key {s} --source https://api.nuget.org/v3/index.json"),
    ("nuget-add-source", "nuget sources add -Name Acme -Source https://pkgs.dev.azure.com/acme/_packaging/feed/nuget/v3/index.json -Username {u} -Password {s}"),
    ("ps-convertto-securestring", "$pw = ConvertTo-SecureString \"{s}\" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential(\"CORP\\{u}\", $pw)"),
    ("ps-password-param", "New-LocalUser -Name {u} -Password (ConvertTo-SecureString '{s}' -AsPlainText -Force)"),
    ("ps-invoke-sqlcmd", "Invoke-Sqlcmd -ServerInstance sql01 -Username {u} -Password '{s}' -Query 'SELECT 1'"),
    ("ps-connect-azaccount", "Connect-AzAccount -ServicePrincipal -Tenant " + "{h}" + " -Credential (New-Object PSCredential('{u}', (ConvertTo-SecureString '{s}' -AsPlainText -Force)))"),
    ("ps-setx", "setx ACME_API_TOKEN \"{s}\" /M"),
    ("ps-env-assign", "$env:ACME_DEPLOY_PASSWORD='{s}'; .\\deploy.ps1 -Env prod"),
    ("ps-param-Password", ".\\Install-Agent.ps1 -Server {h} -User {u} -Password {s}"),
    ("docker-login-p", "docker login -u {u} -p {s} registry.corp.local"),
    ("docker-login-password", "docker login registry.gitlab.com --username {u} --password '{s}'"),
    ("helm-repo-add", "helm repo add acme https://charts.acme.io --username {u} --password {s}"),
    ("helm-set-password", "helm upgrade --install pg bitnami/postgresql --set auth.postgresPassword={s} --set auth.username={u}"),
    ("kubectl-from-literal-pw", "kubectl -n prod create secret generic db --from-literal=username={u} --from-literal=password='{s}'"),
    ("argocd-login", "argocd login argocd.corp.local --username admin --password {s} --grpc-web"),
    ("vault-login-userpass", "vault login -method=userpass username={u} password={s}"),
    ("vault-kv-put", "vault kv put secret/prod/db username={u} password={s}"),
    ("aws-ssm-put", "aws ssm put-parameter --name /prod/db/password --type SecureString --value '{s}' --overwrite"),
    ("aws-secretsmanager-create", "aws secretsmanager create-secret --name prod/api --secret-string '{{\"username\":\"{u}\",\"password\":\"{s}\"}}'"),
    ("aws-rds-modify", "aws rds modify-db-instance --db-instance-identifier prod-pg --master-user-password {s} --apply-immediately"),
    ("aws-configure-set", "aws configure set aws_secret_access_key {s} --profile legacy"),
    ("gcloud-secrets-echo", "echo -n \"{s}\" | gcloud secrets versions add db-password --data-file=-"),
    ("gcloud-sql-users", "gcloud sql users set-password {u} --instance=prod-pg --password={s}"),
    ("az-keyvault-set-value", "az keyvault secret set --vault-name acme-kv --name sql-pw --value \"{s}\""),
    ("az-sp-login", "az login --service-principal -u {h} -p {s} --tenant acme.onmicrosoft.com"),
    ("az-webapp-config", "az webapp config appsettings set -g rg-prod -n acme-api --settings DB_PASSWORD={s}"),
    ("az-sql-admin", "az sql server create -n acme-sql -g rg -l westeurope --admin-user {u} --admin-password '{s}'"),
    ("doctl-secret", "doctl apps update $APP --spec spec.yaml  # spec had DB_PASS={s}"),
    ("heroku-config-set", "heroku config:set DATABASE_PASSWORD={s} -a acme-staging"),
    ("flyctl-secrets-set", "fly secrets set SESSION_SECRET={s} --app acme-web"),
    ("wrangler-secret-echo", "echo {s} | npx wrangler secret put STRIPE_KEY"),
    ("vercel-env-echo", "printf '{s}' | vercel env add SESSION_SECRET production"),
    ("gh-secret-set-b", "gh secret set DEPLOY_PASSWORD -b'{s}' --env production"),
    ("glab-variable-set", "glab variable set DB_PASSWORD --value \"{s}\" --masked"),
    ("railway-variables", "railway variables --set \"DB_PASSWORD={s}\""),
    ("netlify-env-set", "netlify env:set API_SECRET {s} --context production"),
    ("firebase-functions-config", "firebase functions:config:set stripe.secret=\"{s}\""),
    ("supabase-secrets-set", "supabase secrets set OPENAI_KEY={s}"),
    ("keytool-storepass", "keytool -genkeypair -v -keystore release.jks -alias upload -keyalg RSA -storepass {s} -keypass {s}"),
    ("jarsigner-storepass", "jarsigner -keystore release.jks -storepass '{s}' app-release-unsigned.apk upload"),
    ("apksigner-pass", "apksigner sign --ks release.jks --ks-pass pass:{s} app-release.apk"),
    ("openssl-passout-pass", "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{s}"),
    ("openssl-k", "openssl enc -aes-256-cbc -pbkdf2 -in db.dump -out db.dump.enc -k '{s}'"),
    ("gpg-passphrase", "gpg --batch --yes --passphrase '{s}' --pinentry-mode loopback -d backup.tar.gz.gpg"),
    ("zip-P", "zip -P {s} -r export.zip ./export"),
    ("7z-p", "7z a -p{s} -mhe=on backup.7z ./data"),
    ("unrar-p", "unrar x -p{s} assets.rar"),
    ("security-add-generic", "security add-generic-password -a {u} -s acme-ci -w '{s}' -U"),
    ("security-unlock-keychain", "security unlock-keychain -p {s} ~/Library/Keychains/build.keychain-db"),
    ("altool-p", "xcrun altool --upload-app -f App.ipa -u {u}@acme.io -p {s}"),
    ("notarytool-password", "xcrun notarytool submit App.zip --apple-id {u}@acme.io --password {s} --team-id " + rs(UPNUM, 10)),
    ("gradlew-P", "./gradlew publish -PossrhUsername={u} -PossrhPassword={s}"),
    ("mvn-D-password", "mvn deploy -Dusername={u} -Dpassword={s} -DaltDeploymentRepository=nexus::default::https://nexus.corp.local/repo"),
    ("sbt-D", "sbt -Dsonatype.password={s} publishSigned"),
    ("twine-p", "twine upload -u __token__ -p {s} dist/*"),
    ("npm-login-noninteractive", "npm-cli-login -u {u} -p {s} -e {u}@acme.io -r https://npm.corp.local"),
    ("pip-install-index-cred", "pip install -i https://{u}:{s}@pypi.corp.local/simple acme-core==2.3.1"),
    ("git-clone-token", "git clone https://oauth2:{s}@gitlab.corp.local/platform/infra.git"),
    ("git-remote-set-url", "git remote set-url origin https://{u}:{s}@github.com/acme/web.git"),
    ("git-config-extraheader", "git -c http.extraheader=\"AUTHORIZATION: basic {s}\" fetch origin"),
    ("svn-password", "svn checkout https://svn.corp.local/repo/trunk --username {u} --password {s} --non-interactive"),
    ("ansible-extra-vars", "ansible-playbook deploy.yml -e \"ansible_become_pass={s} db_user={u}\""),
    ("ansible-adhoc-pass", "ansible all -i hosts -m ping -e ansible_password={s}"),
    ("terraform-var-pw", "terraform apply -var 'db_password={s}' -var 'db_user={u}'"),
    ("packer-var", "packer build -var 'winrm_password={s}' windows.pkr.hcl"),
    ("jenkins-cli-auth", "java -jar jenkins-cli.jar -s https://jenkins.corp.local -auth {u}:{s} build deploy"),
    ("grafana-cli-reset", "grafana-cli admin reset-admin-password {s}"),
    ("mosquitto-passwd-b", "mosquitto_passwd -b /etc/mosquitto/passwd {u} {s}"),
    ("mosquitto-pub-P", "mosquitto_pub -h broker.local -u {u} -P {s} -t 'devices/ota' -m start"),
    ("esptool-ota-auth", "python espota.py -i 192.168.1.44 -a {s} -f .pio/build/esp32/firmware.bin"),
    ("pio-upload-flags", "pio run -t upload --upload-port 192.168.1.44 -e ota  # upload_flags = --auth={s}"),
    ("useradd-chpasswd", "echo '{u}:{s}' | sudo chpasswd"),
    ("openvpn-askpass-echo", "echo '{s}' > /tmp/pass && openvpn --config corp.ovpn --askpass /tmp/pass"),
    ("wpa-passphrase", "wpa_passphrase Office-5G '{s}' >> /etc/wpa_supplicant.conf"),
    ("ipmitool-P", "ipmitool -I lanplus -H 10.0.9.21 -U ADMIN -P {s} chassis power cycle"),
    ("racadm-p", "racadm -r 10.0.9.30 -u root -p {s} serveraction powercycle"),
    ("snmpwalk-A", "snmpwalk -v3 -u monitor -l authPriv -a SHA -A {s} -x AES -X {s} 10.0.0.1"),
    ("pg-createuser-sql", "psql -c \"ALTER USER {u} WITH PASSWORD '{s}';\""),
    ("mysql-create-user-sql", "mysql -e \"CREATE USER '{u}'@'%' IDENTIFIED BY '{s}';\""),
    ("mssql-create-login", "sqlcmd -Q \"CREATE LOGIN {u} WITH PASSWORD = '{s}'\""),
    ("ci-gitlab-log", "$ echo \"Using token {s}\"   # oops, CI printed it\nUsing token {s}"),
]

for fmt, tmpl in CLI:
    for _ in range(1 + (R.random() < 0.15)):
        s = pick([human_pw(), rand_pw(), human_pw()]).replace("'", "").replace("\"", "").replace("%", "").replace("{", "").replace("}", "")
        if fmt in ("aws-configure-set",):
            s = rs(ALNUM + "/+", 40)
        if fmt in ("nuget-push-apikey",):
            s = "oy2" + rs(LOWNUM, 43)
        if fmt in ("twine-p",):
            s = P("py", "pi-") + "AgEIcHlwaS5vcmc" + rs(B64URL, 100)
        if fmt in ("git-config-extraheader",):
            s = b64e(pick(USERS) + ":" + human_pw())
        if fmt in ("git-clone-token",):
            s = P("gl", "pat-") + rs(B64URL, 20)
        if fmt in ("pip-install-index-cred", "git-remote-set-url"):
            s = urllib.parse.quote(s, safe="")
        u = pick(USERS)
        h = pick(HOSTS) if "{h}" in tmpl and "Tenant" not in tmpl and "az login" not in tmpl else uuid4()
        text = tmpl.format(h=h, u=u, s=s)
        add(G_CLI, fmt, text, s, u if u in text else "")


# ---------------------------------------------------------------------------
# Section 6: connection strings and URLs with userinfo
# ---------------------------------------------------------------------------
G_CONN = "connection-string"

CONN = [
    ("postgres-url", "postgres://{u}:{s}@{h}:5432/app?sslmode=require"),
    ("postgresql-url-env", "DATABASE_URL=postgresql://{u}:{s}@{h}/orders"),
    ("postgres-asyncpg", "SQLALCHEMY_DATABASE_URI = 'postgresql+asyncpg://{u}:{s}@{h}:5432/app'"),
    ("mysql-url", "mysql://{u}:{s}@{h}:3306/shop"),
    ("mysql-pymysql", "engine = create_engine(\"mysql+pymysql://{u}:{s}@{h}/shop?charset=utf8mb4\")"),
    ("mariadb-url", "MARIADB_URL=mariadb://{u}:{s}@{h}/cms"),
    ("mongodb-srv", "mongodb+srv://{u}:{s}@cluster0.{r}.mongodb.net/prod?retryWrites=true&w=majority"),
    ("mongodb-replica", "mongodb://{u}:{s}@mongo0:27017,mongo1:27017/app?replicaSet=rs0&authSource=admin"),
    ("redis-url-pw-only", "REDIS_URL=redis://:{s}@{h}:6379/0"),
    ("rediss-url-user", "rediss://default:{s}@{r}.upstash.io:6379"),
    ("amqp-url", "CELERY_BROKER_URL=amqp://{u}:{s}@rabbit.internal:5672/prod"),
    ("amqps-url", "amqps://{u}:{s}@b-{r}.mq.eu-west-1.amazonaws.com:5671"),
    ("kafka-sasl-jaas", "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"{u}\" password=\"{s}\";"),
    ("nats-url", "nats://{u}:{s}@nats.internal:4222"),
    ("mqtt-url", "MQTT_URL=mqtts://{u}:{s}@broker.hivemq.cloud:8883"),
    ("ldap-url", "ldaps://cn={u},dc=acme,dc=io:{s}@ldap.acme.io:636"),
    ("smtp-url", "EMAIL_URL=smtp+tls://{u}%40acme.io:{s}@smtp.office365.com:587"),
    ("imap-url", "imaps://{u}:{s}@imap.gmail.com:993/INBOX"),
    ("ftp-url", "ftp://{u}:{s}@ftp.partner-logistics.com/outbound/"),
    ("sftp-url", "sftp://{u}:{s}@sftp.bank-files.net:22/upload"),
    ("http-basic-url", "https://{u}:{s}@jenkins.corp.local/job/release/build"),
    ("webdav-url", "davs://{u}:{s}@cloud.acme.io/remote.php/dav/files/{u}/"),
    ("elastic-url", "ELASTICSEARCH_URL=https://elastic:{s}@es.{r}.es.io:9243"),
    ("clickhouse-url", "clickhouse://{u}:{s}@{h}:9440/default?secure=true"),
    ("cockroach-url", "postgresql://{u}:{s}@free-tier.gcp-us-central1.cockroachlabs.cloud:26257/defaultdb?sslmode=verify-full"),
    ("neo4j-url", "NEO4J_URI=neo4j+s://neo4j:{s}@{r}.databases.neo4j.io"),
    ("cassandra-url", "cassandra://{u}:{s}@10.0.5.{n}:9042/keyspace"),
    ("couchdb-url", "COUCHDB_URL=http://admin:{s}@couchdb:5984"),
    ("influx-url", "influxdb://{u}:{s}@influx.internal:8086/metrics"),
    ("snowflake-url", "snowflake://{u}:{s}@acme-{r}/ANALYTICS/PUBLIC?warehouse=COMPUTE_WH"),
    ("redshift-url", "redshift+psycopg2://{u}:{s}@dw.{r}.eu-west-1.redshift.amazonaws.com:5439/dev"),
    ("oracle-url", "oracle+cx_oracle://{u}:{s}@{h}:1521/?service_name=ORCLPDB1"),
    ("mssql-url", "mssql+pyodbc://{u}:{s}@sql01/Orders?driver=ODBC+Driver+18+for+SQL+Server"),
    ("jdbc-url-params", "jdbc:postgresql://{h}:5432/app?user={u}&password={s}&ssl=true"),
    ("jdbc-mysql-params", "jdbc:mysql://{h}:3306/shop?user={u}&password={s}&useSSL=false"),
    ("jdbc-sqlserver", "jdbc:sqlserver://sql01.contoso.local:1433;databaseName=Orders;user={u};password={s};encrypt=true"),
    ("jdbc-oracle-thin", "jdbc:oracle:thin:{u}/{s}@//{h}:1521/ORCLPDB1"),
    ("adonet-sqlserver", "Server=sql01;Database=Orders;User Id={u};Password={s};TrustServerCertificate=True"),
    ("adonet-pwd", "Data Source=tcp:acme.database.windows.net,1433;Initial Catalog=app;UID={u};PWD={s};"),
    ("npgsql", "Host={h};Port=5432;Database=app;Username={u};Password={s};SSL Mode=Require"),
    ("odbc-dsn-string", "DRIVER={{PostgreSQL Unicode}};SERVER={h};DATABASE=dw;UID={u};PWD={s}"),
    ("libpq-kv", "psql 'host={h} port=5432 dbname=app user={u} password={s} sslmode=require'"),
    ("azure-servicebus", "Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={b}"),
    ("azure-storage-connstr", "DefaultEndpointsProtocol=https;AccountName=acmeprod;AccountKey={b};EndpointSuffix=core.windows.net"),
    ("azure-eventhub", "Endpoint=sb://acme-eh.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey={b};EntityPath=telemetry"),
    ("azure-iothub-device", "HostName=acme-hub.azure-devices.net;DeviceId=sensor-{n};SharedAccessKey={b}"),
    ("azure-signalr", "Endpoint=https://acme.service.signalr.net;AccessKey={b};Version=1.0;"),
    ("azure-cosmos", "AccountEndpoint=https://acme-cosmos.documents.azure.com:443/;AccountKey={b};"),
    ("azure-appconfig", "Endpoint=https://acme-cfg.azconfig.io;Id={r};Secret={b}"),
    ("azure-sas-url", "https://acmeprod.blob.core.windows.net/backups/db.bak?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-12-31T00:00:00Z&sig={q}"),
    ("aws-presigned", "https://acme-exports.s3.amazonaws.com/report.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=ASIA{R}%2F20261130%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Security-Token={q}&X-Amz-Signature={x}"),
    ("slack-webhook", "https://hooks.slack.com/services/T{R}/B{R}/{w}"),
    ("discord-webhook", "https://discord.com/api/webhooks/{n}{n}{n}/{d}"),
    ("teams-webhook", "https://acme.webhook.office.com/webhookb2/{r}@{r}/IncomingWebhook/{x}/{r}/{d}"),
    ("url-query-apikey", "GET https://api.weather-feeds.io/v3/forecast?lat=52.5&lon=13.4&apikey={w}"),
    ("url-query-token", "https://grafana.acme.io/d/abc123/api-latency?orgId=1&auth_token={w}"),
    ("url-query-access-token", "https://graph.facebook.com/v19.0/me?fields=id,name&access_token=EAAB{d}"),
    ("url-query-key-google", "https://maps.googleapis.com/maps/api/geocode/json?address=Berlin&key=" + P("AI", "za") + "{d35}"),
    ("url-fragment-token", "https://app.acme.io/callback#access_token={d}&token_type=bearer&expires_in=3600"),
    ("url-query-sig-internal", "https://files.corp.local/dl/report.pdf?expires=1796000000&signature={x}"),
    ("git-url-token-user", "https://x-access-token:" + P("gh", "s_") + "{A36}@github.com/acme/api.git"),
    ("docker-registry-url-cred", "registry: https://{u}:{s}@registry.corp.local:5000"),
    ("proxy-url", "export HTTPS_PROXY=http://{u}:{s}@proxy.corp.local:3128"),
    ("socks-proxy", "ALL_PROXY=socks5h://{u}:{s}@10.0.0.2:1080"),
    ("rtsp-camera", "ffmpeg -i rtsp://admin:{s}@192.168.1.{n}:554/Streaming/Channels/101 -t 10 out.mp4"),
    ("sip-uri", "sip:{u}:{s}@pbx.acme.io;transport=tls"),
    ("vnc-url", "vnc://:{s}@10.0.7.{n}:5901"),
    ("ws-url-token", "wss://realtime.acme.io/socket?vsn=2.0.0&token={w}"),
    ("sentry-dsn-secret-legacy", "SENTRY_DSN=https://{x}:{w}@o{n}.ingest.sentry.io/{n}"),
    ("hdfs-webhdfs-delegation", "https://namenode:9871/webhdfs/v1/data?op=OPEN&delegation={d}"),
]


def _conn_fill(tmpl):
    k = R.randrange(3)
    s = [human_pw(), rand_pw(), rs(ALNUM, 24)][k]
    s = urllib.parse.quote(s, safe="")
    vals = dict(u=pick(USERS), s=s, h=pick(HOSTS), r=rs(LOWNUM, 6), n=str(R.randrange(10, 99)),
                b=b64_bytes(32), q=urllib.parse.quote(b64_bytes(32), safe=""), R=rs(UPNUM, 10),
                x=hx(64), w=an(R.randrange(24, 40)), d=rs(B64URL, 68), d35=rs(B64URL, 35), A36=an(36))
    text = tmpl.format(**vals)
    for key in ("s", "b", "q", "x", "w", "d", "d35", "A36"):
        if "{" + key + "}" in tmpl:
            sec = vals[key]
            if key == "d35":
                sec = P("AI", "za") + sec
            if key == "A36":
                sec = P("gh", "s_") + sec
            if key == "d" and "access_token=EAAB" in tmpl:
                sec = "EAAB" + sec
            if key == "x" and "{w}" in tmpl:
                continue
            if key == "x" and "{q}" in tmpl:
                continue
            return text, sec, vals["u"] if vals["u"] in text else ""
    raise ValueError(tmpl)


for fmt, tmpl in CONN:
    for _ in range(1 + (R.random() < 0.35)):
        t, s, v = _conn_fill(tmpl)
        add(G_CONN, fmt, t, s, v)


# ---------------------------------------------------------------------------
# Section 7: private keys, wallets, VPN keys
# ---------------------------------------------------------------------------
G_PK = "private-key"


def pem_body(nbytes):
    raw = b64_bytes(nbytes)
    return "\n".join(raw[i:i + 64] for i in range(0, len(raw), 64))


def pk_pem(kind, nbytes, escaped=False, wrap=None):
    body = pem_body(nbytes)
    block = "-----BEGIN %s-----\n%s\n-----END %s-----" % (kind, body, kind)
    if escaped:
        block = block.replace("\n", "\\n")
        body = body.replace("\n", "\\n")
    return block, body


PK_FORMATS = [
    ("pem-rsa-private", lambda: pk_pem("RSA PRIVATE KEY", 1190)),
    ("pem-pkcs8-private", lambda: pk_pem("PRIVATE KEY", 1216)),
    ("pem-ec-private", lambda: pk_pem("EC PRIVATE KEY", 121)),
    ("pem-encrypted-pkcs8", lambda: pk_pem("ENCRYPTED PRIVATE KEY", 1300)),
    ("openssh-private", lambda: pk_pem("OPENSSH PRIVATE KEY", 400)),
    ("pgp-private-block", lambda: pk_pem("PGP PRIVATE KEY BLOCK", 900)),
    ("pem-dsa-private", lambda: pk_pem("DSA PRIVATE KEY", 440)),
]

for fmt, gen in PK_FORMATS:
    for j in range(2):
        block, body = gen()
        k = R.randrange(4)
        if k == 0:
            t = "$ cat ~/.ssh/id_deploy\n" + block
        elif k == 1:
            t = "key.pem (from the 1Password export, needed for the tunnel):\n" + block
        elif k == 2:
            t = "TLS_KEY=\"" + block.replace("\n", "\\n") + "\""
            body = body.replace("\n", "\\n")
        else:
            t = "tls:\n  key: |\n    " + block.replace("\n", "\n    ")
            body = body.replace("\n", "\n    ")
        add(G_PK, fmt, t, body, "BEGIN")


def putty_key():
    priv = "\n".join(b64_bytes(48) for _ in range(3))
    t = ("PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy@win\nPublic-Lines: 2\n"
         "AAAAC3NzaC1lZDI1NTE5AAAAI%s\n%s\nPrivate-Lines: 3\n%s\nPrivate-MAC: %s") % (rs(B64, 43), rs(B64, 20), priv, hx(64))
    return t, priv


for _ in range(2):
    t, s = putty_key()
    add(G_PK, "putty-ppk", t, s, "PuTTY-User-Key-File")

for _ in range(3):
    k = b64_bytes(32)
    t = pick(["[Interface]\nPrivateKey = %s\nAddress = 10.8.0.%d/24\nDNS = 1.1.1.1",
              "wg set wg0 private-key <(echo %s)  # %d",
              "wireguard:\n  interface:\n    private_key: \"%s\"\n    listen_port: 5182%d"]) % (k, R.randrange(2, 9))
    add(G_PK, "wireguard-private-key", t, k, "PrivateKey" if "PrivateKey" in t else "")

for _ in range(3):
    k = P("AGE-SECRET", "-KEY-1") + rs("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)
    t = pick(["# created: 2026-11-02T09:12:44Z\n# public key: age1%s\n%s" % (rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58), k),
              "SOPS_AGE_KEY=%s sops -d secrets.enc.yaml" % k])
    add(G_PK, "age-identity", t, k)

BIP = ["abandon", "ability", "absorb", "acid", "across", "actor", "adapt", "admit", "advice", "aerobic",
       "afford", "agent", "album", "alley", "amateur", "anchor", "angle", "antique", "apart", "arctic",
       "armor", "arrow", "artist", "asset", "atom", "auction", "avocado", "awake", "bacon", "balcony",
       "bamboo", "banner", "barrel", "basket", "beach", "behave", "bench", "bicycle", "blanket", "bonus",
       "brave", "bridge", "bubble", "cabin", "cactus", "canal", "carbon", "castle", "census", "chalk",
       "citizen", "clever", "coconut", "coral", "cradle", "crystal", "cupboard", "dawn", "denial", "dinosaur"]

for j in range(4):
    n = pick([12, 24])
    m = " ".join(pick(BIP) for _ in range(n))
    t = pick(["MNEMONIC=\"%s\"", "hardhat: accounts: {{ mnemonic: \"%s\" }}".replace("{{", "{").replace("}}", "}"),
              "seed phrase for the test wallet (Sepolia only, still don't share): %s",
              "const wallet = ethers.Wallet.fromPhrase('%s');"]) % m
    add(G_PK, "bip39-mnemonic", t, m)

for j in range(3):
    k = "0x" + hx(64)
    t = pick(["PRIVATE_KEY=%s", "deployer = Account.from_key('%s')", "forge script Deploy.s.sol --rpc-url $RPC --private-key %s --broadcast"]) % k
    add(G_PK, "eth-private-key-hex", t, k)

for j in range(2):
    k = pick("5KL") + rs("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 50)
    add(G_PK, "bitcoin-wif", "bitcoin-cli importprivkey %s \"cold\" false" % k, k)

for j in range(2):
    arr = "[" + ",".join(str(R.randrange(256)) for _ in range(64)) + "]"
    add(G_PK, "solana-keypair-json", "$ cat ~/.config/solana/id.json\n" + arr, arr)

for j in range(3):
    d = b64url_nopad(32)
    t = '{"kty":"EC","crv":"P-256","x":"%s","y":"%s","d":"%s","kid":"%s"}' % (b64url_nopad(32), b64url_nopad(32), d, hx(8))
    add(G_PK, "jwk-ec-d", t, d, "kty")
for j in range(2):
    d = b64url_nopad(256)
    t = '{"kty":"RSA","n":"%s","e":"AQAB","d":"%s","p":"...","alg":"RS256"}' % (b64url_nopad(256), d)
    add(G_PK, "jwk-rsa-d", t, d, "kty")
for j in range(2):
    d = b64url_nopad(32)
    t = 'JWKS_PRIVATE=\'{"keys":[{"kty":"OKP","crv":"Ed25519","x":"%s","d":"%s"}]}\'' % (b64url_nopad(32), d)
    add(G_PK, "jwk-okp-d", t, d)

for j in range(2):
    k = hx(64)
    add(G_PK, "nostr-nsec", "nostr identity: nsec1" + k[:58], "nsec1" + k[:58])
for j in range(2):
    k = b64_bytes(64)
    add(G_PK, "ed25519-raw-b64", "signing_key_ed25519: %s" % k, k)
for j in range(2):
    k = hx(64)
    add(G_PK, "tor-hs-secret-hex", "device identity seed (raw ed25519, firmware/provisioning/keys.txt): %s" % k, k)
for j in range(2):
    k = hx(64)
    t = ('"NodeKey": {"Private": "privkey:%s"}' % k) if j else ("tailscaled.state: _machinekey=privkey:%s" % k)
    add(G_PK, "tailscale-state-privkey", t, "privkey:" + k)


# ---------------------------------------------------------------------------
# Section 8: config in many ecosystems (web, data, infra, mobile, game, embedded)
# ---------------------------------------------------------------------------
G_CFG = "config-line"


def sv(kind):
    if kind == "pw":
        return human_pw().replace('"', "").replace("'", "").replace("\\", "")
    if kind == "hex":
        return hx(pick([32, 40, 64]))
    if kind == "b64":
        return b64_bytes(pick([24, 32, 48]))
    if kind == "tok":
        return an(pick([32, 40, 48]))
    if kind == "url":
        return rs(B64URL, 43)
    return rand_pw()


CFG = [
    # (format, kind, template)  {s} = secret
    ("dotenv-plain", "pw", "DB_HOST=db\nDB_USER=app\nDB_PASS={s}\nDB_PORT=5432"),
    ("dotenv-quoted-single", "tok", "PAYMENTS_PROVIDER_SECRET='{s}'"),
    ("dotenv-export-inline-comment", "tok", "export INTERNAL_BILLING_KEY={s} # from Farah, temporary"),
    ("dotenv-multiline-value", "b64", "SIGNING_CERT_KEY=\"line1\n{s}\nline3\""),
    ("json-nested", "tok", "{{\n  \"integrations\": {{\n    \"warehouse\": {{ \"endpoint\": \"https://wh.acme.io\", \"apiSecret\": \"{s}\" }}\n  }}\n}}"),
    ("json-array-creds", "pw", "[{{\"host\": \"10.0.1.5\", \"user\": \"root\", \"pass\": \"{s}\"}}]"),
    ("json5-comment", "tok", "{{\n  // TODO: move to vault\n  authToken: '{s}',\n}}"),
    ("yaml-nested", "pw", "database:\n  primary:\n    host: pg.internal\n    user: app\n    password: {s}"),
    ("yaml-quoted", "tok", "notifier:\n  pagerSecret: \"{s}\""),
    ("yaml-block-scalar", "b64", "signing:\n  key: |\n    {s}"),
    ("yaml-anchor", "pw", "defaults: &db\n  password: '{s}'\nprod:\n  <<: *db"),
    ("toml-table", "tok", "[services.search]\nurl = \"https://search.internal\"\napi_secret = \"{s}\""),
    ("toml-inline-table", "pw", "db = {{ user = \"app\", password = \"{s}\", host = \"db\" }}"),
    ("ini-section", "pw", "[database]\nhost = db.internal\nuser = report\npasswd = {s}"),
    ("ini-semicolon", "tok", "[api]\n; rotated 2026-10\nsecret={s}"),
    ("xml-element", "pw", "<dataSource>\n  <user>etl</user>\n  <password>{s}</password>\n</dataSource>"),
    ("xml-attr", "tok", "<credentials clientId=\"ops-portal\" clientSecret=\"{s}\" />"),
    ("web-config-appsetting", "tok", "<appSettings>\n  <add key=\"PaymentGateway:Secret\" value=\"{s}\" />\n</appSettings>"),
    ("web-config-connstr", "pw", "<add name=\"Default\" connectionString=\"Data Source=sql01;Initial Catalog=Shop;User ID=shop;Password={s}\" providerName=\"System.Data.SqlClient\" />"),
    ("hcl-variable-default", "pw", "variable \"db_password\" {{\n  type    = string\n  default = \"{s}\"\n}}"),
    ("hcl-provider", "tok", "provider \"grafana\" {{\n  url  = \"https://grafana.acme.io\"\n  auth = \"{s}\"\n}}"),
    ("tfvars", "pw", "db_username = \"app\"\ndb_password = \"{s}\""),
    ("tfstate-json", "pw", "\"attributes\": {{\n  \"username\": \"app\",\n  \"password\": \"{s}\",\n  \"port\": 5432\n}}"),
    ("java-properties-colon", "pw", "mail.smtp.user: noreply\nmail.smtp.password: {s}"),
    ("java-properties-space", "tok", "app.crypto.hmacKey {s}"),
    ("shell-export-quoted", "tok", "export ORDERS_SVC_AUTH=\"{s}\""),
    ("fish-set", "tok", "set -gx ACME_TOKEN {s}"),
    ("csh-setenv", "pw", "setenv LEGACY_DB_PASS {s}"),
    ("dockerfile-env", "tok", "FROM node:20-alpine\nENV API_SECRET={s}\nRUN npm ci"),
    ("dockerfile-arg-default", "pw", "ARG DB_PASSWORD={s}\nENV DB_PASSWORD=$DB_PASSWORD"),
    ("compose-env-list", "pw", "services:\n  db:\n    image: postgres:16\n    environment:\n      - POSTGRES_PASSWORD={s}"),
    ("compose-env-map", "pw", "    environment:\n      MYSQL_ROOT_PASSWORD: \"{s}\"\n      MYSQL_DATABASE: shop"),
    ("k8s-secret-stringdata", "pw", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n  password: {s}"),
    ("helm-values", "pw", "postgresql:\n  auth:\n    username: app\n    password: {s}\n    database: app"),
    ("helm-values-ingress-basic", "tok", "grafana:\n  adminUser: admin\n  adminPassword: {s}"),
    ("github-actions-env", "tok", "    env:\n      DEPLOY_KEY: {s}\n    steps:\n      - run: ./deploy.sh"),
    ("gitlab-ci-variables", "pw", "variables:\n  POSTGRES_PASSWORD: \"{s}\"\n  POSTGRES_DB: test"),
    ("circleci-environment", "tok", "    environment:\n      SERVICE_AUTH: {s}"),
    ("ansible-vars", "pw", "mysql_root_password: \"{s}\"\nmysql_databases:\n  - name: wp"),
    ("ansible-inventory", "pw", "[web]\n10.0.2.11 ansible_user=deploy ansible_password={s}"),
    ("puppet-hiera", "pw", "profile::db::password: '{s}'"),
    ("chef-databag-json", "pw", "{{\"id\": \"mysql\", \"root_password\": \"{s}\"}}"),
    ("salt-pillar", "pw", "mysql:\n  server:\n    root_password: {s}"),
    ("nginx-proxy-header", "tok", "proxy_set_header X-Internal-Auth \"{s}\";"),
    ("nginx-auth-basic-inline", "b64", "proxy_set_header Authorization \"Basic {s}\";"),
    ("apache-setenv", "tok", "SetEnv APP_SECRET {s}"),
    ("haproxy-userlist", "pw", "userlist admins\n  user ops insecure-password {s}"),
    ("traefik-basicauth", "pw", "traefik.http.middlewares.auth.basicauth.users=admin:{s}"),
    ("caddyfile-env", "tok", "reverse_proxy backend:8080 {{\n  header_up X-Shared-Secret {s}\n}}"),
    ("systemd-environment", "pw", "[Service]\nEnvironment=\"DB_PASSWORD={s}\"\nExecStart=/opt/app/bin/server"),
    ("supervisord-env", "tok", "[program:worker]\nenvironment=QUEUE_TOKEN=\"{s}\",LOG_LEVEL=\"info\""),
    ("crontab-inline", "pw", "0 3 * * * PGPASSWORD={s} pg_dump -h db app > /backups/app.sql"),
    ("prometheus-basic-auth", "pw", "  basic_auth:\n    username: prom\n    password: {s}"),
    ("alertmanager-smtp", "pw", "global:\n  smtp_auth_username: alerts@acme.io\n  smtp_auth_password: '{s}'"),
    ("grafana-ini", "pw", "[security]\nadmin_user = admin\nadmin_password = {s}"),
    ("telegraf-conf", "tok", "[[outputs.influxdb_v2]]\n  urls = [\"http://influx:8086\"]\n  token = \"{s}\""),
    ("fluentbit-conf", "tok", "[OUTPUT]\n    Name  http\n    Header Authorization Bearer {s}"),
    ("vector-toml", "tok", "[sinks.dd]\ntype = \"datadog_logs\"\ndefault_api_key = \"{s}\""),
    ("airflow-cfg", "hex", "[webserver]\nsecret_key = {s}"),
    ("airflow-connection-env", "pw", "AIRFLOW_CONN_WAREHOUSE='postgres://etl:{s}@dw:5432/dw'"),
    ("dbt-profiles", "pw", "acme:\n  outputs:\n    prod:\n      type: postgres\n      user: dbt\n      pass: {s}\n      dbname: analytics"),
    ("spark-defaults", "tok", "spark.hadoop.fs.s3a.secret.key {s}"),
    ("jupyter-config", "hex", "c.ServerApp.token = '{s}'"),
    ("superset-config", "tok", "SECRET_KEY = '{s}'\nSQLALCHEMY_DATABASE_URI = 'sqlite:///superset.db'"),
    ("metabase-env", "pw", "MB_DB_PASS={s}"),
    ("great-expectations", "pw", "datasources:\n  dw:\n    credentials:\n      password: {s}"),
    ("android-local-properties", "pw", "sdk.dir=/Users/hiro/Library/Android/sdk\nMYAPP_UPLOAD_STORE_PASSWORD={s}"),
    ("android-manifest-meta", "tok", "<meta-data android:name=\"com.acme.sdk.SECRET\" android:value=\"{s}\" />"),
    ("ios-xcconfig", "tok", "BACKEND_CLIENT_SECRET = {s}"),
    ("ios-info-plist", "tok", "<key>AnalyticsSecret</key>\n<string>{s}</string>"),
    ("expo-app-json-extra", "tok", "\"extra\": {{ \"revenueCatSecret\": \"{s}\" }}"),
    ("flutter-dart-define", "tok", "flutter build apk --dart-define=PAYMENT_SECRET={s}"),
    ("react-native-config", "tok", "API_SIGNING_SECRET={s}"),
    ("capacitor-config", "tok", "plugins: {{ Backend: {{ sharedSecret: '{s}' }} }}"),
    ("unity-scriptableobject", "tok", "MonoBehaviour:\n  m_Name: BackendConfig\n  serverSecret: {s}\n  region: eu"),
    ("unity-projectsettings", "pw", "  AndroidKeystorePass: {s}\n  AndroidKeyaliasName: upload"),
    ("godot-export-presets", "pw", "[preset.0.options]\nkeystore/release_password=\"{s}\""),
    ("godot-project-setting", "tok", "[network]\nbackend/api_secret=\"{s}\""),
    ("unreal-ini", "tok", "[/Script/OnlineSubsystemEOS.EOSSettings]\nClientSecret={s}"),
    ("steamworks-vdf", "pw", "\"Login\"\n{{\n  \"Username\" \"acme_build\"\n  \"Password\" \"{s}\"\n}}"),
    ("platformio-ini", "pw", "[env:ota]\nupload_protocol = espota\nupload_flags = --auth={s}"),
    ("esphome-yaml", "pw", "wifi:\n  ssid: \"Lab-IoT\"\n  password: \"{s}\"\nota:\n  platform: esphome"),
    ("zephyr-prj-conf", "pw", "CONFIG_WIFI_CREDENTIALS_STATIC=y\nCONFIG_WIFI_CREDENTIALS_STATIC_SSID=\"Lab\"\nCONFIG_WIFI_CREDENTIALS_STATIC_PASSWORD=\"{s}\""),
    ("esp-idf-sdkconfig", "pw", "CONFIG_EXAMPLE_WIFI_SSID=\"Warehouse-AP\"\nCONFIG_EXAMPLE_WIFI_PASSWORD=\"{s}\""),
    ("arduino-secrets-h", "pw", "#define SECRET_SSID \"Lab-IoT\"\n#define SECRET_PASS \"{s}\""),
    ("c-header-apikey", "tok", "static const char *CLOUD_API_KEY = \"{s}\";"),
    ("mbed-app-json", "pw", "\"nsapi.default-wifi-password\": \"\\\"{s}\\\"\""),
    ("mosquitto-conf-bridge", "pw", "connection cloud-bridge\naddress broker.acme.io:8883\nremote_username edge01\nremote_password {s}"),
    ("node-red-flows-cred", "pw", "\"credentials\": {{ \"user\": \"nr\", \"password\": \"{s}\" }}"),
    ("homeassistant-secrets", "pw", "wifi_password: {s}\nmqtt_password: {s}"),
    ("openwrt-uci", "pw", "config wifi-iface 'default_radio0'\n\toption ssid 'Office'\n\toption key '{s}'"),
    ("mikrotik-export", "pw", "/interface wireless security-profiles set default wpa2-pre-shared-key={s}"),
    ("cisco-ios-enable", "pw", "enable secret 0 {s}\nusername admin privilege 15 password 0 {s}"),
    ("junos-plain", "pw", "set system root-authentication plain-text-password-value {s}"),
    ("snmp-community", "pw", "rocommunity {s} 10.0.0.0/8"),
    ("radius-clients-conf", "pw", "client office-ap {{\n  ipaddr = 10.1.0.0/16\n  secret = {s}\n}}"),
    ("ipsec-secrets", "pw", ": PSK \"{s}\""),
    ("keepalived-auth", "pw", "authentication {{\n  auth_type PASS\n  auth_pass {s}\n}}"),
    ("pgbouncer-ini", "pw", "[databases]\napp = host=db port=5432 dbname=app user=app password={s}"),
    ("sentinel-conf", "pw", "sentinel auth-pass mymaster {s}"),
    ("elasticsearch-keystore-echo", "pw", "echo '{s}' | bin/elasticsearch-keystore add -x bootstrap.password"),
    ("kibana-yml", "pw", "elasticsearch.username: kibana_system\nelasticsearch.password: \"{s}\""),
    ("logstash-conf", "pw", "output {{ elasticsearch {{ hosts => [\"es:9200\"] user => \"logstash\" password => \"{s}\" }} }}"),
    ("sonar-properties", "tok", "sonar.host.url=https://sonar.corp.local\nsonar.login={s}"),
    ("renovate-json", "tok", "\"hostRules\": [{{ \"matchHost\": \"npm.corp.local\", \"token\": \"{s}\" }}]"),
    ("lerna-npmrc-env", "tok", "NODE_AUTH_TOKEN={s}"),
    ("vite-env", "tok", "VITE_INTERNAL_ADMIN_SECRET={s}"),
    ("next-config-env", "tok", "env: {{ CMS_PREVIEW_SECRET: '{s}' }},"),
    ("wrangler-toml-vars", "tok", "[vars]\nENVIRONMENT = \"production\"\nSIGNING_SECRET = \"{s}\""),
    ("serverless-yml", "pw", "provider:\n  environment:\n    DB_PASSWORD: {s}"),
    ("sam-template-param", "pw", "Parameters:\n  DbPassword:\n    Type: String\n    Default: {s}"),
    ("cloudformation-noecho-default", "pw", "MasterUserPassword:\n  Type: String\n  NoEcho: true\n  Default: \"{s}\""),
    ("pulumi-config-plain", "pw", "config:\n  acme:dbPassword: {s}"),
    ("bicep-param", "pw", "param adminPassword string = '{s}'"),
    ("nomad-job-template", "tok", "template {{\n  data = \"API_TOKEN={s}\"\n  destination = \"secrets/env\"\n  env = true\n}}"),
    ("consul-acl", "hex", "acl {{\n  tokens {{\n    agent = \"{s}\"\n  }}\n}}"),
    ("jenkins-credentials-xml", "pw", "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <username>deploy</username>\n  <password>{s}</password>"),
    ("teamcity-param", "pw", "<param name=\"env.DEPLOY_PASSWORD\" value=\"{s}\" />"),
    ("azure-pipelines-var", "pw", "variables:\n  - name: sqlPassword\n    value: '{s}'"),
    ("bitbucket-pipelines", "tok", "definitions:\n  variables:\n    ARTIFACT_TOKEN: {s}"),
    ("drone-yml", "pw", "  settings:\n    username: deploy\n    password: {s}"),
    ("wp-cli-yml", "pw", "@staging:\n  ssh: deploy@staging.acme.io\n  dbpass: {s}"),
    ("laravel-env-mail", "pw", "MAIL_MAILER=smtp\nMAIL_USERNAME=postmaster@acme.io\nMAIL_PASSWORD={s}"),
    ("rails-database-yml", "pw", "production:\n  adapter: postgresql\n  username: app\n  password: <%= ENV.fetch('DB_PASS', '{s}') %>"),
    ("phoenix-prod-exs", "tok", "config :acme, AcmeWeb.Endpoint, secret_key_base: \"{s}\""),
    ("rocket-toml", "b64", "[release]\nsecret_key = \"{s}\""),
    ("actix-settings-yaml", "hex", "application:\n  hmac_secret: \"{s}\""),
    ("quarkus-properties", "pw", "quarkus.datasource.password={s}"),
    ("micronaut-yml", "tok", "micronaut:\n  security:\n    token:\n      jwt:\n        signatures:\n          secret:\n            generator:\n              secret: '{s}'"),
    ("ktor-conf", "hex", "jwt {{\n  secret = \"{s}\"\n  issuer = \"acme\"\n}}"),
    ("vapor-env", "tok", "JWT_SIGNER_KEY={s}"),
    ("go-config-yaml", "pw", "nats:\n  url: nats://nats:4222\n  user: svc\n  pass: {s}"),
    ("deno-env", "tok", "DENO_KV_ACCESS_TOKEN={s}"),
    ("sentry-properties", "tok", "defaults.org=acme\ndefaults.project=ios\nauth.token={s}"),
    ("gcloud-boto-hmac", "b64", "gs_secret_access_key = {s}"),
    ("rclone-obscured", "url", "[crypt]\ntype = crypt\nremote = b2:backups\npassword = {s}\npassword2 = " + rs(B64URL, 43)),
    ("restic-env", "pw", "RESTIC_PASSWORD={s} restic -r s3:s3.amazonaws.com/acme-backup snapshots"),
    ("borg-passphrase", "pw", "export BORG_PASSPHRASE='{s}'"),
    ("duplicity-passphrase", "pw", "PASSPHRASE=\"{s}\" duplicity /srv b2://keyid@bucket/srv"),
    ("k8s-configmap-misuse", "pw", "kind: ConfigMap\ndata:\n  SMTP_PASSWORD: \"{s}\"\n  SMTP_HOST: smtp.acme.io"),
    ("argo-workflow-param", "tok", "arguments:\n  parameters:\n  - name: registry-token\n    value: {s}"),
    ("tekton-param", "pw", "params:\n  - name: git-password\n    value: {s}"),
    ("flux-sops-plain", "pw", "apiVersion: v1\nkind: Secret\nstringData:\n  admin-password: {s}  # ENC failed, plain!"),
    ("kustomize-secret-generator", "pw", "secretGenerator:\n- name: db\n  literals:\n  - password={s}"),
    ("docker-swarm-secret-create", "pw", "printf '{s}' | docker secret create db_password -"),
    ("vagrantfile", "pw", "config.vm.provision \"shell\", env: {{ \"DB_PASS\" => \"{s}\" }}"),
    ("makefile-var", "tok", "DEPLOY_TOKEN ?= {s}\ndeploy:\n\t./scripts/deploy.sh $(DEPLOY_TOKEN)"),
    ("justfile-var", "pw", "db_pass := \"{s}\"\nmigrate:\n    DATABASE_PASSWORD={{{{db_pass}}}} sqlx migrate run"),
    ("tox-ini-setenv", "pw", "[testenv]\nsetenv =\n    DB_PASSWORD = {s}"),
    ("pytest-ini-env", "tok", "[pytest]\nenv =\n    PAYMENTS_SANDBOX_SECRET={s}"),
    ("launch-json-env", "tok", "\"env\": {{ \"NODE_ENV\": \"development\", \"INTERNAL_API_SECRET\": \"{s}\" }}"),
    ("vscode-settings-rest-client", "tok", "\"rest-client.environmentVariables\": {{ \"prod\": {{ \"token\": \"{s}\" }} }}"),
    ("intellij-http-env", "tok", "{{ \"prod\": {{ \"host\": \"https://api.acme.io\", \"auth_token\": \"{s}\" }} }}"),
    ("postman-env-json", "tok", "{{ \"key\": \"apiSecret\", \"value\": \"{s}\", \"type\": \"secret\", \"enabled\": true }}"),
    ("insomnia-export", "tok", "\"authentication\": {{ \"type\": \"bearer\", \"token\": \"{s}\" }}"),
    ("dbeaver-credentials-plain", "pw", "\"postgres-jdbc-18a2\": {{ \"#connection\": {{ \"user\": \"app\", \"password\": \"{s}\" }} }}"),
    ("filezilla-xml", "b64", "<Server>\n  <Host>ftp.partner.com</Host>\n  <User>acme</User>\n  <Pass encoding=\"base64\">{s}</Pass>\n</Server>"),
    ("winscp-ini", "hex", "[Sessions\\deploy@10.0.0.8]\nHostName=10.0.0.8\nUserName=deploy\nPassword={s}"),
    ("ssh-config-with-comment", "pw", "Host bastion\n  HostName 52.18.4.90\n  User ops\n  # password: {s} (until keys are set up)"),
]

for fmt, kind, tmpl in CFG:
    s = sv(kind)
    text = tmpl.format(s=s)
    add(G_CFG, fmt, text, s)


# Kubernetes Secret manifests with base64 data (the base64 is the secret)
for j in range(6):
    pw = human_pw()
    enc = b64e(pw)
    key = pick(["password", "DB_PASSWORD", "api-key", "token", "client-secret", "redis-password"])
    t = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\ntype: Opaque\ndata:\n  username: %s\n  %s: %s" % (pick(["db", "app-secrets", "stripe", "redis"]), b64e(pick(USERS)), key, enc)
    add(G_CFG, "k8s-secret-data-b64", t, enc, key)
for j in range(3):
    enc = b64e(P("sk", "_live_") + an(24))
    t = "kubectl get secret stripe -o yaml | grep key\n  secret_key: %s" % enc
    add(G_CFG, "k8s-secret-kubectl-dump", t, enc)


# ---------------------------------------------------------------------------
# Section 9: agent notes - hand-offs, TODOs, decisions, pasted logs, history
# ---------------------------------------------------------------------------
G_NOTE = "agent-notes"


def tokval():
    return pick([
        lambda: human_pw(),
        lambda: an(32),
        lambda: hx(40),
        lambda: rs(B64URL, 43),
        lambda: P("sk", "_live_") + an(24),
        lambda: P("gh", "p_") + an(36),
        lambda: P("xo", "xb-") + str(R.randrange(10**11, 10**12)) + "-" + str(R.randrange(10**12, 10**13)) + "-" + an(24),
        lambda: "int_" + pick(["prd", "stg"]) + "_" + an(40),
        lambda: "tok." + hx(12) + "." + rs(B64URL, 32),
    ])()


NOTES = [
    ("handoff-staging-password", "Hand-off for tomorrow: staging admin login is admin / {s} - Katya changed it Tuesday, update the runbook."),
    ("handoff-bullets", "## Hand-off\n- branch feat/billing-retry is green\n- the sandbox key I used: {s}\n- still TODO: idempotency on refunds"),
    ("todo-rotate", "TODO(rotate): {s} was pasted in #dev-chat, rotate before Friday"),
    ("todo-remove-hardcoded", "# TODO remove before merge: token = \"{s}\""),
    ("fixme-inline", "// FIXME: hardcoded until vault sidecar works -> {s}"),
    ("decision-record", "Decision 2026-11-28: use the shared service account for the import job (user svc_import, pass {s}) until SSO lands."),
    ("next-steps", "Next steps:\n1. log in to Grafana with ops/{s}\n2. import dashboard 1860\n3. set alert contact"),
    ("blocked-note", "Blocked on QA env: the seeded test user is qa-bot@acme.io / {s} but login returns 403"),
    ("question-to-human", "Q for Liam: is {s} still the right webhook secret for the sandbox? signature check fails."),
    ("file-note", "file: deploy/staging.env -> line 12 has REPORTING_KEY={s}, keep in sync with prod?"),
    ("pasted-debug-log", "pasted from CI:\n[2026-11-30 09:12:03] DEBUG connecting with user=etl password={s} host=dw.internal\n[2026-11-30 09:12:04] ERROR timeout"),
    ("pasted-stacktrace-url", "Traceback (most recent call last):\n  File \"sync.py\", line 88, in <module>\n    r = session.get(\"https://api.partner.io/v1/items?secret={s}\")\nrequests.exceptions.ReadTimeout"),
    ("pasted-env-dump", "$ env | grep -i acme\nACME_REGION=eu\nACME_AUTH={s}\nACME_DEBUG=1"),
    ("pasted-printenv-ci", "printenv output from the failing job:\nHOME=/root\nCI=true\nRELEASE_SIGNING_PASSWORD={s}"),
    ("pasted-http-dump", "> POST /oauth/token HTTP/1.1\n> Content-Type: application/x-www-form-urlencoded\n>\ngrant_type=client_credentials&client_id=ops-portal&client_secret={s}"),
    ("pasted-curl-verbose", "* Connected to api.acme.io port 443\n> GET /v2/orders HTTP/2\n> authorization: Bearer {s}\n> user-agent: curl/8.5.0"),
    ("pasted-docker-inspect", "\"Env\": [\n  \"PATH=/usr/local/bin\",\n  \"QUEUE_PASSWORD={s}\"\n]"),
    ("pasted-kubectl-describe", "Environment:\n  DB_HOST:      pg.prod\n  DB_PASSWORD:  {s}\nMounts: <none>"),
    ("pasted-sql-error", "ERROR 1045 (28000): Access denied for user 'app'@'10.0.3.4' (using password: YES)\n-- tried with password '{s}' from the wiki"),
    ("pasted-js-console", "> localStorage.getItem('auth')\n'{{\"refresh\":\"{s}\",\"exp\":1796000000}}'"),
    ("shell-history-typo-password", "  501  mysql -u root -p\n  502  {s}\n  503  mysql -u root -p   # typed the password at the shell prompt above, oops"),
    ("shell-history-export", "  887  export SERVICE_KEY={s}\n  888  ./run_migration.sh --dry-run\n  889  unset SERVICE_KEY"),
    ("shell-history-git-push", "  1203  git push https://deploy:{s}@git.corp.local/platform/infra.git main"),
    ("shell-history-curl", "  77  curl -X DELETE 'https://api.acme.io/admin/cache?key={s}'"),
    ("shell-history-sudo-echo", "  412  echo {s} | sudo -S systemctl restart acme-agent"),
    ("shell-history-ssh-typo", "$ ssh deploy@10.0.0.8\ndeploy@10.0.0.8's password:\n$ {s}\nbash: {s}: command not found"),
    ("commit-message-leak", "git commit -m \"temp: hardcode partner secret {s} to unblock demo\""),
    ("review-comment", "Reviewer note: line 44 of settings_local.py still contains '{s}' - please move it to env."),
    ("incident-timeline", "10:42 found the leaked credential {s} in public gist; 10:50 revoked; 11:05 rotated in vault"),
    ("checklist", "- [x] created bot user\n- [x] bot password: {s}\n- [ ] add to CODEOWNERS"),
    ("meeting-notes", "sync w/ infra: they gave us the shared NAS login (user backup, pw {s}), expires end of quarter"),
    ("summary-arrow", "vendor sandbox creds -> acct demo-eu / {s}"),
    ("tried-list", "Tried: (1) old token, 401; (2) new token {s}, 200 OK; (3) revoked old one."),
    ("scratch-kv", "scratch:\n  host=10.0.2.5\n  pw={s}\n  port=2222"),
    ("markdown-table", "| env | user | password |\n|-----|------|----------|\n| staging | admin | {s} |"),
    ("code-fence-note", "```\nexport PARTNER_FEED_TOKEN={s}\npython ingest.py --since 2026-11-01\n```"),
    ("quote-from-slack", "> from @rosa in Slack: \"use {s} as the temporary key for the partner API\""),
    ("email-pasted", "From: it-support@acme.io\nSubject: your VPN access\n\nYour temporary password is {s}. Change it at first login."),
    ("jira-comment", "PAY-2231 comment: repro with merchant key {s} in sandbox, happens every 3rd call"),
    ("es-nota", "Nota para mañana: la contraseña de la base de datos de pruebas es {s}"),
    ("de-notiz", "Notiz: Das Passwort für den Staging-Server lautet {s} (bitte nach dem Test ändern)."),
    ("fr-note", "Note : le mot de passe du compte de service est {s}, à changer après la démo."),
    ("pt-nota", "Anotação: a senha do usuário admin no ambiente de homologação é {s}"),
    ("it-nota", "Promemoria: la password dell'utente ftp è {s}"),
    ("nl-notitie", "Let op: het wachtwoord voor de testomgeving is {s}"),
    ("pl-notatka", "Uwaga: hasło do serwera testowego to {s}"),
    ("ru-zametka", "Заметка: пароль от тестовой базы {s}, не забыть сменить."),
    ("uk-notatka", "Нотатка: токен доступу до API {s}"),
    ("tr-not", "Not: test sunucusunun şifresi {s}"),
    ("ja-memo", "メモ: ステージングの管理者パスワードは {s} です。"),
    ("zh-note", "备注：测试环境数据库密码是 {s}，上线前要改。"),
    ("ko-memo", "메모: 스테이징 관리자 비밀번호는 {s} 입니다."),
    ("vi-ghichu", "Ghi chú: mật khẩu máy chủ thử nghiệm là {s}"),
    ("hi-note", "नोट: स्टेजिंग सर्वर का पासवर्ड {s} है"),
    ("sv-anteckning", "Obs: lösenordet till testmiljön är {s}"),
    ("id-catatan", "Catatan: kata sandi server staging adalah {s}"),
]

for fmt, tmpl in NOTES:
    for _ in range(2 if R.random() < 0.55 else 1):
        s = tokval()
        add(G_NOTE, fmt, tmpl.format(s=s), s)


# ---------------------------------------------------------------------------
# Section 10: headers, cookies, encoded, escaped, split across lines
# ---------------------------------------------------------------------------
G_ENC = "encoded-or-header"

for j in range(3):
    u, pw = pick(USERS), human_pw()
    b = b64e(u + ":" + pw)
    t = pick(["curl -H 'Authorization: Basic %s' https://nexus.corp.local/service/rest/v1/repositories",
              "Authorization: Basic %s",
              "headers = {\"Authorization\": \"Basic %s\"}"]) % b
    add(G_ENC, "authorization-basic", t, b)

HEADER_FORMATS = [
    ("x-api-key-header", "curl https://api.acme.io/v1/ping -H 'X-API-Key: {s}'", "tok"),
    ("custom-auth-header", "curl -H \"X-Acme-Service-Auth: {s}\" http://orders.internal/health", "tok"),
    ("x-auth-token-header", "X-Auth-Token: {s}", "hex"),
    ("private-token-header", "curl --header \"PRIVATE-TOKEN: {s}\" https://gitlab.corp.local/api/v4/projects", "gl"),
    ("api-key-header-space", "api-key: {s}", "tok"),
    ("ocp-apim-key", "Ocp-Apim-Subscription-Key: {s}", "hex"),
    ("x-shopify-token", "X-Shopify-Access-Token: {s}", "shp"),
    ("authorization-token-scheme", "Authorization: Token token=\"{s}\"", "tok"),
    ("authorization-apikey-scheme", "Authorization: ApiKey {s}", "b64"),
    ("authorization-sso-key", "Authorization: sso-key {s}:{s}", "tok"),
    ("authorization-bearer-lowercase", "authorization: bearer {s}", "jwt"),
    ("authorization-dsn", "Authorization: DSN {s}", "hex"),
    ("proxy-authorization", "Proxy-Authorization: Basic {s}", "basic"),
    ("fetch-headers-js", "fetch(url, {{ headers: {{ 'x-internal-secret': '{s}' }} }})", "tok"),
    ("axios-defaults", "axios.defaults.headers.common['Authorization'] = 'Bearer {s}';", "jwt"),
    ("python-headers-dict", "headers = {{'X-Partner-Key': '{s}', 'Accept': 'application/json'}}", "tok"),
    ("httpie-header", "http POST :8000/api/jobs X-Admin-Token:{s}", "hex"),
    ("grpcurl-metadata", "grpcurl -H 'authorization: Bearer {s}' api.acme.io:443 acme.v1.Orders/List", "jwt"),
    ("websocket-subprotocol", "new WebSocket(url, ['access_token', '{s}'])", "tok"),
]


def hdr_val(kind):
    if kind == "tok":
        return an(R.randrange(32, 48))
    if kind == "hex":
        return hx(32)
    if kind == "gl":
        return P("gl", "pat-") + rs(B64URL, 20)
    if kind == "shp":
        return P("shp", "at_") + hx(32)
    if kind == "b64":
        return b64_bytes(30)
    if kind == "basic":
        return b64e(pick(USERS) + ":" + human_pw())
    return "eyJhbGciOiJIUzI1NiJ9." + b64url_nopad(R.randrange(60, 120)) + "." + b64url_nopad(32)


for fmt, tmpl, kind in HEADER_FORMATS:
    for _ in range(2):
        s = hdr_val(kind)
        add(G_ENC, fmt, tmpl.format(s=s), s)

COOKIE_FORMATS = [
    ("curl-b-connect-sid", lambda: "s%3A" + rs(B64URL, 32) + "." + urllib.parse.quote(b64_bytes(32).rstrip("="), safe=""),
     "curl -b 'connect.sid={s}' https://admin.acme.io/api/users"),
    ("curl-cookie-connect-sid", lambda: "s%3A" + rs(B64URL, 32) + "." + urllib.parse.quote(b64_bytes(32).rstrip("="), safe=""),
     "curl --cookie \"connect.sid={s}\" http://localhost:3000/dashboard"),
    ("cookie-header-session", lambda: an(40), "Cookie: theme=dark; sessionid={s}; csrftoken=" + an(32)),
    ("cookie-rails-session", lambda: rs(B64URL + "%", 120) + "--" + hx(40), "Cookie: _acme_session={s}"),
    ("cookie-laravel", lambda: "eyJpdiI6" + rs(B64, 150) + "%3D", "Cookie: laravel_session={s}; XSRF-TOKEN=abc"),
    ("cookie-phpsessid", lambda: rs(LOWNUM, 26), "curl -b PHPSESSID={s} https://legacy.acme.io/admin/export.php"),
    ("cookie-jsessionid", lambda: hx(32).upper(), "Cookie: JSESSIONID={s}; Path=/app"),
    ("cookie-aspnet-auth", lambda: hx(320).upper(), "Cookie: .ASPXAUTH={s}"),
    ("set-cookie-session", lambda: rs(B64URL, 43), "Set-Cookie: __Host-sid={s}; Path=/; Secure; HttpOnly; SameSite=Lax"),
    ("requests-cookies", lambda: an(48), "s.cookies.set('auth_session', '{s}', domain='acme.io')"),
    ("playwright-storage-state", lambda: rs(B64URL, 60), "\"cookies\": [{{\"name\": \"sb-access-token\", \"value\": \"{s}\", \"domain\": \"localhost\"}}]"),
    ("cookie-cf-authorization", lambda: "eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ." + b64url_nopad(120) + "." + b64url_nopad(128), "Cookie: CF_Authorization={s}"),
    ("wget-header-cookie", lambda: hx(64), "wget --header=\"Cookie: remember_token={s}\" https://acme.io/export.csv"),
]
for fmt, gen, tmpl in COOKIE_FORMATS:
    for _ in range(2):
        s = gen()
        add(G_ENC, fmt, tmpl.format(s=s), s)

# URL-encoded secrets
for j in range(4):
    raw = human_pw() + pick(["+/", "=&", "#@", "%!"])
    enc = urllib.parse.quote(raw, safe="")
    t = pick(["curl -d 'username=ops&password=%s' https://acme.io/login",
              "POST body: grant_type=password&username=qa&password=%s&scope=openid",
              "https://legacy.acme.io/login.cgi?user=admin&pass=%s",
              "redirect_uri=https%%3A%%2F%%2Fapp%%2Fcb&client_secret=%s"]) % enc
    add(G_ENC, "url-encoded-form-password", t, enc)

# JSON inside a string (escaped quotes)
for j in range(4):
    s = an(40)
    t = pick(['"{\\"type\\":\\"service\\",\\"api_secret\\":\\"%s\\"}"',
              "payload = '{\"auth\": {\"token\": \"%s\"}}'",
              'SECRETS_JSON="{\\"db_password\\":\\"%s\\",\\"db_user\\":\\"app\\"}"',
              'log: body="{\\"client_secret\\":\\"%s\\"}" status=200']) % s
    add(G_ENC, "json-in-string", t, s)

# double-escaped / shell escaped
for j in range(3):
    pw = human_pw()
    esc = pw.replace("!", "\\!").replace("$", "\\$")
    t = pick(["mysql -u root -p%s -e 'show databases'", "echo \"password=%s\" >> .env", "sed -i 's/PASSWORD=.*/PASSWORD=%s/' .env"]) % esc
    add(G_ENC, "shell-escaped-password", t, esc)

# Windows paths and registry
for j in range(3):
    pw = human_pw()
    t = pick(["C:\\Users\\%s\\AppData\\Roaming\\acme\\config.ini: Password=%s" % (pick(NAMES), pw),
              "reg add HKLM\\SOFTWARE\\Acme\\Agent /v ServicePassword /t REG_SZ /d \"%s\" /f" % pw,
              "C:\\> type C:\\ProgramData\\Acme\\agent.conf\nserver=acme.io\nsecret=%s" % pw])
    add(G_ENC, "windows-path-config", t, pw)

# base64 of a credential blob
for j in range(4):
    blob = pick(['{"user":"svc_ci","password":"%s"}' % human_pw(),
                 "username=%s\npassword=%s" % (pick(USERS), human_pw()),
                 "%s:%s" % (pick(USERS), human_pw()),
                 '{"type":"service_account","private_key":"-----BEGIN PRIVATE KEY-----\\n%s"}' % b64_bytes(48)])
    enc = b64e(blob)
    t = pick(["GOOGLE_CREDENTIALS_B64=%s", "echo %s | base64 -d > creds.json", "creds (b64): %s", "  .dockerconfigjson: %s"]) % enc
    add(G_ENC, "base64-credential-blob", t, enc)

# secret split across a line break (backslash continuation / wrapped)
for j in range(4):
    s = an(56)
    a, b = s[:28], s[28:]
    t = pick(["export PARTNER_TOKEN=\"%s\\\n%s\"" % (a, b),
              "curl -H \"Authorization: Bearer %s\\\n%s\" https://api.acme.io" % (a, b)])
    add(G_ENC, "split-line-continuation", t, a)
    add(G_ENC, "split-line-continuation-tail", t, b)
for j in range(3):
    s = rs(B64URL, 80)
    a, b = s[:40], s[40:]
    t = "token = (\n    \"%s\"\n    \"%s\"\n)" % (a, b)
    add(G_ENC, "python-implicit-concat", t, a)
    add(G_ENC, "python-implicit-concat-tail", t, b)

# quotes of every kind
QUOTES = [("`", "`", "backtick"), ("\u201c", "\u201d", "smart-double"), ("\u2018", "\u2019", "smart-single"),
          ("\u00ab", "\u00bb", "guillemets"), ("\u300c", "\u300d", "cjk-corner"), ("'" * 3, "'" * 3, "triple-single"),
          ('"' * 3, '"' * 3, "triple-double"), ("$'", "'", "ansi-c"), ('r"', '"', "raw-string")]
for q1, q2, nm in QUOTES:
    s = human_pw()
    t = "the admin password is %s%s%s (staging only)" % (q1, s, q2)
    add(G_ENC, "quoted-" + nm, t, s)

# hex / unicode escaped
for j in range(2):
    s = an(24)
    esc = "".join("\\x%02x" % ord(c) for c in s)
    add(G_ENC, "hex-escaped-string", "key = b\"%s\"  # api secret" % esc, esc)
for j in range(2):
    s = an(20)
    esc = "".join("\\u%04x" % ord(c) for c in s)
    add(G_ENC, "unicode-escaped-json", '{"password": "%s"}' % esc, esc)

# ---------------------------------------------------------------------------
# Section 11: code in many languages
# ---------------------------------------------------------------------------
G_CODE = "code"

CODE = [
    ("python-const", "PARTNER_SIGNING_SECRET = \"{s}\""),
    ("python-dict-literal", "CONFIG = {{\"db\": {{\"user\": \"app\", \"password\": \"{s}\"}}, \"debug\": False}}"),
    ("python-kwarg", "conn = psycopg2.connect(host=\"db\", dbname=\"app\", user=\"app\", password=\"{s}\")"),
    ("python-fstring-url", "url = f\"https://api.partner.io/v2/{{path}}?key={s}\""),
    ("python-getenv-default", "token = os.getenv(\"ORDERS_TOKEN\", \"{s}\")"),
    ("python-pydantic-default", "class Settings(BaseSettings):\n    hmac_key: str = \"{s}\""),
    ("js-object", "const cfg = {{ host: 'mq.internal', user: 'svc', pass: '{s}' }};"),
    ("js-export-const", "export const WEBHOOK_SIGNING_KEY = \"{s}\";"),
    ("ts-class-field", "private readonly clientSecret: string = '{s}';"),
    ("js-template-literal", "const auth = `Bearer {s}`;"),
    ("node-process-env-assign", "process.env.SUPPORT_BOT_TOKEN ??= '{s}';"),
    ("go-const", "const upstreamKey = \"{s}\""),
    ("go-struct-literal", "cfg := Config{{Addr: \"redis:6379\", Password: \"{s}\", DB: 0}}"),
    ("go-raw-string", "var hmacSecret = []byte(`{s}`)"),
    ("rust-const", "const LICENSE_SECRET: &str = \"{s}\";"),
    ("rust-builder", "let client = Client::builder().api_key(\"{s}\").build()?;"),
    ("java-static-final", "private static final String SERVICE_SECRET = \"{s}\";"),
    ("java-properties-set", "props.setProperty(\"password\", \"{s}\");"),
    ("kotlin-val", "val partnerKey = \"{s}\""),
    ("kotlin-buildconfig", "buildConfigField(\"String\", \"SDK_SECRET\", \"\\\"{s}\\\"\")"),
    ("csharp-const", "public const string SigningKey = \"{s}\";"),
    ("csharp-verbatim", "var secret = @\"{s}\";"),
    ("csharp-options", "options.ClientSecret = \"{s}\";"),
    ("ruby-const", "API_SECRET = '{s}'.freeze"),
    ("ruby-hash", "config.smtp_settings = {{ user_name: 'mailer', password: '{s}' }}"),
    ("php-array", "'secret' => '{s}',"),
    ("php-define", "define('PAYMENT_HASH_KEY', '{s}');"),
    ("swift-let", "let backendSecret = \"{s}\""),
    ("swift-keychain-seed", "try keychain.set(\"{s}\", key: \"refreshToken\")"),
    ("objc-nsstring", "static NSString * const kAPISecret = @\"{s}\";"),
    ("dart-const", "const String apiSecret = '{s}';"),
    ("scala-val", "val dbPassword = \"{s}\""),
    ("elixir-config", "config :acme, :partner_api, secret: \"{s}\""),
    ("haskell-binding", "apiSecret = \"{s}\" :: Text"),
    ("lua-table", "local cfg = {{ token = \"{s}\", timeout = 5 }}"),
    ("perl-my", "my $dbpass = '{s}';"),
    ("r-sys-setenv", "Sys.setenv(WAREHOUSE_PWD = \"{s}\")"),
    ("julia-const", "const API_SECRET = \"{s}\""),
    ("bash-var", "DEPLOY_SECRET='{s}'\ncurl -H \"X-Deploy: $DEPLOY_SECRET\" https://deploy.internal/hook"),
    ("powershell-var", "$ApiSecret = '{s}'\nInvoke-RestMethod -Uri $url -Headers @{{ 'X-Secret' = $ApiSecret }}"),
    ("sql-insert-credential", "INSERT INTO integrations (name, api_secret) VALUES ('partner', '{s}');"),
    ("sql-create-user", "CREATE USER reporting WITH PASSWORD '{s}';"),
    ("c-define", "#define MQTT_PASS \"{s}\""),
    ("cpp-string", "std::string licenseKey{{\"{s}\"}};"),
    ("arduino-const-char", "const char* otaPassword = \"{s}\";"),
    ("unity-csharp-serializefield", "[SerializeField] private string backendSecret = \"{s}\";"),
    ("gdscript-const", "const SERVER_SECRET := \"{s}\""),
    ("unreal-cpp-macro", "static const FString ApiSecret = TEXT(\"{s}\");"),
    ("solidity-comment-key", "// deployer key (testnet): {s}"),
    ("groovy-jenkinsfile", "withEnv([\"NEXUS_PASS={s}\"]) {{ sh './gradlew publish' }}"),
    ("terraform-local", "locals {{\n  admin_password = \"{s}\"\n}}"),
    ("nix-attr", "services.grafana.settings.security.admin_password = \"{s}\";"),
    ("zig-const", "const token = \"{s}\";"),
    ("clojure-def", "(def api-secret \"{s}\")"),
    ("fsharp-let", "let connectionSecret = \"{s}\""),
    ("vb-net-dim", "Dim password As String = \"{s}\""),
    ("matlab-webopts", "opts = weboptions('Username','svc','Password','{s}');"),
    ("jupyter-cell", "In [3]: client = Minio('minio:9000', access_key='minio', secret_key='{s}', secure=False)"),
]

for fmt, tmpl in CODE:
    s = pick([lambda: an(R.randrange(24, 44)), lambda: human_pw(), lambda: hx(40), lambda: rs(B64URL, 40)])()
    s = s.replace('"', "").replace("'", "").replace("\\", "").replace("`", "")
    if fmt == "solidity-comment-key":
        s = "0x" + hx(64)
    add(G_CODE, fmt, tmpl.format(s=s), s)


# ---------------------------------------------------------------------------
# Section 12: secrets in unusual places (process lists, dumps, CI masking...)
# ---------------------------------------------------------------------------
G_ODD = "unusual-place"

ODD = [
    ("gha-add-mask-literal", "pw", "echo \"::add-mask::{s}\"\necho \"DEPLOY_PASS={s}\" >> $GITHUB_ENV"),
    ("gha-set-output", "tok", "echo \"token={s}\" >> \"$GITHUB_OUTPUT\""),
    ("gha-log-unmasked", "tok", "Run ./scripts/publish.sh\n  env:\n    REGISTRY_TOKEN: {s}\n    NODE_VERSION: 20"),
    ("gitlab-ci-log-trace", "pw", "$ ./deploy.sh --user deploy --pass {s}\nDeploying to production..."),
    ("jenkins-console", "pw", "[Pipeline] sh\n+ curl -u deploy:{s} -T app.war https://tomcat.corp.local/manager/text/deploy?path=/app"),
    ("ps-aux-line", "pw", "root  2231  0.3  1.2 java -Dspring.datasource.password={s} -jar /opt/app/app.jar"),
    ("proc-cmdline", "tok", "$ cat /proc/4412/cmdline | tr '\\0' ' '\nnode server.js --signing-secret {s}"),
    ("docker-history", "tok", "IMAGE          CREATED BY\n<missing>      /bin/sh -c #(nop)  ENV WORKER_SECRET={s}"),
    ("docker-ps-command", "pw", "CONTAINER ID   IMAGE   COMMAND\n3f2a9b1c7d8e   mysql   \"docker-entrypoint.sh --default-auth --init-file ... MYSQL_PWD={s}\""),
    ("crash-report-env", "tok", "Crash report (sentry breadcrumb): env.INTERNAL_ADMIN_SECRET=\"{s}\" process.platform=\"linux\""),
    ("csv-export-row", "pw", "id,email,role,temp_password\n1042,qa@acme.io,admin,{s}"),
    ("sql-dump-row", "hex", "INSERT INTO `api_clients` VALUES (7,'partner-eu','{s}','2026-11-01 10:00:00');"),
    ("redis-monitor", "pw", "1701332211.123 [0 10.0.3.4:53422] \"AUTH\" \"{s}\""),
    ("tcpdump-http-basic-decoded", "pw", "Decoded Basic auth from the pcap: deploy:{s}"),
    ("har-file-entry", "tok", "{{\"name\": \"Authorization\", \"value\": \"Bearer {s}\"}}"),
    ("heredoc-env", "pw", "cat <<EOF > .env.local\nDB_USER=app\nDB_PASS={s}\nEOF"),
    ("yaml-folded", "b64", "sealed_note: >\n  legacy key follows\n  {s}"),
    ("makefile-recipe", "pw", "release:\n\ttwine upload -u ci -p {s} dist/*"),
    ("git-remote-v", "url", "$ git remote -v\norigin  https://ci:{s}@git.corp.local/acme/web.git (fetch)"),
    ("pip-freeze-url", "url", "acme-internal @ git+https://build:{s}@git.corp.local/py/acme-internal.git@v1.2.0"),
    ("go-goprivate-netrc-inline", "tok", "GOFLAGS=-mod=mod GONOSUMDB=git.corp.local GOPROXY=https://ci:{s}@goproxy.corp.local"),
    ("npm-debug-log", "tok", "12 verbose request uri https://npm.corp.local/@acme%2fcore\n13 verbose headers {{ authorization: 'Bearer {s}' }}"),
    ("xcode-build-log", "pw", "ExportArchive: altool --upload-app -u release@acme.io -p {s} --output-format xml"),
    ("android-logcat", "tok", "D/OkHttp(12345): Authorization: Bearer {s}"),
    ("unity-editor-log", "tok", "[Backend] Using server secret {s} for environment 'staging'"),
    ("serial-console-esp", "pw", "I (1342) wifi_prov: Received Wi-Fi credentials SSID: Lab-IoT Password: {s}"),
    ("uboot-env", "pw", "=> printenv\nbootdelay=2\nwifi_psk={s}\nbaudrate=115200"),
    ("nvs-csv", "pw", "key,type,encoding,value\nwifi,namespace,,\npass,data,string,{s}"),
    ("browser-localstorage-dump", "tok", "localStorage: {{\"theme\":\"dark\",\"auth.refresh\":\"{s}\"}}"),
    ("graphql-variables", "pw", "{{\"query\":\"mutation Login($u:String!,$p:String!){{login(u:$u,p:$p){{id}}}}\",\"variables\":{{\"u\":\"qa\",\"p\":\"{s}\"}}}}"),
    ("websocket-frame-log", "tok", "WS >> {{\"op\":\"auth\",\"args\":[\"{s}\"]}}"),
    ("excel-connection", "pw", "Provider=SQLOLEDB.1;Persist Security Info=True;User ID=excel_ro;Password={s};Initial Catalog=Sales"),
    ("vim-swap-recovery", "pw", "E325: ATTENTION ... recovered line 14: smtp_pass = {s}"),
    ("clipboard-history", "tok", "clipboard history: 1) npm test 2) {s} 3) git status"),
    ("ics-meeting-body", "pw", "DESCRIPTION:Dial-in for the audit. Shared drive login: auditor / {s}"),
]

for fmt, kind, tmpl in ODD:
    for _ in range(1 + (R.random() < 0.3)):
        s = sv(kind) if kind != "url" else urllib.parse.quote(human_pw(), safe="")
        s = s.replace("{", "").replace("}", "")
        add(G_ODD, fmt, tmpl.format(s=s), s)


# ---------------------------------------------------------------------------
# BENIGN: look-alikes in the same kind of checkpoint text
# ---------------------------------------------------------------------------

def sha1():
    return hx(40)


def sha256():
    return hx(64)


def bgen_git():
    s = sha1()
    return pick([
        "git checkout %s -- src/payments/webhook.ts" % s,
        "reverted %s (bad migration) and cherry-picked %s onto release/2.4" % (s[:7], sha1()[:10]),
        "git log --oneline -3\n%s fix: retry on 429\n%s chore: bump deps\n%s feat: export csv" % (s[:7], sha1()[:7], sha1()[:7]),
        "bisect says first bad commit is %s" % s,
        "git rebase -i %s~3  # squash the fixups" % s[:12],
        "HEAD is now at %s Merge pull request #%d from acme/feat/token-refresh" % (s[:7], R.randrange(100, 9999)),
        "git diff %s..%s --stat" % (s[:8], sha1()[:8]),
        "Submodule vendor/protos %s..%s (fast-forward)" % (s[:7], sha1()[:7]),
        "commit %s\nAuthor: %s <%s@acme.io>\nDate:   Tue Nov 24 13:02:11 2026 +0100" % (s, pick(NAMES).capitalize(), pick(NAMES)),
        "git push origin %s:refs/heads/hotfix/secret-rotation" % s,
    ])


def bgen_hash():
    return pick([
        "sha256:%s  dist/app-1.%d.%d.tar.gz" % (sha256(), R.randrange(20), R.randrange(20)),
        "%s  terraform_1.9.%d_linux_amd64.zip" % (sha256(), R.randrange(9)),
        "echo \"%s  node-v20.11.1-linux-x64.tar.xz\" | sha256sum -c -" % sha256(),
        "md5: %s" % hx(32),
        "ETag: \"%s\"" % hx(32),
        "ETag: W/\"%s-%s\"" % (hx(4), rs(B64URL, 27)),
        "checksum mismatch: expected sha512-%s got sha512-%s" % (b64_bytes(64)[:20] + "...", b64_bytes(64)[:20] + "..."),
        "  integrity sha512-%s" % b64_bytes(64),
        "\"integrity\": \"sha512-%s\"," % b64_bytes(64),
        "resolved \"https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#%s\"" % sha1(),
        "ruby-%s.tar.gz sha1=%s" % (pick(["3.3.5", "3.2.4"]), sha1()),
        "image: ghcr.io/acme/api@sha256:%s" % sha256(),
        "FROM python:3.12-slim@sha256:%s" % sha256(),
        "Digest: sha256:%s\nStatus: Downloaded newer image for redis:7.2" % sha256(),
        "blake3 %s  model.onnx" % sha256(),
        "crc32c=%s md5Hash=%s" % (b64_bytes(4), b64_bytes(16)),
        "x-goog-hash: crc32c=%s, md5=%s" % (b64_bytes(4), b64_bytes(16)),
        "content-md5: %s" % b64_bytes(16),
        "go.sum: golang.org/x/crypto v0.28.0 h1:%s" % b64_bytes(32),
        "github.com/stretchr/testify v1.9.0/go.mod h1:%s" % b64_bytes(32),
        "Cargo.lock: checksum = \"%s\"" % sha256(),
        "\"sha\": \"%s\", \"size\": %d" % (sha1(), R.randrange(100, 99999)),
        "poetry.lock: {file = \"requests-2.32.3-py3-none-any.whl\", hash = \"sha256:%s\"}" % sha256(),
        "requests==2.32.3 \\\n    --hash=sha256:%s" % sha256(),
        "SRI: <script src=\"/app.js\" integrity=\"sha384-%s\" crossorigin=\"anonymous\"></script>" % b64_bytes(48),
        "fingerprint SHA256:%s (ED25519)" % b64_bytes(32).rstrip("="),
        "Key fingerprint = %s" % " ".join(hx(4).upper() for _ in range(10)),
        "gpg: using RSA key %s" % hx(40).upper(),
        "cache key: node-modules-%s-%s" % (pick(["linux", "macos"]), sha256()),
        "restored cache from key: v3-gradle-%s" % hx(40),
    ])


def bgen_ids():
    return pick([
        "request_id=%s status=500 path=/api/v2/orders" % uuid4(),
        "traceparent: 00-%s-%s-01" % (hx(32), hx(16)),
        "X-Request-Id: %s" % uuid4(),
        "x-amzn-RequestId: %s" % uuid4(),
        "X-Amz-Cf-Id: %s==" % rs(B64URL, 54),
        "trace_id=%s span_id=%s" % (hx(32), hx(16)),
        "sentry event %s" % hx(32),
        "job %s failed after 3 retries" % uuid4(),
        "Correlation-ID: %s" % uuid4(),
        "idempotency_key=%s" % uuid4(),
        "stripe event id evt_%s, customer cus_%s, charge ch_%s" % (an(24), an(14), an(24)),
        "payment intent pi_%s in status requires_action" % an(24),
        "Twilio message SID SM%s delivered" % hx(32),
        "call sid CA%s" % hx(32),
        "subscription id %s, tenant %s" % (uuid4(), uuid4()),
        "arn:aws:iam::%d:role/ci-deployer" % R.randrange(10**11, 10**12),
        "arn:aws:secretsmanager:eu-west-1:%d:secret:prod/db-%s" % (R.randrange(10**11, 10**12), an(6)),
        "i-%s stopped; vol-%s detached" % (hx(17), hx(17)),
        "sg-%s allows 443 from 0.0.0.0/0" % hx(17),
        "ami-%s" % hx(17),
        "projects/acme-prod-231/secrets/db-password/versions/7",
        "Slack channel C%s, user U%s, team T%s" % (rs(UPNUM, 10), rs(UPNUM, 10), rs(UPNUM, 10)),
        "discord guild %d channel %d" % (R.randrange(10**17, 10**18), R.randrange(10**17, 10**18)),
        "mongo ObjectId(\"%s\")" % hx(24),
        "ULID %s" % rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26),
        "ksuid %s" % an(27),
        "nanoid %s" % rs(B64URL, 21),
        "Firebase app id 1:%d:android:%s" % (R.randrange(10**11, 10**12), hx(22)),
        "google-services.json: \"mobilesdk_app_id\": \"1:%d:ios:%s\"" % (R.randrange(10**11, 10**12), hx(22)),
        "PRODUCT_BUNDLE_IDENTIFIER = com.acme.%s; DEVELOPMENT_TEAM = %s;" % (pick(WORDS), rs(UPNUM, 10)),
        "provisioning profile UUID %s" % uuid4().upper(),
        "Unity asset guid: %s" % hx(32),
        "  m_GameObject: {fileID: %d}\n  guid: %s, type: 3" % (R.randrange(10**17, 10**18), hx(32)),
        "Godot uid=\"uid://%s\"" % rs(LOWNUM, 13),
        "Unreal asset /Game/Maps/%s.%s GUID %s" % (pick(WORDS).capitalize(), pick(WORDS).capitalize(), hx(32).upper()),
        "ESP32 MAC %s chip id %s" % (":".join(hx(2) for _ in range(6)), hx(12).upper()),
        "device EUI %s, join EUI %s" % (hx(16).upper(), hx(16).upper()),
        "serial /dev/ttyUSB0 (CP2102 %s)" % hx(16),
        "PR #%d, issue #%d, pipeline %d, job %d" % (R.randrange(10**3, 10**4), R.randrange(10**3, 10**4), R.randrange(10**8, 10**9), R.randrange(10**9, 10**10)),
        "GitHub Actions run %d attempt 2" % R.randrange(10**9, 10**10),
        "docker container %s exited (137)" % hx(12),
        "container id %s" % hx(64),
        "pod api-%s-%s CrashLoopBackOff" % (rs(LOWNUM, 10), rs(LOWNUM, 5)),
        "replicaset web-%s" % rs("bcdfghjklmnpqrstvwxz2456789", 10),
        "session id in logs looks like sess_%s (these are public ids, not secrets)" % hx(8),
        "OAuth client id %s.apps.googleusercontent.com" % (str(R.randrange(10**11, 10**12)) + "-" + rs(LOWNUM, 32)),
        "Azure tenant %s, client id %s (secret comes from Key Vault)" % (uuid4(), uuid4()),
        "Algolia app id %s, search-only key is public in the frontend bundle" % rs(UPNUM, 10),
    ])


def bgen_b64_text():
    txt = pick(["hello world", "{\"alg\":\"HS256\",\"typ\":\"JWT\"}", "user-agent test", "The quick brown fox",
                "apiVersion: v1\nkind: ConfigMap", "[Desktop Entry]\nName=App", "#!/bin/sh\necho ok",
                "{\"kind\":\"Event\",\"reason\":\"Scheduled\"}", "LOG_LEVEL=debug", "feature_flags=on",
                "nginx.conf backup", "README.md contents", "{\"type\":\"click\",\"x\":10}"])
    e = b64e(txt)
    return pick([
        "echo %s | base64 -d" % e,
        "data:\n  config.yaml: %s" % e,
        "payload (base64): %s" % e,
        "decoded %s -> %r, just the header, no signature" % (e, txt),
        "data:text/plain;base64,%s" % e,
        "ConfigMap binaryData.banner: %s" % e,
    ])


def bgen_versions():
    return pick([
        "bumped next from 14.2.%d to 15.0.%d" % (R.randrange(30), R.randrange(5)),
        "node v20.%d.%d, npm 10.%d.0, pnpm 9.%d.%d" % (R.randrange(20), R.randrange(5), R.randrange(9), R.randrange(15), R.randrange(5)),
        "Xcode 16.1 (16B40), iOS SDK 18.1, build 1.4.0+%d" % R.randrange(100, 999),
        "versionCode %d versionName \"3.%d.%d\"" % (R.randrange(100, 9999), R.randrange(20), R.randrange(20)),
        "Unity 2022.3.%df1 (%s)" % (R.randrange(60), hx(12)),
        "Godot v4.3.stable.official [%s]" % hx(9),
        "arduino-cli core install esp32:esp32@3.0.%d" % R.randrange(8),
        "platformio: espressif32 @ 6.%d.0, framework-arduinoespressif32 @ 3.20017.%d" % (R.randrange(10), R.randrange(999999)),
        "zephyr v3.7.0-%d-g%s" % (R.randrange(3000), hx(12)),
        "go1.23.%d linux/amd64" % R.randrange(5),
        "rustc 1.8%d.0 (%s 2026-0%d-1%d)" % (R.randrange(10), hx(9), R.randrange(1, 9), R.randrange(10)),
        "pkg:npm/%%40acme/ui@%d.%d.%d" % (R.randrange(5), R.randrange(30), R.randrange(30)),
        "0.0.0-nightly.2026%02d%02d.%s" % (R.randrange(1, 13), R.randrange(1, 28), hx(7)),
        "v2.%d.%d-rc.%d+build.%s" % (R.randrange(9), R.randrange(9), R.randrange(9), hx(8)),
        "kernel 6.8.0-%d-generic" % R.randrange(100),
        "ubuntu:24.04, postgres:16.%d-alpine, redis:7.4.%d" % (R.randrange(6), R.randrange(3)),
    ])


def bgen_paths_urls():
    return pick([
        "edited src/auth/token_refresh.py and tests/test_token_refresh.py",
        "C:\\Users\\%s\\AppData\\Roaming\\npm\\node_modules\\@acme\\cli\\dist\\index.js" % pick(NAMES),
        "D:\\builds\\%s\\Artifacts\\win-x64\\Acme.Secrets.dll" % hx(8),
        "/var/lib/docker/overlay2/%s/diff/usr/lib" % hx(64),
        "~/.cache/pip/wheels/%s/%s/%s" % (hx(2), hx(2), hx(56)),
        "~/Library/Developer/Xcode/DerivedData/Acme-%s/Build/Products" % rs(LOWER, 28),
        "/Users/%s/.gradle/caches/transforms-4/%s/transformed" % (pick(NAMES), hx(32)),
        "node_modules/.pnpm/@babel+core@7.25.2_%s/node_modules" % rs(LOWNUM, 26),
        "https://github.com/acme/web/pull/%d/files#diff-%s" % (R.randrange(1000, 9999), hx(64)),
        "https://console.aws.amazon.com/secretsmanager/secret?name=prod%%2Fapi%%2Fstripe&region=eu-west-1",
        "https://vault.corp.local/ui/vault/secrets/kv/show/payments/stripe",
        "https://acme.atlassian.net/browse/PAY-%d" % R.randrange(100, 9999),
        "https://storage.googleapis.com/acme-builds/%s/app-release.aab" % hx(40),
        "https://cdn.acme.io/assets/main.%s.js" % hx(20),
        "https://sentry.io/organizations/acme/issues/%d/?project=%d" % (R.randrange(10**9, 10**10), R.randrange(10**6, 10**7)),
        "https://app.datadoghq.eu/logs?query=service%%3Aapi%%20status%%3Aerror&from_ts=%d" % R.randrange(10**12, 10**13),
        "postgres://localhost:5432/app_test (no password; trust auth in CI)",
        "redis://redis:6379/0",
        "mongodb://mongo0.corp.example.net:27017,mongo1.corp.example.net:27017/?replicaSet=rs0",
        "amqp://rabbitmq.internal:5672/%2F",
        "https://user@bitbucket.org/acme/infra.git (password prompted, not stored)",
        "git@github.com:acme/mobile-app.git",
        "ssh://git@git.corp.local:2222/platform/terraform.git",
        "s3://acme-terraform-state/prod/%s/terraform.tfstate" % pick(["network", "eks", "rds"]),
        "gs://acme-ml-artifacts/runs/%s/checkpoint-%d" % (hx(8), R.randrange(1000, 9000)),
        "file:///C:/Program%20Files/Acme/config/appsettings.json",
        "\\\\fileserver01\\share$\\builds\\%s" % pick(["nightly", "release", "qa"]),
        "HKLM\\SOFTWARE\\Acme\\Agent\\InstallPath",
        "Assets/Resources/Secrets.asset.meta",
        "firmware/build/zephyr/zephyr.hex (sha1 %s)" % sha1(),
        "https://presigned-looking.example/download?expires=%d&id=%s" % (R.randrange(10**9, 2 * 10**9), uuid4()),
    ])


def bgen_placeholders():
    return pick([
        "export STRIPE_SECRET_KEY=${STRIPE_SECRET_KEY:?missing}",
        "API_KEY=<your-api-key>",
        "OPENAI_API_KEY=sk-...  # set in your shell, never commit",
        "password: ${DB_PASSWORD}",
        "password: \"{{ vault_db_password }}\"",
        "token: {{ .Values.github.token }}",
        "DATABASE_URL=postgres://user:password@localhost:5432/db  # template from README",
        "aws_secret_access_key = <REDACTED>",
        "Authorization: Bearer $ACCESS_TOKEN",
        "Authorization: Bearer ${{ secrets.DEPLOY_TOKEN }}",
        "-H \"X-Api-Key: $DD_API_KEY\"",
        "SLACK_WEBHOOK_URL=https://hooks.slack.com/services/XXXXXXXXX/XXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX",
        "SECRET_KEY=changeme  # docs example only, the real value is in SSM",
        "password = \"********\"",
        "client_secret: \"xxxxxxxxxxxxxxxxxxxxxxxx\"",
        "TOKEN=REPLACE_ME",
        "api_key: YOUR_API_KEY_HERE",
        "MAILGUN_API_KEY=key-<32 hex chars>",
        "DOPPLER_TOKEN=dp.st.<env>.<token>",
        "password=%(DB_PASSWORD)s",
        "\"password\": process.env.DB_PASSWORD",
        "password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256",
        "secretKeyRef:\n  name: db-creds\n  key: password",
        "valueFrom:\n  secretKeyRef: {name: stripe, key: secret_key}",
        "token = var.cloudflare_api_token",
        "password = data.aws_secretsmanager_secret_version.db.secret_string",
        "pwd = os.environ[\"SQL_PASSWORD\"]",
        "String token = System.getenv(\"GITHUB_TOKEN\");",
        "let key = std::env::var(\"API_KEY\").expect(\"API_KEY not set\");",
        "apiKey := os.Getenv(\"SENDGRID_API_KEY\")",
        "$password = $env:ADMIN_PASSWORD",
        "ENV NPM_TOKEN=\"\"",
        "ARG GITHUB_TOKEN",
        "RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci",
        "DB_PASSWORD=",
        "AWS_SECRET_ACCESS_KEY=**************************************** (masked by CI)",
        "PASSWORD: '[MASKED]'",
        "token: <redacted>",
        "::add-mask::$TOKEN",
        "secret: op://Engineering/Stripe/credential",
        "password: vault:secret/data/db#password",
        "password: ref+awsssm://prod/db/password",
        "api_key = \"{{ env \\\"API_KEY\\\" }}\"",
        "@Value(\"${spring.datasource.password}\") private String password;",
        "password: ENC(${JASYPT_ENCRYPTED})",
    ])


def bgen_cli_safe():
    return pick([
        "echo \"$CR_PAT\" | docker login ghcr.io -u %s --password-stdin" % pick(NAMES),
        "aws ecr get-login-password --region eu-west-1 | docker login --username AWS --password-stdin %d.dkr.ecr.eu-west-1.amazonaws.com" % R.randrange(10**11, 10**12),
        "openssl enc -aes-256-cbc -salt -pbkdf2 -in backup.tar -out backup.tar.enc -pass file:./backup.key",
        "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout env:P12_PASS",
        "openssl rsa -in server.key -passin fd:3 -out server.nopass.key",
        "gh auth login --with-token < ~/.config/gh/token.txt",
        "curl -H \"Authorization: token $GITHUB_TOKEN\" https://api.github.com/user",
        "vault kv get -field=password secret/prod/db",
        "kubectl create secret generic db --from-file=password=./db-password.txt",
        "kubectl get secret db-creds -o jsonpath='{.data.password}' | base64 -d > /tmp/pw  # did not paste it here",
        "psql \"host=db user=app dbname=app sslmode=require\"  # password from ~/.pgpass",
        "mysql -u root -p  (prompted)",
        "PGPASSWORD=\"$(cat /run/secrets/pg)\" psql -h db -U app",
        "sshpass -f ~/.ssh/pass.txt ssh deploy@10.0.0.5",
        "ansible-playbook site.yml --vault-password-file ~/.vault_pass.txt",
        "terraform apply -var \"db_password=$TF_VAR_db_password\"",
        "gcloud secrets versions add db-password --data-file=- < pw.txt",
        "az keyvault secret set --vault-name acme-kv --name sql-pw --file ./sqlpw.txt",
        "aws secretsmanager get-secret-value --secret-id prod/api --query SecretString",
        "npm config set //registry.npmjs.org/:_authToken=${NPM_TOKEN}",
        "docker build --secret id=npm,src=$HOME/.npmrc .",
        "helm upgrade api ./chart --set-file secrets.key=./key.pem",
        "flyctl secrets set DATABASE_URL=\"$DATABASE_URL\"",
        "heroku config:set SECRET_KEY_BASE=$(rails secret)  # value not shown",
        "sops --encrypt --age %s secrets.yaml > secrets.enc.yaml" % ("age1" + rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58)),
        "gpg --batch --passphrase-file ~/.gnupg/pass.txt -d backup.gpg",
        "keytool -list -keystore release.jks -storepass:env STORE_PASS",
        "xcrun notarytool submit App.zip --keychain-profile \"AC_PASSWORD\"",
        "fastlane match appstore --readonly  # MATCH_PASSWORD from keychain",
        "security find-generic-password -s \"acme-ci\" -w",
        "Get-Credential | Export-Clixml -Path .\\cred.xml",
        "$cred = Import-Clixml .\\cred.xml; Invoke-Command -ComputerName web01 -Credential $cred",
        "ConvertTo-SecureString -String $env:SVC_PASS -AsPlainText -Force",
        "net use Z: \\\\fileserver01\\builds /user:CORP\\svc_build *",
        "runas /user:CORP\\admin cmd",
        "cmdkey /list",
        "mosquitto_pub -h broker.local -t sensors/temp -m 22.5 --cafile ca.crt",
        "esptool.py --chip esp32 write_flash 0x10000 firmware.bin",
        "openssl rand -hex 32 > .secret  # generated a new key, did not print it",
        "ssh-keygen -t ed25519 -C \"ci@acme\" -f ~/.ssh/id_ci -N \"\"",
        "pg_dump --no-password -h db -U app app > dump.sql",
        "redis-cli -h redis --askpass",
        "mongosh \"mongodb://db0:27017\" --username admin --password  # prompts",
        "wrangler secret put STRIPE_KEY  # pasted interactively",
        "vercel env add DATABASE_URL production < .env.production.local",
        "supabase secrets set --env-file ./supabase/.env",
        "dotnet user-secrets set \"Jwt:Key\" \"$JWT_KEY\"",
        "rails credentials:edit --environment production",
        "curl -u \"$USER:$PASS\" https://nexus.corp.local/service/rest/v1/status",
        "curl --netrc-file ~/.netrc-ci https://artifacts.corp.net/api/v1/health",
    ])


def bgen_prose():
    return pick([
        "Rotated the Stripe API key yesterday; the old one is revoked, new one only in Doppler.",
        "Decision: we keep secrets in AWS Secrets Manager, never in .env files committed to git.",
        "TODO: the Sentry DSN leaked into the client bundle - DSNs are public, so no rotation needed.",
        "Hand-off: auth tests fail because TOKEN_TTL is 0 in CI. Token itself is fine, not a secret issue.",
        "The password policy requires 14 chars, one digit and one symbol; see docs/security.md.",
        "Asked Priya to reset the staging DB password - waiting on her, do not guess it.",
        "Note: `secret_key_base` must be 64+ bytes; rails secret generates one.",
        "We removed the hardcoded API token from config.js in commit %s." % sha1()[:7],
        "gitleaks found 3 findings, all in test fixtures with fake keys; added them to .gitleaksignore.",
        "Next step: wire the webhook secret from SSM into the Lambda env (name only: STRIPE_WEBHOOK_SECRET).",
        "Remember: passwords are hashed with argon2id (m=65536, t=3, p=4).",
        "The 'token' column in sessions table is a sha256 of the token, so it's safe to log the hash prefix.",
        "Key rotation runbook: 1) create new key 2) deploy 3) revoke old key. Did steps 1-2.",
        "JWT_SECRET must be the same across replicas; currently read from k8s secret jwt/secret.",
        "Nota: la contraseña de staging está en el gestor de contraseñas del equipo, no aquí.",
        "Hinweis: das API-Token wird über Vault injiziert, bitte nicht in die .env schreiben.",
        "Remarque : le mot de passe admin a été changé ce matin, voir le coffre 1Password.",
        "メモ: APIキーは環境変数から読み込む。リポジトリには置かない。",
        "Blocked: need an App Store Connect API key from the account holder (Mei).",
        "Debug: 401 from the registry because the PAT expired; asked for a new one.",
        "Password reset emails go through Postmark; template id %d." % R.randrange(10**6, 10**7),
        "The session cookie is HttpOnly, Secure, SameSite=Lax; name is __Host-sid.",
        "Changed the bcrypt cost from 10 to 12 for passwords.",
        "Found AKIA keys in an old gist from 2019 - already deactivated per AWS console.",
        "The ESP32 stores the Wi-Fi password in NVS, partition 'nvs', key 'wifi_pass'.",
        "In Unity we load the PlayFab title secret from a server-side function only.",
        "Decided against pinning the cert; we rotate the TLS key every 90 days.",
        "private_key_id in the SA json is just an identifier; the private key was removed.",
        "Token format for internal services: svc_<env>_<40 chars>; we validate prefix in middleware.",
        "Env var names to set in Railway: DATABASE_URL, REDIS_URL, SESSION_SECRET, S3_BUCKET.",
    ])


def bgen_code():
    return pick([
        "const cls = \"css-%s e%s0\";" % (rs(LOWNUM, 6), rs(LOWNUM, 5)),
        "<div class=\"_%s_%s %s\">" % (rs(B64URL, 5), rs(LOWNUM, 5), rs(LOWER, 6)),
        "className=\"sc-%s %s\"" % (an(6), an(6)),
        "def test_rejects_expired_token_when_refresh_token_missing_and_clock_skewed(self):",
        "func (s *TokenService) ValidateAccessTokenSignatureWithRotatingKeys(ctx context.Context) error {",
        "private static final String PASSWORD_RESET_TOKEN_EXPIRATION_MINUTES_PROPERTY = \"auth.reset.ttl\";",
        "SECRET_MANAGER_SECRET_NAME_PREFIX = \"projects/acme/secrets/\"",
        "export const ACCESS_TOKEN_STORAGE_KEY = \"acme.auth.accessToken.v2\";",
        "PlayerPrefs.SetString(\"lastLevelId\", \"%s\");" % uuid4(),
        "#define WIFI_SSID_MAX_LEN 32\n#define NVS_KEY_WIFI_PASS \"wifi_pass\"",
        "uint8_t mac[6] = {0x%s, 0x%s, 0x%s, 0x%s, 0x%s, 0x%s};" % tuple(hx(2) for _ in range(6)),
        "static const uint8_t crc_table[8] = {0x00, 0x07, 0x0E, 0x09, 0x1C, 0x1B, 0x12, 0x15};",
        "let apiBase = \"https://api.acme.io/v2\" // token injected by interceptor",
        "val keyAlias = \"upload\"  // password comes from gradle.properties on CI",
        "password_field = forms.CharField(widget=forms.PasswordInput, min_length=12)",
        "if token.startswith(\"ghp_\"): raise ValueError(\"classic PATs are not allowed\")",
        "re.compile(r\"sk_(live|test)_[0-9a-zA-Z]{24,}\")",
        "assert redact(\"password=hunter2\") == \"password=[REDACTED]\"",
        "let fakeToken = \"test-token\"  // used in unit tests only",
        "jest.mock('./auth', () => ({ getToken: () => 'mock-token' }));",
        "const EMPTY_SHA256 = \"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\";",
        "query = \"SELECT id, password_hash FROM users WHERE email = %s\"",
        "hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))",
        "services.AddAuthentication(JwtBearerDefaults.AuthenticationScheme).AddJwtBearer();",
        "webpackChunk_N_E.push([[%d],{%d:function(e,t,n){\"use strict\";" % (R.randrange(100, 999), R.randrange(10000, 99999)),
        "$table->string('api_token', 80)->unique()->nullable();",
        "add_index :users, :reset_password_token, unique: true",
        "@SerializedName(\"refresh_token\") val refreshToken: String?",
        "struct Credentials: Codable { let accessToken: String; let expiresIn: Int }",
        "impl Drop for SecretBuf { fn drop(&mut self) { self.0.zeroize(); } }",
    ])


def bgen_public_keys():
    return pick([
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@laptop" % (rs(B64, 43), pick(NAMES)),
        "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ%s deploy@ci" % rs(B64, 200),
        "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA%s\n-----END PUBLIC KEY-----" % rs(B64, 43) + "=",
        "-----BEGIN CERTIFICATE-----\nMIIB%s\n%s\n-----END CERTIFICATE-----" % (rs(B64, 60), rs(B64, 64)),
        "age recipient: age1%s" % rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
        "[Peer]\nPublicKey = %s\nAllowedIPs = 10.8.0.2/32\nEndpoint = vpn.acme.io:51820" % b64_bytes(32),
        "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"%s\",\"y\":\"%s\",\"kid\":\"%s\"}" % (b64url_nopad(32), b64url_nopad(32), hx(8)),
        "{\"kty\":\"RSA\",\"e\":\"AQAB\",\"n\":\"%s\",\"alg\":\"RS256\"}" % b64url_nopad(256),
        "ETH address 0x%s (public, receives testnet funds)" % hx(40),
        "bc1q%s" % rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 38),
        "known_hosts: github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl",
        "Stripe publishable key pk_test_%s is fine to ship in the app" % an(24),
        "VAPID public key %s" % b64url_nopad(65),
        "Tailscale node key nodekey:%s" % hx(64),
        "gpg --recv-keys %s" % hx(40).upper(),
    ])


def bgen_logs():
    return pick([
        "2026-11-30 10:%02d:%02d INFO  token refreshed for user_id=%d expires_in=3600" % (R.randrange(60), R.randrange(60), R.randrange(10**5, 10**6)),
        "WARN password attempt failed for user '%s' from 10.0.%d.%d (attempt 3/5)" % (pick(NAMES), R.randrange(255), R.randrange(255)),
        "ERROR AuthenticationError: invalid api key (key id: key_%s)" % hx(8),
        "Run actions/checkout@%s" % sha1(),
        "uses: actions/setup-node@%s # v4.0.3" % sha1(),
        "##[group]Run echo \"***\" | docker login -u *** --password-stdin",
        "Downloading https://objects.githubusercontent.com/github-production-release-asset-%d/%s" % (R.randrange(10**6, 10**8), uuid4()),
        "npm WARN deprecated uuid@3.4.0: Please upgrade",
        "added 1284 packages, and audited 1285 packages in 41s",
        "E/AndroidRuntime(%d): FATAL EXCEPTION: main Process: com.acme.app, PID: %d" % (R.randrange(1000, 30000), R.randrange(1000, 30000)),
        "I (%d) wifi:connected with Office-5G, aid = 3, channel 6, BW20, bssid = %s" % (R.randrange(1000, 9999), ":".join(hx(2) for _ in range(6))),
        "[UnityEngine] Loaded AssetBundle %s (crc %d)" % (hx(32), R.randrange(10**9, 4 * 10**9)),
        "ld: warning: object file built for newer iOS version",
        "Terraform will perform the following actions:\n  ~ aws_db_instance.main\n      ~ password = (sensitive value)",
        "  + secret_string = (sensitive value)",
        "Plan: 0 to add, 1 to change, 0 to destroy.",
        "HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Bearer realm=\"api\", error=\"invalid_token\"",
        "Set-Cookie: theme=dark; Path=/; Max-Age=31536000",
        "Set-Cookie: _ga=GA1.2.%d.%d; Domain=.acme.io" % (R.randrange(10**8, 10**9), R.randrange(10**9, 2 * 10**9)),
        "Cookie: locale=en-GB; consent=1; ab_bucket=%d" % R.randrange(100),
        "x-ratelimit-remaining: 4987, x-github-request-id: %s:%s:%s" % (hx(4).upper(), hx(6).upper(), hx(8).upper()),
        "cf-ray: %s-FRA" % hx(16),
        "Received webhook with Stripe-Signature header (t=%d, v1 omitted)" % R.randrange(1700000000, 1800000000),
        "jwt header: {\"alg\":\"RS256\",\"kid\":\"%s\"}" % hx(40),
        "kid=%s alg=ES256" % rs(B64URL, 43),
    ])


# ---------------------------------------------------------------------------
# BENIGN (part 2): emphasis on agent notes, shell history, multi-ecosystem
# config, random-looking names and encoded data with no secret in them
# ---------------------------------------------------------------------------

def pod():
    return "%s-%s-%s" % (pick(["api", "web", "worker", "ingest", "auth"]), rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5))


def bgen_notes():
    return pick([
        "Hand-off: deployed %s to staging (image sha256:%s), pod %s healthy; token refresh fix is PR #%d." % (
            "v4.%d.%d" % (R.randrange(9), R.randrange(20)), sha256()[:12], pod(), R.randrange(100, 2000)),
        "TODO: rotate the Stripe webhook secret after the migration (tracked in SEC-%d); new value will live in SSM /prod/stripe/webhook." % R.randrange(100, 999),
        "Decision: session tokens become opaque 32-byte ids stored hashed (sha256); the cookie name stays __Host-sid.",
        "Next: re-run `terraform plan` for module.rds - the password attribute shows (sensitive value), that's expected.",
        "Debug: 401 from /oauth/token because client_id %s was registered in the sandbox tenant, not prod." % uuid4(),
        "Notes: the failing test uses FAKE_TOKEN=\"test\" on purpose; do not replace with a real one.",
        "Handoff -> Carol: keystore lives in 1Password item 'Android upload key'; alias upload; password NOT in repo.",
        "Found that commit %s added .env to git; the file only had LOG_LEVEL and PORT, nothing sensitive. Removed anyway." % sha1()[:9],
        "Blocked: need someone with Owner on project acme-prod-231 to grant roles/secretmanager.secretAccessor to %s." % ("ci-deployer@acme-prod-231.iam.gserviceaccount.com"),
        "Checked: the string %s in the logs is a Stripe idempotency key, not a credential." % uuid4(),
        "The 40-hex value in error.log (%s) is the git SHA of the build, not an API key." % sha1(),
        "Recorded: cache key %s invalidated; CDN purge id %s." % (hx(32), uuid4()),
        "ESP32 build %s flashed to 3 boards; OTA password still comes from secrets.yaml (not committed)." % hx(8),
        "Unity: Addressables catalog hash %s changed after the shader fix." % hx(32),
        "Godot export: preset 'Android' uses keystore from env GODOT_ANDROID_KEYSTORE_RELEASE_PATH (no password here).",
        "Perf: p95 on /api/orders down from 820ms to 310ms after index idx_orders_%s." % rs(LOWER, 8),
        "Summary of secrets audit: 0 live credentials in repo, 4 test fixtures (fake keys with EXAMPLE suffix), 1 revoked token in history.",
        "TODO(liam): the API key field in the admin UI shows only the last 4 chars (…%s); keep it that way." % an(4),
        "Migration 2026_11_30_%06d_add_api_token_hash_to_users.php applied." % R.randrange(10**6),
        "Ran gitleaks detect --redact: 0 leaks found in %d commits." % R.randrange(100, 9000),
        "password reset flow: token length 32, TTL 15 min, single use - spec in docs/auth.md#reset.",
        "Mobile: bumped CFBundleVersion to %d; provisioning profile %s." % (R.randrange(100, 999), uuid4().upper()),
        "Wrote the fixture with token 'tok_test_0000000000000000' - clearly fake, matches the validator's format only.",
    ])


def bgen_history():
    return pick([
        "  501  git comit -m 'fix token refresh'\n  502  git commit -m 'fix token refresh'\n  503  git push",
        "  210  kubectl get pods -n prdo\n  211  kubectl get pods -n prod\n  212  kubectl logs %s -n prod --tail=200" % pod(),
        "  88  docker rmi %s\n  89  docker system prune -f" % hx(12),
        "  340  cd ~/src/acme/web && npm ci\n  341  npm run build -- --mode staging\n  342  ls dist/assets | head",
        "  77  ssh-add -l\n  78  ssh -T git@github.com\n  79  git remote -v",
        "  612  aws sts get-caller-identity --profile prod\n  613  aws s3 ls s3://acme-artifacts-%s/ --profile prod" % rs(LOWNUM, 8),
        "  15  export AWS_PROFILE=staging\n  16  export KUBECONFIG=~/.kube/staging.yaml\n  17  kubectl config current-context",
        "  903  vault login -method=oidc role=dev\n  904  vault kv get -field=username secret/staging/db",
        "  120  psql -h localhost -U postgres -d app_test -c 'select count(*) from users'",
        "  450  pio run -e esp32dev -t upload --upload-port /dev/ttyUSB0\n  451  pio device monitor -b 115200",
        "  222  idf.py set-target esp32s3 && idf.py menuconfig",
        "  31  /Applications/Unity/Hub/Editor/2022.3.40f1/Unity.app/Contents/MacOS/Unity -batchmode -quit -executeMethod Build.Android",
        "  640  godot --headless --export-release \"Android\" build/game.aab",
        "  73  xcodebuild -workspace Acme.xcworkspace -scheme Acme -configuration Release archive -archivePath build/Acme.xcarchive",
        "  19  ./gradlew :app:bundleRelease --stacktrace\n  20  ./gradlew :app:bundleRelase\n  21  ./gradlew :app:bundleRelease",
        "  302  git stash; git checkout main; git pull --rebase; git stash pop",
        "  512  rm -rf node_modules .next && pnpm i --frozen-lockfile",
        "  808  history | grep -i passw   # checking I didn't type any password in the shell",
        "  55  cat ~/.pgpass | wc -l\n  56  chmod 600 ~/.pgpass",
        "  63  grep -rn 'AKIA' . --include=*.py   # nothing found",
        "  95  openssl x509 -in cert.pem -noout -fingerprint -sha256",
        "  1001  terraform state show 'aws_db_instance.main' | grep -v password",
        "  410  helm template ./chart -f values-prod.yaml | kubeconform -strict",
        "  44  pytest -k 'test_token and not slow' -x -q",
        "  66  docker compose -f docker-compose.yml -f docker-compose.override.yml up -d --build",
        "  12  sudo systemctl status mosquitto\n  13  sudo journalctl -u mosquitto -n 50",
    ])


def bgen_config_benign():
    return pick([
        "LOG_LEVEL=info\nPORT=8080\nS3_BUCKET=acme-prod-assets-%s\nFEATURE_NEW_CHECKOUT=true" % rs(LOWNUM, 6),
        "NEXT_PUBLIC_API_BASE=https://api.acme.io\nNEXT_PUBLIC_SENTRY_ENVIRONMENT=production\nNEXT_PUBLIC_BUILD_ID=%s" % hx(12),
        "  productGUID: %s\n  AndroidBundleVersionCode: %d" % (hx(32), R.randrange(10, 999)),
        "\t\t%s /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = %s /* AppDelegate.swift */; };" % (hx(24).upper(), hx(24).upper()),
        "[gd_scene load_steps=4 format=3 uid=\"uid://%s\"]" % rs(LOWNUM, 13),
        "[env:esp32dev]\nplatform = espressif32\nboard = esp32dev\nframework = arduino\nmonitor_speed = 115200\nbuild_flags = -DCORE_DEBUG_LEVEL=3",
        "CONFIG_PARTITION_TABLE_OFFSET=0x8000\nCONFIG_ESPTOOLPY_FLASHSIZE=\"4MB\"\nCONFIG_APP_PROJECT_VER=\"%s\"" % hx(8),
        "\"lineage\": \"%s\",\n\"serial\": %d," % (uuid4(), R.randrange(1, 900)),
        "dependencies:\n- name: postgresql\n  repository: oci://registry-1.docker.io/bitnamicharts\n  version: 15.5.%d\ndigest: sha256:%s" % (R.randrange(30), sha256()),
        "apiVersion: v1\nkind: ConfigMap\ndata:\n  APP_ENV: production\n  CACHE_TTL: \"300\"\n  BUILD_SHA: %s" % sha1(),
        "image: %s.dkr.ecr.eu-west-1.amazonaws.com/api@sha256:%s" % (R.randrange(10**11, 10**12), sha256()),
        "    - uses: actions/cache@%s\n      with:\n        key: ${{ runner.os }}-pnpm-${{ hashFiles('**/pnpm-lock.yaml') }}" % sha1(),
        "[tool.poetry.dependencies]\npython = \"^3.12\"\nhttpx = \"^0.27.0\"\ncryptography = \"43.0.%d\"" % R.randrange(5),
        "'/node_modules/@types/node': resolution: {integrity: sha512-%s}" % b64_bytes(64),
        "\"@acme/ui\": {\n  \"version\": \"3.%d.0\",\n  \"resolved\": \"https://npm.pkg.github.com/download/@acme/ui/3.%d.0/%s\"," % (R.randrange(20), R.randrange(20), sha1()),
        "[[package]]\nname = \"ring\"\nversion = \"0.17.8\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"%s\"" % sha256(),
        "<PackageReference Include=\"Microsoft.AspNetCore.Authentication.JwtBearer\" Version=\"8.0.%d\" />" % R.randrange(12),
        "<key>CFBundleIdentifier</key>\n<string>com.acme.%s</string>\n<key>NSFaceIDUsageDescription</key>\n<string>Unlock your vault</string>" % pick(WORDS),
        "<meta-data android:name=\"com.google.android.gms.version\" android:value=\"@integer/google_play_services_version\" />",
        "[/Script/EngineSettings.GeneralProjectSettings]\nProjectID=%s\nProjectName=Acme Racer" % hx(32).upper(),
        "grafana:\n  admin:\n    existingSecret: grafana-admin\n    userKey: admin-user\n    passwordKey: admin-password",
        "auth:\n  existingSecret: pg-credentials\n  secretKeys:\n    adminPasswordKey: postgres-password",
        "spring.datasource.password=${DB_PASSWORD}\nspring.datasource.hikari.maximum-pool-size=%d" % R.randrange(5, 40),
        "[database]\nhost = db.internal\nuser = report\npassword_file = /run/secrets/db_password",
        "wifi:\n  ssid: !secret wifi_ssid\n  password: !secret wifi_password",
        "esphome:\n  name: greenhouse-%s\n  friendly_name: Greenhouse" % hx(4),
        "resource \"aws_db_instance\" \"main\" {\n  manage_master_user_password = true\n  username = \"app\"\n}",
        "variable \"db_password\" {\n  type      = string\n  sensitive = true\n}",
        "Environment=\"DB_PASSWORD_FILE=/etc/acme/db.pass\"",
        "kind: ExternalSecret\nspec:\n  secretStoreRef: {name: aws-sm, kind: ClusterSecretStore}\n  data:\n  - secretKey: password\n    remoteRef: {key: prod/db, property: password}",
        "MQTT_CLIENT_ID=greenhouse-%s\nMQTT_TOPIC=sensors/%s/temp" % (hx(6), hx(6)),
        "telemetry:\n  endpoint: https://otel.acme.io:4318\n  service_name: checkout\n  sampling_ratio: 0.1",
        "\"oauth2\": {\"authorizeUrl\": \"https://auth.acme.io/authorize\", \"clientId\": \"%s\", \"pkce\": true}" % rs(ALNUM, 32),
        "REACT_APP_FIREBASE_PROJECT_ID=acme-%s\nREACT_APP_FIREBASE_STORAGE_BUCKET=acme-%s.appspot.com" % (rs(LOWNUM, 5), rs(LOWNUM, 5)),
    ])


def bgen_random_names():
    return pick([
        "S3 bucket acme-tf-state-%s (versioning on)" % rs(LOWNUM, 12),
        "CloudFront distribution E%s invalidation I%s" % (rs(UPNUM, 13), rs(UPNUM, 13)),
        "heroku app %s-%s-%d" % (pick(WORDS), pick(WORDS), R.randrange(10000, 99999)),
        "container %s_%s (%s)" % (pick(["eager", "nifty", "quirky", "brave"]), pick(["tesla", "hopper", "curie", "turing"]), hx(12)),
        "branch feat/PAY-%d-token-refresh-%s" % (R.randrange(100, 9999), rs(LOWER, 6)),
        "resource group rg-acme-prod-%s, storage account acmest%s" % (rs(LOWNUM, 5), rs(LOWNUM, 10)),
        "Vercel deployment https://acme-web-%s-acme.vercel.app" % rs(LOWNUM, 9),
        "Netlify deploy id %s" % hx(24),
        "fly machine %s in fra" % hx(14),
        "Lambda function acme-prod-ingest-%s, version $LATEST, request %s" % (rs(UPNUM + LOWER, 12), uuid4()),
        "GKE node gke-acme-prod-default-pool-%s-%s" % (hx(8), rs(LOWNUM, 4)),
        "tmp file /tmp/tmp%s/pip-req-build-%s" % (rs(LOWNUM + "_", 8), rs(LOWNUM + "_", 8)),
        "Xcode DerivedData Acme-%s" % rs(LOWER, 28),
        "Gradle daemon %s" % uuid4(),
        "Firebase Hosting release %s" % hx(16),
        "Steam depot %d manifest %d" % (R.randrange(10**5, 10**7), R.randrange(10**18, 10**19)),
        "Unity Cloud Build target android-release build #%d (%s)" % (R.randrange(100, 999), uuid4()),
        "SQS queue https://sqs.eu-west-1.amazonaws.com/%d/acme-orders-%s.fifo" % (R.randrange(10**11, 10**12), rs(LOWNUM, 6)),
        "Pub/Sub subscription projects/acme-prod-231/subscriptions/orders-%s" % rs(LOWNUM, 10),
        "Datadog monitor %d, dashboard %s" % (R.randrange(10**7, 10**8), "-".join(rs(LOWNUM, 3) for _ in range(3))),
        "Notion page %s" % hx(32),
        "Figma file https://www.figma.com/file/%s/Checkout-v3" % an(22),
        "Google Doc https://docs.google.com/document/d/%s/edit" % rs(B64URL, 44),
        "YouTube video https://youtu.be/%s" % rs(B64URL, 11),
        "Loom https://www.loom.com/share/%s" % hx(32),
        "Zoom meeting https://acme.zoom.us/j/%d?pwd=" % R.randrange(10**9, 10**10) if False else "Zoom meeting id %d" % R.randrange(10**9, 10**10),
        "temp branch name wip-%s" % hx(8),
        "minified: function %s(%s){return %s.%s}" % (rs(LOWER, 2), rs(LOWER, 1), rs(LOWER, 1), rs(LOWER, 2)),
        "chunk-%s.%s.js (%d kB)" % (rs(UPPER, 8), hx(8), R.randrange(10, 400)),
        "font file /static/media/Inter.%s.woff2" % hx(20),
    ])


def bgen_encoded():
    return pick([
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9h%s" % b64_bytes(60),
        "favicon: data:image/svg+xml;base64,%s" % b64e("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 16 16\"><circle cx=\"8\" cy=\"8\" r=\"%d\"/></svg>" % R.randrange(3, 8)),
        "protobuf (hex): 0a%02x%s1201%s" % (R.randrange(16, 64), hx(32), hx(4)),
        "JWT header only: eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6Ij%s (no payload, from the docs)" % rs(B64URL, 12),
        "pagination: next_page_token=%s" % b64e('{"offset":%d,"sort":"created_at"}' % R.randrange(100, 9999)).rstrip("="),
        "GET /v1/items?pageToken=%s&pageSize=50" % b64e('{"after":"%s"}' % uuid4()).rstrip("="),
        "cursor=%s" % b64e("created_at:2026-11-%02dT10:00:00Z|id:%d" % (R.randrange(1, 28), R.randrange(10**5, 10**6))),
        "https://auth.acme.io/authorize?response_type=code&client_id=web&state=%s&nonce=%s&code_challenge=%s&code_challenge_method=S256" % (rs(B64URL, 22), rs(B64URL, 22), rs(B64URL, 43)),
        "https://shop.acme.io/?utm_source=newsletter&utm_campaign=bf2026&utm_content=%s&fbclid=IwAR%s" % (hx(8), rs(B64URL, 50)),
        "https://www.google.com/search?q=%s&sourceid=chrome&ie=UTF-8" % urllib.parse.quote("redis AUTH wrongpass error"),
        "log: body=\"{\\\"event\\\":\\\"login_failed\\\",\\\"user_id\\\":%d,\\\"reason\\\":\\\"bad_password\\\"}\"" % R.randrange(10**5, 10**6),
        "\"message\": \"{\\\"orderId\\\":\\\"%s\\\",\\\"status\\\":\\\"paid\\\"}\"" % uuid4(),
        "C:\\\\Program Files\\\\Acme\\\\Agent\\\\logs\\\\agent-%s.log" % hx(8),
        "HKLM\\SYSTEM\\CurrentControlSet\\Control\\Class\\{4D36E972-E325-11CE-BFC1-08002BE10318}\\0001",
        "%%LOCALAPPDATA%%\\Packages\\Acme.App_%s\\LocalState" % rs(LOWNUM, 13),
        "\\\\?\\Volume{%s}\\" % uuid4(),
        "escaped newline test: \"line1\\nline2\\tTabbed\\u00e9\"",
        "uuencoded header: begin 644 report.csv",
        "quoted-printable: Subject: =?UTF-8?B?%s?=" % b64e("Your invoice is ready"),
        "MIME boundary ----=_Part_%d_%d.%d" % (R.randrange(10**5, 10**6), R.randrange(10**8, 10**9), R.randrange(10**12, 10**13)),
        "gzip+base64 of the access log sample: H4sIAAAAAAAAA%s (decoded it: only GET lines)" % b64_bytes(36),
        "wasm hash %s" % b64_bytes(32),
        "BlurHash LEHV6nWB2yk8pyo0adR*.7kCMdnj",
        "Bitcoin testnet tx %s" % hx(64),
        "ETH tx hash 0x%s" % hx(64),
        "IPFS CID bafybei%s" % rs("abcdefghijklmnopqrstuvwxyz234567", 52),
        "ssh-keygen -lf ~/.ssh/id_ed25519.pub -> 256 SHA256:%s ci@acme (ED25519)" % b64_bytes(32).rstrip("="),
        "openssl rand -base64 32 output length check: 44 chars (not pasting the value)",
        "Content-Security-Policy: script-src 'self' 'nonce-%s' 'sha256-%s'" % (rs(B64URL, 22), b64_bytes(32)),
        "Vary: Accept-Encoding\nX-Cache: Hit from cloudfront\nVia: 1.1 %s.cloudfront.net (CloudFront)" % hx(32),
    ])


def bgen_prose2():
    return pick([
        "We agreed that the token column stores only the hash; the raw token is shown once on creation.",
        "The password field in the signup form now enforces zxcvbn score >= 3.",
        "API keys for partners are issued per tenant and scoped; revocation is immediate via the admin UI.",
        "Leaving a note: the credentials for the staging bucket are in the team vault under 'staging-s3'.",
        "I did not paste the secret; ask Oskar for read access to the vault path kv/payments.",
        "Token expiry bug: the JWT exp claim was in ms instead of s; fixed in auth/jwt.ts line 41.",
        "We switched from static AWS keys to OIDC federation for GitHub Actions; no more long-lived secrets.",
        "Passphrase prompts from ssh-agent on the build box were caused by a missing AddKeysToAgent yes.",
        "The cookie 'session' is now signed with the key from KMS alias alias/acme-session.",
        "Reminder: Mailgun keys look like key-<hex>; ours was revoked in October, new one only in Doppler.",
        "Wi-Fi credentials on the sensor boards are provisioned over BLE at first boot, not compiled in.",
        "Secret scanning alert #%d closed as false positive (it matched a SHA-256 in a lockfile)." % R.randrange(1, 300),
        "Der Token läuft nach 24 Stunden ab; der Refresh erfolgt automatisch.",
        "La clé API est stockée dans Azure Key Vault, référence: kv-acme-prod/partner-api-key.",
        "La contraseña no se guarda en el repositorio; usar `doppler run -- npm start`.",
        "パスワードはGitHub Secretsに保存済み。ここには書かない。",
        "Токен хранится в Vault, путь secret/data/ci/registry.",
        "Sensor firmware: the AES key slot is written by the factory tool; the repo only has slot numbers.",
        "The game server validates session tickets with Steam; we never store the ticket itself.",
        "'hunter2' appears in the test name test_hunter2_is_rejected_as_weak_password - it's a fixture for the weak-password list.",
    ])


def bgen_credfile_benign():
    return pick([
        '{\n  "auths": {\n    "ghcr.io": {}\n  },\n  "credsStore": "desktop"\n}',
        '{"credHelpers": {"%d.dkr.ecr.eu-west-1.amazonaws.com": "ecr-login", "gcr.io": "gcloud"}}' % R.randrange(10**11, 10**12),
        "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\nengine-strict=true",
        "@acme:registry=https://npm.pkg.github.com\nalways-auth=true",
        "[default]\nregion = eu-west-1\noutput = json\n\n[profile prod]\nsso_start_url = https://acme.awsapps.com/start\nsso_account_id = %d\nsso_role_name = Admin" % R.randrange(10**11, 10**12),
        "[profile ci]\ncredential_process = /usr/local/bin/aws-vault exec ci --json",
        "[profile legacy]\nrole_arn = arn:aws:iam::%d:role/deploy\nsource_profile = default\nmfa_serial = arn:aws:iam::%d:mfa/%s" % (R.randrange(10**11, 10**12), R.randrange(10**11, 10**12), pick(NAMES)),
        "users:\n- name: gke_acme-prod_europe-west1_main\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: gke-gcloud-auth-plugin",
        "clusters:\n- cluster:\n    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM%s\n    server: https://10.0.0.1:6443" % rs(B64, 60),
        "machine github.com\n  login %s\n  password ${GITHUB_TOKEN}" % pick(NAMES),
        "[pypi]\nusername = __token__\n# password comes from keyring (keyring set https://upload.pypi.org/legacy/ __token__)",
        "[distutils]\nindex-servers =\n    pypi\n    testpypi",
        "$ cat ~/.pgpass\ncat: /home/%s/.pgpass: No such file or directory" % pick(NAMES),
        "[credential]\n\thelper = osxkeychain\n[credential \"https://dev.azure.com\"]\n\tuseHttpPath = true",
        "git config --global credential.helper 'cache --timeout=3600'",
        "[remote \"origin\"]\n\turl = https://github.com/acme/web.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*",
        "[s3remote]\ntype = s3\nprovider = AWS\nenv_auth = true\nregion = eu-central-1",
        "[gdrive]\ntype = drive\nscope = drive.readonly\nroot_folder_id = %s" % rs(B64URL, 33),
        "<server>\n  <id>nexus-releases</id>\n  <username>${env.NEXUS_USER}</username>\n  <password>${env.NEXUS_PASS}</password>\n</server>",
        "signing.keyId=%s\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg" % hx(8).upper(),
        "storeFile=upload-keystore.jks\nkeyAlias=upload\n# storePassword / keyPassword injected by CI from secrets",
        "define( 'DB_PASSWORD', getenv('WORDPRESS_DB_PASSWORD') );",
        "define( 'AUTH_KEY', 'put your unique phrase here' );",
        "'PASSWORD': env('DATABASE_PASSWORD'),",
        "SECRET_KEY = os.environ['DJANGO_SECRET_KEY']",
        "\"ConnectionStrings\": { \"Default\": \"Server=(localdb)\\\\mssqllocaldb;Database=App;Trusted_Connection=True;\" }",
        "spring.datasource.url=jdbc:h2:mem:testdb\nspring.datasource.username=sa\nspring.datasource.password=",
        "[client]\nuser=root\nsocket=/var/run/mysqld/mysqld.sock",
        "network={\n    ssid=\"Guest\"\n    key_mgmt=NONE\n}",
        "[wifi-security]\nkey-mgmt=wpa-psk\npsk-flags=1",
        "requirepass \"\"   # dev only, bound to 127.0.0.1",
        "%s:$2y$05$%s  <- this is how htpasswd lines look; our real file lives on the bastion" % ("user", "..."),
        "credentials \"app.terraform.io\" {\n  # token set via TF_TOKEN_app_terraform_io\n}",
        "{\n  \"type\": \"service_account\",\n  \"project_id\": \"acme-prod-231\",\n  \"client_email\": \"deployer@acme-prod-231.iam.gserviceaccount.com\",\n  \"client_id\": \"%d\"\n}" % R.randrange(10**20, 10**21),
        "[Interface]\nPrivateKey = <paste from `wg genkey`>\nAddress = 10.8.0.2/24",
        "AGE-SECRET-KEY-1... (the identity file is ~/.config/sops/age/keys.txt; not printing it)",
        "twilio: account_sid=AC%s (auth token in vault at kv/twilio)" % hx(32),
        "Access key ID %s is the one that was deactivated; its secret was never in this repo." % ("ASIA" + "XXXXXXXXXXXXXXXX"),
        "openssl enc -d -aes-256-cbc -pbkdf2 -in db.enc -out db.sql -pass env:BACKUP_PASS",
        "openssl pkcs12 -in bundle.p12 -nodes -passin file:/run/secrets/p12pass | openssl x509 -noout -subject",
        "7z x backup.7z -p  # prompts for the password",
        "zip -e export.zip report.csv   # -e prompts, nothing on the command line",
        "mysql --defaults-extra-file=/etc/mysql/ci.cnf -e 'select 1'",
        "sqlcmd -S sql01 -E -Q \"SELECT SUSER_NAME()\"   # -E = Windows auth, no password",
        "docker login ghcr.io -u %s --password-stdin < ~/.ghcr_token" % pick(NAMES),
        "curl -b cookies.txt -c cookies.txt https://admin.acme.io/login",
        "curl --cookie \"theme=dark; lang=en\" https://acme.io/",
    ])


BGENS = [(bgen_git, 25), (bgen_hash, 55), (bgen_ids, 60), (bgen_b64_text, 20), (bgen_versions, 25),
         (bgen_paths_urls, 45), (bgen_placeholders, 55), (bgen_cli_safe, 55), (bgen_prose, 30),
         (bgen_code, 35), (bgen_public_keys, 25), (bgen_logs, 40),
         (bgen_notes, 45), (bgen_history, 30), (bgen_config_benign, 50), (bgen_random_names, 35),
         (bgen_encoded, 45), (bgen_prose2, 20), (bgen_credfile_benign, 45)]
for _g, _n in BGENS:
    _seen = 0
    _tries = 0
    while _seen < _n and _tries < _n * 8:
        _tries += 1
        _t = _g()
        if _t not in BENIGN:
            BENIGN.append(_t)
            _seen += 1

if __name__ == "__main__":
    import collections
    bad = [s for s in SECRETS if s[3] not in s[2] or len(s[3]) < 8]
    fm = set(s[1] for s in SECRETS)
    print("secrets:", len(SECRETS))
    print("distinct formats:", len(fm))
    for g, c in sorted(collections.Counter(s[0] for s in SECRETS).items()):
        print("  %-20s %d" % (g, c))
    print("benign:", len(BENIGN))
    print("bad secrets (not in text / too short):", len(bad))
    for b in bad[:10]:
        print("   ", b)
    dup = len(BENIGN) - len(set(BENIGN))
    print("duplicate benign:", dup)
