//! Refilling a belief: new particles when every kept world was contradicted (a replay of the
//! seat's history with random consistent opponent options, then, as a last resort, the last
//! world's enemy units scattered afresh), and the exact rebuild of a sampled belief about a lone
//! enemy king from the view's king tracker.

use super::Belief;
use super::steps::{Step, advance};
use crate::announce::{CheckDirection, Item, Unit, heard_by};
use crate::referee::{Referee, Request};
use crate::view::{PlayerView, worth};
use shakmaty::{Bitboard, Piece, Role, Setup, Square};

/// How many steps of the history drawing new particles may replay at most, in all (about
/// 150 ms in a release build). A count, not a clock: the same game and seed give the same
/// belief on any machine and under any load, so a game replays exactly.
const REGENERATE_STEPS: usize = 40_000;

impl Belief {
    /// New particles: the seat's history replayed from the start with a random consistent
    /// opponent option at each opponent turn (a bounded number of tries and steps).
    pub(super) fn regenerate(&mut self) -> Vec<(Referee, f64)> {
        let want = (self.cap / 4).max(1);
        let mut out = Vec::new();
        let mut steps = 0;
        for _ in 0..want.saturating_mul(8).min(4_000) {
            if steps >= REGENERATE_STEPS {
                break;
            }
            let mut world = self.fresh_start();
            for step in &self.history {
                let Some(w) = world.take() else { break };
                steps += 1;
                let mut options = advance(vec![(w, 1.0)], step, self.color);
                if options.is_empty() {
                    break;
                }
                let pick = self.rng.below(options.len());
                world = Some(options.swap_remove(pick).0);
            }
            if let Some(w) = world {
                out.push((w, 1.0));
                if out.len() >= want {
                    break;
                }
            }
        }
        out
    }

    /// The start of a regenerated particle: the game's start, with the opponent's hidden
    /// Semi-Kriegspiel placement drawn at random where there is one.
    fn fresh_start(&mut self) -> Option<Referee> {
        if let Some(hidden) = &self.hidden {
            return (0..1_000).find_map(|_| hidden.draw(&mut self.rng));
        }
        if self.start.placing() != Some(!self.color) {
            return Some(self.start.clone());
        }
        let color = !self.color;
        for _ in 0..1_000 {
            let king = Square::new(self.rng.below(64) as u32);
            let queen = Square::new(self.rng.below(64) as u32);
            let mut w = self.start.clone();
            if king != queen && w.apply(&Request::Place { color, king, queen }).is_ok() {
                return Some(w);
            }
        }
        None
    }

    /// When every world was contradicted and none could be drawn again: a fresh sample that
    /// keeps the enemy units of the last world but scatters them (the king where the view's
    /// tracker allows it, bishops on their colour, pawns off the end ranks, nothing on a square
    /// the seat saw empty this turn), kept where it answers this turn's requests as the seat
    /// heard them. Not exact: a bot's last resort.
    pub(super) fn scatter(&mut self, view: &PlayerView) {
        let Some(template) = &self.template else {
            return;
        };
        if view.to_move != self.color || view.over.is_some() {
            return;
        }
        let enemy: Vec<(Square, Piece)> = template
            .true_board()
            .iter()
            .filter(|(_, p)| p.color != self.color)
            .collect();
        let enemy = trim_to_captures(view, enemy);
        let here = template.true_setup();
        // This turn's own requests, to check the fresh worlds against.
        let this_turn: Vec<Step> = self
            .history
            .iter()
            .rev()
            .take_while(|s| matches!(s, Step::Own(..)))
            .cloned()
            .collect();
        // Squares seen this turn: their contents are known.
        let seen_now: Vec<(Square, Option<Piece>)> = view
            .seen
            .iter()
            .filter(|(_, (_, at))| *at == view.move_number)
            .map(|(sq, (p, _))| (*sq, *p))
            .collect();
        // The checks the seat heard against its king as its turn began: a world must give the
        // same (a scatter that ignored them once let the bot take a last knight into a
        // stalemate). Worlds that do not are kept aside, used only when none does.
        let heard = check_ids(view.recent_checks());
        let mut off_check = Vec::new();
        let want = (self.cap / 4).max(1);
        let mut out = Vec::new();
        for _ in 0..want * 20 {
            if out.len() >= want {
                break;
            }
            let Some(setup) = self.scattered(view, &here, &enemy, &seen_now) else {
                continue;
            };
            let Ok((world, said)) = Referee::new(view.rules.clone(), setup) else {
                continue;
            };
            if world.over().is_some() {
                continue;
            }
            let checks = heard_by(&said, self.color).filter_map(|i| match i {
                Item::Check(d) => Some(d),
                _ => None,
            });
            let out = if check_ids(checks) == heard {
                &mut out
            } else if off_check.len() < want {
                &mut off_check
            } else {
                continue;
            };
            let color = self.color;
            let world = this_turn.iter().rev().try_fold(world, |w, step| {
                advance(vec![(w, 1.0)], step, color).pop().map(|(w, _)| w)
            });
            out.extend(world.map(|w| (w, 1.0)));
        }
        if out.is_empty() {
            out = off_check;
        }
        self.set(out);
        self.exact = false;
    }

