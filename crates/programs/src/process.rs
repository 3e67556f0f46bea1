//! An engine program as a child process: started, spoken to line by line, and killed
//! and reaped on every path out.
//!
//! Two reader threads own the child's output: standard output becomes a bounded channel
//! of lines (capped in length), standard error a short ring of its last lines for the
//! "crashed" message. Every wait on the channel has a deadline from [`Bounds`], so a
//! silent, slow or flooding program costs at most its bound. On Unix the program runs
//! in a process group of its own, and the whole group is killed before the program is
//! reaped (a reaped leader's id could be reused; an unreaped one keeps the group's id
//! ours), so a shell script's children die with it: no orphan, and no zombie.

use super::error::{EngineError, clip};
use super::log::ProtocolLog;
use super::spec::{Bounds, ProgramSpec};
use super::wire::{BestMove, EngineLine, Go, Info, PROTOCOL_VERSION, parse_line};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use web_time::Instant;

/// The longest line an engine may write, in bytes (a principal variation of 225 queens
/// moves is under 1000).
pub(crate) const MAX_LINE_BYTES: usize = 4096;

/// The most lines an engine may write for one search (or the handshake); a search that
/// reports every node floods the program, not informs it.
pub(crate) const MAX_LINES_PER_SEARCH: usize = 10_000;

/// Standard error lines kept for the "crashed" message.
const STDERR_LINES: usize = 6;

/// How often a search in progress looks at the caller's stop request.
const STOP_POLL: Duration = Duration::from_millis(20);

/// What the standard output reader hands over.
enum Event {
    Line(String),
    TooLong,
    Closed,
}

/// What the engine said of itself in the handshake.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineId {
    /// `id name`, or the command when it gave none.
    pub name: String,
    /// `id author`, empty when it gave none.
    pub author: String,
    /// Its `option` lines, as written after `option`.
    pub options: Vec<String>,
}

/// A running engine program, past its handshake. Dropping it ends the program (`quit`,
/// then its process group killed after the margin) and reaps it.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    events: Receiver<Event>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    stderr_reader: Option<JoinHandle<()>>,
    bounds: Bounds,
    log: Option<(ProtocolLog, u32)>,
    /// Whether the child has been reaped.
    reaped: bool,
    /// What the engine said of itself.
    pub id: EngineId,
}

/// Why a search ended with `stop` sent.
#[derive(Clone, Copy, PartialEq, Eq)]
enum StopCause {
    Caller,
    Deadline,
}

