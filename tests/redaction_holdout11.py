# -*- coding: utf-8 -*-
"""An eleventh hold-out corpus for secret redaction, written without reading the redaction
code, with a fifth of its texts a command and its output and a fifth code in languages
other than Python and JavaScript; it measured 0.950 recall and 1.4% false positives blind
(the rules before it measured 0.949), and is regression data now
(tests/test_redaction_holdouts.py holds its recall per group and its false positives).

Defines SECRETS (group, format, text, secret, visible) and BENIGN (list of str).
All secret values are synthetic, generated from a fixed-seed random.Random.
Standard library only; silent on import.
"""
import base64
import random
import string
import urllib.parse

R = random.Random(73019)

SECRETS = []
BENIGN = []

LOW = string.ascii_lowercase
UP = string.ascii_uppercase
DIG = string.digits
ALNUM = string.ascii_letters + string.digits
LOWNUM = LOW + DIG
UPNUM = UP + DIG
HEXL = "0123456789abcdef"
HEXU = "0123456789ABCDEF"
B64 = ALNUM + "+/"
B64U = ALNUM + "-_"
B32 = UP + "234567"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def J(*parts):
    return "".join(parts)


def rs(n, alphabet=ALNUM):
    return "".join(R.choice(alphabet) for _ in range(n))


def hx(n):
    return rs(n, HEXL)


def digits(n):
    return R.choice("123456789") + rs(n - 1, DIG)


def b64bytes(n, url=False, pad=True):
    raw = bytes(R.getrandbits(8) for _ in range(n))
    s = base64.urlsafe_b64encode(raw) if url else base64.b64encode(raw)
    s = s.decode()
    if not pad:
        s = s.rstrip("=")
    return s


def b64s(text):
    return base64.b64encode(text.encode()).decode()


def uuid4():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def pick(seq):
    return R.choice(seq)


def sub(tpl, **kw):
    out = tpl
    for k, v in kw.items():
        out = out.replace("<<" + k + ">>", v)
    return out


WORDS = ["summer", "winter", "falcon", "river", "copper", "maple", "orbit", "tiger",
         "harbor", "velvet", "cobalt", "meadow", "thunder", "pepper", "lantern", "quartz",
         "monkey", "dragon", "sunshine", "coffee", "banana", "rocket", "panther", "willow",
         "granite", "saturn", "biscuit", "marble", "cactus", "ember", "glacier", "hazel",
         "kaffee", "sommer", "soleil", "invierno", "gato", "fjord", "sakura", "zebra"]
SAFE_SYM = "!#%*-_=+.^~"
USERS = ["admin", "deploy", "svc_backup", "postgres", "root", "ci-bot", "app_rw", "etl_user",
         "jenkins", "grafana", "reporting", "mlops", "billing_svc", "dbadmin", "webapp",
         "ops", "sa_ingest", "api-gateway", "replicator", "analytics"]
HOSTS = ["db.internal.example.net", "10.20.4.17", "pg-prod-01.corp.local", "staging-db",
         "mysql.eu-west-1.rds.example.com", "cache-02.svc.cluster.local", "192.168.56.10",
         "warehouse.acme.internal", "mongo0.shard.example.org", "queue.prod.lan",
         "localhost", "db-replica.k8s.example.io"]


def pw_human(sym=SAFE_SYM):
    p = _pw_human(sym)
    while len(p) < 8:
        p += str(R.randint(0, 9))
    return p


def _pw_human(sym=SAFE_SYM):
    w = pick(WORDS)
    style = R.randint(0, 6)
    if style == 0:
        return w.capitalize() + str(R.randint(2015, 2026)) + pick(sym or "1")
    if style == 1:
        leet = w.replace("a", "@").replace("o", "0").replace("e", "3") if "@" in sym else w.replace("o", "0").replace("e", "3")
        return leet.capitalize() + str(R.randint(10, 999)) + (pick(sym) if sym else "")
    if style == 2:
        return pick(WORDS).capitalize() + (pick("-_.") if sym else "") + pick(WORDS).capitalize() + str(R.randint(1, 99))
    if style == 3:
        return pick(["Welcome", "Passw0rd", "Changeit", "Letmein", "Qwerty", "Company"]) + str(R.randint(1, 9999)) + (pick(sym) if sym else "")
    if style == 4:
        return w + w[::-1].upper()[:3] + str(R.randint(100, 999))
    if style == 5:
        return pick(["Spring", "Summer", "Autumn", "Winter", "Fall"]) + str(R.randint(2019, 2026)) + (pick(sym) if sym else "x")
    return pick(["hunter2", "trustno1", "iloveyou", "football", "baseball", "shadow1"]) + str(R.randint(10, 99))


def pw_random(n=None, sym=SAFE_SYM):
    n = n or R.randint(12, 28)
    alpha = ALNUM + sym
    while True:
        s = rs(n, alpha)
        if any(c.isdigit() for c in s) and any(c.isalpha() for c in s):
            return s


def pw_phrase(sep=None):
    sep = sep if sep is not None else pick(["-", ".", "_", " "])
    return sep.join(pick(WORDS) for _ in range(R.randint(3, 5)))


def password(sym=SAFE_SYM, spaces=False):
    k = R.randint(0, 9)
    if k < 4:
        p = pw_human(sym)
    elif k < 8:
        p = pw_random(sym=sym)
    else:
        p = pw_phrase(pick(["-", ".", "_"]) if not spaces else None)
    if len(p) < 8:
        p = p + str(R.randint(1000, 9999))
    return p


def add(group, fmt, text, secret, visible=""):
    if visible and visible not in text:
        low = text.lower().find(visible.lower())
        visible = text[low:low + len(visible)] if low >= 0 else ""
    SECRETS.append((group, fmt, text, secret, visible))


def ben(text):
    BENIGN.append(text)


# ---------------------------------------------------------------------------
# vendor tokens with known prefixes (prefixes assembled from parts)
# ---------------------------------------------------------------------------
VENDORS = [
    ("github-pat-classic", lambda: J("gh", "p_") + rs(36), "GITHUB_TOKEN"),
    ("github-oauth", lambda: J("gh", "o_") + rs(36), "GH_OAUTH_TOKEN"),
    ("github-app-installation", lambda: J("gh", "s_") + rs(36), "GITHUB_APP_TOKEN"),
    ("github-user-to-server", lambda: J("gh", "u_") + rs(36), "GH_USER_TOKEN"),
    ("github-refresh", lambda: J("gh", "r_") + rs(76), "GH_REFRESH_TOKEN"),
    ("github-fine-grained", lambda: J("github", "_pat_") + rs(22) + "_" + rs(59), "GH_PAT"),
    ("gitlab-pat", lambda: J("gl", "pat-") + rs(20, B64U), "GITLAB_TOKEN"),
    ("gitlab-runner", lambda: J("gl", "rt-") + rs(20, B64U), "RUNNER_TOKEN"),
    ("gitlab-deploy-token", lambda: J("gl", "dt-") + rs(20, B64U), "CI_DEPLOY_PASSWORD"),
    ("slack-bot", lambda: J("xo", "xb-") + digits(11) + "-" + digits(13) + "-" + rs(24), "SLACK_BOT_TOKEN"),
    ("slack-user", lambda: J("xo", "xp-") + digits(11) + "-" + digits(12) + "-" + digits(13) + "-" + hx(32), "SLACK_USER_TOKEN"),
    ("slack-app-level", lambda: J("xa", "pp-1-") + "A0" + rs(9, UPNUM) + "-" + digits(13) + "-" + hx(64), "SLACK_APP_TOKEN"),
    ("stripe-secret-live", lambda: J("sk", "_li", "ve_") + rs(R.choice([24, 99])), "STRIPE_SECRET_KEY"),
    ("stripe-restricted", lambda: J("rk", "_li", "ve_") + rs(99), "STRIPE_RESTRICTED_KEY"),
    ("stripe-webhook-secret", lambda: J("wh", "sec_") + rs(32), "STRIPE_WEBHOOK_SECRET"),
    ("google-api-key", lambda: J("AI", "za", "Sy") + rs(33, B64U), "GOOGLE_API_KEY"),
    ("google-oauth-client-secret", lambda: J("GOC", "SPX-") + rs(28, B64U), "GOOGLE_CLIENT_SECRET"),
    ("google-oauth-access", lambda: J("ya", "29.") + rs(150, B64U), "GOOGLE_ACCESS_TOKEN"),
    ("openai-project", lambda: J("sk", "-pro", "j-") + rs(156, B64U), "OPENAI_API_KEY"),
    ("openai-legacy", lambda: J("sk", "-") + rs(20) + "T3Blbk" + "FJ" + rs(20), "OPENAI_KEY"),
    ("anthropic-api", lambda: J("sk", "-ant-", "api03-") + rs(93, B64U) + "AA", "ANTHROPIC_API_KEY"),
    ("huggingface", lambda: J("h", "f_") + rs(34, string.ascii_letters), "HF_TOKEN"),
    ("npm-automation", lambda: J("np", "m_") + rs(36), "NPM_TOKEN"),
    ("pypi-upload", lambda: J("py", "pi-", "AgEIcHlwaS5vcmc") + rs(140, B64U), "TWINE_PASSWORD"),
    ("sendgrid", lambda: J("S", "G.") + rs(22, B64U) + "." + rs(43, B64U), "SENDGRID_API_KEY"),
    ("mailgun-key-prefixed", lambda: J("ke", "y-") + hx(32), "MAILGUN_API_KEY"),
    ("mailgun-private-new", lambda: hx(32) + "-" + hx(8) + "-" + hx(8), "MAILGUN_PRIVATE_KEY"),
    ("mailchimp", lambda: hx(32) + "-us" + str(R.randint(2, 21)), "MAILCHIMP_API_KEY"),
    ("shopify-admin", lambda: J("shp", "at_") + hx(32), "SHOPIFY_ACCESS_TOKEN"),
    ("shopify-shared-secret", lambda: J("shp", "ss_") + hx(32), "SHOPIFY_API_SECRET"),
    ("digitalocean-pat", lambda: J("do", "p_v1_") + hx(64), "DIGITALOCEAN_TOKEN"),
    ("doppler-service", lambda: J("dp", ".st.") + pick(["prd", "stg", "dev"]) + "." + rs(40), "DOPPLER_TOKEN"),
    ("doppler-personal", lambda: J("dp", ".pt.") + rs(43), "DOPPLER_TOKEN"),
    ("doppler-cli", lambda: J("dp", ".ct.") + rs(43), "DOPPLER_CLI_TOKEN"),
    ("doppler-service-account", lambda: J("dp", ".sa.") + rs(43), "DOPPLER_SA_TOKEN"),
    ("doppler-scim", lambda: J("dp", ".scim.") + rs(43), "DOPPLER_SCIM_TOKEN"),
    ("heroku-api", lambda: J("HR", "KU-") + "AA" + rs(58, B64U), "HEROKU_API_KEY"),
    ("databricks", lambda: J("da", "pi") + hx(32) + pick(["", "-2", "-3"]), "DATABRICKS_TOKEN"),
    ("atlassian-api", lambda: J("ATA", "TT3x") + rs(180, B64U) + "=" + hx(8).upper(), "JIRA_API_TOKEN"),
    ("linear-api", lambda: J("lin", "_api_") + rs(40), "LINEAR_API_KEY"),
    ("notion-integration", lambda: J("nt", "n_") + digits(11) + rs(35), "NOTION_TOKEN"),
    ("notion-legacy", lambda: J("sec", "ret_") + rs(43), "NOTION_API_KEY"),
    ("postman-api", lambda: J("PM", "AK-") + hx(24) + "-" + hx(34), "POSTMAN_API_KEY"),
    ("grafana-service-account", lambda: J("gl", "sa_") + rs(32) + "_" + hx(8), "GRAFANA_TOKEN"),
    ("grafana-cloud", lambda: J("gl", "c_") + b64bytes(90, pad=False), "GRAFANA_CLOUD_TOKEN"),
    ("newrelic-user", lambda: J("NR", "AK-") + rs(27, UPNUM), "NEW_RELIC_API_KEY"),
    ("newrelic-insert", lambda: J("NR", "II-") + rs(32, B64U), "NEW_RELIC_INSERT_KEY"),
    ("sentry-user-token", lambda: J("sntr", "yu_") + hx(64), "SENTRY_AUTH_TOKEN"),
    ("vault-service", lambda: J("hv", "s.") + rs(24) if R.random() < .5 else J("hv", "s.") + "CAES" + rs(90, B64U), "VAULT_TOKEN"),
    ("vault-batch", lambda: J("hv", "b.") + "AAAAAQ" + rs(130, B64U), "VAULT_TOKEN"),
    ("terraform-cloud", lambda: rs(14) + J(".atl", "asv1.") + rs(67), "TFE_TOKEN"),
    ("pulumi", lambda: J("pu", "l-") + hx(40), "PULUMI_ACCESS_TOKEN"),
    ("discord-bot", lambda: b64s(digits(18)).rstrip("=") + "." + rs(6, B64U) + "." + rs(38, B64U), "DISCORD_TOKEN"),
    ("telegram-bot", lambda: digits(10) + ":AA" + rs(33, B64U), "TELEGRAM_BOT_TOKEN"),
    ("dropbox-short-lived", lambda: J("s", "l.") + pick(["u.", ""]) + rs(135, B64U), "DROPBOX_TOKEN"),
    ("square-access", lambda: J("EA", "AA") + rs(60, B64U), "SQUARE_ACCESS_TOKEN"),
    ("square-oauth-secret", lambda: J("sq0", "csp-") + rs(43, B64U), "SQUARE_APP_SECRET"),
    ("planetscale-password", lambda: J("psc", "ale_pw_") + rs(43, B64U), "PLANETSCALE_PASSWORD"),
    ("planetscale-token", lambda: J("psc", "ale_tkn_") + rs(43, B64U), "PLANETSCALE_SERVICE_TOKEN"),
    ("supabase-pat", lambda: J("sb", "p_") + hx(40), "SUPABASE_ACCESS_TOKEN"),
    ("supabase-secret", lambda: J("sb", "_secret_") + rs(31, B64U), "SUPABASE_SECRET_KEY"),
    ("flyio", lambda: J("fo", "1_") + rs(43, B64U), "FLY_API_TOKEN"),
    ("netlify", lambda: J("nf", "p_") + rs(36), "NETLIFY_AUTH_TOKEN"),
    ("figma", lambda: J("fi", "gd_") + rs(40, B64U), "FIGMA_TOKEN"),
    ("airtable-pat", lambda: J("pa", "t") + rs(14) + "." + hx(64), "AIRTABLE_API_KEY"),
    ("okta-api", lambda: "00" + rs(40, B64U), "OKTA_API_TOKEN"),
    ("dockerhub-pat", lambda: J("dck", "r_pat_") + rs(27, B64U), "DOCKERHUB_TOKEN"),
    ("rubygems", lambda: J("ruby", "gems_") + hx(48), "GEM_HOST_API_KEY"),
    ("nuget", lambda: J("oy", "2") + rs(43, LOWNUM), "NUGET_API_KEY"),
    ("clojars", lambda: J("CLO", "JARS_") + hx(60), "CLOJARS_TOKEN"),
    ("contentful", lambda: J("CFP", "AT-") + rs(43, B64U), "CONTENTFUL_MANAGEMENT_TOKEN"),
    ("adafruit-io", lambda: J("ai", "o_") + rs(28), "ADAFRUIT_IO_KEY"),
    ("flutterwave", lambda: J("FLWSE", "CK-") + hx(32) + "-X", "FLW_SECRET_KEY"),
    ("prefect", lambda: J("pn", "u_") + rs(36), "PREFECT_API_KEY"),
    ("readme", lambda: J("rd", "me_") + rs(70, LOWNUM), "README_API_KEY"),
    ("sourcegraph", lambda: J("sg", "p_") + pick(["", "local_"]) + hx(40), "SRC_ACCESS_TOKEN"),
    ("buildkite", lambda: J("bk", "ua_") + hx(40), "BUILDKITE_API_TOKEN"),
    ("duffel", lambda: J("duf", "fel_live_") + rs(43, B64U), "DUFFEL_ACCESS_TOKEN"),
    ("easypost", lambda: J("EZ", "AK") + rs(54), "EASYPOST_API_KEY"),
    ("infracost", lambda: J("ic", "o-") + rs(32), "INFRACOST_API_KEY"),
    ("jfrog-api-key", lambda: J("AK", "Cp") + rs(69), "ARTIFACTORY_API_KEY"),
    ("mapbox-secret", lambda: J("sk", ".eyJ1Ijoi") + rs(40, B64U) + "." + rs(22, B64U), "MAPBOX_SECRET_TOKEN"),
    ("octopus", lambda: J("AP", "I-") + rs(26, UPNUM), "OCTOPUS_API_KEY"),
    ("replicate", lambda: J("r", "8_") + rs(37), "REPLICATE_API_TOKEN"),
    ("groq", lambda: J("gs", "k_") + rs(52), "GROQ_API_KEY"),
    ("perplexity", lambda: J("pp", "lx-") + rs(48), "PERPLEXITY_API_KEY"),
    ("xai", lambda: J("xa", "i-") + rs(80), "XAI_API_KEY"),
    ("resend", lambda: J("r", "e_") + rs(8) + "_" + rs(24), "RESEND_API_KEY"),
    ("openrouter", lambda: J("sk", "-or-v1-") + hx(64), "OPENROUTER_API_KEY"),
    ("pinecone", lambda: J("pc", "sk_") + rs(5) + "_" + rs(60), "PINECONE_API_KEY"),
    ("langsmith", lambda: J("lsv", "2_pt_") + hx(32) + "_" + hx(10), "LANGSMITH_API_KEY"),
    ("sonarqube-user", lambda: J("sq", "u_") + hx(40), "SONAR_TOKEN"),
    ("bitbucket-app-password", lambda: J("AT", "BB") + rs(32) + hx(8).upper(), "BITBUCKET_APP_PASSWORD"),
    ("circleci-pat", lambda: J("CCI", "PAT_") + rs(22) + "_" + hx(40), "CIRCLE_TOKEN"),
    ("dynatrace", lambda: J("dt0", "c01.") + rs(24, UPNUM) + "." + rs(64, UPNUM), "DT_API_TOKEN"),
    ("neon", lambda: J("na", "pi_") + rs(64, LOWNUM), "NEON_API_KEY"),
    ("render", lambda: J("rn", "d_") + rs(32), "RENDER_API_KEY"),
    ("tailscale-auth", lambda: J("tsk", "ey-auth-") + rs(17) + "CNTRL-" + rs(33), "TS_AUTHKEY"),
    ("typeform", lambda: J("tf", "p_") + rs(44) + "_" + rs(14), "TYPEFORM_TOKEN"),
    ("frameio", lambda: J("fio", "-u-") + rs(64, B64U), "FRAMEIO_TOKEN"),
    ("shippo-live", lambda: J("shippo", "_live_") + hx(40), "SHIPPO_API_KEY"),
    ("harness-pat", lambda: J("pa", "t.") + rs(22, B64U) + "." + hx(24) + "." + rs(20), "HARNESS_API_KEY"),
    ("honeycomb-ingest", lambda: J("hca", "ik_") + rs(58, LOWNUM), "HONEYCOMB_API_KEY"),
    ("yandex-iam", lambda: J("t1.", "9euel") + rs(160, B64U), "YC_IAM_TOKEN"),
    ("yandex-oauth", lambda: J("y0", "_AgAAAA") + rs(51, B64U), "YC_OAUTH_TOKEN"),
    ("twitch-oauth", lambda: J("oa", "uth:") + rs(30, LOWNUM), "TWITCH_OAUTH"),
    ("lob-live", lambda: J("li", "ve_") + hx(35), "LOB_API_KEY"),
    ("azure-storage-key", lambda: b64bytes(64), "AZURE_STORAGE_KEY"),
    ("heroku-legacy-uuid", lambda: uuid4(), "HEROKU_API_KEY"),
    ("snyk-uuid", lambda: uuid4(), "SNYK_TOKEN"),
    ("codecov-uuid", lambda: uuid4(), "CODECOV_TOKEN"),
    ("datadog-api", lambda: hx(32), "DD_API_KEY"),
    ("datadog-app", lambda: hx(40), "DD_APP_KEY"),
    ("wandb", lambda: hx(40), "WANDB_API_KEY"),
    ("cloudflare-api-token", lambda: rs(40, B64U), "CLOUDFLARE_API_TOKEN"),
    ("cloudflare-global-key", lambda: hx(37), "CF_API_KEY"),
    ("vercel", lambda: rs(24), "VERCEL_TOKEN"),
    ("mistral", lambda: rs(32), "MISTRAL_API_KEY"),
    ("cohere", lambda: rs(40), "CO_API_KEY"),
    ("deepseek", lambda: J("s", "k-") + hx(32), "DEEPSEEK_API_KEY"),
    ("pagerduty", lambda: J("u", "+") + rs(18, B64U), "PAGERDUTY_TOKEN"),
    ("upstash-redis", lambda: "AX" + rs(4) + "ASQgN" + rs(60, B64U) + "=", "UPSTASH_REDIS_REST_TOKEN"),
    ("intercom", lambda: J("dG9rOj", "") + b64bytes(42, pad=False) + "=", "INTERCOM_ACCESS_TOKEN"),
]


