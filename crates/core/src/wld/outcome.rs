//! The two players and the three outcomes of a W-L-D game (DeVos–Kent §1.1).

use std::fmt;
use std::str::FromStr;

use super::WldError;

/// Who makes the choice at a branch node. Louise is Left, Richard is Right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    Louise,
    Richard,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Louise => Player::Richard,
            Player::Richard => Player::Louise,
        }
    }

    /// The letter marking this player's branch nodes in a W-L-D tree: `L` or `R`.
    pub fn letter(self) -> char {
        match self {
            Player::Louise => 'L',
            Player::Richard => 'R',
        }
    }

    /// The player's name, `Louise` or `Richard`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Louise => "Louise",
            Player::Richard => "Richard",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Player {
    type Err = WldError;

    /// `L`, `Louise`, `Left` or `R`, `Richard`, `Right`, in any case.
    fn from_str(text: &str) -> Result<Player, WldError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "l" | "louise" | "left" => Ok(Player::Louise),
            "r" | "richard" | "right" => Ok(Player::Richard),
            _ => Err(WldError::BadPlayer(text.to_string())),
        }
    }
}

/// The outcome at a terminal node, and the type of a tree (Theorem 1.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WldOutcome {
    /// `+-`: Louise wins (as a type: Louise has a winning strategy).
    LouiseWins,
    /// `-+`: Richard wins (as a type: Richard has a winning strategy).
    RichardWins,
    /// `00`: a draw (as a type: both players have drawing strategies).
    Draw,
}

impl WldOutcome {
    /// All three outcomes, in Louise's order of preference.
    pub const ALL: [WldOutcome; 3] = [
        WldOutcome::LouiseWins,
        WldOutcome::Draw,
        WldOutcome::RichardWins,
    ];

    /// The book's notation: `+-`, `-+` or `00`.
    pub fn symbol(self) -> &'static str {
        match self {
            WldOutcome::LouiseWins => "+-",
            WldOutcome::RichardWins => "-+",
            WldOutcome::Draw => "00",
        }
    }

    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Player> {
        match self {
            WldOutcome::LouiseWins => Some(Player::Louise),
            WldOutcome::RichardWins => Some(Player::Richard),
            WldOutcome::Draw => None,
        }
    }

    /// The outcome in which `player` wins.
    pub fn win_for(player: Player) -> WldOutcome {
        match player {
            Player::Louise => WldOutcome::LouiseWins,
            Player::Richard => WldOutcome::RichardWins,
        }
    }

    /// How much `player` likes this outcome: 2 for a win, 1 for a draw, 0 for a loss.
    pub fn score_for(self, player: Player) -> u8 {
        match self.winner() {
            None => 1,
            Some(p) if p == player => 2,
            Some(_) => 0,
        }
    }

    /// What the type means, in the words of Theorem 1.10.
    pub fn meaning(self) -> &'static str {
        match self {
            WldOutcome::LouiseWins => "Louise has a winning strategy",
            WldOutcome::RichardWins => "Richard has a winning strategy",
            WldOutcome::Draw => "both players have drawing strategies",
        }
    }
}

impl fmt::Display for WldOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

impl FromStr for WldOutcome {
    type Err = WldError;

    /// Exactly `+-`, `-+` or `00` (surrounding whitespace is ignored).
    fn from_str(text: &str) -> Result<WldOutcome, WldError> {
        match text.trim() {
            "+-" => Ok(WldOutcome::LouiseWins),
            "-+" => Ok(WldOutcome::RichardWins),
            "00" => Ok(WldOutcome::Draw),
            _ => Err(WldError::BadOutcome(text.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_print_and_parse_in_the_books_notation() {
        for o in WldOutcome::ALL {
            assert_eq!(o.to_string().parse::<WldOutcome>().unwrap(), o);
        }
        assert_eq!(WldOutcome::LouiseWins.to_string(), "+-");
        assert_eq!(WldOutcome::RichardWins.to_string(), "-+");
        assert_eq!(WldOutcome::Draw.to_string(), "00");
        assert_eq!(
            " -+ ".parse::<WldOutcome>().unwrap(),
            WldOutcome::RichardWins
        );
        for bad in ["", "+", "0", "+-+", "--", "0 0", "L"] {
            assert!(bad.parse::<WldOutcome>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn preferences_are_opposite_for_the_two_players() {
        for o in WldOutcome::ALL {
            assert_eq!(
                o.score_for(Player::Louise) + o.score_for(Player::Richard),
                2
            );
        }
        assert_eq!(
            WldOutcome::win_for(Player::Richard),
            WldOutcome::RichardWins
        );
        assert_eq!(WldOutcome::Draw.winner(), None);
    }

    #[test]
    fn players_parse_from_letters_and_names() {
        assert_eq!("L".parse::<Player>().unwrap(), Player::Louise);
        assert_eq!("richard".parse::<Player>().unwrap(), Player::Richard);
        assert_eq!("Left".parse::<Player>().unwrap(), Player::Louise);
        assert!("X".parse::<Player>().is_err());
        assert_eq!(Player::Louise.other(), Player::Richard);
    }
}
