//! The owner's surface for environments, the access map and policy layers (`environments.proto`): each RPC takes
//! its caller from the listener (`convert::transport`), converts the request and calls one function of the service
//! (`crate::environments`), which holds every rule — who may write (the owner, from the typed caller), the secret
//! checks, the second confirmation for widening access on live, proposals decided once.

use std::collections::BTreeMap;

use relay_core::proto;
use relay_core::proto::environment_service_server::EnvironmentService;
use serde_json::Value;
use tonic::{Request, Response};

use super::convert;
use super::error;
use super::service::RelayService;
use crate::environments::{AccessInput, EnvChange, EnvError, EnvMap, FieldValue, PolicyView, Scope};
use crate::store::environment::{EnvProposalRow, PolicyProposalRow};

/// The status metadata a write refused for want of the second confirmation carries: a JSON list of what it
/// widens on live (`relay_core::proto::WIDENS_METADATA`).
const WIDENS_METADATA: &str = relay_core::proto::WIDENS_METADATA;

/// Environment and policy errors: an unknown project, environment or proposal NOT_FOUND; an agent's write
/// PERMISSION_DENIED; a write that widens live without confirm, or a proposal decided already,
/// FAILED_PRECONDITION; any other bad input INVALID_ARGUMENT; the store failing INTERNAL. The message is the
/// service's words.
fn failed(err: EnvError) -> tonic::Status {
    let message = err.to_string();
    match err {
        EnvError::Board(err) => error::board(err),
        EnvError::Store(err) => error::store(err),
        EnvError::UnknownEnvironment { .. } | EnvError::UnknownProposal { .. } => {
            tonic::Status::not_found(message)
        }
        EnvError::OwnerOnly(_) => tonic::Status::permission_denied(message),
        EnvError::NeedsConfirmation(widened) => {
            let mut status = tonic::Status::failed_precondition(message);
            // What it widens, for a client to ask the second confirmation without reading the words.
            let list = serde_json::to_vec(&widened).unwrap_or_default();
            status
                .metadata_mut()
                .insert_bin(WIDENS_METADATA, tonic::metadata::MetadataValue::from_bytes(&list));
            status
        }
        EnvError::Decided { .. } => tonic::Status::failed_precondition(message),
        EnvError::Refused(ref words) if words.contains("already decided") => {
            tonic::Status::failed_precondition(message)
        }
        EnvError::Invalid(_) | EnvError::Secret { .. } | EnvError::Policy { .. } | EnvError::Refused(_) => {
            tonic::Status::invalid_argument(message)
        }
    }
}

fn scope(text: &str) -> Result<Scope, tonic::Status> {
    Scope::parse(text).map_err(failed)
}

/// A JSON document of the request (`what` names its field), or `None` when it is empty.
fn json_field(what: &str, text: &str) -> Result<Option<Value>, tonic::Status> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    serde_json::from_str(text).map(Some).map_err(|err| {
        tonic::Status::invalid_argument(format!(
            "{what} is not JSON ({err}); send a JSON object. Nothing changed."
        ))
    })
}

/// The proto change as the service takes it.
fn change(change: Option<proto::EnvironmentChange>) -> Result<EnvChange, tonic::Status> {
    let change = change.ok_or_else(|| {
        tonic::Status::invalid_argument("the request has no change; name the environment. Nothing changed.")
    })?;
    let mut overrides = BTreeMap::new();
    for entry in change.overrides {
        if overrides.insert(entry.capability.clone(), entry.level).is_some() {
            return Err(tonic::Status::invalid_argument(format!(
                "the override of {} is given twice; give each capability once. Nothing changed.",
                entry.capability
            )));
        }
    }
    let mut access = Vec::new();
    for entry in change.access {
        let mut fields = BTreeMap::new();
        for field in entry.fields {
            let value = match field.test {
                true => FieldValue::TestSecret {
                    value: field.value,
                    test: true,
                },
                false => FieldValue::Text(field.value),
            };
            if fields.insert(field.name.clone(), value).is_some() {
                return Err(tonic::Status::invalid_argument(format!(
                    "access field {:?} is given twice; give each field once. Nothing changed.",
                    field.name
                )));
            }
        }
        access.push(AccessInput {
            id: entry.id,
            kind: entry.kind,
            fields,
        });
    }
    Ok(EnvChange {
        environment: change.environment,
        rename: change.rename,
        kind: change.kind,
        base_url: change.base_url,
        notes: change.notes,
        sign_in_allowed: change.sign_in_allowed,
        login_state_path: change.login_state_path,
        level: change.level,
        overrides,
        access,
    })
}

