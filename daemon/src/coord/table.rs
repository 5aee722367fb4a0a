//! The lock table: every rule of claiming, renewing, releasing and expiring, on one mutex, without I/O.

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::contention::{Contention, ContentionLog};
use super::intent::{Intent, IntentCache, meaningful};
use super::key::{LockKey, lock_key};
use super::view::{
    ClaimOutcome, Holding, LockRecord, LockState, LockView, Presence, RestoreReport, SweepReport,
};
use super::{ClaimError, LockConfig, MAX_BATCH, Ttl};
use relay_core::owner::{Owner, SessionId};

/// The file locks of every workspace relayd serves. Cheap to share behind an `Arc`; every method takes the one
/// mutex for a few microseconds and never waits on anything else. Times are Unix milliseconds passed in by
/// the caller, so the table is the same under a test clock and after a restart.
#[derive(Debug)]
pub struct LockTable {
    config: LockConfig,
    inner: Mutex<Inner>,
}

#[derive(Debug)]
struct Inner {
    slots: HashMap<LockKey, Slot>,
    /// The keys each session holds (expired ones stay until swept or taken).
    held: HashMap<SessionId, HashSet<LockKey>>,
    intents: IntentCache,
    contentions: ContentionLog,
}

#[derive(Debug, Default)]
struct Slot {
    lock: Option<Lock>,
    waiters: Vec<Presence>,
    readers: Vec<Presence>,
}

#[derive(Debug)]
struct Lock {
    holder: Owner,
    since_ms: i64,
    renewed_at_ms: i64,
    expires_at_ms: i64,
    released_at_ms: Option<i64>,
    hint: Option<Intent>,
}

impl Lock {
    /// Whether the lock refuses other sessions at `now_ms`.
    fn arbitrates(&self, now_ms: i64) -> bool {
        self.released_at_ms.is_none() && self.expires_at_ms > now_ms
    }

    /// When a lock that no longer arbitrates stopped doing so.
    fn ended_at(&self) -> i64 {
        self.released_at_ms.unwrap_or(self.expires_at_ms)
    }
}

/// Notes `owner` in a waiter or reader list: first time kept, last time moved.
fn mark(list: &mut Vec<Presence>, owner: &Owner, now_ms: i64) {
    match list.iter_mut().find(|p| p.owner == *owner) {
        Some(found) => found.last_at_ms = found.last_at_ms.max(now_ms),
        None => list.push(Presence {
            owner: owner.clone(),
            since_ms: now_ms,
            last_at_ms: now_ms,
        }),
    }
}

