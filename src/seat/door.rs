//! Who may sit at a table: the join code (or after a resume each seat's own code), each seat's
//! token, and which seats are taken (the pace of tries is [`super::gate`]'s: a code is never
//! retired for wrong tries, so no one can lock the player holding it out). Every game's table
//! shares it (the chess family's [`super::host::Host`] among them); the server
//! ([`super::net`]) drives any of them through [`SeatTable`].

use super::host::{HelloError, Outbox};
use super::secure::{Claim, Refusal, normalise_code};
use super::wire::{FromSeat, Hello};
use crate::rng::Rng;
use shakmaty::Color;
use std::time::Duration;

/// Index of a seat in the per-seat arrays.
pub fn at(c: Color) -> usize {
    c.fold_wb(0, 1)
}

/// The characters of join codes and tokens: no 0/O, 1/I/L to misread.
const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// `len` unpredictable characters of [`ALPHABET`]: from the system's random source
/// (`/dev/urandom`), else from `fallback` mixed with keyed SipHash (std's randomly keyed
/// hasher). A seat's own token and the join code tell nothing about the other seat's token.
fn random_text(fallback: &mut Rng, len: usize) -> String {
    use std::hash::{BuildHasher, Hasher};
    use std::io::Read;
    let mut bytes = vec![0u8; len];
    let system = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes));
    if system.is_err() {
        let keyed = std::collections::hash_map::RandomState::new();
        for b in &mut bytes {
            let mut h = keyed.build_hasher();
            h.write_usize(fallback.below(usize::MAX));
            *b = h.finish() as u8;
        }
    }
    // 256 is not a multiple of the alphabet's 31 letters: the small bias costs a fraction of a
    // bit per character.
    bytes
        .iter()
        .map(|&b| char::from(ALPHABET[usize::from(b) % ALPHABET.len()]))
        .collect()
}

/// The codes, the tokens and the seats taken.
pub struct Door {
    code: String,
    /// After a resume, each seat's own code (`W…`, `B…`); the join code then gives no seat.
    seat_codes: Option<[String; 2]>,
    /// Each seat's token: its letter (`W`, `B`), then 23 random characters.
    tokens: [String; 2],
    rng: Rng,
    /// The seat was taken (with the code, or reserved by the host's own player).
    claimed: [bool; 2],
    /// The tokens were kept from before (a game hosted again): each takes its seat back
    /// before the seat is claimed anew.
    kept_tokens: bool,
    /// The seat's token has gone out (in its welcome, or to the host's own player): until then
    /// a taken seat is freed again when its connection ends.
    welcomed: [bool; 2],
}

impl Door {
    /// A fresh join code and seat tokens drawn from `seed`; with `resumed`, each seat's own code.
    pub fn new(seed: u64, resumed: bool) -> Door {
        let mut rng = Rng::new(seed);
        let mut door = Door {
            code: random_text(&mut rng, 6),
            seat_codes: None,
            tokens: [
                format!("W{}", random_text(&mut rng, 23)),
                format!("B{}", random_text(&mut rng, 23)),
            ],
            rng,
            claimed: [false; 2],
            kept_tokens: false,
            welcomed: [false; 2],
        };
        if resumed {
            door.seat_codes = Some(door.draw_seat_codes());
        }
        door
    }

    /// A game hosted again: each seat's own code (as after any resume), and the seats' tokens
    /// kept from before (`tokens`: White's, Black's), so that a seat that held one takes itself
    /// back with it. A token that is not one this program draws (its letter, 23 characters of the
    /// alphabet) is drawn anew.
    pub fn restore(seed: u64, tokens: &[String; 2]) -> Door {
        let mut door = Door::new(seed, true);
        for (c, kept) in Color::ALL.into_iter().zip(tokens) {
            let letter = c.fold_wb('W', 'B');
            let well_formed = kept.len() == 24
                && kept.starts_with(letter)
                && kept.bytes().skip(1).all(|b| ALPHABET.contains(&b));
            if well_formed {
                door.tokens[at(c)] = kept.clone();
            }
        }
        door.kept_tokens = true;
        door
    }

    /// The seats' tokens, White's then Black's (kept in the host's save).
    pub fn tokens(&self) -> [String; 2] {
        self.tokens.clone()
    }

    /// The code to give the other player: the join code, or after a resume the code of the
    /// first seat not taken.
    pub fn invitation(&self) -> String {
        Color::ALL
            .into_iter()
            .find(|&c| !self.claimed[at(c)])
            .and_then(|c| self.seat_code(c))
            .unwrap_or_else(|| self.code())
    }

    /// The join code, as shown: `ABC-DEF`.
    pub fn code(&self) -> String {
        let (a, b) = self.code.split_at(self.code.len() / 2);
        format!("{a}-{b}")
    }

    fn draw_seat_codes(&mut self) -> [String; 2] {
        Color::ALL.map(|c| format!("{}{}", c.fold_wb('W', 'B'), random_text(&mut self.rng, 6)))
    }

    /// After a resume, the code that takes back `seat`, as shown: `W-ABC-DEF`.
    pub fn seat_code(&self, seat: Color) -> Option<String> {
        let code = &self.seat_codes.as_ref()?[at(seat)];
        let (letter, rest) = code.split_at(1);
        let (a, b) = rest.split_at(rest.len() / 2);
        Some(format!("{letter}-{a}-{b}"))
    }

