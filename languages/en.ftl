# ccbulletin's words in English: every finding, letter and message the
# tool says, in Project Fluent's syntax (https://projectfluent.org).
#
# A finding's sentence has the id of its facts' `kind` (docs/format.md,
# "The kinds of `facts`"), and its variables are the facts' own fields by
# name: `overstep-running` gets `$player`, `$left`, `$control`, `$used`,
# `$running`, `$allowance`. What a field holds:
# - a date: write it with DATE($field), in the language's form;
# - a move's number and side: MOVE($move_no, $side) gives `12.` or `12...`,
#   DOTS($side) the dots alone;
# - a side (`white`, `black`), a choice (`received`, `sent`, ...), a yes or
#   no (`true`, `false`): select on it;
# - an empty field (no date declared, no name near): HAS($field) is `no`;
# - a list: JOIN($field, "separator"), COUNT($field) its length; a list of
#   records words each with the message `<field>-item`;
# - a kind within the facts (`why`): worded by the message `<field>-<kind>`
#   with its fields and its parent's;
# - a pair of numbers for White and Black: `$field-1`, `$field-2`;
# - NEG($n) is -n.
# Numbers select their plural form: { $days -> [one] day *[other] days }.

## Findings: one message a kind of facts

### RowFacts

penalty = { $days } penalty days on move { MOVE($move_no, $side) }: { $why }
date-after-report-date = move { MOVE($move_no, $side) } has a { $which ->
        [received] received
       *[sent] sent
    } date { DATE($date) } after the report's date { DATE($as_of) }
received-before-partner-sent = move { MOVE($move_no, $side) } says received { DATE($received) }, but the partner's message it answers was sent later, on { DATE($partner_sent) }
sent-before-received = move { MOVE($move_no, $side) } was sent on { DATE($sent) }, before it was received on { DATE($received) }
slow-transit = the partner's message of { DATE($sent) } took { $days } days to arrive (received { DATE($received) }; the standard is one day): the player should tell the arbiter

### ClockFacts

overstep = { $player } overstepped the time control: { $used } days used by move { $control }, { $allowance } allowed. The partner may claim no later than the reply to that move (51.6.1); the arbiter rules (51.6.5–51.6.6)
overstep-running = { $player } is over the allowance by { NEG($left) } days before move { $control }: the time is overstepped ({ $used } used, { $running } running, { $allowance } allowed). The partner may claim (51.6.1); the arbiter rules (51.6.6)
low-time = { $player } has { $left } days left before move { $control }: all correspondence of this game must now be copied to the arbiter
repeat-due = no reply for { $waited } days to the message of { DATE($sent) }: { $player } must repeat move { MOVE($move_no, $side) } with all its information, copied to the arbiter (51.5.1)
silence = no move for { $quiet } days (since { DATE($last_move) }): { $player } is to move; a loss may be scored to a player who did not tell the arbiter of the delay (51.5.3)

### RecordFacts

withdrawal-record-missing = { $partner }'s game against { $withdrawn }, who withdrew, is registered only when { $partner }'s game record arrives (51.8.2)
records-none = the game is over but neither player has sent the game record to the arbiter: both may be scored a loss (51.9.3)
record-not-sent = { $player } has not sent the game record: the result is not official until it arrives (51.9.1–51.9.2)
pgn-record-missing = the game is over but there is no PGN record games/{ $game }.pgn: the result is not official until it arrives (51.9.2)
adjudication-late = { $player } sent the adjudication materials on { DATE($sent) }, after { DATE($due) }: the right of appeal is lost (51.9.4, 51.9.7)
adjudication-due = the tournament ended on { DATE($end) }: { $player } must send the record, final position, claimed result with analysis and the move to be made to the arbiter by { DATE($due) }{ $appeal_lost ->
        [true] ; that date has passed, so the right of appeal is lost (51.9.7)
       *[false] {""}
    }

### ClaimFacts

