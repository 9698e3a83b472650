# Слова ccbulletin по-русски: все замечания, письма и сообщения программы,
# в синтаксисе Project Fluent (https://projectfluent.org). Как устроены
# переменные и функции, сказано в начале languages/en.ftl.

## Findings: one message a kind of facts

### RowFacts

penalty = { $days } штрафных дн. за ход { MOVE($move_no, $side) }: { $why }
date-after-report-date = у хода { MOVE($move_no, $side) } дата { $which ->
        [received] получения
       *[sent] отправки
    } { DATE($date) } позже даты отчёта { DATE($as_of) }
received-before-partner-sent = ход { MOVE($move_no, $side) }: указано получение { DATE($received) }, но письмо партнёра, на которое он отвечает, отправлено позже — { DATE($partner_sent) }
sent-before-received = ход { MOVE($move_no, $side) } отправлен { DATE($sent) }, раньше, чем получен ({ DATE($received) })
slow-transit = письмо партнёра от { DATE($sent) } шло { $days } дн. (получено { DATE($received) }; стандарт — один день): участнику следует обратиться к арбитру

### ClockFacts

overstep = { $player }: просрочка времени — к { $control }-му ходу затрачено { $used } дн. при лимите { $allowance }. { HAS($ruled) ->
        [yes] Арбитр вынес решение по партии { DATE($ruled) } (51.6.5)
       *[no] Партнёр может заявить о просрочке не позднее ответа на этот ход (51.6.1); решение за арбитром (51.6.5–51.6.6)
    }
overstep-running = { $player }: до { $control }-го хода лимит превышен на { NEG($left) } дн. — время просрочено (затрачено { $used }, идёт { $running }, лимит { $allowance }). { HAS($ruled) ->
        [yes] Арбитр вынес решение по партии { DATE($ruled) } (51.6.5)
       *[no] Партнёр может заявить о просрочке (51.6.1); решение за арбитром (51.6.6)
    }
low-time = { $player }: до { $control }-го хода осталось { $left } дн. — вся переписка по партии теперь ведётся с копией арбитру
repeat-due = нет ответа { $waited } дн. на письмо от { DATE($sent) }: { $player } — повторить ход { MOVE($move_no, $side) } со всей информацией, с копией арбитру (51.5.1)
silence = { $quiet } дн. без ходов (с { DATE($last_move) }); очередь хода: { $player }. Участнику, не сообщившему арбитру о задержке, может быть засчитано поражение (51.5.3)

### RecordFacts

withdrawal-record-missing = результат партии { $partner } с выбывшим участником { $withdrawn } фиксируется после получения от { $partner } текста партии (51.8.2)
records-none = партия окончена, но ни один из участников не выслал арбитру запись партии: обоим может быть засчитано поражение (51.9.3)
record-not-sent = { $player }: запись партии не выслана; результат не регистрируется до её получения (51.9.1–51.9.2)
pgn-record-missing = партия окончена, но нет записи PGN games/{ $game }.pgn: результат не регистрируется до её получения (51.9.2)
adjudication-late = { $player } выслал(а) материалы для присуждения { DATE($sent) }, позже { DATE($due) }: право на апелляцию утрачено (51.9.4, 51.9.7)
adjudication-due = турнир окончен { DATE($end) }: { $player } — до { DATE($due) } выслать арбитру запись партии, заключительную позицию, обоснование результата с анализом и ход, если очередь хода за ним (51.9.4){ $appeal_lost ->
        [true] ; срок прошёл — право на апелляцию утрачено (51.9.7)
       *[false] {""}
    }

### ClaimFacts

claim-late = заявление { $claimant } от { DATE($claimed) } о просрочке { $accused } на { $control }-м ходу сделано позже ответа заявителя на этот ход, отправленного { DATE($reply) }: заявление подаётся не позднее этого ответа (51.6.1)
claim-unfounded = заявление { $claimant } от { DATE($claimed) }: по записям { $accused } укладывается во все пройденные контроли, и на эту дату у него(неё) осталось { $left } дн. до { $control }-го хода (51.6.1)
claim-repeated = { $claimant } снова заявляет о просрочке { DATE($claimed) }, после заявления, отклонённого { DATE($rejected_on) }, до своего { $control }-го хода: арбитр может запретить претензии в этом цикле (51.6.7)
claim-open = заявление { $claimant } от { DATE($claimed) } о просрочке времени { $accused } ждёт решения арбитра; { $accused } может возразить до { DATE($due) } (51.6.3–51.6.5)
ruling = { DATE($ruled) } арбитр вынес решение по заявлению { $claimant } от { DATE($claimed) } о просрочке времени { $accused }: { $result } (51.6.5); участники извещены и могут обжаловать его в течение 14 дней (51.1.10)
stated-time = в сообщении с ходом { MOVE($move_no, $side) } указано затраченное время: белые { HAS($stated-1) ->
        [yes] { $stated-1 }
       *[no] —
    }, чёрные { HAS($stated-2) ->
        [yes] { $stated-2 }
       *[no] —
    } дн.; по записям на этот момент — { $totals-1 } и { $totals-2 } (51.2.1)

