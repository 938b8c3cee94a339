"""A second hold-out corpus for secret redaction, written without reading the redaction
code, its tests or its corpus; the redaction has since been tuned on it, so it is
regression data now (tests/test_redaction_holdouts.py holds its recall and false-positive
rate per group).

Every secret-looking value is generated at import time from a fixed-seed random.Random
and assembled from parts, so this file contains no realistic credential literally.

SECRETS: (group, format, text, secret, visible)
    group   one of credential-files, id-beside-secret, vendor-named,
            vendor-unnamed, generic
    format  short label of the format
    text    what a coding agent might write in a work log
    secret  the exact substring that must not survive
    visible a label that should stay readable ("" when none)
BENIGN: strings with no secret in them that look as if they might hold one.
"""
import base64
import json
import random
import string
import uuid as _uuid

_R = random.Random(0x5EC2E7 + 29)

LO = string.ascii_lowercase
UP = string.ascii_uppercase
DG = string.digits
HX = "0123456789abcdef"
HXU = HX.upper()
AN = LO + UP + DG
ANL = LO + DG
ANU = UP + DG
B64 = AN + "+/"
URL = AN + "-_"
B32 = UP + "234567"
B32L = LO + "234567"
BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

WORDS = ["maple", "harbor", "falcon", "copper", "violet", "summit", "ember",
         "glacier", "orchid", "tundra", "quartz", "willow", "cobalt", "meadow",
         "raven", "saffron", "thistle", "juniper", "canyon", "pebble", "lantern",
         "marble", "cedar", "sparrow", "velvet", "hazel", "nimbus", "basalt",
         "fjord", "walnut", "comet", "prairie", "ginger", "mosaic", "tango",
         "bramble", "otter", "pylon", "crimson", "delta"]
USERS = ["deploy", "admin", "svc_backup", "ci-bot", "jenkins", "app_user",
         "reporting", "etl", "postgres", "root", "grafana", "build", "alice",
         "bob.m", "ops", "migrator", "readonly", "webapp", "sa-data", "svc-sync"]
HOSTS = ["db-prod-01.internal", "10.0.4.17", "pg.staging.acme.io",
         "mysql.corp.example.net", "172.16.8.44", "redis-cache.svc.cluster.local",
         "warehouse.eu-west-1.rds.amazonaws.com", "mongo-a.shard0.acme.io",
         "ldap.corp.acme.io", "build-03.lan", "nas01.home.arpa",
         "registry.acme.io", "git.internal.acme.io", "sftp.partner.example.com"]
DBS = ["orders", "billing", "analytics", "app_production", "inventory", "crm",
       "events", "warehouse", "auth", "payments"]


