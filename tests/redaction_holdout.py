"""A second redaction corpus, written by someone who had not seen the redaction rules.

It was measured blind once (recall 0.806, false positives 9.7% with the rules of that day)
before any rule was tuned on it; it is regression data now, no longer unseen.  Data only: every
secret-looking value is generated at import time from a fixed-seed RNG and
assembled from parts, so this file itself contains no realistic credential.

SECRETS: list of (group, format, text, secret, visible)
    group   -- "credential-files" | "id-beside-secret" | "vendor-named"
               | "vendor-unnamed" | "generic"
    format  -- short label of the format / context
    text    -- a string a coding agent might record (command, config, prose)
    secret  -- exact substring that must not survive redaction
    visible -- a label that should still be readable afterwards ("" = none)
BENIGN: list of str that contain no secret (BENIGN_LABELED has (format, text)).
"""
import base64
import hashlib
import json
import random
import re
import string
import zlib

_R = random.Random(0x5EC2E7A1)

_LOWER = string.ascii_lowercase
_UPPER = string.ascii_uppercase
_DIG = string.digits
_ALNUM = _LOWER + _UPPER + _DIG
_LOWNUM = _LOWER + _DIG
_UPNUM = _UPPER + _DIG
_HEXD = "0123456789abcdef"
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_BECH = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
_B62 = _DIG + _UPPER + _LOWER


