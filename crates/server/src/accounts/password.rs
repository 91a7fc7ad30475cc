//! Passwords: stored only as argon2id hashes with OWASP's parameters (19 MiB, 2 passes, 1
//! lane), each computed on a blocking thread, at most [`HASHING_AT_ONCE`] at a time, so that a
//! flood of sign-ins waits for its turn instead of taking the threads that play the games.

use std::sync::{Arc, OnceLock};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// The shortest password.
pub const MIN_PASSWORD: usize = 8;

/// The longest password: longer ones cost nothing more to hash, but need no more strength.
pub const MAX_PASSWORD: usize = 256;

/// How many hashes are computed at once.
pub const HASHING_AT_ONCE: usize = 2;

/// The cost of the argon2id hash of a password: memory in KiB and passes, one lane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PasswordCost {
    /// Memory, in KiB.
    pub memory_kib: u32,
    /// Passes over it.
    pub passes: u32,
}

impl PasswordCost {
    /// OWASP's: 19 MiB (19456 KiB), 2 passes, 1 lane. What a server uses.
    pub const OWASP: PasswordCost = PasswordCost { memory_kib: 19 * 1024, passes: 2 };
    /// argon2's least, for tests that sign up many accounts (a hash in well under a
    /// millisecond); never for a server people use.
    pub const LIGHT: PasswordCost = PasswordCost { memory_kib: 8, passes: 1 };

    fn hasher(self) -> Argon2<'static> {
        let params = Params::new(self.memory_kib, self.passes, 1, None)
            .or_else(|_| Params::new(19 * 1024, 2, 1, None))
            .unwrap_or_else(|_| unreachable!("OWASP's parameters are valid"));
        Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
    }

    /// The fixed hash that a sign-in with an unknown name is checked against, at this cost
    /// (so that it takes as long as one with a known name).
    fn dummy(self) -> String {
        let salt = SaltString::encode_b64(b"arbiter-no-such-").unwrap_or_else(|_| unreachable!());
        self.hasher()
            .hash_password(b"no account has this password", &salt)
            .map(|hash| hash.to_string())
            .unwrap_or_default()
    }
}

pub fn check_password(password: &str) -> Result<(), ApiError> {
    if password.chars().count() < MIN_PASSWORD || password.len() > MAX_PASSWORD {
        return Err(ApiError::BadRequest(format!(
            "a password is at least {MIN_PASSWORD} characters (and at most {MAX_PASSWORD} bytes)"
        )));
    }
    Ok(())
}

/// The hashing of passwords, bounded.
#[derive(Debug, Clone)]
pub struct Hashing {
    permits: Arc<Semaphore>,
    cost: PasswordCost,
    dummy: Arc<OnceLock<String>>,
}

impl Hashing {
    /// Hashing at `cost`.
    #[must_use]
    pub fn new(cost: PasswordCost) -> Hashing {
        let permits = Arc::new(Semaphore::new(HASHING_AT_ONCE));
        Hashing { permits, cost, dummy: Arc::default() }
    }

    /// Computes the fixed hash of unknown names now, on a blocking thread, so that the first
    /// sign-in with an unknown name takes no longer than any other.
    pub fn prepare(&self) {
        let (dummy, cost) = (self.dummy.clone(), self.cost);
        tokio::task::spawn_blocking(move || dummy.get_or_init(|| cost.dummy()).len());
    }

    /// Runs `work` on a blocking thread once a permit is free.
    async fn bounded<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|_| ApiError::Internal("the hashing of passwords stopped".to_owned()))?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|error| ApiError::Internal(format!("a password's hashing failed: {error}")))
    }

    /// The argon2id hash of `password`, with a new random salt, as a PHC string.
    pub async fn hash(&self, password: &str) -> Result<String, ApiError> {
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt)
            .map_err(|error| ApiError::Internal(format!("no random numbers: {error}")))?;
        let (password, cost) = (password.to_owned(), self.cost);
        self.bounded(move || {
            let salt = SaltString::encode_b64(&salt)
                .map_err(|error| ApiError::Internal(format!("a salt: {error}")))?;
            cost.hasher()
                .hash_password(password.as_bytes(), &salt)
                .map(|hash| hash.to_string())
                .map_err(|error| ApiError::Internal(format!("a password's hash: {error}")))
        })
        .await?
    }

    /// Whether `password` matches `hash`; with no hash (no such account), it is checked
    /// against a fixed hash all the same, and does not match.
    pub async fn verify(&self, password: &str, hash: Option<String>) -> Result<bool, ApiError> {
        let (password, cost, dummy) = (password.to_owned(), self.cost, self.dummy.clone());
        let known = hash.is_some();
        let matches = self
            .bounded(move || {
                let hash = hash.unwrap_or_else(|| dummy.get_or_init(|| cost.dummy()).clone());
                PasswordHash::new(&hash).is_ok_and(|parsed| {
                    cost.hasher().verify_password(password.as_bytes(), &parsed).is_ok()
                })
            })
            .await?;
        Ok(known && matches)
    }
}
