#!/usr/bin/env python3
"""Writes the sample tournaments in tournaments/ from real games of
../shared/corpus/pgn/twic1599.pgn, with invented names and dates.

Run from the repository's top: `python3 tools/sample.py` (needs `pip install
chess`; CCB_TWIC names the PGN file when it is not at ../shared/corpus). The output is committed; tournaments/README.md says which game shows
what. The scenarios are written so that, reported as of 2026-12-02, every
flag of the move log (docs/format.md) and every finding (docs/rules.md)
occurs at least once.
"""
import csv, datetime as dt, io, os, random, shutil, sys
import chess, chess.pgn

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TWIC = os.environ.get("CCB_TWIC") or os.path.join(ROOT, "..", "shared", "corpus", "pgn", "twic1599.pgn")
OUT = os.path.join(ROOT, "tournaments")
AS_OF = dt.date(2026, 12, 2)
D = dt.timedelta

def load_games():
    games = []
    with open(TWIC, encoding="utf-8") as f:
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                return games
            games.append((g.headers.get("Result", "*"), list(g.mainline_moves())))

GAMES = load_games()

RU = {"K": "Кр", "Q": "Ф", "R": "Л", "B": "С", "N": "К"}

def write_move(board, move, notation):
    san = board.san(move)
    if notation == "san":
        return san
    if notation == "ru":
        if san[0] in RU:
            return RU[san[0]] + san[1:]
        return san
    if notation == "zeros":
        return san.replace("O-O", "0-0")
    if notation == "uci":
        return move.uci()
    if notation == "long":
        if board.is_castling(move):
            return san
        piece = board.piece_at(move.from_square).symbol().upper()
        sep = "x" if board.is_capture(move) else "-"
        promo = "=" + chess.piece_symbol(move.promotion).upper() if move.promotion else ""
        return ("" if piece == "P" else piece) + chess.square_name(move.from_square) + sep + chess.square_name(move.to_square) + promo
    if notation == "numeric":
        s = "".join(str(x) for x in (chess.square_file(move.from_square) + 1, chess.square_rank(move.from_square) + 1,
                                       chess.square_file(move.to_square) + 1, chess.square_rank(move.to_square) + 1))
        if move.promotion:
            s += {chess.QUEEN: "1", chess.ROOK: "2", chess.BISHOP: "3", chess.KNIGHT: "4"}[move.promotion]
        return s
    raise ValueError(notation)

def fmt(d, style):
    if d is None:
        return ""
    if style == "iso":
        return d.isoformat()
    if style == "dots":
        return d.strftime("%Y.%m.%d")
    return d.strftime("%d.%m.%Y")

