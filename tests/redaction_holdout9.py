# -*- coding: utf-8 -*-
"""A ninth hold-out corpus for secret redaction, written without reading the redaction
code; it measured 0.954 recall and 2.8% false positives blind (with every rule tuned on the
corpora before it), and the redaction has since been tuned on it, so it is regression data
now (tests/test_redaction_holdouts.py holds its recall per group and its false positives).

Defines SECRETS (group, format, text, secret, visible) and BENIGN (list of str).
All secret values are synthetic, generated at import time from a fixed-seed
random.Random; vendor prefixes are assembled from parts.  Standard library only.
"""
import base64
import hashlib
import random
import string
try:
    from urllib.parse import quote
except ImportError:  # pragma: no cover
    from urllib import quote

R = random.Random(770913)

LOW = string.ascii_lowercase
UPC = string.ascii_uppercase
DIG = string.digits
HEX = "0123456789abcdef"
UHEX = "0123456789ABCDEF"
B62 = LOW + UPC + DIG
B64U = B62 + "-_"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
LAN = LOW + DIG
UAN = UPC + DIG


def J(*parts):
    return "".join(parts)


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(HEX, n)


def HX(n):
    return rs(UHEX, n)


def b62(n):
    return rs(B62, n)


def b64u(n):
    return rs(B64U, n)


def dg(n):
    return R.choice("123456789") + rs(DIG, n - 1)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(nbytes):
    return base64.b64encode(rbytes(nbytes)).decode()


def b64s(s):
    return base64.b64encode(s.encode()).decode()


def b64url_nopad(nbytes):
    return base64.urlsafe_b64encode(rbytes(nbytes)).decode().rstrip("=")


def uuid4():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def jwt(payload_len=None):
    head = b64s('{"alg":"HS256","typ":"JWT"}').rstrip("=").replace("+", "-").replace("/", "_")
    body = b64url_nopad(payload_len or R.randint(60, 140))
    return head + "." + ("eyJ" + body[3:]) + "." + b64url_nopad(32)


WORDS = ("river", "orange", "falcon", "copper", "window", "maple", "tiger", "harbor", "violet",
         "summer", "winter", "autumn", "spring", "dragon", "monkey", "sunshine", "rocket",
         "pirate", "banana", "castle", "thunder", "silver", "garden", "coffee", "pepper",
         "galaxy", "cobalt", "meadow", "lantern", "anchor", "puzzle", "walrus", "cactus",
         "marble", "canyon", "glacier", "nebula", "quartz", "saffron", "tundra", "zephyr",
         "bramble", "kettle", "mosaic", "orchid", "pelican", "raven", "sparrow", "timber",
         "velvet", "willow", "yonder", "basil", "cinder", "dune", "ember", "fjord", "grove")
BIP = ("abandon", "ability", "absorb", "access", "acid", "actor", "adapt", "advice", "aerobic",
       "agent", "alarm", "album", "alley", "alpha", "amateur", "anchor", "angle", "animal",
       "apart", "arena", "armor", "arrow", "artist", "asthma", "atom", "auction", "avocado",
       "awake", "badge", "balcony", "bamboo", "barrel", "basket", "beach", "behave", "bench",
       "bicycle", "biology", "blanket", "blossom", "bonus", "border", "bracket", "brave",
       "bridge", "bronze", "bubble", "budget", "cabin", "cactus", "camera", "canal", "canvas",
       "carbon", "casino", "castle", "catalog", "cement", "chalk", "cherry", "chimney",
       "citizen", "clever", "cluster", "coconut", "comic", "coral", "cotton", "crater",
       "cruise", "cushion", "dawn", "decade", "define", "denial", "desert", "diamond",
       "dinner", "dolphin", "donkey", "dragon", "drift", "eagle", "elbow", "embark", "engine",
       "escape", "fabric", "fatigue", "festival", "fiction", "flame", "fossil", "frozen",
       "gadget", "galaxy", "garlic", "giraffe", "glimpse", "gorilla", "guitar", "hammer",
       "harvest", "hobby", "hollow", "humble", "icon", "immune", "infant", "island", "jacket",
       "jungle", "kangaroo", "kitten", "ladder", "lecture", "lizard", "lobster", "lunar",
       "magnet", "mango", "marble", "meadow", "mimic", "monster", "museum", "napkin", "noodle",
       "oblige", "october", "orbit", "oyster", "paddle", "panther", "pepper", "pilot", "pizza",
       "planet", "pony", "puzzle", "pyramid", "quantum", "rabbit", "radar", "ranch", "rhythm",
       "ribbon", "rocket", "saddle", "salmon", "scatter", "shadow", "shrimp", "silk", "sketch",
       "sniff", "sphere", "spider", "squirrel", "stadium", "subway", "sunset", "swamp",
       "talent", "thunder", "tiger", "tomato", "tornado", "trophy", "tunnel", "umbrella",
       "unicorn", "vacuum", "valley", "velvet", "violin", "volcano", "walnut", "wisdom",
       "wolf", "yellow", "zebra", "zone")
NAMES = ("alice", "bob", "carol", "dmitri", "eve", "farah", "gus", "hana", "ivan", "jules",
         "kenji", "lena", "marco", "nadia", "omar", "priya", "quinn", "rosa", "sven", "tomas",
         "deploy", "ci-bot", "svc_etl", "admin", "root", "postgres", "app_rw", "grafana",
         "jenkins", "build", "ops", "backup", "replicator", "webapp", "sa", "airflow")
HOSTS = ("db.prod.internal", "10.20.3.14", "pg-staging.acme.io", "mysql-01.dc2.lan",
         "redis.cache.svc.cluster.local", "192.168.1.50", "api.internal.corp",
         "mongo-0.mongo.default.svc", "warehouse.eu-west-1.rds.amazonaws.com",
         "build.example.net", "ci.tools.lan", "172.16.40.7", "broker.iot.local",
         "gameserver-eu3.frag.gg", "sql-prod.database.windows.net", "nas.home.arpa")
DBS = ("orders", "app_production", "analytics", "billing", "users", "inventory", "telemetry",
       "warehouse", "metrics", "game_state", "ledger", "features")


def pw_human():
    k = R.randint(0, 7)
    w = R.choice(WORDS)
    if k == 0:
        return w.capitalize() + str(R.randint(2015, 2026)) + R.choice("!#$@?")
    if k == 1:
        return R.choice(("Summer", "Winter", "Spring", "Autumn", "Welcome", "Password",
                         "Changeit", "Letmein")) + str(R.randint(2019, 2026)) + R.choice("!!.#*")
    if k == 2:
        return w + R.choice(WORDS).capitalize() + str(R.randint(10, 999))
    if k == 3:
        return w.replace("a", "@").replace("o", "0").replace("e", "3").capitalize() + str(R.randint(1, 99)) + "!"
    if k == 4:
        return R.choice(NAMES).capitalize() + "_" + w + str(R.randint(1970, 2010))
    if k == 5:
        return R.choice(("Acme", "Globex", "Initech", "Hooli", "Umbrella")) + str(R.randint(100, 9999)) + R.choice("#!$%")
    if k == 6:
        return "hunter2" + R.choice(("!", "024", "_prod", "22"))
    return w.upper()[:3] + str(R.randint(1000, 9999)) + R.choice(WORDS) + R.choice("!?")


def pw_random(n=None):
    n = n or R.randint(12, 28)
    s = rs(B62 + "!#%^*-_=+.~", n)
    return s[0].upper() + s[1:-1] + R.choice(DIG)


def pw_phrase():
    return R.choice(("-", " ", ".", "_")).join(R.sample(WORDS, R.randint(3, 5)))


def PW():
    k = R.random()
    if k < 0.45:
        return pw_human()
    if k < 0.85:
        return pw_random()
    return pw_phrase()


def PWS():
    """password without spaces (for argv / URL contexts)"""
    p = PW()
    return p.replace(" ", "-")


SECRETS = []
BENIGN = []


def add(group, fmt, text, secret, visible=""):
    SECRETS.append((group, fmt, text, secret, visible))


def fill(t, d):
    for k in sorted(d, key=len, reverse=True):
        t = t.replace("{" + k + "}", d[k])
    return t


def ctxd():
    u = R.choice(NAMES)
    h = R.choice(HOSTS)
    return {
        "u": u, "host": h, "db": R.choice(DBS), "port": str(R.choice((5432, 3306, 6379, 27017, 1433, 5672, 8080, 443, 9092))),
        "ip": "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254)),
        "email": u.replace("_", ".") + "@" + R.choice(("acme.io", "example.com", "corp.local", "globex.dev")),
        "proj": R.choice(("atlas", "hermes", "payments-api", "ml-train", "edge-fw", "lobby-srv", "etl-nightly", "ios-app")),
        "region": R.choice(("us-east-1", "eu-west-1", "ap-southeast-2", "eu-central-1", "us-west-2")),
        "ns": R.choice(("default", "prod", "staging", "payments", "ml", "iot")),
        "date": "2026-%02d-%02d" % (R.randint(1, 12), R.randint(1, 28)),
        "time": "%02d:%02d:%02d" % (R.randint(0, 23), R.randint(0, 59), R.randint(0, 59)),
        "n": str(R.randint(2, 97)),
        "sha": hx(40), "short": hx(7),
    }


def F(group, fmt, gen, templates, n=2, vis="", ex=None):
    """Make n entries of one format; variant k uses templates[k % len]."""
    off = R.randrange(len(templates))
    for k in range(n):
        d = ctxd()
        if ex:
            for key, g in ex.items():
                d[key] = g()
        s = gen()
        d["s"] = s
        t = fill(templates[(off + k) % len(templates)], d)
        v = fill(vis, d) if vis else ""
        add(group, fmt, t, s, v)


# ---------------------------------------------------------------------------
# contexts in which a token is written into a checkpoint
# ---------------------------------------------------------------------------
VCTX = [
    "export {ENV}={s}",
    "export {ENV}=\"{s}\"",
    "{ENV}={s}",
    "  \"{key}\": \"{s}\",",
    "{key}: {s}",
    "{key}: '{s}'",
    "curl -sS -H \"Authorization: Bearer {s}\" https://{api}/v1/{proj}/status",
    "curl -s https://{api}/api/v2/projects -H 'Authorization: Token {s}' | jq .",
    "client = {V}Client(api_key=\"{s}\")",
    "const client = new {V}({ apiKey: '{s}' });",
    "Ran the smoke test against {V} with token {s}; got 200 OK.",
    "gh secret set {ENV} --repo acme/{proj} --body \"{s}\"",
    "kubectl -n {ns} create secret generic {proj}-{key} --from-literal={key}={s}",
    "{key} = \"{s}\"",
    "ENV {ENV}={s}",
    "process.env.{ENV} = '{s}';",
    "$env:{ENV} = \"{s}\"",
    "set {ENV}={s}",
    "{ENV}={s} npm run deploy:{ns}",
    "git commit -m \"wip: hardcode {V} key {s} to unblock {proj}, revert later\"",
    "fly secrets set {ENV}={s} -a {proj}",
    "heroku config:set {ENV}={s} --app {proj}",
    "doppler secrets set {ENV}=\"{s}\" --project {proj} --config prd",
    "aws ssm put-parameter --name /{ns}/{proj}/{key} --type SecureString --value '{s}' --overwrite",
    "az keyvault secret set --vault-name kv-{proj} --name {key} --value {s}",
    "vault kv put secret/{proj} {key}={s}",
    "INSERT INTO integrations (provider, api_key, created_at) VALUES ('{V}', '{s}', '{date}');",
    "def test_{key}_client():\n    c = make_client(token=\"{s}\")\n    assert c.ping()",
    "ansible-playbook site.yml -e \"{key}={s}\" --limit {ns}",
    "helm upgrade --install {proj} ./chart -n {ns} --set secrets.{key}={s}",
    "terraform apply -var '{key}={s}' -auto-approve",
    "TF_VAR_{key}={s} terraform plan -out tfplan",
    "  {key} = \"{s}\";  # nix: services.{proj}",
    "bazel test //... --action_env={ENV}={s}",
    "Screenshot of the {V} dashboard: the 'API keys' panel lists one key, {s}, created {date}.",
    "{date}T{time}Z DEBUG http: request headers={'Authorization': 'Bearer {s}', 'Accept': 'application/json'}",
    "Environment dump from the crashed pod:\n  HOSTNAME={proj}-7d9f8\n  {ENV}={s}\n  PATH=/usr/local/bin:/usr/bin",
    "echo -n '{s}' | wrangler secret put {ENV}",
    "export {ENV}=\\\n  {s}",
    "{key}: >-\n  {s}",
    "{ENV} = (\n    \"{s}\"\n)",
    "      - name: {ENV}\n        value: \"{s}\"",
    "<add key=\"{V}:{key}\" value=\"{s}\" />",
    "[{V}]\n{key} = {s}",
    "  +{ENV}={s}",
    "eas secret:create --scope project --name {ENV} --value {s} --type string",
    "railway variables --set \"{ENV}={s}\"",
    "::add-mask::{s}",
    "firebase functions:config:set {key}.secret=\"{s}\"",
    "{V} token (from 1Password, vault {proj}): {s}",
]


def camel(s):
    p = s.split("_")
    return p[0] + "".join(x.capitalize() for x in p[1:])


def vendor(group, fmt, V, ENV, api, gen, n=2, show=None):
    for k in range(n):
        d = ctxd()
        tok = gen()
        if isinstance(tok, tuple):
            disp, sec = tok
        else:
            disp = sec = tok
        d.update({"s": disp, "ENV": ENV, "key": R.choice((ENV.lower(), camel(ENV.lower()))), "V": V, "api": api})
        t = fill(R.choice(VCTX), d)
        add(group, fmt, t, sec, show if show is not None else "")


