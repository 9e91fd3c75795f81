//! The real binary on a real terminal: tmux runs `cardroom play hearts` full-screen, the test
//! plays a whole deal with the arrow keys and Enter, reading the screen as a person would,
//! then quits (which saves).

use std::process::Command;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs (scripts/test.sh installs it)");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-J", "-t", "play"])
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "play"];
        args.extend(keys);
        self.run(&args);
    }

    /// Waits (bounded) for the screen to show `text`.
    fn wait_for(&self, text: &str, limit: Duration) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(start.elapsed() < limit, "'{text}' never showed:\n{screen}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux").args(["-L", &self.socket, "kill-server"]).output();
    }
}

#[test]
fn a_whole_hearts_deal_is_played_with_the_arrow_keys_in_tmux() {
    // Declared before the tmux server (killed on drop), so the folder outlives the game.
    let dir = tempfile::Builder::new().prefix("cardroom-tmux-").tempdir().unwrap();
    let save = dir.path().join("deal.json");
    let tmux = Tmux {
        socket: format!("cardroom-test-{}", std::process::id()),
    };
    let command = format!(
        "{} play hearts --seed 2 --deals 1 --bot-delay 0 --save {}; echo EXITED; sleep 60",
        env!("CARGO_BIN_EXE_cardroom"),
        save.display()
    );
    tmux.run(&["new-session", "-d", "-s", "play", "-x", "80", "-y", "24", &command]);
    let first = tmux.wait_for("Choose three cards to pass", Duration::from_secs(20));
    assert!(first.contains("Your hand") && first.contains("♠"), "{first}");
    // Up puts the cursor on the first choice, Enter plays it: passes, then thirteen tricks.
    let start = Instant::now();
    let mut screens = 0;
    loop {
        let screen = tmux.screen();
        if screen.contains("The match is over") {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(90),
            "the deal did not finish:\n{screen}"
        );
        if screen.contains("Choose three cards") || screen.contains("to trick") || screen.contains("Lead") {
            tmux.keys(&["Up", "Enter"]);
            screens += 1;
        }
        std::thread::sleep(Duration::from_millis(80));
    }
    assert!(screens >= 4, "the person played: {screens} decisions");
    let end = tmux.screen();
    assert!(end.contains("Deal 1 is over") && end.contains("Final points"), "{end}");
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(
        saved["record"]["actions"].as_array().unwrap().len(),
        12 + 52,
        "twelve passed cards and 52 played"
    );
    // Any key closes the standings; then q asks, y leaves; the message says how to continue.
    tmux.keys(&["Escape"]);
    tmux.wait_for("Press q to leave.", Duration::from_secs(10));
    tmux.keys(&["q"]);
    tmux.wait_for("Leave the table?", Duration::from_secs(10));
    tmux.keys(&["y"]);
    let bye = tmux.wait_for("EXITED", Duration::from_secs(10));
    assert!(bye.contains("continue it with: cardroom play --resume"), "{bye}");
}
