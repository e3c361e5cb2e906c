//! Who wins Domineering, found by plain game-tree search and no combinatorial game theory:
//! an independent check of the outcome classes of cgt's values (issue 27 item 4).
//!
//! Vertical places a domino on two free cells of one column in adjacent rows, Horizontal on
//! two free cells of one row in adjacent columns; a player with no move loses. The search is
//! a win/loss negamax (alpha-beta with the window of a drawless two-valued game: a position
//! is won when one move leads to a position lost for the opponent) over a bit board, with
//!
//! - a transposition table keyed by the least of the board's images under the reflections
//!   left-right and up-down (both keep the players' directions; the transpose would swap
//!   them, and is not used);
//! - move ordering: first the moves that take the most of the opponent's moves and the
//!   fewest of the mover's own;
//! - (optionally) two counting bounds that end a search early, both proved below at
//!   [`Search::decided_by_counting`].
//!
//! A board is a word with a bit per free cell: cell `(r, c)` is bit `r * (cols + 1) + c`.
//! The extra column `cols` of every row is never free, so a horizontal pair never wraps
//! from one row into the next.
//!
//! This file is shared by the test `domineering_outcomes` and the example
//! `domineering_outcome`, which include it by path; it uses nothing but the standard
//! library.

/// The player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Vertical,
    Horizontal,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::Vertical => Player::Horizontal,
            Player::Horizontal => Player::Vertical,
        }
    }
}

/// Who wins a position with each player moving first, as the four outcome classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Vertical (Left) wins whoever starts.
    Vertical,
    /// Horizontal (Right) wins whoever starts.
    Horizontal,
    /// The player to move wins.
    First,
    /// The player to move loses.
    Second,
}

impl Class {
    /// The class from who wins with Vertical first and with Horizontal first.
    pub fn from_wins(vertical_first_wins: bool, horizontal_first_wins: bool) -> Class {
        match (vertical_first_wins, horizontal_first_wins) {
            (true, false) => Class::Vertical,
            (false, true) => Class::Horizontal,
            (true, true) => Class::First,
            (false, false) => Class::Second,
        }
    }
}

/// What the search may use beyond the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// End a search when counting moves decides it ([`Search::decided_by_counting`]).
    pub counting: bool,
    /// Key the table by the least image under the reflections (else by the board itself).
    pub symmetry: bool,
    /// Order the moves by the heuristic (else in bit order).
    pub ordering: bool,
}

impl Options {
    /// Everything on.
    pub const FULL: Options = Options {
        counting: true,
        symmetry: true,
        ordering: true,
    };
    /// The rules and the table only.
    pub const PLAIN: Options = Options {
        counting: false,
        symmetry: false,
        ordering: false,
    };
}

/// One slot of the transposition table: the key (board and player, 0 when empty) and
/// what was found with the size of the search that found it (its log2, for replacement).
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    won: bool,
    work: u8,
}

/// A searcher for boards of one size, with its table and counters.
pub struct Search {
    rows: usize,
    cols: usize,
    stride: usize,
    /// The board's cells (every bit a cell may have).
    cells: u64,
    options: Options,
    /// Two slots a bucket: the first kept for the larger search, the second always
    /// replaced.
    table: Vec<[Slot; 2]>,
    /// Positions visited (calls of the search).
    pub nodes: u64,
    /// Positions answered by the table.
    pub hits: u64,
    /// Positions answered by counting.
    pub counted: u64,
}

/// The bit of the player to move in a table key (a board has at most 56 cells with its
/// padding column, so bit 63 is free).
const MOVER_BIT: u64 = 1 << 63;