impl EngineProcess {
    /// Starts the program of `spec`, shakes hands (protocol version, id, options),
    /// sets the spec's options and waits for `readyok`, each within the start bound.
    ///
    /// # Errors
    /// [`EngineError`]: it did not start, crashed, hung, or did not speak the protocol.
    pub fn start(spec: &ProgramSpec, log: Option<&ProtocolLog>) -> Result<Self, EngineError> {
        let not_started = |why: String| EngineError::NotStarted {
            command: spec.command_line(),
            why,
        };
        let Some((program, args)) = spec.command.split_first() else {
            return Err(not_started("no command".to_string()));
        };
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command
            .spawn()
            .map_err(|err| not_started(err.to_string()))?;
        let stdin = child.stdin.take();
        let (sender, events) = sync_channel(256);
        if let Some(stdout) = child.stdout.take() {
            std::thread::spawn(move || read_lines(stdout, &sender));
        }
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let stderr_reader = child.stderr.take().map(|pipe| {
            let tail = Arc::clone(&stderr);
            std::thread::spawn(move || keep_tail(pipe, &tail))
        });
        let log = log.map(|log| (log.clone(), log.next_engine()));
        if let Some((log, number)) = &log {
            log.line(*number, '$', &spec.command_line());
        }
        let mut engine = EngineProcess {
            child,
            stdin,
            events,
            stderr,
            stderr_reader,
            bounds: spec.bounds,
            log,
            reaped: false,
            id: EngineId {
                name: spec.command_line(),
                ..EngineId::default()
            },
        };
        // On an error here `engine` is dropped: the program is killed and reaped.
        engine.handshake()?;
        for (id, value) in &spec.options {
            engine.send(&format!("setoption name {id} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    fn handshake(&mut self) -> Result<(), EngineError> {
        self.send(&format!("protocol {PROTOCOL_VERSION}"))?;
        let deadline = Instant::now() + self.bounds.start;
        let mut lines = 0;
        loop {
            let Some(line) = self.read(deadline, &mut lines)? else {
                return Err(self.hung("the handshake's protocolok", self.bounds.start));
            };
            match line {
                EngineLine::Id { key, value } if key == "name" => self.id.name = value,
                EngineLine::Id { value, .. } => self.id.author = value,
                EngineLine::Option(option) => self.id.options.push(option),
                EngineLine::ProtocolOk(PROTOCOL_VERSION) => return Ok(()),
                EngineLine::ProtocolOk(version) => {
                    return Err(EngineError::Garbage {
                        line: format!("protocolok {version}"),
                        why: format!("this program speaks protocol version {PROTOCOL_VERSION}"),
                    });
                }
                EngineLine::Comment => {}
                other => return Err(out_of_place(&other, "before protocolok")),
            }
        }
    }

    /// Sends `isready` and waits for `readyok` within the start bound.
    ///
    /// # Errors
    /// As [`EngineProcess::start`].
    pub fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + self.bounds.start;
        let mut lines = 0;
        loop {
            match self.read(deadline, &mut lines)? {
                None => return Err(self.hung("readyok", self.bounds.start)),
                Some(EngineLine::ReadyOk) => return Ok(()),
                Some(EngineLine::Comment) => {}
                Some(other) => return Err(out_of_place(&other, "while waiting for readyok")),
            }
        }
    }

    /// Searches `position` (a game string) with `go`, handing each `info` line to
    /// `on_info`, and returns its `bestmove` (not checked against the rules: see
    /// [`super::play`]). A `go` with a `movetime` waits that long plus the margin, any
    /// other the timeout; then, or when `stop` says so, `stop` is sent and a `bestmove`
    /// is waited for within the margin.
    ///
    /// # Errors
    /// [`EngineError`]: crashed, hung, late, ignored stop, garbage, flood, engine error.
    pub fn search(
        &mut self,
        position: &str,
        go: &Go,
        stop: &dyn Fn() -> bool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Result<BestMove, EngineError> {
        self.send(&format!("position {position}"))?;
        self.send(&go.to_string())?;
        let started = Instant::now();
        let (limit, margin) = match go.movetime_ms {
            Some(ms) => (Duration::from_millis(ms), self.bounds.margin),
            None => (self.bounds.timeout, Duration::ZERO),
        };
        let deadline = started + limit + margin;
        let mut lines = 0;
        let mut heard = false;
        let mut stopped: Option<(Instant, StopCause)> = None;
        loop {
            let now = Instant::now();
            let until = match stopped {
                Some((at, _)) => at + self.bounds.margin,
                None => deadline.min(now + STOP_POLL),
            };
            match self.read(until, &mut lines)? {
                Some(EngineLine::Info(info)) => {
                    heard = true;
                    on_info(&info);
                }
                Some(EngineLine::BestMove(answer)) => {
                    if let Some((_, StopCause::Deadline)) = stopped {
                        let late = started.elapsed().saturating_sub(limit + margin);
                        return Err(EngineError::Late {
                            late_ms: millis(late),
                            limit_ms: millis(limit),
                            margin_ms: millis(margin),
                        });
                    }
                    return Ok(answer);
                }
                Some(EngineLine::Comment) => heard = true,
                Some(other) => return Err(out_of_place(&other, "during a search")),
                None => match stopped {
                    Some((at, cause)) if Instant::now() >= at + self.bounds.margin => {
                        return Err(if cause == StopCause::Deadline && !heard {
                            self.hung("a bestmove", limit + margin + self.bounds.margin)
                        } else {
                            EngineError::IgnoredStop {
                                ms: millis(self.bounds.margin),
                            }
                        });
                    }
                    Some(_) => {}
                    None if Instant::now() >= deadline => {
                        self.send("stop")?;
                        stopped = Some((Instant::now(), StopCause::Deadline));
                    }
                    None if stop() => {
                        self.send("stop")?;
                        stopped = Some((Instant::now(), StopCause::Caller));
                    }
                    None => {}
                },
            }
        }
    }

    /// Writes one line to the engine (and the log).
    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        if let Some((log, number)) = &self.log {
            log.line(*number, '>', line);
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(self.crashed());
        };
        match writeln!(stdin, "{line}").and_then(|()| stdin.flush()) {
            Ok(()) => Ok(()),
            // A closed pipe is a program that has gone: say how it ended.
            Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => Err(self.crashed()),
            Err(err) => Err(EngineError::Write(err.to_string())),
        }
    }

    /// The next line before `until` (`None` when none came), counted in `lines`.
    fn read(
        &mut self,
        until: Instant,
        lines: &mut usize,
    ) -> Result<Option<EngineLine>, EngineError> {
        let wait = until.saturating_duration_since(Instant::now());
        let event = match self.events.recv_timeout(wait) {
            Ok(event) => event,
            Err(RecvTimeoutError::Timeout) => return Ok(None),
            Err(RecvTimeoutError::Disconnected) => Event::Closed,
        };
        let text = match event {
            Event::Line(text) => text,
            Event::TooLong => {
                return Err(EngineError::Flood(format!(
                    "a line longer than {MAX_LINE_BYTES} bytes"
                )));
            }
            Event::Closed => return Err(self.crashed()),
        };
        if let Some((log, number)) = &self.log {
            log.line(*number, '<', &text);
        }
        *lines += 1;
        if *lines > MAX_LINES_PER_SEARCH {
            return Err(EngineError::Flood(format!(
                "more than {MAX_LINES_PER_SEARCH} lines for one search"
            )));
        }
        match parse_line(&text) {
            Ok(EngineLine::Error(why)) => Err(EngineError::Refused(why)),
            Ok(line) => Ok(Some(line)),
            Err(why) => Err(EngineError::Garbage {
                line: clip(&text),
                why,
            }),
        }
    }

    fn hung(&self, waiting: &'static str, bound: Duration) -> EngineError {
        EngineError::Hung {
            waiting,
            ms: millis(bound),
        }
    }

    /// The program has closed its output: ends it (its group killed, itself reaped) and
    /// says how it ended, with its last standard error lines.
    fn crashed(&mut self) -> EngineError {
        let status = self.end();
        // The standard error reader ends once every writer is gone (killed just now);
        // its last lines are worth a short wait.
        if let Some(reader) = self.stderr_reader.take() {
            let deadline = Instant::now() + self.bounds.margin;
            while !reader.is_finished() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        let stderr = self
            .stderr
            .lock()
            .map(|tail| tail.iter().cloned().collect::<Vec<_>>().join(" | "))
            .unwrap_or_default();
        EngineError::Crashed { status, stderr }
    }

    /// Kills the program's process group (the program itself where there are none) and
    /// reaps it, once; its exit status in words.
    fn end(&mut self) -> String {
        self.stdin = None;
        if self.reaped {
            return "it had already ended".to_string();
        }
        kill_group(&mut self.child);
        self.reaped = true;
        match self.child.wait() {
            Ok(status) => match status.code() {
                Some(code) => format!("it exited with status {code}"),
                None => format!("it ended by {status}"),
            },
            Err(err) => format!("its end could not be read: {err}"),
        }
    }

    /// Ends the program politely: `quit`, its input closed, up to the margin for it to
    /// close its output, then its group killed and itself reaped.
    pub fn quit(mut self) {
        self.finish();
    }

    fn finish(&mut self) {
        if self.reaped {
            return;
        }
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = writeln!(stdin, "quit").and_then(|()| stdin.flush());
            if let Some((log, number)) = &self.log {
                log.line(*number, '>', "quit");
            }
        }
        self.stdin = None;
        let deadline = Instant::now() + self.bounds.margin;
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(wait) {
                Ok(Event::Line(_) | Event::TooLong) => {}
                Ok(Event::Closed) | Err(_) => break,
            }
        }
        self.end();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.finish();
    }
}

fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

fn out_of_place(line: &EngineLine, when: &str) -> EngineError {
    let name = match line {
        EngineLine::Id { .. } => "id",
        EngineLine::Option(_) => "option",
        EngineLine::ProtocolOk(_) => "protocolok",
        EngineLine::ReadyOk => "readyok",
        EngineLine::Info(_) => "info",
        EngineLine::BestMove(_) => "bestmove",
        EngineLine::Error(_) => "error",
        EngineLine::Comment => "#",
    };
    EngineError::Garbage {
        line: name.to_string(),
        why: format!("a '{name}' line {when}"),
    }
}

#[cfg(unix)]
fn kill_group(child: &mut Child) {
    use nix::sys::signal::{Signal, killpg};
    use nix::unistd::Pid;
    // The program leads its own group (`process_group(0)`), and is not yet reaped, so
    // the group's id is still its own.
    if let Ok(pid) = i32::try_from(child.id()) {
        let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    }
    let _ = child.kill();
}

#[cfg(not(unix))]
fn kill_group(child: &mut Child) {
    let _ = child.kill();
}

/// Hands `stdout`'s lines to `sender`, each cut at [`MAX_LINE_BYTES`]: a longer line is
/// reported once and reading stops (the program is then ended by its owner).
fn read_lines(stdout: impl Read, sender: &SyncSender<Event>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut buf = Vec::new();
        let limit = MAX_LINE_BYTES as u64 + 1;
        let event = match (&mut reader).take(limit).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => Event::Closed,
            Ok(_) if buf.last() == Some(&b'\n') => {
                buf.pop();
                Event::Line(String::from_utf8_lossy(&buf).into_owned())
            }
            Ok(n) if n as u64 >= limit => Event::TooLong,
            // The last line, without its line end.
            Ok(_) => Event::Line(String::from_utf8_lossy(&buf).into_owned()),
        };
        let last = matches!(event, Event::Closed | Event::TooLong);
        if sender.send(event).is_err() || last {
            return;
        }
    }
}

/// Keeps the last [`STDERR_LINES`] lines of `stderr` (each cut to 200 bytes) until it
/// closes.
fn keep_tail(stderr: impl Read, tail: &Mutex<VecDeque<String>>) {
    let mut reader = BufReader::new(stderr);
    loop {
        let mut buf = Vec::new();
        match (&mut reader).take(64 * 1024).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                let text = String::from_utf8_lossy(&buf);
                let text = text.trim_end();
                if text.is_empty() {
                    continue;
                }
                if let Ok(mut tail) = tail.lock() {
                    if tail.len() == STDERR_LINES {
                        tail.pop_front();
                    }
                    tail.push_back(clip(text));
                }
            }
        }
    }
}