VG = "vendor-token"
K = [
    ("github-pat-classic", "GitHub", "GITHUB_TOKEN", "api.github.com", lambda: J("gh", "p_") + b62(36)),
    ("github-oauth", "GitHub", "GH_OAUTH_TOKEN", "api.github.com", lambda: J("gh", "o_") + b62(36)),
    ("github-app-installation", "GitHub", "GH_APP_TOKEN", "api.github.com", lambda: J("gh", "s_") + b62(36)),
    ("github-user-to-server", "GitHub", "GH_USER_TOKEN", "api.github.com", lambda: J("gh", "u_") + b62(36)),
    ("github-refresh", "GitHub", "GH_REFRESH_TOKEN", "github.com", lambda: J("gh", "r_") + b62(76)),
    ("github-fine-grained-pat", "GitHub", "GH_TOKEN", "api.github.com", lambda: J("github", "_pat_") + "11" + rs(UAN, 20) + "_" + b62(59)),
    ("gitlab-pat", "GitLab", "GITLAB_TOKEN", "gitlab.com", lambda: J("gl", "pat-") + b64u(20)),
    ("gitlab-deploy-token", "GitLab", "CI_DEPLOY_PASSWORD", "gitlab.example.com", lambda: J("gl", "dt-") + b64u(20)),
    ("gitlab-runner-auth", "GitLab", "RUNNER_TOKEN", "gitlab.example.com", lambda: J("gl", "rt-") + b64u(20)),
    ("gitlab-pipeline-trigger", "GitLab", "TRIGGER_TOKEN", "gitlab.com", lambda: J("gl", "ptt-") + hx(40)),
    ("gitlab-feed-token", "GitLab", "GITLAB_FEED_TOKEN", "gitlab.com", lambda: J("gl", "ft-") + b64u(20)),
    ("slack-bot-token", "Slack", "SLACK_BOT_TOKEN", "slack.com", lambda: J("xo", "xb-") + dg(12) + "-" + dg(13) + "-" + b62(24)),
    ("slack-user-token", "Slack", "SLACK_USER_TOKEN", "slack.com", lambda: J("xo", "xp-") + dg(12) + "-" + dg(12) + "-" + dg(13) + "-" + hx(32)),
    ("slack-app-token", "Slack", "SLACK_APP_TOKEN", "slack.com", lambda: J("xa", "pp-") + "1-A" + rs(UAN, 10) + "-" + dg(13) + "-" + hx(64)),
    ("slack-config-refresh", "Slack", "SLACK_CONFIG_REFRESH", "slack.com", lambda: J("xo", "xe-1-") + rs(UAN, 60) + b62(80)),
    ("stripe-live-secret-long", "Stripe", "STRIPE_SECRET_KEY", "api.stripe.com", lambda: J("sk", "_live_") + "51" + b62(97)),
    ("stripe-live-secret-short", "Stripe", "STRIPE_API_KEY", "api.stripe.com", lambda: J("sk", "_live_") + b62(24)),
    ("stripe-restricted", "Stripe", "STRIPE_RESTRICTED_KEY", "api.stripe.com", lambda: J("rk", "_live_") + "51" + b62(97)),
    ("stripe-test-secret", "Stripe", "STRIPE_TEST_KEY", "api.stripe.com", lambda: J("sk", "_test_") + "51" + b62(60)),
    ("stripe-webhook-secret", "Stripe", "STRIPE_WEBHOOK_SECRET", "api.stripe.com", lambda: J("wh", "sec_") + b62(32)),
    ("aws-session-token", "AWS", "AWS_SESSION_TOKEN", "sts.amazonaws.com", lambda: J("IQoJb3Jp", "Z2luX2VjE") + rs(B62 + "+/", R.randint(300, 420)) + "="),
    ("google-api-key", "Google", "GOOGLE_API_KEY", "maps.googleapis.com", lambda: J("AI", "za") + "Sy" + b64u(33)),
    ("google-oauth-client-secret", "Google", "GOOGLE_CLIENT_SECRET", "oauth2.googleapis.com", lambda: J("GOC", "SPX-") + b64u(28)),
    ("google-oauth-access-token", "Google", "GOOGLE_ACCESS_TOKEN", "www.googleapis.com", lambda: J("ya", "29.") + "a0A" + b64u(R.randint(150, 200))),
    ("google-refresh-token", "Google", "GOOGLE_REFRESH_TOKEN", "oauth2.googleapis.com", lambda: J("1//", "0") + rs(B62, 1) + b64u(100)),
    ("openai-project-key", "OpenAI", "OPENAI_API_KEY", "api.openai.com", lambda: J("sk", "-proj-") + b64u(156)),
    ("openai-legacy-key", "OpenAI", "OPENAI_KEY", "api.openai.com", lambda: J("sk", "-") + b62(20) + J("T3Blbk", "FJ") + b62(20)),
    ("openai-service-account", "OpenAI", "OPENAI_SVC_KEY", "api.openai.com", lambda: J("sk", "-svcacct-") + b64u(140)),
    ("anthropic-api-key", "Anthropic", "ANTHROPIC_API_KEY", "api.anthropic.com", lambda: J("sk", "-ant-", "api03-") + b64u(93) + "AA"),
    ("anthropic-admin-key", "Anthropic", "ANTHROPIC_ADMIN_KEY", "api.anthropic.com", lambda: J("sk", "-ant-", "admin01-") + b64u(93) + "AA"),
    ("huggingface-token", "HuggingFace", "HF_TOKEN", "huggingface.co", lambda: J("h", "f_") + rs(LOW + UPC, 34)),
    ("npm-access-token", "npm", "NPM_TOKEN", "registry.npmjs.org", lambda: J("np", "m_") + b62(36)),
    ("pypi-api-token", "PyPI", "TWINE_PASSWORD", "upload.pypi.org", lambda: J("py", "pi-", "AgEIcHlwaS5vcmc") + b64u(R.randint(140, 180))),
    ("sendgrid-api-key", "SendGrid", "SENDGRID_API_KEY", "api.sendgrid.com", lambda: J("S", "G.") + b64u(22) + "." + b64u(43)),
    ("mailgun-key-prefixed", "Mailgun", "MAILGUN_API_KEY", "api.mailgun.net", lambda: J("ke", "y-") + hx(32)),
    ("mailgun-private-key-new", "Mailgun", "MAILGUN_PRIVATE_KEY", "api.eu.mailgun.net", lambda: hx(32) + "-" + hx(8) + "-" + hx(8)),
    ("mailchimp-api-key", "Mailchimp", "MAILCHIMP_API_KEY", "us6.api.mailchimp.com", lambda: hx(32) + "-us" + str(R.randint(1, 21))),
    ("shopify-admin-token", "Shopify", "SHOPIFY_ACCESS_TOKEN", "acme.myshopify.com", lambda: J("shp", "at_") + hx(32)),
    ("shopify-shared-secret", "Shopify", "SHOPIFY_API_SECRET", "acme.myshopify.com", lambda: J("shp", "ss_") + hx(32)),
    ("shopify-custom-app", "Shopify", "SHOPIFY_CUSTOM_TOKEN", "acme.myshopify.com", lambda: J("shp", "ca_") + hx(32)),
    ("atlassian-api-token", "Atlassian", "JIRA_API_TOKEN", "acme.atlassian.net", lambda: J("ATA", "TT3x") + b64u(178) + "=" + HX(8)),
    ("bitbucket-app-password", "Bitbucket", "BITBUCKET_APP_PASSWORD", "api.bitbucket.org", lambda: J("ATB", "B") + b62(28) + HX(8)),
    ("linear-api-key", "Linear", "LINEAR_API_KEY", "api.linear.app", lambda: J("lin", "_api_") + b62(40)),
    ("notion-secret", "Notion", "NOTION_TOKEN", "api.notion.com", lambda: J("secr", "et_") + b62(43)),
    ("notion-ntn", "Notion", "NOTION_API_KEY", "api.notion.com", lambda: J("nt", "n_") + dg(11) + b62(35)),
    ("discord-bot-token", "Discord", "DISCORD_TOKEN", "discord.com", lambda: b64s(dg(19)).rstrip("=") + "." + b64u(6) + "." + b64u(38)),
    ("telegram-bot-token", "Telegram", "TELEGRAM_BOT_TOKEN", "api.telegram.org", lambda: dg(10) + ":AA" + b64u(33)),
    ("digitalocean-pat", "DigitalOcean", "DIGITALOCEAN_TOKEN", "api.digitalocean.com", lambda: J("do", "p_v1_") + hx(64)),
    ("digitalocean-oauth", "DigitalOcean", "DO_OAUTH_TOKEN", "api.digitalocean.com", lambda: J("do", "o_v1_") + hx(64)),
    ("heroku-api-key-new", "Heroku", "HEROKU_API_KEY", "api.heroku.com", lambda: J("HR", "KU-") + "AA" + b64u(58)),
    ("heroku-api-key-uuid", "Heroku", "HEROKU_API_KEY", "api.heroku.com", uuid4),
    ("netlify-pat", "Netlify", "NETLIFY_AUTH_TOKEN", "api.netlify.com", lambda: J("nf", "p_") + b62(36)),
    ("flyio-token", "Fly", "FLY_API_TOKEN", "api.fly.io", lambda: J("Fly", "V1 fm2_") + "lJPECAAAAAAAA" + b64(120)),
    ("doppler-service-token", "Doppler", "DOPPLER_TOKEN", "api.doppler.com", lambda: J("dp", ".st.") + R.choice(("prd", "stg", "dev")) + "." + b62(40)),
    ("doppler-personal-token", "Doppler", "DOPPLER_TOKEN", "api.doppler.com", lambda: J("dp", ".pt.") + b62(43)),
    ("doppler-cli-token", "Doppler", "DOPPLER_CLI_TOKEN", "api.doppler.com", lambda: J("dp", ".ct.") + b62(43)),
    ("doppler-service-account", "Doppler", "DOPPLER_SA_TOKEN", "api.doppler.com", lambda: J("dp", ".sa.") + b62(43)),
    ("doppler-scim-token", "Doppler", "DOPPLER_SCIM_TOKEN", "api.doppler.com", lambda: J("dp", ".scim.") + b62(43)),
    ("pulumi-access-token", "Pulumi", "PULUMI_ACCESS_TOKEN", "api.pulumi.com", lambda: J("pu", "l-") + hx(40)),
    ("terraform-cloud-token", "TerraformCloud", "TFE_TOKEN", "app.terraform.io", lambda: b62(14) + J(".at", "lasv1.") + b64u(67)),
    ("vault-service-token", "Vault", "VAULT_TOKEN", "vault.internal:8200", lambda: J("hv", "s.") + "CAES" + b64u(88)),
    ("vault-batch-token", "Vault", "VAULT_TOKEN", "vault.internal:8200", lambda: J("hv", "b.") + "AAAAAQ" + b64u(130)),
    ("vault-legacy-token", "Vault", "VAULT_TOKEN", "vault.internal:8200", lambda: J("s", ".") + b62(24)),
    ("databricks-pat", "Databricks", "DATABRICKS_TOKEN", "adb-123.azuredatabricks.net", lambda: J("da", "pi") + hx(32) + R.choice(("", "-2", "-3"))),
    ("grafana-cloud-token", "Grafana", "GRAFANA_CLOUD_TOKEN", "grafana.net", lambda: J("gl", "c_") + "eyJvIjoi" + b64(90).rstrip("=")),
    ("grafana-service-account", "Grafana", "GRAFANA_SA_TOKEN", "grafana.acme.io", lambda: J("gl", "sa_") + b62(32) + "_" + hx(8)),
    ("newrelic-user-key", "NewRelic", "NEW_RELIC_API_KEY", "api.newrelic.com", lambda: J("NR", "AK-") + rs(UAN, 27)),
    ("newrelic-insert-key", "NewRelic", "NEW_RELIC_INSERT_KEY", "insights-collector.newrelic.com", lambda: J("NR", "II-") + b64u(32)),
    ("sentry-org-token", "Sentry", "SENTRY_AUTH_TOKEN", "sentry.io", lambda: J("sntr", "ys_") + "eyJpYXQiOj" + b64(80).rstrip("=") + "_" + b64u(43)),
    ("sentry-user-token", "Sentry", "SENTRY_AUTH_TOKEN", "sentry.io", lambda: J("sntr", "yu_") + hx(64)),
    ("datadog-api-key", "Datadog", "DD_API_KEY", "api.datadoghq.com", lambda: hx(32)),
    ("datadog-app-key", "Datadog", "DD_APP_KEY", "api.datadoghq.eu", lambda: hx(40)),
    ("postman-api-key", "Postman", "POSTMAN_API_KEY", "api.getpostman.com", lambda: J("PM", "AK-") + hx(24) + "-" + hx(34)),
    ("figma-pat", "Figma", "FIGMA_TOKEN", "api.figma.com", lambda: J("fig", "d_") + b64u(40)),
    ("airtable-pat", "Airtable", "AIRTABLE_TOKEN", "api.airtable.com", lambda: J("pa", "t") + b62(14) + "." + hx(64)),
    ("square-access-token", "Square", "SQUARE_ACCESS_TOKEN", "connect.squareup.com", lambda: J("EA", "AA") + b64u(60)),
    ("square-oauth-secret", "Square", "SQUARE_APP_SECRET", "connect.squareup.com", lambda: J("sq0", "csp-") + b64u(43)),
    ("braintree-access-token", "Braintree", "BRAINTREE_ACCESS_TOKEN", "api.braintreegateway.com", lambda: J("access_token", "$production$") + rs(LAN, 16) + "$" + hx(32)),
    ("adyen-api-key", "Adyen", "ADYEN_API_KEY", "checkout-live.adyen.com", lambda: J("AQE", "yhmfx") + b64(120).rstrip("=") + "-" + b64(32).rstrip("=")),
    ("flutterwave-secret", "Flutterwave", "FLW_SECRET_KEY", "api.flutterwave.com", lambda: J("FLWSECK", "-") + hx(32) + "-X"),
    ("paystack-secret", "Paystack", "PAYSTACK_SECRET_KEY", "api.paystack.co", lambda: J("sk", "_live_") + hx(40)),
    ("mollie-live-key", "Mollie", "MOLLIE_API_KEY", "api.mollie.com", lambda: J("li", "ve_") + b62(30)),
    ("gocardless-access-token", "GoCardless", "GC_ACCESS_TOKEN", "api.gocardless.com", lambda: J("li", "ve_") + b64u(40)),
    ("checkout-com-secret", "Checkout", "CKO_SECRET_KEY", "api.checkout.com", lambda: J("sk", "_sbox_") + rs(LAN, 26)),
    ("okta-api-token", "Okta", "OKTA_API_TOKEN", "acme.okta.com", lambda: "00" + b64u(40)),
    ("azure-ad-client-secret", "AzureAD", "AZURE_CLIENT_SECRET", "login.microsoftonline.com", lambda: b62(3) + J("8Q", "~") + rs(B62 + "._~-", 34)),
    ("azure-devops-pat", "AzureDevOps", "AZURE_DEVOPS_EXT_PAT", "dev.azure.com", lambda: rs("abcdefghijklmnopqrstuvwxyz234567", 52)),
    ("cloudflare-api-token", "Cloudflare", "CLOUDFLARE_API_TOKEN", "api.cloudflare.com", lambda: b64u(40)),
    ("cloudflare-global-key", "Cloudflare", "CF_API_KEY", "api.cloudflare.com", lambda: hx(37)),
    ("cloudflare-origin-ca", "Cloudflare", "CF_ORIGIN_CA_KEY", "api.cloudflare.com", lambda: J("v1", ".0-") + hx(24) + "-" + hx(146)),
    ("fastly-api-token", "Fastly", "FASTLY_API_TOKEN", "api.fastly.com", lambda: b64u(32)),
    ("algolia-admin-key", "Algolia", "ALGOLIA_ADMIN_KEY", "acme-dsn.algolia.net", lambda: hx(32)),
    ("mapbox-secret-token", "Mapbox", "MAPBOX_SECRET_TOKEN", "api.mapbox.com", lambda: J("s", "k.eyJ1Ijoi") + b64u(40) + "." + b64u(22)),
    ("supabase-pat", "Supabase", "SUPABASE_ACCESS_TOKEN", "api.supabase.com", lambda: J("sb", "p_") + hx(40)),
    ("supabase-secret-key", "Supabase", "SUPABASE_SECRET_KEY", "acme.supabase.co", lambda: J("sb", "_secret_") + b64u(32)),
    ("planetscale-password", "PlanetScale", "PLANETSCALE_PASSWORD", "aws.connect.psdb.cloud", lambda: J("pscale", "_pw_") + b64u(43)),
    ("planetscale-token", "PlanetScale", "PLANETSCALE_SERVICE_TOKEN", "api.planetscale.com", lambda: J("pscale", "_tkn_") + b64u(43)),
    ("render-api-key", "Render", "RENDER_API_KEY", "api.render.com", lambda: J("rn", "d_") + b62(32)),
    ("resend-api-key", "Resend", "RESEND_API_KEY", "api.resend.com", lambda: J("r", "e_") + b62(8) + "_" + b62(24)),
    ("postmark-server-token", "Postmark", "POSTMARK_SERVER_TOKEN", "api.postmarkapp.com", uuid4),
    ("telnyx-api-key", "Telnyx", "TELNYX_API_KEY", "api.telnyx.com", lambda: J("KE", "Y01") + HX(26) + "_" + b62(22)),
    ("expo-access-token", "Expo", "EXPO_TOKEN", "api.expo.dev", lambda: b64u(40)),
    ("fcm-legacy-server-key", "Firebase", "FCM_SERVER_KEY", "fcm.googleapis.com", lambda: J("AA", "AA") + b64u(7) + ":" + J("APA", "91b") + b64u(134)),
    ("dockerhub-pat", "DockerHub", "DOCKERHUB_TOKEN", "hub.docker.com", lambda: J("dck", "r_pat_") + b64u(27)),
    ("jfrog-api-key", "JFrog", "ARTIFACTORY_API_KEY", "acme.jfrog.io", lambda: J("AK", "Cp") + b62(69)),
    ("jfrog-identity-token", "JFrog", "JFROG_ACCESS_TOKEN", "acme.jfrog.io", lambda: J("cmV", "mdGtuOjAxOj") + b62(50)),
    ("sonarqube-user-token", "SonarQube", "SONAR_TOKEN", "sonar.acme.io", lambda: J("sq", "u_") + hx(40)),
    ("sonarqube-project-token", "SonarQube", "SONAR_TOKEN", "sonarcloud.io", lambda: J("sq", "p_") + hx(40)),
    ("circleci-pat", "CircleCI", "CIRCLECI_TOKEN", "circleci.com", lambda: J("CCI", "PAT_") + b62(22) + "_" + hx(40)),
    ("buildkite-token", "Buildkite", "BUILDKITE_API_TOKEN", "api.buildkite.com", lambda: J("bku", "a_") + hx(40)),
    ("sourcegraph-token", "Sourcegraph", "SRC_ACCESS_TOKEN", "sourcegraph.acme.io", lambda: J("sg", "p_") + hx(16) + "_" + hx(40)),
    ("tailscale-auth-key", "Tailscale", "TS_AUTHKEY", "login.tailscale.com", lambda: J("tskey", "-auth-") + b62(17) + "CNTRL-" + b62(33)),
    ("tailscale-api-key", "Tailscale", "TAILSCALE_API_KEY", "api.tailscale.com", lambda: J("tskey", "-api-") + b62(17) + "CNTRL-" + b62(33)),
    ("ngrok-authtoken", "ngrok", "NGROK_AUTHTOKEN", "api.ngrok.com", lambda: dg(1) + b62(26) + "_" + b62(21)),
    ("pinecone-api-key", "Pinecone", "PINECONE_API_KEY", "api.pinecone.io", lambda: J("pc", "sk_") + b62(6) + "_" + b62(64)),
    ("replicate-token", "Replicate", "REPLICATE_API_TOKEN", "api.replicate.com", lambda: J("r", "8_") + b62(37)),
    ("groq-api-key", "Groq", "GROQ_API_KEY", "api.groq.com", lambda: J("gs", "k_") + b62(52)),
    ("xai-api-key", "xAI", "XAI_API_KEY", "api.x.ai", lambda: J("xa", "i-") + b62(80)),
    ("perplexity-api-key", "Perplexity", "PPLX_API_KEY", "api.perplexity.ai", lambda: J("ppl", "x-") + hx(48)),
    ("langsmith-api-key", "LangSmith", "LANGCHAIN_API_KEY", "api.smith.langchain.com", lambda: J("lsv2", "_pt_") + hx(32) + "_" + hx(10)),
    ("wandb-api-key", "WandB", "WANDB_API_KEY", "api.wandb.ai", lambda: hx(40)),
    ("contentful-pat", "Contentful", "CONTENTFUL_MANAGEMENT_TOKEN", "api.contentful.com", lambda: J("CF", "PAT-") + b64u(43)),
    ("hubspot-private-app", "HubSpot", "HUBSPOT_ACCESS_TOKEN", "api.hubapi.com", lambda: J("pat", "-na1-") + uuid4()),
    ("salesforce-session-id", "Salesforce", "SF_ACCESS_TOKEN", "acme.my.salesforce.com", lambda: "00D" + b62(12) + "!" + rs(B62 + "._", 96)),
    ("clickup-pat", "ClickUp", "CLICKUP_TOKEN", "api.clickup.com", lambda: J("p", "k_") + dg(8) + "_" + rs(UAN, 32)),
    ("dropbox-short-lived", "Dropbox", "DROPBOX_TOKEN", "api.dropboxapi.com", lambda: J("s", "l.") + "B" + b64u(138)),
    ("adafruit-io-key", "AdafruitIO", "ADAFRUIT_IO_KEY", "io.adafruit.com", lambda: J("ai", "o_") + b62(28)),
    ("scaleway-secret-key", "Scaleway", "SCW_SECRET_KEY", "api.scaleway.com", uuid4),
    ("linode-token", "Linode", "LINODE_TOKEN", "api.linode.com", lambda: hx(64)),
    ("hetzner-cloud-token", "Hetzner", "HCLOUD_TOKEN", "api.hetzner.cloud", lambda: b62(64)),
    ("upstash-redis-token", "Upstash", "UPSTASH_REDIS_REST_TOKEN", "eu1-ace.upstash.io", lambda: "A" + rs(UAN, 3) + "AAIjcD" + b64u(60)),
    ("1password-service-account", "1Password", "OP_SERVICE_ACCOUNT_TOKEN", "my.1password.com", lambda: J("op", "s_") + "eyJzaWduSW5BZGRyZXNzIjoi" + b64u(300)),
    ("infisical-service-token", "Infisical", "INFISICAL_TOKEN", "app.infisical.com", lambda: J("s", "t.") + uuid4() + "." + hx(32) + "." + hx(32)),
    ("prefect-api-key", "Prefect", "PREFECT_API_KEY", "api.prefect.cloud", lambda: J("pn", "u_") + b62(36)),
    ("dbt-cloud-token", "dbtCloud", "DBT_CLOUD_API_TOKEN", "cloud.getdbt.com", lambda: J("db", "tc_") + b64u(56)),
    ("posthog-personal-key", "PostHog", "POSTHOG_PERSONAL_API_KEY", "app.posthog.com", lambda: J("ph", "x_") + b62(43)),
    ("segment-write-key", "Segment", "SEGMENT_WRITE_KEY", "api.segment.io", lambda: b62(32)),
    ("snyk-token", "Snyk", "SNYK_TOKEN", "api.snyk.io", uuid4),
    ("codecov-token", "Codecov", "CODECOV_TOKEN", "codecov.io", uuid4),
    ("twitch-oauth", "Twitch", "TWITCH_OAUTH", "irc.chat.twitch.tv", lambda: "oauth:" + rs(LAN, 30)),
    ("zendesk-api-token", "Zendesk", "ZENDESK_API_TOKEN", "acme.zendesk.com", lambda: b62(40)),
    ("intercom-access-token", "Intercom", "INTERCOM_TOKEN", "api.intercom.io", lambda: J("dG9r", "Oj") + b64(45).rstrip("=") + "="),
    ("asana-pat", "Asana", "ASANA_PAT", "app.asana.com", lambda: "2/" + dg(16) + "/" + dg(16) + ":" + hx(32)),
    ("easypost-key", "EasyPost", "EASYPOST_API_KEY", "api.easypost.com", lambda: J("EZ", "AK") + hx(54)),
    ("shippo-live-token", "Shippo", "SHIPPO_TOKEN", "api.goshippo.com", lambda: J("shippo", "_live_") + hx(40)),
    ("duffel-live-token", "Duffel", "DUFFEL_ACCESS_TOKEN", "api.duffel.com", lambda: J("duffel", "_live_") + b64u(43)),
    ("lob-live-key", "Lob", "LOB_API_KEY", "api.lob.com", lambda: J("li", "ve_") + hx(34)),
    ("messagebird-access-key", "MessageBird", "MESSAGEBIRD_ACCESS_KEY", "rest.messagebird.com", lambda: b62(25)),
    ("infobip-api-key", "Infobip", "INFOBIP_API_KEY", "xyz.api.infobip.com", lambda: hx(32) + "-" + uuid4()),
    ("africastalking-key", "AfricasTalking", "AT_API_KEY", "api.africastalking.com", lambda: J("atsk", "_") + hx(64)),
    ("signalwire-token", "SignalWire", "SIGNALWIRE_TOKEN", "acme.signalwire.com", lambda: J("P", "T") + hx(48)),
    ("launchdarkly-api", "LaunchDarkly", "LD_API_KEY", "app.launchdarkly.com", lambda: J("ap", "i-") + uuid4()),
    ("launchdarkly-sdk", "LaunchDarkly", "LD_SDK_KEY", "sdk.launchdarkly.com", lambda: J("sd", "k-") + uuid4()),
    ("rollbar-token", "Rollbar", "ROLLBAR_ACCESS_TOKEN", "api.rollbar.com", lambda: hx(32)),
    ("honeycomb-ingest", "Honeycomb", "HONEYCOMB_API_KEY", "api.honeycomb.io", lambda: J("hca", "ik_") + rs(LAN, 58)),
    ("pagerduty-api", "PagerDuty", "PAGERDUTY_TOKEN", "api.pagerduty.com", lambda: J("u", "+") + rs(B62 + "_-", 18)),
    ("opsgenie-api-key", "Opsgenie", "OPSGENIE_API_KEY", "api.opsgenie.com", uuid4),
    ("yandex-api-key", "Yandex", "YC_API_KEY", "llm.api.cloud.yandex.net", lambda: J("AQ", "VN") + b64u(36)),
    ("yandex-iam-token", "Yandex", "YC_IAM_TOKEN", "iam.api.cloud.yandex.net", lambda: J("t1", ".9euelZq") + b64u(180)),
    ("ibm-cloud-api-key", "IBMCloud", "IBMCLOUD_API_KEY", "iam.cloud.ibm.com", lambda: b64u(44)),
    ("rapidapi-key", "RapidAPI", "RAPIDAPI_KEY", "weatherapi.p.rapidapi.com", lambda: hx(10) + "msh" + hx(17) + "jsn" + hx(12)),
    ("steam-web-api-key", "Steam", "STEAM_API_KEY", "api.steampowered.com", lambda: HX(32)),
    ("playfab-secret-key", "PlayFab", "PLAYFAB_SECRET_KEY", "ABC12.playfabapi.com", lambda: rs(UAN, 42)),
    ("blynk-auth-token", "Blynk", "BLYNK_AUTH_TOKEN", "blynk.cloud", lambda: b64u(32)),
    ("thingspeak-write-key", "ThingSpeak", "THINGSPEAK_WRITE_KEY", "api.thingspeak.com", lambda: rs(UAN, 16)),
    ("particle-access-token", "Particle", "PARTICLE_ACCESS_TOKEN", "api.particle.io", lambda: hx(40)),
    ("balena-api-key", "Balena", "BALENA_API_KEY", "api.balena-cloud.com", lambda: b62(32)),
    ("runpod-api-key", "RunPod", "RUNPOD_API_KEY", "api.runpod.io", lambda: J("rpa", "_") + rs(UAN, 40)),
    ("comet-api-key", "Comet", "COMET_API_KEY", "www.comet.com", lambda: b62(25)),
    ("neptune-api-token", "Neptune", "NEPTUNE_API_TOKEN", "app.neptune.ai", lambda: b64s('{"api_address":"https://app.neptune.ai","api_url":"https://app.neptune.ai","api_key":"' + uuid4() + '"}')),
    ("mistral-api-key", "Mistral", "MISTRAL_API_KEY", "api.mistral.ai", lambda: b62(32)),
    ("cohere-api-key", "Cohere", "CO_API_KEY", "api.cohere.ai", lambda: b62(40)),
    ("together-api-key", "Together", "TOGETHER_API_KEY", "api.together.xyz", lambda: hx(64)),
    ("fireworks-api-key", "Fireworks", "FIREWORKS_API_KEY", "api.fireworks.ai", lambda: J("f", "w_") + b62(24)),
    ("deepgram-api-key", "Deepgram", "DEEPGRAM_API_KEY", "api.deepgram.com", lambda: hx(40)),
    ("elevenlabs-api-key", "ElevenLabs", "ELEVENLABS_API_KEY", "api.elevenlabs.io", lambda: J("s", "k_") + hx(48)),
    ("assemblyai-key", "AssemblyAI", "ASSEMBLYAI_API_KEY", "api.assemblyai.com", lambda: hx(32)),
    ("clerk-secret-key", "Clerk", "CLERK_SECRET_KEY", "api.clerk.com", lambda: J("sk", "_live_") + b62(42)),
    ("workos-api-key", "WorkOS", "WORKOS_API_KEY", "api.workos.com", lambda: J("sk", "_") + b62(40)),
    ("vercel-token", "Vercel", "VERCEL_TOKEN", "api.vercel.com", lambda: b62(24)),
    ("neon-api-key", "Neon", "NEON_API_KEY", "console.neon.tech", lambda: J("napi", "_") + rs(LAN, 64)),
    ("railway-token", "Railway", "RAILWAY_TOKEN", "backboard.railway.app", uuid4),
    ("turso-db-token", "Turso", "TURSO_AUTH_TOKEN", "acme.turso.io", lambda: jwt(120)),
    ("convex-deploy-key", "Convex", "CONVEX_DEPLOY_KEY", "acme.convex.cloud", lambda: "prod:" + R.choice(WORDS) + "-" + R.choice(WORDS) + "-" + dg(3) + "|" + b64u(80)),
    ("sanity-token", "Sanity", "SANITY_AUTH_TOKEN", "api.sanity.io", lambda: J("s", "k") + b62(180)),
    ("codemagic-api-token", "Codemagic", "CM_API_TOKEN", "api.codemagic.io", lambda: b64u(43)),
    ("bitrise-pat", "Bitrise", "BITRISE_TOKEN", "api.bitrise.io", lambda: b64u(86)),
    ("appcenter-token", "AppCenter", "APPCENTER_ACCESS_TOKEN", "api.appcenter.ms", lambda: hx(40)),
    ("unity-cloud-key", "UnityCloud", "UNITY_CLOUD_BUILD_KEY", "build-api.cloud.unity3d.com", lambda: hx(32)),
    ("epic-client-secret", "EpicOnline", "EOS_CLIENT_SECRET", "api.epicgames.dev", lambda: b64u(43)),
    ("twilio-api-key-secret", "Twilio", "TWILIO_API_SECRET", "api.twilio.com", lambda: b62(32)),
    ("mux-token-secret", "Mux", "MUX_TOKEN_SECRET", "api.mux.com", lambda: b64(56).rstrip("=")),
    ("cloudinary-api-secret", "Cloudinary", "CLOUDINARY_API_SECRET", "api.cloudinary.com", lambda: b64u(27)),
    ("pusher-secret", "Pusher", "PUSHER_APP_SECRET", "api-eu.pusher.com", lambda: hx(20)),
    ("ably-api-key", "Ably", "ABLY_API_KEY", "rest.ably.io", lambda: rs(B62, 6) + "." + rs(B62, 6) + ":" + b64u(43)),
    ("algolia-search-admin", "Typesense", "TYPESENSE_API_KEY", "xyz.a1.typesense.net", lambda: b62(32)),
    ("meilisearch-master", "Meilisearch", "MEILI_MASTER_KEY", "search.acme.io", lambda: b64u(43)),
    ("coinbase-api-secret", "Coinbase", "COINBASE_API_SECRET", "api.coinbase.com", lambda: b64(64)),
    ("binance-api-secret", "Binance", "BINANCE_API_SECRET", "api.binance.com", lambda: b62(64)),
    ("plaid-secret", "Plaid", "PLAID_SECRET", "production.plaid.com", lambda: hx(30)),
    ("wise-api-token", "Wise", "WISE_API_TOKEN", "api.transferwise.com", uuid4),
    ("klarna-api-password", "Klarna", "KLARNA_API_PASSWORD", "api.klarna.com", lambda: J("klarna", "_live_api_") + b62(40)),
    ("razorpay-key-secret", "Razorpay", "RAZORPAY_KEY_SECRET", "api.razorpay.com", lambda: b62(24)),
    ("vonage-api-secret", "Vonage", "VONAGE_API_SECRET", "api.nexmo.com", lambda: b62(16)),
    ("plivo-auth-token", "Plivo", "PLIVO_AUTH_TOKEN", "api.plivo.com", lambda: b62(40)),
    ("sinch-api-secret", "Sinch", "SINCH_KEY_SECRET", "us.sms.api.sinch.com", lambda: rs(LAN + "~_.-", 30)),
    ("bandwidth-api-password", "Bandwidth", "BANDWIDTH_PASSWORD", "messaging.bandwidth.com", lambda: pw_random(20)),
]
for _fmt, _V, _ENV, _api, _gen in K:
    vendor(VG, _fmt, _V, _ENV, _api, _gen, n=2)


