//! The browser's local storage, where a web page keeps recovery copies: the same copies the
//! desktop writes to its cache folder, so unsaved work survives a reload of the page, and
//! whatever else a page keeps between visits.

use std::io;

fn storage() -> io::Result<web_sys::Storage> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| io::Error::other("this browser gives the page no local storage"))
}

/// Stores `text` under `key`; a full or refused storage is an error to report.
pub fn set(key: &str, text: &str) -> io::Result<()> {
    storage()?
        .set_item(key, text)
        .map_err(|_| io::Error::other("the browser's storage is full or refused the copy"))
}

/// The text stored under `key`, if any.
pub fn get(key: &str) -> Option<String> {
    storage().ok()?.get_item(key).ok().flatten()
}

/// Forgets what is stored under `key`.
pub fn remove(key: &str) {
    if let Ok(storage) = storage() {
        let _ = storage.remove_item(key);
    }
}
