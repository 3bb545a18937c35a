//! A network game this machine hosted, hosted again from its save (the gate's
//! [`crate::gate::Opening::Host`]): the table listens where it did, this machine's player takes
//! back its own seat over the loopback with its kept token, and the other machine rejoins with
//! its own token (or the code of its seat). The app never holds the true game here either: only
//! what its seat is told.

use super::network::{Dialling, NetworkScreen};
use crate::seat::serve::{self, HostOptions};
use shakmaty::Color;
use std::path::Path;
use std::sync::Arc;

/// Why hosting again failed: in words, then the detail.
pub type Failure = (String, Option<String>);

/// Starts the table of the save in `path` on `bind`:`port` (0: the default port) and starts
/// taking `own`'s seat; the form shows the connection, then the game.
pub fn host_again(
    path: &Path,
    own: Color,
    bind: &str,
    port: u16,
) -> Result<NetworkScreen, Failure> {
    let port = if port == 0 { serve::DEFAULT_PORT } else { port };
    let hosted = serve::start_host(&HostOptions {
        // A resumed game's rules and clock are the save's.
        rules: crate::rules::RuleSet::default(),
        time_control: None,
        bind: bind.to_owned(),
        port,
        autosave: path.to_path_buf(),
        resume: Some(path.to_path_buf()),
    })
    .map_err(|e| {
        let words = match &e {
            serve::ServeError::Listen { source, .. }
                if source.kind() == std::io::ErrorKind::AddrInUse =>
            {
                format!(
                    "Port {port} is in use (is this game hosted already, or another one?): \
                     close what uses it, then resume again."
                )
            }
            _ => "Cannot host this game again.".to_owned(),
        };
        (words, Some(e.to_string()))
    })?;
    let mut hello = crate::seat::Hello::new();
    hello.token = Some(hosted.server.with_host(|h| h.reserve(own)));
    let local = format!("127.0.0.1:{}", hosted.server.addr().port());
    let mut form = NetworkScreen::new(super::network::Tab::Host);
    form.dialling = Some(Dialling::start(
        &local,
        hello,
        Some(super::network::OwnTable::Chess(Arc::new(hosted))),
        || {},
    ));
    Ok(form)
}
