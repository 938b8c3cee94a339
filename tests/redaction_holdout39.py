"""Blind hold-out corpus #39 for a secret-redaction engine.

What it is
----------
A fixed set of labelled text fragments used to measure a redaction engine
that scrubs credentials out of the working state a coding agent (Claude Code,
Codex, Gemini CLI, ...) writes down: goals, running notes, shell commands it
ran, tool output, excerpts of files it opened, decisions, chat messages pasted
in by teammates, log lines and CI configuration.  Every entry in SECRETS holds
exactly one credential that must disappear and, usually, a neighbouring piece
of text that must stay readable.  BENIGN holds look-alikes that must survive
untouched.

Theme
-----
Students, teachers and coding bootcamps: course projects and autograders,
hackathons, competitive programming, free cloud tiers and student credits,
Replit / Glitch / Render / Vercel hobby deploys, Firebase and Supabase
projects, Discord servers and bots for classes, group-project chats, school
e-mail accounts, LMS integrations (Canvas, Moodle, Google Classroom), first
jobs and internships, messy beginner code and notes in many human languages.

Provenance
----------
Written blind, from general knowledge only: no other corpus, no engine rule
and no web or code search was consulted.  Where a vendor's real credential
shape was known it was imitated (prefixes, lengths, alphabets); where it was
not known, a plausible shape was invented.  All hosts, schools, people,
projects and values are fictitious; every secret is a fresh random draw.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible)
         group    one of: command, tool-output, config-file, source-code,
                  stack-trace-or-log, note-or-chat, ci-and-deploy,
                  vendor-token (about 188 entries each)
         format   kebab-case name of the shape; each used at most 3 times
         text     the fragment as the agent would have recorded it
         secret   exact substring of text that must not survive redaction
                  (only the key body for PEM keys, only the signature for
                  signed URLs, only the password for user:password pairs)
         visible  substring of text that must remain readable, or ""
BENIGN   list of about 950 distinct strings without any credential that
         still look secret-ish to a naive scanner (hashes, ids, public keys,
         placeholders, masked values, secret references, prose about
         passwords, ...), spread over the same contexts as SECRETS.

Determinism
-----------
Every random value is drawn at import time from _R = random.Random(3939) in
a fixed order, so importing the module twice yields identical lists.  Nothing
is printed at import.

Measured
--------
Blind, written after every rule made for the thirty-fourth to thirty-eighth and the
fortieth and read only after: recall 0.972 (1,462 of 1,504) and false positives 11 of 950
(1.2%); 0.966 and the same 11 with the engine at that session's start. Tuned on since: 0.977
and 11 of 950.
"""
import base64
import json
import random
import re
import string

_R = random.Random(3939)

LOW = string.ascii_lowercase
UPP = string.ascii_uppercase
DIG = string.digits
AL = LOW + UPP + DIG
HEX = DIG + "abcdef"
UHEX = DIG + "ABCDEF"
URLS = AL + "-_"
B64C = AL + "+/"
B32 = UPP + "234567"
LODIG = LOW + DIG
UPDIG = UPP + DIG


def rs(chars, n):
    return "".join(_R.choice(chars) for _ in range(n))


def ri(a, b):
    return _R.randint(a, b)


def pick(seq):
    return _R.choice(seq)


def rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def b64(b):
    if isinstance(b, str):
        b = b.encode("utf-8")
    return base64.b64encode(b).decode("ascii")


def b64u(b):
    if isinstance(b, str):
        b = b.encode("utf-8")
    return base64.urlsafe_b64encode(b).decode("ascii").rstrip("=")


def uuid4():
    h = rs(HEX, 32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], pick("89ab"), h[17:20], h[20:32])


# ---------------------------------------------------------------- word pools
WORDS = ("mango tiger pizza rocket sunset coffee panda falcon maple ocean pixel banana dragon galaxy "
         "cookie thunder river lemon turtle violet nebula waffle koala cactus hazel comet ember quartz "
         "meadow otter cobalt jasmine blizzard pepper saturn marble tofu taco noodle biscuit ginger "
         "willow orbit kiwi basil cedar lantern mocha pebble raven sparrow tulip velvet zebra bamboo "
         "canyon donut harbor igloo jelly kettle llama mochi nacho olive papaya quokka radish sushi "
         "toast vortex walnut yeti zucchini gato fresa luna sonne katze chaton soleil kawa chai masala "
         "sakura neko yuki corazon saudade schatz naranja biryani jollof pastel kimchi mantou arepa "
         "churro pierogi baklava samosa ramen boba matcha").split()
NAMES_ASCII = ("priya diego aisha tomas mei kwame lena yusuf hana mateo seun sofia arjun chloe nikolai "
               "fatima jin bea emeka ingrid minh zara kenji amara lucas noor sid vale jonas ayse rafa "
               "thandi wei isa omar freya dima leilani santi yuki kofi marta ravi elif bruno ngozi "
               "hyunwoo camille tariq anneke").split()
FIRST = ["Priya", "Diego", "Aisha", "Tomás", "Mei", "Kwame", "Lena", "Yusuf", "Hana", "Mateo",
         "Oluwaseun", "Sofia", "Arjun", "Chloé", "Nikolai", "Fatima", "Jin", "Beatriz", "Emeka",
         "Ingrid", "Minh", "Zara", "Kenji", "Amara", "Lucas", "Noor", "Siddharth", "Valentina",
         "Jonas", "Ayşe", "Rafael", "Thandiwe", "Wei", "Isabela", "Omar", "Freya", "Dmitri",
         "Leilani", "Santiago", "Yuki", "Kofi", "Marta", "Ravi", "Elif", "Bruno", "Ngozi",
         "Hyun-woo", "Camille", "Tariq", "Anneke"]
LAST = ["Okafor", "Lindqvist", "Tanaka", "Alvarez", "Nguyen", "Kowalski", "Haddad", "Mensah",
        "Rossi", "Schmidt", "Pereira", "Kim", "Ivanova", "Dubois", "Sato", "Chen", "Patel",
        "Garcia", "Yilmaz", "Novak", "Mwangi", "Silva", "Fischer", "Ahmed", "Bianchi", "Park",
        "Moreau", "Osei", "Costa", "Larsen"]
SCHOOLS = [
    ("Northgate Tech University", "northgate-tech.edu", "ngtu"),
    ("Riverside Community College", "rcc-riverside.edu", "rcc"),
    ("Lakeview High School", "lakeview-hs.k12.example.us", "lvhs"),
    ("Universidad de Santa Brígida", "usantabrigida.edu.example", "usb"),
    ("Institut Polytechnique de Valmont", "ipvalmont.example.fr", "ipv"),
    ("Hochschule Eichenfeld", "hs-eichenfeld.example.de", "hse"),
    ("Kirra Institute of Technology", "kirra-tech.edu.example", "kit"),
    ("Colegio Lumen", "colegio-lumen.edu.example", "lumen"),
    ("Hanbit University", "hanbit-univ.ac.example", "hbu"),
    ("Tsukiyama University", "tsukiyama-u.ac.example", "tku"),
    ("CodeForge Academy", "codeforge-academy.dev", "cfa"),
    ("Kensington Coding Bootcamp", "kensington-bootcamp.io", "kcb"),
    ("Ridgeview Secondary", "ridgeview-sec.example.ca", "rvs"),
    ("Universidade do Vale Claro", "uvaleclaro.edu.example", "uvc"),
    ("Lagos Digital Academy", "lagosdigital.example.ng", "lda"),
]
COURSES = [("CS 161", "cs161"), ("CSE 142", "cse142"), ("COMP 1531", "comp1531"), ("IT 2350", "it2350"),
           ("INFO 340", "info340"), ("CSC 207", "csc207"), ("ECE 297", "ece297"), ("DATA 100", "data100"),
           ("SWE 301", "swe301"), ("CIS 1100", "cis1100"), ("Informatik I", "info1"),
           ("Programação I", "prog1"), ("Algoritmos II", "algo2"), ("Web Dev Cohort 14", "webdev14"),
           ("Full-Stack Immersive", "fsi"), ("Mobile Apps 2", "mobile2"), ("Databases", "db201"),
           ("Intro to ML", "ml110"), ("Networks Lab", "netlab"), ("Capstone", "capstone")]
HWS = ["PA3: malloc", "Lab 4 (linked lists)", "Project 2: Twitter clone", "HW5 Dijkstra",
       "Capstone milestone 2", "final project", "Assignment 1 (Flask CRUD)", "Sprint 3 demo",
       "Lab 7 sockets", "PS2 recursion", "Project 3: chat server", "Lab 9 SQL joins",
       "Milestone B", "group project", "hackathon demo"]
DBS = ["todo_app", "library_db", "cs340_project", "hackathon", "bookclub", "gradebook", "studybuddy",
       "recipes", "inventory", "quizapp", "attendance", "capstone", "flashcards", "dormswap",
       "lostfound", "campus_events", "tutor_match", "expense_tracker", "moodle", "canvas_sync"]
ADJ = ["quiet", "brave", "lucky", "rapid", "sunny", "tiny", "cosmic", "fuzzy", "jolly", "clever",
       "rusty", "silent", "nimble", "wild", "frosty", "bold", "misty", "proud", "swift", "gentle"]
NOUN = ["otter", "comet", "falcon", "maple", "pixel", "harbor", "lantern", "cactus", "quokka",
        "nebula", "badger", "meadow", "koala", "river", "ember", "walnut", "sparrow", "tulip"]
APPS = ["quiz-app", "habit-tracker", "study-buddy", "campus-eats", "dorm-swap", "grade-bot",
        "class-notes", "lost-and-found", "tutor-match", "flashcards", "pomodoro", "bookclub-api",
        "hackathon-site", "portfolio", "recipe-box", "event-board", "ride-share", "lab-queue"]
SSIDS = ["CampusGuest", "Lab-204", "HackNorth-Guest", "DormNet-5G", "Makerspace", "TP-Link_4F2A",
         "StudentHub", "Bootcamp-WiFi", "IoT-Lab", "Library-Public", "Robotics-Club", "HackathonHQ"]
CITIES = ["Lagos", "Porto", "Lyon", "Osaka", "Pune", "Quito", "Leeds", "Accra", "Busan", "Cebu",
          "Gdansk", "Izmir", "Hanoi", "Medellin", "Nairobi"]
MNEMO = ("abandon ability absorb acoustic actress adapt admit adult aerobic affair afraid agent "
         "airport alarm album alley almost alpha amateur amazing amount anchor ancient anger angle "
         "animal ankle annual antenna anxiety apart april arena armor arrow artist aspect assault "
         "asthma athlete atom auction audit august aunt autumn avocado awake awkward axis bacon "
         "badge balance bamboo banana banner barrel basket battle beach beauty because believe "
         "bench bicycle bitter blanket blossom blur bonus border bounce bracket brave breeze "
         "bridge brisk broccoli bronze bubble buddy budget buffalo burger butter cabin cactus "
         "camera canal candy canvas captain carbon carpet castle casual catalog cattle cereal "
         "chalk champion chaos charge cherry chimney cinnamon circle citizen clarify claw "
         "clever cliff clinic clog cloud cluster coconut coffee color comic copper coral "
         "cousin coyote cradle crater crisp crouch cruise crystal cube cupboard curtain").split()


def _dom(c):
    return SCHOOLS[c["schi"]][1]


