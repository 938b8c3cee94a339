"""Redaction corpus: fake secrets in the shapes real issuers use, and ordinary agent text.

Data only.  Every secret value is generated at import time from a seeded generator and
assembled from parts, so no realistic token is ever written literally in this file (and
secret scanners such as GitHub push protection have nothing to flag).

SECRETS: (family, text, secret, visible) — `secret` must vanish from the redacted text;
`visible` (may be "") is the key name / prefix that must still read `visible + «redacted»`.
BENIGN:  strings a coding agent writes that must come back byte-for-byte unchanged.
"""
import base64
import random

_rng = random.Random(20240605)

UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOWER = "abcdefghijklmnopqrstuvwxyz"
DIGITS = "0123456789"
ALNUM = UPPER + LOWER + DIGITS
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l".upper()


def rand(alphabet, n):
    return "".join(_rng.choice(alphabet) for _ in range(n))


def password():
    """A human-ish password: letters, digits and a symbol that needs no shell quoting."""
    return rand(LOWER, 4) + rand(DIGITS, 2) + rand(UPPER, 2) + rand("!@#%^*_+.", 1) + rand(ALNUM, 5)


def value():
    return rand(ALNUM, 24)


def b64(n_bytes):
    return base64.b64encode(bytes(_rng.getrandbits(8) for _ in range(n_bytes))).decode()


def b64url_json(text):
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def jwt():
    header = b64url_json('{"alg":"HS256","typ":"JWT"}')
    payload = b64url_json('{"sub":"%s","iat":%d}' % (rand(DIGITS, 8), 1700000000 + _rng.randrange(10 ** 6)))
    return header + "." + payload + "." + rand(B64URL, 43)


def pem_body(lines, literal_newlines=False):
    sep = "\\n" if literal_newlines else "\n"
    body = sep.join(rand(B64, 64) for _ in range(lines)) + sep + rand(B64, 20) + "=="
    return sep + body + sep


def pem(kind, literal_newlines=False):
    label = (kind + " PRIVATE KEY").strip()
    begin, end = "-----BEGIN " + label + "-----", "-----END " + label + "-----"
    body = pem_body(6, literal_newlines)
    return begin, body, end


def gh(kind):
    return "gh" + kind + "_" + rand(ALNUM, 36)


def slack(kind):
    return "xo" + "x" + kind + "-" + rand(DIGITS, 12) + "-" + rand(DIGITS, 13) + "-" + rand(ALNUM, 24)


def stripe(kind, mode):
    return kind + "_" + mode + "_" + rand(ALNUM, 24)


SECRETS = []


def secret(family, template, secret_value, visible=""):
    SECRETS.append((family, template.replace("{v}", secret_value), secret_value, visible))


# Assignments: plain, export, .env, quoted, Header: value, JSON, YAML, ini, code.
secret("assignment", "export GITHUB_TOKEN={v}", value(), "GITHUB_TOKEN=")
secret("assignment", "OPENAI_API_KEY={v} python scripts/summarise.py", value(), "OPENAI_API_KEY=")
secret("assignment", "STRIPE_SECRET={v}", value(), "STRIPE_SECRET=")
secret("assignment", "DB_PASSWORD='{v}'", password(), "DB_PASSWORD='")
secret("assignment", 'DB_PASSWORD="{v}" npm run migrate', password(), 'DB_PASSWORD="')
secret("assignment", "GITHUB_CLIENT_SECRET={v} npm run dev", "gh_live_" + rand(HEX, 6), "GITHUB_CLIENT_SECRET=")
secret("assignment", "X-Api-Key: {v}", value(), "X-Api-Key: ")
secret("assignment", 'curl -H "X-Auth-Token: {v}" https://api.example.com/v1/me', value(), "X-Auth-Token: ")
secret("assignment", '{"api_key": "{v}", "region": "us-east-1"}', value(), '"api_key": "')
secret("assignment", '{"user":"app","password":"{v}"}', password(), '"password":"')
secret("assignment", "database:\n  host: db.internal\n  password: {v}\n  pool: 5", password(), "password: ")
secret("assignment", "services:\n  api:\n    db_password: {v}", password(), "db_password: ")
secret("assignment", 'oauth:\n  client_secret: "{v}"', value(), 'client_secret: "')
secret("assignment", "[default]\naws_access_key_id = EXAMPLEID\naws_secret_access_key = {v}", rand(B64, 40),
       "aws_secret_access_key = ")
