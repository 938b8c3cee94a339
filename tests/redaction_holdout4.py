"""A fourth hold-out corpus for secret redaction, written without reading the redaction
code; it measured 0.913 recall and 4.2% false positives blind, and the redaction has since
been tuned on it, so it is regression data now (tests/test_redaction_holdouts.py holds its
recall per group and its false positives).

All secret values are synthetic: generated at import time from a fixed-seed
random.Random.  Vendor prefixes are assembled from parts so that no complete
vendor-looking token is present literally in this file.

SECRETS: list of (group, format, text, secret, visible)
BENIGN:  list of strings holding no secret
"""
import base64
import json
import random
import string
import urllib.parse

_R = random.Random(0x5EED0006)
SECRETS = []
BENIGN = []

_D = string.digits
_LO = string.ascii_lowercase
_UP = string.ascii_uppercase
_HEX = "0123456789abcdef"
_HEXU = "0123456789ABCDEF"
_B62 = _D + _UP + _LO
_B64 = _B62 + "+/"
_B64U = _B62 + "-_"
_B32 = _UP + "234567"
_LA = _LO + _D
_UA = _UP + _D


def _s(n, alpha=_B62):
    return "".join(_R.choice(alpha) for _ in range(n))


def _hex(n):
    return _s(n, _HEX)


def _pick(seq):
    return _R.choice(seq)


def _bytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_bytes(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_bytes(n)).decode().rstrip("=")


def _b64t(text):
    return base64.b64encode(text.encode()).decode()


def _uuid():
    h = _hex(32)
    h = h[:12] + "4" + h[13:16] + _pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _ujson(o):
    return base64.urlsafe_b64encode(json.dumps(o, separators=(",", ":")).encode()).decode().rstrip("=")


def _jwt(claims=None, alg=None):
    hdr = {"alg": alg or _pick(["HS256", "RS256", "ES256", "HS512"]), "typ": "JWT"}
    if claims is None:
        claims = {"sub": _s(10, _LA), "iat": 1700000000 + _R.randint(0, 40000000)}
    siglen = {"HS256": 32, "HS512": 64, "RS256": 256, "ES256": 64}.get(hdr["alg"], 32)
    return _ujson(hdr) + "." + _ujson(claims) + "." + _b64u(siglen)


_WORDS = (
    "amber anchor apple arrow autumn badger bamboo banjo basil beacon bison blizzard bonsai "
    "breeze cactus canyon carbon cedar cello cherry cobalt comet copper coral cricket crystal "
    "cypress dahlia delta desert dingo dolphin dragon eagle ember falcon fennel ferret fjord "
    "flint forest galaxy garnet gecko ginger glacier granite gravel harbor hazel heron hickory "
    "honey horizon husky indigo island jaguar jasmine juniper kayak kestrel kiwi lagoon lantern "
    "lemon lilac lotus lynx magnet mango maple marble meadow meteor monsoon moose nectar nimbus "
    "nova oak ocean olive onyx orbit orchid otter panda papaya pebble pepper pine pixel plum "
    "polar poppy prairie puffin quartz quill rabbit raven reef river robin rocket saffron salmon "
    "sapphire sequoia shadow sierra silver sparrow spruce squirrel storm summit sunset tango "
    "thistle thunder tiger timber topaz tulip tundra turtle velvet violet walnut willow winter "
    "zephyr zebra"
).split()
_SEASONS = ["Spring", "Summer", "Autumn", "Fall", "Winter"]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"]
_COS = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Contoso", "Fabrikam", "Northwind",
        "Tailspin", "Wayne", "Stark", "Soylent", "Vandelay", "Cyberdyne", "Tyrell", "Wonka",
        "Kestrel", "Bluth", "Dunder", "Pied"]
_USERS = ["admin", "root", "deploy", "svc_etl", "svc-backup", "jenkins", "ci", "app", "appuser",
          "postgres", "sa", "dbadmin", "reporting", "airflow", "dbt_runner", "grafana", "gitea",
          "nextcloud", "kafka-client", "elastic", "etl_loader", "ops", "mobile-ci", "integration",
          "sap_rfc", "sfdc_sync", "snow_svc", "m.kowalski", "j.smith", "alice", "bob", "tanaka",
          "readonly", "analytics", "backup", "monitor", "mqtt_dev", "iot-gw-07", "vpnuser", "netops"]
_HOSTS = ["db01.internal", "pg-prod.acme.lan", "10.20.3.14", "mysql.staging.corp", "warehouse-2",
          "172.16.8.21", "orders-db.eu-west-1.rds.amazonaws.com", "db.hooli.io", "sql-prd-03",
          "mongo-a.cluster.local", "redis.cache.svc", "broker-1.kafka.internal", "es01.logs.lan",
          "nas.home.arpa", "192.168.1.50", "vault.ops.acme.io", "ci.globex.dev", "gitea.lab.local",
          "cloud.initech.net", "erp-hana.corp.local"]


def _sym(allowed):
    return _pick(allowed) if allowed else ""


def _pw(kind=None, sym="!#%*-_.+=?", minlen=8):
    k = _R.randint(0, 11) if kind is None else kind
    w1 = _pick(_WORDS)
    w2 = _pick(_WORDS)
    if k == 0:
        p = _pick(_SEASONS) + str(_R.randint(2016, 2025)) + _sym(sym)
    elif k == 1:
        p = w1.capitalize() + str(_R.randint(10, 9999)) + _sym(sym)
    elif k == 2:
        p = _pick(_COS) + ("@" if "@" in sym else _sym(sym)) + str(_R.randint(100, 2025))
    elif k == 3:
        t = w1.replace("a", "@" if "@" in sym else "4").replace("o", "0").replace("e", "3").replace("i", "1")
        p = t.capitalize() + _sym(sym) + w2.capitalize() + str(_R.randint(1, 99))
    elif k == 4:
        p = w1 + w2.capitalize() + str(_R.randint(1960, 2024))
    elif k == 5:
        p = _s(_R.randint(12, 24), _B62 + sym)
    elif k == 6:
        p = _s(_R.randint(16, 32), _B62)
    elif k == 7:
        sep = _pick([s for s in "-._" if s in sym] or ["-"])
        p = sep.join(_R.sample(_WORDS, _R.randint(4, 5)))
    elif k == 8:
        p = _pick(_MONTHS) + _sym(sym) + str(_R.randint(2019, 2025))
    elif k == 9:
        sep = _pick([s for s in "_.-" if s in sym] or [""])
        p = w1.capitalize() + sep + w2.capitalize() + sep + str(_R.randint(1, 999))
    elif k == 10:
        p = _s(_R.randint(20, 40), _B64U)
    else:
        p = "Welcome" + str(_R.randint(1, 99)) + _sym(sym) + _pick(_COS)
    while len(p) < minlen:
        p += str(_R.randint(0, 9))
    return p


def _user():
    return _pick(_USERS)


def _host():
    return _pick(_HOSTS)


_WRAP = [
    "{}", "{}", "{}", "{}",
    "$ {}",
    "ran: {}",
    "Command: {}",
    "next step -> {}",
    "Notes: {}",
    "- {}",
    "> {}",
    "[decision] {}",
    "TODO: {}",
    "`{}`",
]


def _wrap(text):
    if "\n" in text:
        return text
    return _pick(_WRAP).format(text)


def add(group, fmt, text, secret, visible=""):
    SECRETS.append((group, fmt, text, secret, visible))


def ben(text):
    BENIGN.append(text)


def _camel(env):
    parts = env.lower().split("_")
    return parts[0] + "".join(p.title() for p in parts[1:])


def _dotted(env):
    return env.lower().replace("_", ".")


def _kebab(env):
    return env.lower().replace("_", "-")


# ---------------------------------------------------------------------------
# contexts for a labelled value (label = env var style name)
# ---------------------------------------------------------------------------
_CTX = [
    lambda e, v: "export %s=%s" % (e, v),
    lambda e, v: 'export %s="%s"' % (e, v),
    lambda e, v: "%s=%s" % (e, v),
    lambda e, v: "%s='%s'" % (e, v),
    lambda e, v: "  %s: %s" % (e.lower(), v),
    lambda e, v: '    %s: "%s"' % (_camel(e), v),
    lambda e, v: '{"%s": "%s", "region": "eu-central-1"}' % (_camel(e), v),
    lambda e, v: '%s = "%s"' % (e.lower(), v),
    lambda e, v: "%s=%s" % (_dotted(e), v),
    lambda e, v: "ENV %s=%s" % (e, v),
    lambda e, v: "ARG %s=%s" % (e, v),
    lambda e, v: "docker run --rm -e %s=%s ghcr.io/acme/worker:1.8.2" % (e, v),
    lambda e, v: '$env:%s = "%s"' % (e, v),
    lambda e, v: 'setx %s "%s"' % (e, v),
    lambda e, v: "set %s=%s" % (e, v),
    lambda e, v: '%s = os.environ.get("%s", "%s")' % (e.lower(), e, v),
    lambda e, v: "const %s = process.env.%s ?? '%s';" % (_camel(e), e, v),
    lambda e, v: '<add key="%s" value="%s" />' % (e, v),
    lambda e, v: '        - name: %s\n          value: "%s"' % (e, v),
    lambda e, v: 'Environment="%s=%s"' % (e, v),
    lambda e, v: "heroku config:set %s=%s -a acme-api-staging" % (e, v),
    lambda e, v: "kubectl -n apps create secret generic app-env --from-literal=%s=%s" % (e, v),
    lambda e, v: 'echo "%s=%s" >> .env.local' % (e, v),
    lambda e, v: "Note: %s for staging is %s (rotate after the demo)" % (e, v),
    lambda e, v: 'gh secret set %s --body "%s"' % (e, v),
    lambda e, v: "fly secrets set %s=%s" % (e, v),
    lambda e, v: "      %s: ${%s:-%s}" % (e, e, v),
    lambda e, v: "%s=%s npm run start:dev" % (e, v),
    lambda e, v: '<%s>%s</%s>' % (_camel(e), v, _camel(e)),
    lambda e, v: '  "%s": "%s",' % (e, v),
    lambda e, v: "[default]\n%s = %s" % (e.lower(), v),
    lambda e, v: "env:\n  %s: '%s'" % (e, v),
    lambda e, v: "os.Setenv(\"%s\", \"%s\")" % (e, v),
    lambda e, v: "System.setProperty(\"%s\", \"%s\");" % (_dotted(e), v),
    lambda e, v: "ENV['%s'] ||= '%s'" % (e, v),
    lambda e, v: "putenv('%s=%s');" % (e, v),
    lambda e, v: "vercel env add %s production <<< '%s'" % (e, v),
    lambda e, v: "doppler secrets set %s='%s' --project api --config prd" % (e, v),
    lambda e, v: "%s := \"%s\"" % (_camel(e), v),
    lambda e, v: "let %s = \"%s\";" % (e.lower(), v),
]


def _ctx(env, value):
    return _pick(_CTX)(env, value)


# ---------------------------------------------------------------------------
# vendor tokens: (group, fmt, env, maker, n, hdr, host, cli)
# group "vendor-token"   = formats with a widely known prefix/shape
# group "unnamed-format" = obscure, new, regional or company-internal formats
# ---------------------------------------------------------------------------
_VSPECS = []


def _V(group, fmt, env, maker, n=2, hdr=None, host=None, cli=None):
    _VSPECS.append((group, fmt, env, maker, n, hdr, host, cli))


_VT = "vendor-token"
_UF = "unnamed-format"

# --- well-known prefixes -------------------------------------------------
_V(_VT, "github-pat-classic", "GITHUB_TOKEN", lambda: "gh" + "p_" + _s(36), 3,
   "Authorization: token {v}", "api.github.com", "gh auth login --with-token <<< {v}")
_V(_VT, "github-fine-grained-pat", "GH_PAT", lambda: "github" + "_pat_" + "11" + _s(20, _UA) + "_" + _s(59), 2,
   "Authorization: Bearer {v}", "api.github.com")
_V(_VT, "github-oauth", "GITHUB_OAUTH_TOKEN", lambda: "gh" + "o_" + _s(36), 2)
_V(_VT, "github-app-installation", "GH_INSTALL_TOKEN", lambda: "gh" + "s_" + _s(36), 2,
   "Authorization: token {v}", "api.github.com")
_V(_VT, "github-refresh", "GH_REFRESH_TOKEN", lambda: "gh" + "r_" + _s(76), 1)
_V(_VT, "gitlab-pat", "GITLAB_TOKEN", lambda: "gl" + "pat-" + _s(20, _B64U), 3,
   "PRIVATE-TOKEN: {v}", "gitlab.example.com/api/v4",
   "glab auth login --hostname gitlab.acme.dev --token {v}")
_V(_VT, "gitlab-runner-token", "CI_RUNNER_TOKEN", lambda: "gl" + "rt-" + _s(20, _B64U), 2, None, None,
   "gitlab-runner register --non-interactive --url https://gitlab.acme.dev --token {v} --executor docker")
_V(_VT, "gitlab-deploy-token", "GITLAB_DEPLOY_TOKEN", lambda: "gl" + "dt-" + _s(20, _B64U), 1)
_V(_VT, "slack-bot-token", "SLACK_BOT_TOKEN",
   lambda: "xo" + "xb-" + str(_R.randint(10 ** 10, 10 ** 12)) + "-" + str(_R.randint(10 ** 12, 10 ** 13)) + "-" + _s(24), 3,
   "Authorization: Bearer {v}", "slack.com/api/chat.postMessage")
_V(_VT, "slack-user-token", "SLACK_USER_TOKEN",
   lambda: "xo" + "xp-" + str(_R.randint(10 ** 10, 10 ** 12)) + "-" + str(_R.randint(10 ** 10, 10 ** 12)) + "-" + str(_R.randint(10 ** 12, 10 ** 13)) + "-" + _hex(32), 2)
_V(_VT, "slack-app-token", "SLACK_APP_TOKEN",
   lambda: "xa" + "pp-1-A" + _s(10, _UA) + "-" + str(_R.randint(10 ** 12, 10 ** 13)) + "-" + _hex(64), 1)
_V(_VT, "slack-webhook-url", "SLACK_WEBHOOK_URL",
   lambda: "https://hooks." + "slack.com/services/T" + _s(10, _UA) + "/B" + _s(10, _UA) + "/" + _s(24), 2,
   None, None, "curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"deploy done\"}}' {v}")
_V(_VT, "stripe-secret-live", "STRIPE_SECRET_KEY", lambda: "sk" + "_live_" + _s(_pick([24, 99])), 3,
   "Authorization: Bearer {v}", "api.stripe.com/v1/charges", "stripe listen --api-key {v} --forward-to localhost:4242/webhook")
_V(_VT, "stripe-restricted", "STRIPE_RESTRICTED_KEY", lambda: "rk" + "_live_" + _s(99), 2, None, None,
   "stripe customers list --api-key {v} --limit 3")
_V(_VT, "stripe-webhook-secret", "STRIPE_WEBHOOK_SECRET", lambda: "wh" + "sec_" + _s(32), 2)
_V(_VT, "openai-project-key", "OPENAI_API_KEY",
   lambda: "sk" + "-proj-" + _s(74, _B64U) + "T3Blbk" + "FJ" + _s(74, _B64U), 3,
   "Authorization: Bearer {v}", "api.openai.com/v1/models")
_V(_VT, "openai-legacy-key", "OPENAI_KEY", lambda: "sk" + "-" + _s(20) + "T3Blbk" + "FJ" + _s(20), 1)
_V(_VT, "anthropic-api-key", "ANTHROPIC_API_KEY", lambda: "sk" + "-ant-api03-" + _s(93, _B64U) + "AA", 3,
   "x-api-key: {v}", "api.anthropic.com/v1/messages")
_V(_VT, "google-api-key", "GOOGLE_MAPS_API_KEY", lambda: "AI" + "za" + "Sy" + _s(33, _B64U), 2)
_V(_VT, "google-oauth-client-secret", "GOOGLE_CLIENT_SECRET", lambda: "GOC" + "SPX-" + _s(28, _B64U), 2)
_V(_VT, "sendgrid-api-key", "SENDGRID_API_KEY", lambda: "SG" + "." + _s(22, _B64U) + "." + _s(43, _B64U), 2,
   "Authorization: Bearer {v}", "api.sendgrid.com/v3/mail/send")
_V(_VT, "mailgun-private-key-new", "MAILGUN_API_KEY", lambda: _hex(32) + "-" + _hex(8) + "-" + _hex(8), 3,
   None, None, "curl -s --user 'api:{v}' https://api.mailgun.net/v3/mg.acme.io/messages -F to=ops@acme.io")
_V(_VT, "mailgun-key-legacy", "MAILGUN_KEY", lambda: "ke" + "y-" + _hex(32), 2,
   None, None, "curl -s --user api:{v} https://api.eu.mailgun.net/v3/domains")
_V(_VT, "mailchimp-api-key", "MAILCHIMP_API_KEY", lambda: _hex(32) + "-us" + str(_R.randint(1, 21)), 2)
_V(_VT, "npm-access-token", "NPM_TOKEN", lambda: "np" + "m_" + _s(36), 2, None, None,
   "npm config set //registry.npmjs.org/:_authToken={v}")
_V(_VT, "pypi-upload-token", "PYPI_API_TOKEN", lambda: "py" + "pi-" + "AgEIcHlwaS5vcmc" + _s(_R.randint(70, 160), _B64U), 2,
   None, None, "twine upload -u __token__ -p {v} dist/*")
_V(_VT, "dockerhub-pat", "DOCKERHUB_TOKEN", lambda: "dckr" + "_pat_" + _s(27, _B64U), 2, None, None,
   "docker login -u acmebot -p {v}")
_V(_VT, "digitalocean-pat", "DIGITALOCEAN_TOKEN", lambda: "do" + "p_v1_" + _hex(64), 2, None, None,
   "doctl auth init --context prod -t {v}")
_V(_VT, "digitalocean-oauth", "DO_OAUTH_TOKEN", lambda: "do" + "o_v1_" + _hex(64), 1)
_V(_VT, "shopify-admin-token", "SHOPIFY_ACCESS_TOKEN", lambda: "sh" + "pat_" + _hex(32), 2,
   "X-Shopify-Access-Token: {v}", "acme-store.myshopify.com/admin/api/2024-04/orders.json")
_V(_VT, "shopify-shared-secret", "SHOPIFY_API_SECRET", lambda: "sh" + "pss_" + _hex(32), 1)
_V(_VT, "atlassian-api-token", "JIRA_API_TOKEN", lambda: "ATATT" + "3xFfGF0" + _s(170, _B64U) + "=" + _hexu8(), 2,
   None, None, "curl -u ops@acme.io:{v} https://acme.atlassian.net/rest/api/3/myself")
_V(_VT, "bitbucket-app-password", "BITBUCKET_APP_PASSWORD", lambda: "AT" + "BB" + _s(32) + _hexu8(), 1)
_V(_VT, "vault-service-token", "VAULT_TOKEN", lambda: "hv" + "s." + _s(24), 3,
   "X-Vault-Token: {v}", "vault.ops.acme.io:8200/v1/secret/data/app", "vault login {v}")
_V(_VT, "vault-batch-token", "VAULT_BATCH_TOKEN", lambda: "hv" + "b." + "AAAAAQ" + _s(_R.randint(90, 140), _B64U), 1)
_V(_VT, "terraform-cloud-token", "TFE_TOKEN", lambda: _s(14) + ".atlas" + "v1." + _s(67), 2)
_V(_VT, "grafana-service-account", "GRAFANA_SA_TOKEN", lambda: "gl" + "sa_" + _s(32) + "_" + _hex(8), 3,
   "Authorization: Bearer {v}", "grafana.lab.local/api/dashboards/db")
_V(_VT, "grafana-cloud-token", "GRAFANA_CLOUD_TOKEN",
   lambda: "gl" + "c_" + _b64t(json.dumps({"o": str(_R.randint(10 ** 5, 10 ** 6)), "n": "stack-" + _s(6, _LA) + "-write", "k": _s(24), "m": {"r": "prod-eu-west-2"}}, separators=(",", ":"))).rstrip("="), 2)
_V(_VT, "newrelic-user-key", "NEW_RELIC_API_KEY", lambda: "NR" + "AK-" + _s(27, _UA), 2,
   "Api-Key: {v}", "api.newrelic.com/graphql")
_V(_VT, "newrelic-ingest-key", "NEW_RELIC_LICENSE_KEY", lambda: _hex(36) + "NR" + "AL", 1)
_V(_VT, "sentry-org-token", "SENTRY_AUTH_TOKEN",
   lambda: "sntry" + "s_" + _ujson({"iat": 1710000000 + _R.randint(0, 9999999), "url": "https://sentry.io", "region_url": "https://de.sentry.io", "org": "acme"}) + "_" + _s(43, _B64U), 2,
   None, None, "sentry-cli --auth-token {v} releases new 2024.6.1")
_V(_VT, "sentry-user-token", "SENTRY_TOKEN", lambda: "sntry" + "u_" + _hex(64), 1)
_V(_VT, "linear-api-key", "LINEAR_API_KEY", lambda: "lin" + "_api_" + _s(40), 2, "Authorization: {v}", "api.linear.app/graphql")
_V(_VT, "notion-integration", "NOTION_TOKEN", lambda: "nt" + "n_" + _s(46), 2, "Authorization: Bearer {v}", "api.notion.com/v1/search")
_V(_VT, "figma-pat", "FIGMA_TOKEN", lambda: "fig" + "d_" + _s(40, _B64U), 1, "X-Figma-Token: {v}", "api.figma.com/v1/me")
_V(_VT, "postman-api-key", "POSTMAN_API_KEY", lambda: "PM" + "AK-" + _hex(24) + "-" + _hex(34), 2,
   "X-Api-Key: {v}", "api.getpostman.com/collections")
_V(_VT, "heroku-api-key", "HEROKU_API_KEY", lambda: "HR" + "KU-AA" + _s(58, _B64U), 2)
_V(_VT, "databricks-pat", "DATABRICKS_TOKEN", lambda: "dapi" + _hex(32) + _pick(["", "-2", "-3"]), 3,
   "Authorization: Bearer {v}", "dbc-a1b2c3d4-e5f6.cloud.databricks.com/api/2.0/clusters/list")
_V(_VT, "dbt-cloud-service-token", "DBT_CLOUD_API_TOKEN", lambda: "db" + "tc_" + _s(54, _B64U), 3,
   "Authorization: Token {v}", "cloud.getdbt.com/api/v2/accounts/70403103912345/runs/")
_V(_VT, "dbt-cloud-user-token", "DBT_CLOUD_TOKEN", lambda: "db" + "tu_" + _s(54, _B64U), 1)
_V(_VT, "doppler-service-token", "DOPPLER_TOKEN", lambda: "dp" + ".st." + _pick(["prd", "stg", "dev"]) + "." + _s(43), 3,
   None, None, "doppler run --token {v} -- ./bin/server")
_V(_VT, "doppler-personal-token", "DOPPLER_PERSONAL_TOKEN", lambda: "dp" + ".pt." + _s(43), 2)
_V(_VT, "doppler-cli-token", "DOPPLER_CLI_TOKEN", lambda: "dp" + ".ct." + _s(43), 2,
   "Authorization: Bearer {v}", "api.doppler.com/v3/configs/config/secrets")
_V(_VT, "doppler-service-account", "DOPPLER_SA_TOKEN", lambda: "dp" + ".sa." + _s(43), 2)
_V(_VT, "doppler-scim-token", "DOPPLER_SCIM_TOKEN", lambda: "dp" + ".scim." + _s(43), 2)
_V(_VT, "pulumi-access-token", "PULUMI_ACCESS_TOKEN", lambda: "pu" + "l-" + _hex(40), 2, None, None, "pulumi login --cloud-url https://api.pulumi.com <<< {v}")
_V(_VT, "firebase-fcm-server-key", "FCM_SERVER_KEY", lambda: "AAAA" + _s(7, _B64U) + ":APA91b" + _s(134, _B64U), 2,
   "Authorization: key={v}", "fcm.googleapis.com/fcm/send")
_V(_VT, "tailscale-auth-key", "TS_AUTHKEY", lambda: "tskey" + "-auth-k" + _s(11) + "CNTRL-" + _s(33), 3, None, None,
   "tailscale up --authkey={v} --advertise-tags=tag:ci")
_V(_VT, "tailscale-api-key", "TAILSCALE_API_KEY", lambda: "tskey" + "-api-k" + _s(11) + "CNTRL-" + _s(33), 1)
_V(_VT, "square-access-token", "SQUARE_ACCESS_TOKEN", lambda: "EA" + "AA" + _s(60, _B64U), 2, "Authorization: Bearer {v}", "connect.squareup.com/v2/locations")
_V(_VT, "square-oauth-secret", "SQUARE_APP_SECRET", lambda: "sq0" + "csp-" + _s(43, _B64U), 1)
_V(_VT, "braintree-access-token", "BRAINTREE_ACCESS_TOKEN", lambda: "access_token" + "$production$" + _s(16, _LA) + "$" + _hex(32), 2)
_V(_VT, "discord-bot-token", "DISCORD_BOT_TOKEN",
   lambda: base64.b64encode(str(_R.randint(10 ** 17, 10 ** 18)).encode()).decode().rstrip("=") + "." + _s(6, _B64U) + "." + _s(38, _B64U), 3,
   "Authorization: Bot {v}", "discord.com/api/v10/users/@me")
_V(_VT, "discord-webhook-url", "DISCORD_WEBHOOK", lambda: "https://discord.com/api/" + "webhooks/" + str(_R.randint(10 ** 17, 10 ** 18)) + "/" + _s(68, _B64U), 2)
_V(_VT, "telegram-bot-token", "TELEGRAM_BOT_TOKEN", lambda: str(_R.randint(10 ** 9, 8 * 10 ** 9)) + ":AA" + _s(33, _B64U), 3,
   None, None, "curl -s https://api.telegram.org/bot{v}/getUpdates")
_V(_VT, "mapbox-secret-token", "MAPBOX_SECRET_TOKEN", lambda: "sk" + ".eyJ1Ijoi" + _s(20, _B64U) + "IiwiYSI6Ij" + _s(22, _B64U) + "." + _s(22, _B64U), 2)
_V(_VT, "contentful-pat", "CONTENTFUL_MANAGEMENT_TOKEN", lambda: "CFP" + "AT-" + _s(43, _B64U), 1)
_V(_VT, "sonarqube-user-token", "SONAR_TOKEN", lambda: "sq" + "u_" + _hex(40), 2, None, None,
   "sonar-scanner -Dsonar.projectKey=acme-api -Dsonar.host.url=https://sonar.acme.dev -Dsonar.token={v}")
_V(_VT, "sonarqube-project-token", "SONAR_PROJECT_TOKEN", lambda: "sq" + "p_" + _hex(40), 1)
_V(_VT, "jfrog-api-key", "ARTIFACTORY_API_KEY", lambda: "AK" + "Cp" + _s(69), 2, "X-JFrog-Art-Api: {v}", "acme.jfrog.io/artifactory/api/repositories")
_V(_VT, "jfrog-reference-token", "JFROG_ACCESS_TOKEN", lambda: "cmVmdGtu" + "OjAxOjE3" + _s(56), 2, None, None,
   "jf c add acme --url https://acme.jfrog.io --access-token {v} --interactive=false")
_V(_VT, "portainer-api-key", "PORTAINER_API_KEY", lambda: "pt" + "r_" + _s(43, _B64), 2, "X-API-Key: {v}", "portainer.lab.local:9443/api/endpoints")
_V(_VT, "huggingface-token", "HF_TOKEN", lambda: "h" + "f_" + _s(34, _UP + _LO), 3, None, None, "huggingface-cli login --token {v}")
_V(_VT, "replicate-token", "REPLICATE_API_TOKEN", lambda: "r" + "8_" + _s(37), 2)
_V(_VT, "groq-api-key", "GROQ_API_KEY", lambda: "gs" + "k_" + _s(52), 2)
_V(_VT, "perplexity-key", "PPLX_API_KEY", lambda: "pp" + "lx-" + _s(48), 1)
_V(_VT, "openrouter-key", "OPENROUTER_API_KEY", lambda: "sk" + "-or-v1-" + _hex(64), 2)
_V(_VT, "langsmith-key", "LANGCHAIN_API_KEY", lambda: "lsv2" + "_pt_" + _hex(32) + "_" + _hex(10), 2)
_V(_VT, "pinecone-key", "PINECONE_API_KEY", lambda: "pc" + "sk_" + _s(5, _LA) + "_" + _s(64), 1)
_V(_VT, "circleci-pat", "CIRCLE_TOKEN", lambda: "CCI" + "PAT_" + _s(22) + "_" + _hex(40), 2, "Circle-Token: {v}", "circleci.com/api/v2/me")
_V(_VT, "buildkite-token", "BUILDKITE_API_TOKEN", lambda: "bk" + "ua_" + _hex(40), 1)
_V(_VT, "fly-token", "FLY_API_TOKEN", lambda: "Fly" + "V1 fm2_" + _s(_R.randint(150, 220), _B64), 1)
_V(_VT, "twitter-bearer", "TWITTER_BEARER_TOKEN", lambda: "AAAAAAAAAAAAAAAAAAAAA" + _s(19, _B62) + "%3D" + _s(50), 1)
_V(_VT, "facebook-page-token", "FB_PAGE_ACCESS_TOKEN", lambda: "EA" + "AB" + _s(_R.randint(150, 190)), 1)
_V(_VT, "hubspot-private-app", "HUBSPOT_ACCESS_TOKEN", lambda: "pa" + "t-" + _pick(["na1", "eu1"]) + "-" + _uuid(), 2,
   "Authorization: Bearer {v}", "api.hubapi.com/crm/v3/objects/contacts")