claim-late = { $claimant }'s claim of { DATE($claimed) } that { $accused } overstepped at move { $control } came after the claimant's reply to that move, sent on { DATE($reply) }: a claim is made no later than that reply (51.6.1)
claim-unfounded = { $claimant }'s claim of { DATE($claimed) }: the records show { $accused } within every completed control, with { $left } days left before move { $control } on that date (51.6.1)
claim-repeated = { $claimant } claims again on { DATE($claimed) }, after a claim rejected on { DATE($rejected_on) }, before its own move { $control }: the arbiter may forbid claims in this ten-move cycle (51.6.7)
stated-time = move { MOVE($move_no, $side) } states { HAS($stated-1) ->
        [yes] { $stated-1 }
       *[no] —
    } days used by White and { HAS($stated-2) ->
        [yes] { $stated-2 }
       *[no] —
    } by Black; the records give { $totals-1 } and { $totals-2 } as of that message (51.2.1)

### AppealFacts

protest-open = { $accused } may protest against { $claimant }'s overstep claim of { DATE($date) } until { DATE($due) } (51.6.4)
appeal-open = the decision on { $decision ->
        [result] the result
        [overstep] an overstep
        [withdrawal] a withdrawal
        [claim] an overstep claim
        [records] game records
        [email] an email address
        [no-access] lost access to email
        *[access] access to email restored
    }{ HAS($result) ->
        [yes] { HAS($player) ->
            [yes] {" "}({ $result }; { $player })
           *[no] {" "}({ $result })
        }
       *[no] { HAS($player) ->
            [yes] {" "}({ $player })
           *[no] {""}
        }
    } of { DATE($date) } may be appealed until { DATE($due) } (51.1.10, 51.9.9)

### BreakFacts

break-over-limit = { $player } has { $days } break days in { $year }; at most { $limit } are allowed in a calendar year (51.7.1)
break-not-in-advance = { $player }'s break { DATE($from) }–{ DATE($to) } was { HAS($declared) ->
        [yes] declared on { DATE($declared) }
       *[no] with no declaration date
    }, not in advance, and the arbiter has not approved it (51.7.2, 51.7.7)

### ReadFacts

received-date-assumed = no received date: taken as { DATE($date) }, the day after the partner's message of { DATE($partner_sent) }
sent-date-assumed = no sent date: taken as { DATE($date) }, { $why ->
        [day-before-partner-received] the day before the partner received it
       *[on-day-received] the day it was received
    }
file-unreadable = the file cannot be read: { $error }
pgn-holds-no-game = the PGN file holds no game
pgn-holds-many-games = the PGN file holds { $games } games; one game a file is expected, the first is used
missing-log = { $stamped ->
        [true] no move log: the clock is computed from the PGN's %ccsnt stamps, each move taken as received the day after the partner's
       *[false] no move log: the players must keep and send the record of moves with dates (51.1.4)
    }

### PgnFacts

pgn-differs-from-log = the PGN differs from the log at move { MOVE($move_no, $side) }: { $san } in the PGN, { $logged } in the log
pgn-longer-than-log = the PGN goes on past the log: move { MOVE($move_no, $side) }{ $san } is not in the log
pgn-from-set-up-position = the PGN starts from a set-up position (FEN tag); the game starts from the initial position
pgn-tag-read-as-paired = the PGN's { $tag } tag `{ $value }` is read as `{ $paired }` of pairings.csv (letters or spaces differ)
pgn-tag-differs-from-pairing = the PGN's { $tag } tag is `{ $value }`, pairings.csv says `{ $paired }`
pgn-move-illegal = the PGN's move { MOVE($move_no, $side) }{ $san } is not legal in its position
pgn-shorter-than-log = the game is finished but the PGN stops after { $pgn_plies } half-moves; the log has { $log_plies } (move { $move_no }{ DOTS($side) })
pgn-stamp-before-previous = the PGN's %ccsnt stamp of move { MOVE($move_no, $side) } is { DATE($date) }, before the stamp of move { MOVE($previous_no, $previous_side) }, { DATE($previous) }
pgn-stamp-after-report-date = the PGN's %ccsnt stamp of move { $move_no }{ DOTS($side) } is { DATE($date) }, after the report's date { DATE($as_of) }: it is not used