impl Search {
    /// A searcher for `rows × cols` boards with a table of `2^table_bits` buckets (16
    /// bytes a slot), or `None` when the board with its padding column does not fit 56
    /// bits (7 × 6 and 6 × 7 fit) or `table_bits` is not within 1 to 30.
    pub fn new(rows: usize, cols: usize, table_bits: u32, options: Options) -> Option<Search> {
        let stride = cols + 1;
        if rows == 0 || cols == 0 || rows * stride > 56 || !(1..=30).contains(&table_bits) {
            return None;
        }
        let mut cells = 0u64;
        for r in 0..rows {
            cells |= ((1u64 << cols) - 1) << (r * stride);
        }
        Some(Search {
            rows,
            cols,
            stride,
            cells,
            options,
            table: vec![[Slot::default(); 2]; 1 << table_bits],
            nodes: 0,
            hits: 0,
            counted: 0,
        })
    }

    /// The empty board.
    pub fn empty_board(&self) -> u64 {
        self.cells
    }

    /// The board with the cells `free(r, c)` free.
    pub fn board(&self, free: impl Fn(usize, usize) -> bool) -> u64 {
        let mut b = 0;
        for r in 0..self.rows {
            for c in 0..self.cols {
                if free(r, c) {
                    b |= 1 << (r * self.stride + c);
                }
            }
        }
        b
    }

    /// Whether `mover` wins the board `free` moving first.
    pub fn wins(&mut self, free: u64, mover: Player) -> bool {
        self.search(free & self.cells, mover)
    }

    /// The class of the board `free`: searched with each player first.
    pub fn class(&mut self, free: u64) -> Class {
        let v = self.wins(free, Player::Vertical);
        let h = self.wins(free, Player::Horizontal);
        Class::from_wins(v, h)
    }

    /// The moves of `p` on `free`: bit `i` set when `p` may cover cell `i` and the cell
    /// below it (Vertical) or right of it (Horizontal).
    fn pairs(&self, free: u64, p: Player) -> u64 {
        match p {
            Player::Vertical => free & (free >> self.stride),
            Player::Horizontal => free & (free >> 1),
        }
    }

    /// The distance between the two cells of a domino of `p`.
    fn step(&self, p: Player) -> usize {
        match p {
            Player::Vertical => self.stride,
            Player::Horizontal => 1,
        }
    }

    /// The most dominoes `p` can place on the cells `free` with no opponent: the columns
    /// (rows) are independent and a run of `n` cells holds `n / 2`, which is what taking
    /// the first pair of each run, again and again, finds.
    fn most_moves(&self, free: u64, p: Player) -> u32 {
        let step = self.step(p);
        let mut board = free;
        let mut count = 0;
        loop {
            let pairs = self.pairs(board, p);
            if pairs == 0 {
                return count;
            }
            let i = pairs.trailing_zeros();
            board &= !(1u64 << i | 1u64 << (i + step as u32));
            count += 1;
        }
    }

    /// The cells of `free` the opponent of `p` can never cover: their two neighbours in
    /// the opponent's direction are not free (cells only ever stop being free).
    fn protected(&self, free: u64, p: Player) -> u64 {
        let step = self.step(p.other());
        free & !(free << step) & !(free >> step)
    }

    /// Decides the position by counting, when it can: `Some(true)` when the mover wins,
    /// `Some(false)` when the mover loses.
    ///
    /// Let `safe(p)` be the most dominoes `p` can place on cells the opponent can never
    /// cover ([`protected`](Self::protected)), and `most(p)` the most dominoes `p` can
    /// place on the free cells at all. The opponent's moves never cover a protected cell
    /// and `p`'s moves on protected cells never take a cell the opponent could use, so
    /// `p` can always make `safe(p)` moves more whatever happens, and can never make more
    /// than `most(p)` moves.
    ///
    /// - The mover wins when `safe(mover) > most(other)`: answering every move with a
    ///   safe move, the mover still has one after the other has made all the moves it can.
    /// - The mover loses when `safe(other) >= most(mover)`: the other answers each of the
    ///   mover's at most `most(mover)` moves with a safe move, and then the mover is stuck.
    fn decided_by_counting(&self, free: u64, mover: Player) -> Option<bool> {
        let other = mover.other();
        let most_other = self.most_moves(free, other);
        let safe_mover = self.most_moves(self.protected(free, mover), mover);
        if safe_mover > most_other {
            return Some(true);
        }
        let most_mover = self.most_moves(free, mover);
        let safe_other = self.most_moves(self.protected(free, other), other);
        if safe_other >= most_mover {
            return Some(false);
        }
        None
    }