secret("assignment", "AWS_SECRET_ACCESS_KEY={v} aws s3 ls", rand(B64, 40), "AWS_SECRET_ACCESS_KEY=")
secret("assignment", '{"AccessKeyId": "EXAMPLEID", "SecretAccessKey": "{v}"}', rand(B64, 40),
       '"SecretAccessKey": "')
secret("assignment", "PGPASSWORD={v} psql -h db -U app app", password(), "PGPASSWORD=")
secret("assignment", "MYSQL_PWD={v} mysql -u root app", password(), "MYSQL_PWD=")
secret("assignment", "TWILIO_AUTH_TOKEN={v}", rand(HEX, 32), "TWILIO_AUTH_TOKEN=")
secret("assignment", "spring.datasource.password={v}", password(), "spring.datasource.password=")
secret("assignment", "Server=db;Database=app;User Id=sa;Password={v};", password(), "Password=")
secret("assignment", "DJANGO_SECRET_KEY='{v}'", rand(ALNUM + "!@#%^*(-_=+)", 50), "DJANGO_SECRET_KEY='")
secret("assignment", 'SECRET_KEY = "{v}"', value(), 'SECRET_KEY = "')
secret("assignment", "api_key = '{v}'", value(), "api_key = '")
secret("assignment", "auth:\n  token: {v}", rand(ALNUM, 32), "token: ")
secret("assignment", '{"refresh_token": "{v}"}', "1//0g" + rand(B64URL, 40), '"refresh_token": "')
secret("assignment", "//registry.npmjs.org/:_authToken={v}", rand(HEX, 8) + "-" + rand(HEX, 4) + "-" + rand(HEX, 12),
       "_authToken=")
secret("assignment", '$env:API_KEY = "{v}"', value(), 'API_KEY = "')
secret("assignment", "set PASSWORD={v}", password(), "PASSWORD=")
secret("assignment", "docker run -e POSTGRES_PASSWORD={v} -d postgres:16", password(), "POSTGRES_PASSWORD=")
secret("assignment", "kubectl create secret generic db --from-literal=password={v}", password(), "password=")
secret("assignment", "ENV SENTRY_AUTH_TOKEN={v}", rand(HEX, 64), "SENTRY_AUTH_TOKEN=")
secret("assignment", "GET https://api.example.com/v2/items?access_token={v}&per_page=100", value(), "access_token=")
secret("assignment", 'wget "https://maps.example.com/api?api_key={v}&format=json"', value(), "api_key=")
secret("assignment", "const client = new Client({ apiKey: '{v}', timeout: 5000 });", value(), "apiKey: '")
secret("assignment", "SMTP_PASS={v}", password(), "SMTP_PASS=")
secret("assignment", "passphrase={v}", password(), "passphrase=")
secret("assignment", '{"clientId":"web","clientSecret":"{v}"}', value(), '"clientSecret":"')
secret("assignment", "password = {v}", password(), "password = ")
secret("assignment", "API_KEY={v}", rand(DIGITS, 14), "API_KEY=")
secret("assignment", "ADMIN_PASSWORD={v}", rand(DIGITS, 4), "ADMIN_PASSWORD=")
secret("assignment", 'echo "{\\"password\\": \\"{v}\\"}" > creds.json', password(), '\\"password\\": \\"')
secret("assignment", "SESSION_SECRET={v}", rand(HEX, 64), "SESSION_SECRET=")
secret("assignment", "JWT_SECRET={v} node server.js", value(), "JWT_SECRET=")
secret("assignment", "ENCRYPTION_KEY={v}", b64(32), "ENCRYPTION_KEY=")
secret("assignment", "AZURE_CLIENT_SECRET={v}", rand(ALNUM + "~._-", 40), "AZURE_CLIENT_SECRET=")
secret("assignment", "NPM_CONFIG__AUTH={v}", b64(24), "NPM_CONFIG__AUTH=")
secret("assignment", 'config :app, secret_key: "{v}"', value(), 'secret_key: "')
secret("assignment", "vault write auth/userpass/users/me password={v}", password(), "password=")
secret("assignment", 'token := "{v}"', value(), 'token := "')
secret("assignment", "export CI_JOB_TOKEN={v}", rand(ALNUM, 20), "CI_JOB_TOKEN=")
secret("assignment", "Private-Token: {v}", rand(ALNUM, 20), "Private-Token: ")
secret("sql-password", "ALTER USER app WITH PASSWORD '{v}';", password(), "PASSWORD '")
secret("sql-password", "CREATE USER 'app'@'%' IDENTIFIED BY '{v}';", password(), "IDENTIFIED BY '")
secret("netrc", "machine api.heroku.com login me@example.com password {v}", rand(HEX, 8) + "-" + rand(HEX, 4),
       "password ")

