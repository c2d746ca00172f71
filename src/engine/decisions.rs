//! The vocabulary of decisions: each kind of decision a procedure asks, with the key of a
//! scenario's `decisions:` that answers it, how an answer is written and read (in a script,
//! at the shell's prompt, in the shell's record), and how a named policy answers it. A
//! procedure declares its kinds; the registry gathers them into one table.

/// How a script answers a kind of decision: the shape of its key's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// One name (a card, a planet), or `none`; read each time the decision is asked.
    Name,
    /// A card for each time asked, in order: a destiny number, a card name, or a word that
    /// declines.
    Plays,
    /// A card for each time asked, in order: an Attack Value (0 to 20) or a card name.
    Plan,
    /// Yes or no for each time asked, in order.
    Flags,
    /// A name for each time offered, in order.
    Names,
    /// Yes or no, read each time the decision is asked.
    YesNo,
    /// How many (0 to 99), read each time the decision is asked.
    Count,
}

impl Answer {
    /// Whether one answer stands for every time the decision is asked (rather than a list
    /// read in order).
    pub fn is_single(self) -> bool {
        matches!(self, Answer::Name | Answer::YesNo | Answer::Count)
    }
}

/// A key of a scenario's `decisions: <side>:`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScriptKey {
    /// The key: `plays`, `weapon`, `fetch`.
    pub key: &'static str,
    /// How its value is written.
    pub answer: Answer,
    /// What it answers, for the schema.
    pub about: &'static str,
    /// Whether every answer under the key answers its one kind of decision (a lap card, not
    /// the attacks and blocks that share `plays`): answers left over when the walk ends are
    /// then reported as never asked (a single answer always is), and a decision the rules
    /// leave one choice to takes the next answer as its own.
    pub leftover_unasked: bool,
}

/// How a named policy answers a kind of decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PolicyRole {
    /// The first option.
    First,
    /// The first option that declines, whatever the policy.
    Decline,
    /// The first option that declines, unless the policy takes the first of all.
    DeclineUnlessFirst,
    /// The first option that takes, unless the policy takes the first of all.
    TakeUnlessFirst,
    /// A block: taken or declined as the policy says.
    Block,
    /// The strongest card, where the policy plays so.
    Strongest,
}

/// When a decider that is a script makes an optional decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Volunteer {
    /// Never: its first option ("do nothing") is taken.
    Never,
    /// When the script has an answer left for its key.
    WhenScripted,
    /// When the script's next answer for its key is this word.
    WhenNext(&'static str),
}

/// A kind of decision: what it is about, and how it is answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DecisionKind {
    /// Its name in the JSON output: `attack`, `initiator-character`.
    pub name: &'static str,
    /// The key of `decisions:` that answers it.
    pub script: &'static ScriptKey,
    /// How a named policy answers it.
    pub policy: PolicyRole,
    /// When a script makes it, if it is optional.
    pub volunteer: Volunteer,
    /// How the shell's record writes an answer that declines, in a list (`pass`, `stop`).
    pub declines_as: &'static str,
    /// Whether only `declines_as` declines it: the common words (`pass`, `none`) mean
    /// something else there (`pass` declines a block, not an attack).
    pub declines_only_as_itself: bool,
}

impl DecisionKind {
    /// Whether it is a block: a play that answers the opponent's attack, as a script's
    /// `block N` claims (its policy role says so).
    pub fn is_a_block(&self) -> bool {
        self.policy == PolicyRole::Block
    }

    /// The key of the scenario's `decisions:` that answers it.
    pub fn script_key(&self) -> &'static str {
        self.script.key
    }

    /// How its answer is written.
    pub fn answer(&self) -> Answer {
        self.script.answer
    }
}

/// The cards played, in order, by every procedure that plays cards one at a time.
pub const PLAYS: &ScriptKey = &ScriptKey {
    key: "plays",
    answer: Answer::Plays,
    about: "The cards played from the dueling hand, attacks and blocks in order: a destiny number,\na card name, `pass` to decline a block, or `block N` to say a play is a block (checked\nagainst the attack it blocks).",
    leftover_unasked: false,
};

/// The answers that make a plan, in order: a Clash of the Lightsabers plan, a Young Jedi
/// battle plan made by decisions.
pub const PLAN: &ScriptKey = &ScriptKey {
    key: "plan",
    answer: Answer::Plan,
    about: "Clash of the Lightsabers: the cards planned face down for battles 1, 2 and 3, round\nafter round: an Attack Value or a Special card's name. Young Jedi: the answers to a\nbattle plan made by decisions, in the order asked (the next card, its weapon or\n`none`, a Battle card for each fight or `none`).",
    leftover_unasked: false,
};
