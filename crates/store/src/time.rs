//! Unix timestamps and their UTC calendar form, without a date crate: files store plain
//! seconds, and only names and messages need a calendar.

use web_time::{SystemTime, UNIX_EPOCH};

/// The current time in whole seconds since 1970-01-01 UTC (0 if the clock is before 1970).
pub(crate) fn now_unix() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs())
}

/// Nanoseconds since the epoch, for unique file names (0 if the clock is before 1970).
pub(crate) fn now_nanos() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos())
}

/// (year, month, day, hour, minute, second) in UTC of a unix time.
fn civil_from_unix(secs: u64) -> (i64, u32, u32, u32, u32, u32) {
    // Days-to-civil conversion from Howard Hinnant's "chrono-Compatible Low-Level Date
    // Algorithms" (proleptic Gregorian calendar, eras of 400 years).
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    let (hour, minute, second) = (
        (rem / 3600) as u32,
        (rem / 60 % 60) as u32,
        (rem % 60) as u32,
    );
    (year, month, day, hour, minute, second)
}

/// A unix time as `2024-05-01 12:34:56` (UTC).
pub fn format_utc(secs: u64) -> String {
    let (y, mo, d, h, mi, s) = civil_from_unix(secs);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}")
}

/// A unix time as `20240501-123456` (UTC): sorts like the time, safe in file names.
pub(crate) fn file_stamp(secs: u64) -> String {
    let (y, mo, d, h, mi, s) = civil_from_unix(secs);
    format!("{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(format_utc(0), "1970-01-01 00:00:00");
        assert_eq!(format_utc(1_000_000_000), "2001-09-09 01:46:40");
        assert_eq!(format_utc(1_709_210_096), "2024-02-29 12:34:56");
        assert_eq!(file_stamp(1_709_210_096), "20240229-123456");
    }
}
