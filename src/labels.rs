//! Every label of every output, in English and Russian, from one table
//! (issue 5). Templates read them as `t.key`.

use std::collections::BTreeMap;

use crate::model::Language;

/// (key, English, Russian).
const LABELS: &[(&str, &str, &str)] = &[
    ("bulletin", "Bulletin", "Бюллетень"),
    ("tournaments", "Tournaments", "Турниры"),
    ("tournament", "Tournament", "Турнир"),
    ("arbiter", "Arbiter", "Арбитр"),
    ("time_control", "Time control", "Контроль времени"),
    ("moves_in_days", "moves in", "ходов за"),
    ("days", "days", "дней"),
    ("start", "Start", "Старт"),
    ("end", "End", "Окончание"),
    ("as_of", "As of", "По состоянию на"),
    ("standings", "Standings", "Турнирная таблица"),
    ("place", "Place", "Место"),
    ("player", "Player", "Участник"),
    ("points", "Points", "Очки"),
    ("sb", "SB", "Коэф. Бергера"),
    ("sb_short", "SB", "Бергер"),
    ("wins", "Wins", "Победы"),
    ("direct", "Direct", "Личная встреча"),
    ("played", "Played", "Сыграно"),
    ("to_play", "To play", "Осталось"),
    (
        "provisional",
        "provisional: records incomplete (51.9.2)",
        "предварительно: записи партий не получены (51.9.2)",
    ),
    ("crosstable", "Crosstable", "Таблица результатов"),
    ("games", "Games", "Партии"),
    ("game", "Game", "Партия"),
    ("round", "Round", "Тур"),
    ("white", "White", "Белые"),
    ("black", "Black", "Чёрные"),
    ("result", "Result", "Результат"),
    ("status", "Status", "Состояние"),
    ("moves", "Moves", "Ходы"),
    ("moves_count", "moves", "ход."),
    ("last_move", "Last move", "Последний ход"),
    ("to_move", "To move", "Очередь хода"),
    ("owes", "Owes a message", "Ждём письма от"),
    ("by", "by", "до"),
    ("used", "Used", "Затрачено"),
    ("left", "Left", "Осталось"),
    ("penalty", "Penalty", "Штраф"),
    ("running", "Running", "Идёт"),
    ("next_control", "Control", "Контроль"),
    ("allowance", "Allowance", "Лимит"),
    ("in_progress", "in progress", "играется"),
    ("finished", "finished", "окончена"),
    (
        "interrupted",
        "interrupted: overstep claim (51.6.3)",
        "прервана: заявление о просрочке (51.6.3)",
    ),
    ("awaiting_adjudication", "awaiting adjudication", "на присуждении"),
    ("annulled", "annulled (51.8.1)", "аннулирована (51.8.1)"),
    ("low_time", "low time", "мало времени"),
    ("overstep", "overstepped", "просрочка"),
    ("silence", "no move for 40 days", "нет ходов 40 дней"),
    ("no", "No.", "№"),
    ("side", "Side", "Сторона"),
    ("move", "Move", "Ход"),
    ("received", "Received", "Получен"),
    ("sent", "Sent", "Отправлен"),
    ("flag", "Flag", "Отметка"),
    ("thinking", "Thinking", "Обдумывание"),
    ("charged", "Charged", "Засчитано"),
    ("why", "Why", "Почему"),
    ("total", "Total", "Итого"),
    ("assumed", "assumed", "принята"),
    ("break_days", "break days", "дней перерыва"),
    ("exempt", "not charged", "не засчитано"),
    ("pending", "thinking", "обдумывает"),
    ("record", "PGN record", "Запись PGN"),
    ("back", "Back to the bulletin", "К бюллетеню"),
    ("findings", "Findings", "Замечания"),
    (
        "arbiter_report",
        "Arbiter's report (private)",
        "Отчёт арбитра (не для публикации)",
    ),
    ("overdue", "Overdue", "Просрочено"),
    ("overdue_by", "overdue by", "просрочено на"),
    ("days_short", "days", "дн."),
    ("due_soon", "Due within 7 days", "Срок в ближайшие 7 дней"),
    ("other_errors", "Other errors", "Другие ошибки"),
    ("the_rest", "Warnings and notes", "Предупреждения и сведения"),
    ("open", "Open", "Открытые"),
    ("new", "New", "Новые"),
    ("resolved", "Resolved", "Устранены"),
    ("since_last", "Since the last report of", "С прошлого отчёта от"),
    ("no_changes", "No change.", "Без изменений."),
    (
        "first_report",
        "First report: nothing to compare with.",
        "Первый отчёт: сравнивать не с чем.",
    ),
    (
        "under_review",
        "records under review by the arbiter",
        "записи партии на проверке у арбитра",
    ),
    ("moved", "moved since the last report", "ход после прошлого бюллетеня"),
    ("moved_mark", "new move", "новый ход"),
    ("players", "Players", "Участники"),
    ("calendar", "Due dates as a calendar", "Сроки в календаре"),
    ("per_code", "Findings per code", "Замечания по видам"),
    ("severity", "Severity", "Важность"),
    ("code", "Code", "Код"),
    ("rule", "Rule", "Пункт"),
    ("date", "Date", "Дата"),
    ("due", "Due", "Срок"),
    ("what", "What happened and what to do", "Что случилось и что делать"),
    ("email", "Email", "Эл. почта"),
    ("file", "File", "Файл"),
    ("none", "Nothing needs action.", "Замечаний нет."),
    (
        "clock_note",
        "Days: thinking time charged by Article 51.4; left = allowance up to the next control − used − running.",
        "Дни: время на обдумывание по ст. 51.4; осталось = лимит до контроля − затрачено − идёт.",
    ),
    ("count", "Count", "Число"),
    ("warnings", "Warnings", "Предупреждения"),
    ("not_available", "report not available", "бюллетень недоступен"),
    (
        "stale_public",
        "The public report was not replaced, because",
        "Публичный бюллетень не обновлён, потому что",
    ),
    (
        "stale_since",
        "It still shows the report as of",
        "В нём по-прежнему отчёт на",
    ),
    (
        "never_published",
        "No report of this tournament was ever published.",
        "Бюллетень этого турнира ещё не публиковался.",
    ),
    ("stale_as_of", "public report as of", "публичный отчёт на"),
    ("arbiter_index", "Arbiter's overview", "Обзор для арбитра"),
    ("errors", "Errors", "Ошибки"),
    (
        "tournament_findings",
        "Tournament-wide findings",
        "Замечания по турниру в целом",
    ),
];

/// The labels of one language, keyed by name.
pub fn labels(language: Language) -> BTreeMap<&'static str, &'static str> {
    LABELS
        .iter()
        .map(|&(k, en, ru)| (k, if language == Language::Ru { ru } else { en }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_has_both_languages_and_keys_are_unique() {
        let mut keys: Vec<&str> = LABELS.iter().map(|l| l.0).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), LABELS.len());
        assert!(LABELS.iter().all(|l| !l.1.is_empty() && !l.2.is_empty()));
        assert_eq!(labels(Language::Ru)["white"], "Белые");
    }
}
