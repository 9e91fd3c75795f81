//! The wire protocol as types: every message a client may send and the server may send, the
//! error codes with their HTTP statuses, and a table's summary. `docs/protocol.md` describes
//! them and `docs/protocol.schema.json` is the outside check the tests hold these types to.

use crate::store::{ChatRow, Status};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use engine::{ActionInfo, ActionKind, FeedItem, Scene, Seat, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Why something was refused, over HTTP or on a socket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCode {
    /// Not JSON of a known shape, not an action, or a body, path or query not as described.
    Malformed,
    /// A well-formed action the rules refuse now.
    Illegal,
    /// The action was sent for a version the table has moved past.
    Stale,
    NotYourTurn,
    Spectator,
    /// The match starts when every seat is taken.
    Waiting,
    Over,
    Rate,
    Server,
    BadToken,
    NoTable,
    UnknownGame,
    BadTable,
    BadStep,
    BadSeat,
    BadOrigin,
    BadHost,
    NotFound,
    MethodNotAllowed,
    Full,
    NotOver,
    TooLarge,
    TooManyTables,
}

impl ErrorCode {
    /// The HTTP status that goes with the code.
    pub fn status(self) -> StatusCode {
        use ErrorCode::*;
        match self {
            Malformed | Illegal | Stale | NotYourTurn | Spectator | Waiting | Over | UnknownGame | BadTable
            | BadStep | BadSeat => StatusCode::BAD_REQUEST,
            BadToken | BadOrigin => StatusCode::FORBIDDEN,
            NoTable | NotFound => StatusCode::NOT_FOUND,
            MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Full | NotOver => StatusCode::CONFLICT,
            TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            BadHost => StatusCode::MISDIRECTED_REQUEST,
            Rate | TooManyTables => StatusCode::TOO_MANY_REQUESTS,
            Server => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// A refusal: a code and a sentence saying why. Over HTTP it is the answer
/// `{"error": {"code", "reason"}}` with the code's status (or another where the cause says
/// more, such as 415 for a body that is not JSON).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub reason: String,
    pub status: StatusCode,
}

impl Refusal {
    pub fn new(code: ErrorCode, reason: impl Into<String>) -> Refusal {
        Refusal {
            code,
            reason: reason.into(),
            status: code.status(),
        }
    }

    /// The same refusal answered with another HTTP status.
    pub fn with_status(mut self, status: StatusCode) -> Refusal {
        self.status = status;
        self
    }
}

#[derive(Serialize)]
struct HttpError<'a> {
    error: HttpErrorBody<'a>,
}

#[derive(Serialize)]
struct HttpErrorBody<'a> {
    code: ErrorCode,
    reason: &'a str,
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let body = HttpError {
            error: HttpErrorBody {
                code: self.code,
                reason: &self.reason,
            },
        };
        (self.status, Json(body)).into_response()
    }
}

/// What a client sends on a table's socket.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ClientMessage {
    /// An action by its notation, with the version its sender saw (none: no staleness check).
    Act {
        action: String,
        version: Option<u64>,
        /// The cards the player picked for it, when the action lets other suits of its ranks
        /// be played (`any_suit`): the game plays those cards.
        #[serde(default)]
        cards: Option<Vec<String>>,
    },
    /// What the named bot would do in the sender's seat.
    Hint {
        level: String,
    },
    /// A chat message: to the people at the table from a seat, to the spectators from one.
    Chat {
        text: String,
    },
    Ping,
}

/// The running per-move clock.
#[derive(Clone, Debug, Serialize)]
pub struct Clock {
    pub seat: Seat,
    pub remaining_ms: u64,
}

/// The end of a match.
#[derive(Clone, Debug, Serialize)]
pub struct MatchResult {
    pub totals: Vec<i64>,
    pub winners: Vec<Seat>,
}

/// The table after a change, as one viewer sees it.
#[derive(Clone, Debug, Serialize)]
pub struct StateMessage {
    pub version: u64,
    pub status: Status,
    pub to_act: Option<Seat>,
    pub scene: Scene,
    pub actions: Vec<ActionInfo>,
    pub feed: Vec<FeedItem>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<Clock>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<MatchResult>,
}

/// One seat as everyone may know it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct SeatSummary {
    pub seat: Seat,
    pub bot: Option<String>,
    pub name: Option<String>,
    pub taken: bool,
    pub connected: bool,
    /// Free for anyone to take from the lobby.
    pub open: bool,
}

/// What a connection is told when it is accepted.
#[derive(Clone, Debug, Serialize)]
pub struct Welcome {
    pub table: String,
    pub game: &'static str,
    pub name: &'static str,
    pub players: usize,
    pub viewer: Viewer,
    pub version: u64,
    pub kinds: &'static [ActionKind],
    pub seed_commitment: String,
    pub chosen_seed: bool,
    /// One person against bots: the page teaches as it goes (each kind of action's help the
    /// first time it comes up).
    pub practice: bool,
}

/// Every message the server sends on a socket.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ServerMessage {
    Welcome(Welcome),
    State(Box<StateMessage>),
    /// The sender's action was stored and applied; `version` is the new one.
    Ack {
        version: u64,
    },
    /// The message changed nothing.
    Error {
        code: ErrorCode,
        reason: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        version: Option<u64>,
        /// With `rate`: what was refused (its type; for an act, its action and version).
        #[serde(skip_serializing_if = "Option::is_none")]
        refused: Option<Value>,
    },
    Seats {
        seats: Vec<SeatSummary>,
    },
    Hint {
        version: u64,
        bot: String,
        action: String,
        label: Option<String>,
    },
    Rematch {
        table: String,
    },
    /// A chat message for this connection's channel.
    Chat(ChatRow),
    /// On connecting: the chat so far in this connection's channel (sent only when there is one).
    ChatHistory {
        messages: Vec<ChatRow>,
    },
    Pong,
}