def r(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def J(*parts):
    return "".join(parts)


def W():
    return _R.choice(WORDS)


def U():
    return _R.choice(USERS)


def H():
    return _R.choice(HOSTS)


def DB():
    return _R.choice(DBS)


def num(n):
    return str(_R.randint(1, 9)) + r(DG, n - 1)


def b64(data):
    if isinstance(data, str):
        data = data.encode()
    return base64.b64encode(data).decode()


def b64u(data):
    if isinstance(data, str):
        data = data.encode()
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def uid():
    return str(_uuid.UUID(int=_R.getrandbits(128), version=4))


def hexs(n):
    return r(HX, n)


def pw(kind=None, safe=False):
    """A password of the kind people actually choose or generate."""
    k = kind or _R.choice(["words", "rand", "rand", "mixed", "phrase"])
    sym = "-_." if safe else "!*+-_.^~"
    if k == "words":
        return W().capitalize() + _R.choice(sym) + W().capitalize() + r(DG, _R.randint(2, 4))
    if k == "mixed":
        return W() + r(DG, 2) + _R.choice(sym) + W().upper()[:3] + r(AN, 4)
    if k == "phrase":
        return "-".join(W() for _ in range(4)) + r(DG, 1)
    n = _R.randint(14, 24)
    s = _R.choice(AN) + r(AN + sym, n - 3) + _R.choice(DG) + _R.choice(UP)
    return s


def jwt(claims=None, alg="HS256", siglen=43):
    head = b64u(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")))
    body = claims or {"sub": uid(), "iat": _R.randint(1700000000, 1760000000),
                      "role": _R.choice(["service", "admin", "user"])}
    return head + "." + b64u(json.dumps(body, separators=(",", ":"))) + "." + r(URL, siglen)


SECRETS = []


def add(group, fmt, text, secret, visible=""):
    assert secret and secret in text, (fmt, secret, text)
    SECRETS.append((group, fmt, text, secret, visible))


def fill(t, **kw):
    for k, v in kw.items():
        t = t.replace("{" + k + "}", v)
    while "{U}" in t:
        t = t.replace("{U}", U(), 1)
    while "{H}" in t:
        t = t.replace("{H}", H(), 1)
    while "{DB}" in t:
        t = t.replace("{DB}", DB(), 1)
    return t


def V(group, fmt, gen, ctxs):
    """One row per context: gen() gives the secret (or (secret, extras))."""
    for c in ctxs:
        vis = ""
        if isinstance(c, tuple):
            c, vis = c
        g = gen()
        extra = {}
        if isinstance(g, tuple):
            g, extra = g
        text = fill(c.replace("{S}", g), **extra)
        add(group, fmt, text, g, fill(vis, **extra) if vis else "")


BEGIN = J("-----", "BEG", "IN ")
END = J("-----", "EN", "D ")
PK = J("PRIV", "ATE KEY")


def pem_body(prefix, total, width=64):
    body = prefix + r(B64, total - len(prefix))
    if total % 4:
        body = body[:-(total % 4)]
    lines = [body[i:i + width] for i in range(0, len(body), width)]
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# credential-files: credential files pasted, echoed or edited
# ---------------------------------------------------------------------------
G = "credential-files"

V(G, "pgpass", lambda: pw(), [
    ("echo '{H}:5432:{DB}:{U}:{S}' >> ~/.pgpass && chmod 600 ~/.pgpass", ".pgpass"),
    ("cat ~/.pgpass\n{H}:5432:{DB}:{U}:{S}\nlocalhost:5432:*:postgres:postgres", ".pgpass"),
    ("Added a line to the CI runner's .pgpass: `{H}:6432:{DB}:{U}:{S}` so pg_dump stops prompting.", ".pgpass"),
    ("printf '%s\\n' '{H}:5432:{DB}:{U}:{S}' > /root/.pgpass", ".pgpass"),
])
V(G, "pgpass-wildcard", lambda: pw(), [
    ("echo '*:*:*:{U}:{S}' > ~/.pgpass", ".pgpass"),
    ("~/.pgpass now reads:\n*:*:*:{U}:{S}", ".pgpass"),
    ("- name: write pgpass\n  copy:\n    dest: /home/{U}/.pgpass\n    content: \"*:*:*:{U}:{S}\\n\"\n    mode: '0600'", ".pgpass"),
])
V(G, "netrc-line", lambda: pw(safe=True), [
    ("echo 'machine {H} login {U} password {S}' >> ~/.netrc", "machine"),
    ("cat ~/.netrc -> machine api.heroku.com login {U}@acme.io password {S}", "machine"),
    ("The fetch job reads ~/.netrc (machine artifacts.acme.io login ci password {S}) for the download.", "machine"),
])
V(G, "netrc-multiline", lambda: pw(safe=True), [
    ("cat > ~/.netrc <<'EOF'\nmachine git.internal.acme.io\n  login {U}\n  password {S}\nEOF", "machine"),
    ("~/.netrc:\nmachine urs.earthdata.nasa.gov\nlogin {U}\npassword {S}\n", "machine"),
    ("machine ftp.partner.example.com\n    login {U}\n    password {S}\n    account billing", "machine"),
])
V(G, "netrc-default", lambda: pw(safe=True), [
    ("echo 'default login {U} password {S}' > ~/.netrc", "default"),
    ("~/.netrc ends with a catch-all: default login anonymous password {S}", "default"),
])


def _docker_auth():
    user = U()
    p = pw(safe=True)
    return b64(user + ":" + p), {"REG": _R.choice(["registry.acme.io", "https://index.docker.io/v1/",
                                                    "ghcr.io", "harbor.corp.acme.io:8443"])}


V(G, "docker-config-auth", _docker_auth, [
    ('cat ~/.docker/config.json\n{\n  "auths": {\n    "{REG}": {\n      "auth": "{S}"\n    }\n  }\n}', "auths"),
    ('{"auths":{"{REG}":{"auth":"{S}","email":"ci@acme.io"}}}', "auths"),
    ("kubectl create secret generic regcred --from-literal=.dockerconfigjson='{\"auths\":{\"{REG}\":{\"auth\":\"{S}\"}}}'", "regcred"),
    ('echo \'{"auths": {"{REG}": {"auth": "{S}"}}}\' > /kaniko/.docker/config.json', "auths"),
])
V(G, "docker-config-identitytoken", lambda: r(URL, 32) + "." + r(URL, 43), [
    ('"auths": {"myregistry.azurecr.io": {"auth": "", "identitytoken": "{S}"}}', "identitytoken"),
])
V(G, "git-credentials", lambda: pw(safe=True), [
    ("echo 'https://{U}:{S}@git.internal.acme.io' >> ~/.git-credentials", ".git-credentials"),
    ("cat ~/.git-credentials\nhttps://{U}:{S}@bitbucket.org", ".git-credentials"),
])
V(G, "my.cnf", lambda: pw(), [
    ("cat > ~/.my.cnf <<EOF\n[client]\nuser={U}\npassword={S}\nhost={H}\nEOF", "[client]"),
    ("/etc/mysql/debian.cnf:\n[client]\nhost     = localhost\nuser     = debian-sys-maint\npassword = {S}\nsocket   = /var/run/mysqld/mysqld.sock", "debian-sys-maint"),
    ("[mysqldump]\nuser=backup\npassword=\"{S}\"", "[mysqldump]"),
])
V(G, "pypirc", lambda: pw(), [
    ("~/.pypirc\n[distutils]\nindex-servers = internal\n\n[internal]\nrepository = https://pypi.acme.io/simple/\nusername = {U}\npassword = {S}", "[internal]"),
    ("[testpypi]\nusername = {U}\npassword = {S}", "[testpypi]"),
])
V(G, "npmrc-auth-base64", lambda: b64(U() + ":" + pw(safe=True)), [
    ("echo '_auth={S}' >> .npmrc", "_auth"),
    ("cat .npmrc\nregistry=https://nexus.acme.io/repository/npm-group/\n_auth={S}\nalways-auth=true", "_auth"),
])
V(G, "npmrc-password", lambda: b64(pw(safe=True)), [
    ("//nexus.acme.io/repository/npm-private/:username={U}\n//nexus.acme.io/repository/npm-private/:_password={S}", "_password"),
])
V(G, "gem-credentials", lambda: J("rubyg", "ems_") + hexs(48), [
    ("cat ~/.gem/credentials\n---\n:rubygems_api_key: {S}", ":rubygems_api_key"),
    ("printf -- '---\\n:rubygems_api_key: %s\\n' {S} > ~/.gem/credentials", ":rubygems_api_key"),
])
V(G, "kubeconfig-token", lambda: jwt({"iss": "kubernetes/serviceaccount",
                                      "kubernetes.io/serviceaccount/namespace": "ci",
                                      "sub": "system:serviceaccount:ci:deployer"}, "RS256", 342), [
    ("users:\n- name: deployer\n  user:\n    token: {S}", "deployer"),
    ("kubectl config set-credentials deployer --token={S}", "set-credentials"),
])
V(G, "kubeconfig-client-key-data", lambda: b64(BEGIN + "RSA " + PK + "-----\n" + pem_body("MIIEpAIBAAKCAQEA", 1592) + "\n" + END + "RSA " + PK + "-----\n"), [
    ("users:\n- name: kubernetes-admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM=\n    client-key-data: {S}", "client-key-data"),
])
V(G, "maven-settings", lambda: pw(), [
    ("~/.m2/settings.xml:\n<servers>\n  <server>\n    <id>nexus-releases</id>\n    <username>{U}</username>\n    <password>{S}</password>\n  </server>\n</servers>", "nexus-releases"),
    ("<server><id>github</id><username>{U}</username><password>{S}</password></server>", "github"),
])
V(G, "gradle-properties", lambda: pw(), [
    ("~/.gradle/gradle.properties\nsigning.keyId=24875D73\nsigning.password={S}\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg", "signing.password"),
    ("echo 'ossrhPassword={S}' >> ~/.gradle/gradle.properties", "ossrhPassword"),
])
V(G, "s3cfg", lambda: r(B64, 40), [
    ("~/.s3cfg\n[default]\naccess_key = " + J("AK", "IA") + r(B32, 16) + "\nsecret_key = {S}\nhost_base = s3.amazonaws.com", "secret_key"),
])
V(G, "aws-credentials-file", lambda: r(B64, 40), [
    ("cat ~/.aws/credentials\n[default]\naws_access_key_id = " + J("AK", "IA") + r(B32, 16) + "\naws_secret_access_key = {S}", "aws_secret_access_key"),
    ("[profile-prod]\naws_access_key_id=" + J("AK", "IA") + r(B32, 16) + "\naws_secret_access_key={S}\nregion=eu-west-1", "aws_secret_access_key"),
])
V(G, "boto-config", lambda: r(B64, 40), [
    ("~/.boto\n[Credentials]\naws_access_key_id = " + J("AK", "IA") + r(B32, 16) + "\naws_secret_access_key = {S}", "aws_secret_access_key"),
])
V(G, "gh-hosts-yml", lambda: J("gh", "o_") + r(AN, 36), [
    ("cat ~/.config/gh/hosts.yml\ngithub.com:\n    user: {U}\n    oauth_token: {S}\n    git_protocol: https", "oauth_token"),
])
V(G, "terraformrc", lambda: r(ANL, 14) + J(".atl", "asv1.") + r(URL, 67), [
    ('~/.terraformrc\ncredentials "app.terraform.io" {\n  token = "{S}"\n}', "credentials"),
    ('cat ~/.terraform.d/credentials.tfrc.json\n{"credentials":{"app.terraform.io":{"token":"{S}"}}}', "credentials"),
])
V(G, "composer-auth-json", lambda: pw(), [
    ('auth.json: {"http-basic": {"repo.magento.com": {"username": "' + hexs(32) + '", "password": "{S}"}}}', "http-basic"),
])
V(G, "cargo-credentials", lambda: "cio" + r(AN, 32), [
    ('~/.cargo/credentials.toml\n[registry]\ntoken = "{S}"', "[registry]"),
])
V(G, "nuget-config", lambda: pw(), [
    ('<packageSourceCredentials>\n  <internal>\n    <add key="Username" value="{U}" />\n    <add key="ClearTextPassword" value="{S}" />\n  </internal>\n</packageSourceCredentials>', "ClearTextPassword"),
])
V(G, "wpa-supplicant", lambda: pw("words"), [
    ('network={\n    ssid="acme-office"\n    psk="{S}"\n    key_mgmt=WPA-PSK\n}', "ssid"),
])
V(G, "smb-credentials-file", lambda: pw(), [
    ("cat /etc/samba/creds-nas\nusername={U}\npassword={S}\ndomain=CORP", "username"),
    ("printf 'username=backup\\npassword={S}\\n' | sudo tee /root/.smbcredentials", ".smbcredentials"),
])
V(G, "msmtprc", lambda: pw(), [
    ("~/.msmtprc\naccount gmail\nhost smtp.gmail.com\nport 587\nauth on\nuser {U}@gmail.com\npassword {S}\ntls on", "account gmail"),
])
V(G, "authinfo", lambda: pw(), [
    ("~/.authinfo: machine imap.fastmail.com login {U}@fastmail.com port 993 password {S}", "machine"),
])
V(G, "rclone-conf", lambda: r(URL, 40), [
    ("~/.config/rclone/rclone.conf\n[b2]\ntype = b2\naccount = 0025" + hexs(8) + "0000000001\nkey = {S}", "[b2]"),
])
V(G, "htpasswd-cmdline-file", lambda: pw(), [
    ("echo '{U}:{S}' > /etc/nginx/.plain-credentials  # converted with htpasswd later", ".plain-credentials"),
])
V(G, "kaggle-json", lambda: hexs(32), [
    ('echo \'{"username":"{U}","key":"{S}"}\' > ~/.kaggle/kaggle.json', "kaggle.json"),
])
V(G, "env-file", lambda: pw(), [
    ("cat .env\nDATABASE_HOST={H}\nDATABASE_USER={U}\nDATABASE_PASSWORD={S}\nDEBUG=false", "DATABASE_PASSWORD"),
    ("Appended REDIS_PASSWORD={S} to .env.production", "REDIS_PASSWORD"),
    (".env.local:\nSMTP_USER=postmaster@mg.acme.io\nSMTP_PASS=\"{S}\"", "SMTP_PASS"),
])

# ---------------------------------------------------------------------------
# id-beside-secret: a secret next to its id, with no label on the secret
# ---------------------------------------------------------------------------
G = "id-beside-secret"


def _twilio():
    return hexs(32), {"ID": J("A", "C") + hexs(32)}


V(G, "twilio-sid-token", _twilio, [
    ("client = Client('{ID}', '{S}')", "client = Client"),
    ("Twilio account {ID} auth token {S}", "Twilio account"),
    ("twilio profiles:create --account-sid {ID} --auth-token {S}", "--account-sid"),
    ("const client = require('twilio')(\"{ID}\", \"{S}\");", "require('twilio')"),
    ("curl -X POST https://api.twilio.com/2010-04-01/Accounts/{ID}/Messages.json -u {ID}:{S} --data-urlencode 'To=+15558675310'", "Messages.json"),
])


def _twilio_sk():
    return r(AN, 32), {"ID": J("S", "K") + hexs(32), "AC": J("A", "C") + hexs(32)}


V(G, "twilio-apikey-secret", _twilio_sk, [
    ("Client('{ID}', '{S}', '{AC}')", "Client"),
    ("API key {ID} / secret {S}", "API key"),
])


def _aws_pair():
    return r(B64, 40), {"ID": J("AK", "IA") + r(B32, 16)}


V(G, "aws-id-secret-positional", _aws_pair, [
    ("new AWS.Credentials('{ID}', '{S}')", "AWS.Credentials"),
    ("s3 = boto3.client('s3', aws_access_key_id='{ID}', aws_secret_access_key='{S}')", "aws_secret_access_key"),
    ("AwsBasicCredentials.create(\"{ID}\", \"{S}\")", "AwsBasicCredentials.create"),
    ("aws configure set aws_access_key_id {ID} && aws configure set aws_secret_access_key {S}", "aws_secret_access_key"),
    ("Key pair for the uploader: {ID} {S}", "Key pair for the uploader"),
    ("creds := credentials.NewStaticCredentials(\"{ID}\", \"{S}\", \"\")", "NewStaticCredentials"),
    ("uploader keys -> {ID}:{S}", "uploader keys"),
])


def _aws_sts():
    return J("IQoJb3JpZ2luX2Vj") + r(B64, 600), {"ID": J("AS", "IA") + r(B32, 16), "SK": r(B64, 40)}


V(G, "aws-session-token", _aws_sts, [
    ("export AWS_ACCESS_KEY_ID={ID}\nexport AWS_SECRET_ACCESS_KEY={SK}\nexport AWS_SESSION_TOKEN={S}", "AWS_SESSION_TOKEN"),
    ('{"Credentials": {"AccessKeyId": "{ID}", "SecretAccessKey": "{SK}", "SessionToken": "{S}", "Expiration": "2026-12-03T20:11:04+00:00"}}', "SessionToken"),
])


def _alibaba():
    return r(AN, 30), {"ID": J("LT", "AI") + r(AN, 20)}


V(G, "alibaba-id-secret", _alibaba, [
    ("client = AcsClient('{ID}', '{S}', 'cn-hangzhou')", "AcsClient"),
    ("aliyun configure set --access-key-id {ID} --access-key-secret {S} --region cn-shanghai", "--access-key-id"),
    ("oss2.Auth('{ID}', '{S}')", "oss2.Auth"),
])


def _tencent():
    return r(AN, 32), {"ID": J("AK", "ID") + r(AN, 32)}


V(G, "tencent-id-secret", _tencent, [
    ("cred = credential.Credential(\"{ID}\", \"{S}\")", "credential.Credential"),
    ("tccli configure set secretId {ID} secretKey {S}", "secretId"),
])


def _gcs_hmac():
    return r(B64, 40), {"ID": J("GO", "OG1E") + r(B32, 56)}


V(G, "gcs-hmac-pair", _gcs_hmac, [
    ("gsutil hmac create -> Access ID: {ID}  Secret: {S}", "Access ID"),
    ("mc alias set gcs https://storage.googleapis.com {ID} {S}", "mc alias set"),
])


def _do_spaces():
    return r(B64, 43), {"ID": J("DO", "00") + r(B32, 16)}


V(G, "do-spaces-pair", _do_spaces, [
    ("s3cmd --access_key={ID} --secret_key={S} --host=fra1.digitaloceanspaces.com ls", "--access_key"),
    ("Spaces key {ID} with secret {S} for the backups bucket", "backups bucket"),
])


def _r2():
    return hexs(64), {"ID": hexs(32)}


V(G, "cloudflare-r2-pair", _r2, [
    ("aws s3 ls --endpoint-url https://" + hexs(32) + ".r2.cloudflarestorage.com  # keys {ID} / {S}", "endpoint-url"),
    ("rclone config create r2 s3 provider=Cloudflare access_key_id={ID} secret_access_key={S}", "access_key_id"),
])


def _minio():
    return r(AN, 40), {"ID": r(ANU, 20)}


V(G, "minio-alias-positional", _minio, [
    ("mc alias set myminio https://minio.acme.io:9000 {ID} {S}", "myminio"),
    ("Minio('minio.acme.io:9000', '{ID}', '{S}', secure=True)", "Minio"),
])


def _b2():
    return "K005" + r(AN + "/+", 27), {"ID": "005" + hexs(22)}


V(G, "backblaze-b2-pair", _b2, [
    ("b2 account authorize {ID} {S}", "authorize"),
    ("B2Api().authorize_account('production', '{ID}', '{S}')", "authorize_account"),
])


def _scw():
    return uid(), {"ID": J("SC", "W") + r(ANU, 17)}


V(G, "scaleway-pair", _scw, [
    ("scw init access-key={ID} secret-key={S} organization-id=" + uid(), "access-key"),
    ("Scaleway API key {ID} / {S}", "Scaleway API key"),
])


def _modal():
    return J("as", "-") + r(AN, 22), {"ID": J("ak", "-") + r(AN, 22)}


V(G, "modal-token-pair", _modal, [
    ("modal token set --token-id {ID} --token-secret {S}", "--token-id"),
    ("modal token set --token-id {ID} \\\n  --token-secret {S} --profile=ml", "--token-id"),
])


def _rzp():
    return r(AN, 24), {"ID": J("rzp", "_live_") + r(AN, 14)}


V(G, "razorpay-pair", _rzp, [
    ("client = razorpay.Client(auth=(\"{ID}\", \"{S}\"))", "razorpay.Client"),
    ("curl -u {ID}:{S} https://api.razorpay.com/v1/payments", "api.razorpay.com"),
])


def _mailjet():
    return hexs(32), {"ID": hexs(32)}


V(G, "mailjet-pair", _mailjet, [
    ("mailjet = Client(auth=('{ID}', '{S}'), version='v3.1')", "Client"),
])


def _vonage():
    return r(AN, 16), {"ID": hexs(8)}


V(G, "vonage-pair", _vonage, [
    ("client = vonage.Client(key=\"{ID}\", secret=\"{S}\")", "vonage"),
    ("vonage config:set --apiKey={ID} --apiSecret={S}", "--apiKey"),
])


def _plivo():
    return r(AN, 40), {"ID": "MA" + r(ANU, 18)}


V(G, "plivo-pair", _plivo, [
    ("client = plivo.RestClient('{ID}', '{S}')", "plivo.RestClient"),
])


def _confluent():
    return r(AN + "+/", 64), {"ID": r(ANU, 16)}


V(G, "confluent-pair", _confluent, [
    ("confluent api-key store {ID} {S} --resource lkc-" + r(ANL, 5), "api-key store"),
    ("sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username='{ID}' password='{S}';", "sasl.jaas.config"),
])


def _atlas():
    return uid(), {"ID": r(LO, 8)}


V(G, "mongodb-atlas-pair", _atlas, [
    ("atlas config set public_api_key {ID} && atlas config set private_api_key {S}", "public_api_key"),
    ("curl --digest -u \"{ID}:{S}\" https://cloud.mongodb.com/api/atlas/v2/groups", "cloud.mongodb.com"),
])


def _algolia():
    return hexs(32), {"ID": r(ANU, 10)}


V(G, "algolia-pair", _algolia, [
    ("client = SearchClient.create('{ID}', '{S}')", "SearchClient"),
    ("algoliasearch(\"{ID}\", \"{S}\")", "algoliasearch"),
])


def _google_oauth():
    return J("GOC", "SPX-") + r(URL, 28), {"ID": num(12) + "-" + r(ANL, 32) + ".apps.googleusercontent.com"}


V(G, "google-oauth-client-pair", _google_oauth, [
    ("flow = OAuth2WebServerFlow('{ID}', '{S}', scope)", "OAuth2WebServerFlow"),
    ("client id {ID}\nclient secret {S}", "client id"),
])


def _azure_sp():
    return r(AN, 3) + str(_R.randint(1, 9)) + J("Q", "~") + r(AN + "_~.-", 34), {"ID": uid(), "T": uid()}


V(G, "azure-sp-positional", _azure_sp, [
    ("ClientSecretCredential(\"{T}\", \"{ID}\", \"{S}\")", "ClientSecretCredential"),
    ("az login --service-principal -u {ID} -p {S} --tenant {T}", "--service-principal"),
    ("Connect-AzAccount -ServicePrincipal -Tenant {T} -Credential (New-Object PSCredential('{ID}', (ConvertTo-SecureString '{S}' -AsPlainText -Force)))", "Connect-AzAccount"),
])


def _oci():
    return b64(rbytes(32)), {"ID": hexs(40)}


V(G, "oci-customer-secret-pair", _oci, [
    ("aws s3 ls --endpoint-url https://axabc.compat.objectstorage.eu-frankfurt-1.oraclecloud.com  # {ID} {S}", "endpoint-url"),
])


def _ibm_hmac():
    return hexs(48), {"ID": hexs(32)}


V(G, "ibm-cos-hmac-pair", _ibm_hmac, [
    ('"cos_hmac_keys": {"access_key_id": "{ID}", "secret_access_key": "{S}"}', "cos_hmac_keys"),
])


def _pusher():
    return hexs(20), {"ID": num(7), "K": hexs(20)}


V(G, "pusher-triple", _pusher, [
    ("pusher = Pusher(app_id='{ID}', key='{K}', secret='{S}', cluster='eu')", "Pusher"),
    ("new Pusher({ appId: \"{ID}\", key: \"{K}\", secret: \"{S}\", cluster: \"mt1\" })", "Pusher"),
])


def _basic_tuple():
    return pw(), {}


V(G, "requests-auth-tuple", _basic_tuple, [
    ("requests.get(url, auth=('{U}', '{S}'))", "requests.get"),
    ("HTTPBasicAuth('{U}', '{S}')", "HTTPBasicAuth"),
    ("psycopg2.connect(host='{H}', dbname='{DB}', user='{U}', password='{S}')", "psycopg2.connect"),
    ("mysql.connector.connect(\"{H}\", \"{U}\", \"{S}\", \"{DB}\")", "mysql.connector.connect"),
    ("new NetworkCredential(\"{U}\", \"{S}\", \"CORP\")", "NetworkCredential"),
    ("smtp.login('{U}@acme.io', '{S}')", "smtp.login"),
    ("ftp = FTP('{H}'); ftp.login('{U}', '{S}')", "ftp.login"),
    ("paramiko.SSHClient().connect('{H}', username='{U}', password='{S}')", "connect"),
])


def _cloudinary():
    return r(URL, 27), {"ID": num(15)}


V(G, "cloudinary-url", _cloudinary, [
    ("CLOUDINARY_URL=cloudinary://{ID}:{S}@acme-media", "CLOUDINARY_URL"),
    ("cloudinary.config(cloud_name='acme', api_key='{ID}', api_secret='{S}')", "cloudinary.config"),
])


def _kucoin():
    return uid(), {"ID": hexs(24)}


V(G, "exchange-key-secret", _kucoin, [
    ("Client('{ID}', '{S}', passphrase)", "Client"),
])


def _paypal():
    return r(URL, 80), {"ID": "A" + r(URL, 79)}


V(G, "paypal-client-pair", _paypal, [
    ("curl -v https://api-m.paypal.com/v1/oauth2/token -u \"{ID}:{S}\" -d grant_type=client_credentials", "api-m.paypal.com"),
])


def _mongo_user():
    return pw(safe=True), {}


V(G, "db-user-pass-positional", _mongo_user, [
    ("db.createUser({user: \"{U}\", pwd: \"{S}\", roles: [\"readWrite\"]})", "createUser"),
    ("CREATE USER {U} WITH PASSWORD '{S}';", "CREATE USER"),
    ("ALTER USER {U} IDENTIFIED BY \"{S}\";", "ALTER USER"),
    ("GRANT ALL ON {DB}.* TO '{U}'@'%' IDENTIFIED BY '{S}';", "GRANT"),
    ("rabbitmqctl add_user {U} {S}", "add_user"),
    ("rabbitmqctl change_password {U} {S}", "change_password"),
    ("echo '{U}:{S}' | sudo chpasswd", "chpasswd"),
    ("htpasswd -b -c /etc/nginx/.htpasswd {U} {S}", "htpasswd"),
    ("mosquitto_passwd -b /etc/mosquitto/passwd {U} {S}", "mosquitto_passwd"),
    ("couchdb: curl -X PUT http://127.0.0.1:5984/_node/_local/_config/admins/{U} -d '\"{S}\"'", "admins"),
    ("influx user password -n {U} -p {S}", "influx"),
    ("smbpasswd -a {U} <<< $'{S}\\n{S}'", "smbpasswd"),
])

# ---------------------------------------------------------------------------
# vendor-named: token shapes of well-known vendors
# ---------------------------------------------------------------------------
G = "vendor-named"

V(G, "github-classic-pat", lambda: J("gh", "p_") + r(AN, 36), [
    ("export GITHUB_TOKEN={S}", "GITHUB_TOKEN"),
    ("git remote set-url origin https://{S}@github.com/acme/platform.git", "git remote set-url"),
    ("gh auth login --with-token <<< {S}", "gh auth login"),
    ("curl -H \"Authorization: token {S}\" https://api.github.com/user/repos", "Authorization"),
    ("Used the PAT {S} from the ops vault to re-run the release workflow.", "PAT"),
])
V(G, "github-fine-grained-pat", lambda: J("github", "_pat_") + r(AN, 22) + "_" + r(AN, 59), [
    ("GH_TOKEN={S} gh pr list --repo acme/api", "GH_TOKEN"),
    ("  env:\n    GITHUB_PAT: {S}", "GITHUB_PAT"),
    ("git clone https://oauth2:{S}@github.com/acme/infra.git", "git clone"),
])
V(G, "github-oauth-gho", lambda: J("gh", "o_") + r(AN, 36), [
    ("~/.config/hub: oauth_token: {S}", "oauth_token"),
    ("token={S} (copied from `gh auth token`)", "token"),
])
V(G, "github-app-ghs", lambda: J("gh", "s_") + r(AN, 36), [
    ("installation token: {S} (expires in 1h)", "installation token"),
    ("git push https://x-access-token:{S}@github.com/acme/site.git HEAD:gh-pages", "x-access-token"),
])
V(G, "github-user-to-server-ghu", lambda: J("gh", "u_") + r(AN, 36), [
    ('{"access_token":"{S}","expires_in":28800,"token_type":"bearer"}', "access_token"),
])
V(G, "github-refresh-ghr", lambda: J("gh", "r_") + r(AN, 76), [
    ('"refresh_token": "{S}", "refresh_token_expires_in": 15811200', "refresh_token"),
])
V(G, "gitlab-pat", lambda: J("gl", "pat-") + r(URL, 20), [
    ("export GITLAB_TOKEN={S}", "GITLAB_TOKEN"),
    ("curl --header \"PRIVATE-TOKEN: {S}\" https://gitlab.acme.io/api/v4/projects", "PRIVATE-TOKEN"),
    ("glab auth login --hostname gitlab.acme.io --token {S}", "glab auth login"),
])
V(G, "gitlab-pat-routable", lambda: J("gl", "pat-") + r(URL, 38) + "." + r(ANL, 2) + r(ANL, 7), [
    ("git clone https://oauth2:{S}@gitlab.com/acme/ml.git", "git clone"),
])
V(G, "gitlab-trigger-token", lambda: J("gl", "ptt-") + hexs(40), [
    ("curl -X POST --fail -F token={S} -F ref=main https://gitlab.acme.io/api/v4/projects/42/trigger/pipeline", "trigger/pipeline"),
])
V(G, "gitlab-runner-token", lambda: J("gl", "rt-") + r(URL, 20), [
    ("gitlab-runner register --url https://gitlab.acme.io --token {S} --executor docker", "gitlab-runner register"),
    ('[[runners]]\n  name = "build-03"\n  url = "https://gitlab.acme.io"\n  token = "{S}"', "[[runners]]"),
])
V(G, "gitlab-runner-registration", lambda: J("GR13", "48941") + r(URL, 20), [
    ("gitlab-runner register --registration-token {S} --non-interactive", "--registration-token"),
])
V(G, "gitlab-deploy-token", lambda: J("gl", "dt-") + r(URL, 20), [
    ("docker login registry.gitlab.com -u gitlab+deploy-token-17 -p {S}", "docker login"),
])
V(G, "slack-bot-token", lambda: J("xo", "xb-") + num(12) + "-" + num(13) + "-" + r(AN, 24), [
    ("SLACK_BOT_TOKEN={S}", "SLACK_BOT_TOKEN"),
    ("app = App(token=\"{S}\", signing_secret=os.environ[\"SLACK_SIGNING_SECRET\"])", "App"),
    ("curl -H 'Authorization: Bearer {S}' https://slack.com/api/auth.test", "Authorization"),
])
V(G, "slack-user-token", lambda: J("xo", "xp-") + num(12) + "-" + num(12) + "-" + num(13) + "-" + hexs(32), [
    ("slack:\n  user_token: {S}", "user_token"),
])
V(G, "slack-app-token", lambda: J("xa", "pp-") + "1-A" + r(ANU, 10) + "-" + num(13) + "-" + hexs(64), [
    ("SLACK_APP_TOKEN={S} python bot.py", "SLACK_APP_TOKEN"),
])
V(G, "slack-webhook", lambda: "https://hooks.slack.com/services/T" + r(ANU, 8) + "/B" + r(ANU, 10) + "/" + r(AN, 24), [
    ("curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy done\"}' {S}", "curl"),
    ("alertmanager.yml:\n  slack_configs:\n  - api_url: '{S}'\n    channel: '#alerts'", "slack_configs"),
])
V(G, "slack-signing-secret", lambda: hexs(32), [
    ("SLACK_SIGNING_SECRET={S}", "SLACK_SIGNING_SECRET"),
])
V(G, "stripe-secret-live", lambda: J("sk", "_live_") + "51" + r(AN, 97), [
    ("STRIPE_SECRET_KEY={S}", "STRIPE_SECRET_KEY"),
    ("stripe.api_key = \"{S}\"", "stripe.api_key"),
    ("curl https://api.stripe.com/v1/charges -u {S}:", "api.stripe.com"),
    ("stripe listen --api-key {S} --forward-to localhost:4242/webhook", "stripe listen"),
])
V(G, "stripe-secret-test-legacy", lambda: J("sk", "_test_") + r(AN, 24), [
    ("config/stripe.yml: secret_key: {S}", "secret_key"),
])
V(G, "stripe-restricted", lambda: J("rk", "_live_") + "51" + r(AN, 97), [
    ("Restricted key for the reporting job: {S}", "Restricted key"),
])
V(G, "stripe-webhook-secret", lambda: J("wh", "sec_") + r(AN, 32), [
    ("STRIPE_WEBHOOK_SECRET={S}", "STRIPE_WEBHOOK_SECRET"),
    ("> Ready! Your webhook signing secret is {S} (^C to quit)", "webhook signing secret"),
])
V(G, "aws-access-key-id", lambda: J("AK", "IA") + r(B32, 16), [
    ("export AWS_ACCESS_KEY_ID={S}", "AWS_ACCESS_KEY_ID"),
    ("The leaked key {S} belongs to the ci-uploader IAM user.", "ci-uploader"),
])
V(G, "aws-secret-labelled", lambda: r(B64, 40), [
    ("export AWS_SECRET_ACCESS_KEY={S}", "AWS_SECRET_ACCESS_KEY"),
    ("docker run -e AWS_SECRET_ACCESS_KEY={S} amazon/aws-cli s3 ls", "AWS_SECRET_ACCESS_KEY"),
    ('"SecretAccessKey": "{S}",', "SecretAccessKey"),
])
V(G, "gcp-api-key", lambda: J("AI", "za") + "Sy" + r(URL, 33), [
    ("GOOGLE_API_KEY={S}", "GOOGLE_API_KEY"),
    ("curl \"https://maps.googleapis.com/maps/api/geocode/json?address=Berlin&key={S}\"", "geocode"),
    ("genai.configure(api_key=\"{S}\")", "genai.configure"),
])
V(G, "gcp-oauth-client-secret", lambda: J("GOC", "SPX-") + r(URL, 28), [
    ('{"web":{"client_id":"' + num(12) + '-' + r(ANL, 32) + '.apps.googleusercontent.com","client_secret":"{S}"}}', "client_id"),
])
V(G, "gcp-oauth-access-token", lambda: "ya29." + r(URL, 150), [
    ("curl -H \"Authorization: Bearer {S}\" https://www.googleapis.com/drive/v3/files", "Authorization"),
])
V(G, "gcp-refresh-token", lambda: "1//0" + r(URL, 99), [
    ('"refresh_token": "{S}"', "refresh_token"),
])


def _sa_key():
    body = pem_body("MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", 1624)
    return body.replace("\n", "\\n"), {}


V(G, "gcp-service-account-key", _sa_key, [
    ('{"type": "service_account", "project_id": "acme-prod", "private_key_id": "' + hexs(40) + '", "private_key": "' + BEGIN + PK + '-----\\n{S}\\n' + END + PK + '-----\\n", "client_email": "ci@acme-prod.iam.gserviceaccount.com"}', "client_email"),
])
V(G, "firebase-fcm-server-key", lambda: "AAAA" + r(URL, 7) + ":APA91b" + r(URL, 134), [
    ("curl -H \"Authorization: key={S}\" https://fcm.googleapis.com/fcm/send", "fcm.googleapis.com"),
])
V(G, "azure-ad-client-secret", lambda: r(AN, 3) + str(_R.randint(1, 9)) + J("Q", "~") + r(AN + "_~.-", 34), [
    ("AZURE_CLIENT_SECRET={S}", "AZURE_CLIENT_SECRET"),
    ('"clientSecret": "{S}"', "clientSecret"),
])
V(G, "azure-storage-account-key", lambda: b64(rbytes(64)), [
    ("DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey={S};EndpointSuffix=core.windows.net", "AccountName"),
    ("az storage blob upload --account-name acmelogs --account-key {S} -c backups -f db.dump", "--account-name"),
    ("AZURE_STORAGE_KEY=\"{S}\"", "AZURE_STORAGE_KEY"),
])


def _sas_sig():
    raw = b64(rbytes(32))
    return raw.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"), {}


V(G, "azure-sas-signature", _sas_sig, [
    ("azcopy copy ./dist 'https://acmeweb.blob.core.windows.net/$web?sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2026-12-31T23:59:59Z&st=2026-12-01T00:00:00Z&spr=https&sig={S}' --recursive", "azcopy"),
    ("BLOB_SAS_URL=https://acmelogs.blob.core.windows.net/ingest?sp=racwl&st=2026-12-03&se=2027-01-03&spr=https&sv=2022-11-02&sr=c&sig={S}", "BLOB_SAS_URL"),
])
V(G, "azure-servicebus-key", lambda: b64(rbytes(32)), [
    ("Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={S}", "SharedAccessKeyName"),
])
V(G, "azure-devops-pat", lambda: r(B32L, 52), [
    ("echo {S} | az devops login --organization https://dev.azure.com/acme", "az devops login"),
    ("git clone https://pat:{S}@dev.azure.com/acme/Platform/_git/api", "git clone"),
])
V(G, "azure-devops-pat-v2", lambda: r(AN, 76) + "AZDO" + r(AN, 4), [
    ("AZURE_DEVOPS_EXT_PAT={S}", "AZURE_DEVOPS_EXT_PAT"),
])
V(G, "azure-openai-key", lambda: hexs(32), [
    ("curl https://acme-oai.openai.azure.com/openai/deployments/gpt4o/chat/completions?api-version=2024-06-01 -H \"api-key: {S}\"", "api-key"),
])
V(G, "azure-function-key", lambda: b64u(rbytes(40)) + "==", [
    ("curl 'https://acme-fn.azurewebsites.net/api/ingest?code={S}'", "azurewebsites"),
])
V(G, "openai-project-key", lambda: J("sk", "-proj-") + r(URL, 74) + J("T3Blbk", "FJ") + r(URL, 74), [
    ("export OPENAI_API_KEY={S}", "OPENAI_API_KEY"),
    ("client = OpenAI(api_key=\"{S}\")", "OpenAI"),
    ("curl https://api.openai.com/v1/models -H \"Authorization: Bearer {S}\"", "Authorization"),
])
V(G, "openai-legacy-key", lambda: J("sk", "-") + r(AN, 20) + J("T3Blbk", "FJ") + r(AN, 20), [
    ("openai.api_key = '{S}'", "openai.api_key"),
])
V(G, "openai-service-account-key", lambda: J("sk", "-svcacct-") + r(URL, 58) + J("T3Blbk", "FJ") + r(URL, 58), [
    ("OPENAI_API_KEY: {S}", "OPENAI_API_KEY"),
])
V(G, "anthropic-api-key", lambda: J("sk", "-ant-", "api03-") + r(URL, 93) + "AA", [
    ("export ANTHROPIC_API_KEY={S}", "ANTHROPIC_API_KEY"),
    ("client = anthropic.Anthropic(api_key=\"{S}\")", "anthropic.Anthropic"),
    ("curl https://api.anthropic.com/v1/messages -H \"x-api-key: {S}\" -H \"anthropic-version: 2023-06-01\"", "x-api-key"),
])
V(G, "anthropic-admin-key", lambda: J("sk", "-ant-", "admin01-") + r(URL, 93) + "AA", [
    ("ANTHROPIC_ADMIN_KEY={S}", "ANTHROPIC_ADMIN_KEY"),
])
V(G, "npm-token", lambda: J("np", "m_") + r(AN, 36), [
    ("echo '//registry.npmjs.org/:_authToken={S}' > ~/.npmrc", "_authToken"),
    ("NPM_TOKEN={S} npm publish --access public", "NPM_TOKEN"),
    ("npm config set //registry.npmjs.org/:_authToken {S}", "npm config set"),
])
V(G, "pypi-token", lambda: J("py", "pi-", "AgEIcHlwaS5vcmc") + r(URL, 160), [
    ("twine upload -u __token__ -p {S} dist/*", "twine upload"),
    ("[pypi]\n  username = __token__\n  password = {S}", "[pypi]"),
    ("UV_PUBLISH_TOKEN={S} uv publish", "UV_PUBLISH_TOKEN"),
])
V(G, "twilio-auth-token-labelled", lambda: hexs(32), [
    ("TWILIO_AUTH_TOKEN={S}", "TWILIO_AUTH_TOKEN"),
])
V(G, "twilio-api-key-secret", lambda: r(AN, 32), [
    ("TWILIO_API_KEY=" + J("S", "K") + hexs(32) + "\nTWILIO_API_SECRET={S}", "TWILIO_API_SECRET"),
])
V(G, "sendgrid-key", lambda: J("S", "G.") + r(URL, 22) + "." + r(URL, 43), [
    ("export SENDGRID_API_KEY='{S}'", "SENDGRID_API_KEY"),
    ("smtp.sendgrid.net:587 user=apikey pass={S}", "smtp.sendgrid.net"),
    ("sg = SendGridAPIClient('{S}')", "SendGridAPIClient"),
])
V(G, "mailgun-key-legacy", lambda: J("ke", "y-") + hexs(32), [
    ("curl -s --user 'api:{S}' https://api.mailgun.net/v3/mg.acme.io/messages -F from=ops@acme.io", "api.mailgun.net"),
    ("MAILGUN_API_KEY={S}", "MAILGUN_API_KEY"),
])
V(G, "mailgun-private-key", lambda: hexs(32) + "-" + hexs(8) + "-" + hexs(8), [
    ("MAILGUN_API_KEY={S}", "MAILGUN_API_KEY"),
    ("mailgun:\n  api_key: \"{S}\"\n  domain: mg.acme.io", "domain"),
    ("requests.post('https://api.eu.mailgun.net/v3/mg.acme.io/messages', auth=('api', '{S}'), data=msg)", "api.eu.mailgun.net"),
    ("Mailgun sending key for mg.acme.io is {S}", "mg.acme.io"),
])
V(G, "mailgun-webhook-signing-key", lambda: hexs(32) + "-" + hexs(8) + "-" + hexs(8), [
    ("MAILGUN_WEBHOOK_SIGNING_KEY={S}", "MAILGUN_WEBHOOK_SIGNING_KEY"),
])
V(G, "doppler-service-token", lambda: J("dp", ".st.") + "prd." + r(AN, 40), [
    ("doppler run --token {S} -- ./server", "doppler run"),
    ("DOPPLER_TOKEN=\"{S}\"", "DOPPLER_TOKEN"),
    ("docker run -e DOPPLER_TOKEN={S} acme/api", "DOPPLER_TOKEN"),
])
V(G, "doppler-personal-token", lambda: J("dp", ".pt.") + r(AN, 43), [
    ("doppler configure set token {S} --scope /", "doppler configure set"),
    ("echo {S} | doppler login --scope . --yes", "doppler login"),
])
V(G, "doppler-cli-token", lambda: J("dp", ".ct.") + r(AN, 43), [
    ("~/.doppler/.doppler.yaml:\nscoped:\n    /:\n        token: {S}", "scoped"),
])
V(G, "doppler-service-account", lambda: J("dp", ".sa.") + r(AN, 43), [
    ("curl -H 'authorization: Bearer {S}' https://api.doppler.com/v3/projects", "api.doppler.com"),
])
V(G, "doppler-scim-token", lambda: J("dp", ".scim.") + r(AN, 43), [
    ("Pasted the SCIM token into Okta provisioning: {S}", "SCIM"),
])
V(G, "vault-service-token", lambda: J("hv", "s.") + "CAESI" + r(URL, 90), [
    ("export VAULT_TOKEN={S}", "VAULT_TOKEN"),
    ("vault login {S}", "vault login"),
    ("curl -H \"X-Vault-Token: {S}\" https://vault.acme.io:8200/v1/secret/data/app", "X-Vault-Token"),
])
V(G, "vault-batch-token", lambda: J("hv", "b.") + "AAAAAQ" + r(URL, 150), [
    ("VAULT_TOKEN={S} vault kv get secret/ci", "VAULT_TOKEN"),
])
V(G, "vault-legacy-token", lambda: "s." + r(AN, 24), [
    ("vault login s.{S}".replace("s.{S}", "{S}"), "vault login"),
    ("VAULT_TOKEN={S}", "VAULT_TOKEN"),
])
V(G, "vault-unseal-key", lambda: b64(rbytes(32)), [
    ("vault operator unseal {S}", "vault operator unseal"),
    ("Unseal Key 1: {S}", "Unseal Key 1"),
])

# ---------------------------------------------------------------------------
# vendor-unnamed: less common or newer services, with documented prefix shapes
# ---------------------------------------------------------------------------
G = "vendor-unnamed"

V(G, "linear-api-key", lambda: J("lin", "_api_") + r(AN, 40), [
    ("LINEAR_API_KEY={S}", "LINEAR_API_KEY"),
    ("curl https://api.linear.app/graphql -H \"Authorization: {S}\" -d '{\"query\":\"{ viewer { id } }\"}'", "api.linear.app"),
])
V(G, "flyio-org-token", lambda: J("fo", "1_") + r(URL, 43), [
    ("flyctl deploy --access-token {S}", "flyctl deploy"),
])
V(G, "flyio-macaroon", lambda: "FlyV1 " + J("fm", "2_") + "lJPECAAAAAAAA" + r(B64, 180) + "==,fm2_" + r(B64, 120), [
    ("FLY_API_TOKEN=\"{S}\"", "FLY_API_TOKEN"),
    ("fly secrets set FLY_API_TOKEN='{S}' -a acme-worker", "fly secrets set"),
])
V(G, "planetscale-token", lambda: J("pscale", "_tkn_") + r(URL, 43), [
    ("pscale auth login --service-token {S} --service-token-id " + r(ANL, 12), "--service-token-id"),
    ("PLANETSCALE_SERVICE_TOKEN={S}", "PLANETSCALE_SERVICE_TOKEN"),
])
V(G, "planetscale-password", lambda: J("pscale", "_pw_") + r(URL, 43), [
    ("DATABASE_URL='mysql://" + r(ANL, 20) + ":{S}@aws.connect.psdb.cloud/acme?sslaccept=strict'", "DATABASE_URL"),
    ("mysql -h aws.connect.psdb.cloud -u " + r(ANL, 20) + " -p{S} --ssl-mode=VERIFY_IDENTITY", "aws.connect.psdb.cloud"),
])
V(G, "planetscale-oauth", lambda: J("pscale", "_oauth_") + r(URL, 43), [
    ('"access_token":"{S}"', "access_token"),
])
V(G, "supabase-access-token", lambda: J("sb", "p_") + hexs(40), [
    ("supabase login --token {S}", "supabase login"),
    ("SUPABASE_ACCESS_TOKEN={S} supabase db push", "SUPABASE_ACCESS_TOKEN"),
])
V(G, "supabase-service-role-jwt", lambda: jwt({"iss": "supabase", "ref": r(LO, 20), "role": "service_role",
                                               "iat": 1700000000, "exp": 2015000000}), [
    ("SUPABASE_SERVICE_ROLE_KEY={S}", "SUPABASE_SERVICE_ROLE_KEY"),
    ("createClient('https://" + r(LO, 20) + ".supabase.co', '{S}')", "createClient"),
])
V(G, "supabase-secret-key", lambda: J("sb", "_secret_") + r(URL, 31), [
    ("SUPABASE_SECRET_KEY={S}", "SUPABASE_SECRET_KEY"),
])
V(G, "clerk-secret-key", lambda: J("sk", "_live_") + r(AN, 42), [
    ("CLERK_SECRET_KEY={S}", "CLERK_SECRET_KEY"),
])
V(G, "pulumi-token", lambda: J("pu", "l-") + hexs(40), [
    ("export PULUMI_ACCESS_TOKEN={S}", "PULUMI_ACCESS_TOKEN"),
    ("pulumi login --cloud-url https://api.pulumi.com  # token {S}", "pulumi login"),
])
V(G, "grafana-service-account", lambda: J("gl", "sa_") + r(AN, 32) + "_" + hexs(8), [
    ("curl -H \"Authorization: Bearer {S}\" https://grafana.acme.io/api/dashboards/uid/abc", "Authorization"),
    ("GRAFANA_TOKEN={S} terraform apply", "GRAFANA_TOKEN"),
])


def _glc():
    body = json.dumps({"o": num(6), "n": "stack-" + num(6) + "-hm-write-acme", "k": r(AN, 24),
                       "m": {"r": "prod-eu-west-2"}}, separators=(",", ":"))
    return J("gl", "c_") + b64(body), {}


V(G, "grafana-cloud-token", _glc, [
    ("GRAFANA_CLOUD_API_KEY={S}", "GRAFANA_CLOUD_API_KEY"),
    ("basic_auth:\n  username: " + num(6) + "\n  password: {S}", "basic_auth"),
])


def _grafana_legacy():
    return b64(json.dumps({"k": r(AN, 32), "n": "ci-" + W(), "id": 1}, separators=(",", ":"))), {}


V(G, "grafana-api-key-legacy", _grafana_legacy, [
    ("grafana_api_key: {S}", "grafana_api_key"),
])
V(G, "databricks-token", lambda: J("da", "pi") + hexs(32), [
    ("databricks configure --token <<< $'https://adb-" + num(16) + ".7.azuredatabricks.net\\n{S}'", "databricks configure"),
    ("DATABRICKS_TOKEN={S}", "DATABRICKS_TOKEN"),
    ("~/.databrickscfg\n[DEFAULT]\nhost = https://dbc-" + hexs(8) + "-" + hexs(4) + ".cloud.databricks.com\ntoken = {S}", "[DEFAULT]"),
])
V(G, "infracost-token", lambda: J("ic", "o-") + r(AN, 32), [
    ("infracost configure set api_key {S}", "infracost configure"),
    ("INFRACOST_API_KEY={S}", "INFRACOST_API_KEY"),
])
V(G, "sentry-user-token", lambda: J("sntr", "yu_") + hexs(64), [
    ("SENTRY_AUTH_TOKEN={S} sentry-cli releases new v1.4.2", "SENTRY_AUTH_TOKEN"),
])


def _sentry_org():
    body = json.dumps({"iat": _R.randint(1700000000, 1760000000) + 0.5, "url": "https://sentry.io",
                       "region_url": "https://us.sentry.io", "org": "acme"}, separators=(",", ":"))
    return J("sntr", "ys_") + b64(body).rstrip("=") + "_" + r(B64, 43), {}


V(G, "sentry-org-token", _sentry_org, [
    ("~/.sentryclirc\n[auth]\ntoken={S}", "[auth]"),
    ("SENTRY_AUTH_TOKEN={S}", "SENTRY_AUTH_TOKEN"),
])
V(G, "shopify-admin-token", lambda: J("shp", "at_") + hexs(32), [
    ("curl -H 'X-Shopify-Access-Token: {S}' https://acme-store.myshopify.com/admin/api/2024-10/products.json", "X-Shopify-Access-Token"),
    ("SHOPIFY_ACCESS_TOKEN={S}", "SHOPIFY_ACCESS_TOKEN"),
])
V(G, "shopify-shared-secret", lambda: J("shp", "ss_") + hexs(32), [
    ("SHOPIFY_API_SECRET={S}", "SHOPIFY_API_SECRET"),
])
V(G, "postman-api-key", lambda: J("PM", "AK-") + hexs(24) + "-" + hexs(34), [
    ("postman login --with-api-key {S}", "postman login"),
    ("newman run collection.json --env-var \"x-api-key={S}\"", "newman"),
])
V(G, "vercel-token", lambda: r(AN, 24), [
    ("vercel deploy --prod --token={S}", "vercel deploy"),
    ("VERCEL_TOKEN={S}", "VERCEL_TOKEN"),
])
V(G, "netlify-pat", lambda: J("nf", "p_") + r(AN, 36), [
    ("netlify deploy --prod --auth {S}", "netlify deploy"),
    ("NETLIFY_AUTH_TOKEN={S}", "NETLIFY_AUTH_TOKEN"),
])
V(G, "render-api-key", lambda: J("rn", "d_") + r(AN, 32), [
    ("curl -H 'Authorization: Bearer {S}' https://api.render.com/v1/services", "api.render.com"),
])
V(G, "railway-token", lambda: uid(), [
    ("RAILWAY_TOKEN={S} railway up", "RAILWAY_TOKEN"),
])
V(G, "huggingface-token", lambda: J("h", "f_") + r(LO + UP, 34), [
    ("huggingface-cli login --token {S}", "huggingface-cli login"),
    ("HF_TOKEN={S} python train.py", "HF_TOKEN"),
    ("git clone https://user:{S}@huggingface.co/acme/private-model", "git clone"),
])
V(G, "huggingface-org-token", lambda: J("api", "_org_") + r(LO + UP, 34), [
    ("HUGGINGFACE_HUB_TOKEN={S}", "HUGGINGFACE_HUB_TOKEN"),
])
V(G, "replicate-token", lambda: J("r", "8_") + r(AN, 37), [
    ("export REPLICATE_API_TOKEN={S}", "REPLICATE_API_TOKEN"),
    ("curl -H \"Authorization: Bearer {S}\" https://api.replicate.com/v1/predictions", "api.replicate.com"),
])
V(G, "groq-key", lambda: J("gs", "k_") + r(AN, 52), [
    ("GROQ_API_KEY={S}", "GROQ_API_KEY"),
    ("client = Groq(api_key=\"{S}\")", "Groq"),
])
V(G, "mistral-key", lambda: r(AN, 32), [
    ("MISTRAL_API_KEY={S}", "MISTRAL_API_KEY"),
])
V(G, "cohere-key", lambda: r(AN, 40), [
    ("co = cohere.Client(\"{S}\")", "cohere.Client"),
    ("CO_API_KEY={S}", "CO_API_KEY"),
])
V(G, "digitalocean-pat", lambda: J("do", "p_v1_") + hexs(64), [
    ("doctl auth init --access-token {S}", "doctl auth init"),
    ("DIGITALOCEAN_TOKEN={S} terraform plan", "DIGITALOCEAN_TOKEN"),
])
V(G, "digitalocean-oauth", lambda: J("do", "o_v1_") + hexs(64), [
    ('{"access_token":"{S}","token_type":"bearer","expires_in":2592000}', "access_token"),
])
V(G, "heroku-api-key-v2", lambda: J("HR", "KU-AA") + r(URL, 58), [
    ("HEROKU_API_KEY={S} git push heroku main", "HEROKU_API_KEY"),
])
V(G, "heroku-api-key-legacy", lambda: uid(), [
    ("heroku authorizations:create -> Token: {S}", "authorizations:create"),
    ("HEROKU_API_KEY={S}", "HEROKU_API_KEY"),
])
V(G, "atlassian-api-token", lambda: J("ATA", "TT3") + r(URL, 177) + "=" + hexs(8).upper(), [
    ("curl -u {U}@acme.io:{S} https://acme.atlassian.net/rest/api/3/myself", "acme.atlassian.net"),
    ("JIRA_API_TOKEN={S}", "JIRA_API_TOKEN"),
])
V(G, "bitbucket-app-password", lambda: J("AT", "BB") + r(AN, 28) + hexs(8).upper(), [
    ("git clone https://{U}:{S}@bitbucket.org/acme/legacy.git", "git clone"),
])
V(G, "okta-api-token", lambda: "00" + r(URL, 40), [
    ("curl -H \"Authorization: SSWS {S}\" https://acme.okta.com/api/v1/users?limit=25", "acme.okta.com"),
    ("OKTA_API_TOKEN={S}", "OKTA_API_TOKEN"),
])
V(G, "newrelic-user-key", lambda: J("NR", "AK-") + r(ANU, 27), [
    ("NEW_RELIC_API_KEY={S}", "NEW_RELIC_API_KEY"),
])
V(G, "newrelic-license-key", lambda: hexs(36) + J("NR", "AL"), [
    ("NEW_RELIC_LICENSE_KEY={S} newrelic-admin run-program gunicorn app:app", "NEW_RELIC_LICENSE_KEY"),
    ("newrelic.yml:\n  license_key: '{S}'", "license_key"),
])
V(G, "newrelic-insert-key", lambda: J("NR", "II-") + r(URL, 32), [
    ("curl -H 'X-Insert-Key: {S}' https://insights-collector.newrelic.com/v1/accounts/123/events", "X-Insert-Key"),
])
V(G, "datadog-api-key", lambda: hexs(32), [
    ("DD_API_KEY={S} DD_SITE=datadoghq.eu bash -c \"$(curl -L https://install.datadoghq.com/scripts/install_script_agent7.sh)\"", "DD_API_KEY"),
    ("datadog.yaml: api_key: {S}", "api_key"),
])
V(G, "datadog-app-key", lambda: hexs(40), [
    ("curl -H \"DD-API-KEY: ${DD_API_KEY}\" -H \"DD-APPLICATION-KEY: {S}\" https://api.datadoghq.com/api/v1/monitor", "DD-APPLICATION-KEY"),
])
V(G, "snyk-token", lambda: uid(), [
    ("snyk auth {S}", "snyk auth"),
    ("SNYK_TOKEN={S}", "SNYK_TOKEN"),
])


def _sumo():
    return r(AN, 64), {"ID": "su" + r(AN, 12)}


V(G, "sumologic-pair", _sumo, [
    ("curl -u {ID}:{S} https://api.sumologic.com/api/v1/collectors", "api.sumologic.com"),
    ("SUMO_ACCESS_ID={ID}\nSUMO_ACCESS_KEY={S}", "SUMO_ACCESS_KEY"),
])
V(G, "tailscale-auth-key", lambda: J("tskey", "-auth-") + "k" + r(AN, 11) + "CNTRL-" + r(AN, 33), [
    ("sudo tailscale up --authkey={S} --advertise-tags=tag:ci", "tailscale up"),
    ("TS_AUTHKEY={S}", "TS_AUTHKEY"),
])
V(G, "tailscale-api-key", lambda: J("tskey", "-api-") + "k" + r(AN, 11) + "CNTRL-" + r(AN, 33), [
    ("curl -u \"{S}:\" https://api.tailscale.com/api/v2/tailnet/-/devices", "api.tailscale.com"),
])
V(G, "twitch-oauth", lambda: r(ANL, 30), [
    ("PASS oauth:{S}", "PASS"),
    ("curl -H 'Client-Id: " + r(ANL, 30) + "' -H 'Authorization: Bearer {S}' https://api.twitch.tv/helix/users", "api.twitch.tv"),
])


def _discord_bot():
    ident = b64(num(18)).rstrip("=")
    return ident + "." + r(URL, 6) + "." + r(URL, 38), {}


V(G, "discord-bot-token", _discord_bot, [
    ("client.run('{S}')", "client.run"),
    ("DISCORD_TOKEN={S}", "DISCORD_TOKEN"),
    ("curl -H \"Authorization: Bot {S}\" https://discord.com/api/v10/users/@me", "discord.com"),
])
V(G, "discord-webhook", lambda: "https://discord.com/api/webhooks/" + num(19) + "/" + r(URL, 68), [
    ("curl -H 'Content-Type: application/json' -d '{\"content\":\"nightly ok\"}' {S}", "curl"),
    ("DISCORD_WEBHOOK_URL={S}", "DISCORD_WEBHOOK_URL"),
])
V(G, "telegram-bot-token", lambda: num(10) + ":AA" + r(URL, 33), [
    ("curl https://api.telegram.org/bot{S}/sendMessage -d chat_id=-100" + num(10) + " -d text=done", "api.telegram.org"),
    ("TELEGRAM_BOT_TOKEN={S}", "TELEGRAM_BOT_TOKEN"),
    ("bot = telebot.TeleBot(\"{S}\")", "TeleBot"),
])
V(G, "dropbox-short-lived", lambda: "sl.B" + r(URL, 138), [
    ("curl -X POST https://api.dropboxapi.com/2/files/list_folder --header \"Authorization: Bearer {S}\"", "api.dropboxapi.com"),
])
V(G, "dropbox-long-lived", lambda: r(AN, 11) + "AAAAAAAAAA" + r(URL, 43), [
    ("DROPBOX_ACCESS_TOKEN={S}", "DROPBOX_ACCESS_TOKEN"),
])
V(G, "asana-pat", lambda: "2/" + num(16) + "/" + num(16) + ":" + hexs(32), [
    ("curl -H \"Authorization: Bearer {S}\" https://app.asana.com/api/1.0/users/me", "app.asana.com"),
    ("ASANA_ACCESS_TOKEN={S}", "ASANA_ACCESS_TOKEN"),
])
V(G, "airtable-pat", lambda: J("pa", "t") + r(AN, 14) + "." + hexs(64), [
    ("AIRTABLE_API_KEY={S}", "AIRTABLE_API_KEY"),
    ("curl https://api.airtable.com/v0/app" + r(AN, 14) + "/Tasks -H \"Authorization: Bearer {S}\"", "api.airtable.com"),
])
V(G, "notion-token", lambda: J("nt", "n_") + num(11) + r(AN, 35), [
    ("NOTION_TOKEN={S}", "NOTION_TOKEN"),
    ("notion = Client(auth=\"{S}\")", "Client"),
])
V(G, "notion-legacy-secret", lambda: J("sec", "ret_") + r(AN, 43), [
    ("NOTION_API_KEY=\"{S}\"", "NOTION_API_KEY"),
])
V(G, "figma-pat", lambda: J("fi", "gd_") + r(URL, 40), [
    ("curl -H 'X-Figma-Token: {S}' https://api.figma.com/v1/files/" + r(AN, 22), "X-Figma-Token"),
])
V(G, "contentful-cma-token", lambda: J("CF", "PAT-") + r(URL, 43), [
    ("contentful login --management-token {S}", "contentful login"),
    ("CONTENTFUL_MANAGEMENT_TOKEN={S}", "CONTENTFUL_MANAGEMENT_TOKEN"),
])
V(G, "contentful-delivery-token", lambda: r(URL, 43), [
    ("CONTENTFUL_DELIVERY_TOKEN={S}", "CONTENTFUL_DELIVERY_TOKEN"),
])
V(G, "algolia-admin-key", lambda: hexs(32), [
    ("ALGOLIA_ADMIN_KEY={S}", "ALGOLIA_ADMIN_KEY"),
])


def _mapbox_sk():
    head = b64u(json.dumps({"u": "acme-" + W(), "a": r(ANL, 25)}, separators=(",", ":")))
    return "sk." + head + "." + r(URL, 22), {}


V(G, "mapbox-secret-token", _mapbox_sk, [
    ("MAPBOX_DOWNLOADS_TOKEN={S}", "MAPBOX_DOWNLOADS_TOKEN"),
    ("machine api.mapbox.com login mapbox password {S}", "api.mapbox.com"),
])
V(G, "cloudflare-api-token", lambda: r(URL, 40), [
    ("CLOUDFLARE_API_TOKEN={S} wrangler deploy", "CLOUDFLARE_API_TOKEN"),
    ("curl https://api.cloudflare.com/client/v4/user/tokens/verify -H \"Authorization: Bearer {S}\"", "api.cloudflare.com"),
])
V(G, "cloudflare-global-key", lambda: hexs(37), [
    ("curl -H 'X-Auth-Email: ops@acme.io' -H 'X-Auth-Key: {S}' https://api.cloudflare.com/client/v4/zones", "X-Auth-Key"),
])
V(G, "cloudflare-origin-ca-key", lambda: "v1.0-" + hexs(24) + "-" + hexs(146), [
    ("CF_ORIGIN_CA_KEY={S}", "CF_ORIGIN_CA_KEY"),
])
V(G, "cloudflare-tunnel-token", lambda: b64(json.dumps({"a": hexs(32), "t": uid(), "s": b64(rbytes(32))}, separators=(",", ":"))), [
    ("cloudflared tunnel run --token {S}", "cloudflared tunnel run"),
    ("docker run cloudflare/cloudflared:latest tunnel --no-autoupdate run --token {S}", "cloudflared"),
])
V(G, "prefect-key", lambda: J("pn", "u_") + r(AN, 36), [
    ("prefect cloud login -k {S}", "prefect cloud login"),
])
V(G, "readme-key", lambda: J("rd", "me_") + r(ANL, 70), [
    ("rdme openapi openapi.yaml --key={S}", "rdme openapi"),
])
V(G, "scalingo-token", lambda: J("tk", "-us-") + r(URL, 48), [
    ("scalingo login --api-token {S}", "scalingo login"),
])
V(G, "shippo-token", lambda: J("shippo", "_live_") + hexs(40), [
    ("SHIPPO_API_KEY={S}", "SHIPPO_API_KEY"),
])
V(G, "duffel-token", lambda: J("duffel", "_live_") + r(URL, 43), [
    ("curl -H 'Authorization: Bearer {S}' -H 'Duffel-Version: v2' https://api.duffel.com/air/offer_requests", "api.duffel.com"),
])
V(G, "dynatrace-token", lambda: J("dt0", "c01.") + r(ANU, 24) + "." + r(ANU, 64), [
    ("curl -H \"Authorization: Api-Token {S}\" https://abc12345.live.dynatrace.com/api/v2/metrics", "live.dynatrace.com"),
    ("DT_API_TOKEN={S}", "DT_API_TOKEN"),
])
V(G, "easypost-key", lambda: J("EZ", "AK") + r(AN, 54), [
    ("EASYPOST_API_KEY={S}", "EASYPOST_API_KEY"),
])
V(G, "frameio-token", lambda: J("fio", "-u-") + r(URL, 64), [
    ("FRAMEIO_TOKEN={S}", "FRAMEIO_TOKEN"),
])
V(G, "flutterwave-secret", lambda: J("FLW", "SECK-") + hexs(32) + "-X", [
    ("FLW_SECRET_KEY={S}", "FLW_SECRET_KEY"),
])
V(G, "perplexity-key", lambda: J("pp", "lx-") + r(AN, 48), [
    ("PERPLEXITY_API_KEY={S}", "PERPLEXITY_API_KEY"),
])
V(G, "brevo-key", lambda: J("xkey", "sib-") + hexs(64) + "-" + r(AN, 16), [
    ("BREVO_API_KEY={S}", "BREVO_API_KEY"),
    ("curl -H 'api-key: {S}' https://api.brevo.com/v3/account", "api.brevo.com"),
])
V(G, "maxmind-license", lambda: r(AN, 6) + "_" + r(AN, 29) + J("_m", "mk"), [
    ("GeoIP.conf:\nAccountID " + num(6) + "\nLicenseKey {S}\nEditionIDs GeoLite2-City", "LicenseKey"),
])
V(G, "clojars-token", lambda: J("CLOJ", "ARS_") + r(ANL, 60), [
    ("CLOJARS_PASSWORD={S} lein deploy clojars", "CLOJARS_PASSWORD"),
])


def _artifactory_ref():
    return b64("reftkn:01:" + num(10) + ":" + r(AN, 31))[:64], {}


V(G, "artifactory-reference-token", _artifactory_ref, [
    ("jf config add --url https://acme.jfrog.io --access-token {S} --interactive=false", "jf config add"),
    ("curl -H \"Authorization: Bearer {S}\" https://acme.jfrog.io/artifactory/api/repositories", "acme.jfrog.io"),
])
V(G, "artifactory-api-key", lambda: J("AK", "Cp") + r(AN, 69), [
    ("curl -H 'X-JFrog-Art-Api: {S}' -T app.jar https://acme.jfrog.io/artifactory/libs-release/app.jar", "X-JFrog-Art-Api"),
])


def _op_sa():
    body = json.dumps({"signInAddress": "acme.1password.com", "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256",
                       "iterations": 650000, "salt": b64u(rbytes(16))}, "email": r(ANL, 13) + "@1passwordserviceaccounts.com",
                       "srpX": hexs(64), "muk": {"alg": "A256GCM", "ext": True, "k": b64u(rbytes(32)), "key_ops": ["encrypt", "decrypt"],
                       "kty": "oct", "kid": "mp"}, "secretKey": "A3-" + r(ANU, 6) + "-" + r(ANU, 11), "throttleSecret": {"seed": hexs(64), "uuid": r(ANU, 26)},
                       "deviceUuid": r(ANL, 26)}, separators=(",", ":"))
    return J("op", "s_") + b64(body).rstrip("="), {}


V(G, "1password-service-account", _op_sa, [
    ("export OP_SERVICE_ACCOUNT_TOKEN={S}", "OP_SERVICE_ACCOUNT_TOKEN"),
])
V(G, "1password-secret-key", lambda: "A3-" + r(ANU, 6) + "-" + r(ANU, 6) + "-" + r(ANU, 5) + "-" + r(ANU, 5) + "-" + r(ANU, 5) + "-" + r(ANU, 5), [
    ("Emergency kit for the shared vault: secret key {S}", "Emergency kit"),
])
V(G, "square-access-token", lambda: J("EA", "AA") + r(URL, 60), [
    ("SQUARE_ACCESS_TOKEN={S}", "SQUARE_ACCESS_TOKEN"),
])
V(G, "square-oauth-secret", lambda: J("sq0", "csp-") + r(URL, 43), [
    ("square:\n  application_secret: {S}", "application_secret"),
])
V(G, "adobe-client-secret", lambda: J("p8", "e-") + r(AN, 32), [
    ("ADOBE_CLIENT_SECRET={S}", "ADOBE_CLIENT_SECRET"),
])
V(G, "langsmith-key", lambda: J("lsv2", "_pt_") + hexs(32) + "_" + hexs(10), [
    ("LANGSMITH_API_KEY={S}", "LANGSMITH_API_KEY"),
    ("LANGCHAIN_API_KEY={S} python agent.py", "LANGCHAIN_API_KEY"),
])
V(G, "octopus-api-key", lambda: J("AP", "I-") + r(ANU, 26), [
    ("octo push --package app.1.0.0.zip --server https://deploy.acme.io --apiKey {S}", "octo push"),
])
V(G, "openshift-token", lambda: J("sha2", "56~") + r(URL, 43), [
    ("oc login --token={S} --server=https://api.ocp.acme.io:6443", "oc login"),
])
V(G, "sourcegraph-token", lambda: J("sg", "p_") + hexs(16) + "_" + hexs(40), [
    ("SRC_ACCESS_TOKEN={S} src search 'repo:acme lang:go'", "SRC_ACCESS_TOKEN"),
])
V(G, "harness-pat", lambda: J("pa", "t.") + r(URL, 22) + "." + r(AN, 24) + "." + r(AN, 20), [
    ("curl -H 'x-api-key: {S}' https://app.harness.io/ng/api/user/currentUser", "app.harness.io"),
])
V(G, "terraform-cloud-token", lambda: r(ANL, 14) + J(".atl", "asv1.") + r(URL, 67), [
    ("TFE_TOKEN={S}", "TFE_TOKEN"),
    ("TF_TOKEN_app_terraform_io={S} terraform init", "TF_TOKEN_app_terraform_io"),
])
V(G, "typeform-token", lambda: J("tf", "p_") + r(URL, 59), [
    ("TYPEFORM_TOKEN={S}", "TYPEFORM_TOKEN"),
])
V(G, "plaid-access-token", lambda: "access-production-" + uid(), [
    ("plaid exchange -> access_token: {S}", "access_token"),
])
V(G, "mailchimp-key", lambda: hexs(32) + "-us" + str(_R.randint(10, 21)), [
    ("MAILCHIMP_API_KEY={S}", "MAILCHIMP_API_KEY"),
    ("curl --request GET --url 'https://us14.api.mailchimp.com/3.0/' --user 'anystring:{S}'", "api.mailchimp.com"),
])
V(G, "mandrill-key", lambda: J("m", "d-") + r(URL, 22), [
    ("MANDRILL_API_KEY={S}", "MANDRILL_API_KEY"),
])
V(G, "intra42-secret", lambda: "s-s4t2ud-" + hexs(64), [
    ("FT_CLIENT_SECRET={S}", "FT_CLIENT_SECRET"),
])
V(G, "clickhouse-cloud-secret", lambda: "4b1d" + r(AN, 38), [
    ("clickhouse cloud key secret: {S}", "clickhouse"),
])
V(G, "buildkite-token", lambda: J("bk", "ua_") + hexs(40), [
    ("BUILDKITE_API_TOKEN={S}", "BUILDKITE_API_TOKEN"),
])
V(G, "circleci-pat", lambda: J("CCI", "PAT_") + r(AN, 22) + "_" + hexs(40), [
    ("circleci setup --token {S} --host https://circleci.com --no-prompt", "circleci setup"),
    ("curl -H \"Circle-Token: {S}\" https://circleci.com/api/v2/me", "Circle-Token"),
])
V(G, "dockerhub-pat", lambda: J("dckr", "_pat_") + r(URL, 27), [
    ("echo {S} | docker login -u acmebot --password-stdin", "docker login"),
    ("docker login -u acmebot -p {S}", "docker login"),
])
V(G, "elevenlabs-key", lambda: J("s", "k_") + hexs(48), [
    ("ELEVENLABS_API_KEY={S}", "ELEVENLABS_API_KEY"),
])
V(G, "resend-key", lambda: J("r", "e_") + r(AN, 8) + "_" + r(AN, 24), [
    ("RESEND_API_KEY={S}", "RESEND_API_KEY"),
    ("const resend = new Resend('{S}');", "Resend"),
])
V(G, "neon-api-key", lambda: J("na", "pi_") + r(ANL, 64), [
    ("neonctl projects list --api-key {S}", "neonctl"),
])
V(G, "launchdarkly-sdk-key", lambda: "sdk-" + uid(), [
    ("LD_SDK_KEY={S}", "LD_SDK_KEY"),
])
V(G, "launchdarkly-api-token", lambda: "api-" + uid(), [
    ("curl -H 'Authorization: {S}' https://app.launchdarkly.com/api/v2/flags/default", "app.launchdarkly.com"),
])
V(G, "pagerduty-user-token", lambda: "u+" + r(URL, 18), [
    ("curl -H 'Authorization: Token token={S}' https://api.pagerduty.com/incidents", "api.pagerduty.com"),
])
V(G, "honeycomb-ingest-key", lambda: J("hca", "ik_") + "01" + r(ANL, 56), [
    ("OTEL_EXPORTER_OTLP_HEADERS=\"x-honeycomb-team={S}\"", "x-honeycomb-team"),
])
V(G, "posthog-personal-key", lambda: J("ph", "x_") + r(AN, 43), [
    ("POSTHOG_PERSONAL_API_KEY={S}", "POSTHOG_PERSONAL_API_KEY"),
])
V(G, "braintree-access-token", lambda: "access_token$production$" + r(ANL, 16) + "$" + hexs(32), [
    ("BRAINTREE_ACCESS_TOKEN={S}", "BRAINTREE_ACCESS_TOKEN"),
])
V(G, "mollie-live-key", lambda: J("li", "ve_") + r(AN, 30), [
    ("mollie.set_api_key('{S}')", "set_api_key"),
])
V(G, "wandb-key", lambda: hexs(40), [
    ("wandb login {S}", "wandb login"),
    ("WANDB_API_KEY={S} python train.py", "WANDB_API_KEY"),
])
V(G, "xai-key", lambda: J("xa", "i-") + r(AN, 80), [
    ("XAI_API_KEY={S}", "XAI_API_KEY"),
])
V(G, "deepseek-key", lambda: J("s", "k-") + hexs(32), [
    ("DEEPSEEK_API_KEY={S}", "DEEPSEEK_API_KEY"),
])
V(G, "openrouter-key", lambda: J("sk", "-or-v1-") + hexs(64), [
    ("OPENROUTER_API_KEY={S}", "OPENROUTER_API_KEY"),
    ("client = OpenAI(base_url=\"https://openrouter.ai/api/v1\", api_key=\"{S}\")", "openrouter.ai"),
])
V(G, "cerebras-key", lambda: J("cs", "k-") + r(ANL, 48), [
    ("CEREBRAS_API_KEY={S}", "CEREBRAS_API_KEY"),
])
V(G, "nvidia-ngc-key", lambda: J("nva", "pi-") + r(URL, 64), [
    ("docker login nvcr.io -u '$oauthtoken' -p {S}", "nvcr.io"),
    ("NVIDIA_API_KEY={S}", "NVIDIA_API_KEY"),
])
V(G, "hetzner-cloud-token", lambda: r(AN, 64), [
    ("hcloud context create prod  # token: {S}", "hcloud context create"),
    ("HCLOUD_TOKEN={S} terraform apply", "HCLOUD_TOKEN"),
])
V(G, "linode-token", lambda: hexs(64), [
    ("LINODE_TOKEN={S}", "LINODE_TOKEN"),
])
V(G, "vultr-key", lambda: r(ANU, 36), [
    ("VULTR_API_KEY={S} vultr-cli instance list", "VULTR_API_KEY"),
])
V(G, "sonarqube-user-token", lambda: J("sq", "u_") + hexs(40), [
    ("sonar-scanner -Dsonar.host.url=https://sonar.acme.io -Dsonar.token={S}", "sonar.token"),
    ("SONAR_TOKEN={S}", "SONAR_TOKEN"),
])
V(G, "sonarqube-project-token", lambda: J("sq", "p_") + hexs(40), [
    ("mvn sonar:sonar -Dsonar.login={S}", "sonar.login"),
])
V(G, "jenkins-api-token", lambda: "11" + hexs(32), [
    ("curl -X POST -u {U}:{S} https://jenkins.acme.io/job/deploy/build", "jenkins.acme.io"),
    ("java -jar jenkins-cli.jar -s https://jenkins.acme.io -auth admin:{S} list-jobs", "jenkins-cli.jar"),
])
V(G, "trello-token", lambda: J("AT", "TA") + r(AN, 64) + hexs(8).upper(), [
    ("curl 'https://api.trello.com/1/members/me/boards?key=" + hexs(32) + "&token={S}'", "api.trello.com"),
])
V(G, "clickup-token", lambda: J("p", "k_") + num(8) + "_" + r(ANU, 32), [
    ("curl -H 'Authorization: {S}' https://api.clickup.com/api/v2/team", "api.clickup.com"),
])
V(G, "hubspot-private-app", lambda: J("pat", "-na1-") + uid(), [
    ("HUBSPOT_ACCESS_TOKEN={S}", "HUBSPOT_ACCESS_TOKEN"),
    ("curl -H 'authorization: Bearer {S}' https://api.hubapi.com/crm/v3/objects/contacts", "api.hubapi.com"),
])
V(G, "intercom-token", lambda: b64("tok:" + uid() + ":1:0"), [
    ("INTERCOM_ACCESS_TOKEN={S}", "INTERCOM_ACCESS_TOKEN"),
])
V(G, "salesforce-session", lambda: "00D" + r(AN, 15) + "!AQ" + r(AN, 2) + "AQ" + r(URL + ".", 92), [
    ("sf org login access-token --instance-url https://acme.my.salesforce.com  # SF_ACCESS_TOKEN={S}", "SF_ACCESS_TOKEN"),
    ("curl https://acme.my.salesforce.com/services/data/v61.0/sobjects -H \"Authorization: Bearer {S}\"", "acme.my.salesforce.com"),
])
V(G, "twitter-bearer", lambda: "A" * 22 + r(AN, 34) + "%3D" + r(AN, 50), [
    ("TWITTER_BEARER_TOKEN={S}", "TWITTER_BEARER_TOKEN"),
])
V(G, "facebook-page-token", lambda: J("EA", "AC") + r(AN, 180), [
    ("curl -G https://graph.facebook.com/v19.0/me/accounts -d access_token={S}", "graph.facebook.com"),
])
V(G, "teams-webhook", lambda: "https://acme.webhook.office.com/webhookb2/" + uid() + "@" + uid() + "/IncomingWebhook/" + hexs(32) + "/" + uid(), [
    ("TEAMS_WEBHOOK={S}", "TEAMS_WEBHOOK"),
])
V(G, "rubygems-key", lambda: J("rubyg", "ems_") + hexs(48), [
    ("GEM_HOST_API_KEY={S} gem push acme-cli-2.1.0.gem", "GEM_HOST_API_KEY"),
])
V(G, "codecov-token", lambda: uid(), [
    ("bash <(curl -s https://codecov.io/bash) -t {S}", "codecov.io"),
    ("CODECOV_TOKEN={S}", "CODECOV_TOKEN"),
])
V(G, "auth0-client-secret", lambda: r(URL, 64), [
    ("AUTH0_CLIENT_SECRET={S}", "AUTH0_CLIENT_SECRET"),
])
V(G, "postmark-server-token", lambda: uid(), [
    ("curl https://api.postmarkapp.com/email -H 'X-Postmark-Server-Token: {S}' -d @msg.json", "X-Postmark-Server-Token"),
])
V(G, "upstash-redis-token", lambda: "A" + r(AN, 3) + "AAIjcD" + r(URL, 60), [
    ("UPSTASH_REDIS_REST_TOKEN={S}", "UPSTASH_REDIS_REST_TOKEN"),
])
V(G, "pinecone-key", lambda: J("pc", "sk_") + r(AN, 5) + "_" + r(AN, 59), [
    ("PINECONE_API_KEY={S}", "PINECONE_API_KEY"),
])
V(G, "zendesk-token", lambda: r(AN, 40), [
    ("curl https://acme.zendesk.com/api/v2/tickets.json -u {U}@acme.io/token:{S}", "acme.zendesk.com"),
])
V(G, "spotify-client-secret", lambda: hexs(32), [
    ("SPOTIPY_CLIENT_SECRET={S}", "SPOTIPY_CLIENT_SECRET"),
])
V(G, "rollbar-token", lambda: hexs(32), [
    ("ROLLBAR_ACCESS_TOKEN={S}", "ROLLBAR_ACCESS_TOKEN"),
])
V(G, "fastly-token", lambda: r(URL, 32), [
    ("FASTLY_API_TOKEN={S} fastly compute publish", "FASTLY_API_TOKEN"),
])
V(G, "settlemint-pat", lambda: J("sm", "_pat_") + r(AN, 16), [
    ("SETTLEMINT_ACCESS_TOKEN={S}", "SETTLEMINT_ACCESS_TOKEN"),
])
V(G, "defined-networking-key", lambda: "dnkey-" + r(ANU, 26) + "-" + r(ANU, 52), [
    ("DN_API_KEY={S}", "DN_API_KEY"),
])
V(G, "yandex-iam-key", lambda: "AQVN" + r(URL, 36), [
    ("YC_API_KEY={S}", "YC_API_KEY"),
])

# ---------------------------------------------------------------------------
# generic: passwords and secrets with no vendor shape
# ---------------------------------------------------------------------------
G = "generic"

V(G, "mysql-cli-password", lambda: pw(), [
    ("mysql -h {H} -u {U} -p{S} {DB} < migrate.sql", "mysql"),
    ("mysql --user={U} --password={S} -e 'SHOW DATABASES'", "--user"),
    ("mysqldump -u root -p'{S}' --single-transaction {DB} > dump.sql", "mysqldump"),
    ("mysqladmin -u root password '{S}'", "mysqladmin"),
])
V(G, "postgres-url", lambda: pw(safe=True), [
    ("DATABASE_URL=postgres://{U}:{S}@{H}:5432/{DB}", "DATABASE_URL"),
    ("psql \"postgresql://{U}:{S}@{H}/{DB}?sslmode=require\" -c '\\dt'", "psql"),
    ("SQLALCHEMY_DATABASE_URI = 'postgresql+psycopg2://{U}:{S}@{H}/{DB}'", "SQLALCHEMY_DATABASE_URI"),
    ("pg_dump postgres://{U}:{S}@{H}:6543/{DB} > backup.sql", "pg_dump"),
])
V(G, "pgpassword-env", lambda: pw(), [
    ("PGPASSWORD='{S}' psql -h {H} -U {U} -d {DB}", "PGPASSWORD"),
    ("export PGPASSWORD={S}", "PGPASSWORD"),
])
V(G, "mongodb-url", lambda: pw(safe=True), [
    ("mongosh \"mongodb+srv://{U}:{S}@cluster0." + r(ANL, 5) + ".mongodb.net/{DB}?retryWrites=true&w=majority\"", "mongosh"),
    ("MONGO_URI=mongodb://{U}:{S}@mongo-a:27017,mongo-b:27017/{DB}?replicaSet=rs0&authSource=admin", "MONGO_URI"),
    ("mongodump --uri='mongodb://{U}:{S}@{H}:27017/{DB}' --out=/backups", "mongodump"),
])
V(G, "redis-cli-auth", lambda: pw(), [
    ("redis-cli -h {H} -p 6379 -a {S} --no-auth-warning INFO", "redis-cli"),
    ("redis-cli -a '{S}' CONFIG GET maxmemory", "redis-cli"),
    ("redis.conf: requirepass {S}", "requirepass"),
])
V(G, "redis-url", lambda: pw(safe=True), [
    ("REDIS_URL=rediss://:{S}@{H}:6380/0", "REDIS_URL"),
    ("CELERY_BROKER_URL=redis://default:{S}@redis-cache.svc.cluster.local:6379/1", "CELERY_BROKER_URL"),
])
V(G, "amqp-url", lambda: pw(safe=True), [
    ("AMQP_URL=amqps://{U}:{S}@rabbit.acme.io:5671/prod", "AMQP_URL"),
])
V(G, "mssql-sqlcmd", lambda: pw(), [
    ("sqlcmd -S {H},1433 -U sa -P '{S}' -Q 'SELECT @@VERSION'", "sqlcmd"),
    ("docker run -e 'ACCEPT_EULA=Y' -e 'MSSQL_SA_PASSWORD={S}' -p 1433:1433 mcr.microsoft.com/mssql/server:2022-latest", "MSSQL_SA_PASSWORD"),
])
V(G, "ado-connection-string", lambda: pw(), [
    ("\"ConnectionStrings\": { \"Default\": \"Server=tcp:acme-sql.database.windows.net,1433;Database={DB};User ID={U};Password={S};Encrypt=True;\" }", "ConnectionStrings"),
    ("Data Source={H};Initial Catalog={DB};User Id={U};Pwd={S};", "Initial Catalog"),
])
V(G, "jdbc-url-password", lambda: pw(safe=True), [
    ("jdbc:mysql://{H}:3306/{DB}?user={U}&password={S}&useSSL=true", "jdbc:mysql"),
    ("spring.datasource.url=jdbc:postgresql://{H}:5432/{DB}\nspring.datasource.username={U}\nspring.datasource.password={S}", "spring.datasource.password"),
])
V(G, "oracle-sqlplus", lambda: pw(safe=True), [
    ("sqlplus {U}/{S}@//{H}:1521/ORCLPDB1", "sqlplus"),
    ("expdp system/{S}@XEPDB1 schemas=HR directory=DATA_PUMP_DIR", "expdp"),
])
V(G, "clickhouse-client", lambda: pw(), [
    ("clickhouse-client --host {H} --user {U} --password '{S}' --secure", "clickhouse-client"),
])
V(G, "cassandra-cqlsh", lambda: pw(), [
    ("cqlsh {H} 9042 -u cassandra -p {S}", "cqlsh"),
])
V(G, "neo4j-cypher-shell", lambda: pw(), [
    ("cypher-shell -a neo4j+s://" + hexs(8) + ".databases.neo4j.io -u neo4j -p '{S}'", "cypher-shell"),
    ("NEO4J_AUTH=neo4j/{S}", "NEO4J_AUTH"),
])
V(G, "elastic-basic", lambda: pw(safe=True), [
    ("curl -u elastic:{S} -k https://localhost:9200/_cluster/health", "_cluster/health"),
    ("ELASTIC_PASSWORD={S} docker compose up -d", "ELASTIC_PASSWORD"),
])
V(G, "ldap-bind-password", lambda: pw(), [
    ("ldapsearch -x -H ldaps://ldap.corp.acme.io -D 'cn=admin,dc=acme,dc=io' -w '{S}' -b 'ou=people,dc=acme,dc=io'", "ldapsearch"),
    ("ldappasswd -H ldap://localhost -x -D cn=admin,dc=acme,dc=io -w {S} -s NewPass123 uid={U},ou=people,dc=acme,dc=io", "ldappasswd"),
    ("bindPassword: \"{S}\"", "bindPassword"),
])
V(G, "smbclient-user-percent", lambda: pw(safe=True), [
    ("smbclient //nas01/share -U {U}%{S} -c 'ls'", "smbclient"),
    ("mount -t cifs //nas01/backup /mnt/backup -o username={U},password={S},vers=3.0", "mount -t cifs"),
])
V(G, "sshpass", lambda: pw(), [
    ("sshpass -p '{S}' ssh -o StrictHostKeyChecking=no {U}@{H}", "sshpass"),
    ("sshpass -p {S} scp dump.sql.gz {U}@{H}:/srv/backups/", "sshpass"),
])
V(G, "openssl-pass-literal", lambda: pw(), [
    ("openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{S}", "-passout"),
    ("openssl enc -aes-256-cbc -pbkdf2 -salt -in backup.tar -out backup.tar.enc -pass pass:{S}", "openssl enc"),
    ("openssl rsa -in server.key -passin pass:{S} -out server.unencrypted.key", "-passin"),
    ("openssl enc -d -aes-256-cbc -in secrets.enc -k {S}", "openssl enc"),
])
V(G, "archive-password", lambda: pw(), [
    ("zip -P {S} -r export.zip reports/", "zip"),
    ("7z a -p{S} -mhe=on vault.7z ./keys", "7z a"),
    ("unzip -P '{S}' delivery.zip", "unzip"),
])
V(G, "gpg-passphrase", lambda: pw("phrase"), [
    ("gpg --batch --yes --pinentry-mode loopback --passphrase '{S}' -d secrets.gpg", "--passphrase"),
    ("echo '{S}' | gpg --batch --passphrase-fd 0 --symmetric notes.txt", "--passphrase-fd"),
])
V(G, "keytool-storepass", lambda: pw(), [
    ("keytool -importcert -alias acme-ca -file ca.crt -keystore truststore.jks -storepass {S} -noprompt", "-storepass"),
    ("keytool -genkeypair -alias upload -keystore upload.jks -storepass '{S}' -keypass '{S}' -keyalg RSA", "-storepass"),
])
V(G, "android-signing-config", lambda: pw(), [
    ("signingConfigs {\n    release {\n        storeFile file('release.jks')\n        storePassword '{S}'\n        keyAlias 'upload'\n        keyPassword '{S}'\n    }\n}", "storePassword"),
    ("./gradlew assembleRelease -Pandroid.injected.signing.store.password={S}", "signing.store.password"),
])
V(G, "docker-login-password", lambda: pw(), [
    ("docker login registry.acme.io -u {U} -p '{S}'", "docker login"),
    ("docker login --username {U} --password {S} harbor.corp.acme.io:8443", "docker login"),
])
V(G, "helm-repo-password", lambda: pw(), [
    ("helm repo add internal https://charts.acme.io --username {U} --password {S}", "helm repo add"),
    ("helm upgrade --install api ./chart --set postgresql.auth.password={S}", "postgresql.auth.password"),
])
V(G, "git-url-credentials", lambda: pw(safe=True), [
    ("git clone https://{U}:{S}@git.internal.acme.io/platform/api.git", "git clone"),
    ("git remote add mirror https://{U}:{S}@gitea.acme.io/mirror/api.git", "git remote add"),
    ("fatal: unable to access 'https://{U}:{S}@git.internal.acme.io/infra.git/': Could not resolve host", "fatal"),
])
V(G, "pip-index-url-credentials", lambda: pw(safe=True), [
    ("pip install --extra-index-url https://{U}:{S}@pypi.acme.io/simple acme-core==2.3.1", "--extra-index-url"),
    ("PIP_INDEX_URL=https://__token__:{S}@gitlab.acme.io/api/v4/projects/12/packages/pypi/simple", "PIP_INDEX_URL"),
])
V(G, "curl-user-password", lambda: pw(safe=True), [
    ("curl -u {U}:{S} https://nexus.acme.io/service/rest/v1/repositories", "curl -u"),
    ("curl --user '{U}:{S}' -X DELETE https://registry.acme.io/v2/app/manifests/sha256:abc", "--user"),
    ("wget --user={U} --password={S} https://files.acme.io/dist/release.tar.gz", "wget"),
])
V(G, "http-basic-header", lambda: b64(U() + ":" + pw(safe=True)), [
    ("curl -H 'Authorization: Basic {S}' https://api.partner.example.com/v2/orders", "Authorization"),
    ("GET /metrics HTTP/1.1\nHost: prometheus.acme.io\nAuthorization: Basic {S}", "Authorization"),
    ("headers = {\"Authorization\": \"Basic {S}\"}", "Authorization"),
])
V(G, "http-bearer-jwt", lambda: jwt(), [
    ("curl -H \"Authorization: Bearer {S}\" https://api.acme.io/v1/me", "Authorization"),
    ("Authorization: Bearer {S}", "Authorization"),
    ("localStorage.setItem('access_token', '{S}')", "access_token"),
])
V(G, "http-bearer-opaque", lambda: r(URL, 48), [
    ("http GET https://api.acme.io/v2/jobs 'Authorization:Bearer {S}'", "Authorization"),
    ("-H \"X-Api-Key: {S}\"", "X-Api-Key"),
])
V(G, "cookie-connect-sid", lambda: "s%3A" + r(URL, 32) + "." + r(URL, 43).replace("-", "%2F"), [
    ("curl -b 'connect.sid={S}' http://localhost:3000/api/admin/users", "connect.sid"),
    ("curl --cookie \"connect.sid={S}\" https://staging.acme.io/dashboard", "connect.sid"),
])
V(G, "cookie-session", lambda: r(URL, 40), [
    ("curl -H 'Cookie: sessionid={S}; csrftoken=" + r(AN, 32) + "' https://admin.acme.io/", "sessionid"),
    ("Set-Cookie: session={S}; Path=/; HttpOnly; Secure; SameSite=Lax", "Set-Cookie"),
    ("curl -b \"PHPSESSID={S}\" https://legacy.acme.io/admin.php", "PHPSESSID"),
])
V(G, "cookie-rails-session", lambda: r(B64, 120).replace("+", "%2B") + "--" + hexs(40), [
    ("Cookie: _acme_session={S}", "_acme_session"),
])


def _presigned():
    return hexs(64), {"AK": J("AS", "IA") + r(B32, 16)}


V(G, "s3-presigned-url", _presigned, [
    ("curl -o build.zip 'https://acme-artifacts.s3.eu-west-1.amazonaws.com/build.zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={AK}%2F20261203%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20261203T190000Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={S}'", "X-Amz-Signature"),
])
V(G, "gcs-signed-url", lambda: hexs(512), [
    ("https://storage.googleapis.com/acme-exports/report.csv?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=signer%40acme-prod.iam.gserviceaccount.com%2F20261203%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20261203T190000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature={S}", "X-Goog-Signature"),
])
V(G, "webhook-url-token", lambda: r(URL, 40), [
    ("WEBHOOK_URL=https://hooks.acme.io/ingest/{S}", "WEBHOOK_URL"),
    ("curl -X POST 'https://n8n.acme.io/webhook/deploy?token={S}'", "n8n.acme.io"),
])
V(G, "vault-kv-put", lambda: pw(), [
    ("vault kv put secret/app/db password='{S}' username={U}", "vault kv put"),
    ("vault write database/config/pg connection_url='postgresql://{{username}}:{{password}}@db:5432/app' username=vault password={S}", "vault write"),
])
V(G, "gh-secret-set", lambda: pw(), [
    ("gh secret set DB_PASSWORD --body '{S}' --repo acme/api", "gh secret set"),
    ("gh secret set DEPLOY_KEY -b\"{S}\"", "gh secret set"),
    ("glab variable set DB_PASSWORD --value {S} --masked", "glab variable set"),
])
V(G, "aws-secretsmanager-cli", lambda: pw(), [
    ("aws secretsmanager create-secret --name prod/api/db --secret-string '{\"username\":\"{U}\",\"password\":\"{S}\"}'", "create-secret"),
    ("aws secretsmanager put-secret-value --secret-id prod/api/jwt --secret-string {S}", "put-secret-value"),
    ("aws ssm put-parameter --name /prod/db/password --type SecureString --value '{S}' --overwrite", "put-parameter"),
])
V(G, "gcloud-secrets-cli", lambda: pw(), [
    ("echo -n '{S}' | gcloud secrets create db-password --data-file=-", "gcloud secrets create"),
    ("printf %s {S} | gcloud secrets versions add smtp-pass --data-file=-", "gcloud secrets versions add"),
])
V(G, "az-keyvault-cli", lambda: pw(), [
    ("az keyvault secret set --vault-name acme-kv --name SqlPassword --value '{S}'", "az keyvault secret set"),
    ("az webapp config appsettings set -g rg-prod -n acme-api --settings DB_PASSWORD={S}", "appsettings set"),
])
V(G, "kubectl-secret-literal", lambda: pw(), [
    ("kubectl create secret generic db-creds --from-literal=username={U} --from-literal=password='{S}' -n prod", "kubectl create secret"),
    ("kubectl -n ci create secret docker-registry regcred --docker-server=registry.acme.io --docker-username={U} --docker-password={S}", "docker-registry"),
])
V(G, "k8s-secret-data-yaml", lambda: b64(pw()), [
    ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\ntype: Opaque\ndata:\n  username: " + b64("app") + "\n  password: {S}", "db-creds"),
    ("kubectl get secret db-creds -o jsonpath='{.data.password}' -> {S}", "db-creds"),
])
V(G, "k8s-secret-stringdata", lambda: pw(), [
    ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: smtp\nstringData:\n  SMTP_PASSWORD: \"{S}\"", "SMTP_PASSWORD"),
])
V(G, "paas-config-set", lambda: pw(), [
    ("heroku config:set DATABASE_PASSWORD={S} -a acme-api", "heroku config:set"),
    ("fly secrets set SESSION_SECRET={S} -a acme-web", "fly secrets set"),
    ("echo '{S}' | wrangler secret put API_SECRET", "wrangler secret put"),
    ("railway variables --set \"JWT_SECRET={S}\"", "railway variables"),
    ("dokku config:set api DB_PASS={S}", "dokku config:set"),
])
V(G, "ci-mask-github", lambda: pw(), [
    ("echo \"::add-mask::{S}\"", "add-mask"),
    ("::add-mask::{S}", "add-mask"),
])
V(G, "ci-mask-azure", lambda: pw(), [
    ("echo \"##vso[task.setvariable variable=dbPassword;issecret=true]{S}\"", "task.setvariable"),
])
V(G, "ci-env-literal", lambda: pw(), [
    ("env:\n  DB_PASSWORD: \"{S}\"\n  DB_USER: app", "DB_PASSWORD"),
    ("variables:\n  POSTGRES_PASSWORD: {S}", "POSTGRES_PASSWORD"),
    ("script:\n  - export REGISTRY_PASSWORD='{S}'", "REGISTRY_PASSWORD"),
])
V(G, "powershell-securestring", lambda: pw(), [
    ("$pw = ConvertTo-SecureString \"{S}\" -AsPlainText -Force", "ConvertTo-SecureString"),
    ("$cred = New-Object System.Management.Automation.PSCredential('CORP\\{U}', (ConvertTo-SecureString '{S}' -AsPlainText -Force))", "PSCredential"),
    ("New-LocalUser -Name svc_backup -Password (ConvertTo-SecureString -String '{S}' -AsPlainText -Force)", "New-LocalUser"),
    ("Set-ADAccountPassword -Identity {U} -Reset -NewPassword (ConvertTo-SecureString -AsPlainText \"{S}\" -Force)", "Set-ADAccountPassword"),
])
V(G, "windows-net-use", lambda: pw(), [
    ("net use Z: \\\\fileserver\\projects {S} /user:CORP\\{U} /persistent:yes", "net use"),
    ("net use \\\\10.0.4.17\\IPC$ /user:Administrator {S}", "net use"),
    ("net user {U} {S} /add", "net user"),
])
V(G, "windows-cmdkey", lambda: pw(), [
    ("cmdkey /add:fileserver.corp.acme.io /user:CORP\\{U} /pass:{S}", "cmdkey"),
    ("cmdkey /generic:TERMSRV/jump01 /user:{U} /pass:\"{S}\"", "cmdkey"),
])
V(G, "windows-runas-psexec", lambda: pw(), [
    ("psexec \\\\build-03 -u CORP\\{U} -p {S} -h cmd /c ipconfig", "psexec"),
    ("schtasks /create /tn Backup /tr C:\\jobs\\backup.cmd /sc daily /ru CORP\\{U} /rp {S}", "schtasks"),
    ("sc.exe config AcmeAgent obj= \"CORP\\{U}\" password= \"{S}\"", "sc.exe config"),
    ("runas /savecred /user:CORP\\{U} cmd  (typed {S} at the prompt)", "runas"),
])
V(G, "windows-rdp-wmic", lambda: pw(), [
    ("xfreerdp /v:jump01.corp.acme.io /u:{U} /p:'{S}' /cert:ignore", "xfreerdp"),
    ("wmic /node:10.0.4.17 /user:Administrator /password:{S} process list brief", "wmic"),
    ("evil-winrm -i 10.0.4.17 -u Administrator -p '{S}'", "evil-winrm"),
])
V(G, "ini-config", lambda: pw(), [
    ("[database]\nhost = {H}\nuser = {U}\npassword = {S}", "[database]"),
    ("settings.ini:\n[smtp]\nserver=smtp.office365.com\nlogin={U}@acme.io\npasswd={S}", "[smtp]"),
])
V(G, "yaml-config", lambda: pw(), [
    ("database:\n  host: {H}\n  username: {U}\n  password: {S}\n  pool: 10", "database"),
    ("spring:\n  datasource:\n    password: '{S}'", "datasource"),
    ("smtp:\n  user: {U}@acme.io\n  pass: \"{S}\"", "smtp"),
])
V(G, "json-config", lambda: pw(), [
    ('{"db": {"host": "{H}", "user": "{U}", "password": "{S}"}}', "password"),
    ('  "adminPassword": "{S}",', "adminPassword"),
    ('{"mail":{"auth":{"user":"{U}@acme.io","pass":"{S}"}}}', "mail"),
])
V(G, "toml-config", lambda: pw(), [
    ("[database]\nurl = \"{H}\"\nusername = \"{U}\"\npassword = \"{S}\"", "[database]"),
    ("[auth]\nsecret = \"{S}\"", "[auth]"),
])
V(G, "xml-config", lambda: pw(), [
    ("<property name=\"hibernate.connection.password\">{S}</property>", "hibernate.connection.password"),
    ("<add key=\"SmtpPassword\" value=\"{S}\" />", "SmtpPassword"),
])
V(G, "php-define", lambda: pw(), [
    ("define( 'DB_PASSWORD', '{S}' );", "DB_PASSWORD"),
    ("$config['db_pass'] = \"{S}\";", "db_pass"),
])
V(G, "framework-secret-key", lambda: r(AN + "!@#%^&*(-_=+)", 50), [
    ("SECRET_KEY = '{S}'", "SECRET_KEY"),
    ("DJANGO_SECRET_KEY=\"{S}\"", "DJANGO_SECRET_KEY"),
])
V(G, "rails-secret-key-base", lambda: hexs(128), [
    ("SECRET_KEY_BASE={S}", "SECRET_KEY_BASE"),
    ("production:\n  secret_key_base: {S}", "secret_key_base"),
])
V(G, "jwt-signing-secret", lambda: r(B64, 44), [
    ("JWT_SECRET={S}", "JWT_SECRET"),
    ("app.use(session({ secret: '{S}', resave: false }))", "session"),
    ("NEXTAUTH_SECRET={S}", "NEXTAUTH_SECRET"),
])
V(G, "app-encryption-key", lambda: "base64:" + b64(rbytes(32)), [
    ("APP_KEY={S}", "APP_KEY"),
])
V(G, "fernet-key", lambda: b64u(rbytes(32)) + "=", [
    ("AIRFLOW__CORE__FERNET_KEY={S}", "AIRFLOW__CORE__FERNET_KEY"),
    ("Fernet(b'{S}')", "Fernet"),
])
V(G, "hmac-webhook-secret", lambda: hexs(64), [
    ("GITHUB_WEBHOOK_SECRET={S}", "GITHUB_WEBHOOK_SECRET"),
    ("webhook signing secret: {S}", "signing secret"),
])
V(G, "prose-password", lambda: pw(), [
    ("The staging admin login is {U} with password {S}; rotate it after the demo.", "staging admin"),
    ("Reset the Grafana admin password to {S} so the on-call can log in.", "Grafana admin"),
    ("Note: the wifi in the lab is acme-lab, passphrase {S}.", "acme-lab"),
    ("Temporary root password for the rescue VM: {S}", "rescue VM"),
    ("The user said their password is {S} and it doesn't work after the migration.", "migration"),
])
V(G, "prose-token", lambda: r(AN, 40), [
    ("I generated a new API token for the partner sandbox: {S}", "partner sandbox"),
    ("Their support gave us the access key {S} for the test tenant.", "test tenant"),
])
V(G, "pem-rsa-private-key", lambda: pem_body("MIIEpAIBAAKCAQEA", 1592), [
    (BEGIN + "RSA " + PK + "-----\n{S}\n" + END + "RSA " + PK + "-----", "RSA"),
    ("cat > deploy.key <<'EOF'\n" + BEGIN + "RSA " + PK + "-----\n{S}\n" + END + "RSA " + PK + "-----\nEOF", "deploy.key"),
])
V(G, "pem-pkcs8-private-key", lambda: pem_body("MIIEvgIBADANBgkqhkiG9w0BAQEFAASC", 1624), [
    ("tls.key: |\n    " + BEGIN + PK + "-----\n{S}\n    " + END + PK + "-----", "tls.key"),
])
V(G, "pem-ec-private-key", lambda: pem_body("MHcCAQEEI", 164), [
    (BEGIN + "EC " + PK + "-----\n{S}\n" + END + "EC " + PK + "-----", "EC"),
])
V(G, "pem-encrypted-private-key", lambda: pem_body("MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI", 1752), [
    (BEGIN + "ENCRYPTED " + PK + "-----\n{S}\n" + END + "ENCRYPTED " + PK + "-----", "ENCRYPTED"),
])
V(G, "openssh-private-key", lambda: pem_body("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", 400, 70), [
    (BEGIN + "OPENSSH " + PK + "-----\n{S}\n" + END + "OPENSSH " + PK + "-----", "OPENSSH"),
    ("echo \"" + BEGIN + "OPENSSH " + PK + "-----\n{S}\n" + END + "OPENSSH " + PK + "-----\" > ~/.ssh/id_ed25519", "id_ed25519"),
])
V(G, "openssh-key-escaped", lambda: pem_body("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", 400, 70).replace("\n", "\\n"), [
    ('SSH_PRIVATE_KEY="' + BEGIN + 'OPENSSH ' + PK + '-----\\n{S}\\n' + END + 'OPENSSH ' + PK + '-----"', "SSH_PRIVATE_KEY"),
])
V(G, "pgp-private-key-block", lambda: pem_body("lQVYBGV", 3200), [
    (J("-----BEGIN PGP ", "PRIVATE KEY BLOCK-----") + "\n\n{S}\n=" + r(B64, 4) + "\n" + J("-----END PGP ", "PRIVATE KEY BLOCK-----"), "PGP PRIVATE KEY BLOCK"),
])
V(G, "age-secret-key", lambda: J("AGE-SEC", "RET-KEY-1") + r(BECH, 58).upper(), [
    ("# created: 2026-12-03T19:00:00Z\n# public key: age1" + r(BECH, 58) + "\n{S}", "public key"),
    ("SOPS_AGE_KEY={S} sops -d secrets.enc.yaml", "SOPS_AGE_KEY"),
])
V(G, "wireguard-private-key", lambda: b64(rbytes(32)), [
    ("[Interface]\nPrivateKey = {S}\nAddress = 10.8.0.2/32\nDNS = 1.1.1.1", "[Interface]"),
    ("wg set wg0 private-key <(echo {S})", "wg set"),
])
V(G, "wireguard-preshared-key", lambda: b64(rbytes(32)), [
    ("[Peer]\nPublicKey = " + b64(rbytes(32)) + "\nPresharedKey = {S}\nEndpoint = vpn.acme.io:51820", "[Peer]"),
])
V(G, "tor-control-password", lambda: pw(), [
    ("tor --hash-password '{S}'", "--hash-password"),
    ("stem.control.Controller.from_port().authenticate(password='{S}')", "authenticate"),
])
V(G, "tor-onion-secret-key", lambda: b64(b"== ed25519v1-secret: type0 ==\x00\x00\x00" + rbytes(64)), [
    ("base64 hs_ed25519_secret_key -> {S}", "hs_ed25519_secret_key"),
])
V(G, "openvpn-auth-user-pass", lambda: pw(), [
    ("printf '{U}\\n{S}\\n' > /etc/openvpn/auth.txt", "auth.txt"),
])
V(G, "bip39-mnemonic", lambda: " ".join(_R.choice(["abandon", "ability", "absorb", "acoustic", "bridge", "cabbage", "elbow", "fatigue",
                                                    "galaxy", "harvest", "invite", "jungle", "kidney", "ladder", "matrix", "napkin",
                                                    "orbit", "pistol", "quantum", "rescue", "saddle", "thunder", "uncover", "velvet",
                                                    "wagon", "yellow", "zebra", "biology", "cradle", "dolphin"]) for _ in range(12)), [
    ("MNEMONIC=\"{S}\" npx hardhat run scripts/deploy.ts --network sepolia", "MNEMONIC"),
    ("Recovery phrase for the test wallet: {S}", "Recovery phrase"),
])
V(G, "eth-private-key", lambda: "0x" + hexs(64), [
    ("PRIVATE_KEY={S}", "PRIVATE_KEY"),
    ("cast send --private-key {S} 0x" + hexs(40) + " 'transfer(address,uint256)'", "cast send"),
    ("forge script Deploy --rpc-url $RPC --private-key {S} --broadcast", "forge script"),
])
V(G, "bitcoin-wif", lambda: _R.choice("KL") + r(B58, 51), [
    ("bitcoin-cli importprivkey {S} \"cold\" false", "importprivkey"),
])
V(G, "solana-keypair", lambda: "[" + ",".join(str(_R.randint(0, 255)) for _ in range(64)) + "]", [
    ("echo '{S}' > ~/.config/solana/id.json", "id.json"),
])
V(G, "terraform-var-cli", lambda: pw(), [
    ("terraform apply -var 'db_password={S}' -auto-approve", "db_password"),
    ("TF_VAR_admin_password='{S}' terraform plan", "TF_VAR_admin_password"),
])
V(G, "terraform-tfvars", lambda: pw(), [
    ("terraform.tfvars:\nregion         = \"eu-west-1\"\ndb_password    = \"{S}\"", "db_password"),
    ("resource \"azurerm_mssql_server\" \"main\" {\n  administrator_login          = \"sqladmin\"\n  administrator_login_password = \"{S}\"\n}", "administrator_login_password"),
])
V(G, "ansible-vars", lambda: pw(), [
    ("ansible-playbook site.yml -e 'ansible_become_pass={S}'", "ansible_become_pass"),
    ("[web]\n10.0.4.17 ansible_user=deploy ansible_password={S}", "ansible_password"),
    ("ansible-playbook deploy.yml --extra-vars \"db_password={S}\"", "db_password"),
])
V(G, "ansible-vault-password", lambda: pw("phrase"), [
    ("echo '{S}' > ~/.vault_pass && ansible-vault decrypt group_vars/prod/vault.yml --vault-password-file ~/.vault_pass", "vault-password-file"),
    ("ANSIBLE_VAULT_PASSWORD={S} ansible-playbook site.yml", "ANSIBLE_VAULT_PASSWORD"),
])
V(G, "java-system-property", lambda: pw(), [
    ("java -Djavax.net.ssl.keyStorePassword={S} -jar app.jar", "keyStorePassword"),
    ("mvn deploy -Dgpg.passphrase={S} -DskipTests", "gpg.passphrase"),
])
V(G, "snmp-community", lambda: r(AN, 16), [
    ("snmpwalk -v2c -c {S} 10.0.4.1 1.3.6.1.2.1.1", "snmpwalk"),
])
V(G, "ipmi-password", lambda: pw(), [
    ("ipmitool -I lanplus -H 10.0.9.21 -U ADMIN -P {S} chassis power status", "ipmitool"),
])
V(G, "nmcli-wifi-psk", lambda: pw("words"), [
    ("nmcli dev wifi connect acme-guest password '{S}'", "nmcli"),
    ("nmcli con modify office wifi-sec.psk {S}", "wifi-sec.psk"),
])
V(G, "vnc-rdp-password", lambda: pw(), [
    ("x11vnc -passwd {S} -display :0 -forever", "x11vnc"),
])
V(G, "rsync-password", lambda: pw(), [
    ("RSYNC_PASSWORD={S} rsync -av ./dist/ rsync://backup@nas01/web/", "RSYNC_PASSWORD"),
])
V(G, "smtp-url", lambda: pw(safe=True), [
    ("EMAIL_URL=smtp+tls://{U}%40acme.io:{S}@smtp.office365.com:587", "EMAIL_URL"),
    ("MAILER_DSN=smtp://{U}:{S}@smtp.mailtrap.io:2525", "MAILER_DSN"),
])
V(G, "proxy-url-credentials", lambda: pw(safe=True), [
    ("export HTTPS_PROXY=http://{U}:{S}@proxy.corp.acme.io:3128", "HTTPS_PROXY"),
])
V(G, "ftp-url-credentials", lambda: pw(safe=True), [
    ("lftp -e 'mirror -R ./site /htdocs' ftp://{U}:{S}@ftp.partner.example.com", "lftp"),
])
V(G, "generic-api-key-env", lambda: r(AN, 32), [
    ("export API_KEY={S}", "API_KEY"),
    ("ACME_PARTNER_API_SECRET=\"{S}\"", "ACME_PARTNER_API_SECRET"),
    ("x-api-key: {S}", "x-api-key"),
    ("client = PartnerClient(api_key='{S}')", "PartnerClient"),
])
V(G, "generic-token-hex", lambda: hexs(40), [
    ("INTERNAL_SERVICE_TOKEN={S}", "INTERNAL_SERVICE_TOKEN"),
    ("auth_token: {S}", "auth_token"),
])
V(G, "oauth-client-secret-generic", lambda: r(URL, 40), [
    ("OIDC_CLIENT_SECRET={S}", "OIDC_CLIENT_SECRET"),
    ("keycloak: client_secret={S}", "client_secret"),
    ("curl -d 'grant_type=client_credentials&client_id=billing&client_secret={S}' https://sso.acme.io/realms/acme/protocol/openid-connect/token", "client_secret"),
])
V(G, "oauth-refresh-token-generic", lambda: r(URL, 64), [
    ('{"access_token": "' + r(URL, 40) + '", "refresh_token": "{S}", "expires_in": 3600}', "refresh_token"),
])
V(G, "hasura-admin-secret", lambda: r(AN, 32), [
    ("curl -H 'x-hasura-admin-secret: {S}' https://hasura.acme.io/v1/graphql", "x-hasura-admin-secret"),
])
V(G, "dotenv-quoted-multiline", lambda: pw(), [
    ("Set in .env:\nexport DB_PASS=\"{S}\"  # prod", "DB_PASS"),
    ("docker compose run -e POSTGRES_PASSWORD={S} db", "POSTGRES_PASSWORD"),
])
V(G, "password-split-across-lines", lambda: pw(), [
    ("ldapmodify -x -D cn=admin,dc=acme,dc=io \\\n  -w '{S}' \\\n  -f change.ldif", "ldapmodify"),
    ("mysql -h {H} \\\n    -u {U} \\\n    --password='{S}' \\\n    {DB}", "mysql"),
])
V(G, "password-in-json-log", lambda: pw(), [
    ('{"level":"debug","msg":"login attempt","user":"{U}","password":"{S}"}', "login attempt"),
])
V(G, "password-in-yaml-list", lambda: pw(), [
    ("users:\n  - name: {U}\n    password: {S}\n    roles: [admin]", "users"),
])
V(G, "qs-password-url", lambda: pw(safe=True), [
    ("GET /api/login?username={U}&password={S} HTTP/1.1", "login"),
])

