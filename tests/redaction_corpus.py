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
       "curl -X POST https://")  # (a webhook's URL is redacted whole, its host too)
_discord_id, _discord_token = rand(DIGITS, 18), rand(B64URL, 68)
secret("discord", "https://discord.com/api/webhooks/" + _discord_id + "/{v}", _discord_token,
       "https://")
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
secret("jwt", "SUPABASE_SERVICE_ROLE_KEY={v}", jwt(), "SUPABASE_SERVICE_ROLE_KEY=")  # (the anon key is public)
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


# Vendor formats ###############################################################
# One generator per real format (after gitleaks' default rules), each returning
# (token as written, the part that must vanish: the token unless a hint stays visible).
# Every token goes through CONTEXTS, so each format is seen in prose, in JSON and inside
# a file path. Appended after the corpus above, so its seeded values stay the same.

def uuid4():
    return "-".join(rand(HEX, n) for n in (8, 4, 4, 4, 12))


def whole(token):
    return token, token


def mixed(n):
    """n characters with at least one upper-case letter and one digit."""
    return rand(UPPER, 1) + rand(DIGITS, 1) + rand(ALNUM, n - 2)


def _azure_ad():
    tail = rand(ALNUM + "_~.-", 30) + rand(ALNUM, 1)
    return rand(ALNUM, 3) + rand(DIGITS, 1) + "Q" + "~" + tail, tail


def _mailchimp():
    key = rand(HEX, 32)
    return key + "-us" + rand(DIGITS, 2), key


def _terraform():
    secret = rand(ALNUM + "_-", 66) + rand(ALNUM, 1)
    return rand(ALNUM, 14) + ".atlas" + "v1." + secret, secret


def _url_tail(prefix, secret):
    return prefix + secret, secret


# (format, family, generator)
FORMATS = [
    # AI providers
    ("anthropic-api-key", "ai", lambda: whole("sk" + "-ant-api03-" + rand(B64URL, 93) + "AA")),
    ("anthropic-admin-key", "ai", lambda: whole("sk" + "-ant-admin01-" + rand(B64URL, 93) + "AA")),
    ("openai-project-key", "ai", lambda: whole("sk" + "-proj-" + rand(B64URL, 40) + "T3Blbk" + "FJ" + rand(B64URL, 40))),
    ("openai-legacy-letters", "ai", lambda: whole("sk" + "-" + rand(UPPER + LOWER, 48))),
    ("openai-legacy-marker", "ai", lambda: whole("sk" + "-" + rand(ALNUM, 20) + "T3Blbk" + "FJ" + rand(ALNUM, 20))),
    ("openai-compatible-sk", "ai", lambda: whole("sk" + "-" + rand(HEX, 32))),
    ("groq", "ai", lambda: whole("gs" + "k_" + rand(ALNUM, 52))),
    ("xai", "ai", lambda: whole("xa" + "i-" + rand(ALNUM, 80))),
    ("perplexity", "ai", lambda: whole("pp" + "lx-" + rand(ALNUM, 48))),
    ("replicate", "ai", lambda: whole("r" + "8_" + rand(ALNUM, 37))),
    ("langsmith", "ai", lambda: whole("ls" + "v2_pt_" + rand(HEX, 32) + "_" + rand(HEX, 10))),
    ("pinecone", "ai", lambda: whole("pc" + "sk_" + rand(ALNUM, 6) + "_" + rand(ALNUM, 60))),
    ("huggingface-user", "ai", lambda: whole("h" + "f_" + rand(UPPER + LOWER, 34))),
    ("huggingface-org", "ai", lambda: whole("api" + "_org_" + rand(UPPER + LOWER, 34))),
    # Source hosting and CI
    ("github-classic-pat", "scm-ci", lambda: whole(gh("p"))),
    ("github-oauth", "scm-ci", lambda: whole(gh("o"))),
    ("github-user-to-server", "scm-ci", lambda: whole(gh("u"))),
    ("github-server-to-server", "scm-ci", lambda: whole(gh("s"))),
    ("github-refresh", "scm-ci", lambda: whole(gh("r"))),
    ("github-fine-grained-pat", "scm-ci", lambda: whole("github" + "_pat_" + rand(ALNUM, 22) + "_" + rand(ALNUM, 59))),
    ("gitlab-pat", "scm-ci", lambda: whole("gl" + "pat-" + rand(B64URL, 20))),
    ("gitlab-pipeline-trigger", "scm-ci", lambda: whole("gl" + "ptt-" + rand(HEX, 40))),
    ("gitlab-runner-auth", "scm-ci", lambda: whole("gl" + "rt-" + rand(B64URL, 20))),
    ("gitlab-deploy-token", "scm-ci", lambda: whole("gl" + "dt-" + rand(B64URL, 20))),
    ("gitlab-runner-registration", "scm-ci", lambda: whole("GR13" + "48941" + rand(B64URL, 20))),
    ("bitbucket-app-password", "scm-ci", lambda: whole("AT" + "BB" + rand(ALNUM, 32))),
    ("atlassian-api-token", "scm-ci", lambda: whole("ATA" + "TT3" + rand(B64URL, 180) + "=" + rand(HEX.upper(), 8))),
    ("circleci-pat", "scm-ci", lambda: whole("CCI" + "PAT_" + rand(ALNUM, 22) + "_" + rand(HEX, 40))),
    ("buildkite", "scm-ci", lambda: whole("bk" + "ua_" + rand(HEX, 40))),
    ("sonar-project", "scm-ci", lambda: whole("sq" + "p_" + rand(HEX, 40))),
    ("sonar-user", "scm-ci", lambda: whole("sq" + "u_" + rand(HEX, 40))),
    ("sonar-analysis", "scm-ci", lambda: whole("sq" + "a_" + rand(HEX, 40))),
    ("sourcegraph", "scm-ci", lambda: whole("sg" + "p_" + rand(HEX, 16) + "_" + rand(HEX, 40))),
    ("harness-pat", "scm-ci", lambda: whole("pa" + "t." + rand(B64URL, 22) + "." + rand(ALNUM, 24) + "." + rand(ALNUM, 20))),
    ("octopus-deploy", "scm-ci", lambda: whole("AP" + "I-" + rand(UPPER + DIGITS, 26))),
    # Chat
    ("slack-bot", "chat", lambda: whole(slack("b"))),
    ("slack-user", "chat", lambda: whole("xo" + "xp-" + rand(DIGITS, 12) + "-" + rand(DIGITS, 12) + "-"
                                         + rand(DIGITS, 13) + "-" + rand(HEX, 32))),
    ("slack-config", "chat", lambda: whole("xo" + "xe.xoxp-1-" + rand(ALNUM, 140))),
    ("slack-app", "chat", lambda: whole("xa" + "pp-1-A" + rand(UPPER + DIGITS, 10) + "-" + rand(DIGITS, 13) + "-"
                                        + rand(HEX, 64))),
    ("slack-webhook", "chat", lambda: _url_tail("https://hooks.slack.com/services/",
                                                "T" + rand(UPPER + DIGITS, 8) + "/B" + rand(UPPER + DIGITS, 8)
                                                + "/" + rand(ALNUM, 24))),
    ("discord-webhook", "chat", lambda: _url_tail("https://discord.com/api/webhooks/" + rand(DIGITS, 18) + "/",
                                                  rand(B64URL, 68))),
    ("discord-bot", "chat", lambda: whole("M" + rand(ALNUM, 23) + "." + rand(B64URL, 6) + "." + rand(B64URL, 27))),
    ("telegram-bot", "chat", lambda: whole(rand(DIGITS, 9) + ":A" + "A" + rand(B64URL, 33))),
    ("teams-webhook", "chat", lambda: _url_tail("https://acme.webhook.office.com/webhookb2/",
                                                uuid4() + "@" + uuid4() + "/IncomingWebhook/" + rand(HEX, 32)
                                                + "/" + uuid4())),
    # Payments and commerce
    ("stripe-live-secret", "payments", lambda: whole(stripe("sk", "live"))),
    ("stripe-test-secret", "payments", lambda: whole(stripe("sk", "test"))),
    ("stripe-restricted", "payments", lambda: whole(stripe("rk", "live"))),
    ("stripe-webhook-secret", "payments", lambda: whole("wh" + "sec_" + rand(ALNUM, 32))),
    ("square-access", "payments", lambda: whole("sq0" + "atp-" + rand(B64URL, 22))),
    ("square-oauth-secret", "payments", lambda: whole("sq0" + "csp-" + rand(B64URL, 43))),
    ("square-production", "payments", lambda: whole("EA" + "AA" + rand(B64URL, 60))),
    ("paypal-braintree", "payments", lambda: whole("access_token$" + "production$" + rand(LOWER + DIGITS, 16) + "$"
                                                   + rand(HEX, 32))),
    ("flutterwave", "payments", lambda: whole("FLW" + "SECK_TEST-" + rand("abcdefgh" + DIGITS, 32) + "-X")),
    ("shippo", "payments", lambda: whole("ship" + "po_live_" + rand(HEX, 40))),
    ("duffel", "payments", lambda: whole("duf" + "fel_test_" + rand(B64URL, 43))),
    ("easypost", "payments", lambda: whole("EZ" + "AK" + rand(ALNUM, 54))),
    ("plaid", "payments", lambda: whole("access-" + "sandbox-" + uuid4())),
    ("shopify-access", "payments", lambda: whole("sh" + "pat_" + rand(HEX, 32))),
    ("shopify-shared-secret", "payments", lambda: whole("sh" + "pss_" + rand(HEX, 32))),
    # Cloud providers and platforms
    ("aws-access-key-id", "cloud", lambda: whole("AK" + "IA" + rand(UPPER + DIGITS, 16))),
    ("aws-temporary-key-id", "cloud", lambda: whole("AS" + "IA" + rand(UPPER + DIGITS, 16))),
    ("aws-bedrock", "cloud", lambda: whole("AB" + "SK" + rand(ALNUM + "+/", 120))),
    ("gcp-api-key", "cloud", lambda: whole("AI" + "za" + rand(B64URL, 35))),
    ("google-oauth-client-secret", "cloud", lambda: whole("GOC" + "SPX-" + rand(B64URL, 28))),
    ("google-oauth-access", "cloud", lambda: whole("ya" + "29." + rand(B64URL, 120))),
    ("google-oauth-refresh", "cloud", lambda: whole("1/" + "/0" + rand(B64URL, 60))),
    ("firebase-fcm-server-key", "cloud", lambda: whole("AAAA" + rand(B64URL, 7) + ":APA9" + "1b" + rand(B64URL, 134))),
    ("azure-ad-client-secret", "cloud", _azure_ad),
    ("alibaba-access-key", "cloud", lambda: whole("LT" + "AI" + rand(ALNUM, 20))),
    ("tencent-secret-id", "cloud", lambda: whole("AK" + "ID" + rand(ALNUM, 32))),
    ("yandex-api-key", "cloud", lambda: whole("AQ" + "VN" + rand(B64URL, 36))),
    ("yandex-iam-token", "cloud", lambda: whole("t" + "1." + rand(B64URL, 40) + "." + rand(B64URL, 86))),
    ("digitalocean-pat", "cloud", lambda: whole("do" + "p_v1_" + rand(HEX, 64))),
    ("digitalocean-oauth", "cloud", lambda: whole("do" + "o_v1_" + rand(HEX, 64))),
    ("heroku-api-key", "cloud", lambda: whole("HR" + "KU-AA" + rand(B64URL, 58))),
    ("flyio", "cloud", lambda: whole("fo" + "1_" + rand(B64URL, 43))),
    ("netlify", "cloud", lambda: whole("nf" + "p_" + rand(ALNUM, 36))),
    ("render", "cloud", lambda: whole("rn" + "d_" + rand(ALNUM, 32))),
    ("supabase-access", "cloud", lambda: whole("sb" + "p_" + rand(HEX, 40))),
    ("supabase-secret", "cloud", lambda: whole("sb" + "_secret_" + rand(B64URL, 31))),
    ("cloudflare-origin-ca", "cloud", lambda: whole("v1" + ".0-" + rand(HEX, 24) + "-" + rand(HEX, 146))),
    ("dynatrace", "cloud", lambda: whole("dt0" + "c01." + rand(UPPER + DIGITS, 24) + "." + rand(UPPER + DIGITS, 64))),
    ("databricks", "cloud", lambda: whole("da" + "pi" + rand(HEX, 32))),
    ("terraform-cloud", "cloud", _terraform),
    ("vault-service", "cloud", lambda: whole("hv" + "s." + rand(B64URL, 90))),
    ("vault-batch", "cloud", lambda: whole("hv" + "b." + rand(B64URL, 120))),
    ("vault-legacy", "cloud", lambda: (lambda v: ("s." + v, v))(mixed(24))),
    ("doppler", "cloud", lambda: whole("dp" + ".pt." + rand(ALNUM, 43))),
    ("pulumi", "cloud", lambda: whole("pu" + "l-" + rand(HEX, 40))),
    ("planetscale", "databases", lambda: whole("psc" + "ale_tkn_" + rand(B64URL, 43))),
    ("planetscale-password", "databases", lambda: whole("psc" + "ale_pw_" + rand(B64URL, 43))),
    ("age-secret-key", "cloud", lambda: whole("AGE-SECRET" + "-KEY-1" + rand(BECH32, 58))),
    # Observability
    ("grafana-cloud", "observability", lambda: whole("gl" + "c_" + rand(ALNUM, 80) + "==")),
    ("grafana-service-account", "observability", lambda: whole("gl" + "sa_" + rand(ALNUM, 32) + "_" + rand(HEX, 8))),
    ("grafana-api-key", "observability", lambda: whole("eyJr" + "Ijoi" + rand(ALNUM, 80) + "==")),
    ("newrelic-user", "observability", lambda: whole("NR" + "AK-" + rand(UPPER + DIGITS, 27))),
    ("newrelic-browser", "observability", lambda: whole("NR" + "JS-" + rand(HEX, 19))),
    ("sentry-org", "observability", lambda: whole("sn" + "trys_eyJ" + rand(B64URL, 100))),
    ("sentry-user", "observability", lambda: whole("sn" + "tryu_" + rand(HEX, 64))),
    # Package registries
    ("npm", "registries", lambda: whole("np" + "m_" + rand(ALNUM, 36))),
    ("pypi", "registries", lambda: whole("py" + "pi-AgEIcHlwaS5vcmc" + rand(B64URL, 70))),
    ("rubygems", "registries", lambda: whole("ruby" + "gems_" + rand(HEX, 48))),
    ("clojars", "registries", lambda: whole("CLO" + "JARS_" + rand(LOWER + DIGITS, 60))),
    ("nuget", "registries", lambda: whole("oy" + "2" + rand(LOWER + DIGITS, 43))),
    ("docker-hub", "registries", lambda: whole("dc" + "kr_pat_" + rand(B64URL, 27))),
    ("artifactory-api-key", "registries", lambda: whole("AK" + "Cp" + rand(ALNUM, 69))),
    ("artifactory-reference", "registries", lambda: whole("cmV" + "md" + rand(ALNUM, 59))),
    ("crates-io", "registries", lambda: whole("ci" + "o" + rand(ALNUM, 30) + rand(DIGITS, 2))),
    # Mail, messaging and SaaS
    ("sendgrid", "saas", lambda: whole("S" + "G." + rand(B64URL, 22) + "." + rand(B64URL, 43))),
    ("mailgun", "saas", lambda: whole("ke" + "y-" + rand(HEX, 32))),
    ("mailchimp", "saas", _mailchimp),
    ("brevo", "saas", lambda: whole("xkey" + "sib-" + rand(HEX, 64) + "-" + rand(ALNUM, 16))),
    ("resend", "saas", lambda: whole("r" + "e_" + rand(ALNUM, 8) + "_" + rand(ALNUM, 24))),
    ("twilio-api-key", "saas", lambda: whole("S" + "K" + rand(HEX, 32))),
    ("linear", "saas", lambda: whole("lin" + "_api_" + rand(ALNUM, 40))),
    ("postman", "saas", lambda: whole("PM" + "AK-" + rand(HEX, 24) + "-" + rand(HEX, 34))),
    ("airtable", "saas", lambda: whole("pa" + "t" + rand(ALNUM, 14) + "." + rand(HEX, 64))),
    ("notion", "saas", lambda: whole("nt" + "n_" + rand(DIGITS, 11) + rand(ALNUM, 35))),
    ("notion-legacy", "saas", lambda: whole("sec" + "ret_" + rand(ALNUM, 43))),
    ("figma", "saas", lambda: whole("fi" + "gd_" + rand(B64URL, 40))),
    ("contentful", "saas", lambda: whole("CF" + "PAT-" + rand(B64URL, 43))),
    ("typeform", "saas", lambda: whole("tf" + "p_" + rand(ALNUM, 59))),
    ("readme", "saas", lambda: whole("rd" + "me_" + rand(LOWER + DIGITS, 70))),
    ("adafruit", "saas", lambda: whole("ai" + "o_" + rand(ALNUM, 28))),
    ("frameio", "saas", lambda: whole("fio" + "-u-" + rand(B64URL, 64))),
    ("infracost", "saas", lambda: whole("ic" + "o-" + rand(ALNUM, 32))),
    ("prefect", "saas", lambda: whole("pn" + "u_" + rand(ALNUM, 36))),
    ("clickup", "saas", lambda: whole("p" + "k_" + rand(DIGITS, 8) + "_" + rand(UPPER + DIGITS, 32))),
    ("scalingo", "saas", lambda: whole("tk" + "-us-" + rand(B64URL, 48))),
    ("dropbox", "saas", lambda: whole("s" + "l." + rand(B64URL, 136))),
    ("facebook", "saas", lambda: whole("EA" + "AC" + rand(ALNUM, 140))),
    ("twitter-bearer", "saas", lambda: whole("A" * 21 + rand(ALNUM, 50))),
    ("mapbox-secret", "saas", lambda: whole("s" + "k.eyJ" + rand(B64URL, 60) + "." + rand(B64URL, 22))),
    ("openshift", "saas", lambda: whole("sha" + "256~" + rand(B64URL, 43))),
    ("jwt", "saas", lambda: whole(jwt())),
]

CONTEXTS = (
    "rotated it; the new value {v} is live (old one revoked)",
    '{"name": "ci", "value": "{v}", "scope": "deploy"}',
    "wrote notes/{v}/README.md",
)

for _format, _family, _make in FORMATS:
    for _context in CONTEXTS:
        _token, _secret = _make()
        SECRETS.append((_format, _context.replace("{v}", _token), _secret, ""))

FAMILIES = {fmt: family for fmt, family, _ in FORMATS}


# The shapes the issue listed, one format each.
def issue(fmt, family, template, secret_value, visible=""):
    FAMILIES[fmt] = family
    secret(fmt, template, secret_value, visible)


_pw = password
issue("name-inside-word", "assignment", "SECRET_KEY_BASE={v}", rand(HEX, 64), "SECRET_KEY_BASE=")
issue("name-inside-word", "assignment", "API_SECRET_VALUE={v}", value(), "API_SECRET_VALUE=")
issue("name-inside-word", "assignment", "NEXTAUTH_SECRET_B64={v}", b64(32), "NEXTAUTH_SECRET_B64=")
issue("name-inside-word", "assignment", "export DB_PASSWORD_PROD='{v}'", _pw(), "DB_PASSWORD_PROD='")
issue("name-inside-word", "assignment", "STRIPE_SECRET_KEY_LIVE: {v}", value(), "STRIPE_SECRET_KEY_LIVE: ")
issue("spaced-assignment", "assignment", "password = {v} and more", "hunter2" + rand(LOWER, 4) + rand(DIGITS, 2),
      "password = ")
issue("spaced-assignment", "assignment", "aws_secret_access_key = {v} . DB is on port 5432",
      rand(ALNUM + "/+", 40), "aws_secret_access_key = ")
issue("spaced-assignment", "assignment", "api_key: {v} for staging only", mixed(32), "api_key: ")
issue("spaced-assignment", "assignment", "SECRET_KEY = {v}  # dev only", mixed(40), "SECRET_KEY = ")
issue("spaced-assignment", "assignment", "the token = {v}, use it for the smoke test", mixed(30), "token = ")
for _sep in (" / ", ":", ", ", "\n", " "):
    _id, _key = "AK" + "IA" + rand(UPPER + DIGITS, 16), rand(LOWER, 1) + rand(ALNUM + "/+", 39)
    issue("aws-key-pair", "cloud", "creds " + _id + _sep + "{v} (read-only)", _key)
issue("cookie", "http", 'curl -H "Cookie: session={v}" https://app.local/api', rand(B64URL, 40), "Cookie: ")
issue("cookie", "http", "Set-Cookie: sid={v}; Path=/; HttpOnly; Secure", rand(HEX, 48), "Set-Cookie: ")
issue("cookie", "http", "Cookie: _gh_sess={v}; logged_in=yes", rand(B64URL, 60), "Cookie: ")
issue("cookie", "http", '{"headers": {"Cookie": "connect.sid={v}"}}', "s%3A" + rand(B64URL, 50), '"Cookie": "')
issue("cookie", "http", 'curl --cookie "sessionid={v}" https://app.local/admin', rand(LOWER + DIGITS, 32),
      '--cookie "')
for _template, _visible in (
        ("mongo -u admin -p {v} --authenticationDatabase admin", "-p "),
        ("mongosh mongodb://db:27017/app -u app -p {v}", "-p "),
        ("mongodump --uri mongodb://db/app -u backup -p {v} --out /tmp/dump", "-p "),
        ("sqlcmd -S tcp:db,1433 -U sa -P {v} -Q 'SELECT 1'", "-P "),
        ("bcp dbo.users out users.dat -S db -U sa -P {v} -c", "-P "),
        ("zip -r -P {v} backup.zip data/", "-P "),
        ("unzip -P {v} backup.zip", "-P "),
        ("7z a -p{v} secrets.7z notes/", "-p"),
        ("7z x -p{v} secrets.7z", "-p"),
        ("ssh-keygen -t ed25519 -N {v} -f ~/.ssh/deploy", "-N "),
        ("ssh-keygen -p -P {v} -N {v} -f ~/.ssh/id_rsa", "-P "),
        ("openssl enc -aes-256-cbc -salt -in a.txt -out a.enc -k {v}", "-k "),
        ("openssl pkcs12 -export -in c.pem -inkey k.pem -out c.p12 -passout pass:{v}", "pass:"),
        ("openssl rsa -in enc.key -out plain.key -passin pass:{v}", "pass:"),
        ("mvn sonar:sonar -Dsonar.login={v}", "-Dsonar.login="),
        ("./gradlew sonar -Dsonar.token={v}", "-Dsonar.token="),
        ("ldapsearch -x -D cn=admin,dc=acme -w {v} -b dc=acme", "-w "),
        ("plink -ssh deploy@10.0.0.7 -pw {v}", "-pw "),
        ("htpasswd -b -c .htpasswd admin {v}", "admin "),
        ("sqlplus system/{v}@//db:1521/XEPDB1", "system/"),
        ("smbclient //fs/share -U ops%{v}", "ops%"),
        ("gh secret set DEPLOY_KEY --body {v}", "--body "),
        ("kubectl create secret generic api --from-literal=apikey={v}", "apikey="),
        ("twine upload -u me -p {v} dist/*", "-p "),
        ("curl --oauth2-bearer {v} https://api.local/me", "--oauth2-bearer "),
):
    issue("cli-password-flag", "cli", _template, _pw() if "{v} -f" not in _template else mixed(16), _visible)
issue("cli-password-flag", "cli", "vault login s.{v}", mixed(24), "vault login s.")
issue("cli-password-flag", "cli", "npm config set //registry.npmjs.org/:_authToken {v}", uuid4(),
      ":_authToken ")
issue("cli-password-flag", "cli", "yarn config set npmAuthToken {v}", uuid4(), "npmAuthToken ")
issue("cli-password-flag", "cli", "heroku config:set -a shop STRIPE_KEY={v} WEB_CONCURRENCY=2", mixed(32),
      "STRIPE_KEY=")
issue("cli-password-flag", "cli", "heroku config:set SMTP_LOGIN=ops SMTP_CRED={v}", _pw(), "SMTP_CRED=")

# Split by a line break (a terminal wrap) or by an invisible character.
for _fmt in ("github-classic-pat", "anthropic-api-key", "stripe-live-secret", "npm", "aws-access-key-id",
             "slack-bot", "gcp-api-key", "sendgrid"):
    _token = dict((f, m) for f, _, m in FORMATS)[_fmt]()[0]
    _cut = len(_token) // 2
    issue("split-newline", "split", "copied from the terminal:\n" + _token[:_cut] + "\n" + _token[_cut:]
          + "\nthen ran the deploy", _token)
    issue("split-newline", "split", "key: " + _token[:_cut] + "\r\n    " + _token[_cut:] + "\r\n", _token)
for _fmt in ("github-classic-pat", "openai-project-key", "slack-bot", "stripe-live-secret"):
    _token = dict((f, m) for f, _, m in FORMATS)[_fmt]()[0]
    _cut = len(_token) // 3
    issue("split-invisible", "split", "token " + _token[:_cut] + "\u200b" + _token[_cut:] + " pasted", _token)
    issue("split-invisible", "split", "value " + _token[:_cut] + "\u2060" + _token[_cut:2 * _cut] + "\ufeff"
          + _token[2 * _cut:], _token)
_pw_value = _pw()
issue("split-invisible", "split", "DB_PASSWORD=" + _pw_value[:4] + "\u200d" + _pw_value[4:], _pw_value)

# Base64 blobs that decode to one of the forms above.
for _plain in ("token=" + gh("p"), '{"username": "deploy", "password": "' + _pw() + '"}',
               "AWS_SECRET_ACCESS_KEY=" + rand(ALNUM + "/+", 40) + "\nREGION=eu-west-1",
               "sk" + "-ant-api03-" + rand(B64URL, 93) + "AA",
               "postgres://app:" + _pw() + "@db:5432/app"):
    _blob = base64.b64encode(_plain.encode()).decode()
    issue("base64-encoded", "encoded", "CONFIG_BLOB={v}", _blob, "CONFIG_BLOB=")
    issue("base64-encoded", "encoded", "echo {v} | base64 -d > .env", _blob)
    issue("base64-encoded", "encoded", "data:\n  config: {v}", base64.urlsafe_b64encode(_plain.encode()).decode().rstrip("="))

# File paths, as the agent reports them or git finds them: (format, path, secret).
FILE_PATHS = []
for _fmt in ("anthropic-api-key", "github-classic-pat", "slack-bot", "aws-access-key-id", "stripe-live-secret",
             "openai-project-key", "npm", "gitlab-pat", "sonar-project", "doppler"):
    _token = dict((f, m) for f, _, m in FORMATS)[_fmt]()[0]
    FILE_PATHS.append(("file-path", "notes-" + _token + ".txt", _token))
    FILE_PATHS.append(("file-path", "tmp/" + _token + "/debug.log", _token))
FAMILIES["file-path"] = "paths"
for _fmt, _path, _secret in FILE_PATHS:
    SECRETS.append((_fmt, _path, _secret, ""))

for _fmt, _, _, _ in SECRETS:
    FAMILIES.setdefault(_fmt, _fmt)

# Benign look-alikes: placeholders, flags, settings, hashes, ids and paths.
_hex64 = rand(HEX, 64)
BENIGN_PATHS = [
    "tests/test_password_reset.py", "src/auth/secret_manager.py", "docs/api_key_rotation.md",
    "app/services/token_refresh.ts", "config/credentials.yml.enc", "spec/requests/passwords_spec.rb",
    "lib/secrets/vault_client.go", ".github/workflows/rotate-token.yml",
    "migrations/0042_add_api_key_to_users.py", "src/components/PasswordInput.tsx",
    "src/auth/jwt_secret.rs", "scripts/gen-session-secret.sh", "charts/app/templates/secret.yaml",
    "internal/auth/token_store_test.go", "packages/cookie-parser/index.js",
    "docs/adr/0007-rotate-aws-access-keys.md", "tests/fixtures/fake_tokens.json",
    "src/" + rand(HEX, 40) + ".patch", "build/" + uuid4() + "/out.txt",
    "assets/ghp_logo.svg", "tools/sk-learn-notes.md",
]
BENIGN += BENIGN_PATHS
BENIGN += [
    "API_KEY=${API_KEY}", "password: <your-password>", "token=<your-token>", "SECRET_KEY=changeme",
    "DB_PASSWORD=changeme", "api_key: xxx", "API_KEY=xxxxxxxxxxxxxxxx", "OPENAI_API_KEY=sk-...",
    "OPENAI_API_KEY=sk-xxxx", "token: example", "AWS_SECRET_ACCESS_KEY=<secret>",
    "password = ${DB_PASSWORD} and more", "GITHUB_TOKEN=gh" + "p_" + "x" * 36,
    "STRIPE_SECRET_KEY=sk_" + "live_" + "X" * 24, "SLACK_BOT_TOKEN=xo" + "xb-your-token-here",
    "api_key = your_api_key_here", "export TOKEN='<token>'", "SECRET=example",
    "password: placeholder", "AUTH_TOKEN=dummy", "client_secret: '${CLIENT_SECRET}'",
    "ANTHROPIC_API_KEY=sk-ant-...", '"apiKey": "<YOUR_API_KEY>"', "PASSWORD='********'",
    "echo $TOKEN | docker login ghcr.io -u me --password-stdin", "cat pw.txt | podman login --password-stdin quay.io",
    "docker run -p 127.0.0.1:5432:5432 postgres:16", "docker compose run -p 3000:3000 web",
    "kubectl port-forward svc/db 5432:5432", "mongo --port 27017 app", "mongosh mongodb://localhost:27017/app",
    "mongo -u admin -p", "mongodump --db app --out /backup", "zip -r out.zip src/", "unzip -o build.zip -d dist",
    "7z x archive.7z -ooutput", "7z a -p archive.7z files", "ssh-keygen -t ed25519 -N '' -f ~/.ssh/ci",
    "ssh-keygen -lf ~/.ssh/id_rsa.pub", "openssl rand -hex 32", "openssl x509 -in cert.pem -noout -text",
    "openssl enc -d -aes-256-cbc -in a.enc -out a -pass env:PASS",
    "openssl pkcs12 -export -in c.pem -out c.p12 -passout file:pw.txt",
    "sqlcmd -S localhost -U sa -Q 'SELECT 1'", "heroku config:get DATABASE_URL", "heroku config",
    "heroku config:set WEB_CONCURRENCY=2 NODE_ENV=production", "vault login -method=oidc",
    "vault login -method=userpass username=me", "npm config set registry https://registry.npmjs.org/",
    "npm config get //registry.npmjs.org/:_authToken", "max_tokens=4096", "MAX_TOKENS=4096",
    "token_type=bearer", "token_type: Bearer", '{"access_token_type": "bearer", "token_type": "bearer"}',
    "tokenizer=cl100k_base", "TOKEN_LIMIT=8000", "password_reset_token_ttl=3600", "SECRET_NAME=prod/db",
    "secret_name: prod/db", "api_key_id=1234", "PASSWORD_HASH_ROUNDS=12", "SESSION_COOKIE_SECURE=true",
    "JWT_ALGORITHM=HS256", "KEY_ROTATION_DAYS=90", "AUTH_PROVIDER=github", "TOKEN_ENDPOINT=/oauth/token",
    "model.generate(prompt, max_tokens=256, temperature=0.2)", "--max-tokens 4096 --top-p 0.9",
    "sha256: " + _hex64, "sha256:" + rand(HEX, 64), "commit " + rand(HEX, 40) + " (HEAD -> main)",
    "uuid " + uuid4(), "request_id=" + uuid4(), "ETag: W/\"" + rand(HEX, 40) + "\"",
    "Merge " + rand(HEX, 7) + " into " + rand(HEX, 7), "bcrypt hash starts with $2b$12$",
    "md5 " + rand(HEX, 32) + " checked", "blake2b: " + rand(HEX, 128),
    "git rev-parse HEAD\n" + rand(HEX, 40), "the build id is " + rand(UPPER + DIGITS, 12),
    "Set-Cookie headers are stripped by the proxy", "the Cookie: header is missing on /refresh",
    "set the cookie: SameSite=Lax", "cookie: see docs/cookies.md", "Set-Cookie: <name>=<value>",
    "-b cookies.txt -c cookies.txt", "The password = the one in 1Password", "password = getpass.getpass('pw: ')",
    "api_key = config.api_key", "token = tokens[0] if tokens else None", "secret = load_secret('db')",
    "password: the usual one from the vault", "SECRET_KEY = os.environ['SECRET_KEY']  # prod",
    "token: the refresh token, not the access one", "Use sk-ant- keys only on the server",
    "xoxb- tokens are bot tokens", "AKIA and ASIA are AWS key id prefixes",
    "PMAK- keys come from Postman", "sqp_ is the Sonar project token prefix",
    "scikit-learn and sk-video are installed", "ask-the-team-before-merging",
    "A long line that wraps in the terminal and ends with a word\ncontinuing on the next line as prose",
    "def handler(event):\n    return respond(event)\n", "items:\n  - name: alpha\n  - name: beta",
    "Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt",
    "aGVsbG8gd29ybGQsIHRoaXMgaXMganVzdCBhIHRlc3Q=", "U29tZSBwbGFpbiBub3RlcyB3aXRob3V0IHNlY3JldHM=",
    "npm ci --ignore-scripts && npm run build -- --mode production",
    "docker build --secret id=npmrc,src=$HOME/.npmrc -t app .",
    "terraform plan -var-file=prod.tfvars -out plan.out", "ssh -i ~/.ssh/deploy_key deploy@host",
]

_ppk_private = rand(B64, 64) + "\n" + rand(B64, 20) + "=="
issue("putty-private-key", "private-key",
      "key.ppk:\nPuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: deploy\nPublic-Lines: 1\n"
      + rand(B64, 60) + "\nPrivate-Lines: 2\n{v}\nPrivate-MAC: " + rand(HEX, 64), _ppk_private, "Private-Lines: 2\n")

# Credential files, secrets beside their ids, and vendor shapes that had no row: each with
# its variants (quoted, JSON, YAML, arguments, across a line break).
_host = "db" + rand(DIGITS, 2) + ".internal"
for _template in ("{h}:5432:app:app_user:{v}", "echo '{h}:5432:*:deploy:{v}' >> ~/.pgpass",
                  "*:*:*:postgres:{v}", "localhost:6432:reports:ro:{v}\n{h}:5432:app:app:other"):
    issue("pgpass", "credential-file", _template.replace("{h}", _host), _pw())
for _template in ("machine api.example.com login deploy password {v}",
                  "machine git.example.com\n  login bob\n  password {v}\n",
                  "machine ftp.example.com login anon account x password {v}",
                  "default login anonymous password {v}",
                  "printf 'machine h login u password {v}\\n' > ~/.netrc"):
    issue("netrc", "credential-file", _template, _pw(), "password ")
for _user in ("deploy", "ci-bot", "me@example.com"):
    _auth = base64.b64encode((_user + ":" + _pw()).encode()).decode()
    issue("docker-config-auth", "credential-file",
          '{"auths": {"registry.example.com": {"auth": "{v}"}}}', _auth, '"auth": "')
    issue("docker-config-auth", "credential-file",
          '{\n  "auths": {\n    "ghcr.io": {\n      "auth": "{v}"\n    }\n  }\n}', _auth, '"auth": "')
_sid = "AC" + rand(HEX, 32)
for _template in ("client = Client('" + _sid + "', '{v}')", 'Client("' + _sid + '", "{v}")',
                  "account " + _sid + " auth token {v}",
                  "twilio api:core:messages:list --account-sid " + _sid + " --auth-token {v}",
                  '{"accountSid": "' + _sid + '", "authToken": "{v}"}'):
    issue("twilio-pair", "id-beside-secret", _template, rand(HEX, 32))
