//! The sealed channel under the seat protocol across machines (PROTOCOL-SEAT.md, "On the wire"):
//! framing, the key exchange over the join code or a seat's token, and sealing.
//!
//! Every message is a frame: a 4-byte big-endian length, then that many bytes, the first of which
//! says what the frame is ([`Tag`]). A connection opens with the seat's [`Claim`] and its SPAKE2
//! message (RustCrypto's `spake2`, Ed25519 group); the table answers with its own message (or a
//! [`Refusal`]). Both sides derive two keys from the shared secret with HKDF-SHA256, one per
//! direction, and every later message is one protocol line sealed with ChaCha20-Poly1305 under a
//! counter nonce. The code or token never crosses the wire, and a wrong one is found only by a
//! failed exchange with the table (no offline test): the seat's first sealed line (its `hello`)
//! does not open. An empty sealed frame is a heartbeat.

use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use shakmaty::Color;
use spake2::{Ed25519Group, Identity, Password, Spake2};
use std::io::{self, Read, Write};

/// The version of the sealed channel, first byte of a claim.
const CHANNEL_VERSION: u8 = 1;

/// The identities bound into the exchange.
const SEAT_ID: &[u8] = b"kriegspiel seat";
const TABLE_ID: &[u8] = b"kriegspiel table";

/// The longest claim frame (tag, version, claim, a 33-byte SPAKE2 message).
pub const MAX_CLAIM: usize = 64;

/// A sealed frame's overhead over its line (tag and authentication tag).
pub const SEAL_OVERHEAD: usize = 1 + 16;

/// What a frame is: its first byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Tag {
    /// A sealed line (or, empty, a heartbeat).
    Sealed = 0,
    /// The table refuses in clear, before or instead of a sealed channel: one [`Refusal`] byte.
    Refused = 1,
    /// A seat's claim: the channel version, the [`Claim`] byte, its SPAKE2 message.
    Claim = 2,
    /// The table's SPAKE2 message.
    Accepted = 3,
}

/// What a connection claims: a free seat with the join code (a seat's own code after a resume),
/// or a seat with its token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The join code, for the seat named (or any free seat).
    Code(Option<Color>),
    /// A seat's token.
    Token(Color),
}

impl Claim {
    fn byte(self) -> u8 {
        match self {
            Claim::Code(None) => 0,
            Claim::Code(Some(c)) => c.fold_wb(1, 2),
            Claim::Token(c) => c.fold_wb(3, 4),
        }
    }

    fn from_byte(b: u8) -> Option<Claim> {
        Some(match b {
            0 => Claim::Code(None),
            1 => Claim::Code(Some(Color::White)),
            2 => Claim::Code(Some(Color::Black)),
            3 => Claim::Token(Color::White),
            4 => Claim::Token(Color::Black),
            _ => return None,
        })
    }

    /// The claim a `hello` makes, with its secret (the code as typed, normalised, or the token).
    /// A token, and a resumed game's code for one seat, begin with the seat's letter (`W`, `B`).
    pub fn of(hello: &super::Hello) -> Result<(Claim, String), ClaimError> {
        if let Some(token) = &hello.token {
            let seat = seat_letter(token).ok_or(ClaimError::NotAToken)?;
            return Ok((Claim::Token(seat), token.clone()));
        }
        let code = normalise_code(hello.code.as_deref().ok_or(ClaimError::NoCode)?);
        let seat = if code.len() == SEAT_CODE_LEN {
            seat_letter(&code)
        } else {
            None
        };
        Ok((Claim::Code(seat.or(hello.seat)), code))
    }
}

/// The length of a resumed game's code for one seat (its seat letter, then a code).
pub const SEAT_CODE_LEN: usize = 7;

/// The seat a token or a seat's code names by its first letter.
pub fn seat_letter(text: &str) -> Option<Color> {
    match text.as_bytes().first() {
        Some(b'W') => Some(Color::White),
        Some(b'B') => Some(Color::Black),
        _ => None,
    }
}