### AppealFacts

protest-open = { $accused } может подать протест на заявление { $claimant } о просрочке от { DATE($date) } до { DATE($due) } (51.6.4)
appeal-open = решение { $decision ->
        [result] о результате
        [overstep] о просрочке времени
        [withdrawal] о выходе из турнира
        [claim] по заявлению о просрочке времени
        [records] о текстах партий
        [email] об адресе электронной почты
        [no-access] о потере доступа к электронной почте
        *[access] о восстановлении доступа к электронной почте
    }{ HAS($result) ->
        [yes] { HAS($player) ->
            [yes] {" "}({ $result }; { $player })
           *[no] {" "}({ $result })
        }
       *[no] { HAS($player) ->
            [yes] {" "}({ $player })
           *[no] {""}
        }
    } от { DATE($date) } может быть обжаловано до { DATE($due) } (51.1.10, 51.9.9)

### BreakFacts

break-over-limit = { $player }: { $days } дн. перерыва в { $year } году; допускается не более { $limit } { $limit ->
        [one] дня
       *[other] дней
    } за календарный год (51.7.1)
break-not-in-advance = { $player }: перерыв { DATE($from) }–{ DATE($to) } { HAS($declared) ->
        [yes] объявлен { DATE($declared) }
       *[no] объявлен без даты
    }, а не заранее, и не разрешён арбитром (51.7.2, 51.7.7)

### ReadFacts

received-date-assumed = нет даты получения: принята { DATE($date) }, следующий день после письма партнёра от { DATE($partner_sent) }
sent-date-assumed = нет даты отправки: принята { DATE($date) }, { $why ->
        [day-before-partner-received] накануне получения партнёром
       *[on-day-received] в день получения
    }
file-unreadable = файл не читается: { $error }
pgn-holds-no-game = в файле PGN нет партии
pgn-holds-many-games = в файле PGN { $games } партий; ожидается одна, взята первая
missing-log = { $stamped ->
        [true] нет записи ходов с датами: время рассчитано по отметкам %ccsnt в PGN, каждый ход считается полученным на следующий день после отправки партнёром
       *[false] нет записи ходов с датами: участники обязаны сохранять её и высылать арбитру (51.1.4)
    }

### PgnFacts

pgn-differs-from-log = PGN расходится с записью ходов на ходу { MOVE($move_no, $side) }: в PGN { $san }, в записи { $logged }
pgn-longer-than-log = PGN длиннее записи ходов: хода { MOVE($move_no, $side) }{ $san } в записи нет
pgn-from-set-up-position = PGN начинается с заданной позиции (тег FEN), а партия — с начальной
pgn-tag-read-as-paired = тег { $tag } в PGN «{ $value }» прочитан как «{ $paired }» из pairings.csv (буквы или пробелы отличаются)
pgn-tag-differs-from-pairing = в PGN тег { $tag } — «{ $value }», а в pairings.csv — «{ $paired }»
pgn-move-illegal = ход PGN { MOVE($move_no, $side) }{ $san } невозможен в своей позиции
pgn-shorter-than-log = партия окончена, но PGN обрывается после { $pgn_plies } полуходов; в записи их { $log_plies } (ход { $move_no }{ DOTS($side) })
pgn-stamp-before-previous = отметка %ccsnt хода { MOVE($move_no, $side) } в PGN — { DATE($date) }, раньше отметки хода { MOVE($previous_no, $previous_side) } — { DATE($previous) }
pgn-stamp-after-report-date = отметка %ccsnt хода { $move_no }{ DOTS($side) } в PGN — { DATE($date) }, позже даты отчёта { DATE($as_of) }: она не учитывается

### ReplayFacts

moves-do-not-alternate = ходы должны чередоваться: здесь ожидается ход { $expected_no } { $expected_side ->
        [white] белых
       *[black] чёрных
    }, а в строке — ход { $no } { $side ->
        [white] белых
       *[black] чёрных
    }; проверка партии остановлена
move-not-playable = ход { $move_no } { $side ->
        [white] белых
       *[black] чёрных
    } «{ $written }» { $why ->
        [unreadable] не читается ни в одной принятой нотации
        [illegal] невозможен в данной позиции
       *[ambiguous] подходит под несколько возможных ходов
    }; проверка партии остановлена{ COUNT($tried) ->
        [0] {""}
       *[other] {" "}(прочитан как написан и с похожими буквами: «{ JOIN($tried, "», «") }»)
    }
moves-read-as = ходы { $side ->
        [white] белых
       *[black] чёрных
    }, где буква принята за похожую: { JOIN($moves, ", ") }

### ResultFacts

