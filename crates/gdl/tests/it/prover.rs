//! A plain top-down prover for GDL, for the tests only: SLD resolution over the rules as
//! written (after `or` is split), negation as failure, no grounding, no tables, no network.
//! Slow and obviously faithful to the rules, so that the compiled reasoner can be checked
//! against it.

use std::collections::BTreeSet;

use arbiter_gdl::{Description, Flat, FlatRule, Symbol, Symbols, Term};

/// A term whose variables are numbered.
#[derive(Debug, Clone, PartialEq, Eq)]
enum T {
    Const(Symbol),
    Var(usize),
    Fn(Symbol, Vec<T>),
}

/// A goal of a query.
#[derive(Debug, Clone)]
enum Goal {
    Holds(T),
    Fails(T),
    Distinct(T, T),
    Same(T, T),
    /// The end of a clause's body: its head leaves the path of ancestors (when it was put
    /// there).
    Exit(bool),
}

/// A rule with its variables numbered from 0.
struct Clause {
    head: T,
    body: Vec<Goal>,
    variables: usize,
}

/// The prover: the rules, the state and the joint move it reasons about.
pub struct Prover {
    symbols: Symbols,
    clauses: Vec<(Symbol, Clause)>,
    true_symbol: Symbol,
    does_symbol: Symbol,
    /// The state: the `p` of each `(true p)`.
    state: Vec<T>,
    /// The joint move: `(does r m)` atoms.
    does: Vec<T>,
    roles: Vec<T>,
}

/// Variable bindings with a trail for backtracking, and the ground atoms being proved (the
/// path of ancestors), so that a recursion over a cyclic relation stops where it would repeat
/// itself: a ground atom that has a proof has one in which it is not its own ancestor.
struct Bindings {
    values: Vec<Option<T>>,
    trail: Vec<usize>,
    path: Vec<T>,
}

impl Bindings {
    fn walk(&self, term: &T) -> T {
        match term {
            T::Var(v) => match &self.values[*v] {
                Some(value) => self.walk(value),
                None => term.clone(),
            },
            T::Const(_) => term.clone(),
            T::Fn(f, args) => T::Fn(*f, args.iter().map(|arg| self.walk(arg)).collect()),
        }
    }

    fn unify(&mut self, a: &T, b: &T) -> bool {
        let (a, b) = (self.shallow(a), self.shallow(b));
        match (&a, &b) {
            (T::Var(x), T::Var(y)) if x == y => true,
            (T::Var(x), _) => self.bind(*x, b),
            (_, T::Var(y)) => self.bind(*y, a),
            (T::Const(x), T::Const(y)) => x == y,
            (T::Fn(f, xs), T::Fn(g, ys)) => {
                f == g && xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| self.unify(x, y))
            }
            _ => false,
        }
    }

    fn shallow(&self, term: &T) -> T {
        match term {
            T::Var(v) => match &self.values[*v] {
                Some(value) => self.shallow(value),
                None => term.clone(),
            },
            _ => term.clone(),
        }
    }

    fn bind(&mut self, variable: usize, value: T) -> bool {
        self.values[variable] = Some(value);
        self.trail.push(variable);
        true
    }

    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            if let Some(variable) = self.trail.pop() {
                self.values[variable] = None;
            }
        }
    }

    fn fresh(&mut self, count: usize) -> usize {
        let base = self.values.len();
        self.values.resize(base + count, None);
        base
    }
}

fn convert(term: &Term, names: &mut Vec<Symbol>) -> T {
    match term {
        Term::Constant(symbol) => T::Const(*symbol),
        Term::Variable(symbol) => {
            let index = names.iter().position(|name| name == symbol).unwrap_or_else(|| {
                names.push(*symbol);
                names.len() - 1
            });
            T::Var(index)
        }
        Term::Function(f, args) => T::Fn(*f, args.iter().map(|arg| convert(arg, names)).collect()),
    }
}

fn atom(relation: Symbol, args: &[Term], names: &mut Vec<Symbol>) -> T {
    if args.is_empty() {
        T::Const(relation)
    } else {
        T::Fn(relation, args.iter().map(|arg| convert(arg, names)).collect())
    }
}

fn shift(term: &T, offset: usize) -> T {
    match term {
        T::Var(v) => T::Var(v + offset),
        T::Const(_) => term.clone(),
        T::Fn(f, args) => T::Fn(*f, args.iter().map(|arg| shift(arg, offset)).collect()),
    }
}

fn relation_of(term: &T) -> Option<Symbol> {
    match term {
        T::Const(symbol) | T::Fn(symbol, _) => Some(*symbol),
        T::Var(_) => None,
    }
}

