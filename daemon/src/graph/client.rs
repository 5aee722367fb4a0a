//! The one seam to FalkorDB: [`GraphClient`] sends a Cypher query with typed parameters (the `falkordb` crate
//! encodes them as literals of the `CYPHER name=value` preamble, escaped; no query text is ever built from data)
//! to one graph, bounded by a timeout on the server and one on the client, and returns its rows as JSON values.

use std::time::Duration;

use falkordb::{FalkorAsyncClient, FalkorClientBuilder, FalkorConnectionInfo, FalkorValue};
use tokio_stream::StreamExt;

use super::GraphError;

/// How long dialing may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Added to a query's server-side timeout for the client's own bound (the server answers a timeout itself first).
const CLIENT_GRACE: Duration = Duration::from_secs(2);

/// A query's parameters: each name (`$name` in the Cypher) with its value.
pub type Params<'a> = Vec<(&'a str, FalkorValue)>;

/// `value` as a parameter value (objects become maps, arrays lists).
pub fn param(value: serde_json::Value) -> FalkorValue {
    use serde_json::Value;
    match value {
        Value::Null => FalkorValue::None,
        Value::Bool(b) => FalkorValue::Bool(b),
        Value::Number(n) => n
            .as_i64()
            .map(FalkorValue::I64)
            .unwrap_or_else(|| FalkorValue::F64(n.as_f64().unwrap_or(0.0))),
        Value::String(s) => FalkorValue::String(s),
        Value::Array(items) => FalkorValue::Array(items.into_iter().map(param).collect()),
        Value::Object(map) => FalkorValue::Map(map.into_iter().map(|(k, v)| (k, param(v))).collect()),
    }
}

/// What a query returned: the column names, the rows, and the server's statistics lines (`Nodes created: 2`).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Answer {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<serde_json::Value>>,
    pub stats: Vec<String>,
}

impl Answer {
    /// The first column of the first row.
    pub fn scalar(&self) -> Option<&serde_json::Value> {
        self.rows.first().and_then(|row| row.first())
    }

    /// The rows as objects keyed by column name.
    pub fn records(&self) -> Vec<serde_json::Map<String, serde_json::Value>> {
        self.rows
            .iter()
            .map(|row| self.columns.iter().cloned().zip(row.iter().cloned()).collect())
            .collect()
    }
}

/// A connection to one FalkorDB server (cheap to clone).
#[derive(Clone)]
pub struct GraphClient {
    client: FalkorAsyncClient,
    shown: String,
}

impl std::fmt::Debug for GraphClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GraphClient").field("url", &self.shown).finish()
    }
}

impl GraphClient {
    /// Dials `url` (`falkor://[user:password@]host:port` or `redis://…`) and checks that FalkorDB answers.
    pub async fn connect(url: &str) -> Result<GraphClient, GraphError> {
        let shown = relay_core::config::graph_url_shown(url);
        let unreachable = |reason: String| GraphError::Unreachable {
            url: shown.clone(),
            reason,
        };
        let info: FalkorConnectionInfo =
            url.try_into()
                .map_err(|err: falkordb::FalkorDBError| GraphError::BadUrl {
                    url: shown.clone(),
                    reason: err.to_string(),
                })?;
        let build = FalkorClientBuilder::new_async()
            .with_connection_info(info)
            .with_num_connections(std::num::NonZeroU8::MIN.saturating_add(1))
            .with_connect_timeout(Some(CONNECT_TIMEOUT))
            .build();
        let client = tokio::time::timeout(CONNECT_TIMEOUT + CLIENT_GRACE, build)
            .await
            .map_err(|_| unreachable(format!("no answer within {CONNECT_TIMEOUT:?}")))?
            .map_err(|err| unreachable(err.to_string()))?;
        let client = GraphClient { client, shown };
        client
            .write("relay_probe", "RETURN 1", Vec::new(), CONNECT_TIMEOUT)
            .await?;
        Ok(client)
    }

    /// The URL with its password hidden.
    pub fn shown_url(&self) -> &str {
        &self.shown
    }

    /// Runs a writing query on `graph`.
    pub async fn write(
        &self,
        graph: &str,
        cypher: &str,
        params: Params<'_>,
        timeout: Duration,
    ) -> Result<Answer, GraphError> {
        self.run(graph, cypher, params, timeout, false).await
    }

    /// Runs a read-only query on `graph` (`GRAPH.RO_QUERY`: the server refuses one that writes).
    pub async fn read(
        &self,
        graph: &str,
        cypher: &str,
        params: Params<'_>,
        timeout: Duration,
    ) -> Result<Answer, GraphError> {
        self.run(graph, cypher, params, timeout, true).await
    }