fn ms(duration: std::time::Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

impl Default for LockTable {
    fn default() -> LockTable {
        LockTable::new(LockConfig::default())
    }
}

impl LockTable {
    pub fn new(config: LockConfig) -> LockTable {
        let inner = Inner {
            slots: HashMap::new(),
            held: HashMap::new(),
            intents: IntentCache::default(),
            contentions: ContentionLog::new(config.contention_capacity),
        };
        LockTable {
            config,
            inner: Mutex::new(inner),
        }
    }

    pub fn config(&self) -> &LockConfig {
        &self.config
    }

    /// Nothing under the mutex panics short of running out of memory, and each entry stays well-formed between
    /// two statements, so a poisoned mutex is taken as it is rather than failing every hook after it.
    fn inner(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Claims `paths` (relative to `workspace`, or absolute inside it) for `owner`, all or nothing. Paths are
    /// normalised, deduplicated and sorted first; a path held by another session refuses the whole claim, and
    /// then `owner` is noted as a waiter and a contention is counted for every such path. Paths `owner`
    /// already holds are renewed. `intent_hint` (filler ignored) is what deny messages quote when the holder has
    /// no prompt in the intent cache.
    pub fn claim<P: AsRef<str>>(
        &self,
        owner: &Owner,
        workspace: &str,
        paths: &[P],
        intent_hint: Option<&str>,
        now_ms: i64,
    ) -> Result<ClaimOutcome, ClaimError> {
        if paths.len() > MAX_BATCH {
            return Err(ClaimError::TooMany { count: paths.len() });
        }
        let mut keys = paths
            .iter()
            .map(|p| lock_key(workspace, p.as_ref()))
            .collect::<Result<Vec<_>, _>>()?;
        keys.sort_unstable();
        keys.dedup();
        let hint = intent_hint
            .and_then(meaningful)
            .map(|text| Intent { text, at_ms: now_ms });
        let ttl = self.config.ttl;
        Ok(self.inner().claim(owner, keys, hint, ttl, now_ms))
    }

    /// Renews every lock `owner` holds (the post-tool heartbeat). Expired locks are not revived. Returns how
    /// many were renewed.
    pub fn heartbeat(&self, owner: &Owner, now_ms: i64) -> usize {
        let expires_at_ms = now_ms.saturating_add(self.config.ttl.as_ms());
        let mut inner = self.inner();
        let Inner { slots, held, .. } = &mut *inner;
        let Some(keys) = held.get(owner.session()) else {
            return 0;
        };
        let mut renewed = 0;
        for key in keys {
            if let Some(lock) = slots.get_mut(key).and_then(|s| s.lock.as_mut())
                && lock.holder == *owner
                && lock.arbitrates(now_ms)
            {
                lock.expires_at_ms = lock.expires_at_ms.max(expires_at_ms);
                lock.renewed_at_ms = now_ms;
                renewed += 1;
            }
        }
        renewed
    }

    /// Releases every lock `owner` holds (its stop or session end) and forgets it as a waiter and a reader.
    /// Released locks stay listed for [`LockConfig::released_visible`] without refusing anyone. Returns the
    /// released keys in order.
    pub fn release_owner(&self, owner: &Owner, now_ms: i64) -> Vec<LockKey> {
        let mut inner = self.inner();
        let Inner { slots, held, .. } = &mut *inner;
        let mut released = Vec::new();
        for key in held.remove(owner.session()).unwrap_or_default() {
            if let Some(lock) = slots.get_mut(&key).and_then(|s| s.lock.as_mut())
                && lock.holder == *owner
                && lock.arbitrates(now_ms)
            {
                lock.released_at_ms = Some(now_ms);
                released.push(key);
            }
        }
        for slot in slots.values_mut() {
            slot.waiters.retain(|p| p.owner != *owner);
            slot.readers.retain(|p| p.owner != *owner);
        }
        released.sort_unstable();
        released
    }

    /// Notes that `owner` read a file. Never refuses and never blocks a writer; when another session holds the
    /// file, says who and why, so the reader knows it may change under it.
    pub fn read_presence(
        &self,
        owner: &Owner,
        workspace: &str,
        path: &str,
        now_ms: i64,
    ) -> Result<Option<Holding>, ClaimError> {
        let key = lock_key(workspace, path)?;
        let mut inner = self.inner();
        let Inner { slots, intents, .. } = &mut *inner;
        let slot = slots.entry(key.clone()).or_default();
        mark(&mut slot.readers, owner, now_ms);
        let other = slot
            .lock
            .as_ref()
            .filter(|l| l.arbitrates(now_ms) && l.holder != *owner);
        Ok(other.map(|lock| holding(&key, lock, intents, now_ms)))
    }

    /// Keeps `prompt` as the intent of `owner`'s session unless it is filler ("continue", "yes", "hi", …) or
    /// older than the one kept. Returns whether it was kept.
    pub fn record_prompt(&self, owner: &Owner, prompt: &str, at_ms: i64) -> bool {
        self.inner().intents.record(owner.session(), prompt, at_ms)
    }

    /// The intent kept for a session.
    pub fn intent(&self, session: &SessionId) -> Option<Intent> {
        self.inner().intents.get(session).cloned()
    }

    /// Turns expired locks into released ones (returned, once each) and forgets released locks, waiters,
    /// readers and intents whose time is up. Run every few seconds; claims never depend on it.
    pub fn sweep(&self, now_ms: i64) -> SweepReport {
        let config = &self.config;
        let (visible, waiting, reading) = (
            ms(config.released_visible),
            ms(config.waiter_window),
            ms(config.presence_window),
        );
        let mut report = SweepReport::default();
        let mut inner = self.inner();
        let Inner {
            slots,
            held,
            intents,
            contentions,
        } = &mut *inner;
        slots.retain(|key, slot| {
            if let Some(lock) = slot.lock.as_mut() {
                if lock.released_at_ms.is_none() && lock.expires_at_ms <= now_ms {
                    lock.released_at_ms = Some(lock.expires_at_ms);
                    report.expired.push(key.clone());
                    if let Some(keys) = held.get_mut(lock.holder.session()) {
                        keys.remove(key);
                    }
                }
                if !lock.arbitrates(now_ms) && lock.ended_at().saturating_add(visible) <= now_ms {
                    slot.lock = None;
                    report.forgotten += 1;
                }
            }
            let before = slot.waiters.len() + slot.readers.len();
            slot.waiters
                .retain(|p| p.last_at_ms.saturating_add(waiting) > now_ms);
            slot.readers
                .retain(|p| p.last_at_ms.saturating_add(reading) > now_ms);
            report.forgotten += before - slot.waiters.len() - slot.readers.len();
            slot.lock.is_some() || !slot.waiters.is_empty() || !slot.readers.is_empty()
        });
        held.retain(|_, keys| !keys.is_empty());
        let before = now_ms.saturating_sub(ms(config.intent_retention));
        report.forgotten += intents.forget_older(before, |session| held.contains_key(session));
        contentions.close_buckets(now_ms);
        report.expired.sort_unstable();
        report
    }

    /// Every file with a lock (held, or released within [`LockConfig::released_visible`]), a waiter or a
    /// reader, in key order.
    pub fn locks(&self, now_ms: i64) -> Vec<LockView> {
        let config = &self.config;
        let (visible, waiting, reading) = (
            ms(config.released_visible),
            ms(config.waiter_window),
            ms(config.presence_window),
        );
        let inner = self.inner();
        let mut views: Vec<LockView> = inner
            .slots
            .iter()
            .filter_map(|(key, slot)| {
                let state = match &slot.lock {
                    Some(lock) if lock.arbitrates(now_ms) => LockState::Held {
                        holder: lock.holder.clone(),
                        since_ms: lock.since_ms,
                        renewed_at_ms: lock.renewed_at_ms,
                        expires_at_ms: lock.expires_at_ms,
                        intent: inner
                            .intents
                            .get(lock.holder.session())
                            .or(lock.hint.as_ref())
                            .cloned(),
                    },
                    Some(lock) if lock.ended_at().saturating_add(visible) > now_ms => LockState::Released {
                        holder: lock.holder.clone(),
                        since_ms: lock.since_ms,
                        released_at_ms: lock.ended_at(),
                    },
                    _ => LockState::Free,
                };
                let live = |list: &[Presence], window: i64| -> Vec<Presence> {
                    list.iter()
                        .filter(|p| p.last_at_ms.saturating_add(window) > now_ms)
                        .cloned()
                        .collect()
                };
                let waiters = live(&slot.waiters, waiting);
                let readers = live(&slot.readers, reading);
                let listed = state != LockState::Free || !waiters.is_empty() || !readers.is_empty();
                listed.then(|| LockView {
                    key: key.clone(),
                    state,
                    waiters,
                    readers,
                })
            })
            .collect();
        views.sort_unstable_by(|a, b| a.key.cmp(&b.key));
        views
    }

    /// The most recent contentions (at most [`LockConfig::contention_capacity`]), oldest first.
    pub fn contentions(&self) -> Vec<Contention> {
        self.inner().contentions.list()
    }

    /// Every lock not released, as a snapshot stores them, in key order. Expired ones are included;
    /// [`LockTable::restore`] drops them.
    pub fn entries(&self) -> Vec<LockRecord> {
        let inner = self.inner();
        let mut records: Vec<LockRecord> = inner
            .slots
            .iter()
            .filter_map(|(key, slot)| {
                let lock = slot.lock.as_ref().filter(|l| l.released_at_ms.is_none())?;
                Some(LockRecord {
                    workspace: key.workspace().to_owned(),
                    path: key.path().to_owned(),
                    agent_label: lock.holder.agent_label().to_owned(),
                    host: lock.holder.host().to_owned(),
                    session: lock.holder.session().as_str().to_owned(),
                    since_ms: lock.since_ms,
                    renewed_at_ms: lock.renewed_at_ms,
                    expires_at_ms: lock.expires_at_ms,
                    intent_hint: lock.hint.clone(),
                })
            })
            .collect();
        records.sort_unstable_by(|a, b| (&a.workspace, &a.path).cmp(&(&b.workspace, &b.path)));
        records
    }

    /// Takes back the locks of a snapshot after a restart: expired records are dropped, an expiry further than
    /// the longest TTL from `now_ms` (a clock that jumped) is cut to it, and of two records for one file held by
    /// different sessions the one taken first wins. Live locks already in the table are kept.
    pub fn restore(&self, records: Vec<LockRecord>, now_ms: i64) -> RestoreReport {
        let mut records = records;
        records.sort_by_key(|r| r.since_ms);
        let longest = now_ms.saturating_add(Ttl::MAX.as_ms());
        let mut report = RestoreReport::default();
        let mut inner = self.inner();
        let Inner { slots, held, .. } = &mut *inner;
        for record in records {
            if record.expires_at_ms <= now_ms {
                report.expired += 1;
                continue;
            }
            let parsed = lock_key(&record.workspace, &record.path)
                .map_err(|e| e.to_string())
                .and_then(|key| {
                    let session = SessionId::new(&record.session).map_err(|e| e.to_string())?;
                    let owner =
                        Owner::new(&record.agent_label, &record.host, session).map_err(|e| e.to_string())?;
                    Ok((key, owner))
                });
            let (key, holder) = match parsed {
                Ok(parsed) => parsed,
                Err(reason) => {
                    report
                        .invalid
                        .push(format!("lock on {:?}: {reason}", record.path));
                    continue;
                }
            };
            let slot = slots.entry(key.clone()).or_default();
            if let Some(lock) = slot.lock.as_ref().filter(|l| l.arbitrates(now_ms)) {
                if lock.holder != holder {
                    report.conflicting += 1;
                }
                continue;
            }
            held.entry(holder.session().clone()).or_default().insert(key);
            slot.lock = Some(Lock {
                holder,
                since_ms: record.since_ms,
                renewed_at_ms: record.renewed_at_ms,
                expires_at_ms: record.expires_at_ms.min(longest),
                released_at_ms: None,
                hint: record.intent_hint,
            });
            report.restored += 1;
        }
        report
    }
}

/// The answer about `lock` as another session sees it: the holder's cached prompt, else its claim's hint.
fn holding(key: &LockKey, lock: &Lock, intents: &IntentCache, now_ms: i64) -> Holding {
    Holding {
        path: key.clone(),
        holder: lock.holder.clone(),
        intent: intents.get(lock.holder.session()).or(lock.hint.as_ref()).cloned(),
        since_ms: lock.since_ms,
        at_ms: now_ms,
    }
}

impl Inner {
    fn claim(
        &mut self,
        owner: &Owner,
        keys: Vec<LockKey>,
        hint: Option<Intent>,
        ttl: Ttl,
        now_ms: i64,
    ) -> ClaimOutcome {
        let Inner {
            slots,
            held,
            intents,
            contentions,
        } = self;

        // Refused if any path is held by another session: note the wait and the contention on each.
        let mut denial: Option<Holding> = None;
        for key in &keys {
            let Some(slot) = slots.get_mut(key) else { continue };
            let Some(lock) = slot
                .lock
                .as_ref()
                .filter(|l| l.arbitrates(now_ms) && l.holder != *owner)
            else {
                continue;
            };
            contentions.record(key, &lock.holder, owner, now_ms);
            if denial.is_none() {
                denial = Some(holding(key, lock, intents, now_ms));
            }
            mark(&mut slot.waiters, owner, now_ms);
        }
        if let Some(denial) = denial {
            return ClaimOutcome::Denied(denial);
        }

        // Granted: renew what the owner holds, take the rest.
        let expires_at_ms = now_ms.saturating_add(ttl.as_ms());
        let (mut renewed, mut new) = (Vec::new(), Vec::new());
        for key in keys {
            let slot = match slots.get_mut(&key) {
                Some(slot) => slot,
                None => slots.entry(key.clone()).or_default(),
            };
            slot.waiters.retain(|p| p.owner != *owner);
            match slot.lock.as_mut() {
                Some(lock) if lock.arbitrates(now_ms) => {
                    lock.expires_at_ms = lock.expires_at_ms.max(expires_at_ms);
                    lock.renewed_at_ms = now_ms;
                    if lock.holder.agent_label() != owner.agent_label() || lock.holder.host() != owner.host()
                    {
                        lock.holder = owner.clone();
                    }
                    if hint.is_some() {
                        lock.hint.clone_from(&hint);
                    }
                    renewed.push(key);
                }
                previous => {
                    if let Some(old) = previous.filter(|old| old.holder != *owner)
                        && let Some(keys) = held.get_mut(old.holder.session())
                    {
                        keys.remove(&key);
                    }
                    slot.lock = Some(Lock {
                        holder: owner.clone(),
                        since_ms: now_ms,
                        renewed_at_ms: now_ms,
                        expires_at_ms,
                        released_at_ms: None,
                        hint: hint.clone(),
                    });
                    held.entry(owner.session().clone())
                        .or_default()
                        .insert(key.clone());
                    new.push(key);
                }
            }
        }
        ClaimOutcome::Granted {
            renewed,
            new,
            expires_at_ms,
        }
    }
}
