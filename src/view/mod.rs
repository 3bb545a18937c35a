//! A player's view: what one player knows, built from the game log and that player's colour only.
//!
//! [`PlayerView::from_perception`] reads only a [`Perception`]: the player's *own* requests and
//! the items the player *heard* (see [`GameLog::perceived_by`]); it cannot see the opponent's
//! requests, items the player did not hear, or the true position. The player's own pieces come from the start position's pieces of that colour, moved
//! by the player's own accepted moves and removed where the player heard they were captured.

mod derived;
pub use derived::worth;
pub mod san;

use crate::announce::{EndReason, GameResult, Item, Over};
use crate::attempt::Attempt;
use crate::knowledge::KingTracker;
use crate::log::{GameLog, Perceived, Perception};
use crate::possible::{Side, move_own_piece};
use crate::referee::Request;
use crate::rules::{EnPassantSquare, RuleSet};
use shakmaty::{Bitboard, Board, ByColor, ByRole, Color, Piece, Rank, Role, Setup, Square};

/// The role of a unit named in a capture or a drop.
fn unit_role(unit: crate::announce::Unit) -> Role {
    use crate::announce::Unit;
    match unit {
        Unit::Pawn => Role::Pawn,
        Unit::Knight => Role::Knight,
        Unit::Bishop => Role::Bishop,
        Unit::Rook => Role::Rook,
        Unit::Queen | Unit::Piece => Role::Queen,
    }
}
use std::collections::BTreeMap;

/// One thing in a player's record: its own request (if it made one) and what it heard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heard {
    /// The player's own request; `None` when the player only heard the result of someone
    /// else's request (the opponent's, the clock's, or the game start).
    pub request: Option<Request>,
    /// What the player heard, in order.
    pub items: Vec<Item>,
    /// The player's own move or attempt as it is written (from its own board, [`san::Written`])
    /// when this request was one; otherwise `None`.
    pub written: Option<san::Written>,
}

/// One turn as a player experienced it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewTurn {
    /// The move number (0 for the announcements at the start of the game).
    pub number: u32,
    /// Whose turn it was (`None` for the start of the game).
    pub mover: Option<Color>,
    /// What the player did and heard, in order.
    pub heard: Vec<Heard>,
}

/// Everything one player knows at one point of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    /// The player.
    pub color: Color,
    /// The rules (public).
    pub rules: RuleSet,
    /// The start position (public: agreed before play).
    pub start: Setup,
    /// The player's own pieces (no enemy pieces are ever on this board).
    pub own: Board,
    /// Own rook squares that still carry a castling right.
    pub castling: Bitboard,
    /// The side to move.
    pub to_move: Color,
    /// The move number of the current turn.
    pub move_number: u32,
    /// Everything heard, by turn.
    pub turns: Vec<ViewTurn>,
    /// The player's refused attempts in the current turn, with the answer each got.
    pub refused: Vec<(Attempt, Item)>,
    /// Squares where the player's units were captured, with the move number.
    pub lost: Vec<(Square, u32)>,
    /// The player's last accepted move.
    pub last_move: Option<Attempt>,
    /// The player asked "Any?" this turn.
    pub any_asked: bool,
    /// The end of the game, once announced.
    pub over: Option<Over>,
    /// What the player saw of the true board (RBC senses, Modern Kriegspiel opened squares):
    /// for each square the latest sighting, as (contents, move number when seen).
    pub seen: BTreeMap<Square, (Option<Piece>, u32)>,
    /// The squares of the player's most recent sense or opening.
    pub last_seen: Bitboard,
    /// RBC: the player has sensed (or skipped sensing) in the current turn.
    pub sensed: bool,
    /// What the player can deduce about the opponent's king and empty squares.
    pub king: KingTracker,
    /// Modern Kriegspiel: the player has just moved and may still open squares.
    pub may_open: bool,
    /// Crazyhouse Kriegspiel: both pockets (public: from the start position, the captures,
    /// which name the exact unit, and the drops, which name the unit).
    pub pockets: ByColor<ByRole<u8>>,
    /// What the view was built from: everything the player was told and did (an engine at the
    /// table is sent exactly this).
    pub perception: Perception,
}