/// A join code as typed: upper case, without spaces or dashes.
pub fn normalise_code(code: &str) -> String {
    code.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// Why a `hello` cannot be sent to a table across machines.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ClaimError {
    /// Neither a code nor a token.
    #[error("joining needs the host's join code or a seat token")]
    NoCode,
    /// A token that no table gives.
    #[error("this is not a seat token (a token begins with W or B)")]
    NotAToken,
}

/// Why the table refused a connection, in clear (one byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Refusal {
    /// Too many wrong codes from this address lately.
    TooManyTries = 1,
    /// Too many connections waiting.
    Busy = 2,
    /// A resumed game: each seat has its own code.
    NeedsSeat = 3,
    /// No seat has a token (the seat was never taken).
    NoSuchSeat = 4,
    /// A claim this table does not read.
    BadClaim = 5,
    /// The exchange failed: a wrong code or token.
    WrongSecret = 6,
}

impl Refusal {
    fn from_byte(b: u8) -> Refusal {
        match b {
            1 => Refusal::TooManyTries,
            2 => Refusal::Busy,
            3 => Refusal::NeedsSeat,
            4 => Refusal::NoSuchSeat,
            6 => Refusal::WrongSecret,
            _ => Refusal::BadClaim,
        }
    }

    /// The refusal in words, as a seat shows it.
    pub fn words(self) -> &'static str {
        match self {
            Refusal::TooManyTries => {
                "too many wrong codes came from this address: wait a few seconds and try again"
            }
            Refusal::Busy => "the host is busy with other connections: try again",
            Refusal::NeedsSeat => {
                "this resumed game has a code for each seat: type the code the host gave your seat"
            }
            // (As the host words a refused hello, see `HelloError`.)
            Refusal::NoSuchSeat => "no seat has this token",
            Refusal::BadClaim => "the host does not understand this program (another version?)",
            Refusal::WrongSecret => "this is not the join code of this game",
        }
    }

    /// The frame that says it.
    pub fn frame(self) -> Vec<u8> {
        vec![Tag::Refused as u8, self as u8]
    }
}

/// A frame's payload with its length prefix.
pub fn framed(payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(payload.len() + 4);
    out.extend_from_slice(&(payload.len() as u32).to_be_bytes());
    out.extend_from_slice(payload);
    out
}

/// Writes one frame.
pub fn write_frame(w: &mut impl Write, payload: &[u8]) -> io::Result<()> {
    w.write_all(&framed(payload))?;
    w.flush()
}

/// The error for a frame longer than allowed.
pub fn too_long(len: usize, limit: usize) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("a frame of {len} bytes (at most {limit} are read)"),
    )
}

/// Reads one frame of at most `limit` bytes (`None`: the end of the input).
pub fn read_frame(r: &mut impl Read, limit: usize) -> io::Result<Option<Vec<u8>>> {
    let mut len = [0u8; 4];
    match r.read_exact(&mut len) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let len = u32::from_be_bytes(len) as usize;
    if len > limit {
        return Err(too_long(len, limit));
    }
    let mut payload = vec![0u8; len];
    r.read_exact(&mut payload)?;
    Ok(Some(payload))
}

/// A seat's exchange under way: [`SeatExchange::claim`] is sent, the table's answer finishes it.
pub struct SeatExchange {
    spake: Spake2<Ed25519Group>,
    claim_frame: Vec<u8>,
}

impl SeatExchange {
    /// Starts the exchange for `claim` over `secret`.
    pub fn start(claim: Claim, secret: &str) -> SeatExchange {
        let (spake, message) = Spake2::<Ed25519Group>::start_a(
            &Password::new(secret.as_bytes()),
            &Identity::new(SEAT_ID),
            &Identity::new(TABLE_ID),
        );
        let mut claim_frame = vec![Tag::Claim as u8, CHANNEL_VERSION, claim.byte()];
        claim_frame.extend_from_slice(&message);
        SeatExchange { spake, claim_frame }
    }

    /// The first frame's payload.
    pub fn claim(&self) -> &[u8] {
        &self.claim_frame
    }