for _template in ("new AWS.Credentials('{id}', '{v}')", 'boto3.client("s3", aws_access_key_id="{id}", '
                  'aws_secret_access_key="{v}")', "Credentials('{id}',\n    '{v}')",
                  "StaticCredentialsProvider.create(AwsBasicCredentials.create(\"{id}\", \"{v}\"))"):
    issue("aws-pair-arguments", "id-beside-secret",
          _template.replace("{id}", "AK" + "IA" + rand(UPPER + DIGITS, 16)), rand(ALNUM + "/+", 40))
for _template in ("MAILGUN_API_KEY={v}", "mg = Mailgun('{v}')", 'mailgun:\n  key: "{v}"',
                  "curl -s --user 'api:{v}' https://api.mailgun.net/v3/x/messages"):
    issue("mailgun", "vendor", _template, rand(HEX, 32) + "-" + rand(HEX, 8) + "-" + rand(HEX, 8))
for _kind in ("st", "pt", "ct", "sa", "scim"):
    _token = "dp." + _kind + "." + ("dev." if _kind == "st" else "") + rand(ALNUM, 43)
    issue("doppler", "vendor", "configured with " + _token + " yesterday", _token)
for _template in ("curl -b 'connect.sid={v}' https://app.local/api/me",
                  'curl -b "session={v}; theme=dark" https://app.local/',
                  "curl -s -b sid={v} http://localhost:3000/admin"):
    issue("curl-cookie", "http", _template, "s%3A" + rand(B64URL, 32) + "." + rand(B64URL, 27))

# Rules that generalise: Windows credential switches, a password beside a user flag, secrets
# fed to the command that stores them, credential-file lines, tokens given to a login
# command. Appended, so the values above stay the same.


def _phrase():
    """Words joined by hyphens and a digit, as password managers make passphrases."""
    return "-".join(rand(LOWER, 5) for _ in range(4)) + rand(DIGITS, 1)


for _template in ('cmdkey /generic:TERMSRV/jump01 /user:ops /pass:"{v}"',
                  "xfreerdp /v:jump01.example.org /u:ops /p:'{v}' /cert:ignore",
                  "schtasks /create /tn Backup /tr C:\\jobs\\b.cmd /sc daily /ru CORP\\svc /rp {v}",
                  "schtasks /query /s fs01 /u CORP\\ops /p {v}",
                  "net use \\\\fs01\\IPC$ /user:Administrator {v}"):
    issue("windows-credential-switch", "cli", _template, _phrase() if '"' in _template else _pw())
for _template in ("cqlsh db.example.org 9042 -u cassandra -p {v}",
                  "cypher-shell -a neo4j+s://db.example.org -u neo4j -p '{v}'",
                  "evil-winrm -i 10.0.4.17 -u Administrator -p '{v}'",
                  "dbcli -p {v} -u admin --host db.example.org",
                  "cqlsh db 9042 \\\n  -u app \\\n  -p {v}"):
    issue("user-and-password-flags", "cli", _template, _pw())
for _template in ("echo '{v}' | wrangler secret put API_SECRET",
                  "printf %s {v} | gcloud secrets versions add smtp-pass --data-file=-",
                  "smbpasswd -a ops <<< $'{v}\\n{v}'",
                  'gh secret set DEPLOY_KEY -b"{v}"',
                  "glab variable set DB_PASSWORD --value {v} --masked",
                  "echo {v} | gh auth login --with-token"):
    issue("secret-fed-to-its-store", "cli", _template, _pw())
issue("secret-fed-to-its-store", "cli", "echo {v} | az devops login --organization https://dev.azure.com/acme",
      rand(LOWER + DIGITS, 52))
for _template, _token in (("snyk auth {v}", uuid4()), ("wandb login {v}", rand(HEX, 40)),
                          ("vault operator unseal {v}", b64(32)),
                          ("bash <(curl -s https://codecov.io/bash) -t {v}", uuid4()),
                          ("somecli login --no-browser {v}", mixed(40))):
    issue("login-command-token", "cli", _template, _token)
for _template in ("account work\nhost smtp.example.org\nport 587\nauth on\nuser me@example.org\npassword {v}\ntls on",
                  '{"command": "network={\\n    ssid=\\"office\\"\\n    psk=\\"{v}\\"\\n}"}',
                  "printf 'postgres\\n{v}\\n' > /etc/openvpn/auth.txt",
                  "echo '{v}' > ~/.vault_pass && ansible-vault view group_vars/prod/vault.yml",
                  '<property name="hibernate.connection.password">{v}</property>',
                  '<entry key="smtp.secret">{v}</entry>',
                  "define( 'DB_PASSWORD', '{v}' );",
                  "putenv(\"API_SECRET\", \"{v}\")",
                  "$config['db_pass'] = \"{v}\";",
                  'ALTER USER reporting IDENTIFIED BY "{v}";',
                  "expdp system/{v}@XEPDB1 schemas=HR directory=DATA_PUMP_DIR",
                  "rman target sys/{v}@ORCL",
                  "ldapmodify -x -D cn=admin,dc=example,dc=org \\\n  -w '{v}' \\\n  -f change.ldif",
                  "Set-ADAccountPassword -Identity ops -Reset -NewPassword (ConvertTo-SecureString -AsPlainText "
                  "\"{v}\" -Force)",
                  "curl -X PUT http://127.0.0.1:5984/_node/_local/_config/admins/app -d '\"{v}\"'"):
    issue("credential-file-line", "credential-file", _template, _phrase() if "{v}\"" in _template else _pw())
issue("credential-file-line", "credential-file", "snmpwalk -v2c -c {v} 10.0.4.1 1.3.6.1.2.1.1", mixed(16))
for _template in ("The user said their password is {v} and it fails after the migration.",
                  "temporary password for the new hire: {v} -- change on first login"):
    issue("prose-password", "prose", _template, _phrase())
issue("prose-password", "prose", "runas /user:CORP\\ops cmd  (typed {v} at the prompt)", _pw())
BENIGN += [
    "password reset\nuser me@example.org",
    "snmpwalk -v2c -c public 10.0.4.1",
    "define( 'DB_PASSWORD', getenv('DB_PASSWORD') );",
    "The password field is optional in the admin-v2 form.",
    "typed yes at the prompt to confirm",
    "echo 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH7C8bDFKMDE0kGZcZm me@host' "
    ">> ~/.ssh/authorized_keys",
]
for _template in ("Scaleway API key SCW{id} / {v}", "access key SCW{id}, secret key {v}"):
    issue("secret-beside-its-id", "id-beside-secret", _template.replace("{id}", rand(UPPER + DIGITS, 17)), uuid4())
for _template in ("staging admin login is admin / {v}", "Tried logging into the router with {v}, that worked.",
                  "note to self: wifi in the lab is {v}"):
    issue("prose-password", "prose", _template, _pw())
BENIGN += ["Log in with your SSO account, then open the dashboard.",
           "Signed in to the registry with the token from the vault."]
issue("credential-file-line", "credential-file", "password {v}\nport 993\nssl", _pw())
for _template in ("lftp -u admin,{v} sftp://files.example.org", "ftp -n files.example.org <<EOF\nuser admin {v}\nEOF",
                  "mc admin user add local ci {v}", "$pass = '{v}'",
                  "DB creds: app / {v}", "vpn psk {v}", 'ipsec.secrets: %any %any : PSK "{v}"'):
    issue("positional-password", "cli", _template, _pw())