# ---------------------------------------------------------------------------
# internal / obscure / next-year token schemes no rule table names
# ---------------------------------------------------------------------------
IG = "internal-token"
COS = ("hooli", "globex", "initech", "vandelay", "tyrell", "cyberdyne", "soylent", "wonka",
       "oscorp", "massive", "nakatomi", "gringotts", "stark", "wayne", "umbrella", "aperture",
       "blackmesa", "monarch", "dunder", "prestige", "bluth", "sirius", "virtucon", "zorg",
       "krusty", "duff", "acmecorp", "ollivander", "weyland", "rekall", "tessier", "yoyodyne",
       "frobozz", "spacely", "cogswell", "genco", "kramerica", "pendant", "gekko", "lacuna",
       "contoso", "fabrikam", "northwind", "tailspin", "woodgrove", "adatum", "litware",
       "proseware", "fourthcoffee", "wingtip", "lucerne", "trey", "margie", "datum", "relecloud",
       "quillon", "brightloop", "kelvinly", "orbitfox", "tallyhq", "meshwise", "paperkite")
STYLES = [
    ("live-underscore", lambda c: c + "_live_" + b62(R.choice((32, 40, 48)))),
    ("short-prefix-dot", lambda c: c[:3] + str(R.randint(1, 4)) + "." + b64u(R.choice((40, 43, 52)))),
    ("hex-groups", lambda c: "-".join(hx(8) for _ in range(4))),
    ("colon-scoped", lambda c: c + ":svc:" + b62(36)),
    ("tok-hex", lambda c: "tok_" + c + "_" + hx(40)),
    ("pat-base32", lambda c: c + "pat_" + rs("abcdefghijklmnopqrstuvwxyz234567", 52)),
    ("upper-groups", lambda c: "-".join(rs(UAN, 5) for _ in range(5))),
    ("signed-v2", lambda c: "v2." + c + "." + b64u(24) + "." + b64u(43)),
    ("env-scoped-dots", lambda c: c[:2] + "." + R.choice(("st", "sa", "svc", "ci")) + "." + R.choice(("prod", "stg")) + "." + b62(40)),
    ("bare-b62-long", lambda c: b62(R.choice((40, 48, 64)))),
    ("bare-hex64", lambda c: hx(64)),
    ("dash-key", lambda c: c.upper()[:4] + "-" + b62(8) + "-" + b62(24)),
    ("version-prefix", lambda c: c[:1] + "k" + R.choice(("1", "2", "3")) + "_" + b62(10) + "_" + b62(30)),
    ("b64-json-blob", lambda c: b64s('{"tid":"' + c + '","kid":"' + hx(8) + '","k":"' + b62(32) + '"}')),
    ("jwt-custom", lambda c: jwt(R.randint(80, 160))),
    ("bech32-like", lambda c: c[:4] + "1" + rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58)),
    ("b58-secret", lambda c: c[:2] + "_" + rs(B58, 44)),
    ("mixed-underscore-env", lambda c: c.upper() + "_SK_" + R.choice(("PROD", "LIVE", "PRD")) + "_" + b62(36)),
    ("percent-safe-tilde", lambda c: c[:3] + "~" + rs(B62 + "~._-", 40)),
    ("uuid-pair", lambda c: uuid4() + ":" + b64u(32)),
]
ICTX_LABELLED = [
    "export {CO}_API_TOKEN={s}",
    "{CO}_SECRET=\"{s}\"",
    "  \"{c}_token\": \"{s}\"",
    "{c}:\n  api_key: {s}\n  endpoint: https://api.{c}.internal/v3",
    "curl -H 'X-{Co}-Auth: {s}' https://api.{c}.internal/v3/health",
    "curl -H \"X-{Co}-Api-Key: {s}\" -X POST https://gw.{c}.io/ingest",
    "{c}_client = {Co}Client(\"https://api.{c}.io\", secret=\"{s}\")",
    "Asked in #{c}-platform: the service credential for {proj} is {s} (expires end of quarter).",
    "kubectl -n {ns} create secret generic {c}-creds --from-literal=token={s}",
    "[{c}]\nendpoint = https://{c}.internal\naccess_secret = {s}",
    "{c}.auth.token={s}",
    "<{c}Credentials><Token>{s}</Token></{c}Credentials>",
    "provider \"{c}\" {\n  endpoint = \"https://api.{c}.io\"\n  api_token = \"{s}\"\n}",
    "let {c}Token = \"{s}\"",
    "{c}ctl auth login --token {s}",
    "{c}ctl config set-credentials ci --key {s}",
    "Bearer token for the {Co} sandbox: {s}",
    "[INFO] {date} {time} {c}-sdk: authenticated with key={s} org=o-{short}",
    "{CO}_PRIVATE_KEY: \"{s}\"  # from the {c} admin console",
    "headers = {\"x-{c}-key\": \"{s}\", \"content-type\": \"application/json\"}",
]
ICTX_BARE = [
    "{c}ctl login {s}",
    "{c} deploy --project {proj} {s}",
    "curl https://hooks.{c}.io/t/{s}",
    "./bin/{c}-agent --server wss://edge.{c}.io {s}",
    "docker run -d {c}/agent:latest {s}",
    "{c} = {Co}(\"{proj}\", \"{s}\")",
]