def vendor_context(env, tok, fmt):
    k = R.randint(0, 13)
    lower = env.lower()
    if k == 0:
        return "export %s=%s" % (env, tok)
    if k == 1:
        return '%s="%s"' % (env, tok)
    if k == 2:
        return '{\n  "%s": "%s",\n  "timeout": 30\n}' % (lower, tok)
    if k == 3:
        return "%s:\n  %s: %s\n  region: eu-west-1" % (fmt.split("-")[0], lower, tok)
    if k == 4:
        return 'os.environ["%s"] = "%s"' % (env, tok)
    if k == 5:
        return "$ %s=%s ./scripts/sync.sh --dry-run\nsync: 14 objects would be updated" % (env, tok)
    if k == 6:
        return "Set %s to %s in the CI settings before re-running the pipeline." % (env, tok)
    if k == 7:
        return "$env:%s = '%s'" % (env, tok)
    if k == 8:
        return "docker run --rm -e %s=%s ghcr.io/example/worker:1.8.2" % (env, tok)
    if k == 9:
        return "[default]\n%s = %s" % (lower, tok)
    if k == 10:
        return "  - name: %s\n    value: \"%s\"" % (env, tok)
    if k == 11:
        return "const %s = process.env.%s || '%s';" % (lower.replace("_", ""), env, tok)
    if k == 12:
        return "$ printenv | grep -i %s\n%s=%s" % (env.split("_")[0].lower(), env, tok)
    return "set -gx %s %s" % (env, tok)


for _fmt, _gen, _env in VENDORS:
    for _i in range(2 if R.random() < 0.2 else 1):
        _tok = _gen()
        add("vendor-token", _fmt, vendor_context(_env, _tok, _fmt), _tok, _env)


# ---------------------------------------------------------------------------
# invented internal / obscure token schemes (no rule table names these)
# ---------------------------------------------------------------------------
COMPANIES = ["quillon", "brightmoss", "tarnwell", "ovidia", "kestrelhq", "nimbusly", "zorvath",
             "plexar", "fernwick", "halcyte", "mirrorlake", "vantix", "corvid", "lumenary",
             "driftwood", "ostrava", "paloverde", "ironbark", "sablefin", "cinderly", "juniprr",
             "rookery", "tessaly", "umbrix", "wavecrest", "yarrowsoft", "zephyrine", "argentum",
             "bramblex", "calyxa", "dovetail", "emberline", "foxglove", "gantry", "heliograph",
             "inkwell", "jetsam", "kiln", "loamware", "marrowbyte", "nettlestack", "obsidio",
             "pinnacle9", "quasaric", "riverine", "saltmarsh", "thistle", "uplinkr", "verdigris",
             "wolfram", "xylo", "yonder", "zinnia", "acrux", "bolide", "cirrusops", "dunlin",
             "eskerdata", "fjordly", "gossamer", "hollowpine", "isobar", "jacaranda", "krakenpay",
             "lichen", "meridian7", "norrland", "outpost", "prairie", "quokka"]

SEPS = ["_", "-", ".", ":", "~", "|"]
BODIES = [
    ("alnum", lambda n: rs(n)),
    ("lowernum", lambda n: rs(n, LOWNUM)),
    ("hex", lambda n: hx(n)),
    ("HEX", lambda n: rs(n, HEXU)),
    ("b64url", lambda n: rs(n, B64U)),
    ("b32", lambda n: rs(n, B32)),
    ("b58", lambda n: rs(n, B58)),
    ("upnum", lambda n: rs(n, UPNUM)),
]