V(G, "short-human-password", lambda: _R.choice(["Winter", "Summer", "Spring", "Autumn", "Welcome", "Acme", "Monday"]) + str(_R.randint(2019, 2026)) + _R.choice("!#*."), [
    ("mysql -u root -p{S} -e 'SHOW PROCESSLIST'", "mysql"),
    ("sshpass -p '{S}' ssh pi@10.0.4.17", "sshpass"),
    ("The shared lab laptop password is {S} (sticky note on the rack).", "lab laptop"),
    ("net use \\\\nas01\\scans {S} /user:scanner", "net use"),
    ("admin_password: \"{S}\"", "admin_password"),
])

# ---------------------------------------------------------------------------
# BENIGN: no secret, but looks as if there might be one
# ---------------------------------------------------------------------------
BENIGN = []


def B(*texts):
    for t in texts:
        BENIGN.append(fill(t))


def sha1():
    return hexs(40)


def sha256():
    return hexs(64)


# git SHAs
_git = [
    "git checkout {X}",
    "git cherry-pick {X}",
    "git revert --no-edit {X}",
    "commit {X}\nAuthor: Dana Ruiz <dana@acme.io>\nDate:   Tue Dec 2 14:03:11 2026 +0000\n\n    fix: retry token refresh on 401",
    "git log --oneline {x}..HEAD",
    "Fixed in {X} (\"auth: stop logging the password field\").",
    "git bisect bad {X}",
    "HEAD is now at {x} Rotate signing key reference in docs",
    "https://github.com/acme/api/commit/{X}",
    "git rebase --onto main {X} feature/secret-scanning",
    "Merge: {x} {y}",
    "git show {X}:config/settings.py",
    "[main {x}] chore: bump token expiry to 1h",
    "uses: actions/checkout@{X} # v4.2.2",
    "git submodule: vendor/libsodium @ {X}",
    "GITHUB_SHA={X}",
    "CI_COMMIT_SHA={X}",
    "git diff {x} {y} -- src/auth/",
    "The regression came in with {X}; the password reset flow stopped sending mail.",
    "tag v3.2.0 -> {X}",
]
for i in range(40):
    t = _git[i % len(_git)]
    B(t.replace("{X}", sha1()).replace("{x}", hexs(7)).replace("{y}", hexs(7)))

