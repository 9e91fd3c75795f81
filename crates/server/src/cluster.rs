//! Several nodes, one room: with a store several servers share (PostgreSQL), each table is
//! owned by one node through a lease (see [`crate::store::Store::acquire`]). This node renews
//! its leases, drops the tables whose lease it lost, takes over tables nobody holds (a node
//! died, or handed them over), finds where a table is served, and hands its tables over
//! before it stops.

use crate::actor::{self, Cmd, TableHandle};
use crate::store::Owner;
use crate::{tokens, Shared};
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Where a table is served.
pub(crate) enum Place {
    /// By this node (woken or taken over if need be).
    Here(TableHandle),
    /// By another node, which holds its live lease.
    There(Owner),
    /// Nowhere just now (its lease is changing hands, or this node is stopping): try again.
    Busy,
    /// There is no such table.
    Nowhere,
}

/// The live table with this public id, if this node has it.
pub(crate) fn local(state: &Shared, id: &str) -> Option<TableHandle> {
    let mut tables = state.tables.lock().expect("not poisoned");
    match tables.get(id) {
        Some(h) if h.tx.is_closed() => {
            // Its task ended (it left after losing its lease): forget it.
            tables.remove(id);
            None
        }
        other => other.cloned(),
    }
}

/// Lists a table's task just started, unless a live one of the same lease is listed already
/// (two requests woke it at once): the one listed is returned. One of an older lease is told to
/// leave.
pub(crate) fn install(state: &Shared, h: TableHandle) -> TableHandle {
    let mut tables = state.tables.lock().expect("not poisoned");
    if let Some(old) = tables.get(&h.public_id) {
        if !old.tx.is_closed() && old.epoch == h.epoch {
            return old.clone();
        }
        let _ = old.tx.try_send(Cmd::Leave { reply: None });
    }
    tables.insert(h.public_id.clone(), h.clone());
    h
}

/// Takes the table with this key for this node if nobody holds it: loads it after the lease
/// is held (so it has every action the last owner stored) and starts its task.
async fn adopt(state: &Shared, key: i64) -> Result<Option<TableHandle>, String> {
    let Some(epoch) = state.db.acquire(key).await? else {
        return Ok(None);
    };
    let Some(stored) = state.db.load(key).await? else {
        return Ok(None);
    };
    if let Some(h) = local(state, &stored.row.public_id).filter(|h| h.epoch == epoch) {
        return Ok(Some(h));
    }
    let h = match actor::spawn(stored, state.db.clone(), state.config.limits.idle, epoch) {
        Ok(h) => h,
        Err(e) => {
            // Not kept: another node may do better (a newer version, say).
            let _ = state.db.release(key, epoch).await;
            return Err(e);
        }
    };
    if state.db.shared() {
        state.db.metrics.takeovers.fetch_add(1, Ordering::Relaxed);
        let _ = state.adopted.send(h.public_id.clone());
    }
    Ok(Some(install(state, h)))
}

/// Where the table with this public id is served. A table nobody serves is woken here
/// (a finished one asleep, or with a store shared, one whose owner's lease lapsed).
pub(crate) async fn locate(state: &Shared, id: &str) -> Place {
    if let Some(h) = local(state, id) {
        return Place::Here(h);
    }
    if !tokens::is_public_id(id) {
        return Place::Nowhere;
    }
    let key = match state.db.find(id.to_string()).await {
        Ok(Some(k)) => k,
        Ok(None) => return Place::Nowhere,
        Err(_) => return Place::Busy,
    };
    if state.stopping.load(Ordering::Relaxed) {
        return Place::Busy;
    }
    match adopt(state, key).await {
        Ok(Some(h)) => return Place::Here(h),
        Ok(None) => {}
        Err(e) => {
            eprintln!("table {id}: {e}");
            return Place::Busy;
        }
    }
    match state.db.owners(vec![key]).await {
        Ok(o) => match o.into_iter().next() {
            Some((_, owner)) if !owner.mine => Place::There(owner),
            _ => Place::Busy,
        },
        Err(_) => Place::Busy,
    }
}

/// Tells a table's task to leave without waiting.
fn tell_to_leave(h: &TableHandle) {
    let tx = h.tx.clone();
    tokio::spawn(async move {
        let _ = tx.send(Cmd::Leave { reply: None }).await;
    });
}