### ReplayFacts

moves-do-not-alternate = moves must alternate: this should be { $expected_side ->
        [white] white
       *[black] black
    }'s move { $expected_no }, the row says { $side ->
        [white] white
       *[black] black
    }'s move { $no }; the replay stops here
move-not-playable = { $side ->
        [white] white
       *[black] black
    }'s move { $move_no } `{ $written }` { $why ->
        [unreadable] cannot be read as a move in any agreed notation
        [illegal] is not a legal move in the position
       *[ambiguous] fits more than one legal move
    }; the replay stops here{ COUNT($tried) ->
        [0] {""}
       *[other] {" "}(read as written, and with look-alike letters as `{ JOIN($tried, "`, `") }`)
    }
moves-read-as = { $side ->
        [white] white
       *[black] black
    }'s moves read with a letter taken for the one it looks like: { JOIN($moves, ", ") }

### ResultFacts

result-disputed = the result is disputed: { JOIN($said, ", ") }; the arbiter must rule (51.1.7)
sealed-move-illegal = { $player }'s sealed move `{ $written }` is not legal in the final position (51.9.4.4)
sealed-move-not-to-move = { $player }'s sealed move `{ $written }` comes from the side not to move: only the side to move seals a move (51.9.4.4)

### PostFacts

no-access = { $withdrawn ->
        [true] { $player } reported on { DATE($reported) } that the email or equipment was lost, and access was not restored by { DATE($due) }: the player counts as withdrawn; record the withdrawal (51.1.6)
       *[false] { $player } reported on { DATE($reported) } that the email or equipment was lost: unless access is restored by { DATE($due) }, the player counts as withdrawn (51.1.5, 51.1.6)
    }{ $correspondence ->
        [true] ; the player asked for the lost correspondence: the partners are asked for it (51.1.5)
       *[false] {""}
    }
correspondence = { $partner } is asked for the correspondence of this game, which { $player } lost (reported on { DATE($reported) }, 51.1.5)
address-change = { $player }'s address changed from { $old } to { $new } on { DATE($from) } (51.1.2): letters from that date go to the new one
lost-letter = { $receiver } received { $sender }'s repeat of move { MOVE($move_no, $side) } (sent { DATE($repeated) }) without the first letter: tell the partner and the arbiter by { DATE($due) } (51.5.2)

### FileFacts

folder-unreadable = a folder cannot be read: { $error }
folder-is-a-link = the folder `{ $folder }` is a link: it is not followed
folder-name-not-an-id = the tournament folder `{ $folder }` has a name that is not an id (letters, digits, -, _, .): it is skipped
folder-reserved = the tournament folder `{ $id }` has the name of a file the tool writes beside the tournaments: it is skipped (rename it)
folder-id-twice = a second tournament folder is named `{ $id }`: it is skipped (ids must be unique)
games-folder-not-followed = games is a link out of the tournaments folder, or not a folder: it is not read
game-file-not-read = games/{ $name } is not read: { $why }{ HAS($near) ->
        [yes] ; did you mean `{ $near }`?
       *[no] {""}
    }
game-file-unpaired = games/{ $name } belongs to no game of pairings.csv: it is ignored{ HAS($near) ->
        [yes] ; did you mean `{ $near }`?
       *[no] {""}
    }
file-link-broken = the file is a link that cannot be followed (a loop, or nothing behind it): { $error }
game-file-link-leads-out = the file is a link that leads out of the tournaments folder (or to no file): it is not followed
game-file-not-a-file = the file cannot be read: it is a folder or a device, not a file
game-file-name-not-an-id = the file name is not a game id (letters, digits, -, _, .): it is ignored{ HAS($near) ->
        [yes] ; did you mean `{ $near }`?
       *[no] {""}
    }
editor-lock-files = { COUNT($files) } lock or temporary file(s) of a spreadsheet that has a log open, not read: { JOIN($files, ", ") }
file-link-leads-out = the file is a link that leads out of the tournaments folder (or to nothing): it is not followed
required-file-missing = the required file { $file } is missing
refused = { $why }
file-refused = the file cannot be read: `{ $path }`: { $why }