result-disputed = результат спорный: { JOIN($said, ", ") }; решение за арбитром (51.1.7)
sealed-move-illegal = { $player } сообщил(а) арбитру для присуждения ход «{ $written }», невозможный в заключительной позиции (51.9.4.4)
sealed-move-not-to-move = { $player } сообщил(а) арбитру для присуждения ход «{ $written }», но очередь хода не за ним(ней): ход сообщает только тот, за кем очередь хода (51.9.4.4)

### PostFacts

no-access = { $withdrawn ->
        [true] { $player } сообщил(а) { DATE($reported) } о потере доступа к электронной почте или поломке оборудования, и доступ не восстановлен до { DATE($due) }: участник считается выбывшим, нужно решение о выбытии (51.1.6)
       *[false] { $player } сообщил(а) { DATE($reported) } о потере доступа к электронной почте или поломке оборудования: если доступ не восстановлен до { DATE($due) }, участник считается выбывшим (51.1.5, 51.1.6)
    }{ $correspondence ->
        [true] ; участник просит утраченную корреспонденцию: её запрашивают у партнёров (51.1.5)
       *[false] {""}
    }
correspondence = у { $partner } запрошена корреспонденция этой партии, утраченная { $player } (сообщение от { DATE($reported) }, 51.1.5)
address-change = адрес { $player } изменён с { $old } на { $new } с { DATE($from) } (51.1.2): письма с этой даты — на новый
withdrawal = { $withdrawn } выбыл(а) { DATE($date) }: неоконченная партия с { $partner } { $how ->
        [forfeit] проиграна выбывшим, результат фиксируется после получения текста партии от { $partner } (51.8.2)
        [adjudicate] передана арбитру на присуждение (51.8.1)
       *[annul] исключена из турнира (51.8.1)
    }; { $partner } извещён(а)
lost-letter = { $receiver } получил(а) повтор хода { MOVE($move_no, $side) } от { $sender } (отправлен { DATE($repeated) }) без первого письма: сообщить партнёру и арбитру до { DATE($due) } (51.5.2)

### FileFacts

folder-unreadable = папку не удаётся прочитать: { $error }
folder-is-a-link = папка «{ $folder }» — ссылка: по ней не переходят
folder-name-not-an-id = имя папки турнира «{ $folder }» не годится как код (буквы, цифры, -, _, .): она пропущена
folder-reserved = папка турнира «{ $id }» называется как файл, который программа пишет рядом с турнирами: турнир пропущен (переименуйте папку)
folder-id-twice = вторая папка турнира называется «{ $id }»: она пропущена (коды должны быть разными)
games-folder-not-followed = games — ссылка за пределы папки турниров или не папка: она не читается
game-file-not-read = games/{ $name } не читается: { $why }{ HAS($near) ->
        [yes] ; может быть, «{ $near }»?
       *[no] {""}
    }
game-file-unpaired = games/{ $name } не относится ни к одной партии из pairings.csv: файл не читается{ HAS($near) ->
        [yes] ; может быть, «{ $near }»?
       *[no] {""}
    }
file-link-broken = файл — ссылка, по которой не пройти (петля или пустота): { $error }
game-file-link-leads-out = файл — ссылка за пределы папки турниров (или не на файл): она не читается
game-file-not-a-file = файл не читается: это папка или устройство, а не файл
game-file-name-not-an-id = имя файла — не номер партии (буквы, цифры, -, _, .): файл не читается{ HAS($near) ->
        [yes] ; может быть, «{ $near }»?
       *[no] {""}
    }
editor-lock-files = файлы блокировки или временные файлы открытой в редакторе таблицы ({ COUNT($files) }), не читаются: { JOIN($files, ", ") }
file-link-leads-out = файл — ссылка за пределы папки турниров (или в никуда): она не читается
required-file-missing = нет обязательного файла { $file }
refused = { $why }
file-refused = файл не читается: `{ $path }`: { $why }

### TableFacts

settings-unreadable = tournament.toml: { $error }
    партии турнира не рассчитываются, пока ошибка не исправлена
settings-end-before-start = tournament.toml: окончание ({ DATE($end) }) раньше начала ({ DATE($start) }); окончание не учитывается, пока это не исправлено
settings-file-misspelt = файл настроек назван «{ $name }»: читается только файл с именем ровно tournament.toml (строчными буквами, без пробелов и приписок); переименуйте его
players-unreadable = players.csv не читается: имена в pairings, breaks и decisions не проверяются
table-not-decodable = файл не читается как текст в кодировке { $encoding }
table-holds-control-bytes = файл содержит управляющие байты (NUL…): это не текстовый файл
table-unreadable = { $error }
row-field-count = в строке { $fields } полей, в заголовке { $columns }
table-empty = файл пуст; нужна строка заголовка { JOIN($required, ",") }
table-no-rows = в файле только строка заголовка: по нему турнир не показать
email-not-one-address = почта «{ $text }» — не один адрес (имя@домен, и ничего больше): писем и ссылок на неё не будет
email-missing = у «{ $player }» нет адреса почты (ячейка email пуста): писем ему не будет; впишите адрес в столбец email или запишите решение `email`
arbiter-email-missing = в tournament.toml нет `arbiter_email`: письма не готовятся, письму нужен отправитель
name-holds-address = в «{ $name }» есть адрес почты или то, что читается как адрес, — ни имени, ни названию, ни ходу он не нужен: в отчёте показано «{ $shown }»; адрес пишут только в столбце почты
findings-capped = и ещё { $more } замечаний о строках этого файла, здесь не перечисленных: исправьте первые и запустите снова
header-lacks-columns = в строке заголовка нет столбцов { JOIN($missing, ", ") } (ожидается { JOIN($required, ",") }){ JOIN($near, "") }