impl PlayerView {
    /// Enemy pieces this player saw (senses, opened squares) as of when it saw them, except on
    /// squares its own pieces now stand on: the "ghosts" drawn on its board.
    pub fn enemy_sightings(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let own = self.own.by_color(self.color);
        self.seen
            .iter()
            .filter_map(move |(sq, (piece, _))| match piece {
                Some(p) if p.color != self.color && !own.contains(*sq) => Some((*sq, *p)),
                _ => None,
            })
    }

    /// The view of `color` after the whole log.
    pub fn build(log: &GameLog, color: Color) -> PlayerView {
        PlayerView::from_perception(&log.perceived_by(color))
    }

    /// The view of `color` after the first `upto` events of the log.
    pub fn build_prefix(log: &GameLog, color: Color, upto: usize) -> PlayerView {
        PlayerView::from_perception(&log.perceived_by_upto(color, upto))
    }

    /// The view built from what one seat was told and did: the only way to build a view.
    pub fn from_perception(seen: &Perception) -> PlayerView {
        let (start, color) = (&seen.start, seen.color);
        // The start position is read for this player's own pieces only.
        let mine = start.board.by_color(color);
        let mut own = Board::empty();
        for sq in mine {
            if let Some(p) = start.board.piece_at(sq) {
                own.set_piece_at(sq, p);
            }
        }
        let own_start = own.clone();
        let mut view = PlayerView {
            color,
            rules: seen.rules.clone(),
            start: start.clone(),
            castling: start.castling_rights & mine,
            own,
            to_move: start.turn,
            move_number: start.fullmoves.get(),
            turns: vec![ViewTurn {
                number: 0,
                mover: None,
                heard: Vec::new(),
            }],
            refused: Vec::new(),
            lost: Vec::new(),
            last_move: None,
            any_asked: false,
            over: None,
            seen: BTreeMap::new(),
            last_seen: Bitboard::EMPTY,
            sensed: false,
            king: KingTracker::new(
                color,
                &own_start,
                &start.board,
                start.castling_rights,
                seen.rules.variant().announces_checks(),
            ),
            may_open: false,
            // Kept as perceived_by gives it: the events the player took part in or heard of.
            perception: Perception {
                events: seen
                    .events
                    .iter()
                    .filter(|p| p.request.is_some() || !p.heard.is_empty() || p.turn_ends)
                    .cloned()
                    .collect(),
                ..seen.clone()
            },
            pockets: start.pockets.unwrap_or_default(),
        };
        let theirs = view.pockets.get(!color);
        view.king
            .set_reserve(theirs.iter().map(|n| u32::from(*n)).sum());
        if let Some(unseen) = &seen.unseen {
            let units = unseen.iter().map(|n| u32::from(*n)).sum();
            view.king
                .hidden_start(&own_start, start.turn == color, units);
        }
        if !seen.opening.is_empty() {
            view.turns[0].heard.push(Heard {
                request: None,
                items: seen.opening.clone(),
                written: None,
            });
        }
        view.open_turn();
        for event in &seen.events {
            view.take(event.request.clone(), event.heard.clone(), event.turn_ends);
        }
        view
    }

    /// Takes one more event as this player perceived it: the view of `from_perception` of the
    /// perception with `event` added (a long game's views made one after the other, each in
    /// the cost of its new events).
    pub fn extend(&mut self, event: Perceived) {
        if event.request.is_some() || !event.heard.is_empty() || event.turn_ends {
            self.perception.events.push(event.clone());
        }
        self.take(event.request, event.heard, event.turn_ends);
    }

