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

# penalty (`penalty`): penalty days charged for a row (51.4.7, 51.4.9):
# `days`, `move_no`, `side`, `why` (below: `faulty` with the row's `flag`, or
# `repeat-late`)
penalty = { $days } penalty days on move { MOVE($move_no, $side) }: { $why }
# date-after-report-date (`date-order`): a row's date after the report's date:
# `move_no`, `side`, `which` (`received` or `sent`), `date`, `as_of`
date-after-report-date = move { MOVE($move_no, $side) } has a { $which ->
        [received] received
       *[sent] sent
    } date { DATE($date) } after the report's date { DATE($as_of) }
# received-before-partner-sent (`date-order`): a row received before the
# partner sent anything it could answer: `move_no`, `side`, `received`,
# `partner_sent` (or null)
received-before-partner-sent = move { MOVE($move_no, $side) } says received { DATE($received) }, but the partner's message it answers was sent later, on { DATE($partner_sent) }
# sent-before-received (`date-order`): a row sent before it was received:
# `move_no`, `side`, `sent`, `received`
sent-before-received = move { MOVE($move_no, $side) } was sent on { DATE($sent) }, before it was received on { DATE($received) }
# slow-transit (`transit`): a message over a day in transit (51.2.5): `sent`,
# `days` (in transit), `received`
slow-transit = the partner's message of { DATE($sent) } took { $days } days to arrive (received { DATE($received) }; the standard is one day): the player should tell the arbiter

### ClockFacts

# overstep (`overstep`): a completed control over its allowance (51.4.3):
# `player`, `used` (days used up to the control move), `control`, `allowance`
# (days allowed up to it), `ruled` (the date of the arbiter's ruling on the
# game since, 51.6.5, or null; the finding is then a note)
overstep = { $player } overstepped the time control: { $used } days used by move { $control }, { $allowance } allowed. { HAS($ruled) ->
        [yes] The arbiter ruled on the game on { DATE($ruled) } (51.6.5)
       *[no] The partner may claim no later than the reply to that move (51.6.1); the arbiter rules (51.6.5–51.6.6)
    }
# overstep-running (`overstep`): the current control's days already below
# zero, the days running counted: `player`, `left`, `control`, `used`,
# `running`, `allowance`, `ruled` (as for `overstep`)
overstep-running = { $player } is over the allowance by { NEG($left) } { NEG($left) ->
        [one] day
       *[other] days
    } before move { $control }: the time is overstepped ({ $used } used, { $running } running, { $allowance } allowed). { HAS($ruled) ->
        [yes] The arbiter ruled on the game on { DATE($ruled) } (51.6.5)
       *[no] The partner may claim (51.6.1); the arbiter rules (51.6.6)
    }
# low-time (`low-time`): 0 to 5 days left before the next control (51.4.10):
# `player`, `left`, `control`, `next_move` (the move the side makes next),
# `move_by` (the date that move is due by, or null when the side does not
# owe it)
low-time = { $player } has { $left } { $left ->
        [one] day
       *[other] days
    } left before move { $control }: all correspondence of this game must now be copied to the arbiter
# repeat-due (`repeat-due`): no reply for over 14 days (51.5.1): `player`,
# `side`, `move_no`, `sent` (the move unanswered), `waited` (days since, the
# partner's declared breaks not counted), `partner_break_days`
repeat-due = no reply for { $waited } days to the message of { DATE($sent) }: { $player } must repeat move { MOVE($move_no, $side) } with all its information, copied to the arbiter (51.5.1)
# silence (`silence`): no move for over 40 days (51.5.3): `player` (the side
# to move), `last_move` (the sent date of the last row that entered the game,
# or the start), `quiet` (days since, that side's breaks not counted),
# `break_days` (those breaks' days)
silence = no move for { $quiet } days (since { DATE($last_move) }): { $player } is to move; a loss may be scored to a player who did not tell the arbiter of the delay (51.5.3)

### RecordFacts

# withdrawal-record-missing (`record-missing`): the partner of a withdrawn
# player has not sent its record (51.8.2): `partner`, `withdrawn`
withdrawal-record-missing = { $partner }'s game against { $withdrawn }, who withdrew, is registered only when { $partner }'s game record arrives (51.8.2)
# records-none (`records-none`): a finished game with a record from neither
# side (51.9.3)
records-none = the game is over but neither player has sent the game record to the arbiter: both may be scored a loss (51.9.3)
# record-not-sent (`record-missing`): one side has not sent its record
# (51.9.1): `player`
record-not-sent = { $player } has not sent the game record: the result is not official until it arrives (51.9.1–51.9.2)
# pgn-record-missing (`record-missing`): a finished game without its PGN
# record (51.9.2): `game`, the game's id (its file is games/`game`.pgn)
pgn-record-missing = the game is over but there is no PGN record games/{ $game }.pgn: the result is not official until it arrives (51.9.2)
# adjudication-late (`adjudication-late`): adjudication materials sent after
# they were due (51.9.7): `player`, `sent`, `due`
adjudication-late = { $player } sent the adjudication materials on { DATE($sent) }, after { DATE($due) }: the right of appeal is lost (51.9.4, 51.9.7)
# adjudication-due (`adjudication-due`): past the end, a side's adjudication
# materials are due (51.9.4): `end` (the tournament's), `player`, `due`,
# `appeal_lost` (true once `due` has passed: the right of appeal is lost,
# 51.9.7)
adjudication-due = the tournament ended on { DATE($end) }: { $player } must send the record, final position, claimed result with analysis and the move to be made to the arbiter by { DATE($due) }{ $appeal_lost ->
        [true] ; that date has passed, so the right of appeal is lost (51.9.7)
       *[false] {""}
    }