# lockfiles and checksums
for i in range(8):
    B('"sha256:{h}",'.replace("{h}", sha256()))
    B("    --hash=sha256:" + sha256() + " \\")
for i in range(5):
    B('[[package]]\nname = "' + W() + '-core"\nversion = "0.' + str(i) + '.3"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "' + sha256() + '"')
    B('    "zh:' + sha256() + '",')
    B('  hashes = [\n    "h1:' + b64(rbytes(32)) + '",\n  ]')
    B("github.com/acme/" + W() + " v1." + str(i) + ".0 h1:" + b64(rbytes(32)))
    B("golang.org/x/crypto v0.3" + str(i) + ".0/go.mod h1:" + b64(rbytes(32)))
for i in range(4):
    B('{"name": "' + W() + '", "version": "2.' + str(i) + '.1", "content_hash": "' + sha256() + '"}')
    B("SHA256 (" + W() + "-1." + str(i) + ".tar.gz) = " + sha256())
    B(sha256() + "  dist/acme-cli_linux_amd64.tar.gz")

# npm / SRI integrity
for i in range(12):
    B('"integrity": "sha512-' + b64(rbytes(64)) + '"')
for i in range(5):
    B('  integrity sha1-' + b64(rbytes(20)))
    B('<script src="https://cdn.jsdelivr.net/npm/' + W() + '@3.' + str(i) + '.0/dist/index.min.js" integrity="sha384-' + b64(rbytes(48)) + '" crossorigin="anonymous"></script>')