    /// `here` with the seat's own units from `view`, the units seen this turn (`seen_now`) where
    /// they were seen and the rest of `enemy` scattered at random (see [`Belief::scatter`]);
    /// `None` when a unit found no square.
    fn scattered(
        &mut self,
        view: &PlayerView,
        here: &Setup,
        enemy: &[(Square, Piece)],
        seen_now: &[(Square, Option<Piece>)],
    ) -> Option<Setup> {
        let mut setup = here.clone();
        setup.board = view.own.clone();
        setup.turn = self.color;
        setup.castling_rights = view.castling;
        setup.ep_square = None;
        let mut blocked = setup.board.occupied();
        // Units seen this turn stay where they were seen.
        let mut placed = Vec::new();
        for (sq, piece) in seen_now {
            blocked.add(*sq);
            if let Some(p) = piece.filter(|p| p.color != self.color) {
                setup.board.set_piece_at(*sq, p);
                placed.push(p);
            }
        }
        // A pawn of ours whose push was refused blocks an enemy unit, most often a pawn that
        // cannot leave but by a capture: one of the template's pawns goes there (nine times in
        // ten: it may have been the king). Else a scatter forgets it, and the bot once put its
        // queen where that pawn took it.
        let mut fronts: Vec<Square> = view
            .blocked_fronts()
            .into_iter()
            .filter(|sq| !blocked.contains(*sq) && !Bitboard::BACKRANKS.contains(*sq))
            .filter(|_| self.rng.below(10) != 0)
            .collect();
        for (from, piece) in enemy {
            if let Some(i) = placed.iter().position(|p| p == piece) {
                placed.swap_remove(i);
                continue;
            }
            if piece.role == Role::Pawn
                && let Some(sq) = fronts.pop()
            {
                setup.board.set_piece_at(sq, *piece);
                blocked.add(sq);
                continue;
            }
            let free = !blocked;
            let allowed = match piece.role {
                Role::King => view.king.possible & free,
                Role::Pawn => free & !Bitboard::BACKRANKS,
                Role::Bishop if from.is_light() => free & Bitboard::LIGHT_SQUARES,
                Role::Bishop => free & Bitboard::DARK_SQUARES,
                _ => free,
            };
            let sq = allowed
                .into_iter()
                .nth(self.rng.below(allowed.count().max(1)))?;
            setup.board.set_piece_at(sq, *piece);
            blocked.add(sq);
        }
        Some(setup)
    }

    /// A sampled belief about a lone enemy king is rebuilt exactly at the start of the seat's
    /// turn: one world for each square the view's king tracker still allows (the tracker keeps
    /// every square the king may stand on, so the truth is among them again).
    pub(super) fn reseed_lone_king(&mut self, view: &PlayerView) {
        if !self.sampled_at_turn_start(view)
            || !view.rules.variant().answers_attempts()
            || !view.king.lone()
        {
            return;
        }
        // The enemy's units: its army at the start less the captures the seat made.
        if view.opponent_units_left() != 1 {
            return;
        }
        let here = match self.worlds.first() {
            Some(w) => w.true_setup(),
            None => view.start.clone(),
        };
        let worlds: Vec<_> = (view.king.possible & !view.own.occupied())
            .into_iter()
            .filter_map(|sq| self.world_at_turn(view, &here, Bitboard::EMPTY, sq))
            .map(|w| (w, 1.0))
            .collect();
        if !worlds.is_empty() && worlds.len() <= self.cap {
            self.scale = 1.0;
            self.set(worlds);
            self.exact = true;
        }
    }