### ClaimFacts

# claim-late (`claim-late`): an overstep claim after the claimant's reply to
# the control move (51.6.1): `claimant`, `claimed` (the claim's date),
# `accused`, `control`, `reply` (the claimant's first message sent after the
# control move)
claim-late = { $claimant }'s claim of { DATE($claimed) } that { $accused } overstepped at move { $control } came after the claimant's reply to that move, sent on { DATE($reply) }: a claim is made no later than that reply (51.6.1)
# claim-unfounded (`claim-unfounded`): a claim the records do not bear out
# (51.6.1): `claimant`, `claimed`, `accused`, `left` (the accused's days left
# before `control` on that date), `control`
claim-unfounded = { $claimant }'s claim of { DATE($claimed) }: the records show { $accused } within every completed control, with { $left } { $left ->
        [one] day
       *[other] days
    } left before move { $control } on that date (51.6.1)
# claim-repeated (`claim-repeated`): a claim after a rejected one, before the
# next control move (51.6.7): `claimant`, `claimed`, `rejected_on` (the
# earlier claim's rejection), `control`
claim-repeated = { $claimant } claims again on { DATE($claimed) }, after a claim rejected on { DATE($rejected_on) }, before its own move { $control }: the arbiter may forbid claims in this ten-move cycle (51.6.7)
# claim-open (`claim-open`): a claim the arbiter has not ruled on yet (51.6.3,
# 51.6.5): `claimant`, `claimed` (its date), `accused`, `due` (the last day of
# the accused's 14 days to protest, 51.6.4)
claim-open = { $claimant }'s overstep claim of { DATE($claimed) } against { $accused } awaits the arbiter's ruling; { $accused } may protest until { DATE($due) } (51.6.3–51.6.5)
# ruling (`ruling`): the arbiter ruled on a claim (51.6.5, 51.6.6): `claimant`,
# `claimed` (the claim's date), `accused`, `ruled` (the ruling's date),
# `result` (the result it gave; `*`: the claim rejected, the game goes on)
ruling = on { DATE($ruled) } the arbiter ruled on { $claimant }'s overstep claim of { DATE($claimed) } against { $accused }: { $result } (51.6.5); the players are told, and may appeal for 14 days (51.1.10)
# stated-time (`stated-time`): the totals a message states differ from the
# records' (51.2.1): `move_no`, `side`, `stated` (White's and Black's totals
# as stated, each or null), `totals` (as the records give them)
stated-time = move { MOVE($move_no, $side) } states { HAS($stated-1) ->
        [yes] { $stated-1 }
       *[no] —
    } days used by White and { HAS($stated-2) ->
        [yes] { $stated-2 }
       *[no] —
    } by Black; the records give { $totals-1 } and { $totals-2 } as of that message (51.2.1)

### AppealFacts

# protest-open (`protest-open`): the days to protest against a claim run
# (51.6.4): `accused`, `claimant`, `date` (the claim decision's), `due`
protest-open = { $accused } may protest against { $claimant }'s overstep claim of { DATE($date) } until { DATE($due) } (51.6.4)
# appeal-open (`appeal-open`): the days to appeal a decision run (51.1.10,
# 51.9.9): `decision` (`result`, `overstep` or `withdrawal`), `result` (as in
# decisions.csv, or null), `player` (or null), `date` (the decision's), `due`
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

# break-over-limit (`break-limit`): a player's break days in a calendar year
# over the limit (51.7.1): `player`, `days`, `year`, `limit`
break-over-limit = { $player } has { $days } break days in { $year }; at most { $limit } are allowed in a calendar year (51.7.1)
# break-not-in-advance (`break-notice`): a break declared on or after its
# first day, not approved (51.7.2): `player`, `from`, `to`, `declared` (or
# null)
break-not-in-advance = { $player }'s break { DATE($from) }–{ DATE($to) } was { HAS($declared) ->
        [yes] declared on { DATE($declared) }
       *[no] with no declaration date
    }, not in advance, and the arbiter has not approved it (51.7.2, 51.7.7)

### ReadFacts

# received-date-assumed (`missing-date`): a received date left out, assumed
# the day after the partner's sent one (51.2.3): `date` (assumed),
# `partner_sent`
received-date-assumed = no received date: taken as { DATE($date) }, the day after the partner's message of { DATE($partner_sent) }
# sent-date-assumed (`missing-date`): a sent date left out, assumed (51.2.3):
# `date`, `why` (`day-before-partner-received` or `on-day-received`)
sent-date-assumed = no sent date: taken as { DATE($date) }, { $why ->
        [day-before-partner-received] the day before the partner received it
       *[on-day-received] the day it was received
    }
# file-unreadable (`bad-input`): an input file cannot be read: `error`
file-unreadable = the file cannot be read: { $error }
# pgn-holds-no-game (`bad-input`): a PGN file with no game in it
pgn-holds-no-game = the PGN file holds no game
# pgn-holds-many-games (`bad-input`): a PGN file with more than one game; the
# first is used: `games` (how many)
pgn-holds-many-games = the PGN file holds { $games } games; one game a file is expected, the first is used
# missing-log (`missing-log`): a game with a PGN and no move log (51.1.4):
# `stamped`, a boolean: true when the PGN's `%ccsnt` stamps give the clock,
# false when nothing does
missing-log = { $stamped ->
        [true] no move log: the clock is computed from the PGN's %ccsnt stamps, each move taken as received the day after the partner's
       *[false] no move log: the players must keep and send the record of moves with dates (51.1.4)
    }