_V(_VT, "age-secret-key", "SOPS_AGE_KEY", lambda: "AGE-" + "SECRET-KEY-1" + _s(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L".upper()), 2)
_V(_VT, "1password-service-account", "OP_SERVICE_ACCOUNT_TOKEN",
   lambda: "op" + "s_" + _ujson({"signInAddress": "acme.1password.com", "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256", "iterations": 650000, "salt": _b64u(16)}, "email": _s(12, _LA) + "@1passwordserviceaccounts.com", "srpX": _hex(64), "muk": {"alg": "A256GCM", "ext": True, "k": _b64u(32), "key_ops": ["encrypt", "decrypt"], "kty": "oct", "kid": "mp"}, "secretKey": "A3-" + _s(6, _UA) + "-" + _s(6, _UA) + "-" + _s(5, _UA), "deviceUuid": _s(26, _LA)}), 1)
_V(_VT, "azure-ad-client-secret", "AZURE_CLIENT_SECRET", lambda: _s(3) + "8Q~" + _s(34, _B62 + "~._-"), 3,
   None, None, "az login --service-principal -u 3f2b6a1c-9d0e-4b7a-a1c2-5e6f7a8b9c0d -p {v} --tenant acme.onmicrosoft.com")
_V(_VT, "azure-storage-account-key", "AZURE_STORAGE_KEY", lambda: _b64(64), 2, None, None,
   "az storage blob upload --account-name acmeartifacts --account-key {v} -c builds -f app.zip -n app.zip")
_V(_VT, "azure-openai-key", "AZURE_OPENAI_API_KEY", lambda: _hex(32), 2, "api-key: {v}", "acme-oai.openai.azure.com/openai/deployments/gpt4o/chat/completions?api-version=2024-02-01")
_V(_VT, "aws-secret-access-key", "AWS_SECRET_ACCESS_KEY", lambda: _s(40, _B62 + "+/"), 3,
   None, None, "aws configure set aws_secret_access_key {v} --profile deploy")
_V(_VT, "aws-session-token", "AWS_SESSION_TOKEN", lambda: "IQoJb3JpZ2luX2Vj" + _s(_R.randint(300, 420), _B64), 1)
_V(_VT, "supabase-pat", "SUPABASE_ACCESS_TOKEN", lambda: "sb" + "p_" + _hex(40), 2)
_V(_VT, "planetscale-password", "PLANETSCALE_DB_PASSWORD", lambda: "psc" + "ale_pw_" + _s(43, _B64U), 2)
_V(_VT, "planetscale-service-token", "PLANETSCALE_SERVICE_TOKEN", lambda: "psc" + "ale_tkn_" + _s(43, _B64U), 1)
_V(_VT, "resend-api-key", "RESEND_API_KEY", lambda: "r" + "e_" + _s(8) + "_" + _s(24), 2)
_V(_VT, "netlify-pat", "NETLIFY_AUTH_TOKEN", lambda: "nf" + "p_" + _s(36), 1)
_V(_VT, "dropbox-short-lived", "DROPBOX_ACCESS_TOKEN", lambda: "s" + "l." + _s(_R.randint(130, 140), _B64U), 1)
_V(_VT, "airtable-pat", "AIRTABLE_API_KEY", lambda: "pa" + "t" + _s(14) + "." + _hex(64), 2)
_V(_VT, "shippo-live-token", "SHIPPO_API_KEY", lambda: "shippo" + "_live_" + _hex(40), 1)
_V(_VT, "easypost-api-key", "EASYPOST_API_KEY", lambda: "EZ" + "AK" + _hex(54), 1)
_V(_VT, "flutterwave-secret", "FLW_SECRET_KEY", lambda: "FLW" + "SECK-" + _hex(32) + "-X", 1)
_V(_VT, "paystack-secret", "PAYSTACK_SECRET_KEY", lambda: "sk" + "_live_" + _hex(40), 1)
_V(_VT, "razorpay-key-secret", "RAZORPAY_KEY_SECRET", lambda: _s(24), 1)
_V(_VT, "adyen-api-key", "ADYEN_API_KEY", lambda: "AQE" + _s(3) + "mfxL" + _s(_R.randint(150, 190), _B62 + "+/=-"), 1,
   "X-API-Key: {v}", "checkout-test.adyen.com/v71/payments")
_V(_VT, "brevo-api-key", "BREVO_API_KEY", lambda: "xkey" + "sib-" + _hex(64) + "-" + _s(16), 1)
_V(_VT, "clerk-secret-key", "CLERK_SECRET_KEY", lambda: "sk" + "_test_" + _s(40), 1)
_V(_VT, "okta-api-token", "OKTA_API_TOKEN", lambda: "00" + _s(40, _B64U), 2, "Authorization: SSWS {v}", "acme.okta.com/api/v1/users?limit=5")
_V(_VT, "twilio-api-secret", "TWILIO_API_SECRET", lambda: _s(32), 1)
_V(_VT, "trello-token", "TRELLO_TOKEN", lambda: "AT" + "TA" + _hex(64) + _hexu8(), 1)
_V(_VT, "asana-pat", "ASANA_ACCESS_TOKEN", lambda: "2/" + str(_R.randint(10 ** 15, 10 ** 16)) + "/" + str(_R.randint(10 ** 15, 10 ** 16)) + ":" + _hex(32), 1,
   "Authorization: Bearer {v}", "app.asana.com/api/1.0/users/me")
_V(_VT, "clickup-pat", "CLICKUP_TOKEN", lambda: "p" + "k_" + str(_R.randint(10 ** 7, 10 ** 8)) + "_" + _s(32, _UA), 1)


def _hexu8():
    return _s(8, _HEXU)


# --- obscure / regional / data-eng / enterprise / self-hosted -----------------
_V(_UF, "snowflake-pat", "SNOWFLAKE_PAT", lambda: _jwt({"kid": str(_R.randint(10 ** 9, 10 ** 10)), "alg": "ES256"}, "ES256"), 2)
_V(_UF, "snowflake-password-env", "SNOWSQL_PWD", lambda: _pw(), 2, None, None,
   "SNOWSQL_PWD='{v}' snowsql -a xy12345.eu-central-1 -u SNOW_SVC -d ANALYTICS -w LOAD_WH")
_V(_UF, "snowflake-key-passphrase", "PRIVATE_KEY_PASSPHRASE", lambda: _pw(7), 2)
_V(_UF, "airflow-fernet-key", "AIRFLOW__CORE__FERNET_KEY", lambda: _b64u(32) + "=", 3)
_V(_UF, "airflow-webserver-secret", "AIRFLOW__WEBSERVER__SECRET_KEY", lambda: _hex(32), 2)
_V(_UF, "airflow-api-auth-jwt", "AIRFLOW__API_AUTH__JWT_SECRET", lambda: _s(40, _B64U), 1)
_V(_UF, "astronomer-api-token", "ASTRO_API_TOKEN", lambda: _jwt({"sub": "clx" + _s(21, _LA), "iss": "https://api.astronomer.io", "permissions": ["apiTokenId:cl" + _s(20, _LA)]}, "RS256"), 1)
_V(_UF, "prefect-api-key", "PREFECT_API_KEY", lambda: "pn" + "u_" + _s(36), 2, None, None, "prefect cloud login -k {v} --workspace acme/prod")
_V(_UF, "prefect-bot-key", "PREFECT_BOT_KEY", lambda: "pn" + "b_" + _s(36), 1)
_V(_UF, "dagster-cloud-token", "DAGSTER_CLOUD_API_TOKEN", lambda: "user:" + _hex(32), 2)
_V(_UF, "dagster-agent-token", "DAGSTER_AGENT_TOKEN", lambda: "agent:acme:" + _hex(32), 1)
_V(_UF, "fivetran-api-secret", "FIVETRAN_API_SECRET", lambda: _s(32), 2, None, None,
   "curl -u Xb9kQwR3mZ4pL7vN:{v} https://api.fivetran.com/v1/groups")
_V(_UF, "airbyte-client-secret", "AIRBYTE_CLIENT_SECRET", lambda: _s(32), 1)
_V(_UF, "hightouch-api-key", "HIGHTOUCH_API_KEY", lambda: _uuid(), 1, "Authorization: Bearer {v}", "api.hightouch.com/api/v1/syncs")
_V(_UF, "montecarlo-token", "MCD_TOKEN", lambda: _s(40, _B64U), 1)
_V(_UF, "confluent-cloud-secret", "CONFLUENT_CLOUD_API_SECRET", lambda: _s(64, _B64), 3)
_V(_UF, "kafka-sasl-password", "KAFKA_SASL_PASSWORD", lambda: _pw(), 2, None, None,
   "kcat -b broker-1.kafka.internal:9094 -X security.protocol=SASL_SSL -X sasl.mechanisms=SCRAM-SHA-512 -X sasl.username=svc-orders -X sasl.password={v} -L")
_V(_UF, "elastic-api-key-encoded", "ELASTIC_API_KEY", lambda: _b64t(_s(20, _B64U) + ":" + _s(22, _B64U)), 3,
   "Authorization: ApiKey {v}", "es01.logs.lan:9200/_cat/indices?v")
_V(_UF, "elastic-password", "ELASTIC_PASSWORD", lambda: _s(20, _B62 + "*=_"), 2, None, None,
   "curl -k -u elastic:{v} https://localhost:9200/_cluster/health")
_V(_UF, "kibana-encryption-key", "XPACK_SECURITY_ENCRYPTIONKEY", lambda: _hex(32), 1)
_V(_UF, "opensearch-admin-password", "OPENSEARCH_INITIAL_ADMIN_PASSWORD", lambda: _pw(5), 1)
_V(_UF, "clickhouse-cloud-secret", "CLICKHOUSE_KEY_SECRET", lambda: "4b1d" + _s(38), 1)
_V(_UF, "motherduck-token", "MOTHERDUCK_TOKEN", lambda: _jwt({"session": "acme.data", "email": "etl@acme.io", "userId": _uuid(), "iat": 1716000000 + _R.randint(0, 99999), "iss": "md_pat"}), 2)
_V(_UF, "tableau-pat-secret", "TABLEAU_PAT_SECRET", lambda: _b64(16) + ":" + _s(32), 2)
_V(_UF, "looker-client-secret", "LOOKERSDK_CLIENT_SECRET", lambda: _s(24), 2)
_V(_UF, "upstash-redis-token", "UPSTASH_REDIS_REST_TOKEN", lambda: "AX" + _s(4) + "ASQgOD" + _s(60, _B64U) + "=", 2,
   "Authorization: Bearer {v}", "eu1-proud-gecko-38211.upstash.io/get/session")
_V(_UF, "neon-db-password", "PGPASSWORD", lambda: "np" + "g_" + _s(12), 2)
_V(_UF, "turso-auth-token", "TURSO_AUTH_TOKEN", lambda: _jwt({"a": "rw", "iat": 1715000000, "id": _uuid()}, "HS512").replace("HS512", "EdDSA"), 1)
_V(_UF, "fauna-secret", "FAUNA_SECRET", lambda: "fn" + "A" + _s(37, _B64U), 1)
_V(_UF, "mongodb-atlas-private-key", "MONGODB_ATLAS_PRIVATE_KEY", lambda: _uuid(), 2, None, None,
   "atlas config set private_api_key {v}")
_V(_UF, "aiven-token", "AIVEN_TOKEN", lambda: _b64(_R.randint(200, 280)), 1, "Authorization: aivenv1 {v}", "api.aiven.io/v1/project")

# mobile
_V(_UF, "android-store-password", "ANDROID_KEYSTORE_PASSWORD", lambda: _pw(), 3, None, None,
   "./gradlew assembleRelease -Pandroid.injected.signing.store.file=release.jks -Pandroid.injected.signing.store.password={v} -Pandroid.injected.signing.key.alias=upload")
_V(_UF, "android-key-password", "ANDROID_KEY_PASSWORD", lambda: _pw(), 2, None, None,
   "apksigner sign --ks release.jks --ks-key-alias upload --ks-pass pass:hunter2x --key-pass pass:{v} app-release.apk")
_V(_UF, "app-store-app-specific-password", "FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD",
   lambda: "-".join(_s(4, _LO) for _ in range(4)), 3, None, None,
   "xcrun altool --upload-app -f build/Acme.ipa -t ios -u release@acme.io -p {v}")
_V(_UF, "fastlane-password", "FASTLANE_PASSWORD", lambda: _pw(), 1)
_V(_UF, "match-password", "MATCH_PASSWORD", lambda: _pw(7), 2)
_V(_UF, "expo-access-token", "EXPO_TOKEN", lambda: _s(40, _B64U), 2, None, None, "EXPO_TOKEN={v} eas build --platform android --non-interactive")
_V(_UF, "appcenter-api-token", "APPCENTER_API_TOKEN", lambda: _hex(40), 1, "X-API-Token: {v}", "api.appcenter.ms/v0.1/apps")
_V(_UF, "codemagic-token", "CM_API_TOKEN", lambda: _s(43, _B64U), 1, "x-auth-token: {v}", "api.codemagic.io/builds")
_V(_UF, "bitrise-pat", "BITRISE_TOKEN", lambda: _s(86, _B64U), 1, "Authorization: {v}", "api.bitrise.io/v0.1/apps")
_V(_UF, "onesignal-rest-key", "ONESIGNAL_REST_API_KEY", lambda: "os_v2_app_" + _s(56, _LA.replace("0", "").replace("1", "")), 1,
   "Authorization: Key {v}", "api.onesignal.com/notifications")
_V(_UF, "revenuecat-secret", "REVENUECAT_SECRET_KEY", lambda: "sk" + "_" + _s(32), 1)
_V(_UF, "branch-secret", "BRANCH_SECRET", lambda: "secret" + "_live_" + _s(32), 1)
_V(_UF, "firebase-ci-token", "FIREBASE_TOKEN", lambda: "1//" + _s(_R.randint(96, 103), _B64U), 2, None, None,
   "firebase deploy --only hosting --token {v}")

# games and media
_V(_UF, "steam-web-api-key", "STEAM_API_KEY", lambda: _s(32, _HEXU), 2, None, None,
   "curl 'https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v2/?key={v}&steamids=76561198000000000'")
_V(_UF, "twitch-client-secret", "TWITCH_CLIENT_SECRET", lambda: _s(30, _LA), 2)
_V(_UF, "twitch-oauth-token", "TWITCH_OAUTH", lambda: "oauth:" + _s(30, _LA), 1)
_V(_UF, "unity-serial", "UNITY_SERIAL", lambda: "E3-" + "-".join(_s(4, _UA) for _ in range(5)), 1)
_V(_UF, "unity-password", "UNITY_PASSWORD", lambda: _pw(), 1)
_V(_UF, "epic-eos-client-secret", "EOS_CLIENT_SECRET", lambda: _s(43, _B64U), 1)
_V(_UF, "playfab-secret-key", "PLAYFAB_SECRET_KEY", lambda: _s(52, _UA), 1, "X-SecretKey: {v}", "A1B2C.playfabapi.com/Server/GetUserData")
_V(_UF, "riot-api-key", "RIOT_API_KEY", lambda: "RG" + "API-" + _uuid(), 1, "X-Riot-Token: {v}", "euw1.api.riotgames.com/lol/status/v4/platform-data")
_V(_UF, "agora-app-certificate", "AGORA_APP_CERTIFICATE", lambda: _hex(32), 1)
_V(_UF, "mux-token-secret", "MUX_TOKEN_SECRET", lambda: _s(75, _B64), 2)
_V(_UF, "vimeo-access-token", "VIMEO_ACCESS_TOKEN", lambda: _hex(32), 1, "Authorization: bearer {v}", "api.vimeo.com/me/videos")
_V(_UF, "spotify-client-secret", "SPOTIFY_CLIENT_SECRET", lambda: _hex(32), 1)
_V(_UF, "cloudinary-api-secret", "CLOUDINARY_API_SECRET", lambda: _s(27, _B64U), 1)
_V(_UF, "livekit-api-secret", "LIVEKIT_API_SECRET", lambda: _s(44), 1)
_V(_UF, "jwplayer-secret", "JWPLAYER_API_SECRET", lambda: _s(48, _B62), 1)

# fintech / crypto
_V(_UF, "plaid-secret", "PLAID_SECRET", lambda: _hex(30), 2)
_V(_UF, "binance-api-secret", "BINANCE_API_SECRET", lambda: _s(64), 2)
_V(_UF, "kraken-private-key", "KRAKEN_PRIVATE_KEY", lambda: _b64(64), 1)
_V(_UF, "coinbase-api-secret", "COINBASE_API_SECRET", lambda: _s(32), 1)
_V(_UF, "bybit-api-secret", "BYBIT_API_SECRET", lambda: _s(36), 1)
_V(_UF, "alchemy-api-key", "ALCHEMY_API_KEY", lambda: _s(32, _B64U), 2)
_V(_UF, "alchemy-rpc-url", "ETH_RPC_URL", lambda: "https://eth-mainnet.g.alchemy.com/v2/" + _s(32, _B64U), 2, None, None,
   "forge script script/Deploy.s.sol --rpc-url {v} --broadcast")
_V(_UF, "quicknode-endpoint", "QUICKNODE_URL", lambda: "https://" + "-".join(_R.sample(_WORDS, 3)) + ".solana-mainnet.quiknode.pro/" + _hex(40) + "/", 1)
_V(_UF, "infura-project-secret", "INFURA_PROJECT_SECRET", lambda: _hex(32), 1)
_V(_UF, "etherscan-api-key", "ETHERSCAN_API_KEY", lambda: _s(34, _UA), 2, None, None,
   "forge verify-contract 0x5FbDB2315678afecb367f032d93F642f64180aa3 src/Vault.sol:Vault --etherscan-api-key {v}")
_V(_UF, "moralis-api-key", "MORALIS_API_KEY", lambda: _jwt({"nonce": _uuid(), "orgId": str(_R.randint(10 ** 5, 10 ** 6)), "userId": str(_R.randint(10 ** 5, 10 ** 6)), "typeId": _uuid(), "type": "PROJECT"}), 1)
_V(_UF, "wise-api-token", "WISE_API_TOKEN", lambda: _uuid(), 1, "Authorization: Bearer {v}", "api.transferwise.com/v1/profiles")
_V(_UF, "mollie-live-key", "MOLLIE_API_KEY", lambda: "li" + "ve_" + _s(30), 1)
_V(_UF, "gocardless-token", "GOCARDLESS_ACCESS_TOKEN", lambda: "li" + "ve_" + _s(40, _B64U), 1)
_V(_UF, "checkout-com-secret", "CKO_SECRET_KEY", lambda: "sk" + "_sbox_" + _s(26, _LA), 1)
_V(_UF, "lemonsqueezy-key", "LEMONSQUEEZY_API_KEY", lambda: _jwt({"aud": "94d59cef-dbb8-4ea5-b178-d2540fcd6919", "jti": _hex(64), "iat": 1716000000, "sub": str(_R.randint(10 ** 5, 10 ** 6)), "scopes": []}, "RS256"), 1)

# enterprise
_V(_UF, "salesforce-consumer-secret", "SF_CONSUMER_SECRET", lambda: _s(64, _HEXU), 2)
_V(_UF, "salesforce-access-token", "SFDX_ACCESS_TOKEN", lambda: "00D" + _s(12, _UA) + "!AQ" + _s(3) + "AQ" + _s(_R.randint(90, 100), _B62 + "._"), 2,
   "Authorization: Bearer {v}", "acme.my.salesforce.com/services/data/v60.0/sobjects/Account")
_V(_UF, "salesforce-security-token", "SF_SECURITY_TOKEN", lambda: _s(25), 1)
_V(_UF, "servicenow-client-secret", "SN_CLIENT_SECRET", lambda: _s(_R.randint(10, 16), _B62 + "!#$%&()*+,-.:;<=>?@[]^_{|}~").replace("'", "").replace('"', "").replace("\\", "") + _s(6), 1)
_V(_UF, "servicenow-password", "SN_PASSWORD", lambda: _pw(), 1, None, None,
   "curl -u integration.user:'{v}' 'https://acme.service-now.com/api/now/table/incident?sysparm_limit=1'")
_V(_UF, "sap-btp-clientsecret", "UAA_CLIENTSECRET", lambda: _uuid() + "$" + _s(43, _B64U) + "=", 2)
_V(_UF, "sap-rfc-password", "SAP_RFC_PASSWD", lambda: _pw(), 1)
_V(_UF, "oracle-oci-auth-token", "OCI_AUTH_TOKEN", lambda: _s(20, _B62 + ")(;:<>.+-_[]{}") , 1)
_V(_UF, "oracle-wallet-password", "WALLET_PASSWORD", lambda: _pw(), 1)
_V(_UF, "ibm-cloud-api-key", "IBMCLOUD_API_KEY", lambda: _s(44, _B64U), 3, None, None,
   "ibmcloud login --apikey {v} -r eu-de -g prod")
_V(_UF, "ibm-cos-hmac-secret", "COS_HMAC_SECRET_ACCESS_KEY", lambda: _hex(48), 1)
_V(_UF, "workday-client-secret", "WORKDAY_CLIENT_SECRET", lambda: _s(_R.randint(50, 70), _LA), 1)
_V(_UF, "dynamics365-client-secret", "D365_CLIENT_SECRET", lambda: _s(3) + "8Q~" + _s(34, _B62 + "~._-"), 1)
_V(_UF, "zendesk-api-token", "ZENDESK_API_TOKEN", lambda: _s(40), 1, None, None,
   "curl https://acme.zendesk.com/api/v2/tickets.json -u agent@acme.io/token:{v}")
_V(_UF, "docusign-secret", "DOCUSIGN_CLIENT_SECRET", lambda: _uuid(), 1)
_V(_UF, "netsuite-token-secret", "NS_TOKEN_SECRET", lambda: _hex(64), 1)

# networking / vpn / iot
_V(_UF, "wireguard-private-key", "WG_PRIVATE_KEY", lambda: _b64(32), 2, None, None,
   "wg set wg0 private-key <(echo {v}) listen-port 51820")
_V(_UF, "ipsec-psk", "IPSEC_PSK", lambda: _pw(5, sym="!#%*-_.+="), 2)
_V(_UF, "openvpn-auth-password", "OPENVPN_PASSWORD", lambda: _pw(), 1)
_V(_UF, "radius-shared-secret", "RADIUS_SECRET", lambda: _s(_R.randint(16, 24)), 2)
_V(_UF, "snmpv3-auth-pass", "SNMP_AUTH_PASS", lambda: _pw(), 1, None, None,
   "snmpwalk -v3 -l authPriv -u netmon -a SHA -A {v} -x AES -X Priv8Key77x 10.0.0.1 ifTable")
_V(_UF, "zerotier-api-token", "ZT_API_TOKEN", lambda: _s(32), 1, "Authorization: token {v}", "api.zerotier.com/api/v1/network")
_V(_UF, "netbird-setup-key", "NB_SETUP_KEY", lambda: _uuid().upper(), 1, None, None, "netbird up --setup-key {v}")
_V(_UF, "cloudflare-tunnel-token", "TUNNEL_TOKEN", lambda: _b64t(json.dumps({"a": _hex(32), "t": _uuid(), "s": _b64(32)}, separators=(",", ":"))), 2,
   None, None, "cloudflared tunnel --no-autoupdate run --token {v}")
_V(_UF, "ngrok-authtoken", "NGROK_AUTHTOKEN", lambda: "2" + _s(26) + "_" + _s(21), 2, None, None, "ngrok config add-authtoken {v}")
_V(_UF, "meraki-api-key", "MERAKI_DASHBOARD_API_KEY", lambda: _hex(40), 1, "X-Cisco-Meraki-API-Key: {v}", "api.meraki.com/api/v1/organizations")
_V(_UF, "unifi-password", "UNIFI_PASSWORD", lambda: _pw(), 1)
_V(_UF, "fortigate-api-token", "FORTIGATE_API_KEY", lambda: _s(30, _LA), 1, "Authorization: Bearer {v}", "10.0.0.1/api/v2/monitor/system/status")
_V(_UF, "paloalto-api-key", "PANOS_API_KEY", lambda: "LUFRPT" + _s(_R.randint(60, 90), _B64) + "==", 1)
_V(_UF, "azure-iot-device-key", "IOTHUB_DEVICE_KEY", lambda: _b64(32), 2)
_V(_UF, "particle-access-token", "PARTICLE_ACCESS_TOKEN", lambda: _hex(40), 1, None, None,
   "particle login --token {v}")
_V(_UF, "tuya-access-secret", "TUYA_ACCESS_SECRET", lambda: _hex(32), 1)
_V(_UF, "home-assistant-llat", "HASS_TOKEN", lambda: _jwt({"iss": _hex(32), "iat": 1712000000, "exp": 2027360000}, "HS256"), 2,
   "Authorization: Bearer {v}", "homeassistant.local:8123/api/states")
_V(_UF, "esphome-api-key", "ESPHOME_API_KEY", lambda: _b64(32), 1)
_V(_UF, "mqtt-password", "MQTT_PASSWORD", lambda: _pw(), 2, None, None,
   "mosquitto_pub -h broker.home.arpa -p 8883 -u sensor-hub -P {v} -t home/attic/temp -m 21.4")
_V(_UF, "thingsboard-device-token", "TB_ACCESS_TOKEN", lambda: _s(20), 1, None, None,
   "curl -v -X POST http://tb.iot.lan:8080/api/v1/{v}/telemetry -H 'Content-Type: application/json' -d '{{\"temp\":25}}'")
_V(_UF, "blynk-auth-token", "BLYNK_AUTH_TOKEN", lambda: _s(32, _B64U), 1)
_V(_UF, "balena-api-key", "BALENA_API_KEY", lambda: _s(32), 1)
_V(_UF, "golioth-psk", "GOLIOTH_PSK", lambda: _s(24), 1)

# self-hosted
_V(_UF, "gitea-access-token", "GITEA_TOKEN", lambda: _hex(40), 3, "Authorization: token {v}", "gitea.lab.local/api/v1/user/repos")
_V(_UF, "gitea-runner-registration", "GITEA_RUNNER_REGISTRATION_TOKEN", lambda: _s(40), 1, None, None,
   "act_runner register --no-interactive --instance https://gitea.lab.local --token {v}")
_V(_UF, "forgejo-token", "FORGEJO_TOKEN", lambda: _hex(40), 1)
_V(_UF, "jenkins-api-token", "JENKINS_API_TOKEN", lambda: "11" + _hex(32), 3, None, None,
   "curl -X POST -u jenkins-bot:{v} https://ci.globex.dev/job/api-deploy/buildWithParameters?ENV=prod")
_V(_UF, "nextcloud-app-password", "NEXTCLOUD_APP_PASSWORD", lambda: "-".join(_s(5) for _ in range(5)), 3, None, None,
   "rclone config create nc webdav url=https://cloud.initech.net/remote.php/dav/files/backup vendor=nextcloud user=backup pass={v}")
_V(_UF, "grafana-admin-password", "GF_SECURITY_ADMIN_PASSWORD", lambda: _pw(), 2, None, None,
   "grafana-cli admin reset-admin-password {v}")
_V(_UF, "grafana-secret-key", "GF_SECURITY_SECRET_KEY", lambda: _s(20), 1)
_V(_UF, "vault-unseal-key", "VAULT_UNSEAL_KEY_1", lambda: _b64(33), 2, None, None, "vault operator unseal {v}")
_V(_UF, "vault-approle-secret-id", "VAULT_SECRET_ID", lambda: _uuid(), 2)
_V(_UF, "harbor-robot-secret", "HARBOR_ROBOT_SECRET", lambda: _s(32), 2, None, None,
   "docker login harbor.acme.lan -u 'robot$ci-push' -p {v}")
_V(_UF, "keycloak-client-secret", "KEYCLOAK_CLIENT_SECRET", lambda: _s(32), 2)
_V(_UF, "minio-root-password", "MINIO_ROOT_PASSWORD", lambda: _pw(), 2)
_V(_UF, "woodpecker-agent-secret", "WOODPECKER_AGENT_SECRET", lambda: _hex(64), 1)
_V(_UF, "drone-rpc-secret", "DRONE_RPC_SECRET", lambda: _hex(32), 1)
_V(_UF, "outline-secret-key", "SECRET_KEY", lambda: _hex(64), 1)
_V(_UF, "mattermost-bot-token", "MM_BOT_TOKEN", lambda: _s(26, _LA), 1, "Authorization: Bearer {v}", "chat.acme.lan/api/v4/posts")
_V(_UF, "rocketchat-token", "ROCKETCHAT_AUTH_TOKEN", lambda: _s(43, _B64U), 1)
_V(_UF, "n8n-encryption-key", "N8N_ENCRYPTION_KEY", lambda: _s(32), 1)
_V(_UF, "authentik-token", "AUTHENTIK_TOKEN", lambda: _s(60), 1)
_V(_UF, "paperless-secret", "PAPERLESS_SECRET_KEY", lambda: _s(50, _B62 + "!@#%^&*(-_=+)"), 1)
_V(_UF, "immich-api-key", "IMMICH_API_KEY", lambda: _s(43), 1, "x-api-key: {v}", "photos.home.arpa/api/server/about")
_V(_UF, "semaphore-access-key", "SEMAPHORE_ACCESS_KEY_ENCRYPTION", lambda: _b64(32), 1)
_V(_UF, "nexus-password", "NEXUS_PASSWORD", lambda: _pw(), 1)
_V(_UF, "argocd-auth-token", "ARGOCD_AUTH_TOKEN", lambda: _jwt({"iss": "argocd", "sub": "ci:apiKey", "nbf": 1710000000, "iat": 1710000000, "jti": _uuid()}), 1)
_V(_UF, "rundeck-token", "RD_TOKEN", lambda: _s(32), 1, "X-Rundeck-Auth-Token: {v}", "rundeck.ops.lan:4440/api/45/projects")
_V(_UF, "uptime-kuma-push", "KUMA_PUSH_TOKEN", lambda: _s(10) + _s(_R.randint(0, 22)), 1)

# regional / smaller cloud providers
_V(_UF, "alibaba-access-key-secret", "ALIBABA_CLOUD_ACCESS_KEY_SECRET", lambda: _s(30), 2, None, None,
   "aliyun configure set --profile prod --mode AK --region cn-hangzhou --access-key-id LTAI5t" + "Q8xR2vN7mK4pWj9" + " --access-key-secret {v}")
_V(_UF, "tencent-secret-key", "TENCENTCLOUD_SECRET_KEY", lambda: _s(32), 2, None, None, "tccli configure set secretKey {v}")
_V(_UF, "huawei-secret-key", "HUAWEICLOUD_SDK_SK", lambda: _s(40), 1)
_V(_UF, "baidu-bce-secret", "BCE_SECRET_ACCESS_KEY", lambda: _hex(32), 1)
_V(_UF, "volcengine-secret", "VOLC_SECRETKEY", lambda: _b64(42), 1)
_V(_UF, "yandex-oauth", "YC_TOKEN", lambda: "y0" + "_" + _s(55, _B64U), 2, None, None, "yc config set token {v}")
_V(_UF, "yandex-iam-token", "YC_IAM_TOKEN", lambda: "t1." + "9euelZq" + _s(_R.randint(160, 220), _B64U) + "." + _s(86, _B64U), 1)
_V(_UF, "yandex-api-key", "YANDEX_API_KEY", lambda: "AQV" + "N" + _s(36, _B64U), 1, "Authorization: Api-Key {v}", "llm.api.cloud.yandex.net/foundationModels/v1/completion")
_V(_UF, "hetzner-cloud-token", "HCLOUD_TOKEN", lambda: _s(64), 3)
_V(_UF, "hetzner-dns-token", "HETZNER_DNS_API_TOKEN", lambda: _s(32), 1, "Auth-API-Token: {v}", "dns.hetzner.com/api/v1/zones")
_V(_UF, "ovh-application-secret", "OVH_APPLICATION_SECRET", lambda: _hex(32), 2)
_V(_UF, "ovh-consumer-key", "OVH_CONSUMER_KEY", lambda: _hex(32), 1)
_V(_UF, "scaleway-secret-key", "SCW_SECRET_KEY", lambda: _uuid(), 2, "X-Auth-Token: {v}", "api.scaleway.com/instance/v1/zones/fr-par-1/servers")
_V(_UF, "linode-token", "LINODE_TOKEN", lambda: _hex(64), 2, "Authorization: Bearer {v}", "api.linode.com/v4/linode/instances")
_V(_UF, "vultr-api-key", "VULTR_API_KEY", lambda: _s(36, _UA), 2)
_V(_UF, "exoscale-secret", "EXOSCALE_API_SECRET", lambda: _s(43, _B64U), 1)
_V(_UF, "upcloud-password", "UPCLOUD_PASSWORD", lambda: _pw(), 1)
_V(_UF, "ionos-token", "IONOS_TOKEN", lambda: _jwt({"kid": _uuid(), "typ": "JWT"}, "RS256"), 1)
_V(_UF, "selectel-token", "SEL_TOKEN", lambda: _s(25) + "_" + str(_R.randint(10 ** 5, 10 ** 6)), 1)
_V(_UF, "naver-ncloud-secret", "NCLOUD_SECRET_KEY", lambda: _s(40), 1)
_V(_UF, "kakao-rest-key", "KAKAO_REST_API_KEY", lambda: _hex(32), 1, "Authorization: KakaoAK {v}", "dapi.kakao.com/v2/local/search/address.json")
_V(_UF, "stackit-sa-key", "STACKIT_SERVICE_ACCOUNT_TOKEN", lambda: _jwt({"iss": "stackit", "sub": _uuid()}, "RS256"), 1)
_V(_UF, "backblaze-app-key", "B2_APPLICATION_KEY", lambda: "K00" + _s(28, _B62 + "/+"), 2, None, None,
   "b2 account authorize 0024a1b2c3d4e5f0000000003 {v}")
_V(_UF, "wasabi-secret", "WASABI_SECRET_KEY", lambda: _s(40, _UA), 1)
_V(_UF, "cloudflare-r2-secret", "R2_SECRET_ACCESS_KEY", lambda: _hex(64), 1)
_V(_UF, "cloudflare-api-token", "CLOUDFLARE_API_TOKEN", lambda: _s(40, _B64U), 2, "Authorization: Bearer {v}", "api.cloudflare.com/client/v4/user/tokens/verify")
_V(_UF, "cloudflare-global-key", "CF_API_KEY", lambda: _hex(37), 1, "X-Auth-Key: {v}", "api.cloudflare.com/client/v4/zones")
_V(_UF, "bunny-access-key", "BUNNY_API_KEY", lambda: _uuid() + "-" + _uuid()[:18], 1, "AccessKey: {v}", "api.bunny.net/pullzone")
_V(_UF, "render-api-key", "RENDER_API_KEY", lambda: "rn" + "d_" + _s(32), 1)
_V(_UF, "railway-token", "RAILWAY_TOKEN", lambda: _uuid(), 1)
_V(_UF, "koyeb-token", "KOYEB_TOKEN", lambda: _s(64, _LA), 1)
_V(_UF, "postmark-server-token", "POSTMARK_SERVER_TOKEN", lambda: _uuid(), 2, "X-Postmark-Server-Token: {v}", "api.postmarkapp.com/email")
_V(_UF, "launchdarkly-sdk-key", "LD_SDK_KEY", lambda: "sd" + "k-" + _uuid(), 1)
_V(_UF, "segment-write-key", "SEGMENT_WRITE_KEY", lambda: _s(32), 1)
_V(_UF, "algolia-admin-key", "ALGOLIA_ADMIN_KEY", lambda: _hex(32), 1, "X-Algolia-API-Key: {v}", "ACME1XYZ2.algolia.net/1/indexes")
_V(_UF, "pagerduty-api-key", "PAGERDUTY_TOKEN", lambda: "u+" + _s(18, _B64U), 1, "Authorization: Token token={v}", "api.pagerduty.com/incidents")
_V(_UF, "opsgenie-api-key", "OPSGENIE_API_KEY", lambda: _uuid(), 1, "Authorization: GenieKey {v}", "api.opsgenie.com/v2/alerts")
_V(_UF, "ably-api-key", "ABLY_API_KEY", lambda: _s(6) + "." + _s(6) + ":" + _s(43, _B64U), 1)
_V(_UF, "pusher-app-secret", "PUSHER_APP_SECRET", lambda: _hex(20), 1)
_V(_UF, "vonage-api-secret", "VONAGE_API_SECRET", lambda: _s(16), 1)
_V(_UF, "plivo-auth-token", "PLIVO_AUTH_TOKEN", lambda: _s(40), 1)
_V(_UF, "bitwarden-sm-token", "BWS_ACCESS_TOKEN", lambda: "0." + _uuid() + "." + _s(30) + ":" + _b64(16), 2, None, None,
   "bws secret list --access-token {v}")
_V(_UF, "infisical-service-token", "INFISICAL_TOKEN", lambda: "st." + _uuid() + "." + _hex(32) + "." + _hex(32), 1)
_V(_UF, "akeyless-access-key", "AKEYLESS_ACCESS_KEY", lambda: _b64(32), 1)
_V(_UF, "intercom-access-token", "INTERCOM_TOKEN", lambda: "dG9rOj" + _s(54, _B64) + "=", 1)
_V(_UF, "typeform-pat", "TYPEFORM_TOKEN", lambda: "tf" + "p_" + _s(44, _B64U), 1)
_V(_UF, "zoom-client-secret", "ZOOM_CLIENT_SECRET", lambda: _s(32), 1)
_V(_UF, "box-client-secret", "BOX_CLIENT_SECRET", lambda: _s(32), 1)

# --- internal company token schemes (invented) -------------------------------
_V(_UF, "internal-acme-svc-token", "ACME_SVC_TOKEN", lambda: "acme" + "_svc_" + _pick(["prd", "stg"]) + "_" + _s(40, _LA), 3)
_V(_UF, "internal-hooli-v2", "HOOLI_API_TOKEN", lambda: "hooli.v2." + _b64u(24) + "." + _hex(12), 2)
_V(_UF, "internal-globex-relay", "GLOBEX_RELAY_KEY", lambda: "gbx-rk-" + _s(6, _LA) + "-" + _s(32, _B32), 2)
_V(_UF, "internal-initech-tps", "TPS_REPORT_TOKEN", lambda: "ITK" + str(_R.randint(1, 9)) + "-" + "-".join(_s(5, _UA) for _ in range(4)), 2)
_V(_UF, "internal-northwind-hmac", "NW_WEBHOOK_HMAC", lambda: "nwh_" + _b64(32).rstrip("="), 2)
_V(_UF, "internal-umbrella-deploy", "UMB_DEPLOY_KEY", lambda: "UMB/" + _s(8, _UA) + "/" + _s(24, _B62), 2)
_V(_UF, "internal-contoso-edge", "CONTOSO_EDGE_SECRET", lambda: "ce1." + _hex(16) + "." + _s(43, _B64U), 2)
_V(_UF, "internal-fabrikam-lic", "FAB_LICENSE_KEY", lambda: "FBK-" + _s(4, _UA) + "-" + _s(12, _B32) + "-" + _s(12, _B32), 2)
_V(_UF, "internal-tailspin-sess", "TSP_SESSION_SIGNING_KEY", lambda: "tsp:sk:" + _b64(48), 2)
_V(_UF, "internal-wayne-mtls-pass", "WAYNE_CLIENT_P12_PASSWORD", lambda: _pw(), 1)
_V(_UF, "internal-stark-jarvis", "JARVIS_KEY", lambda: "sj_" + _s(2, _LA) + "_" + _hex(48), 2)
_V(_UF, "internal-cyberdyne-skynet", "SKYNET_NODE_SECRET", lambda: "cdy~" + _s(30, _B62 + "~") + "~", 2)
_V(_UF, "internal-tyrell-replicant", "TYRELL_API_KEY", lambda: "nexus6-" + _s(8, _LA) + "-" + _s(8, _LA) + "-" + _s(8, _LA) + "-" + _s(8, _LA), 2)
_V(_UF, "internal-vandelay-import", "VANDELAY_IMPORT_TOKEN", lambda: "vdl|" + str(_R.randint(1000, 9999)) + "|" + _s(36, _B64U), 2)
_V(_UF, "internal-soylent-batch", "SOYLENT_BATCH_KEY", lambda: "SG" + _s(2, _UP) + "." + _s(40, _B32).lower(), 2)
_V(_UF, "internal-wonka-golden", "WONKA_GOLDEN_TICKET", lambda: "gt_" + _s(4, _D) + "_" + _s(26, "0123456789ABCDEFGHJKMNPQRSTVWXYZ"), 2)
_V(_UF, "internal-bluth-banana", "BANANA_STAND_SECRET", lambda: "bb$" + _s(28, _B62) + "$", 2)
_V(_UF, "internal-dunder-paper", "DM_PAPER_API_KEY", lambda: "dmp-" + _s(10, _LA) + _s(22, _B62), 2)
_V(_UF, "internal-piedpiper-mw", "MIDDLEOUT_KEY", lambda: "pp:mo:" + _hex(24) + ":" + _hex(24), 2)
_V(_UF, "internal-kestrel-oidc", "KESTREL_OIDC_SECRET", lambda: "kst_cs_" + _s(48, _B64U), 2)
_V(_UF, "internal-gateway-hmac", "GATEWAY_SIGNING_SECRET", lambda: _hex(64), 2)
_V(_UF, "internal-featureflag-admin", "FLAGR_ADMIN_KEY", lambda: "ffadm." + _s(16, _LA) + "." + _s(32), 1)
_V(_UF, "internal-sso-bridge", "SSO_BRIDGE_SHARED_SECRET", lambda: _s(48, _B64), 1)
_V(_UF, "internal-ledger-writer", "LEDGER_WRITER_TOKEN", lambda: "lw-v3-" + _s(56, _LA), 1)
_V(_UF, "internal-edge-cache-purge", "PURGE_KEY", lambda: "purge_" + _s(32, _B62), 1)
_V(_UF, "internal-telemetry-ingest", "TELEMETRY_INGEST_KEY", lambda: "tik_" + _s(4, _LA) + "_" + _s(40, _B64U), 1)
_V(_UF, "internal-batch-runner", "BATCH_RUNNER_PSK", lambda: "-".join(_s(6, _UA) for _ in range(6)), 1)
_V(_UF, "internal-partner-portal", "PARTNER_PORTAL_KEY", lambda: "ppk_live_" + _s(30, _B62), 1)
_V(_UF, "internal-warehouse-loader", "WH_LOADER_SECRET", lambda: "whl." + _b64u(30), 1)
_V(_UF, "internal-billing-callback", "BILLING_CALLBACK_SECRET", lambda: "bcb_" + _hex(40), 1)


def _gen_vendor():
    for group, fmt, env, maker, n, hdr, host, cli in _VSPECS:
        used = set()
        for i in range(n):
            v = maker()
            choice = _R.random()
            if cli and i == 0 and choice < 0.8:
                text = cli.format(v=v)
                vis = ""
            elif hdr and (i == 1 or (i == 0 and not cli)) and choice < 0.85:
                h = hdr.format(v=v)
                style = _R.randint(0, 4)
                if style == 0:
                    text = 'curl -sS -H "%s" https://%s' % (h, host)
                elif style == 1:
                    text = "curl -s https://%s \\\n  -H '%s' \\\n  -H 'Accept: application/json'" % (host, h)
                elif style == 2:
                    k, _, val = h.partition(": ")
                    text = 'requests.get("https://%s", headers={"%s": "%s"}, timeout=10)' % (host, k, val)
                elif style == 3:
                    k, _, val = h.partition(": ")
                    text = "http GET https://%s '%s:%s'" % (host, k, val)
                else:
                    k, _, val = h.partition(": ")
                    text = "fetch('https://%s', { headers: { '%s': `%s` } })" % (host, k, val)
                vis = h.split(":")[0]
            else:
                for _ in range(5):
                    j = _R.randrange(len(_CTX))
                    if j not in used:
                        break
                used.add(j)
                text = _CTX[j](env, v)
                vis = env
            add(group, fmt, _wrap(text), v, vis)


# ---------------------------------------------------------------------------
# credential files pasted or echoed
# ---------------------------------------------------------------------------
_CF = "credential-file"
_URLSAFE = "!*-_.~"


def _gen_credfiles():
    # .pgpass
    for i in range(5):
        u, p = _user(), _pw(sym="!#%*-_.+=@")
        host = _pick([_host(), "*", "localhost"])
        port = _pick(["5432", "*", "6432"])
        db = _pick(["orders", "*", "analytics", "postgres", "warehouse"])
        line = "%s:%s:%s:%s:%s" % (host, port, db, u, p)
        t = _pick([
            "cat ~/.pgpass\n" + line,
            "echo '%s' >> ~/.pgpass && chmod 600 ~/.pgpass" % line,
            "# ~/.pgpass\nlocalhost:5432:*:postgres:%s\n%s" % (_pw(6), line),
            line,
            "added pgpass entry `%s` for the nightly dump" % line,
        ])
        add(_CF, "pgpass-line", t, p, u)
    p = _pw()
    add(_CF, "pgpass-wildcard", "*:*:*:replicator:" + p, p, "replicator")
    p = _pw(1)
    add(_CF, "pgpass-wildcard", "printf '*:*:*:%s:%s\\n' > /root/.pgpass" % ("etl_loader", p), p, "etl_loader")

    # .netrc
    for i in range(6):
        u, p = _user(), _pw(sym="!#%*-_.+=@")
        m = _pick(["api.heroku.com", "github.com", "gitlab.acme.dev", "ftp.partner.example", "urs.earthdata.nasa.gov", "nexus.acme.lan"])
        style = i % 3
        if style == 0:
            t = "machine %s login %s password %s" % (m, u, p)
        elif style == 1:
            t = "machine %s\n  login %s\n  password %s\n" % (m, u, p)
        else:
            t = "cat ~/.netrc\nmachine %s\n    login %s\n    password %s\ndefault login anonymous password guest@" % (m, u, p)
        add(_CF, "netrc-entry", t, p, u)
    p = _pw()
    add(_CF, "netrc-default", "default login deploy password " + p, p, "deploy")
    tok = "gh" + "p_" + _s(36)
    add(_CF, "netrc-token-password", "machine api.github.com login x-oauth-basic password " + tok, tok, "api.github.com")

    # docker config.json auths
    for i in range(5):
        u, p = _user(), _pw()
        a = _b64t(u + ":" + p)
        reg = _pick(["https://index.docker.io/v1/", "ghcr.io", "harbor.acme.lan", "registry.gitlab.com", "123456789012.dkr.ecr.eu-west-1.amazonaws.com", "acme.azurecr.io"])
        if i % 2:
            t = '{\n  "auths": {\n    "%s": {\n      "auth": "%s"\n    }\n  }\n}' % (reg, a)
        else:
            t = 'cat ~/.docker/config.json -> {"auths":{"%s":{"auth":"%s"}},"credsStore":""}' % (reg, a)
        add(_CF, "docker-config-auth", t, a, reg)
    it = _jwt()
    add(_CF, "docker-config-identitytoken", '{"auths": {"acme.azurecr.io": {"auth": "", "identitytoken": "%s"}}}' % it, it, "identitytoken")
    u, p = "_json_key", _pw(6)
    a = _b64t("oauth2accesstoken:" + "ya29." + _s(120, _B64U))
    add(_CF, "docker-config-auth-gcr", '"gcr.io": { "auth": "%s" }' % a, a, "gcr.io")

    # .npmrc
    for i in range(3):
        tok = "np" + "m_" + _s(36)
        t = _pick(["//registry.npmjs.org/:_authToken=%s", "@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%s",
                   "cat .npmrc\nregistry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=\"%s\""]) % tok
        add(_CF, "npmrc-authtoken", t, tok, "_authToken")
    tok = _s(64, _B64U)
    add(_CF, "npmrc-authtoken-artifactory", "//acme.jfrog.io/artifactory/api/npm/npm-virtual/:_authToken=" + tok, tok, "_authToken")
    a = _b64t("deploy:" + _pw())
    add(_CF, "npmrc-auth-basic", "_auth=%s\nalways-auth=true\nemail=ci@acme.io" % a, a, "_auth")
    pb = _b64t(_pw())
    add(_CF, "npmrc-password-b64", "//nexus.acme.lan/repository/npm-private/:username=ci\n//nexus.acme.lan/repository/npm-private/:_password=" + pb, pb, "_password")
    tok = "np" + "m_" + _s(36)
    add(_CF, "yarnrc-npmauthtoken", 'npmScopes:\n  acme:\n    npmRegistryServer: "https://registry.npmjs.org"\n    npmAuthToken: "%s"' % tok, tok, "npmAuthToken")

    # .pypirc
    for i in range(3):
        if i == 0:
            v = "py" + "pi-" + "AgEIcHlwaS5vcmc" + _s(120, _B64U)
            t = "[pypi]\nusername = __token__\npassword = %s" % v
        else:
            v = _pw()
            t = "[distutils]\nindex-servers = internal\n\n[internal]\nrepository = https://nexus.acme.lan/repository/pypi-internal/\nusername = %s\npassword: %s" % (_user(), v)
        add(_CF, "pypirc-password", t, v, "password")
    # pip.conf
    u, p = _user(), _pw(sym=_URLSAFE)
    t = "[global]\nindex-url = https://%s:%s@pypi.acme.lan/simple/\ntrusted-host = pypi.acme.lan" % (u, p)
    add(_CF, "pip-conf-index-url", t, p, u)

    # .git-credentials
    for i in range(4):
        u = _pick(["oauth2", "x-access-token", "mkowalski", "gitlab-ci-token", "build"])
        v = _pick(["gh" + "p_" + _s(36), "gl" + "pat-" + _s(20, _B64U), _pw(sym=_URLSAFE), _hex(40)])
        h = _pick(["github.com", "gitlab.acme.dev", "gitea.lab.local", "bitbucket.org", "dev.azure.com"])
        t = _pick(["https://%s:%s@%s", "cat ~/.git-credentials\nhttps://%s:%s@%s\n", "echo \"https://%s:%s@%s\" > ~/.git-credentials"]) % (u, v, h)
        add(_CF, "git-credentials-line", t, v, u)

    # kubeconfig
    for i in range(3):
        tok = _pick([_jwt({"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": "ci", "sub": "system:serviceaccount:ci:deployer"}, "RS256"),
                     "kubeconfig-u-" + _s(5, _LA) + ":" + _s(54, _LA), "sha256~" + _s(43, _B64U)])
        t = "users:\n- name: ci-deployer\n  user:\n    token: %s" % tok
        add(_CF, "kubeconfig-user-token", t, tok, "token")
    ck = _b64(_R.randint(600, 900))
    add(_CF, "kubeconfig-client-key-data", "- name: kind-admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\n    client-key-data: " + ck, ck, "client-key-data")
    p = _pw()
    add(_CF, "kubeconfig-basic-password", "users:\n- name: legacy\n  user:\n    username: admin\n    password: " + p, p, "admin")

    # AWS credentials
    for i in range(4):
        kid = "AK" + "IA" + _s(16, _UA)
        sk = _s(40, _B62 + "+/")
        prof = _pick(["default", "prod", "deploy", "backup-ro"])
        t = "[%s]\naws_access_key_id = %s\naws_secret_access_key = %s" % (prof, kid, sk)
        if i == 3:
            t += "\nregion = eu-west-1"
        add(_CF, "aws-credentials-file", t, sk, "aws_secret_access_key")
    st = "FwoGZXIvYXdzE" + _s(300, _B64)
    add(_CF, "aws-credentials-session", "[tmp]\naws_access_key_id = AS" + "IA" + _s(16, _UA) + "\naws_secret_access_key = " + _s(40, _B62) + "\naws_session_token = " + st, st, "aws_session_token")
    sk = _s(40, _B62 + "/+")
    add(_CF, "aws-config-sso-ignored", "[profile ci]\nregion=us-east-1\ncredential_process = /usr/local/bin/creds\n[profile legacy]\naws_secret_access_key=" + sk, sk, "aws_secret_access_key")

    # rclone.conf
    ob = _s(_R.randint(40, 64), _B64U)
    add(_CF, "rclone-obscured-pass", "[nas]\ntype = sftp\nhost = nas.home.arpa\nuser = backup\npass = " + ob, ob, "pass")
    sk = _s(40)
    add(_CF, "rclone-s3-secret", "[wasabi]\ntype = s3\nprovider = Wasabi\naccess_key_id = " + _s(20, _UA) + "\nsecret_access_key = " + sk + "\nendpoint = s3.eu-central-1.wasabisys.com", sk, "secret_access_key")
    rt = "1//" + _s(100, _B64U)
    add(_CF, "rclone-oauth-token", '[gdrive]\ntype = drive\ntoken = {"access_token":"ya29.' + _s(40, _B64U) + '","token_type":"Bearer","refresh_token":"' + rt + '","expiry":"2024-05-01T10:00:00Z"}', rt, "refresh_token")
    # s3cfg
    sk = _s(40, _B62 + "/+")
    add(_CF, "s3cfg-secret-key", "[default]\naccess_key = " + _s(20, _UA) + "\nsecret_key = " + sk + "\nhost_base = s3.amazonaws.com", sk, "secret_key")
    # boto
    sk = _s(40)
    add(_CF, "boto-config", "[Credentials]\ngs_access_key_id = GOOG1E" + _s(55, _UA) + "\ngs_secret_access_key = " + sk, sk, "gs_secret_access_key")

    # htpasswd
    for i in range(3):
        u = _user()
        h = _pick(["$apr1$" + _s(8, _B62 + "./") + "$" + _s(22, _B62 + "./"),
                   "$2y$10$" + _s(53, _B62 + "./"),
                   "{SHA}" + _b64(20)])
        add(_CF, "htpasswd-line", _pick(["%s:%s", "cat /etc/nginx/.htpasswd\n%s:%s", "echo '%s:%s' > ./auth/htpasswd"]) % (u, h), h, u)
    # shadow
    h = "$6$" + _s(16, _B62 + "./") + "$" + _s(86, _B62 + "./")
    add(_CF, "shadow-line", "deploy:" + h + ":19820:0:99999:7:::", h, "deploy")

    # wp-config
    for i in range(2):
        p = _pw()
        add(_CF, "wp-config-db-password", "define( 'DB_USER', 'wp_%s' );\ndefine( 'DB_PASSWORD', '%s' );" % (_s(4, _LA), p), p, "DB_PASSWORD")
    salt = _s(64, _B62 + "!@#%^&*()-_[]{}<>~+=,.;:/?|").replace("'", "")
    add(_CF, "wp-config-salt", "define('AUTH_KEY',         '%s');" % salt, salt, "AUTH_KEY")
    # django settings
    sk = "django-insecure-" + _s(50, _LA + "!@#%^&*(-_=+)")
    add(_CF, "django-settings-secret", "SECRET_KEY = '%s'" % sk, sk, "SECRET_KEY")
    sk = _s(50, _LA + "!@#%^&*(-_=+)")
    add(_CF, "django-settings-secret", 'SECRET_KEY = "%s"\nDEBUG = False' % sk, sk, "SECRET_KEY")
    p = _pw()
    add(_CF, "django-databases-password", "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'shop',\n        'USER': 'shop',\n        'PASSWORD': '%s',\n        'HOST': 'db',\n    }\n}" % p, p, "PASSWORD")
    # appsettings.json
    p = _pw(sym="!#%*-_.+=")
    add(_CF, "appsettings-connectionstring", '"ConnectionStrings": {\n  "Default": "Server=sql-prd-03;Database=Orders;User Id=orders_app;Password=%s;TrustServerCertificate=True"\n}' % p, p, "orders_app")
    cs = _s(3) + "8Q~" + _s(34, _B62 + "~._-")
    add(_CF, "appsettings-azuread-secret", '"AzureAd": {\n  "Instance": "https://login.microsoftonline.com/",\n  "ClientId": "%s",\n  "ClientSecret": "%s"\n}' % (_uuid(), cs), cs, "ClientSecret")
    # application.properties / yml
    p = _pw()
    add(_CF, "spring-properties-password", "spring.datasource.url=jdbc:postgresql://db:5432/app\nspring.datasource.username=app\nspring.datasource.password=" + p, p, "spring.datasource.password")
    p = _pw()
    add(_CF, "spring-yaml-password", "spring:\n  datasource:\n    username: app\n    password: '%s'" % p, p, "password")
    p = _pw()
    add(_CF, "spring-mail-password", "spring.mail.host=smtp.office365.com\nspring.mail.username=noreply@acme.io\nspring.mail.password=" + p, p, "spring.mail.password")
    # my.cnf
    p = _pw(sym="!#%*-_.+=")
    add(_CF, "my-cnf-client", "[client]\nuser=backup\npassword=\"%s\"\nhost=127.0.0.1" % p, p, "backup")
    # gcloud ADC
    cs = "GOC" + "SPX-" + _s(28, _B64U)
    rt = "1//0" + _s(98, _B64U)
    add(_CF, "gcloud-adc-json", '{\n  "client_id": "764086051850-6qr4p6gpi6hn506pt8ejuq83di341hur.apps.googleusercontent.com",\n  "client_secret": "%s",\n  "refresh_token": "%s",\n  "type": "authorized_user"\n}' % (cs, rt), rt, "refresh_token")
    # rubygems
    k = "rubygems" + "_" + _hex(48)
    add(_CF, "gem-credentials", "---\n:rubygems_api_key: " + k, k, "rubygems_api_key")
    # maven settings.xml
    p = _pw()
    add(_CF, "maven-settings-password", "<server>\n  <id>nexus-releases</id>\n  <username>deployment</username>\n  <password>%s</password>\n</server>" % p, p, "deployment")
    # gradle.properties
    p = _pw()
    add(_CF, "gradle-properties-signing", "signing.keyId=24875D73\nsigning.password=%s\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg" % p, p, "signing.password")
    p = _pw()
    add(_CF, "gradle-properties-ossrh", "ossrhUsername=acme-release\nossrhPassword=" + p, p, "ossrhPassword")
    # cargo credentials
    k = "cio" + _s(32)
    add(_CF, "cargo-credentials-toml", '[registry]\ntoken = "%s"' % k, k, "token")
    # composer auth.json
    k = "gh" + "o_" + _s(36)
    add(_CF, "composer-auth-json", '{\n    "github-oauth": {\n        "github.com": "%s"\n    }\n}' % k, k, "github-oauth")
    p = _pw()
    add(_CF, "composer-http-basic", '{"http-basic": {"repo.packagist.com": {"username": "token", "password": "%s"}}}' % p, p, "http-basic")
    # nuget.config
    p = _pw()
    add(_CF, "nuget-config-cleartext", '<packageSourceCredentials>\n  <AcmeFeed>\n    <add key="Username" value="build" />\n    <add key="ClearTextPassword" value="%s" />\n  </AcmeFeed>\n</packageSourceCredentials>' % p, p, "ClearTextPassword")
    # smb credentials / fstab
    p = _pw()
    add(_CF, "smbcredentials-file", "cat /root/.smbcredentials\nusername=scanner\npassword=%s\ndomain=CORP" % p, p, "scanner")
    p = _pw(sym="!#%*-_.+")
    add(_CF, "fstab-cifs-inline", "//nas/backup /mnt/backup cifs username=backup,password=%s,uid=1000,vers=3.0 0 0" % p, p, "backup")
    # chap-secrets
    p = _pw()
    add(_CF, "ppp-chap-secrets", '# client\tserver\tsecret\t\tIP addresses\n"vpnuser"\t*\t"%s"\t*' % p, p, "vpnuser")
    # openvpn auth file
    p = _pw()
    add(_CF, "openvpn-auth-user-pass-file", "printf 'vpn.svc\\n%s\\n' > /etc/openvpn/client/auth.txt" % p, p, "vpn.svc")
    # vault token file
    v = "hv" + "s." + _s(24)
    add(_CF, "vault-token-file", "cat ~/.vault-token\n" + v, v, "")
    # databrickscfg
    v = "dapi" + _hex(32)
    add(_CF, "databrickscfg", "[DEFAULT]\nhost  = https://adb-1234567890123456.7.azuredatabricks.net\ntoken = " + v, v, "token")
    v = "dose" + _hex(32)
    add(_CF, "databrickscfg-oauth-secret", "[sp-prod]\nhost = https://dbc-a1b2c3d4-e5f6.cloud.databricks.com\nclient_id = %s\nclient_secret = %s" % (_uuid(), v), v, "client_secret")
    # snowflake connections.toml / snowsql config
    p = _pw()
    add(_CF, "snowflake-connections-toml", '[connections.prod]\naccount = "xy12345.eu-central-1"\nuser = "SNOW_SVC"\npassword = "%s"\nwarehouse = "LOAD_WH"' % p, p, "SNOW_SVC")
    p = _pw()
    add(_CF, "snowsql-config", "[connections.etl]\naccountname = acme-prod\nusername = etl_loader\npassword = %s\nrolename = LOADER" % p, p, "etl_loader")
    # dbt profiles.yml
    p = _pw()
    add(_CF, "dbt-profiles-yml", "acme:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n      account: xy12345\n      user: DBT_RUNNER\n      password: \"%s\"\n      role: TRANSFORMER" % p, p, "DBT_RUNNER")
    p = _pw()
    add(_CF, "dbt-profiles-yml", "    dev:\n      type: postgres\n      host: localhost\n      user: dbt\n      pass: %s\n      dbname: analytics" % p, p, "pass")
    v = "dapi" + _hex(32)
    add(_CF, "dbt-profiles-databricks", "      type: databricks\n      host: adb-998877.12.azuredatabricks.net\n      http_path: /sql/1.0/warehouses/8a7b6c5d4e3f2a1b\n      token: " + v, v, "token")
    # airflow.cfg
    k = _b64u(32) + "="
    add(_CF, "airflow-cfg-fernet", "[core]\nexecutor = CeleryExecutor\nfernet_key = " + k, k, "fernet_key")
    p = _pw(sym=_URLSAFE)
    add(_CF, "airflow-cfg-sql-conn", "[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow:%s@pg-prod.acme.lan:5432/airflow" % p, p, "airflow")
    # kafka client.properties
    p = _pw(sym="!#%*-_.+=")
    add(_CF, "kafka-client-properties-jaas", 'security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="%s" password="%s";' % (_s(16, _UA), p), p, "sasl.jaas.config")
    p = _pw()
    add(_CF, "kafka-client-properties-truststore", "ssl.truststore.location=/etc/kafka/truststore.jks\nssl.truststore.password=%s\nssl.keystore.password=%s" % (p, p), p, "ssl.truststore.password")
    # kibana.yml / elasticsearch
    p = _pw()
    add(_CF, "kibana-yml-password", 'elasticsearch.hosts: ["https://es01:9200"]\nelasticsearch.username: "kibana_system"\nelasticsearch.password: "%s"' % p, p, "kibana_system")
    p = _pw()
    add(_CF, "filebeat-yml-password", "output.elasticsearch:\n  hosts: [\"es01.logs.lan:9200\"]\n  username: beats_writer\n  password: %s" % p, p, "beats_writer")
    # grafana.ini
    p = _pw()
    add(_CF, "grafana-ini-admin", "[security]\nadmin_user = admin\nadmin_password = " + p, p, "admin_password")
    k = _s(20)
    add(_CF, "grafana-ini-secret-key", "[security]\nsecret_key = " + k, k, "secret_key")
    # gitea app.ini
    it = _jwt({"nbf": 1700000000}, "HS256")
    add(_CF, "gitea-app-ini-internal-token", "[security]\nINSTALL_LOCK = true\nINTERNAL_TOKEN = " + it, it, "INTERNAL_TOKEN")
    k = _s(64)
    add(_CF, "gitea-app-ini-secret", "[security]\nSECRET_KEY = " + k, k, "SECRET_KEY")
    p = _pw()
    add(_CF, "gitea-app-ini-db", "[database]\nDB_TYPE = mysql\nHOST = 127.0.0.1:3306\nUSER = gitea\nPASSWD = `%s`" % p, p, "PASSWD")
    # nextcloud config.php
    s1 = _s(30, _B62 + "+/")
    add(_CF, "nextcloud-config-php-salt", "  'passwordsalt' => '%s'," % s1, s1, "passwordsalt")
    s2 = _s(48, _B62 + "+/")
    add(_CF, "nextcloud-config-php-secret", "  'secret' => '%s',\n  'trusted_domains' => array ( 0 => 'cloud.initech.net' )," % s2, s2, "secret")
    p = _pw()
    add(_CF, "nextcloud-config-php-dbpassword", "  'dbuser' => 'oc_admin',\n  'dbpassword' => '%s'," % p, p, "dbpassword")
    # jenkins credentials.xml (plaintext mistake)
    p = _pw()
    add(_CF, "jenkins-credentials-xml", "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <id>nexus-deploy</id>\n  <username>deploy</username>\n  <password>%s</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>" % p, p, "deploy")
    # android keystore.properties
    for i in range(2):
        p1, p2 = _pw(), _pw()
        add(_CF, "android-keystore-properties", "storeFile=../keystores/release.jks\nstorePassword=%s\nkeyAlias=upload\nkeyPassword=%s" % (p1, p2), p1, "storePassword")
    p = _pw()
    add(_CF, "android-gradle-signingconfig", "signingConfigs {\n    release {\n        storeFile file(\"release.keystore\")\n        storePassword \"%s\"\n        keyAlias \"acme\"\n        keyPassword \"%s\"\n    }\n}" % (p, p), p, "storePassword")
    # google-services.json
    k = "AI" + "za" + "Sy" + _s(33, _B64U)
    add(_CF, "google-services-json", '"api_key": [\n  {\n    "current_key": "%s"\n  }\n],' % k, k, "current_key")
    # sentry.properties
    k = "sntry" + "u_" + _hex(64)
    add(_CF, "sentry-properties", "defaults.url=https://sentry.io/\ndefaults.org=acme\ndefaults.project=ios-app\nauth.token=" + k, k, "auth.token")
    # gh hosts.yml
    k = "gh" + "o_" + _s(36)
    add(_CF, "gh-hosts-yml", "github.com:\n    user: acme-bot\n    oauth_token: %s\n    git_protocol: https" % k, k, "oauth_token")
    # redis.conf
    p = _s(32, _B62)
    add(_CF, "redis-conf-requirepass", "bind 0.0.0.0\nprotected-mode yes\nrequirepass " + p, p, "requirepass")
    p = _pw()
    add(_CF, "redis-conf-masterauth", "replicaof 10.0.4.2 6379\nmasterauth \"%s\"" % p, p, "masterauth")
    # pgbouncer userlist
    p = _pw()
    add(_CF, "pgbouncer-userlist", '"pgbouncer" "%s"\n"app" "md5%s"' % (p, _hex(32)), p, "pgbouncer")
    # odbc.ini
    p = _pw()
    add(_CF, "odbc-ini", "[HANA_PRD]\nDriver=/usr/sap/hdbclient/libodbcHDB.so\nServerNode=erp-hana.corp.local:30015\nUID=SAP_RFC\nPWD=%s" % p, p, "SAP_RFC")
    # freeradius clients.conf
    s = _s(20)
    add(_CF, "freeradius-clients-conf", "client ap-floor2 {\n    ipaddr = 10.1.20.0/24\n    secret = %s\n    shortname = ap2\n}" % s, s, "secret")
    # ipsec.secrets
    s = _pw(7)
    add(_CF, "ipsec-secrets", '203.0.113.10 198.51.100.7 : PSK "%s"' % s, s, "PSK")
    # wpa_supplicant / hostapd
    p = _pw()
    add(_CF, "wpa-supplicant-psk", 'network={\n    ssid="AcmeGuest"\n    psk="%s"\n    key_mgmt=WPA-PSK\n}' % p, p, "psk")
    p = _pw()
    add(_CF, "hostapd-passphrase", "interface=wlan0\nssid=iot-lab\nwpa=2\nwpa_passphrase=" + p, p, "wpa_passphrase")
    # mosquitto passwd (hash)
    h = "$7$101$" + _b64(12) + "$" + _b64(64)
    add(_CF, "mosquitto-passwd", "sensor-hub:" + h, h, "sensor-hub")
    # postfix sasl_passwd
    p = _pw()
    add(_CF, "postfix-sasl-passwd", "[smtp.mailgun.org]:587 postmaster@mg.acme.io:" + p, p, "postmaster@mg.acme.io")
    # ansible vault password file
    p = _s(32, _B64U)
    add(_CF, "ansible-vault-pass-file", "echo '%s' > ~/.vault_pass.txt && ansible-playbook site.yml --vault-password-file ~/.vault_pass.txt" % p, p, "")
    # terraform.tfvars
    p = _pw()
    add(_CF, "terraform-tfvars", 'db_username = "app"\ndb_password = "%s"\nregion      = "eu-central-1"' % p, p, "db_password")
    # .env.production dump
    k = "sk" + "_live_" + _s(24)
    p = _pw()
    add(_CF, "dotenv-file-dump", "cat .env.production\nNODE_ENV=production\nDATABASE_HOST=db\nDATABASE_PASSWORD=%s\nLOG_LEVEL=info" % p, p, "DATABASE_PASSWORD")
    # service account json private key id? private key elsewhere; client_secret json
    cs = "GOC" + "SPX-" + _s(28, _B64U)
    add(_CF, "google-client-secret-json", '{"installed":{"client_id":"1234567890-abc.apps.googleusercontent.com","project_id":"acme-ml","client_secret":"%s","redirect_uris":["http://localhost"]}}' % cs, cs, "client_secret")
    # Cisco / network device configs
    p = _pw()
    add(_CF, "cisco-ios-username-secret0", "username netadmin privilege 15 secret 0 " + p, p, "netadmin")
    t7 = _s(2, _D) + _s(18, _HEXU)
    add(_CF, "cisco-type7-password", "username backup password 7 " + t7, t7, "backup")
    h = "$1$" + _s(4, _B62) + "$" + _s(22, _B62 + "./")
    add(_CF, "cisco-enable-secret5", "enable secret 5 " + h, h, "enable secret")
    c = _s(14, _LA)
    add(_CF, "snmp-community", "snmp-server community %s RW 99" % c, c, "snmp-server community")
    p = _pw(sym="!#%*-_.+=")
    add(_CF, "routeros-user-add", "/user add name=automation group=full password=\"%s\"" % p, p, "automation")
    p = _pw()
    add(_CF, "junos-ike-psk", "set security ike policy ike-pol pre-shared-key ascii-text \"%s\"" % p, p, "pre-shared-key")
    p = _pw()
    add(_CF, "fortigate-psk", "config vpn ipsec phase1-interface\n    edit \"to-dc\"\n        set psksecret %s\n    next\nend" % p, p, "psksecret")
    p = _pw()
    add(_CF, "asa-tunnel-group-psk", "tunnel-group 198.51.100.7 ipsec-attributes\n ikev1 pre-shared-key " + p, p, "pre-shared-key")
    p = _pw()
    add(_CF, "vyos-ipsec-secret", "set vpn ipsec authentication psk dc1 secret '%s'" % p, p, "secret")
    p = _pw()
    add(_CF, "pfsense-config-xml", "<openvpn-client>\n  <auth_user>vpnuser</auth_user>\n  <auth_pass>%s</auth_pass>\n</openvpn-client>" % p, p, "auth_pass")
    p = _pw()
    add(_CF, "asterisk-sip-conf", "[1001]\ntype=friend\nhost=dynamic\nsecret=%s\ncontext=internal" % p, p, "secret")
    # home assistant secrets.yaml / esphome
    p = _pw()
    add(_CF, "homeassistant-secrets-yaml", "wifi_ssid: \"Attic\"\nwifi_password: \"%s\"\nmqtt_password: %s" % (p, _pw()), p, "wifi_password")
    k = _b64(32)
    add(_CF, "esphome-api-encryption", "api:\n  encryption:\n    key: \"%s\"\nota:\n  - platform: esphome\n    password: \"%s\"" % (k, _hex(32)), k, "encryption")
    # zigbee2mqtt network key
    nk = "[" + ", ".join(str(_R.randint(0, 255)) for _ in range(16)) + "]"
    add(_CF, "zigbee2mqtt-network-key", "advanced:\n  network_key: " + nk + "\n  pan_id: 6754", nk, "network_key")
    # node-red
    k = _s(32)
    add(_CF, "node-red-credential-secret", "module.exports = {\n    credentialSecret: \"%s\",\n    uiPort: 1880," % k, k, "credentialSecret")
    # laravel .env APP_KEY
    k = "base64:" + _b64(32)
    add(_CF, "laravel-app-key", "APP_NAME=Shop\nAPP_ENV=production\nAPP_KEY=%s\nAPP_DEBUG=false" % k, k, "APP_KEY")
    # rails database.yml
    p = _pw()
    add(_CF, "rails-database-yml", "production:\n  <<: *default\n  database: shop_production\n  username: shop\n  password: %s" % p, p, "shop")
    # WinSCP.ini / filezilla
    p = _pw()
    pb = _b64t(p)
    add(_CF, "filezilla-sitemanager", '<Server>\n  <Host>ftp.partner.example</Host>\n  <User>acme_upload</User>\n  <Pass encoding="base64">%s</Pass>\n</Server>' % pb, pb, "acme_upload")
    # .s3cfg done; keepass? ; .condarc
    u, p = _user(), _pw(sym=_URLSAFE)
    add(_CF, "condarc-channel-creds", "channels:\n  - https://%s:%s@conda.acme.lan/t/main\n  - conda-forge" % (u, p), p, u)
    # gitlab-runner config.toml
    tk = "gl" + "rt-" + _s(20, _B64U)
    add(_CF, "gitlab-runner-config-toml", '[[runners]]\n  name = "docker-01"\n  url = "https://gitlab.acme.dev"\n  token = "%s"\n  executor = "docker"' % tk, tk, "token")
    # sops? no. tnsnames no. oracle sqlnet wallet? skip
    # cloud-init
    p = _pw()
    add(_CF, "cloud-init-chpasswd", "#cloud-config\nchpasswd:\n  list: |\n    ubuntu:%s\n  expire: False" % p, p, "ubuntu")
    # k8s docker-registry secret dockerconfigjson
    dcj = _b64t(json.dumps({"auths": {"harbor.acme.lan": {"username": "robot$ci", "password": _s(32), "auth": _b64(24)}}}))
    add(_CF, "k8s-dockerconfigjson", "apiVersion: v1\nkind: Secret\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: " + dcj, dcj, ".dockerconfigjson")


# ---------------------------------------------------------------------------
# a secret beside its id, no label on the secret
# ---------------------------------------------------------------------------
_IB = "id-beside-secret"


def _gen_idbeside():
    for i in range(4):
        sid = "A" + "C" + _hex(32)
        tok = _hex(32)
        t = _pick([
            "client = Client('%s', '%s')" % (sid, tok),
            "const client = twilio(\"%s\", \"%s\");" % (sid, tok),
            "account %s auth token %s" % (sid, tok),
            "twilio api:core:messages:list --account-sid %s --auth-token %s" % (sid, tok),
            "curl -X POST https://api.twilio.com/2010-04-01/Accounts/%s/Messages.json -u %s:%s" % (sid, sid, tok),
        ])
        add(_IB, "twilio-sid-token", t, tok, sid)
    for i in range(5):
        kid = "AK" + "IA" + _s(16, _UA)
        sk = _s(40, _B62 + "+/")
        t = _pick([
            "new AWS.Credentials('%s', '%s')" % (kid, sk),
            "creds := credentials.NewStaticCredentialsProvider(\"%s\", \"%s\", \"\")" % (kid, sk),
            "Aws::Credentials.new('%s', '%s')" % (kid, sk),
            "BasicAWSCredentials awsCreds = new BasicAWSCredentials(\"%s\", \"%s\");" % (kid, sk),
            "var c = new BasicAWSCredentials(\"%s\", \"%s\");" % (kid, sk),
            "key %s / %s (the old deploy user, delete after migration)" % (kid, sk),
        ])
        add(_IB, "aws-keyid-secret-positional", t, sk, kid)
    for i in range(2):
        kid = "LTAI" + _s(20)
        sk = _s(30)
        add(_IB, "alibaba-acsclient", _pick(["client = AcsClient('%s', '%s', 'cn-hangzhou')", "AccessKey %s %s"]) % (kid, sk), sk, kid)
    kid = "AKID" + _s(32)
    sk = _s(32)
    add(_IB, "tencent-credential", "cred = credential.Credential(\"%s\", \"%s\")" % (kid, sk), sk, kid)
    ak = _s(20, _UA)
    sk = _s(40)
    add(_IB, "huawei-basic-credentials", "credentials = BasicCredentials(\"%s\", \"%s\", project_id)" % (ak, sk), sk, ak)
    ak = "SCW" + _s(17, _UA)
    sk = _uuid()
    add(_IB, "scaleway-client", "client, _ := scw.NewClient(scw.WithAuth(\"%s\", \"%s\"))" % (ak, sk), sk, ak)
    ak, asec, ck = _s(16), _hex(32), _hex(32)
    add(_IB, "ovh-client-positional", "client = ovh.Client('ovh-eu', '%s', '%s', '%s')" % (ak, asec, ck), asec, ak)
    appid, key, sec = str(_R.randint(10 ** 6, 10 ** 7)), _hex(20), _hex(20)
    add(_IB, "pusher-positional", "pusher = Pusher('%s', '%s', '%s', cluster='eu')" % (appid, key, sec), sec, key)
    appid, key = _s(10, _UA), _hex(32)
    add(_IB, "algolia-client", "const client = algoliasearch('%s', '%s');" % (appid, key), key, appid)
    mid, pub, priv = _s(16, _LA), _s(16, _LA), _hex(32)
    add(_IB, "braintree-gateway", "gateway = braintree.BraintreeGateway(braintree.Configuration(braintree.Environment.Production, '%s', '%s', '%s'))" % (mid, pub, priv), priv, mid)
    for i in range(3):
        kid = _s(16, _UA)
        sec = _s(64, _B64)
        add(_IB, "confluent-key-secret-prose", _pick([
            "Confluent cluster lkc-%s: key %s secret %s" % (_s(5, _LA), kid, sec),
            "confluent api-key store %s %s --resource lkc-%s" % (kid, sec, _s(5, _LA)),
            "kafka creds -> %s / %s" % (kid, sec)]), sec, kid)
    tid, ts = _s(32, _B62), _s(75, _B64)
    add(_IB, "mux-positional", "const mux = new Mux('%s', '%s');" % (tid, ts), ts, tid)
    ak, sk = _s(20, _UA), _s(40)
    add(_IB, "minio-positional", "mc alias set myminio https://minio.acme.lan %s %s" % (ak, sk), sk, ak)
    ak, sk = _s(20, _UA), _s(40)
    add(_IB, "minio-go-static", "minioClient, err := minio.New(endpoint, &minio.Options{Creds: credentials.NewStaticV4(\"%s\", \"%s\", \"\"), Secure: true})" % (ak, sk), sk, ak)
    kid, key = "0024" + _hex(21), "K00" + _s(28)
    add(_IB, "backblaze-positional", "b2 authorize-account %s %s" % (kid, key), key, kid)
    for i in range(4):
        u, p = _user(), _pw()
        add(_IB, "basic-auth-tuple", _pick([
            "requests.get(url, auth=('%s', '%s'))" % (u, p),
            "r = httpx.post(f\"{base}/login\", auth=(\"%s\", \"%s\"))" % (u, p),
            "HTTPBasicAuth('%s', '%s')" % (u, p),
            "session.auth = ('%s', '%s')" % (u, p)]), p, u)
    u, p = _user(), _pw()
    add(_IB, "java-usernamepassword", "new UsernamePasswordCredentials(\"%s\", \"%s\")" % (u, p), p, u)
    u, p = _user(), _pw()
    add(_IB, "csharp-networkcredential", "client.Credentials = new NetworkCredential(\"CORP\\\\%s\", \"%s\");" % (u, p), p, u)
    u, p = _user(), _pw()
    add(_IB, "java-passwordauthentication", "return new PasswordAuthentication(\"%s\", \"%s\".toCharArray());" % (u, p), p, u)
    u, p = _user(), _pw()
    add(_IB, "go-setbasicauth", "req.SetBasicAuth(\"%s\", \"%s\")" % (u, p), p, u)
    u, p = _user(), _pw()
    add(_IB, "php-curl-userpwd", "curl_setopt($ch, CURLOPT_USERPWD, \"%s:%s\");" % (u, p), p, u)
    u, p = _user(), _pw()
    add(_IB, "ruby-basic-auth", "req.basic_auth '%s', '%s'" % (u, p), p, u)
    u, p = _user(), _pw()
    add(_IB, "node-mysql-positional", "const conn = mysql.createConnection('%s', '%s', '%s', 'orders');" % (_host(), u, p), p, u)
    u, p = _user(), _pw()
    add(_IB, "pymssql-positional", "conn = pymssql.connect('sql-prd-03', '%s', '%s', 'Orders')" % (u, p), p, u)
    u, p = _user(), _pw()
    add(_IB, "pyodbc-positional", "ftp = FTP('ftp.partner.example'); ftp.login('%s', '%s')" % (u, p), p, u)
    u, p = _user(), _pw()
    add(_IB, "paramiko-connect", "ssh.connect('10.20.3.14', username='%s', password='%s')" % (u, p), p, u)
    cid, cs = _uuid(), _s(3) + "8Q~" + _s(34, _B62 + "~._-")
    add(_IB, "azure-clientsecretcredential", "cred = ClientSecretCredential(tenant_id, \"%s\", \"%s\")" % (cid, cs), cs, cid)
    cid, cs = _s(20), _s(24)
    add(_IB, "looker-positional-prose", "Looker API3 creds for the BI bot: %s %s" % (cid, cs), cs, cid)
    kid, sk = "AK" + "IA" + _s(16, _UA), _s(40)
    add(_IB, "aws-id-secret-prose", "IAM user ci-uploader: access key %s, the other half is %s" % (kid, sk), sk, kid)
    did, dk = "thermo-" + _s(4, _LA), _b64(32)
    add(_IB, "iot-device-symmetric-key", "client = IoTHubDeviceClient.create_from_symmetric_key(symmetric_key=\"%s\", hostname=\"acme-hub.azure-devices.net\", device_id=\"%s\")" % (dk, did), dk, did)
    cid, cs = str(_R.randint(10 ** 5, 10 ** 6)), _s(40)
    add(_IB, "plivo-client", "client = plivo.RestClient('MA%s', '%s')" % (_s(18, _UA), cs), cs, "plivo")
    ak, sk = _s(8, _LA), _s(16)
    add(_IB, "vonage-client", "client = vonage.Client(key=\"%s\", secret=\"%s\")" % (ak, sk), sk, ak)
    ak, sk = _s(64), _s(64)
    add(_IB, "binance-client-positional", "client = Client('%s', '%s')" % (ak, sk), sk, ak)
    ak, sk = _s(15, _D), _s(27, _B64U)
    add(_IB, "cloudinary-config-positional", "cloudinary.config('acme', '%s', '%s')" % (ak, sk), sk, ak)
    u, p = "SAPUSER", _pw()
    add(_IB, "sap-hdbuserstore", "hdbuserstore SET BACKUPKEY erp-hana.corp.local:30015 %s %s" % (u, p), p, u)
    u, p = _user(), _pw()
    add(_IB, "cf-auth-positional", "cf auth %s %s" % (u, p), p, u)
    u, p = _user(), _pw()
    add(_IB, "poetry-http-basic-positional", "poetry config http-basic.acme %s %s" % (u, p), p, u)
    u, p = "guest-ops", _pw()
    add(_IB, "rabbitmqctl-add-user", "rabbitmqctl add_user %s %s && rabbitmqctl set_user_tags %s monitoring" % (u, p, u), p, u)
    u, p = _user(), _pw()
    add(_IB, "htpasswd-b-positional", "htpasswd -b -c /etc/nginx/.htpasswd %s %s" % (u, p), p, u)
    u, p = _user(), _pw()
    add(_IB, "chpasswd-echo", "echo '%s:%s' | sudo chpasswd" % (u, p), p, u)
    u, p = "netmon", _pw()
    add(_IB, "sap-sapcontrol", "sapcontrol -nr 00 -host erp-app1 -user %s %s -function GetProcessList" % (u, p), p, u)
    k, s = _s(16, _UA), _s(40, _B64)
    add(_IB, "hmac-keypair-prose", "partner gave us key id %s and %s for request signing" % (k, s), s, k)
    k, s = _uuid(), _uuid()
    add(_IB, "docusign-id-secret-prose", "integration key %s, secret %s" % (k, s), s, k)
    cid, cs = _s(30, _LA), _s(30, _LA)
    add(_IB, "twitch-id-secret-cli", "twitch token -u -s 'chat:read' --client-id %s --client-secret %s" % (cid, cs), cs, cid)
    k, s = str(_R.randint(10 ** 14, 10 ** 15)), _s(32)
    add(_IB, "tableau-name-secret", "tsc.PersonalAccessTokenAuth('ci-publisher', '%s', site_id='acme')" % (s), s, "ci-publisher")


# ---------------------------------------------------------------------------
# CLI arguments of admin tools
# ---------------------------------------------------------------------------
_CL = "cli-argument"
_SAFE = "!#%*-_.+="
_CLI = [
    ("mysql-p-attached", "mysql -h {h} -u {u} -p{p} orders", _SAFE, 2),
    ("mysql-password-eq", "mysql --user={u} --password={p} --host={h} -e 'SHOW PROCESSLIST'", _SAFE, 2),
    ("mysqldump-password", "mysqldump -u{u} -p'{p}' --single-transaction shop > shop.sql", "!#%*-_.+=@$", 2),
    ("mysqladmin-password", "mysqladmin -u root password '{p}'", "!#%*-_.+=@", 1),
    ("psql-pgpassword-env", "PGPASSWORD={p} psql -h {h} -U {u} -d analytics -c '\\dt'", _SAFE, 2),
    ("psql-conninfo-password", "psql \"host={h} port=5432 dbname=app user={u} password={p} sslmode=require\"", _SAFE, 1),
    ("pg-dump-password-env", "env PGPASSWORD='{p}' pg_dump -Fc -h {h} -U {u} warehouse -f wh.dump", "!#%*-_.+=@$", 1),
    ("mongosh-p", "mongosh \"mongodb://{h}:27017/admin\" -u {u} -p '{p}' --authenticationDatabase admin", "!#%*-_.+=@", 2),
    ("mongodump-password", "mongodump --host {h} --username {u} --password {p} --db events --out /backup", _SAFE, 1),
    ("redis-cli-a", "redis-cli -h {h} -p 6379 -a {p} --no-auth-warning INFO replication", _SAFE, 2),
    ("redis-cli-user-pass", "redis-cli --user {u} --pass '{p}' -h {h} PING", _SAFE, 1),
    ("sqlcmd-P", "sqlcmd -S sql-prd-03 -U {u} -P \"{p}\" -Q \"SELECT @@VERSION\"", _SAFE, 2),
    ("bcp-P", "bcp Orders.dbo.Invoices out invoices.dat -S sql-prd-03 -U {u} -P {p} -c", _SAFE, 1),
    ("sqlplus-user-slash-pw", "sqlplus {u}/{p}@//{h}:1521/ORCLPDB1", "#_", 2),
    ("sqlplus-sysdba", "sqlplus sys/{p} as sysdba", "#_", 1),
    ("expdp-userid", "expdp system/{p}@ORCL schemas=HR directory=DATA_PUMP_DIR dumpfile=hr.dmp", "#_", 1),
    ("db2-connect-using", "db2 connect to SAMPLE user {u} using {p}", "#_!", 1),
    ("hdbsql-p", "hdbsql -n erp-hana.corp.local:30015 -u SYSTEM -p {p} \"SELECT * FROM M_DATABASE\"", "#_!", 2),
    ("cqlsh-p", "cqlsh cassandra-1 9042 -u {u} -p {p}", _SAFE, 1),
    ("clickhouse-client-password", "clickhouse-client --host ch01 --user {u} --password {p} --query 'SELECT 1'", _SAFE, 1),
    ("influx-password", "influx -host influx.iot.lan -username {u} -password '{p}' -database telemetry", _SAFE, 1),
    ("neo4j-cypher-shell", "cypher-shell -a neo4j+s://graph.acme.io -u neo4j -p {p}", _SAFE, 1),
    ("curl-u-user-pass", "curl -u {u}:{p} https://{h}/api/health", "!*-_.~", 2),
    ("curl-user-long", "curl --user '{u}:{p}' -X PUT https://es01.logs.lan:9200/_snapshot/nightly", "!#%*-_.+=", 1),
    ("wget-password", "wget --user={u} --password={p} https://ftp.partner.example/export/latest.csv", _SAFE, 1),
    ("lftp-u", "lftp -u {u},{p} sftp://ftp.partner.example -e 'mirror -R ./out /in; bye'", "!#%*-_.+=", 1),
    ("smbclient-U-percent", "smbclient //nas/backup -U {u}%{p} -c 'ls'", "!#*-_.+=", 2),
    ("net-use-windows", "net use Z: \\\\fs01\\projects {p} /user:CORP\\{u} /persistent:no", "!#%*-_.+=", 2),
    ("psexec-u-p", "PsExec.exe \\\\app-srv-02 -u CORP\\{u} -p {p} -h cmd /c ipconfig", "!#%*-_.+=", 1),
    ("wmic-password", "wmic /node:10.0.5.12 /user:administrator /password:{p} os get caption", "!#%*-_.+=", 1),
    ("schtasks-rp", "schtasks /Create /TN Backup /TR C:\\scripts\\backup.cmd /SC DAILY /RU CORP\\{u} /RP {p}", "!#%*-_.+=", 1),
    ("sc-config-password", "sc.exe config AcmeAgent obj= \"CORP\\{u}\" password= \"{p}\"", "!#%*-_.+=", 1),
    ("cmdkey-pass", "cmdkey /generic:TERMSRV/jump01 /user:CORP\\{u} /pass:{p}", "!#%*-_.+=", 2),
    ("runas-savecred-prose", "mstsc with /v:jump01, creds CORP\\{u} / {p}", "!#%*-_.+=", 1),
    ("ps-convertto-securestring", "$pw = ConvertTo-SecureString \"{p}\" -AsPlainText -Force", "!#%*-_.+=", 2),
    ("ps-pscredential", "$cred = New-Object System.Management.Automation.PSCredential('{u}', (ConvertTo-SecureString '{p}' -AsPlainText -Force))", "!#%*-_.+=@$", 2),
    ("ps-invoke-sqlcmd", "Invoke-Sqlcmd -ServerInstance sql-prd-03 -Username {u} -Password '{p}' -Query 'SELECT 1'", "!#%*-_.+=@", 1),
    ("ps-new-localuser", "New-LocalUser -Name svc_backup -Password (ConvertTo-SecureString -String '{p}' -AsPlainText -Force)", "!#%*-_.+=", 1),
    ("ps-set-adaccountpassword", "Set-ADAccountPassword -Identity {u} -Reset -NewPassword (ConvertTo-SecureString -AsPlainText \"{p}\" -Force)", "!#%*-_.+=", 1),
    ("ps-connect-viserver", "Connect-VIServer -Server vcenter.corp.local -User administrator@vsphere.local -Password '{p}'", "!#%*-_.+=@", 1),
    ("az-keyvault-secret-set", "az keyvault secret set --vault-name kv-acme-prod --name db-password --value '{p}'", "!#%*-_.+=@", 2),
    ("az-webapp-appsettings", "az webapp config appsettings set -g rg-prod -n acme-api --settings DB_PASSWORD={p} LOG_LEVEL=info", _SAFE, 1),
    ("az-vm-admin-password", "az vm create -g rg-lab -n lab01 --image Ubuntu2204 --admin-username azureuser --admin-password '{p}'", "!#%*-_.+=@", 1),
    ("az-sql-server-create", "az sql server create -n acme-sql -g rg-prod -l westeurope -u sqladmin -p {p}", _SAFE, 1),
    ("aws-secretsmanager-create", "aws secretsmanager create-secret --name prod/orders/db --secret-string '{{\"username\":\"orders\",\"password\":\"{p}\"}}'", "!#%*-_.+=@", 2),
    ("aws-ssm-put-parameter", "aws ssm put-parameter --name /prod/api/db_password --type SecureString --value '{p}' --overwrite", "!#%*-_.+=@", 2),
    ("aws-rds-master-password", "aws rds create-db-instance --db-instance-identifier orders --engine postgres --master-username postgres --master-user-password {p}", _SAFE, 1),
    ("aws-iam-login-profile", "aws iam create-login-profile --user-name contractor1 --password '{p}' --password-reset-required", "!#%*-_.+=@", 1),
    ("gcloud-secrets-echo", "echo -n '{p}' | gcloud secrets versions add db-password --data-file=-", "!#%*-_.+=@", 2),
    ("gcloud-sql-users-set-password", "gcloud sql users set-password postgres --instance=orders-pg --password={p}", _SAFE, 1),
    ("kubectl-from-literal", "kubectl create secret generic db-creds --from-literal=username={u} --from-literal=password='{p}' -n prod", "!#%*-_.+=@", 2),
    ("helm-set-password", "helm upgrade --install pg bitnami/postgresql --set auth.postgresPassword={p} --set auth.database=app", _SAFE, 2),
    ("helm-repo-add-password", "helm repo add acme https://charts.acme.lan --username {u} --password {p}", _SAFE, 1),
    ("docker-login-p", "docker login registry.gitlab.com -u {u} -p {p}", _SAFE, 2),
    ("podman-login-p", "podman login --username {u} --password '{p}' quay.io", "!#%*-_.+=@", 1),
    ("skopeo-creds", "skopeo copy --src-creds {u}:{p} docker://harbor.acme.lan/app/api:1.4 oci:api", "!*-_.+=", 1),
    ("oc-login-token", "oc login https://api.ocp.acme.lan:6443 --token=sha256~{t43}", "", 1),
    ("vault-kv-put", "vault kv put secret/prod/orders db_password='{p}' db_user={u}", "!#%*-_.+=@", 2),
    ("terraform-var", "terraform apply -auto-approve -var 'db_password={p}' -var env=prod", "!#%*-_.+=@", 2),
    ("ansible-extra-vars", "ansible-playbook -i inventory/prod site.yml -e 'ansible_become_pass={p}'", "!#%*-_.+=@", 2),
    ("ansible-adhoc-password", "ansible all -i hosts -m ping -e \"ansible_user={u} ansible_password={p}\"", _SAFE, 1),
    ("sshpass-p", "sshpass -p '{p}' ssh -o StrictHostKeyChecking=no {u}@{h} 'sudo systemctl restart app'", "!#%*-_.+=@", 2),
    ("plink-pw", "plink.exe -ssh {u}@{h} -pw {p} -batch \"uptime\"", _SAFE, 1),
    ("pscp-pw", "pscp -pw {p} backup.tar.gz {u}@{h}:/srv/backups/", _SAFE, 1),
    ("winscp-open-url", "winscp.com /command \"open sftp://{u}:{p}@{h}/ -hostkey=*\" \"put report.csv\" \"exit\"", "!*-_.~", 1),
    ("openssl-pkcs12-passout", "openssl pkcs12 -export -in client.crt -inkey client.key -out client.p12 -passout pass:{p}", _SAFE, 2),
    ("openssl-enc-k", "openssl enc -aes-256-cbc -salt -in dump.sql -out dump.sql.enc -k {p}", _SAFE, 1),
    ("openssl-enc-pass-pass", "openssl enc -d -aes-256-cbc -pbkdf2 -in secrets.tar.enc -pass pass:{p} | tar x", _SAFE, 1),
    ("openssl-rsa-passin", "openssl rsa -in server.key.enc -out server.key -passin pass:'{p}'", "!#%*-_.+=@", 1),
    ("keytool-storepass", "keytool -importcert -alias rootca -file ca.pem -keystore truststore.jks -storepass {p} -noprompt", _SAFE, 2),
    ("keytool-genkey-keypass", "keytool -genkeypair -v -keystore release.jks -alias upload -keyalg RSA -keysize 2048 -validity 10000 -storepass {p} -keypass {p}", _SAFE, 1),
    ("jarsigner-storepass", "jarsigner -keystore release.jks -storepass {p} app-release-unsigned.apk upload", _SAFE, 1),
    ("apksigner-ks-pass", "apksigner sign --ks release.jks --ks-pass pass:{p} --out app-release.apk app-unsigned.apk", _SAFE, 2),
    ("bundletool-ks-pass", "bundletool build-apks --bundle=app.aab --output=app.apks --ks=upload.jks --ks-pass=pass:{p} --ks-key-alias=upload", _SAFE, 1),
    ("zip-P", "zip -r -P {p} export.zip ./export", _SAFE, 1),
    ("7z-p", "7z a -p{p} -mhe=on backup.7z /srv/data", _SAFE, 2),
    ("unrar-p", "unrar x -p{p} invoices.rar", _SAFE, 1),
    ("gpg-passphrase", "gpg --batch --yes --pinentry-mode loopback --passphrase '{p}' -d secrets.gpg", "!#%*-_.+=@", 2),
    ("rabbitmqctl-change-password", "rabbitmqctl change_password admin '{p}'", "!#%*-_.+=@", 1),
    ("ipmitool-P", "ipmitool -I lanplus -H 10.0.9.21 -U ADMIN -P {p} chassis power status", _SAFE, 2),
    ("racadm-p", "racadm -r 10.0.9.30 -u root -p {p} serveraction powercycle", _SAFE, 1),
    ("snmpwalk-community", "snmpwalk -v2c -c {p} 10.0.0.1 .1.3.6.1.2.1.1", "_-", 1),
    ("nmcli-wifi-password", "nmcli dev wifi connect \"Acme-Office\" password \"{p}\"", "!#%*-_.+=@", 2),
    ("iwctl-passphrase", "iwctl --passphrase '{p}' station wlan0 connect Attic-5G", "!#%*-_.+=@", 1),
    ("wpa-passphrase-cmd", "wpa_passphrase iot-lab '{p}' >> /etc/wpa_supplicant.conf", "!#%*-_.+=@", 1),
    ("ldapsearch-w", "ldapsearch -x -H ldaps://dc01.corp.local -D 'cn=svc_ldap,ou=svc,dc=corp,dc=local' -w '{p}' -b 'dc=corp,dc=local' '(sAMAccountName=jdoe)'", "!#%*-_.+=@", 2),
    ("ldappasswd-s", "ldappasswd -H ldap://ldap01 -x -D cn=admin,dc=acme,dc=io -W -S -s {p} uid=jdoe,ou=people,dc=acme,dc=io", _SAFE, 1),
    ("xfreerdp-p", "xfreerdp /v:jump01.corp.local /u:{u} /p:{p} /d:CORP /cert:ignore", "!#%*-_.+=", 2),
    ("rdesktop-p", "rdesktop -u administrator -p {p} 10.0.5.12", _SAFE, 1),
    ("x11vnc-passwd", "x11vnc -display :0 -passwd {p} -forever -shared", _SAFE, 1),
    ("httpie-a", "http -a {u}:{p} POST https://{h}/api/v1/jobs name=reindex", "!*-_.~", 1),
    ("newman-env-var", "newman run api.postman_collection.json --env-var apiKey={t32} --env-var baseUrl=https://api.acme.io", "", 1),
    ("mvn-D-password", "mvn deploy -DaltDeploymentRepository=nexus::default::https://nexus.acme.lan/repository/releases -Dusername=deploy -Dpassword={p}", _SAFE, 1),
    ("sonar-login-legacy", "mvn sonar:sonar -Dsonar.host.url=https://sonar.acme.dev -Dsonar.login={h40}", "", 1),
    ("dotnet-nuget-add-source", "dotnet nuget add source https://pkgs.dev.azure.com/acme/_packaging/feed/nuget/v3/index.json -n acme -u build -p {p} --store-password-in-clear-text", _SAFE, 1),
    ("nuget-setapikey", "nuget setapikey oy2{t43} -Source https://api.nuget.org/v3/index.json", "", 1),
    ("jfrog-rt-password", "jfrog rt c art1 --url=https://acme.jfrog.io/artifactory --user=deployer --password={p} --interactive=false", _SAFE, 1),
    ("conan-remote-login", "conan remote login acme {u} -p {p}", _SAFE, 1),
    ("argocd-login-password", "argocd login argocd.acme.lan --username admin --password {p} --grpc-web", _SAFE, 2),
    ("argocd-update-password", "argocd account update-password --current-password {p} --new-password {p2}", _SAFE, 1),
    ("flux-create-secret-git", "flux create secret git podinfo-auth --url=https://github.com/acme/podinfo --username=git --password={p}", _SAFE, 1),
    ("cf-login-p", "cf login -a https://api.sys.pcf.acme.lan -u {u} -p '{p}' -o acme -s prod", "!#%*-_.+=@", 1),
    ("airflow-connections-add", "airflow connections add 'warehouse' --conn-type postgres --conn-host {h} --conn-login {u} --conn-password '{p}' --conn-port 5432", "!#%*-_.+=@", 2),
    ("airflow-users-create", "airflow users create --username admin --firstname Ops --lastname Team --role Admin --email ops@acme.io --password {p}", _SAFE, 1),
    ("airflow-variables-set", "airflow variables set slack_webhook_secret {t32}", "", 1),
    ("databricks-secrets-put", "databricks secrets put-secret etl snowflake-password --string-value '{p}'", "!#%*-_.+=@", 2),
    ("kafka-configs-scram", "kafka-configs.sh --bootstrap-server broker-1:9092 --alter --add-config 'SCRAM-SHA-512=[password={p}]' --entity-type users --entity-name svc-orders", _SAFE, 1),
    ("kafka-console-producer-prop", "kafka-console-producer.sh --bootstrap-server broker-1:9094 --topic orders --producer-property sasl.jaas.config='org.apache.kafka.common.security.scram.ScramLoginModule required username=\"svc\" password=\"{p}\";'", _SAFE, 1),
    ("elasticsearch-users-useradd", "bin/elasticsearch-users useradd logstash_writer -p {p} -r logstash_writer", _SAFE, 1),
    ("gitea-admin-user-create", "gitea admin user create --username ci --password '{p}' --email ci@lab.local --must-change-password=false", "!#%*-_.+=@", 1),
    ("jenkins-cli-auth", "java -jar jenkins-cli.jar -s https://ci.globex.dev/ -auth admin:{h34} build api-deploy -p ENV=prod", "", 2),
    ("nextcloud-occ-config-set", "sudo -u www-data php occ config:system:set dbpassword --value='{p}'", "!#%*-_.+=@", 1),
    ("rclone-config-create-secret", "rclone config create b2 s3 provider=Other access_key_id={a20} secret_access_key={t40} endpoint=s3.us-west-002.backblazeb2.com", "", 1),
    ("restic-password-env", "RESTIC_PASSWORD='{p}' restic -r s3:s3.amazonaws.com/acme-backups snapshots", "!#%*-_.+=@", 1),
    ("borg-passphrase-env", "BORG_PASSPHRASE=\"{p}\" borg create ::'{{hostname}}-{{now}}' /etc /srv", "!#%*-_.+=@", 1),
    ("s3cmd-secret-key", "s3cmd --access_key={a20} --secret_key={t40} ls s3://acme-logs", "", 1),
    ("mc-admin-user-add", "mc admin user add myminio analytics {p}", _SAFE, 1),
    ("pip-install-index-creds", "pip install --extra-index-url https://{u}:{p}@pypi.acme.lan/simple acme-utils==2.3.1", "!*-_.~", 1),
    ("git-clone-token-url", "git clone https://oauth2:{gl}@gitlab.acme.dev/platform/infra.git", "", 2),
    ("git-remote-set-url-token", "git remote set-url origin https://{u}:{gh}@github.com/acme/api.git", "", 1),
    ("npm-config-set-authtoken", "npm config set //npm.pkg.github.com/:_authToken {gh}", "", 1),
    ("yarn-config-set-npmauthtoken", "yarn config set npmAuthToken {t36}", "", 1),
    ("poetry-pypi-token", "poetry config pypi-token.pypi pypi-AgEIcHlwaS5vcmc{t60}", "", 1),
    ("cargo-login-positional", "cargo login cio{t32}", "", 1),
    ("gem-push-key-env", "GEM_HOST_API_KEY=rubygems_{h48} gem push acme-0.4.2.gem", "", 1),
    ("xcrun-notarytool-password", "xcrun notarytool submit Acme.zip --apple-id release@acme.io --team-id 8XK2Q9ZP3M --password {asp} --wait", "", 2),
    ("fastlane-env-inline", "FASTLANE_PASSWORD='{p}' bundle exec fastlane ios beta", "!#%*-_.+=@", 1),
    ("ibmcloud-cr-login", "ibmcloud cr login --client docker -u iamapikey -p {t44}", "", 1),
    ("doctl-registry-login", "doctl registry login --access-token dop_v1_{h64}", "", 1),
    ("scw-init-secret", "scw init secret-key={uuid} organization-id=7c9d2e1a-0b3f-4a5c-9d8e-1f2a3b4c5d6e", "", 1),
    ("yc-iam-create-key-prose", "yc managed-postgresql user update app --cluster-name pg-prod --password {p}", _SAFE, 1),
    ("hcloud-context-token-env", "HCLOUD_TOKEN={t64} hcloud server list", "", 1),
    ("oci-setup-passphrase", "oci setup keys --overwrite --passphrase '{p}'", "!#%*-_.+=@", 1),
    ("wg-quick-genkey-echo", "echo \"{wgk}\" | wg pubkey", "", 1),
    ("openconnect-password-echo", "echo '{p}' | sudo openconnect --user={u} --passwd-on-stdin vpn.acme.io", "!#%*-_.+=@", 1),
    ("nordvpn-login-token", "nordvpn login --token {h64}", "", 1),
    ("mosquitto-passwd-b", "mosquitto_passwd -b /etc/mosquitto/passwd sensor-hub {p}", _SAFE, 1),
    ("esptool-wifi-provision", "idf.py -DWIFI_SSID=Attic -DWIFI_PASS={p} build flash", "!#%*-_.+=", 1),
    ("arduino-cli-build-property", "arduino-cli compile --fqbn esp32:esp32:esp32 --build-property \"compiler.cpp.extra_flags=-DMQTT_PASS=\\\"{p}\\\"\" ./sensor", "!#%*-_.+=", 1),
    ("particle-cli-login-prose", "particle login --username ops@acme.io --password '{p}'", "!#%*-_.+=@", 1),
    ("sf-org-login-access-token", "echo {sfat} | sf org login access-token --instance-url https://acme.my.salesforce.com --no-prompt", "", 1),
    ("snow-connection-add", "snow connection add --connection-name prod --account xy12345 --user SNOW_SVC --password '{p}' --no-interactive", "!#%*-_.+=@", 1),
    ("dbt-cloud-cli-token", "dbt-cloud job run --api-token dbtc_{t54} --account-id 12345 --job-id 67890", "", 1),
    ("confluent-api-key-use", "confluent api-key store {a16} {t64b} --resource lkc-7x9p2", "", 1),
    ("n8n-basic-auth-env", "docker run -e N8N_BASIC_AUTH_PASSWORD='{p}' -p 5678:5678 n8nio/n8n", "!#%*-_.+=@", 1),
    ("portainer-admin-password", "docker run -d portainer/portainer-ce --admin-password '{bc}'", "", 1),
    ("mysql-docker-root-password", "docker run -d --name db -e MYSQL_ROOT_PASSWORD={p} -p 3306:3306 mysql:8.0", _SAFE, 2),
    ("postgres-docker-password", "docker run -e POSTGRES_PASSWORD='{p}' -d postgres:16", "!#%*-_.+=@", 1),
    ("mssql-docker-sa-password", "docker run -e \"ACCEPT_EULA=Y\" -e \"MSSQL_SA_PASSWORD={p}\" -p 1433:1433 mcr.microsoft.com/mssql/server:2022-latest", "!#%*-_.+=", 1),
    ("wp-cli-user-create", "wp user create editor2 editor2@acme.io --role=editor --user_pass='{p}'", "!#%*-_.+=@", 1),
    ("drush-upwd", "drush user:password admin '{p}'", "!#%*-_.+=@", 1),
    ("rails-runner-password", "bin/rails runner 'User.find_by(email: \"admin@acme.io\").update!(password: \"{p}\")'", "!#%*-_.+=@", 1),
    ("django-createsuperuser-env", "DJANGO_SUPERUSER_PASSWORD='{p}' python manage.py createsuperuser --noinput --username admin --email ops@acme.io", "!#%*-_.+=@", 1),
    ("keycloak-kcadm-password", "kcadm.sh config credentials --server https://sso.acme.lan --realm master --user admin --password '{p}'", "!#%*-_.+=@", 1),
    ("vault-write-userpass", "vault write auth/userpass/users/jdoe password='{p}' policies=dev", "!#%*-_.+=@", 1),
    ("consul-acl-token-arg", "consul kv get -token={uuid} config/app/flags", "", 1),
    ("nomad-var-put", "nomad var put nomad/jobs/api db_password='{p}'", "!#%*-_.+=@", 1),
    ("ovftool-url-creds", "ovftool vi://administrator%40vsphere.local:{p}@vcenter.corp.local/DC/vm/old-app ./old-app.ova", "!*-_.~", 1),
    ("esxcli-password", "esxcli -s esx01.corp.local -u root -p '{p}' network ip interface list", "!#%*-_.+=@", 1),
]


def _cli_fill(tpl, sym):
    p = _pw(sym=sym) if sym else ""
    u = _user()
    vals = {
        "u": u, "h": _host(), "p": p, "p2": _pw(sym=sym or _SAFE),
        "t43": _s(43, _B64U), "t32": _s(32), "t40": _s(40), "t36": _s(36), "t44": _s(44, _B64U),
        "t54": _s(54, _B64U), "t60": _s(60, _B64U), "t64": _s(64), "t64b": _s(64, _B64),
        "h34": "11" + _hex(32), "h40": _hex(40), "h48": _hex(48), "h64": _hex(64),
        "a20": _s(20, _UA), "a16": _s(16, _UA), "uuid": _uuid(),
        "gl": "gl" + "pat-" + _s(20, _B64U), "gh": "gh" + "p_" + _s(36),
        "asp": "-".join(_s(4, _LO) for _ in range(4)), "wgk": _b64(32),
        "sfat": "00D" + _s(12, _UA) + "!AQ" + _s(95, _B62 + "._"),
        "bc": "$2y$05$" + _s(53, _B62 + "./"),
    }
    # which placeholder is the secret: the first of these present in the template
    for key in ("p", "t43", "t32", "t40", "t36", "t44", "t54", "t60", "t64", "t64b", "h34", "h40", "h48", "h64",
                "gl", "gh", "asp", "wgk", "sfat", "uuid", "bc"):
        if "{" + key + "}" in tpl:
            sec_key = key
            break
    text = tpl.format(**vals)
    secret = vals[sec_key]
    if sec_key == "t60":
        secret = "pypi-AgEIcHlwaS5vcmc" + secret
    elif sec_key == "h64" and "dop_v1_" in tpl:
        secret = "dop_v1_" + secret
    elif sec_key == "h48" and "rubygems_" in tpl:
        secret = "rubygems_" + secret
    elif sec_key == "t32" and "cio{t32}" in tpl:
        secret = "cio" + secret
    elif sec_key == "t43" and "oy2{t43}" in tpl:
        secret = "oy2" + secret
    elif sec_key == "t43" and "sha256~" in tpl:
        secret = "sha256~" + secret
    elif sec_key == "t54" and "dbtc_" in tpl:
        secret = "dbtc_" + secret
    return text, secret, u if "{u}" in tpl else ""


def _gen_cli():
    for fmt, tpl, sym, n in _CLI:
        for i in range(max(n, 1)):
            text, secret, vis = _cli_fill(tpl, sym)
            if "ssh" in fmt or "psql" in fmt or "curl" in fmt:
                pass
            if _R.random() < 0.12 and "\n" not in text and " -" in text:
                # split the command over a line continuation before the last option group
                idx = text.rfind(" -")
                if idx > 0 and secret not in text[idx:idx + 3]:
                    cand = text[:idx] + " \\\n   " + text[idx:]
                    if secret in cand:
                        text = cand
            add(_CL, fmt, _wrap(text), secret, vis)


# ---------------------------------------------------------------------------
# connection strings and URLs with userinfo
# ---------------------------------------------------------------------------
_CS = "connection-string"
_URLS = [
    ("postgres-url", "postgres://{u}:{p}@{h}:5432/orders"),
    ("postgresql-url-sslmode", "postgresql://{u}:{p}@{h}/analytics?sslmode=require"),
    ("sqlalchemy-psycopg2", "postgresql+psycopg2://{u}:{p}@{h}:5432/warehouse"),
    ("sqlalchemy-asyncpg", "postgresql+asyncpg://{u}:{p}@{h}/app"),
    ("mysql-url", "mysql://{u}:{p}@{h}:3306/shop"),
    ("mysql-pymysql-url", "mysql+pymysql://{u}:{p}@{h}/crm?charset=utf8mb4"),
    ("mariadb-url", "mariadb://{u}:{p}@{h}:3306/wiki"),
    ("mongodb-url", "mongodb://{u}:{p}@{h}:27017/events?authSource=admin"),
    ("mongodb-srv-url", "mongodb+srv://{u}:{p}@cluster0.ab1cd.mongodb.net/prod?retryWrites=true&w=majority"),
    ("redis-url-password-only", "redis://:{p}@{h}:6379/0"),
    ("rediss-default-user", "rediss://default:{p}@eu1-proud-gecko-38211.upstash.io:6379"),
    ("amqp-url", "amqp://{u}:{p}@rabbit.internal:5672/%2F"),
    ("amqps-url", "amqps://{u}:{p}@b-1234.mq.eu-west-1.amazonaws.com:5671"),
    ("nats-url", "nats://{u}:{p}@nats.internal:4222"),
    ("mqtt-url", "mqtt://{u}:{p}@broker.home.arpa:1883"),
    ("mqtts-url", "mqtts://{u}:{p}@a1b2c3.s1.eu.hivemq.cloud:8883"),
    ("ftp-url", "ftp://{u}:{p}@ftp.partner.example/outbound/"),
    ("sftp-url", "sftp://{u}:{p}@files.acme.io:22/upload"),
    ("smb-url", "smb://CORP;{u}:{p}@fs01/projects"),
    ("https-basic-url", "https://{u}:{p}@nexus.acme.lan/repository/raw-internal/"),
    ("http-proxy-url", "http://{u}:{p}@proxy.corp.local:3128"),
    ("socks5-url", "socks5h://{u}:{p}@10.8.0.1:1080"),
    ("smtp-url", "smtp://{u}:{p}@smtp.mailgun.org:587"),
    ("smtps-url", "smtps://{u}:{p}@smtp.office365.com:465"),
    ("imaps-url", "imaps://{u}:{p}@imap.gmail.com:993/INBOX"),
    ("ldap-url-bind", "ldap://cn={u},dc=corp,dc=local:{p}@dc01.corp.local:389"),
    ("rtsp-camera-url", "rtsp://{u}:{p}@192.168.1.64:554/Streaming/Channels/101"),
    ("neo4j-url", "neo4j+s://neo4j:{p}@4f2a91bc.databases.neo4j.io"),
    ("clickhouse-url", "clickhouse://{u}:{p}@ch01:9000/default"),
    ("snowflake-sqlalchemy-url", "snowflake://{u}:{p}@xy12345.eu-central-1/ANALYTICS/PUBLIC?warehouse=LOAD_WH&role=LOADER"),
    ("databricks-sqlalchemy-url", "databricks://token:{t}@dbc-a1b2c3d4-e5f6.cloud.databricks.com?http_path=/sql/1.0/warehouses/abc123&catalog=main"),
    ("trino-url", "trino://{u}:{p}@trino.data.acme.lan:443/hive"),
    ("redshift-url", "redshift+psycopg2://{u}:{p}@acme.abc123xyz.eu-west-1.redshift.amazonaws.com:5439/dev"),
    ("mssql-pyodbc-url", "mssql+pyodbc://{u}:{p}@sqlprd03/Orders?driver=ODBC+Driver+18+for+SQL+Server"),
    ("oracle-cx-url", "oracle+cx_oracle://{u}:{p}@{h}:1521/?service_name=ORCLPDB1"),
    ("hana-url", "hana://{u}:{p}@erp-hana.corp.local:30015"),
    ("cockroach-url", "postgresql://{u}:{p}@free-tier.gcp-us-central1.cockroachlabs.cloud:26257/defaultdb?sslmode=verify-full"),
    ("elasticsearch-url", "https://elastic:{p}@es01.logs.lan:9200"),
    ("couchdb-url", "http://admin:{p}@couch.lab.local:5984/_all_dbs"),
    ("git-https-url", "https://{u}:{p}@gitea.lab.local/ops/ansible.git"),
    ("webdav-nextcloud-url", "davs://{u}:{p}@cloud.initech.net/remote.php/dav/files/{u}/"),
    ("svn-url", "svn+https://{u}:{p}@svn.acme.lan/repos/legacy/trunk"),
    ("kafka-sasl-url", "kafka://{u}:{p}@broker-1.kafka.internal:9094"),
    ("influxdb-url", "influxdb://{u}:{p}@influx.iot.lan:8086/telemetry"),
    ("memcached-sasl-url", "memcache://{u}:{p}@mc.cache.internal:11211"),
    ("sentry-dsn-legacy", "https://{t}:{p}@o123456.ingest.sentry.io/4505"),
    ("cloudinary-url", "cloudinary://{n}:{p}@acme-media"),
    ("jdbc-postgres-query", "jdbc:postgresql://{h}:5432/app?user={u}&password={p}&ssl=true"),
    ("jdbc-mysql-userinfo", "jdbc:mysql://{u}:{p}@{h}:3306/crm"),
    ("jdbc-sqlserver-props", "jdbc:sqlserver://sql-prd-03:1433;databaseName=Orders;user={u};password={p};encrypt=true"),
    ("jdbc-oracle-thin", "jdbc:oracle:thin:{u}/{p}@//{h}:1521/ORCLPDB1"),
    ("jdbc-snowflake", "jdbc:snowflake://xy12345.snowflakecomputing.com/?user={u}&password={p}&warehouse=LOAD_WH&db=RAW"),
    ("jdbc-databricks-pwd", "jdbc:databricks://adb-998877.12.azuredatabricks.net:443/default;transportMode=http;ssl=1;httpPath=sql/protocolv1/o/998877/0123-456789-abcde123;AuthMech=3;UID=token;PWD={t}"),
    ("jdbc-db2", "jdbc:db2://db2.corp.local:50000/SAMPLE:user={u};password={p};"),
    ("jdbc-sap-hana", "jdbc:sap://erp-hana.corp.local:30015/?user={u}&password={p}"),
    ("adonet-sqlserver", "Server=tcp:acme-sql.database.windows.net,1433;Initial Catalog=Orders;User ID={u};Password={p};Encrypt=True;"),
    ("adonet-pwd-short", "Data Source=sql-prd-03;Initial Catalog=HR;uid={u};pwd={p}"),
    ("npgsql-connstr", "Host={h};Port=5432;Database=app;Username={u};Password={p};SSL Mode=Require"),
    ("odbc-connstr", "Driver={{ODBC Driver 18 for SQL Server}};Server=sql-prd-03;UID={u};PWD={p};"),
    ("oracle-odp-connstr", "User Id={u};Password={p};Data Source=(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST={h})(PORT=1521))(CONNECT_DATA=(SERVICE_NAME=ORCL)))"),
    ("mysql-connector-net", "server={h};uid={u};pwd={p};database=shop"),
    ("db2-connstr", "DATABASE=SAMPLE;HOSTNAME=db2.corp.local;PORT=50000;PROTOCOL=TCPIP;UID={u};PWD={p};"),
    ("azure-storage-connstr", "DefaultEndpointsProtocol=https;AccountName=acmeartifacts;AccountKey={k88};EndpointSuffix=core.windows.net"),
    ("azure-servicebus-connstr", "Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={k44}"),
    ("azure-eventhub-connstr", "Endpoint=sb://acme-eh.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey={k44};EntityPath=telemetry"),
    ("azure-iothub-device-connstr", "HostName=acme-hub.azure-devices.net;DeviceId=thermo-17;SharedAccessKey={k44}"),
    ("azure-signalr-connstr", "Endpoint=https://acme-signalr.service.signalr.net;AccessKey={k44};Version=1.0;"),
    ("azure-cosmos-connstr", "AccountEndpoint=https://acme-cosmos.documents.azure.com:443/;AccountKey={k88};"),
    ("azure-redis-connstr", "acme-cache.redis.cache.windows.net:6380,password={k44},ssl=True,abortConnect=False"),
    ("stackexchange-redis", "redis01:6379,password={p},defaultDatabase=2"),
]


def _gen_conn():
    for fmt, tpl in _URLS:
        n = 2 if _R.random() < 0.45 else 1
        for i in range(n):
            u = _user().replace(".", "_")
            enc = False
            if "{p}" in tpl and ("://" in tpl and "@" in tpl) and _R.random() < 0.25:
                raw = _pw(sym="@:/#!%*")
                p = urllib.parse.quote(raw, safe="")
                enc = True
            else:
                p = _pw(sym="!*-_.~" if "://" in tpl else "!#*-_.+")
            vals = {"u": u, "p": p, "h": _host(), "t": "dapi" + _hex(32) if "databricks" in fmt else _hex(32),
                    "n": str(_R.randint(10 ** 14, 10 ** 15)), "k88": _b64(64), "k44": _b64(32)}
            for key in ("k88", "k44", "t", "p"):
                if "{" + key + "}" in tpl and not (key == "t" and "{p}" in tpl):
                    secret = vals[key]
                    break
            if fmt == "cloudinary-url":
                secret = vals["p"] = _s(27, _B64U)
            url = tpl.format(**vals)
            ctx = _R.randint(0, 9)
            env = _pick(["DATABASE_URL", "DB_URL", "BROKER_URL", "CONNECTION_STRING", "SQLALCHEMY_DATABASE_URI", "SERVICE_URL"])
            if ctx == 0:
                text = "export %s=\"%s\"" % (env, url)
            elif ctx == 1:
                text = "%s=%s" % (env, url)
            elif ctx == 2:
                text = '"%s": "%s"' % (_camel(env), url)
            elif ctx == 3:
                text = "  url: %s" % url
            elif ctx == 4:
                text = "connected with %s, migrations ran fine" % url
            elif ctx == 5:
                text = "engine = create_engine(\"%s\", pool_pre_ping=True)" % url
            elif ctx == 6:
                text = "spring.datasource.url=%s" % url
            elif ctx == 7:
                text = "<add name=\"Default\" connectionString=\"%s\" />" % url
            elif ctx == 8:
                text = "ERROR: connection failed: %s (timeout after 30s)" % url
            else:
                text = url
            add(_CS, fmt + ("-urlencoded" if enc else ""), _wrap(text), secret, u if u in text else "")


# ---------------------------------------------------------------------------
# config in many syntaxes
# ---------------------------------------------------------------------------
_CG = "config-line"


def _gen_config():
    def P(sym="!#%*-_.+="):
        return _pw(sym=sym)

    items = []
    p = P(); items.append(("json-password-field", '{"host": "%s", "user": "%s", "password": "%s", "port": 5432}' % (_host(), _user(), p), p, "password"))
    p = P(); items.append(("json-nested-secret", '{\n  "smtp": {\n    "user": "noreply@acme.io",\n    "pass": "%s"\n  }\n}' % p, p, "pass"))
    k = _s(40, _B64U); items.append(("json-client-secret", '{"clientId": "acme-web", "clientSecret": "%s", "scopes": ["openid"]}' % k, k, "clientSecret"))
    p = P(); items.append(("yaml-password-plain", "database:\n  user: app\n  password: %s\n  pool: 10" % p, p, "password"))
    p = P(); items.append(("yaml-password-single-quoted", "  db_pass: '%s'" % p, p, "db_pass"))
    p = P(); items.append(("yaml-anchor-secret", "x-db-creds: &dbcreds\n  POSTGRES_USER: app\n  POSTGRES_PASSWORD: %s" % p, p, "POSTGRES_PASSWORD"))
    p = P(); items.append(("yaml-block-scalar", "admin_password: |\n  %s\nadmin_user: root" % p, p, "admin_password"))
    p = P(); items.append(("toml-password", '[database]\nurl = "postgres://db:5432/app"\nusername = "app"\npassword = "%s"' % p, p, "password"))
    p = P(); items.append(("toml-literal-string", "[smtp]\npassword = '%s'" % p, p, "password"))
    p = P(); items.append(("ini-password", "[mysql]\nhost = db01\nuser = report\npasswd = %s" % p, p, "passwd"))
    p = P(); items.append(("ini-pwd-colon", "[server]\nadmin_pwd: %s" % p, p, "admin_pwd"))
    p = P(); items.append(("xml-password-element", "<datasource>\n  <user-name>app</user-name>\n  <password>%s</password>\n</datasource>" % p, p, "password"))
    p = P(); items.append(("xml-password-attribute", '<Resource name="jdbc/AppDB" auth="Container" type="javax.sql.DataSource" username="app" password="%s" url="jdbc:mysql://db:3306/app"/>' % p, p, "password"))
    p = P(); items.append(("xml-appsettings-add", '<appSettings>\n  <add key="SmtpPassword" value="%s" />\n</appSettings>' % p, p, "SmtpPassword"))
    p = P(); items.append(("hcl-password", 'resource "aws_db_instance" "orders" {\n  username = "orders"\n  password = "%s"\n}' % p, p, "password"))
    p = P(); items.append(("hcl-variable-default", 'variable "admin_password" {\n  type    = string\n  default = "%s"\n}' % p, p, "admin_password"))
    p = P(); items.append(("hcl-provider-block", 'provider "grafana" {\n  url  = "https://grafana.lab.local"\n  auth = "admin:%s"\n}' % p, p, "auth"))
    p = P(); items.append(("dotenv-quoted", 'DB_PASSWORD="%s"' % p, p, "DB_PASSWORD"))
    p = P(); items.append(("dotenv-spaces-comment", "REDIS_PASSWORD = %s   # prod cache" % p, p, "REDIS_PASSWORD"))
    p = P(); items.append(("properties-colon", "db.password: %s" % p, p, "db.password"))
    p = P(); items.append(("properties-jasypt-plain", "jdbc.user=app\njdbc.pass=%s" % p, p, "jdbc.pass"))
    p = P(); items.append(("shell-export-single", "export MYSQL_PWD='%s'" % p, p, "MYSQL_PWD"))
    p = P(); items.append(("shell-declare", "declare -x SMTP_PASSWORD=\"%s\"" % p, p, "SMTP_PASSWORD"))
    p = P(); items.append(("fish-set-x", "set -gx ADMIN_PASSWORD '%s'" % p, p, "ADMIN_PASSWORD"))
    p = P(); items.append(("dockerfile-env-password", "FROM python:3.12-slim\nENV DB_USER=app DB_PASSWORD=%s\nWORKDIR /app" % p, p, "DB_PASSWORD"))
    t = "np" + "m_" + _s(36); items.append(("dockerfile-arg-token", "ARG NPM_TOKEN=%s\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc" % t, t, "NPM_TOKEN"))
    for i in range(3):
        p = _pw()
        b = _b64t(p)
        items.append(("k8s-secret-data-b64", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\ntype: Opaque\ndata:\n  username: %s\n  password: %s" % (_b64t(_user()), b), b, "password"))
    t = _s(32); b = _b64t(t)
    items.append(("k8s-secret-data-b64-apikey", "data:\n  api-key: " + b, b, "api-key"))
    p = P(); items.append(("k8s-secret-stringdata", "kind: Secret\nstringData:\n  POSTGRES_PASSWORD: \"%s\"" % p, p, "POSTGRES_PASSWORD"))
    p = P(); items.append(("helm-values-password", "postgresql:\n  auth:\n    username: app\n    password: %s\n    database: app" % p, p, "password"))
    p = P(); items.append(("helm-values-existing-plus-plain", "redis:\n  auth:\n    enabled: true\n    password: \"%s\"" % p, p, "password"))
    p = P(); items.append(("docker-compose-env-list", "    environment:\n      - POSTGRES_USER=app\n      - POSTGRES_PASSWORD=%s" % p, p, "POSTGRES_PASSWORD"))
    p = P(); items.append(("docker-compose-env-map", "    environment:\n      MYSQL_ROOT_PASSWORD: \"%s\"\n      MYSQL_DATABASE: wp" % p, p, "MYSQL_ROOT_PASSWORD"))
    p = P(); items.append(("gha-env-plain", "    env:\n      DEPLOY_PASSWORD: %s\n    steps:\n      - uses: actions/checkout@v4" % p, p, "DEPLOY_PASSWORD"))
    p = P(); items.append(("gitlab-ci-variables", "variables:\n  DOCKER_DRIVER: overlay2\n  REGISTRY_PASSWORD: \"%s\"" % p, p, "REGISTRY_PASSWORD"))
    p = P(); items.append(("jenkinsfile-environment", "environment {\n    NEXUS_USER = 'deploy'\n    NEXUS_PASS = '%s'\n}" % p, p, "NEXUS_PASS"))
    p = P(); items.append(("azure-pipelines-variable", "variables:\n- name: sqlAdminPassword\n  value: '%s'" % p, p, "sqlAdminPassword"))
    p = P(); items.append(("bitbucket-pipelines-script", "script:\n  - export FTP_PASSWORD=%s\n  - lftp -u deploy,$FTP_PASSWORD ftp.partner.example" % p, p, "FTP_PASSWORD"))
    p = P(); items.append(("systemd-environment", "[Service]\nEnvironment=API_PASSWORD=%s\nExecStart=/usr/local/bin/api" % p, p, "API_PASSWORD"))
    p = P(); items.append(("supervisord-environment", "[program:worker]\ncommand=/srv/worker\nenvironment=QUEUE_PASSWORD=\"%s\",QUEUE_USER=\"worker\"" % p, p, "QUEUE_PASSWORD"))
    p = P(); items.append(("cloudformation-noecho-default", "  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: %s" % p, p, "DBPassword"))
    p = P(); items.append(("arm-template-adminpassword", '"adminPassword": {\n  "value": "%s"\n}' % p, p, "adminPassword"))
    p = P(); items.append(("bicep-param", "param sqlAdminPassword string = '%s'" % p, p, "sqlAdminPassword"))
    p = P(); items.append(("ansible-vars-become", "all:\n  vars:\n    ansible_user: deploy\n    ansible_become_pass: %s" % p, p, "ansible_become_pass"))
    p = P(); items.append(("ansible-inventory-ini", "[db]\n10.0.3.14 ansible_user=root ansible_ssh_pass=%s" % p, p, "ansible_ssh_pass"))
    p = P(); items.append(("salt-pillar", "mysql:\n  server:\n    root_password: '%s'" % p, p, "root_password"))
    p = P(); items.append(("hiera-yaml", "profile::db::password: '%s'" % p, p, "profile::db::password"))
    p = P(); items.append(("chef-attributes", "default['app']['db_password'] = '%s'" % p, p, "db_password"))
    p = P(); items.append(("serverless-yml-env", "provider:\n  environment:\n    STRIPE_WEBHOOK_PASSWORD: %s" % p, p, "STRIPE_WEBHOOK_PASSWORD"))
    p = P(); items.append(("prometheus-basic-auth", "  - job_name: node\n    basic_auth:\n      username: prom\n      password: %s" % p, p, "password"))
    u = "https://hooks." + "slack.com/services/T" + _s(10, _UA) + "/B" + _s(10, _UA) + "/" + _s(24)
    items.append(("alertmanager-slack-url", "receivers:\n- name: ops\n  slack_configs:\n  - api_url: '%s'\n    channel: '#alerts'" % u, u, "api_url"))
    p = P(); items.append(("grafana-datasource-securejson", "datasources:\n  - name: Postgres\n    type: postgres\n    secureJsonData:\n      password: '%s'" % p, p, "secureJsonData"))
    h = "$apr1$" + _s(8, _B62) + "$" + _s(22, _B62 + "./")
    items.append(("traefik-basicauth-users", "- \"traefik.http.middlewares.auth.basicauth.users=admin:%s\"" % h.replace("$", "$$"), h.replace("$", "$$"), "basicauth"))
    p = P(); items.append(("haproxy-stats-auth", "listen stats\n    bind :8404\n    stats enable\n    stats auth admin:%s" % p, p, "stats auth"))
    p = P(); items.append(("haproxy-userlist", "userlist api_users\n    user ops insecure-password %s" % p, p, "insecure-password"))
    p = P(); items.append(("logstash-output-password", 'output {\n  elasticsearch {\n    hosts => ["https://es01:9200"]\n    user => "logstash_writer"\n    password => "%s"\n  }\n}' % p, p, "logstash_writer"))
    k = _b64(32); items.append(("fluentd-shared-key", "<security>\n  self_hostname fluentd-agg\n  shared_key %s\n</security>" % k, k, "shared_key"))
    p = P(); items.append(("vector-toml-auth", '[sinks.es.auth]\nstrategy = "basic"\nuser = "vector"\npassword = "%s"' % p, p, "password"))
    p = P(); items.append(("telegraf-influx-password", '[[outputs.influxdb]]\n  urls = ["http://influx.iot.lan:8086"]\n  username = "telegraf"\n  password = "%s"' % p, p, "telegraf"))
    p = P(); items.append(("pgadmin-servers-json", '{"Servers": {"1": {"Name": "prod", "Host": "pg-prod.acme.lan", "Username": "postgres", "Password": "%s"}}}' % p, p, "Password"))
    p = P(); items.append(("metabase-env", "MB_DB_TYPE=postgres\nMB_DB_USER=metabase\nMB_DB_PASS=%s" % p, p, "MB_DB_PASS"))
    k = _s(42, _B64); items.append(("superset-config-secret", "SECRET_KEY = '%s'" % k, k, "SECRET_KEY"))
    k = _b64(32); items.append(("nextauth-secret", "NEXTAUTH_SECRET=%s" % k, k, "NEXTAUTH_SECRET"))
    k = _hex(128); items.append(("rails-secret-key-base", "SECRET_KEY_BASE=%s" % k, k, "SECRET_KEY_BASE"))
    k = _s(32); items.append(("express-session-secret", "app.use(session({ secret: '%s', resave: false, saveUninitialized: false }))" % k, k, "secret"))
    k = _s(48, _B64U); items.append(("jwt-secret-yaml", "jwt:\n  secret: %s\n  expiration: 3600" % k, k, "secret"))
    k = _hex(32); items.append(("symfony-app-secret", "APP_ENV=prod\nAPP_SECRET=%s" % k, k, "APP_SECRET"))
    p = P(); items.append(("keycloak-realm-json", '"clients": [{"clientId": "grafana", "secret": "%s", "redirectUris": ["https://grafana.lab.local/*"]}]' % p, p, "secret"))
    p = P(); items.append(("pulumi-config-plaintext", "config:\n  acme:dbPassword: %s\n  aws:region: eu-west-1" % p, p, "dbPassword"))
    p = P(); items.append(("vagrantfile-password", 'config.ssh.password = "%s"' % p, p, "config.ssh.password"))
    p = P(); items.append(("packer-hcl-winrm", 'source "amazon-ebs" "win" {\n  communicator   = "winrm"\n  winrm_username = "Administrator"\n  winrm_password = "%s"\n}' % p, p, "winrm_password"))
    p = P(); items.append(("unattend-xml-password", "<AdministratorPassword>\n  <Value>%s</Value>\n  <PlainText>true</PlainText>\n</AdministratorPassword>" % p, p, "AdministratorPassword"))
    p = P(); items.append(("kickstart-rootpw", "rootpw --plaintext %s" % p, p, "rootpw"))
    p = P(); items.append(("preseed-passwd", "d-i passwd/root-password password %s\nd-i passwd/root-password-again password %s" % (p, p), p, "root-password"))
    p = P(); items.append(("nginx-proxy-set-header-basic", "proxy_set_header Authorization \"Basic %s\";" % _b64t("svc:" + p), _b64t("svc:" + p), "Authorization"))
    p = P(); items.append(("openvpn-inline-auth", "<auth-user-pass>\nvpn.ops\n%s\n</auth-user-pass>" % p, p, "auth-user-pass"))
    k = _b64(32); items.append(("wireguard-conf-presharedkey", "[Peer]\nPublicKey = %s\nPresharedKey = %s\nAllowedIPs = 10.8.0.0/24" % (_b64(32), k), k, "PresharedKey"))
    p = P(); items.append(("strongswan-swanctl-secret", "secrets {\n    eap-ops {\n        id = ops\n        secret = \"%s\"\n    }\n}" % p, p, "secret"))
    p = P(); items.append(("esphome-wifi-yaml", "wifi:\n  ssid: \"Attic-IoT\"\n  password: \"%s\"\n  ap:\n    password: \"%s\"" % (p, _pw()), p, "password"))
    p = P(); items.append(("tasmota-backlog", "Backlog SSID1 Attic; Password1 %s; MqttHost 10.0.0.5; MqttPassword %s" % (p, _pw()), p, "Password1"))
    k = _s(32, _HEXU); items.append(("octoprint-yaml", "api:\n  key: %s\naccessControl:\n  enabled: true" % k, k, "key"))
    p = P(); items.append(("unifi-system-properties", "db.mongo.local=false\ndb.mongo.uri=mongodb://unifi:%s@mongo:27017/unifi" % p, p, "unifi"))
    p = P(); items.append(("sap-cloud-connector-json", '{"sapcp": {"subaccount": "acme-prd", "user": "cc-admin@acme.io", "password": "%s"}}' % p, p, "password"))
    p = P(); items.append(("servicenow-midserver-config", '<parameter name="mid.instance.password" value="%s" encrypt="true"/>' % p, p, "mid.instance.password"))
    p = P(); items.append(("ibm-mq-mqsc", "SET CHLAUTH('APP.SVRCONN') TYPE(ADDRESSMAP) ADDRESS('*') USERSRC(MAP) MCAUSER('app')\n* mqsc admin password %s" % p, p, "password"))
    p = P(); items.append(("oracle-wallet-mkstore", "mkstore -wrl /u01/wallet -createCredential ORCLPDB1 app %s" % p, p, "app"))
    p = P(); items.append(("dbt-project-vars", "vars:\n  snowflake_password: \"%s\"" % p, p, "snowflake_password"))
    p = P(); items.append(("airflow-connection-env-json", "AIRFLOW_CONN_WAREHOUSE='{\"conn_type\": \"postgres\", \"login\": \"etl\", \"password\": \"%s\", \"host\": \"warehouse-2\"}'" % p, p, "password"))
    p = P(); items.append(("debezium-connector-json", '{"name": "orders-cdc", "config": {"connector.class": "io.debezium.connector.postgresql.PostgresConnector", "database.user": "debezium", "database.password": "%s"}}' % p, p, "database.password"))
    p = P(); items.append(("spark-defaults-conf", "spark.hadoop.fs.s3a.access.key %s\nspark.hadoop.fs.s3a.secret.key %s" % (_s(20, _UA), p), p, "fs.s3a.secret.key"))
    k = _s(40); items.append(("hadoop-core-site-xml", "<property>\n  <name>fs.s3a.secret.key</name>\n  <value>%s</value>\n</property>" % k, k, "fs.s3a.secret.key"))
    p = P(); items.append(("flink-conf-yaml", "s3.access-key: minio\ns3.secret-key: %s" % p, p, "s3.secret-key"))
    p = P(); items.append(("trino-catalog-properties", "connector.name=postgresql\nconnection-url=jdbc:postgresql://pg:5432/app\nconnection-user=trino\nconnection-password=%s" % p, p, "connection-password"))
    for fmt, text, secret, vis in items:
        if secret is None:
            continue
        add(_CG, fmt, text, secret, vis)


# ---------------------------------------------------------------------------
# code in many languages
# ---------------------------------------------------------------------------
_CO = "code"


def _gen_code():
    rows = [
        ("python-kwarg-password", "conn = psycopg2.connect(host=\"{h}\", dbname=\"app\", user=\"{u}\", password=\"{p}\")"),
        ("python-snowflake-connect", "ctx = snowflake.connector.connect(user='{u}', password='{p}', account='xy12345.eu-central-1', warehouse='LOAD_WH')"),
        ("python-dict-literal", "CONFIG = {{'api_secret': '{p}', 'timeout': 30}}"),
        ("python-fstring-default", "DB_PASS = os.getenv('DB_PASS') or '{p}'"),
        ("python-kafka-producer", "producer = KafkaProducer(bootstrap_servers='broker-1:9094', security_protocol='SASL_SSL', sasl_mechanism='PLAIN', sasl_plain_username='{u}', sasl_plain_password='{p}')"),
        ("python-elasticsearch-basic", "es = Elasticsearch('https://es01.logs.lan:9200', basic_auth=('elastic', '{p}'))"),
        ("python-databricks-sql", "connection = sql.connect(server_hostname='dbc-a1b2c3d4-e5f6.cloud.databricks.com', http_path='/sql/1.0/warehouses/abc', access_token='{dapi}')"),
        ("js-object-password", "const pool = new Pool({{ host: '{h}', user: '{u}', password: '{p}', database: 'app' }});"),
        ("js-template-literal", "const auth = `Basic ${{btoa('{u}:{p}')}}`;"),
        ("ts-const-secret", "export const WEBHOOK_SECRET: string = \"{t}\";"),
        ("ts-firebase-admin-env", "admin.initializeApp({{ credential: admin.credential.cert({{ projectId: 'acme-app', clientEmail: 'fb-admin@acme-app.iam.gserviceaccount.com', privateKey: '{t}' }}) }});"),
        ("go-struct-literal", "cfg := Config{{Host: \"{h}\", User: \"{u}\", Password: \"{p}\"}}"),
        ("go-const-token", "const apiToken = \"{t}\""),
        ("go-sarama-config", "config.Net.SASL.User = \"{u}\"\nconfig.Net.SASL.Password = \"{p}\""),
        ("rust-const", "const SIGNING_KEY: &str = \"{t}\";"),
        ("rust-builder", "let client = Client::builder().basic_auth(\"{u}\", Some(\"{p}\")).build()?;"),
        ("java-field", "private static final String DB_PASSWORD = \"{p}\";"),
        ("java-datasource-setter", "ds.setUsername(\"{u}\");\nds.setPassword(\"{p}\");"),
        ("java-jsch-session", "session.setPassword(\"{p}\");"),
        ("kotlin-val", "val apiSecret = \"{t}\""),
        ("kotlin-gradle-kts-signing", "storePassword = \"{p}\"\nkeyAlias = \"upload\"\nkeyPassword = \"{p}\""),
        ("csharp-const", "private const string ClientSecret = \"{t}\";"),
        ("csharp-sqlconnectionstringbuilder", "var b = new SqlConnectionStringBuilder {{ DataSource = \"sql-prd-03\", UserID = \"{u}\", Password = \"{p}\" }};"),
        ("vbnet-dim", "Dim smtpPassword As String = \"{p}\""),
        ("ruby-hash-rocket", "Stripe.api_key = ENV.fetch('STRIPE_KEY', '{t}')"),
        ("ruby-symbol-hash", "ActionMailer::Base.smtp_settings = {{ user_name: 'apikey', password: '{p}', address: 'smtp.sendgrid.net' }}"),
        ("php-array", "'password' => '{p}',"),
        ("php-define", "define('API_SECRET', '{t}');"),
        ("php-pdo", "$pdo = new PDO('mysql:host={h};dbname=shop', '{u}', '{p}');"),
        ("swift-let", "let apiKey = \"{t}\""),
        ("swift-urlcredential", "let cred = URLCredential(user: \"{u}\", password: \"{p}\", persistence: .forSession)"),
        ("objc-nsstring", "static NSString *const kClientSecret = @\"{t}\";"),
        ("dart-const", "const String stripeSecret = '{t}';"),
        ("scala-val", "val password = \"{p}\""),
        ("elixir-config", "config :app, App.Repo,\n  username: \"{u}\",\n  password: \"{p}\""),
        ("erlang-tuple", "{{password, \"{p}\"}},"),
        ("perl-dbi", "my $dbh = DBI->connect(\"dbi:Pg:dbname=app;host={h}\", \"{u}\", \"{p}\");"),
        ("lua-table", "local cfg = {{ redis_password = \"{p}\" }}"),
        ("r-dbconnect", "con <- dbConnect(RPostgres::Postgres(), host = \"{h}\", user = \"{u}\", password = \"{p}\")"),
        ("julia-const", "const API_TOKEN = \"{t}\""),
        ("c-define", "#define WIFI_PASSWORD \"{p}\""),
        ("cpp-constexpr", "constexpr char kMqttPassword[] = \"{p}\";"),
        ("arduino-wifi-begin", "WiFi.begin(\"Attic-IoT\", \"{p}\");"),
        ("arduino-mqtt-connect", "if (client.connect(\"esp32-attic\", \"{u}\", \"{p}\")) {{"),
        ("micropython-wlan", "wlan.connect('Attic-IoT', '{p}')"),
        ("bash-heredoc", "cat > /etc/app/env <<EOF\nDB_PASSWORD={p}\nEOF"),
        ("powershell-hashtable", "$cfg = @{{ Server = 'sql-prd-03'; Password = '{p}' }}"),
        ("sql-create-user", "CREATE USER {u2} WITH PASSWORD '{p}';"),
        ("sql-alter-role", "ALTER ROLE {u2} WITH LOGIN PASSWORD '{p}' VALID UNTIL '2026-01-01';"),
        ("sql-mysql-identified-by", "CREATE USER '{u2}'@'%' IDENTIFIED BY '{p}';"),
        ("sql-mssql-create-login", "CREATE LOGIN [{u2}] WITH PASSWORD = N'{p}', CHECK_POLICY = OFF;"),
        ("sql-oracle-identified", "ALTER USER {u2} IDENTIFIED BY \"{p}\" ACCOUNT UNLOCK;"),
        ("sql-snowflake-create-user", "CREATE USER {u2} PASSWORD = '{p}' DEFAULT_ROLE = LOADER MUST_CHANGE_PASSWORD = FALSE;"),
        ("sql-snowflake-storage-integration", "CREATE STAGE raw_stage URL='s3://acme-raw/' CREDENTIALS=(AWS_KEY_ID='AKIA{a16}' AWS_SECRET_KEY='{t40}');"),
        ("sql-redshift-copy-credentials", "COPY events FROM 's3://acme-raw/events/' CREDENTIALS 'aws_access_key_id=AKIA{a16};aws_secret_access_key={t40}' JSON 'auto';"),
        ("sql-clickhouse-s3", "SELECT * FROM s3('https://acme-raw.s3.amazonaws.com/x.parquet', 'AKIA{a16}', '{t40}', 'Parquet')"),
        ("sql-dblink", "SELECT * FROM dblink('host=legacy-db user=report password={p} dbname=erp', 'SELECT id FROM t') AS t(id int);"),
        ("groovy-jenkins", "def nexusPass = '{p}'\nsh \"curl -u deploy:${{nexusPass}} -T app.war https://nexus.acme.lan/\""),
        ("clojure-def", "(def db-spec {{:dbtype \"postgresql\" :user \"{u}\" :password \"{p}\"}})"),
        ("fsharp-let", "let smtpPassword = \"{p}\""),
        ("haskell-binding", "apiKey = \"{t}\" :: Text"),
        ("nim-const", "const dbPass = \"{p}\""),
        ("solidity-hardhat-config", "accounts: [\"0x{h64}\"],"),
        ("terraform-local", "locals {{\n  grafana_api_key = \"{t}\"\n}}"),
        ("jupyter-cell", "In [12]: client = boto3.client('s3', aws_access_key_id='AKIA{a16}', aws_secret_access_key='{t40}')"),
        ("python-comment-secret", "# old password was {p}, keep for rollback"),
        ("js-comment-token", "// TODO remove before merge: token {t}"),
    ]
    for fmt, tpl in rows:
        n = 2 if _R.random() < 0.3 else 1
        for i in range(n):
            vals = {"h": _host(), "u": _user(), "u2": _user().replace("-", "_").replace(".", "_"),
                    "p": _pw(sym="!#%*-_.+="), "t": _pick([_s(32), _s(40, _B64U), _hex(40), _b64(32), _s(48)]),
                    "dapi": "dapi" + _hex(32), "a16": _s(16, _UA), "t40": _s(40, _B62 + "/+"), "h64": _hex(64)}
            text = tpl.format(**vals)
            for key in ("p", "t", "dapi", "t40", "h64"):
                if "{" + key + "}" in tpl:
                    secret = vals[key]
                    break
            vis = vals["u"] if "{u}" in tpl else ""
            add(_CO, fmt, text, secret, vis)


# ---------------------------------------------------------------------------
# prose notes (several languages)
# ---------------------------------------------------------------------------
_PR = "prose"
_PROSE = [
    ("prose-en-staging-password", "The staging password is {p} - Dana said it's fine to use until Friday."),
    ("prose-en-login-as", "Log in as {u} with {p} to reach the admin panel (SSO is broken on staging)."),
    ("prose-en-creds-slash", "creds for the legacy FTP: {u} / {p}"),
    ("prose-en-handoff", "Handoff: the Grafana admin pass got reset to {p}; tell ops to change it."),
    ("prose-en-token-for", "Used token {t} for the GitLab API calls while debugging the pipeline."),
    ("prose-en-apikey-inline", "partner's api key: {t} (sandbox only, expires in 30 days)"),
    ("prose-en-secret-is", "the webhook signing secret is {t}, stored nowhere else yet"),
    ("prose-en-pw-parenthetical", "Connected to the NAS (admin, pw {p}) and copied the dumps."),
    ("prose-en-decision", "Decision: keep the shared service password ({p}) until the vault migration lands."),
    ("prose-en-next-step-rotate", "Next: rotate {t} - it was pasted into the ticket by mistake."),
    ("prose-en-wifi", "Office wifi 'Acme-Guest' passphrase: {p}"),
    ("prose-en-vpn-psk", "The site-to-site VPN pre-shared key is {p}, same on both ends."),
    ("prose-en-db-root", "MySQL root on db01 is still {p}."),
    ("prose-en-hunter", "password hunter22 was rejected by the policy so I set it to {p} instead"),
    ("prose-de-passwort", "Das Passwort für den Staging-Server lautet {p}, bitte nach dem Test ändern."),
    ("prose-de-zugang", "Zugangsdaten fürs Backup-NAS: Benutzer {u}, Kennwort {p}"),
    ("prose-fr-mot-de-passe", "Le mot de passe de la base de recette est {p} (à changer avant la mise en prod)."),
    ("prose-fr-jeton", "Jeton d'accès pour l'API partenaire : {t}"),
    ("prose-es-contrasena", "La contraseña del usuario {u} es {p}; no la compartas por Slack."),
    ("prose-es-clave-api", "clave de API del entorno de pruebas: {t}"),
    ("prose-pt-senha", "A senha do banco de homologação é {p}."),
    ("prose-pt-token", "Token de acesso do bot: {t}"),
    ("prose-it-password", "La password di amministrazione di Jenkins è {p}."),
    ("prose-nl-wachtwoord", "Het wachtwoord voor de testomgeving is {p}."),
    ("prose-pl-haslo", "Hasło do serwera testowego to {p} - zmienić po wdrożeniu."),
    ("prose-ru-parol", "Пароль от тестовой базы: {p}, логин {u}."),
    ("prose-uk-parol", "Пароль адміністратора Grafana: {p}"),
    ("prose-ja-pasuwado", "ステージング環境のパスワードは {p} です。"),
    ("prose-ja-token", "APIトークン: {t}（検証用）"),
    ("prose-zh-mima", "测试服务器的密码是 {p}，用户名 {u}。"),
    ("prose-zh-miyao", "阿里云的 AccessKey Secret 是 {t}"),
    ("prose-ko-bimilbeonho", "스테이징 DB 비밀번호는 {p} 입니다."),
    ("prose-tr-sifre", "Test sunucusunun şifresi {p}, kullanıcı {u}."),
    ("prose-sv-losenord", "Lösenordet till testmiljön är {p}."),
    ("prose-cs-heslo", "Heslo k testovací databázi je {p}."),
    ("prose-vi-matkhau", "Mật khẩu của máy chủ thử nghiệm là {p}."),
    ("prose-id-katasandi", "Kata sandi server staging: {p}"),
    ("prose-hi-password", "स्टेजिंग सर्वर का पासवर्ड {p} है।"),
    ("prose-ar-kalimat-sir", "كلمة المرور لقاعدة بيانات الاختبار هي {p}"),
    ("prose-en-mixed-markdown", "**Creds** (temporary):\n- user: `{u}`\n- pass: `{p}`"),
    ("prose-en-table", "| system | user | password |\n|---|---|---|\n| pgbouncer | {u} | {p} |"),
    ("prose-en-slack-paste", "[10:42] dana: here you go -> {t}\n[10:43] me: thanks, works"),
    ("prose-en-across-lines", "The new deploy key for the partner SFTP is\n{p}\n(don't commit it)."),
]


def _gen_prose():
    for fmt, tpl in _PROSE:
        n = 2 if _R.random() < 0.35 else 1
        for i in range(n):
            vals = {"p": _pw(sym="!#%*-_.+=@"), "u": _user(),
                    "t": _pick([_s(40), _hex(32), "gl" + "pat-" + _s(20, _B64U), _s(32, _B64U), "sk" + "_test_" + _s(24), _s(36, _UA)])}
            text = tpl.format(**vals)
            secret = vals["p"] if "{p}" in tpl else vals["t"]
            add(_PR, fmt, text, secret, vals["u"] if "{u}" in tpl else "")


# ---------------------------------------------------------------------------
# headers and cookies
# ---------------------------------------------------------------------------
_HC = "header-cookie"


def _gen_headers():
    for i in range(3):
        t = _pick([_s(40, _B64U), _jwt(), _hex(48)])
        add(_HC, "authorization-bearer-generic", _pick([
            "curl -H 'Authorization: Bearer %s' https://api.internal.acme.io/v2/orders",
            "Authorization: Bearer %s",
            "> GET /api/v1/me HTTP/1.1\n> Host: api.acme.io\n> Authorization: Bearer %s\n> Accept: */*"]) % t, t, "Authorization")
    for i in range(3):
        u, p = _user(), _pw()
        b = _b64t(u + ":" + p)
        add(_HC, "authorization-basic-b64", _pick([
            "curl -H \"Authorization: Basic %s\" https://nexus.acme.lan/service/rest/v1/status",
            "headers = {'Authorization': 'Basic %s'}",
            "Authorization: Basic %s"]) % b, b, "Authorization")
    t = _hex(40)
    add(_HC, "authorization-token-scheme", "Authorization: Token " + t, t, "Authorization")
    t = _s(32)
    add(_HC, "x-api-key-header", "curl -H 'X-Api-Key: %s' https://api.partner.example/v1/rates" % t, t, "X-Api-Key")
    t = _s(40, _B64U)
    add(_HC, "x-auth-token-header", "X-Auth-Token: " + t, t, "X-Auth-Token")
    t = _hex(32)
    add(_HC, "ocp-apim-subscription-key", "curl -H \"Ocp-Apim-Subscription-Key: %s\" https://apim-acme.azure-api.net/orders/v1" % t, t, "Ocp-Apim-Subscription-Key")
    t = "AI" + "za" + "Sy" + _s(33, _B64U)
    add(_HC, "x-goog-api-key", "x-goog-api-key: " + t, t, "x-goog-api-key")
    t = _hex(32)
    add(_HC, "dd-api-key-header", "curl -X POST https://api.datadoghq.eu/api/v2/series -H \"DD-API-KEY: %s\" -H \"DD-APPLICATION-KEY: %s\"" % (t, _hex(40)), t, "DD-API-KEY")
    for name, mk in [("X-Acme-Internal-Key", lambda: "aik_" + _s(36)), ("X-Hooli-Signature-Secret", lambda: _hex(64)),
                     ("X-Partner-Token", lambda: _s(28, _B64U)), ("X-Tenant-Secret", lambda: _uuid()),
                     ("X-Ledger-Auth", lambda: "lw-v3-" + _s(56, _LA)), ("Api-Secret", lambda: _s(44, _B64))]:
        t = mk()
        add(_HC, "custom-header-" + name.lower(), _pick(["curl -sk -H '%s: %s' https://gw.acme.lan/internal/health", "%s: %s"]) % (name, t), t, name)
    # cookies
    v = "s%3A" + _s(32, _B64U) + "." + urllib.parse.quote(_b64(32).rstrip("="), safe="")
    add(_HC, "connect-sid-cookie-curl-b", "curl -b 'connect.sid=%s' http://localhost:3000/api/admin/users" % v, v, "connect.sid")
    v = "s%3A" + _s(32, _B64U) + "." + urllib.parse.quote(_b64(32).rstrip("="), safe="")
    add(_HC, "connect-sid-cookie-long", "curl --cookie \"connect.sid=%s; theme=dark\" https://app.acme.io/dashboard" % v, v, "connect.sid")
    v = _s(32, _HEXU)
    add(_HC, "jsessionid-cookie", "Cookie: JSESSIONID=%s; Path=/; HttpOnly" % v, v, "JSESSIONID")
    v = _s(26, _LA)
    add(_HC, "phpsessid-cookie", "curl -H 'Cookie: PHPSESSID=%s' https://shop.acme.io/admin/" % v, v, "PHPSESSID")
    v = _b64(180).replace("=", "%3D")
    add(_HC, "laravel-session-cookie", "Cookie: XSRF-TOKEN=eyJpdiI6; laravel_session=" + v, v, "laravel_session")
    v = _hex(32)
    add(_HC, "gitlab-session-cookie", "_gitlab_session=" + v, v, "_gitlab_session")
    v = "CfDJ8" + _s(300, _B64U)
    add(_HC, "aspnetcore-cookie", "Cookie: .AspNetCore.Cookies=" + v, v, ".AspNetCore.Cookies")
    v = _s(24, _LA)
    add(_HC, "aspnet-sessionid", "ASP.NET_SessionId=%s; path=/; HttpOnly; SameSite=Lax" % v, v, "ASP.NET_SessionId")
    v = _b64u(96)
    add(_HC, "set-cookie-log-line", "< Set-Cookie: session=%s; Secure; HttpOnly; Path=/" % v, v, "session")
    v = _jwt()
    add(_HC, "cookie-jwt-access-token", "curl 'https://app.acme.io/api/me' -H 'cookie: access_token=%s; _ga=GA1.2.1234567890.1700000000'" % v, v, "access_token")
    v = _s(40, _B64U)
    add(_HC, "grafana-session-cookie", "grafana_session=" + v, v, "grafana_session")
    v = _hex(64)
    add(_HC, "nextcloud-cookie", "Cookie: nc_username=backup; nc_token=%s; nc_session_id=%s" % (v, _s(26, _LA)), v, "nc_token")
    v = _s(32, _B62)
    add(_HC, "jenkins-crumb-session", "Cookie: JSESSIONID.4a1b2c3d=node0" + v + ".node0", "node0" + v + ".node0", "JSESSIONID")
    v = _s(40, _B64U)
    add(_HC, "salesforce-sid-cookie", "Cookie: sid=00D%s!%s" % (_s(12, _UA), v), v, "sid")
    v = _b64u(64)
    add(_HC, "requests-cookies-dict", "requests.get(url, cookies={'sessionid': '%s'})" % v, v, "sessionid")
    v = _s(32, _LA)
    add(_HC, "django-sessionid-devtools", "sessionid=%s; csrftoken=%s" % (v, _s(32)), v, "sessionid")
    v = "Bearer " + _s(40, _B64U)
    t = v[7:]
    add(_HC, "postman-environment-json", '{"key": "authToken", "value": "%s", "type": "secret", "enabled": true}' % t, t, "authToken")
    t = _s(36)
    add(_HC, "httpie-header", "http POST https://api.acme.io/v1/jobs X-Internal-Token:%s name=reindex" % t, t, "X-Internal-Token")
    t = _s(32)
    add(_HC, "wget-header", "wget --header=\"Authorization: Bearer %s\" https://files.acme.io/export.csv" % t, t, "Authorization")
    t = _s(44, _B64)
    add(_HC, "powershell-invoke-restmethod", "Invoke-RestMethod -Uri https://api.acme.io/v1/me -Headers @{ Authorization = \"Bearer %s\" }" % t, t, "Authorization")
    t = _hex(40)
    add(_HC, "axios-default-header", "axios.defaults.headers.common['Authorization'] = 'token %s';" % t, t, "Authorization")
    t = _s(32)
    add(_HC, "url-query-api-key", "GET https://api.weather.example/v3/forecast?lat=52.1&lon=4.3&apikey=%s" % t, t, "apikey")
    t = _s(40, _B64U)
    add(_HC, "url-query-access-token", "https://graph.partner.example/v1/me?access_token=" + t, t, "access_token")
    t = _hex(32)
    add(_HC, "url-query-sig-secret", "curl 'https://hooks.internal.acme.io/ingest?source=ci&secret=%s'" % t, t, "secret")
    t = _s(24)
    add(_HC, "proxy-authorization", "Proxy-Authorization: Basic " + _b64t("proxyuser:" + t), _b64t("proxyuser:" + t), "Proxy-Authorization")


# ---------------------------------------------------------------------------
# private keys and wallet material
# ---------------------------------------------------------------------------
_PK = "private-key"
_BIP39 = ("abandon ability able about above absent absorb abstract absurd abuse access accident account accuse "
          "achieve acid acoustic acquire across act action actor actress actual adapt add addict address adjust "
          "admit adult advance advice aerobic affair afford afraid again age agent agree ahead aim air airport aisle "
          "alarm album alcohol alert alien all alley allow almost alone alpha already also alter always amateur "
          "amazing among amount amused analyst anchor ancient anger angle angry animal ankle announce annual another "
          "answer antenna antique anxiety any apart apology appear apple approve april arch arctic area arena argue "
          "arm armed armor army around arrange arrest arrive arrow art artefact artist artwork ask aspect assault "
          "asset assist assume asthma athlete atom attack attend attitude attract auction audit august aunt author "
          "auto autumn average avocado avoid awake aware away awesome awful awkward axis baby bachelor bacon badge "
          "bag balance balcony ball bamboo banana banner bar barely bargain barrel base basic basket battle beach "
          "bean beauty because become beef before begin behave behind believe below belt bench benefit best betray "
          "better between beyond bicycle bid bike bind biology bird birth bitter black blade blame blanket blast "
          "bleak bless blind blood blossom blouse blue blur blush board boat body boil bomb bone bonus book boost "
          "border boring borrow boss bottom bounce box boy bracket brain brand brass brave bread breeze brick bridge").split()


def _pem_body(nbytes):
    b = _b64(nbytes)
    return "\n".join(b[i:i + 64] for i in range(0, len(b), 64))


def _gen_keys():
    kinds = [
        ("pem-rsa-private", "RSA PRIVATE KEY", 1190),
        ("pem-pkcs8-private", "PRIVATE KEY", 1218),
        ("pem-ec-private", "EC PRIVATE KEY", 121),
        ("pem-encrypted-pkcs8", "ENCRYPTED PRIVATE KEY", 1298),
        ("pem-dsa-private", "DSA PRIVATE KEY", 444),
        ("openssh-private", "OPENSSH PRIVATE KEY", 387),
    ]
    for fmt, label, nb in kinds:
        for i in range(2):
            block = "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, _pem_body(nb + _R.randint(-3, 3)), label)
            if fmt == "openssh-private":
                block = "-----BEGIN %s-----\nb3BlbnNzaC1rZXktdjEAAAAA%s\n-----END %s-----" % (label, _pem_body(nb)[24:], label)
            ctx = _R.randint(0, 3)
            if ctx == 0:
                text = block
            elif ctx == 1:
                text = "cat > deploy_key <<'EOF'\n%s\nEOF\nchmod 600 deploy_key" % block
            elif ctx == 2:
                text = "pasted the key for the bastion:\n" + block
            else:
                text = "echo \"%s\" > /tmp/k.pem" % block
            secret = block.split("\n", 1)[1].rsplit("\n", 1)[0]
            add(_PK, fmt, text, secret, label)
    # JSON-escaped PEM in service account
    body = _pem_body(1218)
    pem_esc = "-----BEGIN PRIVATE KEY-----\\n" + body.replace("\n", "\\n") + "\\n-----END PRIVATE KEY-----\\n"
    sec = body.replace("\n", "\\n")
    add(_PK, "gcp-service-account-json-key", '{\n  "type": "service_account",\n  "project_id": "acme-data",\n  "private_key_id": "%s",\n  "private_key": "%s",\n  "client_email": "etl@acme-data.iam.gserviceaccount.com"\n}' % (_hex(40), pem_esc), sec, "private_key")
    body = _pem_body(138)
    add(_PK, "app-store-connect-p8", "AuthKey_%s.p8:\n-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----" % (_s(10, _UA), body), body, "AuthKey")
    body = _pem_body(138).replace("\n", "\\n")
    add(_PK, "app-store-connect-p8-env", "APP_STORE_CONNECT_API_KEY_CONTENT=\"-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\"" % body, body, "APP_STORE_CONNECT_API_KEY_CONTENT")
    body = _pem_body(1218).replace("\n", "\\n")
    add(_PK, "snowflake-private-key-env", "SNOWFLAKE_PRIVATE_KEY='-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----'" % body, body, "SNOWFLAKE_PRIVATE_KEY")
    # PuTTY
    for i in range(2):
        pl = _pem_body(_R.randint(300, 400))
        t = ("PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: rsa-key-20240311\nPublic-Lines: 6\n%s\nPrivate-Lines: %d\n%s\nPrivate-MAC: %s"
             % (_pem_body(270), pl.count("\n") + 1, pl, _hex(64)))
        add(_PK, "putty-ppk-v3", t, pl, "Private-Lines")
    # age
    k = "AGE-" + "SECRET-KEY-1" + _s(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")
    add(_PK, "age-identity-file", "# created: 2024-05-02T10:11:12Z\n# public key: age1%s\n%s" % (_s(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"), k), k, "")
    # wireguard
    for i in range(3):
        k = _b64(32)
        add(_PK, "wireguard-interface-privatekey", "[Interface]\nPrivateKey = %s\nAddress = 10.8.0.%d/24\nListenPort = 51820" % (k, _R.randint(2, 250)), k, "PrivateKey")
    # mnemonics
    for n in (12, 24, 12, 18):
        m = " ".join(_pick(_BIP39) for _ in range(n))
        add(_PK, "bip39-mnemonic-%d" % n, _pick(["MNEMONIC=\"%s\"", "seed phrase for the hot wallet: %s", "const wallet = ethers.Wallet.fromPhrase(\"%s\");", "mnemonic: %s"]) % m, m, "")
    # eth private key
    for i in range(3):
        k = _hex(64)
        add(_PK, "eth-private-key-hex", _pick(["PRIVATE_KEY=0x%s", "DEPLOYER_KEY=%s", "cast send --private-key 0x%s 0x5FbDB2315678afecb367f032d93F642f64180aa3 'pause()'", "const signer = new Wallet('0x%s', provider);"]) % k, k, "")
    # bitcoin WIF
    k = _pick(["K", "L"]) + _s(51, "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")
    add(_PK, "bitcoin-wif", "bitcoin-cli importprivkey %s \"cold-storage\" false" % k, k, "")
    k = "xprv9s21ZrQH143K" + _s(95, "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")
    add(_PK, "bitcoin-xprv", "xpriv for the treasury wallet: " + k, k, "")
    # solana keypair
    arr = "[" + ",".join(str(_R.randint(0, 255)) for _ in range(64)) + "]"
    add(_PK, "solana-keypair-json", "cat ~/.config/solana/id.json\n" + arr, arr, "")
    # nostr
    k = "nsec1" + _s(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")
    add(_PK, "nostr-nsec", "NOSTR_PRIVATE_KEY=" + k, k, "NOSTR_PRIVATE_KEY")
    # JWK d
    for i in range(2):
        d = _b64u(32)
        add(_PK, "jwk-private-d", '{"kty":"EC","crv":"P-256","x":"%s","y":"%s","d":"%s","kid":"sig-2024"}' % (_b64u(32), _b64u(32), d), d, "\"d\"")
    d = _b64u(256)
    add(_PK, "jwk-rsa-private-d", '{"kty":"RSA","n":"%s","e":"AQAB","d":"%s","p":"%s"}' % (_b64u(256), d, _b64u(128)), d, "\"d\"")
    k = _b64u(32)
    add(_PK, "jwk-oct-k", '{"kty":"oct","k":"%s","alg":"HS256"}' % k, k, "\"k\"")
    # PGP
    body = _pem_body(900)
    add(_PK, "pgp-private-key-block", "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n%s\n=%s\n-----END PGP PRIVATE KEY BLOCK-----" % (body, _s(4, _B64)), body, "PGP PRIVATE KEY")
    # minisign
    k = "RWRTY0Iy" + _s(150, _B64)
    add(_PK, "minisign-secret-key", "untrusted comment: minisign encrypted secret key\n" + k, k, "minisign")
    # tendermint / cosmos
    v = _b64(64)
    add(_PK, "tendermint-priv-validator", '{"address":"%s","pub_key":{"type":"tendermint/PubKeyEd25519","value":"%s"},"priv_key":{"type":"tendermint/PrivKeyEd25519","value":"%s"}}' % (_s(40, _HEXU), _b64(32), v), v, "priv_key")
    # tailscale / ssh host ed25519 seed hex
    k = "privkey:" + _hex(64)
    add(_PK, "tailscale-node-privkey", '{"PrivateNodeKey":"%s"}' % k, k, "PrivateNodeKey")
    k = _hex(64)
    add(_PK, "ed25519-seed-hex", "signing_key_seed = \"%s\"" % k, k, "signing_key_seed")
    # openvpn static key
    lines = "\n".join(_hex(32) for _ in range(16))
    add(_PK, "openvpn-static-key", "<tls-crypt>\n-----BEGIN OpenVPN Static key V1-----\n%s\n-----END OpenVPN Static key V1-----\n</tls-crypt>" % lines, lines, "OpenVPN Static key")
    # XRP family seed
    k = "s" + _s(28, "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz")
    add(_PK, "xrp-family-seed", "XRPL_SEED=" + k, k, "XRPL_SEED")
    # coinbase cdp key json
    body = _pem_body(121).replace("\n", "\\n")
    add(_PK, "coinbase-cdp-key-json", '{"name": "organizations/%s/apiKeys/%s", "privateKey": "-----BEGIN EC PRIVATE KEY-----\\n%s\\n-----END EC PRIVATE KEY-----\\n"}' % (_uuid(), _uuid(), body), body, "privateKey")
    # ssh key in yaml block
    body = _pem_body(387)
    ind = "\n".join("    " + ln for ln in body.split("\n"))
    add(_PK, "yaml-indented-ssh-key", "deploy_key: |\n    -----BEGIN OPENSSH PRIVATE KEY-----\n%s\n    -----END OPENSSH PRIVATE KEY-----" % ind, ind.strip(), "deploy_key")


# ---------------------------------------------------------------------------
# CI logs and tool output
# ---------------------------------------------------------------------------
_CI = "ci-log"


def _gen_ci():
    for i in range(2):
        v = _s(40, _B64U)
        add(_CI, "gha-add-mask", "echo \"::add-mask::%s\"" % v, v, "add-mask")
    v = _pw()
    add(_CI, "gha-set-output", "echo \"db_password=%s\" >> \"$GITHUB_OUTPUT\"" % v, v, "db_password")
    v = _s(32)
    add(_CI, "gha-legacy-set-output", "::set-output name=token::" + v, v, "token")
    v = _pw()
    add(_CI, "azdo-setvariable-issecret", "##vso[task.setvariable variable=dbPassword;issecret=true]" + v, v, "dbPassword")
    v = "gh" + "p_" + _s(36)
    add(_CI, "set-x-trace-curl", "+ curl -sf -H 'Authorization: token %s' https://api.github.com/repos/acme/api/releases/latest" % v, v, "Authorization")
    v = _pw()
    add(_CI, "set-x-trace-export", "++ export DEPLOY_PASSWORD=%s\n++ DEPLOY_PASSWORD=%s" % (v, v), v, "DEPLOY_PASSWORD")
    for i in range(2):
        v1, v2 = _pw(), _s(40)
        add(_CI, "printenv-dump", "$ printenv | sort\nHOME=/root\nHOSTNAME=runner-7f9c\nPATH=/usr/local/bin:/usr/bin\nREGISTRY_PASSWORD=%s\nSHLVL=1" % v1, v1, "REGISTRY_PASSWORD")
    v = _s(20, _B62)
    add(_CI, "env-grep-output", "$ env | grep -i secret\nCLIENT_SECRET=%s\nSECRET_NAME=prod/api" % v, v, "CLIENT_SECRET")
    v = _pw()
    add(_CI, "gitlab-job-log-echo", "$ echo \"deploying with $DEPLOY_USER:%s\"\ndeploying with deploy:%s" % ("$DEPLOY_PASS", v), v, "deploy")
    v = _pw()
    add(_CI, "jenkins-console-leak", "[Pipeline] sh\n+ mvn -B deploy -Dnexus.password=%s\n[INFO] Scanning for projects..." % v, v, "nexus.password")
    v = "np" + "m_" + _s(36)
    add(_CI, "docker-build-log-arg", "Step 4/11 : ARG NPM_TOKEN=%s\n ---> Running in 3c1f0a9e7b2d" % v, v, "NPM_TOKEN")
    v = _pw()
    add(_CI, "docker-history-output", "IMAGE          CREATED       CREATED BY                                      SIZE\n4f1c2a9b8e7d   2 days ago    /bin/sh -c #(nop)  ENV DB_PASSWORD=%s   0B" % v, v, "DB_PASSWORD")
    p = _pw()
    b = _b64t(p)
    add(_CI, "kubectl-get-secret-yaml", "$ kubectl get secret db-creds -o yaml\napiVersion: v1\ndata:\n  password: %s\n  username: YXBw\nkind: Secret" % b, b, "password")
    p = _pw()
    add(_CI, "kubectl-decode-output", "$ kubectl get secret db-creds -o jsonpath='{.data.password}' | base64 -d\n" + p, p, "")
    p = _pw()
    add(_CI, "terraform-plan-unmasked", "  + resource \"aws_db_instance\" \"orders\" {\n      + password = \"%s\"\n      + username = \"orders\"" % p, p, "password")
    p = _pw()
    add(_CI, "ansible-vvv-output", "ok: [db01] => {\"ansible_facts\": {\"db_password\": \"%s\"}, \"changed\": false}" % p, p, "db_password")
    v = "np" + "m_" + _s(36)
    add(_CI, "npm-debug-log", "12 verbose config //registry.npmjs.org/:_authToken=%s\n13 error code E401" % v, v, "_authToken")
    u, p = "ci", _pw(sym="!*-_.~")
    add(_CI, "pip-log-index-url", "Looking in indexes: https://pypi.org/simple, https://%s:%s@pypi.acme.lan/simple" % (u, p), p, "ci")
    u, p = "app", _pw(sym="!*-_.~")
    add(_CI, "python-traceback-dsn", "Traceback (most recent call last):\n  File \"worker.py\", line 41, in <module>\n    engine = create_engine(\"postgresql://%s:%s@pg-prod.acme.lan/app\")\nsqlalchemy.exc.OperationalError: could not connect" % (u, p), p, "app")
    p = _pw()
    add(_CI, "java-stacktrace-props", "Caused by: java.sql.SQLException: Access denied for user 'app'@'10.0.3.7' (using password: YES)\n\tconfig={url=jdbc:mysql://db:3306/app, user=app, password=%s}" % p, p, "password")
    t = _s(40, _B64U)
    add(_CI, "journalctl-line", "May 03 10:12:44 web01 api[2231]: DEBUG outgoing request headers={'Authorization': 'Bearer %s'}" % t, t, "Authorization")
    t = _hex(32)
    add(_CI, "nginx-access-log-query", "10.0.0.7 - - [03/May/2024:10:12:44 +0000] \"GET /api/export?api_key=%s HTTP/1.1\" 200 5123" % t, t, "api_key")
    p = _pw()
    add(_CI, "mysql-general-log", "2024-05-03T10:12:44.123Z\t  41 Query\tSET PASSWORD FOR 'report'@'%%' = '%s'" % p, p, "SET PASSWORD")
    p = _pw()
    add(_CI, "circleci-env-echo", "#!/bin/bash -eo pipefail\necho $SNOWFLAKE_PASSWORD\n%s\nCircleCI received exit code 0" % p, p, "")
    t = _s(43, _B64U)
    add(_CI, "airflow-task-log-conn", "[2024-05-03, 10:12:44 UTC] {base.py:83} INFO - Using connection ID 'snowflake_default' for task execution.\n[2024-05-03, 10:12:45 UTC] {cursor.py:1028} INFO - query: [ALTER USER LOADER SET PASSWORD = '%s']" % t, t, "PASSWORD")
    t = _b64(32)
    add(_CI, "helm-get-values-output", "$ helm get values pg -n data\nUSER-SUPPLIED VALUES:\nauth:\n  postgresPassword: " + t, t, "postgresPassword")
    p = _pw()
    add(_CI, "docker-inspect-env", "\"Env\": [\n    \"PATH=/usr/local/sbin:/usr/local/bin\",\n    \"MINIO_ROOT_PASSWORD=%s\"\n]," % p, p, "MINIO_ROOT_PASSWORD")
    p = _pw()
    add(_CI, "fastlane-log-leak", "[10:12:44]: $ bundle exec fastlane match appstore --readonly\n[10:12:45]: MATCH_PASSWORD: %s" % p, p, "MATCH_PASSWORD")
    t = _s(44, _B64U)
    add(_CI, "gradle-info-log", "> Task :app:publishReleaseBundle\nUsing service account credentials, ANDROID_PUBLISHER_TOKEN=%s" % t, t, "ANDROID_PUBLISHER_TOKEN")
    t = "dapi" + _hex(32)
    add(_CI, "databricks-cli-debug", "> * Host: https://dbc-a1b2c3d4-e5f6.cloud.databricks.com\n> Authorization: Bearer %s\n< HTTP/2.0 200 OK" % t, t, "Authorization")


# ---------------------------------------------------------------------------
# BENIGN look-alikes
# ---------------------------------------------------------------------------
def _gen_benign():
    msgs = ["fix token refresh race", "rotate secrets doc", "bump snowflake-connector to 3.12.1", "password reset email copy",
            "remove hardcoded api key from tests", "add vault agent sidecar", "airflow: retry on auth error",
            "dbt: incremental orders model", "kafka consumer lag alert", "grafana dashboard for gitea"]
    # git SHAs
    for i in range(45):
        sha = _hex(40)
        ben(_pick([
            "commit %s\nAuthor: Dana <dana@acme.io>\n\n    %s" % (sha, _pick(msgs)),
            "git checkout %s" % sha[:_pick([7, 8, 12, 40])],
            "HEAD is now at %s %s" % (sha[:7], _pick(msgs)),
            "git cherry-pick %s" % sha,
            "git revert --no-edit %s" % sha,
            "%s %s" % (sha[:7], _pick(msgs)),
            "Merge: %s %s" % (sha[:7], _hex(7)),
            "pinned actions/checkout@%s # v4.1.1" % sha,
            "reverted to %s after the secret-scanning alert (false positive)" % sha[:10],
            "go get github.com/acme/authlib@%s" % sha[:12],
            "git diff %s..%s -- config/secrets.example.yml" % (sha[:7], _hex(7)),
        ]))
    # hashes with labels
    for i in range(55):
        h64, h40, h32 = _hex(64), _hex(40), _hex(32)
        f = _pick(["app-1.4.2.tar.gz", "terraform_1.8.3_linux_amd64.zip", "backup-2024-05-03.sql.gz", "release.apk", "model.onnx"])
        ben(_pick([
            "sha256:%s" % h64,
            "%s  %s" % (h64, f),
            "SHA256 (%s) = %s" % (f, h64),
            "sha1sum %s -> %s" % (f, h40),
            "md5: %s" % h32,
            "checksum: sha256=%s" % h64,
            "ETag: \"%s\"" % h32,
            "etag: W/\"%s-%s\"" % (_hex(4), _b64u(20)),
            "Content-MD5: %s" % _b64(16),
            "x-amz-checksum-sha256: %s" % _b64(32),
            "echo '%s  %s' | sha256sum -c -" % (h64, f),
            "verified GPG signature, SHA512 %s" % _hex(128),
            "x-goog-hash: crc32c=%s, md5=%s" % (_b64(4), _b64(16)),
            "blake3: %s" % h64,
            "integrity check passed (sha384-%s)" % _b64(48),
        ]))
    # UUIDs / request ids / trace ids
    for i in range(45):
        u = _uuid()
        ben(_pick([
            "request_id=%s status=401 msg=\"invalid token\"" % u,
            "X-Request-Id: %s" % u,
            "Correlation-ID: %s" % u,
            "tenant %s migrated" % u,
            "deployment id %s finished in 4m12s" % u,
            "traceparent: 00-%s-%s-01" % (_hex(32), _hex(16)),
            "X-Amzn-Trace-Id: Root=1-%s-%s" % (_hex(8), _hex(24)),
            "X-B3-TraceId: %s X-B3-SpanId: %s" % (_hex(32), _hex(16)),
            "dd.trace_id=%d dd.span_id=%d" % (_R.randint(10 ** 18, 10 ** 19), _R.randint(10 ** 18, 10 ** 19)),
            "cf-ray: %s-FRA" % _hex(16),
            "Snowflake query id %s-0000-%s-0000-0001%s" % (_hex(8), _hex(4), _hex(8)),
            "subscription id: %s" % u,
            "az role assignment create --assignee %s --role Reader --scope /subscriptions/%s" % (u, _uuid()),
            "kms key arn:aws:kms:eu-west-1:123456789012:key/%s" % u,
            "Azure AD app (client) id %s, tenant id %s" % (u, _uuid()),
            "sentry event %s" % _hex(32),
            "x-ms-request-id: %s" % u,
            "job run %s failed: missing credentials for connection 'warehouse'" % u,
        ]))
    # base64 of ordinary text
    texts = ["hello world", "Hello, this is a test file for the upload endpoint.", "{\"theme\":\"dark\",\"lang\":\"en\"}",
             "apiVersion: v1\nkind: ConfigMap", "#!/bin/sh\necho ready\n", "The quick brown fox jumps over the lazy dog",
             "username", "production", "feature-flags=on", "<svg xmlns='http://www.w3.org/2000/svg'/>", "eu-west-1",
             "app.kubernetes.io/name=api", "log_level=debug\nworkers=4\n", "admin", "postgres"]
    for i in range(30):
        t = _pick(texts)
        b = _b64t(t)
        ben(_pick([
            "echo %s | base64 -d" % b,
            "data:\n  LOG_LEVEL: %s" % _b64t(_pick(["debug", "info", "warning"])),
            "configmap binaryData banner.txt: %s" % b,
            "data:text/plain;base64,%s" % b,
            "base64 payload %s decodes to the greeting" % b,
            "  username: %s   # decodes to a plain name, not a secret" % _b64t(_pick(["app", "admin", "readonly"])),
            "userdata=%s" % b,
        ]))
    # versions
    for i in range(22):
        ben(_pick([
            "v%d.%d.%d-rc.%d+build.%s" % (_R.randint(0, 9), _R.randint(0, 30), _R.randint(0, 20), _R.randint(1, 5), _hex(7)),
            "go version go1.22.%d linux/amd64" % _R.randint(0, 9),
            "Docker version 26.1.%d, build %s" % (_R.randint(0, 4), _hex(7)),
            "snowflake-connector-python==3.%d.%d" % (_R.randint(0, 12), _R.randint(0, 5)),
            "apache-airflow[postgres,celery]==2.%d.%d" % (_R.randint(6, 10), _R.randint(0, 4)),
            "dbt-core 1.8.%d, dbt-snowflake 1.8.%d" % (_R.randint(0, 9), _R.randint(0, 9)),
            "Grafana v11.0.%d (%s)" % (_R.randint(0, 3), _hex(10)),
            "Gitea version 1.21.%d built with GNU Make 4.3, go1.21.%d" % (_R.randint(0, 11), _R.randint(0, 9)),
            "Jenkins 2.4%02d.%d LTS" % (_R.randint(0, 60), _R.randint(1, 3)),
            "Vault v1.16.%d (%s), built 2024-04-22T16:25:54Z" % (_R.randint(0, 3), _hex(40)),
            "versionName \"4.%d.%d\" versionCode %d" % (_R.randint(0, 9), _R.randint(0, 20), _R.randint(100, 9999)),
            "CFBundleShortVersionString 3.%d.%d (build %d)" % (_R.randint(0, 9), _R.randint(0, 9), _R.randint(1000, 9999)),
            "kafka_2.13-3.7.%d" % _R.randint(0, 3),
            "elasticsearch 8.13.%d build hash %s" % (_R.randint(0, 4), _hex(40)),
        ]))
    # paths
    paths = ["/home/dev/.ssh/id_ed25519", "~/.aws/credentials", "~/.pgpass", "~/.netrc", "~/.docker/config.json",
             "C:\\Users\\svc_build\\AppData\\Roaming\\NuGet\\NuGet.Config", "secrets/prod/db-password.txt",
             "/var/run/secrets/kubernetes.io/serviceaccount/token", "/etc/ssl/private/server.key", "keystores/release.jks",
             "/opt/airflow/secrets/fernet.key", "~/.databrickscfg", "~/.snowsql/config", "~/.dbt/profiles.yml",
             "/etc/wireguard/wg0.conf", "/vault/secrets/database", "./AuthKey_ABCDE12345.p8", "app/src/main/res/values/secrets.xml",
             "/run/secrets/postgres_password", "~/.config/rclone/rclone.conf", "~/.kube/config", "C:\\ProgramData\\ssh\\ssh_host_ed25519_key"]
    for i in range(28):
        p = _pick(paths)
        ben(_pick([
            "chmod 600 %s" % p,
            "ls -la %s" % p,
            "moved the credentials out of the repo; they now live in %s on the runner" % p,
            "test -f %s || echo missing" % p,
            "mounted %s read-only" % p,
            "added %s to .gitignore" % p,
            "--key-file %s" % p,
        ]))
    # URLs without credentials
    urls = ["https://github.com/acme/api/pull/%d" % _R.randint(100, 9999), "https://app.snowflake.com/eu-central-1/xy12345/worksheets",
            "https://dbc-a1b2c3d4-e5f6.cloud.databricks.com/?o=1234567890123456#job/771/run/5", "https://grafana.lab.local/d/aB3dE5fG7/overview?orgId=1",
            "https://gitea.lab.local/ops/ansible/src/branch/main/roles/vault", "https://cloud.getdbt.com/deploy/70403103912345/projects/1/runs/998877",
            "https://console.cloud.google.com/security/secret-manager?project=acme-data", "https://acme.my.salesforce.com/lightning/r/Account/001Hs00002abcdeIAA/view",
            "https://acme.service-now.com/nav_to.do?uri=incident.do?sys_id=%s" % _hex(32), "https://appstoreconnect.apple.com/apps/1234567890/testflight/ios",
            "https://console.firebase.google.com/project/acme-app/settings/serviceaccounts/adminsdk", "https://vault.ops.acme.io:8200/ui/vault/secrets/kv/list",
            "https://ci.globex.dev/job/api-deploy/1432/console", "https://kibana.logs.lan/app/discover#/?_g=(time:(from:now-15m))",
            "https://confluent.cloud/environments/env-7x9p2/clusters/lkc-abc12/topics", "https://jira.acme.io/browse/SEC-1142",
            "postgres://pg-prod.acme.lan:5432/orders", "redis://redis.cache.svc:6379/0", "mongodb://mongo-a.cluster.local:27017/?replicaSet=rs0",
            "https://user@example.com", "ssh://git@gitea.lab.local:2222/ops/infra.git", "git@github.com:acme/api.git"]
    for i in range(30):
        u = _pick(urls)
        ben(_pick(["see %s", "%s", "opened %s to check the failing run", "link: <%s>", "curl -sI %s"]) % u)
    # placeholders
    ph_vals = ["${TOKEN}", "${{ secrets.GITHUB_TOKEN }}", "<your-api-key>", "xxxxxxxxxxxxxxxxxxxx", "****", "changeme", "REPLACE_ME",
               "{{ .Values.db.password }}", "%(password)s", "$(cat /run/secrets/db_password)", "<redacted>", "[REDACTED]", "[MASKED]",
               "***", "YOUR_SECRET_HERE", "<password>", "${DB_PASSWORD:?must be set}", "{{ vault_db_password }}", "$DB_PASSWORD",
               "%DB_PASSWORD%", "$env:DB_PASSWORD", "ENC[AES256_GCM,data:...,type:str]", "secretRef: db-creds", "!vault-lookup prod/db",
               "#{Octopus.Action.Password}", "__PASSWORD__", "<<PASTE TOKEN HERE>>", "your-token-here", "dummy", "example",
               "sk" + "_live_" + "x" * 24, "gh" + "p_" + "X" * 36, "AK" + "IA" + "X" * 16, "xo" + "xb-" + "0" * 10 + "-xxxxxxxx", "dapi" + "x" * 32,
               "$(op read op://Prod/Stripe/secret)", "$(vault kv get -field=password secret/prod/db)", "((db_password))",
               "{{resolve:secretsmanager:prod/orders/db:SecretString:password}}", "@Microsoft.KeyVault(SecretUri=https://kv-acme.vault.azure.net/secrets/db/)",
               "ref+vault://secret/data/app#/password", "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbCdEf"]
    labels = ["DB_PASSWORD", "API_KEY", "GITHUB_TOKEN", "STRIPE_SECRET_KEY", "password", "client_secret", "SNOWFLAKE_PASSWORD",
              "DATABRICKS_TOKEN", "AIRFLOW__CORE__FERNET_KEY", "GF_SECURITY_ADMIN_PASSWORD", "VAULT_TOKEN", "storePassword", "auth_token"]
    for i in range(75):
        v = _pick(ph_vals)
        lab = _pick(labels)
        ben(_pick(_CTX_BENIGN)(lab, v))
    # env var names only
    for i in range(22):
        names = _R.sample(labels + ["NPM_TOKEN", "AWS_SECRET_ACCESS_KEY", "TWILIO_AUTH_TOKEN", "MAILGUN_API_KEY", "DOPPLER_TOKEN", "HCLOUD_TOKEN", "KAFKA_SASL_PASSWORD"], 3)
        ben(_pick([
            "Set %s, %s and %s in the repository secrets before running the workflow." % tuple(names),
            "env: requires %s (see README)" % names[0],
            "unset %s %s" % (names[0], names[1]),
            "if [ -z \"$%s\" ]; then echo \"%s is not set\" >&2; exit 1; fi" % (names[0], names[0]),
            "os.environ[\"%s\"]  # KeyError when missing" % names[0],
            "printenv %s | wc -c" % names[0],
            "- %s (required)\n- %s (optional)" % (names[0], names[1]),
        ]))
    # commands passing secrets from a variable / file / prompt
    cmds = [
        "echo \"$CR_PAT\" | docker login ghcr.io -u acme-bot --password-stdin",
        "docker login -u AWS --password-stdin 123456789012.dkr.ecr.eu-west-1.amazonaws.com < /tmp/ecr-token",
        "aws ecr get-login-password --region eu-west-1 | docker login --username AWS --password-stdin 123456789012.dkr.ecr.eu-west-1.amazonaws.com",
        "openssl enc -aes-256-cbc -pbkdf2 -in dump.sql -out dump.sql.enc -pass file:./backup.key",
        "openssl enc -d -aes-256-cbc -pbkdf2 -in dump.sql.enc -pass env:BACKUP_PASS",
        "openssl pkcs12 -in client.p12 -nodes -passin fd:3",
        "openssl rsa -in key.enc -passin file:/run/secrets/keypass -out key.pem",
        "mysql --defaults-extra-file=~/.my.cnf -e 'SELECT 1'",
        "mysql -u root -p",
        "psql \"$DATABASE_URL\" -c '\\dt'",
        "curl -H \"Authorization: Bearer $TOKEN\" https://api.acme.io/v1/me",
        "curl -H \"Authorization: Bearer ${GITLAB_TOKEN}\" https://gitlab.acme.dev/api/v4/projects",
        "curl -u \"$NEXUS_USER:$NEXUS_PASS\" -T app.war https://nexus.acme.lan/repository/releases/",
        "gh auth login --with-token < ~/.config/gh/token.txt",
        "vault login -method=oidc role=dev",
        "vault kv get -field=password secret/prod/orders",
        "sshpass -f ~/.sshpass ssh deploy@10.20.3.14",
        "sshpass -e ssh deploy@10.20.3.14 uptime",
        "keytool -list -keystore release.jks -storepass:env STOREPASS",
        "keytool -importcert -keystore truststore.jks -storepass:file /run/secrets/storepass -file ca.pem",
        "apksigner sign --ks release.jks --ks-pass env:KS_PASS --key-pass env:KEY_PASS app.apk",
        "apksigner sign --ks release.jks --ks-pass file:ks.pass app.apk",
        "az login --identity",
        "aws configure sso --profile prod",
        "kubectl create secret generic db-creds --from-file=password=./password.txt",
        "ansible-playbook site.yml --vault-password-file ~/.vault_pass.txt",
        "ansible-playbook site.yml --ask-become-pass",
        "sqlcmd -S sql-prd-03 -U sa -P \"$env:SQLPW\" -Q \"SELECT 1\"",
        "$cred = Get-Credential -UserName 'CORP\\svc_backup' -Message 'backup account'",
        "$cred = Import-Clixml -Path C:\\secure\\svc.xml",
        "restic -r s3:s3.amazonaws.com/acme-backups --password-file /etc/restic/pw snapshots",
        "borg create --stats ::'{now}' /srv  # BORG_PASSCOMMAND='pass show borg'",
        "terraform apply -var \"db_password=$DB_PW\"",
        "helm upgrade --install pg bitnami/postgresql --set auth.existingSecret=pg-auth",
        "helm upgrade api ./chart --set db.password=\"$(DB_PASS)\"",
        "ibmcloud login --apikey @~/.ibm/apikey.json -r eu-de",
        "snowsql -c prod -q 'select current_role()'",
        "databricks configure --token  # prompts for the token",
        "airflow connections add warehouse --conn-uri \"$WAREHOUSE_URI\"",
        "echo -n \"$DB_PASSWORD\" | gcloud secrets versions add db-password --data-file=-",
        "aws secretsmanager get-secret-value --secret-id prod/orders/db --query SecretString --output text",
        "az keyvault secret show --vault-name kv-acme-prod --name db-password --query value -o tsv",
        "git config --global credential.helper 'cache --timeout=3600'",
        "npm config set //registry.npmjs.org/:_authToken=${NPM_TOKEN}",
        "twine upload -u __token__ -p \"$PYPI_TOKEN\" dist/*",
        "xcrun notarytool submit Acme.zip --keychain-profile notary-profile --wait",
        "xcrun altool --upload-app -f Acme.ipa -u release@acme.io -p @keychain:AC_PASSWORD",
        "fastlane match appstore --readonly  # MATCH_PASSWORD from CI secret",
        "wg genkey | tee privatekey | wg pubkey > publickey",
        "openvpn --config client.ovpn --auth-user-pass /etc/openvpn/client/auth.txt",
        "sudo openconnect --user=jdoe --passwd-on-stdin vpn.acme.io < ~/.vpnpass",
        "mosquitto_pub -h broker.home.arpa -u sensor-hub -P \"$MQTT_PASSWORD\" -t t -m 1",
        "ldapsearch -x -H ldaps://dc01.corp.local -D 'cn=svc_ldap,dc=corp,dc=local' -y /etc/ldap.secret -b dc=corp,dc=local",
        "ldapsearch -x -W -D cn=admin,dc=acme,dc=io -b dc=acme,dc=io",
        "gpg --batch --passphrase-file /run/secrets/gpg_pass -d secrets.gpg",
        "7z x backup.7z -p\"$ARCHIVE_PASS\"",
        "java -jar jenkins-cli.jar -s https://ci.globex.dev/ -auth @/var/jenkins/cli-auth build api-deploy",
        "cmdkey /list",
        "net use Z: \\\\fs01\\projects /user:CORP\\jdoe *",
        "PGPASSFILE=/etc/pgpass.d/replica pg_basebackup -h pg-prod.acme.lan -U replicator -D /var/lib/pg/replica",
        "grafana-cli admin reset-admin-password --password-from-stdin < /run/secrets/gf_admin",
        "docker secret create db_password ./db_password.txt",
        "kubectl get secret db-creds -o jsonpath='{.data.password}' | base64 -d > /dev/null && echo ok",
        "export VAULT_TOKEN=$(cat ~/.vault-token)",
        "export GITHUB_TOKEN=$(gh auth token)",
        "export AWS_SECRET_ACCESS_KEY=$(aws configure get aws_secret_access_key --profile prod)",
        "read -rs -p 'Password: ' PGPASSWORD && export PGPASSWORD",
        "doppler run --project api --config prd -- ./bin/server",
        "op run --env-file=.env.tpl -- npm start",
        "sops -d secrets.enc.yaml | kubectl apply -f -",
        "tailscale up --authkey=file:/etc/tailscale/authkey",
        "cloudflared tunnel run --token-file /etc/cloudflared/token acme-tunnel",
        "ngrok config add-authtoken $NGROK_AUTHTOKEN",
    ]
    for c in cmds:
        ben(_wrap(c))
    # public keys
    for i in range(28):
        ben(_pick([
            "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@laptop" % (_s(43, _B64), _pick(_USERS)),
            "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ%s deploy@ci" % _s(500, _B64),
            "echo 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s ops' >> ~/.ssh/authorized_keys" % _s(43, _B64),
            "-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % _pem_body(294),
            "-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % _pem_body(900),
            "[Peer]\nPublicKey = %s\nEndpoint = vpn.acme.io:51820\nAllowedIPs = 10.8.0.0/24" % _b64(32),
            "age recipient: age1%s" % _s(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"),
            '{"kty":"RSA","n":"%s","e":"AQAB","kid":"%s","use":"sig"}' % (_b64u(256), _hex(16)),
            '{"kty":"EC","crv":"P-256","x":"%s","y":"%s","kid":"k1"}' % (_b64u(32), _b64u(32)),
            "deployer address 0x%s" % _s(40, _HEX + "ABCDEF"),
            "send refunds to bc1q%s" % _s(38, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"),
            "npub1%s" % _s(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"),
            "minisign -Vm release.tar.gz -P RWQ%s" % _s(53, _B64),
            "gpg --recv-keys %s" % _s(40, _HEXU),
            "SSH host key fingerprint SHA256:%s" % _b64(32).rstrip("="),
            "TLS cert fingerprint %s" % ":".join(_s(2, _HEXU) for _ in range(32)),
            "public_key = \"%s\"  # wireguard peer, safe to share" % _b64(32),
            "Tailscale node key nodekey:%s" % _hex(64),
        ]))
    # image digests
    imgs = ["nginx", "ghcr.io/acme/api", "apache/airflow", "confluentinc/cp-kafka", "docker.elastic.co/elasticsearch/elasticsearch",
            "grafana/grafana", "gitea/gitea", "hashicorp/vault", "jenkins/jenkins", "nextcloud", "mcr.microsoft.com/mssql/server"]
    for i in range(25):
        im = _pick(imgs)
        d = _hex(64)
        ben(_pick([
            "%s@sha256:%s" % (im, d),
            "image: %s:1.2.3@sha256:%s" % (im, d),
            "Digest: sha256:%s\nStatus: Downloaded newer image for %s:latest" % (d, im),
            "FROM %s@sha256:%s AS build" % (im, d),
            "container id %s" % d,
            "crane digest %s:latest -> sha256:%s" % (im, d),
        ]))
    # lock file integrity lines
    for i in range(40):
        ben(_pick([
            '"integrity": "sha512-%s=="' % _b64(64)[:-2],
            '  integrity sha512-%s==' % _b64(64)[:-2],
            "    resolution: {integrity: sha512-%s==}" % _b64(64)[:-2],
            'checksum = "%s"' % _hex(64),
            "github.com/%s/%s v1.%d.0 h1:%s=" % (_pick(["aws", "hashicorp", "snowflakedb", "IBM"]), _pick(["sdk", "vault", "gosnowflake", "sarama"]), _R.randint(0, 30), _b64(32)[:-1]),
            "github.com/acme/lib v0.3.1/go.mod h1:%s=" % _b64(32)[:-1],
            '    {file = "requests-2.32.3-py3-none-any.whl", hash = "sha256:%s"},' % _hex(64),
            "cryptography==42.0.7 --hash=sha256:%s" % _hex(64),
            '"shasum": "%s"' % _hex(40),
            "  checksum: %s" % _hex(128),
            "PODFILE CHECKSUM: %s" % _hex(40),
            '"sha": "%s", "path": "src/auth/token.ts"' % _hex(40),
        ]))
    # long identifiers in code
    idents = ["AbstractSingletonProxyFactoryBeanTokenRefreshHandler", "getUserPasswordResetTokenExpirationTimestamp",
              "MAX_TOKEN_LENGTH_FOR_SESSION_COOKIE_V2", "password_reset_token_ttl_seconds", "SnowflakeKeyPairAuthenticatorFactory",
              "validateApiKeyHeaderOrThrowUnauthorizedException", "KafkaSaslScramCredentialProviderImpl", "DATABRICKS_TOKEN_ENV_VAR_NAME",
              "secretManagerServiceClientBuilderWithRetries", "AirflowFernetKeyRotationOperator", "elasticsearchApiKeyCredentialsProvider",
              "FirebaseAppCheckTokenVerifierConfiguration", "AppStoreConnectJwtSigningKeyLoader", "SalesforceOAuthRefreshTokenGrantHandler",
              "ServiceNowBasicAuthInterceptor", "GrafanaServiceAccountTokenRotator", "VaultAppRoleSecretIdWrappingResponse"]
    for i in range(25):
        a, b = _pick(idents), _pick(idents)
        ben(_pick([
            "class %s extends %s {}" % (a, b),
            "const %s = require('./%s');" % (a[0].lower() + a[1:], b),
            "func (s *Server) %s(ctx context.Context) error {" % a,
            "renamed %s to %s" % (a, b),
            "def %s(self, password_field_name='password'):" % "_".join(w.lower() for w in a.split("_")),
            "grep -rn %s src/" % a,
            "@Bean public %s %s() { return new %s(); }" % (a, a[0].lower() + a[1:], a),
        ]))
    # minified CSS classes / generated names
    for i in range(18):
        ben(_pick([
            '<div class="css-%s e%s0">' % (_s(7, _LA), _s(8, _LA)),
            '<button class="sc-%s %s">Save</button>' % (_s(6), _s(6)),
            '._%s_%s{display:flex}' % (_s(5), _s(5)),
            'className="jsx-%d container"' % _R.randint(10 ** 9, 10 ** 10),
            '.tw-[%s]' % _s(6, _LA),
            'main.%s.chunk.js' % _hex(8),
            '<link rel="stylesheet" href="/assets/index-%s.css">' % _s(8, _B64U),
            'webpack 5: asset app.%s.js 412 KiB [emitted] [immutable]' % _hex(20),
        ]))
    # cache keys
    for i in range(22):
        ben(_pick([
            "v1-npm-deps-{{ checksum \"package-lock.json\" }}",
            "Cache restored from key: node-cache-Linux-x64-npm-%s" % _hex(64),
            "Cache saved with key: setup-python-Linux-python-3.12.3-pip-%s" % _hex(64),
            "restore_cache: gradle-%s" % _hex(40),
            "ccache: hit %s" % _hex(32),
            "bazel: action digest %s/%d" % (_hex(64), _R.randint(100, 99999)),
            "turbo cache hit, replaying logs %s" % _hex(16),
            "nx: local cache %s" % _hex(20),
            "key: ${{ runner.os }}-pip-${{ hashFiles('**/requirements.txt') }}",
            "sccache hash %s" % _hex(40),
            "redis key session:%s (TTL 3600)" % _uuid(),
            "memcached key user:%d:profile:v%d" % (_R.randint(1, 99999), _R.randint(1, 9)),
        ]))
    # prose about secrets without a secret
    prose = [
        "Rotated the Stripe API key yesterday; the new one is in 1Password under 'Stripe prod'.",
        "The staging password is stored in Vault at secret/staging/db - do not paste it here.",
        "Decision: move all tokens to Doppler and delete the .env files from the runners.",
        "Confirmed the GitHub PAT expired, generated a new one and saved it as the GH_PAT org secret.",
        "Databricks token for the nightly job now comes from the workspace secret scope 'etl'.",
        "Airflow fernet key rotation: add the new key first, then run `airflow rotate-fernet-key`.",
        "Password policy: min 14 chars, no reuse of the last 5 passwords.",
        "The Snowflake user SNOW_SVC switched to key-pair auth; the password was disabled.",
        "Kafka clients use SCRAM-SHA-512; credentials are injected by the operator.",
        "TODO: ask Dana for the Grafana admin password (she has it in Bitwarden).",
        "The leaked token from last week was revoked at 10:42 UTC and the audit log shows no use.",
        "Mailgun keys have the form key-<32 hex>; ours was rotated after the incident.",
        "Do not commit google-services.json with real keys; use the example file.",
        "App Store Connect API key id is ABCDE12345; the .p8 lives in the CI keychain only.",
        "Jenkins credentials are bound with withCredentials([usernamePassword(credentialsId: 'nexus', ...)]).",
        "The SAP RFC user password expires every 90 days; reminder set.",
        "Need a new Salesforce connected-app secret - the old one was shared in Slack.",
        "WireGuard private keys stay on the hosts; only public keys go in the repo.",
        "Secret scanning flagged a test fixture; it's a dummy value, marked as false positive.",
        "Passwords must not appear in commands: use --password-stdin or a file.",
        "Vault unseal keys are split between three people (Shamir 3-of-5).",
        "Nextcloud app passwords are per-device; revoke the old laptop's one.",
        "Elastic API keys can be invalidated with POST /_security/api_key/_invalidate.",
        "The ServiceNow integration user now authenticates with OAuth, no basic auth.",
        "Heads-up: the Home Assistant long-lived token in the wiki was deleted.",
        "Reset token TTL lowered from 24h to 1h (see SEC-1142).",
        "IBM Cloud API keys are scoped per service ID now.",
        "Asked the partner to send the HMAC secret over a one-time link instead of email.",
        "Set session cookie to HttpOnly; Secure; SameSite=Strict.",
        "The api_key query parameter is deprecated; clients must send the X-Api-Key header.",
        "Le mot de passe a été changé hier, il est dans le coffre-fort.",
        "Das Passwort liegt im Tresor, nicht im Ticket.",
        "La contraseña se guarda en el gestor, no en el repositorio.",
        "パスワードは Vault に保存済みです。",
        "密码已经更新，保存在密钥管理器中。",
        "Token budget for the LLM call is 4096; max_tokens=1024.",
        "The tokenizer splits 'password' into two tokens.",
        "Keyboard shortcut: Ctrl+Shift+K opens the secrets panel.",
        "Session timeout is 30 minutes; refresh tokens last 14 days.",
        "Bearer auth is required on every endpoint except /healthz.",
        "The private key never leaves the HSM; we only export the CSR.",
        "Use `pass insert work/vpn` to store the VPN password locally.",
        "Checked: no secrets in the last 200 commits (gitleaks detect --log-opts=-200).",
        "Credentials for the demo are in the shared vault item 'demo-2024'.",
        "Auth header format: Authorization: Bearer <token>",
        "Mnemonic words are never written down in the repo; use the hardware wallet.",
        "Cookie name connect.sid, signed with SESSION_SECRET from env.",
        "Password reset link contains a one-time code that expires in 15 minutes.",
    ]
    for p in prose:
        ben(p)
    # hard identifiers
    for i in range(70):
        ben(_pick([
            "ServiceNow sys_id %s" % _hex(32),
            "Salesforce Account Id 001%s" % _s(15, _B62),
            "ocid1.instance.oc1.eu-frankfurt-1.%s" % _s(60, "abcdefghijklmnopqrstuvwxyz234567"),
            "crn:v1:bluemix:public:cloud-object-storage:global:a/%s:%s::" % (_hex(32), _uuid()),
            "Databricks cluster id %d-%d-%s" % (_R.randint(1000, 9999), _R.randint(100000, 999999), _s(8, _LA)),
            "airflow run_id scheduled__2024-05-%02dT00:00:00+00:00" % _R.randint(1, 28),
            "dbt unique_id model.acme.fct_orders_%s" % _s(6, _LA),
            "consumer group orders-%s offset %d" % (_s(6, _LA), _R.randint(10 ** 6, 10 ** 9)),
            "elastic doc _id %s" % _s(20, _B64U),
            "Firebase project acme-app-%s, app id 1:%d:android:%s" % (_s(5, _LA), _R.randint(10 ** 11, 10 ** 12), _hex(22)),
            "bundle id io.acme.%s, team id %s" % (_s(6, _LA), _s(10, _UA)),
            "Stripe customer cus_%s, price price_%s" % (_s(14), _s(24)),
            "Slack channel C0%s" % _s(9, _UA),
            "GitHub node id MDEwOlJlcG9zaXRvcnk%s" % _s(10, _B62),
            "tx 0x%s confirmed in block %d" % (_hex(64), _R.randint(19000000, 21000000)),
            "bitcoin txid %s" % _hex(64),
            "IPFS CID bafybei%s" % _s(52, "abcdefghijklmnopqrstuvwxyz234567"),
            "torrent info hash %s" % _hex(40),
            "machine-id %s" % _hex(32),
            "MAC %s" % ":".join(_s(2, _HEX) for _ in range(6)),
            "IPv6 2001:db8:%s::%s" % (_hex(4), _hex(4)),
            "serial number %s" % _s(12, _UA),
            "Kerberos principal HTTP/web01.corp.local@CORP.LOCAL",
            "arn:aws:iam::%d:role/%s" % (_R.randint(10 ** 11, 10 ** 12), _pick(["deploy", "ci-readonly", "etl"])),
            "/subscriptions/%s/resourceGroups/rg-prod/providers/Microsoft.KeyVault/vaults/kv-acme-prod" % _uuid(),
            "projects/%d/secrets/db-password/versions/3" % _R.randint(10 ** 11, 10 ** 12),
            "Grafana dashboard uid %s" % _s(9, _B62),
            "Jenkins build #%d (queue id %d)" % (_R.randint(100, 9999), _R.randint(10 ** 5, 10 ** 6)),
            "Gitea issue #%d, commit %s" % (_R.randint(1, 999), _hex(40)),
            "vault lease duration 768h, renewable true, policies [default app-read]",
            "Confluent cluster lkc-%s in env-%s" % (_s(5, _LA), _s(5, _LA)),
            "App Store Connect key id %s, issuer id %s" % (_s(10, _UA), _uuid()),
            "SAP transport request DEVK9%s" % _s(5, _D),
            "Oracle SQL_ID %s" % _s(13, _LA),
            "IBM MQ message id 414d5120%s" % _hex(40),
            "k8s pod api-7d9f8c6b5-%s" % _s(5, _LA),
            "AWS access key id " + "AK" + "IAIOSFODNN7" + "EXAMPLE (the AWS docs example)",
            "device EUI %s" % _s(16, _HEXU),
            "IMEI %d" % _R.randint(10 ** 14, 10 ** 15),
            "Twilio message SM%s delivered" % _hex(32),
            "PayPal order %s" % _s(17, _UA),
            "Adyen pspReference %s" % _s(16, _UA),
            "Kafka topic orders.v1 partition 3 key %s" % _uuid(),
            "Nextcloud file id %d, etag %s" % (_R.randint(10 ** 4, 10 ** 7), _hex(13)),
            "Mux asset id %s, playback id %s" % (_s(40), _s(40)),
            "Steam app id %d" % _R.randint(10 ** 5, 10 ** 6),
            "feature flag key enable-new-checkout-%s" % _s(4, _LA),
            "OpenTelemetry span %s parent %s" % (_hex(16), _hex(16)),
            "base32 TOTP issuer=Acme label=jdoe@acme.io digits=6 period=30",
            "JWT header {\"alg\":\"RS256\",\"kid\":\"%s\"}" % _hex(16),
            "x-ratelimit-remaining: 4999, x-github-request-id: %s:%s:%s" % (_s(4, _HEXU), _s(6, _HEXU), _s(7, _HEXU)),
        ]))


_CTX_BENIGN = [
    lambda e, v: "export %s=%s" % (e, v),
    lambda e, v: 'export %s="%s"' % (e, v),
    lambda e, v: "%s=%s" % (e, v),
    lambda e, v: "  %s: %s" % (e.lower(), v),
    lambda e, v: '    %s: "%s"' % (_camel(e), v),
    lambda e, v: '{"%s": "%s"}' % (_camel(e), v),
    lambda e, v: '%s = "%s"' % (e.lower(), v),
    lambda e, v: "%s=%s" % (_dotted(e), v),
    lambda e, v: "ENV %s=%s" % (e, v),
    lambda e, v: '        - name: %s\n          value: "%s"' % (e, v),
    lambda e, v: '<add key="%s" value="%s" />' % (e, v),
    lambda e, v: "%s: %s  # placeholder, real value injected at deploy" % (e, v),
    lambda e, v: "docker run -e %s=%s acme/api" % (e, v),
    lambda e, v: "the docs example sets %s to %s" % (e, v),
    lambda e, v: "<%s>%s</%s>" % (_camel(e), v, _camel(e)),
]


_CAPS = {"vendor-token": 2, "unnamed-format": 2, "private-key": 2, "id-beside-secret": 3, "prose": 2,
         "header-cookie": 2, "ci-log": 2, "cli-argument": 1, "connection-string": 1, "config-line": 1,
         "code": 1, "credential-file": 1}
_KEEP3 = {"pgpass-line", "netrc-entry", "docker-config-auth", "twilio-sid-token", "aws-keyid-secret-positional",
          "k8s-secret-data-b64", "mailgun-private-key-new", "doppler-service-token", "github-pat-classic"}


def _trim(target):
    """Generation is deliberately generous; cut back to about `target` entries,
    keeping every format and favouring the rarely-named (unnamed-format) group."""
    rt = random.Random(0x5EED0006 ^ 0xFFFF)
    cnt = {}
    kept = []
    for x in SECRETS:
        cap = 3 if x[1] in _KEEP3 else _CAPS[x[0]]
        if cnt.get(x[1], 0) < cap:
            cnt[x[1]] = cnt.get(x[1], 0) + 1
            kept.append(x)
    # drop second entries of well-known vendor formats first
    idx = [i for i, x in enumerate(kept) if x[0] == "vendor-token" and cnt[x[1]] > 1 and x[1] not in _KEEP3]
    rt.shuffle(idx)
    drop = set()
    for i in idx:
        if len(kept) - len(drop) <= target:
            break
        if cnt[kept[i][1]] > 1:
            cnt[kept[i][1]] -= 1
            drop.add(i)
    # then whole single-entry formats from the large generic groups
    idx = [i for i, x in enumerate(kept) if i not in drop and x[0] in ("cli-argument", "credential-file", "config-line",
                                                                       "connection-string", "code")
           and x[1] not in _KEEP3]
    rt.shuffle(idx)
    for i in idx:
        if len(kept) - len(drop) <= target:
            break
        drop.add(i)
    SECRETS[:] = [x for i, x in enumerate(kept) if i not in drop]


def _build():
    _gen_vendor()
    _gen_credfiles()
    _gen_idbeside()
    _gen_cli()
    _gen_conn()
    _gen_config()
    _gen_code()
    _gen_prose()
    _gen_headers()
    _gen_keys()
    _gen_ci()
    _gen_benign()
    # normalise: visible must be in text; drop exact duplicate benign strings
    for i, (g, f, t, s, v) in enumerate(SECRETS):
        if v and v not in t:
            SECRETS[i] = (g, f, t, s, "")
    _trim(1050)
    seen = set()
    uniq = []
    for b in BENIGN:
        if b not in seen:
            seen.add(b)
            uniq.append(b)
    BENIGN[:] = uniq


_build()


if __name__ == "__main__":
    import collections
    bad = [x for x in SECRETS if x[3] not in x[2] or len(x[3]) < 8]
    fmts = collections.Counter(x[1] for x in SECRETS)
    groups = collections.Counter(x[0] for x in SECRETS)
    print("secrets:", len(SECRETS))
    print("distinct formats:", len(fmts))
    for g, c in sorted(groups.items(), key=lambda kv: -kv[1]):
        print("  %-18s %4d secrets  %3d formats" % (g, c, len({x[1] for x in SECRETS if x[0] == g})))
    print("benign:", len(BENIGN))
    print("secret not in text or < 8 chars:", len(bad))
    for x in bad[:20]:
        print("   BAD", x[1], repr(x[3])[:60])