class Game:
    """A game's rows, built message by message."""
    def __init__(self, gid, rnd, white, black, start, moves, notation="san", dates="iso", seed=0, think=(1, 2, 2, 3, 3, 4, 4, 5, 6, 7), breaks=None):
        self.id, self.round, self.white, self.black = gid, rnd, white, black
        self.start, self.moves, self.notation, self.dates = start, moves, notation, dates
        self.rng = random.Random(seed)
        self.think = think
        self.breaks = breaks or {}
        self.rows = []
        self.board = chess.Board()
        self.ply = 0
        self.last_sent = None
        self.pgn_moves = []
        self.result = "*"
        # Row index -> the totals of days used that the message states for
        # White and Black (51.2.1; the stated_white, stated_black columns).
        self.stated = {}

    def player(self, side):
        return self.white if side == "white" else self.black

    def side(self):
        return "white" if self.ply % 2 == 0 else "black"

    def skip_breaks(self, side, received, sent):
        for (a, b) in self.breaks.get(self.player(side), []):
            lo = max(received or self.start, self.start)
            if a <= sent and b > lo:
                sent = sent + (min(b, sent) - max(a - D(1), lo))
        return sent

    def row(self, side, no, move, received, sent, flag="", note=""):
        self.rows.append([no, side, move, received, sent, flag, note])

    def play(self, until=None, plies=None, think=None, transit=1):
        """Plays ordinary moves until the date `until` or `plies` more plies."""
        n = 0
        while self.ply < len(self.moves) and (plies is None or n < plies):
            side = self.side()
            received = None if self.ply == 0 else self.last_sent + D(transit)
            base = self.start if received is None else received
            t = think if think is not None else self.rng.choice(self.think)
            sent = self.skip_breaks(side, received, base + D(t))
            if until is not None and sent > until:
                if received is not None and received <= until:
                    self.row(side, self.ply // 2 + 1, "", received, None)
                return False
            self.move(side, received, sent)
            n += 1
        return True

    def move(self, side, received, sent, flag="", note=""):
        m = self.moves[self.ply]
        self.row(side, self.ply // 2 + 1, write_move(self.board, m, self.notation), received, sent, flag, note)
        self.pgn_moves.append((m, sent))
        self.board.push(m)
        self.ply += 1
        self.last_sent = sent

    def no(self):
        return self.ply // 2 + 1

    def csv(self):
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["no", "side", "move", "received", "sent", "flag", "note"] + (["stated_white", "stated_black"] if self.stated else []))
        for i, (no, side, mv, r, s, flag, note) in enumerate(self.rows):
            stated = list(self.stated.get(i, ("", ""))) if self.stated else []
            w.writerow([no, side, mv, fmt(r, self.dates) if isinstance(r, dt.date) else r,
                        fmt(s, self.dates) if isinstance(s, dt.date) else s, flag, note] + stated)
        return out.getvalue()

    def state_totals(self):
        """Every sent row states both sides' totals as the records give them
        (ordinary moves only, no breaks: thinking = sent - received)."""
        totals = {"white": 0, "black": 0}
        for i, (no, side, mv, r, s, flag, note) in enumerate(self.rows):
            if s is None:
                continue
            totals[side] += max(0, (s - max(r or self.start, self.start)).days)
            self.stated[i] = (totals["white"], totals["black"])

    def pgn(self, event, result=None, upto=None, stamps=False, white=None):
        g = chess.pgn.Game()
        g.headers["Event"] = event
        g.headers["Site"] = "Email"
        g.headers["Date"] = self.start.strftime("%Y.%m.%d")
        g.headers["Round"] = str(self.round)
        g.headers["White"] = white or self.white
        g.headers["Black"] = self.black
        g.headers["Result"] = result or self.result
        node = g
        for i, (m, sent) in enumerate(self.pgn_moves[:upto]):
            node = node.add_variation(m)
            if stamps and sent:
                node.comment = "[%ccsnt " + sent.strftime("%Y.%m.%d") + "]"
        return str(g) + "\n"

def berger(n):
    """Round-robin rounds for n (even) players: lists of (white, black) indices."""
    players = list(range(n))
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = players[i], players[n - 1 - i]
            if i == 0 and r % 2 == 1:
                a, b = b, a
            pairs.append((a, b))
        rounds.append(pairs)
        players = [players[0]] + [players[-1]] + players[1:-1]
    return rounds

def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)

def table(rows):
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()