### PgnFacts

# pgn-differs-from-log (`pgn-mismatch`): the PGN's move differs from the log's
# (51.9.1): `move_no`, `side`, `san` (the PGN's), `logged` (the log's)
pgn-differs-from-log = the PGN differs from the log at move { MOVE($move_no, $side) }: { $san } in the PGN, { $logged } in the log
# pgn-longer-than-log (`pgn-mismatch`): the PGN goes on past the log:
# `move_no`, `side`, `san` (the first move not in the log)
pgn-longer-than-log = the PGN goes on past the log: move { MOVE($move_no, $side) }{ $san } is not in the log
# pgn-from-set-up-position (`pgn-mismatch`): the PGN starts from a set-up
# position (a FEN tag)
pgn-from-set-up-position = the PGN starts from a set-up position (FEN tag); the game starts from the initial position
# pgn-tag-read-as-paired (`read-as`): the PGN's `White` or `Black` tag read as
# the paired name, letters or spaces differing: `tag`, `value` (as written),
# `paired`
pgn-tag-read-as-paired = the PGN's { $tag } tag `{ $value }` is read as `{ $paired }` of pairings.csv (letters or spaces differ)
# pgn-tag-differs-from-pairing (`pgn-mismatch`): the PGN's `White` or `Black`
# tag names another player: `tag`, `value`, `paired`
pgn-tag-differs-from-pairing = the PGN's { $tag } tag is `{ $value }`, pairings.csv says `{ $paired }`
# pgn-move-illegal (`pgn-mismatch`): a PGN move not legal in its position:
# `move_no`, `side`, `san`
pgn-move-illegal = the PGN's move { MOVE($move_no, $side) }{ $san } is not legal in its position
# pgn-shorter-than-log (`pgn-mismatch`): a finished game whose PGN stops
# before the log: `pgn_plies`, `log_plies` (half-moves of each), `move_no`,
# `side` (the first move the PGN lacks)
pgn-shorter-than-log = the game is finished but the PGN stops after { $pgn_plies } half-moves; the log has { $log_plies } (move { $move_no }{ DOTS($side) })
# pgn-stamp-before-previous (`date-order`): a PGN `%ccsnt` stamp before the
# stamp of the move before it: `move_no`, `side`, `date`, `previous_no`,
# `previous_side`, `previous` (that stamp)
pgn-stamp-before-previous = the PGN's %ccsnt stamp of move { MOVE($move_no, $side) } is { DATE($date) }, before the stamp of move { MOVE($previous_no, $previous_side) }, { DATE($previous) }
# pgn-stamp-after-report-date (`date-order`): a PGN `%ccsnt` stamp after the
# report's date, not used: `move_no`, `side`, `date`, `as_of`
pgn-stamp-after-report-date = the PGN's %ccsnt stamp of move { $move_no }{ DOTS($side) } is { DATE($date) }, after the report's date { DATE($as_of) }: it is not used

### ReplayFacts

# moves-do-not-alternate (`bad-input`): a row out of turn; the replay stops
# there: `expected_side`, `expected_no` (the move expected), `side`, `no` (the
# row's)
moves-do-not-alternate = moves must alternate: this should be { $expected_side ->
        [white] white
       *[black] black
    }'s move { $expected_no }, the row says { $side ->
        [white] white
       *[black] black
    }'s move { $no }; the replay stops here
# move-not-playable (`illegal-move`): a move that cannot be played (51.3.1);
# the replay stops there: `side`, `move_no`, `written`, `why` (`unreadable`,
# `illegal` or `ambiguous`), `tried` (the readings tried with look-alike
# letters, SAN; may be empty)
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
# moves-read-as (`read-as`): a side's moves read only after folding look-alike
# letters (51.2.4): `side`, `moves` (each `no`, `written`, `san`)
moves-read-as = { $side ->
        [white] white
       *[black] black
    }'s moves read with a letter taken for the one it looks like: { JOIN($moves, ", ") }

### ResultFacts

# result-disputed (`result-conflict`): the records disagree on the result
# (51.1.7): `said`, a list of pairs [result, who says it: `log`, `position` or
# `pgn-tag`]
result-disputed = the result is disputed: { JOIN($said, ", ") }; the arbiter must rule (51.1.7)
# sealed-move-illegal (`sealed-move`): a sealed move not legal in the final
# position (51.9.4.4): `player`, `written`
sealed-move-illegal = { $player }'s sealed move `{ $written }` is not legal in the final position (51.9.4.4)
# sealed-move-not-to-move (`sealed-move`): a sealed move from the side not to
# move (51.9.4.4): `player`, `written`
sealed-move-not-to-move = { $player }'s sealed move `{ $written }` comes from the side not to move: only the side to move seals a move (51.9.4.4)

### PostFacts

# no-access (`no-access`): a player reported its email lost or its equipment
# broken (51.1.5, 51.1.6): `player`, `reported`, `due` (when it counts as
# withdrawn unless access is restored), `correspondence` (true when it asked
# for its lost correspondence), `withdrawn` (true when `due` has passed
# without an `email` or `access` decision)
no-access = { $withdrawn ->
        [true] { $player } reported on { DATE($reported) } that the email or equipment was lost, and access was not restored by { DATE($due) }: the player counts as withdrawn; record the withdrawal (51.1.6)
       *[false] { $player } reported on { DATE($reported) } that the email or equipment was lost: unless access is restored by { DATE($due) }, the player counts as withdrawn (51.1.5, 51.1.6)
    }{ $correspondence ->
        [true] ; the player asked for the lost correspondence: the partners are asked for it (51.1.5)
       *[false] {""}
    }
