//! A review made on a thread of its own, its progress readable meanwhile (screens never wait
//! for it), a wake callback called once it is done (so a window draws it at once, with no
//! input event); dropping the job stops it.

use super::{Options, Progress, Review, ReviewError, review};
use crate::save::SavedGame;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// Called on the review's thread once the review is ready to poll (a window's repaint).
pub type Wake = Box<dyn Fn() + Send>;

/// A review being made.
pub struct ReviewJob {
    progress: Arc<Progress>,
    answer: Option<Receiver<Result<Review, ReviewError>>>,
}

impl ReviewJob {
    /// Starts reviewing `saved`.
    pub fn start(saved: SavedGame, options: Options) -> ReviewJob {
        ReviewJob::start_waking(saved, options, None)
    }

    /// Starts reviewing `saved`; `wake` is called once the answer can be polled.
    pub fn start_waking(saved: SavedGame, options: Options, wake: Option<Wake>) -> ReviewJob {
        let progress = Arc::new(Progress::default());
        let (tx, rx) = channel();
        let shared = progress.clone();
        std::thread::spawn(move || {
            let got = review(&saved, options, &shared);
            let _ = tx.send(got);
            if let Some(wake) = wake {
                wake();
            }
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
