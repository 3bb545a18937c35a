//! The heuristic bot: a simple baseline, meant to beat the random bot, that sees only its seat.
//! It asks "Any?" at the start of each turn where the rules have it, tries its pawn captures
//! first when it was told some are legal, and otherwise tries the possible attempt it scores
//! best (recaptures, checks where the enemy king may be, pawn advances and promotions,
//! development; no king walks, no heavy piece next to the enemy king). In RBC it senses a random
//! square of the middle of the board, then moves. It never repeats a refused attempt, and when
//! every attempt was refused it answers as the random bot would.

use super::Bot;
use super::random::RandomBot;
use crate::announce::{Item, PawnTries};
use crate::attempt::Attempt;
use crate::knowledge::certain_attacks;
use crate::possible::move_own_piece;
use crate::referee::Request;
use crate::rng::Rng;
use crate::view::PlayerView;
use shakmaty::{Bitboard, File, Rank, Role, Square, attacks};

/// A baseline player: scores its possible attempts with a few chess rules of thumb and tries the
/// best one not yet refused this turn (random tie-breaks).
pub struct HeuristicBot {
    rng: Rng,
    /// How often each arrangement of its own pieces stood on the board at its turn.
    seen: std::collections::HashMap<u64, u32>,
    /// The move number whose arrangement was last counted.
    counted: u32,
    /// Answers whatever this bot does not handle (every attempt refused).
    fallback: RandomBot,
}

impl HeuristicBot {
    /// A player with its own random stream.
    pub fn new(seed: u64) -> HeuristicBot {
        HeuristicBot {
            rng: Rng::new(seed),
            seen: std::collections::HashMap::new(),
            counted: 0,
            fallback: RandomBot::new(seed ^ 0x5EED_F00D_CAFE),
        }
    }

    /// The best-scored attempt of `candidates` (random tie-breaks and a little noise).
    fn best(&mut self, seat: &PlayerView, news: &News, candidates: &[Attempt]) -> Option<Attempt> {
        let mut best: Option<(i32, Attempt)> = None;
        let mut ties = 0;
        let ahead = units_ahead(seat);
        for &a in candidates {
            let mut s = score(seat, news, a) + self.rng.below(3) as i32;
            if ahead > 0 {
                // Ahead, standing as it stood before invites a draw by repetition.
                let mut own = seat.own.clone();
                let mut castling = seat.castling;
                move_own_piece(&mut own, &mut castling, seat.color, a);
                let times = self
                    .seen
                    .get(&super::arrangement(&own))
                    .copied()
                    .unwrap_or(0);
                s -= 30 * i32::try_from(times).unwrap_or(i32::MAX / 60);
                // A king left without a step may be stalemated.
                let boxed =
                    super::strong::eval::boxed_in(seat, &own, shakmaty::Bitboard::EMPTY, false);
                s -= (40.0 * boxed) as i32;
            }
            match best {
                Some((b, _)) if s < b => {}
                Some((b, _)) if s == b => {
                    ties += 1;
                    if self.rng.below(ties + 1) == 0 {
                        best = Some((s, a));
                    }
                }
                _ => {
                    best = Some((s, a));
                    ties = 0;
                }
            }
        }
        best.map(|(_, a)| a)
    }

    /// A random square of the middle of the board (files b-g, ranks 3-6) to sense.
    fn sense_square(&mut self) -> Square {
        let file = File::new(1 + self.rng.below(6) as u32);
        let rank = Rank::new(2 + self.rng.below(4) as u32);
        Square::from_coords(file, rank)
    }
}

/// What the player was told about legal pawn captures this turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum PawnNews {
    /// Nothing was said.
    Unknown,
    /// There are none.
    Nothing,
    /// There are some, onto these squares (every square when the squares were not said).
    Onto(Bitboard),
}

/// What the player heard that bears on its current turn.
struct News {
    /// Legal pawn captures.
    pawns: PawnNews,
    /// Where the opponent just captured one of the player's units.
    capture: Option<Square>,
    /// The player's king is in check.
    in_check: bool,
}