    fn open_turn(&mut self) {
        self.turns.push(ViewTurn {
            number: self.move_number,
            mover: Some(self.to_move),
            heard: Vec::new(),
        });
    }

    fn end_turn(&mut self) {
        self.refused.clear();
        self.any_asked = false;
        self.sensed = false;
        if self.to_move == Color::Black {
            self.move_number += 1;
        }
        self.to_move = !self.to_move;
        if self.over.is_none() {
            self.open_turn();
        }
    }

    /// Takes one event as this player perceived it.
    fn take(&mut self, request: Option<Request>, items: Vec<Item>, turn_over: bool) {
        if request.is_none() && items.is_empty() && !turn_over {
            return; // the opponent did something this player was not told about
        }
        let mover = self.to_move;
        let before = self.own.clone();
        let before_castling = self.castling;
        for item in &items {
            self.hear(*item, request.as_ref(), mover);
        }
        self.track_turn(request.as_ref(), &items, &before, turn_over);
        let written = self.written(
            request.as_ref(),
            &items,
            &before,
            before_castling,
            turn_over,
        );
        if request.is_some() || !items.is_empty() {
            // The squares opened right after the player's own move belong to its turn
            // (Modern Kriegspiel), as in the log's turns.
            let n = self.turns.len();
            let at = match (&request, self.turns.get(n.wrapping_sub(2))) {
                (Some(Request::Open(_)), Some(own))
                    if own.mover == Some(self.color) && self.to_move != self.color =>
                {
                    n - 2
                }
                _ => n.saturating_sub(1),
            };
            let heard = Heard {
                request,
                items,
                written,
            };
            if let Some(turn) = self.turns.get_mut(at) {
                turn.heard.push(heard);
            }
        }
        if turn_over {
            self.end_turn();
        }
    }

    /// Takes one item heard after `request`, made (or not) while `mover` was to move.
    fn hear(&mut self, item: Item, request: Option<&Request>, mover: Color) {
        let mine = mover == self.color;
        let variant = self.rules.variant();
        match item {
            Item::Illegal | Item::Impossible => self.hear_refusal(item, request),
            Item::Capture { unit: Some(u), .. } | Item::Drop(u) if variant.pockets() => {
                self.hear_pocket(item, u, mover);
            }
            Item::Capture { square, .. } if !mine => self.lose(square),
            Item::Captured(square) => self.lose(square),
            Item::Moved { taken: Some(t), .. } => self.move_own(t),
            Item::AnyAnswer(_) if mine => self.any_asked = true,
            Item::Sense(r) | Item::Opened(r) => {
                self.last_seen = r.squares;
                for (sq, piece) in r.iter() {
                    self.seen.insert(sq, (piece, self.move_number));
                }
                self.king.saw(r.iter());
            }
            // Semi-Kriegspiel: the player's own king and queen are now on the board.
            Item::Placed => {
                if let Some(Request::Place { color, king, queen }) = request
                    && *color == self.color
                {
                    self.own.set_piece_at(*king, color.king());
                    self.own.set_piece_at(*queen, color.queen());
                }
            }
            _ => {
                if let Some((result, reason)) = game_end(item, mover) {
                    self.set_over(result, reason);
                }
            }
        }
    }

    /// An attempt refused as illegal or impossible: noted once per turn for the king tracker.
    fn hear_refusal(&mut self, item: Item, request: Option<&Request>) {
        if let Some(Request::Try(a) | Request::Move(a)) = request {
            let a = *a;
            let first = !self.refused.iter().any(|(b, _)| *b == a);
            if item == Item::Illegal && first && self.rules.variant().answers_attempts() {
                self.king.refused(&self.own, a);
            }
            self.refused.push((a, item));
        }
    }