# docker digests and container ids
for i in range(10):
    B("docker pull ghcr.io/acme/api@sha256:" + sha256())
    B("FROM python:3.12-slim@sha256:" + sha256())
for i in range(5):
    B("image: registry.acme.io/worker@sha256:" + sha256())
    B("CONTAINER ID " + hexs(12) + "   acme/api:1.4." + str(i) + "   \"gunicorn app:app\"   Up 3 hours")
    B("docker inspect " + sha256() + " --format '{{.State.Status}}'")

# UUIDs
_uu = [
    "x-request-id: {u}",
    "Azure subscription {u} (Pay-As-You-Go)",
    "metadata:\n  uid: {u}\n  resourceVersion: \"48213\"",
    "Job {u} finished in 42s",
    "trace_id={t} span_id={s}",
    "az account set --subscription {u}",
    "SELECT * FROM orders WHERE id = '{u}';",
    "Idempotency-Key: {u}",
    "tenantId: {u}  # public directory id, see portal",
    "ProjectGuid=\"{{U}}\"",
    "\"correlationId\": \"{u}\"",
    "Workspace ID {u} in Log Analytics",
    "Sentry event {t} grouped under ACME-API-4F2",
]
for i in range(26):
    t = _uu[i % len(_uu)]
    B(t.replace("{u}", uid()).replace("{U}", uid().upper()).replace("{t}", hexs(32)).replace("{s}", hexs(16)))