# Authorization headers.
secret("authorization", 'curl -H "Authorization: Bearer {v}" https://api.example.com', value(), "Bearer ")
secret("authorization", "Authorization: Basic {v}", base64.b64encode(b"admin:" + password().encode()).decode(),
       "Authorization: Basic ")
secret("authorization", "curl -H 'Authorization: token {v}' https://api.github.com/user", rand(HEX, 40), "token ")
secret("authorization", '{"headers": {"Authorization": "Bearer {v}"}}', value(), "Bearer ")
secret("authorization", "authorization: Bot {v}", rand(B64URL, 59), "Bot ")
secret("authorization", "http GET api.example.com 'Authorization:Bearer {v}'", value(), "Bearer ")
secret("authorization", "Proxy-Authorization: Basic {v}", b64(18), "Basic ")
secret("authorization", "sent Bearer {v} to the staging API", rand(B64URL, 40), "Bearer ")
secret("authorization", "Authorization: {v}", rand(ALNUM, 32), "Authorization: ")

# Credentials in URLs.
secret("url-credentials", "postgres://app:{v}@db.internal:5432/app", password(), "postgres://app:")
secret("url-credentials", "mysql://root:{v}@localhost:3306/shop", password(), "mysql://root:")
secret("url-credentials", "mongodb+srv://admin:{v}@cluster0.ab1cd.mongodb.net/test?retryWrites=true",
       password(), "mongodb+srv://admin:")
secret("url-credentials", "REDIS_URL=redis://:{v}@cache:6379/0", rand(ALNUM, 32), "redis://:")
secret("url-credentials", "rediss://default:{v}@eu1-fast-cat.upstash.io:6380", rand(ALNUM, 32),
       "rediss://default:")
secret("url-credentials", "amqp://guest:{v}@rabbit:5672/vhost", password(), "amqp://guest:")
secret("url-credentials", "curl https://deploy:{v}@example.com/private/build.zip -o build.zip", password(),
       "https://deploy:")
secret("url-credentials", "git clone https://x-access-token:{v}@github.com/org/repo.git", value(),
       "https://x-access-token:")
secret("url-credentials", "DATABASE_URL=postgresql://app:{v}@db/app?sslmode=require", password(),
       "postgresql://app:")
secret("url-credentials", "ftp://anon:{v}@ftp.example.org/pub", password(), "ftp://anon:")
secret("url-credentials", "jdbc:postgresql://db:5432/app?user=app&password={v}", password(), "password=")
secret("url-credentials", "CELERY_BROKER_URL='amqp://celery:{v}@mq.internal//'", password(), "amqp://celery:")