    /// Crazyhouse Kriegspiel: a capture fills the mover's pocket, a drop empties it.
    fn hear_pocket(&mut self, item: Item, unit: crate::announce::Unit, mover: Color) {
        let mine = mover == self.color;
        let pocket = self.pockets.get_mut(mover).get_mut(unit_role(unit));
        *pocket = if matches!(item, Item::Drop(_)) {
            pocket.saturating_sub(1)
        } else {
            pocket.saturating_add(1)
        };
        if let Item::Capture { square, .. } = item
            && !mine
        {
            self.lose(square);
        }
        if matches!(item, Item::Drop(_)) && !mine {
            self.king.opponent_dropped();
        }
        let theirs = self.pockets.get(!self.color);
        self.king
            .set_reserve(theirs.iter().map(|n| u32::from(*n)).sum());
    }

    /// After an event's items: the own move, the king tracker, and the sense and open flags.
    fn track_turn(
        &mut self,
        request: Option<&Request>,
        items: &[Item],
        before: &Board,
        turn_over: bool,
    ) {
        let mine = self.to_move == self.color;
        let variant = self.rules.variant();
        let kriegspiel = variant.answers_attempts();
        if mine
            && turn_over
            && kriegspiel
            && let Some(Request::Try(a)) = request
        {
            self.move_own(*a);
            self.may_open = variant.squares_to_open() > 0 && self.over.is_none();
            self.king.own_move(before, &self.own, *a, items);
        }
        if mine
            && turn_over
            && !kriegspiel
            && let Some(t) = self.last_move
            && self.own != *before
        {
            self.king.own_move(before, &self.own, t, items);
        }
        if !mine && turn_over {
            self.king.opponent_moved(&self.own, items);
        }
        if mine && matches!(request, Some(Request::Sense(_))) {
            self.sensed = true;
        }
        if matches!(request, Some(Request::Open(_)))
            || (!mine && request.is_none() && !items.is_empty())
        {
            self.may_open = false;
        }
    }

    /// The own move or attempt as written, from the own board before it and the capture heard.
    fn written(
        &self,
        request: Option<&Request>,
        items: &[Item],
        before: &Board,
        before_castling: Bitboard,
        turn_over: bool,
    ) -> Option<san::Written> {
        let mine = self.to_move == self.color;
        let kriegspiel = self.rules.variant().answers_attempts();
        let played = match request {
            // A refused attempt too: the player reads it as it typed it.
            Some(Request::Try(a)) if mine && kriegspiel => Some(*a),
            Some(Request::Move(_)) if mine && turn_over => {
                self.last_move.filter(|_| self.own != *before)
            }
            _ => None,
        };
        played.map(|a| {
            let side = Side {
                board: before,
                color: self.color,
                castling: before_castling,
                promotion: self.rules.promotion,
            };
            let capture = items.iter().any(|i| matches!(i, Item::Capture { .. }));
            san::Written::of(&side, a, capture)
        })
    }

    fn set_over(&mut self, result: GameResult, reason: EndReason) {
        self.over = Some(Over { result, reason });
    }

    fn move_own(&mut self, a: Attempt) {
        self.last_move = Some(a);
        move_own_piece(&mut self.own, &mut self.castling, self.color, a);
    }

    /// Removes the player's unit captured on `square` (announced square).
    fn lose(&mut self, square: Square) {
        let mut victim = square;
        if self.own.piece_at(square).is_none()
            && self.rules.en_passant == EnPassantSquare::Destination
        {
            // The announcement names the capturing pawn's destination: the victim is the own pawn
            // just beyond it.
            if let Some(sq) = square.offset(self.color.fold_wb(8, -8))
                && self.own.piece_at(sq) == Some(self.color.pawn())
                && sq.rank() == self.color.relative_rank(Rank::Fourth)
            {
                victim = sq;
            }
        }
        self.own.discard_piece_at(victim);
        self.castling.discard(victim);
        self.lost.push((victim, self.move_number));
    }