    /// The board reflected top to bottom.
    fn flip_rows(&self, b: u64) -> u64 {
        let row = (1u64 << self.cols) - 1;
        let mut out = 0;
        for r in 0..self.rows {
            let bits = (b >> (r * self.stride)) & row;
            out |= bits << ((self.rows - 1 - r) * self.stride);
        }
        out
    }

    /// The board turned half a turn: cell `i` goes to `rows * stride - 2 - i`, which is
    /// `(rows - 1 - r, cols - 1 - c)`; the padding cells are empty, so nothing is lost.
    fn half_turn(&self, b: u64) -> u64 {
        b.reverse_bits() >> (64 - self.rows * self.stride + 1)
    }

    /// The table key of `free` with `mover` to move.
    fn key(&self, free: u64, mover: Player) -> u64 {
        let board = if self.options.symmetry {
            let ud = self.flip_rows(free);
            free.min(ud)
                .min(self.half_turn(free))
                .min(self.half_turn(ud))
        } else {
            free
        };
        match mover {
            Player::Vertical => board,
            Player::Horizontal => board | MOVER_BIT,
        }
    }

    fn bucket(&self, key: u64) -> usize {
        let h = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> (64 - self.table.len().trailing_zeros())) as usize
    }

    fn probe(&self, key: u64) -> Option<bool> {
        let bucket = &self.table[self.bucket(key)];
        bucket.iter().find(|s| s.key == key).map(|s| s.won)
    }

    fn store(&mut self, key: u64, won: bool, nodes: u64) {
        let work = (64 - nodes.leading_zeros()) as u8;
        let i = self.bucket(key);
        let bucket = &mut self.table[i];
        let slot = Slot { key, won, work };
        if bucket[0].key == 0 || bucket[0].key == key || work >= bucket[0].work {
            if bucket[0].key != key {
                bucket[1] = bucket[0];
            }
            bucket[0] = slot;
        } else {
            bucket[1] = slot;
        }
    }

    /// The moves of `mover` as cell pairs, best first.
    fn ordered_moves(&self, free: u64, mover: Player, out: &mut Vec<u64>) {
        let step = self.step(mover);
        let mine = self.pairs(free, mover);
        let theirs = self.pairs(free, mover.other());
        let other_step = self.step(mover.other());
        let mut scored: Vec<(i32, u64)> = Vec::with_capacity(mine.count_ones() as usize);
        let mut rest = mine;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let domino = 1u64 << i | 1u64 << (i + step as u32);
            let score = if self.options.ordering {
                // The opponent's pairs that use a covered cell: those starting on it or
                // one step before it.
                let touched = domino | (domino >> other_step);
                let taken = (theirs & touched).count_ones() as i32;
                // The mover's own other pairs that use a covered cell.
                let own = (mine & (domino | (domino >> step))).count_ones() as i32 - 1;
                2 * taken - own
            } else {
                0
            };
            scored.push((score, domino));
        }
        // Stable: equal scores keep bit order.
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        out.clear();
        out.extend(scored.into_iter().map(|(_, d)| d));
    }

    fn search(&mut self, free: u64, mover: Player) -> bool {
        self.nodes += 1;
        if self.pairs(free, mover) == 0 {
            return false;
        }
        if self.options.counting
            && let Some(won) = self.decided_by_counting(free, mover)
        {
            self.counted += 1;
            return won;
        }
        let key = self.key(free, mover);
        if let Some(won) = self.probe(key) {
            self.hits += 1;
            return won;
        }
        let before = self.nodes;
        let mut moves = Vec::new();
        self.ordered_moves(free, mover, &mut moves);
        let won = moves
            .iter()
            .any(|&domino| !self.search(free & !domino, mover.other()));
        self.store(key, won, self.nodes - before);
        won
    }
}