# correspondence (`correspondence`): a partner asked for the correspondence of
# a game that a player lost (51.1.5): `partner`, `player`, `reported`
correspondence = { $partner } is asked for the correspondence of this game, which { $player } lost (reported on { DATE($reported) }, 51.1.5)
# address-change (`address-change`): a player's new address, in force from
# `from` (51.1.2): `player`, `old`, `new`, `from`
address-change = { $player }'s address changed from { $old } to { $new } on { DATE($from) } (51.1.2): letters from that date go to the new one
# withdrawal (`withdrawal`): a player withdrew, deciding the partner's
# unfinished game (51.8.1, 51.8.2): `withdrawn`, `partner`, `how` (`forfeit`,
# `adjudicate` or `annul`), `date`
withdrawal = { $withdrawn } withdrew on { DATE($date) }: the unfinished game with { $partner } is { $how ->
        [forfeit] lost by { $withdrawn }, registered once { $partner }'s record arrives (51.8.2)
        [adjudicate] left for the arbiter to adjudicate (51.8.1)
       *[annul] struck out of the tournament (51.8.1)
    }; { $partner } is told
# lost-letter (`lost-letter`): a repeat revealed a lost letter; its receiver
# tells the partner and the arbiter (51.5.2): `receiver`, `sender`, `move_no`,
# `side`, `repeated` (the repeat's sent date), `due`
lost-letter = { $receiver } received { $sender }'s repeat of move { MOVE($move_no, $side) } (sent { DATE($repeated) }) without the first letter: tell the partner and the arbiter by { DATE($due) } (51.5.2)

### FileFacts

# folder-unreadable (`bad-input`): a folder of the tournaments folder cannot
# be read: `error`
folder-unreadable = a folder cannot be read: { $error }
# folder-is-a-link (`bad-input`): a folder that is a link, not followed:
# `folder`
folder-is-a-link = the folder `{ $folder }` is a link: it is not followed
# folder-name-not-an-id (`bad-input`): a tournament folder whose name is not
# an id: `folder`
folder-name-not-an-id = the tournament folder `{ $folder }` has a name that is not an id (letters, digits, -, _, .): it is skipped
# folder-reserved (`bad-input`): a tournament folder named as a file the tool
# writes beside the tournaments (`index.html`, `static`): `id`
folder-reserved = the tournament folder `{ $id }` has the name of a file the tool writes beside the tournaments: it is skipped (rename it)
# folder-id-twice (`bad-input`): a second tournament folder of one id: `id`
folder-id-twice = a second tournament folder is named `{ $id }`: it is skipped (ids must be unique)
# games-folder-not-followed (`bad-input`): games/ leads out of the tournaments
# folder, or is not a folder
games-folder-not-followed = games is a link out of the tournaments folder, or not a folder: it is not read
# game-file-not-read (`bad-input`): an entry of games/ not read: `name`, `why`
# (below: `twice` or `name-unknown`), `near` (the paired game its name is
# near, or null)
game-file-not-read = games/{ $name } is not read: { $why }{ HAS($near) ->
        [yes] ; did you mean `{ $near }`?
       *[no] {""}
    }
# game-file-unpaired (`bad-input`): a file of games/ of no paired game:
# `name`, `near` (or null)
game-file-unpaired = games/{ $name } belongs to no game of pairings.csv: it is ignored{ HAS($near) ->
        [yes] ; did you mean `{ $near }`?
       *[no] {""}
    }
# file-link-broken (`bad-input`): a link in games/ that cannot be followed:
# `error`
file-link-broken = the file is a link that cannot be followed (a loop, or nothing behind it): { $error }
# game-file-link-leads-out (`bad-input`): a link in games/ leading out of the
# tournaments folder, or to no file
game-file-link-leads-out = the file is a link that leads out of the tournaments folder (or to no file): it is not followed
# game-file-not-a-file (`bad-input`): an entry of games/ that is a folder or a
# device
game-file-not-a-file = the file cannot be read: it is a folder or a device, not a file
# game-file-name-not-an-id (`bad-input`): a file of games/ whose name is not a
# game id: `near` (or null)
game-file-name-not-an-id = the file name is not a game id (letters, digits, -, _, .): it is ignored{ HAS($near) ->
        [yes] ; did you mean `{ $near }`?
       *[no] {""}
    }
# editor-lock-files (`bad-input`): a spreadsheet's lock and temporary files,
# not read: `files`
editor-lock-files = { COUNT($files) } lock or temporary file(s) of a spreadsheet that has a log open, not read: { JOIN($files, ", ") }
# file-link-leads-out (`bad-input`): a link leading out of the tournaments
# folder, not followed
file-link-leads-out = the file is a link that leads out of the tournaments folder (or to nothing): it is not followed
# required-file-missing (`bad-input`): a file the tournament needs is missing:
# `file`
required-file-missing = the required file { $file } is missing
# refused (`bad-input`): an input file not opened (the finding's `file` names
# it): `why` (below)
refused = { $why }
# file-refused (`bad-input`): a path not opened as a regular file: `path` (as
# the error names it), `why` (below)
file-refused = the file cannot be read: `{ $path }`: { $why }

### TableFacts

