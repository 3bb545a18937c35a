//! A review made on a thread of its own, its progress readable meanwhile (screens never wait
//! for it); dropping the job stops it.

use super::{Options, Progress, Review, ReviewError, review};
use crate::save::SavedGame;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// A review being made.
pub struct ReviewJob {
    progress: Arc<Progress>,
    answer: Option<Receiver<Result<Review, ReviewError>>>,
}

impl ReviewJob {
    /// Starts reviewing `saved`.
    pub fn start(saved: SavedGame, options: Options) -> ReviewJob {
        let progress = Arc::new(Progress::default());
        let (tx, rx) = channel();
        let shared = progress.clone();
        std::thread::spawn(move || {
            let got = review(&saved, options, &shared);
            let _ = tx.send(got);
        });
        ReviewJob {
            progress,
            answer: Some(rx),
        }
    }

    /// The share done, from 0 to 1.
    pub fn fraction(&self) -> f32 {
        self.progress.fraction()
    }

    /// The review once made (given once; an error if it failed or its thread died).
    pub fn poll(&mut self) -> Option<Result<Review, ReviewError>> {
        let rx = self.answer.as_ref()?;
        let got = match rx.try_recv() {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => Err(ReviewError::Died),
        };
        self.answer = None;
        Some(got)
    }
}

impl Drop for ReviewJob {
    fn drop(&mut self) {
        self.progress.stop();
    }
}