# ---------------------------------------------------------------- tournament A
def championship():
    tid = "ec2026-sf3"
    start = dt.date(2026, 1, 15)
    names = ["Kuznetsova, Anna", "Orlov, Dmitri", "Belov, Sergei", "Fedorova, Irina",
             "Lebedev, Mikhail", "Morozov, Pavel", "Volkova, Elena", "Zaitsev, Nikolai"]
    emails = ["anna.kuznetsova@example.org", "d.orlov@example.net", "belov.s@example.com", "irina.fedorova@example.org",
              "lebedev.m@example.ru", "pmorozov@example.org", "volkova.elena@example.net", "zaitsev.n@example.com"]
    breaks = {
        # Across New Year, declared in advance: counts in 2026 and in 2027.
        "Belov, Sergei": [(dt.date(2026, 12, 24), dt.date(2027, 1, 6), dt.date(2026, 11, 20), "")],
        # Two breaks of 20 and 15 days: 35 days in 2026, over the 30 allowed.
        "Lebedev, Mikhail": [(dt.date(2026, 6, 1), dt.date(2026, 6, 20), dt.date(2026, 5, 20), ""),
                             (dt.date(2026, 8, 1), dt.date(2026, 8, 15), dt.date(2026, 7, 25), "")],
        # Declared on its first day, not approved.
        "Volkova, Elena": [(dt.date(2026, 4, 10), dt.date(2026, 4, 19), dt.date(2026, 4, 10), "")],
        # Declared late but approved by the arbiter (51.7.7): no finding.
        "Zaitsev, Nikolai": [(dt.date(2026, 9, 1), dt.date(2026, 9, 7), dt.date(2026, 9, 2), "yes")],
    }
    bdates = {p: [(a, b) for (a, b, _, _) in v] for p, v in breaks.items()}
    event = "Email Championship 2026, semi-final 3"
    write(f"{OUT}/{tid}/tournament.toml", f'''name = "{event}"
start = 2026-01-15
end = 2027-01-15
arbiter = "Sidorov, Petr"
arbiter_email = "arbiter@example.org"
time_control = "10/60"
break_days_per_year = 30
tiebreaks = ["sb", "wins", "direct"]
language = "en"
''')
    write(f"{OUT}/{tid}/players.csv", table([["name", "email"]] + [[n, e] for n, e in zip(names, emails)]))
    write(f"{OUT}/{tid}/breaks.csv", table([["player", "from", "to", "declared", "approved"]] +
          [[p, a.isoformat(), b.isoformat(), d.isoformat(), ap] for p, v in breaks.items() for (a, b, d, ap) in v]))
    pairings = []
    gid = 0
    for r, pairs in enumerate(berger(8), 1):
        for (w, b) in pairs:
            gid += 1
            pairings.append((f"g{gid:02d}", r, names[w], names[b]))
    write(f"{OUT}/{tid}/pairings.csv", table([["game", "round", "white", "black"]] + [list(p) for p in pairings]))

    # Long real games for the games in progress; game 433 ends in mate.
    long_games = [m for (res, m) in GAMES if len(m) >= 90]
    notations = ["san", "numeric", "long", "uci", "zeros", "ru", "san", "numeric"]
    datestyles = ["iso", "dots", "dmy"]
    games = {}
    decisions = []
    for i, (g, rnd, w, b) in enumerate(pairings):
        moves = long_games[i * 7 % len(long_games)]
        games[g] = Game(g, rnd, w, b, start, moves, notation=notations[i % 8], dates=datestyles[i % 3], seed=i, breaks=bdates)
    G = games
    # Most games: ordinary play up to the report's date, the last row pending.
    special = {}

    def finish_records(game, end, white=True, black=True):
        if white:
            game.row("white", game.no(), "", None, end + D(2), "record", "")
        if black:
            game.row("black", game.no(), "", None, end + D(3), "record", "")

    # g01: a variant proposed and accepted (51.3.7, 51.4.6).
    g = G["g01"]; g.play(plies=10)
    r = g.last_sent + D(1); s = r + D(2)
    g.move("white", r, s, note="proposes the variant: the next two moves")  # White's move 6 with a proposal
    r2 = s + D(1); s2 = r2 + D(4)
    g.move("black", r2, s2, "accepted")
    g.move("white", None, None, "variant")
    g.move("black", r2, s2)
    g.play(until=AS_OF)
    special["g01"] = "a variant proposed by White and accepted by Black (flags `accepted`, `variant`; 51.4.6)"

    # g02: an impossible move, the partner's request, the correction (51.3.4, 51.4.7, 51.4.8).
    g = G["g02"]; g.play(plies=16)
    r = g.last_sent + D(1)
    g.row("white", g.no(), "1122", r, r + D(2), "impossible", "")
    g.row("black", g.no(), "", r + D(3), r + D(8), "request", "asked to correct move 9")
    g.move("white", r + D(9), r + D(10))
    g.play(until=AS_OF)
    special["g02"] = "an impossible move (numeric notation), Black's request answered in 5 days (2 charged), the correction; penalty 2"

    # g03: no reply in 14 days, the move repeated (51.5.1); the partner then replies.
    g = G["g03"]; g.play(plies=21)
    first = g.last_sent
    g.row("white" if g.side() == "black" else "black", (g.ply - 1) // 2 + 1, g.rows[-1][2], None, first + D(15), "repeat", "no reply in 14 days")
    g.last_sent = first + D(15)
    g.play(until=AS_OF)
    special["g03"] = "a move repeated after 14 days without a reply (flag `repeat`)"

    # g04: the first message was lost; the repeat came 18 days later: delay 4, penalty 4 (51.4.9).
    g = G["g04"]; g.play(plies=13)
    first = g.last_sent
    lost_side = g.rows[-1][1]
    g.row(lost_side, g.rows[-1][0], g.rows[-1][2], None, first + D(18), "lost", "first letter never arrived")
    g.last_sent = first + D(18)
    g.play(until=AS_OF)
    special["g04"] = "a lost letter repeated 18 days after it was first sent: delay 4, penalty 4 (flag `lost`, 51.4.9)"

    # g05: a resignation; both records sent.
    g = G["g05"]; g.play(plies=40)
    end = g.last_sent + D(4)
    g.row(g.side(), g.no(), "", g.last_sent + D(1), end, "resign", "")
    g.result = "1-0" if g.side() == "black" else "0-1"
    finish_records(g, end)
    special["g05"] = "a resignation after move 20, both records sent: a clean finished game"

    # g06: a draw by agreement; only White sent the record.
    g = G["g06"]; g.play(plies=45)
    end = g.last_sent + D(3)
    g.row(g.side(), g.no(), "", g.last_sent + D(1), end, "draw", "accepts the draw offered with the last move")
    g.result = "1/2-1/2"
    finish_records(g, end, black=False)
    special["g06"] = "a draw by agreement (flag `draw`); only White sent the record: `record-missing`, provisional result"

    # g07: a mate on the board (twic game 433); no record from either side, no PGN.
    g = G["g07"]; g.moves = GAMES[433][1]; g.notation = "san"
    g.play()
    g.result = "1-0"
    special["g07"] = "a mate on the board (moves of a real game that ended in mate); no records and no PGN: `records-none`, `record-missing`"

    # g08: White thinks 6 days a move, Black 3: before White's move 30,
    # 174 used + 3 running of 180: 3 left, low time (51.4.10).
    g = G["g08"]
    while g.ply < 58:
        side = g.side()
        g.play(plies=1, think=6 if side == "white" else (2 if g.ply == 1 else 3))
    g.row("white", g.no(), "", g.last_sent + D(1), None)
    special["g08"] = "White thinks 6 days a move: 3 days left before the control at move 30 (`low-time`)"

    # g09: Black thinks 8 days a move: the control at move 10 overstepped; White claims.
    g = G["g09"]; g.think = (1, 2, 3)
    for k in range(40):
        if g.ply >= len(g.moves):
            break
        g.play(plies=1, think=(8 if g.side() == "black" else 2))
    claim_date = g.last_sent + D(2)
    decisions.append([claim_date.isoformat(), "claim", "g09", g.white, "", "White claims Black overstepped at move 10 (51.6.1)"])
    special["g09"] = ("Black overstepped the control at move 10; White's claim awaits the arbiter (decision `claim`, 51.6.3), "
                      "but it came long after White's reply to Black's move 10: `claim-late` (51.6.1)")

    # g10: no move for over 40 days: silence and a repeat due.
    g = G["g10"]; g.play(until=AS_OF - D(50))
    if g.rows and g.rows[-1][4] is None:
        g.rows.pop()
    special["g10"] = "no move since mid-October: `silence` (51.5.3) and `repeat-due` (51.5.1)"

    # g11: faulty messages of every kind, each corrected (penalties 51.4.7).
    g = G["g11"]; g.play(plies=10)
    for flag in ["illegible", "ambiguous", "no-move", "wrong-repeat"]:
        side = g.side()
        r = g.last_sent + D(1)
        g.row(side, g.no(), "??" if flag != "no-move" else "", r, r + D(1), flag, "")
        other = "white" if side == "black" else "black"
        g.row(other, g.no() if other == "white" else g.no() - (0 if side == "white" else 0), "", r + D(2), r + D(3), "request", "")
        g.last_sent = r + D(3)
        g.move(side, r + D(4), r + D(5))
        g.play(plies=3)
    g.play(until=AS_OF)
    special["g11"] = "faulty messages: illegible, ambiguous, no-move, wrong-repeat, each with the partner's request and the correction (4 × 2 penalty days)"

    # g12: an illegal move written as an ordinary move: the replay stops there.
    g = G["g12"]; g.play(until=AS_OF - D(12))
    if g.rows[-1][4] is None:
        g.rows.pop()
    r = g.last_sent + D(1)
    g.row(g.side(), g.no(), "Qxh7", r, r + D(2), "", "as written in the player's letter")
    g.last_sent = r + D(2)
    special["g12"] = "an illegal move (`Qxh7`) in the log: `illegal-move`, the replay stops"

    # g13: slow mail and a date out of order.
    g = G["g13"]; g.play(plies=8)
    g.play(plies=1, transit=3)
    r = g.last_sent + D(1)
    m = g.moves[g.ply]
    g.rows.append([g.no(), g.side(), write_move(g.board, m, g.notation), r + D(2), r + D(1), "", "sent before received"])
    g.pgn_moves.append((m, r + D(1))); g.board.push(m); g.ply += 1; g.last_sent = r + D(1)
    g.play(until=AS_OF)
    special["g13"] = "a letter 3 days in transit (`transit`, 51.2.5) and a move sent before it was received (`date-order`)"

    # g14: missing dates: the tool assumes them (`missing-date`).
    g = G["g14"]; g.play(until=AS_OF)
    g.rows[7][3] = None
    g.rows[12][4] = None
    special["g14"] = "an empty received date and an empty sent date: `missing-date`"

    # g15: the PGN differs from the log.
    G["g15"].play(until=AS_OF)
    special["g15"] = "the PGN record differs from the log at move 12, and its Black tag is misspelt: `pgn-mismatch`"

    # g16: no move log, only a PGN with %ccsnt stamps.
    G["g16"].play(until=AS_OF)
    special["g16"] = "no move log, only a PGN with `%ccsnt` stamps: clock from the stamps, `missing-log`"

    # g17: the log says Black resigned, the PGN says 0-1.
    g = G["g17"]; g.play(plies=50)
    end = g.last_sent + D(2)
    g.row("black", g.no(), "", g.last_sent + D(1), end, "resign", "")
    finish_records(g, end)
    g.result = "1-0"
    special["g17"] = "the log has Black resign, the PGN says 0-1: `result-conflict`"

    # g18: rows that cannot be read.
    g = G["g18"]; g.play(until=AS_OF)
    g.rows.insert(6, [4, "white", "Nf3", "2026-13-45", "2026-02-20", "", "a date that does not exist"])
    g.rows.insert(9, [5, "black", "Nc6", "2026-02-25", "2026-02-26", "blitz", "an unknown flag"])
    special["g18"] = "a row with the date 2026-13-45 and a row with the unknown flag `blitz`: `bad-input` with file and line"

    # g19: the arbiter confirmed an overstep (51.6.6): White loses.
    g = G["g19"]; g.play(plies=30)
    decisions.append([(g.last_sent + D(10)).isoformat(), "overstep", "g19", g.white, "", "overstep at move 20 confirmed"])
    finish_records(g, g.last_sent + D(10))
    special["g19"] = "an overstep confirmed by the arbiter (decision `overstep`): White loses, 0-1"

    # g20: a faulty move six days before the report, waiting for the
    # partner's request (51.3.4): the partner owes it, its first 3 days free
    # (51.4.8); the sender waits and is not charged.
    g = G["g20"]; g.play(until=AS_OF - D(9))
    if g.rows[-1][4] is None:
        g.rows.pop()
    s = AS_OF - D(6)
    r = min(g.last_sent + D(1), s)
    g.row(g.side(), g.no(), "Kx?", r, s, "illegible", "the move cannot be read")
    days = (AS_OF - s).days - 1
    special["g20"] = (f"{g.player(g.side())} sent an illegible move on {s.isoformat()}: {g.player('black' if g.side() == 'white' else 'white')} "
                      f"owes the request (51.3.4), running {max(0, days - 3)} of its {days} days so far (the first 3 free, 51.4.8); "
                      "the sender waits, not charged, with a repeat-by date")

    # g21: White claims an overstep that the records do not show; the
    # arbiter rejects it (`*`), and White claims again within the same
    # ten-move cycle (51.6.1, 51.6.7). The second claim is open on the
    # report's date: Black's 14 days to protest run (51.6.4), and so do the
    # players' 14 days to appeal the rejection (51.1.10).
    g = G["g21"]; g.play(until=dt.date(2026, 11, 25))
    for when, kind, result, note in [(dt.date(2026, 11, 15), "claim", "", "White claims Black overstepped"),
                                     (dt.date(2026, 11, 20), "result", "*", "claim rejected: no overstep in the records"),
                                     (dt.date(2026, 11, 25), "claim", "", "White claims again")]:
        decisions.append([when.isoformat(), kind, "g21", g.white if kind == "claim" else "", result, note])
    special["g21"] = ("White's claim of 2026-11-15 rejected by the arbiter (`*`, 2026-11-20), and claimed again on 2026-11-25 "
                      "before White's next control move: `claim-unfounded` twice, `claim-repeated` (51.6.1, 51.6.7); "
                      "the game is interrupted again; `protest-open` for Black and `appeal-open` for the rejection, in the "
                      "arbiter's list and deadlines.ics")

    # g22: every message states both sides' totals (51.2.1); one of Orlov's
    # states his own total 2 days short: `stated-time`.
    g = G["g22"]; g.play(until=AS_OF)
    g.state_totals()
    k = max(i for i in g.stated if g.rows[i][1] == "black" and i < len(g.rows) * 2 // 3)
    w, b = g.stated[k]
    g.stated[k] = (w, b - 2)
    special["g22"] = (f"every message states both totals (columns `stated_white`, `stated_black`); Black's move {g.rows[k][0]} "
                      f"(line {k + 2}) says Black has used {b - 2} days, the records give {b}: `stated-time` (51.2.1)")

    # g25: a lost letter repeated with no reply yet: White... or Black runs
    # from the day after the repeat, not from the letter that never arrived
    # (51.4.4); the sender pays the delay (51.4.9).
    g = G["g25"]; g.play(until=AS_OF - D(30))
    if g.rows[-1][4] is None:
        g.rows.pop()
    first = g.last_sent
    lost_side = g.rows[-1][1]
    g.row(lost_side, g.rows[-1][0], g.rows[-1][2], None, first + D(19), "lost", "first letter never arrived; no reply yet")
    special["g25"] = (f"{g.player(lost_side)}'s letter of {first.isoformat()} never arrived; repeated on {(first + D(19)).isoformat()} "
                      f"(`lost`, penalty 5, 51.4.9), no reply yet: the partner runs from {(first + D(20)).isoformat()}, "
                      "the day after the repeat (51.4.4)")

    for gid, g in G.items():
        if gid not in special:
            g.play(until=AS_OF)
    for gid, g in G.items():
        if gid != "g16":
            write(f"{OUT}/{tid}/games/{gid}.csv", g.csv())
    for gid, g in G.items():
        if gid in ("g07",):
            continue
        if gid == "g15":
            # The record as one player wrote it: another 12th move, Black misspelt.
            pgn = g.pgn(event, upto=22, white=None)
            alt = chess.pgn.read_game(io.StringIO(pgn))
            node = alt
            for _ in range(22):
                node = node.variations[0]
            b = node.board()
            other = [m for m in b.legal_moves if m != g.pgn_moves[22][0]][0]
            node.add_variation(other)
            alt.headers["Black"] = g.black.replace("Nikolai", "Nicolai").replace("Pavel", "Paul").replace("Elena", "Jelena").replace("Anna", "Ana").replace("Irina", "Iryna").replace("Sergei", "Sergey").replace("Dmitri", "Dmitry").replace("Mikhail", "Michail")
            write(f"{OUT}/{tid}/games/{gid}.pgn", str(alt) + "\n")
        elif gid == "g16":
            write(f"{OUT}/{tid}/games/{gid}.pgn", g.pgn(event, stamps=True))
        elif gid == "g17":
            write(f"{OUT}/{tid}/games/{gid}.pgn", g.pgn(event, result="0-1"))
        elif g.result != "*" or g.rng.random() < 0.5:
            write(f"{OUT}/{tid}/games/{gid}.pgn", g.pgn(event))
    # 51.1.2: Orlov's new address from 2026-10-01; 51.1.5, 51.1.6: Fedorova
    # lost her email on 2026-11-20 and asks for the lost correspondence.
    decisions.append(["2026-10-01", "email", "", names[1], "", "dmitri.orlov@example.com"])
    decisions.append(["2026-11-20", "no-access", "", names[3], "correspondence", "laptop stolen, mailbox lost"])
    write(f"{OUT}/{tid}/decisions.csv", table([["date", "kind", "game", "player", "result", "note"]] + decisions))
    return tid, event, special

# ---------------------------------------------------------------- tournament B
def cup():
    tid = "cup2025-ru"
    start = dt.date(2025, 2, 1)
    names = ["Иванов, Алексей", "Смирнова, Ольга", "Попов, Игорь", "Соколов, Виктор", "Кузнецов, Павел", "Новикова, Мария"]
    emails = ["ivanov.a@example.ru", "smirnova@example.ru", "popov.igor@example.org", "sokolov.v@example.net",
              "kuznetsov.p@example.ru", "novikova.m@example.org"]
    event = "Кубок весны 2025"
    write(f"{OUT}/{tid}/tournament.toml", f'''name = "{event}"
start = 2025-02-01
end = 2025-11-30
arbiter = "Петров, Николай"
arbiter_email = "cup-arbiter@example.ru"
time_control = "10/50"
tiebreaks = ["wins", "sb", "direct"]
language = "ru"
''')
    write(f"{OUT}/{tid}/players.csv", table([["name", "email"]] + [[n, e] for n, e in zip(names, emails)]))
    pairs = [(0, 3), (1, 2), (3, 2), (0, 1), (1, 3), (2, 0), (4, 0), (2, 4), (5, 1), (3, 5), (1, 0)]
    rounds = [1, 1, 2, 2, 3, 3, 1, 2, 1, 2, 4]
    write(f"{OUT}/{tid}/pairings.csv", table([["game", "round", "white", "black"]] +
          [[f"b{i+1}", rounds[i], names[w], names[b]] for i, (w, b) in enumerate(pairs)]))
    short = [m for (res, m) in GAMES if 50 <= len(m) <= 70]
    special = {}
    G = {}
    for i, (w, b) in enumerate(pairs):
        G[f"b{i+1}"] = Game(f"b{i+1}", rounds[i], names[w], names[b], start, short[i * 5], notation=["ru", "numeric", "san", "ru", "long", "zeros", "san", "ru", "san", "san", "san"][i],
                           dates=["dmy", "dmy", "iso", "dots", "dmy", "iso", "iso", "dmy", "iso", "iso", "iso"][i], seed=100 + i, think=(0, 1, 1, 2, 3, 4))
    decisions = []

    def records(g, end, white=True, black=True):
        if white:
            g.row("white", g.no(), "", None, end + D(2), "record", "")
        if black:
            g.row("black", g.no(), "", None, end + D(5), "record", "")

    g = G["b1"]; g.play(plies=44)
    g.rows[3][2] = g.rows[3][2].replace("c", "\u0441", 1)  # a Cyrillic с typed for c: `read-as`
    end = g.last_sent + D(3); g.row(g.side(), g.no(), "", g.last_sent + D(1), end, "resign", "")
    g.result = "1-0" if g.side() == "black" else "0-1"; records(g, end)
    special["b1"] = "a resignation, Russian piece letters, both records sent; Black's move 2 typed with a Cyrillic с (`с5`): `read-as`"

    g = G["b2"]; g.play(plies=37)
    end = g.last_sent + D(2); g.row(g.side(), g.no(), "", g.last_sent + D(1), end, "draw", ""); g.result = "1/2-1/2"; records(g, end)
    special["b2"] = "a draw by agreement, numeric notation"

    g = G["b3"]; g.moves = GAMES[438][1]; g.play(); g.result = "1-0"; records(g, g.last_sent)
    special["b3"] = "a mate on the board"

    g = G["b4"]; g.moves = [m for (res, m) in GAMES if len(m) >= 120][3]; g.play(until=dt.date(2025, 11, 30))
    if g.rows[-1][4] is None:
        g.rows.pop()
    # The side to move sends its materials with a sealed move that is not
    # legal in the final position (51.9.4.4); the other sends none.
    mover = g.side()
    sealed = next(f"Q{sq}" for sq in chess.SQUARE_NAMES if not any(m.to_square == chess.parse_square(sq) and g.board.piece_type_at(m.from_square) == chess.QUEEN for m in g.board.legal_moves))
    g.row(mover, g.no(), sealed, None, dt.date(2025, 12, 10), "adjudication", "record, position and analysis sent")
    other = "Black" if mover == "white" else "White"
    special["b4"] = ("unfinished at the end (2025-11-30), so past its end and no longer in play: the clocks stopped at the end (51.9.4), "
                     f"no low-time, repeat or silence alarms; {mover.capitalize()}, to move, sent the adjudication materials with the sealed move `{sealed}`, "
                     f"not legal in the final position (`sealed-move`, 51.9.4.4); {other} sent none (`adjudication-due`, past due)")

    # Played up to the end; then the side to move seals a legal move with its
    # materials (51.9.4.4), and the other side's materials come after the 14
    # days (51.9.7). The arbiter adjudicates a draw.
    g = G["b5"]; g.think = (3, 4, 5, 6); g.play(until=dt.date(2025, 11, 29))
    if g.rows[-1][4] is None:
        g.rows.pop()
    mover = g.side()
    other = "black" if mover == "white" else "white"
    sealed = write_move(g.board, g.moves[g.ply], g.notation)
    records(g, dt.date(2025, 12, 1))
    g.row(mover, g.no(), sealed, None, dt.date(2025, 12, 5), "adjudication", "materials with the sealed move")
    g.row(other, g.rows[-1][0], "", None, dt.date(2025, 12, 20), "adjudication", "materials sent late")
    decisions.append(["2026-01-10", "result", "b5", "", "1/2-1/2", "adjudicated a draw"])
    special["b5"] = (f"unfinished at the end, adjudicated by the arbiter (decision `result`, a draw), long algebraic notation; "
                     f"{mover.capitalize()}'s sealed move `{sealed}` counts as made (51.9.4.4); {other.capitalize()}'s materials "
                     "came on 2025-12-20, after the 14 days: `adjudication-late` (51.9.7)")

    g = G["b6"]; g.play(plies=30)
    g.row(g.side(), g.no(), "", g.last_sent + D(1), g.last_sent + D(2), "resign", "")
    g.result = "1-0" if g.side() == "black" else "0-1"
    decisions.append([(g.last_sent + D(60)).isoformat(), "result", "b6", "", "-/-", "no record from either player (51.9.3)"])
    special["b6"] = "no records from either side: the arbiter scored both a loss (`-/-`)"

    # 51.8.1: Кузнецов withdraws with `annul` on 2025-06-01. His game b7,
    # resigned before, stands; b8, unfinished, is struck out.
    withdrawn = dt.date(2025, 6, 1)
    g = G["b7"]; g.play(plies=21)
    end = g.last_sent + D(2); g.row(g.side(), g.no(), "", g.last_sent + D(1), end, "resign", "")
    g.result = "1-0" if g.side() == "black" else "0-1"; records(g, end)
    assert end < withdrawn
    g = G["b8"]; g.play(until=withdrawn)
    decisions.append([withdrawn.isoformat(), "withdrawal", "", names[4], "annul", "withdrew; unfinished games annulled (51.8.1)"])
    special["b7"] = (f"finished (a resignation) before {names[4]} withdrew with `annul` on {withdrawn}: it stands in both "
                     "players' scores (51.8.1)")
    special["b8"] = (f"unfinished when {names[4]} withdrew with `annul` on {withdrawn}: struck out of the standings, "
                     "no clock since that date, no alarms or letters (51.8.1)")
    # 51.8.1: Новикова withdraws with `adjudicate` on 2025-07-01: her
    # unfinished games b9 and b10 await the arbiter's result.
    left_on = dt.date(2025, 7, 1)
    for gid in ("b9", "b10"):
        G[gid].play(until=left_on)
    decisions.append([left_on.isoformat(), "withdrawal", "", names[5], "adjudicate", "withdrew; games to be adjudicated (51.8.1)"])
    special["b9"] = (f"unfinished when {names[5]} withdrew with `adjudicate` on {left_on}: not in play from that date, "
                     "the clocks stopped, awaiting the arbiter's `result` (51.8.1)")
    special["b10"] = f"as b9: {names[5]}'s other unfinished game awaits adjudication (51.8.1)"

    # 51.9.4.4: played up to the end but for the last, mating move, which
    # the side to move seals with its materials: it counts as made and
    # finishes the game.
    g = G["b11"]; g.moves = GAMES[1025][1]; g.think = (0, 1, 1, 2)
    g.play(plies=len(g.moves) - 1)
    assert g.last_sent <= dt.date(2025, 11, 30)
    mover = g.side()
    sealed = write_move(g.board, g.moves[g.ply], g.notation)
    g.row(mover, g.no(), sealed, None, dt.date(2025, 12, 5), "adjudication", "materials with the sealed move")
    g.result = "1-0" if mover == "white" else "0-1"
    records(g, dt.date(2025, 12, 5))
    special["b11"] = (f"unfinished at the end; {mover.capitalize()}'s sealed move `{sealed}` of 2025-12-05 mates: it counts as made "
                      f"(51.9.4.4) and finishes the game, {g.result}")

    for gid, g in G.items():
        write(f"{OUT}/{tid}/games/{gid}.csv", g.csv())
        if gid != "b6":
            write(f"{OUT}/{tid}/games/{gid}.pgn", g.pgn(event))
    write(f"{OUT}/{tid}/decisions.csv", table([["date", "kind", "game", "player", "result", "note"]] + decisions))
    write(f"{OUT}/{tid}/breaks.csv", table([["player", "from", "to", "declared", "approved"],
                                             [names[2], "20.07.2025", "09.08.2025", "01.07.2025", ""]]))
    return tid, event, special

if __name__ == "__main__":
    if os.path.isdir(OUT):
        for name in ("ec2026-sf3", "cup2025-ru"):
            shutil.rmtree(os.path.join(OUT, name), ignore_errors=True)
    parts = [championship(), cup()]
    lines = ["# The sample tournaments", "",
             "Made by `tools/sample.py` from real games of `../shared/corpus/pgn/twic1599.pgn` (The Week in Chess 1599),",
             "with invented players and dates. Reported as of 2026-12-02 (the tests' date) they show every flag of",
             "the move log (docs/format.md) and every finding (docs/rules.md); `tests/sample.rs` checks that they do.", "",
             "Where the clocks stop or change hands (docs/rules.md, the owing side): an open overstep claim in",
             "`ec2026-sf3` g09 (the clock stood still from the claim's date, 51.6.3); a game past the tournament's end in",
             "`cup2025-ru` b4 (51.9.4); a faulty move waiting for the partner's request in `ec2026-sf3` g20 (51.3.4, 51.4.8);",
             "a lost letter waiting for its reply in `ec2026-sf3` g25 (51.4.4).", "",
             "Claims and stated totals (docs/rules.md, \"Claims\" and \"Stated totals\"): a rejected claim and a repeated one in",
             "`ec2026-sf3` g21 (51.6.1, 51.6.7), a late claim in g09 (51.6.1), a message whose stated total differs from the",
             "records in g22 (51.2.1).", "",
             "Withdrawals and sealed moves (docs/rules.md, 51.8.1, 51.9.4.4): in `cup2025-ru`, Кузнецов withdrew with `annul`",
             "(b7 stands, b8 is struck out), Новикова with `adjudicate` (b9 and b10 await the arbiter's result), and b11",
             "ends with a sealed mate.", "",
             "Addresses and access (docs/rules.md, 51.1.2, 51.1.5, 51.1.6; `ec2026-sf3/decisions.csv`): Orlov's new address",
             "from 2026-10-01 (decision `email`: letters from that date go to it, the arbiter's files show both); Fedorova",
             "reported on 2026-11-20 that her email was lost (decision `no-access` with `correspondence`): a `no-access`",
             "finding due 2026-12-20, and a letter to each partner in a game in play asking for the correspondence.", ""]
    for tid, event, special in parts:
        lines += [f"## `{tid}` — {event}", "", "| game | what it shows |", "|---|---|"]
        for gid in sorted(special, key=lambda g: (len(g), g)):
            lines.append(f"| {gid} | {special[gid]} |")
        lines.append("")
    lines += ["Breaks (`ec2026-sf3/breaks.csv`): Belov's break 2026-12-24 to 2027-01-06 straddles New Year; Lebedev has",
              "35 break days in 2026 (`break-limit`); Volkova declared hers on its first day (`break-notice`); Zaitsev's late",
              "break was approved by the arbiter (no finding). The other games are ordinary play up to the report's date.", ""]
    # The outbox section below the generated part is written by hand: kept.
    readme = os.path.join(OUT, "README.md")
    tail = ""
    if os.path.exists(readme):
        with open(readme, encoding="utf-8") as f:
            old = f.read()
        if "\n## The outbox" in old:
            tail = old[old.index("\n## The outbox"):]
    write(readme, "\n".join(lines) + tail)