# settings-unreadable (`bad-input`): tournament.toml cannot be read: `error`
# (in the language the file names)
settings-unreadable = tournament.toml: { $error }
    no game of this tournament is computed until it is fixed
# settings-end-before-start (`bad-input`): tournament.toml's `end` before its
# `start`: `end`, `start`
settings-end-before-start = tournament.toml: end ({ DATE($end) }) is before start ({ DATE($start) }); the end is not used until it is fixed
# settings-file-misspelt (`bad-input`): the settings file named a near miss of
# tournament.toml: `name`
settings-file-misspelt = the settings file is named `{ $name }`: only a file named exactly tournament.toml is read (lower case, nothing before or after it); rename it
# players-unreadable (`bad-input`): players.csv cannot be read: the names
# elsewhere are not checked
players-unreadable = players.csv cannot be read: the names in pairings, breaks and decisions are not checked
# table-not-decodable (`bad-input`): a table's bytes are not text in its
# encoding: `encoding`
table-not-decodable = the file cannot be decoded as { $encoding } text
# table-holds-control-bytes (`bad-input`): a table holding control bytes, not
# text
table-holds-control-bytes = the file holds control bytes (NUL…): it is not a text file
# table-unreadable (`bad-input`): a CSV error that ends a table: `error`
table-unreadable = { $error }
# row-field-count (`bad-input`): a row with another number of fields than the
# header: `fields`, `columns`
row-field-count = the row has { $fields } fields, the header { $columns }
# table-empty (`bad-input`): an empty table: `required` (the header's columns
# it needs)
table-empty = the file is empty; it needs the header row { JOIN($required, ",") }
# table-no-rows (`bad-input`): players.csv or pairings.csv with its header and
# no row
table-no-rows = the file holds its header row and no other: the tournament cannot be reported from it
# email-not-one-address (`bad-input`): an email cell, or the `arbiter_email`,
# that is not one address: `text`
email-not-one-address = the email `{ $text }` is not one address (name@domain, nothing else): no letter and no mail link go to it
# email-missing (`bad-input`): a player with an empty email cell and no
# `email` decision; a warning: `player`
email-missing = `{ $player }` has no email address (the email cell is empty): no letter goes to them; write it in the email column, or record an `email` decision
# arbiter-email-missing (`bad-input`): no `arbiter_email` in tournament.toml,
# so no letter; a warning
arbiter-email-missing = tournament.toml names no `arbiter_email`: no letter is prepared, as a letter needs a From
# name-holds-address (`bad-input`): a name or other shown text holding what
# reads as an address: `name` (as written), `shown` (as the report shows it)
name-holds-address = `{ $name }` holds an email address or what reads as one, which no name, title or move needs: the report shows it as `{ $shown }`; write an address in the email column only
# findings-capped (`bad-input`): more findings about one file's rows than are
# listed (100): `more`
findings-capped = and { $more } more findings about the rows of this file, not listed: fix the first ones and run again
# header-lacks-columns (`bad-input`): a header without columns it needs:
# `missing`, `required`, `near` (pairs [as written, the column meant])
header-lacks-columns = the header row lacks the column(s) { JOIN($missing, ", ") } (expected { JOIN($required, ",") }){ JOIN($near, "") }

### LogFacts

# thinking-row-not-last (`bad-input`): a move log's row with a received date
# only, not the last
thinking-row-not-last = a row with a received date but no move and no sent date may only be the last row (the move being thought over)
# move-no-too-high (`bad-input`): a move number over the highest: `no` (as
# written), `max`
move-no-too-high = `no` { $no } is over { $max } moves: not a move number of a game
# not-a-move-no (`bad-input`): a `no` that is not a move number: `text`
not-a-move-no = `no` must be a move number (1, 2, 3…), not `{ $text }`
# bad-side (`bad-input`): a `side` that is neither white nor black: `text`
bad-side = `side` must be white or black, not `{ $text }`
# unknown-flag (`bad-input`): a `flag` that is none of the move log's: `text`
unknown-flag = unknown flag `{ $text }` (known: accepted, variant, illegible, impossible, ambiguous, no-move, wrong-repeat, request, repeat, lost, resign, draw, record, adjudication)
# column-not-a-date (`bad-input`): a move log's date that is not a date:
# `column` (`received` or `sent`), `text` (whole), `short` (a string: `text`
# shortened as above, for the Russian sentence)
column-not-a-date = `{ $column }`: `{ $text }` is not a date (write 2026-01-15, 2026.01.15 or 15.01.2026)
# row-without-move (`bad-input`): an ordinary row without a move
row-without-move = an ordinary row needs a move (a message without a move is flagged no-move, 51.3.5)
# stated-not-days (`bad-input`): a stated total that is not a number of days:
# `column`, `text`
stated-not-days = `{ $column }` must be a number of days, not `{ $text }`

### NameFacts

# name-read-as-player (`read-as`): a name read as a player of players.csv,
# letters or spaces differing: `written`, `player`
name-read-as-player = the name `{ $written }` is read as the player `{ $player }` of players.csv (letters or spaces differ)
# name-ambiguous (`bad-input`): a name that could be any of several players:
# `written`, `players`
name-ambiguous = `{ $written }` is not a player of players.csv, and could be any of `{ JOIN($players, "`, `") }`: write the name exactly
# name-unknown (`bad-input`): a name of no player: `written`, `closest` (or
# null)
name-unknown = `{ $written }` is not a player of players.csv{ HAS($closest) ->
        [yes] ; did you mean `{ $closest }`?
       *[no] {""}
    }