issue("login-command-token", "cli", "totp seed {v}", rand("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 32))
BENIGN += ["def close(self):\n    pass  # nothing to release for v2.1-final",
           "user admin\npass", "ftp> user anonymous"]
for _template in ("etcdctl --user root:{v} get /config/app", 'provider "grafana" {\n  auth = "admin:{v}"\n}',
                  "credentials: deploy:{v}"):
    issue("user-colon-password", "cli", _template, _pw())
for _template in ('env:\n  - name: ACME_API_KEY\n    value: "{v}"', '[{"name": "DB_PASSWORD", "value": "{v}"}]',
                  '"db_password": {\n  "sensitive": true,\n  "type": "string",\n  "value": "{v}"\n}'):
    issue("name-then-value", "assignment", _template, value())
for _template in ("Use {v} as the password for the reporting user.", "set DB_PASSWORD={v}"):
    issue("prose-as-password", "prose", _template, _phrase().replace("-", ".") if "set" in _template else _pw())
BENIGN += ['"jsonwebtoken": "^9.0.2"', "Cookie: theme=dark; lang=en-GB",
           "WARNING! Using --password via the CLI is insecure.", "docker run --user 1000:1000 app",
           "sed -i 's/^password=.*/password=REDACTED/' config.ini",
           "Authorization: Basic <base64 of user:password>", "- name: TOKEN_TTL\n  value: \"3600\""]
issue("curl-user-password", "cli", "curl -u {v}:X https://acme.example.com/api/v2/tickets", mixed(20))
issue("cat-key-file", "credential-file", "$ cat config/master.key\n{v}", rand(HEX, 32))
issue("listed-login", "prose", "- Jenkins: admin / {v}\n- Nexus: see vault", _pw())
for _template in ("Пароль к тестовой базе: {v}, логин app.", "Hasło do stagingu to {v} - zmienić.",
                  "ステージングのパスワードは {v} です。", "预发环境的密码是 {v}，用户名 app。"):
    issue("prose-password", "prose", _template, _pw())
for _template in ('new UsernamePasswordCredentials("etl", "{v}")', "req.basic_auth 'svc', '{v}'",
                  'curl_setopt($ch, CURLOPT_USERPWD, "ops:{v}");', "const h = `Basic ${btoa('svc:{v}')}`;",
                  "<auth_pass>{v}</auth_pass>"):
    issue("credential-call", "cli", _template, _pw())
for _template in ("| service | user | password |\n|---|---|---|\n| broker | admin | {v} |",
                  "username,password\nadmin,{v}\n"):
    issue("table-column", "credential-file", _template, _pw())
BENIGN += ["| Key | Value |\n|---|---|\n| MAX_RETRIES | 5 |", "Пароль хранится в Vault.",
           "git remote add origin 'git@github.com:acme/basic-auth.git'",
           "<tokenEndpoint>https://login.example.com/oauth2/token</tokenEndpoint>"]
issue("echoed-secret", "cli", "echo $WAREHOUSE_PASSWORD\n{v}\nexit code 0", _pw())
issue("snmp-server-community", "credential-file", "snmp-server community {v} RO 10", mixed(14))
for _template in ("DB_PASS = os.getenv('DB_PASS') or '{v}'", "token = os.environ.get('API_TOKEN', '{v}')",
                  "CREATE LOGIN [etl] WITH PASSWORD = N'{v}', CHECK_POLICY = OFF;",
                  "ENV['SMTP_PASSWORD'] ||= '{v}'"):
    issue("fallback-and-sql", "assignment", _template, _pw())
BENIGN += ['thread_key = tool_id || "tool-use-#{name}"', "echo $PATH\n/usr/local/bin:/usr/bin"]
for _template in ("username backup password 7 {v}", 'set security ike policy p1 pre-shared-key ascii-text "{v}"',
                  "listen stats\n    stats auth admin:{v}"):
    issue("network-config", "credential-file", _template, _pw())
issue("secret-value-flag", "cli", "php occ config:system:set dbpassword --value='{v}'", _pw())
issue("jwk-private", "private-key", '{"kty":"RSA","n":"sXch4F0","e":"AQAB","d":"{v}"}', rand(B64URL, 43))
issue("cli-key-flag", "cli", "netbird up --setup-key {v}", uuid4().upper())
for _template in ("cf auth appuser {v}", "bin/elasticsearch-users useradd writer -p {v} -r writer",
                  'WiFi.begin("Lab-IoT", "{v}");', '{password, "{v}"},',
                  "<auth-user-pass>\nvpn.ops\n{v}\n</auth-user-pass>",
                  "  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: {v}"):
    issue("positional-and-config", "cli", _template, _pw())
BENIGN += ["gh auth login --web", "docker login registry.example.com", "aws dynamodb query --sort-key created_at",
           "terraform apply -var ssh-key=~/.ssh/id_ed25519.pub", "aws s3api put-object --idempotency-key "
           "1f0c6a3e-5b7d-4c2a-9e8f-0a1b2c3d4e5f"]
for _template in ("<key>EnvironmentVariables</key>\n<dict>\n  <key>API_SECRET</key>\n  <string>{v}</string>\n</dict>",
                  ': "${API_TOKEN:={v}}"', "password for the test VM: {v}",
                  'auth := smtp.PlainAuth("", "ops@example.com", "{v}", "smtp.example.com")',
                  'local ok, err = red:auth("{v}")', "skopeo copy --dest-creds app:{v} docker://a docker://b",
                  "http -a dbadmin:{v} POST https://api.example.com/v1/jobs",
                  "mysql -e \"ALTER USER 'root'@'localhost' IDENTIFIED WITH caching_sha2_password BY '{v}';\""):
    issue("code-and-cli-more", "cli", _template, "lumen" + rand(DIGITS, 4) if "VM" in _template else _pw())
for _template in ("neo4j-admin dbms set-initial-password {v}", 'const STRIPE_SECRET: string = "{v}";',
                  '@Value("${payments.secret:{v}}")', "glab variable set DB_PASS --value {v} --masked"):
    issue("more-code-and-cli", "cli", _template, _pw())
issue("token-passphrase", "assignment", "    env:\n      AUTH_TOKEN: {v}", "lantern-tulip-otter-river")
issue("spaced-passphrase", "credential-file", "name,auth_token,env\nbilling,{v},prod", "cobalt kestrel violet falcon")
BENIGN += ["TODO: move OPENAI_API_KEY to the secret store before search goes live",
           "Once models are loaded, tokenization works completely offline",
           "token: the value from the vault"]
issue("csh-setenv", "cli", "setenv LEGACY_DB_PASS {v}", _pw())
for _template in ("the admin password is \u2018{v}\u2019 (staging only)", "the admin password is \u300c{v}\u300d",
                  'let creds = Credentials::new("app".to_string(), "{v}".to_string());',
                  "security unlock-keychain -p {v} ~/Library/Keychains/build.keychain-db",
                  "java -jar jenkins-cli.jar -s https://ci.example.com -auth svc:{v} build deploy",
                  'var secret = @"{v}";'):
    issue("quotes-and-calls", "cli", _template, _pw())
issue("prose-hex-password", "prose", "staging admin password is {v} since Tuesday", rand(HEX, 40))
issue("htpasswd-sha", "credential-file", "deploy:{SHA}{v}", b64(20))
issue("key-file-json", "private-key", '{"type": "StakeSigningKeyShelley_ed25519", "description": "Stake Signing Key", '
      '"cborHex": "{v}"}', "5820" + rand(HEX, 64))
issue("key-file-json", "private-key", '"priv_key": {\n  "type": "tendermint/PrivKeyEd25519",\n  "value": "{v}"\n}',
      b64(64))
issue("minisign-secret-key", "private-key", "untrusted comment: minisign encrypted secret key\n{v}",
      "RWRTY0Iy" + b64(96).rstrip("="))
issue("conda-channel-token", "credential-file", "channels:\n  - https://conda.anaconda.org/t/{v}/acme\n  - defaults",
      "-".join(rand(LOWER + DIGITS, 8) for _ in range(4)))
issue("easy-connect-password", "connection-string", "sqlcl app_owner/{v}@db.example.internal:1521/ORCLPDB1", _pw())
issue("client-call-keys", "cli", "client = PlaidClient('{i}', '{v}', 'sandbox')".replace("{i}", rand(HEX, 24)),
      rand(HEX, 30))
for _template in ("const token = '{v}' +\n  '" + rand(ALNUM, 24) + "';", "echo {v} > config/master.key",
                  "echo {v} | runas /user:CORP\\ops cmd.exe"):
    issue("split-and-piped", "cli", _template, rand(ALNUM, 24))
issue("prose-secret-stated", "prose", "La contraseña de pruebas es {v}", "marble-harbor-violet-cactus")
issue("client-constructor-token", "saas", 'acme := acmeapi.New("{v}")', rand(ALNUM, 28))
issue("cat-password-file", "credential-file", "cat ~/.vault_pass.txt\n{v}", "CrimsonJuniperHarborMeadow")
BENIGN += ['const msg = "hello " +\n  "world";', "s3 = boto3.client('s3', region_name='eu-west-1')",
           'id := uuid.New("7e1c2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f")', "token = var.cloudflare_api_token",
           "GET /api/v1/items?cursor=zP6BwlCHYSHmBAAU 200", '"password": "azurekeyvault://kv-main/secrets/db-pass"',
           "cat secrets.yaml\napiVersion: v1", "python train.py --seed 1234"]
issue("xml-name-value-secret", "credential-file",
      "<property>\n  <name>fs.s3a.secret.key</name>\n  <value>{v}</value>\n</property>", rand(ALNUM, 40))
issue("nostr-secret-key", "private-key", "NOSTR_NSEC={v}", "nsec1" + rand("023456789acdefghjklmnpqrstuvwxyz", 58))
issue("tor-onion-key", "private-key", "ADD_ONION ED25519-V3:{v} Port=80,127.0.0.1:8080", b64(64))
issue("sqlcipher-key", "cli", "sqlcipher app.db \"PRAGMA key = '{v}'; SELECT 1;\"", _pw())
issue("uci-option-secret", "credential-file", "config wifi-iface 'default_radio0'\n\toption key '{v}'", _pw())
issue("redis-auth-command", "cli", "redis-cli -h cache.internal\n> AUTH default {v}\nOK", _pw())
issue("redis-auth-command", "cli", '1701702120.123456 [0 10.0.0.7:51234] "AUTH" "{v}"', _pw())
for _template in ('RAILWAY_TOKEN = (\n    "{v}"\n)', 'admin_password:\n  "{v}"',
                  'client.Credentials = new NetworkCredential(@"CORP\\ops", "{v}");', "$pdo = new PDO($dsn, 'app', '{v}');"):
    issue("split-values-and-calls", "cli", _template, _pw())
issue("prose-secret-stated", "prose", "密钥：{v}", "hunter" + rand(DIGITS, 4))
BENIGN += ["<property>\n  <name>fs.s3a.endpoint</name>\n  <value>s3.eu-west-1.amazonaws.com</value>\n</property>",
           "config wifi-iface 'default_radio0'\n\toption encryption 'psk2'",
           "PRAGMA journal_mode = 'wal';", 'admin_user:\n  "ops"']
issue("pgbouncer-userlist", "credential-file", '"app_rw" "{v}"\n"stats" "md5' + rand(HEX, 32) + '"', _pw())
BENIGN += ['add_header "X-Frame-Options" "DENY"', '"name" "value"']
issue("redis-client-positional", "id-beside-secret", "r = redis.Redis('cache.lan', 6379, 0, '{v}')", _pw())
issue("b2-authorize-account", "id-beside-secret",
      "B2Api().authorize_account('production', '00" + rand(HEX, 23) + "', '{v}')", rand(ALNUM, 24))
issue("b2-application-key", "vendor", "B2_APPLICATION_KEY={v}", "K00" + rand(DIGITS, 1) + rand(B64, 27))
issue("credential-call-positional", "id-beside-secret", 'conn.bind("cn=ops,dc=corp,dc=lan", "{v}")', _pw())
BENIGN += ["r = redis.Redis('localhost', 6379, 0, decode_responses)", "$('#save').bind('click', 'onSave')"]
issue("wordpress-keys", "credential-file", "define( 'SECURE_AUTH_KEY',  '{v}' );",
      rand(ALNUM + "!@#$%^&*()-_[]{}<>~+=,.;:/?|", 64))
issue("django-insecure-key", "vendor", "SECRET_KEY = '{v}'",
      "django-insecure-" + rand(LOWER + DIGITS + "!@#$%^&*(-_=+)", 50))
issue("user-script-password", "cli", "./scripts/create_admin.sh ops {v}", "Tq" + rand(ALNUM, 10) + "9")
issue("piped-secret-echo", "cli", "echo -n '{v}' | keyring set smtp reports", _pw())
BENIGN += ["define( 'NONCE_SALT', 'put your unique phrase here' );",
           "python manage.py createsuperuser --username admin --email admin@example.com",
           "./add_user.sh jane ./keys/jane.pub", "./create_admin.sh admin admin@example.com"]
issue("c-define-secret", "credential-file", '#define SECRET_SSID "ops-lan"\n#define SECRET_PASS "{v}"', _pw())
issue("pulumi-config-secret", "cli", "pulumi config set --secret dbPassword {v}", _pw())
issue("assignment", "assignment", "u.password_confirmation = '{v}'", _pw())
BENIGN += ["pulumi config set aws:region us-east-1", '#define API_KEY_LEN 32',
           "password_confirmation = params[:password_confirmation]"]
issue("prose-quoted-passphrase", "prose", 'The GPG passphrase for the backup key is "{v}".',
      " ".join(_rng.choice(("walnut", "badger", "river", "granite", "velvet", "cobalt", "maple")) for _ in range(4)))
issue("prose-user-slash-password", "prose", "jenkins: user erin / {v}", "Kofi" + rand(DIGITS, 4) + "#jun")
issue("prose-user-slash-password", "prose", "creds: maria.lopez / {v}", "Mango" + rand(UPPER, 1) + "agle" + rand(DIGITS, 2))
issue("netrc-password", "credential-file", "machine ftp.vendor.net login ops@example.com password {v}",
      rand(ALNUM, 6) + "&" + rand(ALNUM, 5) + "%" + rand(ALNUM, 4))
issue("tor-hidden-service-key", "private-key", "== ed25519v1-secret: type0 ==\n{v}", b64(64))
BENIGN += ["user guide / Settings", "login page / Dashboard", 'the passphrase prompt says "enter your passphrase"']
issue("prose-quoted-credential", "prose", "The customer gave us their sandbox secret '{v}' for the repro.",
      rand(ALNUM, 9) + "!" + rand(ALNUM, 6) + "*")
issue("prose-quoted-credential", "prose", "Jenkins API token — {v} — lives in the shared vault.",
      rand(ALNUM, 12) + "^" + rand(ALNUM, 7))
issue("prose-credentials-are", "prose", "Credentials are svc_backup:{v} on the NAS.", rand(ALNUM, 24))
BENIGN += ["use key `ctrl+shift+p` to open it", 'the password field is "required"',
           "credentials are admin:admin by default", "set the key `EDITOR` in your shell"]
issue("generated-secret-output", "cli", "$ openssl rand -hex 32\n{v}\n# pasted into SESSION_SECRET", rand(HEX, 64))
issue("secret-read-then-printed", "cli",
      "irb(main):001> Rails.application.credentials.aws[:secret_access_key]\n=> \"{v}\"", b64(30))
issue("secret-read-then-printed", "cli", "> process.env.PAYMENT_GATEWAY_SECRET\n'{v}'", b64(32))
issue("elastic-reset-password-output", "cli", "$ bin/elasticsearch-reset-password -u elastic -a -b\n"
      "Password for the [elastic] user successfully reset.\nNew value: {v}", rand(ALNUM + "=*+", 20))
issue("cat-password-file", "cli", "$ sudo cat /var/lib/jenkins/secrets/initialAdminPassword\n{v}", rand(HEX, 32))
BENIGN += ["$ npm view left-pad dist.shasum\n" + rand(HEX, 40),
           "$ git rev-parse HEAD  # token rotation commit\n" + rand(HEX, 40),
           "$ grep -c token app.log\n1234567890123"]
issue("secret-read-then-printed", "cli", "checking the gateway's env\n> process.env.PAYMENT_GATEWAY_SECRET\n'{v}'",
      b64(32))
issue("assignment", "assignment", "postgresql:\n  auth:\n    password: {v}\n    database: app",
      rand(ALNUM, 8) + "(" + rand(ALNUM, 6), "password: ")
issue("assignment", "assignment", "wireless:\n  ssid: lab-5g\n  psk: {v}",
      rand(ALNUM, 4) + ")[" + rand(ALNUM, 14), "psk: ")
issue("prose-use-to-log-in", "prose", "use {v} to log in to the Grafana admin account",
      "H4rb0r&" + rand(ALNUM, 8), "use ")
issue("prose-use-to-log-in", "prose", "Bitte nutze {v} zum Einloggen ins Jenkins.",
      "dolphin.vortex.forest.willow." + rand(DIGITS, 2), "nutze ")
BENIGN += ["password: z.string().min(12).regex(/[A-Z]/),", "token: getToken(ctx)", "secret = load(KEY)[0]",
           "password: <see the vault>", "use the docs to log in", "use SSO to sign in",
           "Kustomize Version: v5.0.4-0.20230601165947-6ce0bf390ce3",
           "Authorization: Bearer [FILTERED]", "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----"]
issue("prose-user-slash-password", "prose", "Identifiants : admin / {v}", "orbit_quarry_wombat_whistle", "admin / ")
issue("prose-user-slash-password", "prose", "Wi-Fi: Office-5G / {v}", "Q8wR2sna^-Od9" + rand(ALNUM, 6), "Office-5G / ")
issue("prose-use-to-log-in", "prose", "Użyj {v}, żeby się zalogować do panelu.", "Nq?V50aS9" + rand(ALNUM, 6), "Użyj ")
issue("prose-password", "prose", "Connecte-toi au serveur (mdp : {v}) puis relance le service.",
      "xlFjLDfn!&?m1" + rand(ALNUM, 3), "mdp : ")
issue("prose-password", "prose", "Login mit Benutzer „support“ und Passwort „{v}“ funktioniert wieder.",
      "H0ll0w-v0rt3x" + rand(DIGITS, 3), "Passwort „")
BENIGN += ["Identifiants : voir le coffre / section admin", "Wi-Fi: Office-5G / Guest",
           "Użyj SSO, żeby się zalogować do panelu.", "mdp : voir le gestionnaire (demande à Paul)"]
issue("secret-name-value-pair", "code", 'let creds = HashMap::from([("user", "svc"), ("pass", "{v}")]);',
      "C-473xwo+RE" + rand(ALNUM, 8), '("pass", "')
issue("java-char-array-secret", "code", 'ks.load(in, "{v}".toCharArray());', "Vy<crdkZe0WI^-Wm" + rand(ALNUM, 5),
      'ks.load(in, "')
issue("generated-secret-output", "cli", "$ bin/rails secret\n{v}", rand(HEX, 128))
issue("generated-secret-output", "cli", "$ secret-tool lookup service smtp user ci-bot\n{v}", "Winter2024-" + rand(ALNUM, 6))
issue("assignment", "connection-string",
      'new SqlConnection("Server=db.lan;User Id=reporting;Password={v};TrustServerCertificate=True")',
      "mzte)G0KQBnXb+?9==" + rand(ALNUM, 3), "Password=")
BENIGN += ['char[] letters = "abcdefghijklmnop".toCharArray();', 'pairs = [("token", "expired")]',
           "$ rails secret --help\nUsage: rails secret"]
issue("google-app-password", "prose", "Gmail app password for the alerts mailbox: {v}",
      " ".join(rand(LOWER, 4) for _ in range(4)), "mailbox: ")
BENIGN += ["create an app password in your Google account settings (16 letters, four groups)"]
# What a thirteenth hold-out corpus and the twelfth's misses named: tables headed in other
# languages, short and run-together names, values after a YAML anchor, a secret written to
# its file or streamed, a login written user / password, a token under its label.
issue("table-column", "prose", "| Dienst | Benutzer | Passwort |\n|---|---|---|\n| Datenbank | app | {v} |",
      "Kiefer#" + rand(ALNUM, 9), "| Datenbank | app | ")
issue("assignment", "code", 'def connect(host="db.internal", user="ci", pw="{v}"):', _pw(), 'pw="')
issue("assignment", "assignment", "[www]\nenv[DB_PASSWORD] = {v}", "pK:M8r^TU" + rand(ALNUM, 6), "env[DB_PASSWORD] = ")
issue("assignment", "assignment", "defaults: &defaults\n  password: &dbpw {v}\nproduction:\n  <<: *defaults",
      "Sequoia" + rand(DIGITS, 2) + ")cedar" + rand(DIGITS, 1), "password: &dbpw ")
issue("assignment", "assignment", "mailhub=smtp.example.org:587\nAuthUser=ops@example.org\nAuthPass={v}",
      "Hooli." + rand(ALNUM, 10), "AuthPass=")
issue("connection-call", "code", 'mysql_real_connect(conn, "10.0.4.7", "crm_sync", "{v}", "crm", 3306, NULL, 0);',
      "1[adH2:CU]w_" + rand(ALNUM, 6), '"crm_sync", "')
issue("echo-into-secret-file", "cli", "echo '{v}' > /tmp/pass && sudo openvpn --askpass /tmp/pass",
      "Kayak" + rand(DIGITS, 2) + "(quill" + rand(DIGITS, 1), "echo '")
issue("echo-into-secret-file", "cli", "cat > ~/.config/api/key <<'EOF'\n{v}\nEOF", rand(HEX, 64), "<<'EOF'\n")
issue("rtmp-stream-key", "cli", "ffmpeg -re -i show.mp4 -c copy -f flv rtmp://a.rtmp.example.com/live2/{v}",
      "-".join(rand(LOWER + DIGITS, 4) for _ in range(5)), "/live2/")
issue("generated-secret-output", "cli", "$ kubeadm token create --ttl 2h\n{v}",
      rand(LOWER + DIGITS, 6) + "." + rand(LOWER + DIGITS, 16))
issue("secret-object-value", "assignment", '"outputs": {\n  "db_password": {\n    "value": "{v}",\n    "sensitive": true',
      "quar7z%Raven" + rand(ALNUM, 4), '"value": "')
issue("name-then-value", "assignment", '[{"ParameterKey": "DBPassword", "ParameterValue": "{v}"}]',
      "nebula+Maple" + rand(DIGITS, 2), '"ParameterValue": "')
issue("user-then-pass", "id-beside-secret", "user=svc_billing pass={v} host=mongo-dev1", "staple!Autumn" + rand(DIGITS, 2),
      "user=svc_billing pass=")
issue("user-slash-password", "id-beside-secret", "router 10.42.38.153 -> admin / {v} (changed from default)",
      "Silver" + rand(DIGITS, 2) + "#" + rand(ALNUM, 3), "admin / ")
issue("label-above", "prose", "copied from the dashboard (Settings -> API):\n\n{v}\n\nscoped to read", rand(HEX, 32))
issue("prose-password", "prose", "DB is pg-int-b, user gitlab-ci, password {v}.", "meadow_horse_cactus" + rand(DIGITS, 1),
      "password ")
BENIGN += ["| Schlüssel | Wert |\n|---|---|\n| cache_dir | /var/cache/app |", "password: *shared_pw",
           "results: pass=12 fail=0 skip=1", "read / write", "price_uUfCP2yffxYr94FzENQbdunk / prod_gxRyj9OuCfyOQF",
           "SSH public key:\nAAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsab\n",
           "Request id for the token call:\n7713a346-c102-42d1-95f7-eb74bcb87695\n",
           "the password reset ticket is INFRA-8906", "publishable key: pk_live_51" + rand(ALNUM, 40),
           "db_password: vault:v1:" + rand(ALNUM, 40), "auth:\n  existingSecret: harbor-db",
           "echo 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsab me@host' >> ~/.ssh/authorized_keys"]
issue("email-then-password", "id-beside-secret", "m.rossi@example.com\t{v}\tvendor portal",
      "MonkeyBamboo" + rand(DIGITS, 4) + "@", "m.rossi@example.com\t")
BENIGN += ["alice@example.com, Bob@example.com", "mail alice@example.com: Merged PR 2024"]
issue("terraform-variable-default", "code", 'variable "signing_key" {\n  type = string\n  default = "{v}"\n}',
      "f-R#K0" + rand(ALNUM, 12), 'default = "')
issue("host-credentials", "connection-string", "MEMCACHIER_SERVERS=dbadmin:{v}@mc1.example.com:11211",
      "Glacier_" + rand(ALNUM, 10), "dbadmin:")
BENIGN += ['variable "key_name" {\n  default = "prod-deployer"\n}', "git clone git@github.com:org/repo.git"]
issue("password-field-filled", "code", "await page.fill('#password', '{v}');", "Cr1mson" + rand(DIGITS, 4) + "@",
      "await page.fill('#password', '")
issue("password-directive", "assignment", "binddn cn=nslcd,ou=svc,dc=corp,dc=example\nbindpw {v}\nssl start_tls",
      "PapayaRhubarb" + rand(DIGITS, 2) + "@", "bindpw ")
issue("redis-acl-password", "cli", "ACL SETUSER cache_rw on >{v} ~cache:* +@read", rand(ALNUM, 32), "on >")
issue("oracle-ezconnect", "connection-string", "ORACLE_DSN=app_rw/{v}@//172.20.8.15:1521/FREEPDB1",
      "banjo.Raven_" + rand(DIGITS, 2), "app_rw/")
issue("tab-separated-setting", "assignment", "SECRET_KEY\t'{v}'\nSESSION_COOKIE_AGE\t1209600",
      "#-mpy-!(jib5" + rand(ALNUM, 30), "SECRET_KEY\t'")
BENIGN += ["await page.fill('#password', process.env.E2E_PASSWORD);", "password required\nsecret sauce",
           "SESSION_COOKIE_AGE\t1209600"]
issue("password-asked-then-given", "prose", "<kev> what's the mq password again?\n<mira> {v}\n<kev> ty",
      "pepper+falcon" + rand(DIGITS, 2) + "!", "<mira> ")
BENIGN += ["what's the password policy?\n<ops> 12 chars minimum", "did you reset the password?\nyes, done"]
issue("spaced-passphrase-after-name", "credential-file", "machine db-01\n  login app\n  password {v}",
      "marble drizzle maple orchid " + rand(DIGITS, 2), "password ")
issue("redis-config-get-password", "cli", '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "{v}"',
      "Dmitri" + rand(DIGITS, 4) + "%@", '2) "')
BENIGN += ["the password reset flow works fine now", "password: is required for the admin user"]
issue("pin-stated", "prose", "Shared ops phone: SIM PIN {v} (the PUK is in the safe).", rand(DIGITS, 8), "SIM PIN ")
issue("wifi-key", "credential-file", 'netsh wlan show profile name="Lab" key=clear\n    Key Content            : {v}',
      "amber-walrus-tulip-gravel", "Key Content            : ")
issue("login-call-arguments", "code", 'conn = Faraday.new(url: base) do |f|\n  f.request :authorization, :basic, '
      '"ci-bot", "{v}"\nend', "Plover-" + rand(DIGITS, 4) + "-lantern", '"ci-bot", "')
issue("mail-or-ftp-login-command", "log", "Command:\tUSER backup\nResponse:\t331 Password required\n"
      "Command:\tPASS {v}\nResponse:\t230 Logged on", "Quince" + rand(DIGITS, 3) + "*", "Command:\tPASS ")
issue("prose-secret-stated", "prose", "Ahmed says the NAS admin password is {v} (rotating Friday)",
      "otter velvet basalt anchor", "password is ")
BENIGN += ["  PASS  src/login.test.ts\n  PASS  App.test.js", "GPIO pin 13 drives the relay", "all tests pass=12",
           "the password is hashed using bcrypt before storing", "PIN entry is disabled on the kiosk",
           "the password is incorrect please try again", "token (see docs)", "the api key (optional)"]
issue("pipe-separated-setting", "cli", "sqlite> select name, value from config;\nmail_host|mx.example.org\n"
      "mail_password|{v}", "Tern" + rand(DIGITS, 4) + "-ledger", "mail_password|")
issue("recovery-codes", "prose", "Backup codes for the ops mailbox:\n{v}\n(two used)",
      "\n".join(rand("abcdefghjkmnpqrstuvwxyz23456789", 5) + "-" + rand("abcdefghjkmnpqrstuvwxyz23456789", 5)
                for _ in range(4)), "mailbox:\n")
issue("bitlocker-recovery-key", "prose", "manage-bde -protectors -get C: printed the numerical password {v}",
      "-".join(rand(DIGITS, 6) for _ in range(8)), "numerical password ")
issue("ntlm-hash-dump", "log", "CORP\\backup_svc:1107:" + "aad3b435b51404ee" + "aad3b435b51404ee" + ":{v}:::",
      rand(HEX, 32), ":")
issue("ldif-secret-base64", "credential-file", "dn: cn=replicator,dc=example,dc=org\nuserPassword:: {v}",
      b64(18), "userPassword:: ")
issue("login-flag-pair", "cli", "bcp dbo.orders out orders.dat -S sql01 -U loader -P {v} -c", "Vireo" + rand(DIGITS, 4) + "#",
      "-U loader -P ")
issue("mysql-password-in-argv", "cli", 'test: ["CMD", "mysqladmin", "ping", "-uroot", "-p{v}"]',
      "Marten_" + rand(ALNUM, 8), '"-p')
BENIGN += ["schema|public\nsearch_path|public", "release|2024.06.1", "serial 123456-654321 on the label",
           "Which key do you mean?\nthe staging one", "mysql -u app -p appdb", "ssh -p 2222 host"]
issue("key-byte-array", "code", "static const uint8_t hmac_key[16] = {\n    {v}\n};",
      ", ".join("0x%02x" % _rng.randrange(256) for _ in range(16)), "hmac_key[16] = {\n    ")
issue("legacy-declaration-value", "code", "       05  WS-FTP-PASSWORD     PIC X(10) VALUE '{v}'.",
      rand(UPPER + DIGITS, 10), "VALUE '")
BENIGN += ["static const uint8_t crc_table[4] = { 0x00, 0x07, 0x0e, 0x09 };",
           "       05  WS-PASSWORD-LEN     PIC 9(02) VALUE 10."]
issue("password-flag-chosen-words", "cli", "vendorctl login --password {v} --region eu", "MySecretPassw0rd", "--password ")
BENIGN += ["pulumi config set --secret apiToken   # asks for it, nothing echoed",
           "deployctl --token STRIPE_SECRET --env prod", "vendorctl login --password #prompted"]
issue("prose-asked-then-named", "prose", "Could you try {v}? It's the new staging DB password.",
      "Falcon" + rand(DIGITS, 3) + "!" + rand(LOWER, 4), "Could you try ")
issue("prose-log-in-with-cjk", "prose", "请用 {v} 登录测试环境", "Lotus" + rand(DIGITS, 4) + "#" + rand(UPPER, 2), "请用 ")
BENIGN += ["Could you try the staging branch? It's where the password reset fix lives.",
           "请用 管理员账号 登录"]
issue("secret-setter-call", "code", "Client client = Client.builder().region(EU).signingKey(\"{v}\").build();",
      rand(HEX, 64), '.signingKey("')
issue("set-secret-to", "prose", "Set `STRIPE_WEBHOOK_SECRET` to `{v}` in the preview env.", "whsec" + rand(ALNUM, 14),
      "Set `STRIPE_WEBHOOK_SECRET` to `")
issue("arrow-pair", "code", 'Map("clientSecret" -> "{v}", "region" -> "eu-west-1")', "zT4!" + rand(ALNUM, 12),
      '"clientSecret" -> "')
BENIGN += ['cache.getKey("user_id")', "Set `API_SECRET` to the value from the vault.",
           'Map("region" -> "eu-west-1", "tier" -> "standard")']
issue("pascal-case-chosen-password", "assignment", "POSTGRES_PASSWORD: {v}", "SuperSecret" + rand(UPPER, 1) + "Pass",
      "POSTGRES_PASSWORD: ")
BENIGN += ["GET /api/v2/invoices?cursor=" + base64.b64encode(b"ts:1733300000|id:4242").decode().rstrip("="),
           "gcloud run deploy api --update-secrets=API_TOKEN=api-token:3,DB_PASSWORD=db-password:latest",
           '{{ with secret "secret/data/billing/db" }}{{ .Data.data.password }}{{ end }}',
           "kind: SealedSecret\nspec:\n  encryptedData:\n    DB_PASSWORD: " + rand(ALNUM + "+/", 180),
           "$ cat config/credentials.yml.enc\n" + b64(90) + "--" + b64(12) + "--" + b64(16),
           "openai_key: sk-...Xb9Q (rotated)", "STRIPE_KEY=sk_test_" + "FAKE" + rand(ALNUM, 16) + "FAKE",
           '"auth.failed": "These credentials do not match our records."',
           "AUTH0_CLIENT_ID=" + rand(ALNUM, 32),
           "https://tenant.eu.auth0.com/authorize?client_id=abc&state=" + rand(ALNUM, 32) + "&nonce=" + rand(ALNUM, 24),
           "The token is a JWT (header.payload.signature), signed with RS256."]
issue("chosen-password-with-a-marker-word", "assignment", "ADMIN_PASSWORD={v}", "OurSAMPLEshop!" + rand(DIGITS, 4),
      "ADMIN_PASSWORD=")
issue("authorization-header-pair", "code", 'req.Header.Set("Authorization", "Bearer {v}")', rand(ALNUM, 40),
      '"Authorization", "Bearer ')
issue("password-hash-call", "code", "User::create(['email' => 'qa@example.test', 'password' => Hash::make('{v}')]);",
      "Otter" + rand(DIGITS, 4) + "$", "Hash::make('")
issue("cloud-init-chpasswd", "config", "#cloud-config\nchpasswd:\n  list: |\n    admin:{v}\n  expire: false",
      "Heron_" + rand(DIGITS, 3) + "x", "admin:")
issue("flag-and-value-in-a-list", "config", 'command: ["redis-server", "--requirepass", "{v}", "--save", ""]',
      "Lynx!" + rand(DIGITS, 4) + rand(LOWER, 3), '"--requirepass", "')
issue("netlify-build-hook", "url", "curl -X POST -d {} https://api.netlify.com/build_hooks/{v}", rand(HEX, 24),
      "build_hooks/")
issue("render-deploy-hook", "url", 'curl "https://api.render.com/deploy/srv-' + rand(LOWER + DIGITS, 20) + '?key={v}"',
      rand(ALNUM, 11), "?key=")
BENIGN += ['req.Header.Set("Authorization", authHeader)', 'command: ["redis-server", "--appendonly", "yes"]',
           "Hash::make($request->password)"]
BENIGN += [" id | name | updated_at\n----+------+-----------\n " + "-".join(rand(HEX, n) for n in (8, 4, 4, 4, 12))
           + " | Ada | 2024-05-01", "datadogRum.init({ clientToken: 'pub" + rand(HEX, 32) + "', site: 'datadoghq.com' })"]
issue("htpasswd-batch", "cli", "htpasswd -nbB deploy {v}", "Wren" + rand(DIGITS, 3) + "-", "htpasswd -nbB deploy ")
issue("snmpd-create-user", "config", 'createUser watcher SHA "{v}" AES "same-as-auth"', "Kite" + rand(DIGITS, 4) + "_x",
      'createUser watcher SHA "')
issue("user-slash-password", "prose", "nvr-02 (rack 3) admin / {v}", "Osprey" + rand(DIGITS, 3) + ".", "admin / ")
BENIGN += ["htpasswd -c /etc/nginx/.htpasswd deploy", "createUser watcher SHA"]
issue("user-slash-spaced-passphrase", "prose", "2. Log in to /admin as admin / {v}\n3. Check the queue",
      "pebble Harbor quill saffron", "admin / ")
issue("digits-words-digits", "prose", "Nota: la password del router è {v}", rand(DIGITS, 4) + "lanternmoss" + rand(DIGITS, 2),
      "router è ")
BENIGN += ["read / write access for the whole team", "input / output streams are buffered"]
BENIGN += ["$ wg pubkey < laptop.key\n" + b64(32), "Solana signature " + rand("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 88)
           + " confirmed", "Twilio: message SM" + rand(HEX, 32) + " sent (account AC" + rand(HEX, 32) + ", service MG"
           + rand(HEX, 32) + ")", "smbios1: uuid=x\nnet0: virtio=BC:24:11:7B:40:D3,bridge=vmbr0",
           "$ sha256sum release-2.1.0.tar.gz\n" + rand(HEX, 64) + "  release-2.1.0.tar.gz",
           "untrusted comment: minisign public key 5E2B6F\nRWQ" + rand(ALNUM + "+/", 53),
           "NEXT_PUBLIC_SUPABASE_ANON_KEY=" + jwt(), "SUPABASE_PUBLISHABLE_KEY=sb_publishable_" + rand(ALNUM, 31),
           "algoliasearch('APPID0001', '" + rand(HEX, 32) + "') // search-only key",
           "const firebaseConfig = {\n  apiKey: \"AIza" + rand(ALNUM, 35) + "\",\n  projectId: \"demo\"\n};",
           'DATABASE_URL="postgresql://postgres:[YOUR-PASSWORD]@db.example.supabase.co:5432/postgres"',
           "TEST_TOKEN = \"ghp_\" + \"0\" * 36", "Content-Transfer-Encoding: base64\n\n"
           + base64.b64encode("Grüße aus München, die Rechnung für März liegt bei.".encode()).decode(),
           "Link: <https://shop.example/admin/api/products.json?page_info=" + rand(ALNUM, 48) + '>; rel="next"',
           "checkout session cs_live_a1" + rand(ALNUM, 56) + " completed",
           "Clerk handles auth; we keep the user id (user_" + rand(ALNUM, 27) + ")",
           "Purchases.configure({ apiKey: 'appl_" + rand(ALNUM, 27) + "' })"]
issue("domain-auth-code", "prose", "EPP auth code for example-shop.de: {v} (valid 5 days)", "q7Rt" + rand(ALNUM, 8) + "#x",
      "example-shop.de: ")
issue("proxmox-api-token", "config", "PVEAPIToken=monitor@pam!grafana={v}", "-".join(rand(HEX, n) for n in (8, 4, 4, 4, 12)),
      "monitor@pam!grafana=")
issue("totp-seed", "prose", "TOTP seed for the shared ops mailbox: {v}", rand("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 32),
      "ops mailbox: ")
issue("google-app-password", "prose", "WP Application Passwords: created \"drafts\" for ana: {v}",
      " ".join(rand(ALNUM, 4) for _ in range(6)), "for ana: ")
BENIGN += ["EPP code will be sent to the registrant's email", "PVEAPIToken=monitor@pam!grafana=<secret>"]
BENIGN += ["Did you run migrate_2024_04? The key is in vault now.", "Passphrase reminder: the one with the horse."]
issue("launchdarkly-sdk-key", "vendor", "LD_SDK_KEY=sdk-{v}", "-".join(rand(HEX, n) for n in (8, 4, 4, 4, 12)),
      "LD_SDK_KEY=sdk-")
issue("url-query-hex", "url", '"GET /v1/forecast?appid={v}&lat=52.5 HTTP/1.1" 200', rand(HEX, 32), "?appid=")
issue("curlrc-user-line", "config", '# ~/.curlrc\nuser = "{v}"\nsilent', "carol:Mar" + rand(ALNUM, 10) + "_15", 'user = "')
issue("three-hyphenated-words", "prose", "the staging db password is {v}", "quartz-meadow-biscuit", "password is ")
BENIGN += ['{"run_id": "dd8334db", "step_key": "orders_clean", "event_type": "STEP_SUCCESS"}',
           "Comet experiment key: " + rand(HEX, 32), "spark.hadoop.fs.s3a.secret.key=*********(redacted)",
           'libname dw odbc dsn="DW_PROD" user=&dbuser. password="&dbpass." schema=marts;',
           "redis-cli: AUTH failed: WRONGPASS invalid username-password pair or user is disabled.",
           'analytics.load("' + rand(ALNUM, 32) + '"); // Segment browser write key',
           "config:\n  lab:dbPassword:\n    secure: v1:" + rand(ALNUM, 16) + ":" + rand(ALNUM + "+/", 48),
           "Consul service id web-api-" + "-".join(rand(HEX, n) for n in (8, 4, 4, 4, 12)) + " registered",
           "<script src=/app.js?v=" + rand(HEX, 32) + "></script>"]
issue("password-name-in-german", "config", "spring.datasource.passwort={v}\nspring.datasource.url=jdbc:x",
      "Winter" + rand(DIGITS, 4) + "!", "spring.datasource.passwort=")
issue("password-name-in-turkish", "config", "efatura.gib.sifre={v}", "1q2w3e4r" + rand(ALNUM, 4) + "$", "efatura.gib.sifre=")
BENIGN += ["senha: é obrigatória", "Passwort: bitte eingeben", "efatura.gib.sifre=${GIB_SIFRE}"]
issue("registry-password-value", "config", "HKEY_LOCAL_MACHINE\\SOFTWARE\\Vendor\\Gateway\n    ServicePwd    REG_SZ    {v}\n"
      "    Port    REG_DWORD    0x68", "Sakuragi" + rand(DIGITS, 4), "REG_SZ    ")
issue("decrypts-to", "prose", "Finding: credential id oracle-etl decrypts to {v} in the script console",
      "Emre@" + rand(DIGITS, 4), "decrypts to ")
issue("payment-key-in-clear", "config", "[DUKPT]\nKSN_PREFIX=FFFF1542A4\nBDK={v}", rand(HEX.upper(), 32), "BDK=")
issue("hsm-key-component", "tool-output", "Online-AUTH> GC\nClear component: {v}\nKey check value: 5B867E",
      " ".join(rand(HEX.upper(), 4) for _ in range(8)), "Clear component: ")
BENIGN += ["ZMK KCV: 3AD441", "Encrypted component: U8847D8E070AEBA54A6A263C8AE31B5E6",
           "    ServerName    REG_SZ    pacs-gw01.radiologie.local", "echo aGk= | base64 -d  # decodes to hi"]
issue("go-struct-password-field", "log", "ldap bind failed\ncfg=&{URL:ldaps://dc01:636 BindDN:CN=svc BindPassword:{v} BaseDN:DC=corp}",
      "UMB_sys_" + rand(DIGITS, 4), "BindPassword:")
BENIGN += ["&{Name:worker TokenTTL:3600 Retries:3}", '["password", "token", "secret"]']
issue("sqlplus-connect-in-script", "command", "sqlplus -s /nolog <<EOF\nCONNECT REPORT_OWNER/{v}@DWHPRD\nEXIT\nEOF",
      "BRK" + rand(ALNUM, 8) + "*", "REPORT_OWNER/")
issue("gui-script-typed-password", "code", 'Send("zahlungsverkehr{TAB}")\nSend("{v}{ENTER}")', "Kennwort@" + rand(DIGITS, 2) + "*",
      'Send("')
issue("c-define-pin", "code", '#define HSM_SLOT 0\n#define HSM_USER_PIN "{v}"', rand(ALNUM, 12) + "=*7", "HSM_USER_PIN \"")
BENIGN += ['Send("{TAB}")\nSend("{ENTER}")', '#define PIN_LED "GPIO17"', "connect origin/main@{1}",
           'h.put(Context.SECURITY_PRINCIPAL, "weblogic");']
issue("admin-slash-password", "prose", "Your new WHM login for whm02: root / {v}\nPlease change it after first login.",
      "poiuytrewq" + rand(DIGITS, 3), "root / ")
BENIGN += ["read / write access for the whole team", "root / 2 cores, 4 GB", "see docs / v2.1.0 notes"]
issue("nagios-resource-macro", "config", "# resource.cfg\n$USER1$=/usr/local/nagios/libexec\n$USER4$={v}",
      "castle.candle." + rand(LOWER, 6) + rand(DIGITS, 2), "$USER4$=")
issue("php-var-dump-pass", "log", 'array(2) {\n  ["user"]=>\n  string(4) "wpus"\n  ["pass"]=>\n  string(12) "{v}"\n}',
      "poiuy" + rand(ALNUM, 6) + "#", 'string(12) "')
issue("spaced-passphrase-assigned", "config", "interface=wlan0\nwpa=2\nwpa_passphrase={v}\nwpa_key_mgmt=WPA-PSK",
      "horse winter verde mare" + rand(DIGITS, 2), "wpa_passphrase=")
BENIGN += ["password = the one we agreed on", "rocommunity public 10.0.0.0/8", "$USER1$=/usr/local/nagios/libexec"]
issue("colon-user-slash-password", "prose", "acesso ao supervisório: operador / {v}", "Anchor" + rand(UPPER, 1) + "adger"
      + rand(DIGITS, 2), "operador / ")
issue("colon-user-slash-password", "prose", "log in to the appliance with `admin` / `{v}` and re-issue the token",
      "Ch3ddar" + rand(DIGITS, 2) + "@Harb0r", "with `admin` / `")
BENIGN += ["OS: Ubuntu / Debian12", "ratio: read / write", "Role: primary / replica"]
issue("ftp-pass-after-user", "log", '2024-04-25 02:57:07 [pid 27984] FTP command: Client "172.16.18.3", "USER scan"\n'
      '2024-04-25 02:57:07 [pid 27984] FTP command: Client "172.16.18.3", "PASS {v}"',
      "Legia" + rand(DIGITS, 5), '"PASS ')
issue("ftp-pass-after-user", "tool-output", "192.168.20.76\tUSER\tmeter_upload\n192.168.20.76\tPASS\t{v}",
      "Rex_" + rand(DIGITS, 4) + "!", "PASS\t")
issue("terraform-random-password", "tool-output", '# random_password.db:\nresource "random_password" "db" {\n'
      '    length           = 24\n    result           = "{v}"\n    special          = true\n}',
      rand(ALNUM, 6) + "#+" + rand(ALNUM, 8) + "!~", 'result           = "')
issue("labelled-element-secret", "tool-output", '<String><Key>Password</Key><Value ProtectInMemory="True">{v}</Value>'
      "</String>", "Cheddar" + rand(DIGITS, 4) + "?", 'ProtectInMemory="True">')
issue("labelled-element-secret", "prose", "<table><tr><td>Login</td><td>cbernard</td></tr><tr><td>Initial password</td>"
      "<td>{v}</td></tr></table>", "Start." + rand(DIGITS, 4) + "=q3", "Initial password</td><td>")
issue("psql-expanded-secret", "tool-output", "-[ RECORD 1 ]---+------\nid              | 1\nsmtp_user       | erp\n"
      "smtp_pass       | {v}\nsmtp_port       | 587", "Inverno" + rand(DIGITS, 4) + "gr", "smtp_pass       | ")
BENIGN += ["--- PASS: TestLoginFlow2 (0.00s)", "PASS src/App2024.test.js", "PASS  TestCheckout12345 (0.21s)",
           "PASS test_redaction_basic", "PASS build (ok)",
           "test_checkout\tPASS\tTestCheckout2024", "<td>password</td><td>VARCHAR(255)</td>",
           "<td>Password policy</td><td>MinLength=12</td>", "<td>Pinned SHA</td><td>a1b2c3d4e5f6a7b8</td>",
           "-[ RECORD 1 ]\nid | 1\necho -n $api_key | sha256sum", "Frameworks: numpy / TensorFlow2",
           "<tr><td>Password</td><td>required</td></tr>", "-[ RECORD 1 ]\nsmtp_pass | (set)",
           "resource \"random_password\" \"db\" {\n  result = (sensitive value)\n}", "SW-2024#show running-config"]
issue("prose-simple-password", "prose", "hotfix: switch the listener to the new db user\n\n    new pw is {v} (vault later)",
      "ananya." + rand(DIGITS, 8), "new pw is ")
issue("prose-simple-password", "prose", "my user is noc-oncall and my password is {v} , I did not change anything",
      "7hunder" + "c00k" + rand(DIGITS, 4), "my password is ")
BENIGN += ["the password hash is sha256", "password: utf8mb4 is the column's charset"]
BENIGN += ["Compare with main / HEAD@{1}", "Branches: main / Release2024Q1", "Logged in as JohnDoe#1234"]
BENIGN += ["Razorpay key id (public, goes in checkout.js): rzp_live_" + rand(ALNUM, 14),
           "Flutterwave public key FLWPUBK-" + rand(HEX, 32) + "-X (safe in the frontend bundle)",
           "MIDTRANS_CLIENT_KEY=Mid-client-" + rand(ALNUM, 16) + "  # public, used by snap.js",
           "tx_ref FLW-MOCK-" + rand(HEX, 32) + ", flw_ref FLW-M03K-" + rand(HEX, 32),
           "arn:aws:secretsmanager:ap-south-1:548900829364:secret:prod/shiprocket-" + rand(ALNUM, 6)]
issue("mcp-url-key", "url", '[mcp_servers.crm]\nurl = "https://mcp.example.dev/sse/{v}"', rand(ALNUM, 40),
      'url = "https://mcp.example.dev/sse/')
issue("mcp-url-key", "url", '{"mcpServers": {"mail": {"url": "https://remote.mcp.example.net/{v}/gmail"}}}',
      "-".join(rand(HEX, n) for n in (8, 4, 4, 4, 12)), '"url": "https://remote.mcp.example.net/')
BENIGN += ["https://github.com/modelcontextprotocol/servers/tree/main/src/filesystem",
           "https://mcp.example.com/servers/filesystem-server-for-everyone/docs",
           "| Service | Var | Value |\n|---|---|---|\n| Maps | MAPS_REGION | eu-west-1 |",
           "Settings(openai_api_key=SecretStr('**********'), model='gpt-5')"]
issue("section-then-value", "assignment", '[deploy_token]\nvalue = "{v}"', rand(ALNUM, 24), 'value = "')
BENIGN += ['[token_settings]\nvalue = "30"', "Ghost Content API key (public, read-only): " + rand(HEX, 26),
           'Environment="DISCORD_TOKEN=%h/.config/bot/token"', "0123456789abcdef0123456789abcdef"]
issue("command-reads-secret", "tool-output", "$ jq -r .api_key ~/.config/tool/config.json\n{v}",
      rand(LOWER + DIGITS, 40), "$ jq -r .api_key ~/.config/tool/config.json\n")
issue("label-above-tagged", "prose", "Signing secret — Slack app\n{v}", rand(HEX, 40), "Signing secret — Slack app\n")
issue("label-above-tagged", "prose", "> API key\n> {v}", rand(HEX, 64), "> API key\n> ")
issue("label-above-handover", "prose", "Here's the staging webhook secret.\n\n```\n{v}\n```", rand(HEX, 64),
      "Here's the staging webhook secret.\n\n```\n")
issue("label-above-handover", "prose", "Stripe webhook secret for the build env:\n{v}", rand(HEX, 64),
      "Stripe webhook secret for the build env:\n")
issue("grouped-secret", "prose", "Your new application password for deploy-bot is:\n{v}\nSave it now.",
      " ".join(rand(ALNUM, 4) for _ in range(6)), "Your new application password for deploy-bot is:\n")
issue("grouped-secret", "prose", "App password for the mail client: {v}", " ".join(rand(LOWER, 4) for _ in range(3))
      + " " + rand("bcdfghjklmnpqrstvwxz", 4), "App password for the mail client: ")
issue("grouped-secret", "config", "- name: WP_APP_PASSWORD\n  value: {v}", " ".join(rand(ALNUM, 4) for _ in range(6)),
      "- name: WP_APP_PASSWORD\n  value: ")
issue("spaced-table", "tool-output", "        venue   account_id   api_secret\n0     binance   SUB-4714     {v}\n"
      "1      kraken   KR-4714            NaN", rand(HEX, 32), "SUB-4714     ")
issue("tab-padded-table", "tool-output", "ID\t\t\tDescription\tToken\t\t\t\tUser Name\n"
      + rand(HEX, 16) + "\ttelegraf-lab\t{v}\ttelegraf", b64(64), "telegraf-lab\t")
issue("settings-table-name", "tool-output", "| Name | Value |\n|---|---|\n| LDAP_BIND_PW | {v} |\n"
      "| DB_PASSWORD_PROD | Winter" + rand(DIGITS, 4) + " |", _pw(), "| LDAP_BIND_PW | ")
issue("secret-str-literal", "code", 'password: SecretStr = SecretStr("{v}")', _pw(), 'password: SecretStr = SecretStr("')
issue("login-as-with", "prose", "Log in to staging as `qa_user` with `{v}`, then open Datasets.", "+" + _pw(),
      "Log in to staging as `qa_user` with `")
issue("dot-leader-assignment", "tool-output", "  APP_ENV ............ local\n  DB_PASSWORD ........ {v}",
      rand(LOWER, 5) + rand(DIGITS, 4), "DB_PASSWORD ........ ")
issue("letters-only-password", "code", "define( 'DB_PASSWORD', '{v}' );", rand(LOWER, 2) + rand(UPPER, 2)
      + rand(LOWER, 2) + rand(UPPER, 2) + rand(LOWER, 1) + rand(UPPER, 1) + rand(LOWER, 2), "define( 'DB_PASSWORD', '")
issue("macro-like-password", "cli", 'tabcmd login -s https://bi.example.com -u analyst -p "{v}"',
      "&" + rand(UPPER, 1) + rand(LOWER, 6) + rand(DIGITS, 1) + rand(LOWER, 5), '-u analyst -p "')
issue("header-key-uuid", "http", 'curl -H "X-Catalog-Key:{v}" https://data.example.edu/api',
      "-".join(rand(HEX, n) for n in (8, 4, 4, 4, 12)), "X-Catalog-Key:")
issue("prose-secret-stated-languages", "prose", "FTP パスワードが変更されました：{v}（ユーザー plate02）",
      rand(UPPER, 3) + rand(LOWER, 4) + "#" + rand(DIGITS, 3) + rand(UPPER, 2), "FTP パスワードが変更されました：")
issue("prose-secret-stated-languages", "prose", "登录密码已更新为 {v}（用户 confocal）。",
      rand(UPPER, 1) + rand(LOWER, 6) + rand(DIGITS, 2) + "^+", "登录密码已更新为 ")
BENIGN += ["gpg: key " + rand(HEX, 40).upper() + ': public key "Ana Lima <ana@example.org>" imported',
           "LEI: " + rand(UPPER + DIGITS, 18) + rand(DIGITS, 2),
           "BigQuery job ledger:EU.bquxjob_" + rand(HEX, 8) + "_" + rand(HEX, 11) + " completed",
           "S2B_MSIL2A_20240512T103629_N0510_R008_T32UQD_20240512T135009.SAFE",
           "result at https://object-store.os-api.example.int/prod-cache/" + rand(HEX, 32) + ".nc",
           "state=" + rand(B64URL, 43) + "&code_challenge_method=S256",
           "APCA_API_KEY_ID=PK" + rand(UPPER + DIGITS, 18) + "  (the secret is in the vault)",
           "credentials: google_default  # uses ADC, no key file",
           "X-Idempotency-Key: " + "-".join(rand(HEX, n) for n in (8, 4, 4, 4, 12)),
           "$ stellar keys address alice\nG" + rand("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 55),
           "Token build number:\n" + rand(HEX, 40), "Fixed the token refresh bug.\n" + rand(HEX, 40),
           "Key fingerprint = " + " ".join(rand(HEX, 4).upper() for _ in range(10)),
           "password: read from disk once", "      Reset password ........ done",
           "    >>> A.view(np.uint8)\n    array([1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0,\n           0, 0, 0, 0])"]
issue("colon-user-slash-password", "prose", "Windows login: LAB\\msuser  /  {v}", rand(UPPER, 1) + rand(LOWER, 4)
      + rand(DIGITS, 1) + rand(LOWER, 6) + "!", "Windows login: LAB\\msuser  /  ")
BENIGN += ["Key sizes: 1024 2048 3072 4096 bits", "Key team: Anna Omar Lena Ivan", "password\nJohn Paul Mary Ruth",
           "API key scopes: read list edit sync", "Token types: WORD PUNC NUMB SYMB", "Key dates: Q1FY Q2FY Q3FY Q4FY",
           "key frame ids: AB12 CD34 EF56 GH78", "Seed: 0x1F 0x2E 0x3D 0x4C", "key words: BERT GPT2 T5XL OPTX",
           "API key rotation schedule: Mon1 Tue2 Wed3 Thu4", "%let password = &Password1;"]
issue("grouped-secret", "prose", "App password for the mail client:\n{v}", " ".join(
    [rand(LOWER, 4) for _ in range(3)] + [rand("bcdfghjklmnpqrstvwxz", 4)]), "App password for the mail client:\n")
BENIGN += ["evt_" + rand(ALNUM, 24) + " (checkout.session.completed) delivered to we_" + rand(ALNUM, 24),
           "EasyPost shipment shp_" + rand(HEX, 32) + " purchased, tracker trk_" + rand(HEX, 32),
           "label_url https://deliver.example.com/" + rand(HEX, 32) + ".pdf",
           "Adyen clientKey: 'live_" + rand(UPPER, 32) + "' (client-side key, allowed origins set)",
           "PUBLIC_STOREFRONT_API_TOKEN=" + rand(HEX, 32), "reCAPTCHA site key 6L" + rand(ALNUM, 38),
           "SHOPIFY_API_KEY=" + rand(HEX, 32) + "  # = client id, public",
           "GPG key 0x" + rand(HEX, 16).upper() + " (releases@example.org): public key uploaded",
           "amqp://guest:guest@localhost:5672/", "JWT_SECRET=supersecret\nCOOKIE_SECRET=supersecret",
           "Authorization: Basic cHJldmlldzo=", "Shopify cursor: " + b64url_json('{"last_id":%s,"last_value":"%s"}' % (rand(DIGITS, 12), rand(DIGITS, 10))),
           "payment/braintree/private_key  0:3:" + rand(B64, 80) + "  (encrypted by Magento)",
           "참고: 비밀번호는 1Password에 있습니다."]
issue("zapier-webhook", "vendor", "curl -X POST https://hooks.zapier.com/hooks/catch/{v}/ -d @lead.json",
      rand(DIGITS, 8) + "/" + rand(LOWER + DIGITS, 7), "https://hooks.zapier.com/hooks/catch/")
issue("announced-hex", "prose", "Webflow site API token (CMS read/write) {v}", rand(HEX, 64),
      "Webflow site API token (CMS read/write) ")
issue("label-above-tagged", "prose", "API key\u3000\n{v}", rand(ALNUM, 32), "API key\u3000\n")
issue("public-word-before", "prose", "created a public_repo token: {v}", gh("p"), "created a public_repo token: ")
issue("chosen-password-year", "prose", "[02/02/2023, 09:24] Mehmet: {v}\n[02/02/2023, 09:24] Budi: got it",
      rand(UPPER, 1) + rand(LOWER, 4) + "!20" + rand(DIGITS, 2), "[02/02/2023, 09:24] Mehmet: ")
BENIGN += ["Infra!482 was merged", "see Worker#12 and Platform&12", "PR#2024 landed"]
issue("ampersand-led-env-value", "config", "DB_HOST=db.internal\nDB_PASSWORD={v}\n", "&" + rand(ALNUM, 10) + "!" + rand(ALNUM, 3),
      "DB_HOST=db.internal\nDB_PASSWORD=")
BENIGN += ["https://shop.example.com/account/login?password=&username=guestbuyer", "redirect?token=&next=%2Fhome"]
issue("dotted-random-json-password", "config", '{"broker":{"user":"hub","password":"{v}","qos":1}}',
      rand(LOWER, 2) + "." + "".join(rand(UPPER, 2) + rand(LOWER, 2) for _ in range(3)), '{"broker":{"user":"hub","password":"')
issue("table-key-after-uuid", "tool-output", "Key                 Value\nrole_secret         {v}\nrole_secret_ttl     0s",
      "%s-%s-4%s-a%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)), "Key                 Value\nrole_secret         ")
issue("stated-capitalised-passphrase", "prose", "Disk unlock passphrase for NB-0412: {v}",
      "Marble Orchid Pepper Lantern", "Disk unlock passphrase for NB-0412: ")
issue("stated-passphrase-number-glued", "prose", "Le mot de passe du NAS est {v} (ne pas partager)",
      "cobalt tundra marble heron" + rand(DIGITS, 2), "Le mot de passe du NAS est ")
issue("stated-in-guillemets", "prose", "La phrase secrète du coffre est « {v} » depuis lundi.",
      "willow granite parsley comet", "La phrase secrète du coffre est « ")
issue("key-word-languages", "prose", "La chiave dell'API di staging è {v}, scade a marzo.", rand(HEX, 40),
      "La chiave dell'API di staging è ")
issue("key-word-languages", "prose", "Klucz do panelu: {v} (nie wysyłać mailem)", "otter-plum-ridge-" + rand(DIGITS, 3),
      "Klucz do panelu: ")
issue("key-word-languages", "prose", "Het sleutel voor de deur-app is {v}.", rand(LOWER, 5) + rand(DIGITS, 3) + "#" + rand(UPPER, 3),
      "Het sleutel voor de deur-app is ")
issue("password-word-languages", "prose", "Palvelimen salasana on {v}, älä jaa sitä.", rand(LOWER, 3) + rand(DIGITS, 2)
      + rand(UPPER, 1) + rand(LOWER, 4) + rand(DIGITS, 2) + rand(UPPER, 2), "Palvelimen salasana on ")
issue("password-word-languages", "prose", "NAS 비번 {v} 으로 바꿨어요", "maple-ridge-" + rand(LOWER, 5) + "-" + rand(DIGITS, 3),
      "NAS 비번 ")
issue("password-word-languages", "prose", "・パスフレーズ: {v}\n・VLAN 30", "Cedar" + "Lantern" + "Otter" + rand(DIGITS, 2),
      "・パスフレーズ: ")
issue("password-at-numeric-host", "prose", "the kiosk password is {v} now", rand(UPPER, 1) + "@" + rand(LOWER, 6) + "." + rand(DIGITS, 3),
      "the kiosk password is ")
issue("network-device-key", "config", "radius server RAD02\n address ipv4 10.1.1.5 auth-port 1812\n key 7 {v}",
      rand("0123456789ABCDEF", 22), " key 7 ")
issue("network-device-key", "config", "ntp authentication-key 2 md5 {v} 7\nntp trusted-key 2", rand(ALNUM, 14),
      "ntp authentication-key 2 md5 ")
issue("network-device-key", "config", "vrrp_instance VI_2 {\n    authentication {\n        auth_type PASS\n        auth_pass {v}\n    }\n}",
      rand(ALNUM, 8), "auth_pass ")
issue("network-device-key", "config", "set network ike gateway GW-B authentication pre-shared-key key {v}",
      rand(ALNUM, 12) + "^" + rand(ALNUM, 8), "pre-shared-key key ")
issue("crypt-hash-plus", "credential-file", "iot-bridge:{v}", "$7$101$" + rand(ALNUM + "+/", 16) + "$" + rand(ALNUM + "+/", 86) + "==",
      "iot-bridge:")
issue("cracking-hash", "credential-file", "$ hashcat -m 18200 asrep.txt\n{v}",
      "$krb5asrep$23$svc_backup@EXAMPLE.LAN:" + rand(HEX, 32) + "$" + rand(HEX, 220), "$ hashcat -m 18200 asrep.txt\n")
issue("cracking-hash", "credential-file", "[SMB] NTLMv2-SSP Hash : bob::LAB:1122334455667788:{v}", rand(HEX, 32) + ":"
      + "0101000000000000" + rand(HEX, 120), "bob::LAB:1122334455667788:")
issue("cracking-hash", "cli", "mimikatz # sekurlsa::pth /user:svc_web /domain:lab.local /ntlm:{v}", rand(HEX, 32),
      "/ntlm:")
issue("cracking-hash", "cli", "evil-winrm -i 10.1.2.3 -u Administrator -H {v}", rand(HEX, 32), "-u Administrator -H ")
issue("cloudflare-tunnel-token", "vendor", "cloudflared tunnel run --token {v}", "eyJhIjoi" + b64url_json(
    '%s","t":"%s","s":"%s"}' % (rand(HEX, 32), rand(HEX, 8), b64(32))), "cloudflared tunnel run --token ")
issue("honeycomb-key", "vendor", "curl -H 'X-Honeycomb-Team: {v}' https://api.honeycomb.io/1/auth", rand(ALNUM, 22),
      "X-Honeycomb-Team: ")
issue("authorization-hash-rocket", "http", 'headers => { "Authorization" => "Splunk {v}" }',
      "%s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)), 'headers => { "Authorization" => "Splunk ')
BENIGN += ["Chave de acesso NF-e: " + rand(DIGITS, 44), "a chave do App Store Connect (AuthKey_" + rand(UPPER + DIGITS, 10)
           + ".p8) está no cofre", "sshpass -f ~/.ssh/lab.pw ssh ops@10.20.30.40 uptime",
           "Key                 Value\nrole_id             " + rand(HEX, 8) + "-" + rand(HEX, 4) + "-4" + rand(HEX, 3) + "-a"
           + rand(HEX, 3) + "-" + rand(HEX, 12) + "\nrole_id_accessor    " + rand(HEX, 8),
           "reset the password on server01 today", "password = config.dbPassword"]
issue("secret-default", "code", 'parser.add_argument("--api-password", default="{v}", help="the API password")',
      rand(UPPER, 1) + rand(LOWER, 5) + rand(DIGITS, 4) + "%", 'parser.add_argument("--api-password", default="')
issue("secret-default", "code", "type Cfg struct {\n\tSecret string `env:\"SECRET\" default:\"{v}\"`\n}",
      rand(LOWER, 6) + "." + rand(DIGITS, 3) + rand(UPPER, 3), 'default:"')
issue("secret-default", "config", "inputs:\n  deploy-token:\n    description: token for the deploy\n    required: false\n"
      "    default: {v}", rand(HEX, 40), "    default: ")
issue("secret-default", "config", "<hudson.model.StringParameterDefinition>\n  <name>BMC_PASSWORD</name>\n"
      "  <defaultValue>{v}</defaultValue>", rand(UPPER, 1) + rand(LOWER, 6) + rand(DIGITS, 4) + "!", "<defaultValue>")
issue("community-assigned", "config", "modules:\n  core_switches:\n    community: {v}\n    version: 2", rand(ALNUM, 16),
      "    community: ")
issue("code-stated", "prose", "FYI the gate entry code for the lab is {v} until Friday", rand("123456789", 6),
      "FYI the gate entry code for the lab is ")
issue("code-stated", "prose", "Il codice d'allarme del magazzino è {v}.", rand("123456789", 8), "Il codice d'allarme del magazzino è ")
issue("code-stated", "prose", "kiosk passcode (6 digits, not the admin one): {v}", rand("123456789", 6),
      "kiosk passcode (6 digits, not the admin one): ")
issue("labelled-password-alone", "prose", "Lena (Slack, 09:12): wifi password for the workshop, new one:\n"
      "Lena (Slack, 09:12): {v}", rand(LOWER, 3) + "~" + rand(UPPER, 2) + rand(DIGITS, 3) + "?" + rand(ALNUM, 6),
      "Lena (Slack, 09:12): ")
issue("labelled-password-alone", "prose", "The router admin password is:\n\n{v}\n\n(case sensitive)",
      rand(UPPER, 1) + rand(LOWER, 6) + rand(DIGITS, 4) + "@" + rand(LOWER, 5), "The router admin password is:\n\n")
BENIGN += ["HTTP status code is 200, exit code: 137", "the access code expires on 20250301", "zip code 941100",
           "Review the steps:\nrun make2 && ./deploy@prod", "default: ${{ secrets.DEPLOY_TOKEN }}",
           'parser.add_argument("--token-file", default="~/.config/tool/token")', "community: public",
           "-----BEGIN PGP SIGNATURE-----\n\niHUEABYKAB0W" + rand(ALNUM, 52) + "\n" + rand(ALNUM, 30) + "=\n=" + rand(ALNUM, 4)
           + "\n-----END PGP SIGNATURE-----"]
BENIGN += ["    def f(self):\n        pass\n\n    @_shift_scale_function_2arg\n    def g(self):"]
issue("user-slash-password-closing", "prose", "the web UI still takes the default login (admin / {v}).",
      rand(UPPER, 1) + rand(LOWER, 4) + rand(DIGITS, 4) + "@" + rand(LOWER, 5), "the web UI still takes the default login (admin / ")
issue("user-slash-password-closing", "prose", "- [ ] add the broker user (`relay` / {v}) to the passwd file",
      "Cedar" + "Falcon" + "River" + rand(DIGITS, 2), "- [ ] add the broker user (`relay` / ")
BENIGN += ["see src/models / VectorFloat32 for the layout", "main / HEAD@{1}"]
issue("key-stated-languages", "prose", "a chave da API de staging é {v}, expira em março", rand(HEX, 40),
      "a chave da API de staging é ")
issue("key-stated-languages", "prose", "Ключ от роутера: {v} (не пересылать)", "birch-otter-quartz-" + rand(DIGITS, 3),
      "Ключ от роутера: ")
issue("snmp-community-assigned", "config", "# snmp_exporter\nauths:\n  core_v2:\n    community: {v}\n    version: 2",
      rand(ALNUM, 14), "    community: ")
BENIGN += ["La chiave di ricerca è codice_cliente2.", "A chave é Composta Por Dois Campos.",
           "Chave PIX aleatória (pública, vai no QR): %s-%s-4%s-a%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)),
           "community: https://discord.gg/abc123", "team:\n  community: Rust-Lang-2024", "ntp server 10.0.0.1 key 7 prefer",
           "Access code list: 120000 rows", "new code 200304 lines", "Entry code 000000 is the factory placeholder",
           "Secret scanning results:\n0-findings-in-42-files!", "Key rotation schedule:\nQ1-2025/Q3-2025!",
           "parser.add_argument('--token-endpoint', default='https://oauth2.googleapis.com/token')",
           "def connect(user, password=None, timeout=30, region='eu-west-1', default='us-east-1a'):",
           "monkey_patch:\n  enabled: true\n  default: gevent-21.1", "tokenizer_name: default='cl100k_base'",
           "api_key = settings.openAIApiKey", "token=ctx.AuthZToken",
           "Il codice fiscale del cliente è RSSMRA80A01H501U", "Código del pedido: 4500123456"]
issue("uuid-after-word-and-purpose", "prose", "Splunk HEC token for index web_logs: {v}",
      "%s-%s-4%s-9%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)), "Splunk HEC token for index web_logs: ")
BENIGN += ["Data\n====\nDB_USER:      5 bytes\nDB_PASSWORD:  26 bytes", 'env.NPM_TOKEN: "%env.NPM_TOKEN%"',
           'password("env.SIGN_PASS", "credentialsJSON:%s-%s-4%s-8%s-%s")' % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)),
           "DJANGO_SECRET_KEY=set-me-in-production", 'await stream.send_all(b"GET / HTTP/1.0\\r\\n\\r\\n")',
           "token for request id: %s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12))]
issue("pat-flag", "cli", "npx ovsx publish build/ext.vsix --pat {v}",
      "%s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)), "npx ovsx publish build/ext.vsix --pat ")
issue("pat-flag", "prose", "Publishing acme.ext v1.2.3 with PAT {v}",
      "%s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)), "Publishing acme.ext v1.2.3 with PAT ")
BENIGN += ["cp --path src/a dst/b", "rg --compat-mode strict", "the pattern %s-%s-4%s-8%s-%s matched" % (
    rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12))]
issue("labelled-password-alone", "prose", "[10:41] <mira> new wifi password for the lab:\n[10:41] <mira> {v}",
      rand(UPPER, 2) + rand(DIGITS, 3) + "!" + rand(LOWER, 6), "[10:41] <mira> ")
BENIGN += ["<tom> see <b>bold</b> and <i>this</i>", "[10:41] <mira> the password policy page:\n[10:41] <mira> docs/policy.md"]
issue("password-then-value", "prose", "Logged into the gateway (pw {v}) and opened port 8443.",
      "Harbor." + rand(DIGITS, 4), "Logged into the gateway (pw ")
issue("password-then-value", "prose", "Use the guest wifi \"Office-Guest\", password {v}.\n\nThanks,\nIT",
      "lena.berg" + rand(DIGITS, 2), "Use the guest wifi \"Office-Guest\", password ")
issue("password-then-value", "prose", "Decisión: contraseña temporal {v} en los doce servidores.",
      "violeta.nube.gato.rio", "Decisión: contraseña temporal ")
issue("password-then-value", "prose", "maintenance SSID agv-maint, passphrase {v} -- do not repost",
      "LanternOtterMaple" + rand(DIGITS, 2), "maintenance SSID agv-maint, passphrase ")
BENIGN += ["the password sha256 digest is stored, never the password", "password hash2024 migration done",
           "password reset_token_expiry is 15 minutes", "set password PasswordResetController to log",
           "the password policy2024 page", "pw ResetHandler wired in", "passphrase argon2id parameters: m=64MiB",
           "contraseña temporal enviada por correo"]
issue("expect-sent-password", "cli", "$ ./provision.exp db2.lan\nspawn ssh ops@db2.lan\nops@db2.lan's password: \n"
      "send: sending \"{v}\\r\" to { exp4 }\nWelcome to Ubuntu", "Quartz#" + rand(DIGITS, 6), "send: sending \"")
BENIGN += ["login: \nsend: sending \"admin\\r\" to { exp4 }", "send: sending \"show version\\r\" to { exp6 }"]
issue("prose-secret-stated-languages", "prose", "Android 签名密钥库密码：{v}，别名 upload。", "mango-basil-kiwi-" + rand(DIGITS, 2),
      "Android 签名密钥库密码：")
issue("prose-secret-stated-languages", "prose", "Adgangskode til databasebrugeren wp_shop: {v}", "EmberZephyr" + rand(DIGITS, 3),
      "Adgangskode til databasebrugeren wp_shop: ")
issue("prose-secret-stated-languages", "prose", "Bàn giao ca: mật khẩu tài khoản hpcuser đã đổi thành {v}. Nhớ cập nhật.",
      "linhmochi" + rand(DIGITS, 2), "Bàn giao ca: mật khẩu tài khoản hpcuser đã đổi thành ")
issue("prose-secret-stated-languages", "prose", "كلمة مرور حساب المدير: {v}", "pebble-rocket-olive-" + rand(DIGITS, 2),
      "كلمة مرور حساب المدير: ")
BENIGN += ["mật khẩu là bắt buộc", "Adgangskode: skal være mindst 12 tegn", "Passordet er lagret i 1Password"]
issue("secret-read-then-printed", "cli", "$ headscale preauthkeys create --user lab --reusable\n{v}", rand(HEX, 48),
      "$ headscale preauthkeys create --user lab --reusable\n")
issue("secret-read-then-printed", "cli", "$ heroku auth:token\n ›   Warning: token will expire 2025-01-03\n"
      " ›   Use heroku authorizations:create to generate a long-term token\n{v}",
      "%s-%s-4%s-9%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)),
      "a long-term token\n")
BENIGN += ["$ docker secret create db_pw ./pw.txt\nk2x8qv3m9n5p7r1t4w6y8z0b2",
           "$ git rev-parse HEAD  # token rotation commit\n" + rand(HEX, 40),
           "$ gh secret list\nNPM_TOKEN  Updated 2024-01-01", "$ which token-helper\n/usr/local/bin/token-helper"]
issue("config-file-password", "credential-file", "account alerts\nhost smtp.gmail.com\nport 587\nuser alerts@example.org\n"
      "password {v}\ntls on", rand("aeiou", 1) + rand("bcdfghjklmnpqrstvwxz", 6) + rand(LOWER, 9),
      "password ")
BENIGN += ['char[] letters = "abcdefghijklmnop".toCharArray();', "token: xmlhttprequest",
           "password\nstrengthsstrength"]
issue("password-then-value", "prose", "New NAS added to clients.conf, shared secret {v}. Same on the WLC side.",
      "Recife" + rand(DIGITS, 4), "New NAS added to clients.conf, shared secret ")
issue("password-then-value", "prose", "la wifi de invitados es \"Bar-Invitados\" y la clave {v}", "OrquideaCarbonOtono" + rand(DIGITS, 2),
      "la wifi de invitados es \"Bar-Invitados\" y la clave ")
BENIGN += ["the clave primaria2 column is the table's key", "shared secret rotation2024 plan in the wiki",
           "PSK mode WPA2 personal"]
issue("camel-key-generated", "code", "public const string PublisherKey = \"{v}\";", rand("0123456789ABCDEF", 32),
      "public const string PublisherKey = \"")
issue("camel-key-generated", "config", "[/Script/Game.AntiCheatSettings]\nIntegrityKey={v}\nKickDelay=5",
      rand("0123456789ABCDEF", 48), "IntegrityKey=")
issue("key-byte-list", "config", "advanced:\n  pan_id: 2936\n  network_key: [{v}]",
      ", ".join(str(b) for b in (116, 59, 154, 126, 201, 105, 182, 229, 143, 177, 1, 240, 182, 242, 226, 230)),
      "  network_key: [")
issue("key-byte-list", "code", "val BENCH_LTK = byteArrayOf({v})",
      ", ".join("0x%02X.toByte()" % b for b in (0x69, 0xA6, 0xBA, 0x71, 0x4E, 0x0E, 0x23, 0xCF, 0xAE, 0x9F, 0xB4,
                                                0x87, 0x18, 0x12, 0x81, 0xE6)), "val BENCH_LTK = byteArrayOf(")
issue("license-or-recovery-key", "cli", "Unity -batchmode -quit -serial {v} -username \"$UNITY_EMAIL\"",
      "E3-" + "-".join(rand(UPPER + DIGITS, 4) for _ in range(5)), "Unity -batchmode -quit -serial ")
issue("license-or-recovery-key", "prose", "Recovery key for the signing laptop's FileVault: {v}",
      "-".join(rand(UPPER, 2) + rand(DIGITS, 1) + rand(UPPER, 1) for _ in range(6)),
      "Recovery key for the signing laptop's FileVault: ")
BENIGN += ["key_codes = [65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80]",
           "key = bytes([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])",
           "serial number: SN-2024-0001-AB12",
           "KMS client setup key (public GVLK for Windows Server, published for volume activation): "
           "RF677-H863M-MFHRQ-GM7FD-J47WB",
           "translationKey: \"user_profile_settings_v2\"", "const foo = { dataKey: \"a1b2c3d4e5f6a7b8\" }",
           "minisign -Vm app-1.7.11.tar.gz -P RW" + rand(B64, 54),
           "p4 -u abakker -p ssl:perforce.example.dev:1666 changes -m 5 //game/main/...",
           '{"env": {"SENTRY_AUTH_TOKEN": "@SENTRY_AUTH_TOKEN"}}',
           "advanced:\n  network_key: GENERATE\n  pan_id: GENERATE", '{"msg":"socket","server_key":"[set]","port":7350}',
           "signing.keyId=91F01AB0\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg",
           "mavenCentralPassword=${MAVEN_CENTRAL_PASSWORD}\nsigning.keyId=46003333",
           '<enclosure url="https://updates.example.app/App-4.8.3.zip" sparkle:edSignature="' + rand(B64, 86) + '==" length="388"/>',
           '{"platforms": {"darwin-aarch64": {"signature": "dW50cnVzdGVkIGNvbW1lbnQ6IHNpZ25hdHVyZSBmcm9tIHRhdXJpIHNlY3JldCBrZXkK'
           + rand(B64, 60) + '"}}}',
           "APNs device token: " + rand(HEX, 64), "ExponentPushToken[" + rand(ALNUM, 22) + "]",
           "MAPBOX_PUBLIC_TOKEN=pk." + rand(ALNUM, 60) + "." + rand(ALNUM, 22),
           "LD_MOBILE_KEY=mob-%s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)),
           "2025/03/14 21:59:42 [info] Vault token renewed, ttl=768h, accessor=" + rand(ALNUM, 24),
           "CrashReporter Key:   " + rand(HEX, 40), "objectKey: uploads/2024-06-17/" + rand(HEX, 32) + ".png",
           "PUBNUB_SUBSCRIBE_KEY=sub-c-%s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12))]
issue("name-then-value", "assignment", "TAURI_SIGNING_PRIVATE_KEY={v}",
      "dW50cnVzdGVkIGNvbW1lbnQ6IHJzaWduIGVuY3J5cHRlZCBzZWNyZXQga2V5CiAg" + rand(B64, 80), "TAURI_SIGNING_PRIVATE_KEY=")
issue("assignment", "assignment", "    <password>{{v}}</password>",
      "AQAAABAAAAAQ" + rand(B64, 44) + "=", "    <password>")
issue("assignment", "assignment", "gitlab-runner register --non-interactive\nREGISTRATION_TOKEN={v}", "GR1348941" + rand(ALNUM, 20),
      "REGISTRATION_TOKEN=")
issue("android-build-secret", "code", "defaultConfig {\n    buildConfigField(\"String\", \"API_SECRET\", \"\\\"{v}\\\"\")\n}",
      rand(HEX, 40), "buildConfigField(\"String\", \"API_SECRET\", \"\\\"")
issue("android-build-secret", "config", "<string name=\"PreSharedKey\">&quot;{v}&quot;</string>", rand(ALNUM, 15),
      "<string name=\"PreSharedKey\">&quot;")
issue("backtrace-submission-token", "config", "\"submission_url\": \"https://submit.backtrace.io/studio/{v}/minidump\"",
      rand(HEX, 64), "https://submit.backtrace.io/studio/")
issue("perforce-ticket", "cli", "$ p4 tickets\nperforce.example.games:1666 (jdoe) {v}\nlocalhost:1666 (super) expired",
      rand("0123456789ABCDEF", 32), "perforce.example.games:1666 (jdoe) ")
issue("app-certificate", "assignment", "AGORA_APP_ID={v0}\nAGORA_APP_CERTIFICATE={v}".replace("{v0}", rand(HEX, 32)),
      rand(HEX, 32), "AGORA_APP_CERTIFICATE=")
issue("signing-tool-password", "cli", "signtool sign /f C:\\certs\\codesign.pfx /p {v} /tr http://timestamp.digicert.com x.exe",
      "Kiln" + rand(DIGITS, 4) + "-" + rand(LOWER, 3), "/f C:\\certs\\codesign.pfx /p ")
issue("signing-tool-password", "cli", "security import ./certs/dist.p12 -k build.keychain -P \"{v}\" -T /usr/bin/codesign",
      "panda_" + rand(LOWER, 6) + "_waffle", "-k build.keychain -P \"")
issue("openssl-passwd-argument", "cli", "usermod -p \"$(openssl passwd -6 '{v}')\" ops", "fjord+" + rand(DIGITS, 4),
      "openssl passwd -6 '")
issue("steamcmd-login", "cli", "steamcmd +login buildbot {v} +run_app_build ../scripts/app.vdf +quit",
      "lantern_" + rand(LOWER, 6) + "_island", "steamcmd +login buildbot ")
issue("pexpect-sent-password", "code", "child.expect(\"password:\")\nchild.sendline(\"{v}\")\nchild.expect(\"#\")",
      "DOLP" + rand(DIGITS, 4) + "nomad*", "child.sendline(\"")
BENIGN += ["signtool verify /pa /p x.exe", "openssl passwd -6 -stdin < pw.txt", "steamcmd +login anonymous +app_update 740 +quit",
           "steamcmd +login user $STEAM_PASS +quit", "security create-keychain -p \"$KEYCHAIN_PASSWORD\" build.keychain",
           "<string name=\"api_key_label\">API</string>", "        >>> string_to_token('String.Double')\n        Token.Literal.String.Double",
           "the token is System.Net.Http.Headers now"]
issue("set-config-secret", "cli", "server-command set-config ext-device.smtp.password {v}", "salmon-mosaic-pepper-" + rand(DIGITS, 2),
      "server-command set-config ext-device.smtp.password ")
issue("users-map-password", "config", "{\n  \"AuthenticationEnabled\" : true,\n  \"RegisteredUsers\" : {\n    \"radiology\" : \"{v}\"\n  }\n}",
      "OtterQuiverCanyon" + rand(DIGITS, 1), "    \"radiology\" : \"")
issue("sendmail-authinfo", "config", "AuthInfo:smtp.office365.com \"U:scanner@example.org\" \"P:{v}\" \"M:LOGIN PLAIN\"",
      "ribbon." + rand(ALNUM, 6), "\"U:scanner@example.org\" \"P:")
issue("login-user-colon-password", "config", "cache_peer proxy.example.net parent 3128 0 no-query default login=svc_flow:{v}",
      rand(LOWER + DIGITS, 6) + "-" + rand(LOWER + DIGITS, 6), "login=svc_flow:")
issue("basic-auth-encoded-literal", "code", "req.setHeader('Authorization', 'Basic ' + EncodingUtil.base64Encode(Blob.valueOf('fm_admin:{v}')));",
      rand(ALNUM, 4) + "!" + rand(ALNUM, 6) + "+" + rand(DIGITS, 3), "Blob.valueOf('fm_admin:")
issue("swift-header-value", "code", "request.setValue(\"{v}\", forHTTPHeaderField: \"X-Kiosk-Key\")", rand(ALNUM, 32),
      "request.setValue(\"")
issue("snmp-community-call", "code", "next(getCmd(SnmpEngine(), CommunityData('{v}', mpModel=1), UdpTransportTarget(('10.0.0.9', 161))))",
      "ro-sunflower-" + rand(DIGITS, 4), "CommunityData('")
issue("assignment", "config", "  ~ app_settings = {\n      ~ \"SMTP_PASSWORD\" = \"(sensitive value)\" -> \"{v}\"\n    }",
      "GoRams-" + rand(DIGITS, 2), "\" -> \"")
BENIGN += ["users: {}", "login=PASS:yes", "git config set core.editor vim", "set-config smtp.password.min-length 12",
           "mc alias set archive http://minio.local:9000   # prompts for access key and secret",
           "machine sftp.example.org\n  login glpi\n  password <stored in keychain>",
           "idp.signing.key = %{idp.home}/credentials/idp-signing.key",
           "The SFTP password for Atlas Checks is in 1Password under 'EDI - Atlas Checks'. Don't paste it in Teams.",
           "request.setValue(\"application/json\", forHTTPHeaderField: \"Content-Type\")"]
BENIGN += ["Reset pw JohnSmithDoe account only after approval", "password debian-bookworm-slim image ships without",
           "Device serial number: HX7K-92LM-4QRT-8WZP-1BCD", "serial port COM3 device 12AB-34CD-56EF-78GH-90IJ",
           "weights_key: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160]",
           "int[] fibKey = { 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987 };",
           "PALETTE_KEY = (255, 0, 0, 255, 128, 0, 255, 255, 0, 0, 255, 0, 0, 0, 255, 128)",
           "$ cat secret_name.txt\nmysqlcredentials", "password srv01 uses the old policy", "pw macos14 only",
           "git stash create \"token refactor\"", "+login with GitHub", "Skipping: \nsend: sending \"ls\\r\" to { exp4 }",
           "child.expect(\"password updated\")\nchild.sendline(\"whoami\")", "integrityKey: \"sha512-" + rand(B64, 40) + "\""]
issue("password-then-value", "prose", "new hires get password {v} for their first login", "Welcome" + rand(DIGITS, 1),
      "new hires get password ")
issue("password-then-value", "prose", "Passwort vorläufig {v}, bitte ändern", "Piotr" + rand(DIGITS, 4), "Passwort vorläufig ")
issue("expect-sent-password", "cli", "Password for 'https://alice@github.com': \nsend: sending \"{v}\\r\" to { exp4 }",
      "Tr0ub4dor-" + rand(DIGITS, 2), "send: sending \"")
issue("pexpect-sent-password", "code", "i = child.expect(['Password:', 'yes/no'])\nif i == 0:\n    child.sendline('{v}')",
      "Tr0ub4dor-" + rand(DIGITS, 2), "    child.sendline('")
issue("perforce-ticket", "cli", "$ cat ~/.p4tickets\nperforce.example.com:1666=bob:{v}", rand("0123456789ABCDEF", 32),
      "perforce.example.com:1666=bob:")
issue("key-byte-list", "code", "val networkKey = byteArrayOf({v})",
      ", ".join(str(b) for b in (-23, 45, -118, 7, 99, -64, 12, 88, -5, 101, 33, -77, 54, 2, -120, 66)),
      "val networkKey = byteArrayOf(")
BENIGN += ["the password — see the vault", "Password – required for all users", "password admin panel redesign",
           "the summer rotation of passwords", "p4 -p ssl:perforce.example.com:1666 -u bob changes -m 5"]
BENIGN += ['read -s -p "SBC admin password: " SBC_PASS && curl -k -u "admin:$SBC_PASS" https://10.0.0.5/api/v1/status',
           "S3 key for the broken proxy: s3://media-proxies/2024-07-10/%s-%s-4%s-8%s-%s_proxy.mp4" % (
               rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)),
           "La password è nel gestore password sotto \"NAS redazione\"; chiedi a Pedro l'accesso."]
BENIGN += [rand(HEX, 64) + "  tas_day_CESM2_ssp585_r1i1p1f1_gn_20240101-20241231.nc\n" + rand(HEX, 64) + "  run_0910.raw"]
issue("password-stated-otherwise", "prose", "the wifi password for the lab is {v}.", "qrTbzXwP", "the wifi password for the lab is ")
issue("password-stated-otherwise", "prose", "Het wachtwoord van de printer is {v}, niet delen.", "plxwntkr", "Het wachtwoord van de printer is ")
issue("password-stated-otherwise", "prose", "admin pw: {v}", "bemuvorakiT" + rand("aeiou", 1), "admin pw: ")
issue("password-stated-otherwise", "prose", "Your temporary password is: {v}\nChange it at first login.",
      "Qx^Trm?Hyd_Zw=" + rand(UPPER, 3), "Your temporary password is: ")
issue("password-stated-otherwise", "prose", "root password was changed to {v} on Friday", "k" + rand(DIGITS, 1) + "QmRz" + rand(LOWER, 3),
      "root password was changed to ")
issue("password-stated-otherwise", "prose", "Mật khẩu Jenkins admin là {v} nhé", rand(DIGITS, 8), "Mật khẩu Jenkins admin là ")
BENIGN += ["the password is incorrect.", "password: see 1Password", "the password file is /etc/app/secret.txt",
           "password: PASSWORD_FILE", "Hasło musi mieć co najmniej 12 znaków. (REQ5223978)",
           "the token endpoint is api.example.com", "the password reset page is login.corp.internal",
           "the password hash algorithm is argon2id", "the password expiry is 20240101",
           "the password manager is Bitwarden", "Password: Required",
           "pw is in the usual place", "the token is 12345678 bytes long", "password version is v2.1.3"]
BENIGN += ["webauthn credential id %s registered for ana" % rand(ALNUM + "-_", 43),
           "Message-ID: <CA%s@mail.example.com>" % rand(ALNUM, 46),
           "Gold plan renewed, card payment via PayPal transaction %s" % rand(UPPER + DIGITS, 17),
           "serial: /dev/serial/by-id/usb-Klipper_stm32f446xx_%s-if00" % rand("0123456789ABCDEF", 24),
           "device ID of the backup box: " + "-".join(rand("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 7) for _ in range(8)),
           "$ cat .env.sample\nBOT_TOKEN=123456:ABC-your-token\nTZ=UTC"]
issue("nomad-acl-bootstrap", "terminal", "$ nomad acl bootstrap\nAccessor ID  = %s\nSecret ID    = {v}\nName = Bootstrap Token" % (
    "%s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12))),
      "%s-%s-4%s-9%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)), "Secret ID    = ")
BENIGN += ['203.0.113.9 - app_ro [07/Jun/2024:21:49:58 +0000] "POST /login HTTP/1.1" 302 0 "https://app.example.com/login" "Mozilla/5.0"',
           "HTTP/2 200\nset-cookie: _app_session=; Max-Age=0; Path=/",
           "[Service]\nLoadCredential=db_password:/etc/credstore/app.db_password",
           "class Settings(BaseSettings):\n    DB_PASSWORD: SecretStr = Field(..., env='DB_PASSWORD')",
           "SMTP_TOKEN=%%PASSWORD%%", "SESSION_SECRET=replace-me-with-64-random-hex-chars",
           "flag 'beta' evaluated true for context key %s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12))]
issue("call-after-address", "code", "ctl = Controller(\"10.0.8.4\", \"hass\", \"{v}\", port=8443)", rand(ALNUM, 15),
      "ctl = Controller(\"10.0.8.4\", \"hass\", \"")
issue("call-after-address", "code", "server = MediaServer(\"http://10.0.0.7:32400\", \"{v}\")", rand(ALNUM + "-_", 20),
      "server = MediaServer(\"http://10.0.0.7:32400\", \"")
issue("connection-call", "code", "Connection c = DriverManager.getConnection(\n    \"jdbc:postgresql://db:5432/app\",\n"
      "    \"app_ro\",\n    \"{v}\");", "Harbor" + rand(DIGITS, 4) + "*" + rand(DIGITS, 2), "    \"app_ro\",\n    \"")
issue("password-compared", "code", "if (creds.name == \"ops\" && creds.password == \"{v}\") ok()", "Quill" + rand(DIGITS, 4) + "%",
      "if (creds.name == \"ops\" && creds.password == \"")
issue("user-then-p", "prose", "- preview site is behind basic auth: u=preview p={v}\n- run make seed first",
      "otter-basil-" + rand(DIGITS, 2) + "-lamp", "basic auth: u=preview p=")
issue("log-user-typed-password", "log", "Mar  9 23:14:02 nas sshd[501]: Invalid user {v} from 10.0.0.50 port 44219",
      "Harbor=Tulip" + rand(DIGITS, 4), "sshd[501]: Invalid user ")
issue("exec-user-colon-password", "config", "    healthcheck:\n      test: [\"CMD\", \"curl\", \"-fsS\", \"-u\", \"monitor:{v}\", "
      "\"http://localhost:8080/health\"]", "Linen" + rand(DIGITS, 4) + "Granite", "\"-u\", \"monitor:")
issue("user-password-file-named", "config", "# /etc/openvpn/client/auth.txt (auth-user-pass in office.ovpn)\nmirela\n{v}",
      rand(ALNUM, 6) + "?" + rand(ALNUM, 6), "\nmirela\n")
issue("lftp-user-password", "cli", "lftp -u 'partner-7,{v}' ftps://ftp.example.org", "Tundra@" + rand(DIGITS, 4) + "#",
      "lftp -u 'partner-7,")
issue("echo-into-secret-file", "cli", "echo '{v}' | sudo tee /etc/wireguard/privatekey >/dev/null", rand(B64, 43) + "=",
      "echo '")
issue("config-set-secret", "cli", "balena env add WIFI_PASS \"{v}\" --fleet kiosks", "dune" + rand(LOWER, 5) + rand(DIGITS, 3),
      "balena env add WIFI_PASS \"")
issue("php-var-dump-secret", "log", "array(2) {\n  [\"bind_dn\"]=>\n  string(20) \"cn=svc,dc=corp\"\n  [\"bind_pw\"]=>\n"
      "  string(13) \"{v}\"\n}", "Dipe" + rand(LOWER, 5) + rand(DIGITS, 2), "string(13) \"")
issue("bip39-mnemonic", "prose", "Ledger backup (paper copy in the safe, delete this one after):\n{v}\nwallet birthday: 2024",
      " ".join(("cobalt", "wombat", "lantern", "sable", "magnet", "ember", "nomad", "walnut", "unicorn", "oracle",
                "ribbon", "pylon")), "delete this one after):\n")
issue("cat-password-file", "cli", "root@pve:~# cat /etc/pve/priv/storage/offsite.pw\n{v}", "basil.granite.whisker." + rand(LOWER, 6),
      "cat /etc/pve/priv/storage/offsite.pw\n")
issue("password-asked-then-given", "prose", "Jakub (00:49): what's the pw for the sentinel on redis-stg?\nMateus (00:49): {v}",
      "thunder-tornado-ivory-" + rand(DIGITS, 2), "Mateus (00:49): ")
BENIGN += ["urljoin(\"https://api.example.com/\", \"v2/items\")", "fetch(\"https://api.example.com/v1\", \"POST\")",
           "vercel env add NEXTAUTH_SECRET production", "if password == confirm_password: save()",
           "sshd[88]: Invalid user admin from 10.0.0.9 port 22", "sshd[88]: Invalid user oracle2024 from 10.0.0.9 port 22",
           "open(\"http://localhost:8080/\", \"rb\")", "the token is rotated every 90 days"]
issue("smtp-auth-exchange", "log", "DEBUG SMTP: trying AUTH LOGIN\n< 334 VXNlcm5hbWU6\n> YW5hQGV4YW1wbGUub3Jn\n< 334 UGFzc3dvcmQ6\n> {v}\n< 235 ok",
      rand(B64, 20) + "=", "< 334 UGFzc3dvcmQ6\n> ")
issue("decoded-user-colon-password", "cli", "$ echo \"$AUTH_HEADER\" | cut -d' ' -f2 | base64 -d\nadmin_ana:{v}",
      "Herbst" + rand(DIGITS, 4) + "!!", "base64 -d\nadmin_ana:")
issue("user-and-password-are", "cli", "$ sudo cat ~/stack_credentials\nThe default username and password is 'user' and '{v}'.",
      rand(ALNUM, 12), "username and password is 'user' and '")
issue("extension-publish-token", "ci", "npx @vscode/vsce publish -p {v} --packagePath ext-1.2.3.vsix", rand(LOWER + DIGITS, 52),
      "npx @vscode/vsce publish -p ")
issue("cloudinary-signed-url", "url", "https://res.cloudinary.com/acme/image/authenticated/s--{v}--/v1710238442/docs/a.pdf",
      rand(ALNUM + "_-", 8), "https://res.cloudinary.com/acme/image/authenticated/s--")
issue("ftp-pass-after-user", "log", "$ curl -v -T a.html ftp://ftp.example.org/ --user ana:...\n> USER ana\n< 331 Password required\n> PASS {v}\n< 230 ok",
      "Pomodoro_Honey" + rand(DIGITS, 2), "> PASS ")
issue("user-password-literal", "code", "const auth = 'Basic ' + btoa('ana_admin:{v}');",
      " ".join(rand(ALNUM, 4) for _ in range(6)), "btoa('ana_admin:")
issue("curl-user-password", "cli", "curl -s -u \"ana:{v}\" https://wp.example.org/wp-json/wp/v2/posts",
      " ".join(rand(ALNUM, 4) for _ in range(6)), "curl -s -u \"ana:")
issue("recovery-codes", "prose", "Here is the one recovery code left for the agency account: {v}. Then we regenerate.",
      rand(LOWER, 2) + rand(DIGITS, 1) + rand(LOWER, 2) + "-" + rand(LOWER + DIGITS, 5), "recovery code left for the agency account: ")
issue("totp-seed", "prose", "TOTP seed for the shared analytics login (GA4 / GTM admin, ana@example.net, backup phone in the safe): {v}",
      rand("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 32), "backup phone in the safe): ")
issue("assignment", "config", "[sftp-site]\ntype = sftp\nuser = editor\npass = {v}\nshell_type = unix", "Veleja" + rand(DIGITS, 2) + "+",
      "pass = ")
issue("cli-flag", "cli", "wp config create --dbname=wp --dbuser=wp --dbpass={v} --dbhost=db", "Tr0ub4dor" + rand(DIGITS, 2),
      "--dbpass=")
issue("prose-secret-stated-languages", "prose", "הסיסמה לממשק הניהול היא {v} ושם המשתמש dana", "Qaz-Ya" + rand(DIGITS, 3),
      "הסיסמה לממשק הניהול היא ")
issue("password-stated-otherwise", "prose", "รหัสผ่านเข้าหลังบ้าน: {v} ชื่อผู้ใช้ cafe_admin", "Qaz." + rand(DIGITS, 1) + "E" + rand(DIGITS, 3),
      "รหัสผ่านเข้าหลังบ้าน: ")
BENIGN += ["$ echo eyJ0eXBlIjoicGluZyJ9 | base64 -d\n{\"type\":\"ping\"}", "pass: 42\nfail: 0\nskip: 3",
           "the recovery code format is: abcde-fghij", "the username and password are on the sticker",
           "def close(self):\n    pass\nx = 1"]
issue("reset-link-token", "cli", "$ drush uli --uri=https://shop.example.org --no-browser\nhttps://shop.example.org/user/reset/1/1716797752/{v}/login",
      rand(ALNUM + "_-", 43), "https://shop.example.org/user/reset/1/1716797752/")
issue("admin-stated", "prose", "restarted the api on all nodes; temp local admin on the Windows boxes is {v} until Friday",
      "Marble" + rand(DIGITS, 4) + "@" + rand(DIGITS, 2), "temp local admin on the Windows boxes is ")
issue("assignment-codes-and-salts", "code", "PRINTER_IP = \"10.0.0.9\"\nACCESS_CODE = \"{v}\"\nclient.username_pw_set(\"bblp\", ACCESS_CODE)",
      rand(ALNUM, 8), "ACCESS_CODE = \"")
issue("assignment-codes-and-salts", "config", "$settings['hash_salt'] = '{v}';", rand(ALNUM + "_-", 43), "$settings['hash_salt'] = '")
issue("password-then-value", "prose", "Card: repro with their test IdP user idp-test@example.io (pw {v}). Happens only on Safari",
      "P" + rand(DIGITS, 1) + "l@rp" + rand(DIGITS, 1) + "x" + rand(DIGITS, 3) + "!", "(pw ")
issue("grouped-secret", "prose", "Photo of the router's sticker:\nWLAN-Netzwerkschlüssel (WPA2): {v}",
      " ".join(rand(DIGITS, 4) for _ in range(5)), "WLAN-Netzwerkschlüssel (WPA2): ")
BENIGN += ["the admin user is jsmith01", "Admin: ops@example.com", "ACCESS_CODE = 200", "ACCESS_CODE_LENGTH = 8",
           "docs: https://example.com/docs/password/reset/how-to-reset-your-password-guide", "GET /api/v1/reset/status",
           "card number 4111 1111 1111 1111", "password hash2024 migration done",
           "$ stripe events list\nevt_%s  checkout.session.completed\nevt_%s  payment_intent.succeeded" % (rand(ALNUM, 24), rand(ALNUM, 24)),
           "2023-06-03 17:26:34 FRA56-C1 6147 198.51.100.2 GET d1x.cloudfront.net /img/a.avif 200 - Mozilla/5.0 - - Hit %s== cdn.example https" % rand(ALNUM + "-_", 54)]
issue("autohotkey-typed-secret", "log", "Error at line 42.\n\nLine Text: Send, {v}{Enter}\nError: Target window not found.",
      "S@ffron" + rand(DIGITS, 2) + "%Q", "Line Text: Send, ")
issue("autohotkey-typed-secret", "code", ":*:;;pw::{v}\n:*:;;sig::Best regards,{Enter}Ana", rand(ALNUM, 14), ":*:;;pw::")
issue("certificate-file-password", "code", "var cert = new X509Certificate2(@\"C:\\certs\\site.pfx\", \"{v}\", X509KeyStorageFlags.MachineKeySet);",
      "Lukas?blossom" + rand(DIGITS, 3) + "@", "site.pfx\", \"")
issue("rclone-obscure", "cli", "rclone copy D:\\Photos :sftp:/photos --sftp-pass \"$(rclone obscure '{v}')\" -P",
      "Freya-paprika" + rand(DIGITS, 3) + "-", "rclone obscure '")
issue("cloud-keys-listed", "cli", "> az redis list-keys -n cache -g rg-prod --query primaryKey\n\"{v}\"", rand(B64, 43) + "=",
      "--query primaryKey\n\"")
issue("name-then-value-flags", "ci", "$ az pipelines variable create --name AVALARA_LICENSE --value {v} --pipeline-name tax-sync",
      rand("0123456789ABCDEF", 16), "--name AVALARA_LICENSE --value ")
issue("rsa-xml-private-parts", "config", "<RSAKeyValue>\n  <Modulus>%s</Modulus>\n  <D>{v}</D>\n</RSAKeyValue>" % rand(B64, 40),
      rand(B64, 40) + "==", "<D>")
issue("dataprotection-master-key", "config", "<key id=\"19b6591e\">\n  <descriptor>\n    <masterKey p4:requiresEncryption=\"true\">\n"
      "      <!-- Warning: the key below is in an unencrypted form. -->\n      <value>{v}</value>\n    </masterKey>",
      rand(B64, 86) + "==", "<value>")
issue("ebay-user-token", "v", "eBay user access token (EBAY_DE): v^1.1#i^1#{v}", "f^0#p^3#r^0#I^3#t^H4sI" + rand(B64, 60),
      "v^1.1#i^1#")
issue("paseto-token", "v", "Unit org API token: {v}", "v2.public." + rand(ALNUM + "_-", 80), "Unit org API token: ")
issue("azure-devops-pat", "v", "ADO PAT (Code: Read) for the build VM — {v} — created by Ana", rand("abcdefghijklmnopqrstuvwxyz234567", 52),
      "for the build VM — ")
issue("assignment", "code", "class Settings(BaseSettings):\n    vendor_api_key: str = \"{v}\"",
      "%s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)), "vendor_api_key: str = \"")
issue("sonar-login", "ci", "version: 0.2\nenv:\n  variables:\n    SONAR_LOGIN: {v}", rand(HEX, 40), "SONAR_LOGIN: ")
issue("c-define-secret", "code", "#define HSM_HOST \"10.0.0.5\"\n#define HSM_LMK_PIN \"{v}\"", rand(DIGITS, 8), "#define HSM_LMK_PIN \"")
issue("set-password-call", "cli", "py -c \"import keyring; keyring.set_password('print-queue', 'svc', '{v}')\"", "Invierno" + rand(DIGITS, 4) + "^^ta",
      "'print-queue', 'svc', '")
issue("curl-user-password", "cli", "curl.exe -k -u \"owner:{v}\" \"https://nas01.lan:5001/webapi/entry.cgi\"", "Fatima" + rand(DIGITS, 4) + "_",
      "curl.exe -k -u \"owner:")
issue("password-compared", "code", "if (txtUser.Text == \"admin\" && txtPassword.Text == \"{v}\")", "Kayak" + rand(DIGITS, 4) + "*",
      "txtPassword.Text == \"")
issue("admin-stated", "prose", "Hyper-V VM \"Quotes-Test\": local Administrator = {v}, checkpoint \"clean\" taken", "Wei" + rand(DIGITS, 4) + "^x",
      "local Administrator = ")
issue("password-stated-otherwise", "prose", "Amara: NAS:n salasana on nyt {v}, käyttäjä sofia.", "Nebula" + rand(DIGITS, 4) + "_",
      "salasana on nyt ")
issue("prose-secret-stated-languages", "prose", "Carmen: kata laluan akaun ialah {v} dan ID pengguna ana", "Natal" + rand(DIGITS, 4) + "~gg",
      "kata laluan akaun ialah ")
issue("password-then-value", "prose", "Pedro: a Barion fiók jelszava {v} — a felhasználó ana", "Verano" + rand(DIGITS, 4) + "=4h",
      "fiók jelszava ")
BENIGN += ["az login --use-device-code --tenant %s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)),
           "Secret ID: %s-%s-4%s-8%s-%s  Value: (hidden, shown only once)" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)),
           "spring.datasource.password=ENC(%s)" % rand(B64, 64), "COLD_WALLET = \"bc1q%s\"" % rand("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 38),
           "powershell.exe -NoProfile -EncodedCommand UwB0AGEAcgB0AC0AUwBjAGgAZQBkAHUAbABlAGQAVABhAHMAawA=",
           "\"contentHash\": \"%s==\"" % rand(B64, 86), "// password comes from kv.getSecret('sql-admin-12') in main.bicep",
           "Unknown user name or bad password.  Logon ID: 0xAF03AF9D  Caller Process ID: 0x1a2b",
           "deploy:\n  provider: NuGet\n  api_key:\n    secure: %s" % rand(B64, 64), "#define LED_PIN 13",
           "az pipelines variable create --name LOG_LEVEL --value debug"]
issue("user-line-then-password", "prose", "(photo of the sticky note on the router, transcribed)\nRouter admin: admin\n{v}.\nISP support: 0800 123 456",
      "Zmrzlina" + rand(DIGITS, 4), "Router admin: admin\n")
issue("user-then-pass", "prose", "Office wifi for the workshop → SSID Harbor-IoT / pass {v}", "Rocket" + rand(DIGITS, 2) + "_",
      "SSID Harbor-IoT / pass ")
issue("password-asked-then-given", "prose", "Ana: whats the wifi pw at the office?\nBen: checking\nBen: {v}", "Rocket" + rand(DIGITS, 2) + "_x2",
      "Ben: checking\nBen: ")
BENIGN += ["[client]\nuser=finance\nhost=mysql-88.example.io\n# password comes from mysql_config_editor",
           "user: admin\nVersion2024 is out", "Ana: any news on the deploy?\nBen: checking\nBen: build42finished",
           "#define LED_PIN \"GPIO17\""]
issue("access-code-digits", "prose", "Nota turno sera: codice cassaforte {v} (solo per chiusura). Fondo cassa 200€.", rand(DIGITS, 8),
      "codice cassaforte ")
issue("access-code-digits", "prose", "Gente, o código do alarme mudou. Novo código: {v}. Não esqueçam de armar.", "0" + rand(DIGITS, 5),
      "Novo código: ")
issue("access-code-digits", "log", "till03 posd[310]: manager override by ops using code {v} on check #422", rand(DIGITS, 6),
      "using code ")
issue("jenkins-decrypted-secret", "cli", "println(hudson.util.Secret.decrypt(creds.password.encryptedValue))\n\nResult: {v}",
      "ingrid" + rand(DIGITS, 4) + "%", "Result: ")
issue("haproxy-stats-auth", "config", "listen stats\n    bind *:8404\n    stats auth admin:{v}", "pepper-zebra-" + rand(LOWER, 7),
      "stats auth admin:")
issue("key-file-under-its-name", "config", "# /etc/zabbix/zabbix_agentd.psk  (TLSPSKIdentity store-bo)\n{v}", rand(HEX, 64),
      "(TLSPSKIdentity store-bo)\n")
issue("cat-password-file", "ci", "$ git show HEAD:.vault_pass\n{v}", "radish_flamingo_" + rand(LOWER, 8), "git show HEAD:.vault_pass\n")
issue("admin-stated", "prose", "Ana: root on the captive portal box is {v} btw, I'll rotate it", "T34p0t" + rand(DIGITS, 2) + "_!",
      "root on the captive portal box is ")
issue("prose-secret-stated-languages", "prose", "Eleni: 포스 관리자 비밀번호 {v} 입니다. 외부 유출 금지!", "Punoru" + rand(DIGITS, 3),
      "포스 관리자 비밀번호 ")
issue("password-stated-otherwise", "prose", "Tomás: nenosiri la mfumo wa POS ni {v}, usimpe mtu", "lukas" + rand(DIGITS, 4) + "@",
      "mfumo wa POS ni ")
BENIGN += ["the door code changed in 2024", "HTTP status code 4040 on the gate", "alarm code version 1.2345 applied",
           "Ang password ay dapat may hindi bababa sa 11 character.",
           "spring.datasource.password=${vault.db.password}\nspring.cloud.vault.uri=https://vault.pinecrest.example.org:8200",
           "cache:\n  key: menu:0019:%s\n  ttl: 300" % rand(HEX, 40)]
issue("typed-into-password-field", "log", "  pw:api waiting for locator('#password') +1ms\n  pw:api   fill(\"{v}\") +0ms",
      "tkuh#" + rand(DIGITS, 2) + "DRzzd+" + rand(DIGITS, 2), "fill(\"")
issue("typed-into-password-field", "log", "  6  get      #password\n  7  -type    {v}\n  8  contains Sign in",
      "arjun.lucas" + rand(DIGITS, 4), "-type    ")
issue("imap-login-command", "log", "  63:63.63 > b'ABCD1 LOGIN diego@stu.example.edu \"{v}\"'\n  63:63.63 < b'ABCD1 OK LOGIN completed'",
      "Iglo&o" + rand(DIGITS, 4) + ".", "LOGIN diego@stu.example.edu \"")
issue("decoded-secret-field", "cli", "$ kubectl get secret lab-db -o jsonpath='{.data.password}' | base64 -d\n{v}",
      "zeboluno" + rand(DIGITS, 3), "| base64 -d\n")
issue("secret-read-then-printed", "cli", ">>> env('DB_PASSWORD')\n=> \"{v}\"\n>>> env('DB_DATABASE')", "Hana" + rand(DIGITS, 4) + "*",
      "=> \"")
BENIGN += ["the user must LOGIN first then ADMIN", "  6  get      #password\n  7  should   be.visible"]
BENIGN += ['download("https://cdn.example.com/model.bin", "model-v2")', 'p = Printer("192.168.1.30", "HP-LaserJet-M404")',
           'client = Client("https://res.example.com", "2024-02-15-preview")', 'if token == "uint64_t":',
           'if (token.equals("ISO-8859-1")) {', "Password last changed: 20240115", "PBKDF2 password iterations: 600000",
           "The old password is inoperative now.", "Migrate the password hashing from bcrypt to argon2-cffi next sprint.",
           "Root cause: Issue#1234", "admin is now @JohnD42", "The admin role is Ops-Admin#2",
           "sshd[1234]: Invalid user Administrator1 from 203.0.113.5 port 50122",
           "$ echo c2hhMjU2OmFiYzEyMw== | base64 -d\nsha256:abc123def456",
           'QObject.connect(button, "clicked()",\n    "onClick()")', "pass: 98.5%", "pass: test_login.py::test_ok",
           "level=info user=alice p=worker-3 msg=started", "Ana: which branch has the token refresh fix?\nBen Ortiz (10:01): fix/token-refresh-2",
           '["docker", "run", "-u", "app:appgroup1", "img"]', "./install.sh --rootpass prompt", "vercel env add DB_PASSWORD staging2",
           "Ledger Live release notes: fixed crash when device shows blank screen after long idle time period",
           "POST /api/v2/devices/reset/8f14e45f-ceea-467f-a5b2-1c3b0b2a9d10", "> USER=ci go test ./...\n> PASS TestUserLogin2FA",
           "250-AUTH PLAIN OAUTHBEARER XOAUTH2", "self.access_code = access_code", "Backup code SKU: 10023-44871",
           "auth-user-pass /etc/openvpn/creds\nclient\nremote-cert-tls2"]
issue("assignment", "config", "DB_PASSWORD=\"{v}\"", "Tq8:/vL2#p" + rand(ALNUM, 6), "DB_PASSWORD=\"")
issue("assignment", "config", "SMTP_PASSWORD={v}", "tell-your-mom-" + rand(DIGITS, 4), "SMTP_PASSWORD=")
issue("encoded-command-secret", "cli", "powershell.exe -NoProfile -EncodedCommand {v}",
      __import__("base64").b64encode(("$p = ConvertTo-SecureString '%s' -AsPlainText -Force; Start-ScheduledTask -TaskName Sync"
                                      % ("Hunter" + rand(DIGITS, 3) + "!" + rand(ALNUM, 4))).encode("utf-16-le")).decode(),
      "-EncodedCommand ")
BENIGN += ["powershell.exe -NoProfile -EncodedCommand " + __import__("base64").b64encode(
    "Start-ScheduledTask -TaskName Nightly".encode("utf-16-le")).decode()]
issue("job-arguments-literal", "log", "[2023-10-26 05:00:01,482: INFO/MainProcess] Task sync.push[c8507e3b] received: "
      "args=['1384', 'supplier-portal', 'shiftlead', '{v}'] kwargs={{}}", "Halloumi" + rand(DIGITS, 3) + "%Q",
      "'shiftlead', '")
BENIGN += ["received args=['1384', 'supplier-portal', 'shiftlead', 'nightly'] kwargs={}",
           'Arguments: ["imap.example.org", "ana@example.org", 42]']
# Rows written for the forty-first to forty-ninth hold-out corpora, each with a line of its own
# here (and the look-alikes those rows leave alone).
_seed = ["orbit", "candle", "walnut", "gravel", "pioneer", "velvet", "saddle", "hollow", "meadow", "copper",
         "lizard", "banner", "cactus", "dolphin", "ember", "fabric", "harbor", "quartz", "tundra", "violin"]
issue("seed-phrase-unnamed", "cli", "echo \"{v}\" | gaiad keys add validator --recover --keyring-backend test",
      " ".join(_seed[(index * 7) % 20] for index in range(12)), "echo \"")
issue("bip39-mnemonic", "prose", "here's the seed for the test phone, in order:\n1. {v}\nthanks",
      "\n".join("%d. %s" % (index + 1, _seed[(index * 3) % 20]) for index in range(12))[3:], "in order:\n1. ")
issue("salesforce-session-id", "v", "SF_SESSION={v}", "00D" + rand(ALNUM, 12) + "!" + rand(ALNUM + ".", 60), "SF_SESSION=")
issue("airtable-legacy-key", "v", "(log) calling airtable with key {v} for base appX", "key" + "Vq" + rand(LOWER, 6) + "Sde" + rand(DIGITS, 3),
      "calling airtable with key ")
issue("hubspot-region-token", "v", "$hubspot = Factory::createWithAccessToken('{v}');", "pat-na1-%s-%s-%s-%s-%s" % (
    rand(HEX, 8), rand(HEX, 4), rand(HEX, 4), rand(HEX, 4), rand(HEX, 12)), "createWithAccessToken('")
issue("hubspot-refresh-token", "v", "\"refresh_token\": \"{v}\",", "eu1-%s-%s-%s-%s-%s" % (
    rand(HEX, 8), rand(HEX, 4), rand(HEX, 4), rand(HEX, 4), rand(HEX, 12)), "\"refresh_token\": \"")
issue("rpc-endpoint-key", "v", "url: 'https://arbitrum-mainnet.infura.io/v3/{v}'", rand(HEX, 32), "infura.io/v3/")
issue("rpc-endpoint-key", "v", "curl https://lagoon-pigeon.quiknode.pro/{v}/ -X POST", rand(HEX, 40), "quiknode.pro/")
issue("hex-private-key-near-its-word", "code", "return crypto.HexToECDSA(\"{v}\")", rand(HEX, 64), "HexToECDSA(\"")
issue("hex-private-key-near-its-word", "log", "VM::envUint(\"PRIVATE_KEY\") [staticcall]\n    └─ ← [Return] 0x{v}",
      rand(HEX, 64), "[Return] 0x")
issue("lnd-macaroon-hex", "cli", "$ xxd -p -c 1000 /tmp/invoice.macaroon\n{v}", "0201036c6e64" + rand(HEX, 80), "invoice.macaroon\n")
issue("ethereum-account-key", "cli", "> hre.network.config.accounts\n[ '0x{v}' ]", rand(HEX, 64), "[ '0x")
issue("echoed-secret-then-its-output", "ci", "$ echo \"deploying with $DEPLOY_PASS\"\ndeploying with {v}\n$ ./deploy.sh",
      "Mango" + rand(DIGITS, 4) + ".", "deploying with ")
issue("echoed-user-then-password", "log", "+ echo -e 'weblogic\\n{v}'\n+ ./startWebLogic.sh", "Budeta" + rand(DIGITS, 3) + "?",
      "echo -e 'weblogic\\n")
issue("xml-name-then-value", "ci", "<hudson.model.StringParameterDefinition>\n  <name>DB_PASS</name>\n"
      "  <description>password for the refresh</description>\n  <defaultValue>{v}</defaultValue>", "Letmein^" + rand(DIGITS, 5),
      "<defaultValue>")
issue("xml-name-then-value", "ci", "<variable name=\"OPERA_DB_PASSWORD\">\n  <value>{v}</value>\n</variable>",
      "lychee" + rand(LOWER, 5) + rand(DIGITS, 3), "<value>")
issue("markdown-labelled-secret", "prose", "**Host:** `sftp.example.org`  **Password:** `{v}`", "Asdfgh=" + rand(DIGITS, 5),
      "**Password:** `")
issue("markdown-labelled-secret-underscores", "prose", "__Token__: {v}", rand(ALNUM, 20), "__Token__: ")
issue("labelled-user-colon-password", "prose", "creds for the lab sftp -> quest_sftp:{v} (port 2222)",
      "blueberry.dialysis" + rand(DIGITS, 3), "quest_sftp:")
issue("password-label-then-next-line", "config", "shared_inbox:\n  imap_password:\n    {v}\n  poll_seconds: 60",
      "kernel_hollow_panda_" + rand(LOWER, 6) + rand(DIGITS, 2), "imap_password:\n    ")
issue("backup-codes-block", "prose", "2FA backup codes for admin@example.org, keep safe:\n{v}",
      "\n".join("%s %s" % (rand(DIGITS, 4), rand(DIGITS, 4)) for _ in range(5)), "keep safe:\n")
issue("basic-pair-encoded", "code", "$pair = \"bruno23:{v}\"\n$b64 = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes($pair))",
      "5_5*X.g^E_" + rand(ALNUM, 7), "$pair = \"bruno23:")
issue("key-then-parenthesised-value", "prose", "keep using the legacy HubSpot API key ({v}) for the nightly export",
      "%s-%s-%s-%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 4), rand(HEX, 4), rand(HEX, 12)), "HubSpot API key (")
issue("odbc-isql-password", "cli", "isql -v FactoryTalkHist svc_ft {v}", "Bratislava_" + rand(DIGITS, 5), "isql -v FactoryTalkHist svc_ft ")
issue("ppp-secrets-line", "config", "$ sudo cat /etc/ppp/chap-secrets\n# client  server  secret  IP addresses\n\"telematics\"  *  \"{v}\"  *",
      "L31t5t@nd" + rand(DIGITS, 2) + "@", "\"telematics\"  *  \"")
issue("pgbouncer-userlist-named", "config", "; /etc/pgbouncer/userlist.txt\n\"explorer\" \"{v}\"", "bundle curtain quiz " + rand(DIGITS, 3),
      "\"explorer\" \"")
issue("colon-setting-line", "config", "AccountName:KESTRELPACK\nTalk2MUser:ops-28\nTalk2MPassword:{v}\nWANItfProt:2",
      "tappet-anvil-pine-" + rand(LOWER, 5) + rand(DIGITS, 2), "Talk2MPassword:")
issue("set-password-call-literal", "code", "umac.SetPassword(ToSecureString(\"{v}\"));", "Nagoya&" + rand(DIGITS, 4),
      "SetPassword(ToSecureString(\"")
issue("modem-apn-credentials", "log", ">> AT+QICSGP=1,1,\"fleet.apn.example\",\"tcu\",\"{v}\",1\n<< OK", rand(ALNUM, 20),
      "AT+QICSGP=1,1,\"fleet.apn.example\",\"tcu\",\"")
issue("ftp-pass-in-a-log", "log", "2024-07-27 14:41:38 [FTP] USER hmi_upload\n2024-07-27 14:41:38 [FTP] PASS {v}",
      "Wolfsburg." + rand(DIGITS, 4) + "N", "[FTP] PASS ")
issue("nmap-valid-credentials", "log", "| http-form-brute:\n|   Accounts:\n|     weblogic:{v} - Valid credentials",
      "Kr7EZgC-u~" + rand(ALNUM, 6), "weblogic:")
issue("ibm-i-and-cobol-literal", "code", "           MOVE '{v}' TO WS-PASSWD", "BAMB" + rand(DIGITS, 4), "MOVE '")
issue("ibm-i-and-cobol-literal", "code", "             DCL        VAR(&RMTPWD) TYPE(*CHAR) LEN(32) VALUE('{v}')",
      "VD9" + rand(UPPER, 3) + rand(DIGITS, 2), "VALUE('")
issue("oracle-wallet-credential", "cli", "mkstore -wrl /u01/app/oracle/wallet -createCredential FINPRD system '{v}'",
      "oN0U7jlhz.qy.t+" + rand(ALNUM, 3), "-createCredential FINPRD system '")
issue("user-then-p-shorthand", "prose", "post-it on monitor: U: hmi_admin  P: {v}", "Ladle" + rand(DIGITS, 4) + ".", "U: hmi_admin  P: ")
issue("survey-password-default", "ci", "survey_spec:\n  spec:\n    - question_name: Gateway admin password\n"
      "      variable: gw_admin_password\n      type: text\n      default: {v}", "t2A3" + rand(ALNUM, 8), "default: ")
issue("conda-channel-token", "ci", "channels:\n  - https://conda.example.org/t/{v}/lab-private\n  - conda-forge",
      "bb-%s-%s-%s-%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 4), rand(HEX, 4), rand(HEX, 12)), "conda.example.org/t/")
issue("x12-interchange-password", "log", "ISA*00*          *01*{v}*ZZ*SENDERID       *ZZ*PAYERCLRHSE    *240827*1253",
      rand(UPPER + DIGITS, 10), "ISA*00*          *01*")
issue("jcl-ftp-input", "code", "//STEP1    EXEC PGM=FTP,PARM='(EXIT'\n//INPUT    DD *\nftp.example.org\nCLMUSER\n{v}\nput 'A.B' c",
      rand(UPPER + DIGITS, 8), "CLMUSER\n")
issue("rsyncd-secrets-line", "config", "# /etc/rsyncd.secrets\nbackup:{v}", "haystack" + rand(DIGITS, 3) + "TULI", "backup:")
issue("keyring-get-printed", "cli", "$ keyring get farehawk-proxy residential_user_24872\n{v}", "Ecl1pse_" + rand(DIGITS, 2) + "x",
      "residential_user_24872\n")
issue("pin-flag", "ci", "pkcs11-tool --module /usr/lib/libykcs11.so --login --pin {v} --sign --id 02", rand(DIGITS, 8), "--login --pin ")
issue("audit-argv-secret", "log", "type=EXECVE msg=audit(1710234567.129:258760): argc=5 a0=\"curl\" a1=\"-s\" a2=\"-u\" "
      "a3=\"export:{v}\" a4=\"https://mllp.example.org/\"", "kitten-pickle" + rand(DIGITS, 3), "a3=\"export:")
issue("aws-sigv4-signature", "v", "Authorization: AWS4-HMAC-SHA256 Credential=AK" + "IA" + rand(UPPER + DIGITS, 16)
      + "/20250312/eu-west-1/healthlake/aws4_request, SignedHeaders=host;x-amz-date, Signature={v}", rand(HEX, 64), "Signature=")
issue("password-manager-add", "code", "mgr.add_password(None, \"https://nas.example.org/ris/\", \"ris_export\", \"{v}\")",
      "sonnenblume-sakura-" + rand(LOWER, 6) + "-" + rand(DIGITS, 2), "\"ris_export\", \"")
issue("here-document-login", "cli", "iris session HEALTHSHARE -U %SYS <<EOF\n_SYSTEM\n{v}\ndo ##class(Ens.Director).StopProduction()\nhalt\nEOF",
      "Radiology" + rand(DIGITS, 2) + "?", "_SYSTEM\n")
issue("keyvault-secret-shown", "cli", "$ az keyvault secret show --vault-name kv-imaging --name sql-admin\n{{\n  \"attributes\": {{\"enabled\": true}},\n"
      "  \"id\": \"https://kv-imaging.vault.azure.net/secrets/sql-admin/0a1b\",\n  \"value\": \"{v}\"\n}}", "morphine.lotus" + rand(DIGITS, 3),
      "\"value\": \"")
issue("password-through-process-substitution", "cli", "geth --datadir /data/geth --password <(echo '{v}') --http",
      "dress-cruise-glare-" + rand(LOWER, 6) + rand(DIGITS, 1), "--password <(echo '")
issue("echo-into-password-file", "cli", "echo '{v}' > /tmp/ks.pw && lighthouse account validator import --password-file /tmp/ks.pw",
      "RYoc_FyMhdmr+" + rand(ALNUM, 8), "echo '")
issue("wallet-passphrase-call", "cli", "bitcoin-cli -rpcwallet=hot walletpassphrase \"{v}\" 60", "mandate_hawk_" + rand(LOWER, 7),
      "walletpassphrase \"")
issue("parenthesised-password", "cli", "tsocmd \"ALTUSER TSO7 PASSWORD({v}) NOEXPIRED RESUME\"", "YM" + rand(DIGITS, 2) + rand(UPPER, 3),
      "ALTUSER TSO7 PASSWORD(")
issue("sql-password", "code", "CREATE USER etl_stage IDENTIFIED BY {v}\n  DEFAULT TABLESPACE stage_data;", "UUD" + rand(UPPER, 2) + rand(DIGITS, 2),
      "IDENTIFIED BY ")
issue("sqlplus-password", "cli", "FNDLOAD apps/{v} 0 Y DOWNLOAD $FND_TOP/patch/115/import/afcpprog.lct XX.ldt PROGRAM",
      "Spring2025." + rand(DIGITS, 2), "FNDLOAD apps/")
issue("easy-connect-password", "log", "Command line: /home/oracle/bin/rman_l0.sh EBSPRD sys/{v}@BILLP_RO", "Granite" + rand(DIGITS, 4) + ".",
      "rman_l0.sh EBSPRD sys/")
issue("prose-secret-stated-languages", "prose", "Emma: lozinka za SCADA poslužitelj je {v}, korisnik nadzor", "Zemisu" + rand(DIGITS, 2),
      "lozinka za SCADA poslužitelj je ")
issue("prose-secret-stated-languages", "prose", "Ravi: salasana automaation palvelimelle on {v}, käyttäjä hvac",
      "Marco#" + rand(DIGITS, 4) + "@3M", "palvelimelle on ")
BENIGN += ["Note: for local dev we use Anvil's mnemonic ('test test test test test test test test test test test junk')",
           "please make sure that every change gets reviewed before merge into main branch today",
           "Signer #1 certificate SHA-256 digest: " + rand(HEX, 64), "    proxy_pass http://10.96.114.48:3000;",
           "password = getpass.getpass(\"Keystore password for 0x377dDbf899Bb4E1503EC71898aDa09e3B94F22Df: \")",
           "withdrawal creds 0x010000000000000000000000" + rand(HEX, 40), "// 65-byte sig like 0x" + rand(HEX, 130),
           "TELEGRAM_BOT_TOKEN=123456789:ABCdefGhIJKlmNoPQRsTUVwxyZ  # sample from docs",
           "ETHERSCAN_API_KEY=YourApiKeyToken", "const PLACEHOLDER_KEY = \"0x\" + \"11\".repeat(32);",
           "Rotated the Alchemy key today; the new one is in 1Password under Web3/alchemy-optimism.",
           "    password: \"{{ vault_indexer_password }}\"  # from vault.yml, host indexer-15.tidepool.dev.test",
           "HTTP/web01.corp.local@CORP.LOCAL", "password: utf8mb4 is the column's charset",
           "RACF: PASSWORD(INTERVAL(60)) MINCHANGE(1) HISTORY(12)", "hash = PASSWORD(user_input)",
           "Path of the secret key file: /data/keystore/UTC--2024-05-01T10-00-00.000000000Z--" + rand(HEX, 40),
           "ALTER LOGIN [svc] WITH PASSWORD = @NewPassword;", "\"apiKey\": \"={{ $env.TYPEFORM_TOKEN }}\"",
           "token = keyring.get_password(\"retool-cli\", \"tomoko.vasquez@example.com\")",
           "private static final long serialVersionUID = 5024224844031665396L;",
           "SLACK_BOT_TOKEN=xoxb-your-token-here\nSLACK_CHANNEL=#andon",
           "$ mirth-cli> status\n%s-%s-%s-%s-%s  STARTED  LAB_RESULTS_INBOUND" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 4), rand(HEX, 4), rand(HEX, 12)),
           "REDOX_API_KEY=\n# fill these from 1Password 'Redox staging'", "token=ctx.AuthZToken",
           "mgr.add_password(None, \"https://nas.example.org/ris/\", user, pw)", "snmpwalk -v2c -c public 10.0.0.1 1.3.6.1",
           "ISA*00*          *00*          *ZZ*SENDERID       *ZZ*RECEIVER"]
issue("glued-password-name", "assignment", "AMPMGRPASS={v}", rand(LOWER, 4) + "@" + rand(DIGITS, 3) + rand(LOWER, 4),
      "AMPMGRPASS=")
issue("glued-password-name", "cli", "set SCANPW={v}", rand(UPPER, 1) + rand(LOWER, 3) + rand(DIGITS, 5) + "y", "set SCANPW=")
issue("one-letter-suffix", "assignment", "OCPI_TOKEN_B={v}",
      base64.b64encode(("%s-%s-4%s-a%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3),
                                               rand(HEX, 12))).encode()).decode(), "OCPI_TOKEN_B=")
issue("password-with-colon", "cli", "sshpass -p {v} scp -r dist/* deploy@10.1.2.3:/var/www/",
      "Busan" + rand(UPPER, 1) + rand(LOWER, 5) + ":0" + rand(DIGITS, 2), "sshpass -p ")
issue("key-as-basic-user", "cli", 'curl -s -u "{v}:x" https://api.hris.example/v1/employees', rand(HEX, 40),
      'curl -s -u "')
issue("key-as-basic-user", "log", "WARN retry GET https://{v}:@api.checks.example/v1/candidates (ConnectTimeout)",
      rand(HEX, 40), "WARN retry GET https://")
issue("key-as-basic-user", "http", "Authorization: Basic {v}",
      base64.b64encode(("live_sk_" + rand(ALNUM, 20) + ":").encode()).decode(), "Authorization: Basic ")
issue("name-then-value", "log", "Failed to bind properties under 'spring.datasource':\n\n    Property: "
      "spring.datasource.password\n    Value: \"{v}\"\n    Origin: System Environment", _pw(), '    Value: "')
issue("secret-object-value", "log", '{"msg":"settings updated","changes":{"smtp_password":{"old":null,"new":"{v}"}}}',
      _pw(), '"new":"')
issue("ntlm-hash-named", "tool", "Credentials:\n  Hash NTLM: {v}", rand(HEX, 32), "Hash NTLM: ")
issue("ntlm-hash-named", "prose", "PtH works: Administrator NT hash {v} is valid on 37/40 servers", rand(HEX, 32),
      "Administrator NT hash ")
issue("login-flag-pair", "cli", "evil-winrm -i 10.0.0.5 -u Administrator -H '{v}'", rand(HEX, 32), "-u Administrator -H '")
issue("windows-account-password", "tool", "[*] Dumping LSA Secrets\n[*] DefaultPassword\nCORP\\svc_web:{v}\n[*] DPAPI_SYSTEM",
      _pw(), "CORP\\svc_web:")
issue("windows-account-password", "tool", "SMB  10.0.0.9  445  HR-APP  [+] corp.example\\jdoe:{v} (Pwn3d!)", _pw(),
      "[+] corp.example\\jdoe:")
issue("password-list-under-heading", "log", "Set the following 'random' passwords\nops:{v}\nCloud-init v. 23.4 finished",
      rand(ALNUM, 16), "passwords\nops:")
issue("password-list-under-heading", "config", "# /etc/ntripcaster/users.aut\n# group:user:password\nsurvey:ana:{v}\n",
      "Thunder" + rand(DIGITS, 4) + ".", "survey:ana:")
issue("console-set-password", "cli", "msfconsole -q -x 'use exploit/windows/smb/psexec; set SMBUser bob; set SMBPass {v}; run'",
      _pw(), "set SMBUser bob; set SMBPass ")
_cracked = rand(HEX, 32)
issue("cracked-hash-lines", "tool", "$ hashcat -m 1000 ntlm.txt --show\n" + _cracked + ":{v}", _pw(), _cracked + ":")
BENIGN += ["$ docker login registry.payroll.example.internal -u ci-bot --password-stdin < ~/.secrets/registry_k6a7",
           'curl -sS -H "Authorization: Bearer $CARRIER_TOKEN" https://tms.example.com/v2/track/1ZW0MS4O4296856113',
           "the new one is in 1Password under 'OCPI hub prod' (item 5tfzi0zcxhk3j6i9j1dwr70c4n).",
           "GET /api/v1/sites/3285352/energy?api_key={API_KEY}&timeUnit=QUARTER_OF_AN_HOUR",
           "    password:\n      from_secret: tcr_password",
           "https://git.example.com/pay/webhook-svc/commit/" + rand(HEX, 40),
           "spec:\n  encryptedData:\n    password: AgM" + rand(B64, 240),
           "$ openssl x509 -in wechatpay_" + rand(HEX, 40).upper() + ".pem -noout -serial",
           "Cookie: theme=dark; tz=Asia%2FJakarta; currency=IDR",
           "Guest:501:aad3b435b51404eeaad3b435b51404ee:31d6cfe0d16ae931b73c59d7e0c089c0:::",
           "        getpass = fallback_getpass", "BYPASS=1\nLOWPASS=200hz", "C:\\Users\\bob:Zone.Identifier",
           "set password policy to 14 characters",
           "b\"\\xc6d\\x8a\\x18:\\xb5g\\xac\\x95D\""]
issue("redis-protocol-auth", "tool", 'write(3, "*2\\r\\n$4\\r\\nAUTH\\r\\n$15\\r\\n{v}\\r\\n", 41) = 41', _pw(),
      'AUTH\\r\\n$15\\r\\n')
issue("cloud-keys-listed", "tool", '$ az storage account keys list -n stdata\n[\n  {\n    "keyName": "key1",\n'
      '    "permissions": "FULL",\n    "value": "{v}"\n  }\n]', b64(64), '"value": "')
BENIGN += ["docker inspect --format '{{.Id}}' fm-portal\n" + rand(HEX, 64), "RCON_PASSWORD=change-me",
           '   4) 1) "AUTH"\n      2) "OK"']
issue("value-cut-short", "config", "    password: .{v}", "s9" + rand(LOWER, 3) + "&." + rand(ALNUM, 6) + "(F" + rand(ALNUM, 5),
      "    password: ")
issue("value-cut-short", "config", 'Environment="DB_PASSWORD=ih;{v}"', "B7*l~" + rand(ALNUM, 8), 'Environment="DB_PASSWORD=')
issue("name-inside-word", "code", '    "nexus": {"apikey": "{v}", "game": "skyrimspecialedition"},',
      b64(45) + "--" + b64(12) + "--" + b64(16), '{"apikey": "')
issue("create-user-positional", "code", 'User.objects.create_superuser("tester52", "ravi@example.test", "{v}")', _pw(),
      'create_superuser("tester52", "ravi@example.test", "')
issue("password-object-value", "tool", '"credentials": [ { "type": "password", "value": "{v}", "temporary": false } ]',
      _pw(), '"type": "password", "value": "')
issue("password-object-value", "tool", '$ terraform output -json\n{\n  "grid_admin_password": {\n    "sensitive": false,\n'
      '    "type": "string",\n    "value": "{v}"\n  }\n}', _pw(), '"value": "')
issue("typed-into-password-field", "code", 'onView(withId(R.id.password)).perform(typeText("{v}"), closeSoftKeyboard())',
      _pw(), 'perform(typeText("')
issue("typed-into-password-field", "code", '{\n  "command": "type",\n  "target": "id=password",\n  "value": "{v}"\n}',
      rand(LOWER, 6) + "-" + rand(LOWER, 6) + "-" + rand(DIGITS, 2), '"value": "')
issue("password-hash-call", "code", "create: { role: 'ADMIN', passwordHash: await bcrypt.hash('{v}', 10) },", _pw(),
      "passwordHash: await bcrypt.hash('")
issue("key-stated-languages", "chat", "أحمد: مفتاح الخادم الخاص بـ PayTabs هو {v} — لا ترفعه على GitHub",
      "-".join("".join(rand(UPPER, 1) + rand(DIGITS, 1) for _ in range(5)) for _ in range(3)), "PayTabs هو ")
issue("key-stated-languages", "chat", "Notatka: klucz CRC do Przelewy24 (sandbox): {v}, merchant id 817187.",
      rand(HEX, 16), "(sandbox): ")
issue("password-stated-otherwise", "chat", "ሰላም፡ የሰርቨሩ የይለፍ ቃል {v} ነው (ተጠቃሚ: fatou)", _pw(), "የይለፍ ቃል ")
issue("password-stated-otherwise", "chat", "هدف: پنل روی سرور 203.0.113.10؛ نام کاربری admin و رمز پنل: {v}",
      "setelufa" + rand(DIGITS, 3), "رمز پنل: ")
BENIGN += ["backup:\n  bucket: teranga-exports\n  credentials: from-instance-metadata",
           "const FAKE_TOKEN = '255303146:TEST-TOKEN-NOT-REAL';",
           "yc lockbox payload get --name tg-bot-token --key token  # folder b1g" + rand(LOWER + DIGITS, 17),
           "Decision: keep the bot's token in Lockbox; secret id e6q" + rand(LOWER + DIGITS, 17) + ", access via SA aje"
           + rand(LOWER + DIGITS, 17) + ".",
           "$ cat config/credentials.yml.enc\n" + b64(60) + "--" + b64(12) + "--" + b64(16),
           '{ "key": "adminPassword", "value": "", "type": "secret" },\n{ "key": "runId", "value": "'
           + "-".join(rand("0123456789abcdef", n) for n in (8, 4, 4, 4, 12)) + '", "type": "default" }',
           "password = Column(String(255), nullable=False)  # bcrypt hash, never plaintext"]
issue("kubernetes-secret-string-data", "config", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: mysql-secrets\ntype: Opaque\n"
      "stringData:\n  root: {v}\n  user: admin", "Heron." + rand(DIGITS, 4), "stringData:\n  root: ")
issue("cf-set-env", "cli", "cf set-env billing-api DB_PASS '{v}' && cf restage billing-api", _pw(), "DB_PASS '")
issue("redis-acl-password", "config", "user default off\nuser app on >{v} ~app:* &* +@read", rand(ALNUM, 16), "on >")
issue("password-directive", "config", "ORACLE_USER     app_ro\nORACLE_PWD      {v}\nSCHEMA          HR",
      "Lodowka-" + rand(DIGITS, 2) + rand(LOWER, 2), "ORACLE_PWD      ")
issue("password-stated-otherwise", "chat", "[2024-10-11, 23:41:07] Oskar: pwd da VPN do cliente: {v}", _pw(),
      "pwd da VPN do cliente: ")
issue("connection-call", "code", 'Connection c = DriverManager.getConnection(\n    "jdbc:mysql://sql.example.test:3306/loyalty",\n'
      '    "billing",\n    "{v}");', _pw(), '    "')
issue("connection-call", "code", 'def sql = Sql.newInstance("jdbc:oracle:thin:@//ora.example.test:1521/HR", "replicator", "{v}", '
      '"oracle.jdbc.OracleDriver")', _pw(), '"replicator", "')
issue("php-hash-hmac-key", "code", "$calculated = hash_hmac('sha512', $concatenated, '{v}');", rand(UPPER + DIGITS, 32),
      "$concatenated, '")
issue("php-hash-hmac-key", "code", "$sig = hash_hmac(\n    'sha256',\n    json_encode($body),\n    '{v}'\n);", _pw(),
      "json_encode($body),\n    '")
issue("sql-insert-secret-column", "code", "INSERT INTO payment_gateways (code, merchant_id, service_id, secret_key)\n"
      "VALUES ('click', '75415', '36402', '{v}');", rand(ALNUM, 6) + rand(DIGITS, 2) + rand(ALNUM, 6), "'36402', '")
issue("sql-insert-secret-column", "code", "INSERT INTO users (id, email, password) VALUES (1, 'a@example.test', 'x'), "
      "(2, 'b@example.test', '{v}');", _pw(), "(2, 'b@example.test', '")
BENIGN += ["CREATE USER svc_dms IDENTIFIED EXTERNALLY;  -- OS auth on ora-dr-13.example.internal",
           "ALTER ROLE readonly PASSWORD NULL;  -- disable password login, cert auth only (a201c56)",
           "X-Amz-Credential=AKIA************LEUK%2F20240612%2Fsa-east-1%2Fs3%2Faws4_request (signature stripped)",
           "environment {\n  ORA_CREDS = credentials('ora-deploy-CRMSTBY')\n}",
           'QObject.connect(button, "clicked()",\n    "onClick()")',
           "INSERT INTO api_keys (name, api_key) VALUES ('ci', '${CI_KEY}');",
           "stringData:\n  url: postgres://app@db.internal/app\n  mode: read-only"]
issue("dovecot-plain-scheme", "config", "# /etc/dovecot/users\nbounces@example.org:{PLAIN}{v}:5000:5000::/var/vmail/example.org/bounces::",
      "velvet_" + rand(ALNUM, 8), "{PLAIN}")
issue("postfix-static-map", "config", "relayhost = [smtp.example.net]:587\nsmtp_sasl_password_maps = static:journey_bot:{v}\n",
      _pw(), "static:journey_bot:")
issue("client-after-account-sid", "code", 'account_sid = "AC' + rand(HEX, 32) + '"\nclient = Client(account_sid, "{v}")',
      rand(HEX, 32), 'Client(account_sid, "')
issue("client-after-account-sid", "code", "const client = require('twilio')(accountSid, '{v}');", rand(HEX, 32),
      "(accountSid, '")
issue("secret-setter-call", "code", 'pop = poplib.POP3_SSL("pop.example.test", 995)\npop.user("dmarc@example.test")\npop.pass_("{v}")',
      _pw(), 'pop.pass_("')
issue("connection-call", "code", "$mbox = imap_open('{imap.example.test:993/imap/ssl}INBOX', 'dmarc@example.test', '{v}');",
      _pw(), "'dmarc@example.test', '")
issue("password-stated-otherwise", "chat", "Kata sandi untuk dasbor OneSignal: {v} — jangan dibagikan ke vendor ya.",
      "juniper_" + rand(UPPER, 4) + rand(LOWER, 1) + rand(UPPER, 4), "OneSignal: ")
BENIGN += ["the password is in OnePassword_Vault", "export PASSWORD_FILE=/run/secrets/db_password_file",
           "password_policy: min_length=14, require_mixed_case=true"]
BENIGN += ["DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=example.org; s=mail2024;\n\th=from:to:subject:date;\n"
           "\tbh=" + b64(32) + ";\n\tb=" + b64(57) + "\n\t " + b64(57),
           "ARC-Seal: i=1; a=rsa-sha256; t=1718438003; cv=none; d=example.org; s=arc-2024;\n\tb=" + b64(57) + "\n\t "
           + b64(57),
           "SES configuration set suppression-api-cs, message 0100018e" + rand(HEX, 8) + "-" + rand(HEX, 8) + "-"
           + rand(HEX, 4) + "-" + rand(HEX, 4) + "-" + rand(HEX, 4) + "-" + rand(HEX, 12) + "-000000",
           'user_data = {"fbc": "fb.1.1718438003000.IwAR' + rand(ALNUM, 40) + '"}',
           '2025-10-12T09:49:54Z WARN haraka [auth/flat_file] AUTH user="iterable_jobs" success=false (password not logged)',
           '{"event":"delivered","message":{"headers":{"message-id":"2025-11-01T06:07:22Z.' + rand(HEX, 16)
           + '@mg.example.org"}}}',
           "b,2023-03-05T23:41:04Z,2023-03-05T23:41:04Z,postmaster@example.org,ana@example.net,failed,5.1.1"]
BENIGN += ["$ echo '0J/RgNC40LLQtdGCLCDQvNC40YAgIzYxMjU=' | base64 -d\nПривет, мир #6125",
           "$ wg genkey | tee privatekey | wg pubkey > publickey && cat publickey\n" + b64(32),
           "wg pubkey peer app_rw: " + b64(32), "FLW_SECRET_KEY=FLWSECK-" + "x" * 32 + "-X"]
issue("password-stated-otherwise", "chat", "Nywila mpya ya kompyuta ndogo ya ofisi ya Dadaab: {v} (imebadilishwa 2023-06-13)",
      "Pemba%" + rand(DIGITS, 4), "ofisi ya Dadaab: ")
issue("password-stated-otherwise", "chat", "SMS: Neno la siri jipya la mfumo wa malipo ni {v} Usimpe mtu yeyote.", _pw(),
      "malipo ni ")
issue("password-stated-otherwise", "chat", "Halima: 🔑 {v}   (for the Jacmel tablets, admin settings)", _pw(), "🔑 ")
issue("password-stated-otherwise", "chat", "Donor briefing — Zoom\nMeeting ID: 1809 46191 7293\nPasscode: {v}",
      "SemillaSimba" + rand(DIGITS, 4), "Passcode: ")
BENIGN += ["the passcode policy is 6 digits", "🔑 rotate keys monthly"]
BENIGN += ["$sig = hash_hmac('sha256', 'hello world', $secret);",
           "INSERT INTO keys (id, public_key) VALUES (1, 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHx user@host');",
           "INSERT INTO features (feature_key, enabled) VALUES ('NewCheckout2024', true);",
           "INSERT INTO t (a, token) VALUES ('x,y', 'page_2'), ('z', 'NextPage3');",
           "pool = mysql.createPool(\n  'db',\n  'app',\n  'utf8mb4'\n)",
           "stringData:\n  DATABASE_URL: $(DATABASE_URL)\n  ENVIRONMENT: Production2\n",
           '"min_password": {"type": "number", "value": "Length12"}', "Anahtar kelime: Kubernetes2024",
           'encrypted_credentials: "' + b64(45) + "--" + b64(12) + "--" + b64(16) + '"',
           "INSERT INTO notes (id, body) VALUES (1, 'it''s a ''quoted'' word')"]
BENIGN += ["stringData:\n  LOG_FORMAT: Json2\n  TIER: Gold-2024\n  CLUSTER: Prod-East2",
           "INSERT INTO settings (setting_key, setting_value) VALUES ('MaxUploadMb2', '25');",
           "INSERT INTO s3 (s3_key, size) VALUES ('Uploads/Avatar2.png', 1024);",
           "cf auth ci-bot 'see 1Password'"]
BENIGN += ["Verified OK\ntlog entry created with index: 53569122\nSignature: MEUCI" + b64(60)]
issue("shell-default-without-colon", "assignment", 'echo "${DB_PASSWORD-{v}}"', _pw(), 'echo "${DB_PASSWORD-')
issue("password-object-value", "config", "creds = {'type': 'password', 'value': '{v}', 'temporary': False}", _pw(),
      "'value': '")
issue("password-object-value", "config", '{"value": "{v}", "type": "password"}', _pw(), '{"value": "')
issue("kubernetes-secret-string-data", "config", "stringData:\n  root: {v}\n  monitor: Mon-" + rand(ALNUM, 8)
      + "!x  # rotated\n", "Pw" + rand(DIGITS, 2) + "#" + rand(ALNUM, 9) + "$", "root: ")
issue("key-stated-languages", "chat", "המפתח של ה-API: {v}", rand(ALNUM, 28), "המפתח של ה-API: ")
issue("key-stated-languages", "chat", "المفتاح الجديد: {v}", rand(ALNUM, 32), "المفتاح الجديد: ")
issue("sql-insert-select", "code", "INSERT INTO users (username, email, password)\nSELECT 'ops', 'ops@example.test', '{v}'\n"
      "WHERE NOT EXISTS (SELECT 1 FROM users WHERE username = 'ops');", _pw(), "'ops@example.test', '")
BENIGN += ["INSERT INTO users (username, password) SELECT name, password_hash FROM staging_users;"]
issue("cli-flag", "cli", "nextflow run nf-core/rnaseq -profile lab --lims_user jdoe --lims_password '{v}'", _pw(),
      "--lims_password '")
issue("docker-login-password", "cli", "podman login -u='acme+release_robot' -p='{v}' quay.io", rand(UPPER + DIGITS, 40),
      "-p='")
issue("config-file-password", "config", "port 26379\nsentinel monitor mymaster 10.0.0.5 6379 2\nsentinel auth-pass mymaster {v}\n"
      "sentinel down-after-milliseconds mymaster 5000", _pw(), "sentinel auth-pass mymaster ")
issue("recovery-codes", "prose", "2FA recovery code for the billing admin (use once): {v} — the rest are in the safe",
      rand(LOWER, 5) + "-" + rand(LOWER, 2) + rand(DIGITS, 3), "(use once): ")
issue("recovery-codes", "chat", "mara: backup codes for the shared status-page account: 0000-0000 (used), {v}",
      rand(DIGITS, 4) + "-" + rand(DIGITS, 4), "status-page account: ")
issue("recovery-codes", "prose", "Wiki admin recovery codes (two used already)\nnext unused: {v}\nothers in envelope R-2",
      rand(DIGITS, 2) + rand(LOWER, 3) + "-" + rand(LOWER, 3) + rand(DIGITS, 2), "next unused: ")
issue("recovery-codes", "prose", "Recovery key for the studio's Google Workspace super admin: {v}",
      "-".join(rand(LOWER, 2) + rand(DIGITS, 1) + rand(LOWER, 1) for _ in range(4)), "super admin: ")
issue("recovery-codes", "prose", "Backup codes for the club's fitness-app admin: {v} (keep offline)",
      rand(LOWER, 4) + rand(DIGITS, 2) + rand(LOWER, 4), "fitness-app admin: ")
BENIGN += ["backup codes generated: 2024-0611, printed and filed", "recovery key: see the password manager, item ops-mdm",
           "GitHub recovery codes: 10 generated, 2 used (count only)"]
issue("password-in-brackets", "chat", "Aiko: 会場Wi-Fi（Hall-B）のパスワードは「{v}」です。", rand(LOWER, 14) + rand(DIGITS, 1),
      "パスワードは「")
issue("password-in-brackets", "chat", "新的测试库密码是“{v}”，用完记得改。", rand(LOWER, 6) + rand(DIGITS, 3) + rand(UPPER, 1) + "=",
      "密码是“")
BENIGN += ["パスワードは「********」です", "パスワードは「DB_PASSWORD」に入れてください", "密码是“环境变量里的那个”"]
issue("prose-password-languages", "chat", "Overdragelse: adgangskoden til test-databasen er {v}, bruger app_ro. Skift den efter release.",
      rand(UPPER, 1) + rand(LOWER, 2) + "," + rand(DIGITS, 4) + rand(UPPER, 1) + rand(LOWER, 2) + "!", "test-databasen er ")
issue("prose-password-languages", "chat", "Afhending: lykilorðið fyrir prófunarumhverfið er {v} – ekki setja það í Confluence",
      rand(UPPER, 1) + rand(LOWER, 5) + rand(DIGITS, 2) + "%", "prófunarumhverfið er ")
BENIGN += ["I (7473) wifi:connected with Office-5G, aid = 3, channel 6, BW20",
           "hash = hashlib.scrypt(pw, salt=salt, n=2**14, r=8, p=1)",
           "password policy: min 8,max 64 characters; at least 1 digit"]
issue("signing-tool-password", "cli", "signtool sign /f build\\app.pfx /p {v} /fd sha256 /tr http://ts.example.test dist\\App.exe",
      "Harbor-Lantern-Meadow-Quartz", "/p ")
issue("signing-tool-password", "cli", "security create-keychain -p \"{v}\" build.keychain && security default-keychain -s build.keychain",
      rand(LOWER, 6) + "." + rand(LOWER, 5) + "." + rand(LOWER, 6), "create-keychain -p \"")
issue("signing-tool-password", "cli", "./bin/sign_update -s {v} build/App-2.4.0.zip", b64(32), "sign_update -s ")
issue("piped-secret", "cli", "echo -n '{v}' | hdiutil create -encryption AES-256 -stdinpass -srcfolder ./keys backup.dmg",
      rand(LOWER, 7) + "." + rand(LOWER, 5) + "." + rand(DIGITS, 2), "echo -n '")
issue("signing-key-literal", "code", "const token = jwt.sign(\n  { sub: 'svc-updater', exp: now + 60 },\n  '{v}',\n"
      "  { algorithm: 'HS256' }\n);", rand(HEX, 64), "  '")
issue("certificate-file-password", "code", "var cert = new X509Certificate2(\n    Path.Combine(dir, \"sign.pfx\"),\n    \"{v}\",\n"
      "    X509KeyStorageFlags.Exportable);", _pw(), "    \"")
issue("tab-separated-setting", "log", "Settings\n  DEBUG            True\n  SECRET_KEY       '{v}'\n  TIME_ZONE        'UTC'",
      rand(LOWER + DIGITS + "!@#%^&*(-_=+)", 50), "SECRET_KEY       '")
issue("generic-second-line", "chat", "Jonas: der API-Schlüssel für das Billing ist {v} -- bitte nicht ins Ticket kopieren.",
      rand(HEX, 64), "für das Billing ist ")
issue("c-define-secret", "code", "#define GW_HOST   \"10.1.2.3\"\n#define GW_SECRET \"{v}\"", _pw(), "#define GW_SECRET \"")
issue("user-password-literal", "log", "pbx.c: Executing [s@crm:2] Set(\"PJSIP/6001-00b2\", \"CURLOPT(userpwd)=crm:{v}\")", _pw(),
      "CURLOPT(userpwd)=crm:")
BENIGN += ["APP_SPECIFIC_PASSWORD=TODO-fill-in-CI", "  STORE_PRIVATE_KEY: Encrypted(" + b64(40) + ")",
           "const VERIFY_KEY = '" + rand(HEX, 64) + "'; // Ed25519 public key from the vendor dashboard",
           "INFO order_created order_id=42 X-Signature=" + rand(HEX, 64) + " ok",
           "INFO recording uploaded key=2025-01-02/RE" + rand(HEX, 32) + ".wav size=1024",
           "WARN [vault-agent] renewed lease auth/kubernetes/login/" + rand(HEX, 32) + " ttl=1h",
           "Typeform form ab12Q response token " + rand(HEX, 32) + " (response id)",
           "signtool sign /f %CERT_PATH% /p %CERT_PASSWORD% /fd sha256 App-1.4.2-rc.1.exe",
           '#define PASSWORD_PROMPT "Password: "', '#define MAX_TOKEN_LEN "64"',
           "<key>SUPublicEDKey</key>\n<string>" + b64(32) + "</string>",
           "Customer forgot their portal password; sent the reset link. Ticket #54321."]
issue("key-handed-over", "chat", "Rosa [10:12]: here's the PagerDuty routing key for the billing service -- {v} -- please move it "
      "to the vault", rand(HEX, 32), "billing service -- ")
issue("key-handed-over", "chat", "Hi Amir, as requested here is the API key for the north weather station: {v}", rand(HEX, 20),
      "north weather station: ")
BENIGN += ["here's the token's fingerprint: " + rand(HEX, 32), "here is the key id: " + "%s-%s-4%s-8%s-%s" % (
    rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12))]
issue("password-asked-then-given", "chat", "Jonas: kannst du mir das Passwort für die Testbox schicken? Der Build hängt.\n"
      "Mia: klar → {v} (bitte nicht ins Wiki)", _pw(), "klar → ")
issue("password-asked-then-given", "chat", "Aino: mikä oli testipalvelimen salasana?\nEetu: {v} — älä laita sitä Jiraan", _pw(),
      "Eetu: ")
BENIGN += ["Ana: did the password reset work?\nBen: yes it did — thanks a lot",
           "Q: which password manager do we use?\nA: team uses Bitwarden-Org2024 — ask IT"]
issue("recovery-codes", "prose", "Microsoft account recovery code (printed, in the safe): {v}",
      "-".join(rand(UPPER, 2) + rand(DIGITS, 1) + rand(UPPER, 2) for _ in range(5)), "(printed, in the safe): ")
issue("recovery-codes", "prose", "GitLab recovery codes for the group owner:\n{v}\n(two used)", rand(HEX, 16),
      "group owner:\n")
issue("user-password-literal", "config", "exten => s,n,Set(CURLOPT(userpwd)=crm-sync:{v})", _pw(), "=crm-sync:")
BENIGN += ["backup codes regenerated: see ticket OPS-1234", "Recovery codes: 10 generated on 2024-05-01"]
issue("labelled-far-from-its-word", "prose", "Mux signing key for the review-room player (the copy in the studio's shared note): {v}",
      mixed(27), "(the copy in the studio's shared note): ")
issue("labelled-far-from-its-word", "prose", "Render-farm token for the night queue (scope: comp, lighting and fx) — {v}",
      mixed(24), "(scope: comp, lighting and fx) — ")
issue("joined-passphrase-stated", "prose", "Salasana: {v}", "Tulip.amber.scribe", "Salasana: ")
issue("joined-passphrase-stated", "prose", "The temporary password is {v}. Change it at first login.",
      "Cactus.Silk.Canyon.Dragon.Orbit", "The temporary password is ")
issue("joined-passphrase-stated", "prose", "TODO: current password {v} is also in the old deploy script",
      "Horizon+Monsoon+Pumpkin", "TODO: current password ")
BENIGN += ["KMS setup key (public, published by the vendor for volume activation): " + "-".join(
    rand(UPPER + DIGITS, 5) for _ in range(5)),
           "The password hashing is Microsoft.Extensions.Identity.Core since 8.0.",
           "password: System.Net.Http (see the docs) is what throws"]
issue("assignment", "code", 'Console::Console() {\n    password_ = "{v}";\n}', "Kettle_moor" + rand(DIGITS, 3), 'password_ = "')
issue("secret-setter-call", "code", 'Console::Console()\n    : user_("service"),\n      password_("{v}"),\n      port_(2323) {}',
      "Puffin" + rand(LOWER, 4) + rand(DIGITS, 4) + "+", 'password_("')
issue("curl-cert-password", "cli", "curl --cert ./certs/pix_prod.p12:{v} --cert-type P12 https://pix.example.com/oauth/token",
      "Casablanca" + rand(DIGITS, 5), "--cert ./certs/pix_prod.p12:")
issue("cookie-name-then-value", "http", '"cookies": [\n  {\n    "name": "PHPSESSID",\n    "value": "{v}",\n    "path": "/"\n  }\n]',
      rand(LOWER + DIGITS, 26), '"value": "')
issue("name-then-value", "config", "helm:\n  parameters:\n    - name: mpesa.passkey\n      value: \"{v}\"", rand(HEX, 64),
      "value: \"")
issue("echo-into-password-file", "cli", "printf '%s\\n' deploy '{v}' > /etc/openvpn/site.auth && chmod 600 /etc/openvpn/site.auth",
      "Sommar" + rand(DIGITS, 4) + "^" + rand(DIGITS, 2), "printf '%s\\n' deploy '")
BENIGN += ['ERROR gateway: authentication_error "Please include your private key" (request ' + mixed(20) + ")",
           "# senha: nunca logar este campo\nlogger.info(\"login ok user=%s\", user.email)",
           "bw get password 'PAC Billing prod' | pbcopy   # never paste it in chat",
           "NAME                       DIGEST\nOCPP_BASIC_AUTH_PASSWORD         " + rand(HEX, 16)
           + "\nDATABASE_URL               " + rand(HEX, 16),
           '{"name": "session_timeout", "value": "30"}']
issue("piped-secret", "cli", "echo '{v}' | pass insert -e home/printer", "!Bronze" + rand(LOWER, 5) + rand(DIGITS, 3), "echo '")
issue("piped-secret", "cli", "echo '{v}' | keepassxc-cli show -s ~/kp/personal.kdbx \"Internet/backup\"",
      "bonfire.onyx." + rand(LOWER, 6) + ".engine", "echo '")
issue("here-string-secret", "cli", "sshfs me@nas.home.arpa:/volume1/home ~/nas -o password_stdin <<< \"{v}\"",
      "Falcon.Emerald." + rand(DIGITS, 4), "password_stdin <<< \"")
issue("password-store-io", "cli", "$ gopass insert -m personal/dev/gitlab <<'EOF'\n{v}\nusername: lee@mail.example\nEOF",
      "@" + mixed(16), "<<'EOF'\n")
issue("password-store-io", "cli", "$ gopass show personal/home/unifi\nSecret: personal/home/unifi\n\n{v}\n---\nusername: ines",
      rand(LOWER, 4) + "^" + mixed(10) + "*~", "personal/home/unifi\n\n")
issue("borg-key", "cli", "$ borg key export ssh://me@nas.lan/./borg -\nBORG_KEY " + rand(HEX, 64) + "\n{v}",
      b64(54) + "\n" + b64(54), "")
issue("concealed-field-value", "cli", '{\n  "id": "password",\n  "type": "CONCEALED",\n  "purpose": "PASSWORD",\n'
      '  "label": "password",\n  "value": "{v}"\n}', "turnip.lobster." + rand(LOWER, 7) + ".eagle51", '"value": "')
issue("app-specific-password", "code", 'with smtplib.SMTP("smtp.mail.me.com", 587) as s:\n    s.login(FROM_ADDR, "{v}")',
      "kxvq-tpzb-oxdc-wnrf", 's.login(FROM_ADDR, "')
issue("labelled-password-alone", "prose", "## NAS\nadmin user: jana\nPassword:\n{v}\n(2FA via the app)",
      "maple-cedar-" + rand(LOWER, 5) + "-fjord", "Password:\n")
issue("joined-passphrase-stated", "prose", "Oskar: varmuuskopion salasana on {v}", "quince_acorn32_" + rand(LOWER, 5) + "_snail",
      "salasana on ")
issue("assignment", "config", "[Repository Remote]\nremoteuser = me@mail.example\nremotepass = {v}\n", "zuvemehI27+" + rand(DIGITS, 2),
      "remotepass = ")
issue("generic-near-word", "cli", "curl -X POST https://maker.ifttt.com/trigger/backup_failed/with/key/{v}", mixed(22),
      "/with/key/")
BENIGN += ["wg pubkey < /etc/wireguard/private.key\n" + b64(32), "$ wg show wg0 public-key\n" + b64(32),
           "created restic repository 488e273b at sftp:olaf81@mini.lan:/srv/restic",
           "[user]\n\tname = Ola Nord\n\tsigningkey = " + rand(HEX, 16).upper() + "\n[commit]\n\tgpgsign = true",
           "~/.gnupg/private-keys-v1.d/" + rand(HEX, 40).upper() + ".key",
           'set imap_pass = "`pass show email/main`"', 'encryption_passphrase: "{credential systemd borg.pw}"',
           "  password: '!secret.yaml mqtt_password'", "TELEGRAM_BOT_TOKEN=123456789:replace-me",
           "trusted-public-keys = cache.nixos.org-1:" + b64(32) + " forge.home.arpa-1:" + b64(32),
           "https://www.notion.so/engine-" + rand(HEX, 32) + "?v=" + rand(HEX, 32),
           "dovecot: imap-login: Login: user=<ana@mail.example>, method=PLAIN, TLS, session=<" + b64(15) + ">",
           "git-credential-libsecret: stored credential for https://git.home.example",
           'level=info msg="rotated credentials" secret=restic-b2 version=506 by=malik46',
           "Error: Unauthorized (401) — check that NOTION_TOKEN is shared with the database " + rand(HEX, 32),
           "pulumi config set --secret homelab:dbPassword  # value read from stdin",
           "1Password item " + rand(LOWER + DIGITS, 26) + " in vault " + rand(LOWER + DIGITS, 26),
           "Syncthing device ID for nas: " + "-".join(rand(UPPER + DIGITS, 7) for _ in range(8)),
           "password: \"{{ lookup('community.general.onepassword', 'Backblaze B2', field='password') }}\"",
           "live_mode_pub_key = 'pk_live_" + mixed(40) + "'\ntest_mode_api_key = '(stored in keychain)'",
           "FYI the key I pasted yesterday was the *public* playback id (" + mixed(40) + "), not a secret",
           "hostRules:\n  - matchHost: npm.pkg.github.com\n    encrypted:\n      token: wcFMA" + b64(120),
           "      - uses: actions/cache@v4\n        with:\n          key: ${{ runner.os }}-pip-" + rand(HEX, 64),
           "sudo mount -t cifs //nas04/editorial /mnt/ed -o credentials=/root/.smbcredentials,vers=3.0",
           "Agent note: I read it from $FTRACK_API_KEY and did not echo it. Session " + "%s-%s-4%s-8%s-%s" % (
               rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)) + ".",
           "curl -s https://api.mux.com/video/v1/assets/" + mixed(20) + ' -u "$MUX_TOKEN_ID:$MUX_TOKEN_SECRET"',
           "pymongo.errors.OperationFailure: Authentication failed., full error: {'$clusterTime': {'signature': "
           "{'hash': b'" + b64(20) + "', 'keyId': 7012031785998154386}}}",
           "YouTube video id " + mixed(11) + ", playlist PL" + mixed(32),
           "NAME  DIGEST\nOCPP_PASSWORD  " + rand(HEX, 16)]
issue("wakatime-key", "vendor", "wakatime-cli --key {v} --entity /home/me/src/app.py",
      "waka_%s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)), "--key ")
issue("k3s-token", "vendor", "# /var/lib/rancher/k3s/server/node-token\n{v}", "K10" + rand(HEX, 64) + "::server:" + rand(HEX, 32),
      "server/node-token\n")
issue("recovery-codes", "prose", "Tailscale 2FA recovery codes (printed copy in the safe):\n{v}\n(others already used)",
      "qn26-u0c4-" + rand(LOWER + DIGITS, 4), "(printed copy in the safe):\n")
BENIGN += ['<tfd:TimbreFiscalDigital UUID="' + "%s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3),
           rand(HEX, 12)) + '" NoCertificadoSAT="' + rand(DIGITS, 20) + '" SelloSAT="' + b64(96) + '" />']
issue("slash-flag-password", "cli", "Setup.exe /quiet /server MGMT03 /adminpass {v}", "Helpdesk" + rand(DIGITS, 4) + "*16",
      "/adminpass ")
issue("assignment", "code", 'var psi = new ProcessStartInfo("powershell.exe")\n{\n    PasswordInClearText = "{v}"\n};',
      mixed(12) + "=Sp^", 'PasswordInClearText = "')
issue("login-call-arguments", "code", 'if (!LogonUserW(L"svc-report", L"CORP", L"{v}", LOGON32_LOGON_NEW_CREDENTIALS, 0, &h))',
      mixed(14) + "&4?~", 'L"CORP", L"')
issue("login-call-arguments", "code", 'RunAs("svc-deploy", "CORP", "{v}", $RUN_LOGON_NOPROFILE, @ScriptDir & "\\setup.exe")',
      "37Vesuvio+" + rand(LOWER, 6) + "85", '"CORP", "')
issue("login-call-arguments", "log", " sync.push_order[14308b75] received: args=['2984', 'supplier-portal', 'posadmin', '{v}'] kwargs={}",
      "HUM-Scone" + rand(DIGITS, 3), "'posadmin', '")
issue("assignment", "config", '"config": {\n  "bindCredential": ["{v}"],\n  "bindDn": ["CN=svc,DC=corp"]\n}',
      "Monday2026$" + rand(DIGITS, 2), '"bindCredential": ["')
issue("prose-secret-stated", "prose", "STAFF NOTICE - from Monday the staff WiFi passphrase is: {v}\nPlease do not share it",
      "kettle 37 walnut eagle blossom", "passphrase is: ")
issue("wifi-key", "prose", "Guest wifi for the review today: network LarkspurGuest, key {v}. Screening room 2, 3pm.",
      "cobalt-cutaway-compass-" + rand(DIGITS, 2), "LarkspurGuest, key ")
issue("stream-key-groups", "prose", "Stream URL: rtmp://a.rtmp.youtube.com/live2\nStream key: {v}",
      "-".join(rand(LOWER + DIGITS, 4) for _ in range(4)) + "-9ak2", "Stream key: ")
issue("password-store-io", "cli", '$ op item get "NAS admin" --fields label=password --reveal\n{v}', "Cactus" + rand(DIGITS, 4) + "=",
      "--reveal\n")
issue("generic-near-word", "config", "    url: https://feeds.example.test/private/{v}/rss.xml", rand(LOWER + DIGITS, 32), "/private/")
BENIGN += ["Set-ADAccountPassword -Identity jdoe -Reset -NewPassword (Read-Host -AsSecureString 'New password for REQ1234567')",
           "az login --service-principal -u " + "%s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3),
                                                                     rand(HEX, 12)) + " --certificate ~/certs/sp.pem",
           "New-ADServiceAccount -Name gmsa-web -PrincipalsAllowedToRetrieveManagedPassword 'SQL-AG-Nodes' -KerberosEncryptionType AES256",
           ".\\Reset-KrbTgt-Password-For-RWDCs-And-RODCs.ps1 -TargetDomain corp.example -Mode 3",
           "Cert Hash(sha1): " + rand(HEX, 40) + "\n  Key Container = te-" + rand(LOWER + DIGITS, 8) + "-" + rand(HEX, 8),
           "<AdministratorPassword>\n    <Value>*SENSITIVE*DATA*DELETED*</Value>\n</AdministratorPassword>",
           'bind_password = "$__env{LDAP_BIND_PASSWORD}"',
           "2025-07-06T16:07:30.489Z warning vpxd[48447] [Originator@6876 sub=User opID=" + rand(HEX, 8) + "] Failed",
           "hanna: token: xoxb-****-****-A8Ff (last four only, for the audit)",
           "[duo]\nikey = DI" + rand(UPPER + DIGITS, 18) + "\nskey = ${DUO_SKEY}",
           "withCredentials([usernamePassword(credentialsId: 'vcenter-web3', usernameVariable: 'VI_USER')]) {",
           "Okta org | API token name: 'helpdesk-unlock-bot' | created 2025-09-19",
           "$pw = Get-Secret -Name 'sql-cm-report-f5y' -Vault AzKV -AsPlainText",
           "Minidump written to C:\\Users\\dev\\AppData\\Local\\Game\\Saved\\Crashes\\UECC-Windows-" + rand(HEX, 32).upper() + "_0000",
           "ugs login --service-key-id " + "%s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3),
                                                                rand(HEX, 12)) + ' --secret-key-stdin < "$UGS_SECRET_FILE"',
           "- uses: actions/cache@v4\n  with:\n    path: Library\n    key: Library-Mac-" + rand(HEX, 64),
           "Game-Win64-Shipping.exe!AGameMode::PostLogin() [GameMode.cpp:96062]",
           "https://kv-game.vault.azure.net/secrets/crowdin-token/" + rand(HEX, 32),
           "Reminder: the ProductId is not a secret. ProductId for Kestrel is " + rand(HEX, 32) + ".",
           '<param name="env.PLAYFAB_SECRET" value="%vault:secret/liveops/playfab!/secret%" />',
           "# .env.example\nSTEAM_PASSWORD=not-set", "Perforce password (P4PASSWD) invalid or unset.",
           'curl -s -H "x-apikey: $VT_API_KEY" https://www.virustotal.com/api/v3/files/' + rand(HEX, 64),
           'selector1._domainkey.example. 3600 IN TXT "v=DKIM1; k=rsa; p=' + b64(60) + '"',
           'cloud.id: "soc-prod:' + b64(60) + '"',
           'client = Client(base_url=params["url"], api_key=params["credentials"]["password"])',
           "Code signing cert serial " + rand(HEX, 32) + ", issuer CN=Internal CA G2",
           "imphash " + rand(HEX, 32) + "  ssdeep 1536:" + mixed(30) + ":" + mixed(24),
           "<eSearchResult><Count>60</Count><WebEnv>MCID_" + rand(HEX, 24) + "</WebEnv></eSearchResult>",
           "--16:03:14--  https://elif:*password*@ftp.example.org/deliveries/md5sum.txt",
           "Compute env " + mixed(22) + " (aws-batch-spot); credentials id " + mixed(22) + "; status AVAILABLE",
           'rule upload:\n    params:\n        token=lambda wc: os.environ["SB_AUTH_TOKEN"]',
           "Options:\n  --password TEXT       Password for the LIMS (or set LIMS_PASSWORD)",
           "< Set-Cookie: sidebar_collapsed=true; Path=/; Max-Age=31536000; SameSite=Lax",
           "args=('report', 'build-2024-03-01', 'release-notes-v2')",
           'args: ["eks", "get-token", "--cluster-name", "venue-48"]']
issue("kerberos-key-dump", "log", "[*] Kerberos keys grabbed\nkrbtgt:aes256-cts-hmac-sha1-96:{v}\n", rand(HEX, 64),
      "krbtgt:aes256-cts-hmac-sha1-96:")
issue("bitlocker-recovery-key", "log", "    Numerical Password:\n      ID: {41AE0931-803F-489E-ADB5-CC8B2CE8C3CA}\n      Password:\n"
      "        {v}", "-".join(rand(DIGITS, 6) for _ in range(8)), "      Password:\n        ")
BENIGN += ['10.0.0.5 - - [15/Mar/2024:10:22:01 +0000] "POST /resetpassword HTTP/1.1" 200 512',
           "[2024-03-15 10:22:01,114: INFO/MainProcess] Task reports.build_report[1f0c2a] received args=('acme', "
           "'monthly-sales-summary-report')",
           "Task tasks.export[9b1d] received args=('tenant-42', 'invoice-batch-march2024')",
           '$ op item get "NAS admin" --fields label=url --reveal\nhttps://nas.home.example:5001',
           "Guest WiFi key: pinboard near coffee machine", "Password policy: minimum 12 characters mixed case",
           "git fetch upstream && git log --oneline upstream/main | head -5\nbuild " + "-".join(rand(HEX, 4) for _ in range(5)),
           "Rotated the API key for the analytics exporter after the audit (see change): " + rand(HEX, 40),
           "Token validation now rejects expired JWTs in the gateway, deployed as revision: " + rand(HEX, 32),
           '    static constexpr const char* header_token_ = "X-Upload-Token";',
           'db = client.database("analytics", "events-daily-rollup-table")',
           "CREATE USER miniflux WITH PASSWORD :'miniflux_pw';  -- psql -v miniflux_pw=... from pass",
           "pulumi config set --secret vsphere:password  # value read from stdin"]
issue("assignment", "config", "POSTGRES_PASSWORD={v}", "SUPERSECRET" + rand(DIGITS, 1), "POSTGRES_PASSWORD=")
issue("assignment", "config", "VAPID_PUBLIC_KEY=B" + mixed(64) + " VAPID_PRIVATE_KEY={v} node send.js", mixed(43),
      "VAPID_PRIVATE_KEY=")
issue("generic-near-word", "prose", "Datadog API key for the project: {v}", rand(HEX, 32), "for the project: ")
issue("generic-near-word", "prose", "Nomad bootstrap:\nAccessor ID  = " + "%s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4),
      rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)) + "\nSecret ID    = {v}",
      "%s-%s-4%s-8%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)), "Secret ID    = ")
issue("generic-near-word", "prose", "Client secret for Plaid: {v}", rand(HEX, 30), "Plaid: ")
issue("login-call-arguments", "log", "Task recon.sync_sftp[47e7] received args=('sftp.example.de', 'svc-payments', '{v}')",
      "biscuit-puffin-tundra-estuary-pebble-" + rand(DIGITS, 2), "'svc-payments', '")
issue("generic-near-word", "log", '10.1.2.3 - - [10/Nov/2025:06:21:41 +0000] "GET /feeds/{v}/gtfs.zip HTTP/2.0" 200 9123441',
      mixed(40), "")
issue("here-string-secret", "cli", 'sudo -S apt-get update <<< "{v}"', "Hunter" + rand(DIGITS, 2) + "x!" + rand(LOWER, 3),
      '<<< "')
issue("password-abbreviation", "prose", "Femke: account kassa-test \u2192 jdevries, ww: {v}",
      "Tulp" + rand(DIGITS, 4) + "@" + rand(DIGITS, 2), "ww: ")
issue("password-abbreviation", "prose", "inlogg till ekonomi (test): kbergman l\u00f6sen: {v}",
      "Rovala" + rand(DIGITS, 3), "l\u00f6sen: ")
issue("password-abbreviation", "log", "09:14:02 SW > LOGON.TERM=QX" + rand(DIGITS, 3) + ".OPR=AB" + rand(DIGITS, 4)
      + ".PSWD={v}.\n09:14:02 SW < LOGON ACCEPTED", rand(UPPER + DIGITS, 10), ".PSWD=")
issue("secret-read-then-printed", "cli", "$ consul kv get apps/billing/smtp/password\n{v}", "Kimoda" + rand(DIGITS, 3),
      "smtp/password\n")
issue("secret-read-then-printed", "cli", "$ terraform output -raw replica_admin_pwd\n{v}",
      "Lagoon^Tern" + rand(DIGITS, 2), "replica_admin_pwd\n")
issue("secret-or-pass-stated", "prose", "[ WARN] bridge: authentication enabled, shared secret is {v}", mixed(14),
      "shared secret is ")
issue("secret-or-pass-stated", "prose", "Noor: pass for the spare drone controller is {v} btw",
      "Falomi" + rand(DIGITS, 3), "spare drone controller is ")
issue("prose-secret-stated-languages", "prose", "Das WLAN-Passwort im Labor ist jetzt {v} (SSID lab-5g).",
      "-".join(("amsel", "kiesel", "lupine", "ofenrohr", "zinnober")), "ist jetzt ")
issue("csh-setenv", "cli", "fw_setenv wifi_psk '{v}' && fw_printenv wifi_ssid", mixed(12) + "^!" + mixed(6),
      "wifi_psk '")
BENIGN += ['network={\n    ssid="lab-bench"\n    psk="@LAB_WIFI_PSK@"\n    key_mgmt=WPA-PSK\n}',
           'suricatta :\n{\n\tgatewaytoken = "@HAWKBIT_TOKEN@";\n};',
           "/* bootloader's ECDSA P-256 public key, safe to ship */\nconst unsigned char boot_pub_key[] = {\n    "
           + ", ".join("0x" + rand(HEX, 2) for _ in range(24)) + "\n};",
           'assert scrub("Authorization: Bearer xyz") == "Authorization: Bearer [HIDDEN]"',
           "2024-05-02\t07:14:09\tFRA56-P1\t4411\t198.51.100.20\tGET\td1" + rand(LOWER + DIGITS, 12)
           + ".cloudfront.net\t/img/" + rand(HEX, 12) + ".jpg\t200\t-\tcurl/8.5.0\t-\t-\tMiss\t" + mixed(52) + "==",
           "$ az keyvault secret show --vault-name kv-billing-dev --name smtp-password --query id -o tsv\n"
           "https://kv-billing-dev.vault.azure.net/secrets/smtp-password/" + rand(HEX, 32),
           "kubectl create secret generic smtp --from-file=password=./smtp.txt --from-literal=username=mailer_ro",
           "client = SecretClient(vault_url=VAULT_URL, credential=credential)",
           "--- PASS: TestRefreshToken3 (0.01s)",
           "TODO: verify the webhook signing secret (HMAC-SHA256 of the raw body).",
           "Rotated the client secret for 'Billing-Sync' (" + "%s-%s-4%s-8%s-%s" % (
               rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)) + "); the new one is in the vault."]
issue("pin-stated", "prose", "Die PIN f\u00fcr das Signaturzertifikat der Kasse lautet {v}. Bitte nicht weitergeben.",
      rand(DIGITS, 6), "der Kasse lautet ")
issue("pin-stated", "prose", "PIN-kod f\u00f6r test-kortet i kassask\u00e5pet: {v}", rand(DIGITS, 6), "kassask\u00e5pet: ")
BENIGN += ["PIN entry timeout is 300000 ms on the card readers", "PIN reset ticket: 20240612 (closed)"]
issue("assignment-languages", "config", "MYSQL_KENNWORT='{v}'", "kennwort", "MYSQL_KENNWORT='")
issue("kubectl-from-literal", "cli", "kubectl create secret generic relay --from-literal=username={v}",
      "%s-%s-4%s-9%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)),
      "--from-literal=username=")
BENIGN += ["Boarding pass is 7KQX31 for seat 14C", "Pass: TestParseConfig/empty_input (0.00s)",
           "The secret sauce is BM25plus reranking.", "ww = img.shape[1]", "ww: 2025WW14 release train",
           "Ticket l\u00f6sen: INC0048213", "setenv keymap de-latin1", "setenv tokenizer_model gpt2-medium",
           "$ vault read -field=ttl auth/token/roles/ci-token\n768h0m0s",
           "$ terraform output -raw db_secret_name\nstage-db-v3",
           "Secret scan flagged 7c1d2e9:config/site.yml:31, a hash of the recipe file.",
           'BORG_PASSCOMMAND="pass show borg/web-01" borg list ssh://borg@10.1.2.3/./repo',
           "secret name is RELEASE_SIGNING_P12; the value is in the org's secrets",
           "def login(self, username, pwd=pwd):"]
issue("pin-stated", "cli", 'setx SIGNATURE_CARD_PIN "{v}"', rand(DIGITS, 6), 'setx SIGNATURE_CARD_PIN "')
issue("pin-stated", "config", '{{"reader": "ct-api-2", "pin": "{v}"}}', rand(DIGITS, 8), '"pin": "')
BENIGN += ["setx LED_PIN 13", '{"gpio": {"pin": 17, "mode": "out"}}']
_service = "%s-%s-4%s-9%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12))  # (a random UUID)
issue("govuk-notify-key", "vendor", 'client = NotificationsAPIClient("reminders_live-' + _service + '-{v}")',
      "%s-%s-4%s-a%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 3), rand(HEX, 3), rand(HEX, 12)),
      _service + "-")
BENIGN += ["batch " + uuid4() + " finished, run " + uuid4() + " queued"]
issue("connect-as-user-slash-password", "log", "12:04:55 INFO ntrip: connecting to caster.example.net:2101 "
      "mountpoint RTK01 as rover/{v}", mixed(13), "mountpoint RTK01 as rover/")
issue("connect-as-user-slash-password", "log", "WARN sync: authenticating to ldap.example.org as svc_sync/{v} "
      "failed, retrying", "Sparrow" + rand(DIGITS, 3) + "#", "as svc_sync/")
BENIGN += ["INFO logged in as admin/readonly on the console", "Connected as deploy/2.4.1 via agent"]
issue("prose-user-slash-password", "prose", "the lab's MQTT creds are bench / {v}, ask before rotating",
      "Kettle." + rand(DIGITS, 3), "creds are bench / ")
issue("device-unlock-code", "cli", "fastboot -s 8HX2 oem unlock {v}", rand("0123456789ABCDEF", 16),
      "fastboot -s 8HX2 oem unlock ")
BENIGN += ["fastboot oem unlock-go", "fastboot flashing unlock && fastboot reboot"]
issue("mavlink-signing-passphrase", "cli", 'mavproxy.py --master=udp:127.0.0.1:14550 --cmd="signing setup {v}"',
      "-".join(("rotor", "lagoon", "pepper", "anvil")) + rand(DIGITS, 2), "signing setup ")
issue("useradd-clear-password", "config", "EXTRA_USERS_PARAMS = \"useradd -P '{v}' maint;\"",
      "Bench_" + mixed(8), "useradd -P '")
issue("fetcher-user-password", "config",
      'SRC_URI = "git://git.example.com/fw/app.git;protocol=https;branch=main;user=ci:{v}"', mixed(18),
      ";user=ci:")
issue("password-stated-otherwise", "prose",
      "DESCRIPTION:Weekly sync\\nJoin: https://meet.example.org/j/5512\\nPasscode: {v}\\nDial-in: +1 555 0100",
      mixed(10), "\\nPasscode: ")
issue("api-key-beside-indonesian-host", "prose", "Speed-cache API key for toko-contoh.co.id: {v}", mixed(32),
      "toko-contoh.co.id: ")
issue("print-r-secret", "log", "Array\n(\n    [merchant_id] => 551204\n    [admin_pass] => {v}\n)",
      "Kestrel_" + mixed(6), "[admin_pass] => ")
issue("print-r-secret", "log", "[2025-03-02 10:11:12] db_password => {v}", mixed(14), "db_password => ")
BENIGN += ["mysql -u shop_u1 -p shop_db < dump.sql", "GET /.well-known/acme-challenge/" + rand(B64URL, 43)
           + ' HTTP/1.1" 200 87', "Set-Cookie: wordpress_test_cookie=WP%20Cookie%20check; path=/",
           "$config['smtp_pass'] = '%p';  // the user's own IMAP login",
           "DefaultEndpointsProtocol=https;AccountName=stdemo01;AccountKey=****;EndpointSuffix=core.windows.net",
           "pre-commit: detect-private-key.......................................Passed"]
issue("authorization-header", "http", "curl -H 'Authorization: cpanel shopuser:{v}' https://panel.example.net:2083/"
      "execute/Email/list_pops", rand(UPPER + DIGITS, 32), "cpanel shopuser:")
issue("authorization-header-pair", "code", 'req.Header.Set("Authorization", "whm reseller1:{v}")',
      rand(UPPER + DIGITS, 32), "whm reseller1:")
issue("domain-transfer-code", "prose", "Il codice EPP per il trasferimento di esempio.it è {v}",
      mixed(10) + "#!", "esempio.it è ")
issue("domain-transfer-code", "prose", "AuthInfo für beispiel.de lautet {v} - gilt 30 Tage", mixed(12) + "+",
      "beispiel.de lautet ")
BENIGN += ["The EPP code is required for the transfer.", "auth code: see the registrar's portal"]
issue("pin-stated", "prose", "Support PIN for our account at the registrar: {v}", rand(DIGITS, 6),
      "at the registrar: ")
issue("pin-stated", "prose", "Kunden-PIN f\u00fcr den Telefonsupport der Bank: {v}", rand(DIGITS, 8),
      "der Bank: ")
issue("bitrix24-auth-id", "log", "event: ONCRMDEALUPDATE - AUTH_ID: {v} - member_id: 42", rand(HEX, 60), "AUTH_ID: ")
issue("pin-stated", "cli", "helm upgrade --install gates ./charts/gates --set controller.adminPin={v} --wait",
      rand(DIGITS, 8), "controller.adminPin=")
BENIGN += ["UART-Pin TX baud rate: 115200", '{"lastPin": 1718000000, "maxPin": 1718000500}',
           "Pin this issue to the board; tracking number in JIRA: 20240611", "auth_id: 7f3e9a1c2b4d",
           "git commit -m 'rotate key'; md5sum key.pem => " + rand(HEX, 32),
           "Authenticating as HTTP/web01.example.com@EXAMPLE.COM using keytab /etc/krb5.keytab",
           "Connected to registry.example.com as robot/ci-runner_01", "GPG signing setup guide is in docs/",
           "useradd -m ci && sftp -P 2222 ci@files.example.com", "audit: op=login;user=alice:admin;res=success",
           'config OAUTH_TOKEN_ENDPOINT\n\tstring "Token endpoint"\n\tdefault "https://auth.example.com/token"',
           "compass_cal,data,string,1.0432", "pulumi config set db:passwordLength 24", "dict --parola casa --limite 10",
           "mycli jobs create --name token-refresh-job --data '{\"cron\": \"*/5\"}'",
           "rocommunity directives are deprecated in favour of VACM views",
           "enc hash(len=32) 0x" + rand(HEX, 32) + " (stack frame)",
           "##[debug]Evaluating: matrix.keyboard_layout\n##[debug]Result: 'de-neo2'",
           "symbols=|AAPL|ADBE|AMD|", "yaz-client -u anonymous/guest@example.org z3950.loc.gov:7090/voyager",
           "Ephemeral volumes are deleted with the pod.\nLANGS=en,de,fr", 'RequestHeader set X-Auth-Mode "sso"',
           "match kind { Secret => Level::High, Token => Level::Low }", "Verifying api_key.....SKIP",
           "op item get Stripe --fields key_id --reveal\nAKID-4411", "artifact: build_cs_" + rand(HEX, 40) + ".tar.gz",
           "Przelewy24 sandbox returned CRC mismatch; CRC: " + rand(HEX, 16),
           "plesk bin admin --show-password > /root/pw.txt\nlogout"]
issue("pin-stated", "prose", "\u71c3\u6599\u30ab\u30fc\u30c9\u306e\u6697\u8a3c\u756a\u53f7\u306f{v}\u3067\u3059\u3002",
      rand(DIGITS, 6), "\u6697\u8a3c\u756a\u53f7\u306f")
issue("pin-stated", "log", '  Parameters: {{"staff_no"=>"2231", "pin"=>"{v}"}}', rand(DIGITS, 6), '"pin"=>"')
issue("cli-flag", "cli", "imapsync --host1 old.example.net --user1 a@example.org --password1 '{v}' --host2 "
      "new.example.net", "Harbor_" + mixed(8), "--password1 '")
issue("name-then-value-flags", "cli", "drone secret add --repository acme/web --name ftp_password --data {v}",
      mixed(12), "--data ")
issue("hosting-panel-secret-output", "output", '# plesk bin secret_key --create -description "ci"\n{v}', uuid4(),
      '-description "ci"\n')
issue("hosting-panel-secret-output", "output", "# cat /root/.accesshash\n{v}",
      "\n".join(rand(LOWER + DIGITS, 32) for _ in range(3)), "/root/.accesshash\n")
issue("wp-config-sed", "cli", 'sed -i "s/password_here/{v}/" wp-config.php', mixed(14), "s/password_here/")
issue("lftp-user-password", "cli", 'lftp -e "set ftp:ssl-force true; mirror -R dist/ /htdocs/; quit" -u web1,{v} '
      "ftp.example.net", mixed(12), "-u web1,")
issue("pdo-constructor-in-a-trace", "log", "#0 /var/www/db.php(12): PDO->__construct('mysql:host=loc...', "
      "'shop_u1', '{v}', Array)", mixed(13), "'shop_u1', '")
issue("proftpd-sql-connect-info", "config", "  SQLConnectInfo proftpd@localhost proftpd {v}", mixed(12) + "#",
      "proftpd@localhost proftpd ")
issue("whmcs-encryption-hash", "config", "$cc_encryption_hash = '{v}';", mixed(64), "$cc_encryption_hash = '")
issue("rclone-config-create-pass", "cli", "rclone config create offsite sftp host backup.example.net user bk port 23 "
      "pass {v}", mixed(12), " pass ")
issue("url-credentials", "url", "https://{v}@shop.example.org/api/products?output_format=JSON",
      rand(UPPER, 4) + rand(DIGITS, 4) + rand(UPPER + DIGITS, 24), "https://")
issue("woocommerce-key", "vendor", "consumer secret: {v}", "cs_" + rand(HEX, 40), "consumer secret: ")
issue("snmpd-conf-community", "config", "# /etc/snmp/snmpd.conf\nrwcommunity {v} 10.0.0.0/16", mixed(12),
      "rwcommunity ")
issue("chrony-key-line", "config", "# /etc/chrony.keys\n7 SHA256 HEX:{v}", rand("0123456789ABCDEF", 64),
      "7 SHA256 HEX:")
issue("ipsec-state-key", "output", "$ ip xfrm state\n\tauth-trunc hmac(sha256) {v} 128", "0x" + rand(HEX, 64),
      "hmac(sha256) ")
issue("snmp-usm-user-keys", "code", "UsmUserData('nms', '{v}', authProtocol=usmHMACSHAAuthProtocol)",
      "Harbor" + mixed(8), "UsmUserData('nms', '")
issue("actions-debug-evaluated", "ci", "##[debug]Evaluating: env.LEGACY_DB_PW\n##[debug]Result: '{v}'", mixed(14),
      "##[debug]Result: '")
BENIGN += ["##[debug]Evaluating: secrets.DB_PASSWORD\n##[debug]Result: '***'", "rocommunity public localhost"]
issue("assignment", "log", "DEBUG com.zaxxer.hikari.HikariConfig - password........................{v}", mixed(14),
      "password........................")
issue("marinetraffic-key", "vendor", "GET https://services.marinetraffic.com/api/exportvessel/v:5/{v}/timespan:20",
      rand(HEX, 40), "v:5/")
issue("prose-password-languages", "prose", "\u03a3\u03c5\u03bd\u03b8\u03b7\u03bc\u03b1\u03c4\u03b9\u03ba\u03cc "
      "\u03b3\u03b9\u03b1 \u03c4\u03bf \u03c3\u03cd\u03c3\u03c4\u03b7\u03bc\u03b1: {v}", mixed(12) + "$", "\u03bc\u03b1: ")
issue("prose-password-languages", "prose", "VPN\u306e\u30d1\u30b9\u30d5\u30ec\u30fc\u30ba\u306f\u300c{v}\u300d"
      "\u3067\u3059\u3002", "-".join(("orbit", "quay", "lantern", "moss")) + rand(DIGITS, 2), "\u306f\u300c")
issue("key-handed-over", "prose", "oops, committed the API key {v} in 2cfd25b, rotating now", rand(HEX, 32),
      "committed the API key ")
issue("kconfig-secret-default", "config", 'config APP_BROKER_PASSWORD\n\tstring "Broker password"\n\tdefault "{v}"\n'
      "\thelp\n\t  Used to log in to the broker.", "Quarry_" + mixed(7), '\tdefault "')
issue("nvs-csv-secret", "cli", "printf 'key,type,encoding,value\\nwifi,namespace,,\\nwifi_psk,data,string,{v}\\n' "
      "> nvs.csv", mixed(14), "wifi_psk,data,string,")
issue("nats-nkey-seed", "vendor", "-----BEGIN USER NKEY SEED-----\n{v}\n------END USER NKEY SEED------",
      "SU" + rand("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 56), "-----BEGIN USER NKEY SEED-----\n")
BENIGN += ["config APP_BROKER_PASSWORD\n\tstring \"Broker password\"\n\thelp\n\t  Set it in prj.conf, never here."]
issue("xml-password", "config", "<database>\n  <user>evergreen</user>\n  <pw>{v}</pw>\n</database>", mixed(10) + "*",
      "<pw>")
issue("xml-password", "config", "<connection>\n  <password><![CDATA[{v}]]></password>\n</connection>",
      "Welcome" + rand(DIGITS, 4) + "&<&>", "<password><![CDATA[")
issue("secret-name-and-value", "code", "define(\"__CA_DB_PASSWORD__\", '{v}');", "maple." + mixed(9),
      "\"__CA_DB_PASSWORD__\", '")
BENIGN += ["OpacPasswordChange: 1\nminPasswordLength: 12\nRequireStrongPassword: 1",
           "Omeka S API key identity " + mixed(32) + " (its credential half is in the vault)",
           "GET /oai/request?verb=ListRecords&resumptionToken=oai_dc/2024-12-14/4054999/" + rand(HEX, 16)]
issue("sip2-login-password", "log", "[SIP2] -> 9300CNselfcheck2|CO{v}|CPMAIN|AY0AZF1A2", mixed(12) + "!",
      "9300CNselfcheck2|CO")
issue("sip2-login-password", "log", "-> 6300120240519    160407          AOMAIN|AA2903154502|AD{v}|BP1|BQ5|AY1AZF2B1",
      rand(DIGITS, 6), "|AA2903154502|AD")
issue("sip2-client-password", "cli", "perl sip_cli_emulator.pl -a sip.example.org -p 6001 -su kiosk1 -sp {v} -l MAIN",
      mixed(12), "-su kiosk1 -sp ")
issue("yaz-client-user-password", "cli", "yaz-client -u harvester/{v} tcp:z3950.example.org:210/biblios",
      mixed(10), "-u harvester/")
issue("ezproxy-user-line", "cli", "echo 'mrossi:{v}' | sudo tee -a /usr/local/ezproxy/user.txt", mixed(10) + "*",
      "echo 'mrossi:")
issue("ezproxy-user-line", "output", "$ grep -n mrossi /usr/local/ezproxy/user.txt\n40:mrossi:{v}", "!" + mixed(12),
      "40:mrossi:")
issue("folio-ephemeral-credentials", "config", "secureStore.type=Ephemeral\ntenants=diku\ndiku=edge-user,{v}",
      mixed(12) + "-", "diku=edge-user,")
issue("apache-request-header-secret", "config", '<Location /api>\n  RequestHeader set X-Api-Key "{v}"\n</Location>',
      rand(HEX, 32), 'X-Api-Key "')
issue("exlibris-api-key", "vendor", 'client = AlmaApi("{v}", region="eu")', "l7xx" + rand(HEX, 32), 'AlmaApi("')
issue("przelewy24-crc", "config", "P24_CRC={v}", rand(HEX, 16), "P24_CRC=")
issue("przelewy24-crc", "prose", "p24 merchant 404112 CRC: {v}", rand(HEX, 16), "CRC: ")
issue("pin-stated", "config", "[Kiosk]\nAdminExitPin={v}", rand(DIGITS, 6), "AdminExitPin=")
issue("cli-flag", "cli", "./import_marc.sh --serwer opac.example.pl --uzytkownik kat --haslo '{v}' --plik a.mrc",
      "bursztyn" + rand(DIGITS, 4), "--haslo '")
issue("generated-secret-output", "output", "$ op item get \"CRM\" --fields label=api_key --reveal\n{v}",
      rand(HEX, 32), "--reveal\n")
BENIGN += ["$config['smtp_pass'] = '%p';  // use the IMAP login of mail.example-shop.eu"]
issue("network-device-secret", "config", "RP/0/RSP0/CPU0:pe2(config)#tacacs-server host 192.0.2.50 port 49 key 0 {v}",
      mixed(13), "port 49 key 0 ")
issue("network-device-secret", "config", "key chain CORE\n key 1\n  key-string clear {v}\n  cryptographic-algorithm HMAC-MD5",
      mixed(12), "key-string clear ")
issue("network-device-secret", "config", "router bgp 64512\n neighbor 198.51.100.7\n  password clear {v}\n", "tern_" + mixed(9),
      "password clear ")
issue("network-device-secret", "config", "radius server RAD-1\n address ipv4 192.0.2.9 auth-port 1812 acct-port 1813\n key {v}\n!",
      mixed(14), "acct-port 1813\n key ")
issue("network-device-secret", "config", "snmp-server enable traps bgp\nsnmp-server host 192.0.2.61 version 2c {v}",
      mixed(13), "version 2c ")
issue("network-device-secret", "log", "mgd[93984]: UI_CMDLINE_READ_LINE: User 'noc', command 'set system tacplus-server "
      "192.0.2.40 secret {v} '", "harbor" + rand(DIGITS, 3) + rand(LOWER, 4), "tacplus-server 192.0.2.40 secret ")
issue("network-device-secret", "config", "cmts#show running-config | include shared\ncable shared-secret 0 {v}", mixed(12),
      "shared-secret 0 ")
issue("gpon-onu-password", "cli", "MA5800(config-if-gpon-0/1/2)# ont add 7 80 password-auth {v} always-on omci",
      rand(DIGITS, 10), "ont add 7 80 password-auth ")
issue("gpon-onu-password", "cli", "ZXAN(config-if)#onu 37 type ZTE-F670L pw {v}", rand(DIGITS, 10), "type ZTE-F670L pw ")
issue("snmp-community-value", "code", "my ($s, $e) = Net::SNMP->session(\n  -hostname => '192.0.2.21',\n  -community => '{v}',\n);",
      "zbx_rw_" + mixed(7), "-community => '")
issue("snmp-community-value", "code", 'target.setCommunity(new OctetString("{v}"));', mixed(14), "new OctetString(\"")
issue("snmp-community-value", "config", '[[inputs.snmp]]\n  agents = ["udp://192.0.2.75:161"]\n  community = "{v}"',
      mixed(12), 'community = "')
issue("snmp-community-value", "log", 'E! [inputs.snmp] Error in plugin: agent udp://192.0.2.7:161 (community "{v}"): timeout',
      mixed(15), '(community "')
issue("snmp-community-value", "output", "Community name: ILMI\nCommunity Index: cisco0\n\nCommunity name: {v}", mixed(16),
      "Community name: ")
issue("snmp-community-value", "log", "SNMP['/usr/bin/snmpget' '-v2c' '-c' '{v}' '-OQXUte' 'udp:192.0.2.8:161']",
      "nms_" + mixed(10), "'-v2c' '-c' '")
issue("snmp-community-value", "config", '  SnmpMibObject docsDevNmAccessCommunity.1 String "{v}";', mixed(16),
      'docsDevNmAccessCommunity.1 String "')
issue("device-parameter-secret", "output", '"ManagementServer":{"ConnectionRequestUsername":{"_value":"acs"},'
      '"ConnectionRequestPassword":{"_value":"{v}","_type":"xsd:string"}}', mixed(12) + ".", '{"_value":"')
issue("device-parameter-secret", "code", 'declare("InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.PreSharedKey.1.'
      'KeyPassphrase", {value: now}, {value: "{v}"}});', mixed(14), '{value: "')
issue("device-parameter-secret", "log", "<ParameterValueStruct>\n  <Name>InternetGatewayDevice.WANDevice.1."
      "WANConnectionDevice.1.WANPPPConnection.1.Password</Name>\n  <Value xsi:type=\"xsd:string\">{v}</Value>",
      mixed(12), '"xsd:string">')
issue("device-parameter-secret", "config", '  SnmpMibObject sipCfgPortPassword.1 String "{v}";', mixed(12),
      'sipCfgPortPassword.1 String "')
issue("device-parameter-secret", "output", '"userDefinedFields": [\n  {"name": "Local Admin Password", "value": "{v}"}\n]',
      mixed(16) + "!", '"value": "')
issue("radius-test-secrets", "cli", "radtest -t pap noc.test '{v}' 192.0.2.72:1812 10 SharedS3cret", mixed(10) + "@",
      "radtest -t pap noc.test '")
issue("radius-test-secrets", "cli", "radtest -t pap noc.test testing123 192.0.2.72:1812 10 '{v}'", mixed(12),
      "192.0.2.72:1812 10 '")
issue("radius-test-secrets", "cli", 'echo "User-Name=u1@isp" | radclient -r 1 192.0.2.26:3799 disconnect {v}',
      mixed(18), "3799 disconnect ")
issue("radius-test-secrets", "code", "INSERT INTO radcheck (username, attribute, op, value) VALUES "
      "('u1@isp', 'Cleartext-Password', ':=', '{v}');", rand(DIGITS, 8), "':=', '")
issue("radius-test-secrets", "output", "| 29543 | fernanda | Cleartext-Password | := | {v} |", mixed(10), "| := | ")
issue("radius-test-secrets", "code", "UPDATE radcheck SET value = '{v}' WHERE username = 'c1093'", mixed(10) + "-",
      "SET value = '")
issue("radius-test-secrets", "log", "Auth: (64226) Login incorrect (rlm_pap: Cleartext password does not match "
      "\"known good\" password): [rafael6879/{v}] (from client bng-1 port 11)", "granite" + rand(DIGITS, 3),
      "[rafael6879/")
issue("radius-test-secrets", "config", "[radius]\nnas-identifier=bras-1\nserver=192.0.2.132,{v},auth-port=1812,acct-port=1813",
      mixed(14), "server=192.0.2.132,")
issue("positional-secret-argument", "cli", "jtagconfig --addserver jtag24.lab.example.test {v}", "dlrjs" + rand(DIGITS, 4) + "*",
      "--addserver jtag24.lab.example.test ")
issue("positional-secret-argument", "cli", "sudo jtagconfig --enableremote {v}", mixed(12), "--enableremote ")
issue("positional-secret-argument", "output", "aws-cloudhsm > loginHSM CU signer {v}\nloginHSM success", "Suwon_" + mixed(8),
      "loginHSM CU signer ")
issue("positional-secret-argument", "cli", "sudo synouser --setpw doyle '{v}'", "Bureau." + mixed(6), "--setpw doyle '")
issue("positional-secret-argument", "cli", "bw unlock '{v}' --raw > ~/.bw_session", "basket.cebolla.violin.ogorek",
      "bw unlock '")
issue("positional-secret-argument", "cli", "Autologon64.exe kiosk OFFICE {v} /accepteula", "Kaffee" + rand(DIGITS, 4),
      "kiosk OFFICE ")
issue("positional-secret-argument", "cli", "conan remote login fab-conan whitfield -p {v}", "tkfkdgo" + rand(DIGITS, 3) + "+",
      "whitfield -p ")
issue("positional-secret-argument", "cli", "ykman --device 652672157 piv access change-pin --pin 123456 --new-pin {v}",
      rand(DIGITS, 8), "--new-pin ")
issue("positional-secret-argument", "cli", "JLinkRemoteServerCLExe -Port 19020 -UseTunnel -TunnelServer jtag.example.test "
      "-TunnelPW {v}", mixed(16), "-TunnelPW ")
issue("positional-secret-argument", "cli", "plmxml_export -u=infodba -p={v} -g=dba", "thdlq" + rand(DIGITS, 3) + ".", "-u=infodba -p=")
issue("positional-secret-argument", "code", 'session = pkcs11.openSession(slot)\nsession.login("{v}")', rand(DIGITS, 6),
      'session.login("')
issue("positional-secret-argument", "config", 'SIGN_KEY_URI="pkcs11:token=fw-sign;object=rot-key-0?pin-value={v}"',
      rand(DIGITS, 8), "pin-value=")
issue("positional-secret-argument", "code", "cli = TACACSClient('192.0.2.237', 49, '{v}', timeout=10)", "River" + mixed(8),
      "49, '")
issue("positional-secret-argument", "code", 'packet := radius.New(radius.CodeAccessRequest, []byte("{v}"))', mixed(18),
      '[]byte("')
issue("secret-in-a-protocol-trace", "output", "> USER recipe\n< 331 Please specify the password.\n> PASS {v}\n< 230 Login successful.",
      "tainan" + rand(DIGITS, 4) + "x", "> PASS ")
issue("secret-in-a-protocol-trace", "output", 'write(3, "PASS {v}\\r\\n", 23) = 23', "silicon" + rand(DIGITS, 3) + "z",
      'write(3, "PASS ')
issue("secret-in-a-protocol-trace", "output", "10:41:28.518231 IP 192.0.2.5.51022 > 192.0.2.19.21: Flags [P.], length 18: "
      "FTP: PASS {v}", mixed(10) + "+", "FTP: PASS ")
issue("secret-in-a-protocol-trace", "code", 'tn.read_until(b"User password:")\ntn.write(b"{v}\\n")', mixed(13) + "*",
      'tn.write(b"')
issue("secret-in-a-protocol-trace", "log", "viWrite (TCPIP0::192.0.2.11::inst0::INSTR (0x0000000D), \":SYST:SEC:PASS '{v}'\\n\", 32)",
      "Maple_" + mixed(8), ":SYST:SEC:PASS '")
issue("secret-in-a-protocol-trace", "output", '>> :SYST:COMM:LAN:WEB:PASS?\n<< "{v}"\n>> *IDN?', "taichung" + rand(DIGITS, 4),
      'PASS?\n<< "')
issue("secret-in-a-protocol-trace", "cli", "echo 'CAL:SEC:STAT OFF,{v}' | nc -q1 192.0.2.45 5025", rand(UPPER + DIGITS, 8),
      "CAL:SEC:STAT OFF,")
issue("secret-in-a-protocol-trace", "output", "5: C_Login\n[in] userType = CKU_USER\n[in] pPin[ulPinLen] 0x7ffdfe85a755 / 8\n"
      "    00000000  {v}", rand(DIGITS, 8), "00000000  ")
issue("secret-in-a-protocol-trace", "output", '#1  0x0000555555556a2c in hsm_login (slot=0, pin=0x7fffffffe3a0 "{v}") at hsm.c:88',
      rand(DIGITS, 8), 'pin=0x7fffffffe3a0 "')
issue("key-material-in-source-or-output", "code", '#define VENDOR_NAME "acmed"\n#define ENCRYPTION_SEED1 {v}\n',
      "0x" + rand(HEX, 8), "#define ENCRYPTION_SEED1 ")
issue("key-material-in-source-or-output", "code", "const uint32_t dbg_unlock_key[4] = { {v} };",
      ", ".join("0x" + rand("0123456789ABCDEF", 8) + "u" for _ in range(4)), "dbg_unlock_key[4] = { ")
issue("key-material-in-source-or-output", "code", 'const SIGNING_SEED: [u8; 32] = hex!("{v}");', rand(HEX, 64), 'hex!("')
issue("key-material-in-source-or-output", "output", "$ openssl pkey -in dbg.pem -text -noout\nPrivate-Key: (256 bit)\npriv:\n"
      "    {v}\npub:\n    04:7f", "\n    ".join(":".join(rand(HEX, 2) for _ in range(15)) + ":" for _ in range(2)) + "\n    "
      + rand(HEX, 2) + ":" + rand(HEX, 2), "priv:\n    ")
issue("key-material-in-source-or-output", "cli", "echo {v} | xxd -r -p > build/flash_key.bin", rand(HEX, 64), "echo ")
issue("key-material-in-source-or-output", "cli", "configure_security -upk1 {v} -security_level 2",
      rand("0123456789ABCDEF", 32), "-upk1 ")
issue("key-material-in-source-or-output", "cli", "STM32_Programmer_CLI -c port=SWD -lockRDP1 {v}",
      "0x" + rand("0123456789ABCDEF", 8) + " 0x" + rand("0123456789ABCDEF", 8), "-lockRDP1 ")
issue("key-material-in-source-or-output", "config", "p4.example.lan:1666=eitan:{v}", rand("0123456789ABCDEF", 32),
      "1666=eitan:")
issue("key-material-in-source-or-output", "config", "/1 :pserver:tanaka@cvs.example.test:2401/cvsroot/analog A{v}",
      mixed(12), "/cvsroot/analog A")
issue("secret-field-elsewhere", "log", "radprobe: config loaded: {Server:192.0.2.56:1812 Secret:{v} Timeout:3s Retries:2}",
      "Bulut!" + rand(DIGITS, 2), "Secret:")
issue("secret-field-elsewhere", "code", 'var cfg = Config{\n\tOLTHost: "192.0.2.92",\n\tOLTPass: "{v}",\n}',
      "nopal_" + rand(LOWER, 3) + rand(DIGITS, 4), 'OLTPass: "')
issue("secret-field-elsewhere", "code", 'const RADIUS_SECRET: &[u8] = b"{v}";', mixed(14), 'b"')
issue("secret-field-elsewhere", "log", "PropertySourcesPropertyResolver - Found key 'spring.datasource.password' in "
      "PropertySource 'applicationConfig: [classpath:/application.yml]' with value of type String: '{v}'", mixed(16),
      "of type String: '")
issue("secret-field-elsewhere", "log", 'SNMPv3 auth failure for user nms (authpass "{v}", host 192.0.2.119)', mixed(11) + "-",
      '(authpass "')
issue("secret-field-elsewhere", "config", "sql_user[isp]: pmacct\nsql_passwd[isp]: {v}", "nuvem_" + rand(LOWER, 3) + rand(DIGITS, 4),
      "sql_passwd[isp]: ")
issue("secret-field-elsewhere", "config", "add user pe-1 noc\nadd password pe-1 {{v}} {Merdeka.2021}", mixed(12),
      "add password pe-1 {")
issue("secret-field-elsewhere", "config", "wlan 1\n  security wpa2-psk\n  passphrase {v}\n  no shutdown",
      "cepat hizli pampa " + rand(DIGITS, 2), "  passphrase ")
issue("secret-field-elsewhere", "config", "wireless.1.ssid=PTP-7\nwpa.1.psk={v}\nwpa.1.pairwise=CCMP",
      "falcon araucaria provedor " + rand(DIGITS, 2), "wpa.1.psk=")
issue("prose-password", "prose", "Goal: program the dev kit over jtagd (server password {v}).", mixed(12), "server password ")
issue("prose-simple-password", "prose", "[15:12] Jiwon: 측정실 와이파이 비번 {v} 에요", "negev" + rand(LOWER, 5) + rand(DIGITS, 2),
      "와이파이 비번 ")
issue("prose-simple-password", "prose", "量測室 Wi-Fi 密碼 {v}", "probe" + rand(LOWER, 4) + rand(DIGITS, 2), "Wi-Fi 密碼 ")
issue("prose-simple-password", "prose", "hotspot kullanıcısı: misafir60, şifresi {v} (24 saat geçerli)",
      rand(LOWER, 2) + rand(DIGITS, 1) + rand(LOWER, 2) + rand(DIGITS, 1) + rand(LOWER, 2), "şifresi ")
issue("prose-simple-password", "prose", "akun SIP ext 1208 udah aktif, passwordnya {v}. tolong tes", "col1bri*" + rand(DIGITS, 2),
      "passwordnya ")
issue("pin-stated", "prose", "서명용 HSM PIN은 {v} (보안팀만 공유)", rand(DIGITS, 8), "HSM PIN은 ")
issue("pin-stated", "prose", "署名用トークンのPINは{v}です（口外禁止）", rand(DIGITS, 8), "トークンのPINは")
issue("pin-stated", "prose", "HSM 使用者 PIN 碼為 {v}", rand(DIGITS, 8), "PIN 碼為 ")
issue("pin-stated", "prose", "VM PIN for ext 808 (Camille) set to {v} - user was told by phone", rand(DIGITS, 6), "set to ")
BENIGN += ["snmp-server host 192.0.2.9 version 3 priv nmsuser", "snmp-server community public RO",
           "community: https://discord.gg/abc123", "team:\n  community: Rust-Lang-2024", "Community name: ILMI",
           "password reset.v2.0 flow", "password release2.0.1 notes", "password hash2024 migration",
           "tacacs-server host 192.0.2.5 key 7 <encrypted>", "passphrase is required for the key",
           "  passphrase must be 8 to 63 characters", "{Name:web Token:<nil> Key:abc}",
           "const uint8_t pub_key[4] = { 0x04A1B2C3, 0x11223344 };", "GPIO --pin 17 set high"]
issue("xml-password", "config", '<flat-profile>\n  <User_ID_1_ ua="na">838</User_ID_1_>\n  <Password_1_ ua="na">{v}</Password_1_>',
      mixed(12), '<Password_1_ ua="na">')
issue("xml-password", "output", "<sharedKey><keyType>passPhrase</keyType><protected>false</protected>"
      "<keyMaterial>{v}</keyMaterial></sharedKey>", "Romero@" + rand(DIGITS, 4), "<keyMaterial>")
issue("openssl-pass", "cli", "openssl genpkey -algorithm EC -aes256 -pass pass:{v} -out fw_sign.pem",
      "walnut ember velvet harbor tiger", "-pass pass:")
issue("secret-given-or-printed-by-a-tool", "output", '127.0.0.1:6379> HGETALL eap:PVD27\n1) "opcua_user"\n2) "eap"\n'
      '3) "opcua_pass"\n4) "{v}"', mixed(16), '4) "')
issue("secret-given-or-printed-by-a-tool", "config", "type: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: {v}",
      b64(120), ".dockerconfigjson: ")
issue("secret-given-or-printed-by-a-tool", "cli", "ansible-playbook site.yml --vault-password-file <(echo {v}) -l ETS88-12",
      "velvet copper basalt pebble", "--vault-password-file <(echo ")
issue("secret-given-or-printed-by-a-tool", "config", "  ansible.builtin.user:\n    name: tester\n    password: "
      "\"{{ '{v}' | password_hash('sha512') }}\"", "etchdopant" + rand(DIGITS, 2), "password: \"{{ '")
issue("secret-given-or-printed-by-a-tool", "cli", "> wpa_cli -i wlan0 set_network 0 psk '\"{v}\"'\nOK",
      "Icheon" + rand(DIGITS, 4) + "_", "set_network 0 psk '\"")
issue("secret-given-or-printed-by-a-tool", "output", "$ etcdctl get /lab/instruments/US7428/web_pass --print-value-only\n{v}",
      "nagoyawafer" + rand(DIGITS, 2), "--print-value-only\n")
BENIGN += ["127.0.0.1:6379> HGETALL session:42\n1) \"user\"\n2) \"ana\"\n3) \"expires\"\n4) \"1718000000\"",
           "ansible-playbook site.yml --vault-password-file ~/.vault_pass.txt", "openssl enc -d -pass env:BACKUP_PASS -in a.enc"]
issue("user-slash-password-in-parentheses", "prose", "Reproduced on MAGNUM-08 with the operator creds (ate_op/{v}). Log attached.",
      "tigerboule" + rand(DIGITS, 2), "creds (ate_op/")
issue("user-slash-password-in-parentheses", "prose", "UniFi controller: https://192.0.2.156:8443 (admin/{v})", mixed(12) + "*-",
      "8443 (admin/")
issue("access-code-stated", "prose", "If the admin loses the phone: recovery code for ana@example.org is {v}, stored nowhere else.",
      "-".join(rand(DIGITS, 4) for _ in range(3)), "example.org is ")
issue("access-code-stated", "prose", "Voici le code d'accès au portail de sauvegarde : {v}",
      "-".join(rand(UPPER, 3) + rand(DIGITS, 1) for _ in range(3)), "sauvegarde : ")
issue("access-code-stated", "prose", "Splashtop deployment code for Hughes Architectes: {v}", rand(UPPER, 6) + rand(DIGITS, 2)
      + rand(UPPER, 4), "Architectes: ")
issue("prose-password", "prose", "lol the server room pw was literally {v} on a sticky note", "kawa.lumiere." + rand(DIGITS, 4)[:1]
      .replace("1", "3").replace("2", "3").replace("0", "3") + rand(DIGITS, 3), "literally ")
BENIGN += ["the account (octocat/hello-world2) was moved", "password policy v2.1 (release.notes.2024)",
           "recovery codes: see the vault item ops-mdm", "the access code is printed on the badge"]
issue("echo-into-secret-file", "cli", "$ echo -n '{v}' > /srv/tftp/keyfile && docsis -e cm-20", "Deniz" + mixed(9), "echo -n '")
issue("secret-given-or-printed-by-a-tool", "output", "$ curl -s -X POST https://zbx.example.io/api_jsonrpc.php -d @login.json\n"
      '{{"jsonrpc":"2.0","result":"{v}","id":1}}'.replace("{{", "{").replace("}}", "}"), rand(HEX, 32), '"result":"')
issue("network-secret-stated", "prose", "Decision: keep the old TACACS+ key ({v}) on the IOS-XR boxes until Sunday.",
      mixed(11), "TACACS+ key (")
issue("network-secret-stated", "prose", "Decision: the v2c community on the DOCSIS modems stays {v} until the CMTS upgrade.",
      "Cafetal." + rand(DIGITS, 4), "stays ")
BENIGN += ["echo hello > /tmp/keyfile.txt", '{"jsonrpc":"2.0","result":"' + rand(HEX, 32) + '","id":1}',
           "Goal: rotate the MD5 key on the eBGP session with AS200043 (192.0.2.15).",
           "the MD5 key (see RFC2385) must match on both ends", "the SNMP community string is public"]
issue("network-device-secret", "config", "tacacs-server host 192.0.2.1 single-connection key {v}", mixed(11) + "!",
      "single-connection key ")
issue("network-device-secret", "config", "tacacs server ISE\n address ipv4 192.0.2.1\n key 0 {v}", mixed(11) + "!", " key 0 ")
issue("network-device-secret", "config", "snmp-server host 192.0.2.1 informs version 2c {v} udp-port 162", mixed(10),
      "version 2c ")
issue("secret-in-a-protocol-trace", "output", "5: C_Login\n[in] pPin[ulPinLen] 0x7ffd5c8e / 8\n    00000000  {v}"
      "                          87654321", "38 37 36 35 34 33 32 31", "00000000  ")
issue("secret-in-a-protocol-trace", "code", "inst.write(':syst:pass \"{v}\"')", mixed(8) + "@", ":syst:pass \"")
issue("positional-secret-argument", "cli", "bw  unlock {v}", "MyM@ster" + mixed(6), "unlock ")
issue("secret-field-elsewhere", "log", 'snmp: (authpass "AuthP@ss11", privpass "{v}")', mixed(10) + "@", 'privpass "')
issue("xml-password", "config", "<preSharedKey>{v}</preSharedKey>", mixed(12) + "@", "<preSharedKey>")
issue("pin-stated", "prose", "PIN码：{v}", rand("3456789", 6), "PIN码：")
BENIGN += ["Django stores password pbkdf2_sha256 hashes by default.", "Password INC0045678 resolved by the service desk.",
           "Modem şifresi tplink840n modelinde nasıl değişir?", "비번 ISMS2024 인증 기준 변경 안내", "密碼 AES256GCM 加密",
           "PIN은 000000 또는 123456 같은 값을 피하세요.", "PIN cache TTL set to 28800000 ms",
           "Run bw unlock first to get a session key.", "Enable autologon for the kiosk account via Group Policy.",
           "python3 servo.py --pin GPIO18 --freq 50", "static const uint32_t hash_seed[4] = { 0x9e3779b9, 0x7f4a7c15 };",
           'const PUBLIC_KEY: [u8; 32] = hex!("' + rand(HEX, 64) + '");',
           "echo " + rand(HEX, 64) + " | xxd -r -p | base64", 'req := &Request{PageToken: "CAoQAA", PageSize: 50,}',
           'const PASSWORD_PROMPT: &[u8] = b"Password: ";', "target.setCommunity(new OctetString(communityString));",
           "Community name: ReadOnly", "update control {\n  &Cleartext-Password := &request:User-Password\n}",
           '{"name": "Tailspin", "value": "retail"}', "password string \"optional; read from $PGPASSWORD if empty\"",
           '127.0.0.1:6379> HGETALL cfg\n1) "bypass_cache"\n2) "true"\n3) "token_ttl"\n4) "3600"',
           "etcdctl get /app/keycloak/url --print-value-only\nhttps://sso.example.com/realms/main",
           "deployment code: BUILD20240611", "the account (payments/ledger_v2) was migrated",
           "Password rotation ticket: ops.jira.4521", "USER anonymous\n331 send your e-mail address\nPASS ftp@example.com",
           "passphrase argon2id parameters: m=64MiB"]
issue("wifi-key-of-digits", "prose", "Router WLAN-Schlüssel (steht hinten auf der FRITZ!Box): {v}", rand(DIGITS, 20),
      "FRITZ!Box): ")
issue("recovery-codes", "output", "Your backup codes:\n1. {v}\n2. 4412 9931", rand(DIGITS, 4) + " " + rand(DIGITS, 4),
      "backup codes:\n")
BENIGN += ["WLAN-Schlüssel: siehe Aufkleber auf der Rückseite", "Wi-Fi key length must be 8 to 63 characters"]
issue("escaped-quote-in-value", "code", 'DB_PASS = "{v}"', mixed(6) + '\\"' + mixed(6) + "7", 'DB_PASS = "')
issue("escaped-quote-in-value", "config", '{"olt": {"user": "root", "password": "{v}"}}', mixed(7) + '\\"' + mixed(5) + "2",
      '"password": "')
issue("escaped-quote-in-value", "code", "secret = '{v}'", mixed(5) + "\\'" + mixed(7) + "9", "secret = '")
BENIGN += ['password = "\\"" + "\\""  # two quote characters', 'HINT = "a \\"strong\\" password has 12 characters"',
           '{\\"password\\": \\"\\", \\"user\\": \\"guest\\"}']

issue("deepl-free-key", "vendor", "DEEPL_AUTH = {v}  # free plan", rand(HEX, 8) + "-" + rand(HEX, 4) + "-" + rand(HEX, 4) + "-"
      + rand(HEX, 4) + "-" + rand(HEX, 12) + ":fx", "")
issue("deepl-key-stated", "code", 'translator = deepl.Translator("{v}")', rand(HEX, 8) + "-" + rand(HEX, 4) + "-4"
      + rand(HEX, 3) + "-a" + rand(HEX, 3) + "-" + rand(HEX, 12), 'deepl.Translator("')
issue("deepl-key-stated", "chat", "Clave de API de DeepL para el cliente: {v} (no compartir)", rand(HEX, 8) + "-"
      + rand(HEX, 4) + "-4" + rand(HEX, 3) + "-b" + rand(HEX, 3) + "-" + rand(HEX, 12), "el cliente: ")
issue("transifex-token", "vendor", "Transifex token for the mobile project: {v}", "1/" + rand(HEX, 40),
      "mobile project: ")
issue("yandex-translate-key", "vendor", "translate?key={v}&lang=en-ru", "trnsl.1.1.20230914T101112Z." + rand(HEX, 16)
      + "." + rand(HEX, 40), "translate?key=")
issue("khalti-secret-key", "vendor", "KHALTI = '{v}'", "live_secret_key_" + rand(HEX, 32), "KHALTI = '")
issue("license-key-after-vendor", "code", 'mmt = ModernMT("{v}")', "-".join(rand("0123456789ABCDEF", 8) for _ in range(4))
      + "-" + rand("0123456789ABCDEF", 4), 'ModernMT("')
issue("client-constructor-key", "code", 'client = apiclient.RevAiAPIClient("{v}")', "02" + mixed(40) + "-" + mixed(20),
      "RevAiAPIClient(\"")
issue("secret-scanner-finding", "output", "Detector Type: Razorpay\nDecoder Type: PLAIN\nRaw result: {v}\nFile: app.py",
      mixed(24), "Raw result: ")
issue("secret-scanner-finding", "output", "Finding:     token = \"...\"\nSecret:      {v}\nRuleID:      generic-api-key",
      mixed(28), "Secret:      ")
issue("payment-salt", "code", 'const val MERCHANT_SALT = "{v}"', mixed(30) + "7", 'MERCHANT_SALT = "')
issue("payment-salt", "config", '@Value("${{jazzcash.integrity-salt:{v}}}")'.replace("{{", "{").replace("}}", "}"),
      rand(LOWER, 6) + rand(DIGITS, 4), "integrity-salt:")
issue("one-time-code-bypass", "log", "WARN otp-service: bypass enabled for staging, master otp={v} (remove before release)",
      rand("3456789", 6), "master otp=")
issue("gcode-password", "config", 'M550 P"printer-3"\nM551 P"{v}"   ; web password', mixed(10) + "+5", 'M551 P"')
issue("gcode-password", "config", 'M587 S"Workshop-IoT" P"{v}"', mixed(12) + "9", 'P"')
issue("printer-access-code", "cli", "python3 bridge.py --access-code {v} --serial 01P00A000000001", rand("3456789", 8),
      "--access-code ")
issue("printer-access-code", "log", "argv=['bridge.py', '--access-code', '{v}']", rand("3456789", 8), "'--access-code', '")
issue("lftp-open-user-password", "cli", 'lftp -c "set sftp:auto-confirm yes; open -u deploy,{v} sftp://files.example.net"',
      mixed(9) + "_7", "open -u deploy,")
issue("smb-workgroup-url", "output", "device for Plotter: smb://PRINTSHOP/operator:{v}@fs01/Designjet", mixed(12) + ".2",
      "smb://PRINTSHOP/operator:")
issue("account-slash-password", "config", '<note from="developer">Test account: qa_service / {v}</note>',
      rand(LOWER, 7) + "_" + rand(DIGITS, 3), "qa_service / ")
issue("account-slash-password", "prose", "- Weblate admin: `admin` / `{v}`", rand(LOWER, 8) + "_" + rand(DIGITS, 3),
      "`admin` / `")
issue("door-code-stated", "chat", "Türcode Werkstatt ab Montag: {v}", rand("3456789", 6), "Montag: ")
issue("door-code-stated", "chat", "from Sam: code for the filament storage lock is {v}", rand("3456789", 6), "lock is ")
issue("door-code-stated", "chat", "kód ke dveřím dílny: {v} (od pondělí)", rand("3456789", 6), "dílny: ")
issue("pushover-token", "config", "pushover app: {v} user: u" + rand(LOWER, 9), rand(LOWER + DIGITS, 28) + "a1",
      "pushover app: ")
issue("notifier-url-token", "config", "[notifier discord_farm]\nurl: discord://{id}/{v}".replace("{id}", rand(DIGITS, 19)),
      mixed(50) + "-_x", "")
issue("notifier-url-token", "config", "[notifier gotify]\nurl: gotifys://gotify.example.net/{v}", "A" + mixed(6) + "." + mixed(7),
      "gotify.example.net/")
issue("signing-key-first-argument", "code", "expected = hmac.new(b\"{v}\", body, hashlib.sha256).hexdigest()",
      rand(LOWER, 5) + "." + rand(LOWER, 6) + ".644", 'hmac.new(b"')
issue("signing-key-literal", "code", 'checksum = PaytmChecksum.generateSignature(json.dumps(body), "{v}")',
      mixed(12) + "#" + mixed(3), 'json.dumps(body), "')
issue("cipher-key-literal", "code", 'AesCryptUtil aesUtil = new AesCryptUtil("{v}");', rand("0123456789ABCDEF", 32),
      'new AesCryptUtil("')
issue("pin-stated", "prose", "Staging UPI MPIN for test VPA tester@upi: {v} (UAT only)", rand("3456789", 6), "tester@upi: ")
issue("secret-in-a-protocol-trace", "output", "< 331 Password required for proofs\n> PASS {v}\n< 230 User logged in",
      rand(LOWER, 6) + "-" + rand(LOWER, 5) + "-831", "> PASS ")
issue("prose-simple-password", "chat", "Harsh: সার্ভার 10.0.0.7 এর পাসওয়ার্ড হলো {v} — কাউকে দিও না", rand(LOWER, 7) + ".43",
      "পাসওয়ার্ড হলো ")
issue("prose-simple-password", "chat", "oye el usuario es hzielinski y la contra {v}", "Sunfl0wer" + rand(DIGITS, 4),
      "la contra ")
issue("prose-simple-password", "prose", "> **Password:** {v}", rand(LOWER, 5) + "_" + rand(DIGITS, 4), "**Password:** ")
issue("prose-password", "prose", "wachtwoord van de printserver (mk419.example.internal) is {v}",
      rand(LOWER, 4) + "-" + rand(LOWER, 8) + "-" + rand("3456789", 1) + rand(DIGITS, 3), ") is ")
issue("snmp-community-value", "cli", 'Add-PrinterPort -Name "IP_10.0.0.5" -SNMP 1 -SNMPCommunity "{v}"', rand(LOWER, 5)
      + rand(DIGITS, 3), '-SNMPCommunity "')
BENIGN += ["the password for web-server-01 is in vault", "the password for build-agent-12 is in vault",
           "lpadmin -p Plotter_A0 -E -v ipps://192.0.2.15/ipp/print -m everywhere",
           '<string name="forgot_password">¿Olvidaste tu contraseña?</string>',
           '<string name="label_password">Clé API</string>', "AccessKey Secret: 仅在创建时可见，请妥善保存（已隐藏）",
           "barcode for the door: 99812", "door code: see the wiki", "Secret: ********",
           "Translator(\"en\")", "DeepL glossary for the client: see glossaries/es.tsv",
           "votamos contra la propuesta2024 ayer", "heslo k wifi je v trezoru"]
issue("android-build-secret", "config", '<string name="show_password_default">{v}</string>', mixed(8) + "!" + rand(DIGITS, 4),
      '<string name="show_password_default">')
issue("pin-stated", "prose", "MPIN: {v}", rand("3456789", 6), "MPIN: ")
issue("door-code-stated", "chat", "codice del portone: {v}", rand("3456789", 6), "portone: ")
issue("door-code-stated", "chat", "Garagentorcode lautet {v}", rand("3456789", 6), "lautet ")
issue("payment-salt", "config", "PAYU_SALT={v}", mixed(9) + "7", "PAYU_SALT=")
issue("one-time-code-bypass", "code", 'DEFAULT_OTP = "{v}"', rand("3456789", 6), 'DEFAULT_OTP = "')
issue("yandex-translate-key", "vendor", "lookup?key={v}&lang=en-ru", "dict.1.1.20170301T101010Z." + rand(HEX, 16) + "."
      + rand(HEX, 40), "lookup?key=")
BENIGN += ["DeepL API key rotated last week; request_id=3f2a9c1e-7b4d-4e8a-9c21-5d6e7f8a9b0c",
           "password auth is disabled on jenkins-master-02", "Probamos la app contra postgres16 y mysql80",
           "admin tools: amd64 / arm64v8", "Der Garagencode ist 2024 geändert worden", "access code expiry is 20251231",
           "static OTP 10000 ms timeout", 'verifySignature(payload, header, "sha256")',
           "git cat-file -p 1/3f786850e387550fdab836ed7e6dc881de23001b",
           'new TenantClient("3f2a9c1e-7b4d-4e8a-9c21-5d6e7f8a9b0c")',
           "ModernMT memory id 0000000A-0000000B-0000000C-0000000D-000E imported",
           "MERCHANT_SALT = settings.PAYU_SALT_V2", "Tests:       331 passed, 331 total\nPASS  src/components/Button.test.tsx",
           'M551 P"reprap"  ; default, means no password', 'password = "\\"\\""', "open -u https://example.com/search?q=a,b",
           "MPIN flow: 202405 release", "mysql -u root -p shop_orders_2024 < dump.sql"]
issue("fix-logon-password", "log", "2026-02-03 09:14:55 OUT 8=FIX.4.2|9=91|35=A|49=DESK07|56=VENUE|553=ops7|554={v}|10=201|",
      mixed(7) + "#" + rand(DIGITS, 2), "|554=")
issue("fix-logon-password", "log", "sending Logon 8=FIX.4.4^A35=A^A553=mmk^A554=Cedar4!tq^A925={v}^A10=017^A",
      "Pine" + rand(DIGITS, 3) + "@" + rand(LOWER, 3), "^A925=")
issue("fix-password-field-literal", "code", 'logon.setString(554, "{v}");', mixed(6) + "~" + rand(DIGITS, 3),
      'setString(554, "')
issue("kdb-handle-password", "code", "h:hopen `:tick.internal.example:5010:feedsvc:{v}", mixed(8) + "." + rand(DIGITS, 2),
      ":feedsvc:")
issue("remote-table-password", "config", "SELECT * FROM mysql('db1.example.internal:3306', 'ledger', 'fills', 'rdr', '{v}')",
      mixed(9) + "_" + rand(DIGITS, 2), "'rdr', '")
issue("password-file-substitution", "cli", "rsync -a --password-file=<(echo {v}) rsync://mirror@backup.example/data/ .",
      mixed(10) + rand(DIGITS, 2), "<(echo ")
issue("teltonika-sms-login", "cli", 'send-sms +15550100 "fleetop {v} getgps"', rand(LOWER, 5) + rand(DIGITS, 3),
      '"fleetop ')
issue("openssl-hmac-key", "cli", "printf '%s' \"$BODY\" | openssl dgst -sha256 -hmac '{v}'", mixed(28), "-hmac '")
issue("key-vault-secret-shown", "output", '{{\n  "id": "https://kv-shop.vault.azure.net/secrets/smtp-pass/0f1e2d3c",\n'
      '  "name": "smtp-pass",\n  "value": "{v}"\n}}', mixed(10) + "!" + rand(DIGITS, 2), '"value": "')
issue("user-with-password", "log", "LoginException: rejected for user ops_fin with password {v} (attempt 3)",
      rand(LOWER, 6) + rand(DIGITS, 3), "with password ")
issue("url-token-as-user", "cli", "git remote set-url origin https://{v}@dev.azure.com/shop/web/_git/api",
      rand(LOWER + DIGITS, 52), "https://")
issue("access-code-digits", "log", "2026-01-11 08:00:12 KeyBox K17: code changed to {v}", rand("3456789", 7), "changed to ")
issue("pin-stated", "chat", "pinkoden till larmet är {v}", rand("3456789", 6), "är ")
issue("assignment", "code", 'const FEED_KEY: &str = "{v}";', rand(HEX, 8) + "-" + rand(HEX, 4) + "-4" + rand(HEX, 3)
      + "-a" + rand(HEX, 3) + "-" + rand(HEX, 12), '&str = "')
issue("assignment", "config", "PAYOUT_SECRET_WORD = '{v}'", mixed(9) + "=" + rand(DIGITS, 3), "PAYOUT_SECRET_WORD = '")
issue("name-then-value", "output", '[{{"key":"HeartbeatInterval","readonly":false,"value":"60"}},'
      '{{"key":"AuthorizationKey","readonly":true,"value":"{v}"}}]', rand(HEX, 40), '"readonly":true,"value":"')
issue("client-constructor-key", "code", 'client = FeedApiClient("{v}", timeout=5)', rand(HEX, 32), 'FeedApiClient("')
BENIGN += ["TLS session resumed, session id 5c1f0e9a2b7d4e3f8a6b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f",
           "parking: session 01HV3K9ZQ8W2N4M6P7R8S9T0VA started", "Secret ID (not the value!): "
           "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e", "vault: renewing token (accessor 9QkTz2mLpX4vR7sW1yN8bC3d)",
           "GPG fingerprint of the signing key: 0123456789ABCDEF0123456789abcdef01234567",
           "pub   ed25519 2026-01-02 [SC]\n      89ABCDEF0123456789ABCDEF0123456789abcdef\nuid  Release Bot",
           '"signature": "MEUCIQDx8k2mQ7vR4tW8yZ3aaB1c2d3e4f5g6h7i8j9k0l1m2n3o4p5q6r7s8t9u0v1w2x3y4z5a6b7c8d9"',
           "webhook signature ok: computed=3b5d5c3712955042212316173ccd45f1b1a9c7d4e2f6a8b0c1d3e5f7a9b2c4d6",
           'const KAKAO_JS_KEY = "0123abcd4567ef890123abcd4567ef89"; // browser key, domain-restricted',
           "kubelet: MountVolume.SetUp succeeded for volume \"creds\" (UniqueName: \"kubernetes.io/secret/"
           "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d-creds\")", "ListingKey=4ba92c64545c4ccad06ad325001324fc07223ff3",
           "GET /lab?token=[secret] HTTP/1.1", "Name  PublicKey\n----  ---------\nci    AAAAC3NzaC1lZDI1NTE5AAAAIGk",
           "curl -H \"Authorization: Bearer $SENTRY_TOKEN\" https://sentry.io/api/0/projects/acme/web/events/"
           "4551fc190cfaa17626173374bedf9c90/", "Ang password ay dapat may hindi bababa sa 12 character.",
           "identifiers: license:d1a1fb63ab88034a4f65887db768808e48ac963d discord:1027172921318278586",
           "SENTRY_DSN=https://0123456789abcdef0123456789abcdef@o123456.ingest.sentry.io/7654321",
           "⭐️ View project at https://wandb.ai/lab/seg", "JWT header only: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9x1"]
issue("session-id", "log", "support chat: user pasted their session id: {v}", mixed(32), "session id: ")
issue("generic-named", "chat", "api key (not secret-manager managed yet): {v}", mixed(30), "managed yet): ")
issue("generic-named", "log", "fingerprint ok; deploy token {v}", rand(HEX, 40), "deploy token ")
issue("generic-named", "chat", "FB page token {v}", mixed(40), "page token ")
issue("generic-named", "config", "webhook: https://hooks.example.com/channels/{v}", mixed(32))  # (taken whole, its host too)
issue("assignment", "config", "DB_PASSWORD={v}", "P.ssw0rd(" + rand(DIGITS, 4) + ")", "DB_PASSWORD=")
issue("assignment", "config", "DB_PASSWORD={v}", "C:\\" + mixed(7), "DB_PASSWORD=")
issue("generic-named", "chat", "deploy key for public-site bucket: {v}", mixed(30), "bucket: ")
issue("wifi-ssid-slash-password", "chat", "wifi at the studio: Lab-Guest / {v} (ask before sharing)",
      rand(LOWER, 5) + "-" + rand(LOWER, 4) + "-" + rand(DIGITS, 2), "Lab-Guest / ")
BENIGN += ["wifi: Lab-5G / Lab-2G", "wlan werkstatt: Werkstatt / WPA2-AES", "wi-fi coverage: floor1 / floor2"]
issue("generic-named", "chat", "API token (for the public API): {v}", mixed(28), "public API): ")
issue("session-id", "log", "ssl cert ok; session {v} paste into the cookie jar", mixed(30), "session ")
