//! Real-name verification: the member's identity-card submission and its review.
