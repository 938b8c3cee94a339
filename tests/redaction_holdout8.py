# -*- coding: utf-8 -*-
"""An eighth hold-out corpus for secret redaction, written without reading the redaction
code; it measured 0.915 recall and 2.8% false positives blind (with every rule tuned on the
corpora before it), and the redaction has since been tuned on it, so it is regression data
now (tests/test_redaction_holdouts.py holds its recall per group and its false positives).

Every secret value is generated at import time from a fixed-seed PRNG; none is
a real credential.  Vendor prefixes are assembled from parts so that no full
vendor-shaped token appears literally in this file.

SECRETS: list of (group, format, text, secret, visible)
BENIGN:  list of strings that contain no secret.
Standard library only, Python 3.8 syntax, silent on import.
"""
import base64
import hashlib
import json
import random
import string
import urllib.parse

_R = random.Random(770219)

SECRETS = []
BENIGN = []

# ---------------------------------------------------------------- helpers
_LOW = string.ascii_lowercase
_UP = string.ascii_uppercase
_DIG = string.digits
_HEX = "0123456789abcdef"
_AN = _LOW + _UP + _DIG
_AN_ = _AN + "-_"
_B64 = _AN + "+/"
_B32 = _UP + "234567"
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def rs(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(_HEX, n)


def HX(n):
    return rs(_HEX.upper(), n)


def an(n):
    return rs(_AN, n)


def an_(n):
    s = rs(_AN_, n)
    # avoid leading dash (looks like a CLI flag) and trailing -/_
    return _R.choice(_AN) + s[1:-1] + _R.choice(_AN) if n > 2 else s


def lan(n):
    return rs(_LOW + _DIG, n)


def uan(n):
    return rs(_UP + _DIG, n)


def dg(n):
    return _R.choice("123456789") + rs(_DIG, n - 1)


def b64b(nbytes):
    return base64.b64encode(bytes(_R.getrandbits(8) for _ in range(nbytes))).decode()


def b64u(nbytes):
    return base64.urlsafe_b64encode(bytes(_R.getrandbits(8) for _ in range(nbytes))).decode().rstrip("=")


def b32l(n):
    return rs("abcdefghijklmnopqrstuvwxyz234567", n)


def uuid4():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + _R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def pick(seq):
    return _R.choice(seq)


def b64s(s):
    return base64.b64encode(s.encode()).decode()


WORDS = ["maple", "harbor", "falcon", "copper", "violet", "summit", "ember", "willow",
         "orbit", "cobalt", "meadow", "thunder", "lantern", "pepper", "glacier", "tiger",
         "river", "sunset", "marble", "rocket", "panda", "saffron", "canyon", "banjo",
         "walrus", "crimson", "velvet", "quartz", "biscuit", "nebula", "otter", "cedar",
         "mango", "pixel", "hazel", "juniper", "tundra", "zephyr", "comet", "badger",
         "sparrow", "indigo", "lobster", "kettle", "puzzle", "raven", "sierra", "fjord"]
SEASONS = ["Summer", "Winter", "Spring", "Autumn", "Fall"]
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan",
         "judy", "mallory", "oscar", "peggy", "trent", "victor", "walter", "nadia",
         "priya", "kenji", "lucia", "tomas", "ingrid", "omar", "wei"]
USERS = ["admin", "root", "deploy", "app", "svc_app", "postgres", "sa", "ci-bot",
         "backup", "readonly", "etl_user", "jenkins", "grafana", "webapp", "api",
         "reporting", "migrator", "svc-billing", "ops", "dbadmin"]
HOSTS = ["db.internal", "10.0.3.17", "pg-prod-1.corp.example.com", "mysql.staging.local",
         "localhost", "127.0.0.1", "db-replica-02", "cache.svc.cluster.local",
         "rds-main.c9akciq32.eu-west-1.rds.amazonaws.com", "192.168.1.40",
         "mongo-0.mongo.default.svc", "sql01.ad.contoso.lan", "warehouse.acme.io"]
DBS = ["app", "appdb", "orders", "analytics", "billing", "users", "inventory", "prod",
       "metrics", "wordpress", "shop", "crm"]


def pw_human():
    k = _R.randint(0, 9)
    w = pick(WORDS)
    if k == 0:
        return pick(SEASONS) + str(_R.randint(2015, 2026)) + pick("!#$@*")
    if k == 1:
        return w.capitalize() + str(_R.randint(10, 9999)) + pick(["!", "", "?", "#"])
    if k == 2:
        leet = w.replace("a", "@").replace("o", "0").replace("e", "3").replace("i", "1")
        return leet.capitalize() + str(_R.randint(1, 99)) + pick("!$%")
    if k == 3:
        return "%s.%s.%d" % (w.capitalize(), pick(WORDS).capitalize(), _R.randint(1970, 2024))
    if k == 4:
        return pick(NAMES).capitalize() + str(_R.randint(1960, 2010)) + pick("!#")
    if k == 5:
        return pick(["hunter22", "letmein123", "qwerty2024", "dragon2019", "monkey123!",
                     "iloveyou2", "trustno1!", "Passw0rd!", "Welcome1!", "abc12345",
                     "P@ssword123", "Company2024", "Changeme2023!", "admin12345"])
    if k == 6:
        return w + pick(WORDS) + str(_R.randint(100, 999))
    if k == 7:
        return pick(["Mon", "Tue", "Jan", "Feb", "Mar"]) + pick(WORDS).capitalize() + "_" + str(_R.randint(10, 99))
    if k == 8:
        return w.upper()[:3] + pick(WORDS) + "#" + str(_R.randint(1000, 9999))
    return pick(NAMES).capitalize() + "&" + w.capitalize() + str(_R.randint(1, 31))


def pw_random(n=None, sym="!@#%^*-_+=.?~"):
    n = n or _R.randint(12, 28)
    while True:
        s = rs(_AN + sym, n)
        if any(c in _DIG for c in s) and any(c in _UP for c in s) and any(c in _LOW for c in s):
            return s


def pw_phrase():
    sep = pick(["-", "_", ".", ""])
    k = _R.randint(3, 5)
    ws = [pick(WORDS) for _ in range(k)]
    if sep == "":
        ws = [x.capitalize() for x in ws]
    return sep.join(ws) + pick(["", str(_R.randint(1, 99))])


def pw():
    k = _R.random()
    if k < 0.45:
        return pw_human()
    if k < 0.8:
        return pw_random()
    return pw_phrase()


def pw_safe():
    """Password without characters that need escaping in URLs/XML/shell."""
    k = _R.random()
    if k < 0.4:
        s = pw_human()
    elif k < 0.8:
        s = pw_random(sym="-_.~")
    else:
        s = pw_phrase()
    for c in "!@#$%^&*?+=/:&<>\"'`\\ ":
        s = s.replace(c, pick(["_", "-", "9", "x", "."]))
    if len(s) < 8:
        s = s + hx(8 - len(s) + 2)
    return s


def user():
    return pick(USERS + NAMES)


def host():
    return pick(HOSTS)


def db():
    return pick(DBS)


def _add(group, fmt, text, secret, visible=""):
    SECRETS.append((group, fmt, text, secret, visible))


def _ben(s):
    BENIGN.append(s)


def vary_case(s):
    return pick([s, s.lower(), s.upper()])


# ---------------------------------------------------------------- contexts
IMAGES = ["ghcr.io/acme/api:1.14.2", "python:3.11-slim", "node:20-alpine", "acme/worker:latest",
          "registry.gitlab.com/team/svc:main", "alpine:3.19"]


def _camel(env):
    parts = env.lower().split("_")
    return parts[0] + "".join(p.capitalize() for p in parts[1:])


def token_context(env, tok, vname, cli, dom):
    """One of many realistic places an agent writes a token with a label."""
    camel = _camel(env)
    key = env.lower()
    cls = vname.replace(" ", "").replace(".", "")
    t = [
        lambda: "export %s=%s" % (env, tok),
        lambda: 'export %s="%s"' % (env, tok),
        lambda: "%s='%s'" % (env, tok),
        lambda: "%s=%s  # %s prod" % (env, tok, vname),
        lambda: json.dumps({camel: tok, "timeout": 30}),
        lambda: json.dumps({"env": {env: tok, "NODE_ENV": "production"}}, indent=2),
        lambda: "%s: %s" % (key, tok),
        lambda: '%s:\n  %s: "%s"\n  region: us-east-1' % (cls.lower(), camel, tok),
        lambda: '[%s]\n%s = "%s"' % (cls.lower(), key, tok),
        lambda: 'curl -sS -H "Authorization: Bearer %s" https://api.%s/v1/me' % (tok, dom),
        lambda: "docker run --rm -e %s=%s %s" % (env, tok, pick(IMAGES)),
        lambda: 'os.environ["%s"] = "%s"' % (env, tok),
        lambda: "process.env.%s = '%s';" % (env, tok),
        lambda: "%s login --token %s" % (cli, tok),
        lambda: "set %s=%s" % (env, tok),
        lambda: '$env:%s = "%s"' % (env, tok),
        lambda: "Added the %s token %s to the CI variables." % (vname, tok),
        lambda: '        - name: %s\n          value: "%s"' % (env, tok),
        lambda: "ENV %s=%s" % (env, tok),
        lambda: 'client = %s(api_key="%s")' % (cls, tok),
        lambda: 'const client = new %s({ apiKey: "%s" });' % (cls, tok),
        lambda: "echo %s | %s auth login --with-token" % (tok, cli),
        lambda: 'gh secret set %s --body "%s"' % (env, tok),
        lambda: "heroku config:set %s=%s -a acme-api" % (env, tok),
        lambda: '<add key="%sApiKey" value="%s" />' % (cls, tok),
        lambda: "%s.api.token=%s" % (cls.lower(), tok),
        lambda: "api_key = %s" % tok,
        lambda: "%s token: %s (expires in 90 days)" % (vname, tok),
        lambda: 'fly secrets set %s="%s"' % (env, tok),
        lambda: "    %s = \"%s\"," % (camel, tok),
    ]
    return pick(t)()


def add_vendor(group, fmt, env, vname, cli, dom, gen, n=2, extra=None):
    for i in range(n):
        tok = gen()
        if extra and i == n - 1:
            text = extra(tok)
        else:
            text = token_context(env, tok, vname, cli, dom)
        _add(group, fmt, text, tok, "")


# ---------------------------------------------------------------- known vendor tokens
V = "vendor-token"
VENDORS = [
    ("github-pat-classic", "GITHUB_TOKEN", "GitHub", "gh", "github.com", lambda: "gh" + "p_" + an(36)),
    ("github-oauth-token", "GH_OAUTH_TOKEN", "GitHub", "gh", "github.com", lambda: "gh" + "o_" + an(36)),
    ("github-user-server", "GH_APP_USER_TOKEN", "GitHub", "gh", "github.com", lambda: "gh" + "u_" + an(36)),
    ("github-server-server", "GH_INSTALL_TOKEN", "GitHub", "gh", "github.com", lambda: "gh" + "s_" + an(36)),
    ("github-refresh", "GH_REFRESH_TOKEN", "GitHub", "gh", "github.com", lambda: "gh" + "r_" + an(76)),
    ("github-fine-grained", "GH_PAT", "GitHub", "gh", "github.com", lambda: "github" + "_pat_" + uan(11) + "0" + an(10) + "_" + an(59)),
    ("gitlab-pat", "GITLAB_TOKEN", "GitLab", "glab", "gitlab.com", lambda: "gl" + "pat-" + an_(20)),
    ("gitlab-trigger", "CI_TRIGGER_TOKEN", "GitLab", "glab", "gitlab.com", lambda: "gl" + "ptt-" + hx(40)),
    ("gitlab-deploy-token", "DEPLOY_TOKEN", "GitLab", "glab", "gitlab.com", lambda: "gl" + "dt-" + an_(20)),
    ("gitlab-runner-auth", "RUNNER_TOKEN", "GitLab Runner", "gitlab-runner", "gitlab.com", lambda: "gl" + "rt-" + an_(20)),
    ("gitlab-runner-registration", "REGISTRATION_TOKEN", "GitLab Runner", "gitlab-runner", "gitlab.com", lambda: "GR" + "1348941" + an_(20)),
    ("gitlab-feed-token", "GITLAB_FEED_TOKEN", "GitLab", "glab", "gitlab.com", lambda: "gl" + "ft-" + an_(20)),
    ("slack-bot-token", "SLACK_BOT_TOKEN", "Slack", "slack", "slack.com", lambda: "xo" + "xb-" + dg(11) + "-" + dg(13) + "-" + an(24)),
    ("slack-user-token", "SLACK_USER_TOKEN", "Slack", "slack", "slack.com", lambda: "xo" + "xp-" + dg(11) + "-" + dg(11) + "-" + dg(13) + "-" + hx(32)),
    ("slack-app-token", "SLACK_APP_TOKEN", "Slack", "slack", "slack.com", lambda: "xa" + "pp-1-A" + uan(10) + "-" + dg(13) + "-" + hx(64)),
    ("slack-config-token", "SLACK_CONFIG_TOKEN", "Slack", "slack", "slack.com", lambda: "xo" + "xe.xo" + "xp-1-" + an(140)),
    ("stripe-live-secret", "STRIPE_SECRET_KEY", "Stripe", "stripe", "stripe.com", lambda: "sk" + "_live_" + an(pick([24, 99]))),
    ("stripe-restricted", "STRIPE_RESTRICTED_KEY", "Stripe", "stripe", "stripe.com", lambda: "rk" + "_live_" + an(99)),
    ("stripe-test-secret", "STRIPE_TEST_KEY", "Stripe", "stripe", "stripe.com", lambda: "sk" + "_test_" + an(pick([24, 99]))),
    ("stripe-webhook-secret", "STRIPE_WEBHOOK_SECRET", "Stripe", "stripe", "stripe.com", lambda: "wh" + "sec_" + an(32)),
    ("google-api-key", "GOOGLE_API_KEY", "Google Maps", "gcloud", "googleapis.com", lambda: "AI" + "za" + "Sy" + an_(33)),
    ("google-oauth-client-secret", "GOOGLE_CLIENT_SECRET", "Google OAuth", "gcloud", "googleapis.com", lambda: "GOC" + "SPX-" + an_(28)),
    ("google-oauth-access-token", "GOOGLE_ACCESS_TOKEN", "Google", "gcloud", "googleapis.com", lambda: "ya" + "29." + an_(160)),
    ("google-refresh-token", "GOOGLE_REFRESH_TOKEN", "Google", "gcloud", "googleapis.com", lambda: "1//0" + pick("3cg") + an_(99)),
    ("openai-project-key", "OPENAI_API_KEY", "OpenAI", "openai", "openai.com", lambda: "sk" + "-proj-" + an_(74) + "T3Blbk" + "FJ" + an_(74)),
    ("openai-legacy-key", "OPENAI_API_KEY", "OpenAI", "openai", "openai.com", lambda: "sk" + "-" + an(20) + "T3Blbk" + "FJ" + an(20)),
    ("openai-service-account", "OPENAI_ADMIN_KEY", "OpenAI", "openai", "openai.com", lambda: "sk" + "-svcacct-" + an_(74) + "T3Blbk" + "FJ" + an_(74)),
    ("anthropic-api-key", "ANTHROPIC_API_KEY", "Anthropic", "claude", "anthropic.com", lambda: "sk" + "-ant-" + "api03-" + an_(93) + "AA"),
    ("anthropic-admin-key", "ANTHROPIC_ADMIN_KEY", "Anthropic", "claude", "anthropic.com", lambda: "sk" + "-ant-" + "admin01-" + an_(93) + "AA"),
    ("huggingface-token", "HF_TOKEN", "Hugging Face", "huggingface-cli", "huggingface.co", lambda: "h" + "f_" + an(34)),
    ("replicate-token", "REPLICATE_API_TOKEN", "Replicate", "replicate", "replicate.com", lambda: "r" + "8_" + an(37)),
    ("groq-key", "GROQ_API_KEY", "Groq", "groq", "groq.com", lambda: "gs" + "k_" + an(52)),
    ("perplexity-key", "PPLX_API_KEY", "Perplexity", "pplx", "perplexity.ai", lambda: "pp" + "lx-" + an(48)),
    ("xai-key", "XAI_API_KEY", "xAI", "grok", "x.ai", lambda: "xa" + "i-" + an(80)),
    ("openrouter-key", "OPENROUTER_API_KEY", "OpenRouter", "openrouter", "openrouter.ai", lambda: "sk" + "-or-v1-" + hx(64)),
    ("langsmith-key", "LANGSMITH_API_KEY", "LangSmith", "langsmith", "smith.langchain.com", lambda: "lsv2" + "_pt_" + hx(32) + "_" + hx(10)),
    ("npm-token", "NPM_TOKEN", "npm", "npm", "registry.npmjs.org", lambda: "np" + "m_" + an(36)),
    ("pypi-token", "PYPI_TOKEN", "PyPI", "twine", "upload.pypi.org", lambda: "py" + "pi-" + "AgEIcHlwaS5vcmc" + b64u(pick([60, 90, 120]))),
    ("rubygems-key", "GEM_HOST_API_KEY", "RubyGems", "gem", "rubygems.org", lambda: "ruby" + "gems_" + hx(48)),
    ("nuget-key", "NUGET_API_KEY", "NuGet", "dotnet nuget", "nuget.org", lambda: "oy" + "2" + lan(43)),
    ("dockerhub-pat", "DOCKERHUB_TOKEN", "Docker Hub", "docker", "hub.docker.com", lambda: "dckr" + "_pat_" + an_(27)),
    ("heroku-api-key-v2", "HEROKU_API_KEY", "Heroku", "heroku", "api.heroku.com", lambda: "HR" + "KU-AA" + an_(58)),
    ("sendgrid-key", "SENDGRID_API_KEY", "SendGrid", "sendgrid", "api.sendgrid.com", lambda: "S" + "G." + an_(22) + "." + an_(43)),
    ("mailgun-key-prefix", "MAILGUN_API_KEY", "Mailgun", "mailgun", "api.mailgun.net", lambda: "ke" + "y-" + hx(32)),
    ("mailgun-private-key", "MAILGUN_PRIVATE_KEY", "Mailgun", "mailgun", "api.mailgun.net", lambda: hx(32) + "-" + hx(8) + "-" + hx(8)),
    ("mailchimp-key", "MAILCHIMP_API_KEY", "Mailchimp", "mailchimp", "us12.api.mailchimp.com", lambda: hx(32) + "-us" + str(_R.randint(1, 21))),
    ("shopify-access-token", "SHOPIFY_ACCESS_TOKEN", "Shopify", "shopify", "myshopify.com", lambda: "sh" + "pat_" + hx(32)),
    ("shopify-shared-secret", "SHOPIFY_API_SECRET", "Shopify", "shopify", "myshopify.com", lambda: "sh" + "pss_" + hx(32)),
    ("shopify-custom-app", "SHOPIFY_CUSTOM_TOKEN", "Shopify", "shopify", "myshopify.com", lambda: "sh" + "pca_" + hx(32)),
    ("shopify-private-app", "SHOPIFY_PRIVATE_PASSWORD", "Shopify", "shopify", "myshopify.com", lambda: "sh" + "ppa_" + hx(32)),
    ("atlassian-api-token", "JIRA_API_TOKEN", "Atlassian", "acli", "atlassian.net", lambda: "ATA" + "TT3xFfGF0" + an_(170) + "=" + HX(8)),
    ("linear-key", "LINEAR_API_KEY", "Linear", "linear", "api.linear.app", lambda: "lin" + "_api_" + an(40)),
    ("notion-secret-legacy", "NOTION_TOKEN", "Notion", "notion", "api.notion.com", lambda: "sec" + "ret_" + an(43)),
    ("notion-ntn", "NOTION_API_KEY", "Notion", "notion", "api.notion.com", lambda: "nt" + "n_" + dg(11) + an(35)),
    ("airtable-pat", "AIRTABLE_PAT", "Airtable", "airtable", "api.airtable.com", lambda: "pa" + "t" + an(14) + "." + hx(64)),
    ("figma-pat", "FIGMA_TOKEN", "Figma", "figma", "api.figma.com", lambda: "fi" + "gd_" + an_(40)),
    ("sentry-org-token", "SENTRY_AUTH_TOKEN", "Sentry", "sentry-cli", "sentry.io", lambda: "sn" + "trys_" + "eyJpYXQiO" + an(60) + "_" + an(43)),
    ("sentry-user-token", "SENTRY_AUTH_TOKEN", "Sentry", "sentry-cli", "sentry.io", lambda: "sn" + "tryu_" + hx(64)),
    ("newrelic-user-key", "NEW_RELIC_API_KEY", "New Relic", "newrelic", "api.newrelic.com", lambda: "NR" + "AK-" + uan(27)),
    ("newrelic-insert-key", "NEW_RELIC_INSERT_KEY", "New Relic", "newrelic", "insights-collector.newrelic.com", lambda: "NR" + "II-" + an_(32)),
    ("newrelic-license", "NEW_RELIC_LICENSE_KEY", "New Relic", "newrelic", "newrelic.com", lambda: hx(36) + "NR" + "AL"),
    ("grafana-cloud-token", "GRAFANA_CLOUD_TOKEN", "Grafana Cloud", "grafana", "grafana.net", lambda: "gl" + "c_" + "eyJvIjoi" + an(100) + "=="),
    ("grafana-sa-token", "GRAFANA_SA_TOKEN", "Grafana", "grafana", "grafana.example.com", lambda: "gl" + "sa_" + an(32) + "_" + hx(8)),
    ("doppler-service-token", "DOPPLER_TOKEN", "Doppler", "doppler", "api.doppler.com", lambda: "dp" + ".st." + pick(["", "prd.", "dev.", "stg."]) + an(43)),
    ("doppler-personal-token", "DOPPLER_TOKEN", "Doppler", "doppler", "api.doppler.com", lambda: "dp" + ".pt." + an(43)),
    ("doppler-cli-token", "DOPPLER_TOKEN", "Doppler", "doppler", "api.doppler.com", lambda: "dp" + ".ct." + an(43)),
    ("doppler-sa-token", "DOPPLER_TOKEN", "Doppler", "doppler", "api.doppler.com", lambda: "dp" + ".sa." + an(43)),
    ("doppler-scim-token", "DOPPLER_SCIM_TOKEN", "Doppler", "doppler", "api.doppler.com", lambda: "dp" + ".scim." + an(43)),
    ("doppler-audit-token", "DOPPLER_AUDIT_TOKEN", "Doppler", "doppler", "api.doppler.com", lambda: "dp" + ".audit." + an(43)),
    ("vault-service-token", "VAULT_TOKEN", "Vault", "vault", "vault.internal:8200", lambda: "hv" + "s." + an_(90)),
    ("vault-batch-token", "VAULT_TOKEN", "Vault", "vault", "vault.internal:8200", lambda: "hv" + "b." + an_(138)),
    ("vault-legacy-token", "VAULT_TOKEN", "Vault", "vault", "vault.internal:8200", lambda: "s" + "." + an(24)),
    ("terraform-cloud-token", "TF_TOKEN_app_terraform_io", "Terraform Cloud", "terraform", "app.terraform.io", lambda: an(14) + ".atl" + "asv1." + an(67)),
    ("pulumi-token", "PULUMI_ACCESS_TOKEN", "Pulumi", "pulumi", "api.pulumi.com", lambda: "pu" + "l-" + hx(40)),
    ("netlify-pat", "NETLIFY_AUTH_TOKEN", "Netlify", "netlify", "api.netlify.com", lambda: "nf" + "p_" + an(36)),
    ("flyio-token", "FLY_API_TOKEN", "Fly.io", "flyctl", "api.fly.io", lambda: "Fly" + "V1 fm2_" + b64b(90)),
    ("digitalocean-pat", "DIGITALOCEAN_TOKEN", "DigitalOcean", "doctl", "api.digitalocean.com", lambda: "do" + "p_v1_" + hx(64)),
    ("digitalocean-oauth", "DO_OAUTH_TOKEN", "DigitalOcean", "doctl", "api.digitalocean.com", lambda: "do" + "o_v1_" + hx(64)),
    ("digitalocean-refresh", "DO_REFRESH_TOKEN", "DigitalOcean", "doctl", "api.digitalocean.com", lambda: "do" + "r_v1_" + hx(64)),
    ("cloudflare-origin-ca-key", "CF_ORIGIN_CA_KEY", "Cloudflare", "wrangler", "api.cloudflare.com", lambda: "v1" + ".0-" + hx(24) + "-" + hx(146)),
    ("supabase-pat", "SUPABASE_ACCESS_TOKEN", "Supabase", "supabase", "api.supabase.com", lambda: "sb" + "p_" + hx(40)),
    ("supabase-secret-key", "SUPABASE_SECRET_KEY", "Supabase", "supabase", "supabase.co", lambda: "sb" + "_secret_" + an_(31)),
    ("planetscale-token", "PLANETSCALE_SERVICE_TOKEN", "PlanetScale", "pscale", "api.planetscale.com", lambda: "psc" + "ale_tkn_" + an_(43)),
    ("planetscale-password", "DATABASE_PASSWORD", "PlanetScale", "pscale", "aws.connect.psdb.cloud", lambda: "psc" + "ale_pw_" + an_(43)),
    ("postman-key", "POSTMAN_API_KEY", "Postman", "postman", "api.getpostman.com", lambda: "PM" + "AK-" + hx(24) + "-" + hx(34)),
    ("square-access-token", "SQUARE_ACCESS_TOKEN", "Square", "square", "connect.squareup.com", lambda: "EA" + "AA" + an_(60)),
    ("square-oauth-secret", "SQUARE_APP_SECRET", "Square", "square", "connect.squareup.com", lambda: "sq0" + "csp-" + an_(43)),
    ("braintree-access-token", "BRAINTREE_ACCESS_TOKEN", "Braintree", "braintree", "api.braintreegateway.com", lambda: "access_" + "token$production$" + lan(16) + "$" + hx(32)),
    ("flutterwave-secret", "FLW_SECRET_KEY", "Flutterwave", "flw", "api.flutterwave.com", lambda: "FLW" + "SECK-" + hx(32) + "-X"),
    ("paystack-secret", "PAYSTACK_SECRET_KEY", "Paystack", "paystack", "api.paystack.co", lambda: "sk" + "_live_" + hx(40)),
    ("telegram-bot-token", "TELEGRAM_BOT_TOKEN", "Telegram", "tg", "api.telegram.org", lambda: dg(10) + ":AA" + an_(33)),
    ("discord-bot-token", "DISCORD_TOKEN", "Discord", "discord", "discord.com", lambda: b64s(dg(18)).rstrip("=") + "." + an_(6) + "." + an_(38)),
    ("dropbox-token", "DROPBOX_ACCESS_TOKEN", "Dropbox", "dbxcli", "api.dropboxapi.com", lambda: "s" + "l.u." + an_(136)),
    ("asana-pat", "ASANA_TOKEN", "Asana", "asana", "app.asana.com", lambda: "2/" + dg(16) + "/" + dg(16) + ":" + hx(32)),
    ("contentful-pat", "CONTENTFUL_MANAGEMENT_TOKEN", "Contentful", "contentful", "api.contentful.com", lambda: "CF" + "PAT-" + an_(43)),
    ("prefect-key", "PREFECT_API_KEY", "Prefect", "prefect", "api.prefect.cloud", lambda: "pn" + "u_" + an(36)),
    ("databricks-token", "DATABRICKS_TOKEN", "Databricks", "databricks", "cloud.databricks.com", lambda: "da" + "pi" + hx(32) + pick(["", "-2", "-3"])),
    ("sonarqube-user-token", "SONAR_TOKEN", "SonarQube", "sonar-scanner", "sonar.acme.io", lambda: "sq" + "u_" + hx(40)),
    ("sonarqube-project-token", "SONAR_TOKEN", "SonarQube", "sonar-scanner", "sonar.acme.io", lambda: "sq" + "p_" + hx(40)),
    ("sonarqube-analysis-token", "SONAR_TOKEN", "SonarQube", "sonar-scanner", "sonar.acme.io", lambda: "sq" + "a_" + hx(40)),
    ("jfrog-api-key", "ARTIFACTORY_API_KEY", "JFrog", "jf", "acme.jfrog.io", lambda: "AK" + "Cp" + an(69)),
    ("jfrog-reference-token", "JFROG_ACCESS_TOKEN", "JFrog", "jf", "acme.jfrog.io", lambda: "cmVm" + "dGtu" + an(56)),
    ("circleci-pat", "CIRCLECI_TOKEN", "CircleCI", "circleci", "circleci.com", lambda: "CCI" + "PAT_" + an(22) + "_" + hx(40)),
    ("buildkite-token", "BUILDKITE_API_TOKEN", "Buildkite", "bk", "api.buildkite.com", lambda: "bk" + "ua_" + hx(40)),
    ("launchdarkly-sdk-key", "LD_SDK_KEY", "LaunchDarkly", "ldcli", "app.launchdarkly.com", lambda: "sd" + "k-" + uuid4()),
    ("launchdarkly-api-key", "LD_API_KEY", "LaunchDarkly", "ldcli", "app.launchdarkly.com", lambda: "ap" + "i-" + uuid4()),
    ("typeform-token", "TYPEFORM_TOKEN", "Typeform", "typeform", "api.typeform.com", lambda: "tf" + "p_" + an_(44) + "_" + an(14)),
    ("hubspot-private-app", "HUBSPOT_ACCESS_TOKEN", "HubSpot", "hs", "api.hubapi.com", lambda: "pa" + "t-na1-" + uuid4()),
    ("frameio-token", "FRAMEIO_TOKEN", "Frame.io", "frameio", "api.frame.io", lambda: "fi" + "o-u-" + an_(64)),
    ("dynatrace-token", "DT_API_TOKEN", "Dynatrace", "dtctl", "live.dynatrace.com", lambda: "dt" + "0c01." + uan(24) + "." + uan(64)),
    ("easypost-key", "EASYPOST_API_KEY", "EasyPost", "easypost", "api.easypost.com", lambda: "EZ" + "AK" + hx(54)),
    ("shippo-live-token", "SHIPPO_TOKEN", "Shippo", "shippo", "api.goshippo.com", lambda: "shi" + "ppo_live_" + hx(40)),
    ("duffel-live-token", "DUFFEL_ACCESS_TOKEN", "Duffel", "duffel", "api.duffel.com", lambda: "duf" + "fel_live_" + an_(43)),
    ("bitbucket-app-password", "BITBUCKET_APP_PASSWORD", "Bitbucket", "bb", "api.bitbucket.org", lambda: "AT" + "BB" + an(32) + HX(8)),
    ("tailscale-auth-key", "TS_AUTHKEY", "Tailscale", "tailscale", "login.tailscale.com", lambda: "tskey" + "-auth-k" + an(10) + "CNTRL-" + an(33)),
    ("tailscale-api-key", "TS_API_KEY", "Tailscale", "tailscale", "api.tailscale.com", lambda: "tskey" + "-api-k" + an(10) + "CNTRL-" + an(33)),
    ("ngrok-authtoken", "NGROK_AUTHTOKEN", "ngrok", "ngrok", "api.ngrok.com", lambda: "2" + an(26) + "_" + an(21)),
    ("pinecone-key", "PINECONE_API_KEY", "Pinecone", "pinecone", "api.pinecone.io", lambda: "pc" + "sk_" + an(5) + "_" + an(63)),
    ("azure-ad-client-secret", "AZURE_CLIENT_SECRET", "Azure AD", "az", "login.microsoftonline.com", lambda: an(3) + "8Q~" + rs(_AN + "-_.~", 34)),
    ("infracost-key", "INFRACOST_API_KEY", "Infracost", "infracost", "pricing.api.infracost.io", lambda: "ic" + "o-" + an(32)),
    ("harness-pat", "HARNESS_API_KEY", "Harness", "harness", "app.harness.io", lambda: "pa" + "t." + an(22) + "." + hx(24) + "." + an(20)),
    ("scalingo-token", "SCALINGO_API_TOKEN", "Scalingo", "scalingo", "api.osc-fr1.scalingo.com", lambda: "tk" + "-us-" + an_(48)),
    ("readme-key", "README_API_KEY", "ReadMe", "rdme", "dash.readme.com", lambda: "rd" + "me_" + hx(70)),
    ("mailersend-token", "MAILERSEND_API_KEY", "MailerSend", "mailersend", "api.mailersend.com", lambda: "ml" + "sn." + hx(64)),
    ("resend-key", "RESEND_API_KEY", "Resend", "resend", "api.resend.com", lambda: "r" + "e_" + an(8) + "_" + an(24)),
    ("brevo-key", "BREVO_API_KEY", "Brevo", "brevo", "api.brevo.com", lambda: "xke" + "ysib-" + hx(64) + "-" + an(16)),
    ("mandrill-key", "MANDRILL_KEY", "Mandrill", "mandrill", "mandrillapp.com", lambda: "m" + "d-" + an_(22)),
    ("plaid-access-token", "PLAID_ACCESS_TOKEN", "Plaid", "plaid", "production.plaid.com", lambda: "acc" + "ess-production-" + uuid4()),
    ("stytch-secret", "STYTCH_SECRET", "Stytch", "stytch", "api.stytch.com", lambda: "sec" + "ret-live-" + an_(36)),
    ("checkly-key", "CHECKLY_API_KEY", "Checkly", "checkly", "api.checklyhq.com", lambda: "c" + "u_" + hx(32)),
    ("yandex-oauth", "YC_TOKEN", "Yandex Cloud", "yc", "cloud.yandex.net", lambda: "y" + "0_" + an_(55)),
    ("yandex-api-key", "YC_API_KEY", "Yandex Cloud", "yc", "cloud.yandex.net", lambda: "AQ" + "VN" + an_(36)),
    ("mapbox-secret", "MAPBOX_SECRET_TOKEN", "Mapbox", "mapbox", "api.mapbox.com", lambda: "s" + "k.eyJ1Ijoi" + b64u(30) + "." + an_(22)),
    ("lob-live-key", "LOB_API_KEY", "Lob", "lob", "api.lob.com", lambda: "li" + "ve_" + hx(35)),
    ("fcm-server-key", "FCM_SERVER_KEY", "Firebase Cloud Messaging", "firebase", "fcm.googleapis.com", lambda: "AA" + "AA" + an_(7) + ":APA91b" + an_(134)),
    ("sourcegraph-token", "SRC_ACCESS_TOKEN", "Sourcegraph", "src", "sourcegraph.com", lambda: "sg" + "p_" + hx(16) + "_" + hx(40)),
    ("posthog-personal-key", "POSTHOG_PERSONAL_API_KEY", "PostHog", "posthog", "app.posthog.com", lambda: "ph" + "x_" + an(47)),
    ("portainer-token", "PORTAINER_TOKEN", "Portainer", "portainer", "portainer.acme.lan", lambda: "pt" + "r_" + b64b(30)),
    ("render-key", "RENDER_API_KEY", "Render", "render", "api.render.com", lambda: "rn" + "d_" + an(32)),
    ("neon-key", "NEON_API_KEY", "Neon", "neonctl", "console.neon.tech", lambda: "na" + "pi_" + lan(64)),
    ("cerebras-key", "CEREBRAS_API_KEY", "Cerebras", "cerebras", "api.cerebras.ai", lambda: "cs" + "k-" + lan(48)),
    ("fireworks-key", "FIREWORKS_API_KEY", "Fireworks", "firectl", "api.fireworks.ai", lambda: "f" + "w_" + an(24)),
    ("honeycomb-ingest-key", "HONEYCOMB_API_KEY", "Honeycomb", "honeycomb", "api.honeycomb.io", lambda: "hca" + "ik_01" + lan(24) + lan(32)),
    ("vault-token-sops-env", "SOPS_VAULT_TOKEN", "SOPS", "sops", "vault.internal:8200", lambda: "hv" + "s.CAESI" + an_(80)),
    ("jwt-hs256-access", "ACCESS_TOKEN", "API", "acme", "api.acme.io", lambda: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + b64u(_R.randint(60, 140)) + "." + b64u(32)),
    ("jwt-rs256-id-token", "ID_TOKEN", "Auth0", "auth0", "acme.eu.auth0.com", lambda: "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6I" + b64u(20) + "." + b64u(_R.randint(180, 320)) + "." + b64u(256)),
]