impl ServerMessage {
    pub fn error(code: ErrorCode, reason: impl Into<String>, version: Option<u64>) -> ServerMessage {
        ServerMessage::Error {
            code,
            reason: reason.into(),
            version,
            refused: None,
        }
    }

    /// The message as the JSON text sent.
    pub fn text(&self) -> String {
        serde_json::to_string(self).expect("server messages serialise")
    }
}

impl From<&Refusal> for ServerMessage {
    fn from(r: &Refusal) -> ServerMessage {
        ServerMessage::error(r.code, r.reason.clone(), None)
    }
}

/// A table as the lobby and `GET /api/tables/{id}` show it. A table that is not live (finished
/// and not woken since the server started) is summarised from its row alone, without the
/// fields marked optional.
#[derive(Clone, Debug, Serialize)]
pub struct TableSummary {
    pub id: String,
    pub game: String,
    pub name: &'static str,
    pub players: usize,
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variants: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deals: Option<Option<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock_seconds: Option<Option<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deals_completed: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub totals: Option<Vec<i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winners: Option<Vec<Seat>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seats: Option<Vec<SeatSummary>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<Option<String>>,
    /// Playing, but every person has been away longer than the idle limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paused: Option<bool>,
    pub seed_commitment: String,
    pub chosen_seed: bool,
    /// Once the match is over: the seed and salt that open the commitment.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
}

impl SeatSummary {
    pub fn of(s: &crate::store::SeatRow, connected: bool) -> SeatSummary {
        SeatSummary {
            seat: s.seat,
            bot: s.bot.clone(),
            name: s.name.clone(),
            taken: s.bot.is_some() || s.claimed,
            connected,
            open: s.bot.is_none() && s.open && !s.claimed,
        }
    }
}

impl TableSummary {
    /// The whole summary of a table: its row, its seats, the match as it stands, and the
    /// tables it is the rematch of and has as its rematch.
    pub fn of_table(
        row: &crate::store::TableRow,
        seats: Vec<SeatSummary>,
        table: &dyn engine::DynTable,
        (rematch, rematch_of): (Option<String>, Option<String>),
        paused: bool,
    ) -> TableSummary {
        TableSummary {
            name: table.info().name,
            variants: Some(row.variants.clone()),
            deals: Some(row.deals),
            clock_seconds: Some(row.clock_seconds),
            version: Some(table.decisions()),
            deals_completed: Some(table.deals_completed()),
            totals: Some(table.totals()),
            winners: Some(table.winners()),
            seats: Some(seats),
            rematch: Some(rematch),
            rematch_of: Some(rematch_of),
            paused: Some(paused),
            ..TableSummary::from_row(row)
        }
    }

    /// What the row alone says (the fields a live table adds left out).
    pub fn from_row(row: &crate::store::TableRow) -> TableSummary {
        let finished = row.status == Status::Finished;
        TableSummary {
            id: row.public_id.clone(),
            game: row.game.clone(),
            name: games::registry::resolve(&row.game).map_or("", |g| g.name),
            players: row.players,
            status: row.status,
            variants: None,
            deals: None,
            clock_seconds: None,
            version: None,
            deals_completed: None,
            totals: None,
            winners: None,
            seats: None,
            rematch: None,
            rematch_of: None,
            paused: None,
            seed_commitment: row.seed_commitment(),
            chosen_seed: row.chosen_seed,
            seed: finished.then_some(row.seed),
            salt: finished.then(|| row.salt.clone()),
        }
    }

    /// Whether a person may take a seat from the lobby.
    pub fn has_open_seat(&self) -> bool {
        self.seats.iter().flatten().any(|s| s.open)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn messages_have_the_documented_shape() {
        let error = ServerMessage::error(ErrorCode::NotYourTurn, "seat 2 is to act", Some(4)).text();
        assert_eq!(
            serde_json::from_str::<Value>(&error).unwrap(),
            json!({"type": "error", "code": "not-your-turn", "reason": "seat 2 is to act", "version": 4})
        );
        assert_eq!(ServerMessage::Pong.text(), r#"{"type":"pong"}"#);
        assert_eq!(
            ServerMessage::Ack { version: 3 }.text(),
            r#"{"type":"ack","version":3}"#
        );
        let act: ClientMessage = serde_json::from_str(r#"{"type":"act","action":"QS","version":2}"#).unwrap();
        assert_eq!(
            act,
            ClientMessage::Act {
                action: "QS".into(),
                version: Some(2),
                cards: None,
            }
        );
        assert!(serde_json::from_str::<ClientMessage>(r#"{"type":"act","action":"QS","x":1}"#).is_err());
    }

    #[test]
    fn every_code_has_a_status() {
        assert_eq!(ErrorCode::BadToken.status(), StatusCode::FORBIDDEN);
        assert_eq!(ErrorCode::Full.status(), StatusCode::CONFLICT);
        assert_eq!(ErrorCode::BadHost.status(), StatusCode::MISDIRECTED_REQUEST);
        assert_eq!(
            serde_json::to_value(ErrorCode::TooManyTables).unwrap(),
            json!("too-many-tables")
        );
    }
}