def internal_formats():
    used = set()
    cos = list(COS)
    R.shuffle(cos)
    out = []
    i = 0
    while len(out) < 130:
        c = cos[i % len(cos)]
        st = STYLES[(i * 7 + i // len(cos)) % len(STYLES)]
        i += 1
        if (c, st[0]) in used:
            continue
        used.add((c, st[0]))
        out.append((c, st))
    return out


for _c, (_sname, _sgen) in internal_formats():
    _fmt = "internal-%s-%s" % (_c, _sname)
    for _k in range(2):
        d = ctxd()
        s = _sgen(_c)
        d.update({"s": s, "c": _c, "Co": _c.capitalize(), "CO": _c.upper()})
        pool = ICTX_BARE if (_k == 1 and R.random() < 0.25) else ICTX_LABELLED
        add(IG, _fmt, fill(R.choice(pool), d), s, "")


# ---------------------------------------------------------------------------
# credential files pasted or echoed
# ---------------------------------------------------------------------------
CF = "credential-file"


def dauth():
    return b64s(R.choice(NAMES) + ":" + PWS())


F(CF, "pgpass-line", PWS, [
    "echo '{host}:5432:{db}:{u}:{s}' >> ~/.pgpass && chmod 600 ~/.pgpass",
    "cat ~/.pgpass\n{host}:{port}:{db}:{u}:{s}\nlocalhost:5432:*:postgres:postgres",
    "~/.pgpass contains `{host}:5432:*:{u}:{s}` - psql picks it up automatically"], n=3)
F(CF, "pgpass-wildcard", PWS, ["*:*:*:{u}:{s}", "printf '%s\\n' '*:*:*:{u}:{s}' > /root/.pgpass"], n=2)
F(CF, "netrc-one-line", PWS, [
    "machine {host} login {u} password {s}",
    "echo \"machine api.heroku.com login {email} password {s}\" >> ~/.netrc"], n=2)
F(CF, "netrc-multi-line", PWS, [
    "cat ~/.netrc\nmachine {host}\n  login {u}\n  password {s}",
    "machine urs.earthdata.nasa.gov\n    login {u}\n    password {s}\nmachine github.com login {u} password x-oauth-basic"], n=2)
F(CF, "netrc-default", PWS, ["default login {u} password {s}", "default\n  login anonymous\n  password {s}"], n=2)
F(CF, "docker-config-auth", dauth, [
    '{\n  "auths": {\n    "registry.gitlab.com": {\n      "auth": "{s}"\n    }\n  }\n}',
    'cat ~/.docker/config.json -> {"auths":{"{host}:5000":{"auth":"{s}"}}}',
    '"https://index.docker.io/v1/": { "auth": "{s}", "email": "{email}" }'], n=3)
F(CF, "docker-config-identitytoken", lambda: b64u(R.randint(300, 400)), ['"myacr.azurecr.io": {\n  "auth": "",\n  "identitytoken": "{s}"\n}'], n=1)
F(CF, "dockercfg-legacy", dauth, ['{"quay.io": {"auth": "{s}", "email": ".."}}'], n=1)
F(CF, "npmrc-authtoken", lambda: J("np", "m_") + b62(36), [
    "//registry.npmjs.org/:_authToken={s}", "echo \"//registry.npmjs.org/:_authToken={s}\" > .npmrc"], n=2)
F(CF, "npmrc-private-registry-token", lambda: b64u(64), [
    "@acme:registry=https://npm.acme.io/\n//npm.acme.io/:_authToken={s}",
    "//{host}/repository/npm-private/:_authToken=\"{s}\""], n=2)
F(CF, "npmrc-auth-base64", dauth, ["_auth={s}\nalways-auth=true", "//nexus.corp.local/repository/npm/:_auth=\"{s}\""], n=2)
F(CF, "npmrc-password-base64", lambda: b64s(PWS()), ["//pkgs.dev.azure.com/acme/_packaging/feed/npm/registry/:_password={s}"], n=1)
F(CF, "yarnrc-npmauthtoken", lambda: b62(40), ["npmRegistries:\n  \"https://npm.pkg.github.com\":\n    npmAuthToken: {s}"], n=1)
F(CF, "pypirc", lambda: J("py", "pi-", "AgEIcHlwaS5vcmc") + b64u(150), [
    "[pypi]\n  username = __token__\n  password = {s}", "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername: __token__\npassword: {s}"], n=2)
F(CF, "pypirc-private-index", PWS, ["[internal]\nrepository = https://{host}/pypi/\nusername = {u}\npassword = {s}"], n=1)
F(CF, "pip-conf-index-url", PWS, ["[global]\nindex-url = https://{u}:{s}@{host}/simple/"], n=1)
F(CF, "git-credentials", lambda: J("gh", "p_") + b62(36), [
    "cat ~/.git-credentials\nhttps://{u}:{s}@github.com", "https://oauth2:{s}@gitlab.example.com"], n=2)
F(CF, "git-credentials-password", PWS, ["https://{u}:{s}@bitbucket.org"], n=1)
F(CF, "kubeconfig-token", lambda: "eyJhbGciOiJSUzI1NiIsImtpZCI6I" + b64u(600), [
    "users:\n- name: {proj}-admin\n  user:\n    token: {s}"], n=2)
F(CF, "kubeconfig-client-key-data", lambda: b64s("-----BEGIN RSA PRIVATE KEY-----\n" + b64(180) + "\n-----END RSA PRIVATE KEY-----\n"), [
    "- name: kind-{proj}\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\n    client-key-data: {s}"], n=2)
F(CF, "kubeconfig-basic-password", PWS, ["users:\n- name: admin\n  user:\n    username: admin\n    password: {s}"], n=1)
F(CF, "aws-credentials-file", lambda: b64(30).replace("+", "/")[:40], [
    "[default]\naws_access_key_id = {akid}\naws_secret_access_key = {s}",
    "[profile-{proj}]\naws_access_key_id={akid}\naws_secret_access_key={s}\nregion={region}"], n=3, ex={"akid": lambda: J("AK", "IA") + rs(UAN, 16)})
F(CF, "aws-credentials-session", lambda: J("IQoJb3Jp", "Z2luX2VjE") + b64(250).rstrip("="), [
    "[sso-temp]\naws_access_key_id = {akid}\naws_secret_access_key = {sk}\naws_session_token = {s}"], n=1,
  ex={"akid": lambda: J("AS", "IA") + rs(UAN, 16), "sk": lambda: b64(30)[:40]})
F(CF, "aws-credentials-csv", lambda: b64(30).replace("+", "9")[:40], [
    "User name,Password,Access key ID,Secret access key,Console login link\n{u},,{akid},{s},https://123456789012.signin.aws.amazon.com/console"], n=2, ex={"akid": lambda: J("AK", "IA") + rs(UAN, 16)})
F(CF, "rclone-conf", lambda: b64(30)[:40], [
    "[r2]\ntype = s3\nprovider = Cloudflare\naccess_key_id = {short}{short}\nsecret_access_key = {s}\nendpoint = https://acct.r2.cloudflarestorage.com"], n=2)
F(CF, "rclone-conf-obscured-pass", lambda: b64u(R.randint(30, 48)), ["[nas]\ntype = sftp\nhost = {host}\nuser = {u}\npass = {s}"], n=1)
F(CF, "s3cfg", lambda: b64(30)[:40], ["[default]\naccess_key = {akid}\nhost_base = s3.{region}.wasabisys.com\nsecret_key = {s}"], n=2, ex={"akid": lambda: rs(UAN, 20)})
F(CF, "htpasswd-bcrypt", lambda: "$2y$05$" + rs(B62 + "./", 53), ["{u}:{s}", "echo '{u}:{s}' > /etc/nginx/.htpasswd"], n=2)
F(CF, "htpasswd-apr1", lambda: "$apr1$" + rs(B62 + "./", 8) + "$" + rs(B62 + "./", 22), ["{u}:{s}"], n=1)
F(CF, "wp-config-db-password", PWS, ["define( 'DB_PASSWORD', '{s}' );", "define('DB_USER', '{u}');\ndefine('DB_PASSWORD', \"{s}\");"], n=2)
F(CF, "wp-config-auth-salt", lambda: rs(B62 + "!@#%^&*()-_[]{}<>~+=,.;:/?|", 64), ["define( 'AUTH_KEY',         '{s}' );", "define('SECURE_AUTH_SALT', '{s}');"], n=2)
F(CF, "django-secret-key", lambda: "django-insecure-" + rs(LAN + "!@#%^&*(-_=+)", 50), ["SECRET_KEY = '{s}'", "DJANGO_SECRET_KEY=\"{s}\""], n=2)
F(CF, "django-settings-db-password", PWS, ["DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'USER': '{u}',\n        'PASSWORD': '{s}',\n        'HOST': '{host}',\n    }\n}"], n=2)
F(CF, "appsettings-client-secret", lambda: b62(3) + J("8Q", "~") + rs(B62 + "._~-", 34), ['"AzureAd": {\n  "ClientId": "{cid}",\n  "ClientSecret": "{s}"\n}'], n=2, ex={"cid": uuid4})
F(CF, "appsettings-connectionstring", PWS, ['"ConnectionStrings": {\n  "Default": "Server={host};Database={db};User Id={u};Password={s};TrustServerCertificate=True"\n}'], n=2)
F(CF, "spring-application-properties", PWS, ["spring.datasource.url=jdbc:postgresql://{host}:5432/{db}\nspring.datasource.username={u}\nspring.datasource.password={s}"], n=2)
F(CF, "spring-application-yml", PWS, ["spring:\n  datasource:\n    username: {u}\n    password: \"{s}\""], n=2)
F(CF, "maven-settings-xml", PWS, ["<server>\n  <id>nexus-releases</id>\n  <username>{u}</username>\n  <password>{s}</password>\n</server>"], n=2)
F(CF, "gradle-properties", PWS, ["ossrhUsername={u}\nossrhPassword={s}\nsigning.keyId=0A1B2C3D", "artifactoryPassword={s}"], n=2)
F(CF, "nuget-config-cleartext", PWS, ['<packageSourceCredentials>\n  <acme>\n    <add key="Username" value="{u}" />\n    <add key="ClearTextPassword" value="{s}" />\n  </acme>\n</packageSourceCredentials>'], n=2)
F(CF, "composer-auth-json", PWS, ['{\n  "http-basic": {\n    "repo.packagist.com": {\n      "username": "token",\n      "password": "{s}"\n    }\n  }\n}'], n=1)
F(CF, "composer-github-oauth", lambda: J("gh", "p_") + b62(36), ['{"github-oauth": {"github.com": "{s}"}}'], n=1)
F(CF, "gem-credentials", lambda: J("rubygems", "_") + hx(48), ["---\n:rubygems_api_key: {s}"], n=2)
F(CF, "cargo-credentials-toml", lambda: J("ci", "o") + b62(32), ["[registry]\ntoken = \"{s}\"", "[registries.acme]\ntoken = \"Bearer {s}\""], n=2)
F(CF, "terraform-credentials-tfrc", lambda: b62(14) + J(".at", "lasv1.") + b64u(67), ['{\n  "credentials": {\n    "app.terraform.io": {\n      "token": "{s}"\n    }\n  }\n}'], n=2)
F(CF, "gh-hosts-yml", lambda: J("gh", "o_") + b62(36), ["github.com:\n    user: {u}\n    oauth_token: {s}\n    git_protocol: https"], n=2)
F(CF, "gcloud-adc-refresh-token", lambda: J("1//", "0") + "g" + b64u(100), ['{\n  "client_id": "764086051850-6qr4p6gpi6hn506pt8ejuq83di341hur.apps.googleusercontent.com",\n  "client_secret": "d-FL95Q19q7MQmFpd7hHD0Ty",\n  "refresh_token": "{s}",\n  "type": "authorized_user"\n}'], n=1)
F(CF, "boto-config", lambda: b64(30)[:40], ["[Credentials]\ngs_access_key_id = {akid}\ngs_secret_access_key = {s}"], n=1, ex={"akid": lambda: J("GOO", "G1E") + rs(UAN, 30)})
F(CF, "wpa-supplicant-psk", PWS, ['network={\n    ssid="{proj}-lab"\n    psk="{s}"\n    key_mgmt=WPA-PSK\n}'], n=2)
F(CF, "wpa-supplicant-hex-psk", lambda: hx(64), ['network={\n    ssid="factory-floor"\n    psk={s}\n}'], n=1)
F(CF, "my-cnf-client", PWS, ["[client]\nuser={u}\npassword={s}\nhost={host}", "[mysqldump]\nuser=root\npassword=\"{s}\""], n=2)
F(CF, "odbc-ini", PWS, ["[{db}]\nDriver=ODBC Driver 18 for SQL Server\nServer={host}\nUID={u}\nPWD={s}"], n=1)
F(CF, "redis-conf-requirepass", PWS, ["requirepass {s}", "# redis.conf\nbind 0.0.0.0\nrequirepass \"{s}\"\nmasterauth {s}"], n=2)
F(CF, "vault-token-file", lambda: J("hv", "s.") + "CAES" + b64u(88), ["$ cat ~/.vault-token\n{s}"], n=1)
F(CF, "smb-credentials-file", PWS, ["username={u}\npassword={s}\ndomain=CORP", "cat /etc/samba/creds.{proj}\nusername=svc_backup\npassword={s}"], n=2)
F(CF, "chap-secrets", PWS, ["# client  server  secret  IP\n{u}  *  \"{s}\"  *"], n=1)
F(CF, "ipsec-secrets-psk", lambda: b64(24), [': PSK "{s}"', "{ip} %any : PSK \"{s}\""], n=2)
F(CF, "openvpn-auth-user-pass", PWS, ["$ cat /etc/openvpn/auth.txt\n{u}\n{s}"], n=1)
F(CF, "postfix-sasl-passwd", PWS, ["[smtp.sendgrid.net]:587 apikey:{s}", "[email-smtp.{region}.amazonaws.com]:587 {akid}:{s}"], n=2, ex={"akid": lambda: J("AK", "IA") + rs(UAN, 16)})
F(CF, "msmtprc", PWS, ["account default\nhost smtp.gmail.com\nuser {email}\npassword {s}"], n=1)
F(CF, "muttrc-imap-pass", PWS, ["set imap_user = \"{email}\"\nset imap_pass = \"{s}\""], n=1)
F(CF, "fetchmailrc", PWS, ["poll imap.{host} protocol IMAP user \"{u}\" password \"{s}\""], n=1)
F(CF, "kaggle-json", lambda: hx(32), ['{"username":"{u}","key":"{s}"}', "cat ~/.kaggle/kaggle.json\n{\"username\": \"{u}\", \"key\": \"{s}\"}"], n=2)
F(CF, "databrickscfg", lambda: J("da", "pi") + hx(32), ["[DEFAULT]\nhost = https://adb-{n}{n}.azuredatabricks.net\ntoken = {s}"], n=2)
F(CF, "snowsql-config", PWS, ["[connections.prod]\naccountname = xy12345.eu-west-1\nusername = {u}\npassword = {s}"], n=1)
F(CF, "dbt-profiles-yml", PWS, ["{proj}:\n  target: prod\n  outputs:\n    prod:\n      type: postgres\n      host: {host}\n      user: {u}\n      password: \"{s}\"\n      dbname: {db}"], n=2)
F(CF, "airflow-cfg-fernet", lambda: base64.urlsafe_b64encode(rbytes(32)).decode(), ["[core]\nfernet_key = {s}", "AIRFLOW__CORE__FERNET_KEY={s}"], n=2)
F(CF, "ansible-vault-password-file", pw_phrase, ["$ cat ~/.vault_pass.txt\n{s}", "echo '{s}' > .vault-pass && ansible-vault view group_vars/all/vault.yml --vault-password-file .vault-pass"], n=2)
F(CF, "keystore-properties", PWS, ["storePassword={s}\nkeyPassword={s}\nkeyAlias=upload\nstoreFile=../upload-keystore.jks"], n=2)
F(CF, "sentry-properties", lambda: J("sntr", "yu_") + hx(64), ["defaults.org=acme\ndefaults.project={proj}\nauth.token={s}"], n=1)
F(CF, "minecraft-server-properties", PWS, ["enable-rcon=true\nrcon.port=25575\nrcon.password={s}"], n=2)
F(CF, "srcds-server-cfg", PWS, ['hostname "EU #3 | frag.gg"\nrcon_password "{s}"\nsv_password ""'], n=2)
F(CF, "homeassistant-secrets-yaml", PWS, ["wifi_password: \"{s}\"\nmqtt_password: {s}"], n=1)
F(CF, "esphome-secrets", lambda: hx(32), ["api_encryption_key: \"{s}\"", "ota_password: \"{s}\""], n=2)
F(CF, "sdkconfig-wifi", PWS, ['CONFIG_ESP_WIFI_SSID="{proj}-iot"\nCONFIG_ESP_WIFI_PASSWORD="{s}"'], n=1)
F(CF, "arduino-secrets-h", PWS, ['#define SECRET_SSID "{proj}"\n#define SECRET_PASS "{s}"'], n=2)
F(CF, "credentials-csv-export", PW, ["service,username,password\n{host},{u},\"{s}\""], n=1)
F(CF, "env-file", PWS, ["# .env.production\nDB_HOST={host}\nDB_PASSWORD={s}\nLOG_LEVEL=info"], n=2)
F(CF, "jenkins-credentials-xml", PWS, ["<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <id>deploy</id>\n  <username>{u}</username>\n  <password>{s}</password>"], n=1)
F(CF, "filezilla-sitemanager", lambda: b64s(PWS()), ['<Host>{host}</Host>\n<User>{u}</User>\n<Pass encoding="base64">{s}</Pass>'], n=1)
F(CF, "hadoop-core-site", lambda: b64(30)[:40], ["<property>\n  <name>fs.s3a.secret.key</name>\n  <value>{s}</value>\n</property>"], n=1)
F(CF, "hive-site-metastore-password", PWS, ["<property><name>javax.jdo.option.ConnectionPassword</name><value>{s}</value></property>"], n=1)
F(CF, "kafka-jaas-conf", PWS, ['KafkaClient {\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n  username="{u}"\n  password="{s}";\n};'], n=2)
F(CF, "nix-conf-access-tokens", lambda: J("gh", "p_") + b62(36), ["access-tokens = github.com={s}", "extra-access-tokens = github.com={s} gitlab.com=PAT:${GITLAB_PAT}"], n=2)
F(CF, "bazelrc-remote-header", lambda: b62(20), ["build --remote_header=x-buildbuddy-api-key={s}", "common:ci --bes_header=x-buildbuddy-api-key={s}"], n=2)
F(CF, "godot-export-presets", PWS, ['keystore/release="/home/ci/release.keystore"\nkeystore/release_user="upload"\nkeystore/release_password="{s}"'], n=1)


# ---------------------------------------------------------------------------
# a secret beside its id, no label on the secret
# ---------------------------------------------------------------------------
IB = "id-beside-secret"
TW = lambda: J("A", "C") + hx(32)
AK = lambda: J("AK", "IA") + rs(UAN, 16)
AWSSEC = lambda: rs(B62 + "/+", 40)
F(IB, "twilio-sid-token-python", lambda: hx(32), ["client = Client('{id}', '{s}')", "from twilio.rest import Client\nclient = Client(\"{id}\", \"{s}\")"], n=3, ex={"id": TW})
F(IB, "twilio-sid-token-prose", lambda: hx(32), ["twilio: account {id} auth token {s}", "Twilio creds for the IVR test: account SID {id}, token {s}"], n=2, ex={"id": TW})
F(IB, "twilio-sid-token-curl", lambda: hx(32), ["curl -X POST https://api.twilio.com/2010-04-01/Accounts/{id}/Messages.json -u {id}:{s} --data-urlencode 'Body=test'"], n=2, ex={"id": TW})
F(IB, "twilio-sid-token-node", lambda: hx(32), ["const client = require('twilio')('{id}', '{s}');"], n=2, ex={"id": TW})
F(IB, "twilio-apikey-secret-java", lambda: b62(32), ["Twilio.init(\"{kid}\", \"{s}\", \"{id}\");"], n=1, ex={"id": TW, "kid": lambda: J("S", "K") + hx(32)})
F(IB, "aws-id-secret-js", AWSSEC, ["new AWS.Credentials('{id}', '{s}')", "AWS.config.credentials = new AWS.Credentials(\"{id}\", \"{s}\");"], n=3, ex={"id": AK})
F(IB, "aws-id-secret-boto3-positional", AWSSEC, ["s3 = boto3.client('s3', '{region}', None, False, None, '{id}', '{s}')"], n=1, ex={"id": AK})
F(IB, "aws-id-secret-prose", AWSSEC, ["IAM user for the backup job: {id} / {s}", "key {id} secret {s} (ci-deployer, {region})"], n=2, ex={"id": AK})
F(IB, "aws-id-secret-go", AWSSEC, ["creds := credentials.NewStaticCredentials(\"{id}\", \"{s}\", \"\")"], n=2, ex={"id": AK})
F(IB, "aws-id-secret-java", AWSSEC, ["BasicAWSCredentials creds = new BasicAWSCredentials(\"{id}\", \"{s}\");"], n=1, ex={"id": AK})
F(IB, "aws-id-secret-colon", AWSSEC, ["s3://{id}:{s}@{proj}-artifacts/builds/"], n=1, ex={"id": AK})
F(IB, "alibaba-ltai-secret", lambda: b62(30), ["client = AcsClient('{id}', '{s}', 'cn-hangzhou')", "AccessKey ID {id}  AccessKey Secret {s}"], n=2, ex={"id": lambda: J("LT", "AI") + b62(20)})
F(IB, "tencent-akid-secret", lambda: b62(32), ["cred = credential.Credential(\"{id}\", \"{s}\")"], n=2, ex={"id": lambda: J("AK", "ID") + b62(32)})
F(IB, "huawei-ak-sk", lambda: b62(40), ["BasicCredentials().withAk(\"{id}\").withSk(\"{s}\")", "obsutil config -i={id} -k={s} -e=https://obs.cn-north-4.myhuaweicloud.com"], n=2, ex={"id": lambda: rs(UAN, 20)})
F(IB, "gcs-hmac-pair", lambda: rs(B62 + "+/", 40), ["gsutil hmac: {id} {s}", "HmacKey(access_id='{id}', secret='{s}')"], n=2, ex={"id": lambda: J("GOO", "G1") + rs(UAN, 55)})
F(IB, "do-spaces-key-secret", lambda: rs(B62 + "+/", 43), ["s3cmd --access_key={id} --secret_key={s} ls s3://{proj}", "Spaces key {id} -> {s}"], n=2, ex={"id": lambda: J("DO", "00") + rs(UAN, 16)})
F(IB, "backblaze-keyid-appkey", lambda: J("K0", "0") + rs("123", 1) + b62(27), ["b2 account authorize {id} {s}", "B2Api().authorize_account('production', '{id}', '{s}')"], n=2, ex={"id": lambda: "00" + hx(10) + "00000000" + dg(2)})
F(IB, "minio-alias-set", PWS, ["mc alias set {proj} http://{host}:9000 {u} {s}", "mc alias set local http://127.0.0.1:9000 minioadmin {s}"], n=2)
F(IB, "razorpay-ruby-setup", lambda: b62(24), ["Razorpay.setup('{id}', '{s}')"], n=2, ex={"id": lambda: J("rzp", "_live_") + b62(14)})
F(IB, "vonage-key-secret", lambda: b62(16), ["client = vonage.Client(key=\"{id}\", secret=\"{s}\")", "nexmo setup {id} {s}", "vonage = Vonage(Auth('{id}', '{s}'))"], n=3, ex={"id": lambda: hx(8)})
F(IB, "plivo-authid-token", lambda: b62(40), ["client = plivo.RestClient('{id}', '{s}')", "plivo auth id {id} token {s}"], n=2, ex={"id": lambda: J("M", "A") + rs(UAN, 18)})
F(IB, "braintree-positional", lambda: hx(32), ["gateway = braintree.BraintreeGateway(braintree.Configuration(braintree.Environment.Production, '{m}', '{p}', '{s}'))"], n=2, ex={"m": lambda: rs(LAN, 16), "p": lambda: rs(LAN, 16)})
F(IB, "authorizenet-login-key", lambda: rs(UAN, 16), ["merchantAuth.setName(\"{id}\");\nmerchantAuth.setTransactionKey(\"{s}\");", "authnet login {id} / {s}"], n=2, ex={"id": lambda: rs(UAN, 10)})
F(IB, "pusher-positional", lambda: hx(20), ["pusher_client = pusher.Pusher('{n}{n}{n}', '{k}', '{s}', cluster='eu')"], n=2, ex={"k": lambda: hx(20)})
F(IB, "algolia-appid-adminkey", lambda: hx(32), ["const client = algoliasearch('{id}', '{s}');", "SearchClient.create(\"{id}\", \"{s}\")"], n=2, ex={"id": lambda: rs(UAN, 10)})
F(IB, "mux-tokenid-secret", lambda: b64(56).rstrip("="), ["mux = Mux('{id}', '{s}')"], n=2, ex={"id": uuid4})
F(IB, "cloudinary-positional", lambda: b64u(27), ["cloudinary.config('{proj}', '{k}', '{s}')"], n=1, ex={"k": lambda: dg(15)})
F(IB, "confluent-api-key-store", lambda: rs(B62 + "+/", 64), ["confluent api-key store {id} {s} --resource lkc-{short}", "Kafka API key {id} secret {s}"], n=2, ex={"id": lambda: rs(UAN, 16)})
F(IB, "binance-client-positional", lambda: b62(64), ["client = Client(\"{id}\", \"{s}\")", "exchange = Spot('{id}', '{s}')"], n=2, ex={"id": lambda: b62(64)})
F(IB, "jira-basic-auth-tuple", lambda: J("ATA", "TT3x") + b64u(178) + "=" + HX(8), ["jira = JIRA('https://acme.atlassian.net', basic_auth=('{email}', '{s}'))"], n=2)
F(IB, "gmail-app-password-login", lambda: " ".join(rs(LOW, 4) for _ in range(4)), ["server.login('{email}', '{s}')", "smtp.login(\"{email}\", \"{s}\")"], n=2)
F(IB, "pymysql-positional", PWS, ["conn = pymysql.connect('{host}', '{u}', '{s}', '{db}')"], n=2)
F(IB, "jdbc-drivermanager-positional", PWS, ["Connection c = DriverManager.getConnection(url, \"{u}\", \"{s}\");"], n=2)
F(IB, "csharp-networkcredential", PWS, ["var cred = new NetworkCredential(\"{u}\", \"{s}\", \"CORP\");", "client.Credentials = new NetworkCredential(@\"CORP\\{u}\", \"{s}\");"], n=2)
F(IB, "go-smtp-plainauth", PWS, ["auth := smtp.PlainAuth(\"\", \"{email}\", \"{s}\", \"smtp.{host}\")"], n=2)
F(IB, "rust-lettre-credentials", PWS, ["let creds = Credentials::new(\"{email}\".to_owned(), \"{s}\".to_owned());"], n=1)
F(IB, "php-pdo-positional", PWS, ["$pdo = new PDO($dsn, '{u}', '{s}');", "$db = new mysqli('{host}', '{u}', '{s}', '{db}');"], n=2)
F(IB, "ruby-net-smtp", PWS, ["Net::SMTP.start('smtp.{host}', 587, 'acme.io', '{u}', '{s}', :login)"], n=1)
F(IB, "kotlin-okhttp-basic", PWS, ["val credential = Credentials.basic(\"{u}\", \"{s}\")"], n=2)
F(IB, "python-httpbasicauth", PWS, ["r = requests.get(url, auth=HTTPBasicAuth('{u}', '{s}'))", "resp = requests.post(f\"{base}/deploy\", auth=(\"{u}\", \"{s}\"))"], n=2)
F(IB, "ftplib-login", PWS, ["ftp = FTP('{host}')\nftp.login('{u}', '{s}')"], n=1)
F(IB, "paramiko-connect-positional", PWS, ["ssh.connect('{ip}', 22, '{u}', '{s}')"], n=2)
F(IB, "redis-py-positional", PWS, ["r = redis.Redis('{host}', 6379, 0, '{s}')"], n=1)
F(IB, "ldap-simple-bind", PWS, ["conn.simple_bind_s('cn=admin,dc=acme,dc=io', '{s}')", "ldap.bind(\"uid={u},ou=svc,dc=corp\", \"{s}\")"], n=2)
F(IB, "oauth-client-id-secret-tuple", lambda: b64u(40), ["oauth = OAuth2Session(client_id='{id}', client=BackendApplicationClient('{id}'))\ntoken = oauth.fetch_token(url, client_id='{id}', client_secret='{s}')", "client_credentials('{id}', '{s}')"], n=2, ex={"id": lambda: b62(22)})
F(IB, "google-oauth-client-pair", lambda: J("GOC", "SPX-") + b64u(28), ["flow = Flow('{id}.apps.googleusercontent.com', '{s}')"], n=1, ex={"id": lambda: dg(12) + "-" + rs(LAN, 32)})
F(IB, "lorawan-deveui-appkey", lambda: HX(32), ["ttn-lw-cli end-devices create app1 dev-{n} --dev-eui {eui} --app-eui 0000000000000000 --root-keys.app-key.key {s}", "device {eui} appkey {s}"], n=2, ex={"eui": lambda: HX(16)})
F(IB, "modal-token-set", lambda: J("a", "s-") + b62(22), ["modal token set --token-id {id} --token-secret {s}"], n=1, ex={"id": lambda: J("a", "k-") + b62(22)})
F(IB, "steamcmd-login-positional", PWS, ["steamcmd +force_install_dir /srv/game +login {u} {s} +app_update 896660 validate +quit"], n=2)
F(IB, "sqlplus-user-slash-pass", PWS, ["sqlplus system/{s}@//{host}:1521/ORCLPDB1", "sqlplus -s {u}/{s}@PROD @migrate.sql"], n=2)
F(IB, "account-token-prose", lambda: b62(40), ["account {u}-ci token {s}", "{proj} bot: user {u}, token {s}"], n=2)
F(IB, "user-pass-slash-prose", PWS, ["admin panel login is {u} / {s}", "creds: {email} / {s}"], n=2)
F(IB, "keyid-secret-csv-row", lambda: b64u(40), ["key_id,key_secret\n{id},{s}"], n=1, ex={"id": lambda: "kid_" + b62(16)})


# ---------------------------------------------------------------------------
# CLI arguments of admin tools, cloud CLIs, Windows/PowerShell, CI logs
# ---------------------------------------------------------------------------
CL = "cli-argument"


def PWQ():
    """a password without shell-hostile quote chars and spaces"""
    return pw_human() if R.random() < 0.5 else pw_random()


F(CL, "mysql-p-attached", PWQ, ["mysql -u{u} -p{s} -h {host} {db}", "mysql -h {host} -uroot -p'{s}' -e 'SHOW DATABASES'", "mysqldump -u {u} -p\"{s}\" --single-transaction {db} > dump.sql"], n=3)
F(CL, "mysql-password-eq", PWQ, ["mysql --user={u} --password={s} --host={host}", "mysqladmin -u root --password='{s}' status"], n=2)
F(CL, "mysqladmin-password-positional", PWQ, ["mysqladmin -u root password '{s}'"], n=1)
F(CL, "pgpassword-env-prefix", PWQ, ["PGPASSWORD={s} psql -h {host} -U {u} -d {db}", "PGPASSWORD='{s}' pg_dump -h {host} -U {u} {db} | gzip > {db}.sql.gz"], n=2)
F(CL, "psql-conninfo-password", PWQ, ["psql \"host={host} port=5432 dbname={db} user={u} password={s} sslmode=require\""], n=2)
F(CL, "mongosh-p", PWQ, ["mongosh --host {host} -u {u} -p {s} --authenticationDatabase admin", "mongo {db} --username {u} --password '{s}'"], n=2)
F(CL, "redis-cli-a", PWQ, ["redis-cli -h {host} -p 6379 -a {s} INFO replication", "redis-cli --pass '{s}' -n 2 KEYS 'sess:*'"], n=2)
F(CL, "sqlcmd-P", PWQ, ["sqlcmd -S {host} -U sa -P {s} -Q \"SELECT @@VERSION\"", "bcp {db}.dbo.orders out orders.dat -S {host} -U {u} -P \"{s}\" -c"], n=2)
F(CL, "invoke-sqlcmd-password", PWQ, ["Invoke-Sqlcmd -ServerInstance {host} -Username {u} -Password '{s}' -Query 'SELECT 1'"], n=1)
F(CL, "net-use-positional", PWQ, ["net use Z: \\\\fs01\\share {s} /user:CORP\\{u} /persistent:no", "net use \\\\{ip}\\c$ /user:Administrator {s}"], n=2)
F(CL, "cmdkey-pass", PWQ, ["cmdkey /add:{host} /user:CORP\\{u} /pass:{s}"], n=2)
F(CL, "schtasks-rp", PWQ, ["schtasks /create /tn Backup /tr C:\\ops\\backup.ps1 /sc daily /ru CORP\\svc_backup /rp {s}"], n=1)
F(CL, "sc-config-password", PWQ, ["sc.exe config AcmeAgent obj= \".\\svc_agent\" password= \"{s}\""], n=1)
F(CL, "powershell-securestring", PW, ["$pw = ConvertTo-SecureString '{s}' -AsPlainText -Force", "New-LocalUser -Name {u} -Password (ConvertTo-SecureString \"{s}\" -AsPlainText -Force)"], n=3)
F(CL, "powershell-pscredential", PWQ, ["$cred = New-Object System.Management.Automation.PSCredential('CORP\\{u}', (ConvertTo-SecureString '{s}' -AsPlainText -Force))"], n=1)
F(CL, "powershell-set-azkeyvaultsecret", lambda: b64u(40), ["Set-AzKeyVaultSecret -VaultName kv-{proj} -Name ApiKey -SecretValue (ConvertTo-SecureString '{s}' -AsPlainText -Force)"], n=1)
F(CL, "psexec-p", PWQ, ["psexec \\\\{ip} -u {u} -p {s} cmd /c ipconfig"], n=2)
F(CL, "wmic-password", PWQ, ["wmic /node:{ip} /user:administrator /password:{s} os get caption"], n=1)
F(CL, "msbuild-p-password", PWQ, ["dotnet publish -c Release /p:PublishProfile=prod /p:UserName=$web /p:Password={s}", "msbuild App.sln /p:DeployOnBuild=true /p:Password=\"{s}\""], n=2)
F(CL, "msdeploy-dest-password", PWQ, ["msdeploy.exe -verb:sync -source:contentPath=.\\site -dest:contentPath=site,computerName=https://{host}:8172/msdeploy.axd,userName={u},password={s},authtype=Basic"], n=1)
F(CL, "docker-login-p", PWQ, ["docker login -u {u} -p {s} registry.acme.io", "docker login registry.gitlab.com --username {u} --password '{s}'"], n=2)
F(CL, "docker-run-env-password", PWQ, ["docker run -d -e POSTGRES_PASSWORD={s} -p 5432:5432 postgres:16", "docker run --rm -e MYSQL_ROOT_PASSWORD='{s}' mysql:8.4"], n=2)
F(CL, "helm-repo-add-password", PWQ, ["helm repo add acme https://charts.acme.io --username {u} --password {s}"], n=1)
F(CL, "htpasswd-b-positional", PWQ, ["htpasswd -bc /etc/nginx/.htpasswd {u} {s}", "htpasswd -b -B auth {u} '{s}'"], n=2)
F(CL, "chpasswd-echo", PWQ, ["echo '{u}:{s}' | sudo chpasswd", "echo \"root:{s}\" | chpasswd"], n=2)
F(CL, "openssl-pass-pass", PWQ, ["openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{s}", "openssl rsa -in enc.key -out dec.key -passin 'pass:{s}'"], n=3)
F(CL, "openssl-enc-k", PWQ, ["openssl enc -aes-256-cbc -salt -pbkdf2 -in db.tar -out db.tar.enc -k {s}"], n=1)
F(CL, "keytool-storepass", PWQ, ["keytool -genkeypair -alias upload -keystore upload.jks -storepass {s} -keypass {s} -dname CN=Acme", "keytool -list -v -keystore release.keystore -storepass '{s}'"], n=2)
F(CL, "jarsigner-storepass", PWQ, ["jarsigner -keystore release.jks -storepass {s} app-release-unsigned.apk upload"], n=1)
F(CL, "apksigner-ks-pass", PWQ, ["apksigner sign --ks release.jks --ks-pass pass:{s} --key-pass pass:{s} app.apk"], n=1)
F(CL, "gradle-injected-signing", PWQ, ["./gradlew assembleRelease -Pandroid.injected.signing.store.file=$PWD/rel.jks -Pandroid.injected.signing.store.password={s} -Pandroid.injected.signing.key.alias=upload"], n=1)
F(CL, "zip-P", PWQ, ["zip -r -P {s} export.zip ./export", "unzip -P '{s}' logs-{date}.zip"], n=2)
F(CL, "7z-p-attached", PWQ, ["7z a -p{s} -mhe=on backup.7z C:\\data"], n=2)
F(CL, "sshpass-p", PWQ, ["sshpass -p '{s}' ssh -o StrictHostKeyChecking=no {u}@{ip}", "sshpass -p {s} scp build.tgz {u}@{host}:/opt/"], n=2)
F(CL, "smbclient-user-percent", PWQ, ["smbclient //{ip}/backup -U {u}%{s} -c 'ls'"], n=2)
F(CL, "curl-u-userpass", PWQ, ["curl -u {u}:{s} https://{host}/api/v1/status", "curl --user '{u}:{s}' -X POST https://jenkins.acme.io/job/{proj}/build"], n=3)
F(CL, "wget-password", PWQ, ["wget --user={u} --password={s} https://{host}/artifacts/app.tar.gz", "wget --http-user={u} --http-password='{s}' -r https://{host}/repo/"], n=2)
F(CL, "rabbitmqctl-add-user", PWQ, ["rabbitmqctl add_user {u} {s}", "rabbitmqctl change_password admin '{s}'"], n=2)
F(CL, "mosquitto-P", PWQ, ["mosquitto_pub -h {host} -p 8883 -u {u} -P {s} -t sensors/{n}/temp -m 21.5", "mosquitto_sub -h broker.iot.local -u device-{n} -P '{s}' -t '#' -v"], n=2)
F(CL, "influx-setup", lambda: b64u(86) + "==", ["influx setup --username admin --password {pw} --org acme --bucket metrics --token {s} --force"], n=1, ex={"pw": PWQ})
F(CL, "influx-password-flag", PWQ, ["influx user password -n admin --password {s}"], n=1)
F(CL, "az-login-service-principal", lambda: b62(3) + J("8Q", "~") + rs(B62 + "._~-", 34), ["az login --service-principal -u {id} -p {s} --tenant {t}", "az login --service-principal --username {id} --password '{s}' --tenant {t}"], n=2, ex={"id": uuid4, "t": uuid4})
F(CL, "gcloud-sql-set-password", PWQ, ["gcloud sql users set-password root --host=% --instance={proj}-db --password={s}"], n=2)
F(CL, "aws-configure-set-secret", lambda: rs(B62 + "/+", 40), ["aws configure set aws_secret_access_key {s} --profile {proj}"], n=2)
F(CL, "aws-rds-master-password", PWQ, ["aws rds create-db-instance --db-instance-identifier {proj} --engine postgres --master-username {u} --master-user-password '{s}'"], n=2)
F(CL, "aws-secretsmanager-secret-string", PWQ, ["aws secretsmanager create-secret --name {ns}/{proj}/db --secret-string '{\"username\":\"{u}\",\"password\":\"{s}\"}'"], n=2)
F(CL, "gcloud-secrets-echo", lambda: b64u(40), ["echo -n '{s}' | gcloud secrets create {proj}-api-key --data-file=-", "printf %s \"{s}\" | gcloud secrets versions add stripe-key --data-file=-"], n=2)
F(CL, "kubectl-docker-registry-secret", PWQ, ["kubectl create secret docker-registry regcred --docker-server=registry.acme.io --docker-username={u} --docker-password={s}"], n=2)
F(CL, "kubectl-from-literal-password", PWQ, ["kubectl create secret generic db-creds --from-literal=username={u} --from-literal=password='{s}' -n {ns}"], n=2)
F(CL, "vault-login-positional", lambda: J("hv", "s.") + "CAES" + b64u(88), ["vault login {s}", "VAULT_ADDR=https://vault.acme.io vault login -no-print {s}"], n=2)
F(CL, "vault-write-userpass", PWQ, ["vault write auth/userpass/users/{u} password={s} policies=dev"], n=1)
F(CL, "terraform-var-password", PWQ, ["terraform apply -var=\"db_password={s}\" -var env={ns}", "terraform plan -var 'admin_password={s}'"], n=2)
F(CL, "ansible-extra-vars-become", PWQ, ["ansible-playbook -i inventory/prod site.yml -e ansible_become_pass={s}", "ansible all -i hosts.ini -m ping -e 'ansible_password={s}'", "ansible-playbook deploy.yml --extra-vars '{\"ansible_ssh_pass\": \"{s}\"}'"], n=3)
F(CL, "pulumi-config-set-secret-positional", PWQ, ["pulumi config set --secret dbPassword {s}", "pulumi config set --secret {proj}:apiKey '{s}'"], n=2)
F(CL, "netlify-env-set", lambda: b62(40), ["netlify env:set STRIPE_SECRET {s} --context production"], n=1)
F(CL, "npm-config-set-authtoken", lambda: J("np", "m_") + b62(36), ["npm config set //registry.npmjs.org/:_authToken {s}", "yarn config set npmAuthToken {s}"], n=2)
F(CL, "twine-upload-p", lambda: J("py", "pi-", "AgEIcHlwaS5vcmc") + b64u(150), ["twine upload -u __token__ -p {s} dist/*"], n=2)
F(CL, "cargo-login-positional", lambda: J("ci", "o") + b62(32), ["cargo login {s}", "cargo login --registry acme {s}"], n=2)
F(CL, "ssh-keygen-N", pw_phrase, ["ssh-keygen -t ed25519 -f deploy_key -N '{s}' -C deploy@{proj}"], n=2)
F(CL, "gpg-passphrase", pw_phrase, ["gpg --batch --yes --pinentry-mode loopback --passphrase '{s}' -d secrets.tar.gpg"], n=2)
F(CL, "ldapsearch-w", PWQ, ["ldapsearch -x -H ldaps://{host} -D 'cn=admin,dc=acme,dc=io' -w {s} -b 'dc=acme,dc=io'"], n=2)
F(CL, "ipmitool-P", PWQ, ["ipmitool -I lanplus -H {ip} -U ADMIN -P {s} chassis power status"], n=2)
F(CL, "snmp-v3-auth-priv", PWQ, ["snmpwalk -v3 -l authPriv -u monitor -a SHA -A {s} -x AES -X {pw} {ip}"], n=1, ex={"pw": PWQ})
F(CL, "snmp-community-string", lambda: R.choice(WORDS) + str(R.randint(100, 999)) + R.choice(("RW", "ro", "Mon")), ["snmpwalk -v2c -c {s} {ip} 1.3.6.1.2.1.1"], n=1)
F(CL, "nmcli-wifi-password", PWQ, ["nmcli dev wifi connect \"{proj}-5G\" password '{s}'", "wpa_passphrase factory-ap '{s}' >> /etc/wpa_supplicant.conf"], n=2)
F(CL, "sqlplus-conn-arg", PWQ, ["expdp system/{s}@ORCL schemas={u} directory=DATA_PUMP_DIR"], n=1)
F(CL, "restic-password-env", pw_phrase, ["RESTIC_PASSWORD='{s}' restic -r s3:s3.amazonaws.com/{proj}-bk backup /srv"], n=1)
F(CL, "borg-passphrase-env", pw_phrase, ["BORG_PASSPHRASE=\"{s}\" borg create ::{date} /home"], n=1)
F(CL, "jenkins-cli-auth", lambda: hx(34), ["java -jar jenkins-cli.jar -s https://jenkins.acme.io -auth {u}:{s} build {proj}"], n=2)
F(CL, "jenkins-agent-secret", lambda: hx(64), ["java -jar agent.jar -url https://jenkins.acme.io/ -secret {s} -name linux-{n} -workDir /var/jenkins"], n=2)
F(CL, "kubeadm-join-token", lambda: rs(LAN, 6) + "." + rs(LAN, 16), ["kubeadm join {ip}:6443 --token {s} --discovery-token-ca-cert-hash sha256:{h}"], n=2, ex={"h": lambda: hx(64)})
F(CL, "k3s-node-token", lambda: J("K1", "0") + hx(64) + "::server:" + hx(32), ["curl -sfL https://get.k3s.io | K3S_URL=https://{ip}:6443 K3S_TOKEN={s} sh -"], n=2)
F(CL, "microk8s-join", lambda: hx(32), ["microk8s join {ip}:25000/{s}/{short}{short}"], n=1)
F(CL, "gitlab-runner-registration", lambda: J("GR13", "48941") + b62(20), ["gitlab-runner register --non-interactive --url https://gitlab.com/ --registration-token {s} --executor docker"], n=2)
F(CL, "gitlab-runner-auth-token", lambda: J("gl", "rt-") + b64u(20), ["gitlab-runner register --url https://gitlab.example.com --token {s}"], n=1)
F(CL, "github-actions-runner-config", lambda: rs(UAN, 29), ["./config.sh --url https://github.com/acme/{proj} --token {s} --labels self-hosted,gpu"], n=2)
F(CL, "docker-swarm-join", lambda: J("SWMTKN", "-1-") + rs(LAN, 50) + "-" + rs(LAN, 25), ["docker swarm join --token {s} {ip}:2377"], n=2)
F(CL, "consul-token-flag", uuid4, ["consul kv get -token={s} config/{proj}", "CONSUL_HTTP_TOKEN={s} consul members"], n=2)
F(CL, "etcdctl-user", PWQ, ["etcdctl --endpoints=https://{ip}:2379 --user root:{s} get / --prefix --keys-only"], n=1)
F(CL, "sentry-cli-auth-token", lambda: J("sntr", "yu_") + hx(64), ["sentry-cli --auth-token {s} releases new {proj}@1.4.2"], n=1)
F(CL, "fastlane-match-basic-auth", lambda: b64s(R.choice(NAMES) + ":" + J("gh", "p_") + b62(36)), ["fastlane match appstore --git_basic_authorization {s} --readonly"], n=1)
F(CL, "xcrun-altool-app-password", lambda: "-".join(rs(LOW, 4) for _ in range(4)), ["xcrun altool --upload-app -f App.ipa -t ios -u {email} -p {s}", "xcrun notarytool store-credentials AC_NOTARY --apple-id {email} --team-id ABCDE12345 --password {s}"], n=2)
F(CL, "srcds-rcon-arg", PWQ, ["./srcds_run -game csgo +map de_dust2 +rcon_password {s} +sv_password ''"], n=1)
F(CL, "valheim-password-arg", PWQ, ["./valheim_server.x86_64 -name \"frag.gg EU\" -port 2456 -world Dedicated -password {s} -public 1"], n=2)
F(CL, "ark-admin-password-url", PWQ, ["ShooterGameServer TheIsland?listen?SessionName=frag?ServerAdminPassword={s}?MaxPlayers=70 -server -log"], n=1)
F(CL, "mcrcon-p", PWQ, ["mcrcon -H {host} -P 25575 -p {s} \"whitelist add {u}\""], n=1)
F(CL, "github-actions-add-mask", lambda: b62(40), ["echo \"::add-mask::{s}\"", "::add-mask::{s}\n::set-output name=token::***"], n=2)
F(CL, "azure-devops-setvariable-issecret", lambda: b64u(44), ["##vso[task.setvariable variable=apiToken;issecret=true]{s}"], n=2)
F(CL, "ci-log-set-x-trace", lambda: J("gl", "pat-") + b64u(20), ["+ curl --fail -H 'PRIVATE-TOKEN: {s}' https://gitlab.com/api/v4/projects/{n}/releases", "$ curl --header \"PRIVATE-TOKEN: {s}\" \"https://gitlab.example.com/api/v4/projects\""], n=2)
F(CL, "buildkite-agent-token-flag", lambda: hx(50), ["buildkite-agent start --token {s} --tags queue=gpu"], n=1)
F(CL, "newman-env-var", lambda: b62(32), ["newman run collection.json --env-var apiKey={s} --env-var baseUrl=https://staging.acme.io"], n=1)
F(CL, "wrangler-secret-echo", lambda: b64u(40), ["echo {s} | npx wrangler secret put SIGNING_KEY"], n=1)
F(CL, "firebase-ci-token", lambda: J("1//", "0") + "e" + b64u(100), ["firebase deploy --only hosting --token {s}"], n=1)
F(CL, "dotnet-user-secrets-set", PWQ, ["dotnet user-secrets set \"Smtp:Password\" \"{s}\"", "dotnet user-secrets set ConnectionStrings:Db \"Server=.;Database={db};User Id=sa;Password={s}\""], n=2)
F(CL, "kafka-cli-jaas-property", PWQ, ["kafka-console-producer --bootstrap-server {host}:9093 --topic events --producer-property sasl.jaas.config='org.apache.kafka.common.security.plain.PlainLoginModule required username=\"{u}\" password=\"{s}\";'"], n=1)
F(CL, "sqlite-cipher-key", PWQ, ["sqlcipher app.db \"PRAGMA key = '{s}'; SELECT count(*) FROM users;\""], n=1)
F(CL, "rclone-config-create-secret", lambda: b64(30)[:40], ["rclone config create s3prod s3 provider AWS access_key_id {akid} secret_access_key {s}"], n=1, ex={"akid": lambda: J("AK", "IA") + rs(UAN, 16)})
F(CL, "ps-aux-output-password", PWQ, ["$ ps aux | grep sync\n{u}  4211  0.3  1.2 python sync.py --db-user {u} --db-password {s} --batch 500"], n=2)
F(CL, "bazel-remote-header", lambda: b64u(40), ["bazel build //app:server --remote_cache=grpcs://cache.acme.io --remote_header=Authorization=Bearer {s}"], n=1)
F(CL, "nix-access-token-option", lambda: J("gh", "p_") + b62(36), ["nix flake update --option access-tokens github.com={s}"], n=1)
F(CL, "esp-idf-menuconfig-args", PWQ, ["idf.py -DWIFI_PASSWORD={s} -DWIFI_SSID=lab build flash"], n=1)
F(CL, "platformio-build-flags", PWQ, ["pio run -e esp32dev --project-option=\"build_flags=-DWIFI_PASS=\\\"{s}\\\"\""], n=1)


# ---------------------------------------------------------------------------
# connection strings and URLs with userinfo
# ---------------------------------------------------------------------------
CS = "connection-string"


def PWU():
    """url-safe-ish password"""
    return pw_human().replace("#", "x").replace("?", "x").replace("@", "a").replace("%", "p") if R.random() < 0.5 else b62(R.randint(14, 30))


def PWENC():
    p = R.choice(WORDS).capitalize() + R.choice(("@", "#", "/", ":", "%", "?")) + str(R.randint(100, 9999)) + R.choice(("!", "$", "&", "+"))
    return quote(p, safe="")


for _scheme, _fmt, _port in [
    ("postgres", "postgres-url", 5432), ("postgresql", "postgresql-url", 5432),
    ("postgresql+psycopg2", "sqlalchemy-psycopg2-url", 5432), ("postgresql+asyncpg", "sqlalchemy-asyncpg-url", 5432),
    ("mysql", "mysql-url", 3306), ("mysql+pymysql", "sqlalchemy-pymysql-url", 3306), ("mariadb", "mariadb-url", 3306),
    ("mongodb", "mongodb-url", 27017), ("mongodb+srv", "mongodb-srv-url", None), ("redis", "redis-url", 6379),
    ("rediss", "rediss-url", 6380), ("amqp", "amqp-url", 5672), ("amqps", "amqps-url", 5671),
    ("ftp", "ftp-url", 21), ("sftp", "sftp-url", 22), ("smtp", "smtp-url", 587), ("smtps", "smtps-url", 465),
    ("imaps", "imaps-url", 993), ("ldap", "ldap-url", 389), ("https", "https-basic-userinfo", None),
    ("http", "http-basic-userinfo", 8080), ("nats", "nats-url", 4222), ("mqtt", "mqtt-url", 1883), ("mqtts", "mqtts-url", 8883),
    ("wss", "wss-userinfo", None), ("rtsp", "rtsp-camera-url", 554), ("clickhouse", "clickhouse-url", 9000),
    ("cockroachdb", "cockroach-url", 26257), ("neo4j+s", "neo4j-url", 7687), ("snowflake", "snowflake-sqlalchemy-url", None),
    ("socks5", "socks5-proxy-url", 1080), ("redis+sentinel", "redis-sentinel-url", 26379), ("couchdb", "couchdb-url", 5984),
    ("elasticsearch+https", "elasticsearch-url", 9200), ("mssql+pyodbc", "sqlalchemy-mssql-url", 1433),
    ("oracle+cx_oracle", "sqlalchemy-oracle-url", 1521), ("trino", "trino-url", 443), ("vertica", "vertica-url", 5433),
    ("sip", "sip-uri", None), ("svn+https", "svn-https-url", None), ("git+https", "pip-git-https-url", None),
]:
    _n = 2 if R.random() < 0.45 else 1
    for _k in range(_n):
        d = ctxd()
        sec = PWENC() if R.random() < 0.25 else PWU()
        hp = d["host"] + (":%d" % _port if _port else "")
        url = "%s://%s:%s@%s/%s" % (_scheme, d["u"], sec, hp, d["db"])
        if _scheme.startswith("mongodb"):
            url += "?authSource=admin&retryWrites=true"
        t = R.choice([
            "DATABASE_URL=" + url, "export {E}_URL='" + url + "'", "url: \"" + url + "\"",
            "engine = create_engine(\"" + url + "\")", "Connecting with " + url + " failed: timeout after 30s",
            "  - " + url, "\"uri\": \"" + url + "\",", "AIRFLOW_CONN_{E}='" + url + "'",
            "docker compose logs api | grep " + url, "conn = connect(\"" + url + "\")",
        ]).replace("{E}", _fmt.split("-")[0].upper().replace("+", "_"))
        add(CS, _fmt, t, sec, d["u"])

F(CS, "jdbc-postgres-password-param", PWU, ["jdbc:postgresql://{host}:5432/{db}?user={u}&password={s}&ssl=true"], n=2)
F(CS, "jdbc-mysql-password-param", PWU, ["spring.datasource.url=jdbc:mysql://{host}:3306/{db}?user={u}&password={s}&useSSL=false"], n=1)
F(CS, "jdbc-sqlserver-semicolon", PWU, ["jdbc:sqlserver://{host}:1433;databaseName={db};user={u};password={s};encrypt=true"], n=2)
F(CS, "jdbc-oracle-thin-userpass", PWU, ["jdbc:oracle:thin:{u}/{s}@{host}:1521/ORCLPDB1"], n=1)
F(CS, "jdbc-snowflake-password", PWU, ["jdbc:snowflake://xy12345.eu-west-1.snowflakecomputing.com/?db={db}&user={u}&password={s}&warehouse=ETL_WH"], n=1)
F(CS, "adonet-sqlserver", PW, ["Server=tcp:{host},1433;Initial Catalog={db};User ID={u};Password={s};Encrypt=True;", "Data Source={host};Initial Catalog={db};uid={u};pwd={s}"], n=3)
F(CS, "npgsql-connstring", PWU, ["Host={host};Port=5432;Database={db};Username={u};Password={s};SSL Mode=Require"], n=2)
F(CS, "odbc-connstring", PWU, ["Driver={ODBC Driver 18 for SQL Server};Server={host};Database={db};Uid={u};Pwd={s};"], n=2)
F(CS, "oracle-odp-connstring", PWU, ["User Id={u};Password={s};Data Source={host}:1521/ORCL;"], n=1)
F(CS, "azure-storage-connstring", lambda: b64(64), ["DefaultEndpointsProtocol=https;AccountName={proj}store;AccountKey={s};EndpointSuffix=core.windows.net", "AZURE_STORAGE_CONNECTION_STRING=\"DefaultEndpointsProtocol=https;AccountName=stg{n};AccountKey={s}\""], n=3)
F(CS, "azure-servicebus-connstring", lambda: b64(32), ["Endpoint=sb://{proj}-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={s}"], n=2)
F(CS, "azure-eventhub-connstring", lambda: b64(32), ["Endpoint=sb://{proj}.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey={s};EntityPath=telemetry"], n=1)
F(CS, "azure-cosmos-connstring", lambda: b64(64), ["AccountEndpoint=https://{proj}.documents.azure.com:443/;AccountKey={s};"], n=2)
F(CS, "azure-iothub-device-connstring", lambda: b64(32), ["HostName={proj}-hub.azure-devices.net;DeviceId=sensor-{n};SharedAccessKey={s}"], n=2)
F(CS, "azure-sas-url-sig", lambda: quote(b64(32), safe=""), ["https://{proj}store.blob.core.windows.net/backups/db.bak?sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2026-12-31T00:00:00Z&st=2026-01-01&spr=https&sig={s}"], n=2)
F(CS, "aws-presigned-security-token", lambda: quote(J("IQoJb3Jp", "Z2luX2VjE") + b64(200), safe=""), ["https://{proj}.s3.amazonaws.com/report.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=ASIA{short}EXAMPLE%2F20261204%2F{region}%2Fs3%2Faws4_request&X-Amz-Date=20261204T101500Z&X-Amz-Expires=3600&X-Amz-Security-Token={s}&X-Amz-Signature={h}"], n=1, ex={"h": lambda: hx(64)})
F(CS, "cloudinary-url", lambda: b64u(27), ["CLOUDINARY_URL=cloudinary://{k}:{s}@{proj}"], n=2, ex={"k": lambda: dg(15)})
F(CS, "databricks-sqlalchemy-token", lambda: J("da", "pi") + hx(32), ["databricks://token:{s}@adb-{n}{n}.azuredatabricks.net:443?http_path=/sql/1.0/warehouses/{short}"], n=1)
F(CS, "git-remote-token-url", lambda: J("gh", "p_") + b62(36), ["git remote set-url origin https://{s}@github.com/acme/{proj}.git", "git clone https://x-access-token:{s}@github.com/acme/{proj}.git"], n=2)
F(CS, "git-remote-gitlab-oauth2", lambda: J("gl", "pat-") + b64u(20), ["git push https://oauth2:{s}@gitlab.com/acme/{proj}.git HEAD:main"], n=1)
F(CS, "http-proxy-env-userinfo", PWU, ["export https_proxy=http://{u}:{s}@proxy.corp.local:3128", "HTTP_PROXY=http://CORP%5C{u}:{s}@10.0.0.1:8080"], n=2)
F(CS, "pip-extra-index-userinfo", PWU, ["pip install --extra-index-url https://{u}:{s}@{host}/simple/ acme-core==2.3.1"], n=2)
F(CS, "url-encoded-password-db", PWENC, ["postgresql://{u}:{s}@{host}:5432/{db}?sslmode=require", "mongodb://{u}:{s}@{host}:27017/{db}"], n=2)
F(CS, "vnc-url-password", PWU, ["vnc://:{s}@{ip}:5901"], n=1)
F(CS, "redis-url-password-only", PWU, ["REDIS_URL=redis://:{s}@{host}:6379/0", "CELERY_BROKER_URL=redis://default:{s}@redis-{n}.c1.cloud.redislabs.com:12000"], n=2)
F(CS, "query-param-api-key", lambda: b62(32), ["GET https://api.{proj}.io/v1/forecast?lat=52.5&lon=13.4&api_key={s}", "https://maps.example.com/tiles/{z}/{x}/{y}.png?key={s}"], n=2)
F(CS, "query-param-access-token", lambda: b64u(48), ["{ip} - - [{date}] \"GET /api/export?format=csv&access_token={s} HTTP/1.1\" 200 5123", "https://graph.facebook.com/v19.0/me?fields=id,name&access_token={s}"], n=2)
F(CS, "webhook-url-discord", lambda: b64u(68), ["https://discord.com/api/webhooks/{id}/{s}"], n=2, ex={"id": lambda: dg(19)})
F(CS, "webhook-url-slack", lambda: b62(24), ["SLACK_WEBHOOK=https://hooks.slack.com/services/T{a}/B{b}/{s}"], n=2, ex={"a": lambda: rs(UAN, 10), "b": lambda: rs(UAN, 10)})
F(CS, "webhook-url-teams", lambda: hx(32), ["https://acme.webhook.office.com/webhookb2/{u1}@{u2}/IncomingWebhook/{s}/{u3}"], n=1, ex={"u1": uuid4, "u2": uuid4, "u3": uuid4})
F(CS, "telegram-bot-url", lambda: dg(10) + ":AA" + b64u(33), ["curl -s https://api.telegram.org/bot{s}/sendMessage -d chat_id=-100{n}{n} -d text=deploy-ok"], n=2)
F(CS, "odbc-dsn-snowflake", PWU, ["snowflake://{u}:{s}@xy12345.eu-west-1/{db}/PUBLIC?warehouse=ETL_WH&role=LOADER"], n=1)
F(CS, "kafka-sasl-url-style", PWU, ["KAFKA_SASL_PASSWORD={s}\nKAFKA_BOOTSTRAP=pkc-{short}.{region}.aws.confluent.cloud:9092"], n=1)
F(CS, "airflow-conn-json", PWU, ["AIRFLOW_CONN_WAREHOUSE='{\"conn_type\": \"postgres\", \"login\": \"{u}\", \"password\": \"{s}\", \"host\": \"{host}\"}'"], n=1)
F(CS, "libpq-keyword-dsn", PWU, ["dsn = \"dbname={db} user={u} password={s} host={host}\""], n=2)


# ---------------------------------------------------------------------------
# config lines and blocks
# ---------------------------------------------------------------------------
CG = "config-line"
TOK = lambda: b62(R.choice((32, 40, 48)))
F(CG, "json-password", PW, ['{"host": "{host}", "user": "{u}", "password": "{s}"}', '  "db_password": "{s}",'], n=2)
F(CG, "json-nested-secret", TOK, ['{\n  "stripe": {\n    "secret": "{s}"\n  }\n}', '"auth": {"clientSecret": "{s}", "clientId": "{proj}-web"}'], n=2)
F(CG, "yaml-password", PW, ["database:\n  user: {u}\n  password: \"{s}\"", "  password: '{s}'"], n=2)
F(CG, "yaml-password-next-line", PW, ["db_password: |\n  {s}", "admin_password:\n  \"{s}\""], n=2)
F(CG, "toml-token", TOK, ["[api]\ntoken = \"{s}\"", "[tool.{proj}]\napi_secret = '{s}'"], n=2)
F(CG, "ini-password", PW, ["[database]\nhost = {host}\npassword = {s}", "[smtp]\npass={s}"], n=2)
F(CG, "xml-password-element", PW, ["<Password>{s}</Password>", "<add name=\"Db\" connectionString=\"...\" />\n<add key=\"SmtpPassword\" value=\"{s}\" />"], n=2)
F(CG, "xml-attribute-secret", TOK, ["<apiKey value=\"{s}\"/>", "<credential user=\"{u}\" secret=\"{s}\" />"], n=2)
F(CG, "hcl-terraform-provider", PW, ["provider \"postgresql\" {\n  host     = \"{host}\"\n  username = \"{u}\"\n  password = \"{s}\"\n}", "variable \"db_password\" {\n  default = \"{s}\"\n}"], n=3)
F(CG, "hcl-tfvars", TOK, ["datadog_api_key = \"{s}\"", "# prod.auto.tfvars\ncloudflare_api_token = \"{s}\""], n=2)
F(CG, "dotenv-quoted", PW, ["DB_PASSWORD=\"{s}\"", "SMTP_PASS='{s}'"], n=2)
F(CG, "dotenv-unquoted-secret", TOK, ["APP_SECRET={s}", "JWT_SECRET={s}"], n=2)
F(CG, "java-properties-secret", PW, ["mail.smtp.password={s}", "app.security.jwt-secret={s}"], n=2)
F(CG, "java-properties-colon", PW, ["db.password: {s}", "keystore.password : {s}"], n=1)
F(CG, "shell-export-password", PW, ["export DB_PASS='{s}'", "export MYSQL_PWD=\"{s}\""], n=2)
F(CG, "dockerfile-env-password", PWQ, ["ENV POSTGRES_PASSWORD={s}", "ENV DB_USER={u} DB_PASS={s}"], n=2)
F(CG, "dockerfile-arg-token", TOK, ["ARG NPM_TOKEN={s}", "ARG GITHUB_TOKEN={s}\nRUN git config --global url.\"https://${GITHUB_TOKEN}@github.com/\".insteadOf \"https://github.com/\""], n=2)
F(CG, "docker-compose-environment", PWQ, ["services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: {s}", "    environment:\n      - MYSQL_ROOT_PASSWORD={s}\n      - MYSQL_DATABASE={db}"], n=3)
F(CG, "k8s-secret-data-base64", lambda: b64s(PWQ()), ["apiVersion: v1\nkind: Secret\nmetadata:\n  name: {proj}-db\ntype: Opaque\ndata:\n  password: {s}", "data:\n  DB_PASSWORD: {s}\n  DB_USER: " + b64s("app")], n=3)
F(CG, "k8s-secret-data-base64-token", lambda: b64s(b62(40)), ["data:\n  api-token: {s}"], n=2)
F(CG, "k8s-secret-stringdata", PWQ, ["stringData:\n  password: \"{s}\"\n  username: {u}"], n=2)
F(CG, "k8s-env-value-literal", PWQ, ["        env:\n        - name: DB_PASSWORD\n          value: \"{s}\""], n=2)
F(CG, "helm-values-password", PWQ, ["postgresql:\n  auth:\n    postgresPassword: \"{s}\"\n    database: {db}", "redis:\n  auth:\n    password: {s}"], n=3)
F(CG, "helm-values-existing-plus-literal", TOK, ["grafana:\n  adminUser: admin\n  adminPassword: {s}"], n=1)
F(CG, "systemd-environment", PWQ, ["[Service]\nEnvironment=\"DB_PASSWORD={s}\"\nExecStart=/usr/bin/{proj}"], n=2)
F(CG, "nginx-basic-auth-header", lambda: b64s(R.choice(NAMES) + ":" + PWQ()), ["proxy_set_header Authorization \"Basic {s}\";"], n=2)
F(CG, "traefik-basicauth-label", lambda: "$$apr1$$" + rs(B62, 8) + "$$" + rs(B62 + "./", 22), ["- \"traefik.http.middlewares.auth.basicauth.users={u}:{s}\""], n=1)
F(CG, "prometheus-basic-auth", PWQ, ["  basic_auth:\n    username: {u}\n    password: {s}"], n=2)
F(CG, "grafana-ini-admin", PWQ, ["[security]\nadmin_user = admin\nadmin_password = {s}"], n=1)
F(CG, "alertmanager-pagerduty-key", lambda: hx(32), ["receivers:\n- name: oncall\n  pagerduty_configs:\n  - routing_key: {s}"], n=2)
F(CG, "github-actions-hardcoded-with", PWQ, ["      - uses: docker/login-action@v3\n        with:\n          username: {u}\n          password: {s}"], n=2)
F(CG, "gitlab-ci-variables", TOK, ["variables:\n  DEPLOY_TOKEN: \"{s}\"\n  DOCKER_DRIVER: overlay2"], n=2)
F(CG, "circleci-environment", TOK, ["    environment:\n      SAUCE_ACCESS_KEY: {s}"], n=1)
F(CG, "ansible-inventory-password", PWQ, ["[db]\n{ip} ansible_user={u} ansible_password={s}", "web01 ansible_host={ip} ansible_become_password='{s}'"], n=3)
F(CG, "ansible-group-vars", PWQ, ["# group_vars/prod.yml\nmysql_root_password: \"{s}\"\nmysql_port: 3306"], n=2)
F(CG, "nix-module-password", PWQ, ["services.grafana.settings.security.admin_password = \"{s}\";", "users.users.{u}.initialPassword = \"{s}\";"], n=2)
F(CG, "nix-hashed-password", lambda: "$6$" + rs(B62 + "./", 16) + "$" + rs(B62 + "./", 86), ["users.users.root.hashedPassword = \"{s}\";"], n=1)
F(CG, "puppet-hiera", PWQ, ["profile::db::password: '{s}'"], n=1)
F(CG, "salt-pillar", PWQ, ["mysql:\n  server:\n    root_password: {s}"], n=1)
F(CG, "chef-databag-json", PWQ, ['{"id": "db", "password": "{s}"}'], n=1)
F(CG, "android-gradle-signingconfig", PWQ, ["signingConfigs {\n    release {\n        storePassword \"{s}\"\n        keyPassword \"{s}\"\n    }\n}"], n=2)
F(CG, "android-manifest-meta-api-key", lambda: b64u(40), ["<meta-data android:name=\"com.acme.sdk.SECRET\" android:value=\"{s}\"/>"], n=1)
F(CG, "ios-info-plist-secret", lambda: b62(40), ["<key>AcmeClientSecret</key>\n<string>{s}</string>"], n=2)
F(CG, "xcconfig-secret", TOK, ["API_SECRET = {s}"], n=1)
F(CG, "unreal-ini-key", lambda: b62(32), ["[/Script/OnlineSubsystemEOS.EOSSettings]\nClientSecret={s}"], n=1)
F(CG, "unity-playerprefs-json", TOK, ['{"backendApiKey": "{s}", "region": "eu"}'], n=1)
F(CG, "platformio-ini-wifi", PWQ, ["[env:esp32dev]\nbuild_flags =\n  -DWIFI_SSID=\\\"lab\\\"\n  -DWIFI_PASSWORD=\\\"{s}\\\""], n=2)
F(CG, "zephyr-prj-conf", PWQ, ["CONFIG_WIFI_CREDENTIALS_STATIC_PASSWORD=\"{s}\""], n=1)
F(CG, "openwrt-uci-wireless-key", PWQ, ["config wifi-iface 'default_radio0'\n\toption ssid '{proj}'\n\toption encryption 'psk2'\n\toption key '{s}'"], n=2)
F(CG, "spark-conf-s3a", lambda: b64(30)[:40], ["spark.hadoop.fs.s3a.secret.key {s}", "--conf spark.hadoop.fs.s3a.secret.key={s}"], n=2)
F(CG, "flink-conf-yaml", lambda: b64(30)[:40], ["s3.secret-key: {s}"], n=1)
F(CG, "mlflow-tracking-password", PWQ, ["MLFLOW_TRACKING_USERNAME={u}\nMLFLOW_TRACKING_PASSWORD={s}"], n=1)
F(CG, "ray-cluster-yaml-env", TOK, ["setup_commands:\n  - echo 'export WANDB_API_KEY={s}' >> ~/.bashrc"], n=1)
F(CG, "caddyfile-basicauth", lambda: "$2a$14$" + rs(B62 + "./", 53), ["basicauth /admin/* {\n    {u} {s}\n}"], n=1)
F(CG, "supervisord-environment", PWQ, ["[program:worker]\nenvironment=API_SECRET=\"{s}\",ENV=\"prod\""], n=1)
F(CG, "php-ini-env", PWQ, ["$_ENV['DB_PASSWORD'] = '{s}';"], n=1)
F(CG, "laravel-app-key", lambda: "base64:" + b64(32), ["APP_KEY={s}"], n=2)
F(CG, "rails-secret-key-base", lambda: hx(128), ["SECRET_KEY_BASE={s}", "production:\n  secret_key_base: {s}"], n=2)
F(CG, "flask-secret-key", lambda: hx(48), ["app.config['SECRET_KEY'] = '{s}'"], n=1)
F(CG, "nextauth-secret", lambda: b64(32), ["NEXTAUTH_SECRET=\"{s}\""], n=1)
F(CG, "session-secret-express", lambda: b62(32), ["app.use(session({ secret: '{s}', resave: false }))"], n=1)


# ---------------------------------------------------------------------------
# code in many languages
# ---------------------------------------------------------------------------
CD = "code-literal"
F(CD, "python-assign", PW, ["DB_PASSWORD = \"{s}\"", "    password='{s}',"], n=2)
F(CD, "python-dict-token", TOK, ["CONFIG = {\"api_token\": \"{s}\", \"timeout\": 30}"], n=1)
F(CD, "python-os-environ-setdefault", TOK, ["os.environ.setdefault(\"SERVICE_TOKEN\", \"{s}\")", "os.environ['API_SECRET'] = '{s}'"], n=2)
F(CD, "js-const-apikey", TOK, ["const apiKey = '{s}';", "export const SECRET = \"{s}\";"], n=2)
F(CD, "ts-class-field", TOK, ["  private readonly clientSecret = \"{s}\";"], n=1)
F(CD, "js-template-literal", TOK, ["headers: { Authorization: `Bearer {s}` },"], n=2)
F(CD, "go-const-token", TOK, ["const apiToken = \"{s}\"", "\tPassword: \"{s}\","], n=2)
F(CD, "go-raw-string", PW, ["dbPass := `{s}`"], n=1)
F(CD, "rust-let-key", TOK, ["let api_key = \"{s}\";", "const SECRET: &str = \"{s}\";"], n=2)
F(CD, "java-static-final", TOK, ["private static final String API_SECRET = \"{s}\";"], n=2)
F(CD, "java-spring-value-default", PW, ["@Value(\"${db.password:{s}}\")\nprivate String dbPassword;"], n=1)
F(CD, "csharp-verbatim-string", PW, ["var clientSecret = @\"{s}\";", "const string Password = \"{s}\";"], n=2)
F(CD, "ruby-config-assign", TOK, ["config.api_key = '{s}'", "Stripe.api_key = \"{s}\""], n=2)
F(CD, "php-variable", PW, ["$password = \"{s}\";", "'password' => '{s}',"], n=2)
F(CD, "swift-let", TOK, ["let apiKey = \"{s}\"", "static let clientSecret = \"{s}\""], n=2)
F(CD, "kotlin-val", TOK, ["val token = \"{s}\"", "const val API_SECRET = \"{s}\""], n=2)
F(CD, "scala-val", PW, ["val dbPassword = \"{s}\""], n=1)
F(CD, "dart-const", TOK, ["const String apiKey = '{s}';"], n=2)
F(CD, "elixir-config", lambda: b64(48), ["config :{proj}, AcmeWeb.Endpoint, secret_key_base: \"{s}\""], n=1)
F(CD, "lua-local", PW, ["local password = \"{s}\""], n=1)
F(CD, "r-sys-setenv", TOK, ["Sys.setenv(OPENWEATHER_KEY = \"{s}\")"], n=1)
F(CD, "julia-const", TOK, ["const API_TOKEN = \"{s}\""], n=1)
F(CD, "perl-my", PW, ["my $pass = '{s}';"], n=1)
F(CD, "c-define", PW, ["#define MQTT_PASSWORD \"{s}\"", "static const char *wifi_pass = \"{s}\";"], n=2)
F(CD, "cpp-std-string", TOK, ["std::string token{\"{s}\"};"], n=1)
F(CD, "objc-nsstring", TOK, ["NSString *apiSecret = @\"{s}\";"], n=1)
F(CD, "clojure-def", TOK, ["(def api-key \"{s}\")"], n=1)
F(CD, "groovy-jenkinsfile-withenv", TOK, ["withEnv([\"DEPLOY_TOKEN={s}\"]) {\n  sh './deploy.sh'\n}"], n=1)
F(CD, "sql-create-user-password", PW, ["CREATE USER {u} WITH PASSWORD '{s}';", "ALTER ROLE {u} WITH LOGIN PASSWORD '{s}';"], n=2)
F(CD, "sql-identified-by", PW, ["CREATE USER '{u}'@'%' IDENTIFIED BY '{s}';", "ALTER USER system IDENTIFIED BY \"{s}\";"], n=2)
F(CD, "sql-mssql-login", PW, ["CREATE LOGIN {u} WITH PASSWORD = '{s}', CHECK_POLICY = OFF;"], n=1)
F(CD, "powershell-variable", PW, ["$Password = \"{s}\"", "$apiKey = '{s}'"], n=2)
F(CD, "vb-dim", PW, ["Dim pwd As String = \"{s}\""], n=1)
F(CD, "zig-const", TOK, ["const token = \"{s}\";"], n=1)
F(CD, "nim-let", TOK, ["let apiKey = \"{s}\""], n=1)
F(CD, "haskell-binding", TOK, ["apiToken = \"{s}\" :: Text"], n=1)
F(CD, "bash-assign", PW, ["ADMIN_PASS='{s}'", "local token=\"{s}\""], n=2)
F(CD, "hardhat-accounts-privkey", lambda: "0x" + hx(64), ["networks: { sepolia: { url: RPC_URL, accounts: [\"{s}\"] } }"], n=2)
F(CD, "go-struct-literal-creds", PW, ["cfg := mysql.Config{User: \"{u}\", Passwd: \"{s}\", Net: \"tcp\", Addr: \"{host}:3306\"}"], n=2)
F(CD, "python-kwargs-connect", PW, ["psycopg2.connect(host=\"{host}\", dbname=\"{db}\", user=\"{u}\", password=\"{s}\")"], n=2)
F(CD, "js-mongoose-connect", PWU, ["mongoose.connect('mongodb+srv://{u}:{s}@cluster0.ab1cd.mongodb.net/{db}')"], n=1)
F(CD, "triple-quoted-python", TOK, ["API_KEY = \"\"\"{s}\"\"\""], n=1)
F(CD, "backtick-quoted-md", TOK, ["set `SERVICE_KEY` to `{s}` in the runner"], n=2)
F(CD, "guillemet-quoted", PW, ["Passwort: «{s}»", "mot de passe : « {s} »"], n=2)
F(CD, "smart-quoted", PW, ["the password is “{s}” (no quotes)", "token ‘{s}’ from the vendor"], n=2)


# ---------------------------------------------------------------------------
# prose notes, several languages
# ---------------------------------------------------------------------------
PR = "prose"
F(PR, "en-staging-password", PW, ["The staging password is {s} - same as last sprint.", "staging db pw: {s}", "Note to self: the {proj} admin password was reset to {s} by ops."], n=3)
F(PR, "en-token-sentence", TOK, ["Use {s} as the token for the nightly job until the new service account is ready.", "Vendor support gave us a temporary key, {s}, valid 48h."], n=3)
F(PR, "en-root-temp", PW, ["root pass = {s} (temporary, rotate after migration)", "the router login is admin and the password {s}"], n=2)
F(PR, "en-slack-paste", TOK, ["From Slack (#ops, {u}): \"new key is {s}, old one revoked\"", "{u} pasted the prod API secret in the thread: {s}"], n=2)
F(PR, "en-decision-note", PW, ["Decision: keep local dev DB password as {s} so the seed script works.", "Next step: change the jenkins password ({s}) once SSO lands."], n=2)
F(PR, "en-passphrase", pw_phrase, ["The backup encryption passphrase is \"{s}\".", "Keystore passphrase: {s}"], n=2)
F(PR, "de-passwort", PW, ["Das Passwort für die Staging-Datenbank ist {s}.", "Zugangsdaten: Benutzer {u}, Kennwort {s}"], n=2)
F(PR, "fr-mot-de-passe", PW, ["Le mot de passe de l'admin est {s}.", "mdp du serveur de jeu : {s}"], n=2)
F(PR, "es-contrasena", PW, ["La contraseña del panel es {s}", "clave de la API: {s}"], n=2)
F(PR, "pt-senha", PW, ["A senha do banco de produção é {s}.", "senha do roteador: {s}"], n=2)
F(PR, "it-password", PW, ["La password del server è {s}"], n=1)
F(PR, "nl-wachtwoord", PW, ["Het wachtwoord voor de VPN is {s}"], n=1)
F(PR, "pl-haslo", PW, ["Hasło do bazy: {s}"], n=1)
F(PR, "ru-parol", PW, ["Пароль от сервера: {s}", "токен доступа: {s}"], n=2)
F(PR, "ja-pasuwado", PW, ["ステージングのパスワードは {s} です。", "APIキー：{s}"], n=2)
F(PR, "zh-mima", PW, ["数据库密码是 {s}", "密钥：{s}"], n=2)
F(PR, "ko-bimilbeonho", PW, ["관리자 비밀번호는 {s} 입니다"], n=1)
F(PR, "tr-sifre", PW, ["Sunucu şifresi: {s}"], n=1)
F(PR, "sv-losenord", PW, ["Lösenordet till routern är {s}"], n=1)
F(PR, "en-wifi-note", PWQ, ["Office Wi-Fi '{proj}-guest' key is {s}", "lab AP password {s}, SSID iot-bench"], n=2)
F(PR, "en-call-transcript", PW, ["On the call, {u} read out the PIN-protected vault password: {s}."], n=1)
F(PR, "en-screenshot-description", PW, ["Screenshot (login dialog): Username field = {u}, Password field shows plain text {s} because 'show password' was ticked.", "Image shows a sticky note on the monitor reading 'wifi: {s}'."], n=2)


# ---------------------------------------------------------------------------
# private keys and wallet material
# ---------------------------------------------------------------------------
PK = "private-key"


def pem_body(nbytes):
    raw = base64.b64encode(rbytes(nbytes)).decode()
    return [raw[i:i + 64] for i in range(0, len(raw), 64)]


def pem(kind, nbytes, n=2, fmt=None, wrap=None):
    for _ in range(n):
        lines = pem_body(nbytes)
        mid = lines[len(lines) // 2]
        block = "-----BEGIN %s-----\n%s\n-----END %s-----" % (kind, "\n".join(lines), kind)
        d = ctxd()
        w = wrap or R.choice(["{b}", "$ cat deploy/key.pem\n{b}", "ssh_private_key: |\n  {bi}", "cat > /tmp/k <<'EOF'\n{b}\nEOF"])
        t = w.replace("{bi}", block.replace("\n", "\n  ")).replace("{b}", block).replace("{proj}", d["proj"])
        add(PK, fmt or ("pem-" + kind.lower().replace(" ", "-")), t, mid, "BEGIN " + kind)


pem("RSA PRIVATE KEY", 1190, 2)
pem("PRIVATE KEY", 1216, 2)
pem("EC PRIVATE KEY", 121, 2)
pem("OPENSSH PRIVATE KEY", 400, 2)
pem("ENCRYPTED PRIVATE KEY", 1250, 1)
pem("DSA PRIVATE KEY", 440, 1)
pem("PGP PRIVATE KEY BLOCK", 900, 1)
pem("ENCRYPTED SIGSTORE PRIVATE KEY", 300, 1, fmt="cosign-private-key")
pem("PRIVATE KEY", 138, 1, fmt="apple-p8-authkey", wrap="AuthKey_{proj}.p8 contents:\n{b}")
pem("PRIVATE KEY", 1216, 1, fmt="gcp-service-account-json",
    wrap='{\n  "type": "service_account",\n  "project_id": "{proj}",\n  "private_key_id": "0a1b2c",\n  "private_key": "{b}"\n}')
F(PK, "pem-in-json-escaped", lambda: b64(48), ['"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC{s}\\n-----END PRIVATE KEY-----\\n"'], n=2)
F(PK, "putty-ppk", lambda: b64(48), ["PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: deploy@{proj}\nPublic-Lines: 6\nAAAAB3NzaC1yc2EAAAADAQABAAABAQC7\nPrivate-Lines: 14\n{s}\nPrivate-MAC: {sha}"], n=2)
F(PK, "age-secret-key", lambda: J("AGE-SECRET", "-KEY-1") + rs("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58), ["# created: {date}\n# public key: age1{short}...\n{s}", "SOPS_AGE_KEY={s}"], n=2)
F(PK, "wireguard-privatekey", lambda: b64(32), ["[Interface]\nPrivateKey = {s}\nAddress = 10.8.0.2/24", "wg set wg0 private-key <(echo {s})"], n=3)
F(PK, "ethereum-private-key", lambda: "0x" + hx(64), ["PRIVATE_KEY={s}", "deployer key {s} (funded with 0.5 sepolia ETH)"], n=2)
F(PK, "ethereum-private-key-nohex-prefix", lambda: hx(64), ["ETH_PRIVATE_KEY={s}"], n=1)
F(PK, "bitcoin-wif", lambda: R.choice("KL") + rs(B58, 51), ["bitcoin-cli importprivkey {s} \"cold\" false", "WIF: {s}"], n=2)
F(PK, "bip39-mnemonic-12", lambda: " ".join(R.choice(BIP) for _ in range(12)), ["MNEMONIC=\"{s}\"", "seed phrase for the test wallet: {s}"], n=2)
F(PK, "bip39-mnemonic-24", lambda: " ".join(R.choice(BIP) for _ in range(24)), ["recovery words:\n{s}"], n=1)
F(PK, "solana-keypair-json", lambda: "[" + ",".join(str(R.randint(0, 255)) for _ in range(64)) + "]", ["$ cat ~/.config/solana/id.json\n{s}"], n=2)
F(PK, "jwk-d-parameter", lambda: b64url_nopad(32), ['{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","d":"{s}"}', '{"kty":"EC","crv":"P-256","d":"{s}","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU"}'], n=2)
F(PK, "nostr-nsec", lambda: "nsec1" + rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58), ["NOSTR_NSEC={s}"], n=1)
F(PK, "tor-onion-secret", lambda: "ED25519-V3:" + b64(64), ["ADD_ONION {s} Port=80,127.0.0.1:8080"], n=1)
F(PK, "minisign-secret-key", lambda: "RWRTY0Iy" + b64(150), ["untrusted comment: minisign encrypted secret key\n{s}"], n=1)
F(PK, "tendermint-priv-validator", lambda: b64(64), ['"priv_key": {\n  "type": "tendermint/PrivKeyEd25519",\n  "value": "{s}"\n}'], n=1)
F(PK, "ssh-key-base64-env", lambda: b64s("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ" + b64(200) + "\n-----END OPENSSH PRIVATE KEY-----"), ["SSH_PRIVATE_KEY_B64={s}"], n=1)
F(PK, "totp-seed-otpauth", lambda: rs(B32, 32), ["otpauth://totp/Acme:{email}?secret={s}&issuer=Acme", "2FA seed for the shared ops account: {s}"], n=2)
F(PK, "recovery-codes", lambda: "-".join(rs(LAN, 5) for _ in range(2)), ["GitHub recovery codes:\n{s}\n" + "a1b2c-3d4e5 (used)"], n=1)


# ---------------------------------------------------------------------------
# headers and cookies
# ---------------------------------------------------------------------------
HC = "header-cookie"
F(HC, "authorization-bearer-opaque", TOK, ["Authorization: Bearer {s}", "-H 'authorization: bearer {s}'"], n=2)
F(HC, "authorization-basic", lambda: b64s(R.choice(NAMES) + ":" + PWQ()), ["Authorization: Basic {s}", "curl -H \"Authorization: Basic {s}\" https://{host}/health"], n=3)
F(HC, "authorization-token-scheme", TOK, ["Authorization: Token token={s}", "http :8000/api/ 'Authorization:Token {s}'"], n=2)
F(HC, "proxy-authorization-basic", lambda: b64s(R.choice(NAMES) + ":" + PWQ()), ["Proxy-Authorization: Basic {s}"], n=1)
F(HC, "x-api-key-header", TOK, ["X-Api-Key: {s}", "-H \"x-api-key: {s}\""], n=2)
F(HC, "x-auth-token-header", TOK, ["X-Auth-Token: {s}"], n=1)
F(HC, "x-vault-token-header", lambda: J("hv", "s.") + "CAES" + b64u(88), ["curl -H \"X-Vault-Token: {s}\" https://vault.acme.io/v1/secret/data/{proj}"], n=1)
F(HC, "ocp-apim-subscription-key", lambda: hx(32), ["Ocp-Apim-Subscription-Key: {s}"], n=2)
F(HC, "x-rapidapi-key", lambda: hx(10) + "msh" + hx(17) + "jsn" + hx(12), ["'X-RapidAPI-Key': '{s}',"], n=1)
F(HC, "custom-internal-auth-header", TOK, ["X-Internal-Service-Auth: {s}", "x-acme-signing-secret: {s}"], n=2)
F(HC, "grpcurl-metadata", TOK, ["grpcurl -H 'authorization: Bearer {s}' -d '{}' api.{proj}.io:443 acme.v1.Health/Check"], n=1)
F(HC, "cookie-connect-sid", lambda: "s%3A" + b64u(32) + "." + quote(b64(32), safe=""), ["curl -b 'connect.sid={s}' https://{host}/admin", "curl --cookie \"connect.sid={s}\" http://localhost:3000/api/me"], n=3)
F(HC, "cookie-phpsessid", lambda: rs(LAN, 26), ["Cookie: PHPSESSID={s}; lang=en"], n=2)
F(HC, "cookie-jsessionid", lambda: HX(32), ["Cookie: JSESSIONID={s}"], n=1)
F(HC, "cookie-laravel-session", lambda: b64(200).rstrip("="), ["Cookie: XSRF-TOKEN=abc; laravel_session={s}"], n=1)
F(HC, "cookie-rails-session", lambda: quote(b64(120), safe="") + "--" + hx(40), ["Cookie: _{proj}_session={s}"], n=1)
F(HC, "cookie-django-sessionid", lambda: rs(LAN, 32), ["Cookie: csrftoken=x; sessionid={s}"], n=2)
F(HC, "cookie-gitlab-session", lambda: hx(32), ["_gitlab_session={s}"], n=1)
F(HC, "set-cookie-session", lambda: b64u(43), ["Set-Cookie: __Host-session={s}; Path=/; Secure; HttpOnly; SameSite=Lax"], n=2)
F(HC, "cookie-jwt", jwt, ["Cookie: auth_token={s}"], n=1)
F(HC, "requests-headers-dict", TOK, ["requests.get(url, headers={\"Authorization\": f\"Bearer {s}\"})"], n=1)
F(HC, "fetch-headers-js", TOK, ["fetch(url, { headers: { 'X-Api-Key': '{s}' } })"], n=1)
F(HC, "postman-export-header", TOK, ['{"key": "Authorization", "value": "Bearer {s}", "type": "text"}'], n=1)
F(HC, "har-cookie-entry", lambda: b64u(43), ['{"name": "Cookie", "value": "sid={s}"}'], n=1)
F(HC, "websocket-subprotocol-token", TOK, ["Sec-WebSocket-Protocol: access_token, {s}"], n=1)
F(HC, "bearer-jwt-header", jwt, ["Authorization: Bearer {s}"], n=2)
F(HC, "header-across-line-break", TOK, ["curl https://{host}/v1/jobs \\\n  -H 'Content-Type: application/json' \\\n  -H 'Authorization: Bearer {s}'"], n=2)


# ---------------------------------------------------------------------------
# secrets in odd places
# ---------------------------------------------------------------------------
OD = "odd-place"
F(OD, "commit-message", PW, ["git log -1 --format=%B\nfix(db): connect with new password {s}\n\nSigned-off-by: {u}", "{short} temp: use {s} for smoke tests"], n=3)
F(OD, "git-diff-added-line", TOK, ["diff --git a/.env b/.env\n@@ -3,3 +3,4 @@\n LOG_LEVEL=debug\n+SERVICE_API_KEY={s}"], n=2)
F(OD, "test-fixture-json", TOK, ["tests/fixtures/account.json: {\"id\": 42, \"api_secret\": \"{s}\"}"], n=2)
F(OD, "pytest-assertion-diff", TOK, ["E       AssertionError: assert '{s}' == '***'\nE         - ***\nE         + {s}"], n=2)
F(OD, "sql-insert-credentials", PW, ["INSERT INTO users (email, password_plain) VALUES ('{email}', '{s}');", "UPDATE service_accounts SET secret = '{s}' WHERE name = '{proj}';"], n=3)
F(OD, "python-traceback-locals", PW, ["Traceback (most recent call last):\n  File \"sync.py\", line 88, in connect\n    raise ConnectionError(host)\n  locals: host='{host}' user='{u}' password='{s}'"], n=2)
F(OD, "printenv-dump", TOK, ["$ printenv | sort\nHOME=/root\nHOSTNAME={proj}-5f7c\nINTERNAL_API_SECRET={s}\nLANG=C.UTF-8"], n=2)
F(OD, "docker-inspect-env", PW, ['"Env": [\n    "PATH=/usr/local/sbin:/usr/local/bin",\n    "DB_PASSWORD={s}",\n    "NODE_ENV=production"\n]'], n=2)
F(OD, "kubectl-describe-env", PW, ["    Environment:\n      DB_HOST:      {host}\n      DB_PASSWORD:  {s}\n    Mounts:"], n=2)
F(OD, "terraform-plan-output", PW, ["  # aws_db_instance.main will be created\n  + resource \"aws_db_instance\" \"main\" {\n      + password = \"{s}\"\n      + username = \"{u}\""], n=2)
F(OD, "terraform-state-json", PW, ['"attributes": {\n  "id": "{proj}",\n  "master_password": "{s}",'], n=1)
F(OD, "ansible-vvv-output", PW, ["<{ip}> ESTABLISH SSH CONNECTION FOR USER: {u}\nok: [{ip}] => {\"ansible_password\": \"{s}\", \"changed\": false}"], n=1)
F(OD, "jupyter-cell-output", TOK, ["In [12]: os.environ['HF_HUB_TOKEN']\nOut[12]: '{s}'"], n=2)
F(OD, "android-logcat", TOK, ["{date} {time}.123  4021  4090 D AuthRepo: refresh ok, token={s}"], n=2)
F(OD, "xcode-console", TOK, ["2026-03-02 10:11:12.345 App[812:4401] [Auth] received session secret {s}"], n=1)
F(OD, "redis-monitor-auth", PWQ, ["1701702120.123456 [0 {ip}:51234] \"AUTH\" \"{s}\""], n=2)
F(OD, "mysql-general-log", PWQ, ["2026-01-01T10:00:00.000 12 Query\tALTER USER 'app'@'%' IDENTIFIED BY '{s}'"], n=1)
F(OD, "bash-history", PWQ, ["$ history | tail -3\n  501  cd /srv/{proj}\n  502  mysql -uroot -p{s}\n  503  exit"], n=2)
F(OD, "crash-dump-strings", TOK, ["$ strings core.{n}{n} | grep -i key\nlicense_key_cache\napi_key={s}\nkeyboard-layout"], n=2)
F(OD, "todo-comment", TOK, ["# TODO(remove before merge): token={s}", "// FIXME hardcoded secret {s}"], n=2)
F(OD, "github-issue-comment", PW, ["> @{u} try logging in with admin/{s} on staging and tell me if the 500 persists"], n=1)
F(OD, "makefile-variable", PWQ, ["DEPLOY_PASS ?= {s}\n\ndeploy:\n\t./deploy.sh -p $(DEPLOY_PASS)"], n=1)
F(OD, "csv-export-row", PW, ["id,name,smtp_user,smtp_password\n7,alerts,{u},{s}"], n=1)
F(OD, "wifi-qr-payload", PWQ, ["Decoded the QR on the router: WIFI:T:WPA;S:{proj}-mesh;P:{s};;"], n=2)
F(OD, "yaml-anchor-merge", TOK, ["defaults: &defaults\n  token: {s}\nprod:\n  <<: *defaults"], n=1)
F(OD, "sentry-breadcrumb", PW, ["breadcrumb: http POST /login body={\"user\":\"{u}\",\"password\":\"{s}\"}"], n=2)
F(OD, "localstorage-dump", jwt, ["localStorage: {\"theme\":\"dark\",\"accessToken\":\"{s}\"}"], n=2)
F(OD, "nginx-access-log-query", TOK, ["{ip} - - [{date}:10:01:02 +0000] \"GET /hook?secret={s} HTTP/1.1\" 204 0"], n=1)
F(OD, "journalctl-line", PW, ["Dec 04 10:11:12 {proj} app[991]: connecting to {host} as {u} with password {s}"], n=2)
F(OD, "ci-job-yaml-echo", TOK, ["$ echo $DEPLOY_KEY\n{s}"], n=2)
F(OD, "email-forward", PW, ["---------- Forwarded message ---------\nSubject: your new credentials\nUsername: {u}\nPassword: {s}"], n=2)
F(OD, "ml-train-args-dump", TOK, ["Namespace(lr=0.0003, batch_size=64, epochs=10, wandb_key='{s}', seed=7)"], n=2)
F(OD, "game-server-log", PWQ, ["[Server] {time} RCON listening on 0.0.0.0:27015 password={s}"], n=1)
F(OD, "iot-serial-console", PWQ, ["I (1234) wifi: connecting to SSID:{proj} pass:{s}"], n=2)
F(OD, "payment-webhook-debug", lambda: J("wh", "sec_") + b62(32), ["[debug] verifying Stripe signature t=1733300000 with endpoint secret {s}"], n=1)
F(OD, "telecom-sip-register-log", PWQ, ["REGISTER sip:pbx.acme.io SIP/2.0 ... auth user=1001 secret={s}"], n=2)
F(OD, "asterisk-sip-conf", PWQ, ["[1001]\ntype=friend\nhost=dynamic\nsecret={s}\ncontext=internal"], n=1)
F(OD, "pjsip-auth", PWQ, ["[1001-auth]\ntype=auth\nauth_type=userpass\nusername=1001\npassword={s}"], n=1)
F(OD, "airflow-task-log-conn", PWU, ["[2026-12-04, 10:00:00 UTC] {base.py:83} INFO - Using connection ID 'wh' for task execution. uri=postgres://{u}:{s}@{host}/{db}"], n=1)


# ---------------------------------------------------------------------------
# BENIGN look-alikes (no secret in any of these)
# ---------------------------------------------------------------------------
NIX32 = "0123456789abcdfghijklmnpqrsvwxyz"
PKGS = ("openssl-3.0.13", "python3-3.12.2", "nodejs-20.11.1", "glibc-2.39-52", "rustc-1.77.2",
        "postgresql-16.2", "go-1.22.1", "bash-5.2p26", "cuda_nvcc-12.2.140", "protobuf-25.3")
SENT = ("hello world", "deploy finished ok", "The quick brown fox jumps over the lazy dog",
        "user=alice;role=viewer", '{"feature":"dark-mode","enabled":true}', "build 4711 passed",
        "meeting notes for Tuesday", "Lorem ipsum dolor sit amet, consectetur adipiscing elit",
        "apiVersion: v1\nkind: ConfigMap", "#!/bin/sh\necho starting")
ENVN = ("OPENAI_API_KEY", "STRIPE_SECRET_KEY", "GITHUB_TOKEN", "DB_PASSWORD", "AWS_SECRET_ACCESS_KEY",
        "NPM_TOKEN", "TWILIO_AUTH_TOKEN", "SLACK_BOT_TOKEN", "DOPPLER_TOKEN", "MAILGUN_API_KEY",
        "VAULT_TOKEN", "SENTRY_AUTH_TOKEN", "HF_TOKEN", "WANDB_API_KEY", "KEYSTORE_PASSWORD")


def ver():
    return "%d.%d.%d" % (R.randint(0, 20), R.randint(0, 40), R.randint(0, 99))


def b36(n):
    return rs(LAN, n)


BT = [
    lambda d: "commit %s\nAuthor: %s <%s>\nDate:   Wed Dec 4 10:11:12 2026 +0000\n\n    fix: retry token refresh on 401" % (hx(40), d["u"], d["email"]),
    lambda d: "HEAD is now at %s Rotate signing key reference in chart values" % hx(7),
    lambda d: "git cherry-pick %s && git push origin release/%s" % (hx(40), ver()),
    lambda d: "Merge pull request #%d from acme/fix/rotate-api-key-after-leak (%s)" % (R.randint(100, 9999), hx(7)),
    lambda d: "git rev-parse HEAD\n%s" % hx(40),
    lambda d: "git diff %s..%s -- config/secrets.example.yml" % (hx(7), hx(7)),
    lambda d: "%s  dist/%s-%s.tar.gz" % (hx(64), d["proj"], ver()),
    lambda d: "sha256sum -c SHA256SUMS\n%s  firmware-%s.bin: OK" % (hx(64), ver()),
    lambda d: "md5: %s  sha1: %s" % (hx(32), hx(40)),
    lambda d: "Checksum (SHA-256): %s" % HX(64),
    lambda d: "ghcr.io/acme/%s@sha256:%s" % (d["proj"], hx(64)),
    lambda d: "image: registry.acme.io/%s:%s@sha256:%s" % (d["proj"], ver(), hx(64)),
    lambda d: "Digest: sha256:%s\nStatus: Downloaded newer image for postgres:16" % hx(64),
    lambda d: '"integrity": "sha512-%s",' % b64(64),
    lambda d: '  resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#%s"\n  integrity sha512-%s' % (hx(40), b64(64)),
    lambda d: "  checksum: %s" % hx(128),
    lambda d: "github.com/aws/aws-sdk-go-v2 v1.%d.%d h1:%s" % (R.randint(1, 30), R.randint(0, 9), b64(32)),
    lambda d: "golang.org/x/crypto v0.%d.0/go.mod h1:%s" % (R.randint(10, 30), b64(32)),
    lambda d: '[[package]]\nname = "serde"\nversion = "1.0.%d"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "%s"' % (R.randint(100, 210), hx(64)),
    lambda d: '{file = "cryptography-42.0.5-cp39-abi3-manylinux_2_28_x86_64.whl", hash = "sha256:%s"},' % hx(64),
    lambda d: "requests==2.31.0 \\\n    --hash=sha256:%s" % hx(64),
    lambda d: "/nix/store/%s-%s" % (rs(NIX32, 32), R.choice(PKGS)),
    lambda d: "building '/nix/store/%s-%s.drv'..." % (rs(NIX32, 32), R.choice(PKGS)),
    lambda d: '  hash = "sha256-%s";' % b64(32),
    lambda d: '  vendorHash = "sha256-%s";\n  cargoHash = lib.fakeHash;' % b64(32),
    lambda d: 'http_archive(\n    name = "rules_go",\n    sha256 = "%s",\n    urls = ["https://github.com/bazelbuild/rules_go/releases/download/v0.46.0/rules_go-v0.46.0.zip"],\n)' % hx(64),
    lambda d: 'bazel_dep(name = "protobuf", version = "%s")\n# integrity = "sha256-%s"' % (ver(), b64(32)),
    lambda d: 'ETag: "%s"' % hx(32),
    lambda d: 'If-None-Match: W/"%s-%s"' % (hx(4), b64u(27)),
    lambda d: "X-Request-Id: %s" % uuid4(),
    lambda d: "request_id=%s trace_id=%s span_id=%s status=500" % (uuid4(), hx(32), hx(16)),
    lambda d: "traceparent: 00-%s-%s-01" % (hx(32), hx(16)),
    lambda d: "x-amz-request-id: %s\nx-amz-id-2: %s" % (HX(16), b64(56)),
    lambda d: "x-amz-cf-id: %s==" % b64u(54),
    lambda d: "  uid: %s\n  resourceVersion: \"%d\"" % (uuid4(), R.randint(100000, 9999999)),
    lambda d: '"lineage": "%s",\n"serial": %d,' % (uuid4(), R.randint(1, 400)),
    lambda d: "correlationId=%s tenant=%s" % (uuid4(), uuid4()),
    lambda d: "echo '%s' | base64 -d" % b64s(R.choice(SENT)),
    lambda d: "kind: ConfigMap\nbinaryData:\n  banner.txt: %s" % b64s(R.choice(SENT)),
    lambda d: "Decoded payload: %s -> %s" % (b64s(R.choice(SENT)), R.choice(SENT).split("\n")[0]),
    lambda d: "node %s, npm %s, Python %s, openssl %s" % ("v" + ver(), ver(), ver(), ver()),
    lambda d: "Bumped %s from %s to %s+build.%s.%s" % (R.choice(("terraform-provider-aws", "react-native", "bevy", "pytorch", "esp-idf")), ver(), ver(), d["date"].replace("-", ""), hx(7)),
    lambda d: "/var/lib/docker/overlay2/%s/merged/usr/lib/python3.12" % hx(64),
    lambda d: "~/.cache/pip/wheels/%s/%s/%s" % (hx(2), hx(2), hx(56)),
    lambda d: "node_modules/.cache/babel-loader/%s.json" % hx(32),
    lambda d: "/home/runner/work/%s/%s/target/release/build/ring-%s/out" % (d["proj"], d["proj"], hx(16)),
    lambda d: "/var/run/secrets/kubernetes.io/serviceaccount/token is mounted read-only",
    lambda d: "https://github.com/acme/%s/actions/runs/%d/job/%d" % (d["proj"], R.randint(10 ** 9, 10 ** 10), R.randint(10 ** 10, 10 ** 11)),
    lambda d: "https://%s-artifacts.s3.%s.amazonaws.com/builds/%s/app.apk" % (d["proj"], d["region"], hx(40)),
    lambda d: "https://storage.googleapis.com/%s-models/checkpoints/%s/model.safetensors" % (d["proj"], hx(12)),
    lambda d: "https://huggingface.co/acme/%s-7b/resolve/%s/config.json" % (d["proj"], hx(40)),
    lambda d: "export STRIPE_SECRET_KEY=${STRIPE_SECRET_KEY:?must be set}",
    lambda d: "api_key: <your-api-key>",
    lambda d: "Authorization: Bearer <token>",
    lambda d: "%s=%s" % (R.choice(ENVN), R.choice(("xxxxxxxxxxxxxxxxxxxxxxxx", "********", "REPLACE_ME", "your-token-here", "<redacted>", "[REDACTED]", "${%s}" % R.choice(ENVN), ""))),
    lambda d: "password: \"{{ vault_%s_password }}\"" % d["db"],
    lambda d: "token: {{ .Values.%s.token | b64enc | quote }}" % d["proj"].replace("-", ""),
    lambda d: "        password: ${{ secrets.%s }}" % R.choice(ENVN),
    lambda d: "dsn = \"postgresql://%%(user)s:%%(password)s@%s/%s\"" % (d["host"], d["db"]),
    lambda d: "DATABASE_URL=postgres://${DB_USER}:${DB_PASSWORD}@%s:5432/%s" % (d["host"], d["db"]),
    lambda d: J("sk", "_live_") + "x" * 24 + "  # example from the docs, not a real key",
    lambda d: J("gh", "p_") + "X" * 36 + " (placeholder in README)",
    lambda d: "Set %s, %s and %s in the runner settings before re-running the %s job." % tuple(R.sample(ENVN, 3) + [d["proj"]]),
    lambda d: "Missing env vars: %s" % ", ".join(R.sample(ENVN, 4)),
    lambda d: "echo \"$CR_PAT\" | docker login ghcr.io -u %s --password-stdin" % d["u"],
    lambda d: "aws ecr get-login-password --region %s | docker login --username AWS --password-stdin 123456789012.dkr.ecr.%s.amazonaws.com" % (d["region"], d["region"]),
    lambda d: "openssl enc -aes-256-cbc -pbkdf2 -in %s.sql -out %s.sql.enc -pass file:./backup.key" % (d["db"], d["db"]),
    lambda d: "openssl pkcs12 -export -in cert.pem -inkey key.pem -out out.p12 -passout env:P12_PASSWORD",
    lambda d: "openssl rsa -in enc.key -passin fd:3 -out plain.key 3<secret.txt",
    lambda d: "curl -H \"Authorization: Bearer $%s\" https://api.%s.io/v1/me" % (R.choice(ENVN), d["proj"]),
    lambda d: "gh api -H \"Authorization: token ${GITHUB_TOKEN}\" /repos/acme/%s/releases" % d["proj"],
    lambda d: "mysql -u %s -p -h %s %s" % (d["u"], d["host"], d["db"]),
    lambda d: "psql -W -h %s -U %s %s" % (d["host"], d["u"], d["db"]),
    lambda d: "kubectl create secret generic %s-db --from-file=password=./secrets/db-password.txt -n %s" % (d["proj"], d["ns"]),
    lambda d: "ansible-playbook site.yml --vault-password-file ~/.ansible/vault_pass --limit %s" % d["ns"],
    lambda d: "sshpass -f ~/.ssh/lab.pw ssh %s@%s uptime" % (d["u"], d["ip"]),
    lambda d: "terraform apply -var-file=%s.tfvars -auto-approve" % d["ns"],
    lambda d: "restic -r s3:s3.amazonaws.com/%s-backup --password-file /etc/restic/pw backup /srv" % d["proj"],
    lambda d: "keytool -list -keystore release.jks -storepass:env STORE_PASS",
    lambda d: "apksigner sign --ks release.jks --ks-pass env:KS_PASS --key-pass file:keypass.txt app.apk",
    lambda d: "vault login -method=oidc role=%s" % d["ns"],
    lambda d: "gh secret set NPM_TOKEN < ./npm-token.txt",
    lambda d: "docker run --env-file .env.%s -e DB_PASSWORD_FILE=/run/secrets/db_password %s:latest" % (d["ns"], d["proj"]),
    lambda d: "        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: %s-db\n              key: password" % d["proj"],
    lambda d: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@%s" % (b64(32)[:43], d["u"], d["proj"]),
    lambda d: "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ%s deploy@ci" % b64(256)[:340],
    lambda d: "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE%s\n%s\n-----END PUBLIC KEY-----" % (b64(21), b64(36)),
    lambda d: "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIE%s\n%s\n-----END CERTIFICATE-----" % (b64(33), b64(45)),
    lambda d: "# public key: age1%s" % rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
    lambda d: "[Peer]\nPublicKey = %s\nAllowedIPs = 10.8.0.0/24\nEndpoint = %s:51820" % (b64(32), d["ip"]),
    lambda d: "gpg: key %s: public key \"Release Signing <release@acme.io>\" imported" % HX(16),
    lambda d: "%s ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB%s" % (d["host"], b64(48)),
    lambda d: "SHA1: %s" % ":".join(HX(2) for _ in range(20)),
    lambda d: "Cache restored from key: Linux-node-modules-%s" % hx(64),
    lambda d: "turbo: cache hit, replaying logs %s" % hx(16),
    lambda d: "ccache: hash %s%s" % (hx(32), hx(8)),
    lambda d: "class=\"css-%s e%s jsx-%d\"" % (b36(7), b36(7), R.randint(10 ** 9, 4 * 10 ** 9)),
    lambda d: "<div class=\"sc-%s %s\"><span class=\"_%s _%s\">" % (rs(LOW + UPC, 6), rs(LOW + UPC, 6), b62(5), b62(5)),
    lambda d: "public async Task<PaymentIntentConfirmationResult> ConfirmPaymentIntentWithThreeDSecureRedirectAsync(CancellationToken ct)",
    lambda d: "def test_refresh_token_is_rotated_when_access_token_expires_during_long_running_upload(self):",
    lambda d: "AbstractSingletonProxyFactoryBeanTokenValidatorConfiguration.java",
    lambda d: "Rotated the %s API key yesterday; the new one lives in Vault at secret/%s." % (R.choice(("Stripe", "Twilio", "Mailgun", "Datadog", "OpenAI")), d["proj"]),
    lambda d: "The staging password is in 1Password under 'Staging Postgres' - do not paste it here.",
    lambda d: "Decision: tokens are read from the environment only; never commit them. Password policy: 14+ chars.",
    lambda d: "Next: revoke the leaked GitHub token (already rotated) and re-run gitleaks on the history.",
    lambda d: "Customer %s, PaymentIntent %s, Charge %s" % (J("cus", "_") + b62(14), J("pi", "_3") + b62(23), J("ch", "_3") + b62(23)),
    lambda d: "stripe events resend %s --webhook-endpoint %s" % (J("evt", "_1") + b62(23), J("we", "_1") + b62(23)),
    lambda d: "price=%s product=%s account=%s" % (J("price", "_1") + b62(23), J("prod", "_") + b62(14), J("acct", "_1") + b62(15)),
    lambda d: "Twilio message %s queued; call %s completed" % (J("S", "M") + hx(32), J("C", "A") + hx(32)),
    lambda d: "arn:aws:iam::%d:role/%s-deployer" % (R.randint(10 ** 11, 10 ** 12 - 1), d["proj"]),
    lambda d: "aws ec2 describe-instances --instance-ids i-0%s --query 'Reservations[].Instances[].ImageId' -> ami-0%s" % (hx(16), hx(16)),
    lambda d: "security group sg-0%s in vpc-0%s, subnet subnet-0%s" % (hx(16), hx(16), hx(16)),
    lambda d: "pod/%s-%s-%s   1/1   Running   0   3h" % (d["proj"], b36(10), b36(5)),
    lambda d: "Provisioning profile %s (team %s) for com.acme.%s" % (uuid4().upper(), rs(UAN, 10), d["proj"].replace("-", "")),
    lambda d: "DEVELOPMENT_TEAM = %s\nPRODUCT_BUNDLE_IDENTIFIER = com.acme.%s" % (rs(UAN, 10), d["proj"].replace("-", "")),
    lambda d: "versionCode %d\nversionName \"%s\"\napplicationId \"com.acme.%s\"" % (R.randint(10, 999), ver(), d["proj"].replace("-", "")),
    lambda d: "wandb: Syncing run %s-%s\nwandb: View run at https://wandb.ai/acme/%s/runs/%s" % (R.choice(WORDS), R.choice(WORDS), d["proj"], b36(8)),
    lambda d: "Saved checkpoint-%d/ (optimizer.pt, scheduler.pt) loss=%.4f step=%d" % (R.randint(1, 90) * 500, R.random() * 3, R.randint(1000, 90000)),
    lambda d: "model revision %s, tokenizer revision %s" % (hx(40), hx(40)),
    lambda d: "MAC %s, DevEUI %s, JoinEUI %s" % (":".join(hx(2) for _ in range(6)), HX(16), HX(16)),
    lambda d: "esptool.py v4.7.0 Chip is ESP32-D0WD-V3 MAC: %s\nHash of data verified." % ":".join(hx(2) for _ in range(6)),
    lambda d: "ICCID 89%s IMSI 26201%s MSISDN +49151%s" % (dg(17), dg(10), dg(8)),
    lambda d: "Call-ID: %s@pbx.acme.io  CSeq: 102 INVITE" % hx(32),
    lambda d: "Idempotency-Key: %s" % uuid4(),
    lambda d: "Request-Id: req_%s" % b62(14),
    lambda d: "steamcmd +login anonymous +app_update %d validate +quit" % R.randint(200000, 2000000),
    lambda d: "Server SteamID %d, AppID %d, map de_%s" % (R.randint(9 * 10 ** 16, 10 ** 17), R.randint(200000, 2000000), R.choice(WORDS)),
    lambda d: "spark-submit ... application_%d_%04d finished with state SUCCEEDED" % (R.randint(10 ** 12, 2 * 10 ** 12), R.randint(1, 999)),
    lambda d: "dag_run scheduled__%sT00:00:00+00:00 task_id=load_%s try=1" % (d["date"], d["db"]),
    lambda d: "topic=events partition=%d offset=%d key=%s" % (R.randint(0, 11), R.randint(10 ** 5, 10 ** 9), uuid4()),
    lambda d: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9h%s" % b64(60),
    lambda d: "Content-MD5: %s" % b64(16),
    lambda d: "x-goog-hash: crc32c=%s,md5=%s" % (b64(4), b64(16)),
    lambda d: "password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64(12), b64(32), b64(16)),
    lambda d: "PASSWORD_MIN_LENGTH=12\nPASSWORD_RESET_TOKEN_TTL=3600\nENABLE_PASSWORD_AUTH=false",
    lambda d: '{"token_type": "bearer", "expires_in": 3600, "scope": "repo read:org"}',
    lambda d: "api_key_header: X-Api-Key\nauth_scheme: Bearer\nsecret_ref: %s-api-key" % d["proj"],
    lambda d: "Google OAuth client id %s-%s.apps.googleusercontent.com (public, safe to ship in the app)" % (dg(12), b36(32)),
    lambda d: "token refreshed, expires_at=%sT%sZ (ttl 3600s)" % (d["date"], d["time"]),
    lambda d: "kubeadm token create --print-join-command   # prints a fresh join command",
    lambda d: "--discovery-token-ca-cert-hash sha256:%s" % hx(64),
    lambda d: "Jenkins build #%d: Masking supported pattern matches of $DEPLOY_TOKEN or $PASSWORD" % R.randint(10, 9999),
    lambda d: "##[debug]Evaluating: secrets.NPM_TOKEN\n##[debug]Result: '***'",
    lambda d: "fix(auth): never log password or token values (#%d)" % R.randint(100, 9999),
    lambda d: "branch: chore/rotate-%s-credentials" % d["proj"],
    lambda d: "uuid %s, color #%s, build %s" % (uuid4(), hx(6), hx(12)),
    lambda d: "docker buildx build --secret id=npmrc,src=$HOME/.npmrc -t %s:%s ." % (d["proj"], hx(7)),
    lambda d: "op read \"op://Private/%s/password\"" % d["proj"],
    lambda d: "aws secretsmanager get-secret-value --secret-id %s/%s/db --query SecretString" % (d["ns"], d["proj"]),
    lambda d: "helm upgrade %s ./chart --set image.tag=%s --set-file tls.crt=./certs/tls.crt" % (d["proj"], hx(7)),
    lambda d: "Token count: %d prompt + %d completion; session %s took %dms" % (R.randint(10, 4000), R.randint(10, 2000), d["date"], R.randint(50, 9000)),
    lambda d: "ls ~/.ssh\nid_ed25519  id_ed25519.pub  known_hosts  config",
    lambda d: "password_hash = sha256(salt + password)  # see docs/auth.md for the scheme",
    lambda d: "Set-Cookie: theme=dark; Path=/; Max-Age=31536000",
    lambda d: "Cookie: _ga=GA1.2.%d.%d; lang=en-US" % (R.randint(10 ** 8, 10 ** 9), R.randint(10 ** 9, 2 * 10 ** 9)),
    lambda d: "git log --oneline\n%s fix webhook retry\n%s bump deps\n%s add tokenizer cache" % (hx(7), hx(7), hx(7)),
    lambda d: "Bitcoin address %s (receive only)" % ("bc1q" + rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 38)),
    lambda d: "contract deployed at 0x%s, tx 0x%s" % (hx(40), hx(64)),
]


def _mk_benign(target=650):
    seen = set()
    i = 0
    while len(BENIGN) < target and i < target * 20:
        d = ctxd()
        t = BT[i % len(BT)](d)
        i += 1
        if t in seen:
            continue
        seen.add(t)
        BENIGN.append(t)


_mk_benign()


# ---------------------------------------------------------------------------
# thin the per-format repeats (keep every format, all internal schemes and the
# classes named in issue 29) so the corpus stays around a thousand entries
# ---------------------------------------------------------------------------
KEEP_ALL = set((
    "pgpass-line", "pgpass-wildcard", "netrc-one-line", "netrc-multi-line", "netrc-default",
    "docker-config-auth", "twilio-sid-token-python", "twilio-sid-token-prose", "twilio-sid-token-curl",
    "twilio-sid-token-node", "aws-id-secret-js", "aws-id-secret-prose", "aws-id-secret-go",
    "mailgun-key-prefixed", "mailgun-private-key-new", "doppler-service-token", "doppler-personal-token",
    "doppler-cli-token", "doppler-service-account", "doppler-scim-token", "cookie-connect-sid",
    "powershell-securestring", "ansible-extra-vars-become", "openssl-pass-pass", "mysql-p-attached",
    "curl-u-userpass", "k8s-secret-data-base64", "docker-compose-environment", "helm-values-password",
    "hcl-terraform-provider", "azure-storage-connstring", "adonet-sqlserver", "commit-message",
    "sql-insert-credentials", "en-staging-password", "en-token-sentence", "wireguard-privatekey",
    "authorization-basic", "vonage-key-secret", "aws-credentials-file",
))


def _thin(p_extra=0.10):
    rr = random.Random(5150)
    seen = {}
    out = []
    for e in SECRETS:
        g, f = e[0], e[1]
        seen[f] = seen.get(f, 0) + 1
        if g == IG or f in KEEP_ALL or seen[f] == 1 or rr.random() < p_extra:
            out.append(e)
    SECRETS[:] = out


_thin()

# formats a vendor rule table commonly names (gitleaks / detect-secrets style);
# everything else in the vendor group counts as "unlikely to be named"
NAMED_VENDOR = set((
    "github-pat-classic", "github-oauth", "github-app-installation", "github-user-to-server",
    "github-refresh", "github-fine-grained-pat", "gitlab-pat", "gitlab-deploy-token", "gitlab-runner-auth",
    "gitlab-pipeline-trigger", "slack-bot-token", "slack-user-token", "slack-app-token",
    "slack-config-refresh", "stripe-live-secret-long", "stripe-live-secret-short", "stripe-restricted",
    "stripe-test-secret", "aws-session-token", "google-api-key", "google-oauth-client-secret",
    "google-oauth-access-token", "openai-project-key", "openai-legacy-key", "openai-service-account",
    "anthropic-api-key", "anthropic-admin-key", "huggingface-token", "npm-access-token", "pypi-api-token",
    "sendgrid-api-key", "mailgun-key-prefixed", "mailchimp-api-key", "shopify-admin-token",
    "shopify-shared-secret", "shopify-custom-app", "atlassian-api-token", "linear-api-key",
    "discord-bot-token", "telegram-bot-token", "digitalocean-pat", "digitalocean-oauth",
    "pulumi-access-token", "terraform-cloud-token", "vault-service-token", "vault-batch-token",
    "databricks-pat", "grafana-cloud-token", "grafana-service-account", "newrelic-user-key",
    "sentry-org-token", "sentry-user-token", "postman-api-key", "figma-pat", "square-access-token",
    "square-oauth-secret", "flutterwave-secret", "dockerhub-pat", "jfrog-api-key", "sonarqube-user-token",
    "doppler-service-token", "doppler-personal-token", "doppler-cli-token", "doppler-service-account",
    "doppler-scim-token", "adafruit-io-key", "hubspot-private-app", "planetscale-password",
    "planetscale-token", "flyio-token", "age-secret-key", "rapidapi-key", "easypost-key",
    "shippo-live-token", "duffel-live-token", "infracost", "notion-secret", "fcm-legacy-server-key",
    "contentful-pat", "dropbox-short-lived", "netlify-pat", "heroku-api-key-new", "clickup-pat",
    "airtable-pat", "mapbox-secret-token", "azure-ad-client-secret", "webhook-url-slack",
))
UNNAMED_GROUPS = set(("internal-token", "id-beside-secret", "prose", "odd-place"))


def unlikely_named(entry):
    g, f = entry[0], entry[1]
    if g in UNNAMED_GROUPS:
        return True
    return g == VG and f not in NAMED_VENDOR


if __name__ == "__main__":
    import collections
    bad = [e for e in SECRETS if e[3] not in e[2] or len(e[3]) < 8]
    fmts = set(e[1] for e in SECRETS)
    groups = collections.Counter(e[0] for e in SECRETS)
    print("secrets:", len(SECRETS))
    print("distinct formats:", len(fmts))
    print("groups:", len(groups))
    for g, c in sorted(groups.items(), key=lambda x: -x[1]):
        print("  %-20s %4d  (%d formats)" % (g, c, len(set(e[1] for e in SECRETS if e[0] == g))))
    un = sum(1 for e in SECRETS if unlikely_named(e))
    print("unlikely-named share: %d/%d = %.1f%%" % (un, len(SECRETS), 100.0 * un / len(SECRETS)))
    print("benign:", len(BENIGN), "(unique %d)" % len(set(BENIGN)))
    print("secrets missing from text or < 8 chars:", len(bad))
    leak = [b for b in BENIGN for e in SECRETS if e[3] in b]
    print("benign strings containing a listed secret:", len(leak))