    /// The secret a connection's claim is checked against (the key exchange's password).
    pub fn secret(&self, claim: Claim) -> Result<String, Refusal> {
        match (claim, &self.seat_codes) {
            (Claim::Token(c), _) if self.claimed[at(c)] || self.kept_tokens => {
                Ok(self.tokens[at(c)].clone())
            }
            (Claim::Token(_), _) => Err(Refusal::NoSuchSeat),
            (Claim::Code(None), Some(_)) => Err(Refusal::NeedsSeat),
            (Claim::Code(Some(c)), Some(codes)) => Ok(codes[at(c)].clone()),
            (Claim::Code(_), None) => Ok(self.code.clone()),
        }
    }

    /// Keeps `seat` for the host's own player and returns its token.
    pub fn reserve(&mut self, seat: Color) -> String {
        self.claimed[at(seat)] = true;
        self.welcomed[at(seat)] = true;
        self.tokens[at(seat)].clone()
    }

    /// Whether `seat` is taken (its token given out, or its welcome on the way).
    pub fn is_claimed(&self, seat: Color) -> bool {
        self.claimed[at(seat)]
    }

    /// `seat`'s welcome (with its token) has been written to its connection: the seat is kept
    /// for that token from now on.
    pub fn welcomed(&mut self, seat: Color) {
        self.welcomed[at(seat)] = true;
    }

    /// `seat`'s connection ended: a seat whose welcome never went out is free again (its
    /// token reached no one, so no one could take it back).
    pub fn left(&mut self, seat: Color) {
        if !self.welcomed[at(seat)] {
            self.claimed[at(seat)] = false;
        }
    }

    /// `seat`'s token.
    pub fn token(&self, seat: Color) -> &str {
        &self.tokens[at(seat)]
    }

    /// Reads a connection's first line and takes the seat it asks for.
    pub fn admit(&mut self, line: &str) -> Result<(Color, Hello), HelloError> {
        let hello = match FromSeat::parse(line, Color::White)? {
            FromSeat::Hello(hello) => hello,
            _ => return Err(HelloError::NotHello),
        };
        if hello.version != super::VERSION {
            return Err(HelloError::Version(hello.version));
        }
        let seat = self.seat_for(&hello)?;
        self.claimed[at(seat)] = true;
        Ok((seat, hello))
    }

    /// The seat a `hello` asks for.
    fn seat_for(&self, hello: &Hello) -> Result<Color, HelloError> {
        if let Some(token) = &hello.token {
            return Color::ALL
                .into_iter()
                .find(|&c| {
                    (self.claimed[at(c)] || self.kept_tokens) && self.tokens[at(c)] == *token
                })
                .ok_or(HelloError::UnknownToken);
        }
        let Some(code) = &hello.code else {
            return Err(HelloError::NoCode);
        };
        let code = normalise_code(code);
        let free = |c: Color| !self.claimed[at(c)];
        if let Some(codes) = &self.seat_codes {
            // A resumed game: a seat's own code takes only that seat.
            let seat = Color::ALL
                .into_iter()
                .find(|&c| codes[at(c)] == code)
                .ok_or(HelloError::WrongCode)?;
            return if free(seat) {
                Ok(seat)
            } else {
                Err(HelloError::Taken(seat))
            };
        }
        if code != self.code {
            return Err(HelloError::WrongCode);
        }
        match hello.seat {
            Some(c) if free(c) => Ok(c),
            Some(c) => Err(HelloError::Taken(c)),
            None => Color::ALL
                .into_iter()
                .find(|&c| free(c))
                .ok_or(HelloError::Full),
        }
    }
}

/// A table the server ([`super::net::Server`]) can run: its door, and its answers to the seats'
/// lines (all without I/O).
pub trait SeatTable: Send + 'static {
    /// Who may sit.
    fn door(&self) -> &Door;
    /// Who may sit (to count wrong codes, reserve a seat).
    fn door_mut(&mut self) -> &mut Door;
    /// A new connection's first line: its seat and the lines to send, or why it is refused.
    fn connect(&mut self, line: &str, now: Duration) -> Result<(Color, Outbox), HelloError>;
    /// A line from a seated connection.
    fn handle(&mut self, seat: Color, line: &str, now: Duration) -> Outbox;
    /// A seat's connection closed.
    fn disconnect(&mut self, seat: Color, now: Duration) -> Outbox;
    /// The clocks, checked now and then.
    fn tick(&mut self, now: Duration) -> Outbox;
    /// The result in words once the game is over.
    fn over_title(&self) -> Option<String>;
    /// Whether `seat` is connected and has not yet been sent the reveal.
    fn awaits_reveal(&self, seat: Color) -> bool;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hello(code: &str) -> String {
        let mut h = Hello::new();
        h.code = Some(code.to_owned());
        h.seat = Some(Color::White);
        h.line()
    }

    #[test]
    fn a_seat_is_kept_only_once_its_welcome_went_out() {
        let mut door = Door::new(7, false);
        let code = door.code();
        assert!(door.admit(&hello(&code)).is_ok());
        assert!(matches!(
            door.admit(&hello(&code)),
            Err(HelloError::Taken(Color::White))
        ));
        // The connection ended before its welcome was written: the seat is free again.
        door.left(Color::White);
        assert!(!door.is_claimed(Color::White));
        assert!(door.admit(&hello(&code)).is_ok());
        door.welcomed(Color::White);
        door.left(Color::White);
        assert!(door.is_claimed(Color::White), "kept for its token");
        assert!(door.admit(&hello(&code)).is_err());
    }
}