impl News {
    /// From the opponent's last turn (or the start) and the current turn so far.
    fn heard(seat: &PlayerView) -> News {
        let mut news = News {
            pawns: PawnNews::Unknown,
            capture: None,
            in_check: false,
        };
        let previous = seat
            .turns
            .iter()
            .rev()
            .find(|t| t.mover != Some(seat.color));
        for item in previous
            .into_iter()
            .flat_map(|t| t.heard.iter())
            .flat_map(|h| h.items.iter())
        {
            match *item {
                Item::PawnTries(tries) => {
                    news.pawns = match tries {
                        PawnTries::Count(0) | PawnTries::Any(false) => PawnNews::Nothing,
                        PawnTries::Count(_) | PawnTries::Any(true) => {
                            PawnNews::Onto(Bitboard::FULL)
                        }
                        PawnTries::Squares(squares) if squares.is_empty() => PawnNews::Nothing,
                        PawnTries::Squares(squares) => PawnNews::Onto(squares),
                    }
                }
                Item::Capture { square, .. } | Item::Captured(square) => {
                    news.capture = Some(square)
                }
                Item::Check(_) => news.in_check = true,
                _ => {}
            }
        }
        let current = seat.turns.last().filter(|t| t.mover == Some(seat.color));
        for item in current
            .into_iter()
            .flat_map(|t| t.heard.iter())
            .flat_map(|h| h.items.iter())
        {
            match *item {
                Item::AnyAnswer(true) if !matches!(news.pawns, PawnNews::Onto(_)) => {
                    news.pawns = PawnNews::Onto(Bitboard::FULL)
                }
                Item::AnyAnswer(false) => news.pawns = PawnNews::Nothing,
                _ => {}
            }
        }
        news
    }
}

/// A unit's rough value in pawns ([`super::pawns`]).
fn value(role: Role) -> i32 {
    i32::from(super::pawns(role))
}

/// How good the attempt `a` looks from `seat`'s view alone (higher is better).
fn score(seat: &PlayerView, news: &News, a: Attempt) -> i32 {
    let Some(p) = Planned::new(seat, news, a) else {
        return 0;
    };
    p.captures() + p.checks() + p.pawn_play() + p.development() + p.king_play() + p.safety()
}

/// How many more units the seat has than the opponent can have left (its start army less what
/// the seat took).
fn units_ahead(seat: &PlayerView) -> i32 {
    let left = seat.opponent_units_left();
    seat.own.occupied().count() as i32 - i32::try_from(left).unwrap_or(i32::MAX)
}

/// One attempt as the seat sees it: the unit it moves and the own board after it.
struct Planned<'a> {
    seat: &'a PlayerView,
    news: &'a News,
    a: Attempt,
    /// The unit dropped, for a drop.
    dropped: Option<Role>,
    /// The unit's role before the attempt (the dropped unit for a drop).
    before: Role,
    /// The unit on the destination after the attempt (a promoted pawn is the new piece).
    moved: shakmaty::Piece,
    /// The own pieces after the attempt.
    after: shakmaty::Board,
    /// A pawn moving diagonally (a capture, if allowed).
    diagonal_pawn: bool,
    /// The opening moves.
    early: bool,
}