    /// A sampled belief about an enemy with nothing but its king and pawns is spread again over
    /// the king's squares at the start of the seat's turn: for each arrangement of the pawns the
    /// sample holds, the king on every square the view's king tracker allows, weighed mostly as
    /// the sample weighed it and partly alike ([`SPREAD`]); only when every arrangement fits in
    /// the cap. A sample thins out as its worlds are contradicted and may lose the king's true
    /// square; a bot that trusts a few worlds then walks its last rook into the king. Still a
    /// sample (the pawns' arrangements are the sample's).
    pub(super) fn reseed_king_among_pawns(&mut self, view: &PlayerView) {
        if !self.sampled_at_turn_start(view)
            || !view.rules.variant().plain()
            || view.king.lone()
            || self.worlds.is_empty()
        {
            return;
        }
        let them = !self.color;
        // Each arrangement of the enemy pawns with its weight, and the king's weight by square.
        let mut arrangements: Vec<(Bitboard, f64, [f64; 64])> = Vec::new();
        for (w, p) in self.worlds.iter().zip(&self.weights) {
            let board = &w.true_setup().board;
            let theirs = board.by_color(them);
            let pawns = theirs & board.pawns();
            let Some(king) = board.king_of(them) else {
                return;
            };
            if pawns.is_empty() || theirs != pawns.with(king) {
                return;
            }
            match arrangements.iter_mut().find(|(b, _, _)| *b == pawns) {
                Some((_, total, kings)) => {
                    *total += p;
                    kings[usize::from(king)] += p;
                }
                None => {
                    let mut kings = [0.0; 64];
                    kings[usize::from(king)] = *p;
                    arrangements.push((pawns, *p, kings));
                }
            }
        }
        let Some(here) = self.worlds.first().map(|w| w.true_setup()) else {
            return;
        };
        let squares = view.king.possible & !view.own.occupied();
        let mut worlds = Vec::new();
        for (pawns, total, kings) in arrangements {
            let placed: Vec<_> = (squares & !pawns)
                .into_iter()
                .filter_map(|sq| {
                    self.world_at_turn(view, &here, pawns, sq)
                        .map(|w| (w, kings[usize::from(sq)]))
                })
                .collect();
            if placed.is_empty() {
                continue;
            }
            if worlds.len() + placed.len() > self.cap {
                // Too many arrangements to hold: the sample is still broad, keep it.
                return;
            }
            let alike = SPREAD / placed.len() as f64;
            let kept: f64 = placed.iter().map(|(_, k)| k).sum();
            for (world, k) in placed {
                let sampled = if kept > 0.0 { k / kept } else { 0.0 };
                worlds.push((world, total * (alike + (1.0 - SPREAD) * sampled)));
            }
        }
        if !worlds.is_empty() {
            self.set(worlds);
            self.exact = false;
        }
    }

    /// Whether the belief is a sample and the seat's turn is just starting (nothing tried or
    /// asked yet): when a sample may be rebuilt from the view.
    fn sampled_at_turn_start(&self, view: &PlayerView) -> bool {
        !self.exact
            && view.to_move == self.color
            && view.over.is_none()
            && view.refused.is_empty()
            && !view.any_asked
    }

    /// The game at the seat's turn from `here` with the seat's own pieces, enemy pawns on
    /// `pawns` and the enemy king on `king`, where that is a legal position not over.
    fn world_at_turn(
        &self,
        view: &PlayerView,
        here: &Setup,
        pawns: Bitboard,
        king: Square,
    ) -> Option<Referee> {
        let them = !self.color;
        let mut setup = here.clone();
        setup.turn = self.color;
        setup.board = view.own.clone();
        for p in pawns {
            setup.board.set_piece_at(p, Role::Pawn.of(them));
        }
        setup.board.set_piece_at(king, them.king());
        setup.castling_rights = view.castling;
        setup.ep_square = None;
        let (world, _) = Referee::new(view.rules.clone(), setup).ok()?;
        world.over().is_none().then_some(world)
    }
}