### LogFacts

thinking-row-not-last = строка с датой получения, но без хода и даты отправки, может быть только последней (ход обдумывается)
move-no-too-high = `no` { $no } — больше { $max } ходов: такого номера хода не бывает
not-a-move-no = `no` должен быть номером хода (1, 2, 3…), а не «{ $text }»
bad-side = `side` должен быть white или black, а не «{ $text }»
unknown-flag = неизвестная отметка «{ $text }» (известны: accepted, variant, illegible, impossible, ambiguous, no-move, wrong-repeat, request, repeat, lost, resign, draw, record, adjudication)
column-not-a-date = `{ $column }`: «{ $short }» — не дата (пишите 2026-01-15, 2026.01.15 или 15.01.2026)
row-without-move = в обычной строке нужен ход (письмо без хода отмечается no-move, 51.3.5)
stated-not-days = «{ $column }» должно быть числом дней, а не «{ $text }»

### NameFacts

name-read-as-player = имя «{ $written }» прочитано как участник «{ $player }» из players.csv (буквы или пробелы отличаются)
name-ambiguous = «{ $written }» нет среди участников в players.csv, и это может быть любой из «{ JOIN($players, "`, `") }»: напишите имя точно
name-unknown = «{ $written }» нет среди участников в players.csv{ HAS($closest) ->
        [yes] ; может быть, «{ $closest }»?
       *[no] {""}
    }

### PgnFileFacts

pgn-holds-nul = в файле PGN есть байты NUL: это не текстовый файл
pgn-stamp-not-a-date = ход { $move_no }{ DOTS($side) }: отметка %ccsnt «{ $text }» — не дата (пишите 2026.01.15); дата хода неизвестна
pgn-unreadable-to-end = PGN не читается до конца: { $error }

### EntryFacts

player-without-name = в строке участника нет имени
player-twice = участник «{ $name }» указан дважды
not-a-game-id = «{ $game }» — не номер партии (буквы, цифры, -, _, .)
game-paired-twice = партия «{ $game }» указана в жеребьёвке дважды
paired-against-themself = «{ $player }» играет сам с собой
break-ends-before-start = отпуск кончается ({ DATE($to) }) раньше, чем начинается ({ DATE($from) })
bad-approved = `approved` должно быть yes (да), late, extra или пусто, а не «{ $text }»
not-a-date = «{ $short }» — не дата (пишите 2026-01-15, 2026.01.15 или 15.01.2026)
decision-needs-paired-game = решению { $decision } нужна партия из жеребьёвки; «{ $game }» — не она
decision-needs-player = в решении { $decision } нужен участник
player-not-in-game = «{ $player }» не играет в партии «{ $game }»
unknown-decision-kind = неизвестный вид решения «{ $text }» (result, overstep, withdrawal, claim, records)
not-a-result = «{ $text }» — не результат (1-0, 0-1, 1/2-1/2, +/-, -/+, -/-, *)
bad-withdrawal-result = результат выбытия — forfeit, adjudicate или annul, а не «{ $text }»
bad-no-access-result = результат решения no-access — пусто или correspondence, а не «{ $text }»
email-decision-needs-address = в примечании решения email должен быть новый адрес, а не «{ $text }»

### PenaltyWhy

why-repeat-late = повтор потерянного письма отправлен с опозданием на { $days } дн. (сверх { $repeat_days } дней и { $grace_days } дней допуска)
why-faulty = ошибочное сообщение ({ $flag ->
        [illegible] { flag-illegible }
        [impossible] { flag-impossible }
        [ambiguous] { flag-ambiguous }
        [no-move] { flag-no-move }
       *[wrong-repeat] { flag-wrong-repeat }
    })

### GameFileWhy

why-twice = у партии { $stem } уже есть games/{ $first }
why-name-unknown = читаются только файлы <партия>.csv и <партия>.pgn (лишний пробел или буква в имени?)

### FileRefusal

why-too-big = в файле { $bytes } байт, больше предела в { $limit_mb } МБ: он не читается
why-folder = это папка, а не файл: она не читается
why-not-regular = это не обычный файл (канал, сокет или устройство): он не читается
why-unreadable = файл не читается: { $error }

