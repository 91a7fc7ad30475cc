//! The endgame tables from Python: a handle opened once ([`PyTablebase`]), and the handle the
//! module opens from the environment for the searches and probes that name none.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use arbiter_catalog::Endgames;
use pyo3::prelude::*;

/// The endgame tables of a folder (checkers, fanorona, daynight), with the small ones (4
/// pieces, 3 in daynight) built in memory when it lacks them; what was read or built is kept
/// while the handle lives. `arbiter.open_tablebase(dir)` opens one.
#[pyclass(name = "Tablebase", module = "arbiter", frozen)]
pub struct PyTablebase {
    pub(crate) inner: Arc<Endgames>,
}

#[pymethods]
impl PyTablebase {
    /// The folder the tables are read from; `None` for the tables built in memory alone.
    #[getter]
    fn dir(&self) -> Option<PathBuf> {
        self.inner.dir().map(PathBuf::from)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let dir = self.inner.dir().map(|dir| dir.to_string_lossy().into_owned());
        Ok(format!("Tablebase(dir={})", dir.into_pyobject(py)?.repr()?))
    }
}

/// Opens the endgame tables of the folder `dir`, else of the folder that the environment
/// variable `ARBITER_TABLEBASE` names (read now, once), else only the small tables built in
/// memory. Nothing is read until a probe needs it.
#[pyfunction]
#[pyo3(signature = (dir = None))]
pub fn open_tablebase(dir: Option<PathBuf>) -> PyTablebase {
    PyTablebase { inner: Arc::new(Endgames::open_or_environment(dir)) }
}

/// The tables of the searches and probes that name none: those of `ARBITER_TABLEBASE`, read
/// when they are first needed.
pub fn default_tables() -> Arc<Endgames> {
    static DEFAULT: OnceLock<Arc<Endgames>> = OnceLock::new();
    DEFAULT.get_or_init(|| Arc::new(Endgames::open_or_environment(None))).clone()
}

/// The tables of the folder `dir`, one handle a folder for the module's life, so that
/// `arbiter.tablebase(state, dir)` reads or builds a table once.
pub fn folder_tables(dir: PathBuf) -> Arc<Endgames> {
    static FOLDERS: OnceLock<Mutex<HashMap<PathBuf, Arc<Endgames>>>> = OnceLock::new();
    let mut folders = FOLDERS
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    folders.entry(dir.clone()).or_insert_with(|| Arc::new(Endgames::open(Some(dir)))).clone()
}
