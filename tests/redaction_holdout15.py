"""Blind holdout corpus #15 for a secret-redaction engine.

What this is
------------
A test corpus for the function that scrubs free-text fields before a coding
agent's saved working state (goal, notes, commands run, file/output excerpts,
decisions, next steps) is written to disk inside a project.  It models what an
agent really records while working on ordinary projects (Django/Rails apps,
Node/TypeScript services, Go microservices, Rust CLIs, Python data pipelines,
Android/iOS apps, Terraform/Kubernetes repos, game servers, home automation).

It was written blind: the author never looked at the engine, its source, its
existing tests or any other corpus.

Exports
-------
SECRETS : list of 5-tuples (group, format, text, secret, visible)
    ``secret`` is the exact contiguous substring of ``text`` that must not
    survive redaction (private keys: base64 body only; signed URLs: the
    signature; user:password pairs: the password).  ``visible`` is a short
    substring that should remain readable (a label, key name or command), or
    "".  ``format`` is a short kebab-case shape name; no format is used more
    than three times.
BENIGN : list of strings containing no secret, drawn from the same kinds of
    text (SHAs, UUIDs, digests, lockfiles, public keys, placeholders, secret
    references, test fixtures marked fake, ...).

Group shares (of SECRETS, approximate)
--------------------------------------
command 15%, tool-output 15%, config-file 18%, source-code 15%,
stack-trace-or-log 10%, note-or-chat 10% (about a quarter not in English),
ci-and-deploy 10%, vendor-token 7%.

All values are synthetic: they are produced by a fixed-seed
``random.Random`` and merely have the realistic shape, prefix and length of
real credentials.  None of them is, or was ever, a real secret.  The module
uses only the standard library, is deterministic and prints nothing on import.

It measured 0.944 recall and 0.1% false positives blind, and is regression
data now (tests/test_redaction_holdouts.py holds its recall per group and its
false positives).
"""

import base64
import json
import random
import re
import string
import struct

__all__ = ["SECRETS", "BENIGN"]

_R = random.Random(1517)

_AL = string.ascii_letters + string.digits
_UP = string.ascii_uppercase + string.digits
_LO = string.ascii_lowercase + string.digits
_LOW = string.ascii_lowercase
_HEX = "0123456789abcdef"
_B64 = _AL + "+/"
_U = _AL + "-_"


def _c(seq):
    return seq[_R.randrange(len(seq))]


def _rs(n, alpha=_AL):
    return "".join(alpha[_R.randrange(len(alpha))] for _ in range(n))


def _rhex(n):
    return _rs(n, _HEX)


def _digits(n):
    return str(_R.randint(1, 9)) + _rs(n - 1, string.digits)


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(b):
    return base64.b64encode(b).decode("ascii")


def _b64u(b):
    return base64.urlsafe_b64encode(b).decode("ascii").rstrip("=")


def _uuid():
    h = _rhex(32)
    h = h[:12] + "4" + h[13:16] + _c("89ab") + h[17:]
    return "-".join((h[:8], h[8:12], h[12:16], h[16:20], h[20:]))


# ---------------------------------------------------------------------------
# human-chosen passwords and passphrases
# ---------------------------------------------------------------------------
_WORDS = (
    "harbor maple falcon river copper violet summit lantern orchid meadow "
    "thunder pepper willow cobalt saffron ember glacier juniper pixel rocket "
    "tango velvet walnut zephyr anchor biscuit canyon dolphin elkhorn fjord "
    "granite hazel indigo jasper kettle lemon mango nutmeg oyster pebble "
    "quartz raven sparrow tundra umber vortex wombat badger cactus dune "
    "marble puffin clover bramble cinder drizzle fennel gravel hornet igloo"
).split()
_PW_NAMES = ["Marisol", "Dmitri", "Kenji", "Aylin", "Tobias", "Priya", "Lucas",
             "Ingrid", "Mateo", "Sanne", "Oluwaseun", "Ravi", "Bruna", "Henrik"]
_SEASONS = ["Spring", "Summer", "Autumn", "Winter", "Fall"]
_COMPANY = ["Acme", "Northwind", "Kitepay", "Fernhill", "Bluefin", "Tidewater",
            "Quillmate", "Orbital"]


def _leet(w, urlsafe):
    w = w.replace("o", "0").replace("e", "3").replace("i", "1")
    if not urlsafe:
        w = w.replace("a", "@")
    return w


def _human_pw(urlsafe=False):
    syms = "-_.!~" if urlsafe else "!@#$%*?+"
    w1, w2 = _c(_WORDS), _c(_WORDS)
    st = _R.randrange(8)
    if st == 0:
        return w1.capitalize() + w2.capitalize() + str(_R.randint(10, 99)) + _c(syms)
    if st == 1:
        return _leet(w1, urlsafe).capitalize() + _c(syms) + _leet(w2, urlsafe) + str(_R.randint(1, 99))
    if st == 2:
        return _c(_SEASONS) + str(_R.randint(2019, 2025)) + _c(syms) + w1
    if st == 3:
        return _c(_PW_NAMES) + str(_R.randint(1965, 2012)) + _c(syms) + _c(syms)
    if st == 4:
        return w1.capitalize() + _c(syms) + w2 + str(_R.randint(100, 9999))
    if st == 5:
        return _c(["Welcome", "Letmein", "Admin", "Passw0rd", "Changeme"]) + _c(syms) + str(_R.randint(1000, 99999)) + w1[:3].capitalize()
    if st == 6:
        return w1 + _c(syms) + w2.upper() + str(_R.randint(1, 9)) + _c(syms)
    return _c(_COMPANY) + _c(["Prod", "Dev", "Ops", "Admin", "Db", "Lab"]) + "_" + str(_R.randint(2018, 2025)) + _c(syms)


def _passphrase(sep="-"):
    n = _c([4, 4, 5])
    words = [_c(_WORDS) for _ in range(n)]
    if _R.random() < 0.4:
        words[_R.randrange(n)] = words[0].capitalize()
    p = sep.join(words)
    if _R.random() < 0.5:
        p += sep + str(_R.randint(2, 99))
    return p


def _random_pw(n=None, alpha=_AL + "!#%^*-_=+"):
    n = n or _c([16, 18, 20, 24, 32])
    while True:
        p = _rs(n, alpha)
        if (any(ch.isupper() for ch in p) and any(ch.islower() for ch in p)
                and any(ch.isdigit() for ch in p)):
            if alpha == _AL or any(not ch.isalnum() for ch in p):
                return p


def _wifi_pw():
    st = _R.randrange(3)
    if st == 0:
        return _c(_WORDS).capitalize() + _c(_WORDS).capitalize() + str(_R.randint(100, 9999))
    if st == 1:
        return _c(_PW_NAMES).lower() + "-" + _c(_WORDS) + "-" + str(_R.randint(10, 99))
    return _rs(4, string.digits) + _c(_WORDS) + _c(_WORDS) + _rs(2, string.digits)