    /// The table's answer: the seat's two directions, or the table's refusal.
    pub fn finish(self, answer: &[u8]) -> Result<(Sealer, Opener), Refusal> {
        match answer.split_first() {
            Some((&t, rest)) if t == Tag::Accepted as u8 => {
                let shared = self.spake.finish(rest).map_err(|_| Refusal::BadClaim)?;
                Ok(directions(&shared, Side::Seat))
            }
            Some((&t, [b])) if t == Tag::Refused as u8 => Err(Refusal::from_byte(*b)),
            _ => Err(Refusal::BadClaim),
        }
    }
}

/// A seat's claim frame as the table reads it: the claim and the SPAKE2 message.
pub fn read_claim(payload: &[u8]) -> Option<(Claim, &[u8])> {
    match payload {
        [t, v, c, message @ ..] if *t == Tag::Claim as u8 && *v == CHANNEL_VERSION => {
            Some((Claim::from_byte(*c)?, message))
        }
        _ => None,
    }
}

/// The table's side of an exchange: its answer's payload and its two directions (whether the
/// seat knew the secret shows when its first sealed line opens, or does not).
pub fn table_exchange(secret: &str, message: &[u8]) -> Option<(Vec<u8>, Sealer, Opener)> {
    let (spake, ours) = Spake2::<Ed25519Group>::start_b(
        &Password::new(secret.as_bytes()),
        &Identity::new(SEAT_ID),
        &Identity::new(TABLE_ID),
    );
    let shared = spake.finish(message).ok()?;
    let (sealer, opener) = directions(&shared, Side::Table);
    let mut answer = vec![Tag::Accepted as u8];
    answer.extend_from_slice(&ours);
    Some((answer, sealer, opener))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Seat,
    Table,
}

/// The two directions' keys from the exchange's shared secret (HKDF-SHA256).
fn directions(shared: &[u8], side: Side) -> (Sealer, Opener) {
    let hk = hkdf::Hkdf::<sha2::Sha256>::new(None, shared);
    let key = |info: &[u8]| {
        let mut k = [0u8; 32];
        // 32 bytes is far below HKDF-SHA256's limit (8160 bytes): this cannot fail.
        let _ = hk.expand(info, &mut k);
        ChaCha20Poly1305::new(Key::from_slice(&k))
    };
    let to_table = key(b"kriegspiel seat to table");
    let to_seat = key(b"kriegspiel table to seat");
    let (send, receive) = match side {
        Side::Seat => (to_table, to_seat),
        Side::Table => (to_seat, to_table),
    };
    (
        Sealer {
            cipher: send,
            count: 0,
        },
        Opener {
            cipher: receive,
            count: 0,
        },
    )
}

fn nonce(count: u64) -> [u8; 12] {
    let mut n = [0u8; 12];
    n[4..].copy_from_slice(&count.to_be_bytes());
    n
}

/// One direction's sealing: each message under the next counter nonce.
pub struct Sealer {
    cipher: ChaCha20Poly1305,
    count: u64,
}

impl Sealer {
    /// The sealed frame's payload for `plain` (empty: a heartbeat).
    pub fn seal(&mut self, plain: &[u8]) -> Vec<u8> {
        let n = nonce(self.count);
        self.count += 1;
        // Encryption with ChaCha20-Poly1305 fails only past 256 GiB in one message.
        let sealed = self
            .cipher
            .encrypt(Nonce::from_slice(&n), plain)
            .unwrap_or_default();
        let mut out = Vec::with_capacity(sealed.len() + 1);
        out.push(Tag::Sealed as u8);
        out.extend_from_slice(&sealed);
        out
    }
}

/// What a received frame was.
#[derive(Debug, PartialEq, Eq)]
pub enum Opened {
    /// A line (empty: a heartbeat).
    Line(Vec<u8>),
    /// The table's refusal in clear.
    Refused(Refusal),
}

/// Why a frame does not open.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("a message did not authenticate (a wrong code, or someone tampering with the connection)")]
pub struct Forged;

/// The other direction's opening, in order.
pub struct Opener {
    cipher: ChaCha20Poly1305,
    count: u64,
}