# Command-line flags.
secret("cli-flag", "mytool deploy --password={v} --env prod", password(), "--password=")
secret("cli-flag", "mytool deploy --password {v} --env prod", password(), "--password ")
secret("cli-flag", "gh-release upload --token {v} dist/*.whl", value(), "--token ")
secret("cli-flag", "vercel deploy --token={v}", rand(ALNUM, 24), "--token=")
secret("cli-flag", "maps-cli geocode --api-key {v} 'Main St'", value(), "--api-key ")
secret("cli-flag", "maps-cli geocode --api-key={v}", value(), "--api-key=")
secret("cli-flag", "webhook-relay --secret {v} --port 9000", rand(HEX, 40), "--secret ")
secret("cli-flag", "az ad sp create --client-secret {v}", rand(ALNUM + "~._-", 40), "--client-secret ")
secret("cli-flag", "twine upload --access-token {v}", value(), "--access-token ")
secret("cli-flag", "pg_restore --db-password '{v}' dump.sql", password(), "--db-password '")
secret("cli-flag", "keytool -importkeystore -storepass {v} -srckeystore a.p12", password(), "-storepass ")
secret("cli-flag", "sentry-cli --auth-token {v} releases new 1.2.3", rand(HEX, 64), "--auth-token ")
secret("cli-flag", 'wget --http-password="{v}" https://intranet/report.pdf', password(), '--http-password="')
secret("cli-flag", "docker login -u deploy -p {v} registry.example.com", password(), "-p ")
secret("cli-flag", "podman login -u me -p {v} quay.io", password(), "-p ")
secret("cli-flag", "mysql -u root -p{v} app", password(), "-p")
secret("cli-flag", "mysqldump -uroot -p{v} app > dump.sql", password(), "-p")
secret("cli-flag", "curl -u admin:{v} https://jenkins.local/api/json", password(), "-u admin:")
secret("cli-flag", 'curl --user "deploy:{v}" https://example.com/upload', password(), "deploy:")
secret("cli-flag", "sshpass -p {v} ssh deploy@10.0.0.5", password(), "-p ")
secret("cli-flag", "redis-cli -h cache -a {v} ping", password(), "-a ")

# Bare tokens with their issuers' shapes.
secret("openai", "OPENAI_API_KEY={v}", "sk" + "-" + rand(ALNUM, 48), "OPENAI_API_KEY=")
secret("openai", "client = OpenAI(api_key={v})", "sk" + "-proj-" + rand(B64URL, 74) + "T3Blbk" + "FJ" + rand(B64URL, 74),
       "api_key=")
secret("openai", "the key {v} was rotated", "sk" + "-svcacct-" + rand(B64URL, 60), "")
secret("openai", "using {v} for embeddings", "sk" + "-" + rand(HEX, 32), "")
secret("anthropic", "ANTHROPIC_API_KEY={v}", "sk" + "-ant-api03-" + rand(B64URL, 93) + "AA", "ANTHROPIC_API_KEY=")
secret("anthropic", "x-api-key: {v}", "sk" + "-ant-api03-" + rand(B64URL, 93) + "AA", "x-api-key: ")
secret("anthropic", "admin key {v} in the console", "sk" + "-ant-admin01-" + rand(B64URL, 93) + "AA", "")
secret("github", "git push https://{v}@github.com/org/repo.git", gh("p"), "https://")
secret("github", "token is {v}", gh("p"), "")
secret("github", "OAuth app returned {v}", gh("o"), "")
secret("github", "user-to-server {v} expires in 8h", gh("u"), "")
secret("github", "GITHUB_TOKEN: {v}", gh("s"), "GITHUB_TOKEN: ")
secret("github", "refresh with {v}", gh("r"), "")
secret("github", "fine-grained PAT {v}",
       "github" + "_pat_" + rand(ALNUM, 22) + "_" + rand(ALNUM, 59), "")
secret("gitlab", "glab auth login --token {v}", "gl" + "pat-" + rand(B64URL, 20), "--token ")
secret("gitlab", "runner registered with {v}", "gl" + "rt-" + rand(B64URL, 20), "")
secret("slack", "SLACK_BOT_TOKEN={v}", slack("b"), "SLACK_BOT_TOKEN=")
secret("slack", "user token {v}", "xo" + "xp-" + rand(DIGITS, 12) + "-" + rand(DIGITS, 12) + "-" + rand(DIGITS, 13)
       + "-" + rand(HEX, 32), "")
secret("slack", "legacy {v}", "xo" + "xa-2-" + rand(DIGITS, 12) + "-" + rand(ALNUM, 24), "")
secret("slack", "rotation returned {v}", "xo" + "xr-" + rand(DIGITS, 12) + "-" + rand(ALNUM, 30), "")
secret("slack", "session {v}", "xo" + "xs-" + rand(DIGITS, 12) + "-" + rand(ALNUM, 30), "")
secret("slack", "SLACK_APP_TOKEN={v}", "xa" + "pp-1-A" + rand(UPPER + DIGITS, 10) + "-" + rand(DIGITS, 13) + "-"
       + rand(HEX, 64), "SLACK_APP_TOKEN=")