for _v in VENDORS:
    add_vendor(V, _v[0], _v[1], _v[2], _v[3], _v[4], _v[5], n=2)

# webhook URLs: the path token is the secret
for _i in range(3):
    _t = an(24)
    _u = "https://hooks.slack.com/services/T" + uan(8) + "/B" + uan(10) + "/" + _t
    _add(V, "slack-webhook-url", pick(["SLACK_WEBHOOK_URL=%s", "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy ok\"}' %s",
                                       "alertmanager slack_api_url: %s"]) % _u, _t, "hooks.slack.com")
for _i in range(2):
    _t = an_(68)
    _u = "https://discord.com/api/webhooks/" + dg(18) + "/" + _t
    _add(V, "discord-webhook-url", pick(["DISCORD_WEBHOOK=%s", "webhook_url: \"%s\""]) % _u, _t, "discord.com")
for _i in range(2):
    _t = hx(32)
    _u = "https://acme.webhook.office.com/webhookb2/%s@%s/IncomingWebhook/%s/%s" % (uuid4(), uuid4(), _t, uuid4())
    _add(V, "teams-webhook-url", pick(["TEAMS_WEBHOOK_URL=%s", "notify: curl -H 'Content-Type: application/json' -d @msg.json %s"]) % _u, _t, "webhook.office.com")
for _i in range(2):
    _t = hx(64)
    _u = "https://oapi.dingtalk.com/robot/send?access_token=" + _t
    _add(V, "dingtalk-robot-url", pick(["dingtalk_webhook: %s", "DINGTALK_URL='%s'"]) % _u, _t, "dingtalk")
for _i in range(2):
    _t = uuid4()
    _u = "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=" + _t
    _add(V, "wecom-robot-url", pick(["WECOM_WEBHOOK=%s", "curl '%s' -H 'Content-Type: application/json' -d '{\"msgtype\":\"text\"}'"]) % _u, _t, "qyapi.weixin.qq.com")
for _i in range(2):
    _t = an_(43)
    _u = "https://chat.googleapis.com/v1/spaces/AAAA%s/messages?key=AI%s&token=%s" % (an(7), "za" + "Sy" + an_(33), _t)
    _add(V, "google-chat-webhook-url", pick(["GCHAT_WEBHOOK=%s", "webhook: \"%s\""]) % _u, _t, "chat.googleapis.com")

# ---------------------------------------------------------------- obscure / unprefixed / internal
O = "obscure-token"


def obscure_context(env, tok, vname, dom):
    cls = vname.replace(" ", "").replace(".", "").replace("-", "")
    t = [
        lambda: token_context(env, tok, vname, vname.lower().split()[0], dom),
        lambda: token_context(env, tok, vname, vname.lower().split()[0], dom),
        lambda: '%s = %s.Client("%s")' % (cls.lower(), cls, tok),
        lambda: "curl 'https://api.%s/v2/items?access_token=%s'" % (dom, tok),
        lambda: 'curl -H "X-%s-Key: %s" https://api.%s/v1/status' % (cls, tok, dom),
        lambda: "%s.init('%s', { region: 'eu' });" % (cls.lower(), tok),
        lambda: "%s_%s=%s" % (cls.upper(), pick(["SECRET", "CREDENTIAL", "KEY", "PAT"]), tok),
        lambda: "- %s credentials: key is %s (from the vendor dashboard)" % (vname, tok),
        lambda: '"%s": {\n    "apiKey": "%s",\n    "baseUrl": "https://api.%s"\n  }' % (cls.lower(), tok, dom),
        lambda: "%s.api_key = '%s'" % (cls.lower(), tok),
        lambda: 'let client = %s::new("%s");' % (cls, tok),
        lambda: '%s := %s.New("%s")' % (cls.lower()[:3], cls.lower(), tok),
    ]
    return pick(t)()


UNPREFIXED = [
    ("fastly-api-token", "FASTLY_API_TOKEN", "Fastly", "fastly.com", lambda: an_(32)),
    ("mistral-api-key", "MISTRAL_API_KEY", "Mistral", "mistral.ai", lambda: an(32)),
    ("cohere-api-key", "CO_API_KEY", "Cohere", "cohere.com", lambda: an(40)),
    ("algolia-admin-key", "ALGOLIA_ADMIN_KEY", "Algolia", "algolia.net", lambda: hx(32)),
    ("vercel-token", "VERCEL_TOKEN", "Vercel", "vercel.com", lambda: an(24)),
    ("railway-token", "RAILWAY_TOKEN", "Railway", "railway.app", uuid4),
    ("heroku-api-key-uuid", "HEROKU_API_KEY", "Heroku", "heroku.com", uuid4),
    ("opsgenie-key", "OPSGENIE_API_KEY", "Opsgenie", "opsgenie.com", uuid4),
    ("snyk-token", "SNYK_TOKEN", "Snyk", "snyk.io", uuid4),
    ("codecov-token", "CODECOV_TOKEN", "Codecov", "codecov.io", uuid4),
    ("rollbar-token", "ROLLBAR_ACCESS_TOKEN", "Rollbar", "rollbar.com", lambda: hx(32)),
    ("bugsnag-key", "BUGSNAG_API_KEY", "Bugsnag", "bugsnag.com", lambda: hx(32)),
    ("datadog-api-key", "DD_API_KEY", "Datadog", "datadoghq.com", lambda: hx(32)),
    ("datadog-app-key", "DD_APP_KEY", "Datadog", "datadoghq.com", lambda: hx(40)),
    ("cloudflare-api-token", "CLOUDFLARE_API_TOKEN", "Cloudflare", "cloudflare.com", lambda: an_(40)),
    ("cloudflare-global-key", "CF_API_KEY", "Cloudflare", "cloudflare.com", lambda: hx(37)),
    ("linode-token", "LINODE_TOKEN", "Linode", "linode.com", lambda: hx(64)),
    ("vultr-key", "VULTR_API_KEY", "Vultr", "vultr.com", lambda: uan(36)),
    ("hetzner-token", "HCLOUD_TOKEN", "Hetzner Cloud", "hetzner.cloud", lambda: an(64)),
    ("etherscan-key", "ETHERSCAN_API_KEY", "Etherscan", "etherscan.io", lambda: uan(34)),
    ("infura-secret", "INFURA_API_SECRET", "Infura", "infura.io", lambda: hx(32)),
    ("alchemy-key", "ALCHEMY_API_KEY", "Alchemy", "alchemy.com", lambda: an_(32)),
    ("trello-token", "TRELLO_TOKEN", "Trello", "trello.com", lambda: "ATTA" + hx(64) + HX(8)),
    ("zendesk-token", "ZENDESK_API_TOKEN", "Zendesk", "zendesk.com", lambda: an(40)),
    ("pipedrive-token", "PIPEDRIVE_API_TOKEN", "Pipedrive", "pipedrive.com", lambda: hx(40)),
    ("mixpanel-secret", "MIXPANEL_API_SECRET", "Mixpanel", "mixpanel.com", lambda: hx(32)),
    ("segment-write-key", "SEGMENT_WRITE_KEY", "Segment", "segment.io", lambda: an(32)),
    ("pagerduty-key", "PAGERDUTY_TOKEN", "PagerDuty", "pagerduty.com", lambda: an_(20)),
    ("gitea-token", "GITEA_TOKEN", "Gitea", "git.acme.lan", lambda: hx(40)),
    ("drone-token", "DRONE_TOKEN", "Drone", "drone.acme.lan", lambda: an(32)),
    ("harbor-robot-secret", "HARBOR_ROBOT_SECRET", "Harbor", "harbor.acme.lan", lambda: an(32)),
    ("rancher-token", "RANCHER_TOKEN", "Rancher", "rancher.acme.lan", lambda: "token-" + lan(5) + ":" + lan(54)),
    ("grafana-legacy-key", "GRAFANA_API_KEY", "Grafana", "grafana.acme.lan", lambda: "eyJrIjoi" + b64b(60).rstrip("=")),
    ("elastic-api-key", "ELASTIC_API_KEY", "Elastic", "es.acme.lan", lambda: b64s(an_(20) + ":" + an_(22))),
    ("keycloak-client-secret", "KEYCLOAK_CLIENT_SECRET", "Keycloak", "sso.acme.lan", lambda: an(32)),
    ("auth0-client-secret", "AUTH0_CLIENT_SECRET", "Auth0", "auth0.com", lambda: an_(64)),
    ("cognito-client-secret", "COGNITO_CLIENT_SECRET", "Cognito", "amazoncognito.com", lambda: lan(52)),
    ("azure-openai-key", "AZURE_OPENAI_API_KEY", "Azure OpenAI", "openai.azure.com", lambda: hx(32)),
    ("azure-speech-key", "AZURE_SPEECH_KEY", "Azure Speech", "cognitiveservices.azure.com", lambda: hx(32)),
    ("azure-storage-key", "AZURE_STORAGE_KEY", "Azure Storage", "blob.core.windows.net", lambda: b64b(64)),
    ("azure-devops-pat", "AZURE_DEVOPS_EXT_PAT", "Azure DevOps", "dev.azure.com", lambda: b32l(52)),
    ("azure-devops-pat-v2", "AZDO_PERSONAL_ACCESS_TOKEN", "Azure DevOps", "dev.azure.com", lambda: an(76) + "AZDO" + an(4)),
    ("twitch-client-secret", "TWITCH_CLIENT_SECRET", "Twitch", "twitch.tv", lambda: lan(30)),
    ("zoom-client-secret", "ZOOM_CLIENT_SECRET", "Zoom", "zoom.us", lambda: an(32)),
    ("coinbase-api-secret", "COINBASE_API_SECRET", "Coinbase", "coinbase.com", lambda: b64b(64)),
    ("binance-secret", "BINANCE_SECRET_KEY", "Binance", "binance.com", lambda: an(64)),
    ("kraken-private-key", "KRAKEN_PRIVATE_KEY", "Kraken", "kraken.com", lambda: b64b(64)),
    ("oanda-token", "OANDA_TOKEN", "OANDA", "oanda.com", lambda: hx(32) + "-" + hx(32)),
    ("openweather-key", "OWM_API_KEY", "OpenWeather", "openweathermap.org", lambda: hx(32)),
    ("spotify-client-secret", "SPOTIFY_CLIENT_SECRET", "Spotify", "spotify.com", lambda: hx(32)),
    ("agora-app-certificate", "AGORA_APP_CERTIFICATE", "Agora", "agora.io", lambda: hx(32)),
    ("wandb-key", "WANDB_API_KEY", "Weights and Biases", "wandb.ai", lambda: hx(40)),
    ("comet-key", "COMET_API_KEY", "Comet", "comet.com", lambda: an(25)),
    ("elevenlabs-key", "ELEVENLABS_API_KEY", "ElevenLabs", "elevenlabs.io", lambda: "s" + "k_" + hx(48)),
    ("deepgram-key", "DEEPGRAM_API_KEY", "Deepgram", "deepgram.com", lambda: hx(40)),
    ("assemblyai-key", "ASSEMBLYAI_API_KEY", "AssemblyAI", "assemblyai.com", lambda: hx(32)),
    ("stability-key", "STABILITY_API_KEY", "Stability", "stability.ai", lambda: "s" + "k-" + an(48)),
    ("together-key", "TOGETHER_API_KEY", "Together", "together.xyz", lambda: hx(64)),
    ("voyage-key", "VOYAGE_API_KEY", "Voyage", "voyageai.com", lambda: "p" + "a-" + an_(43)),
    ("jina-key", "JINA_API_KEY", "Jina", "jina.ai", lambda: "ji" + "na_" + an(60)),
    ("tavily-key", "TAVILY_API_KEY", "Tavily", "tavily.com", lambda: "tv" + "ly-" + an(32)),
    ("serpapi-key", "SERPAPI_API_KEY", "SerpApi", "serpapi.com", lambda: hx(64)),
    ("firecrawl-key", "FIRECRAWL_API_KEY", "Firecrawl", "firecrawl.dev", lambda: "f" + "c-" + hx(32)),
    ("exa-key", "EXA_API_KEY", "Exa", "exa.ai", uuid4),
    ("browserbase-key", "BROWSERBASE_API_KEY", "Browserbase", "browserbase.com", lambda: "bb" + "_live_" + an_(27)),
    ("e2b-key", "E2B_API_KEY", "E2B", "e2b.dev", lambda: "e2" + "b_" + hx(40)),
    ("upstash-redis-token", "UPSTASH_REDIS_REST_TOKEN", "Upstash", "upstash.io", lambda: "AX" + an(3) + "AAIjcD" + an_(70)),
    ("convex-deploy-key", "CONVEX_DEPLOY_KEY", "Convex", "convex.dev", lambda: "prod:" + pick(WORDS) + "-" + pick(WORDS) + "-" + dg(3) + "|" + b64u(60)),
    ("inngest-signing-key", "INNGEST_SIGNING_KEY", "Inngest", "inngest.com", lambda: "sign" + "key-prod-" + hx(64)),
    ("triggerdev-key", "TRIGGER_SECRET_KEY", "Trigger.dev", "trigger.dev", lambda: "t" + "r_prod_" + an(20)),
    ("liveblocks-secret", "LIVEBLOCKS_SECRET_KEY", "Liveblocks", "liveblocks.io", lambda: "s" + "k_prod_" + an_(64)),
    ("polar-token", "POLAR_ACCESS_TOKEN", "Polar", "polar.sh", lambda: "po" + "lar_oat_" + an(43)),
    ("paddle-key", "PADDLE_API_KEY", "Paddle", "paddle.com", lambda: "pdl" + "_live_apikey_" + lan(26) + "_" + an(22) + "_" + an(3)),
    ("mercury-token", "MERCURY_API_TOKEN", "Mercury", "mercury.com", lambda: "sec" + "ret-token:mercury_production_wma_" + an(30) + "_yrucrem"),
    ("wise-token", "WISE_API_TOKEN", "Wise", "wise.com", uuid4),
    ("adyen-api-key", "ADYEN_API_KEY", "Adyen", "adyen.com", lambda: "AQE" + an(9) + "mfxH" + an_(80) + "-" + hx(64) + "-" + an(14)),
    ("onesignal-rest-key", "ONESIGNAL_REST_API_KEY", "OneSignal", "onesignal.com", lambda: "os" + "_v2_app_" + b32l(100)),
    ("courier-token", "COURIER_AUTH_TOKEN", "Courier", "courier.com", lambda: "pk" + "_prod_" + uan(28)),
    ("sumup-key", "SUMUP_API_KEY", "SumUp", "sumup.com", lambda: "sup" + "_sk_" + an(32)),
    ("mollie-key", "MOLLIE_API_KEY", "Mollie", "mollie.com", lambda: "li" + "ve_" + an(30)),
    ("klaviyo-private-key", "KLAVIYO_PRIVATE_KEY", "Klaviyo", "klaviyo.com", lambda: "pk" + "_" + hx(34)),
    ("bitly-token", "BITLY_TOKEN", "Bitly", "bitly.com", lambda: hx(40)),
    ("netdata-claim-token", "NETDATA_CLAIM_TOKEN", "Netdata", "netdata.cloud", lambda: an_(135)),
]