impl Opener {
    /// Opens a frame's payload.
    pub fn open(&mut self, payload: &[u8]) -> Result<Opened, Forged> {
        match payload.split_first() {
            Some((&t, sealed)) if t == Tag::Sealed as u8 => {
                let n = nonce(self.count);
                let plain = self
                    .cipher
                    .decrypt(Nonce::from_slice(&n), sealed)
                    .map_err(|_| Forged)?;
                self.count += 1;
                Ok(Opened::Line(plain))
            }
            Some((&t, [b])) if t == Tag::Refused as u8 => {
                Ok(Opened::Refused(Refusal::from_byte(*b)))
            }
            _ => Err(Forged),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(seat_secret: &str, table_secret: &str) -> ((Sealer, Opener), (Sealer, Opener)) {
        let seat = SeatExchange::start(Claim::Code(None), seat_secret);
        let (claim, message) = read_claim(seat.claim()).expect("a claim");
        assert_eq!(claim, Claim::Code(None));
        let (answer, ts, to) = table_exchange(table_secret, message).expect("exchange");
        let (ss, so) = seat.finish(&answer).expect("accepted");
        ((ss, so), (ts, to))
    }

    #[test]
    fn the_same_secret_opens_both_ways_in_order() {
        let ((mut ss, mut so), (mut ts, mut to)) = pair("ABCDEF", "ABCDEF");
        let hello = ss.seal(b"{\"op\":\"hello\"}");
        assert!(
            !hello.windows(5).any(|w| w == b"hello"),
            "sealed text is not readable"
        );
        assert_eq!(
            to.open(&hello),
            Ok(Opened::Line(b"{\"op\":\"hello\"}".to_vec()))
        );
        assert_eq!(
            so.open(&ts.seal(b"welcome")),
            Ok(Opened::Line(b"welcome".to_vec()))
        );
        assert_eq!(so.open(&ts.seal(b"")), Ok(Opened::Line(Vec::new())));
        // A replayed or reordered frame does not open.
        let first = ts.seal(b"one");
        let second = ts.seal(b"two");
        assert_eq!(so.open(&second), Err(Forged));
        assert_eq!(so.open(&first), Ok(Opened::Line(b"one".to_vec())));
    }

    #[test]
    fn a_wrong_secret_does_not_open() {
        let ((mut ss, _), (_, mut to)) = pair("ABCDEF", "ABCDEG");
        assert_eq!(to.open(&ss.seal(b"{\"op\":\"hello\"}")), Err(Forged));
    }

    #[test]
    fn claims_read_from_hellos() {
        let mut hello = super::super::Hello::new();
        assert_eq!(Claim::of(&hello), Err(ClaimError::NoCode));
        hello.code = Some("abc-def".into());
        hello.seat = Some(Color::Black);
        assert_eq!(
            Claim::of(&hello),
            Ok((Claim::Code(Some(Color::Black)), "ABCDEF".into()))
        );
        hello.code = Some("w-abc-def".into());
        assert_eq!(
            Claim::of(&hello),
            Ok((Claim::Code(Some(Color::White)), "WABCDEF".into()))
        );
        hello.token = Some("BXYZ".into());
        assert_eq!(
            Claim::of(&hello),
            Ok((Claim::Token(Color::Black), "BXYZ".into()))
        );
        hello.token = Some("XYZ".into());
        assert_eq!(Claim::of(&hello), Err(ClaimError::NotAToken));
        for b in 0..=4 {
            assert_eq!(Claim::from_byte(b).map(Claim::byte), Some(b));
        }
        assert_eq!(Claim::from_byte(5), None);
    }

    #[test]
    fn frames_are_bounded() {
        let mut input = io::Cursor::new(framed(&[7u8; 100]));
        assert!(read_frame(&mut input, 99).is_err());
        let mut input = io::Cursor::new(framed(&[7u8; 100]));
        assert_eq!(
            read_frame(&mut input, 100).ok().flatten(),
            Some(vec![7u8; 100])
        );
        assert_eq!(read_frame(&mut input, 100).ok().flatten(), None);
    }
}
