//! One conformance suite for every store: SQLite always, PostgreSQL when
//! `CARDROOM_TEST_PG_URL` names a server (`scripts/with-postgres.sh` starts a throwaway one;
//! the README's test command runs these with it). Then what only a shared store does: leases,
//! fencing, takeovers.

use server::pgstore::{NodeIdentity, PgStore, LEASE_LOST};
use server::store::{ActionRow, Channel, ChatRow, SeatRow, SqliteStore, Status, Store, TableRow};
use std::time::Duration;
use tempfile::TempDir;

fn pg_url(name: &str) -> Option<String> {
    let url = std::env::var("CARDROOM_TEST_PG_URL").ok()?;
    Some(server::pgstore::scratch_database(&url, name).unwrap())
}

fn node(name: &str, lease_ms: u64) -> NodeIdentity {
    NodeIdentity {
        name: name.to_string(),
        addr: format!("127.0.0.1:{}", 1000 + lease_ms),
        lease: Duration::from_millis(lease_ms),
    }
}

/// A scratch folder, removed when the guard drops.
fn scratch() -> TempDir {
    tempfile::Builder::new().prefix("cardroom-store-").tempdir().unwrap()
}

/// A fresh SQLite store in a scratch folder of its own. Bind the guard first
/// (`let (_dir, store) = ..`) so that it outlives the store.
fn sqlite(name: &str) -> (TempDir, SqliteStore) {
    let dir = scratch();
    let store = SqliteStore::open(&dir.path().join(format!("{name}.db"))).unwrap();
    (dir, store)
}

fn seats() -> Vec<SeatRow> {
    vec![
        SeatRow {
            seat: 0,
            bot: None,
            name: Some("Ann".into()),
            token_hash: Some([7; 32]),
            claimed: true,
            open: false,
        },
        SeatRow {
            seat: 1,
            bot: None,
            name: None,
            token_hash: None,
            claimed: false,
            open: true,
        },
        SeatRow {
            seat: 2,
            bot: Some("medium".into()),
            name: None,
            token_hash: None,
            claimed: false,
            open: false,
        },
    ]
}

fn action(table: i64, seq: u64, epoch: i64) -> ActionRow {
    ActionRow {
        table,
        seq,
        action: format!("a{seq}"),
        seat: (seq % 3) as usize,
        bot_rng: format!("{}", u128::MAX - seq as u128),
        epoch,
    }
}

/// What every store does the same.
fn conformance(store: &mut dyn Store) {
    let mut row = TableRow::fresh("hearts", 3, vec!["points=50".into()], Some(u64::MAX - 5));
    row.deals = Some(2);
    row.clock_seconds = Some(30);
    row.id = store.create(&row, &seats()).unwrap();
    let epoch = store
        .acquire(row.id)
        .unwrap()
        .expect("a table just made is this store's");
    assert_eq!(store.find(&row.public_id).unwrap(), Some(row.id));
    assert_eq!(store.find("0123456789abcdef0123").unwrap(), None);

    // Appends, in one call and several.
    store
        .append(&[action(row.id, 0, epoch), action(row.id, 1, epoch)])
        .unwrap();
    store.append(&[action(row.id, 2, epoch)]).unwrap();
    // The same seq twice is refused, and nothing of that append is kept.
    assert!(store
        .append(&[action(row.id, 3, epoch), action(row.id, 2, epoch)])
        .is_err());
    store.claim_seat(row.id, epoch, 1, "Bob", Some([9; 32])).unwrap();
    store.set_status(row.id, epoch, Status::Playing).unwrap();
    let chat = ChatRow {
        index: 0,
        channel: Channel::Spectators,
        seat: None,
        name: "Zoë".into(),
        text: "héllo".into(),
        after_actions: 2,
    };
    store.append_chat(row.id, epoch, &chat).unwrap();

    let stored = store.load(row.id).unwrap().unwrap();
    let mut expected = row.clone();
    expected.status = Status::Playing;
    assert_eq!(stored.row, expected);
    assert_eq!(stored.actions.len(), 3);
    for (i, a) in stored.actions.iter().enumerate() {
        let mut want = action(row.id, i as u64, 0);
        want.epoch = 0;
        assert_eq!(a, &want);
    }
    assert_eq!(stored.seats[1].name.as_deref(), Some("Bob"));
    assert_eq!(stored.seats[1].token_hash, Some([9; 32]));
    assert!(stored.seats[1].claimed && stored.seats[1].open);
    assert_eq!(stored.seats[0], seats()[0]);
    assert_eq!(stored.seats[2], seats()[2]);
    assert_eq!(stored.chat, vec![chat]);
    assert_eq!(stored.rematch, None);
    assert_eq!(stored.parent, None);
    assert!(store.load(row.id + 1000).unwrap().is_none());

    // A rematch links both ways.
    let mut next = TableRow::fresh("hearts", 3, Vec::new(), None);
    next.rematch_of = Some(row.id);
    next.id = store.create(&next, &seats()).unwrap();
    let next_epoch = store.acquire(next.id).unwrap().unwrap();
    assert_eq!(
        store.load(row.id).unwrap().unwrap().rematch,
        Some(next.public_id.clone())
    );
    assert_eq!(
        store.load(next.id).unwrap().unwrap().parent,
        Some(row.public_id.clone())
    );

    // The lobby and the unfinished tables.
    store.set_status(next.id, next_epoch, Status::Finished).unwrap();
    let lobby = store.lobby(10).unwrap();
    assert_eq!(lobby.len(), 2);
    assert!(lobby.iter().any(|r| r.id == next.id && r.status == Status::Finished));
    let unfinished = store.unfinished().unwrap();
    assert_eq!(unfinished.iter().map(|t| t.row.id).collect::<Vec<_>>(), vec![row.id]);
}