/// The share of an arrangement's weight spread alike over every square its king may stand on
/// when a sample is spread again ([`Belief::reseed_king_among_pawns`]).
const SPREAD: f64 = 0.25;

/// The enemy units of a scatter's template cut down to as many as the seat's captures leave
/// (the opponent's army at the start, less one unit per capture the seat heard): the template
/// is the last world kept, and when the world that answered a capture was lost, it predates
/// that capture (issue 36: a queen that was taken stayed in every later world, and the bot
/// weighed a stalemate as if the game were even). With `n` units too many, the template missed
/// the seat's last `n` captures, newest first: the unit standing on such a capture's square goes
/// when it is of the kind announced (it is the one taken in that world); else the least valuable
/// unit of that kind (the bot keeps fearing the strongest), else any unit but the king. Not in
/// Crazyhouse, where captured units come back.
fn trim_to_captures(view: &PlayerView, mut enemy: Vec<(Square, Piece)>) -> Vec<(Square, Piece)> {
    if view.rules.variant().pockets() {
        return enemy;
    }
    let left = view.opponent_units_left().max(1);
    let excess = enemy.len().saturating_sub(left);
    let captures = view.own_capture_list();
    for (square, unit) in captures.iter().rev().take(excess) {
        let of_kind = |p: &Piece| p.role != Role::King && unit.is_none_or(|u| kind_fits(u, p.role));
        let i = enemy
            .iter()
            .position(|(s, p)| s == square && of_kind(p))
            .or_else(|| cheapest(&enemy, of_kind))
            .or_else(|| enemy.iter().position(|(_, p)| p.role != Role::King));
        if let Some(i) = i {
            enemy.remove(i);
        }
    }
    // More units than the missed captures explain (the template was wrong anyway): the
    // cheapest go.
    while enemy.len() > left {
        let Some(i) = cheapest(&enemy, |p| p.role != Role::King) else {
            break;
        };
        enemy.remove(i);
    }
    enemy
}

/// The index of the least valuable unit of `enemy` that `fits`.
fn cheapest(enemy: &[(Square, Piece)], fits: impl Fn(&Piece) -> bool) -> Option<usize> {
    (0..enemy.len())
        .filter(|&i| fits(&enemy[i].1))
        .min_by_key(|&i| worth(enemy[i].1.role))
}

/// Check directions by name, in order, to compare two announcements' checks.
fn check_ids(checks: impl IntoIterator<Item = CheckDirection>) -> Vec<&'static str> {
    let mut ids: Vec<_> = checks.into_iter().map(CheckDirection::id).collect();
    ids.sort_unstable();
    ids
}