# base64 of ordinary text
_txt = ["The quick brown fox jumps over the lazy dog.", "hello world from the build server",
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit.", "{\"alg\":\"none\"}",
        "user-agent: acme-cli/2.3.1 (linux; amd64)", "This is a test message for the queue.",
        "apiVersion: v1\nkind: ConfigMap", "Meeting notes: migrate the cron jobs to the new runner.",
        "#!/bin/sh\necho starting\nexec /app/server", "release notes for version 4.1.0",
        "Dear customer, your order has shipped.", "key=value\nother=thing",
        "The password policy requires twelve characters.", "token bucket rate limiter, burst 20",
        "[Unit]\nDescription=Acme agent", "color: red; margin: 0 auto;",
        "Hello, World! Base64 is not encryption.", "error: could not resolve host",
        "multipart boundary test payload", "cloud-init: #cloud-config\npackage_update: true"]
for i, t in enumerate(_txt):
    e = b64(t)
    B(_R.choice(["echo {e} | base64 -d", "data: {e}", "payload={e}", "\"body\": \"{e}\"", "userData: {e}",
                 "Decoded {e} and it is just the greeting text."]).replace("{e}", e))
B("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")
B("Content-Transfer-Encoding: base64\n\nVGhhbmtzIGZvciB0aGUgdXBkYXRlLCB0aGUgbmV3IGJ1aWxkIHdvcmtzIGZpbmUu")

# long paths
_paths = [
    "/home/{u}/.cache/pip/wheels/{a}/{b}/{h}/cryptography-43.0.3-cp39-abi3-manylinux_2_28_x86_64.whl",
    "/nix/store/{n}-openssl-3.0.14/lib/libssl.so.3",
    "C:\\Users\\{u}\\AppData\\Local\\Temp\\{g}\\setup.log",
    "/var/lib/docker/overlay2/{h64}/diff/usr/local/bin/python3",
    "node_modules/.pnpm/@babel+core@7.26.0/node_modules/@babel/core/lib/index.js",
    "/Users/{u}/Library/Caches/com.apple.dt.Xcode/DerivedData/App-{d}/Build/Products",
    "~/.gradle/caches/modules-2/files-2.1/com.google.guava/guava/33.3.1-jre/{h40}/guava-33.3.1-jre.jar",
    "/tmp/pytest-of-{u}/pytest-312/test_token_refresh0/cache",
    "s3://acme-artifacts/builds/{h40}/app.tar.gz",
    "/proc/self/fd/3",
    "~/.cargo/registry/src/index.crates.io-6f17d22bba15001f/ring-0.17.8/src/aead.rs",
    "/var/lib/kubelet/pods/{g}/volumes/kubernetes.io~secret/default-token/ca.crt",
    "/etc/ssl/certs/ca-certificates.crt",
    "dist/assets/index-{c}.js",
    "/secrets/db-password (mounted from the CSI driver; the file itself is not in the repo)",
]
for i in range(30):
    t = _paths[i % len(_paths)]
    B(t.replace("{a}", hexs(2)).replace("{b}", hexs(2)).replace("{h}", hexs(56)).replace("{n}", r(B32L.replace("e", "") + "0189", 32))
      .replace("{g}", uid()).replace("{h64}", sha256()).replace("{d}", r(LO, 28)).replace("{h40}", sha1())
      .replace("{c}", r(AN, 8)).replace("{u}", U()))

# version strings
_vers = ["1.2.3-rc.1+build.5678", "v2024.11.03", "4.0.0-beta.2", "0.0.0-20241203190011-" + hexs(12),
         "3.12.7", "2.31.0.post1", "10.0.19045.5131", "v1.31.2+k3s1", "7.0.100-rc.2.24474.11",
         "1.0.0-alpha.1+exp.sha." + hexs(7), "2026.12.0", "17.0.13+11-LTS", "1.83.0 (90b35a623 2024-11-26)",
         "v22.12.0", "5.15.0-126-generic", "8.4.3-1.el9", "21.1.2", "go1.23.4 linux/amd64",
         "0.15.0-dev.1234+" + hexs(9), "Version: 3.2.1 (build " + hexs(8) + ")"]
for v in _vers:
    B(_R.choice(["pip install acme-core=={v}", "Upgraded to {v}", "version: {v}", "\"version\": \"{v}\"", "tool --version -> {v}"]).replace("{v}", v))

# placeholders and documentation values
B("export GITHUB_TOKEN=${GITHUB_TOKEN}",
  "export OPENAI_API_KEY=<your-api-key>",
  "password: ${DB_PASSWORD}",
  "DATABASE_URL=postgres://user:password@localhost:5432/app",
  "curl -H \"Authorization: Bearer $TOKEN\" https://api.acme.io/v1/me",
  "curl -H 'Authorization: Bearer <token>' https://api.acme.io/v1/me",
  "api_key: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
  "STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx",
  "password = \"changeme\"  # default from the docs, overridden in prod by the vault agent",
  "Set ADMIN_PASSWORD to something other than `changeme` before exposing the port.",
  "token: '{{ vault_api_token }}'",
  "password: \"{{ lookup('env', 'DB_PASSWORD') }}\"",
  "env:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}",
  "SECRET_KEY=your-secret-key-here",
  "AWS_SECRET_ACCESS_KEY=YOUR_SECRET_ACCESS_KEY",
  "client_secret: REPLACE_ME",
  "API_KEY=<redacted>",
  "Authorization: Basic <base64(user:pass)>",
  "password=********",
  "token: [REDACTED]",
  "set PASSWORD=%DB_PASSWORD%",
  "mysql -u root -p  # prompts for the password",
  "psql -h localhost -U postgres -W",
  "docker login -u $REGISTRY_USER -p $REGISTRY_PASSWORD registry.acme.io",
  "git clone https://${GITLAB_USER}:${GITLAB_TOKEN}@gitlab.acme.io/acme/api.git",
  "redis-cli -a \"$REDIS_PASSWORD\" PING",
  "PGPASSWORD=$(cat /run/secrets/pg_password) psql -h db -U app",
  "export VAULT_TOKEN=$(vault print token)",
  "export GH_TOKEN=$(gh auth token)",
  "TOKEN=$(az account get-access-token --query accessToken -o tsv)",
  "ConvertTo-SecureString $env:SVC_PASSWORD -AsPlainText -Force",
  "kubectl create secret generic db --from-literal=password=\"$DB_PASSWORD\"",
  "echo \"::add-mask::$DEPLOY_TOKEN\"",
  "terraform apply -var \"db_password=$TF_DB_PASSWORD\"",
  "sk-...your key...",
  "ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
  "AKIAXXXXXXXXXXXXXXXX",
  "Example: `machine example.com login USERNAME password PASSWORD`",
  "hostname:port:database:username:password",
  "*:*:*:postgres:<password>",
  "\"auth\": \"<base64 of user:password>\"",
  "mongodb+srv://<username>:<password>@cluster0.example.mongodb.net/",
  "-p'<root password>'",
  "password: !vault_lookup db/password",
  "jdbc:postgresql://localhost:5432/test?user=test&password=${TEST_DB_PASSWORD}")

# CSS and colours
for i in range(15):
    B(_R.choice(["color: #{c};", "background: #{c} url(bg.png);", "--brand-primary: #{c};", "fill=\"#{c}\"",
                 "border: 1px solid #{c}{a};"]).replace("{c}", hexs(6)).replace("{a}", hexs(2)))

# IDs of public resources
_pub = [
    "aws ec2 run-instances --image-id ami-{h17} --subnet-id subnet-{h17} --security-group-ids sg-{h17}",
    "arn:aws:iam::{d12}:role/github-actions-deployer",
    "arn:aws:s3:::acme-artifacts-{d12}/builds/*",
    "vpc-{h17} in eu-west-1",
    "CloudFront distribution E{U13} invalidated",
    "gtag('config', 'G-{U10}');",
    "Slack channel C{U10} (#deploys)",
    "https://www.youtube.com/watch?v={y}",
    "https://docs.google.com/spreadsheets/d/{gd}/edit#gid=0",
    "GitHub Actions run 1{d10} failed on job build (ubuntu-24.04)",
    "gcloud config set project acme-prod-{d6}",
    "i-{h17} is in state stopping",
    "Route53 hosted zone Z{U20}",
    "Discord guild {d18}",
    "Firebase project acme-web-{lo5} (public config: authDomain acme-web.firebaseapp.com)",
    "npm package @acme/ui@3.4.1 tarball https://registry.npmjs.org/@acme/ui/-/ui-3.4.1.tgz",
    "ECR repo {d12}.dkr.ecr.eu-west-1.amazonaws.com/api",
    "Stripe price price_1{A23} for the Pro plan",
    "Kubernetes pod api-7f9c{lo6}-x2{lo3} restarted 3 times",
    "Google Analytics property UA-{d8}-1",
    "Azure resource /subscriptions/{uuid}/resourceGroups/rg-prod/providers/Microsoft.Web/sites/acme-api",
    "Apple Team ID {U10}",
    "Play Console app id com.acme.{lo6}",
    "Public key fingerprint for ops@acme.io: {pgp}",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} ops@laptop",
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ{b300} deploy@ci",
    "age recipient: age1{bech}",
    "WireGuard peer PublicKey = {wg}",
    "Host key fingerprint is SHA256:{b43}.",
    "ETag: \"{h32}\"",
    "Cache restored from key: Linux-node-{h64}",
    "cache key: v1-deps-{{ checksum \"package-lock.json\" }}-{h40}",
    "Certificate SHA-256 fingerprint: {fp}",
    "Nx remote cache hit for hash {h64}",
    "Bazel action digest {h64}/1289",
    "Matomo site id 7, tracker https://stats.acme.io/matomo.js",
    "Sentry DSN project id 4507{d12}",
    "Linear ticket ENG-{d4}: rotate the deploy key",
    "Jira ticket SEC-{d4}: audit who can read the prod secrets",
    "Stripe customer cus_{A14} disputed a charge",
]
for i in range(len(_pub) * 1 + 2):
    t = _pub[i % len(_pub)]
    B(t.replace("{h17}", hexs(17)).replace("{d12}", num(12)).replace("{U13}", r(ANU, 13)).replace("{U10}", r(ANU, 10))
      .replace("{y}", r(URL, 11)).replace("{gd}", r(URL, 44)).replace("{d10}", num(10)).replace("{d6}", num(6))
      .replace("{U20}", r(ANU, 20)).replace("{d18}", num(18)).replace("{lo5}", r(LO, 5)).replace("{A23}", r(AN, 23))
      .replace("{lo6}", r(ANL, 6)).replace("{lo3}", r(ANL, 3)).replace("{d8}", num(8)).replace("{uuid}", uid())
      .replace("{pgp}", " ".join(hexs(4).upper() for _ in range(10))).replace("{b43}", r(B64, 43))
      .replace("{b300}", r(B64, 300)).replace("{bech}", r(BECH, 58)).replace("{wg}", b64(rbytes(32)))
      .replace("{h32}", hexs(32)).replace("{h64}", sha256()).replace("{h40}", sha1())
      .replace("{fp}", ":".join(hexs(2).upper() for _ in range(32))).replace("{d4}", num(4)).replace("{A14}", r(AN, 14)))