secret("slack", "curl -X POST https://hooks.slack.com/services/{v} -d @msg.json",
       "T" + rand(UPPER + DIGITS, 8) + "/B" + rand(UPPER + DIGITS, 8) + "/" + rand(ALNUM, 24),
       "hooks.slack.com/services/")
_discord_id, _discord_token = rand(DIGITS, 18), rand(B64URL, 68)
secret("discord", "https://discord.com/api/webhooks/" + _discord_id + "/{v}", _discord_token,
       "webhooks/" + _discord_id + "/")
secret("stripe", "STRIPE_SECRET_KEY={v}", stripe("sk", "live"), "STRIPE_SECRET_KEY=")
secret("stripe", "stripe.api_key = '{v}'", stripe("sk", "test"), "stripe.api_key = '")
secret("stripe", "restricted key {v} for reporting", stripe("rk", "live"), "")
secret("stripe", "use {v} in CI", stripe("rk", "test"), "")
secret("stripe", "STRIPE_WEBHOOK_SECRET={v}", "wh" + "sec_" + rand(ALNUM, 32), "STRIPE_WEBHOOK_SECRET=")
secret("google", "https://maps.googleapis.com/maps/api/geocode/json?address=x&key={v}",
       "AI" + "za" + rand(B64URL, 35), "key=")
secret("google", "GOOGLE_API_KEY: {v}", "AI" + "za" + rand(B64URL, 35), "GOOGLE_API_KEY: ")
secret("google", "client secret {v}", "GOC" + "SPX-" + rand(B64URL, 28), "")
secret("google", "access token {v}", "ya" + "29." + rand(B64URL, 120), "")
secret("aws", "AWS_ACCESS_KEY_ID={v}", "AK" + "IA" + rand(UPPER + DIGITS, 16), "AWS_ACCESS_KEY_ID=")
secret("aws", "temporary creds {v} from sts", "AS" + "IA" + rand(UPPER + DIGITS, 16), "")
secret("aws", "aws_session_token = {v}", rand(B64, 300), "aws_session_token = ")
secret("npm", "//registry.npmjs.org/:_authToken={v}", "np" + "m_" + rand(ALNUM, 36), "_authToken=")
secret("npm", "npm token created: {v}", "np" + "m_" + rand(ALNUM, 36), "")
secret("pypi", "twine upload -u __token__ -p {v} dist/*", "py" + "pi-AgEIcHlwaS5vcmc" + rand(B64URL, 70), "")
secret("pypi", "TWINE_PASSWORD={v}", "py" + "pi-AgEIcHlwaS5vcmc" + rand(B64URL, 70), "TWINE_PASSWORD=")
secret("twilio", "TWILIO_API_KEY={v}", "S" + "K" + rand(HEX, 32), "TWILIO_API_KEY=")
secret("twilio", "api key sid {v}", "S" + "K" + rand(HEX, 32), "")
_twilio_sid = "A" + "C" + rand(HEX, 32)
secret("twilio", "twilio login " + _twilio_sid + ":{v}", rand(HEX, 32), _twilio_sid + ":")
secret("sendgrid", "SENDGRID_API_KEY={v}", "S" + "G." + rand(B64URL, 22) + "." + rand(B64URL, 43),
       "SENDGRID_API_KEY=")
secret("sendgrid", "mail sent with {v}", "S" + "G." + rand(B64URL, 22) + "." + rand(B64URL, 43), "")
secret("jwt", "session cookie {v}", jwt(), "")
secret("jwt", "NEXT_PUBLIC_SUPABASE_ANON_KEY={v}", jwt(), "NEXT_PUBLIC_SUPABASE_ANON_KEY=")
secret("jwt", '{"id_token": "{v}"}', jwt(), '"id_token": "')
secret("huggingface", "HF_TOKEN={v}", "h" + "f_" + rand(UPPER + LOWER, 34), "HF_TOKEN=")
secret("digitalocean", "doctl auth init -t {v}", "do" + "p_v1_" + rand(HEX, 64), "")
secret("shopify", "X-Shopify-Access-Token: {v}", "sh" + "pat_" + rand(HEX, 32), "X-Shopify-Access-Token: ")
secret("databricks", "databricks token {v}", "da" + "pi" + rand(HEX, 32), "")
secret("age", "age key {v}", "AGE-SECRET" + "-KEY-1" + rand(BECH32, 58), "")

