"""Holdout corpus #13 for a secret-redaction engine.

This module was written blind: its author never looked at the engine, its
rules, its tests or any other corpus.  It models the free text a coding agent
saves about its working state (notes, commands it ran, config it looked at,
errors it saw, decisions, next steps).

SECRETS is a list of 5-tuples ``(group, format, text, secret, visible)``:
``secret`` is the exact substring of ``text`` that must not survive redaction
and ``visible`` a short substring (label / key name / command) that should stay
readable, or "" if none.  BENIGN is a list of strings that contain no secret
but resemble secrets (hashes, ids, public keys, placeholders, discussion).

Intended group shares of SECRETS: command 12%, terminal 10%, config 15%,
code 15%, credential-file 7%, connection-string 6%, vendor-token 15%,
id-beside-secret 6%, log-and-error 7%, prose 7%.

Every value is synthetic: generated from a fixed-seed random.Random with the
documented shape (prefix, length, alphabet) of the real thing.  None of them is
a real credential.  Standard library only, Python 3.8 syntax, silent on import.

It measured 0.949 recall and 2.7% false positives blind (2,108 secrets in 1,159
formats, 700 look-alikes), and is regression data now
(tests/test_redaction_holdouts.py holds its recall per group and its false
positives).
"""
import base64 as _base64
import json as _json
import random as _random
import re as _re
import string as _string

_R = _random.Random(131315)

_LO = _string.ascii_lowercase
_UP = _string.ascii_uppercase
_DI = _string.digits
_ALPH = {
    "an": _LO + _UP + _DI,
    "la": _LO + _DI,
    "ua": _UP + _DI,
    "h": "0123456789abcdef",
    "H": "0123456789ABCDEF",
    "d": _DI,
    "b": _LO + _UP + _DI + "+/",
    "u": _LO + _UP + _DI + "-_",
    "l": _LO,
    "U": _UP,
    "z": "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567",
    "zl": "abcdefghijklmnopqrstuvwxyz234567",
    "m": "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz",
    "r": _LO + _UP + _DI + "!@%^*-_+=.~",
    "ru": _LO + _UP + _DI + "-_.~",
    "bech": "qpzry9x8gf2tvdw0s3jn54khce6mua7l",
    "dj": _LO + _DI + "!@#%^&*(-_=+)",
    "wp": _LO + _UP + _DI + "!#%&()*+,-./:;<=>?@[]^_{|}~",
    "az": _LO + _UP + _DI + "~._-",
    "cf": _LO + _UP + _DI + "-_~",
}