### TableFacts

settings-unreadable = tournament.toml: { $error }
    no game of this tournament is computed until it is fixed
settings-end-before-start = tournament.toml: end ({ DATE($end) }) is before start ({ DATE($start) }); the end is not used until it is fixed
settings-file-misspelt = the settings file is named `{ $name }`: only a file named exactly tournament.toml is read (lower case, nothing before or after it); rename it
players-unreadable = players.csv cannot be read: the names in pairings, breaks and decisions are not checked
table-not-decodable = the file cannot be decoded as { $encoding } text
table-holds-control-bytes = the file holds control bytes (NUL…): it is not a text file
table-unreadable = { $error }
row-field-count = the row has { $fields } fields, the header { $columns }
table-empty = the file is empty; it needs the header row { JOIN($required, ",") }
table-no-rows = the file holds its header row and no other: the tournament cannot be reported from it
email-not-one-address = the email `{ $text }` is not one address (name@domain, nothing else): no letter and no mail link go to it
email-missing = `{ $player }` has no email address (the email cell is empty): no letter goes to them; write it in the email column, or record an `email` decision
arbiter-email-missing = tournament.toml names no `arbiter_email`: no letter is prepared, as a letter needs a From
name-holds-address = `{ $name }` holds an email address or what reads as one, which no name, title or move needs: the report shows it as `{ $shown }`; write an address in the email column only
findings-capped = and { $more } more findings about the rows of this file, not listed: fix the first ones and run again
header-lacks-columns = the header row lacks the column(s) { JOIN($missing, ", ") } (expected { JOIN($required, ",") }){ JOIN($near, "") }

### LogFacts

thinking-row-not-last = a row with a received date but no move and no sent date may only be the last row (the move being thought over)
move-no-too-high = `no` { $no } is over { $max } moves: not a move number of a game
not-a-move-no = `no` must be a move number (1, 2, 3…), not `{ $text }`
bad-side = `side` must be white or black, not `{ $text }`
unknown-flag = unknown flag `{ $text }` (known: accepted, variant, illegible, impossible, ambiguous, no-move, wrong-repeat, request, repeat, lost, resign, draw, record, adjudication)
column-not-a-date = `{ $column }`: `{ $text }` is not a date (write 2026-01-15, 2026.01.15 or 15.01.2026)
row-without-move = an ordinary row needs a move (a message without a move is flagged no-move, 51.3.5)
stated-not-days = `{ $column }` must be a number of days, not `{ $text }`

### NameFacts

name-read-as-player = the name `{ $written }` is read as the player `{ $player }` of players.csv (letters or spaces differ)
name-ambiguous = `{ $written }` is not a player of players.csv, and could be any of `{ JOIN($players, "`, `") }`: write the name exactly
name-unknown = `{ $written }` is not a player of players.csv{ HAS($closest) ->
        [yes] ; did you mean `{ $closest }`?
       *[no] {""}
    }

### PgnFileFacts

pgn-holds-nul = the PGN file holds NUL bytes: it is not a text file
pgn-stamp-not-a-date = move { $move_no }{ DOTS($side) }: the %ccsnt stamp `{ $text }` is not a date (write 2026.01.15); the move's date is unknown
pgn-unreadable-to-end = the PGN cannot be read to its end: { $error }

### EntryFacts

