//! The ledger step: a Stop (or SessionEnd) hook that names its transcript hands the file to the ledger's ingest
//! queue and passes. Nothing here reads the file or waits on SQLite: the queue is `try_send`, and a full one drops
//! the work (the watcher and the periodic scan read the file anyway).

use relay_core::hook::Phase;

use super::{HookCall, StepAnswer, StepFuture};
use crate::ledger::{Work, hook_transcript_format};

#[derive(Debug)]
pub struct Step;

impl super::Step for Step {
    fn name(&self) -> &'static str {
        "ledger"
    }

    fn run<'a>(&'a self, call: &'a HookCall<'a>) -> StepFuture<'a> {
        Box::pin(async move {
            let event = call.event;
            if matches!(event.phase, Phase::Stop | Phase::SessionEnd)
                && call.handle.config().graph_ingest
                && let Some(path) = &event.transcript_path
                && let Some(format) = path.to_str().and_then(|p| hook_transcript_format(event.agent, p))
            {
                let path = event.resolve(path);
                if !call.handle.ledger().offer(Work::Transcript { path, format }) {
                    tracing::debug!("the ledger's queue is full; the transcript is read at the next scan");
                }
            }
            StepAnswer::pass()
        })
    }
}