    /// The player's possible attempts (move hints): from its own pieces only, and under
    /// Crazyhouse Kriegspiel every drop from its own pocket onto a square free on its own
    /// board (a pawn never onto the first or last rank), sorted.
    pub fn possible_attempts(&self) -> Vec<Attempt> {
        let mut out = self.side().possible_attempts();
        if self.rules.variant().pockets() {
            let free = !self.own.by_color(self.color);
            let pocket = self.pockets.get(self.color);
            for role in crate::setup::POCKET_ROLES {
                if *pocket.get(role) > 0 {
                    out.extend(
                        (free & drop_squares(role))
                            .into_iter()
                            .map(|to| Attempt::drop(role, to)),
                    );
                }
            }
            out.sort();
        }
        out
    }

    /// The possible attempts not yet refused this turn.
    pub fn untried_attempts(&self) -> Vec<Attempt> {
        let mut out = self.possible_attempts();
        out.retain(|a| !self.refused.iter().any(|(r, _)| r == a));
        out
    }

    /// Whether `a` is a possible attempt for this player (a drop included).
    pub fn is_possible(&self, a: Attempt) -> bool {
        match a.dropped() {
            Some(role) => {
                self.rules.variant().pockets()
                    && role != Role::King
                    && *self.pockets.get(self.color).get(role) > 0
                    && !self.own.by_color(self.color).contains(a.to)
                    && drop_squares(role).contains(a.to)
            }
            None => self.side().is_possible(a),
        }
    }

    /// The player's own pieces, castling rights and promotion rule, for working out attempts.
    pub fn side(&self) -> Side<'_> {
        Side {
            board: &self.own,
            color: self.color,
            castling: self.castling,
            promotion: self.rules.promotion,
        }
    }

    /// Whether this player must first place its units (Semi-Kriegspiel's sighted side before
    /// its king and queen stand on the board).
    pub fn must_place(&self) -> bool {
        self.over.is_none()
            && self.rules.variant().placing() == Some(self.color)
            && self.own.king_of(self.color).is_none()
    }

    /// Whether the player has just moved and still has a step to make before the opponent's
    /// turn (Modern Kriegspiel: the squares it may open, [`crate::variant::Step::Open`]). Tables
    /// and bots ask this, so that none of them names the family.
    pub fn acts_after_moving(&self) -> bool {
        self.may_open && self.over.is_none() && !self.my_turn()
    }

    /// Whether it is this player's turn (and the game is not over).
    pub fn my_turn(&self) -> bool {
        self.over.is_none() && self.to_move == self.color
    }

    /// The own piece on a square, if any.
    pub fn own_piece(&self, sq: Square) -> Option<Role> {
        self.own.role_at(sq)
    }
}

/// The end of the game an item announces, `mover` having moved last.
fn game_end(item: Item, mover: Color) -> Option<(GameResult, EndReason)> {
    use crate::announce::DrawReason;
    Some(match item {
        Item::Checkmate => (GameResult::win_for(mover), EndReason::Checkmate),
        Item::Stalemate => (GameResult::Draw, EndReason::Stalemate),
        Item::Draw(reason) => (
            GameResult::Draw,
            match reason {
                DrawReason::InsufficientMaterial => EndReason::InsufficientMaterial,
                DrawReason::FiftyMoves => EndReason::FiftyMoves,
                DrawReason::Threefold => EndReason::Threefold,
                DrawReason::Agreement => EndReason::Agreement,
            },
        ),
        Item::Resigned(c) => (GameResult::win_for(!c), EndReason::Resignation),
        Item::Timeout { result, .. } => (result, EndReason::Timeout),
        Item::KingCaptured => (GameResult::win_for(mover), EndReason::KingCaptured),
        Item::Adjudicated(result) => (result, EndReason::Adjudication),
        _ => return None,
    })
}

/// The squares a unit may be dropped on: a pawn never on the first or last rank.
fn drop_squares(role: Role) -> Bitboard {
    if role == Role::Pawn {
        !(Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth))
    } else {
        Bitboard::FULL
    }
}