    /// Deletes `graph`; a graph that does not exist is not an error.
    pub async fn delete_graph(&self, graph: &str) -> Result<(), GraphError> {
        let mut handle = self.client.select_graph(graph);
        match tokio::time::timeout(CONNECT_TIMEOUT + CLIENT_GRACE, handle.delete()).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(err))
                if err.to_string().contains("empty key") || err.to_string().contains("Invalid graph") =>
            {
                Ok(())
            }
            Ok(Err(err)) => Err(self.failed(graph, "GRAPH.DELETE", err)),
            Err(_) => Err(GraphError::TimedOut {
                graph: graph.to_owned(),
                after: CONNECT_TIMEOUT + CLIENT_GRACE,
                cypher: "GRAPH.DELETE".to_owned(),
            }),
        }
    }

    /// The graphs on the server.
    pub async fn graphs(&self) -> Result<Vec<String>, GraphError> {
        match tokio::time::timeout(CONNECT_TIMEOUT + CLIENT_GRACE, self.client.list_graphs()).await {
            Ok(Ok(graphs)) => Ok(graphs),
            Ok(Err(err)) => Err(self.failed("*", "GRAPH.LIST", err)),
            Err(_) => Err(GraphError::TimedOut {
                graph: "*".to_owned(),
                after: CONNECT_TIMEOUT + CLIENT_GRACE,
                cypher: "GRAPH.LIST".to_owned(),
            }),
        }
    }

    async fn run(
        &self,
        graph: &str,
        cypher: &str,
        params: Params<'_>,
        timeout: Duration,
        read_only: bool,
    ) -> Result<Answer, GraphError> {
        let timed_out = || GraphError::TimedOut {
            graph: graph.to_owned(),
            after: timeout,
            cypher: cypher.to_owned(),
        };
        let mut handle = self.client.select_graph(graph);
        let server_ms = i64::try_from(timeout.as_millis()).unwrap_or(i64::MAX).max(1);
        let work = async {
            let builder = if read_only {
                handle.ro_query(cypher)
            } else {
                handle.query(cypher)
            };
            let result = builder
                .with_params(params)
                .with_timeout(server_ms)
                .execute()
                .await?;
            let columns = result.header.iter().cloned().collect();
            let stats = result.stats.clone();
            let mut rows = Vec::new();
            let mut data = result.data;
            while let Some(row) = data.next().await {
                rows.push(row?.into_values().into_iter().map(json_of).collect());
            }
            Ok::<_, falkordb::FalkorDBError>(Answer { columns, rows, stats })
        };
        match tokio::time::timeout(timeout + CLIENT_GRACE, work).await {
            Err(_) => Err(timed_out()),
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(err)) if err.to_string().to_lowercase().contains("timed out") => Err(timed_out()),
            Ok(Err(err)) if err.to_string().contains("empty key") => Err(GraphError::Missing {
                graph: graph.to_owned(),
            }),
            Ok(Err(err)) => Err(self.failed(graph, cypher, err)),
        }
    }

    fn failed(&self, graph: &str, cypher: &str, err: falkordb::FalkorDBError) -> GraphError {
        let reason = err.to_string();
        let lost = matches!(
            err,
            falkordb::FalkorDBError::ConnectionDown
                | falkordb::FalkorDBError::NoConnection
                | falkordb::FalkorDBError::EmptyConnection
        ) || reason.contains("connection")
            || reason.contains("Connection")
            || reason.contains("broken pipe")
            || reason.contains("refused");
        if lost {
            GraphError::Unreachable {
                url: self.shown.clone(),
                reason,
            }
        } else {
            GraphError::Query {
                graph: graph.to_owned(),
                cypher: cypher.to_owned(),
                reason,
            }
        }
    }
}

/// A FalkorDB value as JSON: nodes and edges as their properties (with `_labels` / `_type`).
pub fn json_of(value: FalkorValue) -> serde_json::Value {
    use serde_json::Value;
    match value {
        FalkorValue::None => Value::Null,
        FalkorValue::Bool(b) => Value::Bool(b),
        FalkorValue::I64(n) => Value::from(n),
        FalkorValue::F64(x) => serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number),
        FalkorValue::String(s) => Value::String(s),
        FalkorValue::Array(items) => Value::Array(items.into_iter().map(json_of).collect()),
        FalkorValue::Map(map) => Value::Object(map.into_iter().map(|(k, v)| (k, json_of(v))).collect()),
        FalkorValue::Node(node) => {
            let mut object: serde_json::Map<String, Value> = node
                .properties
                .into_iter()
                .map(|(k, v)| (k, json_of(v)))
                .collect();
            object.insert("_labels".to_owned(), Value::from(node.labels));
            Value::Object(object)
        }
        FalkorValue::Edge(edge) => {
            let mut object: serde_json::Map<String, Value> = edge
                .properties
                .into_iter()
                .map(|(k, v)| (k, json_of(v)))
                .collect();
            object.insert("_type".to_owned(), Value::from(edge.relationship_type));
            Value::Object(object)
        }
        FalkorValue::Unparseable(text) => Value::String(text),
        other => Value::String(format!("{other:?}")),
    }
}