for _v in UNPREFIXED:
    for _i in range(2):
        _t = _v[4]()
        _add(O, _v[0], obscure_context(_v[1], _t, _v[2], _v[3]), _t, "")

# invented / internal token schemes
COMPANIES = ["acme", "globex", "initech", "umbrella", "hooli", "piedpiper", "wayneent", "starkind",
             "tyrell", "cyberdyne", "soylent", "vandelay", "wonka", "gringotts", "oscorp", "massive",
             "nakatomi", "monarch", "aperture", "blackmesa", "vehement", "zorg", "duff", "bluth",
             "dunder", "sterling", "prestige", "krusty", "ollivander", "contoso", "fabrikam", "northwind",
             "tailspin", "wingtip", "adatum", "litware", "proseware", "woodgrove", "lucerne", "fourthcoffee",
             "quillon", "brightleaf", "ferrox", "halcyon", "ionbyte", "jubilo", "kestrel", "lumenta",
             "mossway", "nimbral", "orchidly", "pulsar", "quokka", "rivulet", "skyloom", "tessera",
             "umberly", "vantor", "wyvern", "xylo", "yonder", "zestly"]
_ENVS = ["prod", "live", "stg", "dev", "eu1", "us2"]

STYLES = [
    ("live-b62", lambda c: c + "_live_" + an(32)),
    ("sk-hex40", lambda c: c + "_sk_" + hx(40)),
    ("upper-prod", lambda c: c.upper() + "-PROD-" + uan(24)),
    ("pat-crc", lambda c: c + "pat_" + an(36) + an(6)),
    ("dotted-v2", lambda c: c + ".v2." + b64u(32) + "." + b64u(16)),
    ("svc-colon-hex", lambda c: "svc:" + c + ":" + hx(48)),
    ("short-b58", lambda c: c[:3] + "_" + rs(_B58, 44)),
    ("tok-prefixed", lambda c: "tok_" + c + "_" + lan(40)),
    ("uuid-suffix", lambda c: c + "-" + uuid4() + "-" + hx(8)),
    ("access-b64url", lambda c: c + "_at_" + b64u(48)),
    ("int-env", lambda c: "int_" + c + "_" + pick(_ENVS) + "_" + an(30)),
    ("b32-v1", lambda c: c + "1_" + b32l(52)),
    ("x-key-hex", lambda c: "x-" + c + "-key-" + hx(32)),
    ("year-dotted", lambda c: c[:3] + "." + str(_R.randint(2023, 2026)) + "." + an_(40)),
    ("tilde", lambda c: c + "~" + an(30)),
    ("json-b64", lambda c: c + "_" + b64s(json.dumps({"kid": hx(8), "sec": an(24)}, separators=(",", ":")))),
    ("sec-groups", lambda c: c + "sec-" + lan(8) + "-" + lan(8) + "-" + lan(8) + "-" + lan(8)),
    ("upper-b32", lambda c: c[:4].upper() + "K" + rs(_B32, 39)),
    ("rk-env", lambda c: c[:2] + "rk_" + pick(_ENVS) + "_" + an(28)),
    ("hex-checksum", lambda c: c + "_" + hx(40) + "_" + hx(6)),
]

_ci = 0
for _si, (_sname, _sgen) in enumerate(STYLES):
    for _k in range(3):
        _c = COMPANIES[_ci % len(COMPANIES)]
        _ci += 1
        _env = _c.upper() + pick(["_API_KEY", "_TOKEN", "_SECRET", "_AUTH_TOKEN", "_SERVICE_KEY", "_ACCESS_KEY"])
        _t = _sgen(_c)
        _add(O, "internal-%s-%s" % (_c, _sname),
             obscure_context(_env, _t, _c.capitalize(), _c + ".internal"), _t, "")
        if _k == 0:
            _t = _sgen(_c)
            _add(O, "internal-%s-%s" % (_c, _sname),
                 obscure_context(_env, _t, _c.capitalize(), _c + ".io"), _t, "")

# ---------------------------------------------------------------- credential files
F = "credential-file"


def cf(fmt, n, make):
    for _ in range(n):
        text, sec, vis = make()
        _add(F, fmt, text, sec, vis)


def _pgpass():
    u, p = user(), pw().replace(":", "")
    line = "%s:%s:%s:%s:%s" % (host(), pick(["5432", "6432", "*"]), pick(DBS + ["*"]), u, p)
    return pick(["cat ~/.pgpass\n" + line, "echo '%s' >> ~/.pgpass && chmod 600 ~/.pgpass" % line,
                 "# ~/.pgpass\n%s\n*:*:*:replicator:%s" % (line, pw_safe()), line]), p, u


cf("pgpass-line", 3, _pgpass)


def _pgpass_wild():
    u, p = user(), pw_safe()
    line = "*:*:*:%s:%s" % (u, p)
    return pick([line, "printf '%s\\n' > ~/.pgpass" % line, "PGPASSFILE=/tmp/pgpass; echo \"%s\" > $PGPASSFILE" % line]), p, u


cf("pgpass-wildcard", 3, _pgpass_wild)


def _netrc_one():
    u, p = user() + pick(["", "@acme.io"]), pw_safe()
    m = pick(["api.heroku.com", "github.com", "git.acme.lan", "ftp.example.org", "urs.earthdata.nasa.gov", "artifactory.corp"])
    line = "machine %s login %s password %s" % (m, u, p)
    return pick([line, "cat ~/.netrc\n" + line, "echo '%s' >> ~/.netrc" % line]), p, m


cf("netrc-oneline", 3, _netrc_one)


def _netrc_multi():
    u, p = user(), pw()
    m = pick(["api.heroku.com", "git.heroku.com", "pypi.internal", "gitlab.acme.io", "nexus.corp"])
    ind = pick(["  ", "    ", "\t"])
    return "machine %s\n%slogin %s\n%spassword %s\n" % (m, ind, u, ind, p), p, u


cf("netrc-multiline", 3, _netrc_multi)


def _netrc_default():
    u, p = user(), pw_safe()
    return pick(["default login %s password %s" % (u, p), "machine build.acme.lan login ci password %s\ndefault login %s password %s" % (pw_safe(), u, p)]), p, u


cf("netrc-default", 2, _netrc_default)


def _netrc_heroku_token():
    tok = uuid4()
    return "machine api.heroku.com\n  login ops@acme.io\n  password %s\nmachine git.heroku.com\n  login ops@acme.io\n  password %s" % (tok, tok), tok, "ops@acme.io"


cf("netrc-heroku-token", 2, _netrc_heroku_token)


def _docker_auth():
    u, p = user(), pw()
    a = b64s(u + ":" + p)
    reg = pick(["https://index.docker.io/v1/", "ghcr.io", "registry.gitlab.com", "123456789012.dkr.ecr.us-east-1.amazonaws.com", "harbor.acme.lan"])
    k = _R.randint(0, 3)
    if k == 0:
        t = json.dumps({"auths": {reg: {"auth": a}}}, indent=pick([2, 4]))
    elif k == 1:
        t = json.dumps({"auths": {reg: {"auth": a}}})
    elif k == 2:
        t = 'cat ~/.docker/config.json\n{\n\t"auths": {\n\t\t"%s": {\n\t\t\t"auth": "%s"\n\t\t}\n\t},\n\t"credsStore": ""\n}' % (reg, a)
    else:
        t = "kubectl create secret generic regcred --type=kubernetes.io/dockerconfigjson --from-literal=.dockerconfigjson='{\"auths\":{\"%s\":{\"auth\":\"%s\"}}}'" % (reg, a)
    return t, a, reg


cf("docker-config-auth", 4, _docker_auth)


def _docker_identity():
    tok = "eyJ" + b64u(300)
    return json.dumps({"auths": {"myregistry.azurecr.io": {"auth": "", "identitytoken": tok}}}, indent=2), tok, "azurecr.io"


cf("docker-config-identitytoken", 2, _docker_identity)


def _dockercfg_legacy():
    u, p = user(), pw_safe()
    a = b64s(u + ":" + p)
    return '{"https://index.docker.io/v1/":{"auth":"%s","email":"%s@acme.io"}}' % (a, u), a, "index.docker.io"


cf("dockercfg-legacy", 2, _dockercfg_legacy)


def _npmrc_token():
    t = pick(["np" + "m_" + an(36), uuid4(), b64u(48)])
    reg = pick(["registry.npmjs.org", "npm.pkg.github.com", "gitlab.acme.io/api/v4/projects/42/packages/npm", "acme.jfrog.io/artifactory/api/npm/npm"])
    return pick(["//%s/:_authToken=%s" % (reg, t), "cat .npmrc\n@acme:registry=https://%s/\n//%s/:_authToken=%s" % (reg, reg, t),
                 "npm config set //%s/:_authToken %s" % (reg, t)]), t, reg


cf("npmrc-authtoken", 4, _npmrc_token)


def _npmrc_auth():
    u, p = user(), pw()
    a = b64s(u + ":" + p)
    return "registry=https://nexus.acme.lan/repository/npm/\n_auth=%s\nalways-auth=true" % a, a, "_auth"


cf("npmrc-auth-base64", 2, _npmrc_auth)


def _npmrc_password():
    p = pw()
    bp = b64s(p)
    return "//nexus.acme.lan/repository/npm/:username=%s\n//nexus.acme.lan/repository/npm/:_password=%s\n//nexus.acme.lan/repository/npm/:email=ci@acme.io" % (user(), bp), bp, "_password"


cf("npmrc-password-base64", 2, _npmrc_password)


def _yarnrc():
    t = pick(["np" + "m_" + an(36), an_(40)])
    return 'npmScopes:\n  acme:\n    npmRegistryServer: "https://npm.pkg.github.com"\n    npmAuthToken: %s' % pick([t, '"%s"' % t]), t, "npmAuthToken"


cf("yarnrc-yml-token", 2, _yarnrc)


def _pypirc():
    p = pick(["py" + "pi-AgEIcHlwaS5vcmc" + b64u(80), pw()])
    return "[distutils]\nindex-servers =\n    pypi\n    internal\n\n[pypi]\nusername = __token__\npassword = %s\n" % p, p, "__token__"


cf("pypirc-password", 3, _pypirc)


def _pipconf():
    u, p = user(), pw_safe()
    return "[global]\nindex-url = https://%s:%s@pypi.acme.lan/simple/\ntrusted-host = pypi.acme.lan" % (u, p), p, u


cf("pip-conf-index-url", 2, _pipconf)


def _gitcred():
    u = pick(["oauth2", "x-access-token", user(), "ci-bot"])
    p = pick(["gh" + "p_" + an(36), "gl" + "pat-" + an_(20), pw_safe(), hx(40)])
    h = pick(["github.com", "gitlab.acme.io", "bitbucket.org", "git.acme.lan"])
    line = "https://%s:%s@%s" % (u, p, h)
    return pick([line, "cat ~/.git-credentials\n" + line, "git config credential.helper store && echo '%s' > ~/.git-credentials" % line]), p, u


cf("git-credentials", 4, _gitcred)


def _kube_token():
    t = pick(["eyJhbGciOiJSUzI1NiIsImtpZCI6I" + b64u(24) + "." + b64u(260) + "." + b64u(256), an(6) + "." + lan(16), "kubeconfig-u-" + lan(5) + ":" + lan(54)])
    return "users:\n- name: %s\n  user:\n    token: %s\n" % (pick(["ci", "admin", "deployer@prod"]), t), t, "token"


cf("kubeconfig-token", 3, _kube_token)


def _kube_cert():
    body = b64s("-----BEGIN RSA PRIVATE KEY-----\n" + b64b(900) + "\n-----END RSA PRIVATE KEY-----\n")
    return "users:\n- name: kind-dev\n  user:\n    client-certificate-data: %s\n    client-key-data: %s" % (b64b(600), body), body, "client-key-data"


cf("kubeconfig-client-key-data", 2, _kube_cert)


def _kube_basic():
    p = pw()
    return "users:\n- name: legacy-admin\n  user:\n    username: admin\n    password: %s" % pick([p, '"%s"' % p]), p, "admin"


cf("kubeconfig-basic-auth", 2, _kube_basic)


def _aws_creds():
    kid = "AK" + "IA" + uan(16)
    sec = an(30) + rs(_AN + "+/", 10)
    prof = pick(["default", "prod", "deploy", "acme-sandbox"])
    t = "[%s]\naws_access_key_id = %s\naws_secret_access_key = %s\n" % (prof, kid, sec)
    if _R.random() < 0.4:
        t = "cat ~/.aws/credentials\n" + t + "region = eu-west-1\n"
    return t, sec, kid


cf("aws-credentials-file", 4, _aws_creds)


def _aws_session():
    kid = "AS" + "IA" + uan(16)
    st = "IQoJb3JpZ2luX2Vj" + b64b(pick([280, 420, 600])).rstrip("=")
    return "[temp]\naws_access_key_id=%s\naws_secret_access_key=%s\naws_session_token=%s" % (kid, an(40), st), st, kid


cf("aws-credentials-session-token", 3, _aws_session)


def _aws_credential_process_json():
    sec = an(40)
    return json.dumps({"Version": 1, "AccessKeyId": "AS" + "IA" + uan(16), "SecretAccessKey": sec, "SessionToken": "FwoGZXIvYXdzE" + b64b(200), "Expiration": "2026-03-01T12:00:00Z"}, indent=2), sec, "AccessKeyId"


cf("aws-sts-credentials-json", 2, _aws_credential_process_json)


def _rclone():
    obsc = b64u(pick([24, 32, 40]))
    return "[remote]\ntype = sftp\nhost = backup.acme.lan\nuser = %s\npass = %s\n" % (user(), obsc), obsc, "pass"


cf("rclone-conf-pass", 2, _rclone)


def _rclone_s3():
    sec = an(40)
    return "[wasabi]\ntype = s3\nprovider = Wasabi\naccess_key_id = %s\nsecret_access_key = %s\nendpoint = s3.wasabisys.com" % (uan(20), sec), sec, "access_key_id"


cf("rclone-conf-s3", 2, _rclone_s3)


def _rclone_token():
    at = "ya" + "29." + an_(120)
    return '[gdrive]\ntype = drive\nscope = drive\ntoken = {"access_token":"%s","token_type":"Bearer","refresh_token":"1//0%s","expiry":"2026-01-01T10:00:00Z"}' % (at, an_(90)), at, "gdrive"


cf("rclone-conf-oauth-token", 2, _rclone_token)


def _s3cfg():
    sec = an(40)
    return "[default]\naccess_key = %s\nsecret_key = %s\nhost_base = s3.amazonaws.com\nuse_https = True" % ("AK" + "IA" + uan(16), sec), sec, "access_key"


cf("s3cfg-secret-key", 2, _s3cfg)


def _htpasswd():
    u = user()
    k = _R.randint(0, 2)
    if k == 0:
        h = "$apr1$" + rs(_AN + "./", 8) + "$" + rs(_AN + "./", 22)
    elif k == 1:
        h = "$2y$05$" + rs(_AN + "./", 53)
    else:
        h = "{SHA}" + b64b(20)
    return pick(["%s:%s" % (u, h), "cat /etc/nginx/.htpasswd\n%s:%s" % (u, h)]), h, u


cf("htpasswd-hash", 3, _htpasswd)


def _wpconfig():
    p = pw()
    return "define( 'DB_NAME', 'wordpress' );\ndefine( 'DB_USER', 'wp_%s' );\ndefine( 'DB_PASSWORD', '%s' );\ndefine( 'DB_HOST', 'localhost' );" % (pick(WORDS), p), p, "DB_PASSWORD"


cf("wp-config-db-password", 3, _wpconfig)


def _wpsalts():
    s = rs(_AN + "!@#%^*()-_[]{}<>~+=,.;:/?|", 64)
    return "define('AUTH_KEY',         '%s');\ndefine('SECURE_AUTH_KEY',  '%s');" % (s, rs(_AN + "!@#%^*()-_[]{}<>~+=,.;:/?|", 64)), s, "AUTH_KEY"


cf("wp-config-auth-salt", 2, _wpsalts)


def _django_secret():
    s = "django-insecure-" + rs(_LOW + _DIG + "!@#%^&*(-_=+)", 50) if _R.random() < 0.3 else rs(_LOW + _DIG + "!@#%^&*(-_=+)", 50)
    return pick(["SECRET_KEY = '%s'" % s, "# settings.py\nSECRET_KEY = \"%s\"\nDEBUG = False" % s]), s, "SECRET_KEY"


cf("django-settings-secret-key", 3, _django_secret)


def _django_db():
    p = pw()
    return "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': '%s',\n        'USER': '%s',\n        'PASSWORD': '%s',\n        'HOST': '%s',\n    }\n}" % (db(), user(), p, host()), p, "PASSWORD"


cf("django-settings-databases", 2, _django_db)


def _appsettings():
    p = pw_safe()
    return '{\n  "ConnectionStrings": {\n    "Default": "Server=%s;Database=%s;User Id=%s;Password=%s;TrustServerCertificate=True"\n  },\n  "Logging": { "LogLevel": { "Default": "Information" } }\n}' % (host(), db(), user(), p), p, "User Id"


cf("appsettings-json-connstring", 3, _appsettings)


def _appsettings_jwt():
    s = b64b(48)
    return '"Jwt": {\n    "Issuer": "https://api.acme.io",\n    "Key": "%s",\n    "ExpiryMinutes": 60\n  }' % s, s, "Issuer"


cf("appsettings-json-jwt-key", 2, _appsettings_jwt)


def _app_properties():
    p = pw()
    return "spring.datasource.url=jdbc:postgresql://%s:5432/%s\nspring.datasource.username=%s\nspring.datasource.password=%s" % (host(), db(), user(), p), p, "spring.datasource.username"


cf("spring-application-properties", 3, _app_properties)


def _app_yml():
    p = pw()
    return "spring:\n  datasource:\n    url: jdbc:mysql://%s:3306/%s\n    username: %s\n    password: %s" % (host(), db(), user(), pick([p, "'%s'" % p])), p, "username"


cf("spring-application-yml", 2, _app_yml)


def _gradle_props():
    p = pick([pw(), an(40)])
    return "org.gradle.jvmargs=-Xmx2g\nmavenUser=%s\nmavenPassword=%s\nsigning.password=%s" % (user(), p, pw_safe()), p, "mavenUser"


cf("gradle-properties", 2, _gradle_props)


def _maven_settings():
    p = pw_safe()
    return "<servers>\n  <server>\n    <id>nexus-releases</id>\n    <username>%s</username>\n    <password>%s</password>\n  </server>\n</servers>" % (user(), p), p, "nexus-releases"


cf("maven-settings-xml", 3, _maven_settings)


def _composer_auth():
    t = pick(["gh" + "o_" + an(36), hx(40)])
    return json.dumps({"github-oauth": {"github.com": t}, "http-basic": {"repo.packagist.com": {"username": "token", "password": hx(40)}}}, indent=4), t, "github-oauth"


cf("composer-auth-json", 2, _composer_auth)


def _composer_basic():
    p = pw_safe()
    return json.dumps({"http-basic": {"satis.acme.lan": {"username": user(), "password": p}}}), p, "http-basic"


cf("composer-auth-http-basic", 2, _composer_basic)


def _gem_creds():
    t = "ruby" + "gems_" + hx(48)
    return "---\n:rubygems_api_key: %s\n" % t, t, "rubygems_api_key"


cf("gem-credentials", 2, _gem_creds)


def _cargo_creds():
    t = "cio" + an(32)
    return '[registry]\ntoken = "%s"' % t, t, "registry"


cf("cargo-credentials-toml", 2, _cargo_creds)


def _terraformrc():
    t = an(14) + ".atl" + "asv1." + an(67)
    return 'credentials "app.terraform.io" {\n  token = "%s"\n}' % t, t, "app.terraform.io"


cf("terraformrc-credentials", 2, _terraformrc)


def _tf_creds_json():
    t = an(14) + ".atl" + "asv1." + an(67)
    return json.dumps({"credentials": {"app.terraform.io": {"token": t}}}, indent=2), t, "app.terraform.io"


cf("terraform-credentials-tfrc-json", 2, _tf_creds_json)


def _boto():
    sec = an(40)
    return "[Credentials]\naws_access_key_id = %s\naws_secret_access_key = %s\n[Boto]\nhttps_validate_certificates = True" % ("AK" + "IA" + uan(16), sec), sec, "Credentials"


cf("boto-config", 2, _boto)


def _gcp_sa():
    body = b64b(pick([1190, 1218]))
    lines = "\\n".join(body[i:i + 64] for i in range(0, len(body), 64))
    pk = "-----BEGIN PRIVATE KEY-----\\n" + lines + "\\n-----END PRIVATE KEY-----\\n"
    mid = body[64 * 5:64 * 6]
    t = '{\n  "type": "service_account",\n  "project_id": "acme-prod-3312",\n  "private_key_id": "%s",\n  "private_key": "%s",\n  "client_email": "deployer@acme-prod-3312.iam.gserviceaccount.com"\n}' % (hx(40), pk)
    return t, mid, "client_email"


cf("gcp-service-account-json", 3, _gcp_sa)


def _mycnf():
    p = pw()
    return "[client]\nuser=%s\npassword=%s\nhost=%s" % (user(), pick([p, '"%s"' % p]), host()), p, "[client]"


cf("my-cnf-client", 3, _mycnf)


def _mylogin():
    p = pw_safe()
    return "[mysqldump]\nuser = backup\npassword = %s\nsingle-transaction" % p, p, "mysqldump"


cf("my-cnf-mysqldump", 2, _mylogin)


def _nuget_config():
    p = pick([pw_safe(), b32l(52)])
    return '<packageSourceCredentials>\n  <AcmeFeed>\n    <add key="Username" value="%s" />\n    <add key="ClearTextPassword" value="%s" />\n  </AcmeFeed>\n</packageSourceCredentials>' % (user(), p), p, "Username"


cf("nuget-config-cleartext", 3, _nuget_config)


def _bundle_config():
    p = pw_safe()
    u = user()
    return '---\nBUNDLE_GEMS__CONTRIBSYS__COM: "%s:%s"\nBUNDLE_PATH: "vendor/bundle"' % (u, p), p, u


cf("bundler-config-credentials", 2, _bundle_config)


def _condarc():
    t = hx(8) + "-" + hx(4) + "-" + hx(4) + "-" + hx(4) + "-" + hx(12)
    return "channels:\n  - https://conda.anaconda.org/t/%s/acme\n  - defaults" % t, t, "conda.anaconda.org"


cf("condarc-channel-token", 2, _condarc)


def _hgrc():
    p = pw_safe()
    return "[auth]\nacme.prefix = hg.acme.lan\nacme.username = %s\nacme.password = %s" % (user(), p), p, "acme.username"


cf("hgrc-auth", 2, _hgrc)


def _svn_auth():
    p = pw_safe()
    return "K 8\npasswordtype\nV 6\nsimple\nK 8\npassword\nV %d\n%s\nK 8\nusername\nV 5\nbuild\nEND" % (len(p), p), p, "username"


cf("svn-simple-auth-file", 2, _svn_auth)


def _wgetrc():
    p = pw_safe()
    return "user=%s\npassword=%s\nhttps_proxy=http://proxy.acme.lan:3128/" % (user(), p), p, "user="


cf("wgetrc", 2, _wgetrc)


def _curlrc():
    u, p = user(), pw_safe()
    return '# ~/.curlrc\nuser = "%s:%s"\nsilent' % (u, p), p, u


cf("curlrc-user", 2, _curlrc)


def _msmtprc():
    p = pw()
    return "account gmail\nhost smtp.gmail.com\nport 587\nauth on\nuser %s@gmail.com\npassword %s\ntls on" % (pick(NAMES), p), p, "gmail.com"


cf("msmtprc-password", 2, _msmtprc)


def _muttrc():
    p = pw()
    return 'set smtp_url = "smtps://%s@mail.acme.io:465/"\nset smtp_pass = "%s"\nset imap_pass = "%s"' % (pick(NAMES), p, p), p, "smtp_url"


cf("muttrc-smtp-pass", 2, _muttrc)


def _fetchmail():
    p = pw_safe()
    return 'poll imap.acme.io protocol IMAP\n  user "%s" there with password "%s" is localuser here' % (pick(NAMES), p), p, "imap.acme.io"


cf("fetchmailrc", 2, _fetchmail)


def _openvpn_auth():
    u, p = user(), pw()
    return "cat /etc/openvpn/auth.txt\n%s\n%s" % (u, p), p, u


cf("openvpn-auth-user-pass-file", 2, _openvpn_auth)


def _wpa():
    p = pw_phrase() if _R.random() < 0.5 else pw_human()
    return 'network={\n    ssid="%s"\n    psk="%s"\n    key_mgmt=WPA-PSK\n}' % (pick(["AcmeGuest", "HomeNet-5G", "Office"]), p), p, "ssid"


cf("wpa-supplicant-psk", 3, _wpa)


def _wpa_hex():
    h = hx(64)
    return 'network={\n\tssid="warehouse-iot"\n\tpsk=%s\n}' % h, h, "warehouse-iot"


cf("wpa-supplicant-psk-hex", 2, _wpa_hex)


def _nm_conn():
    p = pw()
    return "[wifi-security]\nkey-mgmt=wpa-psk\npsk=%s" % p, p, "wifi-security"


cf("networkmanager-psk", 2, _nm_conn)


def _smbcred():
    u, p = user(), pw()
    return "cat /root/.smbcredentials\nusername=%s\npassword=%s\ndomain=ACME" % (u, p), p, u


cf("cifs-credentials-file", 3, _smbcred)


def _pgbouncer_userlist():
    p = pw_safe()
    return '"%s" "%s"\n"stats" "md5%s"' % (user(), p, hx(32)), p, "stats"


