//! Passwords: stored only as argon2id hashes with OWASP's parameters (19 MiB, 2 passes, 1
//! lane), each computed on a blocking thread, at most [`HASHING_AT_ONCE`] at a time, so that a
//! flood of sign-ins waits for its turn instead of taking the threads that play the games.

use std::sync::{Arc, LazyLock};

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

/// OWASP's argon2id parameters: 19 MiB (19456 KiB), 2 iterations, 1 lane.
fn hasher() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None)
        .unwrap_or_else(|_| unreachable!("OWASP's parameters are valid"));
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The hash an unknown name's password is checked against, so that an unknown name takes as
/// long as a wrong password.
static DUMMY: LazyLock<String> = LazyLock::new(|| {
    let salt = SaltString::encode_b64(b"arbiter-no-such-").unwrap_or_else(|_| unreachable!());
    hasher()
        .hash_password(b"no account has this password", &salt)
        .map(|hash| hash.to_string())
        .unwrap_or_default()
});

/// Checks a new password.
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
}

impl Default for Hashing {
    fn default() -> Hashing {
        Hashing { permits: Arc::new(Semaphore::new(HASHING_AT_ONCE)) }
    }
}

impl Hashing {
    /// Computes the fixed hash of unknown names now, on a blocking thread, so that the first
    /// sign-in with an unknown name takes no longer than any other.
    pub fn prepare(&self) {
        tokio::task::spawn_blocking(|| LazyLock::force(&DUMMY).len());
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
        let password = password.to_owned();
        self.bounded(move || {
            let salt = SaltString::encode_b64(&salt)
                .map_err(|error| ApiError::Internal(format!("a salt: {error}")))?;
            hasher()
                .hash_password(password.as_bytes(), &salt)
                .map(|hash| hash.to_string())
                .map_err(|error| ApiError::Internal(format!("a password's hash: {error}")))
        })
        .await?
    }

    /// Whether `password` matches `hash`; with no hash (no such account), it is checked
    /// against a fixed hash all the same, and does not match.
    pub async fn verify(&self, password: &str, hash: Option<String>) -> Result<bool, ApiError> {
        let password = password.to_owned();
        let known = hash.is_some();
        let matches = self
            .bounded(move || {
                let hash = hash.unwrap_or_else(|| DUMMY.clone());
                PasswordHash::new(&hash).is_ok_and(|parsed| {
                    hasher().verify_password(password.as_bytes(), &parsed).is_ok()
                })
            })
            .await?;
        Ok(known && matches)
    }
}
