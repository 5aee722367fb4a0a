//! Contentions: one record per (file, holder, wanter, 10 s bucket), so an agent retrying a refused claim in a
//! loop leaves one record with a count instead of a storm.

use std::collections::{HashMap, VecDeque};

use serde::Serialize;

use super::key::LockKey;
use relay_core::owner::{Owner, SessionId};

/// Width of a contention bucket. Buckets are aligned to the Unix epoch, so the same block replayed elsewhere
/// falls into the same bucket (the graph keys contentions by it).
pub const CONTENTION_BUCKET_MS: i64 = 10_000;

/// One holder blocking one wanter on one file within one bucket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Contention {
    /// Increasing from 1 for the life of the table.
    pub id: u64,
    pub key: LockKey,
    pub holder: Owner,
    pub wanted_by: Owner,
    /// Start of the bucket (Unix ms, a multiple of [`CONTENTION_BUCKET_MS`]).
    pub bucket_ms: i64,
    pub first_at_ms: i64,
    pub last_at_ms: i64,
    /// Refused claims folded into this record.
    pub count: u32,
}

type BucketKey = (LockKey, SessionId, SessionId, i64);

/// The most recent contentions, oldest dropped first past `capacity`.
#[derive(Debug)]
pub(crate) struct ContentionLog {
    records: VecDeque<Contention>,
    /// Records of the buckets still open, by id.
    open: HashMap<BucketKey, u64>,
    next_id: u64,
    capacity: usize,
}

impl ContentionLog {
    pub(crate) fn new(capacity: usize) -> ContentionLog {
        ContentionLog {
            records: VecDeque::new(),
            open: HashMap::new(),
            next_id: 1,
            capacity: capacity.max(1),
        }
    }

    /// Counts one refused claim; returns the id of the record it was folded into.
    pub(crate) fn record(&mut self, key: &LockKey, holder: &Owner, wanted_by: &Owner, now_ms: i64) -> u64 {
        let bucket_ms = now_ms.div_euclid(CONTENTION_BUCKET_MS) * CONTENTION_BUCKET_MS;
        let bucket = (
            key.clone(),
            holder.session().clone(),
            wanted_by.session().clone(),
            bucket_ms,
        );
        if let Some(&id) = self.open.get(&bucket)
            && let Some(record) = self.by_id_mut(id)
        {
            record.count = record.count.saturating_add(1);
            record.last_at_ms = record.last_at_ms.max(now_ms);
            return id;
        }
        let id = self.next_id;
        self.next_id += 1;
        self.records.push_back(Contention {
            id,
            key: key.clone(),
            holder: holder.clone(),
            wanted_by: wanted_by.clone(),
            bucket_ms,
            first_at_ms: now_ms,
            last_at_ms: now_ms,
            count: 1,
        });
        self.open.insert(bucket, id);
        while self.records.len() > self.capacity {
            self.records.pop_front();
        }
        id
    }

    fn by_id_mut(&mut self, id: u64) -> Option<&mut Contention> {
        let first = self.records.front()?.id;
        let index = usize::try_from(id.checked_sub(first)?).ok()?;
        self.records.get_mut(index)
    }

    /// Closes the buckets that ended before `now_ms`.
    pub(crate) fn close_buckets(&mut self, now_ms: i64) {
        let current = now_ms.div_euclid(CONTENTION_BUCKET_MS) * CONTENTION_BUCKET_MS;
        self.open.retain(|(_, _, _, bucket), _| *bucket >= current);
    }

    pub(crate) fn list(&self) -> Vec<Contention> {
        self.records.iter().cloned().collect()
    }
}