# Private-key blocks, with real and JSON-escaped newlines.
for _kind, _literal in (("RSA", False), ("OPENSSH", False), ("EC", False), ("", False),
                        ("ENCRYPTED", False), ("", True), ("RSA", True)):
    _begin, _body, _end = pem(_kind, _literal)
    secret("private-key", "key.pem:\n" + _begin + "{v}" + _end + "\n", _body, _begin)
_begin, _body, _end = pem("", True)
secret("private-key", '{"type": "service_account", "private_key": "' + _begin + "{v}" + _end + '\\n"}', _body, _begin)

# Cloud connection strings and signed URLs.
secret("azure", "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={v};EndpointSuffix=core.windows.net",
       b64(64), "AccountKey=")
secret("azure", "Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;"
       "SharedAccessKey={v}", b64(32), "SharedAccessKey=")
secret("azure", "https://acme.blob.core.windows.net/c/f.txt?sv=2022-11-02&ss=b&srt=o&sp=r&sig={v}",
       rand(B64URL, 43) + "%3D", "sig=")
secret("aws", "https://bucket.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature={v}",
       rand(HEX, 64), "X-Amz-Signature=")

secret("vault", "VAULT_ADDR=https://vault:8200 vault login {v}", "hvs." + rand(B64URL, 90), "vault login ")
secret("telegram", "curl https://api.telegram.org/bot{v}/sendMessage",
       rand(DIGITS, 9) + ":AA" + rand(B64URL, 33), "api.telegram.org/bot")
secret("aws", "aws configure set aws_secret_access_key {v}", rand(ALNUM + "/+", 40),
       "aws_secret_access_key ")
secret("cli-flag", "az login -u ops@example.com -p {v}", password(), "-p ")

# Ordinary text a coding agent writes: must survive untouched.
_sha = rand(HEX, 40)
_uuid = "-".join(rand(HEX, n) for n in (8, 4, 4, 4, 12))
_png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(_rng.getrandbits(8) for _ in range(120))).decode()