### DateKind


### SentAssumed


### Unplayable


### ResultWitness


### Within the facts

moves-item = { $no } «{ $written }» как «{ $san }»
said-item = { $by ->
        [log] по записи ходов
        [position] по позиции на доске
       *[pgn-tag] по тегу Result в PGN
    } { $result }
near-item = ; столбец «{ $written }»: может быть, «{ $meant }»?

## Letters of the outbox

letter-correspondence-ask = Пожалуйста, пришлите арбитру вашу переписку по этой партии (ходы и даты отправки и получения) до { $by }.
letter-correspondence-rule = Статья 51.1.5: по просьбе участника арбитр запрашивает необходимую корреспонденцию у его партнёров и предоставляет её участнику.
letter-correspondence-facts = { $player } сообщил(а) арбитру { $reported }, что корреспонденция турнира утрачена вместе с почтой или оборудованием, и просит её предоставить.
letter-correspondence-what = корреспонденция партии для { $player }
letter-greeting = Здравствуйте, { $player }!
letter-greeting-both = Здравствуйте, { $player } и { $partner }!
letter-signature = С уважением,
    { $arbiter }
    арбитр турнира «{ $tournament }»
letter-game = Партия { $game }: { $white } – { $black }.
letter-prepared = письмо подготовлено { $date }
letter-write = написать
letter-date-unknown = неизвестная дата
letter-repeat-due-what = повторите ход { $label }
letter-repeat-due-facts = По записям ваш ход { $label } { $written } отправлен { $sent }, и с тех пор от партнёра ({ $partner }) нет ответа: { $days } дн. на { $date }.
letter-repeat-due-rule = Статья 51.5.1: «В случае отсутствия ответа на любой ход в течение { $days } дней необходимо повторить ход и всю относящуюся к нему информацию, отослав копию арбитру. Ответ на повторно присланный ход также должен быть отправлен с копией арбитру.»
letter-repeat-due-ask = Пожалуйста, повторите ход { $label } { $written } со всей относящейся к нему информацией партнёру ({ $partner }), с копией мне, до { $by }.
letter-repeat-due-ask-late = Срок повтора истёк { $due }: пожалуйста, повторите ход { $label } { $written } со всей относящейся к нему информацией партнёру ({ $partner }), с копией мне, немедленно. Если ваш ход не дошёл до партнёра, дни задержки повтора будут начислены вам как штраф (51.4.9).
letter-low-time-what = вся переписка — с копией арбитру
letter-low-time-facts = По записям с { $since } у участника { $player } до контрольного хода { $control } осталось { $days } или менее дней: сейчас { $left } дн. на { $moves ->
        [1] ход { $control }
       *[other] ходы с { $next }-го по { $control }-й
    }.
letter-low-time-rule = Статья 51.4.10: «Если у одного из партнёров до контрольного хода осталось пять или менее дней, всю переписку необходимо вести, отправляя копии арбитру.»
letter-low-time-ask = Начиная с { $date }, пожалуйста, оба отправляйте каждое письмо этой партии с копией мне.
letter-low-time-move-by = Следующий, { $next }-й ход участника { $player } нужно отправить до { $due }.
letter-silence-what = нет хода { $days } дней
letter-silence-facts = По записям в этой партии нет хода с { $last }: { $days } дн. на { $date }. Очередь хода за участником { $player }.
letter-silence-rule = Статья 51.5.3: «В партиях, в которых в течение { $days } дней не было сделано ни одного хода, может быть засчитано поражение игроку, который не информировал арбитра о своей (или партнёра) задержке игры.»
letter-silence-ask = { $player }, пожалуйста, сделайте ход с копией мне или объясните мне задержку до { $by }.
letter-silence-over = По записям участник { $player } затратил больше дней, чем контроль отводит до { $control }-го хода (статья 51.4.3).
letter-silence-ask-over = { $player }, пожалуйста, объясните мне задержку до { $by }.
letter-record-what = пришлите запись партии
letter-records-none-what = нет записи партии ни от одного из участников
letter-record-finished = Партия окончена { $date } ({ $result }).
letter-record-from-partner = Запись партии от участника { $partner } у меня есть, от вас — нет.
letter-record-no-pgn = Записи партии в формате PGN (games/{ $game }.pgn) у меня нет.
letter-records-none-facts = Ни один из вас не прислал мне запись партии.
letter-record-rule = Статья 51.9.1: «После окончания партии оба участника должны выслать арбитру по электронной почте полный текст записи партии, желательно в формате PGN, с указанием результата.» 51.9.2: «Результат официально регистрируется только после получения указанных материалов.»
letter-records-none-rule = Статья 51.9.1: «После окончания партии оба участника должны выслать арбитру по электронной почте полный текст записи партии, желательно в формате PGN, с указанием результата.» 51.9.3: «Если ни от одного из участников не будет получена запись партии, обоим игрокам может быть засчитано поражение.»
letter-repeat-due-break = Из них { $days } дн. — заявленный перерыв участника { $partner } (51.7.1): они не считаются.
letter-withdrawal-what = участник { $withdrawn } выбыл из турнира
letter-withdrawal-facts = Участник { $withdrawn } выбыл из турнира { $date }. { $how ->
        [forfeit] В вашей неоконченной партии с ним ему засчитано поражение; результат фиксируется для вас после получения от вас текста партии.
        [adjudicate] Ваша неоконченная партия с ним передана арбитру на присуждение: пожалуйста, пришлите мне материалы для присуждения (запись партии, заключительную позицию, обоснование результата с анализом).
       *[annul] Ваша неоконченная партия с ним исключена из турнира: она не учитывается ни для кого из вас.
    }
