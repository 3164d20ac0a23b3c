//! The command's own words, in each language of the page. What it says
//! about an experiment (its problems and answer key) is the core's
//! catalogue's; only these few belong to the command line, so the page's
//! catalogues do not carry them. Each line about a file starts with the
//! file's name and `: ` in every language (the output is read by scripts
//! too).

use gateway_core::text::Locale;

/// Why the command line is not one this program runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Usage {
    Help,
    NoCommand,
    UnknownCommand(String),
    UnknownOption(String),
    NoLanguage,
    UnknownLanguage(String),
    NoFiles,
}

/// The words in one language.
#[derive(Debug, Clone, Copy)]
pub struct Words(pub Locale);

impl Words {
    fn zh(self) -> bool {
        self.0 == Locale::ZhTw
    }

    pub fn usage(self) -> String {
        let (usage, rest) = if self.zh() {
            (
                "用法",
                "逐一檢查每個實驗檔：列出每個問題與其欄位路徑；沒有問題的檔案列出每個目標的解答。\n  --lang zh-TW  以繁體中文輸出（預設 en）\n  --link        另外列出帶著實驗的連結片段\n結束代碼：0 全部通過，1 有檔案有問題，2 用法錯誤或檔案無法讀取。",
            )
        } else {
            (
                "usage",
                "Checks each experiment file: every problem with its field's path; a file with none gets an answer for each goal.\n  --lang zh-TW  write in Traditional Chinese (default en)\n  --link        also print the link fragment that carries the experiment\nExit status: 0 when every file passes, 1 when one has a problem, 2 on a usage error or a file that cannot be read.",
            )
        };
        format!("{usage}: experiment-check check [--lang en|zh-TW] [--link] FILE...\n{rest}")
    }

    pub fn usage_error(self, usage: &Usage) -> String {
        let zh = self.zh();
        match usage {
            Usage::Help => String::new(),
            Usage::NoCommand if zh => "缺少指令：請用 check。".into(),
            Usage::NoCommand => "no command: use check.".into(),
            Usage::UnknownCommand(c) if zh => format!("不認得的指令：{c}（請用 check）。"),
            Usage::UnknownCommand(c) => format!("unknown command: {c} (use check)."),
            Usage::UnknownOption(o) if zh => format!("不認得的選項：{o}。"),
            Usage::UnknownOption(o) => format!("unknown option: {o}."),
            Usage::NoLanguage => "--lang needs a language: en or zh-TW.".into(),
            Usage::UnknownLanguage(l) => format!("--lang: {l} is not one of en, zh-TW."),
            Usage::NoFiles if zh => "沒有指定要檢查的檔案。".into(),
            Usage::NoFiles => "no file to check.".into(),
        }
    }

    pub fn unreadable(self, why: &str) -> String {
        if self.zh() {
            format!("無法讀取：{why}")
        } else {
            format!("cannot be read: {why}")
        }
    }

    /// The problem of a second file with an id the first has.
    pub fn also_id_of(self, id: &str, first: &str) -> String {
        if self.zh() {
            format!("「{id}」也是 {first} 的實驗 id。")
        } else {
            format!("\"{id}\" is also the experiment id of {first}.")
        }
    }

    pub fn passes(self, goals: usize) -> String {
        if self.zh() {
            format!("沒有問題；{goals} 個目標各自的最短解答：")
        } else {
            let s = if goals == 1 { "" } else { "s" };
            format!("no problem; a shortest answer for each of its {goals} goal{s}:")
        }
    }

    pub fn link(self, fragment: &str) -> String {
        if self.zh() {
            format!("連結片段：#{fragment}")
        } else {
            format!("link fragment: #{fragment}")
        }
    }
}