def make_scheme(company):
    short = company[:R.randint(2, 4)]
    style = R.randint(0, 9)
    sep = pick(SEPS)
    bname, bgen = pick(BODIES)
    n = R.randint(24, 64)
    env = pick(["live", "prod", "prd", "sbx", "test", "stg", "eu", "us1", "v2", "k3"])
    kind = pick(["sk", "pat", "svc", "tok", "api", "ak", "key", "at", "rt", "whk", "int", "dk"])

    def gen():
        b = bgen(n)
        if style == 0:
            return short + sep + kind + sep + env + sep + b
        if style == 1:
            return short.upper() + kind.upper() + sep + b
        if style == 2:
            return short + sep + b + sep + hx(6)
        if style == 3:
            return "%s%d%s%s" % (short.upper(), R.randint(1, 9), sep, b)
        if style == 4:
            return kind + sep + short + sep + b[:n // 2] + sep + b[n // 2:]
        if style == 5:
            return short + "." + env + "." + b64bytes(R.randint(20, 40), url=True, pad=False)
        if style == 6:
            return "%s%s%s" % (short, sep, b)
        if style == 7:
            return "v%d%s%s%s%s" % (R.randint(1, 4), sep, short, sep, b)
        if style == 8:
            return short.upper() + "-" + rs(4, UPNUM) + "-" + rs(4, UPNUM) + "-" + b
        return "%s_%s_%s" % (short, kind, b) + pick(["", "==", "_" + rs(4, DIG)])
    return gen, "%s-%s-%s" % (company, kind, bname)


CTX_INTERNAL = [
    lambda c, t: "%s_API_KEY=%s" % (c.upper(), t),
    lambda c, t: "export %s_TOKEN='%s'" % (c.upper(), t),
    lambda c, t: "client = %sClient(\"%s\", region=\"eu\")" % (c.capitalize(), t),
    lambda c, t: "curl -s https://api.%s.io/v2/projects -H \"X-%s-Key: %s\"" % (c, c.capitalize(), t),
    lambda c, t: "$ %s login --with-token %s\nLogged in to %s.io as ops@example.com (org: platform)" % (c, t, c),
    lambda c, t: "%s:\n  endpoint: https://%s.internal\n  credentials: %s" % (c, c, t),
    lambda c, t: "GET /v1/export?access_key=%s&format=csv HTTP/1.1\nHost: %s.example.com" % (t, c),
    lambda c, t: "Notes: the %s service token is %s, expires end of quarter." % (c, t),
    lambda c, t: '{"provider": "%s", "secret": "%s"}' % (c, t),
    lambda c, t: "Authorization: %s %s" % (pick(["Bearer", "Token", c.capitalize()]), t),
    lambda c, t: "$ %s config show\nendpoint  https://%s.cloud/api\norg       platform-eng\napi_key   %s\nregion    ap-south-1" % (c, c, t),
    lambda c, t: "%s.configure(api_key: \"%s\")" % (c.capitalize(), t),
    lambda c, t: "[%s]\nurl = https://%s.local\ntoken = %s" % (c, c, t),
    lambda c, t: "new %sClient({ key: '%s' })" % (c.capitalize(), t),
    lambda c, t: "$ kubectl create secret generic %s-creds --from-literal=key=%s\nsecret/%s-creds created" % (c, t, c),
    lambda c, t: "$ %s whoami --verbose\nuser: deploy-bot\nscopes: read,write,admin\nsession: %s\nexpires: 2025-11-30T00:00:00Z" % (c, t),
    lambda c, t: "webhook signing secret for %s: %s" % (c, t),
    lambda c, t: "%s_CLIENT_SECRET: %s" % (c.upper(), t),
]

for _c in COMPANIES:
    _gen, _fmt = make_scheme(_c)
    for _i in range(R.choice([1, 1, 2])):
        _t = _gen()
        add("internal-token", _fmt, pick(CTX_INTERNAL)(_c, _t), _t, _c)


# ---------------------------------------------------------------------------
# credential files pasted or echoed
# ---------------------------------------------------------------------------
def cf(fmt, text, secret, visible=""):
    add("credential-file", fmt, text, secret, visible)


for _i in range(4):
    _u, _p = pick(USERS), password(sym="!#%*-_=+.^~@")
    _h = pick(HOSTS)
    _v = R.randint(0, 3)
    if _v == 0:
        cf("pgpass-line", "%s:5432:appdb:%s:%s" % (_h, _u, _p), _p, _u)
    elif _v == 1:
        cf("pgpass-wildcard", "*:*:*:%s:%s" % (_u, _p), _p, _u)
    elif _v == 2:
        cf("pgpass-cat", "$ cat ~/.pgpass\n# prod\n%s:5432:*:%s:%s\nlocalhost:5433:test:test:test" % (_h, _u, _p), _p, _u)
    else:
        cf("pgpass-echo", "echo '%s:6432:billing:%s:%s' >> ~/.pgpass && chmod 600 ~/.pgpass" % (_h, _u, _p), _p, _u)
for _i in range(5):
    _u, _p = pick(USERS), password(sym="!#%*-_=+.^~@")
    _m = pick(["api.heroku.com", "git.example.com", "ftp.acme.org", "registry.internal", "uploads.example.net"])
    _v = _i % 5
    if _v == 0:
        cf("netrc-one-line", "machine %s login %s password %s" % (_m, _u, _p), _p, _u)
    elif _v == 1:
        cf("netrc-multi-line", "machine %s\n  login %s\n  password %s\n" % (_m, _u, _p), _p, _u)
    elif _v == 2:
        cf("netrc-default", "default login %s password %s" % (_u, _p), _p, _u)
    elif _v == 3:
        cf("netrc-cat", "$ cat ~/.netrc\nmachine github.com login x-oauth-basic password %s\nmachine %s login %s password hidden-in-vault" % (_p, _m, _u), _p, "x-oauth-basic")
    else:
        cf("netrc-account", "machine %s login %s password %s account ops macdef init" % (_m, _u, _p), _p, _u)
for _i in range(4):
    _u, _p = pick(USERS), password()
    _a = b64s("%s:%s" % (_u, _p))
    _reg = pick(["https://index.docker.io/v1/", "ghcr.io", "registry.gitlab.com", "harbor.corp.local:8443", "123456789012.dkr.ecr.eu-west-1.amazonaws.com"])
    if _i % 2 == 0:
        cf("docker-config-auth", '{\n\t"auths": {\n\t\t"%s": {\n\t\t\t"auth": "%s"\n\t\t}\n\t}\n}' % (_reg, _a), _a, _reg)
    else:
        cf("docker-config-cat", '$ cat ~/.docker/config.json\n{"auths":{"%s":{"auth":"%s","email":"ops@example.com"}},"credsStore":""}' % (_reg, _a), _a, _reg)
_np = J("np", "m_") + rs(36)
cf("npmrc-authtoken", "//registry.npmjs.org/:_authToken=%s" % _np, _np, "_authToken")
_np = uuid4()
cf("npmrc-authtoken-uuid", "registry=https://npm.corp.example/\n//npm.corp.example/:_authToken=%s\nalways-auth=true" % _np, _np, "_authToken")
_p = password()
_pb = b64s(_p)
cf("npmrc-password-b64", "//nexus.example.com/repository/npm/:username=ci\n//nexus.example.com/repository/npm/:_password=%s\n//nexus.example.com/repository/npm/:email=ci@example.com" % _pb, _pb, "ci")
_a = b64s("ci:" + password())
cf("npmrc-auth", "_auth=%s\nemail=ci@example.com" % _a, _a, "_auth")
_t = J("pyp", "i-AgEIcHlwaS5vcmc") + rs(120, B64U)
cf("pypirc-token", "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = %s" % _t, _t, "__token__")
_p = password()
cf("pypirc-password", "[internal]\nrepository = https://pypi.corp.example/simple\nusername = release-bot\npassword = %s" % _p, _p, "release-bot")
for _i in range(3):
    _u = pick(USERS)
    _t = pick([J("gh", "p_") + rs(36), password(sym="!*-_.~"), J("gl", "pat-") + rs(20, B64U)])
    _te = urllib.parse.quote(_t, safe="")
    cf("git-credentials", "$ cat ~/.git-credentials\nhttps://%s:%s@%s" % (_u, _te, pick(["github.com", "gitlab.example.com", "bitbucket.org"])), _te, _u)
_t = "eyJhbGciOiJSUzI1NiIsImtpZCI6I" + rs(40, B64U) + "." + rs(300, B64U) + "." + rs(342, B64U)
cf("kubeconfig-token", "users:\n- name: ci-deployer\n  user:\n    token: %s" % _t, _t, "ci-deployer")
_k = b64s("-----BEGIN RSA PRIVATE KEY-----\n" + b64bytes(180) + "\n-----END RSA PRIVATE KEY-----\n")
cf("kubeconfig-client-key-data", "users:\n- name: kubernetes-admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM=\n    client-key-data: %s" % _k, _k, "kubernetes-admin")
_p = password()
cf("kubeconfig-basic-auth", "users:\n- name: legacy\n  user:\n    username: admin\n    password: %s" % _p, _p, "admin")
for _i in range(3):
    _id = J("AK", "IA") + rs(16, UPNUM)
    _sk = rs(40, B64[:-2] + "/+")
    if _i == 0:
        cf("aws-credentials-file", "[default]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = us-east-1" % (_id, _sk), _sk, _id)
    elif _i == 1:
        _st = "IQoJb3JpZ2luX2VjE" + rs(300, B64)
        cf("aws-credentials-session", "$ cat ~/.aws/credentials\n[prod-admin]\naws_access_key_id=%s\naws_secret_access_key=%s\naws_session_token=%s" % (J("AS", "IA") + rs(16, UPNUM), _sk, _st), _st, "prod-admin")
    else:
        cf("aws-config-profile", "[profile ci]\nregion = eu-central-1\naws_access_key_id = %s\naws_secret_access_key = %s\noutput = json" % (_id, _sk), _sk, "ci")
_sk = rs(40, B64)
cf("rclone-conf-s3", "[wasabi]\ntype = s3\nprovider = Wasabi\naccess_key_id = %s\nsecret_access_key = %s\nendpoint = s3.wasabisys.com" % (rs(20, UPNUM), _sk), _sk, "wasabi")
_ob = rs(46, B64U)
cf("rclone-conf-obscured-pass", "[nas]\ntype = sftp\nhost = 10.0.0.5\nuser = backup\npass = %s" % _ob, _ob, "backup")
_rt = "1//0" + rs(100, B64U)
cf("rclone-conf-token", '[gdrive]\ntype = drive\nscope = drive\ntoken = {"access_token":"ya29.a0' + rs(20, B64U) + '","token_type":"Bearer","refresh_token":"' + _rt + '","expiry":"2025-03-01T10:00:00Z"}', _rt, "gdrive")
_sk = rs(40, B64)
cf("s3cfg", "[default]\naccess_key = %s\nsecret_key = %s\nhost_base = s3.amazonaws.com\nuse_https = True" % (J("AK", "IA") + rs(16, UPNUM), _sk), _sk, "access_key")
_pw = password(sym="")
cf("s3cfg-gpg-passphrase", "[default]\ngpg_command = /usr/bin/gpg\ngpg_passphrase = %s\nencrypt = False" % _pw, _pw, "gpg_passphrase")
_h = "$apr1$" + rs(8, ALNUM + "./") + "$" + rs(22, ALNUM + "./")
cf("htpasswd-apr1", "admin:%s" % _h, _h, "admin")
_h = "$2y$10$" + rs(53, ALNUM + "./")
cf("htpasswd-bcrypt", "$ cat /etc/nginx/.htpasswd\nmetrics:%s" % _h, _h, "metrics")
_p = password(sym="!#%*-_=+.^~@")
cf("wp-config-db-password", "define( 'DB_NAME', 'wordpress' );\ndefine( 'DB_USER', 'wp_admin' );\ndefine( 'DB_PASSWORD', '%s' );\ndefine( 'DB_HOST', 'localhost' );" % _p, _p, "wp_admin")
_k = rs(64, ALNUM + "!#%*-_=+.^~@[]()<>;:,")
cf("wp-config-auth-key", "define('AUTH_KEY',         '%s');" % _k, _k, "AUTH_KEY")
_k = "django-insecure-" + rs(50, LOWNUM + "!@#%^&*(-_=+)") if R.random() < 0.5 else rs(50, LOWNUM + "!@#%^&*(-_=+)")
cf("django-settings-secret-key", "SECRET_KEY = '%s'\nDEBUG = False" % _k, _k, "SECRET_KEY")
_p = password()
cf("django-settings-databases", "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'shop',\n        'USER': 'shop',\n        'PASSWORD': '%s',\n        'HOST': 'db',\n    }\n}" % _p, _p, "shop")
_p = password(sym="!#%*-_+.^~@")
cf("appsettings-connectionstring", '{\n  "ConnectionStrings": {\n    "Default": "Server=sql01;Database=Orders;User Id=orders_app;Password=%s;TrustServerCertificate=True"\n  },\n  "Logging": { "LogLevel": { "Default": "Warning" } }\n}' % _p, _p, "orders_app")
_k = b64bytes(32)
cf("appsettings-jwt-key", '"Jwt": {\n    "Issuer": "https://auth.example.com",\n    "SigningKey": "%s"\n}' % _k, _k, "SigningKey")
_p = password()
cf("application-properties-datasource", "spring.datasource.url=jdbc:postgresql://db:5432/app\nspring.datasource.username=app\nspring.datasource.password=%s" % _p, _p, "app")
_p = password()
cf("application-yml-mail", "spring:\n  mail:\n    host: smtp.example.com\n    username: noreply@example.com\n    password: %s" % _p, _p, "noreply@example.com")
_p = password()
cf("my-cnf", "[client]\nuser=root\npassword=\"%s\"\nhost=127.0.0.1" % _p, _p, "root")
_p = password()
cf("pg-service-conf", "[reporting]\nhost=%s\nport=5432\ndbname=dw\nuser=reporter\npassword=%s" % (pick(HOSTS), _p), _p, "reporter")
_p = password(sym="")
cf("gradle-properties", "signing.keyId=24875D73\nsigning.password=%s\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg\nossrhUsername=releaser" % _p, _p, "signing.password")
_p = password()
cf("maven-settings-xml", "<server>\n  <id>nexus-releases</id>\n  <username>deployment</username>\n  <password>%s</password>\n</server>" % _p, _p, "deployment")
_t = J("gh", "p_") + rs(36)
cf("composer-auth-json", '{\n    "github-oauth": {\n        "github.com": "%s"\n    }\n}' % _t, _t, "github-oauth")
_p = password()
cf("composer-auth-http-basic", '{"http-basic": {"repo.packagist.com": {"username": "token", "password": "%s"}}}' % _p, _p, "token")
_t = J("ruby", "gems_") + hx(48)
cf("gem-credentials", "---\n:rubygems_api_key: %s" % _t, _t, ":rubygems_api_key")
_t = "cio" + rs(32)
cf("cargo-credentials-toml", '[registry]\ntoken = "%s"' % _t, _t, "registry")
_t = rs(14) + J(".atl", "asv1.") + rs(67)
cf("terraformrc", 'credentials "app.terraform.io" {\n  token = "%s"\n}' % _t, _t, "app.terraform.io")
_t = J("gh", "o_") + rs(36)
cf("gh-hosts-yml", "github.com:\n    user: octo-dev\n    oauth_token: %s\n    git_protocol: https" % _t, _t, "octo-dev")
_sk = rs(40, B64)
cf("boto-config", "[Credentials]\naws_access_key_id = %s\naws_secret_access_key = %s" % (J("AK", "IA") + rs(16, UPNUM), _sk), _sk, "Credentials")
_rt = "1//0" + rs(90, B64U)
cf("gcloud-adc-json", '{\n  "client_id": "764086051850-6qr4p6gpi6hn506pt8ejuq83di341hur.apps.googleusercontent.com",\n  "client_secret": "d-FL95Q19q7MQmFpd7hHD0Ty",\n  "refresh_token": "%s",\n  "type": "authorized_user"\n}' % _rt, _rt, "refresh_token")
_pk = b64bytes(600)
cf("gcp-service-account-json", '{\n  "type": "service_account",\n  "project_id": "acme-prod",\n  "private_key_id": "%s",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "deployer@acme-prod.iam.gserviceaccount.com"\n}' % (hx(40), _pk), _pk, "deployer@acme-prod.iam.gserviceaccount.com")
_t = J("hv", "s.") + rs(24)
cf("vault-token-file", "$ cat ~/.vault-token\n%s" % _t, _t, ".vault-token")
_p = password()
cf("fetchmailrc", 'poll imap.example.com protocol IMAP user "alerts@example.com" password "%s" ssl' % _p, _p, "alerts@example.com")
_p = password()
cf("msmtprc", "account default\nhost smtp.example.com\nport 587\nauth on\nuser reports@example.com\npassword %s\nfrom reports@example.com" % _p, _p, "reports@example.com")
_p = password()
cf("muttrc", "set imap_user = \"me@example.org\"\nset imap_pass = \"%s\"\nset smtp_url = \"smtps://me@example.org@smtp.example.org\"" % _p, _p, "me@example.org")
_p = pw_phrase(" ") if R.random() < .5 else password()
cf("wpa-supplicant-psk", 'network={\n    ssid="OfficeNet-5G"\n    psk="%s"\n    key_mgmt=WPA-PSK\n}' % _p, _p, "OfficeNet-5G")
_p = password()
cf("nmconnection-psk", "[wifi-security]\nkey-mgmt=wpa-psk\npsk=%s" % _p, _p, "wifi-security")
_p = password()
cf("openvpn-auth-txt", "$ cat /etc/openvpn/auth.txt\nvpnuser42\n%s" % _p, _p, "vpnuser42")
_p = password()
cf("smb-credentials-file", "username=backup\npassword=%s\ndomain=CORP" % _p, _p, "backup")
_p = password(sym="!#%*-_+.^~")
cf("fstab-cifs", "//nas.local/share /mnt/share cifs username=media,password=%s,uid=1000,vers=3.0 0 0" % _p, _p, "media")
_p = pw_random(32, sym="")
cf("redis-conf-requirepass", "# requirepass foobared\nrequirepass %s\nmaxmemory 2gb" % _p, _p, "requirepass")
_p = password()
cf("pgbouncer-userlist", '"pgbouncer" "%s"\n"app" "SCRAM-SHA-256$4096:%s$%s:%s"' % (_p, b64bytes(16), b64bytes(32), b64bytes(32)), _p, "pgbouncer")
_p = password()
cf("jenkins-credentials-xml", "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <id>nexus</id>\n  <username>jenkins</username>\n  <password>%s</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>" % _p, _p, "jenkins")
_t = rs(20, B64U) + b64bytes(30, pad=False)
cf("yarnrc-yml", 'npmScopes:\n  acme:\n    npmRegistryServer: "https://npm.acme.dev"\n    npmAuthToken: "%s"' % _t, _t, "acme")
_p = password(sym="!*-_.~")
cf("pip-conf-index-url", "[global]\nindex-url = https://pypi-user:%s@pypi.corp.example/simple\ntimeout = 60" % _p, _p, "pypi-user")
_p = password()
cf("nuget-config-cleartext", '<packageSourceCredentials>\n  <corp>\n    <add key="Username" value="build" />\n    <add key="ClearTextPassword" value="%s" />\n  </corp>\n</packageSourceCredentials>' % _p, _p, "build")
_p = password()
cf("odbc-ini", "[DW]\nDriver=/opt/simba/spark/lib/64/libsparkodbc_sb64.so\nHost=dbc.example.cloud\nUID=token\nPWD=%s" % _p, _p, "token")
_p = password()
cf("sftp-config-json", '{\n    "type": "sftp",\n    "host": "203.0.113.7",\n    "user": "deploy",\n    "password": "%s",\n    "remote_path": "/var/www/"\n}' % _p, _p, "deploy")
_p = b64s(password())
cf("filezilla-sitemanager", '<Server>\n  <Host>ftp.example.com</Host>\n  <User>webmaster</User>\n  <Pass encoding="base64">%s</Pass>\n</Server>' % _p, _p, "webmaster")
_p = password()
cf("ansible-inventory-vars", "[db]\ndb1 ansible_host=10.0.1.5 ansible_user=ubuntu ansible_become_pass=%s" % _p, _p, "ubuntu")
_p = password()
cf("grafana-ini", "[security]\nadmin_user = admin\nadmin_password = %s\nsecret_key = %s" % (_p, "SW2YcwTIb9zpOOhoPsMm"), _p, "admin")
_p = password()
cf("dbt-profiles-yml", "analytics:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n      account: xy12345.eu-west-1\n      user: DBT_PROD\n      password: %s\n      role: TRANSFORMER" % _p, _p, "DBT_PROD")
_p = password()
cf("shadow-like-env-file", "$ sudo cat /etc/default/minio\nMINIO_ROOT_USER=minioadmin\nMINIO_ROOT_PASSWORD=%s\nMINIO_VOLUMES=/data" % _p, _p, "minioadmin")
_p = password()
_p = rs(60)
cf("azure-publish-settings", '<publishProfile profileName="app - Web Deploy" publishMethod="MSDeploy" userName="$app-prod" userPWD="%s" />' % _p, _p, "$app-prod")
_p = password()
cf("keepass-export-csv", '"Group","Title","Username","Password","URL"\n"Infra","Prod DB","sa","%s","sql01.corp.local"' % _p, _p, "sa")
_p = password()
cf("bitwarden-json-export", '{"type":1,"name":"vCenter","login":{"username":"administrator@vsphere.local","password":"%s","uris":[{"uri":"https://vc.corp"}]}}' % _p, _p, "administrator@vsphere.local")


# ---------------------------------------------------------------------------
# a secret next to its id, with no label on the secret
# ---------------------------------------------------------------------------
def ib(fmt, text, secret, visible=""):
    add("id-beside-secret", fmt, text, secret, visible)


def twilio_sid():
    return "AC" + hx(32)


def aws_id():
    return J("AK", "IA") + rs(16, UPNUM)


def aws_secret():
    return rs(40, ALNUM + "/+")


for _i in range(6):
    _sid, _tok = twilio_sid(), hx(32)
    _t = [
        "client = Client('%s', '%s')" % (_sid, _tok),
        "account %s auth token %s" % (_sid, _tok),
        "const client = require('twilio')(\"%s\", \"%s\");" % (_sid, _tok),
        "$ twilio login %s %s\nSaved profile default" % (_sid, _tok),
        "Twilio::REST::Client.new('%s', '%s')" % (_sid, _tok),
        "curl -X POST https://api.twilio.com/2010-04-01/Accounts/%s/Messages.json -u %s:%s" % (_sid, _sid, _tok),
    ][_i]
    ib(["twilio-python-client", "twilio-prose", "twilio-node-require", "twilio-cli-positional", "twilio-ruby-client", "twilio-curl-basic"][_i], _t, _tok, _sid)
for _i in range(6):
    _id, _sk = aws_id(), aws_secret()
    _t = [
        "new AWS.Credentials('%s', '%s');" % (_id, _sk),
        "creds := credentials.NewStaticCredentials(\"%s\", \"%s\", \"\")" % (_id, _sk),
        "new BasicAWSCredentials(\"%s\", \"%s\")" % (_id, _sk),
        "boto3.client('s3', 'us-east-1', None, False, None, None, '%s', '%s')" % (_id, _sk),
        "aws keys for the sandbox: %s / %s" % (_id, _sk),
        "$ aws configure set aws_access_key_id %s && aws configure set aws_secret_access_key %s" % (_id, _sk),
    ][_i]
    ib(["aws-js-credentials", "aws-go-static", "aws-java-basic", "aws-boto-positional", "aws-prose-pair", "aws-configure-set"][_i], _t, _sk, _id)

PAIRS = [
    ("twilio-api-key-pair", lambda: ("SK" + hx(32), rs(32)), "Twilio(<<A>>, <<B>>, accountSid)"),
    ("azure-client-secret-cred", lambda: (uuid4(), rs(3) + "8Q~" + rs(31, B64U + ".~")), "new ClientSecretCredential(\"72f988bf-86f1-41af-91ab-2d7cd011db47\", \"<<A>>\", \"<<B>>\")"),
    ("algolia-init", lambda: (rs(10, UPNUM), hx(32)), "const client = algoliasearch('<<A>>', '<<B>>');"),
    ("pusher-ctor", lambda: (digits(7), hx(20)), "pusher = Pusher(app_id='<<A>>', key='e4d3c2b1a0f9e8d7c6b5', secret='<<B>>', cluster='eu')"),
    ("cloudinary-url", lambda: (digits(15), rs(27, B64U)), "CLOUDINARY_URL=cloudinary://<<A>>:<<B>>@acme-media"),
    ("plaid-client", lambda: (hx(24), hx(30)), "plaid.Client('<<A>>', '<<B>>', environment='production')"),
    ("paypal-positional", lambda: ("A" + rs(79, B64U), "E" + rs(79, B64U)), "paypal.configure({'mode': 'live', 'client_id': '<<A>>', 'client_secret': '<<B>>'})"),
    ("braintree-gateway", lambda: (rs(16, LOWNUM), hx(32)), "Braintree::Gateway.new(environment: :production, merchant_id: \"<<A>>\", public_key: \"p9x2k4m7r3\", private_key: \"<<B>>\")"),
    ("alibaba-ak-positional", lambda: ("LTAI" + rs(20), rs(30)), "client = AcsClient('<<A>>', '<<B>>', 'cn-hangzhou')"),
    ("tencent-secretid-positional", lambda: ("AKID" + rs(32), rs(32)), "cred = credential.Credential(\"<<A>>\", \"<<B>>\")"),
    ("huawei-ak-sk", lambda: (rs(20, UPNUM), rs(40)), "BasicCredentials().with_ak(\"<<A>>\").with_sk(\"<<B>>\")"),
    ("backblaze-authorize", lambda: ("00" + hx(23), "K00" + rs(28, ALNUM + "/+")), "$ b2 account authorize <<A>> <<B>>\nUsing https://api.backblazeb2.com"),
    ("minio-mc-alias", lambda: (rs(20, UPNUM), rs(40)), "$ mc alias set prod https://minio.corp:9000 <<A>> <<B>>\nAdded `prod` successfully."),
    ("scaleway-pair", lambda: ("SCW" + rs(17, UPNUM), uuid4()), "scw init access-key=<<A>> secret-key=<<B>>"),
    ("confluent-api-pair", lambda: (rs(16, UPNUM), rs(64, ALNUM + "+/")), "$ confluent api-key store <<A>> <<B>> --resource lkc-9x8y7z\nStored secret for API key \"<<A>>\"."),
    ("vonage-ctor", lambda: (hx(8), rs(16)), "const vonage = new Vonage({ apiKey: \"<<A>>\", apiSecret: \"<<B>>\" })"),
    ("mux-token-pair", lambda: (uuid4(), rs(75, ALNUM + "/+")), "Mux(\"<<A>>\", \"<<B>>\")"),
    ("razorpay-client", lambda: ("rzp_live_" + rs(14), rs(24)), "razorpay.Client(auth=(\"<<A>>\", \"<<B>>\"))"),
    ("agora-app-cert", lambda: (hx(32), hx(32)), "RtcTokenBuilder.buildTokenWithUid(\"<<A>>\", \"<<B>>\", channel, uid, role, expire)"),
    ("keycloak-client-pair", lambda: ("billing-service", rs(32)), "KeycloakOpenID(server_url='https://sso.corp/', client_id='<<A>>', realm_name='prod', client_secret_key='<<B>>')"),
    ("oauth-basic-pair-curl", lambda: (rs(24, LOWNUM), rs(48, B64U)), "curl -X POST https://auth.example.com/oauth/token -u <<A>>:<<B>> -d grant_type=client_credentials"),
    ("salesforce-login", lambda: ("integration@acme.com", password(sym="") + rs(24)), "sf = Salesforce('<<A>>', '<<B>>', 'sandbox')"),
    ("hmac-key-pair-go", lambda: ("key_" + hx(12), hx(64)), "signer := hmacauth.New(\"<<A>>\", []byte(\"<<B>>\"))"),
    ("ibm-cos-hmac", lambda: (hx(32), hx(48)), "ibm_boto3.resource('s3', aws_access_key_id='<<A>>', aws_secret_access_key='<<B>>')"),
    ("gcs-hmac-pair", lambda: ("GOOG1E" + rs(55, UPNUM), rs(40, ALNUM + "/+")), "gsutil config: <<A>> <<B>>"),
    ("do-spaces-pair", lambda: (rs(20, UPNUM), rs(43, ALNUM + "/+")), "s3cmd --access_key=<<A>> --secret_key=<<B>> ls s3://assets"),
    ("linode-obj-pair", lambda: (rs(20, UPNUM), rs(40)), "Object storage keys (prod): <<A>> <<B>>"),
    ("oracle-oci-fingerprint-pass", lambda: ("ocid1.user.oc1..aaaa" + rs(52, LOWNUM), password()), "oci setup: user=<<A>> pass_phrase=<<B>>"),
    ("sumo-access-pair", lambda: ("su" + rs(12), rs(64)), "SumoLogic(\"<<A>>\", \"<<B>>\", endpoint)"),
    ("checkout-pair", lambda: ("pk_" + uuid4(), "sk_" + uuid4()), "CheckoutSdk.builder().publicKey(\"<<A>>\").secretKey(\"<<B>>\").build()"),
    ("adyen-ws-user", lambda: ("ws_" + digits(6) + "@Company.Acme", rs(30, ALNUM + "<>[]{}")), "client.setUsernamePassword(\"<<A>>\", \"<<B>>\")"),
    ("ldap-bind-positional", lambda: ("cn=admin,dc=corp,dc=local", password()), "conn = ldap3.Connection(server, '<<A>>', '<<B>>', auto_bind=True)"),
    ("smtp-login-positional", lambda: ("alerts@example.com", password()), "server.login(\"<<A>>\", \"<<B>>\")"),
    ("mysql-connect-positional", lambda: ("etl", password()), "$db = new mysqli('db.internal', '<<A>>', '<<B>>', 'warehouse');"),
    ("psycopg-positional-kw", lambda: ("reporting", password()), "psycopg2.connect(host=h, user='<<A>>', password='<<B>>')"),
    ("pdo-ctor", lambda: ("app", password()), "$pdo = new PDO('mysql:host=localhost;dbname=shop', '<<A>>', '<<B>>');"),
    ("jdbc-getconnection", lambda: ("sa", password()), "DriverManager.getConnection(url, \"<<A>>\", \"<<B>>\");"),
    ("redis-auth-pair", lambda: ("default", pw_random(32, "")), "r = redis.Redis(host='cache', username='<<A>>', password='<<B>>')"),
    ("ftp-login-pair", lambda: ("uploader", password()), "ftp.login('<<A>>', '<<B>>')"),
    ("paramiko-connect", lambda: ("ubuntu", password()), "ssh.connect('10.1.2.3', username='<<A>>', password='<<B>>')"),
    ("requests-auth-tuple", lambda: ("api", rs(32)), "requests.get(url, auth=('<<A>>', '<<B>>'))"),
    ("httpclient-basic-csharp", lambda: ("svc-reports", password()), "new NetworkCredential(\"<<A>>\", \"<<B>>\", \"CORP\")"),
    ("octokit-app-pair", lambda: ("Iv1." + hx(16), hx(40)), "new OAuthApp({ clientId: '<<A>>', clientSecret: '<<B>>' })"),
    ("firebase-admin-pair", lambda: ("1:" + digits(12) + ":web:" + hx(22), rs(39, B64U)), "initializeApp({ appId: '<<A>>', serverKey: '<<B>>' })"),
    ("internal-keyid-secret", lambda: ("kid-" + rs(8, LOWNUM), rs(44, B64U)), "Signer(\"<<A>>\", \"<<B>>\")"),
    ("prose-user-pass-slash", lambda: (pick(USERS), password()), "login for the staging box: <<A>> / <<B>>"),
    ("prose-account-key", lambda: ("acct_" + rs(16), rs(40)), "Partner account <<A>> key <<B>> (do not share)"),
]
for _fmt, _gen, _tpl in PAIRS:
    for _i in range(R.choice([1, 2])):
        _a, _b = _gen()
        ib(_fmt, sub(_tpl, A=_a, B=_b), _b, _a)


# ---------------------------------------------------------------------------
# CLI arguments of admin tools, PowerShell, Windows, cloud CLIs, CI
# ---------------------------------------------------------------------------
CLI = [
    ("mysql-p-attached", "mysql -u <<U>> -p<<P>> -h <<H>> appdb"),
    ("mysql-password-eq", "mysql --user=<<U>> --password=<<P>> --host=<<H>> -e 'SHOW PROCESSLIST'"),
    ("mysqldump-password", "mysqldump -h <<H>> -u<<U>> --password='<<P>>' --single-transaction shop > shop.sql"),
    ("mysqladmin-password", "mysqladmin -u root password '<<P>>'"),
    ("pgpassword-env-prefix", "PGPASSWORD=<<P>> psql -h <<H>> -U <<U>> -d appdb -c 'select 1'"),
    ("psql-conninfo-password", "psql \"host=<<H>> user=<<U>> password=<<P>> dbname=dw sslmode=require\""),
    ("mongosh-p", "mongosh --host <<H>> -u <<U>> -p '<<P>>' --authenticationDatabase admin"),
    ("mongodump-password", "mongodump --uri mongodb://<<H>>:27017 --username <<U>> --password <<P>> --out /backup"),
    ("redis-cli-a", "redis-cli -h <<H>> -p 6379 -a <<P>> --no-auth-warning INFO keyspace"),
    ("redis-cli-pass-eq", "redis-cli --user <<U>> --pass <<P>> -h <<H>> PING"),
    ("sqlcmd-P", "sqlcmd -S <<H>> -U <<U>> -P \"<<P>>\" -Q \"SELECT @@VERSION\""),
    ("bcp-P", "bcp Orders out orders.dat -S <<H>> -U <<U>> -P <<P>> -c"),
    ("sqlplus-slash", "sqlplus <<U>>/<<P>>@//<<H>>:1521/ORCLPDB1"),
    ("clickhouse-client-password", "clickhouse-client --host <<H>> --user <<U>> --password <<P>> --query 'SELECT count() FROM events'"),
    ("cqlsh-p", "cqlsh <<H>> 9042 -u <<U>> -p <<P>>"),
    ("influx-auth-password", "influx -username <<U>> -password '<<P>>' -database telegraf"),
    ("snowsql-env", "SNOWSQL_PWD='<<P>>' snowsql -a xy12345 -u <<U>> -q 'select current_version()'"),
    ("htpasswd-b", "htpasswd -b -c /etc/nginx/.htpasswd <<U>> '<<P>>'"),
    ("net-use-user", "net use Z: \\\\fileserver\\share /user:CORP\\<<U>> <<P>> /persistent:yes"),
    ("cmdkey-pass", "cmdkey /generic:TERMSRV/rdp01 /user:<<U>> /pass:<<P>>"),
    ("runas-savecred-psexec", "psexec \\\\<<H>> -u CORP\\<<U>> -p <<P>> cmd /c ipconfig"),
    ("schtasks-rp", "schtasks /create /tn Backup /tr C:\\bin\\backup.cmd /sc daily /ru CORP\\<<U>> /rp <<P>>"),
    ("sc-config-password", "sc.exe config MyService obj= \"CORP\\<<U>>\" password= \"<<P>>\""),
    ("wmic-password", "wmic /node:<<H>> /user:<<U>> /password:<<P>> process list brief"),
    ("msdeploy-password", "msdeploy.exe -verb:sync -source:contentPath=site -dest:contentPath=site,computerName=https://<<H>>:8172/msdeploy.axd,userName=<<U>>,password=<<P>>,authType=Basic"),
    ("ps-convertto-securestring", "$sec = ConvertTo-SecureString '<<P>>' -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential ('<<U>>', $sec)"),
    ("ps-convertto-securestring-string", "$pw = ConvertTo-SecureString -String \"<<P>>\" -AsPlainText -Force"),
    ("ps-invoke-sqlcmd", "Invoke-Sqlcmd -ServerInstance <<H>> -Username <<U>> -Password '<<P>>' -Query 'SELECT 1'"),
    ("ps-new-localuser", "New-LocalUser -Name <<U>> -Password (ConvertTo-SecureString \"<<P>>\" -AsPlainText -Force)"),
    ("ps-set-adaccountpassword", "Set-ADAccountPassword -Identity <<U>> -Reset -NewPassword (ConvertTo-SecureString -AsPlainText '<<P>>' -Force)"),
    ("ps-connect-viserver", "Connect-VIServer -Server <<H>> -User administrator@vsphere.local -Password '<<P>>'"),
    ("az-sp-create-password", "az ad sp credential reset --id 00000000-aaaa-bbbb-cccc-000000000000 --password '<<P>>'"),
    ("az-keyvault-secret-set", "az keyvault secret set --vault-name kv-prod-weu --name db-password --value '<<P>>'"),
    ("az-webapp-appsettings", "az webapp config appsettings set -g rg-prod -n api-prod --settings DB_PASS=<<P>> LOG_LEVEL=info"),
    ("az-login-sp", "az login --service-principal -u http://ci-deployer -p <<P>> --tenant corp.onmicrosoft.com"),
    ("aws-secretsmanager-create", "aws secretsmanager create-secret --name prod/db --secret-string '{\"username\":\"<<U>>\",\"password\":\"<<P>>\"}'"),
    ("aws-secretsmanager-put", "aws secretsmanager put-secret-value --secret-id prod/api --secret-string <<P>>"),
    ("aws-ssm-put-parameter", "aws ssm put-parameter --name /prod/stripe/key --type SecureString --value \"<<P>>\" --overwrite"),
    ("aws-rds-master-password", "aws rds modify-db-instance --db-instance-identifier prod-pg --master-user-password '<<P>>' --apply-immediately"),
    ("gcloud-secrets-echo", "echo -n '<<P>>' | gcloud secrets versions add db-password --data-file=-"),
    ("gcloud-sql-set-password", "gcloud sql users set-password <<U>> --instance=prod-pg --password=<<P>>"),
    ("kubectl-from-literal", "kubectl create secret generic db-creds --from-literal=username=<<U>> --from-literal=password='<<P>>' -n prod"),
    ("kubectl-docker-registry", "kubectl create secret docker-registry regcred --docker-server=ghcr.io --docker-username=<<U>> --docker-password=<<P>>"),
    ("helm-set-password", "helm upgrade --install pg bitnami/postgresql --set auth.postgresPassword=<<P>> --set auth.database=app"),
    ("docker-login-p", "docker login -u <<U>> -p <<P>> registry.example.com"),
    ("podman-login-password", "podman login --username <<U>> --password '<<P>>' quay.io"),
    ("skopeo-creds", "skopeo copy --src-creds <<U>>:<<P>> docker://registry.a/img:1 docker://registry.b/img:1"),
    ("curl-u", "curl -u <<U>>:<<P>> https://<<H>>/api/v1/status"),
    ("curl-user-long", "curl --user '<<U>>:<<P>>' -X PUT https://es.example.com:9200/_cluster/settings"),
    ("wget-password", "wget --user=<<U>> --password=<<P>> https://downloads.example.com/private/build.tar.gz"),
    ("sshpass-p", "sshpass -p '<<P>>' ssh -o StrictHostKeyChecking=no <<U>>@<<H>> uptime"),
    ("ldapsearch-w", "ldapsearch -x -H ldap://<<H>> -D 'cn=admin,dc=corp,dc=local' -w <<P>> -b 'dc=corp,dc=local'"),
    ("smbclient-percent", "smbclient //<<H>>/backup -U <<U>>%<<P>> -c 'ls'"),
    ("rsync-password-env", "RSYNC_PASSWORD=<<P>> rsync -avz ./dist/ rsync://<<U>>@<<H>>/web/"),
    ("openssl-passout-pass", "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:<<P>>"),
    ("openssl-enc-k", "openssl enc -aes-256-cbc -salt -in db.sql -out db.sql.enc -k <<P>>"),
    ("openssl-passin-pass", "openssl rsa -in enc.key -out plain.key -passin pass:'<<P>>'"),
    ("zip-P", "zip -r -P <<P>> export.zip ./export"),
    ("7z-p", "7z a -p<<P>> -mhe=on archive.7z secrets/"),
    ("unrar-p", "unrar x -p<<P>> delivery.rar"),
    ("gpg-passphrase", "gpg --batch --yes --passphrase '<<P>>' --pinentry-mode loopback -d backup.tar.gz.gpg"),
    ("vault-kv-put", "vault kv put secret/prod/api password=<<P>> user=<<U>>"),
    ("heroku-config-set", "heroku config:set DATABASE_PASSWORD=<<P>> -a acme-api"),
    ("fly-secrets-set", "fly secrets set SESSION_SECRET=<<P>> -a acme-web"),
    ("netlify-env-set", "netlify env:set API_SECRET <<P>>"),
    ("gh-secret-set-body", "gh secret set DEPLOY_KEY --body \"<<P>>\" --repo acme/infra"),
    ("glab-variable-set", "glab variable set DB_PASSWORD \"<<P>>\" --masked"),
    ("doppler-secrets-set", "doppler secrets set STRIPE_KEY=<<P>> --project api --config prd"),
    ("npm-config-set-token", "npm config set //npm.pkg.github.com/:_authToken <<P>>"),
    ("twine-upload-p", "twine upload -u __token__ -p <<P>> dist/*"),
    ("mvn-dpassword", "mvn deploy -DaltDeploymentRepository=nexus::default::https://nexus/repo -Dnexus.password=<<P>>"),
    ("gradle-p-property", "./gradlew publish -PsigningPassword=<<P>> -PossrhUsername=<<U>>"),
    ("terraform-var", "terraform apply -var 'db_password=<<P>>' -var env=prod"),
    ("ansible-extra-vars", "ansible-playbook site.yml -e 'ansible_become_pass=<<P>>' -l web"),
    ("keytool-storepass", "keytool -importkeystore -srckeystore a.p12 -destkeystore b.jks -srcstorepass <<P>> -deststorepass <<P>>"),
    ("jarsigner-storepass", "jarsigner -keystore release.jks -storepass <<P>> app.apk release"),
    ("rabbitmqctl-add-user", "rabbitmqctl add_user <<U>> <<P>>"),
    ("rabbitmqctl-change-password", "rabbitmqctl change_password <<U>> '<<P>>'"),
    ("mongo-createuser-eval", "mongosh admin --eval 'db.createUser({user: \"<<U>>\", pwd: \"<<P>>\", roles: [\"readWrite\"]})'"),
    ("rclone-config-create-pass", "rclone config create nas sftp host <<H>> user <<U>> pass <<P>>"),
    ("wp-cli-user-pass", "wp user create <<U>> ops@example.com --role=administrator --user_pass=<<P>>"),
    ("ssh-keygen-N", "ssh-keygen -t ed25519 -N '<<P>>' -f ~/.ssh/deploy_ed25519"),
    ("chpasswd-echo", "echo '<<U>>:<<P>>' | sudo chpasswd"),
    ("useradd-openssl-passwd", "useradd -m -p $(openssl passwd -6 '<<P>>') <<U>>"),
    ("mc-admin-user-add", "mc admin user add prod <<U>> <<P>>"),
    ("nats-user-password", "nats sub 'orders.>' --server nats://<<H>>:4222 --user <<U>> --password <<P>>"),
    ("kafka-console-jaas", "kafka-console-producer --bootstrap-server <<H>>:9092 --producer-property sasl.jaas.config='org.apache.kafka.common.security.plain.PlainLoginModule required username=\"<<U>>\" password=\"<<P>>\";' --topic orders"),
    ("git-clone-token-url", "git clone https://oauth2:<<P>>@gitlab.example.com/acme/infra.git"),
    ("pip-install-index-creds", "pip install --extra-index-url https://<<U>>:<<P>>@pypi.corp.example/simple acme-core==2.4.1"),
    ("xfreerdp-p", "xfreerdp /v:<<H>> /u:<<U>> /p:<<P>> /cert:ignore"),
    ("rdesktop-p", "rdesktop -u <<U>> -p <<P>> <<H>>"),
    ("svn-password", "svn checkout https://svn.example.com/repo/trunk --username <<U>> --password <<P>> --non-interactive"),
    ("hdbsql-p", "hdbsql -n <<H>>:30015 -u SYSTEM -p <<P>> \"SELECT * FROM M_DATABASE\""),
    ("db2-connect-using", "db2 connect to SAMPLE user <<U>> using <<P>>"),
    ("isql-positional", "isql -v DW_DSN <<U>> <<P>>"),
    ("ipmitool-P", "ipmitool -I lanplus -H <<H>> -U ADMIN -P <<P>> chassis power status"),
    ("racadm-p", "racadm -r <<H>> -u root -p <<P>> getsysinfo"),
    ("mosquitto-pub-P", "mosquitto_pub -h <<H>> -u <<U>> -P <<P>> -t sensors/temp -m 21.5"),
    ("lftp-u", "lftp -u <<U>>,<<P>> sftp://<<H>> -e 'mirror -R dist /www; bye'"),
    ("ncftp-p", "ncftpput -u <<U>> -p <<P>> <<H>> /incoming report.csv"),
    ("gh-actions-run-echo", "Run echo \"::add-mask::<<P>>\"\n  echo \"::add-mask::<<P>>\"\n  shell: /usr/bin/bash -e {0}"),
    ("jenkins-cli-auth", "java -jar jenkins-cli.jar -s https://ci.corp/ -auth <<U>>:<<P>> build deploy-prod"),
    ("argocd-login-password", "argocd login argocd.corp.example --username admin --password <<P>> --grpc-web"),
    ("vault-login-userpass", "vault login -method=userpass username=<<U>> password=<<P>>"),
    ("consul-acl-token-flag", "consul kv get -token=<<P>> config/api/db"),
    ("ipsec-psk-cli", "nmcli connection modify office-vpn vpn.secrets 'password=<<P>>'"),
]


def cli_secret():
    k = R.randint(0, 5)
    if k == 0:
        return pw_human(sym="!#%*-_+.^~")
    if k == 1:
        return pw_random(sym="-_.~")
    if k == 2:
        return pw_random(R.randint(20, 40), sym="")
    if k == 3:
        return rs(R.randint(32, 48), B64U)
    return password(sym="!#%*-_+.^~")


for _fmt, _tpl in CLI:
    for _i in range(R.choice([1, 1, 2])):
        _u, _p, _h = pick(USERS), cli_secret(), pick(HOSTS)
        _txt = sub(_tpl, U=_u, P=_p, H=_h)
        if R.random() < 0.3:
            _txt = pick(["$ ", "PS C:\\Users\\ops> ", "ops@bastion:~$ ", "> ", "+ "]) + _txt
        add("cli-argument", _fmt, _txt, _p, _u if "<<U>>" in _tpl else "")


# ---------------------------------------------------------------------------
# terminal sessions: a command, then its output, secret in the output
# ---------------------------------------------------------------------------
def jwt():
    head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    body = base64.urlsafe_b64encode(('{"sub":"%s","role":"service_role","iat":%d}' % (uuid4(), R.randint(1600000000, 1800000000))).encode()).decode().rstrip("=")
    return head + "." + body + "." + rs(43, B64U)


def term_secret():
    k = R.randint(0, 6)
    if k == 0:
        return password()
    if k == 1:
        return rs(R.randint(32, 64))
    if k == 2:
        return hx(R.choice([32, 40, 64]))
    if k == 3:
        return b64bytes(R.choice([24, 32, 48]))
    if k == 4:
        return rs(4, LOW) + "_" + rs(R.randint(30, 50))
    if k == 5:
        return jwt()
    return pw_random(R.randint(16, 30))


TERM = [
    ("aws-iam-create-access-key", lambda s: (
        "$ aws iam create-access-key --user-name ci-deployer\n{\n    \"AccessKey\": {\n        \"UserName\": \"ci-deployer\",\n        \"AccessKeyId\": \"%s\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"%s\",\n        \"CreateDate\": \"2025-02-11T09:14:03+00:00\"\n    }\n}" % (aws_id(), s)), aws_secret),
    ("aws-sts-assume-role", lambda s: (
        "$ aws sts assume-role --role-arn arn:aws:iam::123456789012:role/admin --role-session-name dbg\n{\n    \"Credentials\": {\n        \"AccessKeyId\": \"%s\",\n        \"SecretAccessKey\": \"%s\",\n        \"SessionToken\": \"IQoJb3JpZ2luX2Vj...\",\n        \"Expiration\": \"2025-02-11T10:14:03Z\"\n    }\n}" % (J("AS", "IA") + rs(16, UPNUM), s)), aws_secret),
    ("aws-sts-session-token-text", lambda s: (
        "$ aws sts get-session-token --output text\nCREDENTIALS\t%s\t2025-06-01T00:00:00Z\t%s\t%s" % (J("AS", "IA") + rs(16, UPNUM), aws_secret(), s)), lambda: "FwoGZXIvYXdzE" + rs(280, B64)),
    ("gh-auth-token", lambda s: "$ gh auth token\n%s" % s, lambda: J("gh", "o_") + rs(36)),
    ("gh-auth-status-show-token", lambda s: (
        "$ gh auth status --show-token\ngithub.com\n  \u2713 Logged in to github.com account octo-dev (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: %s\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'" % s), lambda: J("gh", "o_") + rs(36)),
    ("kubectl-jsonpath-base64-d", lambda s: (
        "$ kubectl get secret db-creds -n prod -o jsonpath='{.data.password}' | base64 -d\n%s" % s), term_secret),
    ("kubectl-get-secret-yaml", lambda s: (
        "$ kubectl get secret api-keys -o yaml\napiVersion: v1\ndata:\n  API_KEY: %s\n  ENDPOINT: aHR0cHM6Ly9hcGkuZXhhbXBsZS5jb20=\nkind: Secret\nmetadata:\n  name: api-keys\n  namespace: default\ntype: Opaque" % s), lambda: b64s(term_secret())),
    ("kubectl-config-view-raw", lambda s: (
        "$ kubectl config view --raw --minify\napiVersion: v1\nclusters:\n- cluster:\n    server: https://10.0.0.1:6443\n  name: prod\nusers:\n- name: admin\n  user:\n    token: %s" % s), jwt),
    ("kubectl-exec-env", lambda s: (
        "$ kubectl exec deploy/api -- env | sort\nHOME=/root\nHOSTNAME=api-7d9f8b6c5-x2k4p\nJWT_SECRET=%s\nNODE_ENV=production\nPORT=8080" % s), term_secret),
    ("cat-dotenv", lambda s: (
        "$ cat .env\nAPP_ENV=staging\nAPP_DEBUG=false\nDB_HOST=127.0.0.1\nDB_PASSWORD=%s\nCACHE_DRIVER=redis" % s), term_secret),
    ("env-grep", lambda s: "$ env | grep -i secret\nAPP_SECRET=%s\nSECRET_SCANNING=enabled" % s, term_secret),
    ("printenv-single", lambda s: "$ printenv SESSION_KEY\n%s" % s, term_secret),
    ("docker-inspect-env", lambda s: (
        "$ docker inspect --format '{{json .Config.Env}}' api | jq .\n[\n  \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\",\n  \"POSTGRES_PASSWORD=%s\",\n  \"PGDATA=/var/lib/postgresql/data\"\n]" % s), term_secret),
    ("heroku-config", lambda s: (
        "$ heroku config -a acme-api\n=== acme-api Config Vars\nDATABASE_URL:     postgres://u9f:%s@ec2-3-1-2-3.compute-1.amazonaws.com:5432/d8k\nLOG_LEVEL:        info" % s), lambda: hx(64)),
    ("vault-kv-get", lambda s: (
        "$ vault kv get secret/prod/payments\n====== Data ======\nKey         Value\n---         -----\napi_key     %s\nmerchant    acme-ltd" % s), term_secret),
    ("vault-token-create", lambda s: (
        "$ vault token create -policy=deploy -ttl=1h\nKey                  Value\n---                  -----\ntoken                %s\ntoken_accessor       %s\ntoken_duration       1h\ntoken_renewable      true" % (s, rs(24))), lambda: J("hv", "s.") + "CAES" + rs(88, B64U)),
    ("terraform-output-json", lambda s: (
        "$ terraform output -json\n{\n  \"db_endpoint\": {\"sensitive\": false, \"type\": \"string\", \"value\": \"prod-pg.abc.eu-west-1.rds.amazonaws.com\"},\n  \"db_password\": {\"sensitive\": true, \"type\": \"string\", \"value\": \"%s\"}\n}" % s), term_secret),
    ("terraform-output-raw", lambda s: "$ terraform output -raw admin_password\n%s" % s, lambda: password()),
    ("az-sp-create-for-rbac", lambda s: (
        "$ az ad sp create-for-rbac --name ci-deployer --role Contributor\n{\n  \"appId\": \"%s\",\n  \"displayName\": \"ci-deployer\",\n  \"password\": \"%s\",\n  \"tenant\": \"%s\"\n}" % (uuid4(), s, uuid4())), lambda: rs(3) + "8Q~" + rs(31, B64U + ".~")),
    ("gcloud-print-access-token", lambda s: "$ gcloud auth print-access-token\n%s" % s, lambda: J("ya", "29.") + "a0A" + rs(180, B64U)),
    ("openssl-rand-then-used", lambda s: (
        "$ openssl rand -hex 32\n%s\n# pasted the value above into SESSION_SECRET on the staging box" % s), lambda: hx(64)),
    ("openssl-rand-base64", lambda s: "$ openssl rand -base64 48 | tee /etc/app/cookie.key\n%s" % s, lambda: b64bytes(48)),
    ("grep-r-password", lambda s: (
        "$ grep -rn password config/\nconfig/database.yml:12:  password: %s\nconfig/locales/en.yml:40:  password: \"Password\"" % s), term_secret),
    ("git-remote-v", lambda s: (
        "$ git remote -v\norigin\thttps://ci-bot:%s@git.example.com/acme/api.git (fetch)\norigin\thttps://ci-bot:%s@git.example.com/acme/api.git (push)" % (s, s)), lambda: J("gl", "pat-") + rs(20, B64U)),
    ("git-config-list", lambda s: (
        "$ git config --list --show-origin | grep url\nfile:.git/config\tremote.origin.url=https://x-access-token:%s@github.com/acme/web.git" % s), lambda: J("gh", "s_") + rs(36)),
    ("npm-config-list", lambda s: (
        "$ npm config list\n; \"user\" config from /home/ci/.npmrc\n\n//registry.npmjs.org/:_authToken = \"%s\"\nregistry = \"https://registry.npmjs.org/\"" % s), lambda: J("np", "m_") + rs(36)),
    ("pip-config-list", lambda s: "$ pip config list\nglobal.index-url='https://build:%s@nexus.corp/repository/pypi/simple'" % s, lambda: password(sym="-_.~")),
    ("pulumi-config-show-secrets", lambda s: (
        "$ pulumi config --show-secrets\nKEY               VALUE\naws:region        eu-west-1\ndbPassword        %s\nreplicas          3" % s), term_secret),
    ("rails-credentials-show", lambda s: (
        "$ bin/rails credentials:show\nsecret_key_base: %s\nstripe:\n  publishable_key: pk_test_51Hx\n" % s), lambda: hx(128)),
    ("ansible-vault-view", lambda s: "$ ansible-vault view group_vars/prod/vault.yml\nVault password: \nvault_db_password: %s\nvault_smtp_user: mailer" % s, term_secret),
    ("sops-decrypt", lambda s: (
        "$ sops -d secrets.enc.yaml\napi:\n    token: %s\n    url: https://api.internal" % s), term_secret),
    ("curl-oauth-token-response", lambda s: (
        "$ curl -s -X POST https://auth.example.com/oauth/token -d grant_type=client_credentials -d client_id=reporting\n{\"access_token\":\"%s\",\"token_type\":\"Bearer\",\"expires_in\":3600,\"scope\":\"reports:read\"}" % s), jwt),
    ("curl-v-authorization", lambda s: (
        "$ curl -v https://api.example.com/v1/me\n* Connected to api.example.com (93.184.216.34) port 443\n> GET /v1/me HTTP/2\n> Host: api.example.com\n> authorization: Bearer %s\n> user-agent: curl/8.5.0\n< HTTP/2 200" % s), term_secret),
    ("set-x-trace", lambda s: (
        "$ bash -x deploy.sh\n+ source .deployrc\n++ export REGISTRY_PASSWORD=%s\n++ REGISTRY_PASSWORD=%s\n+ docker login -u ci --password-stdin registry.example.com\nLogin Succeeded" % (s, s)), term_secret),
    ("ci-log-unmasked", lambda s: (
        "2025-03-02T10:11:12.345Z ##[group]Run ./scripts/publish.sh\n2025-03-02T10:11:12.346Z publishing with key %s\n2025-03-02T10:11:13.001Z ##[endgroup]" % s), lambda: rs(4, LOW) + "_" + rs(40)),
    ("gitlab-ci-job-log", lambda s: (
        "$ echo \"using token $DEPLOY_TOKEN\"\nusing token %s\n$ ./deploy.sh production\nJob succeeded" % s), lambda: J("gl", "dt-") + rs(20, B64U)),
    ("python-traceback-dsn", lambda s: (
        "Traceback (most recent call last):\n  File \"/app/worker.py\", line 18, in <module>\n    engine = create_engine(DSN)\nsqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server failed\n[SQL: dsn=postgresql://worker:%s@10.0.3.4:5432/jobs]" % s), lambda: password(sym="-_.~")),
    ("java-stack-jdbc", lambda s: (
        "Caused by: java.sql.SQLException: Access denied for user 'app'@'10.2.0.8' (using password: YES)\n\tat com.mysql.cj.jdbc.ConnectionImpl.createNewIO(ConnectionImpl.java:836)\n  url=jdbc:mysql://db:3306/app?user=app&password=%s" % s), lambda: password(sym="-_.~")),
    ("docker-compose-config", lambda s: (
        "$ docker compose config\nservices:\n  db:\n    environment:\n      MYSQL_ROOT_PASSWORD: %s\n      MYSQL_DATABASE: app\n    image: mysql:8.0" % s), term_secret),
    ("supabase-status", lambda s: (
        "$ supabase status\n         API URL: http://127.0.0.1:54321\n          DB URL: postgresql://postgres:postgres@127.0.0.1:54322/postgres\n        anon key: eyJhbGciOiJIUzI1NiJ9.e30.anon\nservice_role key: %s" % s), jwt),
    ("stripe-login-output", lambda s: (
        "$ stripe config --list\n[default]\ndevice_name = ops-laptop\nlive_mode_api_key = '%s'\ntest_mode_api_key = 'sk_test_redacted'" % s), lambda: J("rk", "_li", "ve_") + rs(99)),
    ("wg-genkey", lambda s: "$ wg genkey | tee privatekey | wg pubkey > publickey\n$ cat privatekey\n%s" % s, lambda: b64bytes(32)),
    ("age-keygen", lambda s: (
        "$ age-keygen -o key.txt\nPublic key: age1%s\n$ cat key.txt\n# created: 2025-01-20T11:02:33Z\n# public key: age1...\n%s" % (rs(58, BECH), s)), lambda: "AGE-SECRET-KEY-1" + rs(58, BECH.upper())),
    ("mysql-show-grants-identified", lambda s: (
        "mysql> CREATE USER 'report'@'%%' IDENTIFIED BY '%s';\nQuery OK, 0 rows affected (0.02 sec)" % s), lambda: password(sym="!#%*-_+.^~")),
    ("psql-alter-role", lambda s: "appdb=# ALTER ROLE app WITH PASSWORD '%s';\nALTER ROLE" % s, lambda: password(sym="!#%*-_+.^~")),
    ("redis-config-get", lambda s: "127.0.0.1:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"%s\"" % s, lambda: pw_random(32, "")),
    ("systemctl-show-env", lambda s: (
        "$ systemctl show api.service -p Environment\nEnvironment=NODE_ENV=production API_SIGNING_KEY=%s PORT=3000" % s), term_secret),
    ("journalctl-leak", lambda s: (
        "$ journalctl -u billing -n 3\nFeb 11 09:14:03 app01 billing[812]: starting with config {'mode': 'live', 'api_secret': '%s'}\nFeb 11 09:14:04 app01 billing[812]: listening on :9000" % s), term_secret),
    ("mongo-connection-log", lambda s: (
        "$ node server.js\n[db] connecting to mongodb+srv://app:%s@cluster0.ab1cd.mongodb.net/prod?retryWrites=true\n[db] connected" % s), lambda: password(sym="-_.~")),
    ("jupyter-server-list", lambda s: (
        "$ jupyter server list\nCurrently running servers:\nhttp://localhost:8888/?token=%s :: /home/ds/notebooks" % s), lambda: hx(48)),
    ("minikube-dashboard-token", lambda s: (
        "$ kubectl -n kubernetes-dashboard create token admin-user\n%s" % s), jwt),
    ("argocd-initial-admin", lambda s: (
        "$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath=\"{.data.password}\" | base64 -d; echo\n%s" % s), lambda: rs(16, ALNUM + "-")),
    ("grafana-cli-reset", lambda s: "$ grafana-cli admin reset-admin-password %s\nAdmin password changed successfully" % s, lambda: password()),
    ("npm-token-create", lambda s: (
        "$ npm token create --read-only\n\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2510\n\u2502 token    \u2502 %s \u2502\n\u2502 readonly \u2502 true \u2502\n\u2502 created  \u2502 2025-02-11 \u2502" % s), lambda: J("np", "m_") + rs(36)),
    ("elastic-reset-password", lambda s: (
        "$ bin/elasticsearch-reset-password -u elastic -a -b\nPassword for the [elastic] user successfully reset.\nNew value: %s" % s), lambda: rs(20, ALNUM + "*_=+-")),
    ("jenkins-initial-admin", lambda s: "$ sudo cat /var/lib/jenkins/secrets/initialAdminPassword\n%s" % s, lambda: hx(32)),
    ("rabbitmq-list-users-defs", lambda s: (
        "$ rabbitmqadmin export /dev/stdout | jq .users\n[{\"name\": \"app\", \"password\": \"%s\", \"tags\": \"\"}]" % s), lambda: password()),
    ("cat-secret-file-mounted", lambda s: "$ cat /run/secrets/db_password\n%s" % s, lambda: password()),
    ("powershell-get-content", lambda s: (
        "PS C:\\deploy> Get-Content .\\appsettings.Production.json | Select-String Password\n\n    \"Password\": \"%s\"," % s), lambda: password()),
    ("powershell-env-listing", lambda s: (
        "PS C:\\> Get-ChildItem Env: | Where-Object Name -like '*KEY*'\n\nName                           Value\n----                           -----\nPSModulePath                   C:\\Program Files\\WindowsPowerShell\\Modules\nSERVICEBUS_KEY                 %s" % s), lambda: b64bytes(32)),
    ("windows-cmdkey-list-plus-set", lambda s: (
        "C:\\> set | findstr /i pass\nSQL_PASS=%s\nPATHEXT=.COM;.EXE;.BAT;.CMD" % s), lambda: password()),
    ("python-repl-settings", lambda s: (
        ">>> from django.conf import settings\n>>> settings.EMAIL_HOST_PASSWORD\n'%s'" % s), lambda: password()),
    ("irb-credentials", lambda s: "irb(main):001> Rails.application.credentials.aws[:secret_access_key]\n=> \"%s\"" % s, aws_secret),
    ("node-repl-env", lambda s: "> process.env.PAYMENT_GATEWAY_SECRET\n'%s'" % s, term_secret),
    ("flyctl-ssh-printenv", lambda s: (
        "$ fly ssh console -C 'printenv REDIS_URL'\nConnecting to fdaa:0:1::3... complete\nredis://default:%s@fly-acme-redis.upstash.io:6379" % s), lambda: hx(32)),
    ("psql-select-config", lambda s: (
        "appdb=> select key, value from app_config where key like '%%token%%';\n     key      |  value\n--------------+----------\n slack_token  | %s\n(1 row)" % s), lambda: J("xo", "xb-") + digits(11) + "-" + digits(13) + "-" + rs(24)),
    ("sqlite-select-users", lambda s: (
        "sqlite> select email, api_key from users limit 1;\nops@example.com|%s" % s), lambda: rs(4, LOW) + "_" + rs(32)),
    ("docker-logs-leak", lambda s: (
        "$ docker logs --tail 3 worker\nINFO  boot: config loaded\nDEBUG smtp: AUTH PLAIN %s\nINFO  smtp: 235 2.7.0 Authentication successful" % s), lambda: b64s("\x00mailer@example.com\x00" + password())),
    ("tailscale-up-authkey", lambda s: "$ sudo tailscale up --authkey=%s --ssh\nSuccess." % s, lambda: J("tsk", "ey-auth-") + rs(17) + "CNTRL-" + rs(33)),
    ("strace-write-leak", lambda s: (
        "$ strace -e trace=write -p 4121\nwrite(5, \"AUTH %s\\r\\n\", 40) = 40" % s), lambda: pw_random(24, "")),
    ("tcpdump-basic-auth", lambda s: (
        "$ sudo tcpdump -A -i eth0 port 80 | grep -i authorization\nAuthorization: Basic %s" % s), lambda: b64s(pick(USERS) + ":" + password())),
    ("kubectl-describe-pod-env", lambda s: (
        "$ kubectl describe pod api-6b7f9-xk2lp\n    Environment:\n      LOG_LEVEL:       info\n      OPENSEARCH_PASS: %s\n      DB_PASS:         <set to the key 'password' in secret 'db'>  Optional: false" % s), term_secret),
]
for _fmt, _fn, _sg in TERM:
    for _i in range(R.choice([2, 3, 3])):
        _s = _sg()
        add("terminal-session", _fmt, _fn(_s), _s, "")


# ---------------------------------------------------------------------------
# code in many languages
# ---------------------------------------------------------------------------
def code_secret():
    k = R.randint(0, 7)
    if k == 0:
        return password(sym="!#%*-_+.^~")
    if k == 1:
        return rs(R.randint(32, 48))
    if k == 2:
        return hx(R.choice([32, 40, 64]))
    if k == 3:
        return b64bytes(R.choice([24, 32]))
    if k == 4:
        c = pick(COMPANIES)
        return c[:3] + pick(["_live_", "-prod-", "_sk_", ".", "_"]) + rs(R.randint(28, 44))
    if k == 5:
        return pick([J("sk", "_li", "ve_") + rs(24), J("gh", "p_") + rs(36), J("xo", "xb-") + digits(11) + "-" + digits(13) + "-" + rs(24)])
    if k == 6:
        return rs(R.randint(20, 30), B64U)
    return pw_human(sym="!#%*-_+.^~")


CODE = [
    ("go-const", 'const <<NC>> = "<<V>>"'),
    ("go-struct-literal", 'cfg := Config{\n\tEndpoint: "https://api.internal",\n\t<<NC>>: "<<V>>",\n\tTimeout: 5 * time.Second,\n}'),
    ("go-header-set", 'req.Header.Set("X-Api-Key", "<<V>>")'),
    ("go-map-literal", 'creds := map[string]string{"user": "svc", "<<N>>": "<<V>>"}'),
    ("go-os-setenv", 'os.Setenv("<<NU>>", "<<V>>")'),
    ("go-backtick", 'var <<N>> = `<<V>>`'),
    ("rust-const", 'const <<NU>>: &str = "<<V>>";'),
    ("rust-let-string", 'let <<N>> = String::from("<<V>>");'),
    ("rust-header", '.header("Authorization", format!("Bearer {}", "<<V>>"))'),
    ("rust-raw-string", 'static <<NU>>: &str = r#"<<V>>"#;'),
    ("java-static-final", 'private static final String <<NU>> = "<<V>>";'),
    ("java-properties-set", 'props.setProperty("<<N>>", "<<V>>");'),
    ("java-builder", 'ApiClient client = ApiClient.builder().baseUrl(BASE).<<N>>("<<V>>").build();'),
    ("java-annotation-value", '@Value("${api.key:<<V>>}")\nprivate String apiKey;'),
    ("kotlin-val", 'val <<N>> = "<<V>>"'),
    ("kotlin-const-val", 'const val <<NU>> = "<<V>>"'),
    ("kotlin-buildconfig", 'buildConfigField("String", "<<NU>>", "\\"<<V>>\\"")'),
    ("csharp-const", 'private const string <<NC>> = "<<V>>";'),
    ("csharp-verbatim", 'var <<N>> = @"<<V>>";'),
    ("csharp-default-headers", 'client.DefaultRequestHeaders.Add("Ocp-Apim-Subscription-Key", "<<V>>");'),
    ("csharp-env-set", 'Environment.SetEnvironmentVariable("<<NU>>", "<<V>>");'),
    ("swift-let", 'let <<N>> = "<<V>>"'),
    ("swift-static", 'static let <<N>>: String = "<<V>>"'),
    ("swift-header", 'request.setValue("Bearer <<V>>", forHTTPHeaderField: "Authorization")'),
    ("objc-nsstring", 'NSString *const k<<NC>> = @"<<V>>";'),
    ("php-define", "define('<<NU>>', '<<V>>');"),
    ("php-array", "'<<N>>' => '<<V>>',"),
    ("php-var", '$<<N>> = "<<V>>";'),
    ("ruby-const", '<<NU>> = "<<V>>".freeze'),
    ("ruby-hash-symbol", 'config = { endpoint: "https://api.example.com", <<N>>: "<<V>>" }'),
    ("ruby-env-fetch-default", "ENV.fetch('<<NU>>', '<<V>>')"),
    ("elixir-config", 'config :my_app, MyApp.Mailer,\n  adapter: Swoosh.Adapters.Mailgun,\n  <<N>>: "<<V>>"'),
    ("elixir-module-attr", '@<<N>> "<<V>>"'),
    ("scala-val", 'val <<N>>: String = "<<V>>"'),
    ("scala-config-map", 'Map("<<N>>" -> "<<V>>", "region" -> "eu-west-1")'),
    ("lua-local", 'local <<N>> = "<<V>>"'),
    ("lua-table", 'local cfg = { host = "redis.local", <<N>> = "<<V>>" }'),
    ("perl-my", 'my $<<N>> = "<<V>>";'),
    ("perl-hash", "my %conf = ( user => 'svc', <<N>> => '<<V>>' );"),
    ("bash-var", '<<NU>>="<<V>>"\ncurl -H "X-Token: $<<NU>>" https://api.internal/v1/jobs'),
    ("bash-readonly", "readonly <<NU>>='<<V>>'"),
    ("bash-heredoc-config", "cat > /etc/app/app.conf <<EOF\n[auth]\n<<N>> = <<V>>\nEOF"),
    ("powershell-var", '$<<NC>> = "<<V>>"'),
    ("powershell-hashtable", '$headers = @{ "Authorization" = "Bearer <<V>>"; "Accept" = "application/json" }'),
    ("powershell-env", "$env:<<NU>> = '<<V>>'"),
    ("sql-create-user", "CREATE USER app_rw WITH PASSWORD '<<V>>';"),
    ("sql-insert-config", "INSERT INTO integrations (name, <<N>>) VALUES ('billing', '<<V>>');"),
    ("sql-server-login", "CREATE LOGIN etl WITH PASSWORD = N'<<V>>', CHECK_POLICY = OFF;"),
    ("sql-update-secret", "UPDATE settings SET value = '<<V>>' WHERE key = '<<N>>';"),
    ("terraform-variable-default", 'variable "<<N>>" {\n  type      = string\n  default   = "<<V>>"\n  sensitive = true\n}'),
    ("terraform-provider-block", 'provider "datadog" {\n  api_key = "<<V>>"\n  app_key = var.dd_app_key\n}'),
    ("terraform-resource-password", 'resource "aws_db_instance" "main" {\n  engine   = "postgres"\n  username = "app"\n  password = "<<V>>"\n}'),
    ("terraform-tfvars", '<<N>> = "<<V>>"'),
    ("dart-const", "const String <<N>> = '<<V>>';"),
    ("c-define", '#define <<NU>> "<<V>>"'),
    ("cpp-constexpr", 'constexpr char k<<NC>>[] = "<<V>>";'),
    ("haskell-binding", '<<N>> :: Text\n<<N>> = "<<V>>"'),
    ("r-sys-setenv", 'Sys.setenv(<<NU>> = "<<V>>")'),
    ("groovy-jenkinsfile-env", "environment {\n    <<NU>> = '<<V>>'\n}"),
    ("clojure-def", '(def <<N>> "<<V>>")'),
    ("fsharp-let", 'let <<N>> = "<<V>>"'),
    ("julia-const", 'const <<NU>> = "<<V>>"'),
    ("zig-const", 'const <<N>> = "<<V>>";'),
    ("nim-let", 'let <<N>> = "<<V>>"'),
    ("python-class-attr", 'class Settings:\n    <<NU>> = "<<V>>"'),
    ("python-getenv-default", 'token = os.getenv("API_TOKEN", "<<V>>")'),
    ("ts-export-const", "export const <<N>>: string = '<<V>>';"),
    ("js-template-literal", "const url = `https://hooks.example.com/notify?<<N>>=<<V>>`;"),
    ("vb-net-dim", 'Dim <<N>> As String = "<<V>>"'),
    ("matlab-assign", "<<N>> = '<<V>>';"),
    ("yaml-anchored-in-code", "# application.conf (HOCON)\nauth {\n  <<N>> = \"<<V>>\"\n}"),
]
NAMES = ["apiKey", "apiSecret", "authToken", "clientSecret", "password", "dbPassword", "accessToken",
         "secretKey", "signingKey", "webhookSecret", "privateToken", "masterKey", "serviceToken",
         "credential", "encryptionKey", "sessionSecret", "bearerToken", "adminPass", "passwd", "hmacKey"]


def snake(n):
    out = ""
    for ch in n:
        out += ("_" + ch.lower()) if ch.isupper() else ch
    return out


for _fmt, _tpl in CODE:
    for _i in range(R.choice([2, 3, 3, 4])):
        _n = pick(NAMES)
        _v = code_secret()
        if "\\\"" in _tpl or "'" in _tpl:
            while "'" in _v or '"' in _v:
                _v = code_secret()
        _txt = sub(_tpl, N=_n if R.random() < .6 else snake(_n), NU=snake(_n).upper(), NC=_n[0].upper() + _n[1:], V=_v)
        add("code-literal", _fmt, _txt, _v, _n)


# ---------------------------------------------------------------------------
# config files in many syntaxes
# ---------------------------------------------------------------------------
CONFIG = [
    ("json-nested", '{\n  "database": {\n    "host": "db",\n    "user": "app",\n    "<<N>>": "<<V>>"\n  }\n}'),
    ("json-minified", '{"service":"mailer","<<N>>":"<<V>>","retries":3}'),
    ("yaml-nested", "smtp:\n  host: smtp.example.com\n  port: 587\n  <<N>>: <<V>>"),
    ("yaml-quoted", "<<N>>: '<<V>>'"),
    ("yaml-block-scalar", "<<N>>: |\n  <<V>>\nnext_key: value"),
    ("yaml-next-line-value", "credentials:\n  <<N>>:\n    <<V>>"),
    ("toml-section", '[api]\nbase_url = "https://api.example.com"\n<<N>> = "<<V>>"'),
    ("toml-literal", "<<N>> = '<<V>>'"),
    ("ini-section", "[auth]\n<<N>>=<<V>>\nttl=3600"),
    ("ini-colon", "[mail]\nuser: mailer\n<<N>>: <<V>>"),
    ("xml-element", "<configuration>\n  <<<N>>><<V>></<<N>>>\n</configuration>"),
    ("xml-attribute", '<add key="<<N>>" value="<<V>>" />'),
    ("hcl-block", 'auth {\n  method   = "token"\n  <<N>>    = "<<V>>"\n}'),
    ("dotenv-plain", "<<NU>>=<<V>>"),
    ("dotenv-quoted", '<<NU>>="<<V>>"'),
    ("dotenv-comment-after", "<<NU>>=<<V>> # rotated 2025-01"),
    ("java-properties", "app.<<N>>=<<V>>"),
    ("java-properties-colon", "app.<<N>> : <<V>>"),
    ("shell-export", "export <<NU>>=<<V>>"),
    ("shell-export-single", "export <<NU>>='<<V>>'"),
    ("dockerfile-env", "FROM node:20-alpine\nENV <<NU>>=<<V>>\nRUN npm ci"),
    ("dockerfile-arg", "ARG <<NU>>=<<V>>\nRUN ./configure --with-key=$<<NU>>"),
    ("k8s-secret-stringdata", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ntype: Opaque\nstringData:\n  <<N>>: \"<<V>>\""),
    ("helm-values", "postgresql:\n  auth:\n    username: app\n    <<N>>: <<V>>\n  primary:\n    persistence:\n      size: 20Gi"),
    ("compose-environment-list", "services:\n  api:\n    image: acme/api:2.3\n    environment:\n      - <<NU>>=<<V>>\n      - LOG_LEVEL=info"),
    ("compose-environment-map", "    environment:\n      <<NU>>: \"<<V>>\""),
    ("gha-env-literal", "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      <<NU>>: <<V>>\n    steps:\n      - run: ./deploy.sh"),
    ("gitlab-ci-variables", "variables:\n  <<NU>>: \"<<V>>\"\n  DOCKER_DRIVER: overlay2"),
    ("systemd-environment", "[Service]\nEnvironment=\"<<NU>>=<<V>>\"\nExecStart=/usr/local/bin/api"),
    ("supervisord-environment", "[program:worker]\ncommand=/srv/venv/bin/celery -A app worker\nenvironment=<<NU>>=\"<<V>>\",LANG=\"C.UTF-8\""),
    ("nginx-proxy-header", "location /api/ {\n    proxy_pass http://backend;\n    proxy_set_header Authorization \"Bearer <<V>>\";\n}"),
    ("apache-setenv", "SetEnv <<NU>> <<V>>"),
    ("prometheus-basic-auth", "scrape_configs:\n  - job_name: node\n    basic_auth:\n      username: prom\n      password: <<V>>"),
    ("prometheus-bearer", "    bearer_token: <<V>>"),
    ("airflow-connection-env", "AIRFLOW_CONN_WAREHOUSE='{\"conn_type\": \"postgres\", \"login\": \"etl\", \"password\": \"<<V>>\", \"host\": \"dw\"}'"),
    ("serverless-yml", "provider:\n  name: aws\n  environment:\n    <<NU>>: <<V>>"),
    ("launchd-plist", "<key>EnvironmentVariables</key>\n<dict>\n    <key><<NU>></key>\n    <string><<V>></string>\n</dict>"),
    ("crontab-inline-env", "0 3 * * * <<NU>>=<<V>> /opt/backup/run.sh >> /var/log/backup.log 2>&1"),
    ("logstash-output", "output {\n  elasticsearch {\n    hosts => [\"https://es:9200\"]\n    user => \"logstash_internal\"\n    password => \"<<V>>\"\n  }\n}"),
    ("fluentd-match", "<match app.**>\n  @type s3\n  aws_key_id AKIA_FROM_ROLE\n  aws_sec_key <<V>>\n</match>"),
    ("php-env-array", "return [\n    'driver' => 'smtp',\n    '<<N>>' => env('MAIL_PASSWORD', '<<V>>'),\n];"),
    ("properties-escaped-colon", "ldap.bind.<<N>>=<<V>>\nldap.url=ldap\\://ldap.corp\\:389"),
    ("jsonc-comment", "{\n  // staging credentials\n  \"<<N>>\": \"<<V>>\", /* TODO vault */\n}"),
    ("json5-unquoted-key", "{ <<N>>: '<<V>>', retries: 3 }"),
    ("vscode-settings-json", '{\n  "sqltools.connections": [{"name": "prod", "server": "db", "username": "ro", "password": "<<V>>"}]\n}'),
    ("reg-file-value", 'Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Acme\\Agent]\n"<<NC>>"="<<V>>"'),
    ("cloud-init-chpasswd", "#cloud-config\nchpasswd:\n  list: |\n    ubuntu:<<V>>\n  expire: False"),
    ("netplan-wifi", "wifis:\n  wlan0:\n    access-points:\n      \"Corp-WiFi\":\n        password: \"<<V>>\""),
]


def config_secret():
    k = R.randint(0, 4)
    if k == 0:
        return password(sym="!#%*-_+.^~@")
    if k == 1:
        return rs(R.randint(24, 48))
    if k == 2:
        return b64bytes(R.choice([18, 32]))
    if k == 3:
        return pw_human(sym="!#%*-_+.^~")
    return code_secret()


for _fmt, _tpl in CONFIG:
    for _i in range(R.choice([1, 1, 2])):
        _n = pick(["password", "api_key", "secret", "token", "client_secret", "auth_token", "passphrase",
                   "secret_key", "access_token", "private_key", "signing_secret", "db_password", "pass", "apiKey"])
        _v = config_secret()
        while "'" in _v or '"' in _v or "\\" in _v:
            _v = config_secret()
        _txt = sub(_tpl, N=_n, NU=_n.upper(), NC=_n.capitalize(), V=_v)
        add("config-line", _fmt, _txt, _v, _n)
for _i in range(3):
    _v = config_secret()
    _b = b64s(_v)
    add("config-line", "k8s-secret-data-base64", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\ndata:\n  password: %s\n  username: %s" % (pick(["db", "smtp", "registry"]), _b, b64s(pick(USERS))), _b, "password")
_b = b64s(J("gh", "p_") + rs(36))
add("config-line", "k8s-secret-data-base64-token", "data:\n  token: %s" % _b, _b, "token")
_v = b64s('{"auths":{"ghcr.io":{"auth":"%s"}}}' % b64s("ci:" + password()))
add("config-line", "k8s-dockerconfigjson", "type: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: %s" % _v, _v, ".dockerconfigjson")


# ---------------------------------------------------------------------------
# connection strings and URLs with userinfo
# ---------------------------------------------------------------------------
CONN = [
    ("url-postgres", "postgres://<<U>>:<<P>>@<<H>>:5432/app"),
    ("url-postgresql-sslmode", "DATABASE_URL=postgresql://<<U>>:<<P>>@<<H>>/prod?sslmode=require"),
    ("url-postgres-asyncpg", "SQLALCHEMY_DATABASE_URI = 'postgresql+asyncpg://<<U>>:<<P>>@<<H>>/app'"),
    ("url-mysql", "mysql://<<U>>:<<P>>@<<H>>:3306/shop"),
    ("url-mysql-pymysql", "engine = create_engine(\"mysql+pymysql://<<U>>:<<P>>@<<H>>/etl?charset=utf8mb4\")"),
    ("url-mariadb", "mariadb://<<U>>:<<P>>@<<H>>/wiki"),
    ("url-mongodb", "mongodb://<<U>>:<<P>>@<<H>>:27017/?authSource=admin"),
    ("url-mongodb-srv", "MONGO_URI=mongodb+srv://<<U>>:<<P>>@cluster0.x1y2z.mongodb.net/prod"),
    ("url-redis-password-only", "REDIS_URL=redis://:<<P>>@<<H>>:6379/0"),
    ("url-rediss", "rediss://default:<<P>>@<<H>>:25061"),
    ("url-amqp", "CELERY_BROKER_URL=amqp://<<U>>:<<P>>@<<H>>:5672/vhost"),
    ("url-amqps", "amqps://<<U>>:<<P>>@b-1234.mq.eu-west-1.amazonaws.com:5671"),
    ("url-ftp", "ftp://<<U>>:<<P>>@<<H>>/uploads/"),
    ("url-sftp", "sftp://<<U>>:<<P>>@<<H>>:22/data"),
    ("url-smtp", "EMAIL_URL=smtp://<<U>>:<<P>>@smtp.mailgun.org:587"),
    ("url-smtps", "smtps://<<U>>%40example.com:<<P>>@smtp.gmail.com:465"),
    ("url-https-basic", "https://<<U>>:<<P>>@artifacts.example.com/repository/releases/"),
    ("url-http-proxy-env", "export HTTPS_PROXY=http://<<U>>:<<P>>@proxy.corp:3128"),
    ("url-socks5", "ALL_PROXY=socks5h://<<U>>:<<P>>@10.8.0.1:1080"),
    ("url-nats", "nats://<<U>>:<<P>>@<<H>>:4222"),
    ("url-mqtt", "mqtt://<<U>>:<<P>>@broker.local:1883"),
    ("url-rtsp-camera", "ffmpeg -i rtsp://admin:<<P>>@192.168.1.64:554/Streaming/Channels/101 -t 10 clip.mp4"),
    ("url-clickhouse", "clickhouse://<<U>>:<<P>>@<<H>>:9000/default"),
    ("url-cockroach", "postgresql://<<U>>:<<P>>@free-tier.gcp-us-central1.cockroachlabs.cloud:26257/defaultdb"),
    ("url-snowflake", "snowflake://<<U>>:<<P>>@xy12345.eu-west-1/ANALYTICS/PUBLIC?warehouse=WH"),
    ("url-neo4j", "NEO4J_URI=neo4j+s://neo4j:<<P>>@1a2b3c4d.databases.neo4j.io"),
    ("url-elasticsearch", "ELASTICSEARCH_URL=https://elastic:<<P>>@es.internal:9200"),
    ("url-couchdb", "http://<<U>>:<<P>>@couch.local:5984/_all_dbs"),
    ("url-imap", "imaps://<<U>>:<<P>>@imap.example.com:993/INBOX"),
    ("url-ldap", "ldaps://cn=reader:<<P>>@ldap.corp:636"),
    ("url-git-https-token", "https://x-token-auth:<<P>>@bitbucket.org/acme/api.git"),
    ("url-svn", "svn+https://<<U>>:<<P>>@svn.example.com/repo"),
    ("url-webdav", "davs://<<U>>:<<P>>@cloud.example.com/remote.php/dav/files/<<U>>/"),
    ("url-ws", "const ws = new WebSocket('wss://<<U>>:<<P>>@stream.example.com/feed');"),
    ("url-memcached-sasl", "MEMCACHIER_SERVERS=<<U>>:<<P>>@mc1.dev.eu.ec2.memcachier.com:11211"),
    ("url-encoded-password", "postgresql://<<U>>:<<PE>>@<<H>>:5432/app"),
    ("url-encoded-in-query", "https://api.example.com/login?user=<<U>>&password=<<PE>>&remember=1"),
    ("ado-sqlserver", "Server=tcp:<<H>>,1433;Initial Catalog=Orders;User ID=<<U>>;Password=<<P>>;Encrypt=True;"),
    ("ado-pwd-short", "Driver={ODBC Driver 18 for SQL Server};Server=<<H>>;Database=dw;UID=<<U>>;PWD=<<P>>;"),
    ("ado-pwd-braced", "Driver={ODBC Driver 17 for SQL Server};Server=<<H>>;UID=<<U>>;PWD={<<P>>};"),
    ("npgsql-string", "Host=<<H>>;Username=<<U>>;Password=<<P>>;Database=app;Pooling=true"),
    ("mysql-connector-net", "server=<<H>>;uid=<<U>>;pwd=<<P>>;database=crm"),
    ("jdbc-postgres-query", "jdbc:postgresql://<<H>>:5432/app?user=<<U>>&password=<<P>>&ssl=true"),
    ("jdbc-mysql-userinfo", "jdbc:mysql://<<U>>:<<P>>@<<H>>:3306/inventory"),
    ("jdbc-oracle-thin", "jdbc:oracle:thin:<<U>>/<<P>>@<<H>>:1521/ORCL"),
    ("jdbc-sqlserver", "jdbc:sqlserver://<<H>>:1433;databaseName=erp;user=<<U>>;password=<<P>>;"),
    ("libpq-keyword", "dsn = \"host=<<H>> port=5432 dbname=app user=<<U>> password=<<P>>\""),
    ("oracle-ezconnect-slash", "<<U>>/<<P>>@<<H>>:1521/XEPDB1"),
    ("kafka-jaas-config", "sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username=\"<<U>>\" password=\"<<P>>\";"),
]
for _fmt, _tpl in CONN:
    for _i in range(R.choice([1, 1, 2])):
        _u, _h = pick(USERS), pick(HOSTS)
        _p = password(sym="!#%*-_+.^~@:/") if "<<PE>>" in _tpl else password(sym="-_.~" if "<<U>>:" in _tpl or "//" in _tpl else "!#%*-_+.^~")
        _pe = urllib.parse.quote(_p, safe="")
        _txt = sub(_tpl, U=_u, P=_p, PE=_pe, H=_h)
        _sec = _pe if "<<PE>>" in _tpl else _p
        add("connection-string", _fmt, _txt, _sec, _u if "<<U>>" in _tpl else "")
for _i in range(2):
    _k = b64bytes(64)
    add("connection-string", "azure-storage-connstr", "DefaultEndpointsProtocol=https;AccountName=acmeprodlogs;AccountKey=%s;EndpointSuffix=core.windows.net" % _k, _k, "acmeprodlogs")
for _i in range(2):
    _k = b64bytes(32)
    add("connection-string", "azure-servicebus-connstr", "Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=%s" % _k, _k, "RootManageSharedAccessKey")
_k = b64bytes(64)
add("connection-string", "cosmos-connstr", "AccountEndpoint=https://acme-cosmos.documents.azure.com:443/;AccountKey=%s;" % _k, _k, "acme-cosmos")
_k = urllib.parse.quote(b64bytes(32), safe="")
add("connection-string", "azure-sas-url-sig", "https://acmeprodlogs.blob.core.windows.net/exports/report.csv?sv=2022-11-02&ss=b&srt=o&sp=r&se=2025-12-31T00:00:00Z&spr=https&sig=%s" % _k, _k, "sig")
_k = b64bytes(32)
add("connection-string", "signalr-connstr", "Endpoint=https://acme.service.signalr.net;AccessKey=%s;Version=1.0;" % _k, _k, "AccessKey")


# ---------------------------------------------------------------------------
# prose notes, English and other languages
# ---------------------------------------------------------------------------
PROSE = [
    ("en-staging-password-is", "Note to self: the staging password is <<P>> (shared with QA)."),
    ("en-creds-user-pass", "DB creds for the migration: user <<U>>, pass <<P>>."),
    ("en-bot-token-rotate", "Token for the release bot: <<P>> - rotate after the demo."),
    ("en-decision-temp-key", "Decided to hardcode the temporary key <<P>> until the vault integration lands."),
    ("en-next-step-login", "Next step: log in to the admin panel as <<U>> with <<P>> and disable the old webhook."),
    ("en-found-in-logs", "Found the leaked secret in the worker logs: <<P>>. Needs rotation."),
    ("en-pw-colon-trailing", "root pw: <<P>>"),
    ("en-password-quoted", "He said the wifi password was \"<<P>>\" but it did not work."),
    ("en-markdown-table", "| service | user | password |\n|---|---|---|\n| grafana | <<U>> | <<P>> |"),
    ("en-bullet-list", "- host: <<H>>\n- user: <<U>>\n- password: <<P>>\n- port: 5432"),
    ("en-across-line-break", "The key for the partner sandbox is\n<<P>>\nand it expires on Friday."),
    ("en-passphrase", "The GPG passphrase is: <<P>>"),
    ("en-commit-message", "fix: use new signing secret <<P>> for webhooks (temporary)"),
    ("en-backticks", "Set `API_SECRET` to `<<P>>` in the staging env."),
    ("de-passwort", "Das Passwort f\u00fcr den Staging-Server ist <<P>>, bitte nicht weitergeben."),
    ("de-zugangsdaten", "Zugangsdaten: Benutzer <<U>>, Kennwort <<P>>"),
    ("fr-mot-de-passe", "Le mot de passe de la base de prod est <<P>>."),
    ("fr-jeton", "Jeton d'acc\u00e8s de l'API : <<P>>"),
    ("es-contrasena", "La contrase\u00f1a del servidor de pruebas es <<P>>"),
    ("es-clave", "clave de la API: <<P>>"),
    ("pt-senha", "A senha do banco de homologa\u00e7\u00e3o \u00e9 <<P>>"),
    ("it-password", "La password dell'utente <<U>> \u00e8 <<P>>"),
    ("nl-wachtwoord", "Het wachtwoord voor de NAS is <<P>>"),
    ("pl-haslo", "Has\u0142o do serwera: <<P>>"),
    ("ru-parol", "\u041f\u0430\u0440\u043e\u043b\u044c \u043e\u0442 \u0431\u0430\u0437\u044b: <<P>>"),
    ("ja-password", "\u672c\u756a\u74b0\u5883\u306e\u30d1\u30b9\u30ef\u30fc\u30c9\u306f <<P>> \u3067\u3059"),
    ("zh-mima", "\u6d4b\u8bd5\u670d\u52a1\u5668\u5bc6\u7801\u662f <<P>>"),
    ("ko-password", "\uc2a4\ud14c\uc774\uc9d5 \ube44\ubc00\ubc88\ud638\ub294 <<P>> \uc785\ub2c8\ub2e4"),
    ("tr-sifre", "Sunucu \u015fifresi: <<P>>"),
    ("sv-losenord", "L\u00f6senordet till routern \u00e4r <<P>>"),
    ("cs-heslo", "Heslo k datab\u00e1zi je <<P>>"),
    ("uk-token", "\u0422\u043e\u043a\u0435\u043d \u0434\u043b\u044f \u0431\u043e\u0442\u0430: <<P>>"),
]
for _fmt, _tpl in PROSE:
    for _i in range(R.choice([1, 2, 2])):
        _u, _h = pick(USERS), pick(HOSTS)
        _p = pick([password(sym="!#%*-_+.^~@"), pw_human(), pw_phrase("-"), code_secret(), rs(R.randint(20, 40))])
        if len(_p) < 8:
            _p += "2024!"
        add("prose", _fmt, sub(_tpl, U=_u, P=_p, H=_h), _p, _u if "<<U>>" in _tpl else "")


# ---------------------------------------------------------------------------
# private keys and wallet material
# ---------------------------------------------------------------------------
def pem_body(nbytes, width=64):
    b = b64bytes(nbytes)
    return "\n".join(b[i:i + width] for i in range(0, len(b), width))


def pk(fmt, text, secret, visible=""):
    add("private-key", fmt, text, secret, visible)


BIP39 = ["abandon", "ability", "absorb", "access", "accident", "acid", "across", "actor", "adapt", "admit",
         "beach", "become", "before", "bench", "bicycle", "blanket", "bottom", "brave", "bridge", "bubble",
         "cabin", "cactus", "canal", "carbon", "cattle", "census", "chalk", "chimney", "clarify", "coconut",
         "dawn", "decade", "degree", "desert", "device", "diamond", "dinner", "dolphin", "dragon", "dune",
         "eagle", "early", "echo", "elbow", "elegant", "empty", "energy", "engine", "enrich", "escape",
         "fabric", "famous", "feature", "fence", "fiber", "filter", "flame", "fluid", "foster", "frozen",
         "gadget", "galaxy", "garlic", "genius", "giraffe", "glimpse", "gospel", "gravity", "guitar", "gym",
         "harbor", "hazard", "hedgehog", "hollow", "hover", "humble", "hybrid", "icon", "impact", "inner"]

for _kind, _n in [("RSA PRIVATE KEY", 1190), ("EC PRIVATE KEY", 121), ("PRIVATE KEY", 1218), ("ENCRYPTED PRIVATE KEY", 1300), ("DSA PRIVATE KEY", 440)]:
    for _i in range(2):
        _b = pem_body(_n)
        _fmt = "pem-" + _kind.lower().replace(" ", "-")
        if _i == 0:
            _t = "-----BEGIN %s-----\n%s\n-----END %s-----" % (_kind, _b, _kind)
        else:
            _t = "$ cat deploy/%s.key\n-----BEGIN %s-----\n%s\n-----END %s-----\n$ chmod 600 deploy/*.key" % (pick(["tls", "jwt", "signing"]), _kind, _b, _kind)
        pk(_fmt, _t, _b, _kind)
_b = pem_body(400, 70)
pk("openssh-private-key", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA%s\n-----END OPENSSH PRIVATE KEY-----" % _b, _b, "OPENSSH")
_b = pem_body(400, 70)
pk("openssh-private-key-cat", "$ cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA%s\n-----END OPENSSH PRIVATE KEY-----" % _b, _b, "id_ed25519")
_b = pem_body(900)
pk("pgp-private-key-block", "-----BEGIN PGP PRIVATE KEY BLOCK-----\nComment: release signing\n\n%s\n=%s\n-----END PGP PRIVATE KEY BLOCK-----" % (_b, rs(4, B64)), _b, "PGP")
_b = pem_body(600)
pk("pem-in-json-escaped", '{"name": "github-app", "private_key": "-----BEGIN RSA PRIVATE KEY-----\\n%s\\n-----END RSA PRIVATE KEY-----\\n"}' % _b.replace("\n", "\\n"), _b.replace("\n", "\\n"), "github-app")
_b = pem_body(300)
pk("pem-in-yaml-block", "tls:\n  key: |\n    -----BEGIN PRIVATE KEY-----\n    %s\n    -----END PRIVATE KEY-----" % _b.replace("\n", "\n    "), _b.replace("\n", "\n    "), "tls")
_b = b64bytes(300)
pk("pem-in-env-oneline", "JWT_PRIVATE_KEY=\"-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\"" % _b, _b, "JWT_PRIVATE_KEY")
_pl = pem_body(600).replace("\n", "\n")
_pr = b64bytes(200)
pk("putty-ppk", "PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: deploy@ci\nPublic-Lines: 2\nAAAAB3NzaC1yc2EAAAADAQABAAABAQ%s\n%s\nPrivate-Lines: 1\n%s\nPrivate-MAC: %s" % (rs(40, B64), rs(30, B64), _pr, hx(64)), _pr, "PuTTY")
for _i in range(2):
    _k = "AGE-SECRET-KEY-1" + rs(58, BECH.upper())
    pk("age-secret-key", pick(["# created: 2025-01-02\n# public key: age1%s\n%s" % (rs(58, BECH), _k), "SOPS_AGE_KEY=%s" % _k]), _k, "AGE-SECRET-KEY")
for _i in range(3):
    _k = b64bytes(32)
    pk("wireguard-private-key", pick(["[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = %s\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = %s\nEndpoint = vpn.example.com:51820" % (_k, b64bytes(32)),
                                      "$ sudo cat /etc/wireguard/wg0.conf | grep -i private\nPrivateKey = %s" % _k,
                                      "wg set wg0 private-key <(echo %s)" % _k]), _k, "PrivateKey")
for _i in range(3):
    _m = " ".join(pick(BIP39) for _ in range(pick([12, 24])))
    pk("bip39-mnemonic", pick(["mnemonic: \"%s\"" % _m, "Recovery phrase for the treasury wallet: %s" % _m, "MNEMONIC='%s'" % _m]), _m, "mnemonic")
for _i in range(2):
    _k = "0x" + hx(64)
    pk("eth-private-key-hex", pick(["PRIVATE_KEY=%s" % _k, "const wallet = new ethers.Wallet(\"%s\", provider);" % _k]), _k, "wallet")
for _i in range(2):
    _k = pick(["K", "L"]) + rs(51, B58)
    pk("bitcoin-wif", "importprivkey %s \"cold-storage\" false" % _k if _i else "WIF: %s" % _k, _k, "WIF")
_k = "xprv9s21ZrQH143K" + rs(95, B58)
pk("bip32-xprv", "extended private key: %s" % _k, _k, "xprv")
_k = "nsec1" + rs(58, BECH)
pk("nostr-nsec", "NOSTR_NSEC=%s" % _k, _k, "nsec")
_arr = "[" + ",".join(str(R.randint(0, 255)) for _ in range(64)) + "]"
pk("solana-keypair-json", "$ cat ~/.config/solana/id.json\n%s" % _arr, _arr, "id.json")
for _i in range(2):
    _d = b64bytes(32, url=True, pad=False)
    pk("jwk-d", '{"kty":"EC","crv":"P-256","x":"%s","y":"%s","d":"%s","kid":"sig-2025"}' % (b64bytes(32, url=True, pad=False), b64bytes(32, url=True, pad=False), _d), _d, "sig-2025")
_d = b64bytes(256, url=True, pad=False)
pk("jwk-rsa-d", '{"kty":"RSA","n":"%s","e":"AQAB","d":"%s"}' % (b64bytes(256, url=True, pad=False), _d), _d, "RSA")
_k = "RWRTY0Iy" + rs(150, B64)
pk("minisign-secret", "untrusted comment: minisign encrypted secret key\n%s" % _k, _k, "minisign")
_k = b64bytes(64)
pk("tor-hs-ed25519-secret", "== ed25519v1-secret: type0 ==\n%s" % _k, _k, "ed25519v1-secret")
_k = hx(64)
pk("monero-spend-key", "Secret spend key: %s\nPublic spend key: %s" % (_k, hx(64)), _k, "spend")


# ---------------------------------------------------------------------------
# HTTP headers and cookies
# ---------------------------------------------------------------------------
def hh(fmt, text, secret, visible=""):
    add("http-header", fmt, text, secret, visible)


HEADERS = [
    ("authorization-bearer-curl", lambda s: "curl -H \"Authorization: Bearer %s\" https://api.example.com/v2/orders" % s, lambda: code_secret()),
    ("authorization-basic", lambda s: "Authorization: Basic %s" % s, lambda: b64s(pick(USERS) + ":" + password())),
    ("authorization-token-scheme", lambda s: "curl -H 'Authorization: Token %s' https://api.internal/v1/" % s, lambda: hx(40)),
    ("x-api-key-curl", lambda s: "curl -sS -H 'x-api-key: %s' https://gateway.example.com/ping" % s, lambda: rs(40)),
    ("x-auth-token-raw", lambda s: "GET /v3/servers HTTP/1.1\nHost: openstack.corp:8774\nX-Auth-Token: %s\nAccept: application/json" % s, lambda: "gAAAAA" + rs(180, B64U)),
    ("proxy-authorization", lambda s: "Proxy-Authorization: Basic %s" % s, lambda: b64s("proxyuser:" + password())),
    ("azure-api-key-header", lambda s: "api-key: %s" % s, lambda: hx(32)),
    ("x-vault-token-header", lambda s: "curl --header \"X-Vault-Token: %s\" https://vault:8200/v1/secret/data/app" % s, lambda: J("hv", "s.") + rs(24)),
    ("gitlab-private-token-header", lambda s: "curl --header \"PRIVATE-TOKEN: %s\" \"https://gitlab.example.com/api/v4/projects\"" % s, lambda: J("gl", "pat-") + rs(20, B64U)),
    ("shopify-access-token-header", lambda s: "X-Shopify-Access-Token: %s" % s, lambda: J("shp", "at_") + hx(32)),
    ("dd-api-key-header", lambda s: "curl -X POST https://api.datadoghq.eu/api/v2/series -H \"DD-API-KEY: %s\" -d @metrics.json" % s, lambda: hx(32)),
    ("custom-company-header", lambda s: "X-%s-Auth: %s" % (pick(COMPANIES).capitalize(), s), lambda: rs(R.randint(30, 50), B64U)),
    ("cookie-session-curl-b", lambda s: "curl -b 'connect.sid=%s' https://admin.example.com/api/users" % s, lambda: "s%3A" + rs(32, B64U) + "." + urllib.parse.quote(b64bytes(32, pad=False), safe="")),
    ("cookie-curl-cookie-long", lambda s: "curl --cookie \"sessionid=%s; csrftoken=abc\" https://app.example.com/" % s, lambda: rs(32, LOWNUM)),
    ("cookie-header-raw", lambda s: "Cookie: _ga=GA1.2.1234567.1700000000; laravel_session=%s; theme=dark" % s, lambda: b64bytes(120, pad=False)),
    ("set-cookie-response", lambda s: "< HTTP/1.1 302 Found\n< Set-Cookie: JSESSIONID=%s; Path=/; Secure; HttpOnly\n< Location: /dashboard" % s, lambda: rs(32, HEXU)),
    ("rails-session-cookie", lambda s: "Cookie: _myapp_session=%s" % s, lambda: rs(200, B64) + "--" + hx(40)),
    ("fetch-headers-js", lambda s: "await fetch(url, { headers: { 'Authorization': `Bearer %s`, 'Content-Type': 'application/json' } });" % s, lambda: code_secret()),
    ("requests-headers-py", lambda s: "requests.post(url, headers={'X-Api-Key': '%s'}, json=payload)" % s, lambda: rs(36)),
    ("httpie-header", lambda s: "http POST :8000/api/jobs Authorization:'Bearer %s' name=nightly" % s, lambda: jwt()),
    ("har-json-header", lambda s: '{"name": "authorization", "value": "Bearer %s"}' % s, lambda: jwt()),
    ("wget-header", lambda s: "wget --header='X-Auth-Key: %s' https://api.cloudflare.com/client/v4/zones" % s, lambda: hx(37)),
    ("grpcurl-metadata", lambda s: "grpcurl -H 'authorization: Bearer %s' -d '{}' api.internal:443 acme.v1.Jobs/List" % s, lambda: rs(48, B64U)),
    ("websocket-query-token", lambda s: "wss://realtime.example.com/socket?token=%s&vsn=2.0.0" % s, lambda: rs(40)),
    ("url-query-api-key", lambda s: "https://maps.example.com/api/geocode/json?address=Berlin&key=%s" % s, lambda: rs(39, B64U)),
    ("url-query-access-token", lambda s: "GET https://graph.example.com/v19.0/me?access_token=%s" % s, lambda: "EAAB" + rs(160)),
    ("powershell-invoke-restmethod", lambda s: "Invoke-RestMethod -Uri https://api.example.com/v1/jobs -Headers @{Authorization = \"Bearer %s\"}" % s, lambda: code_secret()),
    ("http-request-dump-api-key", lambda s: "POST /v1/charges HTTP/1.1\nHost: api.internal\nContent-Type: application/json\nX-Service-Key: %s\nContent-Length: 87" % s, lambda: rs(8, LOW) + "." + rs(40)),
]
for _fmt, _fn, _sg in HEADERS:
    for _i in range(R.choice([1, 1, 2])):
        _s = _sg()
        while "'" in _s or '"' in _s:
            _s = _sg()
        hh(_fmt, _fn(_s), _s, "")


# ---------------------------------------------------------------------------
# BENIGN look-alikes (no secret inside)
# ---------------------------------------------------------------------------
def sha1():
    return hx(40)


def sha256():
    return hx(64)


def b64_text():
    return b64s(pick(["hello world", "The quick brown fox jumps over the lazy dog",
                      '{"alg":"none"}', "user-preferences:v2", "Build 2025.03.01 ok",
                      "<svg xmlns='http://www.w3.org/2000/svg'/>", "name,age,city\nAda,36,London",
                      "This is a test fixture for the parser", "release notes for version 4.2.0"]))


BENIGN_GENS = [
    lambda: "$ git log --oneline -3\n%s fix: handle empty payloads\n%s chore: bump deps\n%s feat: add retry to uploader" % (hx(7), hx(7), hx(7)),
    lambda: "commit %s\nAuthor: Dev Example <dev@example.com>\nDate:   Tue Feb 11 09:14:03 2025 +0100\n\n    Rotate API keys via vault instead of env files" % sha1(),
    lambda: "$ git rev-parse HEAD\n%s" % sha1(),
    lambda: "Merged %s into main (fast-forward from %s)" % (sha1(), sha1()[:12]),
    lambda: "$ sha256sum dist/app-%d.%d.%d.tar.gz\n%s  dist/app.tar.gz" % (R.randint(1, 5), R.randint(0, 20), R.randint(0, 9), sha256()),
    lambda: "sha256:%s" % sha256(),
    lambda: "image: ghcr.io/acme/api@sha256:%s" % sha256(),
    lambda: "$ docker pull postgres:16\n16: Pulling from library/postgres\n%s: Pull complete\nDigest: sha256:%s\nStatus: Downloaded newer image for postgres:16" % (hx(12), sha256()),
    lambda: '"node_modules/lodash": {\n  "version": "4.17.21",\n  "resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz",\n  "integrity": "sha512-%s=="\n}' % rs(86, B64),
    lambda: "integrity=sha384-%s" % rs(64, B64),
    lambda: '<script src="https://cdn.example.com/lib.min.js" integrity="sha384-%s" crossorigin="anonymous"></script>' % rs(64, B64),
    lambda: "requests==2.32.3 \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s" % (sha256(), sha256()),
    lambda: "github.com/stretchr/testify v1.9.0 h1:%s=" % rs(43, B64),
    lambda: '[[package]]\nname = "serde"\nversion = "1.0.%d"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "%s"' % (R.randint(100, 220), sha256()),
    lambda: "ETag: \"%s\"" % hx(32),
    lambda: "< etag: W/\"%s\"\n< cache-control: max-age=3600" % rs(27, B64U),
    lambda: "request_id=%s status=200 duration_ms=%d" % (uuid4(), R.randint(3, 900)),
    lambda: "traceparent: 00-%s-%s-01" % (hx(32), hx(16)),
    lambda: "x-amz-request-id: %s\nx-amz-id-2: %s" % (rs(16, UPNUM), rs(76, B64)),
    lambda: "trace_id=%s span_id=%s level=info msg=\"token refreshed\"" % (hx(32), hx(16)),
    lambda: "Sentry event %s captured (release web@%d.%d.%d)" % (hx(32), R.randint(1, 9), R.randint(0, 30), R.randint(0, 9)),
    lambda: "tenant_id: %s\nsubscription_id: %s" % (uuid4(), uuid4()),
    lambda: "client_id = \"%s\"  # public OAuth client id; the secret lives in Key Vault" % uuid4(),
    lambda: "$ echo %s | base64 -d\n%s" % ("aGVsbG8gd29ybGQ=", "hello world"),
    lambda: "data:text/plain;base64,%s" % b64_text(),
    lambda: "fixture payload: %s" % b64_text(),
    lambda: "version: %d.%d.%d-rc.%d+build.%s" % (R.randint(0, 9), R.randint(0, 40), R.randint(0, 20), R.randint(1, 5), hx(7)),
    lambda: "Upgraded from v%d.%d.%d to v%d.%d.%d; no config changes needed." % (R.randint(1, 3), R.randint(0, 9), R.randint(0, 9), R.randint(3, 5), R.randint(0, 9), R.randint(0, 9)),
    lambda: "/home/dev/projects/%s/src/auth/token_store.py:%d" % (pick(COMPANIES), R.randint(10, 400)),
    lambda: "C:\\Users\\ops\\AppData\\Roaming\\%s\\credentials\\README.txt" % pick(COMPANIES).capitalize(),
    lambda: "https://docs.example.com/guides/api-keys#rotating-a-secret-key",
    lambda: "https://github.com/acme/%s/blob/%s/src/secrets/manager.go#L%d" % (pick(COMPANIES), sha1(), R.randint(1, 300)),
    lambda: "https://%s.s3.eu-west-1.amazonaws.com/builds/%s/artifact.zip" % (pick(COMPANIES), hx(12)),
    lambda: "export %s=${%s}" % (pick(["API_KEY", "DB_PASSWORD", "GITHUB_TOKEN", "STRIPE_SECRET_KEY"]), pick(["API_KEY", "DB_PASSWORD", "GITHUB_TOKEN", "VAULT_SECRET"])),
    lambda: "%s=<your-api-key>" % pick(["OPENAI_API_KEY", "API_KEY", "SENDGRID_API_KEY"]),
    lambda: "password: \"{{ .Values.db.password }}\"",
    lambda: "DB_PASSWORD=${{ secrets.DB_PASSWORD }}",
    lambda: "api_key: %s" % pick(["xxxxxxxxxxxxxxxxxxxxxxxx", "********", "<redacted>", "[REDACTED]", "REPLACE_ME", "your-api-key-here", "<YOUR_TOKEN>"]),
    lambda: "token = os.environ[\"%s\"]" % pick(["SLACK_BOT_TOKEN", "GH_TOKEN", "API_TOKEN"]),
    lambda: "const apiKey = process.env.%s;" % pick(["STRIPE_SECRET_KEY", "OPENAI_API_KEY", "MAPS_KEY"]),
    lambda: "Required env vars: DATABASE_URL, REDIS_URL, SESSION_SECRET, STRIPE_WEBHOOK_SECRET",
    lambda: "echo \"$REGISTRY_PASSWORD\" | docker login -u ci --password-stdin registry.example.com",
    lambda: "openssl enc -aes-256-cbc -pbkdf2 -in backup.tar -out backup.tar.enc -pass file:./backup.key",
    lambda: "openssl pkcs12 -export -in cert.pem -inkey key.pem -out out.p12 -passout env:P12_PASS",
    lambda: "gpg --batch --passphrase-fd 3 -d secrets.gpg 3<passphrase.txt",
    lambda: "curl -H \"Authorization: Bearer $TOKEN\" https://api.example.com/v1/me",
    lambda: "gh secret set DEPLOY_KEY < ~/.ssh/deploy_ed25519",
    lambda: "kubectl create secret generic db --from-file=password=./db-password.txt",
    lambda: "mysql --defaults-extra-file=/etc/mysql/backup.cnf -e 'SHOW DATABASES'",
    lambda: "psql \"$DATABASE_URL\" -c 'select count(*) from users'",
    lambda: "aws secretsmanager get-secret-value --secret-id prod/db --query SecretString --output text > /dev/null",
    lambda: "az keyvault secret show --vault-name kv-prod --name db-password --query id",
    lambda: "vault kv get -field=password secret/prod/db | pbcopy",
    lambda: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s ops@laptop" % rs(43, B64),
    lambda: "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ%s deploy@ci" % rs(360, B64),
    lambda: "-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % pem_body(294),
    lambda: "-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % pem_body(700),
    lambda: "Public key: age1%s" % rs(58, BECH),
    lambda: "[Peer]\nPublicKey = %s\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.example.com:51820" % b64bytes(32),
    lambda: "Host key fingerprint is SHA256:%s" % b64bytes(32, pad=False),
    lambda: "gpg: key %s: public key \"Release Bot <release@example.com>\" imported" % rs(16, HEXU),
    lambda: "fingerprint: %s" % " ".join(rs(4, HEXU) for _ in range(10)),
    lambda: '<div class="%s %s %s">' % ("css-" + rs(6, LOWNUM), "sc-" + rs(6, ALNUM), "_" + rs(5, ALNUM)),
    lambda: "main.%s.js  main.%s.css  vendors~main.%s.chunk.js" % (hx(8), hx(8), hx(20)),
    lambda: "cache key: v1-deps-%s-%s" % (pick(["linux", "macos"]), sha256()),
    lambda: "Restored cache with key node-modules-%s" % hx(64),
    lambda: "pod/api-%s-%s   1/1   Running   0   3d" % (rs(10, LOWNUM), rs(5, LOWNUM)),
    lambda: "uid: %s\nresourceVersion: \"%d\"" % (uuid4(), R.randint(100000, 9999999)),
    lambda: "arn:aws:iam::%s:role/%s-deployer" % (digits(12), pick(COMPANIES)),
    lambda: "arn:aws:secretsmanager:eu-west-1:%s:secret:prod/db-%s" % (digits(12), rs(6)),
    lambda: "container id %s exited with code 0" % hx(64),
    lambda: "Rotated the API key yesterday; the old one is revoked and nothing else changed.",
    lambda: "Decision: store the Stripe secret in Doppler, never in .env; reviewers confirmed.",
    lambda: "TODO: move the password out of settings.py into the secrets manager.",
    lambda: "Tokens are masked in CI output as *** so the logs are safe to share.",
    lambda: "The login failed because the password field was empty, not because it was wrong.",
    lambda: "2025-03-02T10:11:12Z ##[command]docker login -u ci -p *** registry.example.com",
    lambda: "  env:\n    NPM_TOKEN: ***\n    GITHUB_TOKEN: ***",
    lambda: "  + password = (sensitive value)\n  ~ api_key  = (sensitive value)",
    lambda: "$ kubectl describe secret db-creds\nName:         db-creds\nType:         Opaque\n\nData\n====\npassword:  24 bytes\nusername:  8 bytes",
    lambda: "$ fly secrets list\nNAME            DIGEST          CREATED AT\nDATABASE_URL    %s    2m ago\nSESSION_SECRET  %s    2m ago" % (hx(16), hx(16)),
    lambda: "$ heroku config:get DATABASE_URL -a acme\npostgres://${DB_USER}:${DB_PASS}@localhost:5432/dev",
    lambda: "oid sha256:%s\nsize %d" % (sha256(), R.randint(1000, 99999999)),
    lambda: "ipfs://%s" % ("bafybei" + rs(52, "abcdefghijklmnopqrstuvwxyz234567")),
    lambda: "Sent 0.05 ETH to 0x%s (tx 0x%s)" % (hx(40), hx(64)),
    lambda: "bitcoin address bc1q%s" % rs(38, BECH),
    lambda: "Stripe customer cus_%s, payment intent pi_%s" % (rs(14), rs(24)),
    lambda: "build id: %s-%s" % (digits(8), hx(12)),
    lambda: "go: downloading golang.org/x/crypto v0.%d.0\ngo: found go.sum entry h1:%s=" % (R.randint(10, 40), rs(43, B64)),
    lambda: "md5 (report.pdf) = %s" % hx(32),
    lambda: "CRC32: %s  SHA1: %s" % (rs(8, HEXU), sha1()),
    lambda: "Content-Security-Policy: script-src 'self' 'sha256-%s='" % rs(43, B64),
    lambda: "func validateTokenSignatureAndAudienceClaims(ctx context.Context, tokenString string) error {",
    lambda: "private final SecretKeyRotationSchedulerConfiguration secretKeyRotationSchedulerConfiguration;",
    lambda: "def get_password_hash_algorithm_for_legacy_accounts(user_id: int) -> str:",
    lambda: "test_redacts_api_key_in_nested_json_payload_when_flag_enabled PASSED",
    lambda: "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are read from the instance role; do not set them.",
    lambda: "  password:\n    description: Database password (read from secret `db-creds`)\n    required: true",
    lambda: "--password <PASSWORD>   Password for the registry (use --password-stdin instead)",
    lambda: "Usage: mysql -u USER -p[PASSWORD] DATABASE",
    lambda: "sqlcmd -S server -U user -P password   # example from the docs; substitute real values",
    lambda: "Connection string format: postgresql://USER:PASSWORD@HOST:PORT/DBNAME",
    lambda: "DATABASE_URL=postgres://localhost:5432/app_dev",
    lambda: "redis://cache.internal:6379/0",
    lambda: "https://user@github.com/acme/private-repo.git",
    lambda: "git@github.com:acme/%s.git" % pick(COMPANIES),
    lambda: "amqp://rabbitmq.svc.cluster.local:5672/",
    lambda: "$ npm ci\nadded %d packages, and audited %d packages in %ds\nfound 0 vulnerabilities" % (R.randint(100, 900), R.randint(900, 1500), R.randint(3, 40)),
    lambda: "$ pytest -q\n........................ [100%%]\n%d passed in %.2fs" % (R.randint(20, 400), R.random() * 30),
    lambda: "$ terraform plan\n  # aws_db_instance.main will be updated in-place\n  ~ password = (sensitive value)\nPlan: 0 to add, 1 to change, 0 to destroy.",
    lambda: "$ vault kv metadata get secret/prod/api\n======= Metadata =======\ncreated_time    2025-01-10T10:00:00Z\ncurrent_version %d" % R.randint(1, 30),
    lambda: "$ aws sts get-caller-identity\n{\n    \"UserId\": \"AROA%s:dev\",\n    \"Account\": \"%s\",\n    \"Arn\": \"arn:aws:sts::%s:assumed-role/dev/dev\"\n}" % (rs(17, UPNUM), digits(12), digits(12)),
    lambda: "$ gh auth status\ngithub.com\n  \u2713 Logged in to github.com account octo-dev (keyring)\n  - Token: gho_************************************",
    lambda: "$ docker login registry.example.com\nUsername: ci\nPassword:\nLogin Succeeded",
    lambda: "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:%s ops@laptop (ED25519)" % b64bytes(32, pad=False),
    lambda: "$ openssl x509 -in cert.pem -noout -fingerprint -sha256\nsha256 Fingerprint=%s" % ":".join(rs(2, HEXU) for _ in range(32)),
    lambda: "$ git show --stat %s\n src/auth/session.ts | 12 ++++++------\n 1 file changed" % hx(12),
    lambda: "$ kubectl get secrets\nNAME             TYPE                                  DATA   AGE\ndb-creds         Opaque                                2      41d\nregcred          kubernetes.io/dockerconfigjson        1      97d",
    lambda: "$ env | grep -i token\nGITHUB_TOKEN_PATH=/run/secrets/gh\nTOKEN_TTL=3600",
    lambda: "$ cat .env.example\nDB_HOST=localhost\nDB_PASSWORD=\nAPI_KEY=\nSECRET_KEY=change-this-in-production",
    lambda: "$ ls -la ~/.ssh\n-rw-------  1 ops ops  411 Jan  2 10:00 id_ed25519\n-rw-r--r--  1 ops ops   97 Jan  2 10:00 id_ed25519.pub",
    lambda: "$ base64 --version\nbase64 (GNU coreutils) 9.4",
    lambda: "$ uuidgen\n%s" % uuid4().upper(),
    lambda: "$ git stash list\nstash@{0}: WIP on main: %s refactor token cache" % hx(7),
    lambda: "$ npm view left-pad dist.shasum\n%s" % sha1(),
    lambda: "$ docker images --digests | head -2\nREPOSITORY   TAG   DIGEST                                                                    IMAGE ID\nnginx        1.27  sha256:%s   %s" % (sha256(), hx(12)),
    lambda: "func main() {\n\tkey := os.Getenv(\"API_KEY\")\n\tif key == \"\" {\n\t\tlog.Fatal(\"API_KEY not set\")\n\t}\n}",
    lambda: "let token = std::env::var(\"SERVICE_TOKEN\").expect(\"SERVICE_TOKEN must be set\");",
    lambda: "String password = System.getenv(\"DB_PASSWORD\");",
    lambda: "val apiKey = BuildConfig.API_KEY",
    lambda: "var secret = builder.Configuration[\"Jwt:SigningKey\"];",
    lambda: "let key = ProcessInfo.processInfo.environment[\"API_KEY\"] ?? \"\"",
    lambda: "$password = getenv('DB_PASSWORD');",
    lambda: "api_key = ENV.fetch(\"API_KEY\")",
    lambda: "config :my_app, api_key: System.get_env(\"API_KEY\")",
    lambda: "local token = os.getenv(\"TOKEN\")",
    lambda: "my $pass = $ENV{'DB_PASS'};",
    lambda: "$cred = Get-Credential -UserName 'CORP\\svc-backup' -Message 'Enter password'",
    lambda: "Read-Host -AsSecureString -Prompt 'Password' | ConvertFrom-SecureString | Out-File pw.txt",
    lambda: "CREATE USER app_rw WITH PASSWORD :'app_password';",
    lambda: "password = var.db_password",
    lambda: "password = data.aws_secretsmanager_secret_version.db.secret_string",
    lambda: "api_key = \"${var.datadog_api_key}\"",
    lambda: "token: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  %s" % hx(64),
    lambda: "secret_key_base: <%= ENV[\"SECRET_KEY_BASE\"] %>",
    lambda: "spring.datasource.password=${DB_PASSWORD:}",
    lambda: "<password>${env.NEXUS_PASSWORD}</password>",
    lambda: "\"password\": \"{{ vault_db_password }}\"",
    lambda: "PASSWORD_MIN_LENGTH=12\nPASSWORD_RESET_TIMEOUT=3600\nTOKEN_EXPIRY_SECONDS=900",
    lambda: "session cookie name: __Host-session; SameSite=Lax; max-age=%d" % R.randint(600, 86400),
    lambda: "Set-Cookie: theme=dark; Path=/; Max-Age=31536000",
    lambda: "Authorization: Bearer <token>",
    lambda: "X-Request-Id: %s" % uuid4(),
    lambda: "X-Correlation-ID: %s" % hx(32),
    lambda: "idempotency-key: %s" % uuid4(),
    lambda: "Wrote checkpoint %s (%d fields, %d bytes)" % (hx(16), R.randint(4, 12), R.randint(1000, 90000)),
    lambda: "Migration 2025_%02d_%02d_%s_add_api_keys_table applied" % (R.randint(1, 12), R.randint(1, 28), digits(6)),
    lambda: "Job %s finished: 1432 rows, checksum %s" % (uuid4(), hx(16)),
    lambda: "slug: %s-%s" % (pick(WORDS), rs(8, LOWNUM)),
    lambda: "Base64 of the test vector is %s (decodes to plain text)." % b64_text(),
    lambda: "Mongo ObjectId(\"%s\")" % hx(24),
    lambda: "ULID %s" % rs(26, "0123456789ABCDEFGHJKMNPQRSTVWXYZ"),
    lambda: "nanoid: %s" % rs(21, B64U),
    lambda: "Google Analytics id G-%s; Tag Manager GTM-%s" % (rs(10, UPNUM), rs(7, UPNUM)),
    lambda: "Firebase project: %s-%s (apiKey is public web config, restricted by referrer)" % (pick(COMPANIES), digits(5)),
    lambda: "color: #%s; background: #%s;" % (hx(6), hx(6)),
    lambda: "Locale strings: password_label=\"Password\", token_expired=\"Your session token expired\"",
    lambda: "Feature flag %s enabled for 10%% of tenants" % ("ff_" + rs(10, LOWNUM)),
    lambda: "hash of the password is compared with bcrypt.compare(); we never log it",
    lambda: "Passwort vergessen? Link zum Zur\u00fccksetzen wurde gesendet.",
    lambda: "Le jeton a expir\u00e9, reconnectez-vous.",
    lambda: "La contrase\u00f1a debe tener al menos 12 caracteres.",
    lambda: "\u30d1\u30b9\u30ef\u30fc\u30c9\u306f\u74b0\u5883\u5909\u6570 DB_PASSWORD \u304b\u3089\u8aad\u307f\u8fbc\u307f\u307e\u3059\u3002",
    lambda: "Windows build 10.0.%d.%d, KB%d installed" % (R.randint(17000, 26000), R.randint(1, 4000), R.randint(5000000, 5099999)),
    lambda: "$ pip download acme-core==%d.%d.%d\nSaved ./acme_core-%d.%d.%d-py3-none-any.whl" % ((R.randint(1, 4), R.randint(0, 9), R.randint(0, 9)) * 2),
    lambda: "python -c 'import secrets; print(secrets.token_hex(32))'  # how to generate a key, do not commit the output",
    lambda: "openssl rand -hex 32 > /run/secrets/session_key",
    lambda: "SESSION_SECRET=$(openssl rand -hex 32)",
    lambda: "jwt.decode(token, key=public_key, algorithms=[\"RS256\"], audience=\"api\")",
    lambda: "eyJhbGciOiJub25lIn0 is the header of an unsigned example token in the RFC",
    lambda: J("AK", "IA", "IOSFODNN7EXAMPLE") + " is the AWS documentation example key id",
    lambda: "regex for tokens: ^[A-Za-z0-9_-]{32,64}$",
    lambda: "assert len(generate_token()) == 43",
    lambda: "%s" % pick(["...", "n/a", "none"]) + " - no credentials needed for the public bucket s3://open-data-%s" % rs(6, LOWNUM),
]

_seen = set()
_i = 0
while len(BENIGN) < 660 and _i < 20000:
    _b = BENIGN_GENS[_i % len(BENIGN_GENS)]()
    _i += 1
    if _b in _seen:
        continue
    _seen.add(_b)
    ben(_b)