letter-withdrawal-rule = { $how ->
        [forfeit] Статья 51.8.2: «Результаты неоконченных партий выбывшего участника для его партнеров фиксируются после получения от них текстов партий с выбывшим участником (см. Статью 51.9).»
       *[other] Статья 51.8.1: при выходе участника из турнира арбитр решает, как фиксируются результаты его партий: зачёт поражения в неоконченных партиях, их присуждение или исключение из турнира без учёта неоконченных партий.
    }
letter-record-ask = Пожалуйста, пришлите мне полный текст записи партии, желательно в формате PGN, с указанием результата, до { $by }.
letter-adjudication-what = материалы для присуждения до { $due }
letter-adjudication-facts = Турнир окончен { $end }, партия не окончена, и материалов для присуждения от участника { $player } в записях нет. Срок их отправки — до { $due }.
letter-adjudication-passed = Этот срок прошёл.
letter-adjudication-rule = Статья 51.9.4: «Для присуждения партии оба участника в течение { $days } дней после даты окончания турнира высылают арбитру:» 51.9.4.1: «Запись партии;» 51.9.4.2: «Заключительную позицию;» 51.9.4.3: «Обоснование предположения по результату партии (ничья, выигрыш), которое может быть подтверждено анализом;» 51.9.4.4: «Участник, за которым очередь хода, сообщает его арбитру и этот ход рассматривается как сделанный.» 51.9.7: «Участник, не представивший материалы для присуждения согласно статье 51.9.4, лишается права на апелляцию.»
letter-adjudication-ask = { $player }, пожалуйста, пришлите мне эти материалы до { $by }.
letter-break-notice-what = перерыв { $from }–{ $to } объявлен не заранее
letter-break-notice-facts = Ваш перерыв с { $from } по { $to } { $when }, а не заранее, и он не утверждён.
letter-break-notice-rule = Статья 51.7.2: «Участники, объявляющие перерыв, должны заранее информировать об этом всех своих партнёров и арбитра.»
letter-break-notice-ask = Пожалуйста, подтвердите мне до { $by }, что ваши партнёры знали об этом перерыве, и впредь объявляйте перерывы заранее.
letter-claim-what = ваше заявление о просрочке от { $date }
letter-ruling-what = решение по заявлению о просрочке времени от { $claimed }
letter-ruling-facts = { $ruled } я вынес решение по заявлению участника { $claimant } от { $claimed } о просрочке времени участником { $accused }: { $outcome ->
        [upheld] просрочка зафиксирована, участнику { $accused } засчитано поражение ({ $result }, 51.6.6).
        [rejected] заявление отклонено, партия продолжается с { $next } (51.6.3).
       *[other] результат партии: { $result }.
    }
letter-ruling-rule = Статья 51.6.5: «Арбитр информирует участников о своём решении в связи с заявлением о просрочке времени.»
letter-ruling-appeal = Каждый из вас вправе в течение 14 дней после получения этого решения подать протест апелляционному арбитру (51.1.10), до { $by }.
letter-claim-rule = Ст. 51.6.1: заявление о просрочке времени должно быть послано арбитру участником с указанием всех необходимых сведений не позднее ответа на 10-й, 20-й, 30-й и т. д. ход противника. При отклонении заявления арбитр может запретить заявителю подавать претензии в течение текущего десятиходового цикла (51.6.7).
letter-claim-ask = Пожалуйста, пришлите мне до { $by } даты и ходы, на которых основано заявление, или сообщите, что вы его отзываете.
break-declared-on = объявлен { $date }
break-declared-undated = объявлен без даты

## Settings, names, pages

file-not-utf8 = файл не в кодировке UTF-8
settings-hint-date = дата пишется 2026-01-15 (без кавычек) или текстом в кавычках: "15.01.2026"
settings-hint-quotes = текст пишется в кавычках: name = "…", time_control = "10/60"
settings-hint = {""}
    подсказка: { $hint }
