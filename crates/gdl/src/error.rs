//! The one error type of the crate: what is wrong with a description's text, with its rules,
//! or with a request made of a game, each said so that the writer of the text can fix it.

use thiserror::Error;

use crate::syntax::Position;

/// Everything that can go wrong reading a GDL description or asking a game about moves.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GdlError {
    // --- The text ---
    /// Lists nested deeper than the reader takes.
    #[error("the list opened at {at} is nested more than {limit} deep")]
    TooDeep {
        /// Where the list too deep opens.
        at: Position,
        /// The deepest nesting taken.
        limit: usize,
    },
    /// A `(` that is never closed.
    #[error("the list opened at {at} is never closed: a `)` is missing")]
    UnclosedList {
        /// Where the list opens.
        at: Position,
    },
    /// A `)` that closes nothing.
    #[error("unexpected `)` at {at}: it closes no list")]
    UnexpectedClose {
        /// Where it stands.
        at: Position,
    },
    /// `()` where a sentence or term was expected.
    #[error("empty list `()` at {at}: a sentence or term starts with a name")]
    EmptyList {
        /// Where it stands.
        at: Position,
    },
    /// A `?` with no name after it.
    #[error("a variable at {at} has no name: write `?x`")]
    NamelessVariable {
        /// Where it stands.
        at: Position,
    },
    /// Something other than a name where a sentence or function name must stand.
    #[error("expected {expected} at {at}, found `{found}`")]
    Expected {
        /// What the grammar wants there.
        expected: &'static str,
        /// What the text has.
        found: String,
        /// Where.
        at: Position,
    },
    /// A keyword with the wrong number of arguments.
    #[error("`{keyword}` at {at} takes {expected}, found {found}")]
    KeywordArity {
        /// `<=`, `not`, `distinct`, `true`, `does`...
        keyword: &'static str,
        /// What it takes, in words.
        expected: &'static str,
        /// How many it was given.
        found: usize,
        /// Where.
        at: Position,
    },

    // --- The rules: the checks GDL requires ---
    /// A variable of a head, a negation or a `distinct` that no positive literal binds.
    #[error(
        "unsafe rule at {at}: variable `{variable}` must also appear in a positive literal of \
         the body (not inside `not` or `distinct`)"
    )]
    UnsafeVariable {
        /// The variable, with its `?`.
        variable: String,
        /// Where the rule starts.
        at: Position,
    },
    /// Recursion through negation.
    #[error(
        "the rules are not stratified: `{relation}` depends on itself through a `not` (rule at \
         {at})"
    )]
    Unstratified {
        /// A relation on the cycle.
        relation: String,
        /// A rule on the cycle with the negation.
        at: Position,
    },
    /// A ground atom that depends on itself through a negation.
    #[error(
        "the rules are not stratified: a `{relation}` atom depends on itself through a `not` in \
         the ground rules"
    )]
    NegativeCycle {
        /// The relation of an atom on the cycle.
        relation: String,
    },
    /// A relation used with two numbers of arguments.
    #[error(
        "`{relation}` has {found} arguments at {at} but {expected} elsewhere: a relation has one \
         arity"
    )]
    ArityMismatch {
        /// The relation.
        relation: String,
        /// Its first arity.
        expected: usize,
        /// The other.
        found: usize,
        /// Where the other is.
        at: Position,
    },
    /// `true`, `does`, `distinct`, `not` or `or` as the conclusion of a rule.
    #[error("`{relation}` cannot be the head of a rule or a fact (at {at})")]
    ReservedHead {
        /// The relation.
        relation: String,
        /// Where the rule starts.
        at: Position,
    },
    /// `init` or `next` in a rule's body.
    #[error("`{relation}` may appear only in heads, not in the body of the rule at {at}")]
    HeadOnlyInBody {
        /// The relation.
        relation: String,
        /// Where the rule starts.
        at: Position,
    },
    /// `role` defined by a rule rather than stated as a fact.
    #[error("`role` must be stated as a fact such as `(role white)`; the rule at {at} derives it")]
    RoleNotFact {
        /// Where the rule starts.
        at: Position,
    },
    /// `legal`, `goal`, `terminal` or `init` depending on `does`.
    #[error("`{relation}` depends on `does` (through the rule at {at}); GDL forbids it")]
    DependsOnDoes {
        /// The relation.
        relation: String,
        /// A rule of the dependency.
        at: Position,
    },
    /// `init` depending on the state (`true`) or on what follows from it.
    #[error("`init` depends on `{dependency}` (through the rule at {at}); GDL forbids it")]
    InitDependsOnState {
        /// `true`, `legal`, `goal` or `terminal`.
        dependency: String,
        /// A rule of the dependency.
        at: Position,
    },
    /// No `(role ...)` fact.
    #[error("the description names no role: add facts such as `(role white)`")]
    NoRoles,
    /// A goal value that is not a whole number from 0 to 100.
    #[error("goal value `{value}` of role `{role}` is not a whole number from 0 to 100")]
    GoalValue {
        /// The role.
        role: String,
        /// The value as written.
        value: String,
    },
    /// Grounding would go on without end, or past the reasoner's bounds.
    #[error("the rules are too large to ground: {what} passes the limit of {limit}")]
    TooLarge {
        /// What grew too large.
        what: &'static str,
        /// The bound.
        limit: usize,
    },
    /// Compiling the rules or checking them for play took longer than allowed
    /// ([`Limits::time`](crate::Limits::time)).
    #[error("the rules take too long to compile and check: {what} passed the limit of {limit:?}")]
    TooSlow {
        /// The work under way.
        what: &'static str,
        /// The bound.
        limit: std::time::Duration,
    },

    // --- Requests made of a game ---
    /// A role name the game does not have.
    #[error("`{name}` is not a role of this game (roles: {roles})")]
    UnknownRole {
        /// The name given.
        name: String,
        /// The game's roles.
        roles: String,
    },
    /// A move that is no move of the role in this game at all.
    #[error("`{text}` is not a move of `{role}` in this game")]
    UnknownMove {
        /// The role.
        role: String,
        /// The move as given.
        text: String,
    },
    /// A move that is not legal in the current state.
    #[error("`{text}` is not legal for `{role}` in this state")]
    IllegalMove {
        /// The role.
        role: String,
        /// The move.
        text: String,
    },
    /// A joint move with the wrong number of moves.
    #[error("a joint move needs one move per role: {expected}, given {found}")]
    JointMoveSize {
        /// The number of roles.
        expected: usize,
        /// The number of moves given.
        found: usize,
    },
    /// A term that is none of the game's base propositions.
    #[error("`{text}` is not a base proposition of this game (a `p` of `(true p)`)")]
    UnknownProposition {
        /// The term as written.
        text: String,
    },
    /// Rules that Arbiter's games of two players taking turns cannot hold.
    #[error("Arbiter plays GDL games of two players taking turns; this one {problem}")]
    NotTwoPlayerTurns {
        /// What the rules do instead.
        problem: String,
    },
    /// Rules named by a hash that this program has not loaded.
    #[error(
        "no rules with the hash `{hash}` are loaded; the hash names a GDL description read by \
         this program before (64 hexadecimal digits: the SHA-256 of its text)"
    )]
    UnknownRules {
        /// The hash as given.
        hash: String,
    },
    /// A state of another game, or of another size.
    #[error("the state does not belong to this game ({found} words, expected {expected})")]
    ForeignState {
        /// The game's state size, in 64-bit words.
        expected: usize,
        /// The state's.
        found: usize,
    },
}