BENIGN = [
    "git log --oneline -5",
    'git commit -m "Fix token refresh race in session middleware"',
    "git rebase -i HEAD~3",
    "git checkout -b feat/password-reset",
    "git show " + _sha,
    "git diff " + _sha[:7] + ".." + rand(HEX, 7) + " -- src/auth/token.ts",
    "git push -u origin main",
    "git cherry-pick " + rand(HEX, 40),
    "HEAD is now at " + rand(HEX, 9) + " Add password strength meter",
    "commit " + rand(HEX, 40) + "\nAuthor: Dev <dev@example.com>\nDate:   Tue Mar 5 10:12:01 2024 +0100",
    "git clone git@github.com:org/repo.git",
    "git remote add upstream https://github.com/org/repo.git",
    "git stash push -m 'wip: token cache'",
    "npm test -- auth",
    'npm test -- --grep "password reset"',
    "npm run build",
    "npm install jsonwebtoken@9 bcrypt@5",
    "npx jest src/auth/token.spec.ts --watch",
    "pnpm add -D @types/node",
    "yarn workspace api run lint",
    "pytest tests/test_tokens.py -k refresh -x",
    "python -m pip install -r requirements.txt",
    "python3 -m unittest discover -s tests -t .",
    "cargo test --package auth -- token::tests",
    "go test ./internal/auth/... -run TestPasswordHash",
    "/home/me/code/app/src/auth/password_reset.py",
    "src/secrets/manager.ts",
    "~/.ssh/id_ed25519.pub",
    "C:\\Users\\me\\AppData\\Roaming\\npm\\node_modules",
    "Edited src/auth/token.ts and src/auth/password.ts",
    "Build " + rand(HEX, 40) + " passed on CI",
    "docker pull ghcr.io/org/app@sha256:" + rand(HEX, 64),
    "session " + _uuid + " resumed",
    "CLAUDE_CODE_SESSION_ID=" + _uuid,
    "request id " + "-".join(rand(HEX, n) for n in (8, 4, 4, 4, 12)),
    "The UUID " + "-".join(rand(HEX, n) for n in (8, 4, 4, 4, 12)) + " identifies the tenant.",
    "Refresh token rotation works; the access token expires after 15 minutes.",
    "Password reset emails are sent via SES.",
    "Store the secret in Vault, never in the repo.",
    "The tokenizer caps prompts at 4096 tokens.",
    "The API key is read from the environment at startup.",
    "Don't log the password: use the masked form instead.",
    "The token: a short-lived JWT signed with RS256.",
    "Secret rotation is handled by the platform team.",
    "password-protected zip files are rejected by the uploader",
    "passwordless login via magic link is behind a flag",
    "token-based auth replaced cookies in v2",
    "Bearer tokens are validated in middleware.ts",
    "Authorization header is missing on the /refresh route",
    "Set `Authorization: Bearer <token>` on every request",
    "The JWT header always starts with eyJhbGciOi",
    "AKIA prefixes identify long-term AWS access keys",
    "ghp_ tokens are classic personal access tokens",
    "sk- keys belong to OpenAI; ours live in the vault",
    "gh auth login --with-token < token.txt",
    "mytool sync --token-file ~/.config/mytool/token",
    "mytool sync --password-file /run/secrets/db_password",
    "echo $CR_PAT | docker login ghcr.io -u me --password-stdin",
    "docker login --password-stdin ghcr.io",
    "API_KEY= npm test",
    "export GITHUB_TOKEN=",
    "GITHUB_TOKEN=$GITHUB_TOKEN npm run release",
    "API_KEY=${API_KEY} docker compose up",
    "TOKEN=${{ secrets.GITHUB_TOKEN }}",
    "PASSWORD=<your-password>",
    "API_KEY=***",
    "SECRET=xxx",
    '"api_key": "${OPENAI_API_KEY}"',
    "password: ${DB_PASSWORD}",
    "DB_PASSWORD=$(cat /run/secrets/db)",
    "PRIVATE_KEY=~/.ssh/deploy_key",
    "SSH_KEY=/home/me/.ssh/id_rsa",
    "--private-key ./keys/deploy.pem",
    "GITHUB_TOKEN=«redacted» npm run dev",
    "postgres://app:«redacted»@db/x",
    "MAX_TOKENS=4096",
    "TOKEN_COUNT=5",
    "max_tokens: 1024",
    "llm --max-tokens 2048 'summarise'",
    "SORT_KEY=1",
    "num_keys=3",
    "permissions:\n  contents: read\n  id-token: write",
    "token: ${{ secrets.GITHUB_TOKEN }}",
    "github-token: ${{ secrets.GITHUB_TOKEN }}",
    "use_token: false",
    "secrets: inherit",
    "task-sk-foo",
    "disk-usage report for /var",
    "risk-assessment.md",
    "kiosk-mode is enabled",
    "ask-user prompt before deleting",
    "data:image/png;base64," + _png,
    "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
    '"integrity": "sha512-' + b64(64) + '"',
    "docker run -p 8080:80 nginx",
    "docker run -u 1000:1000 -v $PWD:/src app",
    "ssh -p 2222 deploy@10.0.0.5",
    "mkdir -p src/auth/tokens",
    "mysql -u root -p",
    "mysql -u root -p < dump.sql",
    "mysql -h db -u app -p app_production < dump.sql",
    "mysqldump -u root -p app > app.sql",
    "mariadb -u root -p wordpress",
    "psql -h localhost -p 5432 -U app app",
    "ssh://git@github.com:22/org/repo.git",
    "https://github.com/org/repo/pull/42",
    "http://localhost:3000/login?next=/dashboard",
    "https://example.com/reset-password?email=a@b.com",
    "postgres://app@db/app",
    "postgres://db:5432/app",
    "redis://localhost:6379/0",
    "http://[::1]:8080/health",
    "curl -s https://api.github.com/repos/org/repo | jq .stargazers_count",
    "curl -u bob https://example.com/private",
    'curl -X POST -H "Content-Type: application/json" -d \'{"name":"x"}\' http://localhost:8080/api/users',
    "token = request.headers.get(\"Authorization\")",
    "password = getpass.getpass()",
    'api_key = os.environ["OPENAI_API_KEY"]',
    'headers = {"Authorization": f"Bearer {token}"}',
    'if not token: raise AuthError("missing token")',
    "def verify_password(password: str) -> bool:",
    "function login(user: string, password: string) {",
    "  password: string;",
    "token: Optional[str] = None",
    'token := os.Getenv("GITHUB_TOKEN")',
    'let api_key = std::env::var("API_KEY")?;',
    "apiKey?: string",
    'read -s -p "Password: " PASSWORD',
    "for key in $(ls); do echo $key; done",
    'ssh-keygen -t ed25519 -C "me@example.com" -f ~/.ssh/id_ed25519',
    "openssl req -new -key server.key -out server.csr",
    "gpg --armor --export-secret-keys ABCDEF12",
    "export PATH=\"$HOME/.local/bin:$PATH\"",
    "export NODE_ENV=production",
    "aws s3 ls s3://my-bucket/uploads/ --profile dev",
    "aws sts get-caller-identity",
    "kubectl get secrets -n prod",
    "kubectl describe secret db-credentials",
    "gh secret set API_KEY < key.txt",
    'gh secret set API_KEY --body "$API_KEY"',
    "vault kv get secret/data/app",
    "npm token list",
    "npm login --registry=https://npm.pkg.github.com",
    "Fixed KeyError: 'api_key' in config loader",
    'config.get("secret_key", default="")',
    '{"token_type":"bearer","expires_in":3600}',
    '{"name": "app", "version": "1.2.3", "private": true}',
    "UPDATE users SET password_hash = $1 WHERE id = $2",
    "SELECT id, email FROM users WHERE password_changed_at < now()",
    ".env*\n*.pem\nsecrets/",
    "Map<String, String> tokens = new HashMap<>();",
    "Next: wire TokenRefresher.refresh() into the retry loop",
    "Decided against storing passwords in localStorage; use httpOnly cookies.",
    "Use iron-session, not express-session (needs edge runtime support)",
    "Set sameSite: 'lax' and secure only in production in src/auth/session.ts",
    "2 failing in session.spec.ts: cookie missing after reload",
    "v1.2.3 released; CHANGELOG updated",
    "color: #1a2b3c; background: #ffffff;",
    "curl -fsSL https://deb.nodesource.com/setup_20.x | sudo -E bash -",
    "pip install keyring && python -m keyring get system me",
    "The key insight: retry only idempotent requests.",
    "Rotated the API_KEY; the new one is in 1Password.",
    "python manage.py createsuperuser --username admin --email admin@example.com",
    "Base64 of the payload: eyJzdWIiOiIxMjM0NTY3ODkwIn0",
    "sha1 " + rand(HEX, 40) + "  dist/app.tar.gz",
    "md5sum: " + rand(HEX, 32),
    "trace_id=" + rand(HEX, 32) + " span_id=" + rand(HEX, 16),
    "Uploaded build artefact " + rand(ALNUM, 24) + ".zip",
    "ETag: \"" + rand(HEX, 32) + "\"",
    "npm ERR! 401 Unauthorized - GET https://registry.npmjs.org/@org%2fpkg - authentication token not provided",
    "The auth token: expired",
    "The --password flag is deprecated; use --password-stdin",
    "vault kv put secret/app password=-",
    "Tokens: 1234 in, 567 out",
    "PASSWORD_MIN_LENGTH=12",
    "TOKEN_TTL=3600",
    "ACCESS_TOKEN_EXPIRE_MINUTES=30",
    "KEY_PATH=/etc/ssl/private/server.key",
    "TLS_KEY=/etc/ssl/private/server.key",
    "export const API_KEY = process.env.API_KEY;",
    "headers: { Authorization: `Bearer ${token}` }",
    "- name: Login\n  uses: docker/login-action@v3\n  with:\n    password: ${{ secrets.GITHUB_TOKEN }}",
    "aws secretsmanager get-secret-value --secret-id prod/db",
    "kubectl get secret app -o jsonpath='{.data.password}' | base64 -d",
    "git config --global credential.helper store",
    "primary_key: id",
    "Use `--token` to pass the token explicitly",
    "api_key: str = Field(..., env='API_KEY')",
    "token = jwt.encode(payload, SECRET_KEY, algorithm='HS256')",
]
