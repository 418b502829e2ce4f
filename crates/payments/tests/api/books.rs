//! The books add up after a randomised run of recharges (some failing, some confirmed several
//! times at once), purchases in money and in points (some beyond the balance, some of items
//! already owned) and gifts, most of them racing each other: every balance equals the sum of
//! its ledger rows, and both equal what the operations that succeeded say should have moved.
//! The run is seeded: a failure prints its seed, and `XINQIAO_TEST_SEED=<seed>` repeats it.

use super::*;

use std::time::{SystemTime, UNIX_EPOCH};

use futures_util::future::join_all;
use payments::api::{self, Currency, Item, PaymentsError};

const MEMBERS: usize = 5;
const ROUNDS: usize = 10;

/// A small deterministic generator (xorshift), so one seed always makes the same run.
struct Dice(u64);

impl Dice {
    fn seeded() -> (u64, Self) {
        let seed = std::env::var("XINQIAO_TEST_SEED")
            .ok()
            .and_then(|seed| seed.parse().ok())
            .unwrap_or_else(|| {
                let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
                u64::try_from(now.as_nanos() % u128::from(u64::MAX)).unwrap()
            });
        (seed, Self(seed | 1))
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    fn between(&mut self, low: i64, high: i64) -> i64 {
        low + i64::try_from(self.below(u64::try_from(high - low + 1).unwrap())).unwrap()
    }
}

#[derive(Debug, Clone, Copy)]
enum Step {
    /// A sandbox recharge of `fen`, paid or failed, its confirmation sent `confirmations` times at once.
    Recharge {
        fen: i64,
        paid: bool,
        confirmations: usize,
    },
    /// A purchase; item ids come from a small range, so members often try to buy twice.
    Buy {
        item_id: i64,
        price: i64,
        currency: Currency,
    },
    /// Points given by the site, as an admin does.
    Gift { points: i64 },
}

impl Step {
    fn roll(dice: &mut Dice) -> Self {
        match dice.below(10) {
            0..=2 => Step::Recharge {
                // The recharge screen takes 0.1 yuan at least.
                fen: dice.between(10, 5_000),
                paid: dice.below(4) != 0,
                confirmations: usize::try_from(dice.between(1, 3)).unwrap(),
            },
            3..=5 => Step::Buy {
                item_id: dice.between(0, 7),
                price: dice.between(0, 3_000),
                currency: Currency::Cny,
            },
            6..=8 => Step::Buy {
                item_id: dice.between(0, 7),
                price: dice.between(1, 30),
                currency: Currency::Points,
            },
            _ => Step::Gift {
                points: dice.between(1, 40),
            },
        }
    }
}

/// What a step moved: (fen, points).
async fn take(app: &TestApp, member: &TestUser, step: Step) -> (i64, i64) {
    match step {
        Step::Recharge {
            fen,
            paid,
            confirmations,
        } => {
            let order = create_order(app, member, fen).await;
            let order_no = order["orderNo"].as_str().unwrap();
            let answers =
                join_all((0..confirmations).map(|_| sandbox_pay(app, order_no, paid))).await;
            // Each confirmation is answered as the first was: the order is settled once.
            for answer in &answers {
                assert_eq!(answer.status, 200, "{}", answer.json);
            }
            (if paid { fen } else { 0 }, 0)
        }
        Step::Buy {
            item_id,
            price,
            currency,
        } => {
            let kind = match currency {
                Currency::Cny => "exam",
                Currency::Points => "profile_unlock",
            };
            let item = Item {
                kind,
                id: item_id,
                price,
                currency,
                detail: "随机购买",
            };
            match api::charge(&app.state, member.id, item).await {
                Ok(_) if currency == Currency::Cny => (-price, 0),
                Ok(_) => (0, -price),
                Err(PaymentsError::AlreadyOwned | PaymentsError::InsufficientBalance { .. }) => {
                    (0, 0)
                }
                Err(other) => panic!("a purchase failed unexpectedly: {other:?}"),
            }
        }
        Step::Gift { points } => {
            api::gift(&app.state, member.id, Currency::Points, points, "活动赠送")
                .await
                .unwrap();
            (0, points)
        }
    }
}

platform::engine_tests! { spawn_app;

async fn a_randomised_run_of_racing_payments_leaves_every_balance_equal_to_its_ledger(app) {
    let (seed, mut dice) = Dice::seeded();
    eprintln!("seed {seed} (XINQIAO_TEST_SEED={seed} repeats this run)");
    let mut members = Vec::new();
    for index in 0..MEMBERS {
        members.push(signed_in_user(&app, &format!("member{index}"), Role::User).await);
    }
    // The welcome points are the starting line.
    let mut expected = Vec::new();
    for member in &members {
        expected.push(balances(&app, member).await);
    }

    for _ in 0..ROUNDS {
        // Every member's steps of a round run at once, against each other and against the
        // other members' steps.
        let steps: Vec<(usize, Step)> = (0..MEMBERS)
            .flat_map(|member| {
                let count = dice.between(1, 4);
                (0..count).map(|_| (member, Step::roll(&mut dice))).collect::<Vec<_>>()
            })
            .collect();
        let moved = join_all(steps.iter().map(|&(member, step)| take(&app, &members[member], step))).await;
        for (&(member, _), (fen, points)) in steps.iter().zip(moved) {
            expected[member].0 += fen;
            expected[member].1 += points;
        }

        for (member, &(fen, points)) in members.iter().zip(&expected) {
            assert!(fen >= 0 && points >= 0, "seed {seed}: a balance went below zero");
            assert_eq!(balances(&app, member).await, (fen, points), "seed {seed}: {}", member.username);
            for currency in [Currency::Cny, Currency::Points] {
                let (balance, ledger) = api::balance_and_ledger_sum(&app.state, member.id, currency).await.unwrap();
                assert_eq!(balance, ledger, "seed {seed}: {} {currency:?} balance against its ledger", member.username);
            }
        }
    }
}

}