player-without-name = a player row has no name
player-twice = the player `{ $name }` is listed twice
not-a-game-id = `{ $game }` is not a game id (letters, digits, -, _, .)
game-paired-twice = the game `{ $game }` is paired twice
paired-against-themself = `{ $player }` is paired against themself
break-ends-before-start = the break ends ({ DATE($to) }) before it starts ({ DATE($from) })
bad-approved = `approved` must be yes, late, extra or empty, not `{ $text }`
not-a-date = `{ $text }` is not a date (write 2026-01-15, 2026.01.15 or 15.01.2026)
decision-needs-paired-game = a { $decision } decision needs a paired game; `{ $game }` is not one
decision-needs-player = a { $decision } decision needs the player
player-not-in-game = `{ $player }` does not play the game `{ $game }`
unknown-decision-kind = unknown decision kind `{ $text }` (result, overstep, withdrawal, claim, records)
not-a-result = `{ $text }` is not a result (1-0, 0-1, 1/2-1/2, +/-, -/+, -/-, *)
bad-withdrawal-result = a withdrawal's result must be forfeit, adjudicate or annul, not `{ $text }`
bad-no-access-result = a no-access decision's result must be empty or correspondence, not `{ $text }`
email-decision-needs-address = an email decision's note must be the new address, not `{ $text }`

### PenaltyWhy

why-repeat-late = the repeat of a lost message was sent { $days } days late (over the { $repeat_days } days and { $grace_days } of grace)
why-faulty = a faulty message ({ $flag })

### GameFileWhy

why-twice = the game { $stem } already has games/{ $first }
why-name-unknown = only <game>.csv and <game>.pgn files are (a space or a stray letter in the name?)

### FileRefusal

why-too-big = the file holds { $bytes } bytes, over the limit of { $limit_mb } MB: it is not read
why-folder = it is a folder, not a file: it is not read
why-not-regular = it is not a regular file (a FIFO, a socket or a device): it is not read
why-unreadable = it cannot be read: { $error }

### DateKind


### SentAssumed


### Unplayable


### ResultWitness


### Within the facts

moves-item = { $no } `{ $written }` as `{ $san }`
said-item = { $by ->
        [log] the log says
        [position] the position says
       *[pgn-tag] the PGN Result tag says
    } { $result }
near-item = ; the column `{ $written }`: did you mean `{ $meant }`?

## Letters of the outbox

letter-correspondence-ask = Please send the arbiter your letters of this game (the moves and dates sent and received) by { $by }.
letter-correspondence-rule = Article 51.1.5: at the player's request the arbiter asks the partners for the correspondence needed and passes it on.
letter-correspondence-facts = { $player } told the arbiter on { $reported } that the correspondence of the tournament was lost with the email or the equipment, and asked for it.
letter-correspondence-what = the correspondence of the game, for { $player }
letter-greeting = Dear { $player },
letter-greeting-both = Dear { $player } and { $partner },
letter-signature = Kind regards,
    { $arbiter }
    Arbiter, { $tournament }
