//! Why a seat could not be taken ([`ConnectError`]), or why a seated one is cut off from its
//! table ([`cut_off`]), said in words a person understands first ("The host does not
//! answer.", "Wrong code.", "The host has left the game."), with the technical detail second.

use super::host::HelloError;
use crate::table::CutOff;
use std::io::ErrorKind;

/// What a cut-off seat is told comes next, whatever cut it off.
const KEPT: &str = "The game is kept on the host's machine: this app rejoins it by itself as \
                    soon as the host is back. Until then no move can be played.";

/// Why a seat that sat at its table is cut off from it now (`kind`: how the connection failed,
/// `detail`: the system's words): the host has gone (its machine refuses or closed the
/// connection), or it cannot be reached; in words, each saying that the game is kept on the
/// host and that the seat rejoins it when it can.
pub fn cut_off(kind: ErrorKind, detail: &str) -> CutOff {
    let what = match kind {
        ErrorKind::ConnectionRefused
        | ErrorKind::ConnectionReset
        | ErrorKind::ConnectionAborted
        | ErrorKind::BrokenPipe
        | ErrorKind::UnexpectedEof => "The host has left the game.",
        ErrorKind::TimedOut | ErrorKind::WouldBlock => "The host does not answer.",
        ErrorKind::InvalidData | ErrorKind::NotConnected => "The connection to the host broke.",
        _ => "The host cannot be reached from this network.",
    };
    CutOff {
        words: format!("{what} {KEPT}"),
        detail: crate::untrusted::shortened_to(detail, 200),
    }
}

/// Why a seat that sat at the table at `address` is cut off from it (as [`cut_off`]), with the
/// detail in words rather than the system's ("Could not reach the host at 10.0.0.2:7716: nobody
/// is listening there."): `dialled`, whether it was a try to rejoin that failed (the seat keeps
/// trying), else the connection that was lost.
pub fn cut_off_at(address: &str, kind: ErrorKind, dialled: bool) -> CutOff {
    let why = match kind {
        ErrorKind::ConnectionRefused => "nobody is listening there",
        ErrorKind::ConnectionReset
        | ErrorKind::ConnectionAborted
        | ErrorKind::BrokenPipe
        | ErrorKind::UnexpectedEof => "the host closed the connection",
        ErrorKind::TimedOut | ErrorKind::WouldBlock => "the host does not answer",
        ErrorKind::InvalidData | ErrorKind::NotConnected => "the connection broke",
        ErrorKind::HostUnreachable | ErrorKind::NetworkUnreachable | ErrorKind::NetworkDown => {
            "it cannot be reached from this network"
        }
        _ => "the network failed",
    };
    let detail = if dialled {
        format!("Could not reach the host at {address}: {why}. Trying again.")
    } else {
        format!("The connection to the host at {address} was lost: {why}.")
    };
    CutOff {
        detail,
        ..cut_off(kind, "")
    }
}

/// A network seat's status line, the same words for every game: whose seat (`seat`, the
/// other side `other` and its `name`), where it plays (`hosting`, else at `address`), and the
/// connection: cut off from the host, the opponent connected, or waited for.
pub fn status_line(
    (seat, other, name): (&str, &str, &str),
    place: Option<&str>,
    cut: bool,
    opponent_connected: bool,
) -> String {
    let opponent = if cut {
        "cut off from the host, rejoining…".to_owned()
    } else if opponent_connected {
        match name {
            "" => format!("{other} is connected"),
            name => format!("{name} ({other}) is connected"),
        }
    } else {
        match name {
            "" => "waiting for the opponent".to_owned(),
            name => format!("waiting for {name} ({other}) to come back"),
        }
    };
    match place {
        None => format!("You play {seat}, hosting: {opponent}"),
        Some(address) => format!("You play {seat} at {address}: {opponent}"),
    }
}

/// Why a seat could not be taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConnectError {
    /// The host could not be reached: how the connection failed, and the system's words.
    Unreachable(ErrorKind, String),
    /// The host refused the seat (a wrong code, both seats taken...): its words.
    Refused(String),
    /// The host sent something that is not the seat protocol.
    Protocol(String),
    /// The host sent nothing in time.
    Silent,
}

impl ConnectError {
    /// What went wrong, in words.
    pub fn words(&self) -> &'static str {
        match self {
            ConnectError::Unreachable(kind, detail) => unreachable_words(*kind, detail),
            ConnectError::Refused(text) => refusal_words(text),
            ConnectError::Protocol(_) => "The program at that address is not a Kriegspiel host.",
            ConnectError::Silent => "The host does not answer.",
        }
    }

    /// The technical detail, for whoever looks into it.
    pub fn detail(&self) -> String {
        match self {
            ConnectError::Unreachable(_, detail) => format!("cannot connect: {detail}"),
            ConnectError::Refused(text) => format!("the host refused: {text}"),
            ConnectError::Protocol(text) => format!("not the seat protocol: {text}"),
            ConnectError::Silent => "no answer within 5 s".to_owned(),
        }
    }
}

