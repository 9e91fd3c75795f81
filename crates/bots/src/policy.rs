//! A soft policy: how likely a deterministic bot is to make each legal move (issue 28, item 1).
//!
//! The rule bots pick one action. For reading the other players' moves (how likely was *that*
//! play from *this* hand?) a bot must give every legal action a probability, none of them zero,
//! since people and other programs do not always play as our rule bot would. The soft policy of a
//! bot scores its own choice 1 and every other legal action 0, turns the scores into
//! probabilities with a softmax at `temperature` (`p(a) ∝ exp(score(a) / temperature)`), then
//! mixes in the uniform policy with weight `floor`, so that every legal action has probability at
//! least `floor / n` among `n` actions:
//!
//! `p(a) = (1 - floor) * exp(score(a) / T) / Σ exp(score(b) / T) + floor / n`.
//!
//! A low temperature trusts the bot's choice (at T = 0.25 and 13 legal cards the bot's card gets
//! 0.78 before the floor); a high one spreads the mass evenly; the floor keeps a move the bot
//! would never make possible. Defaults: [`SoftPolicy::DEFAULT`].

use cards::GameRng;
use engine::{Bot, Deal, Decision};

/// The temperature and floor of a soft policy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoftPolicy {
    /// Above 0; lower trusts the bot's own choice more.
    pub temperature: f64,
    /// The share of probability spread uniformly over the legal actions (0 to 1; at least a
    /// little, so that no action has probability zero).
    pub floor: f64,
}

impl SoftPolicy {
    /// Temperature 0.25, floor 0.05.
    pub const DEFAULT: SoftPolicy = SoftPolicy {
        temperature: 0.25,
        floor: 0.05,
    };

    /// The smallest floor accepted: every legal action keeps at least this share.
    pub const MIN_FLOOR: f64 = 1e-3;

    /// A policy with these settings; the temperature is kept above 0.01 and the floor within
    /// [`SoftPolicy::MIN_FLOOR`] and 1.
    pub fn new(temperature: f64, floor: f64) -> SoftPolicy {
        SoftPolicy {
            temperature: temperature.max(0.01),
            floor: floor.clamp(SoftPolicy::MIN_FLOOR, 1.0),
        }
    }

    /// The probability of each of `n` legal actions when the bot chooses action `chosen`.
    pub fn probabilities(&self, chosen: usize, n: usize) -> Vec<f64> {
        (0..n).map(|i| self.probability(i == chosen, n)).collect()
    }

    /// The probability of one of `n` legal actions: the bot's choice or another.
    pub fn probability(&self, is_choice: bool, n: usize) -> f64 {
        if n <= 1 {
            return 1.0;
        }
        // exp(1/T) for the choice against exp(0) = 1 for the rest, scaled by exp(-1/T) so that
        // low temperatures do not overflow.
        let other = (-1.0 / self.temperature).exp();
        let total = 1.0 + (n - 1) as f64 * other;
        let soft = if is_choice { 1.0 } else { other } / total;
        (1.0 - self.floor) * soft + self.floor / n as f64
    }

    /// How likely `bot`, playing for the seat to act in `world` from that seat's view, is to make
    /// `action`: the bot's own odds where it states them (`Bot::odds`, the temperature unused),
    /// else the soft policy's probability of its choice (a bot's choice consumes its own random
    /// stream, `rng`); the floor applies to both.
    pub fn likelihood<D: Deal>(
        &self,
        bot: &mut dyn Bot<D>,
        world: &D,
        legal: &[D::Action],
        totals: &[i64],
        action: D::Action,
        rng: &mut GameRng,
    ) -> f64 {
        if legal.len() <= 1 {
            return 1.0;
        }
        if !legal.contains(&action) {
            return 0.0;
        }
        let decision = Decision::new(world, legal, totals).expect("a seat to act");
        // A bot that states its odds (a fitted model) is read by them, with the floor mixed in.
        if let Some(p) = bot.odds(&decision, action) {
            return (1.0 - self.floor) * p + self.floor / legal.len() as f64;
        }
        let choice = bot.choose(&decision, rng);
        self.probability(choice == action, legal.len())
    }

    /// Samples an action from the soft policy of `bot`'s choice.
    pub fn sample<D: Deal>(&self, bot: &mut dyn Bot<D>, decision: &Decision<'_, D>, rng: &mut GameRng) -> D::Action {
        let legal = decision.legal;
        let choice = bot.choose(decision, rng);
        if legal.len() <= 1 {
            return choice;
        }
        // The choice with its probability, else one of the others uniformly (they share the rest
        // equally).
        if rng.chance(self.probability(true, legal.len())) {
            return choice;
        }
        let others: Vec<_> = legal.iter().copied().filter(|&a| a != choice).collect();
        others[rng.index(others.len())]
    }
}

impl Default for SoftPolicy {
    fn default() -> SoftPolicy {
        SoftPolicy::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_sum_to_one_and_respect_the_floor() {
        for &(t, floor) in &[(0.25, 0.05), (0.01, 0.001), (5.0, 0.5), (1.0, 1.0)] {
            let p = SoftPolicy::new(t, floor);
            for n in 1..40 {
                let probs = p.probabilities(n / 2, n);
                let sum: f64 = probs.iter().sum();
                assert!((sum - 1.0).abs() < 1e-12, "{t} {floor} {n}: {sum}");
                for (i, &q) in probs.iter().enumerate() {
                    assert!(q >= p.floor / n as f64 - 1e-15, "the floor holds");
                    if i != n / 2 {
                        assert!(q <= probs[n / 2], "the bot's choice is the likeliest");
                    }
                }
            }
        }
    }

    #[test]
    fn temperature_moves_mass_between_the_choice_and_the_rest() {
        // 13 legal cards at T = 0.25: exp(4) / (exp(4) + 12) = 0.8198 before the floor, then
        // 0.95 * 0.8198 + 0.05 / 13 = 0.7826.
        let p = SoftPolicy::DEFAULT.probability(true, 13);
        assert!((p - 0.7826).abs() < 1e-4, "{p}");
        let cold = SoftPolicy::new(0.05, 0.001).probability(true, 13);
        let hot = SoftPolicy::new(10.0, 0.001).probability(true, 13);
        assert!(cold > 0.99 && hot < 0.1, "{cold} {hot}");
        // A zero or negative temperature and floor are raised to their minimums.
        let p = SoftPolicy::new(0.0, 0.0);
        assert!(p.temperature > 0.0 && p.floor >= SoftPolicy::MIN_FLOOR);
        assert!(p.probability(false, 13) > 0.0);
    }
}
