//! One daemon per data directory: the lock lives in relay-core ([`relay_core::lock`]) because the client
//! probes it too.

pub use relay_core::lock::{DataLock, LockError, holder_pid, is_held};