/// Whether a unit of `role` answers the capture announcement `unit`.
fn kind_fits(unit: Unit, role: Role) -> bool {
    match unit {
        Unit::Pawn => role == Role::Pawn,
        Unit::Piece => role != Role::Pawn,
        exact => Unit::exact(role) == exact,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attempt::Attempt;
    use crate::log::Game;
    use crate::rules::Preset;
    use shakmaty::{Color, Square::*};

    fn piece(c: char) -> Piece {
        Piece::from_char(c).expect("a piece letter")
    }

    /// White's view after its rook on a1 took on `to`, from `fen` (White to move; with
    /// `hidden`, White is not told where Black's units start).
    fn after_taking(fen: &str, to: Square, hidden: bool) -> PlayerView {
        let mut game = Game::from_fen(Preset::Wild16.rules(), fen).expect("a start");
        if hidden {
            game.hide_start();
        }
        let take = Request::Try(Attempt::new(A1, to));
        game.apply(take).expect("a legal capture");
        PlayerView::build(game.log(), Color::White)
    }

    #[test]
    fn a_stale_template_loses_the_unit_the_seat_took() {
        let k = (H8, piece('k'));
        let p = (G7, piece('p'));
        // A piece was taken on a8. The template's unit there goes; with none there, the least
        // valuable piece (a promoted queen is the only one, then the knight before the queen);
        // never a pawn. So too after a hidden start, where the seat was told only how many
        // units there are.
        for hidden in [false, true] {
            let view = after_taking("r6k/6p1/8/8/8/8/8/R3K3 w - - 0 1", A8, hidden);
            let cases = [
                (vec![k, p, (A8, piece('r'))], vec![k, p]),
                (vec![k, p, (C3, piece('q'))], vec![k, p]),
                (
                    vec![k, (C3, piece('q')), (D4, piece('n'))],
                    vec![k, (C3, piece('q'))],
                ),
                (
                    vec![k, (A8, piece('q')), (D4, piece('n'))],
                    vec![k, (D4, piece('n'))],
                ),
            ];
            for (template, kept) in cases {
                assert_eq!(trim_to_captures(&view, template), kept, "hidden: {hidden}");
            }
        }
        // A pawn was taken on a7: the template's pawn there goes, else a pawn, never a piece.
        let view = after_taking("7k/p5p1/8/8/8/8/8/R3K3 w - - 0 1", A7, false);
        let n = (C3, piece('n'));
        let cases = [
            (vec![k, (A7, piece('p')), p], vec![k, p]),
            (vec![k, p, n], vec![k, n]),
            // More units than one capture explains: the cheapest go after the pawn.
            (vec![k, p, (B3, piece('p')), n], vec![k, n]),
        ];
        for (template, kept) in cases {
            assert_eq!(trim_to_captures(&view, template), kept);
        }
        // A template that agrees with the count is kept whole.
        let template = vec![k, n];
        assert_eq!(trim_to_captures(&view, template.clone()), template);
    }

    #[test]
    fn a_scatter_keeps_the_check_the_seat_heard() {
        // Black's rook checks White's king along the e-file; then every world is lost.
        let mut game = Game::from_fen(Preset::Wild16.rules(), "3r3k/8/8/8/8/8/8/R3K3 b - - 0 1")
            .expect("a start");
        let check = Request::Try(Attempt::new(D8, E8));
        game.apply(check).expect("a legal move");
        let view = PlayerView::build(game.log(), Color::White);
        assert_eq!(view.recent_checks(), vec![CheckDirection::File]);
        let mut belief = Belief::with_cap(&view, 64, 7).expect("a belief");
        belief.set(Vec::new());
        belief.scatter(&view);
        assert!(!belief.worlds.is_empty());
        for world in &belief.worlds {
            let board = world.true_board();
            let rook = board.rooks() & board.by_color(Color::Black);
            assert_eq!(
                rook.first().map(|sq| sq.file()),
                Some(shakmaty::File::E),
                "{}",
                world.fen()
            );
        }
    }

    #[test]
    fn a_scatter_keeps_a_pawn_in_front_of_a_refused_push() {
        let mut game = Game::from_fen(Preset::Wild16.rules(), "7k/8/8/8/1p6/1P6/8/K7 w - - 0 1")
            .expect("a start");
        let push = Request::Try(Attempt::new(B3, B4));
        let heard = game.apply(push).expect("an answer");
        assert!(heard.said.iter().any(|s| s.item == Item::Illegal));
        // A turn later (a scatter checks its worlds against the requests of this turn only).
        for (from, to) in [(A1, A2), (H8, G8)] {
            game.apply(Request::Try(Attempt::new(from, to)))
                .expect("a legal move");
        }
        let view = PlayerView::build(game.log(), Color::White);
        assert_eq!(view.blocked_fronts(), Bitboard::from_square(B4));
        let mut belief = Belief::with_cap(&view, 64, 3).expect("a belief");
        belief.set(Vec::new());
        belief.scatter(&view);
        let on_b4 = belief
            .worlds
            .iter()
            .filter(|w| w.true_board().piece_at(B4) == Some(piece('p')))
            .count();
        // Nine in ten before the worlds are told apart (the king has few squares, so few
        // worlds differ); a scatter at random would put it there one time in 60.
        assert!(
            on_b4 * 2 > belief.worlds.len(),
            "{on_b4} of {}",
            belief.worlds.len()
        );
    }
}