letter-game = Game { $game }: { $white } – { $black }.
letter-prepared = letter prepared { $date }
letter-write = write
letter-date-unknown = an unknown date
letter-repeat-due-what = repeat move { $label }
letter-repeat-due-facts = The records show your move { $label } { $written } sent on { $sent }, and no reply from { $partner } since: { $days } days as of { $date }.
letter-repeat-due-rule = Article 51.5.1: when a move has had no reply for { $days } days, the move is repeated with all the information that goes with it, with a copy to the arbiter. The reply to the repeated move is also sent with a copy to the arbiter.
letter-repeat-due-ask = Please repeat move { $label } { $written } with all its information to { $partner }, with a copy to me, by { $by }.
letter-repeat-due-ask-late = The repeat was due by { $due }: please repeat move { $label } { $written } with all its information to { $partner }, with a copy to me, at once. If your move did not reach your partner, the days the repeat is late are charged to you (51.4.9).
letter-low-time-what = copy the arbiter on all correspondence
letter-low-time-facts = The records show that { $player } has had { $days } days or fewer left before the control at move { $control } since { $since }.
letter-low-time-rule = Article 51.4.10: when either player has five days or fewer left before the control move, all correspondence of the game is carried on with copies to the arbiter.
letter-low-time-ask = From { $date } on, please both send every message of this game with a copy to me.
letter-low-time-move-by = { $player }'s move { $control } is due by { $due }.
letter-silence-what = no move for { $days } days
letter-silence-facts = The records show no move in this game since { $last }: { $days } days as of { $date }. It is { $player }'s move.
letter-silence-rule = Article 51.5.3: in a game without a move for { $days } days, a loss may be scored to the player who did not inform the arbiter of their (or their partner's) delay.
letter-silence-ask = { $player }, please make your move with a copy to me, or explain the delay to me, by { $by }.
letter-silence-over = By the records, { $player } has used more days than the control allows up to move { $control } (Article 51.4.3).
letter-silence-ask-over = { $player }, please explain the delay to me by { $by }.
letter-record-what = send the game record
letter-records-none-what = no game record from either player
letter-record-finished = The game finished on { $date } ({ $result }).
letter-record-from-partner = I have the game record from { $partner }, but not from you.
letter-record-no-pgn = I have no PGN record of it (games/{ $game }.pgn).
letter-records-none-facts = Neither of you has sent me the game record.
letter-record-rule = Article 51.9.1: after the game both players email the arbiter the full record of the game, preferably in PGN, with the result. 51.9.2: the result is registered officially only when these are received.
letter-records-none-rule = Article 51.9.1: after the game both players email the arbiter the full record of the game, preferably in PGN, with the result. 51.9.3: if no record is received from either player, both may be scored a loss.
letter-repeat-due-break = { $days } of those days were { $partner }'s declared break (51.7.1), and are not counted.
letter-withdrawal-record-facts = { $withdrawn } withdrew from the tournament on { $date }. Your unfinished game with them is registered for you once I have your record of it; I have not received it yet.
letter-withdrawal-record-rule = Article 51.8.2: the results of a withdrawn player's unfinished games are registered for the partners once the arbiter has received from them the records of their games with the withdrawn player (see 51.9).
letter-record-ask = Please send me the full record of the game, preferably in PGN, with the result, by { $by }.
letter-adjudication-what = adjudication materials due { $due }
letter-adjudication-facts = The tournament ended on { $end } with this game unfinished, and the records hold no adjudication materials from { $player }. They are due by { $due }.
letter-adjudication-passed = That date has passed.
letter-adjudication-rule = Article 51.9.4: within { $days } days after the end of the tournament both players send the arbiter the record of the game, the final position, and their assessment of the result with analysis; the player to move sends the move, which counts as made. 51.9.7: a player who does not send these materials loses the right of appeal.
letter-adjudication-ask = { $player }, please send me these materials by { $by }.
letter-break-notice-what = break { $from }–{ $to } declared late
letter-break-notice-facts = Your break from { $from } to { $to }, { $when }, was not declared in advance, and it has not been approved.
letter-break-notice-rule = Article 51.7.2: players who take a break inform all their partners and the arbiter of it in advance.
letter-break-notice-ask = Please confirm to me by { $by } that your partners were informed of this break, and declare your breaks in advance from now on.
letter-claim-what = your overstep claim of { $date }
letter-claim-rule = Article 51.6.1: an overstep claim is sent to the arbiter with all the information it needs, no later than the reply to the opponent's 10th, 20th, 30th… move. A rejected claim may bar further claims in the current ten-move cycle (51.6.7).
letter-claim-ask = Please send me by { $by } the dates and moves your claim rests on, or tell me that you withdraw it.
break-declared-on = declared on { $date }
break-declared-undated = with no declaration date

## Settings, names, pages

file-not-utf8 = the file is not valid UTF-8
settings-hint-date = a date is written 2026-01-15 (no quotes), or as text in quotes: "15.01.2026"
settings-hint-quotes = text is written in quotes: name = "…", time_control = "10/60"
settings-hint = {""}
    hint: { $hint }
settings-bad-time-control = time_control `{ $time_control }` is not moves/days like 10/60, each from 1 to 1000
settings-not-a-calendar-date = { $key }: `{ $value }` is not a calendar date (no times)
settings-key-not-a-date = { $key }: `{ $value }` is not a date from 1900-01-01 to 9999-12-31 (write 2026-01-15, 2026.01.15 or 15.01.2026)
column-did-you-mean = ; the column `{ $written }`: did you mean `{ $meant }`?
name-withheld = Player { $line }
report-not-available = { $name }: report not available.
