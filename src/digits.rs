//! Numbers as text without formatting them: every number from 0 to 9999 as
//! four digits in one static string, made when the tool is compiled, and
//! sliced. Pages and texts write hundreds of thousands of small numbers and
//! dates; a slice of a `str` is pushed as it is, where digits made at run
//! time would be checked as UTF-8 (or pushed one char at a time) first.

/// "0000", "0001", … "9999", one after another.
static FOUR_DIGITS: &str = {
    const fn table() -> [u8; 40_000] {
        let mut b = [0u8; 40_000];
        let mut n = 0;
        while n < 10_000 {
            b[4 * n] = b'0' + (n / 1000) as u8;
            b[4 * n + 1] = b'0' + (n / 100 % 10) as u8;
            b[4 * n + 2] = b'0' + (n / 10 % 10) as u8;
            b[4 * n + 3] = b'0' + (n % 10) as u8;
            n += 1;
        }
        b
    }
    static BYTES: [u8; 40_000] = table();
    match std::str::from_utf8(&BYTES) {
        Ok(s) => s,
        Err(_) => panic!("digits are ASCII"),
    }
};

/// `n` in decimal, as `n.to_string()` writes it, when it is from 0 to 9999.
pub fn small(n: i64) -> Option<&'static str> {
    let i = usize::try_from(n).ok().filter(|&i| i < 10_000)?;
    let lead = match i {
        0..=9 => 3,
        10..=99 => 2,
        100..=999 => 1,
        _ => 0,
    };
    FOUR_DIGITS.get(4 * i + lead..4 * i + 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_small_number_is_its_decimal_text() {
        for n in 0..10_000 {
            assert_eq!(small(n), Some(n.to_string().as_str()));
        }
        assert_eq!(small(-1), None);
        assert_eq!(small(10_000), None);
    }
}