def _pick(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _hex(n):
    return _pick(_HEXD, n)


def _an(n):
    return _pick(_ALNUM, n)


def _rb(n):
    return bytes(_R.randrange(256) for _ in range(n))


def _b64(b):
    return base64.b64encode(b).decode("ascii")


def _b64u(b):
    return base64.urlsafe_b64encode(b).decode("ascii").rstrip("=")


def _b58enc(b):
    n = int.from_bytes(b, "big")
    out = ""
    while n:
        n, r = divmod(n, 58)
        out = _B58[r] + out
    pad = len(b) - len(b.lstrip(b"\0"))
    return "1" * pad + out


def _b58check(payload):
    chk = hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    return _b58enc(payload + chk)


def _b62(n, width):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = _B62[r] + out
    return out.rjust(width, "0")


def _uuid():
    return "%s-%s-4%s-%s%s-%s" % (_hex(8), _hex(4), _hex(3), _R.choice("89ab"),
                                  _hex(3), _hex(12))


def _gh(kind):
    body = _an(30)
    return "g" + "h" + kind + "_" + body + _b62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def _pem_parts(kind, der_prefix_hex, nbytes, width=64):
    der = bytes.fromhex(der_prefix_hex) + _rb(nbytes)
    b = _b64(der)
    body = "\n".join(b[i:i + width] for i in range(0, len(b), width))
    dash = "-" * 5
    head = dash + "BEGIN " + kind + " KEY" + dash
    foot = dash + "END " + kind + " KEY" + dash
    return head, body, foot


_PRIV = "PRI" + "VATE"

# ---------------------------------------------------------------- passwords
_SEASON = ["Summer", "Winter", "Spring", "Autumn", "Fall"]
_WORDS = ["hunter", "Blue", "falcon", "Maple", "orange", "Tiger", "rocket",
          "Coffee", "pepper", "Monkey", "dragon", "Harbor", "velvet", "Copper",
          "nimbus", "Saturn", "Lobster", "quartz", "Willow", "banjo", "Marlin",
          "cobalt", "Juniper", "otter", "Pickle", "walrus", "Gravel", "mango"]
_SYM = "!*?.-_+"


def _human():
    k = _R.randrange(8)
    w1 = _R.choice(_WORDS)
    w2 = _R.choice(_WORDS)
    if k == 0:
        return _R.choice(_SEASON) + str(_R.randrange(2019, 2027)) + _R.choice("!?*") + _R.choice("xkqzm")
    if k == 1:
        return w1.lower() + str(_R.randrange(2, 99)) + "-" + w2.capitalize()
    if k == 2:
        return w1.capitalize() + _R.choice(_SYM) + w2.lower() + str(_R.randrange(10, 999))
    if k == 3:
        return "Welcome" + str(_R.randrange(1, 99)) + "!" + w1.lower()
    if k == 4:
        t = w1.capitalize() + w2.lower()
        return t.replace("o", "0").replace("a", "4").replace("e", "3") + "!" + str(_R.randrange(1, 9))
    if k == 5:
        return "-".join([w1.lower(), w2.lower(), _R.choice(_WORDS).lower(), str(_R.randrange(10, 99))])
    if k == 6:
        return w1.capitalize() + str(_R.randrange(1980, 2012)) + _R.choice("!?.")
    return "P" + "@ss" + "w0rd" + _R.choice("-_") + w1.lower() + str(_R.randrange(1, 99))


def _rpw(n=None, sym="!*^-_+=.%~"):
    n = n or _R.randrange(14, 29)
    s = [_R.choice(_ALNUM) for _ in range(n)]
    for i in _R.sample(range(n), 3):
        s[i] = _R.choice(sym)
    return "".join(s)


def _pw():
    return _human() if _R.random() < 0.5 else _rpw()


def _urlpw():
    return _human().replace("!", "-").replace("?", "_").replace("*", ".").replace("+", "~") \
        if _R.random() < 0.5 else _rpw(sym="-_.~")


def _safe_pw():
    """password without characters that need quoting anywhere (for positional args)"""
    return _human().replace("!", "_").replace("?", "-").replace("*", ".").replace("+", "-") \
        if _R.random() < 0.5 else _rpw(sym="-_.")


# ---------------------------------------------------------------- fillers
_USERS = ["deploy", "svc-ci", "app_rw", "bob", "alice.ng", "jenkins", "backup",
          "etl_loader", "grafana", "mkowalski", "release-bot", "dbadmin", "ops"]
_HOSTS = ["db-prod-01.internal", "10.0.4.17", "pg.staging.acme.io", "mysql.corp.local",
          "replica-2.c9xk2.eu-west-1.rds.amazonaws.com", "192.168.56.10", "warehouse.int.example.net",
          "nas01.lan", "orders-db.svc.cluster.local"]
_DBS = ["orders", "analytics", "app_production", "billing", "inventory", "metabase", "keycloak"]
_REGS = ["registry.gitlab.com", "ghcr.io", "harbor.internal.example.com:5000", "index.docker.io",
         "123456789012.dkr.ecr.us-east-1.amazonaws.com", "quay.io", "nexus.acme.dev:8443"]
_DEF = {
    "USER": lambda: _R.choice(_USERS),
    "HOST": lambda: _R.choice(_HOSTS),
    "DB": lambda: _R.choice(_DBS),
    "REG": lambda: _R.choice(_REGS),
    "PORT": lambda: _R.choice(["5432", "6432", "5433", "3306", "27017"]),
    "N": lambda: str(_R.randrange(2, 400)),
}
_TAG = re.compile(r"@@([A-Z0-9_]+)@@")

SECRETS = []


def _sub(tpl, vals):
    out = tpl
    for k, v in vals.items():
        out = out.replace("@@" + k + "@@", v)
    for k, f in _DEF.items():
        tag = "@@" + k + "@@"
        if tag in out:
            out = out.replace(tag, f())
    assert not _TAG.search(out), out
    return out


def _emit(group, fmt, text, secret, visible=""):
    assert group in ("credential-files", "id-beside-secret", "vendor-named",
                     "vendor-unnamed", "generic"), group
    assert secret and secret in text, (fmt, text, secret)
    assert not visible or (visible in text and visible not in secret), (fmt, visible)
    SECRETS.append((group, fmt, text, secret, visible))


def _add(group, fmt, gen, templates, visible=""):
    for i, tpl in enumerate(templates):
        vals = gen()
        if isinstance(vals, str):
            vals = {"S": vals}
        vis = visible[i] if isinstance(visible, (list, tuple)) else visible
        for k, f in _DEF.items():
            if k not in vals and ("@@" + k + "@@" in tpl or "@@" + k + "@@" in vis):
                vals[k] = f()
        text = _sub(tpl, vals)
        vis = _sub(vis, vals) if vis else ""
        if vis and vis not in text:
            vis = ""
        _emit(group, fmt, text, vals["S"], vis)


# ---------------------------------------------------------------- token makers
def _aws_id(prefix="AK" + "IA"):
    return prefix + _pick(_UPPER + "234567", 16)


def _aws_secret():
    return _pick(_ALNUM + "+/", 40)


def _jwt(payload=None, alg="HS256", sig_len=32):
    hdr = _b64u(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")).encode())
    if payload is None:
        payload = {"sub": str(_R.randrange(10000, 99999)), "iat": 1717000000 + _R.randrange(10 ** 6),
                   "role": _R.choice(["admin", "service", "user"])}
    body = _b64u(json.dumps(payload, separators=(",", ":")).encode())
    return hdr + "." + body + "." + _b64u(_rb(sig_len))


def _k8s_sa_jwt():
    return _jwt({"iss": "kubernetes/serviceaccount",
                 "kubernetes.io/serviceaccount/namespace": _R.choice(["ci", "default", "monitoring"]),
                 "sub": "system:serviceaccount:ci:deployer"}, alg="RS256", sig_len=256)


def _npm():
    return "np" + "m_" + _an(36)


def _pypi():
    return "py" + "pi-" + "AgEIcHlwaS5vcmc" + _b64u(_rb(_R.randrange(90, 130)))


def _azure_secret():
    return _pick(_ALNUM, 3) + "8Q" + "~" + _pick(_ALNUM + "_~.-", 34)


def _human_user_pw():
    return _R.choice(_USERS), _urlpw()


# ====================================================================
# group: credential-files
# ====================================================================
G = "credential-files"

_add(G, "pgpass", lambda: _pw().replace("\\", ""), [
    "@@HOST@@:@@PORT@@:@@DB@@:@@USER@@:@@S@@",
    "*:*:*:postgres:@@S@@",
    "echo '@@HOST@@:5432:*:@@USER@@:@@S@@' >> ~/.pgpass && chmod 600 ~/.pgpass",
    "$ cat ~/.pgpass\n# hostname:port:database:username:password\n@@HOST@@:5432:@@DB@@:@@USER@@:@@S@@",
    "printf '%s\\n' '*:*:@@DB@@:@@USER@@:@@S@@' > /root/.pgpass",
    "Wrote PGPASSFILE=/tmp/ci.pgpass with line `@@HOST@@:6432:@@DB@@:@@USER@@:@@S@@` for the pgbouncer job",
], visible=["", "postgres", "pgpass", "pgpass", "pgpass", "PGPASSFILE"])

_add(G, "netrc-oneline", _safe_pw, [
    "machine api.heroku.com login bob@example.com password @@S@@",
    "echo \"machine artifacts.acme.dev login @@USER@@ password @@S@@\" >> ~/.netrc",
    "machine 10.20.0.5 login ftpuser password @@S@@ port 21",
    "cat ~/.netrc\nmachine git.internal.example.net login @@USER@@ password @@S@@",
], visible="machine")

_add(G, "netrc-multiline", lambda: _safe_pw(), [
    "machine github.com\n  login octo-deployer\n  password @@S@@",
    "machine urs.earthdata.nasa.gov\n\tlogin jdoe\n\tpassword @@S@@\n",
    "cat > ~/.netrc <<'EOF'\nmachine pypi.internal.acme.dev\nlogin @@USER@@\npassword @@S@@\nEOF",
], visible="login")

_add(G, "netrc-token-password", lambda: _gh("p"), [
    "machine github.com login x-access-token password @@S@@",
    "machine api.github.com\n    login ci-bot\n    password @@S@@",
], visible="machine")

_add(G, "netrc-default", _safe_pw, [
    "default login anonymous password @@S@@",
    "machine ftp.example.org login alice\ndefault login @@USER@@ password @@S@@",
    "printf 'default login %s password %s\\n' @@USER@@ '@@S@@' > ~/.netrc",
], visible="default")


def _docker_auth():
    u, p = _human_user_pw()
    return {"S": _b64((u + ":" + p).encode()), "U": u}


_add(G, "docker-config-auth", _docker_auth, [
    '{"auths": {"@@REG@@": {"auth": "@@S@@"}}}',
    '{\n  "auths": {\n    "https://index.docker.io/v1/": {\n      "auth": "@@S@@"\n    }\n  },\n  "credsStore": ""\n}',
    "cat ~/.docker/config.json\n{\"auths\":{\"@@REG@@\":{\"auth\":\"@@S@@\",\"email\":\"ci@example.com\"}}}",
    "echo '{\"auths\":{\"@@REG@@\":{\"auth\":\"@@S@@\"}}}' > $HOME/.docker/config.json",
    "kubectl create secret docker-registry regcred --from-file=.dockerconfigjson=config.json  # config.json auths entry: auth @@S@@",
], visible="auths")


def _dockercfg_b64():
    u, p = _human_user_pw()
    inner = _b64((u + ":" + p).encode())
    whole = _b64(json.dumps({"auths": {_R.choice(_REGS): {"username": u, "password": p, "auth": inner}}}).encode())
    return whole


_add(G, "k8s-dockerconfigjson", _dockercfg_b64, [
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: regcred\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: @@S@@",
    "kubectl get secret regcred -o yaml | grep dockerconfigjson\n  .dockerconfigjson: @@S@@",
], visible=".dockerconfigjson")

_add(G, "git-credentials", lambda: {"S": _gh(_R.choice("pous")), "U": _R.choice(_USERS)}, [
    "https://@@U@@:@@S@@@github.com",
    "echo 'https://x-access-token:@@S@@@github.com' > ~/.git-credentials",
    "$ cat ~/.git-credentials\nhttps://@@U@@:@@S@@@github.com\nhttps://oauth2:glpat-placeholder@gitlab.example.com",
    "git credential approve <<EOF\nprotocol=https\nhost=github.com\nusername=@@U@@\npassword=@@S@@\nEOF",
], visible="github.com")

_add(G, "git-credentials-password", lambda: _urlpw(), [
    "https://@@USER@@:@@S@@@bitbucket.org",
    "printf 'https://%s:%s@git.internal.example.net\\n' @@USER@@ '@@S@@' >> ~/.git-credentials",
], visible=["bitbucket.org", "git-credentials"])

_add(G, "npmrc-authToken", _npm, [
    "//registry.npmjs.org/:_authToken=@@S@@",
    "echo \"//registry.npmjs.org/:_authToken=@@S@@\" > .npmrc",
    "npm config set //registry.npmjs.org/:_authToken @@S@@",
    "$ cat ~/.npmrc\nregistry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=@@S@@\nsave-exact=true",
], visible="_authToken")

_add(G, "npmrc-authToken-uuid", _uuid, [
    "//npm.internal.acme.dev/repository/npm-private/:_authToken=@@S@@",
    "//registry.npmjs.org/:_authToken=\"@@S@@\"",
], visible="_authToken")

_add(G, "npmrc-authToken-gh", lambda: _gh("p"), [
    "@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=@@S@@",
], visible="_authToken")


def _npm_auth():
    u, p = _human_user_pw()
    return _b64((u + ":" + p).encode())


_add(G, "npmrc-_auth", _npm_auth, [
    "_auth=@@S@@\nalways-auth=true\nemail=ci@acme.dev",
    "//artifactory.acme.dev/api/npm/npm/:_auth=\"@@S@@\"",
    "_auth = @@S@@",
], visible="_auth")

_add(G, "npmrc-_password", lambda: _b64(_urlpw().encode()), [
    "//nexus.acme.dev/repository/npm-group/:username=@@USER@@\n//nexus.acme.dev/repository/npm-group/:_password=@@S@@",
    "//pkgs.dev.azure.com/acme/_packaging/feed/npm/registry/:_password=@@S@@",
], visible="_password")

_add(G, "yarnrc-npmAuthToken", _npm, [
    "npmRegistryServer: \"https://registry.npmjs.org\"\nnpmAuthToken: \"@@S@@\"",
    "npmScopes:\n  acme:\n    npmAlwaysAuth: true\n    npmAuthToken: @@S@@",
], visible="npmAuthToken")

_add(G, "pip-conf", lambda: _urlpw(), [
    "[global]\nindex-url = https://@@USER@@:@@S@@@pypi.internal.acme.dev/simple\ntimeout = 60",
    "pip config set global.extra-index-url https://__token__:@@S@@@gitlab.example.com/api/v4/projects/42/packages/pypi/simple",
    "PIP_INDEX_URL=https://@@USER@@:@@S@@@nexus.acme.dev/repository/pypi/simple pip install -r requirements.txt",
], visible=["index-url", "extra-index-url", "PIP_INDEX_URL"])

_add(G, "pypirc", _pypi, [
    "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = @@S@@",
    "[pypi]\n  username = __token__\n  password = @@S@@\n",
    "twine upload -u __token__ -p @@S@@ dist/*",
], visible="__token__")

_add(G, "pypirc-password", _pw, [
    "[testpypi]\nrepository = https://test.pypi.org/legacy/\nusername = @@USER@@\npassword = @@S@@",
    "[internal]\nrepository: https://pypi.acme.dev\nusername: @@USER@@\npassword: @@S@@",
], visible="username")

_add(G, "maven-settings", lambda: _pw().replace("&", ""), [
    "<server>\n  <id>nexus-releases</id>\n  <username>@@USER@@</username>\n  <password>@@S@@</password>\n</server>",
    "<servers><server><id>ossrh</id><username>@@USER@@</username><password>@@S@@</password></server></servers>",
    "sed -i 's#<password>.*</password>#<password>@@S@@</password>#' ~/.m2/settings.xml",
], visible=["<username>", "<username>", "settings.xml"])

_add(G, "maven-settings-passphrase", _pw, [
    "<server>\n  <id>gpg.passphrase</id>\n  <passphrase>@@S@@</passphrase>\n</server>",
], visible="gpg.passphrase")

_add(G, "gradle-properties", _pw, [
    "ossrhUsername=@@USER@@\nossrhPassword=@@S@@",
    "signing.keyId=24875D73\nsigning.password=@@S@@\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg",
    "echo \"artifactoryPassword=@@S@@\" >> ~/.gradle/gradle.properties",
    "systemProp.https.proxyPassword=@@S@@",
    "./gradlew publish -PmavenCentralPassword=@@S@@ -PmavenCentralUsername=@@USER@@",
], visible=["ossrhPassword", "signing.password", "artifactoryPassword", "proxyPassword", "mavenCentralPassword"])

_add(G, "aws-credentials-file", lambda: {"S": _aws_secret(), "ID": _aws_id()}, [
    "[default]\naws_access_key_id = @@ID@@\naws_secret_access_key = @@S@@",
    "[profile-staging]\naws_access_key_id=@@ID@@\naws_secret_access_key=@@S@@\nregion=eu-central-1",
    "cat ~/.aws/credentials\n[default]\naws_access_key_id = @@ID@@\naws_secret_access_key = @@S@@\n\n[prod]\nsource_profile = default\nrole_arn = arn:aws:iam::123456789012:role/Admin",
    "printf '[default]\\naws_access_key_id=%s\\naws_secret_access_key=%s\\n' @@ID@@ @@S@@ > ~/.aws/credentials",
], visible="aws_secret_access_key")

_add(G, "aws-credentials-session-token", lambda: {"S": "IQoJb3JpZ2luX2Vj" + _b64(_rb(_R.randrange(300, 420))),
                                                  "ID": _aws_id("AS" + "IA")}, [
    "[temp]\naws_access_key_id = @@ID@@\naws_secret_access_key = x\naws_session_token = @@S@@",
    "aws configure set aws_session_token @@S@@ --profile mfa",
], visible="aws_session_token")

_add(G, "kubeconfig-token", lambda: _k8s_sa_jwt(), [
    "users:\n- name: ci-deployer\n  user:\n    token: @@S@@",
    "kubectl config set-credentials ci-deployer --token=@@S@@",
], visible="ci-deployer")

_add(G, "kubeconfig-bootstrap-token", lambda: _pick(_LOWNUM, 6) + "." + _pick(_LOWNUM, 16), [
    "users:\n- name: kubelet-bootstrap\n  user:\n    token: @@S@@",
    "kubeadm join 10.0.0.10:6443 --token @@S@@ --discovery-token-ca-cert-hash sha256:" + _hex(64),
], visible="kubelet-bootstrap")


def _ck_data():
    h, b, f = _pem_parts("RSA " + _PRIV, "308204a40201000282010100", 1180)
    return _b64((h + "\n" + b + "\n" + f + "\n").encode())


_add(G, "kubeconfig-client-key-data", _ck_data, [
    "users:\n- name: kind-dev\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM=\n    client-key-data: @@S@@",
    "    client-key-data: @@S@@",
], visible="client-key-data")

_add(G, "htpasswd-apr1", lambda: "$apr1$" + _pick(_ALNUM + "./", 8) + "$" + _pick(_ALNUM + "./", 22), [
    "admin:@@S@@",
    "echo 'traefik-admin:@@S@@' > ./auth/.htpasswd",
    "  - \"traefik.http.middlewares.auth.basicauth.users=ops:@@S@@\"",
], visible="")

_add(G, "htpasswd-bcrypt", lambda: "$2y$" + "10$" + _pick(_ALNUM + "./", 53), [
    "@@USER@@:@@S@@",
    "cat /etc/nginx/.htpasswd\n@@USER@@:@@S@@",
], visible="")

_add(G, "shadow-line", lambda: "$6$" + _pick(_ALNUM + "./", 16) + "$" + _pick(_ALNUM + "./", 86), [
    "@@USER@@:@@S@@:19800:0:99999:7:::",
    "sudo grep deploy /etc/shadow\ndeploy:@@S@@:19622:0:99999:7:::",
], visible="")

_add(G, "bundler-config", lambda: {"S": _urlpw(), "U": _R.choice(_USERS)}, [
    "BUNDLE_GEMS__CONTRIBSYS__COM: \"@@U@@:@@S@@\"",
    "bundle config set --global gems.contribsys.com @@U@@:@@S@@",
    "export BUNDLE_RUBYGEMS__PKG__GITHUB__COM=@@U@@:@@S@@",
], visible=["BUNDLE_GEMS__CONTRIBSYS__COM", "bundle config", "BUNDLE_RUBYGEMS__PKG__GITHUB__COM"])

_add(G, "composer-auth-json", _pw, [
    '{\n  "http-basic": {\n    "repo.packagist.com": {\n      "username": "@@USER@@",\n      "password": "@@S@@"\n    }\n  }\n}',
    "composer config --global http-basic.repo.magento.com @@USER@@ @@S@@",
], visible=["username", "http-basic"])

_add(G, "composer-github-oauth", lambda: _gh("o"), [
    '{"github-oauth": {"github.com": "@@S@@"}}',
    "composer config -g github-oauth.github.com @@S@@",
], visible="github-oauth")

_add(G, "my-cnf", _pw, [
    "[client]\nuser=root\npassword=@@S@@\nhost=127.0.0.1",
    "[mysqldump]\nuser = backup\npassword = \"@@S@@\"",
    "cat > ~/.my.cnf <<EOF\n[client]\nuser=@@USER@@\npassword='@@S@@'\nEOF",
], visible=["[client]", "[mysqldump]", "[client]"])

_add(G, "nuget-config", _pw, [
    "<packageSourceCredentials>\n  <acme>\n    <add key=\"Username\" value=\"@@USER@@\" />\n    <add key=\"ClearTextPassword\" value=\"@@S@@\" />\n  </acme>\n</packageSourceCredentials>",
    "dotnet nuget add source https://nuget.acme.dev/v3/index.json -n acme -u @@USER@@ -p @@S@@ --store-password-in-clear-text",
], visible=["ClearTextPassword", "nuget"])

_add(G, "cargo-credentials", lambda: "ci" + "o" + _an(32), [
    "[registry]\ntoken = \"@@S@@\"",
    "cargo login @@S@@",
    "# ~/.cargo/credentials.toml\n[registries.acme]\ntoken = \"@@S@@\"",
], visible=["[registry]", "cargo login", "credentials.toml"])

_add(G, "terraform-credentials", lambda: _an(14) + ".atlas" + "v1." + _an(67), [
    '{\n  "credentials": {\n    "app.terraform.io": {\n      "token": "@@S@@"\n    }\n  }\n}',
    "credentials \"app.terraform.io\" {\n  token = \"@@S@@\"\n}",
], visible="app.terraform.io")


def _gcp_sa():
    h, b, f = _pem_parts(_PRIV, "308204be020100300d06092a864886f70d0101010500048204a8", 1190)
    return {"S": b.replace("\n", "\\n"), "H": h, "F": f}


_add(G, "gcp-service-account-json", _gcp_sa, [
    '{\n  "type": "service_account",\n  "project_id": "acme-prod",\n  "private_key_id": "' + _hex(40) + '",\n  "private_key": "@@H@@\\n@@S@@\\n@@F@@\\n",\n  "client_email": "deployer@acme-prod.iam.gserviceaccount.com"\n}',
    '"private_key": "@@H@@\\n@@S@@\\n@@F@@\\n",',
], visible="client_email|private_key".split("|"))

_add(G, "smb-credentials-file", _pw, [
    "username=@@USER@@\npassword=@@S@@\ndomain=CORP",
    "echo -e 'username=svc_backup\\npassword=@@S@@' | sudo tee /etc/samba/creds.backup",
], visible="username")

_add(G, "wpa-supplicant-conf", lambda: _human() + " " + _R.choice(_WORDS), [
    "network={\n    ssid=\"Office-5G\"\n    psk=\"@@S@@\"\n    key_mgmt=WPA-PSK\n}",
], visible="ssid")

_add(G, "wpa-supplicant-psk-hex", lambda: _hex(64), [
    "network={\n\tssid=\"lab-iot\"\n\tpsk=@@S@@\n}",
], visible="ssid")

_add(G, "s3cfg", lambda: {"S": _aws_secret(), "ID": _aws_id()}, [
    "[default]\naccess_key = @@ID@@\nsecret_key = @@S@@\nhost_base = s3.amazonaws.com",
], visible="secret_key")

_add(G, "postfix-sasl-passwd", lambda: "S" + "G." + _pick(_ALNUM + "-_", 22) + "." + _pick(_ALNUM + "-_", 43), [
    "[smtp.sendgrid.net]:587 apikey:@@S@@",
    "echo '[smtp.sendgrid.net]:587 apikey:@@S@@' | sudo tee /etc/postfix/sasl_passwd && sudo postmap /etc/postfix/sasl_passwd",
], visible="smtp.sendgrid.net")

_add(G, "postfix-sasl-passwd-pw", _safe_pw, [
    "[smtp.office365.com]:587 notifications@acme.com:@@S@@",
], visible="smtp.office365.com")

_add(G, "gh-hosts-yml", lambda: _gh("o"), [
    "github.com:\n    user: octocat\n    oauth_token: @@S@@\n    git_protocol: ssh",
], visible="oauth_token")

_add(G, "git-config-extraheader", lambda: _b64(("x-access-token:" + _gh("s")).encode()), [
    "git config --global http.https://github.com/.extraheader \"AUTHORIZATION: basic @@S@@\"",
    "[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic @@S@@",
], visible="extraheader")

_add(G, "rclone-conf", lambda: {"S": _aws_secret(), "ID": _aws_id()}, [
    "[s3-backup]\ntype = s3\nprovider = AWS\naccess_key_id = @@ID@@\nsecret_access_key = @@S@@\nregion = us-east-1",
], visible="secret_access_key")

_add(G, "rclone-obscured-pass", lambda: _b64u(_rb(_R.randrange(20, 40))), [
    "[nas]\ntype = sftp\nhost = nas01.lan\nuser = media\npass = @@S@@",
], visible="[nas]")

_add(G, "odbc-ini", _pw, [
    "[ReportingDSN]\nDriver=ODBC Driver 18 for SQL Server\nServer=sql01.corp.local\nUID=report_ro\nPWD=@@S@@",
], visible="UID")

_add(G, "ansible-inventory", _pw, [
    "[db]\n10.0.3.11 ansible_user=admin ansible_password=@@S@@",
    "all:\n  vars:\n    ansible_become_pass: \"@@S@@\"",
    "web01 ansible_host=10.0.2.5 ansible_ssh_pass=@@S@@",
], visible=["ansible_password", "ansible_become_pass", "ansible_ssh_pass"])

_add(G, "svn-simple-auth", _safe_pw, [
    "K 8\npassword\nV @@N@@\n@@S@@\nK 8\nusername\nV 5\nbuild",
], visible="username")

_add(G, "pgservice-conf", _pw, [
    "[reporting]\nhost=@@HOST@@\nport=5432\ndbname=@@DB@@\nuser=@@USER@@\npassword=@@S@@",
], visible="dbname")

_add(G, "dotenv-file", _pw, [
    "# .env\nDB_HOST=@@HOST@@\nDB_USER=@@USER@@\nDB_PASSWORD=@@S@@\nDB_NAME=@@DB@@",
    "SMTP_PASSWORD=\"@@S@@\"",
    "cat .env.production | grep -i pass\nREDIS_PASSWORD=@@S@@",
    "export ADMIN_PASSWORD='@@S@@'",
], visible=["DB_PASSWORD", "SMTP_PASSWORD", "REDIS_PASSWORD", "ADMIN_PASSWORD"])

_add(G, "jenkins-credentials-xml", _pw, [
    "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <id>nexus</id>\n  <username>@@USER@@</username>\n  <password>@@S@@</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>",
], visible="<id>nexus</id>")

_add(G, "filezilla-xml", lambda: _b64(_safe_pw().encode()), [
    "<Server><Host>ftp.acme.com</Host><Port>21</Port><User>webdeploy</User><Pass encoding=\"base64\">@@S@@</Pass></Server>",
], visible="<User>webdeploy</User>")

_add(G, "boto-config", lambda: {"S": _aws_secret(), "ID": _aws_id()}, [
    "[Credentials]\naws_access_key_id = @@ID@@\naws_secret_access_key = @@S@@",
], visible="[Credentials]")

_add(G, "docker-compose-env-file", _pw, [
    "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: app\n      POSTGRES_PASSWORD: @@S@@",
    "    environment:\n      - MYSQL_ROOT_PASSWORD=@@S@@\n      - MYSQL_DATABASE=@@DB@@",
], visible=["POSTGRES_PASSWORD", "MYSQL_ROOT_PASSWORD"])

_add(G, "spring-application-properties", _pw, [
    "spring.datasource.url=jdbc:postgresql://@@HOST@@:5432/@@DB@@\nspring.datasource.username=@@USER@@\nspring.datasource.password=@@S@@",
    "spring:\n  datasource:\n    username: @@USER@@\n    password: '@@S@@'",
    "spring.mail.password=@@S@@",
], visible=["spring.datasource.password", "datasource", "spring.mail.password"])

_add(G, "terraform-tfvars", _pw, [
    "db_password = \"@@S@@\"\ndb_username = \"@@USER@@\"",
    "variable \"admin_password\" {\n  type    = string\n  default = \"@@S@@\"\n}",
], visible=["db_password", "admin_password"])

# ====================================================================
# group: id-beside-secret
# ====================================================================
G = "id-beside-secret"


def _twilio():
    return {"S": _hex(32), "ID": "A" + "C" + _hex(32)}


_add(G, "twilio-client-positional", _twilio, [
    "client = Client('@@ID@@', '@@S@@')",
    "from twilio.rest import Client\nclient = Client(\"@@ID@@\", \"@@S@@\")\nclient.messages.create(to=\"+15558675310\", from_=\"+15017122661\", body=\"hi\")",
    "const client = require('twilio')('@@ID@@', '@@S@@');",
    "var twilio = new TwilioRestClient(\"@@ID@@\", \"@@S@@\");",
    "TwilioClient.Init(\"@@ID@@\", \"@@S@@\");",
    "@client = Twilio::REST::Client.new('@@ID@@', '@@S@@')",
], visible="Client")

_add(G, "twilio-prose", _twilio, [
    "Twilio account @@ID@@ auth token @@S@@ (from the console, test project)",
    "note: sms sender uses account @@ID@@ / @@S@@",
    "twilio creds for staging: SID @@ID@@, token @@S@@",
], visible="account")

_add(G, "twilio-curl-basic", _twilio, [
    "curl -X POST https://api.twilio.com/2010-04-01/Accounts/@@ID@@/Messages.json -u @@ID@@:@@S@@ --data-urlencode 'Body=test'",
    "curl 'https://api.twilio.com/2010-04-01/Accounts.json' -u '@@ID@@:@@S@@'",
], visible="api.twilio.com")


def _awspair():
    return {"S": _aws_secret(), "ID": _aws_id()}


_add(G, "aws-js-credentials", _awspair, [
    "AWS.config.credentials = new AWS.Credentials('@@ID@@', '@@S@@');",
    "const creds = new AWS.Credentials(\"@@ID@@\", \"@@S@@\", null);",
    "AWS.config.update({ credentials: new AWS.Credentials('@@ID@@', '@@S@@') });",
], visible="AWS.Credentials")

_add(G, "aws-boto-positional", _awspair, [
    "s3 = boto3.client('s3', 'us-east-1', None, True, None, None, '@@ID@@', '@@S@@')",
    "conn = boto.connect_s3('@@ID@@', '@@S@@')",
    "session = boto3.Session('@@ID@@', '@@S@@', region_name='eu-west-1')",
    "sqs = boto.sqs.connect_to_region('us-west-2', '@@ID@@', '@@S@@')",
], visible=["boto3.client", "connect_s3", "boto3.Session", "connect_to_region"])

_add(G, "aws-go-static", _awspair, [
    "sess := session.Must(session.NewSession(&aws.Config{Credentials: credentials.NewStaticCredentials(\"@@ID@@\", \"@@S@@\", \"\")}))",
    "cfg.Credentials = aws.NewCredentialsCache(credentials.NewStaticCredentialsProvider(\"@@ID@@\", \"@@S@@\", \"\"))",
], visible="NewStatic")

_add(G, "aws-java-basic", _awspair, [
    "BasicAWSCredentials awsCreds = new BasicAWSCredentials(\"@@ID@@\", \"@@S@@\");",
    "AwsBasicCredentials.create(\"@@ID@@\", \"@@S@@\")",
    "var creds = new BasicAWSCredentials(\"@@ID@@\", \"@@S@@\"); // C# AWSSDK",
], visible=["BasicAWSCredentials", "AwsBasicCredentials", "BasicAWSCredentials"])

_add(G, "aws-csv-export", _awspair, [
    "Access key ID,Secret access key\n@@ID@@,@@S@@",
    "User name,Password,Access key ID,Secret access key,Console login link\nci-deployer,,@@ID@@,@@S@@,https://123456789012.signin.aws.amazon.com/console",
], visible="Access key ID")

_add(G, "aws-prose-pair", _awspair, [
    "new IAM key for ci-deployer: @@ID@@ @@S@@ (old one deactivated)",
    "Rotated the key, new one is @@ID@@ / @@S@@",
    "creds: @@ID@@:@@S@@",
], visible=["ci-deployer", "Rotated", "creds"])

_add(G, "aws-cli-configure-positional", _awspair, [
    "printf '%s\\n%s\\nus-east-1\\njson\\n' @@ID@@ @@S@@ | aws configure --profile ci",
    "aws configure <<< $'@@ID@@\\n@@S@@\\nus-east-1\\njson'",
], visible="aws configure")


def _azure():
    return {"S": _azure_secret(), "ID": _uuid(), "T": _uuid()}


_add(G, "azure-client-secret", _azure, [
    "credential = ClientSecretCredential(\"@@T@@\", \"@@ID@@\", \"@@S@@\")",
    "var cred = new ClientSecretCredential(\"@@T@@\", \"@@ID@@\", \"@@S@@\");",
    "az login --service-principal -u @@ID@@ -p @@S@@ --tenant @@T@@",
    "app registration @@ID@@ secret @@S@@ expires 2025-06",
    "Connect-AzAccount -ServicePrincipal -Tenant @@T@@ -Credential (New-Object PSCredential('@@ID@@', (ConvertTo-SecureString '@@S@@' -AsPlainText -Force)))",
], visible=["ClientSecretCredential", "ClientSecretCredential", "az login", "app registration", "Connect-AzAccount"])

_add(G, "azure-sdk-go", _azure, [
    "cred, err := azidentity.NewClientSecretCredential(\"@@T@@\", \"@@ID@@\", \"@@S@@\", nil)",
], visible="azidentity")


def _gcs_hmac():
    return {"S": _pick(_ALNUM + "+/", 40), "ID": "GOOG" + "1E" + _pick(_UPNUM, 55)}


_add(G, "gcs-hmac-pair", _gcs_hmac, [
    "client = Minio('storage.googleapis.com', '@@ID@@', '@@S@@', secure=True)",
    "HMAC key for svc-backup: @@ID@@ / @@S@@",
    "mc alias set gcs https://storage.googleapis.com @@ID@@ @@S@@",
], visible=["Minio", "svc-backup", "mc alias set"])


def _ali():
    return {"S": _an(30), "ID": "LT" + "AI" + _an(20)}


_add(G, "alibaba-acs-client", _ali, [
    "client = AcsClient('@@ID@@', '@@S@@', 'cn-hangzhou')",
    "auth = oss2.Auth('@@ID@@', '@@S@@')",
    "ossutil config -e oss-cn-shanghai.aliyuncs.com -i @@ID@@ -k @@S@@",
    "DefaultProfile profile = DefaultProfile.getProfile(\"cn-beijing\", \"@@ID@@\", \"@@S@@\");",
], visible=["AcsClient", "oss2.Auth", "ossutil", "DefaultProfile"])


def _tencent():
    return {"S": _an(32), "ID": "AK" + "ID" + _an(32)}


_add(G, "tencent-credential", _tencent, [
    "cred = credential.Credential(\"@@ID@@\", \"@@S@@\")",
    "Credential cred = new Credential(\"@@ID@@\", \"@@S@@\");",
    "tccli configure set secretId @@ID@@ secretKey @@S@@",
], visible=["credential.Credential", "Credential", "tccli"])


def _algolia():
    return {"S": _hex(32), "ID": _pick(_UPNUM, 10)}


_add(G, "algolia-app-admin", _algolia, [
    "client = SearchClient.create('@@ID@@', '@@S@@')",
    "const client = algoliasearch('@@ID@@', '@@S@@');",
    "algolia profile add --name prod --app-id @@ID@@ --admin-api-key @@S@@",
    "Algolia: app @@ID@@, admin @@S@@ -- used by the reindex job only",
], visible=["SearchClient", "algoliasearch", "--app-id", "Algolia"])


def _pusher():
    return {"S": _hex(20), "ID": _hex(20), "A": str(_R.randrange(1000000, 1999999))}


_add(G, "pusher-key-secret", _pusher, [
    "$pusher = new Pusher\\Pusher('@@ID@@', '@@S@@', '@@A@@', ['cluster' => 'eu']);",
    "pusher_client = pusher.Pusher('@@A@@', '@@ID@@', '@@S@@', 'mt1', ssl=True)",
    "PUSHER_URL=http://@@ID@@:@@S@@@api-eu.pusher.com/apps/@@A@@",
], visible=["Pusher", "pusher.Pusher", "PUSHER_URL"])


def _cloudinary():
    return {"S": _pick(_ALNUM + "-_", 27), "ID": str(_R.randrange(10 ** 14, 10 ** 15))}


_add(G, "cloudinary-url", _cloudinary, [
    "CLOUDINARY_URL=cloudinary://@@ID@@:@@S@@@acme-media",
    "cloudinary.config(\"acme-media\", \"@@ID@@\", \"@@S@@\")",
    "cloudinary://@@ID@@:@@S@@@demo",
], visible=["CLOUDINARY_URL", "cloudinary.config", "demo"])


def _minio():
    return {"S": _pick(_ALNUM + "+/", 40), "ID": _pick(_UPNUM, 20)}


_add(G, "minio-positional", _minio, [
    "mc alias set local http://127.0.0.1:9000 @@ID@@ @@S@@",
    "minioClient := minio.New(\"play.min.io\", \"@@ID@@\", \"@@S@@\", true)",
    "s3cmd --access_key=@@ID@@ --secret_key=@@S@@ ls s3://backups",
], visible=["mc alias set", "minio.New", "--access_key"])


def _do_spaces():
    return {"S": _b64(_rb(32)).rstrip("="), "ID": "DO" + "00" + _pick(_UPNUM, 16)}


_add(G, "do-spaces-pair", _do_spaces, [
    "mc alias set spaces https://nyc3.digitaloceanspaces.com @@ID@@ @@S@@",
    "spaces key @@ID@@ secret @@S@@ for the cdn bucket",
], visible=["spaces", "cdn bucket"])


def _b2():
    return {"S": "K00" + _R.choice("1235") + _pick(_ALNUM, 27), "ID": "00" + _hex(23)}


_add(G, "backblaze-b2", _b2, [
    "b2 authorize-account @@ID@@ @@S@@",
    "b2 account authorize @@ID@@ @@S@@",
    "B2 keyID @@ID@@ applicationKey @@S@@",
], visible=["authorize-account", "authorize", "keyID"])


def _r2():
    return {"S": _hex(64), "ID": _hex(32), "A": _hex(32)}


_add(G, "cloudflare-r2-pair", _r2, [
    "mc alias set r2 https://@@A@@.r2.cloudflarestorage.com @@ID@@ @@S@@",
    "rclone config create r2 s3 provider Cloudflare @@ID@@ @@S@@ endpoint https://@@A@@.r2.cloudflarestorage.com",
], visible="r2")


def _oauth1():
    return {"S": _an(50), "ID": _an(25), "T": str(_R.randrange(10 ** 17, 10 ** 18)) + "-" + _an(30),
            "TS": _an(45)}


_add(G, "twitter-oauth1", _oauth1, [
    "auth = OAuth1('@@ID@@', '@@S@@', '@@T@@', '@@TS@@')",
    "api = twitter.Api('@@ID@@', '@@S@@', '@@T@@', '@@TS@@')",
], visible=["OAuth1", "twitter.Api"])

_add(G, "twitter-oauth1-token-secret", lambda: {"S": _an(45), "ID": _an(25), "C": _an(50),
                                               "T": str(_R.randrange(10 ** 17, 10 ** 18)) + "-" + _an(30)}, [
    "auth = tweepy.OAuth1UserHandler('@@ID@@', '@@C@@', '@@T@@', '@@S@@')",
], visible="OAuth1UserHandler")


def _sauce():
    return {"S": _uuid(), "ID": _R.choice(["qa-team", "acme_ci", "jdoe"])}


_add(G, "saucelabs-user-key", _sauce, [
    "sc -u @@ID@@ -k @@S@@ --region us-west --tunnel-name ci",
    "driver = webdriver.Remote('https://@@ID@@:@@S@@@ondemand.us-west-1.saucelabs.com/wd/hub', options=opts)",
    "saucectl configure -u @@ID@@ -a @@S@@",
], visible=["--tunnel-name", "saucelabs.com", "saucectl"])


def _bstack():
    return {"S": _an(20), "ID": _pick(_LOWER, 6) + "_" + _an(6)}


_add(G, "browserstack-url", _bstack, [
    "https://@@ID@@:@@S@@@hub-cloud.browserstack.com/wd/hub",
    "BrowserStackLocal --key @@S@@ --local-identifier ci-42  # user @@ID@@",
], visible=["hub-cloud.browserstack.com", "BrowserStackLocal"])


def _dd():
    return {"S": _hex(40), "ID": _hex(32)}


_add(G, "datadog-api-app-pair", _dd, [
    "initialize(**{'api_key': '@@ID@@', 'app_key': '@@S@@'})",
    "dd keys: @@ID@@ / @@S@@",
    "curl -X GET https://api.datadoghq.com/api/v1/monitor -H 'DD-API-KEY: @@ID@@' -H 'DD-APPLICATION-KEY: @@S@@'",
], visible=["initialize", "dd keys", "DD-APPLICATION-KEY"])


def _basic_tuple():
    return {"S": _pw().replace("'", ""), "U": _R.choice(_USERS)}


_add(G, "basic-auth-tuple", _basic_tuple, [
    "r = requests.get(url, auth=('@@U@@', '@@S@@'))",
    "resp = httpx.post(api, auth=(\"@@U@@\", \"@@S@@\"), json=payload)",
    "HTTPBasicAuth('@@U@@', '@@S@@')",
    "aiohttp.BasicAuth('@@U@@', '@@S@@')",
    "axios.get(url, { auth: { username: '@@U@@', password: '@@S@@' } })",
], visible="@@U@@")

_add(G, "jdbc-getconnection-positional", _basic_tuple, [
    "Connection conn = DriverManager.getConnection(\"jdbc:postgresql://@@HOST@@:5432/@@DB@@\", \"@@U@@\", \"@@S@@\");",
    "conn = pymysql.connect('@@HOST@@', '@@U@@', '@@S@@', '@@DB@@')",
    "db = MySQLdb.connect(\"@@HOST@@\", \"@@U@@\", \"@@S@@\", \"@@DB@@\")",
    "$pdo = new PDO('mysql:host=@@HOST@@;dbname=@@DB@@', '@@U@@', '@@S@@');",
    "$conn = mysqli_connect(\"@@HOST@@\", \"@@U@@\", \"@@S@@\", \"@@DB@@\");",
], visible="@@U@@")

_add(G, "smtp-login-positional", _basic_tuple, [
    "server.login('@@U@@@acme.com', '@@S@@')",
    "Net::SMTP.start('smtp.acme.com', 587, 'acme.com', '@@U@@', '@@S@@', :login)",
    "client.Credentials = new NetworkCredential(\"@@U@@\", \"@@S@@\");",
    "ftp.login('@@U@@', '@@S@@')",
    "transport.connect(\"smtp.gmail.com\", 587, \"@@U@@@gmail.com\", \"@@S@@\");",
], visible="@@U@@")

_add(G, "paramiko-connect", _basic_tuple, [
    "ssh.connect('10.0.8.21', 22, '@@U@@', '@@S@@')",
    "Session session = jsch.getSession(\"@@U@@\", host, 22); session.setPassword(\"@@S@@\");",
    "sftp = pysftp.Connection('files.acme.com', username='@@U@@', password='@@S@@')",
], visible="@@U@@")

_add(G, "okta-client-pair", lambda: {"S": _pick(_ALNUM + "-_", 40), "ID": "0oa" + _an(17)}, [
    "oauth = OAuth2Session('@@ID@@', '@@S@@')",
    "okta app @@ID@@ client secret @@S@@",
    "curl -u @@ID@@:@@S@@ -d grant_type=client_credentials -d scope=api https://acme.okta.com/oauth2/default/v1/token",
], visible=["OAuth2Session", "okta app", "grant_type"])

_add(G, "google-oauth-client-pair", lambda: {"S": "GOC" + "SPX-" + _pick(_ALNUM + "-_", 28),
                                             "ID": str(_R.randrange(10 ** 11, 10 ** 12)) + "-" + _pick(_LOWNUM, 32) + ".apps.googleusercontent.com"}, [
    "flow = Flow.from_client_config({'web': {'client_id': '@@ID@@', 'client_secret': '@@S@@'}}, scopes)",
    "gcloud client @@ID@@ @@S@@",
], visible=["client_id", "gcloud client"])

_add(G, "keycloak-client-pair", lambda: {"S": _an(32), "ID": _R.choice(["orders-api", "grafana", "argocd"])}, [
    "curl -d 'client_id=@@ID@@' -d 'client_secret=@@S@@' -d 'grant_type=client_credentials' https://sso.acme.dev/realms/main/protocol/openid-connect/token",
    "keycloak_openid = KeycloakOpenID(server_url, '@@ID@@', 'main', '@@S@@')",
], visible=["grant_type", "KeycloakOpenID"])

_add(G, "mongo-atlas-api-pair", lambda: {"S": _uuid(), "ID": _pick(_LOWER, 8)}, [
    "curl --user '@@ID@@:@@S@@' --digest https://cloud.mongodb.com/api/atlas/v1.0/groups",
    "atlas config set public_api_key @@ID@@ && atlas config set private_api_key @@S@@",
], visible=["cloud.mongodb.com", "private_api_key"])

_add(G, "huawei-obs-pair", lambda: {"S": _an(40), "ID": _pick(_UPNUM, 20)}, [
    "obsClient = ObsClient(access_key_id='@@ID@@', secret_access_key='@@S@@', server='https://obs.ap-southeast-1.myhuaweicloud.com')",
    "obsutil config -i=@@ID@@ -k=@@S@@ -e=obs.cn-north-4.myhuaweicloud.com",
], visible=["ObsClient", "obsutil"])

_add(G, "ibm-cos-hmac", lambda: {"S": _hex(48), "ID": _hex(32)}, [
    "\"cos_hmac_keys\": {\"access_key_id\": \"@@ID@@\", \"secret_access_key\": \"@@S@@\"}",
    "ibm cos hmac @@ID@@ @@S@@",
], visible=["cos_hmac_keys", "ibm cos hmac"])

_add(G, "linode-obj-pair", lambda: {"S": _an(40), "ID": _pick(_UPNUM, 20)}, [
    "s3cmd --configure  # entered @@ID@@ then @@S@@ for us-east-1.linodeobjects.com",
], visible="s3cmd")

_add(G, "mqtt-user-pass-positional", _basic_tuple, [
    "client.username_pw_set('@@U@@', '@@S@@')",
    "mqttClient.connect(\"esp32-node\", \"@@U@@\", \"@@S@@\")",
], visible="@@U@@")

_add(G, "ldap-bind-positional", _basic_tuple, [
    "conn = Connection(server, 'cn=@@U@@,dc=acme,dc=com', '@@S@@', auto_bind=True)",
    "l.simple_bind_s('uid=@@U@@,ou=people,dc=acme,dc=com', '@@S@@')",
], visible="@@U@@")

# ====================================================================
# group: vendor-named
# ====================================================================
G = "vendor-named"


def _mailgun_new():
    return _hex(32) + "-" + _hex(8) + "-" + _hex(8)


_add(G, "mailgun-private-key", _mailgun_new, [
    "MAILGUN_API_KEY=@@S@@",
    "curl -s --user 'api:@@S@@' https://api.mailgun.net/v3/mg.acme.com/messages -F from='noreply@acme.com' -F to=ops@acme.com -F subject=test",
    "mg = Mailgun(\"@@S@@\", domain=\"mg.acme.com\")",
    "mailgun: @@S@@",
    "requests.post('https://api.eu.mailgun.net/v3/mg.acme.eu/messages', auth=('api', '@@S@@'), data=msg)",
], visible=["MAILGUN_API_KEY", "api.mailgun.net", "Mailgun", "mailgun", "mailgun"])

_add(G, "mailgun-key-legacy", lambda: "ke" + "y-" + _hex(32), [
    "mailgun_api_key: @@S@@",
    "curl --user 'api:@@S@@' https://api.mailgun.net/v3/domains",
    "const mg = mailgun.client({ username: 'api', key: '@@S@@' });",
    "old mailgun key @@S@@ still active on the sandbox domain",
], visible=["mailgun_api_key", "api.mailgun.net", "mailgun.client", "sandbox"])


def _doppler(kind, config=None, n=40):
    p = "dp." + kind + "."
    if config:
        p += config + "."
    return p + _an(n)


_add(G, "doppler-service-token", lambda: _doppler("st"), [
    "DOPPLER_TOKEN=@@S@@",
    "doppler configure set token @@S@@ --scope /app",
    "docker run -e DOPPLER_TOKEN=\"@@S@@\" acme/api:1.4.2",
    "echo @@S@@ | doppler configure set token --scope /srv/app",
], visible=["DOPPLER_TOKEN", "doppler configure", "DOPPLER_TOKEN", "doppler configure"])

_add(G, "doppler-service-token-config", lambda: _doppler("st", _R.choice(["prd", "dev", "stg", "ci_tests", "dev_personal"]), 43), [
    "doppler run --token @@S@@ -- npm start",
    "export DOPPLER_TOKEN='@@S@@'",
    "token for prd config: @@S@@",
], visible=["doppler run", "DOPPLER_TOKEN", "prd config"])

_add(G, "doppler-personal-token", lambda: _doppler("pt", n=43), [
    "doppler login --token @@S@@",
    "curl --request GET --url https://api.doppler.com/v3/projects --header 'authorization: Bearer @@S@@'",
], visible=["doppler login", "api.doppler.com"])

_add(G, "doppler-cli-token", lambda: _doppler("ct", n=43), [
    "~/.doppler/.doppler.yaml:\nscoped:\n  /:\n    token: @@S@@",
    "DOPPLER_TOKEN=@@S@@ doppler secrets download --no-file",
], visible=["scoped", "doppler secrets download"])

_add(G, "doppler-service-account", lambda: _doppler("sa", n=43), [
    "doppler_service_account_token = \"@@S@@\"",
    "export DOPPLER_TOKEN=@@S@@  # service account for terraform",
], visible=["doppler_service_account_token", "DOPPLER_TOKEN"])

_add(G, "doppler-scim-token", lambda: _doppler("scim", n=43), [
    "SCIM bearer for Okta provisioning: @@S@@",
    "curl -H 'Authorization: Bearer @@S@@' https://api.doppler.com/scim/v2/Users",
], visible=["Okta provisioning", "Authorization"])

_add(G, "doppler-audit-token", lambda: _doppler("audit", n=43), [
    "DOPPLER_AUDIT_TOKEN=@@S@@",
], visible="DOPPLER_AUDIT_TOKEN")


def _connect_sid():
    return "s%3A" + _pick(_ALNUM + "-_", 32) + "." + _b64(_rb(32)).rstrip("=").replace("+", "%2B").replace("/", "%2F")


_add(G, "cookie-connect-sid", _connect_sid, [
    "curl -b 'connect.sid=@@S@@' http://localhost:3000/api/me",
    "curl --cookie \"connect.sid=@@S@@\" https://staging.acme.dev/admin/users",
    "curl -s -H 'Cookie: connect.sid=@@S@@; theme=dark' http://127.0.0.1:8080/dashboard",
    "http GET :3000/api/orders Cookie:connect.sid=@@S@@",
], visible="connect.sid")

_add(G, "cookie-session-generic", lambda: _b64u(_rb(_R.randrange(40, 90))), [
    "curl -b \"session=@@S@@\" https://app.acme.dev/api/v2/export",
    "curl --cookie 'sessionid=@@S@@; csrftoken=abc' https://admin.acme.dev/",
    "curl -b '_myapp_session=@@S@@' http://localhost:3000/admin",
    "requests.get(url, cookies={'session': '@@S@@'})",
    "document.cookie = \"auth_session=@@S@@; path=/\";",
], visible=["session=", "sessionid", "_myapp_session", "cookies", "document.cookie"])

_add(G, "cookie-phpsessid", lambda: _pick(_LOWNUM, 26), [
    "curl -b PHPSESSID=@@S@@ http://intranet.local/admin.php",
], visible="PHPSESSID")

_add(G, "cookie-set-cookie-header", lambda: _b64u(_rb(48)), [
    "< Set-Cookie: __Secure-next-auth.session-token=@@S@@; Path=/; HttpOnly; Secure; SameSite=Lax",
    "Set-Cookie: JSESSIONID=@@S@@; Path=/; HttpOnly",
], visible="Set-Cookie")

_add(G, "github-pat-classic", lambda: _gh("p"), [
    "export GITHUB_TOKEN=@@S@@",
    "gh auth login --with-token <<< @@S@@",
    "git clone https://@@S@@@github.com/acme/infra.git",
    "curl -H \"Authorization: token @@S@@\" https://api.github.com/user",
    "new PAT is @@S@@ (repo + workflow scopes)",
], visible=["GITHUB_TOKEN", "gh auth login", "github.com", "Authorization", "PAT"])

_add(G, "github-oauth-server-user", lambda: _gh(_R.choice("osur")), [
    "GH_TOKEN=@@S@@ gh pr list",
    "token: @@S@@",
    "git remote set-url origin https://x-access-token:@@S@@@github.com/acme/web.git",
], visible=["gh pr list", "token", "github.com"])

_add(G, "github-fine-grained-pat", lambda: "github" + "_pat_" + "11" + _pick(_UPNUM, 20) + "_" + _an(59), [
    "GITHUB_PAT=@@S@@",
    "octokit = new Octokit({ auth: \"@@S@@\" });",
    "echo @@S@@ | gh auth login --with-token",
], visible=["GITHUB_PAT", "Octokit", "gh auth login"])

_add(G, "gitlab-pat", lambda: "gl" + "pat-" + _pick(_ALNUM + "-_", 20), [
    "curl --header \"PRIVATE-TOKEN: @@S@@\" https://gitlab.acme.com/api/v4/projects",
    "GITLAB_TOKEN=@@S@@",
    "git clone https://oauth2:@@S@@@gitlab.com/acme/platform.git",
], visible=["PRIVATE-TOKEN", "GITLAB_TOKEN", "gitlab.com"])

_add(G, "gitlab-runner-token", lambda: "gl" + "rt-" + _pick(_ALNUM + "-_", 20), [
    "gitlab-runner register --non-interactive --url https://gitlab.com --token @@S@@ --executor docker",
    "[[runners]]\n  name = \"ci-01\"\n  token = \"@@S@@\"",
], visible=["gitlab-runner register", "[[runners]]"])

_add(G, "gitlab-deploy-trigger", lambda: _R.choice(["gl" + "dt-", "gl" + "ptt-"]) + _pick(_ALNUM + "-_", 20 if _R.random() < 0.5 else 40), [
    "curl -X POST --fail -F token=@@S@@ -F ref=main https://gitlab.com/api/v4/projects/123/trigger/pipeline",
    "docker login registry.gitlab.com -u gitlab+deploy-token-42 -p @@S@@",
], visible=["trigger/pipeline", "docker login"])

_add(G, "slack-bot-token", lambda: "xo" + "xb-" + str(_R.randrange(10 ** 11, 10 ** 12)) + "-" + str(_R.randrange(10 ** 12, 10 ** 13)) + "-" + _an(24), [
    "SLACK_BOT_TOKEN=@@S@@",
    "client = WebClient(token=\"@@S@@\")",
    "curl -H 'Authorization: Bearer @@S@@' https://slack.com/api/chat.postMessage -d channel=C01ABCDE -d text=deployed",
], visible=["SLACK_BOT_TOKEN", "WebClient", "slack.com"])

_add(G, "slack-user-app-token", lambda: _R.choice(["xo" + "xp-", "xa" + "pp-1-"]) + str(_R.randrange(10 ** 11, 10 ** 12)) + "-" + str(_R.randrange(10 ** 12, 10 ** 13)) + "-" + _hex(64), [
    "SLACK_APP_TOKEN=@@S@@",
    "slack token @@S@@",
], visible=["SLACK_APP_TOKEN", "slack token"])

_add(G, "slack-webhook-url", lambda: "https://hooks." + "slack.com/services/T" + _pick(_UPNUM, 8) + "/B" + _pick(_UPNUM, 10) + "/" + _an(24), [
    "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy ok\"}' @@S@@",
    "SLACK_WEBHOOK_URL=@@S@@",
    "webhook_url: \"@@S@@\"",
], visible=["Content-type", "SLACK_WEBHOOK_URL", "webhook_url"])

_add(G, "stripe-secret-key", lambda: _R.choice(["sk", "rk"]) + "_" + "live_" + _an(_R.choice([24, 99])), [
    "STRIPE_SECRET_KEY=@@S@@",
    "stripe.api_key = \"@@S@@\"",
    "curl https://api.stripe.com/v1/charges -u @@S@@:",
    "const stripe = require('stripe')('@@S@@');",
], visible=["STRIPE_SECRET_KEY", "stripe.api_key", "api.stripe.com", "stripe"])

_add(G, "stripe-webhook-secret", lambda: "wh" + "sec_" + _an(32), [
    "STRIPE_WEBHOOK_SECRET=@@S@@",
    "stripe listen --forward-to localhost:4242/webhook  # Ready! Your webhook signing secret is @@S@@",
], visible=["STRIPE_WEBHOOK_SECRET", "stripe listen"])

_add(G, "openai-key", lambda: "s" + "k-" + _R.choice(["proj-", "svcacct-", ""]) + _pick(_ALNUM + "-_", _R.choice([48, 56, 120])), [
    "export OPENAI_API_KEY=@@S@@",
    "client = OpenAI(api_key=\"@@S@@\")",
    "curl https://api.openai.com/v1/models -H \"Authorization: Bearer @@S@@\"",
    "openai key: @@S@@",
], visible=["OPENAI_API_KEY", "OpenAI", "api.openai.com", "openai key"])

_add(G, "anthropic-key", lambda: "s" + "k-ant-" + _R.choice(["api03-", "admin01-"]) + _pick(_ALNUM + "-_", 93) + "AA", [
    "ANTHROPIC_API_KEY=@@S@@",
    "client = anthropic.Anthropic(api_key=\"@@S@@\")",
    "curl https://api.anthropic.com/v1/messages -H \"x-api-key: @@S@@\" -H 'anthropic-version: 2023-06-01'",
], visible=["ANTHROPIC_API_KEY", "anthropic.Anthropic", "x-api-key"])

_add(G, "aws-secret-labelled", _awspair, [
    "export AWS_ACCESS_KEY_ID=@@ID@@\nexport AWS_SECRET_ACCESS_KEY=@@S@@",
    "AWS_ACCESS_KEY_ID=@@ID@@ AWS_SECRET_ACCESS_KEY=@@S@@ aws s3 ls",
    "aws configure set aws_secret_access_key @@S@@",
    "provider \"aws\" {\n  access_key = \"@@ID@@\"\n  secret_key = \"@@S@@\"\n}",
    "- name: configure\n  env:\n    AWS_SECRET_ACCESS_KEY: @@S@@",
], visible=["AWS_SECRET_ACCESS_KEY", "AWS_SECRET_ACCESS_KEY", "aws_secret_access_key", "secret_key", "AWS_SECRET_ACCESS_KEY"])

_add(G, "aws-access-key-id", lambda: _aws_id(), [
    "aws_access_key_id = @@S@@",
    "leaked key id @@S@@ found in git history, deactivating",
], visible=["aws_access_key_id", "deactivating"])

_add(G, "google-api-key", lambda: "AI" + "za" + _pick(_ALNUM + "-_", 35), [
    "GOOGLE_MAPS_API_KEY=@@S@@",
    "curl 'https://maps.googleapis.com/maps/api/geocode/json?address=Berlin&key=@@S@@'",
    "genai.configure(api_key=\"@@S@@\")",
    "<meta-data android:name=\"com.google.android.geo.API_KEY\" android:value=\"@@S@@\"/>",
], visible=["GOOGLE_MAPS_API_KEY", "maps.googleapis.com", "genai.configure", "android:name"])

_add(G, "google-oauth-tokens", lambda: _R.choice(["ya" + "29." + _pick(_ALNUM + "-_", 150), "1" + "//0" + _pick(_ALNUM + "-_", 100)]), [
    "curl -H \"Authorization: Bearer @@S@@\" https://www.googleapis.com/drive/v3/files",
    "\"refresh_token\": \"@@S@@\"",
], visible=["Authorization", "refresh_token"])

_add(G, "npm-token", _npm, [
    "NPM_TOKEN=@@S@@",
    "npm token create printed: @@S@@",
], visible=["NPM_TOKEN", "npm token create"])

_add(G, "pypi-token", _pypi, [
    "TWINE_PASSWORD=@@S@@",
    "uv publish --token @@S@@",
], visible=["TWINE_PASSWORD", "uv publish"])

_add(G, "sendgrid-key", lambda: "S" + "G." + _pick(_ALNUM + "-_", 22) + "." + _pick(_ALNUM + "-_", 43), [
    "SENDGRID_API_KEY=@@S@@",
    "sg = SendGridAPIClient('@@S@@')",
    "curl --request POST --url https://api.sendgrid.com/v3/mail/send --header 'Authorization: Bearer @@S@@'",
], visible=["SENDGRID_API_KEY", "SendGridAPIClient", "api.sendgrid.com"])

_add(G, "twilio-api-key-secret", lambda: {"S": _an(32), "ID": "S" + "K" + _hex(32)}, [
    "TWILIO_API_KEY=@@ID@@\nTWILIO_API_SECRET=@@S@@",
    "client = Client('@@ID@@', '@@S@@', account_sid)",
], visible=["TWILIO_API_SECRET", "account_sid"])

_add(G, "twilio-auth-token-labelled", lambda: _hex(32), [
    "TWILIO_AUTH_TOKEN=@@S@@",
    "twilio:\n  account_sid: ${TWILIO_ACCOUNT_SID}\n  auth_token: \"@@S@@\"",
], visible=["TWILIO_AUTH_TOKEN", "auth_token"])

_add(G, "jwt", lambda: _jwt(), [
    "curl -H 'Authorization: Bearer @@S@@' http://localhost:8000/api/admin/users",
    "token = \"@@S@@\"",
    "localStorage.setItem('access_token', '@@S@@')",
    "got a 403 with @@S@@ -- role claim is wrong",
    "ACCESS_TOKEN=@@S@@ pytest tests/e2e -k orders",
], visible=["Authorization", "token", "access_token", "403", "ACCESS_TOKEN"])

_add(G, "jwt-supabase-service-role", lambda: _jwt({"iss": "supabase", "ref": _pick(_LOWER, 20), "role": "service_role", "iat": 1700000000, "exp": 2015000000}), [
    "SUPABASE_SERVICE_ROLE_KEY=@@S@@",
    "const supabase = createClient('https://" + _pick(_LOWER, 20) + ".supabase.co', '@@S@@')",
], visible=["SUPABASE_SERVICE_ROLE_KEY", "createClient"])


def _pem_rsa():
    h, b, f = _pem_parts("RSA " + _PRIV, "308204a40201000282010100", 1180)
    return {"S": b, "H": h, "F": f}


def _pem_ec():
    h, b, f = _pem_parts("EC " + _PRIV, "307702010104" + "20", 32 + 40)
    return {"S": b, "H": h, "F": f}


def _pem_pk8():
    h, b, f = _pem_parts(_PRIV, "308204be020100300d06092a864886f70d0101010500048204a8", 1190)
    return {"S": b, "H": h, "F": f}


def _pem_ssh():
    raw = b"openssh-key-v1\x00" + b"\x00\x00\x00\x04none\x00\x00\x00\x04none" + _rb(360)
    b = _b64(raw)
    body = "\n".join(b[i:i + 70] for i in range(0, len(b), 70))
    d = "-" * 5
    return {"S": body, "H": d + "BEGIN OPENSSH " + _PRIV + " KEY" + d, "F": d + "END OPENSSH " + _PRIV + " KEY" + d}


_add(G, "pem-rsa-private-key", _pem_rsa, [
    "@@H@@\n@@S@@\n@@F@@",
    "cat > deploy/key.pem <<'EOF'\n@@H@@\n@@S@@\n@@F@@\nEOF",
    "tls.key: |\n  " + "@@H@@\n@@S@@\n@@F@@",
], visible="")

_add(G, "pem-ec-private-key", _pem_ec, [
    "@@H@@\n@@S@@\n@@F@@",
    "APPLE_PUSH_KEY=\"@@H@@\n@@S@@\n@@F@@\"",
], visible=["", "APPLE_PUSH_KEY"])

_add(G, "pem-pkcs8-private-key", _pem_pk8, [
    "@@H@@\n@@S@@\n@@F@@",
    "$ cat certs/server.key\n@@H@@\n@@S@@\n@@F@@",
], visible="")

_add(G, "openssh-private-key", _pem_ssh, [
    "@@H@@\n@@S@@\n@@F@@",
    "echo \"$(cat <<'K'\n@@H@@\n@@S@@\n@@F@@\nK\n)\" > ~/.ssh/id_ed25519_ci",
], visible="")

_add(G, "discord-bot-token", lambda: _b64u(str(_R.randrange(10 ** 17, 10 ** 18)).encode()) + "." + _pick(_ALNUM + "-_", 6) + "." + _pick(_ALNUM + "-_", 38), [
    "DISCORD_TOKEN=@@S@@",
    "client.run('@@S@@')",
], visible=["DISCORD_TOKEN", "client.run"])

_add(G, "discord-webhook", lambda: "https://discord.com/api/webhooks/" + str(_R.randrange(10 ** 17, 10 ** 18)) + "/" + _pick(_ALNUM + "-_", 68), [
    "curl -H 'Content-Type: application/json' -d '{\"content\":\"build failed\"}' @@S@@",
    "DISCORD_WEBHOOK=@@S@@",
], visible=["Content-Type", "DISCORD_WEBHOOK"])

_add(G, "telegram-bot-token", lambda: str(_R.randrange(10 ** 9, 10 ** 10)) + ":AA" + _pick(_ALNUM + "-_", 33), [
    "curl https://api.telegram.org/bot@@S@@/sendMessage -d chat_id=-100123 -d text=ok",
    "TELEGRAM_BOT_TOKEN=@@S@@",
    "bot = telebot.TeleBot(\"@@S@@\")",
], visible=["sendMessage", "TELEGRAM_BOT_TOKEN", "TeleBot"])

_add(G, "huggingface-token", lambda: "h" + "f_" + _pick(_ALNUM, 34), [
    "huggingface-cli login --token @@S@@",
    "HF_TOKEN=@@S@@",
    "login(token=\"@@S@@\")",
], visible=["huggingface-cli login", "HF_TOKEN", "login"])

_add(G, "shopify-token", lambda: "shp" + _R.choice(["at", "ss", "ca", "pa"]) + "_" + _hex(32), [
    "SHOPIFY_ACCESS_TOKEN=@@S@@",
    "curl -H 'X-Shopify-Access-Token: @@S@@' https://acme.myshopify.com/admin/api/2024-01/products.json",
], visible=["SHOPIFY_ACCESS_TOKEN", "X-Shopify-Access-Token"])

_add(G, "digitalocean-token", lambda: "do" + _R.choice(["p", "o", "r"]) + "_v1_" + _hex(64), [
    "doctl auth init --access-token @@S@@",
    "DIGITALOCEAN_TOKEN=@@S@@",
], visible=["doctl auth init", "DIGITALOCEAN_TOKEN"])

_add(G, "vault-token", lambda: "h" + "vs." + _pick(_ALNUM + "-_", 24 if _R.random() < 0.3 else 91), [
    "export VAULT_TOKEN=@@S@@",
    "vault login @@S@@",
    "curl -H \"X-Vault-Token: @@S@@\" https://vault.acme.dev:8200/v1/secret/data/app",
], visible=["VAULT_TOKEN", "vault login", "X-Vault-Token"])

_add(G, "linear-api-key", lambda: "lin" + "_api_" + _an(40), [
    "LINEAR_API_KEY=@@S@@",
    "curl https://api.linear.app/graphql -H 'Authorization: @@S@@' -d '{\"query\":\"{ viewer { id } }\"}'",
], visible=["LINEAR_API_KEY", "api.linear.app"])

_add(G, "notion-token", lambda: _R.choice(["secret_" + _an(43), "nt" + "n_" + _pick(_DIG, 11) + _an(35)]), [
    "NOTION_TOKEN=@@S@@",
    "notion = Client(auth=\"@@S@@\")",
], visible=["NOTION_TOKEN", "Client"])

_add(G, "figma-token", lambda: "fig" + "d_" + _pick(_ALNUM + "-_", 40), [
    "curl -H 'X-Figma-Token: @@S@@' https://api.figma.com/v1/files/AbC123",
], visible="X-Figma-Token")

_add(G, "sentry-auth-token", lambda: _R.choice(["sntry" + "u_" + _hex(64), "sntry" + "s_" + _b64u(json.dumps({"iat": 1717000000, "url": "https://sentry.io", "org": "acme"}).encode()) + "_" + _b64u(_rb(32))]), [
    "SENTRY_AUTH_TOKEN=@@S@@",
    "sentry-cli --auth-token @@S@@ releases new 1.4.2",
], visible=["SENTRY_AUTH_TOKEN", "sentry-cli"])

_add(G, "newrelic-key", lambda: "NR" + _R.choice(["AK", "AA", "II"]) + "-" + _pick(_UPNUM, 27), [
    "NEW_RELIC_API_KEY=@@S@@",
    "newrelic profiles add --profile prod --apiKey @@S@@ --region us",
], visible=["NEW_RELIC_API_KEY", "newrelic profiles add"])

_add(G, "postman-key", lambda: "PM" + "AK-" + _hex(24) + "-" + _hex(34), [
    "POSTMAN_API_KEY=@@S@@",
    "newman run https://api.getpostman.com/collections/123?apikey=@@S@@",
], visible=["POSTMAN_API_KEY", "newman run"])

_add(G, "atlassian-api-token", lambda: "ATAT" + "T3xFfGF0" + _pick(_ALNUM + "-_", 180) + "=" + _pick(_UPNUM, 8), [
    "curl -u me@acme.com:@@S@@ https://acme.atlassian.net/rest/api/3/myself",
    "JIRA_API_TOKEN=@@S@@",
], visible=["acme.atlassian.net", "JIRA_API_TOKEN"])

_add(G, "databricks-token", lambda: "da" + "pi" + _hex(32), [
    "databricks configure --token  # host https://adb-123.4.azuredatabricks.net token @@S@@",
    "DATABRICKS_TOKEN=@@S@@",
], visible=["databricks configure", "DATABRICKS_TOKEN"])

_add(G, "grafana-token", lambda: _R.choice(["gl" + "sa_" + _an(32) + "_" + _hex(8), "gl" + "c_" + _b64(json.dumps({"o": "123", "n": "stack-1-publisher", "k": _an(24), "m": {"r": "us"}}).encode()).rstrip("=")]), [
    "GRAFANA_TOKEN=@@S@@",
    "curl -H \"Authorization: Bearer @@S@@\" https://grafana.acme.dev/api/dashboards/home",
], visible=["GRAFANA_TOKEN", "Authorization"])

_add(G, "pulumi-token", lambda: "pu" + "l-" + _hex(40), [
    "PULUMI_ACCESS_TOKEN=@@S@@",
    "pulumi login --cloud-url https://api.pulumi.com  # with token @@S@@",
], visible=["PULUMI_ACCESS_TOKEN", "pulumi login"])

_add(G, "age-secret-key", lambda: "AGE-SECRET" + "-KEY-1" + _pick(_BECH, 58), [
    "# created: 2024-05-01T10:00:00Z\n# public key: age1" + _pick(_BECH.lower(), 58) + "\n@@S@@",
    "SOPS_AGE_KEY=@@S@@",
], visible=["public key", "SOPS_AGE_KEY"])

_add(G, "square-token", lambda: _R.choice(["EA" + "AA" + _pick(_ALNUM + "-_", 60), "sq0" + "csp-" + _pick(_ALNUM + "-_", 43)]), [
    "SQUARE_ACCESS_TOKEN=@@S@@",
    "client = Client(access_token='@@S@@', environment='production')",
], visible=["SQUARE_ACCESS_TOKEN", "environment"])

_add(G, "mapbox-secret-token", lambda: "s" + "k." + _b64u(json.dumps({"u": "acme", "a": _pick(_LOWNUM, 25)}).encode()) + "." + _pick(_ALNUM + "-_", 22), [
    "MAPBOX_DOWNLOADS_TOKEN=@@S@@",
], visible="MAPBOX_DOWNLOADS_TOKEN")

_add(G, "supabase-access-token", lambda: "sb" + "p_" + _hex(40), [
    "supabase login --token @@S@@",
    "SUPABASE_ACCESS_TOKEN=@@S@@",
], visible=["supabase login", "SUPABASE_ACCESS_TOKEN"])

_add(G, "azure-storage-connection-string", lambda: _b64(_rb(64)), [
    "DefaultEndpointsProtocol=https;AccountName=acmeprodlogs;AccountKey=@@S@@;EndpointSuffix=core.windows.net",
    "az storage blob upload --account-name acmeprodlogs --account-key @@S@@ -c logs -f app.log -n app.log",
    "AZURE_STORAGE_KEY=@@S@@",
], visible=["AccountName", "--account-name", "AZURE_STORAGE_KEY"])

_add(G, "azure-sas-signature", lambda: _b64(_rb(32)).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"), [
    "https://acmeprod.blob.core.windows.net/backups/db.bak?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2025-12-31T00:00:00Z&st=2024-01-01T00:00:00Z&spr=https&sig=@@S@@",
    "azcopy copy ./dist 'https://acmecdn.blob.core.windows.net/$web?sp=racwdl&st=2024-06-01&se=2024-07-01&sv=2022-11-02&sr=c&sig=@@S@@' --recursive",
], visible=["blob.core.windows.net", "azcopy copy"])

_add(G, "cloudflare-api-token", lambda: _pick(_ALNUM + "-_", 40), [
    "CLOUDFLARE_API_TOKEN=@@S@@",
    "curl -X GET https://api.cloudflare.com/client/v4/user/tokens/verify -H 'Authorization: Bearer @@S@@'",
], visible=["CLOUDFLARE_API_TOKEN", "api.cloudflare.com"])

_add(G, "heroku-api-key", lambda: _R.choice(["HR" + "KU-" + _pick(_ALNUM + "-_", 60), _uuid()]), [
    "HEROKU_API_KEY=@@S@@",
    "heroku authorizations:create printed Token: @@S@@",
], visible=["HEROKU_API_KEY", "authorizations:create"])

_add(G, "fly-token", lambda: "Fly" + "V1 fm2_" + _b64(_rb(120)), [
    "FLY_API_TOKEN=\"@@S@@\"",
    "flyctl deploy --access-token '@@S@@'",
], visible=["FLY_API_TOKEN", "flyctl deploy"])

_add(G, "docker-hub-pat", lambda: "dck" + "r_pat_" + _pick(_ALNUM + "-_", 27), [
    "docker login -u acmebot -p @@S@@",
    "DOCKERHUB_TOKEN=@@S@@",
], visible=["docker login", "DOCKERHUB_TOKEN"])

_add(G, "circleci-token", lambda: "CCI" + "PAT_" + _an(22) + "_" + _hex(40), [
    "circleci setup --token @@S@@ --host https://circleci.com",
], visible="circleci setup")

_add(G, "rubygems-key", lambda: "rubygems" + "_" + _hex(48), [
    "GEM_HOST_API_KEY=@@S@@",
    "---\n:rubygems_api_key: @@S@@",
], visible=["GEM_HOST_API_KEY", ":rubygems_api_key"])

_add(G, "nuget-api-key", lambda: "oy2" + _pick(_LOWNUM, 43), [
    "dotnet nuget push bin/Release/Acme.Core.2.1.0.nupkg --api-key @@S@@ --source https://api.nuget.org/v3/index.json",
], visible="dotnet nuget push")

_add(G, "hashicorp-tfc-token-env", lambda: _an(14) + ".atlas" + "v1." + _an(67), [
    "TF_TOKEN_app_terraform_io=@@S@@",
], visible="TF_TOKEN_app_terraform_io")

# ====================================================================
# group: vendor-unnamed (invented vendors / unprefixed random keys)
# ====================================================================
G = "vendor-unnamed"


def _inv(prefix, alpha=_ALNUM, lo=24, hi=64):
    return lambda: prefix + _pick(alpha, _R.randrange(lo, hi + 1))


_add(G, "invented-acme-live", _inv("acme" + "_live_"), [
    "ACME_PAYMENTS_KEY=@@S@@",
    "payments.configure(key=\"@@S@@\")",
    "acme.init('@@S@@')",
    "swapped to @@S@@ after the incident",
], visible=["ACME_PAYMENTS_KEY", "payments.configure", "acme.init", "incident"])

_add(G, "invented-zz-pat", _inv("zz" + "-pat-", _LOWNUM, 32, 48), [
    "zz login --pat @@S@@",
    "export ZZ_PAT=@@S@@",
    "remote: https://ci:@@S@@@zz.example.dev/org/repo.git",
    "zz-cli whoami  # authenticated via @@S@@",
], visible=["zz login", "ZZ_PAT", "zz.example.dev", "whoami"])

_add(G, "invented-qnt-sk", _inv("qnt" + "_sk_", _ALNUM, 32, 40), [
    "QUANTO_SECRET=@@S@@",
    "new Quanto({ secretKey: '@@S@@' })",
    "Quanto.default_client = Quanto::Client.new('@@S@@')",
], visible=["QUANTO_SECRET", "secretKey", "Quanto::Client"])

_add(G, "invented-dotted-hx1", lambda: "hx1." + _pick(_LOWNUM, 8) + "." + _b64u(_rb(30)), [
    "HELIX_TOKEN=@@S@@",
    "helix auth activate @@S@@",
    "curl https://api.helix.example/v1/runs -H 'Authorization: Bearer @@S@@'",
], visible=["HELIX_TOKEN", "helix auth", "Authorization"])

_add(G, "invented-orb-prod", _inv("orb" + "_prod_", _LOWNUM, 28, 36), [
    "orbit:\n  api_key: @@S@@\n  region: eu",
    "OrbitClient(\"@@S@@\")",
    "ORBIT_KEY='@@S@@' ./scripts/sync_usage.sh",
], visible=["api_key", "OrbitClient", "sync_usage"])

_add(G, "invented-ptk-dash", _inv("ptk" + "-", _ALNUM + "_", 40, 56), [
    "palette config set token @@S@@",
    "\"paletteToken\": \"@@S@@\"",
], visible=["palette config", "paletteToken"])

_add(G, "invented-lumen-sk", _inv("lumen" + "_sk_", _ALNUM, 40, 48), [
    "LUMEN_API_SECRET=@@S@@",
    "client := lumen.NewClient(\"@@S@@\")",
    "lumen = Lumen(\"@@S@@\", timeout=30)",
], visible=["LUMEN_API_SECRET", "lumen.NewClient", "timeout"])

_add(G, "invented-nvx-pat", _inv("nvx" + "_pat_", _ALNUM, 36, 36), [
    "env:\n  NVX_TOKEN: @@S@@",
    "nvx push --auth @@S@@ ./build",
], visible=["NVX_TOKEN", "nvx push"])

_add(G, "invented-brd-key", _inv("brd" + "-key-", _LOWNUM, 32, 32), [
    "Bird.configure { |c| c.key = '@@S@@' }",
    "BIRD_KEY=@@S@@",
], visible=["Bird.configure", "BIRD_KEY"])

_add(G, "invented-kyro-live", _inv("kyro" + "_live_", _ALNUM, 48, 48), [
    "import Kyro from 'kyro-js'; const k = new Kyro('@@S@@');",
    "kyro: @@S@@",
], visible=["Kyro", "kyro:"])

_add(G, "invented-flx-sa", _inv("flx" + "-sa-", _LOWNUM + "-", 30, 40), [
    "flux-cloud login --service-account @@S@@",
    "FLX_SERVICE_ACCOUNT=@@S@@",
], visible=["flux-cloud login", "FLX_SERVICE_ACCOUNT"])

_add(G, "invented-trv-at", _inv("trv" + "_at_", _ALNUM, 32, 40), [
    "curl -H 'X-Trove-Auth: @@S@@' https://trove.example.io/api/items",
    "TroveClient(access_token='@@S@@')",
], visible=["X-Trove-Auth", "TroveClient"])

_add(G, "invented-mnm-sec", _inv("mnm.sec.", _LOWNUM, 40, 40), [
    "MINIM_SECRET=@@S@@",
    "minim.auth('@@S@@')",
], visible=["MINIM_SECRET", "minim.auth"])

_add(G, "invented-upper-prefix", _inv("WRK" + "-", _UPNUM, 32, 40), [
    "WRKSPACE_KEY=@@S@@",
    "wrk config --key @@S@@",
], visible=["WRKSPACE_KEY", "wrk config"])

_add(G, "invented-pk-colon", lambda: "pxl:" + _pick(_LOWNUM, 6) + ":" + _an(40), [
    "PIXELA_CREDENTIAL=@@S@@",
    "pixela.connect(\"@@S@@\")",
], visible=["PIXELA_CREDENTIAL", "pixela.connect"])

_add(G, "unprefixed-32-labelled", lambda: _an(32), [
    "WEATHER_API_KEY=@@S@@",
    "curl 'https://api.weatherly.example/v2/forecast?lat=52.5&lon=13.4' -H 'X-Api-Key: @@S@@'",
    "apiKey: \"@@S@@\"",
    "const API_KEY = '@@S@@';",
    "\"api_key\": \"@@S@@\",",
], visible=["WEATHER_API_KEY", "X-Api-Key", "apiKey", "API_KEY", "api_key"])

_add(G, "unprefixed-40-labelled", lambda: _an(40), [
    "SEGMENT_WRITE_SECRET=@@S@@",
    "client_secret: @@S@@",
    "headers = {'Authorization': 'Token @@S@@'}",
    "private_token = \"@@S@@\"",
], visible=["SEGMENT_WRITE_SECRET", "client_secret", "Authorization", "private_token"])

_add(G, "unprefixed-64-labelled", lambda: _an(64), [
    "export PARTNER_API_TOKEN=@@S@@",
    "<add key=\"PartnerApiSecret\" value=\"@@S@@\" />",
    "partner.secret=@@S@@",
], visible=["PARTNER_API_TOKEN", "PartnerApiSecret", "partner.secret"])

_add(G, "unprefixed-hex-labelled", lambda: _hex(_R.choice([32, 40, 64])), [
    "NEWSAPI_KEY=@@S@@",
    "ipinfo_token: @@S@@",
    "curl 'https://api.geo.example/lookup?ip=8.8.8.8&token=@@S@@'",
], visible=["NEWSAPI_KEY", "ipinfo_token", "api.geo.example"])

_add(G, "unprefixed-no-credential-word", lambda: _an(_R.choice([32, 36, 40, 48])), [
    "Widgetly.init(\"@@S@@\")",
    "quartz connect @@S@@ --region eu",
    "export GEOFENCE=@@S@@",
    "pasted @@S@@ into the integration settings page",
    "new Heatmapr(\"@@S@@\", { debug: false })",
    "tracker = Tracker('@@S@@')",
    "--data-urlencode 'x=@@S@@'",
], visible=["Widgetly.init", "quartz connect", "GEOFENCE", "integration settings", "Heatmapr", "Tracker", "--data-urlencode"])

_add(G, "unprefixed-hex-no-word", lambda: _hex(_R.choice([32, 40])), [
    "ACME_ANALYTICS=@@S@@",
    "ingest.setup('@@S@@')",
    "headers: { 'X-Acme-Client': '@@S@@' }",
], visible=["ACME_ANALYTICS", "ingest.setup", "X-Acme-Client"])

_add(G, "invented-prefix-no-word", _inv("cb" + "_", _ALNUM, 40, 40), [
    "cobble deploy --as @@S@@",
    "COBBLE=@@S@@",
    "value from 1pw: @@S@@",
], visible=["cobble deploy", "COBBLE", "1pw"])

_add(G, "invented-prefix-in-json", lambda: {"S": _an(24), "ID": "rzp" + "_live_" + _an(14)}, [
    "{\"gateway\": \"razor\", \"key_id\": \"@@ID@@\", \"key_secret\": \"@@S@@\"}",
    "razorpay.Client(auth=(\"@@ID@@\", \"@@S@@\"))",
], visible=["gateway", "razorpay.Client"])

_add(G, "invented-base64ish-secret", lambda: _b64(_rb(_R.choice([24, 32, 48]))), [
    "INTERCOMM_SECRET=@@S@@",
    "hmac_secret: \"@@S@@\"",
    "signing key is @@S@@",
], visible=["INTERCOMM_SECRET", "hmac_secret", "signing key"])

_add(G, "invented-prose-key", _inv("ek" + "_", _ALNUM, 32, 32), [
    "Rotated the Emberly key, new one is @@S@@ -- old one revoked at 14:02",
    "the staging value for EMBERLY is @@S@@",
], visible=["Rotated", "EMBERLY"])

# ====================================================================
# group: generic
# ====================================================================
G = "generic"

_add(G, "aws-secretsmanager-cli", _pw, [
    "aws secretsmanager put-secret-value --secret-id prod/orders/db --secret-string '@@S@@'",
    "aws secretsmanager create-secret --name staging/redis --secret-string \"@@S@@\" --region eu-west-1",
    "aws secretsmanager put-secret-value \\\n  --secret-id prod/api/stripe \\\n  --secret-string '@@S@@'",
], visible=["put-secret-value", "create-secret", "put-secret-value"])

_add(G, "aws-secretsmanager-json", lambda: _pw().replace('"', ''), [
    "aws secretsmanager put-secret-value --secret-id rds/app --secret-string '{\"username\":\"app\",\"password\":\"@@S@@\"}'",
    "aws secretsmanager update-secret --secret-id rds/etl --secret-string '{\"engine\":\"postgres\",\"host\":\"@@HOST@@\",\"password\":\"@@S@@\"}'",
], visible=["put-secret-value", "update-secret"])

_add(G, "aws-ssm-put-parameter", _pw, [
    "aws ssm put-parameter --name /prod/db/password --type SecureString --value '@@S@@' --overwrite",
    "aws ssm put-parameter --name \"/app/jwt-secret\" --value \"@@S@@\" --type SecureString",
], visible="put-parameter")

_add(G, "az-keyvault-secret-set", _pw, [
    "az keyvault secret set --vault-name kv-acme-prod --name db-password --value '@@S@@'",
    "az keyvault secret set --name SqlAdminPassword --vault-name kv-shared --value \"@@S@@\" --output none",
    "az keyvault secret set \\\n    --vault-name kv-ci \\\n    --name npm-token \\\n    --value @@S@@",
], visible="az keyvault secret set")

_add(G, "gcloud-secrets-echo", _pw, [
    "echo -n '@@S@@' | gcloud secrets versions add db-password --data-file=-",
    "printf '%s' \"@@S@@\" | gcloud secrets create smtp-pass --data-file=- --replication-policy=automatic",
    "gcloud secrets versions add api-key --data-file=<(echo -n @@S@@)",
], visible=["gcloud secrets versions add", "gcloud secrets create", "gcloud secrets versions add"])

_add(G, "vault-kv-put", _pw, [
    "vault kv put secret/orders/db password='@@S@@' username=orders",
    "vault kv put -mount=secret app/config api_key=@@S@@",
    "vault write auth/userpass/users/@@USER@@ password=@@S@@ policies=dev",
    "vault kv patch kv/ci/registry token=\"@@S@@\"",
], visible=["vault kv put", "vault kv put", "vault write", "vault kv patch"])

_add(G, "op-item-create", _pw, [
    "op item create --category=login --title='Prod DB' --vault=Infra username=app password='@@S@@'",
    "op item edit 'Grafana admin' password=@@S@@",
    "op item create --category 'API Credential' --title stripe credential=@@S@@",
], visible=["op item create", "op item edit", "op item create"])

_add(G, "k8s-create-secret-literal", _pw, [
    "kubectl create secret generic db-creds --from-literal=username=app --from-literal=password='@@S@@' -n prod",
    "kubectl -n monitoring create secret generic grafana-admin --from-literal=admin-password=@@S@@ --dry-run=client -o yaml | kubectl apply -f -",
], visible="kubectl")

_add(G, "k8s-secret-manifest-b64", lambda: _b64(_pw().encode()), [
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\ntype: Opaque\ndata:\n  username: YXBw\n  password: @@S@@",
    "data:\n  DATABASE_PASSWORD: @@S@@",
], visible=["kind: Secret", "DATABASE_PASSWORD"])

_add(G, "k8s-secret-stringdata", _pw, [
    "stringData:\n  password: \"@@S@@\"",
    "kind: Secret\nstringData:\n  REDIS_PASSWORD: @@S@@",
], visible=["stringData", "REDIS_PASSWORD"])

_add(G, "docker-secret-create", _pw, [
    "printf '@@S@@' | docker secret create pg_password -",
    "echo \"@@S@@\" | docker secret create mysql_root_pw -",
], visible="docker secret create")

_add(G, "gh-secret-set", _pw, [
    "gh secret set DB_PASSWORD --body '@@S@@'",
    "gh secret set PROD_API_TOKEN -b\"@@S@@\" --repo acme/api",
    "echo -n '@@S@@' | gh secret set SMTP_PASS",
], visible="gh secret set")

_add(G, "paas-config-set", _pw, [
    "heroku config:set DATABASE_PASSWORD='@@S@@' -a acme-api",
    "fly secrets set SESSION_SECRET=@@S@@",
    "vercel env add API_SECRET production <<< '@@S@@'",
    "railway variables --set \"JWT_SECRET=@@S@@\"",
    "doppler secrets set ADMIN_PASSWORD='@@S@@'",
], visible=["heroku config:set", "fly secrets set", "vercel env add", "railway variables", "doppler secrets set"])

_add(G, "powershell-securestring", _pw, [
    "$pw = ConvertTo-SecureString '@@S@@' -AsPlainText -Force",
    "$secure = ConvertTo-SecureString -String \"@@S@@\" -AsPlainText -Force",
    "Set-LocalUser -Name svc_iis -Password (ConvertTo-SecureString '@@S@@' -AsPlainText -Force)",
], visible="ConvertTo-SecureString")

_add(G, "powershell-pscredential", lambda: {"S": _pw(), "U": _R.choice(_USERS)}, [
    "$cred = New-Object System.Management.Automation.PSCredential('CORP\\@@U@@', (ConvertTo-SecureString '@@S@@' -AsPlainText -Force))",
    "$c = [pscredential]::new('@@U@@', ('@@S@@' | ConvertTo-SecureString -AsPlainText -Force))",
    "New-PSDrive -Name Z -PSProvider FileSystem -Root \\\\fs01\\builds -Credential (New-Object PSCredential '@@U@@', (ConvertTo-SecureString '@@S@@' -AsPlainText -Force))",
], visible="@@U@@")

_add(G, "windows-net-use", lambda: {"S": _safe_pw(), "U": _R.choice(_USERS)}, [
    "net use \\\\fileserver\\deploy @@S@@ /user:CORP\\@@U@@",
    "net use Z: \\\\10.0.0.5\\share @@S@@ /user:@@U@@ /persistent:no",
], visible="net use")

_add(G, "windows-cmdkey", lambda: {"S": _safe_pw(), "U": _R.choice(_USERS)}, [
    "cmdkey /add:sql01.corp.local /user:CORP\\@@U@@ /pass:@@S@@",
    "cmdkey /generic:TERMSRV/jump01 /user:@@U@@ /pass:\"@@S@@\"",
], visible="cmdkey")

_add(G, "windows-net-user", lambda: {"S": _safe_pw(), "U": _R.choice(["svc_backup", "kiosk", "tempadmin"])}, [
    "net user @@U@@ @@S@@ /add",
    "net user @@U@@ @@S@@",
    "net user /add @@U@@ @@S@@ && net localgroup administrators @@U@@ /add",
], visible="net user")

_add(G, "psexec-password", lambda: {"S": _safe_pw(), "U": _R.choice(_USERS)}, [
    "PsExec64.exe \\\\build02 -u CORP\\@@U@@ -p @@S@@ -accepteula cmd /c ipconfig",
    "runas /user:CORP\\@@U@@ cmd.exe  (typed @@S@@ at the prompt)",
], visible=["PsExec64.exe", "runas"])

_add(G, "gha-add-mask", lambda: _an(_R.choice([24, 32, 40])), [
    "echo \"::add-mask::@@S@@\"",
    "echo '::add-mask::@@S@@'\necho \"token=@@S@@\" >> $GITHUB_OUTPUT",
    "Write-Output \"::add-mask::@@S@@\"",
], visible="add-mask")

_add(G, "azdo-setvariable-secret", _pw, [
    "echo \"##vso[task.setvariable variable=DbPassword;issecret=true]@@S@@\"",
    "Write-Host \"##vso[task.setvariable variable=apiToken;isSecret=true;isOutput=true]@@S@@\"",
], visible="task.setvariable")

_add(G, "rabbitmqctl-password", lambda: {"S": _safe_pw(), "U": _R.choice(["orders_svc", "celery", "admin"])}, [
    "rabbitmqctl add_user @@U@@ @@S@@",
    "rabbitmqctl change_password @@U@@ @@S@@",
    "docker exec rabbitmq rabbitmqctl add_user @@U@@ '@@S@@' && rabbitmqctl set_user_tags @@U@@ administrator",
], visible="rabbitmqctl")

_add(G, "mysqladmin-password", _safe_pw, [
    "mysqladmin -u root password @@S@@",
    "mysqladmin -u root -p\"$OLD_ROOT_PW\" password '@@S@@'",
], visible="mysqladmin")

_add(G, "mysql-attached-p", _safe_pw, [
    "mysql -uroot -p@@S@@ -h @@HOST@@ @@DB@@ < dump.sql",
    "mysqldump -u backup -p'@@S@@' --single-transaction @@DB@@ > /backups/@@DB@@.sql",
    "docker exec -it mysql mysql -uroot -p@@S@@ -e 'SHOW DATABASES'",
], visible=["mysql", "mysqldump", "SHOW DATABASES"])

_add(G, "redis-auth", _safe_pw, [
    "redis-cli -h @@HOST@@ -p 6379 AUTH @@S@@",
    "redis-cli -a '@@S@@' --no-auth-warning INFO replication",
    "127.0.0.1:6379> AUTH default @@S@@\nOK",
    "requirepass @@S@@",
    "masterauth \"@@S@@\"",
], visible=["redis-cli", "redis-cli", "AUTH", "requirepass", "masterauth"])

_add(G, "chpasswd", lambda: {"S": _safe_pw(), "U": _R.choice(_USERS)}, [
    "echo '@@U@@:@@S@@' | sudo chpasswd",
    "echo \"root:@@S@@\" | chpasswd",
    "RUN useradd -m @@U@@ && echo '@@U@@:@@S@@' | chpasswd",
], visible="chpasswd")

_add(G, "htpasswd-b", lambda: {"S": _safe_pw(), "U": _R.choice(_USERS)}, [
    "htpasswd -b /etc/nginx/.htpasswd @@U@@ @@S@@",
    "htpasswd -bc ./auth/htpasswd @@U@@ '@@S@@'",
    "docker run --rm httpd:2.4 htpasswd -Bbn @@U@@ @@S@@ > auth/htpasswd",
], visible="htpasswd")

_add(G, "ipmitool-P", _safe_pw, [
    "ipmitool -I lanplus -H 10.0.9.21 -U ADMIN -P @@S@@ chassis power status",
    "ipmitool -H bmc-node07 -U root -P '@@S@@' sol activate",
], visible="ipmitool")

_add(G, "wpa-passphrase", lambda: _human() + _R.choice(["", " " + _R.choice(_WORDS)]), [
    "wpa_passphrase \"Office-5G\" '@@S@@' >> /etc/wpa_supplicant/wpa_supplicant.conf",
    "wpa_passphrase HomeNet \"@@S@@\"",
], visible="wpa_passphrase")

_add(G, "nmcli-psk", _safe_pw, [
    "nmcli con modify Office-5G wifi-sec.key-mgmt wpa-psk wifi-sec.psk @@S@@",
    "nmcli dev wifi connect 'Lab AP' password '@@S@@'",
    "nmcli connection add type wifi ifname wlan0 con-name iot ssid IOT-NET wifi-sec.key-mgmt wpa-psk wifi-sec.psk \"@@S@@\"",
], visible="nmcli")

_add(G, "sshpass", _safe_pw, [
    "sshpass -p '@@S@@' ssh -o StrictHostKeyChecking=no pi@192.168.1.40",
    "sshpass -p @@S@@ scp build.tar.gz deploy@@@HOST@@:/opt/app/",
    "SSHPASS='@@S@@' sshpass -e rsync -av dist/ web@10.0.2.5:/var/www/",
], visible="sshpass")

_add(G, "smbclient-percent", lambda: {"S": _safe_pw(), "U": _R.choice(_USERS)}, [
    "smbclient //fs01/builds -U @@U@@%@@S@@ -c 'ls'",
    "mount -t cifs //nas01/media /mnt/media -o username=@@U@@,password=@@S@@,vers=3.0",
], visible=["smbclient", "mount -t cifs"])

_add(G, "ldapsearch-w", _safe_pw, [
    "ldapsearch -x -H ldap://dc01.corp.local -D 'cn=admin,dc=corp,dc=local' -w @@S@@ -b 'dc=corp,dc=local' '(uid=bob)'",
    "ldappasswd -H ldap://localhost -x -D cn=admin,dc=acme,dc=org -w '@@S@@' -S uid=bob,ou=people,dc=acme,dc=org",
], visible=["ldapsearch", "ldappasswd"])

_add(G, "sqlcmd-P", _safe_pw, [
    "sqlcmd -S sql01.corp.local -U sa -P '@@S@@' -Q 'SELECT @@VERSION'",
    "/opt/mssql-tools/bin/sqlcmd -S localhost -U SA -P \"@@S@@\" -i init.sql",
    "bcp dbo.Orders out orders.dat -S sql01 -U etl -P @@S@@ -c",
], visible=["sqlcmd", "sqlcmd", "bcp"])

_add(G, "mongo-cli-p", _safe_pw, [
    "mongosh 'mongodb://@@HOST@@:27017/admin' -u root -p '@@S@@'",
    "mongodump --uri=mongodb://localhost:27017 --username admin --password @@S@@ --authenticationDatabase admin",
], visible=["mongosh", "mongodump"])

_add(G, "pgpassword-env", _safe_pw, [
    "PGPASSWORD=@@S@@ psql -h @@HOST@@ -U @@USER@@ -d @@DB@@ -c '\\dt'",
    "PGPASSWORD='@@S@@' pg_dump -Fc -h @@HOST@@ -U @@USER@@ @@DB@@ > backup.dump",
    "$env:PGPASSWORD = \"@@S@@\"; psql -h localhost -U postgres",
], visible="PGPASSWORD")

_add(G, "db-url-basic-auth", lambda: {"S": _urlpw(), "U": _R.choice(_USERS)}, [
    "DATABASE_URL=postgres://@@U@@:@@S@@@@@HOST@@:5432/@@DB@@",
    "psql \"postgresql://@@U@@:@@S@@@@@HOST@@/@@DB@@?sslmode=require\"",
    "MONGO_URI=mongodb+srv://@@U@@:@@S@@@cluster0.ab1cd.mongodb.net/@@DB@@?retryWrites=true&w=majority",
    "REDIS_URL=redis://:@@S@@@cache.internal:6379/0",
    "CELERY_BROKER_URL=amqp://@@U@@:@@S@@@rabbitmq:5672//",
    "engine = create_engine('mysql+pymysql://@@U@@:@@S@@@@@HOST@@:3306/@@DB@@')",
    "spring.rabbitmq.addresses=amqps://@@U@@:@@S@@@b-1234.mq.us-east-1.amazonaws.com:5671",
], visible=["DATABASE_URL", "sslmode", "MONGO_URI", "REDIS_URL", "CELERY_BROKER_URL", "create_engine", "spring.rabbitmq.addresses"])

_add(G, "http-url-basic-auth", lambda: {"S": _urlpw(), "U": _R.choice(_USERS)}, [
    "curl https://@@U@@:@@S@@@artifacts.acme.dev/repository/raw/builds/app-1.2.3.tgz -O",
    "git clone https://@@U@@:@@S@@@git.acme.dev/platform/infra.git",
    "wget http://@@U@@:@@S@@@192.168.1.1/cgi-bin/backup.cgi",
    "proxy: http://@@U@@:@@S@@@proxy.corp.local:3128",
    "export HTTPS_PROXY=http://@@U@@:@@S@@@10.0.0.1:8080",
    "pip install --index-url https://@@U@@:@@S@@@pypi.acme.dev/simple acme-core",
], visible=["artifacts.acme.dev", "git.acme.dev", "192.168.1.1", "proxy.corp.local", "HTTPS_PROXY", "pypi.acme.dev"])

_add(G, "go-mysql-dsn", lambda: {"S": _urlpw(), "U": _R.choice(_USERS)}, [
    "db, err := sql.Open(\"mysql\", \"@@U@@:@@S@@@tcp(127.0.0.1:3306)/@@DB@@?parseTime=true\")",
    "DSN=\"@@U@@:@@S@@@tcp(@@HOST@@:3306)/@@DB@@\"",
], visible=["sql.Open", "DSN"])

_add(G, "curl-u-basic", lambda: {"S": _safe_pw(), "U": _R.choice(_USERS)}, [
    "curl -u @@U@@:@@S@@ https://jenkins.acme.dev/job/deploy/buildWithParameters -X POST",
    "curl --user '@@U@@:@@S@@' -X PUT -T app.war https://nexus.acme.dev/repository/releases/app.war",
    "curl -su \"@@U@@:@@S@@\" https://es01:9200/_cluster/health",
    "wget --user=@@U@@ --password='@@S@@' https://files.acme.dev/private/dump.sql.gz",
    "wget --http-user=@@U@@ --http-password=@@S@@ http://intranet/report.csv",
], visible=["jenkins.acme.dev", "nexus.acme.dev", "_cluster/health", "--user=@@U@@", "--http-user=@@U@@"])

_add(G, "authorization-basic-header", lambda: _b64((_R.choice(_USERS) + ":" + _urlpw()).encode()), [
    "curl -H 'Authorization: Basic @@S@@' https://api.internal.acme.dev/v1/health",
    "Authorization: Basic @@S@@",
    "headers = {\"Authorization\": \"Basic @@S@@\"}",
], visible="Authorization")

_add(G, "authorization-bearer-opaque", lambda: _pick(_ALNUM + "-._~", _R.choice([32, 43, 64, 86])), [
    "curl -H \"Authorization: Bearer @@S@@\" https://api.acme.dev/v2/orders?limit=5",
    "Authorization: Bearer @@S@@",
    "fetch(url, { headers: { Authorization: `Bearer @@S@@` } })",
    "http :8080/api/me 'Authorization:Bearer @@S@@'",
    "req.Header.Set(\"Authorization\", \"Bearer @@S@@\")",
], visible="Authorization")

_add(G, "custom-auth-header", lambda: _an(_R.choice([32, 40])), [
    "curl -H 'X-API-Key: @@S@@' https://api.partner.example/v1/quotes",
    "curl -H \"apikey: @@S@@\" https://api.vendor.example/items",
    "curl -H 'X-Auth-Token: @@S@@' https://openstack.corp:8774/v2.1/servers",
    "client.DefaultRequestHeaders.Add(\"Ocp-Apim-Subscription-Key\", \"@@S@@\");",
], visible=["X-API-Key", "apikey", "X-Auth-Token", "Ocp-Apim-Subscription-Key"])

_add(G, "query-string-key", lambda: _pick(_ALNUM + "-_", _R.choice([32, 40, 48])), [
    "curl 'https://api.example.com/v1/search?q=shoes&api_key=@@S@@'",
    "GET /v3/data?format=json&access_token=@@S@@ HTTP/1.1",
    "https://hooks.acme.dev/ingest?source=ci&token=@@S@@",
    "requests.get(f\"{BASE}/stats?apikey=@@S@@&from=2024-01-01\")",
    "wss://stream.example.net/v1/ws?auth=@@S@@",
    "https://graph.facebook.com/v19.0/me?fields=id,name&access_token=@@S@@",
], visible=["api.example.com", "access_token", "hooks.acme.dev", "apikey", "stream.example.net", "graph.facebook.com"])

_add(G, "wireguard-private-key", lambda: _b64(_rb(32)), [
    "[Interface]\nPrivateKey = @@S@@\nAddress = 10.8.0.2/24\nDNS = 1.1.1.1",
    "wg set wg0 private-key <(echo @@S@@)",
    "PrivateKey=@@S@@",
], visible=["[Interface]", "wg set", "PrivateKey"])

_add(G, "wireguard-preshared-key", lambda: _b64(_rb(32)), [
    "[Peer]\nPublicKey = " + _b64(_rb(32)) + "\nPresharedKey = @@S@@\nAllowedIPs = 0.0.0.0/0\nEndpoint = vpn.acme.dev:51820",
], visible="PresharedKey")

_add(G, "ethereum-private-key", lambda: "0x" + _hex(64), [
    "PRIVATE_KEY=@@S@@",
    "const wallet = new ethers.Wallet('@@S@@', provider);",
    "acct = Account.from_key(\"@@S@@\")",
    "deployer key: @@S@@ (funded on sepolia)",
    "forge script script/Deploy.s.sol --rpc-url $RPC --private-key @@S@@ --broadcast",
    "cast send 0x" + _hex(40) + " --value 0.1ether --private-key @@S@@",
], visible=["PRIVATE_KEY", "ethers.Wallet", "Account.from_key", "sepolia", "forge script", "cast send"])

_add(G, "ethereum-private-key-nohex", lambda: _hex(64), [
    "networks: { sepolia: { url: RPC, accounts: [\"@@S@@\"] } }",
    "geth account import <(echo @@S@@)",
], visible=["sepolia", "geth account import"])


def _wif():
    compressed = _R.random() < 0.7
    payload = b"\x80" + _rb(32) + (b"\x01" if compressed else b"")
    return _b58check(payload)


_add(G, "bitcoin-wif", _wif, [
    "bitcoin-cli importprivkey @@S@@ \"cold-1\" false",
    "WIF: @@S@@",
    "key = Key('@@S@@')",
], visible=["importprivkey", "WIF", "Key"])


def _xprv():
    payload = bytes.fromhex("0488ade4") + b"\x00" + b"\x00" * 4 + b"\x00" * 4 + _rb(32) + b"\x00" + _rb(32)
    return _b58check(payload)


_add(G, "bip32-xprv", _xprv, [
    "XPRV=@@S@@",
    "wallet = BIP32.from_xpriv(\"@@S@@\")",
], visible=["XPRV", "BIP32.from_xpriv"])

_add(G, "solana-keypair", lambda: _b58enc(_rb(64)), [
    "SOLANA_PRIVATE_KEY=@@S@@",
    "const kp = Keypair.fromSecretKey(bs58.decode('@@S@@'));",
], visible=["SOLANA_PRIVATE_KEY", "Keypair.fromSecretKey"])

_add(G, "solana-keypair-json", lambda: "[" + ",".join(str(b) for b in _rb(64)) + "]", [
    "cat ~/.config/solana/id.json\n@@S@@",
    "echo '@@S@@' > deployer-keypair.json",
], visible=["id.json", "deployer-keypair.json"])

_BIP39 = ["abandon", "ability", "absorb", "abstract", "acid", "actor", "adapt", "admit", "afford", "agent",
          "alarm", "album", "alley", "anchor", "ankle", "apple", "arena", "armor", "artist", "aspect",
          "audit", "autumn", "avocado", "bacon", "badge", "bamboo", "barrel", "beach", "bicycle", "blanket",
          "bridge", "bubble", "cabin", "cactus", "canal", "carbon", "castle", "cereal", "chimney", "citizen",
          "coconut", "copper", "coyote", "crystal", "dolphin", "eagle", "elbow", "fabric", "galaxy", "hamster"]
_add(G, "bip39-mnemonic", lambda: " ".join(_R.choice(_BIP39) for _ in range(_R.choice([12, 24]))), [
    "MNEMONIC=\"@@S@@\"",
    "seed phrase for the test wallet: @@S@@",
    "wallet = Wallet.fromMnemonic('@@S@@')",
], visible=["MNEMONIC", "seed phrase", "Wallet.fromMnemonic"])


def _ovpn_static():
    body = "\n".join(_hex(32) for _ in range(16))
    d = "-" * 5
    return {"S": body, "H": d + "BEGIN OpenVPN Static key V1" + d, "F": d + "END OpenVPN Static key V1" + d}


_add(G, "openvpn-static-key", _ovpn_static, [
    "#\n# 2048 bit OpenVPN static key\n#\n@@H@@\n@@S@@\n@@F@@",
    "<tls-crypt>\n@@H@@\n@@S@@\n@@F@@\n</tls-crypt>",
], visible=["OpenVPN static key", "<tls-crypt>"])

_add(G, "openvpn-inline-key", _pem_pk8, [
    "client\ndev tun\nremote vpn.acme.dev 1194\n<key>\n@@H@@\n@@S@@\n@@F@@\n</key>",
], visible="remote vpn.acme.dev")


def _ppk():
    return _b64(_rb(_R.choice([48, 96, 120])))


_add(G, "putty-ppk", _ppk, [
    "PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: deploy@ci\nPublic-Lines: 2\nAAAAB3NzaC1yc2EAAAADAQABAAABAQ\nPrivate-Lines: 1\n@@S@@\nPrivate-MAC: " + _hex(64),
], visible="Private-Lines")

_add(G, "docker-login-p", _pw, [
    "docker login -u @@USER@@ -p '@@S@@' @@REG@@",
    "docker login @@REG@@ --username @@USER@@ --password \"@@S@@\"",
    "podman login -u @@USER@@ -p @@S@@ quay.io",
], visible=["docker login", "docker login", "podman login"])

_add(G, "echo-into-password-stdin", _pw, [
    "echo '@@S@@' | docker login -u @@USER@@ --password-stdin @@REG@@",
    "printf '%s' \"@@S@@\" | helm registry login ghcr.io -u @@USER@@ --password-stdin",
    "echo \"@@S@@\" | sudo -S apt-get install -y nginx",
], visible=["--password-stdin", "--password-stdin", "sudo -S"])

_add(G, "jdbc-url-password", lambda: _urlpw(), [
    "jdbc:mysql://@@HOST@@:3306/@@DB@@?user=app&password=@@S@@&useSSL=true",
    "jdbc:sqlserver://sql01:1433;databaseName=@@DB@@;user=etl;password=@@S@@;encrypt=true",
    "jdbc:oracle:thin:scott/@@S@@@//ora01:1521/ORCLPDB1",
], visible=["jdbc:mysql", "jdbc:sqlserver", "jdbc:oracle"])

_add(G, "ado-connection-string", lambda: _pw().replace(";", ""), [
    "Server=tcp:acme.database.windows.net,1433;Initial Catalog=@@DB@@;User ID=sqladmin;Password=@@S@@;Encrypt=True;",
    "\"ConnectionStrings\": { \"Default\": \"Host=@@HOST@@;Database=@@DB@@;Username=@@USER@@;Password=@@S@@\" }",
    "<add name=\"Db\" connectionString=\"Data Source=sql01;Initial Catalog=@@DB@@;User Id=sa;Pwd=@@S@@;\" providerName=\"System.Data.SqlClient\" />",
    "psycopg2.connect(\"host=@@HOST@@ dbname=@@DB@@ user=@@USER@@ password=@@S@@\")",
], visible=["User ID", "ConnectionStrings", "connectionString", "psycopg2.connect"])

_add(G, "sql-create-user", lambda: _pw().replace("'", ""), [
    "CREATE USER app_rw WITH PASSWORD '@@S@@';",
    "ALTER USER reporting IDENTIFIED BY '@@S@@';",
    "CREATE USER 'etl'@'%' IDENTIFIED BY '@@S@@';",
    "ALTER ROLE grafana WITH LOGIN PASSWORD '@@S@@';",
    "SET PASSWORD FOR 'root'@'localhost' = '@@S@@';",
    "psql -c \"ALTER USER postgres PASSWORD '@@S@@';\"",
    "CREATE LOGIN svc_report WITH PASSWORD = '@@S@@', CHECK_POLICY = OFF;",
    "GRANT ALL ON shop.* TO 'shop'@'localhost' IDENTIFIED BY '@@S@@';",
], visible=["CREATE USER", "ALTER USER", "CREATE USER", "ALTER ROLE", "SET PASSWORD", "ALTER USER", "CREATE LOGIN", "GRANT"])

_add(G, "framework-secret-key", lambda: _pick(_ALNUM + "!@#%^&*(-_=+)", 50), [
    "SECRET_KEY = '@@S@@'",
    "DJANGO_SECRET_KEY=\"@@S@@\"",
], visible=["SECRET_KEY", "DJANGO_SECRET_KEY"])

_add(G, "rails-secret-key-base", lambda: _hex(128), [
    "SECRET_KEY_BASE=@@S@@",
    "production:\n  secret_key_base: @@S@@",
], visible=["SECRET_KEY_BASE", "secret_key_base"])

_add(G, "flask-nextauth-secret", lambda: _b64(_rb(32)), [
    "app.secret_key = '@@S@@'",
    "NEXTAUTH_SECRET=@@S@@",
    "app.config['SECRET_KEY'] = \"@@S@@\"",
], visible=["app.secret_key", "NEXTAUTH_SECRET", "SECRET_KEY"])

_add(G, "laravel-app-key", lambda: "base64:" + _b64(_rb(32)), [
    "APP_KEY=@@S@@",
], visible="APP_KEY")

_add(G, "jwt-sign-positional", lambda: _pw().replace("'", "").replace('"', ''), [
    "const token = jwt.sign({ sub: user.id }, '@@S@@', { expiresIn: '1h' });",
    "token = jwt.encode(payload, \"@@S@@\", algorithm=\"HS256\")",
    "decoded = jwt.decode(token, '@@S@@', algorithms=['HS256'])",
    "t.SignedString([]byte(\"@@S@@\"))",
    "JWT.encode(payload, '@@S@@', 'HS256')",
    "Jwts.builder().setSubject(u).signWith(Keys.hmacShaKeyFor(\"@@S@@\".getBytes())).compact();",
], visible=["jwt.sign", "jwt.encode", "jwt.decode", "SignedString", "JWT.encode", "Jwts.builder"])

_add(G, "hmac-literal-key", lambda: _an(_R.choice([24, 32])), [
    "sig = hmac.new(b'@@S@@', body, hashlib.sha256).hexdigest()",
    "crypto.createHmac('sha256', '@@S@@').update(payload).digest('hex')",
    "mac := hmac.New(sha256.New, []byte(\"@@S@@\"))",
], visible=["hmac.new", "createHmac", "hmac.New"])

_add(G, "fernet-key", lambda: _b64u(_rb(32)) + "=", [
    "f = Fernet(b'@@S@@')",
    "FERNET_KEY=@@S@@",
    "AIRFLOW__CORE__FERNET_KEY=@@S@@",
], visible=["Fernet", "FERNET_KEY", "AIRFLOW__CORE__FERNET_KEY"])

_add(G, "aes-key-literal", lambda: _hex(64), [
    "cipher = AES.new(bytes.fromhex('@@S@@'), AES.MODE_GCM)",
    "ENCRYPTION_KEY=@@S@@",
    "openssl enc -aes-256-cbc -K @@S@@ -iv " + _hex(32) + " -in db.sql -out db.sql.enc",
], visible=["AES.new", "ENCRYPTION_KEY", "openssl enc"])

_add(G, "openssl-pass-literal", _safe_pw, [
    "openssl enc -aes-256-cbc -pbkdf2 -salt -in backup.tar -out backup.tar.enc -pass pass:@@S@@",
    "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:@@S@@",
    "openssl rsa -in enc.key -out plain.key -passin 'pass:@@S@@'",
    "openssl enc -d -aes-256-cbc -in secrets.enc -k @@S@@",
], visible=["openssl enc", "openssl pkcs12", "openssl rsa", "openssl enc"])

_add(G, "archive-password", _safe_pw, [
    "zip -r -P @@S@@ export.zip ./export",
    "7z a -p@@S@@ -mhe=on backup.7z /srv/data",
    "unzip -P '@@S@@' customer-dump.zip",
    "unrar x -p@@S@@ logs.rar",
], visible=["zip -r", "7z a", "unzip", "unrar"])

_add(G, "gpg-passphrase", _pw, [
    "gpg --batch --yes --passphrase '@@S@@' -c db.sql",
    "echo '@@S@@' | gpg --batch --pinentry-mode loopback --passphrase-fd 0 --decrypt secrets.gpg",
], visible=["gpg --batch", "--passphrase-fd"])

_add(G, "keytool-storepass", _safe_pw, [
    "keytool -importcert -alias acme-ca -file ca.crt -keystore truststore.jks -storepass @@S@@ -noprompt",
    "keytool -genkeypair -alias server -keyalg RSA -keystore keystore.p12 -storetype PKCS12 -storepass '@@S@@' -keypass '@@S@@'",
    "java -Djavax.net.ssl.keyStore=/etc/app/ks.jks -Djavax.net.ssl.keyStorePassword=@@S@@ -jar app.jar",
    "server.ssl.key-store-password=@@S@@",
], visible=["keytool", "keytool", "keyStorePassword", "key-store-password"])

_add(G, "mosquitto-P", _safe_pw, [
    "mosquitto_pub -h mqtt.lan -u sensor01 -P @@S@@ -t home/temp -m 21.5",
    "mosquitto_passwd -b /etc/mosquitto/passwd sensor02 @@S@@",
], visible=["mosquitto_pub", "mosquitto_passwd"])

_add(G, "snmpv3-auth-priv", _safe_pw, [
    "snmpwalk -v3 -l authPriv -u monitor -a SHA -A @@S@@ -x AES -X \"$SNMP_PRIV\" 10.0.0.1",
    "snmpget -v3 -u nms -l authPriv -a SHA -A \"$SNMP_AUTH\" -x AES -X '@@S@@' core-sw01 sysUpTime.0",
], visible=["snmpwalk", "snmpget"])

_add(G, "ssh-keygen-N", _pw, [
    "ssh-keygen -t ed25519 -N '@@S@@' -f ~/.ssh/deploy_ed25519 -C deploy@ci",
    "ssh-keygen -p -P \"$OLD_PASSPHRASE\" -N \"@@S@@\" -f ~/.ssh/id_rsa",
], visible="ssh-keygen")

_add(G, "helm-set-password", _safe_pw, [
    "helm upgrade --install pg bitnami/postgresql --set auth.postgresPassword=@@S@@ -n data",
    "helm install redis bitnami/redis --set auth.password='@@S@@'",
    "helm upgrade grafana grafana/grafana --set adminPassword=@@S@@ --reuse-values",
], visible="helm")

_add(G, "docker-run-env", _safe_pw, [
    "docker run -d --name pg -e POSTGRES_PASSWORD=@@S@@ -p 5432:5432 postgres:16",
    "docker run -e MYSQL_ROOT_PASSWORD='@@S@@' -d mysql:8.0",
    "docker run --rm -e 'ACCEPT_EULA=Y' -e 'MSSQL_SA_PASSWORD=@@S@@' mcr.microsoft.com/mssql/server:2022-latest",
    "docker run -e RABBITMQ_DEFAULT_PASS=@@S@@ rabbitmq:3-management",
], visible=["POSTGRES_PASSWORD", "MYSQL_ROOT_PASSWORD", "MSSQL_SA_PASSWORD", "RABBITMQ_DEFAULT_PASS"])

_add(G, "ci-yaml-literal", _pw, [
    "variables:\n  DB_PASSWORD: \"@@S@@\"\n  DB_USER: app",
    "env:\n  REGISTRY_PASSWORD: @@S@@\nsteps:\n  - run: make push",
    "environment {\n    ADMIN_PASS = '@@S@@'\n}",
    "- task: Docker@2\n  inputs:\n    password: '@@S@@'",
], visible=["DB_PASSWORD", "REGISTRY_PASSWORD", "ADMIN_PASS", "password"])

_add(G, "config-json-password", lambda: _pw().replace('"', ''), [
    "{\"db\": {\"host\": \"@@HOST@@\", \"user\": \"@@USER@@\", \"password\": \"@@S@@\"}}",
    "\"smtp\": {\"user\": \"alerts@acme.com\", \"pass\": \"@@S@@\"}",
    "{\n  \"adminPassword\": \"@@S@@\",\n  \"port\": 8443\n}",
], visible=["password", "smtp", "adminPassword"])

_add(G, "config-yaml-password", _pw, [
    "database:\n  host: @@HOST@@\n  username: @@USER@@\n  password: @@S@@",
    "smtp:\n  auth:\n    pass: '@@S@@'",
    "redis:\n  password: \"@@S@@\"\n  db: 2",
], visible=["password", "pass", "password"])

_add(G, "config-toml-ini-password", _pw, [
    "[database]\nuser = \"@@USER@@\"\npassword = \"@@S@@\"",
    "[smtp]\nhost=smtp.acme.com\npasswd=@@S@@",
    "[postgresql]\nadmin_password = @@S@@",
    "db_pass: @@S@@",
], visible=["password", "passwd", "admin_password", "db_pass"])

_add(G, "code-password-assign", lambda: _pw().replace('"', '').replace("'", ""), [
    "DB_PASSWORD = \"@@S@@\"  # TODO move to env",
    "const password = '@@S@@';",
    "String pwd = \"@@S@@\";",
    "var adminPassword = \"@@S@@\"",
    "$password = '@@S@@';",
    "config.password = \"@@S@@\"",
    "password := \"@@S@@\"",
    "private const string ApiSecret = \"@@S@@\";",
], visible=["DB_PASSWORD", "password", "pwd", "adminPassword", "$password", "config.password", "password", "ApiSecret"])

_add(G, "cli-password-flag", _safe_pw, [
    "./manage.py createsuperuser --username admin --email a@acme.com --password @@S@@",
    "keycloak/bin/kc.sh start-dev --db-password=@@S@@",
    "argocd login argocd.acme.dev --username admin --password '@@S@@'",
    "influx setup --username admin --password @@S@@ --org acme --bucket metrics --force",
    "rclone config create nas sftp host nas01.lan user media pass @@S@@",
    "java -jar keycloak-admin.jar --user admin --pass @@S@@",
    "az vm create -g rg-lab -n vm01 --image Ubuntu2204 --admin-username azureuser --admin-password '@@S@@'",
    "gcloud sql users set-password postgres --instance=pg-prod --password=@@S@@",
], visible=["createsuperuser", "kc.sh", "argocd login", "influx setup", "rclone config", "keycloak-admin", "az vm create", "gcloud sql users"])

_add(G, "prose-password", _pw, [
    "Rotated the DB password; new one is @@S@@ (old one revoked).",
    "staging admin login is admin / @@S@@",
    "temporary password for the new hire: @@S@@ -- must change on first login",
    "The Grafana admin pw got reset to @@S@@ by the helm upgrade.",
    "Tried logging into the router with @@S@@, that worked.",
    "note to self: wifi in the lab is @@S@@",
], visible=["Rotated", "staging admin", "new hire", "Grafana", "router", "wifi"])

_add(G, "prose-token", lambda: _pick(_ALNUM + "-_", _R.choice([32, 40, 48])), [
    "Regenerated the deploy token, it's now @@S@@ -- updated in CI settings",
    "The webhook secret configured on the partner side is @@S@@.",
    "Used access token @@S@@ to hit the admin API; got 200.",
], visible=["deploy token", "webhook secret", "admin API"])

_add(G, "totp-seed", lambda: _pick(_B32, 32), [
    "otpauth://totp/Acme:ops@acme.com?secret=@@S@@&issuer=Acme&digits=6",
    "TOTP_SECRET=@@S@@",
    "oathtool --totp -b @@S@@",
], visible=["otpauth", "TOTP_SECRET", "oathtool"])

_add(G, "wifi-qr-string", lambda: _human(), [
    "WIFI:T:WPA;S:Guest-Net;P:@@S@@;;",
], visible="Guest-Net")

_add(G, "rsync-password-env", _safe_pw, [
    "RSYNC_PASSWORD=@@S@@ rsync -av /data/ backup@nas01::archive/",
    "echo '@@S@@' > /etc/rsyncd.secret && chmod 600 /etc/rsyncd.secret",
], visible=["rsync", "rsyncd.secret"])

_add(G, "git-clone-token-url", lambda: _pick(_ALNUM, 40), [
    "git clone https://oauth2:@@S@@@git.acme.dev/group/service.git",
    "git push https://ci-bot:@@S@@@bitbucket.org/acme/web.git HEAD:main",
], visible=["git clone", "git push"])

_add(G, "nuget-npm-cli-auth", _safe_pw, [
    "npm login --registry https://npm.acme.dev --auth-type=legacy  # Username: ci Password: @@S@@",
    "yarn config set npmAuthIdent \"ci:@@S@@\"",
], visible=["npm login", "npmAuthIdent"])

_add(G, "expect-send-password", _pw, [
    "expect -c 'spawn ssh admin@switch01; expect \"password:\"; send \"@@S@@\\r\"; interact'",
], visible="spawn ssh")

_add(G, "ansible-extra-vars", _safe_pw, [
    "ansible-playbook site.yml -e ansible_become_password=@@S@@ -l web",
    "ansible-playbook deploy.yml --extra-vars \"db_password=@@S@@ app_env=prod\"",
], visible="ansible-playbook")

_add(G, "terraform-var-flag", _safe_pw, [
    "terraform apply -var 'db_password=@@S@@' -auto-approve",
    "TF_VAR_admin_password=@@S@@ terraform plan",
], visible=["terraform apply", "terraform plan"])

_add(G, "python-env-default-literal", lambda: _an(32), [
    "API_TOKEN = os.environ.get('API_TOKEN', '@@S@@')",
    "const secret = process.env.WEBHOOK_SECRET || '@@S@@';",
    "password = os.getenv(\"DB_PASSWORD\", \"@@S@@\")",
], visible=["API_TOKEN", "WEBHOOK_SECRET", "DB_PASSWORD"])

_add(G, "log-line-leak", lambda: _pick(_ALNUM + "-_", 40), [
    "DEBUG request headers={'Authorization': 'Bearer @@S@@', 'User-Agent': 'python-requests/2.31'}",
    "2024-06-12T10:22:01Z INFO connecting with api_key=@@S@@ to https://api.vendor.example",
    "[worker] retrying POST /oauth/token client_secret=@@S@@ grant_type=client_credentials",
], visible=["User-Agent", "api.vendor.example", "grant_type"])

_add(G, "windows-unattend-xml", _pw, [
    "<AdministratorPassword>\n  <Value>@@S@@</Value>\n  <PlainText>true</PlainText>\n</AdministratorPassword>",
    "<AutoLogon><Password><Value>@@S@@</Value><PlainText>true</PlainText></Password><Username>Administrator</Username></AutoLogon>",
], visible=["AdministratorPassword", "Username"])

_add(G, "tomcat-users-xml", _pw, [
    "<user username=\"manager\" password=\"@@S@@\" roles=\"manager-gui,manager-script\"/>",
], visible="manager-gui")

_add(G, "nginx-proxy-auth-header", lambda: _b64((_R.choice(_USERS) + ":" + _urlpw()).encode()), [
    "proxy_set_header Authorization \"Basic @@S@@\";",
], visible="proxy_set_header")

_add(G, "vnc-rdp-password", _safe_pw, [
    "x11vnc -storepasswd @@S@@ ~/.vnc/passwd",
    "xfreerdp /v:10.0.5.20 /u:Administrator /p:@@S@@ /cert:ignore",
    "rdesktop -u admin -p '@@S@@' 10.0.5.21",
], visible=["x11vnc", "xfreerdp", "rdesktop"])

_add(G, "sops-plaintext-leak", _pw, [
    "sops -d secrets.enc.yaml\ndb:\n  password: @@S@@\n  user: app",
], visible="sops -d")

_add(G, "gcloud-hmac-create-output", lambda: {"S": _pick(_ALNUM + "+/", 40), "ID": "GOOG" + "1E" + _pick(_UPNUM, 55)}, [
    "gcloud storage hmac create svc@acme.iam.gserviceaccount.com\naccessId: @@ID@@\nsecret: @@S@@",
], visible="accessId")

_add(G, "iam-create-access-key-output", _awspair, [
    "aws iam create-access-key --user-name ci\n{\n    \"AccessKey\": {\n        \"UserName\": \"ci\",\n        \"AccessKeyId\": \"@@ID@@\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"@@S@@\"\n    }\n}",
], visible="SecretAccessKey")

_add(G, "sts-assume-role-output", lambda: {"S": _aws_secret(), "ID": _aws_id("AS" + "IA")}, [
    "\"Credentials\": {\"AccessKeyId\": \"@@ID@@\", \"SecretAccessKey\": \"@@S@@\", \"Expiration\": \"2024-06-12T12:00:00Z\"}",
    "export AWS_ACCESS_KEY_ID=@@ID@@ AWS_SECRET_ACCESS_KEY=@@S@@ AWS_SESSION_TOKEN=$TOK",
], visible=["SecretAccessKey", "AWS_SECRET_ACCESS_KEY"])

_add(G, "powershell-env-assign", _pw, [
    "$env:ARM_CLIENT_SECRET = '@@S@@'",
    "[Environment]::SetEnvironmentVariable('SQL_PASSWORD', '@@S@@', 'Machine')",
    "setx DEPLOY_PASSWORD \"@@S@@\"",
    "set DB_PASS=@@S@@",
], visible=["ARM_CLIENT_SECRET", "SQL_PASSWORD", "DEPLOY_PASSWORD", "DB_PASS"])

_add(G, "csharp-credential-ctor", lambda: {"S": _pw().replace('"', ''), "U": _R.choice(_USERS)}, [
    "var cred = new NetworkCredential(\"@@U@@\", \"@@S@@\", \"CORP\");",
    "var factory = new ConnectionFactory { HostName = \"mq\", UserName = \"@@U@@\", Password = \"@@S@@\" };",
], visible="@@U@@")

_add(G, "ruby-code-password", lambda: {"S": _pw().replace("'", ""), "U": _R.choice(_USERS)}, [
    "Net::SSH.start('10.0.0.4', '@@U@@', password: '@@S@@')",
    "ActiveRecord::Base.establish_connection(adapter: 'postgresql', username: '@@U@@', password: '@@S@@')",
], visible="@@U@@")

# ====================================================================
# BENIGN: strings with no secret that resemble the above
# ====================================================================
BENIGN_LABELED = []


def _ben(fmt, texts):
    for t in texts:
        BENIGN_LABELED.append((fmt, t))


def _benf(fmt, n, fn):
    for _ in range(n):
        BENIGN_LABELED.append((fmt, fn()))


def _sha1():
    return _hex(40)


_MSGS = ["fix token refresh race", "rotate api key docs", "add password reset flow", "bump auth middleware",
         "handle expired session cookie", "move secrets to vault", "redact tokens in logs", "fix secret_key_base loading",
         "drop legacy apiKey param", "refactor credential provider chain"]

_ben("placeholder", [
    "export API_KEY=${API_KEY}",
    "API_TOKEN=\"$API_TOKEN\"",
    "\"token\": \"<your-token>\"",
    "password: changeme",
    "DB_PASSWORD=changeme  # local docker only, overridden in prod",
    "api_key: YOUR_API_KEY",
    "OPENAI_API_KEY=sk-...  # set in your shell",
    "STRIPE_SECRET_KEY=sk_" + "live_" + "x" * 24,
    "aws_secret_access_key = ****************************************",
    "password=********",
    "Authorization: Bearer <token>",
    "Authorization: Bearer $TOKEN",
    "curl -H \"Authorization: Bearer ${GITHUB_TOKEN}\" https://api.github.com/user",
    "token: ${{ secrets.NPM_TOKEN }}",
    "password: ${{ secrets.REGISTRY_PASSWORD }}",
    "password: \"{{ .Values.postgresql.auth.password }}\"",
    "DATABASE_URL=postgres://user:password@localhost:5432/mydb",
    "DATABASE_URL=postgres://${DB_USER}:${DB_PASS}@${DB_HOST}:5432/${DB_NAME}",
    "mongodb://<username>:<password>@cluster0.mongodb.net/test",
    "SECRET_KEY=replace-me",
    "JWT_SECRET=your-256-bit-secret",
    "client_secret: REPLACE_WITH_CLIENT_SECRET",
    "<password>${env.NEXUS_PASSWORD}</password>",
    "//registry.npmjs.org/:_authToken=${NPM_TOKEN}",
    "aws_access_key_id = AK" + "IA" + "XXXXXXXXXXXXXXXX",
    "ghp_" + "x" * 36 + " (placeholder in docs)",
    "password = os.environ[\"DB_PASSWORD\"]",
    "const apiKey = process.env.OPENAI_API_KEY;",
    "apiKey: process.env.STRIPE_KEY ?? ''",
    "token = os.getenv('SLACK_BOT_TOKEN')",
    "$env:AZURE_CLIENT_SECRET",
    "set PASSWORD=%DB_PASSWORD%",
    "password=$(cat /run/secrets/db_password)",
    "--password \"$(vault kv get -field=password secret/app/db)\"",
    "PGPASSWORD=\"$PGPASSWORD\" psql -h db -U app",
    "echo \"$CI_REGISTRY_PASSWORD\" | docker login -u \"$CI_REGISTRY_USER\" --password-stdin $CI_REGISTRY",
    "redis-cli -a \"$REDIS_PASSWORD\" ping",
    "password: null",
    "\"password\": \"\",",
    "token=None",
    "api_key = \"\"  # filled at runtime",
    "REDACTED",
    "Authorization: Bearer [REDACTED]",
    "password=<redacted>",
    "secret_key: '<%= ENV[\"SECRET_KEY_BASE\"] %>'",
    "AWS_SECRET_ACCESS_KEY=${{ secrets.AWS_SECRET_ACCESS_KEY }}",
    "PRIVATE_KEY=0x" + "0" * 64 + "  # hardhat placeholder, never funded",
    "export GITHUB_TOKEN=$(gh auth token)",
    "password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256",
    "key: xxxx-xxxx-xxxx-xxxx",
    "machine api.example.com login USERNAME password PASSWORD",
    "*:*:*:postgres:<password>",
    "net use Z: \\\\fs01\\share /user:CORP\\bob *",
    "ConvertTo-SecureString $env:ADMIN_PW -AsPlainText -Force",
    "Read-Host -AsSecureString 'Password'",
    "rabbitmqctl add_user orders_svc \"$RABBIT_PASS\"",
    "docker run -e POSTGRES_PASSWORD -p 5432:5432 postgres:16",
    "docker run -e POSTGRES_PASSWORD=$POSTGRES_PASSWORD postgres:16",
    "echo \"::add-mask::$TOKEN\"",
    "echo \"##vso[task.setvariable variable=DbPassword;issecret=true]$(DbPassword)\"",
])

_ben("secret-location-reference", [
    "openssl enc -aes-256-cbc -pbkdf2 -in backup.tar -out backup.tar.enc -pass file:./backup.key",
    "openssl enc -d -aes-256-cbc -in backup.tar.enc -pass env:BACKUP_PASS",
    "openssl pkcs12 -export -in cert.pem -inkey key.pem -out b.p12 -passout fd:3 3<./p12.pass",
    "openssl rsa -in server.key -passin file:/run/secrets/keypass -out server.nopass.key",
    "cat ~/.ghcr_token | docker login ghcr.io -u bob --password-stdin",
    "docker login --password-stdin -u ci ghcr.io < /run/secrets/ghcr",
    "gcloud auth activate-service-account --key-file=./keys/ci-sa.json",
    "kubectl create secret generic db --from-file=password=./secrets/db_password.txt",
    "kubectl create secret tls web-tls --cert=certs/tls.crt --key=certs/tls.key",
    "ssh -i ~/.ssh/id_ed25519_deploy deploy@10.0.2.5",
    "curl --cert client.pem --key client-key.pem https://mtls.acme.dev/health",
    "nginx: ssl_certificate_key /etc/nginx/ssl/privkey.pem;",
    "vault kv get -field=password secret/orders/db",
    "aws secretsmanager get-secret-value --secret-id prod/orders/db --query SecretString --output text",
    "gcloud secrets versions access latest --secret=db-password",
    "az keyvault secret show --vault-name kv-acme-prod --name db-password --query value -o tsv",
    "op read 'op://Infra/Prod DB/password'",
    "doppler secrets get DB_PASSWORD --plain",
    "ansible-playbook site.yml --vault-password-file ~/.ansible/vault_pass.txt",
    "terraform apply -var-file=secrets.auto.tfvars",
    "sops --decrypt --age $(cat ~/.config/sops/age/keys.txt | grep public) secrets.enc.yaml",
    "git config --global credential.helper 'cache --timeout=3600'",
    "git config --global credential.helper osxkeychain",
    "export KUBECONFIG=~/.kube/config-staging",
    "chmod 600 ~/.pgpass ~/.netrc ~/.my.cnf",
    "vim ~/.aws/credentials",
    "ls -la ~/.docker/config.json ~/.npmrc ~/.pypirc",
    "wg genkey | tee privatekey | wg pubkey > publickey",
    "ssh-keygen -t ed25519 -f ~/.ssh/deploy_key -N '' -C deploy@ci",
    "mysql --defaults-extra-file=/etc/mysql/backup.cnf -e 'SELECT 1'",
    "psql service=reporting -c 'select now()'",
    "keytool -list -keystore truststore.jks -storepass:env STOREPASS",
    "gpg --batch --passphrase-file /run/secrets/gpg_pass -d secrets.gpg",
    "7z x backup.7z -p\"$(cat /run/secrets/archive_pw)\"",
    "sshpass -f ~/.sshpass ssh pi@192.168.1.40",
    "sshpass -e ssh pi@192.168.1.40  # reads SSHPASS from env",
    "ipmitool -I lanplus -H 10.0.9.21 -U ADMIN -f /root/.ipmi_pass chassis status",
    "redis-cli --askpass -h cache.internal",
    "mysql -u root -p  # prompts for password",
    "htpasswd -B /etc/nginx/.htpasswd alice  # prompts",
    "git credential-manager configure",
    "aws configure sso --profile dev",
    "--key-file ./certs/client.key --cert-file ./certs/client.crt",
    "TLS_KEY_PATH=/etc/ssl/private/api.acme.dev.key",
    "GOOGLE_APPLICATION_CREDENTIALS=/secrets/gcp/sa-ci.json",
])

_ben("log-and-prose", [
    "api key rotation doc at docs/api-key-rotation-2024.md",
    "token_refresh_handler_v2",
    "Error: password authentication failed for user \"app\"",
    "401 Unauthorized: invalid api key",
    "WARN token expired at 2024-06-12T10:22:01Z, refreshing",
    "The password must be at least 12 characters and include a digit.",
    "Moved the Stripe key into 1Password (item 'stripe-prod'); not pasting it here.",
    "The token lives in $GITHUB_TOKEN, set by the workflow.",
    "Rotated the key; the new value is in the vault at secret/app/api, not in this note.",
    "Secrets are loaded from AWS Secrets Manager at startup (see config/secrets.py).",
    "Added pre-commit hook gitleaks to catch credentials before push.",
    "TODO: remove hardcoded password from tests/fixtures/users.json (now uses factory).",
    "password reset emails are sent by the notifier worker",
    "INFO auth: token validated for user_id=4821 (exp=1718180000)",
    "Found 0 leaks in 312 commits (gitleaks v8.18.2)",
    "trufflehog filesystem . --only-verified  => no results",
    "key rotation schedule: every 90 days, owner @platform-team",
    "The AWS access key for ci was deactivated; ci now uses OIDC role arn:aws:iam::123456789012:role/gha-deploy",
    "Using key sk-...a1b2 (masked) from the environment",
    "aws configure list\n      Name                    Value             Type    Location\n   access_key     ****************QX7P shared-credentials-file\n   secret_key     ****************9aZk shared-credentials-file",
    "Bearer token auth is handled by AuthMiddleware in src/middleware/auth.ts",
    "See https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/managing-your-personal-access-tokens",
    "PASSWORD_MIN_LENGTH = 12",
    "MAX_TOKEN_LIFETIME_SECONDS = 3600",
    "password_reset_token_expiry_hours = 48",
    "def get_api_key_from_vault_v3(path: str) -> str:",
    "class AbstractTokenAuthenticationProviderFactoryBean",
    "SecretsManagerCachingClientConfiguration2",
    "export function refreshAccessTokenIfExpired(session) {",
    "func (c *Client) rotateSigningKey(ctx context.Context) error {",
    "public interface ICredentialProviderChainResolverV2",
    "with open('tests/fixtures/fake_private_key_for_parser_tests.txt') as fh:",
    "src/auth/token_refresh_handler_v2.py",
    "/home/dev/projects/acme-api/config/secrets/README.md",
    "/Users/bob/work/infra/terraform/modules/secret-manager/variables.tf",
    "C:\\Users\\bob\\AppData\\Roaming\\acme\\credentials-cache\\index.json",
    "tests/test_password_hashing_bcrypt_rounds.py::test_rounds_default PASSED",
    "internal/keyvault/keyvault_secret_client_test.go",
    "pip install keyring python-dotenv==1.0.1 'passlib[bcrypt]'",
    "npm i @aws-sdk/credential-provider-node@3.592.0 jsonwebtoken@9.0.2",
    "go get github.com/golang-jwt/jwt/v5@v5.2.1",
    "cargo add secrecy@0.8 --features serde",
    "gem install bcrypt -v 3.1.20",
    "node@18.19.1 npm@10.2.4 pnpm@9.1.0",
    "version: v2.14.3-rc.1+build.20240612",
    "color: #1f2937; background: #ff00aa;",
    "--brand-primary: #3b82f6; --brand-secret-accent: #a855f7;",
    "2024-06-12T08:15:30.123Z",
    "listen [2001:db8:85a3::8a2e:370:7334]:443 ssl;",
    "fe80::1ff:fe23:4567:890a%eth0",
    "docker run -p 8080:80 -p 127.0.0.1:5432:5432 nginx:1.27-alpine",
    "ports:\n  - \"6379:6379\"\n  - \"15672:15672\"",
    "arn:aws:iam::123456789012:role/deploy",
    "arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/orders/db-AbCdEf",
    "arn:aws:kms:eu-west-1:123456789012:key/" + _uuid(),
    "123456789012.dkr.ecr.us-east-1.amazonaws.com/acme/api:1.4.2",
    "https://api.github.com/repos/acme/web/actions/secrets/public-key",
    "https://docs.stripe.com/keys#obtain-api-keys",
    "https://app.acme.dev/reset-password?step=2&lang=en",
    "https://oauth2.googleapis.com/token",
    "https://login.microsoftonline.com/common/oauth2/v2.0/token",
    "GET /api/v1/tokens?page=2&per_page=50 HTTP/1.1",
    "redirect_uri=https%3A%2F%2Fapp.acme.dev%2Fauth%2Fcallback&response_type=code&scope=openid%20profile",
    "python -c 'import secrets; print(secrets.token_hex(32))'",
    "openssl rand -base64 32 > /dev/null  # just checking openssl works",
    "head -c 32 /dev/urandom | base64",
    "grep -rn 'api_key' src/ | wc -l",
    "rg -i 'password|secret|token' --glob '!*.lock'",
    "SELECT id, email, password_hash FROM users WHERE email = $1",
    "ALTER TABLE users ADD COLUMN password_changed_at timestamptz;",
    "CREATE INDEX idx_api_keys_prefix ON api_keys (key_prefix);",
    "UPDATE sessions SET revoked = true WHERE user_id = 42;",
    "kubectl get secret db-creds -o jsonpath='{.data.password}' | base64 -d",
    "kubectl describe secret regcred -n ci",
    "helm upgrade pg bitnami/postgresql --set auth.existingSecret=pg-auth",
    "secretKeyRef:\n  name: db-creds\n  key: password",
    "valueFrom:\n  secretKeyRef:\n    name: api-token\n    key: token",
    "- name: API_TOKEN\n  valueFrom:\n    secretKeyRef: {name: api, key: token}",
    "env:\n  GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
    "permissions:\n  id-token: write\n  contents: read",
    "auth_type: oauth2\ntoken_url: https://auth.acme.dev/oauth/token",
    "[profile dev]\nsso_start_url = https://acme.awsapps.com/start\nsso_region = us-east-1\nsso_account_id = 123456789012\nsso_role_name = Developer",
    "[default]\nregion = eu-west-1\noutput = json",
    "credential_process = /usr/local/bin/aws-vault exec dev --json",
    "ssh-rsa AAAA... truncated public key in authorized_keys",
])

# --- generated families
_benf("commit-sha-message", 25, lambda: _R.choice([
    "commit %s fixes token refresh" % _sha1(),
    "git show %s -- src/auth/token.ts" % _sha1(),
    "git cherry-pick %s  # %s" % (_sha1(), _R.choice(_MSGS)),
    "%s %s" % (_hex(7), _R.choice(_MSGS)),
    "token refresh regression introduced in %s, reverted in %s" % (_sha1(), _sha1()),
    "git revert --no-edit %s" % _sha1(),
    "HEAD is now at %s %s" % (_hex(7), _R.choice(_MSGS)),
    "Merge pull request #%d from acme/fix-secret-loading (%s)" % (_R.randrange(100, 9999), _hex(12)),
    "git rebase -i %s~3" % _sha1(),
    "key commit: %s" % _sha1(),
]))

_benf("uuid-request-id", 25, lambda: _R.choice([
    "request_id=%s" % _uuid(),
    "session %s resumed" % _uuid(),
    "X-Request-Id: %s" % _uuid(),
    "az account set --subscription %s" % _uuid(),
    "tenant_id = \"%s\"" % _uuid(),
    "\"correlationId\": \"%s\"" % _uuid(),
    "job %s finished in 42.1s" % _uuid(),
    "traceparent: 00-%s-%s-01" % (_hex(32), _hex(16)),
    "idempotency-key: %s" % _uuid(),
    "token_id=%s revoked by admin (id only, not the token)" % _uuid(),
    "ARM_SUBSCRIPTION_ID=%s" % _uuid(),
    "client_id: %s" % _uuid(),
]))

_benf("digest", 30, lambda: _R.choice([
    "sha256:%s" % _hex(64),
    "image: ghcr.io/acme/api@sha256:%s" % _hex(64),
    "FROM python:3.12-slim@sha256:%s" % _hex(64),
    "%s  dist/acme-cli-1.4.2-linux-amd64.tar.gz" % _hex(64),
    "--hash=sha256:%s" % _hex(64),
    "\"integrity\": \"sha512-%s\"" % _b64(_rb(64)),
    "integrity sha512-%s" % _b64(_rb(64)),
    "\"integrity\": \"sha1-%s\"" % _b64(_rb(20)),
    "checksum = \"%s\"" % _hex(64),
    "github.com/pkg/errors v0.9.1 h1:%s" % _b64(_rb(32)),
    "golang.org/x/crypto v0.24.0/go.mod h1:%s" % _b64(_rb(32)),
    "SHA512 (release.zip) = %s" % _hex(128),
    "md5sum: %s" % _hex(32),
    "etag: \"%s\"" % _hex(32),
    "Digest: sha256:%s" % _hex(64),
    "sha384-%s" % _b64(_rb(48)),
    "<script src=\"https://cdn.jsdelivr.net/npm/htmx.org@1.9.12\" integrity=\"sha384-%s\" crossorigin=\"anonymous\"></script>" % _b64(_rb(48)),
]))

_benf("hash-fixture", 15, lambda: (lambda w: _R.choice([
    "assert hashlib.md5(b'%s').hexdigest() == '%s'" % (w, hashlib.md5(w.encode()).hexdigest()),
    "expected_sha1 = '%s'  # sha1('%s')" % (hashlib.sha1(w.encode()).hexdigest(), w),
    "EXPECTED_DIGEST = \"%s\"" % hashlib.sha256(w.encode()).hexdigest(),
    "assert sign(b'%s', key=TEST_KEY) == '%s'" % (w, _hex(64)),
    "fixture_hash: %s" % hashlib.sha256(w.encode()).hexdigest(),
]))(_R.choice(_WORDS).lower() + str(_R.randrange(100))))

_SENTS = ["hello world", "the quick brown fox jumps over the lazy dog", "{\"kind\":\"ping\"}",
          "release notes for 1.4.2", "user-agent test", "apiVersion: v1\nkind: ConfigMap", "Lorem ipsum dolor sit amet",
          "line one\nline two\n", "<xml>data</xml>", "token refresh scheduled"]
_benf("base64-ordinary-text", 20, lambda: (lambda b: _R.choice([
    "echo '%s' | base64 -d" % b,
    "data: %s" % b,
    "\"payload\": \"%s\"" % b,
    "binaryData:\n  motd.txt: %s" % b,
    "atob('%s')" % b,
]))(_b64(_R.choice(_SENTS).encode())))

_benf("ids-and-versions", 25, lambda: _R.choice([
    "cus_%s" % _an(14),
    "Stripe event evt_%s (invoice.paid) processed" % _an(24),
    "pi_%s succeeded" % _an(24),
    "Slack channel C%s, user U%s" % (_pick(_UPNUM, 10), _pick(_UPNUM, 10)),
    "%d-%s.apps.googleusercontent.com" % (_R.randrange(10 ** 11, 10 ** 12), _pick(_LOWNUM, 32)),
    "instance i-%s in subnet-%s" % (_hex(17), _hex(17)),
    "vpc-%s sg-%s" % (_hex(17), _hex(17)),
    "ami-%s" % _hex(17),
    "projects/acme-prod/locations/us-central1/keyRings/app/cryptoKeys/db-%d" % _R.randrange(1, 9),
    "AccountId: 123456789012  UserId: AID" + "A%s" % _pick(_UPPER + "234567", 17),
    "Twilio message SM%s queued" % _hex(32),
    "PR #%d: bump jsonwebtoken from 8.5.1 to 9.0.2" % _R.randrange(100, 9999),
    "build %d of acme/api@%s" % (_R.randrange(1000, 99999), _hex(7)),
    "gpg: key %s: public key \"Release Bot <release@acme.dev>\" imported" % _hex(16).upper(),
    "Fingerprint: %s" % " ".join(_hex(4).upper() for _ in range(10)),
    "SHA256:%s (ED25519)" % _b64(_rb(32)).rstrip("="),
    "The key fingerprint is SHA256:%s deploy@ci" % _b64(_rb(32)).rstrip("="),
    "0x%s (deployer address)" % _hex(40),
    "tx 0x%s confirmed in block %d" % (_hex(64), _R.randrange(10 ** 7, 2 * 10 ** 7)),
    "contract deployed at 0x%s" % _hex(40),
    "bc1q%s" % _pick("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 38),
    "onion address %s.onion" % _pick("abcdefghijklmnopqrstuvwxyz234567", 56),
]))


def _sshpub():
    raw = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + _rb(32)
    return "ssh-ed25519 " + _b64(raw) + " " + _R.choice(_USERS) + "@" + _R.choice(["ci", "laptop", "bastion"])


_benf("public-key-material", 12, lambda: _R.choice([
    _sshpub(),
    "echo '%s' >> ~/.ssh/authorized_keys" % _sshpub(),
    "github.com ssh-ed25519 " + _b64(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + _rb(32)),
    "[Peer]\nPublicKey = %s\nAllowedIPs = 10.8.0.0/24" % _b64(_rb(32)),
    "age public key: age1%s" % _pick(_BECH.lower(), 58),
    "account xpub: %s" % _b58check(bytes.fromhex("0488b21e") + b"\0" * 9 + _rb(32) + b"\x02" + _rb(32)),
]))


def _pub_pem(kind):
    b = _b64(bytes.fromhex("30820122300d06092a864886f70d01010105000382010f00") + _rb(270))
    body = "\n".join(b[i:i + 64] for i in range(0, len(b), 64))
    d = "-" * 5
    return d + "BEGIN " + kind + d + "\n" + body + "\n" + d + "END " + kind + d


_ben("public-pem", [_pub_pem("PUBLIC KEY"), _pub_pem("CERTIFICATE"),
                    "kubectl get cm kube-root-ca.crt -o yaml\n  ca.crt: |\n    " + _pub_pem("CERTIFICATE").replace("\n", "\n    ")])

_benf("long-identifier", 20, lambda: _R.choice([
    "".join(w.capitalize() for w in _R.sample(["token", "secret", "key", "auth", "refresh", "provider", "factory",
                                                "handler", "rotation", "credential", "session", "manager", "cache"], 5)) + str(_R.randrange(2, 9)),
    "_".join(_R.sample(["get", "api", "key", "token", "secret", "store", "password", "hash", "verify", "refresh", "v2"], 5)),
    "%s_%s_%d" % (_R.choice(["TEST", "MOCK", "FAKE"]), _R.choice(["AUTH", "TOKEN", "SESSION"]), _R.randrange(1, 99)),
    "src/%s/%s_%s.%s" % (_R.choice(["auth", "secrets", "tokens", "keys"]), _R.choice(["secret", "token", "apikey", "password"]),
                         _R.choice(["rotation", "store", "validator", "parser"]), _R.choice(["py", "ts", "go", "rb"])),
    "test_%s_%s_%s" % (_R.choice(["password", "token", "secret"]), _R.choice(["is", "not", "gets"]), _R.choice(["redacted", "rotated", "expired", "masked"])),
]))

_benf("timestamps-and-numbers", 15, lambda: _R.choice([
    "2024-%02d-%02dT%02d:%02d:%02d.%03dZ" % (_R.randrange(1, 13), _R.randrange(1, 28), _R.randrange(24), _R.randrange(60), _R.randrange(60), _R.randrange(1000)),
    "exp=%d iat=%d" % (1718000000 + _R.randrange(10 ** 6), 1717000000 + _R.randrange(10 ** 6)),
    "duration_ms=%d bytes=%d" % (_R.randrange(1, 99999), _R.randrange(1, 10 ** 9)),
    "+1-555-%03d-%04d" % (_R.randrange(1000), _R.randrange(10000)),
    "build number %d.%d.%d-%s" % (_R.randrange(10), _R.randrange(50), _R.randrange(200), _hex(8)),
    "0x%08x" % _R.randrange(2 ** 32),
]))

_benf("network", 12, lambda: _R.choice([
    "%d.%d.%d.%d:%d" % (10, _R.randrange(256), _R.randrange(256), _R.randrange(256), _R.randrange(1024, 65535)),
    "2001:db8:%x:%x::%x" % (_R.randrange(65536), _R.randrange(65536), _R.randrange(65536)),
    "inet6 fe80::%x:%x:%x:%x/64 scope link" % tuple(_R.randrange(65536) for _ in range(4)),
    "-p %d:%d" % (_R.choice([8080, 8443, 3000, 5000, 9090]), _R.choice([80, 443, 3000, 8080])),
    "MAC %s" % ":".join(_hex(2) for _ in range(6)),
    "https://%s.execute-api.us-east-1.amazonaws.com/prod/orders" % _pick(_LOWNUM, 10),
]))

_benf("code-no-secret", 20, lambda: _R.choice([
    "token = request.headers.get('Authorization', '').removeprefix('Bearer ')",
    "if not hmac.compare_digest(sig, expected): raise InvalidSignature()",
    "password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))",
    "const token = await getAccessToken({ scopes: ['read:orders'] });",
    "secret, err := client.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: aws.String(name)})",
    "var apiKey = configuration[\"Partner:ApiKey\"];",
    "String password = System.getenv(\"DB_PASSWORD\");",
    "$password = Read-Host -AsSecureString",
    "key = Fernet.generate_key()",
    "session_id = secrets.token_urlsafe(32)",
    "creds = boto3.Session(profile_name='dev').get_credentials()",
    "client = OpenAI()  # reads OPENAI_API_KEY",
    "stripe.api_key = settings.STRIPE_SECRET_KEY",
    "auth=(settings.API_USER, settings.API_PASSWORD)",
    "Client(os.environ['TWILIO_ACCOUNT_SID'], os.environ['TWILIO_AUTH_TOKEN'])",
    "new AWS.Credentials(process.env.AWS_ACCESS_KEY_ID, process.env.AWS_SECRET_ACCESS_KEY)",
    "DriverManager.getConnection(url, props.getProperty(\"user\"), props.getProperty(\"password\"))",
    "ENV['DATABASE_PASSWORD'] || raise('missing DATABASE_PASSWORD')",
    "password: ENV.fetch('SMTP_PASSWORD')",
    "if len(password) < PASSWORD_MIN_LENGTH: return False",
    "mask = lambda s: s[:4] + '*' * (len(s) - 4)",
    "assert redact('token=abc') == 'token=[REDACTED]'",
]))

_benf("shell-no-secret", 25, lambda: _R.choice([
    "git log --oneline -n 20 -- src/auth/",
    "pytest -q tests/test_token_refresh.py -k expired",
    "npm run build && npm test -- --runInBand",
    "docker compose up -d postgres redis",
    "kubectl rollout restart deploy/api -n prod",
    "terraform plan -out tfplan -target=module.secrets",
    "aws sts get-caller-identity --profile staging",
    "gh pr create --title 'Rotate signing key handling' --body 'No secrets in diff.'",
    "curl -s https://api.acme.dev/healthz | jq .",
    "ssh-add -l",
    "gpg --list-secret-keys --keyid-format LONG",
    "sudo systemctl restart vault",
    "vault status",
    "vault token lookup",
    "gh auth status",
    "npm whoami --registry https://registry.npmjs.org",
    "az account show --query id -o tsv",
    "gcloud auth list",
    "docker logout ghcr.io",
    "git diff --stat HEAD~1 -- config/credentials.yml.enc",
    "EDITOR=vim bin/rails credentials:edit --environment production",
    "wg show wg0 public-key",
    "openssl x509 -in cert.pem -noout -fingerprint -sha256",
    "openssl rand -hex 16 | wc -c",
    "find . -name '*.pem' -path '*test*'",
    "grep -c 'BEGIN CERTIFICATE' ca-bundle.crt",
    "mkdir -p ~/.config/acme && touch ~/.config/acme/token && chmod 600 ~/.config/acme/token",
    "rabbitmqctl list_users",
    "net user bob /domain",
    "cmdkey /list",
    "redis-cli -h cache.internal ping",
    "mysqladmin -u root -p status",
    "ipmitool -I lanplus -H 10.0.9.21 -U ADMIN -E chassis status",
    "nmcli dev wifi list",
]))

_seen = set()
_dedup = []
for _f, _t in BENIGN_LABELED:
    if _t not in _seen:
        _seen.add(_t)
        _dedup.append((_f, _t))
BENIGN_LABELED = _dedup
del _seen, _dedup
BENIGN = [t for _, t in BENIGN_LABELED]

FORMATS = sorted(set(f for _, f, _, _, _ in SECRETS))
__all__ = ["SECRETS", "BENIGN", "BENIGN_LABELED", "FORMATS"]