cf("pgbouncer-userlist", 2, _pgbouncer_userlist)


def _kaggle():
    k = hx(32)
    return json.dumps({"username": pick(NAMES) + str(_R.randint(1, 99)), "key": k}), k, "username"


cf("kaggle-json", 2, _kaggle)


def _env_file():
    p = pw()
    k = "sk" + "_live_" + an(24)
    t = "# .env.production\nNODE_ENV=production\nDATABASE_URL=postgres://app@db:5432/app\nDB_PASSWORD=%s\nSTRIPE_KEY=%s\nLOG_LEVEL=info" % (p, k)
    return t, p, "DB_PASSWORD"


cf("dotenv-file-block", 3, _env_file)


def _ansible_vault_pw():
    p = pw_phrase()
    return "cat ~/.vault_pass.txt\n%s" % p, p, "vault_pass"


cf("ansible-vault-password-file", 2, _ansible_vault_pw)


def _ansible_inventory():
    p = pw()
    return "[db]\n10.0.4.21 ansible_user=%s ansible_password=%s ansible_become_pass=%s" % (user(), p, p), p, "ansible_user"


cf("ansible-inventory-password", 3, _ansible_inventory)


def _azure_publish():
    p = an(60)
    return '<publishProfile profileName="acme-api - Web Deploy" publishMethod="MSDeploy" userName="$acme-api" userPWD="%s" destinationAppUrl="https://acme-api.azurewebsites.net" />' % p, p, "$acme-api"


cf("azure-publishsettings", 2, _azure_publish)


def _gh_hosts():
    t = "gh" + "o_" + an(36)
    return "github.com:\n    oauth_token: %s\n    user: %s\n    git_protocol: https" % (t, pick(NAMES)), t, "github.com"


cf("gh-cli-hosts-yml", 2, _gh_hosts)


def _vault_token_file():
    t = "hv" + "s." + an_(90)
    return "cat ~/.vault-token\n%s" % t, t, "vault-token"


cf("vault-token-file", 2, _vault_token_file)


def _samba_passdb():
    p = pw_safe()
    return "(echo '%s'; echo '%s') | smbpasswd -s -a %s" % (p, p, user()), p, "smbpasswd"


cf("smbpasswd-stdin", 2, _samba_passdb)


def _ipsec_secrets():
    p = pw_random(32, sym="-_.")
    return '# /etc/ipsec.secrets\n%s %s : PSK "%s"' % ("203.0.113.%d" % _R.randint(2, 250), "198.51.100.%d" % _R.randint(2, 250), p), p, "PSK"


cf("ipsec-secrets-psk", 2, _ipsec_secrets)


def _chap_secrets():
    u, p = user(), pw_safe()
    return "# client  server  secret  IP addresses\n%s  *  %s  *" % (u, p), p, u


cf("ppp-chap-secrets", 2, _chap_secrets)


def _postfix_sasl():
    u, p = pick(NAMES) + "@acme.io", pw()
    return "[smtp.sendgrid.net]:587 %s:%s" % (pick(["apikey", u]), p), p, "smtp.sendgrid.net"


cf("postfix-sasl-passwd", 2, _postfix_sasl)


def _mosquitto_pw():
    u = user()
    h = "$7$101$" + b64b(12) + "$" + b64b(64)
    return "%s:%s" % (u, h), h, u


cf("mosquitto-passwd-hash", 2, _mosquitto_pw)


def _shadow():
    u = user()
    h = "$6$" + rs(_AN + "./", 16) + "$" + rs(_AN + "./", 86)
    return "%s:%s:19700:0:99999:7:::" % (u, h), h, u


cf("etc-shadow-line", 2, _shadow)

# ---------------------------------------------------------------- secret beside its id
I = "id-beside-secret"


def ib(fmt, n, make):
    for _ in range(n):
        text, sec, vis = make()
        _add(I, fmt, text, sec, vis)


def _twilio():
    sid, tok = "A" + "C" + hx(32), hx(32)
    return pick(["client = Client('%s', '%s')" % (sid, tok),
                 "Twilio account %s auth token %s" % (sid, tok),
                 "const client = require('twilio')('%s', '%s');" % (sid, tok),
                 "curl -X POST https://api.twilio.com/2010-04-01/Accounts/%s/Messages.json -u %s:%s" % (sid, sid, tok),
                 "twilio = Twilio::REST::Client.new(\"%s\", \"%s\")" % (sid, tok)]), tok, sid


ib("twilio-sid-authtoken", 5, _twilio)


def _twilio_apikey():
    sk, sec = "S" + "K" + hx(32), an(32)
    return pick(["Client('%s', '%s', account_sid)" % (sk, sec), "api key %s / %s" % (sk, sec)]), sec, sk


ib("twilio-apikey-sid-secret", 2, _twilio_apikey)


def _aws_pair():
    kid, sec = "AK" + "IA" + uan(16), an(34) + rs(_AN + "/+", 6)
    return pick(["new AWS.Credentials('%s', '%s');" % (kid, sec),
                 "boto3.client('s3', aws_access_key_id='%s', aws_secret_access_key='%s')" % (kid, sec), "session = boto3.Session('%s', '%s')" % (kid, sec),
                 "aws configure  # %s  %s  us-east-1  json" % (kid, sec),
                 "creds := credentials.NewStaticCredentials(\"%s\", \"%s\", \"\")" % (kid, sec),
                 "AWSStaticCredentialsProvider(new BasicAWSCredentials(\"%s\", \"%s\"))" % (kid, sec),
                 "key pair for the ci user: %s %s" % (kid, sec),
                 "s3cmd --access_key=%s --secret_key=%s ls s3://acme-backups" % (kid, sec)]), sec, kid


ib("aws-keyid-secret-positional", 6, _aws_pair)


def _gcs_hmac():
    kid, sec = "GO" + "OG1" + uan(57), b64b(30)
    return pick(["gsutil hmac: access id %s secret %s" % (kid, sec), "Minio('storage.googleapis.com', '%s', '%s')" % (kid, sec)]), sec, kid


ib("gcs-hmac-id-secret", 2, _gcs_hmac)


def _alibaba():
    kid, sec = "LT" + "AI" + an(20), an(30)
    return pick(["client = AcsClient('%s', '%s', 'cn-hangzhou')" % (kid, sec), "aliyun configure set --access-key-id %s --access-key-secret %s --region cn-shanghai" % (kid, sec),
                 "oss2.Auth('%s', '%s')" % (kid, sec)]), sec, kid


ib("alibaba-accesskey-pair", 3, _alibaba)


def _tencent():
    kid, sec = "AK" + "ID" + an(32), an(32)
    return pick(["cred = credential.Credential(\"%s\", \"%s\")" % (kid, sec), "tccli configure set secretId %s secretKey %s" % (kid, sec)]), sec, kid


ib("tencent-secretid-secretkey", 2, _tencent)


def _huawei():
    kid, sec = uan(20), an(40)
    return "BasicCredentials().with_ak(\"%s\").with_sk(\"%s\")" % (kid, sec), sec, kid


ib("huawei-ak-sk", 2, _huawei)


def _do_spaces():
    kid, sec = "DO" + uan(18), b64b(32).rstrip("=")
    return pick(["s3 = boto3.client('s3', endpoint_url='https://nyc3.digitaloceanspaces.com', aws_access_key_id='%s', aws_secret_access_key='%s')" % (kid, sec),
                 "new S3Client({ credentials: { accessKeyId: '%s', secretAccessKey: '%s' } })" % (kid, sec)]), sec, kid


ib("do-spaces-key-secret", 2, _do_spaces)


def _backblaze():
    kid, sec = "00" + hx(10) + "00000000" + dg(2), "K00" + an(28)
    return pick(["b2 authorize-account %s %s" % (kid, sec), "B2Api().authorize_account('production', '%s', '%s')" % (kid, sec)]), sec, kid


ib("backblaze-keyid-appkey", 3, _backblaze)


def _r2():
    kid, sec = hx(32), hx(64)
    return "rclone config create r2 s3 provider=Cloudflare access_key_id=%s secret_access_key=%s endpoint=https://%s.r2.cloudflarestorage.com" % (kid, sec, hx(32)), sec, kid


ib("cloudflare-r2-key-secret", 2, _r2)


def _minio_alias():
    kid, sec = pick(["minioadmin", uan(20), "backup-" + lan(6)]), an(40)
    return "mc alias set %s https://minio.acme.lan %s %s" % (pick(["local", "prod", "backup"]), kid, sec), sec, kid


ib("minio-mc-alias-positional", 3, _minio_alias)


def _algolia():
    app, key = uan(10), hx(32)
    return pick(["const client = algoliasearch('%s', '%s');" % (app, key), "client = SearchClient.create('%s', '%s')" % (app, key)]), key, app


ib("algolia-appid-adminkey", 3, _algolia)


def _pusher():
    app, key, sec = dg(7), hx(20), hx(20)
    return pick(["new Pusher({ appId: '%s', key: '%s', secret: '%s', cluster: 'eu' })" % (app, key, sec), "pusher = Pusher('%s', '%s', '%s', cluster='eu')" % (app, key, sec),
                 "Pusher app %s %s %s mt1" % (app, key, sec)]), sec, app


ib("pusher-appid-key-secret", 2, _pusher)


def _ably():
    idpart, sec = an(6) + "." + an(6), an_(43)
    return pick(["new Ably.Realtime('%s:%s')" % (idpart, sec), "ABLY_KEY=%s:%s" % (idpart, sec)]), sec, idpart


ib("ably-keyname-secret", 2, _ably)


def _oauth_pair():
    cid, sec = pick([dg(12) + "-" + lan(32) + ".apps.googleusercontent.com", uuid4(), an(20)]), an_(pick([32, 40, 64]))
    return pick(["oauth.register('acme', '%s', '%s')" % (cid, sec),
                 "OAuth2Session('%s', client_secret='%s')" % (cid, sec), "new ClientCredentials(\"%s\", \"%s\")" % (cid, sec),
                 "curl -u %s:%s -d grant_type=client_credentials https://auth.acme.io/oauth/token" % (cid, sec)]), sec, cid


ib("oauth-clientid-secret-positional", 4, _oauth_pair)


def _auth0():
    cid, sec = an(32), an_(64)
    return pick(["auth0 = Auth0Client('acme.eu.auth0.com', '%s', '%s')" % (cid, sec), "GetToken('acme.eu.auth0.com', '%s', '%s')" % (cid, sec)]), sec, cid


ib("auth0-clientid-secret", 2, _auth0)


def _plaid():
    cid, sec = hx(24), hx(30)
    return pick(["PlaidClient('%s', '%s', 'production')" % (cid, sec), "plaid client %s secret %s" % (cid, sec)]), sec, cid


ib("plaid-clientid-secret", 2, _plaid)


def _braintree():
    mid, pub, priv = lan(16), lan(16), hx(32)
    return "braintree.Configuration.configure(braintree.Environment.Production, '%s', '%s', '%s')" % (mid, pub, priv), priv, mid


ib("braintree-merchant-public-private", 2, _braintree)


def _twitter():
    ck, cs = an(25), an(50)
    return pick(["auth = tweepy.OAuth1UserHandler('%s', '%s')" % (ck, cs), "consumer %s %s" % (ck, cs)]), cs, ck


ib("twitter-consumer-key-secret", 2, _twitter)


def _vonage():
    k, s = hx(8), an(16)
    return pick(["client = vonage.Client(key='%s', secret='%s')" % (k, s), "new Vonage(new Auth({ apiKey: '%s', apiSecret: '%s' }))" % (k, s), "vonage.Client('%s', '%s')" % (k, s),
                 "nexmo sms --api-key %s --api-secret %s" % (k, s)]), s, k


ib("vonage-key-secret", 2, _vonage)


def _mailjet():
    k, s = hx(32), hx(32)
    return "mailjet = Client(auth=('%s', '%s'), version='v3.1')" % (k, s), s, k


ib("mailjet-key-secret", 2, _mailjet)


def _plivo():
    k, s = "MA" + uan(18), an(40)
    return pick(["client = plivo.RestClient('%s', '%s')" % (k, s), "plivo auth id %s token %s" % (k, s)]), s, k


ib("plivo-authid-token", 2, _plivo)


def _scaleway():
    k, s = "SCW" + uan(17), uuid4()
    return pick(["scw init access-key=%s secret-key=%s" % (k, s), "SCW key %s %s" % (k, s)]), s, k


ib("scaleway-access-secret", 2, _scaleway)


def _ovh():
    ak, asec, ck = an(16), an(32), an(32)
    return "ovh.Client(endpoint='ovh-eu', application_key='%s', application_secret='%s', consumer_key='%s')" % (ak, asec, ck) if _R.random() < 0.3 else "ovh.Client('ovh-eu', '%s', '%s', '%s')" % (ak, asec, ck), asec, ak


ib("ovh-app-key-secret-consumer", 2, _ovh)


def _exoscale():
    k, s = "EX" + "O" + hx(24), an_(43)
    return "exo config add --key %s --secret %s" % (k, s) if _R.random() < 0.4 else "egoscale.NewClient(\"%s\", \"%s\")" % (k, s), s, k


ib("exoscale-key-secret", 2, _exoscale)


def _atlas():
    pub, priv = lan(8), uuid4()
    return pick(["atlas config set public_api_key %s && atlas config set private_api_key %s" % (pub, priv), "curl --digest -u \"%s:%s\" https://cloud.mongodb.com/api/atlas/v2/groups" % (pub, priv),
                 "HTTPDigestAuth('%s', '%s')" % (pub, priv)]), priv, pub


ib("mongodb-atlas-public-private", 2, _atlas)


def _confluent():
    k, s = uan(16), rs(_AN + "+/", 64)
    return pick(["sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username='%s' password='%s';" % (k, s),
                 "confluent api-key store %s %s --resource lkc-%s" % (k, s, lan(5))]), s, k


ib("confluent-key-secret", 3, _confluent)


def _sumo():
    k, s = "su" + an(12), an(64)
    return "curl -u %s:%s https://api.sumologic.com/api/v1/collectors" % (k, s), s, k


ib("sumologic-accessid-key", 2, _sumo)


def _modal():
    k, s = "ak-" + an(22), "as-" + an(22)
    return "modal token set --token-id %s --token-secret %s" % (k, s) if _R.random() < 0.5 else "modal token: %s %s" % (k, s), s, k


ib("modal-token-id-secret", 2, _modal)


def _razorpay():
    k, s = "rzp" + "_live_" + an(14), an(24)
    return pick(["razorpay.Client(auth=(\"%s\", \"%s\"))" % (k, s), "new Razorpay({ key_id: '%s', key_secret: '%s' })" % (k, s)]), s, k


ib("razorpay-keyid-secret", 2, _razorpay)


def _oci():
    fp, user_ocid = ":".join(hx(2) for _ in range(16)), "ocid1.user.oc1.." + lan(60)
    p = pw_safe()
    return "oci setup: user %s fingerprint %s pass_phrase=%s" % (user_ocid, fp, p), p, "ocid1.user"


ib("oci-passphrase-beside-ocid", 2, _oci)


def _ibm_hmac():
    k, s = hx(32), hx(48)
    return "ibm_boto3.client('s3', '%s', '%s', endpoint_url='https://s3.eu-de.cloud-object-storage.appdomain.cloud')" % (k, s), s, k


ib("ibm-cos-hmac-positional", 2, _ibm_hmac)


def _account_token_prose():
    acct = pick(["account 4417-2291", "tenant acme-prod", "merchant M-88213", "org 7731", "project sb-" + lan(6), "workspace W" + uan(8)])
    tok = pick([an(32), hx(40), b64u(30), uan(24)])
    return pick(["%s token %s" % (acct, tok), "%s, key %s" % (acct, tok), "%s -> %s" % (acct, tok), "use %s with %s" % (acct, tok)]), tok, acct


ib("account-id-token-prose", 5, _account_token_prose)


def _user_pass_positional_code():
    u, p = user(), pw()
    return pick(["conn = pymysql.connect('%s', '%s', '%s', '%s')" % (host(), u, p, db()),
                 "DriverManager.getConnection(url, \"%s\", \"%s\");" % (u, p),
                 "new NetworkCredential(\"%s\", \"%s\", \"ACME\")" % (u, p),
                 "smtp.login('%s@acme.io', '%s')" % (u, p),
                 "ftp.login('%s', '%s')" % (u, p),
                 "requests.get(url, auth=('%s', '%s'))" % (u, p),
                 "ldap.simple_bind_s('cn=%s,dc=acme,dc=io', '%s')" % (u, p),
                 "paramiko.SSHClient().connect('%s', username='%s', password='%s')" % (host(), u, p), "ssh.connect('%s', 22, '%s', '%s')" % (host(), u, p)]), p, u


ib("user-password-positional-args", 8, _user_pass_positional_code)


def _azure_storage_pair():
    acct, key = pick(["acmeprodstore", "stdatalake01", "backupsacct"]), b64b(64)
    return pick(["BlobServiceClient(account_url='https://%s.blob.core.windows.net', credential='%s')" % (acct, key), "az storage blob list --account-name %s --account-key %s -c logs" % (acct, key),
                 "StorageSharedKeyCredential(\"%s\", \"%s\")" % (acct, key)]), key, acct


ib("azure-storage-account-key-pair", 3, _azure_storage_pair)


def _sp_pair():
    appid, sec = uuid4(), an(3) + "8Q~" + rs(_AN + "-_.~", 34)
    return pick(["az login --service-principal -u %s -p %s --tenant %s" % (appid, sec, uuid4()),
                 "ClientSecretCredential(\"%s\", \"%s\", \"%s\")" % (uuid4(), appid, sec)]), sec, appid


ib("azure-sp-appid-secret", 3, _sp_pair)


def _firebase_pair():
    pid, tok = "acme-" + lan(5), "1//0" + an_(99)
    return "firebase deploy --project %s --token %s" % (pid, tok), tok, pid


ib("firebase-ci-token-beside-project", 2, _firebase_pair)

# ---------------------------------------------------------------- CLI arguments
C = "cli-argument"


def cli(fmt, n, make):
    for _ in range(n):
        r = make()
        if len(r) == 2:
            text, sec = r
            vis = ""
        else:
            text, sec, vis = r
        _add(C, fmt, text, sec, vis)


def _q(p):
    return pick(["%s", "'%s'", '"%s"']) % p