fn map_message(map: EnvMap) -> proto::EnvironmentMap {
    proto::EnvironmentMap {
        project: map.project,
        preset: map.preset,
        guard_mode: map.guard_mode,
        environments: map
            .environments
            .into_iter()
            .map(|env| proto::Environment {
                name: env.name,
                kind: env.kind.as_str().to_owned(),
                base_url: env.base_url,
                level: Some(proto::SourcedLevel {
                    level: env.level.level.as_str().to_owned(),
                    source: env.level.source,
                }),
                own_level: env.own_level.map(|level| level.as_str().to_owned()),
                capabilities: env
                    .capabilities
                    .into_iter()
                    .map(|(capability, level)| proto::CapabilityLevel {
                        capability: capability.as_str().to_owned(),
                        level: Some(proto::SourcedLevel {
                            level: level.level.as_str().to_owned(),
                            source: level.source,
                        }),
                        r#override: env
                            .overrides
                            .get(&capability)
                            .map(|level| level.as_str().to_owned()),
                    })
                    .collect(),
                guard_mode: env.guard_mode,
                sign_in_allowed: env.sign_in_allowed,
                login_state_path: env.login_state_path,
                notes: env.notes,
                access: env
                    .access
                    .into_iter()
                    .map(|entry| {
                        let mut fields: Vec<proto::AccessField> = entry
                            .fields
                            .into_iter()
                            .map(|(name, value)| proto::AccessField {
                                name,
                                value,
                                test: false,
                            })
                            .collect();
                        fields.extend(entry.test_secrets.into_iter().map(|name| proto::AccessField {
                            value: entry.test_secret_values.get(&name).cloned().unwrap_or_default(),
                            name,
                            test: true,
                        }));
                        proto::AccessEntry {
                            id: entry.id,
                            kind: entry.kind,
                            fields,
                            changed_at_ms: entry.changed_at_ms,
                            changed_by: entry.changed_by,
                        }
                    })
                    .collect(),
                changed_at_ms: env.changed_at_ms,
                changed_by: env.changed_by,
            })
            .collect(),
        proposals: map.proposals.into_iter().map(env_proposal).collect(),
    }
}

fn env_proposal(row: EnvProposalRow) -> proto::EnvironmentProposal {
    proto::EnvironmentProposal {
        id: row.id,
        project: row.project,
        environment: row.environment,
        change_json: row.change,
        reason: row.reason,
        proposed_by: row.proposed_by,
        proposed_at_ms: row.proposed_at_ms,
        status: row.status,
    }
}

fn policy_proposal(row: PolicyProposalRow) -> proto::PolicyProposal {
    proto::PolicyProposal {
        id: row.id,
        scope: row.scope,
        patch_json: row.patch,
        reason: row.reason,
        proposed_by: row.proposed_by,
        proposed_at_ms: row.proposed_at_ms,
        status: row.status,
        error: row.error,
    }
}

fn values(values: Vec<relay_core::policy::PolicyValue>) -> Vec<proto::PolicyValue> {
    values
        .into_iter()
        .map(|v| proto::PolicyValue {
            setting: v.setting,
            value_json: v.value,
            source: v.source,
        })
        .collect()
}

