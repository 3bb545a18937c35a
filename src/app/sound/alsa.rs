//! The cues played through ALSA on Linux, with `libasound.so.2` loaded at run time (dlopen,
//! through `libloading`) rather than linked: the program builds with no system development
//! package and nothing found through pkg-config, and it starts, silent, where the library is
//! missing. Only the few calls of ALSA's simple playback API are used (open, set the format,
//! write, drain, close); this module is the program's only unsafe code.

use libloading::Library;
use std::ffi::{CStr, CString, c_char, c_int, c_long, c_uint, c_ulong, c_void};

/// The ALSA library's run-time name (the one its runtime package, not its -dev package, has).
pub const LIBRARY: &str = "libasound.so.2";

/// What went wrong opening or playing on the sound device.
#[derive(Debug, thiserror::Error)]
pub enum AlsaError {
    /// The library is not there (or not ALSA's).
    #[error("ALSA's library was not found ({reason}); install libasound2 to hear the cues")]
    Missing { reason: String },
    /// The device could not be opened or set up.
    #[error("the sound device \"{device}\" cannot be used: {reason}")]
    Device { device: String, reason: String },
    /// Playing failed and could not be recovered.
    #[error("the sound device stopped playing: {0}")]
    Playing(String),
}

/// ALSA's `snd_pcm_t`, never looked into.
#[repr(C)]
struct Pcm {
    _opaque: [u8; 0],
}