fn clause(rule: &FlatRule) -> Clause {
    let mut names = Vec::new();
    let head = atom(rule.head.relation, &rule.head.args, &mut names);
    let body = rule
        .body
        .iter()
        .map(|flat| match flat {
            Flat::Holds(a) => Goal::Holds(atom(a.relation, &a.args, &mut names)),
            Flat::Fails(a) => Goal::Fails(atom(a.relation, &a.args, &mut names)),
            Flat::Distinct(a, b) => Goal::Distinct(convert(a, &mut names), convert(b, &mut names)),
            Flat::Same(a, b) => Goal::Same(convert(a, &mut names), convert(b, &mut names)),
        })
        .collect();
    Clause { head, body, variables: names.len() }
}

fn is_ground(term: &T) -> bool {
    match term {
        T::Const(_) => true,
        T::Var(_) => false,
        T::Fn(_, args) => args.iter().all(is_ground),
    }
}

fn shift_goal(goal: &Goal, offset: usize) -> Goal {
    match goal {
        Goal::Exit(pushed) => Goal::Exit(*pushed),
        Goal::Holds(a) => Goal::Holds(shift(a, offset)),
        Goal::Fails(a) => Goal::Fails(shift(a, offset)),
        Goal::Distinct(a, b) => Goal::Distinct(shift(a, offset), shift(b, offset)),
        Goal::Same(a, b) => Goal::Same(shift(a, offset), shift(b, offset)),
    }
}

impl Prover {
    /// The prover of `description`, in its initial state.
    pub fn new(description: &Description) -> Prover {
        let mut symbols = description.symbols.clone();
        let clauses =
            description.flatten().iter().map(|rule| (rule.head.relation, clause(rule))).collect();
        let true_symbol = symbols.intern("true");
        let does_symbol = symbols.intern("does");
        let mut prover = Prover {
            symbols,
            clauses,
            true_symbol,
            does_symbol,
            state: Vec::new(),
            does: Vec::new(),
            roles: Vec::new(),
        };
        let role = prover.symbols.intern("role");
        prover.roles =
            prover.answers(role, &[]).into_iter().map(|mut args| args.remove(0)).collect();
        let init = prover.symbols.intern("init");
        prover.state = prover.distinct_answers(init, &[]);
        prover
    }

    /// The text of each term, as the reasoner prints them.
    fn text(&self, term: &T) -> String {
        match term {
            T::Const(symbol) => self.symbols.name(*symbol).to_owned(),
            T::Var(v) => format!("?{v}"),
            T::Fn(f, args) => {
                let mut text = format!("({}", self.symbols.name(*f));
                for arg in args {
                    text.push(' ');
                    text.push_str(&self.text(arg));
                }
                text + ")"
            }
        }
    }

    /// The state's propositions, as text, sorted.
    pub fn state(&self) -> BTreeSet<String> {
        self.state.iter().map(|p| self.text(p)).collect()
    }

    pub fn roles(&self) -> Vec<String> {
        self.roles.iter().map(|role| self.text(role)).collect()
    }

    pub fn is_terminal(&mut self) -> bool {
        let terminal = self.symbols.intern("terminal");
        self.provable(&T::Const(terminal))
    }

    /// The legal moves of role number `role`, as text.
    pub fn legal(&mut self, role: usize) -> BTreeSet<String> {
        let legal = self.symbols.intern("legal");
        let role = self.roles[role].clone();
        let moves = self.distinct_answers(legal, &[Some(role)]);
        moves.iter().map(|m| self.text(m)).collect()
    }

    /// The goal values of role number `role` that hold.
    pub fn goals(&mut self, role: usize) -> BTreeSet<u32> {
        let goal = self.symbols.intern("goal");
        let role = self.roles[role].clone();
        let values = self.distinct_answers(goal, &[Some(role)]);
        values.iter().filter_map(|v| self.text(v).parse().ok()).collect()
    }

    /// Plays the joint move given as text (one per role): the state becomes the next one.
    pub fn play(&mut self, joint: &[String]) {
        let mut all_legal = Vec::new();
        for role in 0..self.roles.len() {
            let legal = self.symbols.intern("legal");
            let r = self.roles[role].clone();
            all_legal.push(self.distinct_answers(legal, &[Some(r)]));
        }
        self.does = joint
            .iter()
            .enumerate()
            .map(|(role, text)| {
                let mv = all_legal[role].iter().find(|m| self.text(m) == *text).cloned();
                let mv = mv.unwrap_or_else(|| panic!("the prover finds {text} illegal"));
                T::Fn(self.does_symbol, vec![self.roles[role].clone(), mv])
            })
            .collect();
        let next = self.symbols.intern("next");
        self.state = self.distinct_answers(next, &[]);
        self.does.clear();
    }