settings-bad-time-control = time_control «{ $time_control }» — не ходы/дни, как 10/60, каждое от 1 до 1000
settings-not-a-calendar-date = { $key }: «{ $value }» — не календарная дата (без времени)
settings-key-not-a-date = { $key }: «{ $value }» — не дата с 01.01.1900 по 31.12.9999 (пишите 2026-01-15, 2026.01.15 или 15.01.2026)
column-did-you-mean = ; столбец «{ $written }»: может быть, «{ $meant }»?
name-withheld = Игрок { $line }
report-not-available = { $name }: бюллетень пока недоступен.

## Pages

### The language's forms

date-form = { $day }.{ $month }.{ $year }
date-after-last = после { $date }
decimal-mark = ,
move-letters = Кр Ф Л С К О

### A number with its noun

count-day = { $n } { $n ->
        [one] день
        [few] дня
       *[other] дней
    }
count-move = { $n } { $n ->
        [one] ход
        [few] хода
       *[other] ходов
    }
count-tournament = { $n } { $n ->
        [one] турнир
        [few] турнира
       *[other] турниров
    }
count-game = { $n } { $n ->
        [one] партия
        [few] партии
       *[other] партий
    }
count-break-day = { $n } { $n ->
        [one] день
        [few] дня
       *[other] дней
    } перерыва

### Labels

t-bulletin = Бюллетень
t-tournaments = Турниры
t-tournament = Турнир
t-arbiter = Арбитр
t-time_control = Контроль времени
t-within = за
t-days = дней
t-start = Старт
t-end = Окончание
t-as_of = По состоянию на
t-standings = Турнирная таблица
t-place = Место
t-player = Участник
t-points = Очки
t-sb = Коэф. Бергера
t-sb_short = Бергер
t-wins = Победы
t-direct = Личная встреча
t-played = Сыграно
t-to_play = Осталось
t-provisional_mark = предварительно
t-sealed_move = Ход на присуждение, считается сделанным (51.9.4.4)
t-provisional = предварительно: записи партий не получены (51.9.2)
t-crosstable = Таблица результатов
t-games = Партии
t-game = Партия
t-summary = Кратко
t-clocks = Время
t-round = Тур
t-white = Белые
t-black = Чёрные
t-result = Результат
t-status = Состояние
t-moves = Ходы
t-last_move = Последний ход
t-to_move = Очередь хода
t-owes = Ждём письма от
t-by = до
t-used = Затрачено
t-left = Осталось
t-penalty = Штраф
t-running = Идёт
t-left_at_last = Осталось на последнее сообщение
t-last_message = Последнее сообщение
t-game_clock_note = Дни: время на обдумывание по ст. 51.4 до последнего сообщения; осталось = лимит до контроля − затрачено. Время на ход, которого ждём, идёт от даты получения до даты отправки (51.4.4): срок хода показывает, сколько его осталось.
t-next_control = Контроль
t-allowance = Лимит
t-in_progress = играется
t-no_records = записей партии пока нет
t-grace_left = без штрафа осталось (51.4.9)
t-over_by = превышено на
t-withdrew = выбыл(а) из турнира (51.8.1)
t-finished = окончена
t-ended_by = Результат по
t-ended_by_decision = решению арбитра
t-ended_by_log = журналу ходов (сдача или ничья)
t-ended_by_board = позиции на доске (мат или пат)
t-ended_by_pgn = результату в записи PGN
t-ended_by_withdrawal = выбытию участника (51.8.1)
t-records_held = Записи партии у арбитра
t-interrupted = прервана: заявление о просрочке (51.6.3)
t-awaiting_adjudication = на присуждении
t-annulled = аннулирована (51.8.1)
t-low_time = мало времени
t-overstep = просрочка
t-silence = нет ходов 40 дней
t-no = №
t-side = Сторона
t-move = Ход
t-received = Получен
t-sent = Отправлен
t-flag = Отметка
t-thinking = Обдумывание
t-charged = Засчитано
t-why = Почему
t-total = Итого
t-assumed = принята
t-exempt = не засчитано
t-pending = обдумывает
t-record = Запись PGN
t-back = К бюллетеню
t-findings = Замечания
t-arbiter_report = Отчёт арбитра (не для публикации)
t-overdue = Просрочено
t-overdue_by = просрочено на
t-this_week = На этой неделе: сроки в ближайшие 7 дней и новые замечания, от которых зависит исход партии
t-overdue_part = Просрочено
t-awaited = ожидается до
t-decides_result = Могут решить исход партии
t-due_by_date = Сроки, по дате
t-notes = Сведения
t-open = Открытые
t-new = Новые
t-resolved = Устранены
t-since_last = С прошлого отчёта от
t-no_changes = Без изменений.
t-now_due = Теперь к сроку (сведения, ставшие предупреждениями; письма по ним готовы сейчас)
t-not_compared = Не сравнивалось: турнир в этот раз не рассчитан.
t-first_report = Первый отчёт: сравнивать не с чем.
t-under_review = записи партии на проверке у арбитра
t-moved = ход после прошлого бюллетеня
t-moved_mark = новый ход
t-players = Участники
t-per_code = Замечания по видам
t-severity = Важность
t-code = Код
t-rule = Пункт
t-date = Дата
t-due = Срок
t-what = Что случилось и что делать
t-email = Эл. почта
t-file = Файл
t-none = Замечаний нет.
t-clock_note = Дни: время на обдумывание по ст. 51.4; осталось = лимит до контроля − затрачено − идёт.
t-count = Число
t-warnings = Предупреждения
t-not_available = бюллетень недоступен
t-stale_public = Публичный бюллетень не обновлён, потому что
t-stale_since = В нём по-прежнему отчёт на
t-never_published = Бюллетень этого турнира ещё не публиковался.
t-stale_as_of = публичный отчёт на
t-arbiter_index = Обзор для арбитра
t-errors = Ошибки
t-tournament_findings = Замечания по турниру в целом
t-finished_games = Окончено
t-white_mark = б
t-black_mark = ч
t-cross_legend = 1 / ½ / 0: победа, ничья, поражение; + / −: победа, поражение без игры; · не окончена; б, ч: цвет участника строки.
t-player_page = Участник
t-opponent = Соперник
t-colour = Цвет
t-move_by = Ход до
t-repeat_by = Повтор до
t-deadline = Срок
t-breaks = Перерывы
t-year = Год
t-break_used = Использовано дней перерыва
t-break_left = Осталось дней перерыва
t-from = С
t-to = По
t-declared = Заявлен
t-no_breaks = Перерывов нет.
t-calendar = Сроки в календаре (.ics)
t-text_version = Бюллетень текстом (.txt)
t-pgn_file = Все партии (PGN)
t-game_text = Следующее сообщение текстом (.txt)
t-files = Файлы
t-open_findings = Открытые замечания
t-no_findings = Открытых замечаний нет.
t-next_message = Следующее сообщение
t-next_message_note = Для копирования в сообщение партнёру (51.2.1).
t-nm_competition = Соревнование
t-nm_game = Партия
t-nm_moves = Сделанные ходы
t-nm_confirm = Подтверждаю ваше сообщение, отправленное
t-nm_received = получено
t-nm_my_move = Мой ход
t-nm_request = Ваше последнее сообщение невозможно выполнить: прошу исправить его (51.3.4).
t-nm_sent_on = Дата отправки
t-nm_thinking = Время на обдумывание этого хода
t-nm_counted_from = дни от даты получения,
t-nm_assumed = предполагаемой, 51.2.5
t-nm_counted_to = до даты отправки, без дней перерыва (51.4.4)
t-nm_request_free = первые 3 дня не засчитываются (51.4.8)
t-nm_totals = Всего затрачено времени до этого хода
t-nm_signature = Подпись
t-nm_to = От
t-moves_in_days = ходов за
t-break_days = дней перерыва
t-days_short = дн.

