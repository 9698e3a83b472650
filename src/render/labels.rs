//! Every label of every output, in English and Russian: one typed struct,
//! [`Labels`], with a `const` instance per language. Templates read a label
//! as `t.key`; a misspelt key fails the template (strict undefined), and a
//! misspelt field fails the build.

use serde::Serialize;

use crate::finding::{Code, Severity};
use crate::model::{Flag, Language};

/// Declares [`Labels`] with its fields and the two instances, each label
/// written once as `name: "English", "Russian";`.
macro_rules! labels {
    ($($(#[$attr:meta])* $name:ident: $en:literal, $ru:literal;)*) => {
        /// The words of every page, text and calendar, in one language.
        #[derive(Debug, Serialize)]
        pub struct Labels {
            $($(#[$attr])* pub $name: &'static str,)*
        }

        /// The labels in English.
        pub const EN: Labels = Labels { $($name: $en,)* };

        /// The labels in Russian.
        pub const RU: Labels = Labels { $($name: $ru,)* };
    };
}

labels! {
    bulletin: "Bulletin", "Бюллетень";
    tournaments: "Tournaments", "Турниры";
    tournament: "Tournament", "Турнир";
    arbiter: "Arbiter", "Арбитр";
    time_control: "Time control", "Контроль времени";
    moves_in_days: "moves in", "ходов за";
    days: "days", "дней";
    start: "Start", "Старт";
    end: "End", "Окончание";
    as_of: "As of", "По состоянию на";
    standings: "Standings", "Турнирная таблица";
    place: "Place", "Место";
    player: "Player", "Участник";
    points: "Points", "Очки";
    sb: "Sonneborn–Berger", "Коэф. Бергера";
    sb_short: "SB", "Бергер";
    wins: "Wins", "Победы";
    direct: "Direct", "Личная встреча";
    played: "Played", "Сыграно";
    to_play: "To play", "Осталось";
    provisional_mark: "provisional", "предварительно";
    sealed_move: "Sealed move, counted as made (51.9.4.4)", "Ход на присуждение, считается сделанным (51.9.4.4)";
    provisional: "provisional: records incomplete (51.9.2)", "предварительно: записи партий не получены (51.9.2)";
    crosstable: "Crosstable", "Таблица результатов";
    games: "Games", "Партии";
    game: "Game", "Партия";
    summary: "Summary", "Кратко";
    clocks: "Clocks", "Время";
    round: "Round", "Тур";
    white: "White", "Белые";
    black: "Black", "Чёрные";
    result: "Result", "Результат";
    status: "Status", "Состояние";
    moves: "Moves", "Ходы";
    last_move: "Last move", "Последний ход";
    to_move: "To move", "Очередь хода";
    owes: "Owes a message", "Ждём письма от";
    by: "by", "до";
    used: "Used", "Затрачено";
    left: "Left", "Осталось";
    penalty: "Penalty", "Штраф";
    running: "Running", "Идёт";
    left_at_last: "Left at the last message", "Осталось на последнее сообщение";
    last_message: "Last message", "Последнее сообщение";
    game_clock_note: "Days: thinking time charged by Article 51.4 up to the last message; left = allowance up to the next control − used. The thinking time of the move now owed runs from its received date to its date of sending (51.4.4): the move-by date says how long it can take.", "Дни: время на обдумывание по ст. 51.4 до последнего сообщения; осталось = лимит до контроля − затрачено. Время на ход, которого ждём, идёт от даты получения до даты отправки (51.4.4): срок хода показывает, сколько его осталось.";
    next_control: "Control", "Контроль";
    allowance: "Allowance", "Лимит";
    in_progress: "in progress", "играется";
    no_records: "no records yet", "записей партии пока нет";
    grace_left: "without penalty left (51.4.9)", "без штрафа осталось (51.4.9)";
    over_by: "over by", "превышено на";
    withdrew: "withdrew (51.8.1)", "выбыл(а) из турнира (51.8.1)";
    finished: "finished", "окончена";
    ended_by: "Result from", "Результат по";
    ended_by_decision: "the arbiter's decision", "решению арбитра";
    ended_by_log: "the move log (resignation or draw)", "журналу ходов (сдача или ничья)";
    ended_by_board: "the position on the board (mate or stalemate)", "позиции на доске (мат или пат)";
    ended_by_pgn: "the PGN record's Result", "результату в записи PGN";
    ended_by_withdrawal: "a withdrawal (51.8.1)", "выбытию участника (51.8.1)";
    records_held: "Game records held by the arbiter", "Записи партии у арбитра";
    interrupted: "interrupted: overstep claim (51.6.3)", "прервана: заявление о просрочке (51.6.3)";
    awaiting_adjudication: "awaiting adjudication", "на присуждении";
    annulled: "annulled (51.8.1)", "аннулирована (51.8.1)";
    low_time: "low time", "мало времени";
    overstep: "overstepped", "просрочка";
    silence: "no move for 40 days", "нет ходов 40 дней";
    no: "No.", "№";
    side: "Side", "Сторона";
    #[serde(rename = "move")]
    mv: "Move", "Ход";
    received: "Received", "Получен";
    sent: "Sent", "Отправлен";
    flag: "Flag", "Отметка";
    thinking: "Thinking", "Обдумывание";
    charged: "Charged", "Засчитано";
    why: "Why", "Почему";
    total: "Total", "Итого";
    assumed: "assumed", "принята";
    break_days: "break days", "дней перерыва";
    exempt: "not charged", "не засчитано";
    pending: "thinking", "обдумывает";
    record: "PGN record", "Запись PGN";
    back: "Back to the bulletin", "К бюллетеню";
    findings: "Findings", "Замечания";
    arbiter_report: "Arbiter's report (private)", "Отчёт арбитра (не для публикации)";
    overdue: "Overdue", "Просрочено";
    overdue_by: "overdue by", "просрочено на";
    days_short: "days", "дн.";
    this_week: "This week: due within 7 days, and new findings that can decide a result", "На этой неделе: сроки в ближайшие 7 дней и новые замечания, от которых зависит исход партии";
    overdue_part: "Overdue", "Просрочено";
    awaited: "awaited until", "ожидается до";
    decides_result: "Can decide a game's result", "Могут решить исход партии";
    due_by_date: "Due, by date", "Сроки, по дате";
    notes: "Notes", "Сведения";
    open: "Open", "Открытые";
    new: "New", "Новые";
    resolved: "Resolved", "Устранены";
    since_last: "Since the last report of", "С прошлого отчёта от";
    no_changes: "No change.", "Без изменений.";
    now_due: "Now due (notes that became warnings; their letters go out now)",
        "Теперь к сроку (сведения, ставшие предупреждениями; письма по ним готовы сейчас)";
    not_compared: "Not compared: the tournament could not be computed tonight.",
        "Не сравнивалось: турнир в этот раз не рассчитан.";
    first_report: "First report: nothing to compare with.", "Первый отчёт: сравнивать не с чем.";
    under_review: "records under review by the arbiter", "записи партии на проверке у арбитра";
    moved: "moved since the last report", "ход после прошлого бюллетеня";
    moved_mark: "new move", "новый ход";
    players: "Players", "Участники";
    per_code: "Findings per code", "Замечания по видам";
    severity: "Severity", "Важность";
    code: "Code", "Код";
    rule: "Rule", "Пункт";
    date: "Date", "Дата";
    due: "Due", "Срок";
    what: "What happened and what to do", "Что случилось и что делать";
    email: "Email", "Эл. почта";
    file: "File", "Файл";
    none: "Nothing needs action.", "Замечаний нет.";
    clock_note: "Days: thinking time charged by Article 51.4; left = allowance up to the next control − used − running.", "Дни: время на обдумывание по ст. 51.4; осталось = лимит до контроля − затрачено − идёт.";
    count: "Count", "Число";
    warnings: "Warnings", "Предупреждения";
    not_available: "report not available", "бюллетень недоступен";
    stale_public: "The public report was not replaced, because", "Публичный бюллетень не обновлён, потому что";
    stale_since: "It still shows the report as of", "В нём по-прежнему отчёт на";
    never_published: "No report of this tournament was ever published.", "Бюллетень этого турнира ещё не публиковался.";
    stale_as_of: "public report as of", "публичный отчёт на";
    arbiter_index: "Arbiter's overview", "Обзор для арбитра";
    errors: "Errors", "Ошибки";
    tournament_findings: "Tournament-wide findings", "Замечания по турниру в целом";
    finished_games: "Finished", "Окончено";
    white_mark: "w", "б";
    black_mark: "b", "ч";
    cross_legend: "1 / ½ / 0: win, draw, loss; + / −: won, lost by forfeit; · not finished; w, b: the row player's colour.", "1 / ½ / 0: победа, ничья, поражение; + / −: победа, поражение без игры; · не окончена; б, ч: цвет участника строки.";
    player_page: "Player", "Участник";
    opponent: "Opponent", "Соперник";
    colour: "Colour", "Цвет";
    move_by: "Move by", "Ход до";
    repeat_by: "Repeat by", "Повтор до";
    deadline: "Deadline", "Срок";
    breaks: "Breaks", "Перерывы";
    year: "Year", "Год";
    break_used: "Break days used", "Использовано дней перерыва";
    break_left: "Break days left", "Осталось дней перерыва";
    from: "From", "С";
    to: "To", "По";
    declared: "Declared", "Заявлен";
    no_breaks: "No breaks.", "Перерывов нет.";
    calendar: "Deadlines as a calendar (.ics)", "Сроки в календаре (.ics)";
    text_version: "Bulletin as text (.txt)", "Бюллетень текстом (.txt)";
    pgn_file: "All games (PGN)", "Все партии (PGN)";
    game_text: "Next message as text (.txt)", "Следующее сообщение текстом (.txt)";
    files: "Files", "Файлы";
    open_findings: "Open findings", "Открытые замечания";
    no_findings: "No open findings.", "Открытых замечаний нет.";
    next_message: "Next message", "Следующее сообщение";
    next_message_note: "To copy into the message to the partner (51.2.1).", "Для копирования в сообщение партнёру (51.2.1).";
    nm_competition: "Competition", "Соревнование";
    nm_game: "Game", "Партия";
    nm_moves: "Moves so far", "Сделанные ходы";
    nm_confirm: "I confirm your message sent on", "Подтверждаю ваше сообщение, отправленное";
    nm_received: "received on", "получено";
    nm_my_move: "My move", "Мой ход";
    nm_request: "Your last message could not be played: please correct it (51.3.4).", "Ваше последнее сообщение невозможно выполнить: прошу исправить его (51.3.4).";
    nm_sent_on: "Sent on", "Дата отправки";
    nm_thinking: "Thinking time of this move", "Время на обдумывание этого хода";
    nm_counted_from: "the days from the received date,", "дни от даты получения,";
    nm_assumed: "assumed, 51.2.5", "предполагаемой, 51.2.5";
    nm_counted_to: "to the date of sending, break days not counted (51.4.4)", "до даты отправки, без дней перерыва (51.4.4)";
    nm_request_free: "the first 3 days not counted (51.4.8)", "первые 3 дня не засчитываются (51.4.8)";
    nm_totals: "Time used in total before this move", "Всего затрачено времени до этого хода";
    nm_signature: "Signature", "Подпись";
    nm_to: "From", "От";
    sev_error: "error", "ошибка";
    sev_warning: "warning", "предупреждение";
    sev_info: "info", "сведения";
    code_overstep: "time overstepped", "просрочка времени";
    code_low_time: "low time", "мало времени";
    code_repeat_due: "move to repeat", "нужен повтор хода";
    code_silence: "no move for 40 days", "нет ходов 40 дней";
    code_transit: "slow delivery", "долгая доставка";
    code_missing_date: "date missing", "нет даты";
    code_illegal_move: "illegal move", "невозможный ход";
    code_date_order: "dates out of order", "даты не по порядку";
    code_penalty: "penalty days", "штрафные дни";
    code_break_limit: "too many break days", "превышен лимит перерывов";
    code_break_notice: "break declared late", "перерыв заявлен поздно";
    code_record_missing: "game record missing", "нет записи партии";
    code_records_none: "no game records", "нет записей партии";
    code_read_as: "read as a look-alike", "прочитано по сходству букв";
    code_adjudication_due: "adjudication materials due", "нужны материалы на присуждение";
    code_adjudication_late: "materials late", "материалы опоздали";
    code_sealed_move: "sealed move not accepted", "ход на присуждение не принят";
    code_claim_late: "claim made late", "заявление подано поздно";
    code_claim_unfounded: "claim not in the records", "заявление без оснований";
    code_claim_repeated: "claim repeated", "повторное заявление";
    code_claim_open: "claim awaiting a ruling", "заявление ждёт решения";
    code_ruling: "ruling on a claim", "решение по заявлению";
    code_withdrawal: "a player withdrew", "выход из турнира";
    code_protest_open: "protest period open", "идёт срок протеста";
    code_appeal_open: "appeal period open", "идёт срок апелляции";
    code_stated_time: "stated time differs", "указанное время расходится";
    code_pgn_mismatch: "PGN differs", "PGN расходится";
    code_result_conflict: "results disagree", "результаты расходятся";
    code_missing_log: "move log missing", "нет записи ходов";
    code_no_access: "no email access", "нет доступа к почте";
    code_correspondence: "correspondence asked for", "запрошена корреспонденция";
    code_address_change: "new address", "новый адрес";
    code_lost_letter: "lost letter to report", "сообщить о потерянном письме";
    code_bad_input: "unreadable input", "нечитаемые данные";
    flag_accepted: "accepted", "принят";
    flag_variant: "variant", "вариант";
    flag_illegible: "illegible", "неразборчиво";
    flag_impossible: "impossible", "невозможный ход";
    flag_ambiguous: "ambiguous", "неоднозначно";
    flag_no_move: "no move", "нет хода";
    flag_wrong_repeat: "wrong repeat", "неверный повтор";
    flag_request: "request", "запрос";
    flag_repeat: "repeat", "повтор";
    flag_lost: "lost", "утеряно";
    flag_resign: "resign", "сдача";
    flag_draw: "draw", "ничья";
    flag_record: "record", "запись партии";
    flag_adjudication: "adjudication", "на присуждение";
}

/// A noun a number stands before, in pages, texts and calendars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Noun {
    Day,
    Move,
    Tournament,
    Game,
}

impl Noun {
    /// The noun from its name in templates (`{{ n|count("day") }}`).
    pub fn from_name(name: &str) -> Option<Noun> {
        Some(match name {
            "day" => Noun::Day,
            "move" => Noun::Move,
            "tournament" => Noun::Tournament,
            "game" => Noun::Game,
            _ => return None,
        })
    }

    /// The forms for one, for a few (Russian 2–4) and for many.
    fn forms(self, language: Language) -> [&'static str; 3] {
        match (self, language) {
            (Noun::Day, Language::En) => ["day", "days", "days"],
            (Noun::Move, Language::En) => ["move", "moves", "moves"],
            (Noun::Tournament, Language::En) => ["tournament", "tournaments", "tournaments"],
            (Noun::Game, Language::En) => ["game", "games", "games"],
            (Noun::Day, Language::Ru) => ["день", "дня", "дней"],
            (Noun::Move, Language::Ru) => ["ход", "хода", "ходов"],
            (Noun::Tournament, Language::Ru) => ["турнир", "турнира", "турниров"],
            (Noun::Game, Language::Ru) => ["партия", "партии", "партий"],
        }
    }
}

/// `n` and the noun in the form the number asks for: "1 day", "2 days";
/// "1 день", "3 дня", "5 дней", "11 дней", "21 день".
pub fn count(n: i64, noun: Noun, language: Language) -> String {
    let [one, few, many] = noun.forms(language);
    let (last, last_two) = (n.unsigned_abs() % 10, n.unsigned_abs() % 100);
    let word = match language {
        Language::En if n.unsigned_abs() == 1 => one,
        Language::En => many,
        Language::Ru if last == 1 && last_two != 11 => one,
        Language::Ru if (2..=4).contains(&last) && !(12..=14).contains(&last_two) => few,
        Language::Ru => many,
    };
    format!("{n} {word}")
}

/// The labels of a language.
pub fn labels(language: Language) -> &'static Labels {
    match language {
        Language::En => &EN,
        Language::Ru => &RU,
    }
}

/// A finding's code as words (the code itself is kept beside it, for search).
pub fn code_word(code: Code, language: Language) -> &'static str {
    let t = labels(language);
    match code {
        Code::Overstep => t.code_overstep,
        Code::LowTime => t.code_low_time,
        Code::RepeatDue => t.code_repeat_due,
        Code::Silence => t.code_silence,
        Code::Transit => t.code_transit,
        Code::MissingDate => t.code_missing_date,
        Code::IllegalMove => t.code_illegal_move,
        Code::DateOrder => t.code_date_order,
        Code::Penalty => t.code_penalty,
        Code::BreakLimit => t.code_break_limit,
        Code::BreakNotice => t.code_break_notice,
        Code::RecordMissing => t.code_record_missing,
        Code::RecordsNone => t.code_records_none,
        Code::AdjudicationDue => t.code_adjudication_due,
        Code::AdjudicationLate => t.code_adjudication_late,
        Code::SealedMove => t.code_sealed_move,
        Code::ClaimLate => t.code_claim_late,
        Code::ClaimUnfounded => t.code_claim_unfounded,
        Code::ClaimRepeated => t.code_claim_repeated,
        Code::ClaimOpen => t.code_claim_open,
        Code::Ruling => t.code_ruling,
        Code::Withdrawal => t.code_withdrawal,
        Code::ProtestOpen => t.code_protest_open,
        Code::AppealOpen => t.code_appeal_open,
        Code::StatedTime => t.code_stated_time,
        Code::PgnMismatch => t.code_pgn_mismatch,
        Code::ResultConflict => t.code_result_conflict,
        Code::MissingLog => t.code_missing_log,
        Code::ReadAs => t.code_read_as,
        Code::NoAccess => t.code_no_access,
        Code::Correspondence => t.code_correspondence,
        Code::AddressChange => t.code_address_change,
        Code::LostLetter => t.code_lost_letter,
        Code::BadInput => t.code_bad_input,
    }
}

/// A severity as a word.
pub fn severity_word(severity: Severity, language: Language) -> &'static str {
    let t = labels(language);
    match severity {
        Severity::Error => t.sev_error,
        Severity::Warning => t.sev_warning,
        Severity::Info => t.sev_info,
    }
}