# ---------------------------------------------------------------------------
# token shapes
# ---------------------------------------------------------------------------
def _jwt(payload=None):
    hdr = _b64u(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    iat = _R.randint(1700000000, 1735000000)
    if payload is None:
        payload = {"sub": str(_R.randint(1000, 999999)), "scope": _c(["read write", "api", "admin", "orders:read"])}
    payload = dict(payload)
    payload.setdefault("iat", iat)
    payload.setdefault("exp", iat + 3600 * _c([1, 12, 24, 720]))
    body = _b64u(json.dumps(payload, separators=(",", ":")).encode())
    return hdr + "." + body + "." + _b64u(_rbytes(32))


def _django_key():
    k = _rs(50, _LOW + string.digits + "!@#%^*(-_=+)")
    return ("django-insecure-" + k) if _R.random() < 0.5 else k


def _pem_wrap(s, width=64):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


def _pkcs8_der():
    hdr = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100")
    return hdr + _rbytes(1217 - len(hdr))


def _pem_pkcs8():
    return _pem_wrap(_b64(_pkcs8_der()))


def _pem_rsa():
    hdr = bytes.fromhex("308204a40201000282010100")
    return _pem_wrap(_b64(hdr + _rbytes(1192 - len(hdr))))


def _pem_ec():
    der = (bytes.fromhex("30770201010420") + _rbytes(32)
           + bytes.fromhex("a00a06082a8648ce3d030107a14403420004") + _rbytes(64))
    return _pem_wrap(_b64(der))


def _sshstr(b):
    return struct.pack(">I", len(b)) + b


def _pem_openssh():
    pub, seed, chk = _rbytes(32), _rbytes(32), _rbytes(4)
    pubblob = _sshstr(b"ssh-ed25519") + _sshstr(pub)
    comment = (_c(["deploy", "ci", "dev", "ana", "build"]) + "@" + _c(["laptop", "ci-runner", "build-01", "mbp-2", "nas"])).encode()
    priv = chk + chk + _sshstr(b"ssh-ed25519") + _sshstr(pub) + _sshstr(seed + pub) + _sshstr(comment)
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = (b"openssh-key-v1\x00" + _sshstr(b"none") + _sshstr(b"none") + _sshstr(b"")
            + struct.pack(">I", 1) + _sshstr(pubblob) + _sshstr(priv))
    return _pem_wrap(_b64(blob), 70)


def _pem_json():
    return "\\n".join(_pem_pkcs8().split("\n"))


def _basic_b64():
    user = _c(["admin", "deploy", "ci", "grafana", "svc-export", "api", "monitor", "jenkins"])
    pw = _human_pw() if _R.random() < 0.5 else _random_pw(20, _AL)
    return _b64((user + ":" + pw).encode())


def _k8s_b64():
    inner = _c([_human_pw, _random_pw, lambda: _rhex(40), lambda: "ghp_" + _rs(36)])()
    return _b64(inner.encode())


def _azure_sas_sig():
    s = _b64(_rbytes(32))
    return s.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _cloudfront_sig():
    return _b64(_rbytes(128)).replace("+", "-").replace("=", "_").replace("/", "~")


_BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

# ---------------------------------------------------------------------------
# kinds of secret: name -> generator, env-var names, label, category
# ---------------------------------------------------------------------------
KINDS = {}


def _k(name, cat, gen, env, label, url=False, special=False, bearer=False, wrap=None):
    KINDS[name] = {"name": name, "cat": cat, "gen": gen, "env": env, "label": label,
                   "url": url, "special": special, "bearer": bearer, "wrap": wrap}


_PWENV = ["DB_PASSWORD", "POSTGRES_PASSWORD", "MYSQL_PASSWORD", "MYSQL_ROOT_PASSWORD",
          "REDIS_PASSWORD", "ADMIN_PASSWORD", "SMTP_PASSWORD", "RABBITMQ_DEFAULT_PASS",
          "MQTT_PASSWORD", "KEYSTORE_PASSWORD", "ELASTIC_PASSWORD", "GRAFANA_ADMIN_PASSWORD",
          "MONGO_INITDB_ROOT_PASSWORD", "LDAP_BIND_PASSWORD", "RCON_PASSWORD", "PGPASSWORD",
          "SFTP_PASSWORD", "NAS_PASSWORD"]

# passwords
_k("human-password", "pw", lambda: _human_pw(False), _PWENV, "password")
_k("human-password-urlsafe", "pw", lambda: _human_pw(True), _PWENV, "password", url=True)
_k("passphrase-hyphen", "pw", lambda: _passphrase("-"), _PWENV, "passphrase", url=True)
_k("passphrase-spaces", "pw", lambda: _passphrase(" "), _PWENV, "passphrase")
_k("random-password-symbols", "pw", lambda: _random_pw(), _PWENV, "password")
_k("random-password-alnum", "pw", lambda: _random_pw(_c([20, 24, 32]), _AL), _PWENV, "password", url=True)
_k("hex-password", "pw", lambda: _rhex(_c([24, 32])), _PWENV, "password", url=True)
_k("wifi-passphrase", "pw", _wifi_pw, ["WIFI_PASSWORD", "WIFI_PSK"], "wifi", url=True, special=True)
_k("gmail-app-password", "pw", lambda: " ".join(_rs(4, _LOW) for _ in range(4)), ["SMTP_PASSWORD", "EMAIL_HOST_PASSWORD", "MAIL_PASSWORD"], "app password", special=True)
_k("apple-app-password", "pw", lambda: "-".join(_rs(4, _LOW) for _ in range(4)), ["FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD", "APPLE_APP_PASSWORD"], "Apple app-specific password", url=True, special=True)

# generic random secrets
_k("hex32-api-key", "gen", lambda: _rhex(32), ["API_KEY", "INTERNAL_API_KEY", "PARTNER_API_KEY", "ANALYTICS_API_KEY"], "API key", bearer=True)
_k("hex40-token", "gen", lambda: _rhex(40), ["API_TOKEN", "ACCESS_TOKEN", "SERVICE_TOKEN", "DEPLOY_TOKEN"], "token", bearer=True)
_k("hex64-signing-secret", "gen", lambda: _rhex(64), ["WEBHOOK_SECRET", "HMAC_SECRET", "SIGNING_SECRET", "CALLBACK_SECRET"], "signing secret")
_k("base64-256bit-key", "gen", lambda: _b64(_rbytes(32)), ["ENCRYPTION_KEY", "DATA_KEY", "FIELD_ENCRYPTION_KEY", "AES_KEY"], "encryption key")
_k("base64-512bit-secret", "gen", lambda: _b64(_rbytes(64)), ["JWT_SECRET", "SESSION_SECRET", "TOKEN_SIGNING_KEY"], "JWT secret")
_k("urlsafe-token", "gen", lambda: _b64u(_rbytes(32)), ["SECRET_KEY", "APP_SECRET", "COOKIE_SECRET", "NEXTAUTH_SECRET"], "secret", bearer=True)
_k("uuid-api-key", "gen", _uuid, ["API_KEY", "LICENSE_KEY", "CLIENT_SECRET", "INGEST_KEY"], "API key", bearer=True)
_k("alnum32-api-key", "gen", lambda: _rs(32), ["API_KEY", "X_API_KEY", "SERVICE_API_KEY", "MAPS_SERVER_KEY"], "API key", bearer=True)
_k("alnum48-client-secret", "gen", lambda: _rs(48, _U), ["CLIENT_SECRET", "OAUTH_CLIENT_SECRET", "AUTH0_CLIENT_SECRET"], "client secret")
_k("django-secret-key", "gen", _django_key, ["DJANGO_SECRET_KEY", "SECRET_KEY"], "Django secret key")
_k("rails-secret-key-base", "gen", lambda: _rhex(128), ["SECRET_KEY_BASE"], "secret_key_base")
_k("rails-master-key", "gen", lambda: _rhex(32), ["RAILS_MASTER_KEY"], "Rails master key")
_k("jwt-access-token", "gen", _jwt, ["ACCESS_TOKEN", "AUTH_TOKEN", "BEARER_TOKEN"], "access token", bearer=True)

# vendor tokens
_V = [
    ("github-classic-pat", lambda: "ghp_" + _rs(36), ["GITHUB_TOKEN", "GH_TOKEN", "GITHUB_PAT"], "GitHub"),
    ("github-fine-grained-pat", lambda: "github_pat_" + _rs(22) + "_" + _rs(59), ["GITHUB_TOKEN", "GH_PAT"], "GitHub"),
    ("github-oauth-token", lambda: "gho_" + _rs(36), ["GITHUB_TOKEN", "GH_TOKEN"], "GitHub"),
    ("github-app-installation-token", lambda: "ghs_" + _rs(36), ["GITHUB_TOKEN", "GH_APP_TOKEN"], "GitHub App"),
    ("gitlab-pat", lambda: "glpat-" + _rs(20, _U), ["GITLAB_TOKEN", "CI_JOB_PAT", "GITLAB_PAT"], "GitLab"),
    ("gitlab-runner-token", lambda: "glrt-" + _rs(20, _U), ["RUNNER_TOKEN", "CI_SERVER_TOKEN"], "GitLab runner"),
    ("gitlab-deploy-token", lambda: "gldt-" + _rs(20, _U), ["GITLAB_DEPLOY_TOKEN"], "GitLab deploy token"),
    ("slack-bot-token", lambda: "xoxb-" + _digits(12) + "-" + _digits(13) + "-" + _rs(24), ["SLACK_BOT_TOKEN", "SLACK_TOKEN"], "Slack"),
    ("slack-user-token", lambda: "xoxp-" + _digits(12) + "-" + _digits(12) + "-" + _digits(13) + "-" + _rhex(32), ["SLACK_USER_TOKEN"], "Slack"),
    ("stripe-live-secret-key", lambda: "sk_live_51" + _rs(97), ["STRIPE_SECRET_KEY", "STRIPE_API_KEY"], "Stripe"),
    ("stripe-test-secret-key", lambda: "sk_test_51" + _rs(97), ["STRIPE_SECRET_KEY"], "Stripe"),
    ("stripe-restricted-key", lambda: "rk_live_51" + _rs(97), ["STRIPE_RESTRICTED_KEY"], "Stripe"),
    ("stripe-webhook-secret", lambda: "whsec_" + _rs(32), ["STRIPE_WEBHOOK_SECRET"], "Stripe webhook"),
    ("aws-secret-access-key", lambda: _rs(40, _AL + "+/"), ["AWS_SECRET_ACCESS_KEY"], "AWS"),
    ("gcp-api-key", lambda: "AIza" + _rs(35, _U), ["GOOGLE_API_KEY", "GEMINI_API_KEY", "YOUTUBE_API_KEY"], "Google API"),
    ("gcp-oauth-access-token", lambda: "ya29.a0" + _rs(_c([150, 180, 210]), _U), ["GOOGLE_ACCESS_TOKEN"], "Google OAuth"),
    ("google-oauth-client-secret", lambda: "GOCSPX-" + _rs(28, _U), ["GOOGLE_CLIENT_SECRET"], "Google OAuth client"),
    ("google-refresh-token", lambda: "1//0" + _c("345689") + _rs(99, _U), ["GOOGLE_REFRESH_TOKEN", "FIREBASE_TOKEN"], "Google refresh token"),
    ("sendgrid-api-key", lambda: "SG." + _rs(22, _U) + "." + _rs(43, _U), ["SENDGRID_API_KEY"], "SendGrid"),
    ("twilio-auth-token", lambda: _rhex(32), ["TWILIO_AUTH_TOKEN"], "Twilio"),
    ("openai-project-key", lambda: "sk-proj-" + _rs(74, _U) + "T3BlbkFJ" + _rs(74, _U), ["OPENAI_API_KEY"], "OpenAI"),
    ("anthropic-api-key", lambda: "sk-ant-api03-" + _rs(93, _U) + "AA", ["ANTHROPIC_API_KEY"], "Anthropic"),
    ("npm-access-token", lambda: "npm_" + _rs(36), ["NPM_TOKEN", "NODE_AUTH_TOKEN"], "npm"),
    ("pypi-api-token", lambda: "pypi-AgEIcHlwaS5vcmcCJ" + _rs(_c([130, 155, 180]), _U), ["PYPI_TOKEN", "TWINE_PASSWORD"], "PyPI"),
    ("dockerhub-pat", lambda: "dckr_pat_" + _rs(27, _U), ["DOCKERHUB_TOKEN", "DOCKER_PASSWORD"], "Docker Hub"),
    ("digitalocean-token", lambda: "dop_v1_" + _rhex(64), ["DIGITALOCEAN_TOKEN", "DO_API_TOKEN"], "DigitalOcean"),
    ("shopify-admin-token", lambda: "shpat_" + _rhex(32), ["SHOPIFY_ACCESS_TOKEN", "SHOPIFY_ADMIN_TOKEN"], "Shopify"),
    ("mailgun-api-key", lambda: "key-" + _rhex(32), ["MAILGUN_API_KEY"], "Mailgun"),
    ("mailchimp-api-key", lambda: _rhex(32) + "-us" + str(_R.randint(2, 21)), ["MAILCHIMP_API_KEY"], "Mailchimp"),
    ("heroku-api-key", _uuid, ["HEROKU_API_KEY"], "Heroku"),
    ("discord-bot-token", lambda: _b64u(_digits(18).encode()) + "." + _rs(6, _U) + "." + _rs(38, _U), ["DISCORD_TOKEN", "DISCORD_BOT_TOKEN"], "Discord"),
    ("telegram-bot-token", lambda: str(_R.randint(1000000000, 7999999999)) + ":AA" + _rs(33, _U), ["TELEGRAM_BOT_TOKEN", "TG_TOKEN"], "Telegram"),
    ("vault-service-token", lambda: "hvs." + _c([_rs(24), "CAESI" + _rs(_c([85, 90]), _U)]), ["VAULT_TOKEN"], "Vault"),
    ("terraform-cloud-token", lambda: _rs(14) + ".atlasv1." + _rs(67), ["TF_TOKEN_app_terraform_io", "TFE_TOKEN"], "Terraform Cloud"),
    ("azure-storage-account-key", lambda: _b64(_rbytes(64)), ["AZURE_STORAGE_KEY", "AZURE_STORAGE_ACCOUNT_KEY"], "Azure Storage"),
    ("azure-client-secret", lambda: _rs(3) + "8Q~" + _rs(34, _AL + "~._-"), ["AZURE_CLIENT_SECRET", "ARM_CLIENT_SECRET"], "Azure AD"),
    ("datadog-api-key", lambda: _rhex(32), ["DD_API_KEY", "DATADOG_API_KEY"], "Datadog"),
    ("datadog-app-key", lambda: _rhex(40), ["DD_APP_KEY", "DATADOG_APP_KEY"], "Datadog"),
    ("newrelic-user-key", lambda: "NRAK-" + _rs(27, string.ascii_uppercase + string.digits), ["NEW_RELIC_API_KEY"], "New Relic"),
    ("sentry-auth-token", lambda: "sntryu_" + _rhex(64), ["SENTRY_AUTH_TOKEN"], "Sentry"),
    ("linear-api-key", lambda: "lin_api_" + _rs(40), ["LINEAR_API_KEY"], "Linear"),
    ("notion-integration-token", lambda: _c(["ntn_" + _digits(12) + _rs(34), "secret_" + _rs(43)]), ["NOTION_TOKEN", "NOTION_API_KEY"], "Notion"),
    ("figma-pat", lambda: "figd_" + _rs(40, _U), ["FIGMA_TOKEN"], "Figma"),
    ("atlassian-api-token", lambda: "ATATT3xFfGF0" + _rs(_c([170, 180, 190]), _U), ["JIRA_API_TOKEN", "ATLASSIAN_TOKEN"], "Atlassian"),
    ("huggingface-token", lambda: "hf_" + _rs(34), ["HF_TOKEN", "HUGGING_FACE_HUB_TOKEN"], "Hugging Face"),
    ("replicate-token", lambda: "r8_" + _rs(37), ["REPLICATE_API_TOKEN"], "Replicate"),
    ("cloudflare-api-token", lambda: _rs(40, _U), ["CLOUDFLARE_API_TOKEN", "CF_API_TOKEN"], "Cloudflare"),
    ("square-access-token", lambda: "EAAA" + _rs(60, _U), ["SQUARE_ACCESS_TOKEN"], "Square"),
    ("okta-api-token", lambda: "00" + _rs(40, _U), ["OKTA_API_TOKEN"], "Okta"),
    ("postman-api-key", lambda: "PMAK-" + _rhex(24) + "-" + _rhex(34), ["POSTMAN_API_KEY"], "Postman"),
    ("grafana-service-account-token", lambda: "glsa_" + _rs(32) + "_" + _rhex(8), ["GRAFANA_TOKEN", "GF_SA_TOKEN"], "Grafana"),
    ("pulumi-access-token", lambda: "pul-" + _rhex(40), ["PULUMI_ACCESS_TOKEN"], "Pulumi"),
    ("netlify-pat", lambda: "nfp_" + _rs(36), ["NETLIFY_AUTH_TOKEN"], "Netlify"),
    ("vercel-token", lambda: _rs(24), ["VERCEL_TOKEN"], "Vercel"),
    ("doppler-service-token", lambda: "dp.st.prd." + _rs(43), ["DOPPLER_TOKEN"], "Doppler"),
    ("mapbox-secret-token", lambda: "sk.eyJ1Ijoi" + _b64u(_rs(10, _LOW).encode() + b'","a":"') + _rs(12, _U) + "." + _rs(22, _U), ["MAPBOX_DOWNLOADS_TOKEN", "MAPBOX_SECRET_TOKEN"], "Mapbox"),
    ("algolia-admin-key", lambda: _rhex(32), ["ALGOLIA_ADMIN_KEY", "ALGOLIA_WRITE_API_KEY"], "Algolia"),
    ("contentful-management-token", lambda: "CFPAT-" + _rs(43, _U), ["CONTENTFUL_MANAGEMENT_TOKEN"], "Contentful"),
    ("plaid-secret", lambda: _rhex(30), ["PLAID_SECRET"], "Plaid"),
    ("dropbox-access-token", lambda: "sl." + _rs(_c([135, 140]), _U), ["DROPBOX_ACCESS_TOKEN"], "Dropbox"),
    ("age-secret-key", lambda: "AGE-SECRET-KEY-1" + _rs(58, _BECH.upper()), ["SOPS_AGE_KEY"], "age"),
    ("wireguard-private-key", lambda: _b64(_rbytes(32)), ["WG_PRIVATE_KEY"], "WireGuard"),
    ("tailscale-auth-key", lambda: "tskey-auth-k" + _rs(10) + "CNTRL-" + _rs(33), ["TS_AUTHKEY", "TAILSCALE_AUTHKEY"], "Tailscale"),
    ("ngrok-authtoken", lambda: "2" + _rs(26) + "_" + _rs(21), ["NGROK_AUTHTOKEN"], "ngrok"),
    ("buildkite-agent-token", lambda: "bkua_" + _rhex(40), ["BUILDKITE_API_TOKEN"], "Buildkite"),
    ("sonarqube-token", lambda: "squ_" + _rhex(40), ["SONAR_TOKEN"], "SonarQube"),
    ("jfrog-api-key", lambda: "AKCp8" + _rs(68), ["ARTIFACTORY_API_KEY", "JFROG_API_KEY"], "JFrog"),
    ("rubygems-api-key", lambda: "rubygems_" + _rhex(48), ["GEM_HOST_API_KEY", "RUBYGEMS_API_KEY"], "RubyGems"),
    ("nuget-api-key", lambda: "oy2" + _rs(43, _LO), ["NUGET_API_KEY"], "NuGet"),
    ("crates-io-token", lambda: "cio" + _rs(32), ["CARGO_REGISTRY_TOKEN"], "crates.io"),
    ("databricks-token", lambda: "dapi" + _rhex(32), ["DATABRICKS_TOKEN"], "Databricks"),
    ("airtable-pat", lambda: "pat" + _rs(14) + "." + _rhex(64), ["AIRTABLE_API_KEY", "AIRTABLE_TOKEN"], "Airtable"),
    ("hubspot-private-app-token", lambda: "pat-" + _c(["na1", "eu1"]) + "-" + _uuid(), ["HUBSPOT_ACCESS_TOKEN"], "HubSpot"),
    ("launchdarkly-sdk-key", lambda: "sdk-" + _uuid(), ["LAUNCHDARKLY_SDK_KEY", "LD_SDK_KEY"], "LaunchDarkly"),
    ("riot-api-key", lambda: "RGAPI-" + _uuid(), ["RIOT_API_KEY"], "Riot Games"),
    ("steam-web-api-key", lambda: _rhex(32).upper(), ["STEAM_API_KEY"], "Steam"),
    ("facebook-app-secret", lambda: _rhex(32), ["FACEBOOK_APP_SECRET", "FB_APP_SECRET"], "Facebook"),
    ("facebook-page-token", lambda: "EAAG" + _rs(_c([160, 180, 200])), ["FB_PAGE_ACCESS_TOKEN"], "Facebook"),
    ("twitter-bearer-token", lambda: "AAAAAAAAAAAAAAAAAAAAA" + _rs(_c([80, 90]), _AL), ["TWITTER_BEARER_TOKEN", "X_BEARER_TOKEN"], "Twitter/X"),
    ("fcm-legacy-server-key", lambda: "AAAA" + _rs(7, _U) + ":APA91b" + _rs(134, _U), ["FCM_SERVER_KEY"], "Firebase Cloud Messaging"),
    ("supabase-service-role-key", lambda: _jwt({"iss": "supabase", "ref": _rs(20, _LOW), "role": "service_role"}), ["SUPABASE_SERVICE_ROLE_KEY"], "Supabase"),
    ("home-assistant-token", lambda: _jwt({"iss": _rhex(32)}), ["HA_TOKEN", "HASS_TOKEN"], "Home Assistant"),
    ("esphome-api-encryption-key", lambda: _b64(_rbytes(32)), ["ESPHOME_API_KEY"], "ESPHome"),
    ("factorio-token", lambda: _rhex(30), ["FACTORIO_TOKEN"], "Factorio"),
    ("shippo-live-token", lambda: "shippo_live_" + _rhex(40), ["SHIPPO_API_TOKEN"], "Shippo"),
    ("cohere-api-key", lambda: _rs(40), ["CO_API_KEY", "COHERE_API_KEY"], "Cohere"),
    ("mistral-api-key", lambda: _rs(32), ["MISTRAL_API_KEY"], "Mistral"),
    ("groq-api-key", lambda: "gsk_" + _rs(52), ["GROQ_API_KEY"], "Groq"),
    ("render-api-key", lambda: "rnd_" + _rs(32), ["RENDER_API_KEY"], "Render"),
    ("fly-org-token", lambda: "fo1_" + _rs(43, _U), ["FLY_API_TOKEN"], "Fly.io"),
    ("expo-access-token", lambda: _rs(40, _U), ["EXPO_TOKEN"], "Expo"),
    ("circleci-personal-token", lambda: "CCIPAT_" + _rs(22) + "_" + _rhex(40), ["CIRCLECI_TOKEN", "CIRCLE_TOKEN"], "CircleCI"),
]
_NOT_BEARER = {"aws-secret-access-key", "stripe-webhook-secret", "twilio-auth-token", "mailchimp-api-key",
               "azure-storage-account-key", "azure-client-secret", "google-oauth-client-secret",
               "google-refresh-token", "datadog-app-key", "age-secret-key", "wireguard-private-key",
               "tailscale-auth-key", "ngrok-authtoken", "facebook-app-secret", "plaid-secret",
               "esphome-api-encryption-key", "factorio-token", "steam-web-api-key", "rubygems-api-key",
               "nuget-api-key", "crates-io-token", "pypi-api-token", "fcm-legacy-server-key",
               "discord-bot-token", "telegram-bot-token", "riot-api-key", "launchdarkly-sdk-key",
               "algolia-admin-key", "mailgun-api-key", "gitlab-runner-token", "gitlab-deploy-token",
               "terraform-cloud-token", "dockerhub-pat", "mapbox-secret-token", "npm-access-token"}
_NOT_API = {"wireguard-private-key", "age-secret-key", "esphome-api-encryption-key", "factorio-token"}
for _n, _g, _e, _l in _V:
    _k(_n, "vend", _g, _e, _l, bearer=_n not in _NOT_BEARER, special=_n in _NOT_API)

# structured secrets (special contexts only)
_k("pem-pkcs8-rsa", "pem", _pem_pkcs8, ["PRIVATE_KEY"], "private key", special=True)
_k("pem-rsa-traditional", "pem", _pem_rsa, ["PRIVATE_KEY"], "RSA private key", special=True)
_k("pem-ec-p256", "pem", _pem_ec, ["PRIVATE_KEY"], "EC private key", special=True)
_k("pem-openssh-ed25519", "pem", _pem_openssh, ["SSH_PRIVATE_KEY"], "SSH private key", special=True)
_k("pem-pkcs8-json-escaped", "pem", _pem_json, ["PRIVATE_KEY"], "private key", special=True)
_k("basic-auth-b64", "b64cred", _basic_b64, ["BASIC_AUTH"], "basic auth", special=True)
_k("docker-auth-b64", "b64cred", _basic_b64, ["DOCKER_AUTH"], "registry auth", special=True)
_k("k8s-secret-b64-value", "b64cred", _k8s_b64, ["PASSWORD"], "k8s secret", special=True)
_k("session-cookie-django", "gen", lambda: _rs(32, _LO), ["SESSION_ID"], "session", special=True)
_k("session-cookie-rails", "gen", lambda: _b64(_rbytes(_c([96, 120]))).rstrip("=") + "--" + _rhex(40), ["SESSION_COOKIE"], "session", special=True)
_k("laravel-app-key-b64", "gen", lambda: _b64(_rbytes(32)), ["APP_KEY"], "Laravel APP_KEY", special=True)


def _w_s3(v, x):
    d = x["DATEC"]
    return ("https://%s.s3.%s.amazonaws.com/%s?X-Amz-Algorithm=AWS4-HMAC-SHA256"
            "&X-Amz-Credential=%s%%2F%s%%2F%s%%2Fs3%%2Faws4_request&X-Amz-Date=%sT%sZ"
            "&X-Amz-Expires=%s&X-Amz-SignedHeaders=host&X-Amz-Signature=%s"
            % (x["BUCKET"], x["REGION"], x["OBJ"], x["AKID"], d, x["REGION"], d,
               x["TIMEC"], _c(["900", "3600", "604800"]), v))


def _w_gcs(v, x):
    d = x["DATEC"]
    return ("https://storage.googleapis.com/%s/%s?X-Goog-Algorithm=GOOG4-RSA-SHA256"
            "&X-Goog-Credential=%s%%40%s.iam.gserviceaccount.com%%2F%s%%2Fauto%%2Fstorage%%2Fgoog4_request"
            "&X-Goog-Date=%sT%sZ&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=%s"
            % (x["BUCKET"], x["OBJ"], x["SVC"], x["PROJ"], d, d, x["TIMEC"], v))


def _w_azure(v, x):
    return ("https://%sstore.blob.core.windows.net/%s/%s?sv=2022-11-02&ss=b&srt=o&sp=r"
            "&se=%sT18:00:00Z&st=%sT09:00:00Z&spr=https&sig=%s"
            % (x["RS5"], _c(["exports", "backups", "uploads", "reports"]), x["OBJ"], x["DATE"], x["DATE"], v))


def _w_cf(v, x):
    return ("https://d%s.cloudfront.net/%s?Expires=%s&Signature=%s&Key-Pair-Id=K%s"
            % (_rs(13, _LO), x["OBJ"], x["EPOCH"], v, _rs(13, string.ascii_uppercase + string.digits)))


def _w_slack(v, x):
    return "https://hooks.slack.com/services/T%s/B%s/%s" % (_rs(8, _UP), _rs(10, _UP), v)


def _w_discord(v, x):
    return "https://discord.com/api/webhooks/%s/%s" % (_digits(19), v)


_k("s3-presigned-signature", "sig", lambda: _rhex(64), ["URL"], "presigned URL", special=True, wrap=_w_s3)
_k("gcs-v4-signature", "sig", lambda: _rhex(512), ["URL"], "signed URL", special=True, wrap=_w_gcs)
_k("azure-sas-signature", "sig", _azure_sas_sig, ["URL"], "SAS URL", special=True, wrap=_w_azure)
_k("cloudfront-signature", "sig", _cloudfront_sig, ["URL"], "signed URL", special=True, wrap=_w_cf)
_k("slack-webhook-secret", "sig", lambda: _rs(24), ["SLACK_WEBHOOK_URL"], "Slack webhook", special=True, wrap=_w_slack)
_k("discord-webhook-token", "sig", lambda: _rs(68, _U), ["DISCORD_WEBHOOK_URL"], "Discord webhook", special=True, wrap=_w_discord)


def _expand(spec):
    out = []
    for part in spec.split("+"):
        part = part.strip()
        if part == "pw":
            sel = [k for k in KINDS.values() if k["cat"] == "pw" and not k["special"]]
        elif part == "pwu":
            sel = [k for k in KINDS.values() if k["cat"] == "pw" and k["url"] and not k["special"]]
        elif part == "gen":
            sel = [k for k in KINDS.values() if k["cat"] == "gen" and not k["special"]]
        elif part == "vend":
            sel = [k for k in KINDS.values() if k["cat"] == "vend" and not k["special"]]
        elif part == "bearer":
            sel = [k for k in KINDS.values() if k["bearer"]]
        elif part == "tok":
            sel = [k for k in KINDS.values() if k["cat"] in ("gen", "vend") and not k["special"]]
        elif part == "any":
            sel = [k for k in KINDS.values() if k["cat"] in ("gen", "vend", "pw") and not k["special"]]
        elif part == "github":
            sel = [KINDS[n] for n in ("github-classic-pat", "github-fine-grained-pat", "github-oauth-token", "github-app-installation-token")]
        elif part == "gitlab":
            sel = [KINDS[n] for n in ("gitlab-pat", "gitlab-deploy-token")]
        elif part == "stripe":
            sel = [KINDS[n] for n in ("stripe-live-secret-key", "stripe-test-secret-key", "stripe-restricted-key")]
        elif part == "webhook":
            sel = [KINDS["slack-webhook-secret"], KINDS["discord-webhook-token"]]
        elif part == "signed":
            sel = [KINDS[n] for n in ("s3-presigned-signature", "gcs-v4-signature", "azure-sas-signature", "cloudfront-signature")]
        elif part == "pem":
            sel = [KINDS[n] for n in ("pem-pkcs8-rsa", "pem-rsa-traditional", "pem-ec-p256")]
        else:
            sel = [KINDS[part]]
        for k in sel:
            if k["name"] not in out:
                out.append(k["name"])
    return out

# ---------------------------------------------------------------------------
# fillers for the surrounding text
# ---------------------------------------------------------------------------
_DOMAINS = ["acme-corp.io", "northwind.dev", "kitepay.com", "fernhill.app", "bluefin-labs.net",
            "orbital.systems", "tidewater.co", "quillmate.io", "brightpath.org", "lumenhq.com"]
_FIRST = ["Priya", "Tomasz", "Aiko", "Jonas", "Fatima", "Diego", "Mei", "Olga", "Samir", "Chloe",
          "Kwame", "Lena", "Rafael", "Yuki", "Hannah", "Arjun", "Sofia", "Mikko", "Nadia", "Ben"]
_SVCS = ["orders", "billing", "auth", "gateway", "notifier", "ingest", "search", "checkout",
         "inventory", "reports", "scheduler", "matchmaker", "telemetry", "webhooks", "users"]
_APPS = ["shopfront", "tidy-api", "kite-web", "fernhill-prod", "quill-staging", "orbit-backend",
         "homelab-ha", "pixel-arena", "ledgerly", "trailmix"]


def _ip():
    return _c(["10.%d.%d.%d" % (_R.randint(0, 30), _R.randint(0, 255), _R.randint(2, 254)),
               "192.168.%d.%d" % (_R.choice([0, 1, 10, 178]), _R.randint(2, 254)),
               "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 255), _R.randint(2, 254))])


def _host():
    return (_c(["db", "pg", "mysql", "redis", "api", "internal-api", "rabbit", "es", "mq", "cache", "pgbouncer"])
            + _c(["-prod", "-staging", "-01", "-02", "", "-eu1", "-replica"]) + "."
            + _c(["internal", "svc.cluster.local", _c(_DOMAINS), "lan", "ec2.internal", "corp.local"]))


def _date():
    return "%d-%02d-%02d" % (_c([2023, 2024, 2024, 2025]), _R.randint(1, 12), _R.randint(1, 28))


def _time():
    return "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

_FILL = {
    "USER": lambda: _c(["app", "deploy", "admin", "svc_orders", "postgres", "ci-bot", "grafana", "root",
                        "etl", "analytics_ro", "api_user", "backup", "hass", "minecraft", "jenkins"]),
    "HOST": _host,
    "DB": lambda: _c(["app_production", "orders", "analytics", "shop_dev", "billing", "warehouse",
                      "gamestate", "ledger_prod", "users_staging", "metrics"]),
    "IP": _ip,
    "PORT": lambda: _c(["3000", "8000", "8080", "4000", "5000", "9000", "3001", "8443"]),
    "SHA7": lambda: _rhex(7),
    "SHA40": lambda: _rhex(40),
    "UUID": _uuid,
    "DATE": _date,
    "DATEC": lambda: _date().replace("-", ""),
    "TIME": _time,
    "TIMEC": lambda: _time().replace(":", ""),
    "TS": lambda: _date() + "T" + _time() + "." + _rs(3, string.digits) + "Z",
    "CLF": lambda: "%02d/%s/%d:%s +0000" % (_R.randint(1, 28), _c(_MONTHS), _c([2024, 2025]), _time()),
    "EPOCH": lambda: str(_R.randint(1700000000, 1740000000)),
    "N": lambda: str(_R.randint(2, 9999)),
    "PID": lambda: str(_R.randint(300, 65000)),
    "MS": lambda: _rs(3, string.digits),
    "LINE": lambda: str(_R.randint(3, 480)),
    "NAME": lambda: _c(_FIRST),
    "EMAIL": lambda: _c(_FIRST).lower() + _c([".", "_", ""]) + _c(["ops", "dev", "k", "m", "j"]) + "@" + _c(_DOMAINS),
    "DOMAIN": lambda: _c(_DOMAINS),
    "ORG": lambda: _c(["acme", "northwind", "kitepay", "fernhill", "bluefin", "quillmate", "orbital-eng"]),
    "REPO": lambda: _c(["acme", "northwind", "kitepay", "fernhill", "bluefin"]) + "/" + _c(_SVCS + _APPS),
    "SCRIPT": lambda: _c(["seed.sh", "sync_products.py", "backfill.sh", "smoke-test.sh", "import_users.rb", "run-local.sh"]),
    "RES": lambda: _c(["orders", "customers", "invoices", "events", "reports/daily", "users/me", "projects", "devices", "leaderboard"]),
    "ENVNAME": lambda: _c(["staging", "production", "dev", "qa", "prod-eu", "sandbox"]),
    "SECTION": lambda: _c(["database", "stripe", "mailer", "storage", "auth", "integrations", "payments", "notifications"]),
    "PLAYER": lambda: _c(["Steve_92", "n0ctis", "lunaBuilds", "pixelpete", "Krakatoa"]),
    "SSID": lambda: _c(["Vodafone-7F3A", "HomeNet-5G", "FRITZ!Box 7590 QX", "Office-Guest", "iot-2g", "TP-Link_8C2E"]),
    "BUCKET": lambda: _c(["acme-exports", "kp-prod-uploads", "fernhill-reports", "data-lake-raw", "bluefin-backups", "orbit-static"]),
    "OBJ": lambda: _c(["exports/%s/orders.csv", "reports/%s/summary.pdf", "backups/%s/db.sql.gz", "uploads/%s/avatar.png", "raw/%s/events.parquet"]) % _date(),
    "AKID": lambda: "AKIA" + _rs(16, string.ascii_uppercase + "234567"),
    "ASIAID": lambda: "ASIA" + _rs(16, string.ascii_uppercase + "234567"),
    "RS5": lambda: _rs(5, _LO),
    "RS20L": lambda: _rs(20, _LOW),
    "RS99": lambda: "51" + _rs(97),
    "RS24": lambda: _rs(24),
    "RHEX12": lambda: _rhex(12),
    "PYPKG": lambda: _c(["pipeline", "shopfront", "etl", "ledgerly", "ingest", "core"]),
    "PYMOD": lambda: _c(["pipeline.run", "etl.backfill", "scripts.sync", "app.cli", "jobs.nightly"]),
    "VAULT": lambda: _c(["Engineering", "Platform", "Private", "Infra", "Homelab"]),
    "TICKET": lambda: _c(["OPS", "PLAT", "INC", "SEC", "DEV", "BILL"]) + "-" + str(_R.randint(100, 4999)),
    "CHAN": lambda: _c(["backend", "ops", "alerts-prod", "deploys", "dev-chat", "infra", "homelab"]),
    "IMG": lambda: _c(["ghcr.io/acme/api", "registry.gitlab.com/northwind/web", "kitepay/worker", "node", "python", "postgres", "org/ingest"]),
    "VER": lambda: "%d.%d.%d" % (_R.randint(0, 4), _R.randint(0, 30), _R.randint(0, 20)),
    "REGION": lambda: _c(["us-east-1", "eu-west-1", "eu-central-1", "us-west-2", "ap-southeast-2"]),
    "PROFILE": lambda: _c(["default", "prod", "staging", "personal", "terraform"]),
    "BRANCH": lambda: _c(["main", "develop", "release/2.4", "feat/checkout-v2", "fix/login-loop"]),
    "APP": lambda: _c(_APPS),
    "NS": lambda: _c(["default", "payments", "prod", "staging", "monitoring", "apps"]),
    "SVC": lambda: _c(_SVCS),
    "PROJ": lambda: _c(["acme-prod-3921", "northwind-data", "kitepay-staging", "fernhill-ml", "orbit-412009"]),
    "FILE": lambda: _c(["src/client.ts", "app/services/payments.rb", "internal/api/auth.go", "pipeline/io.py", "lib/config.dart"]),
    "REGISTRY": lambda: _c(["https://index.docker.io/v1/", "ghcr.io", "registry.gitlab.com", "harbor.northwind.dev", "acme.jfrog.io"]),
    "REMOTE": lambda: _c(["s3-backup", "wasabi", "archive", "prod-s3"]),
    "REPOID": lambda: _c(["internal-releases", "nexus", "github", "artifactory"]),
    "GPGSHORT": lambda: _rhex(8).upper(),
    "WGPUB": lambda: _b64(_rbytes(32)),
    "O": lambda: str(_R.randint(0, 200)),
    "SERVERNAME": lambda: _c(["Vikings of Fjord", "Friday Night", "Kraken Crew", "Hearth"]),
    "B64USER": lambda: _b64(_c(["app", "admin", "deploy", "orders_rw"]).encode()),
    "DIG12": lambda: _digits(12),
    "RS32L": lambda: _rs(32, _LO),
    "OTHERENV": lambda: _c(["NODE_ENV=production", "LOG_LEVEL=info", "PORT=8080", "TZ=UTC", "RAILS_ENV=production", "PYTHONUNBUFFERED=1"]),
    "GREPWORD": lambda: _c(["key", "token", "secret", "pass", "auth"]),
    "ACTION": lambda: _c(["actions/checkout@v4", "peter-evans/create-pull-request@v6", "softprops/action-gh-release@v2"]),
    "VHOST": lambda: _c(["prod", "staging", "%2F", "orders"]),
}


class _Ctx(dict):
    def __missing__(self, key):
        if key in _FILL:
            base = key
        elif "__" in key:
            base = key.split("__")[0]
        else:
            base = key.rstrip("0123456789")
        v = _FILL[base]()
        self[key] = v
        return v


_PH = re.compile(r"\{\{([A-Z][A-Z0-9_]*)\}\}")


def _render(tpl, ctx):
    return _PH.sub(lambda m: ctx[m.group(1)], tpl)


_SAFE_SH = re.compile(r"^[A-Za-z0-9_./:=@%+-]+$")
_SAFE_Y = re.compile(r"^[A-Za-z0-9_./=+-][A-Za-z0-9_./:=@+~-]*$")
_SAFE_E = re.compile(r"^[A-Za-z0-9_./:=@+~,-]+$")


def _qs(v):
    if _SAFE_SH.match(v):
        return _c([v, v, "'" + v + "'", '"' + v + '"'])
    if not re.search(r'[$`"\\!]', v):
        return _c(["'" + v + "'", '"' + v + '"'])
    return "'" + v + "'"


def _qy(v):
    if _SAFE_Y.match(v) and not re.match(r"^(true|false|yes|no|null|on|off|[0-9.]+)$", v, re.I):
        return _c([v, v, '"' + v + '"', "'" + v + "'"])
    return _c(['"' + v + '"', "'" + v + "'"])


def _qe(v):
    if _SAFE_E.match(v):
        return _c([v, v, '"' + v + '"'])
    return _c(["'" + v + "'", '"' + v + '"'])


def _camel(key):
    parts = key.split("_")
    return parts[0] + "".join(p.capitalize() for p in parts[1:])


def _mkctx(kind, value):
    x = _Ctx()
    env = _c(kind["env"])
    key = env.lower()
    x["S"] = value
    x["ENV"] = env
    x["KEY"] = key
    x["CAMEL"] = _camel(key)
    x["PASCAL"] = "".join(p.capitalize() for p in key.split("_"))
    x["DOT"] = key.replace("_", ".")
    x["KEBAB"] = key.replace("_", "-")
    x["LABEL"] = kind["label"]
    x["LABELL"] = re.sub(r"[^a-z0-9]+", "_", kind["label"].lower()).strip("_")
    x["QS"] = _qs(value)
    x["QY"] = _qy(value)
    x["QE"] = _qe(value)
    x["W"] = kind["wrap"](value, x) if kind["wrap"] else value
    return x


def _instance(group, fmt, tpl, vis, kind):
    value = kind["gen"]()
    x = _mkctx(kind, value)
    text = _render(tpl, x)
    visible = _render(vis, x) if vis else ""
    if value not in text or visible not in text or (visible and visible in value):
        raise ValueError("bad template " + fmt)
    return (group, fmt, text, value, visible)


_COUNTS = [2, 2, 1, 2, 3, 2, 1, 2, 2, 2, 1, 3, 2]


def _build_group(group, contexts, target, counter):
    pools = []
    for name, tpl, vis, spec in contexts:
        ks = _expand(spec)
        _R.shuffle(ks)
        pools.append([name, tpl, vis, ks])
    out = []
    while len(out) < target:
        progressed = False
        for name, tpl, vis, ks in pools:
            if len(out) >= target:
                break
            if not ks:
                continue
            kname = ks.pop()
            n = min(_COUNTS[counter[0] % len(_COUNTS)], target - len(out))
            counter[0] += 1
            fmt = name + "-" + kname
            for _ in range(n):
                out.append(_instance(group, fmt, tpl, vis, KINDS[kname]))
            progressed = True
        if not progressed:
            raise RuntimeError("context pool exhausted for " + group)
    return out

# ---------------------------------------------------------------------------
# contexts: (name, template, visible, kinds)
# ---------------------------------------------------------------------------
_CMD = [
    ("cmd-export-env", "export {{ENV}}={{QS}}", "export {{ENV}}", "any"),
    ("cmd-export-then-run", "$ export {{ENV}}={{QS}}\n$ npm run dev", "npm run dev", "tok"),
    ("cmd-inline-env-prefix", "{{ENV}}={{QS}} ./scripts/{{SCRIPT}} --env {{ENVNAME}}", "./scripts/{{SCRIPT}}", "any"),
    ("cmd-curl-bearer", 'curl -sS -H "Authorization: Bearer {{S}}" https://api.{{DOMAIN}}/v1/{{RES}} | jq .', "curl -sS", "bearer"),
    ("cmd-curl-api-key-header", "curl -X POST https://{{HOST}}/api/{{RES}} \\\n  -H 'Content-Type: application/json' \\\n  -H 'X-API-Key: {{S}}' \\\n  -d '{\"dry_run\": true}'", "Content-Type", "gen+postman-api-key+algolia-admin-key+datadog-api-key"),
    ("cmd-curl-user-pass", "curl -u {{USER}}:{{S}} 'http://{{IP}}:9200/_cat/indices?v'", "_cat/indices", "pwu"),
    ("cmd-curl-query-token", 'curl "https://{{HOST}}/hooks/deploy?token={{S}}&ref={{BRANCH}}"', "hooks/deploy", "gen"),
    ("cmd-mysql-inline-p", "mysql -h {{HOST}} -u {{USER}} -p{{QS}} {{DB}} < dump.sql", "mysql -h", "pw"),
    ("cmd-pgpassword-psql", "PGPASSWORD={{QS}} psql -h {{HOST}} -U {{USER}} -d {{DB}} -c '\\dt'", "psql -h", "pw"),
    ("cmd-psql-dsn", 'psql "postgresql://{{USER}}:{{S}}@{{HOST}}:5432/{{DB}}?sslmode=require"', "psql", "pwu"),
    ("cmd-mongosh-srv", 'mongosh "mongodb+srv://{{USER}}:{{S}}@cluster0.{{RS5}}.mongodb.net/{{DB}}" --eval "db.stats()"', "mongosh", "pwu"),
    ("cmd-redis-cli-a", "redis-cli -h {{HOST}} -p 6379 -a {{QS}} --no-auth-warning INFO keyspace", "redis-cli", "pw+hex40-token+urlsafe-token"),
    ("cmd-docker-login-p", "docker login -u {{USER}} -p {{QS}} registry.{{DOMAIN}}", "docker login", "pw+dockerhub-pat+gitlab-pat"),
    ("cmd-echo-password-stdin", "echo {{QS}} | docker login ghcr.io -u {{USER}} --password-stdin", "--password-stdin", "github"),
    ("cmd-docker-run-env", "docker run --rm -e {{ENV}}={{QS}} -p {{PORT}}:{{PORT}} {{IMG}}:{{VER}}", "docker run", "any"),
    ("cmd-kubectl-from-literal", "kubectl -n {{NS}} create secret generic {{SVC}}-secrets \\\n  --from-literal={{KEY}}={{QS}}", "create secret generic", "any"),
    ("cmd-git-clone-token", "git clone https://x-access-token:{{S}}@github.com/{{REPO}}.git", "git clone", "github"),
    ("cmd-git-remote-set-url", "git remote set-url origin https://oauth2:{{S}}@gitlab.com/{{REPO}}.git", "git remote set-url", "gitlab"),
    ("cmd-npm-config-authtoken", "npm config set //registry.npmjs.org/:_authToken={{S}}", "npm config set", "npm-access-token"),
    ("cmd-heroku-config-set", "heroku config:set {{ENV}}={{QS}} -a {{APP}}", "heroku config:set", "any"),
    ("cmd-fly-secrets-set", "fly secrets set {{ENV}}={{QS}} --app {{APP}}", "fly secrets set", "any"),
    ("cmd-aws-configure-set", "aws configure set aws_secret_access_key {{S}} --profile {{PROFILE}}", "aws configure set", "aws-secret-access-key"),
    ("cmd-az-login-sp", "az login --service-principal -u {{UUID}} -p {{QS}} --tenant {{UUID2}}", "az login", "azure-client-secret"),
    ("cmd-terraform-var", "terraform apply -var 'db_password={{S}}' -var-file=envs/{{ENVNAME}}.tfvars", "terraform apply", "pw"),
    ("cmd-helm-set", "helm upgrade --install {{SVC}} ./charts/{{SVC}} -n {{NS}} \\\n  --set image.tag={{SHA7}} \\\n  --set secrets.{{CAMEL}}={{QS}}", "helm upgrade", "any"),
    ("cmd-ansible-extra-vars", "ansible-playbook site.yml -i inventory/prod -e 'ansible_become_pass={{S}}' --limit web", "ansible-playbook", "pw"),
    ("cmd-sshpass", "sshpass -p '{{S}}' ssh -o StrictHostKeyChecking=no {{USER}}@{{IP}}", "sshpass", "pw"),
    ("cmd-openssl-pass", "openssl enc -aes-256-cbc -pbkdf2 -salt -in backup.tar -out backup.tar.enc -pass pass:{{QS}}", "openssl enc", "pw"),
    ("cmd-zip-password", "zip -r -P {{QS}} export-{{DATE}}.zip exports/", "zip -r", "pw"),
    ("cmd-htpasswd-b", "sudo htpasswd -b -c /etc/nginx/.htpasswd {{USER}} {{QS}}", "htpasswd", "pw"),
    ("cmd-httpie-auth", "http --auth {{USER}}:{{S}} GET https://{{HOST}}/admin/health", "http --auth", "pwu"),
    ("cmd-django-superuser", "DJANGO_SUPERUSER_PASSWORD={{QS}} python manage.py createsuperuser --noinput --username admin --email {{EMAIL}}", "createsuperuser", "pw"),
    ("cmd-rails-master-key", "RAILS_MASTER_KEY={{S}} bin/rails assets:precompile", "assets:precompile", "rails-master-key"),
    ("cmd-cargo-login", "cargo login {{S}}", "cargo login", "crates-io-token"),
    ("cmd-git-insteadof", 'git config --global url."https://{{S}}@github.com/".insteadOf "https://github.com/"', "insteadOf", "github"),
    ("cmd-docker-build-arg", "docker build --build-arg {{ENV}}={{S}} -t {{IMG}}:{{SHA7}} .", "--build-arg", "tok"),
    ("cmd-mc-alias-set", "mc alias set minio http://{{IP}}:9000 minioadmin {{S}}", "mc alias set", "random-password-alnum+hex-password+aws-secret-access-key"),
    ("cmd-twine-upload", "twine upload -u __token__ -p {{S}} dist/*", "twine upload", "pypi-api-token"),
    ("cmd-psql-alter-user", "psql -U postgres -c \"ALTER USER {{USER}} WITH PASSWORD '{{S}}';\"", "ALTER USER", "pwu"),
    ("cmd-mysql-create-user", "mysql -u root -e \"CREATE USER '{{USER}}'@'%' IDENTIFIED BY '{{S}}'; GRANT SELECT ON {{DB}}.* TO '{{USER}}'@'%';\"", "CREATE USER", "pwu"),
    ("cmd-vault-login", "vault login {{S}}", "vault login", "vault-service-token"),
    ("cmd-vault-kv-put", "vault kv put secret/{{SVC}}/{{ENVNAME}} {{KEY}}={{QS}}", "vault kv put", "any"),
    ("cmd-stripe-listen", "stripe listen --api-key {{S}} --forward-to localhost:{{PORT}}/webhooks/stripe", "stripe listen", "stripe"),
    ("cmd-nmcli-wifi", 'nmcli dev wifi connect "{{SSID}}" password {{QS}}', "nmcli dev wifi", "wifi-passphrase+human-password"),
    ("cmd-mosquitto-pub", "mosquitto_pub -h {{IP}} -u {{USER}} -P {{QS}} -t 'zigbee2mqtt/livingroom_lamp/set' -m '{\"state\":\"ON\"}'", "mosquitto_pub", "pw"),
    ("cmd-rcon-cli", 'rcon-cli --host {{IP}} --port 25575 --password {{QS}} "whitelist add {{PLAYER}}"', "rcon-cli", "pw"),
    ("cmd-keytool-storepass", "keytool -list -v -keystore app/release.jks -alias upload -storepass {{QS}}", "keytool -list", "pw"),
    ("cmd-wget-password", "wget --user={{USER}} --password={{QS}} https://{{HOST}}/backups/{{DATE}}.sql.gz", "wget", "pw"),
    ("cmd-python-inline-key", "{{ENV}}={{S}} python -m {{PYMOD}} --limit 50 --dry-run", "--dry-run", "vend"),
    ("cmd-go-run-dsn", 'go run ./cmd/{{SVC}} --db-dsn "postgres://{{USER}}:{{S}}@localhost:5432/{{DB}}?sslmode=disable"', "go run", "pwu"),
    ("cmd-cargo-run-token", "cargo run --release -- --token {{S}} sync --since {{DATE}}", "cargo run", "tok"),
    ("cmd-ssh-keygen-n", "ssh-keygen -t ed25519 -C deploy@{{SVC}} -N {{QS}} -f ~/.ssh/deploy_{{SVC}}", "ssh-keygen", "pw"),
    ("cmd-gpg-passphrase", "gpg --batch --yes --pinentry-mode loopback --passphrase {{QS}} -d secrets.tar.gpg > secrets.tar", "gpg --batch", "pw"),
    ("cmd-prisma-database-url", 'DATABASE_URL="mysql://{{USER}}:{{S}}@{{HOST}}:3306/{{DB}}" npx prisma migrate deploy', "prisma migrate deploy", "pwu"),
    ("cmd-celery-broker", "celery -A {{PYPKG}} worker -b amqp://{{USER}}:{{S}}@{{HOST}}:5672// -l info", "celery -A", "pwu"),
    ("cmd-curl-basic-header", 'curl -H "Authorization: Basic {{S}}" https://{{HOST}}/api/v2/health', "curl -H", "basic-auth-b64"),
    ("cmd-curl-presigned", 'curl -o report.csv "{{W}}"', "curl -o report.csv", "signed"),
    ("cmd-gh-api-token-header", "gh api -H 'Authorization: token {{S}}' /repos/{{REPO}}/actions/runs --jq '.workflow_runs[0].status'", "gh api", "github"),
    ("cmd-tailscale-up", "sudo tailscale up --authkey={{S}} --advertise-routes=192.168.1.0/24", "tailscale up", "tailscale-auth-key"),
    ("cmd-ngrok-add-authtoken", "ngrok config add-authtoken {{S}}", "ngrok config add-authtoken", "ngrok-authtoken"),
    ("cmd-rclone-inline", "rclone copy ./dumps :s3:{{BUCKET}}/dumps --s3-provider AWS --s3-access-key-id {{AKID}} --s3-secret-access-key {{S}}", "rclone copy", "aws-secret-access-key"),
]

_TOOL = [
    ("out-env-grep", "$ env | grep -i {{GREPWORD}}\n{{ENV}}={{S}}\n{{OTHERENV}}", "env | grep", "any"),
    ("out-printenv", "$ printenv {{ENV}}\n{{S}}", "printenv {{ENV}}", "any"),
    ("out-heroku-config", "$ heroku config -a {{APP}}\n=== {{APP}} Config Vars\nLOG_LEVEL:        info\n{{ENV}}: {{S}}\nWEB_CONCURRENCY:  2", "Config Vars", "tok"),
    ("out-heroku-config-dburl", "$ heroku config:get DATABASE_URL -a {{APP}}\npostgres://u{{RS5}}:{{S}}@ec2-{{O}}-{{O2}}-{{O3}}-{{O4}}.compute-1.amazonaws.com:5432/d{{RS5}}", "config:get DATABASE_URL", "random-password-alnum+hex-password"),
    ("out-kubectl-secret-yaml", "$ kubectl get secret {{SVC}}-env -n {{NS}} -o yaml\napiVersion: v1\ndata:\n  {{KEY}}: {{S}}\nkind: Secret\nmetadata:\n  name: {{SVC}}-env\n  namespace: {{NS}}\ntype: Opaque", "kubectl get secret", "k8s-secret-b64-value"),
    ("out-kubectl-jsonpath-decode", "$ kubectl get secret {{SVC}}-db -o jsonpath='{.data.password}' | base64 -d\n{{S}}", "base64 -d", "pw"),
    ("out-docker-inspect-env", '$ docker inspect {{SVC}} --format \'{{json .Config.Env}}\' | jq .\n[\n  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",\n  "{{ENV}}={{S}}",\n  "NODE_VERSION=20.11.1"\n]', "docker inspect", "any"),
    ("out-cat-aws-credentials", "$ cat ~/.aws/credentials\n[{{PROFILE}}]\naws_access_key_id = {{AKID}}\naws_secret_access_key = {{S}}\nregion = {{REGION}}", "cat ~/.aws/credentials", "aws-secret-access-key"),
    ("out-terraform-output-json", '$ terraform output -json\n{\n  "{{KEY}}": {\n    "sensitive": true,\n    "type": "string",\n    "value": "{{S}}"\n  }\n}', "terraform output -json", "any"),
    ("out-vault-kv-get", "$ vault kv get -mount=secret {{SVC}}/{{ENVNAME}}\n====== Data ======\nKey         Value\n---         -----\n{{KEY}}    {{S}}\nusername    {{USER}}", "vault kv get", "any"),
    ("out-vault-token-create", "$ vault token create -policy={{SVC}}-read -ttl=768h\nKey                  Value\n---                  -----\ntoken                {{S}}\ntoken_duration       768h\ntoken_renewable      true\ntoken_policies       [\"default\" \"{{SVC}}-read\"]", "token_policies", "vault-service-token"),
    ("out-gh-auth-token", "$ gh auth token\n{{S}}", "gh auth token", "github-oauth-token"),
    ("out-npm-token-create", "$ npm token create --read-only\n+----------------+------------------------------------------+\n| token          | {{S}} |\n| readonly       | true                                     |\n| created        | {{TS}}                                   |\n+----------------+------------------------------------------+", "npm token create", "npm-access-token"),
    ("out-gcloud-access-token", "$ gcloud auth print-access-token\n{{S}}", "print-access-token", "gcp-oauth-access-token"),
    ("out-sts-session-json", '$ aws sts get-session-token --duration-seconds 3600 | jq \'.Credentials | del(.SessionToken)\'\n{\n  "AccessKeyId": "{{ASIAID}}",\n  "SecretAccessKey": "{{S}}",\n  "Expiration": "{{TS}}"\n}', "get-session-token", "aws-secret-access-key"),
    ("out-az-sp-create", '$ az ad sp create-for-rbac --name {{SVC}}-ci --role Contributor\n{\n  "appId": "{{UUID}}",\n  "displayName": "{{SVC}}-ci",\n  "password": "{{S}}",\n  "tenant": "{{UUID2}}"\n}', "create-for-rbac", "azure-client-secret"),
    ("out-git-remote-v", "$ git remote -v\norigin\thttps://{{USER}}:{{S}}@github.com/{{REPO}}.git (fetch)\norigin\thttps://{{USER}}:{{S}}@github.com/{{REPO}}.git (push)", "git remote -v", "github"),
    ("out-git-config-list", "$ git config --list --show-origin | grep url\nfile:.git/config\tremote.origin.url=https://oauth2:{{S}}@gitlab.{{DOMAIN}}/{{REPO}}.git", "git config --list", "gitlab"),
    ("out-pip-config-list", "$ pip config list\nglobal.extra-index-url='https://{{USER}}:{{S}}@gitlab.com/api/v4/projects/{{N}}/packages/pypi/simple'\nglobal.timeout='60'", "pip config list", "gitlab-deploy-token+gitlab-pat"),
    ("out-compose-config", "$ docker compose config\nservices:\n  api:\n    environment:\n      {{ENV}}: {{QY}}\n      LOG_LEVEL: debug\n    image: {{IMG}}:latest", "docker compose config", "any"),
    ("out-helm-get-values", "$ helm get values {{SVC}} -n {{NS}}\nUSER-SUPPLIED VALUES:\n{{SECTION}}:\n  {{CAMEL}}: {{QY}}\nreplicaCount: 2", "helm get values", "any"),
    ("out-cat-dotenv", "$ cat .env\nNODE_ENV=development\nPORT={{PORT}}\n{{ENV}}={{QE}}\nLOG_LEVEL=debug", "cat .env", "any"),
    ("out-grep-rn-password", "$ grep -rn password config/\nconfig/{{ENVNAME}}.yml:{{LINE}}:  password: {{QY}}\nconfig/test.yml:{{LINE2}}:  password: <%= ENV['DB_PASSWORD'] %>", "grep -rn password", "pw"),
    ("out-rg-hidden", "$ rg -n '{{CAMEL}}' --hidden\nsrc/config/local.ts\n{{LINE}}:  {{CAMEL}}: '{{S}}',", "src/config/local.ts", "tok"),
    ("out-ps-aux-cmdline", "$ ps aux | grep [j]ava\n{{USER}}  {{PID}}  2.1  8.4 4120344 689120 ?  Ssl  09:12  3:41 java -jar /opt/{{SVC}}/app.jar --spring.datasource.password={{S}}", "ps aux", "pw"),
    ("out-history-grep", "$ history | grep curl\n  {{N}}  curl -H \"Authorization: token {{S}}\" https://api.github.com/user\n  {{N2}}  history | grep curl", "history | grep curl", "github"),
    ("out-systemctl-show-env", "$ systemctl show {{SVC}}.service -p Environment\nEnvironment=NODE_ENV=production {{ENV}}={{S}} PORT={{PORT}}", "systemctl show", "tok"),
    ("out-kubectl-describe-env", "$ kubectl describe pod {{SVC}}-{{RS5}} -n {{NS}} | sed -n '/Environment/,/Mounts/p'\n    Environment:\n      LOG_LEVEL:  info\n      {{ENV}}:    {{S}}\n      DB_HOST:    {{HOST}}\n    Mounts:", "kubectl describe pod", "any"),
    ("out-cat-ssh-key", "$ cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n{{S}}\n-----END OPENSSH PRIVATE KEY-----", "cat ~/.ssh/id_ed25519", "pem-openssh-ed25519"),
    ("out-openssl-genpkey", "$ openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048\n-----BEGIN PRIVATE KEY-----\n{{S}}\n-----END PRIVATE KEY-----", "openssl genpkey", "pem-pkcs8-rsa"),
    ("out-openssl-ecparam", "$ openssl ecparam -name prime256v1 -genkey -noout\n-----BEGIN EC PRIVATE KEY-----\n{{S}}\n-----END EC PRIVATE KEY-----", "openssl ecparam", "pem-ec-p256"),
    ("out-cat-wg0-conf", "$ sudo cat /etc/wireguard/wg0.conf\n[Interface]\nAddress = 10.8.0.1/24\nListenPort = 51820\nPrivateKey = {{S}}\n\n[Peer]\nPublicKey = {{WGPUB}}\nAllowedIPs = 10.8.0.2/32", "/etc/wireguard/wg0.conf", "wireguard-private-key"),
    ("out-age-keygen", "$ age-keygen\n# created: {{TS}}\n# public key: age1{{RS20L}}{{RS20L2}}{{RS5}}\n{{S}}", "age-keygen", "age-secret-key"),
    ("out-firebase-login-ci", "$ firebase login:ci\n\n✔  Success! Use this token to login on a CI server:\n\n{{S}}\n\nExample: firebase deploy --token \"$FIREBASE_TOKEN\"", "firebase login:ci", "google-refresh-token"),
    ("out-rails-credentials-show", "$ bin/rails credentials:show\nsecret_key_base: {{S}}\nactive_record_encryption:\n  primary_key: <see 1Password>", "credentials:show", "rails-secret-key-base"),
    ("out-artisan-key-show", "$ php artisan key:generate --show\nbase64:{{S}}", "key:generate", "laravel-app-key-b64"),
    ("out-python-token-urlsafe", "$ python3 -c 'import secrets; print(secrets.token_urlsafe(32))'\n{{S}}", "secrets.token_urlsafe", "urlsafe-token"),
    ("out-openssl-rand", "$ openssl rand -hex 32\n{{S}}", "openssl rand -hex 32", "hex64-signing-secret"),
    ("out-openssl-rand-b64", "$ openssl rand -base64 32\n{{S}}", "openssl rand -base64 32", "base64-256bit-key"),
    ("out-psql-select-keys", "{{DB}}=> SELECT id, name, api_key FROM integrations WHERE id = {{N}};\n  id  |  name   | api_key\n------+---------+---------\n {{N}} | {{LABEL}} | {{S}}\n(1 row)", "SELECT id, name, api_key", "vend"),
    ("out-redis-config-get", "127.0.0.1:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"{{S}}\"", "CONFIG GET requirepass", "pw+hex40-token"),
    ("out-sops-decrypt", "$ sops -d secrets/{{ENVNAME}}.enc.yaml\n{{KEY}}: {{QY}}\nlog_level: info", "sops -d", "any"),
    ("out-ansible-vault-view", "$ ansible-vault view group_vars/prod/vault.yml\nvault_{{KEY}}: {{QY}}\nvault_smtp_user: {{EMAIL}}", "ansible-vault view", "any"),
    ("out-pass-show", "$ pass show work/{{SVC}}/{{ENVNAME}}\n{{S}}\nusername: {{USER}}\nurl: https://{{HOST}}", "pass show", "pw"),
    ("out-security-find-password", "$ security find-generic-password -s '{{SVC}}-{{ENVNAME}}' -w\n{{S}}", "find-generic-password", "pw+tok"),
    ("out-heroku-auth-token", "$ heroku auth:token\n ›   Warning: token will expire {{DATE}}\n ›   Use heroku authorizations:create to generate a long-term token\n{{S}}", "heroku auth:token", "heroku-api-key"),
    ("out-op-read", "$ op read \"op://{{VAULT}}/{{SVC}}/credential\"\n{{S}}", "op read", "any"),
    ("out-jq-credentials", "$ jq .credentials ~/.config/{{APP}}/config.json\n{\n  \"{{CAMEL}}\": \"{{S}}\",\n  \"expires\": null\n}", "jq .credentials", "tok"),
    ("out-docker-exec-env", "$ docker exec {{SVC}}-db-1 env\nHOSTNAME={{RHEX12}}\nPOSTGRES_PASSWORD={{S}}\nPOSTGRES_USER={{USER}}\nPGDATA=/var/lib/postgresql/data", "docker exec", "pw"),
    ("out-terraform-state-show", "$ terraform state show aws_db_instance.main\n# aws_db_instance.main:\nresource \"aws_db_instance\" \"main\" {\n    engine     = \"postgres\"\n    password   = \"{{S}}\"\n    username   = \"{{USER}}\"\n}", "terraform state show", "pw"),
    ("out-aws-presign", "$ aws s3 presign s3://{{BUCKET}}/{{OBJ}} --expires-in 3600\n{{W}}", "aws s3 presign", "s3-presigned-signature"),
    ("out-gsutil-signurl", "$ gsutil signurl -d 15m sa.json gs://{{BUCKET}}/{{OBJ}}\nURL\tHTTP Method\tExpiration\tSigned URL\ngs://{{BUCKET}}/{{OBJ}}\tGET\t{{DATE}} {{TIME}}\t{{W}}", "gsutil signurl", "gcs-v4-signature"),
    ("out-az-generate-sas", "$ az storage blob generate-sas --full-uri --permissions r --expiry {{DATE}}T18:00Z ...\n\"{{W}}\"", "generate-sas", "azure-sas-signature"),
    ("out-netlify-env-list", "$ netlify env:list --plain\n{{ENV}}={{S}}\nNODE_VERSION=20", "netlify env:list", "tok"),
    ("out-tailscale-authkey-api", '$ curl -s ... /api/v2/tailnet/-/keys | jq \'.\'\n{\n  "id": "k{{RS5}}CNTRL",\n  "key": "{{S}}",\n  "expires": "{{TS}}"\n}', "tailnet", "tailscale-auth-key"),
    ("out-mysql-select-users", "mysql> SELECT user, api_secret FROM app_users WHERE role='svc';\n+-----------+----------------------+\n| user      | api_secret           |\n+-----------+----------------------+\n| {{USER}} | {{S}} |\n+-----------+----------------------+", "app_users", "gen"),
]

_CFG = [
    ("cfg-dotenv-line", "# .env\nAPP_ENV=local\nAPP_URL=http://localhost:{{PORT}}\n{{ENV}}={{QE}}\nLOG_CHANNEL=stack", "APP_URL", "any"),
    ("cfg-dotenv-export-style", "# .envrc (direnv)\nexport NODE_ENV=development\nexport {{ENV}}={{QE}}\nlayout node", "layout node", "any"),
    ("cfg-dotenv-database-url", "DATABASE_URL=postgres://{{USER}}:{{S}}@{{HOST}}:5432/{{DB}}\nREDIS_URL=redis://{{HOST2}}:6379/0", "REDIS_URL", "pwu"),
    ("cfg-compose-env-map", "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: {{USER}}\n      POSTGRES_PASSWORD: {{QY}}\n      POSTGRES_DB: {{DB}}\n    ports:\n      - \"5432:5432\"", "POSTGRES_DB", "pw"),
    ("cfg-compose-env-list", "  api:\n    build: .\n    environment:\n      - NODE_ENV=development\n      - {{ENV}}={{S}}\n    depends_on:\n      - db", "depends_on", "tok"),
    ("cfg-k8s-secret-stringdata", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: {{SVC}}-credentials\n  namespace: {{NS}}\ntype: Opaque\nstringData:\n  {{KEY}}: {{QY}}", "stringData", "any"),
    ("cfg-k8s-secret-data-b64", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: {{SVC}}-db\ntype: Opaque\ndata:\n  username: {{B64USER}}\n  password: {{S}}", "kind: Secret", "k8s-secret-b64-value"),
    ("cfg-spring-properties", "spring.datasource.url=jdbc:postgresql://{{HOST}}:5432/{{DB}}\nspring.datasource.username={{USER}}\nspring.datasource.password={{S}}\nspring.jpa.hibernate.ddl-auto=validate", "spring.datasource.username", "pw"),
    ("cfg-spring-mail-yml", "spring:\n  mail:\n    host: smtp.gmail.com\n    port: 587\n    username: {{EMAIL}}\n    password: {{QY}}\n    properties.mail.smtp.starttls.enable: true", "smtp.gmail.com", "gmail-app-password+human-password"),
    ("cfg-rails-database-yml", "production:\n  <<: *default\n  database: {{DB}}\n  username: {{USER}}\n  password: {{QY}}\n  host: {{HOST}}", "production:", "pw"),
    ("cfg-django-local-settings", "# local_settings.py\nEMAIL_HOST = 'smtp.gmail.com'\nEMAIL_HOST_USER = '{{EMAIL}}'\nEMAIL_HOST_PASSWORD = '{{S}}'", "EMAIL_HOST_USER", "gmail-app-password+pw"),
    ("cfg-npmrc-github-packages", "@{{ORG}}:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken={{S}}\nalways-auth=true", "npm.pkg.github.com", "github"),
    ("cfg-npmrc-npmjs", "registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={{S}}", "registry.npmjs.org", "npm-access-token"),
    ("cfg-pypirc", "[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\npassword = {{S}}", "index-servers", "pypi-api-token"),
    ("cfg-pip-conf-index-url", "[global]\nindex-url = https://{{USER}}:{{S}}@{{ORG}}.jfrog.io/artifactory/api/pypi/pypi-virtual/simple\ntimeout = 60", "[global]", "jfrog-api-key+random-password-alnum"),
    ("cfg-docker-config-json", '{\n  "auths": {\n    "{{REGISTRY}}": {\n      "auth": "{{S}}"\n    }\n  },\n  "credsStore": ""\n}', "auths", "docker-auth-b64"),
    ("cfg-aws-credentials", "[{{PROFILE}}]\naws_access_key_id = {{AKID}}\naws_secret_access_key = {{S}}", "aws_access_key_id", "aws-secret-access-key"),
    ("cfg-netrc", "machine {{HOST}}\n  login {{USER}}\n  password {{S}}", "machine", "pw+github-classic-pat+heroku-api-key"),
    ("cfg-git-credentials", "https://{{USER}}:{{S}}@github.com", "github.com", "github"),
    ("cfg-tfvars", 'region        = "{{REGION}}"\ninstance_type = "t3.small"\n{{KEY}} = "{{S}}"', "instance_type", "any"),
    ("cfg-terraform-provider-token", 'provider "{{LABELL}}" {\n  api_token = "{{S}}"\n}', "provider", "cloudflare-api-token+digitalocean-token+terraform-cloud-token"),
    ("cfg-terraform-provider-datadog", 'provider "datadog" {\n  api_key = "{{S}}"\n  app_key = var.datadog_app_key\n  api_url = "https://api.datadoghq.eu/"\n}', "var.datadog_app_key", "datadog-api-key"),
    ("cfg-helm-values", "image:\n  repository: {{IMG}}\n  tag: \"{{VER}}\"\n{{SECTION}}:\n  {{CAMEL}}: {{QY}}\n  existingSecret: \"\"", "existingSecret", "any"),
    ("cfg-ansible-group-vars", "---\n{{KEY}}: {{QY}}\nntp_servers:\n  - 0.pool.ntp.org", "ntp_servers", "any"),
    ("cfg-gradle-properties-maven", "org.gradle.jvmargs=-Xmx4g\nmavenUser={{USER}}\nmavenPassword={{S}}", "mavenUser", "pw+jfrog-api-key"),
    ("cfg-android-keystore-properties", "storePassword={{S}}\nkeyPassword={{S}}\nkeyAlias=upload\nstoreFile=../keys/upload.jks", "keyAlias", "pw"),
    ("cfg-android-secrets-properties", "sdk.dir=/Users/{{USER}}/Library/Android/sdk\n{{ENV}}={{S}}", "sdk.dir", "sentry-auth-token+revenuecat-key"),
    ("cfg-ios-xcconfig", "// Secrets.xcconfig\nAPI_BASE_URL = https:/$()/api.{{DOMAIN}}\n{{ENV}} = {{S}}", "API_BASE_URL", "tok"),
    ("cfg-appsettings-connstr", '  "ConnectionStrings": {\n    "Default": "Server={{HOST}};Database={{DB}};User Id={{USER}};Password={{S}};TrustServerCertificate=True"\n  },', "ConnectionStrings", "pw"),
    ("cfg-web-config-appsettings", '<appSettings>\n    <add key="Environment" value="Production" />\n    <add key="{{PASCAL}}" value="{{S}}" />\n  </appSettings>', "appSettings", "tok"),
    ("cfg-wp-config", "define( 'DB_NAME', '{{DB}}' );\ndefine( 'DB_USER', '{{USER}}' );\ndefine( 'DB_PASSWORD', '{{S}}' );\ndefine( 'DB_HOST', 'localhost' );", "DB_NAME", "pw"),
    ("cfg-wp-config-salt", "define( 'AUTH_KEY',         '{{S}}' );\ndefine( 'SECURE_AUTH_KEY',  'put your unique phrase here' );", "AUTH_KEY", "django-secret-key+base64-512bit-secret"),
    ("cfg-config-toml", "[server]\nport = {{PORT}}\n\n[{{SECTION}}]\n{{KEY}} = \"{{S}}\"", "[server]", "any"),
    ("cfg-cargo-credentials", "# ~/.cargo/credentials.toml\n[registry]\ntoken = \"{{S}}\"", "[registry]", "crates-io-token"),
    ("cfg-nginx-proxy-basic", "location /upstream/ {\n    proxy_pass https://{{HOST}};\n    proxy_set_header Authorization \"Basic {{S}}\";\n}", "proxy_set_header", "basic-auth-b64"),
    ("cfg-redis-conf", "bind 0.0.0.0\nport 6379\nrequirepass {{S}}\nmaxmemory 256mb", "requirepass", "pwu+hex40-token"),
    ("cfg-pgbouncer-userlist", "; userlist.txt\n\"{{USER}}\" \"{{S}}\"", "userlist.txt", "pw"),
    ("cfg-ha-secrets-yaml", "# secrets.yaml\nwifi_ssid: \"{{SSID}}\"\n{{KEY}}: {{QY}}\nlatitude_home: 52.3702", "wifi_ssid", "pw+wifi-passphrase+home-assistant-token"),
    ("cfg-esphome-wifi", "wifi:\n  ssid: \"{{SSID}}\"\n  password: {{QY}}\n\napi:\n  encryption:\n    key: !secret api_key", "ssid", "wifi-passphrase"),
    ("cfg-esphome-api-key", "esphome:\n  name: garage-door\n\napi:\n  encryption:\n    key: \"{{S}}\"", "encryption", "esphome-api-encryption-key"),
    ("cfg-wpa-supplicant", "network={\n    ssid=\"{{SSID}}\"\n    psk=\"{{S}}\"\n    key_mgmt=WPA-PSK\n}", "key_mgmt", "wifi-passphrase+human-password"),
    ("cfg-minecraft-server-properties", "enable-rcon=true\nrcon.port=25575\nrcon.password={{S}}\nmotd=A Minecraft Server", "rcon.port", "pw"),
    ("cfg-factorio-server-settings", '  "visibility": {"public": true, "lan": true},\n  "username": "{{USER}}",\n  "token": "{{S}}",\n  "game_password": "",', "visibility", "factorio-token"),
    ("cfg-rclone-conf", "[{{REMOTE}}]\ntype = s3\nprovider = AWS\naccess_key_id = {{AKID}}\nsecret_access_key = {{S}}\nregion = {{REGION}}", "provider = AWS", "aws-secret-access-key"),
    ("cfg-s3cfg", "[default]\naccess_key = {{AKID}}\nsecret_key = {{S}}\nhost_base = s3.amazonaws.com", "host_base", "aws-secret-access-key"),
    ("cfg-prometheus-basic-auth", "  - job_name: '{{SVC}}'\n    basic_auth:\n      username: {{USER}}\n      password: {{QY}}\n    static_configs:\n      - targets: ['{{IP}}:9100']", "basic_auth", "pw"),
    ("cfg-grafana-ini", "[security]\nadmin_user = admin\nadmin_password = {{S}}\ndisable_gravatar = true", "admin_user", "pw"),
    ("cfg-alertmanager-slack", "receivers:\n  - name: oncall\n    slack_configs:\n      - api_url: '{{W}}'\n        channel: '#{{CHAN}}'", "slack_configs", "slack-webhook-secret"),
    ("cfg-node-config-json", '{\n  "port": {{PORT}},\n  "{{CAMEL}}": "{{S}}",\n  "cors": ["http://localhost:3000"]\n}', "cors", "any"),
    ("cfg-yarnrc-yml", 'npmScopes:\n  {{ORG}}:\n    npmRegistryServer: "https://npm.pkg.github.com"\n    npmAuthToken: "{{S}}"', "npmScopes", "github"),
    ("cfg-composer-auth-json", '{\n    "github-oauth": {\n        "github.com": "{{S}}"\n    }\n}', "github-oauth", "github"),
    ("cfg-bundle-config", '---\nBUNDLE_GEMS__CONTRIBSYS__COM: "{{RHEX8}}:{{S}}"\nBUNDLE_PATH: "vendor/bundle"', "BUNDLE_PATH", "hex-password"),
    ("cfg-systemd-unit-env", "[Service]\nUser={{SVC}}\nEnvironment=\"{{ENV}}={{S}}\"\nExecStart=/usr/local/bin/{{SVC}} serve", "ExecStart", "any"),
    ("cfg-pgpass", "# ~/.pgpass\n{{HOST}}:5432:{{DB}}:{{USER}}:{{S}}", "~/.pgpass", "pw"),
    ("cfg-my-cnf", "[client]\nuser={{USER}}\npassword=\"{{S}}\"\nhost={{HOST}}", "[client]", "pw"),
    ("cfg-gcp-service-account", '{\n  "type": "service_account",\n  "project_id": "{{PROJ}}",\n  "private_key_id": "{{SHA40}}",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n{{S}}\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "{{SVC}}@{{PROJ}}.iam.gserviceaccount.com"\n}', "service_account", "pem-pkcs8-json-escaped"),
    ("cfg-google-oauth-client", '{"web":{"client_id":"{{DIG12}}-{{RS32L}}.apps.googleusercontent.com","project_id":"{{PROJ}}","client_secret":"{{S}}","redirect_uris":["http://localhost:8000/oauth/callback"]}}', "client_id", "google-oauth-client-secret"),
    ("cfg-pem-file", "-----BEGIN RSA PRIVATE KEY-----\n{{S}}\n-----END RSA PRIVATE KEY-----", "BEGIN RSA PRIVATE KEY", "pem-rsa-traditional"),
    ("cfg-jwt-private-pem", "# config/jwt/private.pem\n-----BEGIN PRIVATE KEY-----\n{{S}}\n-----END PRIVATE KEY-----", "config/jwt/private.pem", "pem-pkcs8-rsa"),
    ("cfg-ec-private-pem", "# certs/apns-signing.pem\n-----BEGIN EC PRIVATE KEY-----\n{{S}}\n-----END EC PRIVATE KEY-----", "certs/apns-signing.pem", "pem-ec-p256"),
    ("cfg-wireguard-conf", "[Interface]\nAddress = 10.{{O}}.0.2/32\nPrivateKey = {{S}}\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = {{WGPUB}}\nEndpoint = {{IP}}:51820", "Endpoint", "wireguard-private-key"),
    ("cfg-flyway-conf", "flyway.url=jdbc:postgresql://{{HOST}}:5432/{{DB}}\nflyway.user={{USER}}\nflyway.password={{S}}", "flyway.url", "pw"),
    ("cfg-maven-settings-server", "<server>\n  <id>{{REPOID}}</id>\n  <username>{{USER}}</username>\n  <password>{{S}}</password>\n</server>", "<server>", "pw+jfrog-api-key+github-classic-pat"),
    ("cfg-nuget-config", '<packageSourceCredentials>\n  <github>\n    <add key="Username" value="{{USER}}" />\n    <add key="ClearTextPassword" value="{{S}}" />\n  </github>\n</packageSourceCredentials>', "packageSourceCredentials", "github"),
    ("cfg-pulumi-config-plain", "config:\n  aws:region: {{REGION}}\n  {{SVC}}:{{CAMEL}}: {{QY}}", "aws:region", "any"),
    ("cfg-serverless-yml", "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    {{ENV}}: {{QY}}", "runtime: nodejs20.x", "any"),
    ("cfg-gae-app-yaml", "runtime: python312\nenv_variables:\n  {{ENV}}: \"{{S}}\"", "env_variables", "tok"),
    ("cfg-fly-toml-env", "app = \"{{APP}}\"\n\n[env]\n  PORT = \"8080\"\n  {{ENV}} = \"{{S}}\"", "[env]", "any"),
    ("cfg-supervisord", "[program:{{SVC}}]\ncommand=/srv/{{SVC}}/venv/bin/gunicorn app:app\nenvironment={{ENV}}=\"{{S}}\",PYTHONUNBUFFERED=\"1\"", "[program:{{SVC}}]", "tok"),
    ("cfg-mosquitto-bridge", "connection bridge-cloud\naddress {{HOST}}:8883\nremote_username {{USER}}\nremote_password {{S}}", "remote_username", "pwu"),
    ("cfg-openvpn-auth-txt", "# /etc/openvpn/client/auth.txt\n{{USER}}\n{{S}}", "auth.txt", "pw"),
    ("cfg-sssd-ldap", "[domain/corp.local]\nldap_uri = ldaps://dc01.corp.local\nldap_default_bind_dn = cn=svc-sssd,ou=services,dc=corp,dc=local\nldap_default_authtok = {{S}}", "ldap_default_bind_dn", "pw"),
    ("cfg-sentry-properties", "defaults.org={{ORG}}\ndefaults.project={{APP}}\nauth.token={{S}}", "defaults.org", "sentry-auth-token"),
    ("cfg-vscode-launch-env", '      "env": {\n        "NODE_ENV": "development",\n        "{{ENV}}": "{{S}}"\n      },', "NODE_ENV", "tok"),
    ("cfg-hibernate-cfg-xml", '<property name="hibernate.connection.username">{{USER}}</property>\n<property name="hibernate.connection.password">{{S}}</property>', "hibernate.connection.username", "pw"),
    ("cfg-liquibase-properties", "url: jdbc:mysql://{{HOST}}:3306/{{DB}}\nusername: {{USER}}\npassword: {{S}}\nchangeLogFile: db/changelog/db.changelog-master.yaml", "changeLogFile", "pw"),
    ("cfg-dotenv-stripe-pair", "STRIPE_PUBLISHABLE_KEY=pk_live_{{RS99}}\nSTRIPE_SECRET_KEY={{S}}", "STRIPE_PUBLISHABLE_KEY", "stripe-live-secret-key+stripe-restricted-key"),
    ("cfg-supabase-env", "NEXT_PUBLIC_SUPABASE_URL=https://{{RS20L}}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY={{S}}", "NEXT_PUBLIC_SUPABASE_URL", "supabase-service-role-key"),
    ("cfg-firebase-runtimeconfig", '{\n  "{{LABELL}}": {\n    "key": "{{S}}"\n  }\n}', "", "vend"),
    ("cfg-ini-generic", "[{{SECTION}}]\nendpoint = https://api.{{DOMAIN}}\n{{KEY}} = {{S}}", "endpoint", "any"),
    ("cfg-mongo-uri-yaml", "mongodb:\n  uri: mongodb+srv://{{USER}}:{{S}}@cluster0.{{RS5}}.mongodb.net/{{DB}}?retryWrites=true&w=majority", "retryWrites", "pwu"),
    ("cfg-kibana-yml", "server.host: \"0.0.0.0\"\nelasticsearch.hosts: [\"https://{{HOST}}:9200\"]\nelasticsearch.username: kibana_system\nelasticsearch.password: {{QY}}", "kibana_system", "pw"),
    ("cfg-gradle-signing", "signing.keyId={{GPGSHORT}}\nsigning.password={{S}}\nsigning.secretKeyRingFile=/home/{{USER}}/.gnupg/secring.gpg", "signing.keyId", "pw"),
    ("cfg-valheim-start-script", "#!/bin/bash\n# start_server.sh\nexport SteamAppId=892970\n./valheim_server.x86_64 -name \"{{SERVERNAME}}\" -port 2456 -world \"Dedicated\" -password \"{{S}}\" -public 0", "valheim_server.x86_64", "pwu"),
    ("cfg-laravel-env-app-key", "APP_NAME={{APP}}\nAPP_ENV=production\nAPP_KEY=base64:{{S}}\nAPP_DEBUG=false", "APP_ENV", "laravel-app-key-b64"),
    ("cfg-rails-credentials-plain", "# config/credentials/{{ENVNAME}}.yml (decrypted copy, do not commit)\n{{SECTION}}:\n  {{KEY}}: {{S}}", "config/credentials", "tok"),
    ("cfg-nginx-scrape-token", "# nginx site\nlocation /metrics {\n    auth_basic off;\n    proxy_set_header X-Scrape-Token {{S}};\n}", "auth_basic off", "gen"),
    ("cfg-openhab-mqtt-things", "Bridge mqtt:broker:home [ host=\"{{IP}}\", port=1883, username=\"{{USER}}\", password=\"{{S}}\" ]", "mqtt:broker:home", "pw"),
]

_CFG_KIND_EXTRA = [("revenuecat-key", lambda: "sk_" + _rs(32), ["REVENUECAT_SECRET_KEY"], "RevenueCat")]
for _n, _g, _e, _l in _CFG_KIND_EXTRA:
    _k(_n, "vend", _g, _e, _l)
_FILL["S2X"] = lambda: "glpat-" + _rs(20, _U)
_FILL["RHEX8"] = lambda: _rhex(8)

_SRC = [
    ("py-module-const", 'import requests\n\n{{ENV}} = "{{S}}"\nBASE_URL = "https://api.{{DOMAIN}}/v2"', "BASE_URL", "tok"),
    ("py-requests-bearer", 'resp = requests.get(\n    f"{BASE_URL}/{{RES}}",\n    headers={"Authorization": "Bearer {{S}}"},\n    timeout=10,\n)', "requests.get", "bearer"),
    ("py-boto3-client", 's3 = boto3.client(\n    "s3",\n    aws_access_key_id="{{AKID}}",\n    aws_secret_access_key="{{S}}",\n    region_name="{{REGION}}",\n)', "boto3.client", "aws-secret-access-key"),
    ("py-psycopg2-connect", 'conn = psycopg2.connect(host="{{HOST}}", dbname="{{DB}}", user="{{USER}}", password="{{S}}")', "psycopg2.connect", "pw"),
    ("py-environ-get-default", '{{ENV}} = os.environ.get("{{ENV}}", "{{S}}")', "os.environ.get", "tok"),
    ("py-django-secret-key", "# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = '{{S}}'\n\n# SECURITY WARNING: don't run with debug turned on in production!\nDEBUG = False", "DEBUG = False", "django-secret-key"),
    ("py-django-databases", "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': '{{DB}}',\n        'USER': '{{USER}}',\n        'PASSWORD': '{{S}}',\n        'HOST': '{{HOST}}',\n        'PORT': '5432',\n    }\n}", "django.db.backends.postgresql", "pw"),
    ("py-stripe-api-key", "import stripe\n\nstripe.api_key = \"{{S}}\"\nstripe.max_network_retries = 2", "stripe.api_key", "stripe"),
    ("py-llm-client", "client = {{LABEL}}(api_key=\"{{S}}\")", "api_key=", "openai-project-key+anthropic-api-key+groq-api-key+mistral-api-key+cohere-api-key"),
    ("py-sqlalchemy-url", 'engine = create_engine(\n    "postgresql+psycopg2://{{USER}}:{{S}}@{{HOST}}/{{DB}}",\n    pool_pre_ping=True,\n)', "create_engine", "pwu"),
    ("py-celery-broker", "app = Celery('{{PYPKG}}', broker='amqp://{{USER}}:{{S}}@{{HOST}}:5672/{{VHOST}}')", "Celery(", "pwu"),
    ("py-dataclass-default", "@dataclass\nclass Settings:\n    api_url: str = \"https://{{HOST}}\"\n    {{KEY}}: str = \"{{S}}\"\n    timeout: float = 5.0", "class Settings", "any"),
    ("py-notebook-cell", '   "source": [\n    "import pandas as pd\\n",\n    "{{KEY}} = \\"{{S}}\\"\\n",\n    "df = pd.read_csv(\\"s3://{{BUCKET}}/raw/{{DATE}}.csv\\")"\n   ]', "import pandas as pd", "tok"),
    ("py-slack-webclient", "from slack_sdk import WebClient\n\nclient = WebClient(token=\"{{S}}\")", "WebClient", "slack-bot-token+slack-user-token"),
    ("py-telegram-bot", "bot = telebot.TeleBot(\"{{S}}\", parse_mode=\"HTML\")", "telebot.TeleBot", "telegram-bot-token"),
    ("py-discord-run", "if __name__ == '__main__':\n    bot.run('{{S}}')", "bot.run", "discord-bot-token"),
    ("py-hf-login", "from huggingface_hub import login\nlogin(token=\"{{S}}\")", "huggingface_hub", "huggingface-token"),
    ("py-hmac-webhook-verify", "WEBHOOK_SECRET = b\"{{S}}\"\n\ndef verify(body, sig):\n    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(mac, sig)", "hmac.compare_digest", "hex64-signing-secret+stripe-webhook-secret"),
    ("ts-export-const", "export const {{ENV}} = '{{S}}';", "export const", "any"),
    ("ts-config-object", "const config = {\n  port: {{PORT}},\n  {{CAMEL}}: \"{{S}}\",\n  logLevel: 'debug',\n};\n\nexport default config;", "export default config", "any"),
    ("js-env-fallback", "const token = process.env.{{ENV}} || '{{S}}';", "process.env.{{ENV}}", "tok"),
    ("ts-stripe-new", "const stripe = new Stripe('{{S}}', {\n  apiVersion: '2023-10-16',\n});", "new Stripe", "stripe"),
    ("js-mongoose-connect", "await mongoose.connect('mongodb://{{USER}}:{{S}}@{{HOST}}:27017/{{DB}}?authSource=admin');", "mongoose.connect", "pwu"),
    ("js-jwt-sign", "const accessToken = jwt.sign({ sub: user.id }, '{{S}}', { expiresIn: '15m' });", "jwt.sign", "base64-512bit-secret+hex64-signing-secret+human-password+urlsafe-token"),
    ("ts-axios-create", "const api = axios.create({\n  baseURL: 'https://api.{{DOMAIN}}',\n  headers: { 'X-Api-Key': '{{S}}' },\n});", "axios.create", "tok"),
    ("js-fetch-bearer", "const res = await fetch(`${BASE}/{{RES}}`, {\n  headers: { Authorization: `Bearer {{S}}` },\n});", "await fetch", "bearer"),
    ("ts-sendgrid-setkey", "import sgMail from '@sendgrid/mail';\nsgMail.setApiKey('{{S}}');", "setApiKey", "sendgrid-api-key"),
    ("ts-pg-pool", "export const pool = new Pool({\n  host: '{{HOST}}',\n  user: '{{USER}}',\n  password: '{{S}}',\n  database: '{{DB}}',\n});", "new Pool", "pw"),
    ("js-webhook-const", "const SLACK_WEBHOOK = '{{W}}';", "SLACK_WEBHOOK", "webhook"),
    ("go-const", "const {{CAMEL}} = \"{{S}}\"", "const", "any"),
    ("go-sql-open", 'db, err := sql.Open("postgres", "host={{HOST}} port=5432 user={{USER}} password={{S}} dbname={{DB}} sslmode=disable")', "sql.Open", "pwu"),
    ("go-header-set", 'req.Header.Set("Authorization", "Bearer {{S}}")', "req.Header.Set", "bearer"),
    ("go-redis-options", "rdb := redis.NewClient(&redis.Options{\n\tAddr:     \"{{HOST}}:6379\",\n\tPassword: \"{{S}}\",\n\tDB:       0,\n})", "redis.NewClient", "pw+hex40-token"),
    ("go-test-hardcoded", "func TestIntegrationUpload(t *testing.T) {\n\tclient := NewClient(\"{{S}}\")\n\tif _, err := client.Upload(ctx, \"fixtures/sample.csv\"); err != nil {\n\t\tt.Fatal(err)\n\t}\n}", "TestIntegrationUpload", "vend"),
    ("go-aws-static-creds", 'cfg.Credentials = credentials.NewStaticCredentialsProvider("{{AKID}}", "{{S}}", "")', "NewStaticCredentialsProvider", "aws-secret-access-key"),
    ("rust-const-str", "const {{ENV}}: &str = \"{{S}}\";", "&str", "any"),
    ("rust-reqwest-bearer", "let resp = client\n    .get(format!(\"{}/{{RES}}\", base))\n    .bearer_auth(\"{{S}}\")\n    .send()\n    .await?;", "bearer_auth", "bearer"),
    ("rust-config-default", "impl Default for Config {\n    fn default() -> Self {\n        Self {\n            endpoint: \"https://{{HOST}}\".into(),\n            token: \"{{S}}\".into(),\n        }\n    }\n}", "impl Default for Config", "tok"),
    ("java-static-final", "private static final String {{ENV}} = \"{{S}}\";", "private static final String", "any"),
    ("kotlin-buildconfigfield", 'buildConfigField("String", "{{ENV}}", "\\"{{S}}\\"")', "buildConfigField", "tok"),
    ("kotlin-companion-const", "companion object {\n    private const val {{ENV}} = \"{{S}}\"\n}", "companion object", "tok"),
    ("java-jdbc-getconnection", 'Connection conn = DriverManager.getConnection(\n    "jdbc:mysql://{{HOST}}:3306/{{DB}}", "{{USER}}", "{{S}}");', "DriverManager.getConnection", "pw"),
    ("swift-static-let", "enum Secrets {\n    static let {{CAMEL}} = \"{{S}}\"\n}", "enum Secrets", "tok"),
    ("swift-urlrequest-header", 'request.setValue("Bearer {{S}}", forHTTPHeaderField: "Authorization")', "forHTTPHeaderField", "bearer"),
    ("ruby-config-x", "Rails.application.configure do\n  config.x.{{KEY}} = \"{{S}}\"\nend", "Rails.application.configure", "any"),
    ("ruby-secret-key-base", "Rails.application.configure do\n  config.secret_key_base = '{{S}}'\nend", "config.secret_key_base", "rails-secret-key-base"),
    ("ruby-stripe-initializer", "# config/initializers/stripe.rb\nStripe.api_key = '{{S}}'", "config/initializers/stripe.rb", "stripe"),
    ("php-define", "define('{{ENV}}', '{{S}}');", "define(", "any"),
    ("php-pdo", "$pdo = new PDO('mysql:host={{HOST}};dbname={{DB}}', '{{USER}}', '{{S}}');", "new PDO", "pw"),
    ("csharp-connection-string", 'var cs = "Server={{HOST}};Database={{DB}};User Id={{USER}};Password={{S}};TrustServerCertificate=True";', "TrustServerCertificate", "pw"),
    ("csharp-const", "private const string {{PASCAL}} = \"{{S}}\";", "private const string", "tok"),
    ("sh-script-var", "#!/usr/bin/env bash\nset -euo pipefail\n\n{{ENV}}={{QS}}\nBACKUP_DIR=/var/backups/{{SVC}}", "set -euo pipefail", "any"),
    ("sql-insert-api-key", "INSERT INTO integrations (name, api_key, enabled)\nVALUES ('{{LABEL}}', '{{S}}', true);", "INSERT INTO integrations", "vend"),
    ("sql-create-role", "CREATE ROLE {{USER}} WITH LOGIN PASSWORD '{{S}}';\nGRANT CONNECT ON DATABASE {{DB}} TO {{USER}};", "CREATE ROLE", "pw"),
    ("lua-server-config", "Config = {}\nConfig.ServerName = \"{{SERVERNAME}}\"\nConfig.RconPassword = \"{{S}}\"\nConfig.MaxPlayers = 32", "Config.MaxPlayers", "pw"),
    ("cpp-define-key", "#define {{ENV}} \"{{S}}\"", "#define", "tok"),
    ("arduino-wifi", '#include <WiFi.h>\n\nconst char* ssid = "{{SSID}}";\nconst char* password = "{{S}}";', "WiFi.h", "wifi-passphrase+human-password"),
    ("dart-const", "const String {{CAMEL}} = '{{S}}';", "const String", "tok"),
    ("py-test-conftest-live", "@pytest.fixture\ndef client():\n    return ApiClient(base_url=\"https://api.{{DOMAIN}}\", key=\"{{S}}\")", "pytest.fixture", "vend"),
    ("yaml-in-python-string", 'CONFIG = """\nredis:\n  host: {{HOST}}\n  password: {{S}}\n"""', "CONFIG =", "pwu+hex40-token"),
    ("gdscript-const", "extends Node\n\nconst {{ENV}} := \"{{S}}\"", "extends Node", "tok"),
    ("cs-unity-serialized", "[SerializeField] private string {{CAMEL}} = \"{{S}}\";", "SerializeField", "tok"),
]
_FILL["CLIENT"] = lambda: _c(["OpenAI", "Anthropic", "Groq", "Mistral", "cohere.Client"])

_LOG = [
    ("log-py-traceback-dsn", 'Traceback (most recent call last):\n  File "/app/{{PYPKG}}/db.py", line {{LINE}}, in connect\n    return psycopg2.connect(dsn)\npsycopg2.OperationalError: connection to server at "{{HOST}}" ({{IP}}), port 5432 failed: timeout expired\n\nwhile connecting with dsn=postgresql://{{USER}}:{{S}}@{{HOST}}:5432/{{DB}}', "psycopg2.OperationalError", "pwu"),
    ("log-py-traceback-locals", 'File "/srv/{{PYPKG}}/clients/{{SVC}}.py", line {{LINE}}, in fetch\n    resp.raise_for_status()\n  locals:\n    api_key = \'{{S}}\'\n    url = \'https://api.{{DOMAIN}}/v1/{{RES}}\'\nrequests.exceptions.HTTPError: 401 Client Error: Unauthorized', "raise_for_status", "tok"),
    ("log-node-axios-error", "AxiosError: Request failed with status code 403\n    at settle (/app/node_modules/axios/dist/node/axios.cjs:1966:12)\n  config: {\n    url: 'https://api.{{DOMAIN}}/v1/{{RES}}',\n    headers: Object [AxiosHeaders] {\n      Accept: 'application/json, text/plain, */*',\n      Authorization: 'Bearer {{S}}',\n      'User-Agent': 'axios/1.6.7'\n    },", "AxiosError", "bearer"),
    ("log-go-panic-dsn", "panic: cannot parse `mysql://{{USER}}:{{S}}@tcp({{HOST}}:3306)/{{DB}}?parseTime=true`: invalid DSN: did you forget to escape a param value?\n\ngoroutine 1 [running]:\nmain.mustOpenDB(...)\n\t/src/cmd/{{SVC}}/main.go:{{LINE}} +0x1c5", "goroutine 1 [running]", "pwu"),
    ("log-rust-panic-debug", "thread 'main' panicked at src/main.rs:{{LINE}}:10:\ncalled `Result::unwrap()` on an `Err` value: Config { endpoint: \"https://{{HOST}}\", token: \"{{S}}\", retries: 3 }\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace", "RUST_BACKTRACE=1", "tok"),
    ("log-java-jdbc-url", "org.postgresql.util.PSQLException: FATAL: password authentication failed for user \"{{USER}}\"\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)\n\tat com.zaxxer.hikari.pool.HikariPool.<init>(HikariPool.java:115)\nCaused by url: jdbc:postgresql://{{HOST}}:5432/{{DB}}?user={{USER}}&password={{S}}", "PSQLException", "pwu"),
    ("log-nginx-access-query-key", '{{IP}} - - [{{CLF}}] "GET /api/v1/export?api_key={{S}}&format=csv HTTP/1.1" 200 {{N}} "-" "python-requests/2.31.0"', "python-requests/2.31.0", "gen+vend"),
    ("log-http-client-debug", "DEBUG:http.client:send: b'GET /v2/{{RES}} HTTP/1.1\\r\\nHost: api.{{DOMAIN}}\\r\\nUser-Agent: python-requests/2.31.0\\r\\nAuthorization: Bearer {{S}}\\r\\nAccept: */*\\r\\n\\r\\n'", "DEBUG:http.client", "bearer"),
    ("log-rails-params", 'Started POST "/users/sign_in" for {{IP}} at {{DATE}} {{TIME}} +0000\nProcessing by Users::SessionsController#create as HTML\n  Parameters: {"authenticity_token"=>"[FILTERED]", "user"=>{"email"=>"{{EMAIL}}", "password"=>"{{S}}"}}', "SessionsController#create", "pw"),
    ("log-android-okhttp", "{{DATE}} {{TIME}}.{{MS}}  {{PID}}-{{PID2}}  okhttp.OkHttpClient    com.{{ORG}}.app    I  Authorization: Bearer {{S}}", "okhttp.OkHttpClient", "bearer"),
    ("log-ios-console", "{{DATE}} {{TIME}}.{{MS}} {{APP}}[{{PID}}:{{N}}] [Networking] request headers: [\"X-Api-Key\": \"{{S}}\", \"Accept\": \"application/json\"]", "[Networking]", "tok"),
    ("log-celery-task-args", "[{{DATE}} {{TIME}},{{MS}}: INFO/MainProcess] Task {{PYPKG}}.tasks.sync_account[{{UUID}}] received\n[{{DATE}} {{TIME}},{{MS2}}: ERROR/ForkPoolWorker-2] Task failed: args=('{{USER}}', '{{S}}') kwargs={}", "ForkPoolWorker-2", "tok"),
    ("log-json-config-dump", '{"level":"debug","ts":{{EPOCH}}.{{MS}},"caller":"config/load.go:{{LINE}}","msg":"loaded config","config":{"db_host":"{{HOST}}","{{KEY}}":"{{S}}"}}', "loaded config", "any"),
    ("log-requests-basic-auth", "send: b'POST /oauth/token HTTP/1.1\\r\\nHost: auth.{{DOMAIN}}\\r\\nAuthorization: Basic {{S}}\\r\\nContent-Type: application/x-www-form-urlencoded\\r\\n\\r\\n'", "/oauth/token", "basic-auth-b64"),
    ("log-curl-v-set-cookie", "< HTTP/1.1 302 Found\n< Location: /dashboard/\n< Set-Cookie: sessionid={{S}}; expires=Tue, 17 Sep 2024 10:15:00 GMT; HttpOnly; Max-Age=1209600; Path=/; SameSite=Lax\n< Vary: Cookie", "Set-Cookie", "session-cookie-django"),
    ("log-rails-cookie-header", "Request headers: {\"HTTP_HOST\"=>\"{{HOST}}\", \"HTTP_COOKIE\"=>\"_{{APP}}_session={{S}}\"}", "HTTP_COOKIE", "session-cookie-rails"),
    ("log-postgres-statement", "{{DATE}} {{TIME}}.{{MS}} UTC [{{PID}}] LOG:  statement: INSERT INTO webhook_endpoints (url, signing_secret) VALUES ('https://{{HOST}}/hooks', '{{S}}')", "LOG:  statement", "hex64-signing-secret+urlsafe-token+stripe-webhook-secret"),
    ("log-terraform-debug", "{{TS}} [DEBUG] provider.terraform-provider-aws_v5.31.0_x5: HTTP Request Sent: aws.operation=CreateDBInstance: http.request.body=\"{\\\"DBInstanceIdentifier\\\":\\\"{{SVC}}-db\\\",\\\"MasterUserPassword\\\":\\\"{{S}}\\\"}\"", "CreateDBInstance", "pwu"),
    ("log-docker-build-echo", "#7 [build 3/8] RUN echo \"//npm.pkg.github.com/:_authToken={{S}}\" > .npmrc\n#7 DONE 0.2s\n#8 [build 4/8] RUN npm ci", "npm ci", "github+npm-access-token"),
    ("log-gha-env-unmasked", "Run ./scripts/deploy.sh {{ENVNAME}}\n  ./scripts/deploy.sh {{ENVNAME}}\n  shell: /usr/bin/bash -e {0}\n  env:\n    {{ENV}}: {{S}}\n    NODE_VERSION: 20", "shell: /usr/bin/bash -e {0}", "tok"),
    ("log-pm2-redis-url", "0|api      | {{TS}}: [ioredis] connecting to redis://default:{{S}}@{{HOST}}:6379/0", "[ioredis]", "pwu"),
    ("log-sentry-breadcrumb", '{"category":"http","data":{"url":"https://api.{{DOMAIN}}/v1/{{RES}}?access_token={{S}}","method":"GET","status_code":200},"level":"info","timestamp":{{EPOCH}}}', "status_code", "bearer"),
    ("log-home-assistant-mqtt", "{{DATE}} {{TIME}}.{{MS}} ERROR (MainThread) [homeassistant.components.mqtt.client] Failed to connect to MQTT broker mqtt://{{USER}}:{{S}}@{{IP}}:1883: [Errno 111] Connection refused", "homeassistant.components.mqtt", "pwu"),
    ("log-game-server-admin", "[{{TIME}}] [Server thread/INFO]: [AdminTools] loaded config: admin_password={{S}}, max_players=20", "[AdminTools]", "pw"),
    ("log-uvicorn-settings-repr", "INFO:     Started server process [{{PID}}]\nDEBUG:    settings=Settings(env='{{ENVNAME}}', database_url='postgresql+asyncpg://{{USER}}:{{S}}@{{HOST}}/{{DB}}', debug=True)", "Started server process", "pwu"),
    ("log-spring-config-debug", "{{TS}} DEBUG 1 --- [           main] o.s.b.c.c.ConfigDataEnvironment   : Property spring.datasource.password={{S}} from application-{{ENVNAME}}.yml", "ConfigDataEnvironment", "pw"),
    ("log-graphql-variables", '{"errors":[{"message":"Unauthorized","path":["viewer"]}],"extensions":{"request":{"variables":{"apiToken":"{{S}}"}}}}', "Unauthorized", "tok"),
    ("log-curl-verbose-auth", "> GET /v1/{{RES}} HTTP/2\n> Host: api.{{DOMAIN}}\n> user-agent: curl/8.4.0\n> authorization: Bearer {{S}}\n> accept: */*\n>\n< HTTP/2 401", "user-agent: curl/8.4.0", "bearer"),
    ("log-access-signed-url", '{{IP}} - - [{{CLF}}] "GET {{W}} HTTP/1.1" 200 {{N}}', "GET", "signed"),
    ("log-k8s-event-env", "Warning  Failed  2m (x4 over 5m)  kubelet  Error: failed to start container \"{{SVC}}\": exec: \"/app/run --api-key={{S}}\": stat /app/run: no such file or directory", "kubelet", "gen+vend"),
    ("log-webpack-define", "[webpack-cli] DefinePlugin: process.env.{{ENV}} = \"{{S}}\"", "DefinePlugin", "tok"),
]

_NOTE_EN = [
    ("note-staging-db", "Notes {{DATE}}:\n- staging DB is {{HOST}}, user {{USER}}\n- password: {{S}}\n- ask {{NAME}} about the read replica", "staging DB", "pw"),
    ("chat-colleague-token", "[{{TIME}}] {{NAME}}: here's the token for the sandbox, just use it for now: {{S}}\n[{{TIME2}}] me: thanks, will move it to vault after", "sandbox", "tok"),
    ("note-todo-rotate", "TODO: rotate the {{LABEL}} key {{S}}: it was committed in {{SHA7}} and pushed to origin", "TODO: rotate", "vend"),
    ("note-md-scratch", "## Scratch\n\nLocal creds for testing:\n\n```\n{{ENV}}={{S}}\n```\n\nRemember to delete before commit.", "## Scratch", "any"),
    ("note-decision-log", "Decision: use the shared service account for the nightly job (pw `{{S}}`) until IAM roles land ({{TICKET}}).", "Decision:", "pw"),
    ("note-next-steps", "Next steps:\n1. Run migrations on staging\n2. Log in to /admin as {{USER}} / {{S}}\n3. Verify the webhooks fire", "Next steps:", "pw"),
    ("chat-grafana-admin", "{{NAME}} said the Grafana admin password is {{S}} (they'll reset it Monday)", "Grafana admin", "pw"),
    ("note-email-forward", "> From: {{NAME}} <{{EMAIL}}>\n> Subject: API access\n>\n> Your API key is: {{S}}\n> Please keep it private.", "Subject: API access", "tok"),
    ("chat-slack-quote-rcon", "{{NAME}} (#{{CHAN}}): can someone try `{{S}}` as the RCON password? server is {{IP}}", "RCON password", "pw"),
    ("note-jira-comment", "{{TICKET}}: Reproduced with the customer's key ({{S}}). 401 only on /v2 endpoints.", "Reproduced", "tok"),
    ("note-homelab-wifi", "Home lab: wifi {{SSID}} / {{S}}, HA at http://{{IP}}:8123", "Home lab", "wifi-passphrase+human-password"),
    ("note-handoff", "Handoff for {{NAME}}: the deploy bot token is {{S}}; it's also in the team vault under '{{SVC}} bot'.", "Handoff", "tok"),
    ("note-found-hardcoded", "Found a hardcoded key in {{FILE}} line {{LINE}}: {{S}}. Flagging to security.", "Found a hardcoded key", "vend"),
    ("note-commit-message", "commit {{SHA40}}\nAuthor: {{NAME}} <{{EMAIL}}>\n\n    temp: hardcode {{KEY}}={{S}} to unblock demo", "temp: hardcode", "any"),
    ("note-standup", "standup: blocked on prod access; {{NAME}} DM'd me the bastion password ({{S}}), will use once and ask for rotation", "standup:", "pw"),
    ("chat-signed-link", "{{NAME}}: here's the export, link expires in an hour {{W}}", "link expires", "signed"),
    ("note-pr-review", "> {{NAME}} commented on {{FILE}}:\n> nit: why is `{{S}}` inlined here? should come from env", "nit:", "tok"),
    ("note-ssh-passphrase", "deploy key passphrase: {{S}} (same as last year's)", "deploy key passphrase", "pw"),
    ("note-meeting", "Meeting notes {{DATE}}\n* Vendor gave us a trial key: {{S}}\n* Rate limit 100 rps\n* Follow up in two weeks", "Meeting notes", "tok"),
    ("chat-dm-admin-panel", "DM from {{NAME}}: pw for the {{SVC}} admin panel is {{S}}", "DM from", "pw"),
    ("note-agent-observation", "Observed: .env.local contains {{ENV}}={{S}} and is not in .gitignore.", "Observed:", "any"),
    ("chat-webhook-paste", "{{NAME}}: use this for the alerts channel -> {{W}}", "alerts channel", "webhook"),
]

_NOTE_INTL = [
    ("note-de-db-password", "Notiz: Das Passwort für die Staging-Datenbank ist {{S}} (Benutzer {{USER}}). Bitte nicht ins Repo committen.", "Notiz:", "pw"),
    ("chat-de-api-key", "{{NAME}}: Hier ist der API-Schlüssel für die Testumgebung: {{S}}", "API-Schlüssel", "tok"),
    ("note-fr-grafana", "Note : le mot de passe admin de Grafana est {{S}}, à changer après la démo.", "mot de passe", "pw"),
    ("chat-fr-token", "{{NAME}} : voilà le jeton d'accès pour le bac à sable : {{S}}", "jeton d'accès", "tok"),
    ("note-es-minecraft", "Nota: la contraseña del servidor de Minecraft es {{S}}, no la compartas.", "contraseña", "pw"),
    ("chat-es-payments-key", "{{NAME}}: te paso la clave de la API de pagos: {{S}}", "clave de la API", "vend"),
    ("note-pt-prod-db", "Anotação: senha do banco de produção = {{S}} (usuário {{USER}})", "senha do banco", "pw"),
    ("chat-pt-bot-token", "token do bot: {{S}} (trocar depois)", "token do bot", "vend"),
    ("note-ja-staging", "メモ: ステージング環境のDBパスワードは {{S}} です。後で変更すること。", "メモ", "pw"),
    ("chat-ja-api-key", "{{NAME}}さんより: APIキーはこれです → {{S}}", "APIキー", "tok"),
    ("note-zh-test-db", "备注：测试环境数据库密码是 {{S}}，用户名 {{USER}}。", "备注", "pw"),
    ("chat-zh-token", "{{NAME}}：先用这个令牌 {{S}}，下周轮换。", "令牌", "tok"),
    ("note-ru-admin", "Заметка: пароль от админки {{SVC}}: {{S}}, сменить после релиза.", "пароль", "pw"),
    ("chat-ru-ci-token", "{{NAME}}: вот токен для CI: {{S}}", "токен для CI", "vend"),
    ("note-it-wifi", "Nota: la password del Wi-Fi dell'ufficio è {{S}}", "Wi-Fi", "wifi-passphrase+human-password"),
    ("note-nl-nas", "Let op: het wachtwoord voor de NAS is {{S}}", "wachtwoord", "pw"),
    ("note-pl-ha", "Hasło do panelu Home Assistant: {{S}} (konto {{USER}})", "Hasło", "pw"),
    ("note-ko-api-key", "메모: 스테이징 API 키 {{S}}, 다음 주에 교체 예정", "API 키", "tok"),
]

_CI = [
    ("ci-gha-env-literal", "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      {{ENV}}: {{QY}}\n      NODE_ENV: production", "runs-on: ubuntu-latest", "any"),
    ("ci-gha-with-token", "      - uses: {{ACTION}}\n        with:\n          token: {{S}}", "uses:", "github"),
    ("ci-gitlab-variables", "variables:\n  DOCKER_DRIVER: overlay2\n  {{ENV}}: \"{{S}}\"\n\nstages:\n  - test\n  - deploy", "DOCKER_DRIVER", "any"),
    ("ci-circleci-docker-auth", "    docker:\n      - image: cimg/node:20.11\n        auth:\n          username: {{USER}}\n          password: {{S}}", "cimg/node", "dockerhub-pat+human-password"),
    ("ci-jenkinsfile-env", "pipeline {\n  agent any\n  environment {\n    {{ENV}} = '{{S}}'\n  }\n  stages {", "pipeline {", "any"),
    ("ci-gh-secret-set-body", 'gh secret set {{ENV}} --body "{{S}}" --repo {{REPO}}', "gh secret set", "tok"),
    ("ci-glab-variable-set", "glab variable set {{ENV}} --value '{{S}}' --masked --protected", "glab variable set", "any"),
    ("ci-dockerfile-env", "FROM node:20-alpine\nWORKDIR /app\nENV {{ENV}}={{S}}\nCOPY . .\nRUN npm ci --omit=dev", "FROM node:20-alpine", "tok"),
    ("ci-dockerfile-arg-default", "ARG NPM_TOKEN={{S}}\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci", "ARG NPM_TOKEN", "npm-access-token"),
    ("ci-bitbucket-s3-deploy", "          - pipe: atlassian/aws-s3-deploy:1.1.0\n            variables:\n              AWS_ACCESS_KEY_ID: {{AKID}}\n              AWS_SECRET_ACCESS_KEY: {{S}}\n              S3_BUCKET: {{BUCKET}}", "aws-s3-deploy", "aws-secret-access-key"),
    ("ci-azure-pipelines-var", "variables:\n  - name: buildConfiguration\n    value: Release\n  - name: {{ENV}}\n    value: '{{S}}'", "buildConfiguration", "any"),
    ("ci-drone-docker-plugin", "steps:\n  - name: publish\n    image: plugins/docker\n    settings:\n      repo: {{IMG}}\n      username: {{USER}}\n      password: {{S}}", "plugins/docker", "pw+dockerhub-pat"),
    ("ci-fastlane-env", "# fastlane/.env.default\nFASTLANE_USER={{EMAIL}}\nMATCH_PASSWORD={{QE}}\nMATCH_GIT_URL=git@github.com:{{REPO}}-certs.git", "MATCH_GIT_URL", "pw"),
    ("ci-fastlane-app-specific", "# Fastfile\nENV[\"FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD\"] = \"{{S}}\"\nupload_to_testflight(skip_waiting_for_build_processing: true)", "upload_to_testflight", "apple-app-password"),
    ("ci-k8s-deployment-env", "        env:\n          - name: {{ENV}}\n            value: \"{{S}}\"\n          - name: LOG_LEVEL\n            value: info", "LOG_LEVEL", "any"),
    ("ci-cloudbuild-build-arg", "steps:\n- name: gcr.io/cloud-builders/docker\n  args: ['build', '--build-arg', '{{ENV}}={{S}}', '-t', 'gcr.io/$PROJECT_ID/{{SVC}}', '.']", "gcr.io/cloud-builders/docker", "tok"),
    ("ci-buildkite-env", "env:\n  {{ENV}}: \"{{S}}\"\nsteps:\n  - label: \":hammer: build\"\n    command: make build", "label:", "tok"),
    ("ci-ecs-task-def-env", '"environment": [\n  { "name": "{{ENV}}", "value": "{{S}}" },\n  { "name": "AWS_REGION", "value": "{{REGION}}" }\n]', "AWS_REGION", "any"),
    ("ci-deploy-sh-hook", "#!/bin/sh\n# deploy.sh, run from CI\nrsync -az dist/ deploy@{{IP}}:/var/www/{{APP}}/\ncurl -fsS -X POST -H 'X-Deploy-Token: {{S}}' https://{{HOST}}/hooks/deploy", "rsync -az", "gen"),
    ("ci-env-sh-export", "$ cat .ci/env.sh\nexport {{ENV}}={{QS}}\nexport CI_REGISTRY_IMAGE=registry.gitlab.com/{{REPO}}", "CI_REGISTRY_IMAGE", "any"),
    ("ci-travis-env-global", "language: python\nenv:\n  global:\n    - {{ENV}}={{S}}", "env:", "tok"),
    ("ci-ansible-role-vars", "# roles/deploy/vars/main.yml\n{{KEY}}: \"{{S}}\"\napp_user: deploy", "roles/deploy/vars/main.yml", "any"),
    ("ci-vercel-env-pull", "# Created by Vercel CLI\n{{ENV}}=\"{{S}}\"\nVERCEL_ENV=\"development\"", "Created by Vercel CLI", "tok"),
    ("ci-argocd-repo-secret", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: private-repo\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://github.com/{{REPO}}\n  username: {{USER}}\n  password: {{S}}", "argocd.argoproj.io/secret-type", "github"),
    ("ci-gha-run-webhook", "      - name: Notify\n        run: |\n          curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deployed {{SHA7}}\"}' {{W}}", "name: Notify", "webhook"),
    ("ci-netlify-toml-env", "[context.production.environment]\n  {{ENV}} = \"{{S}}\"", "context.production.environment", "tok"),
    ("ci-app-json-env", '"env": {\n    "{{ENV}}": {\n      "value": "{{S}}"\n    }\n}', "", "tok"),
    ("ci-eas-json-env", '"build": {\n  "production": {\n    "env": {\n      "{{ENV}}": "{{S}}"\n    }\n  }\n}', "production", "tok"),
    ("ci-gradle-signing-env", "ORG_GRADLE_PROJECT_signingInMemoryKeyPassword={{S}}\nORG_GRADLE_PROJECT_signingInMemoryKeyId={{GPGSHORT}}", "signingInMemoryKeyId", "pw"),
    ("ci-install-deploy-key-sh", "# .ci/install-deploy-key.sh\nmkdir -p ~/.ssh\ncat > ~/.ssh/id_ed25519 <<'EOF'\n-----BEGIN OPENSSH PRIVATE KEY-----\n{{S}}\n-----END OPENSSH PRIVATE KEY-----\nEOF\nchmod 600 ~/.ssh/id_ed25519", "chmod 600", "pem-openssh-ed25519"),
    ("ci-terraform-cloud-credentials", '# ~/.terraform.d/credentials.tfrc.json written by CI\n{\n  "credentials": {\n    "app.terraform.io": {\n      "token": "{{S}}"\n    }\n  }\n}', "app.terraform.io", "terraform-cloud-token"),
    ("ci-sonar-project-props", "sonar.projectKey={{ORG}}_{{SVC}}\nsonar.host.url=https://sonarcloud.io\nsonar.token={{S}}", "sonar.projectKey", "sonarqube-token"),
]

_VENDOR_TPL = [
    ("{{LABEL}} token: {{S}}", "{{LABEL}} token"),
    ("{{ENV}}={{S}}", "{{ENV}}"),
    ('"{{CAMEL}}": "{{S}}"', "{{CAMEL}}"),
    ("token = \"{{S}}\"  # {{LABEL}}, {{ENVNAME}}", "{{LABEL}}"),
    ("- {{LABEL}} ({{ENVNAME}}): `{{S}}`", "{{LABEL}}"),
    ("{{KEY}}: {{S}}", "{{KEY}}"),
    ("{{S}}", ""),
    ("key for {{LABEL}} -> {{S}}", "key for {{LABEL}}"),
]

# ---------------------------------------------------------------------------
# benign fillers (public, non-secret random-looking values)
# ---------------------------------------------------------------------------
def _sshpub():
    return _b64(_sshstr(b"ssh-ed25519") + _sshstr(_rbytes(32)))


def _pubpem():
    if _R.random() < 0.5:
        return _b64(bytes.fromhex("302a300506032b6570032100") + _rbytes(32))
    der = (bytes.fromhex("30820122300d06092a864886f70d01010105000382010f003082010a0282010100")
           + bytes([0xc0 | _R.randrange(64)]) + _rbytes(255) + bytes.fromhex("0203010001"))
    return _pem_wrap(_b64(der))


def _cert():
    n = _R.randint(700, 900)
    der = bytes.fromhex("308203") + bytes([_R.randrange(256)]) + bytes.fromhex("308202") + bytes([_R.randrange(256)]) + bytes.fromhex("a003020102") + _rbytes(n)
    return _pem_wrap(_b64(der))


def _png_b64():
    return _b64(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00" + _rbytes(_R.randint(40, 90)))


def _colon_fp(n):
    return ":".join(_rhex(2).upper() for _ in range(n))


_PKGS = ["lodash", "axios", "react-dom", "zod", "date-fns", "express", "chalk", "uuid", "undici", "semver"]
_PYDEPS = ["requests", "urllib3", "pydantic", "boto3", "numpy", "pandas", "sqlalchemy", "celery", "httpx"]
_GOMODS = ["github.com/jackc/pgx/v5", "github.com/go-chi/chi/v5", "golang.org/x/crypto", "github.com/rs/zerolog",
           "github.com/redis/go-redis/v9", "google.golang.org/grpc"]
_CRATES = ["serde", "tokio", "clap", "reqwest", "anyhow", "tracing", "rustls", "hyper"]

_FILL.update({
    "SHA8": lambda: _rhex(8),
    "HEX7": lambda: _rhex(7),
    "HEX8": lambda: _rhex(8),
    "HEX12": lambda: _rhex(12),
    "HEX16": lambda: _rhex(16),
    "HEX24": lambda: _rhex(24),
    "HEX32": lambda: _rhex(32),
    "HEX40": lambda: _rhex(40),
    "HEX64": lambda: _rhex(64),
    "TRACE32": lambda: _rhex(32),
    "SPAN16": lambda: _rhex(16),
    "SRI512": lambda: "sha512-" + _b64(_rbytes(64)),
    "SRI384": lambda: "sha384-" + _b64(_rbytes(48)),
    "GOSUM": lambda: _b64(_rbytes(32)),
    "OBJID": lambda: _rhex(24),
    "ULID": lambda: "01" + _rs(24, "0123456789ABCDEFGHJKMNPQRSTVWXYZ"),
    "NANOID": lambda: _rs(21, _U),
    "SHORT": lambda: _rs(7),
    "YTID": lambda: _rs(11, _U),
    "STRIPECUS": lambda: "cus_" + _rs(14),
    "STRIPEPI": lambda: "pi_3" + _rs(23),
    "STRIPEEVT": lambda: "evt_1" + _rs(23),
    "UP9": lambda: _rs(9, string.ascii_uppercase + string.digits),
    "UP10": lambda: _rs(10, string.ascii_uppercase + string.digits),
    "UUIDU": lambda: _uuid().upper(),
    "MAC": lambda: ":".join(_rhex(2) for _ in range(6)),
    "DIG18": lambda: _digits(18),
    "DIG10": lambda: _digits(10),
    "ACCT": lambda: _digits(12),
    "RS4": lambda: _rs(4),
    "RS6": lambda: _rs(6),
    "B64U22": lambda: _rs(22, _U),
    "B64U6": lambda: _rs(6, _U),
    "VITEHASH": lambda: _rs(8, _U),
    "MINID": lambda: _rs(2, string.ascii_letters),
    "PODHASH": lambda: _rs(_c([9, 10]), "bcdfghjklmnpqrstvwxz2456789"),
    "PODSUF": lambda: _rs(5, "bcdfghjklmnpqrstvwxz2456789"),
    "RUNID": lambda: _digits(10),
    "BUILDID": lambda: _uuid(),
    "GRAFUID": lambda: _rs(9, _U),
    "SSHPUB": _sshpub,
    "PUBPEM": _pubpem,
    "CERT": _cert,
    "SSHFP": lambda: _b64(_rbytes(32)).rstrip("="),
    "GPGFPR": lambda: _rhex(40).upper(),
    "KID": lambda: _rhex(40),
    "JWKN": lambda: _b64u(bytes([0xc0 | _R.randrange(64)]) + _rbytes(255)),
    "BECH58": lambda: _rs(58, _BECH),
    "PNGB64": _png_b64,
    "PKG": lambda: _c(_PKGS),
    "PYDEP": lambda: _c(_PYDEPS),
    "GOMOD": lambda: _c(_GOMODS),
    "CRATE": lambda: _c(_CRATES),
    "FP20": lambda: _colon_fp(20),
    "FP32": lambda: _colon_fp(32),
    "HEXBLOCK": lambda: "\n".join("  " + _rhex(80) for _ in range(_R.randint(3, 5))),
    "B64S": lambda: _b64(_rbytes(_R.randint(12, 30))),
    "B64IV": lambda: _b64(_rbytes(32)),
    "B64TAG": lambda: _b64(_rbytes(16)),
    "SEALED": lambda: "AgB" + _b64(_rbytes(_R.randint(300, 420))),
    "PULUMI": lambda: "v1:" + _b64(_rbytes(12)).rstrip("=") + ":" + _b64(_rbytes(_R.randint(20, 48))),
})

_PLAIN = ["hello from the build agent", '{"feature_flags":{"new_checkout":true}}', "user=guest;theme=dark",
          "apiVersion: v1\nkind: ConfigMap", "Release notes: fixed token refresh loop",
          "<svg xmlns='http://www.w3.org/2000/svg'/>", "name,qty\nwidget,4\n", "listen 8080;"]


def _bn_b64_decode():
    t = _c(_PLAIN)
    return "$ echo '%s' | base64 -d\n%s" % (_b64(t.encode()), t)


def _bn_configmap_b64():
    t = _c(_PLAIN)
    return "binaryData:\n  %s: %s" % (_c(["banner.txt", "flags.json", "defaults.conf"]), _b64(t.encode()))


def _bn_b64_encode():
    t = _c(["main", "release/2.4", "feature: dark mode", "2024-Q3 report", "grafana-dashboards"])
    return "$ printf '%s' | base64\n%s" % (t, _b64(t.encode()))


_BENIGN_TPL = [
    # git
    "$ git log --oneline -4\n{{SHA7}} (HEAD -> {{BRANCH}}, origin/{{BRANCH}}) fix: retry webhook delivery on 502\n{{SHA7__2}} chore(deps): bump axios from 1.6.7 to 1.6.8\n{{SHA7__3}} feat(api): add idempotency keys to POST /orders\n{{SHA7__4}} Merge pull request #{{N}} from {{ORG}}/fix/token-refresh",
    "commit {{SHA40}}\nAuthor: {{NAME}} <{{EMAIL}}>\nDate:   Tue Sep 17 10:15:02 2024 +0200\n\n    Read signing key from SIGNING_KEY_FILE instead of env",
    "diff --git a/config/settings.py b/config/settings.py\nindex {{SHA7}}..{{SHA7__2}} 100644\n--- a/config/settings.py\n+++ b/config/settings.py\n@@ -12,7 +12,7 @@\n-SECRET_KEY = os.environ['SECRET_KEY']\n+SECRET_KEY = env('DJANGO_SECRET_KEY')",
    "$ git rev-parse HEAD\n{{SHA40}}",
    "$ git describe --tags\nv{{VER}}-{{N}}-g{{SHA7}}",
    "HEAD detached at {{SHA7}}\nnothing to commit, working tree clean",
    "$ git stash list\nstash@{0}: WIP on {{BRANCH}}: {{SHA7}} wip: move api key lookup to secrets manager",
    "$ git blame -L 40,41 {{FILE}}\n{{SHA8}} ({{NAME}} {{DATE}} 40)   const key = process.env.API_KEY;\n{{SHA8__2}} ({{NAME}} {{DATE}} 41)   if (!key) throw new Error('API_KEY missing');",
    "Cherry-picked {{SHA40}} onto release/2.4 as {{SHA7}}",
    # ids and logs
    '{"level":"info","ts":"{{TS}}","msg":"request completed","request_id":"{{UUID}}","method":"POST","path":"/v1/{{RES}}","status":201,"duration_ms":{{N}}}',
    "traceparent: 00-{{TRACE32}}-{{SPAN16}}-01",
    "{{TS}} INFO  [{{SVC}}] job {{ULID}} finished in {{N}}ms (attempt 1/3)",
    "X-Request-Id: {{UUID}}\nX-Amzn-Trace-Id: Root=1-{{HEX8}}-{{HEX24}}",
    "Sentry event captured: {{HEX32}} (release {{SVC}}@{{VER}})",
    "{{TS}} [{{SVC}}] correlation_id={{UUID}} user_id={{N}} action=password_reset_requested",
    "Job ID: {{UUID}}\nStatus: SUCCEEDED\nDuration: 00:04:12",
    "GitHub Actions run {{RUNID}} (attempt 2): https://github.com/{{REPO}}/actions/runs/{{RUNID}}",
    "Build #{{N}} ({{BUILDID}}) passed in 4m12s",
    "{{TS}} WARN  auth: invalid API key provided: sk_live_****************{{RS4}}",
    "Login failed for user '{{USER}}'. Reason: Password did not match that for the login provided. [CLIENT: {{IP}}]",
    "{{TS}} INFO token refreshed for client_id={{UUID}} expires_in=3600",
    "Stripe webhook received: {{STRIPEEVT}} (checkout.session.completed)",
    "[{{TIME}}] [Server thread/INFO]: {{PLAYER}} joined the game (UUID {{UUID}})",
    "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x{{HEX7}}]",
    "Error: ENOENT: no such file or directory, open '/app/secrets/api-key.txt'",
    'Error making API request.\n\nURL: GET https://vault.{{DOMAIN}}/v1/secret/data/{{SVC}}/prod\nCode: 403. Errors:\n\n* permission denied',
    "{{DATE}} {{TIME}} WARNING (MainThread) [homeassistant.components.zha] Device 0x{{HEX16}} did not respond to ping",
    "{{IP}} - - [{{CLF}}] \"GET /static/js/main.{{HEX8}}.js HTTP/1.1\" 200 {{N}} \"https://{{DOMAIN}}/\"",
    "pod/{{SVC}}-{{PODHASH}}-{{PODSUF}} condition met",
    "Created session {{UUID}} for user {{N}} (ttl 14d)",
    # checksums and lockfiles
    "$ sha256sum dist/{{APP}}-{{VER}}-linux-amd64.tar.gz\n{{HEX64}}  dist/{{APP}}-{{VER}}-linux-amd64.tar.gz",
    '    "node_modules/{{PKG}}": {\n      "version": "{{VER}}",\n      "resolved": "https://registry.npmjs.org/{{PKG}}/-/{{PKG}}-{{VER}}.tgz",\n      "integrity": "{{SRI512}}"\n    },',
    '{{PKG}}@^{{VER}}:\n  version "{{VER}}"\n  resolved "https://registry.yarnpkg.com/{{PKG}}/-/{{PKG}}-{{VER}}.tgz#{{HEX40}}"\n  integrity {{SRI512}}',
    "{{GOMOD}} v{{VER}} h1:{{GOSUM}}\n{{GOMOD}} v{{VER}}/go.mod h1:{{GOSUM__2}}",
    '[[package]]\nname = "{{CRATE}}"\nversion = "{{VER}}"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{{HEX64}}"',
    "{{PYDEP}}=={{VER}} \\\n    --hash=sha256:{{HEX64}} \\\n    --hash=sha256:{{HEX64__2}}",
    '        "{{PYDEP}}": {\n            "hashes": [\n                "sha256:{{HEX64}}"\n            ],\n            "version": "=={{VER}}"\n        },',
    'files = [\n    {file = "{{PYDEP}}-{{VER}}-py3-none-any.whl", hash = "sha256:{{HEX64}}"},\n]',
    "CHECKSUMS\n  rack ({{VER}}) sha256={{HEX64}}",
    "  /{{PKG}}@{{VER}}:\n    resolution: {integrity: {{SRI512}}}",
    '<script src="https://cdn.jsdelivr.net/npm/{{PKG}}@{{VER}}/dist/{{PKG}}.min.js" integrity="{{SRI384}}" crossorigin="anonymous"></script>',
    "$ shasum -a 1 app-release.apk\n{{HEX40}}  app-release.apk",
    "md5: {{HEX32}}  backups/{{DATE}}/db.sql.gz",
    # images and clusters
    "$ docker images {{IMG}}\nREPOSITORY         TAG       IMAGE ID       CREATED       SIZE\n{{IMG}}   {{VER}}   {{HEX12}}   2 days ago    182MB",
    "    image: {{IMG}}@sha256:{{HEX64}}",
    "Digest: sha256:{{HEX64}}\nStatus: Downloaded newer image for {{IMG}}:{{VER}}",
    "#12 writing image sha256:{{HEX64}} done\n#12 naming to docker.io/{{IMG}}:{{SHA7}} done",
    "{{VER}}: digest: sha256:{{HEX64}} size: 1789",
    "$ kubectl get pods -n {{NS}}\nNAME                              READY   STATUS    RESTARTS   AGE\n{{SVC}}-{{PODHASH}}-{{PODSUF}}   1/1     Running   0          3h12m",
    "metadata:\n  name: {{SVC}}\n  uid: {{UUID}}\n  resourceVersion: \"{{N}}\"\n  generation: 4",
    "  # aws_db_instance.main will be updated in-place\n  ~ resource \"aws_db_instance\" \"main\" {\n        id       = \"{{SVC}}-db\"\n      ~ password = (sensitive value)\n    }",
    "Acquiring state lock. This may take a few moments...\nLock Info:\n  ID:        {{UUID}}\n  Path:      {{BUCKET}}/terraform.tfstate\n  Operation: OperationTypeApply",
    "random_id.suffix: Creation complete after 0s [id={{B64U6}}]",
    "Successfully pushed {{IMG}}:{{SHA7}} (digest sha256:{{HEX64}})",
    "kms_key_id = \"arn:aws:kms:{{REGION}}:{{ACCT}}:key/{{UUID}}\"",
    # base64 / data URIs
    _bn_b64_decode, _bn_configmap_b64, _bn_b64_encode,
    '<img alt="logo" src="data:image/png;base64,{{PNGB64}}">',
    "background-image: url(data:image/png;base64,{{PNGB64}});",
    # paths and urls
    "Saved report to /home/{{USER}}/projects/{{APP}}/out/{{DATE}}/{{HEX8}}.parquet",
    "https://github.com/{{REPO}}/pull/{{N}}/files#diff-{{HEX64}}",
    "https://{{BUCKET}}.s3.{{REGION}}.amazonaws.com/public/assets/{{HEX16}}.webp",
    "https://console.cloud.google.com/logs/query;query=trace%3D%22projects%2F{{PROJ}}%2Ftraces%2F{{TRACE32}}%22",
    "https://sentry.io/organizations/{{ORG}}/issues/{{N}}/events/{{HEX32}}/",
    "https://grafana.{{DOMAIN}}/d/{{GRAFUID}}/api-latency?orgId=1&var-env=prod&from=now-6h",
    "See https://docs.{{DOMAIN}}/api/authentication#api-keys for how to create a key.",
    "postgres://localhost:5432/{{DB}}_test?sslmode=disable",
    "redis://{{HOST}}:6379/0",
    "Fetching https://proxy.golang.org/{{GOMOD}}/@v/v{{VER}}.zip",
    # public keys / certs / fingerprints
    "ssh-ed25519 {{SSHPUB}} {{USER}}@{{APP}}",
    "-----BEGIN PUBLIC KEY-----\n{{PUBPEM}}\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\n{{CERT}}\n-----END CERTIFICATE-----",
    "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:{{SSHFP}} {{USER}}@laptop (ED25519)",
    "The authenticity of host '{{IP}} ({{IP}})' can't be established.\nED25519 key fingerprint is SHA256:{{SSHFP}}.\nAre you sure you want to continue connecting (yes/no/[fingerprint])?",
    "pub   ed25519 2023-03-14 [SC]\n      {{GPGFPR}}\nuid           [ultimate] {{NAME}} <{{EMAIL}}>",
    "[Peer]\nPublicKey = {{WGPUB}}\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.{{DOMAIN}}:51820\nPersistentKeepalive = 25",
    "# public key: age1{{BECH58}}",
    '{"keys":[{"kty":"RSA","kid":"{{KID}}","use":"sig","alg":"RS256","n":"{{JWKN}}","e":"AQAB"}]}',
    "Variant: release\nConfig: release\nStore: /Users/{{USER}}/keys/upload.jks\nAlias: upload\nSHA1: {{FP20}}\nSHA-256: {{FP32}}\nValid until: Friday, 2 March 2049",
    "gpg: Signature made Tue 17 Sep 2024 10:15:02 CEST\ngpg:                using EDDSA key {{GPGFPR}}\ngpg: Good signature from \"{{NAME}} <{{EMAIL}}>\" [ultimate]",
    "sha256 Fingerprint={{FP32}}",
    "authorized_keys: added key SHA256:{{SSHFP}} for deploy@{{SVC}}",
    # placeholders, templating, references
    "# .env.example\nAPI_KEY=<your-api-key>\nAPI_BASE_URL=https://api.{{DOMAIN}}",
    "# .env.example\nSECRET_KEY=\nDATABASE_URL=postgres://user:password@localhost:5432/app_dev",
    "        password: {{ .Values.postgresql.auth.password | quote }}",
    "      - name: Publish\n        env:\n          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\n        run: npm publish --provenance",
    "DB_PASSWORD=${DB_PASSWORD:?DB_PASSWORD must be set}",
    "STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx   # placeholder, real key lives in Doppler",
    "Authorization: Bearer <token>",
    'export OPENAI_API_KEY="..."   # paste your own key locally, never commit it',
    "api_key: ********  (hidden, {{N}} chars)",
    "db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n{{HEXBLOCK}}",
    "db_password: ENC[AES256_GCM,data:{{B64S}},iv:{{B64IV}},tag:{{B64TAG}},type:str]",
    "config:\n  {{SVC}}:dbPassword:\n    secure: {{PULUMI}}",
    "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: {{SVC}}-db\nspec:\n  encryptedData:\n    password: {{SEALED}}",
    "        env:\n          - name: DB_PASSWORD\n            valueFrom:\n              secretKeyRef:\n                name: {{SVC}}-db\n                key: password",
    "secrets:\n  db_password:\n    file: ./secrets/db_password.txt",
    "GOOGLE_APPLICATION_CREDENTIALS=/var/secrets/google/key.json",
    "ssl_certificate     /etc/letsencrypt/live/{{DOMAIN}}/fullchain.pem;\nssl_certificate_key /etc/letsencrypt/live/{{DOMAIN}}/privkey.pem;",
    "STRIPE_SECRET_KEY: arn:aws:secretsmanager:{{REGION}}:{{ACCT}}:secret:prod/stripe-{{RS6}}",
    "api_key = op://{{VAULT}}/{{SVC}}/credential",
    "DB_PASSWORD: vault:secret/data/{{SVC}}/prod#password",
    "gcloud run deploy {{SVC}} --set-secrets=DB_PASSWORD=projects/{{PROJ}}/secrets/db-password/versions/latest",
    'password = data.aws_secretsmanager_secret_version.db.secret_string',
    "KEYCLOAK_ADMIN_PASSWORD_FILE=/run/secrets/keycloak_admin",
    "spring.datasource.password=${DB_PASSWORD}",
    "signing.secretKeyRingFile=/home/{{USER}}/.gnupg/secring.gpg",
    '    storePassword System.getenv("KEYSTORE_PASSWORD")\n    keyAlias "upload"',
    "token_endpoint: https://auth.{{DOMAIN}}/oauth/token\njwks_uri: https://auth.{{DOMAIN}}/.well-known/jwks.json",
    '  "token": "{{ with secret \\"secret/data/{{SVC}}\\" }}{{ .Data.data.token }}{{ end }}"',
    "llm:\n  provider: anthropic\n  api_key_env: ANTHROPIC_API_KEY",
    # reading from stdin / files
    "docker login ghcr.io -u {{USER}} --password-stdin < ~/.config/ghcr_token",
    "kubectl create secret tls {{SVC}}-tls --cert=./certs/server.crt --key=./certs/server.key -n {{NS}}",
    "gh auth login --with-token < ~/secrets/gh-token.txt",
    "mysql --defaults-extra-file=~/.my.prod.cnf -e 'SHOW PROCESSLIST'",
    "read -rsp 'DB password: ' PGPASSWORD && export PGPASSWORD",
    "aws secretsmanager get-secret-value --secret-id prod/{{SVC}}/db --query SecretString --output text | jq -r .username",
    "vault kv get -field=password secret/{{SVC}}/{{ENVNAME}} | pbcopy",
    "echo \"$KUBECONFIG_B64\" | base64 -d > ~/.kube/config",
    "openssl rand -hex 32 > .secrets/session_key && chmod 600 .secrets/session_key",
    "export GITHUB_TOKEN=$(gh auth token)",
    'curl -H "Authorization: Bearer $API_TOKEN" https://api.{{DOMAIN}}/v1/{{RES}}',
    "psql \"$DATABASE_URL\" -c 'select count(*) from orders'",
    "cat ~/.npmrc | grep -c _authToken",
    # discussion without values
    "Rotated the Stripe live key in the dashboard; the new one is only in 1Password ('Stripe prod'). Old key revoked at {{TIME}} UTC.",
    "The 401s were because GITHUB_TOKEN lacked the packages:read scope, not a wrong value.",
    "Next: move the SMTP password out of settings.py into an env var; do not paste it in notes.",
    "Asked {{NAME}} to regenerate the Slack bot token; waiting. .env is already in .gitignore.",
    "Secret scanning alert #{{N}} (AWS access key) closed as revoked.",
    "Decision: JWT signing key will come from KMS ({{TICKET}}); no shared secret in config.",
    "Der API-Schlüssel liegt im Vault unter secret/{{SVC}}; bitte nicht in Notizen kopieren.",
    "Le jeton a expiré, il faut en régénérer un dans la console puis mettre à jour le secret CI.",
    "パスワードは1Passwordの「{{SVC}} prod」に保存済み。ここには書かない。",
    "La clave de API se rota cada 90 días; la actual está en el gestor de secretos.",
    "密钥已轮换，新密钥保存在 Vault 中，不要写进代码。",
    "Токен хранится в GitLab CI variables (masked), локально берём из pass.",
    # fake fixtures and test output
    'FAKE_API_KEY = "test-key-not-real-0000"  # unit tests only',
    "# AWS documentation example credentials (not real)\nAWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    'const DUMMY_TOKEN = "dummy-token-for-tests";',
    "@pytest.fixture\ndef fake_token():\n    return \"fake-\" + \"x\" * 32",
    "GH_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  # placeholder in README",
    "STRIPE_TEST_CARD=4242424242424242  # Stripe's public test card",
    "jest.mock('../lib/secrets', () => ({ getSecret: jest.fn().mockResolvedValue('mock-secret') }));",
    "tests/test_auth.py::test_rejects_expired_token PASSED                    [ 42%]",
    "FAILED tests/test_tokens.py::test_rotate_key - AssertionError: assert 401 == 200",
    "--- PASS: TestTokenRotation (0.03s)\n--- PASS: TestPasswordHashing/bcrypt_cost_12 (0.21s)\nok  \tgithub.com/{{REPO}}/internal/auth\t0.412s",
    "test config::tests::parses_token_file ... ok\ntest config::tests::rejects_empty_secret ... ok\n\ntest result: ok. 14 passed; 0 failed; 0 ignored",
    "  PASS  src/redaction.test.ts\n    ✓ masks api keys in log output (12 ms)\n    ✓ refuses weak passwords (3 ms)",
    "AssertionError: expected status 403 for invalid API key, got 200",
    "Ran 212 tests in 14.882s\n\nOK (skipped=3)",
    "auth/tokens.py        94%\nsecrets/vault.py      88%\nTOTAL                 91%",
    # minified / hashed names / cache keys
    "dist/assets/index-{{VITEHASH}}.js   142.31 kB | gzip: 45.87 kB",
    "build/static/js/main.{{HEX8}}.js\nbuild/static/css/main.{{HEX8__2}}.css",
    '!function(e,t){"object"==typeof exports?module.exports=t():e.{{MINID}}=t()}(this,function(){var n="{{HEX16}}";return n});',
    '<link rel="stylesheet" href="/_next/static/css/{{HEX16}}.css" data-n-g="">',
    "Cache restored from key: node-modules-Linux-{{HEX64}}",
    "Restoring cache: v1-deps-{{BRANCH}}-{{B64U22}}",
    "sccache: cache hit for {{HEX40}}",
    "._button_{{RS5}}_12 { padding: 4px 8px; }",
    "webpack 5.90.3 compiled successfully in 8123 ms (hash {{HEX16}}{{HEX4}})",
    # public ids
    'db.orders.find({ _id: ObjectId("{{OBJID}}") })',
    "Stripe: created customer {{STRIPECUS}} and PaymentIntent {{STRIPEPI}}",
    "Demo video: https://youtu.be/{{YTID}}",
    "Short link: https://bit.ly/{{SHORT}}",
    "Slack channel C0{{UP9}} (#{{CHAN}})",
    "Firebase app id 1:{{DIG12}}:android:{{HEX16}}",
    "gtag('config', 'G-{{UP10}}');",
    "Team ID {{UP10}}, bundle id com.{{ORG}}.{{SVC}}, provisioning profile {{UUIDU}}",
    "zigbee2mqtt: Device '0x{{HEX16}}' joined (Aqara door sensor)",
    "DHCPACK on 192.168.1.{{O}} to {{MAC}} (esp-garage)",
    "Share URL: https://{{APP}}.app/s/{{NANOID}}",
    "Discord guild id {{DIG18}}, channel id {{DIG18__2}}",
    "SteamID64: 7656119{{DIG10}}",
    "level-seed=-{{DIG18}}",
    "require {{GOMOD}} v0.0.0-{{DATEC}}{{TIMEC}}-{{HEX12}}",
    "Uploaded dSYM {{UUIDU}} for build {{N}}",
    "Order {{N}} -> ord_{{RS24}} (status: paid)",
    # ordinary commands
    "kubectl rollout status deploy/{{SVC}} -n {{NS}} --timeout=120s",
    "docker compose up -d --build && docker compose logs -f api",
    "terraform plan -out=tfplan -var-file=envs/{{ENVNAME}}.tfvars",
    "openssl x509 -in cert.pem -noout -fingerprint -sha256",
    "cargo build --release && ./target/release/{{APP}} --config ~/.config/{{APP}}/config.toml",
    "python manage.py migrate && python manage.py collectstatic --noinput",
    "adb logcat -s OkHttp:D | grep -v Authorization",
    # ordinary source
    'api_key = os.environ["STRIPE_SECRET_KEY"]',
    'const secret = await client.send(new GetSecretValueCommand({ SecretId: "prod/{{SVC}}/jwt" }));',
    'token := os.Getenv("GITHUB_TOKEN")\nif token == "" {\n\tlog.Fatal("GITHUB_TOKEN not set")\n}',
    'let key = std::env::var("API_KEY").context("API_KEY must be set")?;',
    'if (password.length < 12) throw new ValidationError("password too short");',
    "hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))",
    'private val apiKey: String = BuildConfig.MAPS_API_KEY',
    'SECRET_KEY = env("DJANGO_SECRET_KEY")',
    "config.secret_key_base = Rails.application.credentials.secret_key_base",
    "const CACHE_KEY = `user:${userId}:profile:v3`;",
    'PASSWORD_RE = re.compile(r"(?i)(password|passwd|pwd)\\s*[:=]\\s*\\S+")',
    'NAMESPACE = uuid.UUID("{{UUID}}")  # namespace for device ids',
    "static let apiBaseURL = URL(string: \"https://api.{{DOMAIN}}\")!",
    # CI
    "env:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n  GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
    "variables:\n  DB_PASSWORD: $CI_DB_PASSWORD  # masked project variable",
    "✓ Set Actions secret STRIPE_SECRET_KEY for {{REPO}}",
    "withCredentials([string(credentialsId: 'sonar-token', variable: 'SONAR_TOKEN')]) {\n  sh 'mvn sonar:sonar -Dsonar.token=$SONAR_TOKEN'\n}",
    "      - uses: actions/checkout@{{HEX40}}  # v4.1.1",
    "$ gh secret list\nNPM_TOKEN          Updated {{DATE}}\nSTRIPE_SECRET_KEY  Updated {{DATE__2}}",
    'echo "::add-mask::$DEPLOY_TOKEN"',
    "Deploying {{APP}} ({{SHA7}}) to {{ENVNAME}}: release v{{VER}}, build {{BUILDID}}",
]
_FILL["HEX4"] = lambda: _rhex(4)

# ---------------------------------------------------------------------------
# assembly
# ---------------------------------------------------------------------------
_TARGETS = [
    ("command", _CMD, 225),
    ("tool-output", _TOOL, 225),
    ("config-file", _CFG, 270),
    ("source-code", _SRC, 225),
    ("stack-trace-or-log", _LOG, 150),
    ("note-or-chat", _NOTE_EN, 112),
    ("note-or-chat", _NOTE_INTL, 38),
    ("ci-and-deploy", _CI, 150),
]
_VENDOR_TARGET = 105


def _build_vendor(target, counter):
    names = sorted(k["name"] for k in KINDS.values() if k["cat"] == "vend")
    _R.shuffle(names)
    out = []
    for name in names:
        if len(out) >= target:
            break
        n = min(_c([2, 2, 2, 1, 3]), target - len(out))
        kind = KINDS[name]
        for _ in range(n):
            tpls = list(_VENDOR_TPL)
            if kind["bearer"]:
                tpls.append(("Authorization: Bearer {{S}}", "Authorization"))
            for _attempt in range(20):
                tpl, vis = _c(tpls)
                try:
                    out.append(_instance("vendor-token", "vendor-" + name, tpl, vis, kind))
                    break
                except ValueError:
                    continue
    return out


def _build_all():
    counter = [0]
    secrets = []
    for group, ctxs, target in _TARGETS:
        secrets.extend(_build_group(group, ctxs, target, counter))
    secrets.extend(_build_vendor(_VENDOR_TARGET, counter))
    values = [s[3] for s in secrets]
    benign = []
    seen = set()
    i = 0
    while len(benign) < 800:
        t = _BENIGN_TPL[i % len(_BENIGN_TPL)]
        i += 1
        text = t() if callable(t) else _render(t, _Ctx())
        if text in seen or any(v in text for v in values):
            continue
        seen.add(text)
        benign.append(text)
    return secrets, benign


SECRETS, BENIGN = _build_all()