### PgnFileFacts

# pgn-holds-nul (`bad-input`): a PGN file holding NUL bytes
pgn-holds-nul = the PGN file holds NUL bytes: it is not a text file
# pgn-stamp-not-a-date (`bad-input`): a PGN `%ccsnt` stamp that is not a date:
# `move_no`, `side`, `text`
pgn-stamp-not-a-date = move { $move_no }{ DOTS($side) }: the %ccsnt stamp `{ $text }` is not a date (write 2026.01.15); the move's date is unknown
# pgn-unreadable-to-end (`bad-input`): a PGN that cannot be read to its end:
# `error`
pgn-unreadable-to-end = the PGN cannot be read to its end: { $error }

### EntryFacts

# player-without-name (`bad-input`): a row of players.csv without a name
player-without-name = a player row has no name
# player-twice (`bad-input`): a player listed twice: `name`
player-twice = the player `{ $name }` is listed twice
# not-a-game-id (`bad-input`): a game that is not a game id: `game`
not-a-game-id = `{ $game }` is not a game id (letters, digits, -, _, .)
# game-paired-twice (`bad-input`): a game paired twice: `game`
game-paired-twice = the game `{ $game }` is paired twice
# paired-against-themself (`bad-input`): a player paired against themself:
# `player`
paired-against-themself = `{ $player }` is paired against themself
# break-ends-before-start (`bad-input`): a break ending before it starts:
# `from`, `to`
break-ends-before-start = the break ends ({ DATE($to) }) before it starts ({ DATE($from) })
# bad-approved (`bad-input`): an `approved` cell of breaks.csv that is none of
# its words: `text`
bad-approved = `approved` must be yes, late, extra or empty, not `{ $text }`
# not-a-date (`bad-input`): a table's date that is not a date: `text` (whole),
# `short` (shortened)
not-a-date = `{ $text }` is not a date (write 2026-01-15, 2026.01.15 or 15.01.2026)
# decision-needs-paired-game (`bad-input`): a decision whose game is not
# paired: `decision` (its kind as written), `game`
decision-needs-paired-game = a { $decision } decision needs a paired game; `{ $game }` is not one
# decision-needs-player (`bad-input`): a decision without the player it needs:
# `decision`
decision-needs-player = a { $decision } decision needs the player
# player-not-in-game (`bad-input`): a decision's player who does not play its
# game: `player`, `game`
player-not-in-game = `{ $player }` does not play the game `{ $game }`
# unknown-decision-kind (`bad-input`): a decision `kind` that is none: `text`
unknown-decision-kind = unknown decision kind `{ $text }` (result, overstep, withdrawal, claim, records)
# not-a-result (`bad-input`): a `result` that is not one: `text`
not-a-result = `{ $text }` is not a result (1-0, 0-1, 1/2-1/2, +/-, -/+, -/-, *)
# bad-withdrawal-result (`bad-input`): a withdrawal's result other than
# `forfeit`, `adjudicate` or `annul`: `text`
bad-withdrawal-result = a withdrawal's result must be forfeit, adjudicate or annul, not `{ $text }`
# bad-no-access-result (`bad-input`): a `no-access` decision's result other
# than empty or `correspondence`: `text`
bad-no-access-result = a no-access decision's result must be empty or correspondence, not `{ $text }`
# email-decision-needs-address (`bad-input`): an `email` decision whose note
# is not an address: `text`
email-decision-needs-address = an email decision's note must be the new address, not `{ $text }`

### PenaltyWhy

# why-repeat-late (in `penalty`): a `lost` row: the repeat was sent over
# `repeat_days` (14, 51.5.1) and `grace_days` (3) after the message it repeats
# (51.4.9); the penalty `days` are the delay past the 14
why-repeat-late = the repeat of a lost message was sent { $days } days late (over the { $repeat_days } days and { $grace_days } of grace)
# why-faulty (in `penalty`): a faulty message (51.4.7): `flag`, the row's
# flag: `illegible`, `impossible`, `ambiguous`, `no-move` or `wrong-repeat`
# (`{"kind": "faulty", "flag": "illegible"}`)
why-faulty = a faulty message ({ $flag })

### GameFileWhy

# why-twice (in `game-file-not-read`): the game `stem` already has the file
# `first`
why-twice = the game { $stem } already has games/{ $first }
# why-name-unknown (in `game-file-not-read`): not a `.csv` or a `.pgn`
why-name-unknown = only <game>.csv and <game>.pgn files are (a space or a stray letter in the name?)

### FileRefusal

# why-too-big (in `refused`, `file-refused`): over the size limit ("Limits"):
# `bytes`, `limit_mb`
why-too-big = the file holds { $bytes } bytes, over the limit of { $limit_mb } MB: it is not read
# why-folder (in `refused`, `file-refused`): a folder
why-folder = it is a folder, not a file: it is not read
# why-not-regular (in `refused`, `file-refused`): not a regular file (a FIFO,
# a socket, a device)
why-not-regular = it is not a regular file (a FIFO, a socket or a device): it is not read
# why-unreadable (in `refused`, `file-refused`): cannot be read: `error`
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
letter-low-time-facts = The records show that { $player } has had { $days } days or fewer left before the control at move { $control } since { $since }: { $left } { $left ->
        [one] day
       *[other] days
    } left for { $moves ->
        [1] move { $control }
       *[other] moves { $next } to { $control }
    }.