    /// The distinct ground values of the last argument of `relation`, its first arguments
    /// given.
    fn distinct_answers(&mut self, relation: Symbol, given: &[Option<T>]) -> Vec<T> {
        let mut seen: Vec<T> = Vec::new();
        for args in self.answers(relation, given) {
            if let Some(last) = args.last() {
                if !seen.contains(last) {
                    seen.push(last.clone());
                }
            }
        }
        seen
    }

    /// Every solution of `(relation given... ?x)`: the arguments after `given`, ground.
    fn answers(&mut self, relation: Symbol, given: &[Option<T>]) -> Vec<Vec<T>> {
        let arity =
            self.clauses.iter().find(|(r, _)| *r == relation).map_or(given.len() + 1, |(_, c)| {
                match &c.head {
                    T::Fn(_, args) => args.len(),
                    _ => 0,
                }
            });
        let mut bindings = Bindings { values: Vec::new(), trail: Vec::new(), path: Vec::new() };
        let base = bindings.fresh(arity);
        let args: Vec<T> = (0..arity)
            .map(|i| given.get(i).cloned().flatten().unwrap_or(T::Var(base + i)))
            .collect();
        let query = if arity == 0 { T::Const(relation) } else { T::Fn(relation, args.clone()) };
        let mut found = Vec::new();
        self.solve(&[Goal::Holds(query)], &mut bindings, &mut |b| {
            found.push(args.iter().skip(given.len()).map(|arg| b.walk(arg)).collect());
            false
        });
        found
    }

    fn provable(&self, atom: &T) -> bool {
        let mut bindings = Bindings { values: Vec::new(), trail: Vec::new(), path: Vec::new() };
        let mut found = false;
        self.solve(&[Goal::Holds(atom.clone())], &mut bindings, &mut |_| {
            found = true;
            true
        });
        found
    }

    /// Calls `on_solution` for each solution of the conjunction `goals`; stops when it
    /// returns `true` (and returns `true` then).
    fn solve(
        &self,
        goals: &[Goal],
        bindings: &mut Bindings,
        on_solution: &mut dyn FnMut(&Bindings) -> bool,
    ) -> bool {
        let Some((goal, rest)) = goals.split_first() else { return on_solution(bindings) };
        match goal {
            Goal::Distinct(a, b) => {
                bindings.walk(a) != bindings.walk(b) && self.solve(rest, bindings, on_solution)
            }
            Goal::Same(a, b) => {
                bindings.walk(a) == bindings.walk(b) && self.solve(rest, bindings, on_solution)
            }
            Goal::Fails(atom) => {
                let ground = bindings.walk(atom);
                !self.provable(&ground) && self.solve(rest, bindings, on_solution)
            }
            Goal::Holds(atom) => self.solve_atom(atom, rest, bindings, on_solution),
            Goal::Exit(false) => self.solve(rest, bindings, on_solution),
            Goal::Exit(true) => {
                let head = bindings.path.pop();
                let stop = self.solve(rest, bindings, on_solution);
                bindings.path.extend(head);
                stop
            }
        }
    }

    fn solve_atom(
        &self,
        atom: &T,
        rest: &[Goal],
        bindings: &mut Bindings,
        on_solution: &mut dyn FnMut(&Bindings) -> bool,
    ) -> bool {
        let relation = relation_of(&bindings.walk(atom));
        if relation == Some(self.true_symbol) || relation == Some(self.does_symbol) {
            let facts: Vec<T> = if relation == Some(self.true_symbol) {
                self.state.iter().map(|p| T::Fn(self.true_symbol, vec![p.clone()])).collect()
            } else {
                self.does.clone()
            };
            for fact in &facts {
                let mark = bindings.trail.len();
                if bindings.unify(atom, fact) && self.solve(rest, bindings, on_solution) {
                    bindings.undo(mark);
                    return true;
                }
                bindings.undo(mark);
            }
            return false;
        }
        let walked = bindings.walk(atom);
        let ground = is_ground(&walked);
        if ground && bindings.path.contains(&walked) {
            return false;
        }
        for (head_relation, clause) in &self.clauses {
            if Some(*head_relation) != relation {
                continue;
            }
            let mark = bindings.trail.len();
            let offset = bindings.fresh(clause.variables);
            if bindings.unify(atom, &shift(&clause.head, offset)) {
                let mut goals: Vec<Goal> =
                    clause.body.iter().map(|goal| shift_goal(goal, offset)).collect();
                goals.push(Goal::Exit(ground));
                goals.extend(rest.iter().cloned());
                if ground {
                    bindings.path.push(walked.clone());
                }
                let stop = self.solve(&goals, bindings, on_solution);
                if ground {
                    bindings.path.pop();
                }
                if stop {
                    bindings.undo(mark);
                    return true;
                }
            }
            bindings.undo(mark);
        }
        false
    }
}
