//! MCP tool profiles: which tools a connection lists. `core` is what an agent needs to carry out the working
//! contract, `full` is every agent tool, `coordinator` adds what only an agent coordinating others does (accepting
//! another session's plan). The client chooses with `/mcp?profile=core` or the `X-Relay-Profile` header; `full` is
//! the default.

use http::HeaderMap;

/// The header that chooses a profile, as an alternative to the `profile` query parameter.
pub const PROFILE_HEADER: &str = "x-relay-profile";

/// The tools of the `core` profile, in the order an agent meets them: everything the server instructions, the
/// built-in rules (an accepted plan before dev) and the hook texts ask of an agent.
pub const CORE_TOOLS: &[&str] = &[
    "project_snapshot",
    "task_list",
    "task_get",
    "task_create",
    "task_bind_session",
    "plan_set",
    "plan_step_update",
    "task_set_stage",
    "task_patch",
    "report_add",
    "review_steps_set",
    "attach_file",
    "events_since",
    "comment_add",
    "comment_ack",
];

/// The tools only the `coordinator` profile lists: an agent working a task never accepts a plan (the owner
/// does), so the agent profiles do not offer it.
pub const COORDINATOR_TOOLS: &[&str] = &["plan_accept"];

/// Which tools a connection sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// The working contract ([`CORE_TOOLS`]).
    Core,
    /// Every agent tool: all but [`COORDINATOR_TOOLS`].
    Full,
    /// Every tool, for an agent that coordinates others.
    Coordinator,
}

impl Profile {
    /// The profiles, smallest first (documentation order).
    pub const ALL: &'static [Profile] = &[Profile::Core, Profile::Full, Profile::Coordinator];

    pub const fn as_str(self) -> &'static str {
        match self {
            Profile::Core => "core",
            Profile::Full => "full",
            Profile::Coordinator => "coordinator",
        }
    }

    /// The smallest profile that lists `tool`, if any does.
    pub fn smallest_with(tool: &str) -> Option<Profile> {
        Self::ALL.iter().copied().find(|p| p.includes(tool))
    }

    /// Looks a profile up by its name (surrounding spaces and ASCII case ignored).
    pub fn parse(name: &str) -> Option<Profile> {
        let name = name.trim();
        Self::ALL
            .iter()
            .copied()
            .find(|p| p.as_str().eq_ignore_ascii_case(name))
    }

    /// Whether the profile lists `tool`.
    pub fn includes(self, tool: &str) -> bool {
        match self {
            Profile::Core => CORE_TOOLS.contains(&tool),
            Profile::Full => !COORDINATOR_TOOLS.contains(&tool),
            Profile::Coordinator => true,
        }
    }

    /// The profile a request asks for: `?profile=` or the `X-Relay-Profile` header (they must agree when both
    /// are given), else [`Profile::Full`]. The error is the message for a 400 answer.
    pub fn of_request(query: Option<&str>, headers: &HeaderMap) -> Result<Profile, String> {
        let from_query = query
            .into_iter()
            .flat_map(|q| q.split('&'))
            .find_map(|pair| pair.strip_prefix("profile="));
        let from_header = match headers.get(PROFILE_HEADER) {
            Some(value) => Some(value.to_str().map_err(|_| unknown("(not text)"))?),
            None => None,
        };
        let query_profile = from_query
            .map(|name| Profile::parse(name).ok_or_else(|| unknown(name)))
            .transpose()?;
        let header_profile = from_header
            .map(|name| Profile::parse(name).ok_or_else(|| unknown(name)))
            .transpose()?;
        match (query_profile, header_profile) {
            (Some(q), Some(h)) if q != h => Err(format!(
                "the profile query parameter says {} but the X-Relay-Profile header says {}; send one of them",
                q.as_str(),
                h.as_str()
            )),
            (q, h) => Ok(q.or(h).unwrap_or(Profile::Full)),
        }
    }
}

fn unknown(name: &str) -> String {
    let names: Vec<&str> = Profile::ALL.iter().map(|p| p.as_str()).collect();
    format!(
        "unknown MCP profile {name:?}; use one of {} (/mcp?profile=core or the X-Relay-Profile header; full is the default)",
        names.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use http::HeaderValue;

    use super::*;

    fn headers(profile: Option<&'static str>) -> HeaderMap {
        let mut headers = HeaderMap::new();
        if let Some(profile) = profile {
            headers.insert(PROFILE_HEADER, HeaderValue::from_static(profile));
        }
        headers
    }

    #[test]
    fn of_request_defaults_to_full_when_nothing_is_asked() {
        assert_eq!(Profile::of_request(None, &headers(None)), Ok(Profile::Full));
        assert_eq!(
            Profile::of_request(Some("x=1"), &headers(None)),
            Ok(Profile::Full)
        );
    }

    #[test]
    fn of_request_reads_the_query_or_the_header_when_given() {
        assert_eq!(
            Profile::of_request(Some("a=b&profile=core"), &headers(None)),
            Ok(Profile::Core)
        );
        assert_eq!(
            Profile::of_request(None, &headers(Some("Core"))),
            Ok(Profile::Core)
        );
        assert_eq!(
            Profile::of_request(Some("profile=core"), &headers(Some("core"))),
            Ok(Profile::Core)
        );
    }

    #[test]
    fn of_request_refuses_when_the_profile_is_unknown_or_the_two_disagree() {
        let err = Profile::of_request(Some("profile=tiny"), &headers(None)).unwrap_err();
        assert!(
            err.contains("unknown MCP profile \"tiny\"; use one of core, full, coordinator"),
            "{err}"
        );
        let err = Profile::of_request(Some("profile=core"), &headers(Some("full"))).unwrap_err();
        assert!(
            err.contains("says core but the X-Relay-Profile header says full"),
            "{err}"
        );
    }
}