letter-low-time-rule = Article 51.4.10: when either player has five days or fewer left before the control move, all correspondence of the game is carried on with copies to the arbiter.
letter-low-time-ask = From { $date } on, please both send every message of this game with a copy to me.
letter-low-time-move-by = { $player }'s next move, move { $next }, is due by { $due }.
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
letter-withdrawal-what = { $withdrawn } withdrew from the tournament
letter-withdrawal-facts = { $withdrawn } withdrew from the tournament on { $date }. { $how ->
        [forfeit] Your unfinished game with them is scored as lost by { $withdrawn }, and the result is registered for you once I have your record of the game.
        [adjudicate] Your unfinished game with them goes to the arbiter to adjudicate: please send me your adjudication materials (the record of the game, the final position, the result you claim with its analysis).
       *[annul] Your unfinished game with them is struck out of the tournament: it counts for neither of you.
    }
letter-withdrawal-rule = { $how ->
        [forfeit] Article 51.8.2: the results of a withdrawn player's unfinished games are registered for the partners once the arbiter has received from them the records of their games with the withdrawn player (see 51.9).
       *[other] Article 51.8.1: when a player withdraws from the tournament, the arbiter decides the results of their games: the unfinished games lost, adjudicated, or struck out of the tournament.
    }
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
letter-ruling-what = my ruling on the overstep claim of { $claimed }
letter-ruling-facts = On { $ruled } I ruled on { $claimant }'s claim of { $claimed } that { $accused } overstepped the time control: { $outcome ->
        [upheld] the overstep is confirmed, and { $accused } loses the game ({ $result }, 51.6.6).
        [rejected] the claim is rejected, and the game goes on from { $next } (51.6.3).
       *[other] the game's result is { $result }.
    }
letter-ruling-rule = Article 51.6.5: the arbiter informs the players of the decision on an overstep claim.
letter-ruling-appeal = Either of you may appeal this ruling to the appeals arbiter within 14 days of receiving it (51.1.10), by { $by }.
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

## Pages

# The words of the pages, the text files and the calendars. A template
# reads the message `t-<name>` as `t.<name>` (`t-as_of` is `t.as_of`), and
# a finding's code, a severity and a move log's flag in words as
# `t.code_<code>`, `t.sev_<severity>`, `t.flag_<flag>` (each `-` an `_`).
# These labels take no variables.

### The language's forms

# date-form: a date, from `$year` (four digits), `$month` and `$day` (two
# digits each), in the language's order with its marks between them.
# date-after-last: a date past the last day a record may hold; `$date` is
# that day (9999-12-31) in the form above.
# decimal-mark: the mark between a number's whole part and its decimals (a
# tie-break's 0.50).
# move-letters: the letters the pages write moves with, for the king, the
# queen, the rook, the bishop, the knight and castling's O (O-O): six, with
# a space between them.

date-form = { $year }-{ $month }-{ $day }
date-after-last = after { $date }
decimal-mark = .
move-letters = K Q R B N O

### A number with its noun

# `{{ n|count("day") }}` in a template is the message `count-day` with
# `$n`: the number with its noun in the form the number asks for.
# count-break-day: the days of breaks a thinking time leaves out (51.7),
# "−3 break days" on a game's page.

count-day = { $n } { $n ->
        [one] day
       *[other] days
    }
count-move = { $n } { $n ->
        [one] move
       *[other] moves
    }
count-tournament = { $n } { $n ->
        [one] tournament
       *[other] tournaments
    }
count-game = { $n } { $n ->
        [one] game
       *[other] games
    }
count-break-day = { $n } { $n ->
        [one] break day
       *[other] break days
    }

### Labels

