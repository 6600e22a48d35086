//! Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01), valid far
//! beyond the range a calendar library supports (the reference prints any year).

/// Days since 1970-01-01 of a civil date. Month and day may be out of range; they roll over
/// the way the reference's `Time.utc` does (2016-02-30 is 2016-03-01).
pub fn days_from_civil(year: i64, month: i64, day: i64) -> i128 {
    // Normalize the month into 1..=12, carrying into the year.
    let y = year as i128 + (month as i128 - 1).div_euclid(12);
    let m = (month as i128 - 1).rem_euclid(12) + 1;
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468 + (day as i128 - 1)
}

/// The civil date (year, month 1..=12, day 1..=31) of a day number.
pub fn civil_from_days(days: i128) -> (i128, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

pub fn is_leap(year: i128) -> bool {
    year.rem_euclid(4) == 0 && (year.rem_euclid(100) != 0 || year.rem_euclid(400) == 0)
}

/// Day of the week, Sunday = 0.
pub fn weekday(days: i128) -> u32 {
    (days + 4).rem_euclid(7) as u32
}

/// A broken-down local time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Civil {
    pub year: i128,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    pub nanos: u32,
    /// Day of the year, 1-based.
    pub yday: u32,
    /// Sunday = 0.
    pub wday: u32,
    /// Days since the epoch.
    pub days: i128,
}

impl Civil {
    /// Breaks down `nanos` since the epoch, shifted by `offset` seconds.
    pub fn from_nanos(nanos: i128, offset: i32) -> Civil {
        let local = nanos.saturating_add(offset as i128 * 1_000_000_000);
        let secs = local.div_euclid(1_000_000_000);
        let sub = local.rem_euclid(1_000_000_000) as u32;
        let days = secs.div_euclid(86_400);
        let sod = secs.rem_euclid(86_400) as u32;
        let (year, month, day) = civil_from_days(days);
        let yday = (days - days_from_civil_i128(year, 1, 1)) as u32 + 1;
        Civil {
            year,
            month,
            day,
            hour: sod / 3600,
            minute: sod / 60 % 60,
            second: sod % 60,
            nanos: sub,
            yday,
            wday: weekday(days),
            days,
        }
    }

    /// ISO 8601 week-based year and week number.
    pub fn iso_week(&self) -> (i128, u32) {
        // Monday = 0
        let wd = (self.wday + 6) % 7;
        // The Thursday of this week decides the year.
        let thursday = self.days - wd as i128 + 3;
        let (ty, _, _) = civil_from_days(thursday);
        let jan1 = days_from_civil_i128(ty, 1, 1);
        let week = ((thursday - jan1) / 7 + 1) as u32;
        (ty, week)
    }
}

fn days_from_civil_i128(year: i128, month: i64, day: i64) -> i128 {
    // Years outside i64 cannot come from an i128 nanosecond count, but stay total.
    let y = year.clamp(i64::MIN as i128 / 2, i64::MAX as i128 / 2) as i64;
    days_from_civil(y, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_days() {
        for d in [-1_000_000i128, -719_468, -1, 0, 1, 365, 10_957, 2_932_896] {
            let (y, m, dd) = civil_from_days(d);
            assert_eq!(days_from_civil(y as i64, m as i64, dd as i64), d);
        }
        assert_eq!(days_from_civil(2016, 2, 30), days_from_civil(2016, 3, 1));
        assert_eq!(weekday(0), 4);
    }

    #[test]
    fn iso_weeks() {
        let c = Civil::from_nanos(days_from_civil(2021, 1, 1) * 86_400 * 1_000_000_000, 0);
        assert_eq!(c.iso_week(), (2020, 53));
        let c = Civil::from_nanos(days_from_civil(2019, 12, 30) * 86_400 * 1_000_000_000, 0);
        assert_eq!(c.iso_week(), (2020, 1));
    }
}