FILL = {
    "schi": lambda c: ri(0, len(SCHOOLS) - 1),
    "school": lambda c: SCHOOLS[c["schi"]][0],
    "dom": _dom,
    "sshort": lambda c: SCHOOLS[c["schi"]][2],
    "ci": lambda c: ri(0, len(COURSES) - 1),
    "course": lambda c: COURSES[c["ci"]][0],
    "cslug": lambda c: COURSES[c["ci"]][1],
    "term": lambda c: pick(["f23", "s24", "f24", "w25", "s25", "fa24", "sp25"]),
    "hw": lambda c: pick(HWS),
    "first": lambda c: pick(FIRST),
    "first2": lambda c: pick([f for f in FIRST if f != c["first"]]),
    "last": lambda c: pick(LAST),
    "prof": lambda c: pick(["Prof.", "Dr.", "Ms.", "Mr.", "Mx."]) + " " + pick(LAST),
    "nm": lambda c: pick(NAMES_ASCII),
    "user": lambda c: _user(),
    "user2": lambda c: _user(),
    "ghu": lambda c: pick(NAMES_ASCII) + pick(["-codes", "dev", "-cs", "_", "42", "x", "-io", "hub",
                                               "-lab", "byte", "0", "-py"]) + pick(["", "", str(ri(1, 99))]),
    "org": lambda c: pick(["%s-%s-%s" % (c["sshort"], c["cslug"], c["term"]), "team-%s-%s" % (pick(ADJ), pick(NOUN)),
                           "%s-hackers" % c["sshort"], "%s-%s" % (c["cslug"], c["term"])]),
    "repo": lambda c: pick(["%s-pa%d" % (c["cslug"], ri(1, 6)), "%s-%s" % (pick(APPS), c["term"]),
                            "discord-study-bot", "hack-the-valley-%d" % ri(2023, 2025), "autograder",
                            "%s-final-project" % c["cslug"], "%s-backend" % pick(APPS), "capstone-app",
                            "icpc-notebook", "lab%d-%s" % (ri(1, 12), c["cslug"])]),
    "email": lambda c: "%s.%s@%s" % (pick(NAMES_ASCII), pick(LAST).lower(), pick(["gmail.com", "outlook.com", "proton.me", "yahoo.com"])),
    "semail": lambda c: "%s%s@%s" % (pick(NAMES_ASCII), pick([".", "_", ""]) + pick(LAST).lower()[:ri(1, 6)], pick(["students.", "mail.", "stu.", "", "alumnos."]) + c["dom"]),
    "host": lambda c: _host(c),
    "ip": lambda c: pick(["10.%d.%d.%d" % (ri(0, 255), ri(0, 255), ri(2, 254)), "192.168.%d.%d" % (ri(0, 9), ri(2, 254)),
                          "172.%d.%d.%d" % (ri(16, 31), ri(0, 255), ri(2, 254)), "203.0.113.%d" % ri(2, 254),
                          "198.51.100.%d" % ri(2, 254)]),
    "db": lambda c: pick(DBS),
    "port": lambda c: pick(["5432", "3306", "27017", "6379", "8080", "3000", "5000", "8000"]),
    "port5": lambda c: str(ri(10000, 19999)),
    "adj": lambda c: pick(ADJ),
    "noun": lambda c: pick(NOUN),
    "app": lambda c: "%s-%s" % (pick(APPS), rs(LODIG, 3)),
    "app2": lambda c: "%s-%s-%d" % (pick(ADJ), pick(NOUN), ri(10, 999)),
    "proj": lambda c: "%s-%s" % (pick(APPS), rs(HEX, 5)),
    "sbref": lambda c: rs(LOW, 20),
    "snow": lambda c: str(ri(10 ** 17 * 7, 10 ** 18 * 13 // 10)),
    "snow2": lambda c: str(ri(10 ** 17 * 7, 10 ** 18 * 13 // 10)),
    "twsid": lambda c: "AC" + rs(HEX, 32),
    "aws_id": lambda c: "AKIA" + rs(B32, 16),
    "asia_id": lambda c: "ASIA" + rs(B32, 16),
    "acct_no": lambda c: str(ri(10 ** 11, 10 ** 12 - 1)),
    "bucket": lambda c: pick(["%s-%s-submissions" % (c["sshort"], c["cslug"]), "%s-uploads" % pick(APPS),
                              "%s-%s-datasets" % (c["cslug"], c["term"])]),
    "acct": lambda c: c["cslug"][:8] + pick(["stor", "files", "blob", "sa"]) + rs(LODIG, 4),
    "region": lambda c: pick(["us-east-1", "us-west-2", "eu-central-1", "ap-southeast-1", "sa-east-1", "eu-west-2"]),
    "ssid": lambda c: pick(SSIDS),
    "city": lambda c: pick(CITIES),
    "uuid": lambda c: uuid4(),
    "uuid2": lambda c: uuid4(),
    "sha": lambda c: rs(HEX, 40),
    "sha7": lambda c: rs(HEX, 7),
    "h5": lambda c: rs(LODIG, 5),
    "h8": lambda c: rs(HEX, 8),
    "h12": lambda c: rs(HEX, 12),
    "h16": lambda c: rs(HEX, 16),
    "h24": lambda c: rs(HEX, 24),
    "h32": lambda c: rs(HEX, 32),
    "h40": lambda c: rs(HEX, 40),
    "h64": lambda c: rs(HEX, 64),
    "lo5": lambda c: rs(LODIG, 5),
    "lo8": lambda c: rs(LODIG, 8),
    "lo14": lambda c: rs(LODIG, 14),
    "lo20": lambda c: rs(LODIG, 20),
    "up9": lambda c: rs(UPDIG, 9),
    "up10": lambda c: rs(UPDIG, 10),
    "up13": lambda c: rs(UPDIG, 13),
    "n": lambda c: str(ri(1, 9)),
    "n2": lambda c: str(ri(10, 99)),
    "n3": lambda c: str(ri(100, 999)),
    "n4": lambda c: str(ri(1000, 9999)),
    "n5": lambda c: str(ri(10000, 99999)),
    "n6": lambda c: str(ri(100000, 999999)),
    "n9": lambda c: str(ri(10 ** 8, 10 ** 9 - 1)),
    "n11": lambda c: str(ri(10 ** 10, 10 ** 11 - 1)),
    "n12": lambda c: str(ri(10 ** 11, 10 ** 12 - 1)),
    "date": lambda c: "%d-%02d-%02d" % (ri(2023, 2025), ri(1, 12), ri(1, 28)),
    "date8": lambda c: "%d%02d%02d" % (ri(2023, 2025), ri(1, 12), ri(1, 28)),
    "time": lambda c: "%02d:%02d" % (ri(0, 23), ri(0, 59)),
    "ts": lambda c: "%d-%02d-%02dT%02d:%02d:%02d" % (ri(2023, 2025), ri(1, 12), ri(1, 28), ri(0, 23), ri(0, 59), ri(0, 59)),
    "tsz": lambda c: "%d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (ri(2023, 2025), ri(1, 12), ri(1, 28), ri(0, 23), ri(0, 59), ri(0, 59), ri(0, 999)),
    "epoch": lambda c: str(ri(1690000000, 1760000000)),
    "pid": lambda c: str(ri(1200, 65000)),
    "line": lambda c: str(ri(3, 240)),
    "pyver": lambda c: pick(["3.9", "3.10", "3.11", "3.12"]),
    "guild": lambda c: pick(["%s study group" % c["course"], "%s %s" % (c["sshort"].upper(), pick(["Hackers", "Coding Club", "CS Society"])),
                             "Bootcamp Cohort %d" % ri(3, 30), "%s TA room" % c["course"]]),
    "team": lambda c: "Team %s %s" % (pick(ADJ).capitalize(), pick(NOUN).capitalize()),
}


def _user():
    s = ri(0, 6)
    n = pick(NAMES_ASCII)
    if s == 0:
        return n + pick(LAST).lower()[0]
    if s == 1:
        return n + str(ri(1, 99)).zfill(2)
    if s == 2:
        return "s" + str(ri(1000000, 9999999))
    if s == 3:
        return n + "." + pick(LAST).lower()
    if s == 4:
        return pick(["student", "ubuntu", "pi", "admin", "deploy", "app", "teamadmin", "grader", "ta"]) + pick(["", str(ri(1, 40))])
    if s == 5:
        return n[0] + pick(LAST).lower()
    return n


def _host(c):
    s = ri(0, 9)
    if s == 0:
        return "lab%d.cs.%s" % (ri(1, 12), c["dom"])
    if s == 1:
        return "ssh.%s" % c["dom"]
    if s == 2:
        return "%s-vm%02d.%s" % (c["cslug"], ri(1, 40), c["dom"])
    if s == 3:
        return "db.%s" % c["dom"]
    if s == 4:
        return "linux%d.eecs.%s" % (ri(1, 30), c["dom"])
    if s == 5:
        return "ec2-3-%d-%d-%d.compute-1.amazonaws.com" % (ri(0, 255), ri(0, 255), ri(1, 254))
    if s == 6:
        return "%s-%s.fly.dev" % (pick(APPS), rs(LODIG, 3))
    if s == 7:
        return "mysql-%s.%s.example.net" % (rs(LODIG, 6), pick(["freedb", "clever-cloud", "aivencloud"]))
    if s == 8:
        return "raspberrypi-%s.local" % rs(LODIG, 3)
    return "%s.%s" % (pick(["grader", "judge", "moodle", "jupyter", "git", "gitlab"]), c["dom"])


# ------------------------------------------------------- secret generators
SYM = "!*-_.+=?~^"


def _leet(w):
    m = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}
    return "".join(m[ch] if ch in m and _R.random() < 0.6 else ch for ch in w)


def _pron(k):
    return "".join(pick("bcdfghjklmnprstvz") + pick("aeiou") for _ in range(k))


def pw():
    s = ri(0, 11)
    w = pick(WORDS)
    if s == 0:
        r = w.capitalize() + str(ri(10, 9999)) + pick("!?*.#")
    elif s == 1:
        r = w + pick(WORDS).capitalize() + str(ri(1, 999))
    elif s == 2:
        r = _leet(w).capitalize() + pick("_-.!") + _leet(pick(WORDS)) + str(ri(1, 99))
    elif s == 3:
        r = pick(NAMES_ASCII).capitalize() + str(ri(1996, 2009)) + pick(["", "!", "*", "."])
    elif s == 4:
        r = _pron(ri(3, 4)) + str(ri(10, 999))
    elif s == 5:
        r = rs(AL + SYM, ri(14, 20))
    elif s == 6:
        r = "-".join(pick(WORDS) for _ in range(3)) + "-" + str(ri(1, 99))
    elif s == 7:
        r = pick(["Cs", "Lab", "Uni", "Hack", "Team", "Bootcamp", "Grupo", "Projekt"]) + w.capitalize() + str(ri(1, 999)) + pick("!?.")
    elif s == 8:
        r = pick(["Qwerty", "Asdf", "Zxcv", "1q2w3e", "Passw0rd"]) + pick(["_", "!", ""]) + w + str(ri(10, 99))
    elif s == 9:
        r = w.capitalize() + "." + pick(WORDS).capitalize() + "." + str(ri(2019, 2026))
    elif s == 10:
        r = rs(LOW, 4) + rs(DIG, 2) + rs(UPP, 2) + rs(LOW, 3) + pick(SYM) + rs(DIG, 2)
    else:
        r = pick(NAMES_ASCII) + pick([".", "+", "_"]) + pick(NAMES_ASCII) + str(ri(1, 31)).zfill(2) + str(ri(1, 12)).zfill(2)
    while len(r) < 8:
        r += str(ri(0, 9))
    return r


def pwq():
    r = pw()
    i = ri(1, len(r) - 1)
    return r[:i] + pick("@$&#%") + r[i:]


def pwu():
    return "".join(ch if ch in AL + "-._~" else pick("-_.") for ch in pw())


def pwsp():
    return " ".join(pick(WORDS) for _ in range(ri(3, 5))) + pick(["", " " + str(ri(1, 99)), "!"])


def pin():
    return rs(DIG, ri(8, 10))


def gmail_app():
    return " ".join(rs(LOW, 4) for _ in range(4))


def snowflake():
    return str(ri(10 ** 17 * 7, 10 ** 18 * 13 // 10))


def discord_bot():
    return b64(snowflake()).rstrip("=") + "." + rs(URLS, 6) + "." + rs(URLS, 38)


def jwt(payload, alg="HS256", siglen=43):
    h = b64u(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")))
    p = b64u(json.dumps(payload, separators=(",", ":")))
    return h + "." + p + "." + rs(URLS, siglen)


def jwt_session():
    t = ri(1700000000, 1750000000)
    return jwt({"sub": str(ri(1, 99999)), "email": "%s@%s" % (pick(NAMES_ASCII), pick(SCHOOLS)[1]),
                "role": pick(["student", "admin", "ta", "user"]), "iat": t, "exp": t + 86400 * ri(1, 30)})


def supabase_service():
    t = ri(1690000000, 1740000000)
    return jwt({"iss": "supabase", "ref": rs(LOW, 20), "role": "service_role", "iat": t, "exp": t + 315360000})


def _lines(s, n):
    return [s[i:i + n] for i in range(0, len(s), n)]


def rsa_body_lines():
    pre = "MII" + pick(["Ev", "Eu", "Ew"]) + "gIBADANBgkqhkiG9w0BAQEFAASC" + pick(["BKgwggSkAgEAAoIBAQ", "BKcwggSjAgEAAoIBAQ", "BKkwggSlAgEAAoIBAQ"])
    body = pre + rs(B64C, 1624 - len(pre) - 1) + "="
    return _lines(body, 64)


def rsa1_body_lines():
    pre = "MIIEpAIBAAKCAQEA"
    body = pre + rs(B64C, 1588 - len(pre))
    return _lines(body, 64)


def ec_body_lines():
    body = "MHcCAQEEI" + rs(B64C, 43) + "oAoGCCqGSM49AwEHoUQDQgAE" + rs(B64C, 86) + "=="
    return _lines(body, 64)


def p8_body_lines():
    body = "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg" + rs(B64C, 43) + "oAoGCCqGSM49AwEHoUQDQgAE" + rs(B64C, 86)
    return _lines(body, 64)


def openssh_body_lines():
    first = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
    rest = "QyNTUxOQAAACD" + rs(B64C, 57) + rs(B64C, 70 * 3) + rs(B64C, 24) + "="
    return [first] + _lines(rest, 70)


def openssh_rsa_lines():
    first = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABlwAAAAdzc2gtcn"
    rest = "NhAAAAAwEAAQAAAYEA" + rs(B64C, 70 * 24 - 18) + rs(B64C, 40) + "="
    return [first] + _lines(rest, 70)


GEN = {
    "pw": pw, "pwq": pwq, "pwu": pwu, "pwsp": pwsp, "pin": pin, "gmail": gmail_app,
    "hex32": lambda: rs(HEX, 32), "hex40": lambda: rs(HEX, 40), "hex48": lambda: rs(HEX, 48),
    "hex64": lambda: rs(HEX, 64), "hex128": lambda: rs(HEX, 128), "uhex32": lambda: rs(UHEX, 32),
    "b64_32": lambda: b64(rbytes(32)), "b64_24": lambda: b64(rbytes(24)), "b64_48": lambda: b64(rbytes(48)),
    "url32": lambda: rs(URLS, 32), "url43": lambda: rs(URLS, 43), "al24": lambda: rs(AL, 24),
    "al32": lambda: rs(AL, 32), "al40": lambda: rs(AL, 40), "lo30": lambda: rs(LODIG, 30),
    "uuid": uuid4,
    "ghp": lambda: "ghp_" + rs(AL, 36), "gho": lambda: "gho_" + rs(AL, 36), "ghu": lambda: "ghu_" + rs(AL, 36),
    "ghs": lambda: "ghs_" + rs(AL, 36), "ghr": lambda: "ghr_" + rs(AL, 76),
    "ghfine": lambda: "github_pat_11" + rs(UPDIG, 20) + "_" + rs(AL, 59),
    "glpat": lambda: "glpat-" + rs(URLS, 20), "glrt": lambda: "glrt-" + rs(URLS, 20),
    "openai": lambda: "sk-proj-" + rs(URLS, 58) + "T3BlbkFJ" + rs(URLS, 58),
    "openai_old": lambda: "sk-" + rs(AL, 20) + "T3BlbkFJ" + rs(AL, 20),
    "anthropic": lambda: "sk-ant-api03-" + rs(URLS, 93) + "AA",
    "gapi": lambda: "AIza" + rs(URLS, 35), "gocspx": lambda: "GOCSPX-" + rs(URLS, 28),
    "ya29": lambda: "ya29.a0" + rs(URLS, 140), "g1refresh": lambda: "1//0" + pick("gcdfe") + rs(URLS, 98),
    "xoxb": lambda: "xoxb-" + rs(DIG, 12) + "-" + rs(DIG, 13) + "-" + rs(AL, 24),
    "xoxp": lambda: "xoxp-" + rs(DIG, 12) + "-" + rs(DIG, 12) + "-" + rs(DIG, 13) + "-" + rs(HEX, 32),
    "xapp": lambda: "xapp-1-A" + rs(UPDIG, 10) + "-" + rs(DIG, 13) + "-" + rs(HEX, 64),
    "slackwh": lambda: rs(AL, 24), "discord": discord_bot, "discordwh": lambda: rs(URLS, 68),
    "telegram": lambda: str(ri(10 ** 9, 8 * 10 ** 9)) + ":AA" + rs(URLS, 33),
    "sk_test": lambda: "sk_test_51" + rs(AL, 22) + rs(AL, 75), "sk_live": lambda: "sk_live_51" + rs(AL, 97),
    "rk_test": lambda: "rk_test_51" + rs(AL, 97), "rk_live": lambda: "rk_live_51" + rs(AL, 97),
    "whsec": lambda: "whsec_" + rs(AL, 32),
    "sendgrid": lambda: "SG." + rs(URLS, 22) + "." + rs(URLS, 43),
    "mailgun": lambda: "key-" + rs(HEX, 32), "resend": lambda: "re_" + rs(AL, 8) + "_" + rs(AL, 24),
    "brevo": lambda: "xkeysib-" + rs(HEX, 64) + "-" + rs(AL, 16),
    "mailchimp": lambda: rs(HEX, 32) + "-us" + str(ri(1, 21)),
    "aws_secret": lambda: rs(AL + "+/", 40),
    "aws_session": lambda: "IQoJb3JpZ2luX2VjE" + rs(B64C, 300) + "=",
    "azkey": lambda: b64(rbytes(64)), "azsecret": lambda: rs(AL, 3) + str(ri(0, 9)) + "Q~" + rs(AL + "_.-~", 34),
    "npm": lambda: "npm_" + rs(AL, 36), "pypi": lambda: "pypi-AgEIcHlwaS5vcmc" + rs(URLS, 150),
    "hf": lambda: "hf_" + rs(AL, 34), "replicate": lambda: "r8_" + rs(AL, 37), "groq": lambda: "gsk_" + rs(AL, 52),
    "openrouter": lambda: "sk-or-v1-" + rs(HEX, 64), "pplx": lambda: "pplx-" + rs(AL, 48),
    "deepseek": lambda: "sk-" + rs(HEX, 32), "xai": lambda: "xai-" + rs(AL, 80),
    "elevenlabs": lambda: "sk_" + rs(HEX, 48), "langsmith": lambda: "lsv2_pt_" + rs(HEX, 32) + "_" + rs(HEX, 10),
    "tavily": lambda: "tvly-" + rs(AL, 32), "pinecone": lambda: "pcsk_" + rs(AL, 6) + "_" + rs(AL, 64),
    "dckr": lambda: "dckr_pat_" + rs(URLS, 27), "do": lambda: "dop_v1_" + rs(HEX, 64),
    "nfp": lambda: "nfp_" + rs(AL, 36), "vercel": lambda: rs(AL, 24), "render": lambda: "rnd_" + rs(AL, 28),
    "heroku": lambda: "HRKU-AA" + rs(URLS, 58), "fly": lambda: "fm2_" + rs(B64C, 180),
    "cf": lambda: rs(URLS, 40), "sbsecret": lambda: "sb_secret_" + rs(URLS, 31),
    "sbjwt": supabase_service, "jwt": jwt_session,
    "pscale": lambda: "pscale_pw_" + rs(URLS, 43), "neon": lambda: "npg_" + rs(AL, 12),
    "upstash": lambda: "A" + pick("XYZ") + rs(URLS, 6) + "ASQg" + rs(URLS, 50),
    "canvas": lambda: str(ri(1, 21000)) + "~" + rs(AL, 64), "moodle": lambda: rs(HEX, 32),
    "doppler": lambda: "dp.st." + pick(["dev", "stg", "prd"]) + "." + rs(AL, 43),
    "vault": lambda: "hvs.CAESI" + rs(URLS, 86), "age": lambda: "AGE-SECRET-KEY-1" + rs(UPP + "023456789", 58),
    "eth": lambda: rs(HEX, 64), "mnemonic": lambda: " ".join(pick(MNEMO) for _ in range(12)),
    "solana": lambda: "[" + ",".join(str(ri(0, 255)) for _ in range(64)) + "]",
    "totp": lambda: rs(B32, 32), "django": lambda: "django-insecure-" + rs(LOW + DIG + "!@#%^&*(-_=+)", 50),
    "laravel": lambda: "base64:" + b64(rbytes(32)), "ngrok": lambda: "2" + rs(AL, 26) + "_" + rs(AL, 21),
    "rapidapi": lambda: rs(HEX, 10) + "msh" + rs(HEX, 15) + "p1" + rs(HEX, 6) + "jsn" + rs(HEX, 12),
    "riot": lambda: "RGAPI-" + uuid4(), "twitch": lambda: "oauth:" + rs(LODIG, 30),
    "twbearer": lambda: "AAAAAAAAAAAAAAAAAAAAA" + rs(AL, 24) + "%3D" + rs(AL, 50),
    "recaptcha": lambda: "6L" + rs(URLS, 38), "hcaptcha": lambda: "0x" + rs(HEX, 40),
    "aio": lambda: "aio_" + rs(AL, 28), "blynk": lambda: rs(URLS, 32), "thingspeak": lambda: rs(UPDIG, 16),
    "notion": lambda: "ntn_" + rs(AL, 46), "notion_old": lambda: "secret_" + rs(AL, 43),
    "airtable": lambda: "pat" + rs(AL, 14) + "." + rs(HEX, 64), "linear": lambda: "lin_api_" + rs(AL, 40),
    "postman": lambda: "PMAK-" + rs(HEX, 24) + "-" + rs(HEX, 34), "figma": lambda: "figd_" + rs(URLS, 40),
    "mapbox": lambda: "sk.eyJ1Ijoi" + b64u(pick(NAMES_ASCII) + "\",\"a\":\"")[:12] + rs(URLS, 40) + "." + rs(URLS, 22),
    "shopify": lambda: "shpat_" + rs(HEX, 32), "square": lambda: "EAAA" + rs(URLS, 60),
    "paypal": lambda: "E" + rs(URLS, 79), "sentry": lambda: "sntryu_" + rs(HEX, 64),
    "newrelic": lambda: "NRAK-" + rs(UPDIG, 27), "grafana": lambda: "glsa_" + rs(AL, 32) + "_" + rs(HEX, 8),
    "atlassian": lambda: "ATATT3xFfGF0" + rs(URLS, 170) + "=" + rs(UHEX, 8),
    "trello": lambda: "ATTA" + rs(HEX, 64) + rs(UHEX, 8),
    "asana": lambda: "2/" + rs(DIG, 16) + "/" + rs(DIG, 16) + ":" + rs(HEX, 32),
    "clickup": lambda: "pk_" + rs(DIG, 8) + "_" + rs(UPDIG, 32), "contentful": lambda: "CFPAT-" + rs(URLS, 43),
    "dropbox": lambda: "sl.u." + rs(URLS, 140), "okta": lambda: "00" + rs(URLS, 40),
    "sonar": lambda: "squ_" + rs(HEX, 40), "circleci": lambda: "CCIPAT_" + rs(AL, 22) + "_" + rs(HEX, 40),
    "rubygems": lambda: "rubygems_" + rs(HEX, 48), "pulumi": lambda: "pul-" + rs(HEX, 40),
    "bitbucket": lambda: "ATBB" + rs(AL, 28) + rs(UHEX, 8), "gitea": lambda: rs(HEX, 40),
    "glcbt": lambda: "glcbt-64_" + rs(URLS, 20), "tfc": lambda: rs(AL, 14) + ".atlasv1." + rs(AL, 67),
    "firebase_refresh": lambda: "AMf-vB" + rs(URLS, 180), "fauna": lambda: "fnA" + rs(URLS, 37),
    "oracle_auth": lambda: rs(AL + ";:()<>[]{}+.", 20), "ibm": lambda: rs(URLS, 44),
    "alchemy": lambda: rs(URLS, 32), "etherscan": lambda: rs(UPDIG, 34), "wolfram": lambda: rs(UPDIG, 6) + "-" + rs(UPDIG, 10),
    "sas_sig": lambda: b64(rbytes(32)).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
    "s3sig": lambda: rs(HEX, 64), "gcssig": lambda: rs(HEX, 512),
    "cfsig": lambda: rs(AL + "-~", 170) + "__",
    "cookie_connect": lambda: "s%3A" + rs(URLS, 32) + "." + rs(AL + "%2B", 43),
    "phpsess": lambda: rs(LODIG, 26), "flask_session": lambda: "eyJ" + rs(URLS, 60) + "." + rs(URLS, 6) + "." + rs(URLS, 27),
    "roblox": lambda: "_|WARNING:-DO-NOT-SHARE-THIS.--Sharing-this-will-allow-someone-to-log-in-as-you-and-to-steal-your-ROBUX-and-items.|_" + rs(UHEX, 320),
    "codes": lambda: "\n".join("%04d %04d" % (ri(0, 9999), ri(0, 9999)) for _ in range(5)),
    "lti": lambda: rs(AL, 32), "zoompwd": lambda: rs(AL, 32) + ".1",
    "railway": uuid4, "cloudinary": lambda: rs(URLS, 27), "pusher": lambda: rs(HEX, 20),
    "ably": lambda: rs(URLS, 43), "algolia": lambda: rs(HEX, 32), "datadog": lambda: rs(HEX, 32),
    "auth0": lambda: rs(URLS, 64), "clerk": lambda: "sk_test_" + rs(AL, 42),
    "expo": lambda: rs(URLS, 40), "modal": lambda: "as-" + rs(AL, 22), "convex": lambda: "prod:" + pick(ADJ) + "-" + pick(NOUN) + "-" + str(ri(100, 999)) + "|" + rs(URLS, 96),
    "turso": lambda: jwt({"a": "rw", "iat": ri(1700000000, 1750000000), "id": uuid4()}, alg="EdDSA", siglen=86),
    "leetcode": lambda: jwt({"_auth_user_id": str(ri(10 ** 6, 10 ** 7)), "_auth_user_backend": "django.contrib.auth.backends.ModelBackend", "_session_expiry": 1209600}),
    "tmdb": lambda: jwt({"aud": rs(HEX, 32), "nbf": ri(1700000000, 1750000000), "sub": rs(HEX, 24), "scopes": ["api_read"], "version": 1}, alg="HS256"),
    "codecov": uuid4, "snyk": uuid4,
}


# ------------------------------------------------------------ template DSL
TEMPLATES = {}
_G = [None]


def G(name):
    _G[0] = name
    TEMPLATES.setdefault(name, [])


def T(fmt, text, kind, vis=""):
    TEMPLATES[_G[0]].append((fmt, text, kind, vis))


def pem(fn, sep="\n"):
    return lambda c: sep.join(fn())


def basic(userkey="user", gen=None):
    def f(c):
        return b64(c[userkey] + ":" + (gen or pw)())
    return f


def setv(c, k, v):
    c[k] = v
    return v


# =================================================================== command
G("command")
T("psql-uri-inline-sslmode", 'psql "postgresql://{user}:{S}@{host}:5432/{db}?sslmode=require"', "pwu", "{host}")
T("pgpassword-env-prefix", "PGPASSWORD='{S}' psql -h {host} -U {user} -d {db} -c '\\dt'", "pw", "psql -h {host}")
T("mysql-dash-p-attached", "mysql -u root -p{S} -h 127.0.0.1 {db} < schema.sql", "pw", "schema.sql")
T("mysqldump-password-long-flag", "mysqldump --user={user} --password={S} --host={host} {db} > backup_{date}.sql", "pw", "mysqldump")
T("mongosh-srv-uri", 'mongosh "mongodb+srv://{user}:{S}@cluster0.{h5}.mongodb.net/{db}" --apiVersion 1', "pwu", "mongosh")
T("redis-cli-dash-a", "redis-cli -h redis-{port5}.c{n}.us-east-1-2.ec2.redns.redis-cloud.com -p {port5} -a {S} --no-auth-warning ping", "al32", "redis-cli")
T("sshpass-lab-login-remote-make", "sshpass -p '{S}' ssh {user}@{host} 'cd ~/{cslug} && make test'", "pw", "{user}@{host}")
T("curl-basic-u-grades", "curl -u {user}:{S} https://{host}/api/grades.json | jq '.[0]'", "pw", "curl")
T("curl-bearer-openai-chat", 'curl https://api.openai.com/v1/chat/completions \\\n  -H "Authorization: Bearer {S}" \\\n  -H "Content-Type: application/json" \\\n  -d @prompt.json', "openai", "api.openai.com")
T("curl-canvas-bearer-assignments", 'curl -s -H "Authorization: Bearer {S}" "https://canvas.{dom}/api/v1/courses/{n4}/assignments?per_page=100" | jq length', "canvas", "canvas.{dom}")
T("curl-moodle-wstoken-query", 'curl "https://moodle.{dom}/webservice/rest/server.php?wstoken={S}&wsfunction=core_course_get_contents&moodlewsrestformat=json&courseid={n3}"', "moodle", "core_course_get_contents")
T("git-clone-user-token-url", "git clone https://{ghu}:{S}@github.com/{org}/{repo}.git", "ghp", "github.com/{org}/{repo}")
T("git-remote-set-url-oauth2", "git remote set-url origin https://oauth2:{S}@gitlab.{dom}/{ghu}/{repo}.git", "glpat", "git remote set-url origin")
T("export-openai-unquoted", "export OPENAI_API_KEY={S}\npython3 summarize_lectures.py --week {n}", "openai_old", "OPENAI_API_KEY")
T("export-anthropic-quoted-then-run", 'export ANTHROPIC_API_KEY="{S}"\npython agent.py --task "{hw}"', "anthropic", "ANTHROPIC_API_KEY")
T("gh-auth-login-with-token-pipe", "echo {S} | gh auth login --with-token", "ghfine", "gh auth login")
T("vercel-env-add-herestring", 'vercel env add DATABASE_URL production <<< "postgresql://default:{S}@ep-{adj}-{noun}-{n6}.us-east-1.aws.neon.tech/verceldb?sslmode=require"', "neon", "vercel env add")
T("npx-vercel-token-flag", "npx vercel --prod --token {S} --yes", "vercel", "npx vercel --prod")
T("netlify-deploy-auth-flag", "netlify deploy --prod --dir=dist --auth {S} --site {uuid}", "nfp", "netlify deploy")
T("firebase-deploy-token-flag", 'firebase deploy --only hosting,functions --token "{S}" --project {proj}', "g1refresh", "--project {proj}")
T("firebase-functions-config-set", 'firebase functions:config:set stripe.secret="{S}" stripe.mode=test', "sk_test", "functions:config:set")
T("supabase-db-push-db-url", 'supabase db push --db-url "postgresql://postgres.{sbref}:{S}@aws-0-{region}.pooler.supabase.com:6543/postgres"', "pwu", "supabase db push")
T("supabase-secrets-set-kv", "supabase secrets set RESEND_API_KEY={S} --project-ref {sbref}", "resend", "supabase secrets set")
T("heroku-config-set-jwt", "heroku config:set JWT_SECRET={S} -a {app}", "hex48", "heroku config:set")
T("fly-secrets-set-discord", "fly secrets set DISCORD_TOKEN={S} --app {app}", "discord", "fly secrets set")
T("railway-variables-set-quoted", 'railway variables --set "SESSION_SECRET={S}" --service web', "b64_32", "railway variables")
T("curl-render-deploy-bearer", 'curl -X POST https://api.render.com/v1/services/srv-{lo20}/deploys -H "Authorization: Bearer {S}" -H "Accept: application/json"', "render", "api.render.com")
T("docker-run-mysql-root-pass", "docker run -d --name {cslug}-mysql -e MYSQL_ROOT_PASSWORD={S} -p 3306:3306 mysql:8.0", "pw", "mysql:8.0")
T("docker-run-postgres-quoted", "docker run --rm -e POSTGRES_USER={user} -e POSTGRES_PASSWORD='{S}' -p 5432:5432 postgres:16-alpine", "pwq", "postgres:16-alpine")
T("docker-login-password-stdin-echo", 'echo "{S}" | docker login -u {ghu} --password-stdin', "dckr", "docker login -u {ghu}")
T("docker-login-ghcr-p-flag", "docker login ghcr.io -u {ghu} -p {S}", "ghp", "docker login ghcr.io")
T("npm-config-set-authtoken", "npm config set //registry.npmjs.org/:_authToken {S}", "npm", "npm config set")
T("twine-upload-token-p", "twine upload dist/* -u __token__ -p {S}", "pypi", "twine upload dist/*")
T("huggingface-cli-login-token", "huggingface-cli login --token {S} --add-to-git-credential", "hf", "huggingface-cli login")
T("wandb-login-positional", "wandb login {S}\npython train.py --epochs 20 --run-name {nm}-baseline", "hex40", "wandb login")
T("ngrok-add-authtoken-chain", "ngrok config add-authtoken {S} && ngrok http 3000", "ngrok", "ngrok http 3000")
T("kaggle-json-echo-redirect", "mkdir -p ~/.kaggle && echo '{\"username\":\"{ghu}\",\"key\":\"{S}\"}' > ~/.kaggle/kaggle.json && chmod 600 ~/.kaggle/kaggle.json", "hex32", "chmod 600 ~/.kaggle/kaggle.json")
T("aws-configure-set-secret-profile", "aws configure set aws_secret_access_key {S} --profile learnerlab", "aws_secret", "--profile learnerlab")
T("aws-cli-env-prefix-s3-ls", "AWS_ACCESS_KEY_ID={aws_id} AWS_SECRET_ACCESS_KEY={S} aws s3 ls s3://{bucket}/", "aws_secret", "aws s3 ls s3://{bucket}/")
T("az-login-service-principal-p", "az login --service-principal -u {uuid} -p '{S}' --tenant {uuid2}", "azsecret", "az login --service-principal")
T("az-storage-upload-account-key", 'az storage blob upload --account-name {acct} --account-key "{S}" -c submissions -f report.pdf -n {user}/report.pdf', "azkey", "--account-name {acct}")
T("doctl-auth-init-t", "doctl auth init -t {S} --context student-pack", "do", "doctl auth init")
T("wget-user-password-flags", "wget --user={user} --password='{S}' https://{host}/~{user}/private/solutions.zip", "pwq", "wget --user={user}")
T("unzip-capital-p-exam-archive", "unzip -P {S} midterm_materials.zip -d midterm/", "pw", "midterm_materials.zip")
T("7z-x-p-attached", '7z x -p"{S}" dataset_final.7z -o./data', "pw", "dataset_final.7z")
T("zip-r-capital-p-submission", "zip -r -P '{S}' submission_{user}.zip src/ README.md", "pw", "submission_{user}.zip")
T("openssl-genrsa-passout", "openssl genrsa -aes256 -passout pass:{S} -out server.key 2048", "pw", "openssl genrsa")
T("keytool-storepass-keypass", "keytool -genkeypair -v -keystore release.jks -alias upload -keyalg RSA -keysize 2048 -validity 10000 -storepass {S} -keypass {S} -dname \"CN={first} {last}\"", "pw", "keytool -genkeypair")
T("smbclient-domain-user-percent", "smbclient //fs.{dom}/students -U '{sshort}\\{user}%{S}' -c 'ls'", "pw", "smbclient //fs.{dom}/students")
T("lftp-user-comma-pass-mirror", "lftp -u {user},'{S}' ftp.{dom} -e \"mirror -R public_html /public_html; bye\"", "pw", "lftp -u {user}")
T("git-credential-approve-heredoc", "git credential approve <<'CRED'\nprotocol=https\nhost=github.com\nusername={ghu}\npassword={S}\nCRED", "ghp", "git credential approve")
T("python-c-one-liner-apikey", "python3 -c \"from openai import OpenAI; c=OpenAI(api_key='{S}'); print([m.id for m in c.models.list()][:5])\"", "openai", "python3 -c")
T("node-env-prefix-deploy-commands", "DISCORD_TOKEN={S} CLIENT_ID={snow} GUILD_ID={snow2} node deploy-commands.js", "discord", "node deploy-commands.js")
T("printf-append-streamlit-secrets", "printf 'GEMINI_API_KEY = \"%s\"\\n' '{S}' >> .streamlit/secrets.toml", "gapi", ".streamlit/secrets.toml")
T("gh-secret-set-body", 'gh secret set CANVAS_TOKEN --body "{S}" --repo {org}/{repo}', "canvas", "gh secret set CANVAS_TOKEN")
T("glab-variable-set-masked", 'glab variable set SUPABASE_SERVICE_KEY "{S}" --masked', "sbjwt", "glab variable set")
T("httpie-auth-login", "http -a {user}:{S} POST :8000/api/login/ remember:=true", "pw", "http -a {user}")
T("httpie-twitch-bearer-header", 'http GET https://api.twitch.tv/helix/users Authorization:"Bearer {S}" Client-Id:{lo20}', "lo30", "api.twitch.tv/helix/users")
T("psql-keyword-conninfo", 'psql "host={host} port=5432 dbname={db} user={user} password={S} sslmode=require"', "pw", "dbname={db}")
T("sqlcmd-sa-capital-p", "sqlcmd -S {host},1433 -U sa -P '{S}' -Q \"SELECT name FROM sys.databases\"", "pwq", "sqlcmd -S {host},1433")
T("mongoimport-uri-authsource", 'mongoimport --uri "mongodb://{user}:{S}@localhost:27017/{db}?authSource=admin" --collection students --file roster.json --jsonArray', "pwu", "mongoimport")
T("rclone-config-create-webdav", "rclone config create schooldrive webdav url=https://dav.{dom}/ vendor=other user={user} pass={S} --obscure", "pw", "rclone config create")
T("sshpass-scp-attached-p", "sshpass -p{S} scp -r ./hw{n} {user}@{host}:~/submit/", "pw", "{user}@{host}:~/submit/")
T("expect-inline-send-password", "expect -c 'spawn ssh {user}@{host}; expect \"password:\"; send \"{S}\\r\"; interact'", "pw", "spawn ssh {user}@{host}")
T("stripe-listen-api-key-flag", "stripe listen --forward-to localhost:3000/api/webhook --api-key {S}", "rk_test", "stripe listen")
T("twilio-curl-basic-sid-token", 'curl -X POST https://api.twilio.com/2010-04-01/Accounts/{twsid}/Messages.json \\\n  --data-urlencode "Body=hackathon test" --data-urlencode "To=+1555{n6}0" \\\n  -u {twsid}:{S}', "hex32", "api.twilio.com")
T("sendgrid-curl-bearer", "curl --request POST --url https://api.sendgrid.com/v3/mail/send --header 'Authorization: Bearer {S}' --header 'Content-Type: application/json' --data @mail.json", "sendgrid", "api.sendgrid.com")
T("discord-webhook-curl-post", "curl -H \"Content-Type: application/json\" -d '{\"content\":\"build passed :white_check_mark:\"}' https://discord.com/api/webhooks/{snow}/{S}", "discordwh", "discord.com/api/webhooks/{snow}")
T("slack-webhook-curl-post", "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"Autograder finished for {cslug}\"}' https://hooks.slack.com/services/T{up9}/B{up10}/{S}", "slackwh", "hooks.slack.com/services")
T("telegram-sendmessage-url", 'curl "https://api.telegram.org/bot{S}/sendMessage?chat_id=-100{n9}&text=deadline+in+1h"', "telegram", "api.telegram.org")
T("jupyter-notebook-token-flag", "jupyter notebook --no-browser --port=8890 --NotebookApp.token='{S}'", "hex48", "jupyter notebook --no-browser")
T("wrangler-secret-put-echo", 'echo "{S}" | npx wrangler secret put OPENAI_KEY', "openai", "wrangler secret put")
T("mosquitto-pub-user-capital-p", "mosquitto_pub -h broker.{dom} -p 8883 -u {user} -P '{S}' -t lab/esp32/temp -m 22.4", "pw", "mosquitto_pub -h broker.{dom}")
T("windows-cmd-set-and-run", "set GITHUB_TOKEN={S} && npm run release", "ghp", "npm run release")
T("powershell-env-assign-run", '$env:GROQ_API_KEY = "{S}"; python .\\chatbot.py', "groq", "chatbot.py")
T("conda-env-config-vars-set", "conda env config vars set HF_TOKEN={S} -n nlp-class", "hf", "conda env config vars set")
T("git-config-url-insteadof-token", 'git config --global url."https://{ghu}:{S}@github.com/".insteadOf "https://github.com/"', "gho", "insteadOf")
T("pip-install-index-url-token", "pip install -i https://__token__:{S}@gitlab.{dom}/api/v4/projects/{n4}/packages/pypi/simple autograder-utils", "glpat", "autograder-utils")
T("git-push-heroku-token-url", "git push https://heroku:{S}@git.heroku.com/{app}.git main", "heroku", "git.heroku.com/{app}.git")
T("swaks-gmail-auth-password", "swaks --to {email} --server smtp.gmail.com:587 --tls --auth LOGIN --auth-user {semail} --auth-password '{S}'", "gmail", "swaks --to {email}")
T("ssh-keygen-dash-n-passphrase", "ssh-keygen -t ed25519 -C \"{semail}\" -N '{S}' -f ~/.ssh/id_lab", "pwsp", "ssh-keygen -t ed25519")
T("htpasswd-b-create", "htpasswd -b -c .htpasswd {user} {S}", "pw", "htpasswd -b -c .htpasswd")
T("sudo-psql-alter-user-password", "sudo -u postgres psql -c \"ALTER USER {user} WITH PASSWORD '{S}';\"", "pw", "sudo -u postgres psql")
T("mysql-e-create-user-identified", "mysql -uroot -e \"CREATE USER '{user}'@'%' IDENTIFIED BY '{S}'; GRANT ALL ON {db}.* TO '{user}'@'%';\"", "pw", "GRANT ALL ON {db}.*")
T("curl-x-api-key-header-weather", 'curl -s "https://api.weatherapi.example/v1/current.json?q={city}" -H "X-Api-Key: {S}"', "hex32", "current.json?q={city}")
T("curl-codeforces-api-secret-note", "# codeforces api: key {h40}\n# secret below, sig = sha512(rand/method?params#secret)\nCF_SECRET={S} python3 cf_sig.py user.friends", "hex40", "cf_sig.py user.friends")

# =============================================================== tool-output
G("tool-output")
T("env-grep-key-token-lines", "$ env | grep -E 'KEY|TOKEN'\nGEMINI_API_KEY={S}\nKEYTIMEOUT=1\nHISTCONTROL_TOKEN_SEP=,", "gapi", "GEMINI_API_KEY")
T("cat-dotenv-mongo-uri", "$ cat .env\nPORT=3000\nMONGODB_URI=mongodb+srv://{user}:{S}@cluster0.{h5}.mongodb.net/?retryWrites=true&w=majority\nNODE_ENV=development", "pwu", "PORT=3000")
T("cat-aws-credentials-learner-lab", "$ cat ~/.aws/credentials\n[default]\naws_access_key_id={asia_id}\naws_secret_access_key={S}\naws_session_token=IQoJb3JpZ2luX2VjE{h64}", "aws_secret", "[default]")
T("aws-sts-get-session-token-json", '$ aws sts get-session-token --duration-seconds 3600\n{\n    "Credentials": {\n        "AccessKeyId": "{asia_id}",\n        "SecretAccessKey": "{S}",\n        "Expiration": "{ts}+00:00"\n    }\n}', "aws_secret", '"AccessKeyId": "{asia_id}"')
T("learner-lab-aws-details-session-token", "AWS Details  >  AWS CLI:\n[default]\naws_access_key_id={asia_id}\naws_secret_access_key=<shown once, copied to ~/.aws>\naws_session_token={S}\nRemaining session time: 03:{n2}", "aws_session", "Remaining session time")
T("az-ad-sp-create-for-rbac-json", '$ az ad sp create-for-rbac --name {app}-sp --role contributor\n{\n  "appId": "{uuid}",\n  "displayName": "{app}-sp",\n  "password": "{S}",\n  "tenant": "{uuid2}"\n}', "azsecret", '"displayName": "{app}-sp"')
T("gh-auth-token-stdout", "$ gh auth token\n{S}", "gho", "gh auth token")
T("gh-auth-status-show-token", "$ gh auth status -t\ngithub.com\n  ✓ Logged in to github.com account {ghu} (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: {S}\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'", "gho", "Logged in to github.com account {ghu}")
T("git-config-list-remote-with-token", "$ git config --list --show-origin | grep remote\nfile:.git/config        remote.origin.url=https://{ghu}:{S}@github.com/{org}/{repo}.git\nfile:.git/config        remote.origin.fetch=+refs/heads/*:refs/remotes/origin/*", "ghp", "remote.origin.fetch")
T("cat-git-credentials-store", "$ cat ~/.git-credentials\nhttps://{ghu}:{S}@github.com", "ghp", "~/.git-credentials")
T("cat-docker-config-auths", '$ cat ~/.docker/config.json\n{\n  "auths": {\n    "https://index.docker.io/v1/": {\n      "auth": "{S}"\n    }\n  }\n}', basic("ghu"), "index.docker.io")
T("cat-npmrc-authtoken", "$ cat ~/.npmrc\n//registry.npmjs.org/:_authToken={S}\nsave-exact=true\ninit-author-name={first}", "npm", "save-exact=true")
T("cat-pypirc-token", "$ cat ~/.pypirc\n[distutils]\nindex-servers = pypi\n\n[pypi]\n  username = __token__\n  password = {S}", "pypi", "username = __token__")
T("cat-netrc-heroku", "$ cat ~/.netrc\nmachine api.heroku.com\n  login {semail}\n  password {S}\nmachine git.heroku.com\n  login {semail}", "heroku", "machine api.heroku.com")
T("cat-pgpass-line", "$ cat ~/.pgpass\n{host}:5432:{db}:{user}:{S}", "pw", "{host}:5432:{db}:{user}")
T("cat-my-cnf-client", '$ cat ~/.my.cnf\n[client]\nuser={user}\npassword="{S}"\nhost={host}', "pwq", "[client]")
T("docker-inspect-env-array", '$ docker inspect {cslug}-db --format \'{{json .Config.Env}}\' | jq .\n[\n  "POSTGRES_PASSWORD={S}",\n  "POSTGRES_DB={db}",\n  "PGDATA=/var/lib/postgresql/data"\n]', "pw", "PGDATA=/var/lib/postgresql/data")
T("kubectl-get-secret-yaml-b64-data", "$ kubectl get secret {app}-db -o yaml\napiVersion: v1\ndata:\n  password: {S}\n  username: " + "{user}" + "\nkind: Secret\nmetadata:\n  name: {app}-db", lambda c: b64(pw()), "kind: Secret")
T("kubectl-jsonpath-base64-decoded", "$ kubectl get secret {app}-db -o jsonpath='{.data.password}' | base64 -d\n{S}", "pw", "kubectl get secret {app}-db")
T("heroku-config-vars-listing", "$ heroku config -a {app}\n=== {app} Config Vars\nDATABASE_URL: postgres://u{lo14}:{S}@ec2-{n2}-{n3}-{n2}-{n2}.compute-1.amazonaws.com:5432/d{lo14}\nNODE_ENV:     production", "hex64", "=== {app} Config Vars")
T("vercel-env-pull-then-cat", '$ vercel env pull .env.local\n> Downloading `development` Environment Variables for {ghu}/{app}\n✅  Created .env.local file\n$ cat .env.local\n# Created by Vercel CLI\nNEXTAUTH_SECRET="{S}"\nNEXTAUTH_URL="http://localhost:3000"', "b64_32", "NEXTAUTH_URL")
T("supabase-status-local-keys", "$ supabase status\n         API URL: http://127.0.0.1:54321\n          DB URL: postgresql://postgres:postgres@127.0.0.1:54322/postgres\n      Studio URL: http://127.0.0.1:54323\n service_role key: {S}", "sbjwt", "Studio URL: http://127.0.0.1:54323")
T("supabase-projects-api-keys-table", "$ supabase projects api-keys --project-ref {sbref}\n\n       NAME      |  KEY VALUE\n  ---------------|------------------------------\n   service_role  | {S}", "sbjwt", "--project-ref {sbref}")
T("firebase-login-ci-output", "$ firebase login:ci\n\n✔  Success! Use this token to login on a CI server:\n\n{S}\n\nExample: firebase deploy --token \"$FIREBASE_TOKEN\"", "g1refresh", "firebase login:ci")
T("gcloud-print-access-token", "$ gcloud auth print-access-token\n{S}", "ya29", "gcloud auth print-access-token")
T("oauth-token-response-refresh", '{\n  "access_token": "ya29.a0{lo20}...",\n  "expires_in": 3599,\n  "refresh_token": "{S}",\n  "scope": "https://www.googleapis.com/auth/classroom.courses.readonly",\n  "token_type": "Bearer"\n}', "g1refresh", "classroom.courses.readonly")
T("jupyter-server-list-token-url", "$ jupyter server list\nCurrently running servers:\nhttp://localhost:8888/?token={S} :: /home/{user}/{cslug}", "hex48", "/home/{user}/{cslug}")
T("gitleaks-detect-finding", "$ gitleaks detect -v\nFinding:     DISCORD_TOKEN = \"{S}\"\nSecret:      {S}\nRuleID:      discord-bot-token\nEntropy:     5.12\nFile:        bot/config.py\nLine:        4\nCommit:      {sha}\nAuthor:      {first}", "discord", "bot/config.py")
T("trufflehog-verified-result", "Found verified result 🐷🔑\nDetector Type: Github\nDecoder Type: PLAIN\nRaw result: {S}\nFile: .env.example\nLine: 3\nRepository: https://github.com/{org}/{repo}.git", "ghp", "Detector Type: Github")
T("grep-rn-api-key-hit", '$ grep -rn "api_key" src/\nsrc/weather.py:3:api_key = "{S}"\nsrc/weather.py:11:    url = BASE + "?q=" + city_name + "&appid=" + api_key', "hex32", "src/weather.py")
T("git-log-p-removed-env-line", "$ git log -p -1 -- .env\ncommit {sha}\nAuthor: {first} <{semail}>\n\n    remove secrets (oops)\n\n--- a/.env\n+++ b/.env\n@@ -1,2 +1,2 @@\n-STRIPE_SECRET_KEY={S}\n+STRIPE_SECRET_KEY=", "sk_test", "remove secrets (oops)")
T("git-show-added-config-password", '$ git show {sha7} -- config/default.json\n@@ -4,6 +4,7 @@\n   "db": {\n     "host": "{host}",\n+    "password": "{S}",\n     "user": "{user}"', "pwq", '"host": "{host}"')
T("sqlite-select-users-plaintext", "sqlite> SELECT id, username, password FROM users LIMIT 1;\n1|admin|{S}", "pw", "SELECT id, username, password FROM users")
T("redis-config-get-requirepass", '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "{S}"', "al32", "CONFIG GET requirepass")
T("nmcli-show-password-qr", "$ nmcli dev wifi show-password\nSSID: {ssid}\nSecurity: WPA\nPassword: {S}", "pw", "SSID: {ssid}")
T("netsh-wlan-key-clear", "C:\\> netsh wlan show profile name=\"{ssid}\" key=clear\n...\nSecurity settings\n-----------------\n    Authentication         : WPA2-Personal\n    Security key           : Present\n    Key Content            : {S}", "pw", "WPA2-Personal")
T("macos-security-find-generic-w", "$ security find-generic-password -a {user} -s canvas-token -w\n{S}", "canvas", "security find-generic-password")
T("python-repl-django-secret-key", ">>> from django.conf import settings\n>>> settings.SECRET_KEY\n'{S}'", "django", "settings.SECRET_KEY")
T("node-repl-process-env-value", "> process.env.SUPABASE_SERVICE_ROLE_KEY\n'{S}'\n> process.env.NEXT_PUBLIC_SUPABASE_URL\n'https://{sbref}.supabase.co'", "sbsecret", "NEXT_PUBLIC_SUPABASE_URL")
T("rails-credentials-show-output", "$ EDITOR=cat bin/rails credentials:show\nsecret_key_base: {S}\nactive_storage_service: local", "hex128", "bin/rails credentials:show")
T("artisan-tinker-env-db-password", ">>> env('DB_PASSWORD')\n=> \"{S}\"\n>>> env('DB_DATABASE')\n=> \"{db}\"", "pw", "env('DB_DATABASE')")
T("docker-compose-config-rendered", "$ docker compose config\nservices:\n  db:\n    environment:\n      MYSQL_DATABASE: {db}\n      MYSQL_PASSWORD: {S}\n      MYSQL_USER: {user}\n    image: mysql:8.4", "pw", "docker compose config")
T("pulumi-stack-output-show-secrets", "$ pulumi stack output --show-secrets\nCurrent stack outputs (3):\n    OUTPUT        VALUE\n    bucketName    {bucket}\n    dbEndpoint    {host}\n    dbPassword    {S}", "pw", "bucketName")
T("terraform-output-raw-password", "$ terraform output -raw db_password\n{S}", "pw", "terraform output -raw db_password")
T("vault-kv-get-table", "$ vault kv get secret/{cslug}/db\n====== Data ======\nKey         Value\n---         -----\npassword    {S}\nusername    {user}", "pw", "====== Data ======")
T("doppler-secrets-get-plain", "$ doppler secrets get STRIPE_KEY --plain\n{S}", "sk_live", "doppler secrets get STRIPE_KEY")
T("ps-aux-cmdline-token-flag", "$ ps aux | grep sync\n{user}   {pid}  0.3  1.2 212344 48120 pts/1  S+  {time}  0:02 python3 sync_grades.py --canvas-token {S} --course {n5}", "canvas", "sync_grades.py")
T("crontab-l-curl-basic", "$ crontab -l\n*/15 * * * * /usr/bin/curl -s -u admin:{S} http://localhost:8080/cron/run > /dev/null 2>&1", "pw", "*/15 * * * *")
T("pm2-env-listing", "$ pm2 env 0\nNODE_ENV: production\nDB_HOST: {host}\nDB_PASS: {S}\nPORT: 3000", "pw", "DB_HOST: {host}")
T("systemctl-show-environment", "$ systemctl show {nm}-bot -p Environment\nEnvironment=NODE_ENV=production BOT_TOKEN={S}", "telegram", "systemctl show")
T("pytest-locals-login-payload", "    def test_login(client):\n        payload = {'username': '{user}', 'password': '{S}'}\n>       assert client.post('/login', json=payload).status_code == 200\nE       assert 401 == 200", "pwq", "def test_login(client):")
T("gradescope-stdout-env-dump", "Test 3 (test_env) failed\n--- stdout ---\n{'HOME': '/autograder', 'PWD': '/autograder/source', 'GRADER_API_TOKEN': '{S}'}", "hex40", "/autograder/source")
T("curl-verbose-request-headers", "$ curl -v https://canvas.{dom}/api/v1/users/self\n> GET /api/v1/users/self HTTP/2\n> Host: canvas.{dom}\n> authorization: Bearer {S}\n> user-agent: curl/8.4.0\n< HTTP/2 200", "canvas", "> Host: canvas.{dom}")
T("httpie-login-response-token", 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\n    "token": "{S}",\n    "user_id": {n3}\n}', "jwt", "HTTP/1.1 200 OK")
T("canvas-create-token-response", '{\n  "id": {n5},\n  "purpose": "autograder sync",\n  "expires_at": "{date}T23:59:00Z",\n  "visible_token": "{S}"\n}', "canvas", '"purpose": "autograder sync"')
T("heroku-pg-credentials-url", "$ heroku pg:credentials:url DATABASE -a {app}\nConnection information for default credential.\nConnection info string:\n   \"dbname=d{lo14} host=ec2-{n2}-{n3}.compute-1.amazonaws.com port=5432 user=u{lo14} password={S} sslmode=require\"", "hex64", "Connection information for default credential.")
T("aws-iam-create-access-key-json", '$ aws iam create-access-key --user-name {user}-cli\n{\n    "AccessKey": {\n        "UserName": "{user}-cli",\n        "AccessKeyId": "{aws_id}",\n        "Status": "Active",\n        "SecretAccessKey": "{S}"\n    }\n}', "aws_secret", '"UserName": "{user}-cli"')
T("stripe-config-list-test-key", "$ stripe config --list\n[default]\ndevice_name = {nm}-laptop\ndisplay_name = '{team}'\ntest_mode_api_key = '{S}'", "rk_test", "device_name = {nm}-laptop")
T("cat-ngrok-yml-authtoken", '$ cat ~/.config/ngrok/ngrok.yml\nversion: "2"\nauthtoken: {S}', "ngrok", "~/.config/ngrok/ngrok.yml")
T("cat-wpa-supplicant-psk", '$ sudo cat /etc/wpa_supplicant/wpa_supplicant.conf\ncountry=US\nnetwork={\n    ssid="{ssid}"\n    psk="{S}"\n    key_mgmt=WPA-PSK\n}', "pw", 'ssid="{ssid}"')
T("ansible-vault-view-output", "$ ansible-vault view group_vars/all/vault.yml\nVault password:\nvault_db_password: {S}\nvault_admin_user: {user}", "pw", "ansible-vault view")
T("helm-get-values-root-password", "$ helm get values {app}-pg\nUSER-SUPPLIED VALUES:\nauth:\n  database: {db}\n  postgresPassword: {S}", "pw", "USER-SUPPLIED VALUES:")
T("atlas-quickstart-connection-string", "Creating your cluster Cluster0... done\nYour connection string: mongodb+srv://{user}:{S}@cluster0.{h5}.mongodb.net", "pwu", "Your connection string")
T("windows-set-findstr-token", "C:\\Users\\{user}> set | findstr /I TOKEN\nHF_TOKEN={S}", "hf", "findstr /I TOKEN")
T("node-console-log-config-object", "$ node -e \"console.log(require('./config'))\"\n{ port: 3000, db: { host: 'localhost', user: 'root', password: '{S}' } }", "pwq", "port: 3000")
T("python-print-flask-config-dict", "$ flask shell\n>>> app.config['SQLALCHEMY_DATABASE_URI']\n'mysql+pymysql://root:{S}@localhost/{db}'", "pwu", "flask shell")
T("echo-replit-db-url", "~/{app}$ echo $REPLIT_DB_URL\nhttps://kv.replit.com/v0/{S}", lambda c: jwt_session() + rs(URLS, 20), "echo $REPLIT_DB_URL")
T("cat-openssh-private-key", "$ cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n{S}\n-----END OPENSSH PRIVATE KEY-----", pem(openssh_body_lines), "cat ~/.ssh/id_ed25519")
T("cat-huggingface-token-file", "$ cat ~/.cache/huggingface/token\n{S}", "hf", "~/.cache/huggingface/token")
T("cat-kaggle-json", '$ cat ~/.kaggle/kaggle.json\n{"username":"{ghu}","key":"{S}"}', "hex32", "cat ~/.kaggle/kaggle.json")
T("cat-netrc-wandb", "$ tail -3 ~/.netrc\nmachine api.wandb.ai\n  login user\n  password {S}", "hex40", "machine api.wandb.ai")
T("jq-private-key-raw-from-sa", "$ jq -r .private_key {proj}-sa.json\n-----BEGIN PRIVATE KEY-----\n{S}\n-----END PRIVATE KEY-----", pem(rsa_body_lines), "jq -r .private_key")
T("netscape-cookie-jar-leetcode", "# Netscape HTTP Cookie File\n#HttpOnly_.leetcode.com\tTRUE\t/\tTRUE\t{epoch}\tLEETCODE_SESSION\t{S}", "leetcode", "# Netscape HTTP Cookie File")
T("gcloud-secrets-access-latest", "$ gcloud secrets versions access latest --secret=openai-key --project={proj}\n{S}", "openai", "gcloud secrets versions access latest")
T("op-read-1password-cli", '$ op read "op://Student/{cslug} Mongo/password"\n{S}', "pw", "op read")
T("bw-get-password-bitwarden", "$ bw get password moodle-admin\n{S}", "pw", "bw get password moodle-admin")

# =============================================================== config-file
G("config-file")
T("dotenv-discord-bot-token", "# .env  (discord bot for {guild})\nDISCORD_TOKEN={S}\nGUILD_ID={snow}\nPREFIX=!", "discord", "GUILD_ID={snow}")
T("dotenv-local-nextjs-supabase", "# .env.local\nNEXT_PUBLIC_SUPABASE_URL=https://{sbref}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY={S}", "sbjwt", "NEXT_PUBLIC_SUPABASE_URL=https://{sbref}.supabase.co")
T("dotenv-example-with-real-value", "# .env.example  -- copied from {first2}'s laptop, fill in your own\nOPENAI_API_KEY={S}\nMODEL=gpt-4o-mini\nMAX_TOKENS=512", "openai", "MODEL=gpt-4o-mini")
T("dotenv-production-quoted-db-url", '# .env.production\nDATABASE_URL="mysql://{user}:{S}@aws.connect.psdb.cloud/{db}?sslaccept=strict"', "pscale", "aws.connect.psdb.cloud")
T("dev-vars-cloudflare-worker", "# .dev.vars (wrangler dev)\nOPENAI_API_KEY={S}\nALLOWED_ORIGIN=http://localhost:5173", "openai_old", "ALLOWED_ORIGIN=http://localhost:5173")
T("flaskenv-secret-and-mail", "# .flaskenv\nFLASK_APP=app.py\nFLASK_DEBUG=1\nSECRET_KEY={S}\nMAIL_USERNAME={semail}", "hex48", "FLASK_APP=app.py")
T("laravel-env-mail-password", "APP_NAME=\"{app}\"\nMAIL_MAILER=smtp\nMAIL_HOST=smtp.gmail.com\nMAIL_PORT=587\nMAIL_USERNAME={semail}\nMAIL_PASSWORD=\"{S}\"\nMAIL_ENCRYPTION=tls", "gmail", "MAIL_HOST=smtp.gmail.com")
T("laravel-env-app-key", "APP_ENV=local\nAPP_KEY={S}\nAPP_DEBUG=true\nAPP_URL=http://{app}.test", "laravel", "APP_URL=http://{app}.test")
T("docker-compose-env-mapping", "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: {user}\n      POSTGRES_PASSWORD: {S}\n      POSTGRES_DB: {db}\n    ports:\n      - \"5432:5432\"", "pw", "image: postgres:16")
T("docker-compose-env-list-form", "  moodle:\n    image: bitnami/moodle:4.3\n    environment:\n      - MOODLE_DATABASE_HOST=mariadb\n      - MOODLE_DATABASE_USER=bn_moodle\n      - MOODLE_DATABASE_PASSWORD={S}\n      - MOODLE_USERNAME=admin", "pw", "bitnami/moodle:4.3")
T("docker-compose-mongo-initdb", "  mongo:\n    image: mongo:7\n    environment:\n      MONGO_INITDB_ROOT_USERNAME: root\n      MONGO_INITDB_ROOT_PASSWORD: '{S}'", "pwq", "MONGO_INITDB_ROOT_USERNAME: root")
T("spring-application-yml-datasource", "spring:\n  datasource:\n    url: jdbc:mysql://localhost:3306/{db}\n    username: root\n    password: {S}\n  jpa:\n    hibernate:\n      ddl-auto: update", "pw", "jdbc:mysql://localhost:3306/{db}")
T("spring-properties-mail-password", "spring.mail.host=smtp.gmail.com\nspring.mail.port=587\nspring.mail.username={semail}\nspring.mail.password={S}\nspring.mail.properties.mail.smtp.starttls.enable=true", "gmail", "spring.mail.host=smtp.gmail.com")
T("appsettings-json-connection-string", '{\n  "ConnectionStrings": {\n    "DefaultConnection": "Server=localhost;Database={db};User Id=sa;Password={S};TrustServerCertificate=True"\n  },\n  "Logging": { "LogLevel": { "Default": "Information" } }\n}', "pw", '"Default": "Information"')
T("appsettings-dev-jwt-key", '  "Jwt": {\n    "Key": "{S}",\n    "Issuer": "https://localhost:7154",\n    "Audience": "{app}"\n  }', "b64_48", '"Issuer": "https://localhost:7154"')
T("web-config-connectionstrings", '<connectionStrings>\n  <add name="SchoolDb" connectionString="Data Source=.\\SQLEXPRESS;Initial Catalog={db};User ID={user};Password={S}" providerName="System.Data.SqlClient" />\n</connectionStrings>', "pw", 'name="SchoolDb"')
T("rails-database-yml-password", "development:\n  adapter: postgresql\n  database: {db}_development\n  username: {user}\n  password: {S}\n  host: localhost", "pw", "adapter: postgresql")
T("wp-config-db-password-define", "/** MySQL database password */\ndefine( 'DB_PASSWORD', '{S}' );\n\n/** MySQL hostname */\ndefine( 'DB_HOST', 'localhost' );", "pwq", "define( 'DB_HOST', 'localhost' );")
T("wp-config-auth-key-salt", "define( 'AUTH_KEY',         '{S}' );\ndefine( 'SECURE_AUTH_KEY',  'put your unique phrase here' );", lambda c: rs(AL + "!#%()*+,-.:;<=>?@[]^_{|}~", 64), "SECURE_AUTH_KEY")
T("moodle-config-php-dbpass", "$CFG->dbtype    = 'mariadb';\n$CFG->dbhost    = 'localhost';\n$CFG->dbname    = 'moodle';\n$CFG->dbuser    = 'moodleuser';\n$CFG->dbpass    = '{S}';\n$CFG->wwwroot   = 'https://moodle.{dom}';", "pwq", "$CFG->dbuser    = 'moodleuser';")
T("phpmyadmin-config-inc-password", "$cfg['blowfish_secret'] = '{h16}{h16}';\n$i++;\n$cfg['Servers'][$i]['auth_type'] = 'config';\n$cfg['Servers'][$i]['user'] = 'root';\n$cfg['Servers'][$i]['password'] = '{S}';", "pw", "$cfg['Servers'][$i]['auth_type'] = 'config';")
T("vscode-sftp-json-password", '// .vscode/sftp.json\n{\n    "name": "school webspace",\n    "host": "ftp.{dom}",\n    "protocol": "sftp",\n    "port": 22,\n    "username": "{user}",\n    "password": "{S}",\n    "remotePath": "/home/{user}/public_html",\n    "uploadOnSave": true\n}', "pwq", '"host": "ftp.{dom}"')
T("filezilla-sitemanager-base64-pass", '<Server>\n  <Host>ftp.{dom}</Host>\n  <Port>21</Port>\n  <User>{user}</User>\n  <Pass encoding="base64">{S}</Pass>\n  <Name>school web</Name>\n</Server>', lambda c: b64(pw()), "<Host>ftp.{dom}</Host>")
T("vscode-settings-sqltools-password", '  "sqltools.connections": [\n    {\n      "name": "{cslug} lab db",\n      "driver": "PostgreSQL",\n      "server": "{host}",\n      "database": "{db}",\n      "username": "{user}",\n      "password": "{S}"\n    }\n  ]', "pwq", '"driver": "PostgreSQL"')
T("vscode-launch-json-env", '  "configurations": [{\n    "type": "node",\n    "request": "launch",\n    "name": "Debug bot",\n    "program": "${workspaceFolder}/index.js",\n    "env": { "BOT_TOKEN": "{S}" }\n  }]', "telegram", '"name": "Debug bot"')
T("nodemon-json-env", '{\n  "watch": ["src"],\n  "env": {\n    "NODE_ENV": "development",\n    "JWT_SECRET": "{S}"\n  }\n}', "pw", '"watch": ["src"]')
T("devcontainer-containerenv", '  "containerEnv": {\n    "PGHOST": "db",\n    "PGPASSWORD": "{S}"\n  },\n  "forwardPorts": [5432, 8000]', "pw", '"forwardPorts": [5432, 8000]')
T("gae-app-yaml-env-variables", "runtime: python312\nentrypoint: gunicorn -b :$PORT main:app\nenv_variables:\n  CLASSROOM_CLIENT_SECRET: \"{S}\"\n  FLASK_ENV: production", "gocspx", "runtime: python312")
T("render-yaml-envvars-value", "services:\n  - type: web\n    name: {app}\n    env: node\n    envVars:\n      - key: MONGO_URL\n        value: mongodb+srv://{user}:{S}@cluster0.{h5}.mongodb.net/{db}", "pwu", "name: {app}")
T("fly-toml-env-section", "app = \"{app}\"\nprimary_region = \"ams\"\n\n[env]\n  PORT = \"8080\"\n  REDIS_URL = \"redis://default:{S}@fly-{app}-redis.upstash.io:6379\"", "hex32", "primary_region = \"ams\"")
T("netlify-toml-build-environment", '[build]\n  command = "npm run build"\n  publish = "dist"\n\n[build.environment]\n  NODE_VERSION = "20"\n  MAILGUN_API_KEY = "{S}"', "mailgun", 'publish = "dist"')
T("wrangler-toml-vars", 'name = "{app}"\nmain = "src/index.ts"\ncompatibility_date = "{date}"\n\n[vars]\nDISCORD_PUBLIC_KEY = "{h64}"\nDISCORD_BOT_TOKEN = "{S}"', "discord", 'main = "src/index.ts"')
T("supabase-config-toml-github-secret", "[auth.external.github]\nenabled = true\nclient_id = \"Iv1.{h16}\"\nsecret = \"{S}\"\nredirect_uri = \"http://127.0.0.1:54321/auth/v1/callback\"", "hex40", "[auth.external.github]")
T("firebase-runtimeconfig-json", '{\n  "stripe": {\n    "secret": "{S}",\n    "mode": "test"\n  },\n  "app": { "url": "https://{proj}.web.app" }\n}', "sk_test", "https://{proj}.web.app")
T("google-token-json-quickstart", '{"token": "ya29.a0{lo20}", "refresh_token": "{S}", "token_uri": "https://oauth2.googleapis.com/token", "client_id": "{n12}-{lo20}.apps.googleusercontent.com", "scopes": ["https://www.googleapis.com/auth/classroom.coursework.students"]}', "g1refresh", "classroom.coursework.students")
T("google-credentials-json-installed", '{"installed":{"client_id":"{n12}-{lo20}.apps.googleusercontent.com","project_id":"{proj}","auth_uri":"https://accounts.google.com/o/oauth2/auth","client_secret":"{S}","redirect_uris":["http://localhost"]}}', "gocspx", '"project_id":"{proj}"')
T("firebase-service-account-json", '{\n  "type": "service_account",\n  "project_id": "{proj}",\n  "private_key_id": "{h40}",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n{S}\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "firebase-adminsdk-{lo5}@{proj}.iam.gserviceaccount.com"\n}', pem(rsa_body_lines, "\\n"), '"project_id": "{proj}"')
T("streamlit-secrets-toml-connection", '# .streamlit/secrets.toml\n[connections.postgresql]\ndialect = "postgresql"\nhost = "{host}"\nport = "5432"\ndatabase = "{db}"\nusername = "{user}"\npassword = "{S}"', "pwq", "[connections.postgresql]")
T("discordjs-config-json", '{\n  "token": "{S}",\n  "clientId": "{snow}",\n  "guildId": "{snow2}"\n}', "discord", '"clientId": "{snow}"')
T("autograder-config-json-canvas", '{\n  "course_id": {n5},\n  "assignment_id": {n6},\n  "canvas_url": "https://canvas.{dom}",\n  "canvas_token": "{S}",\n  "late_penalty": 0.1\n}', "canvas", '"late_penalty": 0.1')
T("lti-tool-config-consumer-secret", "# lti.yml (LTI 1.1 tool for {course})\nconsumers:\n  {sshort}-canvas:\n    key: {cslug}-grader\n    secret: {S}", "lti", "key: {cslug}-grader")
T("lti13-tool-private-key-pem", "# keys/tool.key  (LTI 1.3 tool, kid {h16})\n-----BEGIN RSA PRIVATE KEY-----\n{S}\n-----END RSA PRIVATE KEY-----", pem(rsa1_body_lines), "LTI 1.3 tool")
T("ini-database-section-password", "[database]\nhost = {host}\nport = 5432\nname = {db}\nuser = {user}\npassword = {S}\n\n[app]\ndebug = true", "pw", "[app]")
T("decouple-settings-ini", "[settings]\nDEBUG=True\nSECRET_KEY={S}\nALLOWED_HOSTS=127.0.0.1,localhost", "django", "ALLOWED_HOSTS=127.0.0.1,localhost")
T("android-keystore-properties", "storeFile=../keystore/upload.jks\nstorePassword={S}\nkeyAlias=upload", "pw", "keyAlias=upload")
T("android-local-properties-maps-key", "sdk.dir=/Users/{user}/Library/Android/sdk\nMAPS_API_KEY={S}", "gapi", "sdk.dir=/Users/{user}/Library/Android/sdk")
T("gradle-properties-signing-password", "org.gradle.jvmargs=-Xmx2048m\nRELEASE_STORE_FILE=release.jks\nRELEASE_KEY_ALIAS={nm}\nRELEASE_KEY_PASSWORD={S}", "pw", "RELEASE_STORE_FILE=release.jks")
T("maven-settings-xml-server-password", "<servers>\n  <server>\n    <id>github</id>\n    <username>{ghu}</username>\n    <password>{S}</password>\n  </server>\n</servers>", "ghp", "<id>github</id>")
T("poetry-auth-toml-http-basic", "# ~/.config/pypoetry/auth.toml\n[http-basic.{sshort}-pypi]\nusername = \"{user}\"\npassword = \"{S}\"", "pwq", "[http-basic.{sshort}-pypi]")
T("gitmodules-token-url", '[submodule "tests/hidden"]\n\tpath = tests/hidden\n\turl = https://{ghu}:{S}@github.com/{org}/hidden-tests.git', "ghp", 'path = tests/hidden')
T("requirements-txt-git-token", "flask==3.0.3\nrequests>=2.31\ngit+https://{S}@github.com/{org}/grading-utils.git@v0.{n}#egg=grading-utils", "ghp", "flask==3.0.3")
T("pip-conf-index-url-credentials", "[global]\nindex-url = https://{user}:{S}@nexus.{dom}/repository/pypi-group/simple\ntimeout = 60", "pwu", "timeout = 60")
T("yarnrc-yml-npm-auth-token", 'nodeLinker: node-modules\nnpmScopes:\n  {sshort}:\n    npmRegistryServer: "https://npm.pkg.github.com"\n    npmAuthToken: "{S}"', "ghp", "nodeLinker: node-modules")
T("npmrc-project-auth-base64", "registry=https://registry.{dom}/npm/\n_auth={S}\nalways-auth=true", basic(), "always-auth=true")
T("cargo-credentials-toml", "# ~/.cargo/credentials.toml\n[registry]\ntoken = \"{S}\"", lambda c: "cio" + rs(AL, 32), "[registry]")
T("gem-credentials-yaml", "---\n:rubygems_api_key: {S}", "rubygems", ":rubygems_api_key:")
T("gh-hosts-yml-oauth-token", "github.com:\n    users:\n        {ghu}:\n            oauth_token: {S}\n    git_protocol: https\n    user: {ghu}", "gho", "git_protocol: https")
T("rclone-conf-drive-token-json", "[gdrive]\ntype = drive\nscope = drive\ntoken = {\"access_token\":\"ya29.a0{lo14}\",\"token_type\":\"Bearer\",\"refresh_token\":\"{S}\",\"expiry\":\"{ts}Z\"}", "g1refresh", "type = drive")
T("s3cfg-secret-key", "[default]\naccess_key = DO00{up10}{up10}\nhost_base = nyc3.digitaloceanspaces.com\nsecret_key = {S}", lambda c: rs(B64C, 43), "host_base = nyc3.digitaloceanspaces.com")
T("terraformrc-credentials-block", 'credentials "app.terraform.io" {\n  token = "{S}"\n}', "tfc", 'credentials "app.terraform.io"')
T("terraform-tfvars-db-password", 'project_id  = "{proj}"\nregion      = "us-central1"\ndb_password = "{S}"', "pwq", 'region      = "us-central1"')
T("terraform-provider-block-token", 'provider "digitalocean" {\n  token = "{S}"\n}\n\nresource "digitalocean_droplet" "lab" {\n  image  = "ubuntu-24-04-x64"\n  size   = "s-1vcpu-1gb"\n}', "do", 'resource "digitalocean_droplet" "lab"')
T("ansible-inventory-ini-password", "[labvms]\n{host} ansible_user={user} ansible_password={S} ansible_become=yes", "pw", "[labvms]")
T("ansible-group-vars-become-pass", "# group_vars/all.yml (TODO: vault this)\nansible_user: ubuntu\nansible_become_pass: \"{S}\"\nnginx_port: 80", "pwq", "nginx_port: 80")
T("kubeconfig-user-token", "users:\n- name: {user}@{cslug}-cluster\n  user:\n    token: {S}", lambda c: jwt({"iss": "kubernetes/serviceaccount", "sub": "system:serviceaccount:%s:%s" % (c["cslug"], c["user"])}, alg="RS256", siglen=342), "name: {user}@{cslug}-cluster")
T("k8s-secret-stringdata", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: grader-secrets\ntype: Opaque\nstringData:\n  CANVAS_TOKEN: {S}", "canvas", "name: grader-secrets")
T("helm-values-postgresql-auth", "postgresql:\n  enabled: true\n  auth:\n    username: {user}\n    password: {S}\n    database: {db}", "pw", "enabled: true")
T("redis-conf-requirepass", "bind 127.0.0.1\nport 6379\nrequirepass {S}\nmaxmemory 256mb", "al32", "maxmemory 256mb")
T("minecraft-server-properties-rcon", "enable-rcon=true\nrcon.port=25575\nrcon.password={S}\nmotd=\\u00A7b{sshort} CS Club Server\nwhite-list=true", "pw", "rcon.port=25575")
T("discordsrv-config-bot-token", "# plugins/DiscordSRV/config.yml\nBotToken: \"{S}\"\nChannels: {\"global\": \"{snow}\"}", "discord", "plugins/DiscordSRV/config.yml")
T("mosquitto-bridge-remote-password", "connection lab-bridge\naddress broker.{dom}:8883\nremote_username {user}\nremote_password {S}\ntopic lab/# both 0", "pw", "connection lab-bridge")
T("esphome-secrets-yaml", 'wifi_ssid: "{ssid}"\nwifi_password: "{S}"\nota_password: "{h16}"', "pw", 'wifi_ssid: "{ssid}"')
T("home-assistant-secrets-yaml-api", "# secrets.yaml\nopenweather_api_key: {S}\nlatitude_home: 6.5244", "hex32", "latitude_home: 6.5244")
T("platformio-ini-build-flags", "[env:esp32dev]\nplatform = espressif32\nboard = esp32dev\nframework = arduino\nbuild_flags =\n  -DWIFI_SSID=\\\"{ssid}\\\"\n  -DWIFI_PASS=\\\"{S}\\\"", "pw", "[env:esp32dev]")
T("arduino-secrets-h", '// arduino_secrets.h\n#define SECRET_SSID "{ssid}"\n#define SECRET_PASS "{S}"', "pw", "#define SECRET_SSID")
T("code-server-config-yaml", "bind-addr: 127.0.0.1:8080\nauth: password\npassword: {S}\ncert: false", "lo30", "bind-addr: 127.0.0.1:8080")
T("jupyter-server-config-token", "c.ServerApp.ip = '0.0.0.0'\nc.ServerApp.open_browser = False\nc.ServerApp.token = '{S}'", "hex48", "c.ServerApp.open_browser = False")
T("expo-app-json-extra", '  "extra": {\n    "eas": { "projectId": "{uuid}" },\n    "openaiKey": "{S}"\n  }', "openai", '"projectId": "{uuid}"')
T("eas-json-build-env", '  "build": {\n    "production": {\n      "env": { "SENTRY_AUTH_TOKEN": "{S}" }\n    }\n  }', "sentry", '"production"')
T("foundry-toml-rpc-endpoint", '[rpc_endpoints]\nsepolia = "https://eth-sepolia.g.alchemy.com/v2/{S}"', "alchemy", "[rpc_endpoints]")
T("hardhat-dotenv-private-key", "SEPOLIA_RPC_URL=https://sepolia.infura.io/v3/{h32}\nPRIVATE_KEY={S}\nETHERSCAN_API_KEY=", "eth", "SEPOLIA_RPC_URL")
T("solana-id-json-keypair", "# ~/.config/solana/id.json\n{S}", "solana", "~/.config/solana/id.json")
T("ios-secrets-plist-key", "<dict>\n\t<key>GEMINI_API_KEY</key>\n\t<string>{S}</string>\n</dict>", "gapi", "<key>GEMINI_API_KEY</key>")
T("hibernate-cfg-xml-password", '<property name="hibernate.connection.url">jdbc:mysql://localhost:3306/{db}</property>\n<property name="hibernate.connection.username">root</property>\n<property name="hibernate.connection.password">{S}</property>', "pw", "hibernate.connection.username")
T("alembic-ini-sqlalchemy-url", "[alembic]\nscript_location = migrations\nsqlalchemy.url = postgresql+psycopg2://{user}:{S}@localhost/{db}", "pwu", "script_location = migrations")
T("flyway-conf-password", "flyway.url=jdbc:postgresql://{host}:5432/{db}\nflyway.user={user}\nflyway.password={S}\nflyway.locations=filesystem:sql", "pw", "flyway.locations=filesystem:sql")
T("odbc-ini-pwd", "[SchoolDSN]\nDriver=PostgreSQL Unicode\nServername={host}\nDatabase={db}\nUID={user}\nPWD={S}", "pw", "[SchoolDSN]")
T("docker-secrets-file-plain", "# secrets/db_password.txt (mounted at /run/secrets/db_password)\n{S}", "pw", "/run/secrets/db_password")
T("prisma-schema-datasource-url", 'datasource db {\n  provider = "postgresql"\n  url      = "postgresql://postgres:{S}@db.{sbref}.supabase.co:5432/postgres"\n}', "pwu", 'provider = "postgresql"')
T("glitch-dotenv-comment-style", "# Environment Config\n# store your secrets and config variables in here\n# only invited collaborators will be able to see your .env values\nSECRET={S}\nPORT=3000", "hex40", "# Environment Config")
T("replit-secrets-export-json", '{\n  "SESSION_SECRET": "{S}",\n  "REPL_OWNER_NOTE": "exported from Secrets tab"\n}', "b64_32", "exported from Secrets tab")
T("otter-grader-config-token", '{\n  "name": "{cslug}-hw{n}",\n  "generate": {\n    "token": "{S}",\n    "course_id": {n5}\n  }\n}', "canvas", '"name": "{cslug}-hw{n}"')

# =============================================================== source-code
G("source-code")
T("py-openai-client-hardcoded", "from openai import OpenAI\n\nclient = OpenAI(api_key=\"{S}\")  # TODO move to env before submitting\nresp = client.chat.completions.create(model=\"gpt-4o-mini\", messages=msgs)", "openai", "model=\"gpt-4o-mini\"")
T("py-requests-weather-appid", 'API_KEY = "{S}"  # openweathermap\n\ndef get_weather(city_name):\n    url = f"https://api.openweathermap.org/data/2.5/weather?q={city_name}&appid={API_KEY}&units=metric"\n    return requests.get(url).json()', "hex32", "def get_weather(city_name):")
T("py-discord-bot-run-literal", "@bot.command()\nasync def due(ctx):\n    await ctx.send(\"{hw} is due Friday 23:59\")\n\nbot.run('{S}')", "discord", "async def due(ctx):")
T("py-psycopg2-connect-kwargs", 'conn = psycopg2.connect(\n    host="{host}",\n    dbname="{db}",\n    user="{user}",\n    password="{S}",\n)', "pwq", 'dbname="{db}"')
T("py-pymysql-connect-literal", "db = pymysql.connect(host='localhost', user='root', password='{S}', database='{db}', cursorclass=pymysql.cursors.DictCursor)", "pwq", "cursorclass=pymysql.cursors.DictCursor")
T("py-mysql-connector-config-dict", "config = {\n    'user': 'root',\n    'password': '{S}',\n    'host': '127.0.0.1',\n    'database': '{db}',\n}\ncnx = mysql.connector.connect(**config)", "pwq", "cnx = mysql.connector.connect(**config)")
T("py-flask-sqlalchemy-uri", "app.config['SQLALCHEMY_DATABASE_URI'] = 'postgresql://{user}:{S}@localhost:5432/{db}'\ndb = SQLAlchemy(app)", "pwu", "db = SQLAlchemy(app)")
T("py-flask-secret-key-literal", "app = Flask(__name__)\napp.secret_key = '{S}'", lambda c: pick(["super-secret-key-for-", "my-", "dev-key-"]) + c["cslug"] + "-" + rs(HEX, 10), "app = Flask(__name__)")
T("py-django-settings-secret-key", "# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = '{S}'\n\nDEBUG = True", "django", "DEBUG = True")
T("py-django-databases-password", "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': '{db}',\n        'USER': '{user}',\n        'PASSWORD': '{S}',\n        'HOST': 'localhost',\n    }\n}", "pwq", "'ENGINE': 'django.db.backends.postgresql'")
T("py-smtplib-login-app-password", 'with smtplib.SMTP_SSL("smtp.gmail.com", 465) as server:\n    server.login("{semail}", "{S}")\n    server.send_message(msg)', "gmail", "server.send_message(msg)")
T("py-yagmail-smtp", "yag = yagmail.SMTP('{semail}', '{S}')\nyag.send(to=roster, subject='{course} reminder', contents=body)", "gmail", "yag.send(to=roster")
T("py-firebase-admin-cert-dict", 'cred = credentials.Certificate({\n    "type": "service_account",\n    "project_id": "{proj}",\n    "private_key": "-----BEGIN PRIVATE KEY-----\\n{S}\\n-----END PRIVATE KEY-----\\n",\n    "client_email": "firebase-adminsdk-{lo5}@{proj}.iam.gserviceaccount.com",\n})\nfirebase_admin.initialize_app(cred)', pem(rsa_body_lines, "\\n"), "firebase_admin.initialize_app(cred)")
T("py-pyrebase-sign-in-literal", 'user = auth.sign_in_with_email_and_password("{semail}", "{S}")\nprint(user["idToken"][:20])', "pwq", 'print(user["idToken"][:20])')
T("py-supabase-create-client-service", 'url = "https://{sbref}.supabase.co"\nkey = "{S}"\nsupabase = create_client(url, key)', "sbjwt", 'url = "https://{sbref}.supabase.co"')
T("py-praw-reddit-client-secret", 'reddit = praw.Reddit(\n    client_id="{lo14}",\n    client_secret="{S}",\n    user_agent="{cslug} sentiment project by u/{ghu}",\n)', lambda c: rs(URLS, 27), 'client_id="{lo14}"')
T("py-praw-reddit-password-kwarg", 'reddit = praw.Reddit(client_id=CID, client_secret=CSEC,\n                     username="{ghu}", password="{S}",\n                     user_agent="hw-scraper")', "pwq", 'username="{ghu}"')
T("py-tweepy-bearer-token", 'client = tweepy.Client(bearer_token="{S}")\ntweets = client.search_recent_tweets(query="#{cslug}", max_results=50)', "twbearer", "client.search_recent_tweets")
T("py-spotipy-client-credentials", 'sp = spotipy.Spotify(auth_manager=SpotifyClientCredentials(\n    client_id="{h32}",\n    client_secret="{S}"))', "hex32", 'client_id="{h32}"')
T("py-os-environ-assign-kaggle", "import os\nos.environ['KAGGLE_USERNAME'] = '{ghu}'\nos.environ['KAGGLE_KEY'] = '{S}'\nfrom kaggle.api.kaggle_api_extended import KaggleApi", "hex32", "os.environ['KAGGLE_USERNAME'] = '{ghu}'")
T("py-colab-hf-login-token", "from huggingface_hub import login\nlogin(token=\"{S}\")\nmodel = AutoModelForCausalLM.from_pretrained(\"meta-llama/Llama-3.2-1B\")", "hf", "from huggingface_hub import login")
T("py-genai-configure-api-key", 'import google.generativeai as genai\ngenai.configure(api_key="{S}")\nmodel = genai.GenerativeModel("gemini-1.5-flash")', "gapi", 'genai.GenerativeModel("gemini-1.5-flash")')
T("py-anthropic-client-literal", "client = anthropic.Anthropic(api_key='{S}')\nmsg = client.messages.create(model='claude-3-5-haiku-latest', max_tokens=400, messages=history)", "anthropic", "max_tokens=400")
T("py-langchain-chatgroq-key", 'llm = ChatGroq(model="llama-3.1-8b-instant", temperature=0, groq_api_key="{S}")', "groq", 'model="llama-3.1-8b-instant"')
T("py-canvasapi-canvas-ctor", 'API_URL = "https://canvas.{dom}"\nAPI_KEY = "{S}"\ncanvas = Canvas(API_URL, API_KEY)\ncourse = canvas.get_course({n5})', "canvas", "canvas = Canvas(API_URL, API_KEY)")
T("py-moodle-requests-params-wstoken", 'params = {\n    "wstoken": "{S}",\n    "wsfunction": "mod_assign_get_submissions",\n    "moodlewsrestformat": "json",\n    "assignmentids[0]": {n4},\n}\nr = requests.get(MOODLE_URL + "/webservice/rest/server.php", params=params)', "moodle", '"wsfunction": "mod_assign_get_submissions"')
T("py-google-credentials-refresh-token", 'creds = Credentials(\n    None,\n    refresh_token="{S}",\n    token_uri="https://oauth2.googleapis.com/token",\n    client_id=CLIENT_ID,\n    client_secret=CLIENT_SECRET,\n)\nservice = build("classroom", "v1", credentials=creds)', "g1refresh", 'build("classroom", "v1", credentials=creds)')
T("py-google-client-secret-const", 'CLIENT_ID = "{n12}-{lo20}.apps.googleusercontent.com"\nCLIENT_SECRET = "{S}"\nSCOPES = ["https://www.googleapis.com/auth/classroom.rosters.readonly"]', "gocspx", "classroom.rosters.readonly")
T("py-boto3-client-inline-keys", "s3 = boto3.client(\n    's3',\n    aws_access_key_id='{aws_id}',\n    aws_secret_access_key='{S}',\n    region_name='us-east-1',\n)", "aws_secret", "region_name='us-east-1'")
T("py-twilio-client-sid-token", 'account_sid = "{twsid}"\nauth_token = "{S}"\nclient = Client(account_sid, auth_token)', "hex32", "client = Client(account_sid, auth_token)")
T("py-stripe-api-key-assign", "import stripe\nstripe.api_key = \"{S}\"\n\n@app.post('/create-checkout-session')", "sk_test", "create-checkout-session")
T("py-telebot-ctor-token", 'bot = telebot.TeleBot("{S}")\n\n@bot.message_handler(commands=["deadline"])', "telegram", 'commands=["deadline"]')
T("py-web3-account-from-key", 'w3 = Web3(Web3.HTTPProvider(SEPOLIA_RPC))\nacct = w3.eth.account.from_key("0x{S}")', "eth", "w3.eth.account.from_key")
T("py-codeforces-api-sig-secret", 'API_KEY = "{h40}"\nAPI_SECRET = "{S}"\n\ndef sign(method, params):\n    rand = "{n6}"\n    s = f"{rand}/{method}?{params}#{API_SECRET}"\n    return rand + hashlib.sha512(s.encode()).hexdigest()', "hex40", "def sign(method, params):")
T("py-pymongo-client-srv", 'client = MongoClient("mongodb+srv://{user}:{S}@cluster0.{h5}.mongodb.net/?retryWrites=true&w=majority")\ndb = client["{db}"]', "pwu", "retryWrites=true&w=majority")
T("py-redis-from-url-upstash", 'r = redis.from_url("rediss://default:{S}@{adj}-{noun}-{n5}.upstash.io:6379")', "al32", "upstash.io:6379")
T("py-wandb-login-key-kwarg", 'wandb.login(key="{S}")\nwandb.init(project="{cslug}-final", entity="{ghu}")', "hex40", 'project="{cslug}-final"')
T("py-pyjwt-encode-literal-secret", "token = jwt.encode({\"user_id\": user.id, \"exp\": exp}, \"{S}\", algorithm=\"HS256\")", "pw", 'algorithm="HS256"')
T("py-requests-auth-tuple", 'resp = requests.get(f"{BASE}/api/submissions/", auth=("{user}", "{S}"), timeout=10)', "pwq", "timeout=10")
T("py-headers-rapidapi-key", 'headers = {\n    "X-RapidAPI-Key": "{S}",\n    "X-RapidAPI-Host": "judge0-ce.p.rapidapi.com",\n}', "rapidapi", "judge0-ce.p.rapidapi.com")
T("py-pyotp-totp-secret", 'totp = pyotp.TOTP("{S}")\nprint("current code:", totp.now())', "totp", 'print("current code:", totp.now())')
T("py-nbgrader-exchange-token", "c = get_config()\nc.CourseDirectory.course_id = '{cslug}'\nc.Exchange.api_token = '{S}'", "hex40", "c.CourseDirectory.course_id = '{cslug}'")
T("js-discordjs-client-login", "client.once(Events.ClientReady, c => console.log(`Ready as ${c.user.tag}`));\nclient.login('{S}');", "discord", "Events.ClientReady")
T("js-mongoose-connect-literal", "mongoose.connect('mongodb+srv://{user}:{S}@cluster0.{h5}.mongodb.net/{db}')\n  .then(() => console.log('db connected'))", "pwu", "console.log('db connected')")
T("js-firebase-admin-cert-object", "admin.initializeApp({\n  credential: admin.credential.cert({\n    projectId: '{proj}',\n    clientEmail: 'firebase-adminsdk-{lo5}@{proj}.iam.gserviceaccount.com',\n    privateKey: '-----BEGIN PRIVATE KEY-----\\n{S}\\n-----END PRIVATE KEY-----\\n',\n  }),\n});", pem(rsa_body_lines, "\\n"), "projectId: '{proj}'")
T("js-supabase-createclient-secret", "const supabase = createClient(\n  'https://{sbref}.supabase.co',\n  '{S}'\n)", "sbsecret", "https://{sbref}.supabase.co")
T("js-nodemailer-gmail-transport", "const transporter = nodemailer.createTransport({\n  service: 'gmail',\n  auth: { user: '{semail}', pass: '{S}' },\n});", "gmail", "service: 'gmail'")
T("js-express-session-secret", "app.use(session({\n  secret: '{S}',\n  resave: false,\n  saveUninitialized: true,\n}));", "pw", "saveUninitialized: true")
T("js-jsonwebtoken-sign-literal", "const token = jwt.sign({ id: user._id }, '{S}', { expiresIn: '7d' });", "hex64", "expiresIn: '7d'")
T("js-fetch-github-token-header", "const res = await fetch('https://api.github.com/orgs/{org}/repos', {\n  headers: { Authorization: 'token {S}' },\n});", "ghp", "api.github.com/orgs/{org}/repos")
T("js-axios-bearer-template-literal", "const { data } = await axios.post(url, body, {\n  headers: { Authorization: `Bearer {S}` },\n});", "openai", "axios.post(url, body")
T("js-stripe-require-secret", "const stripe = require('stripe')('{S}');", "sk_live", "require('stripe')")
T("ts-drizzle-config-db-url", 'export default defineConfig({\n  schema: "./src/db/schema.ts",\n  dialect: "postgresql",\n  dbCredentials: { url: "postgres://postgres:{S}@db.{sbref}.supabase.co:5432/postgres" },\n});', "pwu", 'schema: "./src/db/schema.ts"')
T("js-mysql2-createpool-literal", "const pool = mysql.createPool({ host: 'localhost', user: 'root', password: '{S}', database: '{db}', connectionLimit: 10 });", "pwq", "connectionLimit: 10")
T("js-pg-pool-connection-string", "const pool = new Pool({ connectionString: 'postgresql://{user}:{S}@{host}/{db}', ssl: { rejectUnauthorized: false } });", "pwu", "rejectUnauthorized: false")
T("gas-urlfetch-discord-webhook", "function notifyClass() {\n  const url = 'https://discord.com/api/webhooks/{snow}/{S}';\n  UrlFetchApp.fetch(url, { method: 'post', contentType: 'application/json', payload: JSON.stringify({ content: 'New grades posted' }) });\n}", "discordwh", "function notifyClass()")
T("java-jdbc-drivermanager-literal", 'Connection con = DriverManager.getConnection(\n    "jdbc:mysql://localhost:3306/{db}", "root", "{S}");', "pwq", "jdbc:mysql://localhost:3306/{db}")
T("java-jdbc-url-password-param", 'String url = "jdbc:postgresql://{host}:5432/{db}?user={user}&password={S}&ssl=true";', "pwu", "&ssl=true")
T("java-javamail-password-authentication", "protected PasswordAuthentication getPasswordAuthentication() {\n    return new PasswordAuthentication(\"{semail}\", \"{S}\");\n}", "gmail", "getPasswordAuthentication()")
T("java-jda-builder-token", 'JDA jda = JDABuilder.createDefault("{S}")\n        .enableIntents(GatewayIntent.MESSAGE_CONTENT)\n        .build();', "discord", "GatewayIntent.MESSAGE_CONTENT")
T("kotlin-const-val-api-key", 'object Keys {\n    const val WEATHER_API_KEY = "{S}"\n}', "hex32", "object Keys")
T("swift-let-openai-key", 'let apiKey = "{S}"\nvar request = URLRequest(url: URL(string: "https://api.openai.com/v1/responses")!)\nrequest.setValue("Bearer \\(apiKey)", forHTTPHeaderField: "Authorization")', "openai", "forHTTPHeaderField")
T("dart-flutter-const-gemini-key", "const String geminiKey = '{S}';\nfinal model = GenerativeModel(model: 'gemini-1.5-flash', apiKey: geminiKey);", "gapi", "GenerativeModel(model: 'gemini-1.5-flash'")
T("csharp-sqlconnection-literal", 'using var conn = new SqlConnection("Server=localhost;Database={db};User Id=sa;Password={S};TrustServerCertificate=True");', "pw", "TrustServerCertificate=True")
T("csharp-discordnet-loginasync", "await _client.LoginAsync(TokenType.Bot, \"{S}\");\nawait _client.StartAsync();", "discord", "await _client.StartAsync();")
T("arduino-wifi-begin-const-char", 'const char* ssid = "{ssid}";\nconst char* password = "{S}";\n\nvoid setup() {\n  WiFi.begin(ssid, password);', "pw", 'const char* ssid = "{ssid}";')
T("arduino-blynk-auth-define", '#define BLYNK_TEMPLATE_ID "TMPL{up9}"\n#define BLYNK_AUTH_TOKEN "{S}"\n#include <BlynkSimpleEsp32.h>', "blynk", "#include <BlynkSimpleEsp32.h>")
T("arduino-thingspeak-write-key", 'String apiKey = "{S}";   // ThingSpeak write key\nconst char* server = "api.thingspeak.com";', "thingspeak", "api.thingspeak.com")
T("c-mqtt-pass-define", '#define MQTT_HOST "broker.{dom}"\n#define MQTT_USER "{user}"\n#define MQTT_PASS "{S}"', "pw", '#define MQTT_HOST "broker.{dom}"')
T("go-sql-open-mysql-dsn", 'db, err := sql.Open("mysql", "root:{S}@tcp(127.0.0.1:3306)/{db}?parseTime=true")\nif err != nil {\n\tlog.Fatal(err)\n}', "pwu", "parseTime=true")
T("go-discordgo-new-bot", 'dg, err := discordgo.New("Bot " + "{S}")', "discord", "discordgo.New")
T("rust-const-telegram-token", 'const TELEGRAM_TOKEN: &str = "{S}";\n\n#[tokio::main]\nasync fn main() {', "telegram", "#[tokio::main]")
T("rust-reqwest-bearer-auth", 'let resp = client\n    .get("https://api.github.com/user")\n    .bearer_auth("{S}")\n    .send()\n    .await?;', "ghp", 'get("https://api.github.com/user")')
T("php-mysqli-connect-literal", '<?php\n$conn = new mysqli("localhost", "root", "{S}", "{db}");\nif ($conn->connect_error) { die("Connection failed"); }', "pwq", "$conn->connect_error")
T("php-pdo-dsn-user-pass", '$pdo = new PDO("mysql:host=localhost;dbname={db};charset=utf8mb4", "{user}", "{S}");', "pwq", "charset=utf8mb4")
T("php-phpmailer-password-prop", "$mail->isSMTP();\n$mail->Host = 'smtp.gmail.com';\n$mail->Username = '{semail}';\n$mail->Password = '{S}';", "gmail", "$mail->Host = 'smtp.gmail.com';")
T("ruby-stripe-initializer", "# config/initializers/stripe.rb\nStripe.api_key = '{S}'", "sk_test", "config/initializers/stripe.rb")
T("ruby-pg-connect-kwargs", "conn = PG.connect(dbname: '{db}', user: '{user}', password: '{S}', host: 'localhost')", "pwq", "host: 'localhost'")
T("r-sys-setenv-openai", 'Sys.setenv(OPENAI_API_KEY = "{S}")\nlibrary(ellmer)', "openai_old", "library(ellmer)")
T("r-dbconnect-rpostgres", 'con <- dbConnect(RPostgres::Postgres(), dbname = "{db}", host = "{host}",\n                 user = "{user}", password = "{S}")', "pwq", "RPostgres::Postgres()")
T("matlab-weboptions-bearer", "opts = weboptions('HeaderFields', {'Authorization', ['Bearer ' '{S}']});\ndata = webread('https://api.{dom}/v1/sensors', opts);", "hex40", "weboptions('HeaderFields'")
T("jupyter-env-magic-assign", "%env OPENAI_API_KEY={S}\n%pip install -q langchain-openai", "openai", "%pip install -q langchain-openai")
T("sql-migration-create-user", "-- migrations/001_init.sql\nCREATE USER app_{db} WITH PASSWORD '{S}';\nGRANT CONNECT ON DATABASE {db} TO app_{db};", "pw", "GRANT CONNECT ON DATABASE {db}")
T("sql-mysql-alter-user-native", "ALTER USER 'root'@'localhost' IDENTIFIED WITH mysql_native_password BY '{S}';\nFLUSH PRIVILEGES;", "pw", "FLUSH PRIVILEGES;")
T("bash-script-db-pass-variable", '#!/bin/bash\n# backup.sh  -- run nightly on the lab vm\nDB_PASS="{S}"\nmysqldump -u root -p"$DB_PASS" {db} | gzip > /backups/{db}_$(date +%F).sql.gz', "pw", "# backup.sh")
T("powershell-convertto-securestring", '$pw = ConvertTo-SecureString "{S}" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential ("{sshort}\\{user}", $pw)', "pw", "System.Management.Automation.PSCredential")
T("lua-roblox-webhook-url", 'local HttpService = game:GetService("HttpService")\nlocal WEBHOOK = "https://discord.com/api/webhooks/{snow}/{S}"', "discordwh", 'game:GetService("HttpService")')
T("py-test-client-login-literal", "def test_admin_dashboard(client):\n    client.post('/login', data={'username': 'admin', 'password': '{S}'})\n    assert b'Dashboard' in client.get('/admin').data", "pwq", "def test_admin_dashboard(client):")
T("hardhat-config-accounts-array", "module.exports = {\n  solidity: \"0.8.24\",\n  networks: {\n    sepolia: {\n      url: \"https://eth-sepolia.g.alchemy.com/v2/\" + ALCHEMY_KEY,\n      accounts: [\"0x{S}\"],\n    },\n  },\n};", "eth", 'solidity: "0.8.24"')
T("js-ethers-wallet-mnemonic", 'const mnemonic = "{S}";\nconst wallet = ethers.Wallet.fromPhrase(mnemonic);', "mnemonic", "ethers.Wallet.fromPhrase(mnemonic)")
T("py-solana-keypair-from-bytes", "payer = Keypair.from_bytes(bytes({S}))\nprint(payer.pubkey())", "solana", "print(payer.pubkey())")

# ======================================================== stack-trace-or-log
G("stack-trace-or-log")
T("py-traceback-psycopg2-dsn-frame", 'Traceback (most recent call last):\n  File "/home/{user}/{cslug}/app.py", line {line}, in <module>\n    conn = psycopg2.connect("dbname={db} user={user} password={S} host={host}")\npsycopg2.OperationalError: connection to server at "{host}", port 5432 failed: timeout expired', "pw", "psycopg2.OperationalError")
T("sqlalchemy-debug-print-engine-url", "[debug] creating engine for mysql+pymysql://root:{S}@db:3306/{db}\nsqlalchemy.exc.OperationalError: (pymysql.err.OperationalError) (2003, \"Can't connect to MySQL server on 'db' ([Errno 111] Connection refused)\")", "pwu", "sqlalchemy.exc.OperationalError")
T("node-mongo-bad-auth-after-log", "Connecting to mongodb+srv://{user}:{S}@cluster0.{h5}.mongodb.net/{db} ...\nMongoServerError: bad auth : Authentication failed.\n    at Connection.onMessage (/app/node_modules/mongodb/lib/cmap/connection.js:202:26)\n    at connect (/app/db.js:8:11)", "pwu", "MongoServerError: bad auth")
T("requests-httperror-url-appid", "requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://api.openweathermap.org/data/2.5/weather?q={city}&appid={S}&units=metric", "hex32", "401 Client Error: Unauthorized")
T("urllib3-debug-newsapi-key", 'DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): newsapi.org:443\nDEBUG:urllib3.connectionpool:https://newsapi.org:443 "GET /v2/top-headlines?country=us&apiKey={S} HTTP/1.1" 200 None', "hex32", "DEBUG:urllib3.connectionpool")
T("morgan-access-log-token-query", '::ffff:127.0.0.1 - - [{date} {time}:11 +0000] "GET /api/grades?token={S} HTTP/1.1" 200 512 "-" "Mozilla/5.0 (X11; Linux x86_64)"', "hex40", "GET /api/grades")
T("nginx-access-log-reset-key", '{ip} - - [{date}:{time}:02 +0000] "GET /reset-password?key={S}&email={semail} HTTP/2.0" 302 0 "-" "Mozilla/5.0"', lambda c: rs(URLS, 40), "GET /reset-password")
T("flask-debug-log-form-dict", "[{ts}] DEBUG in auth: login attempt form=ImmutableMultiDict([('username', '{user}'), ('password', '{S}')])", "pwq", "DEBUG in auth: login attempt")
T("django-debug-page-post-table", "POST\nVariable\tValue\ncsrfmiddlewaretoken\t'••••••••'\nusername\t'{user}'\npassword\t'{S}'", "pw", "csrfmiddlewaretoken")
T("discordpy-debug-token-then-failure", "[{ts}] [DEBUG   ] bot: starting with token {S}\n[{ts}] [ERROR   ] discord.client: Attempting a login failed\ndiscord.errors.LoginFailure: Improper token has been passed.", "discord", "discord.errors.LoginFailure")
T("java-log-jdbc-url-then-denied", "INFO  c.{sshort}.db.Pool - Connecting with url=jdbc:mysql://localhost:3306/{db}?user=root&password={S}\njava.sql.SQLException: Access denied for user 'root'@'localhost' (using password: YES)\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)", "pwu", "java.sql.SQLException")
T("spring-debug-property-resolved", "DEBUG o.s.b.c.p.s.ConfigurationPropertySourcesPropertyResolver : Found key 'spring.datasource.password' in PropertySource 'application.yml' with value of type String: '{S}'", "pw", "spring.datasource.password")
T("compose-up-web-log-db-url", "db-1   | PostgreSQL init process complete; ready for start up.\nweb-1  | Using DATABASE_URL=postgres://{user}:{S}@db:5432/{db}\nweb-1  |  * Running on http://0.0.0.0:5000", "pwu", "PostgreSQL init process complete")
T("heroku-logs-app-web-key", "{tsz} app[web.1]: [config] STRIPE_SECRET_KEY={S}\n{tsz} heroku[router]: at=info method=GET path=\"/\" host={app}.herokuapp.com status=200", "sk_live", "heroku[router]")
T("vercel-function-log-console-key", "[GET] /api/chat  status=500\n> key loaded: {S}\nError: 429 You exceeded your current quota, please check your plan and billing details.", "openai", "You exceeded your current quota")
T("firebase-functions-log-stripe", "{tsz} I createCheckout: Using Stripe key {S}\n{tsz} E createCheckout: StripeAuthenticationError: Invalid API Key provided", "sk_test", "StripeAuthenticationError")
T("supabase-edge-json-log-auth-header", '{"event_message":"incoming headers: authorization=Bearer {S}","level":"info","timestamp":{epoch}000000,"function_id":"{uuid}"}', "sbjwt", '"level":"info"')
T("py-logging-config-dict-dump", "{ts},{n3} INFO config loaded: {'bot_token': '{S}', 'prefix': '!', 'guild': {snow}}", "telegram", "INFO config loaded")
T("pm2-logs-bot-token-line", "0|{nm}-bot  | {ts}: logging in with token={S}\n0|{nm}-bot  | {ts}: Ready! Logged in as StudyBot#{n4}", "discord", "Ready! Logged in as StudyBot")
T("winston-json-log-mail-auth", '{"level":"debug","message":"sending reminder mail","transport":{"service":"gmail","auth":{"user":"{semail}","pass":"{S}"}},"timestamp":"{tsz}"}', "gmail", '"message":"sending reminder mail"')
T("autograder-log-clone-x-access-token", "[autograder] {ts} fetching hidden tests\n[autograder] git clone https://x-access-token:{S}@github.com/{org}/{cslug}-solutions.git /autograder/tests\n[autograder] Cloning into '/autograder/tests'...", "ghs", "fetching hidden tests")
T("moodle-cron-exception-wstoken", "Execute scheduled task: Sync grades (local_gradesync\\task\\sync)\n... Exception: invalid response from https://moodle.{dom}/webservice/rest/server.php?wstoken={S}&wsfunction=core_grades_update_grades\n... Scheduled task failed", "moodle", "Scheduled task failed")
T("canvasapi-invalid-token-headers-repr", "canvasapi.exceptions.InvalidAccessToken: [{'message': 'Invalid access token.'}]\n  request headers: {'Authorization': 'Bearer {S}', 'User-Agent': 'python-canvasapi/3.3.0'}", "canvas", "canvasapi.exceptions.InvalidAccessToken")
T("git-push-403-url-with-token", "fatal: unable to access 'https://{ghu}:{S}@github.com/{org}/{repo}.git/': The requested URL returned error: 403", "ghp", "The requested URL returned error: 403")
T("npm-debug-log-authtoken-argv", "0 verbose cli /usr/local/bin/node /usr/local/bin/npm\n1 info using npm@10.8.1\n2 verbose argv \"publish\" \"--//registry.npmjs.org/:_authToken={S}\"\n3 verbose title npm publish", "npm", "verbose title npm publish")
T("pip-error-looking-in-indexes", "Looking in indexes: https://__token__:{S}@gitlab.{dom}/api/v4/projects/{n4}/packages/pypi/simple\nERROR: Could not find a version that satisfies the requirement autograder-utils==0.{n}", "glpat", "ERROR: Could not find a version")
T("uvicorn-access-log-api-key-query", 'INFO:     127.0.0.1:{port5} - "GET /predict?api_key={S}&text=hello HTTP/1.1" 200 OK', lambda c: rs(URLS, 36), "GET /predict")
T("rails-log-parameters-unfiltered", 'Started POST "/users/sign_in" for {ip} at {date} {time}:07 +0000\nProcessing by Devise::SessionsController#create as HTML\n  Parameters: {"authenticity_token"=>"[FILTERED]", "user"=>{"email"=>"{semail}", "password"=>"{S}"}}', "pwq", "Devise::SessionsController#create")
T("laravel-log-pdo-construct-args", "[{date} {time}:12] local.ERROR: SQLSTATE[HY000] [1045] Access denied for user 'root'@'localhost'\n#0 /var/www/html/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php(65): PDO->__construct('mysql:host=127....', 'root', '{S}', Array)", "pwq", "local.ERROR: SQLSTATE[HY000] [1045]")
T("php-mysqli-warning-stack-args", "PHP Warning:  mysqli::__construct(): (HY000/1045): Access denied for user 'root'@'localhost' in /var/www/html/db.php on line 3\n#0 /var/www/html/db.php(3): mysqli->__construct('localhost', 'root', '{S}', '{db}')", "pwq", "/var/www/html/db.php")
T("rich-traceback-locals-panel", "│ ❱ 18 │   session = login(username, password)                                 │\n│ ╭──────────── locals ────────────╮                                      │\n│ │ password = '{S}'               │                                      │\n│ │ username = '{user}'            │                                      │", "pwq", "locals")
T("sentry-breadcrumb-http-headers", '"breadcrumbs": [{"type": "http", "category": "httplib", "data": {"url": "https://api.stripe.com/v1/charges", "method": "POST", "headers": {"Authorization": "Bearer {S}"}}}]', "sk_live", "api.stripe.com/v1/charges")
T("jest-diff-received-token", "  - Expected\n  + Received\n\n    Object {\n  -   \"token\": \"<redacted>\",\n  +   \"token\": \"{S}\",\n        \"user\": \"{user}\",\n    }", "jwt", "- Expected")
T("go-log-dsn-then-panic", "{date} {time}:41 using dsn root:{S}@tcp(db:3306)/{db}\npanic: dial tcp: lookup db on 127.0.0.11:53: no such host\n\ngoroutine 1 [running]:\nmain.main()\n\t/app/main.go:21 +0x1c5", "pwu", "goroutine 1 [running]:")
T("kubectl-logs-redis-url", "$ kubectl logs deploy/{app}\nStarting worker with config: REDIS_URL=redis://:{S}@redis-master:6379/0\nworker ready", "al32", "worker ready")
T("sshd-failed-password-invalid-user", "{date} {time}:51 {nm}-vm sshd[{pid}]: Failed password for invalid user {S} from {ip} port {port5} ssh2", "pw", "Failed password for invalid user")
T("zsh-command-not-found-typed-password", "{user}@{nm}-laptop ~ % ssh {user}@{host}\n{user}@{host}'s password:\nPermission denied, please try again.\n{user}@{nm}-laptop ~ % {S}\nzsh: command not found: {S}", "pw", "Permission denied, please try again.")
T("mysql-general-log-create-user", "{tsz}\t   {n2} Query\tCREATE USER 'grader'@'%' IDENTIFIED BY '{S}'", "pw", "CREATE USER 'grader'@'%'")
T("postgres-log-statement-alter-role", "{date} {time}:03.812 UTC [{pid}] LOG:  statement: ALTER ROLE {user} WITH PASSWORD '{S}';", "pw", "LOG:  statement: ALTER ROLE")
T("selenium-log-fill-password", "[INFO] {ts} navigating to https://lms.{dom}/login\n[INFO] {ts} typing into #username: {user}\n[INFO] {ts} typing into #password: {S}\n[INFO] {ts} clicked #submit", "pw", "typing into #username: {user}")
T("playwright-api-log-fill", '  pw:api => locator.fill started +2ms\n  pw:api waiting for locator(\'#password\') +1ms\n  pw:api   fill("{S}") +0ms\n  pw:api <= locator.fill succeeded +38ms', "pwq", "locator.fill succeeded")
T("cypress-command-log-type", "  4  get      #email\n  5  -type    {semail}\n  6  get      #password\n  7  -type    {S}\n  8  contains Sign in", "pw", "contains Sign in")
T("pygithub-debug-request-headers", "DEBUG:github.Requester:GET https://api.github.com/repos/{org}/{repo}/pulls {'Authorization': 'token {S}', 'User-Agent': 'PyGithub/Python'} None ==> 200", "ghp", "DEBUG:github.Requester")
T("openai-python-debug-request-options", "DEBUG:openai._base_client:Request options: {'method': 'post', 'url': '/chat/completions', 'headers': {'Authorization': 'Bearer {S}'}, 'json_data': {'model': 'gpt-4o-mini'}}", "openai", "DEBUG:openai._base_client")
T("httpx-info-gemini-url-key", 'INFO:httpx:HTTP Request: POST https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-flash:generateContent?key={S} "HTTP/1.1 200 OK"', "gapi", "INFO:httpx:HTTP Request")
T("discord-webhook-404-after-post", "POST https://discord.com/api/webhooks/{snow}/{S}\ndiscord.errors.NotFound: 404 Not Found (error code: 10015): Unknown Webhook", "discordwh", "Unknown Webhook")
T("slack-bolt-debug-auth-test", "DEBUG:slack_bolt.App:Sending a request - url: https://slack.com/api/auth.test, query_params: {}, body_params: {}, headers: {'Authorization': 'Bearer {S}'}", "xoxb", "slack_bolt.App")
T("s3-presigned-url-log-signature", "INFO upload url for {user}: https://{bucket}.s3.amazonaws.com/uploads/{user}/hw3.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={aws_id}%2F{date8}%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date={date8}T120000Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={S}", "s3sig", "X-Amz-Algorithm=AWS4-HMAC-SHA256")
T("gcs-signed-url-log-signature", "Generated upload URL: https://storage.googleapis.com/{bucket}/submissions/{user}.zip?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=grader%40{proj}.iam.gserviceaccount.com%2F{date8}%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date={date8}T080000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature={S}", "gcssig", "X-Goog-Algorithm=GOOG4-RSA-SHA256")
T("azure-sas-url-log-sig", "Uploading to https://{acct}.blob.core.windows.net/submissions/{user}/final.zip?sv=2022-11-02&ss=b&srt=o&sp=rwc&se={date}T23:59:59Z&st={date}T00:00:00Z&spr=https&sig={S}", "sas_sig", "blob.core.windows.net/submissions")
T("firebase-storage-download-token-log", "download url: https://firebasestorage.googleapis.com/v0/b/{proj}.appspot.com/o/avatars%2F{lo20}.png?alt=media&token={S}", "uuid", "firebasestorage.googleapis.com")
T("cloudfront-signed-url-log", "serving video: https://d{lo14}.cloudfront.net/lectures/week{n}.mp4?Expires={epoch}&Signature={S}&Key-Pair-Id=K{up13}", "cfsig", "lectures/week{n}.mp4")
T("oauth-callback-access-log-code", '{ip} - - [{date}:{time}:33 +0000] "GET /auth/google/callback?state={h16}&code=4%2F0A{S}&scope=email+profile HTTP/1.1" 302 0', lambda c: rs(URLS, 70), "GET /auth/google/callback")
T("implicit-grant-redirect-fragment", "redirecting to http://localhost:5173/#token_type=Bearer&access_token={S}&expires_in=604800&scope=identify+guilds", lambda c: rs(AL, 30), "redirecting to http://localhost:5173/")
T("discord-gateway-identify-payload", '>>> {"op":2,"d":{"token":"{S}","intents":33281,"properties":{"os":"linux","browser":"disnake","device":"disnake"}}}', "discord", '"intents":33281')
T("firebase-user-json-refresh-token", "User {\n  uid: '{lo20}',\n  email: '{semail}',\n  stsTokenManager: {\n    refreshToken: '{S}',\n    expirationTime: {epoch}000\n  }\n}", "firebase_refresh", "stsTokenManager")
T("smtplib-debug-auth-plain", "send: 'ehlo [127.0.1.1]\\r\\n'\nreply: b'250-smtp.gmail.com at your service'\nsend: 'AUTH PLAIN {S}\\r\\n'\nreply: b'235 2.7.0 Accepted\\r\\n'", lambda c: b64("\0" + c["semail"] + "\0" + gmail_app()), "235 2.7.0 Accepted")
T("imaplib-debug-login-line", "  {n2}:{n2}.{n2} > b'ABCD1 LOGIN {semail} \"{S}\"'\n  {n2}:{n2}.{n2} < b'ABCD1 OK LOGIN completed'", "pwq", "OK LOGIN completed")
T("ftp-session-log-user-pass", "Status:\tConnecting to {ip}:21...\nCommand:\tUSER {user}\nResponse:\t331 Please specify the password.\nCommand:\tPASS {S}\nResponse:\t230 Login successful.", "pw", "331 Please specify the password.")
T("redis-monitor-auth-line", '{epoch}.{n6} [0 127.0.0.1:{port5}] "AUTH" "{S}"\n{epoch}.{n6} [0 127.0.0.1:{port5}] "GET" "leaderboard:{cslug}"', "al32", '"GET" "leaderboard:{cslug}"')
T("http-debug-basic-auth-header", "[http] >>> POST /api/v1/submit HTTP/1.1\n[http] >>> Host: grader.{dom}\n[http] >>> Authorization: Basic {S}\n[http] <<< HTTP/1.1 201 Created", basic(), "[http] >>> Host: grader.{dom}")
T("nextjs-build-axios-error-config", "Error occurred prerendering page \"/leaderboard\".\nAxiosError: Request failed with status code 403\n  config: {\n    url: 'https://api.{dom}/v2/scores',\n    headers: { Accept: 'application/json', 'x-api-key': '{S}' }\n  }", lambda c: rs(AL, 40), "Error occurred prerendering page")
T("axios-error-hf-inference-headers", "AxiosError: Request failed with status code 429\n    at settle (node_modules/axios/lib/core/settle.js:19:12)\n  headers: AxiosHeaders {\n    Authorization: 'Bearer {S}',\n    'Content-Type': 'application/json'\n  }", "hf", "at settle (node_modules/axios/lib/core/settle.js:19:12)")
T("resttemplate-debug-token-body", 'DEBUG o.s.web.client.RestTemplate : Writing [{grant_type=[authorization_code], code=[4/0A{lo14}], client_id=[{n12}-{lo20}.apps.googleusercontent.com], client_secret=[{S}]}] as "application/x-www-form-urlencoded"', "gocspx", "o.s.web.client.RestTemplate")
T("py-log-credentials-repr", "DEBUG classroom_sync: creds=Credentials(token='ya29.a0{lo14}', refresh_token='{S}', token_uri='https://oauth2.googleapis.com/token', scopes=['https://www.googleapis.com/auth/classroom.courses'])", "g1refresh", "classroom_sync")
T("docker-build-log-run-npmrc", '#7 [4/6] RUN echo "//registry.npmjs.org/:_authToken={S}" > .npmrc && npm ci\n#7 2.113 added 312 packages in 2s', "npm", "added 312 packages")
T("ansible-task-output-no-log-missing", 'TASK [db : create app user] ****************************************\nchanged: [{nm}-vm] => {"changed": true, "name": "{user}", "password": "{S}", "state": "present"}', "pw", "TASK [db : create app user]")
T("powershell-transcript-pscredential", 'PS C:\\lab> $cred = New-Object PSCredential("{user}", (ConvertTo-SecureString "{S}" -AsPlainText -Force))\nPS C:\\lab> Enter-PSSession -ComputerName {nm}-win -Credential $cred', "pw", "Enter-PSSession")
T("bash-xtrace-curl-token", "+ BRANCH=main\n+ curl -s -H 'Authorization: token {S}' https://api.github.com/repos/{org}/{repo}/actions/runs\n+ jq '.workflow_runs[0].conclusion'", "ghp", "+ BRANCH=main")
T("minecraft-discordsrv-startup-token", "[{time}:02 INFO]: [DiscordSRV] Enabling DiscordSRV v1.27.0\n[{time}:02 INFO]: [DiscordSRV] [debug] bot token = {S}\n[{time}:03 WARN]: [DiscordSRV] Disconnected: invalid token", "discord", "Enabling DiscordSRV")
T("celery-worker-redis-password-error", "[{ts}: ERROR/MainProcess] consumer: Cannot connect to redis://:{S}@{host}:6379/0: Authentication required..\nTrying again in 4.00 seconds... (2/100)", "al24", "Trying again in 4.00 seconds")
T("wsgi-environ-dump-cookie", "HTTP_COOKIE = 'csrftoken=placeholder-ok; sessionid={S}'\nHTTP_HOST = '{app}.{dom}'\nREMOTE_ADDR = '{ip}'", lambda c: rs(LODIG, 32), "REMOTE_ADDR = '{ip}'")
T("express-req-headers-cookie-log", "req.headers = {\n  host: 'localhost:3000',\n  cookie: 'connect.sid={S}',\n  'user-agent': 'Mozilla/5.0'\n}", "cookie_connect", "host: 'localhost:3000'")
T("php-session-debug-log", "[{date} {time}:55] session started PHPSESSID={S} user={user}", "phpsess", "session started")
T("jupyter-startup-log-token", "[I {date} {time}:19.220 ServerApp] Jupyter Server 2.14.1 is running at:\n[I {date} {time}:19.220 ServerApp] http://127.0.0.1:8888/lab?token={S}", "hex48", "Jupyter Server 2.14.1 is running at:")

# ============================================================= note-or-chat
G("note-or-chat")
T("slack-thread-handover-password", "[{time}] {first}: ok the db pw for the staging box is {S} — don't put it in the repo pls\n[{time}] {first2}: 👍 thanks", "pw", "[{time}] {first2}: 👍 thanks")
T("discord-chat-es-bot-token", "{first}: oye el token del bot es {S}, lo puse en el .env pero no lo subas a github 😅", "discord", "lo puse en el .env")
T("whatsapp-group-pt-supabase-senha", "[{date} 21:14] {first}: galera, senha do banco do supabase: {S}\n[{date} 21:15] {first2}: valeu!!", "pw", "galera, senha do banco do supabase")
T("note-fr-teammate-db-password", "{first} m'a envoyé le mot de passe de la base : {S} (à changer après la démo)", "pw", "à changer après la démo")
T("chat-de-uni-wifi-passwort", "{first}: Passwort fürs Labor-WLAN ({ssid}) ist {S}, falls du's brauchst", "pw", "falls du's brauchst")
T("chat-it-server-password", "{first}: la password del server del lab è {S} , utente {user}", "pw", "utente {user}")
T("chat-tr-sunucu-sifre", "{first}: hocam sunucu şifresi {S} , kullanıcı adı {user}", "pw", "kullanıcı adı {user}")
T("chat-pl-haslo-do-bazy", "{first}: hasło do bazy: {S} (login {user})", "pw", "(login {user})")
T("chat-vi-mat-khau-wifi", "{first}: mật khẩu wifi phòng lab {ssid}: {S}", "pw", "mật khẩu wifi phòng lab")
T("chat-id-kata-sandi-moodle", "{first}: kata sandi akun moodle kelompok: {S} ya, jangan diganti", "pw", "jangan diganti")
T("chat-ja-server-password", "{first}: サーバーのパスワードは {S} です。ユーザー名は {user}。", "pw", "ユーザー名は {user}")
T("chat-zh-database-mima", "{first}：数据库密码：{S}，别外传 🙏", "pw", "别外传")
T("chat-ko-team-account-pw", "{first}: 팀 계정 비밀번호는 {S} 입니다", "pw", "팀 계정 비밀번호는")
T("chat-ru-admin-parol", "{first}: пароль от админки: {S}", "pw", "пароль от админки")
T("chat-uk-google-group-account", "{first}: пароль до гугл акаунта групи: {S}", "pw", "пароль до гугл акаунта групи")
T("chat-ar-account-password", "{first}: كلمة السر للحساب: {S}", "pw", "كلمة السر للحساب")
T("chat-hinglish-password-bhai", "{first}: bhai password hai {S} , kisi ko mat batana", "pw", "kisi ko mat batana")
T("chat-nl-team-wachtwoord", "{first}: wachtwoord van het teamaccount: {S}", "pw", "wachtwoord van het teamaccount")
T("chat-sw-nenosiri-seva", "{first}: nenosiri la seva ni {S}", "pw", "nenosiri la seva ni")
T("chat-tl-admin-password", "{first}: yung password ng admin ay {S} pero palitan natin mamaya", "pw", "palitan natin mamaya")
T("agent-notes-creds-line", "## Notes\n- staging db: {host} / user {user} / pw {S}\n- next: fix migration 0007, rerun seed", "pw", "next: fix migration 0007")
T("agent-goal-with-canvas-token", "GOAL: get the Canvas sync script working for {course}. Instructor gave token {S} (expires end of term).", "canvas", "get the Canvas sync script working")
T("agent-decision-service-key", "Decision: use the class Supabase project ({sbref}) with service key {S} for the seed script only; rotate after grading.", "sbsecret", "rotate after grading")
T("handover-doc-admin-creds", "Credentials (temporary):\n  admin / {S}\n  url: https://{app}.onrender.com/admin", "pw", "https://{app}.onrender.com/admin")
T("email-ta-vm-initial-password", "From: {prof} <{nm}@{dom}>\nSubject: Lab 4 VM access\n\nHi all, your VM login is your student ID and the initial password is {S}. Please change it on first login.", "pw", "Subject: Lab 4 VM access")
T("lms-announcement-quiz-password", "Announcement ({course}): The quiz password for Midterm 1 is {S}. Do not share it with students in other sections.", "pw", "Do not share it with students in other sections.")
T("email-takehome-zip-password", "{prof}: the zip password for the take-home final is: {S}\nSubmission closes at 17:00.", "pw", "Submission closes at 17:00.")
T("hackathon-discord-wifi-announcement", "📢 @everyone welcome to {sshort}Hacks!\n📶 Wi-Fi: {ssid} / password: {S}\n🍕 food at 7pm in the atrium", "pw", "food at 7pm in the atrium")
T("hackathon-sponsor-team-key", "Sponsor desk: here's the OpenAI key for {team} ($25 credit, revoked Sunday 12:00): {S}", "openai", "revoked Sunday 12:00")
T("mentor-dm-shared-key", "mentor ({first}): use this shared key for the demo, it has $50 of credits on it → {S}", "anthropic", "use this shared key for the demo")
T("internship-onboarding-vpn-temp", "Day 1 onboarding ✅\n- laptop imaged\n- VPN user {user}, temp password {S}\n- MFA setup tomorrow with IT", "pw", "MFA setup tomorrow with IT")
T("standup-note-redis-pass-in-wiki", "TODO: ask {first} why the staging redis pass ({S}) is pasted in the wiki page", "al24", "is pasted in the wiki page")
T("note-host-then-pw-next-line", "ssh {user}@{host}   (pw below)\n{S}", "pw", "ssh {user}@{host}")
T("sticky-note-transcription", "photo of the sticky note on lab PC 14: 'CS lab admin — {S}'", "pw", "photo of the sticky note on lab PC 14")
T("ticket-comment-reset-service-password", "Comment by {first}: I reset the grader service account password to {S}, will move it to the vault later.", "pw", "will move it to the vault later")
T("issue-comment-pasted-config-token", "> still getting 401 from the API 😭 here is my config:\n> ```\n> token: {S}\n> base_url: https://api.{dom}\n> ```", "hex40", "still getting 401 from the API")
T("stackoverflow-draft-bot-run", "Title: discord.py Improper token has been passed\n\nMy code:\n```\nbot.run('{S}')\n```\nWhat am I doing wrong? I copied it from the developer portal.", "discord", "Improper token has been passed")
T("reddit-post-draft-weather-key", "r/learnprogramming — why does my weather app return 401?? I'm calling it with key={S} and city={city}", "hex32", "r/learnprogramming")
T("piazza-post-env-pasted", "Piazza @{n3} (anonymous to classmates): my autograder run keeps failing, here is my .env:\nOPENAI_KEY={S}\nDEBUG=1", "openai", "my autograder run keeps failing")
T("ed-discussion-ta-quotes-key", "TA {first}: Please remove your API key from the post! ({S}) I've hidden the thread and you should regenerate it.", "groq", "I've hidden the thread")
T("team-doc-accounts-section", "Team doc › Accounts\n  Firebase console: {semail} / {S}\n  Figma: shared via invite", "pw", "Figma: shared via invite")
T("pt-passphrase-do-cofre", "{first}: a frase-senha do cofre do grupo é \"{S}\"", "pwsp", "frase-senha do cofre do grupo")
T("note-google-backup-codes", "Google backup codes for the club account ({semail}):\n{S}\n(each works once)", "codes", "(each works once)")
T("note-totp-seed-shared-admin", "TOTP seed for the shared Moodle admin (add it to your authenticator): {S}", "totp", "add it to your authenticator")
T("note-hackathon-wallet-seed", "hackathon wallet seed (testnet only!!): {S}", "mnemonic", "testnet only!!")
T("chat-typo-correction-password", "{first}: pw is {nm}{n4}\n{first}: wait no that's my old one, it's {S}", "pw", "that's my old one")
T("chat-split-label-then-value", "{first}: user: {user}\n{first}: pass:\n{first}: {S}", "pw", "{first}: user: {user}")
T("agent-scratchpad-curl-403", "Tried: curl -H 'X-Api-Key: {S}' https://api.{dom}/v1/grades → 403. Maybe key not activated yet, ask {first}.", lambda c: rs(AL, 40), "Maybe key not activated yet")
T("note-commit-message-oops", "last commit msg was literally: \"remove key {S} oops\" — need to rewrite history before the TA clones it", "ghp", "need to rewrite history")
T("zoom-office-hours-link-pwd", "Office hours link: https://{sshort}-edu.zoom.us/j/{n11}?pwd={S}", "zoompwd", "Office hours link")
T("note-apps-script-gradebook-key", "Gradebook sheet → Apps Script uses this Gemini key: {S} (billing on {prof}'s card!)", "gapi", "Gradebook sheet")
T("note-password-reset-link", "reset link that came to my school mail: https://accounts.{dom}/reset?token={S}", lambda c: rs(URLS, 48), "reset link that came to my school mail")
T("chat-supabase-invite-token-link", "{first}: join the class org here https://supabase.com/dashboard/join?token={S}", lambda c: rs(URLS, 40), "join the class org here")
T("chat-emoji-wrapped-token", "{first}: 🔑 {S} 🔑 (don't screenshot this)", "hf", "(don't screenshot this)")
T("markdown-table-creds-row", "| service | user | password |\n|---|---|---|\n| mongo atlas | {user} | {S} |", "pwu", "| mongo atlas | {user} |")
T("meeting-minutes-it-credenziali", "Verbale riunione {date}: demo pronta; credenziali demo: demo / {S}; prossimo incontro giovedì", "pw", "prossimo incontro giovedì")
T("teacher-note-es-moodle-prueba", "Profe {last}: la contraseña del Moodle de prueba es {S}", "pw", "la contraseña del Moodle de prueba")
T("bootcamp-ptbr-chave-api", "Turma {n2}: a chave da API do bootcamp é {S}, usem só no projeto final", "openai_old", "usem só no projeto final")
T("internship-fr-vpn-mdp", "Stage — accès VPN : identifiant {user}, mdp {S}", "pw", "identifiant {user}")
T("praktikum-de-zugangsdaten", "Zugangsdaten Praktikum: Benutzer {user}, Kennwort {S}", "pw", "Benutzer {user}")
T("hackathon-ja-api-key", "{first}: ハッカソン用のAPIキー: {S}", "gapi", "ハッカソン用のAPIキー")
T("contest-zh-tw-account", "比賽帳號 team{n3} 密碼 {S}", "pw", "比賽帳號 team{n3}")
T("bootcamp-ko-slack-token", "부트캠프 슬랙 봇 토큰: {S}", "xoxb", "부트캠프 슬랙 봇 토큰")
T("olympiad-ru-training-login", "логин {user}, пароль {S} — для тренировочного тура", "pw", "для тренировочного тура")
T("group-vi-openai-key", "{first}: key openai của nhóm: {S}", "openai", "key openai của nhóm")
T("chat-th-password", "{first}: รหัสผ่าน: {S}", "pw", "รหัสผ่าน")
T("chat-he-password", "{first}: הסיסמה היא {S}", "pw", "הסיסמה היא")
T("chat-fa-server-password", "{first}: رمز عبور سرور: {S}", "pw", "رمز عبور سرور")
T("chat-el-kodikos", "{first}: ο κωδικός είναι {S}", "pw", "ο κωδικός είναι")
T("chat-cs-heslo-databaze", "{first}: heslo k databázi: {S}", "pw", "heslo k databázi")
T("chat-ro-parola-aws-educate", "{first}: parola de la contul de AWS Educate: {S}", "pw", "contul de AWS Educate")
T("chat-hu-jelszo", "{first}: a jelszó: {S}", "pw", "a jelszó")
T("icpc-practice-login-note", "ICPC regional practice contest login: team{n3} / {S} (DOMjudge at judge.{dom})", "pw", "DOMjudge at judge.{dom}")
T("cf-rating-bot-secret-note", "codeforces rating bot: key {h40}, secret {S} (never commit)", "hex40", "codeforces rating bot")
T("chat-unlabeled-after-host", "{first}: {host}\n{first}: {user}\n{first}: {S}\n{first}: ^ that's the login for the lab db", "pw", "that's the login for the lab db")
T("voice-memo-transcript-password", "(transcribed voice memo) \"...and the router admin password is {S}, okay, bye\"", "pw", "transcribed voice memo")
T("note-es-profe-zip-clave", "La clave del zip con los casos de prueba ocultos es {S} — no la compartan", "pw", "no la compartan")
T("chat-id-token-bot-telegram", "{first}: token bot telegram kelas: {S}", "telegram", "token bot telegram kelas")
T("chat-pt-roblox-cookie", "{first}: me passa teu .ROBLOSECURITY pra eu testar o bot: {S}", "roblox", "pra eu testar o bot")

# ============================================================ ci-and-deploy
G("ci-and-deploy")
T("gha-env-hardcoded-vercel-token", "# .github/workflows/deploy.yml\nenv:\n  VERCEL_ORG_ID: team_{lo20}\n  VERCEL_TOKEN: {S}\njobs:\n  deploy:\n    runs-on: ubuntu-latest", "vercel", "runs-on: ubuntu-latest")
T("gha-run-render-deploy-hook", "      - name: Trigger Render deploy\n        run: curl -fsS -X POST \"https://api.render.com/deploy/srv-{lo20}?key={S}\"", lambda c: rs(URLS, 11), "Trigger Render deploy")
T("gha-docker-login-action-hardcoded", "      - uses: docker/login-action@v3\n        with:\n          username: {ghu}\n          password: {S}", "dckr", "docker/login-action@v3")
T("gha-log-base64-decoded-creds", "Run echo \"$GCP_CREDS_B64\" | base64 -d | jq -c '{client_email, private_key_id, client_secret}'\n{\"client_email\":\"ci@{proj}.iam.gserviceaccount.com\",\"private_key_id\":\"{h40}\",\"client_secret\":\"{S}\"}", "gocspx", "client_email")
T("gitlab-ci-variables-db-password", "variables:\n  POSTGRES_DB: {db}\n  POSTGRES_USER: runner\n  POSTGRES_PASSWORD: \"{S}\"\n\ntest:\n  services: [postgres:16]", "pw", "services: [postgres:16]")
T("gitlab-ci-script-mysql-p", "test:\n  image: python:{pyver}\n  services: [mysql:8]\n  script:\n    - mysql -h mysql -u root -p{S} test_db < tests/fixtures.sql\n    - pytest -q", "pw", "pytest -q")
T("travis-yml-env-global-sonar", "language: java\nenv:\n  global:\n    - SONAR_TOKEN={S}\nscript: ./mvnw verify sonar:sonar", "sonar", "script: ./mvnw verify sonar:sonar")
T("circleci-environment-heroku-key", "jobs:\n  deploy:\n    docker:\n      - image: cimg/node:20.11\n    environment:\n      HEROKU_API_KEY: {S}\n      HEROKU_APP_NAME: {app}", "heroku", "HEROKU_APP_NAME: {app}")
T("bitbucket-pipelines-heroku-pipe", "        - pipe: atlassian/heroku-deploy:2.2.0\n          variables:\n            HEROKU_API_KEY: '{S}'\n            HEROKU_APP_NAME: '{app}'", "heroku", "atlassian/heroku-deploy:2.2.0")
T("jenkinsfile-withenv-db-pass", "stage('Test') {\n  steps {\n    withEnv([\"DB_PASS={S}\"]) {\n      sh 'pytest -q'\n    }\n  }\n}", "pw", "stage('Test')")
T("jenkins-console-docker-login-p", "[Pipeline] sh\n+ docker login -u {ghu} -p {S} registry.{dom}\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded", "pw", "Login Succeeded")
T("azure-pipelines-variables-storage-key", "variables:\n  storageAccount: {acct}\n  storageKey: '{S}'\n\nsteps:\n- script: az storage blob upload-batch -d '$web' -s dist", "azkey", "storageAccount: {acct}")
T("render-blueprint-envvar-db-url", "    envVars:\n      - key: NODE_ENV\n        value: production\n      - key: DATABASE_URL\n        value: postgres://{user}:{S}@dpg-{lo20}-a.oregon-postgres.render.com/{db}", "pwu", "oregon-postgres.render.com")
T("vercel-build-log-printenv", "Running \"vercel build\"\nVercel CLI 37.4.2\n> node scripts/check-env.js\nSUPABASE_SERVICE_ROLE_KEY={S}\nBuild Completed in /vercel/output [41s]", "sbjwt", "Build Completed in /vercel/output")
T("netlify-deploy-log-echo-secret", "{time}:01 PM: $ echo $FAUNA_SECRET\n{time}:01 PM: {S}\n{time}:02 PM: $ npm run build", "fauna", "npm run build")
T("heroku-release-phase-log", "remote: -----> Running release command...\nremote:        DATABASE_URL=postgres://u{lo14}:{S}@ec2-{n2}-{n3}.compute-1.amazonaws.com:5432/d{lo14} npx prisma migrate deploy\nremote: Waiting for release.... done.", "hex64", "Waiting for release.... done.")
T("fly-deploy-build-arg-log", "==> Building image with Depot\n--> build:  (​)\n#12 [build 3/5] RUN --mount=type=cache SENTRY_AUTH_TOKEN={S} npm run build", "sentry", "Building image with Depot")
T("dockerfile-env-stripe-key", "FROM node:20-alpine\nWORKDIR /app\nENV STRIPE_SECRET_KEY={S}\nCOPY . .\nRUN npm ci && npm run build", "sk_live", "FROM node:20-alpine")
T("dockerfile-arg-default-npm-token", "FROM node:20 AS deps\nARG NPM_TOKEN={S}\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc", "npm", "FROM node:20 AS deps")
T("docker-compose-prod-env-redis", "# deploy/docker-compose.prod.yml\n  worker:\n    image: ghcr.io/{org}/{app}:latest\n    environment:\n      REDIS_URL: redis://:{S}@redis:6379/0", "al32", "deploy/docker-compose.prod.yml")
T("k8s-deployment-env-value-literal", "        env:\n        - name: DISCORD_TOKEN\n          value: \"{S}\"\n        - name: LOG_LEVEL\n          value: info", "discord", "name: LOG_LEVEL")
T("k8s-configmap-misused-password", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {app}-config\ndata:\n  DB_HOST: postgres\n  DB_PASSWORD: \"{S}\"", "pw", "kind: ConfigMap")
T("helm-install-set-postgres-password", "helm install {app}-pg bitnami/postgresql --set auth.postgresPassword={S} --set primary.persistence.size=1Gi", "pw", "bitnami/postgresql")
T("terraform-apply-var-db-password", "terraform apply -var=\"db_password={S}\" -var=\"env=staging\" -auto-approve", "pw", "-auto-approve")
T("ansible-playbook-extra-vars-become", "ansible-playbook -i inventory.ini site.yml -e \"ansible_become_pass={S}\" --limit labvms", "pw", "--limit labvms")
T("gha-gh-pages-personal-token", "      - uses: peaceiris/actions-gh-pages@v4\n        with:\n          personal_token: {S}\n          publish_dir: ./public", "ghp", "publish_dir: ./public")
T("gha-service-container-password", "    services:\n      postgres:\n        image: postgres:15\n        env:\n          POSTGRES_PASSWORD: {S}\n        ports: ['5432:5432']", "pw", "image: postgres:15")
T("gha-setup-node-hardcoded-auth", "      - uses: actions/setup-node@v4\n        with:\n          registry-url: 'https://registry.npmjs.org'\n      - run: npm publish --access public\n        env:\n          NODE_AUTH_TOKEN: {S}", "npm", "npm publish --access public")
T("gha-firebase-hosting-sa-inline", "      - uses: FirebaseExtended/action-hosting-deploy@v0\n        with:\n          firebaseServiceAccount: '{\"type\":\"service_account\",\"project_id\":\"{proj}\",\"private_key\":\"-----BEGIN PRIVATE KEY-----\\n{S}\\n-----END PRIVATE KEY-----\\n\"}'\n          projectId: {proj}", pem(rsa_body_lines, "\\n"), "FirebaseExtended/action-hosting-deploy@v0")
T("eas-build-expo-token-prefix", "- run: EXPO_TOKEN={S} npx eas-cli build --platform android --non-interactive --profile preview", "expo", "npx eas-cli build")
T("gradle-injected-signing-password", "./gradlew assembleRelease \\\n  -Pandroid.injected.signing.store.file=$PWD/release.jks \\\n  -Pandroid.injected.signing.store.password={S} \\\n  -Pandroid.injected.signing.key.alias=upload", "pw", "./gradlew assembleRelease")
T("fastlane-match-password-env", "MATCH_PASSWORD={S} bundle exec fastlane ios beta", "pwsp", "bundle exec fastlane ios beta")
T("railway-cli-token-env-log", "$ RAILWAY_TOKEN={S} railway up --service web --detach\nIndexing... Uploading... Build Logs: https://railway.app/project/{uuid2}", "railway", "railway up --service web")
T("wrangler-pages-deploy-api-token", "CLOUDFLARE_ACCOUNT_ID={h32} CLOUDFLARE_API_TOKEN={S} npx wrangler pages deploy dist --project-name {app}", "cf", "npx wrangler pages deploy dist")
T("supabase-link-password-in-workflow", "      - run: supabase link --project-ref {sbref} -p {S}\n      - run: supabase db push", "pwu", "supabase db push")
T("codecov-bash-uploader-token", "after_success:\n  - bash <(curl -s https://codecov.io/bash) -t {S}", "codecov", "codecov.io/bash")
T("sonar-scanner-login-flag", "sonar-scanner -Dsonar.projectKey={org}_{repo} -Dsonar.host.url=https://sonarcloud.io -Dsonar.login={S}", "sonar", "-Dsonar.host.url=https://sonarcloud.io")
T("coveralls-yml-repo-token", "# .coveralls.yml\nservice_name: github-actions\nrepo_token: {S}", lambda c: rs(AL, 32), "service_name: github-actions")
T("snyk-auth-token-step", "      - run: npx snyk auth {S} && npx snyk test --severity-threshold=high", "snyk", "--severity-threshold=high")
T("gha-log-unmasked-derived-key", "##[group]Run ./scripts/deploy.sh\n./scripts/deploy.sh\n##[endgroup]\nDeploying {app} with key {S}\nDeploy OK", "hex40", "Run ./scripts/deploy.sh")
T("gitlab-job-log-ci-token-clone", "$ git clone https://gitlab-ci-token:{S}@gitlab.{dom}/{cslug}/shared-fixtures.git\nCloning into 'shared-fixtures'...", "glcbt", "Cloning into 'shared-fixtures'")
T("deploy-sh-sshpass-rsync", "#!/usr/bin/env bash\n# deploy.sh\nnpm run build\nsshpass -p \"{S}\" rsync -avz --delete dist/ {user}@{host}:/var/www/html/", "pw", "npm run build")
T("gha-ftp-deploy-action", "      - uses: SamKirkland/FTP-Deploy-Action@v4.3.5\n        with:\n          server: ftp.{dom}\n          username: {user}\n          password: {S}", "pw", "SamKirkland/FTP-Deploy-Action")
T("travis-dpl-heroku-api-key", "deploy:\n  provider: heroku\n  api_key: {S}\n  app: {app}", "heroku", "provider: heroku")
T("gha-tojson-secrets-debug-dump", "Run echo '${{ toJSON(secrets) }}'\n{\n  \"github_token\": \"***\",\n  \"DISCORD_WEBHOOK\": \"https://discord.com/api/webhooks/{snow}/{S}\"\n}", "discordwh", '"github_token": "***"')
T("ecs-task-def-environment", '      "environment": [\n        { "name": "NODE_ENV", "value": "production" },\n        { "name": "DB_PASSWORD", "value": "{S}" }\n      ],', "pwq", '"name": "NODE_ENV"')
T("cloudformation-master-user-password", "  LabDB:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      Engine: mysql\n      MasterUsername: admin\n      MasterUserPassword: {S}", "pw", "AWS::RDS::DBInstance")
T("serverless-yml-provider-environment", "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    STRIPE_KEY: {S}", "sk_test", "runtime: nodejs20.x")
T("sam-template-parameter-default", "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: {S}", "pw", "NoEcho: true")
T("amplify-yml-echo-into-env", "    build:\n      commands:\n        - echo \"SENDGRID_KEY={S}\" >> .env\n        - npm run build", "sendgrid", "commands:")
T("vercel-json-env-mongo-uri", '{\n  "version": 2,\n  "env": {\n    "MONGODB_URI": "mongodb+srv://{user}:{S}@cluster0.{h5}.mongodb.net/{db}"\n  }\n}', "pwu", '"version": 2')
T("heroku-app-json-env-value", '{\n  "name": "{app}",\n  "env": {\n    "SECRET_TOKEN": { "value": "{S}" }\n  },\n  "addons": ["heroku-postgresql"]\n}', "hex48", '"addons": ["heroku-postgresql"]')
T("github-classroom-template-grader-key", "# .github/workflows/classroom.yml (template repo for {course})\nenv:\n  GRADER_API_KEY: {S}\njobs:\n  run-autograding-tests:\n    runs-on: ubuntu-latest", "hex40", "run-autograding-tests")
T("gradescope-setup-sh-clone-token", "#!/usr/bin/env bash\n# setup.sh for Gradescope autograder\napt-get install -y python3-pip\ngit clone https://{ghu}:{S}@github.com/{org}/{cslug}-tests.git /autograder/tests", "ghp", "setup.sh for Gradescope autograder")
T("koyeb-secret-create-value", "koyeb secrets create db-pass --value {S}\nkoyeb services update {app}/web --env DB_PASS=@db-pass", "pw", "koyeb services update")
T("doppler-run-token-prefix", "DOPPLER_TOKEN={S} doppler run -- npm start", "doppler", "doppler run -- npm start")
T("vault-login-token-ci-step", "      - run: vault login {S} && vault kv get -field=pw secret/{cslug}/db", "vault", "vault kv get -field=pw")
T("sops-age-key-env", "      - run: sops -d secrets.enc.yaml > secrets.yaml\n        env:\n          SOPS_AGE_KEY: {S}", "age", "sops -d secrets.enc.yaml")
T("gpg-passphrase-fd-decrypt", "echo \"{S}\" | gpg --batch --yes --passphrase-fd 0 -d secrets.tar.gpg | tar x", "pwsp", "secrets.tar.gpg")
T("cosign-password-env-sign", "COSIGN_PASSWORD={S} cosign sign --key cosign.key ghcr.io/{org}/{app}@sha256:{h64}", "pw", "cosign sign --key cosign.key")
T("gha-android-keystore-password-env", "        env:\n          SIGNING_KEY_ALIAS: upload\n          SIGNING_STORE_PASSWORD: {S}", "pw", "SIGNING_KEY_ALIAS: upload")
T("fastlane-match-git-basic-auth", "MATCH_GIT_BASIC_AUTHORIZATION={S}\nMATCH_READONLY=true", basic("ghu", lambda: "ghp_" + rs(AL, 36)), "MATCH_READONLY=true")
T("appstore-connect-p8-in-ci-file", "# ci/AuthKey_{up10}.p8 (committed by mistake)\n-----BEGIN PRIVATE KEY-----\n{S}\n-----END PRIVATE KEY-----", pem(p8_body_lines), "committed by mistake")
T("gha-ssh-deploy-key-inline-block", "      - uses: webfactory/ssh-agent@v0.9.0\n        with:\n          ssh-private-key: |\n            -----BEGIN OPENSSH PRIVATE KEY-----\n            {S}\n            -----END OPENSSH PRIVATE KEY-----", pem(openssh_body_lines, "\n            "), "webfactory/ssh-agent@v0.9.0")
T("gitlab-ci-ssh-key-heredoc", "deploy:\n  script:\n    - |\n      cat > ~/.ssh/id_rsa <<'KEY'\n      -----BEGIN RSA PRIVATE KEY-----\n      {S}\n      -----END RSA PRIVATE KEY-----\n      KEY\n    - ssh {user}@{host} 'cd app && git pull'", pem(rsa1_body_lines, "\n      "), "cd app && git pull")
T("replit-deploy-secrets-log", "Deploying {app}...\nsecrets: SESSION_SECRET={S} (from .replit [env])\nBuild succeeded, promoting to production", "hex48", "promoting to production")
T("glitch-watch-json-env-note", "// glitch: watch.json + .env\n// .env → MONGO_PW={S}\n{\"install\": {\"include\": [\"^package\\\\.json$\"]}}", "pw", "glitch: watch.json")
T("github-actions-debug-env-dump", "##[debug]Evaluating: secrets.OPENAI_API_KEY\n##[debug]..=> '{S}'\n##[debug]Result: '***'", "openai", "##[debug]Result: '***'")
T("pulumi-config-set-plaintext", "pulumi config set dbPassword {S}\npulumi up --yes", "pw", "pulumi up --yes")
T("capistrano-deploy-rb-password", "set :ssh_options, {\n  user: 'deploy',\n  password: '{S}',\n  auth_methods: %w(password)\n}", "pwq", "auth_methods: %w(password)")
T("kamal-deploy-yml-registry-password", "registry:\n  server: ghcr.io\n  username: {ghu}\n  password:\n    - {S}", "ghp", "server: ghcr.io")
T("nixpacks-railway-json-env", '{\n  "$schema": "https://railway.app/railway.schema.json",\n  "build": { "builder": "NIXPACKS" },\n  "deploy": { "startCommand": "API_SECRET={S} node server.js" }\n}', "hex32", '"builder": "NIXPACKS"')

# ============================================================= vendor-token
G("vendor-token")
T("github-classic-pat-ghp", "GitHub PAT (classic, repo+workflow, 30 days): {S}", "ghp", "GitHub PAT (classic")
T("github-fine-grained-pat", "fine-grained token for {org}/{repo} (contents: read/write): {S}", "ghfine", "fine-grained token for {org}/{repo}")
T("github-oauth-gho-token", "oauth_token from gh CLI keyring: {S}", "gho", "oauth_token from gh CLI keyring")
T("github-app-installation-ghs", "installation token for classroom-bot (expires in 1h): {S}", "ghs", "installation token for classroom-bot")
T("github-app-refresh-ghr", "GitHub App user refresh_token={S}", "ghr", "GitHub App user")
T("github-user-to-server-ghu", "user-to-server token (grader app): {S}", "ghu", "user-to-server token")
T("gitlab-pat-glpat", "GITLAB_TOKEN={S}  # self-hosted gitlab.{dom}, api scope", "glpat", "self-hosted gitlab.{dom}")
T("gitlab-runner-auth-glrt", "gitlab-runner register --url https://gitlab.{dom} --token {S}", "glrt", "gitlab-runner register")
T("openai-project-key", "OpenAI project key ({cslug}-team): {S}", "openai", "OpenAI project key")
T("openai-legacy-user-key", "old OpenAI user key still in notebook cell 3: {S}", "openai_old", "still in notebook cell 3")
T("anthropic-api-key", "x-api-key: {S}\nanthropic-version: 2023-06-01", "anthropic", "anthropic-version: 2023-06-01")
T("google-ai-studio-key", "Gemini key from AI Studio (free tier): {S}", "gapi", "Gemini key from AI Studio")
T("google-oauth-client-secret", "OAuth client (Web) for Classroom add-on → client secret {S}", "gocspx", "Classroom add-on")
T("huggingface-write-token", "HF_TOKEN={S}  # write scope, for pushing the fine-tuned model", "hf", "for pushing the fine-tuned model")
T("replicate-api-token", "REPLICATE_API_TOKEN={S}", "replicate", "REPLICATE_API_TOKEN")
T("groq-api-key", "groq key (free tier, 30 rpm): {S}", "groq", "free tier, 30 rpm")
T("openrouter-api-key", "Authorization: Bearer {S}\nHTTP-Referer: https://{app}.vercel.app", "openrouter", "HTTP-Referer: https://{app}.vercel.app")
T("perplexity-api-key", "PERPLEXITY_API_KEY={S}", "pplx", "PERPLEXITY_API_KEY")
T("mistral-api-key-labelled", "MISTRAL_API_KEY: {S}", "al32", "MISTRAL_API_KEY")
T("cohere-api-key-labelled", "co = cohere.ClientV2(\"{S}\")", "al40", "cohere.ClientV2")
T("deepseek-api-key", "DEEPSEEK_API_KEY={S}  # base_url https://api.deepseek.com", "deepseek", "base_url https://api.deepseek.com")
T("xai-grok-api-key", "XAI_API_KEY={S}", "xai", "XAI_API_KEY")
T("elevenlabs-api-key", "xi-api-key: {S}", "elevenlabs", "xi-api-key")
T("langsmith-api-key", "LANGCHAIN_TRACING_V2=true\nLANGCHAIN_API_KEY={S}", "langsmith", "LANGCHAIN_TRACING_V2=true")
T("tavily-api-key", "TAVILY_API_KEY={S}", "tavily", "TAVILY_API_KEY")
T("pinecone-api-key", "pc = Pinecone(api_key=\"{S}\")", "pinecone", "pc = Pinecone(")
T("stripe-live-secret-key", "Stripe dashboard → Developers → API keys → Secret key (live): {S}", "sk_live", "Developers → API keys")
T("stripe-restricted-live-key", "restricted key for the club merch shop (read charges only): {S}", "rk_live", "club merch shop")
T("stripe-webhook-signing-secret", "STRIPE_WEBHOOK_SECRET={S}", "whsec", "STRIPE_WEBHOOK_SECRET")
T("twilio-auth-token-with-sid", "TWILIO_ACCOUNT_SID={twsid}\nTWILIO_AUTH_TOKEN={S}", "hex32", "TWILIO_ACCOUNT_SID={twsid}")
T("sendgrid-api-key", "SENDGRID_API_KEY={S}", "sendgrid", "SENDGRID_API_KEY")
T("mailgun-private-key", "mailgun private API key: {S} (domain mg.{dom})", "mailgun", "domain mg.{dom}")
T("resend-api-key", "RESEND_API_KEY={S}", "resend", "RESEND_API_KEY")
T("brevo-api-key", "api-key: {S}", "brevo", "api-key:")
T("mailchimp-api-key-dc", "Mailchimp key for the newsletter: {S}", "mailchimp", "Mailchimp key for the newsletter")
T("slack-bot-token-xoxb", "SLACK_BOT_TOKEN={S}\nSLACK_SIGNING_SECRET=(in 1password)", "xoxb", "SLACK_SIGNING_SECRET=(in 1password)")
T("slack-user-token-xoxp", "user token (for exporting the bootcamp workspace): {S}", "xoxp", "exporting the bootcamp workspace")
T("slack-app-level-token-xapp", "SLACK_APP_TOKEN={S}  # socket mode", "xapp", "# socket mode")
T("discord-bot-token-labelled", "Discord bot token ({guild}): {S}", "discord", "Discord bot token")
T("discord-client-secret", "DISCORD_CLIENT_ID={snow}\nDISCORD_CLIENT_SECRET={S}", "url32", "DISCORD_CLIENT_ID={snow}")
T("telegram-botfather-reply", "BotFather: Done! Congratulations on your new bot. Use this token to access the HTTP API:\n{S}\nKeep your token secure", "telegram", "Congratulations on your new bot")
T("twitch-irc-oauth-token", "PASS {S}\nNICK {ghu}\nJOIN #{ghu}", "twitch", "NICK {ghu}")
T("npm-automation-token", "NPM_TOKEN={S}", "npm", "NPM_TOKEN")
T("pypi-api-token", "PyPI token scoped to project '{repo}': {S}", "pypi", "scoped to project")
T("rubygems-api-key", "GEM_HOST_API_KEY={S}", "rubygems", "GEM_HOST_API_KEY")
T("dockerhub-pat", "Docker Hub access token (read/write): {S}", "dckr", "Docker Hub access token")
T("cloudflare-api-token", "CF API token (Zone.DNS edit for {app}.dev): {S}", "cf", "Zone.DNS edit")
T("digitalocean-pat", "DigitalOcean token from the Student Pack credit account: {S}", "do", "Student Pack credit account")
T("netlify-pat", "NETLIFY_AUTH_TOKEN={S}", "nfp", "NETLIFY_AUTH_TOKEN")
T("vercel-access-token", "VERCEL_TOKEN={S}  # scope: {ghu}'s hobby team", "vercel", "hobby team")
T("render-api-key", "RENDER_API_KEY={S}", "render", "RENDER_API_KEY")
T("heroku-api-key-hrku", "HEROKU_API_KEY={S}", "heroku", "HEROKU_API_KEY")
T("fly-io-deploy-token", "FLY_API_TOKEN=FlyV1 {S}", "fly", "FLY_API_TOKEN=FlyV1")
T("supabase-secret-api-key", "Supabase secret key (server only!): {S}", "sbsecret", "server only!")
T("supabase-service-role-jwt", "service_role: {S}", "sbjwt", "service_role:")
T("planetscale-password", "PlanetScale branch password for main: {S}", "pscale", "branch password for main")
T("neon-role-password", "neon role {user} password → {S}", "neon", "neon role {user}")
T("upstash-redis-rest-token", "UPSTASH_REDIS_REST_URL=https://{adj}-{noun}-{n5}.upstash.io\nUPSTASH_REDIS_REST_TOKEN={S}", "upstash", "UPSTASH_REDIS_REST_URL")
T("mongodb-atlas-api-private-key", "Atlas org API key — public: {lo8}  private: {S}", "uuid", "Atlas org API key")
T("firebase-legacy-database-secret", "Firebase RTDB legacy secret (Project settings → Service accounts → Database secrets): {S}", "al40", "Database secrets")
T("aws-learner-lab-secret-key", "AWS Academy lab creds — key id {asia_id}, secret {S}", "aws_secret", "AWS Academy lab creds")
T("azure-storage-account-key", "AccountName={acct};AccountKey={S};EndpointSuffix=core.windows.net", "azkey", "EndpointSuffix=core.windows.net")
T("azure-ad-client-secret", "Azure for Students app registration secret (value, not ID): {S}", "azsecret", "app registration secret")
T("canvas-access-token", "Canvas → Account → Settings → New Access Token: {S}", "canvas", "New Access Token")
T("moodle-webservice-token", "Moodle web service token (user gradesync): {S}", "moodle", "user gradesync")
T("notion-integration-token", "NOTION_TOKEN={S}", "notion", "NOTION_TOKEN")
T("notion-legacy-secret", "notion internal integration secret: {S}", "notion_old", "internal integration secret")
T("airtable-pat", "AIRTABLE_PAT={S}", "airtable", "AIRTABLE_PAT")
T("linear-api-key", "LINEAR_API_KEY={S}", "linear", "LINEAR_API_KEY")
T("postman-api-key", "X-Api-Key: {S}  (Postman, team workspace)", "postman", "Postman, team workspace")
T("figma-pat", "X-Figma-Token: {S}", "figma", "X-Figma-Token")
T("mapbox-secret-token", "MAPBOX_DOWNLOADS_TOKEN={S}", "mapbox", "MAPBOX_DOWNLOADS_TOKEN")
T("shopify-admin-token", "X-Shopify-Access-Token: {S}", "shopify", "X-Shopify-Access-Token")
T("square-sandbox-token", "SQUARE_ACCESS_TOKEN={S}  # sandbox", "square", "# sandbox")
T("paypal-client-secret", "PAYPAL_CLIENT_SECRET={S}", "paypal", "PAYPAL_CLIENT_SECRET")
T("sentry-user-auth-token", "SENTRY_AUTH_TOKEN={S}", "sentry", "SENTRY_AUTH_TOKEN")
T("datadog-api-key", "DD_API_KEY={S}\nDD_SITE=datadoghq.eu", "datadog", "DD_SITE=datadoghq.eu")
T("newrelic-user-key", "NEW_RELIC_API_KEY={S}", "newrelic", "NEW_RELIC_API_KEY")
T("grafana-service-account-token", "GRAFANA_TOKEN={S}", "grafana", "GRAFANA_TOKEN")
T("doppler-service-token", "DOPPLER_TOKEN={S}", "doppler", "DOPPLER_TOKEN=")
T("vault-service-token", "VAULT_TOKEN={S}", "vault", "VAULT_TOKEN")
T("atlassian-api-token", "jira: {semail} + API token {S}", "atlassian", "jira: {semail}")
T("trello-api-token", "trello key {h32} token {S}", "trello", "trello key {h32}")
T("asana-pat", "ASANA_PAT={S}", "asana", "ASANA_PAT")
T("clickup-api-token", "Authorization: {S}  (ClickUp)", "clickup", "(ClickUp)")
T("contentful-cma-token", "CONTENTFUL_MANAGEMENT_TOKEN={S}", "contentful", "CONTENTFUL_MANAGEMENT_TOKEN")
T("dropbox-short-lived-token", "dbx = dropbox.Dropbox(\"{S}\")", "dropbox", "dropbox.Dropbox(")
T("zoom-s2s-client-secret", "ZOOM_ACCOUNT_ID={lo20}\nZOOM_CLIENT_SECRET={S}", "al32", "ZOOM_ACCOUNT_ID={lo20}")
T("auth0-client-secret", "AUTH0_CLIENT_SECRET={S}", "auth0", "AUTH0_CLIENT_SECRET")
T("clerk-secret-key", "CLERK_SECRET_KEY={S}", "clerk", "CLERK_SECRET_KEY")
T("okta-api-token", "Authorization: SSWS {S}", "okta", "Authorization: SSWS")
T("sonarcloud-user-token", "SONAR_TOKEN={S}", "sonar", "SONAR_TOKEN")
T("circleci-personal-token", "Circle-Token: {S}", "circleci", "Circle-Token:")
T("ngrok-authtoken-labelled", "NGROK_AUTHTOKEN={S}", "ngrok", "NGROK_AUTHTOKEN")
T("kaggle-api-key-env", "KAGGLE_USERNAME={ghu}\nKAGGLE_KEY={S}", "hex32", "KAGGLE_USERNAME={ghu}")
T("riot-games-dev-key", "X-Riot-Token: {S}", "riot", "X-Riot-Token")
T("steam-web-api-key", "https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v2/?key={S}&steamids=7656119{n4}{n6}", "uhex32", "GetPlayerSummaries")
T("spotify-client-secret", "SPOTIPY_CLIENT_SECRET={S}", "hex32", "SPOTIPY_CLIENT_SECRET")
T("twitter-bearer-token", "TWITTER_BEARER_TOKEN={S}", "twbearer", "TWITTER_BEARER_TOKEN")
T("recaptcha-secret-key", "RECAPTCHA_SECRET_KEY={S}", "recaptcha", "RECAPTCHA_SECRET_KEY")
T("hcaptcha-secret", "HCAPTCHA_SECRET={S}", "hcaptcha", "HCAPTCHA_SECRET")
T("adafruit-io-key", "ADAFRUIT_IO_USERNAME={ghu}\nADAFRUIT_IO_KEY={S}", "aio", "ADAFRUIT_IO_USERNAME={ghu}")
T("wolfram-alpha-appid", "wolfram alpha AppID: {S}", "wolfram", "wolfram alpha AppID")
T("etherscan-api-key", "ETHERSCAN_API_KEY={S}", "etherscan", "ETHERSCAN_API_KEY")
T("cloudinary-url-api-secret", "CLOUDINARY_URL=cloudinary://{n12}{n3}:{S}@{nm}-cloud", "cloudinary", "CLOUDINARY_URL=cloudinary://")
T("pusher-app-secret", "PUSHER_APP_ID={n6}\nPUSHER_KEY={h12}{h8}\nPUSHER_SECRET={S}", "pusher", "PUSHER_APP_ID={n6}")
T("ably-api-key", "ABLY_API_KEY={lo5}A.{lo5}b:{S}", "ably", "ABLY_API_KEY=")
T("algolia-admin-key", "ALGOLIA_APP_ID={up10}\nALGOLIA_ADMIN_KEY={S}", "algolia", "ALGOLIA_APP_ID={up10}")
T("lti-consumer-secret", "LTI 1.1 consumer key {cslug}-tool / shared secret {S}", "lti", "consumer key {cslug}-tool")
T("age-secret-key", "# created: {ts}Z\n# public key: age1{lo20}{h24}{lo14}\n{S}", "age", "# public key: age1")
T("pulumi-access-token", "PULUMI_ACCESS_TOKEN={S}", "pulumi", "PULUMI_ACCESS_TOKEN")
T("bitbucket-app-password", "bitbucket app password for {ghu}: {S}", "bitbucket", "bitbucket app password for {ghu}")
T("modal-token-secret", "modal token set --token-id ak-{lo20} --token-secret {S}", "modal", "modal token set")
T("convex-deploy-key", "CONVEX_DEPLOY_KEY={S}", "convex", "CONVEX_DEPLOY_KEY")
T("turso-db-auth-token", "TURSO_AUTH_TOKEN={S}", "turso", "TURSO_AUTH_TOKEN")
T("tmdb-read-access-token", "TMDB read access token (v4): {S}", "tmdb", "TMDB read access token")
T("oracle-cloud-auth-token", "OCI auth token for {semail} (Always Free tenancy): {S}", "oracle_auth", "Always Free tenancy")
T("ibm-cloud-api-key", "IBMCLOUD_API_KEY={S}", "ibm", "IBMCLOUD_API_KEY")
T("terraform-cloud-team-token", "TF_TOKEN_app_terraform_io={S}", "tfc", "TF_TOKEN_app_terraform_io")

# ================================================================== BENIGN
_BTXT = ["hello world", "see you at office hours", "CS is fun", "lab 3 done", "pizza at 7",
         "the quick brown fox", "ping", "merge conflict resolved", "week 5 notes", "quiz on friday",
         "git gud", "todo: write tests", "hola mundo", "bonjour le monde", "ola turma"]

FILL.update({
    "sha7b": lambda c: rs(HEX, 7), "sha7c": lambda c: rs(HEX, 7),
    "h16b": lambda c: rs(HEX, 16), "h64b": lambda c: rs(HEX, 64), "h22": lambda c: rs(HEX, 22),
    "up4": lambda c: rs(UPDIG, 4), "up4b": lambda c: rs(UPDIG, 4), "up16": lambda c: rs(UHEX, 16),
    "up40": lambda c: rs(UHEX, 40), "up16b": lambda c: rs(B32, 16),
    "fp": lambda c: rs(B64C, 43), "colonfp": lambda c: ":".join(rs(UHEX, 2) for _ in range(32)),
    "edpub": lambda c: rs(B64C, 43) + pick(["", ""]),
    "pubbody": lambda c: "\n".join(_lines("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + rs(B64C, 342) + "IDAQAB", 64)),
    "certbody": lambda c: "\n".join(_lines("MIID" + pick(["zTCCArWgAwIBAgIU", "pzCCAo+gAwIBAgIU", "gDCCAmigAwIBAgIJ"]) + rs(B64C, 1200) + "==", 64)),
    "b64n": lambda c: rs(URLS, 342), "b64s": lambda c: b64(rbytes(ri(12, 30))), "b64s2": lambda c: b64(rbytes(32)),
    "b64s3": lambda c: b64(rbytes(16)),
    "al14": lambda c: rs(AL, 14), "al20": lambda c: rs(AL, 20), "al22": lambda c: rs(AL, 22),
    "al24": lambda c: rs(AL, 24), "al28": lambda c: rs(AL, 28), "al29": lambda c: rs(AL, 29),
    "al97": lambda c: rs(AL, 97), "url22": lambda c: rs(URLS, 22), "url31": lambda c: rs(URLS, 31),
    "url38": lambda c: rs(URLS, 38), "lo32": lambda c: rs(LODIG, 32),
    "n7": lambda c: str(ri(10 ** 6, 10 ** 7 - 1)), "n8": lambda c: str(ri(10 ** 7, 10 ** 8 - 1)),
    "n13": lambda c: str(ri(10 ** 12, 10 ** 13 - 1)), "n17": lambda c: str(ri(10 ** 16, 10 ** 17 - 1)),
    "snow3": lambda c: snowflake(),
    "btxt": lambda c: pick(_BTXT) + pick(["", " #" + str(ri(1, 999)), " (" + c["cslug"] + ")"]),
    "b64txt": lambda c: b64(c["btxt"]),
    "pkg": lambda c: pick(["requests", "flask", "numpy", "pandas", "django", "fastapi", "pydantic", "sqlalchemy"]),
    "ver": lambda c: "%d.%d.%d" % (ri(0, 3), ri(0, 30), ri(0, 12)),
    "b64_43": lambda c: rs(B64C, 43), "b64_86": lambda c: rs(B64C, 86),
    "mbpk": lambda c: "pk.eyJ1Ijoi" + b64u('%s","a":"' % pick(NAMES_ASCII)) + rs(URLS, 30) + "." + rs(URLS, 22),
    "word": lambda c: pick(WORDS),
})

BENIGN_T = [
    # --- commands
    "git checkout {sha7} -- src/grader.py",
    "git cherry-pick {sha}",
    "git log --oneline -3\n{sha7} remove hardcoded token (rotated, now read from env)\n{sha7b} add .env to .gitignore\n{sha7c} initial commit",
    'export OPENAI_API_KEY="$(cat ~/.secrets/openai_key)"',
    'psql "$DATABASE_URL" -c "select count(*) from submissions where course_id = {n5};"',
    'PGPASSWORD="$PGPASSWORD" psql -h {host} -U {user} -d {db}',
    "mysql -u root -p {db} < seed.sql   # prompts for the password",
    "docker run -d -e POSTGRES_PASSWORD_FILE=/run/secrets/pg_pw -v ./secrets:/run/secrets:ro --name {cslug}-db postgres:16",
    "gh secret set OPENAI_API_KEY < ~/keys/openai.txt --repo {org}/{repo}",
    "vercel env add OPENAI_API_KEY production   # pasted at the prompt, not in shell history ({app})",
    "firebase login:ci --no-localhost --project {proj}",
    "aws configure --profile learnerlab\nAWS Access Key ID [None]: ****************{up4}\nAWS Secret Access Key [None]: ****************{up4b}\nDefault region name [None]: us-east-1",
    "ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:{fp} {semail} (ED25519)",
    "sha256sum dataset_{cslug}.zip\n{h64}  dataset_{cslug}.zip",
    "md5sum submission_{user}.tar.gz\n{h32}  submission_{user}.tar.gz",
    "docker pull python@sha256:{h64}",
    "pip install {pkg}=={ver} --require-hashes -r requirements.lock",
    'curl -H "Authorization: Bearer $CANVAS_TOKEN" "https://canvas.{dom}/api/v1/courses/{n5}/students"',
    'curl -u "$MOODLE_USER:$MOODLE_PASS" https://moodle.{dom}/login/token.php?service=moodle_mobile_app',
    "git clone git@github.com:{org}/{repo}.git",
    "ssh -i ~/.ssh/id_lab {user}@{host}",
    'kubectl create secret generic {app}-db --from-literal=password="$DB_PASS" --dry-run=client -o yaml',
    "openssl rand -hex 32 > .session_secret && chmod 600 .session_secret   # {app}",
    'python -c "import secrets; print(secrets.token_urlsafe(32))" >> .env   # generate locally for {app}, never paste',
    "heroku config:get DATABASE_URL -a {app} | pbcopy",
    'echo -n "$DISCORD_TOKEN" | wc -c\n{n2}',
    "git rev-parse HEAD\n{sha}",
    'git tag -v v1.{n}.0\nobject {sha}\ntype commit\ngpg: Good signature from "{first} {last} <{semail}>"',
    "git stash list\nstash@{0}: WIP on main: {sha7} fix autograder timeout",
    "npm view {app} dist.shasum\n{h40}",
    "ssh-copy-id -i ~/.ssh/id_ed25519.pub {user}@{host}",
    "gpg --recv-keys {up16}",
    "docker image inspect --format '{{.Id}}' {app}:latest\nsha256:{h64}",
    "cat .gitignore\n.env\n.env.*\n!.env.example\n*.pem\nserviceAccountKey.json\n{cslug}-secrets/",
    'grep -rn "API_KEY" src/\nsrc/config.py:{line}:API_KEY = os.environ["API_KEY"]',
    "wandb login --relogin   # key pasted interactively, run {n4}",
    "gcloud auth application-default login --project {proj}",
    "supabase link --project-ref {sbref}   # password prompted",
    "stripe trigger payment_intent.succeeded --add payment_intent:metadata.order={n6}",
    "git filter-repo --path .env --invert-paths   # purge the leaked file from {repo}",
    "gh auth refresh -h github.com -s read:project",
    "chmod 600 ~/.pgpass ~/.netrc ~/.kaggle/kaggle.json",
    # --- tool output
    "$ fly secrets list\nNAME          \tDIGEST          \tCREATED AT\nDATABASE_URL  \t{h16}\t{date}\nDISCORD_TOKEN \t{h16b}\t{date}",
    "$ gh secret list --repo {org}/{repo}\nNAME              UPDATED\nCANVAS_TOKEN      about {n} days ago\nOPENAI_API_KEY    about 1 month ago",
    "$ vercel env ls\n  name                value       environments   created\n  OPENAI_API_KEY      Encrypted   Production     {n}d ago\n  DATABASE_URL        Encrypted   Production     {n2}d ago",
    "$ kubectl describe secret {app}-db\nName:         {app}-db\nType:  Opaque\n\nData\n====\npassword:  {n2} bytes\nusername:  {n} bytes",
    "$ supabase secrets list\n  NAME           | DIGEST\n  OPENAI_KEY     | {h64}",
    '$ aws sts get-caller-identity\n{\n    "UserId": "AROA{up16b}:user{n7}",\n    "Account": "{acct_no}",\n    "Arn": "arn:aws:sts::{acct_no}:assumed-role/voclabs/user{n7}"\n}',
    "$ aws configure list\n      Name                    Value             Type    Location\n   access_key     ****************{up4}   shared-credentials-file\n   secret_key     ****************{up4b}   shared-credentials-file",
    "$ docker images\nREPOSITORY   TAG     IMAGE ID       CREATED       SIZE\n{app}   latest  {h12}   {n} hours ago   1{n2}MB",
    "$ gitleaks detect --source . -v\n{time}PM INF {n2} commits scanned.\n{time}PM INF no leaks found",
    "$ ssh-add -l\n256 SHA256:{fp} {semail} (ED25519)",
    "$ gpg --list-keys\npub   ed25519 {date} [SC]\n      {up40}\nuid           [ultimate] {first} {last} <{semail}>",
    "$ openssl x509 -in cert.pem -noout -fingerprint -sha256\nsha256 Fingerprint={colonfp}",
    '$ az account show\n{\n  "environmentName": "AzureCloud",\n  "id": "{uuid}",\n  "name": "Azure for Students",\n  "tenantId": "{uuid2}",\n  "user": { "name": "{semail}", "type": "user" }\n}',
    "$ gcloud config list\n[core]\naccount = {semail}\nproject = {proj}",
    "$ firebase projects:list\n│ {proj} │ {proj} │ {n12} │ [Not specified] │",
    "$ pytest -q\n........F.\nFAILED tests/test_auth.py::test_rejects_bad_password - assert 200 == 401\n1 failed, 9 passed in 0.{n2}s",
    "$ pip hash dist/{repo}-0.{n}.0.tar.gz\ndist/{repo}-0.{n}.0.tar.gz:\n--hash=sha256:{h64}",
    "$ git lfs ls-files\n{h12} * data/train_{cslug}.csv",
    "version https://git-lfs.github.com/spec/v1\noid sha256:{h64}\nsize {n9}",
    '$ curl -s https://api.github.com/meta | jq .ssh_key_fingerprints.SHA256_ED25519\n"{fp}"',
    "$ openssl x509 -in cert.pem -noout -subject -issuer -dates\nsubject=CN = {app}.{dom}\nissuer=C = US, O = Let's Encrypt, CN = R11\nnotAfter={date} 12:00:00 GMT",
    "$ ls -la ~/.ssh\n-rw-------  1 {user} staff   411 id_ed25519\n-rw-r--r--  1 {user} staff   103 id_ed25519.pub\n-rw-r--r--  1 {user} staff  {n4} known_hosts",
    "$ env | grep -c SECRET\n{n}",
    "$ printenv OPENAI_API_KEY | cut -c1-8\nsk-proj-\n# prefix looks right for {app}",
    "$ heroku auth:whoami\n{semail}",
    "$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account {ghu} (keyring)\n  - Token: gho_************************************",
    "$ docker login\nAuthenticating with existing credentials... [Username: {ghu}]\nLogin Succeeded",
    "Your identification has been saved in /home/{user}/.ssh/id_ed25519\nYour public key has been saved in /home/{user}/.ssh/id_ed25519.pub\nThe key fingerprint is:\nSHA256:{fp} {semail}",
    "$ kubectl get pods\nNAME                        READY   STATUS    RESTARTS   AGE\n{app}-{h8}-{lo5}   1/1     Running   0          {n}h",
    "$ jupyter server list\nCurrently running servers:\nhttp://localhost:8888/ :: /home/{user}/notebooks   (token auth disabled, password set via `jupyter server password`)",
    "Created key for service account grader@{proj}.iam.gserviceaccount.com\nkey id: {h40}\nsaved to: ~/keys/{proj}-sa.json (chmod 600)",
    "$ cat ~/.ssh/id_ed25519.pub\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{edpub} {semail}",
    "$ git log --format='%H %an' -1\n{sha} {first} {last}",
    "$ doppler secrets --only-names\n┌──────────────────┐\n│ NAME             │\n├──────────────────┤\n│ DATABASE_URL     │\n│ STRIPE_KEY       │\n│ {cslug}_TOKEN    │\n└──────────────────┘",
    # --- config
    "# .env.example\nOPENAI_API_KEY=your-key-here\nDATABASE_URL=postgresql://USER:PASSWORD@localhost:5432/{db}\nDISCORD_TOKEN=",
    "DB_PASSWORD=${DB_PASSWORD}\nDB_HOST=${DB_HOST:-localhost}\nDB_NAME={db}",
    "    env:\n      OPENAI_API_KEY: ${{ secrets.OPENAI_API_KEY }}\n      COURSE: {cslug}",
    "db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  {h64}\n  {h64b}",
    "password: ENC[AES256_GCM,data:{b64s},iv:{b64s2},tag:{b64s3},type:str]",
    "        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: {app}-db\n              key: password",
    "[database]\nhost = {host}\npassword_file = /run/secrets/db_password",
    'SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]\nALLOWED_HOSTS = ["{app}.onrender.com"]',
    "spring:\n  datasource:\n    url: jdbc:postgresql://{host}:5432/{db}\n    password: ${DB_PASSWORD:}",
    '"ConnectionStrings": { "Default": "Server=(localdb)\\\\mssqllocaldb;Database={db};Trusted_Connection=True;" }',
    "$CFG->dbpass = getenv('MOODLE_DB_PASS');\n$CFG->wwwroot = 'https://moodle.{dom}';",
    "define( 'AUTH_KEY',         'put your unique phrase here' );\ndefine( 'SECURE_AUTH_KEY',  'put your unique phrase here' );",
    "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n@{sshort}:registry=https://npm.pkg.github.com",
    "[pypi]\nusername = __token__\npassword = <your PyPI API token>",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{edpub} {user}@{sshort}-lab",
    "-----BEGIN PUBLIC KEY-----\n{pubbody}\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\n{certbody}\n-----END CERTIFICATE-----",
    "{host} ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{edpub}",
    '{"keys":[{"kty":"RSA","kid":"{h16}","use":"sig","alg":"RS256","n":"{b64n}","e":"AQAB"}]}',
    "STRIPE_PUBLISHABLE_KEY=pk_test_51{al97}",
    "SUPABASE_URL=https://{sbref}.supabase.co\nSUPABASE_PUBLISHABLE_KEY=sb_publishable_{url31}",
    "MAPBOX_PUBLIC_TOKEN={mbpk}",
    '<div class="g-recaptcha" data-sitekey="6L{url38}"></div>',
    "GOOGLE_CLIENT_ID={n12}-{lo32}.apps.googleusercontent.com",
    "DISCORD_APPLICATION_ID={snow}\nDISCORD_PUBLIC_KEY={h64}",
    "TWILIO_ACCOUNT_SID={twsid}\nTWILIO_AUTH_TOKEN=   # ask {first}",
    'const firebaseConfig = { projectId: "{proj}", appId: "1:{n12}:web:{h22}", measurementId: "G-{up10}" };',
    '"node_modules/{pkg}": { "version": "{ver}", "integrity": "sha512-{b64_86}==" }',
    "{pkg}=={ver} \\\n    --hash=sha256:{h64}",
    "github.com/gin-gonic/gin v1.{n}.0 h1:{b64_43}=",
    '[[package]]\nname = "serde"\nversion = "1.0.{n3}"\nchecksum = "{h64}"',
    "      - uses: actions/checkout@{sha} # v4",
    "    image: postgres@sha256:{h64}",
    "VERCEL_PROJECT_ID=prj_{al28}\nVERCEL_ORG_ID=team_{al24}",
    "        with:\n          token: ${{ secrets.GITHUB_TOKEN }}\n          path: {cslug}",
    'ansible_become_pass: "{{ vault_become_pass }}"\nansible_user: {user}',
    "api_key: <your-api-key>\nbase_url: https://api.{dom}/v1",
    "OPENAI_API_KEY=sk-...  # get yours at platform.openai.com ({course} handout)",
    'api_token = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"   # replace me ({cslug})',
    'password = "********"\nusername = "{user}"',
    "DB_PASS=REDACTED\nDB_USER={user}",
    "CANVAS_TOKEN=<redacted by {first}>",
    "secret_ref: projects/{proj}/secrets/openai-key/versions/latest",
    "vault path: secret/data/{cslug}/prod/db  (field: password)",
    "aws secretsmanager get-secret-value --secret-id {cslug}/prod/db --query SecretString --output text",
    "DbPassword: '@Microsoft.KeyVault(SecretUri=https://{acct}-kv.vault.azure.net/secrets/DbPassword/)'",
    "[auth]\npassword_min_length = 12\npassword_require_symbol = true\nlockout_after_failures = 5",
    "token_url = https://oauth2.googleapis.com/token\nscopes = classroom.courses.readonly classroom.rosters.readonly",
    "[client]\nuser={user}\n# password read from the MYSQL_PWD env var",
    "rcon.password=\nenable-rcon=false\nmotd={sshort} club server",
    # --- code
    'api_key = os.getenv("OPENAI_API_KEY")\nif not api_key:\n    raise RuntimeError("OPENAI_API_KEY not set; see {course} setup guide")',
    'password = getpass.getpass("DB password for {user}: ")',
    "hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds={n2}))",
    "const token = req.headers.authorization?.split(' ')[1];  // {app}",
    'cache_key = "grades:{n5}:{h64}"',
    'TOKEN_RE = re.compile(r"^ghp_[A-Za-z0-9]{36}$")',
    "assert os.environ.get('CANVAS_TOKEN'), 'set CANVAS_TOKEN first (see README section {n})'",
    "if (!process.env.DISCORD_TOKEN) throw new Error('missing DISCORD_TOKEN for guild {snow}');",
    'String pw = System.getenv("DB_PASSWORD"); // {cslug} lab',
    'let key = std::env::var("OPENAI_API_KEY").expect("OPENAI_API_KEY missing");',
    '$hash = password_hash($_POST["password"], PASSWORD_DEFAULT); // {app}',
    "# never log the token; mask it instead\nlogger.info('token loaded: %s', token[:4] + '…')  # {app}",
    "def mask(s):\n    return s[:4] + '*' * (len(s) - 8) + s[-4:]",
    "const hash = crypto.createHash('sha256').update(fileBuffer).digest('hex'); // e.g. {h64}",
    'ETAG = "{h32}"',
    'DATASET_SHA256 = "{h64}"',
    "GIT_COMMIT = '{sha}'",
    'request_id = "{uuid}"',
    'SESSION_COOKIE_NAME = "{cslug}_session"\nSESSION_COOKIE_SECURE = True\nSESSION_COOKIE_HTTPONLY = True',
    "MIN_PASSWORD_LENGTH = {n2}",
    "# password must be >= 12 chars, include a digit and a symbol\nif len(pw) < 12 or not any(ch.isdigit() for ch in pw):\n    raise WeakPassword('{hw}')",
    "b64 = base64.b64encode(b'{btxt}')  # -> {b64txt}",
    'fetch(`${API_URL}/api/login`, { method: "POST", body: JSON.stringify({ email, password }) })  // {app}',
    "const PASSWORD_FIELD = 'password'; // form id in {app}",
    '<input type="password" name="password" id="pw-{lo5}" autocomplete="current-password" required>',
    "export const SUPABASE_URL = 'https://{sbref}.supabase.co';",
    "UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i",
    'pub const PUBLIC_KEY: &str = "{h64}"; // discord interactions verify key (public)',
    "expected_md5 = '{h32}'  # checksum of the starter code zip",
    "self.assertEqual(hashlib.sha1(b'{btxt}').hexdigest()[:7], out)",
    "token = request.cookies.get('session')\nif token is None:\n    return redirect(url_for('login'))",
    "@app.route('/reset/<token>')\ndef reset(token):\n    user = verify_reset_token(token)  # {app}",
    "headers = {'Authorization': f'Bearer {os.environ[\"HF_TOKEN\"]}'}",
    # --- logs
    "X-Request-Id: {uuid}",
    "traceparent: 00-{h32}-{h16}-01",
    "cf-ray: {h16}-{sshort}",
    "x-vercel-id: iad1::sfo1::{lo5}-{n13}-{h12}",
    "Authorization: Bearer [REDACTED]   (request {uuid})",
    "GET /api/v1/courses/{n5}/assignments?access_token=[FILTERED] 200 {n3}ms",
    'Parameters: {"user"=>{"email"=>"{semail}", "password"=>"[FILTERED]"}}',
    "INFO loaded 3 secrets from Secret Manager (projects/{proj}/secrets/openai-key/versions/{n})",
    "WARN  JWT expired at {tsz} for sub={uuid}",
    " -------------- celery@{host} v5.4.0 (opalescent)\n.> transport:   amqp://guest:**@localhost:5672//\n.> results:     redis://:**@localhost:6379/1",
    'psycopg2.OperationalError: connection to server at "{host}", port 5432 failed: FATAL:  password authentication failed for user "{user}"',
    "ERROR 1045 (28000): Access denied for user '{user}'@'localhost' (using password: YES)",
    "openai.AuthenticationError: Error code: 401 - Incorrect API key provided: sk-proj-************************{up4}. You can find your API key at https://platform.openai.com/account/api-keys.",
    "remote: Support for password authentication was removed on August 13, 2021.\nfatal: Authentication failed for 'https://github.com/{org}/{repo}.git/'",
    "{user}@{host}: Permission denied (publickey).",
    "Run actions/checkout@{sha}",
    "  DATABASE_URL: ***\n  COURSE_ID: {n5}",
    "{tsz} INFO  request {uuid} completed in {n3}ms",
    "Sentry event {h32} captured for release {app}@{sha7}",
    "stripe: evt_{al24} (checkout.session.completed) delivered 200",
    "discord.gateway: Shard ID None has connected to Gateway (Session ID: {h32}).",
    "twilio: message SM{h32} queued to +1555{n6}",
    "Cache restored from key: Linux-pip-{h64}",
    "Pushed ghcr.io/{org}/{app}:latest digest: sha256:{h64} size: {n4}",
    "[autograder] submission {n6} graded: {n2}/100 (tarball sha1 {h40})",
    "openai request id: req_{h32}",
    "anthropic request-id: req_011C{al20}",
    "REPORT RequestId: {uuid}  Duration: {n3}.{n2} ms  Billed Duration: {n3} ms",
    "auth: invalid login for {semail}: password incorrect (attempt {n}/5)",
    "{date} {time}:08 {nm}-vm sshd[{pid}]: Accepted publickey for {user} from {ip} port {port5} ssh2: ED25519 SHA256:{fp}",
    "moodle: web service token for user {user} regenerated via admin UI (value not logged)",
    "[{ts}] token refresh ok for {semail}, next refresh in 3599s",
    "WARNING: password for {user} expires in {n} days",
    "canvasapi: GET /api/v1/courses/{n5}/enrollments page={n} (200, {n3} items)",
    # --- notes and chat
    "Rotated the Discord bot token after it leaked in #general; the new one is only in Railway variables (not pasting it here). — {first}",
    "Password policy for {school} lab accounts: at least 12 characters, one digit, one symbol, no reuse of the last 5 passwords.",
    "Reminder for {course}: never commit .env — it's in .gitignore now. Use .env.example with placeholders.",
    "The team OpenAI key is stored in 1Password under '{course} / OpenAI team key'. Ask {first} for access.",
    "ask {first} for the Supabase service key over Signal, not in this chat",
    "TODO: move CANVAS_TOKEN to GitHub Actions secrets and delete it from config.json (rotated on {date}).",
    "{first}: la contraseña está en el gestor del equipo, no la pegues aquí",
    "{first}: das Passwort steht im Team-Tresor, bitte nicht in den Chat schreiben",
    "{first}：密码在群公告里的密码管理器链接，不要发到这里",
    "{first}: A senha do banco foi trocada ontem; peça ao {first2} pelo cofre.",
    "{first}: Le mot de passe a été changé, il est dans Bitwarden (collection {cslug}).",
    "{first}: パスワードは共有のパスワードマネージャーにあります。チャットには貼らないでください。",
    "{first}: 비밀번호는 팀 금고에 있어요. 여기엔 올리지 마세요.",
    "{first}: Пароль не присылай в чат, он лежит в Vaultwarden.",
    "Default Moodle admin password must be changed on the first login (the installer at moodle.{dom} forces it).",
    "Use `<your-token>` in the README for {repo} instead of a real token.",
    "Decision: use OIDC (id-token: write) for AWS in CI so there are no long-lived keys in {repo}.",
    "Note to self: the 6-digit code from the authenticator expires every 30s, don't save it anywhere.",
    "Wi-Fi at {sshort}Hacks is open (no password), just accept the terms page.",
    "Discord invite for the {course} study group: discord.gg/{lo8}",
    "Codeforces submission {n9} — Accepted, {n3} ms; local commit {sha7}",
    "Problem hash for the judge: {h32} (MD5 of the input file for problem {n})",
    "base64 of '{btxt}' is {b64txt} — just testing the encoder for HW{n}",
    'JWT header eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 decodes to {"alg":"HS256","typ":"JWT"}; the signature is what proves it ({course} lecture {n}).',
    "PSA from {prof}: TAs will never ask for your password. Report phishing to security@{dom}.",
    "Internship week 1 at {app}: VPN is SSO via Okta, MFA with the Verify app; no shared passwords anywhere.",
    "GitHub Student Pack credits applied: DigitalOcean $200, Azure $100. API keys live in each provider's dashboard, not in our repo ({repo}).",
    "If you leaked a key: 1) revoke it 2) rewrite history (git filter-repo) 3) tell {prof}.",
    "Interview prep: explain why we hash passwords with bcrypt/argon2 instead of plain SHA-256 ({first}'s mock interview).",
    "Commit {sha7} removed the hardcoded key; the old key was revoked by {first} on {date}.",
    "Grading rubric ({course}): -10 if any secret is committed to the repo; use environment variables.",
    "Pro tip from {first}: run `git secrets --scan` before pushing.",
    "{first} asked for the password; I sent an invite to the Bitwarden org instead.",
    "Reset your school password at https://password.{dom} — it must be 14+ characters and not contain your name.",
    "{first}: did you set the TOKEN env var on Render? {first2}: yes, it's in the dashboard, not in code",
    "{first}: the key starts with sk-proj- right? {first2}: yeah but don't paste the rest lol",
    "Meeting notes {date}: agreed to use Doppler for secrets; {first} owns rotation.",
    "{first}: kata sandi jangan dikirim lewat grup ya, pakai Bitwarden",
    "{first}: mật khẩu đã đổi rồi, hỏi trưởng nhóm nếu cần",
    "{first}: Şifreyi gruba yazma, kasada var.",
    "{first}: Hasło jest w menedżerze haseł zespołu ({cslug}).",
    "{first}: bhai password chat pe mat daalo, vault me hai",
    "Agent note: credentials for {host} are provided through the PGPASSFILE env var; nothing to store here.",
    "Goal: make the Canvas sync read CANVAS_TOKEN from the environment instead of config.json ({course}).",
    "Decision: the quiz password will be announced in class, not posted online ({course}, {date}).",
    "{first}: what's the wifi password? {first2}: it's printed on the whiteboard in room {n3}",
    "Passphrases > passwords: four random words beat 'P@ssw0rd1' every time. ({course} security lecture)",
    "FYI the 'secret' in the Stripe docs (sk_test_...) is just an example placeholder.",
    "hackathon judging: team {n2} commit {sha} at {time}",
    # --- CI
    "      - run: npm run deploy\n        env:\n          VERCEL_TOKEN: ${{ secrets.VERCEL_TOKEN }}\n          PROJECT: {app}",
    "      - uses: aws-actions/configure-aws-credentials@v4\n        with:\n          role-to-assume: arn:aws:iam::{acct_no}:role/{cslug}-deploy\n          aws-region: us-east-1",
    "permissions:\n  id-token: write\n  contents: read\n# {repo}",
    '      - run: echo "::add-mask::$DERIVED_TOKEN"  # {app}',
    "key: ${{ runner.os }}-pip-${{ hashFiles('**/requirements.txt') }}-{cslug}",
    'script:\n  - echo "$CI_JOB_TOKEN" | docker login -u gitlab-ci-token --password-stdin $CI_REGISTRY\n  - docker push $CI_REGISTRY_IMAGE/{app}',
    "env:\n  NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\n  PACKAGE: @{sshort}/{app}",
    "      - uses: actions/cache@{sha}",
    "FIREBASE_TOKEN is deprecated for {proj}; use GOOGLE_APPLICATION_CREDENTIALS with workload identity federation.",
    "deploy:\n  only: [main]\n  script: heroku container:release web -a {app}   # HEROKU_API_KEY comes from a protected CI variable",
    "#9 exporting manifest sha256:{h64} done",
    "  envVars:\n    - key: DATABASE_URL\n      fromDatabase:\n        name: {app}-db\n        property: connectionString",
    "    envVars:\n      - key: SESSION_SECRET\n        generateValue: true\n      - key: APP\n        value: {app}",
    "fly.toml for {app}: secrets are set with `fly secrets set`, never in [env]",
    "RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci  # {app}",
    "docker build --secret id=npmrc,src=$HOME/.npmrc -t {app} .",
    "withCredentials([string(credentialsId: 'canvas-token', variable: 'CANVAS_TOKEN')]) { sh './sync.sh {n5}' }",
    "      POSTGRES_PASSWORD: ${{ secrets.CI_PG_PASSWORD }}\n      POSTGRES_DB: {db}",
    "Build #{n4} succeeded for commit {sha} on branch main",
    "terraform plan\n  # aws_db_instance.{db} will be created\n  + password = (sensitive value)",
    "Run ./gradlew assembleRelease\n> Task :app:signReleaseBundle\nBUILD SUCCESSFUL in {n2}s",
    "##[group]Run actions/setup-python@{sha}\nSuccessfully set up CPython ({pyver}.{n})",
    # --- vendor look-alikes
    "Stripe price id: price_{al24}",
    "customer: cus_{al14}",
    "charge ch_{al24} succeeded (amount {n4})",
    "Twilio Account SID: {twsid}",
    "Slack channel C0{up9}, user U0{up9}, ts {epoch}.{n6}",
    "GitHub App ID {n6}, Client ID Iv1.{h16}",
    "installation_id: {n8}",
    "OpenAI org id: org-{al24}",
    "assistant asst_{al24}, thread thread_{al24}",
    "chatcmpl-{al29}",
    "Anthropic message id msg_01{al22}",
    "arn:aws:iam::{acct_no}:role/LabRole",
    'S3 ETag: "{h32}"',
    "instance i-0{h16} in subnet-0{h16b}",
    "Azure subscription: {uuid} (Azure for Students)",
    "Discord message link: https://discord.com/channels/{snow}/{snow2}/{snow3}",
    "HF model commit {sha} on {ghu}/distilbert-{cslug}",
    "Firebase appId 1:{n12}:web:{h22}",
    "Vercel deployment dpl_{al28}",
    "Render service srv-{lo20}",
    "Supabase project ref {sbref}",
    "Canvas course {n5}, assignment {n6}, submission {n7}",
    "LTI 1.3 client_id {n17}, deployment_id {n}:{h40}",
    "Google OAuth client id {n12}-{lo32}.apps.googleusercontent.com (public)",
    "Sentry DSN https://{h32}@o{n6}.ingest.sentry.io/{n7} (DSNs are meant to be public)",
    "stripe publishable key pk_live_51{al97} goes in the frontend",
    "reCAPTCHA site key 6L{url38} (public, embedded in the HTML)",
    "Docker image digest sha256:{h64}",
    "kid: {h40}  (public key id in the JWKS)",
    "ssh host key fingerprint SHA256:{fp}",
    "Kaggle dataset {ghu}/{cslug}-grades-anon (version {n})",
    "AtCoder submission #{n8} AC",
    "Atlas public API key id: {lo8} (the private part is in the vault)",
    "npm package @{sshort}/{app}@{ver} shasum {h40}",
]


# =================================================================== build
class _Ctx(dict):
    def __missing__(self, k):
        if k in FILL:
            v = FILL[k](self)
            self[k] = v
            return v
        raise KeyError(k)


_PH = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _sub(s, c):
    def rep(m):
        k = m.group(1)
        if k in c or k in FILL:
            return str(c[k])
        return m.group(0)
    return _PH.sub(rep, s)


_GROUPS = ["command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
           "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 188


def _inst(g, fmt, text, kind, vis, used):
    for _ in range(40):
        c = _Ctx()
        sec = kind(c) if callable(kind) else GEN[kind]()
        c["S"] = sec
        out = _sub(text, c)
        v = _sub(vis, c)
        if sec in used or len(sec) < 6 or sec not in out:
            continue
        if v and (sec in v or v not in out.replace(sec, "\0")):
            continue
        used.add(sec)
        return (g, fmt, out, sec, v)
    raise RuntimeError("cannot instantiate format %s" % fmt)


def _build_secrets():
    used = set()
    seen_fmt = {}
    out = []
    for g in _GROUPS:
        tl = TEMPLATES[g]
        k = len(tl)
        base, rem = divmod(_PER_GROUP, k)
        if base + (1 if rem else 0) > 3:
            raise RuntimeError("group %s needs more formats" % g)
        order = list(range(k))
        _R.shuffle(order)
        extra = set(order[:rem])
        for i, (fmt, text, kind, vis) in enumerate(tl):
            if fmt in seen_fmt:
                raise RuntimeError("duplicate format %s" % fmt)
            seen_fmt[fmt] = g
            for _ in range(base + (1 if i in extra else 0)):
                out.append(_inst(g, fmt, text, kind, vis, used))
    _R.shuffle(out)
    return out


def _build_benign(secrets, target=950):
    long_secrets = [s for s in secrets if len(s) >= 8]
    seen = set()
    out = []
    for _ in range(20):
        for t in BENIGN_T:
            if len(out) >= target:
                return out
            s = _sub(t, _Ctx())
            if s in seen or any(x in s for x in long_secrets):
                continue
            seen.add(s)
            out.append(s)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])

del _G