/// Renews this node's leases every third of the lease; a table whose lease was lost (this
/// process was paused past its expiry, or cut off from the database) leaves this node.
async fn renew_loop(state: Shared, lease: Duration) {
    let mut last_ok = Instant::now();
    loop {
        tokio::time::sleep(lease / 3).await;
        if state.stopping.load(Ordering::Relaxed) {
            return;
        }
        // What was live before asking: anything acquired later is not in the answer.
        let before: Vec<(String, i64, i64)> = state
            .tables
            .lock()
            .expect("not poisoned")
            .values()
            .map(|h| (h.public_id.clone(), h.id, h.epoch))
            .collect();
        let renewed = tokio::time::timeout(lease / 3, state.db.renew())
            .await
            .unwrap_or_else(|_| Err("no answer within a third of a lease".to_string()));
        let held: HashMap<i64, i64> = match renewed {
            Ok(held) => {
                last_ok = Instant::now();
                held.into_iter().collect()
            }
            Err(e) if last_ok.elapsed() < lease => {
                eprintln!("cannot renew the leases: {e}");
                continue;
            }
            Err(e) => {
                eprintln!("cannot renew the leases for longer than a lease: leaving every table: {e}");
                HashMap::new()
            }
        };
        let orphaned: Vec<i64> = {
            let mut tables = state.tables.lock().expect("not poisoned");
            for (public_id, key, epoch) in &before {
                if held.get(key) == Some(epoch) {
                    continue;
                }
                if let Some(h) = tables.get(public_id).filter(|h| h.epoch == *epoch).cloned() {
                    eprintln!("table {public_id}: lease lost, leaving it");
                    tables.remove(public_id);
                    tell_to_leave(&h);
                }
            }
            // Leases this node holds with no live task for them (a task that left after the
            // database failed): the tables are started again here.
            let live: std::collections::HashSet<i64> =
                tables.values().filter(|h| !h.tx.is_closed()).map(|h| h.id).collect();
            held.keys().filter(|k| !live.contains(k)).copied().collect()
        };
        for key in orphaned {
            if state.stopping.load(Ordering::Relaxed) {
                return;
            }
            if let Err(e) = adopt(&state, key).await {
                eprintln!("table {key}: cannot start it again: {e}");
            }
        }
    }
}

/// Takes over the unfinished tables nobody holds, every half lease (a little jittered, so
/// that nodes sweeping together share them out).
async fn sweep_loop(state: Shared, lease: Duration) {
    loop {
        let jitter = 0.5 + (crate::tokens::new_seed() % 1000) as f64 / 1000.0;
        tokio::time::sleep(lease.mul_f64(0.5 * jitter)).await;
        if state.stopping.load(Ordering::Relaxed) {
            return;
        }
        let orphans = match state.db.orphans(200).await {
            Ok(o) => o,
            Err(e) => {
                eprintln!("cannot look for tables to take over: {e}");
                continue;
            }
        };
        for key in orphans {
            if state.stopping.load(Ordering::Relaxed) {
                return;
            }
            if let Err(e) = adopt(&state, key).await {
                eprintln!("table {key}: cannot take it over: {e}");
            }
        }
    }
}

/// Starts renewing and sweeping (a store shared by several nodes only).
pub(crate) fn start(state: &Shared, lease: Duration) {
    tokio::spawn(renew_loop(state.clone(), lease));
    tokio::spawn(sweep_loop(state.clone(), lease));
}

/// A clean stop: every table leaves (its clients told to reconnect), then every lease is let
/// go so that other nodes take the tables at once.
pub(crate) async fn hand_over(state: &Shared) {
    state.stopping.store(true, Ordering::Relaxed);
    let all: Vec<TableHandle> = state
        .tables
        .lock()
        .expect("not poisoned")
        .drain()
        .map(|(_, h)| h)
        .collect();
    let waits = all.into_iter().map(|h| async move {
        let (reply, done) = tokio::sync::oneshot::channel();
        if h.tx.send(Cmd::Leave { reply: Some(reply) }).await.is_ok() {
            let _ = tokio::time::timeout(Duration::from_secs(2), done).await;
        }
    });
    futures_util::future::join_all(waits).await;
    if let Err(e) = state.db.release_all().await {
        eprintln!("cannot release the leases: {e}");
    }
    // The close frames go out before the process ends.
    tokio::time::sleep(Duration::from_millis(200)).await;
}
