//! Times as transcripts write them, to Unix milliseconds: RFC 3339 (`2026-08-01T10:00:02.000Z`, offsets too),
//! Unix seconds or milliseconds as numbers, and Cursor's `<timestamp>` text (`Tuesday, Sep 8, 2026, 1:56 PM
//! (UTC-7)`, minute precision).

use serde_json::Value;

/// Days from 1970-01-01 to `year-month-day` (proleptic Gregorian).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn ms_of(year: i64, month: i64, day: i64, hour: i64, minute: i64, second: i64) -> Option<i64> {
    let valid = (1..=12).contains(&month)
        && (1..=31).contains(&day)
        && (0..=23).contains(&hour)
        && (0..=59).contains(&minute)
        && (0..=60).contains(&second)
        && (1970..=9999).contains(&year);
    valid.then(|| (((days_from_civil(year, month, day) * 24 + hour) * 60 + minute) * 60 + second) * 1000)
}

fn number(text: &str) -> Option<i64> {
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// An RFC 3339 date-time (`T` or a space between date and time; fraction and offset optional, no offset = UTC).
pub fn rfc3339_ms(text: &str) -> Option<i64> {
    let text = text.trim();
    let date = text.get(..10)?;
    let (year, rest) = date.split_once('-')?;
    let (month, day) = rest.split_once('-')?;
    let sep = text.as_bytes().get(10)?;
    if !matches!(sep, b'T' | b't' | b' ') {
        return None;
    }
    let time = text.get(11..)?;
    let hms = time.get(..8)?;
    let mut parts = hms.split(':');
    let (hour, minute, second) = (parts.next()?, parts.next()?, parts.next()?);
    let mut ms = ms_of(
        number(year)?,
        number(month)?,
        number(day)?,
        number(hour)?,
        number(minute)?,
        number(second)?,
    )?;
    let mut rest = time.get(8..)?;
    if let Some(fraction) = rest.strip_prefix('.') {
        let digits = fraction.bytes().take_while(u8::is_ascii_digit).count();
        let millis = fraction.get(..digits.min(3))?;
        let scale = [100, 10, 1];
        for (i, b) in millis.bytes().enumerate() {
            ms += i64::from(b - b'0') * scale[i];
        }
        rest = fraction.get(digits..)?;
    }
    let offset_min = match rest {
        "" | "Z" | "z" => 0,
        _ => {
            let sign = match rest.as_bytes().first()? {
                b'+' => 1,
                b'-' => -1,
                _ => return None,
            };
            let (h, m) = rest.get(1..)?.split_once(':').or_else(|| {
                let digits = rest.get(1..)?;
                Some((digits.get(..2)?, digits.get(2..)?))
            })?;
            sign * (number(h)? * 60 + number(m)?)
        }
    };
    Some(ms - offset_min * 60_000)
}

/// A time field: an RFC 3339 string, or a number of Unix seconds (below 10^11) or milliseconds.
pub fn value_ms(value: &Value) -> Option<i64> {
    match value {
        Value::String(text) => rfc3339_ms(text).or_else(|| number(text.trim()).map(seconds_or_ms)),
        Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().map(|f| f as i64))
            .filter(|n| *n > 0)
            .map(seconds_or_ms),
        _ => None,
    }
}

fn seconds_or_ms(n: i64) -> i64 {
    if n < 100_000_000_000 { n * 1000 } else { n }
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// Cursor's `<timestamp>` text: `[Weekday, ]Mon D, YYYY, H:MM AM|PM[ (UTC±H[:MM])]`. Minute precision; without
/// a zone it is read as UTC.
pub fn cursor_ms(text: &str) -> Option<i64> {
    let mut parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() == 4 {
        parts.remove(0);
    }
    let [month_day, year, time] = parts.as_slice() else {
        return None;
    };
    let (month, day) = month_day.split_once(' ')?;
    let month = MONTHS
        .iter()
        .position(|m| month.to_ascii_lowercase().starts_with(m))? as i64
        + 1;
    let (clock, zone) = match time.split_once('(') {
        Some((clock, zone)) => (clock.trim(), Some(zone.trim_end_matches(')').trim())),
        None => (time.trim(), None),
    };
    let (hm, meridiem) = clock.split_once(' ')?;
    let (hour, minute) = hm.split_once(':')?;
    let mut hour = number(hour)?;
    if !(1..=12).contains(&hour) {
        return None;
    }
    match meridiem.trim().to_ascii_uppercase().as_str() {
        "AM" if hour == 12 => hour = 0,
        "AM" => {}
        "PM" if hour == 12 => {}
        "PM" => hour += 12,
        _ => return None,
    }
    let ms = ms_of(
        number(year)?,
        month,
        number(day.trim())?,
        hour,
        number(minute)?,
        0,
    )?;
    let offset_min = match zone {
        None => 0,
        Some(zone) => {
            let offset = zone.strip_prefix("UTC").or_else(|| zone.strip_prefix("GMT"))?;
            if offset.is_empty() {
                0
            } else {
                let sign = if offset.starts_with('-') { -1 } else { 1 };
                let digits = offset.trim_start_matches(['+', '-']);
                let (h, m) = digits.split_once(':').unwrap_or((digits, "0"));
                sign * (number(h)? * 60 + number(m)?)
            }
        }
    };
    Some(ms - offset_min * 60_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_forms_are_read() {
        assert_eq!(rfc3339_ms("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(rfc3339_ms("2026-12-01T16:35:06.136Z"), Some(1_796_142_906_136));
        assert_eq!(
            rfc3339_ms("2026-12-01T17:35:06.136+01:00"),
            Some(1_796_142_906_136)
        );
        assert_eq!(
            rfc3339_ms("2026-12-01T16:35:06.1369999Z"),
            Some(1_796_142_906_136)
        );
        assert_eq!(rfc3339_ms("2026-12-01 16:35:06"), Some(1_796_142_906_000));
        assert_eq!(rfc3339_ms("not a time"), None);
        assert_eq!(rfc3339_ms("2026-13-01T16:35:06Z"), None);
        assert_eq!(rfc3339_ms("2026-12-01T16:35:06Zjunk"), None);
    }

    #[test]
    fn numbers_are_seconds_or_milliseconds() {
        assert_eq!(
            value_ms(&serde_json::json!(1_796_142_906)),
            Some(1_796_142_906_000)
        );
        assert_eq!(
            value_ms(&serde_json::json!(1_796_142_906_136_i64)),
            Some(1_796_142_906_136)
        );
        assert_eq!(value_ms(&serde_json::json!(-5)), None);
    }

    #[test]
    fn cursor_timestamps_are_read_to_the_minute() {
        // 2026-09-08 13:56 at UTC-7 is 20:56 UTC.
        let utc = rfc3339_ms("2026-09-08T20:56:00Z");
        assert_eq!(cursor_ms("Tuesday, Sep 8, 2026, 1:56 PM (UTC-7)"), utc);
        assert_eq!(cursor_ms("Sep 8, 2026, 8:56 PM"), utc);
        assert_eq!(
            cursor_ms("Tuesday, Sep 8, 2026, 12:05 AM (UTC+5:30)"),
            rfc3339_ms("2026-09-07T18:35:00Z")
        );
        assert_eq!(cursor_ms("yesterday"), None);
        assert_eq!(cursor_ms("Tuesday, Sep 8, 2026, 13:56 PM"), None);
    }
}