cli("mysql-p-attached", 3, lambda: (lambda p: ("mysql -u %s -p%s -h %s %s < dump.sql" % (user(), p, host(), db()), p))(pw_safe()))
cli("mysql-password-eq", 2, lambda: (lambda p: ("mysql --user=root --password=%s -e 'SHOW DATABASES'" % _q(p), p))(pw()))
cli("mysqldump-password", 2, lambda: (lambda p: ("mysqldump -h %s -u backup --password='%s' --all-databases | gzip > all.sql.gz" % (host(), p), p))(pw()))
cli("mysqladmin-password", 2, lambda: (lambda p: ("mysqladmin -u root password '%s'" % p, p))(pw()))
cli("psql-pgpassword-env", 3, lambda: (lambda p: ("PGPASSWORD=%s psql -h %s -U %s -d %s -c 'select 1'" % (_q(p), host(), user(), db()), p))(pw()))
cli("pg-dump-pgpassword", 2, lambda: (lambda p: ("PGPASSWORD='%s' pg_dump -Fc -h %s -U postgres %s > %s.dump" % (p, host(), db(), db()), p))(pw()))
cli("mongosh-p", 3, lambda: (lambda p: ("mongosh \"mongodb://%s:27017\" -u admin -p %s --authenticationDatabase admin" % (host(), _q(p)), p))(pw()))
cli("mongodump-password", 2, lambda: (lambda p: ("mongodump --host %s --username backup --password %s --out /backups/$(date +%%F)" % (host(), p), p))(pw_safe()))
cli("redis-cli-a", 3, lambda: (lambda p: ("redis-cli -h %s -p 6379 -a %s --no-auth-warning INFO" % (host(), _q(p)), p))(pw()))
cli("redis-cli-auth-command", 2, lambda: (lambda p: ("redis-cli -h cache.svc.cluster.local\n> AUTH default %s\nOK" % p, p))(pw_safe()))
cli("sqlcmd-P", 3, lambda: (lambda p: ("sqlcmd -S %s -U sa -P %s -Q \"SELECT @@VERSION\"" % (host(), _q(p)), p))(pw()))
cli("bcp-P", 2, lambda: (lambda p: ("bcp dbo.Orders out orders.dat -S sql01 -U etl -P %s -c" % p, p))(pw_safe()))
cli("sqlplus-user-slash-pass", 3, lambda: (lambda p: ("sqlplus system/%s@//%s:1521/ORCLPDB1" % (p, host()), p, "system"))(pw_safe()))
cli("expdp-userid", 2, lambda: (lambda p: ("expdp userid=hr/%s@prod directory=DATA_PUMP_DIR dumpfile=hr.dmp" % p, p))(pw_safe()))
cli("clickhouse-client-password", 2, lambda: (lambda p: ("clickhouse-client --host %s --user default --password %s --query 'SELECT 1'" % (host(), _q(p)), p))(pw()))
cli("cqlsh-p", 2, lambda: (lambda p: ("cqlsh %s 9042 -u cassandra -p %s" % (host(), p), p))(pw_safe()))
cli("influx-token-flag", 2, lambda: (lambda t: ("influx query 'from(bucket:\"m\")' --org acme --token %s" % t, t))(an_(86) + "=="))
cli("cockroach-sql-url", 2, lambda: (lambda p: ("cockroach sql --url 'postgresql://root:%s@%s:26257/defaultdb?sslmode=verify-full'" % (p, host()), p))(pw_safe()))
cli("docker-login-p", 3, lambda: (lambda p: ("docker login -u %s -p %s %s" % (user(), p, pick(["ghcr.io", "registry.acme.lan", "docker.io"])), p))(pick([pw_safe(), "dckr" + "_pat_" + an_(27)])))
cli("docker-login-password-eq", 2, lambda: (lambda p: ("docker login --username=ci --password=%s harbor.acme.lan" % p, p))(pw_safe()))
cli("podman-login-p", 2, lambda: (lambda p: ("podman login quay.io -u acme+robot -p %s" % p, p))(uan(64)))
cli("helm-repo-add-password", 2, lambda: (lambda p: ("helm repo add acme https://charts.acme.lan --username ci --password %s" % _q(p), p))(pw()))
cli("helm-set-password", 2, lambda: (lambda p: ("helm upgrade --install db bitnami/postgresql --set auth.postgresPassword=%s --set auth.database=app" % p, p))(pw_safe()))
cli("htpasswd-b", 2, lambda: (lambda p: ("htpasswd -bc /etc/nginx/.htpasswd admin %s" % _q(p), p))(pw()))
cli("smbclient-user-percent", 3, lambda: (lambda u, p: ("smbclient //fs01/share -U '%s%%%s' -c 'ls'" % (u, p), p, u))(user(), pw_safe()))
cli("net-use-positional", 3, lambda: (lambda p: ("net use Z: \\\\fs01\\projects %s /user:ACME\\%s /persistent:no" % (p, user()), p))(pw_safe()))
cli("net-user-add", 2, lambda: (lambda p: ("net user svc_backup %s /add /y" % p, p))(pw_safe()))
cli("cmdkey-pass", 2, lambda: (lambda p: ("cmdkey /add:fs01.acme.lan /user:ACME\\%s /pass:%s" % (user(), p), p))(pw_safe()))
cli("psexec-p", 2, lambda: (lambda p: ("psexec \\\\app02 -u ACME\\admin -p %s -h cmd /c ipconfig" % p, p))(pw_safe()))
cli("schtasks-rp", 2, lambda: (lambda p: ("schtasks /Create /TN Backup /TR C:\\scripts\\backup.cmd /SC DAILY /RU ACME\\svc_backup /RP %s" % p, p))(pw_safe()))
cli("sc-config-password", 2, lambda: (lambda p: ("sc.exe config AcmeAgent obj= \"ACME\\svc_agent\" password= \"%s\"" % p, p))(pw_safe()))
cli("runas-savecred-echo", 1, lambda: (lambda p: ("echo %s | runas /user:ACME\\admin \"mmc.exe\"" % p, p))(pw_safe()))
cli("powershell-securestring", 4, lambda: (lambda p: ("$sec = ConvertTo-SecureString %s -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential ('ACME\\%s', $sec)" % (pick(["'%s'" % p, '"%s"' % p]), user()), p))(pw_safe()))
cli("powershell-password-param", 3, lambda: (lambda p: ("%s -ServerInstance sql01 -Username sa -Password '%s' -Query 'SELECT 1'" % (pick(["Invoke-Sqlcmd", "Connect-DbaInstance"]), p), p))(pw()))
cli("powershell-new-localuser", 2, lambda: (lambda p: ("New-LocalUser -Name deploy -Password (ConvertTo-SecureString \"%s\" -AsPlainText -Force)" % p, p))(pw_safe()))
cli("powershell-connect-vi", 2, lambda: (lambda p: ("Connect-VIServer -Server vcenter.acme.lan -User administrator@vsphere.local -Password %s" % _q(p), p))(pw_safe()))
cli("powershell-setx", 2, lambda: (lambda p: ("setx DB_PASSWORD \"%s\" /M" % p, p))(pw_safe()))
cli("az-login-p", 2, lambda: (lambda p: ("az login -u ops@acme.onmicrosoft.com -p %s" % _q(p), p))(pw()))
cli("az-keyvault-secret-set", 3, lambda: (lambda p: ("az keyvault secret set --vault-name kv-acme-prod --name db-password --value %s" % _q(p), p))(pw()))
cli("az-webapp-appsettings", 2, lambda: (lambda p: ("az webapp config appsettings set -g rg-prod -n acme-api --settings DB_PASS=%s FEATURE_X=1" % p, p))(pw_safe()))
cli("aws-secretsmanager-create", 3, lambda: (lambda p: ("aws secretsmanager create-secret --name prod/db --secret-string '{\"username\":\"app\",\"password\":\"%s\"}'" % p, p))(pw_safe()))
cli("aws-secretsmanager-put-plain", 2, lambda: (lambda p: ("aws secretsmanager put-secret-value --secret-id prod/stripe --secret-string %s" % p, p))("sk" + "_live_" + an(24)))
cli("aws-ssm-put-parameter", 3, lambda: (lambda p: ("aws ssm put-parameter --name /acme/prod/db_password --type SecureString --value %s --overwrite" % _q(p), p))(pw()))
cli("aws-configure-set-secret", 2, lambda: (lambda p: ("aws configure set aws_secret_access_key %s --profile deploy" % p, p))(an(40)))
cli("aws-rds-master-password", 2, lambda: (lambda p: ("aws rds modify-db-instance --db-instance-identifier prod-pg --master-user-password '%s' --apply-immediately" % p, p))(pw_safe()))
cli("gcloud-secrets-echo", 3, lambda: (lambda p: ("echo -n %s | gcloud secrets versions add db-password --data-file=-" % _q(p), p))(pw_safe()))
cli("gcloud-sql-set-password", 2, lambda: (lambda p: ("gcloud sql users set-password postgres --instance=prod-pg --password=%s" % p, p))(pw_safe()))
cli("kubectl-secret-from-literal", 4, lambda: (lambda p: ("kubectl create secret generic db-creds --from-literal=username=app --from-literal=password=%s -n prod" % _q(p), p))(pw()))
cli("kubectl-secret-docker-registry", 2, lambda: (lambda p: ("kubectl create secret docker-registry regcred --docker-server=ghcr.io --docker-username=ci --docker-password=%s" % p, p))(pick(["gh" + "p_" + an(36), pw_safe()])))
cli("vault-kv-put", 3, lambda: (lambda p: ("vault kv put secret/app/prod db_password=%s api_key=%s" % (_q(p), an(32)), p))(pw()))
cli("heroku-config-set-pass", 2, lambda: (lambda p: ("heroku config:set SMTP_PASSWORD=%s -a acme-web" % p, p))(pw_safe()))
cli("flyctl-secrets-set", 2, lambda: (lambda p: ("fly secrets set DATABASE_PASSWORD=%s --app acme-api" % _q(p), p))(pw()))
cli("vercel-env-add-echo", 2, lambda: (lambda p: ("echo %s | vercel env add DB_PASSWORD production" % _q(p), p))(pw_safe()))
cli("gh-secret-set-body", 2, lambda: (lambda p: ("gh secret set DEPLOY_KEY_PASSPHRASE --body %s --repo acme/api" % _q(p), p))(pw()))
cli("doppler-secrets-set", 2, lambda: (lambda p: ("doppler secrets set DB_PASSWORD=%s --project api --config prd" % _q(p), p))(pw()))
cli("op-item-create", 2, lambda: (lambda p: ("op item create --category=login --title='prod db' username=app 'password=%s'" % p, p))(pw()))
cli("bw-create-item-json", 1, lambda: (lambda p: ("echo '{\"type\":1,\"name\":\"smtp\",\"login\":{\"username\":\"mailer\",\"password\":\"%s\"}}' | bw encode | bw create item" % p, p))(pw_safe()))
cli("ldapsearch-w", 3, lambda: (lambda p: ("ldapsearch -x -H ldaps://dc01.acme.lan -D 'cn=admin,dc=acme,dc=lan' -w %s -b 'dc=acme,dc=lan' '(uid=%s)'" % (_q(p), pick(NAMES)), p))(pw()))
cli("ldappasswd-s", 2, lambda: (lambda p: ("ldappasswd -x -D cn=admin,dc=acme,dc=lan -W -S -s %s uid=jdoe,ou=people,dc=acme,dc=lan" % p, p))(pw_safe()))
cli("sshpass-p", 3, lambda: (lambda p: ("sshpass -p %s ssh -o StrictHostKeyChecking=no deploy@%s 'sudo systemctl restart app'" % (_q(p), host()), p))(pw()))
cli("rsync-password-env", 2, lambda: (lambda p: ("RSYNC_PASSWORD=%s rsync -av ./dist/ rsync://backup@nas.acme.lan/web/" % p, p))(pw_safe()))
cli("openssl-pass-literal", 3, lambda: (lambda p: ("openssl enc -aes-256-cbc -pbkdf2 -in backup.tar -out backup.tar.enc -pass pass:%s" % p, p))(pw_safe()))
cli("openssl-passin", 2, lambda: (lambda p: ("openssl pkcs12 -in cert.p12 -nodes -passin pass:%s -out cert.pem" % p, p))(pw_safe()))
cli("openssl-k", 1, lambda: (lambda p: ("openssl aes-256-cbc -d -in secrets.enc -k %s" % p, p))(pw_safe()))
cli("zip-P", 2, lambda: (lambda p: ("zip -r -P %s export.zip ./export" % p, p))(pw_safe()))
cli("7z-p", 2, lambda: (lambda p: ("7z a -p%s -mhe=on archive.7z ./reports" % p, p))(pw_safe()))
cli("unrar-p", 1, lambda: (lambda p: ("unrar x -p%s data.rar" % p, p))(pw_safe()))
cli("gpg-passphrase", 2, lambda: (lambda p: ("gpg --batch --yes --passphrase %s --pinentry-mode loopback -d secrets.gpg" % _q(p), p))(pw_phrase()))
cli("keytool-storepass", 3, lambda: (lambda p: ("keytool -importkeystore -srckeystore cert.p12 -srcstoretype PKCS12 -destkeystore app.jks -srcstorepass %s -deststorepass %s" % (p, p), p))(pw_safe()))
cli("jarsigner-storepass", 2, lambda: (lambda p: ("jarsigner -keystore release.jks -storepass %s -keypass %s app.apk release" % (p, p), p))(pw_safe()))
cli("curl-u-user-pass", 4, lambda: (lambda u, p: ("curl -u %s:%s https://%s/api/v1/status" % (u, p, pick(["jenkins.acme.lan", "nexus.acme.lan", "es.acme.lan:9200"])), p, u))(user(), pw_safe()))
cli("curl-user-long", 2, lambda: (lambda u, p: ("curl --user \"%s:%s\" -X POST https://api.acme.io/v1/reindex" % (u, p), p, u))(user(), pw()))
cli("wget-password", 2, lambda: (lambda p: ("wget --user=ci --password=%s https://repo.acme.lan/artifacts/build.tgz" % p, p))(pw_safe()))
cli("lftp-u", 2, lambda: (lambda p: ("lftp -u deploy,%s sftp://files.acme.io -e 'mirror -R dist /www; bye'" % p, p))(pw_safe()))
cli("git-clone-token-url", 3, lambda: (lambda t: ("git clone https://oauth2:%s@gitlab.acme.io/platform/infra.git" % t, t))(pick(["gl" + "pat-" + an_(20), an(20)])))
cli("git-remote-set-url-token", 2, lambda: (lambda t: ("git remote set-url origin https://x-access-token:%s@github.com/acme/api.git" % t, t))("gh" + "s_" + an(36)))
cli("twine-upload-p", 2, lambda: (lambda t: ("twine upload -u __token__ -p %s dist/*" % t, t))("py" + "pi-AgEIcHlwaS5vcmc" + b64u(60)))
cli("docker-run-e-password", 3, lambda: (lambda p: ("docker run -d --name db -e POSTGRES_PASSWORD=%s -p 5432:5432 postgres:16" % p, p))(pw_safe()))
cli("docker-build-arg", 2, lambda: (lambda t: ("docker build --build-arg NPM_TOKEN=%s -t acme/web ." % t, t))("np" + "m_" + an(36)))
cli("terraform-var", 3, lambda: (lambda p: ("terraform apply -var 'db_password=%s' -var env=prod" % p, p))(pw_safe()))
cli("ansible-extra-vars", 2, lambda: (lambda p: ("ansible-playbook site.yml -e \"ansible_become_pass=%s\" -l web" % p, p))(pw_safe()))
cli("mvn-D-password", 2, lambda: (lambda p: ("mvn deploy -DrepoUser=ci -DrepoPassword=%s -DskipTests" % p, p))(pw_safe()))
cli("gradle-P-password", 2, lambda: (lambda p: ("./gradlew publish -PsonatypePassword=%s -Psigning.password=%s" % (p, pw_safe()), p))(pw_safe()))
cli("java-D-keystore-password", 2, lambda: (lambda p: ("java -Djavax.net.ssl.keyStorePassword=%s -jar app.jar" % p, p))(pw_safe()))
cli("rabbitmqctl-add-user", 3, lambda: (lambda p: ("rabbitmqctl add_user %s %s && rabbitmqctl set_user_tags %s administrator" % ("svc_orders", _q(p), "svc_orders"), p))(pw_safe()))
cli("rabbitmqctl-change-password", 2, lambda: (lambda p: ("rabbitmqctl change_password guest %s" % p, p))(pw_safe()))
cli("influx-setup-positional", 1, lambda: (lambda p: ("influx setup -u admin -p %s -o acme -b metrics -f" % p, p))(pw_safe()))
cli("wp-cli-user-pass", 2, lambda: (lambda p: ("wp user create editor editor@acme.io --role=editor --user_pass=%s" % p, p))(pw_safe()))
cli("drush-upwd", 1, lambda: (lambda p: ("drush upwd admin '%s'" % p, p))(pw()))
cli("chpasswd-echo", 3, lambda: (lambda u, p: ("echo '%s:%s' | sudo chpasswd" % (u, p), p, u))(user(), pw()))
cli("passwd-stdin", 2, lambda: (lambda p: ("echo %s | passwd --stdin deploy" % p, p))(pw_safe()))
cli("nmcli-wifi-password", 2, lambda: (lambda p: ("nmcli dev wifi connect AcmeCorp password %s" % _q(p), p))(pw()))
cli("wpa-passphrase-positional", 2, lambda: (lambda p: ("wpa_passphrase HomeNet %s >> /etc/wpa_supplicant.conf" % _q(p), p))(pw_phrase()))
cli("ipmitool-P", 2, lambda: (lambda p: ("ipmitool -I lanplus -H 10.0.9.%d -U ADMIN -P %s chassis power status" % (_R.randint(2, 200), p), p))(pw_safe()))
cli("snmpwalk-auth-priv", 2, lambda: (lambda a, x: ("snmpwalk -v3 -l authPriv -u monitor -a SHA -A %s -x AES -X %s 10.0.0.1" % (a, x), a))(pw_safe(), pw_safe()))
cli("jenkins-cli-auth", 2, lambda: (lambda t: ("java -jar jenkins-cli.jar -s https://jenkins.acme.lan -auth admin:%s build deploy" % t, t))(hx(34)))
cli("gitlab-runner-register", 2, lambda: (lambda t: ("gitlab-runner register --non-interactive --url https://gitlab.acme.io --registration-token %s --executor docker" % t, t))("GR" + "1348941" + an_(20)))
cli("kubeadm-join-token", 3, lambda: (lambda t: ("kubeadm join 10.0.0.10:6443 --token %s --discovery-token-ca-cert-hash sha256:%s" % (t, hx(64)), t))(lan(6) + "." + lan(16)))
cli("k3s-token-env", 2, lambda: (lambda t: ("curl -sfL https://get.k3s.io | K3S_URL=https://10.0.0.5:6443 K3S_TOKEN=%s sh -" % t, t))("K10" + hx(64) + "::server:" + hx(32)))
cli("consul-acl-token", 2, lambda: (lambda t: ("consul kv get -token=%s config/app" % t, t))(uuid4()))
cli("nomad-token", 1, lambda: (lambda t: ("nomad job run -token %s api.nomad.hcl" % t, t))(uuid4()))
cli("buildkite-agent-token", 1, lambda: (lambda t: ("buildkite-agent start --token %s --tags queue=deploy" % t, t))(hx(50)))
cli("mc-admin-user-add", 1, lambda: (lambda p: ("mc admin user add prod svc-backup %s" % p, p))(pw_safe()))
cli("pgbench-password-env", 1, lambda: (lambda p: ("export PGPASSWORD=%s; pgbench -i -s 50 bench" % p, p))(pw_safe()))
cli("mssql-tools-sa-env", 2, lambda: (lambda p: ("docker run -e 'ACCEPT_EULA=Y' -e 'MSSQL_SA_PASSWORD=%s' -p 1433:1433 mcr.microsoft.com/mssql/server:2022-latest" % p, p))(pw_safe()))
cli("sql-alter-user-password", 3, lambda: (lambda p: ("psql -c \"ALTER USER app WITH PASSWORD '%s';\"" % p, p))(pw_safe()))
cli("sql-create-user-identified", 2, lambda: (lambda p: ("mysql -e \"CREATE USER 'report'@'%%' IDENTIFIED BY '%s'; GRANT SELECT ON shop.* TO 'report'@'%%';\"" % p, p))(pw_safe()))
cli("mongo-createuser", 2, lambda: (lambda p: ("db.createUser({ user: \"app\", pwd: \"%s\", roles: [\"readWrite\"] })" % p, p))(pw_safe()))
cli("ci-set-x-trace", 3, lambda: (lambda p: ("+ export DATABASE_PASSWORD=%s\n+ ./scripts/migrate.sh" % p, p))(pw_safe()))
cli("ci-github-add-mask", 2, lambda: (lambda t: ("echo \"::add-mask::%s\"\n::add-mask::%s" % (t, t), t))(an(32)))
cli("ci-log-leaked-echo", 2, lambda: (lambda t: ("[build 2026-01-12T10:14:03Z] Using deploy token %s for registry push" % t, t))(an_(40)))
cli("ci-gitlab-variable-dump", 2, lambda: (lambda p: ("$ env | sort\nCI_JOB_ID=88213\nCI_REGISTRY_PASSWORD=%s\nCI_REGISTRY_USER=gitlab-ci-token" % p, p))(an_(20)))
cli("ci-jenkins-withcredentials-leak", 1, lambda: (lambda p: ("Warning: A secret was passed to \"sh\" using Groovy String interpolation, which is insecure.\n+ curl -u deploy:%s https://nexus.acme.lan" % p, p))(pw_safe()))

# ---------------------------------------------------------------- connection strings / URLs
N = "connection-string"


def _urlctx(url, envname):
    return pick(["%s=%s" % (envname, url), 'export %s="%s"' % (envname, url), "%s: %s" % (envname.lower(), url),
                 '"%s": "%s"' % (_camel(envname), url), "connecting with %s" % url, url])


URL_SCHEMES = [
    ("postgres-url", "postgres", "5432", "DATABASE_URL"),
    ("postgresql-url", "postgresql", "5432", "DATABASE_URL"),
    ("postgres-asyncpg-url", "postgresql+asyncpg", "5432", "SQLALCHEMY_DATABASE_URI"),
    ("mysql-url", "mysql", "3306", "DATABASE_URL"),
    ("mysql-pymysql-url", "mysql+pymysql", "3306", "SQLALCHEMY_URL"),
    ("mariadb-url", "mariadb", "3306", "DB_DSN"),
    ("mongodb-url", "mongodb", "27017", "MONGO_URI"),
    ("redis-url", "redis", "6379", "REDIS_URL"),
    ("rediss-url", "rediss", "6380", "REDIS_TLS_URL"),
    ("amqp-url", "amqp", "5672", "CELERY_BROKER_URL"),
    ("amqps-url", "amqps", "5671", "RABBITMQ_URL"),
    ("nats-url", "nats", "4222", "NATS_URL"),
    ("ftp-url", "ftp", "21", "FTP_URL"),
    ("sftp-url", "sftp", "22", "SFTP_TARGET"),
    ("smtp-url", "smtp", "587", "EMAIL_URL"),
    ("smtps-url", "smtps", "465", "MAILER_DSN"),
    ("ldap-url", "ldap", "389", "LDAP_URL"),
    ("https-basic-url", "https", "443", "REPO_URL"),
    ("http-proxy-url", "http", "3128", "HTTPS_PROXY"),
    ("socks5-proxy-url", "socks5", "1080", "ALL_PROXY"),
    ("clickhouse-url", "clickhouse", "9000", "CLICKHOUSE_DSN"),
    ("neo4j-url", "neo4j+s", "7687", "NEO4J_URI"),
    ("bolt-url", "bolt", "7687", "GRAPH_URL"),
    ("mqtt-url", "mqtt", "1883", "MQTT_BROKER"),
    ("mqtts-url", "mqtts", "8883", "MQTT_URL"),
    ("rtsp-camera-url", "rtsp", "554", "CAMERA_STREAM"),
    ("snowflake-url", "snowflake", "443", "SNOWFLAKE_URL"),
    ("redshift-url", "redshift+psycopg2", "5439", "REDSHIFT_URL"),
    ("cockroach-url", "cockroachdb", "26257", "COCKROACH_URL"),
    ("mssql-pyodbc-url", "mssql+pyodbc", "1433", "MSSQL_URL"),
    ("oracle-sqla-url", "oracle+cx_oracle", "1521", "ORACLE_URL"),
    ("couchbase-url", "couchbases", "11207", "CB_CONN"),
    ("elasticsearch-url", "https", "9200", "ELASTICSEARCH_URL"),
    ("smb-url", "smb", "445", "BACKUP_TARGET"),
    ("webdav-url", "davs", "443", "WEBDAV_URL"),
    ("svn-url", "svn+ssh", "22", "SVN_REPO"),
    ("git-https-url", "git+https", "443", "PIP_REQUIREMENT"),
    ("stomp-url", "stomp+ssl", "61614", "ACTIVEMQ_URL"),
    ("memcached-url", "memcache", "11211", "MEMCACHIER_URL"),
    ("kafka-sasl-url", "kafka+sasl_ssl", "9093", "KAFKA_URL"),
    ("influxdb-url", "influxdb", "8086", "INFLUX_URL"),
    ("db2-url", "db2", "50000", "DB2_URL"),
    ("sip-url", "sip", "5060", "SIP_TRUNK"),
]

for _fmt, _sch, _port, _env in URL_SCHEMES:
    for _i in range(2 if _R.random() < 0.5 else 1):
        _u, _p = pick(USERS + NAMES), pw_safe()
        if _sch in ("redis", "rediss") and _R.random() < 0.5:
            _u = ""
        _h = host() if _sch not in ("https", "http", "socks5") else pick(["proxy.acme.lan", "nexus.acme.lan", "es-prod.acme.io", "files.acme.io"])
        if _sch.startswith(("postgres", "mysql", "mariadb", "cockroach", "redshift", "mssql", "oracle", "db2", "clickhouse", "snowflake")):
            _path = pick(["/" + db(), "/" + db() + "?sslmode=require", "/" + db() + "?charset=utf8mb4"])
        elif _sch.startswith("mongo"):
            _path = pick(["/" + db(), "/?authSource=admin"])
        elif _sch.startswith("redis"):
            _path = pick(["/0", "/1", ""])
        elif _sch.startswith("amqp"):
            _path = pick(["/%2F", "/prod", ""])
        elif _sch == "rtsp":
            _path = "/Streaming/Channels/101"
        elif _sch in ("https", "http", "davs", "git+https", "svn+ssh", "smb", "ftp", "sftp"):
            _path = pick(["/", "/repo/releases", "/backup/nightly", ""])
        else:
            _path = ""
        _url = "%s://%s:%s@%s:%s%s" % (_sch, _u, _p, _h, _port, _path)
        _add(N, _fmt, _urlctx(_url, _env), _p, _u or _h)

# mongodb+srv and multi-host
for _i in range(3):
    _p = pw_safe()
    _url = "mongodb+srv://%s:%s@cluster0.%s.mongodb.net/%s?retryWrites=true&w=majority" % (user(), _p, lan(5), db())
    _add(N, "mongodb-srv-url", _urlctx(_url, "MONGODB_URI"), _p, "mongodb.net")
for _i in range(2):
    _p = pw_safe()
    _url = "mongodb://app:%s@mongo-0:27017,mongo-1:27017,mongo-2:27017/app?replicaSet=rs0" % _p
    _add(N, "mongodb-replicaset-url", _urlctx(_url, "MONGO_URL"), _p, "replicaSet")

# URL-encoded passwords in userinfo
for _i in range(4):
    _raw = pw_random(sym="@#:/%!?") if _R.random() < 0.5 else pw_human() + "@" + str(_R.randint(1, 99))
    _enc = urllib.parse.quote(_raw, safe="")
    if _enc == _raw:
        _raw = _raw + "@x"
        _enc = urllib.parse.quote(_raw, safe="")
    _url = "postgresql://%s:%s@%s:5432/%s" % (user(), _enc, host(), db())
    _add(N, "url-encoded-password-url", _urlctx(_url, "DATABASE_URL"), _enc, "postgresql")

# ADO.NET / ODBC / JDBC / Azure
for _i in range(3):
    _p = pw_safe()
    _add(N, "adonet-sqlserver", 'Server=tcp:%s,1433;Initial Catalog=%s;User ID=%s;Password=%s;Encrypt=True;' % (host(), db(), user(), _p), _p, "User ID")
for _i in range(2):
    _p = pw_safe()
    _add(N, "adonet-pwd-short", '"Data Source=%s;Database=%s;Uid=%s;Pwd=%s;"' % (host(), db(), user(), _p), _p, "Uid")
for _i in range(2):
    _p = pw_safe()
    _add(N, "odbc-connection-string", "Driver={ODBC Driver 18 for SQL Server};Server=%s;Database=%s;UID=%s;PWD={%s};" % (host(), db(), user(), _p), _p, "UID")
for _i in range(2):
    _p = pw_safe()
    _add(N, "npgsql-connection-string", "Host=%s;Port=5432;Database=%s;Username=%s;Password=%s;SSL Mode=Require" % (host(), db(), user(), _p), _p, "Username")
for _i in range(3):
    _p = pw_safe()
    _add(N, "jdbc-query-password", "jdbc:mysql://%s:3306/%s?user=%s&password=%s&useSSL=true" % (host(), db(), user(), _p), _p, "user=")
for _i in range(2):
    _p = pw_safe()
    _add(N, "jdbc-sqlserver-semicolon", "jdbc:sqlserver://%s:1433;databaseName=%s;user=%s;password=%s;encrypt=true" % (host(), db(), user(), _p), _p, "databaseName")
for _i in range(2):
    _p = pw_safe()
    _add(N, "jdbc-oracle-thin-userpass", "jdbc:oracle:thin:%s/%s@//%s:1521/ORCLPDB1" % (user(), _p, host()), _p, "jdbc:oracle")
for _i in range(2):
    _p = pw_safe()
    _add(N, "oracle-ezconnect", "%s/%s@%s:1521/XEPDB1" % (pick(["hr", "system", "app_owner"]), _p, host()), _p, "XEPDB1")
for _i in range(2):
    _p = pw_safe()
    _add(N, "libpq-keyword-dsn", "host=%s port=5432 dbname=%s user=%s password=%s sslmode=require" % (host(), db(), user(), _p), _p, "dbname")
for _i in range(2):
    _p = pw_safe()
    _add(N, "go-mysql-dsn", '%s:%s@tcp(%s:3306)/%s?parseTime=true' % (user(), _p, host(), db()), _p, "tcp(")
for _i in range(3):
    _k = b64b(64)
    _add(N, "azure-storage-connstring", "DefaultEndpointsProtocol=https;AccountName=%s;AccountKey=%s;EndpointSuffix=core.windows.net" % (pick(["acmeprod", "stlogs01", "backupsa"]), _k), _k, "AccountName")
for _i in range(2):
    _k = b64b(32)
    _add(N, "azure-servicebus-connstring", "Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=%s" % _k, _k, "SharedAccessKeyName")
for _i in range(2):
    _k = b64b(32)
    _add(N, "azure-eventhub-connstring", "Endpoint=sb://acme-eh.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=%s;EntityPath=telemetry" % _k, _k, "EntityPath")
for _i in range(2):
    _k = b64b(64)
    _add(N, "azure-cosmos-connstring", "AccountEndpoint=https://acme-cosmos.documents.azure.com:443/;AccountKey=%s;" % _k, _k, "AccountEndpoint")
for _i in range(2):
    _k = b64b(32)
    _add(N, "azure-iothub-device-connstring", "HostName=acme-hub.azure-devices.net;DeviceId=sensor-%d;SharedAccessKey=%s" % (_R.randint(1, 999), _k), _k, "DeviceId")
for _i in range(2):
    _k = b64b(32)
    _add(N, "azure-signalr-connstring", "Endpoint=https://acme.service.signalr.net;AccessKey=%s;Version=1.0;" % _k, _k, "Endpoint")
for _i in range(2):
    _sig = urllib.parse.quote(b64b(32), safe="")
    _add(N, "azure-sas-url", "https://acmeprod.blob.core.windows.net/exports/report.csv?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-02-01T00:00:00Z&st=2026-01-01T00:00:00Z&spr=https&sig=%s" % _sig, _sig, "blob.core.windows.net")
for _i in range(2):
    _sig = hx(64)
    _add(N, "aws-presigned-url", "https://acme-exports.s3.amazonaws.com/r.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AS" "IA%s%%2F20260112%%2Fus-east-1%%2Fs3%%2Faws4_request&X-Amz-Date=20260112T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Security-Token=%s&X-Amz-Signature=%s" % (uan(16), urllib.parse.quote("FwoGZXIvYXdzE" + b64b(120), safe=""), _sig), _sig, "s3.amazonaws.com")