impl std::fmt::Display for ConnectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.words(), self.detail())
    }
}

impl std::error::Error for ConnectError {}

/// A failed connection in words: by its kind, or what the system said of an address that does
/// not read.
fn unreachable_words(kind: ErrorKind, detail: &str) -> &'static str {
    match kind {
        ErrorKind::ConnectionRefused => "Connection refused: no game is hosted at that address.",
        ErrorKind::TimedOut | ErrorKind::WouldBlock => "The host does not answer.",
        ErrorKind::HostUnreachable | ErrorKind::NetworkUnreachable | ErrorKind::NetworkDown => {
            "The host cannot be reached from this network."
        }
        ErrorKind::ConnectionReset | ErrorKind::ConnectionAborted | ErrorKind::BrokenPipe => {
            "The host closed the connection."
        }
        ErrorKind::InvalidInput | ErrorKind::AddrNotAvailable | ErrorKind::NotFound => {
            "That is not an address: type it as 192.168.1.5:7716."
        }
        _ if detail.contains("lookup") || detail.contains("names no address") => {
            "No machine has that name: check the address."
        }
        _ => "Cannot reach the host.",
    }
}

/// The host's refusal in words (the host words it as [`HelloError`]).
fn refusal_words(text: &str) -> &'static str {
    let is = |e: HelloError| text == e.to_string();
    if is(HelloError::WrongCode) || is(HelloError::NoCode) {
        "Wrong code: type the join code shown on the host's screen."
    } else if is(HelloError::Full) {
        "Both seats are taken: the game is full."
    } else if text.ends_with("seat is taken") {
        "That seat is taken."
    } else if is(HelloError::UnknownToken) {
        "The host no longer keeps this seat."
    } else if text.starts_with("too many wrong codes") {
        "Too many wrong codes came from this machine: wait a minute, then try again."
    } else if text.starts_with("this resumed game has a code for each seat") {
        "This resumed game has a code for each seat: type the one the host gave you."
    } else if text.starts_with("the host is busy") {
        "The host is busy: try again in a moment."
    } else if text.starts_with("this host speaks version")
        || text.starts_with("the host does not understand")
    {
        "The host runs another version of Kriegspiel."
    } else {
        "The host refused to seat you."
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_trouble_is_said_in_words_then_in_detail() {
        let refused = ConnectError::Unreachable(
            ErrorKind::ConnectionRefused,
            "Connection refused (os error 111)".into(),
        );
        assert_eq!(
            refused.to_string(),
            "Connection refused: no game is hosted at that address. \
             (cannot connect: Connection refused (os error 111))"
        );
        let code = ConnectError::Refused(HelloError::WrongCode.to_string());
        assert!(code.words().starts_with("Wrong code"), "{code}");
        assert!(code.detail().contains("not the join code"), "{code}");
        let timeout = ConnectError::Unreachable(ErrorKind::TimedOut, "timed out".into());
        assert_eq!(timeout.words(), "The host does not answer.");
        assert_eq!(ConnectError::Silent.words(), "The host does not answer.");
        let name = ConnectError::Unreachable(
            ErrorKind::Other,
            "failed to lookup address information: Name or service not known".into(),
        );
        assert_eq!(name.words(), "No machine has that name: check the address.");
        let gone = cut_off(
            ErrorKind::ConnectionRefused,
            "Connection refused (os error 111)",
        );
        assert!(
            gone.words.starts_with("The host has left the game."),
            "{gone:?}"
        );
        assert!(
            gone.words.contains("kept on the host's machine"),
            "{gone:?}"
        );
        assert!(gone.words.contains("rejoins it by itself"), "{gone:?}");
        assert!(!gone.words.contains("os error"), "{gone:?}");
        assert_eq!(gone.detail, "Connection refused (os error 111)");
        let silent = cut_off(ErrorKind::TimedOut, "the host went silent");
        assert!(
            silent.words.starts_with("The host does not answer."),
            "{silent:?}"
        );
        let refused = cut_off_at("10.0.0.2:7716", ErrorKind::ConnectionRefused, true);
        assert_eq!(
            refused.detail,
            "Could not reach the host at 10.0.0.2:7716: nobody is listening there. Trying again."
        );
        assert!(refused.words.starts_with("The host has left the game."));
        let lost = cut_off_at("10.0.0.2:7716", ErrorKind::UnexpectedEof, false);
        assert!(
            lost.detail
                .ends_with("was lost: the host closed the connection.")
        );
        let full = ConnectError::Refused(HelloError::Full.to_string());
        assert_eq!(full.words(), "Both seats are taken: the game is full.");
        let taken = ConnectError::Refused(HelloError::Taken(shakmaty::Color::White).to_string());
        assert_eq!(taken.words(), "That seat is taken.");
    }
}