fn policy_message(view: PolicyView, layer: &Value) -> proto::Policy {
    proto::Policy {
        values: values(view.policy.values()),
        preset: view.policy.preset.as_str().to_owned(),
        scope: view.scope,
        chain: view.chain,
        lines: view.lines,
        ignored: view.ignored,
        global_broken: view.global_broken,
        layer_json: layer.to_string(),
    }
}

fn decision(id: i64, accept: bool, widened: Vec<String>) -> proto::ProposalDecision {
    proto::ProposalDecision {
        id,
        status: if accept { "accepted" } else { "rejected" }.to_owned(),
        widened,
    }
}

#[tonic::async_trait]
impl EnvironmentService for RelayService {
    async fn get_environment_map(
        &self,
        request: Request<proto::GetEnvironmentMapRequest>,
    ) -> Result<Response<proto::EnvironmentMap>, tonic::Status> {
        let caller = convert::transport(&request)?;
        let project = request.into_inner().project;
        let map = self
            .handle()
            .environments()
            .map(&caller, &project)
            .await
            .map_err(failed)?;
        Ok(Response::new(map_message(map)))
    }

    async fn set_environment(
        &self,
        request: Request<proto::SetEnvironmentRequest>,
    ) -> Result<Response<proto::EnvironmentWrite>, tonic::Status> {
        let caller = convert::transport(&request)?;
        let request = request.into_inner();
        let change = change(request.change)?;
        let widened = self
            .handle()
            .environments()
            .apply(&caller, &request.project, &change, request.confirm)
            .await
            .map_err(failed)?;
        Ok(Response::new(proto::EnvironmentWrite {
            project: request.project,
            environment: change.rename.unwrap_or(change.environment).trim().to_owned(),
            widened,
        }))
    }

    async fn remove_environment(
        &self,
        request: Request<proto::RemoveEnvironmentRequest>,
    ) -> Result<Response<proto::EnvironmentWrite>, tonic::Status> {
        let caller = convert::transport(&request)?;
        let request = request.into_inner();
        self.handle()
            .environments()
            .remove(&caller, &request.project, &request.environment)
            .await
            .map_err(failed)?;
        Ok(Response::new(proto::EnvironmentWrite {
            project: request.project,
            environment: request.environment,
            widened: Vec::new(),
        }))
    }

    async fn remove_access_entry(
        &self,
        request: Request<proto::RemoveAccessEntryRequest>,
    ) -> Result<Response<proto::EnvironmentWrite>, tonic::Status> {
        let caller = convert::transport(&request)?;
        let request = request.into_inner();
        self.handle()
            .environments()
            .remove_access(&caller, &request.project, &request.environment, request.id)
            .await
            .map_err(failed)?;
        Ok(Response::new(proto::EnvironmentWrite {
            project: request.project,
            environment: request.environment,
            widened: Vec::new(),
        }))
    }

    async fn propose_environment(
        &self,
        request: Request<proto::ProposeEnvironmentRequest>,
    ) -> Result<Response<proto::ProposalWrite>, tonic::Status> {
        let caller = convert::transport(&request)?;
        let request = request.into_inner();
        let change = change(request.change)?;
        let id = self
            .handle()
            .environments()
            .propose(&caller, &request.project, &change, &request.reason)
            .await
            .map_err(failed)?;
        Ok(Response::new(proto::ProposalWrite { id }))
    }

    async fn list_environment_proposals(
        &self,
        request: Request<proto::ListEnvironmentProposalsRequest>,
    ) -> Result<Response<proto::ListEnvironmentProposalsResponse>, tonic::Status> {
        let caller = convert::transport(&request)?;
        let environments = self.handle().environments();
        let rows = match request.into_inner().project {
            Some(project) => {
                environments
                    .map(&caller, &project)
                    .await
                    .map_err(failed)?
                    .proposals
            }
            None => environments.env_proposals().await.map_err(failed)?,
        };
        Ok(Response::new(proto::ListEnvironmentProposalsResponse {
            proposals: rows.into_iter().map(env_proposal).collect(),
        }))
    }