for _i in range(2):
    _k, _s = an(15), an_(27)
    _add(N, "cloudinary-url", "CLOUDINARY_URL=cloudinary://%s:%s@acme-media" % (dg(15), _s), _s, "acme-media")
for _i in range(2):
    _s = hx(32)
    _add(N, "sentry-dsn-legacy-secret", "SENTRY_DSN=https://%s:%s@sentry.acme.lan/12" % (hx(32), _s), _s, "sentry.acme.lan")
for _i in range(2):
    _p = pw_safe()
    _add(N, "vnc-url-password", "vnc://:%s@10.0.5.%d:5901" % (_p, _R.randint(2, 200)), _p, "vnc://")
for _i in range(2):
    _p = pw_safe()
    _add(N, "s3-url-keypair", "duplicity /home s3://%s:%s@s3.wasabisys.com/acme-backup" % (uan(20), _p), _p, "wasabisys")
for _i in range(2):
    _p = pw_safe()
    _add(N, "jdbc-postgres-props", "jdbc:postgresql://%s/%s?user=%s&password=%s&ssl=true" % (host(), db(), user(), _p), _p, "jdbc:postgresql")
for _i in range(2):
    _p = pw_safe()
    _add(N, "redis-sentinel-url", "redis+sentinel://:%s@sentinel-0:26379,sentinel-1:26379/mymaster/0" % _p, _p, "mymaster")
for _i in range(2):
    _p = pw_safe()
    _add(N, "php-pdo-dsn-args", "$pdo = new PDO('mysql:host=%s;dbname=%s', '%s', '%s');" % (host(), db(), user(), _p), _p, "PDO")

# ---------------------------------------------------------------- config lines and blocks
G = "config-line"
_PWKEYS = ["password", "passwd", "pwd", "db_password", "DB_PASS", "adminPassword", "secret", "client_secret",
           "api_key", "apiKey", "auth_token", "token", "access_key_secret", "smtp_password", "masterPassword",
           "rootPassword", "secretKey", "private_token", "signing_secret", "encryption_key", "webhookSecret",
           "session_secret", "jwt_secret", "cookie_secret", "bind_password", "credential"]


def _cfgval():
    return pick([pw, pw, lambda: an(32), lambda: hx(40), lambda: b64b(32), pw_phrase])()


def cfgfmt(fmt, n, render):
    for _ in range(n):
        k, v = pick(_PWKEYS), _cfgval()
        for ch in "\"'\\&<>$`":
            v = v.replace(ch, "")
        if len(v) < 8:
            v = v + hx(6)
        _add(G, fmt, render(k, v), v, k)


cfgfmt("json-kv", 3, lambda k, v: json.dumps({"host": host(), "user": user(), k: v}))
cfgfmt("json-pretty-nested", 3, lambda k, v: json.dumps({"database": {"host": host(), "port": 5432, k: v}}, indent=2))
cfgfmt("yaml-kv-plain", 3, lambda k, v: "%s:\n  host: %s\n  %s: %s" % (pick(["db", "smtp", "redis", "ldap"]), host(), k, v if (v[0].isalnum() and "#" not in v and ": " not in v) else "'%s'" % v))
cfgfmt("yaml-kv-quoted", 3, lambda k, v: "%s: \"%s\"" % (k, v.replace('"', "").replace("\\", "")) if ('"' not in v and "\\" not in v) else "%s: '%s'" % (k, v))
cfgfmt("toml-kv", 3, lambda k, v: "[%s]\nurl = \"https://api.acme.io\"\n%s = '%s'" % (pick(["service", "auth", "storage"]), k, v))
cfgfmt("ini-kv", 3, lambda k, v: "[%s]\nhost = %s\n%s = %s" % (pick(["database", "mail", "ldap", "client"]), host(), k, v))
cfgfmt("java-properties", 2, lambda k, v: "app.%s.%s=%s" % (pick(["db", "mail", "cache"]), k, v))
cfgfmt("dotenv-line", 3, lambda k, v: "%s=%s" % (k.upper(), pick([v, '"%s"' % v, "'%s'" % v])))
cfgfmt("shell-export", 3, lambda k, v: "export %s='%s'" % (k.upper(), v))
cfgfmt("dockerfile-env", 2, lambda k, v: "FROM node:20-alpine\nENV %s=%s \\\n    NODE_ENV=production" % (k.upper(), v.replace(" ", "")))
cfgfmt("dockerfile-arg-default", 2, lambda k, v: "ARG %s=%s\nRUN ./configure --with-auth" % (k.upper(), v.replace(" ", "")))
cfgfmt("xml-element", 2, lambda k, v: "<%s>%s</%s>" % (k, v.replace("&", "and").replace("<", "").replace(">", ""), k))
cfgfmt("xml-attribute", 2, lambda k, v: '<add name="%s" value="%s" />' % (k, v.replace("&", "and").replace('"', "").replace("<", "")))
cfgfmt("hcl-attribute", 3, lambda k, v: 'resource "aws_db_instance" "main" {\n  username = "app"\n  %s = "%s"\n}' % (k, v.replace('"', "").replace("$", "")))
cfgfmt("tfvars", 2, lambda k, v: '%s = "%s"' % (k, v.replace('"', "").replace("$", "")))
cfgfmt("docker-compose-env-list", 3, lambda k, v: "services:\n  api:\n    environment:\n      - %s=%s\n      - LOG_LEVEL=debug" % (k.upper(), v))
cfgfmt("docker-compose-env-map", 2, lambda k, v: "    environment:\n      %s: \"%s\"" % (k.upper(), v.replace('"', "").replace("\\", "")))
cfgfmt("github-actions-env", 2, lambda k, v: "    env:\n      %s: %s\n    steps:\n      - run: make deploy" % (k.upper(), v if v[0].isalnum() else "'%s'" % v))
cfgfmt("helm-values", 3, lambda k, v: "auth:\n  enabled: true\n  %s: %s\n  existingSecret: \"\"" % (k, pick(['"%s"' % v.replace('"', "").replace("\\", ""), "'%s'" % v])))
cfgfmt("ansible-vars", 2, lambda k, v: "---\nmysql_root_user: root\nmysql_root_%s: \"%s\"" % (k, v.replace('"', "").replace("\\", "")))
cfgfmt("nginx-directive", 1, lambda k, v: 'proxy_set_header X-Api-Secret "%s";' % v.replace('"', "").replace("\\", ""))
cfgfmt("php-array", 2, lambda k, v: "'%s' => '%s'," % (k, v.replace("'", "")))
cfgfmt("lua-table", 1, lambda k, v: '%s = "%s",' % (k, v.replace('"', "").replace("\\", "")))
cfgfmt("systemd-environment", 2, lambda k, v: '[Service]\nEnvironment="%s=%s"\nExecStart=/usr/bin/acme-agent' % (k.upper(), v.replace('"', "").replace("\\", "").replace(" ", "")))


def _k8s_secret():
    p = pw()
    e = b64s(p)
    return "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-credentials\ntype: Opaque\ndata:\n  username: %s\n  password: %s" % (b64s(user()), e), e


for _i in range(4):
    _t, _s = _k8s_secret()
    _add(G, "k8s-secret-data-base64", _t, _s, "db-credentials")
for _i in range(3):
    _p = pw()
    _add(G, "k8s-secret-stringdata", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: smtp\nstringData:\n  SMTP_PASSWORD: \"%s\"" % _p.replace('"', "").replace("\\", ""), _p.replace('"', "").replace("\\", ""), "SMTP_PASSWORD")
for _i in range(2):
    _t = an(40)
    _e = b64s(_t)
    _add(G, "k8s-secret-json-data", json.dumps({"apiVersion": "v1", "kind": "Secret", "data": {"api-token": _e}}), _e, "api-token")
for _i in range(2):
    _p = pw_safe()
    _add(G, "redis-conf-requirepass", "bind 0.0.0.0\nprotected-mode yes\nrequirepass %s\nmasterauth %s" % (_p, _p), _p, "requirepass")
for _i in range(2):
    _p = pw_safe()
    _add(G, "keepalived-auth-pass", "authentication {\n    auth_type PASS\n    auth_pass %s\n}" % _p[:8], _p[:8], "auth_type")
for _i in range(2):
    _s = b64b(32)
    _add(G, "bind-tsig-key", 'key "transfer-key" {\n    algorithm hmac-sha256;\n    secret "%s";\n};' % _s, _s, "transfer-key")
for _i in range(2):
    _s = pw_safe()
    _add(G, "freeradius-client-secret", "client office-ap {\n    ipaddr = 10.0.20.0/24\n    secret = %s\n}" % _s, _s, "office-ap")
for _i in range(2):
    _s = pw_safe()
    _add(G, "snmpd-community", "rocommunity %s 10.0.0.0/8\nsyslocation dc1" % _s, _s, "rocommunity")
for _i in range(2):
    _s = pw_safe()
    _add(G, "grafana-ini-admin", "[security]\nadmin_user = admin\nadmin_password = %s\nsecret_key = %s" % (_s, an(20)), _s, "admin_user")
for _i in range(2):
    _s = pw_safe()
    _add(G, "kibana-yml-es-password", 'elasticsearch.hosts: ["https://es01:9200"]\nelasticsearch.username: "kibana_system"\nelasticsearch.password: "%s"' % _s, _s, "kibana_system")
for _i in range(2):
    _s = pw_safe()
    _add(G, "prometheus-basic-auth", "  - job_name: node\n    basic_auth:\n      username: prom\n      password: %s\n    static_configs:\n      - targets: ['10.0.0.7:9100']" % _s, _s, "basic_auth")
for _i in range(2):
    _s = "base64:" + b64b(32)
    _add(G, "laravel-app-key", "APP_NAME=Acme\nAPP_ENV=production\nAPP_KEY=%s\nAPP_DEBUG=false" % _s, _s[7:], "APP_NAME")
for _i in range(2):
    _s = hx(128)
    _add(G, "rails-secret-key-base", "production:\n  secret_key_base: %s" % _s, _s, "production")
for _i in range(2):
    _s = hx(32)
    _add(G, "rails-master-key", "echo %s > config/master.key" % _s, _s, "master.key")
for _i in range(2):
    _s = hx(32)
    _add(G, "symfony-app-secret", "###> symfony/framework-bundle ###\nAPP_ENV=prod\nAPP_SECRET=%s\n###< symfony/framework-bundle ###" % _s, _s, "APP_ENV")
for _i in range(2):
    _s = b64b(32)
    _add(G, "nextauth-secret", "NEXTAUTH_URL=https://app.acme.io\nNEXTAUTH_SECRET=%s" % _s, _s, "NEXTAUTH_URL")
for _i in range(2):
    _s = b64b(48)
    _add(G, "phoenix-secret-key-base", "config :acme, AcmeWeb.Endpoint,\n  secret_key_base: \"%s\"" % _s, _s, "AcmeWeb.Endpoint")
for _i in range(2):
    _s = pw_safe()
    _add(G, "jenkins-casc-password", "jenkins:\n  securityRealm:\n    local:\n      users:\n        - id: admin\n          password: %s" % _s, _s, "securityRealm")
for _i in range(2):
    _s = pw_safe()
    _add(G, "haproxy-userlist", "userlist admins\n    user ops insecure-password %s" % _s, _s, "userlist")
for _i in range(2):
    _s = pw_safe()
    _add(G, "pgbouncer-ini-auth", "[databases]\napp = host=%s dbname=app user=app password=%s" % (host(), _s), _s, "[databases]")
for _i in range(2):
    _s = pw_safe()
    _add(G, "openldap-rootpw", "database mdb\nsuffix \"dc=acme,dc=lan\"\nrootdn \"cn=admin,dc=acme,dc=lan\"\nrootpw %s" % _s, _s, "rootdn")
for _i in range(2):
    _s = pw_safe()
    _add(G, "tomcat-users-xml", '<user username="manager" password="%s" roles="manager-gui,admin-gui"/>' % _s, _s, "manager")
for _i in range(2):
    _s = pw_safe()
    _add(G, "context-xml-resource", '<Resource name="jdbc/AppDB" auth="Container" type="javax.sql.DataSource" username="app" password="%s" url="jdbc:mysql://db:3306/app"/>' % _s, _s, "jdbc/AppDB")
for _i in range(2):
    _s = pw_safe()
    _add(G, "web-config-appsetting", '<appSettings>\n  <add key="SmtpPassword" value="%s" />\n</appSettings>' % _s, _s, "SmtpPassword")
for _i in range(2):
    _s = an(32)
    _add(G, "logstash-output-password", 'output {\n  elasticsearch {\n    hosts => ["https://es:9200"]\n    user => "logstash_writer"\n    password => "%s"\n  }\n}' % _s, _s, "logstash_writer")
for _i in range(2):
    _s = pw_safe()
    _psk = b64b(32)
    _add(G, "wireguard-preshared-key", "[Peer]\nPublicKey = %s\nPresharedKey = %s\nAllowedIPs = 10.8.0.2/32" % (b64b(32), _psk), _psk, "AllowedIPs")
for _i in range(2):
    _s = pw_safe()
    _lines = [hx(32) for _ in range(16)]
    _add(G, "openvpn-static-key", "<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n%s\n-----END OpenVPN Static key V1-----\n</tls-auth>" % "\n".join(_lines), _lines[7], "tls-auth")

# ---------------------------------------------------------------- code in many languages
K = "code"


def _codeval():
    v = pick([pw_safe, lambda: an(32), lambda: hx(40), lambda: b64u(32), lambda: "sk" + "_live_" + an(24), lambda: "xo" + "xb-" + dg(11) + "-" + dg(13) + "-" + an(24)])()
    return v


CODE = [
    ("python-assign", lambda v: 'DB_PASSWORD = "%s"' % v),
    ("python-dict-literal", lambda v: "config = {'host': '%s', 'password': '%s', 'port': 5432}" % (host(), v)),
    ("python-kwarg", lambda v: "engine = create_engine(url, connect_args={'password': '%s'})" % v),
    ("python-environ-default", lambda v: "API_TOKEN = os.getenv('API_TOKEN', '%s')" % v),
    ("python-fstring-header", lambda v: "headers = {'Authorization': f'Token %s'}" % v),
    ("js-const", lambda v: "const apiSecret = '%s';" % v),
    ("js-object", lambda v: "module.exports = {\n  db: { user: 'app', password: `%s` },\n};" % v),
    ("ts-typed-const", lambda v: 'export const SIGNING_KEY: string = "%s";' % v),
    ("js-fetch-header", lambda v: "await fetch(url, { headers: { 'x-api-key': '%s' } });" % v),
    ("go-const", lambda v: 'const apiToken = "%s"' % v),
    ("go-struct-literal", lambda v: 'cfg := Config{User: "app", Password: "%s", Host: "db"}' % v),
    ("go-backtick", lambda v: "var secret = `%s`" % v),
    ("rust-const", lambda v: 'const API_KEY: &str = "%s";' % v),
    ("rust-builder", lambda v: 'let client = Client::builder().token("%s").build()?;' % v),
    ("java-string-field", lambda v: 'private static final String PASSWORD = "%s";' % v),
    ("java-setter", lambda v: 'dataSource.setPassword("%s");' % v),
    ("kotlin-val", lambda v: 'val apiKey = "%s"' % v),
    ("csharp-const", lambda v: 'private const string ClientSecret = "%s";' % v),
    ("csharp-verbatim", lambda v: 'var conn = new SqlConnection(@"Server=sql01;User Id=app;Password=%s;");' % v),
    ("ruby-assign", lambda v: "Stripe.api_key = '%s'" % v),
    ("ruby-hash", lambda v: "config.smtp_settings = { user_name: 'mailer', password: '%s' }" % v),
    ("php-define", lambda v: "define('API_SECRET', '%s');" % v),
    ("php-var", lambda v: "$password = \"%s\";" % v),
    ("swift-let", lambda v: 'let apiKey = "%s"' % v),
    ("objc-nsstring", lambda v: 'static NSString *const kSecret = @"%s";' % v),
    ("scala-val", lambda v: 'val dbPassword = "%s"' % v),
    ("elixir-config", lambda v: 'config :acme, api_key: "%s"' % v),
    ("perl-my", lambda v: "my $pass = '%s';" % v),
    ("lua-local", lambda v: 'local token = "%s"' % v),
    ("r-sys-setenv", lambda v: 'Sys.setenv(API_KEY = "%s")' % v),
    ("dart-const", lambda v: "const String apiKey = '%s';" % v),
    ("c-define", lambda v: '#define WIFI_PASSWORD "%s"' % v),
    ("cpp-std-string", lambda v: 'std::string token = "%s";' % v),
    ("sql-insert-secret", lambda v: "INSERT INTO api_clients (name, secret) VALUES ('etl', '%s');" % v),
    ("groovy-jenkinsfile", lambda v: "environment {\n    REGISTRY_PASS = '%s'\n}" % v),
    ("powershell-var", lambda v: '$ApiKey = "%s"' % v),
    ("bash-var-in-script", lambda v: '#!/usr/bin/env bash\nset -euo pipefail\nTOKEN="%s"\ncurl -fsS -H "Authorization: Bearer $TOKEN" "$API/health"' % v),
    ("haskell-let", lambda v: 'apiSecret = "%s" :: Text' % v),
    ("julia-const", lambda v: 'const API_TOKEN = "%s"' % v),
    ("vb-dim", lambda v: 'Dim password As String = "%s"' % v),
    ("arduino-char", lambda v: 'const char* password = "%s";' % v),
    ("nix-attr", lambda v: 'services.acme.apiKey = "%s";' % v),
]

for _fmt, _r in CODE:
    for _i in range(2 if _R.random() < 0.4 else 1):
        _v = _codeval()
        _add(K, _fmt, _r(_v), _v, "")

# ---------------------------------------------------------------- prose notes (English and others)
P = "prose"
PROSE = [
    ("prose-en-staging-password", "the staging password is %s"),
    ("prose-en-admin-login", "Logged into the admin panel as admin / %s, changed the plan limits."),
    ("prose-en-temp-password", "Temporary password for the new hire: %s (must change at first login)."),
    ("prose-en-note-todo", "TODO: rotate %s before the demo, it was pasted in Slack."),
    ("prose-en-decision", "Decision: keep using the shared service account; creds are svc_ci / %s for now."),
    ("prose-en-next-step", "Next step: update the webhook signing secret to %s in both regions."),
    ("prose-en-found-in-logs", "Found the old key %s in the nginx access log, need to purge it."),
    ("prose-en-colon-list", "- host: db-prod-2\n- user: reporting\n- pass: %s"),
    ("prose-en-parenthetical", "Reset the router (pw %s) and the VPN came back."),
    ("prose-en-wifi", "Office wifi is AcmeGuest, key %s"),
    ("prose-es", "La contraseña de staging es %s"),
    ("prose-es-clave", "Usuario: admin, clave: %s"),
    ("prose-fr", "Le mot de passe de la base de prod est %s"),
    ("prose-fr-jeton", "Jeton d'accès pour l'API partenaire : %s"),
    ("prose-de", "Das Passwort für den Testserver lautet %s"),
    ("prose-de-schluessel", "API-Schlüssel für das Monitoring: %s"),
    ("prose-pt", "A senha do banco de homologação é %s"),
    ("prose-pt-token", "token de acesso do cliente: %s"),
    ("prose-it", "La password del server di collaudo è %s"),
    ("prose-nl", "Het wachtwoord voor de acceptatieomgeving is %s"),
    ("prose-pl", "Hasło do panelu administracyjnego: %s"),
    ("prose-tr", "Veritabanı şifresi: %s"),
    ("prose-ru", "Пароль от тестовой базы: %s"),
    ("prose-ru-token", "токен бота: %s"),
    ("prose-zh", "测试环境数据库密码是 %s"),
    ("prose-zh-key", "接口密钥：%s"),
    ("prose-ja", "ステージングのパスワードは %s です"),
    ("prose-ja-token", "APIトークン: %s"),
    ("prose-ko", "관리자 비밀번호는 %s 입니다"),
    ("prose-sv", "Lösenordet till testmiljön är %s"),
    ("prose-cs", "Heslo k databázi je %s"),
    ("prose-vi", "Mật khẩu máy chủ thử nghiệm là %s"),
    ("prose-id", "Kata sandi server staging: %s"),
    ("prose-hi", "सर्वर का पासवर्ड %s है"),
    ("prose-ar", "كلمة المرور للخادم هي %s"),
    ("prose-uk", "Пароль до сервера: %s"),
]

for _fmt, _tpl in PROSE:
    for _i in range(2 if _R.random() < 0.5 else 1):
        _v = pick([pw, pw, lambda: an(32), lambda: hx(32), pw_phrase])()
        _add(P, _fmt, _tpl % _v, _v, "")

# secret next to a name, with hunter-grade passwords and explicit labels
for _i in range(4):
    _v = pick(["hunter22", "letmein!", "password1", "welcome123", "Qwerty123", "Admin@123", "Spring2025", "iloveyou99"])
    _add(P, "prose-weak-password-labeled", pick(["password: %s", "user root, password %s", "pwd=%s (yes, really)", "creds admin/%s on the printer UI"]) % _v, _v, "")
for _i in range(3):
    _v = an(40)
    _add(P, "prose-multisentence", "Spent the morning on the billing migration. The new partner API key is %s and it goes in vault next sprint. Tests pass locally." % _v, _v, "")

# ---------------------------------------------------------------- headers and cookies
H = "header-cookie"


def hdr(fmt, n, make):
    for _ in range(n):
        t, s = make()
        _add(H, fmt, t, s, "")


hdr("authorization-bearer-opaque", 3, lambda: (lambda v: ('curl -H "Authorization: Bearer %s" https://api.acme.io/v2/orders' % v, v))(pick([an(40), b64u(48), hx(64)])))
hdr("authorization-basic", 3, lambda: (lambda v: ("Authorization: Basic %s" % v, v))(b64s(user() + ":" + pw())))
hdr("authorization-basic-curl-H", 2, lambda: (lambda v: ("curl -H 'authorization: basic %s' http://localhost:15672/api/overview" % v, v))(b64s("guest:" + pw_safe())))
hdr("authorization-token-scheme", 2, lambda: (lambda v: ("Authorization: Token %s" % v, v))(hx(40)))
hdr("proxy-authorization", 2, lambda: (lambda v: ("Proxy-Authorization: Basic %s" % v, v))(b64s("proxyuser:" + pw_safe())))
hdr("x-api-key", 3, lambda: (lambda v: ("X-Api-Key: %s" % v, v))(an(pick([32, 40]))))
hdr("x-auth-token", 2, lambda: (lambda v: ("http GET https://api.acme.io/servers X-Auth-Token:%s" % v, v))(hx(32)))
hdr("x-vault-token", 2, lambda: (lambda v: ('curl -H "X-Vault-Token: %s" https://vault.acme.lan:8200/v1/secret/data/app' % v, v))("hv" + "s." + an_(90)))
hdr("gitlab-private-token", 2, lambda: (lambda v: ('curl --header "PRIVATE-TOKEN: %s" https://gitlab.acme.io/api/v4/projects' % v, v))(an_(20)))
hdr("azure-api-key-header", 2, lambda: (lambda v: ("api-key: %s" % v, v))(hx(32)))
hdr("apim-subscription-key", 2, lambda: (lambda v: ("Ocp-Apim-Subscription-Key: %s" % v, v))(hx(32)))
hdr("rapidapi-key", 2, lambda: (lambda v: ("X-RapidAPI-Key: %s" % v, v))(hx(10) + "msh" + hx(15) + "p1" + hx(6) + "jsn" + hx(12)))
hdr("shopify-access-token-header", 1, lambda: (lambda v: ("X-Shopify-Access-Token: %s" % v, v))("sh" + "pat_" + hx(32)))
hdr("dd-api-key-header", 2, lambda: (lambda v: ('-H "DD-API-KEY: %s" -H "DD-APPLICATION-KEY: %s"' % (v, hx(40)), v))(hx(32)))
hdr("postmark-server-token", 2, lambda: (lambda v: ("X-Postmark-Server-Token: %s" % v, v))(uuid4()))
hdr("splunk-hec-header", 2, lambda: (lambda v: ('curl -k https://splunk:8088/services/collector -H "Authorization: Splunk %s" -d \'{"event":"x"}\'' % v, v))(uuid4()))
hdr("okta-ssws-header", 2, lambda: (lambda v: ("Authorization: SSWS %s" % v, v))("00" + an_(40)))
hdr("custom-x-header", 4, lambda: (lambda v: ("X-%s-%s: %s" % (pick(["Acme", "Corp", "Internal", "Partner"]), pick(["Auth", "Secret", "Signature-Key", "Session", "Credential"]), v), v))(pick([an(36), b64u(32), hx(48)])))
hdr("cookie-session", 3, lambda: (lambda v: ("Cookie: session=%s; theme=dark" % v, v))(b64u(pick([32, 64]))))
hdr("set-cookie-header", 2, lambda: (lambda v: ("Set-Cookie: sid=%s; Path=/; HttpOnly; Secure; SameSite=Lax" % v, v))(an(48)))
hdr("curl-b-connect-sid", 3, lambda: (lambda v: ("curl -b 'connect.sid=%s' https://admin.acme.io/api/users" % v, v))("s%3A" + an_(32) + "." + urllib.parse.quote(b64b(32).rstrip("="), safe="")))
hdr("curl-cookie-long", 2, lambda: (lambda v: ('curl --cookie "PHPSESSID=%s" https://shop.acme.io/admin' % v, v))(lan(26)))
hdr("cookie-rails-session", 1, lambda: (lambda v: ("Cookie: _acme_session=%s" % v, v))(urllib.parse.quote(b64b(90), safe="") + "--" + hx(40)))
hdr("cookie-jsessionid", 2, lambda: (lambda v: ("curl -H 'Cookie: JSESSIONID=%s' http://app:8080/secure" % v, v))(HX(32)))
hdr("cookie-aspnet-auth", 1, lambda: (lambda v: ("Cookie: .AspNetCore.Cookies=%s" % v, v))(b64u(180)))
hdr("cookie-django-sessionid", 2, lambda: (lambda v: ("requests.get(url, cookies={'sessionid': '%s'})" % v, v))(lan(32)))
hdr("python-headers-dict", 2, lambda: (lambda v: ("requests.post(url, headers={'Authorization': 'Bearer %s'}, json=payload)" % v, v))(an_(48)))
hdr("httpie-bearer", 1, lambda: (lambda v: ("http --auth-type=bearer --auth %s GET https://api.acme.io/me" % v, v))(an(40)))
hdr("har-request-header", 2, lambda: (lambda v: ('{"name": "authorization", "value": "Bearer %s"}' % v, v))("eyJhbGciOiJIUzI1NiJ9." + b64u(90) + "." + b64u(32)))
hdr("grpc-metadata", 1, lambda: (lambda v: ("grpcurl -H 'authorization: bearer %s' api.acme.io:443 acme.v1.Orders/List" % v, v))(an(40)))
hdr("websocket-token-query", 1, lambda: (lambda v: ("wss://stream.acme.io/v1/live?token=%s&channel=orders" % v, v))(an_(40)))
hdr("url-query-apikey", 3, lambda: (lambda v: ("GET https://api.acme.io/v1/geo?q=Berlin&%s=%s" % (pick(["api_key", "apikey", "key", "access_token", "auth"]), v), v))(an(32)))