/// A move-log flag as a word; empty for an ordinary move.
pub fn flag_word(flag: Flag, language: Language) -> &'static str {
    let t = labels(language);
    match flag {
        Flag::Ordinary => "",
        Flag::Accepted => t.flag_accepted,
        Flag::Variant => t.flag_variant,
        Flag::Illegible => t.flag_illegible,
        Flag::Impossible => t.flag_impossible,
        Flag::Ambiguous => t.flag_ambiguous,
        Flag::NoMove => t.flag_no_move,
        Flag::WrongRepeat => t.flag_wrong_repeat,
        Flag::Request => t.flag_request,
        Flag::Repeat => t.flag_repeat,
        Flag::Lost => t.flag_lost,
        Flag::Resign => t.flag_resign,
        Flag::Draw => t.flag_draw,
        Flag::Record => t.flag_record,
        Flag::Adjudication => t.flag_adjudication,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_has_both_languages() {
        let en = serde_json::to_value(&EN).unwrap();
        let ru = serde_json::to_value(&RU).unwrap();
        let (en, ru) = (en.as_object().unwrap(), ru.as_object().unwrap());
        assert_eq!(en.len(), ru.len());
        for (k, v) in en {
            assert!(!v.as_str().unwrap().is_empty(), "{k}");
            assert!(!ru[k].as_str().unwrap().is_empty(), "{k}");
        }
        assert_eq!(labels(Language::Ru).white, "Белые");
    }

    #[test]
    fn every_code_severity_and_flag_has_words() {
        for lang in [Language::En, Language::Ru] {
            assert!(Code::ALL.iter().all(|&c| !code_word(c, lang).is_empty()));
            for s in [Severity::Error, Severity::Warning, Severity::Info] {
                assert!(!severity_word(s, lang).is_empty());
            }
            assert!(Flag::ALL[1..].iter().all(|&f| !flag_word(f, lang).is_empty()));
        }
        assert_eq!(code_word(Code::LowTime, Language::Ru), "мало времени");
        assert_eq!(flag_word(Flag::NoMove, Language::Ru), "нет хода");
    }

    #[test]
    fn a_number_takes_the_plural_form_its_language_asks_for() {
        let ru = |n| count(n, Noun::Move, Language::Ru);
        assert_eq!(
            [
                ru(1),
                ru(2),
                ru(4),
                ru(5),
                ru(11),
                ru(12),
                ru(15),
                ru(21),
                ru(22),
                ru(111),
                ru(0)
            ],
            [
                "1 ход",
                "2 хода",
                "4 хода",
                "5 ходов",
                "11 ходов",
                "12 ходов",
                "15 ходов",
                "21 ход",
                "22 хода",
                "111 ходов",
                "0 ходов"
            ]
        );
        assert_eq!(count(31, Noun::Day, Language::Ru), "31 день");
        assert_eq!(count(-3, Noun::Day, Language::Ru), "-3 дня");
        assert_eq!(count(1, Noun::Tournament, Language::Ru), "1 турнир");
        assert_eq!(count(1, Noun::Tournament, Language::En), "1 tournament");
        assert_eq!(count(0, Noun::Day, Language::En), "0 days");
        assert_eq!(count(2, Noun::Game, Language::En), "2 games");
    }
}