    async fn decide_environment_proposal(
        &self,
        request: Request<proto::DecideProposalRequest>,
    ) -> Result<Response<proto::ProposalDecision>, tonic::Status> {
        let caller = convert::transport(&request)?;
        let request = request.into_inner();
        let widened = self
            .handle()
            .environments()
            .decide(&caller, request.id, request.accept, request.confirm)
            .await
            .map_err(failed)?;
        Ok(Response::new(decision(request.id, request.accept, widened)))
    }

    async fn get_policy(
        &self,
        request: Request<proto::GetPolicyRequest>,
    ) -> Result<Response<proto::Policy>, tonic::Status> {
        let scope = scope(&request.into_inner().scope)?;
        let environments = self.handle().environments();
        let view = environments.effective(&scope).await.map_err(failed)?;
        let layer = environments.layer(&scope).await.map_err(failed)?;
        Ok(Response::new(policy_message(view, &layer)))
    }

    async fn list_policy_layers(
        &self,
        _request: Request<proto::ListPolicyLayersRequest>,
    ) -> Result<Response<proto::PolicyLayers>, tonic::Status> {
        let layers = self.handle().environments().layers().await.map_err(failed)?;
        Ok(Response::new(proto::PolicyLayers {
            layers: layers
                .into_iter()
                .map(|layer| proto::PolicyLayerInfo {
                    scope: layer.scope,
                    changed_at_ms: layer.changed_at_ms,
                    changed_by: layer.changed_by,
                    settings: layer.settings,
                    errors: layer.errors,
                    path: layer.path,
                })
                .collect(),
        }))
    }

    async fn set_policy_layer(
        &self,
        request: Request<proto::SetPolicyLayerRequest>,
    ) -> Result<Response<proto::PolicyWrite>, tonic::Status> {
        let caller = convert::transport(&request)?;
        let request = request.into_inner();
        let scope = scope(&request.scope)?;
        let layer = json_field("layer_json", &request.layer_json)?;
        let widened = self
            .handle()
            .environments()
            .set_layer(&caller, &scope, layer.as_ref(), request.confirm)
            .await
            .map_err(failed)?;
        Ok(Response::new(proto::PolicyWrite {
            scope: scope.to_string(),
            widened,
        }))
    }

    async fn preview_policy_layer(
        &self,
        request: Request<proto::PreviewPolicyLayerRequest>,
    ) -> Result<Response<proto::PolicyPreview>, tonic::Status> {
        let request = request.into_inner();
        let scope = scope(&request.scope)?;
        let layer = json_field("layer_json", &request.layer_json)?;
        let preview = self
            .handle()
            .environments()
            .preview_layer(&scope, layer.as_ref())
            .await
            .map_err(failed)?;
        Ok(Response::new(proto::PolicyPreview {
            scope: preview.scope,
            chain: preview.chain,
            lines: preview.lines,
            widened: preview.widened,
            values: values(preview.values),
        }))
    }

    async fn set_policy_preset(
        &self,
        request: Request<proto::SetPolicyPresetRequest>,
    ) -> Result<Response<proto::PolicyWrite>, tonic::Status> {
        let caller = convert::transport(&request)?;
        let request = request.into_inner();
        let widened = self
            .handle()
            .environments()
            .set_preset(&caller, &request.preset, request.confirm)
            .await
            .map_err(failed)?;
        Ok(Response::new(proto::PolicyWrite {
            scope: Scope::Global.to_string(),
            widened,
        }))
    }