# ---------------------------------------------------------------- private keys and wallet material
K2 = "private-key"


def _pem(label, nbytes, headers=""):
    body = b64b(nbytes)
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    block = "-----BEGIN %s-----\n%s%s\n-----END %s-----" % (label, headers, "\n".join(lines), label)
    return block, lines


for _label, _nb, _fmt in [("RSA PRIVATE KEY", 1190, "pem-rsa-pkcs1"), ("PRIVATE KEY", 1218, "pem-pkcs8"),
                          ("EC PRIVATE KEY", 121, "pem-ec"), ("ENCRYPTED PRIVATE KEY", 1298, "pem-pkcs8-encrypted"),
                          ("DSA PRIVATE KEY", 444, "pem-dsa"), ("OPENSSH PRIVATE KEY", 400, "openssh-private-key")]:
    for _i in range(3 if _label in ("RSA PRIVATE KEY", "OPENSSH PRIVATE KEY") else 2):
        _blk, _lines = _pem(_label, _nb)
        _sec = _lines[len(_lines) // 2] if _R.random() < 0.6 else _lines[0]
        _ctx = pick(["%s", "cat ~/.ssh/id_rsa\n%s", "deploy_key: |\n  %s", "PRIVATE_KEY=\"%s\""])
        if _ctx.startswith("deploy_key"):
            _text = "deploy_key: |\n" + "\n".join("  " + x for x in _blk.split("\n"))
        else:
            _text = _ctx % _blk
        _add(K2, _fmt, _text, _sec, "BEGIN")

for _i in range(2):
    _blk, _lines = _pem("RSA PRIVATE KEY", 1232, "Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,%s\n\n" % HX(32))
    _add(K2, "pem-rsa-legacy-encrypted", _blk, _lines[3], "DEK-Info")
for _i in range(2):
    _blk, _lines = _pem("RSA PRIVATE KEY", 1190)
    _esc = _blk.replace("\n", "\\n")
    _add(K2, "pem-escaped-newlines-json", '{"private_key": "%s"}' % _esc, _lines[4], "private_key")
for _i in range(2):
    _blk, _lines = _pem("PGP PRIVATE KEY BLOCK", 1800)
    _blk = _blk.replace("-----BEGIN PGP PRIVATE KEY BLOCK-----\n", "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n")
    _add(K2, "pgp-private-key-block", _blk, _lines[6], "PGP")
for _i in range(2):
    _blk, _lines = _pem("ENCRYPTED COSIGN PRIVATE KEY", 600)
    _add(K2, "cosign-private-key", _blk, _lines[2], "COSIGN")
for _i in range(2):
    _pl = b64b(pick([1108, 1204]))
    _plines = [_pl[i:i + 64] for i in range(0, len(_pl), 64)]
    _t = "PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: rsa-key-20260112\nPublic-Lines: 6\n%s\nPrivate-Lines: %d\n%s\nPrivate-MAC: %s" % ("\n".join(b64b(270)[i:i + 64] for i in range(0, 360, 64)), len(_plines), "\n".join(_plines), hx(64))
    _add(K2, "putty-ppk", _t, _plines[2], "PuTTY-User-Key-File")
for _i in range(3):
    _k = "AGE-SECRET-KEY-1" + rs("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)
    _add(K2, "age-secret-key", pick(["# created: 2026-01-10T09:12:44Z\n# public key: age1%s\n%s" % (rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58), _k), "SOPS_AGE_KEY=%s" % _k]), _k, "age")
for _i in range(3):
    _k = b64b(32)
    _add(K2, "wireguard-private-key", pick(["[Interface]\nPrivateKey = %s\nAddress = 10.8.0.2/24\nListenPort = 51820", "wg set wg0 private-key <(echo %s)", "PrivateKey=%s"]) % _k, _k, "Interface")
for _i in range(3):
    _ws = " ".join(pick(["abandon", "ability", "able", "about", "above", "absent", "absorb", "abstract", "absurd", "abuse", "access", "accident", "account", "accuse", "achieve", "acid", "acoustic", "acquire", "across", "act", "action", "actor", "actress", "actual", "adapt", "add", "addict", "address", "adjust", "admit", "adult", "advance", "advice", "aerobic", "affair", "afford", "afraid", "again", "age", "agent", "agree", "ahead", "aim", "air", "airport", "aisle", "alarm", "album", "zebra", "wrist", "youth", "zone", "winter", "warfare", "velvet", "trophy", "swamp", "sunny"]) for _ in range(pick([12, 24])))
    _add(K2, "bip39-mnemonic", pick(["wallet seed phrase: %s", "MNEMONIC=\"%s\"", "recovery words for the hot wallet:\n%s"]) % _ws, _ws, "")
for _i in range(3):
    _k = hx(64)
    _add(K2, "eth-private-key-hex", pick(["PRIVATE_KEY=0x%s", "deployer key 0x%s", "const wallet = new ethers.Wallet('0x%s', provider);"]) % _k, _k, "")
for _i in range(2):
    _k = pick("5KL") + rs(_B58, 50)
    _add(K2, "bitcoin-wif", "importprivkey %s \"cold\" false" % _k, _k, "importprivkey")
for _i in range(2):
    _k = "xprv9s21ZrQH143K" + rs(_B58, 95)
    _add(K2, "bip32-xprv", "XPRV=%s" % _k, _k, "")
for _i in range(2):
    _arr = [_R.randint(0, 255) for _ in range(64)]
    _s = json.dumps(_arr).replace(" ", "")
    _add(K2, "solana-keypair-json", "cat ~/.config/solana/id.json\n%s" % _s, _s, "solana")
for _i in range(2):
    _k = "S" + rs(_B32, 55)
    _add(K2, "stellar-secret-seed", pick(["STELLAR_SECRET=%s", "Keypair.fromSecret('%s')"]) % _k, _k, "")
for _i in range(2):
    _k = "nsec1" + rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58)
    _add(K2, "nostr-nsec", "nostr key: %s" % _k, _k, "")
for _i in range(3):
    _d = b64u(32)
    _add(K2, "jwk-d-parameter", json.dumps({"kty": "EC", "crv": "P-256", "x": b64u(32), "y": b64u(32), "d": _d, "kid": hx(8)}), _d, "kty")
for _i in range(2):
    _d = b64u(256)
    _add(K2, "jwk-rsa-d", json.dumps({"kty": "RSA", "n": b64u(256), "e": "AQAB", "d": _d, "p": b64u(128), "q": b64u(128)}), _d, "RSA")
for _i in range(2):
    _k = b64b(64)
    _add(K2, "tendermint-priv-validator", json.dumps({"address": HX(40), "pub_key": {"type": "tendermint/PubKeyEd25519", "value": b64b(32)}, "priv_key": {"type": "tendermint/PrivKeyEd25519", "value": _k}}, indent=2), _k, "priv_key")
for _i in range(2):
    _k = "5820" + hx(64)
    _add(K2, "cardano-skey", json.dumps({"type": "PaymentSigningKeyShelley_ed25519", "description": "Payment Signing Key", "cborHex": _k}, indent=4), _k, "PaymentSigningKey")
for _i in range(2):
    _m = "0201036c6e6402f801030a10" + hx(180)
    _add(K2, "lnd-macaroon-hex", pick(["lncli --macaroonpath=/dev/null --macaroon-hex %s getinfo", "LND_MACAROON=%s"]) % _m, _m, "")
for _i in range(2):
    _k = "untrusted comment: minisign encrypted secret key\nRWRTY0Iy" + b64b(150)
    _sec = _k.split("\n")[1]
    _add(K2, "minisign-secret-key", _k, _sec, "minisign")
for _i in range(2):
    _k = b64b(64)
    _add(K2, "ssh-ed25519-raw-seed-b64", "ed25519 signing seed (base64): %s" % _k, _k, "")
for _i in range(2):
    _k = hx(64)
    _add(K2, "ed25519-seed-hex-env", "NODE_SIGNING_KEY_SEED=%s" % _k, _k, "")
for _i in range(2):
    _blk, _lines = _pem("PRIVATE KEY", 200)
    _add(K2, "apns-p8-key", "APNS_KEY_ID=%s\nAPNS_PRIVATE_KEY=\"%s\"" % (uan(10), _blk.replace("\n", "\\n")), _lines[1], "APNS_KEY_ID")
for _i in range(2):
    _blk, _lines = _pem("RSA PRIVATE KEY", 900)
    _add(K2, "dkim-private-key", "opendkim-genkey output mail._domainkey.acme.io:\n%s" % _blk, _lines[5], "opendkim")

# ---------------------------------------------------------------- line breaks, wrapping, encodings, quoting
W = "split-encoded"
for _i in range(3):
    _v = an(40)
    _add(W, "shell-continuation-value-next-line", "aws configure set aws_secret_access_key \\\n    %s \\\n    --profile prod" % _v, _v, "aws_secret_access_key")
for _i in range(3):
    _v = pw()
    _add(W, "yaml-folded-scalar", "smtp:\n  password: >-\n    %s\n  port: 587" % _v, _v, "smtp")
for _i in range(2):
    _v = an(48)
    _add(W, "yaml-literal-block", "api_token: |\n  %s" % _v, _v, "api_token")
for _i in range(3):
    _v = an_(48)
    _add(W, "json-value-next-line", '{\n  "client_secret":\n    "%s"\n}' % _v, _v, "client_secret")
for _i in range(3):
    _v = an(64)
    _cut = _R.randint(20, 40)
    _add(W, "token-wrapped-mid", "Bearer token (from the email, wrapped):\n%s\n%s" % (_v[:_cut], _v[_cut:]), _v[_cut:], "")
for _i in range(2):
    _v = an(60)
    _add(W, "python-implicit-concat", 'API_KEY = (\n    "%s"\n    "%s"\n)' % (_v[:30], _v[30:]), _v[30:], "API_KEY")
for _i in range(2):
    _v = an(56)
    _add(W, "js-string-concat", "const token = '%s' +\n  '%s';" % (_v[:28], _v[28:]), _v[28:], "token")
for _i in range(2):
    _v = pw_safe()
    _add(W, "label-and-value-separate-lines", "Password:\n%s" % _v, _v, "Password")
for _i in range(2):
    _v = pw()
    _add(W, "markdown-table-row", "| env | user | password |\n|-----|------|----------|\n| staging | app | %s |" % _v.replace("|", ""), _v.replace("|", ""), "staging")
for _i in range(2):
    _raw = pw_random(sym="@#&+/=?")
    _enc = urllib.parse.quote(_raw, safe="")
    if _enc == _raw:
        _raw += "&x"
        _enc = urllib.parse.quote(_raw, safe="")
    _add(W, "form-urlencoded-body", "curl -X POST https://auth.acme.io/login -d 'username=ops&password=%s&remember=1'" % _enc, _enc, "username=ops")
for _i in range(2):
    _raw = an(40)
    _e = json.dumps(json.dumps({"token": _raw}))
    _add(W, "double-escaped-json", '{"body": %s}' % _e, _raw, "token")
for _i in range(2):
    _v = pw_safe()
    _add(W, "backtick-markdown", "Set the DB password to `%s` on the new replica." % _v, _v, "DB password")
for _i in range(2):
    _v = pw_safe()
    _add(W, "smart-quotes", "The admin password is \u201c%s\u201d \u2014 don\u2019t share it." % _v, _v, "admin password")
for _i in range(2):
    _v = pw_safe()
    _add(W, "guillemets", "mot de passe : \u00ab %s \u00bb" % _v, _v, "mot de passe")
for _i in range(2):
    _v = an(40)
    _b = b64s("api_key=" + _v)
    _add(W, "base64-wrapped-kv", "echo %s | base64 -d   # decodes to the api_key line" % _b, _b, "base64 -d")
for _i in range(2):
    _v = hx(40)
    _add(W, "powershell-backtick-continuation", "Invoke-RestMethod -Uri https://api.acme.io/v1/jobs `\n  -Headers @{ Authorization = \"Bearer %s\" } `\n  -Method Get" % _v, _v, "Invoke-RestMethod")
for _i in range(2):
    _v = pw_safe()
    _add(W, "cmd-caret-continuation", "net use \\\\fs02\\share ^\n  %s ^\n  /user:ACME\\backup" % _v, _v, "net use")
for _i in range(2):
    _v = an(36)
    _add(W, "heredoc-secret", "cat > .env <<'EOF'\nAPI_URL=https://api.acme.io\nAPI_SECRET=%s\nEOF" % _v, _v, "API_URL")
for _i in range(2):
    _v = pw_safe()
    _add(W, "log-json-escaped", '{"level":"debug","msg":"connect","dsn":"user=app password=%s host=db"}' % _v, _v, "level")
for _i in range(2):
    _v = an(32)
    _add(W, "hex-dump-ascii", "tcpdump payload: ...Authorization: Bearer %s\\r\\nHost: api.acme.io..." % _v, _v, "tcpdump")

# ================================================================= BENIGN
_BR = random.Random(5507311)   # separate stream so benign text does not shift secrets


def _bpick(seq):
    return _BR.choice(seq)


def bhx(n):
    return "".join(_BR.choice(_HEX) for _ in range(n))


def bb64(nbytes):
    return base64.b64encode(bytes(_BR.getrandbits(8) for _ in range(nbytes))).decode()


def bb64u(nbytes):
    return base64.urlsafe_b64encode(bytes(_BR.getrandbits(8) for _ in range(nbytes))).decode().rstrip("=")


def buuid():
    h = bhx(32)
    h = h[:12] + "4" + h[13:16] + _BR.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def bstr(alpha, n):
    return "".join(_BR.choice(alpha) for _ in range(n))


_FILES = ["app.tar.gz", "node-v20.11.0-linux-x64.tar.xz", "terraform_1.7.2_linux_amd64.zip", "dist/acme-1.4.0.whl",
          "backup-2026-01-12.sql.gz", "ubuntu-24.04-live-server-amd64.iso", "release/acme-cli_darwin_arm64", "model.safetensors"]
_MSGS = ["fix token refresh race", "bump deps", "add retry to webhook sender", "rotate CI secrets (values in vault)",
         "remove hardcoded password from tests", "refactor auth middleware", "docs: explain API key scopes",
         "chore: update lockfile", "feat: add password reset endpoint", "revert secret scanning baseline"]

# git SHAs
for _i in range(45):
    _s = bhx(40)
    _ben(_bpick(["commit %s\nAuthor: %s <%s@acme.io>\nDate:   Mon Jan 12 10:14:03 2026 +0000\n\n    %s" % (_s, _bpick(NAMES), _bpick(NAMES), _bpick(_MSGS)),
                  "git checkout %s" % _s, "git revert --no-edit %s" % _s[:_BR.randint(7, 12)],
                  "HEAD is now at %s %s" % (_s[:7], _bpick(_MSGS)), "Merge: %s %s" % (_s[:7], bhx(7)),
                  "%s %s" % (_s[:7], _bpick(_MSGS)), "regression introduced in %s, bisected with git bisect" % _s,
                  "git cherry-pick %s..%s" % (_s[:10], bhx(10)), "deployed sha=%s to prod" % _s,
                  "GITHUB_SHA=%s" % _s, "ref: refs/heads/main %s" % _s, "git rev-parse HEAD\n%s" % _s,
                  "[main %s] %s\n 3 files changed, 41 insertions(+), 12 deletions(-)" % (_s[:7], _bpick(_MSGS)),
                  "- uses: actions/checkout@%s # v4.1.1" % _s,
                  "git diff %s~1 -- src/auth/token.py" % _s[:12]]))

# checksums and hashes with labels
for _i in range(45):
    _f = _bpick(_FILES)
    _ben(_bpick(["%s  %s" % (bhx(64), _f), "SHA256 (%s) = %s" % (_f, bhx(64)), "sha256:%s" % bhx(64),
                  "md5sum: %s  %s" % (bhx(32), _f), "sha1: %s" % bhx(40), "checksum: sha256:%s" % bhx(64),
                  "ETag: \"%s\"" % bhx(32), "etag: W/\"%s-%s\"" % (bhx(4), bb64u(20)), "Content-MD5: %s" % bb64(16),
                  "x-amz-checksum-sha256: %s" % bb64(32), "Digest: sha-256=%s" % bb64(32),
                  "sha512sum %s\n%s  %s" % (_f, bhx(128), _f), "expected hash %s, got %s" % (bhx(64), bhx(64)),
                  "blake2b-256: %s" % bhx(64), "xxh64=%s" % bhx(16), "crc32c: %s" % bb64(4),
                  "ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:%s %s@laptop (ED25519)" % (bb64(32).rstrip("="), _bpick(NAMES)),
                  "SHA256 Fingerprint=%s" % ":".join(bhx(2).upper() for _ in range(32)),
                  "gpg: key %s: public key \"Release Signing <release@acme.io>\" imported" % bhx(16).upper(),
                  "Primary key fingerprint: %s" % " ".join(bhx(4).upper() for _ in range(10)),
                  "--discovery-token-ca-cert-hash sha256:%s" % bhx(64),
                  "tree %s\nparent %s" % (bhx(40), bhx(40))]))