type Open = unsafe extern "C" fn(*mut *mut Pcm, *const c_char, c_int, c_int) -> c_int;
type SetParams =
    unsafe extern "C" fn(*mut Pcm, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type WriteI = unsafe extern "C" fn(*mut Pcm, *const c_void, c_ulong) -> c_long;
type Recover = unsafe extern "C" fn(*mut Pcm, c_int, c_int) -> c_int;
type Nonblock = unsafe extern "C" fn(*mut Pcm, c_int) -> c_int;
type OnPcm = unsafe extern "C" fn(*mut Pcm) -> c_int;
type StrError = unsafe extern "C" fn(c_int) -> *const c_char;

// alsa/pcm.h
const STREAM_PLAYBACK: c_int = 0;
const OPEN_NONBLOCK: c_int = 1;
const FORMAT_S16_LE: c_int = 2;
const ACCESS_RW_INTERLEAVED: c_int = 3;
/// The buffer's length: short enough that a cue follows its move at once.
const LATENCY_MICROSECONDS: c_uint = 100_000;
/// Failed writes in a row after which a cue is given up.
const MOST_RETRIES: u32 = 8;

/// The functions used, from the loaded library (which outlives them: it is dropped last).
struct Api {
    open: Open,
    set_params: SetParams,
    writei: WriteI,
    recover: Recover,
    nonblock: Nonblock,
    drain: OnPcm,
    prepare: OnPcm,
    close: OnPcm,
    strerror: StrError,
    _library: Library,
}

impl Api {
    fn load(name: &str) -> Result<Api, AlsaError> {
        let missing = |reason: String| AlsaError::Missing { reason };
        // SAFETY: loading libasound runs only its own initialisers.
        let library = unsafe { Library::new(name) }.map_err(|e| missing(e.to_string()))?;
        /// The function `symbol`, whose C signature in alsa/pcm.h is `T`.
        fn get<T: Copy>(library: &Library, symbol: &str) -> Result<T, libloading::Error> {
            // SAFETY: every `T` asked for below is its symbol's signature in alsa/pcm.h.
            unsafe { library.get::<T>(symbol.as_bytes()) }.map(|f| *f)
        }
        let l = &library;
        Ok(Api {
            open: get(l, "snd_pcm_open").map_err(|e| missing(e.to_string()))?,
            set_params: get(l, "snd_pcm_set_params").map_err(|e| missing(e.to_string()))?,
            writei: get(l, "snd_pcm_writei").map_err(|e| missing(e.to_string()))?,
            recover: get(l, "snd_pcm_recover").map_err(|e| missing(e.to_string()))?,
            nonblock: get(l, "snd_pcm_nonblock").map_err(|e| missing(e.to_string()))?,
            drain: get(l, "snd_pcm_drain").map_err(|e| missing(e.to_string()))?,
            prepare: get(l, "snd_pcm_prepare").map_err(|e| missing(e.to_string()))?,
            close: get(l, "snd_pcm_close").map_err(|e| missing(e.to_string()))?,
            strerror: get(l, "snd_strerror").map_err(|e| missing(e.to_string()))?,
            _library: library,
        })
    }

    /// ALSA's words for the error code `code`.
    fn error(&self, code: c_int) -> String {
        // SAFETY: snd_strerror takes any code and returns a static string (or null).
        let text = unsafe { (self.strerror)(code) };
        if text.is_null() {
            return format!("error {code}");
        }
        // SAFETY: a non-null answer is a static NUL-terminated string.
        unsafe { CStr::from_ptr(text) }
            .to_string_lossy()
            .into_owned()
    }
}

/// An open playback device taking 16-bit mono samples at one rate.
pub struct Player {
    api: Api,
    pcm: *mut Pcm,
}

impl Player {
    /// Loads `library` and opens `device` ("default": the system's output) for 16-bit mono at
    /// `rate` samples a second. Never waits for a busy device: it is opened non-blocking.
    pub fn open(library: &str, device: &str, rate: u32) -> Result<Player, AlsaError> {
        let api = Api::load(library)?;
        let failed = |reason: String| AlsaError::Device {
            device: device.to_owned(),
            reason,
        };
        let name = CString::new(device).map_err(|e| failed(e.to_string()))?;
        let mut pcm: *mut Pcm = std::ptr::null_mut();
        // SAFETY: `pcm` receives the handle; `name` is NUL-terminated and outlives the call.
        let code = unsafe { (api.open)(&mut pcm, name.as_ptr(), STREAM_PLAYBACK, OPEN_NONBLOCK) };
        if code < 0 || pcm.is_null() {
            return Err(failed(api.error(code)));
        }
        // From here on the handle is closed on every path (Drop).
        let player = Player { api, pcm };
        // SAFETY: `pcm` is the open handle; the arguments are alsa/pcm.h's constants.
        let code = unsafe {
            (player.api.set_params)(
                player.pcm,
                FORMAT_S16_LE,
                ACCESS_RW_INTERLEAVED,
                1,
                rate,
                1,
                LATENCY_MICROSECONDS,
            )
        };
        if code < 0 {
            return Err(failed(player.api.error(code)));
        }
        // Writes wait for room in the buffer (on this worker thread, never the screen's).
        // SAFETY: `pcm` is the open handle.
        let code = unsafe { (player.api.nonblock)(player.pcm, 0) };
        if code < 0 {
            return Err(failed(player.api.error(code)));
        }
        Ok(player)
    }

    /// Plays `samples` to the end (waits while they play). A broken stream (an underrun, a
    /// suspended device) is recovered; one that cannot be is an error.
    pub fn play(&mut self, samples: &[i16]) -> Result<(), AlsaError> {
        let mut rest = samples;
        let mut retries = 0;
        while !rest.is_empty() {
            let frames = c_ulong::try_from(rest.len()).unwrap_or(c_ulong::MAX);
            // SAFETY: `rest` holds `frames` mono 16-bit frames and outlives the call.
            let written = unsafe { (self.api.writei)(self.pcm, rest.as_ptr().cast(), frames) };
            if written > 0 {
                let written = usize::try_from(written).unwrap_or(0).min(rest.len());
                rest = &rest[written..];
                retries = 0;
                continue;
            }
            retries += 1;
            if retries > MOST_RETRIES {
                return Err(AlsaError::Playing("no progress".to_owned()));
            }
            let code = c_int::try_from(written).unwrap_or(c_int::MIN);
            // SAFETY: `pcm` is the open handle; 1: recover silently.
            let recovered = unsafe { (self.api.recover)(self.pcm, code, 1) };
            if recovered < 0 {
                return Err(AlsaError::Playing(self.api.error(recovered)));
            }
        }
        // Let the cue finish, then make the stream ready for the next one.
        // SAFETY: `pcm` is the open handle.
        unsafe {
            (self.api.drain)(self.pcm);
            (self.api.prepare)(self.pcm);
        }
        Ok(())
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        // SAFETY: `pcm` is the open handle, closed once, here.
        unsafe {
            (self.api.close)(self.pcm);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_library_is_an_error_that_names_it() {
        let Err(e) = Player::open("libkriegspiel-no-such-sound.so.9", "default", 22050) else {
            panic!("a library that does not exist was loaded");
        };
        assert!(matches!(e, AlsaError::Missing { .. }), "{e:?}");
        assert!(
            e.to_string().contains("libkriegspiel-no-such-sound.so.9"),
            "{e}"
        );
    }

    /// Through ALSA's "null" device (which every ALSA installation has and which needs no
    /// sound card), every cue plays to the end, twice in a row. Where the library itself is
    /// missing (a machine without ALSA), that is the error.
    #[test]
    fn the_cues_play_through_the_library_where_it_is_found() {
        let mut player = match Player::open(LIBRARY, "null", super::super::RATE) {
            Ok(p) => p,
            Err(AlsaError::Missing { .. }) => return,
            Err(e) => panic!("ALSA is here but its null device failed: {e}"),
        };
        for cue in super::super::Cue::ALL {
            let samples = super::super::samples(cue).expect("a cue decodes");
            player.play(&samples).expect("plays");
            player.play(&samples).expect("plays again");
        }
    }

    #[test]
    fn a_device_that_does_not_exist_is_an_error_that_names_it() {
        match Player::open(LIBRARY, "kriegspiel_no_such_device", 22050) {
            Err(AlsaError::Missing { .. }) => {}
            Err(e @ AlsaError::Device { .. }) => {
                assert!(e.to_string().contains("kriegspiel_no_such_device"), "{e}")
            }
            Err(e) => panic!("{e:?}"),
            Ok(_) => panic!("a device that does not exist was opened"),
        }
    }
}
