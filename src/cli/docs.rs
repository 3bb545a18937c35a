//! The subcommands that describe the command line itself, generated from its clap definition:
//! `completions` (a shell's completion script) and `manpage` (the manual pages, roff). The
//! packaged copies in `assets/man/` and `assets/completions/` are their output, kept current by
//! `tests/suite/install.rs`.

use crate::vocab::{EXIT_CODES, Outcome, Stop};
use clap_complete::Shell;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The program's name, as a shell and `man` know it.
const NAME: &str = "kriegspiel";

/// `kriegspiel completions`.
#[derive(clap::Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish (or elvish, powershell).
    #[arg(value_enum)]
    shell: Shell,
}

/// `kriegspiel manpage`.
#[derive(clap::Args)]
pub struct ManpageArgs {
    /// Write the pages to this folder instead: kriegspiel.1 and one page per subcommand
    /// (kriegspiel-replay.1, ...), created if missing.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
}

/// `kriegspiel completions SHELL`: the script on standard output.
pub fn completions(args: CompletionsArgs, mut cmd: clap::Command) -> Outcome {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, NAME, &mut script);
    print(&script)
}

/// `kriegspiel manpage [--out-dir DIR]`: the main page on standard output, or every page in DIR.
pub fn manpage(args: ManpageArgs, cmd: clap::Command) -> Outcome {
    let mut cmd = cmd.name(NAME).disable_help_subcommand(true);
    cmd.build();
    match args.out_dir {
        None => {
            let mut page = Vec::new();
            render(cmd, &mut page).map_err(Stop::failed)?;
            print(&page)
        }
        Some(dir) => write_pages(&cmd, &dir).map_err(|e| {
            Stop::failed(format!(
                "cannot write the manual pages in {}: {e}",
                dir.display()
            ))
        }),
    }
}

/// One command's page: clap_mangen's, with the exit statuses (`--help`'s closing text) as a
/// section of their own before the version, one paragraph per status.
fn render(cmd: clap::Command, out: &mut dyn Write) -> std::io::Result<()> {
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd.after_help(None::<&'static str>))
        .source(format!("{NAME} {}", env!("CARGO_PKG_VERSION")))
        .manual("Kriegspiel Manual")
        .render(&mut page)?;
    let page = String::from_utf8_lossy(&page);
    let at = page.find("\n.SH VERSION").map_or(page.len(), |i| i + 1);
    let (before, after) = page.split_at(at);
    out.write_all(before.as_bytes())?;
    out.write_all(exit_status_section().as_bytes())?;
    out.write_all(after.as_bytes())
}

/// The EXIT STATUS section (roff) from [`EXIT_CODES`]: each line that starts with a number
/// starts a status; the lines after it go on with its meaning.
fn exit_status_section() -> String {
    let mut statuses: Vec<(String, String)> = Vec::new();
    for line in EXIT_CODES.lines().skip(1).map(str::trim) {
        match line.split_once("  ") {
            Some((code, meaning)) if code.chars().all(|c| c.is_ascii_digit()) => {
                statuses.push((code.to_owned(), meaning.trim().to_owned()));
            }
            _ => {
                if let Some((_, meaning)) = statuses.last_mut() {
                    meaning.push(' ');
                    meaning.push_str(line);
                }
            }
        }
    }
    let mut roff = String::from(".SH \"EXIT STATUS\"\nThe same for every command.\n");
    for (code, meaning) in statuses {
        roff.push_str(&format!(".TP\n{code}\n{}\n", escape(&meaning)));
    }
    roff
}

/// Text for a roff line: backslashes and hyphens escaped, no line starting with a control
/// character.
fn escape(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

/// `cmd`'s page and, for each subcommand, its own (`kriegspiel-SUB.1`), in `dir`.
fn write_pages(cmd: &clap::Command, dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut commands = vec![cmd.clone()];
    commands.extend(cmd.get_subcommands().filter(|s| !s.is_hide_set()).cloned());
    for command in commands {
        let file_name = clap_mangen::Man::new(command.clone()).get_filename();
        let mut page = Vec::new();
        render(command, &mut page)?;
        std::fs::write(dir.join(file_name), page)?;
    }
    Ok(())
}

/// `bytes` on standard output (a closed pipe is a failure, not a panic).
fn print(bytes: &[u8]) -> Outcome {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| Stop::failed(format!("cannot write to standard output: {e}")))
}