# UUIDs, request / trace ids
for _i in range(50):
    _u = buuid()
    _ben(_bpick(["X-Request-Id: %s" % _u, "request_id=%s status=500 path=/v1/orders" % _u, "job %s finished in 41s" % _u,
                  "tenant_id: %s" % _u, "az account set --subscription %s" % _u, "correlationId=%s" % _u,
                  "traceparent: 00-%s-%s-01" % (bhx(32), bhx(16)), "trace_id=%s span_id=%s" % (bhx(32), bhx(16)),
                  "X-Amzn-Trace-Id: Root=1-%s-%s" % (bhx(8), bhx(24)), "x-b3-traceid: %s" % bhx(16),
                  "cf-ray: %s-FRA" % bhx(16), "x-amz-request-id: %s" % bhx(16).upper(),
                  "x-amz-id-2: %s" % bb64(60), "Sentry event %s captured" % bhx(32), "X-GitHub-Delivery: %s" % _u,
                  "Idempotency-Key: %s" % _u, "terraform state lineage = \"%s\"" % _u,
                  "/subscriptions/%s/resourceGroups/rg-prod/providers/Microsoft.Web/sites/acme-api" % _u,
                  "run id %s (attempt 2)" % _u, "\"deviceId\": \"%s\"" % _u, "ObjectId(\"%s\")" % bhx(24),
                  "ulid 01H%s" % bstr("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 23),
                  "Message-ID: <%s.%s@mg.acme.io>" % (bhx(16), bhx(8)), "otel span %s parent %s" % (bhx(16), bhx(16)),
                  "\"clientRequestToken\": \"%s\"" % _u]))

# base64 of ordinary text, encoded non-secret payloads
_PLAIN = ["hello world", "Build succeeded on runner 4", "{\"env\":\"staging\",\"replicas\":3}", "user-agent: curl/8.5.0",
          "The quick brown fox jumps over the lazy dog", "apiVersion: v1\nkind: ConfigMap", "log rotation complete",
          "Content-Type: application/json", "feature_flags=new_checkout,dark_mode", "#!/bin/sh\necho ready\n",
          "release notes for 1.4.0", "ok", "page=3&per_page=50", "{\"alg\":\"RS256\",\"typ\":\"JWT\"}"]
for _i in range(30):
    _p = _bpick(_PLAIN)
    _e = base64.b64encode(_p.encode()).decode()
    _ben(_bpick(["echo '%s' | base64 -d" % _e, "binaryData:\n  motd: %s" % _e, "payload (base64): %s" % _e,
                  "data:text/plain;base64,%s" % _e, "cursor=%s" % base64.urlsafe_b64encode(_p.encode()).decode(),
                  "\"next_page_token\": \"%s\"" % _e if _BR.random() < 0.2 else "next: %s" % _e]))

# versions, paths, urls without credentials
for _i in range(25):
    _ben(_bpick(["go version go1.22.%d linux/amd64" % _BR.randint(0, 9), "node v20.%d.%d" % (_BR.randint(0, 18), _BR.randint(0, 9)),
                  "require github.com/acme/lib v0.0.0-2024%02d%02d%06d-%s" % (_BR.randint(1, 12), _BR.randint(1, 28), _BR.randint(0, 235959), bhx(12)),
                  "version: 1.%d.%d-rc.%d+build.%d" % (_BR.randint(0, 30), _BR.randint(0, 9), _BR.randint(1, 5), _BR.randint(1000, 9999)),
                  "Python 3.11.7 (main, Dec  4 2023, 18:10:11) [GCC 12.2.0] on linux",
                  "acme-cli/2.%d.%d darwin-arm64 node-v20.11.0" % (_BR.randint(0, 9), _BR.randint(0, 20)),
                  "kernel 6.8.0-%d-generic #%d-Ubuntu SMP" % (_BR.randint(10, 60), _BR.randint(10, 60)),
                  "pkg:npm/%%40acme/sdk@4.%d.%d" % (_BR.randint(0, 9), _BR.randint(0, 9))]))
for _i in range(30):
    _ben(_bpick(["/var/lib/docker/overlay2/%s/merged" % bhx(64), "/nix/store/%s-openssl-3.0.12" % bstr("0123456789abcdfghijklmnpqrsvwxyz", 32),
                  "~/.cache/pip/wheels/%s/%s/%s/cryptography-42.0.5-cp39-abi3-linux_x86_64.whl" % (bhx(2), bhx(2), bhx(56)),
                  "node_modules/.pnpm/@babel+core@7.23.7/node_modules/@babel/core/lib/index.js",
                  "C:\\Users\\dev\\AppData\\Local\\Temp\\tmp%s.json" % bstr(_LOW + _DIG, 8),
                  ".git/objects/%s/%s" % (bhx(2), bhx(38)), "src/auth/token_refresh.py:142", "config/credentials.yml.enc",
                  "/etc/ssl/private/ (mode 0700, keys not copied)", "/run/secrets/db_password", "secrets/README.md",
                  "~/.aws/credentials (not read; profile name only: acme-sandbox)", "/home/dev/.ssh/id_ed25519.pub",
                  "target/release/build/ring-%s/out" % bhx(16), "/tmp/pytest-of-dev/pytest-%d/test_token_expiry0" % _BR.randint(1, 300),
                  "s3://acme-artifacts/builds/%s/app.zip" % bhx(40), "gs://acme-ml/checkpoints/run-%s/step_12000" % bhx(8)]))
for _i in range(30):
    _ben(_bpick(["https://github.com/acme/api/pull/%d" % _BR.randint(100, 9999), "https://api.acme.io/v1/tokens/introspect",
                  "https://console.aws.amazon.com/secretsmanager/home?region=us-east-1#!/secret?name=prod%2Fdb",
                  "postgres://db.internal:5432/app", "redis://cache:6379/0", "mongodb://mongo-0:27017/app?replicaSet=rs0",
                  "ssh://git@github.com/acme/api.git", "git@gitlab.acme.io:platform/infra.git",
                  "https://accounts.google.com/o/oauth2/v2/auth?client_id=%s-%s.apps.googleusercontent.com&redirect_uri=https%%3A%%2F%%2Fapp.acme.io%%2Fcb&response_type=code&scope=openid%%20email" % (_BR.randint(10 ** 11, 10 ** 12 - 1), bstr(_LOW + _DIG, 32)),
                  "https://auth.acme.io/authorize?response_type=code&code_challenge=%s&code_challenge_method=S256" % bb64u(32),
                  "https://storage.googleapis.com/acme-public/releases/v1.4.0/checksums.txt",
                  "https://registry.npmjs.org/@acme%%2fsdk/-/sdk-4.%d.0.tgz" % _BR.randint(0, 9),
                  "http://localhost:8080/api/v1/users?page=2", "amqp://rabbitmq:5672/%2F",
                  "https://%s.cloudfront.net/assets/app.%s.js" % (bstr(_LOW + _DIG, 14), bhx(8)),
                  "https://app.acme.io/reset-password (the link expires after 30 minutes)",
                  "jdbc:postgresql://db:5432/app?ssl=true&sslmode=verify-full",
                  "Server=sql01;Database=app;Integrated Security=true;TrustServerCertificate=True",
                  "https://vault.acme.lan:8200/ui/vault/secrets/kv/show/app/prod",
                  "https://user@github.com/acme/api.git"]))

# placeholders and masked values
_PH = ["${TOKEN}", "<your-api-key>", "xxxxxxxxxxxxxxxx", "********", "YOUR_API_KEY_HERE", "<password>", "${DB_PASSWORD}",
       "{{ .Values.db.password }}", "${{ secrets.NPM_TOKEN }}", "%DB_PASSWORD%", "$(DB_PASSWORD)", "#{db_password}",
       "[REDACTED]", "<redacted>", "***", "[MASKED]", "REPLACE_ME", "<insert token here>", "{{ vault \"secret/db\" \"password\" }}",
       "${DB_PASSWORD:?must be set}", "${env:API_KEY}", "{{ secrets.api_key }}", "__API_KEY__", "@@PASSWORD@@", "${var.db_password}",
       "<SECRET>", "{password}", "%(password)s", "$ENV{'DB_PASS'}", "os.environ['API_KEY']", "process.env.STRIPE_SECRET_KEY",
       "getenv(\"TOKEN\")", "System.getenv(\"DB_PASSWORD\")", "Environment.GetEnvironmentVariable(\"API_KEY\")",
       "ENV.fetch('SECRET_KEY_BASE')", "!vault |", "ref+vault://secret/app#/password", "op://Private/Stripe/credential",
       "arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-%s" % bstr(_AN, 6), "projects/acme/secrets/db-password/versions/latest",
       "vault:secret/data/app#api_key", "azurekeyvault://kv-acme/secrets/db-pass", "null", "''", "\"\"", "None", "changeme (placeholder, set in vault)",
       "your-secret-here", "sk" + "_live_" + "x" * 24, "gh" + "p_" + "X" * 36, "AKIA" + "X" * 16, "<AWS_SECRET_ACCESS_KEY>", "..."]
_PHKEYS = ["password", "api_key", "token", "secret", "DB_PASSWORD", "client_secret", "apiKey", "auth_token", "STRIPE_SECRET_KEY",
           "aws_secret_access_key", "GITHUB_TOKEN", "smtp_pass", "privateKey", "passphrase"]
for _i in range(90):
    _k, _v = _bpick(_PHKEYS), _bpick(_PH)
    _ben(_bpick(["%s: %s" % (_k, _v), "%s=%s" % (_k.upper(), _v), "\"%s\": \"%s\"" % (_k, _v.replace('"', "'")), "export %s=%s" % (_k.upper(), _v),
                  "%s = %s" % (_k, _v), "<%s>%s</%s>" % (_k, _v.replace("<", "").replace(">", ""), _k), "    %s: %s  # set in CI" % (_k, _v),
                  "curl -H \"Authorization: Bearer %s\" https://api.acme.io/v1/me" % _v, "-e %s=%s" % (_k.upper(), _v)]))
for _v in ["SOPS: db_password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (bb64(18), bb64(32), bb64(16)),
           "password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  %s\n  %s" % (bhx(80), bhx(80)),
           "encrypted_password: \"AQICAHh%s\"  # KMS ciphertext" % bb64(40).rstrip("="),
           "sealedsecret: encryptedData:\n  password: AgB%s" % bb64(120)]:
    _ben(_v)

# env var names without values
for _i in range(30):
    _names = _BR.sample(["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "DATABASE_PASSWORD",
                         "JWT_SECRET", "GITHUB_TOKEN", "NPM_TOKEN", "OPENAI_API_KEY", "SLACK_BOT_TOKEN", "VAULT_TOKEN", "SENTRY_AUTH_TOKEN",
                         "DOCKERHUB_TOKEN", "PGPASSWORD", "MYSQL_ROOT_PASSWORD", "REDIS_PASSWORD", "TWILIO_AUTH_TOKEN", "SECRET_KEY_BASE"], 3)
    _ben(_bpick(["Set %s and %s in the repo settings before running the workflow." % (_names[0], _names[1]),
                  "unset %s %s %s" % tuple(_names), "required env: %s, %s, %s" % tuple(_names),
                  "env | grep -iE 'token|secret|password' | cut -d= -f1", "printenv %s >/dev/null || echo '%s missing'" % (_names[0], _names[0]),
                  "if [ -z \"${%s:-}\" ]; then echo 'set %s'; exit 1; fi" % (_names[0], _names[0]),
                  "%s is read from Secrets Manager at boot; %s comes from the pod env." % (_names[0], _names[1]),
                  "  - %s\n  - %s\n  - %s" % tuple(_names)]))

# commands that take the secret from a variable, a file, a prompt or stdin
_BCMDS = ["echo \"$CR_PAT\" | docker login ghcr.io -u acme --password-stdin",
          "docker login -u ci --password-stdin registry.acme.lan < ~/.docker-pass",
          "aws ecr get-login-password --region us-east-1 | docker login --username AWS --password-stdin 123456789012.dkr.ecr.us-east-1.amazonaws.com",
          "openssl enc -aes-256-cbc -pbkdf2 -in backup.tar -out backup.tar.enc -pass file:./backup.key",
          "openssl enc -d -aes-256-cbc -in db.enc -pass env:BACKUP_PASS", "openssl pkcs12 -export -in cert.pem -inkey key.pem -passout fd:3 -out cert.p12",
          "openssl rsa -in enc.key -passin file:/run/secrets/keypass -out plain.key",
          "mysql --defaults-extra-file=/run/secrets/my.cnf -e 'select 1'", "mysql -u root -p", "psql \"$DATABASE_URL\" -c '\\dt'",
          "curl -H \"Authorization: Bearer $TOKEN\" https://api.acme.io/v1/me", "curl -u \"$NEXUS_USER:$NEXUS_PASS\" https://nexus.acme.lan/service/rest/v1/status",
          "gh auth login --with-token < ~/.config/gh-token.txt", "kubectl create secret generic db --from-file=password=./pw.txt",
          "vault login -method=oidc role=dev", "sshpass -f ~/.sshpass ssh deploy@app01", "SSHPASS=\"$(pass show ops/app01)\" sshpass -e ssh app01",
          "git clone https://oauth2:${CI_JOB_TOKEN}@gitlab.acme.io/platform/infra.git",
          "git clone https://x-access-token:${{ secrets.GITHUB_TOKEN }}@github.com/acme/api.git",
          "aws configure set aws_secret_access_key \"$AWS_SECRET\" --profile ci",
          "PGPASSWORD=\"$(cat /run/secrets/pg)\" psql -h db -U app", "redis-cli -a \"$REDIS_PASSWORD\" --no-auth-warning ping",
          "sqlcmd -S sql01 -U sa -P $env:SA_PASSWORD -Q 'SELECT 1'", "Invoke-Sqlcmd -Credential (Get-Credential) -Query 'SELECT 1'",
          "$cred = Get-Credential -UserName ACME\\admin -Message 'vcenter'", "$pw = Read-Host -AsSecureString 'Password'",
          "ConvertTo-SecureString -String $env:SVC_PW -AsPlainText -Force", "--token-file /var/run/secrets/kubernetes.io/serviceaccount/token",
          "keytool -list -keystore app.jks -storepass:env STOREPASS", "jarsigner -storepass:file ./storepass.txt app.apk release",
          "gpg --batch --passphrase-file ~/.gpgpass -d secrets.gpg", "zip -e archive.zip notes.txt",
          "ansible-playbook site.yml --vault-password-file ~/.vault_pass.txt", "terraform apply -var-file=secrets.auto.tfvars",
          "docker run --env-file .env.production acme/api:1.14.2", "twine upload -u __token__ -p \"$PYPI_TOKEN\" dist/*",
          "npm config set //registry.npmjs.org/:_authToken=${NPM_TOKEN}", "//registry.npmjs.org/:_authToken=${NPM_TOKEN}",
          "helm repo add acme https://charts.acme.lan --username ci --password-stdin < pw.txt", "mc alias set prod https://minio.acme.lan $MC_ACCESS $MC_SECRET",
          "rclone config create remote sftp host=backup user=ops key_file=~/.ssh/backup_ed25519",
          "kubectl create secret tls web --cert=tls.crt --key=tls.key", "ssh -i ~/.ssh/deploy_ed25519 deploy@app01",
          "export GITHUB_TOKEN=$(gh auth token)", "export VAULT_TOKEN=$(vault print token)", "TOKEN=$(gcloud auth print-access-token)",
          "az keyvault secret show --vault-name kv-acme --name db-password --query value -o tsv > /dev/null",
          "aws secretsmanager get-secret-value --secret-id prod/db --query SecretString", "kubectl get secret db-creds -o jsonpath='{.data.password}' | base64 -d | wc -c",
          "echo ::add-mask::$DEPLOY_TOKEN", "gh secret set NPM_TOKEN < npm_token.txt", "fly secrets set DATABASE_URL=\"$(cat db_url.txt)\"",
          "doppler run -- ./server", "op run --env-file=.env.tpl -- npm start", "chpasswd < /run/secrets/users.txt",
          "net use Z: \\\\fs01\\projects * /user:ACME\\jdoe", "runas /user:ACME\\admin /savecred mmc.exe",
          "cmdkey /list", "sc.exe config AcmeAgent obj= \"NT AUTHORITY\\LocalService\"",
          "mongosh \"mongodb://mongo:27017\" -u admin -p --authenticationDatabase admin",
          "ldapsearch -x -H ldaps://dc01 -D cn=admin,dc=acme,dc=lan -W -b dc=acme,dc=lan",
          "ldapsearch -x -D cn=admin,dc=acme,dc=lan -y /root/.ldap_pw -b dc=acme,dc=lan",
          "openssl s_client -connect api.acme.io:443 -servername api.acme.io </dev/null",
          "age -d -i ~/.config/sops/age/keys.txt secrets.enc.yaml", "sops -d secrets.enc.yaml > /dev/null && echo ok",
          "Run docker login -u acme-ci -p *** ghcr.io", "+ curl -u deploy:**** https://nexus.acme.lan", "PGPASSWORD=*** psql -h db -U app",
          "Masking supported pattern matches of $PASSWORD or $DEPLOY_TOKEN"]
for _c in _BCMDS:
    _ben(_c)

# public keys, certificates, addresses
for _i in range(28):
    _k = _BR.randint(0, 9)
    if _k == 0:
        _ben("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@acme" % (bb64(32).rstrip("="), _bpick(NAMES)))
    elif _k == 1:
        _ben("ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ%s deploy@ci" % bb64(380).rstrip("="))
    elif _k == 2:
        _b = bb64(294)
        _ben("-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % "\n".join(_b[i:i + 64] for i in range(0, len(_b), 64)))
    elif _k == 3:
        _b = bb64(900)
        _ben("-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % "\n".join(_b[i:i + 64] for i in range(0, len(_b), 64)))
    elif _k == 4:
        _ben("creation_rules:\n  - path_regex: secrets/.*\n    age: age1%s" % bstr("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58))
    elif _k == 5:
        _ben("[Peer]\nPublicKey = %s\nEndpoint = vpn.acme.io:51820\nAllowedIPs = 10.8.0.0/24" % bb64(32))
    elif _k == 6:
        _ben("github.com ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB%s" % bb64(64).rstrip("="))
    elif _k == 7:
        _ben(json.dumps({"keys": [{"kty": "RSA", "kid": bhx(8), "use": "sig", "alg": "RS256", "n": bb64u(256), "e": "AQAB"}]}))
    elif _k == 8:
        _ben("deployer address 0x%s (public, funded with 0.5 ETH)" % bhx(40))
    else:
        _ben("npub1%s" % bstr("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58))

# image digests and lockfile integrity
for _i in range(20):
    _ben(_bpick(["image: nginx@sha256:%s" % bhx(64), "docker pull ghcr.io/acme/api@sha256:%s" % bhx(64),
                  "Digest: sha256:%s\nStatus: Downloaded newer image for python:3.11-slim" % bhx(64),
                  "FROM python:3.11-slim@sha256:%s" % bhx(64), "Successfully built %s" % bhx(12),
                  " ---> Using cache\n ---> %s" % bhx(12), "writing image sha256:%s done" % bhx(64),
                  "%s   acme/api   \"/entrypoint.sh\"   Up 3 hours" % bhx(12)]))
for _i in range(45):
    _ben(_bpick(["\"integrity\": \"sha512-%s\"," % bb64(64), "  integrity sha512-%s" % bb64(64),
                  "resolution: {integrity: sha512-%s}" % bb64(64), "github.com/acme/lib v1.4.0 h1:%s" % bb64(32),
                  "github.com/acme/lib v1.4.0/go.mod h1:%s" % bb64(32), "checksum = \"%s\"" % bhx(64),
                  "{file = \"requests-2.31.0-py3-none-any.whl\", hash = \"sha256:%s\"}" % bhx(64),
                  "    --hash=sha256:%s \\" % bhx(64), "\"shasum\": \"%s\"," % bhx(40), "\"narHash\": \"sha256-%s\"," % bb64(32),
                  "<sha256 value=\"%s\" origin=\"Generated by Gradle\"/>" % bhx(64),
                  "<script src=\"https://cdn.acme.io/app.js\" integrity=\"sha384-%s\" crossorigin=\"anonymous\"></script>" % bb64(48),
                  "\"sha256\": \"%s\"" % bhx(64), "  dependencies:\n    lodash: 4.17.21\n  integrity: sha1-%s" % bb64(20)]))

# identifiers in code, css classes, cache keys
_IDS = ["AbstractAnnotationConfigDispatcherServletInitializer", "getOAuth2AuthorizedClientTokenResponseClientRegistrationId",
        "TOKEN_REFRESH_THRESHOLD_SECONDS = 300", "const PASSWORD_RESET_TOKEN_TTL_HOURS = 24;", "def validate_api_key_format(key: str) -> bool:",
        "class SecretManagerServiceClientFactoryImpl(SecretManagerServiceClientFactory):", "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
        "passwordEncoder = new BCryptPasswordEncoder(12);", "valueFrom:\n  secretKeyRef:\n    name: db-creds\n    key: password",
        "envFrom:\n  - secretRef:\n      name: api-secrets", "MAX_API_KEY_LENGTH = 128", "api_key_header = APIKeyHeader(name=\"X-API-Key\")",
        "if token_type != 'Bearer': raise InvalidTokenTypeError", "password_min_length: 12\npassword_require_symbol: true",
        "grant_type=client_credentials&scope=orders.read", "token_type=Bearer&expires_in=3600", "auth: { type: 'oauth2', flow: 'pkce' }",
        "useAuthenticatedUserSessionTokenRefreshMutation", "SessionTokenCredentialsProviderChainBuilder",
        "private readonly ISecretRotationScheduler _secretRotationScheduler;", "func (c *Client) refreshAccessTokenIfExpired(ctx context.Context) error {",
        "impl From<ApiKeyError> for AuthenticationFailure {", "@Value(\"${spring.datasource.password}\") private String password;",
        "x-api-key: Type: string, required: true, description: your API key", "secret_key_ref: projects/acme/secrets/stripe/versions/3",
        "export const selectIsPasswordResetTokenValid = (state) => state.auth.reset.valid;",
        "PasswordHasher<IdentityUser>.HashPassword(user, input)", "hashlib.pbkdf2_hmac('sha256', password.encode(), salt, 600_000)",
        "bcrypt.compare(password, user.passwordHash)", "jwt.verify(token, publicKey, { algorithms: ['RS256'] })"]
for _s in _IDS:
    _ben(_s)
for _i in range(20):
    _ben(_bpick(["<div class=\"css-%s e%s0\">" % (bstr(_LOW + _DIG, 7), bstr(_LOW + _DIG, 7)), "<button class=\"sc-%s %s\">" % (bstr(_AN, 6), bstr(_AN, 6)),
                  "<span class=\"_%s _%s\">" % (bstr(_AN, 6), bstr(_AN, 6)), "className=\"jsx-%d\"" % _BR.randint(10 ** 9, 4 * 10 ** 9),
                  ".Button_primary__%s{color:#%s}" % (bstr(_AN, 5), bhx(6)), "dist/assets/index-%s.js   142.31 kB" % bstr(_AN_, 8),
                  "main.%s.chunk.js" % bhx(8), "app.%s.css" % bhx(20), "static/media/logo.%s.svg" % bhx(8),
                  "Cache restored from key: Linux-node-%s" % bhx(64), "Cache saved with key: pip-3.11-%s" % bhx(64),
                  "restore-keys: ${{ runner.os }}-gradle-", "key: ${{ runner.os }}-npm-${{ hashFiles('**/package-lock.json') }}",
                  "remote cache hit for //src:lib (ac/%s)" % bhx(64), "cache hit, replaying logs %s" % bhx(16),
                  "ccache: hit direct %s" % bhx(32), "nx read the output from the cache instead of running the command (%s)" % bhx(20)]))

# cloud resource ids and non-secret vendor object ids
for _i in range(40):
    _ben(_bpick(["ami-0%s" % bhx(16), "i-0%s terminated" % bhx(16), "vpc-0%s" % bhx(16), "sg-0%s" % bhx(16),
                  "subnet-0%s" % bhx(16), "arn:aws:iam::%d:role/ci-deployer" % _BR.randint(10 ** 11, 10 ** 12 - 1),
                  "arn:aws:lambda:eu-west-1:%d:function:acme-resize" % _BR.randint(10 ** 11, 10 ** 12 - 1),
                  "account_id = \"%s\"  # cloudflare account (not secret)" % bhx(32), "zone_id: %s" % bhx(32),
                  "customer cus_%s charged via pi_%s" % (bstr(_AN, 14), bstr(_AN, 24)), "Twilio message SM%s queued" % bhx(32),
                  "Slack channel C0%s, user U0%s" % (bstr(_UP + _DIG, 8), bstr(_UP + _DIG, 8)), "node_id: MDQ6VXNlcj%s" % bb64(6),
                  "gtag('config', 'G-%s');" % bstr(_UP + _DIG, 10), "Cookie: _ga=GA1.2.%d.%d; theme=dark; lang=en" % (_BR.randint(10 ** 8, 10 ** 9), _BR.randint(1600000000, 1800000000)),
                  "pod/api-%s-%s restarted" % (bhx(9)[:9].replace("a", "b"), bstr(_LOW + _DIG, 5)), "projects/acme-prod-3312/locations/us-central1/jobs/etl-%s" % bhx(6),
                  "Pipeline #%d passed for %s" % (_BR.randint(100000, 999999), bhx(8)), "build 2026.01.%02d-%s" % (_BR.randint(1, 28), bhx(7)),
                  "snowflake id %d" % _BR.randint(10 ** 17, 10 ** 18), "color: #%s; background: #%s" % (bhx(6), bhx(6)),
                  "price_1%s" % bstr(_AN, 23), "acct_1%s (connected account id)" % bstr(_AN, 15),
                  "kms key id: arn:aws:kms:us-east-1:%d:key/%s" % (_BR.randint(10 ** 11, 10 ** 12 - 1), buuid())]))

# prose about secrets that contains none
_BPROSE = ["Rotated the API key yesterday; the old one is revoked and the new one lives in 1Password under 'Stripe prod'.",
           "The access token expires after an hour; the refresh token is stored in an httpOnly cookie, never in localStorage.",
           "Password policy: at least 12 characters, no reuse of the last 5.", "Don't log the Authorization header; the middleware strips it now.",
           "Stored the Stripe key in Vault at secret/stripe (path only, value not in this note).",
           "Secret scanning flagged the test fixture as a false positive; dismissed with a comment.",
           "Decision: use short-lived OIDC tokens in CI instead of long-lived AWS keys.",
           "Next step: ask Priya to regenerate the webhook signing secret from the dashboard.",
           "The .pgpass file had mode 644, fixed to 600. Contents not copied here.",
           "Do not commit .env files; added them to .gitignore and the pre-commit hook.",
           "The token in the bug report was already revoked by GitHub's secret scanning.",
           "Moved DB credentials from settings.py to environment variables (DB_USER, DB_PASSWORD).",
           "kubectl get secrets shows db-creds (Opaque, 2 keys) - did not print the values.",
           "Password reset emails were failing because SMTP auth switched to OAuth2.",
           "The API returns 401 when the bearer token is missing the orders:write scope.",
           "Netrc support works: curl --netrc-file reads the machine entry for api.heroku.com.",
           "Doppler now injects the secrets at runtime; nothing is written to disk.",
           "Customer said their password contains an '&' and login broke - encoding bug in the form handler.",
           "Replaced hardcoded credentials in tests with a fixture that generates random ones.",
           "SSO login loops when the session cookie is set without SameSite=None.",
           "Token bucket rate limiter: 100 tokens, refill 10/s.", "Tokenizer splits 'password123' into three tokens.",
           "Key rotation schedule: every 90 days, owner @platform-team.", "We use argon2id for password hashing (m=64MiB, t=3, p=4).",
           "The private key never leaves the HSM; signing happens via the KMS API.",
           "Auth0 tenant migrated; client IDs unchanged, secrets regenerated by the admin.",
           "Twilio account SID and auth token are loaded from AWS SSM (/acme/twilio/*).",
           "Use 'docker login --password-stdin' so the password does not end up in shell history.",
           "openssl enc -pass file:./backup.key reads the passphrase from the file, nothing on the command line.",
           "The 'secret' field in the webhook payload is a boolean flag, not a credential.",
           "Renamed api_key to api_key_id in the schema since it only stores the key's id.",
           "Mailgun domain verified; sending key is in the secret store, not in this repo.",
           "Las credenciales están en Vault, no en el repositorio.", "Das Passwort liegt im Tresor, nicht im Code.",
           "Le jeton est lu depuis la variable d'environnement API_TOKEN.", "パスワードは環境変数から読み込みます。",
           "密码存放在 KMS 中，代码里没有。", "Пароль хранится в Vault, в коде его нет.",
           "bumped jsonwebtoken to 9.0.2 (CVE-2022-23529)", "The token endpoint is /oauth/token; the docs call it the 'secret exchange'.",
           "Hash of the config file: changed, so the cache key changed too.", "Session affinity enabled on the load balancer (cookie: AWSALB).",
           "1Password CLI: op read 'op://Private/Github/token' works on the build agent.", "Removed the key from git history with git filter-repo."]
for _s in _BPROSE:
    _ben(_s)

# misc numbers, timestamps, log lines
for _i in range(40):
    _ben(_bpick(["2026-01-12T10:%02d:%02d.%03dZ INFO  request completed status=200 duration_ms=%d" % (_BR.randint(0, 59), _BR.randint(0, 59), _BR.randint(0, 999), _BR.randint(1, 900)),
                  "pid %d exited with code 0" % _BR.randint(1000, 99999), "listening on 0.0.0.0:%d" % _BR.randint(1024, 65535),
                  "epoch %d, loss 0.%04d, lr 3e-4" % (_BR.randint(1, 90), _BR.randint(0, 9999)),
                  "Uploaded %s (%d bytes) in %.2fs" % (_bpick(_FILES), _BR.randint(1000, 10 ** 8), _BR.random() * 9),
                  "[%s] GET /api/v1/orders?cursor=%s 200" % (bhx(8), bb64u(12)), "session started at %d (unix ms)" % _BR.randint(1700000000000, 1800000000000),
                  "coverage: %d.%d%% of statements" % (_BR.randint(40, 99), _BR.randint(0, 9)),
                  "Tests: 412 passed, 3 skipped (auth/test_token_expiry.py::test_refresh_rotates_token)",
                  "warning: unused variable `api_key_id` at src/client.rs:%d:%d" % (_BR.randint(1, 900), _BR.randint(1, 80)),
                  "sha=%s ref=refs/tags/v1.%d.0 event=release" % (bhx(40), _BR.randint(0, 40)),
                  "nonce reuse check passed for %d messages" % _BR.randint(10, 9999)]))

# ================================================================= final shaping
# Keep every variant of the classes named in issue 29, one example of every other
# format, then a seeded sample of the remaining variants up to the target size.
_PROTECT = ("pgpass-", "netrc-", "docker-config-", "dockercfg-", "twilio-", "aws-keyid-", "mailgun-", "doppler-",
            "curl-b-connect-sid", "curl-cookie", "openssl-pass", "npmrc-", "git-credentials", "kubeconfig-")
_TARGET = 1040


def _shape():
    keep, rest, seen = [], [], set()
    for i, s in enumerate(SECRETS):
        if s[1].startswith(_PROTECT) or s[1] not in seen:
            keep.append(i)
            seen.add(s[1])
        else:
            rest.append(i)
    need = max(0, _TARGET - len(keep))
    rs_ = random.Random(99173)
    extra = rs_.sample(rest, min(need, len(rest)))
    chosen = sorted(keep + extra)
    SECRETS[:] = [SECRETS[i] for i in chosen]
    seen_b, out = set(), []
    secret_values = set(s[3] for s in SECRETS)
    for b in BENIGN:
        if b in seen_b:
            continue
        if any(v in b for v in secret_values if len(v) >= 8):
            continue
        seen_b.add(b)
        out.append(b)
    BENIGN[:] = out


_shape()

# ==== SECTIONS ====


if __name__ == "__main__":
    import collections
    bad = [s for s in SECRETS if s[3] not in s[2] or len(s[3]) < 8]
    groups = collections.Counter(s[0] for s in SECRETS)
    fmts = set(s[1] for s in SECRETS)
    print("secrets:", len(SECRETS))
    print("distinct formats:", len(fmts))
    for g, c in sorted(groups.items()):
        print("  %-22s %4d  (%d formats)" % (g, c, len(set(s[1] for s in SECRETS if s[0] == g))))
    print("benign:", len(BENIGN), "distinct:", len(set(BENIGN)))
    print("secret-not-in-text or too short:", len(bad))
    for b in bad[:10]:
        print("   BAD", b[:2], repr(b[3][:40]))
