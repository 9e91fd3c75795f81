use crate::Seat;
use serde::Serialize;

/// Running totals of points or chips per seat, plus a pot for games that have one.
///
/// For chip games the ledger is zero-sum: `seats + pot` always sums to zero, because every
/// change is a transfer. Point games record plain credits and need not balance.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Ledger {
    seats: Vec<i64>,
    pot: i64,
    house: i64,
}

impl Ledger {
    pub fn new(players: usize) -> Ledger {
        Ledger {
            seats: vec![0; players],
            pot: 0,
            house: 0,
        }
    }

    /// Every total back to zero.
    pub fn reset(&mut self) {
        self.seats.fill(0);
        self.pot = 0;
        self.house = 0;
    }

    pub fn totals(&self) -> &[i64] {
        &self.seats
    }

    pub fn pot(&self) -> i64 {
        self.pot
    }

    /// Adds points to one seat (point games).
    pub fn credit(&mut self, seat: Seat, amount: i64) {
        self.seats[seat] += amount;
    }

    /// Moves chips from one seat to another.
    pub fn transfer(&mut self, from: Seat, to: Seat, amount: i64) {
        self.seats[from] -= amount;
        self.seats[to] += amount;
    }

    /// Moves chips from a seat into the pot (antes, forfeits).
    pub fn pay_pot(&mut self, from: Seat, amount: i64) {
        self.seats[from] -= amount;
        self.pot += amount;
    }

    /// Moves the whole pot to a seat.
    pub fn take_pot(&mut self, to: Seat) {
        self.seats[to] += self.pot;
        self.pot = 0;
    }

    /// Adds each seat's change.
    pub fn apply_deltas(&mut self, deltas: &[i64]) {
        for (t, d) in self.seats.iter_mut().zip(deltas) {
            *t += d;
        }
    }

    /// Records chips that left the table for the house (already taken from the seats).
    pub fn pay_house(&mut self, amount: i64) {
        self.house += amount;
    }

    /// Chips the house has taken.
    pub fn house(&self) -> i64 {
        self.house
    }

    /// Seats plus pot plus house; zero for a balanced (zero-sum) ledger.
    pub fn balance(&self) -> i64 {
        self.seats.iter().sum::<i64>() + self.pot + self.house
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transfers_keep_the_ledger_balanced() {
        let mut l = Ledger::new(3);
        l.pay_pot(0, 5);
        l.pay_pot(1, 5);
        l.transfer(2, 0, 3);
        assert_eq!(l.balance(), 0);
        l.take_pot(2);
        assert_eq!(l.totals(), &[-2, -5, 7]);
        assert_eq!(l.balance(), 0);
        l.credit(1, 4);
        assert_eq!(l.balance(), 4);
    }
}
