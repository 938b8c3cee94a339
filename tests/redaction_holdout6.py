# -*- coding: utf-8 -*-
"""A sixth hold-out corpus for secret redaction, written without reading the redaction
code; it measured 0.956 recall and 1.5% false positives blind (after the rules tuned on
the fourth and fifth), and the redaction has since been tuned on it, so it is regression
data now (tests/test_redaction_holdouts.py holds its recall per group and its false
positives).

All secret values are synthetic, generated at import time from a fixed seed.
Vendor prefixes are assembled from parts so no full token appears literally.
"""
import base64
import random
import string
import urllib.parse

R = random.Random(0x5EED0007)

SECRETS = []
BENIGN = []

LOW = string.ascii_lowercase
UP = string.ascii_uppercase
DIG = string.digits
HEXL = "0123456789abcdef"
HEXU = "0123456789ABCDEF"
B62 = LOW + UP + DIG
B64 = B62 + "+/"
B64U = B62 + "-_"
B32 = UP + "234567"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(HEXL, n)


def b62(n):
    return rs(B62, n)


def b64u(n):
    return rs(B64U, n)


def b64std(nbytes):
    return base64.b64encode(bytes(R.getrandbits(8) for _ in range(nbytes))).decode()


def pick(seq):
    return R.choice(seq)


def J(*parts):
    return "".join(parts)


WORDS = ("river", "copper", "falcon", "maple", "orbit", "velvet", "tundra", "saffron",
         "granite", "harbor", "lantern", "meadow", "pepper", "quartz", "rocket", "spruce",
         "thunder", "walnut", "zephyr", "cobalt", "ember", "glacier", "juniper", "kestrel",
         "marble", "nectar", "otter", "pixel", "raven", "sierra", "tulip", "umber", "violet",
         "willow", "yonder", "badger", "cactus", "dolphin", "fig", "gecko", "hazel", "iris")
SEASONS = ("Summer", "Winter", "Spring", "Autumn", "Fall")
NAMES = ("alice", "bob", "carol", "dmitri", "erin", "farid", "greta", "hiro", "ines", "jamal",
         "kofi", "lena", "marta", "nikhil", "olga", "pablo", "quinn", "rosa", "sven", "tariq")
HOSTS = ("db01.internal", "pg-primary.prod.svc", "10.0.4.17", "mysql.staging.acme.io",
         "redis-01.cache.local", "mongo-rs0.corp.example", "192.168.56.10", "sql-prod-eu.internal",
         "warehouse.dev.lan", "broker.mq.internal", "ldap.corp.example", "localhost")


def human_pw():
    while True:
        p = _human_pw()
        if len(p) >= 8:
            return p


def _human_pw():
    k = R.randrange(8)
    w = pick(WORDS)
    if k == 0:
        return "%s%d%s" % (pick(SEASONS), R.choice((2023, 2024, 2025, 2026)), pick("!@#$"))
    if k == 1:
        return "%s%s%d%s" % (w.capitalize(), pick(WORDS).capitalize(), R.randrange(10, 999), pick("!?#*"))
    if k == 2:
        return "%s_%s_%d" % (w, pick(WORDS), R.randrange(100, 9999))
    if k == 3:
        return "%s%s%s%d" % (w[0].upper(), w[1:].replace("o", "0").replace("a", "@"), pick("!$%"), R.randrange(1, 99))
    if k == 4:
        return rs(B62 + "!@#%^&*-_=+", R.randrange(14, 24))
    if k == 5:
        return "-".join(pick(WORDS) for _ in range(4))
    if k == 6:
        return "%s%d%s%s" % (pick(NAMES).capitalize(), R.randrange(1970, 2010), pick("!.#"), pick(WORDS))
    return rs(B62, R.randrange(16, 33))


def rand_pw():
    return rs(B62, 1) + rs(B62 + "!#%^*-_+=", R.randrange(15, 29))


def passphrase(n=None):
    return " ".join(pick(WORDS) for _ in range(n or R.randrange(4, 7)))


def add(group, fmt, text, secret, visible=""):
    SECRETS.append((group, fmt, text, secret, visible))


def q(s):
    return pick(('"%s"', "'%s'", "%s", "`%s`")) % s


# ---------------------------------------------------------------------------
# Contexts in which a vendor token is written down by an agent
# ---------------------------------------------------------------------------

def ctx_variants(env, tok, vendor):
    svc = vendor.lower().replace(" ", "-")
    slug = env.lower()
    return [
        "export %s=%s" % (env, q(tok)),
        "%s=%s" % (env, tok),
        '{"%s": "%s", "enabled": true}' % (slug, tok),
        "%s:\n  %s: %s" % (svc, slug, tok),
        'gh secret set %s --body "%s" --repo acme/platform' % (env, tok),
        "fly secrets set %s=%s -a api-%s" % (env, tok, pick(("staging", "prod", "eu"))),
        "heroku config:set %s=%s --app %s-prod" % (env, tok, svc),
        "kubectl create secret generic %s-creds --from-literal=%s=%s -n apps" % (svc, slug, tok),
        "docker run --rm -e %s=%s ghcr.io/acme/worker:1.8.2" % (env, tok),
        "aws ssm put-parameter --name /prod/%s/%s --type SecureString --value '%s' --overwrite" % (svc, slug, tok),
        'vault kv put secret/%s %s="%s"' % (svc, slug, tok),
        "az keyvault secret set --vault-name kv-acme-prod --name %s --value %s" % (slug.replace("_", "-"), tok),
        "echo -n '%s' | gcloud secrets create %s --data-file=-" % (tok, slug.replace("_", "-")),
        "doppler secrets set %s='%s' --project backend --config prd" % (env, tok),
        'os.environ["%s"] = "%s"' % (env, tok),
        'process.env.%s = "%s";' % (env, tok),
        '%s = "%s"  # TODO move to vault' % (slug, tok),
        "Set %s in the staging env to %s and restarted the pods." % (env, tok),
        "[%s]\n%s = \"%s\"" % (svc, slug, tok),
        "vercel env add %s production <<< '%s'" % (env, tok),
        '- name: %s\n  value: "%s"' % (env, tok),
        "ENV %s=%s" % (env, tok),
        "$env:%s = '%s'" % (env, tok),
        "set %s=%s" % (env, tok),
        "railway variables --set %s=%s" % (env, tok),
        "netlify env:set %s %s" % (env, tok),
    ]


def vendor(group, fmt, env, gen, n=2):
    for _ in range(n):
        tok = gen()
        text = pick(ctx_variants(env, tok, fmt.split("-")[0]))
        add(group, fmt, text, tok, env if env in text else "")


V = "vendor-token"