# flags named like secrets, pointing at files, env or stdin
B("openssl enc -aes-256-cbc -pbkdf2 -in backup.tar -out backup.tar.enc -pass file:./backup.key",
  "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout env:P12_PASSWORD",
  "openssl rsa -in server.key -passin fd:3 -out plain.key",
  "openssl req -new -key k.pem -passin file:/run/secrets/key_pass -out req.csr",
  "openssl enc -d -aes-256-cbc -in secrets.enc -pass env:BACKUP_PASSPHRASE",
  "docker login registry.acme.io -u ci --password-stdin < /run/secrets/registry_password",
  "cat ~/.registry-token | docker login ghcr.io -u acme-bot --password-stdin",
  "restic -r s3:s3.amazonaws.com/acme-backup --password-file /etc/restic/password snapshots",
  "borg create --passcommand 'pass show borg/nas' ::'{hostname}-{now}' /srv",
  "ansible-playbook site.yml --vault-password-file ~/.vault_pass.txt",
  "ansible-playbook site.yml --ask-vault-pass",
  "vault login -method=userpass username=alice  # password prompted",
  "mysql --defaults-extra-file=/etc/mysql/backup.cnf -e 'SELECT 1'",
  "PGPASSFILE=/srv/app/.pgpass pg_dump -h db -U app app > dump.sql",
  "gh auth login --with-token < ~/.config/tokens/gh.txt",
  "kubectl create secret generic tls-key --from-file=tls.key=./certs/server.key",
  "kubectl create secret generic ssh --from-file=ssh-privatekey=$HOME/.ssh/id_ed25519",
  "docker run --env-file .env.production acme/api:1.4.2",
  "docker run -e AWS_ACCESS_KEY_ID -e AWS_SECRET_ACCESS_KEY amazon/aws-cli sts get-caller-identity",
  "terraform apply -var-file=secrets.auto.tfvars",
  "sops --decrypt --age $(cat ~/.config/sops/age/keys.txt | grep public | cut -d' ' -f4) secrets.yaml",
  "gpg --batch --passphrase-file /run/secrets/gpg_pass -d release.tar.gz.gpg",
  "keytool -list -keystore truststore.jks -storepass:file /run/secrets/storepass",
  "keytool -importkeystore -srckeystore a.p12 -srcstorepass:env SRC_PASS -destkeystore b.jks",
  "7z x archive.7z -p  # prompts",
  "curl --netrc-file ~/.netrc-ci https://artifacts.acme.io/latest.tar.gz -O",
  "curl -u \"$NEXUS_USER:$NEXUS_PASSWORD\" https://nexus.acme.io/service/rest/v1/status",
  "twine upload --repository internal dist/*  # credentials from ~/.pypirc",
  "npm publish --userconfig ./ci.npmrc",
  "git config --global credential.helper 'store --file ~/.git-credentials'",
  "git config --global credential.helper osxkeychain",
  "az login --identity",
  "aws sts assume-role --role-arn arn:aws:iam::" + num(12) + ":role/deploy --role-session-name ci",
  "gcloud auth activate-service-account --key-file=/secrets/sa.json",
  "export GOOGLE_APPLICATION_CREDENTIALS=/secrets/sa.json",
  "wg set wg0 private-key /etc/wireguard/private.key",
  "ssh -i ~/.ssh/deploy_ed25519 deploy@build-03.lan",
  "sshpass -f ~/.ssh/pass.txt ssh admin@10.0.4.17",
  "sshpass -e ssh admin@10.0.4.17  # reads SSHPASS",
  "net use Z: \\\\fileserver\\projects /user:CORP\\alice *",
  "runas /savecred /user:CORP\\svc_build \"cmd /c build.cmd\"",
  "cmdkey /list",
  "$cred = Get-Credential -UserName CORP\\alice -Message 'Deploy'",
  "$pw = Read-Host -AsSecureString 'Password'",
  "Get-Secret -Name DbPassword -Vault AcmeVault -AsPlainText | Out-Null",
  "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db-creds\n        key: password",
  "password_command = \"pass show mail/fastmail\"",
  "PasswordAuthentication no\nPubkeyAuthentication yes",
  "token_file = \"/var/run/secrets/kubernetes.io/serviceaccount/token\"",
  "--token-file=/etc/acme/agent.token",
  "--client-secret-file /etc/oidc/client_secret",
  "api_key_env: OPENAI_API_KEY",
  "doppler run -- npm start",
  "op run --env-file=.env.tpl -- ./deploy.sh",
  "password: op://Engineering/Prod DB/password",
  "DB_PASSWORD=vault:secret/data/prod/db#password",
  "aws secretsmanager get-secret-value --secret-id prod/api/db --query SecretString --output text | jq -r .password > /dev/null",
  "gcloud secrets versions access latest --secret=db-password > /tmp/pw && chmod 600 /tmp/pw")