#[test]
fn sqlite_conforms() {
    let (_dir, mut store) = sqlite("conforms");
    conformance(&mut store);
}

#[test]
fn postgres_conforms() {
    let Some(url) = pg_url("conforms") else {
        eprintln!("CARDROOM_TEST_PG_URL is not set: skipped (scripts/with-postgres.sh sets it)");
        return;
    };
    let mut store = PgStore::open(&url, node("a", 5000)).unwrap();
    conformance(&mut store);
    // Opening again migrates nothing and keeps everything.
    drop(store);
    let mut again = PgStore::open(&url, node("a", 5000)).unwrap();
    assert_eq!(again.lobby(10).unwrap().len(), 2);
}

#[test]
fn sqlite_refuses_a_newer_schema() {
    let dir = scratch();
    let path = dir.path().join("newer.db");
    drop(SqliteStore::open(&path).unwrap());
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE schema_version SET version = version + 1", [])
        .unwrap();
    drop(conn);
    let e = SqliteStore::open(&path).err().unwrap();
    assert!(e.contains("newer than this server's"), "{e}");
}

#[test]
fn postgres_refuses_a_newer_schema() {
    let Some(url) = pg_url("newer") else { return };
    let store = PgStore::open(&url, node("a", 5000)).unwrap();
    let version = store.schema_version().unwrap();
    drop(store);
    bump_pg_version(&url, version as i32 + 1);
    let e = PgStore::open(&url, node("a", 5000)).err().unwrap();
    assert!(e.contains("newer than this server's"), "{e}");
}

fn bump_pg_version(url: &str, version: i32) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls).await.unwrap();
        tokio::spawn(conn);
        client
            .execute("UPDATE schema_version SET version = $1", &[&version])
            .await
            .unwrap();
    });
}

/// A store used by one server alone: every table is its own, under epoch 0.
#[test]
fn sqlite_owns_every_table() {
    let (_dir, mut s) = sqlite("owns");
    assert!(!s.shared());
    assert_eq!(s.acquire(12).unwrap(), Some(0));
    assert!(s.renew().unwrap().is_empty());
    assert!(s.orphans(10).unwrap().is_empty());
    assert!(s.owners(&[12]).unwrap().is_empty());
}