### Finding codes in words

code-overstep = просрочка времени
code-low-time = мало времени
code-repeat-due = нужен повтор хода
code-silence = нет ходов 40 дней
code-transit = долгая доставка
code-missing-date = нет даты
code-illegal-move = невозможный ход
code-date-order = даты не по порядку
code-penalty = штрафные дни
code-break-limit = превышен лимит перерывов
code-break-notice = перерыв заявлен поздно
code-record-missing = нет записи партии
code-records-none = нет записей партии
code-read-as = прочитано по сходству букв
code-adjudication-due = нужны материалы на присуждение
code-adjudication-late = материалы опоздали
code-sealed-move = ход на присуждение не принят
code-claim-late = заявление подано поздно
code-claim-unfounded = заявление без оснований
code-claim-repeated = повторное заявление
code-claim-open = заявление ждёт решения
code-ruling = решение по заявлению
code-withdrawal = выход из турнира
code-protest-open = идёт срок протеста
code-appeal-open = идёт срок апелляции
code-stated-time = указанное время расходится
code-pgn-mismatch = PGN расходится
code-result-conflict = результаты расходятся
code-missing-log = нет записи ходов
code-no-access = нет доступа к почте
code-correspondence = запрошена корреспонденция
code-address-change = новый адрес
code-lost-letter = сообщить о потерянном письме
code-bad-input = нечитаемые данные

### Severities

sev-error = ошибка
sev-warning = предупреждение
sev-info = сведения

### Move log flags

flag-accepted = принят
flag-variant = вариант
flag-illegible = неразборчиво
flag-impossible = невозможный ход
flag-ambiguous = неоднозначно
flag-no-move = нет хода
flag-wrong-repeat = неверный повтор
flag-request = запрос
flag-repeat = повтор
flag-lost = утеряно
flag-resign = сдача
flag-draw = ничья
flag-record = запись партии
flag-adjudication = на присуждение