t-bulletin = Bulletin
t-tournaments = Tournaments
t-tournament = Tournament
t-arbiter = Arbiter
t-time_control = Time control
t-within = in
t-days = days
t-start = Start
t-end = End
t-as_of = As of
t-standings = Standings
t-place = Place
t-player = Player
t-points = Points
t-sb = Sonneborn–Berger
t-sb_short = SB
t-wins = Wins
t-direct = Direct
t-played = Played
t-to_play = To play
t-provisional_mark = provisional
t-sealed_move = Sealed move, counted as made (51.9.4.4)
t-provisional = provisional: records incomplete (51.9.2)
t-crosstable = Crosstable
t-games = Games
t-game = Game
t-summary = Summary
t-clocks = Clocks
t-round = Round
t-white = White
t-black = Black
t-result = Result
t-status = Status
t-moves = Moves
t-last_move = Last move
t-to_move = To move
t-owes = Owes a message
t-by = by
t-used = Used
t-left = Left
t-penalty = Penalty
t-running = Running
t-left_at_last = Left at the last message
t-last_message = Last message
t-game_clock_note = Days: thinking time charged by Article 51.4 up to the last message; left = allowance up to the next control − used. The thinking time of the move now owed runs from its received date to its date of sending (51.4.4): the move-by date says how long it can take.
t-next_control = Control
t-allowance = Allowance
t-in_progress = in progress
t-no_records = no records yet
t-grace_left = without penalty left (51.4.9)
t-over_by = over by
t-withdrew = withdrew (51.8.1)
t-finished = finished
t-ended_by = Result from
t-ended_by_decision = the arbiter's decision
t-ended_by_log = the move log (resignation or draw)
t-ended_by_board = the position on the board (mate or stalemate)
t-ended_by_pgn = the PGN record's Result
t-ended_by_withdrawal = a withdrawal (51.8.1)
t-records_held = Game records held by the arbiter
t-interrupted = interrupted: overstep claim (51.6.3)
t-awaiting_adjudication = awaiting adjudication
t-annulled = annulled (51.8.1)
t-low_time = low time
t-overstep = overstepped
t-silence = no move for 40 days
t-no = No.
t-side = Side
t-move = Move
t-received = Received
t-sent = Sent
t-flag = Flag
t-thinking = Thinking
t-charged = Charged
t-why = Why
t-total = Total
t-assumed = assumed
t-exempt = not charged
t-pending = thinking
t-record = PGN record
t-back = Back to the bulletin
t-findings = Findings
t-arbiter_report = Arbiter's report (private)
t-overdue = Overdue
t-overdue_by = overdue by
t-this_week = This week: due within 7 days, and new findings that can decide a result
t-overdue_part = Overdue
t-awaited = awaited until
t-decides_result = Can decide a game's result
t-due_by_date = Due, by date
t-notes = Notes
t-open = Open
t-new = New
t-resolved = Resolved
t-since_last = Since the last report of
t-no_changes = No change.
t-now_due = Now due (notes that became warnings; their letters go out now)
t-not_compared = Not compared: the tournament could not be computed tonight.
t-first_report = First report: nothing to compare with.
t-under_review = records under review by the arbiter
t-moved = moved since the last report
t-moved_mark = new move
t-players = Players
t-per_code = Findings per code
t-severity = Severity
t-code = Code
t-rule = Rule
t-date = Date
t-due = Due
t-what = What happened and what to do
t-email = Email
t-file = File
t-none = Nothing needs action.
t-clock_note = Days: thinking time charged by Article 51.4; left = allowance up to the next control − used − running.
t-count = Count
t-warnings = Warnings
t-not_available = report not available
t-stale_public = The public report was not replaced, because
t-stale_since = It still shows the report as of
t-never_published = No report of this tournament was ever published.
t-stale_as_of = public report as of
t-arbiter_index = Arbiter's overview
t-errors = Errors
t-tournament_findings = Tournament-wide findings
t-finished_games = Finished
t-white_mark = w
t-black_mark = b
t-cross_legend = 1 / ½ / 0: win, draw, loss; + / −: won, lost by forfeit; · not finished; w, b: the row player's colour.
t-player_page = Player
t-opponent = Opponent
t-colour = Colour
t-move_by = Move by
t-repeat_by = Repeat by
t-deadline = Deadline
t-breaks = Breaks
t-year = Year
t-break_used = Break days used
t-break_left = Break days left
t-from = From
t-to = To
t-declared = Declared
t-no_breaks = No breaks.
t-calendar = Deadlines as a calendar (.ics)
t-text_version = Bulletin as text (.txt)
t-pgn_file = All games (PGN)
t-game_text = Next message as text (.txt)
t-files = Files
t-open_findings = Open findings
t-no_findings = No open findings.
t-next_message = Next message
t-next_message_note = To copy into the message to the partner (51.2.1).
t-nm_competition = Competition
t-nm_game = Game
t-nm_moves = Moves so far
t-nm_confirm = I confirm your message sent on
t-nm_received = received on
t-nm_my_move = My move
t-nm_request = Your last message could not be played: please correct it (51.3.4).
t-nm_sent_on = Sent on
t-nm_thinking = Thinking time of this move
t-nm_counted_from = the days from the received date,
t-nm_assumed = assumed, 51.2.5
t-nm_counted_to = to the date of sending, break days not counted (51.4.4)
t-nm_request_free = the first 3 days not counted (51.4.8)
t-nm_totals = Time used in total before this move
t-nm_signature = Signature
t-nm_to = From

# No longer in the default templates, which count the days and moves
# (`count-day`, `count-move`, `count-break-day`); kept for a theme's own.

t-moves_in_days = moves in
t-break_days = break days
t-days_short = days

### Finding codes in words

# `code-<code>`: a finding's code (docs/arbiter.md) in words; the code
# itself is shown beside it, for search.

code-overstep = time overstepped
code-low-time = low time
code-repeat-due = move to repeat
code-silence = no move for 40 days
code-transit = slow delivery
code-missing-date = date missing
code-illegal-move = illegal move
code-date-order = dates out of order
code-penalty = penalty days
code-break-limit = too many break days
code-break-notice = break declared late
code-record-missing = game record missing
code-records-none = no game records
code-read-as = read as a look-alike
code-adjudication-due = adjudication materials due
code-adjudication-late = materials late
code-sealed-move = sealed move not accepted
code-claim-late = claim made late
code-claim-unfounded = claim not in the records
code-claim-repeated = claim repeated
code-claim-open = claim awaiting a ruling
code-ruling = ruling on a claim
code-withdrawal = a player withdrew
code-protest-open = protest period open
code-appeal-open = appeal period open
code-stated-time = stated time differs
code-pgn-mismatch = PGN differs
code-result-conflict = results disagree
code-missing-log = move log missing
code-no-access = no email access
code-correspondence = correspondence asked for
code-address-change = new address
code-lost-letter = lost letter to report
code-bad-input = unreadable input

### Severities

sev-error = error
sev-warning = warning
sev-info = info

### Move log flags

# `flag-<flag>`: a move log's `flag` (docs/format.md) in words.

flag-accepted = accepted
flag-variant = variant
flag-illegible = illegible
flag-impossible = impossible
flag-ambiguous = ambiguous
flag-no-move = no move
flag-wrong-repeat = wrong repeat
flag-request = request
flag-repeat = repeat
flag-lost = lost
flag-resign = resign
flag-draw = draw
flag-record = record
flag-adjudication = adjudication
