//! Task size: a rough estimate an agent or the owner gives. S tasks may go without an accepted plan.

use std::fmt;
use std::str::FromStr;

use super::{NamedSet, UnknownName, parse_name};

/// S, M or L. A report's first line sets it when the task has none; a size already set is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
pub enum Size {
    S,
    M,
    L,
}

impl Size {
    /// Every size, smallest first.
    pub const ALL: &'static [Size] = &[Size::S, Size::M, Size::L];

    /// The upper-case letter used on the wire and on badges.
    pub const fn as_str(self) -> &'static str {
        match self {
            Size::S => "S",
            Size::M => "M",
            Size::L => "L",
        }
    }

    /// Looks a size up by its letter in either case (`"s"` and `"S"` are both [`Size::S`]).
    ///
    /// ```
    /// use relay_core::board::Size;
    /// assert_eq!(Size::parse("m"), Ok(Size::M));
    /// assert_eq!(Size::parse("XL").unwrap_err().to_string(), "unknown size \"XL\"; use one of S, M, L");
    /// ```
    pub fn parse(input: &str) -> Result<Size, UnknownName> {
        parse_name(input)
    }
}

impl NamedSet for Size {
    const WHAT: &'static str = "size";

    fn all() -> &'static [Self] {
        Self::ALL
    }

    fn name(self) -> &'static str {
        self.as_str()
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Size {
    type Err = UnknownName;

    fn from_str(input: &str) -> Result<Self, Self::Err> {
        Size::parse(input)
    }
}

impl TryFrom<String> for Size {
    type Error = UnknownName;

    fn try_from(input: String) -> Result<Self, Self::Error> {
        Size::parse(&input)
    }
}

impl From<Size> for &'static str {
    fn from(size: Size) -> Self {
        size.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_accepts_both_cases_when_the_letter_is_a_size() {
        for (text, size) in [("s", Size::S), ("S", Size::S), ("m", Size::M), (" L ", Size::L)] {
            assert_eq!(Size::parse(text), Ok(size), "{text:?}");
        }
    }

    #[test]
    fn every_size_round_trips_when_parsed_from_its_display() {
        for size in Size::ALL {
            assert_eq!(size.to_string().parse::<Size>(), Ok(*size));
        }
    }

    #[test]
    fn parse_lists_s_m_l_when_the_size_is_unknown() {
        for text in ["XL", "small", "", "SM"] {
            let err = Size::parse(text).unwrap_err();
            assert_eq!(err.input, text);
            assert!(err.to_string().ends_with("use one of S, M, L"), "{err}");
        }
    }

    #[test]
    fn serde_uses_the_letter_when_serialising_and_parse_when_deserialising() {
        assert_eq!(serde_json::to_string(&Size::M).unwrap(), "\"M\"");
        assert_eq!(serde_json::from_str::<Size>("\"l\"").unwrap(), Size::L);
        assert!(serde_json::from_str::<Size>("\"XL\"").is_err());
    }
}