def _c(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _rb(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64u(b):
    return _base64.urlsafe_b64encode(b).decode().rstrip("=")


def _b64(b):
    return _base64.b64encode(b).decode()


_WORDS = [
    "summer", "winter", "autumn", "spring", "dragon", "monkey", "sunshine",
    "falcon", "tiger", "orange", "purple", "rocket", "coffee", "guitar",
    "pirate", "bamboo", "cobalt", "maple", "harbor", "violet", "thunder",
    "pepper", "silver", "marble", "canyon", "willow", "copper", "lantern",
    "walrus", "pickle", "mango", "nebula", "glacier", "hazel", "jasper",
    "kettle", "lemon", "meadow", "otter", "quartz", "raven", "saffron",
    "tundra", "velvet", "zephyr", "basil", "cactus", "denim", "ember",
    "fjord", "horse", "battery", "staple", "correct", "banana", "orchid",
    "pebble", "rhubarb", "sparrow", "tractor", "umbrella", "waffle", "yodel",
]
_LEET = {"a": "4", "e": "3", "o": "0", "i": "1", "s": "5", "t": "7"}


def _leet(w):
    out = []
    for ch in w:
        if ch in _LEET and _R.random() < 0.5:
            out.append(_LEET[ch])
        else:
            out.append(ch)
    return "".join(out)


def _pw(url=False):
    sy = "-_.!*" if url else "!@#*.&+%"
    while True:
        w = _R.choice(_WORDS)
        w2 = _R.choice(_WORDS)
        f = _R.randrange(8)
        if f == 0:
            s = w.capitalize() + str(_R.randint(2015, 2025)) + _R.choice(sy)
        elif f == 1:
            s = _leet(w.capitalize()) + _R.choice(sy) + str(_R.randint(1, 99))
        elif f == 2:
            s = "-".join(_R.choice(_WORDS) for _ in range(4))
        elif f == 3:
            s = w + _R.choice(sy) + w2.capitalize() + str(_R.randint(10, 99))
        elif f == 4:
            s = w.capitalize() + w2.capitalize() + str(_R.randint(100, 9999)) + _R.choice(sy)
        elif f == 5:
            s = _R.choice(["Acme", "Globex", "Initech", "Hooli", "Contoso", "Northwind"]) + _R.choice(sy) + _R.choice(["Prod", "Stage", "Dev", "Ops"]) + str(_R.randint(2019, 2025))
        elif f == 6:
            s = _R.choice(["_", "."]).join([w, w2, _R.choice(_WORDS)]) + str(_R.randint(1, 9))
        else:
            s = _leet(w) + _R.choice(sy) + _leet(w2).capitalize() + _R.choice(sy) + str(_R.randint(1, 9))
        if len(s) >= 8 and s[0].isalnum():
            return s


def _spw():
    while True:
        f = _R.randrange(4)
        if f == 0:
            s = _R.choice(_WORDS) + str(_R.randint(1000, 9999))
        elif f == 1:
            s = _R.choice(_WORDS).capitalize() + str(_R.randint(10, 99)) + _R.choice("!@#*.")
        elif f == 2:
            s = _c(_ALPH["an"], 1) + _c(_ALPH["an"] + "!@#%*", _R.randint(7, 11))
        else:
            s = _c(_ALPH["an"], _R.randint(8, 12))
        if 8 <= len(s) <= 12 and s[0].isalnum():
            return s


def _ppw():
    sep = _R.choice(["-", ".", "_", "-"])
    return sep.join(_R.choice(_WORDS) for _ in range(_R.randint(4, 5)))


def _jwt(alg="HS256", siglen=43):
    h = _b64u(_json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")).encode())
    body = {
        "sub": str(_R.randint(10000, 9999999)),
        "iat": _R.randint(1700000000, 1730000000),
        "role": _R.choice(["service_role", "admin", "deployer", "reader", "ci"]),
        "iss": _R.choice(["https://auth.example.com", "kubernetes/serviceaccount", "supabase", "api"]),
    }
    p = _b64u(_json.dumps(body, separators=(",", ":")).encode())
    return h + "." + p + "." + _c(_ALPH["u"], siglen)


def _wrap(s, w):
    return "\n".join(s[i:i + w] for i in range(0, len(s), w))


def _pem(prefix, nbytes, w=64, sep="\n"):
    body = _b64(_rb(nbytes))
    body = prefix + body[len(prefix):]
    return sep.join(body[i:i + w] for i in range(0, len(body), w))


def _uuid():
    h = _c(_ALPH["h"], 32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _R.choice("89ab"), h[17:20], h[20:32])


def _user():
    return _R.choice(["deploy", "app_user", "svc-ci", "admin", "jenkins", "etl_loader",
                      "grafana", "backup", "mkowalski", "jdoe", "analytics_ro", "builder",
                      "ops", "svc_billing", "reporter", "gitlab-ci", "appsvc", "tchen",
                      "a.nguyen", "webadmin", "migrator", "sre-bot"])


def _dom():
    return _R.choice(["example.com", "acme-corp.io", "internal.example.net", "globex.dev",
                      "initech.local", "corp.example.org", "hooli.test", "northwind.cloud"])


def _host():
    return "%s-%s%s.%s" % (_R.choice(["db", "pg", "mysql", "api", "cache", "mq", "mongo", "sql", "es", "redis"]),
                           _R.choice(["prod", "stg", "dev", "eu1", "us2", "int"]),
                           _R.choice(["", "1", "2", "-a", "-b"]), _dom())


_SENTENCES = [
    "hello from the build agent", "The quick brown fox jumps over the lazy dog",
    "release notes for version 2.4", "user-agent: curl/8.5.0",
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit",
    "{\"alg\":\"none\"}", "deploy finished successfully", "ok",
    "#!/bin/sh\necho starting\n", "Content-Type: text/plain; charset=utf-8",
]

_NAMED = {
    "pw": lambda: _pw(False),
    "pwu": lambda: _pw(True),
    "spw": _spw,
    "ppw": _ppw,
    "JWT": lambda: _jwt(),
    "JWTRS": lambda: _jwt("RS256", 342),
    "PEMRSA": lambda: _pem("MIIEowIBAAKCAQEA", 1190),
    "PEMP8": lambda: _pem("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", 1217),
    "PEMEC": lambda: _pem("MHcCAQEEI", 121),
    "PEMP8EC": lambda: _pem("MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg", 138),
    "PEMSSH": lambda: _pem("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZWQyNTUxOQAAACA", 300, 70),
    "PEMESC": lambda: _pem("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", 1217, 64, "\\n"),
    "PGPPRIV": lambda: _pem("lQOYBGX", 900),
    "K8SB64": lambda: _b64(_pw().encode()),
    "BASICB64": lambda: _b64(("%s:%s" % (_user(), _pw())).encode()),
    "AUTHPLAIN": lambda: _b64(("\0%s@%s\0%s" % (_user(), _dom(), _pw())).encode()),
    "UUID": _uuid,
    "WGKEY": lambda: _b64(_rb(32)),
    "FERNET": lambda: _base64.urlsafe_b64encode(_rb(32)).decode(),
    "AZSEC": lambda: _c(_ALPH["an"], 3) + "8Q~" + _c(_ALPH["az"], 34),
    "SASSIG": lambda: _b64(_rb(32)).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
    "WPAPP": lambda: " ".join(_c(_ALPH["an"], 4) for _ in range(6)),
    "AGE": lambda: "AGE-SECRET-KEY-1" + _c("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58),
    "AWSSESSION": lambda: "IQoJb3JpZ2luX2VjE" + _c(_ALPH["b"], 380),
    "AZKEY": lambda: _b64(_rb(64)),
}

_SPEC_RE = _re.compile(r"\{([A-Za-z][A-Za-z0-9]*)\}")
_SPEC_KIND_RE = _re.compile(r"^([A-Za-z]+)(\d+)$")


def _gen(spec):
    if callable(spec):
        return spec()

    def rep(m):
        name = m.group(1)
        if name in _NAMED:
            return _NAMED[name]()
        mm = _SPEC_KIND_RE.match(name)
        return _c(_ALPH[mm.group(1)], int(mm.group(2)))
    return _SPEC_RE.sub(rep, spec)


def _ts():
    return "2024-%02d-%02dT%02d:%02d:%02dZ" % (_R.randint(1, 12), _R.randint(1, 28), _R.randint(0, 23),
                                              _R.randint(0, 59), _R.randint(0, 59))


_FILL = {
    "HOST": _host,
    "USER": _user,
    "DOM": _dom,
    "DB": lambda: _R.choice(["orders", "app_production", "inventory", "analytics", "billing",
                             "users", "payments_dev", "warehouse", "crm", "metrics", "ledger"]),
    "IP": lambda: "10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255), _R.randint(2, 254)),
    "UUID": _uuid,
    "N": lambda: str(_R.randint(2, 9999)),
    "TS": _ts,
    "DATE": lambda: "2024-%02d-%02d" % (_R.randint(1, 12), _R.randint(1, 28)),
    "PROJ": lambda: _R.choice(["atlas", "billing-api", "checkout", "harbor", "ledger", "orbit",
                               "pipeline", "relay", "sentinel", "webapp", "gateway", "tracker"]),
    "ORG": lambda: _R.choice(["acme", "globex", "initech", "umbrella-labs", "hooli", "northwind",
                              "contoso", "example-org", "wayne-ent", "stark-ind"]),
    "EMAIL": lambda: "%s@%s" % (_R.choice(["ops", "dev", "jane.doe", "m.rossi", "ci-bot", "alerts", "k.tanaka"]), _dom()),
    "REGION": lambda: _R.choice(["us-east-1", "eu-west-1", "eu-central-1", "ap-southeast-2", "us-west-2"]),
    "SHA": lambda: _c(_ALPH["h"], 40),
    "SSHA": lambda: _c(_ALPH["h"], 7),
    "AKID": lambda: "AKIA" + _c(_ALPH["ua"], 16),
    "ASIA": lambda: "ASIA" + _c(_ALPH["ua"], 16),
    "SHA256": lambda: _c(_ALPH["h"], 64),
    "SHA512HEX": lambda: _c(_ALPH["h"], 128),
    "SHA512B64": lambda: _b64(_rb(64)),
    "SHA384B64": lambda: _b64(_rb(48)),
    "SHA256B64": lambda: _b64(_rb(32)),
    "B64H1": lambda: _b64(_rb(32)),
    "MD5": lambda: _c(_ALPH["h"], 32),
    "TRACE": lambda: _c(_ALPH["h"], 32),
    "SPAN": lambda: _c(_ALPH["h"], 16),
    "VER": lambda: "%d.%d.%d" % (_R.randint(0, 4), _R.randint(0, 30), _R.randint(0, 20)),
    "PSEUDO": lambda: "2024%02d%02d%06d-%s" % (_R.randint(1, 12), _R.randint(1, 28), _R.randint(0, 235959), _c(_ALPH["h"], 12)),
    "RSHASH": lambda: _c("bcdfghjklmnpqrstvwxz2456789", _R.choice([9, 10])),
    "POD5": lambda: _c("bcdfghjklmnpqrstvwxz2456789", 5),
    "CID": lambda: "bafybei" + _c(_ALPH["zl"], 52),
    "PGPID": lambda: _c(_ALPH["H"], 16),
    "PGPFP": lambda: " ".join(_c(_ALPH["H"], 4) for _ in range(10)),
    "FPCOLON": lambda: ":".join(_c(_ALPH["h"], 2) for _ in range(16)),
    "WGKEY": lambda: _b64(_rb(32)),
    "B64TXT": lambda: _b64(_R.choice(_SENTENCES).encode()),
    "REF": lambda: _c(_LO, 20),
}

_FILL_RE = _re.compile(r"@@([A-Za-z][A-Za-z0-9_]*)@@")
_KIND_RE = _re.compile(r"^([A-Za-z]+?)(\d+)$")


def _fill(tpl, secret=None, extra=None):
    cache = {}

    def rep(m):
        name = m.group(1)
        if name == "S" and secret is not None:
            return secret
        if extra and name in extra:
            return extra[name]
        if name in cache:
            return cache[name]
        key = name
        if key not in _FILL and _re.search(r"\d[b-e]$", key):
            key = key[:-1]  # second distinct value of the same kind, e.g. SHA256b
        if key in _FILL:
            v = _FILL[key]()
        else:
            name = key
            mm = _KIND_RE.match(name)
            if mm and mm.group(1) in _FILL:
                v = _FILL[mm.group(1)]()
            elif mm and mm.group(1) in _ALPH:
                v = _c(_ALPH[mm.group(1)], int(mm.group(2)))
            else:
                raise KeyError(name)
        cache[m.group(1)] = v
        return v
    return _FILL_RE.sub(rep, tpl)


SECRETS = []
BENIGN = []


def _counts(n_templates, target):
    counts = [1] * n_templates
    extra = target - n_templates
    i = 0
    while extra > 0:
        counts[i % n_templates] += 1
        extra -= 1
        i += 1
    return counts


def _emit(group, templates, target):
    for (fmt, spec, tpl, vis), k in zip(templates, _counts(len(templates), target)):
        for _ in range(k):
            s = _gen(spec)
            SECRETS.append((group, fmt, _fill(tpl, s), s, vis))

# ---------------------------------------------------------------- command
_COMMAND = [
    ("mysql-cli-inline-password", "{spw}", "mysql -h @@HOST@@ -u @@USER@@ -p'@@S@@' @@DB@@ < migrations/0042_add_index.sql", "mysql -h"),
    ("mysqldump-password-long-flag", "{pwu}", "mysqldump --single-transaction --user=@@USER@@ --password=@@S@@ --host=@@HOST@@ @@DB@@ | gzip > /backups/@@DB@@-@@DATE@@.sql.gz", "mysqldump"),
    ("pgpassword-env-prefix", "{pwu}", "PGPASSWORD=@@S@@ psql -h @@HOST@@ -U @@USER@@ -d @@DB@@ -c 'select count(*) from events'", "psql -h"),
    ("psql-uri-argument", "{ru20}", "psql \"postgresql://@@USER@@:@@S@@@@@HOST@@:5432/@@DB@@?sslmode=require\" -f schema.sql", "psql"),
    ("docker-login-password-flag", "{an32}", "docker login -u @@USER@@ -p @@S@@ registry.@@DOM@@", "docker login"),
    ("kubectl-create-secret-literal", "{pw}", "kubectl -n @@PROJ@@ create secret generic db-creds --from-literal=username=@@USER@@ --from-literal=password='@@S@@'", "create secret generic"),
    ("kubectl-create-secret-docker-registry", "ghp_{an36}", "kubectl create secret docker-registry regcred --docker-server=ghcr.io --docker-username=@@USER@@ --docker-password=@@S@@ --docker-email=@@EMAIL@@", "kubectl create secret docker-registry"),
    ("helm-set-password", "{pwu}", "helm upgrade --install @@PROJ@@ ./charts/@@PROJ@@ -n prod --set postgresql.auth.password=@@S@@ --set image.tag=@@SSHA@@", "helm upgrade"),
    ("curl-basic-auth-u", "{pwu}", "curl -sS -u @@USER@@:@@S@@ https://jenkins.@@DOM@@/job/@@PROJ@@/lastBuild/api/json | jq .result", "curl -sS -u"),
    ("curl-bearer-header", "{u43}", "curl -s -H \"Authorization: Bearer @@S@@\" -H \"Accept: application/json\" 'https://api.@@DOM@@/v2/deployments?limit=5'", "Authorization: Bearer"),
    ("curl-x-api-key-header", "{an32}", "curl -X POST https://ingest.@@DOM@@/v1/events -H 'x-api-key: @@S@@' -d @payload.json", "x-api-key"),
    ("curl-form-password-grant", "{pwu}", "curl -X POST https://auth.@@DOM@@/oauth/token -d grant_type=password -d username=@@USER@@ -d password=@@S@@ -d client_id=cli", "grant_type=password"),
    ("curl-form-client-credentials", "{u40}", "curl -s https://login.@@DOM@@/oauth2/token -d grant_type=client_credentials -d client_id=@@UUID@@ -d client_secret=@@S@@ -d scope=api.read", "client_secret"),
    ("wget-http-password", "{pwu}", "wget --http-user=@@USER@@ --http-password=@@S@@ https://artifacts.@@DOM@@/releases/@@PROJ@@-1.8.2.tar.gz", "wget"),
    ("git-clone-token-in-url", "ghp_{an36}", "git clone https://@@S@@@github.com/@@ORG@@/@@PROJ@@.git", "git clone"),
    ("git-remote-set-url-oauth2", "glpat-{u20}", "git remote set-url origin https://oauth2:@@S@@@gitlab.@@DOM@@/@@ORG@@/@@PROJ@@.git", "git remote set-url"),
    ("npm-config-set-authtoken", "npm_{an36}", "npm config set //registry.npmjs.org/:_authToken @@S@@", "npm config set"),
    ("yarn-config-set-npmauthtoken", "npm_{an36}", "yarn config set npmAuthToken @@S@@ -H", "yarn config set"),
    ("twine-upload-token-flag", "pypi-AgEIcHlwaS5vcmcCJD{u120}", "twine upload -u __token__ -p @@S@@ dist/*", "twine upload"),
    ("pip-install-index-url-creds", "{an24}", "pip install --index-url https://@@USER@@:@@S@@@pypi.@@DOM@@/simple/ internal-utils==2.3.1", "pip install"),
    ("aws-configure-set-secret", "{b40}", "aws configure set aws_secret_access_key @@S@@ --profile @@PROJ@@", "aws configure set"),
    ("env-prefix-aws-keypair", "{b40}", "AWS_ACCESS_KEY_ID=@@AKID@@ AWS_SECRET_ACCESS_KEY=@@S@@ aws s3 ls s3://@@PROJ@@-artifacts/", "aws s3 ls"),
    ("gh-secret-set-body", "{an40}", "gh secret set DEPLOY_TOKEN --repo @@ORG@@/@@PROJ@@ --body \"@@S@@\"", "gh secret set"),
    ("gh-auth-login-echo-pipe", "ghp_{an36}", "echo @@S@@ | gh auth login --with-token", "gh auth login"),
    ("heroku-config-set", "{h128}", "heroku config:set SECRET_KEY_BASE=@@S@@ -a @@PROJ@@-staging", "heroku config:set"),
    ("fly-secrets-set", "{u48}", "fly secrets set SESSION_SECRET=@@S@@ --app @@PROJ@@", "fly secrets set"),
    ("vercel-env-add-echo", "whsec_{an32}", "echo -n '@@S@@' | vercel env add STRIPE_WEBHOOK_SECRET production", "vercel env add"),
    ("vault-kv-put", "{pw}", "vault kv put secret/@@PROJ@@/db username=@@USER@@ password='@@S@@'", "vault kv put"),
    ("vault-login-token-arg", "hvs.{u90}", "vault login @@S@@", "vault login"),
    ("openssl-pkcs12-passout", "{pw}", "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:'@@S@@'", "openssl pkcs12"),
    ("openssl-enc-k", "{r24}", "openssl enc -aes-256-cbc -salt -pbkdf2 -in backup.tar -out backup.tar.enc -k '@@S@@'", "openssl enc"),
    ("sshpass-p", "{pw}", "sshpass -p '@@S@@' ssh -o StrictHostKeyChecking=no @@USER@@@@@IP@@ 'sudo systemctl restart nginx'", "sshpass"),
    ("htpasswd-batch-b", "{pw}", "htpasswd -b -c /etc/nginx/.htpasswd @@USER@@ '@@S@@'", "htpasswd"),
    ("chpasswd-echo", "{pw}", "echo '@@USER@@:@@S@@' | sudo chpasswd", "chpasswd"),
    ("mongosh-password-flag", "{pwu}", "mongosh \"mongodb://@@HOST@@:27017/@@DB@@\" --username @@USER@@ --password @@S@@ --authenticationDatabase admin", "mongosh"),
    ("redis-cli-a", "{an32}", "redis-cli -h @@HOST@@ -p 6379 -a @@S@@ --no-auth-warning INFO replication", "redis-cli"),
    ("sqlcmd-p-flag", "{pw}", "sqlcmd -S @@HOST@@,1433 -U sa -P '@@S@@' -Q \"SELECT name FROM sys.databases\"", "sqlcmd"),
    ("sqlplus-user-slash-pass", "{pwu}", "sqlplus @@USER@@/@@S@@@//@@HOST@@:1521/ORCLPDB1 @scripts/grants.sql", "sqlplus"),
    ("mc-alias-set", "{an40}", "mc alias set minio http://@@IP@@:9000 @@USER@@ @@S@@", "mc alias set"),
    ("az-login-service-principal", "{AZSEC}", "az login --service-principal -u @@UUID@@ -p @@S@@ --tenant @@UUID2@@", "az login"),
    ("docker-run-env-password", "{pwu}", "docker run -d --name pg -e POSTGRES_PASSWORD=@@S@@ -p 5432:5432 postgres:16-alpine", "docker run"),
    ("docker-build-arg-token", "npm_{an36}", "docker build --build-arg NPM_TOKEN=@@S@@ -t @@PROJ@@:dev .", "docker build"),
    ("terraform-apply-var", "{pw}", "terraform apply -var 'db_password=@@S@@' -var-file=prod.tfvars", "terraform apply"),
    ("ansible-playbook-extra-vars", "{pw}", "ansible-playbook site.yml -i inventory/prod -e 'ansible_become_pass=@@S@@'", "ansible-playbook"),
    ("git-c-http-extraheader", "{an40}", "git -c http.extraHeader=\"Authorization: Bearer @@S@@\" clone https://git.@@DOM@@/@@ORG@@/@@PROJ@@.git", "http.extraHeader"),
    ("dotnet-nuget-add-source", "{zl52}", "dotnet nuget add source https://pkgs.dev.azure.com/@@ORG@@/_packaging/feed/nuget/v3/index.json -n azfeed -u @@USER@@ -p @@S@@ --store-password-in-clear-text", "dotnet nuget add source"),
    ("mvn-deploy-password-prop", "{pwu}", "mvn deploy -DaltDeploymentRepository=internal::default::https://nexus.@@DOM@@/repository/releases -Drepo.password=@@S@@", "mvn deploy"),
    ("gradlew-project-property", "{an32}", "./gradlew publish -PsonatypeUsername=@@USER@@ -PsonatypePassword=@@S@@", "./gradlew publish"),
    ("composer-config-github-oauth", "ghp_{an36}", "composer config -g github-oauth.github.com @@S@@", "composer config"),
    ("bundle-config-gem-source", "{h8}:{h8}", "bundle config set --global gems.contribsys.com @@S@@", "bundle config"),
    ("cargo-login", "cio{an32}", "cargo login @@S@@", "cargo login"),
    ("curl-rubygems-api-key", "rubygems_{h48}", "curl -H 'Authorization: @@S@@' https://rubygems.org/api/v1/gems/@@PROJ@@/owners.json", "rubygems.org"),
    ("stripe-cli-api-key-flag", "sk_test_51{an96}", "stripe listen --api-key @@S@@ --forward-to localhost:3000/webhooks/stripe", "stripe listen"),
    ("ngrok-config-add-authtoken", "{an27}_{an21}", "ngrok config add-authtoken @@S@@", "ngrok config add-authtoken"),
    ("tailscale-up-authkey", "tskey-auth-{an17}-{an33}", "sudo tailscale up --authkey=@@S@@ --advertise-tags=tag:ci", "tailscale up"),
    ("sentry-cli-auth-token", "sntryu_{h64}", "sentry-cli --auth-token @@S@@ releases new -p @@PROJ@@ @@VER@@", "sentry-cli"),
    ("psql-conninfo-keyword", "{pwu}", "psql \"host=@@HOST@@ port=5432 dbname=@@DB@@ user=@@USER@@ password=@@S@@ sslmode=verify-full\"", "psql"),
    ("pg-dump-dbname-uri", "{ru16}", "pg_dump --dbname=postgresql://@@USER@@:@@S@@@@@HOST@@/@@DB@@ -Fc -f /tmp/@@DB@@.dump", "pg_dump"),
    ("rsync-password-env", "{pwu}", "RSYNC_PASSWORD=@@S@@ rsync -av --delete ./public/ rsync://@@USER@@@@@HOST@@/www/", "rsync"),
    ("smbclient-user-percent", "{pwu}", "smbclient //fileserver/share -U 'CORP\\@@USER@@%@@S@@' -c 'ls'", "smbclient"),
    ("mount-cifs-options", "{pwu}", "sudo mount -t cifs //nas.@@DOM@@/backup /mnt/backup -o username=@@USER@@,password=@@S@@,vers=3.0", "mount -t cifs"),
    ("curl-ftp-upload-user", "{pwu}", "curl -T release.zip ftp://ftp.@@DOM@@/uploads/ --user @@USER@@:@@S@@", "curl -T"),
    ("lftp-u-comma", "{pwu}", "lftp -u @@USER@@,@@S@@ sftp://@@HOST@@ -e 'mirror -R dist /var/www/html; quit'", "lftp"),
    ("xfreerdp-p", "{pw}", "xfreerdp /v:@@IP@@ /u:Administrator /p:'@@S@@' /cert:ignore", "xfreerdp"),
    ("ldapsearch-w", "{pw}", "ldapsearch -x -H ldaps://ldap.@@DOM@@ -D 'cn=admin,dc=example,dc=com' -w '@@S@@' -b 'ou=people,dc=example,dc=com' uid=@@USER@@", "ldapsearch"),
    ("influx-query-token", "{u86}==", "influx query 'from(bucket:\"metrics\") |> range(start:-1h)' --org @@ORG@@ --token @@S@@", "influx query"),
    ("rabbitmqctl-add-user", "{pw}", "rabbitmqctl add_user @@USER@@ '@@S@@' && rabbitmqctl set_permissions -p / @@USER@@ '.*' '.*' '.*'", "rabbitmqctl add_user"),
    ("psql-c-alter-role-password", "{pw}", "psql -c \"ALTER ROLE @@USER@@ WITH LOGIN PASSWORD '@@S@@';\"", "ALTER ROLE"),
    ("mysql-e-create-user", "{pw}", "mysql -e \"CREATE USER '@@USER@@'@'%' IDENTIFIED BY '@@S@@'; GRANT SELECT ON @@DB@@.* TO '@@USER@@'@'%';\"", "IDENTIFIED BY"),
    ("jq-set-identitytoken", "{u64}", "jq '.auths[\"registry.@@DOM@@\"].identitytoken = \"@@S@@\"' ~/.docker/config.json > /tmp/c.json", "identitytoken"),
    ("sed-inplace-env-password", "{pwu}", "sed -i 's/^DB_PASSWORD=.*/DB_PASSWORD=@@S@@/' .env.production", "sed -i"),
    ("echo-append-dotenv", "sk-proj-{u48}T3BlbkFJ{u48}", "echo 'OPENAI_API_KEY=@@S@@' >> .env.local", "OPENAI_API_KEY"),
    ("printf-docker-login-stdin", "ghp_{an36}", "printf '%s' '@@S@@' | docker login ghcr.io -u @@USER@@ --password-stdin", "--password-stdin"),
    ("setx-windows-user-env", "ghp_{an36}", "setx GITHUB_TOKEN \"@@S@@\"", "setx GITHUB_TOKEN"),
    ("powershell-convertto-securestring", "{pw}", "$pw = ConvertTo-SecureString '@@S@@' -AsPlainText -Force; $cred = New-Object System.Management.Automation.PSCredential('@@USER@@', $pw)", "ConvertTo-SecureString"),
    ("net-use-user-password", "{pwu}", "net use Z: \\\\fs01\\projects /user:CORP\\@@USER@@ @@S@@ /persistent:no", "net use"),
    ("cmdkey-add-pass", "{pwu}", "cmdkey /add:@@HOST@@ /user:@@USER@@ /pass:@@S@@", "cmdkey"),
    ("wp-cli-user-create-pass", "{pw}", "wp user create deploybot bot@@@DOM@@ --role=editor --user_pass='@@S@@'", "wp user create"),
    ("django-superuser-env-prefix", "{pw}", "DJANGO_SUPERUSER_PASSWORD='@@S@@' python manage.py createsuperuser --noinput --username admin --email @@EMAIL@@", "createsuperuser"),
    ("firebase-deploy-token-flag", "1//0{u98}", "firebase deploy --only hosting --token @@S@@", "firebase deploy"),
    ("netlify-deploy-auth-flag", "nfp_{an36}", "netlify deploy --prod --dir=dist --auth @@S@@ --site @@UUID@@", "netlify deploy"),
    ("doctl-auth-init-token", "dop_v1_{h64}", "doctl auth init --access-token @@S@@ --context @@PROJ@@", "doctl auth init"),
    ("hcloud-token-env-prefix", "{an64}", "HCLOUD_TOKEN=@@S@@ hcloud server list -o columns=name,status,ipv4", "hcloud server list"),
    ("linode-cli-token-env", "{h64}", "LINODE_CLI_TOKEN=@@S@@ linode-cli linodes list --text", "linode-cli"),
    ("snyk-auth-arg", "{UUID}", "snyk auth @@S@@ && snyk test --severity-threshold=high", "snyk auth"),
    ("codecov-uploader-t", "{UUID}", "./codecov -t @@S@@ -f coverage.xml -F unittests", "./codecov"),
    ("sonar-scanner-login-prop", "squ_{h40}", "sonar-scanner -Dsonar.projectKey=@@PROJ@@ -Dsonar.host.url=https://sonar.@@DOM@@ -Dsonar.login=@@S@@", "sonar-scanner"),
    ("jf-config-add-access-token", "cmVmdGtuOjAxOjE3{an48}", "jf config add art1 --url=https://@@ORG@@.jfrog.io --access-token=@@S@@ --interactive=false", "jf config add"),
    ("cf-login-p", "{pw}", "cf login -a https://api.sys.@@DOM@@ -u @@USER@@ -p '@@S@@' -o @@ORG@@ -s staging", "cf login"),
    ("oc-login-token", "sha256~{u43}", "oc login --token=@@S@@ --server=https://api.ocp.@@DOM@@:6443", "oc login"),
    ("kubectl-token-flag", "{JWTRS}", "kubectl --server=https://@@IP@@:6443 --token=@@S@@ --insecure-skip-tls-verify get pods -A", "kubectl"),
    ("argocd-login-password", "{pw}", "argocd login argocd.@@DOM@@ --username admin --password '@@S@@' --grpc-web", "argocd login"),
    ("gitlab-runner-register-token", "glrt-{u20}", "gitlab-runner register --non-interactive --url https://gitlab.@@DOM@@ --token @@S@@ --executor docker --docker-image alpine:3.19", "gitlab-runner register"),
    ("gh-api-token-header", "gho_{an36}", "gh api -H \"Authorization: token @@S@@\" /repos/@@ORG@@/@@PROJ@@/actions/runs --jq '.workflow_runs[0].status'", "gh api"),
    ("httpie-auth-a", "{pwu}", "http -a @@USER@@:@@S@@ GET https://registry.@@DOM@@/v2/_catalog", "http -a"),
    ("httpie-bearer-header-item", "{u40}", "http POST :8080/api/jobs Authorization:'Bearer @@S@@' name=reindex", "http POST"),
    ("ssh-keygen-n-passphrase", "{ppw}", "ssh-keygen -t ed25519 -C ci@@@PROJ@@ -N '@@S@@' -f ~/.ssh/deploy_@@PROJ@@", "ssh-keygen"),
    ("gpg-batch-passphrase", "{ppw}", "gpg --batch --yes --pinentry-mode loopback --passphrase '@@S@@' -d secrets.tar.gz.gpg | tar xz", "gpg --batch"),
    ("7z-archive-password", "{pw}", "7z a -p'@@S@@' -mhe=on customer-export-@@DATE@@.7z ./export/", "7z a"),
    ("zip-p-password", "{pwu}", "zip -r -P @@S@@ logs.zip /var/log/@@PROJ@@/", "zip -r"),
    ("unzip-p-password", "{pwu}", "unzip -P @@S@@ vendor-drop.zip -d /tmp/vendor", "unzip"),
    ("keytool-storepass", "{pwu}", "keytool -importcert -alias rootca -file root.crt -keystore truststore.jks -storepass @@S@@ -noprompt", "keytool"),
    ("java-d-datasource-password", "{pwu}", "java -Dspring.datasource.password=@@S@@ -Dspring.profiles.active=prod -jar build/libs/@@PROJ@@.jar", "-Dspring.datasource.password"),
    ("node-script-env-prefix", "sk_live_{an24}", "STRIPE_SECRET_KEY=@@S@@ node scripts/backfill-invoices.js --since 2024-01-01", "node scripts"),
    ("python-script-api-key-flag", "{an40}", "python tools/sync_tickets.py --api-key @@S@@ --project OPS --dry-run", "--api-key"),
    ("make-variable-token", "{an32}", "make deploy ENV=staging REGISTRY_TOKEN=@@S@@", "make deploy"),
    ("docker-compose-env-prefix", "{pwu}", "MYSQL_ROOT_PASSWORD=@@S@@ docker compose up -d db", "docker compose up"),
    ("curl-query-access-token", "{an40}", "curl 'https://api.@@DOM@@/v1/reports/export?format=csv&access_token=@@S@@' -o report.csv", "curl"),
    ("curl-cookie-session", "{u64}", "curl -b 'session=@@S@@' https://admin.@@DOM@@/api/me", "curl -b"),
    ("git-credential-approve-printf", "{an40}", "printf 'protocol=https\\nhost=git.@@DOM@@\\nusername=@@USER@@\\npassword=@@S@@\\n' | git credential approve", "git credential approve"),
    ("restic-password-env", "{ppw}", "RESTIC_PASSWORD='@@S@@' restic -r s3:s3.amazonaws.com/@@PROJ@@-backups snapshots", "restic"),
    ("borg-passphrase-export", "{ppw}", "export BORG_PASSPHRASE='@@S@@'; borg create ::'{hostname}-{now}' /etc /srv", "borg create"),
    ("duplicity-passphrase-env", "{ppw}", "PASSPHRASE=\"@@S@@\" duplicity /home/@@USER@@ sftp://backup@@@HOST@@//backups/@@USER@@", "duplicity"),
    ("ansible-vault-pass-echo", "{ppw}", "echo '@@S@@' > ~/.vault_pass && ansible-vault decrypt group_vars/prod/vault.yml --vault-password-file ~/.vault_pass", "ansible-vault"),
    ("rails-master-key-env", "{h32}", "RAILS_MASTER_KEY=@@S@@ bin/rails credentials:show", "RAILS_MASTER_KEY"),
    ("wrangler-secret-put-pipe", "{an40}", "echo '@@S@@' | npx wrangler secret put API_TOKEN --env production", "wrangler secret put"),
    ("supabase-link-password", "{pw}", "supabase link --project-ref @@REF@@ --password '@@S@@'", "supabase link"),
    ("firebase-functions-config-set", "SG.{u22}.{u43}", "firebase functions:config:set sendgrid.key=\"@@S@@\"", "functions:config:set"),
    ("aws-ssm-put-parameter", "{pw}", "aws ssm put-parameter --name /@@PROJ@@/prod/db_password --type SecureString --value '@@S@@' --overwrite", "aws ssm put-parameter"),
    ("aws-secretsmanager-secret-string", "{pw}", "aws secretsmanager create-secret --name @@PROJ@@/api --secret-string '{\"username\":\"@@USER@@\",\"password\":\"@@S@@\"}'", "create-secret"),
    ("gcloud-secrets-create-pipe", "{an40}", "echo -n '@@S@@' | gcloud secrets create stripe-key --data-file=- --replication-policy=automatic", "gcloud secrets create"),
    ("az-keyvault-secret-set", "{pw}", "az keyvault secret set --vault-name kv-@@PROJ@@ --name SqlAdminPassword --value '@@S@@'", "az keyvault secret set"),
    ("op-item-create-field", "{pw}", "op item create --category=login --title='@@PROJ@@ admin' username=admin 'password=@@S@@'", "op item create"),
    ("consul-http-token-env", "{UUID}", "CONSUL_HTTP_TOKEN=@@S@@ consul kv get -recurse config/@@PROJ@@", "consul kv get"),
    ("nomad-job-run-token", "{UUID}", "nomad job run -token=@@S@@ -address=https://nomad.@@DOM@@:4646 jobs/@@PROJ@@.nomad.hcl", "nomad job run"),
    ("etcdctl-user-root", "{pwu}", "etcdctl --endpoints=https://@@IP@@:2379 --user root:@@S@@ get /registry --prefix --keys-only | head", "etcdctl"),
    ("nats-server-url-creds", "{pwu}", "nats --server nats://@@USER@@:@@S@@@@@HOST@@:4222 sub 'orders.>'", "nats --server"),
    ("clickhouse-client-password", "{pwu}", "clickhouse-client --host @@HOST@@ --user @@USER@@ --password @@S@@ --query 'SELECT count() FROM events'", "clickhouse-client"),
    ("cqlsh-u-p", "{pwu}", "cqlsh @@HOST@@ 9042 -u cassandra -p @@S@@ -e 'DESCRIBE KEYSPACES'", "cqlsh"),
    ("snowsql-pwd-env", "{pw}", "SNOWSQL_PWD='@@S@@' snowsql -a @@ORG@@-xy12345 -u @@USER@@ -d ANALYTICS -q 'select current_version()'", "snowsql"),
    ("curl-digest-user", "{pwu}", "curl --digest --user admin:@@S@@ http://@@IP@@/ISAPI/System/deviceInfo", "curl --digest"),
    ("ipmitool-p-flag", "{pwu}", "ipmitool -I lanplus -H @@IP@@ -U ADMIN -P @@S@@ chassis power status", "ipmitool"),
    ("snmpwalk-v3-auth", "{pwu}", "snmpwalk -v3 -l authPriv -u monitor -a SHA -A @@S@@ -x AES -X @@S@@ @@IP@@ system", "snmpwalk"),
    ("wpa-passphrase-cli", "{ppw}", "wpa_passphrase \"Office-5G\" '@@S@@' | sudo tee /etc/wpa_supplicant/wpa_supplicant.conf", "wpa_passphrase"),
    ("nmcli-wifi-connect-password", "{pw}", "nmcli dev wifi connect 'Lab-Guest' password '@@S@@'", "nmcli dev wifi connect"),
    ("curl-post-slack-webhook", "{an24}", "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy done\"}' https://hooks.slack.com/services/T@@ua8@@/B@@ua10@@/@@S@@", "curl -X POST"),
    ("kafka-console-producer-sasl-props", "{b64}", "kafka-console-producer --bootstrap-server @@HOST@@:9092 --topic orders --producer-property sasl.jaas.config='org.apache.kafka.common.security.plain.PlainLoginModule required username=\"@@ua16@@\" password=\"@@S@@\";'", "kafka-console-producer"),
    ("curl-private-token-header", "glpat-{u20}", "curl --header \"PRIVATE-TOKEN: @@S@@\" \"https://gitlab.@@DOM@@/api/v4/projects/@@N@@/jobs?scope=failed\"", "PRIVATE-TOKEN"),
    ("az-storage-blob-account-key", "{AZKEY}", "az storage blob upload --account-name @@PROJ@@store --account-key '@@S@@' -c backups -f db.bak -n db-@@DATE@@.bak", "az storage blob upload"),
    ("gsutil-hmac-boto-env", "{b40}", "GS_SECRET_ACCESS_KEY=@@S@@ GS_ACCESS_KEY_ID=GOOG1E@@ua55@@ gsutil ls gs://@@PROJ@@-exports", "gsutil ls"),
    ("s3cmd-secret-key-flag", "{b40}", "s3cmd --access_key=@@AKID@@ --secret_key=@@S@@ put build.tar.gz s3://@@PROJ@@-releases/", "s3cmd"),
    ("rclone-s3-env", "{b40}", "RCLONE_S3_SECRET_ACCESS_KEY=@@S@@ RCLONE_S3_ACCESS_KEY_ID=@@AKID@@ rclone sync ./out :s3:@@PROJ@@-site --s3-provider AWS", "rclone sync"),
    ("psexec-u-p", "{pw}", "psexec \\\\@@IP@@ -u CORP\\svc_deploy -p \"@@S@@\" cmd /c ipconfig", "psexec"),
    ("winrm-set-basic-password", "{pw}", "winrs -r:http://@@IP@@:5985 -u:Administrator -p:\"@@S@@\" hostname", "winrs"),
    ("docker-exec-mysql-p", "{spw}", "docker exec -it mysql mysql -uroot -p@@S@@ -e 'SHOW PROCESSLIST'", "docker exec"),
    ("helm-repo-add-password", "{an40}", "helm repo add internal https://charts.@@DOM@@ --username @@USER@@ --password @@S@@", "helm repo add"),
    ("helm-registry-login-password", "{an40}", "helm registry login registry.@@DOM@@ --username robot$ci --password @@S@@", "helm registry login"),
    ("podman-login-creds", "{pwu}", "podman login --creds @@USER@@:@@S@@ quay.io", "podman login"),
    ("skopeo-copy-dest-creds", "{an40}", "skopeo copy docker://alpine:3.19 docker://registry.@@DOM@@/mirror/alpine:3.19 --dest-creds ci:@@S@@", "skopeo copy"),
    ("crane-auth-login-p", "{an40}", "crane auth login registry.@@DOM@@ -u robot -p @@S@@", "crane auth login"),
    ("newman-env-var", "PMAK-{h24}-{h34}", "newman run collection.json --env-var \"postmanApiKey=@@S@@\" -r cli,junit", "newman run"),
    ("locust-header-env", "{u40}", "API_TOKEN=@@S@@ locust -f load/locustfile.py --host https://staging.@@DOM@@ -u 50 -r 5", "locust"),
    ("k6-run-env-flag", "{u40}", "k6 run -e AUTH_TOKEN=@@S@@ scripts/smoke.js", "k6 run"),
    ("curl-webhook-hmac-secret-arg", "{h64}", "./scripts/sign-webhook.sh --secret @@S@@ --payload fixtures/order_created.json | curl -d @- localhost:4000/hooks", "--secret"),
    ("openssl-s-client-pass", "{pw}", "openssl s_client -connect @@HOST@@:443 -cert client.crt -key client.key -pass pass:@@S@@ </dev/null", "openssl s_client"),
    ("jenkins-cli-auth", "11{h32}", "java -jar jenkins-cli.jar -s https://jenkins.@@DOM@@/ -auth @@USER@@:@@S@@ build @@PROJ@@/main -s", "jenkins-cli.jar"),
    ("curl-jenkins-crumb-api-token", "11{h32}", "curl -X POST -u @@USER@@:@@S@@ https://jenkins.@@DOM@@/job/@@PROJ@@/buildWithParameters?ENV=prod", "buildWithParameters"),
]
_emit("command", _COMMAND, 252)

# ---------------------------------------------------------------- terminal
_TERMINAL = [
    ("terminal-echo-env-var", "ghp_{an36}", "$ echo $GITHUB_TOKEN\n@@S@@\n$ gh auth status\ngithub.com\n  \u2713 Logged in to github.com account @@USER@@ (GITHUB_TOKEN)", "echo $GITHUB_TOKEN"),
    ("terminal-env-grep-pass", "{pwu}", "$ env | grep -i pass\nPGPASSFILE=/home/@@USER@@/.pgpass\nDB_PASSWORD=@@S@@\nVAULT_PASSWORD_FILE=/etc/ansible/vault_pass", "env | grep"),
    ("terminal-printenv-sorted", "{an40}", "(venv) @@USER@@@build-01:~/src/@@PROJ@@$ printenv | sort | head -n 6\nAPI_BASE_URL=https://api.@@DOM@@\nAPI_TOKEN=@@S@@\nCI=true\nHOME=/home/@@USER@@\nHOSTNAME=build-01\nLANG=C.UTF-8", "printenv"),
    ("terminal-cat-dotenv", "sk_live_{an24}", "\u276f cat .env\nNODE_ENV=development\nPORT=3000\nSTRIPE_SECRET_KEY=@@S@@\nLOG_LEVEL=debug", "cat .env"),
    ("terminal-kubectl-jsonpath-base64-d", "{pw}", "$ kubectl get secret db-creds -n @@PROJ@@ -o jsonpath='{.data.password}' | base64 -d\n@@S@@$ ", "kubectl get secret"),
    ("terminal-kubectl-get-secret-yaml", "{K8SB64}", "$ kubectl get secret api-keys -o yaml\napiVersion: v1\ndata:\n  api-key: @@S@@\nkind: Secret\nmetadata:\n  name: api-keys\n  namespace: default\ntype: Opaque", "kubectl get secret"),
    ("terminal-aws-sts-assume-role-json", "{b40}", "$ aws sts assume-role --role-arn arn:aws:iam::@@d12@@:role/deploy --role-session-name ci\n{\n    \"Credentials\": {\n        \"AccessKeyId\": \"@@ASIA@@\",\n        \"SecretAccessKey\": \"@@S@@\",\n        \"SessionToken\": \"IQoJb3JpZ2luX2VjE...(truncated)\",\n        \"Expiration\": \"@@TS@@\"\n    }\n}", "SecretAccessKey"),
    ("terminal-aws-iam-create-access-key", "{b40}", "$ aws iam create-access-key --user-name ci-@@PROJ@@\n{\n    \"AccessKey\": {\n        \"UserName\": \"ci-@@PROJ@@\",\n        \"AccessKeyId\": \"@@AKID@@\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"@@S@@\",\n        \"CreateDate\": \"@@TS@@\"\n    }\n}", "create-access-key"),
    ("terminal-vault-kv-get-table", "{pw}", "$ vault kv get secret/@@PROJ@@/db\n====== Data ======\nKey         Value\n---         -----\npassword    @@S@@\nusername    @@USER@@", "vault kv get"),
    ("terminal-vault-token-create-table", "hvs.{u90}", "$ vault token create -policy=ci -ttl=1h\nKey                  Value\n---                  -----\ntoken                @@S@@\ntoken_accessor       @@an24@@\ntoken_duration       1h\ntoken_renewable      true\ntoken_policies       [\"ci\" \"default\"]", "vault token create"),
    ("terminal-docker-inspect-env-json", "{pwu}", "$ docker inspect pg --format '{{json .Config.Env}}'\n[\"POSTGRES_PASSWORD=@@S@@\",\"POSTGRES_USER=@@USER@@\",\"PATH=/usr/local/sbin:/usr/local/bin\",\"PGDATA=/var/lib/postgresql/data\"]", "docker inspect"),
    ("terminal-mysql-cli-warning", "{pwu}", "$ mysql -u root -p@@S@@ -e 'show databases'\nmysql: [Warning] Using a password on the command line interface can be insecure.\n+--------------------+\n| Database           |\n+--------------------+\n| @@DB@@             |\n+--------------------+", "mysql: [Warning]"),
    ("terminal-history-tail", "{pw}", "$ history | tail -4\n  512  cd ~/src/@@PROJ@@\n  513  export DB_PASS='@@S@@'\n  514  ./scripts/migrate.sh up\n  515  history | tail -4", "history"),
    ("terminal-heroku-config-vars", "{h128}", "$ heroku config -a @@PROJ@@\n=== @@PROJ@@ Config Vars\nLOG_LEVEL:         info\nSECRET_KEY_BASE:   @@S@@\nWEB_CONCURRENCY:   2", "heroku config"),
    ("terminal-gh-auth-token", "gho_{an36}", "$ gh auth token\n@@S@@", "gh auth token"),
    ("terminal-git-credential-fill", "ghp_{an36}", "$ printf 'protocol=https\\nhost=github.com\\n' | git credential fill\nprotocol=https\nhost=github.com\nusername=@@USER@@\npassword=@@S@@", "git credential fill"),
    ("terminal-cat-netrc", "{h40}", "$ cat ~/.netrc\nmachine api.wandb.ai\n  login user\n  password @@S@@", "cat ~/.netrc"),
    ("terminal-docker-login-cli-warning", "{an36}", "$ docker login -u @@USER@@ -p @@S@@ docker.io\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded", "docker login"),
    ("terminal-ps-aux-cmdline", "{pwu}", "$ ps aux | grep [p]gbench\npostgres  4211  0.3  0.1 221344 10240 pts/2  S+  10:42  0:01 pgbench -h @@HOST@@ -U bench --password=@@S@@ -c 16 -T 300 bench", "ps aux"),
    ("terminal-cat-npmrc-whoami", "npm_{an36}", "$ cat ~/.npmrc\n//registry.npmjs.org/:_authToken=@@S@@\n$ npm whoami\n@@USER@@", "cat ~/.npmrc"),
    ("terminal-cat-rsa-key", "{PEMRSA}", "$ cat deploy.key\n-----BEGIN RSA PRIVATE KEY-----\n@@S@@\n-----END RSA PRIVATE KEY-----", "cat deploy.key"),
    ("terminal-wg-genkey-cat", "{WGKEY}", "$ wg genkey | tee privatekey | wg pubkey > publickey\n$ cat privatekey\n@@S@@\n$ cat publickey\n@@WGKEY@@", "cat privatekey"),
    ("terminal-rails-credentials-show", "{h128}", "$ EDITOR=cat bin/rails credentials:show\nsecret_key_base: @@S@@\nsmtp:\n  user_name: apikey", "credentials:show"),
    ("terminal-django-shell-secret-key", "{dj50}", ">>> from django.conf import settings\n>>> settings.SECRET_KEY\n'@@S@@'\n>>> settings.DEBUG\nFalse", "settings.SECRET_KEY"),
    ("terminal-node-repl-process-env", "SG.{u22}.{u43}", "> process.env.SENDGRID_API_KEY\n'@@S@@'\n> ", "process.env.SENDGRID_API_KEY"),
    ("terminal-redis-config-get-requirepass", "{an32}", "127.0.0.1:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"@@S@@\"", "CONFIG GET requirepass"),
    ("terminal-psql-select-api-token", "{h40}", "app=# select id, email, api_token from service_accounts where id = @@N@@;\n  id  |        email         |                api_token\n------+----------------------+------------------------------------------\n @@N@@ | @@EMAIL@@ | @@S@@\n(1 row)", "api_token"),
    ("terminal-kubectl-describe-pod-env", "{pwu}", "$ kubectl describe pod @@PROJ@@-@@RSHASH@@-@@POD5@@\n...\n    Environment:\n      SPRING_PROFILES_ACTIVE:  prod\n      DB_PASSWORD:             @@S@@\n      REDIS_HOST:              redis-master", "kubectl describe pod"),
    ("terminal-terraform-output-raw", "{pw}", "$ terraform output -raw db_admin_password\n@@S@@", "terraform output"),
    ("terminal-terraform-output-json", "{u40}", "$ terraform output -json\n{\n  \"api_gateway_key\": {\n    \"sensitive\": true,\n    \"type\": \"string\",\n    \"value\": \"@@S@@\"\n  }\n}", "terraform output -json"),
    ("terminal-az-ad-sp-create-for-rbac", "{AZSEC}", "$ az ad sp create-for-rbac --name @@PROJ@@-ci --role contributor\n{\n  \"appId\": \"@@UUID@@\",\n  \"displayName\": \"@@PROJ@@-ci\",\n  \"password\": \"@@S@@\",\n  \"tenant\": \"@@UUID2@@\"\n}", "create-for-rbac"),
    ("terminal-gcloud-print-access-token", "ya29.{u150}", "$ gcloud auth print-access-token\n@@S@@", "print-access-token"),
    ("terminal-cat-docker-config-auth", "{BASICB64}", "$ cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"registry.@@DOM@@\": {\n\t\t\t\"auth\": \"@@S@@\"\n\t\t}\n\t}\n}", "config.json"),
    ("terminal-mongosh-createuser", "{pw}", "test> use admin\nswitched to db admin\nadmin> db.createUser({user: \"@@USER@@\", pwd: \"@@S@@\", roles: [\"readWrite\"]})\n{ ok: 1 }", "db.createUser"),
    ("terminal-curl-oauth-token-response", "{u43}", "$ curl -s -X POST https://auth.@@DOM@@/oauth/token -d @creds.json | jq\n{\n  \"access_token\": \"@@S@@\",\n  \"token_type\": \"Bearer\",\n  \"expires_in\": 3600,\n  \"scope\": \"read:orders\"\n}", "access_token"),
    ("terminal-login-response-jwt", "{JWT}", "$ curl -s localhost:8000/api/auth/login -d @login.json\n{\"token\":\"@@S@@\",\"user\":{\"id\":@@N@@,\"role\":\"admin\"}}", "api/auth/login"),
    ("terminal-set-x-trace-login", "{an40}", "+ docker login -u ci -p @@S@@ registry.@@DOM@@\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded", "docker login"),
    ("terminal-docker-build-step-npmrc", "ghp_{an36}", "Step 4/9 : RUN echo \"//npm.pkg.github.com/:_authToken=@@S@@\" > .npmrc\n ---> Running in @@h12@@", "Step 4/9"),
    ("terminal-windows-cmd-set-prefix", "{pwu}", "C:\\Users\\@@USER@@\\src> set DB\nDB_HOST=@@HOST@@\nDB_PASSWORD=@@S@@\nDB_USER=@@USER@@", "set DB"),
    ("terminal-powershell-env-read", "{zl52}", "PS C:\\work\\@@PROJ@@> $env:AZURE_DEVOPS_EXT_PAT\n@@S@@\nPS C:\\work\\@@PROJ@@> az devops project list", "$env:AZURE_DEVOPS_EXT_PAT"),
    ("terminal-ansible-debug-var", "{pw}", "TASK [debug] *******************************************************************\nok: [web-01] => {\n    \"db_password\": \"@@S@@\"\n}", "TASK [debug]"),
    ("terminal-git-log-p-added-key", "key-{h32}", "$ git log -p -1 -- config/settings.py\ncommit @@SHA@@\nAuthor: @@USER@@ <@@EMAIL@@>\nDate:   Tue Mar 5 10:12:44 2024 +0100\n\n    add mailgun\n\n+MAILGUN_API_KEY = \"@@S@@\"", "git log -p"),
    ("terminal-grep-rn-hits", "{h32}", "$ grep -rn 'api_key' src/ | head -3\nsrc/clients/weather.py:12:    api_key = \"@@S@@\"\nsrc/clients/weather.py:40:        params={\"appid\": api_key, \"q\": city}\nsrc/settings.py:88:# api_key loaded from env in prod", "grep -rn"),
    ("terminal-trufflehog-finding", "ghp_{an36}", "Found verified result \U0001f437\U0001f511\nDetector Type: Github\nDecoder Type: PLAIN\nRaw result: @@S@@\nFile: .github/workflows/release.yml\nLine: 31", "Detector Type"),
    ("terminal-gitleaks-finding", "{b40}", "Finding:     aws_secret_access_key = @@S@@\nSecret:      @@S@@\nRuleID:      aws-secret-access-key\nEntropy:     5.1\nFile:        deploy/terraform.tfvars\nCommit:      @@SHA@@", "RuleID"),
    ("terminal-sops-decrypt", "{pw}", "$ sops -d secrets.enc.yaml\ndatabase:\n    user: @@USER@@\n    password: @@S@@\nsmtp:\n    host: smtp.@@DOM@@", "sops -d"),
    ("terminal-ansible-vault-view", "{pw}", "$ ansible-vault view group_vars/all/vault.yml\nVault password:\nvault_mysql_root_password: @@S@@\nvault_backup_bucket: @@PROJ@@-backups", "ansible-vault view"),
    ("terminal-op-read", "{pw}", "$ op read \"op://Engineering/@@PROJ@@ DB/password\"\n@@S@@", "op read"),
    ("terminal-bw-get-password", "{pw}", "$ bw get password @@PROJ@@-admin\n@@S@@", "bw get password"),
    ("terminal-pass-show", "{pw}", "$ pass show work/@@PROJ@@/admin\n@@S@@\nuser: @@USER@@\nurl: https://admin.@@DOM@@", "pass show"),
    ("terminal-secret-tool-lookup", "{pw}", "$ secret-tool lookup service smtp user @@EMAIL@@\n@@S@@", "secret-tool lookup"),
    ("terminal-kubectl-exec-env-grep", "{h32}", "$ kubectl exec -it deploy/@@PROJ@@ -- env | grep -E 'KEY|TOKEN'\nALGOLIA_ADMIN_KEY=@@S@@\nTOKEN_TTL_SECONDS=900", "kubectl exec"),
    ("terminal-docker-compose-config", "{pwu}", "$ docker compose config | grep -A3 environment\n    environment:\n      POSTGRES_DB: @@DB@@\n      POSTGRES_PASSWORD: @@S@@\n      POSTGRES_USER: @@USER@@", "docker compose config"),
    ("terminal-systemctl-show-environment", "{an32}", "$ systemctl show @@PROJ@@.service -p Environment\nEnvironment=APP_ENV=prod LOG_LEVEL=info API_SECRET=@@S@@", "systemctl show"),
    ("terminal-journalctl-config-dump", "{pwu}", "$ journalctl -u @@PROJ@@ -n 3 --no-pager\nMar 05 10:12:01 web-01 @@PROJ@@[2211]: starting with config {db_host: @@HOST@@, db_user: @@USER@@, db_pass: @@S@@}\nMar 05 10:12:02 web-01 @@PROJ@@[2211]: listening on :8080", "journalctl"),
    ("terminal-cat-openssh-private-key", "{PEMSSH}", "$ cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n@@S@@\n-----END OPENSSH PRIVATE KEY-----", "cat ~/.ssh/id_ed25519"),
    ("terminal-gpg-export-secret-key", "{PGPPRIV}", "$ gpg --armor --export-secret-keys @@PGPID@@\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n@@S@@\n=@@b4@@\n-----END PGP PRIVATE KEY BLOCK-----", "--export-secret-keys"),
    ("terminal-ipython-os-environ", "hf_{an34}", "In [3]: os.environ['HF_TOKEN']\nOut[3]: '@@S@@'", "os.environ"),
    ("terminal-rails-console-credentials", "sk_live_{an24}", "irb(main):001> Rails.application.credentials.stripe[:secret_key]\n=> \"@@S@@\"", "Rails.application.credentials"),
    ("terminal-minio-startup-banner", "{an40}", "MinIO Object Storage Server\nAPI: http://@@IP@@:9000  http://127.0.0.1:9000\nRootUser: minioadmin\nRootPass: @@S@@\nConsole: http://@@IP@@:9001", "RootPass"),
    ("terminal-jupyter-token-url", "{h48}", "    To access the server, open this file in a browser:\n        file:///home/@@USER@@/.local/share/jupyter/runtime/jpserver-@@N@@-open.html\n    Or copy and paste one of these URLs:\n        http://127.0.0.1:8888/lab?token=@@S@@", "http://127.0.0.1:8888/lab?token="),
    ("terminal-grafana-cli-reset-password", "{pw}", "$ grafana-cli admin reset-admin-password '@@S@@'\nAdmin password changed successfully \u2714", "reset-admin-password"),
    ("terminal-elasticsearch-reset-password", "{an20}", "$ bin/elasticsearch-reset-password -u elastic\nThis tool will reset the password of the [elastic] user to an autogenerated value.\nThe password will be printed in the console.\nPlease confirm that you would like to continue [y/N]y\n\n\nPassword for the [elastic] user successfully reset.\nNew value: @@S@@", "New value:"),
    ("terminal-jenkins-initial-admin-password", "{h32}", "$ docker exec jenkins cat /var/jenkins_home/secrets/initialAdminPassword\n@@S@@", "initialAdminPassword"),
    ("terminal-argocd-initial-password", "{u16}", "$ argocd admin initial-password -n argocd\n@@S@@\n\n This password must be only used for first time login. We strongly recommend you update the password using `argocd account update-password`.", "argocd admin initial-password"),
    ("terminal-gitlab-initial-root-password", "{b44}", "$ sudo cat /etc/gitlab/initial_root_password\n# WARNING: This value is valid only in the following conditions\n#          1. If provided manually (either via `GITLAB_ROOT_PASSWORD` environment variable or via `gitlab_rails['initial_root_password']` setting in `gitlab.rb`, it was provided before database was seeded for the first time (usually, the first reconfigure run).\n\nPassword: @@S@@\n\n# NOTE: This file will be automatically deleted in the first reconfigure run after 24 hours.", "initial_root_password"),
    ("terminal-mysqld-temporary-password", "{r12}", "$ sudo grep 'temporary password' /var/log/mysqld.log\n2024-03-05T09:12:44.123456Z 6 [Note] [MY-010454] [Server] A temporary password is generated for root@localhost: @@S@@", "temporary password"),
    ("terminal-k3s-node-token", "K10{h64}::server:{h32}", "$ sudo cat /var/lib/rancher/k3s/server/node-token\n@@S@@", "node-token"),
    ("terminal-kubeadm-join-token", "{la6}.{la16}", "kubeadm join @@IP@@:6443 --token @@S@@ \\\n\t--discovery-token-ca-cert-hash sha256:@@SHA256@@", "kubeadm join"),
    ("terminal-docker-swarm-join-token", "SWMTKN-1-{la50}-{la25}", "$ docker swarm join-token worker\nTo add a worker to this swarm, run the following command:\n\n    docker swarm join --token @@S@@ @@IP@@:2377", "docker swarm join"),
    ("terminal-consul-acl-bootstrap", "{UUID}", "$ consul acl bootstrap\nAccessorID:       @@UUID2@@\nSecretID:         @@S@@\nDescription:      Bootstrap Token (Global Management)\nLocal:            false", "SecretID"),
    ("terminal-nomad-acl-bootstrap", "{UUID}", "$ nomad acl bootstrap\nAccessor ID  = @@UUID2@@\nSecret ID    = @@S@@\nName         = Bootstrap Token\nType         = management\nGlobal       = true", "Secret ID"),
    ("terminal-openvpn-auth-txt", "{pw}", "$ sudo cat /etc/openvpn/client/auth.txt\n@@USER@@\n@@S@@", "auth.txt"),
    ("terminal-wg-showconf", "{WGKEY}", "$ sudo wg showconf wg0\n[Interface]\nListenPort = 51820\nPrivateKey = @@S@@\n\n[Peer]\nPublicKey = @@WGKEY@@\nAllowedIPs = 10.8.0.2/32", "wg showconf"),
    ("terminal-cat-pgpass", "{pwu}", "$ cat ~/.pgpass\n@@HOST@@:5432:@@DB@@:@@USER@@:@@S@@", "cat ~/.pgpass"),
    ("terminal-export-p-declare", "glcbt-{h5}_{u20}", "$ export -p | grep TOKEN\ndeclare -x CI_JOB_TOKEN=\"@@S@@\"\ndeclare -x TOKEN_REFRESH_MARGIN=\"60\"", "export -p"),
    ("terminal-dotnet-user-secrets-list", "{pw}", "$ dotnet user-secrets list\nConnectionStrings:Default = Server=localhost;Database=@@DB@@;User Id=sa;Password=@@S@@;\nSmtp:Host = smtp.@@DOM@@", "dotnet user-secrets list"),
    ("terminal-firebase-login-ci", "1//0{u98}", "$ firebase login:ci\n\nVisit this URL on this device to log in:\nhttps://accounts.google.com/o/oauth2/auth?client_id=563584335869.apps.googleusercontent.com&scope=email\n\n\u2714  Success! Use this token to login on a CI server:\n\n@@S@@\n\nExample: firebase deploy --token \"$FIREBASE_TOKEN\"", "firebase login:ci"),
    ("terminal-heroku-auth-token", "HRKU-{u60}", "$ heroku auth:token\n \u203a   Warning: token will expire 04/05/2025\n \u203a   Use heroku authorizations:create to generate a long-term token\n@@S@@", "heroku auth:token"),
    ("terminal-npm-token-create-table", "npm_{an36}", "$ npm token create --read-only\n\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2510\n\u2502 token          \u2502 @@S@@ \u2502\n\u2502 readonly       \u2502 true                                     \u2502\n\u2502 created        \u2502 @@TS@@                     \u2502\n\u2514\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2534\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2518", "npm token create"),
    ("terminal-doppler-secrets-get-plain", "dp.st.prd.{an43}", "$ doppler secrets get DOPPLER_TOKEN_CI --plain\n@@S@@", "doppler secrets get"),
    ("terminal-sqlite-settings-select", "{pwu}", "sqlite> select key, value from settings where key like '%smtp%';\nsmtp_host|smtp.@@DOM@@\nsmtp_user|postmaster@@@DOM@@\nsmtp_password|@@S@@", "smtp_password"),
    ("terminal-cloudflared-service-install", "eyJhIjoi{u140}", "$ sudo cloudflared service install @@S@@\n2024-03-05T10:11:12Z INF Using Systemd\n2024-03-05T10:11:14Z INF Linux service for cloudflared installed successfully", "cloudflared service install"),
    ("terminal-pm2-env-dump", "{u48}", "$ pm2 env 0 | grep -i secret\nSESSION_SECRET: @@S@@\nSECRET_ROTATION_DAYS: 90", "pm2 env"),
    ("terminal-fish-set-x", "{an40}", "@@USER@@@laptop ~/s/@@PROJ@@ (main)> set -x REPLICATE_API_TOKEN r8_@@S@@\n@@USER@@@laptop ~/s/@@PROJ@@ (main)> python predict.py", "set -x REPLICATE_API_TOKEN"),
    ("terminal-cat-k8s-sa-token", "{JWTRS}", "root@@@PROJ@@-@@RSHASH@@-@@POD5@@:/# cat /var/run/secrets/kubernetes.io/serviceaccount/token\n@@S@@root@@@PROJ@@-@@RSHASH@@-@@POD5@@:/#", "serviceaccount/token"),
    ("terminal-aws-ecr-get-login-password", "eyJwYXlsb2FkIjoi{b400}", "$ aws ecr get-login-password --region @@REGION@@\n@@S@@", "get-login-password"),
    ("terminal-vault-write-approle-secret-id", "{UUID}", "$ vault write -f auth/approle/role/@@PROJ@@/secret-id\nKey                   Value\n---                   -----\nsecret_id             @@S@@\nsecret_id_accessor    @@UUID2@@\nsecret_id_num_uses    0\nsecret_id_ttl         0s", "secret_id"),
    ("terminal-stripe-config-list", "sk_test_51{an96}", "$ stripe config --list\n[default]\n  device_name = '@@USER@@-mbp'\n  display_name = '@@ORG@@'\n  test_mode_api_key = '@@S@@'\n  test_mode_key_expires_at = '2024-06-03'", "test_mode_api_key"),
    ("terminal-openssl-rand-then-export", "{h64}", "$ openssl rand -hex 32\n@@S@@\n$ # ^ using this as WEBHOOK_SIGNING_SECRET for the staging receiver", "openssl rand -hex 32"),
    ("terminal-pwgen-output-used", "{an16}", "$ pwgen -s 16 1\n@@S@@\n$ sudo passwd svc_backup   # set to the value above", "pwgen"),
    ("terminal-redis-cli-auth-command", "{an32}", "$ redis-cli -h @@HOST@@\n@@HOST@@:6379> AUTH @@S@@\nOK\n@@HOST@@:6379> DBSIZE\n(integer) 48211", "AUTH"),
    ("terminal-psql-password-in-url-prompt", "{ru18}", "$ psql postgres://@@USER@@:@@S@@@localhost:5433/@@DB@@\npsql (16.2)\nType \"help\" for help.\n\n@@DB@@=>", "psql"),
]
_emit("terminal", _TERMINAL, 210)

# ---------------------------------------------------------------- config
_CONFIG = [
    ("dotenv-db-block", "{pwu}", "# database\nDB_HOST=@@HOST@@\nDB_PORT=5432\nDB_USER=@@USER@@\nDB_PASSWORD=@@S@@\nDB_NAME=@@DB@@", "DB_PASSWORD"),
    ("dotenv-laravel-app-key", "{WGKEY}", "APP_NAME=@@PROJ@@\nAPP_ENV=production\nAPP_KEY=base64:@@S@@\nAPP_DEBUG=false\nAPP_URL=https://@@DOM@@", "APP_KEY"),
    ("dotenv-export-quoted", "{pw}", "export SMTP_HOST=smtp.@@DOM@@\nexport SMTP_PORT=587\nexport SMTP_PASSWORD='@@S@@'\nexport SMTP_FROM=noreply@@@DOM@@", "SMTP_PASSWORD"),
    ("dotenv-spaces-around-equals", "{u64}", "JWT_ISSUER = https://auth.@@DOM@@\nJWT_SECRET = @@S@@\nJWT_TTL = 900", "JWT_SECRET"),
    ("dotenv-inline-comment", "{an32}", "REDIS_HOST=redis-master\nREDIS_PASSWORD=@@S@@  # rotated @@DATE@@\nREDIS_DB=0", "REDIS_PASSWORD"),
    ("dotenv-nextauth-secret", "{WGKEY}", "NEXTAUTH_URL=http://localhost:3000\nNEXTAUTH_SECRET=@@S@@\nGITHUB_ID=@@h20@@", "NEXTAUTH_SECRET"),
    ("dotenv-lowercase-key", "{h64}", "port=8080\nsession_secret=@@S@@\ncookie_domain=.@@DOM@@", "session_secret"),
    ("dotenv-django-secret-quoted", "{dj50}", "DJANGO_DEBUG=0\nDJANGO_SECRET_KEY='@@S@@'\nDJANGO_ALLOWED_HOSTS=@@DOM@@,www.@@DOM@@", "DJANGO_SECRET_KEY"),
    ("dotenv-escaped-private-key", "{PEMESC}", "FIREBASE_PROJECT_ID=@@PROJ@@-prod\nFIREBASE_CLIENT_EMAIL=firebase-adminsdk@@@PROJ@@-prod.iam.gserviceaccount.com\nFIREBASE_PRIVATE_KEY=\"-----BEGIN PRIVATE KEY-----\\n@@S@@\\n-----END PRIVATE KEY-----\\n\"", "FIREBASE_PRIVATE_KEY"),
    ("dotenv-database-url", "{ru20}", "DATABASE_URL=postgres://@@USER@@:@@S@@@@@HOST@@:5432/@@DB@@?sslmode=require\nDATABASE_POOL=10", "DATABASE_URL"),
    ("spring-application-yml-datasource", "{pw}", "spring:\n  datasource:\n    url: jdbc:postgresql://@@HOST@@:5432/@@DB@@\n    username: @@USER@@\n    password: @@S@@\n  jpa:\n    hibernate:\n      ddl-auto: validate", "password:"),
    ("yaml-smtp-double-quoted", "{pw}", "smtp:\n  host: \"smtp.@@DOM@@\"\n  port: 587\n  user: \"@@EMAIL@@\"\n  pass: \"@@S@@\"", "pass:"),
    ("compose-environment-list", "{pwu}", "services:\n  db:\n    image: mysql:8.0\n    environment:\n      - MYSQL_ROOT_PASSWORD=@@S@@\n      - MYSQL_DATABASE=@@DB@@\n    volumes:\n      - dbdata:/var/lib/mysql", "MYSQL_ROOT_PASSWORD"),
    ("compose-environment-map", "{pw}", "  rabbitmq:\n    image: rabbitmq:3.13-management\n    environment:\n      RABBITMQ_DEFAULT_USER: @@USER@@\n      RABBITMQ_DEFAULT_PASS: \"@@S@@\"", "RABBITMQ_DEFAULT_PASS"),
    ("k8s-secret-stringdata", "{an40}", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: @@PROJ@@-env\ntype: Opaque\nstringData:\n  API_TOKEN: @@S@@\n  LOG_LEVEL: info", "stringData"),
    ("k8s-secret-data-base64", "{K8SB64}", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: postgres-auth\n  namespace: @@PROJ@@\ndata:\n  username: @@B64TXT@@\n  password: @@S@@", "kind: Secret"),
    ("k8s-deployment-env-value", "{pw}", "        env:\n        - name: REDIS_URL\n          value: redis://redis-master:6379/0\n        - name: REDIS_PASSWORD\n          value: \"@@S@@\"", "REDIS_PASSWORD"),
    ("helm-values-postgresql-auth", "{pw}", "postgresql:\n  enabled: true\n  auth:\n    username: @@USER@@\n    password: @@S@@\n    database: @@DB@@", "auth:"),
    ("gha-workflow-env-hardcoded", "{b40}", "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      AWS_REGION: @@REGION@@\n      AWS_ACCESS_KEY_ID: @@AKID@@\n      AWS_SECRET_ACCESS_KEY: @@S@@\n    steps:\n      - uses: actions/checkout@v4", "AWS_SECRET_ACCESS_KEY"),
    ("gitlab-ci-variables-block", "{an40}", "variables:\n  DOCKER_DRIVER: overlay2\n  REGISTRY_PASSWORD: \"@@S@@\"\n\nbuild:\n  stage: build\n  script:\n    - docker build -t $CI_REGISTRY_IMAGE .", "REGISTRY_PASSWORD"),
    ("ansible-group-vars-plain", "{pw}", "---\nmysql_root_password: \"@@S@@\"\nmysql_databases:\n  - name: @@DB@@\n    encoding: utf8mb4", "mysql_root_password"),
    ("circleci-docker-auth", "{an36}", "    docker:\n      - image: cimg/node:20.11\n        auth:\n          username: @@USER@@\n          password: @@S@@", "auth:"),
    ("travis-env-global", "{UUID}", "env:\n  global:\n    - SAUCE_USERNAME=@@USER@@\n    - SAUCE_ACCESS_KEY=@@S@@", "SAUCE_ACCESS_KEY"),
    ("serverless-provider-environment", "{an40}", "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    TABLE_NAME: ${self:service}-${sls:stage}\n    ALGOLIA_WRITE_KEY: @@S@@", "ALGOLIA_WRITE_KEY"),
    ("prometheus-scrape-basic-auth", "{pw}", "  - job_name: 'federate'\n    basic_auth:\n      username: prometheus\n      password: @@S@@\n    static_configs:\n      - targets: ['@@HOST@@:9090']", "basic_auth"),
    ("alertmanager-slack-api-url", "{an24}", "receivers:\n- name: ops\n  slack_configs:\n  - api_url: https://hooks.slack.com/services/T@@ua8@@/B@@ua10@@/@@S@@\n    channel: '#alerts'", "slack_configs"),
    ("alertmanager-pagerduty-routing-key", "{h32}", "- name: oncall\n  pagerduty_configs:\n  - routing_key: @@S@@\n    severity: critical", "routing_key"),
    ("grafana-provisioning-securejsondata", "{pw}", "datasources:\n  - name: Postgres\n    type: postgres\n    url: @@HOST@@:5432\n    user: grafana\n    secureJsonData:\n      password: '@@S@@'", "secureJsonData"),
    ("filebeat-output-elasticsearch", "{an20}", "output.elasticsearch:\n  hosts: [\"https://es.@@DOM@@:9200\"]\n  username: \"elastic\"\n  password: \"@@S@@\"", "output.elasticsearch"),
    ("rails-database-yml-erb-fallback", "{pw}", "production:\n  <<: *default\n  database: @@DB@@\n  username: @@USER@@\n  password: <%= ENV.fetch(\"DB_PASSWORD\") { \"@@S@@\" } %>", "password:"),
    ("spring-oauth2-client-registration", "{h40}", "spring:\n  security:\n    oauth2:\n      client:\n        registration:\n          github:\n            client-id: @@h20@@\n            client-secret: @@S@@", "client-secret"),
    ("netplan-wifi-password", "{ppw}", "network:\n  version: 2\n  wifis:\n    wlan0:\n      dhcp4: true\n      access-points:\n        \"Warehouse-AP\":\n          password: \"@@S@@\"", "access-points"),
    ("cloud-init-chpasswd-list", "{pw}", "#cloud-config\nchpasswd:\n  list: |\n    ubuntu:@@S@@\n  expire: false\nssh_pwauth: true", "chpasswd"),
    ("dependabot-registries-token", "ghp_{an36}", "registries:\n  npm-github:\n    type: npm-registry\n    url: https://npm.pkg.github.com\n    token: @@S@@", "registries:"),
    ("argocd-repository-secret", "ghp_{an36}", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: private-repo\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  type: git\n  url: https://github.com/@@ORG@@/@@PROJ@@\n  username: not-used\n  password: @@S@@", "secret-type: repository"),
    ("home-assistant-secrets-yaml", "{ppw}", "# secrets.yaml\nwifi_ssid: \"IoT-Garage\"\nwifi_password: @@S@@\nlatitude_home: 52.37", "wifi_password"),
    ("azure-pipelines-variables-list", "squ_{h40}", "variables:\n  - name: buildConfiguration\n    value: Release\n  - name: sonarToken\n    value: @@S@@", "sonarToken"),
    ("bitbucket-pipelines-pipe-vars", "{b40}", "          - pipe: atlassian/aws-s3-deploy:1.1.0\n            variables:\n              AWS_ACCESS_KEY_ID: @@AKID@@\n              AWS_SECRET_ACCESS_KEY: @@S@@\n              S3_BUCKET: @@PROJ@@-site", "AWS_SECRET_ACCESS_KEY"),
    ("kustomize-secretgenerator-literals", "{pw}", "secretGenerator:\n- name: app-secrets\n  literals:\n  - SMTP_USER=@@USER@@\n  - SMTP_PASSWORD=@@S@@", "secretGenerator"),
    ("cargo-config-registry-token", "{an32}", "[registries.internal]\nindex = \"sparse+https://crates.@@DOM@@/index/\"\ntoken = \"@@S@@\"", "[registries.internal]"),
    ("poetry-auth-toml-http-basic", "{pw}", "[http-basic.internal]\nusername = \"@@USER@@\"\npassword = \"@@S@@\"", "[http-basic.internal]"),
    ("netlify-toml-context-env", "{u43}", "[context.production.environment]\n  NODE_VERSION = \"20\"\n  CONTENTFUL_DELIVERY_TOKEN = \"@@S@@\"", "CONTENTFUL_DELIVERY_TOKEN"),
    ("fly-toml-env-section", "{h64}", "app = \"@@PROJ@@\"\nprimary_region = \"ams\"\n\n[env]\n  PRIMARY_REGION = \"ams\"\n  SECRET_KEY = \"@@S@@\"", "SECRET_KEY"),
    ("streamlit-secrets-toml", "{pw}", "# .streamlit/secrets.toml\n[connections.snowflake]\naccount = \"@@ORG@@-xy12345\"\nuser = \"@@USER@@\"\npassword = \"@@S@@\"\nwarehouse = \"COMPUTE_WH\"", "password"),
    ("gitlab-runner-config-toml", "glrt-{u20}", "[[runners]]\n  name = \"build-01\"\n  url = \"https://gitlab.@@DOM@@/\"\n  token = \"@@S@@\"\n  executor = \"docker\"", "[[runners]]"),
    ("telegraf-influxdb-v2-output", "{u86}==", "[[outputs.influxdb_v2]]\n  urls = [\"http://@@HOST@@:8086\"]\n  token = \"@@S@@\"\n  organization = \"@@ORG@@\"\n  bucket = \"telegraf\"", "outputs.influxdb_v2"),
    ("wrangler-toml-vars", "{an40}", "name = \"@@PROJ@@-worker\"\nmain = \"src/index.ts\"\n\n[vars]\nENVIRONMENT = \"production\"\nMAILCHANNELS_API_KEY = \"@@S@@\"", "MAILCHANNELS_API_KEY"),
    ("app-toml-database-url", "{ru16}", "[database]\nurl = \"postgres://@@USER@@:@@S@@@@@HOST@@/@@DB@@\"\npool_size = 10", "[database]"),
    ("uv-index-url-credentials", "{an24}", "[[tool.uv.index]]\nname = \"internal\"\nurl = \"https://@@USER@@:@@S@@@pypi.@@DOM@@/simple\"", "tool.uv.index"),
    ("odbc-ini-dsn-pwd", "{pw}", "[ReportingDB]\nDriver = ODBC Driver 18 for SQL Server\nServer = @@HOST@@,1433\nDatabase = @@DB@@\nUID = report_ro\nPWD = @@S@@", "PWD"),
    ("supervisord-environment-broker", "{ru16}", "[program:worker]\ncommand=/srv/@@PROJ@@/venv/bin/celery -A app worker -l info\nenvironment=BROKER_URL=\"amqp://@@USER@@:@@S@@@@@HOST@@:5672//\",C_FORCE_ROOT=\"false\"", "[program:worker]"),
    ("alembic-ini-sqlalchemy-url", "{ru16}", "[alembic]\nscript_location = migrations\nsqlalchemy.url = postgresql+psycopg2://@@USER@@:@@S@@@@@HOST@@/@@DB@@", "sqlalchemy.url"),
    ("gitconfig-url-insteadof-token", "ghp_{an36}", "[url \"https://@@USER@@:@@S@@@github.com/\"]\n\tinsteadOf = https://github.com/", "insteadOf"),
    ("gitconfig-http-extraheader-basic", "{BASICB64}", "[http \"https://dev.azure.com/\"]\n\textraheader = AUTHORIZATION: basic @@S@@", "extraheader"),
    ("grafana-ini-security-admin", "{pw}", "[security]\nadmin_user = admin\nadmin_password = @@S@@\ncookie_secure = true", "admin_password"),
    ("grafana-ini-secret-key", "{an20}", "[security]\n# used for signing\nsecret_key = @@S@@\ndisable_gravatar = true", "secret_key"),
    ("php-fpm-pool-env", "{pwu}", "[www]\nuser = www-data\nenv[APP_ENV] = production\nenv[DB_PASSWORD] = @@S@@", "env[DB_PASSWORD]"),
    ("rclone-conf-s3-remote", "{b40}", "[s3remote]\ntype = s3\nprovider = AWS\naccess_key_id = @@AKID@@\nsecret_access_key = @@S@@\nregion = @@REGION@@", "secret_access_key"),
    ("wpa-supplicant-network-psk", "{ppw}", "ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\nnetwork={\n    ssid=\"Lab\"\n    psk=\"@@S@@\"\n    key_mgmt=WPA-PSK\n}", "psk"),
    ("sssd-ldap-default-authtok", "{pw}", "[domain/corp]\nldap_uri = ldaps://ldap.@@DOM@@\nldap_default_bind_dn = cn=sssd,ou=svc,dc=corp,dc=example\nldap_default_authtok_type = password\nldap_default_authtok = @@S@@", "ldap_default_authtok"),
    ("networkmanager-keyfile-psk", "{ppw}", "[wifi]\nmode=infrastructure\nssid=Office-5G\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk=@@S@@", "[wifi-security]"),
    ("appsettings-json-connectionstrings", "{pw}", "{\n  \"ConnectionStrings\": {\n    \"Default\": \"Server=@@HOST@@;Database=@@DB@@;User Id=@@USER@@;Password=@@S@@;TrustServerCertificate=True\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } }\n}", "ConnectionStrings"),
    ("json-nested-mapbox-token", "sk.eyJ1Ijoi{u60}.{u22}", "{\n  \"mapbox\": {\n    \"style\": \"mapbox://styles/@@USER@@/clx@@la20@@\",\n    \"accessToken\": \"@@S@@\"\n  }\n}", "accessToken"),
    ("vscode-settings-sonarlint-token", "squ_{h40}", "{\n  \"editor.formatOnSave\": true,\n  \"sonarlint.connectedMode.connections.sonarqube\": [\n    { \"serverUrl\": \"https://sonar.@@DOM@@\", \"token\": \"@@S@@\" }\n  ]\n}", "sonarlint.connectedMode"),
    ("package-json-script-token", "{h32}", "\"scripts\": {\n  \"build\": \"vite build\",\n  \"deploy\": \"surge ./dist @@PROJ@@.surge.sh --token @@S@@\"\n}", "\"deploy\""),
    ("tfstate-outputs-sensitive-value", "{pw}", "\"outputs\": {\n    \"db_password\": {\n      \"value\": \"@@S@@\",\n      \"type\": \"string\",\n      \"sensitive\": true\n    }\n}", "db_password"),
    ("ecs-task-definition-environment", "{u64}", "\"environment\": [\n  { \"name\": \"NODE_ENV\", \"value\": \"production\" },\n  { \"name\": \"JWT_SECRET\", \"value\": \"@@S@@\" }\n]", "JWT_SECRET"),
    ("vscode-launch-json-env", "{u80}", "\"configurations\": [{\n  \"type\": \"node\",\n  \"request\": \"launch\",\n  \"name\": \"API\",\n  \"env\": { \"PAYPAL_CLIENT_SECRET\": \"@@S@@\" }\n}]", "PAYPAL_CLIENT_SECRET"),
    ("devcontainer-containerenv", "ghp_{an36}", "{\n  \"name\": \"@@PROJ@@\",\n  \"image\": \"mcr.microsoft.com/devcontainers/python:3.12\",\n  \"containerEnv\": {\n    \"GITHUB_TOKEN\": \"@@S@@\"\n  }\n}", "containerEnv"),
    ("postman-environment-value", "{an40}", "{\"key\": \"apiKey\", \"value\": \"@@S@@\", \"type\": \"secret\", \"enabled\": true}", "\"key\": \"apiKey\""),
    ("mcp-servers-env-pat", "github_pat_{an22}_{an59}", "{\n  \"mcpServers\": {\n    \"github\": {\n      \"command\": \"npx\",\n      \"args\": [\"-y\", \"@modelcontextprotocol/server-github\"],\n      \"env\": { \"GITHUB_PERSONAL_ACCESS_TOKEN\": \"@@S@@\" }\n    }\n  }\n}", "GITHUB_PERSONAL_ACCESS_TOKEN"),
    ("cloudformation-parameters-json", "{pw}", "[\n  {\"ParameterKey\": \"Environment\", \"ParameterValue\": \"prod\"},\n  {\"ParameterKey\": \"DBPassword\", \"ParameterValue\": \"@@S@@\"}\n]", "DBPassword"),
    ("keycloak-realm-client-secret", "{an32}", "{\n  \"clientId\": \"@@PROJ@@-backend\",\n  \"enabled\": true,\n  \"secret\": \"@@S@@\",\n  \"publicClient\": false\n}", "clientId"),
    ("appsettings-json-jwt-key", "{r48}", "\"Jwt\": {\n  \"Issuer\": \"https://@@DOM@@\",\n  \"Key\": \"@@S@@\",\n  \"ExpiryMinutes\": 60\n}", "\"Jwt\""),
    ("web-config-connectionstrings-add", "{pwu}", "<connectionStrings>\n  <add name=\"Default\" connectionString=\"Data Source=@@HOST@@;Initial Catalog=@@DB@@;User ID=@@USER@@;Password=@@S@@\" providerName=\"System.Data.SqlClient\" />\n</connectionStrings>", "connectionStrings"),
    ("web-config-appsettings-key", "SG.{u22}.{u43}", "<appSettings>\n  <add key=\"SendGridApiKey\" value=\"@@S@@\" />\n  <add key=\"Environment\" value=\"Production\" />\n</appSettings>", "SendGridApiKey"),
    ("tomcat-users-xml", "{pwu}", "<tomcat-users>\n  <role rolename=\"manager-gui\"/>\n  <user username=\"@@USER@@\" password=\"@@S@@\" roles=\"manager-gui,manager-script\"/>\n</tomcat-users>", "tomcat-users"),
    ("tomcat-context-resource", "{pwu}", "<Resource name=\"jdbc/AppDB\" auth=\"Container\" type=\"javax.sql.DataSource\"\n          username=\"@@USER@@\" password=\"@@S@@\"\n          driverClassName=\"org.postgresql.Driver\"\n          url=\"jdbc:postgresql://@@HOST@@:5432/@@DB@@\"/>", "jdbc/AppDB"),
    ("android-strings-xml-key", "AIza{u35}", "<resources>\n    <string name=\"app_name\">@@PROJ@@</string>\n    <string name=\"maps_api_key\">@@S@@</string>\n</resources>", "maps_api_key"),
    ("spring-beans-xml-property", "{pwu}", "<bean id=\"dataSource\" class=\"com.zaxxer.hikari.HikariDataSource\">\n    <property name=\"username\" value=\"@@USER@@\"/>\n    <property name=\"password\" value=\"@@S@@\"/>\n</bean>", "name=\"password\""),
    ("log4j2-smtp-appender", "{pwu}", "<SMTP name=\"Mail\" subject=\"[@@PROJ@@] error\" to=\"oncall@@@DOM@@\" smtpHost=\"smtp.@@DOM@@\" smtpPort=\"587\" smtpUsername=\"alerts\" smtpPassword=\"@@S@@\"/>", "smtpPassword"),
    ("info-plist-api-secret", "{an40}", "<key>API_BASE_URL</key>\n<string>https://api.@@DOM@@</string>\n<key>API_SECRET</key>\n<string>@@S@@</string>", "API_SECRET"),
    ("phpunit-xml-env", "sk_test_{an24}", "<php>\n  <env name=\"APP_ENV\" value=\"testing\"/>\n  <env name=\"STRIPE_SECRET\" value=\"@@S@@\"/>\n</php>", "STRIPE_SECRET"),
    ("terraform-provider-aws-inline", "{b40}", "provider \"aws\" {\n  region     = \"@@REGION@@\"\n  access_key = \"@@AKID@@\"\n  secret_key = \"@@S@@\"\n}", "secret_key"),
    ("terraform-tfvars", "{pw}", "db_username    = \"@@USER@@\"\ndb_password    = \"@@S@@\"\ninstance_class = \"db.t3.medium\"", "db_password"),
    ("terraform-resource-db-password", "{pw}", "resource \"aws_db_instance\" \"main\" {\n  engine              = \"postgres\"\n  username            = \"@@USER@@\"\n  password            = \"@@S@@\"\n  skip_final_snapshot = true\n}", "aws_db_instance"),
    ("terraform-variable-default", "{h32}", "variable \"datadog_api_key\" {\n  type    = string\n  default = \"@@S@@\"\n}", "datadog_api_key"),
    ("nomad-job-env-block", "{h64}", "task \"web\" {\n  driver = \"docker\"\n  env {\n    RAILS_ENV       = \"production\"\n    SECRET_KEY_BASE = \"@@S@@\"\n  }\n}", "SECRET_KEY_BASE"),
    ("packer-variable-winrm-password", "{pw}", "variable \"winrm_password\" {\n  type    = string\n  default = \"@@S@@\"\n}", "winrm_password"),
    ("terraform-backend-pg-conn-str", "{ru16}", "terraform {\n  backend \"pg\" {\n    conn_str = \"postgres://@@USER@@:@@S@@@@@HOST@@/terraform_backend?sslmode=require\"\n  }\n}", "backend \"pg\""),
    ("spring-application-properties", "{pwu}", "spring.datasource.url=jdbc:mysql://@@HOST@@:3306/@@DB@@\nspring.datasource.username=@@USER@@\nspring.datasource.password=@@S@@", "spring.datasource.password"),
    ("gradle-properties-signing", "{pw}", "signing.keyId=@@H8@@\nsigning.password=@@S@@\nsigning.secretKeyRingFile=/home/@@USER@@/.gnupg/secring.gpg", "signing.password"),
    ("kafka-client-properties-jaas", "{b64}", "security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"@@ua16@@\" password=\"@@S@@\";", "sasl.jaas.config"),
    ("properties-colon-separator", "{pw}", "mail.smtp.host: smtp.@@DOM@@\nmail.smtp.port: 587\nmail.smtp.user: @@USER@@\nmail.smtp.password: @@S@@", "mail.smtp.password"),
    ("spring-ssl-keystore-password", "{pwu}", "server.ssl.key-store=classpath:keystore.p12\nserver.ssl.key-store-password=@@S@@\nserver.ssl.key-store-type=PKCS12", "key-store-password"),
    ("flyway-conf", "{pwu}", "flyway.url=jdbc:postgresql://@@HOST@@:5432/@@DB@@\nflyway.user=@@USER@@\nflyway.password=@@S@@\nflyway.locations=filesystem:sql", "flyway.password"),
    ("dockerfile-env-token", "npm_{an36}", "FROM node:20-alpine\nWORKDIR /app\nENV NPM_TOKEN=@@S@@\nCOPY package*.json ./\nRUN npm ci", "ENV NPM_TOKEN"),
    ("dockerfile-arg-default-index-url", "{an24}", "ARG PIP_EXTRA_INDEX_URL=https://@@USER@@:@@S@@@pypi.@@DOM@@/simple\nRUN pip install --no-cache-dir -r requirements.txt", "ARG PIP_EXTRA_INDEX_URL"),
    ("dockerfile-run-echo-npmrc", "npm_{an36}", "RUN echo \"//registry.npmjs.org/:_authToken=@@S@@\" > /root/.npmrc && npm ci && rm /root/.npmrc", "_authToken"),
    ("dockerfile-env-legacy-space", "{pwu}", "FROM mongo:7\nENV MONGO_INITDB_ROOT_USERNAME root\nENV MONGO_INITDB_ROOT_PASSWORD @@S@@", "MONGO_INITDB_ROOT_PASSWORD"),
    ("jenkinsfile-environment-block", "squ_{h40}", "pipeline {\n  agent any\n  environment {\n    SONAR_TOKEN = '@@S@@'\n  }\n  stages {", "SONAR_TOKEN"),
    ("drone-yml-plugin-settings", "{an36}", "steps:\n- name: publish\n  image: plugins/docker\n  settings:\n    repo: @@ORG@@/@@PROJ@@\n    username: @@USER@@\n    password: @@S@@", "settings:"),
    ("gha-docker-login-action-with", "ghp_{an36}", "      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: ${{ github.actor }}\n          password: @@S@@", "docker/login-action"),
    ("k8s-configmap-embedded-properties", "{pwu}", "kind: ConfigMap\nmetadata:\n  name: @@PROJ@@-config\ndata:\n  application.properties: |\n    db.user=@@USER@@\n    db.password=@@S@@", "db.password"),
    ("systemd-unit-environment", "{pwu}", "[Service]\nUser=@@PROJ@@\nEnvironment=\"DATABASE_PASSWORD=@@S@@\"\nExecStart=/usr/local/bin/@@PROJ@@ serve\nRestart=on-failure", "Environment="),
    ("systemd-execstart-flag", "{pwu}", "[Service]\nExecStart=/usr/local/bin/redis_exporter -redis.addr redis://@@HOST@@:6379 -redis.password @@S@@", "-redis.password"),
    ("nginx-proxy-set-header-bearer", "{u48}", "location /api/ {\n    proxy_pass https://upstream.@@DOM@@;\n    proxy_set_header Authorization \"Bearer @@S@@\";\n}", "proxy_set_header Authorization"),
    ("nginx-proxy-set-header-basic", "{BASICB64}", "location /metrics {\n    proxy_pass http://127.0.0.1:9100;\n    proxy_set_header Authorization \"Basic @@S@@\";\n}", "proxy_set_header"),
    ("apache-setenv-password", "{pw}", "<VirtualHost *:443>\n    ServerName @@DOM@@\n    SetEnv DB_PASS \"@@S@@\"\n</VirtualHost>", "SetEnv DB_PASS"),
    ("apache-requestheader-api-key", "{an32}", "<Location /upstream>\n    RequestHeader set X-Api-Key \"@@S@@\"\n    ProxyPass https://partner.@@DOM@@/\n</Location>", "RequestHeader set X-Api-Key"),
    ("haproxy-userlist-insecure-password", "{pwu}", "userlist admins\n    user @@USER@@ insecure-password @@S@@", "insecure-password"),
    ("haproxy-stats-auth", "{pwu}", "listen stats\n    bind :8404\n    stats enable\n    stats uri /\n    stats auth admin:@@S@@", "stats auth"),
    ("crontab-mysqldump-inline", "{pwu}", "0 3 * * * /usr/bin/mysqldump -u backup -p'@@S@@' --all-databases | gzip > /backup/all-$(date +\\%F).sql.gz", "mysqldump"),
    ("crontab-env-line", "{an40}", "MAILTO=ops@@@DOM@@\nAPI_TOKEN=@@S@@\n*/15 * * * * /opt/scripts/sync.sh >> /var/log/sync.log 2>&1", "API_TOKEN"),
    ("crontab-curl-header", "{u32}", "*/5 * * * * curl -fsS -m 10 -H 'X-Auth-Token: @@S@@' https://status.@@DOM@@/api/heartbeat/@@PROJ@@ > /dev/null", "X-Auth-Token"),
    ("compose-healthcheck-mysqladmin", "{pwu}", "    healthcheck:\n      test: [\"CMD\", \"mysqladmin\", \"ping\", \"-h\", \"localhost\", \"-uroot\", \"-p@@S@@\"]\n      interval: 10s", "healthcheck"),
    ("redis-conf-requirepass", "{an48}", "bind 0.0.0.0\nport 6379\nrequirepass @@S@@\nmaxmemory 2gb\nmaxmemory-policy allkeys-lru", "requirepass"),
    ("redis-conf-masterauth", "{an48}", "replicaof @@IP@@ 6379\nmasterauth @@S@@\nreplica-read-only yes", "masterauth"),
    ("mosquitto-bridge-remote-password", "{pwu}", "connection bridge-to-cloud\naddress mqtt.@@DOM@@:8883\nremote_username @@USER@@\nremote_password @@S@@\ntopic sensors/# out 1", "remote_password"),
    ("prometheus-remote-write-basic-auth", "glc_{u80}", "remote_write:\n  - url: https://prometheus-prod-01-eu-west-0.grafana.net/api/prom/push\n    basic_auth:\n      username: @@d6@@\n      password: @@S@@", "remote_write"),
    ("logstash-output-es-arrow", "{pw}", "output {\n  elasticsearch {\n    hosts => [\"https://es.@@DOM@@:9200\"]\n    user => \"logstash_writer\"\n    password => \"@@S@@\"\n  }\n}", "password =>"),
    ("fluentd-match-datadog", "{h32}", "<match app.**>\n  @type datadog\n  api_key @@S@@\n  dd_source ruby\n</match>", "@type datadog"),
    ("vector-toml-datadog-sink", "{h32}", "[sinks.dd]\ntype = \"datadog_logs\"\ninputs = [\"app\"]\ndefault_api_key = \"@@S@@\"", "default_api_key"),
    ("otel-collector-exporter-headers", "{an22}", "exporters:\n  otlphttp:\n    endpoint: https://api.honeycomb.io\n    headers:\n      x-honeycomb-team: @@S@@", "x-honeycomb-team"),
    ("pm2-ecosystem-env-production", "{u48}", "module.exports = {\n  apps: [{\n    name: '@@PROJ@@',\n    script: 'dist/server.js',\n    env_production: { NODE_ENV: 'production', SESSION_SECRET: '@@S@@' }\n  }]\n}", "SESSION_SECRET"),
    ("vercel-json-env-legacy", "fnAE{u36}", "{\n  \"version\": 2,\n  \"env\": { \"FAUNA_SECRET\": \"@@S@@\" }\n}", "FAUNA_SECRET"),
    ("sentry-properties-auth-token", "sntrys_eyJpYXQiOjE3{u120}", "defaults.url=https://sentry.io/\ndefaults.org=@@ORG@@\ndefaults.project=@@PROJ@@\nauth.token=@@S@@", "auth.token"),
    ("wp-config-db-password", "{pw}", "define( 'DB_NAME', '@@DB@@' );\ndefine( 'DB_USER', '@@USER@@' );\ndefine( 'DB_PASSWORD', '@@S@@' );\ndefine( 'DB_HOST', 'localhost' );", "DB_PASSWORD"),
    ("wp-config-auth-key-salt", "{wp64}", "define( 'AUTH_KEY',         '@@S@@' );\ndefine( 'WP_DEBUG', false );", "AUTH_KEY"),
    ("django-settings-databases-dict", "{pw}", "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': '@@DB@@',\n        'USER': '@@USER@@',\n        'PASSWORD': '@@S@@',\n        'HOST': '@@HOST@@',\n    }\n}", "'PASSWORD'"),
    ("gradle-properties-ossrh", "{pw}", "org.gradle.jvmargs=-Xmx2g\nossrhUsername=@@USER@@\nossrhPassword=@@S@@", "ossrhPassword"),
    ("caddyfile-header-up", "{an32}", "api.@@DOM@@ {\n    reverse_proxy https://partner.@@DOM@@ {\n        header_up X-Api-Key @@S@@\n    }\n}", "header_up X-Api-Key"),
    ("kafka-connect-connector-json", "{pw}", "{\n  \"name\": \"orders-cdc\",\n  \"config\": {\n    \"connector.class\": \"io.debezium.connector.postgresql.PostgresConnector\",\n    \"database.hostname\": \"@@HOST@@\",\n    \"database.user\": \"debezium\",\n    \"database.password\": \"@@S@@\"\n  }\n}", "database.password"),
    ("airflow-cfg-fernet-key", "{FERNET}", "[core]\ndags_folder = /opt/airflow/dags\nfernet_key = @@S@@\nload_examples = False", "fernet_key"),
    ("superset-config-secret-key", "{b42}", "# superset_config.py\nROW_LIMIT = 5000\nSECRET_KEY = '@@S@@'\nSQLALCHEMY_DATABASE_URI = 'sqlite:////app/superset_home/superset.db'", "SECRET_KEY"),
    ("jupyter-server-config-token", "{h48}", "c.ServerApp.ip = '0.0.0.0'\nc.ServerApp.open_browser = False\nc.ServerApp.token = '@@S@@'", "c.ServerApp.token"),
    ("play-hocon-secret-key", "{u64}", "play.http.secret.key = \"@@S@@\"\ndb.default.url = ${?DATABASE_URL}\ndb.default.password = ${?DB_PASSWORD}", "play.http.secret.key"),
    ("geoip-conf-license-key", "{an16}", "# GeoIP.conf\nAccountID @@d6@@\nLicenseKey @@S@@\nEditionIDs GeoLite2-City GeoLite2-Country", "LicenseKey"),
    ("yaml-folded-inline-token", "{u40}", "integrations:\n  pagerduty:\n    api_token: >-\n      @@S@@\n    service_id: P@@ua6@@", "api_token"),
    ("traefik-dynamic-yaml-headers", "{an32}", "http:\n  middlewares:\n    partner-auth:\n      headers:\n        customRequestHeaders:\n          X-Partner-Key: \"@@S@@\"", "customRequestHeaders"),
    ("ini-pgbouncer-auth-query-password", "{pwu}", "[databases]\n@@DB@@ = host=@@HOST@@ port=5432 dbname=@@DB@@ user=pgbouncer password=@@S@@\n\n[pgbouncer]\nlisten_port = 6432", "[databases]"),
    ("mongod-conf-keyfile-inline", "{b756}", "# replica set keyfile contents (copied to /etc/mongo/keyfile)\n@@S@@", "keyfile"),
    ("ansible-inventory-host-vars", "{pw}", "[web]\nweb-01 ansible_host=@@IP@@ ansible_user=deploy ansible_password=@@S@@ ansible_become=true", "ansible_password"),
    ("hiera-yaml-plain-secret", "{pw}", "---\nprofile::db::root_password: '@@S@@'\nprofile::db::bind_address: '0.0.0.0'", "profile::db::root_password"),
    ("salt-pillar-sls", "{pw}", "mysql:\n  server:\n    root_password: '@@S@@'\n  user:\n    @@USER@@:\n      host: localhost", "root_password"),
    ("buildkite-pipeline-env", "{h40}", "env:\n  BUILDKITE_ANALYTICS_TOKEN: \"@@S@@\"\nsteps:\n  - command: \"make test\"", "BUILDKITE_ANALYTICS_TOKEN"),
    ("openapi-security-example-leak", "{an32}", "components:\n  securitySchemes:\n    ApiKeyAuth:\n      type: apiKey\n      in: header\n      name: X-API-Key\n      # staging key for testing: @@S@@", "securitySchemes"),
    ("ssmtp-conf-authpass", "{pwu}", "root=postmaster\nmailhub=smtp.@@DOM@@:587\nAuthUser=@@EMAIL@@\nAuthPass=@@S@@\nUseSTARTTLS=YES", "AuthPass"),
    ("exim-passwd-client", "{pwu}", "# /etc/exim4/passwd.client\nsmtp.@@DOM@@:@@USER@@:@@S@@", "passwd.client"),
    ("dnsmasq-unrelated-tsig-key", "{WGKEY}", "key \"ddns-update\" {\n    algorithm hmac-sha256;\n    secret \"@@S@@\";\n};", "algorithm hmac-sha256"),
    ("keepalived-auth-pass", "{an8}", "vrrp_instance VI_1 {\n    state MASTER\n    interface eth0\n    virtual_router_id 51\n    authentication {\n        auth_type PASS\n        auth_pass @@S@@\n    }\n}", "auth_pass"),
    ("strongswan-ipsec-secrets-psk", "{ppw}", "# /etc/ipsec.secrets\n@@IP@@ %any : PSK \"@@S@@\"", "PSK"),
    ("openvpn-static-key-block", lambda: _wrap(_c(_ALPH["h"], 512), 32), "<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n@@S@@\n-----END OpenVPN Static key V1-----\n</tls-auth>\nkey-direction 1", "OpenVPN Static key V1"),
    ("samba-smb-conf-ldap-passwd-comment", "{pw}", "[global]\n   workgroup = CORP\n   ldap admin dn = cn=samba,dc=corp,dc=example\n   # smbpasswd -w @@S@@ was run on setup", "ldap admin dn"),
    ("chrony-key-file", "{H40}", "# /etc/chrony/chrony.keys\n1 SHA1 HEX:@@S@@", "chrony.keys"),
    ("renovate-json-host-rules", "{an40}", "{\n  \"extends\": [\"config:recommended\"],\n  \"hostRules\": [\n    { \"matchHost\": \"nexus.@@DOM@@\", \"username\": \"renovate\", \"password\": \"@@S@@\" }\n  ]\n}", "hostRules"),
]
_emit("config", _CONFIG, 315)

# ---------------------------------------------------------------- code
_CODE = [
    # Python
    ("python-requests-bearer-header", "{u43}", "resp = requests.get(f\"{BASE}/v1/orders\", headers={\"Authorization\": \"Bearer @@S@@\"}, timeout=10)", "requests.get"),
    ("python-module-constant-todo", "sk-proj-{u48}T3BlbkFJ{u48}", "OPENAI_API_KEY = \"@@S@@\"  # TODO move to env before merging", "OPENAI_API_KEY"),
    ("python-os-environ-setdefault", "{b40}", "os.environ.setdefault(\"AWS_SECRET_ACCESS_KEY\", \"@@S@@\")", "os.environ.setdefault"),
    ("python-psycopg2-connect-kwargs", "{pw}", "conn = psycopg2.connect(host=\"@@HOST@@\", dbname=\"@@DB@@\", user=\"@@USER@@\", password=\"@@S@@\")", "psycopg2.connect"),
    ("python-boto3-client-kwargs", "{b40}", "s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"@@AKID@@\",\n    aws_secret_access_key=\"@@S@@\",\n    region_name=\"@@REGION@@\",\n)", "aws_secret_access_key"),
    ("python-getenv-default", "{dj50}", "SECRET_KEY = os.getenv(\"SECRET_KEY\", \"@@S@@\")", "os.getenv"),
    ("python-smtplib-login", "{pw}", "with smtplib.SMTP(\"smtp.@@DOM@@\", 587) as server:\n    server.starttls()\n    server.login(\"@@EMAIL@@\", \"@@S@@\")", "server.login"),
    ("python-requests-auth-tuple", "{pw}", "r = requests.post(url, auth=(\"@@USER@@\", \"@@S@@\"), json=payload)", "auth="),
    ("python-dict-config-single-quote", "{an40}", "CONFIG = {\n    \"api_url\": \"https://api.@@DOM@@\",\n    \"api_secret\": '@@S@@',\n    \"retries\": 3,\n}", "api_secret"),
    ("python-sqlalchemy-create-engine-url", "{ru16}", "engine = create_engine(\"mysql+pymysql://@@USER@@:@@S@@@@@HOST@@/@@DB@@\", pool_pre_ping=True)", "create_engine"),
    ("python-redis-from-kwargs", "{an32}", "r = redis.Redis(host=\"@@HOST@@\", port=6379, password=\"@@S@@\", ssl=True)", "redis.Redis"),
    ("python-pytest-monkeypatch-setenv", "ghp_{an36}", "def test_sync(monkeypatch):\n    monkeypatch.setenv(\"GITHUB_TOKEN\", \"@@S@@\")\n    assert sync.run() == 0", "monkeypatch.setenv"),
    # JavaScript
    ("js-const-api-key", "{an32}", "const API_KEY = '@@S@@';\nexport async function search(q) {", "API_KEY"),
    ("js-fetch-template-bearer", "{u40}", "const res = await fetch(`${base}/v3/search`, {\n  headers: { Authorization: `Bearer @@S@@` },\n});", "Authorization"),
    ("js-axios-create-header", "{h40}", "const api = axios.create({\n  baseURL: 'https://api.@@DOM@@',\n  headers: { 'X-Auth-Token': '@@S@@' },\n});", "X-Auth-Token"),
    ("js-process-env-or-fallback", "{u64}", "const secret = process.env.JWT_SECRET || '@@S@@';", "process.env.JWT_SECRET"),
    ("js-jwt-sign-literal-secret", "{r40}", "const token = jwt.sign({ sub: user.id }, '@@S@@', { expiresIn: '1h' });", "jwt.sign"),
    ("js-nodemailer-auth", "{pw}", "const transporter = nodemailer.createTransport({\n  host: 'smtp.@@DOM@@',\n  port: 587,\n  auth: { user: '@@EMAIL@@', pass: '@@S@@' },\n});", "createTransport"),
    ("js-hardhat-accounts-private-key", "{h64}", "networks: {\n  sepolia: {\n    url: 'https://sepolia.infura.io/v3/@@h32@@',\n    accounts: ['0x@@S@@'],\n  },\n},", "accounts"),
    ("js-mongoose-connect-uri", "{ru16}", "await mongoose.connect('mongodb+srv://@@USER@@:@@S@@@cluster0.@@la5@@.mongodb.net/@@DB@@?retryWrites=true&w=majority');", "mongoose.connect"),
    ("html-inline-script-window-config", "sk_live_{an24}", "<script>\n  window.__CONFIG__ = { apiBase: \"/api\", stripeKey: \"@@S@@\" };\n</script>", "window.__CONFIG__"),
    # TypeScript
    ("ts-exported-typed-const", "sk_live_{an24}", "export const STRIPE_SECRET: string = \"@@S@@\";", "STRIPE_SECRET"),
    ("ts-config-satisfies", "{pw}", "export default {\n  port: 3000,\n  database: { host: '@@HOST@@', user: '@@USER@@', password: '@@S@@' },\n} satisfies AppConfig;", "satisfies AppConfig"),
    ("ts-class-private-readonly", "{an40}", "export class WeatherClient {\n  private readonly apiKey = '@@S@@';\n  constructor(private http: HttpClient) {}\n}", "private readonly apiKey"),
    ("ts-octokit-auth", "ghp_{an36}", "const octokit = new Octokit({ auth: \"@@S@@\" });", "new Octokit"),
    ("ts-supabase-createclient-service-role", "{JWT}", "export const supabaseAdmin = createClient('https://@@REF@@.supabase.co', '@@S@@');", "createClient"),
    ("ts-angular-environment-ts", "{an32}", "export const environment = {\n  production: true,\n  apiUrl: 'https://api.@@DOM@@',\n  adminToken: '@@S@@',\n};", "adminToken"),
    # Go
    ("go-const-block", "{an40}", "const (\n\tbaseURL  = \"https://api.@@DOM@@\"\n\tapiToken = \"@@S@@\"\n)", "apiToken"),
    ("go-http-header-set", "{u43}", "req.Header.Set(\"Authorization\", \"Bearer @@S@@\")", "req.Header.Set"),
    ("go-sql-open-mysql-dsn", "{pwu}", "db, err := sql.Open(\"mysql\", \"@@USER@@:@@S@@@tcp(@@HOST@@:3306)/@@DB@@?parseTime=true\")", "sql.Open"),
    ("go-struct-literal-password", "{pw}", "cfg := Config{\n\tUser:     \"@@USER@@\",\n\tPassword: \"@@S@@\",\n\tAddr:     \"@@HOST@@:6379\",\n}", "Password:"),
    ("go-aws-static-credentials", "{b40}", "creds := credentials.NewStaticCredentialsProvider(\"@@AKID@@\", \"@@S@@\", \"\")", "NewStaticCredentialsProvider"),
    ("go-var-backtick-raw-string", "{h64}", "var webhookSecret = `@@S@@`", "webhookSecret"),
    # Rust
    ("rust-const-str", "{an40}", "const API_KEY: &str = \"@@S@@\";", "API_KEY"),
    ("rust-reqwest-bearer-auth", "{u43}", "let resp = client\n    .get(\"https://api.@@DOM@@/v1/me\")\n    .bearer_auth(\"@@S@@\")\n    .send()\n    .await?;", "bearer_auth"),
    ("rust-env-var-unwrap-or-else", "M{u23}.{u6}.{u38}", "let token = std::env::var(\"DISCORD_TOKEN\").unwrap_or_else(|_| \"@@S@@\".to_string());", "DISCORD_TOKEN"),
    ("rust-pgconnectoptions-builder", "{pw}", "let opts = PgConnectOptions::new().host(\"@@HOST@@\").username(\"@@USER@@\").password(\"@@S@@\").database(\"@@DB@@\");", "PgConnectOptions"),
    # Java
    ("java-private-static-final", "{an32}", "private static final String API_SECRET = \"@@S@@\";", "API_SECRET"),
    ("java-drivermanager-getconnection", "{pw}", "Connection conn = DriverManager.getConnection(\"jdbc:postgresql://@@HOST@@:5432/@@DB@@\", \"@@USER@@\", \"@@S@@\");", "DriverManager.getConnection"),
    ("java-httprequest-builder-header", "{u43}", "HttpRequest request = HttpRequest.newBuilder(URI.create(url))\n    .header(\"Authorization\", \"Bearer @@S@@\")\n    .build();", "HttpRequest.newBuilder"),
    ("java-basic-aws-credentials", "{b40}", "BasicAWSCredentials creds = new BasicAWSCredentials(\"@@AKID@@\", \"@@S@@\");", "BasicAWSCredentials"),
    ("java-properties-setproperty", "{pw}", "props.setProperty(\"mail.smtp.password\", \"@@S@@\");", "setProperty"),
    ("java-spring-value-default", "{an32}", "@Value(\"${payment.api-key:@@S@@}\")\nprivate String paymentApiKey;", "@Value"),
    # Kotlin
    ("kotlin-const-val", "AIza{u35}", "const val MAPS_KEY = \"@@S@@\"", "const val MAPS_KEY"),
    ("kotlin-buildconfigfield-escaped", "{an40}", "buildConfigField(\"String\", \"API_KEY\", \"\\\"@@S@@\\\"\")", "buildConfigField"),
    ("kotlin-okhttp-addheader", "{an32}", "val request = Request.Builder()\n    .url(url)\n    .addHeader(\"X-Api-Key\", \"@@S@@\")\n    .build()", "addHeader"),
    ("kotlin-gradle-kts-maven-credentials", "{pw}", "maven {\n    url = uri(\"https://nexus.@@DOM@@/repository/maven-releases/\")\n    credentials {\n        username = \"@@USER@@\"\n        password = \"@@S@@\"\n    }\n}", "credentials"),
    # Scala
    ("scala-val-token", "xoxb-{d12}-{d13}-{an24}", "val slackToken = \"@@S@@\"", "slackToken"),
    ("scala-database-forurl", "{pw}", "val db = Database.forURL(\"jdbc:postgresql://@@HOST@@/@@DB@@\", user = \"@@USER@@\", password = \"@@S@@\", driver = \"org.postgresql.Driver\")", "Database.forURL"),
    ("scala-sttp-auth-bearer", "{u43}", "basicRequest.get(uri\"https://api.@@DOM@@/v1/items\").auth.bearer(\"@@S@@\")", "auth.bearer"),
    # C#
    ("csharp-private-const", "{an32}", "private const string ApiKey = \"@@S@@\";", "ApiKey"),
    ("csharp-authenticationheadervalue", "{u43}", "client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue(\"Bearer\", \"@@S@@\");", "AuthenticationHeaderValue"),
    ("csharp-sqlconnection-literal", "{pw}", "using var conn = new SqlConnection(\"Server=@@HOST@@;Database=@@DB@@;User Id=@@USER@@;Password=@@S@@;\");", "SqlConnection"),
    ("csharp-networkcredential", "{pw}", "var cred = new NetworkCredential(\"@@USER@@\", \"@@S@@\", \"CORP\");", "NetworkCredential"),
    ("csharp-verbatim-string", "{AZKEY}", "var storageKey = @\"@@S@@\";", "storageKey"),
    ("csharp-options-configure-lambda", "{an40}", "services.Configure<SendGridOptions>(o => { o.ApiKey = \"@@S@@\"; o.From = \"noreply@@@DOM@@\"; });", "o.ApiKey"),
    # F# / VB
    ("fsharp-literal-connstr", "{pw}", "[<Literal>]\nlet ConnStr = \"Host=@@HOST@@;Username=@@USER@@;Password=@@S@@;Database=@@DB@@\"", "ConnStr"),
    ("fsharp-let-binding", "{an32}", "let apiKey = \"@@S@@\"", "let apiKey"),
    ("vbnet-dim-as-string", "{pw}", "Dim password As String = \"@@S@@\"", "Dim password"),
    ("vbnet-private-const", "{an40}", "Private Const ApiToken As String = \"@@S@@\"", "ApiToken"),
    # C / C++
    ("c-define-macro", "{an40}", "#define API_TOKEN \"@@S@@\"", "#define API_TOKEN"),
    ("c-static-const-char-ptr", "{ppw}", "static const char *wifi_password = \"@@S@@\";", "wifi_password"),
    ("c-mysql-real-connect", "{pw}", "if (!mysql_real_connect(conn, \"@@HOST@@\", \"@@USER@@\", \"@@S@@\", \"@@DB@@\", 3306, NULL, 0)) {", "mysql_real_connect"),
    ("c-curl-opt-userpwd", "{pwu}", "curl_easy_setopt(curl, CURLOPT_USERPWD, \"@@USER@@:@@S@@\");", "CURLOPT_USERPWD"),
    ("cpp-const-std-string", "{h64}", "const std::string kApiSecret = \"@@S@@\";", "kApiSecret"),
    ("cpp-constexpr-char-array", "{pw}", "constexpr char kMqttPassword[] = \"@@S@@\";", "kMqttPassword"),
    ("cpp-arduino-wifi-begin", "{ppw}", "#include <WiFi.h>\nvoid setup() {\n  WiFi.begin(\"Workshop-IoT\", \"@@S@@\");\n}", "WiFi.begin"),
    ("cpp-headers-emplace", "{u43}", "headers.emplace(\"Authorization\", \"Bearer @@S@@\");", "headers.emplace"),
    # Swift / ObjC
    ("swift-let-constant", "{an40}", "let apiKey = \"@@S@@\"", "let apiKey"),
    ("swift-enum-static-let", "appl_{an27}", "enum Secrets {\n    static let revenueCatKey = \"@@S@@\"\n}", "revenueCatKey"),
    ("swift-urlrequest-setvalue", "{u43}", "request.setValue(\"Bearer @@S@@\", forHTTPHeaderField: \"Authorization\")", "forHTTPHeaderField"),
    ("objc-nsstring-const", "{an40}", "NSString *const kClientSecret = @\"@@S@@\";", "kClientSecret"),
    ("objc-setvalue-header", "{an32}", "[request setValue:@\"@@S@@\" forHTTPHeaderField:@\"X-API-Key\"];", "X-API-Key"),
    # Ruby
    ("ruby-frozen-constant", "{an40}", "API_TOKEN = \"@@S@@\".freeze", "API_TOKEN"),
    ("ruby-twilio-client-new", "{h32}", "client = Twilio::REST::Client.new(\"AC@@h32@@\", \"@@S@@\")", "Twilio::REST::Client.new"),
    ("ruby-env-fetch-default", "{h128}", "config.secret_key_base = ENV.fetch('SECRET_KEY_BASE', '@@S@@')", "ENV.fetch"),
    ("ruby-stripe-api-key-assign", "sk_live_{an24}", "Stripe.api_key = '@@S@@'", "Stripe.api_key"),
    ("ruby-faraday-basic-auth", "{pw}", "conn = Faraday.new(url: 'https://api.@@DOM@@') do |f|\n  f.request :authorization, :basic, '@@USER@@', '@@S@@'\nend", ":basic"),
    ("ruby-hash-rocket-config", "{an32}", "CONFIG = { 'api_key' => '@@S@@', 'timeout' => 10 }", "'api_key' =>"),
    # PHP
    ("php-define-constant", "{h32}-us{d2}", "define('MAILCHIMP_API_KEY', '@@S@@');", "MAILCHIMP_API_KEY"),
    ("php-config-array-arrow", "{pw}", "return [\n    'driver' => 'smtp',\n    'host' => 'smtp.@@DOM@@',\n    'username' => '@@USER@@',\n    'password' => '@@S@@',\n];", "'password' =>"),
    ("php-pdo-constructor", "{pw}", "$pdo = new PDO('mysql:host=@@HOST@@;dbname=@@DB@@', '@@USER@@', '@@S@@');", "new PDO"),
    ("php-variable-double-quoted", "{an40}", "$apiSecret = \"@@S@@\";", "$apiSecret"),
    ("php-curl-httpheader-array", "{u43}", "curl_setopt($ch, CURLOPT_HTTPHEADER, ['Authorization: Bearer @@S@@', 'Accept: application/json']);", "CURLOPT_HTTPHEADER"),
    # Perl
    ("perl-my-scalar", "{pw}", "my $password = '@@S@@';", "my $password"),
    ("perl-dbi-connect", "{pw}", "my $dbh = DBI->connect(\"DBI:mysql:database=@@DB@@;host=@@HOST@@\", \"@@USER@@\", \"@@S@@\", { RaiseError => 1 });", "DBI->connect"),
    ("perl-hash-fat-comma", "{an32}", "my %cfg = ( api_key => '@@S@@', timeout => 30 );", "api_key =>"),
    # shell scripts
    ("bash-script-var-then-use", "{an40}", "#!/usr/bin/env bash\nset -euo pipefail\nAPI_TOKEN=\"@@S@@\"\ncurl -fsS -H \"Authorization: Bearer ${API_TOKEN}\" \"$BASE/health\"", "API_TOKEN="),
    ("bash-heredoc-writes-config", "{pw}", "cat > /etc/app/config.yml <<EOF\ndb:\n  host: @@HOST@@\n  password: @@S@@\nEOF", "cat > /etc/app/config.yml"),
    ("bash-default-param-expansion", "{pwu}", ": \"${DB_PASSWORD:=@@S@@}\"\nexport DB_PASSWORD", "DB_PASSWORD"),
    ("powershell-variable-string", "{an40}", "$ApiKey = \"@@S@@\"\nInvoke-RestMethod -Uri $uri -Headers @{ 'X-Api-Key' = $ApiKey }", "$ApiKey"),
    ("powershell-hashtable-headers", "{u43}", "$headers = @{ Authorization = \"Bearer @@S@@\"; Accept = \"application/json\" }", "$headers"),
    ("powershell-irm-client-credentials-body", "{AZSEC}", "Invoke-RestMethod -Uri $tokenUri -Method Post -Body @{ client_id = \"@@UUID@@\"; client_secret = \"@@S@@\"; grant_type = \"client_credentials\" }", "client_secret"),
    # Lua
    ("lua-local-variable", "{an32}", "local redis_password = \"@@S@@\"", "redis_password"),
    ("lua-return-table", "{an40}", "return {\n  api_key = \"@@S@@\",\n  endpoint = \"https://api.@@DOM@@\",\n}", "api_key"),
    ("lua-openresty-set-header", "{an32}", "ngx.req.set_header(\"X-Api-Key\", \"@@S@@\")", "ngx.req.set_header"),
    # R / Julia / MATLAB
    ("r-sys-setenv", "sk-proj-{u48}T3BlbkFJ{u48}", "Sys.setenv(OPENAI_API_KEY = \"@@S@@\")", "Sys.setenv"),
    ("r-arrow-assignment", "{an40}", "api_token <- \"@@S@@\"", "api_token <-"),
    ("r-dbconnect-postgres", "{pw}", "con <- dbConnect(RPostgres::Postgres(), host = \"@@HOST@@\", dbname = \"@@DB@@\", user = \"@@USER@@\", password = \"@@S@@\")", "dbConnect"),
    ("julia-const-string", "{an32}", "const API_KEY = \"@@S@@\"", "const API_KEY"),
    ("julia-env-assignment", "ghp_{an36}", "ENV[\"GITHUB_AUTH\"] = \"@@S@@\"", "ENV[\"GITHUB_AUTH\"]"),
    ("matlab-weboptions-header", "{u43}", "opts = weboptions('HeaderFields', {'Authorization', ['Bearer ' '@@S@@']});", "weboptions"),
    # Dart / Elixir / Erlang / Haskell / Clojure
    ("dart-const-string", "{an40}", "const String apiKey = '@@S@@';", "apiKey"),
    ("dart-http-get-headers", "{u43}", "final res = await http.get(uri, headers: {'Authorization': 'Bearer @@S@@'});", "http.get"),
    ("elixir-repo-config", "{pw}", "config :my_app, MyApp.Repo,\n  username: \"@@USER@@\",\n  password: \"@@S@@\",\n  hostname: \"@@HOST@@\",\n  pool_size: 10", "MyApp.Repo"),
    ("elixir-module-attribute", "{an40}", "defmodule MyApp.Mailer do\n  @api_key \"@@S@@\"\nend", "@api_key"),
    ("erlang-define-binary", "{h64}", "-define(API_SECRET, <<\"@@S@@\">>).", "-define(API_SECRET"),
    ("erlang-sys-config-tuple", "{pw}", "[{my_app, [{db_user, \"@@USER@@\"}, {db_password, \"@@S@@\"}]}].", "db_password"),
    ("haskell-bytestring-binding", "{an40}", "apiToken :: ByteString\napiToken = \"@@S@@\"", "apiToken"),
    ("haskell-connectinfo-record", "{pw}", "connectInfo = defaultConnectInfo { connectHost = \"@@HOST@@\", connectUser = \"@@USER@@\", connectPassword = \"@@S@@\" }", "connectPassword"),
    ("clojure-def-string", "{an40}", "(def api-key \"@@S@@\")", "(def api-key"),
    ("clojure-db-spec-map", "{pw}", "(def db {:dbtype \"postgresql\" :dbname \"@@DB@@\" :user \"@@USER@@\" :password \"@@S@@\"})", ":password"),
    # Groovy / SQL / misc
    ("groovy-def-variable", "{pw}", "def nexusPassword = '@@S@@'", "nexusPassword"),
    ("groovy-gradle-maven-credentials", "{pw}", "maven {\n    url 'https://nexus.@@DOM@@/repository/maven-releases/'\n    credentials {\n        username 'deployer'\n        password '@@S@@'\n    }\n}", "credentials"),
    ("sql-create-user-with-password", "{pw}", "CREATE USER @@USER@@ WITH PASSWORD '@@S@@';\nGRANT CONNECT ON DATABASE @@DB@@ TO @@USER@@;", "CREATE USER"),
    ("tsql-alter-login-nstring", "{pw}", "ALTER LOGIN [@@USER@@] WITH PASSWORD = N'@@S@@';", "ALTER LOGIN"),
    ("sql-create-user-mapping-fdw", "{pw}", "CREATE USER MAPPING FOR app_user SERVER warehouse OPTIONS (user 'etl', password '@@S@@');", "CREATE USER MAPPING"),
    ("sql-insert-integration-key", "SG.{u22}.{u43}", "INSERT INTO integrations (name, api_key) VALUES ('sendgrid', '@@S@@');", "INSERT INTO integrations"),
    ("nim-const", "{an40}", "const apiKey = \"@@S@@\"", "const apiKey"),
    ("zig-const-slice", "{an40}", "const api_token: []const u8 = \"@@S@@\";", "api_token"),
    ("ocaml-let-binding", "{an32}", "let api_key = \"@@S@@\"", "let api_key"),
    ("apex-string-field", "{H64}", "private static final String CLIENT_SECRET = '@@S@@';", "CLIENT_SECRET"),
    ("delphi-const-section", "{pw}", "const\n  DBPassword = '@@S@@';", "DBPassword"),
    ("makefile-simply-expanded", "{an40}", "DEPLOY_KEY := @@S@@\ndeploy:\n\tcurl -H \"X-Deploy-Key: $(DEPLOY_KEY)\" https://deploy.@@DOM@@/hook", "DEPLOY_KEY :="),
    ("jsonnet-local-binding", "{an32}", "local apiKey = '@@S@@';\n{ headers: { 'X-Api-Key': apiKey } }", "local apiKey"),
    ("nix-module-option", "{pw}", "services.grafana.settings.security.admin_password = \"@@S@@\";", "admin_password"),
    ("puppet-resource-arrows", "{pw}", "mysql::db { '@@DB@@':\n  user     => '@@USER@@',\n  password => '@@S@@',\n  host     => 'localhost',\n}", "password =>"),
    ("chef-attribute-default", "{pw}", "default['app']['db_password'] = '@@S@@'", "db_password"),
    ("vimscript-let-global", "sk-ant-api03-{u93}AA", "let g:anthropic_api_key = '@@S@@'", "g:anthropic_api_key"),
    ("elisp-setq-api-key", "sk-proj-{u48}T3BlbkFJ{u48}", "(setq gptel-api-key \"@@S@@\")", "gptel-api-key"),
    ("tcl-set-variable", "{pw}", "set password \"@@S@@\"\nspawn ssh admin@@@IP@@", "set password"),
    ("expect-send-password", "{pw}", "expect \"password:\"\nsend \"@@S@@\\r\"\ninteract", "send"),
    ("python-fstring-url-embedded", "{an32}", "url = f\"https://api.@@DOM@@/v2/forecast?lat={lat}&lon={lon}&appid=@@S@@\"", "appid="),
    ("go-grpc-metadata-append", "{u43}", "ctx = metadata.AppendToOutgoingContext(ctx, \"authorization\", \"Bearer @@S@@\")", "AppendToOutgoingContext"),
    ("java-jedis-auth", "{an32}", "Jedis jedis = new Jedis(\"@@HOST@@\", 6379);\njedis.auth(\"@@S@@\");", "jedis.auth"),
    ("kotlin-ktor-basic-auth", "{pw}", "install(Auth) {\n    basic {\n        credentials { BasicAuthCredentials(username = \"@@USER@@\", password = \"@@S@@\") }\n    }\n}", "BasicAuthCredentials"),
    ("swift-keychain-fallback", "{pw}", "let password = KeychainHelper.read(\"db\") ?? \"@@S@@\"", "KeychainHelper"),
    ("ruby-sequel-connect-hash", "{pw}", "DB = Sequel.connect(adapter: 'postgres', host: '@@HOST@@', database: '@@DB@@', user: '@@USER@@', password: '@@S@@')", "Sequel.connect"),
    ("php-laravel-env-default", "{an32}", "'secret' => env('PUSHER_APP_SECRET', '@@S@@'),", "PUSHER_APP_SECRET"),
    ("python-celery-broker-url", "{ru16}", "app = Celery('tasks', broker='amqp://@@USER@@:@@S@@@@@HOST@@:5672/vhost')", "Celery"),
    ("ts-prisma-datasource-override", "{ru16}", "const prisma = new PrismaClient({\n  datasources: { db: { url: 'postgresql://@@USER@@:@@S@@@@@HOST@@:5432/@@DB@@' } },\n});", "PrismaClient"),
    ("csharp-connectionfactory-rabbitmq", "{pw}", "var factory = new ConnectionFactory { HostName = \"@@HOST@@\", UserName = \"@@USER@@\", Password = \"@@S@@\" };", "ConnectionFactory"),
    ("dart-firebase-options-leak", "{an40}", "static const FirebaseOptions android = FirebaseOptions(\n    apiKey: 'AIza@@u35@@',\n    appId: '1:@@d12@@:android:@@h16@@',\n    serverSecret: '@@S@@',\n);", "serverSecret"),
    ("rust-lettre-credentials", "{pw}", "let creds = Credentials::new(\"@@EMAIL@@\".to_owned(), \"@@S@@\".to_owned());", "Credentials::new"),
    ("go-oauth2-config-struct", "{u40}", "conf := &oauth2.Config{\n\tClientID:     \"@@UUID@@\",\n\tClientSecret: \"@@S@@\",\n\tEndpoint:     github.Endpoint,\n}", "ClientSecret"),
    ("python-dataclass-default", "{an40}", "@dataclass\nclass Settings:\n    api_url: str = \"https://api.@@DOM@@\"\n    api_key: str = \"@@S@@\"", "api_key: str"),
    ("python-notebook-cell", "hf_{an34}", "# In[2]:\nfrom huggingface_hub import login\nlogin(token=\"@@S@@\")", "login(token="),
]
_emit("code", _CODE, 315)

# ---------------------------------------------------------------- credential-file
_CREDFILE = [
    ("netrc-single-line", "{an40}", "machine api.@@DOM@@ login @@USER@@ password @@S@@", "machine"),
    ("netrc-multiline-heroku", "HRKU-{u60}", "machine api.heroku.com\n  login @@EMAIL@@\n  password @@S@@\nmachine git.heroku.com\n  login @@EMAIL@@", "machine api.heroku.com"),
    ("pgpass-line", "{pwu}", "@@HOST@@:5432:@@DB@@:@@USER@@:@@S@@", ""),
    ("pgpass-wildcards", "{pwu}", "# ~/.pgpass\n*:*:*:@@USER@@:@@S@@", ".pgpass"),
    ("my-cnf-client-section", "{pw}", "[client]\nuser=@@USER@@\npassword=\"@@S@@\"\nhost=@@HOST@@", "[client]"),
    ("docker-config-auths-auth", "{BASICB64}", "{\n  \"auths\": {\n    \"https://index.docker.io/v1/\": {\n      \"auth\": \"@@S@@\"\n    }\n  }\n}", "\"auths\""),
    ("docker-config-identitytoken", "{u64}", "{\n  \"auths\": {\n    \"@@ORG@@.azurecr.io\": {\n      \"auth\": \"MDAwMDAwMDAtMDAwMC0wMDAwLTAwMDAtMDAwMDAwMDAwMDAwOg==\",\n      \"identitytoken\": \"@@S@@\"\n    }\n  }\n}", "identitytoken"),
    ("npmrc-registry-authtoken", "npm_{an36}", "//registry.npmjs.org/:_authToken=@@S@@\n@@@ORG@@:registry=https://npm.pkg.github.com", "_authToken"),
    ("npmrc-legacy-auth", "{BASICB64}", "registry=https://nexus.@@DOM@@/repository/npm-group/\n_auth=@@S@@\nemail=@@EMAIL@@\nalways-auth=true", "_auth"),
    ("npmrc-scoped-password-b64", "{K8SB64}", "//nexus.@@DOM@@/repository/npm/:username=@@USER@@\n//nexus.@@DOM@@/repository/npm/:_password=@@S@@\n//nexus.@@DOM@@/repository/npm/:email=@@EMAIL@@", ":_password"),
    ("yarnrc-yml-npmscopes", "ghp_{an36}", "npmScopes:\n  @@ORG@@:\n    npmAlwaysAuth: true\n    npmAuthToken: \"@@S@@\"\n    npmRegistryServer: \"https://npm.pkg.github.com\"", "npmAuthToken"),
    ("pypirc-token", "pypi-AgEIcHlwaS5vcmcCJD{u120}", "[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\npassword = @@S@@", "[pypi]"),
    ("pypirc-private-repo", "{pw}", "[internal]\nrepository = https://pypi.@@DOM@@/\nusername = @@USER@@\npassword = @@S@@", "repository"),
    ("pip-conf-index-url", "{an24}", "[global]\nindex-url = https://@@USER@@:@@S@@@pypi.@@DOM@@/simple\ntimeout = 60", "index-url"),
    ("git-credentials-github", "ghp_{an36}", "https://@@USER@@:@@S@@@github.com", ""),
    ("git-credentials-gitlab-oauth2", "glpat-{u20}", "https://oauth2:@@S@@@gitlab.@@DOM@@\nhttps://@@USER@@:x-oauth-basic@github.com", "oauth2"),
    ("aws-credentials-profiles", "{b40}", "[default]\naws_access_key_id = @@AKID@@\naws_secret_access_key = @@S@@\n\n[@@PROJ@@-prod]\nrole_arn = arn:aws:iam::@@d12@@:role/admin\nsource_profile = default", "aws_secret_access_key"),
    ("aws-credentials-session-token", "{AWSSESSION}", "[tmp-mfa]\naws_access_key_id = @@ASIA@@\naws_session_token = @@S@@\nexpiration = @@TS@@", "aws_session_token"),
    ("kubeconfig-user-token", "{JWTRS}", "users:\n- name: ci-deployer\n  user:\n    token: @@S@@\ncontexts:\n- context:\n    cluster: prod\n    user: ci-deployer", "users:"),
    ("kubeconfig-client-key-data", "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVB{b600}", "users:\n- name: kubernetes-admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM@@b120@@\n    client-key-data: @@S@@", "client-key-data"),
    ("kubeconfig-basic-auth-password", "{an32}", "- name: legacy-admin\n  user:\n    username: admin\n    password: @@S@@", "password:"),
    ("gcp-service-account-json", "{PEMESC}", "{\n  \"type\": \"service_account\",\n  \"project_id\": \"@@PROJ@@-prod\",\n  \"private_key_id\": \"@@h40@@\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n@@S@@\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"deployer@@@PROJ@@-prod.iam.gserviceaccount.com\",\n  \"client_id\": \"@@d21@@\"\n}", "private_key"),
    ("gcloud-adc-authorized-user", "1//0{u98}", "{\n  \"account\": \"\",\n  \"client_id\": \"@@d12@@-@@la32@@.apps.googleusercontent.com\",\n  \"refresh_token\": \"@@S@@\",\n  \"type\": \"authorized_user\"\n}", "refresh_token"),
    ("azure-sdk-auth-json", "{AZSEC}", "{\n  \"clientId\": \"@@UUID@@\",\n  \"clientSecret\": \"@@S@@\",\n  \"subscriptionId\": \"@@UUID2@@\",\n  \"tenantId\": \"@@UUID3@@\",\n  \"activeDirectoryEndpointUrl\": \"https://login.microsoftonline.com\"\n}", "clientSecret"),
    ("id-rsa-pem-file", "{PEMRSA}", "-----BEGIN RSA PRIVATE KEY-----\n@@S@@\n-----END RSA PRIVATE KEY-----", "BEGIN RSA PRIVATE KEY"),
    ("openssh-private-key-file", "{PEMSSH}", "-----BEGIN OPENSSH PRIVATE KEY-----\n@@S@@\n-----END OPENSSH PRIVATE KEY-----", "BEGIN OPENSSH PRIVATE KEY"),
    ("ec-private-key-pem", "{PEMEC}", "-----BEGIN EC PRIVATE KEY-----\n@@S@@\n-----END EC PRIVATE KEY-----", "BEGIN EC PRIVATE KEY"),
    ("pkcs8-private-key-pem", "{PEMP8}", "# tls/server.key\n-----BEGIN PRIVATE KEY-----\n@@S@@\n-----END PRIVATE KEY-----", "BEGIN PRIVATE KEY"),
    ("pgp-private-key-block-file", "{PGPPRIV}", "-----BEGIN PGP PRIVATE KEY BLOCK-----\nComment: release signing key\n\n@@S@@\n=@@b4@@\n-----END PGP PRIVATE KEY BLOCK-----", "PGP PRIVATE KEY BLOCK"),
    ("apple-authkey-p8", "{PEMP8EC}", "AuthKey_@@ua10@@.p8:\n-----BEGIN PRIVATE KEY-----\n@@S@@\n-----END PRIVATE KEY-----", "AuthKey_"),
    ("composer-auth-github-oauth", "gho_{an36}", "{\n    \"github-oauth\": {\n        \"github.com\": \"@@S@@\"\n    }\n}", "github-oauth"),
    ("composer-auth-http-basic", "{an40}", "{\n    \"http-basic\": {\n        \"repo.packagist.com\": {\n            \"username\": \"token\",\n            \"password\": \"@@S@@\"\n        }\n    }\n}", "http-basic"),
    ("gem-credentials-yaml", "rubygems_{h48}", "---\n:rubygems_api_key: @@S@@", ":rubygems_api_key"),
    ("cargo-credentials-toml", "cio{an32}", "[registry]\ntoken = \"@@S@@\"", "[registry]"),
    ("gradle-home-properties", "{pw}", "# ~/.gradle/gradle.properties\nmavenCentralUsername=@@USER@@\nmavenCentralPassword=@@S@@\nsigningInMemoryKeyId=@@H8@@", "mavenCentralPassword"),
    ("maven-settings-xml-server", "{pwu}", "<servers>\n  <server>\n    <id>nexus-releases</id>\n    <username>@@USER@@</username>\n    <password>@@S@@</password>\n  </server>\n</servers>", "<password>"),
    ("nuget-config-cleartextpassword", "{zl52}", "<packageSourceCredentials>\n  <azfeed>\n    <add key=\"Username\" value=\"@@USER@@\" />\n    <add key=\"ClearTextPassword\" value=\"@@S@@\" />\n  </azfeed>\n</packageSourceCredentials>", "ClearTextPassword"),
    ("helm-repositories-yaml", "{an40}", "repositories:\n- caFile: \"\"\n  name: internal\n  password: @@S@@\n  url: https://charts.@@DOM@@\n  username: @@USER@@", "repositories:"),
    ("terraform-credentials-tfrc-json", "{an14}.atlasv1.{an67}", "{\n  \"credentials\": {\n    \"app.terraform.io\": {\n      \"token\": \"@@S@@\"\n    }\n  }\n}", "app.terraform.io"),
    ("terraformrc-credentials-block", "{an14}.atlasv1.{an67}", "credentials \"app.terraform.io\" {\n  token = \"@@S@@\"\n}", "credentials \"app.terraform.io\""),
    ("vault-token-file", "hvs.{u90}", "# ~/.vault-token\n@@S@@", ".vault-token"),
    ("gh-hosts-yml", "gho_{an36}", "github.com:\n    user: @@USER@@\n    oauth_token: @@S@@\n    git_protocol: https", "oauth_token"),
    ("glab-config-yml", "glpat-{u20}", "hosts:\n    gitlab.com:\n        token: @@S@@\n        api_host: gitlab.com\n        git_protocol: ssh", "hosts:"),
    ("doctl-config-yaml", "dop_v1_{h64}", "access-token: @@S@@\ncontext: default\noutput: text", "access-token"),
    ("s3cfg-secret-key", "{b40}", "[default]\naccess_key = @@AKID@@\nsecret_key = @@S@@\nhost_base = s3.amazonaws.com\nuse_https = True", "secret_key"),
    ("boto-cfg-credentials", "{b40}", "[Credentials]\naws_access_key_id = @@AKID@@\naws_secret_access_key = @@S@@", "[Credentials]"),
    ("databrickscfg-token", "dapi{h32}", "[DEFAULT]\nhost = https://adb-@@d16@@.12.azuredatabricks.net\ntoken = @@S@@", "token ="),
    ("snowsql-config-connection", "{pw}", "[connections.prod]\naccountname = @@ORG@@-xy12345\nusername = @@USER@@\npassword = @@S@@\ndbname = ANALYTICS", "[connections.prod]"),
    ("dbt-profiles-yml", "{pw}", "@@PROJ@@:\n  target: dev\n  outputs:\n    dev:\n      type: postgres\n      host: @@HOST@@\n      user: @@USER@@\n      password: @@S@@\n      dbname: @@DB@@\n      schema: analytics", "outputs:"),
    ("kaggle-json", "{h32}", "{\"username\":\"@@USER@@\",\"key\":\"@@S@@\"}", "\"key\""),
    ("huggingface-token-file", "hf_{an34}", "# ~/.cache/huggingface/token\n@@S@@", "huggingface/token"),
    ("fly-config-yml-access-token", "FlyV1 fm2_{b200}", "access_token: @@S@@\nwire_guard_state: {}", "access_token"),
    ("netlify-cli-config-json", "nfp_{an36}", "{\n  \"userId\": \"@@h24@@\",\n  \"users\": {\n    \"@@h24@@\": {\n      \"auth\": { \"token\": \"@@S@@\" }\n    }\n  }\n}", "\"auth\""),
    ("vercel-auth-json", "{an24}", "{\n  \"// Note\": \"This is your Vercel credentials file. DO NOT SHARE!\",\n  \"token\": \"@@S@@\"\n}", "\"token\""),
    ("pulumi-credentials-json", "pul-{h40}", "{\n    \"current\": \"https://api.pulumi.com\",\n    \"accessTokens\": {\n        \"https://api.pulumi.com\": \"@@S@@\"\n    }\n}", "accessTokens"),
    ("ngrok-yml-authtoken", "{an27}_{an21}", "version: \"2\"\nauthtoken: @@S@@\nregion: eu", "authtoken"),
    ("openvpn-auth-user-pass-file", "{pw}", "# /etc/openvpn/client/creds.txt (auth-user-pass)\n@@USER@@\n@@S@@", "auth-user-pass"),
    ("pgbouncer-userlist-txt", "{pw}", "\"@@USER@@\" \"@@S@@\"\n\"pgbouncer_admin\" \"md5@@h32@@\"", ""),
    ("postfix-sasl-passwd", "SG.{u22}.{u43}", "[smtp.sendgrid.net]:587 apikey:@@S@@", "apikey:"),
    ("msmtprc-account", "{pw}", "account default\nhost smtp.@@DOM@@\nport 587\nauth on\ntls on\nuser @@EMAIL@@\npassword @@S@@", "password"),
    ("fetchmailrc-poll", "{pw}", "poll imap.@@DOM@@ protocol IMAP user \"@@EMAIL@@\" password \"@@S@@\" ssl", "poll"),
    ("muttrc-smtp-pass", "{pw}", "set smtp_url = \"smtps://@@USER@@@smtp.@@DOM@@:465/\"\nset smtp_pass = \"@@S@@\"", "smtp_pass"),
    ("mbsyncrc-pass", "{pw}", "IMAPAccount work\nHost imap.@@DOM@@\nUser @@EMAIL@@\nPass @@S@@\nSSLType IMAPS", "IMAPAccount"),
    ("filezilla-sitemanager-base64-pass", "{K8SB64}", "<Server>\n  <Host>@@HOST@@</Host>\n  <Port>21</Port>\n  <User>@@USER@@</User>\n  <Pass encoding=\"base64\">@@S@@</Pass>\n</Server>", "<Pass encoding=\"base64\">"),
    ("sbt-credentials-file", "{pw}", "realm=Sonatype Nexus Repository Manager\nhost=nexus.@@DOM@@\nuser=@@USER@@\npassword=@@S@@", "realm="),
    ("age-keys-txt", "{AGE}", "# created: @@TS@@\n# public key: age1@@bech58@@\n@@S@@", "public key"),
    ("mc-config-json-alias", "{an40}", "\"aliases\": {\n  \"minio\": {\n    \"url\": \"http://@@IP@@:9000\",\n    \"accessKey\": \"@@USER@@\",\n    \"secretKey\": \"@@S@@\",\n    \"api\": \"s3v4\"\n  }\n}", "secretKey"),
    ("oci-config-pass-phrase", "{ppw}", "[DEFAULT]\nuser=ocid1.user.oc1..aaaaaaaa@@la52@@\nfingerprint=@@FPCOLON@@\nkey_file=~/.oci/oci_api_key.pem\npass_phrase=@@S@@\nregion=eu-frankfurt-1", "pass_phrase"),
    ("linode-cli-config", "{h64}", "[DEFAULT]\ndefault-user = @@USER@@\n\n[@@USER@@]\ntoken = @@S@@\nregion = us-east", "token ="),
    ("scaleway-config-yaml", "{UUID}", "access_key: SCW@@ua17@@\nsecret_key: @@S@@\ndefault_organization_id: @@UUID2@@\ndefault_region: fr-par", "secret_key"),
    ("hcloud-cli-toml", "{an64}", "active_context = \"prod\"\n\n[[contexts]]\n  name = \"prod\"\n  token = \"@@S@@\"", "[[contexts]]"),
    ("aliyun-cli-config-json", "{an30}", "{\n  \"current\": \"default\",\n  \"profiles\": [{\n    \"name\": \"default\",\n    \"mode\": \"AK\",\n    \"access_key_id\": \"LTAI@@an20@@\",\n    \"access_key_secret\": \"@@S@@\",\n    \"region_id\": \"cn-hangzhou\"\n  }]\n}", "access_key_secret"),
    ("circleci-cli-yml", "CCIPAT_{an22}_{h40}", "host: https://circleci.com\ntoken: @@S@@", "token:"),
    ("sentryclirc-auth", "sntryu_{h64}", "[auth]\ntoken=@@S@@\n\n[defaults]\norg=@@ORG@@\nproject=@@PROJ@@", "[auth]"),
    ("wrangler-user-config-toml", "{u43}", "# ~/.wrangler/config/default.toml\noauth_token = \"@@S@@\"\nexpiration_time = \"@@TS@@\"", "oauth_token"),
    ("firebase-configstore-json", "1//0{u98}", "{\n  \"tokens\": {\n    \"expires_at\": 1709650000000,\n    \"refresh_token\": \"@@S@@\",\n    \"scope\": \"email openid\"\n  }\n}", "refresh_token"),
    ("keepassxc-csv-export", "{pw}", "\"Group\",\"Title\",\"Username\",\"Password\",\"URL\",\"Notes\"\n\"Root\",\"@@PROJ@@ DB\",\"@@USER@@\",\"@@S@@\",\"https://@@HOST@@\",\"\"", "\"Password\""),
    ("ssh-config-with-password-comment", "{pw}", "Host legacy-nas\n  HostName @@IP@@\n  User admin\n  # password auth only, pw: @@S@@\n  PubkeyAuthentication no", "Host legacy-nas"),
    ("jfrog-cli-conf-v2", "cmVmdGtuOjAxOjE3{an48}", "{\n  \"servers\": [{\n    \"url\": \"https://@@ORG@@.jfrog.io/\",\n    \"user\": \"@@USER@@\",\n    \"accessToken\": \"@@S@@\",\n    \"serverId\": \"art1\"\n  }],\n  \"version\": \"6\"\n}", "accessToken"),
]
_emit("credential-file", _CREDFILE, 147)

# ---------------------------------------------------------------- connection-string
_CONN = [
    ("postgres-uri", "{ru20}", "postgres://@@USER@@:@@S@@@@@HOST@@:5432/@@DB@@", ""),
    ("postgresql-uri-sslmode", "{ru20}", "postgresql://@@USER@@:@@S@@@@@HOST@@:5432/@@DB@@?sslmode=verify-full&sslrootcert=/etc/ssl/rds-ca.pem", ""),
    ("postgresql-psycopg-sqlalchemy-url", "{ru16}", "SQLALCHEMY_DATABASE_URI=postgresql+psycopg://@@USER@@:@@S@@@@@HOST@@/@@DB@@", "SQLALCHEMY_DATABASE_URI"),
    ("postgresql-asyncpg-url", "{ru16}", "DATABASE_URL = \"postgresql+asyncpg://@@USER@@:@@S@@@@@HOST@@:5432/@@DB@@\"", "DATABASE_URL"),
    ("libpq-keyword-value", "{pwu}", "host=@@HOST@@ port=5432 dbname=@@DB@@ user=@@USER@@ password=@@S@@ sslmode=require", "password="),
    ("libpq-keyword-quoted-password", "{pw}", "dsn = \"host=@@HOST@@ dbname=@@DB@@ user=@@USER@@ password='@@S@@' connect_timeout=5\"", "dsn"),
    ("mysql-uri", "{ru16}", "mysql://@@USER@@:@@S@@@@@HOST@@:3306/@@DB@@?charset=utf8mb4", ""),
    ("mysql-pymysql-url", "{ru16}", "mysql+pymysql://@@USER@@:@@S@@@@@HOST@@/@@DB@@", ""),
    ("mariadb-uri", "{ru16}", "MARIADB_URL=mariadb://@@USER@@:@@S@@@@@HOST@@:3306/@@DB@@", "MARIADB_URL"),
    ("mysqlx-uri", "{ru16}", "mysqlx://@@USER@@:@@S@@@@@HOST@@:33060/@@DB@@", ""),
    ("mongodb-uri-authsource", "{ru20}", "mongodb://@@USER@@:@@S@@@@@HOST@@:27017,@@HOST2@@:27017/@@DB@@?replicaSet=rs0&authSource=admin", ""),
    ("mongodb-srv-uri", "{an20}", "MONGO_URI=mongodb+srv://@@USER@@:@@S@@@cluster0.@@la5@@.mongodb.net/@@DB@@?retryWrites=true&w=majority", "MONGO_URI"),
    ("redis-uri-password-only", "{an32}", "REDIS_URL=redis://:@@S@@@@@HOST@@:6379/0", "REDIS_URL"),
    ("rediss-uri-user-password", "{an32}", "rediss://default:@@S@@@@@HOST@@:6380", ""),
    ("redis-uri-query-password", "{an32}", "redis://@@HOST@@:6379/2?password=@@S@@&timeout=5s", "password="),
    ("amqp-uri", "{ru16}", "amqp://@@USER@@:@@S@@@@@HOST@@:5672/%2F", ""),
    ("amqps-cloudamqp-uri", "{u32}", "CLOUDAMQP_URL=amqps://@@la8@@:@@S@@@rattlesnake.rmq.cloudamqp.com/@@la8@@", "CLOUDAMQP_URL"),
    ("nats-uri-userinfo", "{ru16}", "nats://@@USER@@:@@S@@@@@HOST@@:4222", ""),
    ("mqtt-uri-userinfo", "{ru16}", "mqtts://@@USER@@:@@S@@@mqtt.@@DOM@@:8883", ""),
    ("clickhouse-uri", "{ru16}", "clickhouse://@@USER@@:@@S@@@@@HOST@@:9440/@@DB@@?secure=true", ""),
    ("couchdb-http-userinfo", "{ru16}", "COUCHDB_URL=http://admin:@@S@@@@@HOST@@:5984/", "COUCHDB_URL"),
    ("elasticsearch-https-userinfo", "{an20}", "ELASTICSEARCH_URL=https://elastic:@@S@@@es.@@DOM@@:9243", "ELASTICSEARCH_URL"),
    ("neo4j-bolt-uri", "{ru16}", "bolt+s://neo4j:@@S@@@@@HOST@@:7687", ""),
    ("cockroachdb-uri-options", "{u22}", "postgresql://@@USER@@:@@S@@@free-tier.gcp-us-central1.cockroachlabs.cloud:26257/defaultdb?sslmode=verify-full&options=--cluster%3D@@PROJ@@-1234", ""),
    ("snowflake-sqlalchemy-url", "{ru16}", "snowflake://@@USER@@:@@S@@@@@ORG@@-xy12345/ANALYTICS/PUBLIC?warehouse=COMPUTE_WH&role=REPORTER", ""),
    ("redshift-jdbc-url-password", "{pwu}", "jdbc:redshift://@@PROJ@@.cxyz12ab.@@REGION@@.redshift.amazonaws.com:5439/dev?user=@@USER@@&password=@@S@@", "jdbc:redshift"),
    ("jdbc-postgresql-password-param", "{pwu}", "jdbc:postgresql://@@HOST@@:5432/@@DB@@?user=@@USER@@&password=@@S@@&ssl=true", "jdbc:postgresql"),
    ("jdbc-mysql-password-param", "{pwu}", "jdbc:mysql://@@HOST@@:3306/@@DB@@?user=@@USER@@&password=@@S@@&useSSL=true", "jdbc:mysql"),
    ("jdbc-sqlserver-semicolon", "{pwu}", "jdbc:sqlserver://@@HOST@@:1433;databaseName=@@DB@@;user=@@USER@@;password=@@S@@;encrypt=true", "jdbc:sqlserver"),
    ("jdbc-oracle-thin-user-slash", "{pwu}", "jdbc:oracle:thin:@@USER@@/@@S@@@//@@HOST@@:1521/ORCLPDB1", "jdbc:oracle:thin"),
    ("oracle-easy-connect", "{pwu}", "@@USER@@/@@S@@@@@HOST@@:1521/XEPDB1", ""),
    ("odbc-sqlserver-driver-string", "{pw}", "Driver={ODBC Driver 18 for SQL Server};Server=tcp:@@HOST@@,1433;Database=@@DB@@;Uid=@@USER@@;Pwd=@@S@@;Encrypt=yes;", "Driver="),
    ("odbc-postgres-dsn-less", "{pw}", "Driver={PostgreSQL Unicode};Server=@@HOST@@;Port=5432;Database=@@DB@@;Uid=@@USER@@;Pwd={@@S@@};", "Driver="),
    ("adonet-sqlserver", "{pw}", "Server=@@HOST@@;Database=@@DB@@;User Id=@@USER@@;Password=@@S@@;MultipleActiveResultSets=true", "Server="),
    ("adonet-azure-sql", "{pw}", "Server=tcp:@@PROJ@@-sql.database.windows.net,1433;Initial Catalog=@@DB@@;Persist Security Info=False;User ID=@@USER@@;Password=@@S@@;Encrypt=True;Connection Timeout=30;", "database.windows.net"),
    ("npgsql-connection-string", "{pw}", "Host=@@HOST@@;Port=5432;Database=@@DB@@;Username=@@USER@@;Password=@@S@@;SSL Mode=Require", "Host="),
    ("mysql-connector-net-pwd", "{pw}", "Server=@@HOST@@;Port=3306;Database=@@DB@@;Uid=@@USER@@;Pwd=@@S@@;SslMode=Required;", "Uid="),
    ("azure-storage-connection-string", "{AZKEY}", "DefaultEndpointsProtocol=https;AccountName=@@PROJ@@store;AccountKey=@@S@@;EndpointSuffix=core.windows.net", "AccountName="),
    ("azure-servicebus-connection-string", "{WGKEY}", "Endpoint=sb://@@PROJ@@-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=@@S@@", "SharedAccessKeyName"),
    ("azure-eventhub-connection-string", "{WGKEY}", "Endpoint=sb://@@PROJ@@-eh.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=@@S@@;EntityPath=telemetry", "EntityPath"),
    ("azure-cosmos-connection-string", "{AZKEY}", "AccountEndpoint=https://@@PROJ@@-cosmos.documents.azure.com:443/;AccountKey=@@S@@;", "AccountEndpoint"),
    ("azure-signalr-connection-string", "{WGKEY}", "Endpoint=https://@@PROJ@@.service.signalr.net;AccessKey=@@S@@;Version=1.0;", "service.signalr.net"),
    ("azure-iothub-connection-string", "{WGKEY}", "HostName=@@PROJ@@-hub.azure-devices.net;SharedAccessKeyName=iothubowner;SharedAccessKey=@@S@@", "azure-devices.net"),
    ("azure-appconfig-connection-string", "{WGKEY}", "Endpoint=https://@@PROJ@@-appcs.azconfig.io;Id=@@an4@@-l0-s0:@@u20@@;Secret=@@S@@", "azconfig.io"),
    ("sqlalchemy-mssql-pyodbc-encoded", "{an16}", "mssql+pyodbc://@@USER@@:@@S@@%21@@@HOST@@:1433/@@DB@@?driver=ODBC+Driver+18+for+SQL+Server", "mssql+pyodbc"),
    ("smtp-uri-userinfo", "{ru16}", "EMAIL_URL=smtp://@@USER@@:@@S@@@smtp.@@DOM@@:587/?tls=True", "EMAIL_URL"),
    ("smtps-uri-apikey", "SG.{u22}.{u43}", "MAILER_DSN=smtps://apikey:@@S@@@smtp.sendgrid.net:465", "MAILER_DSN"),
    ("imap-uri-userinfo", "{ru16}", "imaps://@@USER@@:@@S@@@imap.@@DOM@@:993/INBOX", ""),
    ("ftp-uri-userinfo", "{ru16}", "ftp://@@USER@@:@@S@@@ftp.@@DOM@@/incoming/", ""),
    ("sftp-uri-userinfo", "{ru16}", "sftp://@@USER@@:@@S@@@@@HOST@@:22/uploads", ""),
    ("go-mysql-dsn-tcp", "{pwu}", "@@USER@@:@@S@@@tcp(@@HOST@@:3306)/@@DB@@?parseTime=true&loc=UTC", ""),
    ("celery-broker-redis-url", "{an32}", "CELERY_BROKER_URL=redis://:@@S@@@@@HOST@@:6379/1", "CELERY_BROKER_URL"),
    ("activemq-failover-uri-params", "{pwu}", "failover:(ssl://@@HOST@@:61617)?jms.userName=@@USER@@&jms.password=@@S@@", "jms.password"),
    ("stomp-uri-userinfo", "{ru16}", "stomp+ssl://@@USER@@:@@S@@@b-@@UUID@@-1.mq.@@REGION@@.amazonaws.com:61614", ""),
    ("trino-https-userinfo", "{ru16}", "trino://@@USER@@:@@S@@@trino.@@DOM@@:443/hive/default", ""),
    ("db2-jdbc-url-props", "{pwu}", "jdbc:db2://@@HOST@@:50000/@@DB@@:user=@@USER@@;password=@@S@@;sslConnection=true;", "jdbc:db2"),
    ("sap-hana-jdbc-url", "{pwu}", "jdbc:sap://@@HOST@@:30015/?databaseName=@@DB@@&user=@@USER@@&password=@@S@@", "jdbc:sap"),
    ("influxdb-v1-url-userinfo", "{ru16}", "INFLUX_URL=http://@@USER@@:@@S@@@@@HOST@@:8086/telegraf", "INFLUX_URL"),
    ("memcached-sasl-uri", "{ru16}", "MEMCACHIER_SERVERS=mc1.dev.eu.ec2.memcachier.com:11211\nMEMCACHE_URL=memcached://@@USER@@:@@S@@@mc1.dev.eu.ec2.memcachier.com:11211", "MEMCACHE_URL"),
    ("ldap-bind-url-in-config", "{pwu}", "AUTH_LDAP_SERVER_URI=ldaps://ldap.@@DOM@@\nAUTH_LDAP_BIND_DN=cn=svc-web,ou=svc,dc=corp,dc=example\nAUTH_LDAP_BIND_PASSWORD=@@S@@", "AUTH_LDAP_BIND_PASSWORD"),
    ("kafka-sasl-url-userinfo", "{b64}", "KAFKA_URL=kafka+ssl://@@ua16@@:@@S@@@pkc-@@la5@@.@@REGION@@.aws.confluent.cloud:9092", "KAFKA_URL"),
    ("cassandra-contact-with-creds", "{pwu}", "cassandra://@@USER@@:@@S@@@@@HOST@@:9042/@@DB@@?dc=datacenter1", ""),
    ("vertica-connection-string", "{pw}", "Driver=Vertica;Servername=@@HOST@@;Port=5433;Database=@@DB@@;UID=dbadmin;PWD=@@S@@", "Servername="),
    ("firebird-connection-string", "{pwu}", "User=SYSDBA;Password=@@S@@;Database=/var/lib/firebird/data/@@DB@@.fdb;DataSource=@@HOST@@;Port=3050", "User=SYSDBA"),
]
_emit("connection-string", _CONN, 126)

# ---------------------------------------------------------------- vendor-token
# (format, spec, env var, vendor display name, flags)  flags: "n" = not an HTTP bearer-style token
_VENDORS = [
    ("github-classic-pat", "ghp_{an36}", "GITHUB_TOKEN", "GitHub", ""),
    ("github-oauth-token", "gho_{an36}", "GH_OAUTH_TOKEN", "GitHub", ""),
    ("github-user-to-server-token", "ghu_{an36}", "GITHUB_USER_TOKEN", "GitHub", ""),
    ("github-installation-token", "ghs_{an36}", "GITHUB_APP_INSTALLATION_TOKEN", "GitHub", ""),
    ("github-refresh-token", "ghr_{an76}", "GITHUB_REFRESH_TOKEN", "GitHub", ""),
    ("github-fine-grained-pat", "github_pat_11{ua20}_{an59}", "GH_PAT", "GitHub", ""),
    ("gitlab-pat", "glpat-{u20}", "GITLAB_TOKEN", "GitLab", ""),
    ("gitlab-runner-auth-token", "glrt-{u20}", "RUNNER_TOKEN", "GitLab", "n"),
    ("gitlab-deploy-token", "gldt-{u20}", "GITLAB_DEPLOY_TOKEN", "GitLab", ""),
    ("gitlab-pipeline-trigger-token", "glptt-{h40}", "GITLAB_TRIGGER_TOKEN", "GitLab", ""),
    ("gitlab-feed-token", "glft-{u20}", "GITLAB_FEED_TOKEN", "GitLab", ""),
    ("gitlab-oauth-app-secret", "gloas-{h64}", "GITLAB_OAUTH_SECRET", "GitLab", "n"),
    ("slack-bot-token", "xoxb-{d12}-{d13}-{an24}", "SLACK_BOT_TOKEN", "Slack", ""),
    ("slack-user-token", "xoxp-{d12}-{d12}-{d13}-{h32}", "SLACK_USER_TOKEN", "Slack", ""),
    ("slack-app-level-token", "xapp-1-A{ua10}-{d13}-{h64}", "SLACK_APP_TOKEN", "Slack", ""),
    ("slack-config-refresh-token", "xoxe-1-{u140}", "SLACK_CONFIG_REFRESH_TOKEN", "Slack", ""),
    ("slack-signing-secret", "{h32}", "SLACK_SIGNING_SECRET", "Slack", "n"),
    ("stripe-live-secret-key", "sk_live_51{an96}", "STRIPE_SECRET_KEY", "Stripe", ""),
    ("stripe-legacy-live-secret-key", "sk_live_{an24}", "STRIPE_API_KEY", "Stripe", ""),
    ("stripe-restricted-key", "rk_live_51{an96}", "STRIPE_RESTRICTED_KEY", "Stripe", ""),
    ("stripe-webhook-signing-secret", "whsec_{an32}", "STRIPE_WEBHOOK_SECRET", "Stripe", "n"),
    ("openai-project-key", "sk-proj-{u74}T3BlbkFJ{u74}", "OPENAI_API_KEY", "OpenAI", ""),
    ("openai-legacy-user-key", "sk-{an20}T3BlbkFJ{an20}", "OPENAI_KEY", "OpenAI", ""),
    ("openai-service-account-key", "sk-svcacct-{u74}T3BlbkFJ{u74}", "OPENAI_SVC_KEY", "OpenAI", ""),
    ("anthropic-api-key", "sk-ant-api03-{u93}AA", "ANTHROPIC_API_KEY", "Anthropic", ""),
    ("anthropic-admin-key", "sk-ant-admin01-{u93}AA", "ANTHROPIC_ADMIN_KEY", "Anthropic", ""),
    ("aws-secret-access-key", "{b40}", "AWS_SECRET_ACCESS_KEY", "AWS", "n"),
    ("aws-session-token", "{AWSSESSION}", "AWS_SESSION_TOKEN", "AWS", "n"),
    ("aws-bedrock-api-key", "ABSK{b120}", "AWS_BEARER_TOKEN_BEDROCK", "Bedrock", ""),
    ("google-api-key", "AIza{u35}", "GOOGLE_API_KEY", "Google Maps", ""),
    ("google-oauth-client-secret", "GOCSPX-{u28}", "GOOGLE_CLIENT_SECRET", "Google", "n"),
    ("google-oauth-refresh-token", "1//0{u98}", "GOOGLE_REFRESH_TOKEN", "Google", "n"),
    ("google-oauth-access-token", "ya29.a0{u170}", "GOOGLE_ACCESS_TOKEN", "Google", ""),
    ("gemini-api-key", "AIza{u35}", "GEMINI_API_KEY", "Gemini", ""),
    ("azure-storage-account-key", "{AZKEY}", "AZURE_STORAGE_KEY", "Azure Storage", "n"),
    ("azure-ad-client-secret", "{AZSEC}", "AZURE_CLIENT_SECRET", "Azure AD", "n"),
    ("azure-devops-pat", "{zl52}", "AZURE_DEVOPS_PAT", "Azure DevOps", ""),
    ("azure-openai-key", "{h32}", "AZURE_OPENAI_API_KEY", "Azure OpenAI", ""),
    ("azure-cognitive-services-key", "{an84}", "AZURE_SPEECH_KEY", "Azure Speech", ""),
    ("twilio-auth-token", "{h32}", "TWILIO_AUTH_TOKEN", "Twilio", "n"),
    ("twilio-api-key-secret", "{an32}", "TWILIO_API_SECRET", "Twilio", "n"),
    ("sendgrid-api-key", "SG.{u22}.{u43}", "SENDGRID_API_KEY", "SendGrid", ""),
    ("mailgun-private-key", "key-{h32}", "MAILGUN_API_KEY", "Mailgun", ""),
    ("mailgun-webhook-signing-key", "{h32}", "MAILGUN_WEBHOOK_SIGNING_KEY", "Mailgun", "n"),
    ("mailchimp-api-key", "{h32}-us{d2}", "MAILCHIMP_API_KEY", "Mailchimp", ""),
    ("mandrill-api-key", "md-{u22}", "MANDRILL_KEY", "Mandrill", ""),
    ("postmark-server-token", "{UUID}", "POSTMARK_SERVER_TOKEN", "Postmark", ""),
    ("npm-automation-token", "npm_{an36}", "NPM_TOKEN", "npm", ""),
    ("pypi-upload-token", "pypi-AgEIcHlwaS5vcmcCJD{u150}", "TWINE_PASSWORD", "PyPI", "n"),
    ("dockerhub-pat", "dckr_pat_{u27}", "DOCKERHUB_TOKEN", "Docker Hub", ""),
    ("dockerhub-org-access-token", "dckr_oat_{u32}", "DOCKER_OAT", "Docker Hub", ""),
    ("heroku-api-key-hrku", "HRKU-AA{u58}", "HEROKU_API_KEY", "Heroku", ""),
    ("digitalocean-pat", "dop_v1_{h64}", "DIGITALOCEAN_TOKEN", "DigitalOcean", ""),
    ("digitalocean-oauth-token", "doo_v1_{h64}", "DO_OAUTH_TOKEN", "DigitalOcean", ""),
    ("digitalocean-refresh-token", "dor_v1_{h64}", "DO_REFRESH_TOKEN", "DigitalOcean", "n"),
    ("digitalocean-spaces-secret", "{b43}", "SPACES_SECRET_KEY", "DigitalOcean Spaces", "n"),
    ("shopify-admin-access-token", "shpat_{h32}", "SHOPIFY_ACCESS_TOKEN", "Shopify", ""),
    ("shopify-shared-secret", "shpss_{h32}", "SHOPIFY_API_SECRET", "Shopify", "n"),
    ("shopify-custom-app-token", "shpca_{h32}", "SHOPIFY_CUSTOM_APP_TOKEN", "Shopify", ""),
    ("shopify-private-app-password", "shppa_{h32}", "SHOPIFY_PASSWORD", "Shopify", ""),
    ("atlassian-api-token", "ATATT3xFfGF0{u170}={H8}", "JIRA_API_TOKEN", "Jira", ""),
    ("bitbucket-app-password", "ATBB{an28}{H8}", "BITBUCKET_APP_PASSWORD", "Bitbucket", ""),
    ("linear-api-key", "lin_api_{an40}", "LINEAR_API_KEY", "Linear", ""),
    ("notion-integration-secret-legacy", "secret_{an43}", "NOTION_TOKEN", "Notion", ""),
    ("notion-integration-token-ntn", "ntn_{d11}{an35}", "NOTION_API_KEY", "Notion", ""),
    ("airtable-pat", "pat{an14}.{h64}", "AIRTABLE_TOKEN", "Airtable", ""),
    ("asana-pat", "2/{d16}/{d16}:{h32}", "ASANA_PAT", "Asana", ""),
    ("hubspot-private-app-token", "pat-na1-{UUID}", "HUBSPOT_ACCESS_TOKEN", "HubSpot", ""),
    ("datadog-api-key", "{h32}", "DD_API_KEY", "Datadog", ""),
    ("datadog-app-key", "{h40}", "DD_APP_KEY", "Datadog", ""),
    ("newrelic-user-api-key", "NRAK-{ua27}", "NEW_RELIC_API_KEY", "New Relic", ""),
    ("newrelic-license-key", "{h36}NRAL", "NEW_RELIC_LICENSE_KEY", "New Relic", "n"),
    ("newrelic-insert-key", "NRII-{u32}", "NEW_RELIC_INSERT_KEY", "New Relic", ""),
    ("sentry-user-auth-token", "sntryu_{h64}", "SENTRY_AUTH_TOKEN", "Sentry", ""),
    ("sentry-org-auth-token", "sntrys_eyJpYXQiOjE3{u120}", "SENTRY_ORG_TOKEN", "Sentry", ""),
    ("grafana-service-account-token", "glsa_{an32}_{h8}", "GRAFANA_SA_TOKEN", "Grafana", ""),
    ("grafana-cloud-access-policy-token", "glc_eyJvIjoi{u120}", "GRAFANA_CLOUD_TOKEN", "Grafana Cloud", ""),
    ("vault-service-token", "hvs.{u90}", "VAULT_TOKEN", "Vault", ""),
    ("vault-batch-token", "hvb.{u130}", "VAULT_BATCH_TOKEN", "Vault", ""),
    ("terraform-cloud-token", "{an14}.atlasv1.{an67}", "TFE_TOKEN", "Terraform Cloud", ""),
    ("doppler-personal-token", "dp.pt.{an43}", "DOPPLER_TOKEN", "Doppler", ""),
    ("doppler-service-token", "dp.st.prd.{an43}", "DOPPLER_SERVICE_TOKEN", "Doppler", ""),
    ("pulumi-access-token", "pul-{h40}", "PULUMI_ACCESS_TOKEN", "Pulumi", ""),
    ("netlify-pat", "nfp_{an36}", "NETLIFY_AUTH_TOKEN", "Netlify", ""),
    ("vercel-token", "{an24}", "VERCEL_TOKEN", "Vercel", ""),
    ("flyio-macaroon-token", "FlyV1 fm2_{b240}", "FLY_API_TOKEN", "Fly.io", "nq"),
    ("cloudflare-api-token", "{u40}", "CLOUDFLARE_API_TOKEN", "Cloudflare", ""),
    ("cloudflare-global-api-key", "{h37}", "CF_API_KEY", "Cloudflare", ""),
    ("cloudflare-origin-ca-key", "v1.0-{h24}-{h146}", "CF_ORIGIN_CA_KEY", "Cloudflare", ""),
    ("algolia-admin-key", "{h32}", "ALGOLIA_ADMIN_KEY", "Algolia", ""),
    ("mapbox-secret-token", "sk.eyJ1Ijoi{u60}.{u22}", "MAPBOX_SECRET_TOKEN", "Mapbox", ""),
    ("discord-bot-token", "M{u25}.{u6}.{u38}", "DISCORD_BOT_TOKEN", "Discord", "n"),
    ("telegram-bot-token", "{d10}:AA{u33}", "TELEGRAM_BOT_TOKEN", "Telegram", "n"),
    ("okta-api-token", "00{u40}", "OKTA_API_TOKEN", "Okta", ""),
    ("auth0-client-secret", "{u64}", "AUTH0_CLIENT_SECRET", "Auth0", "n"),
    ("auth0-management-token", "{JWTRS}", "AUTH0_MGMT_TOKEN", "Auth0", ""),
    ("firebase-fcm-legacy-server-key", "AAAA{u7}:APA91b{u134}", "FCM_SERVER_KEY", "Firebase", ""),
    ("square-access-token", "EAAA{u60}", "SQUARE_ACCESS_TOKEN", "Square", ""),
    ("square-oauth-secret", "sq0csp-{u43}", "SQUARE_APP_SECRET", "Square", "n"),
    ("braintree-access-token", "access_token$production${la16}${h32}", "BRAINTREE_ACCESS_TOKEN", "Braintree", ""),
    ("paypal-client-secret", "E{u79}", "PAYPAL_CLIENT_SECRET", "PayPal", "n"),
    ("plaid-secret", "{h30}", "PLAID_SECRET", "Plaid", "n"),
    ("databricks-pat", "dapi{h32}", "DATABRICKS_TOKEN", "Databricks", ""),
    ("huggingface-user-token", "hf_{an34}", "HF_TOKEN", "Hugging Face", ""),
    ("replicate-api-token", "r8_{an37}", "REPLICATE_API_TOKEN", "Replicate", ""),
    ("cohere-api-key", "{an40}", "COHERE_API_KEY", "Cohere", ""),
    ("mistral-api-key", "{an32}", "MISTRAL_API_KEY", "Mistral", ""),
    ("groq-api-key", "gsk_{an52}", "GROQ_API_KEY", "Groq", ""),
    ("perplexity-api-key", "pplx-{an48}", "PERPLEXITY_API_KEY", "Perplexity", ""),
    ("together-api-key", "{h64}", "TOGETHER_API_KEY", "Together", ""),
    ("deepseek-api-key", "sk-{h32}", "DEEPSEEK_API_KEY", "DeepSeek", ""),
    ("xai-api-key", "xai-{an80}", "XAI_API_KEY", "xAI", ""),
    ("elevenlabs-api-key", "sk_{h48}", "ELEVENLABS_API_KEY", "ElevenLabs", ""),
    ("pinecone-api-key", "pcsk_{an6}_{an63}", "PINECONE_API_KEY", "Pinecone", ""),
    ("langsmith-api-key", "lsv2_pt_{h32}_{h10}", "LANGSMITH_API_KEY", "LangSmith", ""),
    ("openrouter-api-key", "sk-or-v1-{h64}", "OPENROUTER_API_KEY", "OpenRouter", ""),
    ("fireworks-api-key", "fw_{an24}", "FIREWORKS_API_KEY", "Fireworks", ""),
    ("voyage-api-key", "pa-{u43}", "VOYAGE_API_KEY", "Voyage", ""),
    ("supabase-service-role-jwt", "{JWT}", "SUPABASE_SERVICE_ROLE_KEY", "Supabase", ""),
    ("supabase-pat", "sbp_{h40}", "SUPABASE_ACCESS_TOKEN", "Supabase", ""),
    ("supabase-secret-key", "sb_secret_{u31}", "SUPABASE_SECRET_KEY", "Supabase", ""),
    ("planetscale-service-token", "pscale_tkn_{u43}", "PLANETSCALE_SERVICE_TOKEN", "PlanetScale", ""),
    ("planetscale-password", "pscale_pw_{u43}", "DATABASE_PASSWORD", "PlanetScale", "n"),
    ("neon-api-key", "napi_{la64}", "NEON_API_KEY", "Neon", ""),
    ("render-api-key", "rnd_{an32}", "RENDER_API_KEY", "Render", ""),
    ("railway-token", "{UUID}", "RAILWAY_TOKEN", "Railway", ""),
    ("circleci-pat", "CCIPAT_{an22}_{h40}", "CIRCLECI_TOKEN", "CircleCI", ""),
    ("buildkite-api-token", "bkua_{h40}", "BUILDKITE_API_TOKEN", "Buildkite", ""),
    ("buildkite-agent-token", "{h50}", "BUILDKITE_AGENT_TOKEN", "Buildkite", "n"),
    ("sonarqube-user-token", "squ_{h40}", "SONAR_TOKEN", "SonarQube", ""),
    ("sonarqube-project-token", "sqp_{h40}", "SONAR_PROJECT_TOKEN", "SonarQube", ""),
    ("snyk-api-token", "{UUID}", "SNYK_TOKEN", "Snyk", ""),
    ("jfrog-api-key", "AKCp{an69}", "ARTIFACTORY_API_KEY", "JFrog", ""),
    ("jfrog-reference-token", "cmVmdGtuOjAxOjE3{an48}", "JFROG_ACCESS_TOKEN", "JFrog", ""),
    ("nuget-api-key", "oy2{zl43}", "NUGET_API_KEY", "NuGet", ""),
    ("rubygems-api-key", "rubygems_{h48}", "GEM_HOST_API_KEY", "RubyGems", ""),
    ("crates-io-token", "cio{an32}", "CARGO_REGISTRY_TOKEN", "crates.io", ""),
    ("sourcegraph-access-token", "sgp_{h16}_{h40}", "SRC_ACCESS_TOKEN", "Sourcegraph", ""),
    ("postman-api-key", "PMAK-{h24}-{h34}", "POSTMAN_API_KEY", "Postman", ""),
    ("figma-pat", "figd_{u40}", "FIGMA_TOKEN", "Figma", ""),
    ("contentful-management-token", "CFPAT-{u43}", "CONTENTFUL_MANAGEMENT_TOKEN", "Contentful", ""),
    ("sanity-api-token", "sk{an80}", "SANITY_API_TOKEN", "Sanity", ""),
    ("typeform-pat", "tfp_{u44}_{u14}", "TYPEFORM_TOKEN", "Typeform", ""),
    ("intercom-access-token", "dG9rOj{b54}=", "INTERCOM_ACCESS_TOKEN", "Intercom", ""),
    ("zendesk-api-token", "{an40}", "ZENDESK_API_TOKEN", "Zendesk", ""),
    ("twitch-oauth-token", "oauth:{la30}", "TWITCH_OAUTH", "Twitch", "n"),
    ("twitter-bearer-token", "AAAAAAAAAAAAAAAAAAAAA{an20}%3D{an50}", "TWITTER_BEARER_TOKEN", "Twitter", ""),
    ("meta-graph-access-token", "EAA{an180}", "META_ACCESS_TOKEN", "Meta Graph", ""),
    ("dropbox-short-lived-token", "sl.u.{u150}", "DROPBOX_ACCESS_TOKEN", "Dropbox", ""),
    ("box-developer-token", "{an32}", "BOX_DEVELOPER_TOKEN", "Box", ""),
    ("mattermost-pat", "{la26}", "MATTERMOST_TOKEN", "Mattermost", ""),
    ("age-secret-key", "{AGE}", "SOPS_AGE_KEY", "age", "n"),
    ("onepassword-service-account-token", "ops_eyJzaWduSW5BZGRyZXNzIjoi{u220}", "OP_SERVICE_ACCOUNT_TOKEN", "1Password", "n"),
    ("bitwarden-secrets-manager-token", "0.{UUID}.{an30}:{b22}==", "BWS_ACCESS_TOKEN", "Bitwarden", "n"),
    ("infisical-service-token", "st.{UUID}.{h32}.{h32}", "INFISICAL_TOKEN", "Infisical", ""),
    ("launchdarkly-sdk-key", "sdk-{UUID}", "LAUNCHDARKLY_SDK_KEY", "LaunchDarkly", ""),
    ("launchdarkly-api-token", "api-{UUID}", "LD_API_TOKEN", "LaunchDarkly", ""),
    ("segment-write-key", "{an32}", "SEGMENT_WRITE_KEY", "Segment", "n"),
    ("mixpanel-api-secret", "{h32}", "MIXPANEL_API_SECRET", "Mixpanel", "n"),
    ("rollbar-access-token", "{h32}", "ROLLBAR_ACCESS_TOKEN", "Rollbar", ""),
    ("honeycomb-ingest-key", "hcaik_01{la24}{la32}", "HONEYCOMB_API_KEY", "Honeycomb", ""),
    ("dynatrace-api-token", "dt0c01.{ua24}.{ua64}", "DT_API_TOKEN", "Dynatrace", ""),
    ("elastic-cloud-api-key", "essu_{b100}", "EC_API_KEY", "Elastic Cloud", ""),
    ("opsgenie-api-key", "{UUID}", "OPSGENIE_API_KEY", "Opsgenie", ""),
    ("pagerduty-api-key", "u+{u18}", "PAGERDUTY_TOKEN", "PagerDuty", ""),
    ("confluent-cloud-api-secret", "{b64}", "CONFLUENT_CLOUD_API_SECRET", "Confluent", "n"),
    ("upstash-redis-rest-token", "A{u70}=", "UPSTASH_REDIS_REST_TOKEN", "Upstash", ""),
    ("pusher-app-secret", "{h20}", "PUSHER_APP_SECRET", "Pusher", "n"),
    ("ably-api-key", "{u6}.{u6}:{u43}", "ABLY_API_KEY", "Ably", "n"),
    ("vonage-api-secret", "{an16}", "VONAGE_API_SECRET", "Vonage", "n"),
    ("plivo-auth-token", "{an40}", "PLIVO_AUTH_TOKEN", "Plivo", "n"),
    ("telnyx-api-key", "KEY{H32}_{an22}", "TELNYX_API_KEY", "Telnyx", ""),
    ("onesignal-rest-api-key", "os_v2_app_{zl100}", "ONESIGNAL_REST_API_KEY", "OneSignal", ""),
    ("expo-access-token", "{u40}", "EXPO_TOKEN", "Expo", ""),
    ("openweathermap-api-key", "{h32}", "OWM_API_KEY", "OpenWeatherMap", ""),
    ("alchemy-api-key", "{u32}", "ALCHEMY_API_KEY", "Alchemy", ""),
    ("infura-api-key-secret", "{h32}", "INFURA_API_KEY_SECRET", "Infura", "n"),
    ("etherscan-api-key", "{ua34}", "ETHERSCAN_API_KEY", "Etherscan", ""),
    ("ethereum-private-key-hex", "0x{h64}", "DEPLOYER_PRIVATE_KEY", "Hardhat", "n"),
    ("coingecko-pro-key", "CG-{an25}", "COINGECKO_API_KEY", "CoinGecko", ""),
    ("lob-live-api-key", "live_{h35}", "LOB_API_KEY", "Lob", ""),
    ("easypost-production-key", "EZAK{h54}", "EASYPOST_API_KEY", "EasyPost", ""),
    ("shippo-live-token", "shippo_live_{h40}", "SHIPPO_API_TOKEN", "Shippo", ""),
    ("klaviyo-private-key", "pk_{h34}", "KLAVIYO_PRIVATE_KEY", "Klaviyo", ""),
    ("mailjet-secret-key", "{h32}", "MJ_APIKEY_PRIVATE", "Mailjet", "n"),
    ("brevo-api-key", "xkeysib-{h64}-{an16}", "BREVO_API_KEY", "Brevo", ""),
    ("resend-api-key", "re_{an8}_{an24}", "RESEND_API_KEY", "Resend", ""),
    ("gocardless-live-token", "live_{u40}", "GOCARDLESS_ACCESS_TOKEN", "GoCardless", ""),
    ("mollie-live-key", "live_{an30}", "MOLLIE_API_KEY", "Mollie", ""),
    ("razorpay-key-secret", "{an24}", "RAZORPAY_KEY_SECRET", "Razorpay", "n"),
    ("paystack-secret-key", "sk_live_{h40}", "PAYSTACK_SECRET_KEY", "Paystack", ""),
    ("flutterwave-secret-key", "FLWSECK-{h32}-X", "FLW_SECRET_KEY", "Flutterwave", ""),
    ("paddle-api-key", "pdl_live_apikey_01{la24}_{an22}_{an3}", "PADDLE_API_KEY", "Paddle", ""),
    ("chargebee-api-key", "live_{an34}", "CHARGEBEE_API_KEY", "Chargebee", ""),
    ("adyen-api-key", "AQE{u180}", "ADYEN_API_KEY", "Adyen", ""),
    ("wordpress-application-password", "{WPAPP}", "WP_APP_PASSWORD", "WordPress", "nq"),
    ("ghost-admin-api-key", "{h24}:{h64}", "GHOST_ADMIN_API_KEY", "Ghost", "n"),
    ("strapi-api-token", "{h256}", "STRAPI_API_TOKEN", "Strapi", ""),
    ("hcaptcha-secret", "0x{h40}", "HCAPTCHA_SECRET", "hCaptcha", "n"),
    ("recaptcha-secret-key", "6L{u38}", "RECAPTCHA_SECRET_KEY", "reCAPTCHA", "n"),
    ("turnstile-secret-key", "0x4AAAAAAA{u22}", "TURNSTILE_SECRET_KEY", "Turnstile", "n"),
    ("yandex-oauth-token", "y0_AgAAAAA{u50}", "YANDEX_OAUTH_TOKEN", "Yandex", ""),
    ("alibaba-access-key-secret", "{an30}", "ALIBABA_CLOUD_ACCESS_KEY_SECRET", "Alibaba Cloud", "n"),
    ("tencent-secret-key", "{an32}", "TENCENTCLOUD_SECRET_KEY", "Tencent Cloud", "n"),
    ("ibm-cloud-api-key", "{u44}", "IBMCLOUD_API_KEY", "IBM Cloud", ""),
    ("linode-pat", "{h64}", "LINODE_TOKEN", "Linode", ""),
    ("vultr-api-key", "{ua36}", "VULTR_API_KEY", "Vultr", ""),
    ("hetzner-cloud-token", "{an64}", "HCLOUD_TOKEN", "Hetzner", ""),
    ("scaleway-secret-key", "{UUID}", "SCW_SECRET_KEY", "Scaleway", "n"),
    ("ovh-application-secret", "{an32}", "OVH_APPLICATION_SECRET", "OVHcloud", "n"),
    ("backblaze-application-key", "K005{u27}", "B2_APPLICATION_KEY", "Backblaze", "n"),
    ("cloudflare-r2-secret-access-key", "{h64}", "R2_SECRET_ACCESS_KEY", "Cloudflare R2", "n"),
    ("sumologic-access-key", "{an64}", "SUMOLOGIC_ACCESSKEY", "Sumo Logic", "n"),
    ("splunk-hec-token", "{UUID}", "SPLUNK_HEC_TOKEN", "Splunk", ""),
    ("jenkins-api-token", "11{h32}", "JENKINS_API_TOKEN", "Jenkins", "n"),
    ("drone-ci-token", "{an32}", "DRONE_TOKEN", "Drone", ""),
    ("clickup-api-token", "pk_{d8}_{ua32}", "CLICKUP_API_TOKEN", "ClickUp", ""),
    ("trello-api-token", "ATTA{h64}{H8}", "TRELLO_TOKEN", "Trello", "n"),
    ("todoist-api-token", "{h40}", "TODOIST_API_TOKEN", "Todoist", ""),
    ("monday-api-token", "{JWT}", "MONDAY_API_TOKEN", "monday.com", ""),
    ("salesforce-access-token", "00D{an12}!{u96}", "SF_ACCESS_TOKEN", "Salesforce", ""),
    ("salesforce-security-token", "{an24}", "SF_SECURITY_TOKEN", "Salesforce", "n"),
    ("zoho-refresh-token", "1000.{h32}.{h32}", "ZOHO_REFRESH_TOKEN", "Zoho", "n"),
    ("pipedrive-api-token", "{h40}", "PIPEDRIVE_API_TOKEN", "Pipedrive", ""),
    ("keycloak-client-secret", "{an32}", "KEYCLOAK_CLIENT_SECRET", "Keycloak", "n"),
    ("duo-secret-key", "{an40}", "DUO_SKEY", "Duo", "n"),
    ("clerk-secret-key", "sk_live_{an40}", "CLERK_SECRET_KEY", "Clerk", ""),
    ("stytch-secret", "secret-live-{u36}=", "STYTCH_SECRET", "Stytch", "n"),
    ("workos-api-key", "sk_live_{an22}{an25}", "WORKOS_API_KEY", "WorkOS", ""),
    ("tailscale-auth-key", "tskey-auth-{an17}-{an33}", "TS_AUTHKEY", "Tailscale", "n"),
    ("tailscale-api-key", "tskey-api-{an17}-{an33}", "TAILSCALE_API_KEY", "Tailscale", ""),
    ("ngrok-authtoken", "{an27}_{an21}", "NGROK_AUTHTOKEN", "ngrok", "n"),
    ("ngrok-api-key", "{an27}_{an21}", "NGROK_API_KEY", "ngrok", ""),
    ("octopus-deploy-api-key", "API-{ua26}", "OCTOPUS_API_KEY", "Octopus Deploy", ""),
    ("harness-pat", "pat.{u22}.{h24}.{an20}", "HARNESS_API_KEY", "Harness", ""),
    ("deepgram-api-key", "{h40}", "DEEPGRAM_API_KEY", "Deepgram", ""),
    ("assemblyai-api-key", "{h32}", "ASSEMBLYAI_API_KEY", "AssemblyAI", ""),
    ("stability-api-key", "sk-{an48}", "STABILITY_API_KEY", "Stability", ""),
    ("modal-token-secret", "as-{an22}", "MODAL_TOKEN_SECRET", "Modal", "n"),
    ("wandb-api-key", "{h40}", "WANDB_API_KEY", "Weights & Biases", ""),
    ("browserstack-access-key", "{an20}", "BROWSERSTACK_ACCESS_KEY", "BrowserStack", "n"),
    ("saucelabs-access-key", "{UUID}", "SAUCE_ACCESS_KEY", "Sauce Labs", "n"),
    ("cypress-record-key", "{UUID}", "CYPRESS_RECORD_KEY", "Cypress", "n"),
    ("percy-token", "web_{h64}", "PERCY_TOKEN", "Percy", ""),
    ("codecov-upload-token", "{UUID}", "CODECOV_TOKEN", "Codecov", ""),
    ("coveralls-repo-token", "{an33}", "COVERALLS_REPO_TOKEN", "Coveralls", "n"),
    ("fastly-api-token", "{u32}", "FASTLY_API_TOKEN", "Fastly", ""),
    ("bunny-api-key", "{UUID}{UUID}", "BUNNY_API_KEY", "bunny.net", ""),
    ("imagekit-private-key", "private_{u28}=", "IMAGEKIT_PRIVATE_KEY", "ImageKit", "n"),
    ("uploadthing-secret", "sk_live_{h64}", "UPLOADTHING_SECRET", "UploadThing", ""),
    ("convex-deploy-key", "prod:{l8}-{l6}-{d3}|{u80}", "CONVEX_DEPLOY_KEY", "Convex", "n"),
    ("turso-auth-token", "{JWT}", "TURSO_AUTH_TOKEN", "Turso", ""),
    ("fauna-secret", "fnAE{u36}", "FAUNA_SECRET", "Fauna", ""),
    ("prefect-api-key", "pnu_{an36}", "PREFECT_API_KEY", "Prefect", ""),
    ("dagster-cloud-token", "user:{h32}", "DAGSTER_CLOUD_API_TOKEN", "Dagster", ""),
    ("readme-api-key", "rdme_{la70}", "README_API_KEY", "ReadMe", ""),
    ("bitly-access-token", "{h40}", "BITLY_TOKEN", "Bitly", ""),
    ("calendly-pat", "{JWT}", "CALENDLY_TOKEN", "Calendly", ""),
    ("docusign-secret-key", "{UUID}", "DOCUSIGN_SECRET_KEY", "DocuSign", "n"),
    ("adobe-client-secret", "p8e-{u32}", "ADOBE_CLIENT_SECRET", "Adobe", "n"),
    ("frameio-token", "fio-u-{u64}", "FRAMEIO_TOKEN", "Frame.io", ""),
    ("gitter-token", "{h40}", "GITTER_TOKEN", "Gitter", ""),
    ("mux-token-secret", "{b75}", "MUX_TOKEN_SECRET", "Mux", "n"),
    ("cloudinary-api-secret", "{u27}", "CLOUDINARY_API_SECRET", "Cloudinary", "n"),
    ("meilisearch-master-key", "{u32}", "MEILI_MASTER_KEY", "Meilisearch", ""),
    ("typesense-admin-key", "{an32}", "TYPESENSE_API_KEY", "Typesense", ""),
    ("qdrant-api-key", "{u48}", "QDRANT_API_KEY", "Qdrant", ""),
    ("weaviate-api-key", "{an40}", "WEAVIATE_API_KEY", "Weaviate", ""),
]

_VCTX = [
    ("export @@VAR@@=@@S@@", "u"),
    ("# .env.local\n@@VAR@@=\"@@S@@\"\nNEXT_PUBLIC_APP_URL=http://localhost:3000", ""),
    ("curl -sS https://@@VDOM@@/v1/ping -H \"Authorization: Bearer @@S@@\"", "h"),
    ("@@VARL@@: @@S@@   # @@VEND@@ (prod)", ""),
    ("Rotated the @@VEND@@ credential after the offboarding; new value is @@S@@ and it's already in the CI settings.", ""),
    ("client = @@CLS@@(api_key=\"@@S@@\", timeout=30)", ""),
    ("{\n  \"@@VARL@@\": \"@@S@@\",\n  \"region\": \"@@REGION@@\"\n}", ""),
    ("gh secret set @@VAR@@ --env production --body \"@@S@@\"", ""),
    ("docker run --rm -e @@VAR@@=@@S@@ ghcr.io/@@ORG@@/@@PROJ@@-worker:latest", "u"),
    ("$ echo $@@VAR@@\n@@S@@", ""),
    ("DEBUG http.client: send: b'GET /v2/status HTTP/1.1\\r\\nHost: @@VDOM@@\\r\\nAuthorization: Bearer @@S@@\\r\\n\\r\\n'", "h"),
    ("kubectl create secret generic @@VSLUG@@-credentials --from-literal=@@VARL@@=@@S@@ -n @@PROJ@@", "u"),
    ("const client = new @@CLS@@({ apiKey: '@@S@@' });", ""),
    ("os.Setenv(\"@@VAR@@\", \"@@S@@\")", ""),
    ("pasted from the @@VEND@@ dashboard (Settings -> API):\n\n@@S@@\n\nscoped to read+write, no expiry", ""),
    ("variable \"@@VARL@@\" {\n  type    = string\n  default = \"@@S@@\"\n}", ""),
    ("[@@VSLUG@@]\n@@VARL@@ = \"@@S@@\"\nenabled = true", ""),
    ("GET https://@@VDOM@@/v1/items?limit=50&api_key=@@S@@ -> 200 (412ms)", "h"),
    ("set -gx @@VAR@@ @@S@@", "u"),
    ("$env:@@VAR@@ = '@@S@@'", ""),
    ("@@VEND@@ key for staging is @@S@@ - prod one is in vault", ""),
    ("heroku config:set @@VAR@@=@@S@@ -a @@PROJ@@", "u"),
    ("ENV @@VAR@@=@@S@@", "u"),
    ("<add key=\"@@VAR@@\" value=\"@@S@@\" />", ""),
    ("        - name: @@VAR@@\n          value: \"@@S@@\"", ""),
    ("settings.@@VARL@@ = '@@S@@'  # TODO: load from secrets manager", ""),
    ("fly secrets set @@VAR@@=@@S@@ --app @@PROJ@@", "u"),
    ("ERROR @@VSLUG@@-sync: upstream returned 401 Unauthorized (credential=@@S@@, retry in 30s)", ""),
    ("| @@VAR@@ | `@@S@@` | staging only |", ""),
    ("@@S@@", ""),
]


def _emit_vendors(target):
    counts = _counts(len(_VENDORS), target)
    k = 0
    for (fmt, spec, var, vend, flags), n in zip(_VENDORS, counts):
        for _ in range(n):
            while True:
                ctx, cflags = _VCTX[(k * 7) % len(_VCTX)]
                k += 1
                if "n" in flags and "h" in cflags:
                    continue
                if "q" in flags and "u" in cflags:
                    continue
                if ctx == "@@S@@" and spec.startswith("{"):
                    continue
                break
            s = _gen(spec)
            slug = _re.sub(r"[^a-z0-9]+", "-", vend.lower()).strip("-")
            cls = _re.sub(r"[^A-Za-z0-9]", "", vend) + "Client"
            dom = "api." + _re.sub(r"[^a-z0-9.]", "", vend.lower().replace(" ", "")) + (".com" if "." not in vend else "")
            text = ctx.replace("@@VARL@@", var.lower()).replace("@@VAR@@", var).replace("@@VEND@@", vend)
            text = text.replace("@@VSLUG@@", slug).replace("@@CLS@@", cls).replace("@@VDOM@@", dom)
            text = _fill(text, s)
            if ctx == "@@S@@":
                vis = ""
            elif "@@VAR@@" in ctx:
                vis = var
            elif "@@VARL@@" in ctx:
                vis = var.lower()
            elif "@@VEND@@" in ctx:
                vis = vend
            elif "Authorization" in ctx:
                vis = "Authorization"
            elif "api_key" in ctx:
                vis = "api_key"
            else:
                vis = ""
            SECRETS.append(("vendor-token", fmt, text, s, vis))


_emit_vendors(315)

# ---------------------------------------------------------------- id-beside-secret
_IDPAIR = [
    ("aws-console-access-key-csv", "{b40}", "Access key ID,Secret access key\n@@AKID@@,@@S@@", "Access key ID"),
    ("aws-keypair-unlabeled-space", "{b40}", "@@AKID@@ @@S@@", ""),
    ("aws-keypair-unlabeled-colon", "{b40}", "@@AKID@@:@@S@@", ""),
    ("aws-iam-user-credentials-csv", "{b40}", "User name,Password,Access key ID,Secret access key,Console login link\n@@USER@@,,@@AKID@@,@@S@@,https://@@d12@@.signin.aws.amazon.com/console", "Secret access key"),
    ("aws-keypair-two-lines-unlabeled", "{b40}", "new keys for the backup job:\n@@AKID@@\n@@S@@", "new keys"),
    ("oauth-client-id-secret-labeled", "{u40}", "client_id: @@UUID@@\nclient_secret: @@S@@", "client_id"),
    ("oauth-client-id-secret-slash", "{u40}", "@@UUID@@ / @@S@@", ""),
    ("github-oauth-app-id-secret", "{h40}", "Client ID: Iv1.@@h16@@\nClient secret: @@S@@", "Client secret"),
    ("google-oauth-client-json", "GOCSPX-{u28}", "{\"web\":{\"client_id\":\"@@d12@@-@@la32@@.apps.googleusercontent.com\",\"project_id\":\"@@PROJ@@\",\"auth_uri\":\"https://accounts.google.com/o/oauth2/auth\",\"client_secret\":\"@@S@@\"}}", "client_secret"),
    ("twilio-sid-token-labeled", "{h32}", "Account SID: AC@@h32@@\nAuth Token: @@S@@", "Auth Token"),
    ("twilio-sid-token-colon", "{h32}", "AC@@h32@@:@@S@@", ""),
    ("user-slash-password-notes", "{pw}", "staging admin login: @@USER@@ / @@S@@", "staging admin login"),
    ("user-colon-password-creds", "{pw}", "creds @@USER@@:@@S@@ (shared account, ask before using)", "creds"),
    ("username-password-two-lines", "{pw}", "username: @@USER@@\npassword: @@S@@", "username"),
    ("email-tab-password-spreadsheet", "{pw}", "@@EMAIL@@\t@@S@@\tvendor portal", ""),
    ("markdown-table-user-password", "{pw}", "| env | user | password |\n|-----|------|----------|\n| staging | @@USER@@ | @@S@@ |", "| env | user | password |"),
    ("algolia-appid-admin-key", "{h32}", "Application ID: @@ua10@@\nAdmin API Key: @@S@@", "Admin API Key"),
    ("pusher-app-credentials", "{h20}", "app_id = \"@@d7@@\"\nkey = \"@@h20@@\"\nsecret = \"@@S@@\"\ncluster = \"eu\"", "secret"),
    ("razorpay-key-id-secret", "{an24}", "key_id: rzp_live_@@an14@@\nkey_secret: @@S@@", "key_secret"),
    ("paypal-client-id-secret", "E{u79}", "Client ID: A@@u79@@\nSecret: @@S@@", "Secret"),
    ("cloudinary-name-key-secret", "{u27}", "Cloud name: @@PROJ@@\nAPI Key: @@d15@@\nAPI Secret: @@S@@", "API Secret"),
    ("alibaba-accesskey-pair", "{an30}", "AccessKey ID: LTAI@@an20@@\nAccessKey Secret: @@S@@", "AccessKey Secret"),
    ("tencent-secretid-secretkey", "{an32}", "SecretId: AKID@@an32@@\nSecretKey: @@S@@", "SecretKey"),
    ("scaleway-access-secret", "{UUID}", "Access Key: SCW@@ua17@@\nSecret Key: @@S@@", "Secret Key"),
    ("backblaze-keyid-appkey", "K005{u27}", "keyID: 005@@h22@@\nkeyName: @@PROJ@@-backup\napplicationKey: @@S@@", "applicationKey"),
    ("confluent-api-key-secret", "{b64}", "API key: @@ua16@@\nAPI secret: @@S@@", "API secret"),
    ("duo-ikey-skey-host", "{an40}", "Integration key: DI@@ua18@@\nSecret key: @@S@@\nAPI hostname: api-@@h8@@.duosecurity.com", "Secret key"),
    ("keycloak-client-oneline", "{an32}", "clientId=@@PROJ@@-svc clientSecret=@@S@@", "clientSecret"),
    ("azure-sp-appid-password-tenant", "{AZSEC}", "appId @@UUID@@ password @@S@@ tenant @@UUID2@@", "appId"),
    ("hmac-access-key-signature-secret", "{u43}", "X-Access-Key: @@ua20@@\nX-Signature-Secret: @@S@@", "X-Signature-Secret"),
    ("wifi-ssid-wpa2-pair", "{ppw}", "SSID: Office-5G / WPA2: @@S@@", "SSID"),
    ("db-user-pass-inline-kv", "{pwu}", "user=@@USER@@ pass=@@S@@ host=@@HOST@@", "pass="),
    ("python-tuple-repr-keypair", "{b40}", "('@@AKID@@', '@@S@@')", ""),
    ("json-key-secret-pair", "{u48}", "{\"key\": \"@@an20@@\", \"secret\": \"@@S@@\"}", "\"secret\""),
    ("csv-client-id-secret-header", "{u40}", "name,client_id,client_secret\n@@PROJ@@,@@UUID@@,@@S@@", "client_secret"),
    ("ldap-bind-dn-password", "{pw}", "bind DN cn=svc-jira,ou=svc,dc=corp,dc=example / @@S@@", "bind DN"),
    ("mqtt-user-pw-casual", "{pwu}", "MQTT user @@USER@@, pw @@S@@", "MQTT user"),
    ("vnc-host-password", "{spw}", "VNC @@IP@@:5901 pw @@S@@", "VNC"),
    ("sftp-login-parenthesized-password", "{pw}", "sftp @@USER@@@@@HOST@@ (password: @@S@@)", "sftp"),
    ("twitter-consumer-key-secret", "{an50}", "API Key: @@an25@@\nAPI Key Secret: @@S@@", "API Key Secret"),
    ("trello-key-token-query", "ATTA{h64}{H8}", "https://api.trello.com/1/members/me/boards?key=@@h32@@&token=@@S@@", "api.trello.com"),
    ("mailjet-public-private-pair", "{h32}", "MJ_APIKEY_PUBLIC=@@h32@@\nMJ_APIKEY_PRIVATE=@@S@@", "MJ_APIKEY_PRIVATE"),
    ("vonage-key-secret-inline", "{an16}", "api_key: @@h8@@  api_secret: @@S@@", "api_secret"),
    ("plaid-client-id-secret", "{h30}", "client_id=@@h24@@ secret=@@S@@ env=sandbox", "secret="),
    ("okta-app-id-secret-dashes", "{u40}", "Org URL https://@@ORG@@.okta.com - client id 0oa@@an17@@ - secret @@S@@", "client id"),
    ("auth0-domain-client-secret", "{u64}", "Domain: @@ORG@@.eu.auth0.com\nClient ID: @@an32@@\nClient Secret: @@S@@", "Client Secret"),
    ("prose-pair-plus-sign", "{b40}", "sent @@USER@@ the pair @@AKID@@ + @@S@@ over Signal, delete after", "sent"),
    ("azure-storage-account-name-key", "{AZKEY}", "account: @@PROJ@@store\nkey: @@S@@", "account:"),
    ("minio-root-user-password", "{an40}", "MINIO_ROOT_USER=@@USER@@\nMINIO_ROOT_PASSWORD=@@S@@", "MINIO_ROOT_PASSWORD"),
    ("ssh-host-user-pass-oneline", "{pw}", "host @@IP@@ user root pass @@S@@", "host"),
    ("sftp-csv-export", "{pw}", "Host,Port,User,Password\n@@HOST@@,22,@@USER@@,@@S@@", "Host,Port,User,Password"),
    ("browser-password-export-csv", "{pw}", "name,url,username,password\n@@DOM@@,https://@@DOM@@/login,@@EMAIL@@,@@S@@", "name,url,username,password"),
    ("bitwarden-json-export-item", "{pw}", "{\"type\":1,\"name\":\"@@PROJ@@ admin\",\"login\":{\"username\":\"@@USER@@\",\"password\":\"@@S@@\",\"uris\":[{\"uri\":\"https://admin.@@DOM@@\"}]}}", "\"login\""),
    ("router-admin-credentials", "{spw}", "router @@IP@@ -> admin / @@S@@ (changed from default)", "router"),
    ("hmac-key-id-secret-colon-space", "{h64}", "key id: @@h16@@ secret: @@S@@", "key id"),
    ("gcs-hmac-access-secret", "{b40}", "Access key: GOOG1E@@ua55@@\nSecret: @@S@@", "Secret"),
    ("oauth-consumer-pair-arrow", "{u43}", "@@PROJ@@-integration => id=@@UUID@@, secret=@@S@@", "secret="),
    ("database-account-arrow-list", "{pw}", "- reporting DB: @@USER@@ -> @@S@@", "reporting DB"),
]
_emit("id-beside-secret", _IDPAIR, 126)

# ---------------------------------------------------------------- log-and-error
_LOGS = [
    ("python-traceback-dsn-in-message", "{ru16}", "Traceback (most recent call last):\n  File \"/srv/app/db.py\", line 41, in connect\n    return psycopg2.connect(dsn)\npsycopg2.OperationalError: connection to server at \"@@HOST@@\" (@@IP@@), port 5432 failed: FATAL:  password authentication failed for user \"@@USER@@\"\n  (dsn=postgresql://@@USER@@:@@S@@@@@HOST@@:5432/@@DB@@)", "psycopg2.OperationalError"),
    ("sqlalchemy-error-engine-url", "{ru16}", "sqlalchemy.exc.OperationalError: (pymysql.err.OperationalError) (1045, \"Access denied for user '@@USER@@'@'@@IP@@' (using password: YES)\")\n(Background on this error at: https://sqlalche.me/e/20/e3q8)\nengine url: mysql+pymysql://@@USER@@:@@S@@@@@HOST@@/@@DB@@", "sqlalchemy.exc.OperationalError"),
    ("curl-verbose-bearer-request", "{JWTRS}", "> GET /api/v1/namespaces HTTP/2\n> Host: @@IP@@:6443\n> user-agent: curl/8.5.0\n> accept: */*\n> authorization: Bearer @@S@@\n>\n< HTTP/2 403\n< content-type: application/json", "authorization: Bearer"),
    ("curl-verbose-basic-request", "{BASICB64}", "* Connected to registry.@@DOM@@ (@@IP@@) port 443\n> GET /v2/_catalog HTTP/1.1\n> Host: registry.@@DOM@@\n> Authorization: Basic @@S@@\n> User-Agent: curl/8.5.0\n>\n< HTTP/1.1 200 OK", "Authorization: Basic"),
    ("nginx-access-log-query-token", "{u40}", "@@IP@@ - - [05/Mar/2024:10:12:44 +0000] \"GET /api/export?token=@@S@@&fmt=csv HTTP/1.1\" 200 5123 \"-\" \"python-requests/2.31.0\"", "GET /api/export"),
    ("apache-access-log-apikey-param", "{h32}", "@@IP@@ - - [12/Feb/2024:08:01:13 +0100] \"GET /geo/v1/lookup?ip=8.8.8.8&apikey=@@S@@ HTTP/1.1\" 200 311", "apikey="),
    ("python-logging-headers-dict", "{u43}", "DEBUG:urllib3.connectionpool:https://api.@@DOM@@:443 \"POST /v2/charges HTTP/1.1\" 401 87\nDEBUG:app.client:sent headers {'Authorization': 'Bearer @@S@@', 'Content-Type': 'application/json'}", "sent headers"),
    ("java-exception-hikari-jdbc-url", "{pwu}", "org.postgresql.util.PSQLException: FATAL: password authentication failed for user \"@@USER@@\"\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)\n\tat com.zaxxer.hikari.pool.HikariPool.checkFailFast(HikariPool.java:562)\nHikariPool-1 - jdbcUrl=jdbc:postgresql://@@HOST@@:5432/@@DB@@?user=@@USER@@&password=@@S@@", "PSQLException"),
    ("node-axios-error-config-dump", "{u43}", "AxiosError: Request failed with status code 401\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://api.@@DOM@@/v1/messages',\n    method: 'post',\n    headers: { Authorization: 'Bearer @@S@@', 'User-Agent': 'axios/1.6.7' },", "AxiosError"),
    ("go-panic-with-dsn", "{pwu}", "panic: dial tcp @@IP@@:5432: connect: connection refused (dsn=\"host=@@HOST@@ user=@@USER@@ password=@@S@@ dbname=@@DB@@ sslmode=disable\")\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/cmd/api/main.go:42 +0x1c5", "panic:"),
    ("ruby-faraday-error-url-api-key", "{h32}", "Faraday::UnauthorizedError: the server responded with status 401 for GET https://api.@@DOM@@/v1/users?api_key=@@S@@\n  from /usr/local/bundle/gems/faraday-2.9.0/lib/faraday/response/raise_error.rb:30", "Faraday::UnauthorizedError"),
    ("log-slack-webhook-url", "{an24}", "INFO notifier: posting to https://hooks.slack.com/services/T@@ua8@@/B@@ua10@@/@@S@@ (status=200, 143ms)", "notifier"),
    ("http-error-discord-webhook-url", "{u68}", "requests.exceptions.HTTPError: 404 Client Error: Not Found for url: https://discord.com/api/webhooks/@@d18@@/@@S@@", "requests.exceptions.HTTPError"),
    ("teams-incoming-webhook-log", "{h32}", "WARN alerts: teams webhook https://@@ORG@@.webhook.office.com/webhookb2/@@UUID@@@@@UUID2@@/IncomingWebhook/@@S@@/@@UUID3@@ returned 429", "teams webhook"),
    ("s3-presigned-url-signature", "{h64}", "GET https://@@PROJ@@-uploads.s3.@@REGION@@.amazonaws.com/exports/report.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=@@AKID@@%2F20240305%2F@@REGION@@%2Fs3%2Faws4_request&X-Amz-Date=20240305T101244Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=@@S@@", "X-Amz-Signature"),
    ("gcs-signed-url-signature", "{h512}", "downloading https://storage.googleapis.com/@@PROJ@@-exports/dump.sql.gz?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=signer%40@@PROJ@@.iam.gserviceaccount.com%2F20240305%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20240305T101244Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=@@S@@", "X-Goog-Signature"),
    ("azure-blob-sas-url-sig", "{SASSIG}", "Restoring from https://@@PROJ@@store.blob.core.windows.net/backups/db.bak?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2024-04-01T00:00:00Z&st=2024-03-05T00:00:00Z&spr=https&sig=@@S@@", "sig="),
    ("cloudfront-signed-url-signature", "{cf172}", "https://d1@@la12@@.cloudfront.net/videos/intro.mp4?Expires=1709650000&Signature=@@S@@&Key-Pair-Id=K@@ua13@@", "Signature="),
    ("process-env-dump-on-crash", "key-{h32}", "Fatal error, dumping environment:\n  PATH=/usr/local/bin:/usr/bin\n  MAILGUN_KEY=@@S@@\n  PYTHONPATH=/app\n  TZ=UTC", "dumping environment"),
    ("sentry-breadcrumb-http-url", "{u40}", "{\"category\":\"http\",\"data\":{\"method\":\"POST\",\"url\":\"https://api.@@DOM@@/oauth/token?client_secret=@@S@@&grant_type=client_credentials\",\"status_code\":400},\"level\":\"error\"}", "client_secret="),
    ("celery-banner-transport-url", "{ru16}", " -------------- celery@worker-1 v5.3.6 (emerald-rush)\n- ** ---------- .> app:         tasks:0x7f3c\n- ** ---------- .> transport:   amqp://@@USER@@:@@S@@@@@HOST@@:5672//\n- ** ---------- .> results:     redis://@@HOST2@@:6379/1", "transport:"),
    ("django-debug-page-settings-leak", "sk_live_{an24}", "STRIPE\t{'private': '@@S@@', 'webhook_tolerance': 300}\nSTATIC_URL\t'/static/'", "STRIPE"),
    ("gha-log-echo-hardcoded", "{an40}", "Run echo \"Deploying with token @@S@@\"\n  echo \"Deploying with token @@S@@\"\n  shell: /usr/bin/bash -e {0}\nDeploying with token @@S@@", "Deploying with token"),
    ("gitlab-job-log-private-token", "glpat-{u20}", "$ curl --header \"PRIVATE-TOKEN: @@S@@\" \"https://gitlab.@@DOM@@/api/v4/projects/@@N@@/pipelines\"\n{\"message\":\"401 Unauthorized\"}\nERROR: Job failed: exit code 1", "PRIVATE-TOKEN"),
    ("raw-http-request-form-body", "{pwu}", "POST /api/v1/login HTTP/1.1\nHost: @@DOM@@\nContent-Type: application/x-www-form-urlencoded\nContent-Length: 52\n\nusername=@@USER@@&password=@@S@@&remember=1", "POST /api/v1/login"),
    ("http-request-cookie-session", "{u64}", "GET /admin/users HTTP/1.1\nHost: admin.@@DOM@@\nCookie: _session_id=@@S@@; locale=en\nAccept: text/html", "Cookie:"),
    ("curl-verbose-set-cookie", "{u86}", "< HTTP/2 302\n< location: /dashboard\n< set-cookie: sid=@@S@@; Path=/; HttpOnly; Secure; SameSite=Lax\n< content-length: 0", "set-cookie"),
    ("browser-console-websocket-token", "{JWT}", "WebSocket connection to 'wss://rt.@@DOM@@/socket?access_token=@@S@@' failed: Error during WebSocket handshake: Unexpected response code: 403", "WebSocket connection"),
    ("browser-console-maps-key-403", "AIza{u35}", "GET https://maps.googleapis.com/maps/api/geocode/json?address=Berlin&key=@@S@@ 403 (Forbidden)", "maps.googleapis.com"),
    ("openai-style-auth-error-message", "sk-{h32}", "openai.AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect API key provided: @@S@@. You can find your API key at https://platform.deepseek.com/api_keys.', 'type': 'invalid_request_error'}}", "AuthenticationError"),
    ("terraform-plan-unmarked-password", "{pw}", "  # aws_db_instance.main will be created\n  + resource \"aws_db_instance\" \"main\" {\n      + engine   = \"postgres\"\n      + password = \"@@S@@\"\n      + username = \"@@USER@@\"\n    }", "aws_db_instance.main"),
    ("ansible-verbose-loop-item", "{pw}", "<@@IP@@> ESTABLISH SSH CONNECTION FOR USER: deploy\nok: [db-01] => (item={'name': '@@USER@@', 'password': '@@S@@', 'priv': '*.*:ALL'})", "ESTABLISH SSH CONNECTION"),
    ("buildkit-log-clone-token", "ghs_{an36}", "#7 [builder 3/6] RUN git clone https://x-access-token:@@S@@@github.com/@@ORG@@/private-lib.git\n#7 0.412 Cloning into 'private-lib'...\n#7 DONE 1.9s", "git clone"),
    ("npm-err-registry-url-creds", "{an32}", "npm ERR! code E404\nnpm ERR! 404 Not Found - GET https://@@USER@@:@@S@@@nexus.@@DOM@@/repository/npm-group/@%2f@@PROJ@@ - not_found", "npm ERR!"),
    ("pip-log-extra-index-creds", "{an24}", "Looking in indexes: https://pypi.org/simple, https://@@USER@@:@@S@@@pypi.@@DOM@@/simple\nCollecting internal-utils==2.3.1", "Looking in indexes"),
    ("git-fatal-unable-to-access-url", "ATBB{an28}{H8}", "fatal: unable to access 'https://@@USER@@:@@S@@@bitbucket.org/@@ORG@@/@@PROJ@@.git/': The requested URL returned error: 403", "fatal: unable to access"),
    ("smtplib-debug-auth-plain", "{AUTHPLAIN}", "send: 'ehlo [127.0.1.1]\\r\\n'\nreply: b'250-smtp.@@DOM@@\\r\\n'\nsend: 'AUTH PLAIN @@S@@\\r\\n'\nreply: b'235 2.7.0 Authentication successful\\r\\n'", "AUTH PLAIN"),
    ("redis-auth-error-with-url", "{an32}", "redis.exceptions.AuthenticationError: invalid username-password pair or user is disabled. (url=redis://default:@@S@@@@@HOST@@:6379/0)", "redis.exceptions.AuthenticationError"),
    ("mongo-server-selection-error-uri", "{an20}", "MongoServerSelectionError: connect ECONNREFUSED @@IP@@:27017\n    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38)\n  uri: 'mongodb+srv://@@USER@@:@@S@@@cluster0.@@la5@@.mongodb.net/@@DB@@?retryWrites=true'", "MongoServerSelectionError"),
    ("json-structured-log-headers", "{an32}", "{\"level\":\"debug\",\"ts\":\"@@TS@@\",\"msg\":\"outbound request\",\"method\":\"POST\",\"url\":\"https://api.@@DOM@@/v1/send\",\"headers\":{\"X-Api-Key\":\"@@S@@\"}}", "outbound request"),
    ("logfmt-token-field", "{u40}", "time=@@TS@@ level=debug msg=\"calling upstream\" url=https://api.@@DOM@@ token=@@S@@ attempt=1", "calling upstream"),
    ("php-pdo-stack-trace-args", "{pw}", "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user '@@USER@@'@'localhost' (using password: YES) in /var/www/html/db.php:12\nStack trace:\n#0 /var/www/html/db.php(12): PDO->__construct('mysql:host=@@HOST@@...', '@@USER@@', '@@S@@')\n#1 {main}", "PDOException"),
    ("spring-actuator-env-property", "{pw}", "\"spring.datasource.password\": {\n  \"value\": \"@@S@@\",\n  \"origin\": \"class path resource [application-prod.yml] - 12:17\"\n}", "spring.datasource.password"),
    ("dotnet-sqlexception-connstring", "{pw}", "System.Data.SqlClient.SqlException (0x80131904): Login failed for user '@@USER@@'.\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)\nConnectionString: Server=@@HOST@@;Database=@@DB@@;User Id=@@USER@@;Password=@@S@@;", "SqlException"),
    ("jenkins-console-docker-login", "{an40}", "[Pipeline] sh\n+ docker login -u @@USER@@ -p @@S@@ registry.@@DOM@@\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded", "[Pipeline] sh"),
    ("cloud-init-random-password-log", "{an16}", "cloud-init[1234]: ci-info: ++++++++++Authorized keys from /home/ubuntu/.ssh/authorized_keys for user ubuntu++++++++++\ncloud-init[1234]: Set the following 'random' passwords\ncloud-init[1234]: root:@@S@@", "random' passwords"),
    ("graphql-request-log-variables", "{pw}", "POST /graphql {\"operationName\":\"Login\",\"variables\":{\"email\":\"@@EMAIL@@\",\"password\":\"@@S@@\"},\"query\":\"mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { token } }\"}", "operationName"),
    ("har-entry-authorization-header", "{u43}", "{\n  \"name\": \"authorization\",\n  \"value\": \"Bearer @@S@@\"\n},", "\"name\": \"authorization\""),
    ("firebase-debug-log-refresh-token", "1//0{u98}", "[debug] [2024-03-05T10:12:44.100Z] >>> [apiv2][body] POST https://www.googleapis.com/oauth2/v3/token {\"refresh_token\":\"@@S@@\",\"grant_type\":\"refresh_token\"}", "[debug]"),
    ("mysql-general-log-create-user", "{pw}", "2024-03-05T10:12:44.123456Z\t   42 Query\tCREATE USER 'app'@'%' IDENTIFIED BY '@@S@@'", "IDENTIFIED BY"),
    ("postgres-log-statement-alter-user", "{pw}", "2024-03-05 10:12:44.123 UTC [4122] postgres@@@DB@@ LOG:  statement: ALTER USER @@USER@@ PASSWORD '@@S@@'", "LOG:  statement"),
    ("bash-xtrace-curl-user", "{pwu}", "+ curl -s -u admin:@@S@@ http://localhost:15672/api/overview\n+ jq .rabbitmq_version", "+ curl"),
    ("helm-debug-user-supplied-values", "{pw}", "USER-SUPPLIED VALUES:\nauth:\n  password: @@S@@\n  username: @@USER@@\nprimary:\n  persistence:\n    size: 20Gi", "USER-SUPPLIED VALUES"),
    ("ci-env-dump-partially-masked", "npm_{an36}", "GITHUB_TOKEN=***\nNODE_AUTH_TOKEN=***\nNPM_TOKEN=@@S@@\nRUNNER_OS=Linux", "NPM_TOKEN"),
    ("rails-log-parameters-api-key", "{h40}", "Started POST \"/api/v1/hooks\" for @@IP@@ at 2024-03-05 10:12:44 +0000\n  Parameters: {\"user\"=>{\"email\"=>\"@@EMAIL@@\", \"password\"=>\"[FILTERED]\"}, \"integration_token\"=>\"@@S@@\"}", "Parameters:"),
    ("laravel-log-request-url", "{an32}", "[2024-03-05 10:12:44] production.ERROR: Client error: `GET https://api.@@DOM@@/v2/rates?apikey=@@S@@` resulted in a `401 Unauthorized` response", "production.ERROR"),
    ("k8s-event-imagepull-auth", "{BASICB64}", "Warning  Failed  12s  kubelet  Failed to pull image \"registry.@@DOM@@/@@PROJ@@:@@SSHA@@\": failed to resolve reference: pulling from host registry.@@DOM@@ failed with status code [manifests @@SSHA@@]: 401 Unauthorized (auth header: Basic @@S@@)", "Failed to pull image"),
    ("docker-daemon-debug-registry-auth", "{an40}", "level=debug msg=\"Trying to pull registry.@@DOM@@/base:3.19\" auth=\"{Username:robot Password:@@S@@ ServerAddress:registry.@@DOM@@}\"", "Trying to pull"),
    ("paypal-sdk-debug-log", "E{u79}", "DEBUG paypalrestsdk.api: Request[POST]: https://api-m.paypal.com/v1/oauth2/token client_id=A@@u79@@ client_secret=@@S@@", "paypalrestsdk"),
    ("webhook-delivery-log-secret-query", "{h40}", "Webhook delivery failed: POST https://ci.@@DOM@@/generic-webhook-trigger/invoke?token=@@S@@ -> 502 Bad Gateway (attempt 3/5)", "Webhook delivery failed"),
    ("grpc-metadata-debug-dump", "{u43}", "grpc: metadata sent: map[authorization:[Bearer @@S@@] user-agent:[grpc-go/1.62.0] x-request-id:[@@UUID@@]]", "metadata sent"),
    ("supervisor-stderr-config-echo", "{an40}", "worker-01 | [config] loaded: {'api_url': 'https://api.@@DOM@@', 'api_key': '@@S@@', 'batch': 500}", "[config] loaded"),
    ("kubectl-apply-error-last-applied", "{K8SB64}", "Error from server (Invalid): error when applying patch:\n{\"data\":{\"password\":\"@@S@@\"},\"metadata\":{\"annotations\":{\"kubectl.kubernetes.io/last-applied-configuration\":\"...\"}}}\nto:\nResource: \"/v1, Resource=secrets\"", "error when applying patch"),
    ("vault-audit-log-unhashed", "hvs.{u90}", "{\"type\":\"request\",\"auth\":{\"client_token\":\"@@S@@\",\"policies\":[\"ci\"]},\"request\":{\"path\":\"secret/data/@@PROJ@@\",\"operation\":\"read\"}}", "client_token"),
]
_emit("log-and-error", _LOGS, 147)

# ---------------------------------------------------------------- prose
_PROSE = [
    ("prose-en-pw-for-db-casual", "{pw}", "the pw for the staging db is @@S@@ - don't commit it", "the pw for the staging db"),
    ("prose-en-creds-slash", "{pw}", "creds: @@USER@@ / @@S@@ (read-only, expires end of sprint)", "creds:"),
    ("prose-en-use-to-log-in", "{pw}", "Use @@S@@ to log in to the Grafana admin until SSO is fixed.", "Grafana admin"),
    ("prose-en-rotated-new-key", "SG.{u22}.{u43}", "FYI I rotated the Sendgrid key, new one: @@S@@", "rotated the Sendgrid key"),
    ("prose-en-note-to-self-admin-pw", "{pw}", "Note to self: jenkins admin password = @@S@@, reset after the demo on Thursday.", "jenkins admin password"),
    ("prose-en-pasting-token-here", "{u43}", "Pasting the token here so I don't lose it: @@S@@\nNext: wire it into the nightly export job.", "Pasting the token here"),
    ("prose-en-root-password-quoted", "{pw}", "Ops said the root password on the bastion is '@@S@@' for now; they'll rotate it Monday.", "root password on the bastion"),
    ("prose-en-slack-quote-api-key", "{an40}", "Slack from @@USER@@: \"try the API key @@S@@, it has write scope\"", "try the API key"),
    ("prose-en-decision-service-account-key", "{h40}", "Decision: keep using the shared service account (key @@S@@) until the IAM migration lands.", "Decision:"),
    ("prose-en-next-steps-numbered", "{pw}", "Next steps:\n1) log in as admin with @@S@@\n2) create the read-only role\n3) revoke the temp password", "Next steps:"),
    ("prose-en-blocked-regenerated-token", "{an40}", "Blocked: deploy failed because REGISTRY_TOKEN expired; generated a new one (@@S@@) and updated the CI variables.", "REGISTRY_TOKEN expired"),
    ("prose-en-office-wifi-btw", "{ppw}", "wifi password in the office is @@S@@ btw", "wifi password"),
    ("prose-en-passwords-capital-letter", "{pw}", "the password's @@S@@ - capital first letter, no spaces", "the password's"),
    ("prose-en-vendor-portal-arrow", "{pw}", "Login for the vendor portal -> user @@EMAIL@@, pass @@S@@", "vendor portal"),
    ("prose-en-signing-key-passphrase", "{ppw}", "Passphrase for the release signing key: @@S@@", "Passphrase"),
    ("prose-en-dm-secret-rotate-after", "{h64}", "He DM'd me the webhook secret: @@S@@. Asked him to rotate it after we verify the signatures.", "webhook secret"),
    ("prose-en-ticket-customer-shared-token", "{u40}", "Ticket OPS-@@N@@: customer pasted their API token (@@S@@) in the support thread; need to scrub it from Zendesk.", "Ticket OPS-"),
    ("prose-en-remember-db-sentence", "{pw}", "Remember: DB is @@HOST@@, user @@USER@@, password @@S@@.", "Remember: DB is"),
    ("prose-en-set-admin-password", "{pw}", "I set the admin password to @@S@@ on the new cluster, will move it to 1Password tonight.", "set the admin password to"),
    ("prose-en-demo-account-just", "{spw}", "For the demo account the password is just @@S@@.", "demo account"),
    ("prose-en-temp-creds-expire", "{u32}", "temp creds (expire friday): @@S@@", "temp creds"),
    ("prose-en-mailgun-if-needed", "key-{h32}", "our mailgun api key is @@S@@ if you need to test locally", "mailgun api key"),
    ("prose-en-markdown-notes-basic-auth", "{pw}", "## Notes\n- staging URL: https://staging.@@DOM@@\n- basic auth: preview / @@S@@\n- feature flag: new_checkout", "basic auth"),
    ("prose-en-qa-what-is-token", "{an32}", "Q: what's the token for the metrics endpoint?\nA: @@S@@ (header X-Metrics-Token)", "X-Metrics-Token"),
    ("prose-en-goal-statement-with-key", "{an32}", "Goal: get the weather widget working again. The old key was revoked; the new OpenWeather key is @@S@@.", "OpenWeather key"),
    ("prose-en-handoff-message", "{pw}", "Handoff for tomorrow: the SFTP box (@@HOST@@) still uses password auth - @@USER@@ / @@S@@. Key-based auth is ticket INFRA-@@N@@.", "Handoff"),
    ("prose-en-parenthetical-pw", "{spw}", "Logged into the router (pw @@S@@) and opened port 8443 for the demo.", "router"),
    ("prose-en-chat-log-timestamped", "{pw}", "[10:42] @@USER@@: what's the pgadmin login?\n[10:43] ops: admin@@@DOM@@ / @@S@@\n[10:43] @@USER@@: thx", "pgadmin login"),
    ("prose-en-email-forward", "{pw}", "---------- Forwarded message ---------\nSubject: Your new account\n\nHi, your temporary password is @@S@@. You will be asked to change it on first login.", "temporary password"),
    ("prose-en-todo-with-secret", "{b40}", "TODO: remove the hardcoded secret (@@S@@) from deploy/upload.sh before the repo goes public", "TODO: remove the hardcoded secret"),
    ("prose-en-error-seen-with-key", "{an32}", "Saw 403s all morning; turns out I was using the sandbox key @@S@@ against prod.", "sandbox key"),
    ("prose-en-passcode-colon", "{d8}", "Conference bridge passcode: @@S@@ (admin PIN, don't share with externals)", "passcode"),
    ("prose-en-secret-in-quotes-lowercase", "{u40}", "client secret is \"@@S@@\" - the one ending in the old tenant was revoked", "client secret is"),
    ("prose-en-master-password-vault", "{ppw}", "KeePass master password for the team vault: @@S@@", "master password"),
    ("prose-en-git-note", "{an40}", "Heads up: commit @@SSHA@@ accidentally included our Sentry token (@@S@@). Rewrote history and rotated.", "Sentry token"),
    ("prose-en-recovery-codes", "{la5}-{la5}", "2FA recovery codes for the shared admin: @@S@@ (others in the safe)", "recovery codes"),
    ("prose-en-sms-verification-not", "{pw}", "Confirmed the DB restore worked. Used superuser 'postgres' with password @@S@@; will rotate once the migration is signed off.", "superuser"),
    ("prose-en-bullet-creds-list", "{pw}", "* Jenkins: @@USER@@ / @@S@@\n* Artifactory: SSO\n* Grafana: SSO", "Jenkins:"),
    ("prose-en-inline-code-backticks", "{an40}", "Set `DEPLOY_TOKEN` to `@@S@@` in the repo settings and re-run the pipeline.", "DEPLOY_TOKEN"),
    ("prose-en-lowercase-casual-key", "{h32}", "ok so the key is @@S@@ and the account is @@N@@", "the key is"),
    ("prose-de-passwort-testserver", "{pw}", "Das Passwort f\u00fcr den Testserver ist @@S@@, bitte nicht weitergeben.", "Das Passwort"),
    ("prose-de-zugangsdaten", "{pw}", "Zugangsdaten f\u00fcr das Staging: Benutzer @@USER@@, Kennwort @@S@@", "Zugangsdaten"),
    ("prose-de-api-schluessel", "{an40}", "Neuer API-Schl\u00fcssel: @@S@@ (der alte wurde widerrufen)", "API-Schl\u00fcssel"),
    ("prose-fr-mot-de-passe", "{pw}", "Le mot de passe de la base de staging est @@S@@.", "mot de passe"),
    ("prose-fr-identifiants", "{pw}", "Identifiants : @@USER@@ / @@S@@ (\u00e0 changer apr\u00e8s la d\u00e9mo)", "Identifiants"),
    ("prose-fr-jeton-acces", "{u40}", "Voici le jeton d'acc\u00e8s : @@S@@, il expire demain.", "jeton d'acc\u00e8s"),
    ("prose-es-contrasena-servidor", "{pw}", "La contrase\u00f1a del servidor es @@S@@", "contrase\u00f1a"),
    ("prose-es-clave-api", "{an32}", "Te paso la clave de la API: @@S@@", "clave de la API"),
    ("prose-es-usuario-contrasena", "{pw}", "usuario: @@USER@@ contrase\u00f1a: @@S@@", "contrase\u00f1a:"),
    ("prose-pt-senha-banco", "{pw}", "A senha do banco \u00e9 @@S@@, troca depois do deploy.", "senha do banco"),
    ("prose-pt-token-acesso", "{u40}", "Token de acesso novo: @@S@@", "Token de acesso"),
    ("prose-it-password-admin", "{pw}", "La password dell'admin \u00e8 @@S@@", "password dell'admin"),
    ("prose-it-ecco-token", "{an40}", "Ecco il token per la CI: @@S@@", "token per la CI"),
    ("prose-nl-wachtwoord-vpn", "{pw}", "Het wachtwoord van de VPN is @@S@@", "wachtwoord"),
    ("prose-pl-haslo-do-bazy", "{pw}", "Has\u0142o do bazy: @@S@@ (tymczasowe)", "Has\u0142o do bazy"),
    ("prose-ru-parol-server", "{pw}", "\u041f\u0430\u0440\u043e\u043b\u044c \u043e\u0442 \u0441\u0435\u0440\u0432\u0435\u0440\u0430: @@S@@", "\u041f\u0430\u0440\u043e\u043b\u044c"),
    ("prose-ru-token-api", "{an40}", "\u0422\u043e\u043a\u0435\u043d \u0434\u043b\u044f API: @@S@@, \u043d\u0435 \u043a\u043e\u043c\u043c\u0438\u0442\u044c \u0435\u0433\u043e", "\u0422\u043e\u043a\u0435\u043d \u0434\u043b\u044f API"),
    ("prose-ja-staging-db-password", "{pw}", "\u30b9\u30c6\u30fc\u30b8\u30f3\u30b0DB\u306e\u30d1\u30b9\u30ef\u30fc\u30c9\u306f @@S@@ \u3067\u3059\u3002", "\u30d1\u30b9\u30ef\u30fc\u30c9"),
    ("prose-ja-api-key-caution", "{an40}", "API\u30ad\u30fc: @@S@@\uff08\u672c\u756a\u7528\u306a\u306e\u3067\u6ce8\u610f\uff09", "API\u30ad\u30fc"),
    ("prose-zh-db-password", "{pw}", "\u6570\u636e\u5e93\u5bc6\u7801\u662f @@S@@\uff0c\u7528\u5b8c\u8bb0\u5f97\u6539\u3002", "\u6570\u636e\u5e93\u5bc6\u7801"),
    ("prose-zh-access-token", "{u40}", "\u65b0\u7684\u8bbf\u95ee\u4ee4\u724c\uff1a@@S@@", "\u8bbf\u95ee\u4ee4\u724c"),
    ("prose-ko-admin-password", "{pw}", "\uad00\ub9ac\uc790 \ube44\ubc00\ubc88\ud638\ub294 @@S@@ \uc785\ub2c8\ub2e4", "\ube44\ubc00\ubc88\ud638"),
    ("prose-tr-sunucu-sifresi", "{pw}", "Sunucu \u015fifresi: @@S@@", "\u015fifresi"),
    ("prose-sv-losenord-wifi", "{ppw}", "L\u00f6senordet till wifi:t \u00e4r @@S@@", "L\u00f6senordet"),
    ("prose-cs-heslo-databaze", "{pw}", "Heslo k datab\u00e1zi je @@S@@", "Heslo"),
    ("prose-uk-parol-adminka", "{pw}", "\u041f\u0430\u0440\u043e\u043b\u044c \u0434\u043e \u0430\u0434\u043c\u0456\u043d\u043a\u0438: @@S@@", "\u041f\u0430\u0440\u043e\u043b\u044c"),
    ("prose-vi-mat-khau-may-chu", "{pw}", "M\u1eadt kh\u1ea9u m\u00e1y ch\u1ee7 l\u00e0 @@S@@", "M\u1eadt kh\u1ea9u"),
    ("prose-id-kata-sandi", "{pw}", "Kata sandi server: @@S@@", "Kata sandi"),
    ("prose-hi-password-sentence", "{pw}", "\u0938\u0930\u094d\u0935\u0930 \u0915\u093e \u092a\u093e\u0938\u0935\u0930\u094d\u0921 @@S@@ \u0939\u0948", "\u092a\u093e\u0938\u0935\u0930\u094d\u0921"),
    ("prose-ar-password-sentence", "{pw}", "\u0643\u0644\u0645\u0629 \u0627\u0644\u0645\u0631\u0648\u0631 \u0644\u0644\u062e\u0627\u062f\u0645 \u0647\u064a @@S@@", "\u0643\u0644\u0645\u0629 \u0627\u0644\u0645\u0631\u0648\u0631"),
]
# about three quarters English, one quarter other languages
_emit("prose", [t for t in _PROSE if t[0].startswith("prose-en-")], 110)
_emit("prose", [t for t in _PROSE if not t[0].startswith("prose-en-")], 37)


# ---------------------------------------------------------------- wrapped values
def _emit_wrapped():
    # A long token broken over two lines by a terminal or a folded YAML string:
    # `secret` is the first (longer) fragment only, so it stays contiguous.
    for i in range(3):
        tok = _jwt("RS256", 342)
        cut = 80
        text = "$ cat /tmp/sa-token.txt\n" + tok[:cut] + "\n" + tok[cut:]
        SECRETS.append(("terminal", "terminal-wrapped-jwt-first-line", text, tok[:cut], "cat /tmp/sa-token.txt"))
    for i in range(3):
        tok = "xoxb-" + _c(_DI, 12) + "-" + _c(_DI, 13) + "-" + _c(_ALPH["an"], 24)
        text = "slack:\n  bot_token: >-\n    " + tok[:36] + "\n    " + tok[36:] + "\n  channel: \"#deploys\""
        SECRETS.append(("config", "yaml-folded-token-split", text, tok[:36], "bot_token"))
    for i in range(2):
        key = _c(_ALPH["b"], 86) + "=="
        text = ("PS> Get-AzStorageAccountKey -ResourceGroupName rg-@@PROJ@@ -Name @@PROJ@@store\n\n"
                "KeyName Value\n------- -----\nkey1    " + key[:70] + "\n        " + key[70:] + "\n")
        text = _fill(text)
        SECRETS.append(("terminal", "powershell-wrapped-storage-key", text, key[:70], "Get-AzStorageAccountKey"))


_emit_wrapped()

# ---------------------------------------------------------------- BENIGN
_PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
_FILL["B64SVG"] = lambda: _b64(('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d"><circle cx="4" cy="4" r="3" fill="#%s"/></svg>' % (_R.randint(8, 24), _R.randint(8, 24), _c(_ALPH["h"], 6))).encode())
_FILL["SSHED"] = lambda: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _c(_ALPH["b"], 43)
_FILL["SSHRSA"] = lambda: "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _c(_ALPH["b"], 500)
_FILL["PUBPEM"] = lambda: _pem("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA", 294)
_FILL["CERTPEM"] = lambda: _pem("MIIDdzCCAl+gAwIBAgIUY", 890)
_FILL["ETH"] = lambda: "0x" + _c(_ALPH["h"], 40)
_FILL["BTC"] = lambda: "bc1q" + _c(_ALPH["bech"], 38)
_FILL["SOL"] = lambda: _c(_ALPH["m"], 44)
_FILL["CIDV0"] = lambda: "Qm" + _c(_ALPH["m"], 44)
_FILL["AGEPUB"] = lambda: "age1" + _c(_ALPH["bech"], 58)
_FILL["SSHFP"] = lambda: "SHA256:" + _b64(_rb(32)).rstrip("=")
_FILL["AWSID"] = lambda: _c(_ALPH["h"], 17)
_FILL["HEXC"] = lambda: "#" + _c(_ALPH["h"], 6)

_BENIGN_T = [
    # git
    "commit @@SHA@@\nAuthor: @@USER@@ <@@EMAIL@@>\nDate:   Tue Mar 5 10:12:44 2024 +0100\n\n    fix(auth): refresh token before expiry",
    "@@SSHA@@ (HEAD -> main, origin/main) Merge pull request #@@N@@ from @@ORG@@/fix-token-refresh",
    "$ git rev-parse HEAD\n@@SHA@@",
    "$ git log --oneline -3\n@@SSHA@@ rotate secrets via vault agent\n@@SSHA2@@ remove hardcoded password from tests\n@@SSHA3@@ bump axios to 1.6.7",
    "Reverted @@SHA@@ because it broke the password reset flow.",
    "$ git cherry-pick @@SSHA@@\n[release/2.4 @@SSHA2@@] add --password-stdin to docker login step\n 1 file changed, 2 insertions(+), 2 deletions(-)",
    "git bisect: first bad commit is @@SHA@@ (\"switch token cache to redis\")",
    "Fast-forward\n @@SSHA@@..@@SSHA2@@  main -> main",
    "remote: Resolving deltas: 100% (42/42), done.\nTo github.com:@@ORG@@/@@PROJ@@.git\n   @@SSHA@@..@@SSHA2@@  feature/secret-scan -> feature/secret-scan",
    "index @@h12@@..@@h12@@ 100644\n--- a/config/settings.py\n+++ b/config/settings.py\n-API_KEY = os.environ.get(\"API_KEY\", \"\")\n+API_KEY = os.environ[\"API_KEY\"]",
    "Tagged v@@VER@@ at @@SHA@@; release notes drafted.",
    "chore(deps): bump github.com/golang-jwt/jwt/v5 from 5.2.0 to 5.2.1 (#@@N@@)",
    "feat(api): add token introspection endpoint\n\nSigned-off-by: @@USER@@ <@@EMAIL@@>\nChange-Id: I@@h40@@",
    # ids
    "request_id=@@UUID@@ status=401 msg=\"invalid token\" path=/api/v1/me duration_ms=@@N@@",
    "trace_id=@@TRACE@@ span_id=@@SPAN@@ service=checkout",
    "traceparent: 00-@@TRACE@@-@@SPAN@@-01",
    "X-Request-Id: @@UUID@@",
    "x-amzn-RequestId: @@UUID@@\nx-amz-apigw-id: @@u16@@=",
    "Correlation ID: @@UUID@@ - please include this when contacting support.",
    "job @@UUID@@ finished in 12.4s (exit 0)",
    "Created deployment @@PROJ@@-@@RSHASH@@ (revision @@N@@)",
    "arn:aws:iam::@@d12@@:role/@@PROJ@@-deploy",
    "Subscription ID: @@UUID@@  Tenant: @@UUID2@@",
    "Stripe event evt_@@an24@@ (type=invoice.paid) for customer cus_@@an14@@",
    "Slack channel C@@ua10@@, message ts 1709633564.@@d6@@",
    "Sentry issue @@ORG@@-API-@@ua4@@; event id @@h32@@",
    "Docker container @@h12@@ exited with code 137 (OOMKilled)",
    "$ docker ps --format '{{.ID}} {{.Image}} {{.Status}}'\n@@h12@@ postgres:16 Up 2 hours\n@@h12b@@ redis:7 Up 2 hours",
    "Instance i-@@AWSID@@ in subnet subnet-@@AWSID2@@ (vpc-@@AWSID3@@) is unhealthy",
    "Security group sg-@@AWSID@@ allows 0.0.0.0/0 on 22 - flagged by Config rule",
    "AMI ami-@@AWSID@@ built by packer in 6m12s",
    "arn:aws:secretsmanager:@@REGION@@:@@d12@@:secret:prod/db-@@an6@@",
    "projects/@@PROJ@@-prod/secrets/stripe-key/versions/3",
    "Key Vault reference: https://kv-@@PROJ@@.vault.azure.net/secrets/SqlPassword/@@h32@@",
    "Idempotency-Key: @@UUID@@",
    "Order #@@d8@@ refunded; PaymentIntent pi_@@an24@@ status=canceled",
    "Invoice in_@@an24@@ finalized for sub_@@an24@@",
    "Jira: OPS-@@N@@ \"Rotate leaked npm token\" moved to Done",
    "PagerDuty incident Q@@ua13@@ resolved by @@USER@@",
    "GitHub Actions run @@d10@@ attempt 2 succeeded (workflow: release.yml)",
    "CloudFormation stack @@PROJ@@-prod UPDATE_COMPLETE (StackId arn:aws:cloudformation:@@REGION@@:@@d12@@:stack/@@PROJ@@-prod/@@UUID@@)",
    "firebase project id: @@PROJ@@-@@d5@@, app id 1:@@d12@@:web:@@h22@@",
    "Google Analytics measurement id G-@@ua10@@",
    "Auth0 tenant @@ORG@@.eu.auth0.com, connection id con_@@an16@@",
    # checksums
    "$ sha256sum dist/@@PROJ@@-@@VER@@-linux-amd64.tar.gz\n@@SHA256@@  dist/@@PROJ@@-@@VER@@-linux-amd64.tar.gz",
    "md5: @@MD5@@  backup-@@DATE@@.tar.gz",
    "\"node_modules/lodash\": {\n  \"version\": \"4.17.21\",\n  \"resolved\": \"https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz\",\n  \"integrity\": \"sha512-@@SHA512B64@@\"\n}",
    "lodash@^4.17.21:\n  version \"4.17.21\"\n  resolved \"https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#@@SHA@@\"\n  integrity sha512-@@SHA512B64@@",
    "image: ghcr.io/@@ORG@@/@@PROJ@@@sha256:@@SHA256@@",
    "Digest: sha256:@@SHA256@@\nStatus: Downloaded newer image for nginx:1.25-alpine",
    "golang.org/x/crypto v0.21.0 h1:@@B64H1@@\ngolang.org/x/crypto v0.21.0/go.mod h1:@@B64H1b@@",
    "github.com/@@ORG@@/@@PROJ@@ v0.0.0-@@PSEUDO@@ // indirect",
    "requests==2.31.0 \\\n    --hash=sha256:@@SHA256@@ \\\n    --hash=sha256:@@SHA256b@@",
    "SHA512 (@@PROJ@@-@@VER@@.tar.gz) = @@SHA512HEX@@",
    "  url \"https://github.com/@@ORG@@/@@PROJ@@/archive/refs/tags/v@@VER@@.tar.gz\"\n  sha256 \"@@SHA256@@\"",
    "[[package]]\nname = \"serde\"\nversion = \"1.0.197\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"@@SHA256@@\"",
    "provider \"registry.terraform.io/hashicorp/aws\" {\n  version = \"5.40.0\"\n  hashes = [\n    \"h1:@@B64H1@@\",\n    \"zh:@@SHA256@@\",\n  ]\n}",
    "ETag: \"@@MD5@@\"",
    "  /lodash@4.17.21:\n    resolution: {integrity: sha512-@@SHA512B64@@}",
    "{file = \"urllib3-2.2.1-py3-none-any.whl\", hash = \"sha256:@@SHA256@@\"},",
    "<script src=\"https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.bundle.min.js\" integrity=\"sha384-@@SHA384B64@@\" crossorigin=\"anonymous\"></script>",
    "Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-@@SHA256B64@@'",
    "version https://git-lfs.github.com/spec/v1\noid sha256:@@SHA256@@\nsize @@d7@@",
    "Image ID: sha256:@@SHA256@@ (142MB)",
    "x-goog-hash: crc32c=@@b6@@==, md5=@@SHA384B64@@",
    "checksums.txt verified: @@SHA256@@  @@PROJ@@_@@VER@@_darwin_arm64.zip",
    "Verifying chunk sha1 @@SHA@@ ... ok",
    # versions
    "Bumped @@PROJ@@ from 2.14.0-rc.3 to 2.14.0 (build 20240305.4)",
    "go: downloading github.com/@@ORG@@/sdk v1.42.0-beta.1+incompatible",
    "node v20.11.1, npm 10.2.4, python 3.12.2, terraform v1.7.4",
    "Image tag: @@PROJ@@:@@VER@@-@@SSHA@@",
    "kernel 6.5.0-1016-azure #16~22.04.1-Ubuntu SMP",
    "Chrome/122.0.6261.112 Safari/537.36 Edg/122.0.2365.80",
    # base64 / data uris
    "echo @@B64TXT@@ | base64 -d   # just the sample payload from the docs",
    "data:image/png;base64," + _PNG_1PX,
    ".icon { background: url(data:image/svg+xml;base64,@@B64SVG@@) no-repeat; }",
    "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n@@B64TXT@@",
    "The header eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 just decodes to {\"alg\":\"HS256\",\"typ\":\"JWT\"} - it's not the token.",
    # paths / urls
    "Public key saved to /home/@@USER@@/.ssh/id_ed25519.pub",
    "The service account token is mounted at /var/run/secrets/kubernetes.io/serviceaccount/token",
    "~/.aws/credentials not found - run `aws configure sso` first",
    "ssl_certificate_key /etc/letsencrypt/live/@@DOM@@/privkey.pem;",
    "https://github.com/@@ORG@@/@@PROJ@@/pull/@@N@@/files#diff-@@SHA256@@",
    "https://console.aws.amazon.com/iam/home#/users/details/@@USER@@?section=security_credentials",
    "https://@@ORG@@.atlassian.net/browse/OPS-@@N@@?focusedCommentId=@@d6@@",
    "See https://docs.@@DOM@@/auth/tokens#rotating-a-token for the rotation steps.",
    "https://www.youtube.com/watch?v=@@u11@@ (talk on secret scanning)",
    "https://app.@@DOM@@/invoices?page=2&sort=-created_at&per_page=50",
    "https://ipfs.io/ipfs/@@CID@@",
    "pinned @@CIDV0@@ to the cluster",
    "https://sonarcloud.io/project/issues?id=@@ORG@@_@@PROJ@@&resolved=false&types=VULNERABILITY",
    "https://grafana.@@DOM@@/d/@@u9@@/api-latency?orgId=1&from=now-6h&to=now",
    "https://kit.fontawesome.com/@@h10@@.js",
    "Download: https://github.com/@@ORG@@/@@PROJ@@/releases/download/v@@VER@@/@@PROJ@@_@@VER@@_linux_amd64.tar.gz",
    "callback URL: https://@@DOM@@/auth/github/callback",
    "https://login.microsoftonline.com/@@UUID@@/oauth2/v2.0/authorize?client_id=@@UUID2@@&response_type=code&scope=openid",
    # public keys
    "@@SSHED@@ @@USER@@@laptop",
    "@@SSHRSA@@ deploy@ci",
    "command=\"/usr/local/bin/backup-only\",no-pty @@SSHED@@ backup@nas",
    "-----BEGIN PUBLIC KEY-----\n@@PUBPEM@@\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\n@@CERTPEM@@\n-----END CERTIFICATE-----",
    "gpg: key @@PGPID@@: public key \"@@USER@@ <@@EMAIL@@>\" imported\ngpg: Total number processed: 1",
    "pub   ed25519 2023-09-14 [SC]\n      @@PGPFP@@\nuid           [ultimate] @@USER@@ <@@EMAIL@@>",
    "{\"keys\":[{\"kty\":\"RSA\",\"e\":\"AQAB\",\"use\":\"sig\",\"kid\":\"@@u43@@\",\"alg\":\"RS256\",\"n\":\"@@u342@@\"}]}",
    "{\"kty\":\"EC\",\"crv\":\"P-256\",\"kid\":\"@@UUID@@\",\"x\":\"@@u43@@\",\"y\":\"@@u43b@@\"}",
    "# public key: @@AGEPUB@@",
    "[Peer]\nPublicKey = @@WGKEY@@\nAllowedIPs = 10.8.0.2/32\nEndpoint = @@IP@@:51820\nPersistentKeepalive = 25",
    "github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl",
    "The authenticity of host '@@HOST@@ (@@IP@@)' can't be established.\nED25519 key fingerprint is @@SSHFP@@.\nThis key is not known by any other names.",
    "256 @@SSHFP@@ @@USER@@@laptop (ED25519)",
    "cosign verify --key cosign.pub ghcr.io/@@ORG@@/@@PROJ@@@sha256:@@SHA256@@",
    "Wallet (public) address for the faucet: @@ETH@@",
    "BTC donation address: @@BTC@@",
    "Solana program id: @@SOL@@",
    "TLS fingerprint (SHA-1): @@FPCOLON@@",
    # placeholders / templating
    "DB_PASSWORD=${DB_PASSWORD}",
    "password: {{ .Values.postgresql.auth.password }}",
    "API_KEY=<your-api-key>",
    "password: changeme   # placeholder, overridden by the chart's existingSecret",
    "token: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "Authorization: Bearer ****",
    "api_key: REDACTED",
    "export TOKEN=$(cat /run/secrets/api_token)",
    "token = os.environ[\"GITHUB_TOKEN\"]",
    "const key = process.env.API_KEY;",
    "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: @@PROJ@@-db\n        key: password",
    "STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx",
    "GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    "password: ${{ secrets.REGISTRY_PASSWORD }}",
    "token: ${{ secrets.GITHUB_TOKEN }}",
    "AWS_SECRET_ACCESS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}",
    "database_url: '%env(resolve:DATABASE_URL)%'",
    "password = var.db_password",
    "MasterUserPassword: '{{resolve:secretsmanager:prod/db:SecretString:password}}'",
    "DBPassword: !Ref DBPassword",
    "password: vault:secret/data/@@PROJ@@/db#password",
    "DATABASE_URL=postgres://${DB_USER}:${DB_PASS}@db:5432/app",
    "REDIS_URL=redis://localhost:6379/0",
    "MONGO_URL=mongodb://localhost:27017/test",
    "password: '********'",
    "MYSQL_PASSWORD_FILE=/run/secrets/mysql_password",
    "SECRET_KEY=<generate with: python -c 'import secrets; print(secrets.token_urlsafe(50))'>",
    "api_key = \"{{ env.API_KEY }}\"",
    "token: \"%(TOKEN)s\"",
    "secret_key_base: <%= ENV[\"SECRET_KEY_BASE\"] %>",
    "<password>${env.NEXUS_PASSWORD}</password>",
    "spring.datasource.password=${DB_PASSWORD}",
    "password: ${POSTGRES_PASSWORD:?must be set}",
    "db.default.password = ${?DB_PASSWORD}",
    "npm config set //npm.pkg.github.com/:_authToken '${NODE_AUTH_TOKEN}'",
    "# .env.example\nDB_HOST=localhost\nDB_USER=app\nDB_PASSWORD=\nSTRIPE_SECRET_KEY=sk_test_your_key_here\nSENTRY_DSN=",
    "OPENAI_API_KEY=sk-...  # fill in locally, never commit",
    "AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY (the example pair from the AWS docs)",
    "password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  @@h64@@\n  @@h64b@@\n  @@h40@@",
    "password: ENC[AES256_GCM,data:@@b24@@,iv:@@b43@@=,tag:@@b22@@==,type:str]",
    "encryptedData:\n    password: AgB@@b300@@",
    "db_password: vault:v1:@@b60@@  # transit-encrypted, decrypted at boot",
    "{{- $pw := .Values.auth.password | default (randAlphaNum 24) }}",
    "auth:\n  existingSecret: @@PROJ@@-db\n  secretKeys:\n    adminPasswordKey: postgres-password",
    # config keys with no value
    "password_file: /etc/app/pw",
    "token_env: GITHUB_TOKEN",
    "api_key_path = \"~/.config/@@PROJ@@/key\"",
    "credentials_file = ~/.aws/credentials",
    "secret_ref: projects/@@PROJ@@/secrets/db-pass/versions/latest",
    "token_file = /var/run/secrets/tokens/vault-token",
    "private_key_path: ~/.oci/oci_api_key.pem\nfingerprint: @@FPCOLON@@",
    "RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci",
    "password = \"\"  # set via TF_VAR_db_password",
    "[client]\nuser = app\n# password comes from ~/.mylogin.cnf (mysql_config_editor)",
    "{\n  \"auths\": {\n    \"ghcr.io\": {}\n  },\n  \"credsStore\": \"desktop\"\n}",
    "github.com:\n    user: @@USER@@\n    git_protocol: ssh",
    "Host bastion\n  HostName @@IP@@\n  User @@USER@@\n  IdentityFile ~/.ssh/id_ed25519\n  ForwardAgent no",
    "[remote \"origin\"]\n\turl = git@github.com:@@ORG@@/@@PROJ@@.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*",
    "[credential]\n\thelper = osxkeychain",
    "vault {\n  address = \"https://vault.@@DOM@@:8200\"\n  auth_method \"kubernetes\" { role = \"@@PROJ@@\" }\n}",
    "ENV PIP_NO_CACHE_DIR=1 PYTHONDONTWRITEBYTECODE=1",
    "cache-from: type=gha\ncache-to: type=gha,mode=max",
    "password_min_length: 12\npassword_require_symbol: true\ntoken_ttl: 3600",
    "session:\n  cookie_name: _@@PROJ@@_session\n  secure: true\n  same_site: lax",
    # benign commands
    "docker login ghcr.io -u @@USER@@ --password-stdin < ~/.ghcr_token",
    "echo \"$CR_PAT\" | docker login ghcr.io -u @@USER@@ --password-stdin",
    "kubectl create secret generic db-creds --from-env-file=.env.prod --dry-run=client -o yaml | kubeseal > sealed.yaml",
    "kubectl create secret generic api --from-file=token=./token.txt -n @@PROJ@@",
    "gh secret set NPM_TOKEN < npm_token.txt",
    "aws configure set region @@REGION@@ --profile @@PROJ@@",
    "export GITHUB_TOKEN=$(gh auth token)",
    "export VAULT_TOKEN=$(vault print token)",
    "psql \"$DATABASE_URL\" -c 'select 1'",
    "mysql -h @@HOST@@ -u @@USER@@ -p @@DB@@",
    "ssh -i ~/.ssh/deploy_key @@USER@@@@@HOST@@",
    "openssl rand -hex 32 > .secrets/session_key && chmod 600 .secrets/session_key",
    "curl -H \"Authorization: Bearer $TOKEN\" https://api.@@DOM@@/v1/me",
    "curl -u \"$JENKINS_USER:$JENKINS_API_TOKEN\" https://jenkins.@@DOM@@/crumbIssuer/api/json",
    "htpasswd -B -c /etc/nginx/.htpasswd admin   # prompts for the password",
    "sops --encrypt --age @@AGEPUB@@ secrets.yaml > secrets.enc.yaml",
    "git config --global credential.helper 'cache --timeout=3600'",
    "git clone git@github.com:@@ORG@@/@@PROJ@@.git",
    "pip install -r requirements.txt --require-hashes",
    "terraform apply -var-file=secrets.auto.tfvars   # file is gitignored",
    "vault kv get -field=password secret/@@PROJ@@/db > /dev/null && echo ok",
    "op run --env-file=.env.tpl -- npm start",
    "ssh-keygen -lf ~/.ssh/id_ed25519.pub",
    "gpg --recv-keys @@PGPID@@",
    "read -s -p 'DB password: ' PGPASSWORD && export PGPASSWORD",
    "mysql -u root -p   # it will prompt",
    "Enter passphrase for key '/home/@@USER@@/.ssh/id_ed25519':",
    "aws sts get-caller-identity --profile @@PROJ@@",
    "az keyvault secret show --vault-name kv-@@PROJ@@ --name SqlAdminPassword --query id -o tsv",
    "kubectl get secret @@PROJ@@-db -o jsonpath='{.metadata.creationTimestamp}'",
    "gcloud secrets versions list stripe-key --limit 3",
    "gh auth refresh -h github.com -s admin:org",
    "npm audit signatures",
    "trufflehog git file://. --since-commit @@SHA@@ --only-verified",
    "gitleaks detect --source . --redact --report-path gitleaks.json",
    "docker buildx build --secret id=npmrc,src=$HOME/.npmrc -t @@PROJ@@:dev .",
    "helm upgrade --install @@PROJ@@ ./chart --set-file tls.crt=./certs/tls.crt --set existingSecret=@@PROJ@@-tls",
    "ansible-vault encrypt_string --vault-id prod@prompt 'placeholder' --name db_password",
    "certbot renew --deploy-hook 'systemctl reload nginx'",
    "chmod 600 ~/.pgpass ~/.netrc ~/.docker/config.json",
    # benign code
    "api_key = os.getenv(\"OPENAI_API_KEY\")\nif not api_key:\n    raise SystemExit(\"OPENAI_API_KEY is not set\")",
    "const apiKey = process.env.API_KEY ?? \"\";",
    "password := os.Getenv(\"DB_PASSWORD\")",
    "String secret = System.getenv(\"JWT_SECRET\");",
    "@Value(\"${app.jwt.secret}\")\nprivate String jwtSecret;",
    "let token = env::var(\"TOKEN\").expect(\"TOKEN must be set\");",
    "Stripe.api_key = ENV.fetch(\"STRIPE_API_KEY\")",
    "$token = getenv('API_TOKEN');",
    "$password = Read-Host -AsSecureString -Prompt 'Password'",
    "if len(password) < 12:\n    raise ValueError(\"password too short\")",
    "hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))",
    "PASSWORD_FIELD = \"password\"\nTOKEN_HEADER = \"X-Auth-Token\"\nSECRET_NAME = \"prod/api/stripe\"",
    "const TOKEN_TTL_SECONDS = 3600;",
    "private static final String PASSWORD_REGEX = \"^(?=.*[0-9])(?=.*[a-z])(?=.*[A-Z]).{12,}$\";",
    "FAKE_TOKEN = \"x\" * 40  # used by the redaction tests",
    "key = Fernet.generate_key()",
    "session_key = secrets.token_urlsafe(32)",
    "const salt = crypto.randomBytes(16).toString(\"hex\");",
    "const colors = { primary: \"#0ea5e9\", danger: \"#ef4444\", muted: \"#6b7280\" };",
    "SECRET_KEY = get_random_secret_key()",
    "headers = {\"Authorization\": f\"Bearer {token}\"}",
    "password = getpass.getpass(\"DB password: \")",
    "client = boto3.client(\"s3\")  # credentials come from the instance profile",
    "digest = hashlib.sha256(data).hexdigest()  # e.g. @@SHA256@@",
    "request_id = uuid.uuid4().hex  # e.g. @@h32@@",
    "def test_login_fails_with_wrong_password(client):\n    r = client.post(\"/login\", data={\"username\": \"alice\", \"password\": \"wrong\"})\n    assert r.status_code == 401",
    "it('rejects expired tokens', async () => {\n  await expect(verify(expiredToken)).rejects.toThrow('jwt expired');\n});",
    "func TestAPIKeyIsMasked(t *testing.T) {",
    "def test_secret_key_is_not_logged(caplog):",
    "FAIL src/auth/__tests__/token.spec.ts > refreshToken > rotates refresh token",
    "tests/test_auth.py::test_token_refresh PASSED                        [ 42%]",
    "type Credentials struct {\n\tUsername string `json:\"username\"`\n\tPassword string `json:\"password\"`\n}",
    "interface AuthConfig { clientId: string; clientSecret: string; redirectUri: string }",
    "case \"invalid_grant\": return errors.New(\"refresh token expired or revoked\")",
    "token = request.headers.get(\"Authorization\", \"\").removeprefix(\"Bearer \")",
    "mask = lambda s: s[:4] + \"*\" * (len(s) - 4)",
    "jwt.decode(token, key=public_key, algorithms=[\"RS256\"], audience=\"api\")",
    "const kid = header.kid; const jwk = jwks.keys.find(k => k.kid === kid);",
    "password_hash = models.CharField(max_length=128)",
    "ALTER TABLE users ADD COLUMN password_changed_at timestamptz;",
    "SELECT id, email, last_login FROM users WHERE password_reset_token IS NOT NULL;",
    # logs
    "INFO  auth: token refreshed for user_id=@@N@@ (expires_in=3600)",
    "WARN  login failed for user=@@USER@@ ip=@@IP@@ reason=bad_password attempts=3",
    "Authorization: Bearer [REDACTED]",
    "GET /api/v1/users/@@UUID@@ 200 12ms",
    "@@IP@@ - - [05/Mar/2024:10:12:44 +0000] \"GET /static/js/main.@@h8@@.js HTTP/1.1\" 200 18234 \"-\" \"Mozilla/5.0\"",
    "POST /oauth/token 400 invalid_client (client_id=@@PROJ@@-web)",
    "level=info msg=\"cache hit\" key=user:@@N@@:profile etag=@@MD5@@",
    "ERROR: column \"password_hash\" does not exist",
    "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x@@h7@@]",
    "Exception in thread \"main\" java.lang.IllegalStateException: Missing property 'api.token'",
    "KeyError: 'STRIPE_SECRET_KEY'",
    "botocore.exceptions.NoCredentialsError: Unable to locate credentials",
    "Error: getaddrinfo ENOTFOUND db.internal",
    "curl: (22) The requested URL returned error: 401",
    "< HTTP/1.1 401 Unauthorized\n< WWW-Authenticate: Bearer realm=\"api\", error=\"invalid_token\", error_description=\"The access token expired\"\n< X-Request-Id: @@UUID@@",
    "Set-Cookie: theme=dark; Path=/; Max-Age=31536000",
    "Webhook delivery @@UUID@@ to https://ci.@@DOM@@/github-webhook/ succeeded (200)",
    "npm ERR! code E401\nnpm ERR! Unable to authenticate, need: Basic realm=\"Sonatype Nexus Repository Manager\"",
    "ORA-01017: invalid username/password; logon denied",
    "ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)",
    "FATAL:  password authentication failed for user \"@@USER@@\"",
    "HttpError 401: Bad credentials (documentation_url: https://docs.github.com/rest)",
    "AccessDenied: User: arn:aws:sts::@@d12@@:assumed-role/ci/@@d10@@ is not authorized to perform: s3:PutObject",
    "SignatureDoesNotMatch: The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    "x509: certificate signed by unknown authority",
    "invalid_grant: Token has been expired or revoked.",
    "Error: secret \"@@PROJ@@-db\" not found",
    "WARNING: The requested image's platform (linux/amd64) does not match the detected host platform (linux/arm64/v8)",
    "[notice] A new release of pip is available: 23.3.1 -> 24.0",
    "vault: Code: 403. Errors:\n* permission denied",
    "Error response from daemon: Get \"https://registry.@@DOM@@/v2/\": unauthorized: authentication required",
    "gpg: signing failed: Inappropriate ioctl for device",
    "ssh: connect to host @@IP@@ port 22: Connection timed out",
    "E0305 10:12:44.123456    1 reflector.go:147] failed to list *v1.Secret: secrets is forbidden: User \"system:serviceaccount:@@PROJ@@:default\" cannot list resource \"secrets\"",
    "2024-03-05T10:12:44Z INF Registered tunnel connection connIndex=0 connection=@@UUID@@ event=0 ip=198.41.200.13 location=ams01 protocol=quic",
    "Successfully assigned default/@@PROJ@@-@@RSHASH@@-@@POD5@@ to ip-10-0-1-23.ec2.internal",
    # k8s
    "pod/@@PROJ@@-@@RSHASH@@-@@POD5@@   1/1   Running   0   3h12m",
    "replicaset.apps/@@PROJ@@-@@RSHASH@@ scaled to 0",
    "secret/@@PROJ@@-token-@@POD5@@ created",
    "configmap/kube-root-ca.crt unchanged",
    "job.batch/@@PROJ@@-migrate-@@d8@@ completed",
    "NAME                         TYPE                DATA   AGE\n@@PROJ@@-db                  Opaque              2      41d\n@@PROJ@@-tls                 kubernetes.io/tls   2      12d",
    # css / ids / misc
    "color: #1f2937; background: #f9fafb; border-color: #e5e7eb;",
    ":root { --brand-500: #6366f1; --brand-600: #4f46e5; --accent: @@HEXC@@; }",
    "palette: ['@@HEXC@@', '@@HEXC2@@', '@@HEXC3@@', '@@HEXC4@@']",
    "main.@@h8@@.js  chunk-@@ua8@@.js  assets/index-@@u8@@.css",
    "webpack 5.90.3 compiled successfully: app.@@h20@@.bundle.js (412 KiB)",
    "2024-03-05T10:12:44.123456789Z",
    "expires_at: 1712345678",
    "Mon, 04 Mar 2024 09:15:00 GMT",
    "cron: '17 3 * * 1-5'  # weekday nightly at 03:17 UTC",
    "EC2 key pair name: @@PROJ@@-deploy-@@DATE@@",
    "License: MIT - Copyright (c) 2024 @@ORG@@",
    "Your Docker Desktop license: Personal (free)",
    "Browser extension id: @@l32@@",
    "Android applicationId com.@@ORG@@.@@l6@@, versionCode @@N@@",
    "Apple Team ID @@ua10@@, bundle id com.@@l8@@.app",
    "Zoom meeting ID: @@d3@@ @@d4@@ @@d4b@@",
    "Tracking number 1Z@@ua16@@",
    "IBAN format check: DE89 3704 0044 0532 0130 00 is the standard test IBAN",
    "NPM package @@ORG@@-@@PROJ@@-sdk@@@VER@@",
    "pip show cryptography -> Version: 42.0.5",
    "The Sentry DSN host is o@@d6@@.ingest.sentry.io, project @@d7@@",
    # prose
    "Rotated the Stripe key this morning; the new one is in 1Password under 'Stripe prod'.",
    "The password policy now requires 14 characters and one symbol.",
    "I couldn't log in because my token expired; ran `gh auth refresh` and it worked.",
    "Note: never commit .env - it's been in .gitignore since @@SSHA@@.",
    "rotate the API key before Friday; the old one shows up in the 2023 logs",
    "the token expired at 12:00 UTC and CI started failing with 401s",
    "We should move the DB password into Vault and use dynamic credentials.",
    "Do not paste secrets into this file - use `op read` instead.",
    "Why does the password reset email take 5 minutes to arrive?",
    "The JWT is signed with RS256; public keys come from /.well-known/jwks.json",
    "Token length must be >= 32 characters (see ADR-014).",
    "The secret scanner flagged test/fixtures/fake_key.pem - it's a dummy generated for tests, not a real key.",
    "Decision: use short-lived OIDC tokens in CI instead of a long-lived deploy key.",
    "Next step: ask @@USER@@ to revoke the old PAT and confirm in #sec-ops.",
    "Goal: remove every hardcoded credential from the repo before the audit on @@DATE@@.",
    "Checked: the leaked key from last week was already revoked (GitHub notified us via secret scanning).",
    "Password login is disabled on the bastion; only keys from the team's authorized_keys work.",
    "The API returns 403 when the key lacks the `write:packages` scope.",
    "Reminder: the staging basic-auth credentials live in the team vault, ask in #infra.",
    "Das Passwort liegt im Vault unter secret/app/db.",
    "Le jeton a expir\u00e9 \u00e0 12h00, j'ai relanc\u00e9 le job.",
    "La contrase\u00f1a est\u00e1 en el gestor de secretos, no la pegues aqu\u00ed.",
    "\u30c8\u30fc\u30af\u30f3\u306e\u6709\u52b9\u671f\u9650\u304c\u5207\u308c\u305f\u306e\u3067\u518d\u767a\u884c\u3057\u307e\u3057\u305f\u3002",
    "\u5bc6\u7801\u5df2\u7ecf\u653e\u5230 Vault \u91cc\u4e86\uff0c\u4e0d\u8981\u5199\u5728\u6587\u6863\u4e2d\u3002",
    "\u041f\u0430\u0440\u043e\u043b\u044c \u0445\u0440\u0430\u043d\u0438\u0442\u0441\u044f \u0432 1Password, \u0432 \u0437\u0430\u043c\u0435\u0442\u043a\u0438 \u043d\u0435 \u043a\u043e\u043f\u0438\u0440\u043e\u0432\u0430\u0442\u044c.",
    "A senha foi trocada ontem; pe\u00e7a a nova no canal #infra.",
    "Il token scade ogni 24 ore, il rinnovo \u00e8 automatico.",
    "De API-sleutel staat in de kluis, niet in de repo.",
    "Ticket OPS-@@N@@: rotate the Mailgun key (done), update the Terraform variable (todo).",
    "Summary: 3 failing tests in auth/, all caused by the mocked clock, not by credentials.",
    "Context: the service reads its token from $CREDENTIALS_DIRECTORY/api_token (systemd LoadCredential).",
    "Agent state: goal=fix flaky login test; last command=pytest -k login -x; result=1 failed (timeout)",
]


def _emit_benign(target):
    seen = set()
    counts = _counts(len(_BENIGN_T), target)
    for tpl, n in zip(_BENIGN_T, counts):
        for _ in range(n):
            t = _fill(tpl)
            if t not in seen:
                seen.add(t)
                BENIGN.append(t)
    i = 0
    while len(BENIGN) < target and i < 20000:
        t = _fill(_BENIGN_T[i % len(_BENIGN_T)])
        i += 1
        if t not in seen:
            seen.add(t)
            BENIGN.append(t)


_emit_benign(700)

# Safety net: no benign string may contain a generated secret value.
_ALL_SECRETS = set(x[3] for x in SECRETS)
BENIGN[:] = [b for b in BENIGN if not any(s in b for s in _ALL_SECRETS)]
del _ALL_SECRETS
