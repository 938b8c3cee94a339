# -*- coding: utf-8 -*-
"""A tenth hold-out corpus for secret redaction, written without reading the redaction
code; it measured 0.960 recall and 3.1% false positives blind (with every rule tuned on the
corpora before it; PEM armour lines not counted as secret), and the redaction has since
been tuned on it, so it is regression data now (tests/test_redaction_holdouts.py holds its
recall per group and its false positives).

Defines SECRETS (group, format, text, secret, visible) and BENIGN (list of str).
All secret values are synthetic, generated from a fixed-seed random.Random.
Standard library only; silent on import.
"""
import base64
import random
import string
import urllib.parse

_R = random.Random(731905)

HEX = "0123456789abcdef"
HEXU = "0123456789ABCDEF"
DIG = string.digits
LOW = string.ascii_lowercase
UPP = string.ascii_uppercase
ALNUM = string.ascii_letters + string.digits
LALNUM = LOW + DIG
UALNUM = UPP + DIG
B64 = ALNUM + "+/"
B64U = ALNUM + "-_"
B32 = UPP + "234567"

SECRETS = []
BENIGN = []


def rs(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def rmix(alpha, n):
    """random string that surely contains a digit and a letter (mixed)"""
    while True:
        s = rs(alpha, n)
        if any(c.isdigit() for c in s) and any(c.isalpha() for c in s):
            return s


def pick(seq):
    return _R.choice(seq)


def b64(s):
    if isinstance(s, str):
        s = s.encode()
    return base64.b64encode(s).decode()


def b64u_nopad(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def rb64(nbytes):
    return base64.b64encode(rbytes(nbytes)).decode()


def uuid4():
    h = rs(HEX, 32)
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


_WORDS = ("river falcon copper maple orbit lantern velvet harbor cactus pepper "
          "thunder marble violet summit walnut ember glacier canyon tiger cobalt "
          "meadow rocket pillow banjo cricket dolphin saffron quartz mango willow "
          "nebula pixel tundra basil anchor breeze cedar comet jasper lemon "
          "monsoon nutmeg otter panda quiver raven sierra tango umber vortex").split()
_NAMES = "alice bob carol dave erin frank grace heidi ivan judy mallory oscar peggy trent victor walter".split()
_SEASONS = ["Summer", "Winter", "Spring", "Autumn", "Fall"]
_HUMAN_BASE = ["Password", "Welcome", "Passw0rd", "Letmein", "Dragon", "Monkey", "Sunshine",
               "Football", "Princess", "Qwerty", "Admin", "Secret", "Shadow", "Master",
               "Freedom", "Trustno", "Baseball", "Superman", "Starwars", "Mustang",
               "Bienvenue", "Contrasena", "Passwort", "Sommer", "Haslo"]


def human_pw():
    k = _R.randrange(7)
    if k == 0:
        return pick(_SEASONS) + str(_R.randrange(2016, 2027)) + pick("!#$@*?")
    if k == 1:
        return pick(_HUMAN_BASE) + str(_R.randrange(1, 999)) + pick(["!", "", "#", "$$", "!!"])
    if k == 2:
        return pick(_WORDS).capitalize() + pick(_WORDS) + str(_R.randrange(10, 99))
    if k == 3:
        return pick(_NAMES).capitalize() + "@" + str(_R.randrange(1970, 2025))
    if k == 4:
        w = pick(_WORDS)
        return w.replace("a", "@").replace("o", "0").replace("e", "3").capitalize() + str(_R.randrange(100, 9999))
    if k == 5:
        return pick(_WORDS) + "_" + pick(_WORDS) + "_" + str(_R.randrange(1, 99)) + pick("!?.")
    return pick(_HUMAN_BASE) + pick(["@", "#", "_", "."]) + rs(DIG, 4)


def random_pw(n=None):
    n = n or _R.randrange(12, 33)
    alpha = ALNUM + "!#%^*-_=+.~"
    while True:
        s = rs(alpha, n)
        if any(c.isdigit() for c in s) and any(c.isalpha() for c in s):
            return s


def passphrase():
    sep = pick(["-", " ", ".", "_", ""])
    ws = [pick(_WORDS) for _ in range(_R.randrange(4, 6))]
    if sep == "":
        ws = [w.capitalize() for w in ws]
    return sep.join(ws) + (str(_R.randrange(10)) if _R.random() < 0.5 else "")


def any_pw():
    k = _R.random()
    if k < 0.45:
        return human_pw()
    if k < 0.85:
        return random_pw()
    return passphrase()


def shell_pw():
    """password safe to place unquoted / in single quotes in shell and in URLs after quoting"""
    while True:
        p = any_pw()
        if " " not in p and "'" not in p and '"' not in p and "$" not in p and "`" not in p and "\\" not in p:
            if len(p) >= 8:
                return p


def pw8():
    while True:
        p = any_pw()
        if len(p) >= 8 and "\\" not in p and '"' not in p and "'" not in p:
            return p


def user():
    return pick(["admin", "deploy", "svc_app", "postgres", "root", "ci-bot", "app_rw", "etl",
                 "jenkins", "grafana", "backup", "analytics", "ops", "api_user", "webapp",
                 "mobile_be", "report_ro", "airflow", "metabase", "keycloak"] + _NAMES)


def host():
    return pick(["db.internal", "10.0.3.17", "pg-prod-01.eu-west-1.rds.amazonaws.com", "localhost",
                 "mysql.staging.acme.io", "redis-master.cache.svc.cluster.local", "192.168.1.40",
                 "mongo0.shard.example.net", "warehouse.corp.lan", "db-replica-2", "127.0.0.1",
                 "sql01.contoso.local", "rabbit.mq.internal", "kafka-1.data.svc", "[::1]"])


def add(group, fmt, text, secret, visible=""):
    SECRETS.append((group, fmt, text, secret, visible))


def benign(s):
    BENIGN.append(s)


# ---------------------------------------------------------------- contexts
# A context turns (LABEL, value) into a checkpoint-like text.  LABEL is an env-ish name.

def _lower(lbl):
    return lbl.lower()


def _camel(lbl):
    p = lbl.lower().split("_")
    return p[0] + "".join(x.capitalize() for x in p[1:])


CTX = [
    lambda L, v: "export %s=%s" % (L, v),
    lambda L, v: "export %s='%s'" % (L, v),
    lambda L, v: '%s="%s"' % (L, v),
    lambda L, v: "%s=%s" % (L, v),
    lambda L, v: '{"%s": "%s"}' % (_camel(L), v),
    lambda L, v: '  "%s": "%s",' % (_lower(L), v),
    lambda L, v: "%s: %s" % (_lower(L), v),
    lambda L, v: "%s: \"%s\"" % (_lower(L), v),
    lambda L, v: "    %s: '%s'" % (_camel(L), v),
    lambda L, v: "ENV %s=%s" % (L, v),
    lambda L, v: "ARG %s=%s" % (L, v),
    lambda L, v: "os.environ[\"%s\"] = \"%s\"" % (L, v),
    lambda L, v: "process.env.%s = '%s';" % (L, v),
    lambda L, v: "$env:%s = \"%s\"" % (L, v),
    lambda L, v: "set %s=%s" % (L, v),
    lambda L, v: "%s = \"%s\"" % (_lower(L), v),
    lambda L, v: "- name: %s\n  value: \"%s\"" % (L, v),
    lambda L, v: "$ echo $%s\n%s\n$ " % (L, v),
    lambda L, v: "heroku config:set %s=%s -a api-prod" % (L, v),
    lambda L, v: "fly secrets set %s=%s" % (L, v),
    lambda L, v: "gh secret set %s --body \"%s\"" % (L, v),
    lambda L, v: "kubectl create secret generic app-env --from-literal=%s=%s -n prod" % (L, v),
    lambda L, v: "vercel env add %s production <<< '%s'" % (L, v),
    lambda L, v: "docker run -e %s=%s -p 8080:8080 api:latest" % (L, v),
    lambda L, v: "%s=%s npm run dev" % (L, v),
    lambda L, v: "const %s = \"%s\";" % (L, v),
    lambda L, v: "let %s: &str = \"%s\";" % (_lower(L), v),
    lambda L, v: "private static final String %s = \"%s\";" % (L, v),
    lambda L, v: "%s := \"%s\"" % (_camel(L), v),
    lambda L, v: "[default]\n%s = %s" % (_lower(L), v),
    lambda L, v: "<add key=\"%s\" value=\"%s\" />" % (L, v),
    lambda L, v: "<%s>%s</%s>" % (_camel(L), v, _camel(L)),
    lambda L, v: "%s = \"%s\"  # TODO move to vault" % (_lower(L), v),
    lambda L, v: "aws ssm put-parameter --name /prod/%s --type SecureString --value '%s'" % (_lower(L), v),
    lambda L, v: "gcloud secrets versions add %s --data-file=- <<< \"%s\"" % (_lower(L).replace("_", "-"), v),
    lambda L, v: "az keyvault secret set --vault-name kv-prod --name %s --value %s" % (L.replace("_", "-").lower(), v),
    lambda L, v: "vault kv put secret/app %s=%s" % (_lower(L), v),
    lambda L, v: "2024-05-11T08:14:02Z DEBUG config loaded %s=%s" % (_lower(L), v),
    lambda L, v: "[INFO] env: %s=%s" % (L, v),
    lambda L, v: "+%s=%s" % (L, v),
    lambda L, v: "diff --git a/.env b/.env\n-%s=\n+%s=%s" % (L, L, v),
    lambda L, v: "Set %s to %s in the staging env and restarted the pods." % (L, v),
    lambda L, v: "%s: %s  (from 1Password, ask ops before rotating)" % (L, v),
    lambda L, v: "settings.%s = '%s'" % (L, v),
    lambda L, v: "ENV['%s'] ||= '%s'" % (L, v),
    lambda L, v: "define('%s', '%s');" % (L, v),
    lambda L, v: "val %s = \"%s\"" % (_camel(L), v),
    lambda L, v: "let %s = \"%s\"" % (_camel(L), v),
    lambda L, v: "%s = %s" % (_camel(L), v),
    lambda L, v: "variable \"%s\" {\n  default = \"%s\"\n}" % (_lower(L), v),
]

# header-ish contexts for bearer-like tokens
HDR = [
    lambda v: "curl -H \"Authorization: Bearer %s\" https://api.example.com/v1/me" % v,
    lambda v: "curl -s -H 'Authorization: Bearer %s' $API/users | jq ." % v,
    lambda v: "Authorization: Bearer %s" % v,
    lambda v: "headers = {\"Authorization\": f\"Bearer %s\"}" % v,
    lambda v: "fetch(url, { headers: { Authorization: `Bearer %s` } })" % v,
    lambda v: "http GET :8000/api/items 'Authorization:Bearer %s'" % v,
    lambda v: "req.Header.Set(\"Authorization\", \"Bearer %s\")" % v,
    lambda v: "> GET /v2/orders HTTP/1.1\n> Host: api.internal\n> Authorization: Bearer %s\n> Accept: */*" % v,
    lambda v: "axios.defaults.headers.common['Authorization'] = 'Bearer %s';" % v,
    lambda v: "wget --header=\"Authorization: Bearer %s\" https://dl.example.org/build.tgz" % v,
]


def ctx(L, v):
    return pick(CTX)(L, v)


def ctxs(L, v, n):
    fns = _R.sample(CTX, n)
    return [f(L, v) for f in fns]

# ---------------------------------------------------------------- vendor tokens (known prefixes)
def _gh(p):
    return lambda: p + rs(ALNUM, 36)


def _jwt(payload=None, alg="HS256"):
    hdr = b64u_nopad(('{"alg":"%s","typ":"JWT"}' % alg).encode())
    if payload is None:
        payload = '{"sub":"%s","iat":%d,"exp":%d,"role":"%s"}' % (
            uuid4(), 1700000000 + _R.randrange(10 ** 7), 1800000000 + _R.randrange(10 ** 7),
            pick(["service_role", "admin", "user", "anon_ext"]))
    body = b64u_nopad(payload.encode())
    sig = b64u_nopad(rbytes(32 if alg == "HS256" else 256))
    return hdr + "." + body + "." + sig


VENDOR = [
    # fmt, labels, generator, n
    ("github-pat-classic", ["GITHUB_TOKEN", "GH_TOKEN", "GITHUB_PAT"], _gh("gh" + "p_"), 4),
    ("github-oauth", ["GITHUB_OAUTH_TOKEN"], _gh("gh" + "o_"), 2),
    ("github-user-to-server", ["GH_USER_TOKEN"], _gh("gh" + "u_"), 2),
    ("github-server-to-server", ["GITHUB_APP_TOKEN"], _gh("gh" + "s_"), 2),
    ("github-refresh", ["GH_REFRESH_TOKEN"], lambda: "gh" + "r_" + rs(ALNUM, 76), 2),
    ("github-fine-grained", ["GITHUB_TOKEN", "GH_PAT"], lambda: "github" + "_pat_" + rs(UALNUM, 22) + "_" + rs(ALNUM, 59), 3),
    ("gitlab-pat", ["GITLAB_TOKEN", "CI_JOB_TOKEN_OVERRIDE"], lambda: "gl" + "pat-" + rs(B64U.replace("-", "").replace("_", ""), 20), 3),
    ("gitlab-deploy-token", ["GITLAB_DEPLOY_TOKEN"], lambda: "gl" + "dt-" + rs(ALNUM + "_-", 20), 2),
    ("gitlab-runner-token", ["RUNNER_TOKEN"], lambda: "gl" + "rt-" + rs(ALNUM + "_-", 20), 2),
    ("gitlab-runner-registration", ["REGISTRATION_TOKEN"], lambda: "GR" + "1348941" + rs(ALNUM + "_-", 20), 2),
    ("gitlab-pipeline-trigger", ["TRIGGER_TOKEN"], lambda: "gl" + "ptt-" + rs(HEX, 40), 2),
    ("slack-bot-token", ["SLACK_BOT_TOKEN"], lambda: "xo" + "xb-" + rs(DIG, 12) + "-" + rs(DIG, 13) + "-" + rs(ALNUM, 24), 3),
    ("slack-user-token", ["SLACK_USER_TOKEN"], lambda: "xo" + "xp-" + rs(DIG, 12) + "-" + rs(DIG, 12) + "-" + rs(DIG, 13) + "-" + rs(HEX, 32), 2),
    ("slack-app-token", ["SLACK_APP_TOKEN"], lambda: "xa" + "pp-1-A" + rs(UALNUM, 10) + "-" + rs(DIG, 13) + "-" + rs(HEX, 64), 2),
    ("slack-config-refresh", ["SLACK_CONFIG_REFRESH"], lambda: "xo" + "xe-1-" + rs(ALNUM, 146), 1),
    ("stripe-secret-live", ["STRIPE_SECRET_KEY", "STRIPE_API_KEY"], lambda: "sk" + "_live_" + rs(ALNUM, 99), 4),
    ("stripe-restricted", ["STRIPE_RESTRICTED_KEY"], lambda: "rk" + "_live_" + rs(ALNUM, 99), 2),
    ("stripe-secret-test", ["STRIPE_SECRET_KEY"], lambda: "sk" + "_test_" + rs(ALNUM, 99), 2),
    ("stripe-webhook-secret", ["STRIPE_WEBHOOK_SECRET"], lambda: "wh" + "sec_" + rs(ALNUM, 32), 3),
    ("google-api-key", ["GOOGLE_API_KEY", "MAPS_API_KEY", "FIREBASE_API_KEY"], lambda: "AI" + "za" + rs(ALNUM + "-_", 35), 4),
    ("google-oauth-client-secret", ["GOOGLE_CLIENT_SECRET"], lambda: "GOC" + "SPX-" + rs(ALNUM + "-_", 28), 3),
    ("google-oauth-access-token", ["GOOGLE_ACCESS_TOKEN"], lambda: "ya" + "29." + rs(ALNUM + "-_", 150), 2),
    ("google-refresh-token", ["GOOGLE_REFRESH_TOKEN"], lambda: "1//" + "0" + rs(ALNUM + "-_", 100), 2),
    ("openai-project-key", ["OPENAI_API_KEY"], lambda: "sk" + "-proj-" + rs(ALNUM + "-_", 74) + "T3Blbk" + "FJ" + rs(ALNUM + "-_", 74), 3),
    ("openai-legacy-key", ["OPENAI_API_KEY"], lambda: "sk" + "-" + rs(ALNUM, 20) + "T3Blbk" + "FJ" + rs(ALNUM, 20), 2),
    ("openai-svcacct-key", ["OPENAI_API_KEY"], lambda: "sk" + "-svcacct-" + rs(ALNUM + "-_", 64), 2),
    ("anthropic-api-key", ["ANTHROPIC_API_KEY"], lambda: "sk" + "-ant-api03-" + rs(ALNUM + "-_", 93) + "AA", 3),
    ("anthropic-admin-key", ["ANTHROPIC_ADMIN_KEY"], lambda: "sk" + "-ant-admin01-" + rs(ALNUM + "-_", 93) + "AA", 1),
    ("huggingface-token", ["HF_TOKEN", "HUGGING_FACE_HUB_TOKEN"], lambda: "h" + "f_" + rs(ALNUM, 34), 4),
    ("npm-token", ["NPM_TOKEN", "NODE_AUTH_TOKEN"], lambda: "np" + "m_" + rs(ALNUM, 36), 3),
    ("pypi-token", ["PYPI_TOKEN", "TWINE_PASSWORD"], lambda: "py" + "pi-AgEIcHlwaS5vcmc" + rs(B64U, 140), 3),
    ("twilio-api-key-sid", ["TWILIO_API_SECRET"], lambda: "S" + "K" + rs(HEX, 32), 2),
    ("sendgrid-api-key", ["SENDGRID_API_KEY"], lambda: "S" + "G." + rs(ALNUM + "-_", 22) + "." + rs(ALNUM + "-_", 43), 3),
    ("mailgun-key-prefixed", ["MAILGUN_API_KEY"], lambda: "ke" + "y-" + rs(HEX, 32), 3),
    ("mailgun-private-key", ["MAILGUN_API_KEY", "MG_KEY"], lambda: rs(HEX, 32) + "-" + rs(HEX, 8) + "-" + rs(HEX, 8), 3),
    ("mailchimp-api-key", ["MAILCHIMP_API_KEY"], lambda: rs(HEX, 32) + "-us" + str(_R.randrange(1, 21)), 2),
    ("shopify-admin-token", ["SHOPIFY_ACCESS_TOKEN"], lambda: "shp" + "at_" + rs(HEX, 32), 2),
    ("shopify-shared-secret", ["SHOPIFY_API_SECRET"], lambda: "shp" + "ss_" + rs(HEX, 32), 2),
    ("shopify-custom-app", ["SHOPIFY_TOKEN"], lambda: "shp" + "ca_" + rs(HEX, 32), 1),
    ("digitalocean-pat", ["DIGITALOCEAN_TOKEN", "DO_TOKEN"], lambda: "do" + "p_v1_" + rs(HEX, 64), 3),
    ("digitalocean-oauth", ["DO_OAUTH_TOKEN"], lambda: "do" + "o_v1_" + rs(HEX, 64), 1),
    ("doppler-service-token", ["DOPPLER_TOKEN"], lambda: "dp" + ".st." + pick(["prd", "stg", "dev"]) + "." + rs(ALNUM, 43), 3),
    ("doppler-personal-token", ["DOPPLER_TOKEN"], lambda: "dp" + ".pt." + rs(ALNUM, 43), 2),
    ("doppler-cli-token", ["DOPPLER_TOKEN"], lambda: "dp" + ".ct." + rs(ALNUM, 43), 2),
    ("doppler-service-account", ["DOPPLER_TOKEN"], lambda: "dp" + ".sa." + rs(ALNUM, 43), 2),
    ("doppler-scim", ["DOPPLER_SCIM_TOKEN"], lambda: "dp" + ".scim." + rs(ALNUM, 43), 2),
    ("doppler-audit", ["DOPPLER_AUDIT_TOKEN"], lambda: "dp" + ".audit." + rs(ALNUM, 43), 1),
    ("vault-service-token", ["VAULT_TOKEN"], lambda: "hv" + "s." + rs(ALNUM + "_-", 90), 3),
    ("vault-batch-token", ["VAULT_TOKEN"], lambda: "hv" + "b." + rs(ALNUM + "_-", 120), 1),
    ("vault-legacy-token", ["VAULT_TOKEN"], lambda: "s." + rs(ALNUM, 24), 2),
    ("terraform-cloud-token", ["TFE_TOKEN", "TF_TOKEN_app_terraform_io"], lambda: rs(ALNUM, 14) + ".at" + "lasv1." + rs(ALNUM, 67), 2),
    ("postman-api-key", ["POSTMAN_API_KEY"], lambda: "PM" + "AK-" + rs(HEX, 24) + "-" + rs(HEX, 34), 2),
    ("databricks-token", ["DATABRICKS_TOKEN"], lambda: "da" + "pi" + rs(HEX, 32), 3),
    ("atlassian-api-token", ["JIRA_API_TOKEN", "CONFLUENCE_TOKEN"], lambda: "ATA" + "TT3x" + rs(ALNUM + "-_", 183) + "=" + rs(HEXU, 8), 2),
    ("linear-api-key", ["LINEAR_API_KEY"], lambda: "lin" + "_api_" + rs(ALNUM, 40), 2),
    ("notion-integration", ["NOTION_TOKEN"], lambda: "sec" + "ret_" + rs(ALNUM, 43), 2),
    ("notion-ntn", ["NOTION_API_KEY"], lambda: "nt" + "n_" + rs(DIG, 11) + rs(ALNUM, 35), 2),
    ("telegram-bot-token", ["TELEGRAM_BOT_TOKEN", "TG_TOKEN"], lambda: str(_R.randrange(10 ** 8, 10 ** 10)) + ":AA" + rs(ALNUM + "-_", 33), 3),
    ("discord-bot-token", ["DISCORD_TOKEN"], lambda: pick("MNO") + rs(ALNUM, 25) + "." + rs(ALNUM + "-_", 6) + "." + rs(ALNUM + "-_", 38), 2),
    ("newrelic-user-key", ["NEW_RELIC_API_KEY"], lambda: "NR" + "AK-" + rs(UALNUM, 27), 2),
    ("newrelic-license", ["NEW_RELIC_LICENSE_KEY"], lambda: rs(HEX, 36) + "NR" + "AL", 2),
    ("grafana-service-account", ["GRAFANA_TOKEN"], lambda: "gl" + "sa_" + rs(ALNUM, 32) + "_" + rs(HEX, 8), 2),
    ("grafana-cloud-token", ["GRAFANA_CLOUD_TOKEN"], lambda: "gl" + "c_" + b64u_nopad(('{"o":"%d","n":"stack-%d-hm-read","k":"%s","m":{"r":"prod-eu-west-0"}}' % (_R.randrange(10 ** 6), _R.randrange(10 ** 6), rs(ALNUM, 24))).encode()), 2),
    ("pulumi-token", ["PULUMI_ACCESS_TOKEN"], lambda: "pu" + "l-" + rs(HEX, 40), 2),
    ("flyio-token", ["FLY_API_TOKEN"], lambda: "Fly" + "V1 fm2_" + rs(ALNUM + "+/", 200) + "=", 2),
    ("netlify-pat", ["NETLIFY_AUTH_TOKEN"], lambda: "nf" + "p_" + rs(ALNUM, 40), 2),
    ("supabase-access-token", ["SUPABASE_ACCESS_TOKEN"], lambda: "sb" + "p_" + rs(HEX, 40), 2),
    ("supabase-service-role-jwt", ["SUPABASE_SERVICE_ROLE_KEY"], lambda: _jwt('{"iss":"supabase","ref":"%s","role":"service_role","iat":1712000000,"exp":2027576000}' % rs(LOW, 20)), 2),
    ("supabase-secret-key", ["SUPABASE_SECRET_KEY"], lambda: "sb" + "_secret_" + rs(ALNUM + "-_", 32), 1),
    ("jwt-hs256", ["AUTH_TOKEN", "ACCESS_TOKEN", "ID_TOKEN"], lambda: _jwt(), 4),
    ("firebase-fcm-server-key", ["FCM_SERVER_KEY"], lambda: "AAAA" + rs(ALNUM + "-_", 7) + ":APA91b" + rs(ALNUM + "-_", 134), 2),
    ("cloudflare-api-token", ["CLOUDFLARE_API_TOKEN", "CF_API_TOKEN"], lambda: rs(ALNUM + "-_", 40), 3),
    ("cloudflare-global-key", ["CLOUDFLARE_API_KEY", "CF_API_KEY"], lambda: rs(HEX, 37), 2),
    ("cloudflare-origin-ca", ["CF_ORIGIN_CA_KEY"], lambda: "v1" + ".0-" + rs(HEX, 24) + "-" + rs(HEX, 146), 1),
    ("heroku-api-key", ["HEROKU_API_KEY"], lambda: "HR" + "KU-AA" + rs(ALNUM + "-_", 58), 2),
    ("alibaba-access-key-id-secret", ["ALIBABA_CLOUD_ACCESS_KEY_SECRET"], lambda: rs(ALNUM, 30), 2),
    ("square-access-token", ["SQUARE_ACCESS_TOKEN"], lambda: "EA" + "AA" + rs(ALNUM + "-_", 60), 2),
    ("square-oauth-secret", ["SQUARE_APP_SECRET"], lambda: "sq" + "0csp-" + rs(ALNUM + "-_", 43), 1),
    ("braintree-access-token", ["BRAINTREE_TOKEN"], lambda: "access" + "_token$production$" + rs(LALNUM, 16) + "$" + rs(HEX, 32), 2),
    ("dropbox-short-lived", ["DROPBOX_TOKEN"], lambda: "s" + "l." + rs(ALNUM + "-_", 135), 2),
    ("airtable-pat", ["AIRTABLE_TOKEN"], lambda: "pa" + "t" + rs(ALNUM, 14) + "." + rs(HEX, 64), 2),
    ("figma-pat", ["FIGMA_TOKEN"], lambda: "fig" + "d_" + rs(ALNUM + "-_", 40), 2),
    ("rubygems-api-key", ["GEM_HOST_API_KEY"], lambda: "rubygems" + "_" + rs(HEX, 48), 2),
    ("dockerhub-pat", ["DOCKERHUB_TOKEN", "DOCKER_PASSWORD"], lambda: "dck" + "r_pat_" + rs(ALNUM + "-_", 27), 3),
    ("contentful-pat", ["CONTENTFUL_MANAGEMENT_TOKEN"], lambda: "CF" + "PAT-" + rs(ALNUM + "-_", 43), 1),
    ("okta-api-token", ["OKTA_API_TOKEN"], lambda: "00" + rs(ALNUM + "-_", 40), 2),
    ("facebook-access-token", ["FB_ACCESS_TOKEN"], lambda: "EAA" + "CEdEose0cBA" + rs(ALNUM, 160), 2),
    ("plaid-access-token", ["PLAID_ACCESS_TOKEN"], lambda: "access" + "-production-" + uuid4(), 2),
    ("plaid-secret", ["PLAID_SECRET"], lambda: rs(HEX, 30), 2),
    ("adafruit-io-key", ["ADAFRUIT_IO_KEY"], lambda: "ai" + "o_" + rs(ALNUM, 28), 1),
    ("prefect-api-key", ["PREFECT_API_KEY"], lambda: "pn" + "u_" + rs(ALNUM, 36), 2),
    ("replicate-token", ["REPLICATE_API_TOKEN"], lambda: "r8" + "_" + rs(ALNUM, 37), 2),
    ("groq-api-key", ["GROQ_API_KEY"], lambda: "gs" + "k_" + rs(ALNUM, 52), 2),
    ("perplexity-key", ["PERPLEXITY_API_KEY"], lambda: "pp" + "lx-" + rs(ALNUM, 48), 1),
    ("langsmith-key", ["LANGCHAIN_API_KEY", "LANGSMITH_API_KEY"], lambda: "lsv2" + "_pt_" + rs(HEX, 32) + "_" + rs(HEX, 10), 2),
    ("pinecone-key", ["PINECONE_API_KEY"], lambda: "pc" + "sk_" + rs(ALNUM, 6) + "_" + rs(ALNUM, 60), 2),
    ("tailscale-auth-key", ["TS_AUTHKEY", "TAILSCALE_AUTHKEY"], lambda: "tskey" + "-auth-k" + rs(ALNUM, 10) + "CNTRL-" + rs(ALNUM, 33), 2),
    ("tailscale-api-key", ["TS_API_KEY"], lambda: "tskey" + "-api-k" + rs(ALNUM, 10) + "CNTRL-" + rs(ALNUM, 33), 1),
    ("ngrok-authtoken", ["NGROK_AUTHTOKEN"], lambda: "2" + rs(ALNUM, 26) + "_" + rs(ALNUM, 21), 2),
    ("buildkite-token", ["BUILDKITE_API_TOKEN"], lambda: "bk" + "ua_" + rs(HEX, 40), 1),
    ("circleci-pat", ["CIRCLECI_TOKEN", "CIRCLE_TOKEN"], lambda: "CCI" + "PAT_" + rs(ALNUM, 22) + "_" + rs(HEX, 40), 2),
    ("sourcegraph-token", ["SRC_ACCESS_TOKEN"], lambda: "sg" + "p_" + rs(HEX, 16) + "_" + rs(HEX, 40), 1),
    ("1password-service-account", ["OP_SERVICE_ACCOUNT_TOKEN"], lambda: "op" + "s_" + b64u_nopad(('{"signInAddress":"my.1password.com","userAuth":{"method":"SRPg-4096","alg":"PBES2g-HS256","iterations":650000,"salt":"%s"},"email":"%s@1passwordserviceaccounts.com","srpX":"%s","muk":{"alg":"A256GCM","ext":true,"k":"%s","key_ops":["encrypt","decrypt"],"kty":"oct","kid":"mp"},"secretKey":"A3-%s","throttleSecret":{"seed":"%s","deviceUuid":"%s"},"deviceUuid":"%s"}' % (rs(B64U, 22), rs(LALNUM, 13), rs(HEX, 64), rs(B64U, 43), rs(UALNUM, 32), rs(HEX, 64), rs(LALNUM, 26), rs(LALNUM, 26))).encode()), 2),
    ("bitwarden-access-token", ["BWS_ACCESS_TOKEN"], lambda: "0." + uuid4() + "." + rs(ALNUM, 30) + ":" + rs(ALNUM + "+/", 22) + "==", 2),
    ("infisical-service-token", ["INFISICAL_TOKEN"], lambda: "st." + uuid4() + "." + rs(HEX, 32) + "." + rs(HEX, 32), 2),
    ("mapbox-secret-token", ["MAPBOX_SECRET_TOKEN"], lambda: "s" + "k.eyJ1" + rs(ALNUM, 60) + "." + rs(ALNUM + "-_", 22), 2),
    ("typeform-pat", ["TYPEFORM_TOKEN"], lambda: "tf" + "p_" + rs(ALNUM, 44) + "_" + rs(ALNUM, 14), 1),
    ("shippo-live", ["SHIPPO_API_KEY"], lambda: "shippo" + "_live_" + rs(HEX, 40), 1),
    ("easypost-key", ["EASYPOST_API_KEY"], lambda: "EZ" + "AK" + rs(HEX, 54), 1),
    ("planetscale-token", ["PLANETSCALE_SERVICE_TOKEN"], lambda: "pscale" + "_tkn_" + rs(ALNUM + "_", 43), 1),
    ("planetscale-password", ["DATABASE_PASSWORD"], lambda: "pscale" + "_pw_" + rs(ALNUM + "_", 43), 2),
    ("neon-api-key", ["NEON_API_KEY"], lambda: "nap" + "i_" + rs(LALNUM, 64), 1),
    ("render-api-key", ["RENDER_API_KEY"], lambda: "rn" + "d_" + rs(ALNUM, 28), 1),
    ("resend-api-key", ["RESEND_API_KEY"], lambda: "r" + "e_" + rs(ALNUM, 8) + "_" + rs(ALNUM, 24), 2),
    ("clerk-secret-key", ["CLERK_SECRET_KEY"], lambda: "sk" + "_live_" + rs(ALNUM, 40), 1),
    ("sentry-auth-token-user", ["SENTRY_AUTH_TOKEN"], lambda: "sntr" + "yu_" + rs(HEX, 64), 2),
    ("sentry-org-token", ["SENTRY_AUTH_TOKEN"], lambda: "sntr" + "ys_" + b64u_nopad(('{"iat":1716000000.0,"url":"https://sentry.io","region_url":"https://us.sentry.io","org":"acme"}').encode()) + "_" + rs(B64U, 43), 2),
    ("expo-access-token", ["EXPO_TOKEN"], lambda: rs(ALNUM + "_-", 40), 2),
    ("apple-app-specific-password", ["FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD", "APP_SPECIFIC_PASSWORD"], lambda: "-".join(rs(LOW, 4) for _ in range(4)), 3),
    ("age-secret-key", ["SOPS_AGE_KEY"], lambda: "AGE" + "-SECRET-KEY-1" + rs("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58), 3),
    ("yandex-iam-token", ["YC_TOKEN"], lambda: "t1" + ".9euelZ" + rs(ALNUM + "-_", 140), 1),
    ("yandex-api-key", ["YC_API_KEY"], lambda: "AQ" + "VN" + rs(ALNUM + "-_", 36), 1),
    ("tencent-secret-id", ["TENCENTCLOUD_SECRET_ID"], lambda: "AK" + "ID" + rs(ALNUM, 32), 1),
    ("azure-ad-client-secret", ["AZURE_CLIENT_SECRET", "ARM_CLIENT_SECRET"], lambda: rs(ALNUM, 3) + "8Q~" + rs(ALNUM + "~._-", 34), 3),
    ("azure-devops-pat", ["AZURE_DEVOPS_EXT_PAT", "SYSTEM_ACCESSTOKEN"], lambda: rs(LOW + "234567", 52), 2),
    ("azure-devops-pat-new", ["ADO_PAT"], lambda: rs(ALNUM, 52) + "AZDO" + rs(ALNUM, 28), 1),
    ("twitch-oauth", ["TWITCH_OAUTH"], lambda: "oauth:" + rs(LALNUM, 30), 1),
    ("lob-live-key", ["LOB_API_KEY"], lambda: "live" + "_" + rs(HEX, 35), 1),
    ("zapier-webhook-secret", ["ZAPIER_SECRET"], lambda: rs(LALNUM, 32), 1),
    ("algolia-admin-key", ["ALGOLIA_ADMIN_KEY", "ALGOLIA_API_KEY"], lambda: rs(HEX, 32), 2),
    ("datadog-api-key", ["DD_API_KEY", "DATADOG_API_KEY"], lambda: rs(HEX, 32), 3),
    ("datadog-app-key", ["DD_APP_KEY"], lambda: rs(HEX, 40), 2),
    ("segment-write-key", ["SEGMENT_WRITE_KEY"], lambda: rs(ALNUM, 32), 1),
    ("mixpanel-api-secret", ["MIXPANEL_API_SECRET"], lambda: rs(HEX, 32), 1),
    ("amplitude-secret", ["AMPLITUDE_SECRET_KEY"], lambda: rs(HEX, 32), 1),
    ("revenuecat-secret", ["REVENUECAT_SECRET_KEY"], lambda: "s" + "k_" + rs(ALNUM, 32), 2),
    ("onesignal-rest-key", ["ONESIGNAL_REST_API_KEY"], lambda: "os" + "_v2_app_" + rs(LALNUM, 100), 1),
    ("pusher-secret", ["PUSHER_APP_SECRET"], lambda: rs(HEX, 20), 2),
    ("auth0-client-secret", ["AUTH0_CLIENT_SECRET"], lambda: rs(ALNUM + "-_", 64), 2),
    ("okta-client-secret", ["OKTA_CLIENT_SECRET"], lambda: rs(ALNUM + "-_", 40), 1),
    ("keycloak-client-secret", ["KEYCLOAK_CLIENT_SECRET"], lambda: rs(ALNUM, 32), 1),
    ("django-secret-key", ["DJANGO_SECRET_KEY", "SECRET_KEY"], lambda: "django-insecure-" + rs(LOW + DIG + "!@#%^&*(-_=+)", 50), 2),
    ("rails-master-key", ["RAILS_MASTER_KEY"], lambda: rs(HEX, 32), 2),
    ("laravel-app-key", ["APP_KEY"], lambda: "base64:" + rb64(32), 2),
    ("flask-secret-key", ["FLASK_SECRET_KEY"], lambda: rs(HEX, 64), 1),
    ("nextauth-secret", ["NEXTAUTH_SECRET", "AUTH_SECRET"], lambda: rb64(32), 2),
    ("session-secret", ["SESSION_SECRET", "COOKIE_SECRET"], lambda: rs(ALNUM, 48), 2),
    ("jwt-signing-secret", ["JWT_SECRET", "JWT_SIGNING_KEY"], lambda: rs(ALNUM + "!@#$%^&*", 40), 3),
    ("webhook-signing-secret", ["WEBHOOK_SECRET"], lambda: rs(HEX, 40), 2),
    ("encryption-key-b64", ["ENCRYPTION_KEY", "DATA_ENCRYPTION_KEY"], lambda: rb64(32), 2),
    ("aws-session-token", ["AWS_SESSION_TOKEN"], lambda: "IQoJb3JpZ2luX2Vj" + rs(B64, 300) + "==", 2),
    ("aws-secret-access-key", ["AWS_SECRET_ACCESS_KEY"], lambda: rs(B64, 40), 4),
    ("gcp-hmac-secret", ["GCS_HMAC_SECRET"], lambda: rs(B64, 40), 1),
    ("minio-secret-key", ["MINIO_ROOT_PASSWORD", "MINIO_SECRET_KEY"], lambda: rs(ALNUM, 40), 2),
    ("wandb-api-key", ["WANDB_API_KEY"], lambda: rs(HEX, 40), 2),
    ("comet-api-key", ["COMET_API_KEY"], lambda: rs(ALNUM, 25), 1),
    ("kaggle-key", ["KAGGLE_KEY"], lambda: rs(HEX, 32), 2),
    ("neptune-api-token", ["NEPTUNE_API_TOKEN"], lambda: b64('{"api_address":"https://app.neptune.ai","api_url":"https://app.neptune.ai","api_key":"%s"}' % uuid4()), 1),
    ("cohere-api-key", ["COHERE_API_KEY", "CO_API_KEY"], lambda: rs(ALNUM, 40), 2),
    ("mistral-api-key", ["MISTRAL_API_KEY"], lambda: rs(ALNUM, 32), 2),
    ("deepseek-api-key", ["DEEPSEEK_API_KEY"], lambda: "s" + "k-" + rs(HEX, 32), 1),
    ("openrouter-key", ["OPENROUTER_API_KEY"], lambda: "s" + "k-or-v1-" + rs(HEX, 64), 2),
    ("xai-api-key", ["XAI_API_KEY"], lambda: "xa" + "i-" + rs(ALNUM, 80), 1),
    ("together-api-key", ["TOGETHER_API_KEY"], lambda: "tg" + "p_v1_" + rs(ALNUM + "-_", 43), 1),
    ("fireworks-api-key", ["FIREWORKS_API_KEY"], lambda: "f" + "w_" + rs(ALNUM, 24), 1),
    ("elevenlabs-key", ["ELEVENLABS_API_KEY", "XI_API_KEY"], lambda: "s" + "k_" + rs(HEX, 48), 1),
    ("gemini-api-key", ["GEMINI_API_KEY"], lambda: "AI" + "za" + "Sy" + rs(ALNUM + "-_", 33), 2),
    ("cloudinary-secret", ["CLOUDINARY_API_SECRET"], lambda: rs(ALNUM + "-_", 27), 1),
    ("twilio-auth-token-labelled", ["TWILIO_AUTH_TOKEN"], lambda: rs(HEX, 32), 2),
    ("vonage-api-secret", ["VONAGE_API_SECRET", "NEXMO_API_SECRET"], lambda: rs(ALNUM, 16), 1),
    ("postmark-server-token", ["POSTMARK_SERVER_TOKEN"], lambda: uuid4(), 1),
    ("snyk-token", ["SNYK_TOKEN"], lambda: uuid4(), 1),
    ("sonar-token", ["SONAR_TOKEN"], lambda: "sq" + pick(["p_", "a_", "u_"]) + rs(HEX, 40), 2),
    ("jfrog-identity-token", ["JFROG_ACCESS_TOKEN", "ARTIFACTORY_API_KEY"], lambda: "cmVmdGtuOjAxOj" + rs(ALNUM, 50), 2),
    ("jfrog-api-key", ["ARTIFACTORY_API_KEY"], lambda: "AKC" + "p" + rs(ALNUM, 69), 1),
    ("nuget-api-key", ["NUGET_API_KEY"], lambda: "oy2" + rs(LALNUM, 43), 2),
    ("codecov-token", ["CODECOV_TOKEN"], lambda: uuid4(), 1),
    ("harness-pat", ["HARNESS_API_KEY"], lambda: "pat." + rs(ALNUM + "_-", 22) + "." + rs(HEX, 24) + "." + rs(ALNUM, 20), 1),
    ("launchdarkly-sdk-key", ["LD_SDK_KEY"], lambda: "sdk-" + uuid4(), 1),
    ("launchdarkly-api-token", ["LD_API_KEY"], lambda: "api-" + uuid4(), 1),
    ("honeycomb-key", ["HONEYCOMB_API_KEY"], lambda: "hc" + "aik_" + rs(LALNUM, 58), 1),
    ("dynatrace-token", ["DT_API_TOKEN"], lambda: "dt0c01." + rs(UALNUM, 24) + "." + rs(UALNUM, 64), 2),
    ("splunk-hec-token", ["SPLUNK_HEC_TOKEN"], lambda: uuid4().upper(), 1),
    ("pagerduty-token", ["PAGERDUTY_TOKEN"], lambda: "u+" + rs(ALNUM + "-_", 18), 1),
    ("opsgenie-key", ["OPSGENIE_API_KEY"], lambda: uuid4(), 1),
    ("zendesk-token", ["ZENDESK_API_TOKEN"], lambda: rs(ALNUM, 40), 1),
    ("intercom-token", ["INTERCOM_ACCESS_TOKEN"], lambda: "dG9r" + "Oj" + rs(ALNUM, 50) + "=", 1),
    ("hubspot-private-app", ["HUBSPOT_ACCESS_TOKEN"], lambda: "pat-" + pick(["na1", "eu1"]) + "-" + uuid4(), 2),
    ("asana-pat", ["ASANA_TOKEN"], lambda: "2/" + rs(DIG, 16) + "/" + rs(DIG, 16) + ":" + rs(HEX, 32), 1),
    ("clickup-token", ["CLICKUP_TOKEN"], lambda: "pk" + "_" + rs(DIG, 8) + "_" + rs(UALNUM, 32), 1),
    ("monday-token", ["MONDAY_API_TOKEN"], lambda: _jwt('{"tid":%d,"aai":11,"uid":%d,"iad":"2024-03-01T10:00:00.000Z","per":"me:write","actid":%d,"rgn":"use1"}' % (_R.randrange(10 ** 9), _R.randrange(10 ** 8), _R.randrange(10 ** 7))), 1),
    ("trello-token", ["TRELLO_TOKEN"], lambda: "ATT" + "A" + rs(HEX, 64) + rs(HEXU, 8), 1),
    ("bitbucket-app-password", ["BITBUCKET_APP_PASSWORD"], lambda: "ATBB" + rs(ALNUM, 28) + rs(HEXU, 8), 1),
    ("gitea-token", ["GITEA_TOKEN"], lambda: rs(HEX, 40), 1),
    ("travis-token", ["TRAVIS_TOKEN"], lambda: rs(ALNUM, 22), 1),
    ("coveralls-token", ["COVERALLS_REPO_TOKEN"], lambda: rs(ALNUM, 32), 1),
    ("snowflake-pat", ["SNOWFLAKE_TOKEN"], lambda: _jwt(alg="ES256"), 1),
    ("mongodb-atlas-private-key", ["MONGODB_ATLAS_PRIVATE_KEY"], lambda: uuid4(), 1),
    ("confluent-api-secret", ["CONFLUENT_CLOUD_API_SECRET"], lambda: rs(ALNUM + "+/", 64), 1),
    ("upstash-redis-token", ["UPSTASH_REDIS_REST_TOKEN"], lambda: "A" + rs(ALNUM, 3) + "ASQgN" + rs(ALNUM, 50) + "=", 1),
    ("turso-auth-token", ["TURSO_AUTH_TOKEN"], lambda: _jwt('{"a":"rw","iat":1718000000,"id":"%s"}' % uuid4(), alg="EdDSA"), 1),
    ("convex-deploy-key", ["CONVEX_DEPLOY_KEY"], lambda: "prod:" + pick(_WORDS) + "-" + pick(_WORDS) + "-" + str(_R.randrange(100, 999)) + "|" + rs(HEX, 80), 1),
    ("pocketbase-admin-token", ["PB_ADMIN_TOKEN"], lambda: _jwt(), 1),
    ("expo-eas-token", ["EAS_TOKEN"], lambda: rs(ALNUM + "-_", 40), 1),
    ("onfido-token", ["ONFIDO_API_TOKEN"], lambda: "api" + "_live." + rs(ALNUM + "-_", 11) + "." + rs(ALNUM + "-_", 32), 1),
    ("adyen-api-key", ["ADYEN_API_KEY"], lambda: "AQE" + rs(ALNUM, 6) + "+" + rs(ALNUM + "+/", 180) + "=", 1),
    ("razorpay-secret", ["RAZORPAY_KEY_SECRET"], lambda: rs(ALNUM, 24), 1),
    ("paystack-secret", ["PAYSTACK_SECRET_KEY"], lambda: "s" + "k_live_" + rs(HEX, 40), 1),
    ("flutterwave-secret", ["FLW_SECRET_KEY"], lambda: "FLWSECK" + "-" + rs(HEX, 32) + "-X", 1),
    ("mollie-live-key", ["MOLLIE_API_KEY"], lambda: "li" + "ve_" + rs(ALNUM, 30), 1),
    ("paddle-api-key", ["PADDLE_API_KEY"], lambda: "pdl" + "_live_apikey_" + rs(LALNUM, 26) + "_" + rs(ALNUM, 22) + "_" + rs(ALNUM, 3), 1),
    ("lemonsqueezy-key", ["LEMONSQUEEZY_API_KEY"], lambda: _jwt(alg="RS256"), 1),
    ("coinbase-api-secret", ["COINBASE_API_SECRET"], lambda: rb64(64), 1),
    ("binance-secret", ["BINANCE_API_SECRET", "BINANCE_SECRET_KEY"], lambda: rs(ALNUM, 64), 2),
    ("alchemy-key", ["ALCHEMY_API_KEY"], lambda: rs(ALNUM + "-_", 32), 1),
    ("infura-secret", ["INFURA_API_SECRET"], lambda: rs(HEX, 32), 1),
    ("etherscan-key", ["ETHERSCAN_API_KEY"], lambda: rs(UALNUM, 34), 1),
]

for fmt, labels, gen, n in VENDOR:
    fns = _R.sample(CTX, min(n, len(CTX)))
    for i in range(n):
        v = gen()
        L = labels[i % len(labels)]
        if i == 1 and _R.random() < 0.35 and ("TOKEN" in L or "KEY" in L) and " " not in v:
            t = pick(HDR)(v)
        else:
            t = fns[i](L, v)
        add("vendor-token", fmt, t, v, L if L in t else "")

# ---------------------------------------------------------------- invented / internal / new vendor schemes
_FICT = ("acmecorp orbitly zephyrpay quillon nimbusdb tessera kairo lumenhq vexa brightwave "
         "corvid halcyon parcelio fennec driftly oxbow marlin tidepool wrenfield quarkly "
         "sundial helix trovi glimmer ampersand korra novaledger pylonix runeweb sablecloud "
         "tallyho umbrella verdant wharf yonder zestful arbor basalt cindr dunes emberly "
         "foxglove gantry hopscotch inkwell jetty kelp lattice mosaic nettle opaline "
         "plinth quokka ripple slate thistle utopia vellum wicket xylo yarrow zinnia "
         "internal-sso billing-core payments-gw mlplatform dataplane edge-auth feature-flags "
         "ledgerd notifsvc searchapi vectorly promptforge tokenmint agentgrid infera llmrouter "
         "embedhub shardly quantile geofence payrails kycnow smsblast pushwise "
         "cartwheel orderly fleetops dispatchr telemetrix logsink tracewell "
         "featurebox abtestr cohortly datamesh lakehouse etlrunner notebookd gpu-broker "
         "modelvault labelbee annotato synthdata voicebot chatdesk ticketeer").split()

_SCHEMES = []


def _mk_scheme(name):
    short = name.replace("-", "")[:pick([2, 3, 4, 5])]
    style = _R.randrange(12)
    alpha = pick([ALNUM, HEX, LALNUM, UALNUM, B64U, B32, ALNUM])
    n = pick([20, 24, 28, 32, 32, 36, 40, 43, 48, 56, 64])
    env = pick(["live", "prod", "test", "sbx", "p", "k", "srv", "int"])
    if style == 0:
        pre, sep = short + "_" + env + "_", ""
    elif style == 1:
        pre, sep = short + "-", ""
    elif style == 2:
        pre, sep = short.upper() + "-" + env.upper() + "-", ""
    elif style == 3:
        pre, sep = short + "." + env + ".", ""
    elif style == 4:
        pre, sep = short + "_", "."
    elif style == 5:
        pre, sep = short.upper() + str(_R.randrange(1, 9)) + "_", ""
    elif style == 6:
        pre, sep = "", ""            # no prefix at all
    elif style == 7:
        pre, sep = short + "pat_", "_"
    elif style == 8:
        pre, sep = short + ":" + env + ":", ""
    elif style == 9:
        pre, sep = "v" + str(_R.randrange(1, 4)) + "." + short + ".", "."
    elif style == 10:
        pre, sep = short.upper() + "_SK_", ""
    else:
        pre, sep = short + "~", ""

    def gen(pre=pre, sep=sep, alpha=alpha, n=n):
        if sep:
            k = _R.randrange(8, 14)
            return pre + rs(alpha, k) + sep + rmix(alpha, n)
        return pre + rmix(alpha, n)
    kind = pick(["api-key", "service-token", "access-token", "secret-key", "deploy-key",
                 "ingest-key", "signing-secret", "pat", "client-secret", "session-token"])
    return (name, gen, kind)


for _nm in _FICT:
    _SCHEMES.append(_mk_scheme(_nm))


def _label_for(name, kind):
    base = name.replace("-", "_").upper()
    return base + "_" + kind.replace("-", "_").upper()


_UN_CTX = [
    lambda nm, L, v: ctx(L, v),
    lambda nm, L, v: ctx(L, v),
    lambda nm, L, v: "client = %sClient(api_key=\"%s\")" % (nm.replace("-", " ").title().replace(" ", ""), v),
    lambda nm, L, v: "const %s = new %s({ token: '%s', region: 'eu' });" % (nm.split("-")[0], nm.replace("-", " ").title().replace(" ", ""), v),
    lambda nm, L, v: "curl https://api.%s.io/v2/events -H 'X-Api-Key: %s' -d @payload.json" % (nm.replace("-", ""), v),
    lambda nm, L, v: "curl -H \"X-%s-Token: %s\" https://%s.internal/health" % (nm.split("-")[0].title(), v, nm),
    lambda nm, L, v: "%s:\n  endpoint: https://%s.example.net\n  secret: %s\n  timeout: 30s" % (nm, nm, v),
    lambda nm, L, v: "[%s]\nurl = https://%s.corp\ntoken = %s" % (nm, nm, v),
    lambda nm, L, v: "the %s key for staging is %s - don't commit it" % (nm, v),
    lambda nm, L, v: "$ %s login --token %s\nLogged in as ci-bot@%s (org: platform)" % (nm.split("-")[0], v, nm),
    lambda nm, L, v: "%s auth set-key %s" % (nm.split("-")[0], v),
    lambda nm, L, v: "Traceback (most recent call last):\n  File \"app/clients/%s.py\", line 41, in connect\n    raise AuthError(f\"rejected credential {key}\")\nAuthError: rejected credential %s" % (nm.replace("-", "_"), v),
    lambda nm, L, v: "WARN  [%s-sdk] request failed (401) api_key=%s retry=3" % (nm, v),
    lambda nm, L, v: "{\"provider\": \"%s\", \"credentials\": {\"apiKey\": \"%s\"}}" % (nm, v),
    lambda nm, L, v: "requests.post(URL, headers={\"x-%s-key\": \"%s\"}, json=body)" % (nm.split("-")[0], v),
    lambda nm, L, v: "#%s-alerts: @here new %s secret is %s, old one revoked at 14:02" % (nm, nm, v),
    lambda nm, L, v: "%s.configure do |c|\n  c.api_secret = \"%s\"\nend" % (nm.replace("-", "_").title().replace("_", ""), v),
    lambda nm, L, v: "$cfg['%s']['token'] = '%s';" % (nm, v),
    lambda nm, L, v: "Authorization: %s %s" % (nm.split("-")[0].title(), v),
    lambda nm, L, v: "Authorization: Bearer %s" % v,
]

for name, gen, kind in _SCHEMES:
    n = pick([3, 3, 4])
    L = _label_for(name, kind)
    for f in _R.sample(_UN_CTX, n):
        v = gen()
        t = f(name, L, v)
        add("unnamed-format", "fict-" + name + "-" + kind, t, v, "")

# internal token schemes shaped like real companies' own formats
_INTERNAL = [
    ("internal-svc-jwt-like", lambda: "svc." + b64u_nopad(('{"svc":"%s","env":"prod"}' % pick(_WORDS)).encode()) + "." + rs(B64U, 43)),
    ("internal-hmac-pair", lambda: rs(UALNUM, 16) + ":" + rs(B64, 44)),
    ("internal-dotted-3", lambda: rs(HEX, 8) + "." + rs(HEX, 16) + "." + rs(ALNUM, 32)),
    ("internal-colon-kv", lambda: "k1:" + rs(B64U, 48)),
    ("internal-versioned", lambda: "v2:" + rs(HEX, 12) + ":" + rs(B64, 40)),
    ("internal-pipe", lambda: rs(DIG, 6) + "|" + rs(ALNUM, 40)),
    ("internal-ulid-secret", lambda: "01" + rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 24) + "." + rs(ALNUM, 32)),
    ("internal-b32-key", lambda: rs(B32, 52)),
    ("internal-long-b64", lambda: rb64(48)),
    ("internal-short-mixed", lambda: rmix(ALNUM, 20)),
    ("internal-hex-64", lambda: rs(HEX, 64)),
    ("internal-dash-groups", lambda: "-".join(rs(UALNUM, 5) for _ in range(5))),
]
_INT_LBL = ["INTERNAL_API_TOKEN", "SVC_AUTH", "PLATFORM_SECRET", "EDGE_SIGNING_KEY", "BILLING_HMAC_KEY",
            "LEDGER_TOKEN", "GATEWAY_CLIENT_SECRET", "X_INTERNAL_AUTH", "SEARCH_ADMIN_KEY", "ML_SERVING_TOKEN"]
for fmt, g in _INTERNAL:
    for f in _R.sample(_UN_CTX, 3):
        v = g()
        nm = pick(["platform", "billing-core", "edge-auth", "ledgerd", "searchapi", "ml-serving"])
        add("unnamed-format", fmt, f(nm, pick(_INT_LBL), v), v, "")

# ---------------------------------------------------------------- credential files pasted or echoed
G = "credential-file"

for i in range(6):
    u, p = user(), shell_pw()
    h = pick(["db.internal", "*", "localhost", "pg-prod-01.eu-west-1.rds.amazonaws.com", "10.2.0.5"])
    line = "%s:%s:%s:%s:%s" % (h, pick(["5432", "*", "6432"]), pick(["app", "*", "analytics", "postgres"]), u, p)
    t = pick(["$ cat ~/.pgpass\n%s\n$ chmod 600 ~/.pgpass",
              "echo '%s' >> ~/.pgpass",
              "%s",
              "# ~/.pgpass\nlocalhost:5432:*:postgres:${PGPASSWORD}\n%s",
              "printf '%%s\\n' '%s' > /root/.pgpass && chmod 0600 /root/.pgpass",
              "PGPASSFILE=/tmp/pgpass; echo \"%s\" > $PGPASSFILE"]) % line
    add(G, "pgpass-line", t, p, u)
for i in range(2):
    u, p = user(), shell_pw()
    add(G, "pgpass-wildcard", "*:*:*:%s:%s" % (u, p), p, u)

for i in range(4):
    u, p = user(), shell_pw()
    m = pick(["api.heroku.com", "github.com", "git.corp.example", "ftp.example.org", "urs.earthdata.nasa.gov", "nexus.internal"])
    t = pick(["machine %s login %s password %s",
              "machine %s\n  login %s\n  password %s",
              "$ cat ~/.netrc\nmachine %s\n\tlogin %s\n\tpassword %s\n$",
              "echo \"machine %s login %s password %s\" > ~/.netrc"]) % (m, u, p)
    add(G, "netrc-entry", t, p, u)
for i in range(2):
    u, p = user(), shell_pw()
    add(G, "netrc-default", pick(["default login %s password %s", "machine gitlab.com login oauth2 password ${CI_TOKEN}\ndefault\n  login %s\n  password %s"]) % (u, p), p, u)
for i in range(2):
    u, p = user(), "hrku-" + rs(HEX, 8) + "-" + rs(HEX, 4) + "-" + rs(HEX, 4) + "-" + rs(HEX, 4) + "-" + rs(HEX, 12)
    add(G, "netrc-heroku-token", "machine api.heroku.com\n  login %s@example.com\n  password %s\nmachine git.heroku.com\n  login %s@example.com\n  password %s" % (u, p, u, p), p, u)

for i in range(5):
    u, p = user(), pw8()
    a = b64(u + ":" + p)
    reg = pick(["https://index.docker.io/v1/", "ghcr.io", "registry.gitlab.com", "123456789012.dkr.ecr.eu-west-1.amazonaws.com", "harbor.corp.local", "quay.io"])
    t = pick(['{\n  "auths": {\n    "%s": {\n      "auth": "%s"\n    }\n  }\n}',
              '{"auths":{"%s":{"auth":"%s","email":"ops@example.com"}}}',
              '$ cat ~/.docker/config.json\n{\n\t"auths": {\n\t\t"%s": {\n\t\t\t"auth": "%s"\n\t\t}\n\t},\n\t"credsStore": ""\n}',
              'auths:\n  %s:\n    auth: %s']) % (reg, a)
    add(G, "docker-config-auth", t, a, reg)
for i in range(2):
    u, p = user(), pw8()
    a = b64('{"auths":{"ghcr.io":{"username":"%s","password":"%s","auth":"%s"}}}' % (u, p, b64(u + ":" + p)))
    add(G, "k8s-dockerconfigjson", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: regcred\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: %s" % a, a, "regcred")

for i in range(3):
    tok = "np" + "m_" + rs(ALNUM, 36)
    t = pick(["//registry.npmjs.org/:_authToken=%s",
              "registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=%s\nalways-auth=true",
              "$ cat .npmrc\n@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%s"]) % tok
    add(G, "npmrc-authtoken", t, tok)
for i in range(2):
    p = pw8()
    e = b64(p)
    add(G, "npmrc-password-b64", "//nexus.corp:8081/repository/npm/:username=%s\n//nexus.corp:8081/repository/npm/:_password=%s\n//nexus.corp:8081/repository/npm/:email=dev@corp" % (user(), e), e)
for i in range(2):
    a = b64(user() + ":" + pw8())
    add(G, "npmrc-auth-legacy", "_auth=%s\nemail=ci@example.com\nalways-auth=true" % a, a)
for i in range(3):
    tok = "py" + "pi-AgEIcHlwaS5vcmc" + rs(B64U, 120)
    t = pick(["[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = %s",
              "[pypi]\n  username: __token__\n  password: %s",
              "$ cat ~/.pypirc\n[testpypi]\nrepository = https://test.pypi.org/legacy/\nusername = __token__\npassword = %s"]) % tok
    add(G, "pypirc-token", t, tok, "__token__")
for i in range(2):
    p = pw8()
    add(G, "pypirc-password", "[internal]\nrepository = https://pypi.corp.example/simple\nusername = %s\npassword = %s" % (user(), p), p)
for i in range(4):
    u, p = user(), shell_pw()
    q = urllib.parse.quote(p, safe="")
    hst = pick(["github.com", "gitlab.example.com", "bitbucket.org", "dev.azure.com"])
    t = pick(["https://%s:%s@%s", "$ cat ~/.git-credentials\nhttps://%s:%s@%s\n", "echo \"https://%s:%s@%s\" >> ~/.git-credentials"]) % (u, q, hst)
    add(G, "git-credentials", t, q, u)
for i in range(2):
    tok = "gh" + "p_" + rs(ALNUM, 36)
    add(G, "git-credentials-token", "https://x-access-token:%s@github.com" % tok, tok, "x-access-token")

for i in range(4):
    kid = "AK" + "IA" + rs(UALNUM, 16)
    sec = rs(B64, 40)
    t = pick(["[default]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-west-1",
              "$ cat ~/.aws/credentials\n[prod]\naws_access_key_id=%s\naws_secret_access_key=%s",
              "[profile-deploy]\naws_access_key_id     = %s\naws_secret_access_key = %s\n",
              "AWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=%s"]) % (kid, sec)
    add(G, "aws-credentials-file", t, sec, "aws_access_key_id")
for i in range(2):
    st = "IQoJb3JpZ2luX2Vj" + rs(B64, 280)
    add(G, "aws-credentials-session", "[sso-temp]\naws_access_key_id = ASIA%s\naws_secret_access_key = %s\naws_session_token = %s" % (rs(UALNUM, 16), rs(B64, 40), st), st)
for i in range(2):
    sec = rs(B64, 40)
    add(G, "aws-config-inline", "[profile legacy]\nregion = us-east-1\noutput = json\naws_access_key_id = AK" + "IA" + rs(UALNUM, 16) + "\naws_secret_access_key = " + sec, sec)

for i in range(4):
    tok = pick([_jwt(alg="RS256"), rs(ALNUM, 40), "kubeconfig-u-" + rs(LALNUM, 52), rb64(24)])
    t = pick(["users:\n- name: admin@prod\n  user:\n    token: %s",
              "apiVersion: v1\nkind: Config\nusers:\n  - name: ci\n    user:\n      token: \"%s\"\ncontexts: []",
              "$ kubectl config view --raw -o jsonpath='{.users[0].user.token}'\n%s",
              "kubectl config set-credentials deployer --token=%s"]) % tok
    add(G, "kubeconfig-token", t, tok)
for i in range(2):
    k = b64("-----BEGIN RSA PRIVATE KEY-----\n" + rb64(600) + "\n-----END RSA PRIVATE KEY-----\n")
    add(G, "kubeconfig-client-key-data", "users:\n- name: kind-dev\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM...\n    client-key-data: %s" % k, k)
for i in range(2):
    p = shell_pw()
    add(G, "kubeconfig-basic-auth", "users:\n- name: legacy\n  user:\n    username: admin\n    password: %s" % p, p, "admin")

for i in range(3):
    sec = rs(B64, 40)
    t = pick(["[s3-prod]\ntype = s3\nprovider = AWS\naccess_key_id = AK" + "IA" + rs(UALNUM, 16) + "\nsecret_access_key = %s\nregion = eu-central-1",
              "[b2]\ntype = b2\naccount = 000" + rs(HEX, 22) + "\nkey = %s",
              "[wasabi]\ntype = s3\nprovider = Wasabi\naccess_key_id = " + rs(UALNUM, 20) + "\nsecret_access_key = %s\nendpoint = s3.wasabisys.com"]) % sec
    add(G, "rclone-conf", t, sec)
for i in range(2):
    ob = rs(B64U, 40)
    add(G, "rclone-obscured-pass", "[sftp-nas]\ntype = sftp\nhost = nas.local\nuser = backup\npass = %s" % ob, ob)
for i in range(2):
    sec = rs(B64, 40)
    add(G, "s3cfg", "[default]\naccess_key = AK" + "IA" + rs(UALNUM, 16) + "\nsecret_key = " + sec + "\nhost_base = s3.amazonaws.com\nuse_https = True", sec)
for i in range(3):
    u = user()
    hsh = pick(["$apr1$" + rs(ALNUM + "./", 8) + "$" + rs(ALNUM + "./", 22),
                "$2y$05$" + rs(ALNUM + "./", 53),
                "{SHA}" + rb64(20)])
    add(G, "htpasswd-line", pick(["%s:%s", "$ cat /etc/nginx/.htpasswd\n%s:%s"]) % (u, hsh), hsh, u)
for i in range(3):
    p = pw8()
    t = pick(["define( 'DB_PASSWORD', '%s' );", "define('DB_PASSWORD', '%s');\ndefine('DB_HOST', 'localhost');",
              "/** MySQL database password */\ndefine( \"DB_PASSWORD\", \"%s\" );"]) % p
    add(G, "wp-config-db-password", t, p, "DB_PASSWORD")
for i in range(2):
    salt = rs(ALNUM + "!@#$%^&*()-_[]{}<>~+=,.;:/?|", 64)
    add(G, "wp-config-salt", "define('AUTH_KEY',         '%s');" % salt, salt, "AUTH_KEY")
for i in range(3):
    p = pw8()
    t = pick(["DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'app',\n        'USER': 'app',\n        'PASSWORD': '%s',\n        'HOST': 'db',\n    }\n}",
              "EMAIL_HOST_PASSWORD = '%s'",
              "'PASSWORD': \"%s\","]) % p
    add(G, "django-settings-password", t, p)
for i in range(3):
    p = pw8()
    t = pick(['"ConnectionStrings": {\n    "Default": "Server=sql01;Database=Shop;User Id=shop_app;Password=%s;TrustServerCertificate=True"\n}',
              '{\n  "Smtp": { "Host": "smtp.office365.com", "User": "noreply@contoso.com", "Password": "%s" }\n}',
              '"Jwt": { "Issuer": "api", "Key": "%s" }']) % p
    add(G, "appsettings-json", t, p)
for i in range(3):
    p = pw8()
    t = pick(["spring.datasource.password=%s", "spring.mail.password = %s",
              "spring.datasource.url=jdbc:postgresql://db:5432/app\nspring.datasource.username=app\nspring.datasource.password=%s"]) % p
    add(G, "application-properties", t, p)
for i in range(2):
    p = pw8()
    add(G, "application-yml", "spring:\n  datasource:\n    url: jdbc:mysql://mysql:3306/shop\n    username: shop\n    password: %s" % p, p)
for i in range(2):
    p = pw8()
    add(G, "maven-settings-xml", "<server>\n  <id>nexus-releases</id>\n  <username>deployment</username>\n  <password>%s</password>\n</server>" % p, p, "deployment")
for i in range(2):
    p = pw8()
    add(G, "gradle-properties", pick(["ossrhPassword=%s", "signing.password=%s\nsigning.keyId=24875D73"]) % p, p)
for i in range(2):
    p = pw8()
    add(G, "nuget-config", "<packageSourceCredentials>\n  <corp>\n    <add key=\"Username\" value=\"build\" />\n    <add key=\"ClearTextPassword\" value=\"%s\" />\n  </corp>\n</packageSourceCredentials>" % p, p)
for i in range(2):
    tok = rs(ALNUM, 32)
    add(G, "composer-auth-json", '{\n  "http-basic": {\n    "repo.packagist.com": {\n      "username": "token",\n      "password": "%s"\n    }\n  }\n}' % tok, tok)
for i in range(2):
    p = pw8()
    add(G, "my-cnf", "[client]\nuser=root\npassword=%s\nhost=127.0.0.1" % p, p)
for i in range(2):
    p = pw8()
    add(G, "pip-conf-index-url", "[global]\nindex-url = https://%s:%s@pypi.corp.example/simple" % (user(), urllib.parse.quote(p, safe="")), urllib.parse.quote(p, safe=""))
for i in range(2):
    tok = rs(ALNUM, 40)
    add(G, "cargo-credentials", "[registries.corp]\ntoken = \"%s\"" % tok, tok)
for i in range(2):
    tok = "Bearer " + rs(ALNUM, 36)
    add(G, "cargo-credentials-bearer", "[registry]\ntoken = \"%s\"" % tok, tok[7:])
for i in range(2):
    key = "rubygems_" + rs(HEX, 48)
    add(G, "gem-credentials", "---\n:rubygems_api_key: %s" % key, key)
for i in range(2):
    p = pw8()
    add(G, "wpa-supplicant", "network={\n    ssid=\"Office-5G\"\n    psk=\"%s\"\n}" % p, p, "Office-5G")
for i in range(2):
    p = pw8()
    add(G, "smb-credentials-file", "username=%s\npassword=%s\ndomain=CORP" % (user(), p), p)
for i in range(2):
    tok = rs(HEX, 40)
    add(G, "terraformrc", "credentials \"app.terraform.io\" {\n  token = \"%s.at%s\"\n}" % (rs(ALNUM, 14), "lasv1." + tok), tok)
for i in range(2):
    p = pw8()
    add(G, "ansible-vault-pass-file", "$ cat ~/.vault_pass.txt\n%s" % p, p)
for i in range(2):
    tok = rs(HEX, 40)
    add(G, "gcloud-legacy-credentials", '{\n  "client_id": "32555940559.apps.googleusercontent.com",\n  "client_secret": "ZmssLNjJy2998hD4CTg2ejr2",\n  "refresh_token": "1//%s",\n  "type": "authorized_user"\n}' % tok, "1//" + tok)
for i in range(2):
    p = pw8()
    add(G, "odbc-ini", "[ProdDSN]\nDriver=ODBC Driver 18 for SQL Server\nServer=tcp:sql.contoso.com,1433\nUID=report\nPWD=%s" % p, p)
for i in range(2):
    p = pw8()
    add(G, "pgadmin-servers-json", '{"Servers": {"1": {"Name": "prod", "Host": "db", "Port": 5432, "Username": "postgres", "PassFile": "/pgpass", "Password": "%s"}}}' % p, p)
for i in range(2):
    p = shell_pw()
    add(G, "openvpn-auth-user-pass", "$ cat /etc/openvpn/auth.txt\n%s\n%s" % (user(), p), p)
for i in range(2):
    p = pw8()
    add(G, "fetchmailrc", "poll imap.gmail.com protocol IMAP user \"me@gmail.com\" password \"%s\" ssl" % p, p)
for i in range(2):
    p = pw8()
    add(G, "msmtprc", "account default\nhost smtp.example.com\nauth on\nuser alerts@example.com\npassword %s" % p, p)
for i in range(2):
    p = pw8()
    add(G, "redis-conf-requirepass", pick(["requirepass %s", "# redis.conf\nmasterauth %s\nrequirepass %s"]).replace("%s", p), p)
for i in range(2):
    p = pw8()
    add(G, "pgbouncer-userlist", "\"%s\" \"%s\"" % (user(), p), p)
for i in range(2):
    p = pw8()
    add(G, "filezilla-xml", "<Server>\n  <Host>ftp.example.com</Host>\n  <User>upload</User>\n  <Pass encoding=\"base64\">%s</Pass>\n</Server>" % b64(p), b64(p))
for i in range(2):
    tok = rs(HEX, 40)
    add(G, "hub-config-yaml", "github.com:\n- user: octo\n  oauth_token: %s\n  protocol: https" % tok, tok)
for i in range(2):
    tok = "gh" + "o_" + rs(ALNUM, 36)
    add(G, "gh-hosts-yml", "github.com:\n    user: octo\n    oauth_token: %s\n    git_protocol: ssh" % tok, tok)

# ---------------------------------------------------------------- a secret beside its id, no label on the secret
G = "id-beside-secret"


def _ac():
    return "A" + "C" + rs(HEX, 32)


def _akia():
    return "AK" + "IA" + rs(UALNUM, 16)


_IDB = [
    ("twilio-client-ctor", lambda: (_ac(), rs(HEX, 32)), ["client = Client('{i}', '{s}')", "from twilio.rest import Client\nclient = Client(\"{i}\", \"{s}\")\nclient.messages.create(to=to, from_=FROM, body=msg)", "const client = require('twilio')('{i}', '{s}');", "var client = new TwilioRestClient(\"{i}\", \"{s}\");"]),
    ("twilio-prose", lambda: (_ac(), rs(HEX, 32)), ["twilio: account {i} auth token {s}", "Twilio prod account is {i}, token {s} (rotated 03/02)", "SID {i} / {s}"]),
    ("twilio-curl-basic", lambda: (_ac(), rs(HEX, 32)), ["curl -X POST https://api.twilio.com/2010-04-01/Accounts/{i}/Messages.json -u {i}:{s} --data-urlencode 'Body=hi'", "curl -u '{i}:{s}' https://api.twilio.com/2010-04-01/Accounts.json"]),
    ("aws-js-credentials-ctor", lambda: (_akia(), rs(B64, 40)), ["const creds = new AWS.Credentials('{i}', '{s}');", "AWS.config.credentials = new AWS.Credentials(\"{i}\", \"{s}\", null);"]),
    ("aws-go-static-credentials", lambda: (_akia(), rs(B64, 40)), ["Credentials: credentials.NewStaticCredentials(\"{i}\", \"{s}\", \"\"),", "creds := credentials.NewStaticCredentialsProvider(\"{i}\", \"{s}\", \"\")"]),
    ("aws-boto3-session-positional", lambda: (_akia(), rs(B64, 40)), ["session = boto3.Session('{i}', '{s}', region_name='eu-west-1')", "s3 = boto3.client('s3', 'us-east-1', None, False, None, None, '{i}', '{s}')"]),
    ("aws-java-basic-credentials", lambda: (_akia(), rs(B64, 40)), ["AwsBasicCredentials creds = AwsBasicCredentials.create(\"{i}\", \"{s}\");", "new BasicAWSCredentials(\"{i}\", \"{s}\")"]),
    ("aws-csv-download", lambda: (_akia(), rs(B64, 40)), ["User name,Password,Access key ID,Secret access key,Console login link\nci-deployer,,{i},{s},https://123456789012.signin.aws.amazon.com/console", "Access key ID,Secret access key\n{i},{s}"]),
    ("aws-pair-slash", lambda: (_akia(), rs(B64, 40)), ["keys for the backup user: {i} / {s}", "{i}\t{s}", "{i}:{s}"]),
    ("aws-create-access-key-output", lambda: (_akia(), rs(B64, 40)), ["$ aws iam create-access-key --user-name ci\n{{\n    \"AccessKey\": {{\n        \"UserName\": \"ci\",\n        \"AccessKeyId\": \"{i}\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"{s}\",\n        \"CreateDate\": \"2024-06-01T10:11:12+00:00\"\n    }}\n}}"]),
    ("minio-client-positional", lambda: (rs(UALNUM, 20), rs(ALNUM + "+/", 40)), ["client = Minio(\"minio.local:9000\", \"{i}\", \"{s}\", secure=False)", "mc alias set local http://127.0.0.1:9000 {i} {s}", "new MinioClient(\"http://minio:9000\", \"{i}\", \"{s}\");"]),
    ("gcs-hmac-pair", lambda: ("GOOG1E" + rs(UALNUM, 55), rs(B64, 40)), ["HMAC key {i} secret {s}", "gsutil config: {i} {s}"]),
    ("alibaba-oss-auth", lambda: ("LT" + "AI" + rs(ALNUM, 20), rs(ALNUM, 30)), ["auth = oss2.Auth('{i}', '{s}')", "client = AcsClient(\"{i}\", \"{s}\", \"cn-hangzhou\")"]),
    ("tencent-credential", lambda: ("AK" + "ID" + rs(ALNUM, 32), rs(ALNUM, 32)), ["cred = credential.Credential(\"{i}\", \"{s}\")", "credential := common.NewCredential(\"{i}\", \"{s}\")"]),
    ("do-spaces-pair", lambda: ("DO00" + rs(UALNUM, 16), rs(B64, 43)), ["spaces = session.client('s3', endpoint_url='https://fra1.digitaloceanspaces.com', aws_access_key_id='{i}', aws_secret_access_key='{s}')", "s3cmd --access_key={i} --secret_key={s} ls s3://assets"]),
    ("b2-authorize-account", lambda: ("005" + rs(HEX, 22), "K005" + rs(ALNUM + "/+", 27)), ["b2_api.authorize_account(\"production\", \"{i}\", \"{s}\")", "b2 authorize-account {i} {s}"]),
    ("pusher-ctor", lambda: (rs(HEX, 20), rs(HEX, 20)), ["pusher_client = pusher.Pusher(app_id='1789012', key='{i}', secret='{s}', cluster='eu')", "new Pusher({{ appId: '1789012', key: '{i}', secret: '{s}', cluster: 'mt1' }})"]),
    ("algolia-client-positional", lambda: (rs(UALNUM, 10), rs(HEX, 32)), ["client = SearchClient.create('{i}', '{s}')", "const client = algoliasearch('{i}', '{s}');"]),
    ("requests-basic-tuple", lambda: (user(), pw8()), ["r = requests.get(url, auth=('{i}', '{s}'))", "resp = httpx.post(URL, auth=(\"{i}\", \"{s}\"), json=payload)", "HTTPBasicAuth('{i}', '{s}')"]),
    ("oauth-client-pair", lambda: (rs(LALNUM, 24), rs(ALNUM + "-_", 40)), ["oauth = OAuth2Session('{i}', client_secret='{s}')", "token = client.fetch_token(TOKEN_URL, auth=('{i}', '{s}'))", "credentials = ClientCredentials('{i}', '{s}')"]),
    ("spotify-client-credentials", lambda: (rs(HEX, 32), rs(HEX, 32)), ["sp = spotipy.Spotify(auth_manager=SpotifyClientCredentials('{i}', '{s}'))"]),
    ("tweepy-oauth-handler", lambda: (rs(ALNUM, 25), rs(ALNUM, 50)), ["auth = tweepy.OAuthHandler(\"{i}\", \"{s}\")", "auth = tweepy.OAuth1UserHandler('{i}', '{s}')"]),
    ("azure-client-secret-credential", lambda: (uuid4(), rs(ALNUM, 3) + "8Q~" + rs(ALNUM + "~._-", 34)), ["cred = ClientSecretCredential(TENANT_ID, \"{i}\", \"{s}\")", "new ClientSecretCredential(tenantId, \"{i}\", \"{s}\");"]),
    ("mysql-connect-positional", lambda: (user(), pw8()), ["conn = pymysql.connect('localhost', '{i}', '{s}', 'shop')", "$mysqli = new mysqli(\"127.0.0.1\", \"{i}\", \"{s}\", \"shop\");", "$link = mysqli_connect('db', '{i}', '{s}', 'wordpress');"]),
    ("jdbc-getconnection", lambda: (user(), pw8()), ["Connection c = DriverManager.getConnection(\"jdbc:postgresql://db:5432/app\", \"{i}\", \"{s}\");", "val conn = DriverManager.getConnection(url, \"{i}\", \"{s}\")"]),
    ("php-pdo-ctor", lambda: (user(), pw8()), ["$pdo = new PDO('mysql:host=db;dbname=app', '{i}', '{s}');", "$db = new PDO(\"pgsql:host=localhost;dbname=crm\", \"{i}\", \"{s}\", $opts);"]),
    ("dotnet-network-credential", lambda: (user(), pw8()), ["client.Credentials = new NetworkCredential(\"{i}\", \"{s}\");", "var cred = new NetworkCredential(\"{i}\", \"{s}\", \"CORP\");"]),
    ("smtplib-login", lambda: (pick(_NAMES) + "@gmail.com", "-".join(rs(LOW, 4) for _ in range(4)) if _R.random() < 0.5 else pw8()), ["server.login('{i}', '{s}')", "smtp.login(\"{i}\", \"{s}\")\nsmtp.sendmail(FROM, TO, msg.as_string())"]),
    ("ftplib-ctor", lambda: (user(), pw8()), ["ftp = FTP('ftp.example.com', '{i}', '{s}')", "ftp = ftplib.FTP_TLS(host, '{i}', '{s}')"]),
    ("paramiko-connect-positional", lambda: (user(), pw8()), ["ssh.connect('10.0.0.12', 22, '{i}', '{s}')", "client.connect(hostname, 22, \"{i}\", \"{s}\", timeout=10)"]),
    ("redis-ctor-positional", lambda: (str(_R.randrange(0, 15)), pw8()), ["r = redis.Redis('cache.internal', 6379, {i}, '{s}')", "r = redis.StrictRedis('localhost', 6379, {i}, \"{s}\")"]),
    ("sauce-browserstack-pair", lambda: (user(), rs(ALNUM, 20)), ["driver = webdriver.Remote('https://{i}:{s}@hub-cloud.browserstack.com/wd/hub', caps)", "sauce: {i} {s}"]),
    ("account-token-prose", lambda: (str(_R.randrange(10 ** 6, 10 ** 9)), rs(ALNUM, 32)), ["account {i} token {s}", "acct {i} -> {s}", "Use account id {i} with key {s} for the sandbox", "Konto {i}, Schlüssel {s}"]),
    ("client-id-secret-yaml-unlabelled", lambda: (uuid4(), rs(ALNUM + "~._-", 40)), ["clients:\n  - {i}\n  - {s}", "[\"{i}\", \"{s}\"]"]),
    ("nodemailer-auth", lambda: (pick(_NAMES) + "@example.com", pw8()), ["auth: {{ user: '{i}', pass: '{s}' }}", "nodemailer.createTransport({{ host: 'smtp.sendgrid.net', auth: {{ user: '{i}', pass: '{s}' }} }})"]),
    ("mailgun-domain-key", lambda: ("mg." + pick(_WORDS) + ".com", rs(HEX, 32) + "-" + rs(HEX, 8) + "-" + rs(HEX, 8)), ["mailgun {i} {s}", "Mailgun(domain='{i}', api_key='{s}')", "curl -s --user 'api:{s}' https://api.mailgun.net/v3/{i}/messages"]),
    ("stripe-ctor-positional", lambda: ("2024-06-20", "sk" + "_live_" + rs(ALNUM, 99)), ["stripe = new Stripe('{s}', {{ apiVersion: '{i}' }});", "Stripe::StripeClient.new(\"{s}\")"]),
    ("datadog-init-positional", lambda: (rs(HEX, 32), rs(HEX, 40)), ["initialize(\"{i}\", \"{s}\")", "dd = DogHttpApi(\"{i}\", \"{s}\")"]),
    ("keyid-secret-colon", lambda: (rs(UALNUM, 16), rs(ALNUM + "+/", 44)), ["--api-key {i}:{s}", "API_CREDENTIALS={i}:{s}"]),
    ("confluent-key-secret", lambda: (rs(UALNUM, 16), rs(ALNUM + "+/", 64)), ["confluent api-key store {i} {s} --resource lkc-12345", "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"{i}\" password=\"{s}\";"]),
    ("firebase-admin-inline", lambda: (rs(HEX, 40), "-----BEGIN PRIVATE KEY-----\\n" + rb64(96) + "\\n-----END PRIVATE KEY-----\\n"), ["\"private_key_id\": \"{i}\",\n\"private_key\": \"{s}\","]),
]

for fmt, gen, tmpls in _IDB:
    for tm in tmpls:
        i_, s_ = gen()
        add(G, fmt, tm.format(i=i_, s=s_), s_, i_)

# ---------------------------------------------------------------- CLI arguments of admin tools, CI logs, PowerShell, Windows
G = "cli-argument"

_CLI = [
    ("mysql-p-attached", ["mysql -h {h} -u {u} -p{p} shop", "$ mysql -u{u} -p{p} -e 'SHOW DATABASES'\nmysql: [Warning] Using a password on the command line interface can be insecure.", "mysqldump -u{u} -p{p} --single-transaction app > app.sql"]),
    ("mysql-p-quoted", ["mysql -u {u} -p'{p}' -h {h}", "mysql --user={u} --password=\"{p}\" app < schema.sql"]),
    ("mysql-password-eq", ["mysqladmin -u root --password={p} status", "mariadb --password={p} -u {u}"]),
    ("pgpassword-env-prefix", ["PGPASSWORD={p} psql -h {h} -U {u} -d app -c 'select 1'", "PGPASSWORD='{p}' pg_dump -h {h} -U {u} app | gzip > app.sql.gz", "export PGPASSWORD={p}\npg_restore -h {h} -U {u} -d app dump.bin"]),
    ("mongosh-p", ["mongosh \"mongodb://{h}:27017\" -u {u} -p {p} --authenticationDatabase admin", "mongo admin -u {u} -p '{p}'", "mongodump --username {u} --password {p} --db app --out /backup"]),
    ("redis-cli-a", ["redis-cli -h {h} -p 6379 -a {p} INFO replication", "redis-cli -a '{p}' --no-auth-warning KEYS 'session:*'", "$ redis-cli --pass {p} ping\nPONG"]),
    ("sqlcmd-P", ["sqlcmd -S sql01.contoso.local -U sa -P {p} -Q \"SELECT @@VERSION\"", "sqlcmd -S tcp:{h},1433 -d Shop -U {u} -P \"{p}\" -i migrate.sql", "bcp Shop.dbo.Orders out orders.dat -S sql01 -U {u} -P {p} -c"]),
    ("sqlplus-slash", ["sqlplus {u}/{p}@//{h}:1521/ORCLPDB1", "sqlplus -s system/{p}@XE @create_schema.sql", "expdp {u}/{p}@PROD schemas=HR directory=DP_DIR dumpfile=hr.dmp"]),
    ("clickhouse-client-password", ["clickhouse-client --host {h} --user {u} --password {p} --query 'SELECT 1'", "clickhouse-client -u default --password='{p}'"]),
    ("influx-password", ["influx -username admin -password {p} -execute 'SHOW DATABASES'", "influx setup --username admin --password {p} --org acme --bucket metrics --force"]),
    ("cqlsh-p", ["cqlsh {h} -u cassandra -p {p}", "cqlsh -u {u} -p '{p}' --ssl"]),
    ("cypher-shell-p", ["cypher-shell -a bolt://localhost:7687 -u neo4j -p {p}", "cypher-shell -u neo4j -p '{p}' 'MATCH (n) RETURN count(n)'"]),
    ("rabbitmqctl-positional", ["rabbitmqctl add_user {u} {p}", "rabbitmqctl change_password admin {p}", "docker exec rabbit rabbitmqctl add_user {u} '{p}' && rabbitmqctl set_user_tags {u} administrator"]),
    ("htpasswd-b-positional", ["htpasswd -b -c /etc/nginx/.htpasswd {u} {p}", "htpasswd -bB auth/htpasswd {u} '{p}'"]),
    ("chpasswd-echo", ["echo '{u}:{p}' | chpasswd", "echo \"root:{p}\" | sudo chpasswd", "echo -e \"{p}\\n{p}\" | passwd {u}"]),
    ("windows-net-user", ["net user {u} {p} /add", "net user Administrator {p}", "C:\\> net user svc_backup {p} /add /domain"]),
    ("windows-net-use", ["net use \\\\fs01\\share /user:CORP\\{u} {p}", "net use Z: \\\\nas\\backup {p} /user:{u} /persistent:no"]),
    ("windows-cmdkey", ["cmdkey /generic:TERMSRV/rdp01 /user:CORP\\{u} /pass:{p}", "cmdkey /add:fs01 /user:{u} /pass:\"{p}\""]),
    ("psexec-p", ["psexec \\\\srv02 -u CORP\\{u} -p {p} cmd /c ipconfig", "PsExec64.exe -accepteula \\\\10.1.1.5 -u Administrator -p \"{p}\" -s powershell"]),
    ("schtasks-rp", ["schtasks /Create /TN Backup /TR C:\\bk.cmd /SC DAILY /RU CORP\\{u} /RP {p}"]),
    ("msbuild-p-password", ["msbuild App.sln /p:DeployOnBuild=true /p:UserName={u} /p:Password={p}", "dotnet publish -c Release /p:PublishProfile=prod /p:Password=\"{p}\""]),
    ("sc-config-password", ["sc.exe config MyService obj= \"CORP\\{u}\" password= \"{p}\""]),
    ("powershell-convertto-securestring", ["$pw = ConvertTo-SecureString '{p}' -AsPlainText -Force", "$cred = New-Object System.Management.Automation.PSCredential('CORP\\{u}', (ConvertTo-SecureString \"{p}\" -AsPlainText -Force))", "Set-ADAccountPassword -Identity {u} -Reset -NewPassword (ConvertTo-SecureString -AsPlainText \"{p}\" -Force)", "New-LocalUser -Name {u} -Password (ConvertTo-SecureString '{p}' -AsPlainText -Force)"]),
    ("powershell-password-param", ["Invoke-Sqlcmd -ServerInstance sql01 -Username sa -Password '{p}' -Query 'SELECT 1'", "Connect-VIServer -Server vcenter.corp -User {u} -Password {p}", "PS C:\\> .\\deploy.ps1 -Environment prod -Password \"{p}\" -Verbose"]),
    ("docker-login-p", ["docker login -u {u} -p {p} registry.corp.example", "echo done; docker login --username {u} --password '{p}' ghcr.io", "$ docker login -u {u} -p {p}\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded"]),
    ("helm-repo-password", ["helm repo add corp https://charts.corp.example --username {u} --password {p}", "helm registry login registry.corp -u {u} -p '{p}'"]),
    ("az-login-sp", ["az login --service-principal -u {i} -p {s} --tenant {t}", "az login --service-principal --username {i} --password '{s}' --tenant {t}"]),
    ("az-sp-reset-output", ["$ az ad sp credential reset --id {i}\n{{\n  \"appId\": \"{i}\",\n  \"password\": \"{s}\",\n  \"tenant\": \"{t}\"\n}}"]),
    ("aws-configure-set", ["aws configure set aws_secret_access_key {a} --profile prod", "aws configure set default.aws_secret_access_key '{a}'"]),
    ("kubectl-docker-registry-secret", ["kubectl create secret docker-registry regcred --docker-server=ghcr.io --docker-username={u} --docker-password={p} -n apps"]),
    ("argocd-login", ["argocd login argocd.corp.example --username admin --password {p} --grpc-web", "argocd account update-password --current-password {p} --new-password \"$NEW\""]),
    ("vault-login-userpass", ["vault login -method=userpass username={u} password={p}", "vault write auth/userpass/users/{u} password={p} policies=dev"]),
    ("openssl-pass-literal", ["openssl enc -aes-256-cbc -salt -in db.sql -out db.sql.enc -pass pass:{p}", "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{p}", "openssl rsa -in enc.key -out plain.key -passin pass:'{p}'"]),
    ("keytool-storepass", ["keytool -importkeystore -srckeystore in.p12 -srcstoretype PKCS12 -destkeystore app.jks -deststorepass {p} -srcstorepass {p}", "keytool -genkey -alias upload -keystore upload.jks -storepass {p} -keypass {p} -dname CN=Acme"]),
    ("zip-7z-password", ["zip -P {p} -r export.zip ./export", "7z a -p{p} -mhe=on backup.7z /data", "unrar x -p{p} archive.rar"]),
    ("gpg-passphrase", ["gpg --batch --yes --passphrase {p} -c secrets.tar", "gpg --pinentry-mode loopback --passphrase '{p}' --decrypt vault.gpg"]),
    ("sshpass-p", ["sshpass -p {p} ssh {u}@{h} 'sudo systemctl restart api'", "sshpass -p '{p}' scp dump.sql {u}@{h}:/tmp/"]),
    ("curl-u-basic", ["curl -u {u}:{p} https://jenkins.corp/api/json", "curl --user '{u}:{p}' -X POST https://nexus.corp/service/rest/v1/components?repository=raw", "curl -fsSL -u \"{u}:{p}\" https://artifactory.corp/api/storage/libs"]),
    ("wget-password", ["wget --user={u} --password={p} https://dl.corp/releases/app.tar.gz", "wget --http-user={u} --http-password='{p}' -r ftp://mirror/"]),
    ("smbclient-percent", ["smbclient //fs01/share -U {u}%{p} -c 'ls'", "smbclient -L //nas -U 'CORP\\{u}%{p}'"]),
    ("mount-cifs-password", ["mount -t cifs //nas/backup /mnt/backup -o username={u},password={p},vers=3.0", "sudo mount.cifs //10.0.0.5/media /mnt/media -o user={u},pass={p}"]),
    ("lftp-u", ["lftp -u {u},{p} sftp://files.partner.com", "lftp -e 'mirror -R dist /www' -u {u},'{p}' ftp.host.example"]),
    ("ldapsearch-w", ["ldapsearch -x -H ldap://dc01 -D 'cn=admin,dc=corp,dc=local' -w {p} -b dc=corp,dc=local", "ldapmodify -D cn=Manager,dc=example,dc=com -w '{p}' -f change.ldif"]),
    ("ipmitool-P", ["ipmitool -I lanplus -H 10.10.0.21 -U ADMIN -P {p} chassis power status", "ipmitool -H bmc-7 -U root -P '{p}' sol activate"]),
    ("snmpv3-auth-priv", ["snmpwalk -v3 -u monitor -l authPriv -a SHA -A {p} -x AES -X {q} 10.0.0.1", "snmpget -v3 -l authNoPriv -u ops -a MD5 -A '{p}' switch01 sysUpTime.0"]),
    ("mosquitto-P", ["mosquitto_pub -h broker.local -u {u} -P {p} -t sensors/temp -m 21.5", "mosquitto_sub -h mqtt.corp -p 8883 -u {u} -P '{p}' -t '#' -v"]),
    ("wp-cli-user-pass", ["wp user create editor editor@example.com --role=editor --user_pass={p}", "wp user update admin --user_pass='{p}' --skip-email"]),
    ("drush-user-password", ["drush user:password admin \"{p}\"", "drush upwd admin '{p}'"]),
    ("xcrun-altool-p", ["xcrun altool --upload-app -f App.ipa -t ios -u dev@example.com -p {a}", "xcrun notarytool submit App.zip --apple-id dev@example.com --password {a} --team-id ABCDE12345"]),
    ("apksigner-ks-pass", ["apksigner sign --ks release.jks --ks-pass pass:{p} --key-pass pass:{p} app-release.apk", "jarsigner -keystore upload.jks -storepass {p} app.aab upload"]),
    ("gradle-signing-properties", ["./gradlew assembleRelease -Pandroid.injected.signing.store.password={p} -Pandroid.injected.signing.key.password={p}", "./gradlew publish -PsigningPassword={p} -PsonatypePassword={q}"]),
    ("terraform-var", ["terraform apply -var 'db_password={p}' -auto-approve", "terraform plan -var=\"admin_password={p}\" -out plan.tfplan", "TF_VAR_db_password={p} terraform apply"]),
    ("ansible-extra-vars", ["ansible-playbook site.yml -e \"ansible_become_pass={p}\"", "ansible-playbook deploy.yml --extra-vars 'mysql_root_password={p} env=prod'", "ansible all -i hosts -m ping -e ansible_password={p}"]),
    ("packer-var", ["packer build -var 'winrm_password={p}' windows.pkr.hcl"]),
    ("pulumi-config-secret", ["pulumi config set --secret dbPassword {p}", "pulumi config set --secret stripeKey {a} --stack prod"]),
    ("sops-set", ["sops --set '[\"database\"][\"password\"] \"{p}\"' secrets.enc.yaml"]),
    ("macos-security-add", ["security add-generic-password -a {u} -s api-prod -w {p}", "security add-internet-password -a {u} -s git.corp -w '{p}' -U"]),
    ("nmcli-wifi", ["nmcli dev wifi connect Office-5G password {p}", "nmcli connection modify guest wifi-sec.psk '{p}'", "wpa_passphrase HomeNet {p} >> /etc/wpa_supplicant.conf"]),
    ("rclone-config-create", ["rclone config create s3prod s3 provider AWS access_key_id {i} secret_access_key {a}"]),
    ("restic-borg-passphrase-env", ["RESTIC_PASSWORD={p} restic -r s3:s3.amazonaws.com/bk snapshots", "BORG_PASSPHRASE='{p}' borg create ::'{{hostname}}-{{now}}' /etc /home", "PASSPHRASE={p} duplicity /srv sftp://bk@nas//backups"]),
    ("sql-identified-by", ["CREATE USER '{u}'@'%' IDENTIFIED BY '{p}';", "mysql> ALTER USER 'root'@'localhost' IDENTIFIED WITH mysql_native_password BY '{p}';", "GRANT ALL ON app.* TO '{u}'@'10.%' IDENTIFIED BY '{p}';"]),
    ("sql-with-password", ["ALTER ROLE {u} WITH LOGIN PASSWORD '{p}';", "psql -c \"CREATE USER {u} WITH PASSWORD '{p}'\"", "CREATE ROLE replicator REPLICATION LOGIN ENCRYPTED PASSWORD '{p}';"]),
    ("mssql-login-password", ["ALTER LOGIN sa WITH PASSWORD = '{p}';", "CREATE LOGIN {u} WITH PASSWORD = N'{p}', CHECK_POLICY = OFF;"]),
    ("redis-auth-acl", ["127.0.0.1:6379> AUTH {p}\nOK", "ACL SETUSER {u} on >{p} ~cache:* +get +set", "CONFIG SET requirepass \"{p}\""]),
    ("mongo-createuser", ["db.createUser({{ user: \"{u}\", pwd: \"{p}\", roles: [ {{ role: \"readWrite\", db: \"app\" }} ] }})", "db.changeUserPassword(\"{u}\", \"{p}\")"]),
    ("jenkins-cli-auth", ["java -jar jenkins-cli.jar -s https://ci.corp/ -auth {u}:{j} build deploy-prod", "curl -X POST https://ci.corp/job/nightly/build --user {u}:{j}"]),
    ("grafana-cli-reset", ["grafana-cli admin reset-admin-password {p}", "grafana cli admin reset-admin-password '{p}'"]),
    ("kcadm-credentials", ["kcadm.sh config credentials --server http://localhost:8080 --realm master --user admin --password {p}"]),
    ("elastic-reset-output", ["$ bin/elasticsearch-reset-password -u elastic\nThis tool will reset the password of the [elastic] user to an autogenerated value.\nPassword for the [elastic] user successfully reset.\nNew value: {e}", "curl -k -u elastic:{e} https://localhost:9200/_cat/indices"]),
    ("gitlab-rails-password", ["gitlab-rails runner \"u = User.find_by_username('root'); u.password = '{p}'; u.password_confirmation = '{p}'; u.save!\""]),
    ("django-superuser-env", ["DJANGO_SUPERUSER_PASSWORD={p} python manage.py createsuperuser --noinput --username admin --email a@b.c"]),
    ("eas-secret-create", ["eas secret:create --scope project --name SENTRY_AUTH_TOKEN --value {a}", "eas env:create --name API_SECRET --value {a} --environment production"]),
    ("netlify-railway-env-set", ["netlify env:set STRIPE_SECRET {a}", "railway variables --set \"DB_PASSWORD={p}\"", "render env set SESSION_SECRET={a}"]),
    ("firebase-functions-config", ["firebase functions:config:set mailer.password=\"{p}\" mailer.user=\"noreply@example.com\"", "firebase functions:secrets:set SMTP_PASS --data-file <(echo '{p}')"]),
    ("doctl-auth-init-t", ["doctl auth init -t {a}", "doctl auth init --access-token {a} --context prod"]),
    ("heroku-auth-token-output", ["$ heroku auth:token\n ›   Warning: token will expire 06/01/2025\n{a}"]),
    ("consul-nomad-token-flag", ["consul kv get -token={w} config/app", "nomad job run -token={w} api.nomad", "CONSUL_HTTP_TOKEN={w} consul members"]),
    ("gh-actions-add-mask", ["echo \"::add-mask::{a}\"", "::add-mask::{a}\n::set-output name=token::***"]),
    ("azure-devops-setvariable", ["##vso[task.setvariable variable=dbPassword;issecret=true]{p}", "echo \"##vso[task.setvariable variable=ApiKey;isSecret=true]{a}\""]),
    ("ci-log-leak", ["[2024-06-01T10:02:11.123Z] + docker login -u deploy -p {p} registry.gitlab.com\n[2024-06-01T10:02:12.001Z] Login Succeeded", "Step 4/9 : RUN pip install --index-url https://ci:{p}@pypi.corp/simple -r requirements.txt", "Running with gitlab-runner 16.10.0\n$ curl --header \"PRIVATE-TOKEN: {a}\" \"$CI_API_V4_URL/projects\"", "##[debug]Evaluating: secrets.NPM_TOKEN\n##[debug]Result: '{a}'"]),
    ("travis-encrypt", ["travis encrypt SLACK_TOKEN={a} --add notifications.slack", "travis env set DEPLOY_PASSWORD {p} --private"]),
    ("circleci-env-api", ["curl -X POST https://circleci.com/api/v2/project/gh/acme/api/envvar -H \"Circle-Token: $CIRCLE_TOKEN\" -d '{{\"name\":\"DB_PASS\",\"value\":\"{p}\"}}'"]),
    ("positional-password-tool", ["./create_admin.sh admin {p}", "python scripts/seed_user.py --email admin@example.com {p}", "bin/console app:user:create admin admin@example.com {p}", "./reset_pw {u} {p}"]),
    ("keyring-set-echo", ["echo -n '{p}' | keyring set smtp {u}", "echo '{p}' | pass insert -e prod/db"]),
    ("java-system-property-password", ["java -Djavax.net.ssl.keyStorePassword={p} -jar app.jar", "java -Dspring.datasource.password={p} -jar service.jar", "JAVA_OPTS=\"-Ddb.password={p} -Xmx2g\""]),
    ("svn-password", ["svn checkout https://svn.corp/repo/trunk --username {u} --password {p} --non-interactive"]),
    ("ftp-batch-user", ["ftp -n ftp.example.org <<EOF\nuser {u} {p}\nbinary\nput build.zip\nbye\nEOF"]),
    ("vnc-rdp-password", ["xfreerdp /v:10.0.0.50 /u:Administrator /p:{p} /cert:ignore", "rdesktop -u {u} -p {p} ts01.corp", "vncviewer -passwd <(echo {p} | vncpasswd -f) host:1"]),
    ("kafka-sasl-cli", ["kafka-console-producer --bootstrap-server b1:9092 --producer-property sasl.jaas.config='org.apache.kafka.common.security.scram.ScramLoginModule required username=\"{u}\" password=\"{p}\";'", "kafka-configs --alter --add-config 'SCRAM-SHA-512=[password={p}]' --entity-type users --entity-name {u}"]),
    ("nats-cli-password", ["nats --server nats://nats.internal:4222 --user {u} --password {p} sub 'orders.>'"]),
    ("rsync-password-env", ["RSYNC_PASSWORD={p} rsync -av /data/ rsync://{u}@backup.local/data/"]),
    ("php-artisan-tinker", ["php artisan tinker --execute=\"User::where('email','admin@ex.com')->update(['password'=>bcrypt('{p}')])\""]),
    ("rails-runner-password", ["bin/rails runner \"User.find_by(email: 'ops@ex.com').update!(password: '{p}')\""]),
    ("openssl-s-client-starttls-auth", ["printf 'AUTH PLAIN %s\\r\\n' {b}", "AUTH PLAIN {b}"]),
]

for fmt, tmpls in _CLI:
    for tm in tmpls:
        vals = dict(u=user(), p=shell_pw(), q=shell_pw(), h=pick(["db.internal", "10.0.3.17", "localhost", "pg-prod-01", "127.0.0.1"]),
                    i=uuid4(), s=rs(ALNUM, 3) + "8Q~" + rs(ALNUM + "~._-", 34), t=uuid4(),
                    a=pick([rs(ALNUM, 40), "-".join(rs(LOW, 4) for _ in range(4)), rs(HEX, 64), rs(B64, 40), rs(ALNUM + "-_", 36)]),
                    j="11" + rs(HEX, 32), e=rs(ALNUM + "*+=_-", 20), w=uuid4())
        vals["b"] = b64("\0" + vals["u"] + "\0" + vals["p"])
        text = tm.format(**vals)
        sec = None
        for key in ("s", "b", "j", "e", "w", "a", "p"):
            if "{" + key + "}" in tm:
                sec = vals[key]
                break
        if fmt == "az-login-sp" or fmt == "az-sp-reset-output":
            sec = vals["s"]
        if "{a}" in tm and "{p}" not in tm:
            sec = vals["a"]
        if "{a}" in tm and fmt in ("aws-configure-set", "rclone-config-create"):
            vals_a = rs(B64, 40)
            text = tm.format(**dict(vals, a=vals_a))
            sec = vals_a
        add(G, fmt, text, sec, vals["u"] if vals["u"] in text else "")

# ---------------------------------------------------------------- connection strings and URLs with userinfo
G = "connection-string"


def _q(p):
    return urllib.parse.quote(p, safe="")


_CONN = [
    ("postgres-url", "postgres://{u}:{P}@{h}:5432/app"),
    ("postgresql-url-sslmode", "postgresql://{u}:{P}@{h}:5432/analytics?sslmode=require"),
    ("sqlalchemy-psycopg2", "engine = create_engine(\"postgresql+psycopg2://{u}:{P}@{h}/warehouse\", pool_size=10)"),
    ("sqlalchemy-asyncpg", "DATABASE_URL=postgresql+asyncpg://{u}:{P}@{h}:5432/api"),
    ("mysql-url", "mysql://{u}:{P}@{h}:3306/shop"),
    ("mysql-pymysql-url", "SQLALCHEMY_DATABASE_URI = 'mysql+pymysql://{u}:{P}@{h}/cms?charset=utf8mb4'"),
    ("mariadb-url", "mariadb://{u}:{P}@{h}/wiki"),
    ("mongodb-url", "mongodb://{u}:{P}@mongo0:27017,mongo1:27017/app?replicaSet=rs0&authSource=admin"),
    ("mongodb-srv", "MONGO_URI=\"mongodb+srv://{u}:{P}@cluster0.ab1cd.mongodb.net/prod?retryWrites=true&w=majority\""),
    ("redis-url-password-only", "REDIS_URL=redis://:{P}@{h}:6379/0"),
    ("rediss-url-user", "rediss://default:{P}@eu1-lucky-cat-31337.upstash.io:6379"),
    ("amqp-url", "CELERY_BROKER_URL=amqp://{u}:{P}@rabbit.mq.internal:5672/prod"),
    ("amqps-cloudamqp", "amqps://{u}:{P}@goose.rmq2.cloudamqp.com/{u}"),
    ("jdbc-postgres-params", "jdbc:postgresql://{h}:5432/app?user={u}&password={P}&ssl=true"),
    ("jdbc-sqlserver", "jdbc:sqlserver://sql01.contoso.local:1433;databaseName=Shop;user={u};password={p};encrypt=true"),
    ("jdbc-mysql-params", "spring.datasource.url=jdbc:mysql://{h}:3306/shop?user={u}&password={P}&useSSL=false"),
    ("jdbc-oracle-thin", "jdbc:oracle:thin:{u}/{p}@//{h}:1521/ORCLPDB1"),
    ("adonet-sqlserver", "Server=tcp:contoso.database.windows.net,1433;Initial Catalog=Shop;User ID={u};Password={p};Encrypt=True;"),
    ("adonet-pwd", "Data Source=sql01;Initial Catalog=CRM;UID={u};PWD={p}"),
    ("npgsql-conn", "Host={h};Port=5432;Database=app;Username={u};Password={p};SSL Mode=Require"),
    ("mysql-connector-net", "server=db;port=3306;database=shop;uid={u};pwd={p};SslMode=None"),
    ("odbc-driver-string", "DRIVER={{ODBC Driver 18 for SQL Server}};SERVER=sql01;DATABASE=dw;UID={u};PWD={{{p}}}"),
    ("oracle-easy-connect", "{u}/{p}@db-ora.corp:1521/FINPRD"),
    ("ftp-url", "ftp://{u}:{P}@ftp.partner.example/outgoing/"),
    ("sftp-url", "sftp://{u}:{P}@files.example.com:22/upload"),
    ("smtp-url", "EMAIL_URL=smtp://{u}%40example.com:{P}@smtp.mailgun.org:587"),
    ("smtps-url", "MAILER_DSN=smtps://{u}:{P}@smtp.gmail.com:465"),
    ("imap-url", "imaps://{u}:{P}@imap.fastmail.com:993/INBOX"),
    ("ldap-url", "ldaps://cn=admin,dc=corp,dc=local:{P}@dc01.corp.local:636"),
    ("http-basic-url", "https://{u}:{P}@nexus.corp.example/repository/maven-releases/"),
    ("http-basic-url-plain", "http://{u}:{P}@192.168.1.1/cgi-bin/luci"),
    ("clickhouse-url", "clickhouse://{u}:{P}@{h}:9000/default"),
    ("neo4j-url", "NEO4J_URI=neo4j+s://{u}:{P}@a1b2c3d4.databases.neo4j.io"),
    ("bolt-url", "bolt://neo4j:{P}@localhost:7687"),
    ("nats-url", "nats://{u}:{P}@nats.internal:4222"),
    ("mqtt-url", "mqtt://{u}:{P}@broker.hivemq.local:1883"),
    ("elasticsearch-url", "ELASTICSEARCH_URL=https://elastic:{P}@es.corp:9200"),
    ("couchdb-url", "COUCHDB_URL=http://admin:{P}@127.0.0.1:5984/_utils"),
    ("snowflake-url", "snowflake://{u}:{P}@xy12345.eu-central-1/ANALYTICS/PUBLIC?warehouse=COMPUTE_WH"),
    ("rtsp-camera-url", "rtsp://admin:{P}@192.168.1.64:554/Streaming/Channels/101"),
    ("socks-proxy-url", "ALL_PROXY=socks5h://{u}:{P}@proxy.corp:1080"),
    ("http-proxy-url", "export https_proxy=http://{u}:{P}@proxy.corp.example:3128"),
    ("git-https-userinfo", "git clone https://{u}:{P}@git.corp.example/platform/infra.git"),
    ("git-remote-set-url", "git remote set-url origin https://oauth2:{a}@gitlab.com/acme/mobile-app.git"),
    ("pip-extra-index", "pip install --extra-index-url https://{u}:{P}@pypi.corp.example/simple/ internal-sdk==2.3.1"),
    ("docker-registry-mirror-url", "registry-mirrors: [\"https://{u}:{P}@mirror.corp:5000\"]"),
    ("memcached-sasl", "MEMCACHIER_SERVERS=mc1.ec2.memcachier.com:11211\nMEMCACHED_URL=memcached://{u}:{P}@mc1.ec2.memcachier.com:11211"),
    ("influxdb-url", "influxdb://{u}:{P}@influx.local:8086/telegraf"),
    ("cassandra-url", "cassandra://{u}:{P}@cass-1:9042/ks"),
    ("mssql-url", "mssql://{u}:{P}@sql01:1433/Shop"),
    ("sqlserver-prisma", "DATABASE_URL=\"sqlserver://sql01:1433;database=Shop;user={u};password={p};encrypt=true\""),
    ("prisma-postgres", "datasource db {{\n  provider = \"postgresql\"\n  url      = \"postgresql://{u}:{P}@{h}:5432/app?schema=public\"\n}}"),
    ("azure-storage-conn", "DefaultEndpointsProtocol=https;AccountName=acmeprodsa;AccountKey={k};EndpointSuffix=core.windows.net"),
    ("azure-servicebus-conn", "Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={k}"),
    ("azure-eventhub-conn", "EVENTHUB_CONN=\"Endpoint=sb://telemetry.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey={k};EntityPath=events\""),
    ("azure-iothub-conn", "HostName=acme-iot.azure-devices.net;DeviceId=sensor-17;SharedAccessKey={k}"),
    ("azure-cosmos-conn", "AccountEndpoint=https://acme-cosmos.documents.azure.com:443/;AccountKey={k};"),
    ("azure-redis-conn", "acme.redis.cache.windows.net:6380,password={k},ssl=True,abortConnect=False"),
    ("azure-sas-url", "https://acmeprodsa.blob.core.windows.net/exports/report.csv?sv=2022-11-02&ss=b&srt=o&sp=r&se=2025-01-01T00:00:00Z&sig={S}"),
    ("slack-webhook-url", "SLACK_WEBHOOK=https://hooks.slack.com/services/T{w1}/B{w2}/{w3}"),
    ("discord-webhook-url", "https://discord.com/api/webhooks/{d1}/{d2}"),
    ("teams-webhook-url", "https://acme.webhook.office.com/webhookb2/{i}@{t}/IncomingWebhook/{x32}/{i2}/{tv}"),
    ("url-query-access-token", "GET https://graph.facebook.com/v19.0/me/accounts?access_token={a} 200"),
    ("url-query-api-key", "curl 'https://api.openweathermap.org/data/2.5/weather?q=Berlin&appid={x32}'"),
    ("url-query-key-google", "https://maps.googleapis.com/maps/api/geocode/json?address=Paris&key={g}"),
    ("url-query-token-generic", "wget \"https://downloads.vendor.io/agent/latest.tar.gz?token={a}\""),
    ("url-fragment-token", "https://app.example.com/oauth/callback#access_token={a}&token_type=bearer&expires_in=3600"),
    ("kafka-sasl-bootstrap", "KAFKA_URL=SASL_SSL://{u}:{P}@pkc-4r297.europe-west1.gcp.confluent.cloud:9092"),
    ("s3-url-creds", "s3://{ak}:{sk}@my-bucket/path/"),
    ("cloudinary-url", "CLOUDINARY_URL=cloudinary://{n15}:{c27}@acme-media"),
    ("celery-redis-sentinel", "broker_url = 'sentinel://:{P}@sentinel-0:26379;sentinel://:{P}@sentinel-1:26379'"),
    ("dsn-kv-libpq", "dsn = \"host={h} port=5432 dbname=app user={u} password={p} sslmode=require\""),
    ("go-mysql-dsn", "db, err := sql.Open(\"mysql\", \"{u}:{p}@tcp({h}:3306)/shop?parseTime=true\")"),
    ("redis-go-options", "rdb := redis.NewClient(&redis.Options{{Addr: \"cache:6379\", Password: \"{p}\", DB: 0}})"),
    ("stackexchange-redis-conn", "\"Redis\": \"cache.internal:6379,password={p},defaultDatabase=2\""),
    ("webdav-url", "davs://{u}:{P}@cloud.example.org/remote.php/dav/files/{u}/"),
    ("vnc-url", "vnc://:{P}@10.0.0.9:5901"),
    ("svn-ssh-url", "svn+ssh://{u}:{P}@svn.corp/repos/trunk"),
]

for fmt, tm in _CONN:
    for k in range(2):
        p = pick([shell_pw(), shell_pw(), pw8()]) if k else shell_pw()
        P = _q(p)
        vals = dict(u=user(), p=p, P=P, h=pick(["db.internal", "10.0.3.17", "localhost", "pg-prod-01.cluster-c9xk.eu-west-1.rds.amazonaws.com", "db"]),
                    k=rb64(64), S=_q(rb64(32)), w1=rs(UALNUM, 8), w2=rs(UALNUM, 10), w3=rs(ALNUM, 24),
                    d1=str(_R.randrange(10 ** 17, 10 ** 18)), d2=rs(ALNUM + "-_", 68), i=uuid4(), t=uuid4(), i2=uuid4(),
                    x32=rs(HEX, 32), tv="V2" + rs(ALNUM + "-_", 43), a=rs(ALNUM, 48), g="AI" + "za" + rs(ALNUM + "-_", 35),
                    ak="AK" + "IA" + rs(UALNUM, 16), sk=_q(rs(B64, 40)), n15=rs(DIG, 15), c27=rs(ALNUM + "-_", 27))
        text = tm.format(**vals)
        if "{P}" in tm:
            sec = P
        elif "{p}" in tm:
            sec = p
        elif "{k}" in tm:
            sec = vals["k"]
        elif "{S}" in tm:
            sec = vals["S"]
        elif "{w3}" in tm:
            sec = vals["w3"]
        elif "{d2}" in tm:
            sec = vals["d2"]
        elif "{tv}" in tm:
            sec = vals["tv"]
        elif "{sk}" in tm:
            sec = vals["sk"]
        elif "{c27}" in tm:
            sec = vals["c27"]
        elif "{g}" in tm:
            sec = vals["g"]
        elif "{a}" in tm:
            sec = vals["a"]
        else:
            sec = vals["x32"]
        if fmt == "odbc-driver-string" and "}" in p:
            continue
        add(G, fmt, text, sec, vals["u"] if vals["u"] in text else "")

# ---------------------------------------------------------------- config formats and code in many languages
G = "config-line"

_CFG = [
    ("json-password", ['{{"db": {{"host": "{h}", "user": "{u}", "password": "{p}"}}}}', '{{\n  "username": "{u}",\n  "password": "{p}",\n  "port": 5432\n}}']),
    ("json-nested-secret", ['{{"integrations": {{"crm": {{"clientSecret": "{r}", "clientId": "crm-app"}}}}}}', '"auth": {{ "secret": "{r}", "ttl": 3600 }}']),
    ("yaml-password", ['database:\n  host: {h}\n  username: {u}\n  password: {p}', 'db:\n  password: "{p}"\n  pool: 5', "smtp:\n  user: {u}\n  pass: '{p}'"]),
    ("yaml-block-scalar", ['api:\n  token: >-\n    {r}', 'secret: |\n  {r}']),
    ("yaml-anchor-secret", ['defaults: &defaults\n  api_key: {r}\nproduction:\n  <<: *defaults']),
    ("toml-password", ['[database]\nuser = "{u}"\npassword = "{p}"', "[smtp]\npassword = '{p}'"]),
    ("toml-token", ['[tool.poetry.http-basic.corp]\nusername = "{u}"\npassword = "{r}"', '[auth]\ntoken = "{r}"']),
    ("ini-password", ['[mysql]\nhost={h}\nuser={u}\npassword={p}', '[ldap]\nbind_dn = cn=svc,dc=corp\nbind_pw = {p}']),
    ("xml-password-element", ['<datasource>\n  <user>{u}</user>\n  <password>{p}</password>\n</datasource>', '<add name="Db" connectionString="Server=db;User Id={u};Password={p};" />']),
    ("xml-attribute-secret", ['<credentials user="{u}" password="{p}"/>', '<auth apiKey="{r}" endpoint="https://api.example.net"/>']),
    ("hcl-password", ['resource "aws_db_instance" "main" {{\n  username = "{u}"\n  password = "{p}"\n}}', 'provider "grafana" {{\n  auth = "{r}"\n}}']),
    ("hcl-tfvars", ['db_password = "{p}"', 'datadog_api_key = "{r}"\nenvironment     = "prod"']),
    ("dotenv-password", ['DB_PASSWORD={p}', 'MAIL_PASSWORD="{p}"\nMAIL_FROM=noreply@example.com', "REDIS_PASSWORD='{p}'"]),
    ("dotenv-unlabeled-secretish", ['APP_SECRET={r}', 'SIGNING_SALT={r}']),
    ("java-properties", ['db.password={p}', 'mail.smtp.password = {p}', 'keystore.password:{p}']),
    ("shell-export-password", ['export DB_PASS="{p}"', 'export ADMIN_PASSWORD={p}', 'declare -x SMTP_PASSWORD="{p}"']),
    ("dockerfile-env-password", ['ENV POSTGRES_PASSWORD={p}', 'ENV MYSQL_ROOT_PASSWORD="{p}" \\\n    MYSQL_DATABASE=shop', 'ARG NPM_TOKEN={r}\nRUN echo "//registry.npmjs.org/:_authToken=${{NPM_TOKEN}}" > .npmrc']),
    ("compose-environment", ['services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: {p}', '    environment:\n      - MYSQL_ROOT_PASSWORD={p}\n      - MYSQL_DATABASE=wp']),
    ("k8s-secret-data-b64", ['apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\ntype: Opaque\ndata:\n  username: {ub}\n  password: {pb}', 'data:\n  DB_PASSWORD: {pb}']),
    ("k8s-secret-stringdata", ['kind: Secret\nstringData:\n  password: "{p}"', 'stringData:\n  api-key: {r}']),
    ("helm-values-secret", ['postgresql:\n  auth:\n    postgresPassword: {p}\n    database: app', 'redis:\n  auth:\n    enabled: true\n    password: "{p}"', '--set auth.rootPassword={p}']),
    ("helm-set-cli", ['helm upgrade --install api ./chart --set secrets.jwtSecret={r} --set image.tag=1.4.2', 'helm install mysql bitnami/mysql --set auth.rootPassword={p}']),
    ("github-actions-env", ['env:\n  API_TOKEN: {r}\n  NODE_ENV: test', '      - run: ./deploy.sh\n        env:\n          DEPLOY_PASSWORD: "{p}"']),
    ("gitlab-ci-variables", ['variables:\n  DB_PASSWORD: "{p}"\n  DOCKER_DRIVER: overlay2']),
    ("ansible-vars", ['mysql_root_password: "{p}"', 'vault_api_token: {r}']),
    ("nginx-auth-header", ['proxy_set_header Authorization "Basic {bb}";', 'proxy_set_header X-Api-Key {r};']),
    ("apache-conf-password", ['SetEnv DB_PASS "{p}"', 'AuthLDAPBindPassword "{p}"']),
    ("supervisor-env", ['[program:worker]\ncommand=python worker.py\nenvironment=API_KEY="{r}",ENV="prod"']),
    ("systemd-environment", ['[Service]\nEnvironment="DB_PASSWORD={p}"\nExecStart=/usr/bin/api', 'Environment=SECRET_KEY={r}']),
    ("php-array-config", ["'password' => '{p}',", "return ['api_secret' => \"{r}\", 'debug' => false];"]),
    ("python-code", ['DB_PASSWORD = "{p}"', 'client = Client(token="{r}")', 'conn = psycopg2.connect(host="{h}", user="{u}", password="{p}")', 'app.config["SECRET_KEY"] = "{r}"']),
    ("notebook-cell", ['# In[3]:\napi_key = "{r}"\ndf = fetch(api_key)', '{{"cell_type": "code", "source": ["openai.api_key = \\"{r}\\"\\n"], "outputs": []}}', 'In [7]: password = "{p}"\nIn [8]: engine = create_engine(f"postgresql://{u}:{{password}}@{h}/dw")']),
    ("js-ts-code", ["const apiKey = '{r}';", 'export const config = {{ secret: "{r}", region: "eu-west-1" }};', "const pool = new Pool({{ user: '{u}', password: '{p}', host: '{h}' }});"]),
    ("go-code", ['const apiSecret = "{r}"', 'cfg := Config{{Token: "{r}", Timeout: 5 * time.Second}}', 'password := "{p}"']),
    ("rust-code", ['let token = "{r}".to_string();', 'const API_KEY: &str = "{r}";', 'std::env::set_var("DB_PASSWORD", "{p}");']),
    ("java-code", ['private String password = "{p}";', 'ds.setPassword("{p}");', 'String apiKey = "{r}";']),
    ("csharp-code", ['private const string ApiKey = "{r}";', 'options.Password = "{p}";', 'var client = new SmtpClient("smtp.office365.com") {{ Credentials = new NetworkCredential("noreply@contoso.com", "{p}") }};']),
    ("ruby-code", ['config.api_key = "{r}"', "Stripe.api_key = ENV.fetch('STRIPE_KEY', '{r}')", "ActiveRecord::Base.establish_connection(adapter: 'postgresql', password: '{p}')"]),
    ("php-code", ['$password = "{p}";', "$client = new ApiClient('{r}');", '$_ENV["API_SECRET"] = "{r}";']),
    ("swift-code", ['let apiKey = "{r}"', 'static let clientSecret = "{r}"', 'request.setValue("Bearer {r}", forHTTPHeaderField: "Authorization")']),
    ("kotlin-code", ['const val API_KEY = "{r}"', 'buildConfigField("String", "API_SECRET", "\\"{r}\\"")', 'val password = "{p}"']),
    ("dart-flutter-code", ["const String apiKey = '{r}';", "final headers = {{'x-api-key': '{r}'}};"]),
    ("android-gradle-props", ['MAPS_API_KEY={r}', 'RELEASE_STORE_PASSWORD={p}\nRELEASE_KEY_ALIAS=upload']),
    ("ios-plist", ['<key>APIKey</key>\n<string>{r}</string>', '<key>ClientSecret</key>\n\t<string>{r}</string>']),
    ("xcconfig", ['API_SECRET = {r}', 'SENTRY_AUTH_TOKEN = {r}']),
    ("scala-code", ['val secret = "{r}"', 'password = "{p}"  // application.conf']),
    ("hocon-conf", ['db {{\n  password = "{p}"\n  user = {u}\n}}', 'akka.http.client.auth.token = "{r}"']),
    ("elixir-config", ['config :my_app, MyApp.Repo,\n  username: "{u}",\n  password: "{p}"', 'config :stripity_stripe, api_key: "{r}"']),
    ("perl-code", ['my $dbh = DBI->connect("dbi:Pg:dbname=app", "{u}", "{p}");', 'my $api_key = "{r}";']),
    ("lua-code", ['local token = "{r}"', 'redis:auth("{p}")']),
    ("r-code", ['Sys.setenv(OPENAI_API_KEY = "{r}")', 'con <- dbConnect(RPostgres::Postgres(), user = "{u}", password = "{p}")']),
    ("powershell-script-var", ['$ApiKey = "{r}"', '$Password = "{p}"']),
    ("sql-connection-in-code", ['cursor.execute("CREATE USER report WITH PASSWORD \'{p}\'")']),
    ("graphql-variables", ['{{"query": "mutation Login($u: String!, $p: String!) {{ login(u: $u, p: $p) }}", "variables": {{"u": "{u}", "p": "{p}"}}}}']),
    ("yaml-dump-output", ['$ kubectl get secret api -o yaml\napiVersion: v1\ndata:\n  token: {rb}\nkind: Secret', '$ helm get values api -n prod\nUSER-SUPPLIED VALUES:\nsecrets:\n  stripeKey: {r}']),
    ("json-dump-output", ['$ aws secretsmanager get-secret-value --secret-id prod/db --query SecretString --output text\n{{"username":"{u}","password":"{p}","engine":"postgres"}}', '$ vault kv get -format=json secret/api | jq .data.data\n{{\n  "api_key": "{r}"\n}}']),
    ("diff-added-secret", ['diff --git a/config/prod.yml b/config/prod.yml\n@@ -3,4 +3,4 @@ db:\n   host: {h}\n-  password: ${{DB_PASSWORD}}\n+  password: {p}', '--- a/.env.example\n+++ b/.env\n@@ -1,2 +1,2 @@\n-API_KEY=\n+API_KEY={r}']),
    ("diff-removed-secret", ['-    token: "{r}"\n+    token: ${{{{ secrets.API_TOKEN }}}}', '- password = "{p}"\n+ password = os.environ["DB_PASSWORD"]']),
]

for fmt, tmpls in _CFG:
    for tm in tmpls:
        p = pw8()
        r = pick([rmix(ALNUM, 40), rs(HEX, 32), rs(HEX, 64), rb64(32), rmix(ALNUM + "-_", 48), rmix(LALNUM, 24), rs(ALNUM, 20) + rs(DIG, 4)])
        u = user()
        vals = dict(p=p, r=r, u=u, h=pick(["db.internal", "10.0.3.17", "localhost", "db"]),
                    ub=b64(u), pb=b64(p), bb=b64(u + ":" + p), rb=b64(r))
        text = tm.format(**vals)
        for key in ("pb", "bb", "rb", "p", "r"):
            if "{" + key + "}" in tm:
                sec = vals[key]
                break
        add(G, fmt, text, sec, u if u in text else "")

# ---------------------------------------------------------------- prose notes, chat messages, many languages
G = "prose"

_PROSE = [
    ("prose-en-staging-password", ["the staging password is {p}", "Staging DB password: {p} (same as last sprint)", "FYI the admin pw for the new Grafana is {p}"]),
    ("prose-en-login-as", ["Logged in as {u} with {p} and the migration ran fine.", "You can ssh as {u} / {p} until IT sets up keys.", "creds for the vendor portal -> user {u}, pass {p}"]),
    ("prose-en-token-handoff", ["New deploy token: {r} - expires in 30 days", "Carol shared the webhook secret {r} in DM; added to vault tomorrow", "api key for sandbox is {r}, prod one is in 1Password"]),
    ("prose-en-decision", ["Decision: keep using the service account key {r} until the OIDC migration lands.", "We agreed to hardcode {r} for the demo only; remove before merge."]),
    ("prose-en-next-steps", ["Next: rotate {r} (leaked in the #deploys channel) and update the GH secret.", "TODO: replace password {p} in docker-compose.override.yml with a secret ref"]),
    ("prose-incident-response", ["IR-2291: attacker used leaked key {r} from the public gist between 02:10 and 02:45 UTC; key revoked.", "Timeline: 14:03 found credential {r} in CI logs of job #48812; 14:10 revoked.", "Compromised account svc_report, password was {p}. Forced reset, sessions killed."]),
    ("chat-message", ["[10:42] dave: try with {p} as the password\n[10:43] erin: worked, thx", "<alice> token is {r}\n<bob> got it", "@ops the root pw on bastion-2 is {p} pls rotate after the window"]),
    ("prose-de", ["Das Passwort für die Staging-DB ist {p}", "Zugangsdaten: Benutzer {u}, Kennwort {p}", "Der API-Schlüssel lautet {r}, bitte nicht weitergeben."]),
    ("prose-fr", ["Le mot de passe de la base de recette est {p}", "mdp admin : {p}", "La clé d'API de production est {r} (à régénérer)"]),
    ("prose-es", ["La contraseña del servidor es {p}", "El token de acceso es {r}, caduca el viernes.", "usuario {u} clave {p}"]),
    ("prose-pt", ["A senha do banco de homologação é {p}", "O token da API é {r}"]),
    ("prose-it", ["La password dell'utente {u} è {p}", "Chiave API: {r}"]),
    ("prose-nl", ["Het wachtwoord voor de testomgeving is {p}", "API-sleutel: {r}"]),
    ("prose-pl", ["Hasło do bazy to {p}", "Token dostępu: {r}"]),
    ("prose-ru", ["Пароль от базы на стейдже: {p}", "Токен доступа к API: {r}", "логин {u}, пароль {p}"]),
    ("prose-uk", ["Пароль адміністратора: {p}"]),
    ("prose-tr", ["Sunucu şifresi {p}", "API anahtarı: {r}"]),
    ("prose-ja", ["ステージングのパスワードは {p} です", "APIキー: {r}", "管理者アカウント {u} のパスワード：{p}"]),
    ("prose-zh", ["测试环境数据库密码是 {p}", "API 密钥：{r}", "账号 {u} 密码 {p}"]),
    ("prose-ko", ["스테이징 비밀번호는 {p} 입니다", "API 키: {r}"]),
    ("prose-ar", ["كلمة المرور لقاعدة البيانات هي {p}", "مفتاح API: {r}"]),
    ("prose-hi", ["सर्वर का पासवर्ड {p} है"]),
    ("prose-vi", ["Mật khẩu máy chủ là {p}", "Khóa API: {r}"]),
    ("prose-id", ["Kata sandi database staging adalah {p}"]),
    ("prose-sv-fi", ["Lösenordet till testmiljön är {p}", "Salasana on {p}"]),
    ("prose-he", ["הסיסמה לשרת היא {p}"]),
    ("prose-hunter2", ["my password is {h2}", "password: {h2}", "pw={h2}"]),
    ("prose-passphrase", ["the gpg passphrase is \"{pp}\"", "Wallet passphrase: {pp}", "disk encryption passphrase -> {pp}"]),
    ("prose-mixed-code", ["Tried `curl -u {u}:{p} $URL` and got 403, so the password must be wrong or expired.", "Root cause: `SECRET_KEY` defaulted to {r} in prod because the env var was unset."]),
    ("stack-trace-secret", ["psycopg2.OperationalError: connection to server at \"{h}\" (10.0.3.17), port 5432 failed: FATAL:  password authentication failed for user \"{u}\"\nDSN was: host={h} user={u} password={p} dbname=app", "Exception in thread \"main\" java.lang.IllegalStateException: Invalid token '{r}'\n\tat com.acme.auth.TokenValidator.validate(TokenValidator.java:88)", "  File \"/app/settings.py\", line 12, in <module>\n    STRIPE_KEY = get(\"{r}\")\nKeyError: 'STRIPE_KEY'"]),
    ("log-excerpt-secret", ["2024-05-30 12:01:44,120 ERROR [auth] login failed user={u} password={p} ip=10.0.0.4", "Jun 01 03:14:07 web-1 app[912]: {{\"level\":\"debug\",\"msg\":\"outgoing request\",\"headers\":{{\"authorization\":\"Bearer {r}\"}}}}", "I0601 10:00:01.000 client.go:112] using credentials token={r}"]),
]

for fmt, tmpls in _PROSE:
    for tm in tmpls:
        p = pw8()
        r = pick([rmix(ALNUM, 32), rs(HEX, 40), rmix(ALNUM + "-_", 44), "tok_" + rmix(ALNUM, 28), rb64(24)])
        u = user()
        h2 = pick(["hunter2", "hunter22", "letmein1", "password1", "qwerty123", "trustno1", "iloveyou", "monkey123"])
        pp = passphrase() if _R.random() < 0.5 else " ".join(pick(_WORDS) for _ in range(5))
        vals = dict(p=p, r=r, u=u, h=pick(["db.internal", "pg-1"]), h2=h2, pp=pp)
        text = tm.format(**vals)
        for key in ("h2", "pp", "p", "r"):
            if "{" + key + "}" in tm:
                sec = vals[key]
                break
        if len(sec) < 8:
            continue
        add(G, fmt, text, sec, u if u in text else "")

# ---------------------------------------------------------------- private keys and wallets
G = "private-key"


def _pem(label, nbytes, width=64):
    body = rb64(nbytes)
    lines = [body[i:i + width] for i in range(0, len(body), width)]
    return "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, "\n".join(lines), label)


_PEMS = [
    ("pem-rsa-private", "RSA PRIVATE KEY", 1190),
    ("pem-pkcs8-private", "PRIVATE KEY", 1216),
    ("pem-ec-private", "EC PRIVATE KEY", 121),
    ("pem-encrypted-private", "ENCRYPTED PRIVATE KEY", 1300),
    ("pem-dsa-private", "DSA PRIVATE KEY", 440),
    ("pgp-private-block", "PGP PRIVATE KEY BLOCK", 900),
]
for fmt, label, nb in _PEMS:
    for k in range(2):
        key = _pem(label, nb)
        t = pick(["%s", "$ cat deploy_key.pem\n%s", "key.pem:\n%s\n", "tls:\n  key: |\n    %s"]) % key
        if t.startswith("tls:"):
            key = key.replace("\n", "\n    ")
            t = "tls:\n  key: |\n    " + key
        add(G, fmt, t, key, "")
for k in range(3):
    body = b64(b"openssh-key-v1\x00" + rbytes(380))
    lines = "\n".join(body[i:i + 70] for i in range(0, len(body), 70))
    key = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + lines + "\n-----END OPENSSH PRIVATE KEY-----"
    add(G, "openssh-private-key", pick(["$ cat ~/.ssh/id_ed25519\n%s", "%s", "SSH_PRIVATE_KEY: |\n%s"]) % key, key)
for k in range(2):
    inner = rb64(900)
    key = "-----BEGIN RSA PRIVATE KEY-----\\n" + inner + "\\n-----END RSA PRIVATE KEY-----\\n"
    add(G, "pem-json-escaped", '{"type": "service_account", "project_id": "acme-ml", "private_key": "%s", "client_email": "trainer@acme-ml.iam.gserviceaccount.com"}' % key, key)
for k in range(2):
    pl = rb64(100)
    lines = "\n".join(pl[i:i + 64] for i in range(0, len(pl), 64))
    t = "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy@ci\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAI" + rs(B64, 43) + "\nPrivate-Lines: 1\n" + lines + "\nPrivate-MAC: " + rs(HEX, 64)
    add(G, "putty-ppk", t, pl[:64])
for k in range(3):
    key = rb64(32)
    t = pick(["[Interface]\nPrivateKey = %s\nAddress = 10.8.0.2/32\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = " + rb64(32) + "\nEndpoint = vpn.example.com:51820",
              "wg set wg0 private-key <(echo %s)",
              "PrivateKey=%s"]) % key
    add(G, "wireguard-private-key", t, key)
for k in range(2):
    key = rb64(32)
    add(G, "wireguard-preshared-key", "[Peer]\nPublicKey = %s\nPresharedKey = %s\nAllowedIPs = 0.0.0.0/0" % (rb64(32), key), key)
_BIP = ("abandon ability able about above absent absorb abstract absurd abuse access accident account accuse achieve acid "
        "acoustic acquire across act action actor actress actual adapt add addict address adjust admit adult advance "
        "advice aerobic affair afford afraid again age agent agree ahead aim air airport aisle alarm album alcohol "
        "alert alien all alley allow almost alone alpha already also alter always amateur amazing among amount").split()
for k in range(4):
    m = " ".join(pick(_BIP) for _ in range(pick([12, 12, 24, 18])))
    t = pick(["seed phrase: %s", "MNEMONIC=\"%s\"", "const wallet = ethers.Wallet.fromPhrase(\"%s\");", "recovery words (metamask test acct): %s"]) % m
    add(G, "wallet-mnemonic", t, m)
for k in range(3):
    key = "0x" + rs(HEX, 64)
    t = pick(["PRIVATE_KEY=%s", "const signer = new ethers.Wallet('%s', provider);", "deployer private key %s (hardhat localhost only)"]) % key
    add(G, "eth-private-key-hex", t, key)
for k in range(2):
    key = pick("5KL") + rs("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 50)
    add(G, "bitcoin-wif", pick(["importprivkey %s \"cold\" false", "WIF: %s"]) % key, key)
for k in range(2):
    key = "[" + ",".join(str(_R.randrange(256)) for _ in range(64)) + "]"
    add(G, "solana-keypair-json", "$ cat ~/.config/solana/id.json\n" + key, key)
for k in range(3):
    d = b64u_nopad(rbytes(32))
    t = pick(['{"kty":"EC","crv":"P-256","x":"%s","y":"%s","d":"%s"}' % (b64u_nopad(rbytes(32)), b64u_nopad(rbytes(32)), d),
              '{"keys":[{"kty":"OKP","crv":"Ed25519","x":"%s","d":"%s","kid":"sig-2024"}]}' % (b64u_nopad(rbytes(32)), d),
              'jwk:\n  kty: EC\n  crv: P-256\n  d: %s\n  x: %s' % (d, b64u_nopad(rbytes(32)))])
    add(G, "jwk-private-d", t, d)
for k in range(2):
    d = b64u_nopad(rbytes(256))
    add(G, "jwk-rsa-d", '{"kty":"RSA","n":"%s","e":"AQAB","d":"%s","p":"%s"}' % (b64u_nopad(rbytes(256)), d, b64u_nopad(rbytes(128))), d)
for k in range(2):
    key = "AGE" + "-SECRET-KEY-1" + rs("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)
    add(G, "age-identity-file", "# created: 2024-04-02T10:00:00Z\n# public key: age1" + rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58) + "\n" + key, key)
for k in range(2):
    key = rs(B64, 88)
    add(G, "tor-onion-secret", "== ed25519v1-secret: type0 ==\n" + key, key)
for k in range(2):
    key = rb64(64)
    add(G, "minisign-signify-secret", pick(["untrusted comment: signify secret key\n%s", "untrusted comment: minisign encrypted secret key\n%s"]) % key, key)
for k in range(2):
    key = rs(HEX, 64)
    add(G, "nostr-nsec-hex", pick(["NOSTR_PRIVKEY=%s", "nsec hex: %s"]) % key, key)
for k in range(2):
    key = rs(B64, 44)
    add(G, "ssh-host-ed25519-raw", "ssh_host_ed25519_key seed: " + key, key)

# ---------------------------------------------------------------- headers, cookies, encodings, line breaks, quoting
G = "header-cookie"

_HD = [
    ("authorization-basic", ["Authorization: Basic {bb}", "curl -H 'Authorization: Basic {bb}' https://api.corp/v1/ping", "headers: {{ 'Authorization': 'Basic {bb}' }}"]),
    ("authorization-token-scheme", ["Authorization: Token {r}", "Authorization: token {r}", "-H \"Authorization: Token token={r}\""]),
    ("authorization-custom-scheme", ["Authorization: SSWS {r}", "Authorization: Klaviyo-API-Key {r}", "Authorization: GenieKey {r}", "Authorization: Splunk {r}", "Authorization: DSN {r}"]),
    ("x-api-key-header", ["X-Api-Key: {r}", "curl -H \"x-api-key: {r}\" https://api.corp/v2/search?q=a", "'X-API-KEY': '{r}',"]),
    ("custom-token-header", ["PRIVATE-TOKEN: {r}", "X-Auth-Token: {r}", "X-Vault-Token: {r}", "X-Shopify-Access-Token: {r}", "apikey: {r}", "Ocp-Apim-Subscription-Key: {r}", "X-RapidAPI-Key: {r}", "X-Figma-Token: {r}"]),
    ("cookie-session", ["curl -b 'connect.sid=s%3A{r}.{s}' http://localhost:3000/api/me", "curl --cookie \"session={r}\" https://app.example.com/dashboard", "Cookie: sessionid={r}; csrftoken=" + "abc", "Set-Cookie: _app_session={r}; path=/; HttpOnly; Secure"]),
    ("cookie-jar-line", ["#HttpOnly_.example.com\tTRUE\t/\tTRUE\t1735689600\tsession_token\t{r}", "app.example.com\tFALSE\t/\tTRUE\t0\tremember_me\t{r}"]),
    ("cookie-js-document", ["document.cookie = \"auth_token={r}; path=/\";", "requests.get(url, cookies={{\"sessionid\": \"{r}\"}})"]),
    ("har-header-entry", ["{{\"name\": \"authorization\", \"value\": \"Bearer {r}\"}}", "{{\"name\": \"Cookie\", \"value\": \"laravel_session={r}\"}}"]),
    ("grpc-metadata", ["grpcurl -H 'authorization: Bearer {r}' api.internal:443 list", "metadata = [('x-api-key', '{r}')]"]),
    ("websocket-query-token", ["wss://realtime.example.com/socket?token={r}&vsn=2.0.0", "new WebSocket(`wss://stream.corp/ws?api_key={r}`)"]),
    ("proxy-authorization", ["Proxy-Authorization: Basic {bb}"]),
    ("http-response-token", ["HTTP/1.1 200 OK\nContent-Type: application/json\n\n{{\"access_token\":\"{r}\",\"token_type\":\"Bearer\",\"expires_in\":3600}}", "< x-amzn-requestid: 8f1c0a9e\n< set-cookie: refresh_token={r}; HttpOnly"]),
]

for fmt, tmpls in _HD:
    for tm in tmpls:
        p = shell_pw()
        u = user()
        r = pick([rmix(ALNUM, 40), rs(HEX, 32), rmix(ALNUM + "-_", 48), rmix(LALNUM, 26), rb64(30).rstrip("=")])
        vals = dict(r=r, bb=b64(u + ":" + p), s=rs(ALNUM, 43), p=p)
        text = tm.format(**vals)
        sec = vals["bb"] if "{bb}" in tm else r
        add(G, fmt, text, sec, "")

G = "split-or-encoded"
for k in range(4):
    tok = "gh" + "p_" + rs(ALNUM, 36)
    a, b = tok[:20], tok[20:]
    t = pick(["export GITHUB_TOKEN=%s\\\n%s" % (a, b), "token = (\"%s\"\n         \"%s\")" % (a, b), "GITHUB_TOKEN='%s'\n'%s'" % (a, b)])
    add(G, "token-split-across-lines", t, a if len(a) >= 8 else tok, "")
for k in range(3):
    p = pw8()
    q = urllib.parse.quote(p, safe="")
    add(G, "url-encoded-password-form", pick(["username=%s&password=%s&grant_type=password", "curl -d 'login=%s&passwd=%s' https://portal/login"]) % (user(), q), q)
for k in range(3):
    tok = rmix(ALNUM, 40)
    q = urllib.parse.quote("Bearer " + tok)
    add(G, "url-encoded-header-value", "?authorization=%s&redirect=%%2Fhome" % q, tok)
for k in range(3):
    p = pw8()
    e = b64('{"user":"%s","password":"%s"}' % (user(), p))
    add(G, "base64-json-credentials", pick(["CREDS_B64=%s", "echo %s | base64 -d", "data:\n  config.json: %s"]) % e, e)
for k in range(3):
    p = pw8()
    hx = p.encode().hex()
    add(G, "hex-encoded-password", pick(["password_hex=%s", "PASS=$(echo %s | xxd -r -p)"]) % hx, hx)
for k in range(3):
    p = pw8()
    esc = p.replace("\\", "\\\\").replace('"', '\\"')
    add(G, "json-escaped-in-string", '"{\\"db_password\\": \\"%s\\"}"' % esc, esc)
for k in range(3):
    tok = rmix(ALNUM, 36)
    add(G, "backtick-quoted", pick(["set `API_TOKEN` to `%s`", "run `./cli --key %s` first", "```\nAPI_KEY=%s\n```"]) % tok, tok)
for k in range(3):
    tok = rmix(ALNUM + "-_", 40)
    add(G, "smart-quoted", pick(["the token is “%s”", "Schlüssel: „%s“", "clé : « %s »", "トークン「%s」"]) % tok, tok)
for k in range(3):
    p = pw8()
    add(G, "yaml-folded-password", "password: >\n  %s\nhost: db" % p, p)
for k in range(3):
    p = shell_pw()
    add(G, "heredoc-secret", pick(["cat <<EOF > .env\nDB_PASSWORD=%s\nEOF", "kubectl apply -f - <<'YAML'\napiVersion: v1\nkind: Secret\nstringData:\n  password: %s\nYAML"]) % p, p)
for k in range(3):
    tok = rmix(ALNUM, 44)
    add(G, "secret-in-long-line", ("2024-06-01T11:22:33.456Z pid=1912 tid=7f3a INFO http.client POST /v1/charges status=200 duration_ms=184 "
                                   "request_id=req_" + rs(ALNUM, 14) + " api_key=" + tok + " user_agent=\"acme-sdk/3.4.1 python/3.11\" retry=0"), tok)
for k in range(3):
    tok = rmix(ALNUM, 32)
    add(G, "secret-with-trailing-punct", pick(["Use key=%s.", "(token: %s)", "password \"%s\";"]) % tok, tok)
for k in range(2):
    p = pw8()
    add(G, "powershell-here-string", "$body = @\"\n{ \"username\": \"svc\", \"password\": \"%s\" }\n\"@" % p, p)
for k in range(2):
    tok = rmix(ALNUM, 40)
    add(G, "terminal-ansi-colored", "\x1b[32mINFO\x1b[0m token=\x1b[1m%s\x1b[0m loaded" % tok, tok)
for k in range(2):
    tok = rmix(ALNUM, 40)
    add(G, "crlf-windows-line", "API_TOKEN=%s\r\nDEBUG=false\r\n" % tok, tok)

# ---------------------------------------------------------------- BENIGN look-alikes (no secret inside)
def _sha1():
    return rs(HEX, 40)


def _sha256():
    return rs(HEX, 64)


def _short():
    return rs(HEX, pick([7, 8, 9, 10, 12]))


def _sri(n=64):
    return pick(["sha512-", "sha384-", "sha256-", "sha1-"]) + rb64(n)


_PKGS = ["react", "lodash", "@babel/core", "express", "typescript", "zod", "@types/node", "vite", "next", "axios",
         "jsonwebtoken", "bcryptjs", "dotenv", "pg", "mongoose", "redis", "prisma", "tslib", "esbuild", "rollup"]
_PYPKG = ["requests", "numpy", "pandas", "django", "fastapi", "pydantic", "sqlalchemy", "boto3", "scikit-learn", "torch", "cryptography", "urllib3"]
_MSGS = ["fix token refresh race", "add password reset flow", "bump deps", "rotate secrets via vault agent",
         "remove hardcoded api key from tests", "feat(auth): support PKCE", "chore: update lockfile", "refactor session store",
         "docs: explain SECRET_KEY setup", "ci: cache pip", "Revert \"add debug logging\"", "wip", "hotfix: null check in checkout"]
_BEN = []


def B(n):
    def deco(fn):
        _BEN.append((fn, n))
        return fn
    return deco


@B(26)
def _b_git():
    s = _sha1()
    return pick([
        "commit %s\nAuthor: %s <%s@example.com>\nDate:   Mon Jun 3 10:12:44 2024 +0200\n\n    %s" % (s, pick(_NAMES).title(), pick(_NAMES), pick(_MSGS)),
        "$ git log --oneline -3\n%s %s\n%s %s\n%s %s" % (_short(), pick(_MSGS), _short(), pick(_MSGS), _short(), pick(_MSGS)),
        "HEAD is now at %s %s" % (_short(), pick(_MSGS)),
        "git cherry-pick %s" % s,
        "git revert --no-edit %s" % _short(),
        "$ git rev-parse HEAD\n%s" % s,
        "Merge: %s %s" % (_short(), _short()),
        " %s vendor/libsodium (1.0.19-%d-g%s)" % (s, _R.randrange(99), _short()),
        "git diff %s..%s -- src/auth/" % (_short(), _short()),
        "index %s..%s 100644" % (_short(), _short()),
        "Fixed in %s, deployed to staging as build #%d." % (_short(), _R.randrange(1000, 9999)),
        "git push origin +%s:refs/heads/release/2.4" % s,
        "  rev: %s  # pinned pre-commit hook" % s,
        "uses: actions/checkout@%s # v4.1.7" % s,
    ])


@B(32)
def _b_hashes():
    f = pick(["app-1.4.2.tar.gz", "node-v20.11.1-linux-x64.tar.xz", "model.safetensors", "dump.sql.gz", "installer.msi", "go1.22.4.linux-amd64.tar.gz"])
    return pick([
        "%s  %s" % (_sha256(), f),
        "$ sha256sum %s\n%s  %s" % (f, _sha256(), f),
        "sha256:%s" % _sha256(),
        "SHA256 (%s) = %s" % (f, _sha256()),
        "md5: %s" % rs(HEX, 32),
        "checksum=sha1:%s" % _sha1(),
        "ETag: \"%s\"" % rs(HEX, 32),
        "ETag: W/\"%s-%s\"" % (rs(HEX, 3), rs(ALNUM + "/+", 27)),
        "x-amz-checksum-sha256: %s" % rb64(32),
        "Content-MD5: %s" % rb64(16),
        "SHA512: %s" % rs(HEX, 128),
        "blake3 %s" % _sha256(),
        "expected hash %s, got %s — re-downloading" % (_sha256()[:16], _sha256()[:16]),
        "file hash (IOC): %s  dropper.exe" % _sha256(),
        "IOC sha1=%s md5=%s" % (_sha1(), rs(HEX, 32)),
        "  sha256 = \"%s\"  # Homebrew formula" % _sha256(),
        "--hash=sha256:%s" % _sha256(),
        "\"_fingerprint\": \"%s\"" % rs(HEX, 16),
        "dataset revision %s loaded from cache" % _sha1(),
        "model revision=\"%s\"" % _sha1(),
    ])


@B(30)
def _b_lock():
    p = pick(_PKGS)
    v = "%d.%d.%d" % (_R.randrange(20), _R.randrange(30), _R.randrange(20))
    return pick([
        "\"node_modules/%s\": {\n  \"version\": \"%s\",\n  \"resolved\": \"https://registry.npmjs.org/%s/-/%s-%s.tgz\",\n  \"integrity\": \"%s\"\n}" % (p, v, p, p.split("/")[-1], v, _sri()),
        "%s@^%s:\n  version \"%s\"\n  resolved \"https://registry.yarnpkg.com/%s/-/%s-%s.tgz#%s\"\n  integrity %s" % (p, v, v, p, p.split("/")[-1], v, _sha1(), _sri()),
        "  /%s@%s:\n    resolution: {integrity: %s}" % (p, v, _sri()),
        "github.com/%s/%s v%s h1:%s=" % (pick(_NAMES), pick(_WORDS), v, rs(B64, 43)),
        "github.com/%s/%s v%s/go.mod h1:%s=" % (pick(_NAMES), pick(_WORDS), v, rs(B64, 43)),
        "[[package]]\nname = \"%s\"\nversion = \"%s\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"%s\"" % (pick(_WORDS), v, _sha256()),
        "%s==%s \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s" % (pick(_PYPKG), v, _sha256(), _sha256()),
        "\"%s\": {\"hashes\": [\"sha256:%s\"], \"version\": \"==%s\"}" % (pick(_PYPKG), _sha256(), v),
        "\"narHash\": \"sha256-%s\",\n\"rev\": \"%s\"" % (rb64(32), _sha1()),
        "provider \"registry.terraform.io/hashicorp/aws\" {\n  version = \"%s\"\n  hashes = [\n    \"h1:%s\",\n    \"zh:%s\",\n  ]\n}" % (v, rb64(32), _sha256()),
        "\"dist\": {\"type\": \"zip\", \"shasum\": \"%s\"}" % _sha1(),
        "files = [{file = \"%s-%s-py3-none-any.whl\", hash = \"sha256:%s\"}]" % (pick(_PYPKG), v, _sha256()),
        "<script src=\"https://cdn.jsdelivr.net/npm/%s@%s/dist/index.min.js\" integrity=\"%s\" crossorigin=\"anonymous\"></script>" % (p, v, _sri(48)),
    ])


@B(24)
def _b_digest():
    img = pick(["ghcr.io/acme/api", "nginx", "postgres", "python", "gcr.io/distroless/static", "123456789012.dkr.ecr.eu-west-1.amazonaws.com/worker", "quay.io/prometheus/node-exporter"])
    d = _sha256()
    return pick([
        "image: %s@sha256:%s" % (img, d),
        "FROM %s:3.12-slim@sha256:%s" % (img, d),
        "Digest: sha256:%s\nStatus: Downloaded newer image for %s:latest" % (d, img),
        "imageID: docker-pullable://%s@sha256:%s" % (img, d),
        "latest: digest: sha256:%s size: 1573" % d,
        "%s: Pull complete" % rs(HEX, 12),
        " => => writing image sha256:%s  0.0s" % d,
        "docker inspect --format='{{.Id}}' api\nsha256:%s" % d,
        "/var/lib/docker/overlay2/%s/merged" % d,
        "containerd://%s" % d,
    ])


@B(40)
def _b_ids():
    u = uuid4()
    return pick([
        "X-Request-Id: %s" % u,
        "request_id=%s status=500 path=/api/v1/orders" % u,
        "traceparent: 00-%s-%s-01" % (rs(HEX, 32), rs(HEX, 16)),
        "X-Amzn-Trace-Id: Root=1-%s-%s" % (rs(HEX, 8), rs(HEX, 24)),
        "x-amz-request-id: %s\nx-amz-id-2: %s" % (rs(UALNUM, 16), rs(ALNUM + "+/", 76)),
        "trace_id=%s span_id=%s" % (rs(HEX, 32), rs(HEX, 16)),
        "Sentry event %s captured" % rs(HEX, 32),
        "correlationId: \"%s\"" % u,
        "uid: %s\nresourceVersion: \"%d\"" % (u, _R.randrange(10 ** 6, 10 ** 8)),
        "run_id: %s  # mlflow" % rs(HEX, 32),
        "wandb: Syncing run %s-%s-%d\nwandb: View run at https://wandb.ai/acme/churn/runs/%s" % (pick(_WORDS), pick(_WORDS), _R.randrange(99), rs(LALNUM, 8)),
        "ObjectId(\"%s\")" % rs(HEX, 24),
        "job id %s finished in 34.2s" % u,
        "Query ID: 01b%s-0000-%s-0000-%s" % (rs(HEX, 5), rs(HEX, 4), rs(HEX, 12)),
        "cluster_id: %04d-%06d-%s" % (_R.randrange(1, 1231), _R.randrange(10 ** 6), rs(LALNUM, 8)),
        "application_%d_%04d" % (_R.randrange(10 ** 12, 10 ** 13), _R.randrange(9999)),
        "pod/api-%s-%s   1/1   Running   0   3h" % (rs(LALNUM, 10), rs(LALNUM, 5)),
        "i-0%s  t3.large  running  subnet-0%s  sg-0%s" % (rs(HEX, 16), rs(HEX, 16), rs(HEX, 16)),
        "ami-0%s" % rs(HEX, 16),
        "/subscriptions/%s/resourceGroups/rg-prod/providers/Microsoft.Web/sites/api-prod" % u,
        "ULID %s" % ("01" + rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 24)),
        "Event ID 4625: An account failed to log on. Security ID: S-1-5-21-%d-%d-%d-1104" % (_R.randrange(10 ** 9), _R.randrange(10 ** 9), _R.randrange(10 ** 9)),
        "notebook cell id \"%s\"" % rs(HEX, 8),
        "customer cus_%s subscription sub_%s invoice in_%s" % (rs(ALNUM, 14), rs(ALNUM, 24), rs(ALNUM, 24)),
        "PaymentIntent pi_%s status=requires_action" % rs(ALNUM, 24),
        "Stripe request req_%s failed: card_declined" % rs(ALNUM, 14),
        "MessageSid SM%s delivered" % rs(HEX, 32),
        "Slack channel C0%s user U0%s ts 1717400000.%06d" % (rs(UALNUM, 8), rs(UALNUM, 8), _R.randrange(10 ** 6)),
        "Drive file https://drive.google.com/file/d/1%s/view?usp=sharing" % rs(ALNUM + "-_", 32),
        "https://colab.research.google.com/drive/1%s" % rs(ALNUM + "-_", 32),
        "https://www.youtube.com/watch?v=%s" % rs(ALNUM + "-_", 11),
        "short link https://acme.link/%s" % rs(ALNUM + "-_", 21),
        "s3://acme-uploads/%s/%s.jpg" % (u, rs(HEX, 16)),
        "tfstate lineage = \"%s\"  serial = %d" % (u, _R.randrange(400)),
    ])


@B(16)
def _b_b64plain():
    txt = pick(["hello world", "production", "admin", "application/json", "The quick brown fox jumps over the lazy dog",
                "{\"env\":\"staging\",\"region\":\"eu-west-1\"}", "user@example.com", "This is a test file.\n",
                "#!/bin/bash\necho starting\n", "Lorem ipsum dolor sit amet, consectetur adipiscing elit", "kind: ConfigMap",
                "{\"alg\":\"HS256\",\"typ\":\"JWT\"}", "feature_flags=dark_mode,new_checkout"])
    e = b64(txt)
    return pick([
        "$ echo -n '%s' | base64\n%s" % (txt.replace("\n", "\\n").replace("'", ""), e),
        "echo %s | base64 -d" % e,
        "apiVersion: v1\nkind: ConfigMap\nbinaryData:\n  motd: %s" % e,
        "Content-Transfer-Encoding: base64\n\n%s" % e,
        "decoded %s -> %r" % (e, txt),
        "data:text/plain;base64,%s" % e,
        "<img src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk%s\" />" % rs(ALNUM, 8),
        "x-goog-meta-filename: %s" % e,
    ])


@B(24)
def _b_versions():
    return pick([
        "v%d.%d.%d-rc.%d+build.%d" % (_R.randrange(5), _R.randrange(30), _R.randrange(10), _R.randrange(5), _R.randrange(10 ** 8)),
        "github.com/acme/sdk v0.0.0-2024%02d%02d%06d-%s" % (_R.randrange(1, 13), _R.randrange(1, 29), _R.randrange(10 ** 6), rs(HEX, 12)),
        "node:%d.%d.%d-alpine3.19" % (_R.randrange(16, 23), _R.randrange(20), _R.randrange(10)),
        "Version 1.%d.%d (Build 24F%d)" % (_R.randrange(30), _R.randrange(10), _R.randrange(10, 99)),
        "%s-%d.%d.%d-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl" % (pick(_PYPKG), _R.randrange(3), _R.randrange(30), _R.randrange(9)),
        "app version 3.%d.%d+g%s (dirty)" % (_R.randrange(20), _R.randrange(9), _short()),
        "Chrome/%d.0.%d.%d Safari/537.36" % (_R.randrange(100, 130), _R.randrange(5000, 7000), _R.randrange(200)),
        "versionCode %d\nversionName \"%d.%d.%d\"" % (_R.randrange(100, 9999), _R.randrange(5), _R.randrange(20), _R.randrange(20)),
        "kernel 6.%d.0-%d-generic #%d~22.04.1-Ubuntu" % (_R.randrange(10), _R.randrange(40), _R.randrange(100)),
        "CUDA 12.%d, cuDNN 8.9.%d, torch 2.%d.%d+cu121" % (_R.randrange(6), _R.randrange(8), _R.randrange(5), _R.randrange(3)),
        "openssl 3.0.%d %d Jun 2024 (Library: OpenSSL 3.0.%d)" % (_R.randrange(15), _R.randrange(1, 28), _R.randrange(15)),
    ])


@B(22)
def _b_paths():
    return pick([
        "/home/%s/.cache/pip/wheels/%s/%s/%s/%s" % (pick(_NAMES), rs(HEX, 2), rs(HEX, 2), rs(HEX, 2), rs(HEX, 56)),
        "~/.ssh/id_ed25519",
        "ssh -i ~/.ssh/deploy_key_prod ubuntu@10.0.1.%d" % _R.randrange(255),
        "/run/secrets/db_password",
        "C:\\Users\\%s\\AppData\\Roaming\\gcloud\\application_default_credentials.json" % pick(_NAMES),
        "node_modules/.cache/babel-loader/%s.json" % rs(HEX, 32),
        "~/.gradle/caches/modules-2/files-2.1/com.squareup.okhttp3/okhttp/4.12.0/%s/okhttp-4.12.0.jar" % _sha1(),
        "/var/folders/%s/%s/T/pytest-of-%s/pytest-%d/test_token_refresh0" % (rs(LALNUM, 2), rs(LALNUM, 30), pick(_NAMES), _R.randrange(100)),
        "secrets/prod/api-key.txt (gitignored)",
        "~/.aws/credentials",
        "/etc/ssl/private/star_acme_io.key",
        ".git/objects/%s/%s" % (rs(HEX, 2), rs(HEX, 38)),
        "~/Library/Developer/Xcode/DerivedData/App-%s/Build/Products" % rs(LOW, 28),
        "/tmp/tmp%s/checkpoint-%d/optimizer.pt" % (rs(LALNUM + "_", 8), _R.randrange(100, 5000)),
        "gs://acme-ml-artifacts/runs/%s/model/saved_model.pb" % rs(HEX, 32),
    ])


@B(22)
def _b_urls():
    return pick([
        "git@github.com:acme/%s.git" % pick(_WORDS),
        "https://github.com/acme/%s/pull/%d/files" % (pick(_WORDS), _R.randrange(5000)),
        "https://console.aws.amazon.com/secretsmanager/home?region=eu-west-1#!/secret?name=prod%%2Fdb",
        "https://api.example.com/v1/users?page=%d&per_page=50&sort=-created_at" % _R.randrange(50),
        "https://accounts.google.com/o/oauth2/v2/auth?client_id=%d-%s.apps.googleusercontent.com&redirect_uri=http%%3A%%2F%%2Flocalhost%%3A8080&response_type=code&scope=openid%%20email&state=%s" % (_R.randrange(10 ** 11, 10 ** 12), rs(LALNUM, 32), rs(ALNUM, 16)),
        "https://www.example.com/landing?utm_source=newsletter&utm_campaign=%s&gclid=%s" % (pick(_WORDS), rs(ALNUM + "_-", 40)),
        "ssh://git@gitlab.corp.example:2222/platform/infra.git",
        "https://%s@dev.azure.com/acme/Platform/_git/infra" % pick(["acme", "ops"]),
        "postgres://localhost:5432/app_test",
        "redis://redis:6379/0",
        "mongodb://mongo:27017/?replicaSet=rs0",
        "amqp://rabbitmq:5672/%2F",
        "https://grafana.corp/d/%s/api-latency?orgId=1&from=now-6h" % rs(ALNUM, 9),
        "http://localhost:8888/lab/tree/notebooks/eda.ipynb",
        "https://storage.googleapis.com/acme-public/reports/%s.pdf" % uuid4(),
        "\"nextPageToken\": \"%s\"" % rs(ALNUM + "_-", 56),
        "https://api.github.com/repos/acme/api/actions/runs?per_page=100&after=%s" % rs(ALNUM, 24),
    ])


@B(46)
def _b_placeholders():
    return pick([
        "export OPENAI_API_KEY=${OPENAI_API_KEY}",
        "API_KEY=<your-api-key>",
        "STRIPE_SECRET_KEY=" + "sk" + "_live_" + "x" * 24,
        "password: ********",
        "Authorization: Bearer <token>",
        "Authorization: Bearer $TOKEN",
        "curl -H \"Authorization: Bearer ${GITHUB_TOKEN}\" https://api.github.com/user",
        "DB_PASSWORD=changeme  # local docker only, overridden in prod",
        "password: \"{{ .Values.db.password }}\"",
        "token: ${{ secrets.DEPLOY_TOKEN }}",
        "password: !vault |",
        "api_key = os.environ[\"API_KEY\"]",
        "const token = process.env.SLACK_BOT_TOKEN;",
        "password = \"%(DB_PASSWORD)s\"",
        "AWS_SECRET_ACCESS_KEY=[MASKED]",
        "GITHUB_TOKEN: ***",
        "token=<REDACTED>",
        "client_secret: REPLACE_ME",
        "OPENAI_API_KEY=sk-...",
        "api_key: YOUR_API_KEY_HERE",
        "password: xxxxxxxxxxxx",
        "AKIA" + "XXXXXXXXXXXXXXXX",
        "aws_access_key_id = AKIA" + "IOSFODNN7" + "EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "EXAMPLEKEY",
        "password: {{ lookup('env', 'DB_PASSWORD') }}",
        "secretKeyRef:\n  name: db-credentials\n  key: password",
        "valueFrom:\n  secretKeyRef:\n    name: api-secrets\n    key: STRIPE_SECRET_KEY",
        "password: op://Engineering/prod-db/password",
        "DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DB",
        "mysql://<user>:<password>@localhost/db",
        "https://username:password@example.com (placeholder in docs)",
        "token = \"\"  # filled at runtime",
        "password: null",
        "\"password\": \"\"",
        "api_key: ~",
        "set -a; source .env; set +a",
        "SECRET_KEY = env(\"DJANGO_SECRET_KEY\")",
        "arn:aws:secretsmanager:eu-west-1:%d:secret:prod/db-%s" % (_R.randrange(10 ** 11, 10 ** 12), rs(ALNUM, 6)),
        "vault:secret/data/payments#stripe_key",
        "ref+awsssm://prod/api/token",
        "gcp:///projects/acme/secrets/db-password/versions/latest",
        "@Microsoft.KeyVault(SecretUri=https://kv-prod.vault.azure.net/secrets/DbPassword/)",
        "password=$(cat /run/secrets/db_password)",
        "<password>${env.NEXUS_PASSWORD}</password>",
        "//registry.npmjs.org/:_authToken=${NPM_TOKEN}",
        "_authToken=${NODE_AUTH_TOKEN}",
        "[pypi]\nusername = __token__\npassword = %(PYPI_TOKEN)s",
        "machine api.heroku.com login me@example.com password $HEROKU_API_KEY",
        "hunter2 is the classic example of a bad password",
        "example: ghp_" + "<36 characters>",
        "Token format: xoxb-<team>-<bot>-<secret> (see Slack docs)",
    ])


@B(16)
def _b_envnames():
    n = pick(["AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN", "STRIPE_SECRET_KEY", "DB_PASSWORD", "OPENAI_API_KEY", "JWT_SECRET", "SENTRY_AUTH_TOKEN", "HF_TOKEN"])
    return pick([
        "unset %s" % n,
        "env | grep -c %s" % n,
        "echo ${#%s}  # just the length" % n,
        "Required env vars: DATABASE_URL, REDIS_URL, %s, SESSION_SECRET" % n,
        "if [ -z \"$%s\" ]; then echo \"%s is not set\" >&2; exit 1; fi" % (n, n),
        "KeyError: '%s'" % n,
        "- name: %s\n  valueFrom:\n    secretKeyRef: {name: app, key: %s}" % (n, n.lower()),
        "printenv | cut -d= -f1 | grep -E 'TOKEN|SECRET|KEY'",
        "gh secret list\n%s\tUpdated 2024-05-30\nNPM_TOKEN\tUpdated 2024-04-11" % n,
        "Added %s to the repo secrets (value not shown)." % n,
        "assert \"%s\" in os.environ" % n,
    ])


@B(52)
def _b_fromvar():
    return pick([
        "echo \"$CR_PAT\" | docker login ghcr.io -u acme-bot --password-stdin",
        "aws ecr get-login-password --region eu-west-1 | docker login --username AWS --password-stdin 123456789012.dkr.ecr.eu-west-1.amazonaws.com",
        "openssl enc -aes-256-cbc -salt -in db.sql -out db.sql.enc -pass file:./backup.key",
        "openssl enc -d -aes-256-cbc -in db.sql.enc -out db.sql -pass env:BACKUP_PASS",
        "openssl pkcs12 -in bundle.p12 -nodes -passin fd:3 3<pass.txt",
        "openssl rsa -in key.pem -passin file:/run/secrets/keypass -out /dev/null",
        "some-cli deploy --token \"$TOKEN\"",
        "vercel deploy --prod --token=$VERCEL_TOKEN",
        "mysql --defaults-extra-file=~/.my.prod.cnf -e 'select 1'",
        "PGPASSFILE=~/.pgpass.prod psql -h db -U app",
        "kubectl create secret generic db --from-file=password=./secrets/db_password.txt",
        "gh auth login --with-token < ~/.config/gh/token.txt",
        "vault login -method=oidc role=dev",
        "read -s -p 'DB password: ' PGPASSWORD && export PGPASSWORD",
        "sshpass -f ~/.ssh/pw.txt ssh deploy@bastion",
        "sshpass -e ssh root@10.0.0.4",
        "restic -r s3:s3.amazonaws.com/bk --password-file /etc/restic/pass snapshots",
        "az login --identity",
        "gcloud auth activate-service-account --key-file=./sa-ci.json",
        "docker secret create db_pass ./db_pass.txt",
        "curl -H \"Authorization: Bearer $(gcloud auth print-access-token)\" https://run.googleapis.com/v2/projects/acme/locations/eu/services",
        "curl -u \"$JENKINS_USER:$JENKINS_TOKEN\" https://ci.corp/api/json",
        "mysql -u root -p\nEnter password:",
        "psql -W -U postgres -h localhost",
        "sqlcmd -S sql01 -U sa -P \"$env:SA_PASSWORD\"",
        "$cred = Get-Credential -UserName CORP\\svc_backup -Message 'backup account'",
        "$pw = Read-Host -AsSecureString 'Password'",
        "ansible-playbook site.yml --ask-become-pass --vault-password-file ~/.vault_pass.txt",
        "terraform apply -var-file=secrets.auto.tfvars",
        "helm upgrade api ./chart -f values.yaml -f secrets://secrets.prod.yaml",
        "docker run --env-file .env.prod api:latest",
        "docker build --secret id=npmrc,src=$HOME/.npmrc -t web .",
        "RUN --mount=type=secret,id=pip_conf pip install -r requirements.txt",
        "op run --env-file=.env.tpl -- npm start",
        "doppler run -- python manage.py migrate",
        "sops -d secrets.enc.yaml | kubectl apply -f -",
        "keytool -list -keystore app.jks -storepass:env STOREPASS",
        "apksigner sign --ks release.jks --ks-pass env:KS_PASS app.apk",
        "zip -e export.zip report.csv   # prompts for password",
        "gpg --batch --passphrase-file /run/secrets/gpg_pass -d backup.gpg",
        "redis-cli --askpass -h cache.internal",
        "mongosh \"$MONGO_URI\"",
        "rabbitmqctl add_user app \"$(cat /run/secrets/rabbit_pw)\"",
        "net use Z: \\\\nas\\backup /user:CORP\\svc_backup *",
        "cmdkey /list",
        "security find-generic-password -s api-prod -w > /dev/null && echo found",
        "echo \"::add-mask::$API_TOKEN\"",
        "npm config set //registry.npmjs.org/:_authToken \"$NPM_TOKEN\"",
        "git clone https://oauth2:${CI_JOB_TOKEN}@gitlab.com/acme/infra.git",
        "pip install --index-url https://__token__:${PYPI_TOKEN}@pypi.corp/simple pkg",
        "export DATABASE_URL=\"postgresql://app:${DB_PASSWORD}@db:5432/app\"",
        "PGPASSWORD=\"$(aws rds generate-db-auth-token --hostname db --port 5432 --username iam_user)\" psql -h db -U iam_user",
        "curl --netrc-file ~/.netrc.ci https://artifacts.corp/latest",
        "wget --password=\"$FTP_PASS\" ftp://mirror/file",
        "sqlplus /nolog @connect.sql",
    ])


@B(22)
def _b_pubkeys():
    return pick([
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@laptop" % (rs(B64, 43), pick(_NAMES)),
        "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ%s deploy@ci" % rs(B64, 300),
        "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB%s=" % rs(B64, 90),
        "github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s" % rs(B64, 43),
        "|1|%s=|%s= ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s" % (rs(B64, 27), rs(B64, 27), rs(B64, 43)),
        "-----BEGIN PUBLIC KEY-----\n%s\n%s\n-----END PUBLIC KEY-----" % (rs(B64, 64), rs(B64, 56)),
        "-----BEGIN CERTIFICATE-----\n%s\n%s\n%s\n-----END CERTIFICATE-----" % (rs(B64, 64), rs(B64, 64), rs(B64, 40)),
        "[Peer]\nPublicKey = %s\nEndpoint = vpn.example.com:51820\nAllowedIPs = 10.8.0.0/24" % rb64(32),
        "age recipient: age1%s" % rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
        "gpg: key %s: public key \"Release Signing <release@acme.io>\" imported" % rs(HEXU, 16),
        "Key fingerprint = %s" % " ".join(rs(HEXU, 4) for _ in range(10)),
        "{\"keys\":[{\"kty\":\"RSA\",\"kid\":\"%s\",\"use\":\"sig\",\"alg\":\"RS256\",\"n\":\"%s\",\"e\":\"AQAB\"}]}" % (rs(ALNUM, 20), b64u_nopad(rbytes(256))),
        "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"%s\",\"y\":\"%s\",\"use\":\"sig\"}" % (b64u_nopad(rbytes(32)), b64u_nopad(rbytes(32))),
        "SHA1: %s" % ":".join(rs(HEXU, 2) for _ in range(20)),
        "SHA256 fingerprint: %s" % ":".join(rs(HEXU, 2) for _ in range(32)),
        "The key fingerprint is:\nSHA256:%s %s@build" % (rs(B64, 43), pick(_NAMES)),
        "const stripe = Stripe('" + "pk" + "_live_" + rs(ALNUM, 99) + "');  // publishable key, safe in browser",
        "\"client_id\": \"%d-%s.apps.googleusercontent.com\"" % (_R.randrange(10 ** 11, 10 ** 12), rs(LALNUM, 32)),
        "mobilesdk_app_id: 1:%d:android:%s" % (_R.randrange(10 ** 11, 10 ** 12), rs(HEX, 16)),
        "npub1%s" % rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
        "wallet address 0x%s" % rs(HEX + "ABCDEF", 40),
        "tx hash 0x%s" % _sha256(),
    ])


@B(14)
def _b_encrypted():
    return pick([
        "$ANSIBLE_VAULT;1.1;AES256\n%s\n%s\n%s" % (rs(DIG + "abcdef", 80), rs(DIG + "abcdef", 80), rs(DIG + "abcdef", 40)),
        "password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (rs(B64, 24), rb64(32), rb64(16)),
        "sops:\n    kms:\n        - arn: arn:aws:kms:eu-west-1:%d:key/%s\n          created_at: \"2024-05-01T10:00:00Z\"\n          enc: %s" % (_R.randrange(10 ** 11, 10 ** 12), uuid4(), rb64(150)),
        "kind: SealedSecret\nspec:\n  encryptedData:\n    password: Ag%s" % rs(B64, 300),
        "\"encrypted_value\": \"AQICAHh%s\"" % rs(B64, 160),
    ])


@B(14)
def _b_identifiers():
    return pick([
        "AbstractSingletonProxyFactoryBean",
        "handleUserAuthenticationTokenRefreshCallback(ctx, next)",
        "func (s *Server) validatePasswordResetTokenExpiry(ctx context.Context) error {",
        "PASSWORD_RESET_TOKEN_EXPIRED = 'password_reset_token_expired'",
        "TOKEN_ENDPOINT_AUTH_METHOD_CLIENT_SECRET_BASIC",
        "class ApiKeyAuthenticationMiddlewareFactoryProvider:",
        "getSecretsManagerClientConfigurationBuilderOverride()",
        "optional string refresh_token_rotation_grace_period_seconds = 14;",
        "useGetCurrentUserAccessTokenWithAutoRefreshQuery",
        "test_login_fails_with_expired_session_cookie_and_invalid_csrf_token",
        "SECRET_ROTATION_SCHEDULE_CRON_EXPRESSION_DEFAULT",
        "kAuthorizationHeaderBearerTokenPrefixLength",
        "com.acme.platform.security.credentials.provider.VaultDynamicSecretCredentialsProvider",
        "const passwordStrengthValidatorMinimumEntropyBits = 60;",
    ])


@B(14)
def _b_css():
    return pick([
        "<div class=\"css-%s e%s\">" % (rs(LALNUM, 7), rs(LALNUM, 7)),
        "<button class=\"sc-%s %s\">Save</button>" % (rs(ALNUM, 6), rs(ALNUM, 6)),
        "className=\"Button_primary__%s Button_lg__%s\"" % (rs(ALNUM + "_", 5), rs(ALNUM + "_", 5)),
        ".jsx-%d{display:flex;gap:8px}" % _R.randrange(10 ** 9, 10 ** 10),
        "<span class=\"_%s_%s\">" % (rs(ALNUM, 5), rs(LALNUM, 5)),
        "main.%s.chunk.js  412 kB" % rs(HEX, 8),
        "static/js/vendor.%s.js" % rs(HEX, 20),
        "assets/index-%s.css" % rs(ALNUM + "_-", 8),
        "<path d=\"M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-1 15h2v-2h-2v2z\"/>",
        "color: #%s; background: #%s;" % (rs(HEX, 6), rs(HEX, 6)),
        "@font-face{font-family:Inter;src:url(/fonts/Inter-%s.woff2)}" % rs(ALNUM, 8),
    ])


@B(16)
def _b_cache():
    return pick([
        "Cache restored from key: node-cache-Linux-x64-npm-%s" % _sha256(),
        "Cache saved with key: pip-%s-%s" % (pick(["ubuntu-latest", "macos-14"]), _sha256()),
        "restore_cache: keys: v1-deps-%s" % rs(B64U, 43),
        "• Running build in 8 packages\nweb:build: cache hit, replaying logs %s" % rs(HEX, 16),
        "ccache hit: %s" % rs(HEX, 32),
        "bazel: action cache key %s" % _sha256(),
        "redis key: session:%s ttl=3600" % rs(HEX, 16),
        "cache_key = f\"user:{user_id}:profile:v3\"",
        "memoize key ratelimit:%s:%d" % (rs(HEX, 12), _R.randrange(10 ** 9)),
        "Using cached layer %s" % rs(HEX, 12),
        "gradle build cache hit for task :app:compileReleaseKotlin (%s)" % rs(HEX, 32),
        "turbo hash %s" % rs(HEX, 16),
        "nx: [remote cache] %s" % rs(HEX, 20),
    ])


@B(37)
def _b_prose():
    return pick([
        "Rotated the API key yesterday; the old one is revoked.",
        "The password must be at least 12 characters and include a digit.",
        "Token expired, re-ran `gh auth login` and it works again.",
        "Moved the DB password into AWS Secrets Manager; app reads it at boot.",
        "Stripe secret keys start with sk_live_ so the pre-commit hook blocks them.",
        "Do not paste tokens into Slack; use the vault link instead.",
        "Decision: use short-lived OIDC tokens for CI instead of long-lived access keys.",
        "Next step: ask security to rotate the leaked credential and audit CloudTrail for its use.",
        "The session cookie is HttpOnly and SameSite=Lax now.",
        "IR note: attacker tried password spraying against /login from 45.%d.%d.%d; no success." % (_R.randrange(256), _R.randrange(256), _R.randrange(256)),
        "Incident closed: the exposed key was a test-mode key with no permissions.",
        "JWT secret length increased to 64 bytes; all sessions invalidated.",
        "We hash passwords with argon2id (m=64MiB, t=3, p=4).",
        "Secrets scanning found 0 issues in the last push.",
        "Le mot de passe a été changé hier, l'ancien ne fonctionne plus.",
        "Das API-Token wurde rotiert und im Vault gespeichert.",
        "La contraseña ahora se lee desde una variable de entorno.",
        "パスワードは環境変数から読み込むように変更しました。",
        "密钥已经轮换，旧的已失效。",
        "Токен перевыпустили, старый отозван.",
        "A senha agora fica no cofre, não no repositório.",
        "Il token è scaduto, rigenerato dal pannello.",
        "Need a new PAT with repo scope for the release job; asked Dave.",
        "The keystore password is stored in the CI variables as KS_PASS.",
        "Login fails with 'invalid_grant' - probably clock skew on the refresh token.",
        "Remember: AWS access key ids start with AKIA, secrets are 40 chars.",
        "TODO: add the webhook signing secret check (HMAC-SHA256 of body).",
        "Users can now reset their password via email link valid for 30 minutes.",
        "Checked: no credentials in the notebook outputs before pushing.",
        "The api key header is X-Api-Key, value comes from settings.",
        "Fixed bug where password field was logged at DEBUG level (PR #%d)." % _R.randrange(1000, 9999),
        "chat: [09:12] erin: did you rotate the token?\n[09:13] dave: yes, new one is in 1Password",
        "Ran trufflehog on the repo; only hits were test fixtures with fake keys.",
        "OAuth flow: exchange the code for an access token, store the refresh token encrypted.",
        "MFA enforced for all admin accounts as of today.",
        "Password policy: min length 14, no reuse of last 5.",
        "Bearer tokens are validated against the JWKS endpoint every 10 minutes.",
        "The `secret` field in the form is just the label of a toggle.",
    ])


@B(30)
def _b_config_benign():
    return pick([
        "password_min_length: 12",
        "\"token_ttl\": 3600,",
        "api_key_header: X-Api-Key",
        "auth_method: oidc",
        "secret_name: prod/db",
        "session_cookie_secure = true",
        "PASSWORD_HASHERS = ['django.contrib.auth.hashers.Argon2PasswordHasher']",
        "jwt:\n  algorithm: RS256\n  issuer: https://auth.acme.io/\n  audience: api",
        "spring.security.oauth2.client.registration.google.scope=openid,email",
        "token_endpoint: https://auth.acme.io/oauth/token",
        "\"passwordPolicy\": {\"minLength\": 14, \"requireSymbols\": true}",
        "KEY_ROTATION_DAYS=90",
        "auth:\n  enabled: true\n  existingSecret: redis-auth",
        "postgresql:\n  auth:\n    existingSecret: pg-credentials\n    secretKeys:\n      adminPasswordKey: postgres-password",
        "aws_region = \"eu-west-1\"\naccount_id = \"%d\"" % _R.randrange(10 ** 11, 10 ** 12),
        "kms_key_id = \"arn:aws:kms:eu-west-1:%d:key/%s\"" % (_R.randrange(10 ** 11, 10 ** 12), uuid4()),
        "role_arn = arn:aws:iam::%d:role/ci-deployer" % _R.randrange(10 ** 11, 10 ** 12),
        "client_id = \"%s\"" % uuid4(),
        "tenant_id: %s" % uuid4(),
        "subscription_id = \"%s\"" % uuid4(),
        "GOOGLE_CLOUD_PROJECT=acme-ml-%d" % _R.randrange(100000, 999999),
        "bucket = \"acme-tfstate-%s\"" % rs(LALNUM, 8),
        "DEBUG=false\nLOG_LEVEL=info\nPORT=8080",
        "random_seed: %d\nlearning_rate: 3e-4\nbatch_size: 64" % _R.randrange(10 ** 6),
        "\"appId\": \"com.acme.mobile\",\n\"teamId\": \"%s\"" % rs(UALNUM, 10),
        "PRODUCT_BUNDLE_IDENTIFIER = com.acme.app.%s" % pick(_WORDS),
        "<key>CFBundleVersion</key>\n<string>%d</string>" % _R.randrange(100, 9999),
        "[tool.mypy]\nstrict = true",
        "resource \"random_password\" \"db\" {\n  length  = 32\n  special = true\n}",
        "password = random_password.db.result",
        "password: \"${DB_PASSWORD:?missing}\"",
        "GRANT SELECT ON ALL TABLES IN SCHEMA public TO report_ro;",
        "CREATE USER report_ro WITH PASSWORD :'ro_password';",
        "ALTER ROLE app VALID UNTIL 'infinity';",
    ])


@B(24)
def _b_shell():
    return pick([
        "$ kubectl get pods -n prod\nNAME                       READY   STATUS    RESTARTS   AGE\napi-%s-%s   1/1     Running   0          2d" % (rs(LALNUM, 10), rs(LALNUM, 5)),
        "$ terraform plan\nPlan: 3 to add, 1 to change, 0 to destroy.",
        "PLAY RECAP *********\nweb-1 : ok=12 changed=3 unreachable=0 failed=0",
        "$ docker ps\nCONTAINER ID   IMAGE        STATUS\n%s   api:1.4.2    Up 3 hours" % rs(HEX, 12),
        "$ aws sts get-caller-identity\n{\n    \"UserId\": \"AROA%s:ci\",\n    \"Account\": \"%d\",\n    \"Arn\": \"arn:aws:sts::%d:assumed-role/ci/ci\"\n}" % (rs(UALNUM, 17), 123456789012, 123456789012),
        "$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account acme-bot (keyring)\n  - Token: gho_************************************",
        "$ vault token lookup\nKey                 Value\n---                 -----\ndisplay_name        oidc-alice\npolicies            [default dev]\nttl                 767h59m",
        "$ npm whoami\nacme-bot",
        "$ pip download %s==2.31.0\nSaved ./%s-2.31.0-py3-none-any.whl\nSuccessfully downloaded" % (pick(_PYPKG), pick(_PYPKG)),
        "Traceback (most recent call last):\n  File \"/app/auth.py\", line 88, in refresh\n    token = self._fetch_token()\nrequests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://auth.acme.io/oauth/token",
        "Error: INSTALLATION FAILED: secrets \"db-credentials\" not found",
        "FATAL:  password authentication failed for user \"app\"",
        "ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)",
        "WARN  AWS credentials not found in env, falling back to instance profile",
        "java.lang.NullPointerException: Cannot invoke \"String.length()\" because \"apiKey\" is null\n\tat com.acme.Client.<init>(Client.java:42)",
        "E0601 10:02:11.123456 1 reflector.go:138] failed to list *v1.Secret: secrets is forbidden",
        "2024-06-01T10:00:00Z INFO token refreshed expires_in=3599 scope=\"read write\"",
        "[auth] login ok user=alice ip=10.0.0.4 mfa=true",
        "$ ssh-keygen -t ed25519 -C ci@acme\nYour identification has been saved in /home/ci/.ssh/id_ed25519\nYour public key has been saved in /home/ci/.ssh/id_ed25519.pub\nThe key fingerprint is:\nSHA256:%s ci@acme" % rs(B64, 43),
        "$ openssl rand -hex 32 > secret.key && chmod 600 secret.key",
        "$ python -c 'import secrets; print(len(secrets.token_urlsafe(32)))'\n43",
        "remote: Enumerating objects: 42, done.\nTo github.com:acme/api.git\n   %s..%s  main -> main" % (_short(), _short()),
        "pytest -k 'test_token and not slow' -x --maxfail=1",
        "Step 7/12 : RUN --mount=type=secret,id=npm npm ci\n ---> Using cache\n ---> %s" % rs(HEX, 12),
    ])


@B(14)
def _b_ds():
    return pick([
        "Epoch 3/10 - loss: 0.4123 - val_loss: 0.3987 - val_auc: 0.9132",
        "checkpoint-epoch=03-val_loss=0.3987.ckpt",
        "df.groupby('customer_id')['amount'].agg(['sum','mean']).sort_values('sum', ascending=False).head(20)",
        "Out[12]: array([0.12, 0.87, 0.33, 0.91], dtype=float32)",
        "model = AutoModel.from_pretrained(\"bert-base-uncased\", revision=\"%s\")" % _sha1(),
        "X_train.shape = (48213, 127), y_train.mean() = 0.1421",
        "hash(features) = %s" % rs(HEX, 16),
        "kaggle datasets download -d acme/churn-%s" % pick(_WORDS),
        "experiment_id=%d run_name=%s-%s" % (_R.randrange(10 ** 6), pick(_WORDS), pick(_WORDS)),
        "np.random.seed(%d); torch.manual_seed(%d)" % (_R.randrange(10 ** 4), _R.randrange(10 ** 4)),
        "feature hashing: n_features=2**20, alternate_sign=False",
        "embedding[0][:5] = [0.0123, -0.4412, 0.2981, 0.0007, -0.1195]",
    ])


@B(12)
def _b_regex():
    return pick([
        "AWS_KEY_RE = re.compile(r'AKIA[0-9A-Z]{16}')",
        "pattern: '(?i)(api[_-]?key|secret|token)\\s*[:=]\\s*[\\'\"]?[A-Za-z0-9_\\-]{16,}'",
        "const GH_TOKEN_RE = /gh[pousr]_[A-Za-z0-9]{36}/;",
        "rule: private-key\n  regex: '-----BEGIN [A-Z ]*PRIVATE KEY-----'",
        "entropy threshold 4.5 bits/char for base64 runs >= 20 chars",
        "[[rules]]\nid = \"slack-bot-token\"\nregex = '''xoxb-[0-9]{10,13}-[0-9]{10,13}[a-zA-Z0-9-]*'''",
        "allowlist:\n  paths:\n    - '''(.*?)(jpg|gif|doc|pdf|bin)$'''",
        "^[A-Za-z0-9+/]{40}$",
    ])


@B(22)
def _b_mobile():
    return pick([
        "<key>NSCameraUsageDescription</key>\n<string>Scan receipts</string>",
        "{\n  \"project_info\": {\"project_number\": \"%d\", \"project_id\": \"acme-%s\", \"storage_bucket\": \"acme-%s.appspot.com\"}\n}" % (_R.randrange(10 ** 11, 10 ** 12), pick(_WORDS), pick(_WORDS)),
        "implementation(\"com.squareup.retrofit2:retrofit:2.%d.0\")" % _R.randrange(12),
        "Provisioning profile \"match AppStore com.acme.app\" (%s)" % uuid4().upper(),
        "CodeSign /Users/ci/Library/Developer/Xcode/DerivedData/App-%s/Build/Products/Release-iphoneos/App.app" % rs(LOW, 28),
        "{\"aps\":{\"alert\":{\"title\":\"Order shipped\",\"body\":\"#%d is on its way\"},\"badge\":1},\"orderId\":\"%s\"}" % (_R.randrange(10 ** 5), uuid4()),
        "adb shell am start -n com.acme.app/.MainActivity -d \"acme://order/%s\"" % uuid4(),
        "expo publish --release-channel prod-v%d" % _R.randrange(50),
        "eas build --platform ios --profile production --non-interactive",
        "App Store Connect: build %d.%d.%d (%d) processed" % (_R.randrange(5), _R.randrange(20), _R.randrange(10), _R.randrange(100, 999)),
        "Crashlytics issue %s: NSInvalidArgumentException in CheckoutViewController" % rs(HEX, 32),
        "DEVELOPMENT_TEAM = %s" % rs(UALNUM, 10),
        "flutter build apk --release --split-per-abi --build-number=%d" % _R.randrange(1000),
        "pod 'Firebase/Analytics', '~> 10.%d'" % _R.randrange(30),
        "adb logcat | grep -i okhttp\nD/OkHttp: --> GET https://api.acme.io/v2/feed?cursor=%s" % rs(ALNUM, 20),
        "keyAlias=upload\nstoreFile=../keystores/upload.jks",
    ])


@B(26)
def _b_ir():
    ip = "%d.%d.%d.%d" % (_R.randrange(1, 223), _R.randrange(256), _R.randrange(256), _R.randrange(256))
    return pick([
        "IOC: %s (C2), domain %s-%s.top, sha256 %s" % (ip, pick(_WORDS), rs(LALNUM, 5), _sha256()),
        "rule Susp_Loader {\n  strings:\n    $a = { %s }\n    $s = \"%s\" ascii\n  condition: any of them\n}" % (" ".join(rs(HEXU, 2) for _ in range(12)), rs(ALNUM, 10)),
        "title: Suspicious PowerShell Download\nid: %s\nstatus: experimental\nlogsource:\n  product: windows" % uuid4(),
        "CVE-2024-%d affects libfoo < 2.3.%d; patched in deploy %s" % (_R.randrange(1000, 50000), _R.randrange(9), _short()),
        "%s - - [01/Jun/2024:10:02:11 +0000] \"POST /wp-login.php HTTP/1.1\" 401 512 \"-\" \"python-requests/2.31\"" % ip,
        "blocked %s at WAF, rule id 94%04d" % (ip, _R.randrange(10 ** 4)),
        "CloudTrail: ConsoleLogin failure for user analyst from %s eventID %s" % (ip, uuid4()),
        "Timeline 02:14 UTC: first anomalous API call (request id %s)" % uuid4(),
        "Suricata alert sid:%d rev:3 ET POLICY curl User-Agent Outbound" % _R.randrange(2000000, 2999999),
        "Process tree: explorer.exe -> powershell.exe -enc <base64 omitted> -> rundll32.exe",
        "memory dump hash md5 %s stored at evidence/case-%d/" % (rs(HEX, 32), _R.randrange(1000)),
        "Revoked sessions for 14 users; forced password reset; no secrets were exposed in logs.",
        "JA3 %s" % rs(HEX, 32),
        "Kerberos event 4769 ticket encryption type 0x17 for service MSSQLSvc/sql01.corp.local:1433",
        "yara -r rules/ /mnt/evidence | tee hits.txt",
        "Windows Defender detected Trojan:Win32/Wacatac.%s!ml" % rs(UPP, 1),
    ])


@B(22)
def _b_api_json():
    return pick([
        "{\"id\": \"evt_%s\", \"object\": \"event\", \"type\": \"invoice.paid\", \"livemode\": true}" % rs(ALNUM, 24),
        "{\"login\": \"octocat\", \"id\": %d, \"node_id\": \"MDQ6VXNlcj%s\", \"gravatar_id\": \"\"}" % (_R.randrange(10 ** 7), rs(ALNUM, 6)),
        "{\"data\": {\"viewer\": {\"id\": \"U_kgDO%s\"}}}" % rs(ALNUM, 6),
        "{\"ok\": true, \"channel\": \"C0%s\", \"ts\": \"1717400000.%06d\"}" % (rs(UALNUM, 8), _R.randrange(10 ** 6)),
        "{\"ResponseMetadata\": {\"RequestId\": \"%s\", \"HTTPStatusCode\": 200}}" % uuid4(),
        "{\"kid\": \"%s\", \"alg\": \"RS256\", \"typ\": \"JWT\"}" % rs(HEX, 40),
        "{\"error\": \"invalid_client\", \"error_description\": \"Client authentication failed\"}",
        "{\"status\": \"queued\", \"sid\": \"SM%s\", \"account_sid\": \"AC%s\"}" % (rs(HEX, 32), rs(HEX, 32)),
        "{\"cid\": \"bafybei%s\"}" % rs("abcdefghijklmnopqrstuvwxyz234567", 52),
        "ipfs://Qm%s" % rs("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 44),
        "magnet:?xt=urn:btih:%s&dn=ubuntu-24.04-desktop-amd64.iso" % _sha1(),
        "{\"release\": \"api@%s\", \"environment\": \"production\"}" % _sha1(),
        "{\"cursor\": {\"after\": \"%s\", \"has_more\": true}}" % rs(ALNUM, 24),
        "{\"expires_in\": 3600, \"token_type\": \"Bearer\", \"scope\": \"openid profile\"}",
    ])


@B(16)
def _b_diffs():
    return pick([
        "-API_KEY=sk-test-placeholder\n+API_KEY=${API_KEY}",
        "--- a/settings.py\n+++ b/settings.py\n-SECRET_KEY = 'dev'\n+SECRET_KEY = os.environ['SECRET_KEY']",
        "-  password: hardcoded\n+  password:\n+    valueFrom:\n+      secretKeyRef: {name: db, key: password}",
        "@@ -12,7 +12,7 @@ jobs:\n-          token: ${{ secrets.OLD_TOKEN }}\n+          token: ${{ secrets.NPM_TOKEN }}",
        "diff --git a/package-lock.json b/package-lock.json\n-      \"integrity\": \"%s\",\n+      \"integrity\": \"%s\"," % (_sri(), _sri()),
        "-    rev: %s\n+    rev: %s" % (_sha1(), _sha1()),
        "-FROM python:3.11-slim@sha256:%s\n+FROM python:3.12-slim@sha256:%s" % (_sha256(), _sha256()),
        "+ test('rejects expired token', async () => {\n+   await expect(verify(expiredToken)).rejects.toThrow('jwt expired');\n+ });",
        "-  \"version\": \"1.%d.0\",\n+  \"version\": \"1.%d.1\"," % (_R.randrange(20), _R.randrange(20)),
    ])


@B(20)
def _b_backend_logs():
    return pick([
        "%s INFO  [http] GET /api/v1/orders/%s 200 12ms" % ("2024-06-01T10:%02d:%02dZ" % (_R.randrange(60), _R.randrange(60)), uuid4()),
        "127.0.0.1 - - [01/Jun/2024:10:00:00] \"GET /static/app.%s.js HTTP/1.1\" 200" % rs(HEX, 8),
        "celery@worker-1 ready. task tasks.send_email[%s] succeeded in 0.41s" % uuid4(),
        "Sidekiq JID-%s INFO: done: 0.123 sec" % rs(HEX, 24),
        "django.request WARNING Not Found: /favicon.ico",
        "Started GET \"/users/%d\" for 10.0.0.4 at 2024-06-01 10:00:00 +0000" % _R.randrange(10 ** 5),
        "gunicorn[%d]: [INFO] Booting worker with pid: %d" % (_R.randrange(10 ** 4), _R.randrange(10 ** 4)),
        "prisma:query SELECT \"public\".\"User\".\"id\" FROM \"public\".\"User\" WHERE \"id\" = $1 LIMIT $2",
        "GraphQL operation %s hash %s" % (pick(["GetViewer", "ListOrders", "UpdateCart"]), _sha256()),
        "rate limited key=ip:10.0.0.%d window=60s count=101" % _R.randrange(255),
        "idempotency-key: %s" % uuid4(),
        "webhook delivery %s to https://hooks.acme.io/stripe responded 200" % uuid4(),
        "nginx: upstream timed out (110) while reading response header, request: \"POST /api/checkout\"",
    ])


def _gen_benign():
    seen = set()
    for fn, n in _BEN:
        tries = 0
        got = 0
        while got < n and tries < n * 6:
            tries += 1
            s = fn()
            if s in seen:
                continue
            seen.add(s)
            BENIGN.append(s)
            got += 1


_gen_benign()

# ---------------------------------------------------------------- balance: about 1,000 secrets over all groups
_BUDGET = {
    "vendor-token": 190, "unnamed-format": 395, "cli-argument": 115, "connection-string": 70,
    "credential-file": 95, "config-line": 60, "id-beside-secret": 65, "prose": 42,
    "private-key": 30, "header-cookie": 28, "split-or-encoded": 28,
}

# classes named in the issue: keep every generated variant
_KEEP_ALL = set("""pgpass-line pgpass-wildcard netrc-entry netrc-default netrc-heroku-token docker-config-auth
twilio-client-ctor twilio-prose twilio-curl-basic aws-js-credentials-ctor mailgun-key-prefixed mailgun-private-key
mailgun-domain-key doppler-service-token doppler-personal-token doppler-cli-token doppler-service-account doppler-scim
cookie-session powershell-convertto-securestring windows-net-user az-login-sp gh-actions-add-mask ci-log-leak
positional-password-tool openssl-pass-literal wallet-mnemonic wireguard-private-key""".split())


def _balance(rows):
    sel = random.Random(5150)
    by_group = {}
    for row in rows:
        by_group.setdefault(row[0], {}).setdefault(row[1], []).append(row)
    out = []
    for g in sorted(by_group):
        fmts = by_group[g]
        names = sorted(fmts)
        sel.shuffle(names)
        budget = _BUDGET.get(g, 50)
        taken = [r for nm in names if nm in _KEEP_ALL for r in fmts[nm]]
        names = [nm for nm in names if nm not in _KEEP_ALL]
        rnd = 0
        while len(taken) < budget:
            progressed = False
            for nm in names:
                if rnd < len(fmts[nm]) and len(taken) < budget:
                    taken.append(fmts[nm][rnd])
                    progressed = True
            if not progressed:
                break
            rnd += 1
        keep = set(id(r) for r in taken)
        out.extend(r for r in rows if r[0] == g and id(r) in keep)
    order = {id(r): i for i, r in enumerate(rows)}
    out.sort(key=lambda r: order[id(r)])
    return out


SECRETS[:] = _balance(SECRETS)


if __name__ == "__main__":
    import collections
    assert all(s in t for _, _, t, s, _ in SECRETS), "secret not in text"
    assert all(len(s) >= 8 for _, _, _, s, _ in SECRETS), "secret too short"
    print("secrets:", len(SECRETS))
    print("distinct formats:", len(set(f for _, f, _, _, _ in SECRETS)))
    print("per group:")
    for g, n in sorted(collections.Counter(g for g, _, _, _, _ in SECRETS).items(), key=lambda x: -x[1]):
        print("  %-20s %4d  (%d formats)" % (g, n, len(set(f for gg, f, _, _, _ in SECRETS if gg == g))))
    print("benign:", len(BENIGN), "distinct:", len(set(BENIGN)))
