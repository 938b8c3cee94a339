"""A third hold-out corpus for secret redaction, written without reading the redaction
code; the redaction has since been tuned on it, so it is regression data now
(tests/test_redaction_holdouts.py holds its recall per group and its false positives).

Every secret-looking value is generated at import time from a fixed-seed random.Random,
and vendor prefixes are assembled from parts, so this file holds no real credential.

SECRETS: list of (group, format, text, secret, visible)
BENIGN:  list of strings that hold no secret but may look as if they do.
"""
import base64
import hashlib
import random
import string
import uuid

_R = random.Random(0x3C0DE5EC)

LO = string.ascii_lowercase
UP = string.ascii_uppercase
DG = string.digits
AN = LO + UP + DG
ANL = LO + DG
ANU = UP + DG
HEXL = "0123456789abcdef"
HEXU = "0123456789ABCDEF"
B64 = AN + "+/"
B64U = AN + "-_"
B32L = LO + "234567"
B32U = UP + "234567"


def J(*parts):
    """Assemble a prefix from parts, so no full vendor prefix sits in the source."""
    return "".join(parts)


def rs(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def an(n):
    return rs(AN, n)


def anl(n):
    return rs(ANL, n)


def anu(n):
    return rs(ANU, n)


def hx(n):
    return rs(HEXL, n)


def hxu(n):
    return rs(HEXU, n)


def b64u(n):
    return rs(B64U, n)


def dg(n):
    return rs(DG[1:], 1) + rs(DG, n - 1)


def rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def b64b(nbytes):
    return base64.b64encode(rbytes(nbytes)).decode()


def b64bu(nbytes):
    return base64.urlsafe_b64encode(rbytes(nbytes)).decode().rstrip("=")


def uid():
    return str(uuid.UUID(int=_R.getrandbits(128), version=4))


def b64txt(s):
    return base64.b64encode(s.encode()).decode()


def wrap(s, n=64):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


_WORDS = ("amber anchor apple arrow aspen atlas autumn badger bamboo basil beacon birch bison "
          "blossom breeze bronze butter cactus canyon carbon cedar cobalt comet coral cotton "
          "crane crystal dahlia delta desert dragon dune eagle ember falcon fennel fern fjord "
          "forest fossil garnet ginger glacier granite harbor hazel heron hickory indigo iris "
          "jasper juniper kestrel lagoon lantern lemon lilac linen lotus magnet maple marble "
          "meadow mint nectar nimbus oasis olive onyx orbit otter pebble pepper pine plum "
          "prairie quartz quill raven reef river saffron salmon sierra silver spruce summit "
          "thistle thunder topaz tulip tundra velvet violet walnut willow winter zephyr").split()

SAFE_SYM = "!#%^*_-+=.~@"
URL_SYM = "-._~"


def pw_random(n=None, sym=SAFE_SYM):
    n = n or _R.randint(14, 28)
    while True:
        s = rs(AN + sym * 2, n)
        if any(c in DG for c in s) and any(c in UP for c in s) and any(c in LO for c in s):
            return s


def pw_human():
    w1 = _R.choice(_WORDS).capitalize()
    w2 = _R.choice(_WORDS)
    return "%s%s%s%s" % (w1, _R.choice(["-", "_", "", "."]), w2.capitalize() if _R.random() < .5 else w2,
                         str(_R.randint(10, 9999)) + _R.choice("!#%*?+"))


def pw_phrase():
    return _R.choice(["-", ".", "_"]).join(_R.choice(_WORDS) for _ in range(_R.randint(4, 5)))


def pw_hex():
    return hx(_R.choice([32, 40, 48, 64]))


def pw_b64():
    return b64b(_R.choice([24, 32, 33]))


def pw_any(url_safe=False, shell_safe=True):
    k = _R.randint(0, 4)
    if k == 0:
        return pw_random(sym=URL_SYM if url_safe else SAFE_SYM)
    if k == 1:
        p = pw_human()
        return p.replace("#", "x").replace("?", "q").replace("%", "z") if url_safe else p
    if k == 2:
        return pw_phrase()
    if k == 3:
        return pw_hex()
    p = pw_b64()
    if url_safe:
        p = p.replace("+", "-").replace("/", "_").rstrip("=")
    return p


SECRETS = []
BENIGN = []


def add(group, fmt, text, secret, visible=""):
    SECRETS.append((group, fmt, text, secret, visible))


HOSTS = ["api.internal.acme.io", "staging.acme.dev", "10.0.3.17", "db-primary.prod.svc.cluster.local",
         "build-agent-04", "localhost"]

# --------------------------------------------------------------------------------------
# Placement contexts for tokens: each returns (text, visible)
# --------------------------------------------------------------------------------------


def _c_export(v, t, e):
    return "export %s=%s" % (v, t), v


def _c_export_q(v, t, e):
    return 'export %s="%s"' % (v, t), v


def _c_dotenv(v, t, e):
    return "# .env.local (do not commit)\nNODE_ENV=development\n%s=%s\nLOG_LEVEL=debug" % (v, t), v


def _c_curl(v, t, e):
    host = e.get("host", "api.example.com")
    path = e.get("path", "/v1/me")
    hdr = e.get("hdr", "bearer")
    if hdr == "bearer":
        return 'curl -sS -H "Authorization: Bearer %s" https://%s%s | jq .' % (t, host, path), "Authorization"
    if hdr == "token":
        return "curl -s -H 'Authorization: token %s' https://%s%s" % (t, host, path), "Authorization"
    if hdr.startswith("h:"):
        name = hdr[2:]
        return 'curl -X GET "https://%s%s" -H "%s: %s" -H "Accept: application/json"' % (host, path, name, t), name
    if hdr.startswith("q:"):
        name = hdr[2:]
        return 'curl "https://%s%s?%s=%s&limit=50"' % (host, path, name, t), name
    if hdr.startswith("raw:"):
        name = hdr[4:]
        return 'curl -H "Authorization: %s %s" https://%s%s' % (name, t, host, path), "Authorization"
    if hdr == "basic-user":
        return "curl -u %s: https://%s%s" % (t, host, path), ""
    return 'curl -H "Authorization: Bearer %s" https://%s%s' % (t, host, path), "Authorization"


def _c_json(v, t, e):
    return '{"%s": "%s", "timeout": 30, "retries": 3}' % (v.lower(), t), v.lower()


def _c_yaml(v, t, e):
    return "%s:\n  enabled: true\n  %s: %s\n  region: eu-west-1" % (e["vendor_key"], v.lower(), t), v.lower()


def _c_yaml_q(v, t, e):
    return "env:\n  - name: %s\n    value: \"%s\"" % (v, t), v


def _c_prose(v, t, e):
    name = e["vendor"]
    k = _R.randint(0, 5)
    if k == 0:
        return "Generated a new %s token from the dashboard: %s (scoped to staging, rotate after the demo)." % (name, t), ""
    if k == 1:
        return "Note: the %s key we are using for the integration tests is %s -- ask Priya before revoking it." % (name, t), ""
    if k == 2:
        return "Fixed the 401 from %s: the old key had expired. New key is `%s`, stored it in the CI vars." % (name, t), ""
    if k == 3:
        return "- [x] set %s to %s in the staging environment\n- [ ] update the runbook" % (v, t), v
    if k == 4:
        return "Decision: keep using the shared %s credential (%s) until the service account lands." % (name, t), ""
    return "%s auth works now with token %s; next step is the webhook handler." % (name, t), ""


def _c_ghsecret(v, t, e):
    return 'gh secret set %s --body "%s" --repo acme/platform' % (v, t), v


def _c_docker(v, t, e):
    return "docker run --rm -e %s=%s -e LOG_LEVEL=info ghcr.io/acme/worker:2.8.1" % (v, t), v


def _c_pyenv(v, t, e):
    return 'os.environ["%s"] = "%s"  # TODO move to secrets manager' % (v, t), v


def _c_toml(v, t, e):
    return "[%s]\napi_key = \"%s\"\nbase_url = \"https://%s\"" % (e["vendor_key"], t, e.get("host", "api.example.com")), "api_key"


def _c_kubectl(v, t, e):
    return "kubectl -n prod create secret generic %s-creds --from-literal=%s=%s" % (
        e["vendor_key"], v.lower(), t), v.lower()


def _c_log(v, t, e):
    return ("DEBUG urllib3.connectionpool: https://%s:443 \"GET %s HTTP/1.1\" 401\n"
            "DEBUG request headers: {'Authorization': 'Bearer %s', 'User-Agent': 'python-requests/2.31.0'}"
            % (e.get("host", "api.example.com"), e.get("path", "/v1/me"), t)), "Authorization"


def _c_pwsh(v, t, e):
    return '$env:%s = "%s"; .\\scripts\\deploy.ps1 -Environment staging' % (v, t), v


def _c_tfvars(v, t, e):
    return '# terraform.tfvars\n%s_token = "%s"\nregion = "us-east-2"' % (e["vendor_key"], t), "%s_token" % e["vendor_key"]


def _c_inline(v, t, e):
    return "%s=%s npm run sync:%s" % (v, t, e["vendor_key"]), v


def _c_fly(v, t, e):
    return "fly secrets set %s=%s -a acme-api-staging" % (v, t), v


def _c_python_client(v, t, e):
    return 'client = %sClient(api_key="%s", timeout=10)' % (e["vendor"].replace(" ", "").replace(".", ""), t), "api_key"


def _c_js(v, t, e):
    return "const %s = process.env.%s || '%s';" % (
        "".join(w.capitalize() if i else w.lower() for i, w in enumerate(v.split("_"))), v, t), v


CTX = [_c_export, _c_export_q, _c_dotenv, _c_curl, _c_json, _c_yaml, _c_yaml_q, _c_prose, _c_ghsecret,
       _c_docker, _c_pyenv, _c_toml, _c_kubectl, _c_log, _c_pwsh, _c_tfvars, _c_inline, _c_fly,
       _c_python_client, _c_js]


def place_vendor(group, e, n_ctx):
    """Emit rows for a vendor token entry: native templates first, then random contexts."""
    e.setdefault("vendor_key", e["vendor"].lower().replace(" ", "_").replace(".", "").replace("-", "_"))
    rows = 0
    for tpl in e.get("native", []):
        t = e["gen"]()
        text = tpl.replace("{T}", t).replace("{V}", e["var"])
        vis = e["var"] if e["var"] in text else ""
        add(group, e["fmt"], text, t, vis)
        rows += 1
    ctxs = _R.sample(CTX, max(0, n_ctx - rows))
    for c in ctxs:
        t = e["gen"]()
        text, vis = c(e["var"], t, e)
        add(group, e["fmt"], text, t, vis)


# --------------------------------------------------------------------------------------
# vendor-named
# --------------------------------------------------------------------------------------

def _aws_session():
    return J("IQoJb3JpZ2luX2Vj", "E") + rs(B64, _R.randint(560, 760)) + "=="


def _aws_bedrock():
    inner = "BedrockAPIKey-%s-at-%s:%s" % (anl(4), dg(12), b64b(30))
    return J("AB", "SK") + base64.b64encode(inner.encode()).decode()


def _gh(p):
    return lambda: J("gh", p, "_") + an(36)


def _gl(p, n, alpha=B64U):
    return lambda: J("gl", p, "-") + rs(alpha, n)


def _openai_proj():
    return J("sk-", "proj-") + b64u(74) + J("T3Blbk", "FJ") + b64u(74)


def _openai_legacy():
    return J("s", "k-") + an(20) + J("T3Blbk", "FJ") + an(20)


def _openai_svc():
    return J("sk-", "svcacct-") + b64u(74) + J("T3Blbk", "FJ") + b64u(74)


def _openai_admin():
    return J("sk-", "admin-") + b64u(74) + J("T3Blbk", "FJ") + b64u(74)


def _ant(kind):
    return lambda: J("sk-", "ant-", kind, "-") + b64u(93) + "AA"


def _discord_bot():
    head = base64.b64encode(dg(19).encode()).decode().rstrip("=")
    return head + "." + b64u(6) + "." + b64u(38)


def _twitter_bearer():
    return "A" * 22 + an(18) + "%2B" + an(20) + "%3D" + an(50)


def _salesforce():
    return "00D" + an(12) + "!AQ" + an(4) + "." + rs(AN + "._", 90)


def _azure_client_secret():
    return rs(AN, 3) + rs(DG, 1) + "Q~" + rs(AN + "_~.-", 34)


def _azdo_new():
    return an(52) + "JJQQJ99BA" + an(15) + J("AZ", "DO") + an(4)


def _sentry_org():
    payload = base64.b64encode(('{"iat":%d.%d,"url":"https://sentry.io","region_url":"https://us.sentry.io","org":"acme"}'
                                % (_R.randint(1700000000, 1760000000), _R.randint(100000, 999999))).encode()).decode().rstrip("=")
    return J("sntr", "ys_") + payload + "_" + b64u(43)


def _sa_sig():
    return base64.b64encode(rbytes(32)).decode().replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


NAMED = [
    # AWS
    dict(vendor="AWS", fmt="aws-access-key-id", var="AWS_ACCESS_KEY_ID", gen=lambda: J("AK", "IA") + rs(B32U, 16),
         native=["aws configure set aws_access_key_id {T} --profile ci"]),
    dict(vendor="AWS", fmt="aws-sts-temporary-key-id", var="AWS_ACCESS_KEY_ID", gen=lambda: J("AS", "IA") + rs(B32U, 16),
         native=['"Credentials": {"AccessKeyId": "{T}", "Expiration": "2025-06-12T18:22:01Z"}']),
    dict(vendor="AWS", fmt="aws-secret-access-key", var="AWS_SECRET_ACCESS_KEY", gen=lambda: rs(B64, 40),
         native=["aws configure set aws_secret_access_key {T}",
                 "AWS_SECRET_ACCESS_KEY={T} aws s3 ls s3://acme-build-artifacts/"]),
    dict(vendor="AWS", fmt="aws-session-token", var="AWS_SESSION_TOKEN", gen=_aws_session,
         native=["export AWS_SESSION_TOKEN={T}"]),
    dict(vendor="AWS", fmt="aws-bedrock-api-key", var="AWS_BEARER_TOKEN_BEDROCK", gen=_aws_bedrock,
         native=["export AWS_BEARER_TOKEN_BEDROCK={T}"]),
    dict(vendor="AWS", fmt="amazon-mws-auth-token", var="MWS_AUTH_TOKEN", gen=lambda: J("amzn", ".mws.") + uid()),
    # GitHub
    dict(vendor="GitHub", fmt="github-pat-classic", var="GITHUB_TOKEN", gen=_gh("p"), host="api.github.com", path="/user",
         hdr="token", native=["git remote set-url origin https://{T}@github.com/acme/platform.git",
                              "echo {T} | gh auth login --with-token"]),
    dict(vendor="GitHub", fmt="github-oauth-token", var="GH_TOKEN", gen=_gh("o"), host="api.github.com", path="/user/repos"),
    dict(vendor="GitHub", fmt="github-user-to-server-token", var="GH_TOKEN", gen=_gh("u"), host="api.github.com"),
    dict(vendor="GitHub", fmt="github-app-installation-token", var="GITHUB_TOKEN", gen=_gh("s"), host="api.github.com",
         native=["git clone https://x-access-token:{T}@github.com/acme/infra.git"]),
    dict(vendor="GitHub", fmt="github-refresh-token", var="GITHUB_REFRESH_TOKEN", gen=lambda: J("gh", "r_") + an(76)),
    dict(vendor="GitHub", fmt="github-fine-grained-pat", var="GITHUB_PAT", gen=lambda: J("github", "_pat_") + an(22) + "_" + an(59),
         host="api.github.com", path="/repos/acme/api/actions/secrets"),
    # GitLab
    dict(vendor="GitLab", fmt="gitlab-pat", var="GITLAB_TOKEN", gen=_gl("pat", 20), host="gitlab.com", path="/api/v4/projects",
         hdr="h:PRIVATE-TOKEN", native=["git push https://oauth2:{T}@gitlab.com/acme/backend.git HEAD:main"]),
    dict(vendor="GitLab", fmt="gitlab-deploy-token", var="CI_DEPLOY_PASSWORD", gen=_gl("dt", 20)),
    dict(vendor="GitLab", fmt="gitlab-runner-auth-token", var="RUNNER_TOKEN", gen=_gl("rt", 20),
         native=['gitlab-runner register --non-interactive --url https://gitlab.com --token "{T}" --executor docker']),
    dict(vendor="GitLab", fmt="gitlab-runner-registration-token", var="REGISTRATION_TOKEN", gen=lambda: J("GR13", "48941") + b64u(20)),
    dict(vendor="GitLab", fmt="gitlab-pipeline-trigger-token", var="TRIGGER_TOKEN", gen=lambda: J("gl", "ptt-") + hx(40),
         native=['curl -X POST --fail -F token={T} -F ref=main https://gitlab.com/api/v4/projects/4821/trigger/pipeline']),
    dict(vendor="GitLab", fmt="gitlab-oauth-app-secret", var="GITLAB_APP_SECRET", gen=lambda: J("gl", "oas-") + b64u(64)),
    dict(vendor="GitLab", fmt="gitlab-feed-token", var="GITLAB_FEED_TOKEN", gen=_gl("ft", 20)),
    dict(vendor="GitLab", fmt="gitlab-incoming-mail-token", var="INCOMING_MAIL_TOKEN", gen=_gl("imt", 25)),
    dict(vendor="GitLab", fmt="gitlab-agent-token", var="AGENT_TOKEN", gen=_gl("agent", 50),
         native=["helm upgrade --install acme gitlab/gitlab-agent --set config.token={T} --set config.kasAddress=wss://kas.gitlab.com"]),
    dict(vendor="GitLab", fmt="gitlab-scim-token", var="SCIM_TOKEN", gen=_gl("soat", 20)),
    # Slack
    dict(vendor="Slack", fmt="slack-bot-token", var="SLACK_BOT_TOKEN", gen=lambda: J("xo", "xb-") + dg(12) + "-" + dg(13) + "-" + an(24),
         host="slack.com", path="/api/chat.postMessage"),
    dict(vendor="Slack", fmt="slack-user-token", var="SLACK_USER_TOKEN",
         gen=lambda: J("xo", "xp-") + dg(12) + "-" + dg(12) + "-" + dg(13) + "-" + hx(32), host="slack.com", path="/api/users.list"),
    dict(vendor="Slack", fmt="slack-app-token", var="SLACK_APP_TOKEN",
         gen=lambda: J("xa", "pp-1-A") + anu(10) + "-" + dg(13) + "-" + hx(64)),
    dict(vendor="Slack", fmt="slack-refresh-token", var="SLACK_REFRESH_TOKEN", gen=lambda: J("xo", "xe-1-") + b64u(140)),
    dict(vendor="Slack", fmt="slack-config-token", var="SLACK_CONFIG_TOKEN", gen=lambda: J("xo", "xe.xo", "xp-1-") + b64u(150)),
    # Stripe
    dict(vendor="Stripe", fmt="stripe-secret-key-live", var="STRIPE_SECRET_KEY", gen=lambda: J("sk", "_live_", "51") + an(97),
         host="api.stripe.com", path="/v1/charges", hdr="basic-user"),
    dict(vendor="Stripe", fmt="stripe-restricted-key", var="STRIPE_API_KEY", gen=lambda: J("rk", "_live_", "51") + an(97),
         host="api.stripe.com", path="/v1/customers"),
    dict(vendor="Stripe", fmt="stripe-secret-key-test", var="STRIPE_SECRET_KEY", gen=lambda: J("sk", "_test_", "51") + an(97),
         native=["stripe listen --api-key {T} --forward-to localhost:3000/webhooks/stripe"]),
    dict(vendor="Stripe", fmt="stripe-webhook-secret", var="STRIPE_WEBHOOK_SECRET", gen=lambda: J("wh", "sec_") + an(32)),
    # Google
    dict(vendor="Google", fmt="google-api-key", var="GOOGLE_API_KEY", gen=lambda: J("AI", "za") + b64u(35),
         host="maps.googleapis.com", path="/maps/api/geocode/json", hdr="q:key"),
    dict(vendor="Google", fmt="gemini-api-key", var="GEMINI_API_KEY", gen=lambda: J("AI", "za") + b64u(35),
         host="generativelanguage.googleapis.com", path="/v1beta/models", hdr="h:x-goog-api-key"),
    dict(vendor="Google", fmt="google-oauth-client-secret", var="GOOGLE_CLIENT_SECRET", gen=lambda: J("GOC", "SPX-") + b64u(28)),
    dict(vendor="Google", fmt="google-oauth-access-token", var="GOOGLE_ACCESS_TOKEN", gen=lambda: J("ya", "29.") + "a0AfB_" + b64u(160),
         host="www.googleapis.com", path="/drive/v3/files"),
    dict(vendor="Google", fmt="google-oauth-refresh-token", var="GOOGLE_REFRESH_TOKEN", gen=lambda: J("1/", "/0") + rs(AN, 1) + b64u(100)),
    dict(vendor="Google", fmt="firebase-fcm-server-key", var="FCM_SERVER_KEY", gen=lambda: "AAAA" + b64u(7) + J(":APA", "91b") + b64u(134),
         host="fcm.googleapis.com", path="/fcm/send", hdr="raw:key="),
    # Azure / Microsoft
    dict(vendor="Azure", fmt="azure-storage-connection-string", var="AZURE_STORAGE_CONNECTION_STRING", gen=lambda: b64b(64),
         native=['AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=https;AccountName=acmeprodlogs;AccountKey={T};EndpointSuffix=core.windows.net"',
                 "az storage blob upload --account-name acmeprodlogs --account-key {T} -c releases -f dist/app.zip -n app.zip"]),
    dict(vendor="Azure", fmt="azure-sas-signature", var="AZURE_SAS", gen=_sa_sig,
         native=["azcopy copy ./build 'https://acmeprodlogs.blob.core.windows.net/releases?sv=2022-11-02&ss=b&srt=sco&sp=rwdlac&se=2025-09-01T00:00:00Z&st=2025-06-01T00:00:00Z&spr=https&sig={T}' --recursive"]),
    dict(vendor="Azure", fmt="azure-entra-client-secret", var="AZURE_CLIENT_SECRET", gen=_azure_client_secret,
         native=["az login --service-principal -u 7f3c1a2e-5b6d-4e8f-9a0b-1c2d3e4f5a6b -p '{T}' --tenant acme.onmicrosoft.com"]),
    dict(vendor="Azure", fmt="azure-devops-pat", var="AZURE_DEVOPS_EXT_PAT", gen=lambda: rs(B32L, 52),
         native=["echo {T} | az devops login --organization https://dev.azure.com/acme"]),
    dict(vendor="Azure", fmt="azure-devops-pat-v2", var="AZDO_PAT", gen=_azdo_new,
         native=["git clone https://build:{T}@dev.azure.com/acme/Platform/_git/api"]),
    dict(vendor="Azure", fmt="azure-cosmosdb-key", var="COSMOS_KEY", gen=lambda: b64b(64),
         native=["COSMOS_CONNECTION=AccountEndpoint=https://acme-cosmos.documents.azure.com:443/;AccountKey={T};"]),
    dict(vendor="Azure", fmt="azure-servicebus-sas-key", var="SERVICEBUS_CONNECTION", gen=lambda: b64b(32),
         native=['"ServiceBus": "Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={T}"']),
    dict(vendor="Azure", fmt="azure-openai-key", var="AZURE_OPENAI_API_KEY", gen=lambda: hx(32),
         host="acme-oai.openai.azure.com", path="/openai/deployments/gpt-4o/chat/completions?api-version=2024-06-01", hdr="h:api-key"),
    dict(vendor="Azure", fmt="azure-function-key", var="FUNCTION_KEY", gen=lambda: b64u(54) + "==",
         native=["curl 'https://acme-func.azurewebsites.net/api/ingest?code={T}' -d @event.json"]),
    dict(vendor="Microsoft", fmt="teams-incoming-webhook", var="TEAMS_WEBHOOK_URL", gen=lambda: hx(32),
         native=["TEAMS_WEBHOOK_URL=https://acme.webhook.office.com/webhookb2/3f1c2d4e-aaaa-4bbb-8ccc-111122223333@72f988bf-86f1-41af-91ab-2d7cd011db47/IncomingWebhook/{T}/0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9"]),
    # OpenAI / Anthropic
    dict(vendor="OpenAI", fmt="openai-project-key", var="OPENAI_API_KEY", gen=_openai_proj, host="api.openai.com", path="/v1/models"),
    dict(vendor="OpenAI", fmt="openai-legacy-key", var="OPENAI_API_KEY", gen=_openai_legacy, host="api.openai.com", path="/v1/chat/completions"),
    dict(vendor="OpenAI", fmt="openai-service-account-key", var="OPENAI_API_KEY", gen=_openai_svc),
    dict(vendor="OpenAI", fmt="openai-admin-key", var="OPENAI_ADMIN_KEY", gen=_openai_admin, host="api.openai.com", path="/v1/organization/users"),
    dict(vendor="Anthropic", fmt="anthropic-api-key", var="ANTHROPIC_API_KEY", gen=_ant("api03"), host="api.anthropic.com",
         path="/v1/messages", hdr="h:x-api-key"),
    dict(vendor="Anthropic", fmt="anthropic-admin-key", var="ANTHROPIC_ADMIN_KEY", gen=_ant("admin01"), host="api.anthropic.com",
         path="/v1/organizations/api_keys", hdr="h:x-api-key"),
    dict(vendor="Anthropic", fmt="anthropic-oauth-token", var="CLAUDE_CODE_OAUTH_TOKEN", gen=_ant("oat01")),
    # package registries
    dict(vendor="npm", fmt="npm-access-token", var="NPM_TOKEN", gen=lambda: J("np", "m_") + an(36),
         native=["npm config set //registry.npmjs.org/:_authToken {T}",
                 "echo \"//registry.npmjs.org/:_authToken={T}\" > ~/.npmrc && npm publish --access public"]),
    dict(vendor="PyPI", fmt="pypi-upload-token", var="TWINE_PASSWORD", gen=lambda: J("py", "pi-", "AgEIcHlwaS5vcmc") + "CJ" + b64u(140),
         native=["twine upload -u __token__ -p {T} dist/*", "uv publish --token {T}"]),
    dict(vendor="PyPI", fmt="testpypi-upload-token", var="TEST_PYPI_TOKEN",
         gen=lambda: J("py", "pi-", "AgENdGVzdC5weXBpLm9yZw") + "CJ" + b64u(140),
         native=["python -m twine upload --repository testpypi -u __token__ -p {T} dist/*"]),
    dict(vendor="Docker", fmt="docker-hub-pat", var="DOCKERHUB_TOKEN", gen=lambda: J("dckr", "_pat_") + b64u(27),
         native=["docker login -u acmebot -p {T}"]),
    dict(vendor="Docker", fmt="docker-hub-org-token", var="DOCKER_ORG_TOKEN", gen=lambda: J("dckr", "_oat_") + b64u(32)),
    dict(vendor="Hugging Face", fmt="huggingface-token", var="HF_TOKEN", gen=lambda: J("h", "f_") + rs(LO + UP, 34),
         host="huggingface.co", path="/api/whoami-v2", native=["huggingface-cli login --token {T}"]),
    dict(vendor="Hugging Face", fmt="huggingface-org-token", var="HUGGINGFACE_HUB_TOKEN", gen=lambda: J("api", "_org_") + rs(LO + UP, 34)),
    # messaging
    dict(vendor="Twilio", fmt="twilio-api-key-sid", var="TWILIO_API_KEY", gen=lambda: "SK" + hx(32)),
    dict(vendor="SendGrid", fmt="sendgrid-api-key", var="SENDGRID_API_KEY", gen=lambda: J("S", "G.") + b64u(22) + "." + b64u(43),
         host="api.sendgrid.com", path="/v3/mail/send"),
    dict(vendor="Mailgun", fmt="mailgun-private-key", var="MAILGUN_API_KEY", gen=lambda: J("ke", "y-") + hx(32),
         native=["curl -s --user 'api:{T}' https://api.mailgun.net/v3/mg.acme.io/messages -F to=ops@acme.io -F subject=test"]),
    dict(vendor="Mailchimp", fmt="mailchimp-api-key", var="MAILCHIMP_API_KEY", gen=lambda: hx(32) + "-us" + str(_R.randint(2, 21))),
    dict(vendor="Discord", fmt="discord-bot-token", var="DISCORD_TOKEN", gen=_discord_bot, host="discord.com",
         path="/api/v10/users/@me", hdr="raw:Bot"),
    dict(vendor="Discord", fmt="discord-webhook", var="DISCORD_WEBHOOK_URL", gen=lambda: b64u(68),
         native=["DISCORD_WEBHOOK_URL=https://discord.com/api/webhooks/" + "1187" + "412093384562688" + "/{T}"]),
    dict(vendor="Telegram", fmt="telegram-bot-token", var="TELEGRAM_BOT_TOKEN", gen=lambda: dg(10) + ":AA" + b64u(33),
         native=["curl -s https://api.telegram.org/bot{T}/getUpdates"]),
    dict(vendor="Twitter", fmt="twitter-bearer-token", var="TWITTER_BEARER_TOKEN", gen=_twitter_bearer,
         host="api.twitter.com", path="/2/tweets/search/recent"),
    dict(vendor="Facebook", fmt="facebook-access-token", var="FB_ACCESS_TOKEN", gen=lambda: "EAA" + rs("BGIJ", 1) + an(180),
         host="graph.facebook.com", path="/v19.0/me", hdr="q:access_token"),
    dict(vendor="Facebook", fmt="facebook-app-secret", var="FACEBOOK_APP_SECRET", gen=lambda: hx(32)),
    # cloud / platforms
    dict(vendor="DigitalOcean", fmt="digitalocean-pat", var="DIGITALOCEAN_TOKEN", gen=lambda: J("do", "p_v1_") + hx(64),
         host="api.digitalocean.com", path="/v2/droplets", native=["doctl auth init --access-token {T}"]),
    dict(vendor="DigitalOcean", fmt="digitalocean-oauth-token", var="DO_OAUTH_TOKEN", gen=lambda: J("do", "o_v1_") + hx(64)),
    dict(vendor="DigitalOcean", fmt="digitalocean-refresh-token", var="DO_REFRESH_TOKEN", gen=lambda: J("do", "r_v1_") + hx(64)),
    dict(vendor="Heroku", fmt="heroku-api-key-v2", var="HEROKU_API_KEY", gen=lambda: J("HR", "KU-AA") + b64u(58),
         host="api.heroku.com", path="/apps"),
    dict(vendor="Heroku", fmt="heroku-api-key-legacy", var="HEROKU_API_KEY", gen=uid),
    dict(vendor="Cloudflare", fmt="cloudflare-api-token", var="CLOUDFLARE_API_TOKEN", gen=lambda: b64u(40),
         host="api.cloudflare.com", path="/client/v4/user/tokens/verify"),
    dict(vendor="Cloudflare", fmt="cloudflare-global-api-key", var="CLOUDFLARE_API_KEY", gen=lambda: hx(37),
         native=['curl https://api.cloudflare.com/client/v4/zones -H "X-Auth-Email: ops@acme.io" -H "X-Auth-Key: {T}"']),
    dict(vendor="Cloudflare", fmt="cloudflare-origin-ca-key", var="CF_ORIGIN_CA_KEY", gen=lambda: J("v1", ".0-") + hx(24) + "-" + hx(146)),
    dict(vendor="Shopify", fmt="shopify-admin-token", var="SHOPIFY_ACCESS_TOKEN", gen=lambda: J("shp", "at_") + hx(32),
         host="acme-store.myshopify.com", path="/admin/api/2024-04/products.json", hdr="h:X-Shopify-Access-Token"),
    dict(vendor="Shopify", fmt="shopify-shared-secret", var="SHOPIFY_API_SECRET", gen=lambda: J("shp", "ss_") + hx(32)),
    dict(vendor="Shopify", fmt="shopify-custom-app-token", var="SHOPIFY_TOKEN", gen=lambda: J("shp", "ca_") + hx(32)),
    dict(vendor="Shopify", fmt="shopify-private-app-password", var="SHOPIFY_PASSWORD", gen=lambda: J("shp", "pa_") + hx(32)),
    dict(vendor="Atlassian", fmt="atlassian-api-token", var="JIRA_API_TOKEN", gen=lambda: J("ATATT", "3xFfGF0") + b64u(180) + "=" + hxu(8),
         native=["curl -u dev@acme.io:{T} -H 'Accept: application/json' https://acme.atlassian.net/rest/api/3/myself"]),
    dict(vendor="Atlassian", fmt="bitbucket-app-password", var="BITBUCKET_APP_PASSWORD", gen=lambda: J("AT", "BB") + an(28) + hxu(8),
         native=["git clone https://acme-ci:{T}@bitbucket.org/acme/mobile.git"]),
    dict(vendor="Okta", fmt="okta-api-token", var="OKTA_API_TOKEN", gen=lambda: "00" + b64u(40),
         host="acme.okta.com", path="/api/v1/users?limit=25", hdr="raw:SSWS"),
    dict(vendor="Datadog", fmt="datadog-api-key", var="DD_API_KEY", gen=lambda: hx(32),
         host="api.datadoghq.com", path="/api/v1/validate", hdr="h:DD-API-KEY"),
    dict(vendor="Datadog", fmt="datadog-app-key", var="DD_APP_KEY", gen=lambda: hx(40),
         host="api.datadoghq.com", path="/api/v1/monitor", hdr="h:DD-APPLICATION-KEY"),
    dict(vendor="New Relic", fmt="newrelic-user-api-key", var="NEW_RELIC_API_KEY", gen=lambda: J("NR", "AK-") + anu(27),
         host="api.newrelic.com", path="/graphql", hdr="h:API-Key"),
    dict(vendor="New Relic", fmt="newrelic-license-key", var="NEW_RELIC_LICENSE_KEY", gen=lambda: hx(36) + J("NR", "AL")),
    dict(vendor="New Relic", fmt="newrelic-insert-key", var="NEW_RELIC_INSERT_KEY", gen=lambda: J("NR", "II-") + b64u(32)),
    dict(vendor="Sentry", fmt="sentry-org-auth-token", var="SENTRY_AUTH_TOKEN", gen=_sentry_org,
         native=["sentry-cli --auth-token {T} releases new 2.14.0"]),
    dict(vendor="Sentry", fmt="sentry-user-token", var="SENTRY_AUTH_TOKEN", gen=lambda: J("sntr", "yu_") + hx(64),
         host="sentry.io", path="/api/0/projects/"),
    dict(vendor="Vercel", fmt="vercel-token", var="VERCEL_TOKEN", gen=lambda: an(24),
         native=["vercel deploy --prod --token {T} --yes"]),
    dict(vendor="Salesforce", fmt="salesforce-access-token", var="SF_ACCESS_TOKEN", gen=_salesforce,
         host="acme.my.salesforce.com", path="/services/data/v60.0/sobjects"),
]

for _e in NAMED:
    place_vendor("vendor-named", _e, 3 if _R.random() < 0.55 else 2)

# --------------------------------------------------------------------------------------
# vendor-unnamed: less-known vendors and new-style tokens
# --------------------------------------------------------------------------------------

def _age():
    return J("AGE-SECRET", "-KEY-1") + rs("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)


def _authress():
    return J("sc", "_") + anl(12) + "." + anl(5) + ".acc_" + anl(20) + "." + b64u(60)


def _harness():
    return J("pat", ".") + b64u(22) + "." + an(24) + "." + an(20)


def _tfc():
    return anl(14) + J(".atlas", "v1.") + b64u(67)


def _vault():
    return J("hv", "s.") + "CAESI" + b64u(_R.randint(85, 100))


def _vault_batch():
    return J("hv", "b.") + "AAAAAQ" + b64u(130)


def _mapbox_sk():
    payload = base64.b64encode(('{"u":"acme-%s","a":"%s"}' % (anl(5), anl(10))).encode()).decode().rstrip("=")
    return J("s", "k.") + payload + "." + b64u(22)


def _onepassword():
    payload = base64.b64encode(('{"signInAddress":"acme.1password.com","userAuth":{"method":"SRPg-4096","alg":"PBES2g-HS256",'
                                '"iterations":650000,"salt":"%s"},"email":"%s@1passwordserviceaccounts.com","srpX":"%s",'
                                '"muk":{"alg":"A256GCM","ext":true,"k":"%s","key_ops":["encrypt","decrypt"],"kty":"oct","kid":"mp"},'
                                '"secretKey":"A3-%s-%s-%s-%s-%s-%s","throttleSecret":{"seed":"%s","deviceUuid":"%s"},"deviceUuid":"%s"}'
                                % (b64u(22), anl(13), hx(64), b64u(43), anu(6), anu(6), anu(5), anu(5), anu(5), anu(5), hx(64), anl(26), anl(26))
                                ).encode()).decode().rstrip("=")
    return J("op", "s_") + payload


def _fly():
    return J("Fly", "V1 ") + J("fm", "2_") + b64b(_R.randint(300, 420)).rstrip("=") + ",fm2_" + b64b(120).rstrip("=")


def _tailscale(kind):
    return lambda: J("tskey", "-", kind, "-k") + an(10) + "CNTRL-" + an(33)


def _ngrok():
    return "2" + an(26) + "_" + an(21)


def _bitwarden_sm():
    return "0." + uid() + "." + an(30) + ":" + b64b(16)


def _upstash():
    return "AX" + rs(AN, 2) + "ASQgO" + b64u(_R.randint(60, 80)) + "="


def _paddle():
    return J("pdl", "_live_", "apikey_") + anl(26) + "_" + an(22) + "_" + an(3)


def _intercom():
    return J("dG9r", "Oj") + base64.b64encode(("%s_%s_%s:%s" % (uid(), "1", "0", b64u(10))).encode()).decode().rstrip("=")


def _braintree():
    return J("access", "_token$") + "production$" + anl(16) + "$" + hx(32)


def _trello_token():
    return J("AT", "TA") + hx(64) + hxu(8)


def _asana_pat():
    return "2/" + dg(16) + "/" + dg(16) + ":" + hx(32)


def _notion():
    return J("nt", "n_") + dg(11) + an(35)


def _clickup():
    return J("p", "k_") + dg(8) + "_" + anu(32)


def _convex():
    return "prod:" + _R.choice(_WORDS) + "-" + _R.choice(_WORDS) + "-" + dg(3) + "|" + b64u(90)


def _sanity():
    return J("s", "k") + an(180)


def _adyen():
    return J("AQE", "hhmfuXNWTK0Qc+iSS") + b64b(60).rstrip("=") + "-" + b64b(32).rstrip("=") + "-" + rs(AN + "$", 12)


def _modal_token():
    return J("a", "s-") + an(22)


def _infisical():
    return J("s", "t.") + uid() + "." + hx(32) + "." + hx(32)


def _stytch():
    return J("secret", "-live-") + b64u(36) + "="


def _grafana_cloud():
    payload = base64.b64encode(('{"o":"%s","n":"stack-%s-hm-read","k":"%s","m":{"r":"prod-us-east-0"}}'
                                % (dg(6), dg(6), an(24))).encode()).decode()
    return J("gl", "c_") + payload


U = [
    dict(vendor="Doppler", fmt="doppler-personal-token", var="DOPPLER_TOKEN", gen=lambda: J("dp", ".pt.") + an(43),
         host="api.doppler.com", path="/v3/me", native=["doppler run --token {T} -- npm start"]),
    dict(vendor="Doppler", fmt="doppler-service-token", var="DOPPLER_TOKEN", gen=lambda: J("dp", ".st.") + "prd." + an(40)),
    dict(vendor="Databricks", fmt="databricks-pat", var="DATABRICKS_TOKEN", gen=lambda: J("da", "pi") + rs("abcdefgh" + DG, 32),
         host="adb-4417398721659012.12.azuredatabricks.net", path="/api/2.0/clusters/list"),
    dict(vendor="Dynatrace", fmt="dynatrace-api-token", var="DT_API_TOKEN", gen=lambda: J("dt0", "c01.") + anu(24) + "." + anu(64),
         host="abc12345.live.dynatrace.com", path="/api/v2/metrics", hdr="raw:Api-Token"),
    dict(vendor="PlanetScale", fmt="planetscale-service-token", var="PLANETSCALE_SERVICE_TOKEN", gen=lambda: J("psc", "ale_tkn_") + b64u(43)),
    dict(vendor="PlanetScale", fmt="planetscale-password", var="DATABASE_PASSWORD", gen=lambda: J("psc", "ale_pw_") + b64u(43),
         native=["DATABASE_URL='mysql://w2k1q8z0:{T}@aws.connect.psdb.cloud/acme?sslaccept=strict'"]),
    dict(vendor="Postman", fmt="postman-api-key", var="POSTMAN_API_KEY", gen=lambda: J("PM", "AK-") + hx(24) + "-" + hx(34),
         host="api.getpostman.com", path="/collections", hdr="h:X-Api-Key"),
    dict(vendor="Pulumi", fmt="pulumi-access-token", var="PULUMI_ACCESS_TOKEN", gen=lambda: J("pu", "l-") + hx(40),
         native=["pulumi login --cloud-url https://api.pulumi.com  # with PULUMI_ACCESS_TOKEN={T}"]),
    dict(vendor="Prefect", fmt="prefect-api-key", var="PREFECT_API_KEY", gen=lambda: J("pn", "u_") + an(36),
         native=["prefect cloud login -k {T} --workspace acme/prod"]),
    dict(vendor="Linear", fmt="linear-api-key", var="LINEAR_API_KEY", gen=lambda: J("lin", "_api_") + an(40),
         host="api.linear.app", path="/graphql", hdr="raw:"),
    dict(vendor="RubyGems", fmt="rubygems-api-key", var="GEM_HOST_API_KEY", gen=lambda: J("ruby", "gems_") + hx(48),
         native=["GEM_HOST_API_KEY={T} gem push acme-client-1.3.0.gem"]),
    dict(vendor="Clojars", fmt="clojars-deploy-token", var="CLOJARS_PASSWORD", gen=lambda: J("CLO", "JARS_") + anl(60)),
    dict(vendor="age", fmt="age-secret-key", var="SOPS_AGE_KEY", gen=_age,
         native=["# created: 2025-03-02T10:11:12Z\n# public key: age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p\n{T}"]),
    dict(vendor="Alibaba Cloud", fmt="alibaba-access-key-id", var="ALIBABA_CLOUD_ACCESS_KEY_ID", gen=lambda: J("LT", "AI") + an(20)),
    dict(vendor="Adobe", fmt="adobe-client-secret", var="ADOBE_CLIENT_SECRET", gen=lambda: J("p8", "e-") + an(32)),
    dict(vendor="Airtable", fmt="airtable-pat", var="AIRTABLE_API_KEY", gen=lambda: J("pa", "t") + an(14) + "." + hx(64),
         host="api.airtable.com", path="/v0/appXyZ123abc/Tasks"),
    dict(vendor="Authress", fmt="authress-service-key", var="AUTHRESS_KEY", gen=_authress),
    dict(vendor="Beamer", fmt="beamer-api-key", var="BEAMER_API_KEY", gen=lambda: J("b", "_") + b64u(44),
         host="api.getbeamer.com", path="/v0/posts", hdr="h:Beamer-Api-Key"),
    dict(vendor="Contentful", fmt="contentful-management-token", var="CONTENTFUL_MANAGEMENT_TOKEN", gen=lambda: J("CF", "PAT-") + b64u(43),
         host="api.contentful.com", path="/spaces/abc123xyz/environments"),
    dict(vendor="Defined Networking", fmt="defined-networking-api-key", var="DN_API_KEY", gen=lambda: J("dn", "key-") + b64u(26) + "-" + b64u(52)),
    dict(vendor="Duffel", fmt="duffel-api-token", var="DUFFEL_ACCESS_TOKEN", gen=lambda: J("duf", "fel_live_") + b64u(43),
         host="api.duffel.com", path="/air/offer_requests"),
    dict(vendor="EasyPost", fmt="easypost-api-key", var="EASYPOST_API_KEY", gen=lambda: J("EZ", "AK") + an(54), hdr="basic-user",
         host="api.easypost.com", path="/v2/shipments"),
    dict(vendor="Flutterwave", fmt="flutterwave-secret-key", var="FLW_SECRET_KEY", gen=lambda: J("FLW", "SECK-") + hx(32) + "-X",
         host="api.flutterwave.com", path="/v3/transactions"),
    dict(vendor="Frame.io", fmt="frameio-api-token", var="FRAMEIO_TOKEN", gen=lambda: J("fi", "o-u-") + b64u(64)),
    dict(vendor="GoCardless", fmt="gocardless-access-token", var="GOCARDLESS_ACCESS_TOKEN", gen=lambda: J("li", "ve_") + b64u(40),
         host="api.gocardless.com", path="/mandates"),
    dict(vendor="Grafana", fmt="grafana-service-account-token", var="GRAFANA_TOKEN", gen=lambda: J("gl", "sa_") + an(32) + "_" + hx(8),
         host="grafana.acme.io", path="/api/dashboards/uid/k8s-overview"),
    dict(vendor="Grafana", fmt="grafana-cloud-token", var="GRAFANA_CLOUD_TOKEN", gen=_grafana_cloud),
    dict(vendor="Harness", fmt="harness-pat", var="HARNESS_API_KEY", gen=_harness, host="app.harness.io", path="/ng/api/user/currentUser",
         hdr="h:x-api-key"),
    dict(vendor="HashiCorp", fmt="terraform-cloud-token", var="TFE_TOKEN", gen=_tfc,
         native=['credentials "app.terraform.io" {\n  token = "{T}"\n}']),
    dict(vendor="HashiCorp", fmt="vault-service-token", var="VAULT_TOKEN", gen=_vault,
         native=["VAULT_ADDR=https://vault.acme.io:8200 VAULT_TOKEN={T} vault kv get secret/payments"]),
    dict(vendor="HashiCorp", fmt="vault-batch-token", var="VAULT_TOKEN", gen=_vault_batch, hdr="h:X-Vault-Token",
         host="vault.acme.io:8200", path="/v1/secret/data/app"),
    dict(vendor="Infracost", fmt="infracost-api-key", var="INFRACOST_API_KEY", gen=lambda: J("ic", "o-") + an(32),
         native=["infracost configure set api_key {T}"]),
    dict(vendor="42 Intra", fmt="intra42-client-secret", var="FT_CLIENT_SECRET", gen=lambda: J("s-s4", "t2ud-") + hx(64)),
    dict(vendor="JFrog", fmt="jfrog-api-key", var="ARTIFACTORY_API_KEY", gen=lambda: J("AK", "Cp8") + an(69),
         host="acme.jfrog.io", path="/artifactory/api/repositories", hdr="h:X-JFrog-Art-Api"),
    dict(vendor="JFrog", fmt="jfrog-identity-token", var="JFROG_ACCESS_TOKEN", gen=lambda: J("cmVmd", "Gtu") + "OjAxOjE3" + b64u(56),
         native=["jf config add acme --url=https://acme.jfrog.io --access-token={T} --interactive=false"]),
    dict(vendor="LaunchDarkly", fmt="launchdarkly-api-token", var="LD_API_KEY", gen=lambda: J("ap", "i-") + uid(),
         host="app.launchdarkly.com", path="/api/v2/flags/default", hdr="raw:"),
    dict(vendor="LaunchDarkly", fmt="launchdarkly-sdk-key", var="LAUNCHDARKLY_SDK_KEY", gen=lambda: J("sd", "k-") + uid()),
    dict(vendor="Lob", fmt="lob-api-key", var="LOB_API_KEY", gen=lambda: J("li", "ve_") + hx(35), hdr="basic-user",
         host="api.lob.com", path="/v1/addresses"),
    dict(vendor="Mapbox", fmt="mapbox-secret-token", var="MAPBOX_SECRET_TOKEN", gen=_mapbox_sk,
         native=["echo 'MAPBOX_DOWNLOADS_TOKEN={T}' >> ~/.gradle/gradle.properties"]),
    dict(vendor="OpenShift", fmt="openshift-user-token", var="OC_TOKEN", gen=lambda: J("sha", "256~") + b64u(43),
         native=["oc login --token={T} --server=https://api.ocp.acme.io:6443"]),
    dict(vendor="ReadMe", fmt="readme-api-key", var="README_API_KEY", gen=lambda: J("rd", "me_") + anl(70)),
    dict(vendor="Scalingo", fmt="scalingo-api-token", var="SCALINGO_API_TOKEN", gen=lambda: J("tk", "-us-") + b64u(48)),
    dict(vendor="Brevo", fmt="brevo-api-key", var="BREVO_API_KEY", gen=lambda: J("xkey", "sib-") + hx(64) + "-" + an(16),
         host="api.brevo.com", path="/v3/smtp/email", hdr="h:api-key"),
    dict(vendor="SettleMint", fmt="settlemint-pat", var="SETTLEMINT_ACCESS_TOKEN", gen=lambda: J("sm", "_pat_") + an(16)),
    dict(vendor="Shippo", fmt="shippo-api-token", var="SHIPPO_API_KEY", gen=lambda: J("ship", "po_live_") + hx(40),
         host="api.goshippo.com", path="/shipments", hdr="raw:ShippoToken"),
    dict(vendor="Square", fmt="square-access-token", var="SQUARE_ACCESS_TOKEN", gen=lambda: "EAAA" + b64u(60),
         host="connect.squareup.com", path="/v2/locations"),
    dict(vendor="Square", fmt="square-oauth-secret", var="SQUARE_APP_SECRET", gen=lambda: J("sq0", "csp-") + b64u(43)),
    dict(vendor="Typeform", fmt="typeform-pat", var="TYPEFORM_TOKEN", gen=lambda: J("tf", "p_") + b64u(59),
         host="api.typeform.com", path="/forms"),
    dict(vendor="Yandex Cloud", fmt="yandex-api-key", var="YC_API_KEY", gen=lambda: J("AQ", "VN") + b64u(36),
         host="llm.api.cloud.yandex.net", path="/foundationModels/v1/completion", hdr="raw:Api-Key"),
    dict(vendor="Yandex Cloud", fmt="yandex-oauth-token", var="YC_TOKEN", gen=lambda: J("y0", "_") + b64u(56)),
    dict(vendor="Akamai", fmt="akamai-edgegrid-client-token", var="AKAMAI_CLIENT_TOKEN", gen=lambda: J("ak", "ab-") + anl(16) + "-" + anl(16)),
    dict(vendor="1Password", fmt="1password-service-account-token", var="OP_SERVICE_ACCOUNT_TOKEN", gen=_onepassword,
         native=["export OP_SERVICE_ACCOUNT_TOKEN={T}\nop read op://ci/npm/token"]),
    dict(vendor="Fly.io", fmt="flyio-access-token", var="FLY_API_TOKEN", gen=_fly,
         native=['FLY_API_TOKEN="{T}" flyctl deploy --remote-only']),
    dict(vendor="Render", fmt="render-api-key", var="RENDER_API_KEY", gen=lambda: J("rn", "d_") + an(32),
         host="api.render.com", path="/v1/services"),
    dict(vendor="Supabase", fmt="supabase-access-token", var="SUPABASE_ACCESS_TOKEN", gen=lambda: J("sb", "p_") + hx(40),
         native=["supabase login --token {T}"]),
    dict(vendor="Supabase", fmt="supabase-secret-key", var="SUPABASE_SECRET_KEY", gen=lambda: J("sb", "_secret_") + b64u(31)),
    dict(vendor="Netlify", fmt="netlify-pat", var="NETLIFY_AUTH_TOKEN", gen=lambda: J("nf", "p_") + an(36) + hx(4),
         native=["netlify deploy --prod --auth {T} --site 3b1f2c4d-acme"]),
    dict(vendor="Replicate", fmt="replicate-api-token", var="REPLICATE_API_TOKEN", gen=lambda: J("r", "8_") + an(37),
         host="api.replicate.com", path="/v1/predictions"),
    dict(vendor="Groq", fmt="groq-api-key", var="GROQ_API_KEY", gen=lambda: J("gs", "k_") + an(52),
         host="api.groq.com", path="/openai/v1/chat/completions"),
    dict(vendor="Perplexity", fmt="perplexity-api-key", var="PERPLEXITY_API_KEY", gen=lambda: J("pp", "lx-") + an(48),
         host="api.perplexity.ai", path="/chat/completions"),
    dict(vendor="xAI", fmt="xai-api-key", var="XAI_API_KEY", gen=lambda: J("xa", "i-") + an(80),
         host="api.x.ai", path="/v1/chat/completions"),
    dict(vendor="Pinecone", fmt="pinecone-api-key", var="PINECONE_API_KEY", gen=lambda: J("pc", "sk_") + an(5) + "_" + an(63),
         host="api.pinecone.io", path="/indexes", hdr="h:Api-Key"),
    dict(vendor="LangSmith", fmt="langsmith-pat", var="LANGSMITH_API_KEY", gen=lambda: J("lsv", "2_pt_") + hx(32) + "_" + hx(10)),
    dict(vendor="LangSmith", fmt="langsmith-service-key", var="LANGCHAIN_API_KEY", gen=lambda: J("lsv", "2_sk_") + hx(32) + "_" + hx(10)),
    dict(vendor="ElevenLabs", fmt="elevenlabs-api-key", var="ELEVENLABS_API_KEY", gen=lambda: J("s", "k_") + hx(48),
         host="api.elevenlabs.io", path="/v1/voices", hdr="h:xi-api-key"),
    dict(vendor="Fireworks AI", fmt="fireworks-api-key", var="FIREWORKS_API_KEY", gen=lambda: J("f", "w_") + an(24),
         host="api.fireworks.ai", path="/inference/v1/models"),
    dict(vendor="Resend", fmt="resend-api-key", var="RESEND_API_KEY", gen=lambda: J("r", "e_") + an(8) + "_" + an(24),
         host="api.resend.com", path="/emails"),
    dict(vendor="Mandrill", fmt="mandrill-api-key", var="MANDRILL_API_KEY", gen=lambda: J("m", "d-") + b64u(22)),
    dict(vendor="Braintree", fmt="braintree-access-token", var="BRAINTREE_ACCESS_TOKEN", gen=_braintree),
    dict(vendor="Paystack", fmt="paystack-secret-key", var="PAYSTACK_SECRET_KEY", gen=lambda: J("s", "k_live_") + hx(40),
         host="api.paystack.co", path="/transaction/verify/ref_8812"),
    dict(vendor="Mollie", fmt="mollie-api-key", var="MOLLIE_API_KEY", gen=lambda: J("li", "ve_") + an(30),
         host="api.mollie.com", path="/v2/payments"),
    dict(vendor="Figma", fmt="figma-pat", var="FIGMA_TOKEN", gen=lambda: J("fi", "gd_") + b64u(40),
         host="api.figma.com", path="/v1/files/Qx7abc/nodes", hdr="h:X-Figma-Token"),
    dict(vendor="Notion", fmt="notion-integration-token", var="NOTION_TOKEN", gen=_notion,
         host="api.notion.com", path="/v1/databases/2f3e/query"),
    dict(vendor="Notion", fmt="notion-legacy-secret", var="NOTION_API_KEY", gen=lambda: J("sec", "ret_") + an(43)),
    dict(vendor="ClickUp", fmt="clickup-pat", var="CLICKUP_API_TOKEN", gen=_clickup,
         host="api.clickup.com", path="/api/v2/team", hdr="raw:"),
    dict(vendor="Buildkite", fmt="buildkite-api-token", var="BUILDKITE_API_TOKEN", gen=lambda: J("bk", "ua_") + hx(40),
         host="api.buildkite.com", path="/v2/organizations/acme/pipelines"),
    dict(vendor="CircleCI", fmt="circleci-pat", var="CIRCLE_TOKEN", gen=lambda: J("CCI", "PAT_") + an(22) + "_" + hx(40),
         host="circleci.com", path="/api/v2/me", hdr="h:Circle-Token"),
    dict(vendor="SonarQube", fmt="sonarqube-user-token", var="SONAR_TOKEN", gen=lambda: J("sq", "u_") + hx(40),
         native=["mvn sonar:sonar -Dsonar.host.url=https://sonar.acme.io -Dsonar.token={T}"]),
    dict(vendor="SonarQube", fmt="sonarqube-project-token", var="SONAR_TOKEN", gen=lambda: J("sq", "p_") + hx(40)),
    dict(vendor="Tailscale", fmt="tailscale-auth-key", var="TS_AUTHKEY", gen=_tailscale("auth"),
         native=["sudo tailscale up --authkey={T} --hostname=ci-runner-7 --ssh"]),
    dict(vendor="Tailscale", fmt="tailscale-api-key", var="TAILSCALE_API_KEY", gen=_tailscale("api"), hdr="basic-user",
         host="api.tailscale.com", path="/api/v2/tailnet/-/devices"),
    dict(vendor="ngrok", fmt="ngrok-authtoken", var="NGROK_AUTHTOKEN", gen=_ngrok,
         native=["ngrok config add-authtoken {T}"]),
    dict(vendor="Bitwarden", fmt="bitwarden-sm-access-token", var="BWS_ACCESS_TOKEN", gen=_bitwarden_sm,
         native=["bws secret list --access-token {T}"]),
    dict(vendor="Octopus Deploy", fmt="octopus-api-key", var="OCTOPUS_API_KEY", gen=lambda: J("AP", "I-") + anu(26),
         host="acme.octopus.app", path="/api/projects", hdr="h:X-Octopus-ApiKey"),
    dict(vendor="Statsig", fmt="statsig-server-secret", var="STATSIG_SERVER_SECRET", gen=lambda: J("sec", "ret-") + an(43)),
    dict(vendor="PostHog", fmt="posthog-personal-api-key", var="POSTHOG_PERSONAL_API_KEY", gen=lambda: J("ph", "x_") + an(43),
         host="us.posthog.com", path="/api/projects/"),
    dict(vendor="Linode", fmt="linode-token", var="LINODE_TOKEN", gen=lambda: hx(64),
         host="api.linode.com", path="/v4/linode/instances"),
    dict(vendor="Hetzner", fmt="hetzner-cloud-token", var="HCLOUD_TOKEN", gen=lambda: an(64),
         native=["hcloud context create acme-prod  # pasted token {T}"]),
    dict(vendor="Vultr", fmt="vultr-api-key", var="VULTR_API_KEY", gen=lambda: anu(36),
         host="api.vultr.com", path="/v2/instances"),
    dict(vendor="Upstash", fmt="upstash-redis-rest-token", var="UPSTASH_REDIS_REST_TOKEN", gen=_upstash,
         host="eu1-calm-lynx-31207.upstash.io", path="/get/session:42"),
    dict(vendor="Neon", fmt="neon-api-key", var="NEON_API_KEY", gen=lambda: J("nap", "i_") + anl(60),
         host="console.neon.tech", path="/api/v2/projects"),
    dict(vendor="Neon", fmt="neon-db-password", var="DATABASE_URL", gen=lambda: J("np", "g_") + an(12),
         native=["DATABASE_URL=postgresql://neondb_owner:{T}@ep-cool-darkness-a5k2x1.us-east-2.aws.neon.tech/neondb?sslmode=require"]),
    dict(vendor="Clerk", fmt="clerk-secret-key", var="CLERK_SECRET_KEY", gen=lambda: J("s", "k_live_") + an(42),
         host="api.clerk.com", path="/v1/users"),
    dict(vendor="Paddle", fmt="paddle-api-key", var="PADDLE_API_KEY", gen=_paddle,
         host="api.paddle.com", path="/subscriptions"),
    dict(vendor="Polar", fmt="polar-access-token", var="POLAR_ACCESS_TOKEN", gen=lambda: J("pol", "ar_oat_") + b64u(43)),
    dict(vendor="Honeycomb", fmt="honeycomb-ingest-key", var="HONEYCOMB_API_KEY", gen=lambda: J("hc", "aik_") + "01" + anl(24) + anl(32),
         native=['OTEL_EXPORTER_OTLP_HEADERS="x-honeycomb-team={T}"']),
    dict(vendor="Percy", fmt="percy-token", var="PERCY_TOKEN", gen=lambda: J("we", "b_") + hx(64),
         native=["PERCY_TOKEN={T} npx percy exec -- cypress run"]),
    dict(vendor="Intercom", fmt="intercom-access-token", var="INTERCOM_ACCESS_TOKEN", gen=_intercom,
         host="api.intercom.io", path="/contacts"),
    dict(vendor="Trello", fmt="trello-token", var="TRELLO_TOKEN", gen=_trello_token,
         native=["curl 'https://api.trello.com/1/members/me/boards?key=" + hx(32) + "&token={T}'"]),
    dict(vendor="Asana", fmt="asana-pat", var="ASANA_ACCESS_TOKEN", gen=_asana_pat,
         host="app.asana.com", path="/api/1.0/users/me"),
    dict(vendor="HubSpot", fmt="hubspot-private-app-token", var="HUBSPOT_ACCESS_TOKEN", gen=lambda: J("pat", "-na1-") + uid(),
         host="api.hubapi.com", path="/crm/v3/objects/contacts"),
    dict(vendor="Convex", fmt="convex-deploy-key", var="CONVEX_DEPLOY_KEY", gen=_convex,
         native=["CONVEX_DEPLOY_KEY='{T}' npx convex deploy"]),
    dict(vendor="Sanity", fmt="sanity-api-token", var="SANITY_API_TOKEN", gen=_sanity),
    dict(vendor="Adyen", fmt="adyen-api-key", var="ADYEN_API_KEY", gen=_adyen,
         host="checkout-test.adyen.com", path="/v71/payments", hdr="h:X-API-Key"),
    dict(vendor="OpenRouter", fmt="openrouter-api-key", var="OPENROUTER_API_KEY", gen=lambda: J("sk-", "or-", "v1-") + hx(64),
         host="openrouter.ai", path="/api/v1/chat/completions"),
    dict(vendor="Voyage AI", fmt="voyage-api-key", var="VOYAGE_API_KEY", gen=lambda: J("p", "a-") + b64u(43)),
    dict(vendor="Tavily", fmt="tavily-api-key", var="TAVILY_API_KEY", gen=lambda: J("tv", "ly-") + "dev-" + an(32)),
    dict(vendor="Firecrawl", fmt="firecrawl-api-key", var="FIRECRAWL_API_KEY", gen=lambda: J("f", "c-") + hx(32),
         host="api.firecrawl.dev", path="/v1/scrape"),
    dict(vendor="Jina AI", fmt="jina-api-key", var="JINA_API_KEY", gen=lambda: J("ji", "na_") + hx(32) + b64u(28),
         host="r.jina.ai", path="/https://example.com"),
    dict(vendor="Browserbase", fmt="browserbase-api-key", var="BROWSERBASE_API_KEY", gen=lambda: J("b", "b_live_") + b64u(27)),
    dict(vendor="E2B", fmt="e2b-api-key", var="E2B_API_KEY", gen=lambda: J("e2", "b_") + hx(40)),
    dict(vendor="Modal", fmt="modal-token-secret", var="MODAL_TOKEN_SECRET", gen=_modal_token,
         native=["modal token set --token-id " + J("a", "k-") + an(22) + " --token-secret {T}"]),
    dict(vendor="Infisical", fmt="infisical-service-token", var="INFISICAL_TOKEN", gen=_infisical,
         native=["infisical run --token {T} --env=prod -- ./server"]),
    dict(vendor="Stytch", fmt="stytch-secret", var="STYTCH_SECRET", gen=_stytch),
    dict(vendor="DeepSeek", fmt="deepseek-api-key", var="DEEPSEEK_API_KEY", gen=lambda: J("s", "k-") + hx(32),
         host="api.deepseek.com", path="/chat/completions"),
    dict(vendor="Cohere", fmt="cohere-api-key", var="CO_API_KEY", gen=lambda: an(40),
         host="api.cohere.com", path="/v2/chat"),
    dict(vendor="Mistral", fmt="mistral-api-key", var="MISTRAL_API_KEY", gen=lambda: an(32),
         host="api.mistral.ai", path="/v1/models"),
    dict(vendor="Together AI", fmt="together-api-key", var="TOGETHER_API_KEY", gen=lambda: hx(64),
         host="api.together.xyz", path="/v1/models"),
    dict(vendor="Deepgram", fmt="deepgram-api-key", var="DEEPGRAM_API_KEY", gen=lambda: hx(40),
         host="api.deepgram.com", path="/v1/listen", hdr="raw:Token"),
    dict(vendor="AssemblyAI", fmt="assemblyai-api-key", var="ASSEMBLYAI_API_KEY", gen=lambda: hx(32),
         host="api.assemblyai.com", path="/v2/transcript", hdr="raw:"),
    dict(vendor="Weights & Biases", fmt="wandb-api-key", var="WANDB_API_KEY", gen=lambda: hx(40),
         native=["wandb login {T}"]),
    dict(vendor="Rollbar", fmt="rollbar-access-token", var="ROLLBAR_ACCESS_TOKEN", gen=lambda: hx(32),
         host="api.rollbar.com", path="/api/1/deploy", hdr="h:X-Rollbar-Access-Token"),
    dict(vendor="Bugsnag", fmt="bugsnag-auth-token", var="BUGSNAG_AUTH_TOKEN", gen=lambda: uid(),
         host="api.bugsnag.com", path="/user/organizations", hdr="raw:token"),
    dict(vendor="Codecov", fmt="codecov-upload-token", var="CODECOV_TOKEN", gen=uid,
         native=["codecov upload-process -t {T} -f coverage.xml"]),
    dict(vendor="Snyk", fmt="snyk-api-token", var="SNYK_TOKEN", gen=uid, native=["snyk auth {T}"]),
    dict(vendor="Cypress Cloud", fmt="cypress-record-key", var="CYPRESS_RECORD_KEY", gen=uid,
         native=["npx cypress run --record --key {T} --parallel"]),
    dict(vendor="Expo", fmt="expo-access-token", var="EXPO_TOKEN", gen=lambda: b64u(40),
         native=["EXPO_TOKEN={T} eas build --platform ios --non-interactive"]),
    dict(vendor="Postmark", fmt="postmark-server-token", var="POSTMARK_SERVER_TOKEN", gen=uid,
         host="api.postmarkapp.com", path="/email", hdr="h:X-Postmark-Server-Token"),
    dict(vendor="Etherscan", fmt="etherscan-api-key", var="ETHERSCAN_API_KEY", gen=lambda: anu(34),
         host="api.etherscan.io", path="/api", hdr="q:apikey"),
    dict(vendor="Alchemy", fmt="alchemy-api-key", var="ALCHEMY_API_KEY", gen=lambda: b64u(32),
         native=["RPC_URL=https://eth-mainnet.g.alchemy.com/v2/{T}"]),
    dict(vendor="Infura", fmt="infura-api-key", var="INFURA_API_KEY", gen=lambda: hx(32),
         native=["forge script Deploy --rpc-url https://mainnet.infura.io/v3/{T} --broadcast"]),
    dict(vendor="Zendesk", fmt="zendesk-api-token", var="ZENDESK_API_TOKEN", gen=lambda: an(40),
         native=["curl https://acme.zendesk.com/api/v2/tickets.json -u support@acme.io/token:{T}"]),
    dict(vendor="Freshdesk", fmt="freshdesk-api-key", var="FRESHDESK_API_KEY", gen=lambda: an(20),
         native=["curl -u {T}:X https://acme.freshdesk.com/api/v2/tickets"]),
    dict(vendor="MessageBird", fmt="messagebird-access-key", var="MESSAGEBIRD_ACCESS_KEY", gen=lambda: an(25),
         host="rest.messagebird.com", path="/messages", hdr="raw:AccessKey"),
    dict(vendor="Telnyx", fmt="telnyx-api-key", var="TELNYX_API_KEY", gen=lambda: J("KE", "Y0") + anu(30) + "_" + an(22),
         host="api.telnyx.com", path="/v2/messages"),
    dict(vendor="Contentstack", fmt="contentstack-management-token", var="CONTENTSTACK_MANAGEMENT_TOKEN", gen=lambda: "cs" + hx(32),
         host="api.contentstack.io", path="/v3/content_types", hdr="h:authorization"),
    dict(vendor="Fastly", fmt="fastly-api-token", var="FASTLY_API_TOKEN", gen=lambda: b64u(32),
         host="api.fastly.com", path="/service", hdr="h:Fastly-Key"),
    dict(vendor="Algolia", fmt="algolia-admin-key", var="ALGOLIA_ADMIN_KEY", gen=lambda: hx(32),
         native=['curl -H "X-Algolia-API-Key: {T}" -H "X-Algolia-Application-Id: LATENCY" https://LATENCY-dsn.algolia.net/1/indexes']),
    dict(vendor="Gitea", fmt="gitea-access-token", var="GITEA_TOKEN", gen=lambda: hx(40),
         native=["tea login add --name acme --url https://git.acme.io --token {T}"]),
    dict(vendor="Cloudsmith", fmt="cloudsmith-api-key", var="CLOUDSMITH_API_KEY", gen=lambda: hx(40),
         native=["pip install --index-url https://token:{T}@dl.cloudsmith.io/basic/acme/python/python/simple/ acme-sdk"]),
    dict(vendor="Sourcegraph", fmt="sourcegraph-access-token", var="SRC_ACCESS_TOKEN", gen=lambda: J("sg", "p_") + hx(16) + "_" + hx(40),
         native=["SRC_ENDPOINT=https://sourcegraph.acme.io SRC_ACCESS_TOKEN={T} src search 'repo:acme/api TODO'"]),
    dict(vendor="Chief Tools", fmt="chieftools-pat", var="CHIEF_TOKEN", gen=lambda: J("ct", "p_") + an(36)),
    dict(vendor="Freemius", fmt="freemius-secret-key", var="FS_SECRET_KEY", gen=lambda: J("s", "k_") + rs(AN + "#&@*$", 29),
         native=["$config = array(\n    'id' => '12345',\n    'public_key' => 'pk_3f2a9c1b0e8d7f6a5b4c3d2e1f0a9',\n    'secret_key' => '{T}',\n);"]),
    dict(vendor="Gitter", fmt="gitter-access-token", var="GITTER_TOKEN", gen=lambda: b64u(40)),
    dict(vendor="Private AI", fmt="privateai-api-key", var="PRIVATE_AI_API_KEY", gen=lambda: anl(32),
         host="api.private-ai.com", path="/community/v3/process/text", hdr="h:x-api-key"),
    dict(vendor="MaxMind", fmt="maxmind-license-key", var="MAXMIND_LICENSE_KEY", gen=lambda: an(6) + "_" + an(29) + J("_m", "mk"),
         native=["geoipupdate -v  # /etc/GeoIP.conf: AccountID 1048221, LicenseKey {T}"]),
    dict(vendor="Chargebee", fmt="chargebee-api-key", var="CHARGEBEE_API_KEY", gen=lambda: J("li", "ve_") + an(34), hdr="basic-user",
         host="acme.chargebee.com", path="/api/v2/subscriptions"),
    dict(vendor="CAST AI", fmt="castai-api-key", var="CASTAI_API_TOKEN", gen=lambda: J("cast", "ai_v1_") + an(64) + "_" + an(8),
         host="api.cast.ai", path="/v1/kubernetes/external-clusters", hdr="h:X-API-Key"),
    dict(vendor="ClickHouse Cloud", fmt="clickhouse-cloud-key-secret", var="CLICKHOUSE_KEY_SECRET", gen=lambda: J("4b", "1d") + an(38)),
    dict(vendor="Looker", fmt="looker-client-secret", var="LOOKERSDK_CLIENT_SECRET", gen=lambda: an(24),
         native=["[Looker]\nbase_url=https://acme.cloud.looker.com\nclient_id=" + an(20) + "\nclient_secret={T}\nverify_ssl=True"]),
    dict(vendor="Adafruit IO", fmt="adafruit-io-key", var="ADAFRUIT_IO_KEY", gen=lambda: J("ai", "o_") + an(28),
         host="io.adafruit.com", path="/api/v2/acme/feeds", hdr="h:X-AIO-Key"),
    dict(vendor="Mattermost", fmt="mattermost-access-token", var="MM_ACCESS_TOKEN", gen=lambda: anl(26),
         native=["mmctl auth login https://chat.acme.io --name acme --access-token {T}"]),
    dict(vendor="Drone CI", fmt="droneci-token", var="DRONE_TOKEN", gen=lambda: an(32),
         native=["DRONE_SERVER=https://drone.acme.io DRONE_TOKEN={T} drone build ls acme/api"]),
    dict(vendor="KuCoin", fmt="kucoin-api-secret", var="KUCOIN_API_SECRET", gen=uid),
]

for _e in U:
    place_vendor("vendor-unnamed", _e, 2)

UNNAMED_VENDORS = sorted(set(e["vendor"] for e in U))

# --------------------------------------------------------------------------------------
# id-beside-secret: a non-secret identifier right next to the secret
# --------------------------------------------------------------------------------------

def _idpairs():
    out = []
    # (format, id generator, secret generator, list of templates with {I} and {S})
    P = [
        ("aws-key-pair", lambda: J("AK", "IA") + rs(B32U, 16), lambda: rs(B64, 40),
         ["[profile deploy]\naws_access_key_id = {I}\naws_secret_access_key = {S}\nregion = us-east-1",
          "AWS creds for the sandbox account: {I} / {S}"], "secret"),
        ("twilio-account-sid-auth-token", lambda: "AC" + hx(32), lambda: hx(32),
         ["curl -X POST https://api.twilio.com/2010-04-01/Accounts/{I}/Messages.json -u {I}:{S} --data-urlencode 'To=+15551234567'",
          "TWILIO_ACCOUNT_SID={I}\nTWILIO_AUTH_TOKEN={S}"], "id"),
        ("google-oauth-client-pair", lambda: dg(12) + "-" + anl(32) + ".apps.googleusercontent.com", lambda: J("GOC", "SPX-") + b64u(28),
         ['{"web":{"client_id":"{I}","project_id":"acme-prod","client_secret":"{S}","redirect_uris":["http://localhost:8080/callback"]}}',
          "GOOGLE_CLIENT_ID={I}\nGOOGLE_CLIENT_SECRET={S}"], "id"),
        ("azure-sp-pair", uid, _azure_client_secret,
         ['{"appId": "{I}", "displayName": "gh-actions-deploy", "password": "{S}", "tenant": "72f988bf-86f1-41af-91ab-2d7cd011db47"}',
          "ARM_CLIENT_ID={I}\nARM_CLIENT_SECRET={S}\nARM_SUBSCRIPTION_ID=00000000-0000-0000-0000-000000000000"], "id"),
        ("github-oauth-app-pair", lambda: J("Ov23", "li") + an(14), lambda: hx(40),
         ["GITHUB_CLIENT_ID={I}\nGITHUB_CLIENT_SECRET={S}",
          "OAuth app registered: client id {I}, client secret {S} (callback http://localhost:3000/api/auth/callback/github)"], "id"),
        ("github-app-pair", lambda: J("Iv", "1.") + hx(16), lambda: hx(40),
         ["github_app:\n  client_id: {I}\n  client_secret: {S}\n  app_id: 412233"], "id"),
        ("slack-signing-secret", lambda: dg(13) + "." + dg(13), lambda: hx(32),
         ["SLACK_CLIENT_ID={I}\nSLACK_SIGNING_SECRET={S}",
          "slack app: client_id={I} signing_secret={S}"], "id"),
        ("discord-client-pair", lambda: dg(19), lambda: b64u(32),
         ["DISCORD_CLIENT_ID={I}\nDISCORD_CLIENT_SECRET={S}"], "id"),
        ("algolia-app-admin", lambda: anu(10), lambda: hx(32),
         ["ALGOLIA_APP_ID={I}\nALGOLIA_ADMIN_API_KEY={S}",
          "const client = algoliasearch('{I}', '{S}');"], "id"),
        ("pusher-app-secret", lambda: dg(7), lambda: hx(20),
         ["PUSHER_APP_ID={I}\nPUSHER_KEY=9a8b7c6d5e4f3a2b1c0d\nPUSHER_SECRET={S}\nPUSHER_CLUSTER=eu",
          "new Pusher({ appId: '{I}', key: '9a8b7c6d5e4f3a2b1c0d', secret: '{S}', cluster: 'eu' })"], "id"),
        ("cloudinary-url", lambda: dg(15), lambda: b64u(27),
         ["CLOUDINARY_URL=cloudinary://{I}:{S}@acme-media",
          "cloudinary.config(cloud_name='acme-media', api_key='{I}', api_secret='{S}')"], "id"),
        ("razorpay-key-pair", lambda: J("rzp", "_live_") + an(14), lambda: an(24),
         ["RAZORPAY_KEY_ID={I}\nRAZORPAY_KEY_SECRET={S}",
          "curl -u {I}:{S} https://api.razorpay.com/v1/payments?count=5"], "id"),
        ("plaid-client-pair", lambda: hx(24), lambda: hx(30),
         ['{"client_id": "{I}", "secret": "{S}", "access_token": "access-production-redacted-later"}',
          "PLAID_CLIENT_ID={I}\nPLAID_SECRET={S}\nPLAID_ENV=production"], "id"),
        ("mailjet-key-pair", lambda: hx(32), lambda: hx(32),
         ["MJ_APIKEY_PUBLIC={I}\nMJ_APIKEY_PRIVATE={S}",
          "curl -s -X POST --user \"{I}:{S}\" https://api.mailjet.com/v3.1/send -H 'Content-Type: application/json' -d @mail.json"], "id"),
        ("vonage-key-pair", lambda: hx(8), lambda: an(16),
         ["VONAGE_API_KEY={I}\nVONAGE_API_SECRET={S}",
          "vonage auth set --api-key={I} --api-secret={S}"], "id"),
        ("backblaze-b2-pair", lambda: "005" + hx(22), lambda: "K005" + rs(B64, 27),
         ["b2 account authorize {I} {S}",
          "B2_APPLICATION_KEY_ID={I}\nB2_APPLICATION_KEY={S}"], "id"),
        ("scaleway-key-pair", lambda: J("SC", "W") + anu(17), uid,
         ["SCW_ACCESS_KEY={I}\nSCW_SECRET_KEY={S}\nSCW_DEFAULT_PROJECT_ID=5b1c9d2e-0000-4000-8000-7a6b5c4d3e2f",
          "scw init access-key={I} secret-key={S} send-telemetry=false"], "id"),
        ("minio-key-pair", lambda: anu(20), lambda: b64u(40),
         ["mc alias set myminio http://minio.internal:9000 {I} {S}",
          "MINIO_ROOT_USER={I}\nMINIO_ROOT_PASSWORD={S}"], "id"),
        ("cloudflare-r2-pair", lambda: hx(32), lambda: hx(64),
         ["[r2]\ntype = s3\nprovider = Cloudflare\naccess_key_id = {I}\nsecret_access_key = {S}\nendpoint = https://9f8e7d6c5b4a39281706f5e4d3c2b1a0.r2.cloudflarestorage.com"], "id"),
        ("sumologic-access-pair", lambda: J("s", "u") + an(12), lambda: an(64),
         ["SUMO_ACCESS_ID={I}\nSUMO_ACCESS_KEY={S}",
          "curl -u '{I}:{S}' https://api.sumologic.com/api/v1/collectors"], "id"),
        ("browserstack-pair", lambda: "acmeqa_" + anl(8), lambda: an(20),
         ["BROWSERSTACK_USERNAME={I}\nBROWSERSTACK_ACCESS_KEY={S}",
          "const capabilities = { 'bstack:options': { userName: '{I}', accessKey: '{S}' } };"], "id"),
        ("saucelabs-pair", lambda: "oauth-ci-" + anl(6), uid,
         ["SAUCE_USERNAME={I} SAUCE_ACCESS_KEY={S} npx wdio run wdio.conf.js",
          "sauce-connect -u {I} -k {S} --region us-west"], "id"),
        ("mux-token-pair", uid, lambda: b64b(56).rstrip("="),
         ["MUX_TOKEN_ID={I}\nMUX_TOKEN_SECRET={S}",
          "curl https://api.mux.com/video/v1/assets -u {I}:{S}"], "id"),
        ("twitter-consumer-pair", lambda: an(25), lambda: an(50),
         ["TWITTER_CONSUMER_KEY={I}\nTWITTER_CONSUMER_SECRET={S}",
          "api = tweepy.OAuth1UserHandler('{I}', '{S}')"], "id"),
        ("akamai-edgerc", lambda: "akab-" + anl(16) + "-" + anl(16) + ".luna.akamaiapis.net", lambda: b64b(32),
         ["[default]\nclient_secret = {S}\nhost = {I}\naccess_token = " + J("ak", "ab-") + anl(16) + "-" + anl(16) + "\nclient_token = " + J("ak", "ab-") + anl(16) + "-" + anl(16)], "id"),
        ("confluent-key-pair", lambda: anu(16), lambda: rs(AN + "+/", 64),
         ["sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username='{I}' password='{S}';",
          "confluent api-key store {I} {S} --resource lkc-7x2q9"], "id"),
        ("alibaba-key-pair", lambda: J("LT", "AI") + an(20), lambda: an(30),
         ["aliyun configure set --profile ci --mode AK --access-key-id {I} --access-key-secret {S} --region cn-hangzhou"], "id"),
        ("tencent-key-pair", lambda: J("AK", "ID") + an(32), lambda: an(32),
         ["TENCENTCLOUD_SECRET_ID={I}\nTENCENTCLOUD_SECRET_KEY={S}"], "id"),
        ("huawei-obs-pair", lambda: anu(20), lambda: an(40),
         ["obsutil config -i={I} -k={S} -e=obs.ap-southeast-1.myhuaweicloud.com"], "id"),
        ("ibm-cloud-api-key", lambda: hx(32), lambda: b64u(44),
         ["ibmcloud login --apikey {S} -c {I} -r us-south"], "id"),
        ("okta-client-pair", lambda: "0oa" + an(17), lambda: b64u(64),
         ["OKTA_CLIENT_ID={I}\nOKTA_CLIENT_SECRET={S}\nOKTA_ISSUER=https://acme.okta.com/oauth2/default"], "id"),
        ("auth0-client-pair", lambda: an(32), lambda: b64u(64),
         ["AUTH0_CLIENT_ID={I}\nAUTH0_CLIENT_SECRET={S}\nAUTH0_DOMAIN=acme.eu.auth0.com",
          'curl --request POST --url https://acme.eu.auth0.com/oauth/token --data \'{"client_id":"{I}","client_secret":"{S}","audience":"https://api.acme.io","grant_type":"client_credentials"}\''], "id"),
        ("keycloak-client-pair", lambda: "acme-backend", lambda: an(32),
         ["curl -d 'grant_type=client_credentials' -d 'client_id={I}' -d 'client_secret={S}' https://sso.acme.io/realms/acme/protocol/openid-connect/token"], "id"),
        ("salesforce-connected-app", lambda: J("3MV", "G9") + b64u(76).replace("-", ".").replace("_", "."), lambda: hxu(64),
         ["SF_CONSUMER_KEY={I}\nSF_CONSUMER_SECRET={S}"], "id"),
        ("spotify-client-pair", lambda: hx(32), lambda: hx(32),
         ["SPOTIPY_CLIENT_ID={I}\nSPOTIPY_CLIENT_SECRET={S}"], "id"),
        ("paypal-client-pair", lambda: "A" + b64u(79), lambda: "E" + b64u(79),
         ["curl -v https://api-m.paypal.com/v1/oauth2/token -u \"{I}:{S}\" -d \"grant_type=client_credentials\""], "id"),
        ("dropbox-app-pair", lambda: anl(15), lambda: anl(15),
         ["DROPBOX_APP_KEY={I}\nDROPBOX_APP_SECRET={S}"], "id"),
        ("twitch-client-pair", lambda: anl(30), lambda: anl(30),
         ["curl -X POST 'https://id.twitch.tv/oauth2/token' -d 'client_id={I}&client_secret={S}&grant_type=client_credentials'"], "id"),
        ("facebook-app-pair", lambda: dg(15), lambda: hx(32),
         ["FACEBOOK_APP_ID={I}\nFACEBOOK_APP_SECRET={S}"], "id"),
        ("username-password-pair", lambda: _R.choice(["svc-ci", "deploy", "jenkins", "grafana-admin", "app_rw", "etl_loader"]),
         lambda: pw_any(),
         ['{"username": "{I}", "password": "{S}"}',
          "login: {I}\npassword: {S}",
          "Creds for the staging box are {I} / {S}"], "id"),
        ("oracle-oci-auth-token", lambda: "ocid1.user.oc1.." + anl(60), lambda: rs(AN + "()<>;:.{}[]#", 20),
         ["user={I}\nauth_token={S}\nregion=eu-frankfurt-1"], "id"),
        ("kraken-key-pair", lambda: b64b(42), lambda: b64b(64),
         ["KRAKEN_API_KEY={I}\nKRAKEN_PRIVATE_KEY={S}"], "label"),
        ("binance-key-pair", lambda: an(64), lambda: an(64),
         ["BINANCE_API_KEY={I}\nBINANCE_SECRET_KEY={S}"], "label"),
    ]
    for fmt, gi, gs, tpls, vmode in P:
        for tpl in tpls:
            i, s = gi(), gs()
            text = tpl.replace("{I}", i).replace("{S}", s)
            if vmode == "id":
                vis = i
            else:
                vis = ""
                for lab in ("aws_secret_access_key", "PRIVATE_KEY", "SECRET_KEY", "secret"):
                    if lab in text:
                        vis = lab
                        break
            out.append(("id-beside-secret", fmt, text, s, vis))
    return out


SECRETS.extend(_idpairs())

# --------------------------------------------------------------------------------------
# credential-files: whole files an agent might cat or paste into its notes
# --------------------------------------------------------------------------------------

def _pem(label, nbytes, width=64):
    body = wrap(b64b(nbytes), width)
    return "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, body, label), body


def _openssh_key():
    raw = b"openssh-key-v1\x00" + rbytes(_R.choice([380, 1800]))
    body = wrap(base64.b64encode(raw).decode(), 70)
    return "-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % body, body


def _credfiles():
    out = []

    def A(fmt, text, secret, visible=""):
        out.append(("credential-files", fmt, text, secret, visible))

    for label, nb in (("RSA PRIVATE KEY", 1190), ("PRIVATE KEY", 1218), ("EC PRIVATE KEY", 121), ("DSA PRIVATE KEY", 444)):
        for lead in ("$ cat deploy/keys/%s.pem\n" % _R.choice(["server", "jwt-signing", "saml-sp", "webhook"]), ""):
            text, body = _pem(label, nb)
            A("pem-" + label.lower().replace(" ", "-"), lead + text, body)
    for _ in range(2):
        text, body = _openssh_key()
        A("openssh-private-key", "$ cat ~/.ssh/id_ed25519\n" + text, body)
    text, body = _pem("ENCRYPTED PRIVATE KEY", 1298)
    A("pem-encrypted-private-key", text, body)
    pgp = wrap(b64b(1500), 64)
    A("pgp-private-key-block", "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n%s\n=%s\n-----END PGP PRIVATE KEY BLOCK-----" % (pgp, an(4)), pgp)
    ppk = wrap(b64b(80), 64)
    A("putty-ppk", "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: eddsa-key-20250301\nPublic-Lines: 2\n"
      "AAAAC3NzaC1lZDI1NTE5AAAAIGm3cK0pY2zqQ8b2vX7fN1wL4tR9sD6hJ5kP0aE3uB1c\nPrivate-Lines: 1\n%s\nPrivate-MAC: %s" % (ppk, hx(64)), ppk)
    ovpn = "\n".join(hx(32) for _ in range(16))
    A("openvpn-static-key", "<tls-auth>\n#\n# 2048 bit OpenVPN static key\n#\n-----BEGIN OpenVPN Static key V1-----\n%s\n-----END OpenVPN Static key V1-----\n</tls-auth>" % ovpn, ovpn)
    # .netrc / .pgpass / .git-credentials
    for host in ("api.heroku.com", "gitlab.acme.io", "artifactory.acme.io"):
        p = _R.choice([pw_any(), hx(40), uid()])
        A("netrc", "$ cat ~/.netrc\nmachine %s\n  login ci-bot@acme.io\n  password %s" % (host, p), p, "machine %s" % host)
    for _ in range(2):
        p = pw_any().replace(":", "")
        A("pgpass", "# ~/.pgpass\ndb-primary.prod.internal:5432:orders:orders_app:%s\nlocalhost:5432:*:postgres:%s" % (p, p), p)
    for host in ("github.com", "gitlab.com", "bitbucket.org"):
        tok = {"github.com": _gh("p")(), "gitlab.com": J("gl", "pat-") + b64u(20), "bitbucket.org": an(20)}[host]
        A("git-credentials", "$ cat ~/.git-credentials\nhttps://acme-bot:%s@%s" % (tok, host), tok)
    # aws credentials / config
    sk = rs(B64, 40)
    A("aws-credentials-file", "$ cat ~/.aws/credentials\n[default]\naws_access_key_id = %s\naws_secret_access_key = %s\n\n[staging]\nregion = eu-west-1"
      % (J("AK", "IA") + rs(B32U, 16), sk), sk, "[default]")
    sk = rs(B64, 40)
    st = _aws_session()
    A("aws-credentials-sso-cache", '{"roleCredentials": {"accessKeyId": "%s", "secretAccessKey": "%s", "sessionToken": "%s", "expiration": 1718049600000}}'
      % (J("AS", "IA") + rs(B32U, 16), sk, st), sk, "accessKeyId")
    # docker config
    for reg in ("https://index.docker.io/v1/", "ghcr.io", "acme.azurecr.io"):
        p = pw_any()
        auth = b64txt("acme-ci:" + p)
        A("docker-config-json", '$ cat ~/.docker/config.json\n{\n  "auths": {\n    "%s": {\n      "auth": "%s"\n    }\n  }\n}' % (reg, auth), auth, reg)
    # npmrc / yarnrc / pypirc / pip.conf
    t = uid()
    A("npmrc-legacy-authtoken", "registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=%s\nalways-auth=true" % t, t, "registry")
    p = pw_any()
    b = b64txt(p)
    A("npmrc-password", "@acme:registry=https://npm.pkg.acme.io/\n//npm.pkg.acme.io/:username=ci\n//npm.pkg.acme.io/:_password=%s\n//npm.pkg.acme.io/:email=ci@acme.io" % b, b, "username=ci")
    t = J("np", "m_") + an(36)
    A("yarnrc-yml", 'npmRegistryServer: "https://registry.npmjs.org"\nnpmAuthToken: "%s"\nnodeLinker: node-modules' % t, t, "npmRegistryServer")
    p = J("py", "pi-", "AgEIcHlwaS5vcmc") + "CJ" + b64u(140)
    A("pypirc", "[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\npassword = %s" % p, p, "index-servers")
    p = pw_any(url_safe=True)
    A("pip-conf", "[global]\nindex-url = https://build:%s@nexus.acme.io/repository/pypi-group/simple\ntimeout = 60" % p, p, "index-url")
    # kubeconfig
    ck = b64b(1190)
    A("kubeconfig-client-key-data", "users:\n- name: kind-acme\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\n    client-key-data: %s" % ck, ck, "client-certificate-data")
    tk = "eyJhbGciOiJSUzI1NiIsImtpZCI6" + b64u(30) + "." + b64u(420) + "." + b64u(342)
    A("kubeconfig-token", "users:\n- name: ci-deployer\n  user:\n    token: %s" % tk, tk, "ci-deployer")
    # htpasswd / shadow
    h = "$apr1$" + rs(AN + "./", 8) + "$" + rs(AN + "./", 22)
    A("htpasswd-apr1", "$ cat /etc/nginx/.htpasswd\nadmin:%s" % h, h, "admin")
    h = "$6$" + rs(AN + "./", 16) + "$" + rs(AN + "./", 86)
    A("shadow-sha512", "deploy:%s:19876:0:99999:7:::" % h, h, "deploy")
    h = "$2b$12$" + rs(AN + "./", 53)
    A("bcrypt-hash-in-seed", "INSERT INTO users (email, password_hash) VALUES ('admin@acme.io', '%s');" % h, h, "admin@acme.io")
    # my.cnf, s3cfg, rclone, boto, m2, gradle, nuget, composer, cargo, gem, terraformrc, vault-token, gh hosts
    p = pw_any()
    A("my-cnf", "[client]\nuser=root\npassword=%s\nhost=127.0.0.1" % p, p, "[client]")
    sk = rs(B64, 40)
    A("s3cfg", "[default]\naccess_key = %s\nsecret_key = %s\nhost_base = s3.amazonaws.com" % (J("AK", "IA") + rs(B32U, 16), sk), sk, "host_base")
    ob = b64u(_R.randint(40, 60))
    A("rclone-conf", "[nas]\ntype = sftp\nhost = nas.home.lan\nuser = backup\npass = %s" % ob, ob, "[nas]")
    sk = rs(B64, 40)
    A("boto-cfg", "[Credentials]\naws_access_key_id = %s\naws_secret_access_key = %s" % (J("AK", "IA") + rs(B32U, 16), sk), sk, "[Credentials]")
    p = pw_any()
    A("maven-settings-xml", "<servers>\n  <server>\n    <id>acme-releases</id>\n    <username>deployer</username>\n    <password>%s</password>\n  </server>\n</servers>" % p, p, "acme-releases")
    p = pw_any()
    A("gradle-properties", "org.gradle.jvmargs=-Xmx4g\nsigning.keyId=24875D73\nsigning.password=%s\nossrhUsername=acme" % p, p, "signing.keyId")
    p = pw_any()
    A("nuget-config", '<packageSourceCredentials>\n  <acme>\n    <add key="Username" value="build" />\n    <add key="ClearTextPassword" value="%s" />\n  </acme>\n</packageSourceCredentials>' % p, p, "ClearTextPassword")
    t = _gh("p")()
    A("composer-auth-json", '{\n  "github-oauth": {\n    "github.com": "%s"\n  }\n}' % t, t, "github-oauth")
    p = pw_any()
    A("composer-auth-http-basic", '{"http-basic": {"repo.packagist.com": {"username": "token", "password": "%s"}}}' % p, p, "http-basic")
    t = J("ci", "o") + an(32)
    A("cargo-credentials-toml", "# ~/.cargo/credentials.toml\n[registry]\ntoken = \"%s\"" % t, t, "[registry]")
    t = J("ruby", "gems_") + hx(48)
    A("gem-credentials", "---\n:rubygems_api_key: %s" % t, t, ":rubygems_api_key:")
    t = _tfc()
    A("terraformrc", 'credentials "app.terraform.io" {\n  token = "%s"\n}' % t, t, "app.terraform.io")
    t = _vault()
    A("vault-token-file", "$ cat ~/.vault-token\n%s" % t, t)
    t = J("gh", "o_") + an(36)
    A("gh-hosts-yml", "github.com:\n    users:\n        octo-dev:\n            oauth_token: %s\n    git_protocol: ssh\n    user: octo-dev" % t, t, "git_protocol")
    # service account json
    key = wrap(b64b(1218), 64).replace("\n", "\\n")
    A("gcp-service-account-json", '{\n  "type": "service_account",\n  "project_id": "acme-prod-4821",\n  "private_key_id": "%s",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "ci-deployer@acme-prod-4821.iam.gserviceaccount.com"\n}'
      % (hx(40), key), key, "client_email")
    # wireguard
    k = b64b(32)
    A("wireguard-conf", "[Interface]\nPrivateKey = %s\nAddress = 10.8.0.2/24\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = %s\nEndpoint = vpn.acme.io:51820" % (k, b64b(32)), k, "[Interface]")
    # wpa_supplicant
    p = pw_human()
    A("wpa-supplicant", 'network={\n    ssid="ACME-Office-5G"\n    psk="%s"\n    key_mgmt=WPA-PSK\n}' % p, p, "ACME-Office-5G")
    # gitlab runner config.toml
    t = J("gl", "rt-") + b64u(20)
    A("gitlab-runner-config-toml", '[[runners]]\n  name = "docker-runner-01"\n  url = "https://gitlab.com"\n  token = "%s"\n  executor = "docker"' % t, t, "docker-runner-01")
    # bundler config
    p = hx(8) + ":" + hx(8)
    A("bundle-config", '---\nBUNDLE_GEMS__CONTRIBSYS__COM: "%s"\nBUNDLE_PATH: "vendor/bundle"' % p, p, "BUNDLE_PATH")
    # jenkins credentials / ansible inventory / odbc / tnsnames-ish / firebase
    p = pw_any()
    A("ansible-inventory-ini", "[db]\ndb01.acme.internal ansible_user=admin ansible_password=%s ansible_port=22" % p, p, "db01.acme.internal")
    p = pw_any()
    A("odbc-ini", "[ACME_DW]\nDriver=ODBC Driver 18 for SQL Server\nServer=tcp:acme-dw.database.windows.net,1433\nUID=report_reader\nPWD=%s" % p, p, "[ACME_DW]")
    p = pw_any()
    A("docker-compose-env-file", "# deploy/.env.production\nPOSTGRES_USER=app\nPOSTGRES_PASSWORD=%s\nPOSTGRES_DB=app" % p, p, "POSTGRES_USER")
    k = b64b(32)
    A("laravel-env", "APP_NAME=Acme\nAPP_ENV=production\nAPP_KEY=base64:%s\nAPP_DEBUG=false" % k, k, "APP_NAME")
    k = hx(128)
    A("rails-credentials-decrypted", "secret_key_base: %s\naws:\n  region: us-east-1" % k, k, "secret_key_base")
    k = hx(32)
    A("rails-master-key", "$ cat config/master.key\n%s" % k, k)
    t = b64b(120)
    A("kubernetes-secret-manifest", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: tls-signing\ntype: Opaque\ndata:\n  signing.key: %s" % t, t, "tls-signing")
    p = pw_any()
    A("jenkins-credentials-xml", "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <id>nexus-deploy</id>\n  <username>deployer</username>\n  <password>%s</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>" % p, p, "nexus-deploy")
    p = pw_any()
    A("filezilla-sitemanager", "<Server>\n  <Host>ftp.acme-legacy.com</Host>\n  <Port>21</Port>\n  <User>webmaster</User>\n  <Pass encoding=\"base64\">%s</Pass>\n</Server>" % b64txt(p), b64txt(p), "ftp.acme-legacy.com")
    return out


SECRETS.extend(_credfiles())

# --------------------------------------------------------------------------------------
# generic: passwords and secrets with no vendor shape
# --------------------------------------------------------------------------------------

def pw_plain():
    k = _R.randint(0, 3)
    if k == 0:
        return pw_random(sym="-_.")
    if k == 1:
        return pw_phrase()
    if k == 2:
        return pw_hex()
    return an(_R.randint(16, 24))


def _jwt():
    hdr = b64txt('{"alg":"%s","typ":"JWT","kid":"%s"}' % (_R.choice(["HS256", "RS256", "ES256"]), hx(8))).rstrip("=")
    hdr = hdr.replace("+", "-").replace("/", "_")
    body = b64txt('{"sub":"%s","iss":"https://auth.acme.io","aud":"api","iat":%d,"exp":%d,"scope":"read write","jti":"%s"}'
                  % (uid(), 1717000000 + _R.randint(0, 9999999), 1727000000 + _R.randint(0, 9999999), hx(16))).rstrip("=")
    body = body.replace("+", "-").replace("/", "_")
    return hdr + "." + body + "." + b64u(_R.choice([43, 86, 342]))


def _basic():
    return b64txt(_R.choice(["admin", "ci", "deployer", "svc_reports", "jdoe@acme.io"]) + ":" + pw_any())


GEN = {
    "a": pw_any,
    "u": lambda: pw_any(url_safe=True),
    "s": pw_plain,
    "hex32": lambda: hx(32),
    "hex40": lambda: hx(40),
    "hex48": lambda: hx(48),
    "hex64": lambda: hx(64),
    "hex128": lambda: hx(128),
    "b64": lambda: b64b(32),
    "tok": lambda: b64u(_R.choice([32, 40, 43, 48])),
    "an32": lambda: an(32),
    "jwt": _jwt,
    "basic": _basic,
    "uuid": uid,
    "django": lambda: rs(LO + DG + "!@#%^&*(-_=+)", 50),
    "fernet": lambda: base64.urlsafe_b64encode(rbytes(32)).decode(),
    "jenkins": lambda: "11" + hx(32),
}

G = [
    # database CLIs
    ("mysql-attached-p", "mysql -h 10.0.3.17 -u root -p'{P}' orders", "a", "root"),
    ("mysql-password-flag", "mysql --user=app --password={P} --host=127.0.0.1 app_dev", "s", "--user=app"),
    ("mysqldump-attached-p", "mysqldump -u backup -p{P} --single-transaction shop > shop.sql", "s", "backup"),
    ("mariadb-cli", "mariadb -uroot -p'{P}' -e 'SHOW DATABASES'", "a", ""),
    ("psql-uri", 'psql "postgresql://orders_app:{P}@db-primary.prod.internal:5432/orders?sslmode=require"', "u", "orders_app"),
    ("pgpassword-env", "PGPASSWORD='{P}' psql -h localhost -U postgres -c '\\l'", "a", "PGPASSWORD"),
    ("pg-dump-dbname", "pg_dump --dbname=postgres://readonly:{P}@10.0.3.17/analytics -Fc -f analytics.dump", "u", "readonly"),
    ("mongosh-srv-uri", 'mongosh "mongodb+srv://admin:{P}@cluster0.x7k2p.mongodb.net/test"', "u", "cluster0.x7k2p.mongodb.net"),
    ("mongodump-password", "mongodump --host rs0/mongo1:27017 --username backup --password '{P}' --authenticationDatabase admin", "a", "--username backup"),
    ("mongo-createuser", 'db.createUser({user: "reporting", pwd: "{P}", roles: [{role: "read", db: "analytics"}]})', "a", "reporting"),
    ("redis-cli-a", "redis-cli -h cache.internal -p 6379 -a '{P}' --no-auth-warning INFO keyspace", "a", "cache.internal"),
    ("redis-url", "REDIS_URL=redis://default:{P}@redis-12345.c1.us-east-1-2.ec2.cloud.redislabs.com:12345", "u", "REDIS_URL"),
    ("redis-conf-requirepass", "# /etc/redis/redis.conf\nbind 127.0.0.1\nrequirepass {P}\nmaxmemory 2gb", "s", "requirepass"),
    ("redis-config-set", 'redis-cli CONFIG SET requirepass "{P}"', "a", "requirepass"),
    ("celery-broker-url", "CELERY_BROKER_URL=redis://:{P}@redis:6379/0", "u", "CELERY_BROKER_URL"),
    ("sqlcmd-P", "sqlcmd -S tcp:acme-sql.database.windows.net,1433 -U sqladmin -P '{P}' -d reporting -Q \"SELECT 1\"", "a", "sqladmin"),
    ("sqlplus-userpass", "sqlplus system/{P}@//oradb.internal:1521/ORCLPDB1", "s", "system"),
    ("influx-cli", "influx -username admin -password '{P}' -execute 'SHOW DATABASES'", "a", "admin"),
    ("cqlsh", "cqlsh cassandra.internal 9042 -u cassandra -p '{P}'", "a", "cassandra.internal"),
    ("clickhouse-client", "clickhouse-client --host ch.internal --user default --password '{P}' --query 'SELECT 1'", "a", "ch.internal"),
    ("elasticsearch-curl-u", "curl -k -u elastic:{P} https://localhost:9200/_cluster/health?pretty", "u", "elastic"),
    ("etcdctl-user", "etcdctl --endpoints=https://10.0.0.5:2379 --user root:{P} get /config/app", "s", "--endpoints"),
    ("sql-create-user", "CREATE USER reporting WITH PASSWORD '{P}';", "a", "reporting"),
    ("sql-alter-user", "ALTER USER 'app'@'%' IDENTIFIED BY '{P}';", "a", "ALTER USER"),
    ("sql-grant-identified", "GRANT ALL PRIVILEGES ON shop.* TO 'shop_rw'@'10.0.%' IDENTIFIED BY '{P}';", "a", "shop_rw"),
    ("rabbitmqctl-add-user", "rabbitmqctl add_user orders '{P}' && rabbitmqctl set_user_tags orders monitoring", "a", "add_user orders"),
    ("jdbc-url", "jdbc:mysql://db.internal:3306/shop?user=shop_rw&password={P}&useSSL=true", "u", "shop_rw"),
    ("sqlserver-connection-string", '"DefaultConnection": "Server=tcp:acme-sql.database.windows.net,1433;Database=app;User Id=sqladmin;Password={P};Encrypt=True;"', "a", "DefaultConnection"),
    ("npgsql-connection-string", 'var conn = new NpgsqlConnection("Host=localhost;Username=postgres;Password={P};Database=app");', "a", "Username=postgres"),
    ("rails-database-url", "DATABASE_URL=mysql2://rails:{P}@mysql.internal/app_production", "u", "DATABASE_URL"),
    ("amqp-url", "AMQP_URL=amqp://orders:{P}@rabbitmq.internal:5672/%2F", "u", "AMQP_URL"),
    ("smtp-url", "EMAIL_URL=smtp://postmaster%40mg.acme.io:{P}@smtp.mailgun.org:587", "u", "EMAIL_URL"),
    ("ftp-url", "lftp ftp://webmaster:{P}@ftp.acme-legacy.com", "u", "webmaster"),
    ("lftp-u", "lftp -u deploy,{P} sftp://files.acme.io", "s", "deploy"),
    ("http-basic-in-url", "curl http://admin:{P}@192.168.1.1/cgi-bin/status.cgi", "u", "192.168.1.1"),
    ("proxy-url", "export HTTPS_PROXY=http://jdoe:{P}@proxy.acme.corp:3128", "u", "HTTPS_PROXY"),
    ("git-clone-userinfo", "git clone https://jdoe:{P}@git.acme.internal/platform/infra.git", "u", "git.acme.internal"),
    ("pip-extra-index-url", "pip install --extra-index-url https://__token__:{P}@gitlab.acme.io/api/v4/projects/42/packages/pypi/simple acme-core", "u", "acme-core"),
    ("svn-password", "svn checkout https://svn.acme.io/repos/legacy --username jdoe --password '{P}'", "a", "jdoe"),
    ("ldapsearch-w", "ldapsearch -x -H ldaps://ldap.acme.io -D 'cn=admin,dc=acme,dc=io' -w '{P}' -b 'dc=acme,dc=io' '(uid=jdoe)'", "a", "cn=admin,dc=acme,dc=io"),
    ("rsync-password-env", "RSYNC_PASSWORD='{P}' rsync -av backup@nas::snapshots/ ./snapshots/", "a", "RSYNC_PASSWORD"),
    ("kafka-jaas", 'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="orders" password="{P}";', "a", "sasl.jaas.config"),
    # containers / orchestration / IaC
    ("docker-login-p", "docker login registry.acme.io -u ci -p '{P}'", "a", "registry.acme.io"),
    ("echo-pipe-docker-login", "echo '{P}' | docker login ghcr.io -u acme-bot --password-stdin", "a", "ghcr.io"),
    ("docker-run-env", "docker run -d --name pg -e POSTGRES_PASSWORD={P} -p 5432:5432 postgres:16", "s", "POSTGRES_PASSWORD"),
    ("docker-build-arg", "docker build --build-arg NPM_TOKEN={P} -t acme/web:latest .", "hex40", "NPM_TOKEN"),
    ("compose-inline-env", "MYSQL_ROOT_PASSWORD='{P}' docker compose up -d db", "a", "MYSQL_ROOT_PASSWORD"),
    ("compose-environment-list", "services:\n  db:\n    image: mysql:8.0\n    environment:\n      - MYSQL_ROOT_PASSWORD={P}\n      - MYSQL_DATABASE=shop", "s", "MYSQL_ROOT_PASSWORD"),
    ("compose-environment-map", "    environment:\n      RABBITMQ_DEFAULT_USER: admin\n      RABBITMQ_DEFAULT_PASS: {P}", "s", "RABBITMQ_DEFAULT_PASS"),
    ("dockerfile-env", "FROM node:20-alpine\nENV API_SECRET={P}\nCOPY . /app", "hex64", "API_SECRET"),
    ("kubectl-from-literal", "kubectl create secret generic db-creds --from-literal=username=app --from-literal=password='{P}' -n prod", "a", "db-creds"),
    ("kubectl-docker-registry", "kubectl create secret docker-registry regcred --docker-server=registry.acme.io --docker-username=ci --docker-password='{P}' --docker-email=ci@acme.io", "a", "regcred"),
    ("kubectl-set-env", "kubectl set env deployment/api DB_PASSWORD='{P}' -n staging", "a", "deployment/api"),
    ("kubectl-token-flag", "kubectl --server=https://10.0.0.1:6443 --token={P} get pods -A", "jwt", "--server"),
    ("kubectl-exec-env-dump", "$ kubectl exec deploy/api -- env\nHOSTNAME=api-7d9f8b6c5-x2k4p\nDB_HOST=postgres\nDB_PASSWORD={P}\nNODE_ENV=production", "s", "DB_HOST"),
    ("k8s-secret-stringdata", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-db\nstringData:\n  DB_PASSWORD: \"{P}\"", "a", "app-db"),
    ("helm-set", "helm upgrade --install pg bitnami/postgresql --set auth.postgresPassword='{P}' --set primary.persistence.size=20Gi", "a", "auth.postgresPassword"),
    ("helm-set-string", "helm install redis bitnami/redis --set-string auth.password={P} -n cache", "s", "auth.password"),
    ("helm-values-yaml", "auth:\n  rootPassword: {P}\n  username: app\nprimary:\n  persistence:\n    size: 8Gi", "s", "rootPassword"),
    ("terraform-var-flag", "terraform apply -var 'db_password={P}' -auto-approve", "a", "db_password"),
    ("tf-var-env", "export TF_VAR_db_admin_password='{P}'", "a", "TF_VAR_db_admin_password"),
    ("terraform-output-json", '"db_password": {\n    "sensitive": true,\n    "type": "string",\n    "value": "{P}"\n  }', "a", "db_password"),
    ("hcl-resource-password", 'resource "aws_db_instance" "main" {\n  engine   = "postgres"\n  username = "dbadmin"\n  password = "{P}"\n}', "a", "dbadmin"),
    ("hcl-provider-auth", 'provider "grafana" {\n  url  = "https://grafana.acme.io"\n  auth = "admin:{P}"\n}', "a", "grafana"),
    ("ansible-extra-vars", "ansible-playbook site.yml -i inventory/prod -e 'ansible_become_pass={P}'", "a", "ansible_become_pass"),
    ("ansible-vault-pass-file", "echo '{P}' > ~/.vault_pass.txt && ansible-vault decrypt group_vars/all/vault.yml --vault-password-file ~/.vault_pass.txt", "a", "ansible-vault"),
    ("ansible-host-vars-yaml", "all:\n  hosts:\n    web01:\n      ansible_host: 10.0.3.21\n      ansible_user: ubuntu\n      ansible_password: '{P}'", "a", "ansible_user"),
    ("vault-kv-put", "vault kv put secret/payments db_password='{P}'", "a", "secret/payments"),
    ("vault-write-userpass", "vault write auth/userpass/users/alice password='{P}' policies=dev", "a", "auth/userpass/users/alice"),
    ("vault-read-table", "$ vault kv get -field=data secret/app\nKey         Value\n---         -----\npassword    {P}\nusername    app", "s", "username"),
    ("consul-http-token", "export CONSUL_HTTP_TOKEN={P}", "uuid", "CONSUL_HTTP_TOKEN"),
    ("nomad-token", "nomad job run -token={P} jobs/api.nomad.hcl", "uuid", "jobs/api.nomad.hcl"),
    ("argocd-login", "argocd login argocd.acme.io --username admin --password '{P}' --grpc-web", "a", "argocd.acme.io"),
    ("aws-ssm-put-parameter", "aws ssm put-parameter --name /prod/db/password --type SecureString --value '{P}' --overwrite", "a", "/prod/db/password"),
    ("aws-secretsmanager-json", "aws secretsmanager create-secret --name prod/api --secret-string '{\"username\":\"api\",\"password\":\"{P}\"}'", "a", "prod/api"),
    ("gcloud-secret-stdin", "echo -n '{P}' | gcloud secrets create db-password --data-file=-", "a", "db-password"),
    ("az-keyvault-secret-set", "az keyvault secret set --vault-name acme-kv --name DbPassword --value '{P}'", "a", "DbPassword"),
    ("az-vm-admin-password", "az vm create -g rg-ci -n build01 --image Ubuntu2204 --admin-username azureuser --admin-password '{P}'", "a", "azureuser"),
    ("wrangler-secret-stdin", "echo -n '{P}' | npx wrangler secret put DB_PASSWORD", "a", "DB_PASSWORD"),
    ("gh-secret-set-generic", 'gh secret set DB_PASSWORD --body "{P}"', "a", "DB_PASSWORD"),
    ("heroku-config-set", "heroku config:set SECRET_KEY_BASE={P} -a acme-web", "hex128", "SECRET_KEY_BASE"),
    ("fly-secrets-set", "fly secrets set DATABASE_PASSWORD='{P}' -a acme-api", "a", "DATABASE_PASSWORD"),
    ("gha-workflow-env", "jobs:\n  test:\n    env:\n      DB_PASSWORD: {P}\n    steps:\n      - run: npm test", "s", "DB_PASSWORD"),
    ("systemd-environment", "[Service]\nEnvironment=\"DB_PASSWORD={P}\"\nExecStart=/opt/acme/bin/api", "a", "[Service]"),
    ("makefile-variable", "DEPLOY_PASSWORD := {P}\ndeploy:\n\t./scripts/deploy.sh", "s", "DEPLOY_PASSWORD"),
    ("crontab-mysqldump", "0 2 * * * /usr/bin/mysqldump -uroot -p{P} shop | gzip > /backups/shop-$(date +\\%F).sql.gz", "s", "/usr/bin/mysqldump"),
    # HTTP
    ("curl-u-userpass", "curl -u admin:{P} https://jenkins.acme.io/api/json?pretty=true", "u", "jenkins.acme.io"),
    ("curl-basic-header", 'curl -H "Authorization: Basic {P}" https://nexus.acme.io/service/rest/v1/repositories', "basic", "Authorization"),
    ("git-extraheader-basic", 'git -c http.extraHeader="Authorization: Basic {P}" clone https://dev.azure.com/acme/_git/api', "basic", "http.extraHeader"),
    ("nginx-proxy-basic", 'proxy_set_header Authorization "Basic {P}";', "basic", "proxy_set_header"),
    ("curl-x-api-key-generic", 'curl -H "X-API-Key: {P}" https://internal-api.acme.io/v2/reports', "an32", "X-API-Key"),
    ("curl-bearer-opaque", 'curl -H "Authorization: Bearer {P}" http://localhost:8080/admin/metrics', "tok", "Authorization"),
    ("jwt-bearer-header", "Authorization: Bearer {P}", "jwt", "Authorization"),
    ("jwt-token-response", '{"access_token": "{P}", "token_type": "Bearer", "expires_in": 3600}', "jwt", "token_type"),
    ("jwt-localstorage-prose", "Grabbed the session JWT from localStorage to reproduce: {P}", "jwt", ""),
    ("oauth-refresh-token-json", '{"refresh_token": "{P}", "scope": "offline_access"}', "tok", "refresh_token"),
    ("wget-password", "wget --user=ci --password='{P}' https://files.acme.io/builds/latest.tar.gz", "a", "--user=ci"),
    ("http-cookie-header", "Cookie: sessionid={P}; csrftoken=Xy; theme=dark", "an32", "sessionid"),
    ("set-cookie-header", "< Set-Cookie: __Host-session={P}; Path=/; Secure; HttpOnly; SameSite=Lax", "tok", "__Host-session"),
    ("url-query-api-key", "GET https://api.weather-internal.io/v1/forecast?lat=52.5&lon=13.4&api_key={P}", "hex32", "api_key"),
    ("url-fragment-access-token", "redirected to https://app.acme.io/oauth/callback#access_token={P}&token_type=Bearer&expires_in=3600", "tok", "token_type"),
    ("jupyter-token-url", "    http://127.0.0.1:8888/lab?token={P}", "hex48", "127.0.0.1:8888"),
    ("jenkins-cli-auth", "java -jar jenkins-cli.jar -s https://jenkins.acme.io/ -auth admin:{P} build deploy-prod", "jenkins", "jenkins-cli.jar"),
    ("webhook-signing-secret-env", "WEBHOOK_SECRET={P}", "hex40", "WEBHOOK_SECRET"),
    ("powershell-invoke-restmethod", 'Invoke-RestMethod -Uri https://api.acme.io/v1/jobs -Headers @{ Authorization = "Bearer {P}" }', "tok", "Invoke-RestMethod"),
    # Windows / PowerShell
    ("ps-convertto-securestring", '$pw = ConvertTo-SecureString "{P}" -AsPlainText -Force', "a", "ConvertTo-SecureString"),
    ("ps-pscredential", "$cred = New-Object System.Management.Automation.PSCredential('ACME\\svc_sql', (ConvertTo-SecureString '{P}' -AsPlainText -Force))", "a", "svc_sql"),
    ("ps-new-localuser", 'New-LocalUser -Name "svc_agent" -Password (ConvertTo-SecureString "{P}" -AsPlainText -Force)', "a", "svc_agent"),
    ("ps-set-adaccountpassword", "Set-ADAccountPassword -Identity jdoe -Reset -NewPassword (ConvertTo-SecureString -AsPlainText '{P}' -Force)", "a", "jdoe"),
    ("ps-invoke-sqlcmd", "Invoke-Sqlcmd -ServerInstance sql01 -Username sa -Password '{P}' -Query 'SELECT @@VERSION'", "a", "sql01"),
    ("ps-env-assign", '$env:DB_PASSWORD = "{P}"', "a", "DB_PASSWORD"),
    ("cmd-set", "set DB_PASSWORD={P}", "s", "DB_PASSWORD"),
    ("cmd-setx", 'setx API_SECRET "{P}"', "a", "API_SECRET"),
    ("net-use", "net use Z: \\\\fs01\\share /user:ACME\\svc_backup {P} /persistent:yes", "s", "svc_backup"),
    ("net-user-add", "net user svc_agent {P} /add /y", "s", "svc_agent"),
    ("cmdkey-pass", "cmdkey /add:fs01.acme.local /user:ACME\\svc_backup /pass:{P}", "s", "fs01.acme.local"),
    ("schtasks-rp", 'schtasks /Create /TN "Nightly ETL" /TR C:\\etl\\run.bat /SC DAILY /ST 02:00 /RU ACME\\svc_etl /RP {P}', "s", "Nightly ETL"),
    ("sc-config-password", 'sc.exe config AcmeAgent obj= "ACME\\svc_agent" password= "{P}"', "a", "AcmeAgent"),
    ("psexec-p", "psexec \\\\web01 -u ACME\\admin -p {P} cmd /c ipconfig", "s", "web01"),
    ("pscp-pw", "pscp -pw {P} build.zip deploy@web01:/tmp/", "s", "build.zip"),
    ("msiexec-property", "msiexec /i AcmeAgent.msi /qn SERVICE_ACCOUNT=ACME\\svc_agent SERVICE_PASSWORD={P}", "s", "SERVICE_ACCOUNT"),
    ("smbclient-U", "smbclient //fs01/share -U 'ACME\\svc_backup%{P}' -c 'ls'", "s", "//fs01/share"),
    ("mount-cifs", "sudo mount -t cifs //fs01/share /mnt/share -o username=svc_backup,password={P},vers=3.0", "s", "username=svc_backup"),
    ("sshpass-p", "sshpass -p '{P}' ssh -o StrictHostKeyChecking=no root@10.0.3.17", "a", "root@10.0.3.17"),
    # crypto tooling
    ("openssl-passout", "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{P}", "s", "bundle.p12"),
    ("openssl-passin", "openssl rsa -in server.key -out server.nopass.key -passin pass:{P}", "s", "server.key"),
    ("openssl-enc-k", "openssl enc -aes-256-cbc -salt -pbkdf2 -in backup.sql -out backup.sql.enc -k '{P}'", "a", "backup.sql"),
    ("openssl-enc-hex-key", "openssl enc -aes-256-cbc -K {P} -iv 000102030405060708090a0b0c0d0e0f -in data.bin -out data.enc", "hex64", "data.bin"),
    ("keytool-storepass", "keytool -importkeystore -srckeystore bundle.p12 -srcstoretype PKCS12 -destkeystore app.jks -deststorepass {P}", "s", "app.jks"),
    ("java-sysprop-keystore-password", "java -Djavax.net.ssl.keyStore=/etc/acme/app.jks -Djavax.net.ssl.keyStorePassword={P} -jar app.jar", "s", "javax.net.ssl.keyStore"),
    ("ssh-keygen-N", "ssh-keygen -t ed25519 -N '{P}' -f ~/.ssh/deploy_key -C deploy@acme", "a", "deploy_key"),
    ("gpg-passphrase", "gpg --batch --yes --passphrase '{P}' --pinentry-mode loopback -d secrets.tar.gz.gpg > secrets.tar.gz", "a", "secrets.tar.gz.gpg"),
    ("7z-p", "7z a -p'{P}' -mhe=on backups.7z ./dumps", "a", "backups.7z"),
    ("zip-P", "zip -r -P {P} handover.zip ./handover", "s", "handover.zip"),
    ("htpasswd-b", "htpasswd -bc /etc/nginx/.htpasswd admin '{P}'", "a", "/etc/nginx/.htpasswd"),
    ("nmcli-wifi", "nmcli dev wifi connect ACME-Guest password '{P}'", "a", "ACME-Guest"),
    ("snmp-community", "snmpwalk -v2c -c {P} 10.0.0.1 1.3.6.1.2.1.1", "s", "10.0.0.1"),
    ("grafana-cli-reset", "grafana-cli admin reset-admin-password '{P}'", "a", "grafana-cli"),
    ("minio-mc-admin-user", "mc admin user add myminio analytics '{P}'", "a", "analytics"),
    # app secrets
    ("django-secret-key", "SECRET_KEY = '{P}'", "django", "SECRET_KEY"),
    ("flask-secret-key", "app.config['SECRET_KEY'] = '{P}'", "hex64", "SECRET_KEY"),
    ("jwt-secret-env", "JWT_SECRET={P}", "b64", "JWT_SECRET"),
    ("nextauth-secret", "NEXTAUTH_URL=http://localhost:3000\nNEXTAUTH_SECRET={P}", "b64", "NEXTAUTH_SECRET"),
    ("express-session-secret", "app.use(session({ secret: '{P}', resave: false, saveUninitialized: false }));", "tok", "saveUninitialized"),
    ("encryption-key-env", "ENCRYPTION_KEY={P}", "hex64", "ENCRYPTION_KEY"),
    ("fernet-key-env", "FERNET_KEY={P}", "fernet", "FERNET_KEY"),
    ("spring-datasource-password", "spring.datasource.url=jdbc:postgresql://db:5432/app\nspring.datasource.username=app\nspring.datasource.password={P}", "a", "spring.datasource.username"),
    ("wp-config-define", "define( 'DB_PASSWORD', '{P}' );", "a", "DB_PASSWORD"),
    ("php-assign", "$db_password = '{P}';", "a", "$db_password"),
    ("python-assign", 'DB_PASSWORD = "{P}"', "a", "DB_PASSWORD"),
    ("python-requests-auth", 'r = requests.get(url, auth=("svc_reports", "{P}"), timeout=10)', "a", "svc_reports"),
    ("js-const", "const apiSecret = '{P}';", "tok", "apiSecret"),
    ("go-struct-literal", 'cfg := &mysql.Config{User: "app", Passwd: "{P}", Net: "tcp", Addr: "127.0.0.1:3306"}', "a", "mysql.Config"),
    ("java-constant", 'private static final String API_SECRET = "{P}";', "an32", "API_SECRET"),
    ("ruby-hash", "Redis.new(host: 'cache.internal', port: 6379, password: '{P}')", "a", "cache.internal"),
    # config formats
    ("yaml-password", "database:\n  host: db.internal\n  username: app\n  password: {P}", "s", "username"),
    ("yaml-password-quoted", 'redis:\n  url: redis://cache:6379/0\n  password: "{P}"', "a", "redis"),
    ("yaml-api-key", "integrations:\n  reporting:\n    api_key: {P}\n    timeout_s: 30", "an32", "timeout_s"),
    ("json-password", '{"host": "db.internal", "port": 5432, "user": "app", "password": "{P}"}', "a", "db.internal"),
    ("json-client-secret", '{"grant_type": "client_credentials", "client_id": "reporting-svc", "client_secret": "{P}"}', "tok", "reporting-svc"),
    ("json-signing-secret", '{"integrations": {"webhook": {"url": "https://hooks.acme.io/in", "signing_secret": "{P}"}}}', "hex40", "signing_secret"),
    ("toml-password", '[database]\nurl = "postgres://db.internal/app"\npassword = "{P}"', "a", "[database]"),
    ("ini-password", "[mysqld_exporter]\nuser = exporter\npassword = {P}", "s", "exporter"),
    ("dotenv-pass", "DB_HOST=localhost\nDB_USER=app\nDB_PASS={P}\nDB_NAME=app_dev", "s", "DB_USER"),
    ("dotenv-quoted", 'SMTP_HOST=smtp.office365.com\nSMTP_PASSWORD="{P}"', "a", "SMTP_HOST"),
    ("properties-secret", "app.security.jwt.secret={P}\napp.security.jwt.ttl=3600", "b64", "app.security.jwt.ttl"),
    ("xml-password-element", '<datasource jndi-name="java:/OrdersDS">\n  <user-name>orders</user-name>\n  <password>{P}</password>\n</datasource>', "a", "java:/OrdersDS"),
    ("xml-connection-string-attr", '<add name="Reporting" connectionString="Data Source=sql01;Initial Catalog=Reporting;User ID=rpt;Password={P}" providerName="System.Data.SqlClient" />', "a", "Reporting"),
    ("appsettings-json", '"Smtp": { "Host": "smtp.office365.com", "Port": 587, "User": "noreply@acme.io", "Password": "{P}" }', "a", "noreply@acme.io"),
    ("k8s-secret-data-b64", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: api-env\ndata:\n  DB_PASSWORD: {B}", "b64pw", "api-env"),
    # prose
    ("prose-password-is", "The staging DB password is {P} (rotated 2025-05-02).", "a", "staging"),
    ("prose-pw-colon", "admin pw: {P}", "a", "admin"),
    ("prose-set-to", "I reset the Grafana admin password to {P} so the dashboards load again.", "a", "Grafana"),
    ("prose-use-as", "Use {P} as the password for the `reporting` user when psql prompts.", "a", "reporting"),
    ("prose-creds-slash", "creds: root / {P}", "a", "root"),
    ("prose-login-with", "Logged in with user `deploy` and password `{P}`; the SSH key path is still broken.", "a", "deploy"),
    ("prose-passphrase", "The passphrase for deploy_key is '{P}'.", "a", "deploy_key"),
    ("prose-temp-password", "Temporary password for jane.doe@acme.io: {P} (must change on first login)", "a", "jane.doe@acme.io"),
    ("prose-token-is", "The API token for the internal metrics service is {P}; it never expires.", "tok", "metrics"),
    ("prose-secret-key-for", "Secret key for the signing service: {P}", "hex64", "signing service"),
    ("prose-wifi", "Office wifi is ACME-5G, key {P}", "a", "ACME-5G"),
    ("prose-markdown-table", "| service | user | password |\n|---|---|---|\n| rabbitmq | admin | {P} |", "a", "rabbitmq"),
    ("prose-quoted-password", 'password "{P}" worked for the legacy FTP box', "a", "FTP"),
    ("prose-pwd-abbrev", "mysql root pwd = {P}", "a", "mysql"),
    ("prose-bullet-list", "- Jenkins: admin / {P}\n- Nexus: see vault", "a", "Jenkins"),
    ("prose-german", "Das Passwort für den Testserver lautet {P}", "a", "Testserver"),
    ("prose-french", "Le mot de passe de la base de recette : {P}", "a", "recette"),
    ("prose-spanish", "La contraseña del usuario admin es {P}", "a", "admin"),
    ("prose-decision-log", "Decision: hard-code {P} as the SFTP password for now, tracked in JIRA OPS-1182.", "a", "OPS-1182"),
    ("prose-commit-message-leak", "fix(config): use new db password {P} for staging", "a", "fix(config)"),
]


def _generic():
    out = []
    for fmt, tpl, kind, vis in G:
        n = 2 if _R.random() < 0.6 else 1
        for _ in range(n):
            if kind == "b64pw":
                p = pw_any()
                s = b64txt(p)
                text = tpl.replace("{B}", s)
            else:
                s = GEN[kind]()
                text = tpl.replace("{P}", s)
            out.append(("generic", fmt, text, s, vis if vis in text.replace(s, "") else ""))
    # changed-from-to: both the old and the new password are secrets
    for _ in range(2):
        old, new = pw_any(), pw_any()
        text = "Changed the root password on db01 from %s to %s after the audit." % (old, new)
        out.append(("generic", "prose-changed-from-to", text, old, "db01"))
        out.append(("generic", "prose-changed-from-to", text, new, "db01"))
    # split across a line break (each half >= 16 chars)
    for _ in range(2):
        t = b64u(_R.choice([64, 86]))
        a, b = t[:len(t) // 2], t[len(t) // 2:]
        s = a + "\n" + b
        text = ("2025-06-01T10:22:11Z DEBUG http: sending header Authorization: Bearer %s\n%s to https://api.acme.io/v2/export"
                % (a, b))
        out.append(("generic", "split-wrapped-log-line", text, s, "Authorization"))
    for _ in range(2):
        t = hx(64)
        a, b = t[:32], t[32:]
        s = a + "\\\n" + b
        out.append(("generic", "split-shell-continuation", 'export SERVICE_TOKEN="%s\\\n%s"' % (a, b), s, "SERVICE_TOKEN"))
    for _ in range(2):
        t = b64u(80)
        a, b = t[:40], t[40:]
        s = a + '"\n               "' + b
        out.append(("generic", "split-python-concat", 'SIGNING_KEY = ("%s"\n               "%s")' % (a, b), s, "SIGNING_KEY"))
    for _ in range(2):
        t = b64b(48)
        a, b = t[:32], t[32:]
        s = a + "\n  " + b
        out.append(("generic", "split-yaml-folded", "client_secret: >-\n  %s\n  %s\nclient_id: reporting" % (a, b), s, "client_id"))
    for _ in range(2):
        p = pw_random(n=_R.randint(34, 40))
        h = len(p) // 2
        s = p[:h] + "\n" + p[h:]
        out.append(("generic", "split-prose-wrap", "Heads up: the break-glass admin password is %s\n%s (no spaces, joined)." % (p[:h], p[h:]), s, "break-glass"))
    return out


SECRETS.extend(_generic())

# --------------------------------------------------------------------------------------
# BENIGN: no secret in any of these
# --------------------------------------------------------------------------------------

def _sentence():
    subj = _R.choice(["the build", "our deploy job", "the nightly export", "this migration", "the cache warmer", "the release"])
    verb = _R.choice(["finished", "failed on step 3", "was retried", "took 4m12s", "is blocked on review", "ran on runner-07"])
    return "%s %s" % (subj, verb)


def _commit_subject():
    return _R.choice([
        "fix(auth): rotate session token on password change",
        "chore: remove hard-coded secret from test fixtures",
        "feat(api): add API key management page",
        "refactor: extract TokenStore interface",
        "docs: explain how to set GITHUB_TOKEN in CI",
        "test: cover password reset expiry",
        "build(deps): bump jsonwebtoken from 9.0.0 to 9.0.2",
        "fix: do not log Authorization header",
        "ci: use OIDC instead of long-lived AWS keys",
        "revert: \"feat: cache access tokens in redis\"",
        "feat(secrets): read DB password from Vault at startup",
        "fix(k8s): mount secret as file instead of env var",
        "chore(release): 2.14.0",
        "perf: avoid re-hashing passwords on every login",
    ])


_FILES = ["dist/app.tar.gz", "acme-cli_2.4.1_linux_amd64.tar.gz", "node-v20.11.1-linux-x64.tar.xz", "terraform_1.7.5_linux_amd64.zip",
          "model.safetensors", "backup-2025-06-01.sql.gz", "release.apk", "setup.exe"]


def _benign():
    b = []
    A = b.append
    # git SHAs
    for _ in range(6):
        sha = hx(40)
        A(_R.choice(["git checkout %s" % sha, "git show %s --stat" % sha, "git revert --no-edit %s" % sha, "git reset --hard %s" % sha]))
        A("commit %s\nAuthor: Jane Doe <jane.doe@acme.io>\nDate:   Tue Jun 3 14:21:07 2025 +0200\n\n    %s" % (hx(40), _commit_subject()))
        A("HEAD is now at %s %s" % (hx(7), _commit_subject()))
        A("%s %s" % (hx(_R.choice([7, 8, 9, 10, 12])), _commit_subject()))
        A("git cherry-pick %s && git push origin HEAD:release/2.14" % hx(_R.choice([7, 12, 40])))
        A("      - uses: actions/checkout@%s # v4.1.7" % hx(40))
        A("pip install git+https://github.com/acme/acme-sdk-python.git@%s" % hx(40))
        A("Merge: %s %s" % (hx(7), hx(7)))
    for _ in range(4):
        A("golang.org/x/net v0.0.0-%s-%s" % (dg(14), hx(12)))
        A("git rebase -i %s~3" % hx(8))
        A("[main %s] %s\n 3 files changed, 41 insertions(+), 12 deletions(-)" % (hx(7), _commit_subject()))
        A("Build #%d (%s) passed in 3m%02ds" % (_R.randint(1000, 9999), hx(7), _R.randint(0, 59)))
        A('resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#%s"' % hx(40))
        A("remote: Resolving deltas: 100%% (12/12), completed with 5 local objects.\nTo github.com:acme/api.git\n   %s..%s  main -> main" % (hx(7), hx(7)))
    # digests and checksums
    for _ in range(6):
        A("%s  %s" % (hx(64), _R.choice(_FILES)))
        A("SHA256 (%s) = %s" % (_R.choice(_FILES), hx(64)))
        A("docker pull ghcr.io/acme/api@sha256:%s" % hx(64))
        A("Digest: sha256:%s\nStatus: Downloaded newer image for postgres:16" % hx(64))
        A("--hash=sha256:%s \\" % hx(64))
        A('"integrity": "sha512-%s"' % b64b(64))
        A('checksum = "%s"' % hx(64))
        A('  "h1:%s",' % b64b(32))
        A('  "zh:%s",' % hx(64))
        A("%s  %s" % (hx(32), _R.choice(_FILES)))
    for _ in range(3):
        A("FROM python:3.12-slim@sha256:%s" % hx(64))
        A("image: registry.k8s.io/ingress-nginx/controller:v1.10.1@sha256:%s" % hx(64))
        A("github.com/stretchr/testify v1.9.0 h1:%s=" % b64b(32)[:43])
        A('ETag: "%s"' % hx(32))
        A("sha1: %s" % hx(40))
        A("gpg: using RSA key %s\ngpg: Good signature from \"Acme Release Signing <release@acme.io>\"" % hxu(40))
        A("Key fingerprint = %s" % " ".join(hxu(4) for _ in range(10)))
        A("The key fingerprint is:\nSHA256:%s jdoe@laptop" % b64b(32).rstrip("="))
    # UUIDs and IDs
    for _ in range(5):
        A("request_id=%s status=200 duration_ms=%d" % (uid(), _R.randint(3, 900)))
        A("  uid: %s\n  resourceVersion: \"%d\"" % (uid(), _R.randint(100000, 9999999)))
        A("az account set --subscription %s" % uid())
        A('{"traceId": "%s", "spanId": "%s", "level": "info", "msg": "request completed"}' % (hx(32), hx(16)))
        A("Created project %s in workspace acme" % uid())
        A("arn:aws:iam::%s:role/github-actions-deploy" % dg(12))
        A("aws ec2 describe-instances --instance-ids i-%s" % hx(17))
        A("x-amz-request-id: %s" % anu(16))
        A('ObjectId("%s")' % hx(24))
        A("tenant_id = \"%s\"" % uid())
        A("Correlation ID: %s" % uid())
        A("/subscriptions/%s/resourceGroups/rg-prod/providers/Microsoft.Web/sites/acme-api" % uid())
        A("job %s queued on runner pool linux-large" % rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26))
        A("terraform import aws_security_group.web sg-%s" % hx(17))
    # base64 of ordinary text
    for _ in range(6):
        s = _sentence()
        A("echo %s | base64 -d" % b64txt(s))
        A("binaryData:\n  motd.txt: %s" % b64txt("Welcome to %s. Authorized use only." % _R.choice(["build-01", "bastion", "staging"])))
        A("payload (base64): %s" % b64txt('{"event":"deploy","env":"staging","version":"2.%d.%d"}' % (_R.randint(0, 20), _R.randint(0, 9))))
    for _ in range(4):
        A("data:image/png;base64,%s" % base64.b64encode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + rbytes(_R.randint(60, 200))).decode())
        A('<img alt="logo" src="data:image/svg+xml;base64,%s">' % b64txt('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d"><circle r="4"/></svg>' % (_R.randint(8, 64), _R.randint(8, 64))))
        A("font-src url(data:font/woff2;base64,%s) format('woff2');" % b64b(_R.randint(60, 120)))
    # public keys, certificates
    for _ in range(4):
        A("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@%s" % (b64b(32)[:43], _R.choice(["jdoe", "ci", "deploy"]), _R.choice(["laptop", "build-01", "mac.local"])))
        A("ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ%s deploy@acme" % b64b(380).rstrip("="))
        A("-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % wrap(b64b(_R.randint(700, 1100))))
        A("-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % wrap(b64b(294)))
        A("github.com ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB%s" % b64b(66).rstrip("="))
        A("[Peer]\nPublicKey = %s\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.acme.io:51820" % b64b(32))
        A("# public key: age1%s" % rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58))
        A("-----BEGIN CERTIFICATE REQUEST-----\n%s\n-----END CERTIFICATE REQUEST-----" % wrap(b64b(600)))
    # fixed strings: placeholders, references, prompts, ordinary config and prose
    fixed = [
        "export DB_PASSWORD=${DB_PASSWORD}",
        'password: "${POSTGRES_PASSWORD}"',
        "export GITHUB_TOKEN=$(gh auth token)",
        "export VAULT_TOKEN=$(vault print token)",
        "DB_PASSWORD=$(cat /run/secrets/db_password)",
        "export OPENAI_API_KEY=<your-api-key>",
        "Authorization: Bearer <token>",
        'curl -H "Authorization: Bearer $TOKEN" https://api.acme.io/v1/me',
        'curl -H "Authorization: Bearer ${API_TOKEN}" https://api.acme.io/v1/me',
        "curl -u \"$NEXUS_USER:$NEXUS_PASSWORD\" https://nexus.acme.io/service/rest/v1/status",
        "STRIPE_SECRET_KEY=sk_test_...",
        "API_KEY=YOUR_API_KEY_HERE",
        "SECRET_KEY=your-secret-key-here",
        "password: changeme",
        "password=changeme",
        "DB_PASSWORD=changeme  # local docker only, see docs/dev-setup.md",
        "admin password: ********",
        "password: '***'",
        "token: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "api_key: <redacted>",
        "password: [REDACTED]",
        "Authorization: Bearer [REDACTED]",
        "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "token: {{ .Values.apiToken }}",
        "password: {{ vault_db_password }}",
        "DB_PASSWORD: ${{ secrets.DB_PASSWORD }}",
        "  GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
        "NPM_TOKEN: ${{ secrets.NPM_TOKEN }}",
        "set PASSWORD=%DB_PASSWORD%",
        '$cred = Get-Credential -UserName "ACME\\svc_sql" -Message "SQL service account"',
        '$password = Read-Host -AsSecureString "Password"',
        "read -s -p 'Password: ' DB_PASSWORD && export DB_PASSWORD",
        "api_key = os.environ['API_KEY']",
        "api_key = os.getenv(\"OPENAI_API_KEY\")",
        "const stripe = new Stripe(process.env.STRIPE_SECRET_KEY);",
        "password = None",
        "password: null",
        "password = ''",
        "token = get_token(scope='repo')",
        "secretKeyRef:\n  name: db-creds\n  key: password",
        "envFrom:\n  - secretRef:\n      name: api-env",
        "valueFrom:\n  secretKeyRef:\n    name: stripe\n    key: secret-key",
        "kubectl get secret db-creds -o jsonpath='{.data.password}' | base64 -d",
        "kubectl create secret generic db-creds --from-env-file=.env.prod",
        "kubectl create secret tls api-tls --cert=tls.crt --key=tls.key",
        "docker login ghcr.io -u acme-bot --password-stdin < /run/secrets/ghcr_token",
        "echo \"$CR_PAT\" | docker login ghcr.io -u USERNAME --password-stdin",
        "docker run -d -p 8080:80 nginx:1.27",
        "docker run --rm -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16",
        "ssh -p 2222 deploy@bastion.acme.io",
        "scp -P 2222 build.zip deploy@bastion.acme.io:/tmp/",
        "mysql -u root -p",
        "psql -h localhost -U postgres -W",
        "mysql --login-path=local shop",
        "psql service=orders_ro",
        "redis-cli --askpass",
        "vault login -method=oidc role=dev",
        "gh auth login --web",
        "az login --use-device-code",
        "gcloud auth application-default login",
        "aws sso login --profile staging",
        "npm login --registry=https://npm.pkg.github.com",
        "huggingface-cli login",
        "twine upload --repository testpypi dist/*",
        "ansible-playbook site.yml --ask-vault-pass",
        "ansible-vault edit group_vars/all/vault.yml",
        "terraform apply -var-file=prod.tfvars",
        "helm upgrade api ./chart -f values.prod.yaml --set image.tag=2.14.0",
        "export AWS_PROFILE=staging AWS_REGION=eu-west-1",
        "export KUBECONFIG=~/.kube/config:~/.kube/kind-acme",
        "export GOOGLE_APPLICATION_CREDENTIALS=/var/secrets/google/key.json",
        "export VAULT_ADDR=https://vault.acme.io:8200",
        "export SSH_AUTH_SOCK=/run/user/1000/keyring/ssh",
        "export NODE_OPTIONS=--max-old-space-size=4096",
        "response = client.messages.create(model=\"claude-sonnet-4-5\", max_tokens=4096, messages=msgs)",
        "max_tokens=4096, temperature=0.2",
        '"usage": {"prompt_tokens": 812, "completion_tokens": 304, "total_tokens": 1116}',
        "tokens_used=15234 budget=200000",
        "tokenizer = AutoTokenizer.from_pretrained(\"bert-base-uncased\")",
        "num_tokens = len(tokenizer.encode(text))",
        "log_level=debug",
        "timeout=30",
        "key_prefix=cache:v2:",
        "primary_key=id",
        "sort_key=created_at",
        "partition_key=tenant_id",
        "api_version=2024-06-01",
        "secret_name=db-creds",
        "token_ttl_seconds=3600",
        "password_min_length=12",
        "PASSWORD_RESET_TIMEOUT = 259200",
        "session_cookie_secure = true",
        "keepalive_timeout 65;",
        "max_connections = 200",
        "jwt_algorithm = \"RS256\"",
        "auth_type = oauth2",
        "ssl_mode = require",
        "color: #1f2937;",
        "background-color: #ffcc00;",
        "--brand-primary: #6d28d9;",
        "border: 1px solid #e5e7eb;",
        "theme_color: \"#0f766e\"",
        "POST /api/v1/auth/password-reset",
        "GET /account/password/reset/confirm/<uidb64>/<token>/",
        "app/Http/Controllers/Auth/ResetPasswordController.php",
        "src/components/ForgotPasswordForm.tsx",
        "def reset_password(self, user: User, token: str) -> None:",
        "class PasswordResetTokenGenerator:",
        "src/auth/token_refresh.py",
        "internal/keyring/key_rotation.go",
        "tests/fixtures/secret_scanner/allowlist.yaml",
        "docs/how-to/rotate-api-keys.md",
        "config/credentials.yml.enc",
        "~/.ssh/id_ed25519.pub",
        "/etc/ssl/certs/ca-certificates.crt",
        "/var/run/secrets/kubernetes.io/serviceaccount/token",
        "/run/secrets/db_password",
        "packages/secret-manager/src/index.ts",
        "scripts/generate_api_key_docs.py",
        "lib/tokenizer/bpe_merges.txt",
        "vendor/github.com/golang-jwt/jwt/v5/token.go",
        "crates/keychain/src/lib.rs",
        "v2.14.0",
        "1.2.3-rc.1+build.5",
        "node v20.11.1 (npm v10.2.4)",
        "Python 3.12.2",
        "OpenSSL 3.0.13 30 Jan 2024",
        "go version go1.22.1 linux/amd64",
        "terraform v1.7.5 on linux_amd64",
        "kubectl version --client: v1.30.2",
        "acme-sdk==2.14.0",
        "\"jsonwebtoken\": \"^9.0.2\"",
        "bcrypt==4.1.3",
        "cryptography>=42.0.0,<43",
        "*/5 * * * * /usr/local/bin/healthcheck.sh >> /var/log/health.log 2>&1",
        "0 3 * * 0 /opt/acme/bin/rotate-logs --keep 14",
        "30 2 * * * cd /srv/app && ./manage.py clearsessions",
        "@reboot /usr/bin/tailscaled --state=/var/lib/tailscale/tailscaled.state",
        "https://github.com/acme/api/pull/482",
        "https://github.com/acme/api/actions/runs/9123456789/job/25123456789",
        "ssh://git@github.com/acme/api.git",
        "git@gitlab.com:acme/backend.git",
        "postgresql://localhost:5432/app_dev",
        "postgres://postgres@localhost/app_test",
        "redis://cache:6379/0",
        "mongodb://mongo1:27017,mongo2:27017,mongo3:27017/?replicaSet=rs0",
        "amqp://rabbitmq.internal:5672/%2F",
        "https://docs.stripe.com/keys#obtain-api-keys",
        "https://console.cloud.google.com/apis/credentials?project=acme-prod-4821",
        "https://vault.acme.io:8200/ui/vault/secrets/secret/list",
        "https://acme.atlassian.net/browse/OPS-1182",
        "https://www.example.com/search?q=password+reset+token+expired",
        "http://localhost:3000/api/auth/callback/github?code=pending",
        "https://app.acme.io/reset-password?email=jane.doe%40acme.io",
        "Login Succeeded",
        "Successfully logged in as acme-bot",
        "Token refreshed, expires in 3599s",
        "Error: 401 Unauthorized: invalid api key",
        "FATAL:  password authentication failed for user \"app\"",
        "ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)",
        "remote: Invalid username or token. Password authentication is not supported for Git operations.",
        "WARNING! Using --password via the CLI is insecure. Use --password-stdin.",
        "Warning: Using a password on the command line interface can be insecure.",
        "The password field is required.",
        "Password must be at least 12 characters and include a number.",
        "Never commit .env files; use the secrets manager instead.",
        "Rotated the staging database password; new value is in Vault at secret/staging/db.",
        "I stored the API key in 1Password under 'Acme / Stripe (test)'.",
        "The token expired, so I ran `gh auth refresh -s workflow`.",
        "Decision: use OIDC federation for CI so no long-lived cloud keys exist.",
        "Next: ask Priya for read access to the prod secrets path.",
        "TODO: move SMTP password out of settings.py",
        "Checked: no secrets in the diff (ran gitleaks detect --no-git -v).",
        "gitleaks detect --source . --report-format sarif --report-path gitleaks.sarif",
        "trufflehog git file://. --only-verified",
        "detect-secrets scan --baseline .secrets.baseline",
        "AbstractSingletonProxyFactoryBean",
        "test_refresh_token_rotation_invalidates_previous_token",
        "TokenBucketRateLimiterMiddlewareConfiguration",
        "getUserAuthenticationTokenExpirationTimestampMillis",
        "SECRET_KEY_FALLBACKS",
        "PasswordHasherConfigurationValidator",
        "handle_oauth2_authorization_code_exchange_failure",
        "const MAX_API_KEY_LENGTH = 128;",
        "if (!apiKey) throw new Error('Missing API key');",
        "hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt())",
        "return jwt.decode(token, key, algorithms=[\"RS256\"], audience=\"api\")",
        "user.set_password(form.cleaned_data['new_password'])",
        "assert response.json()[\"token_type\"] == \"Bearer\"",
        "SELECT id, email FROM users WHERE password_reset_token IS NOT NULL;",
        "ALTER TABLE api_keys ADD COLUMN last_used_at timestamptz;",
        "CREATE INDEX idx_tokens_user_id ON tokens(user_id);",
        "openssl rand -hex 32",
        "python -c 'import secrets; print(secrets.token_urlsafe(32))'",
        "head -c 32 /dev/urandom | base64",
        "age-keygen -o key.txt",
        "ssh-keygen -t ed25519 -C \"deploy@acme\" -f ~/.ssh/deploy_key",
        "sops --encrypt --age age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p secrets.yaml > secrets.enc.yaml",
        "client_id: 123456789012-abcdefghijklmnopqrstuvwxyz012345.apps.googleusercontent.com",
        "AZURE_TENANT_ID=72f988bf-86f1-41af-91ab-2d7cd011db47",
        "AWS_ACCOUNT_ID=123456789012",
        "region = us-east-1",
        "Kubernetes control plane is running at https://10.0.0.1:6443",
        "NAME        TYPE     DATA   AGE\ndb-creds    Opaque   2      41d\napi-tls     kubernetes.io/tls   2   90d",
        "Secret/db-creds configured",
        "secret/regcred created",
        "Success! Data written to: secret/data/payments",
        "Created a new API key. Store it securely: it will only be shown once.",
        "Your token has been saved to /root/.cache/huggingface/token",
        "Logged in as acme-bot on github.com (keyring)",
        "Credentials saved to file: [/home/ci/.config/gcloud/application_default_credentials.json]",
        "CHANGELOG: redact bearer tokens in request logs (#512)",
        "chmod 600 ~/.netrc ~/.pgpass",
        "ls -la ~/.aws/ ~/.docker/ ~/.kube/",
        "cat ~/.aws/config\n[profile staging]\nsso_start_url = https://acme.awsapps.com/start\nsso_region = us-east-1\nsso_account_id = 123456789012\nsso_role_name = Developer\nregion = eu-west-1",
        "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n[remote \"origin\"]\n\turl = git@github.com:acme/api.git",
        "[mysqld]\nbind-address = 0.0.0.0\nmax_connections = 500\ninnodb_buffer_pool_size = 2G",
        "[database]\nhost = db.internal\nport = 5432\nname = app\nuser = app",
        '{"host": "db.internal", "port": 5432, "user": "app", "sslmode": "require"}',
        "database:\n  host: db.internal\n  port: 5432\n  username: app\n  password_file: /run/secrets/db_password",
        "spring.datasource.password=${DB_PASSWORD}",
        "ConnectionStrings__Default=Server=sql01;Database=app;Trusted_Connection=True;",
        "jdbc:postgresql://db.internal:5432/app?ssl=true&sslmode=verify-full",
        "<password>${env.NEXUS_PASSWORD}</password>",
        "<add key=\"ClearTextPassword\" value=\"%NUGET_PASSWORD%\" />",
        "//registry.npmjs.org/:_authToken=${NPM_TOKEN}",
        "npmAuthToken: \"${NPM_AUTH_TOKEN}\"",
        "[pypi]\nusername = __token__\npassword = <your PyPI token>",
        "machine api.heroku.com\n  login jane.doe@acme.io\n  password $HEROKU_API_KEY",
        "ENCRYPTION_KEY=  # generate with: openssl rand -hex 32",
        "JWT_SECRET=replace-me",
        "SECRET_KEY=django-insecure-change-me",
        "password: example",
        "api_key: test",
        "token = 'dummy-token-for-tests'",
        "STRIPE_API_KEY=sk_test_placeholder",
        "AUTH0_CLIENT_SECRET=<from the Auth0 dashboard>",
        "OPENAI_API_KEY=sk-...",
        "ANTHROPIC_API_KEY=\"\"",
        "export SLACK_BOT_TOKEN=xoxb-your-token",
        "BEGIN TRANSACTION; UPDATE users SET password_hash = NULL WHERE disabled; COMMIT;",
        "width=1920 height=1080 keyframe_interval=2",
        "keyboard-layout=us,de",
        "monkey_patch=true",
        "turkey_sandwich_count=3",
        "Set-Cookie: theme=dark; Path=/; Max-Age=31536000",
        "Cookie: theme=dark; lang=en-GB",
        "X-Request-Id: %s" % uid(),
        "Content-Security-Policy: default-src 'self'; script-src 'self' 'nonce-r4nd0m'",
        "Strict-Transport-Security: max-age=63072000; includeSubDomains; preload",
        "WWW-Authenticate: Bearer realm=\"api\", error=\"invalid_token\"",
        "Authorization: Basic <base64 of user:password>",
        "Authorization: Bearer eyJ... (truncated in the docs)",
        "The JWT format is header.payload.signature, each part base64url encoded.",
        "127.0.0.1 - - [03/Jun/2025:14:21:07 +0000] \"GET /healthz HTTP/1.1\" 200 2 \"-\" \"kube-probe/1.30\"",
        "2025-06-03T14:21:07.123Z INFO  [main] o.s.b.w.embedded.tomcat.TomcatWebServer : Tomcat started on port 8080 (http)",
        "10.0.3.17:5432 - accepting connections",
        "Listening on http://0.0.0.0:3000",
        "Step 7/12 : RUN npm ci --omit=dev",
        "=> [build 4/6] RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci",
        "docker build --secret id=npmrc,src=$HOME/.npmrc -t acme/web .",
        "RUN --mount=type=secret,id=aws,target=/root/.aws/credentials aws s3 cp s3://acme-assets/fonts ./fonts --recursive",
        "terraform state show aws_db_instance.main | grep -v password",
        "password = (sensitive value)",
        "  + password = (sensitive value)",
        "Outputs:\n\ndb_endpoint = \"acme-prod.cluster-c9akciq32.us-east-1.rds.amazonaws.com\"\ndb_password = <sensitive>",
        "vault kv get -field=password secret/app",
        "op read \"op://Private/Stripe/credential\"",
        "aws secretsmanager get-secret-value --secret-id prod/api --query SecretString --output text",
        "gcloud secrets versions access latest --secret=db-password",
        "az keyvault secret show --vault-name acme-kv --name DbPassword --query value -o tsv",
        "echo $((16#ff))",
        "printf '%s\\n' \"${PIPESTATUS[@]}\"",
        "awk -F: '{print $1}' /etc/passwd",
        "grep -R \"api_key\" --include=*.py src/ | wc -l",
        "sed -i 's/^password=.*/password=REDACTED/' config.ini",
        "sha256sum --check SHA256SUMS --ignore-missing",
        "gpg --verify SHA256SUMS.sig SHA256SUMS",
        "cosign verify ghcr.io/acme/api:2.14.0 --certificate-identity-regexp 'github.com/acme'",
        "The secret sauce is caching the tokenizer between requests.",
        "Keys on the keyboard were sticky so I re-typed the command.",
        "Passed: 412, failed: 0, skipped: 3 (tokens suite)",
        "Password reset emails now use the new template (PR #488).",
        "We keep API keys in Doppler; the app reads them at boot.",
        "Q: where is the staging password? A: in Vault, path secret/staging/db, ask #platform for access.",
    ]
    b.extend(fixed)
    # more generated benign lines with identifiers that look random but are not secrets
    for _ in range(5):
        A("s3://acme-build-artifacts/%s/%s/app.zip" % (dg(10), hx(40)))
        A("https://acme-assets.s3.amazonaws.com/uploads/%s/avatar.png" % uid())
        A("Uploaded to https://storage.googleapis.com/acme-public/releases/%s/cli.tar.gz" % hx(12))
        A("ami-%s" % hx(17))
        A("vpc-%s subnet-%s" % (hx(17), hx(17)))
        A("projects/acme-prod-4821/locations/us-central1/functions/ingest-%s" % anl(6))
        A("pod/api-%s-%s   1/1   Running   0   3h12m" % (anl(10), anl(5)))
        A("container_id=%s" % hx(64))
        A("Successfully built %s\nSuccessfully tagged acme/web:latest" % hx(12))
        A("Order #%d paid at 2025-06-0%dT12:00:00Z" % (_R.randint(10000, 99999), _R.randint(1, 9)))
        A("Build ID: %s" % uid())
        A("Snapshot snap-%s created" % hx(17))
        A("Cache key: node-modules-%s" % hx(64))
        A("cache hit for key Linux-pip-%s" % hx(64))
        A("{\"version\": \"%d.%d.%d\", \"commit\": \"%s\", \"built\": \"2025-06-03T14:21:07Z\"}" % (_R.randint(0, 5), _R.randint(0, 30), _R.randint(0, 20), hx(40)))
        A("Trace: %s-%s-01" % (hx(32), hx(16)))
        A("nonce=%s" % rs(DG, 12))
        A("Published acme-sdk@2.%d.%d (tarball sha1 %s)" % (_R.randint(0, 20), _R.randint(0, 9), hx(40)))
        A("Running migration 20250603_%s_add_api_keys_table" % dg(6))
        A("  %s  %s  %s" % (hx(12), _R.choice(["ghcr.io/acme/api", "postgres", "redis"]), _R.choice(["2 days ago", "5 hours ago"])))
    return b


BENIGN.extend(_benign())

# --------------------------------------------------------------------------------------
# sanity: a visible label must sit outside the secret
# --------------------------------------------------------------------------------------

_fixed = []
for _g, _f, _t, _s, _v in SECRETS:
    if _v and (_v not in _t.replace(_s, "") or _v in _s):
        _v = ""
    _fixed.append((_g, _f, _t, _s, _v))
SECRETS[:] = _fixed
del _fixed

_seen = set()
BENIGN[:] = [x for x in BENIGN if not (x in _seen or _seen.add(x))]
del _seen
