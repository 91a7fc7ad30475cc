//! The worker threads' permits, handed out fairly: a computer opponent's move before any
//! analysis waiting, and analyses never on every worker, so that a person playing the computer
//! is not kept waiting by spectators' analyses.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::oneshot;

/// What a worker is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Work {
    /// A computer player's move.
    Computer,
    /// An analysis someone asked for.
    Analysis,
}

/// The permits of `workers` threads.
pub(crate) struct Pool {
    state: Mutex<State>,
    /// The most analyses running at once: one worker fewer than there are (when there are
    /// two or more), kept for the computer's moves.
    most_analyses: usize,
}

struct State {
    free: usize,
    analyses: usize,
    computer_waiting: VecDeque<oneshot::Sender<Permit>>,
    analyses_waiting: VecDeque<oneshot::Sender<Permit>>,
}

/// A worker's permit, given back when dropped.
pub(crate) struct Permit {
    /// `None` once disarmed: a permit that a waiter which had gone did not take.
    pool: Option<Arc<Pool>>,
    work: Work,
}

impl Permit {
    fn new(pool: &Arc<Pool>, work: Work) -> Permit {
        Permit { pool: Some(pool.clone()), work }
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        if let Some(pool) = self.pool.take() {
            pool.release(self.work);
        }
    }
}

impl Pool {
    pub(crate) fn new(workers: usize) -> Arc<Pool> {
        let workers = workers.max(1);
        Arc::new(Pool {
            state: Mutex::new(State {
                free: workers,
                analyses: 0,
                computer_waiting: VecDeque::new(),
                analyses_waiting: VecDeque::new(),
            }),
            most_analyses: (workers - 1).max(1),
        })
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The workers free now.
    pub(crate) fn idle(&self) -> usize {
        self.state().free
    }

    /// A permit for `work`, once a worker is free for it.
    pub(crate) async fn acquire(self: &Arc<Self>, work: Work) -> Permit {
        loop {
            if let Ok(permit) = self.wait_for(work).await {
                return permit;
            }
        }
    }

    /// A permit for `work`, or the queue's end of a permit to come (which, if the pool
    /// dropped the queue, never comes: then the caller asks again).
    async fn wait_for(self: &Arc<Self>, work: Work) -> Result<Permit, oneshot::error::RecvError> {
        let receiver = {
            let mut state = self.state();
            let may_run = match work {
                Work::Computer => true,
                Work::Analysis => {
                    state.computer_waiting.is_empty() && state.analyses < self.most_analyses
                }
            };
            if state.free > 0 && may_run {
                state.free -= 1;
                if work == Work::Analysis {
                    state.analyses += 1;
                }
                return Ok(Permit::new(self, work));
            }
            let (sender, receiver) = oneshot::channel();
            match work {
                Work::Computer => state.computer_waiting.push_back(sender),
                Work::Analysis => state.analyses_waiting.push_back(sender),
            }
            receiver
        };
        // A permit sent to a waiter that then goes is dropped with the channel, which gives
        // it back.
        receiver.await
    }

    /// Gives a permit of `work` back: to the first computer move waiting, else to the first
    /// analysis waiting if another may run, else to the free workers.
    fn release(self: &Arc<Self>, work: Work) {
        let mut state = self.state();
        if work == Work::Analysis {
            state.analyses -= 1;
        }
        loop {
            if let Some(waiter) = state.computer_waiting.pop_front() {
                match waiter.send(Permit::new(self, Work::Computer)) {
                    Ok(()) => return,
                    // The waiter has gone: the permit goes on to the next.
                    Err(mut permit) => {
                        permit.pool = None;
                        continue;
                    }
                }
            }
            if state.analyses < self.most_analyses {
                if let Some(waiter) = state.analyses_waiting.pop_front() {
                    state.analyses += 1;
                    match waiter.send(Permit::new(self, Work::Analysis)) {
                        Ok(()) => return,
                        Err(mut permit) => {
                            permit.pool = None;
                            state.analyses -= 1;
                            continue;
                        }
                    }
                }
            }
            state.free += 1;
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_computer_move_goes_before_the_analyses_waiting_and_one_worker_is_kept_for_it() {
        let pool = Pool::new(2);
        let first = pool.acquire(Work::Analysis).await;
        // The second worker is the computer's: an analysis waits for the first.
        let mut second = Box::pin(pool.acquire(Work::Analysis));
        assert!(futures_poll(&mut second).is_none(), "one analysis at most on two workers");
        let computer = pool.acquire(Work::Computer).await;
        let mut waiting_computer = Box::pin(pool.acquire(Work::Computer));
        assert!(futures_poll(&mut waiting_computer).is_none());
        drop(first);
        // The computer's move waiting gets the worker, not the analysis queued before it.
        let got = futures_poll(&mut waiting_computer).expect("the computer's turn");
        assert!(futures_poll(&mut second).is_none());
        drop(got);
        drop(computer);
        let analysis = futures_poll(&mut second).expect("then the analysis runs");
        assert_eq!(pool.idle(), 1);
        drop(analysis);
        assert_eq!(pool.idle(), 2);
    }

    #[tokio::test]
    async fn a_waiter_that_leaves_gives_its_worker_back() {
        let pool = Pool::new(1);
        let running = pool.acquire(Work::Computer).await;
        let waiting = Box::pin(pool.acquire(Work::Computer));
        drop(waiting);
        drop(running);
        assert_eq!(pool.idle(), 1);
        let _again = pool.acquire(Work::Analysis).await;
        assert_eq!(pool.idle(), 0);
    }

    /// Polls `future` once.
    fn futures_poll<F: std::future::Future + Unpin>(future: &mut F) -> Option<F::Output> {
        let waker = std::task::Waker::noop();
        let mut context = std::task::Context::from_waker(waker);
        match std::pin::Pin::new(future).poll(&mut context) {
            std::task::Poll::Ready(output) => Some(output),
            std::task::Poll::Pending => None,
        }
    }
}