    async fn propose_policy(
        &self,
        request: Request<proto::ProposePolicyRequest>,
    ) -> Result<Response<proto::ProposalWrite>, tonic::Status> {
        let caller = convert::transport(&request)?;
        let request = request.into_inner();
        let scope = scope(&request.scope)?;
        let patch = json_field("patch_json", &request.patch_json)?.ok_or_else(|| {
            tonic::Status::invalid_argument(
                "patch_json is empty; send the JSON object to merge. Nothing changed.",
            )
        })?;
        let id = self
            .handle()
            .environments()
            .propose_policy(&caller, &scope, &patch, &request.reason)
            .await
            .map_err(failed)?;
        Ok(Response::new(proto::ProposalWrite { id }))
    }

    async fn list_policy_proposals(
        &self,
        _request: Request<proto::ListPolicyProposalsRequest>,
    ) -> Result<Response<proto::ListPolicyProposalsResponse>, tonic::Status> {
        let rows = self
            .handle()
            .environments()
            .policy_proposals()
            .await
            .map_err(failed)?;
        Ok(Response::new(proto::ListPolicyProposalsResponse {
            proposals: rows.into_iter().map(policy_proposal).collect(),
        }))
    }

    async fn decide_policy_proposal(
        &self,
        request: Request<proto::DecideProposalRequest>,
    ) -> Result<Response<proto::ProposalDecision>, tonic::Status> {
        let caller = convert::transport(&request)?;
        let request = request.into_inner();
        let widened = self
            .handle()
            .environments()
            .decide_policy(&caller, request.id, request.accept, request.confirm)
            .await
            .map_err(failed)?;
        Ok(Response::new(decision(request.id, request.accept, widened)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environment_errors_map_to_the_codes_clients_branch_on() {
        let cases = [
            (
                EnvError::NeedsConfirmation(vec!["the agents' level on live rises to full".into()]),
                tonic::Code::FailedPrecondition,
            ),
            (
                EnvError::Decided {
                    id: 3,
                    status: "accepted".into(),
                },
                tonic::Code::FailedPrecondition,
            ),
            (
                EnvError::UnknownProposal {
                    what: "policy",
                    id: 9,
                },
                tonic::Code::NotFound,
            ),
            (
                EnvError::OwnerOnly(crate::caller::OwnerOnly("only the owner".into())),
                tonic::Code::PermissionDenied,
            ),
            (EnvError::Invalid("bad".into()), tonic::Code::InvalidArgument),
        ];
        for (err, code) in cases {
            let message = err.to_string();
            let status = failed(err);
            assert_eq!(status.code(), code, "{message}");
            assert_eq!(status.message(), message, "the service's words pass unchanged");
        }
    }

    #[test]
    fn a_refusal_that_needs_the_second_confirmation_lists_what_it_widens_in_metadata() {
        let widened = vec![
            "the agents' level on live rises to full".to_owned(),
            "guard.mode weakens to log".to_owned(),
        ];
        let status = failed(EnvError::NeedsConfirmation(widened.clone()));
        let bytes = status
            .metadata()
            .get_bin(WIDENS_METADATA)
            .expect("the metadata is there")
            .to_bytes()
            .unwrap();
        let listed: Vec<String> = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(listed, widened);
        let other = failed(EnvError::Decided {
            id: 3,
            status: "accepted".into(),
        });
        assert!(
            other.metadata().get_bin(WIDENS_METADATA).is_none(),
            "only that refusal carries it"
        );
    }

    #[test]
    fn an_access_field_given_twice_is_refused_naming_it() {
        let request = proto::EnvironmentChange {
            environment: "live".into(),
            access: vec![proto::AccessInput {
                id: None,
                kind: "ssh".into(),
                fields: vec![
                    proto::AccessField {
                        name: "host".into(),
                        value: "a".into(),
                        test: false,
                    },
                    proto::AccessField {
                        name: "host".into(),
                        value: "b".into(),
                        test: false,
                    },
                ],
            }],
            ..Default::default()
        };
        let status = change(Some(request)).unwrap_err();
        assert_eq!(status.code(), tonic::Code::InvalidArgument);
        assert!(
            status.message().contains("\"host\" is given twice"),
            "{}",
            status.message()
        );
    }
}