# ordinary prose about tokens and passwords
B("Rotated the GitHub token after the incident; the new one lives in 1Password under 'CI / release'.",
  "The password reset email now expires after 30 minutes.",
  "Moved all API keys out of settings.py into environment variables read at startup.",
  "The token refresh bug was caused by comparing expiry in local time instead of UTC.",
  "We should never log the Authorization header; added a filter to the request logger.",
  "Secrets are injected by the External Secrets Operator from AWS Secrets Manager.",
  "Users with a weak password are prompted to change it at next login.",
  "The private key never leaves the HSM; signing happens through the KMS API.",
  "Session cookies are now marked Secure and HttpOnly.",
  "Bearer tokens are validated against the JWKS endpoint, cached for ten minutes.",
  "Ran the secret scanner on the whole history: no findings after the purge.",
  "The API key column is hashed with SHA-256 before it is stored.",
  "Asked the vendor to revoke the old webhook secret; they confirmed at 14:20.",
  "Password length limit raised from 64 to 128 characters.",
  "Added a rate limit of 5 attempts per minute on the token endpoint.",
  "The credential helper caches credentials for 15 minutes (timeout=900).",
  "Key rotation runs every 90 days via the rotate-keys workflow.",
  "OAuth client credentials flow replaced the shared service password.",
  "The cookie banner text was updated for the German locale.",
  "Documented how to create a personal access token with read:packages scope.",
  "Tokens issued before 2026-11-30 are rejected by the new audience check.",
  "The keystore password is provided by the CI secret store at build time.",
  "Removed the hard-coded password from test_settings.py; tests use a random one now.",
  "The SSH key for the deploy user was regenerated as ed25519.",
  "Passphrase prompts are now handled by pinentry-curses on the build host.",
  "Fixed a typo: 'pasword' -> 'password' in the login form label.",
  "Access keys older than 90 days are flagged by the nightly audit job.",
  "The `secret` field in the webhook config is optional for internal endpoints.",
  "Wallet seed phrases must never be pasted into tickets or chat.",
  "The WireGuard config template leaves PrivateKey empty; wg-quick fills it at boot.",
  "AWS access key IDs start with AKIA and are not secret on their own; the secret key is.",
  "Basic auth is disabled on the public ingress; only mTLS is accepted.",
  "CSRF tokens are rotated per session.",
  "Use `gh auth token` rather than pasting the token into the shell history.",
  "Set `PGPASSWORD` only in the job environment, never in the Makefile.",
  "The Twilio account SID is public-ish; the auth token is what must be protected.",
  "Vault's default token TTL was lowered to 1h.",
  "Our password hashing moved from bcrypt cost 10 to argon2id.",
  "npm tokens for CI are now granular and read-only.",
  "The .netrc file on the runner was deleted after the job.")

# test fixture names and code that only mentions secrets
B("tests/fixtures/expired_token_401.json",
  "def test_password_reset_requires_valid_token(client):",
  "def test_api_key_is_redacted_in_logs(caplog):",
  "it('rejects a bearer token with the wrong audience', async () => {",
  "FAILED tests/test_auth.py::test_refresh_token_rotation - AssertionError",
  "fixtures/secrets/fake_private_key.pem is generated at test time and gitignored",
  "class TokenBucketRateLimiter:",
  "const PASSWORD_MIN_LENGTH = 12;",
  "MAX_TOKENS = 4096",
  "if not secrets.compare_digest(provided, expected):",
  "token = secrets.token_urlsafe(32)",
  "password_hash = argon2.hash(password)",
  "api_key = os.environ[\"OPENAI_API_KEY\"]",
  "self.secret_key = settings.SECRET_KEY",
  "password = getpass.getpass('DB password: ')",
  "max_tokens=1024, temperature=0.2",
  "tokenizer = AutoTokenizer.from_pretrained('bert-base-uncased')",
  "input_ids, attention_mask = tokens['input_ids'], tokens['attention_mask']",
  "SECRET_KEY = os.getenv('SECRET_KEY')",
  "@pytest.mark.parametrize('password', ['', 'short', 'a' * 200])",
  "assert response.json()['token_type'] == 'bearer'",
  "KeyError: 'api_key'",
  "ERROR: invalid token (expired at 2026-12-03T18:00:00Z)",
  "401 Unauthorized: Bad credentials",
  "Permission denied (publickey,password).",
  "remote: Invalid username or password.",
  "fatal: Authentication failed for 'https://github.com/acme/api.git/'",
  "WARNING: Using a password on the command line interface can be insecure.",
  "psql: error: connection to server at \"db\" (10.0.4.17), port 5432 failed: FATAL:  password authentication failed for user \"app\"",
  "Error: Cannot perform an interactive login from a non TTY device")

# other hex / base64 runs that are not secrets
for i in range(6):
    B("md5sum: " + hexs(32) + "  report.pdf",
      "Bundle webpack chunk main." + hexs(20) + ".js (212 KiB)",
      "blob " + sha1() + " README.md",
      "request_id=" + hexs(32) + " status=200 duration_ms=" + str(_R.randint(3, 900)))
for i in range(4):
    B("Transaction hash 0x" + sha256() + " confirmed in block " + num(8),
      "Contract deployed at 0x" + hexs(40),
      "IPFS CID bafybei" + r(B32L, 52),
      "openssl x509 -noout -fingerprint -sha1 -> SHA1 Fingerprint=" + ":".join(hexs(2).upper() for _ in range(20)))

# drop accidental duplicates, keep order
_seen = set()
BENIGN = [t for t in BENIGN if not (t in _seen or _seen.add(t))]

# ---------------------------------------------------------------------------
# The same secrets as they reach a log through other fields: a tool call
# recorded as JSON, a YAML step, a fenced block, a wrapped line.
# ---------------------------------------------------------------------------


def _as_json(text):
    return json.dumps({"tool": "bash", "command": text, "exit_code": 0})


def _as_yaml(text):
    return "- step: run\n  command: |\n" + "\n".join("    " + ln for ln in text.split("\n"))


def _as_fence(text):
    return "Ran this to reproduce:\n\n```sh\n" + text + "\n```\n"


def _as_note(text):
    return "Note to self (" + _R.choice(["staging", "prod", "dev box", "CI"]) + "): " + text


_WRAPS = [("json", _as_json), ("yaml", _as_yaml), ("fence", _as_fence), ("note", _as_note)]
_base = [e for e in SECRETS]
_picked = _R.sample(range(len(_base)), 90)
for n, i in enumerate(_picked):
    g, f, t, sec, vis = _base[i]
    kind, wrap = _WRAPS[n % len(_WRAPS)]
    w = wrap(t)
    if sec in w and (not vis or vis in w):
        add(g, f, w, sec, vis)

# more look-alikes: high-entropy values beside credential words that are not secret
for i in range(3):
    B('{"keys":[{"kty":"RSA","kid":"' + hexs(40) + '","use":"sig","alg":"RS256","n":"' + r(URL, 342) + '","e":"AQAB"}]}',
      "gpg --recv-keys " + hexs(16).upper(),
      "public_key: " + b64(rbytes(32)),
      "secretName: tls-" + W() + "-acme-io-" + r(ANL, 5),
      "token_count: " + str(_R.randint(1000, 200000)) + "  prompt_tokens: " + str(_R.randint(100, 9000)),
      "client_id: " + uid() + "  # public app registration id",
      "checksum: sha256:" + sha256(),
      "password_min_length: 12\npassword_history: 5\ntoken_ttl: 3600",
      "session_id column added to events table (uuid, indexed)",
      "Key ID: " + hexs(16).upper() + "  (RSA 4096, expires 2028-01-01)",
      "x5t#S256: " + b64u(rbytes(32)),
      "api_version: 2024-10-01\nkey_vault_name: kv-acme-prod-" + r(ANL, 4),
      "AWS_REGION=eu-west-1 AWS_PROFILE=acme-dev aws s3 ls s3://acme-artifacts-" + num(12) + "/",
      "stripe publishable key lives in the frontend config as STRIPE_PUBLISHABLE_KEY (public by design)",
      "auth_method: oidc\nauth_issuer: https://token.actions.githubusercontent.com")
_seen = set()
BENIGN = [t for t in BENIGN if not (t in _seen or _seen.add(t))]
