//! A search on its own thread, so that the command loop goes on reading (and answers `stop`,
//! `isready`, `ping`) while the engine thinks.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use arbiter_ai::{PlayerSpec, SearchReport, Session, MAX_TIME};
use arbiter_catalog::AnyGame;
use arbiter_core::{Game, GameRecord};

/// Hears each completed iteration of a search.
pub(crate) type Progress<M> = Box<dyn FnMut(&SearchReport<M>) + Send>;

/// Hears the result of a search, once.
pub(crate) type Done<M> = Box<dyn FnOnce(&SearchReport<M>) + Send>;

/// One search to run: the player, and what to tell the other program.
pub(crate) struct Search<G: Game> {
    /// The player and its limits.
    pub spec: PlayerSpec,
    /// Keep the result until [`Searcher::stop`], even when the search ends by itself: UCI's
    /// `go infinite` answers only when stopped.
    pub hold: bool,
    /// Each iteration.
    pub progress: Progress<G::Move>,
    /// The result.
    pub done: Done<G::Move>,
}

/// The engine's session, or the thread that searches with it.
pub(crate) struct Searcher<G: AnyGame> {
    /// The options a lost session is made again with.
    options: G::Options,
    /// The session between searches; `None` while a search runs (or after a failed one).
    session: Option<Session<G>>,
    /// The search running.
    running: Option<Running<G>>,
}

/// A search thread, its stop signal, and the session it gives back.
struct Running<G: AnyGame> {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<Session<G>>,
}

impl<G: AnyGame> Searcher<G> {
    /// A searcher for games under `options`, with no search running.
    pub(crate) fn new(options: G::Options) -> Self {
        let session = Session::new(GameRecord::new(options.clone()));
        Searcher { options, session: Some(session), running: None }
    }

    /// `true` while a search runs.
    pub(crate) fn is_searching(&self) -> bool {
        self.running.as_ref().is_some_and(|running| !running.handle.is_finished())
    }

    /// Stops the search, if one runs, and waits for it to report its move.
    pub(crate) fn stop(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop.store(true, Ordering::Release);
            running.handle.thread().unpark();
            // A search that panicked lost its session; `session` makes a new one.
            self.session = running.handle.join().ok();
        }
    }

    /// Stops the search `after` this long from now (Hub's `ponder-hit` starts the clock of a
    /// search that had no limit). The timer ends with its search, whatever the time left, so
    /// that timers never pile up.
    pub(crate) fn stop_after(&self, after: Duration) {
        if let Some(running) = &self.running {
            let stop = Arc::clone(&running.stop);
            let search = running.handle.thread().clone();
            let deadline = Instant::now() + after.min(MAX_TIME);
            thread::spawn(move || {
                while !stop.load(Ordering::Acquire) {
                    let left = deadline.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        stop.store(true, Ordering::Release);
                        search.unpark();
                        return;
                    }
                    thread::sleep(left.min(Duration::from_millis(50)));
                }
            });
        }
    }

    /// Makes the player `spec` asks for ready (its tables allocated), unless a search runs.
    pub(crate) fn prepare(&mut self, spec: &PlayerSpec) {
        // A search that has ended by itself gives its session back at once.
        if !self.is_searching() {
            self.session().prepare(spec);
        }
    }

    /// Forgets what earlier games taught the player (a new game).
    pub(crate) fn new_game(&mut self, record: GameRecord<G>) {
        self.session().replace(record);
    }

    /// Starts `search` of `record`'s position on a new thread; a search already running is
    /// stopped first. The player keeps its tables from the last search.
    pub(crate) fn start(
        &mut self,
        record: &GameRecord<G>,
        search: Search<G>,
    ) -> std::io::Result<()> {
        let mut session = self.session_taken();
        *session.record_mut() = record.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let Search { spec, hold, mut progress, done } = search;
        let handle = thread::Builder::new().name("search".to_owned()).spawn(move || {
            let report = session.think(&spec, Some(&flag), &mut *progress);
            while hold && !flag.load(Ordering::Acquire) {
                thread::park_timeout(Duration::from_millis(50));
            }
            done(&report);
            // The search is over: a timer waiting to stop it ends too.
            flag.store(true, Ordering::Release);
            session
        })?;
        self.running = Some(Running { stop, handle });
        Ok(())
    }

    /// The session, once no search runs.
    fn session(&mut self) -> &mut Session<G> {
        self.stop();
        let options = &self.options;
        self.session.get_or_insert_with(|| Session::new(GameRecord::new(options.clone())))
    }

    /// The session, taken out to give to a search thread.
    fn session_taken(&mut self) -> Session<G> {
        self.session();
        self.session.take().unwrap_or_else(|| Session::new(GameRecord::new(self.options.clone())))
    }
}

impl<G: AnyGame> Drop for Searcher<G> {
    fn drop(&mut self) {
        self.stop();
    }
}