# ---------------------------------------------------------------------------
# Well-known vendors (prefix assembled from parts)
# ---------------------------------------------------------------------------
KNOWN_VENDORS = [
    ("github-classic-pat", "GITHUB_TOKEN", lambda: J("gh", "p_", b62(36))),
    ("github-oauth", "GH_OAUTH_TOKEN", lambda: J("gh", "o_", b62(36))),
    ("github-app-server", "GH_INSTALL_TOKEN", lambda: J("gh", "s_", b62(36))),
    ("github-refresh", "GH_REFRESH", lambda: J("gh", "r_", b62(76))),
    ("github-fine-grained", "GH_PAT", lambda: J("github", "_pat_", b62(22), "_", b62(59))),
    ("gitlab-pat", "GITLAB_TOKEN", lambda: J("gl", "pat-", b64u(20))),
    ("gitlab-deploy", "CI_DEPLOY_TOKEN", lambda: J("gl", "dt-", b64u(20))),
    ("gitlab-runner-reg", "RUNNER_TOKEN", lambda: J("gl", "rt-", b64u(20))),
    ("gitlab-trigger", "TRIGGER_TOKEN", lambda: J("gl", "ptt-", hx(40))),
    ("slack-bot", "SLACK_BOT_TOKEN", lambda: J("xo", "xb-", rs(DIG, 12), "-", rs(DIG, 13), "-", b62(24))),
    ("slack-user", "SLACK_USER_TOKEN", lambda: J("xo", "xp-", rs(DIG, 12), "-", rs(DIG, 12), "-", rs(DIG, 13), "-", hx(32))),
    ("slack-app", "SLACK_APP_TOKEN", lambda: J("xa", "pp-1-A", rs(UP + DIG, 10), "-", rs(DIG, 13), "-", hx(64))),
    ("stripe-secret-live", "STRIPE_SECRET_KEY", lambda: J("sk", "_live_", b62(R.choice((24, 99))))),
    ("stripe-restricted", "STRIPE_RK", lambda: J("rk", "_live_", b62(99))),
    ("stripe-webhook", "STRIPE_WEBHOOK_SECRET", lambda: J("wh", "sec_", b62(32))),
    ("openai-project", "OPENAI_API_KEY", lambda: J("sk", "-proj-", b64u(48), "T3Blbk", "FJ", b64u(48))),
    ("openai-legacy", "OPENAI_KEY", lambda: J("sk", "-", b62(20), "T3Blbk", "FJ", b62(20))),
    ("anthropic-api", "ANTHROPIC_API_KEY", lambda: J("sk", "-ant-", "api03-", b64u(93), "AA")),
    ("google-api-key", "GOOGLE_API_KEY", lambda: J("AI", "za", "Sy", b64u(33))),
    ("sendgrid", "SENDGRID_API_KEY", lambda: J("S", "G.", b64u(22), ".", b64u(43))),
    ("twilio-api-key-secret", "TWILIO_API_SECRET", lambda: b62(32)),
    ("npm-automation", "NPM_TOKEN", lambda: J("np", "m_", b62(36))),
    ("pypi-upload", "TWINE_PASSWORD", lambda: J("py", "pi-", "AgEIcHlwaS5vcmc", b64u(R.randrange(60, 140)))),
    ("digitalocean-pat", "DIGITALOCEAN_TOKEN", lambda: J("do", "p_v1_", hx(64))),
    ("shopify-admin", "SHOPIFY_ADMIN_TOKEN", lambda: J("sh", "pat_", hx(32))),
    ("shopify-shared-secret", "SHOPIFY_API_SECRET", lambda: J("sh", "pss_", hx(32))),
    ("vault-service", "VAULT_TOKEN", lambda: J("hv", "s.", b64u(R.choice((24, 90))))),
    ("terraform-cloud", "TFE_TOKEN", lambda: J(b62(14), ".atl", "asv1.", b62(67))),
    ("doppler-service", "DOPPLER_TOKEN", lambda: J("dp", ".st.", pick(("prd", "stg", "dev")), ".", b62(40))),
    ("doppler-personal", "DOPPLER_PERSONAL", lambda: J("dp", ".pt.", b62(43))),
    ("doppler-cli", "DOPPLER_CLI_TOKEN", lambda: J("dp", ".ct.", b62(43))),
    ("doppler-sa", "DOPPLER_SA_TOKEN", lambda: J("dp", ".sa.", b62(43))),
    ("doppler-scim", "DOPPLER_SCIM", lambda: J("dp", ".scim.", b62(43))),
    ("mailgun-key", "MAILGUN_API_KEY", lambda: J("ke", "y-", hx(32))),
    ("mailgun-private", "MAILGUN_PRIVATE_KEY", lambda: J(hx(32), "-", hx(8), "-", hx(8))),
    ("mailchimp", "MAILCHIMP_KEY", lambda: J(hx(32), "-us", str(R.randrange(1, 21)))),
    ("atlassian-api", "JIRA_API_TOKEN", lambda: J("ATA", "TT3xFfGF0", b64u(180), "=", hx(8).upper())),
    ("linear-api", "LINEAR_API_KEY", lambda: J("lin", "_api_", b62(40))),
    ("notion-integration", "NOTION_TOKEN", lambda: J(pick(("sec" + "ret_", "nt" + "n_")), b62(43))),
    ("figma-pat", "FIGMA_TOKEN", lambda: J("fig", "d_", b64u(40))),
    ("postman-api", "POSTMAN_API_KEY", lambda: J("PM", "AK-", hx(24), "-", hx(34))),
    ("pulumi-access", "PULUMI_ACCESS_TOKEN", lambda: J("pu", "l-", hx(40))),
    ("databricks-pat", "DATABRICKS_TOKEN", lambda: J("da", "pi", hx(32), pick(("", "-2", "-3")))),
    ("grafana-cloud", "GRAFANA_CLOUD_TOKEN", lambda: J("gl", "c_", b64std(90).rstrip("="))),
    ("grafana-sa", "GRAFANA_SA_TOKEN", lambda: J("gl", "sa_", b62(32), "_", hx(8))),
    ("newrelic-user", "NEW_RELIC_API_KEY", lambda: J("NR", "AK-", rs(UP + DIG, 27))),
    ("sentry-user-auth", "SENTRY_AUTH_TOKEN", lambda: J("sn", "trys_", b64u(120))),
    ("heroku-api", "HEROKU_API_KEY", lambda: J("HR", "KU-", b64u(60))),
    ("huggingface", "HF_TOKEN", lambda: J("h", "f_", rs(UP + LOW, 34))),
    ("replicate", "REPLICATE_API_TOKEN", lambda: J("r", "8_", b62(37))),
    ("groq", "GROQ_API_KEY", lambda: J("gs", "k_", b62(52))),
    ("perplexity", "PPLX_API_KEY", lambda: J("pp", "lx-", b62(48))),
    ("supabase-pat", "SUPABASE_ACCESS_TOKEN", lambda: J("sb", "p_", hx(40))),
    ("planetscale-token", "PLANETSCALE_SERVICE_TOKEN", lambda: J("pscale", "_tkn_", b64u(43))),
    ("planetscale-password", "PSCALE_DB_PASSWORD", lambda: J("pscale", "_pw_", b64u(43))),
    ("okta-api", "OKTA_API_TOKEN", lambda: J("00", b64u(40))),
    ("discord-bot", "DISCORD_BOT_TOKEN", lambda: J(pick("MNO"), b62(25), ".", b64u(6), ".", b64u(38))),
    ("telegram-bot", "TELEGRAM_BOT_TOKEN", lambda: J(str(R.randrange(10 ** 9, 8 * 10 ** 9)), ":AA", b64u(33))),
    ("square-access", "SQUARE_ACCESS_TOKEN", lambda: J("EA", "AA", b64u(60))),
    ("square-oauth-secret", "SQUARE_APP_SECRET", lambda: J("sq0", "csp-", b64u(43))),
    ("paypal-braintree", "BRAINTREE_ACCESS_TOKEN", lambda: J("access_", "token$production$", rs(LOW + DIG, 16), "$", hx(32))),
    ("shippo-live", "SHIPPO_API_KEY", lambda: J("shippo", "_live_", hx(40))),
    ("easypost", "EASYPOST_API_KEY", lambda: J("EZ", "AK", hx(54))),
    ("dynatrace", "DT_API_TOKEN", lambda: J("dt0", "c01.", rs(UP + DIG, 24), ".", rs(UP + DIG, 64))),
    ("clojars", "CLOJARS_DEPLOY_TOKEN", lambda: J("CLO", "JARS_", rs(LOW + DIG, 60))),
    ("rubygems", "GEM_HOST_API_KEY", lambda: J("ruby", "gems_", hx(48))),
    ("nuget", "NUGET_API_KEY", lambda: J("oy", "2", rs(LOW + DIG, 43))),
    ("dockerhub-pat", "DOCKERHUB_TOKEN", lambda: J("dck", "r_pat_", b64u(27))),
    ("contentful", "CONTENTFUL_MANAGEMENT_TOKEN", lambda: J("CF", "PAT-", b64u(43))),
    ("launchdarkly-sdk", "LD_SDK_KEY", lambda: J("sd", "k-", hx(8), "-", hx(4), "-", hx(4), "-", hx(4), "-", hx(12))),
    ("airtable-pat", "AIRTABLE_TOKEN", lambda: J("pa", "t", b62(14), ".", hx(64))),
    ("circleci-pat", "CIRCLE_TOKEN", lambda: J("CCI", "PAT_", b62(22), "_", hx(40))),
    ("buildkite-agent", "BUILDKITE_API_TOKEN", lambda: J("bk", "ua_", hx(40))),
    ("sonarqube", "SONAR_TOKEN", lambda: J(pick(("sq" + "p_", "sq" + "u_", "sq" + "a_")), hx(40))),
    ("jfrog-api", "ARTIFACTORY_API_KEY", lambda: J("AK", "Cp", b62(69))),
    ("plaid-access", "PLAID_ACCESS_TOKEN", lambda: J("access-", "production-", hx(8), "-", hx(4), "-", hx(4), "-", hx(4), "-", hx(12))),
    ("flutterwave", "FLW_SECRET_KEY", lambda: J("FLW", "SECK-", hx(32), "-X")),
    ("razorpay-key-secret", "RAZORPAY_KEY_SECRET", lambda: b62(24)),
    ("openrouter", "OPENROUTER_API_KEY", lambda: J("sk", "-or-v1-", hx(64))),
    ("langsmith", "LANGCHAIN_API_KEY", lambda: J("ls", "v2_", pick(("pt", "sk")), "_", hx(32), "_", hx(10))),
    ("pinecone", "PINECONE_API_KEY", lambda: J("pc", "sk_", b62(5), "_", b62(60))),
    ("resend", "RESEND_API_KEY", lambda: J("r", "e_", b62(8), "_", b62(24))),
    ("tailscale-auth", "TS_AUTHKEY", lambda: J("ts", "key-auth-", b62(12), "CNTRL-", b62(33))),
    ("ngrok-authtoken", "NGROK_AUTHTOKEN", lambda: J(pick("12"), b62(26), "_", b62(21))),
    ("netlify-pat", "NETLIFY_AUTH_TOKEN", lambda: J("nf", "p_", b62(36))),
    ("render-api", "RENDER_API_KEY", lambda: J("rn", "d_", b62(28))),
    ("mapbox-secret", "MAPBOX_SECRET_TOKEN", lambda: J("s", "k.ey", "J1", b64u(60), ".", b64u(22))),
    ("hubspot-private-app", "HUBSPOT_ACCESS_TOKEN", lambda: J("pat", "-na1-", hx(8), "-", hx(4), "-", hx(4), "-", hx(4), "-", hx(12))),
    ("brevo", "BREVO_API_KEY", lambda: J("xke", "ysib-", hx(64), "-", b62(16))),
    ("typeform", "TYPEFORM_TOKEN", lambda: J("tf", "p_", b64u(44), "_", b64u(14))),
    ("prefect-cloud", "PREFECT_API_KEY", lambda: J("pn", "u_", b62(36))),
    ("infracost", "INFRACOST_API_KEY", lambda: J("ic", "o-", b62(32))),
    ("octopus-deploy", "OCTOPUS_API_KEY", lambda: J("AP", "I-", rs(UP + DIG, 32))),
    ("scalingo", "SCALINGO_API_TOKEN", lambda: J("tk", "-us-", b64u(48))),
    ("readme", "README_API_KEY", lambda: J("rd", "me_", rs(LOW + DIG, 70))),
    ("duffel-live", "DUFFEL_TOKEN", lambda: J("duffel", "_live_", b64u(43))),
    ("1password-sa", "OP_SERVICE_ACCOUNT_TOKEN", lambda: J("op", "s_eyJ", b64u(R.randrange(200, 300)))),
    ("bitwarden-sm", "BWS_ACCESS_TOKEN", lambda: J("0.", hx(8), "-", hx(4), "-", hx(4), "-", hx(4), "-", hx(12), ".", b62(30), ":", b64std(16))),
    ("infisical-service", "INFISICAL_TOKEN", lambda: J("s", "t.", hx(24), ".", hx(32), ".", hx(32))),
    ("openshift-token", "OC_TOKEN", lambda: J("sha", "256~", b64u(43))),
    ("authzed", "SPICEDB_TOKEN", lambda: J("sd", "k_", hx(40))),
    ("xai-grok", "XAI_API_KEY", lambda: J("xa", "i-", b62(80))),
    ("deepseek", "DEEPSEEK_API_KEY", lambda: J("s", "k-", hx(32))),
    ("fly-io", "FLY_API_TOKEN", lambda: J("Fly", "V1 fm2_", b64std(R.randrange(120, 200)).rstrip("="))),
    ("azure-ad-client-secret", "AZURE_CLIENT_SECRET", lambda: J(b62(3), rs(DIG, 1), "Q~", b64u(34))),
    ("cloudflare-api-token", "CLOUDFLARE_API_TOKEN", lambda: b64u(40)),
    ("cloudflare-global-key", "CF_API_KEY", lambda: hx(37)),
    ("datadog-api", "DD_API_KEY", lambda: hx(32)),
    ("datadog-app", "DD_APP_KEY", lambda: hx(40)),
    ("algolia-admin", "ALGOLIA_ADMIN_KEY", lambda: hx(32)),
    ("mistral", "MISTRAL_API_KEY", lambda: b62(32)),
    ("cohere", "CO_API_KEY", lambda: b62(40)),
    ("vercel-token", "VERCEL_TOKEN", lambda: b62(24)),
    ("segment-write-key", "SEGMENT_WRITE_KEY", lambda: b62(32)),
    ("postmark-server", "POSTMARK_SERVER_TOKEN", lambda: J(hx(8), "-", hx(4), "-", hx(4), "-", hx(4), "-", hx(12))),
    ("snyk-token", "SNYK_TOKEN", lambda: J(hx(8), "-", hx(4), "-", hx(4), "-", hx(4), "-", hx(12))),
    ("salesforce-session", "SF_ACCESS_TOKEN", lambda: J("00D", b62(12), "!", b62(22), ".", b64u(70))),
    ("adafruit-io", "ADAFRUIT_IO_KEY", lambda: J("ai", "o_", b62(28))),
    ("frameio", "FRAMEIO_TOKEN", lambda: J("fi", "o-u-", b64u(64))),
    ("harness-pat", "HARNESS_API_KEY", lambda: J("pa", "t.", b64u(22), ".", hx(24), ".", b62(20))),
    ("age-secret-key", "SOPS_AGE_KEY", lambda: J("AGE-", "SECRET-KEY-1", rs("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58))),
    ("twitch-client-secret", "TWITCH_CLIENT_SECRET", lambda: rs(LOW + DIG, 30)),
    ("lob-live", "LOB_API_KEY", lambda: J("live", "_", hx(35))),
    ("coinbase-cdp", "CDP_API_KEY_SECRET", lambda: b64std(64)),
    ("upstash-redis", "UPSTASH_REDIS_REST_TOKEN", lambda: J("A", b64u(R.randrange(60, 90)), "=")),
    ("neon-password", "PGPASSWORD", lambda: J("np", "g_", b62(12))),
    ("convex-deploy", "CONVEX_DEPLOY_KEY", lambda: J("prod:", pick(("happy", "brave", "quiet")), "-", pick(("otter", "panda", "lynx")), "-", str(R.randrange(100, 999)), "|", b64u(80))),
    ("clerk-secret", "CLERK_SECRET_KEY", lambda: J("sk", "_live_", b62(40))),
    ("meraki", "MERAKI_DASHBOARD_API_KEY", lambda: hx(40)),
    ("zendesk-api", "ZENDESK_API_TOKEN", lambda: b62(40)),
    ("intercom", "INTERCOM_ACCESS_TOKEN", lambda: J("dG9r", "Oj", b64std(42).rstrip("="))),
    ("asana-pat", "ASANA_PAT", lambda: J("2/", rs(DIG, 16), "/", rs(DIG, 16), ":", hx(32))),
    ("pagerduty", "PAGERDUTY_TOKEN", lambda: J("u+", b64u(18))),
    ("opsgenie", "OPSGENIE_API_KEY", lambda: J(hx(8), "-", hx(4), "-", hx(4), "-", hx(4), "-", hx(12))),
    ("twingate", "TWINGATE_API_KEY", lambda: b64u(80)),
    ("temporal-cloud", "TEMPORAL_CLOUD_API_KEY", lambda: J("eyJhbGciOiJFUzI1NiIsImtpZCI6Ij", b64u(60), ".", b64u(120), ".", b64u(86))),
    ("gcp-oauth-client-secret", "GOOGLE_CLIENT_SECRET", lambda: J("GOC", "SPX-", b64u(28))),
    ("gitea-token", "GITEA_TOKEN", lambda: hx(40)),
    ("bitbucket-app-password", "BITBUCKET_APP_PASSWORD", lambda: J("ATB", "B", b62(28), hx(8).upper())),
    ("codecov", "CODECOV_TOKEN", lambda: J(hx(8), "-", hx(4), "-", hx(4), "-", hx(4), "-", hx(12))),
    ("cloudsmith", "CLOUDSMITH_API_KEY", lambda: hx(40)),
    ("fastly", "FASTLY_API_TOKEN", lambda: b64u(32)),
    ("elastic-cloud", "EC_API_KEY", lambda: base64.b64encode((b62(20) + ":" + b64u(22)).encode()).decode()),
    ("weaviate", "WEAVIATE_API_KEY", lambda: b62(40)),
    ("qdrant", "QDRANT__SERVICE__API_KEY", lambda: b64u(40)),
    ("wandb", "WANDB_API_KEY", lambda: hx(40)),
    ("kaggle", "KAGGLE_KEY", lambda: hx(32)),
]

for _fmt, _env, _gen in KNOWN_VENDORS:
    vendor(V, _fmt, _env, _gen, 1 + (R.random() < 0.15))

# ---------------------------------------------------------------------------
# Invented / internal / new vendor token schemes (no rule table names these)
# ---------------------------------------------------------------------------
COMPANIES = ("acme", "globex", "initech", "umbrella", "hooli", "piedpiper", "wonka", "stark",
             "wayne", "tyrell", "cyberdyne", "soylent", "vandelay", "dunder", "oscorp", "massive",
             "zorg", "gringotts", "nakatomi", "monarch", "aperture", "blackmesa", "virtucon",
             "krusty", "duff", "contoso", "fabrikam", "northwind", "tailspin", "wingtip",
             "adventureworks", "litware", "proseware", "woodgrove", "lamna", "relecloud",
             "bluyonder", "kraken", "zapbird", "quillon", "mistlake", "orbitly", "paystack-lite",
             "ledgerly", "shipfast", "vaultic", "keyforge", "tokenly", "authnest", "datamint")

INTERNAL_SHAPES = []


def _mk_internal(i, company):
    style = i % 10
    pre = company[:R.randrange(2, 5)]
    if style == 0:
        p = pre + "_" + pick(("live", "prod", "sk", "key", "svc")) + "_"
        return p, lambda: J(p, b62(R.randrange(28, 48)))
    if style == 1:
        p = pre.upper() + pick(("-", "_")) + pick(("TK", "KEY", "SEC", "PAT", "AT")) + "-"
        return p, lambda: J(p, rs(UP + DIG, R.randrange(24, 40)))
    if style == 2:
        p = pre + ".v" + str(R.randrange(1, 5)) + "."
        return p, lambda: J(p, b64u(R.randrange(12, 20)), ".", b64u(R.randrange(30, 44)))
    if style == 3:
        p = pre + pick(("_rt_", "_at_", "_st_", "_it_"))
        return p, lambda: J(p, hx(R.choice((32, 40, 48))))
    if style == 4:
        p = pre.upper() + str(R.randrange(1, 10))
        return p, lambda: J(p, rs(B32, R.randrange(30, 52)))
    if style == 5:
        p = pre + "-" + pick(("token", "secret", "key")) + "-"
        return p, lambda: J(p, b62(8), "-", b62(8), "-", b62(16))
    if style == 6:
        p = pre + "~"
        return p, lambda: J(p, b64u(R.randrange(36, 60)))
    if style == 7:
        p = pre.capitalize() + pick(("Key", "Tok", "Sec")) + ":"
        return p, lambda: J(p, b64std(R.randrange(24, 40)).rstrip("="))
    if style == 8:
        p = ""
        return p, lambda: J(pre, "_", rs(LOW + DIG, 6), "_", b62(R.randrange(30, 40)))
    p = pre + "@"
    return p, lambda: J(pre, "1", rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", R.randrange(40, 58)))


INTERNAL = "unnamed-format"
HEADER_NAMES = ("X-Api-Key", "X-Auth-Token", "X-Service-Token", "X-Internal-Auth", "Api-Key",
                "X-%s-Key", "X-%s-Secret", "X-Access-Token", "X-Gateway-Token", "Private-Token")


def internal_contexts(company, env, tok):
    h = pick(HEADER_NAMES)
    if "%s" in h:
        h = h % company.capitalize()
    return [
        'curl -s https://api.%s.internal/v2/jobs -H "%s: %s"' % (company, h, tok),
        "Authorization: Bearer %s" % tok,
        "%s=%s" % (env, tok),
        'client = %sClient(api_key="%s")' % (company.capitalize(), tok),
        "%s:\n  token: %s\n  region: eu-west-1" % (company, tok),
        "http GET https://%s.example/api/v1/me '%s:%s'" % (company, h, tok),
        "Note: %s service token for staging is %s (ask #platform before rotating)." % (company, tok),
        'fetch(url, { headers: { "%s": "%s" } })' % (h, tok),
        "--header '%s: %s'" % (h, tok),
        "%s_SECRET='%s' ./bin/migrate --env staging" % (company.upper(), tok),
    ]


for _i, _co in enumerate(COMPANIES):
    _p, _gen = _mk_internal(_i, _co)
    _env = "%s_%s" % (_co.upper().replace("-", "_"), pick(("TOKEN", "API_KEY", "SECRET", "ACCESS_KEY", "AUTH")))
    for _k in range(2):
        _t = _gen()
        if _k == 0:
            _txt = pick(internal_contexts(_co, _env, _t))
        else:
            _txt = pick(ctx_variants(_env, _t, _co))
        add(INTERNAL, "internal-" + _co, _txt, _t, "")

# New-ish / obscure real-world-style vendors that a rule table rarely names.
OBSCURE = [
    ("nylas", "NYLAS_API_KEY", lambda: J("nyk_v0_", b62(48))),
    ("trigger-dev", "TRIGGER_SECRET_KEY", lambda: J("tr_", pick(("prod", "dev")), "_", b62(20))),
    ("inngest", "INNGEST_SIGNING_KEY", lambda: J("signkey-prod-", hx(64))),
    ("knock", "KNOCK_API_KEY", lambda: J("sk_", pick(("prod", "test")), "_", b64u(40))),
    ("svix", "SVIX_WEBHOOK_SECRET", lambda: J("whsec_", b64std(24))),
    ("loops", "LOOPS_API_KEY", lambda: hx(32)),
    ("unkey-root", "UNKEY_ROOT_KEY", lambda: J("unkey_", b62(24))),
    ("axiom", "AXIOM_TOKEN", lambda: J("xaat-", hx(8), "-", hx(4), "-", hx(4), "-", hx(4), "-", hx(12))),
    ("baseten", "BASETEN_API_KEY", lambda: J(b62(8), ".", b62(32))),
    ("modal", "MODAL_TOKEN_SECRET", lambda: J("as-", b62(22))),
    ("together-ai", "TOGETHER_API_KEY", lambda: J("tgp_v1_", b64u(43))),
    ("fireworks", "FIREWORKS_API_KEY", lambda: J("fw_", b62(24))),
    ("voyage", "VOYAGE_API_KEY", lambda: J("pa-", b64u(43))),
    ("elevenlabs", "ELEVENLABS_API_KEY", lambda: J("sk_", hx(48))),
    ("deepgram", "DEEPGRAM_API_KEY", lambda: hx(40)),
    ("assemblyai", "ASSEMBLYAI_API_KEY", lambda: hx(32)),
    ("tavily", "TAVILY_API_KEY", lambda: J("tvly-", pick(("dev", "prod")), "-", b62(32))),
    ("exa", "EXA_API_KEY", lambda: J(hx(8), "-", hx(4), "-", hx(4), "-", hx(4), "-", hx(12))),
    ("firecrawl", "FIRECRAWL_API_KEY", lambda: J("fc-", hx(32))),
    ("browserbase", "BROWSERBASE_API_KEY", lambda: J("bb_live_", b64u(27))),
    ("e2b", "E2B_API_KEY", lambda: J("e2b_", hx(40))),
    ("daytona", "DAYTONA_API_KEY", lambda: J("dtn_", hx(64))),
    ("turso-auth", "TURSO_AUTH_TOKEN", lambda: J("eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.", b64u(110), ".", b64u(86))),
    ("xata", "XATA_API_KEY", lambda: J("xau_", b62(36))),
    ("portkey", "PORTKEY_API_KEY", lambda: b64u(32)),
    ("helicone", "HELICONE_API_KEY", lambda: J("sk-helicone-", rs(LOW + DIG, 7), "-", rs(LOW + DIG, 7), "-", rs(LOW + DIG, 7), "-", rs(LOW + DIG, 7))),
    ("langfuse-secret", "LANGFUSE_SECRET_KEY", lambda: J("sk-lf-", hx(8), "-", hx(4), "-", hx(4), "-", hx(4), "-", hx(12))),
    ("cerebras", "CEREBRAS_API_KEY", lambda: J("csk-", rs(LOW + DIG, 48))),
    ("sambanova", "SAMBANOVA_API_KEY", lambda: J(hx(8), "-", hx(4), "-", hx(4), "-", hx(4), "-", hx(12))),
    ("zep", "ZEP_API_KEY", lambda: J("z_", b64u(120))),
    ("mem0", "MEM0_API_KEY", lambda: J("m0-", b62(40))),
    ("composio", "COMPOSIO_API_KEY", lambda: b62(22)),
    ("hookdeck", "HOOKDECK_API_KEY", lambda: b62(50)),
    ("courier", "COURIER_AUTH_TOKEN", lambda: J("pk_prod_", rs(UP + DIG, 28))),
    ("novu", "NOVU_SECRET_KEY", lambda: hx(32)),
    ("stytch", "STYTCH_SECRET", lambda: J("secret-live-", b64u(36))),
    ("workos", "WORKOS_API_KEY", lambda: J("sk_", b62(60))),
    ("descope", "DESCOPE_MANAGEMENT_KEY", lambda: J("K", rs(UP + DIG, 27), ":", b64u(120))),
    ("kinde", "KINDE_CLIENT_SECRET", lambda: b62(48)),
    ("lemonsqueezy", "LEMONSQUEEZY_API_KEY", lambda: J("eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.", b64u(300), ".", b64u(340))),
    ("paddle", "PADDLE_API_KEY", lambda: J("pdl_live_apikey_", rs(LOW + DIG, 26), "_", b62(22), "_", b62(3))),
    ("polar", "POLAR_ACCESS_TOKEN", lambda: J("polar_oat_", b62(43))),
    ("mux", "MUX_TOKEN_SECRET", lambda: b64std(56).rstrip("=")),
    ("cloudinary-secret", "CLOUDINARY_API_SECRET", lambda: b64u(27)),
    ("imagekit", "IMAGEKIT_PRIVATE_KEY", lambda: J("private_", b62(28), "=")),
    ("uploadthing", "UPLOADTHING_TOKEN", lambda: J("eyJhcGlLZXkiOiJza19saXZlXz", b64u(140), "==")),
    ("sanity", "SANITY_API_TOKEN", lambda: J("sk", b62(180))),
    ("storyblok", "STORYBLOK_TOKEN", lambda: J(b62(22), "tt")),
    ("hygraph", "HYGRAPH_TOKEN", lambda: J("eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImdjbXMtbWFpbi1wcm9kdWN0aW9uIn0.", b64u(400), ".", b64u(342))),
    ("val-town", "VALTOWN_TOKEN", lambda: J("vt_", hx(32))),
    ("deno-deploy", "DENO_DEPLOY_TOKEN", lambda: J("ddp_", b62(36))),
    ("zeabur", "ZEABUR_TOKEN", lambda: J("sk-", b62(24))),
    ("koyeb", "KOYEB_TOKEN", lambda: b62(64)),
    ("northflank", "NF_API_TOKEN", lambda: J("nf-", b62(64))),
    ("coolify", "COOLIFY_TOKEN", lambda: J(str(R.randrange(1, 40)), "|", b62(40))),
    ("hetzner-cloud", "HCLOUD_TOKEN", lambda: b62(64)),
    ("linode", "LINODE_TOKEN", lambda: hx(64)),
    ("vultr", "VULTR_API_KEY", lambda: rs(UP + DIG, 36)),
    ("scaleway-secret", "SCW_SECRET_KEY", lambda: J(hx(8), "-", hx(4), "-", hx(4), "-", hx(4), "-", hx(12))),
    ("ovh-app-secret", "OVH_APPLICATION_SECRET", lambda: b62(32)),
    ("exoscale", "EXOSCALE_API_SECRET", lambda: b64u(43)),
    ("backblaze-b2", "B2_APPLICATION_KEY", lambda: J("K00", b62(28))),
    ("wasabi", "WASABI_SECRET_KEY", lambda: rs(UP + DIG, 40)),
    ("ionos", "IONOS_TOKEN", lambda: J("eyJ0eXAiOiJKV1QiLCJraWQiOiI", b64u(40), ".", b64u(200), ".", b64u(342))),
    ("oci-auth-token", "OCI_AUTH_TOKEN", lambda: rs(B62 + "()<>;:[]{}#+-_.", 20)),
    ("alibaba-secret", "ALIBABA_CLOUD_ACCESS_KEY_SECRET", lambda: b62(30)),
    ("tencent-secret", "TENCENTCLOUD_SECRET_KEY", lambda: b62(32)),
    ("yandex-iam", "YC_TOKEN", lambda: J("t1.", b64u(20), ".", b64u(86))),
    ("huawei-sk", "HW_SECRET_KEY", lambda: b62(40)),
    ("ibm-cloud", "IBMCLOUD_API_KEY", lambda: b64u(44)),
    ("sumologic", "SUMO_ACCESS_KEY", lambda: b62(64)),
    ("honeycomb", "HONEYCOMB_API_KEY", lambda: J("hcaik_", rs(LOW + DIG, 58))),
    ("logtail", "LOGTAIL_SOURCE_TOKEN", lambda: b62(24)),
    ("checkly", "CHECKLY_API_KEY", lambda: J("cu_", hx(32))),
    ("incident-io", "INCIDENT_IO_API_KEY", lambda: J("inc_", b62(40))),
    ("rootly", "ROOTLY_API_TOKEN", lambda: J("rootly_", hx(64))),
    ("firehydrant", "FIREHYDRANT_API_KEY", lambda: J("fhb-", hx(32))),
    ("launchable", "LAUNCHABLE_TOKEN", lambda: J("v1:acme/app:", b62(30))),
    ("depot", "DEPOT_TOKEN", lambda: J("depot_project_", hx(64))),
    ("namespace", "NSC_TOKEN", lambda: J("nsct_", b62(40))),
    ("earthly", "EARTHLY_TOKEN", lambda: b64u(44)),
    ("chromatic", "CHROMATIC_PROJECT_TOKEN", lambda: J("chpt_", hx(15))),
    ("percy", "PERCY_TOKEN", lambda: J("web_", hx(64))),
    ("saucelabs", "SAUCE_ACCESS_KEY", lambda: J(hx(8), "-", hx(4), "-", hx(4), "-", hx(4), "-", hx(12))),
    ("browserstack", "BROWSERSTACK_ACCESS_KEY", lambda: b62(20)),
    ("expo", "EXPO_TOKEN", lambda: b64u(40)),
    ("codemagic", "CM_API_TOKEN", lambda: b64u(43)),
    ("bitrise", "BITRISE_TOKEN", lambda: b64u(86)),
    ("appcenter", "APPCENTER_TOKEN", lambda: hx(40)),
    ("revenuecat", "REVENUECAT_SECRET", lambda: J("sk_", b62(32))),
    ("onesignal", "ONESIGNAL_REST_API_KEY", lambda: J("os_v2_app_", rs(LOW + DIG, 100))),
    ("pusher", "PUSHER_APP_SECRET", lambda: hx(20)),
    ("ably", "ABLY_API_KEY", lambda: J(b62(6), ".", b62(6), ":", b64u(43))),
    ("liveblocks", "LIVEBLOCKS_SECRET_KEY", lambda: J("sk_prod_", b64u(60))),
    ("stream", "STREAM_API_SECRET", lambda: rs(LOW + DIG, 64)),
    ("agora", "AGORA_APP_CERTIFICATE", lambda: hx(32)),
    ("vonage", "VONAGE_API_SECRET", lambda: b62(16)),
    ("plivo", "PLIVO_AUTH_TOKEN", lambda: b62(40)),
    ("messagebird", "MESSAGEBIRD_ACCESS_KEY", lambda: b62(25)),
    ("sinch", "SINCH_KEY_SECRET", lambda: b64u(26)),
    ("telnyx", "TELNYX_API_KEY", lambda: J("KEY", hx(32).upper(), "_", b62(22))),
]

OBS = "unnamed-format"
for _fmt, _env, _gen in OBSCURE:
    vendor(OBS, "obscure-" + _fmt, _env, _gen, 1)

# ---------------------------------------------------------------------------
# Credential files pasted or echoed
# ---------------------------------------------------------------------------
CF = "credential-file"


def user():
    return pick(NAMES + ("postgres", "app", "deploy", "svc_etl", "readonly", "admin", "ci-bot", "root"))


def host():
    return pick(HOSTS)


for _ in range(4):
    u, p, h = user(), human_pw(), host()
    db = pick(("appdb", "billing", "*", "analytics", "postgres"))
    line = "%s:%s:%s:%s:%s" % (pick((h, "*")), pick(("5432", "*", "6432")), db, u, p)
    add(CF, "pgpass-line", pick(("cat ~/.pgpass\n" + line, "echo '%s' >> ~/.pgpass && chmod 600 ~/.pgpass" % line,
                                 "# ~/.pgpass\n%s\nlocalhost:5432:*:postgres:%s" % (line, "${PGPASS}") if False else "# ~/.pgpass\n" + line)), p, u)
add(CF, "pgpass-wildcard", "*:*:*:%s:%s" % ("replicator", "Repl1cat0r!2025x"), "Repl1cat0r!2025x", "replicator")

for i in range(5):
    u, p = pick(NAMES) + "@acme.io", pick((human_pw(), J("gh", "p_", b62(36)), b62(40)))
    m = pick(("api.github.com", "gitlab.acme.io", "artifactory.corp.example", "ftp.vendor.net", "nexus.internal"))
    style = i % 4
    if style == 0:
        t = "machine %s login %s password %s" % (m, u, p)
    elif style == 1:
        t = "cat ~/.netrc\nmachine %s\n  login %s\n  password %s\n" % (m, u, p)
    elif style == 2:
        t = "default login anonymous password %s" % p
    else:
        t = "printf 'machine %s login %s password %s\\n' > ~/.netrc" % (m, u, p)
    add(CF, "netrc-" + ("oneline", "multiline", "default", "printf")[style], t, p, u if style != 2 else "")

for i in range(4):
    u, p = pick(("ci-bot", "deploy", "_json_key", "AWS", "robot$builder")), human_pw()
    auth = base64.b64encode(("%s:%s" % (u, p)).encode()).decode()
    reg = pick(("ghcr.io", "registry.gitlab.com", "https://index.docker.io/v1/", "harbor.corp.example", "123456789012.dkr.ecr.eu-west-1.amazonaws.com"))
    if i % 2 == 0:
        t = '{\n  "auths": {\n    "%s": {\n      "auth": "%s"\n    }\n  }\n}' % (reg, auth)
    else:
        t = 'cat ~/.docker/config.json  -> {"auths":{"%s":{"auth":"%s","email":"ops@acme.io"}}}' % (reg, auth)
    add(CF, "docker-config-auth", t, auth, reg)
_a = base64.b64encode(b"_json_key_base64:" + b64std(90).encode()).decode()
add(CF, "dockercfg-legacy", '{"https://index.docker.io/v1/": {"auth": "%s", "email": "x@y.z"}}' % _a, _a)
_ii = base64.b64encode(("kube:" + b62(30)).encode()).decode()
add(CF, "k8s-dockerconfigjson", 'kubectl get secret regcred -o jsonpath="{.data.\\.dockerconfigjson}" | base64 -d\n{"auths":{"harbor.corp.example":{"username":"kube","password":"%s","auth":"%s"}}}' % (_ii[:4] + b62(20), _ii), _ii)

for i in range(3):
    t = J("np", "m_", b62(36))
    add(CF, "npmrc-authtoken", pick(("//registry.npmjs.org/:_authToken=%s" % t,
                                    "echo \"//npm.pkg.github.com/:_authToken=%s\" >> .npmrc" % t,
                                    "@acme:registry=https://npm.acme.io/\n//npm.acme.io/:_authToken=\"%s\"\nalways-auth=true" % t)), t)
_p = base64.b64encode(human_pw().encode()).decode()
add(CF, "npmrc-password-b64", "//nexus.corp.example/repository/npm/:username=builder\n//nexus.corp.example/repository/npm/:_password=%s" % _p, _p, "builder")
_p = base64.b64encode(("builder:" + human_pw()).encode()).decode()
add(CF, "npmrc-auth-b64", "_auth=%s\nemail=builder@acme.io" % _p, _p)
_t = b62(40)
add(CF, "yarnrc-npmauthtoken", 'npmScopes:\n  acme:\n    npmRegistryServer: "https://npm.acme.io"\n    npmAuthToken: "%s"' % _t, _t)

for i in range(3):
    tok = J("py", "pi-", "AgEIcHlwaS5vcmc", b64u(100)) if i != 2 else human_pw()
    add(CF, "pypirc", "[distutils]\nindex-servers = pypi\n\n[%s]\nusername = %s\npassword = %s" % (
        pick(("pypi", "testpypi", "internal")), "__token__" if i != 2 else "releaser", tok), tok)
_p = human_pw()
add(CF, "pip-conf-index-url", "[global]\nindex-url = https://deploy:%s@pypi.acme.io/simple/" % urllib.parse.quote(_p, safe=""), urllib.parse.quote(_p, safe=""), "deploy")

for i in range(4):
    u = pick(NAMES)
    tok = pick((J("gh", "p_", b62(36)), J("gl", "pat-", b64u(20)), human_pw(), b62(32)))
    enc = urllib.parse.quote(tok, safe="")
    hostn = pick(("github.com", "gitlab.acme.io", "bitbucket.org", "dev.azure.com"))
    add(CF, "git-credentials", pick(("https://%s:%s@%s" % (u, enc, hostn),
                                     "cat ~/.git-credentials\nhttps://%s:%s@%s\n" % (u, enc, hostn),
                                     "git credential approve <<EOF\nprotocol=https\nhost=%s\nusername=%s\npassword=%s\nEOF" % (hostn, u, enc))), enc, u)

for i in range(4):
    tok = pick((J("eyJhbGciOiJSUzI1NiIsImtpZCI6Ij", b64u(40), ".", b64u(300), ".", b64u(342)), J("sha", "256~", b64u(43)), b62(6).lower() + "." + b62(16).lower()))
    add(CF, "kubeconfig-token", "users:\n- name: ci-deployer\n  user:\n    token: %s" % tok, tok, "ci-deployer")
_k = b64std(1200)
add(CF, "kubeconfig-client-key-data", "users:\n- name: admin@prod\n  user:\n    client-certificate-data: LS0tLS1CRUdJTi...\n    client-key-data: %s" % _k, _k)
_p = human_pw()
add(CF, "kubeconfig-basic", "users:\n- name: legacy\n  user:\n    username: admin\n    password: %s" % _p, _p)

for i in range(5):
    kid = J("AK", "IA", rs(UP + "234567", 16))
    sec = b64std(30)[:40].replace("+", "/") if i % 2 else rs(B62 + "+/", 40)
    prof = pick(("default", "prod", "staging-admin", "sandbox"))
    if i % 3 == 0:
        t = "[%s]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-central-1" % (prof, kid, sec)
        fmt = "aws-credentials-file"
    elif i % 3 == 1:
        t = "aws configure set aws_secret_access_key %s --profile %s" % (sec, prof)
        fmt = "aws-configure-set"
    else:
        st = "IQoJb3JpZ2luX2VjE" + b64std(300)
        t = "[%s]\naws_access_key_id = %s\naws_secret_access_key = %s\naws_session_token = %s" % (prof, J("AS", "IA", rs(UP + "234567", 16)), sec, st)
        fmt = "aws-credentials-session"
        add(CF, "aws-session-token", t, st)
    add(CF, fmt, t, sec)

for i in range(3):
    obsc = b64u(R.randrange(30, 60))
    add(CF, "rclone-conf-pass", "[%s]\ntype = %s\nuser = backup\nhost = %s\npass = %s" % (
        pick(("nas", "sftp-box", "hetzner")), pick(("sftp", "ftp", "webdav")), host(), obsc), obsc, "backup")
_t = b64u(150)
add(CF, "rclone-conf-token", '[gdrive]\ntype = drive\nscope = drive\ntoken = {"access_token":"ya29.%s","token_type":"Bearer","refresh_token":"1//0g%s","expiry":"2026-11-02T10:22:31Z"}' % (_t, b64u(90)), "ya29." + _t)
for _ in range(2):
    ak, sk = rs(UP + DIG, 20), b62(40)
    add(CF, "s3cfg", "[default]\naccess_key = %s\nsecret_key = %s\nhost_base = s3.wasabisys.com\nuse_https = True" % (ak, sk), sk)
_ss = b64u(44)
add(CF, "boto-config", "[Credentials]\ngs_access_key_id = GOOG1E%s\ngs_secret_access_key = %s" % (rs(UP + DIG, 54), _ss), _ss)

for i in range(3):
    salt = rs(B62 + "./", 8)
    hsh = pick(("$apr1$%s$%s" % (salt, rs(B62 + "./", 22)), "$2y$05$%s" % rs(B62 + "./", 53), "{SHA}%s" % b64std(20)))
    add(CF, "htpasswd", "%s:%s" % (pick(NAMES), hsh), hsh)
_p = human_pw()
add(CF, "htpasswd-cli", "htpasswd -b -c /etc/nginx/.htpasswd admin '%s'" % _p, _p, "admin")

for _ in range(2):
    p = human_pw()
    add(CF, "wp-config-db", "define( 'DB_PASSWORD', '%s' );" % p, p, "DB_PASSWORD")
    k = rs(B62 + "!@#$%^&*()-_[]{}<>~+=,.;:/?|", 64)
    add(CF, "wp-config-salt", "define('AUTH_KEY',         '%s');" % k, k, "AUTH_KEY")

for _ in range(3):
    k = "django-insecure-" + rs(LOW + DIG + "!@#$%^&*(-_=+)", 50) if R.random() < 0.5 else rs(LOW + DIG + "!@#$%^&*(-_=+)", 50)
    add(CF, "django-settings-secret-key", "SECRET_KEY = '%s'" % k, k)
_p = human_pw()
add(CF, "django-settings-databases", "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'shop',\n        'USER': 'shop',\n        'PASSWORD': '%s',\n        'HOST': 'db',\n    }\n}" % _p, _p)

for _ in range(3):
    p = human_pw()
    add(CF, "appsettings-connectionstring", '"ConnectionStrings": {\n  "Default": "Server=tcp:sql-acme.database.windows.net,1433;Initial Catalog=orders;User ID=orders_app;Password=%s;Encrypt=True;"\n}' % p, p, "orders_app")
_k = b64std(32)
add(CF, "appsettings-jwt", '"Jwt": { "Issuer": "acme", "Key": "%s" }' % _k, _k)

for _ in range(3):
    p = human_pw()
    add(CF, "spring-properties-password", pick(("spring.datasource.password=%s", "spring.datasource.password = %s", "spring.mail.password: %s", "spring.rabbitmq.password=%s")) % p, p)
_p = human_pw()
add(CF, "gradle-properties", "signing.keyId=%s\nsigning.password=%s\nossrhUsername=acme-release" % (hx(8).upper(), _p), _p)
_p = human_pw()
add(CF, "gradle-properties-ossrh", "ossrhPassword=%s" % _p, _p)
for _ in range(2):
    p = pick((human_pw(), "{" + b64std(30) + "}"))
    add(CF, "maven-settings-xml", "<server>\n  <id>nexus-releases</id>\n  <username>deployment</username>\n  <password>%s</password>\n</server>" % p, p, "deployment")
_p = human_pw()
add(CF, "my-cnf", "[client]\nuser=root\npassword=\"%s\"\nhost=%s" % (_p, host()), _p, "root")
_p = human_pw()
add(CF, "pg-service-conf", "[billing]\nhost=%s\ndbname=billing\nuser=billing_ro\npassword=%s" % (host(), _p), _p)
_p = human_pw()
add(CF, "odbc-ini", "[MSSQL_PROD]\nDriver=ODBC Driver 18 for SQL Server\nServer=sql01\nUID=report\nPWD=%s" % _p, _p)
_t = J("gh", "o_", b62(36))
add(CF, "composer-auth-json", '{\n    "github-oauth": {\n        "github.com": "%s"\n    }\n}' % _t, _t)
_p = b62(32)
add(CF, "composer-auth-http-basic", '{"http-basic": {"repo.packagist.com": {"username": "token", "password": "%s"}}}' % _p, _p)
_t = J("cio", b62(32))
add(CF, "cargo-credentials", "[registry]\ntoken = \"%s\"" % _t, _t)
_t = J("ruby", "gems_", hx(48))
add(CF, "gem-credentials", "---\n:rubygems_api_key: %s" % _t, _t)
_p = human_pw()
add(CF, "nuget-config", '<packageSourceCredentials>\n  <acme>\n    <add key="Username" value="build" />\n    <add key="ClearTextPassword" value="%s" />\n  </acme>\n</packageSourceCredentials>' % _p, _p)
_p = human_pw()
add(CF, "condarc", "channels:\n  - https://builder:%s@conda.acme.io/t/main" % _p, _p)
_p = human_pw()
add(CF, "wpa-supplicant", 'network={\n    ssid="ACME-Office"\n    psk="%s"\n}' % _p, _p)
_p = human_pw()
add(CF, "networkmanager-psk", "[wifi-security]\nkey-mgmt=wpa-psk\npsk=%s" % _p, _p)
_p = human_pw()
add(CF, "smb-credentials", "cat /root/.smbcredentials\nusername=svc_scan\npassword=%s\ndomain=CORP" % _p, _p)
_p = human_pw()
add(CF, "msmtprc", "account default\nhost smtp.office365.com\nuser noreply@acme.io\npassword %s" % _p, _p)
_p = human_pw()
add(CF, "fetchmailrc", "poll imap.acme.io protocol IMAP user \"ops\" password \"%s\" ssl" % _p, _p)
_p = human_pw()
add(CF, "muttrc", "set imap_pass = \"%s\"" % _p, _p)
_p = human_pw()
add(CF, "openvpn-auth-file", "printf 'vpnuser\\n%s\\n' > /etc/openvpn/auth.txt" % _p, _p)
_p = human_pw()
add(CF, "redis-conf", "requirepass %s" % _p, _p)
_p = human_pw()
add(CF, "redis-conf-masterauth", "masterauth \"%s\"" % _p, _p)
_p = human_pw()
add(CF, "pgbouncer-userlist", '"app" "%s"\n"stats" "md5%s"' % (_p, hx(32)), _p)
_p = human_pw()
add(CF, "rabbitmq-conf", "default_user = admin\ndefault_pass = %s" % _p, _p)
_p = base64.b64encode(human_pw().encode()).decode()
add(CF, "filezilla-sitemanager", '<Host>ftp.acme.io</Host>\n<User>webdev</User>\n<Pass encoding="base64">%s</Pass>' % _p, _p)
_p = human_pw()
add(CF, "jenkins-credentials-xml", "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <id>nexus</id>\n  <username>jenkins</username>\n  <password>%s</password>" % _p, _p)
_p = human_pw()
add(CF, "ansible-vault-pass-file", "echo '%s' > ~/.vault_pass.txt && ansible-playbook site.yml --vault-password-file ~/.vault_pass.txt" % _p, _p)
_p = human_pw()
add(CF, "ansible-inventory", "[db]\n10.0.3.21 ansible_user=admin ansible_become_pass=%s" % _p, _p)
_p = human_pw()
add(CF, "ansible-ssh-pass", "web01 ansible_host=10.0.2.5 ansible_ssh_pass='%s'" % _p, _p)
_t = b64std(30)
add(CF, "sasl-jaas", 'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="%s" password="%s";' % (rs(UP + DIG, 16), _t), _t)
_p = human_pw()
add(CF, "hadoop-core-site", "<property>\n  <name>fs.s3a.secret.key</name>\n  <value>%s</value>\n</property>" % _p, _p)
_t = J(b62(14), ".atl", "asv1.", b62(67))
add(CF, "terraformrc-credentials", 'credentials "app.terraform.io" {\n  token = "%s"\n}' % _t, _t)

# ---------------------------------------------------------------------------
# A secret beside its id, no label on the secret itself
# ---------------------------------------------------------------------------
IDS = "id-beside-secret"


def akia():
    return J("AK", "IA", rs(UP + "234567", 16))


def aws_sec():
    return rs(B62 + "+/", 40)


for i in range(6):
    kid, sec = akia(), aws_sec()
    t = pick((
        "new AWS.Credentials('%s', '%s');" % (kid, sec),
        "boto3.client('s3', '%s', '%s')" % (kid, sec),
        's3 = boto3.Session("%s", "%s").client("s3")' % (kid, sec),
        "credentials.NewStaticCredentials(\"%s\", \"%s\", \"\")" % (kid, sec),
        "new BasicAWSCredentials(\"%s\", \"%s\")" % (kid, sec),
        "Aws::Credentials.new('%s', '%s')" % (kid, sec),
        "used key %s / %s for the backfill, revoke after" % (kid, sec),
        "%s:%s" % (kid, sec),
        "s3cmd --access_key=%s --secret_key=%s ls s3://acme-logs" % (kid, sec),
    ))
    add(IDS, "aws-keypair-positional", t, sec, kid)
for i in range(5):
    sid, tok = J("A", "C", hx(32)), hx(32)
    t = pick((
        "client = Client('%s', '%s')" % (sid, tok),
        "const client = twilio(\"%s\", \"%s\");" % (sid, tok),
        "twilio account %s auth token %s" % (sid, tok),
        "curl -u %s:%s https://api.twilio.com/2010-04-01/Accounts.json" % (sid, tok),
        "TwilioClient.Init(\"%s\", \"%s\");" % (sid, tok),
        "Account SID %s, token %s — from the console, staging sub-account." % (sid, tok),
    ))
    add(IDS, "twilio-sid-token", t, tok, sid)
for i in range(2):
    sk, sec = J("S", "K", hx(32)), b62(32)
    add(IDS, "twilio-apikey-secret", "Client('%s', '%s', account_sid='AC%s')" % (sk, sec, hx(32)), sec, sk)

ID_PAIRS = [
    ("gcp-hmac", lambda: J("GOOG1E", rs(UP + DIG, 54)), lambda: b64std(30), "storage.Client.from_hmac('%s', '%s')"),
    ("azure-sp", lambda: "%s-%s-%s-%s-%s" % (hx(8), hx(4), hx(4), hx(4), hx(12)), lambda: J(b62(3), "8Q~", b64u(34)),
     "az login --service-principal -u %s -p %s --tenant acme.onmicrosoft.com"),
    ("azure-client-credential", lambda: "%s-%s-%s-%s-%s" % (hx(8), hx(4), hx(4), hx(4), hx(12)), lambda: J(b62(3), "7Q~", b64u(34)),
     "new ClientSecretCredential(tenantId, \"%s\", \"%s\")"),
    ("alibaba-ak", lambda: J("LTAI", b62(20)), lambda: b62(30), "client = AcsClient('%s', '%s', 'cn-hangzhou')"),
    ("tencent-ak", lambda: J("AKID", b62(32)), lambda: b62(32), "cred = credential.Credential(\"%s\", \"%s\")"),
    ("oss-minio", lambda: rs(UP + DIG, 20), lambda: b62(40), "Minio('minio.acme.internal:9000', '%s', '%s', secure=False)"),
    ("minio-mc-alias", lambda: "minioadmin" + rs(DIG, 2), lambda: human_pw(), "mc alias set local http://127.0.0.1:9000 %s %s"),
    ("backblaze-b2-authorize", lambda: J("005", hx(22)), lambda: J("K005", b62(27)), "b2 account authorize %s %s"),
    ("digitalocean-spaces", lambda: J("DO", rs(UP + DIG, 18)), lambda: b64std(32).rstrip("="), "new S3Client({credentials:{accessKeyId:'%s',secretAccessKey:'%s'}})"),
    ("pusher-app", lambda: hx(20), lambda: hx(20), "Pusher(app_id='1723456', key='%s', secret='%s', cluster='eu')"),
    ("algolia-app", lambda: rs(UP + DIG, 10), lambda: hx(32), "algoliasearch('%s', '%s')"),
    ("cloudinary-positional", lambda: rs(DIG, 15), lambda: b64u(27), "cloudinary.config(cloud_name='acme', api_key='%s', api_secret='%s')"),
    ("oauth-client-pair", lambda: rs(DIG, 12) + "-" + rs(LOW + DIG, 32) + ".apps.googleusercontent.com", lambda: J("GOC", "SPX-", b64u(28)),
     "flow = OAuth2Session('%s', '%s')"),
    ("github-app-oauth", lambda: J("Iv1.", hx(16)), lambda: hx(40), "client id %s secret %s (GitHub App 'acme-ci')"),
    ("keycloak-client", lambda: "backend-" + pick(("api", "worker")), lambda: b62(32), "KeycloakOpenID(server_url=url, client_id='%s', realm_name='acme', client_secret_key='%s')"),
    ("auth0-client", lambda: b62(32), lambda: b64u(64), "new AuthenticationClient({ domain, clientId: '%s', clientSecret: '%s' })"),
    ("vonage-pair", lambda: hx(8), lambda: b62(16), "Vonage(Auth(api_key='%s', api_secret='%s'))"),
    ("razorpay-pair", lambda: J("rzp_", "live_", b62(14)), lambda: b62(24), "razorpay.Client(auth=(\"%s\", \"%s\"))"),
    ("basic-auth-tuple", lambda: pick(NAMES), lambda: human_pw(), "requests.get(url, auth=('%s', '%s'))"),
    ("http-basic-httpx", lambda: "svc-" + pick(WORDS), lambda: rand_pw(), "httpx.BasicAuth(\"%s\", \"%s\")"),
    ("sftp-connect", lambda: pick(NAMES), lambda: human_pw(), "sftp.connect(host='files.partner.com', username='%s', password='%s')"),
    ("imap-login", lambda: pick(NAMES) + "@acme.io", lambda: human_pw(), "imap.login('%s', '%s')"),
    ("smtp-login", lambda: "apikey", lambda: J("S", "G.", b64u(22), ".", b64u(43)), "server.login(\"%s\", \"%s\")"),
    ("ldap-bind", lambda: "cn=svc_ldap,ou=svc,dc=corp,dc=example", lambda: human_pw(), "conn.simple_bind_s('%s', '%s')"),
    ("paramiko-connect", lambda: "ubuntu", lambda: human_pw(), "ssh.connect('10.1.2.3', username='%s', password='%s')"),
    ("pymysql-positional", lambda: "reporter", lambda: human_pw(), "pymysql.connect('db.internal', '%s', '%s', 'reports')"),
    ("jdbc-getconnection", lambda: "etl", lambda: human_pw(), "DriverManager.getConnection(url, \"%s\", \"%s\");"),
    ("mongo-client-positional", lambda: "admin", lambda: human_pw(), "mongoose.connect(uri, { user: '%s', pass: '%s' })"),
    ("kafka-sasl-pair", lambda: rs(UP + DIG, 16), lambda: b64std(48), "confluent api-key store %s %s --resource lkc-7x9q2"),
    ("confluent-pair-prose", lambda: rs(UP + DIG, 16), lambda: b64std(48), "Confluent cloud key %s with %s for the orders cluster"),
    ("mailjet-pair", lambda: hx(32), lambda: hx(32), "Client(auth=('%s', '%s'), version='v3.1')"),
    ("coinbase-pair", lambda: "organizations/%s/apiKeys/%s" % (hx(8), hx(8)), lambda: b64std(64), "RESTClient(api_key=\"%s\", api_secret=\"%s\")"),
    ("binance-pair", lambda: b62(64), lambda: b62(64), "Client('%s', '%s')"),
    ("hmac-signer", lambda: "kid-" + hx(6), lambda: b64std(32), "signer = HmacSigner(\"%s\", \"%s\")"),
    ("prose-user-pass", lambda: pick(NAMES), lambda: human_pw(), "jenkins: user %s / %s"),
    ("prose-login-with", lambda: "admin", lambda: human_pw(), "logged into grafana as %s with %s"),
]
for _fmt, _gid, _gsec, _tpl in ID_PAIRS:
    for _ in range(2):
        a, b = _gid(), _gsec()
        add(IDS, _fmt, _tpl % (a, b), b, a)

# ---------------------------------------------------------------------------
# CLI arguments of admin tools, every style
# ---------------------------------------------------------------------------
CLI = "cli-argument"
CLI_TPL = [
    ("mysql-p-attached", "mysql -u root -p%s -h %s shop < dump.sql", lambda: human_pw()),
    ("mysql-password-eq", "mysql --user=app --password=%s --host=%s", lambda: human_pw()),
    ("mysqldump", "mysqldump -uadmin -p'%s' --single-transaction billing > /tmp/billing.sql", lambda: human_pw()),
    ("mysqladmin", "mysqladmin -u root password '%s'", lambda: human_pw()),
    ("psql-pgpassword-env", "PGPASSWORD='%s' psql -h %s -U postgres -d app -c 'select 1'", lambda: human_pw()),
    ("pg-dump-env", "PGPASSWORD=%s pg_dump -h %s -U reader -Fc analytics > a.dump", lambda: rand_pw()),
    ("sqlcmd-P", "sqlcmd -S tcp:%s,1433 -U sa -P '%s' -Q \"SELECT @@VERSION\"", lambda: human_pw()),
    ("bcp-P", "bcp dbo.Orders out orders.dat -S sql01 -U loader -P %s -c", lambda: human_pw()),
    ("mongosh-p", "mongosh \"mongodb://%s:27017/admin\" -u root -p '%s'", lambda: human_pw()),
    ("mongodump-password", "mongodump --uri=mongodb://%s --username=backup --password=%s --authenticationDatabase=admin", lambda: rand_pw()),
    ("redis-cli-a", "redis-cli -h %s -p 6379 -a '%s' --no-auth-warning INFO", lambda: rand_pw()),
    ("redis-cli-auth-cmd", "redis-cli -h %s AUTH default %s", lambda: b62(32)),
    ("cqlsh-p", "cqlsh %s -u cassandra -p %s", lambda: human_pw()),
    ("influx-token", "influx query 'from(bucket:\"m\")' --host http://%s:8086 --token %s", lambda: b64u(86) + "=="),
    ("clickhouse-client", "clickhouse-client --host %s --user default --password %s", lambda: human_pw()),
    ("rabbitmqctl-add-user", "rabbitmqctl add_user %s %s", lambda: human_pw()),
    ("rabbitmqctl-change-password", "rabbitmqctl change_password %s '%s'", lambda: human_pw()),
    ("docker-login-p", "docker login %s -u ci-bot -p %s", lambda: b62(36)),
    ("docker-login-password-eq", "docker login --username deploy --password=%s %s", lambda: human_pw()),
    ("helm-repo-add", "helm repo add acme https://charts.acme.io --username ci --password %s # host %s", lambda: human_pw()),
    ("skopeo-creds", "skopeo copy --dest-creds robot:%s docker://a/b:1 docker://%s/b:1", lambda: b62(32)),
    ("curl-u", "curl -u admin:%s https://%s/api/health", lambda: human_pw()),
    ("curl-user-long", "curl --user 'svc_report:%s' https://%s:9200/_cat/indices", lambda: human_pw()),
    ("wget-password", "wget --user=release --password='%s' https://%s/artifacts/app.tar.gz", lambda: human_pw()),
    ("sshpass-p", "sshpass -p '%s' ssh -o StrictHostKeyChecking=no ubuntu@%s", lambda: human_pw()),
    ("net-use", "net use Z: \\\\fs01\\share /user:CORP\\svc_backup %s # %s", lambda: human_pw()),
    ("runas-savecred-alt", "cmdkey /add:%s /user:CORP\\admin /pass:%s", lambda: human_pw()),
    ("psexec-p", "psexec \\\\%s -u CORP\\admin -p %s cmd.exe", lambda: human_pw()),
    ("schtasks-rp", "schtasks /create /tn Nightly /tr backup.cmd /sc daily /ru CORP\\svc /rp %s # %s", lambda: human_pw()),
    ("sc-config-password", "sc.exe config AcmeAgent obj= CORP\\svc_agent password= %s # %s", lambda: human_pw()),
    ("msdeploy-password", "msdeploy.exe -verb:sync -dest:auto,computerName=%s,userName=deploy,password=%s", lambda: human_pw()),
    ("msbuild-p-password", "msbuild Deploy.proj /p:Password=%s /p:Server=%s", lambda: human_pw()),
    ("dotnet-nuget-push", "dotnet nuget push bin/Release/*.nupkg --api-key %s --source https://%s/v3/index.json", lambda: J("oy", "2", rs(LOW + DIG, 43))),
    ("nuget-add-source", "dotnet nuget add source https://%s/nuget -n acme -u build -p %s --store-password-in-clear-text", lambda: human_pw()),
    ("ps-convertto-securestring", "$pw = ConvertTo-SecureString '%s' -AsPlainText -Force # for %s", lambda: human_pw()),
    ("ps-new-localuser", "New-LocalUser -Name svc_%s -Password (ConvertTo-SecureString \"%s\" -AsPlainText -Force)", lambda: human_pw()),
    ("ps-pscredential", "$cred = New-Object System.Management.Automation.PSCredential('CORP\\admin', (ConvertTo-SecureString '%s' -AsPlainText -Force)) # %s", lambda: human_pw()),
    ("ps-password-param", "Connect-VIServer -Server %s -User administrator@vsphere.local -Password '%s'", lambda: human_pw()),
    ("ps-invoke-sqlcmd", "Invoke-Sqlcmd -ServerInstance %s -Username sa -Password \"%s\" -Query 'select 1'", lambda: human_pw()),
    ("ps-set-azkeyvault", "Set-AzKeyVaultSecret -VaultName kv-prod -Name DbPass -SecretValue (ConvertTo-SecureString '%s' -AsPlainText -Force) # %s", lambda: rand_pw()),
    ("ps-exchange-credential", "$s = New-PSSession -ConfigurationName Microsoft.Exchange -ConnectionUri http://%s/ -Credential (Get-Credential) ; $pass='%s'", lambda: human_pw()),
    ("openssl-pass-pass", "openssl pkcs12 -export -in c.pem -inkey k.pem -out c.p12 -passout pass:%s # %s", lambda: human_pw()),
    ("openssl-enc-k", "openssl enc -aes-256-cbc -salt -in db.sql -out db.sql.enc -k %s # %s", lambda: rand_pw()),
    ("keytool-storepass", "keytool -importkeystore -srckeystore a.p12 -srcstoretype PKCS12 -srcstorepass %s -destkeystore b.jks # %s", lambda: human_pw()),
    ("keytool-keypass", "keytool -genkeypair -alias app -keystore app.jks -storepass changeit -keypass %s -dname CN=%s", lambda: human_pw()),
    ("jarsigner-storepass", "jarsigner -storepass %s -keystore release.jks app.apk upload # %s", lambda: human_pw()),
    ("zip-P", "zip -P %s -r export.zip reports/ # %s", lambda: human_pw()),
    ("7z-p", "7z a -p%s -mhe=on backup.7z /srv/data # %s", lambda: human_pw()),
    ("unrar-p", "unrar x -p%s archive.rar # from %s", lambda: human_pw()),
    ("gpg-passphrase", "gpg --batch --pinentry-mode loopback --passphrase '%s' -d secrets.gpg # %s", lambda: passphrase()),
    ("vault-login-token", "vault login -address=https://%s:8200 %s", lambda: J("hv", "s.", b64u(24))),
    ("vault-login-userpass", "vault login -method=userpass username=ops password=%s # %s", lambda: human_pw()),
    ("consul-token", "consul kv get -token=%s -http-addr=%s:8500 config/app", lambda: "%s-%s-%s-%s-%s" % (hx(8), hx(4), hx(4), hx(4), hx(12))),
    ("nomad-token", "NOMAD_TOKEN=%s nomad job run -address=http://%s:4646 api.nomad", lambda: "%s-%s-%s-%s-%s" % (hx(8), hx(4), hx(4), hx(4), hx(12))),
    ("argocd-login", "argocd login %s --username admin --password '%s' --grpc-web", lambda: human_pw()),
    ("kubectl-token-flag", "kubectl --server=https://%s:6443 --token=%s get pods -A", lambda: J("eyJhbGciOiJSUzI1NiIsImtpZCI6Ij", b64u(40), ".", b64u(200), ".", b64u(120))),
    ("kubectl-docker-registry", "kubectl create secret docker-registry regcred --docker-server=%s --docker-username=robot --docker-password=%s", lambda: b62(32)),
    ("oc-login-p", "oc login https://%s:6443 -u kubeadmin -p %s", lambda: "-".join(b62(5) for _ in range(4))),
    ("az-login-p", "az login -u ops@acme.onmicrosoft.com -p '%s' # %s", lambda: human_pw()),
    ("az-webapp-settings", "az webapp config appsettings set -g rg-%s -n api --settings DB_PASSWORD=%s", lambda: human_pw()),
    ("az-sql-admin-password", "az sql server create -n sql-acme -g rg -l westeurope -u sqladmin -p '%s' # %s", lambda: human_pw()),
    ("gcloud-sql-set-password", "gcloud sql users set-password app --instance=%s --password=%s", lambda: human_pw()),
    ("aws-rds-master-password", "aws rds create-db-instance --db-instance-identifier %s --master-username admin --master-user-password '%s'", lambda: human_pw()),
    ("aws-secretsmanager-string", "aws secretsmanager create-secret --name prod/%s --secret-string '{\"password\":\"%s\"}'", lambda: rand_pw()),
    ("aws-iam-login-profile", "aws iam create-login-profile --user-name %s --password '%s' --password-reset-required", lambda: human_pw()),
    ("gh-secret-set-body", "gh secret set DEPLOY_KEY -b'%s' -R acme/%s", lambda: b62(40)),
    ("glab-variable-set", "glab variable set DB_PASS --value %s --masked -R acme/%s", lambda: human_pw()),
    ("heroku-config-set", "heroku config:set DATABASE_PASSWORD=%s -a %s", lambda: human_pw()),
    ("wrangler-secret-put", "echo %s | npx wrangler secret put SIGNING_KEY --env %s", lambda: b64u(43)),
    ("firebase-functions-config", "firebase functions:config:set stripe.secret=%s --project %s", lambda: J("sk", "_live_", b62(24))),
    ("supabase-secrets-set", "supabase secrets set OPENAI_KEY=%s --project-ref %s", lambda: J("sk", "-proj-", b64u(60))),
    ("npm-config-set-token", "npm config set //registry.npmjs.org/:_authToken %s # %s", lambda: J("np", "m_", b62(36))),
    ("npm-login-legacy", "npm-cli-login -u ci -p %s -e ci@acme.io -r https://%s", lambda: human_pw()),
    ("twine-upload-p", "twine upload -u __token__ -p %s dist/* # %s", lambda: J("py", "pi-", "AgEIcHlwaS5vcmc", b64u(90))),
    ("poetry-config-token", "poetry config pypi-token.acme %s # %s", lambda: J("py", "pi-", "AgENdGVzdC5weXBp", b64u(90))),
    ("poetry-http-basic", "poetry config http-basic.private deploy %s # %s", lambda: human_pw()),
    ("gem-push-key", "GEM_HOST_API_KEY=%s gem push acme-%s.gem", lambda: J("ruby", "gems_", hx(48))),
    ("cargo-login", "cargo login %s # registry %s", lambda: J("cio", b62(32))),
    ("mvn-deploy-password", "mvn deploy -Drepo.password=%s -Drepo.url=https://%s/repository", lambda: human_pw()),
    ("gradle-P-password", "./gradlew publish -PsonatypePassword=%s -Phost=%s", lambda: human_pw()),
    ("terraform-var", "terraform apply -var 'db_password=%s' -var region=%s", lambda: human_pw()),
    ("ansible-extra-vars", "ansible-playbook deploy.yml -e 'admin_password=%s' -l %s", lambda: human_pw()),
    ("pulumi-config-secret", "pulumi config set --secret dbPassword %s --stack %s", lambda: human_pw()),
    ("ldapsearch-w", "ldapsearch -x -H ldap://%s -D cn=admin,dc=corp -w '%s' '(uid=*)'", lambda: human_pw()),
    ("smbclient-U", "smbclient //fs01/finance -U 'CORP\\auditor%%%s' # %s", lambda: human_pw()),
    ("rdesktop-p", "xfreerdp /v:%s /u:Administrator /p:'%s' /cert:ignore", lambda: human_pw()),
    ("ipmitool-P", "ipmitool -I lanplus -H %s -U ADMIN -P %s chassis power cycle", lambda: human_pw()),
    ("snmpwalk-authpass", "snmpwalk -v3 -l authPriv -u monitor -a SHA -A %s -x AES -X %s %s", None),
    ("ftp-url-lftp", "lftp -u uploader,%s sftp://%s", lambda: human_pw()),
    ("rsync-password-env", "RSYNC_PASSWORD='%s' rsync -av ./site/ backup@%s::web", lambda: human_pw()),
    ("git-clone-token", "git clone https://oauth2:%s@%s/acme/infra.git", lambda: J("gl", "pat-", b64u(20))),
    ("git-remote-set-url", "git remote set-url origin https://x-access-token:%s@%s/acme/app.git", lambda: J("gh", "s_", b62(36))),
    ("jfrog-cli-config", "jf c add acme --url=https://%s --user=ci --password='%s' --interactive=false", lambda: human_pw()),
    ("sentry-cli-auth", "sentry-cli --auth-token %s releases new 2.4.1 # %s", lambda: J("sn", "trys_", b64u(100))),
    ("newman-env-var", "newman run api.json --env-var apiKey=%s --env-var baseUrl=https://%s", lambda: J("PM", "AK-", hx(24), "-", hx(34))),
    ("wp-cli-user-create", "wp user create editor editor@acme.io --role=editor --user_pass='%s' # %s", lambda: human_pw()),
    ("htdigest-chpasswd", "echo 'deploy:%s' | chpasswd # on %s", lambda: human_pw()),
    ("useradd-p-openssl", "useradd -m -p \"$(openssl passwd -6 '%s')\" ops # on %s", lambda: human_pw()),
    ("mkpasswd-cmd", "mkpasswd -m sha-512 '%s' # for %s", lambda: human_pw()),
    ("keycloak-kcadm", "kcadm.sh config credentials --server http://%s:8080 --realm master --user admin --password %s", lambda: human_pw()),
    ("elasticsearch-reset", "curl -k -u elastic:%s https://%s:9200/_security/user/kibana_system/_password", lambda: b62(20)),
    ("couchbase-cli", "couchbase-cli cluster-init -c %s --cluster-username Administrator --cluster-password %s", lambda: human_pw()),
    ("neo4j-admin", "neo4j-admin dbms set-initial-password %s # %s", lambda: human_pw()),
    ("cockroach-sql-url", "cockroach sql --url 'postgresql://root:%s@%s:26257/defaultdb?sslmode=verify-full'", lambda: human_pw()),
    ("snowsql-env", "SNOWSQL_PWD='%s' snowsql -a acme-xy12345 -u LOADER -d RAW # %s", lambda: human_pw()),
    ("databricks-configure-token", "echo '%s' | databricks configure --token --host https://%s", lambda: J("da", "pi", hx(32))),
]
SLOT1 = set("""sqlcmd-P mongosh-p mongodump-password redis-cli-a redis-cli-auth-cmd cqlsh-p influx-token clickhouse-client
rabbitmqctl-add-user rabbitmqctl-change-password docker-login-p runas-savecred-alt psexec-p msdeploy-password nuget-add-source
ps-new-localuser ps-password-param ps-invoke-sqlcmd ps-exchange-credential vault-login-token argocd-login kubectl-token-flag
kubectl-docker-registry oc-login-p az-webapp-settings gcloud-sql-set-password aws-rds-master-password aws-secretsmanager-string
aws-iam-login-profile ldapsearch-w rdesktop-p ipmitool-P jfrog-cli-config keycloak-kcadm couchbase-cli""".split())
for _fmt, _tpl, _gen in CLI_TPL:
    for _ in range(1 + (R.random() < 0.15)):
        if _gen is None:
            a, b = human_pw(), human_pw()
            add(CLI, _fmt, _tpl % (a, b, host()), a)
            continue
        s = _gen()
        h = host()
        if _fmt in ("rabbitmqctl-add-user", "rabbitmqctl-change-password", "aws-iam-login-profile", "ps-new-localuser"):
            h = pick(NAMES)
        elif _fmt in ("aws-rds-master-password", "aws-secretsmanager-string", "gcloud-sql-set-password", "az-webapp-settings",
                      "glab-variable-set", "gh-secret-set-body", "heroku-config-set", "wrangler-secret-put",
                      "firebase-functions-config", "supabase-secrets-set", "pulumi-config-secret", "gem-push-key"):
            h = pick(("billing", "orders-api", "staging", "prod-eu", "search"))
        n = _tpl.count("%s")
        if n == 1:
            txt = _tpl % s
        elif _fmt in SLOT1:
            txt = _tpl % (h, s)
        else:
            txt = _tpl % (s, h)
        add(CLI, _fmt, txt, s)

# ---------------------------------------------------------------------------
# Connection strings and URLs with userinfo
# ---------------------------------------------------------------------------
CONN = "connection-string"
SCHEMES = [
    ("postgres-url", "postgresql://{u}:{p}@{h}:5432/app?sslmode=require"),
    ("postgres-short", "postgres://{u}:{p}@{h}/orders"),
    ("postgres-asyncpg", "postgresql+asyncpg://{u}:{p}@{h}:5432/app"),
    ("mysql-url", "mysql://{u}:{p}@{h}:3306/shop"),
    ("mysql-pymysql", "mysql+pymysql://{u}:{p}@{h}/crm?charset=utf8mb4"),
    ("mariadb-url", "mariadb://{u}:{p}@{h}:3306/wiki"),
    ("mongodb-srv", "mongodb+srv://{u}:{p}@cluster0.ab12c.mongodb.net/prod?retryWrites=true&w=majority"),
    ("mongodb-replica", "mongodb://{u}:{p}@{h}:27017,mongo-2:27017/admin?replicaSet=rs0"),
    ("redis-url", "redis://default:{p}@{h}:6379/0"),
    ("rediss-url", "rediss://:{p}@{h}:6380"),
    ("amqp-url", "amqp://{u}:{p}@{h}:5672/%2Fprod"),
    ("amqps-url", "amqps://{u}:{p}@b-1234.mq.eu-west-1.amazonaws.com:5671"),
    ("kafka-sasl-url", "kafka+sasl://{u}:{p}@{h}:9093"),
    ("nats-url", "nats://{u}:{p}@{h}:4222"),
    ("mqtt-url", "mqtts://{u}:{p}@{h}:8883"),
    ("ftp-url", "ftp://{u}:{p}@{h}/incoming/"),
    ("sftp-url", "sftp://{u}:{p}@{h}:22/uploads"),
    ("smtp-url", "smtp://{u}:{p}@smtp.mailgun.org:587"),
    ("smtps-url", "smtps://{u}%40acme.io:{p}@smtp.gmail.com:465"),
    ("imap-url", "imaps://{u}:{p}@imap.fastmail.com:993"),
    ("ldap-url", "ldaps://cn={u},dc=corp:{p}@{h}:636"),
    ("http-basic-url", "https://{u}:{p}@{h}/api/v1/status"),
    ("git-https-url", "https://{u}:{p}@git.acme.io/platform/infra.git"),
    ("svn-url", "svn+https://{u}:{p}@svn.acme.io/repos/legacy"),
    ("elasticsearch-url", "https://elastic:{p}@{h}:9200"),
    ("clickhouse-url", "clickhouse://{u}:{p}@{h}:9000/events"),
    ("cockroach-url", "cockroachdb://{u}:{p}@{h}:26257/bank?sslmode=verify-full"),
    ("mssql-url", "mssql+pyodbc://{u}:{p}@{h}/ERP?driver=ODBC+Driver+18+for+SQL+Server"),
    ("oracle-url", "oracle+oracledb://{u}:{p}@{h}:1521/?service_name=ORCLPDB1"),
    ("jdbc-postgres-params", "jdbc:postgresql://{h}:5432/app?user={u}&password={p}"),
    ("jdbc-mysql-params", "jdbc:mysql://{h}:3306/shop?user={u}&password={p}&useSSL=true"),
    ("jdbc-sqlserver", "jdbc:sqlserver://{h}:1433;databaseName=erp;user={u};password={p};encrypt=true"),
    ("jdbc-oracle-thin", "jdbc:oracle:thin:{u}/{p}@{h}:1521:ORCL"),
    ("ado-net-sqlserver", "Server={h};Database=Payroll;User Id={u};Password={p};TrustServerCertificate=True"),
    ("ado-net-pwd", "Data Source={h};Initial Catalog=hr;UID={u};PWD={p};"),
    ("npgsql-conn", "Host={h};Port=5432;Database=app;Username={u};Password={p};SSL Mode=Require"),
    ("odbc-conn", "DRIVER={{PostgreSQL Unicode}};SERVER={h};UID={u};PWD={{{p}}};DATABASE=dw"),
    ("azure-storage-conn", "DefaultEndpointsProtocol=https;AccountName={u}store;AccountKey={p};EndpointSuffix=core.windows.net"),
    ("azure-servicebus-conn", "Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={p}"),
    ("azure-eventhub-conn", "Endpoint=sb://acme-eh.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey={p};EntityPath=clicks"),
    ("azure-signalr-conn", "Endpoint=https://acme.service.signalr.net;AccessKey={p};Version=1.0;"),
    ("azure-appinsights-conn", "InstrumentationKey={u};IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/;ApiKey={p}"),
    ("cloudinary-url", "cloudinary://{u}:{p}@acme-media"),
    ("sentry-dsn-secret", "https://{u}:{p}@o123456.ingest.sentry.io/4505"),
    ("neo4j-url", "neo4j+s://{u}:{p}@{h}:7687"),
    ("couchdb-url", "http://{u}:{p}@{h}:5984/_utils"),
    ("influxdb-url", "influxdb://{u}:{p}@{h}:8086/metrics"),
    ("rtsp-camera-url", "rtsp://{u}:{p}@{h}:554/Streaming/Channels/101"),
    ("proxy-url", "http://{u}:{p}@proxy.corp.example:3128"),
    ("socks5-url", "socks5h://{u}:{p}@{h}:1080"),
    ("webdav-url", "davs://{u}:{p}@nextcloud.acme.io/remote.php/dav/files/{u}"),
    ("s3-userinfo-url", "s3://{u}:{p}@minio.acme.internal:9000/bucket"),
    ("snowflake-url", "snowflake://{u}:{p}@acme-xy12345/ANALYTICS/PUBLIC?warehouse=LOAD_WH"),
    ("trino-url", "trino://{u}:{p}@{h}:443/hive"),
    ("databricks-sqlalchemy", "databricks://token:{p}@adb-123456789.4.azuredatabricks.net?http_path=/sql/1.0/warehouses/ab12"),
]


def conn_pw(fmt):
    if fmt.startswith("azure-") and "appinsights" not in fmt:
        return b64std(R.choice((32, 64)))
    if fmt == "azure-appinsights-conn":
        return b62(40)
    if fmt == "cloudinary-url":
        return b64u(27)
    if fmt == "sentry-dsn-secret":
        return hx(32)
    if fmt == "databricks-sqlalchemy":
        return J("da", "pi", hx(32))
    return pick((human_pw(), rand_pw(), b62(24)))


for _fmt, _tpl in SCHEMES:
    for k in range(1 + (R.random() < 0.2)):
        u = pick(("app", "svc_orders", "reporting", "etl_loader", "admin", "kafka-client", "web")) if _fmt != "azure-appinsights-conn" else "%s-%s-%s-%s-%s" % (hx(8), hx(4), hx(4), hx(4), hx(12))
        if _fmt == "cloudinary-url":
            u = rs(DIG, 15)
        if _fmt == "sentry-dsn-secret":
            u = hx(32)
        p = conn_pw(_fmt)
        enc = p
        if "://" in _tpl and _tpl.index("{p}") < _tpl.find("@") and not _fmt.startswith(("jdbc", "ado", "npgsql", "odbc")):
            enc = urllib.parse.quote(p, safe="")
        if _fmt == "odbc-conn" and "}" in enc:
            enc = enc.replace("}", "")
        u2 = u
        url = _tpl.format(u=u2, p=enc, h=host())
        wrap = pick((
            "DATABASE_URL=%s", "export DATABASE_URL='%s'", '"url": "%s"', "url: %s", "%s",
            "psql \"%s\" -c '\\dt'", "SQLALCHEMY_DATABASE_URI = \"%s\"", "connection string was %s",
            "--db-url=%s", "spring.datasource.url=%s", "  uri: \"%s\"", "<add name=\"Main\" connectionString=\"%s\" />",
        ))
        if _fmt.startswith(("ado", "npgsql", "odbc", "azure")) and wrap == "psql \"%s\" -c '\\dt'":
            wrap = '"%s"'
        add(CONN, _fmt, wrap % url, enc, u2 if u2 in url and len(u2) < 20 else "")

# ---------------------------------------------------------------------------
# Config lines and blocks in every syntax
# ---------------------------------------------------------------------------
CFG = "config-line"
KEYS = ("password", "db_password", "secret", "api_key", "apiKey", "client_secret", "clientSecret", "auth_token",
        "access_token", "private_key", "signing_secret", "webhook_secret", "encryption_key", "master_key",
        "smtp_pass", "jwt_secret", "session_secret", "cookie_secret", "hmac_key", "passwd", "pwd", "secretKey",
        "admin_password", "root_password", "bind_password", "license_key", "sas_token", "refresh_token")


def cfg_secret():
    return pick((human_pw(), rand_pw(), b62(32), hx(40), b64std(32), b64u(43), passphrase(4)))


CFG_FORMATS = [
    ("json-kv", lambda k, v: '{"%s": "%s"}' % (k, v)),
    ("json-nested", lambda k, v: '{\n  "database": {\n    "host": "db",\n    "%s": "%s"\n  }\n}' % (k, v)),
    ("json-escaped-in-string", lambda k, v: '"{\\"user\\":\\"svc\\",\\"%s\\":\\"%s\\"}"' % (k, v)),
    ("yaml-plain", lambda k, v: "%s: %s" % (k, v) if " " not in v else "%s: '%s'" % (k, v)),
    ("yaml-double-quoted", lambda k, v: 'smtp:\n  host: smtp.acme.io\n  %s: "%s"' % (k, v)),
    ("yaml-block-scalar", lambda k, v: "%s: |\n  %s\n" % (k, v)),
    ("yaml-list-env", lambda k, v: "env:\n  - name: %s\n    value: '%s'" % (k.upper(), v)),
    ("toml-kv", lambda k, v: '[service]\n%s = "%s"' % (k, v)),
    ("toml-literal", lambda k, v: "%s = '%s'" % (k, v)),
    ("ini-section", lambda k, v: "[database]\nhost = db.internal\n%s = %s" % (k, v)),
    ("ini-colon", lambda k, v: "%s: %s" % (k, v) if False else "[auth]\n%s : %s" % (k, v)),
    ("xml-element", lambda k, v: "<%s>%s</%s>" % (k, v, k)),
    ("xml-attribute", lambda k, v: '<add key="%s" value="%s" />' % (k, v)),
    ("xml-cdata", lambda k, v: "<%s><![CDATA[%s]]></%s>" % (k, v, k)),
    ("hcl-attr", lambda k, v: 'resource "random" "x" {\n  %s = "%s"\n}' % (k, v)),
    ("tfvars", lambda k, v: '%s = "%s"' % (k, v)),
    ("dotenv", lambda k, v: "%s=%s" % (k.upper(), v) if " " not in v else '%s="%s"' % (k.upper(), v)),
    ("dotenv-quoted", lambda k, v: "%s='%s'" % (k.upper(), v)),
    ("java-properties", lambda k, v: "app.%s=%s" % (k, v.replace(" ", "\\ "))),
    ("java-properties-colon", lambda k, v: "mail.smtp.%s: %s" % (k, v)),
    ("shell-export", lambda k, v: "export %s=\"%s\"" % (k.upper(), v)),
    ("fish-set", lambda k, v: "set -gx %s '%s'" % (k.upper(), v)),
    ("dockerfile-env", lambda k, v: "ENV %s=\"%s\"" % (k.upper(), v)),
    ("dockerfile-arg", lambda k, v: "ARG %s=%s" % (k.upper(), v.replace(" ", "_"))),
    ("compose-environment", lambda k, v: "services:\n  api:\n    environment:\n      %s: \"%s\"" % (k.upper(), v)),
    ("compose-env-list", lambda k, v: "    environment:\n      - %s=%s" % (k.upper(), v.replace(" ", "_"))),
    ("helm-values", lambda k, v: "auth:\n  existingSecret: \"\"\n  %s: %s" % (k, q(v))),
    ("helm-set", lambda k, v: "helm upgrade --install api ./chart --set auth.%s=%s" % (k, v.replace(" ", "_"))),
    ("github-actions-env", lambda k, v: "    env:\n      %s: %s" % (k.upper(), v.replace(" ", "_"))),
    ("gitlab-ci-variables", lambda k, v: "variables:\n  %s: \"%s\"" % (k.upper(), v)),
    ("nginx-directive", lambda k, v: "proxy_set_header X-Upstream-Secret \"%s\";  # %s" % (v, k)),
    ("systemd-environment", lambda k, v: "[Service]\nEnvironment=\"%s=%s\"" % (k.upper(), v)),
    ("php-array", lambda k, v: "'%s' => '%s'," % (k, v)),
    ("ruby-yaml-erb", lambda k, v: "production:\n  %s: <%%= ENV.fetch('X', '%s') %%>" % (k, v)),
    ("lua-table", lambda k, v: '%s = "%s",' % (k, v)),
    ("nix-attr", lambda k, v: '%s = "%s";' % (k, v)),
    ("jsonc-comment", lambda k, v: '// settings.json\n{ "%s": "%s", // temp\n}' % (k, v)),
    ("plist", lambda k, v: "<key>%s</key>\n<string>%s</string>" % (k, v)),
    ("csv-row", lambda k, v: "name,%s,env\nbilling,%s,prod" % (k, v)),
    ("sql-insert", lambda k, v: "INSERT INTO settings (name, value) VALUES ('%s', '%s');" % (k, v)),
    ("sql-create-user", lambda k, v: "CREATE USER app WITH PASSWORD '%s'; -- %s" % (v, k)),
    ("sql-alter-role", lambda k, v: "ALTER ROLE reporting WITH LOGIN PASSWORD '%s';" % v),
    ("mysql-identified-by", lambda k, v: "CREATE USER 'etl'@'%%' IDENTIFIED BY '%s';" % v),
    ("graphql-variables", lambda k, v: '{"query": "mutation Login($p: String!){login(p:$p)}", "variables": {"p": "%s"}}' % v),
    ("querystring", lambda k, v: "GET /callback?code=ok&%s=%s&state=xyz" % (k, urllib.parse.quote(v, safe=""))),
    ("form-urlencoded", lambda k, v: "grant_type=client_credentials&client_id=svc-app&%s=%s" % (k, urllib.parse.quote_plus(v))),
    ("edn-map", lambda k, v: '{:db/user "app" :db/%s "%s"}' % (k, v)),
    ("k8s-stringdata", lambda k, v: "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\nstringData:\n  %s: %s" % (k, q(v))),
]

for _fmt, _f in CFG_FORMATS:
    for _ in range(1 + (R.random() < 0.2)):
        k, v = pick(KEYS), cfg_secret()
        if _fmt in ("sql-create-user", "sql-alter-role", "mysql-identified-by"):
            v = human_pw()
        if _fmt in ("helm-set", "compose-env-list", "dockerfile-arg", "github-actions-env"):
            v = v.replace(" ", "_")
        txt = _f(k, v)
        sec = v
        if _fmt == "querystring":
            sec = urllib.parse.quote(v, safe="")
        elif _fmt == "form-urlencoded":
            sec = urllib.parse.quote_plus(v)
        elif _fmt == "java-properties":
            sec = v.replace(" ", "\\ ")
        add(CFG, _fmt, txt, sec, k)

# Kubernetes Secret manifests with base64 data
for i in range(5):
    v = pick((human_pw(), b62(32), rand_pw()))
    enc = base64.b64encode(v.encode()).decode()
    k = pick(("password", "DB_PASSWORD", "api-key", "token", "redis-password"))
    txt = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\ntype: Opaque\ndata:\n  %s: %s\n  username: %s" % (
        pick(("db-creds", "api-keys", "redis")), k, enc, base64.b64encode(b"app").decode())
    add(CFG, "k8s-secret-data-b64", txt, enc, k)
for i in range(2):
    v = J("sk", "_live_", b62(40))
    enc = base64.b64encode(v.encode()).decode()
    add(CFG, "k8s-secret-kubectl-get", 'kubectl get secret stripe -o yaml\n...\ndata:\n  STRIPE_KEY: %s' % enc, enc)
    add(CFG, "k8s-secret-decoded", "kubectl get secret stripe -o jsonpath='{.data.STRIPE_KEY}' | base64 -d\n%s" % v, v)
# sealed/encrypted are not secrets -> handled in BENIGN
# Helm values with nested creds
for i in range(3):
    p = human_pw()
    add(CFG, "helm-values-postgresql", "postgresql:\n  auth:\n    username: app\n    password: %s\n    postgresPassword: %s" % (q(p), q(human_pw())), p)
for i in range(2):
    t = b64std(48)
    add(CFG, "docker-compose-secret-inline", "x-secrets: &s\n  JWT_SIGNING_KEY: %s" % t, t)
for i in range(2):
    p = human_pw()
    add(CFG, "terraform-provider-block", 'provider "postgresql" {\n  host     = "db"\n  username = "tf"\n  password = "%s"\n}' % p, p)
for i in range(2):
    p = b62(40)
    add(CFG, "terraform-state-snippet", '"attributes": {\n  "id": "acme-db",\n  "master_password": "%s",\n  "engine": "postgres"' % p, p)

# ---------------------------------------------------------------------------
# Code in many languages
# ---------------------------------------------------------------------------
CODE = "code"


def code_secret():
    return pick((human_pw(), b62(32), hx(40), J("sk", "_live_", b62(32)), b64std(32), rand_pw(), b64u(43)))


CODE_TPL = [
    ("python-assign", 'API_KEY = "{v}"'),
    ("python-kwarg", 'client = PaymentsClient(base_url=BASE, secret="{v}", timeout=10)'),
    ("python-dict", "HEADERS = {{'Authorization': 'Token {v}', 'Accept': 'application/json'}}"),
    ("python-getenv-default", 'token = os.getenv("SERVICE_TOKEN", "{v}")'),
    ("python-fstring-url", 'url = f"https://api.acme.io/v1/export?key={v}&since={{since}}"'),
    ("python-settings-class", "class Settings(BaseSettings):\n    db_password: str = '{v}'"),
    ("python-test-fixture", "@pytest.fixture\ndef creds():\n    return {{'user': 'qa', 'password': '{v}'}}"),
    ("typescript-const", 'const STRIPE_SECRET: string = "{v}";'),
    ("typescript-config-object", "export default {{\n  jwtSecret: '{v}',\n  port: 8080,\n}};"),
    ("javascript-axios-header", "axios.defaults.headers.common['X-Api-Key'] = '{v}';"),
    ("javascript-template-literal", "const auth = `Bearer {v}`;"),
    ("javascript-env-fallback", "const key = process.env.MAPS_KEY || '{v}';"),
    ("nextjs-config", "module.exports = {{ env: {{ CMS_TOKEN: '{v}' }} }};"),
    ("go-const", 'const apiSecret = "{v}"'),
    ("go-struct-literal", 'cfg := Config{{User: "svc", Password: "{v}", Host: "db"}}'),
    ("go-raw-string", "var signingKey = []byte(`{v}`)"),
    ("go-setbasicauth", 'req.SetBasicAuth("admin", "{v}")'),
    ("java-string-field", 'private static final String API_TOKEN = "{v}";'),
    ("java-annotation-value", '@Value("${{payments.secret:{v}}}")\nprivate String secret;'),
    ("java-properties-put", 'props.put("sasl.password", "{v}");'),
    ("kotlin-val", 'val clientSecret = "{v}"'),
    ("kotlin-buildconfig", 'buildConfigField("String", "API_KEY", "\\"{v}\\"")'),
    ("csharp-const", 'private const string ApiKey = "{v}";'),
    ("csharp-verbatim", 'var cs = @"Server=db;User Id=sa;Password={v};";'),
    ("csharp-networkcredential", 'new NetworkCredential("svc_mail", "{v}")'),
    ("ruby-assign", "Stripe.api_key = '{v}'"),
    ("ruby-hash-symbol", "config.credentials = {{ user: 'ops', password: '{v}' }}"),
    ("rails-credentials-yml", "aws:\n  secret_access_key: {v}"),
    ("php-define", "define('MAIL_PASSWORD', '{v}');"),
    ("php-array-config", "'password' => env('DB_PASSWORD', '{v}'),"),
    ("php-pdo", "$pdo = new PDO($dsn, 'shop', '{v}');"),
    ("rust-const", 'const WEBHOOK_SECRET: &str = "{v}";'),
    ("rust-builder", '.basic_auth("deploy", Some("{v}"))'),
    ("swift-let", 'let apiKey = "{v}"'),
    ("swift-plist-dict", 'Bundle.main.infoDictionary?["API_KEY"] as? String ?? "{v}"'),
    ("dart-const", "const String firebaseSecret = '{v}';"),
    ("scala-val", 'val password = "{v}"'),
    ("elixir-config", 'config :app, App.Repo, password: "{v}"'),
    ("haskell-binding", 'apiToken = "{v}" :: Text'),
    ("perl-my", "my $dbpass = '{v}';"),
    ("r-sys-setenv", 'Sys.setenv(OPENAI_API_KEY = "{v}")'),
    ("julia-const", 'const TOKEN = "{v}"'),
    ("lua-local", 'local secret = "{v}"'),
    ("bash-variable", 'DB_PASS="{v}"\nmysql -u app -p"$DB_PASS" shop'),
    ("powershell-variable", '$ApiKey = "{v}"\nInvoke-RestMethod -Uri $u -Headers @{{"x-api-key"=$ApiKey}}'),
    ("groovy-jenkinsfile", "environment {{\n  NEXUS_PASS = '{v}'\n}}"),
    ("sql-function-call", "SELECT pgp_sym_decrypt(payload, '{v}') FROM vault_rows;"),
    ("objective-c-nsstring", 'NSString *secret = @"{v}";'),
    ("cpp-define", '#define LICENSE_KEY "{v}"'),
    ("c-char-array", 'static const char *psk = "{v}";'),
    ("terraform-local", 'locals {{\n  admin_token = "{v}"\n}}'),
    ("zig-const", 'const api_key = "{v}";'),
    ("clojure-def", '(def api-secret "{v}")'),
    ("vb-net", 'Dim password As String = "{v}"'),
    ("jupyter-cell", '# In [3]:\nopenai.api_key = "{v}"'),
]
for _fmt, _tpl in CODE_TPL:
    for _ in range(1 + (R.random() < 0.1)):
        v = code_secret()
        if _fmt in ("csharp-verbatim",):
            v = v.replace(";", "")
        add(CODE, _fmt, _tpl.format(v=v), v)

# ---------------------------------------------------------------------------
# Prose notes and hand-offs (English and other languages)
# ---------------------------------------------------------------------------
PROSE = "prose"
PROSE_TPL = [
    ("en-staging-password", "The staging password is {v} — same as last sprint, nobody rotated it."),
    ("en-handoff-login", "Hand-off: log into the admin panel as ops with {v}, then clear the queue."),
    ("en-next-step-token", "Next step: re-run the import with the token {v} once the VPN is back."),
    ("en-decision-temp-key", "Decision: use the temporary key {v} for the demo; revoke Friday."),
    ("en-note-pw-colon", "note - pw: {v}"),
    ("en-slack-paste", "Pasted from Slack (#infra): \"root pw for the bastion is {v}, don't share\""),
    ("en-parenthetical", "Connected to the replica (user reporting, password {v}) and ran the audit query."),
    ("en-passphrase-note", "The GPG passphrase for the backup key is \"{v}\"."),
    ("en-wifi", "Office wifi: ACME-Guest / {v}"),
    ("en-bullet", "- admin creds: admin / {v}\n- url: https://grafana.acme.io"),
    ("en-secret-was", "Found the webhook signing secret in the old repo, it was {v}."),
    ("en-todo-rotate", "TODO rotate api key {v} after the migration"),
    ("en-emdash", "Jenkins API token — {v} — lives in the shared vault too."),
    ("en-markdown-code", "Set the key with `{v}` in the dashboard under Settings → API."),
    ("en-quote-single", "The customer gave us their sandbox secret '{v}' for reproducing the bug."),
    ("en-credentials-are", "Credentials are svc_backup:{v} on the NAS."),
    ("de-passwort", "Das Passwort für den Staging-Server lautet {v}."),
    ("de-zugang", "Zugangsdaten DB: Benutzer app, Kennwort {v}"),
    ("fr-mot-de-passe", "Le mot de passe de la base de recette est {v}."),
    ("fr-cle-api", "Clé API du prestataire : {v} (à renouveler en mars)."),
    ("es-contrasena", "La contraseña del servidor de pruebas es {v}"),
    ("es-token", "El token de acceso para el bot es {v}, no lo subas al repo."),
    ("pt-senha", "A senha do banco de homologação é {v}."),
    ("it-password", "La password dell'utente admin è {v}"),
    ("nl-wachtwoord", "Het wachtwoord van de testomgeving is {v}."),
    ("pl-haslo", "Hasło do panelu administracyjnego: {v}"),
    ("ru-parol", "Пароль от тестовой базы: {v}"),
    ("ru-token", "Токен доступа к API: {v}"),
    ("uk-parol", "Пароль адміністратора: {v}"),
    ("ja-pasuwado", "ステージング環境のパスワードは {v} です。"),
    ("ja-api-key", "APIキー：{v}"),
    ("zh-mima", "测试服务器的密码是 {v}"),
    ("zh-miyao", "密钥：{v}（请勿外传）"),
    ("ko-bimilbeonho", "스테이징 DB 비밀번호는 {v} 입니다."),
    ("tr-sifre", "Test sunucusunun şifresi {v}"),
    ("sv-losenord", "Lösenordet till databasen är {v}."),
    ("cs-heslo", "Heslo k testovacímu serveru je {v}."),
    ("vi-mat-khau", "Mật khẩu máy chủ thử nghiệm là {v}"),
    ("id-kata-sandi", "Kata sandi untuk server staging adalah {v}"),
    ("ar-kalimat-sir", "كلمة المرور لخادم الاختبار هي {v}"),
    ("hi-password", "स्टेजिंग सर्वर का पासवर्ड {v} है"),
    ("he-sisma", "הסיסמה לשרת הבדיקות היא {v}"),
]
for _fmt, _tpl in PROSE_TPL:
    for _ in range(2 if _fmt.startswith("en-") else 1):
        v = pick((human_pw(), human_pw(), rand_pw(), b62(28), passphrase(4) if "passphrase" in _fmt else human_pw()))
        if "passphrase" in _fmt:
            v = passphrase()
        if "token" in _fmt or "key" in _fmt or "secret" in _fmt or "cle" in _fmt or "miyao" in _fmt:
            v = pick((b62(32), hx(40), J("tok_", b62(30)), b64u(40)))
        add(PROSE, _fmt, _tpl.format(v=v), v)

# Weak, human-made passwords with an explicit label still count as secrets.
WEAK = ("hunter22", "letmein1!", "qwerty123", "Password1", "admin1234", "welcome2024", "iloveyou7", "dragon99!",
        "Passw0rd!", "monkey123", "abc12345!", "trustno1x", "sunshine22", "football7", "P@ssw0rd1")
WEAK_TPL = (("weak-pw-yaml", "password: %s"), ("weak-pw-prose", "the test admin password is %s, don't laugh"),
            ("weak-pw-cli", "mysql -u root -p%s"), ("weak-pw-env", "ADMIN_PASSWORD=%s"),
            ("weak-pw-json", '{"login": "admin", "pass": "%s"}'), ("weak-pw-ini", "[admin]\npasswd = %s"),
            ("weak-pw-compose", "      MYSQL_ROOT_PASSWORD: %s"), ("weak-pw-handoff", "Router login: admin / %s"))
for _i, _w in enumerate(WEAK):
    _fmt, _tpl = WEAK_TPL[_i % len(WEAK_TPL)]
    add(PROSE if "prose" in _fmt or "handoff" in _fmt else CFG if "cli" not in _fmt else CLI, _fmt, _tpl % _w, _w)

# ---------------------------------------------------------------------------
# HTTP requests, headers, cookies
# ---------------------------------------------------------------------------
HTTP = "http-header"
for i in range(4):
    t = J("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.", b64u(R.randrange(60, 160)), ".", b64u(43))
    add(HTTP, "authorization-bearer-jwt", pick((
        "curl https://api.acme.io/v2/orders -H 'Authorization: Bearer %s'" % t,
        "GET /v2/orders HTTP/1.1\nHost: api.acme.io\nAuthorization: Bearer %s\nAccept: */*" % t,
        "http https://api.acme.io/me \"Authorization:Bearer %s\"" % t)), t)
for i in range(3):
    t = b62(40)
    add(HTTP, "authorization-token-scheme", "Authorization: Token %s" % t, t)
for i in range(3):
    raw = "%s:%s" % (pick(NAMES), human_pw())
    b = base64.b64encode(raw.encode()).decode()
    add(HTTP, "authorization-basic", pick(("Authorization: Basic %s" % b, "curl -H \"Authorization: Basic %s\" https://nexus.corp.example/service/rest/v1/status" % b)), b)
for i in range(2):
    t = hx(64)
    add(HTTP, "authorization-custom-scheme", "Authorization: SSWS %s" % t, t)
    t = b64std(32)
    add(HTTP, "authorization-hmac", "Authorization: HMAC-SHA256 Credential=svc-app, Signature=%s" % t, t)
for i in range(3):
    sid = "s%3A" + b64u(32) + "." + urllib.parse.quote(b64std(32).rstrip("="), safe="")
    add(HTTP, "connect-sid-cookie", pick(("curl -b 'connect.sid=%s' https://app.acme.io/api/me" % sid,
                                        "curl --cookie \"connect.sid=%s\" http://localhost:3000/admin" % sid,
                                        "Cookie: connect.sid=%s; theme=dark" % sid)), sid)
COOKIE_NAMES = ("sessionid", "PHPSESSID", "JSESSIONID", "_session_id", "laravel_session", "__Secure-next-auth.session-token",
                "session", "auth_token", "remember_user_token", "XSRF-TOKEN-SECRET", "_gitlab_session", "ASP.NET_SessionId",
                "sid", "__Host-auth", "wordpress_logged_in_%s" % hx(32))
for cn in COOKIE_NAMES:
    v = pick((b62(32), hx(32), b64u(R.randrange(40, 120)), rs(LOW + DIG, 26)))
    fmt = "cookie-" + cn.split("_%s")[0].lower().replace(".", "-")[:30]
    txt = pick(("Cookie: %s=%s; lang=en" % (cn, v), "curl -b '%s=%s' https://app.acme.io/dashboard" % (cn, v),
                "Set-Cookie: %s=%s; Path=/; HttpOnly; Secure" % (cn, v), "document.cookie = \"%s=%s\"" % (cn, v),
                "requests.get(u, cookies={'%s': '%s'})" % (cn, v)))
    add(HTTP, fmt, txt, v, cn)
HEADERS = ("X-Api-Key", "X-API-KEY", "x-api-key", "Api-Key", "X-Auth-Token", "X-Access-Token", "X-Vault-Token",
           "X-Consul-Token", "PRIVATE-TOKEN", "X-Shopify-Access-Token", "X-Figma-Token", "X-Goog-Api-Key", "Ocp-Apim-Subscription-Key",
           "X-RapidAPI-Key", "X-Hub-Signature-Secret", "X-Internal-Secret", "X-Upstream-Auth", "X-Tenant-Key",
           "X-Cron-Secret", "X-Webhook-Token", "Circle-Token", "X-Algolia-API-Key", "DD-API-KEY", "X-Postmark-Server-Token",
           "apikey", "X-Partner-Secret", "X-Edge-Auth")
for hn in HEADERS:
    v = pick((b62(32), hx(32), hx(40), b64u(43), "%s-%s-%s-%s-%s" % (hx(8), hx(4), hx(4), hx(4), hx(12)) if hn == "Ocp-Apim-Subscription-Key" else b62(36)))
    if hn == "X-Vault-Token":
        v = J("hv", "s.", b64u(24))
    fmt = "header-" + hn.lower()
    txt = pick(("curl -sS -H '%s: %s' https://api.example.com/v1/items" % (hn, v),
                "%s: %s" % (hn, v),
                "fetch(u, {headers: {'%s': '%s'}})" % (hn, v),
                "requests.post(url, json=body, headers={\"%s\": \"%s\"})" % (hn, v),
                "> %s: %s\n> Accept: application/json" % (hn, v),
                "Invoke-WebRequest -Uri $u -Headers @{'%s'='%s'}" % (hn, v),
                "wget --header=\"%s: %s\" https://api.example.com/export.csv" % (hn, v)))
    add(HTTP, fmt, txt, v, hn)
for i in range(3):
    v = b62(32)
    add(HTTP, "url-query-api-key", pick(("GET https://maps.example.com/api/geocode?address=Berlin&api_key=%s" % v,
                                         "curl 'https://api.weather.example/v1/forecast?lat=1&lon=2&appid=%s'" % v,
                                         "https://hooks.acme.io/ingest?token=%s&source=ci" % v)), v)
for i in range(2):
    sig = urllib.parse.quote(b64std(32), safe="")
    add(HTTP, "azure-sas-url", "https://acmestore.blob.core.windows.net/backups/db.bak?sv=2022-11-02&ss=b&srt=o&sp=rl&se=2026-12-31T00:00:00Z&sig=%s" % sig, sig)
for i in range(2):
    sig = hx(64)
    add(HTTP, "s3-presigned-credential", "https://acme-exports.s3.amazonaws.com/r.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=%s%%2F20261204%%2Feu-west-1%%2Fs3%%2Faws4_request&X-Amz-Security-Token=%s&X-Amz-Signature=%s" % (J("AS", "IA", rs(UP + "234567", 16)), urllib.parse.quote("IQoJb3JpZ2luX2VjE" + b64std(120), safe=""), sig), sig)
for i in range(3):
    u = "https://hooks.slack.com/services/T%s/B%s/%s" % (rs(UP + DIG, 9), rs(UP + DIG, 10), b62(24))
    add(HTTP, "slack-webhook-url", pick(("curl -X POST -d '{\"text\":\"deploy ok\"}' %s" % u, "SLACK_WEBHOOK=%s" % u)), u.rsplit("/", 1)[1] if i else u)
for i in range(2):
    u = "https://discord.com/api/webhooks/%s/%s" % (rs(DIG, 18), b64u(68))
    add(HTTP, "discord-webhook-url", "webhook: %s" % u, u.rsplit("/", 1)[1])
    u = "https://outlook.office.com/webhook/%s@%s/IncomingWebhook/%s/%s" % (
        "%s-%s-%s-%s-%s" % (hx(8), hx(4), hx(4), hx(4), hx(12)), "%s-%s-%s-%s-%s" % (hx(8), hx(4), hx(4), hx(4), hx(12)), hx(32), "%s-%s-%s-%s-%s" % (hx(8), hx(4), hx(4), hx(4), hx(12)))
    add(HTTP, "teams-webhook-url", "TEAMS_HOOK=\"%s\"" % u, u.split("IncomingWebhook/")[1])
for i in range(2):
    v = b64u(43)
    add(HTTP, "grpc-metadata", "grpcurl -H 'authorization: Bearer %s' -d '{}' api.acme.io:443 acme.v1.Orders/List" % v, v)
    v = b62(48)
    add(HTTP, "websocket-token-query", "wscat -c 'wss://stream.acme.io/v1/feed?access_token=%s'" % v, v)

# ---------------------------------------------------------------------------
# Private keys, wallet seeds, VPN keys
# ---------------------------------------------------------------------------
PK = "private-key"


def wrap64(s, w=64):
    return "\n".join(s[i:i + w] for i in range(0, len(s), w))


def pem(label, nbytes):
    body = wrap64(b64std(nbytes))
    return "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, body, label), body


for label, fmt, nb in (("RSA PRIVATE KEY", "pem-rsa", 1190), ("PRIVATE KEY", "pem-pkcs8", 1216), ("EC PRIVATE KEY", "pem-ec", 121),
                       ("ENCRYPTED PRIVATE KEY", "pem-encrypted-pkcs8", 1300), ("DSA PRIVATE KEY", "pem-dsa", 440),
                       ("OPENSSH PRIVATE KEY", "openssh-private", 400)):
    for i in range(2):
        blk, body = pem(label, nb)
        if fmt == "openssh-private":
            body = wrap64("b3BlbnNzaC1rZXktdjEAAAAA" + b64std(nb), 70)
            blk = "-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % body
        txt = pick(("cat ~/.ssh/id_deploy\n%s", "%s", "key.pem:\n%s\n", "Wrote the following to /etc/ssl/private/api.key:\n%s")) % blk
        add(PK, fmt, txt, body)
for i in range(2):
    body = wrap64(b64std(1190))
    esc = ("-----BEGIN PRIVATE KEY-----\\n" + body.replace("\n", "\\n") + "\\n-----END PRIVATE KEY-----\\n")
    sec = body.replace("\n", "\\n")
    add(PK, "gcp-sa-json-private-key", '{\n  "type": "service_account",\n  "project_id": "acme-prod",\n  "private_key_id": "%s",\n  "private_key": "%s",\n  "client_email": "deployer@acme-prod.iam.gserviceaccount.com"\n}' % (hx(40), esc), sec)
for i in range(2):
    body = wrap64(b64std(1190))
    yaml_blk = "tls:\n  key: |\n    -----BEGIN RSA PRIVATE KEY-----\n    %s\n    -----END RSA PRIVATE KEY-----" % body.replace("\n", "\n    ")
    add(PK, "pem-in-yaml-indented", yaml_blk, body.split("\n")[3])
for i in range(2):
    lines = wrap64(b64std(R.choice((700, 1200))))
    n = lines.count("\n") + 1
    txt = ("PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: rsa-key-20261204\nPublic-Lines: 6\n%s\nPrivate-Lines: %d\n%s\nPrivate-MAC: %s"
           % (wrap64("AAAAB3NzaC1yc2EAAAADAQABAAABAQ" + b64std(250)), n, lines, hx(64)))
    add(PK, "putty-ppk", txt, lines)
for i in range(3):
    k = b64std(32)
    add(PK, "wireguard-private", pick(("[Interface]\nPrivateKey = %s\nAddress = 10.8.0.2/32\nDNS = 1.1.1.1" % k,
                                       "wg set wg0 private-key <(echo %s)" % k,
                                       "echo '%s' > /etc/wireguard/private.key" % k)), k)
BIP = ("abandon ability able about above absent absorb abstract absurd abuse access accident account accuse achieve acid "
       "acoustic acquire across act action actor actress actual adapt add addict address adjust admit adult advance advice "
       "aerobic affair afford afraid again age agent agree ahead aim air airport aisle alarm album alcohol alert alien all "
       "alley allow almost alone alpha already also alter always amateur amazing among amount amused analyst anchor ancient "
       "anger angle angry animal ankle announce annual another answer antenna antique anxiety any apart apology appear apple "
       "approve april arch arctic area arena argue arm armed armor army around arrange arrest arrive arrow art artefact "
       "zebra zero zone zoo wrist write wrong yard year yellow you young youth").split()
for i in range(4):
    n = pick((12, 24, 12, 18))
    m = " ".join(pick(BIP) for _ in range(n))
    add(PK, "bip39-mnemonic-%d" % n if n != 18 else "bip39-mnemonic", pick(("MNEMONIC=\"%s\"" % m, "seed phrase: %s" % m,
                                                    "const wallet = ethers.Wallet.fromPhrase('%s');" % m,
                                                    "recovery words for the test wallet: %s" % m)), m)
for i in range(3):
    k = "0x" + hx(64)
    add(PK, "eth-private-key", pick(("PRIVATE_KEY=%s" % k, "cast send --private-key %s 0xabc... 'f()'" % k,
                                     "const signer = new Wallet(\"%s\", provider);" % k, "forge script Deploy --private-key %s --broadcast" % k)), k)
for i in range(2):
    k = pick("KL") + rs("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 51)
    add(PK, "bitcoin-wif", "bitcoin-cli importprivkey %s \"cold\" false" % k, k)
for i in range(2):
    arr = "[" + ",".join(str(R.randrange(256)) for _ in range(64)) + "]"
    add(PK, "solana-keypair-json", "cat ~/.config/solana/id.json\n%s" % arr, arr)
for i in range(2):
    d = b64u(43)
    add(PK, "jwk-d", '{"kty":"EC","crv":"P-256","x":"%s","y":"%s","d":"%s","kid":"sig-2026"}' % (b64u(43), b64u(43), d), d)
    d = b64u(342)
    add(PK, "jwk-rsa-d", '{"kty":"RSA","n":"%s","e":"AQAB","d":"%s","p":"%s"}' % (b64u(342), d, b64u(171)), d)
for i in range(2):
    body = wrap64(b64std(900))
    add(PK, "pgp-private-block", "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n%s\n=%s\n-----END PGP PRIVATE KEY BLOCK-----" % (body, b64std(3)), body)
for i in range(2):
    k = "nsec1" + rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58)
    add(PK, "nostr-nsec", "nostr key for the bot: %s" % k, k)
for i in range(2):
    k = "RWQAAEIy" + b64std(150)
    add(PK, "minisign-secret", "untrusted comment: minisign encrypted secret key\n%s" % k, k)
for i in range(2):
    k = b64std(64)
    add(PK, "tor-hs-ed25519", "== ed25519v1-secret: type0 ==\n%s" % k, k)
for i in range(2):
    k = hx(64)
    add(PK, "ed25519-seed-hex", "signing_key = nacl.signing.SigningKey(bytes.fromhex('%s'))" % k, k)
for i in range(2):
    k = b64std(32)
    add(PK, "sops-age-inline", "sops --decrypt secrets.enc.yaml  # SOPS_AGE_KEY=AGE-SECRET-KEY-... ; data key %s" % k, k)
for i in range(2):
    k = b64std(32)
    add(PK, "openvpn-tls-auth-static", "<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n%s\n%s\n-----END OpenVPN Static key V1-----\n</tls-auth>" % (hx(32), hx(32)), hx(32)) if False else None
    s1, s2 = hx(32), hx(32)
    add(PK, "openvpn-static-key", "<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n%s\n%s\n-----END OpenVPN Static key V1-----\n</tls-auth>" % (s1, s2), s1)
for i in range(2):
    k = b64std(48)
    add(PK, "ipsec-psk", pick(("%%any %%any : PSK \"%s\"" % k, "leftpsk=%s" % k)), k)

# ---------------------------------------------------------------------------
# CI/CD logs and job output
# ---------------------------------------------------------------------------
CI = "ci-log"
for i in range(2):
    v = human_pw()
    add(CI, "gha-add-mask", "::add-mask::%s" % v, v)
    v = b62(40)
    add(CI, "gha-set-output", "echo \"::set-output name=token::%s\"" % v, v)
for i in range(2):
    v = b62(36)
    add(CI, "gha-log-env-dump", "2026-12-04T06:12:44.1234567Z   DEPLOY_TOKEN: %s\n2026-12-04T06:12:44.1235012Z   NODE_ENV: production" % v, v)
    v = human_pw()
    add(CI, "gitlab-job-echo", "$ echo \"DB password is $DB_PASSWORD\"\nDB password is %s" % v, v)
for i in range(2):
    v = J("gl", "rt-", b64u(20))
    add(CI, "gitlab-runner-register", "gitlab-runner register --non-interactive --url https://gitlab.acme.io/ --token %s --executor docker" % v, v)
    v = "GR1348941" + b64u(20)
    add(CI, "gitlab-runner-legacy-token", "sudo gitlab-runner register --registration-token %s" % v, v)
for i in range(2):
    v = b64u(43)
    add(CI, "jenkins-console-leak", "[Pipeline] sh\n+ curl -s -X POST -u deploy:%s https://jenkins.acme.io/job/api/build\nFinished: SUCCESS" % v, v)
    v = hx(34)
    add(CI, "jenkins-api-token", "jenkins-cli -s https://jenkins.acme.io -auth admin:%s build deploy-prod" % v, v)
for i in range(2):
    v = human_pw()
    add(CI, "set-x-trace", "+ export DB_PASSWORD=%s\n+ ./migrate up" % v, v)
    v = b62(32)
    add(CI, "bash-trace-curl", "+ curl -fsS -H 'X-Deploy-Key: %s' https://deploy.acme.io/hooks/api" % v, v)
for i in range(2):
    v = b62(40)
    add(CI, "circleci-env-print", "#!/bin/bash -eo pipefail\nprintenv | sort\n...\nCODECOV_TOKEN=%s" % v, v)
    v = b64u(40)
    add(CI, "azure-pipelines-log", "##[debug]Evaluating: variables['ARM_CLIENT_SECRET']\n##[debug]Result: '%s'" % v, v)
for i in range(2):
    v = b62(32)
    add(CI, "docker-build-arg-log", "#7 [build 3/9] RUN --mount=type=cache ... NPM_TOKEN=%s npm ci" % v, v)
    v = b62(32)
    add(CI, "docker-history-leak", "docker history --no-trunc acme/api:1.4 | grep ARG\n<missing>  2 days ago  ARG API_SECRET=%s" % v, v)
for i in range(2):
    v = human_pw()
    add(CI, "terraform-plan-output", '  + resource "aws_db_instance" "main" {\n      + password = "%s"\n      + username = "admin"' % v, v)
    v = b62(24)
    add(CI, "ansible-verbose-output", "ok: [db01] => (item={'name': 'app', 'password': '%s'})" % v, v)
for i in range(2):
    v = b64u(43)
    add(CI, "kubectl-describe-env", "Environment:\n  RAILS_MASTER_KEY:  %s\n  PORT:              3000" % v, v)
    v = human_pw()
    add(CI, "docker-inspect-env", '"Env": [\n    "POSTGRES_PASSWORD=%s",\n    "PATH=/usr/local/sbin:/usr/local/bin"\n]' % v, v)
for i in range(2):
    v = b62(36)
    add(CI, "stack-trace-leak", "Traceback (most recent call last):\n  ...\nrequests.exceptions.HTTPError: 401 Client Error for url: https://api.acme.io/v1/sync?api_key=%s" % v, v)
    v = human_pw()
    add(CI, "app-log-login", "2026-12-04 06:31:02,114 DEBUG auth: login attempt user=ops password=%s result=ok" % v, v)
for i in range(2):
    v = J("np", "m_", b62(36))
    add(CI, "npm-debug-log", "12 verbose config //registry.npmjs.org/:_authToken=%s" % v, v)
    v = hx(40)
    add(CI, "buildkite-env-log", "~~~ Preparing environment\nBUILDKITE_AGENT_TOKEN=%s" % v, v)

# ---------------------------------------------------------------------------
# Quoting, line breaks, encodings
# ---------------------------------------------------------------------------
EDGE = "config-line"
for i in range(3):
    v = b62(40)
    add(EDGE, "line-continuation-bearer", "curl -X POST https://api.acme.io/v1/deploy \\\n  -H \"Authorization: Bearer \\\n%s\" \\\n  -d @payload.json" % v, v)
for i in range(2):
    v = human_pw()
    add(EDGE, "line-continuation-password", "mysql \\\n  --host=db.internal \\\n  --user=admin \\\n  --password='%s' \\\n  shop" % v, v)
for i in range(2):
    v = b64std(120)
    folded = v[:60] + "\n  " + v[60:]
    add(EDGE, "yaml-folded-token", "api_token: >-\n  %s" % folded, v[:60])
for i in range(2):
    v = human_pw()
    add(EDGE, "url-encoded-password-form", "username=admin&password=%s&remember=1" % urllib.parse.quote_plus(v), urllib.parse.quote_plus(v))
for i in range(2):
    v = human_pw()
    d = '"%s"' % v.replace("\\", "\\\\").replace('"', '\\"')
    add(EDGE, "json-in-shell-single", "curl -d '{\"username\":\"ops\",\"password\":%s}' https://sso.acme.io/login" % d, v)
for i in range(2):
    v = b62(32)
    add(EDGE, "backtick-inline", "token is `%s`, set it as SERVICE_TOKEN" % v, v)
for i in range(2):
    v = b62(32)
    add(EDGE, "smart-quotes", "the key “%s” came from the vendor portal" % v, v)
for i in range(2):
    v = b62(32)
    add(EDGE, "angle-brackets", "secret=<%s>" % v, v)
for i in range(2):
    v = human_pw()
    add(EDGE, "heredoc-secret", "cat <<'EOF' > .env.production\nNODE_ENV=production\nSESSION_SECRET=%s\nEOF" % v, v)
for i in range(2):
    v = b62(40)
    enc = base64.b64encode(("apikey:" + v).encode()).decode()
    add(EDGE, "base64-userpass-arg", "echo %s | base64 -d   # gives apikey:..." % enc, enc)
for i in range(2):
    v = b62(32)
    add(EDGE, "hex-escaped-json", '{"token":"\\u0022%s\\u0022"}' % v, v)
for i in range(2):
    v = human_pw()
    add(EDGE, "python-repr-dict", "{'host': 'db', 'user': 'app', 'password': %r}" % v, v)
for i in range(2):
    v = b62(30)
    add(EDGE, "markdown-table", "| env | user | password |\n|-----|------|----------|\n| stg | app | %s |" % v, v)

# ===========================================================================
# BENIGN look-alikes: no secret inside
# ===========================================================================
RB = random.Random(0x5EED0007 ^ 0xB3)


def bh(n):
    return "".join(RB.choice(HEXL) for _ in range(n))


def bs(alpha, n):
    return "".join(RB.choice(alpha) for _ in range(n))


def bp(seq):
    return RB.choice(seq)


def buuid():
    return "%s-%s-4%s-%s%s-%s" % (bh(8), bh(4), bh(3), bp("89ab"), bh(3), bh(12))


def bb64(nbytes):
    return base64.b64encode(bytes(RB.getrandbits(8) for _ in range(nbytes))).decode()


SENTENCES = ("deploy finished without errors", "hello world from the build agent", "user not found",
             "the quick brown fox jumps over the lazy dog", "invoice 2026-11 paid in full",
             "{\"alg\":\"none\"}", "release notes for version 4.2", "ping", "status=ok;region=eu-west-1",
             "Lorem ipsum dolor sit amet, consectetur adipiscing elit", "admin panel moved to /console",
             "{\"type\":\"click\",\"target\":\"#submit\"}", "cron job ran at 03:00 UTC", "README.md")
COMMIT_MSGS = ("fix: handle empty token list", "chore(deps): bump axios from 1.6.2 to 1.7.4",
               "feat(auth): rotate signing keys on schedule", "refactor: move password hashing to argon2id",
               "docs: explain how to set STRIPE_SECRET_KEY locally", "test: cover expired session cookie",
               "ci: cache node_modules by lockfile hash", "revert \"feat: inline api key\"")
PKGS = ("lodash", "react-dom", "@types/node", "typescript", "axios", "express", "@babel/core", "webpack", "zod", "next",
        "jsonwebtoken", "bcryptjs", "dotenv", "@aws-sdk/client-s3", "passport-jwt", "node-forge")
PYPKGS = ("requests", "cryptography", "boto3", "pydantic", "django", "sqlalchemy", "pyjwt", "python-dotenv", "passlib", "keyring")
ENVNAMES = ("STRIPE_SECRET_KEY", "DATABASE_URL", "AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN", "OPENAI_API_KEY", "DB_PASSWORD",
            "SESSION_SECRET", "JWT_SIGNING_KEY", "SENDGRID_API_KEY", "TWILIO_AUTH_TOKEN", "NPM_TOKEN", "VAULT_TOKEN",
            "SLACK_WEBHOOK_URL", "REDIS_PASSWORD", "ANTHROPIC_API_KEY", "DOPPLER_TOKEN", "MAILGUN_API_KEY", "PGPASSWORD")


def BN(s):
    BENIGN.append(s)


BENIGN_GENS = [
    # git
    lambda: "commit %s\nAuthor: %s <%s@acme.io>\nDate:   Thu Dec 3 17:%02d:11 2026 +0100\n\n    %s" % (bh(40), bp(NAMES), bp(NAMES), RB.randrange(60), bp(COMMIT_MSGS)),
    lambda: "git checkout %s && git cherry-pick %s" % (bh(RB.choice((7, 10, 12))), bh(40)),
    lambda: "HEAD is now at %s %s" % (bh(7), bp(COMMIT_MSGS)),
    lambda: "git rebase --onto main %s feature/token-rotation" % bh(12),
    lambda: "Merge pull request #%d from acme/fix/secret-scan-%s" % (RB.randrange(100, 9999), bh(6)),
    lambda: "git log --oneline -3\n%s %s\n%s %s\n%s %s" % (bh(7), bp(COMMIT_MSGS), bh(7), bp(COMMIT_MSGS), bh(7), bp(COMMIT_MSGS)),
    lambda: "remote: Resolving deltas: 100%% (12/12)\nTo github.com:acme/api.git\n   %s..%s  main -> main" % (bh(7), bh(7)),
    lambda: "index %s..%s 100644\n--- a/src/auth/token.ts\n+++ b/src/auth/token.ts" % (bh(7), bh(7)),
    # hashes and checksums
    lambda: "sha256:%s" % bh(64),
    lambda: "%s  dist/app-%d.%d.%d-linux-amd64.tar.gz" % (bh(64), RB.randrange(5), RB.randrange(20), RB.randrange(20)),
    lambda: "echo \"%s  terraform_1.9.%d_linux_amd64.zip\" | sha256sum -c -" % (bh(64), RB.randrange(9)),
    lambda: "md5: %s  size: %d bytes" % (bh(32), RB.randrange(1000, 10 ** 7)),
    lambda: "ETag: \"%s\"" % bh(32),
    lambda: "ETag: W/\"%s-%s\"" % (bh(2), bs(B64U, 27)),
    lambda: "x-amz-checksum-sha256: %s" % bb64(32),
    lambda: "Content-MD5: %s" % bb64(16),
    lambda: "SHA1(%s.iso)= %s" % (bp(("ubuntu-24.04", "debian-12", "alpine-3.20")), bh(40)),
    lambda: "oid sha256:%s\nsize %d" % (bh(64), RB.randrange(10 ** 4, 10 ** 8)),
    lambda: "checksum = \"%s\"" % bh(64),
    lambda: "Digest: sha256:%s\nStatus: Downloaded newer image for node:20-alpine" % bh(64),
    lambda: "docker pull ghcr.io/acme/api@sha256:%s" % bh(64),
    lambda: "image: registry.acme.io/platform/worker:1.%d.%d@sha256:%s" % (RB.randrange(30), RB.randrange(10), bh(64)),
    lambda: "%s   %s   \"/docker-entrypoint.…\"   2 hours ago   Up 2 hours   api" % (bh(12), bp(("nginx:1.27", "postgres:16", "redis:7"))),
    lambda: "Container id: %s" % bh(64),
    # lock files
    lambda: "\"integrity\": \"sha512-%s\"" % bb64(64),
    lambda: "    \"node_modules/%s\": {\n      \"version\": \"%d.%d.%d\",\n      \"resolved\": \"https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz\",\n      \"integrity\": \"sha512-%s\"" % (
        (lambda p: (p, RB.randrange(9), RB.randrange(30), RB.randrange(20), p, p.split("/")[-1], 1, 2, 3, bb64(64)))(bp(PKGS))),
    lambda: "resolved \"https://registry.yarnpkg.com/%s/-/%s-4.17.21.tgz#%s\"" % (bp(PKGS), bp(PKGS).split("/")[-1], bh(40)),
    lambda: "github.com/%s/%s v1.%d.%d h1:%s=" % (bp(("stretchr", "spf13", "golang-jwt", "aws")), bp(("testify", "cobra", "jwt", "aws-sdk-go-v2")), RB.randrange(20), RB.randrange(20), bb64(32)[:43]),
    lambda: "golang.org/x/crypto v0.0.0-2023%02d%02d%06d-%s // indirect" % (RB.randrange(1, 13), RB.randrange(1, 29), RB.randrange(10 ** 6), bh(12)),
    lambda: "%s==%d.%d.%d \\\n    --hash=sha256:%s" % (bp(PYPKGS), RB.randrange(5), RB.randrange(30), RB.randrange(10), bh(64)),
    lambda: "[[package]]\nname = \"%s\"\nversion = \"0.%d.%d\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"%s\"" % (bp(("ring", "rustls", "tokio", "serde")), RB.randrange(30), RB.randrange(10), bh(64)),
    lambda: "npm notice shasum:        %s\nnpm notice integrity:     sha512-%s[...]%s==" % (bh(40), bb64(10)[:13], bb64(10)[:10]),
    lambda: "<script src=\"https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.bundle.min.js\" integrity=\"sha384-%s\" crossorigin=\"anonymous\"></script>" % bb64(48),
    # ids
    lambda: "request_id=%s status=200 latency_ms=%d" % (buuid(), RB.randrange(1, 900)),
    lambda: "X-Request-Id: %s" % buuid(),
    lambda: "traceparent: 00-%s-%s-01" % (bh(32), bh(16)),
    lambda: "trace_id=%s span_id=%s" % (bh(32), bh(16)),
    lambda: "x-amzn-RequestId: %s\nx-amz-id-2: %s" % (buuid(), bb64(54)),
    lambda: "Correlation ID: %s — see Kibana for the stack trace" % buuid(),
    lambda: "uid: %s\nresourceVersion: \"%d\"" % (buuid(), RB.randrange(10 ** 6, 10 ** 8)),
    lambda: "Subscription ID: %s\nTenant ID: %s" % (buuid(), buuid()),
    lambda: "arn:aws:iam::%012d:role/%s" % (RB.randrange(10 ** 11, 10 ** 12), bp(("deploy-role", "GitHubActionsOIDC", "lambda-exec"))),
    lambda: "arn:aws:secretsmanager:eu-west-1:%012d:secret:prod/db-%s" % (RB.randrange(10 ** 11, 10 ** 12), bs(B62, 6)),
    lambda: "aws ec2 describe-instances --instance-ids i-0%s --query 'Reservations[].Instances[].PrivateIpAddress'" % bh(16),
    lambda: "sg-0%s vpc-0%s subnet-0%s" % (bh(16), bh(16), bh(16)),
    lambda: "Stripe customer cus_%s has invoice in_%s (payment_intent pi_%s)" % (bs(B62, 14), bs(B62, 24), bs(B62, 24)),
    lambda: "ObjectId(\"%s\")" % bh(24),
    lambda: "ULID %s" % bs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26),
    lambda: "workflow run %d, job %d, attempt 2" % (RB.randrange(10 ** 9, 10 ** 10), RB.randrange(10 ** 10, 10 ** 11)),
    lambda: "pod/api-%s-%s   1/1   Running   0   3h" % (bh(10)[:9], bs(LOW + DIG, 5)),
    lambda: "gcloud projects describe acme-prod-%d --format='value(projectNumber)'" % RB.randrange(100000, 999999),
    lambda: "Cloudflare Ray ID: %s-FRA" % bh(16),
    lambda: "sentry event %s grouped under issue ACME-API-%s" % (bh(32), bs(UP + DIG, 3)),
    # base64 of ordinary text, data URIs
    lambda: "echo %s | base64 -d" % base64.b64encode(bp(SENTENCES).encode()).decode(),
    lambda: "payload: %s" % base64.b64encode(bp(SENTENCES).encode()).decode(),
    lambda: "data: %s" % base64.b64encode(("%s %d" % (bp(SENTENCES), RB.randrange(1000))).encode()).decode(),
    lambda: "<img src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42m%s\">" % bb64(12),
    lambda: "font-src data:application/font-woff2;base64,d09GMgABAAAAA%s" % bb64(30),
    lambda: "Content-Type: multipart/form-data; boundary=----WebKitFormBoundary%s" % bs(B62, 16),
    lambda: "Sec-WebSocket-Key: %s\nSec-WebSocket-Accept: %s" % (bb64(16), bb64(20)),
    # versions and paths
    lambda: "Upgraded %s from %d.%d.%d to %d.%d.%d-rc.%d+build.%d" % (bp(PKGS), RB.randrange(5), RB.randrange(20), RB.randrange(20), RB.randrange(5), RB.randrange(20), RB.randrange(20), RB.randrange(5), RB.randrange(10000)),
    lambda: "node v20.%d.%d, npm 10.%d.%d, python 3.12.%d, go1.22.%d" % (RB.randrange(20), RB.randrange(5), RB.randrange(9), RB.randrange(5), RB.randrange(8), RB.randrange(8)),
    lambda: "/home/runner/.cache/pip/wheels/%s/%s/%s/cryptography-43.0.1-cp39-abi3-manylinux_2_28_x86_64.whl" % (bh(2), bh(2), bh(56)),
    lambda: "/var/lib/docker/overlay2/%s/merged/app/config/secrets.example.yaml" % bh(64),
    lambda: "C:\\Users\\build\\AppData\\Local\\Temp\\%s\\secrets\\README.txt" % buuid(),
    lambda: "~/.ssh/id_ed25519.pub, ~/.aws/config, ~/.kube/config (no contents copied)",
    lambda: "/nix/store/%s-openssl-3.0.14/bin/openssl" % bs("0123456789abcdfghijklmnpqrsvwxyz", 32),
    lambda: "static/js/main.%s.chunk.js  static/css/main.%s.css" % (bh(8), bh(8)),
    lambda: "~/.cache/bazel/_bazel_runner/%s/execroot/__main__/bazel-out/k8-fastbuild/bin/auth/token_test" % bh(32),
    # urls without credentials
    lambda: "https://github.com/acme/api/actions/runs/%d/job/%d" % (RB.randrange(10 ** 9, 10 ** 10), RB.randrange(10 ** 10, 10 ** 11)),
    lambda: "https://console.aws.amazon.com/secretsmanager/secret?name=prod%%2Fdb&region=eu-west-1",
    lambda: "https://app.datadoghq.eu/apm/trace/%s?spanID=%d" % (bh(32), RB.randrange(10 ** 17, 10 ** 18)),
    lambda: "https://docs.stripe.com/keys#obtain-api-keys",
    lambda: "https://acme.atlassian.net/browse/SEC-%d?focusedCommentId=%d" % (RB.randrange(100, 999), RB.randrange(10 ** 5, 10 ** 6)),
    lambda: "postgresql://%s:5432/app?sslmode=require" % bp(HOSTS),
    lambda: "postgresql://app@%s:5432/app" % bp(HOSTS),
    lambda: "redis://%s:6379/0" % bp(HOSTS),
    lambda: "https://storage.googleapis.com/acme-public/releases/v%d.%d/checksums.txt" % (RB.randrange(5), RB.randrange(30)),
    lambda: "https://www.example.com/search?q=reset+password&page=%d&utm_source=newsletter&utm_campaign=%s" % (RB.randrange(1, 9), bh(8)),
    lambda: "git clone git@github.com:acme/infra.git && cd infra",
    lambda: "git remote -v\norigin  https://github.com/acme/api.git (fetch)",
    # placeholders
    lambda: "export %s=${%s}" % ((lambda n: (n, n))(bp(ENVNAMES))),
    lambda: "%s=<your-%s-here>" % (bp(ENVNAMES), bp(("api-key", "token", "password", "secret"))),
    lambda: "%s=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" % bp(ENVNAMES),
    lambda: "%s=****************" % bp(ENVNAMES),
    lambda: "password: ********",
    lambda: "token: [MASKED]",
    lambda: "%s: \"${{ secrets.%s }}\"" % ((lambda n: (n, n))(bp(ENVNAMES))),
    lambda: "api_key = \"YOUR_API_KEY\"  # replace before running",
    lambda: "DB_PASSWORD=changeme  # docs default, compose overrides it from .env",
    lambda: "password = \"<REDACTED>\"",
    lambda: "Authorization: Bearer <token>",
    lambda: "Authorization: Bearer $ACCESS_TOKEN",
    lambda: "curl -H \"Authorization: Bearer ${GITHUB_TOKEN}\" https://api.github.com/user",
    lambda: "curl -H \"X-Api-Key: $(cat ~/.config/acme/key)\" https://api.acme.io/v1/ping",
    lambda: "\"password\": \"{{ .Values.db.password }}\"",
    lambda: "password: {{ vault_db_password }}",
    lambda: "secret_key = var.secret_key",
    lambda: "password = data.aws_secretsmanager_secret_version.db.secret_string",
    lambda: "client_secret = env(\"AZURE_CLIENT_SECRET\")",
    lambda: "token = os.environ[\"%s\"]" % bp(ENVNAMES),
    lambda: "const key = process.env.%s ?? '';" % bp(ENVNAMES),
    lambda: "String pw = System.getenv(\"%s\");" % bp(ENVNAMES),
    lambda: "password := os.Getenv(\"%s\")" % bp(ENVNAMES),
    lambda: "valueFrom:\n  secretKeyRef:\n    name: db-creds\n    key: password",
    lambda: "POSTGRES_PASSWORD_FILE: /run/secrets/db_password",
    lambda: "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE (the AWS docs example key)",
    lambda: "sk_test_... and sk_live_... keys are in the Stripe dashboard, not here",
    lambda: "ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    lambda: "password=${DB_PASSWORD:?must be set}",
    lambda: "$env:API_TOKEN = Read-Host -AsSecureString",
    lambda: "REPLACE_ME_WITH_REAL_TOKEN",
    # env var names only
    lambda: "Set %s and %s in Doppler (project backend, config prd); nothing is committed." % (bp(ENVNAMES), bp(ENVNAMES)),
    lambda: "Required env: %s" % ", ".join(RB.sample(ENVNAMES, 5)),
    lambda: "unset %s %s" % (bp(ENVNAMES), bp(ENVNAMES)),
    lambda: "grep -rn '%s' src/ | wc -l" % bp(ENVNAMES),
    lambda: "env | grep -c %s" % bp(ENVNAMES).split("_")[0],
    # commands taking credentials from variables/files
    lambda: "echo \"$CR_PAT\" | docker login ghcr.io -u %s --password-stdin" % bp(NAMES),
    lambda: "aws ecr get-login-password --region eu-west-1 | docker login --username AWS --password-stdin %012d.dkr.ecr.eu-west-1.amazonaws.com" % RB.randrange(10 ** 11, 10 ** 12),
    lambda: "openssl enc -aes-256-cbc -pbkdf2 -in backup.tar -out backup.tar.enc -pass file:./backup.key",
    lambda: "openssl pkcs12 -export -in cert.pem -inkey key.pem -out cert.p12 -passout env:P12_PASS",
    lambda: "openssl rsa -in enc.key -out dec.key -passin fd:3",
    lambda: "openssl req -new -key server.key -passin stdin -subj '/CN=api.acme.io'",
    lambda: "mysql --defaults-extra-file=~/.my.cnf.d/reporting.cnf -e 'show databases'",
    lambda: "PGPASSFILE=~/.pgpass.d/staging psql -h %s -U app" % bp(HOSTS),
    lambda: "psql \"$DATABASE_URL\" -c 'select count(*) from users'",
    lambda: "mysql -u root -p shop   # prompts for the password",
    lambda: "sshpass -f ~/.config/sshpass/bastion ssh ops@bastion.acme.io",
    lambda: "kubectl create secret generic db-creds --from-file=password=./secrets/db_password.txt",
    lambda: "kubectl create secret generic api --from-env-file=.env.production --dry-run=client -o yaml | kubeseal > sealed.yaml",
    lambda: "aws ssm get-parameter --name /prod/api/stripe_key --with-decryption --query Parameter.Value --output text",
    lambda: "aws secretsmanager get-secret-value --secret-id prod/db --query SecretString",
    lambda: "gh secret set NPM_TOKEN < ./npm-token.txt",
    lambda: "gh secret list -R acme/api",
    lambda: "vault kv get -field=password secret/prod/db",
    lambda: "doppler run -- npm start",
    lambda: "op read \"op://Engineering/Stripe/credential\"",
    lambda: "curl -u \"$NEXUS_USER:$NEXUS_PASS\" https://nexus.corp.example/service/rest/v1/status",
    lambda: "curl --netrc-file ~/.netrc.d/artifactory https://artifactory.corp.example/api/system/ping",
    lambda: "docker run --env-file .env.local -p 8080:8080 acme/api:dev",
    lambda: "terraform apply -var-file=secrets.auto.tfvars",
    lambda: "ansible-playbook site.yml --vault-password-file ~/.vault_pass.txt",
    lambda: "helm upgrade api ./chart -f values.yaml -f secrets://values.enc.yaml",
    lambda: "mysqldump --login-path=backup shop > shop.sql",
    lambda: "redis-cli -h %s --askpass" % bp(HOSTS),
    lambda: "twine upload --repository testpypi dist/*   # token comes from keyring",
    lambda: "npm publish --access public   # NODE_AUTH_TOKEN set by setup-node",
    lambda: "$cred = Get-Credential -UserName CORP\\admin -Message 'RDP'",
    lambda: "sqlcmd -S sql01 -E -Q \"SELECT name FROM sys.databases\"",
    lambda: "az keyvault secret show --vault-name kv-acme-prod --name db-password --query value -o tsv",
    lambda: "gcloud secrets versions access latest --secret=stripe-key",
    lambda: "echo -n \"$SIGNING_KEY\" | npx wrangler secret put SIGNING_KEY",
    lambda: "git config --global credential.helper 'cache --timeout=3600'",
    lambda: "ssh-keygen -t ed25519 -C 'deploy@acme' -f ~/.ssh/deploy -N ''",
    lambda: "gpg --batch --passphrase-file /run/secrets/gpg_pass -d backup.gpg",
    lambda: "7z x archive.7z -p   # prompts",
    # public keys, certs, fingerprints
    lambda: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@laptop" % (bb64(32)[:43], bp(NAMES)),
    lambda: "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ%s deploy@ci" % bb64(380).rstrip("="),
    lambda: "-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % wrap64(bb64(294)),
    lambda: "-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % wrap64(bb64(900)),
    lambda: "ECDSA key fingerprint is SHA256:%s." % bb64(32).rstrip("="),
    lambda: "The key fingerprint is:\nSHA256:%s %s@build-01" % (bb64(32).rstrip("="), bp(NAMES)),
    lambda: "gpg: using RSA key %s" % bh(40).upper(),
    lambda: "[Peer]\nPublicKey = %s\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.acme.io:51820" % bb64(32),
    lambda: "age recipient: age1%s" % bs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
    lambda: "{\"kty\":\"RSA\",\"e\":\"AQAB\",\"use\":\"sig\",\"kid\":\"%s\",\"n\":\"%s\"}" % (bh(16), bs(B64U, 342)),
    lambda: "known_hosts: github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl",
    lambda: "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n%s\n-----END PGP PUBLIC KEY BLOCK-----" % wrap64(bb64(400)),
    lambda: "wallet address 0x%s (public, fine to share)" % bh(40),
    lambda: "npub1%s" % bs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
    # code identifiers, css, cache keys
    lambda: "const ACCESS_TOKEN_REFRESH_THRESHOLD_SECONDS = %d;" % RB.randrange(30, 600),
    lambda: "def validate_password_reset_token_signature(token: str, *, max_age_seconds: int = 3600) -> bool:",
    lambda: "export function useAuthenticatedSessionTokenRefresher(options: RefresherOptions) {",
    lambda: "private readonly ISecretManagerServiceClientFactory _secretManagerServiceClientFactory;",
    lambda: "class PasswordHasherPbkdf2Sha256Iterations600000Test(TestCase):",
    lambda: "<div class=\"css-%s e1%s0 sc-%s %s\">" % (bs(LOW + DIG, 7), bs(LOW + DIG, 5), bs(B62, 6), bs(B62, 6)),
    lambda: "._%s_%s{display:flex}.%s{color:#%s}" % (bs(B62, 5), bs(LOW + DIG, 5), bs(B62 + "_", 8), bh(6)),
    lambda: "className=\"jsx-%d token-badge__label--%s\"" % (RB.randrange(10 ** 9, 4 * 10 ** 9), bs(LOW, 6)),
    lambda: "key: v1-deps-{{ checksum \"package-lock.json\" }}",
    lambda: "Cache restored from key: node-modules-Linux-%s" % bh(64),
    lambda: "cache hit: pip-%s-py3.12-%s" % (bp(("ubuntu-22.04", "macos-14")), bh(64)),
    lambda: "restore-keys: |\n  ${{ runner.os }}-gradle-${{ hashFiles('**/*.gradle*') }}",
    lambda: "turbo cache hit, replaying logs %s" % bh(16),
    lambda: "nx: [local cache] %s" % bh(20),
    lambda: "webpack compiled: main.%s.js (chunkhash %s)" % (bh(20), bh(20)),
    lambda: "Step 7/12 : RUN npm ci\n ---> Using cache\n ---> %s" % bh(12),
    lambda: " => => writing image sha256:%s" % bh(64),
    lambda: "#12 exporting to image\n#12 naming to docker.io/acme/api:%s done" % bh(7),
    lambda: "revision: %s\nbuildDate: 2026-12-0%dT06:%02d:00Z" % (bh(40), RB.randrange(1, 9), RB.randrange(60)),
    lambda: "sourceMappingURL=app.%s.js.map" % bh(16),
    # encrypted / hashed (not the secret)
    lambda: "bcrypt cost factor raised from 10 to 12; argon2id params m=65536,t=3,p=4",
    lambda: "password_hash column is varchar(255), stores $argon2id$... hashes only",
    lambda: "nonce=\"%s\"" % bb64(16),
    lambda: "Content-Security-Policy: script-src 'self' 'nonce-%s'" % bb64(16),
    lambda: "csrf_token field name is \"csrfmiddlewaretoken\"; value comes from the cookie at render time",
    lambda: "state=%s&code_challenge_method=S256&code_challenge=%s" % (bh(16), bs(B64U, 43)),
    lambda: "If-None-Match: \"%s\"" % bh(40),
    lambda: "salt length 16 bytes, key length 32 bytes, iterations 600000",
    lambda: "Fixed flaky test: snapshot hash changed from %s to %s" % (bh(8), bh(8)),
    # prose about secrets
    lambda: "Rotated the %s yesterday; the old one is revoked and the new one is only in Vault." % bp(("API key", "Stripe key", "DB password", "deploy token", "webhook secret")),
    lambda: "Decision: stop passing passwords on the command line; use --password-stdin or a credentials file with mode 600.",
    lambda: "The token in the screenshot was already expired, no action needed beyond deleting the image.",
    lambda: "Next steps: 1) ask %s for read access to the prod secrets path 2) wire DATABASE_URL from the secret store 3) delete .env from the branch" % bp(NAMES),
    lambda: "Found no hard-coded credentials in src/; gitleaks reported 0 leaks across %d commits." % RB.randrange(100, 5000),
    lambda: "The password policy requires at least 14 characters, one digit and one symbol.",
    lambda: "Note: session cookies are HttpOnly + Secure; SameSite=Lax. Token lifetime 15 min, refresh 7 days.",
    lambda: "Das Passwort wird aus dem Secret Store gelesen, nicht aus der Datei.",
    lambda: "Le jeton d'API est stocké dans Vault ; ne pas le copier dans les notes.",
    lambda: "La contraseña se cambió ayer y ya no está en el repositorio.",
    lambda: "パスワードはVaultに保存されています。ここには書かないでください。",
    lambda: "密码已经轮换，新的密码只保存在密钥管理服务中。",
    lambda: "Пароль хранится в Vault, в заметки его не копируем.",
    lambda: "Secret scanning alert #%d closed as revoked." % RB.randrange(1, 400),
    lambda: "The webhook signature check uses HMAC-SHA256 over the raw body with the secret from STRIPE_WEBHOOK_SECRET.",
    lambda: "User %s reported 'invalid token' after the key rotation; cleared their cache, works now." % bp(NAMES),
    lambda: "Tokens look like `acme_live_` followed by 32 characters; we only log the last 4.",
    lambda: "last4=%s fingerprint=%s" % (bs(DIG, 4), bs(B62, 16)),
    # CI logs with masked values
    lambda: "Run echo \"token is ***\"\ntoken is ***",
    lambda: "  NPM_TOKEN: ***\n  NODE_VERSION: 20",
    lambda: "$ docker login -u gitlab-ci-token -p [MASKED] registry.gitlab.com\nLogin Succeeded",
    lambda: "WARNING! Using --password via the CLI is insecure. Use --password-stdin.",
    lambda: "Error: Input required and not supplied: token",
    lambda: "##[warning]Secret 'ARM_CLIENT_SECRET' is empty.",
    lambda: "+ export DB_PASSWORD=\n+ ./migrate up",
    lambda: "Job succeeded (runner #%d, job id %d, pipeline %d)" % (RB.randrange(100), RB.randrange(10 ** 8, 10 ** 9), RB.randrange(10 ** 6, 10 ** 7)),
    lambda: "Status: 401 Unauthorized\n{\"error\":\"invalid_token\",\"error_description\":\"The access token expired\"}",
    lambda: "{\"access_token\":\"<omitted>\",\"token_type\":\"Bearer\",\"expires_in\":3600,\"scope\":\"repo read:org\"}",
    lambda: "HTTP/2 200\ncontent-type: application/json\nx-ratelimit-remaining: %d\nx-github-request-id: %s:%s:%s:%s" % (RB.randrange(5000), bh(4).upper(), bh(5).upper(), bh(6).upper(), bh(8).upper()),
    lambda: "GET /api/v1/users/%s HTTP/1.1\nHost: api.acme.io\nAccept: application/json\nUser-Agent: acme-cli/2.%d.%d" % (buuid(), RB.randrange(10), RB.randrange(10)),
    lambda: "Set-Cookie: theme=dark; Path=/; Max-Age=31536000",
    lambda: "Cookie: _ga=GA1.2.%d.%d; lang=en" % (RB.randrange(10 ** 8, 10 ** 9), RB.randrange(10 ** 9, 2 * 10 ** 9)),
    lambda: "Vary: Accept-Encoding, Authorization",
    # config with non-secret high-entropy
    lambda: "kid: %s" % bh(40),
    lambda: "client_id: %s" % buuid(),
    lambda: "GOOGLE_CLIENT_ID=%d-%s.apps.googleusercontent.com" % (RB.randrange(10 ** 11, 10 ** 12), bs(LOW + DIG, 32)),
    lambda: "tenant_id = \"%s\"" % buuid(),
    lambda: "account_id = \"%s\"" % bh(32),
    lambda: "zone_id: %s" % bh(32),
    lambda: "project_id: acme-prod-%d" % RB.randrange(100000, 999999),
    lambda: "app_id: %d" % RB.randrange(10 ** 5, 10 ** 7),
    lambda: "installation_id: %d" % RB.randrange(10 ** 7, 10 ** 8),
    lambda: "LOG_LEVEL=debug\nPORT=8080\nFEATURE_FLAGS=new-checkout,fast-search",
    lambda: "encrypted_value: ENC[AES256_GCM,data:...,type:str]  # sops, key lives in KMS",
    lambda: "password_min_length: 14\npassword_max_age_days: 90\ntoken_ttl: 15m",
    lambda: "secret_name: prod/%s/db-credentials" % bp(("billing", "orders", "search")),
    lambda: "token_endpoint: https://auth.acme.io/oauth2/token",
    lambda: "jwks_uri: https://auth.acme.io/.well-known/jwks.json",
    lambda: "issuer: https://login.microsoftonline.com/%s/v2.0" % buuid(),
    lambda: "schemaVersion: 2\nmediaType: application/vnd.oci.image.manifest.v1+json\nconfig:\n  digest: sha256:%s" % bh(64),
    lambda: "{\"id\":\"%s\",\"created_at\":\"2026-12-0%dT0%d:00:00Z\",\"sha\":\"%s\"}" % (buuid(), RB.randrange(1, 9), RB.randrange(10), bh(40)),
    lambda: "SECRET_KEY_BASE is generated at boot from the KMS data key; see config/initializers/secret.rb",
    lambda: "BUILD_ID=%s" % bh(40),
    lambda: "VERSION=%d.%d.%d-%s" % (RB.randrange(5), RB.randrange(30), RB.randrange(30), bh(7)),
]
BENIGN_GENS += [
    lambda: "%s %s --token \"$%s\"" % (bp(("gh api user", "glab auth login", "netlify deploy", "vercel deploy", "fly deploy", "sentry-cli releases list")), bp(("--verbose", "--prod", "")), bp(ENVNAMES)),
    lambda: "%s -p\"$%s\" -h %s" % (bp(("mysql -u app", "mysqldump -u backup")), bp(("DB_PASS", "MYSQL_PWD", "DB_PASSWORD")), bp(HOSTS)),
    lambda: "docker run -e %s -e %s acme/worker:%d.%d" % (bp(ENVNAMES), bp(ENVNAMES), RB.randrange(5), RB.randrange(30)),
    lambda: "kubectl get secret %s -n %s -o jsonpath='{.data}' | jq 'keys'" % (bp(("db-creds", "api-keys", "stripe")), bp(("apps", "prod", "billing"))),
    lambda: "kubectl rollout restart deploy/%s -n %s && kubectl rollout status deploy/%s" % ((lambda a, b: (a, b, a))(bp(("api", "worker", "web")), bp(("apps", "prod")))),
    lambda: "aws s3 cp s3://acme-%s/%s/%s.parquet . --region eu-west-1" % (bp(("exports", "logs", "ml")), bh(8), buuid()),
    lambda: "terraform state show 'aws_db_instance.main' | grep -v password  # %s" % bh(7),
    lambda: "Ran `%s` on %s; %d rows migrated, checksum %s" % (bp(("./manage.py migrate", "rails db:migrate", "alembic upgrade head", "flyway migrate")), bp(HOSTS), RB.randrange(10 ** 5), bh(16)),
    lambda: "TODO(%s): move %s to the secret store before %s goes live" % (bp(NAMES), bp(ENVNAMES), bp(("billing-v2", "search", "the EU region"))),
    lambda: "%s/%s/%s.json: 404 (session %s)" % (bp(("https://cdn.acme.io", "https://static.acme.io")), bh(2), bh(16), buuid()),
    lambda: "[%s] INFO  worker-%d processed job %s in %dms" % ("2026-12-04T0%d:%02d:%02dZ" % (RB.randrange(10), RB.randrange(60), RB.randrange(60)), RB.randrange(16), buuid(), RB.randrange(2000)),
    lambda: "bench: redact 50x2000 chars took %d.%03d ms (p95 %d.%03d ms)" % (RB.randrange(5), RB.randrange(1000), RB.randrange(9), RB.randrange(1000)),
    lambda: "Checked out %s at %s; tests %d passed, %d skipped" % (bp(("main", "release/2.4", "fix/token-refresh")), bh(40), RB.randrange(100, 2000), RB.randrange(30)),
    lambda: "Build %s: artifact acme-api-%s.jar (sha1 %s)" % (bh(8), bh(7), bh(40)),
    lambda: "pnpm-lock: /%s@%d.%d.%d:\n    resolution: {integrity: sha512-%s}" % (bp(PKGS), RB.randrange(9), RB.randrange(30), RB.randrange(30), bb64(64)),
    lambda: "Successfully installed %s-%d.%d.%d %s-%d.%d.%d" % (bp(PYPKGS), RB.randrange(5), RB.randrange(30), RB.randrange(10), bp(PYPKGS), RB.randrange(5), RB.randrange(30), RB.randrange(10)),
]
_seen = set()
_tries = 0
while len(BENIGN) < 660 and _tries < 20000:
    _tries += 1
    _b = RB.choice(BENIGN_GENS)()
    if _b not in _seen:
        _seen.add(_b)
        BN(_b)


if __name__ == "__main__":
    import collections

    bad = [s for s in SECRETS if s[3] not in s[2] or len(s[3]) < 8]
    fmts = set(s[1] for s in SECRETS)
    groups = collections.Counter(s[0] for s in SECRETS)
    leaks = [b for b in BENIGN for s in SECRETS if s[3] in b]
    print("secrets:", len(SECRETS))
    print("distinct formats:", len(fmts))
    for g, n in sorted(groups.items(), key=lambda x: -x[1]):
        print("  %-20s %4d secrets  %4d formats" % (g, n, len(set(s[1] for s in SECRETS if s[0] == g))))
    print("benign:", len(BENIGN), "(unique %d)" % len(set(BENIGN)))
    print("secret-not-in-text or too short:", len(bad))
    print("benign containing a secret:", len(leaks))