/// Leases and fencing: one owner at a time, a lapsed lease taken over with a new epoch, and
/// the old owner's appends refused by the database from then on.
#[test]
fn postgres_fences_a_lost_lease() {
    let Some(url) = pg_url("fences") else { return };
    let lease = 600;
    let mut a = PgStore::open(&url, node("a", lease)).unwrap();
    let mut b = PgStore::open(&url, node("b", lease)).unwrap();
    assert!(a.shared());
    let mut row = TableRow::fresh("hearts", 3, Vec::new(), None);
    row.status = Status::Playing;
    row.id = a.create(&row, &seats()).unwrap();
    // The creator holds it; nobody else may take it while the lease is live.
    let ea = a.acquire(row.id).unwrap().unwrap();
    assert_eq!(a.acquire(row.id).unwrap(), Some(ea), "acquiring again keeps the epoch");
    assert_eq!(b.acquire(row.id).unwrap(), None);
    assert!(b.orphans(10).unwrap().is_empty());
    let owners = b.owners(&[row.id]).unwrap();
    assert_eq!(owners.len(), 1);
    assert_eq!(owners[0].1.node, "a");
    assert!(!owners[0].1.mine);
    assert!(a.owners(&[row.id]).unwrap()[0].1.mine);
    a.append(&[action(row.id, 0, ea)]).unwrap();
    // Renewing keeps it past the first lease.
    for _ in 0..3 {
        std::thread::sleep(Duration::from_millis(lease / 3));
        assert_eq!(a.renew().unwrap(), vec![(row.id, ea)]);
    }
    assert_eq!(b.acquire(row.id).unwrap(), None);
    // b cannot write under a's epoch or its own.
    assert!(b
        .append(&[action(row.id, 1, ea + 1000)])
        .unwrap_err()
        .contains(LEASE_LOST));

    // a pauses past its lease: the lease lapses, the table is an orphan, b takes it over.
    std::thread::sleep(Duration::from_millis(lease + 200));
    assert_eq!(b.orphans(10).unwrap(), vec![row.id]);
    let eb = b.acquire(row.id).unwrap().unwrap();
    assert_ne!(eb, ea);
    // a wakes up: its renewal finds nothing, and its append is refused, as is every other
    // write it would make about the table.
    assert!(a.renew().unwrap().is_empty());
    let e = a.append(&[action(row.id, 1, ea)]).unwrap_err();
    assert!(e.contains(LEASE_LOST), "{e}");
    assert!(a
        .set_status(row.id, ea, Status::Closed)
        .unwrap_err()
        .contains(LEASE_LOST));
    assert!(a
        .claim_seat(row.id, ea, 1, "Eve", None)
        .unwrap_err()
        .contains(LEASE_LOST));
    let chat = ChatRow {
        index: 0,
        channel: Channel::Table,
        seat: Some(0),
        name: "Ann".into(),
        text: "still here?".into(),
        after_actions: 1,
    };
    assert!(a.append_chat(row.id, ea, &chat).unwrap_err().contains(LEASE_LOST));
    b.append_chat(row.id, eb, &chat).unwrap();
    b.set_status(row.id, eb, Status::Playing).unwrap();
    // Several tables in one append: one fenced table refuses the whole append.
    b.append(&[action(row.id, 1, eb)]).unwrap();
    let stored = b.load(row.id).unwrap().unwrap();
    assert_eq!(stored.actions.len(), 2);
    assert_eq!(stored.row.status, Status::Playing);
    assert!(!stored.seats[1].claimed);
    assert_eq!(stored.chat.len(), 1);

    // A lapsed lease of a's is not renewed even before anybody takes it.
    let mut other = TableRow::fresh("hearts", 3, Vec::new(), None);
    other.id = a.create(&other, &seats()).unwrap();
    let eo = a.acquire(other.id).unwrap().unwrap();
    for _ in 0..4 {
        // b keeps its own lease meanwhile.
        std::thread::sleep(Duration::from_millis(lease / 3));
        assert_eq!(b.renew().unwrap(), vec![(row.id, eb)]);
    }
    assert!(a.renew().unwrap().is_empty());
    assert!(a.append(&[action(other.id, 0, eo)]).unwrap_err().contains(LEASE_LOST));
    // Appends of two tables together: b's own goes in only with a fence on each.
    let e2 = b.acquire(other.id).unwrap().unwrap();
    b.append(&[action(row.id, 2, eb), action(other.id, 0, e2)]).unwrap();
    assert!(b
        .append(&[action(row.id, 3, eb), action(other.id, 1, eo)])
        .unwrap_err()
        .contains(LEASE_LOST));
    assert_eq!(b.load(row.id).unwrap().unwrap().actions.len(), 3);

    // a restarts under the same name: a new instance, which does not take b's live leases.
    drop(a);
    let mut a2 = PgStore::open(&url, node("a", lease)).unwrap();
    assert_eq!(a2.acquire(row.id).unwrap(), None);
    // b hands the table over: a2 may take it at once, with a new epoch.
    b.release(row.id, eb).unwrap();
    let e3 = a2.acquire(row.id).unwrap().unwrap();
    assert!(e3 != eb && e3 != ea);
    assert!(b.append(&[action(row.id, 3, eb)]).unwrap_err().contains(LEASE_LOST));
    a2.append(&[action(row.id, 3, e3)]).unwrap();
    // A clean stop lets go of everything.
    b.release_all().unwrap();
    assert_eq!(a2.acquire(other.id).unwrap().map(|e| e != e2), Some(true));
}
