//! The Russian table of [`Msg`]: one sentence a message.

use super::Msg;

/// The Russian template of `m`.
pub fn text(m: Msg) -> &'static str {
    match m {
        Msg::GamesFolderNotFollowed => "games — ссылка за пределы папки турниров или не папка: она не читается",
        Msg::GameFileTwice => "у партии {} уже есть games/{}",
        Msg::GameFileUnpaired => "games/{} не относится ни к одной партии из pairings.csv: файл не читается",
        Msg::GameFileNotRead => "games/{} не читается: {}",
        Msg::GameFileNameUnknown => {
            "читаются только файлы <партия>.csv и <партия>.pgn (лишний пробел или буква в имени?)"
        }
        Msg::GameFileLinkLeadsOut => "файл — ссылка за пределы папки турниров (или не на файл): она не читается",
        Msg::FileLinkBroken => "файл — ссылка, по которой не пройти (петля или пустота): {}",
        Msg::GameFileNotAFile => "файл не читается: это папка или устройство, а не файл",
        Msg::GameFileNameNotAnId => "имя файла — не номер партии (буквы, цифры, -, _, .): файл не читается",
        Msg::FileLinkLeadsOut => "файл — ссылка за пределы папки турниров (или в никуда): она не читается",
        Msg::RequiredFileMissing => "нет обязательного файла {}",
        Msg::FileNotUtf8 => "файл не в кодировке UTF-8",
        Msg::SettingsUnreadable => "tournament.toml: {}\nпартии турнира не рассчитываются, пока ошибка не исправлена",
        Msg::SettingsEndBeforeStart => {
            "tournament.toml: окончание ({}) раньше начала ({}); окончание не учитывается, пока это не исправлено"
        }
        Msg::PlayersUnreadable => "players.csv не читается: имена в pairings, breaks и decisions не проверяются",
        Msg::ThinkingRowNotLast => {
            "строка с датой получения, но без хода и даты отправки, может быть только последней (ход обдумывается)"
        }
        Msg::MoveNoTooHigh => "`no` {} — больше {} ходов: такого номера хода не бывает",
        Msg::NotAMoveNo => "`no` должен быть номером хода (1, 2, 3…), а не «{}»",
        Msg::BadSide => "`side` должен быть white или black, а не «{}»",
        Msg::UnknownFlag => {
            "неизвестная отметка «{}» (известны: accepted, variant, illegible, impossible, ambiguous, no-move, wrong-repeat, request, repeat, lost, resign, draw, record, adjudication)"
        }
        Msg::RowWithoutMove => "в обычной строке нужен ход (письмо без хода отмечается no-move, 51.3.5)",
        Msg::NameReadAsPlayer => "имя «{}» прочитано как участник «{}» из players.csv (буквы или пробелы отличаются)",
        Msg::NameAmbiguous => {
            "«{}» нет среди участников в players.csv, и это может быть любой из «{}»: напишите имя точно"
        }
        Msg::NameDidYouMean => "; может быть, «{}»?",
        Msg::NameUnknown => "«{}» нет среди участников в players.csv{}",
        Msg::PgnHoldsNul => "в файле PGN есть байты NUL: это не текстовый файл",
        Msg::PgnStampNotADate => "ход {}{}: отметка %ccsnt «{}» — не дата (пишите 2026.01.15); дата хода неизвестна",
        Msg::PgnUnreadableToEnd => "PGN не читается до конца: {}",
        Msg::SettingsHintDate => "дата пишется 2026-01-15 (без кавычек) или текстом в кавычках: \"15.01.2026\"",
        Msg::SettingsHintQuotes => "текст пишется в кавычках: name = \"…\", time_control = \"10/60\"",
        Msg::SettingsHint => "\nподсказка: {}",
        Msg::SettingsBadTimeControl => "time_control «{}» — не ходы/дни, как 10/60, каждое от 1 до 1000",
        Msg::SettingsNotACalendarDate => "{}: «{}» — не календарная дата (без времени)",
        Msg::SettingsKeyNotADate => {
            "{}: «{}» — не дата с 01.01.1900 по 31.12.9999 (пишите 2026-01-15, 2026.01.15 или 15.01.2026)"
        }
        Msg::TournamentFolderReserved => {
            "папка турнира «{}» называется как файл, который программа пишет рядом с турнирами: турнир пропущен (переименуйте папку)"
        }
        Msg::TableNotDecodable => "файл не читается как текст в кодировке {}",
        Msg::TableHoldsControlBytes => "файл содержит управляющие байты (NUL…): это не текстовый файл",
        Msg::RowFieldCount => "в строке {} полей, в заголовке {}",
        Msg::TableEmpty => "файл пуст; нужна строка заголовка {}",
        Msg::HeaderLacksColumns => "в строке заголовка нет столбцов {} (ожидается {})",
        Msg::PathIsAFolder => "это папка, а не файл: она не читается",
        Msg::PathNotARegularFile => "это не обычный файл (канал, сокет или устройство): он не читается",
        Msg::SettingsFileMisspelt => {
            "файл настроек назван «{}»: читается только tournament.toml, строчными буквами; переименуйте его"
        }
        Msg::FileTooBig => "в файле {} байт, больше предела в {} МБ: он не читается",
        Msg::PathUnreadable => "файл не читается: {}",
        Msg::PlayerWithoutName => "в строке участника нет имени",
        Msg::PlayerTwice => "участник «{}» указан дважды",
        Msg::NotAGameId => "«{}» — не номер партии (буквы, цифры, -, _, .)",
        Msg::GamePairedTwice => "партия «{}» указана в жеребьёвке дважды",
        Msg::PairedAgainstThemself => "«{}» играет сам с собой",
        Msg::BreakEndsBeforeStart => "отпуск кончается ({}) раньше, чем начинается ({})",
        Msg::BadApproved => "`approved` должно быть yes (да) или пусто, а не «{}»",
        Msg::NotADate => "«{}» — не дата (пишите 2026-01-15, 2026.01.15 или 15.01.2026)",
        Msg::DecisionNeedsPairedGame => "решению {} нужна партия из жеребьёвки; «{}» — не она",
        Msg::DecisionNeedsPlayer => "в решении {} нужен участник",
        Msg::PlayerNotInGame => "«{}» не играет в партии «{}»",
        Msg::UnknownDecisionKind => "неизвестный вид решения «{}» (result, overstep, withdrawal, claim)",
        Msg::NotAResult => "«{}» — не результат (1-0, 0-1, 1/2-1/2, +/-, -/+, -/-, *)",
        Msg::BadWithdrawalResult => "результат выбытия — forfeit, adjudicate или annul, а не «{}»",
        Msg::ReceivedDateAssumed => "нет даты получения: принята {}, следующий день после письма партнёра от {}",
        Msg::SentDateAssumed => "нет даты отправки: принята {}, {}",
        Msg::FileUnreadable => "файл не читается: {}",
        Msg::PgnHoldsNoGame => "в файле PGN нет партии",
        Msg::PgnHoldsManyGames => "в файле PGN {} партий; ожидается одна, взята первая",
        Msg::NoMoveLogClockFromStamps => {
            "нет записи ходов с датами: время рассчитано по отметкам %ccsnt в PGN, каждый ход считается полученным на следующий день после отправки партнёром"
        }
        Msg::NoMoveLog => "нет записи ходов с датами: участники обязаны сохранять её и высылать арбитру (51.1.4)",
        Msg::PgnTagReadAsPaired => "тег {} в PGN «{}» прочитан как «{}» из pairings.csv (буквы или пробелы отличаются)",
        Msg::PgnTagDiffersFromPairing => "в PGN тег {} — «{}», а в pairings.csv — «{}»",
        Msg::PgnFromSetUpPosition => "PGN начинается с заданной позиции (тег FEN), а партия — с начальной",
        Msg::PgnMoveIllegal => "ход PGN {}{} невозможен в своей позиции",
        Msg::PgnDiffersFromLog => "PGN расходится с записью ходов на ходу {}: в PGN {}, в записи {}",
        Msg::PgnLongerThanLog => "PGN длиннее записи ходов: хода {}{} в записи нет",
        Msg::PgnShorterThanLog => "партия окончена, но PGN обрывается после {} полуходов; в записи их {} (ход {}{})",
        Msg::PgnStampBeforePrevious => "отметка %ccsnt хода {} в PGN — {}, раньше отметки хода {} — {}",
        Msg::PgnStampAfterReportDate => "отметка %ccsnt хода {}{} в PGN — {}, позже даты отчёта {}: она не учитывается",
        Msg::MovesDoNotAlternate => {
            "ходы должны чередоваться: здесь ожидается ход {1} {0}, а в строке — ход {3} {2}; проверка партии остановлена"
        }
        Msg::MoveNotPlayable => "ход {1} {0} «{2}» {3}; проверка партии остановлена",
        Msg::MoveReadWithLookAlike => "ход {1} {0} «{2}» прочитан как «{3}» ({4}): буква принята за похожую",
        Msg::LookAlikeReadings => " (прочитан как написан и с похожими буквами: «{}»)",
        Msg::ResultByLog => "по записи ходов",
        Msg::ResultByPosition => "по позиции на доске",
        Msg::ResultByPgnTag => "по тегу Result в PGN",
        Msg::ResultDisputed => "результат спорный: {}; решение за арбитром (51.1.7)",
        Msg::RepeatLate => {
            "повтор потерянного письма отправлен с опозданием на {} дн. (сверх {} дней и {} дней допуска)"
        }
        Msg::FaultyMessage => "ошибочное сообщение ({})",
        Msg::PenaltyDays => "{} штрафных дн. за ход {}: {}",
        Msg::SentBeforeReceived => "ход {} отправлен {}, раньше, чем получен ({})",
        Msg::DateAfterReportDate => "у хода {} дата {} {} позже даты отчёта {}",
        Msg::SlowTransit => {
            "письмо партнёра от {} шло {} дн. (получено {}; стандарт — один день): участнику следует обратиться к арбитру"
        }
        Msg::ReceivedBeforePartnerSent => {
            "ход {}: указано получение {}, но письмо партнёра, на которое он отвечает, отправлено позже — {}"
        }
        Msg::Overstepped => {
            "{0}: просрочка времени — к {2}-му ходу затрачено {1} дн. при лимите {3}. Партнёр может заявить о просрочке не позднее ответа на этот ход (51.6.1); решение за арбитром (51.6.5–51.6.6)"
        }
        Msg::OversteppedRunning => {
            "{0}: до {2}-го хода осталось {1} дн. — время просрочено (затрачено {3}, идёт {4}, лимит {5}). Партнёр может заявить о просрочке (51.6.1); решение за арбитром (51.6.6)"
        }
        Msg::LowTime => {
            "{0}: до {2}-го хода осталось {1} дн. — вся переписка по партии теперь ведётся с копией арбитру"
        }
        Msg::RepeatMove => {
            "нет ответа {} дн. на письмо от {}: {} — повторить ход {} со всей информацией, с копией арбитру (51.5.1)"
        }
        Msg::Silence => {
            "{} дн. без ходов (с {}); очередь хода: {}. Участнику, не сообщившему арбитру о задержке, может быть засчитано поражение (51.5.3)"
        }
        Msg::RecordSentByNeither => {
            "партия окончена, но ни один из участников не выслал арбитру запись партии: обоим может быть засчитано поражение (51.9.3)"
        }
        Msg::RecordNotSent => {
            "{}: запись партии не выслана; результат не регистрируется до её получения (51.9.1–51.9.2)"
        }
        Msg::PgnRecordMissing => {
            "партия окончена, но нет записи PGN games/{}.pgn: результат не регистрируется до её получения (51.9.2)"
        }
        Msg::RecordDueAtEnd => {
            "турнир окончен {}: {} — до {} выслать арбитру запись партии, заключительную позицию, обоснование результата с анализом и ход, если очередь хода за ним (51.9.4){}"
        }
        Msg::BreakOverLimit => {
            "{}: {} дн. перерыва в {} году; допускается не более {} дней за календарный год (51.7.1)"
        }
        Msg::BreakDeclaredUndated => "объявлен без даты",
        Msg::BreakDeclaredOn => "объявлен {}",
        Msg::BreakNotInAdvance => "{}: перерыв {}–{} {}, а не заранее, и не разрешён арбитром (51.7.2, 51.7.7)",
        Msg::ReportNotAvailable => "{}: бюллетень пока недоступен.",
        Msg::MoveUnreadable => "не читается ни в одной принятой нотации",
        Msg::MoveIllegal => "невозможен в данной позиции",
        Msg::MoveAmbiguous => "подходит под несколько возможных ходов",
        Msg::WhiteToMove => "белых",
        Msg::BlackToMove => "чёрных",
        Msg::ReadingsSeparator => "», «",
        Msg::SentDayBeforePartnerReceived => "накануне получения партнёром",
        Msg::SentOnDayReceived => "в день получения",
        Msg::DateKindReceived => "получения",
        Msg::DateKindSent => "отправки",
        Msg::AppealLost => "; срок прошёл — право на апелляцию утрачено (51.9.7)",
    }
}