impl<'a> Planned<'a> {
    /// The attempt `a` played on the own board; `None` when no own unit makes it.
    fn new(seat: &'a PlayerView, news: &'a News, a: Attempt) -> Option<Planned<'a>> {
        let dropped = a.dropped();
        let before = dropped.or_else(|| seat.own.role_at(a.from))?;
        let mut after = seat.own.clone();
        let mut castling = seat.castling;
        move_own_piece(&mut after, &mut castling, seat.color, a);
        let moved = after.piece_at(a.to)?;
        Some(Planned {
            seat,
            news,
            a,
            dropped,
            before,
            moved,
            after,
            diagonal_pawn: dropped.is_none()
                && before == Role::Pawn
                && a.from.file() != a.to.file(),
            early: seat.move_number <= 12,
        })
    }

    /// A square's rank counted from the player's side (0 for its first rank).
    fn rel(&self, sq: Square) -> i32 {
        self.seat.color.relative_rank(sq.rank()).to_u32() as i32
    }

    /// The squares the enemy king may stand on, and how many (at least one).
    fn king(&self) -> (Bitboard, i32) {
        let king = self.seat.king.possible;
        (king, king.count().max(1) as i32)
    }

    /// Captures: where the opponent just took one of ours, where an enemy unit was just seen.
    fn captures(&self) -> i32 {
        let (seat, a, color) = (self.seat, self.a, self.seat.color);
        let rbc = seat.rules.variant().resolves_moves();
        let mut s = 0;
        if self.news.capture == Some(a.to) {
            s += 25;
        }
        let sighted = match seat.seen.get(&a.to) {
            Some((Some(p), seen_at)) if p.color != color && seen_at + 1 >= seat.move_number => {
                Some(p.role)
            }
            _ => None,
        };
        if let Some(role) = sighted {
            s += 4 * value(role) + 2;
        }
        if seat.king.possible.single_square() == Some(a.to) {
            // RBC: the king is there for certain, take it. Kriegspiel: the attempt is illegal.
            s += if rbc { 1000 } else { -50 };
        }
        if rbc && self.diagonal_pawn && sighted.is_none() {
            s -= 6; // most likely nothing to take: the move would be wasted
        }
        s
    }

    /// Checks where the enemy king may stand.
    fn checks(&self) -> i32 {
        let (king, king_squares) = self.king();
        let reach = match self.moved.role {
            Role::Pawn => attacks::pawn_attacks(self.seat.color, self.a.to),
            _ => attacks::attacks(self.a.to, self.moved, self.after.occupied()),
        };
        let hits = (reach & king).count() as i32;
        if hits > 0 && self.moved.role != Role::King {
            6 + 30 * hits / king_squares
        } else {
            0
        }
    }

    /// Pawns: advances and promotions.
    fn pawn_play(&self) -> i32 {
        if self.dropped.is_some() || self.before != Role::Pawn {
            return 0;
        }
        match self.a.promotion {
            Some(Role::Queen) => 60,
            Some(_) => -20,
            None if !self.diagonal_pawn => {
                let centre = self.early && matches!(self.a.to.file(), File::D | File::E);
                2 + self.rel(self.a.to) + if centre { 4 } else { 0 }
            }
            None => 1,
        }
    }

    /// Development: knights and bishops off the back rank early.
    fn development(&self) -> i32 {
        if self.dropped.is_some()
            || !self.early
            || !matches!(self.before, Role::Knight | Role::Bishop)
            || self.rel(self.a.from) != 0
        {
            return 0;
        }
        // A knight on the rim is worth less.
        let rim = self.before == Role::Knight && matches!(self.a.to.file(), File::A | File::H);
        if rim { 3 } else { 6 }
    }

    /// The king: castle, step out of check, otherwise stay home.
    fn king_play(&self) -> i32 {
        let a = self.a;
        if self.dropped.is_some() || self.before != Role::King {
            0
        } else if a.from.rank() == a.to.rank() && a.from.distance(a.to) == 2 {
            12
        } else if self.news.in_check {
            6
        } else if self.seat.move_number < 30 && self.rel(a.to) > self.rel(a.from) {
            -14 // walking up the board early is worse still
        } else {
            -8
        }
    }

    /// Safety: defended squares; heavy pieces not next to where the enemy king may be; board
    /// moves before drops.
    fn safety(&self) -> i32 {
        let (seat, a, role) = (self.seat, self.a, self.moved.role);
        let (king, king_squares) = self.king();
        let mut s = 0;
        let defended = certain_attacks(&self.after, seat.color, seat.king.empty).contains(a.to);
        if defended && role != Role::King {
            s += 2;
        }
        if matches!(role, Role::Queen | Role::Rook) {
            let near = (attacks::king_attacks(a.to) & king).count() as i32;
            if near > 0 {
                let risk = 4 + 20 * near / king_squares;
                s -= if defended { risk / 3 } else { risk };
            }
            if role == Role::Queen && seat.move_number < 8 {
                s -= 4;
            }
        }
        if self.dropped.is_some() {
            s -= 2; // board moves first; drops when they check or nothing else works
        }
        s
    }
}

impl Bot for HeuristicBot {
    fn name(&self) -> &str {
        super::BotKind::Heuristic.title()
    }

    fn next(&mut self, seat: &PlayerView) -> Option<Request> {
        if !seat.my_turn() {
            return None;
        }
        if seat.move_number != self.counted {
            self.counted = seat.move_number;
            *self.seen.entry(super::arrangement(&seat.own)).or_default() += 1;
        }
        let news = News::heard(seat);
        let side = seat.side();
        let open = seat.untried_attempts();
        if seat.rules.variant().senses() {
            if !seat.sensed {
                return Some(Request::Sense(Some(self.sense_square())));
            }
            return match self.best(seat, &news, &open) {
                Some(a) => Some(Request::Move(a)),
                None => self.fallback.next(seat),
            };
        }
        let new_turn = seat.refused.is_empty() && !seat.any_asked;
        let pawn_captures: Vec<Attempt> = open
            .iter()
            .copied()
            .filter(|a| side.is_pawn_capture(*a))
            .collect();
        if new_turn
            && seat.rules.has_any()
            && news.pawns != PawnNews::Nothing
            && !pawn_captures.is_empty()
        {
            return Some(Request::Any);
        }
        if let PawnNews::Onto(targets) = news.pawns {
            let tries: Vec<Attempt> = pawn_captures
                .iter()
                .copied()
                .filter(|a| targets.contains(a.to) && a.promotion.is_none_or(|r| r == Role::Queen))
                .collect();
            if !tries.is_empty() {
                return Some(Request::Try(tries[self.rng.below(tries.len())]));
            }
        }
        // Told there is no legal pawn capture: leave them out (unless nothing else is left).
        let candidates: Vec<Attempt> =
            if news.pawns == PawnNews::Nothing && open.len() > pawn_captures.len() {
                open.into_iter()
                    .filter(|a| !side.is_pawn_capture(*a))
                    .collect()
            } else {
                open
            };
        match self.best(seat, &news, &candidates) {
            Some(a) => Some(Request::Try(a)),
            None => self.fallback.next(seat),
        }
    }
}
