//! A network game this machine hosted, hosted again from its save (the gate's
//! [`crate::gate::Opening::Host`]): the table listens where it did, this machine's player takes
//! back its own seat over the loopback with its kept token, and the other machine rejoins with
//! its own token (or the code of its seat), for every game (another game's table is started by
//! the app's registry of games, [`super::games`]). The app never holds the true game here
//! either: only what its seat is told.

use super::network::{Dialling, NetworkScreen, OwnTable};
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
    let port = port_or_default(port);
    let hosted = serve::start_host(&HostOptions {
        // A resumed game's rules and clock are the save's.
        rules: crate::rules::RuleSet::default(),
        time_control: None,
        bind: bind.to_owned(),
        port,
        autosave: path.to_path_buf(),
        resume: Some(path.to_path_buf()),
    })
    .map_err(|e| failure(port, &e))?;
    let token = hosted.server.with_host(|h| h.reserve(own));
    let local = format!("127.0.0.1:{}", hosted.server.addr().port());
    Ok(seat_again(&local, token, OwnTable::Chess(Arc::new(hosted))))
}

/// The port a game is hosted again on: the save's, or the default port (0 in an old save).
pub fn port_or_default(port: u16) -> u16 {
    if port == 0 { serve::DEFAULT_PORT } else { port }
}

/// Why a table could not be hosted again on `port`, in words, then the detail.
pub fn failure(port: u16, e: &serve::ServeError) -> Failure {
    let words = match e {
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
}

/// The network form taking back this machine's seat at its own `table` (any game's), at
/// `local` with its kept `token`: it shows the connection, then the game.
pub fn seat_again(local: &str, token: String, table: OwnTable) -> NetworkScreen {
    let mut hello = crate::seat::Hello::new();
    hello.token = Some(token);
    let mut form = NetworkScreen::new(super::network::Tab::Host);
    form.dialling = Some(Dialling::start(local, hello, Some(table), || {}));
    form
}
