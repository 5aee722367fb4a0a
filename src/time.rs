//! UTC dates from Unix times, without a time-zone crate: the one calendar conversion every surface uses (CLI
//! timestamps, MCP event lines, backup and demo file stamps).

/// The proleptic Gregorian date (year, month, day) of a day count since 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
///
/// ```
/// assert_eq!(relay_core::time::civil_from_days(0), (1970, 1, 1));
/// assert_eq!(relay_core::time::civil_from_days(11_016), (2000, 2, 29));
/// ```
pub fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The UTC date and time of a Unix time in milliseconds, to the second.
fn parts(ms: i64) -> (i64, i64, i64, i64, i64, i64) {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (year, month, day) = civil_from_days(days);
    (year, month, day, rest / 3600, (rest % 3600) / 60, rest % 60)
}

/// `2025-06-01 14:03:22Z`.
///
/// ```
/// assert_eq!(relay_core::time::utc(951_782_400_000 + 3_723_000), "2000-02-29 01:02:03Z");
/// ```
pub fn utc(ms: i64) -> String {
    let (y, mo, d, h, mi, s) = parts(ms);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}Z")
}

/// `20250601-140322`, for file names (backups, kept-aside databases).
///
/// ```
/// assert_eq!(relay_core::time::stamp(951_782_400_000 + 3_723_000), "20000229-010203");
/// ```
pub fn stamp(ms: i64) -> String {
    let (y, mo, d, h, mi, s) = parts(ms);
    format!("{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}")
}

/// Now, in Unix milliseconds (0 when the clock is before 1970).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_before_1970_and_leap_days_convert_when_given() {
        assert_eq!(utc(-1_000), "1969-12-31 23:59:59Z");
        assert_eq!(civil_from_days(20_787), (2026, 11, 30));
        assert_eq!(stamp(0), "19700101-000000");
    }
}
